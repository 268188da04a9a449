//! The triage view's timelines: bars over the log's time span when its lines carry times
//! (ISO, syslog, JSON epoch fields), over its lines when not, with first and last seen on
//! each row.

use super::tests::triaged_log;
use crate::tui::testing::{render, screen};

/// The deadlock in a burst at the start and once an hour later; the timeout in between. By
/// line they would look spread evenly: by time the burst is at the left edge.
const HOUR_LOG: &str = "2024-05-01T10:00:00Z INFO boot\n\
    2024-05-01T10:00:01Z ERROR deadlock detected while updating rows\n\
    2024-05-01T10:00:02Z ERROR deadlock detected while updating rows\n\
    2024-05-01T10:30:00Z WARN request timed out after 30s\n\
    2024-05-01T11:00:00Z ERROR deadlock detected while updating rows\n\
    2024-05-01T11:00:05Z INFO ok\n";

#[test]
fn snapshot_timeline_by_time_80x24() {
    let m = triaged_log(HOUR_LOG, 80, 24);
    let text = screen(&m);
    assert!(
        text.contains("bars over 2024-05-01 10:00:00–11:00:05"),
        "{text}"
    );
    assert!(text.contains("first 10:00:01 · last 11:00:00"), "{text}");
    assert!(text.contains("seen 10:30:00"), "{text}");
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn without_times_the_bars_are_over_the_lines() {
    let log = "INFO boot\nERROR deadlock detected while updating rows\nINFO a\nINFO b\n\
               ERROR deadlock detected while updating rows\nWARN request timed out after 30s\n";
    let m = triaged_log(log, 80, 24);
    let text = screen(&m);
    assert!(text.contains("bars over lines 1–6"), "{text}");
    assert!(text.contains("first line 2 · last line 5"), "{text}");
    assert!(text.contains("seen line 6"), "{text}");
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn syslog_and_json_epoch_times_and_days() {
    let syslog = "Jun 14 15:16:01 web app[1]: INFO up\n\
                  Jun 14 15:16:02 web app[1]: ERROR deadlock detected while updating rows\n\
                  Jun 15 09:00:00 web app[1]: INFO still up\n";
    let text = screen(&triaged_log(syslog, 80, 24));
    assert!(
        text.contains("bars over Jun 14 15:16:01 – Jun 15 09:00:00"),
        "{text}"
    );
    assert!(text.contains("seen Jun 14 15:16:02"), "{text}");
    // pino writes epoch milliseconds: 2024-05-01T10:00:00Z and ten seconds later.
    let json = r#"{"level":30,"time":1714557600000,"msg":"boot"}
{"level":50,"time":1714557605000,"msg":"deadlock detected while updating rows"}
{"level":30,"time":1714557610000,"msg":"ok"}
"#;
    let text = screen(&triaged_log(json, 80, 24));
    assert!(
        text.contains("bars over 2024-05-01 10:00:00–10:00:10"),
        "{text}"
    );
    assert!(text.contains("seen 10:00:05"), "{text}");
}

#[test]
fn the_incident_report_has_the_same_timeline() {
    let m = triaged_log(HOUR_LOG, 80, 24);
    let report = crate::tui::triage::incident_report(&m).expect("a report");
    assert!(
        report.contains("(2024-05-01 10:00:00–11:00:05)"),
        "{report}"
    );
    // 24 stretches of 2.5 minutes: two events in the first, one in the last.
    assert!(
        report.contains("- **Timeline:** `█······················▄`"),
        "{report}"
    );
}
