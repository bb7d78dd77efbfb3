// The pages' script: the editor's live problems, tables and diff, and the calculators. Every
// number comes from the JSON API (/api/v1); this file only sends requests and draws answers.
"use strict";
(function () {
  const API = "/api/v1/";

  async function call(path, body) {
    const response = await fetch(API + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, status: response.status, data: await response.json() };
  }

  function debounce(fn, ms) {
    let timer = null;
    return (...args) => {
      clearTimeout(timer);
      timer = setTimeout(() => fn(...args), ms);
    };
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function errorBox(data) {
    const error = data.error || { message: "no answer" };
    return el("div", { class: "error" }, error.message, error.hint ? el("div", { class: "hint" }, "hint: " + error.hint) : null);
  }

  // --- tables (the shape of `yakuset table --json`, drawn by the rule set's game) ------------------

  // Each game's script adds its table and calculator: Studio.games.koikoi = { tables, calculator }.
  const games = {};

  function drawTables(target, game, table) {
    // A game without a script of its own shows its table's JSON.
    const drawn = games[game] ? games[game].tables(table) : [el("pre", {}, JSON.stringify(table, null, 2))];
    target.replaceChildren(...drawn);
  }

  // --- the diff (the shape of `yakuset diff --format json`) -----------------------------------

  function drawDiff(target, answer) {
    // The counts of `yakuset diff --format json` and the text `yakuset diff` prints (its rule
    // changes, then the score changes grouped under the rule changes that cause them).
    const s = answer.structural, b = answer.behaviour;
    const rules = s.count ? `${s.count} rule change(s)` : "no rule changes";
    const only = s.count && answer.same_rules ? " (only the name, the metadata or `extends` differ)" : "";
    target.replaceChildren(
      el("p", { class: "diff-summary" }, `${rules}${only}; `, b ? b.summary : ""),
      el("pre", { class: "diff-text" }, answer.text));
  }

  // --- the editor --------------------------------------------------------------------------------

  function editor() {
    const pane = document.getElementById("editor");
    const nameInput = document.getElementById("name");
    const against = document.getElementById("against");
    const status = document.getElementById("status");
    const list = document.getElementById("problems");
    const tables = document.getElementById("tables");
    const diffBox = document.getElementById("diff");
    let problems = [];
    let text = document.getElementById("initial").value;
    let asked = 0;

    const view = window.YakusetEditor.create(pane, text, {
      onChange: (now) => { text = now; status.textContent = "checking…"; later(); },
    });

    // While the text has problems, the tables and the diff are those of the last valid text:
    // they say so, greyed, until the problems are fixed.
    function stale(on) {
      for (const box of [tables, diffBox]) {
        box.classList.toggle("stale", on);
        const note = box.previousElementSibling;
        if (note && note.classList.contains("stale-note")) note.hidden = !on;
      }
    }

    // A local file, picked or dropped on the editor, replaces the text; "save as file" saves it
    // under its own name.
    function open(file) {
      if (!file) return;
      file.text().then((read) => {
        nameInput.value = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}\.ya?ml$/.test(file.name) ? file.name : "house.yaml";
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: read } });
      });
    }
    document.getElementById("open").addEventListener("change", (event) => open(event.target.files[0]));
    pane.addEventListener("dragover", (event) => { event.preventDefault(); pane.classList.add("drop-target"); });
    pane.addEventListener("dragleave", () => pane.classList.remove("drop-target"));
    pane.addEventListener("drop", (event) => {
      event.preventDefault();
      pane.classList.remove("drop-target");
      open(event.dataTransfer.files[0]);
    });

    async function update() {
      const ticket = ++asked;
      const name = nameInput.value;
      const checked = await call("validate", { text, name });
      if (ticket !== asked) return;  // a newer edit is on its way
      if (!checked.ok) {
        status.textContent = "";
        list.replaceChildren(el("li", {}, errorBox(checked.data)));
        return;
      }
      problems = checked.data.problems;
      window.YakusetEditor.showProblems(view, problems);
      list.replaceChildren(...problems.map((p) =>
        el("li", { class: p.warning ? "warning" : "problem" },
          el("a", { href: `#L${p.line}`, "data-line": p.line, onclick: (e) => { e.preventDefault(); window.YakusetEditor.goTo(view, p.line, p.col); } },
            `${p.file}:${p.line}:${p.col}`),
          `: ${p.path || "<document>"}: ${p.warning ? "warning: " : ""}${p.message}`, p.hint ? ` (hint: ${p.hint})` : "")));
      if (!checked.data.valid) {
        status.textContent = `${problems.filter((p) => !p.warning).length} problem(s)`;
        document.body.dataset.state = "invalid";
        stale(true);
        return;
      }
      status.textContent = "valid";
      const ruleset = { text, name };
      const [table, compared] = await Promise.all([
        call("table", { ruleset }),
        // One situation worked through under each rule change: what it does, step by step.
        call("diff", { a: against.value, b: ruleset, steps: 1 }),
      ]);
      if (ticket !== asked) return;
      if (table.ok) drawTables(tables, pane.dataset.game, table.data); else tables.replaceChildren(errorBox(table.data));
      document.getElementById("against-name").textContent = against.value;
      if (compared.ok) drawDiff(diffBox, compared.data); else diffBox.replaceChildren(errorBox(compared.data));
      stale(false);
      document.body.dataset.state = "valid";
    }

    const later = debounce(update, 300);
    nameInput.addEventListener("input", later);
    against.addEventListener("change", update);
    document.getElementById("download").addEventListener("click", () => {
      const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/yaml" })), download: nameInput.value });
      document.body.append(link);
      link.click();
      link.remove();
    });
    update();
  }

  // --- for the games' calculators ---------------------------------------------------------------

  // A result's steps as the command line's --explain prints them: the API's `explained` lines,
  // rendered once, by the game's Python, for both.
  function steps(lines) {
    return el("ol", { class: "steps" }, lines.map((line) => el("li", {}, line)));
  }

  window.Studio = { editor, games, call, debounce, el, errorBox, steps };
})();
