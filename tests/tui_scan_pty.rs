//! Scanned code in the real browser: a checkout scanned with `errdex scan` and named in the
//! config; its sites are marked, `N` on one writes its fix (filled in from the site) and the
//! site is listed no more; a commit moves HEAD and the browser rescans it in the background,
//! loads the new site and says what changed.

mod support;

use support::git::Repo;
use support::pty::Spawn;

const CART: &str = "fn checkout(cart: &Cart) -> anyhow::Result<()> {\n    if cart.items.is_empty() {\n        anyhow::bail!(\"cart {} is empty\", cart.id);\n    }\n    Ok(())\n}\n";
const PAY: &str = "fn pay(order: &Order) -> anyhow::Result<()> {\n    if order.total == 0 {\n        anyhow::bail!(\"order {} has nothing to pay\", order.id);\n    }\n    Ok(())\n}\n";

/// A home whose config names a checkout of acme/shop, scanned into `code/`.
fn scanned_home() -> (support::Home, Repo) {
    let home = support::Home::new();
    let (repo, _) = Repo::analysed(&home.path("src/shop"), "git@github.com:acme/shop.git");
    repo.write("src/cart.rs", CART);
    repo.git(&["add", "-A"]);
    repo.git(&["commit", "-q", "-m", "cart"]);
    home.write_config(&format!(
        "[repos]\n\"acme/shop\" = \"{}\"\n",
        repo.dir.display()
    ));
    let out = home.run(&["scan"]);
    assert!(out.status.success(), "{}", support::stderr(&out));
    assert!(home.data_dir().join("code/acme-shop.jsonl").is_file());
    (home, repo)
}

#[test]
fn a_commit_is_rescanned_in_the_background_and_its_new_site_loaded() {
    let (home, repo) = scanned_home();
    let mut s = Spawn::in_home(home)
        .size(30, 120)
        .errdex(&["nothing to pay"]);
    s.wait_for("No match");
    repo.write("src/pay.rs", PAY);
    repo.git(&["add", "-A"]);
    repo.git(&["commit", "-q", "-m", "pay"]);
    s.wait_for("rescanned acme-shop: +1 new, 0 moved, 0 gone");
    // The records were loaded again: the query finds the new site, marked as scanned.
    s.wait_for("order {id} has nothing to pay");
    let screen = s.contents();
    assert!(screen.contains("◇   acme/shop  src/pay.rs:3"), "{screen}");
    assert!(!screen.contains("restart errdex"), "{screen}");
    s.quit();
    s.assert_restored();
}

#[test]
fn shift_n_on_a_scanned_site_writes_its_fix_and_the_site_is_listed_no_more() {
    let (home, _repo) = scanned_home();
    let editor = home.path("editor.sh");
    support::write_script(
        &editor,
        "#!/bin/sh\nsed -i 's/\"solutions\": \\[\\]/\"solutions\": [\"check the cart first\"]/' \"$1\"\n",
    );
    let mut s = Spawn::in_home(home)
        .size(30, 120)
        .env("EDITOR", &editor.display().to_string())
        .errdex(&["cart is empty"]);
    s.wait_for("◇   acme/shop  src/cart.rs:3");
    // Esc alone: followed at once by a key it would read as Alt-key.
    s.send("\x1b");
    s.wait_for("BROWSE");
    s.send("f");
    s.wait_for("No fix yet: this site was found in your code by errdex scan.");
    s.send("N");
    s.wait_for("added ");
    let home = s.home();
    let records = std::fs::read_to_string(home.data_dir().join("records.jsonl")).expect("written");
    let doc: serde_json::Value = serde_json::from_str(records.trim()).expect("json");
    assert_eq!(doc["messagePattern"], "cart {} is empty");
    assert_eq!(doc["filePath"], "src/cart.rs");
    assert_eq!(doc["repo"], "acme/shop");
    assert_eq!(doc["solutions"][0], "check the cart first");
    // Back to the query: the error is listed once, as the team's record with its fix.
    s.send("/\x15cart is empty");
    s.wait_for("1/");
    let screen = s.contents();
    assert!(!screen.contains('◇'), "the site is hidden: {screen}");
    s.quit();
    s.assert_restored();
}

#[test]
fn errdex_scan_in_another_terminal_is_loaded_again() {
    let (home, repo) = scanned_home();
    let mut s = Spawn::in_home(home)
        .size(30, 120)
        .errdex(&["nothing to pay"]);
    s.wait_for("No match");
    // Not committed: HEAD stays, the browser's own watch has nothing to do.
    repo.write("src/pay.rs", PAY);
    let out = s.home().run(&["scan"]);
    assert!(out.status.success(), "{}", support::stderr(&out));
    s.wait_for("code/acme-shop.jsonl rescanned: loading it again");
    s.wait_for("order {id} has nothing to pay");
    let screen = s.contents();
    assert!(!screen.contains("restart errdex"), "{screen}");
    s.quit();
    s.assert_restored();
}
