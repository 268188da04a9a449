//! Real Rust crates' panics, and errors of their own types, each labelled with the statement
//! that raised it (an error: the statement of its `Display` that wrote its first words, read
//! off a backtrace taken at that write).
//!
//! Calls functions of registry crates with bad input, each under `catch_unwind`, and prints
//! one JSON object per panic: the message as the program printed it (its first line), and
//! the statement that wrote it, read off the panic's backtrace (what `RUST_BACKTRACE=1`
//! shows): of the frames in a crate under ROOT, the innermost whose statement holds a string
//! literal or is an assertion (a `#[track_caller]` helper such as bytes' `range()` panics
//! with its own words, not at the line its caller is reported at). When that literal has no
//! words (`"{}"`), or no crate frame holds one (a slice index out of bounds in a crate: core
//! wrote the text), the panic is left out. Nobody picks the lines or writes the labels.
//! Beside the message alone, `traceback` holds what the default panic hook prints on the
//! program's stderr, the panic's location and its message (`thread 'main' panicked at
//! FILE:LINE:COL:`); a `#[track_caller]` panic reports its caller there, not its statement.
//!
//!     cargo run --offline --release -- ROOT > cases.jsonl
//!
//! ROOT is the folder the crates are unpacked in (`~/.cargo/registry/src/index…`); a case's
//! file is relative to it.

mod error_cases;
mod label;

use std::backtrace::Backtrace;
use std::cell::RefCell;
use std::hint::black_box;
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};

thread_local! {
    /// The last panic's message, backtrace and the location the default hook prints.
    static LAST: RefCell<Option<(String, String, String)>> = const { RefCell::new(None) };
}

