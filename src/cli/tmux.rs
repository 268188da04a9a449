//! `errdex tmux`: key bindings for tmux.conf. The popup opens over the pane the user is
//! reading, and its scrollback is piped into errdex, which triages a log on stdin.

use super::output::{Failure, Outcome, emit};

/// The bindings, ready to append to tmux.conf. tmux expands no format in a popup's command,
/// but gives it `$TMUX_PANE`: the pane the key was pressed in, which the popup covers.
pub const BINDINGS: &str = r#"# errdex in a tmux popup. The keys are suggestions: change E and e as you like.
# In the popup q, and Esc while browsing, close it (--popup).
# prefix + E: the known errors in the scrollback of the pane you are in (its last 3000 lines).
bind-key E display-popup -E -w 90% -h 90% 'tmux capture-pane -p -J -S -3000 -t "$TMUX_PANE" | errdex --popup'
# prefix + e: the browser, to search.
bind-key e display-popup -E -w 90% -h 90% 'errdex --popup'
"#;

pub fn print() -> Result<Outcome, Failure> {
    emit(|out| std::io::Write::write_all(out, BINDINGS.as_bytes()))?;
    Ok(Outcome::Found)
}
