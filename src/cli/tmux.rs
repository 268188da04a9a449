//! `errdex tmux`: key bindings for tmux.conf. The popup opens over the pane the user is
//! reading, and its scrollback is piped into errdex, which triages a log on stdin.

use super::output::{Failure, Outcome, emit};

/// The bindings, ready to append to tmux.conf. `#{pane_id}` is expanded by tmux to the pane
/// the key was pressed in, before the popup (which is no pane) runs the command.
pub const BINDINGS: &str = r##"# errdex in a tmux popup. The keys are suggestions: change E and e as you like.
# prefix + E: the known errors in the scrollback of the pane you are in (its last 3000 lines).
bind-key E display-popup -E -w 90% -h 90% "tmux capture-pane -p -J -S -3000 -t '#{pane_id}' | errdex"
# prefix + e: the browser, to search.
bind-key e display-popup -E -w 90% -h 90% "errdex"
"##;

pub fn print() -> Result<Outcome, Failure> {
    emit(|out| std::io::Write::write_all(out, BINDINGS.as_bytes()))?;
    Ok(Outcome::Found)
}
