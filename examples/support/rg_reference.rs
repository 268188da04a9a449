//! The reference triage is measured against: `rg -F -f messages.txt log` — every record's
//! message as a fixed string, over the same log — when ripgrep is installed.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

/// Median seconds of `rg -F -c -f MESSAGES LOG` over `runs`, or `None` without rg. The files go
/// to the temporary directory and are removed afterwards.
pub fn time_rg(messages: &[&str], log: &[u8], runs: usize) -> Option<f64> {
    Command::new("rg").arg("--version").output().ok()?;
    let dir = std::env::temp_dir();
    let pid = std::process::id();
    let patterns = dir.join(format!("errdex-bench-{pid}-messages.txt"));
    let log_path = dir.join(format!("errdex-bench-{pid}-log.txt"));
    let write = || -> std::io::Result<()> {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&patterns)?);
        for m in messages {
            // One pattern a line: a message's own line breaks would split it.
            writeln!(f, "{}", m.replace(['\n', '\r'], " "))?;
        }
        f.flush()?;
        std::fs::write(&log_path, log)
    };
    let result = write().ok().and_then(|()| {
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let t = Instant::now();
            let status = Command::new("rg")
                .args(["-F", "-c", "-f"])
                .arg(&patterns)
                .arg(&log_path)
                .stdout(Stdio::null())
                .status()
                .ok()?;
            // 0: matches found, 1: none; both are a finished search.
            if !matches!(status.code(), Some(0 | 1)) {
                return None;
            }
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        Some(times[times.len() / 2])
    });
    let _ = std::fs::remove_file(&patterns);
    let _ = std::fs::remove_file(&log_path);
    result
}
