//! Makes screenshots/*.png from the real binary's screen: errdex runs in a pseudo-terminal,
//! keys are typed (the script in tests/support/screenshot_script.rs), the screen is read back
//! with vt100, written as SVG and rendered to PNG with resvg, and its text is stored beside
//! the PNG (NAME.txt) for the test that keeps them current (tests/screenshots.rs).
//! Run: `cargo run --example screenshot` (builds the binary first if needed).

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use resvg::{tiny_skia, usvg};

#[path = "../tests/support/screenshot_script.rs"]
mod script;

use script::{COLS, ROWS, SESSIONS, Step};

const CELL_W: f32 = 8.4;
const CELL_H: f32 = 17.0;
const FONT_SIZE: f32 = 14.0;
const DEFAULT_FG: &str = "#d0d0d0";
const DEFAULT_BG: &str = "#1d1f21";

type Screen = Arc<Mutex<vt100::Parser>>;

fn main() -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let binary = root.join("target/debug/errdex");
    let status = std::process::Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--bin", "errdex"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("building errdex failed".into());
    }
    let out = root.join("screenshots");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    // First the built-in sample: what a newcomer sees first.
    for (args, script) in SESSIONS {
        let (screen, mut writer, mut child) = start(&binary, root, args)?;
        for step in *script {
            match step {
                Step::Keys(keys) => type_keys(&mut writer, keys)?,
                Step::Wait(text) => wait_for(&screen, text)?,
                Step::Shot(name) => save(&screen, &out, name)?,
            }
        }
        type_keys(&mut writer, "\x03")?;
        let _ = child.wait();
    }
    Ok(())
}

type Started = (
    Screen,
    Box<dyn Write + Send>,
    Box<dyn portable_pty::Child + Send + Sync>,
);

fn start(binary: &Path, root: &Path, args: &[&str]) -> Result<Started, String> {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .map_err(|e| format!("cannot open a pty: {e}"))?;
    let mut cmd = CommandBuilder::new(binary);
    cmd.args(args);
    cmd.cwd(root);
    cmd.env("TERM", "xterm-256color");
    // A private home, so the pictures do not depend on the user's config, pins or cache.
    let home = std::env::temp_dir().join("errdex-screenshot-home");
    for (var, dir) in [
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_CACHE_HOME", "cache"),
    ] {
        cmd.env(var, home.join(dir));
    }
    for var in [
        "DISPLAY",
        "WAYLAND_DISPLAY",
        "TMUX",
        "NO_COLOR",
        "ERRDEX_THEME",
        "COLORFGBG",
    ] {
        cmd.env_remove(var);
    }
    let child = pty
        .slave
        .spawn_command(cmd)
        .map_err(|e| format!("cannot start errdex: {e}"))?;
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().map_err(|e| e.to_string())?;
    let writer = pty.master.take_writer().map_err(|e| e.to_string())?;
    let size = |n| NonZeroU16::new(n).unwrap_or(NonZeroU16::MIN);
    let screen = Arc::new(Mutex::new(vt100::Parser::new(size(ROWS), size(COLS), 0)));
    let feed = Arc::clone(&screen);
    std::thread::spawn(move || {
        let _master = pty.master;
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut p) = feed.lock() {
                p.process(&buf[..n]);
            }
        }
    });
    Ok((screen, writer, child))
}

fn type_keys(writer: &mut Box<dyn Write + Send>, keys: &str) -> Result<(), String> {
    writer
        .write_all(keys.as_bytes())
        .and_then(|()| writer.flush())
        .map_err(|e| format!("cannot type: {e}"))
}

fn wait_for(screen: &Screen, text: &str) -> Result<(), String> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        if let Ok(p) = screen.lock()
            && p.screen().contents().contains(text)
        {
            // Let the frame that shows it finish arriving.
            drop(p);
            std::thread::sleep(Duration::from_millis(300));
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(30));
    }
    Err(format!("`{text}` never appeared on the screen"))
}

fn save(screen: &Screen, dir: &Path, name: &str) -> Result<(), String> {
    let (svg, text) = {
        let p = screen
            .lock()
            .map_err(|_| "screen lock poisoned".to_string())?;
        (
            to_svg(p.screen()),
            script::screen_text(p.screen().rows(0, COLS)),
        )
    };
    let text_path = dir.join(format!("{name}.txt"));
    std::fs::write(&text_path, text).map_err(|e| format!("{}: {e}", text_path.display()))?;
    let path = &dir.join(format!("{name}.png"));
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(&svg, &options).map_err(|e| format!("bad svg: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "empty picture".to_string())?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .save_png(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}

/// The screen as SVG: a rectangle per coloured cell, a text element per character.
fn to_svg(screen: &vt100::Screen) -> String {
    let (w, h) = (f32::from(COLS) * CELL_W, f32::from(ROWS) * CELL_H);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"><rect width="100%" height="100%" fill="{DEFAULT_BG}"/><g font-family="DejaVu Sans Mono, monospace" font-size="{FONT_SIZE}">"#
    );
    for row in 0..ROWS {
        for col in 0..COLS {
            let Some(cell) = screen.cell(row, col) else {
                continue;
            };
            if cell.is_wide_continuation() {
                continue;
            }
            let (mut fg, mut bg) = (
                colour(cell.fgcolor(), DEFAULT_FG),
                colour(cell.bgcolor(), DEFAULT_BG),
            );
            if cell.inverse() {
                std::mem::swap(&mut fg, &mut bg);
            }
            let (x, y) = (f32::from(col) * CELL_W, f32::from(row) * CELL_H);
            let width = if cell.is_wide() { 2.0 * CELL_W } else { CELL_W };
            if bg != DEFAULT_BG {
                let _ = write!(
                    out,
                    r#"<rect x="{x}" y="{y}" width="{}" height="{CELL_H}" fill="{bg}"/>"#,
                    width + 0.5
                );
            }
            let text = cell.contents();
            if text.trim().is_empty() {
                continue;
            }
            let weight = if cell.bold() {
                r#" font-weight="bold""#
            } else {
                ""
            };
            let deco = if cell.underline() {
                r#" text-decoration="underline""#
            } else {
                ""
            };
            let _ = write!(
                out,
                r#"<text x="{x}" y="{}" fill="{fg}"{weight}{deco}>{}</text>"#,
                y + CELL_H * 0.78,
                escape(text)
            );
        }
    }
    out.push_str("</g></svg>");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// xterm's palette for the 16 named colours, its cube and grey ramp for the rest.
fn colour(c: vt100::Color, default: &str) -> String {
    const NAMED: [&str; 16] = [
        "#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
        "#666666", "#d54e53", "#b9ca4a", "#e7c547", "#7aa6da", "#c397d8", "#70c0b1", "#eaeaea",
    ];
    match c {
        vt100::Color::Default => default.to_string(),
        vt100::Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        vt100::Color::Idx(i) if i < 16 => NAMED[usize::from(i)].to_string(),
        vt100::Color::Idx(i) if i < 232 => {
            let i = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            format!(
                "#{:02x}{:02x}{:02x}",
                level(i / 36),
                level(i / 6 % 6),
                level(i % 6)
            )
        }
        vt100::Color::Idx(i) => {
            let v = 8 + 10 * (i - 232);
            format!("#{v:02x}{v:02x}{v:02x}")
        }
    }
}
