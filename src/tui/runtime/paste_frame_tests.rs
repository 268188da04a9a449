use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::*;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Input {
    Input::Event(Event::Key(KeyEvent::new(code, modifiers)))
}

fn ch(c: char) -> Input {
    key(KeyCode::Char(c), KeyModifiers::NONE)
}

fn pasted(text: &str, closed: Closed) -> Input {
    Input::Paste(Pasted {
        text: text.into(),
        closed,
        dropped: 0,
    })
}

/// Feeds each chunk at `t0 + gap × its index`, all at once each, and collects the inputs.
fn feed_all(chunks: &[&[u8]], gap: Duration) -> Vec<Input> {
    let t0 = Instant::now();
    let mut f = Framer::new();
    let mut out = Vec::new();
    for (n, chunk) in chunks.iter().enumerate() {
        out.extend(f.feed(chunk, t0 + gap * n as u32));
    }
    out
}

#[test]
fn keys_modifiers_and_mouse_reports_decode_as_crossterm_did() {
    let out = feed_all(
        &[
            b"a",
            b"\x1bb",
            b"\x1b[1;5D",
            b"\x1b[3~",
            b"\x1bOP",
            b"\x1b[Z",
            b"\x03",
            b"\x7f",
            b"\r",
            b"\x1b",
            "é".as_bytes(),
            b"\x1b[<0;10;5M",
            b"\x1b[<65;3;4M",
        ],
        ESC_WAIT,
    );
    let mouse = |kind, column, row| {
        Input::Event(Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }))
    };
    assert_eq!(
        out,
        vec![
            ch('a'),
            key(KeyCode::Char('b'), KeyModifiers::ALT),
            key(KeyCode::Left, KeyModifiers::CONTROL),
            key(KeyCode::Delete, KeyModifiers::NONE),
            key(KeyCode::F(1), KeyModifiers::NONE),
            key(KeyCode::BackTab, KeyModifiers::SHIFT),
            key(KeyCode::Char('c'), KeyModifiers::CONTROL),
            key(KeyCode::Backspace, KeyModifiers::NONE),
            key(KeyCode::Enter, KeyModifiers::NONE),
            key(KeyCode::Esc, KeyModifiers::NONE),
            ch('é'),
            mouse(MouseEventKind::Down(MouseButton::Left), 9, 4),
            mouse(MouseEventKind::ScrollDown, 2, 3),
        ]
    );
}

#[test]
fn a_sequence_split_across_reads_is_one_key() {
    assert_eq!(
        feed_all(&[b"\x1b[1;", b"5C"], ms(1)),
        vec![key(KeyCode::Right, KeyModifiers::CONTROL)]
    );
    // A read ending in ESC: the rest of the sequence comes in the next read.
    assert_eq!(
        feed_all(&[b"x\x1b", b"[A"], ESC_WAIT.checked_sub(ms(1)).unwrap()),
        vec![ch('x'), key(KeyCode::Up, KeyModifiers::NONE)]
    );
    // Two ESCs together are Esc, as crossterm read them.
    assert_eq!(
        feed_all(&[b"\x1b\x1b"], ms(1)),
        vec![key(KeyCode::Esc, KeyModifiers::NONE)]
    );
}

#[test]
fn a_lone_esc_is_the_esc_key_once_nothing_follows_it() {
    let t0 = Instant::now();
    let mut f = Framer::new();
    assert_eq!(f.feed(b"\x1b", t0), vec![]);
    assert_eq!(f.deadline(), Some(t0 + ESC_WAIT));
    assert_eq!(f.tick((t0 + ESC_WAIT).checked_sub(ms(1)).unwrap()), vec![]);
    let esc = key(KeyCode::Esc, KeyModifiers::NONE);
    assert_eq!(f.tick(t0 + ESC_WAIT), vec![esc.clone()]);
    assert_eq!(f.deadline(), None);
    // A key read after the wait is a key of its own, even before any tick.
    f.feed(b"\x1b", t0);
    assert_eq!(f.feed(b"o", t0 + ESC_WAIT), vec![esc, ch('o')]);
}

#[test]
fn a_normal_paste_is_one_input_with_keys_around_it() {
    let out = feed_all(&[b"a\x1b[200~two\nlines\x1b[201~b"], ms(0));
    assert_eq!(
        out,
        vec![ch('a'), pasted("two\nlines", Closed::Marker), ch('b')]
    );
}

#[test]
fn markers_split_anywhere_across_reads_still_frame_the_paste() {
    let whole: &[u8] = b"k\x1b[200~pa\x1bste\x1b[201~z";
    for a in 1..whole.len() {
        for b in a + 1..whole.len() {
            let out = feed_all(&[&whole[..a], &whole[a..b], &whole[b..]], ms(1));
            assert_eq!(
                out,
                vec![ch('k'), pasted("pa\x1bste", Closed::Marker), ch('z')],
                "split at {a} and {b}"
            );
        }
    }
}

