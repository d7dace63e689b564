//! Declarative checks: typed predicates over what a [`ClusterView`] shows — files, objects,
//! conditions, events. Each judges an outcome, never the commands used, and a failing one says
//! what was expected, what is there, and where to look, in Korean and English.
//!
//! Checks that must survive later steps (train-1 is deleted in step 8) take `ever: true` and
//! then also accept the evidence a real cluster keeps: the events the object left behind.

use super::path::{scalar_text, FieldPath, MissingItem};
use super::view::{is_known_kind, ClusterView};
use super::{Lab, Text};
use crate::api::object::condition;
use crate::api::quantity::Quantity;
use crate::json::Value;
use crate::korean::{self, Josa};
use serde::{Deserialize, Serialize};

/// Kueue's label that puts a Job in a LocalQueue.
const QUEUE_LABEL: &str = "kueue.x-k8s.io/queue-name";
/// Kueue's label that gives a Job a WorkloadPriorityClass.
const PRIORITY_LABEL: &str = "kueue.x-k8s.io/priority-class";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "check", rename_all = "snake_case", deny_unknown_fields)]
pub enum Check {
    /// A file exists, parses as YAML and holds a document of this kind and name.
    FileObject {
        file: String,
        kind: String,
        name: String,
        #[serde(default)]
        namespace: Option<String>,
        #[serde(default)]
        api_version: Option<String>,
        #[serde(default)]
        fields: Vec<FieldCheck>,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// An object exists in the cluster, its fields match and its conditions are as given.
    Object {
        kind: String,
        name: String,
        #[serde(default)]
        namespace: String,
        #[serde(default)]
        fields: Vec<FieldCheck>,
        #[serde(default)]
        conditions: Vec<ConditionCheck>,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// The object does not exist (deleted, or never made).
    Absent {
        kind: String,
        name: String,
        #[serde(default)]
        namespace: String,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// Kueue admitted the Job (its Workload is `Admitted=True`); with `ever`, or did once.
    JobAdmitted {
        job: String,
        namespace: String,
        #[serde(default)]
        ever: bool,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// A pod of the Job is Running; with `ever`, or ran once.
    JobPodRunning {
        job: String,
        namespace: String,
        #[serde(default)]
        ever: bool,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// The Job's current Workload waited with this `QuotaReserved=False` reason (now, or as its
    /// events recorded). The Workload being the current Job's also proves the Job was not
    /// recreated after it waited.
    JobWaited {
        job: String,
        namespace: String,
        reason: String,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// The Job exists and Kueue made no Workload for it.
    NoWorkload {
        job: String,
        namespace: String,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// A file quotes what the cluster said about the Job's Workload: the reason or the message
    /// of its event (or condition) with this reason.
    FileQuotes {
        file: String,
        job: String,
        namespace: String,
        reason: String,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// The Job's current Workload (the one Kueue made for it, whatever its generated name) has
    /// these fields and conditions: its priority, its admission, what it reserved.
    JobWorkload {
        job: String,
        namespace: String,
        #[serde(default)]
        fields: Vec<FieldCheck>,
        #[serde(default)]
        conditions: Vec<ConditionCheck>,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// Kueue preempted the Job's current Workload: it is `Preempted=True` now (with this reason),
    /// or — with `ever`, after it was admitted again — its `Preempted` condition or event still
    /// says so. `preemptor` names the Job whose Workload took its place. Being the current
    /// Workload's history, it also proves the Job was not recreated since.
    JobPreempted {
        job: String,
        namespace: String,
        /// `InClusterQueue`, `InCohortReclamation`, `InCohortReclaimWhileBorrowing` or `InCohortFairSharing`.
        #[serde(default)]
        reason: Option<String>,
        #[serde(default)]
        preemptor: Option<JobRef>,
        #[serde(default)]
        ever: bool,
        #[serde(default)]
        hint: Option<Text>,
    },
    /// A `key=value` lines file (`format: kv`) or a JSON object (`format: json`) whose keys hold
    /// the expected values.
    FileValues {
        file: String,
        format: ValuesFormat,
        keys: Vec<KeyCheck>,
        #[serde(default)]
        hint: Option<Text>,
    },
}

/// A Job named by a check; the namespace defaults to the check's own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobRef {
    pub job: String,
    #[serde(default)]
    pub namespace: Option<String>,
}

/// Kueue's `Preempted` condition reasons and the words its message uses for each
/// (`HumanReadablePreemptionReasons`, pkg/scheduler/preemption/preemption.go). The longer phrase
/// comes first: "reclamation within the cohort" is a prefix of the while-borrowing one.
pub const PREEMPTION_REASONS: [(&str, &str); 4] = [
    ("InCohortReclaimWhileBorrowing", "reclamation within the cohort while borrowing"),
    ("InClusterQueue", "prioritization in the ClusterQueue"),
    ("InCohortReclamation", "reclamation within the cohort"),
    ("InCohortFairSharing", "Fair Sharing within the cohort"),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValuesFormat {
    Kv,
    Json,
}

/// One field of an object or document and what it must hold. Exactly one expectation is given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldCheck {
    pub path: String,
    /// Equal as scalars (`2` = `"2"`, `false` = `"false"`).
    #[serde(default)]
    pub equals: Option<Value>,
    /// Equal as Kubernetes quantities (`2Gi` = `2147483648`, `1000m` = `1`).
    #[serde(default)]
    pub quantity: Option<String>,
    #[serde(default)]
    pub exists: Option<bool>,
    #[serde(default)]
    pub contains: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionCheck {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(default)]
    pub reason: Option<String>,
}

/// A key of a values file: it must equal the literal `equals`, or what `equals_cluster` says
/// now. `compare_with` is only shown in the explanation (where the learner reads the value).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyCheck {
    pub key: String,
    #[serde(default)]
    pub equals: Option<Value>,
    #[serde(default)]
    pub equals_cluster: Option<ClusterValue>,
    #[serde(default)]
    pub compare_with: Option<ClusterValue>,
}

/// A value read from the cluster when the check runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ClusterValue {
    /// A field of an object.
    Field {
        kind: String,
        name: String,
        #[serde(default)]
        namespace: String,
        path: String,
    },
    /// The name of the Workload Kueue made for a Job, or `none` when there is none.
    WorkloadName {
        job: String,
        namespace: String,
        #[serde(default = "none_word")]
        none: String,
    },
}

fn none_word() -> String {
    "none".into()
}

/// A check's verdict: its one-line label, and when it fails, why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckResult {
    pub pass: bool,
    pub label: Text,
    /// What is wrong: expected, found, where to look. `None` when it passes.
    pub explanation: Option<Text>,
}

impl Check {
    fn hint(&self) -> Option<&Text> {
        match self {
            Check::FileObject { hint, .. }
            | Check::Object { hint, .. }
            | Check::Absent { hint, .. }
            | Check::JobAdmitted { hint, .. }
            | Check::JobPodRunning { hint, .. }
            | Check::JobWaited { hint, .. }
            | Check::NoWorkload { hint, .. }
            | Check::FileQuotes { hint, .. }
            | Check::JobPreempted { hint, .. }
            | Check::JobWorkload { hint, .. }
            | Check::FileValues { hint, .. } => hint.as_ref(),
        }
    }

    /// The kinds this check reads (a host that gathers a [`super::view::Snapshot`] lists these).
    pub fn kinds(&self) -> Vec<&str> {
        let mut kinds = match self {
            Check::FileObject { .. } => Vec::new(),
            Check::Object { kind, .. } | Check::Absent { kind, .. } => vec![kind.as_str()],
            Check::JobAdmitted { .. }
            | Check::JobPodRunning { .. }
            | Check::JobWaited { .. }
            | Check::NoWorkload { .. }
            | Check::FileQuotes { .. }
            | Check::JobWorkload { .. } => {
                vec!["Job", "Workload", "Pod", "Event"]
            }
            Check::JobPreempted { .. } => vec!["Job", "Workload", "Event", "ClusterQueue", "LocalQueue"],
            Check::FileValues { keys, .. } => keys
                .iter()
                .flat_map(|k| [&k.equals_cluster, &k.compare_with])
                .flatten()
                .map(|c| match c {
                    ClusterValue::Field { kind, .. } => kind.as_str(),
                    ClusterValue::WorkloadName { .. } => "Workload",
                })
                .chain(["Job"])
                .collect(),
        };
        if matches!(self, Check::Object { .. } | Check::Absent { .. }) {
            kinds.push("Job");
        }
        kinds
    }

    /// The files this check reads, relative to the workdir or absolute.
    pub fn file(&self) -> Option<&str> {
        match self {
            Check::FileObject { file, .. } | Check::FileQuotes { file, .. } | Check::FileValues { file, .. } => Some(file),
            _ => None,
        }
    }

    /// An author's mistake (unknown kind, bad path, an expectation missing) found at load time.
    pub fn validate(&self) -> Result<(), String> {
        let kind_ok = |k: &str| if is_known_kind(k) { Ok(()) } else { Err(format!("{k:?} is not a kind the simulator serves")) };
        let fields_ok = |fields: &[FieldCheck]| -> Result<(), String> {
            for f in fields {
                FieldPath::parse(&f.path)?;
                let n = [f.equals.is_some(), f.quantity.is_some(), f.exists.is_some(), f.contains.is_some()].iter().filter(|b| **b).count();
                if n != 1 {
                    return Err(format!("field {:?} needs exactly one of equals, quantity, exists, contains", f.path));
                }
                if let Some(q) = &f.quantity {
                    Quantity::parse(q).map_err(|e| format!("field {:?}: {e}", f.path))?;
                }
            }
            Ok(())
        };
        match self {
            Check::FileObject { kind, fields, .. } => {
                kind_ok(kind)?;
                fields_ok(fields)
            }
            Check::Object { kind, fields, .. } => {
                kind_ok(kind)?;
                fields_ok(fields)
            }
            Check::JobWorkload { fields, .. } => fields_ok(fields),
            Check::Absent { kind, .. } => kind_ok(kind),
            Check::JobPreempted { reason: Some(r), .. } if !PREEMPTION_REASONS.iter().any(|(known, _)| known == r) => Err(format!(
                "{r:?} is not a reason of Kueue's Preempted condition ({})",
                PREEMPTION_REASONS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
            )),
            Check::FileValues { keys, .. } => {
                for k in keys {
                    if k.equals.is_none() && k.equals_cluster.is_none() {
                        return Err(format!("key {:?} needs equals or equals_cluster", k.key));
                    }
                    for c in [&k.equals_cluster, &k.compare_with].into_iter().flatten() {
                        if let ClusterValue::Field { kind, path, .. } = c {
                            kind_ok(kind)?;
                            FieldPath::parse(path)?;
                        }
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The check's one-line description, shown beside its status.
    pub fn label(&self, lab: &Lab) -> Text {
        match self {
            Check::FileObject { file, kind, name, .. } => {
                let f = lab.file_path(file);
                Text::new(format!("`{f}` 에 {kind} `{name}`"), format!("`{f}` holds {kind} `{name}`"))
            }
            Check::Object { kind, name, namespace, conditions, .. } => {
                let at = in_ns(namespace);
                match conditions.first() {
                    Some(c) => Text::new(
                        format!("클러스터의 {kind} `{name}`{} 가 {}={}", at.ko, c.type_, c.status),
                        format!("{kind} `{name}`{} in the cluster is {}={}", at.en, c.type_, c.status),
                    ),
                    None => {
                        Text::new(format!("클러스터에 {kind} `{name}`{}", at.ko), format!("{kind} `{name}`{} exists in the cluster", at.en))
                    }
                }
            }
            Check::Absent { kind, name, namespace, .. } => {
                let at = in_ns(namespace);
                Text::new(format!("{kind} `{name}`{} 가 지워짐", at.ko), format!("{kind} `{name}`{} is deleted", at.en))
            }
            Check::JobAdmitted { job, .. } => {
                Text::new(format!("Job `{job}` 가 Kueue 에 입장(admitted)"), format!("Job `{job}` is admitted by Kueue"))
            }
            Check::JobPodRunning { job, .. } => {
                Text::new(format!("Job `{job}` 의 파드가 Running"), format!("Job `{job}`'s pod is Running"))
            }
            Check::JobWaited { job, reason, .. } => {
                Text::new(format!("Job `{job}` 의 Workload 가 {reason} 로 기다림"), format!("Job `{job}`'s Workload waited ({reason})"))
            }
            Check::NoWorkload { job, .. } => {
                Text::new(format!("Job `{job}` 에는 Workload 가 없음"), format!("Job `{job}` has no Workload"))
            }
            Check::FileQuotes { file, job, .. } => {
                let f = lab.file_path(file);
                Text::new(format!("`{f}` 에 `{job}` 이 기다리는 사유"), format!("`{f}` holds why `{job}` waits"))
            }
            Check::JobWorkload { job, conditions, .. } => match conditions.first() {
                Some(c) => Text::new(
                    format!("Job `{job}` 의 Workload 가 {}={}", c.type_, c.status),
                    format!("Job `{job}`'s Workload is {}={}", c.type_, c.status),
                ),
                None => Text::new(format!("Job `{job}` 의 Workload"), format!("Job `{job}`'s Workload")),
            },
            Check::JobPreempted { job, reason, preemptor, .. } => {
                let why = reason.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
                match preemptor {
                    Some(p) => Text::new(
                        format!("Job `{job}` 이 `{}` 에게 자리를 내줌(preempted){why}", p.job),
                        format!("Job `{job}` was preempted{why} by `{}`", p.job),
                    ),
                    None => Text::new(format!("Job `{job}` 이 선점됨(preempted){why}"), format!("Job `{job}` was preempted{why}")),
                }
            }
            Check::FileValues { file, keys, .. } => {
                let f = lab.file_path(file);
                let names = keys.iter().map(|k| k.key.as_str()).collect::<Vec<_>>().join(", ");
                Text::new(format!("`{f}` 의 {names}"), format!("{names} in `{f}`"))
            }
        }
    }

    /// Judges the check against the view.
    pub fn evaluate(&self, lab: &Lab, view: &dyn ClusterView) -> CheckResult {
        let verdict = match self {
            Check::FileObject { file, kind, name, namespace, api_version, fields, .. } => {
                file_object(view, &lab.file_path(file), kind, name, namespace.as_deref(), api_version.as_deref(), fields)
            }
            Check::Object { kind, name, namespace, fields, conditions, .. } => object(view, kind, name, namespace, fields, conditions),
            Check::Absent { kind, name, namespace, .. } => absent(view, kind, name, namespace),
            Check::JobAdmitted { job, namespace, ever, .. } => job_admitted(view, job, namespace, *ever),
            Check::JobPodRunning { job, namespace, ever, .. } => job_pod_running(view, job, namespace, *ever),
            Check::JobWaited { job, namespace, reason, .. } => job_waited(view, job, namespace, reason),
            Check::NoWorkload { job, namespace, .. } => no_workload(view, job, namespace),
            Check::FileQuotes { file, job, namespace, reason, .. } => file_quotes(view, &lab.file_path(file), job, namespace, reason),
            Check::FileValues { file, format, keys, .. } => file_values(view, &lab.file_path(file), *format, keys),
            Check::JobWorkload { job, namespace, fields, conditions, .. } => job_workload(view, job, namespace, fields, conditions),
            Check::JobPreempted { job, namespace, reason, preemptor, ever, .. } => {
                job_preempted(view, job, namespace, reason.as_deref(), preemptor.as_ref(), *ever)
            }
        };
        // The Korean built around names gets each particle in the form the name takes
        // (`train-1 이`, `team-a 를`); the lab's own hint is written by hand.
        let explanation = verdict.err().map(|why| {
            let ko = korean::fix_particles(&why.ko);
            match self.hint() {
                Some(h) => Text::new(format!("{ko} — {}", h.ko), format!("{} — {}", why.en, h.en)),
                None => Text::new(ko, why.en),
            }
        });
        let mut label = self.label(lab);
        label.ko = korean::fix_particles(&label.ko);
        CheckResult { pass: explanation.is_none(), label, explanation }
    }
}

type Verdict = Result<(), Text>;

fn fail(ko: impl Into<String>, en: impl Into<String>) -> Verdict {
    Err(Text::new(ko, en))
}

fn in_ns(namespace: &str) -> Text {
    if namespace.is_empty() {
        Text::default()
    } else {
        Text::new(format!(" ({namespace} 네임스페이스)"), format!(" (namespace {namespace})"))
    }
}

/// Equal as scalars, or as quantities when both read as one (`2` = `"2"`, `1Gi` = `1024Mi`).
pub fn loosely_equal(found: &Value, want: &Value) -> bool {
    if found.is_object() || found.is_array() || want.is_object() || want.is_array() {
        return found == want;
    }
    let (f, w) = (scalar_text(found), scalar_text(want));
    f == w || quantities_equal(&f, &w)
}

fn quantities_equal(a: &str, b: &str) -> bool {
    match (Quantity::parse(a.trim()), Quantity::parse(b.trim())) {
        (Ok(x), Ok(y)) => x.nanos == y.nanos,
        _ => false,
    }
}

/// How a found value reads in an explanation.
fn show(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

fn check_fields(obj: &Value, fields: &[FieldCheck], what: &Text) -> Verdict {
    for f in fields {
        let Ok(path) = FieldPath::parse(&f.path) else { continue };
        let found = path.values(obj);
        let (p_ko, p_en) = path.describe();
        let shown = || if found.is_empty() { "(없음)".to_string() } else { found.iter().map(|v| show(v)).collect::<Vec<_>>().join(", ") };
        let shown_en =
            || if found.is_empty() { "(absent)".to_string() } else { found.iter().map(|v| show(v)).collect::<Vec<_>>().join(", ") };
        if found.is_empty() && f.exists != Some(false) {
            if let Some(gap) = path.missing_item(obj) {
                return Err(missing_item_text(what, &gap));
            }
        }
        if let Some(want) = &f.equals {
            if !found.iter().any(|v| loosely_equal(v, want)) {
                return fail(
                    format!(
                        "{} 의 {p_ko} {} {} {} 하는데 지금은 {}",
                        what.ko,
                        korean::particle(&p_ko, Josa::IGa),
                        show(want),
                        korean::particle(&show(want), Josa::IeoyaYeoya),
                        shown()
                    ),
                    format!("{}: {p_en} should be {} but is {}", what.en, show(want), shown_en()),
                );
            }
        } else if let Some(q) = &f.quantity {
            if !found.iter().any(|v| quantities_equal(&scalar_text(v), q)) {
                return fail(
                    format!(
                        "{} 의 {p_ko} {} {q} {} 하는데 지금은 {}",
                        what.ko,
                        korean::particle(&p_ko, Josa::IGa),
                        korean::particle(q, Josa::IeoyaYeoya),
                        shown()
                    ),
                    format!("{}: {p_en} should be {q} but is {}", what.en, shown_en()),
                );
            }
        } else if let Some(want_exists) = f.exists {
            if found.is_empty() == want_exists {
                return if want_exists {
                    fail(
                        format!("{} 에 {p_ko} {} 없습니다", what.ko, korean::particle(&p_ko, Josa::IGa)),
                        format!("{} has no {p_en}", what.en),
                    )
                } else {
                    fail(
                        format!("{} 에 {p_ko} {} 없어야 하는데 {} 입니다", what.ko, korean::particle(&p_ko, Josa::IGa), shown()),
                        format!("{} should not have {p_en}, but it is {}", what.en, shown_en()),
                    )
                };
            }
        } else if let Some(sub) = &f.contains {
            if !found.iter().any(|v| scalar_text(v).contains(sub.as_str())) {
                return fail(
                    format!("{} 의 {p_ko} 에 {sub:?} {} 들어 있어야 하는데 지금은 {}", what.ko, korean::particle(sub, Josa::IGa), shown()),
                    format!("{}: {p_en} should contain {sub:?} but is {}", what.en, shown_en()),
                );
            }
        }
    }
    Ok(())
}

/// A list item a check looks for is not there: `flavors` has no `fake-gpu` (it has `fake-gpus`).
fn missing_item_text(what: &Text, gap: &MissingItem) -> Text {
    let want = if gap.field == "name" { format!("`{}`", gap.want) } else { format!("{}: `{}`", gap.field, gap.want) };
    let list = if gap.list.is_empty() { "list".to_string() } else { format!("`{}`", gap.list) };
    let listed: Vec<String> = gap.have.iter().map(|h| format!("`{h}`")).collect();
    let (have_ko, have_en) = if listed.is_empty() {
        (format!("{list} {} 비어 있습니다", korean::particle(&list, Josa::IGa)), format!("{list} is empty"))
    } else {
        (format!("있는 것: {}", listed.join(", ")), format!("it has {}", listed.join(", ")))
    };
    Text::new(
        format!("{} 의 {list} 에 {want} {} 없습니다 ({have_ko})", what.ko, korean::particle(&want, Josa::IGa)),
        format!("{} has no {want} in {list} ({have_en})", what.en),
    )
}

fn file_object(
    view: &dyn ClusterView,
    path: &str,
    kind: &str,
    name: &str,
    namespace: Option<&str>,
    api_version: Option<&str>,
    fields: &[FieldCheck],
) -> Verdict {
    let Some(text) = view.file(path) else {
        return fail(
            format!("`{path}` 파일이 아직 없습니다. 편집기에서 만들거나 터미널에서 `cat > {path}` 로 쓰세요"),
            format!("`{path}` does not exist yet. Create it in the editor, or with `cat > {path}` in the terminal"),
        );
    };
    let mut docs = Vec::new();
    for (i, doc) in serde_norway::Deserializer::from_str(&text).enumerate() {
        match Value::deserialize(doc) {
            Ok(Value::Null) => {}
            Ok(v) => docs.push(v),
            Err(e) => {
                return fail(
                    format!("`{path}` 의 {}번째 문서를 YAML 로 읽을 수 없습니다: {e}", i + 1),
                    format!("`{path}` document {} is not valid YAML: {e}", i + 1),
                )
            }
        }
    }
    let kind_of = |d: &Value| d.get("kind").map(scalar_text).unwrap_or_default();
    let name_of = |d: &Value| d.pointer("/metadata/name").map(scalar_text).unwrap_or_default();
    // Two documents may share a kind and name in different namespaces (a LocalQueue `lq` per team):
    // the one in the namespace asked for (or in none) is judged, else the first, whose namespace is then wrong.
    let ns_of = |d: &Value| d.pointer("/metadata/namespace").map(scalar_text);
    let named = |d: &&Value| kind_of(d) == kind && name_of(d) == name;
    let in_ns = |d: &&Value| namespace.is_none_or(|want| ns_of(d).is_none_or(|found| found == want));
    let Some(doc) = docs.iter().filter(named).find(in_ns).or_else(|| docs.iter().find(named)) else {
        let present: Vec<String> = docs.iter().map(|d| format!("{}/{}", kind_of(d), name_of(d))).collect();
        let present_ko =
            if present.is_empty() { "비어 있습니다".to_string() } else { format!("들어 있는 것: {}", present.join(", ")) };
        let present_en = if present.is_empty() { "it is empty".to_string() } else { format!("it holds {}", present.join(", ")) };
        return fail(
            format!("`{path}` 에 kind: {kind}, metadata.name: {name} 인 문서가 없습니다 ({present_ko})"),
            format!("`{path}` has no document with kind: {kind} and metadata.name: {name} ({present_en})"),
        );
    };
    if let Some(want) = api_version {
        let found = doc.get("apiVersion").map(scalar_text).unwrap_or_default();
        if found != want {
            return fail(
                format!("`{path}` 의 apiVersion 이 {found:?} 입니다. 이 클러스터는 {want} 를 받습니다"),
                format!("`{path}` says apiVersion {found:?}; this cluster takes {want}"),
            );
        }
    }
    if let (Some(want), Some(found)) = (namespace, doc.pointer("/metadata/namespace").map(scalar_text)) {
        if found != want {
            return fail(
                format!("`{path}` 의 metadata.namespace 가 {found:?} 입니다. {want} 여야 합니다"),
                format!("`{path}` puts it in namespace {found:?}; it belongs in {want}"),
            );
        }
    }
    check_fields(doc, fields, &Text::new(format!("`{path}`"), format!("`{path}`")))
}

/// Where else an object of this kind and name lives, for the wrong-namespace mistake.
fn found_elsewhere(view: &dyn ClusterView, kind: &str, name: &str, namespace: &str) -> Option<String> {
    view.find_by_name(kind, name)
        .and_then(|o| o.pointer("/metadata/namespace").and_then(Value::as_str).map(str::to_string))
        .filter(|ns| ns != namespace)
}

fn missing(view: &dyn ClusterView, kind: &str, name: &str, namespace: &str) -> Text {
    let at = in_ns(namespace);
    let mut t = Text::new(
        format!("클러스터에 {kind} `{name}`{} 가 없습니다", at.ko),
        format!("there is no {kind} `{name}`{} in the cluster", at.en),
    );
    if !namespace.is_empty() {
        if let Some(other) = found_elsewhere(view, kind, name, namespace) {
            t.ko.push_str(&format!(" ({other} 네임스페이스에 있습니다 — `-n {namespace}` 나 metadata.namespace 를 확인하세요)"));
            t.en.push_str(&format!(" (there is one in namespace {other} — check `-n {namespace}` or metadata.namespace)"));
        }
    }
    t
}

fn cond_field<'a>(c: &'a Value, f: &str) -> &'a str {
    c.get(f).and_then(Value::as_str).unwrap_or("")
}

fn object(
    view: &dyn ClusterView,
    kind: &str,
    name: &str,
    namespace: &str,
    fields: &[FieldCheck],
    conditions: &[ConditionCheck],
) -> Verdict {
    let Some(obj) = view.get(kind, namespace, name) else { return Err(missing(view, kind, name, namespace)) };
    // A ClusterQueue that is not Active is the learner's real mistake (a misspelled flavor…):
    // say so first, in words, before any field it makes look wrong.
    let inactive = match kind {
        "ClusterQueue" => cq_inactive(obj),
        "LocalQueue" => obj
            .pointer("/spec/clusterQueue")
            .and_then(Value::as_str)
            .and_then(|cq| view.get("ClusterQueue", "", cq))
            .and_then(cq_inactive)
            .map(|why| {
                Text::new(
                    format!("LocalQueue `{name}` 가 작업을 받을 수 없습니다: {}", why.ko),
                    format!("LocalQueue `{name}` cannot take work: {}", why.en),
                )
            }),
        _ => None,
    };
    let checked = check_fields(obj, fields, &Text::new(format!("{kind} `{name}`"), format!("{kind} `{name}`")))
        .and_then(|()| check_conditions(obj, kind, name, conditions));
    match (inactive, checked) {
        (Some(why), Err(also)) => Err(Text::new(format!("{}. 또한 {}", why.ko, also.ko), format!("{}. Also, {}", why.en, also.en))),
        (Some(why), Ok(())) if !conditions.is_empty() => Err(why),
        (_, checked) => checked,
    }
}

/// Why a ClusterQueue is not Active, in plain words, from its `Active` condition (reason and
/// Kueue's message); `None` when it is Active or has no condition yet.
pub fn cq_inactive(cq: &Value) -> Option<Text> {
    let c = condition(cq, "Active")?;
    if cond_field(c, "status") == "True" {
        return None;
    }
    let name = cq.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("");
    let (reason, message) = (cond_field(c, "reason"), cond_field(c, "message"));
    // Kueue lists names after "references missing ResourceFlavor(s): " and the like.
    let listed = |after: &str| -> Vec<String> {
        message
            .split_once(after)
            .map(|(_, rest)| {
                rest.split(['.', ' ']).next().unwrap_or("").split(',').filter(|n| !n.is_empty()).map(|n| format!("\"{n}\"")).collect()
            })
            .unwrap_or_default()
    };
    let quoted = |names: &[String]| names.join(", ");
    let (ko, en) = match reason {
        "FlavorNotFound" => {
            let names = listed("missing ResourceFlavor(s): ");
            let several = names.len() > 1;
            (
                format!(
                    "ResourceFlavor {} {} 없기 때문입니다. flavors 의 `name` 이 `kubectl get resourceflavors` 의 이름과 똑같아야 합니다",
                    quoted(&names),
                    korean::particle(&quoted(&names), Josa::IGa)
                ),
                format!(
                    "ResourceFlavor {} {} not exist. A flavor's `name` must match a name in `kubectl get resourceflavors` exactly",
                    quoted(&names),
                    if several { "do" } else { "does" }
                ),
            )
        }
        "Stopped" => ("멈춰 있기 때문입니다 (`spec.stopPolicy`)".to_string(), "it is stopped (`spec.stopPolicy`)".to_string()),
        "Terminating" => ("지워지는 중이기 때문입니다".to_string(), "it is being deleted".to_string()),
        "AdmissionCheckNotFound" => {
            let names = quoted(&listed("missing AdmissionCheck(s): "));
            (
                format!("AdmissionCheck {names} {} 없기 때문입니다", korean::particle(&names, Josa::IGa)),
                format!("AdmissionCheck {names} does not exist"),
            )
        }
        _ => {
            return Some(Text::new(
                format!("ClusterQueue `{name}` {} Active 가 아닙니다 ({reason}: {message})", korean::particle(name, Josa::IGa)),
                format!("ClusterQueue `{name}` is not Active ({reason}: {message})"),
            ))
        }
    };
    Some(Text::new(
        format!("ClusterQueue `{name}` {} Active 가 아닙니다. {ko} ({reason}: {message})", korean::particle(name, Josa::IGa)),
        format!("ClusterQueue `{name}` is not Active because {en} ({reason}: {message})"),
    ))
}

fn check_conditions(obj: &Value, kind: &str, name: &str, conditions: &[ConditionCheck]) -> Verdict {
    for want in conditions {
        match condition(obj, &want.type_) {
            None => {
                return fail(
                    format!("{kind} `{name}` 에 아직 {} 조건이 없습니다 (`kubectl describe {} {name}`)", want.type_, kind.to_lowercase()),
                    format!("{kind} `{name}` has no {} condition yet (`kubectl describe {} {name}`)", want.type_, kind.to_lowercase()),
                )
            }
            Some(c) => {
                let (status, reason, message) = (cond_field(c, "status"), cond_field(c, "reason"), cond_field(c, "message"));
                if status != want.status || want.reason.as_deref().is_some_and(|r| r != reason) {
                    return fail(
                        format!("{kind} `{name}` 의 {} 가 {status} 입니다 (reason {reason}: {message})", want.type_),
                        format!("{kind} `{name}` is {}={status} (reason {reason}: {message})", want.type_),
                    );
                }
            }
        }
    }
    Ok(())
}

fn absent(view: &dyn ClusterView, kind: &str, name: &str, namespace: &str) -> Verdict {
    match view.get(kind, namespace, name) {
        None => Ok(()),
        Some(o) if o.pointer("/metadata/deletionTimestamp").is_some() => fail(
            format!("{kind} `{name}` 가 지워지는 중입니다 (deletionTimestamp 가 있습니다)"),
            format!("{kind} `{name}` is being deleted (it has a deletionTimestamp)"),
        ),
        Some(_) => fail(
            format!("{kind} `{name}`{} 가 아직 있습니다", in_ns(namespace).ko),
            format!("{kind} `{name}`{} still exists", in_ns(namespace).en),
        ),
    }
}

fn uid(obj: &Value) -> &str {
    obj.pointer("/metadata/uid").and_then(Value::as_str).unwrap_or("")
}

/// The Workload Kueue made for this Job (owned by its uid).
fn workload_of<'v>(view: &'v dyn ClusterView, namespace: &str, job: &Value) -> Option<&'v Value> {
    let job_uid = uid(job);
    view.list("Workload", namespace).into_iter().find(|w| {
        w.pointer("/metadata/ownerReferences")
            .and_then(Value::as_array)
            .is_some_and(|refs| refs.iter().any(|r| r.get("uid").and_then(Value::as_str) == Some(job_uid)))
    })
}

/// Events about an object: by kind and name, and by uid when given. `name_prefix` narrows the
/// look-up (the whole name, for one object); `name_ok` decides.
fn events_about<'v>(
    view: &'v dyn ClusterView,
    namespace: &str,
    kind: &str,
    name_prefix: &str,
    name_ok: &dyn Fn(&str) -> bool,
    uid: Option<&str>,
) -> Vec<&'v Value> {
    view.events_about(namespace, kind, name_prefix)
        .into_iter()
        .filter(|e| {
            let io = &e["involvedObject"];
            io["name"].as_str().is_some_and(name_ok) && uid.is_none_or(|u| io["uid"] == u)
        })
        .collect()
}

/// Why Kueue has made no Workload for a Job that carries the queue label: the warning Kueue left
/// on the Job (a WorkloadPriorityClass that does not exist), or where to look.
fn no_workload_yet(view: &dyn ClusterView, namespace: &str, name: &str, job: &Value) -> Text {
    let warning = events_about(view, namespace, "Job", name, &|n| n == name, Some(uid(job))).into_iter().rfind(|e| e["type"] == "Warning");
    match warning {
        Some(e) if e["reason"] == "WorkloadPriorityClassNotFound" => {
            let msg = e["message"].as_str().unwrap_or("");
            let label = job.pointer("/metadata/labels").and_then(|l| l.get(PRIORITY_LABEL)).map(scalar_text).unwrap_or_default();
            Text::new(
                format!(
                    "Kueue 가 Job `{name}` 의 Workload 를 만들지 않았습니다: {msg}. `{PRIORITY_LABEL}: {label}` 라벨이 없는 WorkloadPriorityClass 를 가리킵니다. `kubectl get workloadpriorityclasses` 로 이름을 확인하고, Job 을 지운 뒤 올바른 라벨로 다시 만드세요"
                ),
                format!(
                    "Kueue made no Workload for Job `{name}`: {msg}. Its label `{PRIORITY_LABEL}: {label}` names a WorkloadPriorityClass that does not exist. Check the name with `kubectl get workloadpriorityclasses`, then delete the Job and create it again with the right label"
                ),
            )
        }
        Some(e) => {
            let (reason, msg) = (e["reason"].as_str().unwrap_or(""), e["message"].as_str().unwrap_or(""));
            Text::new(
                format!("Kueue 가 Job `{name}` 의 Workload 를 만들지 않았습니다. Job 에 남은 경고: {reason}: {msg} (`kubectl -n {namespace} describe job {name}`)"),
                format!("Kueue made no Workload for Job `{name}`. The Job's warning: {reason}: {msg} (`kubectl -n {namespace} describe job {name}`)"),
            )
        }
        None => Text::new(
            format!("Kueue 가 Job `{name}` 의 Workload 를 아직 만들지 않았습니다. LocalQueue 이름과 `kubectl -n {namespace} get workloads` 를 보세요"),
            format!("Kueue has not made a Workload for Job `{name}` yet. Check the LocalQueue name and `kubectl -n {namespace} get workloads`"),
        ),
    }
}

fn has_queue_label(job: &Value) -> Option<String> {
    job.pointer("/metadata/labels").and_then(|l| l.get(QUEUE_LABEL)).map(scalar_text)
}

fn no_queue_label(job: &Value, name: &str) -> Text {
    let labels: Vec<String> =
        job.pointer("/metadata/labels").and_then(Value::as_object).map(|m| m.keys().map(|k| k.to_string()).collect()).unwrap_or_default();
    let have = if labels.is_empty() { String::new() } else { format!(" ({})", labels.join(", ")) };
    Text::new(
        format!("Job `{name}` 에 `{QUEUE_LABEL}` 라벨이 없어 Kueue 가 맡지 않습니다{have}. 라벨 키를 확인하고, Job 을 지운 뒤 다시 만드세요"),
        format!("Job `{name}` has no `{QUEUE_LABEL}` label, so Kueue does not manage it{have}. Check the label key, then delete the Job and create it again"),
    )
}

fn job_admitted(view: &dyn ClusterView, name: &str, namespace: &str, ever: bool) -> Verdict {
    let Some(job) = view.get("Job", namespace, name) else {
        let started = events_about(view, namespace, "Job", name, &|n| n == name, None)
            .iter()
            .any(|e| e["reason"] == "Started" && e["message"].as_str().is_some_and(|m| m.starts_with("Admitted by clusterQueue")));
        if ever && started {
            return Ok(());
        }
        return Err(missing(view, "Job", name, namespace));
    };
    if has_queue_label(job).is_none() {
        return Err(no_queue_label(job, name));
    }
    let Some(wl) = workload_of(view, namespace, job) else { return Err(no_workload_yet(view, namespace, name, job)) };
    let wl_name = wl["metadata"]["name"].as_str().unwrap_or("");
    match condition(wl, "Admitted") {
        Some(c) if cond_field(c, "status") == "True" => Ok(()),
        _ => {
            let (reason, message) = condition(wl, "QuotaReserved")
                .map(|c| (cond_field(c, "reason").to_string(), cond_field(c, "message").to_string()))
                .unwrap_or_default();
            if let Some(why) = cluster_queue_of(view, namespace, wl).and_then(cq_inactive) {
                return fail(
                    format!("Workload `{wl_name}` 가 입장하지 못합니다: {}", why.ko),
                    format!("Workload `{wl_name}` cannot be admitted: {}", why.en),
                );
            }
            fail(
                format!("Workload `{wl_name}` 가 아직 입장하지 못했습니다 (QuotaReserved: {reason} — {message}). `kubectl -n {namespace} describe workload {wl_name}`"),
                format!("Workload `{wl_name}` is not admitted yet (QuotaReserved: {reason} — {message}). See `kubectl -n {namespace} describe workload {wl_name}`"),
            )
        }
    }
}

fn pods_of<'v>(view: &'v dyn ClusterView, namespace: &str, job: &str) -> Vec<&'v Value> {
    view.list("Pod", namespace)
        .into_iter()
        .filter(|p| {
            let l = &p["metadata"]["labels"];
            l["batch.kubernetes.io/job-name"] == job || l["job-name"] == job
        })
        .collect()
}

fn job_pod_running(view: &dyn ClusterView, name: &str, namespace: &str, ever: bool) -> Verdict {
    let pods = pods_of(view, namespace, name);
    let running = |p: &Value| p["status"]["phase"] == "Running" && p.pointer("/metadata/deletionTimestamp").is_none();
    let ran = |p: &Value| {
        p["status"]["phase"] == "Succeeded"
            || p.pointer("/status/containerStatuses").and_then(Value::as_array).is_some_and(|cs| {
                cs.iter().any(|c| c.pointer("/state/terminated/startedAt").is_some() || c.pointer("/state/running").is_some())
            })
    };
    if pods.iter().any(|p| running(p)) || (ever && pods.iter().any(|p| ran(p))) {
        return Ok(());
    }
    if ever {
        let prefix = format!("{name}-");
        let started =
            events_about(view, namespace, "Pod", &prefix, &|n| n.starts_with(&prefix), None).iter().any(|e| e["reason"] == "Started");
        if started {
            return Ok(());
        }
    }
    let Some(job) = view.get("Job", namespace, name) else { return Err(missing(view, "Job", name, namespace)) };
    if job.pointer("/spec/suspend") == Some(&Value::Bool(true)) {
        return fail(
            format!("Job `{name}` 가 멈춰(spec.suspend: true) 있어 파드가 없습니다. Kueue 가 입장시키면 풀립니다"),
            format!("Job `{name}` is suspended (spec.suspend: true), so it has no pod; Kueue lifts that on admission"),
        );
    }
    match pods.first() {
        None => fail(
            format!("Job `{name}` 의 파드가 아직 없습니다. 잠시 기다리거나 `kubectl -n {namespace} describe job {name}` 를 보세요"),
            format!("Job `{name}` has no pod yet. Wait a moment, or see `kubectl -n {namespace} describe job {name}`"),
        ),
        Some(p) => {
            let pod = p["metadata"]["name"].as_str().unwrap_or("");
            let phase = p["status"]["phase"].as_str().unwrap_or("Pending");
            let why = condition(p, "PodScheduled")
                .filter(|c| cond_field(c, "status") == "False")
                .map(|c| format!(" ({})", cond_field(c, "message")))
                .unwrap_or_default();
            fail(
                format!("파드 `{pod}` 가 {phase} 입니다{why}. `kubectl -n {namespace} describe pod {pod}`"),
                format!("pod `{pod}` is {phase}{why}. See `kubectl -n {namespace} describe pod {pod}`"),
            )
        }
    }
}

fn job_waited(view: &dyn ClusterView, name: &str, namespace: &str, reason: &str) -> Verdict {
    let Some(job) = view.get("Job", namespace, name) else { return Err(missing(view, "Job", name, namespace)) };
    if has_queue_label(job).is_none() {
        return Err(no_queue_label(job, name));
    }
    let Some(wl) = workload_of(view, namespace, job) else { return Err(no_workload_yet(view, namespace, name, job)) };
    let wl_name = wl["metadata"]["name"].as_str().unwrap_or("").to_string();
    let waiting_now =
        condition(wl, "QuotaReserved").is_some_and(|c| cond_field(c, "status") == "False" && cond_field(c, "reason") == reason);
    let waited =
        events_about(view, namespace, "Workload", &wl_name, &|n| n == wl_name, Some(uid(wl))).iter().any(|e| e["reason"] == reason);
    if waiting_now || waited {
        return Ok(());
    }
    fail(
        format!("Workload `{wl_name}` 는 {reason} 로 기다린 적이 없습니다: 바로 입장했습니다. 자리가 없을 때 제출해야 기다리고, Job 을 지우고 다시 만들면 기다린 기록이 없는 새 Workload 가 생깁니다"),
        format!("Workload `{wl_name}` never waited with {reason}: it was admitted at once. A Job waits only if it is submitted while there is no room for it, and a Job deleted and created again gets a new Workload with no such history"),
    )
}

fn no_workload(view: &dyn ClusterView, name: &str, namespace: &str) -> Verdict {
    let Some(job) = view.get("Job", namespace, name) else { return Err(missing(view, "Job", name, namespace)) };
    match workload_of(view, namespace, job) {
        None => Ok(()),
        Some(wl) => {
            let q = has_queue_label(job).unwrap_or_default();
            let wl_name = wl["metadata"]["name"].as_str().unwrap_or("");
            fail(
                format!("Kueue 가 Job `{name}` 의 Workload `{wl_name}` 를 만들었습니다 (라벨 {QUEUE_LABEL}={q}). 라벨 없이 다시 만드세요"),
                format!("Kueue made Workload `{wl_name}` for Job `{name}` (label {QUEUE_LABEL}={q}). Recreate it without the label"),
            )
        }
    }
}

fn normalize_ws(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn file_quotes(view: &dyn ClusterView, path: &str, job_name: &str, namespace: &str, reason: &str) -> Verdict {
    let Some(text) = view.file(path) else {
        return fail(format!("`{path}` 파일이 아직 없습니다"), format!("`{path}` does not exist yet"));
    };
    if text.trim().is_empty() {
        return fail(format!("`{path}` 가 비어 있습니다"), format!("`{path}` is empty"));
    }
    let Some(job) = view.get("Job", namespace, job_name) else { return Err(missing(view, "Job", job_name, namespace)) };
    let Some(wl) = workload_of(view, namespace, job) else { return Err(no_workload_yet(view, namespace, job_name, job)) };
    let wl_name = wl["metadata"]["name"].as_str().unwrap_or("").to_string();
    let mut said: Vec<String> = events_about(view, namespace, "Workload", &wl_name, &|n| n == wl_name, Some(uid(wl)))
        .iter()
        .filter(|e| e["reason"] == reason)
        .filter_map(|e| e["message"].as_str().map(str::to_string))
        .collect();
    if let Some(c) = condition(wl, "QuotaReserved").filter(|c| cond_field(c, "reason") == reason) {
        said.push(cond_field(c, "message").to_string());
    }
    if said.is_empty() {
        return fail(
            format!("Workload `{wl_name}` 가 {reason} 를 보고한 적이 없습니다. 먼저 `{job_name}` 이 기다리게 하세요"),
            format!("Workload `{wl_name}` has never reported {reason}. Make `{job_name}` wait first"),
        );
    }
    let have = normalize_ws(&text);
    if have.contains(reason) || said.iter().any(|m| !m.is_empty() && have.contains(&normalize_ws(m))) {
        return Ok(());
    }
    fail(
        format!("`{path}` 에 Workload `{wl_name}` 가 남긴 사유가 없습니다. 기대: reason {reason} 또는 message \"{}\"", said[0]),
        format!("`{path}` does not hold what Workload `{wl_name}` reported. Expected the reason {reason} or the message \"{}\"", said[0]),
    )
}

fn resolve(view: &dyn ClusterView, v: &ClusterValue) -> (Option<Value>, Text) {
    match v {
        ClusterValue::Field { kind, name, namespace, path } => {
            let found = view
                .get(kind, namespace, name)
                .and_then(|o| FieldPath::parse(path).ok().and_then(|p| p.values(o).first().map(|v| (*v).clone())));
            let (ko, en) = FieldPath::parse(path).map(|p| p.describe()).unwrap_or_else(|_| (path.clone(), path.clone()));
            (found, Text::new(format!("{kind} {name} 의 {ko}"), format!("{kind} {name}'s {en}")))
        }
        ClusterValue::WorkloadName { job, namespace, none } => {
            let name = view
                .get("Job", namespace, job)
                .and_then(|j| workload_of(view, namespace, j))
                .and_then(|w| w["metadata"]["name"].as_str().map(str::to_string))
                .unwrap_or_else(|| none.clone());
            (
                Some(Value::String(name.into())),
                Text::new(format!("Job {job} 의 Workload 이름"), format!("the name of Job {job}'s Workload")),
            )
        }
    }
}

fn file_values(view: &dyn ClusterView, path: &str, format: ValuesFormat, keys: &[KeyCheck]) -> Verdict {
    let Some(text) = view.file(path) else {
        return fail(format!("`{path}` 파일이 아직 없습니다"), format!("`{path}` does not exist yet"));
    };
    let values: crate::json::Map = match format {
        ValuesFormat::Json => match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(m)) => m,
            Ok(_) => {
                return fail(format!("`{path}` 는 JSON 객체({{...}})여야 합니다"), format!("`{path}` must hold a JSON object ({{...}})"))
            }
            Err(e) => return fail(format!("`{path}` 를 JSON 으로 읽을 수 없습니다: {e}"), format!("`{path}` is not valid JSON: {e}")),
        },
        ValuesFormat::Kv => text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), Value::String(v.trim().trim_matches('"').to_string().into())))
            .collect(),
    };
    for k in keys {
        let Some(found) = values.get(&k.key) else {
            let form = if format == ValuesFormat::Kv { format!("`{}=...`", k.key) } else { format!("\"{}\"", k.key) };
            return fail(format!("`{path}` 에 {form} 가 없습니다"), format!("`{path}` has no {form}"));
        };
        let accepted = k.equals_cluster.as_ref().map(|c| resolve(view, c));
        let ok = k.equals.as_ref().is_some_and(|w| loosely_equal(found, w))
            || accepted.as_ref().is_some_and(|(v, _)| v.as_ref().is_some_and(|v| loosely_equal(found, v)));
        let live = accepted.or_else(|| k.compare_with.as_ref().map(|c| resolve(view, c)));
        if !ok {
            let mut ko = format!("`{path}` 의 {} 가 {} 입니다", k.key, show(found));
            let mut en = format!("`{path}` says {} = {}", k.key, show(found));
            if let Some(w) = &k.equals {
                ko.push_str(&format!("; 기대값 {}", show(w)));
                en.push_str(&format!("; expected {}", show(w)));
            }
            if let Some((v, what)) = &live {
                let now = v.as_ref().map(show).unwrap_or_else(|| "?".into());
                ko.push_str(&format!(" (지금 {} = {now})", what.ko));
                en.push_str(&format!(" ({} is {now} now)", what.en));
            }
            return fail(ko, en);
        }
    }
    Ok(())
}

