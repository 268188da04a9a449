//! The edge of the browser: the input reader, the loader, the signal watcher, the search
//! engine and every worker post to one `Inbox`; the loop blocks on it (no polling), runs
//! `update`, hands effects to the workers and draws only when something changed.
//! `terminal.rs` owns the terminal, `worker.rs` is the one shape of a worker, `loader.rs`
//! loads, `options.rs` is how it starts, `setup.rs` turns the config into `Options`, `input_reader.rs` reads the terminal's
//! keys.

pub mod dataset_watch;
mod ended;
pub mod external;
pub mod inbox;
mod input_reader;
mod loader;
mod messages;
mod options;
#[cfg(unix)]
mod paste_frame;
pub mod setup;
mod team;
mod terminal;
pub mod worker;

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::Receiver;
use std::thread;

use crate::tui::app::effect::{Effect, Handoff};
use crate::tui::app::model::Model;
use crate::tui::app::msg::Msg;
use crate::tui::app::update::update;
use crate::tui::copy::worker::Effects;
use crate::tui::detail::highlighting::Highlighting;
use crate::tui::detail::worker::ReadDetail;
use crate::tui::history::worker::{self as memory, Remember};
use crate::tui::local::worker::{self as local_worker, Locate, Where};
use crate::tui::rescan;
use crate::tui::triage::worker::TriageJob;
use crate::tui::triage::{self as triage_view, Origin};
use crate::tui::ui::theme::Theme;
use crate::tui::view;
use dataset_watch::DatasetWatch;
pub use ended::Ended;
use errdex_core::dataset::precedence::Layout;
use errdex_core::load::SourceSpec;
use errdex_core::search::{Context, Engine, Weights};
use inbox::Inbox;
pub use options::Options;
use terminal::Guard;
use worker::Worker;

