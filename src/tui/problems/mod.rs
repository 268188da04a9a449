//! The problems overlay: every problem met loading the data and reading the config, which the
//! status line can only summarise (`… (+5 more)`). Opened by `show_problems` (`!`, F2).

pub mod view;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::tui::app::model::{LoadState, Model};
use crate::tui::app::update::{Step, apply};
use crate::tui::input::action::Action;

/// The problems known besides the data's own diagnostics, and the overlay's state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problems {
    /// Config file, key overrides, configured datasets: known at start.
    pub config: Vec<String>,
    pub open: bool,
    pub scroll: usize,
}

/// Every problem, config first, then the data's diagnostics in load order.
pub fn all(m: &Model) -> Vec<String> {
    let mut out = m.problems.config.clone();
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
    m.problems.open = true;
    m.problems.scroll = 0;
    Step::redraw()
}

/// With the overlay open, keys scroll or close it; Ctrl-c still quits.
pub fn on_key(m: &mut Model, key: KeyEvent, action: Option<Action>) -> Step {
    let page = usize::from(m.height.saturating_sub(4)).max(1);
    let last = view::line_count(m).saturating_sub(page);
    let p = &mut m.problems;
    match action {
        Some(Action::Quit) if key.modifiers.contains(KeyModifiers::CONTROL) => {
            return apply(m, Action::Quit);
        }
        Some(Action::SelectNext) => p.scroll = (p.scroll + 1).min(last),
        Some(Action::SelectPrev) => p.scroll = p.scroll.saturating_sub(1),
        Some(Action::PageDown) => p.scroll = (p.scroll + page).min(last),
        Some(Action::PageUp) => p.scroll = p.scroll.saturating_sub(page),
        _ if matches!(key.code, KeyCode::Esc | KeyCode::Char('q'))
            || action == Some(Action::ShowProblems) =>
        {
            p.open = false;
        }
        _ => return Step::default(),
    }
    Step::redraw()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::model::LoadState;
    use crate::tui::app::msg::LoadSummary;
    use crate::tui::testing::{browsing, key, render, send};

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

    #[test]
    fn bang_lists_every_problem_and_esc_closes() {
        let mut m = browsing(100, 30, false, "");
        m.problems.config = vec!["config.toml:3:1: error: unknown key `colour`".into()];
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
        send(&mut m, [key(KeyCode::Esc), key(KeyCode::Char('!'))]);
        assert!(m.problems.open);
        let text = screen(&m);
        for line in [
            "unknown key `colour`",
            "problem 1",
            "problem 2",
            "problem 3",
        ] {
            assert!(text.contains(line), "{line} in\n{text}");
        }
        send(&mut m, [key(KeyCode::Esc)]);
        assert!(!m.problems.open);
        assert!(!screen(&m).contains("problem 3"));
        // F2 opens it from the search box too.
        send(&mut m, [key(KeyCode::Char('/')), key(KeyCode::F(2))]);
        assert!(m.problems.open);
    }
}
