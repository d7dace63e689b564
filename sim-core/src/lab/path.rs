//! Field paths in lab checks: `spec.nodeLabels["nvidia.com/gpu.present"]`,
//! `spec.resourceGroups[*].flavors[name=fake-gpu].resources[name=cpu].nominalQuota`,
//! `status.conditions[type=Active].status`, `spec.template.spec.containers[0].image`.
//! A path can reach several values (`[*]`, selections); a check passes when any of them matches.

use crate::json::Value;

#[derive(Debug, Clone, PartialEq)]
enum Segment {
    Key(String),
    Index(usize),
    Any,
    /// The array elements whose field equals the value.
    Select(String, String),
}

/// A parsed path, kept with its source text for explanations.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldPath {
    pub text: String,
    segments: Vec<Segment>,
}

impl FieldPath {
    pub fn parse(text: &str) -> Result<FieldPath, String> {
        let mut segments = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let mut key = String::new();
        let bad = |why: &str| format!("field path {text:?}: {why}");
        while i < chars.len() {
            match chars[i] {
                '.' => {
                    if key.is_empty() && !matches!(segments.last(), Some(Segment::Index(_) | Segment::Any | Segment::Select(..))) {
                        return Err(bad("empty segment"));
                    }
                    if !key.is_empty() {
                        segments.push(Segment::Key(std::mem::take(&mut key)));
                    }
                    i += 1;
                }
                '[' => {
                    if !key.is_empty() {
                        segments.push(Segment::Key(std::mem::take(&mut key)));
                    }
                    let close = chars[i..].iter().position(|&c| c == ']').ok_or_else(|| bad("unclosed ["))? + i;
                    let inner: String = chars[i + 1..close].iter().collect();
                    let seg = if inner == "*" {
                        Segment::Any
                    } else if let Some(q) = inner.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
                        Segment::Key(q.to_string())
                    } else if let Ok(n) = inner.parse::<usize>() {
                        Segment::Index(n)
                    } else if let Some((k, v)) = inner.split_once('=') {
                        Segment::Select(k.trim().to_string(), v.trim().trim_matches('"').to_string())
                    } else {
                        return Err(bad("expected [*], [N], [\"key\"] or [field=value]"));
                    };
                    segments.push(seg);
                    i = close + 1;
                }
                c => {
                    key.push(c);
                    i += 1;
                }
            }
        }
        if !key.is_empty() {
            segments.push(Segment::Key(key));
        }
        if segments.is_empty() {
            return Err(bad("empty path"));
        }
        Ok(FieldPath { text: text.to_string(), segments })
    }

    /// Every value the path reaches in `obj`.
    pub fn values<'a>(&self, obj: &'a Value) -> Vec<&'a Value> {
        self.step(vec![obj]).into_iter().filter(|v| !v.is_null()).collect()
    }
}

/// Where a path stops: a list whose items have no `field` equal to `want`.
#[derive(Debug, Clone, PartialEq)]
pub struct MissingItem {
    /// The list's key (`flavors`, `resources`), or "" at the top.
    pub list: String,
    pub field: String,
    pub want: String,
    /// The `field` values the list's items do have.
    pub have: Vec<String>,
}

impl FieldPath {
    /// When the path reaches nothing because a selection (`flavors[name=fake-gpu]`) matched no
    /// item of a list that is there, that selection and what the list holds instead.
    pub fn missing_item(&self, obj: &Value) -> Option<MissingItem> {
        let mut cur = vec![obj];
        let mut last_key = String::new();
        for seg in &self.segments {
            if let Segment::Select(field, want) = seg {
                let items: Vec<&Value> = cur.iter().filter_map(|v| v.as_array()).flatten().collect();
                let hits = items.iter().filter(|item| item.get(field.as_str()).is_some_and(|f| scalar_text(f) == *want)).count();
                if hits == 0 && !cur.is_empty() {
                    let have = items.iter().filter_map(|i| i.get(field.as_str())).map(scalar_text).collect();
                    return Some(MissingItem { list: last_key, field: field.clone(), want: want.clone(), have });
                }
            }
            if let Segment::Key(k) = seg {
                last_key = k.clone();
            }
            cur = FieldPath { text: String::new(), segments: vec![seg.clone()] }.step(cur);
            if cur.is_empty() {
                return None;
            }
        }
        None
    }

