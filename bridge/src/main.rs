//! `kueue-lab`: the native shell around sim-core.
//!
//! `kueue-lab sim [FILE]` replays shell lines (from FILE or stdin) on a lab's simulated cluster
//! (with `kubectl`) and prints the transcript the browser terminal would show; `--checks` then
//! judges the lab's steps. `kueue-lab api` serves the simulated cluster to a real kubectl;
//! `verify` and `serve` check a learner's work on a real cluster.

mod api;
mod args;
mod protobuf;
mod serve;
mod verify;

use args::{Arg, Args};
use sim_core::lab::progress::report_lines;
use sim_core::lab::{Lab, Lang, DEFAULT_LAB};
use sim_core::replay::replay;
use sim_core::transcript;
use std::collections::BTreeMap;
use std::io::Read;
use std::process::ExitCode;

/// mimalloc (`native-alloc`): the simulator's objects are many small allocations.
#[global_allocator]
static ALLOC: native_alloc::Allocator = native_alloc::Allocator;

/// The simulator's seed: the same script always gives the same transcript.
const SEED: u64 = 2026;

/// Virtual time that passes between two typed commands, so AGE columns move realistically.
const STEP_BETWEEN_COMMANDS_MS: u64 = 1000;

const USAGE: &str = "Usage: kueue-lab <command>

Commands:
  sim [--lab ID|DIR] [--checks] [--lang ko|en] [FILE]
                replay shell lines (FILE or stdin) on the lab's simulated cluster and print the
                transcript; with --checks, then one line per step (exit 0 iff every step passes)
  api --listen 127.0.0.1:PORT --kubeconfig-out FILE [--lab ID] [--speed X] [--start lab|now]
                serve the lab's simulated cluster as a Kubernetes API (loopback only unless
                --allow-remote) and write a kubeconfig for it; virtual time runs at X× wall time
                from the lab's epoch, or from now (so kubectl's client-side ages agree)
  verify --lab ID --dir DIR [--kubeconfig FILE] [--lang ko|en]
                judge the lab's steps on a real cluster (kube-rs; KUBECONFIG or --kubeconfig) and
                the learner's files in DIR; prints the same lines as sim --checks, exit 0 iff all pass
  serve --listen ADDR --allow-origin ORIGIN --token-file FILE [--lab ID] [--kubeconfig FILE]
        [--settle-seconds N] [--pace X] [--max-gap-seconds N]
                the HTTP endpoint behind the browser's 'Verify on a real cluster' button; a replay
                keeps the learner's pauses between writes (× X, each at most N s; default 1 and 10)
  help          this text";

fn main() -> ExitCode {
    native_alloc::disable_transparent_huge_pages();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("sim") => sim(&args[1..]),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("api") => api_cmd(&args[1..]),
        Some("verify") => verify_cmd(&args[1..]),
        Some("serve") => serve_cmd(&args[1..]),
        Some(other) => {
            eprintln!("kueue-lab: unknown command '{other}' (알 수 없는 명령)\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn sim(args: &[String]) -> ExitCode {
    let mut file = None;
    let mut lab_arg: Option<String> = None;
    let mut checks = false;
    let mut lang = Lang::Ko;
    let mut a = Args::new("sim", args);
    while let Some(arg) = a.next_arg() {
        let r = match arg {
            Arg::Flag(f) => match f.as_str() {
                "--checks" => {
                    checks = true;
                    Ok(())
                }
                "--lab" => a.value(&f).map(|v| lab_arg = Some(v)),
                "--lang" => a.lang(&f).map(|l| lang = l),
                other => Err(a.unknown(other)),
            },
            Arg::Operand(o) if file.is_none() => {
                file = Some(o);
                Ok(())
            }
            Arg::Operand(o) => Err(a.unexpected(&o)),
        };
        if let Err(e) = r {
            return usage_error(&e);
        }
    }
    let lab = match load_lab(lab_arg.as_deref().unwrap_or(DEFAULT_LAB)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("kueue-lab sim: {e}");
            return ExitCode::from(2);
        }
    };
    let script = match &file {
        Some(path) if path != "-" => match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("kueue-lab sim: {path}: {e}");
                return ExitCode::from(1);
            }
        },
        _ => {
            let mut s = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut s) {
                eprintln!("kueue-lab sim: reading stdin: {e}");
                return ExitCode::from(1);
            }
            s
        }
    };
    let run = replay(&lab, &script, SEED, STEP_BETWEEN_COMMANDS_MS);
    print!("{}", transcript::render(&run.entries, false));
    if !checks {
        return ExitCode::SUCCESS;
    }
    for line in report_lines(&run.evaluation.steps, lang) {
        println!("{line}");
    }
    if run.evaluation.all_pass() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `kueue-lab verify --lab ID --dir DIR [--kubeconfig FILE] [--lang ko|en]`.
