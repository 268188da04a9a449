//! The whole screen: each feature's view drawn from `&Model` into its part of the layout, then
//! the overlays on top. Nothing here changes the model; scroll offsets were settled by
//! `update`. The status bar and the notice over it (`view/`) belong to no one feature.

mod notice;
mod status;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use crate::tui::app::model::Model;
use crate::tui::ui::layout::{MIN_HEIGHT, MIN_WIDTH};
use crate::tui::ui::theme::Theme;
use crate::tui::{copy, detail, help, history, problems, results, team, triage};

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, model: &Model) {
    let area = frame.area();
    let Some(areas) = model.areas() else {
        too_small(frame, area, &model.theme);
        return;
    };
    if model.in_triage() {
        triage::view::draw(frame, &areas, model);
    } else {
        results::search_box::draw(frame, areas.search, model);
        if let Some(list) = areas.list {
            results::list::draw(frame, list, model);
        }
    }
    detail::draw(frame, areas.detail, model);
    status::draw(frame, areas.status, model);
    history::view::draw(frame, area, model);
    notice::draw(frame, area, areas.status, model);
    copy::view::draw(frame, area, model);
    team::view::draw(frame, area, model);
    problems::view::draw(frame, area, model);
    help::view::draw(frame, area, model);
}

fn too_small(frame: &mut Frame, area: Rect, theme: &Theme) {
    let text = vec![
        Line::styled("terminal too small", theme.error),
        Line::styled(
            format!(
                "{}×{} — errdex needs {MIN_WIDTH}×{MIN_HEIGHT}",
                area.width, area.height
            ),
            theme.text,
        ),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

#[cfg(test)]
mod tests;
