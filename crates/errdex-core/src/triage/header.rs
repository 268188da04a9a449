//! Where a log line's message starts: after its header — timestamps, levels, hosts, process
//! names, ids and columns (`081109 203615 148 INFO dfs.FSNamesystem: …`, `Jun 14 15:16:01 combo
//! sshd[19939]: …`, `20171223-22:15:29:606|Step_LSC|30002312|…`, BGL's location columns,
//! `2568643 node-70 action start 1074119817 1 …`).
//!
//! A header is read field by field (fields split at spaces, or at `|` when the first field ends
//! with one). Fields with digits (times, ids, locations), `-`, level words and month or day names
//! belong to it; a plain word does when a field with digits or a `name:` label follows within two
//! fields (`combo` before `sshd[1]:`, `action start` before an epoch), or when up to three plain
//! words are followed by two fields with digits (`full partition status 1061219795 -1`); a
//! `name:` label ends it, and so does a level word (but for one `component:` after it). Every
//! field end inside the header is a place the message may start; the last one is the best guess.

use super::level::Level;

/// Fields of a line looked at: no header is longer.
const MAX_FIELDS: usize = 12;
/// Pipe-separated header fields (`time|component|pid|message`).
const MAX_PIPE_FIELDS: usize = 4;
/// Plain-word columns in a row before fields with digits (HPC's `full partition status`).
const MAX_WORD_COLUMNS: usize = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    /// Digits, `-`, a month or day name: header for sure.
    Strong,
    /// A level word: the header ends here (but for one `component:` after it).
    Level,
    /// `sshd[19939]:`, `dfs.FSNamesystem:`: the header ends after it.
    Label,
    /// A plain word: header only before a strong field or a label.
    Weak,
    /// Anything else (`(command`, `x=1,`): the message has begun.
    Text,
}

/// Byte offsets where the message may start, best guess last; always at least `0`.
pub fn message_starts(line: &str, out: &mut Vec<usize>) {
    out.clear();
    out.push(0);
    let mut spans = [(0usize, 0usize); MAX_FIELDS];
    let n = split(line, &mut spans);
    let fields = &spans[..n];
    let mut all = [Field::Text; MAX_FIELDS];
    for (k, &(s, e)) in all.iter_mut().zip(fields) {
        *k = kind(&line[s..e]);
    }
    let kinds = &all[..n];
    let mut after_level = false;
    let mut thread_to = None;
    for (i, &(start, end)) in fields.iter().enumerate() {
        // After the level, a bracketed thread name (`[main]`, `[IPC Server handler 3]`,
        // log4j's `%p [%t] %c: %m`) belongs to the header: the component label may follow it.
        if thread_to.is_some_and(|to| i <= to) {
            continue;
        }
        if after_level
            && line[start..end].starts_with('[')
            && let Some(to) = bracket_end(line, fields, kinds, i)
        {
            out.push(next_field_start(line, fields[to].1));
            thread_to = Some(to);
            continue;
        }
        let accepted = match kinds[i] {
            Field::Strong | Field::Level | Field::Label => true,
            Field::Weak => !after_level && weak_in_header(&kinds[i..]),
            Field::Text => false,
        };
        if !accepted || (after_level && kinds[i] != Field::Label) {
            break;
        }
        out.push(next_field_start(line, end));
        if kinds[i] == Field::Label {
            break;
        }
        after_level = kinds[i] == Field::Level;
    }
    // Words and labels alone (`data address: 0x1`, `ciod: failed`) are a message.
    let sure = kinds
        .iter()
        .take(out.len() - 1)
        .any(|k| matches!(k, Field::Strong | Field::Level));
    if !sure {
        out.truncate(1);
    }
}

