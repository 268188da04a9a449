//! The triage API against the embedded sample: boosts, location-only hits, gating by level,
//! grouping, limits and ties.

use super::line::MAX_LINE_BYTES;
use super::*;
use crate::dataset::{Dataset, Entry};
use crate::load::{self, Options};

fn sample() -> Dataset {
    load::load(&[crate::sample::spec()], Options::default(), &|_| {}).dataset
}

fn ids(ds: &Dataset, report: &Report) -> Vec<Vec<String>> {
    report
        .hits
        .iter()
        .map(|h| {
            h.matches
                .iter()
                .map(|m| ds.entries().at(m.record).id.to_string())
                .collect()
        })
        .collect()
}

const VNODE: &str = "should not update vnode bitmap during consuming log store";

#[test]
fn a_named_location_raises_the_score_of_that_record() {
    let ds = sample();
    let t = Triage::new(&ds);
    let bare = t.scan(&ds, [VNODE], 1);
    let located = t.scan(
        &ds,
        [
            "thread 'actor' panicked at /build/src/stream/src/executor/backfill/snapshot_backfill/executor.rs:428:33:",
            VNODE,
        ],
        1,
    );
    assert_eq!(ids(&ds, &bare), [["a1174e815cc32dac"]]);
    assert_eq!(ids(&ds, &located), [["a1174e815cc32dac"]]);
    let (b, l) = (bare.hits[0].matches[0], located.hits[0].matches[0]);
    assert!(l.score > b.score, "{l:?} vs {b:?}");
    assert_eq!(b.via, Via::Contains);
    assert_eq!((located.hits[0].line, located.hits[0].last_line), (1, 2));
}

#[test]
fn a_location_alone_matches_inside_a_trace() {
    let ds = sample();
    let t = Triage::new(&ds);
    let report = t.scan(
        &ds,
        [
            "panic: something odd happened",
            "goroutine 1 [running]:",
            "runtime.mapassign(...)",
            "\t/usr/local/go/src/runtime/map.go:607 +0x1d",
        ],
        1,
    );
    assert_eq!(ids(&ds, &report), [["58fe51a091e185cf"]]);
    assert_eq!(report.hits[0].matches[0].via, Via::Location);
}

#[test]
fn an_info_line_naming_a_location_is_not_a_hit() {
    let ds = sample();
    let t = Triage::new(&ds);
    let report = t.scan(
        &ds,
        ["2024-01-15 10:00:00 INFO loaded src/runtime/map.go:607"],
        1,
    );
    assert!(report.is_empty(), "{:?}", report.hits);
}

#[test]
fn a_logfmt_info_line_with_a_caller_is_no_unknown_error() {
    let ds = sample();
    let t = Triage::new(&ds);
    let unknown = |line: &str| {
        let mut s = t.scanner(&ds, 1).report_unknown(true);
        let mut hits: Vec<LineHits> = s.push(line).into_iter().collect();
        hits.extend(s.finish());
        hits.len()
    };
    // go-kit and slog put the time and the caller before the level field.
    for line in [
        "ts=2024-01-15T10:23:45.123456789Z caller=server.go:85 component=api level=info msg=\"listening\"",
        "time=2024-01-15T10:23:45.123+01:00 source=/srv/app/internal/http/server.go:3285 level=INFO msg=\"started\"",
        "caller=server.go:85 level=debug msg=\"request done\" path=/x",
        r#"{"level":"info","ts":1705314225.5,"caller":"http/server.go:85","msg":"listening"}"#,
        // A warning's caller is where the call is, not a trace: the level field decides.
        "level=warn caller=server.go:85 msg=\"failed to reach peer, retrying\"",
        r#"{"level":"warn","caller":"http/server.go:85","msg":"slow request"}"#,
    ] {
        assert_eq!(unknown(line), 0, "{line}");
    }
    let error = "ts=2024-01-15T10:23:45.123456789Z caller=server.go:85 component=api level=error msg=\"quux exploded\"";
    assert_eq!(unknown(error), 1);
    let error = r#"{"level":"error","caller":"http/server.go:85","msg":"quux exploded"}"#;
    assert_eq!(unknown(error), 1);
}

