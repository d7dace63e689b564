//! Saving the cluster: the whole form old versions wrote still restores to the same state, and a
//! base plus a journal of entries (`cluster::persist`) restores to what the live cluster would,
//! after random commands, the watch log's compaction, folds, skipped saves and two tabs writing.

use sim_core::api::server::kind_info;
use sim_core::cluster::persist::{self, Saver, Target, Write};
use sim_core::cluster::Cluster;
use sim_core::json::json;
use sim_core::lab::Lab;
use sim_core::rand::SimRng;
use sim_core::session::lab_session;
use sim_core::shell::Shell;

/// The reference solution's cluster, saved by the code before saves wrote objects by reference
/// and before the journal (`serde_json::to_string(&cluster)` after `lab.solution`, seed 2026).
const SAVED_V1: &str = include_str!("fixtures/saved-cluster-v1.json");

fn solved() -> (Shell<Cluster>, Cluster) {
    let lab = Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
    let (mut sh, mut c) = lab_session(&lab, 2026);
    sim_core::transcript::run(&mut sh, &mut c, &lab.solution, 1000);
    (sh, c)
}

fn text(c: &Cluster) -> String {
    serde_json::to_string(c).unwrap()
}

/// What a save of `c` must restore to: `c` saved whole and restored.
fn restored_text(c: &Cluster) -> String {
    text(&Cluster::restore(&text(c)).unwrap())
}

#[test]
fn a_cluster_saved_by_the_earlier_code_restores_and_saves_in_the_same_form() {
    // The same cluster made today is written byte for byte as the earlier code wrote it.
    assert!(text(&solved().1) == SAVED_V1, "the saved form changed");
    // And what it wrote restores to that state (no journal: the base alone).
    let restored = Cluster::restore(SAVED_V1).unwrap();
    assert!(text(&restored) == SAVED_V1);
    let r = persist::restore(SAVED_V1, &[]).unwrap();
    assert!(text(&r.cluster) == SAVED_V1);
    assert_eq!(r.applied, 0);
}

/// Local storage as the browser app uses it: a base, and entries by index (a base write drops
/// them; entries past a cut may linger, as keys do).
#[derive(Default, Clone)]
struct Storage {
    base: Option<String>,
    entries: Vec<String>,
}

impl Storage {
    fn write(&mut self, w: &Write) {
        match w.target {
            Target::Base => {
                self.base = Some(w.json.clone());
                self.entries.clear();
            }
            Target::Entry(i) if i < self.entries.len() => self.entries[i] = w.json.clone(),
            Target::Entry(i) => {
                assert_eq!(i, self.entries.len(), "entries are written in order");
                self.entries.push(w.json.clone());
            }
        }
    }

    fn restore(&self, bounds: Saver) -> persist::Restored {
        persist::restore_with(self.base.as_deref().unwrap(), &self.entries, bounds).unwrap()
    }
}

fn save(saver: &mut Saver, storage: &mut Storage, c: &Cluster, may_fold: bool) -> Option<Write> {
    let w = saver.next(c, may_fold)?;
    storage.write(&w);
    saver.stored(&w);
    Some(w)
}

fn job(name: &str, secs: u64, gpus: u32) -> String {
    format!(
        "kubectl apply -f - <<'EOF'\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {name}\n  namespace: team-a\n  labels:\n    kueue.x-k8s.io/queue-name: lq\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: busybox:1.36\n        command: [\"sh\", \"-c\", \"echo hi; sleep {secs}\"]\n        resources:\n          requests:\n            cpu: 100m\n          limits:\n            nvidia.com/gpu: {gpus}\nEOF\n"
    )
}

/// One random thing a learner (or time) does to the cluster.
fn act(rng: &mut SimRng, sh: &mut Shell<Cluster>, c: &mut Cluster, bulk: bool) {
    let n = rng.next_u64() % 6;
    let pick = rng.next_u64();
    let line = match pick % 12 {
        0..=2 => job(&format!("j{n}"), 5 + pick % 40, (pick % 3) as u32),
        3 => format!("kubectl delete job j{n} -n team-a"),
        4 => format!("kubectl label ns team-a round={n} --overwrite"),
        5 => format!("kubectl create namespace extra-{n}"),
        6 => format!("kubectl delete namespace extra-{n}"),
        7 => format!(
            "kubectl patch clusterqueue team-a --type merge -p '{{\"spec\":{{\"stopPolicy\":\"{}\"}}}}'",
            ["None", "Hold"][n as usize % 2]
        ),
        8 => format!("kubectl create configmap cm-{n} -n team-a --from-literal=k={pick}"),
        9 => format!("kubectl delete pods -n team-a --all --wait=false{}", ""),
        _ => {
            c.advance(500 + pick % 90_000);
            return;
        }
    };
    if bulk {
        // Past the watch log's history: the next save cannot be an entry.
        // (Made and deleted again, so the store stays small.)
        for _ in 0..(sim_core::api::store::WATCH_HISTORY + 10) {
            let now = c.now_unix();
            c.api.create(now, kind_info("ConfigMap"), "default", json!({"metadata": {"name": "bulk"}}), false).unwrap();
            c.api.delete(now, kind_info("ConfigMap"), "default", "bulk", &Default::default()).unwrap();
        }
        assert!(c.api.watch_from(c.api.resource_version() - 1).is_ok());
    }
    sh.run(c, &line);
}

