//! The page's layout at the window's (or the embedding iframe's) width, and the panes shown as
//! tabs when not all of them fit.
//!
//! Three layouts, with the same breakpoints as `www/style.css`:
//! - `Wide` (≥ 1000 px): steps, editor over terminal, cluster side by side; no tabs.
//! - `Medium` (700–999 px): two columns; the left one shows the steps or the cluster (two tabs),
//!   the right one the editor over the terminal.
//! - `Narrow` (< 700 px): one pane at a time — steps, editor, terminal, cluster — chosen with a
//!   tab bar that stays at the top, so the terminal is always one tap away; the header's
//!   controls go into a menu.
//!
//! The CSS decides what is drawn; the app knows the layout too so that the tabs it renders and
//! their ARIA roles match what is on screen.

use crate::i18n::Lang;

/// Widths below which the page changes layout (CSS `max-width` is one less).
pub const NARROW_BELOW: u32 = 700;
pub const MEDIUM_BELOW: u32 = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    #[default]
    Wide,
    Medium,
    Narrow,
}

impl Layout {
    pub fn for_width(width: f64) -> Layout {
        if width < NARROW_BELOW as f64 {
            Layout::Narrow
        } else if width < MEDIUM_BELOW as f64 {
            Layout::Medium
        } else {
            Layout::Wide
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Layout::Wide => "wide",
            Layout::Medium => "medium",
            Layout::Narrow => "narrow",
        }
    }

    /// The tabs this layout offers (none when every pane is on screen).
    pub fn tabs(self) -> &'static [Tab] {
        match self {
            Layout::Wide => &[],
            Layout::Medium => &[Tab::Steps, Tab::Cluster],
            Layout::Narrow => &[Tab::Steps, Tab::Editor, Tab::Terminal, Tab::Cluster],
        }
    }

    /// The tab shown as selected: at the medium width the editor and terminal are always on
    /// screen, so the left column shows the steps unless the cluster was chosen.
    pub fn selected(self, tab: Tab) -> Option<Tab> {
        match self {
            Layout::Wide => None,
            Layout::Medium if tab != Tab::Cluster => Some(Tab::Steps),
            _ => Some(tab),
        }
    }

    /// Whether a pane is on screen in this layout with this tab chosen.
    pub fn shows(self, tab: Tab, pane: Tab) -> bool {
        match self {
            Layout::Wide => true,
            Layout::Medium => matches!(pane, Tab::Editor | Tab::Terminal) || self.selected(tab) == Some(pane),
            Layout::Narrow => tab == pane,
        }
    }
}

/// A pane, as a tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    #[default]
    Steps,
    Editor,
    Terminal,
    Cluster,
}

impl Tab {
    pub fn code(self) -> &'static str {
        match self {
            Tab::Steps => "steps",
            Tab::Editor => "editor",
            Tab::Terminal => "terminal",
            Tab::Cluster => "cluster",
        }
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Tab::Steps => lang.pick("단계", "Steps"),
            Tab::Editor => lang.pick("편집기", "Editor"),
            Tab::Terminal => lang.pick("터미널", "Terminal"),
            Tab::Cluster => lang.pick("클러스터", "Cluster"),
        }
    }

    /// The id of the pane's element (the tab's `aria-controls`).
    pub fn pane_id(self) -> &'static str {
        match self {
            Tab::Steps => "pane-steps",
            Tab::Editor => "pane-editor",
            Tab::Terminal => "pane-terminal",
            Tab::Cluster => "pane-cluster",
        }
    }

    pub fn tab_id(self) -> &'static str {
        match self {
            Tab::Steps => "tab-steps",
            Tab::Editor => "tab-editor",
            Tab::Terminal => "tab-terminal",
            Tab::Cluster => "tab-cluster",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breakpoints() {
        assert_eq!(Layout::for_width(390.0), Layout::Narrow);
        assert_eq!(Layout::for_width(699.0), Layout::Narrow);
        assert_eq!(Layout::for_width(700.0), Layout::Medium);
        assert_eq!(Layout::for_width(768.0), Layout::Medium);
        assert_eq!(Layout::for_width(999.5), Layout::Medium);
        assert_eq!(Layout::for_width(1000.0), Layout::Wide);
        assert_eq!(Layout::for_width(1440.0), Layout::Wide);
    }

    #[test]
    fn what_each_layout_shows() {
        for pane in [Tab::Steps, Tab::Editor, Tab::Terminal, Tab::Cluster] {
            assert!(Layout::Wide.shows(Tab::Terminal, pane));
        }
        // Medium: editor and terminal always; the left column is the steps unless the cluster.
        assert!(Layout::Medium.shows(Tab::Terminal, Tab::Steps));
        assert!(!Layout::Medium.shows(Tab::Terminal, Tab::Cluster));
        assert!(Layout::Medium.shows(Tab::Cluster, Tab::Cluster));
        assert!(!Layout::Medium.shows(Tab::Cluster, Tab::Steps));
        assert!(Layout::Medium.shows(Tab::Cluster, Tab::Terminal));
        assert_eq!(Layout::Medium.selected(Tab::Editor), Some(Tab::Steps));
        // Narrow: one pane at a time, every one of them a tab.
        assert!(Layout::Narrow.shows(Tab::Terminal, Tab::Terminal));
        assert!(!Layout::Narrow.shows(Tab::Terminal, Tab::Editor));
        assert_eq!(Layout::Narrow.tabs().len(), 4);
        assert!(Layout::Wide.tabs().is_empty());
    }
}
