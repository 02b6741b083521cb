// Test helper injected into a table page: every `ms` milliseconds, when a decision is this page's,
// act as a player would: by clicking a highlighted card (its menu when it carries several actions),
// the damage allocator or a base choice; the action list only for actions no card carries (resolve,
// end turn, a choice of mode).  Counts what it clicked, and what the attack panel said.
(ms) => {
  const rank = (k, target) => ({ choose: 0, play: 1, commit: target === "base" ? 2 : 4, resolve: 3, use: 5, buy: 6, end_turn: 9 }[k] ?? 8);
  // an action's button, or the entry of the card it is one of several targets of (a two-click pick)
  const buttonOf = (i) => document.getElementById(`act-${i}`)
    || [...document.querySelectorAll("#actions [data-indexes]")].find((b) => b.dataset.indexes.split(",").map(Number).includes(i));
  const kindOf = (i) => { const b = buttonOf(i); return b ? [b.dataset.kind, b.dataset.target] : ["?", undefined]; };
  Object.assign(window, { __cardClicks: 0, __listClicks: 0, __allocs: 0, __attackSeen: 0, __attackBad: 0, __baseChoices: 0,
    __attackChecked: 0, __expect: null });
  window.__autoplay = setInterval(() => {
    // an attack on the bases this page resolved: the total it showed is the damage the log reports
    if (window.__expect) {
      const lines = [...document.querySelectorAll("#log div")].slice(window.__expect.from).map((d) => d.textContent);
      const said = lines.map((t) => /^(\d+) damage against the enemy/.exec(t)).find(Boolean);
      if (said) {
        if (Number(said[1]) === window.__expect.total) window.__attackChecked += 1; else window.__attackBad += 1;
        window.__expect = null;
      }
    }
    if (document.body.dataset.finished === "1" || document.body.dataset.mine !== "1" || document.body.classList.contains("busy")) return;
    const atk = document.getElementById("attack-total");
    if (atk) {
      window.__attackSeen += 1;
      const shown = Number(atk.dataset.total);
      const sum = [...atk.querySelectorAll(".committed b")].reduce((s, b) => s + Number(b.textContent), 0);
      if (shown !== sum || !atk.textContent.includes("vs")) window.__attackBad += 1;
    }
    const ok = document.getElementById("alloc-ok");
    if (ok) {
      const plus = [...document.querySelectorAll("#allocator [data-step='1']")];
      if (plus.length > 1 && window.__allocs % 2) {  // every other split: move some damage
        plus[plus.length - 1].click();
        window.__steps = (window.__steps || 0) + 1;
      }
      if (!ok.disabled) { ok.click(); window.__allocs += 1; }
      return;
    }
    const base = document.querySelector("[data-base-choice]:not([disabled])");
    if (base) { base.click(); window.__cardClicks += 1; window.__baseChoices += 1; return; }
    let best = null;
    for (const card of document.querySelectorAll("#board .card.act")) {
      for (const i of card.dataset.actions.split(",").map(Number)) {
        const [k, t] = kindOf(i);
        const score = rank(k, t);
        if (!best || score < best.score) best = { score, card, kind: k, i };
      }
    }
    for (const b of document.querySelectorAll("#actions button[data-kind]:not([disabled])")) {
      const score = rank(b.dataset.kind, b.dataset.target);
      if (!best || score < best.score) best = { score, button: b };
    }
    if (!best) return;
    if (best.button) {
      if (best.button.dataset.kind === "resolve" && atk && atk.dataset.target === "base") {
        window.__expect = { total: Number(atk.dataset.total), from: document.querySelectorAll("#log div").length };
      }
      best.button.click();
      window.__listClicks += 1;
      return;
    }
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