    /// The field in plain words for a message (`the limit `nvidia.com/gpu` of a container`,
    /// `` `nominalQuota` of cpu in flavor fake-gpu ``), Korean and English.
    pub fn describe(&self) -> (String, String) {
        let segs = &self.segments;
        let Some(Segment::Key(leaf)) = segs.last() else { return (format!("`{}`", self.text), format!("`{}`", self.text)) };
        let parent = match segs.len().checked_sub(2).map(|i| &segs[i]) {
            Some(Segment::Key(k)) => k.as_str(),
            _ => "",
        };
        let map_word = match parent {
            "labels" => Some(("라벨", "label")),
            "annotations" => Some(("주석", "annotation")),
            "nodeLabels" => Some(("노드 라벨", "node label")),
            "nodeSelector" => Some(("nodeSelector", "nodeSelector")),
            "limits" => Some(("limits", "limit")),
            "requests" => Some(("requests", "request")),
            "resourceUsage" => Some(("resourceUsage", "resource usage")),
            _ => None,
        };
        // Where the field sits: list items picked by a field, or any item of a list.
        let mut places: Vec<(String, String)> = Vec::new();
        let mut last_key = "";
        for seg in segs {
            match seg {
                Segment::Key(k) => last_key = k,
                Segment::Select(_, v) => places.push(match last_key {
                    "resources" => (format!("{v} "), format!(" of {v}")),
                    "flavors" => (format!("플레이버 {v} 의 "), format!(" in flavor {v}")),
                    "flavorsReservation" => (format!("플레이버 {v} 예약의 "), format!(" reserved in flavor {v}")),
                    "flavorsUsage" => (format!("플레이버 {v} 사용량의 "), format!(" used in flavor {v}")),
                    "conditions" => (format!("{v} 조건의 "), format!(" of condition {v}")),
                    other => (format!("{other} {v} 의 "), format!(" in {other} {v}")),
                }),
                Segment::Any | Segment::Index(_) => match last_key {
                    "containers" => places.push(("컨테이너의 ".into(), " of a container".into())),
                    "podSetAssignments" => places.push(("파드 세트의 ".into(), " of a pod set".into())),
                    _ => {}
                },
            }
        }
        // A generic leaf (`name`, `policy`) keeps the key it belongs to: `priorityClassRef.name`.
        let generic = matches!(leaf.as_str(), "name" | "kind" | "type" | "value" | "status" | "policy" | "apiVersion");
        let leaf = match parent {
            "" | "spec" | "metadata" | "status" => leaf.clone(),
            p if generic && map_word.is_none() => format!("{p}.{leaf}"),
            _ => leaf.clone(),
        };
        let (field_ko, field_en) = match map_word {
            Some((ko, en)) => (format!("{ko} `{leaf}`"), format!("the {en} `{leaf}`")),
            None => (format!("`{leaf}`"), format!("`{leaf}`")),
        };
        let ko: String = places.iter().map(|(k, _)| k.as_str()).collect::<String>() + &field_ko;
        let en: String = field_en + &places.iter().rev().map(|(_, e)| e.as_str()).collect::<String>();
        (ko, en)
    }

    fn step<'a>(&self, cur: Vec<&'a Value>) -> Vec<&'a Value> {
        let mut cur = cur;
        for seg in &self.segments {
            let mut next = Vec::new();
            for v in cur {
                match seg {
                    Segment::Key(k) => next.extend(v.get(k.as_str())),
                    Segment::Index(n) => next.extend(v.as_array().and_then(|a| a.get(*n))),
                    Segment::Any => next.extend(v.as_array().into_iter().flatten()),
                    Segment::Select(field, want) => next.extend(
                        v.as_array().into_iter().flatten().filter(|item| item.get(field.as_str()).is_some_and(|f| scalar_text(f) == *want)),
                    ),
                }
            }
            cur = next;
        }
        cur
    }
}

