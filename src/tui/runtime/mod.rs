//! The edge of the browser: threads for input, loading, signals and search feed one channel;
//! the loop blocks on it (no polling), runs `update`, executes effects and draws only when
//! something changed. `terminal.rs` owns the terminal, `loader.rs` loads on a thread,
//! `setup.rs` turns the config into `Options`, `input_reader.rs` reads the terminal's keys.

mod dataset_watch;
mod ended;
pub mod external;
mod input_reader;
mod loader;
mod messages;
#[cfg(unix)]
mod paste_frame;
pub mod setup;
mod team;
mod terminal;

use std::io::Write;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};

use crate::tui::app::effect::{Effect, Handoff};
use crate::tui::app::model::Model;
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::copy::worker::{Effects, Reply};
use crate::tui::detail::snippet::Highlighter;
use crate::tui::history::worker::Worker;
use crate::tui::input::keymap::Keymap;
use crate::tui::local::worker::{self as local_worker, Locator};
use crate::tui::triage::worker::{Post, Worker as TriageWorker};
use crate::tui::triage::{self as triage_view, Origin};
use crate::tui::ui::theme::{Theme, ThemeName};
use crate::tui::view;
use dataset_watch::DatasetWatch;
pub use ended::Ended;
use errdex_core::load::SourceSpec;
use errdex_core::search::{Context, Engine, Weights};
use terminal::Guard;

/// How the browser starts.
pub struct Options {
    pub specs: Vec<SourceSpec>,
    pub query: String,
    pub theme: ThemeName,
    /// False when NO_COLOR is set.
    pub color: bool,
    pub keymap: Keymap,
    /// Stdin is a log to triage (`kubectl logs POD | errdex`); keys come from the terminal.
    pub log_on_stdin: bool,
    /// How much a match in each field counts (the config's `[ranking]`).
    pub weights: Weights,
    pub layout: errdex_core::config::Layout,
    pub clipboard: crate::clipboard::Config,
    /// Shown on the status line at start (config problems).
    pub notice: Option<String>,
    /// The command the query's first word is a slip of, to name if it finds nothing.
    pub did_you_mean: Option<String>,
    /// `errdex pick`: Enter ends the browser with the selected record.
    pub pick: bool,
    /// Where the user's own checkouts are (`[repos]`, `repo_roots`).
    pub checkouts: errdex_core::config::Checkouts,
    /// The team's records file (`N` adds to it; notes live beside it).
    pub write_to: Option<std::path::PathBuf>,
    /// Every config problem, for the problems overlay.
    pub problems: Vec<String>,
    /// What the last `errdex sync` brought (`is:new`, the status line).
    pub news: errdex_core::sync::News,
}

impl Options {
    /// The defaults, with colour unless NO_COLOR is set. The theme (ERRDEX_THEME, the
    /// config, the terminal's background) is settled by `Options::configured`.
    pub fn new(specs: Vec<SourceSpec>, query: String) -> Options {
        let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Options {
            specs,
            query,
            theme: ThemeName::Dark,
            color,
            keymap: Keymap::default(),
            log_on_stdin: false,
            weights: Weights::default(),
            layout: errdex_core::config::Layout::default(),
            clipboard: crate::clipboard::Config::default(),
            notice: None,
            did_you_mean: None,
            pick: false,
            checkouts: errdex_core::config::Checkouts::default(),
            write_to: None,
            problems: Vec::new(),
            news: errdex_core::sync::News::default(),
        }
    }
}

/// What the threads send to the loop.
enum Inbox {
    Msg(Msg),
    /// The search engine has new results.
    Wake,
}

