// Koi-Koi's part of the studio's pages: its award tables (the shape of `yakuset table --json`)
// for the editor, and its calculator. Every number comes from the JSON API; studio.js loads first.
"use strict";
(function () {
  const { call, el, errorBox, steps } = window.Studio;

  function awardTables(table) {
    // The rule set's cap on an award (`award.max`), which every capped cell of the tables reached.
    const cap = table.max === null || table.max === undefined ? [] :
      [el("p", { class: "award-cap" }, `award = base × multipliers, capped at ${table.max} (award.max)`)];
    return cap.concat(table.tables.map((t) =>
      el("table", { class: "grid award-table" },
        el("caption", {}, t.label),
        el("thead", {}, el("tr", {}, el("th", {}, "base"), t.columns.map((c) => el("th", {}, c.label)))),
        el("tbody", {}, t.rows.map((row) => el("tr", {}, el("th", {}, row.base), row.awards.map((a) => el("td", {}, a))))))));
  }

  function calculator(ruleset) {
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
      const won = await call("award", {
        ruleset, base: hand.data.base, own_calls: number("own_calls"), opponent_calls: number("opponent_calls"),
        field_brights: number("field_brights"),
      });
      if (!won.ok) { awardBox.replaceChildren(errorBox(won.data)); return; }
      awardBox.replaceChildren(
        el("p", { class: "points" }, `${won.data.points} points`),
        el("p", { class: "explanation" }, won.data.explanation || ""),
        steps(won.data.explained),
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
    for (const id of ["own_calls", "opponent_calls", "field_brights", "month"]) document.getElementById(id).addEventListener("input", update);
    document.getElementById("clear").addEventListener("click", () => {
      captured.clear();
      for (const button of document.querySelectorAll("button.pick")) button.setAttribute("aria-pressed", "false");
      update();
    });
  }

  window.Studio.games.koikoi = { tables: awardTables, calculator };
})();
