//! Walks the TOML document with its spans, so each mistake can be pinned to a line and
//! column and cost only the key it is in.

use std::path::Path;

use toml::de::{DeTable, DeValue};

use super::datasets::resolve_entry;
use super::keys::{check_action, normalize_key};
use super::problems::{Problems, Value, describe, number};
use super::{Choice, Config, KeyOverride, Problem, TOP_KEYS};

pub(super) fn parse(text: &str, name: &str, base: &Path) -> (Config, Vec<Problem>) {
    let mut p = Problems {
        text,
        name,
        list: Vec::new(),
    };
    let (cleaned, errors) = without_bad_lines(text);
    for (at, message) in errors {
        p.add(at, format!("{message}; this line is ignored"));
    }
    let (table, _) = DeTable::parse_recoverable(&cleaned);
    let mut config = Config::default();
    for (key, value) in table.get_ref() {
        match key.get_ref().as_ref() {
            "datasets" => {
                if let Some(paths) = p.datasets(value, base) {
                    config.datasets = paths;
                }
            }
            "write_to" => {
                if let Some(path) = p.write_to(value, base) {
                    config.write_to = Some(path);
                }
            }
            "remotes" => config.remotes = super::remotes::parse(&mut p, value),
            "theme" => p.choice("theme", value, &mut config.theme),
            "clipboard" => p.choice("clipboard", value, &mut config.clipboard),
            "clipboard_command" => {
                if let Some(command) = p.command(value) {
                    config.clipboard_command = command;
                }
            }
            "keys" => config.keys = p.keys(value),
            "ranking" => p.ranking(value, &mut config),
            "layout" => p.layout(value, &mut config),
            "repos" => config.checkouts.repos = p.repos(value, base),
            "repo_roots" => config.checkouts.roots = p.repo_roots(value, base),
            "scan" => p.scan(value, &mut config),
            other => p.add(
                key.span().start,
                format!("unknown key `{other}` ignored (known keys: {TOP_KEYS})"),
            ),
        }
    }
    let mut problems = p.list;
    problems.sort_by_key(|p| (p.line, p.column));
    (config, problems)
}

