//! A learner's session: the lab, its cluster, the shell with `kubectl` in the lab's working
//! directory, the steps' progress, the command holding the foreground and the virtual time the
//! cluster still owes the host's clock.
//!
//! Every host drives a learner the same way through [`Session`]: the browser app (a line typed,
//! a tick, an editor tab closed, Ctrl-C), `kueue-lab sim` and the lab tests (a script through
//! [`Session::run_script`]) and `kueue-lab api`'s control endpoint. The host only renders what a
//! [`Turn`] says and forwards the learner's intents; how time catches up, when the steps are
//! judged and how a foreground command is polled live here, once.

use crate::cluster::Cluster;
use crate::kubectl::Kubectl;
use crate::lab::progress::{Progress, StepResult};
use crate::lab::view::SimView;
use crate::lab::Lab;
use crate::shell::{Foreground, Output, Shell, ShellState};
use crate::transcript::{self, Entry};
use std::rc::Rc;

/// The lab's working directory.
pub const WORKDIR: &str = "/root/gsb-kueue";

/// What one move of the session did, for the host to show.
#[derive(Debug, Default)]
pub struct Turn {
    /// What the commands wrote, by stream, in order.
    pub output: Output,
    /// The input's exit status (`$?`); for a foreground command that ended, its own.
    pub status: i32,
    /// Steps that passed for the first time, in lab order.
    pub newly_passed: Vec<String>,
    /// Every step passes, for the first time.
    pub lab_completed: bool,
    /// The foreground command ended (by itself or at its deadline) during this move.
    pub foreground_ended: bool,
}

impl Turn {
    fn judged(&mut self, j: Judged) {
        self.newly_passed.extend(j.newly_passed);
        self.lab_completed |= j.lab_completed;
    }
}

/// What a judgement found new.
#[derive(Debug, Default)]
pub struct Judged {
    pub newly_passed: Vec<String>,
    pub lab_completed: bool,
}

pub struct Session {
    pub lab: Lab,
    pub shell: Shell<Cluster>,
    pub cluster: Cluster,
    pub progress: Progress,
    /// The command the last input left running (`kubectl get -w`, `logs -f`, `edit`, a loop).
    foreground: Option<Box<dyn Foreground<Cluster>>>,
    /// (store resourceVersion, filesystem generation) at the last judgement.
    judged_at: Option<(u64, u64)>,
    /// The last judgement of every step.
    steps: Vec<StepResult>,
    /// Virtual milliseconds the cluster owes the host's clock.
    owed_ms: u64,
}

impl Session {
    /// A fresh session of `lab` at the lab's epoch.
    pub fn new(lab: Lab, seed: u64) -> Self {
        Self::starting_at(lab, seed, crate::clock::LAB_EPOCH_UNIX)
    }

    /// A fresh session whose virtual time starts at `start_unix` (a host serving real clients
    /// passes its wall time).
    pub fn starting_at(lab: Lab, seed: u64, start_unix: i64) -> Self {
        let (shell, cluster) = lab_session_at(&lab, seed, start_unix);
        Self::resume(lab, shell.state, cluster, Progress::default())
    }

    /// A fresh session of `lab` from its boot snapshot ([`boot_snapshot`], made ahead of time
    /// with the same `seed`): the same session as [`Session::new`], without booting.
    pub fn from_snapshot(lab: Lab, snapshot: &str) -> Result<Self, String> {
        let cluster = Cluster::restore(snapshot)?;
        let shell = lab_files(&lab, cluster.now_unix());
        Ok(Self::resume(lab, shell, cluster, Progress::default()))
    }

    /// A session taken up from saved parts (a reload, an imported state).
    pub fn resume(lab: Lab, shell: ShellState, cluster: Cluster, progress: Progress) -> Self {
        Session { lab, shell: shell_with(shell), cluster, progress, foreground: None, judged_at: None, steps: Vec::new(), owed_ms: 0 }
    }

    /// Runs one complete input at the prompt. A command that keeps running (`kubectl get -w`)
    /// holds the foreground until it ends, is interrupted, or the host stops polling it.
    pub fn run(&mut self, input: &str) -> Turn {
        let result = self.shell.run(&mut self.cluster, input);
        self.foreground = self.shell.take_foreground();
        let mut turn = Turn { output: result.output, status: result.status, ..Default::default() };
        turn.judged(self.judge());
        turn
    }

    /// The command holding the foreground, if one does.
    pub fn foreground(&self) -> Option<&dyn Foreground<Cluster>> {
        self.foreground.as_deref()
    }

    /// The file `kubectl edit` waits for the learner to edit, if it does.
    pub fn edit_path(&self) -> Option<String> {
        self.foreground.as_ref().and_then(|f| f.edit_path())
    }

