//! Editing the query, readline style: the keys fzf and shell users type without thinking.
//! A pure sub-update of the search box: the model changes, a search effect comes back.

use super::update::query_changed;
use crate::tui::app::model::Model;
use crate::tui::app::step::Step;
use crate::tui::input::action::Action;
use crate::tui::input::cursor::byte_at;

/// A typed character goes into the query at the cursor.
pub fn insert(m: &mut Model, c: char) -> Step {
    let at = byte_at(&m.query, m.cursor);
    m.query.insert(at, c);
    m.cursor += 1;
    query_changed(m)
}

/// Applies a query-editing action; `None` for an action that is not one.
pub fn apply(m: &mut Model, action: Action) -> Option<Step> {
    let len = m.query.chars().count();
    let moved = |m: &mut Model, to: usize| {
        m.cursor = to;
        Step::redraw()
    };
    Some(match action {
        Action::CursorLeft => moved(m, m.cursor.saturating_sub(1)),
        Action::CursorRight => moved(m, (m.cursor + 1).min(len)),
        Action::CursorStart => moved(m, 0),
        Action::CursorEnd => moved(m, len),
        Action::WordLeft => moved(m, word_start(&chars(m), m.cursor)),
        Action::WordRight => moved(m, word_end(&chars(m), m.cursor)),
        Action::DeleteBack => delete(m, m.cursor.saturating_sub(1), m.cursor),
        Action::DeleteForward => delete(m, m.cursor, (m.cursor + 1).min(len)),
        Action::DeleteToEnd => delete(m, m.cursor, len),
        Action::ClearQuery => delete(m, 0, len),
        Action::DeleteWord => delete(m, space_word_start(&chars(m), m.cursor), m.cursor),
        Action::DeleteWordBack => delete(m, word_start(&chars(m), m.cursor), m.cursor),
        _ => return None,
    })
}

fn chars(m: &Model) -> Vec<char> {
    m.query.chars().collect()
}

/// Removes chars `from..to` of the query and leaves the cursor at `from`.
fn delete(m: &mut Model, from: usize, to: usize) -> Step {
    if from >= to {
        return Step::default();
    }
    let (a, b) = (byte_at(&m.query, from), byte_at(&m.query, to));
    m.query.replace_range(a..b, "");
    m.cursor = from;
    query_changed(m)
}

/// Ctrl-w: where the word before `at` starts, back to the previous space, as in a shell (the
/// note input uses it too).
pub fn space_word_start(chars: &[char], at: usize) -> usize {
    let mut start = at.min(chars.len());
    while start > 0 && chars[start - 1] == ' ' {
        start -= 1;
    }
    while start > 0 && chars[start - 1] != ' ' {
        start -= 1;
    }
    start
}

/// A word is letters and digits (readline's Alt-b/Alt-f): `path:src/net.rs` has three.
fn is_word(c: char) -> bool {
    c.is_alphanumeric()
}

/// The start of the word before `at` (skipping what is not a word first).
fn word_start(chars: &[char], at: usize) -> usize {
    let mut i = at.min(chars.len());
    while i > 0 && !is_word(chars[i - 1]) {
        i -= 1;
    }
    while i > 0 && is_word(chars[i - 1]) {
        i -= 1;
    }
    i
}

/// The end of the word after `at`.
fn word_end(chars: &[char], at: usize) -> usize {
    let mut i = at.min(chars.len());
    while i < chars.len() && !is_word(chars[i]) {
        i += 1;
    }
    while i < chars.len() && is_word(chars[i]) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::msg::Msg;
    use crate::tui::app::update::update;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn model(query: &str, cursor: usize) -> Model {
        let mut m = crate::tui::testing::loaded_model(80, 24, false);
        m.query = query.into();
        m.cursor = cursor;
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
        assert_eq!(m.cursor, 0, "ctrl-a");
        press(&mut m, Char('e'), ctrl);
        assert_eq!(m.cursor, q.len(), "ctrl-e");
        press(&mut m, Char('b'), alt);
        assert_eq!(m.cursor, q.len() - 2, "alt-b to the start of `rs`");
        press(&mut m, Left, ctrl);
        assert_eq!(m.cursor, q.len() - 6, "ctrl-left to `net`");
        press(&mut m, Char('f'), alt);
        assert_eq!(m.cursor, q.len() - 3, "alt-f past `net`");
        press(&mut m, Right, ctrl);
        assert_eq!(m.cursor, q.len(), "ctrl-right past `rs`");
        press(&mut m, Backspace, alt);
        assert_eq!(m.query, "conn refused path:net.", "alt-backspace");
        press(&mut m, Char('a'), ctrl);
        press(&mut m, Delete, none);
        assert_eq!(m.query, "onn refused path:net.", "delete");
        press(&mut m, Right, none);
        press(&mut m, Right, none);
        press(&mut m, Right, none);
        press(&mut m, Char('k'), ctrl);
        assert_eq!((m.query.as_str(), m.cursor), ("onn", 3), "ctrl-k");
    }

    #[test]
    fn edits_at_the_edges_change_nothing() {
        let mut m = model("ab", 2);
        assert_eq!(apply(&mut m, Action::DeleteForward), Some(Step::default()));
        assert_eq!(apply(&mut m, Action::DeleteToEnd), Some(Step::default()));
        m.cursor = 0;
        assert_eq!(apply(&mut m, Action::DeleteWordBack), Some(Step::default()));
        assert_eq!(m.query, "ab");
        assert_eq!(apply(&mut m, Action::Quit), None);
    }
}