fn verify_cmd(args: &[String]) -> ExitCode {
    let mut lab_arg = DEFAULT_LAB.to_string();
    let mut dir = None;
    let mut kubeconfig = std::env::var_os("KUBECONFIG").map(std::path::PathBuf::from).filter(|p| p.is_file());
    let mut lang = Lang::Ko;
    let mut a = Args::new("verify", args);
    while let Some(arg) = a.next_arg() {
        let (Arg::Flag(flag) | Arg::Operand(flag)) = arg;
        let r = match flag.as_str() {
            "--lab" => a.value("--lab").map(|v| lab_arg = v),
            "--dir" => a.value("--dir").map(|v| dir = Some(std::path::PathBuf::from(v))),
            "--kubeconfig" => a.value("--kubeconfig").map(|v| kubeconfig = Some(std::path::PathBuf::from(v))),
            "--lang" => a.lang("--lang").map(|l| lang = l),
            other => Err(a.unknown(other)),
        };
        if let Err(e) = r {
            return usage_error(&e);
        }
    }
    let lab = match load_lab(&lab_arg) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("kueue-lab verify: {e}");
            return ExitCode::from(2);
        }
    };
    let dir = dir.unwrap_or_else(|| std::path::PathBuf::from(&lab.workdir));
    if !dir.is_dir() {
        eprintln!("kueue-lab verify: {}: not a directory (디렉터리가 아닙니다)", dir.display());
        return ExitCode::from(2);
    }
    match verify::run(&verify::Options { lab, dir, kubeconfig }) {
        Ok(steps) => {
            verify::print(&steps, lang);
            if steps.iter().all(|s| s.pass) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(verify::Unreachable(e)) => {
            eprintln!("kueue-lab verify: cannot read the cluster (클러스터를 읽을 수 없습니다): {e}");
            ExitCode::from(2)
        }
    }
}

/// `kueue-lab serve --listen ADDR --allow-origin ORIGIN --token-file FILE [--lab ID] [--kubeconfig FILE]`.
fn serve_cmd(args: &[String]) -> ExitCode {
    let mut listen = "127.0.0.1:7443".to_string();
    let mut origins = Vec::new();
    let mut token_file = None;
    let mut lab_arg = DEFAULT_LAB.to_string();
    let mut kubeconfig = std::env::var_os("KUBECONFIG").map(std::path::PathBuf::from).filter(|p| p.is_file());
    let mut settle = 10u64;
    let mut pace = 1.0f64;
    let mut max_gap = 10u64;
    let mut a = Args::new("serve", args);
    while let Some(arg) = a.next_arg() {
        let (Arg::Flag(flag) | Arg::Operand(flag)) = arg;
        let r = match flag.as_str() {
            "--listen" => a.value("--listen").map(|v| listen = v),
            "--allow-origin" => a.value("--allow-origin").map(|v| origins.push(v.trim_end_matches('/').to_string())),
            "--token-file" => a.value("--token-file").map(|v| token_file = Some(std::path::PathBuf::from(v))),
            "--lab" => a.value("--lab").map(|v| lab_arg = v),
            "--kubeconfig" => a.value("--kubeconfig").map(|v| kubeconfig = Some(std::path::PathBuf::from(v))),
            "--settle-seconds" => a.value("--settle-seconds").and_then(|v| {
                v.parse().map(|n| settle = n).map_err(|_| format!("kueue-lab serve: --settle-seconds wants a number, not {v:?}"))
            }),
            "--pace" => a.value("--pace").and_then(|v| match v.parse::<f64>() {
                Ok(x) if x.is_finite() && x >= 0.0 => {
                    pace = x;
                    Ok(())
                }
                _ => Err(format!("kueue-lab serve: --pace wants a number ≥ 0, not {v:?}")),
            }),
            "--max-gap-seconds" => a.value("--max-gap-seconds").and_then(|v| {
                v.parse().map(|n| max_gap = n).map_err(|_| format!("kueue-lab serve: --max-gap-seconds wants a number, not {v:?}"))
            }),
            other => Err(a.unknown(other)),
        };
        if let Err(e) = r {
            return usage_error(&e);
        }
    }
    if origins.is_empty() {
        return usage_error("kueue-lab serve: --allow-origin is required (the page that hosts the lab, e.g. https://course.example)");
    }
    let Some(token_file) = token_file else { return usage_error("kueue-lab serve: --token-file is required") };
    let token = match serve::read_token(&token_file) {
        Ok(t) => t,
        Err(e) => return usage_error(&format!("kueue-lab serve: {e}")),
    };
    let addr: std::net::SocketAddr = match listen.parse() {
        Ok(a) => a,
        Err(_) => return usage_error(&format!("kueue-lab serve: --listen wants HOST:PORT with an IP address, not {listen:?}")),
    };
    let lab = match load_lab(&lab_arg) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("kueue-lab serve: {e}");
            return ExitCode::from(2);
        }
    };
    if lab.simulated_only() {
        eprintln!(
            "kueue-lab serve: lab {} runs only in the simulator: its cluster, setup and teams' Jobs are made by the simulator, so a real cluster has nothing to verify (이 실습은 시뮬레이터에서만 돌아갑니다)",
            lab.id
        );
        return ExitCode::from(2);
    }
    let opts = serve::Options {
        listen: addr,
        allow_origins: origins,
        token,
        lab,
        kubeconfig,
        settle: std::time::Duration::from_secs(settle),
        pace,
        max_gap: std::time::Duration::from_secs(max_gap),
    };
    match serve::run(opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kueue-lab serve: {e}");
            ExitCode::from(1)
        }
    }
}