#[test]
fn overlap_applies_to_error_lines_only() {
    let ds = sample();
    let t = Triage::new(&ds);
    let text = "nodes is forbidden: User \"x\" cannot list resource \"nodes\" in API group \"\" at the cluster scope";
    let error = t.scan(&ds, [format!("2024-01-15 10:00:00 ERROR {text}")], 1);
    let info = t.scan(&ds, [format!("2024-01-15 10:00:00 INFO {text}")], 1);
    assert_eq!(ids(&ds, &error), [["3021ef161b4b6015"]]);
    assert_eq!(error.hits[0].matches[0].via, Via::Overlap);
    assert!(info.is_empty());
}

#[test]
fn groups_count_hits_most_frequent_first() {
    let ds = sample();
    let t = Triage::new(&ds);
    let a = "ERROR database is locked";
    let b = "ERROR deadlock detected";
    let report = t.scan(&ds, [a, b, "INFO all good", a, a], 1);
    let groups: Vec<(String, usize, Vec<usize>)> = report
        .groups
        .iter()
        .map(|g| {
            (
                ds.entries().at(g.record).id.to_string(),
                g.count,
                g.lines.clone(),
            )
        })
        .collect();
    assert_eq!(
        groups,
        [
            ("c2806c2ccae5adc8".to_string(), 3, vec![1, 4, 5]),
            ("c247199589bf85e9".to_string(), 1, vec![2]),
        ]
    );
}

#[test]
fn limit_keeps_the_best_records_first() {
    let ds = sample();
    let t = Triage::new(&ds);
    let line = "rpc error: code = Unavailable desc = connection error: desc = \"transport: Error while dialing: dial tcp 10.0.0.1:50051: connect: connection refused\"";
    assert_eq!(ids(&ds, &t.scan(&ds, [line], 1)), [["6a42ea166f8cf182"]]);
    let two = t.scan(&ds, [line], 5);
    assert_eq!(ids(&ds, &two), [["6a42ea166f8cf182", "8ef2b1e4ccf0cbac"]]);
    let m = &two.hits[0].matches;
    assert!(m[0].score > m[1].score);
}

#[test]
fn equal_messages_tie_on_the_smaller_id_and_one_repositorys_are_one_row() {
    let entry = |id: &str, repo: &str| Entry {
        id: id.into(),
        message: "replica lagging behind leader".into(),
        pattern: None,
        repo: Some(repo.into()),
        file_path: None,
        line_number: None,
        severity: None,
        error_type: None,
        tags: Box::new([]),
        shared: false,
        source: 0,
        start: 0,
        len: 0,
        line: 0,
    };
    let line = ["WARN replica lagging behind leader by 3s"];
    let entries = [
        entry("bbb", "x/b"),
        entry("aaa", "x/a"),
        entry("ccc", "x/c"),
    ];
    let t = Triage::from_entries(&entries);
    let one = t.scan(&entries, line, 1);
    assert_eq!(one.hits[0].matches[0].record, 1);
    let all = t.scan(&entries, line, 3);
    let order: Vec<usize> = all.hits[0].matches.iter().map(|m| m.record).collect();
    assert_eq!(order, [1, 0, 2]);
    // One message at three sites of one repository is one row, at its first site, as a
    // pasted line is answered.
    let entries = [
        entry("bbb", "x/a"),
        entry("aaa", "x/a"),
        entry("ccc", "x/a"),
    ];
    let t = Triage::from_entries(&entries);
    let all = t.scan(&entries, line, 3);
    let order: Vec<usize> = all.hits[0].matches.iter().map(|m| m.record).collect();
    assert_eq!(order, [0]);
    assert_eq!(t.sites_of(0), [0, 1, 2]);
}

#[test]
fn streaming_and_whole_log_agree() {
    let ds = sample();
    let t = Triage::new(&ds);
    let log = include_str!("../../../../tests/fixtures/logs/java_stacktrace.log");
    let whole = t.scan(&ds, log.lines(), 2);
    let mut scanner = t.scanner(&ds, 2);
    let mut streamed = Vec::new();
    for line in log.split_inclusive('\n') {
        streamed.extend(scanner.push(line));
    }
    streamed.extend(scanner.finish());
    assert_eq!(whole.hits, streamed);
}

