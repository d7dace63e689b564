//! Go's `text/tabwriter` as kubectl configures it for tables (`cli-runtime` `tabwriter.go`):
//! minwidth 6, tabwidth 4, padding 3, padchar ' '. Cells of a line are tab-separated; every cell
//! but the last is padded to its column's width; the last cell is printed as is.
//! (`kubectl.md` §1.4)

pub struct TabWriter {
    pub min_width: usize,
    pub padding: usize,
}

/// kubectl get's settings.
pub const KUBECTL_TABLE: TabWriter = TabWriter { min_width: 6, padding: 3 };
/// kubectl describe's settings (minwidth 0, padding 2).
pub const KUBECTL_DESCRIBE: TabWriter = TabWriter { min_width: 0, padding: 2 };

impl TabWriter {
    /// Aligns `text` (lines of tab-separated cells). A column is aligned over each maximal run of
    /// consecutive lines that have that many tab-terminated cells, as Go's tabwriter does.
    pub fn format(&self, text: &str) -> String {
        let lines: Vec<Vec<&str>> = text.split('\n').map(|l| l.split('\t').collect()).collect();
        let mut widths: Vec<Vec<usize>> = lines.iter().map(|cells| vec![0; cells.len().saturating_sub(1)]).collect();
        let max_cols = lines.iter().map(|c| c.len().saturating_sub(1)).max().unwrap_or(0);
        for col in 0..max_cols {
            let mut i = 0;
            while i < lines.len() {
                if lines[i].len() <= col + 1 {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < lines.len() && lines[i].len() > col + 1 {
                    i += 1;
                }
                let w = (start..i).map(|j| lines[j][col].chars().count() + self.padding).max().unwrap_or(0).max(self.min_width);
                for row in widths.iter_mut().take(i).skip(start) {
                    row[col] = w;
                }
            }
        }
        let mut out = String::new();
        for (li, cells) in lines.iter().enumerate() {
            for (ci, cell) in cells.iter().enumerate() {
                out.push_str(cell);
                if ci + 1 < cells.len() {
                    let pad = widths[li][ci].saturating_sub(cell.chars().count());
                    out.extend(std::iter::repeat_n(' ', pad));
                }
            }
            if li + 1 < lines.len() {
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_all_but_the_last_cell() {
        let t = KUBECTL_TABLE.format("NAME\tREADY\tAGE\nabc\t0/1\t70s\n");
        assert_eq!(t, "NAME   READY   AGE\nabc    0/1     70s\n");
        // An empty last cell still pads the one before it.
        assert_eq!(KUBECTL_TABLE.format("A\tB\nx\t\n"), "A     B\nx     \n");
    }
}