/// `kueue-lab api --listen ADDR --kubeconfig-out FILE [--lab ID] [--speed X]`.
fn api_cmd(args: &[String]) -> ExitCode {
    let mut listen = "127.0.0.1:6443".to_string();
    let mut kubeconfig_out = None;
    let mut lab_arg = DEFAULT_LAB.to_string();
    let mut speed = 1.0;
    let mut control = false;
    let mut allow_remote = false;
    let mut start_unix = sim_core::clock::LAB_EPOCH_UNIX;
    let mut start_offset_ms = 0;
    let mut a = Args::new("api", args);
    while let Some(arg) = a.next_arg() {
        let (Arg::Flag(flag) | Arg::Operand(flag)) = arg;
        let r = match flag.as_str() {
            "--listen" => a.value("--listen").map(|v| listen = v),
            "--kubeconfig-out" => a.value("--kubeconfig-out").map(|v| kubeconfig_out = Some(std::path::PathBuf::from(v))),
            "--lab" => a.value("--lab").map(|v| lab_arg = v),
            "--speed" => a.value("--speed").and_then(|v| {
                v.parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .map(|s| speed = s)
                    .ok_or(format!("kueue-lab api: --speed must be a number ≥ 0, not {v:?}"))
            }),
            "--start" => a.value("--start").and_then(|v| match v.as_str() {
                "lab" => Ok(()),
                "now" => {
                    let wall = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
                    start_unix = wall.as_secs() as i64;
                    start_offset_ms = u64::from(wall.subsec_millis());
                    Ok(())
                }
                other => Err(format!("kueue-lab api: --start is lab or now, not {other:?}")),
            }),
            "--control" => {
                control = true;
                Ok(())
            }
            "--allow-remote" => {
                allow_remote = true;
                Ok(())
            }
            other => Err(a.unknown(other)),
        };
        if let Err(e) = r {
            return usage_error(&e);
        }
    }
    let addr: std::net::SocketAddr = match listen.parse() {
        Ok(a) => a,
        Err(_) => return usage_error(&format!("kueue-lab api: --listen wants HOST:PORT with an IP address, not {listen:?}")),
    };
    if !addr.ip().is_loopback() && !allow_remote {
        return usage_error(&format!(
            "kueue-lab api: {addr} is not a loopback address; the API has no authentication, so pass --allow-remote to serve it beyond this machine"
        ));
    }
    let lab = match load_lab(&lab_arg) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("kueue-lab api: {e}");
            return ExitCode::from(2);
        }
    };
    match api::run(api::Options { listen: addr, kubeconfig_out, lab, speed, control, seed: SEED, start_unix, start_offset_ms }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kueue-lab api: {e}");
            ExitCode::from(1)
        }
    }
}

fn usage_error(msg: &str) -> ExitCode {
    eprintln!("{msg}\n\n{USAGE}");
    ExitCode::from(2)
}

/// A bundled lab by id, or a lab folder on disk (for course authors trying a lab before it is
/// bundled into a build).
fn load_lab(arg: &str) -> Result<Lab, String> {
    let dir = std::path::Path::new(arg);
    if dir.join("lab.yaml").is_file() {
        let mut files = BTreeMap::new();
        read_dir_into(dir, dir, &mut files).map_err(|e| format!("{arg}: {e}"))?;
        return Lab::from_files(&files).map_err(|e| format!("{arg}/{e}"));
    }
    match Lab::bundled(arg) {
        Some(lab) => lab,
        None => Err(format!("no lab {arg:?} (labs: {}; or give a folder holding lab.yaml)", Lab::bundled_ids().join(", "))),
    }
}

fn read_dir_into(root: &std::path::Path, dir: &std::path::Path, out: &mut BTreeMap<String, String>) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
            continue;
        }
        if p.is_dir() {
            read_dir_into(root, &p, out)?;
        } else {
            let rel = p.strip_prefix(root).unwrap_or(&p).to_string_lossy().replace('\\', "/");
            out.insert(rel, std::fs::read_to_string(&p)?);
        }
    }
    Ok(())
}