#[test]
fn odd_input_never_panics() {
    let ds = sample();
    let t = Triage::new(&ds);
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut lines = Vec::new();
    for _ in 0..500 {
        let len = (rng % 300) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let alphabet = b"{}%<>'\"`\\:. \tabcE0123/\x1b[";
                alphabet[(rng % alphabet.len() as u64) as usize]
            })
            .collect();
        lines.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    lines.push("x".repeat(MAX_LINE_BYTES * 2));
    lines.push(format!("{}é", "a".repeat(MAX_LINE_BYTES - 1)));
    // Wide spaces before the last field, brackets after a level, a level word alone.
    for odd in [
        "INFO [a\u{3000}b] c: d\u{a0}e\u{3000}",
        "ERROR [",
        "WARN [x y z] ",
        "warning",
        "1 2 critical\u{a0}",
        "\u{3000}",
    ] {
        lines.push(odd.to_string());
    }
    t.scan(&ds, &lines, 3);
    Triage::from_entries(&[][..]).scan(&[][..], &lines, 1);
}

#[test]
fn a_pattern_from_a_line_matches_that_line_and_its_siblings() {
    let (message, pattern) = pattern_from_line(
        "081109 204655 556 INFO dfs.DataNode$PacketResponder: Received block blk_3587508140051953248 of size 67108864 from /10.251.42.84\n",
    );
    assert_eq!(
        message,
        "Received block blk_3587508140051953248 of size 67108864 from /10.251.42.84"
    );
    assert_eq!(pattern, "Received block blk_{} of size {} from /{}");
    let (_, short) = pattern_from_line("Jun 15 04:06:20 combo logrotate: normal");
    assert_eq!(short, "normal");
}

#[test]
fn two_threads_find_what_one_finds() {
    let ds = sample();
    let t = Triage::new(&ds);
    let mut log = Vec::new();
    for i in 0..3000 {
        log.push(format!("2024-01-15 10:00:{:02} INFO served {i}", i % 60));
        log.push(format!("2024-01-15 10:00:{:02} ERROR {VNODE}", i % 60));
        if i % 7 == 0 {
            log.push("    at com.x.Pool.get(Pool.java:197)".to_string());
        }
    }
    let one = t.scan(&ds, &log, 1).hits;
    let mut scanner = t.scanner(&ds, 1);
    let mut two = Vec::new();
    scanner.push_many(&log, &mut two);
    two.extend(scanner.finish());
    assert_eq!(one.len(), 3000);
    assert_eq!(one, two);
}

#[test]
fn a_settled_event_is_reported_again_only_when_it_changes() {
    let ds = sample();
    let t = Triage::new(&ds);
    let mut scanner = t.scanner(&ds, 1);
    assert!(scanner.push(&format!("ERROR {VNODE}")).is_none());
    let settled = scanner.settle().expect("reported on a pause");
    assert_eq!(settled.line, 1);
    assert!(scanner.settle().is_none(), "not twice");
    // The trace that follows names the record's location: the same record, a higher score.
    assert!(
        scanner
            .push(
                "   at /build/src/stream/src/executor/backfill/snapshot_backfill/executor.rs:428:33"
            )
            .is_none()
    );
    let update = scanner.finish().expect("an update");
    assert_eq!((update.line, update.last_line), (1, 2));
    assert!(update.matches[0].score > settled.matches[0].score);
    let mut same = t.scanner(&ds, 1);
    same.push(&format!("ERROR {VNODE}"));
    same.settle().expect("reported");
    assert!(
        same.push("2024-01-15 INFO next").is_none(),
        "unchanged: not again"
    );
}

#[test]
fn a_java_frame_names_its_class_file_not_every_file_of_that_name() {
    let entry = |id: &str, path: &str| {
        let mut e = sample().entries().at(0).to_owned();
        e.id = id.into();
        e.message = "pool exhausted while waiting".into();
        e.pattern = None;
        e.file_path = Some(path.into());
        e.line_number = Some(197);
        e
    };
    let entries = [
        entry("a-other", "src/main/java/org/other/Pool.java"),
        entry("b-hikari", "src/main/java/com/zaxxer/hikari/pool/Pool.java"),
    ];
    let t = Triage::from_entries(&entries);
    let report = t.scan(
        &entries,
        [
            "2024-01-15 ERROR request failed",
            "\tat com.zaxxer.hikari.pool.Pool.get(Pool.java:197)",
        ],
        2,
    );
    let found: Vec<&str> = report.hits[0]
        .matches
        .iter()
        .map(|m| &*entries[m.record].id)
        .collect();
    assert_eq!(found, ["b-hikari"]);
}

