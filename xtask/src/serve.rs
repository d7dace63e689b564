//! A small static file server for dist/ (loopback only): enough HTTP/1.1 for a browser and the
//! service worker, with the right content types, the pre-compressed copies (`.br`, `.gz`) when
//! the browser accepts them, as a static host would serve them, and no caching of the entry points.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

pub struct Server {
    listener: TcpListener,
    dir: PathBuf,
}

impl Server {
    pub fn bind(addr: &str, dir: PathBuf) -> Result<Self, String> {
        let listener = TcpListener::bind(addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        Ok(Server { listener, dir })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    pub fn run_forever(self) {
        for stream in self.listener.incoming().flatten() {
            let dir = self.dir.clone();
            std::thread::spawn(move || {
                let _ = handle(stream, &dir);
            });
        }
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

fn handle(stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    loop {
        let mut request_line = String::new();
        if reader.read_line(&mut request_line)? == 0 {
            return Ok(());
        }
        let mut keep_alive = true;
        let mut accepts = String::new();
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header)? == 0 || header == "\r\n" || header == "\n" {
                break;
            }
            let lower = header.to_ascii_lowercase();
            if lower.starts_with("connection:") && lower.contains("close") {
                keep_alive = false;
            }
            if let Some(v) = lower.strip_prefix("accept-encoding:") {
                accepts = v.trim().to_string();
            }
        }
        let mut parts = request_line.split_whitespace();
        let method = parts.next().unwrap_or("");
        let target = parts.next().unwrap_or("/");
        let path = target.split(['?', '#']).next().unwrap_or("/");
        let mut out = &stream;
        if method != "GET" && method != "HEAD" {
            out.write_all(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")?;
            continue;
        }
        let rel: PathBuf = Path::new(path.trim_start_matches('/')).components().filter(|c| matches!(c, Component::Normal(_))).collect();
        let mut file = dir.join(&rel);
        if file.is_dir() {
            file = file.join("index.html");
        }
        // The pre-compressed copy `cargo xtask dist` wrote beside the file, when the client takes it.
        let encoded = ["br", "gzip"].into_iter().find_map(|enc| {
            let ext = if enc == "gzip" { "gz" } else { enc };
            let copy = PathBuf::from(format!("{}.{ext}", file.display()));
            let taken = accepts.split(',').any(|a| a.split(';').next().is_some_and(|t| t.trim() == enc));
            (taken && copy.is_file()).then(|| std::fs::read(&copy).ok().map(|b| (enc, b))).flatten()
        });
        let (encoding, read) = match encoded {
            Some((enc, body)) => (format!("Content-Encoding: {enc}\r\n"), Ok(body)),
            None => (String::new(), std::fs::read(&file)),
        };
        match read {
            Ok(body) => {
                let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let cache = if name == "index.html" || name == "sw.js" { "no-cache" } else { "public, max-age=31536000, immutable" };
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: {cache}\r\nVary: Accept-Encoding\r\n{encoding}{}\r\n",
                    content_type(&file),
                    body.len(),
                    if keep_alive { "" } else { "Connection: close\r\n" }
                );
                out.write_all(head.as_bytes())?;
                if method == "GET" {
                    out.write_all(&body)?;
                }
            }
            Err(_) => {
                let body = b"not found\n";
                out.write_all(
                    format!("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n", body.len()).as_bytes(),
                )?;
                out.write_all(body)?;
            }
        }
        out.flush()?;
        if !keep_alive {
            return Ok(());
        }
    }
}