/// Whether the plain word opening `kinds` belongs to the header: a field with digits, a level
/// or a label follows within two fields (`combo sshd[1]:`, `action start 1074119817`), or it
/// opens a run of at most three plain words followed by two fields with digits: columns such as
/// HPC's node, component and state before its time and flag (`full partition status 1061219795
/// -1`). A message's words before one number (`closed by 1.2.3.4 port 22`) are not.
fn weak_in_header(kinds: &[Field]) -> bool {
    let marked = |k: &Field| matches!(k, Field::Strong | Field::Level | Field::Label);
    if kinds[1..].iter().take(2).any(marked) {
        return true;
    }
    let words = kinds.iter().take_while(|k| **k == Field::Weak).count();
    words <= MAX_WORD_COLUMNS
        && kinds[words..].len() >= 2
        && kinds[words..words + 2].iter().all(|k| *k == Field::Strong)
}

/// The field that closes the bracket opening field `from`, a thread name of a few words,
/// when a component label follows it (`[Errno 2] No such file` is a message).
fn bracket_end(
    line: &str,
    fields: &[(usize, usize)],
    kinds: &[Field],
    from: usize,
) -> Option<usize> {
    const MAX_THREAD_FIELDS: usize = 6;
    fields
        .iter()
        .enumerate()
        .skip(from)
        .take(MAX_THREAD_FIELDS)
        .find(|&(_, &(s, e))| line[s..e].ends_with(']'))
        .map(|(i, _)| i)
        .filter(|&i| kinds.get(i + 1) == Some(&Field::Label))
}

/// The best guess at where the message starts.
pub fn message_start(line: &str) -> usize {
    let mut starts = Vec::new();
    message_starts(line, &mut starts);
    starts.last().copied().unwrap_or(0).min(line.len())
}

/// (start, end) of the first fields: split at `|` when the line is pipe-separated, else at
/// whitespace.
fn split(line: &str, fields: &mut [(usize, usize); MAX_FIELDS]) -> usize {
    let b = line.as_bytes();
    let first_space = b.iter().position(u8::is_ascii_whitespace);
    let first_pipe = b.iter().position(|&c| c == b'|');
    let piped = match (first_pipe, first_space) {
        (Some(p), Some(s)) => p < s,
        (Some(_), None) => true,
        _ => false,
    };
    let mut n = 0;
    let mut i = 0;
    while i < b.len() && n < MAX_FIELDS {
        if piped {
            let Some(end) = b[i..].iter().position(|&c| c == b'|').map(|p| i + p) else {
                break;
            };
            if n == MAX_PIPE_FIELDS {
                break;
            }
            fields[n] = (i, end);
            n += 1;
            i = end + 1;
        } else {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            let end = b[i..]
                .iter()
                .position(u8::is_ascii_whitespace)
                .map_or(b.len(), |p| i + p);
            if end > i {
                fields[n] = (i, end);
                n += 1;
            }
            i = end;
        }
    }
    n
}

fn next_field_start(line: &str, end: usize) -> usize {
    let b = line.as_bytes();
    let mut i = end;
    if b.get(i) == Some(&b'|') {
        i += 1;
    }
    while i < b.len() && b[i] == b' ' {
        i += 1;
    }
    i
}

fn kind(field: &str) -> Field {
    let f = field.trim();
    if f.is_empty() || f == "-" {
        return Field::Strong;
    }
    let inner = f.trim_matches(|c| matches!(c, '[' | ']' | '<' | '>' | ':'));
    if is_level(inner) {
        return Field::Level;
    }
    if f.len() > 2 && f.ends_with(':') && !f.ends_with("::") {
        return Field::Label;
    }
    if f.ends_with("]:") || (f.ends_with(']') && f.contains(':')) {
        return Field::Label;
    }
    let header_bytes = f.bytes().all(|c| {
        c.is_ascii_alphanumeric() || matches!(c, b'.' | b':' | b'-' | b'_' | b'/' | b'+' | b',')
    });
    if !header_bytes {
        return Field::Text;
    }
    if f.bytes().any(|c| c.is_ascii_digit()) || is_calendar(f) {
        return Field::Strong;
    }
    Field::Weak
}