    /// Lets the foreground command go on once (a command prints what changed; a shell job runs
    /// its next slice) and ends it when it is done or past its own deadline.
    pub fn poll(&mut self) -> Turn {
        let Some(fg) = self.foreground.as_mut() else { return Turn::default() };
        let output = fg.resume(&mut self.shell, &mut self.cluster);
        let ended = fg.done() || fg.deadline_ms().is_some_and(|d| self.cluster.now_ms() >= d);
        let status = if ended { fg.exit_status().unwrap_or(self.shell.state.last_status) } else { 0 };
        if ended {
            self.foreground = None;
        }
        let mut turn = Turn { output, status, foreground_ended: ended, ..Default::default() };
        turn.judged(self.judge());
        turn
    }

    /// Ctrl-C: the foreground command is interrupted (`$?` 130). False when nothing held it.
    pub fn interrupt(&mut self) -> bool {
        if self.foreground.take().is_none() {
            return false;
        }
        self.shell.interrupt();
        true
    }

    /// The learner closed the editor of `kubectl edit`'s file at `path`: the command applies
    /// the file's text. Returns the turn and, when the server refused the edit, the text to
    /// reopen the file with (already written to the file).
    pub fn editor_closed(&mut self, path: &str) -> Option<(Turn, bool)> {
        if self.edit_path().as_deref() != Some(path) {
            return None;
        }
        let text = self.shell.state.fs.read(path).unwrap_or("").to_string();
        let fg = self.foreground.as_mut()?;
        let (output, reopen) = fg.editor_closed(&mut self.cluster, &text);
        let ended = fg.done();
        if ended {
            self.foreground = None;
        }
        let reopened = match reopen {
            Some(text) => {
                let _ = self.shell.state.fs.write(path, &text, self.cluster.now_unix());
                true
            }
            None => false,
        };
        let mut turn = Turn { output, foreground_ended: ended, ..Default::default() };
        turn.judged(self.judge());
        Some((turn, reopened))
    }

    /// Adds `ms` of virtual time the cluster owes the host's clock (paid by [`Self::catch_up`]).
    pub fn owe(&mut self, ms: u64) {
        self.owed_ms = self.owed_ms.saturating_add(ms);
    }

    /// Forgives what is owed beyond `max_ms` (a host that prefers running slower than its
    /// clock to piling up work). True when something was forgiven.
    pub fn cap_owed(&mut self, max_ms: u64) -> bool {
        let capped = self.owed_ms > max_ms;
        self.owed_ms = self.owed_ms.min(max_ms);
        capped
    }

    pub fn owed_ms(&self) -> u64 {
        self.owed_ms
    }

    /// Whether [`Self::catch_up`] has work to do: time is owed, or the controllers are between
    /// two keys of a settle that ran out of time (even with nothing owed).
    pub fn behind(&self) -> bool {
        self.owed_ms > 0 || self.cluster.settling()
    }

    /// Pays what is owed, stopping early once `out_of_time` says so (the rest stays owed; the
    /// outcome is the same as one uninterrupted advance). Returns the virtual ms paid. Does not
    /// judge: a host cutting a long catch-up into slices judges when it redraws.
    pub fn catch_up(&mut self, out_of_time: &mut dyn FnMut() -> bool) -> u64 {
        if !self.behind() {
            return 0;
        }
        let done = self.cluster.advance_within(self.owed_ms, out_of_time);
        self.owed_ms -= done;
        done
    }

    /// Jumps virtual time to the next thing the cluster waits for (at least one second, at most
    /// a minute; one second when it waits for nothing), then lets the foreground command see it.
    pub fn step_time(&mut self) -> Turn {
        let now = self.cluster.now_ms();
        let target = step_target(now, self.cluster.next_wakeup());
        self.cluster.advance(target - now);
        let mut turn = self.poll();
        turn.judged(self.judge());
        turn
    }

    /// Judges the lab's steps if the cluster or the files changed since the last judgement.
    pub fn judge(&mut self) -> Judged {
        judge_if_changed(&self.lab, &mut self.progress, &mut self.judged_at, &mut self.steps, &self.cluster, &self.shell.state.fs)
    }

    /// The last judgement of every step (empty before the first).
    pub fn steps(&self) -> &[StepResult] {
        &self.steps
    }

