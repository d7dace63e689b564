//! Bad input for Kueue's objects, through the API core: each rule of the CRD schemas (enums,
//! patterns, lengths, required fields, list keys), their CEL rules and Kueue's validating
//! webhooks, with the message and order the real cluster gives (kube-apiserver 1.32 + Kueue at
//! kubernetes-sigs/kueue@ff69552e: `config/components/crd/bases/kueue.x-k8s.io_*.yaml`,
//! `pkg/webhooks/*.go`, `pkg/controller/jobframework/validation.go`; `kueue.md` §4–§5).
//!
//! Order on the server: mutating webhooks (create only: `mclusterqueue.kb.io`,
//! `mworkload.kb.io` decode the object into Go types) → OpenAPI schema → list-map keys → CEL
//! (skipped, with a `<nil>` cause, after a missing/unsupported/too long/too many/mistyped value)
//! → validating webhooks.

use sim_core::api::registry::kind_for;
use sim_core::api::server::{kind_info, ApiServer};
use sim_core::api::status::Status;
use sim_core::clock::LAB_EPOCH_UNIX;
use sim_core::json::{json, Value};

const NOW: i64 = LAB_EPOCH_UNIX + 300;
const DNS_PATTERN: &str = r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";
const CEL_SKIPPED: &str = r#"<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"#;

fn yaml(s: &str) -> Value {
    serde_norway::from_str(s).unwrap()
}

