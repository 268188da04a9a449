//! `pin`, `unpin`, `pins`: the pinned records, from the command line.

use serde_json::json;

use super::data::find;
use super::data::{DataArgs, load_data};
use super::output::{Failure, Outcome, emit};
use errdex_core::dataset::Dataset;
use errdex_core::state::{self, Pins, note};
use errdex_core::text;

fn open_pins() -> Result<Pins, Failure> {
    let dir = state::data_dir().map_err(Failure::new)?;
    let mut pins = Pins::open(&dir);
    report_warnings(&mut pins);
    Ok(pins)
}

/// A corrupt pins file set aside is worth a line on stderr, once.
fn report_warnings(pins: &mut Pins) {
    for w in pins.warnings.drain(..) {
        crate::say!("errdex: warning: {w}");
    }
}

pub fn pin(data: &DataArgs, id: &str) -> Result<Outcome, Failure> {
    let loaded = load_data(data)?;
    let Some(index) = find(&loaded.dataset, id) else {
        return Ok(Outcome::NotFound.reading(loaded));
    };
    let id = loaded.dataset.entries().at(index).id;
    let mut pins = open_pins()?;
    let added = pins.pin(id).map_err(Failure::new);
    report_warnings(&mut pins);
    let verb = if added? { "pinned" } else { "already pinned" };
    emit(|out| writeln!(out, "{verb} {}", text::sanitize(id)))?;
    Ok(Outcome::Found.reading(loaded))
}

/// Unpins by id or by a prefix only one pin has; the record need not be in any dataset.
pub fn unpin(id: &str) -> Result<Outcome, Failure> {
    let mut pins = open_pins()?;
    let exact = pins.contains(id).then(|| id.to_string());
    let target = exact.or_else(|| {
        let mut hits = pins.list().iter().filter(|p| p.id.starts_with(id));
        match (hits.next(), hits.next()) {
            (Some(only), None) if !id.is_empty() => Some(only.id.clone()),
            _ => None,
        }
    });
    let Some(target) = target else {
        crate::say!("errdex: `{}` is not pinned", text::sanitize(id));
        return Ok(Outcome::NotFound);
    };
    let removed = pins.unpin(&target).map_err(Failure::new);
    report_warnings(&mut pins);
    if !removed? {
        // Another errdex unpinned it between our read and our write.
        crate::say!("errdex: `{}` is not pinned", text::sanitize(&target));
        return Ok(Outcome::NotFound);
    }
    emit(|out| writeln!(out, "unpinned {}", text::sanitize(&target)))?;
    Ok(Outcome::Found)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinsFormat {
    Text,
    Json,
    Markdown,
}

pub fn list(data: &DataArgs, format: PinsFormat) -> Result<Outcome, Failure> {
    let pins = open_pins()?;
    if pins.list().is_empty() {
        crate::say!("errdex: nothing is pinned (`errdex pin ID`, or b in the browser)");
        return Ok(Outcome::NotFound);
    }
    let loaded = load_data(data)?;
    let ds = &loaded.dataset;
    let found = note::locate(ds, pins.list());
    let text = match format {
        PinsFormat::Text => text_list(ds, &found),
        PinsFormat::Json => json_lines(ds, &found),
        PinsFormat::Markdown => {
            note::pinned_note(ds, &found, &super::notes::all_notes()).map_err(Failure::new)?
        }
    };
    emit(|out| out.write_all(text.as_bytes()))?;
    Ok(Outcome::Found.reading(loaded))
}

/// `ID  REPO  PATH:LINE  MESSAGE`, tab-separated like `search`.
fn text_list(ds: &Dataset, found: &[(&state::Pin, Option<usize>)]) -> String {
    let mut out = String::new();
    for (pin, index) in found {
        let line = match index.map(|i| ds.entries().at(i)) {
            Some(e) => format!(
                "{}\t{}\t{}\t{}",
                e.id,
                e.repo.unwrap_or("-"),
                e.location().unwrap_or_else(|| "-".into()),
                e.message.lines().next().unwrap_or("")
            ),
            None => format!("{}\t-\t-\t(not in the loaded datasets)", pin.id),
        };
        out.push_str(&text::sanitize(&line));
        out.push('\n');
    }
    out
}

fn json_lines(ds: &Dataset, found: &[(&state::Pin, Option<usize>)]) -> String {
    let mut out = String::new();
    for (pin, index) in found {
        let mut v = json!({ "id": pin.id, "pinnedAt": pin.at, "found": index.is_some() });
        if let (Some(e), Some(obj)) = (index.map(|i| ds.entries().at(i)), v.as_object_mut()) {
            obj.insert("errorMessage".into(), json!(e.message));
            obj.insert("repo".into(), json!(e.repo));
            obj.insert("filePath".into(), json!(e.file_path));
            obj.insert("lineNumber".into(), json!(e.line_number));
            obj.insert("severity".into(), json!(e.severity));
            obj.insert("tags".into(), json!(e.tags));
        }
        out.push_str(&text::json_safe(&v.to_string()));
        out.push('\n');
    }
    out
}
