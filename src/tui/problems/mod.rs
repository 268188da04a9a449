//! The problems overlay: every problem met loading the data and reading the config, which the
//! status line can only summarise (`… (+5 more)`). Opened by `show_problems` (`!`, F2).

pub mod view;

use crate::tui::app::model::{LoadState, Model, Overlay};
use crate::tui::app::scroll::on_text_overlay_key;
use crate::tui::app::step::Step;
use crate::tui::input::action::Action;

/// Every problem, config first, then the data's diagnostics in load order.
pub fn all(m: &Model) -> Vec<String> {
    let mut out = m.config_problems.clone();
    out.extend(m.rescan.problems.iter().cloned());
    if let LoadState::Done(summary) = &m.load {
        out.extend(summary.problems.iter().cloned());
        let listed = summary.problems.len();
        let total = summary.errors + summary.warnings;
        if total > listed {
            out.push(format!(
                "… and {} more (`errdex validate PATH` lists them all)",
                total - listed
            ));
        }
    }
    out
}

pub fn open(m: &mut Model) -> Step {
    m.overlay = Some(Overlay::Problems { scroll: 0 });
    Step::redraw()
}

/// With the overlay open, keys scroll or close it and do nothing else.
pub fn on_key(m: &mut Model, action: Option<Action>) -> Step {
    let last = view::max_scroll(m);
    on_text_overlay_key(m, action, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::msg::LoadSummary;
    use crate::tui::testing::{browsing, keys, render};

    fn screen(m: &Model) -> String {
        let t = render(m);
        let b = t.backend().buffer();
        (0..b.area.height)
            .map(|y| {
                (0..b.area.width)
                    .map(|x| b[(x, y)].symbol())
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }

    fn is_open(m: &Model) -> bool {
        matches!(m.overlay, Some(Overlay::Problems { .. }))
    }

    #[test]
    fn bang_lists_every_problem_and_esc_closes() {
        let mut m = browsing(100, 30, false, "");
        m.config_problems = vec!["config.toml:3:1: error: unknown key `colour`".into()];
        m.load = LoadState::Done(LoadSummary {
            records: 5,
            errors: 3,
            warnings: 0,
            skipped: 3,
            first_problem: Some("a.jsonl:1: error: first".into()),
            problems: (1..=3)
                .map(|n| format!("a.jsonl:{n}: error: problem {n}"))
                .collect(),
        });
        assert!(
            screen(&m).contains("(+2 more, ! lists them)"),
            "{}",
            screen(&m)
        );
        keys(&mut m, "<esc>!");
        assert!(is_open(&m));
        let text = screen(&m);
        for line in [
            "unknown key `colour`",
            "problem 1",
            "problem 2",
            "problem 3",
        ] {
            assert!(text.contains(line), "{line} in\n{text}");
        }
        keys(&mut m, "<esc>");
        assert!(!is_open(&m));
        assert!(!screen(&m).contains("problem 3"));
        // F2 opens it from the search box too.
        keys(&mut m, "/<f2>");
        assert!(is_open(&m));
    }
}
