//! Fetching a remote file over http(s) or from a file:// URL into the staging folder: a
//! conditional request when there is a version already, bounded waits, a size limit, and
//! redirects only within the same host.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use sha2::{Digest, Sha256};
use ureq::http::{StatusCode, Uri};

use super::unpack::{CopyError, copy_limited};
use super::{Failure, Limits, Progress};

/// What a fetch brought.
pub enum Fetched {
    /// The server says the version we have is current (HTTP 304).
    NotModified,
    File(Download),
}

pub struct Download {
    pub path: PathBuf,
    pub sha256: String,
    pub etag: Option<String>,
    pub last_modified: Option<String>,
    /// The server said the body is an HTML page.
    pub html: bool,
}

/// Validators of the version we have, sent so an unchanged file costs nothing.
#[derive(Default, Clone, Copy)]
pub struct Validators<'a> {
    pub etag: Option<&'a str>,
    pub last_modified: Option<&'a str>,
}

const MAX_REDIRECTS: usize = 5;

pub fn fetch(
    url: &str,
    have: Validators,
    limits: &Limits,
    to: &Path,
    progress: &dyn Fn(Progress),
) -> Result<Fetched, Failure> {
    if let Some(path) = file_url_path(url) {
        return copy_file(&path, limits, to, progress).map(Fetched::File);
    }
    // Each read is bounded by `timeout`, but a server can answer one byte just inside it for
    // ever: the whole download is bounded too.
    let whole = limits.timeout.saturating_mul(WHOLE_DOWNLOAD_TIMEOUTS);
    let started = std::time::Instant::now();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(whole))
        .timeout_connect(Some(limits.timeout))
        .timeout_per_read(Some(limits.timeout))
        .timeout_recv_response(Some(limits.timeout))
        .max_redirects(0)
        .http_status_as_error(false)
        .user_agent(concat!("errdex/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let mut current = url.to_string();
    for _ in 0..=MAX_REDIRECTS {
        let mut request = agent.get(&current);
        if let Some(etag) = have.etag {
            request = request.header("If-None-Match", etag);
        }
        if let Some(date) = have.last_modified {
            request = request.header("If-Modified-Since", date);
        }
        let mut response = request.call().map_err(|e| request_failure(&e, limits))?;
        let status = response.status();
        if status == StatusCode::NOT_MODIFIED {
            return Ok(Fetched::NotModified);
        }
        if status.is_redirection() {
            let location = header(&response, "location").ok_or_else(|| {
                Failure::failed(format!("redirect ({status}) without a Location"))
            })?;
            current = same_host_redirect(&current, &location)?;
            continue;
        }
        if !status.is_success() {
            let reason = status.canonical_reason().unwrap_or("");
            return Err(Failure::failed(format!(
                "the server answered {} {reason}",
                status.as_u16()
            )));
        }
        let etag = header(&response, "etag");
        let last_modified = header(&response, "last-modified");
        let html = header(&response, "content-type")
            .is_some_and(|t| t.to_ascii_lowercase().contains("text/html"));
        let total = response.body().content_length();
        if let Some(n) = total.filter(|n| *n > limits.max_bytes) {
            return Err(too_big(n, limits));
        }
        let reader = response.body_mut().as_reader();
        let (sha256, written) = save(reader, limits, to, total, progress).map_err(|e| {
            if started.elapsed() >= whole {
                Failure::failed(format!(
                    "the download took longer than {} s ({WHOLE_DOWNLOAD_TIMEOUTS} × timeout)",
                    seconds(whole)
                ))
            } else {
                body_failure(&e, limits)
            }
        })?;
        if let Some(expected) = total.filter(|n| *n != written) {
            return Err(Failure::failed(format!(
                "the download was cut short ({written} of {expected} bytes)"
            )));
        }
        return Ok(Fetched::File(Download {
            path: to.to_path_buf(),
            sha256,
            etag,
            last_modified,
            html,
        }));
    }
    Err(Failure::failed(format!(
        "more than {MAX_REDIRECTS} redirects"
    )))
}

fn header(response: &ureq::http::Response<ureq::Body>, name: &str) -> Option<String> {
    let value = response.headers().get(name)?.to_str().ok()?.trim();
    (!value.is_empty()).then(|| value.to_string())
}

/// A redirect is followed only to the same host (and port), and never from https to http:
/// the configured URL says whom the user trusts.
fn same_host_redirect(from: &str, location: &str) -> Result<String, Failure> {
    let base: Uri = from
        .parse()
        .map_err(|_| Failure::failed(format!("bad URL {from}")))?;
    let target = if location.starts_with('/') && !location.starts_with("//") {
        let scheme = base.scheme_str().unwrap_or("http");
        let authority = base.authority().map_or("", |a| a.as_str());
        format!("{scheme}://{authority}{location}")
    } else {
        location.to_string()
    };
    let to: Uri = target
        .parse()
        .map_err(|_| Failure::failed(format!("redirected to a bad URL {location:?}")))?;
    let same_host = to.host().map(str::to_ascii_lowercase)
        == base.host().map(str::to_ascii_lowercase)
        && to.port_u16() == base.port_u16();
    let downgrade = base.scheme_str() == Some("https") && to.scheme_str() != Some("https");
    if to.host().is_none() || !same_host || downgrade {
        return Err(Failure::failed(format!(
            "redirected to another host ({}), refused",
            super::short_line(&target, 80)
        )));
    }
    Ok(target)
}

/// `file:///srv/x.json` → `/srv/x.json` (`file://localhost/…` too), percent escapes decoded.
fn file_url_path(url: &str) -> Option<PathBuf> {
    let rest = url
        .get(..7)
        .filter(|s| s.eq_ignore_ascii_case("file://"))
        .map(|_| &url[7..])?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(PathBuf::from(String::from_utf8_lossy(&out).into_owned()))
}

fn copy_file(
    path: &Path,
    limits: &Limits,
    to: &Path,
    progress: &dyn Fn(Progress),
) -> Result<Download, Failure> {
    let cannot = |e: io::Error| Failure::failed(format!("cannot read {}: {e}", path.display()));
    let file = File::open(path).map_err(cannot)?;
    let total = file.metadata().map_err(cannot)?.len();
    if total > limits.max_bytes {
        return Err(too_big(total, limits));
    }
    let (sha256, _) = save(file, limits, to, Some(total), progress).map_err(|e| {
        if e.kind() == io::ErrorKind::FileTooLarge {
            too_big(limits.max_bytes + 1, limits)
        } else {
            cannot(e)
        }
    })?;
    Ok(Download {
        path: to.to_path_buf(),
        sha256,
        etag: None,
        last_modified: None,
        html: false,
    })
}

/// How many `timeout`s a whole download may take.
const WHOLE_DOWNLOAD_TIMEOUTS: u32 = 10;

/// Streams `reader` into `to`, hashing as it goes; more than the limit is an error.
fn save(
    mut reader: impl Read,
    limits: &Limits,
    to: &Path,
    total: Option<u64>,
    progress: &dyn Fn(Progress),
) -> io::Result<(String, u64)> {
    let mut out = BufWriter::with_capacity(1 << 20, File::create(to)?);
    let mut hash = Sha256::new();
    let seen = |chunk: &[u8], bytes| {
        hash.update(chunk);
        progress(Progress { bytes, total });
    };
    let written = match copy_limited(&mut reader, &mut out, limits.max_bytes, seen) {
        Ok(n) => n,
        Err(CopyError::Read(e) | CopyError::Write(e)) => return Err(e),
        Err(CopyError::TooBig) => {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                "over the limit",
            ));
        }
    };
    out.flush()?;
    out.get_ref().sync_all()?;
    Ok((format!("{:x}", hash.finalize()), written))
}