#[test]
fn a_stray_start_is_closed_after_a_quiet_spell_and_keys_go_on() {
    let t0 = Instant::now();
    let mut f = Framer::new();
    assert_eq!(f.feed(b"\x1b[200~junk", t0), vec![]);
    assert_eq!(f.deadline(), Some(t0 + PASTE_QUIET));
    assert_eq!(
        f.tick((t0 + PASTE_QUIET).checked_sub(ms(1)).unwrap()),
        vec![]
    );
    let closed = f.tick(t0 + PASTE_QUIET);
    assert_eq!(closed, vec![pasted("junk", Closed::Quiet)]);
    assert_eq!(f.deadline(), None);
    assert_eq!(
        f.feed(b"ab", t0 + PASTE_QUIET + ms(5)),
        vec![ch('a'), ch('b')]
    );
}

#[test]
fn keys_read_after_the_deadline_are_keys_even_when_the_tick_came_late() {
    let t0 = Instant::now();
    let mut f = Framer::new();
    f.feed(b"\x1b[200~", t0);
    let out = f.feed(b"q", t0 + PASTE_QUIET + ms(300));
    assert_eq!(out, vec![pasted("", Closed::Quiet), ch('q')]);
}

#[test]
fn a_paste_that_keeps_trickling_is_closed_after_the_longest_time() {
    let t0 = Instant::now();
    let mut f = Framer::new();
    f.feed(b"\x1b[200~", t0);
    let mut t = t0;
    while t + ms(500) < t0 + PASTE_LONGEST {
        t += ms(500);
        assert_eq!(f.feed(b"x", t), vec![], "closed early at {:?}", t - t0);
    }
    assert_eq!(f.deadline(), Some(t0 + PASTE_LONGEST));
    let out = f.tick(t0 + PASTE_LONGEST);
    let Some(Input::Paste(p)) = out.first() else {
        panic!("{out:?}")
    };
    assert_eq!(p.closed, Closed::Overlong);
    assert_eq!(p.text, "x".repeat(19));
    assert!(
        p.notice()
            .is_some_and(|n| n.contains("did not end within 10 s"))
    );
}

#[test]
fn ctrl_c_typed_into_a_stray_paste_interrupts_it() {
    let t0 = Instant::now();
    let mut f = Framer::new();
    f.feed(b"\x1b[200~", t0);
    assert_eq!(f.feed(b"\x03", t0 + KEY_GAP), vec![Input::Interrupt]);
    assert_eq!(f.deadline(), None, "the paste is gone");
    assert_eq!(f.feed(b"a", t0 + KEY_GAP + ms(1)), vec![ch('a')]);
    // After typed keys went into the paste too.
    let mut f = Framer::new();
    f.feed(b"\x1b[200~", t0);
    f.feed(b"abc", t0 + ms(200));
    assert_eq!(f.feed(b"\x03\x03", t0 + ms(400)), vec![Input::Interrupt]);
}

#[test]
fn ctrl_c_inside_a_fast_paste_is_text() {
    let t0 = Instant::now();
    let mut f = Framer::new();
    // In the same read as other text, and alone in a read right behind the paste's bytes.
    assert_eq!(f.feed(b"\x1b[200~a\x03b", t0), vec![]);
    assert_eq!(
        f.feed(b"\x03", (t0 + KEY_GAP).checked_sub(ms(1)).unwrap()),
        vec![]
    );
    assert_eq!(
        f.feed(b"c\x1b[201~", t0 + ms(60)),
        vec![pasted("a\x03b\x03c", Closed::Marker)]
    );
}

#[test]
fn a_huge_paste_is_cut_at_the_cap_and_says_so() {
    let t0 = Instant::now();
    let mut f = Framer::new();
    f.feed(b"\x1b[200~", t0);
    let chunk = vec![b'x'; 1 << 20];
    let mut sent = 0;
    while sent < PASTE_CAP + 3 * chunk.len() {
        assert_eq!(f.feed(&chunk, t0), vec![]);
        sent += chunk.len();
    }
    // Everything past the cap, to the end marker, is dropped and counted.
    let out = f.feed("é\x1b[201~k".as_bytes(), t0);
    let [Input::Paste(p), k] = out.as_slice() else {
        panic!("{} inputs", out.len())
    };
    assert_eq!(*k, ch('k'));
    assert_eq!(p.text.len(), PASTE_CAP);
    assert_eq!(p.dropped, sent + 2 - PASTE_CAP);
    assert_eq!(
        p.notice().as_deref(),
        Some(format!("paste cut to 16 MB: {} bytes after it dropped", p.dropped).as_str())
    );
}