/// Runs the browser until the user quits. Errors are about the terminal, not the data.
/// Runs the browser until the user quits, picks or cancels, or a signal ends it.
pub fn run(options: Options) -> Result<Ended, String> {
    if !crate::out::stdout_is_terminal() {
        return Err("the browser needs a terminal; for scripts use `errdex search QUERY`".into());
    }
    let theme = Theme::new(options.theme, options.color);
    let highlighting = if options.color {
        Highlighting::start(theme.syntax_theme())
    } else {
        Highlighting::off()
    };
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
    model.popup = options.popup;
    model.config_problems = options.problems;
    draw(&mut guard, &model)?;

    let (inbox, rx) = Inbox::new();
    let watch = DatasetWatch::spawn(inbox.clone());
    let gate = external::InputGate::new();
    let input = input_reader::spawn(inbox.clone(), gate.clone())
        .map_err(|e| format!("cannot start reading the keyboard: {e}"))?;
    let killed_by = Arc::new(AtomicI32::new(0));
    let signal_seen = Arc::clone(&killed_by);
    let quit_inbox = inbox.clone();
    terminal::on_termination(move |signal| {
        signal_seen.store(signal, Ordering::SeqCst);
        quit_inbox.post(Msg::Action(crate::tui::input::action::Action::Quit));
    })
    .map_err(|e| format!("cannot watch for signals: {e}"))?;
    let loader = Worker::spawn("loader", inbox.clone(), |_| ());
    loader.ask(loader::Load {
        specs: options.specs.clone(),
        kinds: options.kinds.clone(),
    });
    let rescanner = rescan::worker::start(
        &inbox,
        watch.own_writes(),
        options.rescan_into,
        &options.checkouts,
        options.scan.clone(),
    );
    let triage = Worker::spawn("triage", inbox.clone(), |_| Default::default());
    if options.log_on_stdin {
        triage.ask(TriageJob::Stream {
            id: STDIN_LOG,
            input: Box::new(std::io::stdin()),
        });
    }
    let memory = memory::spawn(errdex_core::state::data_dir(), inbox.clone());
    let effects = Effects::new(options.clipboard, &inbox);
    let at = Where {
        checkouts: options.checkouts,
        cache_dir: errdex_core::paths::cache_dir(),
    };
    let locator = Worker::spawn("locate", inbox.clone(), move |_| at);
    let detail_highlighting = highlighting.clone();
    let detail = Worker::spawn("detail", inbox.clone(), move |_| detail_highlighting);
    let team = team::TeamEdge::new(
        options.write_to,
        inbox.clone(),
        external::HandOver::new(gate, input),
    );
    team.load_notes();
    let results_inbox = inbox.clone();
    let engine = Engine::new(move |results| {
        results_inbox.post(messages::results_msg(&results));
    });
    let mut edge = Edge {
        engine,
        watch,
        highlighting,
        triage,
        memory,
        effects,
        locator,
        detail,
        inbox,
        team,
        loader,
        specs: options.specs,
        kinds: options.kinds,
        rescanner,
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
    /// For the locating worker (the detail worker holds its own clone).
    highlighting: Highlighting,
    triage: Worker<TriageJob>,
    memory: Worker<Remember>,
    effects: Effects,
    locator: Worker<Locate>,
    detail: Worker<ReadDetail>,
    /// For the answers of what runs on the UI thread (the editor handed the terminal).
    inbox: Inbox,
    team: team::TeamEdge,
    /// Loads the records at start, and again when a rescan rewrote a file of `code/`.
    loader: Worker<loader::Load>,
    /// What the loader loads.
    specs: Vec<SourceSpec>,
    kinds: Layout,
    rescanner: Worker<rescan::worker::Rescan>,
    /// What the search engine knows beyond the records: pins, recent, notes, weights.
    context: Context,
}

impl Edge {
    fn use_dataset(&mut self, handoff: Handoff) {
        self.engine.set_dataset(Arc::clone(&handoff.dataset));
        if handoff.complete {
            self.watch.watch(&handoff.dataset);
            self.triage.ask(TriageJob::Dataset(handoff.dataset));
        }
        // A partial dataset copies most of the records: it is freed off the UI thread.
        if let Some(old) = handoff.replaced {
            thread::spawn(move || drop(old));
        }
    }
}

fn event_loop(
    guard: &mut Guard,
    model: &mut Model,
    inbox: &Receiver<Msg>,
    edge: &mut Edge,
) -> Result<(), String> {
    // Blocks until something happens: an idle browser uses no CPU.
    while let Ok(first) = inbox.recv() {
        let mut redraw = false;
        // Everything already queued is handled before drawing once, so a burst of keys or
        // results costs one frame.
        for msg in std::iter::once(first).chain(inbox.try_iter()) {
            let step = update(model, msg);
            redraw |= step.redraw;
            for effect in step.effects {
                if let Effect::Quit = effect {
                    write_queued(guard, edge);
                    return Ok(());
                }
                redraw |= run_effect(guard, model, edge, effect);
            }
        }
        write_queued(guard, edge);
        if redraw {
            draw(guard, model)?;
        }
    }
    Ok(())
}

/// Hands an effect to the worker that does it; true when the screen must be drawn again (the
/// terminal was handed to another program).
fn run_effect(guard: &mut Guard, model: &Model, edge: &mut Edge, effect: Effect) -> bool {
    match effect {
        Effect::Quit => {}
        Effect::UseDataset(handoff) => edge.use_dataset(handoff),
        Effect::Search(query) => {
            edge.engine.submit(&query);
        }
        Effect::LoadDetail { index, generation } => {
            if let Some(dataset) = model.dataset.clone() {
                edge.detail.ask(ReadDetail {
                    generation,
                    index,
                    dataset,
                });
            }
        }
        Effect::Triage { id, log } => edge.triage.ask(TriageJob::Paste { id, log }),
        Effect::Remember(chore) => edge.memory.ask(Remember {
            chore,
            dataset: model.dataset.clone(),
        }),
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
        Effect::NewRecord { from_log, site } => {
            edge.team
                .new_record(guard, model.dataset.clone(), from_log.as_deref(), site);
            return true;
        }
        Effect::Rescan {
            generation,
            checkouts,
        } => edge.rescanner.ask(rescan::worker::Rescan {
            generation,
            checkouts,
        }),
        Effect::Reload if loader::reloadable(&edge.specs) => {
            edge.loader.ask(loader::Load {
                specs: edge.specs.clone(),
                kinds: edge.kinds.clone(),
            });
        }
        Effect::Reload => {
            let why = "the scanned code changed; what was read from stdin or a pipe cannot be read again: restart errdex to see it";
            edge.inbox.post(Msg::Notice(why.into()));
        }
        Effect::Copy { what, text } => edge.effects.copy(what, text),
        Effect::Open(url) => edge.effects.open(url),
        Effect::Locate { index, generation } => {
            if let Some(d) = model.current_detail().filter(|d| d.index == index) {
                edge.locator.ask(Locate {
                    generation,
                    index,
                    // A record that hides a scanned site goes to the statement's current line.
                    record: Box::new(d.current().clone()),
                    highlighting: edge.highlighting.clone(),
                });
            }
        }
        Effect::Edit { path, line } => {
            let run = |command| edge.team.hand_over().run(guard, command);
            edge.inbox.post(local_worker::edit(&path, line, run));
            return true;
        }
    }
    false
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
