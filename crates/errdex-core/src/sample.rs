//! The sample dataset built into the binary, used when no dataset is configured.

use crate::load::SourceSpec;

pub const SAMPLE_JSONL: &[u8] = include_bytes!("../../../assets/sample.jsonl");

pub fn spec() -> SourceSpec {
    SourceSpec::Embedded {
        name: "<sample>",
        bytes: SAMPLE_JSONL,
    }
}