fn server() -> ApiServer {
    let mut s = sim_core::cluster::boot::api_server(42, LAB_EPOCH_UNIX);
    create(&mut s, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n").unwrap();
    s
}

fn create_status(s: &mut ApiServer, manifest: &str) -> Result<Value, Status> {
    let obj = yaml(manifest);
    let kind = kind_for(obj["apiVersion"].as_str().unwrap(), obj["kind"].as_str().unwrap()).expect("served kind");
    s.create(NOW, kind, "", obj, false)
}

fn create(s: &mut ApiServer, manifest: &str) -> Result<Value, String> {
    create_status(s, manifest).map_err(|e| e.message)
}

fn update(s: &mut ApiServer, kind: &str, obj: Value) -> Result<Value, String> {
    let ns = obj["metadata"]["namespace"].as_str().unwrap_or("").to_string();
    s.update(NOW, kind_info(kind), &ns, obj, false, false).map_err(|e| e.message)
}

/// A ClusterQueue named `x` with one group (cpu, memory) on flavor `f`; `extra` is added to
/// its spec and `quota` replaces the cpu quota's fields.
fn cq(extra: &str, quota: &str) -> String {
    format!(
        r#"
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: x
spec:
  namespaceSelector: {{}}
{extra}
  resourceGroups:
  - coveredResources: ["cpu", "memory"]
    flavors:
    - name: f
      resources:
      - name: cpu
{quota}
      - name: memory
        nominalQuota: 4Gi
"#
    )
}

fn cq_err(extra: &str, quota: &str) -> String {
    create(&mut server(), &cq(extra, quota)).unwrap_err()
}

const NOMINAL_2: &str = "        nominalQuota: 2";
const CPU0: &str = "spec.resourceGroups[0].flavors[0].resources[0]";

// ---- ClusterQueue: schema ------------------------------------------------------------------

#[test]
fn cq_cohort_name_must_be_a_dns_subdomain() {
    assert_eq!(
        cq_err("  cohortName: Team_B", NOMINAL_2),
        format!(
            r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: spec.cohortName: Invalid value: "Team_B": spec.cohortName in body should match '{DNS_PATTERN}'"#
        )
    );
}

#[test]
fn cq_cohort_name_too_long_blocks_cel() {
    let long = "a".repeat(254);
    assert_eq!(
        cq_err(&format!("  cohortName: {long}"), NOMINAL_2),
        format!(
            r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: [spec.cohortName: Too long: may not be more than 253 bytes, {CEL_SKIPPED}]"#
        )
    );
    // 253 characters are fine.
    create(&mut server(), &cq(&format!("  cohortName: {}", "a".repeat(253)), NOMINAL_2)).unwrap();
}

#[test]
fn cq_enums_are_unsupported_values_and_skip_cel() {
    let cases = [
        (
            "  queueingStrategy: FIFO",
            r#"spec.queueingStrategy: Unsupported value: "FIFO": supported values: "StrictFIFO", "BestEffortFIFO""#,
        ),
        ("  stopPolicy: Drain", r#"spec.stopPolicy: Unsupported value: "Drain": supported values: "None", "Hold", "HoldAndDrain""#),
        (
            "  preemption:\n    reclaimWithinCohort: Always",
            r#"spec.preemption.reclaimWithinCohort: Unsupported value: "Always": supported values: "Never", "LowerPriority", "Any""#,
        ),
        (
            "  preemption:\n    withinClusterQueue: Any",
            r#"spec.preemption.withinClusterQueue: Unsupported value: "Any": supported values: "Never", "LowerPriority", "LowerOrNewerEqualPriority""#,
        ),
        (
            "  preemption:\n    reclaimWithinCohort: Any\n    borrowWithinCohort:\n      policy: Any",
            r#"spec.preemption.borrowWithinCohort.policy: Unsupported value: "Any": supported values: "Never", "LowerPriority""#,
        ),
        (
            "  flavorFungibility:\n    whenCanBorrow: Borrow",
            r#"spec.flavorFungibility.whenCanBorrow: Unsupported value: "Borrow": supported values: "MayStopSearch", "TryNextFlavor""#,
        ),
        (
            "  flavorFungibility:\n    whenCanPreempt: Preempt",
            r#"spec.flavorFungibility.whenCanPreempt: Unsupported value: "Preempt": supported values: "MayStopSearch", "TryNextFlavor""#,
        ),
        (
            "  flavorFungibility:\n    whenCanBorrow: TryNextFlavor\n    preference: Borrowing",
            r#"spec.flavorFungibility.preference: Unsupported value: "Borrowing": supported values: "BorrowingOverPreemption", "PreemptionOverBorrowing""#,
        ),
    ];
    for (extra, cause) in cases {
        assert_eq!(cq_err(extra, NOMINAL_2), format!(r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: [{cause}, {CEL_SKIPPED}]"#), "{extra}");
    }
}

#[test]
fn cq_several_schema_errors_come_in_one_list() {
    assert_eq!(
        cq_err("  queueingStrategy: Fast\n  stopPolicy: Never", NOMINAL_2),
        format!(
            r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: [spec.queueingStrategy: Unsupported value: "Fast": supported values: "StrictFIFO", "BestEffortFIFO", spec.stopPolicy: Unsupported value: "Never": supported values: "None", "Hold", "HoldAndDrain", {CEL_SKIPPED}]"#
        )
    );
}

#[test]
fn cq_empty_lists_and_duplicate_list_keys() {
    let mut s = server();
    let empty = cq("", NOMINAL_2).replace(r#"coveredResources: ["cpu", "memory"]"#, "coveredResources: []");
    assert_eq!(
        create(&mut s, &empty).unwrap_err(),
        r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: [spec.resourceGroups[0].coveredResources: Invalid value: 0: spec.resourceGroups[0].coveredResources in body should have at least 1 items, spec.resourceGroups[0]: Invalid value: "object": flavors must have the same number of resources as the coveredResources]"#
    );
    // The same flavor twice in one group: the flavors list is keyed by name.
    let twice = cq("", NOMINAL_2).replace(
        "      - name: memory\n        nominalQuota: 4Gi\n",
        "      - name: memory\n        nominalQuota: 4Gi\n    - name: f\n      resources:\n      - name: cpu\n        nominalQuota: 1\n      - name: memory\n        nominalQuota: 1Gi\n",
    );
    assert_eq!(
        create(&mut s, &twice).unwrap_err(),
        r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: spec.resourceGroups[0].flavors[1]: Duplicate value: map[string]interface {}{"name":"f"}"#
    );
    // A required field left out.
    let no_nominal = cq("", "        borrowingLimit: 1");
    assert_eq!(
        create(&mut s, &no_nominal).unwrap_err(),
        format!(r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: [{CPU0}.nominalQuota: Required value, {CEL_SKIPPED}]"#)
    );
}

#[test]
fn cq_quantity_that_go_cannot_parse_stops_at_the_mutating_webhook_on_create() {
    let err = create_status(&mut server(), &cq("", "        nominalQuota: two")).unwrap_err();
    assert_eq!(err.code, 400);
    assert_eq!(err.reason, "", "controller-runtime's admission.Errored sets no reason");
    assert_eq!(
        err.message,
        r#"admission webhook "mclusterqueue.kb.io" denied the request: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"#
    );
    // On update (no mutating webhook) the schema's pattern reports it.
    let mut s = server();
    let mut obj = create(&mut s, &cq("", NOMINAL_2)).unwrap();
    obj["spec"]["resourceGroups"][0]["flavors"][0]["resources"][0]["nominalQuota"] = json!("two");
    assert_eq!(
        update(&mut s, "ClusterQueue", obj).unwrap_err(),
        format!(
            r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: {CPU0}.nominalQuota: Invalid value: "two": {CPU0}.nominalQuota in body should match '^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$'"#
        )
    );
}

#[test]
fn cq_a_fractional_number_is_canonicalized_on_create_but_mistyped_on_update() {
    let mut s = server();
    let obj = create(&mut s, &cq("", "        nominalQuota: 0.5")).unwrap();
    assert_eq!(obj["spec"]["resourceGroups"][0]["flavors"][0]["resources"][0]["nominalQuota"], "500m");
    let mut obj = obj;
    obj["spec"]["resourceGroups"][0]["flavors"][0]["resources"][0]["nominalQuota"] = json!(1.5);
    let p = format!("{CPU0}.nominalQuota");
    assert_eq!(
        update(&mut s, "ClusterQueue", obj).unwrap_err(),
        format!(
            r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: [{p}: Invalid value: "number": {p} in body must be of type integer,string: "number", <nil>: Invalid value: "": "{p}" must validate at least one schema (anyOf), {p}: Invalid value: "number": {p} in body must be of type integer: "number", {CEL_SKIPPED}]"#
        )
    );
}

// ---- ClusterQueue: CEL -----------------------------------------------------------------------

#[test]
fn cq_borrowing_limit_without_cohort_is_the_cel_rule() {
    assert_eq!(
        cq_err("", "        nominalQuota: 2\n        borrowingLimit: 1"),
        r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: spec: Invalid value: "object": borrowingLimit must be nil when cohort is empty"#
    );
}

#[test]
fn cq_preemption_reclaim_never_with_borrow_within_cohort() {
    let expected = r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: spec.preemption: Invalid value: "object": reclaimWithinCohort=Never and borrowWithinCohort.Policy!=Never"#;
    assert_eq!(
        cq_err("  preemption:\n    reclaimWithinCohort: Never\n    borrowWithinCohort:\n      policy: LowerPriority", NOMINAL_2),
        expected
    );
    // reclaimWithinCohort defaults to Never.
    assert_eq!(
        cq_err("  preemption:\n    borrowWithinCohort:\n      policy: LowerPriority\n      maxPriorityThreshold: 100", NOMINAL_2),
        expected
    );
    create(
        &mut server(),
        &cq(
            "  cohortName: pool\n  preemption:\n    reclaimWithinCohort: Any\n    borrowWithinCohort:\n      policy: LowerPriority",
            NOMINAL_2,
        ),
    )
    .unwrap();
}

#[test]
fn cq_fungibility_preference_needs_try_next_flavor_twice() {
    let expected = r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: spec.flavorFungibility: Invalid value: "object": preference can only be set when both whenCanBorrow and whenCanPreempt are TryNextFlavor"#;
    // whenCanBorrow defaults to MayStopSearch.
    assert_eq!(cq_err("  flavorFungibility:\n    preference: PreemptionOverBorrowing", NOMINAL_2), expected);
    assert_eq!(
        cq_err("  flavorFungibility:\n    whenCanBorrow: TryNextFlavor\n    whenCanPreempt: MayStopSearch\n    preference: BorrowingOverPreemption", NOMINAL_2),
        expected
    );
    create(
        &mut server(),
        &cq("  flavorFungibility:\n    whenCanBorrow: TryNextFlavor\n    whenCanPreempt: TryNextFlavor\n    preference: PreemptionOverBorrowing", NOMINAL_2),
    )
    .unwrap();
}

#[test]
fn cq_cel_runs_after_a_non_blocking_schema_error() {
    // A pattern error does not block CEL: both are reported.
    assert_eq!(
        cq_err("  cohortName: Pool\n  preemption:\n    borrowWithinCohort:\n      policy: LowerPriority", NOMINAL_2),
        format!(
            r#"ClusterQueue.kueue.x-k8s.io "x" is invalid: [spec.cohortName: Invalid value: "Pool": spec.cohortName in body should match '{DNS_PATTERN}', spec.preemption: Invalid value: "object": reclaimWithinCohort=Never and borrowWithinCohort.Policy!=Never]"#
        )
    );
}

// ---- ClusterQueue: vclusterqueue.kb.io ---------------------------------------------------------

fn denied(hook: &str, causes: &[String]) -> String {
    let body = if causes.len() == 1 { causes[0].clone() } else { format!("[{}]", causes.join(", ")) };
    format!("admission webhook {hook:?} denied the request: {body}")
}

#[test]
fn cq_lending_limit_without_cohort() {
    assert_eq!(
        cq_err("", "        nominalQuota: 2\n        lendingLimit: 1"),
        denied("vclusterqueue.kb.io", &[format!(r#"{CPU0}.lendingLimit: Invalid value: "1": must be nil when cohort is empty"#)])
    );
    // Without a cohort and above the nominal quota: both.
    assert_eq!(
        cq_err("", "        nominalQuota: 2\n        lendingLimit: 3"),
        denied(
            "vclusterqueue.kb.io",
            &[
                format!(r#"{CPU0}.lendingLimit: Invalid value: "3": must be nil when cohort is empty"#),
                format!(r#"{CPU0}.lendingLimit: Invalid value: "3": must be less than or equal to the nominalQuota"#),
            ]
        )
    );
}

#[test]
fn cq_lending_limit_above_nominal_quota() {
    assert_eq!(
        cq_err("  cohortName: pool", "        nominalQuota: 2\n        lendingLimit: 2500m"),
        denied(
            "vclusterqueue.kb.io",
            &[format!(r#"{CPU0}.lendingLimit: Invalid value: "2500m": must be less than or equal to the nominalQuota"#)]
        )
    );
    create(&mut server(), &cq("  cohortName: pool", "        nominalQuota: 2\n        lendingLimit: 2\n        borrowingLimit: 0"))
        .unwrap();
}

#[test]
fn cq_negative_quantities() {
    assert_eq!(
        cq_err("  cohortName: pool", "        nominalQuota: -1\n        borrowingLimit: -500m\n        lendingLimit: -2"),
        denied(
            "vclusterqueue.kb.io",
            &[
                format!(r#"{CPU0}.nominalQuota: Invalid value: "-1": must be greater than or equal to 0"#),
                format!(r#"{CPU0}.borrowingLimit: Invalid value: "-500m": must be greater than or equal to 0"#),
                format!(r#"{CPU0}.lendingLimit: Invalid value: "-2": must be greater than or equal to 0"#),
            ]
        )
    );
}

#[test]
fn cq_fair_sharing_weight() {
    assert_eq!(
        cq_err("  fairSharing:\n    weight: -1", NOMINAL_2),
        denied("vclusterqueue.kb.io", &[r#"spec.fairSharing: Invalid value: "-1": must be greater than or equal to 0"#.to_string()])
    );
    assert_eq!(
        cq_err("  fairSharing:\n    weight: 1n", NOMINAL_2),
        denied("vclusterqueue.kb.io", &[r#"spec.fairSharing: Invalid value: "1n": When not 0, weight must be > 10e-9"#.to_string()])
    );
    let mut s = server();
    let zero = create(&mut s, &cq("  fairSharing:\n    weight: 0", NOMINAL_2)).unwrap();
    assert_eq!(zero["spec"]["fairSharing"], json!({"weight": "0"}));
}

#[test]
fn cq_covered_resources_names_and_duplicates() {
    let mut s = server();
    let bad_name =
        cq("", NOMINAL_2).replace(r#"["cpu", "memory"]"#, r#"["cpu", "GPU count"]"#).replace("- name: memory", "- name: GPU count");
    assert_eq!(
        create(&mut s, &bad_name).unwrap_err(),
        denied(
            "vclusterqueue.kb.io",
            &[r#"spec.resourceGroups[0].coveredResources[1]: Invalid value: "GPU count": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"#.to_string()]
        )
    );
    let two_groups = cq("", NOMINAL_2).replace(
        "      - name: memory\n        nominalQuota: 4Gi\n",
        "      - name: memory\n        nominalQuota: 4Gi\n  - coveredResources: [\"memory\"]\n    flavors:\n    - name: f\n      resources:\n      - name: memory\n        nominalQuota: 1Gi\n",
    );
    assert_eq!(
        create(&mut s, &two_groups).unwrap_err(),
        denied(
            "vclusterqueue.kb.io",
            &[
                r#"spec.resourceGroups[1].coveredResources[0]: Duplicate value: "memory""#.to_string(),
                r#"spec.resourceGroups[1].flavors[0].name: Duplicate value: "f""#.to_string(),
            ]
        )
    );
}

#[test]
fn cq_namespace_selector_is_checked_by_the_webhook() {
    let extra = "  namespaceSelector:\n    matchExpressions:\n    - key: team\n      operator: in\n      values: [a]";
    let manifest = cq(extra, NOMINAL_2).replace("  namespaceSelector: {}\n", "");
    assert_eq!(
        create(&mut server(), &manifest).unwrap_err(),
        denied(
            "vclusterqueue.kb.io",
            &[r#"spec.namespaceSelector.matchExpressions[0].operator: Invalid value: "in": not a valid selector operator"#.to_string()]
        )
    );
}

#[test]
fn cq_a_valid_queue_with_every_field_round_trips() {
    let mut s = server();
    let manifest = r#"
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: research.pool
  namespaceSelector:
    matchLabels:
      team: b
  queueingStrategy: StrictFIFO
  stopPolicy: Hold
  flavorFungibility:
    whenCanBorrow: TryNextFlavor
    whenCanPreempt: TryNextFlavor
    preference: PreemptionOverBorrowing
  preemption:
    reclaimWithinCohort: LowerPriority
    withinClusterQueue: LowerOrNewerEqualPriority
    borrowWithinCohort:
      policy: LowerPriority
      maxPriorityThreshold: 100
  fairSharing:
    weight: 0.5
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: f
      resources:
      - name: cpu
        nominalQuota: 4
        borrowingLimit: 2
        lendingLimit: 1500m
"#;
    create(&mut s, manifest).unwrap();
    let got = s.get(kind_info("ClusterQueue"), "", "team-b").unwrap();
    let want = yaml(
        r#"
cohortName: research.pool
namespaceSelector: {matchLabels: {team: b}}
queueingStrategy: StrictFIFO
stopPolicy: Hold
flavorFungibility: {whenCanBorrow: TryNextFlavor, whenCanPreempt: TryNextFlavor, preference: PreemptionOverBorrowing}
preemption:
  reclaimWithinCohort: LowerPriority
  withinClusterQueue: LowerOrNewerEqualPriority
  borrowWithinCohort: {policy: LowerPriority, maxPriorityThreshold: 100}
fairSharing: {weight: 500m}
resourceGroups:
- coveredResources: [cpu]
  flavors:
  - name: f
    resources:
    - {name: cpu, nominalQuota: "4", borrowingLimit: "2", lendingLimit: 1500m}
"#,
    );
    assert_eq!(got["spec"], want);
    // A `fairSharing: {}` gets the CRD default weight, made a string by the mutating webhook.
    let defaulted = create(&mut s, &cq("  fairSharing: {}", NOMINAL_2)).unwrap();
    assert_eq!(defaulted["spec"]["fairSharing"], json!({"weight": "1"}));
}

// ---- Cohort ----------------------------------------------------------------------------------

fn cohort(name: &str, spec: &str) -> String {
    format!("apiVersion: kueue.x-k8s.io/v1beta2\nkind: Cohort\nmetadata:\n  name: {name}\nspec:\n{spec}\n")
}

const COHORT_GROUP: &str =
    "  resourceGroups:\n  - coveredResources: [cpu]\n    flavors:\n    - name: f\n      resources:\n      - name: cpu\n";

#[test]
fn cohort_parent_name_pattern() {
    assert_eq!(
        create(&mut server(), &cohort("c", "  parentName: Root")).unwrap_err(),
        format!(
            r#"Cohort.kueue.x-k8s.io "c" is invalid: spec.parentName: Invalid value: "Root": spec.parentName in body should match '{DNS_PATTERN}'"#
        )
    );
}

#[test]
fn cohort_limits_need_a_parent() {
    let spec = format!("{COHORT_GROUP}        nominalQuota: 4\n        borrowingLimit: 1\n        lendingLimit: 2");
    assert_eq!(
        create(&mut server(), &cohort("c", &spec)).unwrap_err(),
        denied(
            "vcohort.kb.io",
            &[
                r#"spec.resourceGroups[0].flavors[0].resources[0].borrowingLimit: Invalid value: "1": must be nil when parent is empty"#
                    .to_string(),
                r#"spec.resourceGroups[0].flavors[0].resources[0].lendingLimit: Invalid value: "2": must be nil when parent is empty"#
                    .to_string(),
            ]
        )
    );
}

#[test]
fn cohort_lending_limit_may_exceed_nominal_and_quantities_stay_as_written() {
    let mut s = server();
    let spec = format!("  parentName: root\n{COHORT_GROUP}        nominalQuota: 4\n        lendingLimit: 10\n  fairSharing: {{}}");
    let c = create(&mut s, &cohort("c", &spec)).unwrap();
    // No mutating webhook for Cohorts: the integers are stored as integers.
    assert_eq!(c["spec"]["resourceGroups"][0]["flavors"][0]["resources"][0], json!({"name": "cpu", "nominalQuota": 4, "lendingLimit": 10}));
    assert_eq!(c["spec"]["fairSharing"], json!({"weight": 1}));
}

#[test]
fn cohort_structural_rules_and_weight() {
    let mut s = server();
    let short = "  resourceGroups:\n  - coveredResources: [cpu, memory]\n    flavors:\n    - name: f\n      resources:\n      - name: cpu\n        nominalQuota: 1";
    assert_eq!(
        create(&mut s, &cohort("c", short)).unwrap_err(),
        r#"Cohort.kueue.x-k8s.io "c" is invalid: spec.resourceGroups[0]: Invalid value: "object": flavors must have the same number of resources as the coveredResources"#
    );
    let swapped = "  resourceGroups:\n  - coveredResources: [cpu]\n    flavors:\n    - name: f\n      resources:\n      - name: memory\n        nominalQuota: -1\n  fairSharing:\n    weight: -2";
    assert_eq!(
        create(&mut s, &cohort("c", swapped)).unwrap_err(),
        denied(
            "vcohort.kb.io",
            &[
                r#"spec.fairSharing: Invalid value: "-2": must be greater than or equal to 0"#.to_string(),
                r#"spec.resourceGroups[0].flavors[0].resources[0].name: Invalid value: "memory": must match the name in coveredResources"#
                    .to_string(),
                r#"spec.resourceGroups[0].flavors[0].resources[0].nominalQuota: Invalid value: "-1": must be greater than or equal to 0"#
                    .to_string(),
            ]
        )
    );
    // A fraction written as a number is the wrong type for a Cohort (nothing canonicalizes it).
    let p = "spec.fairSharing.weight";
    assert_eq!(
        create(&mut s, &cohort("c", "  fairSharing:\n    weight: 0.5")).unwrap_err(),
        format!(
            r#"Cohort.kueue.x-k8s.io "c" is invalid: [{p}: Invalid value: "number": {p} in body must be of type integer,string: "number", <nil>: Invalid value: "": "{p}" must validate at least one schema (anyOf), {p}: Invalid value: "number": {p} in body must be of type integer: "number", {CEL_SKIPPED}]"#
        )
    );
    create(&mut s, &cohort("c", "  fairSharing:\n    weight: \"0.5\"")).unwrap();
}

#[test]
fn cohort_may_name_itself_or_close_a_cycle() {
    // Upstream admits both; the cache disables the tree until the cycle is broken.
    let mut s = server();
    create(&mut s, &cohort("self", "  parentName: self")).unwrap();
    create(&mut s, &cohort("a", "  parentName: b")).unwrap();
    create(&mut s, &cohort("b", "  parentName: a")).unwrap();
}

// ---- WorkloadPriorityClass ---------------------------------------------------------------------

fn wpc(body: &str) -> String {
    format!("apiVersion: kueue.x-k8s.io/v1beta2\nkind: WorkloadPriorityClass\nmetadata:\n  name: high\n{body}\n")
}

#[test]
fn wpc_value_is_a_required_integer() {
    let mut s = server();
    // The CRD has no CEL rules, so nothing is said about skipped ones.
    assert_eq!(
        create(&mut s, &wpc("description: urgent")).unwrap_err(),
        r#"WorkloadPriorityClass.kueue.x-k8s.io "high" is invalid: value: Required value"#
    );
    assert_eq!(
        create(&mut s, &wpc("value: high")).unwrap_err(),
        r#"WorkloadPriorityClass.kueue.x-k8s.io "high" is invalid: value: Invalid value: "string": value in body must be of type integer: "string""#
    );
    assert_eq!(
        create(&mut s, &wpc(&format!("value: 10\ndescription: {}", "d".repeat(2049)))).unwrap_err(),
        r#"WorkloadPriorityClass.kueue.x-k8s.io "high" is invalid: description: Too long: may not be more than 2048 bytes"#
    );
    let ok = create(&mut s, &wpc(&format!("value: 10000\ndescription: {}", "d".repeat(2048)))).unwrap();
    assert_eq!(ok["value"], 10000);
}

// ---- Workload ----------------------------------------------------------------------------------

fn workload(spec_extra: &str) -> String {
    format!(
        r#"
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata:
  name: w
  namespace: team-a
spec:
  queueName: lq
{spec_extra}
  podSets:
  - count: 1
    template:
      spec:
        restartPolicy: Never
        containers:
        - name: c
          image: busybox
          resources:
            requests:
              cpu: "1"
"#
    )
}

#[test]
fn workload_defaults() {
    let w = create(&mut server(), &workload("")).unwrap();
    assert_eq!(w["spec"]["active"], true);
    assert_eq!(w["spec"]["podSets"][0]["name"], "main");
    assert_eq!(w["spec"]["podSets"][0]["count"], 1);
}

#[test]
fn workload_priority_class_ref_enums_and_required_fields() {
    let mut s = server();
    assert_eq!(
        create(
            &mut s,
            &workload("  priority: 1\n  priorityClassRef:\n    group: kueue.io\n    kind: WorkloadPriorityClass\n    name: high")
        )
        .unwrap_err(),
        format!(
            r#"Workload.kueue.x-k8s.io "w" is invalid: [spec.priorityClassRef.group: Unsupported value: "kueue.io": supported values: "kueue.x-k8s.io", "scheduling.k8s.io", {CEL_SKIPPED}]"#
        )
    );
    assert_eq!(
        create(&mut s, &workload("  priority: 1\n  priorityClassRef:\n    group: kueue.x-k8s.io\n    kind: PriorityClas\n    name: high"))
            .unwrap_err(),
        format!(
            r#"Workload.kueue.x-k8s.io "w" is invalid: [spec.priorityClassRef.kind: Unsupported value: "PriorityClas": supported values: "WorkloadPriorityClass", "PriorityClass", {CEL_SKIPPED}]"#
        )
    );
    assert_eq!(
        create(&mut s, &workload("  priority: 1\n  priorityClassRef:\n    name: high")).unwrap_err(),
        format!(
            r#"Workload.kueue.x-k8s.io "w" is invalid: [spec.priorityClassRef.group: Required value, spec.priorityClassRef.kind: Required value, {CEL_SKIPPED}]"#
        )
    );
}

#[test]
fn workload_priority_class_ref_cel_rules() {
    let mut s = server();
    assert_eq!(
        create(
            &mut s,
            &workload("  priority: 1\n  priorityClassRef:\n    group: scheduling.k8s.io\n    kind: WorkloadPriorityClass\n    name: high")
        )
        .unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: spec.priorityClassRef: Invalid value: "object": only the PriorityClass kind is allowed for the scheduling.k8s.io group"#
    );
    assert_eq!(
        create(&mut s, &workload("  priority: 1\n  priorityClassRef:\n    group: kueue.x-k8s.io\n    kind: PriorityClass\n    name: high"))
            .unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: spec.priorityClassRef: Invalid value: "object": only the WorkloadPriorityClass kind is allowed for the kueue.x-k8s.io group"#
    );
    assert_eq!(
        create(&mut s, &workload("  priorityClassRef:\n    group: kueue.x-k8s.io\n    kind: WorkloadPriorityClass\n    name: high"))
            .unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: spec: Invalid value: "object": priority should not be nil when priorityClassRef is set"#
    );
    create(
        &mut s,
        &workload("  priority: 100\n  priorityClassRef:\n    group: kueue.x-k8s.io\n    kind: WorkloadPriorityClass\n    name: high"),
    )
    .unwrap();
}

#[test]
fn workload_pod_set_rules() {
    let mut s = server();
    let min_count = workload("").replace("  - count: 1\n", "  - count: 2\n    minCount: 3\n");
    assert_eq!(
        create(&mut s, &min_count).unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: spec.podSets[0]: Invalid value: "object": minCount should be positive and less or equal to count"#
    );
    let negative = workload("").replace("  - count: 1\n", "  - count: -1\n");
    assert_eq!(
        create(&mut s, &negative).unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: spec.podSets[0].count: Invalid value: -1: spec.podSets[0].count in body should be greater than or equal to 0"#
    );
    let reserved = workload("").replace("              cpu: \"1\"", "              cpu: \"-1\"\n              pods: \"1\"");
    assert_eq!(
        create(&mut s, &reserved).unwrap_err(),
        denied(
            "vworkload.kb.io",
            &[
                r#"spec.podSets[0].template.spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0"#.to_string(),
                r#"spec.podSets[0].template.spec.containers[0].resources.requests[pods]: Invalid value: "pods": the key is reserved for internal kueue use"#.to_string(),
            ]
        )
    );
    let bad_quantity = workload("").replace("              cpu: \"1\"", "              cpu: lots");
    assert_eq!(
        create(&mut s, &bad_quantity).unwrap_err(),
        r#"admission webhook "mworkload.kb.io" denied the request: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"#
    );
}

/// A Workload whose status says it holds quota in `cq` (written through the status subresource).
fn reserved_workload(s: &mut ApiServer, spec_extra: &str) -> Value {
    let mut w = create(s, &workload(spec_extra)).unwrap();
    w["status"] = json!({
        "conditions": [
            {"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved", "message": "Quota reserved in ClusterQueue cq", "lastTransitionTime": "2026-12-02T09:00:00Z"},
            {"type": "Admitted", "status": "True", "reason": "Admitted", "message": "The workload is admitted", "lastTransitionTime": "2026-12-02T09:00:00Z"},
        ],
        "admission": {"clusterQueue": "cq", "podSetAssignments": [{"name": "main", "count": 1, "flavors": {"cpu": "f"}, "resourceUsage": {"cpu": "1"}}]},
    });
    s.update(NOW, kind_info("Workload"), "team-a", w, true, false).unwrap()
}

#[test]
fn workload_immutable_while_quota_reserved() {
    let mut s = server();
    let w = reserved_workload(
        &mut s,
        "  priority: 5\n  priorityClassRef:\n    group: kueue.x-k8s.io\n    kind: WorkloadPriorityClass\n    name: high",
    );
    let mut moved = w.clone();
    moved["spec"]["queueName"] = json!("other");
    assert_eq!(
        update(&mut s, "Workload", moved).unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: <nil>: Invalid value: "object": queueName is immutable while workload quota reserved"#
    );
    let mut unref = w.clone();
    unref["spec"].as_object_mut().unwrap().remove("priorityClassRef");
    assert_eq!(
        update(&mut s, "Workload", unref).unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: <nil>: Invalid value: "object": priorityClassRef is immutable while workload quota reserved"#
    );
    let mut kind = w.clone();
    kind["spec"]["priorityClassRef"] = json!({"group": "scheduling.k8s.io", "kind": "PriorityClass", "name": "high"});
    assert_eq!(
        update(&mut s, "Workload", kind).unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: [<nil>: Invalid value: "object": priorityClassRef.group is immutable while workload quota reserved, <nil>: Invalid value: "object": priorityClassRef.kind is immutable while workload quota reserved]"#
    );
    let mut exec = w.clone();
    exec["spec"]["maximumExecutionTimeSeconds"] = json!(60);
    assert_eq!(
        update(&mut s, "Workload", exec).unwrap_err(),
        r#"Workload.kueue.x-k8s.io "w" is invalid: <nil>: Invalid value: "object": maximumExecutionTimeSeconds is immutable while workload quota reserved"#
    );
    // Another WorkloadPriorityClass, and a new priority, are fine.
    let mut renamed = w;
    renamed["spec"]["priorityClassRef"]["name"] = json!("low");
    renamed["spec"]["priority"] = json!(1);
    update(&mut s, "Workload", renamed).unwrap();
}

// ---- batch/v1 Job: vjob.kb.io ------------------------------------------------------------------

fn job(labels: &str, suspend: bool) -> Value {
    yaml(&format!(
        r#"
apiVersion: batch/v1
kind: Job
metadata:
  name: j
  namespace: team-a
  labels:
{labels}
spec:
  suspend: {suspend}
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox
"#
    ))
}

fn job_server(labels: &str, suspend: bool) -> (ApiServer, Value) {
    let mut s = server();
    let created = s.create(NOW, kind_info("Job"), "team-a", job(labels, suspend), false).unwrap();
    (s, created)
}

#[test]
fn job_priority_class_label_cannot_be_added_to_a_running_job() {
    let (mut s, j) = job_server("    app: x", false);
    let mut labelled = j.clone();
    labelled["metadata"]["labels"]["kueue.x-k8s.io/priority-class"] = json!("high");
    assert_eq!(
        update(&mut s, "Job", labelled.clone()).unwrap_err(),
        denied("vjob.kb.io", &[r#"metadata.labels[kueue.x-k8s.io/priority-class]: Invalid value: "high": WorkloadPriorityClass cannot be added to a non-suspended workload"#.to_string()])
    );
    // Suspending in the same write makes it allowed.
    labelled["spec"]["suspend"] = json!(true);
    update(&mut s, "Job", labelled).unwrap();
}

#[test]
fn job_priority_class_label_cannot_be_removed_but_may_change() {
    let (mut s, j) = job_server("    kueue.x-k8s.io/queue-name: lq\n    kueue.x-k8s.io/priority-class: high", true);
    let mut changed = j.clone();
    changed["metadata"]["labels"]["kueue.x-k8s.io/priority-class"] = json!("low");
    let j = update(&mut s, "Job", changed).unwrap();
    let mut removed = j;
    removed["metadata"]["labels"].as_object_mut().unwrap().remove("kueue.x-k8s.io/priority-class");
    assert_eq!(
        update(&mut s, "Job", removed).unwrap_err(),
        denied("vjob.kb.io", &[r#"metadata.labels[kueue.x-k8s.io/priority-class]: Invalid value: "": WorkloadPriorityClass cannot be removed from a workload"#.to_string()])
    );
}

#[test]
fn job_queue_name_may_change_when_the_update_suspends() {
    let (mut s, j) = job_server("    app: x", false);
    let mut labelled = j.clone();
    labelled["metadata"]["labels"]["kueue.x-k8s.io/queue-name"] = json!("lq");
    assert_eq!(
        update(&mut s, "Job", labelled.clone()).unwrap_err(),
        denied("vjob.kb.io", &[r#"metadata.labels[kueue.x-k8s.io/queue-name]: Invalid value: "lq": field is immutable"#.to_string()])
    );
    labelled["spec"]["suspend"] = json!(true);
    update(&mut s, "Job", labelled).unwrap();
}

#[test]
fn job_max_exec_time_label() {
    let mut s = server();
    let err = s
        .create(
            NOW,
            kind_info("Job"),
            "team-a",
            job("    kueue.x-k8s.io/queue-name: lq\n    kueue.x-k8s.io/max-exec-time-seconds: \"0\"", false),
            false,
        )
        .unwrap_err();
    assert_eq!(
        err.message,
        denied(
            "vjob.kb.io",
            &["metadata.labels[kueue.x-k8s.io/max-exec-time-seconds]: Invalid value: 0: should be greater than 0".to_string()]
        )
    );
    let err = s.create(NOW, kind_info("Job"), "team-a", job("    kueue.x-k8s.io/max-exec-time-seconds: ten", false), false).unwrap_err();
    assert_eq!(
        err.message,
        denied("vjob.kb.io", &[r#"metadata.labels[kueue.x-k8s.io/max-exec-time-seconds]: Invalid value: "ten": strconv.Atoi: parsing "ten": invalid syntax"#.to_string()])
    );
}