/// One sign that a Workload was preempted: Kueue's message, and the reason it gave (the
/// condition's, or read back from the message's words once the condition has moved on).
struct Preemption {
    /// `Preempted=True` now (evicted and not admitted again yet).
    now: bool,
    reason: Option<String>,
    message: String,
}

/// The `Preempted` reason whose words a preemption message uses (`… due to <words>; …`).
fn preemption_reason_in(message: &str) -> Option<&'static str> {
    PREEMPTION_REASONS.iter().find(|(_, words)| message.contains(&format!("due to {words};"))).map(|(r, _)| *r)
}

/// What the Workload's condition and events say about its preemptions.
fn preemptions_of(view: &dyn ClusterView, namespace: &str, wl: &Value) -> Vec<Preemption> {
    let mut out = Vec::new();
    if let Some(c) = condition(wl, "Preempted") {
        let message = cond_field(c, "message");
        if cond_field(c, "status") == "True" {
            out.push(Preemption { now: true, reason: Some(cond_field(c, "reason").to_string()), message: message.to_string() });
        } else if let Some(prev) = message.strip_prefix("Previously: ") {
            out.push(Preemption { now: false, reason: preemption_reason_in(prev).map(str::to_string), message: prev.to_string() });
        }
    }
    let wl_name = wl["metadata"]["name"].as_str().unwrap_or("");
    for e in events_about(view, namespace, "Workload", wl_name, &|n| n == wl_name, Some(uid(wl))) {
        if e["reason"] == "Preempted" {
            let message = e["message"].as_str().unwrap_or("").to_string();
            out.push(Preemption { now: false, reason: preemption_reason_in(&message).map(str::to_string), message });
        }
    }
    out
}

