//! docs/config.md is generated from the default config (`errdex config --default`): every
//! key, its default and its comment. This test fails when the two drift apart; run it with
//! `ERRDEX_BLESS=1` to write the file anew.

use errdex_core::config::DEFAULT_CONFIG;

/// A line that belongs in the TOML block: a key, a table header, or a commented-out example
/// of one (`# datasets = [...]`, `# [[remotes]]`).
fn is_setting(line: &str) -> bool {
    let body = line.strip_prefix('#').map_or(line, str::trim_start);
    let looks_like_key = body.split_once('=').is_some_and(|(key, _)| {
        let key = key.trim().trim_matches('"');
        !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-.\"".contains(c))
    });
    let looks_like_table = body.starts_with('[') && body.trim_end().ends_with(']');
    !line.starts_with('#') || looks_like_key || looks_like_table
}

/// The Markdown page: each block of the config (blank-line separated) becomes its comment as
/// prose, then its settings as TOML.
fn render(config: &str) -> String {
    let mut out = String::from(
        "# errdex configuration\n\n\
         Generated from the default config (`errdex config --default`; `errdex config --init`\n\
         writes it to `errdex config --path`). Do not edit: run\n\
         `ERRDEX_BLESS=1 cargo test --test docs_config` after changing\n\
         `assets/default-config.toml`.\n",
    );
    for block in config.split("\n\n") {
        let lines: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
        if lines.is_empty() {
            continue;
        }
        let split = lines
            .iter()
            .position(|l| is_setting(l))
            .unwrap_or(lines.len());
        let prose: Vec<&str> = lines[..split]
            .iter()
            .map(|l| l.trim_start_matches('#').trim())
            .collect();
        out.push('\n');
        if !prose.is_empty() {
            out.push_str(&prose.join("\n"));
            out.push('\n');
        }
        if split < lines.len() {
            if !prose.is_empty() {
                out.push('\n');
            }
            out.push_str("```toml\n");
            for line in &lines[split..] {
                out.push_str(line);
                out.push('\n');
            }
            out.push_str("```\n");
        }
    }
    out
}

#[test]
fn docs_config_md_is_generated_from_the_default_config() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/config.md");
    let expected = render(DEFAULT_CONFIG);
    if std::env::var_os("ERRDEX_BLESS").is_some() {
        std::fs::write(path, &expected).expect("write docs/config.md");
    }
    let found = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        found == expected,
        "docs/config.md is stale: run `ERRDEX_BLESS=1 cargo test --test docs_config`"
    );
}

#[test]
fn every_key_of_the_default_config_is_on_the_page() {
    let page = render(DEFAULT_CONFIG);
    let table: toml::Table = DEFAULT_CONFIG.parse().expect("the default config is TOML");
    for key in table.keys() {
        assert!(
            page.contains(&format!("{key} =")) || page.contains(&format!("[{key}]")),
            "{key}"
        );
    }
}
