//! `kueue-lab verify`: a lab's checks against a real cluster (through kube-rs) and the learner's
//! files on disk. The I/O is all here: it lists the kinds the checks read and the files they
//! name into a `Snapshot`, then sim-core judges the steps exactly as the simulator does.

use kube::api::{Api, DynamicObject, ListParams};
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::discovery::ApiResource;
use kube::{Client, Config};
use sim_core::api::registry::{KindInfo, SERVED};
use sim_core::lab::progress::{judge, report_lines, StepResult};
use sim_core::lab::view::Snapshot;
use sim_core::lab::{Lab, Lang};
use std::path::{Path, PathBuf};

pub struct Options {
    pub lab: Lab,
    pub dir: PathBuf,
    pub kubeconfig: Option<PathBuf>,
}

/// Why verification could not judge at all (as opposed to steps failing).
#[derive(Debug)]
pub struct Unreachable(pub String);

pub async fn client(kubeconfig: Option<&Path>) -> Result<Client, Unreachable> {
    let config = match kubeconfig {
        Some(path) => {
            let kc = Kubeconfig::read_from(path).map_err(|e| Unreachable(format!("{}: {e}", path.display())))?;
            Config::from_custom_kubeconfig(kc, &KubeConfigOptions::default()).await.map_err(|e| Unreachable(e.to_string()))?
        }
        None => Config::infer().await.map_err(|e| Unreachable(e.to_string()))?,
    };
    Client::try_from(config).map_err(|e| Unreachable(e.to_string()))
}

/// The objects of every kind the lab reads, and its files from `dir` (the workdir's contents).
pub async fn snapshot(lab: &Lab, dir: &Path, kubeconfig: Option<&Path>) -> Result<Snapshot, Unreachable> {
    let client = client(kubeconfig).await?;
    let mut snap = gather(&client, lab).await?;
    let workdir = lab.workdir.trim_end_matches('/');
    for path in lab.files_needed() {
        let rel = path.strip_prefix(workdir).map(|r| r.trim_start_matches('/')).unwrap_or(&path);
        if let Ok(text) = std::fs::read_to_string(dir.join(rel)) {
            snap.files.insert(path.clone(), text);
        }
    }
    Ok(snap)
}

/// kube-rs's description of a kind the simulator's registry knows.
pub fn api_resource(k: &KindInfo) -> ApiResource {
    ApiResource {
        group: k.group.to_string(),
        version: k.version.to_string(),
        api_version: k.api_version(),
        kind: k.kind.to_string(),
        plural: k.plural.to_string(),
    }
}

/// The objects of every kind the lab's checks read.
pub async fn gather(client: &Client, lab: &Lab) -> Result<Snapshot, Unreachable> {
    let mut snap = Snapshot::default();
    for kind in lab.kinds_needed() {
        let Some(k) = SERVED.iter().find(|k| k.kind == kind) else { continue };
        let api: Api<DynamicObject> = Api::all_with(client.clone(), &api_resource(k));
        let list = api.list(&ListParams::default()).await.map_err(|e| Unreachable(format!("listing {}: {e}", k.qualified_plural())))?;
        let items = list.items.into_iter().filter_map(|o| sim_core::json::to_value(o).ok()).collect();
        snap.objects.insert(kind, items);
    }
    Ok(snap)
}

pub fn run(opts: &Options) -> Result<Vec<StepResult>, Unreachable> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| Unreachable(e.to_string()))?;
    let snap = rt.block_on(snapshot(&opts.lab, &opts.dir, opts.kubeconfig.as_deref()))?;
    Ok(judge(&opts.lab, &snap))
}

pub fn print(steps: &[StepResult], lang: Lang) {
    for line in report_lines(steps, lang) {
        println!("{line}");
    }
}