#[test]
fn a_character_cut_in_two_by_the_cap_is_dropped_whole() {
    let t0 = Instant::now();
    let mut f = Framer::new();
    let mut bytes = b"\x1b[200~".to_vec();
    bytes.extend(vec![b'x'; PASTE_CAP - 1]);
    bytes.extend("é\x1b[201~".as_bytes());
    let out = f.feed(&bytes, t0);
    let [Input::Paste(p)] = out.as_slice() else {
        panic!("{} inputs", out.len())
    };
    assert_eq!(p.text.len(), PASTE_CAP - 1);
    assert!(p.text.bytes().all(|b| b == b'x'));
    assert_eq!(p.dropped, 2);
}

#[test]
fn a_normal_paste_has_no_notice_and_a_stray_one_explains_itself() {
    let normal = Pasted {
        text: "x".into(),
        closed: Closed::Marker,
        dropped: 0,
    };
    assert_eq!(normal.notice(), None);
    let stray = Pasted {
        closed: Closed::Quiet,
        ..normal
    };
    assert!(
        stray
            .notice()
            .is_some_and(|n| n.contains("never ended it: closed after 1 s"))
    );
}

#[test]
fn a_stray_end_marker_outside_a_paste_is_dropped() {
    assert_eq!(feed_all(&[b"a\x1b[201~b"], ms(0)), vec![ch('a'), ch('b')]);
}

#[test]
fn a_control_sequence_that_never_ends_is_dropped_to_its_final_byte() {
    let mut junk = b"\x1b[".to_vec();
    junk.extend(b"1;".repeat(50_000));
    junk.extend(b"Xa\x1b[");
    junk.extend(b"2".repeat(500));
    junk.extend(b"\x1b[Ab");
    let out = feed_all(&[&junk[..70_000], &junk[70_000..]], ms(1));
    assert_eq!(
        out,
        vec![ch('a'), key(KeyCode::Up, KeyModifiers::NONE), ch('b')]
    );
}

/// Terminal-ish garbage: escape sequences cut anywhere, paste markers without partners, mouse
/// reports with absurd numbers, broken UTF-8, Ctrl-c, at random gaps. Nothing may panic, a
/// pending sequence never outgrows its cap, and once everything is quiet long enough nothing
/// stays pending.
#[test]
fn random_terminal_garbage_never_panics_and_always_settles() {
    const PIECES: &[&[u8]] = &[
        b"\x1b",
        b"[",
        b"200~",
        b"201~",
        b"\x1b[200~",
        b"\x1b[201~",
        b"\x1b[<",
        b"0;",
        b";",
        b"99999999999999999999",
        b"M",
        b"m",
        b"~",
        b"1;5C",
        b"O",
        b"P",
        b"\x03",
        b"\xff",
        b"\xe2\x82",
        b"\xac",
        b"a",
        b"\r",
        b"\x7f",
        b"\x1b[?",
        b"\x1bP",
        b"\x1b]52;c;",
        b"\x07",
        b"[[[[[[[[",
        b"\x1b[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;21;22;23u",
    ];
    let mut rng = fastrand::Rng::with_seed(16);
    for _ in 0..300 {
        let t0 = Instant::now();
        let mut now = t0;
        let mut f = Framer::new();
        for _ in 0..rng.usize(1..60) {
            let mut chunk = Vec::new();
            for _ in 0..rng.usize(1..8) {
                chunk.extend_from_slice(PIECES[rng.usize(..PIECES.len())]);
            }
            now += ms(rng.u64(0..80));
            let _ = f.feed(&chunk, now);
            assert!(
                f.seq.len() <= SEQ_MAX,
                "pending sequence {} bytes",
                f.seq.len()
            );
            if rng.bool() {
                let _ = f.tick(now + ms(rng.u64(0..30)));
            }
        }
        let quiet = now + PASTE_LONGEST + PASTE_QUIET;
        let _ = f.tick(quiet);
        let _ = f.tick(quiet + ESC_WAIT);
        assert!(
            f.paste.is_none(),
            "a paste stays open after a long quiet spell"
        );
        assert_eq!(
            f.deadline(),
            None,
            "nothing pending after a long quiet spell"
        );
        assert!(f.seq.is_empty(), "a partial sequence stays: {:?}", f.seq);
    }
}

#[test]
fn an_incomplete_sequence_left_alone_does_not_swallow_the_next_key() {
    let got = feed_all(&[b"\x1b[<0;12", b"a"], SEQ_WAIT + ms(1));
    assert_eq!(got, [ch('a')]);
    // Within the wait the same bytes are one (broken, dropped) sequence, as crossterm reads it.
    let mut f = Framer::new();
    let t0 = Instant::now();
    assert!(f.feed(b"\x1b[<0;12", t0).is_empty());
    assert_eq!(f.deadline(), Some(t0 + SEQ_WAIT));
    assert!(f.tick(t0 + SEQ_WAIT).is_empty());
    assert_eq!(f.deadline(), None);
}
