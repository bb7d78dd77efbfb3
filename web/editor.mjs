// The editor of `yakuset serve`: CodeMirror 6 with YAML highlighting and a lint gutter.
// Built into engine/_web/static/editor.js (see docs/web.md); the page script studio.js uses
// window.YakusetEditor.
import { EditorView, basicSetup } from "codemirror";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics } from "@codemirror/lint";

function create(parent, text, { onChange }) {
  const view = new EditorView({
    doc: text,
    parent,
    extensions: [
      basicSetup,
      yaml(),
      lintGutter(),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString());
      }),
    ],
  });
  return view;
}

function toDiagnostics(view, problems) {
  const doc = view.state.doc;
  return problems
    .filter((p) => p.line >= 1 && p.line <= doc.lines)
    .map((p) => {
      const line = doc.line(p.line);
      const from = Math.min(line.from + Math.max(p.col - 1, 0), line.to);
      const to = from < line.to ? line.to : from;
      return {
        from,
        to,
        severity: p.warning ? "warning" : "error",
        message: p.message + (p.hint ? ` (hint: ${p.hint})` : ""),
      };
    });
}

function goTo(view, line, col) {
  const doc = view.state.doc;
  const target = doc.line(Math.min(Math.max(line, 1), doc.lines));
  const pos = Math.min(target.from + Math.max(col - 1, 0), target.to);
  view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  view.focus();
}

// The page fetches the problems (debounced) and hands them over: they are marked at their
// line:col, in the text and in the gutter.
function showProblems(view, problems) {
  view.dispatch(setDiagnostics(view.state, toDiagnostics(view, problems)));
}

window.YakusetEditor = { create, goTo, showProblems };
