//! Copying and opening from the browser: the copy menu (`y`), the direct keys (`1`–`9`,
//! ctrl-y), `o`, and the status-line notice that reports what happened. Pure like `update`:
//! the clipboard and the web browser are reached through `Effect::Copy` and `Effect::Open`.

use super::CopyMenu;
use super::keys::{self, MenuRow};
use crate::tui::app::effect::Effect;
use crate::tui::app::model::{Model, Overlay};
use crate::tui::app::msg::Msg;
use crate::tui::app::step::Step;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::{Mode, Scope};
use errdex_core::copy::{self, Target};
use errdex_core::open::OpenError;

/// The copy and open actions; a copy target's key bound on the main screen copies it at
/// once (`1`–`9`, ctrl-y by default). Other actions, and the report outside the menu (`R`
/// writes it), do nothing here.
pub fn apply(m: &mut Model, action: Action) -> Step {
    match action {
        Action::CopyMenu => open_menu(m),
        Action::OpenUrl => open_url(m),
        _ => match keys::row_of(action) {
            Some(MenuRow::Target(target)) => copy_target(m, target),
            Some(MenuRow::Report) | None => Step::default(),
        },
    }
}

/// The answers of the runtime to `Effect::Copy` and `Effect::Open`.
pub fn on_msg(m: &mut Model, msg: Msg) -> Step {
    match msg {
        Msg::Copied { what, report } => m.notice = Some(format!("{what}: {report}")),
        Msg::Opened(url, Ok(program)) => m.notice = Some(format!("opened with {program}: {url}")),
        Msg::Opened(url, Err(OpenError::NotWeb(_))) => {
            m.notice = Some(format!("not a web URL, not opened: {url}"));
        }
        Msg::Opened(url, Err(e)) => {
            let head = match e {
                OpenError::Failed(why) => format!("could not open ({})", why.join("; ")),
                _ => "no browser".to_string(),
            };
            m.notice = Some(match copy_url_keys(m) {
                Some(keys) => format!("{head}: {url} — press {keys} to copy"),
                None => format!("{head}: {url}"),
            });
        }
        _ => return Step::default(),
    }
    Step::redraw()
}

/// With the copy menu open, keys pick from it and do nothing else: the menu's keys and each
/// target's own key, all from the keymap.
pub fn on_menu_key(m: &mut Model, action: Option<Action>) -> Step {
    let Some(Overlay::CopyMenu(menu)) = m.overlay.as_mut() else {
        return Step::default();
    };
    let last = menu.rows().saturating_sub(1);
    match action {
        Some(Action::Close) => m.overlay = None,
        Some(Action::Accept) => {
            if menu.selected == menu.offers.len() && menu.report.is_some() {
                return copy_report(m);
            }
            let target = menu.offers.get(menu.selected).map(|o| o.target);
            return copy_from_menu(m, target);
        }
        Some(Action::SelectNext) => menu.selected = (menu.selected + 1).min(last),
        Some(Action::SelectPrev) => menu.selected = menu.selected.saturating_sub(1),
        Some(Action::SelectFirst) => menu.selected = 0,
        Some(Action::SelectLast) => menu.selected = last,
        Some(action) => match keys::row_of(action) {
            Some(MenuRow::Report) if menu.report.is_some() => return copy_report(m),
            Some(MenuRow::Target(target)) if menu.offers.iter().any(|o| o.target == target) => {
                return copy_from_menu(m, Some(target));
            }
            _ => return Step::default(),
        },
        None => return Step::default(),
    }
    Step::redraw()
}

/// Closes the menu and copies its choice, unless the selection moved under the menu (results
/// can still stream in while it is open).
fn copy_from_menu(m: &mut Model, target: Option<Target>) -> Step {
    let index = m.copy_menu().and_then(|menu| menu.index);
    m.overlay = None;
    let Some(target) = target else {
        return Step::redraw();
    };
    if index != m.selected_index() {
        return notice(m, "the selection changed; open the copy menu again".into());
    }
    copy_target(m, target)
}

/// Closes the menu and copies the triage view's incident report it held.
fn copy_report(m: &mut Model) -> Step {
    let text = match m.overlay.take() {
        Some(Overlay::CopyMenu(menu)) => menu.report,
        other => {
            m.overlay = other;
            None
        }
    };
    let Some(text) = text else {
        return Step::default();
    };
    let what = "incident report".to_string();
    m.notice = Some(format!("{what}: copying…"));
    Step::redraw().with(Effect::Copy { what, text })
}

