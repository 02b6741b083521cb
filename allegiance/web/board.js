// Draws a game view (the dict the server sends for one seat) as HTML.  Used by the table page and the
// replay viewer.  Cards that some legal action names are highlighted; clicking one offers those actions.
"use strict";

const Board = (() => {
  const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (ch) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[ch]));

  // card id -> indexes of legal actions that name it (as the card played, bought, used, attacking, or chosen)
  function actionsByCard(legal, view) {
    const map = new Map();
    const seatChoice = view && view.pending && view.pending.kind === "who";
    (legal || []).forEach((item, i) => {
      const a = item.action;
      const ids = [];
      if (typeof a.card === "number") ids.push(a.card);
      if (a.kind === "choose" && typeof a.value === "number" && !seatChoice) ids.push(a.value);
      for (const id of ids) {
        if (!map.has(id)) map.set(id, []);
        map.get(id).push(i);
      }
    });
    return map;
  }

  // Views name cards ({id, name} plus what play changes); the fixed data (cost, stats, texts) comes
  // from the game's card catalogue, fetched once per game (GET /api/games/{game}/cards).
  const catalogs = new Map();  // game -> catalogue (an empty one until it has arrived)
  let catalog = {};

  // Resolves once the game's catalogue is here (or could not be had: cards then show names only).
  function loadCatalog(game) {
    if (!catalogs.has(game)) {
      catalogs.set(game, fetch(`/api/games/${encodeURIComponent(game)}/cards`)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({})));
    }
    return catalogs.get(game).then((data) => { catalog = data; return data; });
  }

  function card(c, ctx, extra = "") {
    if (!c) return "";
    c = { ...catalog[c.name], ...c };
    const acts = ctx.byCard ? ctx.byCard.get(c.id) : null;
    const stats = [];
    if (c.attack) stats.push(`⚔ ${c.attack}`);
    if (c.resources) stats.push(`◆ ${c.resources}`);
    if (c.force) stats.push(`✦ ${c.force}`);
    const hp = c.hit_points ? `<span class="hp">${c.damage || 0}/${c.hit_points} dmg</span>` : "";
    const flags = [c.used ? "used" : "", c.attacked ? "attacked" : ""].filter(Boolean).join(", ");
    const title = [c.name, c.traits && c.traits.length ? c.traits.join(", ") : "", c.ability, c.reward ? "Reward: " + c.reward : ""]
      .filter(Boolean).join("\n");
    return `<div class="c ${esc(c.faction)} ${c.used ? "used" : ""} ${acts ? "act" : ""} ${extra}" data-card="${c.id}"
      ${acts ? `data-actions="${acts.join(",")}"` : ""} title="${esc(title)}">
      ${c.cost ? `<span class="cost">${c.cost}</span>` : ""}
      <div class="n">${esc(c.name)}</div>
      <div class="k">${esc(c.kind)}${c.traits && c.traits.length ? " · " + esc(c.traits.join(", ")) : ""}</div>
      <div class="s">${stats.join(" ")} ${hp}</div>
      ${flags ? `<div class="k">${flags}</div>` : ""}
      ${c.ability ? `<div class="ab">${esc(c.ability)}</div>` : ""}
    </div>`;
  }

  const cards = (list, ctx) => `<div class="cards">${(list || []).map((c) => card(c, ctx)).join("") || '<span class="muted">—</span>'}</div>`;
  const zone = (label, inner) => `<div class="zone"><div class="label">${label}</div>${inner}</div>`;

  function player(p, view, ctx) {
    const mine = p.seat === view.seat;
    const active = (ctx.active || []).includes(p.seat);
    const hand = p.hand === null
      ? `<span class="muted">${p.hand_count} card(s), hidden</span>`
      : cards(p.hand, ctx);
    const lastDiscard = p.discard.length ? p.discard.slice(-6) : [];
    return `<div class="player ${active ? "active" : ""}" data-seat="${p.seat}">
      <div><b>${esc(p.label)}</b>${mine ? " (you)" : ""} · region ${p.region + 1}${p.ended ? " · ended turn" : ""}</div>
      <div class="stats">resources <b>${p.resources}</b> · hand ${p.hand_count} · deck ${p.deck_count} ·
        discard ${p.discard.length} · bases left ${p.bases_left}</div>
      ${zone("base", p.base ? `<div class="cards">${card(p.base, ctx, "base")}</div>` : '<span class="muted">no base</span>')}
      ${zone("capital ships", cards(p.ships, ctx))}
      ${zone("units in play", cards(p.units, ctx))}
      ${zone(mine ? "your hand" : p.hand !== null ? "teammate's hand (you plan together)" : "hand", hand)}
      ${zone(`discard pile (last ${lastDiscard.length} of ${p.discard.length})`, cards(lastDiscard, ctx))}
    </div>`;
  }

  function team(name, view, ctx) {
    const players = view.players.filter((p) => p.faction === name);
    const vic = (view.victory && view.victory[name]) || [];
    const isActive = view.active_team === name;
    return `<div class="box team ${name}" data-team="${name}">
      <h3>${name} team${name === ctx.ownTeam ? " (yours)" : ""} ${isActive ? "· taking its turn" : ""}${vic.length ? ` · enemy bases it destroyed: ${vic.map(esc).join(", ")}` : ""}</h3>
      <div class="players">${players.map((p) => player(p, view, ctx)).join("")}</div></div>`;
  }

  function force(view) {
    let cells = "";
    for (let i = 0; i <= 6; i++) cells += `<div class="cell ${view.force === i ? "on" : ""}">${view.force === i ? "●" : ""}</div>`;
    const side = view.force_with ? `the Force is with the ${view.force_with}` : "the Force is balanced";
    return `<div class="box"><h3>Force track</h3><div class="force"><span style="color:var(--empire)">Empire</span>
      ${cells}<span style="color:var(--rebel)">Rebel</span><span class="muted">&nbsp; ${side}</span></div></div>`;
  }

  function region(r, view, ctx) {
    const who = view.players.filter((p) => p.region === r.index).map((p) => esc(p.label)).join(" & ");
    return `<div class="box" data-region="${r.index}"><h3>Region ${r.index + 1} galaxy row · ${who}</h3>
      ${cards(r.row, ctx)}
      <div class="muted" style="margin-top:4px">galaxy deck ${r.galaxy_deck_count} · galaxy discard ${r.galaxy_discard.length}
        · outer rim pilots ${r.pilots}</div>
      ${r.pilot ? zone("outer rim pilot", `<div class="cards">${card(r.pilot, ctx)}</div>`) : ""}</div>`;
  }

  function pending(view, ctx) {
    const p = view.pending;
    let html = "";
    if (view.attack) {
      html += `<div class="box"><h3>Attack in progress</h3>${cards(view.attack.cards, ctx)}</div>`;
    }
    if (p) {
      html += `<div class="box"><h3>Pending choice</h3><div>${esc(p.prompt)}</div>
        ${p.card ? zone("card", `<div class="cards">${card(p.card, ctx)}</div>`) : ""}
        ${p.shown && p.shown.length ? zone("shown to you", cards(p.shown, ctx)) : ""}</div>`;
    }
    return html;
  }

  function render(el, view, ctx) {
    if (!view || view.game !== "swdbg") {
      el.innerHTML = `<pre>${esc(JSON.stringify(view, null, 1))}</pre>`;
      return;
    }
    const me = view.seat === null || view.seat === undefined ? null : view.players.find((p) => p.seat === view.seat);
    const own = me ? me.faction : "rebel";
    const other = own === "empire" ? "rebel" : "empire";
    ctx = { ...ctx, ownTeam: me ? own : null };
    el.innerHTML = `${team(other, view, ctx)}
      <div class="regions">${view.regions.map((r) => region(r, view, ctx)).join("")}</div>
      ${force(view)}${pending(view, ctx)}${team(own, view, ctx)}`;
  }

  // card id -> where it is, in words ("Empire 1's base", "region 2 galaxy row"), to tell equal names apart
  function locations(view) {
    const where = new Map();
    if (!view || !view.players) return where;
    for (const p of view.players) {
      if (p.base) where.set(p.base.id, `${p.label}'s base`);
      for (const c of p.units || []) where.set(c.id, `${p.label}'s unit`);
      for (const c of p.ships || []) where.set(c.id, `${p.label}'s capital ship`);
      for (const c of p.hand || []) where.set(c.id, p.seat === view.seat ? "your hand" : `${p.label}'s hand`);
    }
    for (const r of view.regions || []) for (const c of r.row) where.set(c.id, `region ${r.index + 1} galaxy row`);
    return where;
  }

  // an action's words for a button: without the "Seat: " prefix, each "(#id)" saying where the card is
  function actionText(item, where) {
    return item.text.replace(/^[^:]*: /, "").replace(/\(#(\d+)\)/g, (m, id) =>
      where.has(Number(id)) ? `(${where.get(Number(id))})` : m);
  }

  // "Rebel wins — ..." / "Draw — ..." for an outcome
  function outcomeText(o) {
    const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
    const who = o.draw ? "Draw" : `${o.winners.map(cap).join(" & ")} win${o.winners.length === 1 ? "s" : ""}`;
    return `${who} — ${o.reason}`;
  }

  return { render, actionsByCard, esc, card, locations, actionText, outcomeText, loadCatalog };
})();