    /// A script typed in as a headless host does (`kueue-lab sim`, the lab tests): each input
    /// after `step_ms` of virtual time, a foreground command polled second by second until it
    /// ends or for [`transcript::FOREGROUND_MS`] then interrupted; the steps judged after
    /// everything that may have changed something, as the browser judges them. `after_each`
    /// sees what each judgement found new.
    pub fn run_script(&mut self, script: &str, step_ms: u64, mut newly: impl FnMut(&Judged)) -> Vec<Entry> {
        let Session { lab, shell, cluster, progress, judged_at, steps, foreground, .. } = self;
        *foreground = None;
        transcript::run_observed(shell, cluster, script, step_ms, |sh, c| {
            newly(&judge_if_changed(lab, progress, judged_at, steps, c, &sh.state.fs));
        })
    }
}

/// Judges `lab`'s steps if the store's resourceVersion or the files' generation moved since
/// `judged_at`; what passed for the first time (nothing when unchanged). A free function so a
/// headless run can judge while the shell and the cluster are lent to the transcript's loop.
fn judge_if_changed(
    lab: &Lab,
    progress: &mut Progress,
    judged_at: &mut Option<(u64, u64)>,
    steps: &mut Vec<StepResult>,
    cluster: &Cluster,
    fs: &crate::vfs::Vfs,
) -> Judged {
    let now = (cluster.api.resource_version(), fs.generation());
    if *judged_at == Some(now) {
        return Judged::default();
    }
    *judged_at = Some(now);
    let eval = progress.update(lab, &SimView { api: &cluster.api, fs });
    *steps = eval.steps;
    Judged { newly_passed: eval.newly_passed, lab_completed: eval.lab_completed }
}

/// Where the ⏭ control takes virtual time from `now`: the next wake-up, but at least a second
/// and at most a minute ahead (a second when nothing waits).
pub fn step_target(now_ms: u64, next_wakeup: Option<u64>) -> u64 {
    let min = now_ms + 1_000;
    let max = now_ms + 60_000;
    next_wakeup.map_or(min, |w| w.clamp(min, max))
}

/// The fresh cluster of `lab` in its saved form, for a host to make ahead of time (the browser's
/// build does) and start from with [`Session::from_snapshot`]. `None` for a lab whose world is
/// made after boot by its own setup lines or simulated teams (those are big, and booted live).
pub fn boot_snapshot(lab: &Lab, seed: u64) -> Option<String> {
    if !lab.setup.trim().is_empty() || !lab.traffic.is_empty() {
        return None;
    }
    let (_, cluster) = lab_session(lab, seed);
    serde_json::to_string(&cluster).ok()
}

/// A fresh shell and cluster on the Kueue GPU lab's cluster (no lab files).
pub fn new_session(seed: u64) -> (Shell<Cluster>, Cluster) {
    let cluster = Cluster::new(seed);
    let mut state = ShellState::new(cluster.now_unix());
    let _ = state.fs.mkdir_all(WORKDIR, cluster.now_unix());
    (shell_with(state), cluster)
}

/// A fresh shell and cluster for `lab`: its cluster shape, its workdir with its initial files.
pub fn lab_session(lab: &Lab, seed: u64) -> (Shell<Cluster>, Cluster) {
    lab_session_at(lab, seed, crate::clock::LAB_EPOCH_UNIX)
}

/// [`lab_session`] with virtual time starting at `start_unix`.
pub fn lab_session_at(lab: &Lab, seed: u64, start_unix: i64) -> (Shell<Cluster>, Cluster) {
    let mut cluster = Cluster::with_shape_at(seed, lab.shape(), start_unix);
    if let Some(config) = &lab.kueue {
        cluster.kueue.config = config.clone();
    }
    let now = cluster.now_unix();
    let state = lab_files(lab, now);
    if !lab.setup.trim().is_empty() {
        // The lab's own objects, made by a shell of its own: the learner's history, files and
        // audited writes stay empty.
        let mut setup = shell_with(ShellState::new(now));
        let mut input = String::new();
        for line in lab.setup.lines() {
            input.push_str(line);
            input.push('\n');
            if crate::shell::syntax::is_complete(&input) {
                let _ = setup.run(&mut cluster, &std::mem::take(&mut input));
            }
        }
        if !input.trim().is_empty() {
            let _ = setup.run(&mut cluster, &input);
        }
        cluster.learner_writes.clear();
    }
    crate::cluster::traffic::start(&mut cluster, &lab.traffic);
    (shell_with(state), cluster)
}

/// The learner's shell state in a fresh session of `lab`: its workdir and its files, made at `now`.
fn lab_files(lab: &Lab, now: i64) -> ShellState {
    let mut state = ShellState::new(now);
    let _ = state.fs.mkdir_all(&lab.workdir, now);
    for (rel, content) in &lab.files {
        let path = lab.file_path(rel);
        let _ = state.fs.mkdir_all(crate::vfs::parent_of(&path), now);
        let _ = state.fs.write(&path, content, now);
    }
    state
}

