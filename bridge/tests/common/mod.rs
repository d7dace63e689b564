//! What the bridge's integration tests share: starting `kueue-lab` subcommands, a plain HTTP/1.1
//! client (with chunked bodies), the `--control` endpoint, and a kubeconfig nothing answers.
#![allow(dead_code)]

use sim_core::json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A running `kueue-lab` subcommand and the address it listens on; killed when dropped.
pub struct Proc {
    child: Child,
    pub addr: String,
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `kueue-lab ARGS` and waits for its `listening on http://ADDR` line.
pub fn spawn(args: &[&str]) -> Proc {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kueue-lab"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kueue-lab starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("listening on http://").unwrap_or_else(|| panic!("unexpected first line: {line:?}")).to_string();
    Proc { child, addr }
}

pub struct Reply {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

/// One request on a fresh connection (`Connection: close`), the whole answer read back.
pub fn request(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    let mut s = TcpStream::connect(addr).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n", body.len());
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let raw = String::from_utf8_lossy(&raw).to_string();
    let (h, b) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = h.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = if h.to_ascii_lowercase().contains("transfer-encoding: chunked") { dechunk(b) } else { b.to_string() };
    Reply { status, headers: h.to_string(), body }
}

fn dechunk(mut b: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = b.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n + 2 {
            break;
        }
        out.push_str(&rest[..n]);
        b = &rest[n + 2..];
    }
    out
}

/// `POST /kueue-lab/v1/run` on `kueue-lab api --control`: a shell line through pseudo-kubectl,
/// on the live state or a copy. Returns `{stdout, stderr, status}`.
pub fn control(addr: &str, line: &str, isolated: bool) -> Value {
    let path = if isolated { "/kueue-lab/v1/run?isolated=true" } else { "/kueue-lab/v1/run" };
    let r = request(addr, "POST", path, &[], line.as_bytes());
    serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{e}: {}", r.body))
}

/// `GET` a JSON document from the served API or its control endpoints.
pub fn get_json(addr: &str, path: &str) -> Value {
    let r = request(addr, "GET", path, &[], b"");
    serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{e}: {}", r.body))
}

/// A kubeconfig for a loopback port nothing listens on.
pub fn unreachable_kubeconfig(dir: &Path) -> PathBuf {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let kc = dir.join("dead-kubeconfig");
    std::fs::write(&kc, format!("apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: http://127.0.0.1:{port}\n  name: c\ncontexts:\n- context:\n    cluster: c\n    user: u\n  name: c\ncurrent-context: c\nusers:\n- name: u\n  user: {{}}\n")).unwrap();
    kc
}