#[test]
fn a_base_and_its_journal_restore_what_the_live_cluster_would_after_random_commands() {
    let (mut sh, mut c) = solved();
    let mut storage = Storage::default();
    let bounds = || Saver::with_bounds(7, 4096);
    let mut saver = bounds();
    let (mut bases, mut entries, mut compacted) = (0, 0, false);
    for seed in 0..4u64 {
        let mut rng = SimRng::new(seed);
        for step in 0..40u32 {
            let bulk = seed == 1 && step == 20;
            act(&mut rng, &mut sh, &mut c, bulk);
            // A host may read the log between saves, or not (the page does after every slice).
            if rng.next_u64().is_multiple_of(2) {
                saver.watch(&c);
            }
            // Some saves are skipped (a failed write, a throttled one): the next covers them.
            if rng.next_u64().is_multiple_of(4) {
                continue;
            }
            let needed = saver.needs_base(&c);
            compacted |= bulk && needed;
            // Big or not (the state cut into its top-level fields, or finer), in any order.
            saver.set_big_above(if rng.next_u64().is_multiple_of(3) { 0 } else { usize::MAX });
            let Some(w) = save(&mut saver, &mut storage, &c, !rng.next_u64().is_multiple_of(3)) else { continue };
            match w.target {
                Target::Base => bases += 1,
                Target::Entry(_) => entries += 1,
            }
            assert!(!needed || w.target == Target::Base);
            let r = storage.restore(bounds());
            assert!(r.cut.is_none());
            assert_eq!(r.applied, storage.entries.len());
            let expected = restored_text(&c);
            assert!(text(&r.cluster) == expected, "seed {seed} step {step}: restored differs from the live cluster's own restore");
            // Saving on from a restored cluster keeps the journal going.
            if step.is_multiple_of(9) {
                let (mut restored, mut s2) = (r.cluster, r.saver);
                let mut st2 = storage.clone();
                sh.run(&mut restored, &job("after-reload", 3, 1));
                save(&mut s2, &mut st2, &restored, false).unwrap();
                let again = st2.restore(bounds());
                assert!(again.cut.is_none());
                assert!(text(&again.cluster) == restored_text(&restored));
            }
        }
    }
    assert!(compacted, "the watch log's compaction forced a base");
    assert!(bases > 3 && entries > 50, "bases {bases}, entries {entries}");
}

#[test]
fn a_save_written_in_pieces_while_the_cluster_moves_on_stores_the_cluster_as_it_began() {
    let (mut sh, mut c) = solved();
    let mut storage = Storage::default();
    let bounds = || Saver::with_bounds(5, 4096);
    let mut saver = bounds();
    let mut rng = SimRng::new(11);
    let (mut bases, mut entries, mut moved_between) = (0, 0, 0);
    for step in 0..60u32 {
        act(&mut rng, &mut sh, &mut c, false);
        saver.set_big_above(if step % 3 == 1 { 0 } else { usize::MAX });
        let Some(mut w) = saver.begin(&c, !step.is_multiple_of(4)) else { continue };
        // What the save must store: the cluster as it was when the save began.
        let at_begin = restored_text(&c);
        // The host writes a piece now and then; commands and time go on in between.
        let mut acts = 0;
        while !w.step(1 + (rng.next_u64() % 4_000) as usize) {
            if acts < 3 && rng.next_u64().is_multiple_of(2) {
                act(&mut rng, &mut sh, &mut c, false);
                acts += 1;
                // What changed meanwhile is watched for the save after this one.
                if rng.next_u64().is_multiple_of(2) {
                    saver.watch(&c);
                }
            }
        }
        let w = w.finish();
        // (Counted when the cluster did move on: else this test would prove nothing.)
        moved_between += usize::from(restored_text(&c) != at_begin);
        match w.target {
            Target::Base => bases += 1,
            Target::Entry(_) => entries += 1,
        }
        storage.write(&w);
        saver.stored(&w);
        let r = storage.restore(bounds());
        assert!(r.cut.is_none());
        assert!(text(&r.cluster) == at_begin, "step {step}: the stored save is not the cluster as it began");
        // The next save (all at once) catches up with what moved meanwhile.
        save(&mut saver, &mut storage, &c, false);
        let r = storage.restore(bounds());
        assert!(text(&r.cluster) == restored_text(&c), "step {step}: the save after it is not the live cluster");
    }
    assert!(bases > 3 && entries > 10 && moved_between > 15, "bases {bases}, entries {entries}, moved meanwhile {moved_between}");
}

