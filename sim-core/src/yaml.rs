//! YAML syntax checking for the editor's inline diagnostics. (Validation against the API's
//! schemas comes with the API server core; this only says whether the text parses.)

use serde::Deserialize;

/// A problem at a 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub message: String,
}

/// Parses every document of a multi-document YAML text; returns the first syntax error.
pub fn syntax_errors(text: &str) -> Vec<SyntaxError> {
    for doc in serde_norway::Deserializer::from_str(text) {
        if let Err(e) = serde_norway::Value::deserialize(doc) {
            let line = e.location().map(|l| l.line()).unwrap_or(1);
            return vec![SyntaxError { line, message: e.to_string() }];
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_the_line_of_a_syntax_error() {
        assert!(syntax_errors("a: 1\n---\nb: [2]\n").is_empty());
        let errs = syntax_errors("kind: Job\nmetadata:\n  name: x\n labels: y\n");
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].line, 4);
        assert!(errs[0].message.contains("did not find expected key") || errs[0].message.contains("mapping"), "{}", errs[0].message);
        let errs = syntax_errors("a: 'unclosed\n");
        assert_eq!(errs.len(), 1);
    }
}
