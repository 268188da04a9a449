//! `update`: a message in, the model changed, effects out. No I/O happens here, so every
//! behaviour of the browser can be tested by replaying messages. Each message and each action
//! goes to the feature it belongs to; a feature's update returns a `Step` and never calls back
//! here.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::dataset::use_dataset;
use super::effect::Effect;
use super::generation::Job;
use super::model::{LoadState, Model, Overlay, Pane, Picked};
use super::scroll;
use super::step::Step;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::{Mode, Scope};
use crate::tui::local::update as local;
use crate::tui::team::update as team;
use crate::tui::{copy, help, history, problems, results, triage};

use super::msg::Msg;

pub fn update(m: &mut Model, msg: Msg) -> Step {
    if is_stale(m, &msg) {
        return Step::default();
    }
    match msg {
        Msg::Key(key) => on_key(m, key),
        Msg::Mouse(mouse) => scroll::on_mouse(m, mouse),
        Msg::Action(action) => apply(m, action),
        Msg::Resize(width, height) => {
            m.width = width;
            m.height = height;
            scroll::settle(m);
            Step::redraw()
        }
        Msg::Progress(p) => {
            let LoadState::Loading(old) = &m.load else {
                return Step::default();
            };
            let changed = *old != p;
            m.load = LoadState::Loading(p);
            Step {
                effects: Vec::new(),
                redraw: changed,
            }
        }
        Msg::Partial(dataset) => {
            if !matches!(m.load, LoadState::Loading(_)) {
                return Step::default();
            }
            use_dataset(m, dataset, false)
        }
        Msg::Loaded(dataset, summary) => {
            m.load = LoadState::Done(summary);
            use_dataset(m, dataset, true)
        }
        Msg::Results(set, matcher) => results::update::on_results(m, set, matcher),
        Msg::Detail(_, Ok(detail)) => {
            m.detail = Some(*detail);
            team::attach_notes(m);
            m.detail_error = None;
            m.scroll = [0; 4];
            scroll::center_marked_line(m);
            local::detail_shown(m, Step::redraw())
        }
        Msg::Detail(_, Err(why)) => {
            m.detail = None;
            m.detail_error = Some(why);
            Step::redraw()
        }
        Msg::Remembered(answer) => history::update::on_remembered(m, answer),
        msg @ (Msg::Copied { .. } | Msg::Opened(..)) => copy::update::on_msg(m, msg),
        Msg::Located(_, answer) => local::on_located(m, *answer),
        Msg::Edited(result) => local::on_edited(m, result),
        Msg::Paste(text) if m.overlay_is(Scope::Note) => team::on_paste(m, &text),
        Msg::Paste(text) => triage::on_paste(m, &text),
        Msg::Notes(notes) => team::on_notes(m, notes),
        Msg::NoteSaved(saved) => team::on_note_saved(m, saved),
        Msg::RecordAdded(added) => team::on_record_added(m, added),
        Msg::Triage(news) => triage::on_news(m, news),
        Msg::HeadMoved(moved) => crate::tui::rescan::on_head_moved(m, moved),
        Msg::Rescanned(_, answers) => crate::tui::rescan::on_rescanned(m, answers),
        Msg::CodeRewritten(files) => crate::tui::rescan::on_code_rewritten(m, &files),
        Msg::Notice(text) => {
            m.notice = Some(text);
            Step::redraw()
        }
    }
}

/// The one place stale answers are dropped: an answer to any request but the newest of its
/// kind (`Requests::is_current`) reaches no feature.
fn is_stale(m: &mut Model, msg: &Msg) -> bool {
    let Some((job, answer)) = msg.answers() else {
        return false;
    };
    // The engine numbers the searches: their answers tell of them.
    if job == Job::Search {
        m.requests.asked(Job::Search, answer);
    }
    !m.requests.is_current(job, answer)
}

/// Every key clears the last notice first: a notice answers the key before it.
fn on_key(m: &mut Model, key: KeyEvent) -> Step {
    if key.kind == KeyEventKind::Release {
        return Step::default();
    }
    let cleared = m.notice.take().is_some();
    let mut step = route_key(m, key);
    step.redraw |= cleared;
    step
}

fn route_key(m: &mut Model, key: KeyEvent) -> Step {
    let scope = m.overlay.as_ref().map(Overlay::scope);
    let action = match scope {
        Some(scope) => m.keymap.overlay_action(scope, &key),
        None => m.keymap.main_action(m.run(), m.mode, &key),
    };
    if action == Some(Action::Quit) {
        return apply(m, Action::Quit);
    }
    if m.areas().is_none() {
        // Nothing is on screen to act on while the terminal is too small.
        return Step::default();
    }
    match scope {
        Some(Scope::Help) => return help::update::on_key(m, action),
        Some(Scope::Note) => return team::on_input_key(m, key, action),
        Some(Scope::Problems) => return problems::on_key(m, action),
        Some(Scope::CopyMenu) => {
            let step = copy::update::on_menu_key(m, action);
            return history::update::after_copy(m, step);
        }
        Some(_) => return history::update::on_overlay_key(m, key, action),
        None => {}
    }
    if let Some(action) = action {
        return apply(m, action);
    }
    match key.code {
        KeyCode::Char(c)
            if m.mode == Mode::Search
                && !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            results::edit::insert(m, c)
        }
        _ => Step::default(),
    }
}

