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

  // --- tables (the shapes of `yakuset table --json`) ------------------------------------------

  function payments(p) {
    if (!p) return "-";
    if ("ron" in p) return String(p.ron);
    if ("each" in p) return p.each + " all";
    return p.non_dealer + "/" + p.dealer;
  }

  function awardTables(table) {
    return table.tables.map((t) =>
      el("table", { class: "grid award-table" },
        el("caption", {}, `opponent Koi-Koi calls: ${t.opponent_calls}${t.opponent_calls ? " or more" : ""} (×${t.opponent_factor})`),
        el("thead", {}, el("tr", {}, el("th", {}, "base"), t.columns.map((c) => el("th", {}, c.label)))),
        el("tbody", {}, t.rows.map((row) => el("tr", {}, el("th", {}, row.base), row.awards.map((a) => el("td", {}, a)))))));
  }

  function paymentGrids(table) {
    return table.grids.map((g) =>
      el("table", { class: "grid payment-grid" },
        el("caption", {}, `${g.dealer ? "dealer" : "non-dealer"} ${g.tsumo ? "tsumo" : "ron"}`),
        el("thead", {}, el("tr", {}, el("th", {}, "fu"), g.rows[0].cells.map((c) => el("th", {}, c.han + " han")))),
        el("tbody", {}, g.rows.map((row) => el("tr", {}, el("th", {}, row.fu),
          row.cells.map((c) => el("td", c.limit ? { class: "limit", title: c.limit } : {}, payments(c.payments))))))));
  }

  function drawTables(target, table) {
    target.replaceChildren(...("tables" in table ? awardTables(table) : paymentGrids(table)));
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
      if (table.ok) drawTables(tables, table.data); else tables.replaceChildren(errorBox(table.data));
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

  // --- the calculators ----------------------------------------------------------------------------

  function steps(list) {
    return el("ol", { class: "steps" }, list.map((s) => el("li", {}, `${s.label}: ${s.op === "add" ? "+" : s.op === "drop" || s.op === "note" ? "" : "×"} ${s.factor}`)));
  }

  function koikoi(ruleset) {
    const captured = new Set();
    const number = (id) => Number(document.getElementById(id).value || 0);
    async function update() {
      const yakuBox = document.getElementById("yaku"), awardBox = document.getElementById("award");
      const month = document.getElementById("month").value;
      const hand = await call("yaku", { ruleset, captured: [...captured], month: month ? Number(month) : null });
      if (!hand.ok) { yakuBox.replaceChildren(errorBox(hand.data)); awardBox.replaceChildren(); return; }
      yakuBox.replaceChildren(
        el("p", { class: "base" }, `base ${hand.data.base}`),
        el("ul", {}, hand.data.yaku.map((y) => el("li", {}, `${y.label}: ${y.points}`))));
      const won = await call("award", { ruleset, base: hand.data.base, own_calls: number("own_calls"), opponent_calls: number("opponent_calls") });
      if (!won.ok) { awardBox.replaceChildren(errorBox(won.data)); return; }
      awardBox.replaceChildren(
        el("p", { class: "points" }, `${won.data.points} points`),
        el("p", { class: "explanation" }, won.data.explanation || ""),
        steps(won.data.steps),
        ...(won.data.warnings || []).map((w) => el("p", { class: "warning" }, "warning: " + w)));
    }
    for (const button of document.querySelectorAll("button.pick")) {
      button.addEventListener("click", () => {
        const card = button.dataset.card;
        if (captured.has(card)) captured.delete(card); else captured.add(card);
        button.setAttribute("aria-pressed", String(captured.has(card)));
        update();
      });
    }
    for (const id of ["own_calls", "opponent_calls", "month"]) document.getElementById(id).addEventListener("input", update);
    document.getElementById("clear").addEventListener("click", () => {
      captured.clear();
      for (const button of document.querySelectorAll("button.pick")) button.setAttribute("aria-pressed", "false");
      update();
    });
  }

  function riichi(ruleset) {
    const hand = document.getElementById("hand"), win = document.getElementById("win");
    const box = document.getElementById("result");
    let asked = 0;
    function lastTile(text) {
      const match = /(\d)[^mpsz]*([mpsz])\s*$/.exec(text);
      return match ? match[1] + match[2] : "";
    }
    async function update() {
      const ticket = ++asked;
      const text = hand.value.trim();
      if (!text) { box.textContent = "type a hand"; return; }
      const body = {
        ruleset, hand: text, win: win.value.trim() || lastTile(text),
        seat_wind: document.getElementById("seat_wind").value, round_wind: document.getElementById("round_wind").value,
        dora_indicators: document.getElementById("dora").value.split(/[\s,]+/).filter(Boolean),
      };
      for (const flag of document.querySelectorAll("input.flag")) if (flag.checked) body[flag.value] = true;
      const answer = await call("evaluate", body);
      if (ticket !== asked) return;
      if (!answer.ok) { box.replaceChildren(errorBox(answer.data)); return; }
      const r = answer.data;
      const head = r.han === null ? `${r.yakuman}× yakuman` : `${r.han} han ${r.fu} fu${r.limit ? " (" + r.limit + ")" : ""}`;
      box.replaceChildren(
        el("p", { class: "payment" }, `${head}: ${payments(r.payments)}; total ${r.total}`),
        el("p", {}, "yaku: " + r.yaku.join(", ")),
        el("p", {}, `dora ${r.dora.dora}, ura ${r.dora.ura}, red ${r.dora.red}`),
        r.fu_parts.length ? el("p", { class: "fu" }, "fu: " + r.fu_parts.map((s) => `${s.factor} (${s.label})`).join(" + ") + ` = ${r.raw_fu}`) : null,
        steps(r.steps));
    }
    const later = debounce(update, 250);
    for (const input of document.querySelectorAll("input, select")) input.addEventListener("input", later);
    for (const button of document.querySelectorAll("button.tile")) {
      button.addEventListener("click", () => {
        const tile = button.dataset.tile;
        // Append the digit to the last group when it has the same suit: 23 + 4s -> 234s.
        const value = hand.value.trim();
        hand.value = value.endsWith(tile[1]) ? value.slice(0, -1) + tile[0] + tile[1] : value + tile;
        later();
      });
    }
    document.getElementById("backspace").addEventListener("click", () => {
      hand.value = hand.value.trim().replace(/\d([mpsz])$/, "$1").replace(/^[mpsz]$|(\D)[mpsz]$/, "$1");
      later();
    });
  }

  window.Studio = { editor, koikoi, riichi };
})();
