//! Everything the learner has, kept in local storage under one key, so a reload restores it.

use crate::i18n::Lang;
use crate::terminal::{Line, Terminal};
use serde::{Deserialize, Serialize};
use sim_core::cluster::Cluster;
use sim_core::shell::ShellState;

const KEY: &str = "kueue-lab:v1";
/// The simulated cluster, saved separately (it is larger and changes only with commands and time).
const CLUSTER_KEY: &str = "kueue-lab:v1:cluster";
/// Where an unreadable saved state is moved, so nothing is silently thrown away.
const BACKUP_KEY: &str = "kueue-lab:v1:unreadable";
/// Scrollback lines kept across reloads.
const SAVED_SCROLLBACK: usize = 400;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Saved {
    pub shell: ShellState,
    pub tabs: Vec<String>,
    pub active: Option<String>,
    pub lang: Lang,
    pub scrollback: Vec<Line>,
    #[serde(default)]
    pub pending: Vec<String>,
    #[serde(default)]
    pub line: String,
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn load() -> Option<Saved> {
    let storage = local_storage()?;
    let raw = storage.get_item(KEY).ok().flatten()?;
    match serde_json::from_str(&raw) {
        Ok(s) => Some(s),
        Err(e) => {
            web_sys::console::warn_1(&format!("kueue-lab: saved state unreadable ({e}); kept under {BACKUP_KEY}").into());
            let _ = storage.set_item(BACKUP_KEY, &raw);
            None
        }
    }
}

pub fn save(shell: &ShellState, term: &Terminal, tabs: &[String], active: Option<&String>, lang: Lang) {
    let Some(storage) = local_storage() else { return };
    let start = term.scrollback.len().saturating_sub(SAVED_SCROLLBACK);
    let saved = Saved {
        shell: shell.clone(),
        tabs: tabs.to_vec(),
        active: active.cloned(),
        lang,
        scrollback: term.scrollback[start..].to_vec(),
        pending: term.pending.clone(),
        line: term.line.clone(),
    };
    if let Ok(json) = serde_json::to_string(&saved) {
        if let Err(e) = storage.set_item(KEY, &json) {
            web_sys::console::error_2(&"kueue-lab: could not save".into(), &e);
        }
    }
}

pub fn clear() {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(KEY);
        let _ = storage.remove_item(CLUSTER_KEY);
    }
}

pub fn save_cluster(cluster: &Cluster) {
    let Some(storage) = local_storage() else { return };
    if let Ok(json) = serde_json::to_string(cluster) {
        if let Err(e) = storage.set_item(CLUSTER_KEY, &json) {
            web_sys::console::error_2(&"kueue-lab: could not save the cluster".into(), &e);
        }
    }
}

/// The saved cluster, if there is a readable one.
pub fn load_cluster() -> Option<Cluster> {
    let storage = local_storage()?;
    let raw = storage.get_item(CLUSTER_KEY).ok().flatten()?;
    match Cluster::restore(&raw) {
        Ok(c) => Some(c),
        Err(e) => {
            web_sys::console::warn_1(&format!("kueue-lab: saved cluster unreadable ({e}); kept under {CLUSTER_KEY}:unreadable").into());
            let _ = storage.set_item(&format!("{CLUSTER_KEY}:unreadable"), &raw);
            None
        }
    }
}
