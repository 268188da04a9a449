//! The runner's tests: real programs (sh, cat, sleep), each with a deadline.

use super::*;

#[test]
fn success_failure_and_timeout() {
    assert_eq!(
        run_with_input("sh", &["-c", "cat >/dev/null"], "hi", TOOL_TIMEOUT).ok(),
        Some(())
    );
    let err = run_with_input("sh", &["-c", "echo nope >&2; exit 3"], "", TOOL_TIMEOUT)
        .expect_err("exit 3");
    assert!(
        matches!(&err, RunError::Failed { code: Some(3), stderr, .. } if stderr.trim() == "nope"),
        "{err:?}"
    );
    assert_eq!(err.to_string(), "sh exited with status 3: nope");
    let started = Instant::now();
    let err = run_with_input("sh", &["-c", "sleep 5"], "", Duration::from_millis(200))
        .expect_err("timeout");
    assert!(matches!(err, RunError::TimedOut { .. }), "{err:?}");
    assert!(err.to_string().contains("did not finish"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn a_tool_that_never_reads_cannot_block_the_writer() {
    let big = "x".repeat(1 << 20);
    let r = run_with_input("sh", &["-c", "exit 0"], &big, TOOL_TIMEOUT);
    assert!(r.is_ok(), "{r:?}");
}

#[test]
fn stdout_is_kept_and_stdin_fed_without_a_deadlock() {
    // More than a pipe holds, both ways: `cat` writes while we are still feeding it.
    let big = "x".repeat(1 << 20);
    let mut cat = Command::new("cat");
    cat.arg("-");
    let out = Run::new(cat).input(big.as_bytes()).run().expect("cat");
    assert_eq!(out.stdout.len(), big.len());
    assert_eq!(out.stdout, big);
    let mut printf = Command::new("sh");
    printf.args(["-c", "printf 'a\\nb'; echo said >&2"]);
    let out = Run::new(printf).run().expect("printf");
    assert_eq!(out.stdout, "a\nb");
    assert_eq!(out.stderr, "said\n");
}

#[cfg(target_os = "linux")]
#[test]
fn a_program_past_its_deadline_is_killed_and_reaped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pid_file = dir.path().join("pid");
    let mut sleeper = Command::new("sh");
    sleeper
        .args(["-c", "echo $$ > \"$1\"; exec sleep 30", "sh"])
        .arg(&pid_file);
    let err = Run::new(sleeper)
        .timeout(Duration::from_millis(300))
        .run()
        .expect_err("past its deadline");
    assert!(
        matches!(&err, RunError::TimedOut { program, .. } if program == "sh"),
        "{err:?}"
    );
    let pid = std::fs::read_to_string(&pid_file).expect("the child wrote its pid");
    let proc = Path::new("/proc").join(pid.trim());
    assert!(!proc.exists(), "process {} is still there", pid.trim());
}

#[test]
fn a_program_left_running_at_its_deadline_says_so() {
    let mut sleeper = Command::new("sleep");
    sleeper.arg("5");
    let err = Run::new(sleeper)
        .timeout(Duration::from_millis(100))
        .discard_output()
        .leave_running_at_deadline()
        .run()
        .expect_err("still running");
    assert!(matches!(err, RunError::StillRunning { .. }), "{err:?}");
}

#[test]
fn a_failure_names_the_program_its_status_and_first_words() {
    let mut failing = Command::new("sh");
    failing.args([
        "-c",
        "echo; echo '  first \x1b[31mred' >&2; echo second >&2; exit 4",
    ]);
    let err = Run::new(failing).run().expect_err("exit 4");
    let RunError::Failed { code, stderr, .. } = &err else {
        panic!("{err:?}");
    };
    assert_eq!(*code, Some(4));
    assert!(stderr.contains("second"), "the whole stderr is kept");
    let said = err.to_string();
    assert!(
        said.starts_with("sh exited with status 4: first "),
        "{said}"
    );
    assert!(
        !said.contains('\x1b'),
        "no escape reaches the terminal: {said}"
    );
}

#[test]
fn missing_tools_are_named() {
    let err = run_with_input("errdex-no-such-tool", &[] as &[&str], "", TOOL_TIMEOUT)
        .expect_err("missing");
    assert!(matches!(err, RunError::NotFound { .. }), "{err:?}");
    assert_eq!(err.to_string(), "errdex-no-such-tool not found");
    assert!(which("errdex-no-such-tool").is_none());
    assert!(which("sh").is_some());
}
