// Riichi's part of the studio's pages: its payment grids (the shape of `yakuset table --json`)
// for the editor, and its calculator. Every number comes from the JSON API; studio.js loads first.
"use strict";
(function () {
  const { call, debounce, el, errorBox, steps } = window.Studio;

  function payments(p) {
    if (!p) return "-";
    if ("ron" in p) return String(p.ron);
    if ("each" in p) return p.each + " all";
    return p.non_dealer + "/" + p.dealer;
  }

  function paymentGrids(table) {
    return table.grids.map((g) =>
      el("table", { class: "grid payment-grid" },
        el("caption", {}, `${g.dealer ? "dealer" : "non-dealer"} ${g.tsumo ? "tsumo" : "ron"}`),
        el("thead", {}, el("tr", {}, el("th", {}, "fu"), g.rows[0].cells.map((c) => el("th", {}, c.han + " han")))),
        el("tbody", {}, g.rows.map((row) => el("tr", {}, el("th", {}, row.fu),
          row.cells.map((c) => el("td", c.limit ? { class: "limit", title: c.limit } : {}, payments(c.payments))))))));
  }

  function calculator(ruleset) {
    const hand = document.getElementById("hand"), win = document.getElementById("win");
    const box = document.getElementById("result");
    let asked = 0;
    function tiles(id) {
      return document.getElementById(id).value.split(/[\s,]+/).filter(Boolean);
    }
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
        dora_indicators: tiles("dora"), ura_indicators: tiles("ura"),
        melds: document.getElementById("melds").value.split(/[,;]+/).map((m) => m.trim()).filter(Boolean)
          .map((m) => m.split(/\s+/, 2)),
      };
      for (const id of ["honba", "riichi_sticks", "kita"]) {
        const input = document.getElementById(id);
        if (input && input.value !== "") body[id] = Number(input.value);
      }
      for (const flag of document.querySelectorAll("input.flag")) if (flag.checked) body[flag.value] = true;
      const answer = await call("evaluate", body);
      if (ticket !== asked) return;
      if (!answer.ok) { box.replaceChildren(errorBox(answer.data)); return; }
      // The lines `yakuset hand` prints (the result line first), then its --explain steps.
      const lines = answer.data.explained;
      box.replaceChildren(
        el("p", { class: "payment" }, lines[0]),
        ...answer.data.summary.map((line) => el("p", { class: line.split(":")[0] }, line)),
        steps(lines.slice(1)));
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

  window.Studio.games.riichi = { tables: paymentGrids, calculator };
})();
