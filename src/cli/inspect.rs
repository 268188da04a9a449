//! `show`, `stats` and `validate`.

use serde_json::{Map, Value, json};

use super::ShowFormat;
use super::data::{DataArgs, find, load_data, load_with_progress};
use super::output::{Failure, Outcome, emit, plural};
use errdex_core::dataset::CodeSite;
use errdex_core::export;
use errdex_core::load::{Depth, Options, SourceSpec};
use errdex_core::record::Record;
use errdex_core::text;

pub fn show(data: &DataArgs, id: &str, format: ShowFormat) -> Result<Outcome, Failure> {
    let loaded = load_data(data)?;
    let ds = &loaded.dataset;
    let Some(index) = find(ds, id) else {
        return Ok(Outcome::NotFound.reading(loaded));
    };
    let id = ds.entries().at(index).id;
    let notes = super::notes::notes_for(id);
    let replaced = ds.replaced(id);
    let conflicts = ds.conflicts(id);
    let code_site = ds.code_site(id);
    // A record from a synced remote says which remote and version, as the Overview does.
    let origin = errdex_core::state::data_dir()
        .ok()
        .and_then(|dir| errdex_core::sync::origin(&dir, ds.source_name(index)));
    let text = match format {
        ShowFormat::Json => {
            let mut doc = ds.document(index)?;
            if let Value::Object(obj) = &mut doc {
                if !notes.is_empty() {
                    obj.insert("notes".into(), json!(notes));
                }
                if let Some(o) = &origin {
                    obj.insert(
                        "remote".into(),
                        json!({"name": o.remote, "version": o.version.version, "synced": o.version.synced_at}),
                    );
                }
                if !replaced.is_empty() {
                    let old: Vec<Value> = replaced
                        .iter()
                        .map(|r| json!({"at": r.at, "document": r.document}))
                        .collect();
                    obj.insert("replacedRecords".into(), Value::Array(old));
                }
                if !conflicts.is_empty() {
                    let hidden: Vec<Value> = conflicts
                        .iter()
                        .map(|c| json!({"at": c.hidden_at, "source": c.hidden.describe(), "note": c.to_string()}))
                        .collect();
                    obj.insert("hiddenRecords".into(), Value::Array(hidden));
                }
                if let Some(site) = &code_site {
                    let record = ds.record(index).ok();
                    obj.insert("codeSite".into(), code_site_json(site, record.as_ref()));
                }
            }
            let s = serde_json::to_string_pretty(&doc).map_err(|e| Failure::new(e.to_string()))?;
            let mut s = text::json_safe(&s).into_owned();
            s.push('\n');
            s
        }
        ShowFormat::Text => {
            let mut record = ds.record(index)?;
            record.notes = notes;
            let mut s = export::to_text(&record);
            if let Some(o) = &origin {
                s.push_str(&format!("\nRemote:   {}\n", o.describe()));
            }
            for c in &conflicts {
                s.push_str(&format!("\nConflict: {c}\n"));
            }
            if let Some(site) = &code_site {
                s.push_str(&code_site_text(site, &record));
            }
            for r in &replaced {
                s.push_str(&format!(
                    "\nReplaces the record at {} (hidden from search):\n",
                    r.at
                ));
                match &r.record {
                    Ok(old) => {
                        for line in export::to_text(old).lines() {
                            s.push_str(&format!("  | {line}\n"));
                        }
                    }
                    Err(why) => s.push_str(&format!("  (cannot be read: {why})\n")),
                }
            }
            text::sanitize(&s).into_owned()
        }
        ShowFormat::Markdown => {
            let mut record = ds.record(index)?;
            record.notes = notes;
            let mut s = export::to_markdown(&record);
            if let Some(o) = &origin {
                let remote = errdex_core::markdown::inline(&o.describe());
                s.push_str(&format!("\n\n*Remote: {remote}*"));
            }
            for c in &conflicts {
                let c = errdex_core::markdown::inline(&c.to_string());
                s.push_str(&format!("\n\n> **Conflict:** {c}"));
            }
            if let Some(site) = &code_site {
                let now = code_site_text(site, &record);
                let place = now.trim().lines().next().unwrap_or_default();
                s.push_str(&format!("\n\n> {}", errdex_core::markdown::inline(place)));
            }
            for r in &replaced {
                s.push_str(&format!(
                    "\n\n> Replaces the record at {}: {}",
                    errdex_core::markdown::code(&r.at),
                    errdex_core::markdown::inline(
                        r.record
                            .as_ref()
                            .map_or("(cannot be read)", |old| old.error_message.as_str())
                    )
                ));
            }
            let mut s = text::sanitize(&s).into_owned();
            s.push('\n');
            s
        }
    };
    emit(|out| out.write_all(text.as_bytes()))?;
    Ok(Outcome::Found.reading(loaded))
}