/// The Job uid a preemption message names (`… (UID: <workload>, JobUID: <job>) …`).
fn preemptor_job_uid(message: &str) -> Option<&str> {
    let rest = &message[message.find("JobUID: ")? + "JobUID: ".len()..];
    rest.split(')').next()
}

fn priority_of(wl: &Value) -> (i64, String) {
    let value = wl.pointer("/spec/priority").and_then(Value::as_i64).unwrap_or(0);
    let class = wl.pointer("/spec/priorityClassRef/name").and_then(Value::as_str).map(str::to_string).unwrap_or_default();
    (value, class)
}

/// The ClusterQueue a Workload is admitted to, or the one its LocalQueue points at.
fn cluster_queue_of<'v>(view: &'v dyn ClusterView, namespace: &str, wl: &Value) -> Option<&'v Value> {
    let name = wl.pointer("/status/admission/clusterQueue").and_then(Value::as_str).map(str::to_string).or_else(|| {
        let lq = wl.pointer("/spec/queueName").and_then(Value::as_str)?;
        view.get("LocalQueue", namespace, lq)?.pointer("/spec/clusterQueue").and_then(Value::as_str).map(str::to_string)
    })?;
    view.get("ClusterQueue", "", &name)
}

fn job_preempted(
    view: &dyn ClusterView,
    name: &str,
    namespace: &str,
    reason: Option<&str>,
    preemptor: Option<&JobRef>,
    ever: bool,
) -> Verdict {
    let Some(job) = view.get("Job", namespace, name) else { return Err(missing(view, "Job", name, namespace)) };
    if has_queue_label(job).is_none() {
        return Err(no_queue_label(job, name));
    }
    let Some(wl) = workload_of(view, namespace, job) else { return Err(no_workload_yet(view, namespace, name, job)) };
    let wl_name = wl["metadata"]["name"].as_str().unwrap_or("").to_string();
    let all = preemptions_of(view, namespace, wl);
    let seen: Vec<&Preemption> = all.iter().filter(|p| ever || p.now).collect();
    if seen.is_empty() {
        if !all.is_empty() {
            return fail(
                format!("Workload `{wl_name}` 는 선점된 적이 있지만 지금은 다시 입장해 있습니다 (Preempted 조건이 False)"),
                format!("Workload `{wl_name}` was preempted earlier but is admitted again now (its Preempted condition is False)"),
            );
        }
        return Err(not_preempted(view, namespace, name, wl, preemptor));
    }
    let with_reason: Vec<&Preemption> = seen.iter().copied().filter(|p| reason.is_none_or(|r| p.reason.as_deref() == Some(r))).collect();
    let Some(first) = with_reason.first() else {
        let p = seen[0];
        let got = p.reason.as_deref().unwrap_or("?");
        let want = reason.unwrap_or_default();
        return fail(
            format!("Workload `{wl_name}` 는 {want} 가 아니라 {got} 사유로 선점되었습니다: \"{}\". 어떤 선점 정책이 작동했는지 ClusterQueue 의 `spec.preemption` 을 보세요", p.message),
            format!("Workload `{wl_name}` was preempted with reason {got}, not {want}: \"{}\". See which policy acted in the ClusterQueue's `spec.preemption`", p.message),
        );
    };
    let Some(pr) = preemptor else { return Ok(()) };
    let pns = pr.namespace.as_deref().unwrap_or(namespace);
    let want_uid = view.get("Job", pns, &pr.job).map(|j| uid(j).to_string()).filter(|u| !u.is_empty());
    if with_reason.iter().any(|p| want_uid.as_deref().is_some_and(|u| preemptor_job_uid(&p.message) == Some(u))) {
        return Ok(());
    }
    let by_uid = preemptor_job_uid(&first.message).unwrap_or("?");
    let by = view
        .list("Job", "")
        .into_iter()
        .find(|j| uid(j) == by_uid)
        .map(|j| format!("`{}/{}`", j["metadata"]["namespace"].as_str().unwrap_or(""), j["metadata"]["name"].as_str().unwrap_or("")));
    let (by_ko, by_en) = match &by {
        Some(b) => (format!("Job {b} 의 Workload"), format!("a Workload of Job {b}")),
        None => (
            format!("JobUID {by_uid} 인, 지금은 없는 Job 의 Workload"),
            format!("a Workload of a Job that no longer exists (JobUID {by_uid})"),
        ),
    };
    match want_uid {
        None => fail(
            format!("Workload `{wl_name}` 를 선점한 것은 {by_ko} 입니다. Job `{}` ({pns} 네임스페이스)는 클러스터에 없습니다", pr.job),
            format!("Workload `{wl_name}` was preempted by {by_en}; there is no Job `{}` (namespace {pns}) in the cluster", pr.job),
        ),
        Some(_) => fail(
            format!("Workload `{wl_name}` 를 선점한 것은 Job `{}` 이 아니라 {by_ko} 입니다. 메시지의 JobUID 를 `kubectl get jobs -A -o custom-columns=NAME:.metadata.name,UID:.metadata.uid` 와 맞춰 보세요", pr.job),
            format!("Workload `{wl_name}` was preempted by {by_en}, not by Job `{}`. Match the message's JobUID against `kubectl get jobs -A -o custom-columns=NAME:.metadata.name,UID:.metadata.uid`", pr.job),
        ),
    }
}

