//! The config file taking effect in the browser: key overrides, theme, layout and clipboard,
//! with every problem turned into a status-line notice rather than a refusal to start.

use crate::tui::input::action::Action;
use crate::tui::input::keymap::Keymap;
use crate::tui::runtime::Options;
use crate::tui::ui::theme::ThemeName;
use errdex_core::config::{self, Theme};
use errdex_core::load::SourceSpec;

impl Options {
    /// Options from the loaded config and the environment. `problems` are the caller's own
    /// (a configured dataset that does not exist); they join the config's on the status line.
    pub fn configured(
        specs: Vec<SourceSpec>,
        query: String,
        loaded: &config::Loaded,
        problems: Vec<String>,
    ) -> Result<Options, String> {
        let mut options = Options::new(specs, query);
        let cfg = &loaded.config;
        let env_theme = std::env::var("ERRDEX_THEME").ok();
        let colorfgbg = std::env::var("COLORFGBG").ok();
        options.theme = theme_name(cfg.theme, env_theme.as_deref(), colorfgbg.as_deref())?;
        let (keymap, key_problems) = keymap(&cfg.keys);
        options.keymap = keymap;
        options.layout = cfg.layout;
        options.clipboard = cfg.clipboard_config();
        options.weights = cfg.ranking.weights();
        options.checkouts = cfg.checkouts.clone();
        options.kinds = cfg.source_kinds();
        options.scan = cfg.scan.clone();
        options.write_to = cfg.write_to_path();
        let mut notices: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
        notices.extend(key_problems);
        notices.extend(problems);
        if let Ok(dir) = errdex_core::state::data_dir() {
            options.news = errdex_core::sync::news(&dir, &cfg.remotes);
        }
        let lists_them = options
            .keymap
            .bindings()
            .iter()
            .find(|b| b.action == Action::ShowProblems)
            .map(|b| format!(", {} lists them", b.key.label()))
            .unwrap_or_default();
        // The status line is one row: the config's file name, not its folder, leads the
        // `LINE:COLUMN` (the problems overlay keeps the whole path).
        let first = notices.first().map(|n| match &loaded.path {
            Some(path) => {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                n.replacen(
                    &path.display().to_string(),
                    name.as_deref().unwrap_or(""),
                    1,
                )
            }
            None => n.clone(),
        });
        options.notice = match notices.len() {
            // After a sync, the status line says what it brought until the user acts.
            0 => options.news.summary().map(|s| news_notice(&s)),
            1 => first.map(|first| format!("config: {first}")),
            // The count comes first: the status line cuts a long path's problem at its end.
            n => first.map(|first| format!("config (+{} more{lists_them}): {first}", n - 1)),
        };
        options.problems = notices;
        // What the last scan added is new too; the status line above speaks of syncs only.
        if let Ok(dir) = errdex_core::state::data_dir() {
            let code = dir.join(errdex_core::paths::CODE_DIR);
            // Only when the scanned code is loaded (no `--data`) is it kept fresh.
            let loaded = options
                .specs
                .iter()
                .any(|s| matches!(s, SourceSpec::Path(p) if *p == code));
            options.rescan_into = loaded.then_some(code);
            options
                .news
                .ids
                .extend(errdex_core::scan::output::news(&dir));
        }
        Ok(options)
    }
}

/// The status line after a sync: what it brought, and how to list it.
fn news_notice(summary: &str) -> String {
    format!("{summary} — is:new lists them")
}

/// ERRDEX_THEME wins; then the config; `auto` reads COLORFGBG (`fg;bg`, the background a
/// colour number) and falls back to dark when the terminal does not say.
pub fn theme_name(
    setting: Theme,
    env_override: Option<&str>,
    colorfgbg: Option<&str>,
) -> Result<ThemeName, String> {
    if let Some(name) = env_override.filter(|n| !n.trim().is_empty()) {
        return ThemeName::parse(name).map_err(|e| format!("ERRDEX_THEME: {e}"));
    }
    Ok(match setting {
        Theme::Dark => ThemeName::Dark,
        Theme::Light => ThemeName::Light,
        Theme::Auto => colorfgbg.and_then(background).unwrap_or(ThemeName::Dark),
    })
}

/// The background named by COLORFGBG: colours 7 and 9–15 are light, 0–6 and 8 dark; anything
/// else (`default`, garbage) says nothing.
fn background(colorfgbg: &str) -> Option<ThemeName> {
    let bg: u8 = colorfgbg.rsplit(';').next()?.trim().parse().ok()?;
    match bg {
        7 | 9..=15 => Some(ThemeName::Light),
        0..=6 | 8 => Some(ThemeName::Dark),
        _ => None,
    }
}

