//! `errdex triage [FILE|-]`: the known errors in a log, one line per matched log event on
//! stdout (text or NDJSON) as the log streams by, and a summary per record on stderr.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};

use serde_json::json;

use super::data::{DataArgs, load_data};
use super::output::{Failure, Outcome, emit, plural};
use crate::dataset::Dataset;
use crate::text::{self, one_line};
use crate::triage::{Group, LineHits, Summary, Triage, Via};

/// Line numbers shown per record in the summary.
const SUMMARY_LINES: usize = 5;
/// Characters of a message shown in the summary.
const SUMMARY_MESSAGE: usize = 72;

pub fn triage(
    data: &DataArgs,
    file: Option<&str>,
    as_json: bool,
    limit: usize,
) -> Result<Outcome, Failure> {
    let input = open(file)?;
    let loaded = load_data(data)?;
    let ds = &loaded.dataset;
    let triage = Triage::new(ds);
    let mut scanner = triage.scanner(limit);
    let mut summary = Summary::default();
    let mut lines_read = 0usize;
    let mut read_error = None;
    emit(|out| {
        let mut reader = BufReader::with_capacity(256 * 1024, input);
        let mut buf = Vec::with_capacity(4096);
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            }
            lines_read += 1;
            let line = String::from_utf8_lossy(&buf);
            if let Some(hits) = scanner.push(&line) {
                write_hits(out, ds, &hits, as_json)?;
                summary.add(&hits);
            }
            // About to wait for more input (`kubectl logs -f | errdex triage`): show what we have.
            if reader.buffer().is_empty() {
                out.flush()?;
            }
        }
        if let Some(hits) = scanner.finish() {
            write_hits(out, ds, &hits, as_json)?;
            summary.add(&hits);
        }
        Ok(())
    })?;
    if let Some(e) = read_error {
        return Err(Failure::new(format!(
            "cannot read {}: {e}",
            file.unwrap_or("stdin")
        )));
    }
    if summary.is_empty() {
        eprintln!("errdex: no known errors in {}", plural(lines_read, "line"));
        return Ok(Outcome::NotFound);
    }
    print_summary(ds, summary.into_groups(), lines_read);
    Ok(Outcome::Found)
}

fn open(file: Option<&str>) -> Result<Box<dyn Read>, Failure> {
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
            .map(|f| Box::new(f) as Box<dyn Read>)
            .map_err(|e| Failure::new(format!("cannot read {path}: {e}"))),
    }
}

/// One line a match: `LINENO  ID  SCORE  MESSAGE`, or an NDJSON object.
fn write_hits(out: &mut dyn Write, ds: &Dataset, hits: &LineHits, as_json: bool) -> io::Result<()> {
    for m in &hits.matches {
        let e = &ds.entries()[m.record];
        let score = (f64::from(m.score) * 100.0).round() / 100.0;
        if as_json {
            let v = json!({
                "line": hits.line,
                "lastLine": hits.last_line,
                "text": hits.text,
                "id": e.id,
                "score": score,
                "via": via_name(m.via),
                "message": e.message,
                "filePath": e.file_path,
                "lineNumber": e.line_number,
            });
            writeln!(out, "{}", text::json_safe(&v.to_string()))?;
        } else {
            writeln!(
                out,
                "{}\t{}\t{score:.2}\t{}",
                hits.line,
                e.id,
                one_line(&e.message)
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

fn print_summary(ds: &Dataset, groups: Vec<Group>, lines_read: usize) {
    let events: usize = groups.iter().map(|g| g.count).sum();
    let mut err = io::stderr().lock();
    let _ = writeln!(
        err,
        "errdex: {} on {} in {}",
        plural(events, "hit"),
        plural(groups.len(), "known error"),
        plural(lines_read, "line")
    );
    for g in &groups {
        let e = &ds.entries()[g.record];
        let mut message = one_line(&e.message);
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
            "{:>7}  {}  {message}  (line {})",
            g.count,
            e.id,
            at.join(", ")
        );
    }
}