/// Why a Workload shows no preemption: the Job was recreated since, the preemptor has no
/// Workload or no higher priority, or the ClusterQueue's policy forbids it.
fn not_preempted(view: &dyn ClusterView, namespace: &str, name: &str, wl: &Value, preemptor: Option<&JobRef>) -> Text {
    let wl_name = wl["metadata"]["name"].as_str().unwrap_or("");
    let prefix = format!("job-{name}-");
    let earlier = events_about(view, namespace, "Workload", &prefix, &|n| n.starts_with(&prefix), None)
        .iter()
        .any(|e| e["reason"] == "Preempted" && e["involvedObject"]["uid"] != uid(wl));
    if earlier {
        return Text::new(
            format!("Job `{name}` 의 예전 Workload 는 선점되었지만, 그 뒤 Job 을 지우고 다시 만들어 새 Workload `{wl_name}` 에는 그 기록이 없습니다. 선점된 Job 은 그대로 두세요: Kueue 가 자리가 나면 스스로 다시 입장시킵니다"),
            format!("An earlier Workload of Job `{name}` was preempted, but the Job was deleted and created again since, and its new Workload `{wl_name}` has no such history. Leave a preempted Job alone: Kueue admits it again by itself when room frees up"),
        );
    }
    let admitted = condition(wl, "Admitted").is_some_and(|c| cond_field(c, "status") == "True");
    let (state_ko, state_en) = if admitted {
        ("아직 입장(Admitted=True)한 채입니다".to_string(), "it is still admitted".to_string())
    } else {
        let (r, m) = condition(wl, "QuotaReserved").map(|c| (cond_field(c, "reason"), cond_field(c, "message"))).unwrap_or_default();
        (format!("입장하지 않은 채 기다립니다 (QuotaReserved: {r} — {m})"), format!("it is not admitted (QuotaReserved: {r} — {m})"))
    };
    let generic = Text::new(
        format!("Workload `{wl_name}` (Job `{name}`) 는 선점된 적이 없습니다: {state_ko}. Kueue 는 더 높은 우선순위의 Workload 가 쿼터에 들어가지 못할 때만 자리를 비웁니다. `kubectl -n {namespace} get workloads` 와 `kubectl -n {namespace} describe workload {wl_name}` 를 보세요"),
        format!("Workload `{wl_name}` (Job `{name}`) has never been preempted: {state_en}. Kueue evicts a Workload only to admit a higher-priority one that does not fit otherwise. See `kubectl -n {namespace} get workloads` and `kubectl -n {namespace} describe workload {wl_name}`"),
    );
    let Some(pr) = preemptor else { return generic };
    let pns = pr.namespace.as_deref().unwrap_or(namespace);
    let Some(pjob) = view.get("Job", pns, &pr.job) else {
        return Text::new(
            format!("Workload `{wl_name}` 는 선점된 적이 없습니다. 자리를 빼앗을 Job `{}` ({pns} 네임스페이스)가 아직 없습니다", pr.job),
            format!("Workload `{wl_name}` has never been preempted: the Job that should take its place, `{}` (namespace {pns}), does not exist yet", pr.job),
        );
    };
    if has_queue_label(pjob).is_none() {
        return no_queue_label(pjob, &pr.job);
    }
    let Some(pwl) = workload_of(view, pns, pjob) else { return no_workload_yet(view, pns, &pr.job, pjob) };
    let ((pp, pclass), (vp, vclass)) = (priority_of(pwl), priority_of(wl));
    let class = |c: &str, ko: bool| match (c.is_empty(), ko) {
        (true, true) => "우선순위 클래스 없음".to_string(),
        (true, false) => "no priority class".to_string(),
        (false, true) => format!("클래스 {c}"),
        (false, false) => format!("class {c}"),
    };
    if pp <= vp {
        return Text::new(
            format!("Workload `{wl_name}` 는 선점되지 않았습니다: `{}` 의 Workload 우선순위가 {pp} ({}) 로, `{name}` 의 {vp} ({}) 보다 높지 않습니다. Job `{}` 의 `{PRIORITY_LABEL}` 라벨을 확인하세요", pr.job, class(&pclass, true), class(&vclass, true), pr.job),
            format!("Workload `{wl_name}` was not preempted: `{}`'s Workload has priority {pp} ({}), not higher than `{name}`'s {vp} ({}). Check Job `{}`'s `{PRIORITY_LABEL}` label", pr.job, class(&pclass, false), class(&vclass, false), pr.job),
        );
    }
    if admitted && condition(pwl, "Admitted").is_some_and(|c| cond_field(c, "status") == "True") {
        return Text::new(
            format!("Workload `{wl_name}` 는 선점되지 않았습니다: `{}` 는 아무것도 내보내지 않고 입장했습니다. 쿼터에 자리가 남아 있었기 때문입니다. Kueue 는 우선순위가 높은 Workload 가 그냥은 들어갈 수 없을 때만 선점합니다", pr.job),
            format!("Workload `{wl_name}` was not preempted: `{}` was admitted without evicting anything, because the quota had room left. Kueue preempts only when a higher-priority Workload does not fit otherwise", pr.job),
        );
    }
    let (Some(pcq), Some(vcq)) = (cluster_queue_of(view, pns, pwl), cluster_queue_of(view, namespace, wl)) else { return generic };
    let cq_name = |cq: &Value| cq["metadata"]["name"].as_str().unwrap_or("").to_string();
    let (pcq_name, same_cq) = (cq_name(pcq), cq_name(pcq) == cq_name(vcq));
    let (field, policy) = if same_cq {
        ("withinClusterQueue", pcq.pointer("/spec/preemption/withinClusterQueue").and_then(Value::as_str).unwrap_or("Never"))
    } else {
        ("reclaimWithinCohort", pcq.pointer("/spec/preemption/reclaimWithinCohort").and_then(Value::as_str).unwrap_or("Never"))
    };
    if policy == "Never" {
        return Text::new(
            format!("Workload `{wl_name}` 는 선점되지 않았습니다: ClusterQueue `{pcq_name}` 의 `spec.preemption.{field}` 가 Never 라서 Kueue 가 자리를 비우지 않고, `{}` 는 쿼터가 날 때까지 기다립니다. `kubectl describe clusterqueue {pcq_name}` 의 Preemption 을 보세요", pr.job),
            format!("Workload `{wl_name}` was not preempted: ClusterQueue `{pcq_name}` has `spec.preemption.{field}: Never`, so Kueue makes no room and `{}` waits for quota instead. See Preemption in `kubectl describe clusterqueue {pcq_name}`", pr.job),
        );
    }
    generic
}

