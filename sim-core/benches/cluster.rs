//! Benchmarks (run with `cargo bench -p sim-core --bench cluster`; not part of the test suite):
//! 1. one `apply` + `settle` at lab scale (the learner's Job on the lab cluster), the lab engine
//!    judging every step, and the whole reference solution replayed;
//! 2. a large cluster — N nodes × 8 GPUs, 50 ClusterQueues, J Jobs submitted at once — from
//!    submission to quiescence, at growing sizes to show how it scales.
//!
//! `-- --growth` prints how cost grows with the number of Jobs (100 … 50,000, one node per 10 Jobs,
//! each size in a process of its own so that peak RSS is that size's).
//!
//! `-- --scale` runs the scale lab as the browser does and times what the page does between
//! slices of it (the longest timer instant and step, judging, saving).
//!
//! Prints wall time per case (and peak RSS where /proc is available).

use sim_core::api::server::kind_info;
use sim_core::bench::{job, lab_cluster};
use sim_core::cluster::{Cluster, ClusterShape, NodeShape};
use sim_core::json::{json, Value};
use std::time::Instant;

/// The allocator the native binary (`kueue-lab`) uses, so the figures are what it gets; counting
/// while `COUNTING` is on, so `BENCH_DEBUG=1` can say how much memory each kind's objects hold
/// (off, it costs one load and one well-predicted branch per call: with a flag of its own for
/// each of the two counts, that was ≈ 1% of the 1,000-Job case's instructions).
#[global_allocator]
static ALLOC: Counting = Counting(native_alloc::Allocator);

struct Counting(native_alloc::Allocator);

/// Which counts are on: `COUNTING` and `TRACING` bits, read in one load.
static MODE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);
const COUNTING: u8 = 1;
/// With `BENCH_DEBUG=1`, every allocation is also counted into the process's live bytes and
/// their peak, which the large case prints at each phase.
const TRACING: u8 = 2;

static LIVE_BYTES: std::sync::atomic::AtomicIsize = std::sync::atomic::AtomicIsize::new(0);
static TRACED_LIVE: std::sync::atomic::AtomicIsize = std::sync::atomic::AtomicIsize::new(0);
static TRACED_PEAK: std::sync::atomic::AtomicIsize = std::sync::atomic::AtomicIsize::new(0);

/// Turns the counts in `bits` on or off.
fn set_mode(bits: u8, on: bool) {
    use std::sync::atomic::Ordering::Relaxed;
    if on {
        MODE.fetch_or(bits, Relaxed);
    } else {
        MODE.fetch_and(!bits, Relaxed);
    }
}

fn count(delta: isize) {
    use std::sync::atomic::Ordering::Relaxed;
    let mode = MODE.load(Relaxed);
    if mode == 0 {
        return;
    }
    if mode & COUNTING != 0 {
        LIVE_BYTES.fetch_add(delta, Relaxed);
    }
    if mode & TRACING != 0 {
        let live = TRACED_LIVE.fetch_add(delta, Relaxed) + delta;
        TRACED_PEAK.fetch_max(live, Relaxed);
    }
}

/// Live bytes now and at their peak so far, in MiB (zero unless `BENCH_DEBUG=1`).
fn traced_mib() -> (isize, isize) {
    use std::sync::atomic::Ordering::Relaxed;
    (TRACED_LIVE.load(Relaxed) >> 20, TRACED_PEAK.load(Relaxed) >> 20)
}

