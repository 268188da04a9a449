//! `errdex triage [FILE|-]`: the known errors in a log, one line per matched log event on
//! stdout (text or NDJSON) as the log streams by — a live log's last event once the input
//! pauses — or, at the end, the unknown error events (`--unknown`) or an incident report
//! (`--markdown`); a summary on stderr.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::sync::mpsc::RecvTimeoutError;

use serde_json::json;

use super::data::{DataArgs, load_data};
use super::output::{Failure, Outcome, emit, plural};
use errdex_core::dataset::Dataset;
use errdex_core::text::{self, one_line};
use errdex_core::triage::feed::{self, Feed};
use errdex_core::triage::{Incident, LineHits, MAX_SITES, Triage, Via};

/// What a hit of a scanned site says after its message: the code that printed the line is
/// known, a curated record with a fix is not.
const NO_CURATED_RECORD: &str = "\tno curated record";

/// Line numbers shown per record in the summary.
const SUMMARY_LINES: usize = 5;
/// Characters of a message shown in the summary.
const SUMMARY_MESSAGE: usize = 72;

/// What `errdex triage` prints on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// One line (or JSON object) per matched log event, as the log streams by.
    Hits { json: bool },
    /// At the end: the error events no record matched, grouped, and the errors found only
    /// in code (`--unknown`).
    Unknown { json: bool },
    /// At the end: the incident report (`--markdown`).
    Markdown,
}

/// Lines read before they are matched as one batch (on two threads).
const BATCH_LINES: usize = 16 * 1024;

