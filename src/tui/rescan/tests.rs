//! The background rescan: `update` turning HEAD moves into one rescan request at a time and
//! its answer into the status line, the problems list and a reload; and a real throw-away
//! checkout whose HEAD moves, noticed by the watch and rescanned by the worker.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::watch::{self, Watched};
use super::worker::{self, Rescan, Setup};
use super::{Checkout, Rescanned};
use crate::tui::app::effect::Effect;
use crate::tui::app::generation::{Generation, Job};
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::runtime::inbox::Inbox;
use crate::tui::runtime::worker::Worker;
use crate::tui::testing::loaded_model;
use errdex_core::config::Checkouts;
use errdex_core::scan::output::Summary;

#[path = "../../../tests/support/git.rs"]
#[allow(dead_code)]
mod git;

fn checkout(name: &str) -> Checkout {
    Checkout {
        name: name.into(),
        root: PathBuf::from(format!("/src/{name}")),
        output: PathBuf::from(format!("/data/code/{name}.jsonl")),
    }
}

fn summary(new: usize, moved: usize, gone: usize) -> Summary {
    Summary {
        total: 10,
        new,
        moved,
        gone,
    }
}

#[test]
fn a_head_move_asks_for_a_rescan_and_its_answer_reloads_and_says_what_changed() {
    let mut m = loaded_model(100, 30, false);
    let step = update(&mut m, Msg::HeadMoved(vec![checkout("acme-shop")]));
    let first = m.requests.newest(Job::Rescan);
    assert_eq!(
        step.effects,
        vec![Effect::Rescan {
            generation: first,
            checkouts: vec![checkout("acme-shop")],
        }]
    );
    // Another checkout moves before the answer: the new request rescans both.
    let step = update(&mut m, Msg::HeadMoved(vec![checkout("acme-api")]));
    let second = m.requests.newest(Job::Rescan);
    assert!(second > first);
    assert_eq!(
        step.effects,
        vec![Effect::Rescan {
            generation: second,
            checkouts: vec![checkout("acme-shop"), checkout("acme-api")],
        }]
    );
    // The first answer is stale: dropped, nothing said, nothing loaded.
    let stale = Msg::Rescanned(
        first,
        vec![Rescanned {
            name: "acme-shop".into(),
            result: Ok((summary(1, 0, 0), true)),
        }],
    );
    let step = update(&mut m, stale);
    assert!(step.effects.is_empty());
    assert_eq!(m.notice, None);
    assert_eq!(m.rescan.pending.len(), 2);
    let answer = Msg::Rescanned(
        second,
        vec![
            Rescanned {
                name: "acme-shop".into(),
                result: Ok((summary(1, 2, 0), true)),
            },
            Rescanned {
                name: "acme-api".into(),
                result: Ok((summary(0, 0, 3), true)),
            },
        ],
    );
    let step = update(&mut m, answer);
    assert_eq!(step.effects, vec![Effect::Reload]);
    assert!(step.redraw);
    assert_eq!(
        m.notice.as_deref(),
        Some(
            "rescanned acme-shop: +1 new, 2 moved, 0 gone; rescanned acme-api: +0 new, 0 moved, 3 gone"
        )
    );
    assert!(m.rescan.pending.is_empty());
    // The notice is brief: the next key clears it.
    update(
        &mut m,
        crate::tui::testing::key(crossterm::event::KeyCode::Down),
    );
    assert_eq!(m.notice, None);
}

#[test]
fn nothing_rewritten_is_not_loaded_again() {
    let mut m = loaded_model(100, 30, false);
    update(&mut m, Msg::HeadMoved(vec![checkout("acme-shop")]));
    let generation = m.requests.newest(Job::Rescan);
    let answer = Rescanned {
        name: "acme-shop".into(),
        result: Ok((summary(0, 0, 0), false)),
    };
    let step = update(&mut m, Msg::Rescanned(generation, vec![answer]));
    assert!(step.effects.is_empty());
    assert_eq!(
        m.notice.as_deref(),
        Some("rescanned acme-shop: +0 new, 0 moved, 0 gone")
    );
}

