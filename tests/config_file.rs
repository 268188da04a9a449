//! config.toml read by the real binary, with XDG folders pointed at a temp dir.

mod support;

use support::{Home, record_count, stderr, stdout, write_dataset};

#[test]
fn config_path_and_default() {
    let home = Home::new();
    let o = home.run(&["config", "--path"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), home.config_file().display().to_string());
    let o = home.run(&["config", "--default"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), errdex_core::config::DEFAULT_CONFIG);
    // The default written out is a config with no problems.
    home.write_config(&stdout(&o));
    let o = home.run(&["config"]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains(": 0 problems;"), "{}", stdout(&o));
}

#[test]
fn configured_datasets_replace_the_sample() {
    let home = Home::new();
    write_dataset(&home.path("sets/a.jsonl"), "alpha", 3);
    write_dataset(&home.path("sets/b.jsonl"), "beta", 4);
    write_dataset(&home.path("sets/dir/c.jsonl"), "gamma", 5);
    write_dataset(&home.path("other.jsonl"), "delta", 6);
    // A glob, a directory (relative to the config file) and a ~ path.
    home.write_config(&format!(
        "datasets = [\"{}\", \"../../sets/dir\", \"~/other.jsonl\"]\n",
        home.path("sets/*.jsonl").display()
    ));
    let o = home.run(&["stats", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(record_count(&o), 3 + 4 + 5 + 6);
    // --data still wins over the config.
    let data = home.path("sets/a.jsonl");
    let o = home.run(&["stats", "--json", "--data", data.to_str().expect("utf-8")]);
    assert_eq!(record_count(&o), 3);
}

#[test]
fn theme_and_key_overrides_are_read() {
    let home = Home::new();
    home.write_config("theme = \"light\"\nclipboard = \"osc52\"\n[keys]\n\"ctrl-y\" = \"copy_fix\"\nb = \"toggle_pin\"\n");
    let o = home.run(&["config"]);
    assert!(o.status.success(), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(
        out.contains("theme light, clipboard osc52, 2 key overrides"),
        "{out}"
    );
    let loaded = errdex_core::config::load_from(&home.config_file());
    assert_eq!(loaded.config.theme, errdex_core::config::Theme::Light);
    let keys: Vec<(&str, &str)> = loaded
        .config
        .keys
        .iter()
        .map(|o| (o.key.as_str(), o.action.as_str()))
        .collect();
    assert_eq!(keys, [("ctrl-y", "copy_fix"), ("b", "toggle_pin")]);
}

#[test]
fn a_bad_config_is_reported_with_line_and_column_and_errdex_still_runs() {
    let home = Home::new();
    write_dataset(&home.path("a.jsonl"), "alpha", 2);
    home.write_config(&format!(
        "datasets = [\"{}\"]\ntheme = \"purple\"\n\n[layout]\n  ratio = 500\n  colour = 1\n",
        home.path("a.jsonl").display()
    ));
    let o = home.run(&["stats", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(record_count(&o), 2, "the good key still applies");
    let err = stderr(&o);
    let file = home.config_file().display().to_string();
    assert!(
        err.contains(&format!("{file}:2:9: error: `theme`")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{file}:5:11: error: `layout.ratio`")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{file}:6:3: error: unknown key `layout.colour`")),
        "{err}"
    );
    let o = home.run(&["config"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("3 problems"), "{}", stdout(&o));
}

#[test]
fn a_missing_configured_dataset_is_named() {
    let home = Home::new();
    home.write_config("datasets = [\"/no/such/dir/*.jsonl\"]\n");
    let o = home.run(&["stats"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("/no/such/dir/*.jsonl: warning: no files match"),
        "{}",
        stderr(&o)
    );
    let o = home.run(&["config"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn the_clipboard_settings_reach_copy() {
    let home = Home::new();
    write_dataset(&home.path("a.jsonl"), "alpha", 2);
    let out = home.path("copied.txt");
    home.write_config(&format!(
        "datasets = [\"a.jsonl\"]\nclipboard = \"command\"\nclipboard_command = \"cat > '{}'\"\n",
        out.display()
    ));
    // The dataset path is relative to the config file's folder.
    std::fs::rename(home.path("a.jsonl"), home.path("config/errdex/a.jsonl")).expect("move");
    let o = home.run(&["copy", "--what", "location", "alpha-00001"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&out).expect("copied"),
        "src/alpha.rs:1"
    );
    home.write_config("clipboard = \"off\"\n");
    let data = home.path("config/errdex/a.jsonl");
    let data = data.to_str().expect("utf-8");
    let o = home.run(&["copy", "--what", "location", "--data", data, "alpha-00001"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("clipboard = \"off\""), "{}", stderr(&o));
}

#[test]
fn config_init_writes_the_default_file_on_a_fresh_machine() {
    let home = Home::new();
    assert!(!home.config_file().parent().expect("parent").exists());
    let o = home.run(&["config", "--init"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let written = std::fs::read_to_string(home.config_file()).expect("written");
    assert_eq!(written, errdex_core::config::DEFAULT_CONFIG);
    let o = home.run(&["config", "--init"]);
    assert_eq!(o.status.code(), Some(2), "never overwrites");
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));
    // The template's own commented examples are valid overrides once uncommented.
    let uncommented = written
        .replace("# \"ctrl-y\"", "\"ctrl-y\"")
        .replace("# \"alt-p\"", "\"alt-p\"");
    home.write_config(&uncommented);
    let o = home.run(&["config"]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains(": 0 problems;"), "{}", stdout(&o));
}

#[test]
fn config_checks_key_action_names() {
    let home = Home::new();
    home.write_config("[keys]\n\"alt-p\" = \"pin\"\n");
    let o = home.run(&["config"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("unknown action `pin`"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains(": 1 problem;"), "{}", stdout(&o));
}

#[test]
fn a_config_folder_that_is_a_file_is_a_problem() {
    let home = Home::new();
    let folder = home.config_file().parent().expect("parent").to_path_buf();
    std::fs::create_dir_all(folder.parent().expect("parent")).expect("mkdir");
    std::fs::write(&folder, "").expect("a file where the folder goes");
    let o = home.run(&["config"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("cannot read"), "{}", stdout(&o));
    let o = home.run(&["config", "--init"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is a file, but errdex needs a folder there"),
        "{}",
        stderr(&o)
    );
}
