import "./bridge.js";
// The editor component: CodeMirror 6 with YAML highlighting, line numbers, 2-space indentation
// and a diagnostics API. Bundled by esbuild (cargo xtask) into build/editor.js; the Rust app
// drives it through window.KueueEditor.
import { EditorView, basicSetup } from "codemirror";
import { EditorState, Compartment } from "@codemirror/state";
import { keymap } from "@codemirror/view";
import { indentUnit, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { indentWithTab } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics } from "@codemirror/lint";

// A dark theme that matches the page. Every text colour keeps WCAG AA contrast (4.5:1) on the
// editor's background and on the active line (CodeMirror's default highlight colours are meant
// for a light background: its dark blue YAML keys were unreadable here).
const darkTheme = EditorView.theme(
  {
    "&": { color: "#d8dee6", backgroundColor: "#0f1419", height: "100%" },
    ".cm-content": { caretColor: "#d8dee6", fontFamily: "var(--mono)" },
    ".cm-scroller": { fontFamily: "var(--mono)", fontSize: "13px" },
    ".cm-gutters": { backgroundColor: "#161c23", color: "#9aa6b2", border: "none" },
    ".cm-activeLine": { backgroundColor: "#1a222b" },
    ".cm-activeLineGutter": { backgroundColor: "#1d252e" },
    "&.cm-focused .cm-cursor": { borderLeftColor: "#d8dee6" },
    "&.cm-focused .cm-selectionBackground, ::selection": { backgroundColor: "#2b4a6b" },
    ".cm-selectionBackground": { backgroundColor: "#26384a" },
    ".cm-tooltip": { backgroundColor: "#1d252e", color: "#d8dee6", border: "1px solid #2a3440" },
    ".cm-panels": { backgroundColor: "#161c23", color: "#d8dee6" },
    ".cm-searchMatch": { backgroundColor: "#5a4a1a", outline: "1px solid #f0b84b" },
    ".cm-foldPlaceholder": { backgroundColor: "#1d252e", color: "#d8dee6", border: "1px solid #2a3440" },
  },
  { dark: true },
);

// Syntax colours for the dark background (each ≥ 7:1 on #0f1419, ≥ 6:1 on the active line).
const darkHighlight = HighlightStyle.define([
  { tag: [tags.definition(tags.propertyName), tags.propertyName, tags.attributeName], color: "#7cc4ff" },
  { tag: [tags.string, tags.special(tags.string), tags.inserted], color: "#a8db8f" },
  { tag: [tags.keyword, tags.atom, tags.bool, tags.null, tags.labelName], color: "#e3a6ff" },
  { tag: [tags.number, tags.literal, tags.attributeValue], color: "#f5bd7e" },
  { tag: [tags.typeName, tags.className, tags.namespace], color: "#7fdbca" },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: "#a3afbb", fontStyle: "italic" },
  { tag: tags.meta, color: "#c3cbd5" },
  { tag: [tags.invalid, tags.deleted], color: "#ff9c9c" },
  { tag: tags.link, textDecoration: "underline" },
  { tag: tags.heading, fontWeight: "bold" },
]);

// An open file is editable and a tab stop (an explicit tabindex, so that checkers such as axe
// see the scrolling editor as reachable); with no file open the editor is neither.
function editable(on) {
  return [EditorState.readOnly.of(!on), EditorView.editable.of(on), on ? EditorView.contentAttributes.of({ tabindex: "0" }) : []];
}

function languageFor(kind) {
  return kind === "yaml" ? [yaml()] : [];
}

window.KueueEditor = {
  // onChange(text) on every edit; onSave() on Ctrl-S / Cmd-S.
  create(parent, onChange, onSave) {
    const language = new Compartment();
    const readOnly = new Compartment();
    const label = new Compartment();
    let silent = false;
    let currentLabel = "Editor";
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: "",
        extensions: [
          basicSetup,
          darkTheme,
          syntaxHighlighting(darkHighlight),
          label.of(EditorView.contentAttributes.of({ "aria-label": "Editor" })),
          indentUnit.of("  "),
          EditorState.tabSize.of(2),
          keymap.of([
            { key: "Mod-s", preventDefault: true, run: () => { onSave(); return true; } },
            indentWithTab,
          ]),
          lintGutter(),
          language.of([]),
          readOnly.of(editable(false)),
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
              // With no file open the editor is neither editable nor in the tab order.
              readOnly.reconfigure(editable(kind !== "none")),
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
      // The editing area's accessible name (the app's language and the open file).
      setLabel(text) {
        if (text === currentLabel) return;
        currentLabel = text;
        view.dispatch({ effects: label.reconfigure(EditorView.contentAttributes.of({ "aria-label": text })) });
      },
    };
  },
};