/// Runs the browser until the user quits. Errors are about the terminal, not the data.
/// Runs the browser until the user quits, picks or cancels, or a signal ends it.
pub fn run(options: Options) -> Result<Ended, String> {
    if !crate::out::stdout_is_terminal() {
        return Err("the browser needs a terminal; for scripts use `errdex search QUERY`".into());
    }
    let theme = Theme::new(options.theme, options.color);
    let highlighter = options.color.then(|| {
        let name = theme.syntax_theme();
        thread::spawn(move || Highlighter::new(name))
    });
    let mut guard = Guard::enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let size = guard
        .terminal
        .size()
        .map_err(|e| format!("cannot read the terminal size: {e}"))?;
    let mut model = Model::new(
        options.keymap,
        theme,
        options.query,
        size.width,
        size.height,
    );
    // The piped log's triage has id 1; pastes count on from there.
    const STDIN_LOG: u64 = 1;
    if options.log_on_stdin {
        triage_view::start(&mut model, STDIN_LOG, Origin::Stdin);
    }
    model.layout = options.layout;
    model.notice = options.notice;
    model.did_you_mean = options.did_you_mean;
    model.picking = options.pick;
    model.config_problems = options.problems;
    draw(&mut guard, &model)?;

    let (tx, rx) = mpsc::channel();
    let watch_tx = tx.clone();
    let watch = DatasetWatch::spawn(move |msg| watch_tx.send(Inbox::Msg(msg)).is_ok());
    let gate = external::InputGate::new();
    let input_tx = tx.clone();
    let input = input_reader::spawn(
        Box::new(move |msg| input_tx.send(Inbox::Msg(msg)).is_ok()),
        gate.clone(),
    )
    .map_err(|e| format!("cannot start reading the keyboard: {e}"))?;
    let quit_tx = tx.clone();
    let killed_by = Arc::new(AtomicI32::new(0));
    let signal_seen = Arc::clone(&killed_by);
    terminal::on_termination(move |signal| {
        signal_seen.store(signal, Ordering::SeqCst);
        let _ = quit_tx.send(Inbox::Msg(Msg::Action(
            crate::tui::input::action::Action::Quit,
        )));
    })
    .map_err(|e| format!("cannot watch for signals: {e}"))?;
    let load_tx = Mutex::new(tx.clone());
    loader::spawn(options.specs, move |msg| {
        if let Ok(tx) = load_tx.lock() {
            let _ = tx.send(Inbox::Msg(msg));
        }
    });
    let triage_tx = tx.clone();
    let post: Post = Arc::new(move |msg| triage_tx.send(Inbox::Msg(msg)).is_ok());
    let triage = TriageWorker::spawn(post);
    if options.log_on_stdin {
        triage.stream(STDIN_LOG, Box::new(std::io::stdin()));
    }
    let memory_tx = Mutex::new(tx.clone());
    let memory = Worker::spawn(errdex_core::state::data_dir(), move |msg| {
        if let Ok(tx) = memory_tx.lock() {
            let _ = tx.send(Inbox::Msg(msg));
        }
    });
    let reply_tx = Mutex::new(tx.clone());
    let reply: Reply = Arc::new(move |msg| {
        if let Ok(tx) = reply_tx.lock() {
            let _ = tx.send(Inbox::Msg(msg));
        }
    });
    let effects = Effects::new(options.clipboard, Arc::clone(&reply));
    let locator = Locator::spawn(
        options.checkouts,
        errdex_core::paths::cache_dir(),
        Arc::clone(&reply),
    );
    let team_tx = Mutex::new(tx.clone());
    let team = team::TeamEdge::new(
        options.write_to,
        Arc::new(move |msg| {
            if let Ok(tx) = team_tx.lock() {
                let _ = tx.send(Inbox::Msg(msg));
            }
        }),
        external::HandOver::new(gate, input),
    );
    team.load_notes();
    let wake_tx = Mutex::new(tx);
    let engine = Engine::new(move || {
        if let Ok(tx) = wake_tx.lock() {
            let _ = tx.send(Inbox::Wake);
        }
    });
    let mut edge = Edge {
        engine,
        watch,
        highlighter: Highlighting::Pending(highlighter),
        seen: 0,
        triage,
        memory,
        effects,
        locator,
        reply,
        team,
        context: Context {
            weights: options.weights,
            new: options.news.ids,
            ..Context::default()
        },
    };
    if options.weights != Weights::default() || !edge.context.new.is_empty() {
        edge.engine.set_context(edge.context.clone());
    }
    let result = event_loop(&mut guard, &mut model, &rx, &mut edge);
    edge.memory.finish();
    result?;
    use crate::tui::app::model::Picked;
    Ok(match (killed_by.load(Ordering::SeqCst), model.picked) {
        (0, Some(Picked::Record(index))) => match model.dataset.clone() {
            Some(dataset) => Ended::Picked { dataset, index },
            None => Ended::Cancelled,
        },
        (0, Some(Picked::Cancelled)) => Ended::Cancelled,
        (0, None) => Ended::Quit,
        (signal, _) => Ended::Killed(signal),
    })
}

fn draw(guard: &mut Guard, model: &Model) -> Result<(), String> {
    guard
        .terminal
        .draw(|frame| view::draw(frame, model))
        .map(|_| ())
        .map_err(|e| format!("cannot draw: {e}"))
}

/// The parts of the runtime that effects use.
struct Edge {
    engine: Engine,
    watch: DatasetWatch,
    highlighter: Highlighting,
    /// The newest result generation handed to `update`.
    seen: u64,
    triage: TriageWorker,
    memory: Worker,
    effects: Effects,
    locator: Locator,
    reply: Reply,
    team: team::TeamEdge,
    /// What the search engine knows beyond the records: pins, recent, notes, weights.
    context: Context,
}

enum Highlighting {
    Pending(Option<JoinHandle<Highlighter>>),
    Ready(Option<Arc<Highlighter>>),
}

