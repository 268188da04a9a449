//! The lines each language's programs write: Rust's tracing (default and JSON, with spans),
//! anyhow chains and panics; Go's log, slog/logfmt, zap and logrus JSON and `%w` chains;
//! Python's logging and tracebacks with `raise … from`.

use super::{Labelled, Rec, Writer};
use serde_json::json;

impl<'a> Writer<'a> {
    pub(super) fn rust(&mut self, root: &'a Rec, shape: u32) -> Option<Labelled> {
        let (iso, _) = self.stamp();
        let msg = self.fill(&root.pattern, None);
        let target = root.module.clone();
        let lvl = if root.kind == "log" { " WARN" } else { "ERROR" };
        let span = format!(
            "request{{id={}}}:worker{{shard={}}}: ",
            self.rng.u32(..999),
            self.rng.u32(..16)
        );
        let single = |line: String, origin: bool| Labelled::single(root, line, origin);
        if root.kind == "panic" {
            let path = format!(
                "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/{}/{}",
                root.module.split("::").next()?.replace('_', "-"),
                root.file
            );
            return Some(if shape.is_multiple_of(2) {
                single(
                    format!(
                        "thread 'main' panicked at {}:{}:{}:\n{msg}",
                        path,
                        root.line,
                        self.rng.u32(5..40)
                    ),
                    true,
                )
            } else {
                single(
                    format!(
                        "thread 'tokio-runtime-worker' panicked at '{msg}', {}:{}:{}",
                        root.file,
                        root.line,
                        self.rng.u32(5..40)
                    ),
                    true,
                )
            });
        }
        if root.kind == "log" {
            return Some(match shape {
                0 | 1 => single(
                    format!(
                        "{iso} {lvl} {span}{target}: {msg} elapsed_ms={}",
                        self.rng.u32(..900)
                    ),
                    true,
                ),
                2 => single(
                    format!(
                        "{{\"timestamp\":\"{iso}\",\"level\":\"WARN\",\"fields\":{{\"message\":{}}},\"target\":\"{target}\",\"span\":{{\"id\":7,\"name\":\"request\"}}}}",
                        json!(msg)
                    ),
                    true,
                ),
                _ => single(format!("{iso} {lvl} {msg}"), false),
            });
        }
        match shape {
            0 => Some(single(format!("Error: {msg}"), false)),
            1 => {
                let ctx = self.pick(|r| {
                    r.lang == "rust" && r.kind == "context" && !r.pattern.contains("{}")
                })?;
                let ctx2 = self.pick(|r| r.lang == "rust" && r.kind == "context")?;
                let (c1, c2) = (
                    self.fill(&ctx.pattern, None),
                    self.fill(&ctx2.pattern, None),
                );
                let line = if self.rng.bool() {
                    format!("Error: {c1}: {c2}: {msg}")
                } else {
                    format!("Error: {c1}\n\nCaused by:\n    0: {c2}\n    1: {msg}")
                };
                Some(Labelled {
                    line,
                    expect: Some(root.id.clone()),
                    chain: vec![ctx.id.clone(), ctx2.id.clone(), root.id.clone()],
                    origin: false,
                    cut: false,
                })
            }
            _ => {
                let log = self
                    .pick(|r| r.lang == "rust" && r.kind == "log" && !r.pattern.ends_with("{}"))?;
                let said = self.fill(&log.pattern, None);
                let line = if shape == 2 {
                    format!("{iso} {lvl} {span}{}: {said} error={msg}", log.module)
                } else {
                    format!(
                        "{{\"timestamp\":\"{iso}\",\"level\":\"ERROR\",\"fields\":{{\"message\":{},\"error\":{}}},\"target\":\"{}\"}}",
                        json!(said),
                        json!(msg),
                        log.module
                    )
                };
                Some(Labelled {
                    line,
                    expect: Some(root.id.clone()),
                    chain: vec![log.id.clone(), root.id.clone()],
                    origin: false,
                    cut: false,
                })
            }
        }
    }

