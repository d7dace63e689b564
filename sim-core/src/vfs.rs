//! The virtual filesystem the mini shell and the editor share: a flat map from absolute,
//! normalised paths to nodes. Text files only (the lab's files are YAML, JSON and text), and
//! one device, `/dev/null`: scripts read it as empty input and write to it to drop output.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

pub const HOME: &str = "/root";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum NodeKind {
    Dir,
    File(String),
    /// The null device (character device 1, 3): reads as empty, swallows what is written.
    Null,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Node {
    pub kind: NodeKind,
    /// Unix seconds, from the virtual clock.
    pub mtime: i64,
}

impl Node {
    pub fn is_dir(&self) -> bool {
        matches!(self.kind, NodeKind::Dir)
    }
    pub fn size(&self) -> usize {
        match &self.kind {
            NodeKind::Dir => 4096,
            NodeKind::File(s) => s.len(),
            NodeKind::Null => 0,
        }
    }
}

/// errno-like failures; `Display` is the strerror text coreutils and bash print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FsError {
    NotFound,
    NotADirectory,
    IsADirectory,
    AlreadyExists,
    NotEmpty,
    /// Moving a directory into itself.
    InvalidArgument,
    /// A file where the standard streams' devices are (`/dev/stdin`, `/dev/stdout`,
    /// `/dev/stderr`): redirections and `tee` take those names, nothing else here does.
    NotSupported,
}

impl fmt::Display for FsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FsError::NotFound => "No such file or directory",
            FsError::NotADirectory => "Not a directory",
            FsError::IsADirectory => "Is a directory",
            FsError::AlreadyExists => "File exists",
            FsError::NotEmpty => "Directory not empty",
            FsError::InvalidArgument => "Invalid argument",
            FsError::NotSupported => "Operation not supported",
        })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(from = "SavedVfs")]
pub struct Vfs {
    nodes: BTreeMap<String, Node>,
    /// Bumped on every change, so a front end can tell when to re-read.
    #[serde(default)]
    generation: u64,
}

/// A saved filesystem as it reads back. Saves made before `/dev/null` existed have no `/dev`;
/// they get one, dated as `/`.
#[derive(Deserialize)]
struct SavedVfs {
    nodes: BTreeMap<String, Node>,
    #[serde(default)]
    generation: u64,
}

impl From<SavedVfs> for Vfs {
    fn from(saved: SavedVfs) -> Vfs {
        let mut v = Vfs { nodes: saved.nodes, generation: saved.generation };
        if !v.nodes.contains_key("/dev") {
            let when = v.nodes.get("/").map_or(0, |n| n.mtime);
            v.add_devices(when);
        }
        v
    }
}

impl Default for Vfs {
    fn default() -> Self {
        Vfs::new(0)
    }
}

/// Joins `path` onto `cwd` (unless absolute) and removes `.`, `..` and repeated slashes.
pub fn normalize(cwd: &str, path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let joined;
    let full = if path.starts_with('/') {
        path
    } else {
        joined = format!("{cwd}/{path}");
        &joined
    };
    for comp in full.split('/') {
        match comp {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    format!("/{}", parts.join("/"))
}

pub fn parent_of(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) | None => "/",
        Some(i) => &path[..i],
    }
}

pub fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The standard streams' device names, which the shell resolves itself; no file takes them.
pub const STREAM_DEVICES: [&str; 3] = ["/dev/stdin", "/dev/stdout", "/dev/stderr"];

impl Vfs {
    /// A filesystem with the directories a root shell expects.
    pub fn new(now: i64) -> Self {
        let mut v = Vfs { nodes: BTreeMap::new(), generation: 0 };
        for d in ["/", "/root", "/tmp", "/etc", "/home"] {
            v.nodes.insert(d.to_string(), Node { kind: NodeKind::Dir, mtime: now });
        }
        v.add_devices(now);
        v
    }

