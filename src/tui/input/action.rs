//! What a key can ask for: every `Action`, named in snake_case so a config can rebind keys
//! by name, with the sentence the help overlay shows for it.

use std::borrow::Cow;

/// The solutions a key can copy directly (`copy_solution_1` … `copy_solution_9`).
pub const DIRECT_SOLUTIONS: u8 = 9;

/// The prevention tips the copy menu has keys for (`copy_tip_1` … `copy_tip_12`).
pub const DIRECT_TIPS: u8 = 12;

macro_rules! actions {
    ($($variant:ident = $name:literal, $about:literal;)*) => {
        /// Everything a key can do.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Action {
            $($variant,)*
            /// Copy solution N (1 to `DIRECT_SOLUTIONS`).
            CopySolution(u8),
            /// Copy prevention tip N from the copy menu (1 to `DIRECT_TIPS`).
            CopyTip(u8),
        }

        impl Action {
            /// The actions without a number, in the order the help lists them.
            const PLAIN: &[Action] = &[$(Action::$variant,)*];

            fn plain_name(self) -> Option<&'static str> {
                match self {
                    $(Action::$variant => Some($name),)*
                    Action::CopySolution(_) | Action::CopyTip(_) => None,
                }
            }

            fn plain_about(self) -> Option<&'static str> {
                match self {
                    $(Action::$variant => Some($about),)*
                    Action::CopySolution(_) | Action::CopyTip(_) => None,
                }
            }
        }
    };
}

actions! {
    Quit = "quit", "quit errdex";
    Help = "help", "show or hide this help";
    SearchMode = "search_mode", "back to the search box";
    BrowseMode = "browse_mode", "leave the search box: single keys act";
    SelectNext = "select_next", "next result or entry, or scroll the focused pane down";
    SelectPrev = "select_prev", "previous result or entry, or scroll the focused pane up";
    PageDown = "page_down", "a page down";
    PageUp = "page_up", "a page up";
    SelectFirst = "select_first", "first result or entry, or top of the pane";
    SelectLast = "select_last", "last result or entry, or bottom of the pane";
    FocusNext = "focus_next", "focus the next pane";
    FocusPrev = "focus_prev", "focus the previous pane";
    ShowOverview = "show_overview", "show the overview pane";
    ShowSource = "show_source", "show the source pane";
    ShowFixes = "show_fixes", "show the fixes pane";
    ShowTips = "show_tips", "show the prevention tips pane";
    Zoom = "zoom", "detail full screen, or back";
    OpenGroup = "open_group", "list the sites of the selected message written at several places (Right at the end of the query too)";
    CloseGroup = "close_group", "fold a message's sites back into its one row";
    Back = "back", "leave the full-screen detail, or the triage view";
    ShowTriage = "show_triage", "back to the triage view of the pasted or piped log";
    LogLinesDown = "log_lines_down", "triage view: scroll the log lines of the known error down";
    LogLinesUp = "log_lines_up", "triage view: scroll the log lines of the known error up";
    DeleteBack = "delete_back", "delete the character before the cursor";
    DeleteForward = "delete_forward", "delete the character under the cursor";
    DeleteWord = "delete_word", "delete back to the previous space";
    DeleteWordBack = "delete_word_back", "delete the word (letters and digits) before the cursor";
    DeleteToEnd = "delete_to_end", "delete from the cursor to the end";
    ClearQuery = "clear_query", "clear the search";
    CursorLeft = "cursor_left", "move the cursor left";
    CursorRight = "cursor_right", "move the cursor right";
    CursorStart = "cursor_start", "move the cursor to the start of the query";
    CursorEnd = "cursor_end", "move the cursor to the end of the query";
    WordLeft = "word_left", "move the cursor back a word";
    WordRight = "word_right", "move the cursor forward a word";
    TogglePin = "toggle_pin", "pin or unpin the selected record (is:pinned finds them)";
    ExportPins = "export_pins", "write the pinned records as one Markdown note";
    WriteIncidentReport = "write_incident_report", "write the triage view's incident report to incident-report.md";
    History = "history", "search the query history";
    CopyMenu = "copy_menu", "choose what to copy from the record";
    CopyFix = "copy_fix", "copy the fix (exampleFix, else solution 1)";
    OpenUrl = "open_url", "open the source on the web, at the error line";
    EditLocal = "edit_local", "open $EDITOR at the error line in your own checkout";
    ToggleLocalSource = "toggle_local_source", "source pane: the dataset's snippet or your local file today";
    ShowProblems = "show_problems", "list every problem met loading the data and the config";
    Close = "close", "close the overlay";
    Accept = "accept", "use the highlighted entry (copy it, or put it in the search box)";
    AddNote = "add_note", "add a team note to the selected record";
    Pick = "pick", "errdex pick: print the selected record's target and exit";
    Cancel = "cancel", "errdex pick: exit without choosing (status 130)";
    ClosePopup = "close_popup", "tmux popup: leave the full-screen detail, else close the popup";
    NewRecord = "new_record", "write a new record in $EDITOR (from the selected unknown error, as the fix of a site found in your code, or from a pasted log line)";
    // The copy menu's targets (the fix and the solutions use `copy_fix`, `copy_solution_N`).
    CopyValidation = "copy_validation", "copy the validation code";
    CopyTryCatch = "copy_try_catch", "copy the try/catch pattern";
    CopyTypeGuard = "copy_type_guard", "copy the type guard";
    CopySnippet = "copy_snippet", "copy the source snippet";
    CopySnippetNumbered = "copy_snippet_numbered", "copy the source snippet with line numbers";
    CopyUrl = "copy_url", "copy the GitHub URL at the error line";
    CopyLocation = "copy_location", "copy the location (path:line)";
    CopyMarkdown = "copy_markdown", "copy the record as a Markdown incident note";
    CopyReport = "copy_report", "triage view: copy the log's incident report";
}

impl Action {
    /// Every action, the numbered ones included.
    pub fn all() -> impl Iterator<Item = Action> {
        Action::PLAIN
            .iter()
            .copied()
            .chain((1..=DIRECT_SOLUTIONS).map(Action::CopySolution))
            .chain((1..=DIRECT_TIPS).map(Action::CopyTip))
    }

    /// The snake_case name a config file uses.
    pub fn name(self) -> Cow<'static, str> {
        match (self, self.plain_name()) {
            (Action::CopySolution(n), _) => format!("copy_solution_{n}").into(),
            (Action::CopyTip(n), _) => format!("copy_tip_{n}").into(),
            (_, name) => name.unwrap_or_default().into(),
        }
    }

    /// What the help overlay says it does.
    pub fn about(self) -> Cow<'static, str> {
        match (self, self.plain_about()) {
            (Action::CopySolution(n), _) => format!("copy solution {n}").into(),
            (Action::CopyTip(n), _) => format!("copy prevention tip {n}").into(),
            (_, about) => about.unwrap_or_default().into(),
        }
    }

    pub fn from_name(name: &str) -> Option<Action> {
        Action::all().find(|a| a.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for a in Action::all() {
            assert!(seen.insert(a.name()), "duplicate name {}", a.name());
            assert!(
                a.name()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{}",
                a.name()
            );
            assert_eq!(Action::from_name(&a.name()), Some(a));
            assert!(!a.about().is_empty());
        }
        assert_eq!(Action::from_name("nope"), None);
    }
}