pub fn triage(
    data: &DataArgs,
    file: Option<&str>,
    output: Output,
    limit: usize,
) -> Result<Outcome, Failure> {
    let input = open(file)?;
    let loaded = load_data(data)?;
    let ds = &loaded.dataset;
    let triage = Triage::new(ds);
    let mut scanner = triage.scanner(ds, limit).report_unknown(true);
    let mut incident = Incident::default();
    let mut read_error = None;
    let lines = feed::read_lines(input, BATCH_LINES);
    emit(|out| {
        let mut hits = Vec::new();
        // The event settled last: it may come again, updated, when its trace arrives.
        let mut settled: Option<LineHits> = None;
        let mut report = |out: &mut dyn Write, h: LineHits, settling: bool| -> io::Result<()> {
            if let Some(before) = settled.take_if(|s| s.line == h.line) {
                incident.retract(&before);
            }
            incident.add(&h);
            if let Output::Hits { json } = output {
                write_hits(out, ds, &triage, &h, json, &incident)?;
            }
            if settling {
                settled = Some(h);
            }
            Ok(())
        };
        loop {
            match lines.recv_timeout(feed::SETTLE) {
                Ok(Feed::Lines(batch)) => {
                    scanner.push_many(&batch, &mut hits);
                    for h in hits.drain(..) {
                        report(out, h, false)?;
                    }
                }
                Ok(Feed::Failed(e)) => {
                    read_error = Some(e);
                    break;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(h) = scanner.settle() {
                        report(out, h, true)?;
                    }
                    out.flush()?;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        if let Some(h) = scanner.finish() {
            report(out, h, false)?;
        }
        match output {
            Output::Hits { .. } => Ok(()),
            Output::Unknown { json } => super::unknown::write(out, ds, &incident, json),
            Output::Markdown => {
                let (lines, log) = (scanner.lines_read(), scanner.extent());
                writeln!(out, "{}", incident.markdown(ds, lines, &log))
            }
        }
    })?;
    if let Some(e) = read_error {
        return Err(Failure::new(format!(
            "cannot read {}: {e}",
            file.unwrap_or("stdin")
        )));
    }
    print_summary(ds, &incident, scanner.lines_read());
    let found = match output {
        Output::Unknown { .. } => incident.unknown_events() + incident.code_events(ds) > 0,
        _ => incident.known_events() > 0,
    };
    Ok((if found {
        Outcome::Found
    } else {
        Outcome::NotFound
    })
    .reading(loaded))
}

fn open(file: Option<&str>) -> Result<Box<dyn Read + Send>, Failure> {
    match file {
        None | Some("-") => {
            let stdin = io::stdin();
            if file.is_none() && stdin.is_terminal() {
                return Err(Failure::new(
                    "no log to read: give a FILE, or pipe a log in (`kubectl logs POD | errdex triage`)",
                ));
            }
            Ok(Box::new(stdin))
        }
        Some(path) => File::open(path)
            .map(|f| Box::new(f) as Box<dyn Read + Send>)
            .map_err(|e| Failure::new(format!("cannot read {path}: {e}"))),
    }
}

/// One line a match: `LINENO  ID  SCORE  MESSAGE`, or an NDJSON object, which also names the
/// match's group (`sites`, `sitesTotal`) and the chain the line holds, as `search --json` does
/// (one ranking: the scan's answer is the pasted line's).
fn write_hits(
    out: &mut dyn Write,
    ds: &Dataset,
    triage: &Triage,
    hits: &LineHits,
    as_json: bool,
    incident: &Incident,
) -> io::Result<()> {
    // The scan answered the event as a pasted line is answered: its chain came with it.
    let chain = &hits.chain;
    for m in &hits.matches {
        let e = ds.entries().at(m.record);
        let score = (f64::from(m.score) * 100.0).round() / 100.0;
        // A scanned site has no curated record behind it: the line was found in code.
        let in_code = ds.is_scanned(m.record);
        if as_json {
            let v = json!({
                "line": hits.line,
                "lastLine": hits.last_line,
                "text": hits.text,
                "id": e.id,
                "score": score,
                "via": if in_code { "code" } else { via_name(m.via) },
                "curated": !in_code,
                "message": e.message,
                "filePath": e.file_path,
                "lineNumber": e.line_number,
                // When it started and whether it still happens: the record's first and latest
                // event so far, with the time at the start of the log line (null without one).
                "firstSeen": incident.seen(m.record).map(|(first, _)| seen_json(first)),
                "lastSeen": incident.seen(m.record).map(|(_, last)| seen_json(last)),
            });
            let mut v = v;
            let group = triage.sites_of(m.record);
            v["sites"] = group
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| s != m.record)
                .take(MAX_SITES)
                .filter_map(|s| ds.entries().get(s))
                .map(|s| json!({"id": s.id, "filePath": s.file_path, "lineNumber": s.line_number}))
                .collect();
            v["sitesTotal"] = json!(group.len());
            if chain.len() > 1 {
                v["chain"] = chain
                    .iter()
                    .filter_map(|l| {
                        let id = ds.entries().get(l.record)?.id;
                        Some(json!({"id": id, "role": l.role.name(), "text": l.text}))
                    })
                    .collect();
            }
            writeln!(out, "{}", text::json_safe(&v.to_string()))?;
        } else {
            writeln!(
                out,
                "{}\t{}\t{score:.2}\t{}{}",
                hits.line,
                one_line(e.id),
                one_line(e.message),
                if in_code { NO_CURATED_RECORD } else { "" }
            )?;
        }
    }
    Ok(())
}

pub fn via_name(via: Via) -> &'static str {
    match via {
        Via::Contains => "contains",
        Via::Overlap => "overlap",
        Via::Location => "location",
    }
}

fn print_summary(ds: &Dataset, incident: &Incident, lines_read: usize) {
    let groups = incident.known();
    let mut err = crate::out::stderr();
    let unknown = incident.unknown_events();
    let unknown_note = match unknown {
        0 => "0 unknown error events".to_string(),
        n => format!(
            "{} (`errdex triage --unknown` lists them)",
            plural(n, "unknown error event")
        ),
    };
    if groups.is_empty() {
        let _ = writeln!(
            err,
            "errdex: no known errors in {}, {unknown_note}",
            plural(lines_read, "line")
        );
        return;
    }
    let in_code = groups.iter().filter(|g| ds.is_scanned(g.record)).count();
    let code_note = match in_code {
        0 => String::new(),
        n => format!(" ({n} only in code, no curated record: `--unknown` lists them)"),
    };
    let _ = writeln!(
        err,
        "errdex: {} on {}{code_note} in {}, {unknown_note}",
        plural(incident.known_events(), "hit"),
        plural(groups.len(), "known error"),
        plural(lines_read, "line")
    );
    for g in &groups {
        let e = ds.entries().at(g.record);
        let mut message = one_line(e.message);
        if message.chars().count() > SUMMARY_MESSAGE {
            message = message.chars().take(SUMMARY_MESSAGE - 1).collect();
            message.push('…');
        }
        let mut at: Vec<String> = g
            .lines
            .iter()
            .take(SUMMARY_LINES)
            .map(usize::to_string)
            .collect();
        if g.lines.len() > SUMMARY_LINES {
            at.push("…".to_string());
        }
        let _ = writeln!(
            err,
            "{:>7}  {}  {message}  (line {}){}",
            g.count,
            one_line(e.id),
            at.join(", "),
            if ds.is_scanned(g.record) {
                "  no curated record"
            } else {
                ""
            }
        );
    }
}

/// `{"line": 12, "time": "2024-01-15T10:23:45Z"}`; `time` is null when the line has none.
fn seen_json(seen: &errdex_core::triage::Seen) -> serde_json::Value {
    json!({"line": seen.line, "time": errdex_core::triage::timestamp(&seen.text)})
}