fn open_menu(m: &mut Model) -> Step {
    // In the triage view the log's incident report is on offer too, even with no record
    // selected (an unknown error).
    let report = crate::tui::triage::incident_report(m);
    let offers = match (record(m), &report) {
        (Ok(r), _) => copy::targets(r),
        (Err(_), Some(_)) if m.selected_index().is_none() => Vec::new(),
        (Err(why), _) => return notice(m, why),
    };
    m.overlay = Some(Overlay::CopyMenu(CopyMenu {
        index: m.selected_index(),
        offers,
        selected: 0,
        report,
    }));
    Step::redraw()
}

fn copy_target(m: &mut Model, target: Target) -> Step {
    let r = match record(m) {
        Ok(r) => r,
        Err(why) => return notice(m, why),
    };
    let what = describe(target);
    let Some(text) = copy::text(r, target) else {
        let why = match target {
            Target::Solution(_) if r.solutions.is_empty() => "this record has no solutions".into(),
            Target::Solution(_) => format!(
                "this record has {} solution{}",
                r.solutions.len(),
                if r.solutions.len() == 1 { "" } else { "s" }
            ),
            _ => format!("this record has no {what}"),
        };
        return notice(m, why);
    };
    m.notice = Some(format!("{what}: copying…"));
    Step::redraw().with(Effect::Copy { what, text })
}

fn open_url(m: &mut Model) -> Step {
    let url = match record(m) {
        // A record that hides a scanned site links the statement's current line, at the
        // scanned commit, when the site has a link.
        Ok(r) => m
            .current_detail()
            .map(crate::tui::app::msg::Detail::current)
            .and_then(copy::line_url)
            .or_else(|| copy::line_url(r)),
        Err(why) => return notice(m, why),
    };
    let Some(url) = url else {
        return notice(m, "this record has no githubUrl to open".into());
    };
    m.notice = Some(format!("opening {url}…"));
    Step::redraw().with(Effect::Open(url))
}

/// The selected record with every field read, or why there is none to act on.
fn record(m: &Model) -> Result<&errdex_core::record::Record, String> {
    if let Some(d) = m.current_detail() {
        return Ok(&d.record);
    }
    Err(match (m.selected_index(), &m.detail_error) {
        (None, _) => "no record selected".into(),
        (Some(_), Some(e)) => format!("cannot read the record: {e}"),
        (Some(_), None) => "the record is still being read; try again".into(),
    })
}

/// How the status line names a target.
fn describe(target: Target) -> String {
    match target {
        Target::Fix => "fix".into(),
        Target::Solution(n) => format!("solution {n}"),
        Target::Tip(n) => format!("prevention tip {n}"),
        Target::Validation => "validation code".into(),
        Target::TryCatch => "try/catch pattern".into(),
        Target::TypeGuard => "type guard".into(),
        Target::Snippet { numbered: false } => "source snippet".into(),
        Target::Snippet { numbered: true } => "numbered snippet".into(),
        Target::Url => "URL".into(),
        Target::UrlRange => "URL of the snippet".into(),
        Target::Location => "location".into(),
        Target::Markdown => "markdown note".into(),
        Target::Id => "id".into(),
        Target::Json => "record JSON".into(),
    }
}

/// The keys that copy the URL from here (`y u`, or `esc y u` from the search box), taken
/// from the keymap and the menu so a rebound key is named correctly.
fn copy_url_keys(m: &Model) -> Option<String> {
    let menu = m
        .keymap
        .bindings()
        .iter()
        .find(|b| b.action == Action::CopyMenu)?;
    copy::targets(&m.current_detail()?.record)
        .into_iter()
        .find(|o| o.target == Target::Url)?;
    let url = m.keymap.key_for(Scope::CopyMenu, Action::CopyUrl)?;
    let prefix = match m.mode {
        Mode::Search => m
            .keymap
            .bindings()
            .iter()
            .find(|b| b.action == Action::BrowseMode)
            .map(|b| format!("{} ", b.key.label()))
            .unwrap_or_default(),
        Mode::Browse => String::new(),
    };
    Some(format!("{prefix}{} {url}", menu.key.label()))
}

fn notice(m: &mut Model, text: String) -> Step {
    m.notice = Some(text);
    Step::redraw()
}

#[cfg(test)]
#[path = "update_tests.rs"]
mod tests;