/// A scalar as text (`"true"`, `2`, `2Gi`), a structure as compact JSON.
pub fn scalar_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    #[test]
    fn paths_reach_keys_with_dots_selections_and_indexes() {
        let cq = json!({"spec": {"resourceGroups": [{"flavors": [{"name": "fake-gpu", "resources": [
            {"name": "cpu", "nominalQuota": 2}, {"name": "nvidia.com/gpu", "nominalQuota": "2"}]}]}]},
            "metadata": {"labels": {"nvidia.com/gpu.present": "true"}}});
        let p = FieldPath::parse("spec.resourceGroups[*].flavors[name=fake-gpu].resources[name=nvidia.com/gpu].nominalQuota").unwrap();
        assert_eq!(p.values(&cq), vec![&json!("2")]);
        let p = FieldPath::parse("metadata.labels[\"nvidia.com/gpu.present\"]").unwrap();
        assert_eq!(p.values(&cq), vec![&json!("true")]);
        let p = FieldPath::parse("spec.resourceGroups[0].flavors[0].name").unwrap();
        assert_eq!(p.values(&cq), vec![&json!("fake-gpu")]);
        assert!(FieldPath::parse("spec..x").is_err());
        assert!(FieldPath::parse("spec[").is_err());
        assert!(FieldPath::parse("").is_err());
    }

    #[test]
    fn paths_read_as_plain_words() {
        let words = |p: &str| FieldPath::parse(p).unwrap().describe();
        assert_eq!(
            words("spec.resourceGroups[*].flavors[name=fake-gpu].resources[name=cpu].nominalQuota"),
            ("플레이버 fake-gpu 의 cpu `nominalQuota`".to_string(), "`nominalQuota` of cpu in flavor fake-gpu".to_string())
        );
        assert_eq!(
            words("metadata.labels[\"kueue.x-k8s.io/queue-name\"]"),
            ("라벨 `kueue.x-k8s.io/queue-name`".to_string(), "the label `kueue.x-k8s.io/queue-name`".to_string())
        );
        assert_eq!(
            words("spec.template.spec.containers[*].resources.limits[\"nvidia.com/gpu\"]"),
            ("컨테이너의 limits `nvidia.com/gpu`".to_string(), "the limit `nvidia.com/gpu` of a container".to_string())
        );
        assert_eq!(words("spec.cohortName"), ("`cohortName`".to_string(), "`cohortName`".to_string()));
        assert_eq!(words("spec.priorityClassRef.name").1, "`priorityClassRef.name`");
        assert_eq!(
            words("status.flavorsReservation[name=fake-gpu].resources[name=nvidia.com/gpu].total").1,
            "`total` of nvidia.com/gpu reserved in flavor fake-gpu"
        );
    }

    #[test]
    fn a_selection_that_matches_nothing_says_what_is_there() {
        let cq =
            json!({"spec": {"resourceGroups": [{"flavors": [{"name": "fake-gpus", "resources": [{"name": "cpu", "nominalQuota": 2}]}]}]}});
        let p = FieldPath::parse("spec.resourceGroups[*].flavors[name=fake-gpu].resources[name=cpu].nominalQuota").unwrap();
        let gap = p.missing_item(&cq).unwrap();
        assert_eq!((gap.list.as_str(), gap.want.as_str(), gap.have), ("flavors", "fake-gpu", vec!["fake-gpus".to_string()]));
        let p = FieldPath::parse("spec.resourceGroups[*].flavors[name=fake-gpus].resources[name=cpu].nominalQuota").unwrap();
        assert_eq!(p.missing_item(&cq), None);
        let p = FieldPath::parse("spec.resourceGroups[*].flavors[name=fake-gpus].resources[name=memory].nominalQuota").unwrap();
        assert_eq!(p.missing_item(&cq).map(|g| g.list), Some("resources".to_string()));
        let p = FieldPath::parse("spec.cohort[name=x]").unwrap();
        assert_eq!(p.missing_item(&cq), None);
    }
}
