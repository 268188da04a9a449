//! Colours and text attributes for every part of the browser, in one place.
//!
//! Without colour (NO_COLOR) the UI must still show the selection, the matched characters and
//! the marked source line, so those use reverse/bold/underline in every theme.

use ratatui::style::{Color, Modifier, Style};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThemeName {
    Dark,
    Light,
}

impl ThemeName {
    /// `dark` or `light`; anything else is an error the caller reports.
    pub fn parse(text: &str) -> Result<ThemeName, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dark" => Ok(ThemeName::Dark),
            "light" => Ok(ThemeName::Light),
            other => Err(format!("unknown theme `{other}` (dark or light)")),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    pub name: ThemeName,
    /// False under NO_COLOR: only attributes, no colours, and no syntax colours.
    pub color: bool,
    pub text: Style,
    pub dim: Style,
    pub title: Style,
    pub focused_border: Style,
    pub border: Style,
    pub selected: Style,
    pub matched: Style,
    pub label: Style,
    pub code: Style,
    /// `inline code` inside prose (documentation, solutions, tips).
    pub inline_code: Style,
    pub gutter: Style,
    pub marked_line: Style,
    pub marked_gutter: Style,
    pub notice: Style,
    pub error: Style,
    pub key: Style,
    pub severity_high: Style,
    pub severity_mid: Style,
    pub severity_low: Style,
}

impl Theme {
    pub fn new(name: ThemeName, color: bool) -> Theme {
        if !color {
            return Theme::monochrome(name);
        }
        let (fg, dim, accent, match_fg, mark_bg, sel_bg) = match name {
            ThemeName::Dark => (
                Color::Gray,
                Color::DarkGray,
                Color::Cyan,
                Color::Yellow,
                Color::Rgb(70, 50, 20),
                Color::Rgb(40, 60, 90),
            ),
            ThemeName::Light => (
                Color::Black,
                Color::Gray,
                Color::Blue,
                Color::Magenta,
                Color::Rgb(255, 235, 170),
                Color::Rgb(200, 220, 245),
            ),
        };
        let inline_code = match name {
            ThemeName::Dark => Color::LightGreen,
            ThemeName::Light => Color::Rgb(0, 110, 40),
        };
        Theme {
            name,
            color,
            text: Style::new().fg(fg),
            dim: Style::new().fg(dim),
            title: Style::new().fg(accent).add_modifier(Modifier::BOLD),
            focused_border: Style::new().fg(accent),
            border: Style::new().fg(dim),
            selected: Style::new().bg(sel_bg).add_modifier(Modifier::BOLD),
            matched: Style::new()
                .fg(match_fg)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            label: Style::new().fg(accent),
            code: Style::new().fg(fg),
            inline_code: Style::new().fg(inline_code),
            gutter: Style::new().fg(dim),
            marked_line: Style::new().bg(mark_bg),
            marked_gutter: Style::new()
                .fg(match_fg)
                .bg(mark_bg)
                .add_modifier(Modifier::BOLD),
            notice: Style::new().fg(match_fg).add_modifier(Modifier::ITALIC),
            error: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            key: Style::new().fg(accent).add_modifier(Modifier::BOLD),
            severity_high: Style::new().fg(Color::Red),
            severity_mid: Style::new().fg(match_fg),
            severity_low: Style::new().fg(dim),
        }
    }

    fn monochrome(name: ThemeName) -> Theme {
        let plain = Style::new();
        let bold = Style::new().add_modifier(Modifier::BOLD);
        Theme {
            name,
            color: false,
            text: plain,
            dim: plain,
            title: bold,
            focused_border: bold,
            border: plain,
            selected: Style::new().add_modifier(Modifier::REVERSED),
            matched: Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            label: bold,
            code: plain,
            inline_code: plain,
            gutter: plain,
            marked_line: Style::new().add_modifier(Modifier::REVERSED),
            marked_gutter: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            notice: Style::new().add_modifier(Modifier::ITALIC),
            error: bold,
            key: bold,
            severity_high: bold,
            severity_mid: plain,
            severity_low: plain,
        }
    }

    /// The style for a severity word; unknown severities are plain text.
    pub fn severity(&self, severity: &str) -> Style {
        match severity.to_ascii_lowercase().as_str() {
            "critical" | "fatal" | "error" | "high" => self.severity_high,
            "warning" | "warn" | "medium" => self.severity_mid,
            "info" | "low" | "debug" | "notice" => self.severity_low,
            _ => self.text,
        }
    }

    /// The syntect theme that suits this theme's background.
    pub fn syntax_theme(&self) -> &'static str {
        match self.name {
            ThemeName::Dark => "base16-eighties.dark",
            ThemeName::Light => "InspiredGitHub",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monochrome_has_no_colours_but_keeps_selection_and_matches_visible() {
        let t = Theme::new(ThemeName::Dark, false);
        for style in [t.selected, t.matched, t.marked_line, t.text, t.error] {
            assert_eq!(style.fg, None);
            assert_eq!(style.bg, None);
        }
        assert!(t.selected.add_modifier.contains(Modifier::REVERSED));
        assert!(t.matched.add_modifier.contains(Modifier::UNDERLINED));
        assert!(t.marked_line.add_modifier.contains(Modifier::REVERSED));
    }

    #[test]
    fn theme_names_parse() {
        assert_eq!(ThemeName::parse(" Light "), Ok(ThemeName::Light));
        assert!(ThemeName::parse("solarized").is_err());
    }
}