// SAFETY: every call is passed to the native allocator unchanged; only a counter is kept beside it.
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: std::alloc::Layout) -> *mut u8 {
        count(l.size() as isize);
        unsafe { self.0.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: std::alloc::Layout) {
        count(-(l.size() as isize));
        unsafe { self.0.dealloc(p, l) }
    }
    unsafe fn alloc_zeroed(&self, l: std::alloc::Layout) -> *mut u8 {
        count(l.size() as isize);
        unsafe { self.0.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: std::alloc::Layout, new: usize) -> *mut u8 {
        count(new as isize - l.size() as isize);
        unsafe { self.0.realloc(p, l, new) }
    }
}

/// The bytes `f` leaves allocated (as it returns, before its result is dropped).
fn bytes_held_by<T>(f: impl FnOnce() -> T) -> usize {
    use std::sync::atomic::Ordering::Relaxed;
    LIVE_BYTES.store(0, Relaxed);
    set_mode(COUNTING, true);
    let held = f();
    set_mode(COUNTING, false);
    let bytes = LIVE_BYTES.load(Relaxed).max(0) as usize;
    drop(held);
    bytes
}

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()
}

fn bench_lab_apply() {
    let runs = 20;
    let epoch = Instant::now();
    let ms = sim_core::bench::lab_apply_ms(runs, || epoch.elapsed().as_secs_f64() * 1000.0);
    println!("lab scale: apply + settle of one Job: {ms:.2} ms (mean of {runs})");
    let mut c = lab_cluster();
    idle_settle(&mut c, "lab scale");
}

/// What the shell's command boundary costs when the command changed nothing: `settle` on a
/// settled cluster (every command ends with one).
fn idle_settle(c: &mut Cluster, label: &str) {
    c.settle();
    let n = 10_000;
    let t = Instant::now();
    for _ in 0..n {
        c.settle();
    }
    println!("{label}: settle after a command that changed nothing: {:.0} ns (mean of {n})", t.elapsed().as_secs_f64() * 1e9 / n as f64);
}

