//! The clipboard settings the config reads and the environment errdex runs in. The routes
//! that put text on a clipboard live in the binary; the core only names them.

use std::str::FromStr;

use crate::choice::Choice;

/// The `clipboard` config key and `copy --mode`: which routes a copy may take.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, strum::EnumIter, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Mode {
    /// tmux buffer inside tmux; the display's clipboard; OSC 52 outside tmux.
    #[default]
    Auto,
    /// Only the OSC 52 escape sequence.
    Osc52,
    /// Only the display's clipboard (X11 helper, wl-copy, xclip, xsel).
    Native,
    /// Only the tmux buffer.
    Tmux,
    /// Only `clipboard_command`, with the text on its stdin.
    Command,
    /// Never copy.
    Off,
}

impl FromStr for Mode {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Mode::from_name(s).ok_or_else(|| {
            format!(
                "unknown clipboard mode `{s}`; one of: {}",
                Mode::names().join(", ")
            )
        })
    }
}

/// The clipboard settings of config.toml: `clipboard` and `clipboard_command`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    pub mode: Mode,
    /// A shell command that reads the text on stdin (`pbcopy`, `xclip -sel c`, `clip.exe` …).
    pub command: Option<String>,
}

/// What the environment says about the ways to a clipboard.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Env {
    /// An X11 display (`DISPLAY`).
    pub display: bool,
    /// A Wayland compositor (`WAYLAND_DISPLAY`).
    pub wayland: bool,
    /// Inside tmux (`TMUX`).
    pub tmux: bool,
}

impl Env {
    pub fn from_process() -> Self {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        Env {
            display: set("DISPLAY"),
            wayland: set("WAYLAND_DISPLAY"),
            tmux: set("TMUX"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_parse_by_name() {
        let names = Mode::names();
        assert_eq!(names, ["auto", "osc52", "native", "tmux", "command", "off"]);
        for name in names {
            assert_eq!(name.parse::<Mode>().map(Mode::name), Ok(name));
        }
        assert!(
            "clip"
                .parse::<Mode>()
                .is_err_and(|e| e.contains("auto, osc52"))
        );
    }
}