/// An action on the main screen (no overlay open).
pub fn apply(m: &mut Model, action: Action) -> Step {
    match action {
        Action::Quit => {
            m.quit = true;
            return history::update::record_query(m, Step::default()).with(Effect::Quit);
        }
        Action::Pick | Action::Cancel => return pick(m, action),
        // Esc in the popup: what it would cancel first, else the popup itself.
        Action::ClosePopup if m.zoomed => return apply(m, Action::Back),
        Action::ClosePopup if m.popup => return apply(m, Action::Quit),
        Action::ClosePopup => return Step::default(),
        Action::Help => m.overlay = Some(Overlay::Help { scroll: 0 }),
        Action::SearchMode if m.in_triage() => return triage::leave(m),
        Action::SearchMode => m.mode = Mode::Search,
        Action::BrowseMode => m.mode = Mode::Browse,
        Action::Back if m.zoomed => {
            m.zoomed = false;
            m.focus = Pane::Results;
            scroll::settle(m);
        }
        Action::Back if m.in_triage() => return triage::leave(m),
        Action::Back => return Step::default(),
        Action::ShowTriage => return triage::reopen(m),
        Action::LogLinesDown => return triage::scroll_lines(m, 1),
        Action::LogLinesUp => return triage::scroll_lines(m, -1),
        Action::SelectNext => {
            return history::update::recall(m, 1).unwrap_or_else(|| scroll::move_by(m, 1));
        }
        Action::SelectPrev => {
            return history::update::recall(m, -1).unwrap_or_else(|| scroll::move_by(m, -1));
        }
        Action::PageDown => return scroll::move_by(m, scroll::page(m)),
        Action::PageUp => return scroll::move_by(m, -scroll::page(m)),
        Action::SelectFirst => return scroll::move_by(m, isize::MIN),
        Action::SelectLast => return scroll::move_by(m, isize::MAX),
        Action::FocusNext => cycle_focus(m, 1),
        Action::FocusPrev => cycle_focus(m, -1),
        Action::ShowOverview => show(m, Pane::Overview),
        Action::ShowSource => show(m, Pane::Source),
        Action::ShowFixes => show(m, Pane::Fixes),
        Action::ShowTips => show(m, Pane::Tips),
        Action::OpenGroup => return results::update::open_or_close_group(m, true),
        Action::CloseGroup => return results::update::open_or_close_group(m, false),
        Action::Zoom => {
            m.zoomed = !m.zoomed;
            m.focus = if m.zoomed { m.tab } else { Pane::Results };
            scroll::settle(m);
            if m.zoomed {
                return history::update::opened(m, Step::redraw());
            }
        }
        // At the end of the query Right has nowhere to go: it opens the selected group, so a
        // pasted line's sites are one key away (in `errdex pick` too, where Esc gives up).
        Action::CursorRight if at_end_by_a_closed_group(m) => {
            return results::update::open_or_close_group(m, true);
        }
        Action::DeleteBack
        | Action::DeleteForward
        | Action::DeleteWord
        | Action::DeleteWordBack
        | Action::DeleteToEnd
        | Action::ClearQuery
        | Action::CursorLeft
        | Action::CursorRight
        | Action::CursorStart
        | Action::CursorEnd
        | Action::WordLeft
        | Action::WordRight => return results::edit::apply(m, action).unwrap_or_default(),
        Action::ShowProblems => return problems::open(m),
        Action::TogglePin => return history::update::toggle_pin(m),
        Action::AddNote => return team::open_note(m),
        Action::NewRecord => return team::new_record(m),
        Action::ExportPins => return history::update::export_pins(m),
        Action::WriteIncidentReport => return triage::write_report(m),
        Action::History => return history::update::open_history(m),
        Action::CopyMenu
        | Action::OpenUrl
        | Action::CopyFix
        | Action::CopySolution(_)
        | Action::CopyTip(_)
        | Action::CopyValidation
        | Action::CopyTryCatch
        | Action::CopyTypeGuard
        | Action::CopySnippet
        | Action::CopySnippetNumbered
        | Action::CopyUrl
        | Action::CopyLocation
        | Action::CopyMarkdown
        | Action::CopyReport => {
            let step = copy::update::apply(m, action);
            return history::update::after_copy(m, step);
        }
        Action::EditLocal => return local::edit(m),
        Action::ToggleLocalSource => return local::toggle(m),
        // The overlays' own actions mean nothing on the main screen.
        Action::Close | Action::Accept => return Step::default(),
    }
    Step::redraw()
}

fn at_end_by_a_closed_group(m: &Model) -> bool {
    let closed = m.listing.group_of(m.selected).is_some_and(|(_, g)| !g.open);
    closed && m.query.after_cursor().is_empty()
}

fn show(m: &mut Model, pane: Pane) {
    m.tab = pane;
    m.focus = pane;
}

/// Tab order: the list, then each detail pane; the list is skipped while the detail is zoomed.
fn cycle_focus(m: &mut Model, step: isize) {
    let order: &[Pane] = if m.zoomed {
        &Pane::DETAIL
    } else {
        &[
            Pane::Results,
            Pane::Overview,
            Pane::Source,
            Pane::Fixes,
            Pane::Tips,
        ]
    };
    let at = order.iter().position(|p| *p == m.focus).unwrap_or(0) as isize;
    let len = order.len() as isize;
    let next = order[(at + step).rem_euclid(len) as usize];
    m.focus = next;
    if next != Pane::Results {
        m.tab = next;
    }
}

#[cfg(test)]
#[path = "update_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "update_popup_tests.rs"]
mod popup_tests;

/// Ends `errdex pick` with the selected record (the site a group row has selected), or with
/// nothing. Outside a pick the keys do nothing.
fn pick(m: &mut Model, action: Action) -> Step {
    if !m.picking {
        return Step::default();
    }
    let picked = match action {
        Action::Pick => {
            if let Some(index) = m.selected_index() {
                Picked::Record(index)
            } else {
                m.notice = Some("nothing selected to pick".into());
                return Step::redraw();
            }
        }
        _ => Picked::Cancelled,
    };
    m.picked = Some(picked);
    m.quit = true;
    Step::default().with(Effect::Quit)
}
