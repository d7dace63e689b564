//! `kueue-lab`: the native shell around sim-core.
//!
//! `kueue-lab sim [FILE]` replays shell lines (from FILE or stdin) on the lab's simulated cluster
//! (with `kubectl`) and prints the transcript the browser terminal would show. Labs (`--lab`), the
//! Kubernetes API facade (`api`) and real-cluster verification (`verify`, `serve`) come with
//! later issues; until then they say so instead of pretending.

use sim_core::session::new_session;
use sim_core::transcript;
use std::io::Read;
use std::process::ExitCode;

/// The simulator's seed: the same script always gives the same transcript.
const SEED: u64 = 2026;

/// Virtual time that passes between two typed commands, so AGE columns move realistically.
const STEP_BETWEEN_COMMANDS_MS: u64 = 1000;

const USAGE: &str = "Usage: kueue-lab <command>

Commands:
  sim [FILE]    replay shell lines (FILE or stdin) on the simulated lab cluster; print the transcript
  help          this text

사용법은 위와 같습니다. api, verify, serve 는 아직 없습니다 / api, verify and serve are not built yet.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("sim") => sim(&args[1..]),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(cmd @ ("api" | "verify" | "serve")) => {
            eprintln!("kueue-lab: '{cmd}' is not built yet (아직 만들어지지 않았습니다)");
            ExitCode::from(2)
        }
        Some(other) => {
            eprintln!("kueue-lab: unknown command '{other}' (알 수 없는 명령)\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn sim(args: &[String]) -> ExitCode {
    let mut file = None;
    for a in args {
        match a.as_str() {
            "--lab" | "--checks" | "--lang" => {
                eprintln!("kueue-lab sim: {a} is not built yet (labs come with the lab engine)");
                return ExitCode::from(2);
            }
            f if file.is_none() => file = Some(f.to_string()),
            extra => {
                eprintln!("kueue-lab sim: unexpected argument '{extra}'");
                return ExitCode::from(2);
            }
        }
    }
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
    let (mut shell, mut cluster) = new_session(SEED);
    let entries = transcript::run(&mut shell, &mut cluster, &script, STEP_BETWEEN_COMMANDS_MS);
    print!("{}", transcript::render(&entries, false));
    ExitCode::SUCCESS
}