impl Problems<'_> {
    fn choice<T: Choice>(&mut self, key: &str, value: &Value, slot: &mut T) {
        if let Some(v) = value.get_ref().as_str().and_then(T::from_name) {
            *slot = v;
        } else {
            let names = T::names();
            self.add(
                value.span().start,
                format!(
                    "`{key}` must be one of {}, not {}; using the default `{}`",
                    names.join(", "),
                    describe(value.get_ref()),
                    slot.name()
                ),
            );
        }
    }

    /// A string or an array of strings; a bad element is skipped, the others kept.
    pub(super) fn strings(&mut self, key: &str, value: &Value) -> Option<Vec<(String, usize)>> {
        match value.get_ref() {
            DeValue::String(s) => Some(vec![(s.to_string(), value.span().start)]),
            DeValue::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match item.get_ref().as_str() {
                        Some(s) => out.push((s.to_string(), item.span().start)),
                        None => self.add(
                            item.span().start,
                            format!(
                                "`{key}` holds strings, not {}; this one is ignored",
                                describe(item.get_ref())
                            ),
                        ),
                    }
                }
                Some(out)
            }
            other => {
                self.add(
                    value.span().start,
                    format!(
                        "`{key}` must be a string or a list of strings, not {}; using the default",
                        describe(other)
                    ),
                );
                None
            }
        }
    }

    fn datasets(&mut self, value: &Value, base: &Path) -> Option<Vec<std::path::PathBuf>> {
        let entries = self.strings("datasets", value)?;
        let mut out = Vec::with_capacity(entries.len());
        for (entry, at) in entries {
            match resolve_entry(&entry, base) {
                Ok(path) => out.push(path),
                Err(why) => self.add(at, format!("dataset `{entry}` ignored: {why}")),
            }
        }
        Some(out)
    }

    /// `write_to`: one file path, resolved like a dataset entry (no patterns).
    fn write_to(&mut self, value: &Value, base: &Path) -> Option<std::path::PathBuf> {
        let at = value.span().start;
        let Some(entry) = value.get_ref().as_str() else {
            let what = describe(value.get_ref());
            self.add(
                at,
                format!("`write_to` must be a file path (a string), not {what}; using the default"),
            );
            return None;
        };
        resolve_entry(entry, base)
            .map_err(|why| self.add(at, format!("`write_to` ignored: {why}; using the default")))
            .ok()
    }

    fn command(&mut self, value: &Value) -> Option<Option<String>> {
        let Some(text) = value.get_ref().as_str() else {
            self.add(
                value.span().start,
                format!(
                    "`clipboard_command` must be a shell command (a string), not {}; using the default (none)",
                    describe(value.get_ref())
                ),
            );
            return None;
        };
        // An empty string is the documented "no command".
        Some(Some(text.trim().to_string()).filter(|t| !t.is_empty()))
    }

    pub(super) fn table<'v, 'i>(
        &mut self,
        key: &str,
        value: &'v Value<'i>,
    ) -> Option<&'v DeTable<'i>> {
        let table = value.get_ref().as_table();
        if table.is_none() {
            self.add(
                value.span().start,
                format!(
                    "`{key}` must be a table (`[{key}]`), not {}; using the defaults",
                    describe(value.get_ref())
                ),
            );
        }
        table
    }

    fn keys(&mut self, value: &Value) -> Vec<KeyOverride> {
        let Some(table) = self.table("keys", value) else {
            return Vec::new();
        };
        // The map is sorted by key; overrides keep the order they were written in.
        let mut written: Vec<_> = table.iter().collect();
        written.sort_by_key(|(key, _)| key.span().start);
        let mut out: Vec<KeyOverride> = Vec::new();
        for (key, action) in written {
            let at = key.span().start;
            let key = match normalize_key(key.get_ref()) {
                Ok(k) => k,
                Err(why) => {
                    self.add(at, format!("[keys]: {why}; this override is ignored"));
                    continue;
                }
            };
            let Some(name) = action.get_ref().as_str() else {
                let what = describe(action.get_ref());
                self.add(
                    action.span().start,
                    format!("[keys] `{key}` must name an action (a string), not {what}; ignored"),
                );
                continue;
            };
            if let Err(why) = check_action(name) {
                self.add(
                    action.span().start,
                    format!("[keys] `{key}`: {why}; ignored"),
                );
                continue;
            }
            if let Some(i) = out.iter().position(|o| o.key == key) {
                self.add(
                    at,
                    format!("[keys] `{key}` is bound twice; the later one wins"),
                );
                out.remove(i);
            }
            out.push(KeyOverride {
                key,
                action: name.to_string(),
                at: self.place(at),
            });
        }
        out
    }

    fn ranking(&mut self, value: &Value, config: &mut Config) {
        let Some(table) = self.table("ranking", value) else {
            return;
        };
        for (key, weight) in table {
            let r = &mut config.ranking;
            let slot = match key.get_ref().as_ref() {
                "message" => &mut r.message,
                "tags" => &mut r.tags,
                "path" => &mut r.path,
                "repo" => &mut r.repo,
                other => {
                    self.add(
                        key.span().start,
                        format!(
                            "unknown key `ranking.{other}` ignored (known: message, tags, path, repo)"
                        ),
                    );
                    continue;
                }
            };
            match number(weight.get_ref()).filter(|w| (0.0..=100.0).contains(w)) {
                Some(w) => *slot = w,
                None => self.add(
                    weight.span().start,
                    format!(
                        "`ranking.{}` must be a number from 0 to 100, not {}; using the default {}",
                        key.get_ref(),
                        describe(weight.get_ref()),
                        slot
                    ),
                ),
            }
        }
    }

    fn scan(&mut self, value: &Value, config: &mut Config) {
        let Some(table) = self.table("scan", value) else {
            return;
        };
        for (key, v) in table {
            let slot = match key.get_ref().as_ref() {
                "log_functions" => &mut config.scan.log_functions,
                "exclude" => &mut config.scan.exclude,
                other => {
                    self.add(
                        key.span().start,
                        format!(
                            "unknown key `scan.{other}` ignored (known: log_functions, exclude)"
                        ),
                    );
                    continue;
                }
            };
            let name = format!("scan.{}", key.get_ref());
            if let Some(items) = self.strings(&name, v) {
                *slot = items.into_iter().map(|(s, _)| s).collect();
            }
        }
    }

    fn layout(&mut self, value: &Value, config: &mut Config) {
        let Some(table) = self.table("layout", value) else {
            return;
        };
        for (key, v) in table {
            match key.get_ref().as_ref() {
                "detail" => self.choice("layout.detail", v, &mut config.layout.detail),
                "ratio" => {
                    let ratio = number(v.get_ref())
                        .filter(|r| r.fract() == 0.0 && (10.0..=90.0).contains(r));
                    match ratio {
                        Some(r) => config.layout.ratio = r as u16,
                        None => self.add(
                            v.span().start,
                            format!(
                                "`layout.ratio` must be a whole percentage from 10 to 90, not {}; using the default {}",
                                describe(v.get_ref()),
                                config.layout.ratio
                            ),
                        ),
                    }
                }
                other => self.add(
                    key.span().start,
                    format!("unknown key `layout.{other}` ignored (known: detail, ratio)"),
                ),
            }
        }
    }
}

/// How many broken lines are skipped before the rest of the file is given up on.
const MAX_BAD_LINES: usize = 50;

/// toml's own recovery stops reading at some mistakes, so the rest of the file would be lost:
/// instead the line of the first syntax error is blanked (spaces, so every offset stays the
/// same) and the text parsed again, until it parses cleanly.
fn without_bad_lines(text: &str) -> (String, Vec<(usize, String)>) {
    let mut bytes = text.as_bytes().to_vec();
    let mut errors = Vec::new();
    for _ in 0..MAX_BAD_LINES {
        let Ok(current) = std::str::from_utf8(&bytes) else {
            break;
        };
        let (_, found) = DeTable::parse_recoverable(current);
        let first = found
            .iter()
            .map(|e| (e.span().map_or(0, |s| s.start), e.message()))
            .min_by_key(|(at, _)| *at);
        let Some((at, message)) = first else {
            break;
        };
        let at = at.min(bytes.len());
        let start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let end = bytes[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| at + i);
        errors.push((at, message.trim_end().replace('\n', " ")));
        let line = &mut bytes[start..end];
        if line.iter().all(|&b| b == b' ' || b == b'\r') {
            // Nothing left to blank here: the mistake spans lines already skipped.
            break;
        }
        // Spaces are ASCII, so blanking whole lines keeps the text valid UTF-8.
        line.fill(b' ');
    }
    let cleaned = String::from_utf8(bytes).unwrap_or_default();
    (cleaned, errors)
}

#[cfg(test)]
mod tests;