fn job_workload(view: &dyn ClusterView, name: &str, namespace: &str, fields: &[FieldCheck], conditions: &[ConditionCheck]) -> Verdict {
    let Some(job) = view.get("Job", namespace, name) else { return Err(missing(view, "Job", name, namespace)) };
    if has_queue_label(job).is_none() {
        return Err(no_queue_label(job, name));
    }
    let Some(wl) = workload_of(view, namespace, job) else { return Err(no_workload_yet(view, namespace, name, job)) };
    let wl_name = wl["metadata"]["name"].as_str().unwrap_or("").to_string();
    check_fields(wl, fields, &Text::new(format!("Job `{name}` 의 Workload `{wl_name}`"), format!("Job `{name}`'s Workload `{wl_name}`")))?;
    check_conditions(wl, "Workload", &wl_name, conditions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;
    use crate::lab::view::Snapshot;

    const MSG: &str = "Preempted to accommodate a workload (UID: w-high, JobUID: j-high) due to prioritization in the ClusterQueue; preemptor path: /team-a; preemptee path: /team-a";

    fn job(name: &str, uid: &str, labels: Value) -> Value {
        json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": name, "namespace": "team-a", "uid": uid, "labels": labels}})
    }

    fn workload(name: &str, uid: &str, job_uid: &str, priority: i64, class: &str, conditions: Value) -> Value {
        json!({
            "apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "Workload",
            "metadata": {"name": name, "namespace": "team-a", "uid": uid, "ownerReferences": [{"kind": "Job", "uid": job_uid}]},
            "spec": {"queueName": "lq", "priority": priority, "priorityClassRef": {"group": "kueue.x-k8s.io", "kind": "WorkloadPriorityClass", "name": class}},
            "status": {"conditions": conditions}
        })
    }

    fn event(kind: &str, name: &str, uid: &str, type_: &str, reason: &str, message: &str) -> Value {
        json!({"involvedObject": {"kind": kind, "name": name, "namespace": "team-a", "uid": uid}, "metadata": {"namespace": "team-a"},
               "type": type_, "reason": reason, "message": message})
    }

    #[test]
    fn an_object_missing_here_but_in_another_namespace_is_pointed_at_by_the_store_and_a_snapshot_alike() {
        let mut api = crate::api::server::ApiServer::empty(1);
        let mut snapshot = Snapshot::default();
        for ns in ["team-b", "team-c"] {
            let namespace = json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}});
            api.create(0, crate::api::server::kind_info("Namespace"), "", namespace.clone(), false).unwrap();
            snapshot.objects.entry("Namespace".to_string()).or_default().push(namespace);
            let cm = json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings", "namespace": ns}});
            let stored = api.create(0, crate::api::server::kind_info("ConfigMap"), ns, cm, false).unwrap();
            snapshot.objects.entry("ConfigMap".to_string()).or_default().push(Value::clone(&stored));
        }
        let fs = crate::vfs::Vfs::default();
        let sim = crate::lab::view::SimView { api: &api, fs: &fs };
        for view in [&sim as &dyn ClusterView, &snapshot] {
            let t = missing(view, "ConfigMap", "settings", "team-a");
            assert!(t.en.ends_with("(there is one in namespace team-b — check `-n team-a` or metadata.namespace)"), "{}", t.en);
            assert!(!missing(view, "ConfigMap", "other", "team-a").en.contains("there is one"));
        }
    }

    fn cond(type_: &str, status: &str, reason: &str, message: &str) -> Value {
        json!({"type": type_, "status": status, "reason": reason, "message": message})
    }

    /// train-low (priority 100) and train-high (priority 1000) in ClusterQueue team-a, whose
    /// policy is `policy`; the low Workload's conditions and the events are the caller's.
    fn cluster(low_conditions: Value, events: Vec<Value>, policy: &str) -> Snapshot {
        let labels = |class: &str| json!({QUEUE_LABEL: "lq", PRIORITY_LABEL: class});
        let mut s = Snapshot::default();
        s.objects.insert("Job".to_string(), vec![job("train-low", "j-low", labels("low")), job("train-high", "j-high", labels("high"))]);
        s.objects.insert(
            "Workload".into(),
            vec![
                workload("job-train-low-1", "w-low", "j-low", 100, "low", low_conditions),
                workload(
                    "job-train-high-2",
                    "w-high",
                    "j-high",
                    1000,
                    "high",
                    json!([cond("QuotaReserved", "False", "WaitingForQuota", "insufficient")]),
                ),
            ],
        );
        s.objects.insert(
            "LocalQueue".into(),
            vec![json!({"metadata": {"name": "lq", "namespace": "team-a"}, "spec": {"clusterQueue": "team-a"}})],
        );
        s.objects.insert(
            "ClusterQueue".into(),
            vec![json!({"metadata": {"name": "team-a"}, "spec": {"preemption": {"withinClusterQueue": policy}}})],
        );
        s.objects.insert("Event".to_string(), events);
        s
    }

    fn high() -> JobRef {
        JobRef { job: "train-high".into(), namespace: None }
    }

    fn preempted_now() -> Value {
        json!([cond("Evicted", "True", "Preempted", MSG), cond("Preempted", "True", "InClusterQueue", MSG)])
    }

    #[test]
    fn job_preempted_reads_the_condition_while_the_victim_waits() {
        let view = cluster(preempted_now(), vec![], "LowerPriority");
        assert_eq!(job_preempted(&view, "train-low", "team-a", Some("InClusterQueue"), Some(&high()), false), Ok(()));
        let err = job_preempted(&view, "train-low", "team-a", Some("InCohortReclamation"), None, false).unwrap_err();
        assert!(err.en.contains("was preempted with reason InClusterQueue, not InCohortReclamation"), "{}", err.en);
        assert!(err.ko.contains("InCohortReclamation 가 아니라 InClusterQueue 사유로"), "{}", err.ko);
    }

    #[test]
    fn job_preempted_ever_reads_the_history_once_the_victim_is_back() {
        let back = json!([
            cond("Admitted", "True", "Admitted", "The workload is admitted"),
            cond("Preempted", "False", "QuotaReserved", &format!("Previously: {MSG}")),
        ]);
        let view = cluster(back.clone(), vec![], "LowerPriority");
        assert_eq!(job_preempted(&view, "train-low", "team-a", Some("InClusterQueue"), Some(&high()), true), Ok(()));
        let err = job_preempted(&view, "train-low", "team-a", None, None, false).unwrap_err();
        assert!(err.en.contains("is admitted again now"), "{}", err.en);
        // The event alone is evidence too (a condition may have been rewritten since).
        let said = format!(
            "{MSG}; preemptor effective priority: 1000 (base: 1000, boost: 0); preemptee effective priority: 100 (base: 100, boost: 0)"
        );
        let events = vec![event("Workload", "job-train-low-1", "w-low", "Normal", "Preempted", &said)];
        let view = cluster(json!([cond("Admitted", "True", "Admitted", "")]), events, "LowerPriority");
        assert_eq!(job_preempted(&view, "train-low", "team-a", Some("InClusterQueue"), Some(&high()), true), Ok(()));
    }

    #[test]
    fn job_preempted_names_the_actual_preemptor() {
        let mut view = cluster(preempted_now(), vec![], "LowerPriority");
        view.objects.get_mut("Job").unwrap().push(job("sneaky", "j-sneaky", json!({QUEUE_LABEL: "lq"})));
        let other = JobRef { job: "sneaky".into(), namespace: None };
        let err = job_preempted(&view, "train-low", "team-a", None, Some(&other), true).unwrap_err();
        assert!(err.en.contains("was preempted by a Workload of Job `team-a/train-high`, not by Job `sneaky`"), "{}", err.en);
    }

    #[test]
    fn job_preempted_explains_why_nothing_happened() {
        let waiting = json!([cond("Admitted", "True", "Admitted", "")]);
        // The ClusterQueue forbids preemption.
        let err = job_preempted(&cluster(waiting.clone(), vec![], "Never"), "train-low", "team-a", None, Some(&high()), true).unwrap_err();
        assert!(
            err.en.contains("has `spec.preemption.withinClusterQueue: Never`, so Kueue makes no room and `train-high` waits"),
            "{}",
            err.en
        );
        assert!(err.ko.contains("Never 라서 Kueue 가 자리를 비우지 않고"), "{}", err.ko);
        // The preemptor's priority is not higher.
        let mut view = cluster(waiting.clone(), vec![], "LowerPriority");
        view.objects.get_mut("Workload").unwrap()[1]["spec"]["priority"] = json!(100);
        let err = job_preempted(&view, "train-low", "team-a", None, Some(&high()), true).unwrap_err();
        assert!(err.en.contains("has priority 100 (class high), not higher than `train-low`'s 100 (class low)"), "{}", err.en);
        // The preemptor has no Workload: its priority class does not exist.
        let mut view = cluster(
            waiting.clone(),
            vec![event(
                "Job",
                "train-high",
                "j-high",
                "Warning",
                "WorkloadPriorityClassNotFound",
                "WorkloadPriorityClass \"high\" not found",
            )],
            "LowerPriority",
        );
        view.objects.get_mut("Workload").unwrap().pop();
        let err = job_preempted(&view, "train-low", "team-a", None, Some(&high()), true).unwrap_err();
        assert!(err.en.contains("Kueue made no Workload for Job `train-high`: WorkloadPriorityClass \"high\" not found"), "{}", err.en);
        // The victim's Job was recreated after it was preempted.
        let old = event("Workload", "job-train-low-9", "w-old", "Normal", "Preempted", MSG);
        let err =
            job_preempted(&cluster(waiting, vec![old], "LowerPriority"), "train-low", "team-a", None, Some(&high()), true).unwrap_err();
        assert!(err.en.contains("the Job was deleted and created again since"), "{}", err.en);
    }

    #[test]
    fn job_preempted_reasons_are_read_back_from_the_words_of_the_message() {
        for (reason, words) in PREEMPTION_REASONS {
            let msg = format!(
                "Preempted to accommodate a workload (UID: a, JobUID: b) due to {words}; preemptor path: /p/x; preemptee path: /p/y"
            );
            assert_eq!(preemption_reason_in(&msg), Some(reason));
            assert_eq!(preemptor_job_uid(&msg), Some("b"));
        }
        let bad = Check::JobPreempted {
            job: "x".into(),
            namespace: "y".into(),
            reason: Some("Preempted".into()),
            preemptor: None,
            ever: false,
            hint: None,
        };
        assert!(bad.validate().unwrap_err().contains("not a reason of Kueue's Preempted condition"));
    }

    #[test]
    fn job_workload_judges_the_jobs_own_workload_whatever_its_name() {
        let view = cluster(preempted_now(), vec![], "LowerPriority");
        let priority = |v: i64| {
            vec![FieldCheck { path: "spec.priority".into(), equals: Some(json!(v)), quantity: None, exists: None, contains: None }]
        };
        assert_eq!(job_workload(&view, "train-high", "team-a", &priority(1000), &[]), Ok(()));
        let err = job_workload(&view, "train-high", "team-a", &priority(100), &[]).unwrap_err();
        assert!(err.en.contains("Job `train-high`'s Workload `job-train-high-2`: `priority` should be 100 but is 1000"), "{}", err.en);
        let admitted = [ConditionCheck { type_: "Admitted".into(), status: "True".into(), reason: None }];
        let err = job_workload(&view, "train-low", "team-a", &[], &admitted).unwrap_err();
        assert!(err.en.contains("Workload `job-train-low-1` has no Admitted condition yet"), "{}", err.en);
    }

    #[test]
    fn file_object_judges_the_document_in_the_namespace_asked_for() {
        let lq = |ns: &str| {
            format!("apiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: lq\n  namespace: {ns}\nspec:\n  clusterQueue: {ns}\n")
        };
        let mut view = Snapshot::default();
        view.files.insert("/w/lq.yaml".to_string(), format!("{}---\n{}", lq("team-a"), lq("team-b")));
        let cq = |name: &str| {
            vec![FieldCheck { path: "spec.clusterQueue".into(), equals: Some(json!(name)), quantity: None, exists: None, contains: None }]
        };
        for ns in ["team-a", "team-b"] {
            assert_eq!(file_object(&view, "/w/lq.yaml", "LocalQueue", "lq", Some(ns), None, &cq(ns)), Ok(()));
        }
        let err = file_object(&view, "/w/lq.yaml", "LocalQueue", "lq", Some("team-c"), None, &[]).unwrap_err();
        assert!(err.en.contains("puts it in namespace \"team-a\"; it belongs in team-c"), "{}", err.en);
    }
}
