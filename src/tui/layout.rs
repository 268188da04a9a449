//! Where each part of the screen goes, as a pure function of the terminal size and the
//! model's layout flags. Drawing and mouse handling both use it, so a click lands on what
//! was drawn there.

use ratatui::layout::{Constraint, Direction, Layout, Rect};

/// Below this the browser cannot draw itself and says so.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 12;
/// From this width on, the detail sits to the right of the list instead of below it.
pub const WIDE: u16 = 100;
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
}

impl Areas {
    pub fn compute(width: u16, height: u16, zoomed: bool) -> Option<Areas> {
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
            });
        }
        let (direction, list_share) = if width >= WIDE {
            (Direction::Horizontal, 45)
        } else {
            (Direction::Vertical, 45)
        };
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
        })
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
}
