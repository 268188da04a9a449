//! What a key can ask for: every `Action`, named in snake_case so a config can rebind keys
//! by name, with the sentence the help overlay shows for it.

macro_rules! actions {
    ($($variant:ident = $name:literal, $about:literal;)*) => {
        /// Everything a key can do.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Action {
            $($variant,)*
        }

        impl Action {
            pub const ALL: &[Action] = &[$(Action::$variant,)*];

            /// The snake_case name a config file uses.
            pub fn name(self) -> &'static str {
                match self {
                    $(Action::$variant => $name,)*
                }
            }

            /// What the help overlay says it does.
            pub fn about(self) -> &'static str {
                match self {
                    $(Action::$variant => $about,)*
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
    SelectNext = "select_next", "next result, or scroll the focused pane down";
    SelectPrev = "select_prev", "previous result, or scroll the focused pane up";
    PageDown = "page_down", "a page down";
    PageUp = "page_up", "a page up";
    SelectFirst = "select_first", "first result, or top of the pane";
    SelectLast = "select_last", "last result, or bottom of the pane";
    FocusNext = "focus_next", "focus the next pane";
    FocusPrev = "focus_prev", "focus the previous pane";
    ShowOverview = "show_overview", "show the overview pane";
    ShowSource = "show_source", "show the source pane";
    ShowFixes = "show_fixes", "show the fixes pane";
    ShowTips = "show_tips", "show the prevention tips pane";
    Zoom = "zoom", "detail full screen, or back";
    Back = "back", "leave the full-screen detail, or the triage view";
    ShowTriage = "show_triage", "back to the triage view of the pasted or piped log";
    DeleteBack = "delete_back", "delete the character before the cursor";
    DeleteWord = "delete_word", "delete the word before the cursor";
    ClearQuery = "clear_query", "clear the search";
    CursorLeft = "cursor_left", "move the cursor left";
    CursorRight = "cursor_right", "move the cursor right";
    TogglePin = "toggle_pin", "pin or unpin the selected record (is:pinned finds them)";
    ExportPins = "export_pins", "write the pinned records as one Markdown note";
    History = "history", "search the query history";
    CopyMenu = "copy_menu", "choose what to copy from the record";
    CopyFix = "copy_fix", "copy the fix (exampleFix, else solution 1)";
    CopySolution1 = "copy_solution_1", "copy solution 1";
    CopySolution2 = "copy_solution_2", "copy solution 2";
    CopySolution3 = "copy_solution_3", "copy solution 3";
    CopySolution4 = "copy_solution_4", "copy solution 4";
    CopySolution5 = "copy_solution_5", "copy solution 5";
    CopySolution6 = "copy_solution_6", "copy solution 6";
    CopySolution7 = "copy_solution_7", "copy solution 7";
    CopySolution8 = "copy_solution_8", "copy solution 8";
    CopySolution9 = "copy_solution_9", "copy solution 9";
    OpenUrl = "open_url", "open the source on the web, at the error line";
    EditLocal = "edit_local", "open $EDITOR at the error line in your own checkout";
    ToggleLocalSource = "toggle_local_source", "source pane: the dataset's snippet or your local file today";
}

impl Action {
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.iter().copied().find(|a| a.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for a in Action::ALL {
            assert!(seen.insert(a.name()), "duplicate name {}", a.name());
            assert!(
                a.name()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{}",
                a.name()
            );
            assert_eq!(Action::from_name(a.name()), Some(*a));
            assert!(!a.about().is_empty());
        }
        assert_eq!(Action::from_name("nope"), None);
    }
}