#[test]
fn an_event_without_a_time_happened_by_the_last_time_before_it() {
    let ds = sample();
    let t = Triage::new(&ds);
    let log = [
        "ERROR {VNODE} before any time",
        "2024-01-15T10:00:00Z INFO up",
        "2024-01-15T10:00:05Z ERROR {VNODE}",
        "ERROR {VNODE} on a line of its own",
        r#"{"level":"error","ts":1705312810.5,"msg":"{VNODE}"}"#,
        "2024-01-15T09:59:00Z INFO a line written late",
    ]
    .map(|l| l.replace("{VNODE}", VNODE));
    let mut scanner = t.scanner(&ds, 1);
    let mut hits = Vec::new();
    scanner.push_many(&log, &mut hits);
    hits.extend(scanner.finish());
    let times: Vec<Option<i64>> = hits.iter().map(|h| h.time.map(|s| s.millis)).collect();
    let at = |s: &str| clock::parse(s).map(|s| s.millis);
    assert_eq!(
        times,
        vec![
            None,
            at("2024-01-15T10:00:05Z"),
            at("2024-01-15T10:00:05Z"),
            at("2024-01-15T10:00:10.5Z"),
        ]
    );
    // The log's first and latest timed lines, whatever their order.
    let extent = scanner.extent();
    let millis = |s: Option<Stamp>| s.map(|s| s.millis);
    assert_eq!(millis(extent.earliest), at("2024-01-15T09:59:00Z"));
    assert_eq!(millis(extent.latest), at("2024-01-15T10:00:00Z"));
}

#[test]
fn two_threads_carry_the_time_across_their_cut() {
    let ds = sample();
    let t = Triage::new(&ds);
    let mut log = Vec::new();
    for i in 0..3000 {
        log.push(format!(
            "2024-01-15 10:{:02}:{:02} INFO served {i}",
            i / 60 % 60,
            i % 60
        ));
        // A level but no time: it happened at the line before it.
        log.push(format!("ERROR {VNODE}"));
    }
    let mut one = t.scanner(&ds, 1);
    let mut sequential: Vec<LineHits> = log.iter().filter_map(|l| one.push(l)).collect();
    sequential.extend(one.finish());
    let mut two = t.scanner(&ds, 1);
    let mut parallel = Vec::new();
    two.push_many(&log, &mut parallel);
    parallel.extend(two.finish());
    assert_eq!(sequential.len(), 3000);
    assert!(sequential.iter().all(|h| h.time.is_some()));
    assert_eq!(sequential, parallel);
    assert_eq!(one.extent(), two.extent());
}

#[test]
fn a_short_form_ending_with_a_placeholder_takes_the_last_field_not_a_sentence() {
    let entry = |id: &str, message: &str| {
        let mut e = sample().entries().at(0).to_owned();
        e.id = id.into();
        e.message = message.into();
        e.pattern = None;
        e.file_path = None;
        e.line_number = None;
        e
    };
    let entries = [
        entry("visible", "visible is {}"),
        entry("conn", "Connection {}"),
    ];
    let t = Triage::from_entries(&entries);
    let found = |line: &str| -> Vec<String> {
        t.scan(&entries, [line], 1)
            .hits
            .iter()
            .flat_map(|h| h.matches.iter().map(|m| entries[m.record].id.to_string()))
            .collect()
    };
    assert_eq!(
        found("03-17 16:13:38.869  2227  2227 D TextView: visible is system.charge.show"),
        ["visible"]
    );
    assert_eq!(
        found("2015-10-18 18:01:51,963 INFO [main] org.x.Y: visible is a.b.c"),
        ["visible"],
        "a log4j thread name and logger are the header"
    );
    assert!(
        found("Jun 14 15:16:01 combo sshd[1]: Connection closed by 1.2.3.4 port 22").is_empty()
    );
    assert!(found("D TextView: visible is not what it seems").is_empty());
}
