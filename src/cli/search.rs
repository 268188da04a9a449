//! `errdex search`: ranked hits as tab-separated lines or NDJSON, optionally explained.

use std::io::Write;

use serde_json::{Map, Value, json};

use super::data::{DataArgs, load_data};
use super::output::{Failure, Outcome, emit};
use errdex_core::dataset::{Entries, EntryRef};
use errdex_core::search::{self, Context, LineDetail, Positions, Query, Ranked, Term, TermHit};
use errdex_core::text::{self, one_line};
use errdex_core::triage::Role;

pub struct Options {
    /// None: every hit (`--all`).
    pub limit: Option<usize>,
    pub json: bool,
    pub explain: bool,
}

pub fn search(data: &DataArgs, text: &str, opts: &Options) -> Result<Outcome, Failure> {
    let loaded = load_data(data)?;
    let ds = &loaded.dataset;
    let ctx = context();
    let limit = opts.limit.unwrap_or(ds.len()).max(1);
    // The count on stderr may be a floor: at a million records finding every match costs more
    // than ranking the top (`--all` counts them all).
    let found = search::find_top(ds, text, &ctx, limit);
    if !found.warnings.is_empty() {
        crate::say!("errdex: query: {}", found.warnings.join("; "));
    }
    // Explanations follow the query language (a line match has none); a line match marks the
    // words it shares with the line.
    let query = Query::parse(search::capped(text).0);
    let line_words = search::LineWords::new(search::capped(text).0);
    let entries = ds.entries();
    emit(|out| {
        for r in &found.hits {
            let e = entries.at(r.hit.index as usize);
            let fuzzy = r.mark.via == search::Via::Fuzzy;
            let explained = if opts.explain && fuzzy {
                search::explain(e, &query, &ctx)
            } else {
                Vec::new()
            };
            let cut = if opts.explain {
                search::cut_fields(e, &query)
            } else {
                Vec::new()
            };
            if opts.json {
                let positions = if fuzzy {
                    search::positions(e, &query)
                } else {
                    line_words.positions(e)
                };
                let mut v = hit_json(e, r, &positions, &explained);
                if let Some(d) = found.details.get(&r.hit.index) {
                    add_detail(&mut v, entries, d);
                }
                if !cut.is_empty() {
                    v["cut"] = cut
                        .iter()
                        .map(|(f, len)| {
                            json!({"field": f.name(), "bytes": len, "searched": search::FIELD_PREFIX})
                        })
                        .collect();
                }
                writeln!(out, "{}", text::json_safe(&v.to_string()))?;
            } else {
                write_line(out, entries, e, r, found.details.get(&r.hit.index))?;
                if opts.explain && !fuzzy {
                    writeln!(
                        out,
                        "  matched as a log line (score {} of 1000)",
                        r.hit.score
                    )?;
                }
                for (term, th) in &explained {
                    writeln!(out, "  {}", one_line(&explain_text(term, th.as_ref())))?;
                }
                for (field, len) in &cut {
                    let (name, limit) = (field.name(), search::FIELD_PREFIX);
                    writeln!(
                        out,
                        "  {name}: {len} bytes; only the first {limit} are searched"
                    )?;
                }
            }
        }
        Ok(())
    })?;
    if found.matched > found.hits.len() && opts.limit.is_some() {
        crate::say!(
            "errdex: {} of {}{} shown; --limit N or --all for more",
            found.hits.len(),
            found.matched,
            if found.at_least { "+" } else { "" }
        );
    }
    Ok((if found.confident() {
        Outcome::Found
    } else {
        Outcome::NotFound
    })
    .reading(loaded))
}

/// The config's ranking weights, and the pins, recently viewed records and the last sync's
/// and scan's news of the data folder for `is:pinned`, `is:recent` and `is:new` (empty when
/// there is no data folder).
fn context() -> Context {
    let config = errdex_core::config::load().config;
    let weights = config.ranking.weights();
    let (pinned, recent, new) = match errdex_core::state::data_dir() {
        Ok(dir) => (
            errdex_core::state::Pins::open(&dir).ids(),
            errdex_core::state::Recent::viewed(&dir)
                .items()
                .iter()
                .map(|i| i.text.clone())
                .collect(),
            {
                let mut new = errdex_core::sync::news(&dir, &config.remotes).ids;
                new.extend(errdex_core::scan::output::news(&dir));
                new
            },
        ),
        Err(_) => Default::default(),
    };
    let notes = errdex_core::state::team_notes::search_text(&super::notes::all_notes());
    Context {
        pinned,
        recent,
        notes,
        new,
        weights,
    }
}