fn bench_large(nodes: usize, queues: usize, jobs: usize) {
    let debug = std::env::var("BENCH_DEBUG").is_ok();
    set_mode(TRACING, debug);
    let phase = |name: &str| {
        if debug {
            let (live, peak) = traced_mib();
            eprintln!("debug: after {name}: {live} MiB live, peak {peak} MiB, RSS peak {} MiB", peak_rss_kib().unwrap_or(0) / 1024);
        }
    };
    let shape = ClusterShape {
        nodes: (0..nodes)
            .map(|i| NodeShape {
                name: format!("gpu-node-{i:04}"),
                ip: format!("10.1.{}.{}", i / 250, i % 250 + 1),
                cpu: 64,
                memory_ki: 512 * 1024 * 1024,
                gpus: 8,
            })
            .collect(),
        booted_secs_ago: 300,
    };
    let t0 = Instant::now();
    let mut c = Cluster::with_shape(1, shape);
    let now = c.now_unix();
    c.api
        .create(
            now,
            kind_info("ResourceFlavor"),
            "",
            json!({"metadata": {"name": "gpu"}, "spec": {"nodeLabels": {"nvidia.com/gpu.present": "true"}}}),
            false,
        )
        .unwrap();
    let gpus_per_queue = (nodes * 8 / queues).max(1);
    for q in 0..queues {
        let ns = format!("team-{q}");
        c.api.create(now, kind_info("Namespace"), "", json!({"metadata": {"name": ns.clone()}}), false).unwrap();
        let cq = json!({"metadata": {"name": ns.clone()}, "spec": {"namespaceSelector": {}, "resourceGroups": [{"coveredResources": ["cpu", "memory", "nvidia.com/gpu"], "flavors": [{"name": "gpu", "resources": [{"name": "cpu", "nominalQuota": 10_000}, {"name": "memory", "nominalQuota": "100Ti"}, {"name": "nvidia.com/gpu", "nominalQuota": gpus_per_queue}]}]}]}});
        c.api.create(now, kind_info("ClusterQueue"), "", cq, false).unwrap();
        c.api
            .create(now, kind_info("LocalQueue"), &ns.clone(), json!({"metadata": {"name": "lq"}, "spec": {"clusterQueue": ns}}), false)
            .unwrap();
    }
    c.advance(2000);
    phase("setup");
    let setup = t0.elapsed();
    let t1 = Instant::now();
    let rv0 = c.api.resource_version();
    for j in 0..jobs {
        let ns = format!("team-{}", j % queues);
        let now = c.now_unix();
        c.api.create(now, kind_info("Job"), &ns, job(&format!("job-{j}"), &ns, "lq", 1), false).unwrap();
    }
    phase("submission");
    c.settle();
    phase("the first settle");
    // Let the pods start, then run to quiescence.
    c.advance(10_000);
    phase("quiescence");
    let elapsed = t1.elapsed();
    // Counted from the store without copies: a listed copy of every Workload would add its
    // size to the peak RSS the line reports.
    let admitted = c
        .api
        .iter_kind(kind_info("Workload"), None)
        .filter(|w| {
            w["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Admitted" && c["status"] == "True"))
        })
        .count();
    if debug {
        set_mode(TRACING, false);
        let mut reasons: std::collections::BTreeMap<String, usize> = Default::default();
        for w in c.api.list_objects(kind_info("Workload"), None, &Default::default(), &Default::default()).unwrap() {
            let r = w["status"]["conditions"]
                .as_array()
                .and_then(|cs| cs.iter().find(|c| c["type"] == "QuotaReserved"))
                .map(|c| format!("{}/{}", c["status"], c["reason"]))
                .unwrap_or("none".into());
            *reasons.entry(r).or_default() += 1;
        }
        let pods = c.api.list_objects(kind_info("Pod"), None, &Default::default(), &Default::default()).unwrap().len();
        for kind in ["Job", "Pod", "Workload", "Event", "Node"] {
            let objs = c.api.list_objects(kind_info(kind), None, &Default::default(), &Default::default()).unwrap();
            let bytes: usize = objs.iter().map(|o| serde_json::to_string(o).map_or(0, |s| s.len())).sum();
            // A copy shares the stored trees (their maps are shared until written): a copy read
            // back from text allocates what they hold, their size in memory.
            let in_memory =
                bytes_held_by(|| objs.iter().map(|o| serde_json::from_str::<Value>(&o.to_string()).unwrap()).collect::<Vec<_>>());
            eprintln!("debug: {kind}: {} objects, {} MiB as JSON, {} MiB in memory", objs.len(), bytes >> 20, in_memory >> 20);
        }
        let mut by_reason: std::collections::BTreeMap<String, usize> = Default::default();
        for e in c.api.iter_kind(kind_info("Event"), None) {
            *by_reason
                .entry(format!("{}/{}", e["involvedObject"]["kind"].as_str().unwrap_or(""), e["reason"].as_str().unwrap_or("")))
                .or_default() += 1;
        }
        eprintln!("debug: Events by object kind and reason: {by_reason:?}");
        // Copies share the stored objects (`Arc`s): what a copy allocates is the structures'
        // own memory, beside the objects counted above.
        eprintln!(
            "debug: the cluster's own structures: {} MiB in all; API server {}, event aggregation index {}, kube-scheduler {}, Kueue {}",
            bytes_held_by(|| c.clone()) >> 20,
            bytes_held_by(|| c.api.clone()) >> 20,
            bytes_held_by(|| c.event_index.clone()) >> 20,
            bytes_held_by(|| c.scheduler.clone()) >> 20,
            bytes_held_by(|| c.kueue.clone()) >> 20
        );
        eprintln!("debug: workloads by QuotaReserved: {reasons:?}; pods {pods}; next wake-up {:?} (now {})", c.next_wakeup(), c.now_ms());
    }
    println!(
        "large: {nodes} nodes x 8 GPUs, {queues} ClusterQueues, {jobs} Jobs: setup {:.2}s, submission to quiescence {:.2}s, {admitted} admitted, {} writes, peak RSS {} MiB",
        setup.as_secs_f64(),
        elapsed.as_secs_f64(),
        c.api.resource_version() - rv0,
        peak_rss_kib().map(|k| (k / 1024).to_string()).unwrap_or_else(|| "?".into())
    );
    idle_settle(&mut c, &format!("large ({jobs} Jobs)"));
}