type Case = (&'static str, Box<dyn Fn()>);

fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    let mut add = |name: &'static str, f: Box<dyn Fn()>| out.push((name, f));
    add(
        "bytes slice",
        Box::new(|| {
            black_box(bytes::Bytes::from_static(b"abc").slice(2..10));
        }),
    );
    add(
        "bytes slice start",
        Box::new(|| {
            black_box(bytes::Bytes::from_static(b"abc").slice(5..));
        }),
    );
    add(
        "bytes split_to",
        Box::new(|| {
            black_box(bytes::BytesMut::from(&b"abc"[..]).split_to(9));
        }),
    );
    add(
        "bytes split_off",
        Box::new(|| {
            black_box(bytes::Bytes::from_static(b"abc").split_off(9));
        }),
    );
    add(
        "bytes advance",
        Box::new(|| {
            let mut b = bytes::Bytes::from_static(b"abc");
            bytes::Buf::advance(&mut b, 9);
        }),
    );
    add(
        "bytes get_u32",
        Box::new(|| {
            let mut b: &[u8] = b"ab";
            black_box(bytes::Buf::get_u32(&mut b));
        }),
    );
    add(
        "bytes put_slice",
        Box::new(|| {
            let mut buf = [0u8; 2];
            bytes::BufMut::put_slice(&mut &mut buf[..], b"abcdef");
        }),
    );
    add(
        "arrayvec push",
        Box::new(|| {
            let mut v = arrayvec::ArrayVec::<u8, 2>::new();
            (0..3).for_each(|i| v.push(i));
        }),
    );
    add(
        "arrayvec insert",
        Box::new(|| arrayvec::ArrayVec::<u8, 2>::new().insert(5, 1)),
    );
    add(
        "arrayvec remove",
        Box::new(|| {
            black_box(arrayvec::ArrayVec::<u8, 2>::new().remove(3));
        }),
    );
    add(
        "arrayvec string push_str",
        Box::new(|| {
            arrayvec::ArrayString::<2>::new().push_str("abc");
        }),
    );
    add(
        "smallvec insert",
        Box::new(|| smallvec::SmallVec::<[u8; 2]>::new().insert(5, 1)),
    );
    add(
        "smallvec remove",
        Box::new(|| {
            black_box(smallvec::SmallVec::<[u8; 2]>::new().remove(3));
        }),
    );
    add(
        "smallvec swap_remove",
        Box::new(|| {
            black_box(smallvec::SmallVec::<[u8; 2]>::new().swap_remove(3));
        }),
    );
    add(
        "smallvec drain",
        Box::new(|| {
            black_box(smallvec::SmallVec::<[u8; 2]>::new().drain(1..5));
        }),
    );
    add(
        "tinyvec push",
        Box::new(|| {
            let mut v = tinyvec::ArrayVec::<[u8; 2]>::new();
            (0..3).for_each(|i| v.push(i));
        }),
    );
    add(
        "tinyvec insert",
        Box::new(|| tinyvec::ArrayVec::<[u8; 2]>::new().insert(5, 1)),
    );
    add(
        "tinyvec remove",
        Box::new(|| {
            black_box(tinyvec::ArrayVec::<[u8; 2]>::new().remove(3));
        }),
    );
    add(
        "tinyvec tinyvec insert",
        Box::new(|| tinyvec::TinyVec::<[u8; 2]>::new().insert(5, 1)),
    );
    add(
        "http header value",
        Box::new(|| {
            black_box(http::HeaderValue::from_static("a\nb"));
        }),
    );
    add(
        "http header name",
        Box::new(|| {
            black_box(http::HeaderName::from_static("Bad Name"));
        }),
    );
    add(
        "http uri",
        Box::new(|| {
            black_box(http::Uri::from_static("::"));
        }),
    );
    add(
        "fastrand usize",
        Box::new(|| {
            black_box(fastrand::usize(5..5));
        }),
    );
    add(
        "fastrand u8",
        Box::new(|| {
            black_box(fastrand::u8(9..=3));
        }),
    );
    add(
        "fastrand i64",
        Box::new(|| {
            black_box(fastrand::i64(..i64::MIN));
        }),
    );
    add(
        "fastrand char",
        Box::new(|| {
            black_box(fastrand::char('z'..'a'));
        }),
    );
    add(
        "indexmap index",
        Box::new(|| {
            let m = indexmap::IndexMap::<i32, i32>::new();
            black_box(m[&3]);
        }),
    );
    add(
        "indexmap move_index",
        Box::new(|| {
            let mut m = indexmap::IndexMap::<i32, i32>::new();
            m.insert(1, 1);
            m.move_index(5, 0);
        }),
    );
    add(
        "indexmap swap_indices",
        Box::new(|| {
            indexmap::IndexSet::<i32>::new().swap_indices(3, 4);
        }),
    );
    add(
        "compact_str split_off",
        Box::new(|| {
            black_box(compact_str::CompactString::new("abc").split_off(9));
        }),
    );
    add(
        "compact_str insert",
        Box::new(|| compact_str::CompactString::new("abc").insert(9, 'x')),
    );
    add(
        "compact_str truncate",
        Box::new(|| compact_str::CompactString::new("é").truncate(1)),
    );
    add(
        "compact_str remove",
        Box::new(|| {
            black_box(compact_str::CompactString::new("abc").remove(9));
        }),
    );
    add(
        "jiff date",
        Box::new(|| {
            black_box(jiff::civil::date(2024, 13, 1));
        }),
    );
    add(
        "jiff time",
        Box::new(|| {
            black_box(jiff::civil::time(25, 0, 0, 0));
        }),
    );
    add(
        "jiff span",
        Box::new(|| {
            black_box(jiff::Span::new().years(99_999));
        }),
    );
    add(
        "jiff datetime",
        Box::new(|| {
            black_box(jiff::civil::datetime(2024, 2, 30, 0, 0, 0, 0));
        }),
    );
    add(
        "time seconds_f64",
        Box::new(|| {
            black_box(time::Duration::seconds_f64(f64::NAN));
        }),
    );
    add(
        "time duration new",
        Box::new(|| {
            black_box(time::Duration::new(i64::MAX, 1_000_000_000));
        }),
    );
    add(
        "time date add",
        Box::new(|| {
            black_box(time::Date::MAX + time::Duration::days(1));
        }),
    );
    add(
        "time weeks",
        Box::new(|| {
            black_box(time::Duration::weeks(i64::MAX));
        }),
    );
    add(
        "time instant",
        Box::new(|| {
            black_box(time::OffsetDateTime::UNIX_EPOCH - time::Duration::MAX);
        }),
    );
    add(
        "ordered-float add",
        Box::new(|| {
            let a = ordered_float::NotNan::new(f64::INFINITY).unwrap_or_default();
            black_box(a + f64::NEG_INFINITY);
        }),
    );
    add(
        "ordered-float from",
        Box::new(|| {
            black_box(ordered_float::NotNan::<f64>::from(1u8) * f64::NAN);
        }),
    );
    add(
        "slotmap index",
        Box::new(|| {
            let mut sm = slotmap::SlotMap::new();
            let k = sm.insert(1);
            sm.remove(k);
            black_box(sm[k]);
        }),
    );
    add(
        "bit-vec set",
        Box::new(|| bit_vec::BitVec::from_elem(3, false).set(10, true)),
    );
    add(
        "bit-vec from_fn",
        Box::new(|| {
            black_box(bit_vec::BitVec::from_elem(3, false).split_off(9));
        }),
    );
    add(
        "fixedbitset insert",
        Box::new(|| fixedbitset::FixedBitSet::with_capacity(3).insert(10)),
    );
    add(
        "fixedbitset put",
        Box::new(|| {
            black_box(fixedbitset::FixedBitSet::with_capacity(3).put(10));
        }),
    );
    add(
        "fixedbitset set_range",
        Box::new(|| {
            fixedbitset::FixedBitSet::with_capacity(3).set_range(1..9, true);
        }),
    );
    add(
        "hashbrown capacity",
        Box::new(|| {
            black_box(hashbrown::HashMap::<u64, u64>::with_capacity(usize::MAX));
        }),
    );
    add(
        "itertools chunks",
        Box::new(|| {
            use itertools::Itertools;
            let _chunks = black_box((0..3).chunks(0));
        }),
    );
    out
}

