//! `errdex triage --unknown`: the error events no record matches, grouped by their normalised
//! message, then the errors found only in code — a scanned site matched them, but no curated
//! record (no fix) is written for it yet — each with the statement that printed it.

use std::io::{self, Write};

use serde_json::json;

use errdex_core::dataset::Dataset;
use errdex_core::text::{self, one_line};
use errdex_core::triage::{Incident, Seen, statement};

/// Text: `# COUNT<TAB>PATTERN` then `LINENO<TAB>TEXT` per event, a blank line between groups;
/// a group found only in code says `no curated record: ID` after its message and names the
/// statement on a line `@<TAB>FILE:LINE<TAB>STATEMENT`. JSON: one object per group; a group
/// found in code has `via: "code"` and the site's `id`, `filePath`, `lineNumber`,
/// `function` and `statement`.
pub fn write(out: &mut dyn Write, ds: &Dataset, incident: &Incident, json: bool) -> io::Result<()> {
    let mut first = true;
    let mut gap = |out: &mut dyn Write| -> io::Result<()> {
        if !std::mem::take(&mut first) && !json {
            writeln!(out)?;
        }
        Ok(())
    };
    for group in incident.unknown() {
        gap(out)?;
        if json {
            let v = json!({
                "count": group.events.len(),
                "pattern": group.pattern,
                "events": events_json(&group.events),
            });
            writeln!(out, "{}", text::json_safe(&v.to_string()))?;
            continue;
        }
        writeln!(
            out,
            "# {}\t{}",
            group.events.len(),
            one_line(&group.pattern)
        )?;
        write_events(out, &group.events)?;
    }
    for group in incident.only_in_code(ds) {
        gap(out)?;
        let e = ds.entries().at(group.record);
        let record = ds.record(group.record).ok();
        let statement = record.as_ref().and_then(statement);
        let function = record
            .as_ref()
            .and_then(|r| r.extra.get("function"))
            .and_then(|f| f.as_str())
            .map(str::to_string);
        if json {
            let v = json!({
                "count": group.count,
                "pattern": e.pattern.unwrap_or(e.message),
                "events": events_json(&group.events),
                "via": "code",
                "curated": false,
                "id": e.id,
                "message": e.message,
                "filePath": e.file_path,
                "lineNumber": e.line_number,
                "function": function,
                "statement": statement,
            });
            writeln!(out, "{}", text::json_safe(&v.to_string()))?;
            continue;
        }
        writeln!(
            out,
            "# {}\t{}\tno curated record: {}",
            group.count,
            one_line(e.message),
            one_line(e.id)
        )?;
        let location = e.location().unwrap_or_default();
        let statement = statement.unwrap_or_default();
        writeln!(out, "@\t{}\t{}", one_line(&location), one_line(&statement))?;
        write_events(out, &group.events)?;
        if group.count > group.events.len() {
            writeln!(out, "…\t{} more", group.count - group.events.len())?;
        }
    }
    Ok(())
}

fn write_events(out: &mut dyn Write, events: &[Seen]) -> io::Result<()> {
    for e in events {
        writeln!(out, "{}\t{}", e.line, one_line(&e.text))?;
    }
    Ok(())
}

fn events_json(events: &[Seen]) -> Vec<serde_json::Value> {
    events
        .iter()
        .map(|e| json!({"line": e.line, "lastLine": e.last_line, "text": e.text}))
        .collect()
}