/// A level word in any case, without allocating (this runs on every log line).
fn is_level(word: &str) -> bool {
    let mut buf = [0u8; 12];
    let Some(lower) = lowercase(word, &mut buf) else {
        return false;
    };
    Level::from_word(lower).is_some()
}

/// `word` lowercased into `buf`, when it is short ASCII.
pub(super) fn lowercase<'b>(word: &str, buf: &'b mut [u8; 12]) -> Option<&'b str> {
    if word.len() > buf.len() || !word.is_ascii() {
        return None;
    }
    let out = &mut buf[..word.len()];
    out.copy_from_slice(word.as_bytes());
    out.make_ascii_lowercase();
    std::str::from_utf8(out).ok()
}

/// A month or weekday name (`Jan`, `mon`), in any case.
pub(super) fn is_calendar(word: &str) -> bool {
    let mut buf = [0u8; 12];
    let Some(lower) = lowercase(word, &mut buf) else {
        return false;
    };
    matches!(
        lower,
        "jan"
            | "feb"
            | "mar"
            | "apr"
            | "may"
            | "jun"
            | "jul"
            | "aug"
            | "sep"
            | "oct"
            | "nov"
            | "dec"
            | "mon"
            | "tue"
            | "wed"
            | "thu"
            | "fri"
            | "sat"
            | "sun"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(line: &str) -> &str {
        &line[message_start(line)..]
    }

    #[test]
    fn headers_of_real_systems_are_stripped() {
        for (line, msg) in [
            (
                "081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1 for block",
                "PacketResponder 1 for block",
            ),
            (
                "Jun 14 15:16:01 combo sshd(pam_unix)[19939]: check pass; user unknown",
                "check pass; user unknown",
            ),
            (
                "Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user webmaster from 1.2.3.4",
                "Invalid user webmaster from 1.2.3.4",
            ),
            (
                "20171223-22:15:29:606|Step_LSC|30002312|onExtend:1514038530000 14 0 4",
                "onExtend:1514038530000 14 0 4",
            ),
            (
                "- 1117838570 2005.06.03 R02-M1-N0-C:J12-U11 2005-06-03-15.42.50.675872 R02-M1-N0-C:J12-U11 RAS KERNEL INFO generating core.2275",
                "generating core.2275",
            ),
            (
                "2568643 node-70 action start 1074119817 1 clusterAddMember  (command 1902)",
                "clusterAddMember  (command 1902)",
            ),
            (
                "2024-01-15 10:23:45,123 ERROR connection refused",
                "connection refused",
            ),
            (
                "2286759 full partition status 1061219795 -1 running",
                "running",
            ),
            (
                "2561542 full partition status 1073427660 1 blocked",
                "blocked",
            ),
            (
                "2024-01-15T10:23:45Z Connection closed by 10.0.0.1 port 22",
                "Connection closed by 10.0.0.1 port 22",
            ),
            (
                "2015-10-18 18:01:57,291 INFO [ContainerLauncher #0] org.apache.hadoop.mapreduce.v2.app.launcher.ContainerLauncherImpl: Launching attempt_1_0",
                "Launching attempt_1_0",
            ),
            (
                "2015-10-18 18:01:51,963 INFO [main] org.mortbay.log: jetty-6.1.26",
                "jetty-6.1.26",
            ),
            (
                "2024-01-15 10:23:45,123 WARN [IPC Server handler 3 on 8020] ipc.Client: retrying connect",
                "retrying connect",
            ),
            (
                "2024-01-15 10:23:45,123 ERROR [Errno 2] No such file or directory: 'x'",
                "[Errno 2] No such file or directory: 'x'",
            ),
            ("connection refused by peer", "connection refused by peer"),
            ("data address: 0x1234", "data address: 0x1234"),
        ] {
            assert_eq!(message(line), msg, "{line}");
        }
    }

    #[test]
    fn never_panics() {
        for line in ["", "|", "||||", " ", "a|", "INFO", "x: ", "[", "é|é"] {
            message(line);
        }
    }
}