/// The lab engine after every change: judging all eight steps at the end of the solution.
fn bench_lab_judge() {
    use sim_core::lab::progress::judge;
    use sim_core::lab::view::SimView;
    let lab = sim_core::lab::Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
    let (mut sh, mut c) = sim_core::session::lab_session(&lab, 2026);
    sim_core::transcript::run(&mut sh, &mut c, &lab.solution, 1000);
    let runs = 200;
    let t = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(judge(&lab, &SimView { api: &c.api, fs: &sh.state.fs }));
    }
    println!(
        "lab engine: judging every step at the end of the lab: {:.3} ms (mean of {runs})",
        t.elapsed().as_secs_f64() / runs as f64 * 1000.0
    );
    let manifest = sh.state.fs.read("/root/gsb-kueue/cq.yaml").unwrap().to_string();
    let t = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(sim_core::kubectl::write::check_manifest_file(&c.api, c.now_unix(), "cq.yaml", &manifest));
    }
    println!(
        "editor diagnostics (server-side dry run of cq.yaml) at the end of the lab: {:.3} ms",
        t.elapsed().as_secs_f64() / runs as f64 * 1000.0
    );
    let t = Instant::now();
    let (mut sh, mut c) = sim_core::session::lab_session(&lab, 2026);
    let entries = sim_core::transcript::run(&mut sh, &mut c, &lab.solution, 1000);
    println!("whole lab replayed (reference solution, {} inputs): {:.1} ms", entries.len(), t.elapsed().as_secs_f64() * 1000.0);
}

/// A save as the page writes a big cluster's (`Saver::begin`, then `Writing::step` a piece at a
/// time between other tasks): the time to take it, and the longest piece.
fn pieces(what: &str, begin: impl FnOnce() -> sim_core::cluster::persist::Writing) {
    let t = Instant::now();
    let mut w = begin();
    let taken = t.elapsed().as_secs_f64() * 1000.0;
    let (mut n, mut longest) = (0, 0.0f64);
    loop {
        let t = Instant::now();
        let whole = w.step(32 * 1024);
        longest = longest.max(t.elapsed().as_secs_f64() * 1000.0);
        n += 1;
        if whole {
            break;
        }
    }
    println!("scale lab: {what} in pieces: taken in {taken:.1} ms, then {n} pieces of 32 KiB, the longest {longest:.2} ms");
}

