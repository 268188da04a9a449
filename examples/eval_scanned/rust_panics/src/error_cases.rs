//! Errors of the crates' own types, formatted as a program logs them, and where their words
//! were written.

use std::backtrace::Backtrace;

/// Errors of the crates' own types, each printed as a program logs one (`Error: {error}`).
pub type ErrorCase = (
    &'static str,
    Box<dyn Fn() -> Option<Box<dyn std::fmt::Display>>>,
);

fn boxed<E: std::fmt::Display + 'static>(e: E) -> Box<dyn std::fmt::Display> {
    Box::new(e)
}

pub fn cases() -> Vec<ErrorCase> {
    let mut out: Vec<ErrorCase> = Vec::new();
    for text in [
        "[1,",
        "{\"a\":",
        "[1 2]",
        "{\"a\" 1}",
        "tru",
        "\"\\q\"",
        "01",
        "1e999",
        "[1,]",
        "\"abc",
        "{1:2}",
        "[1] x",
        "\"\\ud800\"",
    ] {
        out.push((
            "serde_json from_str",
            Box::new(move || {
                serde_json::from_str::<serde_json::Value>(text)
                    .err()
                    .map(boxed)
            }),
        ));
    }
    out.push((
        "serde_json u8",
        Box::new(|| serde_json::from_str::<u8>("300").err().map(boxed)),
    ));
    out.push((
        "http header value",
        Box::new(|| http::HeaderValue::from_str("a\nb").err().map(boxed)),
    ));
    out.push((
        "http header name",
        Box::new(|| {
            http::header::HeaderName::from_bytes(b"bad name")
                .err()
                .map(boxed)
        }),
    ));
    out.push((
        "http method",
        Box::new(|| http::Method::from_bytes(b"").err().map(boxed)),
    ));
    out.push((
        "http status",
        Box::new(|| http::StatusCode::from_u16(1000).err().map(boxed)),
    ));
    out.push((
        "http uri",
        Box::new(|| "http://a b/".parse::<http::Uri>().err().map(boxed)),
    ));
    out.push((
        "time date",
        Box::new(|| {
            time::Date::from_calendar_date(2020, time::Month::February, 30)
                .err()
                .map(boxed)
        }),
    ));
    out.push((
        "time hms",
        Box::new(|| time::Time::from_hms(25, 0, 0).err().map(boxed)),
    ));
    out.push((
        "ordered-float parse",
        Box::new(|| "x".parse::<ordered_float::NotNan<f64>>().err().map(boxed)),
    ));
    out.push((
        "jiff timestamp",
        Box::new(|| "x".parse::<jiff::Timestamp>().err().map(boxed)),
    ));
    out.push((
        "arrayvec push",
        Box::new(|| {
            let mut v = arrayvec::ArrayVec::<u8, 1>::new();
            v.push(1);
            v.try_push(2).err().map(boxed)
        }),
    ));
    out
}

/// Where an error's text is written to: the backtrace at its first write with a letter in
/// it, read as a panic's is (`label::statement`), is the statement that wrote its words.
#[derive(Default)]
pub struct Sink {
    pub text: String,
    pub trace: Option<String>,
}

impl std::fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.trace.is_none() && s.chars().any(char::is_alphabetic) {
            self.trace = Some(Backtrace::force_capture().to_string());
        }
        self.text.push_str(s);
        Ok(())
    }
}
