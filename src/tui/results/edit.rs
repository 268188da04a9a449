//! Editing the query, readline style: the keys fzf and shell users type without thinking.
//! A pure sub-update of the search box over the one line editor (`input/line.rs`): the model
//! changes, a search effect comes back.

use super::update::query_changed;
use crate::tui::app::model::Model;
use crate::tui::app::step::Step;
use crate::tui::input::action::Action;
use crate::tui::input::line::{Edit, Edited};

/// A typed character goes into the query at the cursor.
pub fn insert(m: &mut Model, c: char) -> Step {
    m.query.insert_char(c);
    query_changed(m)
}

/// Applies a query-editing action; `None` for an action that is not one.
pub fn apply(m: &mut Model, action: Action) -> Option<Step> {
    Some(match m.query.apply(Edit::of(action)?) {
        Edited::Nothing => Step::default(),
        Edited::Moved => Step::redraw(),
        Edited::Changed => query_changed(m),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::msg::Msg;
    use crate::tui::app::update::update;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn model(query: &str, cursor: usize) -> Model {
        let mut m = crate::tui::testing::loaded_model(80, 24, false);
        m.query.set(query);
        m.query.set_cursor(cursor);
        m
    }

    /// Presses a key as the terminal sends it, through the keymap.
    fn press(m: &mut Model, code: KeyCode, mods: KeyModifiers) {
        update(m, Msg::Key(KeyEvent::new(code, mods)));
    }

    #[test]
    fn readline_keys_move_and_delete_in_the_search_box() {
        use KeyCode::*;
        let (none, ctrl, alt) = (KeyModifiers::NONE, KeyModifiers::CONTROL, KeyModifiers::ALT);
        let q = "conn refused path:net.rs";
        let mut m = model(q, 10);
        press(&mut m, Char('a'), ctrl);
        assert_eq!(m.query.cursor(), 0, "ctrl-a");
        press(&mut m, Char('e'), ctrl);
        assert_eq!(m.query.cursor(), q.len(), "ctrl-e");
        press(&mut m, Char('b'), alt);
        assert_eq!(m.query.cursor(), q.len() - 2, "alt-b to the start of `rs`");
        press(&mut m, Left, ctrl);
        assert_eq!(m.query.cursor(), q.len() - 6, "ctrl-left to `net`");
        press(&mut m, Char('f'), alt);
        assert_eq!(m.query.cursor(), q.len() - 3, "alt-f past `net`");
        press(&mut m, Right, ctrl);
        assert_eq!(m.query.cursor(), q.len(), "ctrl-right past `rs`");
        press(&mut m, Backspace, alt);
        assert_eq!(m.query, "conn refused path:net.", "alt-backspace");
        press(&mut m, Char('a'), ctrl);
        press(&mut m, Delete, none);
        assert_eq!(m.query, "onn refused path:net.", "delete");
        press(&mut m, Right, none);
        press(&mut m, Right, none);
        press(&mut m, Right, none);
        press(&mut m, Char('k'), ctrl);
        assert_eq!((m.query.as_str(), m.query.cursor()), ("onn", 3), "ctrl-k");
    }

    #[test]
    fn edits_at_the_edges_change_nothing() {
        let mut m = model("ab", 2);
        assert_eq!(apply(&mut m, Action::DeleteForward), Some(Step::default()));
        assert_eq!(apply(&mut m, Action::DeleteToEnd), Some(Step::default()));
        m.query.set_cursor(0);
        assert_eq!(apply(&mut m, Action::DeleteWordBack), Some(Step::default()));
        assert_eq!(m.query, "ab");
        assert_eq!(apply(&mut m, Action::Quit), None);
    }

    #[test]
    fn the_search_box_moves_and_deletes_over_whole_graphemes() {
        use KeyCode::*;
        let none = KeyModifiers::NONE;
        // An accent written as a combining mark, a flag (two chars) and CJK.
        let mut m = model("cafe\u{301} 🇫🇷 连接", 0);
        press(&mut m, Right, none);
        press(&mut m, Right, none);
        press(&mut m, Right, none);
        press(&mut m, Right, none);
        assert_eq!(m.query.before_cursor(), "cafe\u{301}", "four steps pass é");
        press(&mut m, Backspace, none);
        assert_eq!(m.query, "caf 🇫🇷 连接");
        press(&mut m, Right, none);
        press(&mut m, Delete, none);
        assert_eq!(m.query, "caf  连接", "the flag went whole");
        press(&mut m, Char('e'), KeyModifiers::CONTROL);
        press(&mut m, Backspace, none);
        assert_eq!((m.query.as_str(), m.query.cursor()), ("caf  连", 6));
    }
}