/// The scale lab as the browser runs it: 80 s of virtual time, then what the page does between
/// slices of it — the longest timer instant, and the longest step inside one (a slice stops
/// only between two steps: a key a controller reconciled, Kueue's pass, a timer's work), judging
/// every step, and saving (the base, then a journal entry of what 50 s of virtual time changed,
/// which is what a big cluster writes every 5 s of wall time at 10×).
fn bench_scale_lab() {
    use sim_core::cluster::persist::Saver;
    let lab = sim_core::lab::Lab::bundled("scale").unwrap().unwrap();
    let mut s = sim_core::session::Session::new(lab, 2026);
    // Out of time after every step (a key reconciled, a timer's work): each call is one step,
    // and the steps up to a call that leaves the cluster settled are one timer instant.
    let mut steps = Vec::new();
    let mut instants = Vec::new();
    let mut instant = 0.0;
    s.owe(80_000);
    let t = Instant::now();
    while s.behind() {
        let one = Instant::now();
        s.catch_up(&mut || true);
        let ms = one.elapsed().as_secs_f64() * 1000.0;
        steps.push(ms);
        instant += ms;
        if !s.cluster.settling() {
            instants.push(std::mem::take(&mut instant));
        }
    }
    let total = t.elapsed().as_secs_f64() * 1000.0;
    instants.sort_by(f64::total_cmp);
    steps.sort_by(f64::total_cmp);
    println!(
        "scale lab: 80 s of virtual time: {total:.0} ms, {} objects; timer instants: {}, median {:.2} ms, longest {:.2} ms; \
         steps a slice may stop between: {}, median {:.3} ms, longest {:.2} ms",
        s.cluster.api.store().len(),
        instants.len(),
        instants[instants.len() / 2],
        instants[instants.len() - 1],
        steps.len(),
        steps[steps.len() / 2],
        steps[steps.len() - 1]
    );
    let runs = 20;
    let t = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(sim_core::lab::progress::judge(
            &s.lab,
            &sim_core::lab::view::SimView { api: &s.cluster.api, fs: &s.shell.state.fs },
        ));
    }
    println!("scale lab: judging every step: {:.2} ms (mean of {runs})", t.elapsed().as_secs_f64() * 1000.0 / runs as f64);
    let t = Instant::now();
    let base = Saver::new().next(&s.cluster, true).unwrap();
    println!("scale lab: saving the base: {:.1} ms, {} bytes of JSON", t.elapsed().as_secs_f64() * 1000.0, base.json.len());
    pieces("the base", || Saver::new().begin(&s.cluster, true).unwrap());
    let mut saver = Saver::new();
    saver.stored(&base);
    s.owe(50_000);
    while s.owed_ms() > 0 {
        s.catch_up(&mut || false);
    }
    pieces("a journal entry of 50 s", || saver.begin(&s.cluster, false).unwrap());
    let t = Instant::now();
    let entry = saver.next(&s.cluster, false).unwrap();
    println!(
        "scale lab: saving a journal entry of 50 s: {:.1} ms, {} bytes of JSON{}",
        t.elapsed().as_secs_f64() * 1000.0,
        entry.json.len(),
        if entry.target == sim_core::cluster::persist::Target::Base { " (a base: the watch log no longer reached back)" } else { "" }
    );
    // How the cluster grows over a long session (10 virtual minutes pass in 1 wall minute at 10×).
    for minutes in [10, 30, 70] {
        let t = Instant::now();
        let to = minutes * 60_000;
        s.owe(to - s.cluster.now_ms().min(to));
        while s.owed_ms() > 0 {
            s.catch_up(&mut || false);
        }
        let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
        for o in s.cluster.api.store().values() {
            *kinds.entry(o["kind"].as_str().unwrap_or("?")).or_default() += 1;
        }
        println!(
            "scale lab at {minutes} virtual minutes ({:.1} s): state beside the objects {} bytes of JSON; {kinds:?}",
            t.elapsed().as_secs_f64(),
            sim_core::cluster::persist::state_json(&s.cluster).len()
        );
        // What a learner waits for: commands on one team's objects among thousands of them.
        let api = &s.cluster.api;
        let job = api.iter_kind(sim_core::api::server::kind_info("Job"), Some("team-a")).last().map(|j| j["metadata"]["name"].clone());
        let name = job.as_ref().and_then(Value::as_str).unwrap_or("none").to_string();
        let events = api.iter_kind(sim_core::api::server::kind_info("Event"), Some("team-a")).count();
        for command in [
            format!("kubectl describe job {name} -n team-a"),
            format!("kubectl get job {name} -n team-a"),
            "kubectl get workloads -n team-a | wc -l".to_string(),
            "kubectl get clusterqueues".to_string(),
            "kubectl describe clusterqueue team-a".to_string(),
            "kubectl get pods -A | wc -l".to_string(),
            "kubectl get events -n team-a | tail -3".to_string(),
        ] {
            let t = Instant::now();
            let out = s.run(&command).output.text();
            println!(
                "scale lab at {minutes} virtual minutes ({events} Events in team-a): {command}: {:.2} ms, {} lines",
                t.elapsed().as_secs_f64() * 1000.0,
                out.lines().count()
            );
        }
    }
}

