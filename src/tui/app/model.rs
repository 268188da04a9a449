//! Everything the browser shows, in one value. `update` changes it; views only read it.

use std::sync::Arc;

use crate::tui::app::generation::Requests;
use crate::tui::app::msg::{Detail, LoadSummary, ResultSet, RowMatcher};
use crate::tui::copy::CopyMenu;
use crate::tui::history::memory::HistoryOverlay;
use crate::tui::history::memory::Memory;
use crate::tui::input::keymap::{Keymap, Mode, Scope};
use crate::tui::input::line::LineInput;
use crate::tui::results::listing::{Listing, Row, search_rows};
use crate::tui::team::{NoteInput, TeamState};
use crate::tui::triage::TriageState;
use crate::tui::ui::layout::Areas;
use crate::tui::ui::theme::Theme;
use errdex_core::config::Layout;
use errdex_core::dataset::{Dataset, EntryRef};
use errdex_core::load::Progress;

/// How `errdex pick` ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picked {
    /// This record (a dataset index) was chosen.
    Record(usize),
    Cancelled,
}

/// The parts of the screen that can have the focus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Results,
    Overview,
    Source,
    Fixes,
    Tips,
}

impl Pane {
    pub const DETAIL: [Pane; 4] = [Pane::Overview, Pane::Source, Pane::Fixes, Pane::Tips];

    pub fn title(self) -> &'static str {
        match self {
            Pane::Results => "Results",
            Pane::Overview => "Overview",
            Pane::Source => "Source",
            Pane::Fixes => "Fixes",
            Pane::Tips => "Tips",
        }
    }

    /// Position among the detail panes (Results has none).
    pub fn detail_index(self) -> Option<usize> {
        Pane::DETAIL.iter().position(|p| *p == self)
    }
}

/// What is drawn over the screen and has the keyboard; one at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    /// The help, scrolled this many lines.
    Help {
        scroll: usize,
    },
    CopyMenu(CopyMenu),
    /// The Ctrl-r history list.
    History(HistoryOverlay),
    /// The team note being typed (`n`).
    Note(NoteInput),
    /// Every load and config problem, scrolled this many lines.
    Problems {
        scroll: usize,
    },
}

impl Overlay {
    /// The scroll offset of an overlay that is only text to read (help, problems).
    pub fn text_scroll(&mut self) -> Option<&mut usize> {
        match self {
            Overlay::Help { scroll } | Overlay::Problems { scroll } => Some(scroll),
            _ => None,
        }
    }

