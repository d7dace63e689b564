//! The lab shell: the session the page holds (shell with kubectl, cluster, lab progress) and everything that changes it.
//!
//! Running commands, letting virtual time follow the wall clock, judging the steps, keeping the
//! editor in step with the files, `kubectl edit`'s foreground file, import and reset. Intents call
//! these; nothing here reads the DOM's events.

use super::browser::{clear_url_state, perf_now, post_to_parent};
use super::App;
use crate::editor;
use crate::i18n::Lang;
use crate::storage::{self, LabSaved, Saved};
use crate::terminal::{Action, LineKind, Terminal};
use sim_core::lab::{Lab, DEFAULT_LAB};
use sim_core::session::{Session, Turn};
use sim_core::shell::Output;
use sim_core::vfs::HOME;

/// The simulator's seed: every learner starts from the same cluster.
const SEED: u64 = 2026;

mod snapshots {
    include!(concat!(env!("OUT_DIR"), "/snapshots.rs"));
}

/// A fresh session of the lab: its cluster and a shell with kubectl. Started from the lab's boot
/// snapshot, made at build time (`app/build.rs`), when it has one; else booted here.
pub(super) fn fresh(lab: &Lab) -> Session {
    let snapshot = snapshots::SNAPSHOTS.iter().find(|(id, _)| *id == lab.id).map(|(_, s)| *s);
    let session = snapshot.and_then(|s| Session::from_snapshot(lab.clone(), s).ok()).unwrap_or_else(|| Session::new(lab.clone(), SEED));
    interruptible(session)
}

/// Ctrl-C stops a running loop here: the step budget counts one tick's turn.
pub(super) fn interruptible(mut session: Session) -> Session {
    session.shell.set_interruptible(true);
    session
}

/// A bundled lab, from its `lab.yaml` parsed at build time (`app/build.rs`).
fn bundled(id: &str) -> Option<Result<Lab, String>> {
    let files = Lab::bundled_files(id)?;
    let parsed = snapshots::PARSED.iter().find(|(lab, _)| *lab == id).map(|(_, json)| *json)?;
    Some(Lab::from_parsed(parsed, &files).map_err(|e| format!("labs/{id}/{e}")))
}

/// The lab named (`?lab=ID`, an imported state's lab), else the default.
pub(super) fn pick_lab(named: Option<&str>) -> Lab {
    let wanted = named.filter(|s| !s.is_empty()).unwrap_or(DEFAULT_LAB);
    match bundled(wanted).or_else(|| bundled(DEFAULT_LAB)) {
        Some(Ok(lab)) => lab,
        Some(Err(e)) => panic!("a bundled lab does not load: {e}"),
        None => panic!("no bundled lab"),
    }
}

pub(super) fn welcome(term: &mut Terminal, lang: Lang) {
    term.push(
        LineKind::Info,
        lang.pick(
            "Kueue Lab 터미널입니다. 명령 목록은 help, 파일은 위 편집기에서 열 수 있습니다.\n",
            "Kueue Lab terminal. Type help for the commands; open files in the editor above.\n",
        ),
    );
}

impl App {
    pub(super) fn prompt(&self) -> String {
        self.session.shell.prompt()
    }

    pub(super) fn saved(&self) -> Saved {
        let lab = LabSaved { progress: self.session.progress.clone(), ..self.lab_state.clone() };
        storage::saved(&self.session.shell.state, &self.term, &self.tabs, self.active.as_ref(), self.lang, lab)
    }

    pub(super) fn save(&self) {
        storage::save(&self.saved());
    }

