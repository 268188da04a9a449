//! Which routes a copy tries, in which order, for a mode and an environment. Pure, so every
//! combination is tested without a display, a tmux server or a terminal.

use super::{Env, Mode};

/// One way to try putting text on a clipboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Tmux,
    WlCopy,
    /// arboard: through the helper process on X11, directly on macOS/Windows.
    Native,
    Tool(&'static str),
    Command(String),
    Osc52,
}

/// The routes' kinds, in the order reasons are listed when nothing worked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Slot {
    Command,
    Display,
    Tmux,
    Osc52,
}

/// Alternatives for one route: the first that works is enough.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub slot: Slot,
    pub steps: Vec<Step>,
    /// Tried only if no earlier group took the text.
    pub fallback_only: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    pub groups: Vec<Group>,
    /// Why a route is not tried at all.
    pub skipped: Vec<(Slot, String)>,
}

/// X11 tools that take text on stdin and serve it after they return, with their arguments.
pub const X11_TOOLS: &[(&str, &[&str])] = &[
    ("xclip", &["-selection", "clipboard", "-in"]),
    ("xsel", &["--clipboard", "--input"]),
];

/// What the planner needs to know about the machine beyond the environment variables.
pub struct Abilities<'a> {
    /// Whether an executable is on PATH.
    pub has_tool: &'a dyn Fn(&str) -> bool,
    /// errdex can re-execute itself as the clipboard helper.
    pub has_helper: bool,
    /// The system keeps copied text after errdex exits (macOS, Windows): no display needed.
    pub system_clipboard: bool,
}

pub fn plan(mode: Mode, command: Option<&str>, env: &Env, can: &Abilities) -> Plan {
    let mut p = Plan::default();
    let group = |slot, steps| Group {
        slot,
        steps,
        fallback_only: false,
    };
    let (tmux, display, osc52) = match mode {
        Mode::Off => return p,
        Mode::Command => {
            match command.map(str::trim).filter(|c| !c.is_empty()) {
                Some(c) => p
                    .groups
                    .push(group(Slot::Command, vec![Step::Command(c.into())])),
                None => p.skipped.push((
                    Slot::Command,
                    "clipboard = \"command\" but clipboard_command is not set".into(),
                )),
            }
            return p;
        }
        Mode::Auto => (true, true, true),
        Mode::Tmux => (true, false, false),
        Mode::Native => (false, true, false),
        Mode::Osc52 => (false, false, true),
    };
    if !env.tmux {
        p.skipped.push((Slot::Tmux, "not in tmux".into()));
    } else if tmux {
        p.groups.push(group(Slot::Tmux, vec![Step::Tmux]));
    } else {
        p.skipped.push((Slot::Tmux, "tmux not used".into()));
    }
    let any_display = env.display || env.wayland || can.system_clipboard;
    if !display {
        let why = if any_display {
            "display not used"
        } else {
            "no display"
        };
        p.skipped.push((Slot::Display, why.into()));
    } else if let Some(steps) = display_steps(env, can) {
        p.groups.push(group(Slot::Display, steps));
    } else {
        let why = match (env.display, env.wayland) {
            (false, false) => "no display",
            (false, true) => "Wayland without wl-copy (install wl-clipboard)",
            _ => "no clipboard tool for the display",
        };
        p.skipped.push((Slot::Display, why.into()));
    }
    if osc52 {
        p.groups.push(Group {
            slot: Slot::Osc52,
            steps: vec![Step::Osc52],
            // Inside tmux the buffer route already forwards to the outer terminal, and tmux
            // would swallow our own sequence; it is only worth a try when tmux failed.
            fallback_only: env.tmux && mode == Mode::Auto,
        });
    } else {
        p.skipped.push((Slot::Osc52, "OSC 52 disabled".into()));
    }
    p
}