/// A weak hit's score is written `~N`: shown, not to be trusted. A pasted line's row adds how
/// many more sites write its message, `(+N sites)`, and the outermost link of its chain.
fn write_line(
    out: &mut dyn Write,
    entries: Entries<'_>,
    e: EntryRef<'_>,
    r: &Ranked,
    detail: Option<&LineDetail>,
) -> std::io::Result<()> {
    let more = detail.map_or(0, |d| d.sites_total.saturating_sub(1));
    let sites = if more > 0 {
        format!(" (+{more} sites)")
    } else {
        String::new()
    };
    let outer = detail
        .and_then(|d| d.chain.first().filter(|_| d.chain.len() > 1))
        .and_then(|l| Some((l.role, entries.get(l.record)?.id)))
        .map(|(role, id)| match role {
            Role::Logged => format!("\t← logged by {}", one_line(id)),
            _ => format!("\t← in {}", one_line(id)),
        })
        .unwrap_or_default();
    writeln!(
        out,
        "{}\t{}{}\t{}\t{}\t{}{sites}{outer}",
        one_line(e.id),
        if r.mark.weak { "~" } else { "" },
        r.hit.score.max(0),
        one_line(e.repo.unwrap_or("")),
        one_line(&e.location().unwrap_or_default()),
        one_line(e.message)
    )
}

/// `sites`, `sitesTotal` and `chain` of a pasted line's row.
fn add_detail(v: &mut Value, entries: Entries<'_>, d: &LineDetail) {
    let sites: Vec<Value> = d
        .sites
        .iter()
        .filter_map(|&s| entries.get(s as usize))
        .map(|s| json!({"id": s.id, "filePath": s.file_path, "lineNumber": s.line_number}))
        .collect();
    v["sites"] = Value::Array(sites);
    v["sitesTotal"] = json!(d.sites_total);
    if d.chain.len() > 1 {
        let chain: Vec<Value> = d
            .chain
            .iter()
            .filter_map(|l| {
                let id = entries.get(l.record)?.id;
                Some(json!({"id": id, "role": l.role.name(), "text": l.text}))
            })
            .collect();
        v["chain"] = Value::Array(chain);
    }
}

/// How a term is written back for `--explain`.
fn describe(t: &Term) -> String {
    use errdex_core::search::{Kind, Scope};
    let scope = match t.scope {
        Scope::Any => String::new(),
        Scope::Pinned | Scope::Recent | Scope::New => {
            return format!("{}is:{}", if t.negated { "!" } else { "" }, t.text);
        }
        s => format!("{}:", s.name()),
    };
    // Tags and ids match by prefix unless told otherwise: written back as typed.
    let prefix_scope = matches!(t.scope, Scope::Tags | Scope::Id);
    let (pre, post) = match t.kind {
        Kind::Prefix if prefix_scope => ("", ""),
        Kind::Fuzzy if prefix_scope => ("~", ""),
        Kind::Fuzzy => ("", ""),
        Kind::Exact => ("'", ""),
        Kind::Prefix => ("^", ""),
        Kind::Suffix => ("", "$"),
        Kind::Equal => ("^", "$"),
    };
    let neg = if t.negated { "!" } else { "" };
    format!("{neg}{scope}{pre}{}{post}", t.text)
}

fn explain_text(t: &Term, hit: Option<&TermHit>) -> String {
    let term = describe(t);
    match hit {
        None => format!("{term}: no match"),
        Some(_) if t.negated => format!("{term}: holds (absent)"),
        Some(_) if t.scope.is_flag() => format!("{term}: holds"),
        Some(h) => format!("{term}: {} score {}", h.field.name(), h.score),
    }
}

fn hit_json(
    e: EntryRef<'_>,
    r: &Ranked,
    p: &Positions,
    explained: &[(Term, Option<TermHit>)],
) -> Value {
    let mut matches = Map::new();
    for (name, v) in [
        ("errorMessage", &p.message),
        ("filePath", &p.file_path),
        ("repo", &p.repo),
    ] {
        if !v.is_empty() {
            matches.insert(name.into(), json!(v));
        }
    }
    if !p.tags.is_empty() {
        let tags: Map<String, Value> = p
            .tags
            .iter()
            .map(|(i, v)| (i.to_string(), json!(v)))
            .collect();
        matches.insert("tags".into(), Value::Object(tags));
    }
    let mut v = json!({
        "id": e.id,
        "score": r.hit.score.max(0),
        "weak": r.mark.weak,
        "via": r.mark.via.name(),
        "repo": e.repo,
        "filePath": e.file_path,
        "lineNumber": e.line_number,
        "errorMessage": e.message,
        "severity": e.severity,
        "errorType": e.error_type,
        "tags": e.tags,
        "matches": matches,
    });
    if !explained.is_empty() {
        let terms: Vec<Value> = explained
            .iter()
            .map(|(t, h)| {
                json!({
                    "term": describe(t),
                    "holds": h.is_some(),
                    "field": h.filter(|_| !t.negated && !t.scope.is_flag())
                        .map(|h| h.field.name()),
                    "score": h.map(|h| h.score),
                })
            })
            .collect();
        v["explain"] = Value::Array(terms);
    }
    v
}
