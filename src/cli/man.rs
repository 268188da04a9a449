//! `errdex man [COMMAND]`: the man page, from the same clap definitions as `--help`, the
//! keymap table the browser and its help read, and the help's query syntax.

use clap::CommandFactory;
use roff::{Roff, bold, italic, roman};

use super::Cli;
use super::output::{Failure, Outcome, emit};
use crate::tui::help::QUERY_SYNTAX;
use crate::tui::input::keymap::Keymap;

pub fn run(command: Option<&str>) -> Result<Outcome, Failure> {
    let mut cli = Cli::command();
    // Settles each argument's number of values, which tells an option from a flag.
    cli.build();
    let Some(name) = command else {
        return page(&cli);
    };
    let Some(sub) = cli
        .get_subcommands()
        .find(|c| c.get_name() == name && !c.is_hide_set())
    else {
        return Err(Failure::new(format!(
            "no command `{name}`; `errdex man` lists them"
        )));
    };
    // A command's own page: its synopsis and options, named errdex-NAME as man expects.
    let full = format!("errdex-{name}");
    let sub = sub.clone().bin_name(full.clone());
    let man = clap_mangen::Man::new(sub).title(full).section("1");
    emit(|out| man.render(out))?;
    Ok(Outcome::Found)
}

fn page(cli: &clap::Command) -> Result<Outcome, Failure> {
    let man = clap_mangen::Man::new(cli.clone());
    let mut roff = Roff::new();
    section(&mut roff, "COMMANDS");
    for sub in cli.get_subcommands().filter(|c| !c.is_hide_set()) {
        let mut usage = sub.clone().bin_name(format!("errdex {}", sub.get_name()));
        roff.control("TP", []).text([bold(
            usage
                .render_usage()
                .to_string()
                .trim_start_matches("Usage: ")
                .to_string(),
        )]);
        roff.text([roman(text(sub.get_about()))]);
        for arg in sub
            .get_arguments()
            .filter(|a| !a.is_hide_set() && a.get_id() != "help")
        {
            roff.control("RS", []);
            roff.control("TP", []).text([italic(arg_label(arg))]);
            roff.text([roman(text(arg.get_help()))]);
            roff.control("RE", []);
        }
        roff.text([roman(format!("See also: errdex man {}", sub.get_name()))]);
    }
    section(&mut roff, "QUERY LANGUAGE");
    roff.text([roman(
        "Space-separated terms must all match; matching is fuzzy and smart-case. A query that reads like a pasted log line (timestamps, hosts, numbers) is matched as a line against the known messages instead.",
    )]);
    for (syntax, about) in QUERY_SYNTAX {
        roff.control("TP", []).text([bold(*syntax)]);
        roff.text([roman(*about)]);
    }
    section(&mut roff, "KEYS");
    roff.text([roman(
        "The browser's default keys; config.toml [keys] rebinds them by action name (\"ctrl-y\" = \"copy_fix\").",
    )]);
    for (scope, rows) in Keymap::default().help() {
        roff.control("SS", [])
            .text([roman(format!("Keys {}", scope.title()))]);
        for (keys, action) in rows {
            roff.control("TP", []).text([bold(keys)]);
            roff.text([roman(format!("{} ({})", action.about(), action.name()))]);
        }
    }
    section(&mut roff, "FILES");
    for (file, about) in FILES {
        roff.control("TP", []).text([bold(*file)]);
        roff.text([roman(*about)]);
    }
    section(&mut roff, "ENVIRONMENT");
    for (var, about) in ENVIRONMENT {
        roff.control("TP", []).text([bold(*var)]);
        roff.text([roman(*about)]);
    }
    section(&mut roff, "EXIT STATUS");
    for (code, about) in EXIT_STATUS {
        roff.control("TP", []).text([bold(*code)]);
        roff.text([roman(*about)]);
    }
    section(&mut roff, "EXAMPLES");
    for (example, about) in EXAMPLES {
        roff.control("TP", []).text([bold(*example)]);
        roff.text([roman(*about)]);
    }
    emit(|out| {
        man.render_title(out)?;
        man.render_name_section(out)?;
        man.render_synopsis_section(out)?;
        man.render_description_section(out)?;
        man.render_options_section(out)?;
        roff.to_writer(out)?;
        man.render_version_section(out)
    })?;
    Ok(Outcome::Found)
}