/// Where the record's statement is in the scanned code now: `FILE:LINE`, and the site's
/// snippet when the line is not the record's (the code moved since it was written).
fn code_site_text(site: &CodeSite, record: &Record) -> String {
    let heading = site.describe(record);
    let (Ok(now), Some(_)) = (&site.record, site.moved(record)) else {
        return format!("\n{heading}\n");
    };
    let mut s = format!("\n{heading}\n");
    let first = now.source_code_start.unwrap_or(1);
    for (k, line) in now.source_code.as_deref().unwrap_or("").lines().enumerate() {
        let n = first + k as i64;
        let mark = if Some(n) == now.line_number { '>' } else { ' ' };
        s.push_str(&format!("  {mark}{n:>5} | {line}\n"));
    }
    s
}

fn code_site_json(site: &CodeSite, record: Option<&Record>) -> Value {
    let moved = record.and_then(|r| site.moved(r)).is_some();
    match &site.record {
        Ok(now) => json!({
            "at": site.at,
            "id": now.id,
            "filePath": now.file_path,
            "lineNumber": now.line_number,
            "moved": moved,
            "sourceCode": now.source_code,
            "sourceCodeStart": now.source_code_start,
            "sourceCodeEnd": now.source_code_end,
            "analyzedSha": now.analyzed_sha,
        }),
        Err(why) => json!({"at": site.at, "error": why.to_string()}),
    }
}

fn facet_json(facet: &[(String, usize)]) -> Value {
    let map: Map<String, Value> = facet.iter().map(|(k, n)| (k.clone(), json!(n))).collect();
    Value::Object(map)
}

pub fn stats(data: &DataArgs, as_json: bool) -> Result<Outcome, Failure> {
    let loaded = load_data(data)?;
    let ds = &loaded.dataset;
    // The search index counts from interned ids, in place for a mapped dataset.
    let facets = errdex_core::search::facets_of_all(ds);
    let outcome = if ds.is_empty() {
        Outcome::NotFound
    } else {
        Outcome::Found
    };
    if as_json {
        let v = json!({
            "records": ds.len(),
            "sources": ds.source_count(),
            "skipped": loaded.skipped,
            "warnings": loaded.warnings(),
            "by_repo": facet_json(&facets.by_repo),
            "by_severity": facet_json(&facets.by_severity),
            "by_tag": facet_json(&facets.by_tag),
            "by_error_type": facet_json(&facets.by_error_type),
        });
        emit(|out| writeln!(out, "{}", text::json_safe(&v.to_string())))?;
        return Ok(outcome.reading(loaded));
    }
    emit(|out| {
        writeln!(
            out,
            "{} from {} ({} skipped, {})",
            plural(ds.len(), "record"),
            plural(ds.source_count(), "source"),
            loaded.skipped,
            plural(loaded.warnings(), "warning")
        )?;
        for (title, facet) in [
            ("severity", &facets.by_severity),
            ("error type", &facets.by_error_type),
            ("repo", &facets.by_repo),
            ("tag", &facets.by_tag),
        ] {
            writeln!(out, "\nby {title} ({} values)", facet.len())?;
            for (name, n) in facet.iter().take(15) {
                writeln!(out, "  {n:>7}  {}", text::sanitize(name))?;
            }
            if facet.len() > 15 {
                writeln!(out, "  {:>7}  … {} more", "", facet.len() - 15)?;
            }
        }
        Ok(())
    })?;
    Ok(outcome.reading(loaded))
}

pub fn validate(paths: &[String]) -> Result<Outcome, Failure> {
    let specs: Vec<SourceSpec> = paths.iter().map(|p| SourceSpec::parse(p)).collect();
    let options = Options {
        depth: Depth::Full,
        ..Options::default()
    };
    let loaded = load_with_progress(&specs, options);
    let (errors, warnings) = (loaded.errors(), loaded.warnings());
    emit(|out| {
        for d in &loaded.diagnostics {
            writeln!(out, "{}", text::sanitize(&d.to_string()))?;
        }
        writeln!(
            out,
            "{}, {}, {}",
            plural(loaded.dataset.len(), "record"),
            plural(errors, "error"),
            plural(warnings, "warning")
        )
    })?;
    if loaded.unreadable > 0 {
        return Err(Failure::new(format!(
            "{} of the sources could not be read",
            loaded.unreadable
        )));
    }
    Ok(if errors > 0 {
        Outcome::NotFound
    } else {
        Outcome::Found
    })
}
