//! Transcripts: a script split into the inputs a user would type at the prompt, and what the
//! terminal shows for them — `$ first line`, `> continuation lines`, then the output. Used by
//! `kueue-lab sim` and by the golden tests.

use crate::shell::{syntax, Shell, World};

/// Groups a script's lines into complete inputs (a here-document or an unclosed quote spans
/// several lines). Blank lines and lines that are only comments are kept as their own inputs.
pub fn split_inputs(script: &str) -> Vec<String> {
    let mut inputs = Vec::new();
    let mut buf = String::new();
    for line in script.lines() {
        if !buf.is_empty() {
            buf.push('\n');
        }
        buf.push_str(line);
        if syntax::is_complete(&buf) {
            inputs.push(std::mem::take(&mut buf));
        }
    }
    if !buf.is_empty() {
        inputs.push(buf);
    }
    inputs
}

/// How an input appears on the terminal: `$ ` before the first line, `> ` before the others.
pub fn echo_input(input: &str) -> String {
    let mut s = String::new();
    for (i, line) in input.split('\n').enumerate() {
        s.push_str(if i == 0 { "$ " } else { "> " });
        s.push_str(line);
        s.push('\n');
    }
    s
}

/// One input and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub input: String,
    pub output: String,
    pub status: i32,
}

/// How long a transcript lets a command like `kubectl get -w` run before interrupting it, when
/// the command has no deadline of its own.
pub const FOREGROUND_MS: u64 = 30_000;

/// Runs every input of `script`, letting `step_ms` of virtual time pass before each one. A job
/// still running after its first slice (a long loop) is resumed at once until it ends (its step
/// budget ends a runaway one). A command left running in the foreground (`kubectl get -w`,
/// `watch`, such a command inside a loop) is polled second by second until its deadline, or for
/// [`FOREGROUND_MS`] and then interrupted (`^C`, as the terminal echoes Ctrl-C; status 130).
pub fn run<W: World + 'static>(sh: &mut Shell<W>, world: &mut W, script: &str, step_ms: u64) -> Vec<Entry> {
    run_observed(sh, world, script, step_ms, |_, _| {})
}

/// [`run`], calling `after_each` after each input's first run and after each turn of a command
/// it left in the foreground (the lab engine judges the checks there, as the browser does after
/// every command and every poll).
pub fn run_observed<W: World + 'static>(
    sh: &mut Shell<W>,
    world: &mut W,
    script: &str,
    step_ms: u64,
    mut after_each: impl FnMut(&Shell<W>, &W),
) -> Vec<Entry> {
    split_inputs(script)
        .into_iter()
        .map(|input| {
            world.sleep(step_ms);
            let r = sh.run(world, &input);
            after_each(sh, world);
            let mut output = r.output.text();
            let mut status = r.status;
            if let Some(mut fg) = sh.take_foreground() {
                let mut waiting_since: Option<u64> = None;
                loop {
                    if fg.done() {
                        break;
                    }
                    match fg.waits_for_time() {
                        None => {
                            output.push_str(&fg.resume(sh, world).text());
                            after_each(sh, world);
                        }
                        Some(own_deadline) => {
                            let start = *waiting_since.get_or_insert(world.now_ms());
                            let end = own_deadline.unwrap_or(start + FOREGROUND_MS);
                            if world.now_ms() >= end {
                                if own_deadline.is_none() {
                                    output.push_str("^C\n");
                                    sh.interrupt();
                                    status = 130;
                                }
                                break;
                            }
                            world.sleep(1_000.min(end - world.now_ms()));
                            output.push_str(&fg.resume(sh, world).text());
                            after_each(sh, world);
                        }
                    }
                }
                if let Some(s) = fg.exit_status() {
                    status = s;
                }
            }
            Entry { input, output, status }
        })
        .collect()
}

/// The transcript text. With `show_status`, a non-zero exit status follows as `[exit N]`.
pub fn render(entries: &[Entry], show_status: bool) -> String {
    let mut s = String::new();
    for e in entries {
        s.push_str(&echo_input(&e.input));
        s.push_str(&e.output);
        if show_status && e.status != 0 {
            if !e.output.is_empty() && !e.output.ends_with('\n') {
                s.push('\n');
            }
            s.push_str(&format!("[exit {}]\n", e.status));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heredoc_is_one_input() {
        let inputs = split_inputs("cat <<EOF > a\nx\nEOF\necho hi\n");
        assert_eq!(inputs, vec!["cat <<EOF > a\nx\nEOF".to_string(), "echo hi".to_string()]);
        assert_eq!(echo_input(&inputs[0]), "$ cat <<EOF > a\n> x\n> EOF\n");
    }
}