    /// Lets virtual time catch up with the wall clock (at the chosen speed), for at most one
    /// slice of the page's time: what is left stays owed and `CatchUp` slices pay it between
    /// the learner's keystrokes. A command therefore runs on the cluster as far as it has got,
    /// as on a busy real cluster.
    pub(super) fn catch_up_time(&mut self) {
        let now = js_sys::Date::now();
        let elapsed = (now - self.wall_ms).max(0.0) as u64;
        self.wall_ms = now;
        self.session.owe(elapsed * self.lab_state.speed.factor());
        if self.session.cap_owed(super::MAX_BEHIND_MS) {
            self.slowed = true;
        }
        // A slice stops between two steps of the cluster (a key a controller reconciled, a
        // timer's work), before one it would likely not finish in time: when less is left than
        // the longest step seen lately (the estimate halves every slice, so one busy moment does
        // not shorten slices for long).
        let start = perf_now();
        let deadline = start + super::SLICE_MS;
        let mut last = start;
        let mut longest = self.longest_step_ms / 2.0;
        self.session.catch_up(&mut || {
            let now = perf_now();
            longest = longest.max(now - last);
            last = now;
            now + longest > deadline
        });
        self.longest_step_ms = longest;
        if self.session.owed_ms() == 0 {
            self.slowed = false;
        }
        if self.session.cluster.settling() {
            // Not saved mid-settle (`storage::save_cluster`): saved after a slice that settles.
            self.moved_unsaved = true;
        }
        storage::watch_cluster(&self.session.cluster);
    }

    /// Whether time is owed (or a settle was cut short) and another slice should run soon.
    pub(super) fn behind(&self) -> bool {
        self.session.behind()
    }

    /// Judges the lab's steps if the cluster or the files changed since the last time.
    pub(super) fn judge(&mut self) {
        let judged = self.session.judge();
        self.announce(&judged.newly_passed, judged.lab_completed);
    }

    /// Tells the embedding page about steps just completed and the lab's completion, and keeps
    /// the progress.
    fn announce(&self, newly_passed: &[String], lab_completed: bool) {
        for id in newly_passed {
            post_to_parent("kueue-lab:step-completed", &[("lab", &self.session.lab.id), ("stepId", id)]);
        }
        if lab_completed {
            post_to_parent("kueue-lab:lab-completed", &[("lab", &self.session.lab.id)]);
        }
        if !newly_passed.is_empty() || lab_completed {
            self.save();
        }
    }

    /// Shows what a turn of the session printed and announces what it passed.
    fn show_turn(&mut self, turn: &Turn) {
        self.print(&turn.output);
        self.announce(&turn.newly_passed, turn.lab_completed);
    }

    fn print(&mut self, output: &Output) {
        for (fd, text) in &output.chunks {
            self.term.push_output(if *fd == 2 { LineKind::Stderr } else { LineKind::Stdout }, text);
        }
    }

    pub(super) fn run(&mut self, input: String) {
        self.catch_up_time();
        let turn = self.session.run(&input);
        storage::save_cluster(&self.session.cluster);
        self.show_turn(&turn);
        self.sync_editor_from_fs();
        self.open_foreground_edit();
    }

    /// The shell reads the lines pasted ahead, one input at a time, each run before the next
    /// is echoed, until one leaves a command in the foreground (the rest wait for its end).
    pub(super) fn run_typeahead(&mut self) {
        while self.session.foreground().is_none() {
            let prompt = self.prompt();
            match self.term.next_typed(&prompt) {
                Some(Action::Run(input)) => self.run(input),
                Some(Action::None) => {}
                None => break,
            }
        }
    }

    /// The reference solution cut by step, worked out once any part of it is shown.
    pub(super) fn ensure_solution_parts(&mut self) {
        let wanted = self.lab_state.solution_shown || !self.lab_state.solutions_shown.is_empty();
        if wanted && self.solution_parts.is_none() {
            self.solution_parts = Some(crate::steps_view::solution_by_step(&self.session.lab, SEED));
        }
    }

    /// `kubectl edit` waits for its file: open it in the editor and say how to finish.
    pub(super) fn open_foreground_edit(&mut self) {
        let Some(path) = self.session.edit_path() else { return };
        self.open(path);
        self.term.push(
            LineKind::Info,
            self.lang.pick(
                "편집기에서 고친 뒤 탭을 닫으면(×) 적용됩니다. 취소하려면 터미널에서 Ctrl-C.\n",
                "Edit the file in the editor, then close its tab (×) to apply. Ctrl-C in the terminal cancels.\n",
            ),
        );
    }

