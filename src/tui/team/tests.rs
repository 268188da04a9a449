use std::sync::Arc;

use crossterm::event::KeyCode;

use super::update::pasted_line;
use crate::tui::app::effect::Effect;
use crate::tui::app::msg::Msg;
use crate::tui::input::keymap::{Mode, Scope};
use crate::tui::testing::{browsing, key, keys, render, send};
use errdex_core::record::TeamNote;

fn note(id: &str, text: &str, at: &str) -> TeamNote {
    TeamNote {
        id: id.into(),
        text: text.into(),
        author: "ana".into(),
        at: at.into(),
    }
}

fn screen(m: &crate::tui::app::model::Model) -> String {
    let t = render(m);
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

#[test]
fn n_opens_the_input_and_enter_saves_the_note() {
    let mut m = browsing(100, 30, false, "");
    m.mode = Mode::Browse;
    let id = m.entry(0).expect("entry").id.to_string();
    keys(&mut m, "n");
    assert!(m.overlay_is(Scope::Note));
    keys(&mut m, "q restarts<backspace>s oops<ctrl-w><backspace>");
    assert!(screen(&m).contains("Note on"), "the input is drawn");
    assert_eq!(m.query, "", "typing went into the note, not the query");
    assert!(!m.quit, "q typed into the note does not quit");
    let step = keys(&mut m, "<enter>");
    assert_eq!(
        step.effects,
        vec![Effect::SaveNote {
            id,
            text: "q restarts".into()
        }]
    );
    assert!(m.overlay.is_none());
}

#[test]
fn esc_cancels_and_an_empty_note_is_not_saved() {
    let mut m = browsing(100, 30, false, "");
    m.mode = Mode::Browse;
    keys(&mut m, "n<esc>");
    assert!(m.overlay.is_none());
    let step = keys(&mut m, "n<enter>");
    assert!(step.effects.is_empty());
    assert_eq!(m.notice.as_deref(), Some("empty note not saved"));
}

#[test]
fn saved_notes_reach_the_overview_newest_first_and_the_search_context() {
    let mut m = browsing(100, 40, false, "");
    let id = m.entry(0).expect("entry").id.to_string();
    let older = note(&id, "older note", "2026-11-01T10:00:00Z");
    send(&mut m, [Msg::Notes([(id.clone(), vec![older])].into())]);
    let step = send(
        &mut m,
        [Msg::NoteSaved(Ok(note(
            &id,
            "newer note",
            "2026-11-30T09:15:00Z",
        )))],
    );
    let Some(Effect::NotesContext(text)) = step.effects.first() else {
        panic!("no search context: {:?}", step.effects);
    };
    assert_eq!(text[&id], "older note\nnewer note");
    let shown = &m.detail.as_ref().expect("detail").record.notes;
    assert_eq!(shown.len(), 2);
    m.tab = crate::tui::app::model::Pane::Overview;
    m.zoomed = true;
    let s = screen(&m);
    let (newer, older) = (s.find("newer note"), s.find("older note"));
    assert!(
        s.contains("Team notes") && s.contains("2026-11-30 09:15"),
        "{s}"
    );
    assert!(
        newer.expect("newer") < older.expect("older"),
        "newest first: {s}"
    );
}

#[test]
fn new_record_comes_from_the_query_when_it_is_a_pasted_line() {
    assert!(pasted_line(
        "2026-11-30T03:12:09Z ERROR shard 17 lease lost after 15s"
    ));
    assert!(pasted_line(
        "connection to db-7:5432 refused after 3 retries"
    ));
    assert!(!pasted_line("lease lost"));
    assert!(!pasted_line("connection refused tag:db timeout"));
    let mut m = browsing(100, 30, false, "ERROR 2026-11-30 shard 17 lease lost");
    m.mode = Mode::Browse;
    let step = send(&mut m, [key(KeyCode::Char('N'))]);
    assert_eq!(
        step.effects,
        vec![Effect::NewRecord {
            from_log: Some("ERROR 2026-11-30 shard 17 lease lost".into()),
            site: None,
        }]
    );
    m.query = "tag:db".into();
    let step = send(&mut m, [key(KeyCode::Char('N'))]);
    assert_eq!(
        step.effects,
        vec![Effect::NewRecord {
            from_log: None,
            site: None,
        }]
    );
}

#[test]
fn an_added_record_is_searched_for_by_its_id() {
    let mut m = browsing(100, 30, false, "deadlock");
    let ds = Arc::clone(m.dataset.as_ref().expect("dataset"));
    let path = std::path::PathBuf::from("/tmp/records.jsonl");
    let step = send(
        &mut m,
        [Msg::RecordAdded(Ok((ds, vec!["abc123".into()], path)))],
    );
    assert_eq!(m.query, "id:abc123");
    assert!(
        matches!(step.effects.as_slice(), [Effect::UseDataset(h), Effect::Search(q)] if h.complete && q == "id:abc123"),
        "{:?}",
        step.effects
    );
    assert_eq!(
        m.notice.as_deref(),
        Some("added abc123 to /tmp/records.jsonl")
    );
    send(&mut m, [Msg::RecordAdded(Err("not added: boom".into()))]);
    assert_eq!(m.notice.as_deref(), Some("not added: boom"));
}

#[test]
fn the_note_input_edits_whole_graphemes_of_accents_emoji_and_cjk() {
    let mut m = browsing(100, 30, false, "");
    m.mode = Mode::Browse;
    let id = m.entry(0).expect("entry").id.to_string();
    keys(&mut m, "n");
    // e + combining acute, a family emoji (five chars), two CJK characters.
    send(
        &mut m,
        [Msg::Paste("cafe\u{301} 👨\u{200d}👩\u{200d}👧 连接".into())],
    );
    keys(
        &mut m,
        "<backspace><left><left><backspace><left><backspace>",
    );
    let step = keys(&mut m, "<enter>");
    assert_eq!(
        step.effects,
        vec![Effect::SaveNote {
            id,
            text: "caf  连".into()
        }],
        "each key removed one character as the user sees it"
    );
}
