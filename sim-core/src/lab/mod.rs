//! Labs as data: a lab folder (`labs/<id>/`) parsed into a [`Lab`], its steps judged through a read-only cluster view.
//!
//! The folder holds `lab.yaml`, `solution.sh`, `files/` and `cases/` (read by [`cases`]); its
//! steps carry declarative checks ([`check::Check`]) that the engine ([`progress`]) judges against
//! a read-only [`view::ClusterView`] — the simulator's, or a real cluster's through the bridge.
//! The lab engine imports the API core and the cluster's shapes only: replaying a script in a
//! learner's session is `crate::replay`, above it. The format is documented in `labs/README.md`.

pub mod cases;
pub mod check;
pub mod path;
pub mod progress;
pub mod view;

use crate::cluster::{ClusterShape, NodeShape};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod bundled {
    include!(concat!(env!("OUT_DIR"), "/bundled_labs.rs"));
}

/// The most nodes a lab's cluster may have (the engine's tested scale).
pub const MAX_NODES: u64 = 2_000;

/// The lab learners get when none is named.
pub const DEFAULT_LAB: &str = "kueue-gpu-quota";

/// The product's two languages; Korean first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Ko,
    En,
}

impl Lang {
    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "ko" => Some(Lang::Ko),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

/// A text in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub ko: String,
    pub en: String,
}

impl Text {
    pub fn new(ko: impl Into<String>, en: impl Into<String>) -> Text {
        Text { ko: ko.into(), en: en.into() }
    }
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Ko => &self.ko,
            Lang::En => &self.en,
        }
    }
}

