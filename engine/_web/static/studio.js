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
    const s = answer.structural, b = answer.behaviour;
    const rules = s.changes.filter((c) => c.section !== "metadata" && c.path !== "name");
    const parts = [
      el("p", { class: "diff-summary" }, rules.length ? `${rules.length} rule change(s); ` : "no rule changes; ", b ? b.summary : ""),
      el("ul", { class: "diff-rules" }, rules.map((c) =>
        el("li", {}, el("code", {}, c.path), `: ${JSON.stringify(c.old)} → ${JSON.stringify(c.new)} `, el("small", {}, `(${c.old_at || "-"} → ${c.new_at || "-"})`)))),
    ];
    if (b && b.changes.length) {
      parts.push(el("ul", { class: "diff-scores" }, b.changes.slice(0, 15).map((c) =>
        el("li", {}, `${c.situation}: ${c.old.summary} → ${c.new.summary}`, c.delta !== null ? ` (${c.delta > 0 ? "+" : ""}${c.delta})` : ""))));
      if (b.changes.length > 15) parts.push(el("p", {}, `… and ${b.changes.length - 15} more`));
    }
    target.replaceChildren(...parts);
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
        return;
      }
      status.textContent = "valid";
      const ruleset = { text, name };
      const [table, compared] = await Promise.all([
        call("table", { ruleset }),
        call("diff", { a: against.value, b: ruleset, steps: 0 }),
      ]);
      if (ticket !== asked) return;
      if (table.ok) drawTables(tables, pane.dataset.game, table.data); else tables.replaceChildren(errorBox(table.data));
      document.getElementById("against-name").textContent = against.value;
      if (compared.ok) drawDiff(diffBox, compared.data); else diffBox.replaceChildren(errorBox(compared.data));
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
