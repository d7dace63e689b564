//! `HumanDuration` (`apimachinery/pkg/util/duration`): how AGE, DURATION and LAST SEEN print.

/// Formats a duration in whole seconds (negative = a timestamp in the future).
pub fn human_duration(secs: i64) -> String {
    if secs < -1 {
        return "<invalid>".into();
    }
    if secs < 0 {
        return "0s".into();
    }
    let s = secs;
    if s < 120 {
        return format!("{s}s");
    }
    let m = s / 60;
    if m < 10 {
        let rs = s % 60;
        return if rs == 0 { format!("{m}m") } else { format!("{m}m{rs}s") };
    }
    if m < 180 {
        return format!("{m}m");
    }
    let h = m / 60;
    if h < 8 {
        let rm = m % 60;
        return if rm == 0 { format!("{h}h") } else { format!("{h}h{rm}m") };
    }
    if h < 48 {
        return format!("{h}h");
    }
    let d = h / 24;
    if d < 8 {
        let rh = h % 24;
        return if rh == 0 { format!("{d}d") } else { format!("{d}d{rh}h") };
    }
    if d < 365 * 2 {
        return format!("{d}d");
    }
    let y = d / 365;
    if y < 8 {
        let rd = d % 365;
        return if rd == 0 { format!("{y}y") } else { format!("{y}y{rd}d") };
    }
    format!("{y}y")
}

#[cfg(test)]
mod tests {
    use super::human_duration as h;

    #[test]
    fn matches_the_reference_table() {
        for (s, want) in [
            (-5, "<invalid>"),
            (-1, "0s"),
            (0, "0s"),
            (119, "119s"),
            (120, "2m"),
            (125, "2m5s"),
            (599, "9m59s"),
            (600, "10m"),
            (179 * 60 + 59, "179m"),
            (3 * 3600, "3h"),
            (3 * 3600 + 240, "3h4m"),
            (8 * 3600, "8h"),
            (47 * 3600, "47h"),
            (2 * 86400, "2d"),
            (3 * 86400 + 5 * 3600, "3d5h"),
            (8 * 86400, "8d"),
            (729 * 86400, "729d"),
            (730 * 86400, "2y"),
            (3 * 365 * 86400 + 14 * 86400, "3y14d"),
            (9 * 365 * 86400, "9y"),
        ] {
            assert_eq!(h(s), want, "{s}");
        }
    }
}
