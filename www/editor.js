import "./bridge.js";
// The editor component: CodeMirror 6 with YAML highlighting, line numbers, 2-space indentation
// and a diagnostics API. Bundled by esbuild (cargo xtask) into build/editor.js; the Rust app
// drives it through window.KueueEditor.
import { EditorView, basicSetup } from "codemirror";
import { EditorState, Compartment } from "@codemirror/state";
import { keymap } from "@codemirror/view";
import { indentUnit } from "@codemirror/language";
import { indentWithTab } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics } from "@codemirror/lint";

// A dark theme that matches the page.
const darkTheme = EditorView.theme(
  {
    "&": { color: "#d8dee6", backgroundColor: "#0f1419", height: "100%" },
    ".cm-content": { caretColor: "#d8dee6", fontFamily: "var(--mono)" },
    ".cm-scroller": { fontFamily: "var(--mono)", fontSize: "13px" },
    ".cm-gutters": { backgroundColor: "#161c23", color: "#6b7785", border: "none" },
    ".cm-activeLine": { backgroundColor: "#1a222b" },
    ".cm-activeLineGutter": { backgroundColor: "#1d252e" },
    "&.cm-focused .cm-cursor": { borderLeftColor: "#d8dee6" },
    "&.cm-focused .cm-selectionBackground, ::selection": { backgroundColor: "#2b4a6b" },
    ".cm-selectionBackground": { backgroundColor: "#26384a" },
    ".cm-tooltip": { backgroundColor: "#1d252e", color: "#d8dee6", border: "1px solid #2a3440" },
  },
  { dark: true },
);

function languageFor(kind) {
  return kind === "yaml" ? [yaml()] : [];
}

window.KueueEditor = {
  // onChange(text) on every edit; onSave() on Ctrl-S / Cmd-S.
  create(parent, onChange, onSave) {
    const language = new Compartment();
    const readOnly = new Compartment();
    let silent = false;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: "",
        extensions: [
          basicSetup,
          darkTheme,
          indentUnit.of("  "),
          EditorState.tabSize.of(2),
          keymap.of([
            { key: "Mod-s", preventDefault: true, run: () => { onSave(); return true; } },
            indentWithTab,
          ]),
          lintGutter(),
          language.of([]),
          readOnly.of(EditorState.readOnly.of(true)),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !silent) onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
    return {
      // Replaces the document without reporting it as an edit; kind: "yaml" | "text" | "none".
      setDoc(text, kind) {
        silent = true;
        try {
          view.dispatch({
            changes: { from: 0, to: view.state.doc.length, insert: text },
            effects: [
              language.reconfigure(languageFor(kind)),
              readOnly.reconfigure(EditorState.readOnly.of(kind === "none")),
            ],
          });
        } finally {
          silent = false;
        }
      },
      getDoc() {
        return view.state.doc.toString();
      },
      // diags: [{line (1-based), message, severity: "error"|"warning"|"info"}]
      setDiagnostics(diags) {
        const doc = view.state.doc;
        const list = diags
          .filter((d) => d.line >= 1 && d.line <= doc.lines)
          .map((d) => {
            const line = doc.line(d.line);
            return { from: line.from, to: line.to, severity: d.severity || "error", message: d.message };
          });
        view.dispatch(setDiagnostics(view.state, list));
      },
      focus() {
        view.focus();
      },
    };
  },
};
