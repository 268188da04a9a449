//! A pasted line whose message is written at several sites: one group row on the site the
//! line's origin names, its sites listed beneath it and folded again, the line's chain on top
//! of the Overview, and `errdex pick` choosing the group's selected site.

use crate::tui::app::effect::Effect;
use crate::tui::app::model::{Model, Picked};
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::results::listing::Row;
use crate::tui::testing::{
    dataset_of, detail, found, index_of, keys, load_detail, loaded_model_on, render, screen,
};

/// One message at three sites of acme/store, the context that logged it, and another error.
const GROUPS: &[u8] = include_bytes!("../../../tests/fixtures/tui_groups.jsonl");

/// A tracing line: its target names `src/store/cache.rs`; the cause is the grouped message.
const LINE: &str = "2024-05-01T10:00:00Z ERROR acme::store::cache: failed to commit transaction: connection reset by peer";

/// The line pasted into the search box, its results in, the selected site's detail loaded.
fn pasted(width: u16, height: u16) -> Model {
    let mut m = loaded_model_on(dataset_of(GROUPS), width, height, true);
    let step = update(&mut m, Msg::Paste(LINE.into()));
    assert_eq!(step.effects, vec![Effect::Search(LINE.into())]);
    let answer = found(&m, 1, LINE);
    update(&mut m, answer);
    let msg = detail(&m, m.selected_index().expect("a row"));
    update(&mut m, msg);
    m
}

#[test]
fn a_message_at_several_sites_is_one_row_on_the_site_the_line_names() {
    let m = pasted(120, 40);
    let Some(Row::Group(g)) = m.listing.get(0) else {
        panic!("the root cause is a group row: {:?}", m.listing);
    };
    assert_eq!(g.total, 3);
    assert_eq!(
        g.site,
        index_of(&m, "reset-cache"),
        "the tracing target's file"
    );
    let others = m.listing.rows()[1..].iter().filter_map(Row::record);
    assert!(
        others.into_iter().all(|r| !g.sites.contains(&r)),
        "no other row repeats the message"
    );
    let text = screen(&m);
    assert!(text.contains("▸ 3 sites"), "{text}");
    assert!(text.contains("src/store/cache.rs:88"), "{text}");
    assert!(!text.contains("src/store/db.rs:40"), "{text}");
}

#[test]
fn snapshot_group_row_120x40() {
    let mut m = pasted(120, 40);
    keys(&mut m, "<esc>");
    insta::assert_snapshot!(render(&m).backend());
}

#[test]
fn right_lists_the_sites_beneath_and_left_folds_them_on_the_one_selected() {
    let mut m = pasted(120, 40);
    let (db, cache) = (index_of(&m, "reset-db"), index_of(&m, "reset-cache"));
    keys(&mut m, "<esc>");
    let step = keys(&mut m, "<right>");
    assert!(
        step.redraw && step.effects.is_empty(),
        "the group stays selected"
    );
    let sites: Vec<Option<usize>> = m.listing.rows()[1..4].iter().map(Row::record).collect();
    assert_eq!(
        sites,
        [db, cache, index_of(&m, "reset-orders")].map(Some),
        "dataset order"
    );
    let text = screen(&m);
    assert!(text.contains("▾ 3 sites"), "{text}");
    assert!(text.contains("├   src/store/db.rs:40"), "{text}");
    assert!(text.contains("├ ● src/store/cache.rs:88"), "{text}");
    assert!(text.contains("└   src/api/orders.rs:12"), "{text}");
    insta::assert_snapshot!("snapshot_group_open_120x40", render(&m).backend());
    // Down walks the sites; the one selected becomes the group's.
    let step = keys(&mut m, "<down>");
    assert_eq!(m.selected_index(), Some(db));
    assert_eq!(step.effects, vec![load_detail(&m, db)]);
    let msg = detail(&m, db);
    update(&mut m, msg);
    let step = keys(&mut m, "<left>");
    assert_eq!((m.selected, m.listing.len()), (0, 2), "folded, on its row");
    assert_eq!(m.selected_index(), Some(db));
    assert!(
        step.effects.is_empty(),
        "the detail is the site's already asked for"
    );
    assert_eq!(keys(&mut m, "<left>"), Default::default(), "already folded");
    // On a record that is no group, the keys do nothing.
    keys(&mut m, "<down>");
    assert!(matches!(m.selected_row(), Some(Row::Record { .. })));
    assert_eq!(keys(&mut m, "<right>"), Default::default());
    // In the search box Right moves the cursor, and at the end of the query opens a group.
    keys(&mut m, "/<ctrl-a><right>");
    assert_eq!((m.query.cursor(), m.listing.len()), (1, 2));
    keys(&mut m, "<up><ctrl-e><right>");
    assert_eq!(m.listing.len(), 5, "opened from the search box");
}

#[test]
fn the_lines_chain_sits_on_top_of_the_overview() {
    let m = pasted(120, 40);
    let text = screen(&m);
    assert!(text.contains("Chain in the pasted line"), "{text}");
    assert!(
        text.contains("context  failed to commit transaction"),
        "{text}"
    );
    assert!(text.contains("cause  connection reset by peer"), "{text}");
}

#[test]
fn pick_on_a_group_row_chooses_its_selected_site() {
    let mut m = pasted(120, 40);
    m.picking = true;
    keys(&mut m, "<enter>");
    assert_eq!(m.picked, Some(Picked::Record(index_of(&m, "reset-cache"))));
    // In the search box (where a pick's Esc gives up) Right at the end of the query opens it.
    let mut m = pasted(120, 40);
    m.picking = true;
    keys(&mut m, "<right><down><down><down>");
    assert_eq!(m.picked, None);
    keys(&mut m, "<enter>");
    assert_eq!(m.picked, Some(Picked::Record(index_of(&m, "reset-orders"))));
}

#[test]
fn the_same_querys_results_again_keep_a_group_open_on_its_selected_site() {
    let mut m = pasted(120, 40);
    keys(&mut m, "<esc><right><down>");
    let before = m.listing.clone();
    let again = found(&m, 2, LINE);
    update(&mut m, again);
    assert_eq!(m.listing, before);
    assert_eq!(m.selected, 1);
}
