//! Records read in place from the index cache answer exactly as the same records parsed: every
//! search mode, facets, id lookup, duplicates and replacements, alone and mixed with parsed
//! sources (a team file after a big dataset).

use std::path::Path;

use errdex_core::dataset::{Dataset, Lookup, PartView};
use errdex_core::load::cache::Cache;
use errdex_core::load::{Loaded, Options, SourceSpec, load_cached};
use errdex_core::search::{self, Context, Query};

/// A dataset big enough to be cached, with a small vocabulary, repeated ids, tags, paths,
/// severities and records without them.
fn write_big(path: &Path) {
    let words = [
        "connection",
        "refused",
        "timeout",
        "pool",
        "lock",
        "nil",
        "pointer",
    ];
    let mut text = String::new();
    for n in 0..900 {
        let msg = format!(
            "{} {} while {} #{n}",
            words[n % 7],
            words[(n / 7) % 7],
            words[(n / 49) % 7]
        );
        let id = if n % 97 == 5 {
            "dup".to_string()
        } else {
            format!("big{n:04}")
        };
        let path = if n % 3 == 0 {
            "null".to_string()
        } else {
            format!("\"src/net/m{}.rs\"", n % 13)
        };
        let sev = ["\"error\"", "\"warning\"", "null"][n % 3];
        text.push_str(&format!(
            "{{\"id\":\"{id}\",\"errorMessage\":\"{msg}\",\"repo\":\"acme/r{}\",\"filePath\":{path},\"lineNumber\":{n},\"severity\":{sev},\"tags\":[\"t{}\",\"net\"]}}\n",
            n % 4,
            n % 6
        ));
    }
    std::fs::write(path, text).expect("write dataset");
}

fn write_team(path: &Path) {
    let text = concat!(
        "{\"id\":\"team1\",\"errorMessage\":\"pool exhausted: connection refused\",\"tags\":[\"net\",\"team\"]}\n",
        "{\"id\":\"big0007\",\"errorMessage\":\"lock timeout, our words\",\"replaces\":true}\n",
        "{\"id\":\"big0010\",\"errorMessage\":\"a second record with that id\"}\n",
    );
    std::fs::write(path, text).expect("write team file");
}

fn load(specs: &[SourceSpec], cache: Option<&Cache>) -> Loaded {
    load_cached(specs, Options::default(), cache, &|_| {})
}

fn mapped_parts(ds: &Dataset) -> usize {
    let parts = ds.entries().parts();
    parts
        .iter()
        .filter(|(_, p)| matches!(p, PartView::Mapped { .. }))
        .count()
}

fn same_answers(parsed: &Loaded, mapped: &Loaded) {
    let (a, b) = (&parsed.dataset, &mapped.dataset);
    assert_eq!(a.entries(), b.entries());
    let (x, y) = (&parsed.diagnostics, &mapped.diagnostics);
    let differ = x.iter().zip(y).position(|(x, y)| x != y);
    assert!(
        x.len() == y.len() && differ.is_none(),
        "{} vs {} diagnostics, first difference at {differ:?}: {:?} vs {:?}",
        x.len(),
        y.len(),
        differ.map(|k| &x[k]),
        differ.map(|k| &y[k])
    );
    let ctx = Context::default();
    for q in [
        "",
        "connection refused",
        "timeout",
        "src/net/m1",
        "nil pointr",
        "tag:t3 !lock",
        "sev:warning repo:r2",
        "'pool ^lock",
        "m7.rs$",
        "id:big00",
        "\"refused while\"",
        "lock | nil",
    ] {
        let query = Query::parse(q);
        assert_eq!(
            search::search(a, &query, &ctx, 50),
            search::search(b, &query, &ctx, 50),
            "{q}"
        );
        assert_eq!(
            search::facets(a, &query, &ctx),
            search::facets(b, &query, &ctx),
            "{q}"
        );
    }
    for line in [
        "2024-01-15T10:00:01Z ERROR [web-3] pool refused while lock #12 (src/net/m12.rs:12)",
        "Error: timeout timeout while nil #400 at 10.0.0.5:5432",
    ] {
        let (x, y) = (
            search::find(a, line, &ctx, 20),
            search::find(b, line, &ctx, 20),
        );
        assert_eq!(format!("{x:?}"), format!("{y:?}"), "{line}");
    }
    assert_eq!(search::facets_of_all(a), search::facets_of_all(b));
    for id in [
        "big0042", "big004", "big", "dup", "team1", "nope", "big0007",
    ] {
        assert_eq!(a.lookup(id), b.lookup(id), "{id}");
    }
    assert_eq!(a.duplicate_ids(), b.duplicate_ids());
    let order = b.entries().id_order();
    assert_eq!(order, a.entries().id_order());
    assert_eq!(order.len(), b.len());
    let ids: Vec<(&str, u32)> = order
        .iter()
        .map(|&i| (b.entries().id(i as usize), i))
        .collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "id order, ties by index"
    );
}

#[test]
fn a_mapped_dataset_answers_as_the_parsed_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let big = dir.path().join("big.jsonl");
    write_big(&big);
    let cache = Cache::new(dir.path().join("cache"));
    let specs = [SourceSpec::Path(big)];
    let parsed = load(&specs, None);
    assert_eq!(mapped_parts(&parsed.dataset), 0, "no cache: parsed");
    let built = load(&specs, Some(&cache));
    assert_eq!(
        mapped_parts(&built.dataset),
        1,
        "the load that writes the cache reads the index in place from it"
    );
    same_answers(&parsed, &built);
    assert_eq!(built.diagnostics, parsed.diagnostics);
    let mapped = load(&specs, Some(&cache));
    assert_eq!(
        mapped_parts(&mapped.dataset),
        1,
        "the next reads it in place too"
    );
    same_answers(&parsed, &mapped);
    assert!(
        mapped
            .diagnostics
            .iter()
            .any(|d| d.message.contains("duplicate id `dup`")),
        "{:?}",
        mapped.diagnostics
    );
    assert_eq!(mapped.dataset.lookup("big0042"), Lookup::Found(42));
}

#[test]
fn mapped_and_parsed_sources_mix() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (big, team) = (dir.path().join("big.jsonl"), dir.path().join("team.jsonl"));
    write_big(&big);
    write_team(&team);
    let cache = Cache::new(dir.path().join("cache"));
    let specs = [
        SourceSpec::Path(big.clone()),
        SourceSpec::Path(team),
        SourceSpec::Path(big),
    ];
    let parsed = load(&specs, None);
    load(&specs, Some(&cache));
    let mapped = load(&specs, Some(&cache));
    // The second copy of the big file repeats every id, and team's `replaces` takes one
    // record of the first copy out of search: that copy stays mapped, as the rows before and
    // after it, beside the second copy.
    assert_eq!(mapped_parts(&mapped.dataset), 3);
    same_answers(&parsed, &mapped);
    let replaced = mapped.dataset.replaced("big0007");
    assert_eq!(replaced.len(), 1, "the earlier big0007 is replaced");
    assert!(
        mapped
            .diagnostics
            .iter()
            .any(|d| d.message.contains("duplicate id `big0010`")),
        "{:?}",
        mapped.diagnostics
    );
    let owned = mapped.dataset.entries().parts();
    assert!(
        owned.iter().any(|(_, p)| matches!(p, PartView::Owned(_))),
        "the team file is parsed"
    );
}
