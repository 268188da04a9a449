//! The browser's one line editor: the search box, the team note input and the history's filter
//! all edit through it. The cursor moves and deletes by grapheme cluster — what the user sees
//! as one character: `é` written as `e` + U+0301, a flag, a family emoji — so no edit leaves
//! half a character behind, and the view places the cursor by display width (CJK takes two
//! cells).

use std::fmt;
use std::ops::Deref;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use super::action::Action;

/// One line of text and a cursor in it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineInput {
    text: String,
    /// A byte offset, always on a grapheme boundary.
    at: usize,
}

/// One editing command, readline's names for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    Left,
    Right,
    Start,
    End,
    /// Back to the start of a word (letters and digits): Alt-b.
    WordLeft,
    /// Past the end of a word: Alt-f.
    WordRight,
    DeleteBack,
    DeleteForward,
    /// Back to the start of a word (letters and digits): Alt-Backspace.
    DeleteWordBack,
    /// Back to the previous space, as a shell's Ctrl-w.
    DeleteToSpace,
    DeleteToEnd,
    Clear,
}

impl Edit {
    /// The edit a keymap action asks for, if it is one.
    pub fn of(action: Action) -> Option<Edit> {
        Some(match action {
            Action::CursorLeft => Edit::Left,
            Action::CursorRight => Edit::Right,
            Action::CursorStart => Edit::Start,
            Action::CursorEnd => Edit::End,
            Action::WordLeft => Edit::WordLeft,
            Action::WordRight => Edit::WordRight,
            Action::DeleteBack => Edit::DeleteBack,
            Action::DeleteForward => Edit::DeleteForward,
            Action::DeleteWord => Edit::DeleteToSpace,
            Action::DeleteWordBack => Edit::DeleteWordBack,
            Action::DeleteToEnd => Edit::DeleteToEnd,
            Action::ClearQuery => Edit::Clear,
            _ => return None,
        })
    }
}

/// What an edit did, so the caller knows whether to search again or only redraw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edited {
    Nothing,
    Moved,
    Changed,
}