/// The default keymap with the config's `[keys]` applied in file order; a binding that does
/// not apply is reported and the rest still are.
pub fn keymap(keys: &[config::KeyOverride]) -> (Keymap, Vec<String>) {
    let mut keymap = Keymap::default();
    let mut problems = Vec::new();
    for o in keys {
        if let Err(e) = keymap.bind(&o.key, &o.action) {
            // Written like the config's own problems, so the place leads the line.
            problems.push(format!(
                "{}: error: [keys] `{}` = \"{}\": {e}; ignored",
                o.at, o.key, o.action
            ));
        }
    }
    (keymap, problems)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::input::action::Action;
    use crate::tui::input::keymap::Mode;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    #[test]
    fn env_beats_config_and_auto_reads_the_terminal_background() {
        let t = |s, env, fgbg| theme_name(s, env, fgbg);
        assert_eq!(t(Theme::Dark, Some("light"), None), Ok(ThemeName::Light));
        assert!(t(Theme::Dark, Some("pink"), None).is_err_and(|e| e.contains("ERRDEX_THEME")));
        assert_eq!(t(Theme::Light, None, Some("15;0")), Ok(ThemeName::Light));
        assert_eq!(t(Theme::Auto, None, Some("0;15")), Ok(ThemeName::Light));
        assert_eq!(
            t(Theme::Auto, None, Some("0;default;7")),
            Ok(ThemeName::Light)
        );
        assert_eq!(t(Theme::Auto, None, Some("15;0")), Ok(ThemeName::Dark));
        assert_eq!(
            t(Theme::Auto, None, Some("15;default")),
            Ok(ThemeName::Dark)
        );
        assert_eq!(t(Theme::Auto, None, None), Ok(ThemeName::Dark));
        assert_eq!(t(Theme::Auto, Some(""), Some("0;7")), Ok(ThemeName::Light));
    }

    #[test]
    fn key_overrides_apply_and_bad_ones_are_reported_without_stopping_the_rest() {
        let keys: Vec<config::KeyOverride> = [
            ("ctrl-t", "show_tips"),
            ("ctrl-q", "fly_away"),
            ("hyper-x", "quit"),
            ("x", "copy_menu"),
        ]
        .iter()
        .enumerate()
        .map(|(i, (key, action))| config::KeyOverride {
            key: key.to_string(),
            action: action.to_string(),
            at: format!("c.toml:{}:1", i + 2),
        })
        .collect();
        let (km, problems) = keymap(&keys);
        let ctrl_t = KeyEvent::new(KeyCode::Char('t'), KeyModifiers::CONTROL);
        assert_eq!(km.action(Mode::Search, &ctrl_t), Some(Action::ShowTips));
        let x = KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE);
        assert_eq!(km.action(Mode::Browse, &x), Some(Action::CopyMenu));
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("ctrl-q") && problems[0].contains("unknown action"));
        assert!(
            problems[0].starts_with("c.toml:3:1: error: [keys]"),
            "the place leads, as in the config's own problems: {problems:?}"
        );
        assert!(problems[1].contains("unknown key"));
    }

    #[test]
    fn the_guide_shows_the_sync_notice_as_it_is() {
        let notice = news_notice("37 new since 2026-11-28");
        let readme = include_str!("../../../GUIDE.md").replace("\n  ", " ");
        assert!(readme.contains(&format!("`{notice}`")), "{notice}");
    }

    #[test]
    fn config_problems_become_one_notice() {
        let (cfg, config_problems) =
            config::parse_str("theme = \"pink\"\n", "c.toml", std::path::Path::new("."));
        let loaded = config::Loaded {
            config: cfg,
            problems: config_problems,
            ..config::Loaded::default()
        };
        let o = Options::configured(vec![], String::new(), &loaded, vec!["missing.jsonl".into()])
            .expect("options");
        let notice = o.notice.expect("a notice");
        assert!(
            notice.starts_with("config (+1 more, F2 lists them): c.toml:1:"),
            "{notice}"
        );
        assert_eq!(o.problems.len(), 2, "every problem kept for the overlay");
        assert_eq!(o.problems[1], "missing.jsonl");
    }

    #[test]
    fn ranking_weights_reach_the_browser() {
        let text = "[ranking]\nmessage = 1\ntags = 2\n";
        let (cfg, problems) = config::parse_str(text, "c.toml", std::path::Path::new("."));
        assert!(problems.is_empty(), "{problems:?}");
        let loaded = config::Loaded {
            config: cfg,
            ..config::Loaded::default()
        };
        let o = Options::configured(vec![], String::new(), &loaded, vec![]).expect("options");
        assert_eq!((o.weights.message, o.weights.tags), (50, 100));
    }
}
