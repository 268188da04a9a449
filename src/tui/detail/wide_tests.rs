//! Wide (CJK) text in the detail pane at every width a split layout takes: a wide character
//! that does not fit is wrapped, never drawn over the pane's border.

use ratatui::buffer::Buffer;
use unicode_width::UnicodeWidthStr;

use crate::tui::testing::{browsing_on, dataset_of, render};

/// A 65-cell Japanese message (32 wide characters and one narrow one), and an all-wide one.
const RECORDS: &[u8] = concat!(
    r#"{"id": "jp1", "errorMessage": "データベース1への接続がタイムアウトしました。再試行回数の上限に達", "#,
    r#""documentation": "接続プールの設定を確認してください。タイムアウトの値が短すぎる可能性があります。"}"#,
    "\n",
    r#"{"id": "jp2", "errorMessage": "設定ファイルの読み込みに失敗しました。ファイルが存在しないか権限がありません。"}"#,
    "\n",
)
.as_bytes();

/// The cells where a pane's right border should be drawn (below each `┐` of the panes' top
/// row) and are not: a wide character's right half covers them on a terminal.
fn overdrawn(buf: &Buffer) -> Vec<(u16, u16, String)> {
    let top = 3;
    let corners: Vec<u16> = (0..buf.area.width)
        .filter(|&x| buf[(x, top)].symbol() == "┐")
        .collect();
    assert!(!corners.is_empty(), "no pane at row {top}");
    let mut bad = Vec::new();
    for y in top + 1..buf.area.height - 1 {
        for &x in &corners {
            let symbol = buf[(x, y)].symbol();
            if symbol != "│" && symbol != "┘" {
                bad.push((x, y, symbol.to_string()));
            }
        }
    }
    bad
}

#[test]
fn a_wide_heading_is_wrapped_at_every_width_from_100_to_130() {
    let ds = dataset_of(RECORDS);
    assert_eq!(
        ds.record(0).expect("reads").error_message.width(),
        65,
        "the message the trap was found with"
    );
    for width in 100..=130 {
        for index in 0..2 {
            let mut m = browsing_on(ds.clone(), width, 30, false, "");
            if index == 1 {
                crate::tui::testing::send(
                    &mut m,
                    [crate::tui::testing::key(crossterm::event::KeyCode::Down)],
                );
                let msg = crate::tui::testing::detail(&m, 1);
                crate::tui::app::update::update(&mut m, msg);
            }
            let t = render(&m);
            let bad = overdrawn(t.backend().buffer());
            assert!(bad.is_empty(), "width {width}, record {index}: {bad:?}");
        }
    }
}