    fn add_devices(&mut self, now: i64) {
        self.nodes.insert("/dev".to_string(), Node { kind: NodeKind::Dir, mtime: now });
        self.nodes.insert("/dev/null".to_string(), Node { kind: NodeKind::Null, mtime: now });
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn stat(&self, path: &str) -> Option<&Node> {
        self.nodes.get(path)
    }

    pub fn is_dir(&self, path: &str) -> bool {
        self.stat(path).is_some_and(Node::is_dir)
    }

    /// Checks every ancestor of `path` is a directory (ENOENT / ENOTDIR as the kernel reports).
    fn check_parent(&self, path: &str) -> Result<(), FsError> {
        if path == "/" {
            return Ok(());
        }
        let parent = parent_of(path);
        match self.stat(parent) {
            Some(n) if n.is_dir() => Ok(()),
            Some(_) => Err(FsError::NotADirectory),
            None => {
                // A missing ancestor deeper up that is a file gives ENOTDIR.
                let mut p = parent;
                while p != "/" {
                    p = parent_of(p);
                    if let Some(n) = self.stat(p) {
                        return if n.is_dir() { Err(FsError::NotFound) } else { Err(FsError::NotADirectory) };
                    }
                }
                Err(FsError::NotFound)
            }
        }
    }

    /// Looks `path` up the way open(2) would, including ENOTDIR for `file/x`.
    pub fn lookup(&self, path: &str) -> Result<&Node, FsError> {
        match self.stat(path) {
            Some(n) => Ok(n),
            None => {
                self.check_parent(path)?;
                Err(FsError::NotFound)
            }
        }
    }

    pub fn read(&self, path: &str) -> Result<&str, FsError> {
        match &self.lookup(path)?.kind {
            NodeKind::Dir => Err(FsError::IsADirectory),
            NodeKind::File(s) => Ok(s),
            NodeKind::Null => Ok(""),
        }
    }

    pub fn write(&mut self, path: &str, content: &str, now: i64) -> Result<(), FsError> {
        self.put(path, content, false, now)
    }

    pub fn append(&mut self, path: &str, content: &str, now: i64) -> Result<(), FsError> {
        self.put(path, content, true, now)
    }

    fn put(&mut self, path: &str, content: &str, append: bool, now: i64) -> Result<(), FsError> {
        match self.nodes.get_mut(path) {
            Some(Node { kind: NodeKind::Dir, .. }) => return Err(FsError::IsADirectory),
            // What is written to the null device is gone; it stays what it is.
            Some(Node { kind: NodeKind::Null, .. }) => return Ok(()),
            Some(node) => {
                if let NodeKind::File(s) = &mut node.kind {
                    if append {
                        s.push_str(content);
                    } else {
                        *s = content.to_string();
                    }
                }
                node.mtime = now;
            }
            None => {
                self.check_parent(path)?;
                if STREAM_DEVICES.contains(&path) {
                    return Err(FsError::NotSupported);
                }
                self.nodes.insert(path.to_string(), Node { kind: NodeKind::File(content.to_string()), mtime: now });
            }
        }
        self.generation += 1;
        Ok(())
    }

    /// Updates the mtime of an existing node, or creates an empty file (touch).
    pub fn touch(&mut self, path: &str, now: i64) -> Result<(), FsError> {
        if let Some(n) = self.nodes.get_mut(path) {
            n.mtime = now;
            self.generation += 1;
            return Ok(());
        }
        self.put(path, "", true, now)
    }

    pub fn mkdir(&mut self, path: &str, now: i64) -> Result<(), FsError> {
        if self.stat(path).is_some() {
            return Err(FsError::AlreadyExists);
        }
        self.check_parent(path)?;
        if STREAM_DEVICES.contains(&path) {
            return Err(FsError::NotSupported);
        }
        self.nodes.insert(path.to_string(), Node { kind: NodeKind::Dir, mtime: now });
        self.generation += 1;
        Ok(())
    }

    /// `mkdir -p`: creates missing ancestors; an existing directory is fine.
    pub fn mkdir_all(&mut self, path: &str, now: i64) -> Result<(), FsError> {
        let mut cur = String::new();
        for comp in path.split('/').filter(|c| !c.is_empty()) {
            cur.push('/');
            cur.push_str(comp);
            match self.stat(&cur) {
                Some(n) if n.is_dir() => {}
                Some(_) => return Err(FsError::NotADirectory),
                None => self.mkdir(&cur, now)?,
            }
        }
        Ok(())
    }

    /// Direct children of a directory, sorted by name.
    pub fn list_dir(&self, path: &str) -> Result<Vec<(String, &Node)>, FsError> {
        let node = self.lookup(path)?;
        if !node.is_dir() {
            return Err(FsError::NotADirectory);
        }
        let prefix = if path == "/" { "/".to_string() } else { format!("{path}/") };
        Ok(self
            .nodes
            .range(prefix.clone()..)
            .take_while(|(k, _)| k.starts_with(&prefix))
            .filter(|(k, _)| k.len() > prefix.len() && !k[prefix.len()..].contains('/'))
            .map(|(k, n)| (k[prefix.len()..].to_string(), n))
            .collect())
    }

    /// Every path at or below `path` (the node itself first).
    fn subtree(&self, path: &str) -> Vec<String> {
        let prefix = format!("{path}/");
        let mut out = vec![path.to_string()];
        out.extend(self.nodes.range(prefix.clone()..).take_while(|(k, _)| k.starts_with(&prefix)).map(|(k, _)| k.clone()));
        out
    }

    /// Removes a file, or an empty directory when `dir_ok`.
    pub fn remove(&mut self, path: &str, dir_ok: bool) -> Result<(), FsError> {
        let node = self.lookup(path)?;
        if node.is_dir() {
            if !dir_ok {
                return Err(FsError::IsADirectory);
            }
            if !self.list_dir(path)?.is_empty() {
                return Err(FsError::NotEmpty);
            }
        }
        self.nodes.remove(path);
        self.generation += 1;
        Ok(())
    }

    /// Removes a node and everything below it.
    pub fn remove_all(&mut self, path: &str) -> Result<(), FsError> {
        self.lookup(path)?;
        for p in self.subtree(path) {
            self.nodes.remove(&p);
        }
        self.generation += 1;
        Ok(())
    }

    /// Copies a file or (recursively) a directory to `to`, which must not be inside `from`.
    pub fn copy(&mut self, from: &str, to: &str, now: i64) -> Result<(), FsError> {
        if to == from || to.starts_with(&format!("{from}/")) {
            return Err(FsError::InvalidArgument);
        }
        self.check_parent(to)?;
        if STREAM_DEVICES.contains(&to) {
            return Err(FsError::NotSupported);
        }
        for p in self.subtree(from) {
            let node = self.nodes[&p].clone();
            let dest = format!("{to}{}", &p[from.len()..]);
            match (&node.kind, self.nodes.get(&dest)) {
                (NodeKind::Dir, Some(existing)) if existing.is_dir() => {}
                (NodeKind::Dir, Some(_)) => return Err(FsError::AlreadyExists),
                (NodeKind::File(_) | NodeKind::Null, Some(existing)) if existing.is_dir() => return Err(FsError::IsADirectory),
                (NodeKind::File(_) | NodeKind::Null, Some(existing)) if existing.kind == NodeKind::Null => {}
                _ => {
                    // A copy of the null device is what reading it gives: an empty file.
                    let kind = if node.kind == NodeKind::Null { NodeKind::File(String::new()) } else { node.kind };
                    self.nodes.insert(dest, Node { kind, mtime: now });
                }
            }
        }
        self.generation += 1;
        Ok(())
    }

    pub fn rename(&mut self, from: &str, to: &str) -> Result<(), FsError> {
        if to == from {
            return Ok(());
        }
        if to.starts_with(&format!("{from}/")) {
            return Err(FsError::InvalidArgument);
        }
        let src_is_dir = self.lookup(from)?.is_dir();
        self.check_parent(to)?;
        if STREAM_DEVICES.contains(&to) {
            return Err(FsError::NotSupported);
        }
        if let Some(dst) = self.stat(to) {
            match (src_is_dir, dst.is_dir()) {
                (false, true) => return Err(FsError::IsADirectory),
                (true, false) => return Err(FsError::NotADirectory),
                (true, true) if !self.list_dir(to)?.is_empty() => return Err(FsError::NotEmpty),
                _ => {
                    self.nodes.remove(to);
                }
            }
        }
        for p in self.subtree(from) {
            if let Some(n) = self.nodes.remove(&p) {
                self.nodes.insert(format!("{to}{}", &p[from.len()..]), n);
            }
        }
        self.generation += 1;
        Ok(())
    }

    /// All regular files under `dir`, with their contents (for the editor's file tree).
    pub fn files_under(&self, dir: &str) -> Vec<(&str, &str)> {
        let prefix = if dir == "/" { "/".to_string() } else { format!("{dir}/") };
        self.nodes
            .range(prefix.clone()..)
            .take_while(|(k, _)| k.starts_with(&prefix))
            .filter_map(|(k, n)| match &n.kind {
                NodeKind::File(s) => Some((k.as_str(), s.as_str())),
                NodeKind::Dir | NodeKind::Null => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_null_device_reads_empty_and_swallows_writes() {
        let mut v = Vfs::new(5);
        assert_eq!(v.read("/dev/null"), Ok(""));
        v.write("/dev/null", "dropped", 6).unwrap();
        v.append("/dev/null", "dropped", 6).unwrap();
        assert_eq!(v.read("/dev/null"), Ok(""));
        assert_eq!(v.stat("/dev/null").map(|n| (&n.kind, n.mtime)), Some((&NodeKind::Null, 5)));
        // A copy of it is an empty file; a copy onto it leaves it the device.
        v.copy("/dev/null", "/root/empty", 7).unwrap();
        assert_eq!(v.stat("/root/empty").map(|n| &n.kind), Some(&NodeKind::File(String::new())));
        v.write("/root/f", "text", 7).unwrap();
        v.copy("/root/f", "/dev/null", 8).unwrap();
        assert_eq!(v.stat("/dev/null").map(|n| &n.kind), Some(&NodeKind::Null));
        assert_eq!(v.files_under("/"), vec![("/root/empty", ""), ("/root/f", "text")]);
    }

    /// The streams' device names are the shell's to resolve: no file or directory takes them.
    #[test]
    fn nothing_is_made_where_the_stream_devices_are() {
        let mut v = Vfs::new(1);
        v.write("/root/f", "x", 1).unwrap();
        v.mkdir("/root/d", 1).unwrap();
        for dev in STREAM_DEVICES {
            assert_eq!(v.write(dev, "x", 2), Err(FsError::NotSupported));
            assert_eq!(v.touch(dev, 2), Err(FsError::NotSupported));
            assert_eq!(v.mkdir(dev, 2), Err(FsError::NotSupported));
            assert_eq!(v.copy("/root/f", dev, 2), Err(FsError::NotSupported));
            assert_eq!(v.rename("/root/d", dev), Err(FsError::NotSupported));
            assert!(v.stat(dev).is_none());
        }
    }

    /// A save from before `/dev` existed reads back with it, dated as `/`; a save that has `/dev`
    /// reads back as it was, even without `null` (the learner removed it).
    #[test]
    fn old_saves_gain_the_null_device() {
        let old = serde_json::json!({"nodes": {"/": {"kind": "Dir", "mtime": 3}, "/root": {"kind": "Dir", "mtime": 3}, "/root/a": {"kind": {"File": "x"}, "mtime": 4}}, "generation": 2});
        let back: Vfs = serde_json::from_value(old).unwrap();
        assert_eq!(back.read("/dev/null"), Ok(""));
        assert_eq!(back.stat("/dev").map(|n| (n.is_dir(), n.mtime)), Some((true, 3)));
        assert_eq!(back.read("/root/a"), Ok("x"));
        let mut removed = Vfs::new(1);
        removed.remove("/dev/null", false).unwrap();
        let again: Vfs = serde_json::from_str(&serde_json::to_string(&removed).unwrap()).unwrap();
        assert_eq!(again, removed);
        assert_eq!(again.read("/dev/null"), Err(FsError::NotFound));
    }

    #[test]
    fn normalize_handles_dots_and_slashes() {
        assert_eq!(normalize("/root", "a/../b//c/."), "/root/b/c");
        assert_eq!(normalize("/root", "/../.."), "/");
        assert_eq!(normalize("/", "x"), "/x");
    }

    #[test]
    fn errors_match_the_kernel() {
        let mut v = Vfs::new(0);
        assert_eq!(v.write("/nope/a", "x", 0), Err(FsError::NotFound));
        v.write("/root/f", "x", 0).unwrap();
        assert_eq!(v.write("/root/f/a", "x", 0), Err(FsError::NotADirectory));
        assert_eq!(v.read("/root/f/a/b"), Err(FsError::NotADirectory));
        assert_eq!(v.read("/root"), Err(FsError::IsADirectory));
        assert_eq!(v.mkdir("/root", 0), Err(FsError::AlreadyExists));
        v.mkdir_all("/root/a/b", 0).unwrap();
        assert_eq!(v.remove("/root/a", true), Err(FsError::NotEmpty));
        v.rename("/root/a", "/root/z").unwrap();
        assert!(v.is_dir("/root/z/b"));
        assert_eq!(v.list_dir("/root").unwrap().iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["f", "z"]);
    }
}