    /// Where its keys are in the keymap.
    pub fn scope(&self) -> Scope {
        match self {
            Overlay::Help { .. } => Scope::Help,
            Overlay::CopyMenu(_) => Scope::CopyMenu,
            Overlay::History(_) => Scope::History,
            Overlay::Note(_) => Scope::Note,
            Overlay::Problems { .. } => Scope::Problems,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadState {
    Loading(Progress),
    Done(LoadSummary),
}

pub struct Model {
    pub keymap: Keymap,
    pub theme: Theme,
    pub width: u16,
    pub height: u16,
    pub mode: Mode,
    /// The search box: the query and its cursor.
    pub query: LineInput,
    pub focus: Pane,
    /// The detail pane on display (one of `Pane::DETAIL`).
    pub tab: Pane,
    pub zoomed: bool,
    /// The help, the copy menu or the history, when one is open.
    pub overlay: Option<Overlay>,
    pub load: LoadState,
    pub dataset: Option<Arc<Dataset>>,
    /// The query's newest results, kept current while the triage is shown.
    pub results: ResultSet,
    pub matcher: Option<RowMatcher>,
    /// The rows of the results list: the query's results or the triage's errors.
    pub listing: Listing,
    /// Position of the selected row in `listing`.
    pub selected: usize,
    /// First result shown in the list.
    pub list_offset: usize,
    pub detail: Option<Detail>,
    /// Why the selected record could not be read.
    pub detail_error: Option<String>,
    /// Scroll offset of each detail pane, in lines.
    pub scroll: [usize; 4],
    pub quit: bool,
    /// The log being triaged, if one was pasted or piped in.
    pub triage: Option<TriageState>,
    /// Pins, query history, recently viewed records.
    pub memory: Memory,
    /// One line for the status bar answering the last key (a copy's report, a config
    /// problem at start); the next key clears it.
    pub notice: Option<String>,
    /// The command the query's first word is a slip of (`serach`): named on the status line
    /// if the query's first results hold nothing confident.
    pub did_you_mean: Option<String>,
    /// `errdex pick`: Enter chooses the selected record, Esc in the search box gives up.
    pub picking: bool,
    /// What the pick ended with, for the runtime to hand back.
    pub picked: Option<Picked>,
    /// In `errdex tmux`'s popup (`--popup`): Esc while browsing closes it.
    pub popup: bool,
    /// Where the detail goes and how much room the list gets (config `[layout]`).
    pub layout: Layout,
    /// The record on display in the user's own checkout.
    pub local: crate::tui::local::LocalState,
    /// Team notes and the note being typed.
    pub team: TeamState,
    /// Problems with the config, its key overrides and its datasets, known at start; the
    /// problems overlay lists them before the data's.
    pub config_problems: Vec<String>,
    /// The newest request of each kind a worker answers: older answers are dropped.
    pub requests: Requests,
    /// Checkouts waiting for a background rescan, and the rescans that failed.
    pub rescan: crate::tui::rescan::RescanState,
}

impl Model {
    pub fn new(keymap: Keymap, theme: Theme, query: String, width: u16, height: u16) -> Model {
        Model {
            keymap,
            theme,
            width,
            height,
            mode: Mode::Search,
            query: LineInput::new(query),
            focus: Pane::Results,
            tab: Pane::Overview,
            zoomed: false,
            overlay: None,
            load: LoadState::Loading(Progress::default()),
            dataset: None,
            results: ResultSet::default(),
            matcher: None,
            listing: Listing::default(),
            selected: 0,
            list_offset: 0,
            detail: None,
            detail_error: None,
            scroll: [0; 4],
            quit: false,
            triage: None,
            memory: Memory::default(),
            notice: None,
            did_you_mean: None,
            picking: false,
            picked: None,
            popup: false,
            layout: Layout::default(),
            local: Default::default(),
            team: TeamState::default(),
            config_problems: Vec::new(),
            requests: Requests::default(),
            rescan: Default::default(),
        }
    }

    pub fn areas(&self) -> Option<Areas> {
        let areas = Areas::compute_with(self.width, self.height, self.zoomed, self.layout)?;
        Some(if self.in_triage() {
            areas.with_log()
        } else {
            areas
        })
    }

    /// Whether the overlay open (if any) is the one with these keys.
    pub fn overlay_is(&self, scope: Scope) -> bool {
        self.overlay.as_ref().is_some_and(|o| o.scope() == scope)
    }

    /// True while the triage view is on screen.
    /// How the browser was started, for the keys that come before the main screen's.
    pub fn run(&self) -> crate::tui::input::keymap::Run {
        crate::tui::input::keymap::Run {
            picking: self.picking,
            popup: self.popup,
        }
    }

    pub fn in_triage(&self) -> bool {
        matches!(self.listing, Listing::Triage(_))
    }

    /// The selected row of the results list.
    pub fn selected_row(&self) -> Option<&Row> {
        self.listing.get(self.selected)
    }

    /// The record of the selected row (a group's chosen site); none for an unknown error.
    pub fn selected_index(&self) -> Option<usize> {
        self.selected_row().and_then(Row::record)
    }

    /// The in-memory fields of a result row.
    pub fn entry(&self, index: usize) -> Option<EntryRef<'_>> {
        self.dataset.as_ref()?.entries().get(index)
    }

    /// The detail being shown, if it belongs to the selected result.
    pub fn current_detail(&self) -> Option<&Detail> {
        self.detail
            .as_ref()
            .filter(|d| Some(d.index) == self.selected_index())
    }

    pub fn copy_menu(&self) -> Option<&CopyMenu> {
        match &self.overlay {
            Some(Overlay::CopyMenu(menu)) => Some(menu),
            _ => None,
        }
    }

    pub fn history_overlay(&self) -> Option<&HistoryOverlay> {
        match &self.overlay {
            Some(Overlay::History(h)) => Some(h),
            _ => None,
        }
    }

    /// The help's scroll offset, when the help is open.
    pub fn help_scroll(&self) -> Option<usize> {
        match &self.overlay {
            Some(Overlay::Help { scroll }) => Some(*scroll),
            _ => None,
        }
    }

    /// Shows the query's results in the list, from the top (the triage, if any, is kept for
    /// `show_triage`). The detail is asked for by whoever settles the selection.
    pub fn show_search(&mut self) {
        self.listing = Listing::Search(search_rows(&self.results, &[]));
        self.zoomed = false;
        self.focus = Pane::Results;
        self.selected = 0;
        self.list_offset = 0;
        self.detail_error = None;
    }

    pub fn scroll_of(&self, pane: Pane) -> usize {
        pane.detail_index().map_or(0, |i| self.scroll[i])
    }
}