/// One lab, as its folder describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lab {
    pub id: String,
    pub title: Text,
    /// The lab's goal and why it matters (Markdown).
    #[serde(default)]
    pub intro: Text,
    /// Where the learner's answer files live.
    pub workdir: String,
    /// The simulated cluster; absent = the course's VM (one k3s node, 4 fake GPUs).
    #[serde(default)]
    pub cluster: Option<ClusterSpec>,
    /// What the bridge may create or delete on a real cluster for this lab.
    #[serde(default)]
    pub allow: Allow,
    /// Kueue's Configuration for this lab (`fairSharing`); absent = as shipped.
    #[serde(default)]
    pub kueue: Option<crate::cluster::kueue::KueueConfig>,
    /// Shell lines run when the lab starts, before the learner arrives (objects the lab
    /// provides, e.g. queues for many teams); not the learner's writes.
    #[serde(default)]
    pub setup: String,
    /// Simulated teams submitting Jobs over virtual time (`cluster/traffic.rs`).
    #[serde(default)]
    pub traffic: Vec<crate::cluster::traffic::TrafficSpec>,
    /// Files present in the workdir at the start (from `files/`), relative path → content.
    #[serde(skip)]
    pub files: BTreeMap<String, String>,
    pub steps: Vec<Step>,
    /// The reference solution: shell lines (from `solution.sh`).
    #[serde(skip)]
    pub solution: String,
    /// Replayed cases (from `cases/*.sh`): file name → script with its `# expect:` lines. Empty
    /// in the browser's build, which does not bundle them (`build.rs`).
    #[serde(skip)]
    pub cases: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClusterSpec {
    #[serde(default)]
    pub nodes: Vec<NodeSpec>,
    /// Many alike nodes at once: `<prefix>0001`, `<prefix>0002`, … (after `nodes`).
    #[serde(default)]
    pub node_groups: Vec<NodeGroup>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    pub name: String,
    #[serde(default = "default_ip")]
    pub ip: String,
    pub cpu: u32,
    /// Memory capacity in KiB, as the kubelet reports it.
    pub memory_ki: u64,
    #[serde(default)]
    pub gpus: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeGroup {
    pub prefix: String,
    pub count: u32,
    pub cpu: u32,
    pub memory_ki: u64,
    #[serde(default)]
    pub gpus: u32,
}

fn default_ip() -> String {
    "10.0.0.10".into()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Allow {
    #[serde(default)]
    pub kinds: Vec<String>,
    #[serde(default)]
    pub namespaces: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub id: String,
    pub title: Text,
    /// What to do (Markdown).
    pub text: Text,
    /// Graduated hints, revealed one at a time.
    #[serde(default)]
    pub hints: Vec<Text>,
    /// Once passed, the step stays passed even when later steps change what it looked at
    /// (step 4's train-1 is deleted in step 8).
    #[serde(default)]
    pub sticky: bool,
    pub checks: Vec<check::Check>,
}

impl Lab {
    /// Parses a lab folder given as (path inside the folder → content).
    pub fn from_files(files: &BTreeMap<String, String>) -> Result<Lab, String> {
        let yaml = files.get("lab.yaml").ok_or("lab.yaml is missing")?;
        let lab: Lab = serde_norway::from_str(yaml).map_err(|e| format!("lab.yaml: {e}"))?;
        lab.with_files(files)
    }

    /// A lab folder whose `lab.yaml` was parsed ahead of time: `parsed` is the `Lab` as JSON
    /// (`serde_json::to_string` of a loaded lab), the rest of the folder comes from `files`.
    /// The browser's build keeps each bundled lab so, as JSON reads several times faster than
    /// YAML there (`app/build.rs`).
    pub fn from_parsed(parsed: &str, files: &BTreeMap<String, String>) -> Result<Lab, String> {
        let lab: Lab = serde_json::from_str(parsed).map_err(|e| format!("lab.yaml (parsed): {e}"))?;
        lab.with_files(files)
    }

    /// The folder's other files (`solution.sh`, `files/`, `cases/`) attached, and the lab checked.
    fn with_files(mut self, files: &BTreeMap<String, String>) -> Result<Lab, String> {
        self.solution = files.get("solution.sh").cloned().unwrap_or_default();
        for (path, content) in files {
            if let Some(rel) = path.strip_prefix("files/") {
                self.files.insert(rel.to_string(), content.clone());
            } else if let Some(name) = path.strip_prefix("cases/") {
                self.cases.insert(name.to_string(), content.clone());
            }
        }
        self.validate()?;
        Ok(self)
    }

    /// Whether the lab's world is made by the simulator itself — nodes in groups, a setup script,
    /// simulated teams' traffic — so a real cluster given only the learner's writes would not
    /// have it: the bridge does not offer such a lab.
    pub fn simulated_only(&self) -> bool {
        !self.setup.trim().is_empty() || !self.traffic.is_empty() || self.cluster.as_ref().is_some_and(|c| !c.node_groups.is_empty())
    }

    /// A lab bundled into the build (every folder under `labs/`). Not in the browser's build, whose
    /// bundle has no `lab.yaml` (the page reads its labs parsed: `Lab::from_parsed`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn bundled(id: &str) -> Option<Result<Lab, String>> {
        let map = Lab::bundled_files(id)?;
        Some(Lab::from_files(&map).map_err(|e| format!("labs/{id}/{e}")))
    }

    /// A bundled lab's folder as it was written: path inside the folder → content.
    pub fn bundled_files(id: &str) -> Option<BTreeMap<String, String>> {
        let (_, files) = bundled::BUNDLED.iter().find(|(lab_id, _)| *lab_id == id)?;
        Some(crate::sort::map_from(files.iter().map(|(p, c)| (p.to_string(), c.to_string()))))
    }

    /// The ids of the bundled labs.
    pub fn bundled_ids() -> Vec<&'static str> {
        bundled::BUNDLED.iter().map(|(id, _)| *id).collect()
    }

    /// The cluster this lab starts from.
    pub fn shape(&self) -> ClusterShape {
        match &self.cluster {
            None => ClusterShape::default(),
            Some(spec) => ClusterShape {
                nodes: spec
                    .nodes
                    .iter()
                    .map(|n| NodeShape { name: n.name.clone(), ip: n.ip.clone(), cpu: n.cpu, memory_ki: n.memory_ki, gpus: n.gpus })
                    .chain(spec.node_groups.iter().flat_map(|g| {
                        (1..=g.count).map(move |i| NodeShape {
                            name: format!("{}{i:04}", g.prefix),
                            ip: format!("10.1.{}.{}", i / 250, i % 250 + 1),
                            cpu: g.cpu,
                            memory_ki: g.memory_ki,
                            gpus: g.gpus,
                        })
                    }))
                    .collect(),
                booted_secs_ago: ClusterShape::default().booted_secs_ago,
            },
        }
    }

    /// Catches an author's mistakes when the lab loads rather than when a learner meets them.
    fn validate(&self) -> Result<(), String> {
        if self.steps.is_empty() {
            return Err("lab.yaml: a lab needs at least one step".into());
        }
        if !self.workdir.starts_with('/') {
            return Err(format!("lab.yaml: workdir must be an absolute path, not {:?}", self.workdir));
        }
        if let Some(spec) = &self.cluster {
            if spec.nodes.is_empty() && spec.node_groups.iter().all(|g| g.count == 0) {
                return Err("lab.yaml: cluster.nodes or cluster.node_groups must give at least one node".into());
            }
            let total: u64 = spec.nodes.len() as u64 + spec.node_groups.iter().map(|g| u64::from(g.count)).sum::<u64>();
            if total > MAX_NODES {
                return Err(format!("lab.yaml: the cluster has {total} nodes; the simulator runs at most {MAX_NODES}"));
            }
        }
        for t in &self.traffic {
            if t.every_seconds == 0 {
                return Err(format!("lab.yaml: traffic for namespace {:?}: every_seconds must be at least 1", t.namespace));
            }
            if t.burst == 0 {
                return Err(format!("lab.yaml: traffic for namespace {:?}: burst must be at least 1", t.namespace));
            }
            let burst_ms = u64::from(t.burst - 1) * crate::cluster::traffic::BURST_GAP_MS;
            if burst_ms >= t.every_seconds * 1000 {
                return Err(format!(
                    "lab.yaml: traffic for namespace {:?}: a burst of {} Jobs takes {} ms (one every {} ms), longer than every_seconds",
                    t.namespace,
                    t.burst,
                    burst_ms,
                    crate::cluster::traffic::BURST_GAP_MS
                ));
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        for step in &self.steps {
            if !seen.insert(step.id.as_str()) {
                return Err(format!("lab.yaml: two steps have the id {:?}", step.id));
            }
            if step.checks.is_empty() {
                return Err(format!("lab.yaml: step {:?} has no checks", step.id));
            }
            for c in &step.checks {
                c.validate().map_err(|e| format!("lab.yaml: step {:?}: {e}", step.id))?;
            }
        }
        Ok(())
    }

    /// Whether the lab lets the bridge make this write on a real cluster: a kind it allows, in a
    /// namespace it allows (a Namespace itself must be one of them).
    pub fn allows(&self, w: &crate::cluster::audit::LearnerWrite) -> bool {
        let (api_version, kind, ns, name) = w.target();
        let Some(k) = crate::api::registry::SERVED.iter().find(|k| k.api_version() == api_version && k.kind == kind) else {
            return false;
        };
        self.allow.kinds.contains(&kind)
            && (!k.namespaced || self.allow.namespaces.contains(&ns))
            && (kind != "Namespace" || self.allow.namespaces.contains(&name))
    }

    /// Every kind the lab's checks read, for hosts that gather a snapshot.
    pub fn kinds_needed(&self) -> std::collections::BTreeSet<String> {
        crate::sort::set_from(self.steps.iter().flat_map(|s| &s.checks).flat_map(|c| c.kinds()).map(str::to_string))
    }

    /// Every file the lab's checks read, as absolute paths.
    pub fn files_needed(&self) -> std::collections::BTreeSet<String> {
        crate::sort::set_from(self.steps.iter().flat_map(|s| &s.checks).filter_map(|c| c.file()).map(|f| self.file_path(f)))
    }

    /// The absolute path of a file named relative to the workdir.
    pub fn file_path(&self, file: &str) -> String {
        if file.starts_with('/') {
            file.to_string()
        } else {
            format!("{}/{}", self.workdir.trim_end_matches('/'), file)
        }
    }
}