#[test]
fn a_failed_rescan_is_one_line_of_the_problems_list_and_loses_nothing_else() {
    let mut m = loaded_model(100, 30, false);
    let records = m.dataset.as_ref().map(|d| d.len());
    update(
        &mut m,
        Msg::HeadMoved(vec![checkout("acme-shop"), checkout("acme-api")]),
    );
    let generation = m.requests.newest(Job::Rescan);
    let answers = vec![
        Rescanned {
            name: "acme-shop".into(),
            result: Err("cannot write /data/code/acme-shop.jsonl: read-only".into()),
        },
        Rescanned {
            name: "acme-api".into(),
            result: Ok((summary(2, 0, 0), true)),
        },
    ];
    let step = update(&mut m, Msg::Rescanned(generation, answers));
    assert_eq!(
        step.effects,
        vec![Effect::Reload],
        "the other one is loaded"
    );
    let problems = crate::tui::problems::all(&m);
    assert_eq!(
        problems,
        ["rescan of acme-shop: cannot write /data/code/acme-shop.jsonl: read-only"]
    );
    let notice = m.notice.clone().unwrap_or_default();
    assert!(
        notice.contains("rescan of acme-shop: cannot write"),
        "{notice}"
    );
    assert!(notice.contains("rescanned acme-api: +2 new"), "{notice}");
    assert_eq!(m.dataset.as_ref().map(|d| d.len()), records);
}

#[test]
fn a_head_move_with_nothing_new_asks_nothing() {
    let mut m = loaded_model(100, 30, false);
    let step = update(&mut m, Msg::HeadMoved(Vec::new()));
    assert!(step.effects.is_empty());
    assert_eq!(m.requests.newest(Job::Rescan), Generation(0));
}

const CART: &str = "fn checkout(cart: &Cart) -> anyhow::Result<()> {\n    if cart.items.is_empty() {\n        anyhow::bail!(\"cart {} is empty\", cart.id);\n    }\n    Ok(())\n}\n";
const PAY: &str = "fn pay(order: &Order) -> anyhow::Result<()> {\n    if order.total == 0 {\n        anyhow::bail!(\"order {} has nothing to pay\", order.id);\n    }\n    Ok(())\n}\n";

/// Waits for the first message `pick` takes from `rx`.
fn wait_for<T>(rx: &mpsc::Receiver<Msg>, what: &str, pick: impl Fn(Msg) -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(30);
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        if let Ok(msg) = rx.recv_timeout(left)
            && let Some(found) = pick(msg)
        {
            return found;
        }
    }
    panic!("no {what} within 30 s");
}

fn sites(output: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(output).expect("the code file");
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json line");
            v["errorMessage"].as_str().unwrap_or_default().to_string()
        })
        .collect()
}

fn checkouts_again(dir: &Path) -> Checkouts {
    Checkouts {
        repos: vec![("acme/shop".into(), dir.to_path_buf())],
        roots: Vec::new(),
    }
}