fn main() {
    let root = std::env::args().nth(1).unwrap_or_default();
    let root = root.trim_end_matches('/').to_string();
    panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let trace = Backtrace::force_capture().to_string();
        let place = info.location().map(ToString::to_string).unwrap_or_default();
        LAST.with(|last| *last.borrow_mut() = Some((message, trace, place)));
    }));
    let mut stdout = std::io::stdout().lock();
    for (name, case) in cases() {
        LAST.with(|last| last.borrow_mut().take());
        if panic::catch_unwind(AssertUnwindSafe(case)).is_ok() {
            continue;
        }
        let Some((message, trace, place)) = LAST.with(|last| last.borrow_mut().take()) else {
            continue;
        };
        let Some((rel, line)) = label::statement(&trace, &root) else {
            continue;
        };
        let first = message.lines().next().unwrap_or("");
        // The shape examples/eval_scanned.rs reads.
        let printed = format!("thread 'main' panicked at {place}:\n{message}");
        let case = serde_json::json!({
            "line": first, "traceback": printed, "file": rel, "root": root,
            "lineNumber": line, "endLineNumber": line, "case": name,
        });
        writeln!(stdout, "{case}").expect("stdout");
    }
    for (name, case) in error_cases::cases() {
        let Some(error) = case() else {
            continue;
        };
        let mut sink = error_cases::Sink::default();
        if std::fmt::write(&mut sink, format_args!("{error}")).is_err() {
            continue;
        }
        let Some((rel, line)) = sink.trace.and_then(|t| label::statement(&t, &root)) else {
            continue;
        };
        let case = serde_json::json!({
            "line": format!("Error: {}", sink.text), "file": rel, "root": root,
            "lineNumber": line, "endLineNumber": line, "case": name,
        });
        writeln!(stdout, "{case}").expect("stdout");
    }
}
