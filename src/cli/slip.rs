//! `errdex serach timeout` opens the browser on those words; when they find nothing the
//! status line names the command the first word was probably meant to be.

/// The command `word` is a slip of: one edit from its name, two for names longer than five
/// letters (`serach` → `search`). Hidden commands are never suggested.
pub fn near_command(word: &str, cli: &clap::Command) -> Option<String> {
    // No command name is longer; a pasted line's first word is not compared letter by letter.
    if word.chars().count() > 16 {
        return None;
    }
    let word = word.to_lowercase();
    cli.get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| (strsim::levenshtein(&word, c.get_name()), c.get_name()))
        .filter(|(d, name)| {
            let allowed = if name.chars().count() > 5 { 2 } else { 1 };
            *d > 0 && *d <= allowed
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, name)| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn a_slip_of_a_command_name_is_named() {
        let cli = crate::cli::Cli::command();
        assert_eq!(near_command("serach", &cli).as_deref(), Some("search"));
        assert_eq!(near_command("Trage", &cli).as_deref(), Some("triage"));
        assert_eq!(near_command("shw", &cli).as_deref(), Some("show"));
        // Two edits from a short name, and ordinary words, are queries.
        assert_eq!(near_command("shwo", &cli), None);
        assert_eq!(near_command("timeout", &cli), None);
        assert_eq!(near_command("deadlock", &cli), None);
        assert_eq!(near_command(crate::clipboard::HELPER_ARG, &cli), None);
    }
}
