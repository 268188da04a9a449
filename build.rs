//! Stamps `--version` with the commit and the build date when built from a git checkout.
//! Without git (a crates.io tarball, no `git` on PATH) the version is the package's alone.

use std::process::Command;

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]);
    let suffix = match &commit {
        Some(hash) => format!(" ({hash} {})", build_date()),
        None => String::new(),
    };
    println!("cargo:rustc-env=ERRDEX_VERSION_SUFFIX={suffix}");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    if commit.is_some() {
        // A new commit or checkout moves HEAD or the branch it names.
        for path in [
            Some("HEAD".to_string()),
            git(&["symbolic-ref", "-q", "HEAD"]),
        ]
        .into_iter()
        .flatten()
        {
            if let Some(file) = git(&["rev-parse", "--git-path", &path]) {
                println!("cargo:rerun-if-changed={file}");
            }
        }
    }
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (out.status.success() && !text.is_empty()).then(|| text.to_string())
}

/// Today (UTC) as YYYY-MM-DD, or SOURCE_DATE_EPOCH's day for reproducible builds.
fn build_date() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64)
        });
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}