#[test]
fn a_checkouts_head_moves_and_the_rescan_answer_arrives_with_the_new_site() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (repo, _) = git::Repo::analysed(&dir.path().join("shop"), "git@github.com:acme/shop.git");
    repo.write("src/cart.rs", CART);
    repo.git(&["add", "-A"]);
    repo.git(&["commit", "-q", "-m", "cart"]);
    let code_dir = dir.path().join("data/code");
    let cache = dir.path().join("cache");
    let root = repo.dir.canonicalize().expect("root");
    let setup = Setup {
        filter: errdex_core::scan::Filter::new(Vec::new(), &[], &[], false),
        cache_dir: Some(cache.clone()),
        own: Default::default(),
    };
    // What `errdex scan` wrote before the browser started.
    let first = Checkout {
        name: "acme-shop".into(),
        root: root.clone(),
        output: code_dir.join("acme-shop.jsonl"),
    };
    let (made, written) = worker::one(&first, &setup).expect("first scan");
    assert!(written && made.new >= 1, "{made:?}");
    assert!(sites(&first.output).iter().any(|s| s.starts_with("cart")));

    let checkouts = Checkouts {
        repos: vec![("acme/shop".into(), repo.dir.clone())],
        roots: Vec::new(),
    };
    let found = watch::discover(&checkouts, &code_dir, Some(&cache));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, first);
    let head = repo.git(&["rev-parse", "HEAD"]);
    assert_eq!(
        found[0].1.as_deref(),
        Some(head.as_str()),
        "the scan saw HEAD"
    );
    let mut watched = vec![Watched::new(found[0].0.clone(), found[0].1.clone())];
    assert!(watch::moved(&mut watched).is_empty(), "nothing moved yet");

    let (tx, rx) = mpsc::channel();
    watch::spawn(
        checkouts,
        code_dir.clone(),
        Some(cache.clone()),
        Duration::from_millis(50),
        move |msg| tx.send(msg).is_ok(),
    );
    repo.write("src/pay.rs", PAY);
    repo.git(&["add", "-A"]);
    repo.git(&["commit", "-q", "-m", "pay"]);
    let moved = wait_for(&rx, "HEAD move", |msg| match msg {
        Msg::HeadMoved(moved) => Some(moved),
        _ => None,
    });
    assert_eq!(moved, vec![first.clone()]);
    // A browser started now would rescan at once: the last scan saw the commit before.
    let stale = watch::discover(&checkouts_again(&repo.dir), &code_dir, Some(&cache));
    let mut fresh: Vec<Watched> = stale
        .into_iter()
        .map(|(c, scanned)| Watched::new(c, scanned))
        .collect();
    assert_eq!(watch::moved(&mut fresh), vec![first.clone()]);
    assert!(watch::moved(&mut fresh).is_empty(), "told once");

    // The browser's turn: the move becomes a request, the worker answers it.
    let mut m = loaded_model(100, 30, false);
    let step = update(&mut m, Msg::HeadMoved(moved));
    let [
        Effect::Rescan {
            generation,
            checkouts,
        },
    ] = step.effects.as_slice()
    else {
        panic!("one rescan asked: {:?}", step.effects);
    };
    let (inbox, answers) = Inbox::new();
    let rescanner: Worker<Rescan> = Worker::spawn("rescan-test", inbox, move |_| setup);
    rescanner.ask(Rescan {
        generation: *generation,
        checkouts: checkouts.clone(),
    });
    let answer = wait_for(&answers, "rescan answer", |msg| match msg {
        msg @ Msg::Rescanned(..) => Some(msg),
        _ => None,
    });
    rescanner.finish();
    let Msg::Rescanned(_, outcome) = &answer else {
        unreachable!()
    };
    let Ok((summary, written)) = outcome[0].result.clone() else {
        panic!("{outcome:?}");
    };
    assert!(written);
    assert_eq!((summary.new, summary.gone), (1, 0), "{summary:?}");
    let step = update(&mut m, answer);
    assert_eq!(step.effects, vec![Effect::Reload]);
    assert_eq!(
        m.notice.as_deref(),
        Some(format!("rescanned acme-shop: {summary}").as_str())
    );
    let now = sites(&first.output);
    assert!(now.iter().any(|s| s.starts_with("order")), "{now:?}");
    assert!(now.iter().any(|s| s.starts_with("cart")), "{now:?}");
}

#[test]
fn a_code_file_rescanned_elsewhere_is_loaded_again() {
    let mut m = loaded_model(100, 30, false);
    let files = vec!["/d/errdex/code/acme-shop.jsonl".to_string()];
    let step = update(&mut m, Msg::CodeRewritten(files));
    assert_eq!(step.effects, vec![Effect::Reload]);
    assert_eq!(
        m.notice.as_deref(),
        Some("code/acme-shop.jsonl rescanned: loading it again")
    );
    let step = update(&mut m, Msg::CodeRewritten(Vec::new()));
    assert!(step.effects.is_empty());
}
