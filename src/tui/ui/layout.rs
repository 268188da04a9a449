//! Where each part of the screen goes, as a pure function of the terminal size and the
//! model's layout flags. Drawing and mouse handling both use it, so a click lands on what
//! was drawn there.

use ratatui::layout::{Constraint, Direction, Layout, Rect};

use errdex_core::config::{DetailPosition, Layout as Prefs};

/// Below this the browser cannot draw itself and says so.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 12;
/// From this width on, the detail sits to the right of the list instead of below it.
pub const WIDE: u16 = 100;
/// The least height that is shared with the triage view's log lines.
const MIN_SHARED: u16 = 16;
/// Each result takes two rows: the message, then repo and location.
pub const ROWS_PER_RESULT: u16 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Areas {
    pub search: Rect,
    /// The results list with its border (None when the detail is zoomed).
    pub list: Option<Rect>,
    /// The detail panes with their border.
    pub detail: Rect,
    pub status: Rect,
    /// In the triage view: the log lines of the selected known error, below the list.
    pub log: Option<Rect>,
}

impl Areas {
    pub fn compute(width: u16, height: u16, zoomed: bool) -> Option<Areas> {
        Areas::compute_with(width, height, zoomed, Prefs::default())
    }

    /// As `compute`, with the config's `[layout]`: where the detail goes and the list's share.
    pub fn compute_with(width: u16, height: u16, zoomed: bool, prefs: Prefs) -> Option<Areas> {
        if width < MIN_WIDTH || height < MIN_HEIGHT {
            return None;
        }
        let screen = Rect::new(0, 0, width, height);
        let [search, body, status] = Layout::vertical([
            Constraint::Length(3),
            Constraint::Min(1),
            Constraint::Length(1),
        ])
        .areas(screen);
        if zoomed {
            return Some(Areas {
                search,
                list: None,
                detail: body,
                status,
                log: None,
            });
        }
        let right = match prefs.detail {
            DetailPosition::Auto => width >= WIDE,
            DetailPosition::Right => true,
            DetailPosition::Below => false,
        };
        let direction = if right {
            Direction::Horizontal
        } else {
            Direction::Vertical
        };
        // The config checks the range; clamped again so a hand-built value cannot hide a pane.
        let list_share = prefs.ratio.clamp(10, 90);
        let [list, detail] = Layout::default()
            .direction(direction)
            .constraints([
                Constraint::Percentage(list_share),
                Constraint::Percentage(100 - list_share),
            ])
            .areas(body);
        Some(Areas {
            search,
            list: Some(list),
            detail,
            status,
            log: None,
        })
    }

    /// Makes room for the log lines: under the list when it has the full height (wide), else
    /// between the list and the detail; none when the screen is too short to share.
    pub fn with_log(self) -> Areas {
        let Some(list) = self.list else {
            return self;
        };
        if list.x != self.detail.x {
            if list.height < MIN_SHARED {
                return self;
            }
            let [list, log] =
                Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)])
                    .areas(list);
            return Areas {
                list: Some(list),
                log: Some(log),
                ..self
            };
        }
        let body = list.union(self.detail);
        if body.height < MIN_SHARED {
            return self;
        }
        let [list, log, detail] = Layout::vertical([
            Constraint::Percentage(40),
            Constraint::Percentage(25),
            Constraint::Percentage(35),
        ])
        .areas(body);
        Areas {
            list: Some(list),
            log: Some(log),
            detail,
            ..self
        }
    }

    /// How many results fit in the list.
    pub fn list_capacity(&self) -> usize {
        self.list
            .map_or(0, |l| usize::from(inner(l).height / ROWS_PER_RESULT))
            .max(1)
    }

    /// The detail's text area inside its border.
    pub fn detail_inner(&self) -> Rect {
        inner(self.detail)
    }
}

/// A bordered block's inside.
pub fn inner(r: Rect) -> Rect {
    Rect::new(
        r.x.saturating_add(1),
        r.y.saturating_add(1),
        r.width.saturating_sub(2),
        r.height.saturating_sub(2),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_small_has_no_layout() {
        assert!(Areas::compute(39, 24, false).is_none());
        assert!(Areas::compute(80, 11, false).is_none());
        assert!(Areas::compute(40, 12, false).is_some());
    }

    #[test]
    fn wide_puts_detail_right_narrow_below() {
        let wide = Areas::compute(120, 40, false).expect("fits");
        let list = wide.list.expect("list");
        assert!(wide.detail.x > list.x && wide.detail.y == list.y);
        let narrow = Areas::compute(80, 24, false).expect("fits");
        let list = narrow.list.expect("list");
        assert!(narrow.detail.y > list.y && narrow.detail.x == list.x);
        let zoomed = Areas::compute(80, 24, true).expect("fits");
        assert!(zoomed.list.is_none());
        assert_eq!(zoomed.detail.width, 80);
    }

    #[test]
    fn config_layout_places_the_detail_and_sizes_the_list() {
        let below = Prefs {
            detail: DetailPosition::Below,
            ratio: 30,
        };
        let a = Areas::compute_with(120, 40, false, below).expect("fits");
        let list = a.list.expect("list");
        assert!(a.detail.y > list.y && a.detail.x == list.x);
        assert_eq!(list.height, 11, "30% of the 36 body rows");
        let right = Prefs {
            detail: DetailPosition::Right,
            ratio: 60,
        };
        let a = Areas::compute_with(80, 24, false, right).expect("fits");
        let list = a.list.expect("list");
        assert!(a.detail.x > list.x && a.detail.y == list.y);
        assert_eq!(list.width, 48);
    }
}