fn main() {
    native_alloc::disable_transparent_huge_pages();
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--baseline") {
        bench_kueue_baseline();
        return;
    }
    if args.iter().any(|a| a == "--growth") {
        bench_growth();
        return;
    }
    if args.iter().any(|a| a == "--scale") {
        bench_scale_lab();
        return;
    }
    if args.iter().any(|a| a == "--micro") {
        micro();
        return;
    }
    // `--only NODES,QUEUES,JOBS`: one large case alone (for profiling).
    if let Some(spec) = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)) {
        let v: Vec<usize> = spec.split(',').filter_map(|x| x.parse().ok()).collect();
        if let [n, q, j] = v[..] {
            bench_large(n, q, j);
            return;
        }
    }
    bench_lab_apply();
    bench_lab_judge();
    let scales: Vec<(usize, usize, usize)> = if args.iter().any(|a| a == "--full") {
        vec![(10, 5, 100), (100, 50, 1_000), (1_000, 50, 10_000)]
    } else {
        vec![(10, 5, 100), (100, 50, 1_000)]
    };
    for (n, q, j) in scales {
        bench_large(n, q, j);
    }
    if args.iter().any(|a| a == "--full") {
        bench_kueue_baseline();
    }
}

/// The shape of Kueue's own scheduler performance test (`test/performance/scheduler/configs/
/// baseline/generator.yaml`): 5 cohorts × 6 ClusterQueues (20 cpu nominal, borrowing limit 100,
/// reclaimWithinCohort Any, withinClusterQueue LowerPriority), each receiving 350 small (1 cpu,
/// 200 ms, priority 50, every 100 ms), 100 medium (5 cpu, 500 ms, priority 100, every 500 ms) and
/// 50 large (20 cpu, 1 s, priority 200, every 1.2 s) Workloads — 15,000 in all. As upstream's
/// runner does, Workloads are created directly and "run" for their runtime once admitted; here in
/// virtual time, stepped by 100 ms until every one has finished.
fn bench_kueue_baseline() {
    let mut c = Cluster::new(1);
    let now = c.now_unix();
    c.api.create(now, kind_info("ResourceFlavor"), "", json!({"metadata": {"name": "default"}}), false).unwrap();
    let classes: [(&str, u64, u64, i64, u32, usize); 3] =
        [("small", 100, 200, 50, 1, 350), ("medium", 500, 500, 100, 5, 100), ("large", 1200, 1000, 200, 20, 50)];
    let mut queues = Vec::new();
    for co in 0..5 {
        for q in 0..6 {
            let name = format!("cq-{co}-{q}");
            let cq = json!({"metadata": {"name": name.clone()}, "spec": {"cohortName": format!("cohort-{co}"), "namespaceSelector": {},
                "preemption": {"reclaimWithinCohort": "Any", "withinClusterQueue": "LowerPriority"},
                "resourceGroups": [{"coveredResources": ["cpu"], "flavors": [{"name": "default", "resources": [{"name": "cpu", "nominalQuota": 20, "borrowingLimit": 100}]}]}]}});
            c.api.create(now, kind_info("ClusterQueue"), "", cq, false).unwrap();
            c.api.create(now, kind_info("Namespace"), "", json!({"metadata": {"name": name.clone()}}), false).unwrap();
            c.api
                .create(
                    now,
                    kind_info("LocalQueue"),
                    &name.clone(),
                    json!({"metadata": {"name": "lq"}, "spec": {"clusterQueue": name.clone()}}),
                    false,
                )
                .unwrap();
            queues.push(name);
        }
    }
    c.advance(2_000);
    let start_ms = c.now_ms();
    // (due ms, namespace, class index, sequence)
    let mut due: Vec<(u64, usize, usize, usize)> = Vec::new();
    for (qi, _) in queues.iter().enumerate() {
        for (ci, class) in classes.iter().enumerate() {
            for n in 0..class.5 {
                due.push((start_ms + class.1 * n as u64, qi, ci, n));
            }
        }
    }
    due.sort();
    let total = due.len();
    let t = Instant::now();
    let mut next = 0;
    let mut running: std::collections::BTreeMap<String, (String, u64)> = Default::default();
    let mut finished = 0usize;
    let mut admitted_ever = 0usize;
    let mut wait_ms: [u64; 3] = [0; 3];
    let mut created_at: std::collections::BTreeMap<String, (u64, usize)> = Default::default();
    let mut seen_admitted: std::collections::BTreeSet<String> = Default::default();
    let mut cursor = c.api.resource_version();
    while finished < total {
        let now_ms = c.now_ms();
        while next < due.len() && due[next].0 <= now_ms {
            let (_, qi, ci, n) = due[next];
            let (cls, _, _, prio, cpu, _) = classes[ci];
            let name = format!("{cls}-{n}");
            let wl = json!({"metadata": {"name": name.clone()}, "spec": {"queueName": "lq", "priority": prio, "podSets": [{"name": "main", "count": 1,
                "template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "busybox:1.36", "resources": {"requests": {"cpu": cpu.to_string()}}}]}}}]}});
            let now = c.now_unix();
            c.api.create(now, kind_info("Workload"), &queues[qi], wl, false).unwrap();
            created_at.insert(format!("{}/{name}", queues[qi]), (now_ms, ci));
            next += 1;
        }
        c.advance(100);
        let now_ms = c.now_ms();
        // Admitted ones start "running" (read from the watch log); those whose runtime is over finish.
        let mut newly: Vec<(String, String)> = Vec::new();
        // The watch log, or every Workload when it no longer reaches back (a relist).
        let changed: Vec<std::sync::Arc<Value>> = match c.api.watch_from(cursor) {
            Ok(events) => events.iter().filter(|e| e.key.kind == "Workload").map(|e| std::sync::Arc::clone(&e.object)).collect(),
            Err(_) => c.api.iter_kind(kind_info("Workload"), None).cloned().collect(),
        };
        for w in &changed {
            let key = format!("{}/{}", w["metadata"]["namespace"].as_str().unwrap(), w["metadata"]["name"].as_str().unwrap());
            if seen_admitted.contains(&key) || newly.iter().any(|(k, _)| *k == key) {
                continue;
            }
            if w["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Admitted" && c["status"] == "True")) {
                newly.push((key, w["metadata"]["namespace"].as_str().unwrap().to_string()));
            }
        }
        cursor = c.api.resource_version();
        for (key, ns) in newly {
            let (created, ci) = created_at[&key];
            wait_ms[ci] += now_ms.saturating_sub(created);
            admitted_ever += 1;
            seen_admitted.insert(key.clone());
            running.insert(key, (ns, now_ms + classes[ci].2));
        }
        let done: Vec<String> = running.iter().filter(|(_, (_, end))| *end <= now_ms).map(|(k, _)| k.clone()).collect();
        for key in done {
            let (ns, _) = running.remove(&key).unwrap();
            let name = key.split('/').nth(1).unwrap();
            let Ok(mut w) = c.api.get(kind_info("Workload"), &ns, name) else { continue };
            if w["status"]["conditions"]
                .as_array()
                .is_some_and(|cs| cs.iter().any(|c| c["type"] == "QuotaReserved" && c["status"] == "True"))
            {
                w["status"]["conditions"].as_array_mut().unwrap().push(json!({"type": "Finished", "status": "True", "reason": "Succeeded", "message": "Job finished successfully", "lastTransitionTime": sim_core::api::object::rfc3339(c.now_unix()), "observedGeneration": 1}));
                let now = c.now_unix();
                c.api.update(now, kind_info("Workload"), &ns, w, true, false).unwrap();
                finished += 1;
            } else {
                // Preempted while running: it waits again and will be admitted again.
                seen_admitted.remove(&key);
                created_at.insert(key.clone(), (now_ms, created_at[&key].1));
            }
        }
        if c.now_ms() - start_ms > 3_600_000 {
            break;
        }
    }
    let elapsed = t.elapsed();
    println!(
        "kueue baseline: {total} workloads, 30 ClusterQueues in 5 cohorts: {admitted_ever} admitted (with readmissions), {finished} finished, virtual {:.0}s, in {:.2}s; mean wait small {:.1}s, medium {:.1}s, large {:.1}s; peak RSS {} MiB",
        (c.now_ms() - start_ms) as f64 / 1000.0,
        elapsed.as_secs_f64(),
        wait_ms[0] as f64 / 10_500.0 / 1000.0,
        wait_ms[1] as f64 / 3_000.0 / 1000.0,
        wait_ms[2] as f64 / 1_500.0 / 1000.0,
        peak_rss_kib().map(|k| (k / 1024).to_string()).unwrap_or_else(|| "?".into())
    );
}

/// Costs of the engine's basic operations on a running lab pod (for profiling).
#[allow(dead_code)]
pub fn micro() {
    let mut c = lab_cluster();
    sim_core::kubectl::apply::apply(&mut c, kind_info("Job"), "team-a", &job("m", "team-a", "lq", 1), false).unwrap();
    c.advance(10_000);
    let pod = c.api.list_objects(kind_info("Pod"), Some("team-a"), &Default::default(), &Default::default()).unwrap().remove(0);
    let n = 20_000;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(pod.clone());
    }
    println!("micro: clone+drop of a running pod: {:.2} us", t.elapsed().as_secs_f64() / n as f64 * 1e6);
    let t = Instant::now();
    let name = pod["metadata"]["name"].as_str().unwrap().to_string();
    for i in 0..n {
        let mut p = (**c.api.get_arc(kind_info("Pod"), "team-a", &name).unwrap()).clone();
        p["status"]["message"] = json!(format!("m{i}"));
        let now = c.now_unix();
        c.api.update_internal(now, kind_info("Pod"), "team-a", p, true).unwrap();
    }
    println!("micro: status write of a pod (controller path): {:.2} us", t.elapsed().as_secs_f64() / n as f64 * 1e6);
    let t = Instant::now();
    for i in 0..n {
        let e = json!({"apiVersion": "v1", "kind": "Event", "metadata": {"name": format!("x.{i}"), "namespace": "team-a"}, "involvedObject": {"kind": "Pod", "name": "x"}, "reason": "R", "message": "m", "type": "Normal", "count": 1});
        let now = c.now_unix();
        c.api.create_internal(now, kind_info("Event"), "team-a", e).unwrap();
    }
    println!("micro: event create (controller path): {:.2} us", t.elapsed().as_secs_f64() / n as f64 * 1e6);
}

/// How cost grows with the number of Jobs: each size run by a child process (`--only`), so that
/// its peak RSS is its own; prints one table row per size.
fn bench_growth() {
    let Ok(me) = std::env::current_exe() else { return };
    println!("growth: Jobs | nodes | submission to quiescence | s per 1,000 Jobs | peak RSS");
    for jobs in [100usize, 1_000, 10_000, 50_000] {
        let nodes = (jobs / 10).max(10);
        let out = std::process::Command::new(&me).args(["--only", &format!("{nodes},50,{jobs}")]).output();
        let Ok(out) = out else { continue };
        let line = String::from_utf8_lossy(&out.stdout).lines().find(|l| l.starts_with("large:")).unwrap_or_default().to_string();
        let field = |after: &str, until: &str| -> String {
            line.split(after).nth(1).and_then(|r| r.split(until).next()).unwrap_or("?").trim().to_string()
        };
        let secs = field("quiescence ", "s,");
        let per_k = secs.parse::<f64>().map(|s| format!("{:.3}", s / jobs as f64 * 1000.0)).unwrap_or_else(|_| "?".into());
        println!("growth: {jobs:>6} | {nodes:>5} | {secs:>7} s | {per_k:>7} s | {} MiB", field("peak RSS ", " MiB"));
    }
}
