// Test helper injected into a Wakfu table page: every `ms` milliseconds, when a decision is this page's,
// act as a player would: click a highlighted card (its menu when it carries several actions), and the
// action list only for what no card carries (declare an attack, pass, end the turn, keep a hand).
// Never cancels a payment or moves cards back and forth (both could go round in circles); ends the turn
// once nothing better is left.  A watcher counts what the board drew: the File d'Attente as a stack,
// combat pairs, inclined cards.
// Team games: `window.__noAttack = true` keeps this seat from attacking (its Alliés stay upright for a
// teammate's defence), and when declaring blockers a teammate's card (a reinforcement) comes first.
(ms) => {
  const rank = (kind, text, card) => {
    if (kind === "choose") {
      if (/^(cancel|roll back|recycle your whole)/.test(text)) return 20;
      if (/^(no more|done|pass)/.test(text)) return 6;
      return card && / blocks /.test(text) && card.closest(".seatbox.mate:not(.me)") ? -1 : 0;
    }
    if (kind === "attack" && window.__noAttack) return null;
    return { play: 1, attack: 2, use: 4, pass: 7, end_turn: 9, move: 30 }[kind] ?? 10;
  };
  // an action's button (its kind and words), or the entry of the card that does it to one of several
  // targets (a two-click pick: its title lists them)
  const info = (i) => {
    const b = document.getElementById(`act-${i}`);
    if (b) return [b.dataset.kind, b.textContent.replace(/^\d\s*/, "").trim()];
    const g = [...document.querySelectorAll("#actions [data-indexes]")].find((x) => x.dataset.indexes.split(",").map(Number).includes(i));
    return g ? [g.dataset.kind, g.title] : ["?", ""];
  };
  Object.assign(window, { __cardClicks: 0, __listClicks: 0, __uses: 0, __fileMax: 0, __pairs: 0, __blocked: 0, __tapped: 0,
    __turnKey: "", __reinforced: 0 });
  const watch = () => {
    const board = document.getElementById("board");
    window.__fileMax = Math.max(window.__fileMax, board.querySelectorAll(".fitem").length);
    window.__pairs = Math.max(window.__pairs, board.querySelectorAll(".pair").length);
    window.__blocked = Math.max(window.__blocked, board.querySelectorAll(".pair .r-blocking").length);
    window.__tapped = Math.max(window.__tapped, board.querySelectorAll(".slot.tapped").length);
    window.__reinforced = Math.max(window.__reinforced, board.querySelectorAll(".pair .r-reinforcing").length);
  };
  // (the board changes only what differs: cards come and go, and classes change, anywhere under it)
  new MutationObserver(watch).observe(document.getElementById("board"), { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  window.__autoplay = setInterval(() => {
    if (document.body.dataset.finished === "1" || document.body.dataset.mine !== "1" || document.body.classList.contains("busy")) return;
    const turn = document.getElementById("turn").textContent.split("·")[0];
    if (turn !== window.__turnKey) { window.__turnKey = turn; window.__uses = 0; }
    let best = null;
    for (const card of document.querySelectorAll("#board [data-card].act, #widget [data-card].act")) {
      for (const i of card.dataset.actions.split(",").map(Number)) {
        const [k, text] = info(i);
        if (k === "use" && window.__uses >= 3) continue;
        const score = rank(k, text, card);
        if (score === null) continue;
        if (!best || score < best.score) best = { score, card, kind: k, i };
      }
    }
    for (const b of document.querySelectorAll("#actions button[data-kind]:not([disabled])")) {
      const text = b.textContent.replace(/^\d\s*/, "").trim();
      if (b.dataset.kind === "use" && window.__uses >= 3) continue;
      const score = rank(b.dataset.kind, text, null);
      if (score === null) continue;
      if (!best || score < best.score) best = { score, button: b, kind: b.dataset.kind };
    }
    if (!best) return;
    if (best.kind === "use") window.__uses += 1;
    if (best.button) { best.button.click(); window.__listClicks += 1; return; }
    best.card.click();
    window.__cardClicks += 1;
    if (document.body.classList.contains("picking")) {  // the card's targets are highlighted: click one
      const targets = [...document.querySelectorAll("#board .pick-target")];
      const target = targets.find((t) => t.dataset.pickActions.split(",").map(Number).includes(best.i)) || targets[0];
      if (target) { target.click(); window.__picks = (window.__picks || 0) + 1; }
    }
    const menu = document.getElementById("menu");
    if (!menu.hidden) {
      const item = menu.querySelector(`button[data-index='${best.i}']`) || menu.querySelector("button[data-index]");
      if (item) { item.click(); window.__menuClicks = (window.__menuClicks || 0) + 1; }
    }
  }, ms);
}