#[test]
fn a_saver_that_watches_between_saves_writes_entries_past_the_watch_logs_history() {
    let (mut sh, mut c) = solved();
    let mut storage = Storage::default();
    let mut watching = Saver::new();
    let mut not_watching = Saver::new();
    save(&mut watching, &mut storage, &c, false).unwrap();
    let mut other = Storage::default();
    save(&mut not_watching, &mut other, &c, false).unwrap();
    // Twice the log's history of changes between two saves (objects made, changed and deleted,
    // one left), read now and then as the page reads it after every slice of time.
    let history = sim_core::api::store::WATCH_HISTORY;
    for i in 0..history {
        let now = c.now_unix();
        let name = format!("cm-{}", i % 7);
        c.api.create(now, kind_info("ConfigMap"), "default", json!({"metadata": {"name": &name}}), false).unwrap();
        if i % 7 != 6 || i + 7 < history {
            c.api.delete(now, kind_info("ConfigMap"), "default", &name, &Default::default()).unwrap();
        }
        if i % 500 == 0 {
            watching.watch(&c);
        }
    }
    sh.run(&mut c, &job("after-the-burst", 3, 1));
    assert!(c.api.watch_from(1).is_err(), "the log dropped changes since the save");
    assert!(not_watching.needs_base(&c), "the log alone no longer reaches back to the save");
    let w = save(&mut watching, &mut storage, &c, false).unwrap();
    assert_eq!(w.target, Target::Entry(0), "what was watched reaches back");
    assert!(w.json.len() < 20_000, "only what is there now, once ({} bytes)", w.json.len());
    let r = storage.restore(Saver::new());
    assert!(r.cut.is_none());
    assert!(text(&r.cluster) == restored_text(&c), "the entry restores the live cluster");
}

#[test]
fn a_journal_mixed_by_two_tabs_is_cut_where_it_stops_following_on() {
    let (mut sh, mut c) = solved();
    let mut storage = Storage::default();
    let mut saver = Saver::new();
    save(&mut saver, &mut storage, &c, true);
    sh.run(&mut c, &job("a1", 10, 1));
    save(&mut saver, &mut storage, &c, true);
    // A second tab opens the same state and goes its own way.
    let r = storage.restore(Saver::new());
    let (mut other, mut other_saver) = (r.cluster, r.saver);
    sh.run(&mut c, &job("a2", 10, 1));
    let w_a = save(&mut saver, &mut storage, &c, true).unwrap();
    let after_a = restored_text(&c);
    sh.run(&mut other, &job("b2", 10, 1));
    // The other tab writes its entry over the first tab's (same index).
    let w_b = save(&mut other_saver, &mut storage, &other, true).unwrap();
    assert_eq!(w_a.target, w_b.target);
    // The first tab, not yet told, writes its next entry: it follows on from its own, not b's.
    sh.run(&mut c, &job("a3", 10, 1));
    save(&mut saver, &mut storage, &c, true);
    let r = storage.restore(Saver::new());
    assert!(r.cut.as_deref().unwrap_or("").contains("entry 2"), "{:?}", r.cut);
    assert_eq!(r.applied, 2);
    assert!(text(&r.cluster) == restored_text(&other));
    assert!(text(&r.cluster) != after_a);
    // After a cut, the next save writes a base (the lingering entry must never follow it).
    assert!(r.saver.needs_base(&r.cluster));
    // An unreadable entry ends the replay too; an unreadable base is an error.
    let broken = persist::restore(storage.base.as_deref().unwrap(), &[storage.entries[0].clone(), "{".into()]).unwrap();
    assert_eq!(broken.applied, 1);
    assert!(broken.cut.unwrap().contains("unreadable"));
    assert!(persist::restore("{", &[]).is_err());
}