    /// The editor tab of `kubectl edit`'s file was closed: the command applies the text.
    pub(super) fn finish_foreground_edit(&mut self, path: &str) {
        if self.session.edit_path().as_deref() != Some(path) {
            return;
        }
        self.catch_up_time();
        let Some((turn, reopened)) = self.session.editor_closed(path) else { return };
        storage::save_cluster(&self.session.cluster);
        self.show_turn(&turn);
        if reopened {
            self.seen_generation = self.session.shell.state.fs.generation();
            self.open_foreground_edit();
        }
        if turn.foreground_ended {
            self.run_typeahead();
        }
    }

    /// Lets the foreground command go on (a command prints what changed; a shell job — a loop,
    /// `watch` — runs its next slice); ends it at its own deadline.
    pub(super) fn poll_foreground(&mut self) -> bool {
        if self.session.foreground().is_none() {
            return false;
        }
        let turn = self.session.poll();
        self.show_turn(&turn);
        if !turn.output.chunks.is_empty() || turn.foreground_ended {
            // A job may have written files or changed the cluster.
            storage::save_cluster(&self.session.cluster);
            self.sync_editor_from_fs();
            // Lines pasted while it ran are read now.
            self.run_typeahead();
            return true;
        }
        false
    }

    /// ⏭: virtual time jumps to the next thing the cluster waits for; the foreground command
    /// sees it.
    pub(super) fn step_time(&mut self) {
        let turn = self.session.step_time();
        storage::save_cluster(&self.session.cluster);
        self.show_turn(&turn);
        if !turn.output.chunks.is_empty() || turn.foreground_ended {
            self.sync_editor_from_fs();
            self.run_typeahead();
        }
    }

    /// A file written or removed from the terminal shows up in the editor.
    pub(super) fn sync_editor_from_fs(&mut self) {
        let generation = self.session.shell.state.fs.generation();
        if generation == self.seen_generation {
            return;
        }
        self.seen_generation = generation;
        let fs = &self.session.shell.state.fs;
        self.tabs.retain(|p| fs.read(p).is_ok());
        if self.active.as_ref().is_some_and(|a| !self.tabs.contains(a)) {
            self.active = self.tabs.last().cloned();
            self.show_active(true);
        } else {
            self.show_active(false);
        }
    }

    /// Puts the active file into the editor (only if its text differs, unless `force`).
    pub(super) fn show_active(&mut self, force: bool) {
        let Some(editor) = &self.editor else { return };
        match &self.active {
            Some(path) => {
                let text = self.session.shell.state.fs.read(path).unwrap_or("").to_string();
                if force || editor.get_doc() != text {
                    editor.set_doc(&text, editor::kind_for(path));
                }
                self.show_diagnostics(path, &text);
            }
            None => editor.set_doc("", "none"),
        }
    }

    /// Inline errors for the file in the editor: YAML syntax, then what `kubectl apply` would
    /// answer for each document (the API core's own mapping, admission and validation, run as a
    /// server-side dry run against a copy of the cluster).
    pub(super) fn show_diagnostics(&self, path: &str, text: &str) {
        let Some(editor) = &self.editor else { return };
        let diags: Vec<editor::Diagnostic> = if editor::kind_for(path) == "yaml" {
            let syntax = sim_core::yaml::syntax_errors(text);
            if syntax.is_empty() {
                let name = sim_core::vfs::file_name(path);
                sim_core::kubectl::write::check_manifest_file(&self.session.cluster.api, self.session.cluster.now_unix(), name, text)
                    .into_iter()
                    .map(|p| {
                        let severity = if p.message.contains("(NotFound)") { "warning" } else { "error" };
                        editor::Diagnostic { line: p.line as u32, message: p.message, severity }
                    })
                    .collect()
            } else {
                syntax.into_iter().map(|e| editor::Diagnostic { line: e.line as u32, message: e.message, severity: "error" }).collect()
            }
        } else {
            Vec::new()
        };
        editor.set_diagnostics(&editor::diagnostics_to_js(&diags));
    }