impl LineInput {
    /// `text` with the cursor at its end.
    pub fn new(text: impl Into<String>) -> LineInput {
        let text = text.into();
        let at = text.len();
        LineInput { text, at }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Replaces the text; the cursor goes to its end.
    pub fn set(&mut self, text: impl Into<String>) {
        *self = LineInput::new(text);
    }

    /// The cursor, counted in graphemes from the start.
    pub fn cursor(&self) -> usize {
        self.text[..self.at].graphemes(true).count()
    }

    /// Puts the cursor after grapheme `n` (at the end when there are fewer).
    pub fn set_cursor(&mut self, n: usize) {
        self.at = self
            .text
            .grapheme_indices(true)
            .nth(n)
            .map_or(self.text.len(), |(i, _)| i);
    }

    /// The text before the cursor (the view measures its width).
    pub fn before_cursor(&self) -> &str {
        &self.text[..self.at]
    }

    /// The text from the cursor on.
    pub fn after_cursor(&self) -> &str {
        &self.text[self.at..]
    }

    /// What a box `room` graphemes wide shows of a long line so the cursor stays in view:
    /// up to `room` graphemes before the cursor and `room` after it.
    pub fn around_cursor(&self, room: usize) -> (&str, &str) {
        let before = self.before_cursor();
        let first = before
            .grapheme_indices(true)
            .rev()
            .nth(room.saturating_sub(1))
            .map_or(0, |(i, _)| i);
        let first = if room == 0 { before.len() } else { first };
        let after = self.after_cursor();
        let end = after
            .grapheme_indices(true)
            .nth(room)
            .map_or(after.len(), |(i, _)| i);
        (&before[first..], &after[..end])
    }

    /// The cursor's column: the display width of the text before it.
    pub fn cursor_width(&self) -> usize {
        self.before_cursor().width()
    }

    /// Types `text` at the cursor; the cursor ends after it.
    pub fn insert(&mut self, text: &str) {
        self.text.insert_str(self.at, text);
        self.at += text.len();
        // A combining mark typed after a letter joins it: stay on a boundary.
        self.at = self.boundary_at_or_after(self.at);
    }

    pub fn insert_char(&mut self, c: char) {
        self.insert(c.encode_utf8(&mut [0; 4]));
    }

    /// Keeps the first `len` bytes (a char boundary), for a query whose start only is
    /// searched; the cursor stays where it was unless that is cut.
    pub fn truncate(&mut self, len: usize) {
        self.text.truncate(len);
        self.at = self.boundary_at_or_after(self.at.min(self.text.len()));
    }

    pub fn apply(&mut self, edit: Edit) -> Edited {
        let to = match edit {
            Edit::Left => self.prev_boundary(self.at),
            Edit::Right => self.next_boundary(self.at),
            Edit::Start => 0,
            Edit::End => self.text.len(),
            Edit::WordLeft => self.word_start(),
            Edit::WordRight => self.word_end(),
            Edit::DeleteBack => return self.delete(self.prev_boundary(self.at), self.at),
            Edit::DeleteForward => return self.delete(self.at, self.next_boundary(self.at)),
            Edit::DeleteWordBack => return self.delete(self.word_start(), self.at),
            Edit::DeleteToSpace => return self.delete(self.space_word_start(), self.at),
            Edit::DeleteToEnd => return self.delete(self.at, self.text.len()),
            Edit::Clear => return self.delete(0, self.text.len()),
        };
        if to == self.at {
            return Edited::Nothing;
        }
        self.at = to;
        Edited::Moved
    }

    /// Removes bytes `from..to` (both on boundaries); the cursor is left at `from`.
    fn delete(&mut self, from: usize, to: usize) -> Edited {
        if from >= to {
            return Edited::Nothing;
        }
        self.text.replace_range(from..to, "");
        self.at = from;
        Edited::Changed
    }

    fn prev_boundary(&self, at: usize) -> usize {
        self.text[..at]
            .grapheme_indices(true)
            .next_back()
            .map_or(0, |(i, _)| i)
    }

    fn next_boundary(&self, at: usize) -> usize {
        self.text[at..]
            .graphemes(true)
            .next()
            .map_or(at, |g| at + g.len())
    }

    fn boundary_at_or_after(&self, at: usize) -> usize {
        self.text
            .grapheme_indices(true)
            .map(|(i, _)| i)
            .find(|&i| i >= at)
            .unwrap_or(self.text.len())
    }

    /// Graphemes before the cursor, nearest first, with where each starts.
    fn back(&self) -> impl Iterator<Item = (usize, &str)> {
        self.text[..self.at].grapheme_indices(true).rev()
    }

    /// The start of the word before the cursor, skipping what is not a word first.
    fn word_start(&self) -> usize {
        start_of_run(self.back(), self.at, is_word)
    }

    /// Ctrl-w: back over spaces, then to the previous space.
    fn space_word_start(&self) -> usize {
        start_of_run(self.back(), self.at, |g| g != " ")
    }

    /// The end of the word after the cursor, skipping what is not a word first.
    fn word_end(&self) -> usize {
        let mut end = self.at;
        let mut in_word = false;
        for g in self.text[self.at..].graphemes(true) {
            match (is_word(g), in_word) {
                (true, _) => in_word = true,
                (false, true) => break,
                (false, false) => {}
            }
            end += g.len();
        }
        end
    }
}

/// Walking back from `at`: past graphemes that are not `member`, then past those that are;
/// where that run starts.
fn start_of_run<'a>(
    back: impl Iterator<Item = (usize, &'a str)>,
    at: usize,
    member: impl Fn(&str) -> bool,
) -> usize {
    let mut start = at;
    let mut in_run = false;
    for (i, g) in back {
        match (member(g), in_run) {
            (true, _) => in_run = true,
            (false, true) => break,
            (false, false) => {}
        }
        start = i;
    }
    start
}

/// A word is letters and digits (readline's Alt-b/Alt-f): `path:src/net.rs` has four. A
/// grapheme counts by its first character (`é` as e + U+0301 is a letter).
fn is_word(g: &str) -> bool {
    g.chars().next().is_some_and(char::is_alphanumeric)
}

/// The input reads as its text.
impl Deref for LineInput {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl From<&str> for LineInput {
    fn from(text: &str) -> LineInput {
        LineInput::new(text)
    }
}

impl From<String> for LineInput {
    fn from(text: String) -> LineInput {
        LineInput::new(text)
    }
}

impl fmt::Display for LineInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq<str> for LineInput {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for LineInput {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl PartialEq<String> for LineInput {
    fn eq(&self, other: &String) -> bool {
        &self.text == other
    }
}

impl PartialEq<LineInput> for String {
    fn eq(&self, other: &LineInput) -> bool {
        *self == other.text
    }
}

#[cfg(test)]
#[path = "line_tests.rs"]
mod tests;