/// The mini shell with `kubectl` registered.
pub fn shell_with(state: ShellState) -> Shell<Cluster> {
    let mut shell = Shell::new(state);
    shell.register("kubectl", Rc::new(Kubectl));
    shell
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::DEFAULT_LAB;

    fn lab() -> Lab {
        Lab::bundled(DEFAULT_LAB).expect("the default lab is bundled").expect("it loads")
    }

    #[test]
    fn step_time_targets_the_next_wakeup_within_bounds() {
        assert_eq!(step_target(10_000, None), 11_000);
        assert_eq!(step_target(10_000, Some(10_200)), 11_000);
        assert_eq!(step_target(10_000, Some(25_000)), 25_000);
        assert_eq!(step_target(10_000, Some(500_000)), 70_000);
    }

    #[test]
    fn a_watch_holds_the_foreground_until_interrupted() {
        let mut s = Session::new(lab(), 7);
        let turn = s.run("kubectl get pods -A -w");
        assert!(s.foreground().is_some(), "{:?}", turn.output);
        s.owe(2_000);
        s.catch_up(&mut || false);
        let _ = s.poll();
        assert!(s.interrupt());
        assert!(s.foreground().is_none());
        assert!(!s.interrupt(), "nothing holds the foreground any more");
        assert_eq!(s.run("echo $?").output.text(), "130\n");
    }

    #[test]
    fn time_owed_is_paid_in_slices_with_the_same_outcome() {
        let mut whole = Session::new(lab(), 7);
        let mut sliced = Session::new(lab(), 7);
        for s in [&mut whole, &mut sliced] {
            let _ = s.run("kubectl create job hello --image=busybox -- sleep 5");
            s.owe(20_000);
        }
        assert_eq!(whole.catch_up(&mut || false), 20_000);
        let mut calls = 0;
        let mut paid = 0;
        while sliced.behind() {
            paid += sliced.catch_up(&mut || {
                calls += 1;
                calls % 3 == 0
            });
        }
        assert_eq!(paid, 20_000);
        assert_eq!(serde_json::to_string(&whole.cluster).unwrap(), serde_json::to_string(&sliced.cluster).unwrap());
        assert!(!sliced.cap_owed(0) && sliced.owed_ms() == 0);
        sliced.owe(50_000);
        assert!(sliced.cap_owed(30_000));
        assert_eq!(sliced.owed_ms(), 30_000);
    }

    #[test]
    fn a_command_between_two_keys_of_a_cut_settle_runs_and_the_settle_goes_on() {
        let mut s = Session::new(lab(), 7);
        let _ = s.run("kubectl create job hello --image=busybox -- sleep 5");
        // Out of time after every step, until a slice stops inside a settle.
        let mut tries = 0;
        while !s.cluster.settling() && tries < 100 {
            s.owe(500);
            s.catch_up(&mut || true);
            tries += 1;
        }
        assert!(s.cluster.settling(), "a slice stopped between two keys");
        assert!(s.behind(), "a cut settle is work to catch up, owed time or not");
        assert!(crate::cluster::persist::Saver::new().begin(&s.cluster, true).is_none(), "not saved mid-settle");
        let out = s.run("kubectl create job second --image=busybox -- sleep 1").output.text();
        assert_eq!(out, "job.batch/second created\n");
        assert!(!s.cluster.settling(), "the command's settle went on from where the slice stopped");
        s.owe(20_000);
        while s.behind() {
            s.catch_up(&mut || true);
        }
        let out = s.run("kubectl get jobs --no-headers -o custom-columns=N:.metadata.name,S:.status.succeeded").output.text();
        assert_eq!(out, "hello    1\nsecond   1\n");
        assert!(crate::cluster::persist::Saver::new().begin(&s.cluster, true).is_some());
    }

    #[test]
    fn judging_reports_a_step_once_and_only_after_a_change() {
        let lab = lab();
        let Some(first_step) = lab.steps.first().map(|s| s.id.clone()) else { return };
        let solution = lab.solution.clone();
        let mut s = Session::new(lab, 7);
        let first = s.judge();
        assert!(first.newly_passed.is_empty(), "nothing passes on a fresh cluster: {:?}", first.newly_passed);
        assert!(s.judge().newly_passed.is_empty());
        let mut seen = Vec::new();
        let _ = s.run_script(&solution, 1_000, |j| seen.extend(j.newly_passed.iter().cloned()));
        assert_eq!(seen.first(), Some(&first_step));
        let mut dedup = seen.clone();
        dedup.dedup();
        assert_eq!(seen, dedup, "each step is reported once");
        assert!(s.steps().iter().all(|r| r.pass), "the reference solution passes every step");
    }
}