    pub(super) fn open(&mut self, path: String) {
        if !self.tabs.contains(&path) {
            self.tabs.push(path.clone());
        }
        self.active = Some(path);
        self.show_active(true);
        self.save();
    }

    pub(super) fn default_dir(&self) -> String {
        if self.session.shell.state.fs.is_dir(&self.session.lab.workdir) {
            self.session.lab.workdir.clone()
        } else {
            HOME.to_string()
        }
    }

    /// Opens a state carried by a link (`#state=…`), then drops it from the address bar.
    pub(super) fn import_fragment(&mut self, fragment: &str) {
        clear_url_state();
        match storage::from_url_fragment(fragment, |id| Some(fresh(&pick_lab(Some(id))).cluster)) {
            Ok(json) => self.import(&json),
            Err(e) => self.status = format!("{}: {e}", self.lang.pick("링크의 상태를 읽을 수 없습니다", "The link's state cannot be read")),
        }
    }

    /// Replaces the whole state with an exported one; on any error nothing changes.
    pub(super) fn import(&mut self, json: &str) {
        match storage::read_snapshot(json) {
            Ok((saved, cluster)) => {
                let lab = pick_lab(Some(&saved.lab.id));
                storage::use_lab(&lab.id);
                let mut lab_state = saved.lab;
                let progress = std::mem::take(&mut lab_state.progress);
                self.session = interruptible(Session::resume(lab, saved.shell, cluster, progress));
                self.term = Terminal { scrollback: saved.scrollback, pending: saved.pending, line: saved.line, ..Default::default() };
                self.tabs = saved.tabs;
                self.active = saved.active;
                self.lang = saved.lang;
                self.lab_state = lab_state;
                self.solution_parts = None;
                self.ensure_solution_parts();
                self.seen_generation = self.session.shell.state.fs.generation();
                storage::save_cluster(&self.session.cluster);
                self.show_active(true);
                self.judge();
                self.save();
                self.status = self.lang.pick("상태를 불러왔습니다.", "State imported.").to_string();
            }
            Err(e) => {
                self.status = format!(
                    "{}: {e}",
                    self.lang.pick("불러올 수 없습니다 (지금 상태는 그대로입니다)", "Cannot import (your current state is unchanged)")
                );
            }
        }
    }

    pub(super) fn reset(&mut self) {
        storage::clear();
        self.session = fresh(&self.session.lab);
        self.lab_state = LabSaved { id: self.session.lab.id.clone(), speed: self.lab_state.speed, ..Default::default() };
        storage::save_cluster(&self.session.cluster);
        self.term = Terminal::default();
        welcome(&mut self.term, self.lang);
        self.tabs.clear();
        self.active = None;
        self.seen_generation = self.session.shell.state.fs.generation();
        self.show_active(true);
        self.judge();
        self.save();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's labs, read from their build-time parsed form, are the labs the YAML gives today.
    #[test]
    fn every_bundled_lab_loads_from_its_parsed_form() {
        for id in Lab::bundled_ids() {
            assert_eq!(bundled(id).unwrap().unwrap(), Lab::bundled(id).unwrap().unwrap(), "{id}");
        }
    }

    #[test]
    fn the_default_lab_starts_from_its_build_time_snapshot() {
        let snapshot =
            snapshots::SNAPSHOTS.iter().find(|(id, _)| *id == DEFAULT_LAB).map(|(_, s)| *s).expect("the default lab has a snapshot");
        let lab = pick_lab(None);
        let from_snapshot = fresh(&lab);
        let booted = Session::new(lab, SEED);
        let json = |s: &Session| serde_json::to_string(&s.cluster).unwrap();
        // The embedded text is today's boot, not a stale one; the page's session is the booted one.
        assert_eq!(snapshot, json(&booted));
        assert_eq!(json(&from_snapshot), json(&booted));
    }
}