#[test]
fn a_save_after_one_command_writes_only_what_it_changed() {
    let (mut sh, mut c) = solved();
    let mut storage = Storage::default();
    let mut saver = Saver::new();
    let base = save(&mut saver, &mut storage, &c, true).unwrap();
    assert!(saver.next(&c, true).is_none(), "nothing changed, nothing written");
    sh.run(&mut c, &job("one-more", 10, 1));
    let entry = save(&mut saver, &mut storage, &c, true).unwrap();
    assert_eq!(entry.target, Target::Entry(0));
    assert!(entry.json.len() * 4 < base.json.len(), "entry {} bytes vs base {}", entry.json.len(), base.json.len());
}

/// Figures for the notes (`cargo test --release -p sim-core --test persist -- --ignored
/// --nocapture`): the time to write the whole cluster, and the bytes a save writes after one
/// `kubectl apply`, whole versus as an entry, on the lab's cluster and the scale lab's. The texts
/// go to `$PERSIST_DUMP` when set (to measure their deflated size).
#[test]
#[ignore]
fn measure() {
    use std::time::Instant;
    let dump = |name: &str, t: &str| {
        if let Ok(dir) = std::env::var("PERSIST_DUMP") {
            std::fs::write(format!("{dir}/{name}"), t).unwrap();
        }
    };
    let timed = |c: &Cluster| {
        let t = Instant::now();
        let mut len = 0;
        for _ in 0..10 {
            len = text(c).len();
        }
        (len, t.elapsed().as_secs_f64() * 100.0)
    };
    // The lab's cluster after 1,000 Jobs.
    let (_, mut c) = solved();
    for i in 0..1000 {
        let now = c.now_unix();
        let j = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": format!("bulk-{i}"), "namespace": "team-a", "labels": {"kueue.x-k8s.io/queue-name": "lq"}},
            "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "trainer", "image": "busybox:1.36", "command": ["sleep", "30"],
            "resources": {"requests": {"cpu": "100m"}, "limits": {"nvidia.com/gpu": "1"}}}]}}}});
        c.api.create(now, kind_info("Job"), "team-a", j, false).unwrap();
        c.settle();
    }
    c.advance(5000);
    let (len, ms) = timed(&c);
    // What the earlier form cost on top: the API server cloned, then every object deep-copied.
    let t = Instant::now();
    let mut copies = 0;
    for _ in 0..10 {
        let api = c.api.clone();
        let objects: Vec<sim_core::json::Value> = api.store().values().map(|o| sim_core::json::Value::clone(o)).collect();
        copies = objects.len();
    }
    let clone_ms = t.elapsed().as_secs_f64() * 100.0;
    println!(
        "lab + 1,000 Jobs: {} objects, whole cluster {len} bytes, serialized by reference in {ms:.1} ms; the earlier clones ({copies} objects deep-copied per save) cost {clone_ms:.1} ms more (means of 10)",
        c.api.store().len()
    );
    for (name, (mut sh, mut c)) in [
        ("lab", solved()),
        ("scale", {
            let lab = Lab::bundled("scale").unwrap().unwrap();
            let (sh, mut c) = lab_session(&lab, 2026);
            c.advance(10 * 60_000);
            (sh, c)
        }),
    ] {
        let mut storage = Storage::default();
        let mut saver = Saver::new();
        let t = Instant::now();
        let base = save(&mut saver, &mut storage, &c, true).unwrap();
        let base_ms = t.elapsed().as_secs_f64() * 1000.0;
        dump(&format!("{name}-base.json"), &base.json);
        // Both labs have the LocalQueue `lq` in `team-a`.
        let out = sh.run(&mut c, &job("one-more", 60, 1)).output.text();
        assert!(out.contains("created"), "{out}");
        let t = Instant::now();
        let entry = save(&mut saver, &mut storage, &c, true).unwrap();
        let entry_ms = t.elapsed().as_secs_f64() * 1000.0;
        dump(&format!("{name}-apply-entry.json"), &entry.json);
        let t = Instant::now();
        let whole = text(&c);
        let whole_ms = t.elapsed().as_secs_f64() * 1000.0;
        dump(&format!("{name}-apply-whole.json"), &whole);
        c.advance(1000);
        let tick = save(&mut saver, &mut storage, &c, true).map_or(0, |w| w.json.len());
        println!(
            "{name}: {} objects; base {} bytes ({base_ms:.1} ms); after one apply: whole {} bytes ({whole_ms:.1} ms) vs entry {} bytes ({entry_ms:.1} ms, state {} bytes); after 1 s more: entry {tick} bytes",
            c.api.store().len(),
            base.json.len(),
            whole.len(),
            entry.json.len(),
            persist::state_json(&c).len(),
        );
        let t = Instant::now();
        let r = storage.restore(Saver::new());
        println!("{name}: restore base + {} entries in {:.1} ms", r.applied, t.elapsed().as_secs_f64() * 1000.0);
    }
}