impl Edge {
    fn use_dataset(&mut self, handoff: Handoff) {
        self.engine.set_dataset(Arc::clone(&handoff.dataset));
        if handoff.complete {
            self.watch.watch(&handoff.dataset);
            self.triage.set_dataset(handoff.dataset);
        }
        // A partial dataset copies most of the records: it is freed off the UI thread.
        if let Some(old) = handoff.replaced {
            thread::spawn(move || drop(old));
        }
    }

    /// The highlighter, waiting for its background start-up the first time.
    fn highlighter(&mut self) -> Option<Arc<Highlighter>> {
        if let Highlighting::Pending(handle) = &mut self.highlighter {
            let ready = handle.take().and_then(|h| h.join().ok()).map(Arc::new);
            self.highlighter = Highlighting::Ready(ready);
        }
        match &self.highlighter {
            Highlighting::Ready(h) => h.clone(),
            Highlighting::Pending(_) => None,
        }
    }
}

fn event_loop(
    guard: &mut Guard,
    model: &mut Model,
    rx: &Receiver<Inbox>,
    edge: &mut Edge,
) -> Result<(), String> {
    // Blocks until something happens: an idle browser uses no CPU.
    while let Ok(first) = rx.recv() {
        let mut redraw = false;
        let mut detail_wanted = None;
        // Everything already queued is handled before drawing once, so a burst of keys or
        // results costs one frame, and only the last selection's record is read.
        for item in std::iter::once(first).chain(rx.try_iter()) {
            let msg = match item {
                Inbox::Msg(msg) => msg,
                Inbox::Wake => match fresh_results(edge) {
                    Some(msg) => msg,
                    None => continue,
                },
            };
            let step = update(model, msg);
            redraw |= step.redraw;
            for effect in step.effects {
                match effect {
                    Effect::Quit => {
                        write_queued(guard, edge);
                        return Ok(());
                    }
                    Effect::UseDataset(handoff) => edge.use_dataset(handoff),
                    Effect::Search(query) => {
                        edge.engine.submit(&query);
                    }
                    Effect::LoadDetail(index) => detail_wanted = Some(index),
                    Effect::Triage { id, log } => edge.triage.paste(id, log),
                    Effect::Remember(chore) => edge.memory.send(chore, model.dataset.clone()),
                    Effect::SearchContext { pinned, recent } => {
                        edge.context.pinned = pinned;
                        edge.context.recent = recent;
                        edge.engine.set_context(edge.context.clone());
                    }
                    Effect::NotesContext(notes) => {
                        edge.context.notes = notes;
                        edge.engine.set_context(edge.context.clone());
                    }
                    Effect::SaveNote { id, text } => edge.team.save_note(id, text),
                    Effect::NewRecord { from_log } => {
                        edge.team
                            .new_record(guard, model.dataset.clone(), from_log.as_deref());
                        redraw = true;
                    }
                    Effect::Copy { what, text } => edge.effects.copy(what, text),
                    Effect::Open(url) => edge.effects.open(url),
                    Effect::Locate(index) => {
                        if let Some(d) = model.current_detail().filter(|d| d.index == index) {
                            let highlighter = edge.highlighter();
                            edge.locator.find(index, d.record.clone(), highlighter);
                        }
                    }
                    Effect::Edit { path, line } => {
                        let run = |command| edge.team.hand_over().run(guard, command);
                        (edge.reply)(local_worker::edit(&path, line, run));
                        redraw = true;
                    }
                }
            }
        }
        write_queued(guard, edge);
        if redraw {
            draw(guard, model)?;
        }
        // After the frame: the first record's detail waits for the highlighter's start-up,
        // which the list need not wait for.
        if let Some(index) = detail_wanted.filter(|i| model.selected_index() == Some(*i))
            && let Some(dataset) = model.dataset.clone()
        {
            // Through the inbox, so the effects of showing it (locating it) run too.
            let msg = messages::read_detail(&dataset, index, edge.highlighter().as_deref());
            (edge.reply)(msg);
        }
    }
    Ok(())
}

/// Writes the OSC 52 sequences the clipboard queued, between frames. A terminal that cannot
/// take them is not worth stopping for: the copy's report already went to the status line.
fn write_queued(guard: &mut Guard, edge: &Edge) {
    let bytes = edge.effects.take_terminal_bytes();
    if bytes.is_empty() {
        return;
    }
    let out = guard.terminal.backend_mut();
    let _ = out.write_all(&bytes).and_then(|()| out.flush());
}

/// The engine's newest results as a message, unless they were handed over already.
fn fresh_results(edge: &mut Edge) -> Option<Msg> {
    let results = edge.engine.latest()?;
    if results.generation < edge.seen {
        return None;
    }
    edge.seen = results.generation;
    Some(messages::results_msg(&results))
}
