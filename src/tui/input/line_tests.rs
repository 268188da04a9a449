use super::*;

/// `text` with the cursor after grapheme `n`.
fn at(text: &str, n: usize) -> LineInput {
    let mut input = LineInput::new(text);
    input.set_cursor(n);
    input
}

/// The text with `|` where the cursor is.
fn shown(input: &LineInput) -> String {
    format!("{}|{}", input.before_cursor(), input.after_cursor())
}

const E_ACUTE: &str = "e\u{301}"; // e + combining acute: one grapheme, two chars
const FAMILY: &str = "👨\u{200d}👩\u{200d}👧"; // one grapheme, five chars
const FLAG: &str = "🇫🇷"; // two regional indicators

#[test]
fn moving_steps_over_whole_graphemes() {
    let text = format!("a{E_ACUTE}{FAMILY}{FLAG}z");
    let mut input = LineInput::new(&text);
    assert_eq!(input.cursor(), 5, "five graphemes, ten chars");
    let mut seen = vec![shown(&input)];
    while input.apply(Edit::Left) == Edited::Moved {
        seen.push(shown(&input));
    }
    assert_eq!(
        seen,
        [
            format!("a{E_ACUTE}{FAMILY}{FLAG}z|"),
            format!("a{E_ACUTE}{FAMILY}{FLAG}|z"),
            format!("a{E_ACUTE}{FAMILY}|{FLAG}z"),
            format!("a{E_ACUTE}|{FAMILY}{FLAG}z"),
            format!("a|{E_ACUTE}{FAMILY}{FLAG}z"),
            format!("|a{E_ACUTE}{FAMILY}{FLAG}z"),
        ]
    );
    assert_eq!(input.apply(Edit::Left), Edited::Nothing, "at the start");
    input.apply(Edit::Right);
    input.apply(Edit::Right);
    assert_eq!(shown(&input), format!("a{E_ACUTE}|{FAMILY}{FLAG}z"));
}

#[test]
fn deleting_removes_a_whole_grapheme_either_way() {
    let mut input = at(&format!("x{E_ACUTE}{FAMILY}y"), 2);
    assert_eq!(input.apply(Edit::DeleteBack), Edited::Changed);
    assert_eq!(
        shown(&input),
        format!("x|{FAMILY}y"),
        "the accent went with its e"
    );
    assert_eq!(input.apply(Edit::DeleteForward), Edited::Changed);
    assert_eq!(shown(&input), "x|y", "the family is one character");
    input.apply(Edit::End);
    assert_eq!(input.apply(Edit::DeleteForward), Edited::Nothing);
}

#[test]
fn a_combining_mark_typed_after_a_letter_joins_it() {
    let mut input = LineInput::new("caf");
    input.insert_char('e');
    input.insert_char('\u{301}');
    assert_eq!(input, format!("caf{E_ACUTE}"));
    assert_eq!(input.cursor(), 4);
    input.apply(Edit::DeleteBack);
    assert_eq!(input, "caf");
}

#[test]
fn typing_half_a_flag_before_its_other_half_leaves_the_cursor_after_the_flag() {
    let mut input = at("a🇷", 1);
    input.insert("🇫");
    assert_eq!(input, format!("a{FLAG}"));
    assert_eq!(shown(&input), format!("a{FLAG}|"), "never inside the pair");
}

#[test]
fn cjk_moves_by_character_and_the_cursor_column_counts_two_cells_each() {
    let mut input = LineInput::new("连接被拒绝 refused");
    input.set_cursor(2);
    assert_eq!(shown(&input), "连接|被拒绝 refused");
    assert_eq!(input.cursor_width(), 4);
    input.apply(Edit::DeleteBack);
    assert_eq!(shown(&input), "连|被拒绝 refused");
    assert_eq!(input.cursor_width(), 2);
    input.apply(Edit::WordRight);
    assert_eq!(
        shown(&input),
        "连被拒绝| refused",
        "CJK characters are letters of a word"
    );
    input.insert_char('的');
    assert_eq!((input.cursor(), input.cursor_width()), (5, 10));
}

#[test]
fn words_are_letters_and_digits_and_ctrl_w_goes_back_to_a_space() {
    let mut input = LineInput::new("conn refused path:net.rs");
    input.apply(Edit::WordLeft);
    assert_eq!(shown(&input), "conn refused path:net.|rs");
    input.apply(Edit::WordLeft);
    assert_eq!(shown(&input), "conn refused path:|net.rs");
    input.apply(Edit::End);
    input.apply(Edit::DeleteWordBack);
    assert_eq!(shown(&input), "conn refused path:net.|");
    input.apply(Edit::DeleteToSpace);
    assert_eq!(shown(&input), "conn refused |");
    input.apply(Edit::DeleteToSpace);
    assert_eq!(shown(&input), "conn |", "spaces before the word go too");
    input.apply(Edit::Start);
    input.apply(Edit::WordRight);
    assert_eq!(shown(&input), "conn| ");
    input.apply(Edit::DeleteToEnd);
    assert_eq!(shown(&input), "conn|");
    assert_eq!(input.apply(Edit::Clear), Edited::Changed);
    assert_eq!(shown(&input), "|");
    assert_eq!(input.apply(Edit::Clear), Edited::Nothing);
}

#[test]
fn an_accented_word_is_one_word() {
    let word = format!("caf{E_ACUTE}");
    let mut input = LineInput::new(format!("{word} {word}"));
    input.apply(Edit::DeleteWordBack);
    assert_eq!(shown(&input), format!("{word} |"));
    input.apply(Edit::WordLeft);
    assert_eq!(input.cursor(), 0);
}

#[test]
fn the_cursor_past_the_end_is_the_end_and_truncating_keeps_it_inside() {
    let mut input = at("ab", 9);
    assert_eq!(input.cursor(), 2);
    input.set("héllo wörld");
    assert_eq!(input.cursor(), 11);
    input.truncate("héllo".len());
    assert_eq!(shown(&input), "héllo|");
}

#[test]
fn every_readline_action_is_an_edit_and_nothing_else_is() {
    assert_eq!(Edit::of(Action::DeleteWord), Some(Edit::DeleteToSpace));
    assert_eq!(Edit::of(Action::ClearQuery), Some(Edit::Clear));
    assert_eq!(Edit::of(Action::SelectFirst), None);
    assert_eq!(Edit::of(Action::Quit), None);
}

#[test]
fn a_narrow_box_shows_whole_graphemes_around_the_cursor() {
    let mut input = LineInput::new(format!("ab{E_ACUTE}{FAMILY}cd"));
    input.set_cursor(4);
    assert_eq!(
        input.around_cursor(2),
        (format!("{E_ACUTE}{FAMILY}").as_str(), "cd")
    );
    assert_eq!(input.around_cursor(1), (FAMILY, "c"));
    assert_eq!(input.around_cursor(0), ("", ""));
    assert_eq!(
        input.around_cursor(9),
        (format!("ab{E_ACUTE}{FAMILY}").as_str(), "cd")
    );
}