fn too_big(bytes: u64, limits: &Limits) -> Failure {
    Failure::failed(format!(
        "the file is larger than the limit of {} MB{} (max_size_mb)",
        limits.max_bytes / 1_000_000,
        if bytes > limits.max_bytes && bytes < u64::MAX / 2 {
            format!(", {} MB", bytes.div_ceil(1_000_000))
        } else {
            String::new()
        }
    ))
}

fn seconds(d: Duration) -> u64 {
    d.as_secs().max(1)
}

fn request_failure(e: &ureq::Error, limits: &Limits) -> Failure {
    match e {
        ureq::Error::HostNotFound => Failure::offline("host not found".into()),
        ureq::Error::ConnectionFailed => Failure::offline("cannot connect".into()),
        ureq::Error::Io(io) => match offline_reason(io) {
            Some(why) => Failure::offline(why.into()),
            None => Failure::failed(io.to_string()),
        },
        ureq::Error::Timeout(_) => Failure::failed(format!(
            "no answer within {} s (timeout)",
            seconds(limits.timeout)
        )),
        other => Failure::failed(other.to_string()),
    }
}

/// Why the host could not be reached at all, in a few words; `None` for other errors.
fn offline_reason(e: &io::Error) -> Option<&'static str> {
    use io::ErrorKind::{
        ConnectionRefused, ConnectionReset, HostUnreachable, NetworkDown, NetworkUnreachable,
    };
    Some(match e.kind() {
        ConnectionRefused => "connection refused",
        ConnectionReset => "connection reset",
        HostUnreachable | NetworkUnreachable | NetworkDown => "network unreachable",
        // The resolver's failures have no kind of their own.
        _ if e.to_string().contains("lookup address") => "host not found",
        _ => return None,
    })
}

fn body_failure(e: &io::Error, limits: &Limits) -> Failure {
    if e.kind() == io::ErrorKind::FileTooLarge {
        return too_big(limits.max_bytes + 1, limits);
    }
    let text = e.to_string();
    if e.kind() == io::ErrorKind::TimedOut || text.to_ascii_lowercase().contains("timeout") {
        return Failure::failed(format!(
            "the download stalled: nothing for {} s (timeout)",
            seconds(limits.timeout)
        ));
    }
    // The connection closed before the body was complete (Content-Length or chunking says so).
    Failure::failed(format!("the download was cut short: {text}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_urls_become_paths() {
        assert_eq!(
            file_url_path("file:///srv/a%20b.json"),
            Some(PathBuf::from("/srv/a b.json"))
        );
        assert_eq!(
            file_url_path("FILE://localhost/x.jsonl"),
            Some(PathBuf::from("/x.jsonl"))
        );
        assert_eq!(file_url_path("https://x/y"), None);
    }

    #[test]
    fn redirects_stay_on_the_host() {
        let ok = same_host_redirect("http://127.0.0.1:8080/a.json", "/b.json");
        assert_eq!(ok.ok().as_deref(), Some("http://127.0.0.1:8080/b.json"));
        // An upgrade to https on the same host is fine.
        assert!(same_host_redirect("http://h.org/a", "https://h.org/b").is_ok());
        for refused in [
            ("http://127.0.0.1:8080/a", "http://127.0.0.2:8080/a"),
            ("http://127.0.0.1:8080/a", "http://127.0.0.1:9090/a"),
            ("https://h.org/a", "http://h.org/a"),
            ("http://h.org/a", "//evil.org/a"),
        ] {
            let e = same_host_redirect(refused.0, refused.1).err();
            assert!(
                e.is_some_and(|f| f.message.contains("another host")),
                "{refused:?}"
            );
        }
    }
}