fn section(roff: &mut Roff, title: &str) {
    roff.control("SH", [title]);
}

fn text(s: Option<&clap::builder::StyledStr>) -> String {
    s.map(ToString::to_string).unwrap_or_default()
}

/// `--what TARGET`, `-n, --limit N`, `ID`: how an argument is written.
fn arg_label(arg: &clap::Arg) -> String {
    let value = arg.get_value_names().and_then(|v| v.first()).map_or_else(
        || arg.get_id().to_string().to_uppercase(),
        ToString::to_string,
    );
    let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
    match (arg.get_short(), arg.get_long()) {
        (Some(s), Some(l)) if takes_value => format!("-{s}, --{l} {value}"),
        (Some(s), Some(l)) => format!("-{s}, --{l}"),
        (None, Some(l)) if takes_value => format!("--{l} {value}"),
        (None, Some(l)) => format!("--{l}"),
        _ => value,
    }
}

const FILES: &[(&str, &str)] = &[
    (
        "$XDG_CONFIG_HOME/errdex/config.toml",
        "The config (errdex config --path; by default ~/.config/errdex/config.toml). errdex config --init writes a commented one.",
    ),
    (
        "$XDG_DATA_HOME/errdex/records.jsonl",
        "The team's own records (errdex new, errdex add); notes.jsonl beside it holds the team notes (by default under ~/.local/share/errdex).",
    ),
    (
        "$XDG_DATA_HOME/errdex/pins.json, history.json, viewed.json",
        "Pinned records, the query history, recently viewed records.",
    ),
    (
        "$XDG_DATA_HOME/errdex/remotes/",
        "Datasets fetched by errdex sync.",
    ),
    (
        "$XDG_CACHE_HOME/errdex/",
        "The index cache (errdex cache; --clear deletes it).",
    ),
];

const ENVIRONMENT: &[(&str, &str)] = &[
    ("NO_COLOR", "Set and not empty: no colours."),
    (
        "ERRDEX_THEME",
        "dark or light; wins over the config's theme.",
    ),
    (
        "COLORFGBG",
        "Read by theme = \"auto\" to tell a light background.",
    ),
    (
        "VISUAL, EDITOR",
        "The editor of errdex edit, new and the browser's e and N.",
    ),
    (
        "TMUX",
        "Inside tmux a copy goes to the tmux buffer (tmux load-buffer -w -).",
    ),
    (
        "DISPLAY, WAYLAND_DISPLAY",
        "With a display, a copy goes to the system clipboard.",
    ),
    (
        "XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME",
        "Where the config, the data and the cache are.",
    ),
];

const EXIT_STATUS: &[(&str, &str)] = &[
    (
        "0",
        "Found (search, triage), clean (validate, config), done.",
    ),
    ("1", "Nothing confident found, or problems found."),
    (
        "2",
        "A usage or I/O error (also when one --data path is missing, after printing what the others gave).",
    ),
    (
        "128+n",
        "Killed by signal n; errdex pick exits 130 when it ends without a choice.",
    ),
];

const EXAMPLES: &[(&str, &str)] = &[
    (
        "errdex",
        "The browser on the configured datasets (else the built-in sample).",
    ),
    (
        "errdex search --json 'conn refused tag:rust'",
        "The matching known errors as NDJSON.",
    ),
    (
        "kubectl logs POD | errdex",
        "The browser on the triage of a log.",
    ),
    (
        "errdex triage --markdown app.log > incident.md",
        "An incident report.",
    ),
    (
        "id=$(errdex pick --what id)",
        "Choose a record; its id into a variable.",
    ),
    (
        "errdex tmux >> ~/.tmux.conf",
        "tmux bindings: a popup over the triage of the pane you are in.",
    ),
];