    pub(super) fn go(&mut self, root: &'a Rec, shape: u32) -> Option<Labelled> {
        let (iso, _) = self.stamp();
        let date = &iso[..19].replace('-', "/").replace('T', " ");
        let msg = self.fill(&root.pattern, None);
        let base = root.file.rsplit('/').next()?.to_string();
        let single = |line: String, origin: bool| Labelled::single(root, line, origin);
        if root.kind == "panic" {
            return Some(single(
                format!(
                    "panic: {msg}\n\ngoroutine 1 [running]:\n{}.init()\n\t/usr/lib/go/src/{}:{} +0x1d",
                    root.module.rsplit('/').next()?,
                    root.file,
                    root.line
                ),
                true,
            ));
        }
        if root.kind == "log" {
            return Some(match shape {
                0 | 1 => single(format!("{date} {base}:{}: {msg}", root.line), true),
                2 => single(
                    format!(
                        "time={iso} level=ERROR source=/usr/lib/go/src/{}:{} msg={}",
                        root.file,
                        root.line,
                        json!(msg)
                    ),
                    true,
                ),
                _ => single(format!("{date} {msg}"), false),
            });
        }
        let wrapper = if shape == 1 {
            self.pick(|r| r.lang == "go" && r.wraps)
        } else {
            None
        };
        let (err, chain) = match wrapper {
            Some(w) => (
                self.fill(&w.pattern, Some(&msg)),
                vec![w.id.clone(), root.id.clone()],
            ),
            None => (msg.clone(), vec![root.id.clone()]),
        };
        let line = match shape {
            0 => format!("{date} {err}"),
            1 => format!(
                "level=error ts={iso} caller=server/handler.go:{} msg=\"request failed\" err={}",
                self.rng.u32(20..400),
                json!(err)
            ),
            2 => format!(
                "{{\"level\":\"error\",\"ts\":1764540{}.81,\"caller\":\"app/worker.go:88\",\"msg\":\"job failed\",\"error\":{}}}",
                self.rng.u32(100..999),
                json!(err)
            ),
            _ => format!(
                "{{\"error\":{},\"level\":\"error\",\"msg\":\"sync failed\",\"time\":\"{iso}\"}}",
                json!(err)
            ),
        };
        Some(Labelled {
            line,
            expect: Some(root.id.clone()),
            chain,
            origin: false,
            cut: false,
        })
    }

    pub(super) fn python(&mut self, root: &'a Rec, shape: u32) -> Option<Labelled> {
        let (_, stamp) = self.stamp();
        let msg = self.fill(&root.pattern, None);
        let single = |line: String, origin: bool| Labelled::single(root, line, origin);
        if root.kind == "log" {
            return Some(match shape {
                0 | 1 => single(format!("{stamp} - {} - ERROR - {msg}", root.module), true),
                2 => single(format!("ERROR:{}:{msg}", root.module), true),
                _ => single(format!("{stamp} ERROR {msg}"), false),
            });
        }
        let class = if root.class.is_empty() {
            "Exception"
        } else {
            &root.class
        };
        Some(match shape {
            0 => single(format!("{class}: {msg}"), false),
            1 => single(
                format!(
                    "  File \"/usr/lib/python3.11/{}\", line {}, in run\n    raise {class}(...)\n{class}: {msg}",
                    root.file, root.line
                ),
                true,
            ),
            _ => {
                let outer =
                    self.pick(|r| r.lang == "python" && r.kind == "raise" && r.id != root.id)?;
                let omsg = self.fill(&outer.pattern, None);
                let oclass = if outer.class.is_empty() {
                    "Exception"
                } else {
                    &outer.class
                };
                let joint = if shape == 2 {
                    "The above exception was the direct cause of the following exception:"
                } else {
                    "During handling of the above exception, another exception occurred:"
                };
                Labelled {
                    line: format!("{class}: {msg}\n\n{joint}\n\n{oclass}: {omsg}"),
                    expect: Some(root.id.clone()),
                    chain: vec![outer.id.clone(), root.id.clone()],
                    origin: false,
                    cut: false,
                }
            }
        })
    }
}