fn display_steps(env: &Env, can: &Abilities) -> Option<Vec<Step>> {
    if can.system_clipboard {
        return Some(vec![Step::Native]);
    }
    let mut steps = Vec::new();
    if env.wayland && (can.has_tool)("wl-copy") {
        steps.push(Step::WlCopy);
    }
    if env.display {
        if can.has_helper {
            steps.push(Step::Native);
        }
        for (tool, _) in X11_TOOLS {
            if (can.has_tool)(tool) {
                steps.push(Step::Tool(tool));
            }
        }
    }
    (!steps.is_empty()).then_some(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(display: bool, wayland: bool, tmux: bool) -> Env {
        Env {
            display,
            wayland,
            tmux,
        }
    }

    fn run(mode: Mode, e: &Env, tools: &[&str]) -> Plan {
        let has = |t: &str| tools.contains(&t);
        let can = Abilities {
            has_tool: &has,
            has_helper: true,
            system_clipboard: false,
        };
        plan(mode, None, e, &can)
    }

    fn steps(p: &Plan) -> Vec<Vec<Step>> {
        p.groups.iter().map(|g| g.steps.clone()).collect()
    }

    #[test]
    fn auto_on_an_x11_desktop_uses_the_helper_then_tools_then_osc52() {
        let p = run(Mode::Auto, &env(true, false, false), &["xsel"]);
        assert_eq!(
            steps(&p),
            [vec![Step::Native, Step::Tool("xsel")], vec![Step::Osc52]]
        );
        assert_eq!(p.skipped, [(Slot::Tmux, "not in tmux".to_string())]);
    }

    #[test]
    fn auto_inside_tmux_prefers_the_buffer_and_keeps_osc52_as_a_fallback() {
        let p = run(Mode::Auto, &env(false, false, true), &[]);
        assert_eq!(steps(&p), [vec![Step::Tmux], vec![Step::Osc52]]);
        assert!(p.groups[1].fallback_only);
        assert_eq!(p.skipped, [(Slot::Display, "no display".to_string())]);
    }

    #[test]
    fn wayland_prefers_wl_copy_and_says_when_it_is_missing() {
        let p = run(Mode::Native, &env(true, true, false), &["wl-copy", "xclip"]);
        assert_eq!(
            steps(&p),
            [vec![Step::WlCopy, Step::Native, Step::Tool("xclip")]]
        );
        let p = run(Mode::Native, &env(false, true, false), &["xclip"]);
        assert!(p.groups.is_empty());
        assert!(p.skipped.iter().any(|(_, w)| w.contains("wl-copy")));
    }

    #[test]
    fn narrow_modes_name_every_route_they_leave_out() {
        let p = run(Mode::Native, &env(false, false, false), &[]);
        assert!(p.groups.is_empty());
        let mut why = p.skipped.clone();
        why.sort();
        let why: Vec<&str> = why.iter().map(|(_, w)| w.as_str()).collect();
        assert_eq!(why, ["no display", "not in tmux", "OSC 52 disabled"]);
        let p = run(Mode::Osc52, &env(true, false, true), &[]);
        assert_eq!(steps(&p), [vec![Step::Osc52]]);
        assert!(
            !p.groups[0].fallback_only,
            "osc52 mode sends even inside tmux"
        );
        let p = run(Mode::Tmux, &env(true, false, true), &[]);
        assert_eq!(steps(&p), [vec![Step::Tmux]]);
    }

    #[test]
    fn command_and_off() {
        let has = |_: &str| false;
        let can = Abilities {
            has_tool: &has,
            has_helper: false,
            system_clipboard: false,
        };
        let e = env(true, false, true);
        let p = plan(Mode::Command, Some("pbcopy"), &e, &can);
        assert_eq!(steps(&p), [vec![Step::Command("pbcopy".into())]]);
        let p = plan(Mode::Command, Some("  "), &e, &can);
        assert!(p.groups.is_empty() && p.skipped[0].1.contains("clipboard_command"));
        assert_eq!(plan(Mode::Off, None, &e, &can), Plan::default());
    }
}
