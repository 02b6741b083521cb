// Star Wars: The Deckbuilding Game — the SWDBG renderer for the shell (see ../SHELL.md).
// It draws the board of one seat's view: opponents compact at the top, the galaxy rows and the Force
// track in the middle, your seat (base, ships, units, piles) and your teammate at the bottom, your
// hand last.  Card faces are HTML/CSS (faction frame, cost, the numbers players look for, the text
// in the DOM); no artwork.  It also gives the decision panel its attack total and damage allocator.
"use strict";

(() => {
  const esc = Shell.esc;
  const cap = (t) => String(t).charAt(0).toUpperCase() + String(t).slice(1);
  const FACTION_WORD = { empire: "Empire", rebel: "Rebel", neutral: "Neutral" };

  // -- finding a card of the view: its id, where it is, its live data (damage, attack now) -------------
  function index(view) {
    if (view.__index) return view.__index;
    const map = new Map();
    const put = (c, where, owner) => { if (c && !map.has(c.id)) map.set(c.id, { card: c, where, owner }); };
    for (const p of view.players) {
      const mine = p.seat === view.seat;
      const whose = mine ? "your" : `${p.label}'s`;
      if (p.base) put(p.base, `${whose} base`, p);
      (p.ships || []).forEach((c) => put(c, `${whose} capital ships`, p));
      (p.units || []).forEach((c) => put(c, `${whose} units in play`, p));
      (p.hand || []).forEach((c) => put(c, `${whose} hand`, p));
      (p.discard || []).forEach((c) => put(c, `${whose} discard pile`, p));
    }
    const one = view.regions.length === 1;
    for (const r of view.regions) {
      const rn = one ? "the galaxy row" : `region ${r.index + 1}'s galaxy row`;
      r.row.forEach((c) => put(c, rn, null));
      if (r.pilot) put(r.pilot, one ? "the pilot stack" : `region ${r.index + 1}'s pilot stack`, null);
      r.galaxy_discard.forEach((c) => put(c, one ? "the galaxy discard pile" : `region ${r.index + 1}'s galaxy discard pile`, null));
    }
    if (view.attack) view.attack.cards.forEach((c) => put(c, "committed to the attack", null));
    if (view.pending) {
      if (view.pending.card) put(view.pending.card, "the card asking", null);
      (view.pending.shown || []).forEach((c) => put(c, "shown to you", null));
    }
    Object.defineProperty(view, "__index", { value: map, enumerable: false });
    return map;
  }

  const full = (c, catalog) => ({ ...(catalog[c.name] || {}), ...c });

  // -- card faces ----------------------------------------------------------------------------------
  function hpLeft(c) { return (c.hit_points || 0) - (c.damage || 0); }

  function face(c0, ctx, opts = {}) {
    if (!c0) return "";
    const c = full(c0, ctx.catalog);
    const acts = ctx.byCard ? ctx.byCard.get(c.id) : null;
    const isBase = c.kind === "base";
    const stats = [];
    if (c.attack) stats.push(`<span class="st atk" title="attack">⚔${c.attack}</span>`);
    if (c.resources) stats.push(`<span class="st res" title="resources">◆${c.resources}</span>`);
    if (c.force) stats.push(`<span class="st frc" title="Force">✦${c.force}</span>`);
    const hp = c.hit_points ? `<span class="st hp ${c.damage ? "hurt" : ""}" title="hit points left of ${c.hit_points}">♥${hpLeft(c)}${c.damage ? `<small>/${c.hit_points}</small>` : ""}</span>` : "";
    const target = opts.row && c.faction !== "neutral" && (c.target_value || c.kind === "capital ship")
      ? `<span class="st tgt" title="attack needed to defeat it">◎${c.target_value || c.hit_points}</span>` : "";
    const flags = [c.used ? "used" : "", c.attacked ? "attacked" : ""].filter(Boolean).join(" · ");
    const label = [c.name, c.cost ? `cost ${c.cost}` : "", c.attack ? `attack ${c.attack}` : "", c.resources ? `resources ${c.resources}` : "",
      c.force ? `Force ${c.force}` : "", c.hit_points ? `${hpLeft(c)} of ${c.hit_points} hit points left` : "",
      acts ? "has actions" : ""].filter(Boolean).join(", ");
    const cls = ["card", `f-${c.faction || "neutral"}`, isBase ? "k-base" : c.kind === "capital ship" ? "k-ship" : "k-unit",
      acts ? "act" : "", c.used ? "used" : "", opts.cls || "", moved.has(c.id) ? "arrive" : "", hit.has(c.id) ? "hit" : ""].join(" ");
    return `<div class="${cls}" data-card="${c.id}" ${acts ? `data-actions="${acts.join(",")}"` : ""} tabindex="0"
      role="button" aria-label="${esc(label)}">
      <div class="top">${c.cost ? `<span class="cost" title="cost">${c.cost}</span>` : ""}<span class="nm">${esc(c.name)}</span></div>
      <div class="ty">${esc(c.kind || "")}${c.traits && c.traits.length ? " · " + esc(c.traits.join(", ")) : ""}</div>
      <div class="tx">${esc(c.ability || "")}</div>
      ${opts.row && c.reward ? `<div class="rw" title="reward">★ ${esc(c.reward)}</div>` : ""}
      ${flags ? `<div class="fl">${flags}</div>` : ""}
      <div class="stats">${stats.join("")}${target}${hp}</div>
      ${opts.count ? `<span class="count" title="cards in the pile">×${opts.count}</span>` : ""}
      <button class="zoom" type="button" data-zoom tabindex="-1" aria-label="see the whole card">i</button>
    </div>`;
  }

  // a pile: the top card (or a card back) and a count; a click opens the whole pile
  function pile(list, key, word, ctx) {
    const top = list.length ? list[list.length - 1] : null;
    const c = top ? full(top, ctx.catalog) : null;
    const grew = pileCount.has(key) && pileCount.get(key) < list.length;
    nextPileCount.set(key, list.length);
    return `<button class="pile ${c ? `f-${c.faction}` : "empty"} ${grew ? "bump" : ""}" type="button" data-pile="${esc(key)}"
      aria-label="${esc(word)}: ${list.length} card(s)${c ? `, ${esc(c.name)} on top` : ""}">
      <span class="pw">${esc(word)}</span><span class="pn">${list.length}</span>${c ? `<span class="pt">${esc(c.name)}</span>` : ""}</button>`;
  }
  const back = (n, word) => `<div class="pile back" aria-label="${esc(word)}: ${n} card(s)"><span class="pw">${esc(word)}</span><span class="pn">${n}</span></div>`;

  // -- animations: cards that arrived in a new place, bases and ships that took damage ----------------
  let placeOf = new Map(), damageOf = new Map(), moved = new Set(), hit = new Set(), lastTable = null;
  let pileCount = new Map(), nextPileCount = new Map();  // a pile that grew (a bought card went there) pulses
  function track(view, key, jump) {
    const places = new Map(), dmg = new Map();
    const mark = (c, where) => { places.set(c.id, where); if (c.damage !== undefined) dmg.set(c.id, c.damage); };
    for (const p of view.players) {
      for (const z of ["hand", "units", "ships", "discard"]) (p[z] || []).forEach((c) => mark(c, `${p.seat}${z}`));
      if (p.base) mark(p.base, `${p.seat}base`);
    }
    view.regions.forEach((r) => r.row.forEach((c) => mark(c, `row${r.index}`)));
    const fresh = lastTable !== key || jump;
    moved = new Set(); hit = new Set();
    pileCount = fresh ? new Map() : nextPileCount;
    nextPileCount = new Map();
    if (!fresh) {
      for (const [id, w] of places) if (placeOf.has(id) ? placeOf.get(id) !== w : !w.endsWith("hand")) moved.add(id);
      for (const [id, d] of dmg) if (d > (damageOf.get(id) || 0) && damageOf.has(id)) hit.add(id);
    }
    placeOf = places; damageOf = dmg; lastTable = key;
  }

  // -- the board -------------------------------------------------------------------------------------
  function strip(parts, fixed = []) {
    const inner = `<div class="strip">${parts.filter(Boolean).join("")}</div>`;
    return fixed.length ? `<div class="zonewrap">${inner}<div class="fixed">${fixed.join("")}</div></div>` : inner;
  }

  // `mate`: of the home team (drawn as such); `spectator`: the home team is only the one drawn at the
  // bottom, so nobody is called a teammate
  function compactPlayer(p, view, ctx, mate, spectator = false) {
    const active = (ctx.active || []).includes(p.seat);
    const hand = p.hand === null ? `<span class="cnt" title="cards in hand">hand ${p.hand_count}</span>` : "";
    return `<div class="seatbox ${mate ? "mate" : "opp"} f-${p.faction} ${active ? "active" : ""}" data-seat="${p.seat}">
      <div class="who"><b>${esc(p.label)}</b>${mate && !spectator ? " · teammate" : ""}${active ? ' <span class="deciding">deciding</span>' : ""}
        <span class="nums">${hand}<span class="cnt" title="resources">◆${p.resources}</span>
        <span class="cnt" title="cards in deck">deck ${p.deck_count}</span><span class="cnt" title="bases left in the base deck">bases ${p.bases_left}</span>
        ${p.ended ? '<span class="cnt">ended turn</span>' : ""}</span></div>
      ${strip([p.base ? face(p.base, ctx, { cls: "base" }) : '<span class="muted nobase">no base</span>',
        ...p.ships.map((c) => face(c, ctx)), ...p.units.map((c) => face(c, ctx)),
        p.hand !== null && mate ? `<span class="sep" title="${spectator ? `${esc(p.label)}'s hand` : "teammate's hand"}">hand</span>${p.hand.map((c) => face(c, ctx, { cls: "inhand" })).join("")}` : ""],
        [mate && p.hand !== null ? pile(p.hand, `hand:${p.seat}`, "hand", ctx).replace('class="pile', 'class="pile handpile') : "",
          pile(p.discard, `discard:${p.seat}`, "discard", ctx)])}
    </div>`;
  }

  function regionBox(r, view, ctx, me) {
    const who = view.players.filter((p) => p.region === r.index).map((p) => esc(p.label)).join(" & ");
    const yours = me && me.region === r.index;
    const one = view.regions.length === 1;
    return `<div class="region ${yours ? "yours" : ""}" data-region="${r.index}">
      <div class="rlabel">${one ? "Galaxy row" : `Region ${r.index + 1}`} · ${who}${yours && !one ? ' · <b>yours</b>' : ""}</div>
      ${strip([...r.row.map((c) => face(c, ctx, { row: true })),
        r.pilot ? face(r.pilot, ctx, { count: r.pilots, cls: "pilot" }) : ""],
        [back(r.galaxy_deck_count, "galaxy deck"), pile(r.galaxy_discard, `gdiscard:${r.index}`, "galaxy discard", ctx)])}
    </div>`;
  }

  function forceTrack(view) {
    let cells = "";
    for (let i = 0; i <= 6; i++) cells += `<span class="cell ${view.force === i ? "on" : ""}">${view.force === i ? "●" : ""}</span>`;
    const side = view.force_with ? `with the ${cap(view.force_with)}` : "balanced";
    const vic = (t) => (view.victory && view.victory[t] || []).length;
    return `<div class="force" aria-label="Force track: ${side}"><span class="fe">Empire</span>${cells}<span class="fr">Rebel</span>
      <span class="fw">Force ${side}</span>
      <button class="vic" type="button" data-pile="victory" title="a team wins by destroying ${view.bases_to_win} bases of each enemy base deck">bases destroyed: Empire ${vic("empire")} · Rebel ${vic("rebel")}</button></div>`;
  }

  function myArea(p, view, ctx, label) {
    const active = (ctx.active || []).includes(p.seat);
    return `<div class="seatbox me f-${p.faction} ${active ? "active" : ""}" data-seat="${p.seat}">
      <div class="who"><b>${esc(label)}</b>${active ? ' <span class="deciding">deciding</span>' : ""}
        <span class="nums"><span class="cnt big" title="resources">◆ ${p.resources} resource${p.resources === 1 ? "" : "s"}</span>
        <span class="cnt" title="bases left in your base deck">bases left ${p.bases_left}</span>${p.ended ? '<span class="cnt">ended turn</span>' : ""}</span></div>
      ${strip([p.base ? face(p.base, ctx, { cls: "base" }) : '<span class="muted nobase">no base</span>',
        ...p.ships.map((c) => face(c, ctx)), ...p.units.map((c) => face(c, ctx))],
        [back(p.deck_count, "deck"), pile(p.discard, `discard:${p.seat}`, "discard", ctx)])}
    </div>`;
  }

  function render(root, view, ctx) {
    if (!view || view.game !== "swdbg") { root.innerHTML = ""; return; }
    track(view, ctx.mode + (view.mode || ""), !!ctx.jump);
    const me = view.seat === null || view.seat === undefined ? null : view.players.find((p) => p.seat === view.seat);
    const ownTeam = me ? me.faction : "rebel";
    const home = view.players.filter((p) => p.faction === ownTeam);
    const opps = view.players.filter((p) => p.faction !== ownTeam);
    const anchor = me || home[0];
    const mate = home.filter((p) => p !== anchor);
    const handHtml = anchor.hand === null
      ? `<div class="strip"><span class="muted">${esc(anchor.label)} holds ${anchor.hand_count} card(s)</span></div>`
      : strip(anchor.hand.length ? anchor.hand.map((c) => face(c, ctx, { cls: "inhand" })) : ['<span class="muted">no card in hand</span>']);
    const handEmpty = anchor.hand !== null && !anchor.hand.length;
    Shell.draw(root, `<div class="sw m-${esc(view.mode)} ${ctx.outcome ? "over" : ""} ${handEmpty ? "hand-empty" : ""}">
      <div class="sw-opps team-${opps[0] ? opps[0].faction : ""} ${view.active_team !== ownTeam && !ctx.outcome ? "their-turn" : ""}">
        ${opps.map((p) => compactPlayer(p, view, ctx, false)).join("")}</div>
      <div class="sw-mid">${view.regions.map((r) => regionBox(r, view, ctx, me)).join("")}${forceTrack(view)}</div>
      <div class="sw-home">${myArea(anchor, view, ctx, me ? `${anchor.label} (you)` : anchor.label)}
        ${mate.map((p) => compactPlayer(p, view, ctx, true, !me)).join("")}</div>
      <div class="sw-hand zone-hand" aria-label="${me ? "your hand" : "hand"}"><div class="hlabel">${me ? "Your hand" : `${esc(anchor.label)}'s hand`}</div>${handHtml}</div>
    </div>`);    // a narrow card keeps its whole name (a phone showed "Dar Vad"): smaller letters, never cut ones
    Shell.fitNames(root, ".card .nm");
    if (!root.__swFit) { root.__swFit = new ResizeObserver(() => Shell.fitNames(root, ".card .nm")); root.__swFit.observe(root); }
  }

  // -- the overlay: a whole card, a pile --------------------------------------------------------------
  function cardDetail(id, view, catalog) {
    const found = index(view).get(id);
    if (!found) return "<p>This card is no longer on the table.</p>";
    const c = full(found.card, catalog);
    const rows = [
      ["cost", c.cost], ["attack", c.attack ? `${c.attack}${found.owner && catalog[c.name] && c.attack !== catalog[c.name].attack ? ` (printed ${catalog[c.name].attack})` : ""}` : ""],
      ["resources", c.resources], ["Force", c.force],
      ["hit points", c.hit_points ? `${hpLeft(c)} left of ${c.hit_points}${c.damage ? ` (${c.damage} damage)` : ""}` : ""],
      ["to defeat in the galaxy row", c.target_value && c.faction !== "neutral" ? `${c.target_value} attack` : ""],
      ["this turn", [c.used ? "ability used" : "", c.attacked ? "has attacked" : ""].filter(Boolean).join(", ")],
      ["where", found.where],
    ].filter(([, v]) => v !== "" && v !== 0 && v !== undefined && v !== null);
    return `<div class="detail f-${c.faction}">
      <div class="dhead"><h2>${esc(c.name)}</h2><span class="muted">${FACTION_WORD[c.faction] || ""} ${esc(c.kind || "")}${c.unique ? " · unique" : ""}${c.traits && c.traits.length ? " · " + esc(c.traits.join(", ")) : ""}</span></div>
      <dl>${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>
      ${c.ability ? `<h3>Ability</h3><p class="ability">${esc(c.ability)}</p>` : ""}
      ${c.reward ? `<h3>Reward</h3><p class="ability">${esc(c.reward)}</p>` : ""}
    </div>`;
  }

  function pileDetail(key, view, catalog) {
    const ctx = { catalog, byCard: null };
    const list = (title, cards) => `<h2>${esc(title)}</h2><div class="pilelist">${cards.length ? [...cards].reverse().map((c) => face(c, ctx)).join("") : '<p class="muted">empty</p>'}</div>`;
    const [kind, arg] = key.split(":");
    if (kind === "discard") {
      const p = view.players.find((q) => q.seat === Number(arg));
      return p ? list(`${p.seat === view.seat ? "Your" : `${p.label}'s`} discard pile (top first)`, p.discard) : "";
    }
    if (kind === "hand") {
      const p = view.players.find((q) => q.seat === Number(arg));
      const me = view.players.find((q) => q.seat === view.seat);
      const mate = me && me.team === p.team ? " (your teammate: you plan together)" : "";
      return p && p.hand ? list(`${p.label}'s hand${mate}`, p.hand) : "";
    }
    if (kind === "gdiscard") {
      const r = view.regions.find((x) => x.index === Number(arg));
      return r ? list(`${view.regions.length > 1 ? `Region ${r.index + 1}'s` : "The"} galaxy discard pile (top first)`, r.galaxy_discard) : "";
    }
    if (kind === "victory") {
      const names = (t) => (view.victory[t] || []).map(esc).join(", ") || "none yet";
      return `<h2>Bases destroyed</h2><p>The Empire destroyed: ${names("empire")}</p><p>The Rebels destroyed: ${names("rebel")}</p>
        <p class="muted">A team wins by destroying ${view.bases_to_win} bases of each opposing base deck.</p>`;
    }
    return "";
  }

  // -- the decision panel: attack total, damage allocator, choices that name cards --------------------
  function attackWidget(view, catalog) {
    const a = view.attack;
    if (!a) return "";
    const idx = index(view);
    let total = 0;
    const parts = a.cards.map((c) => {
      const live = idx.get(c.id);
      const card = live && live.owner ? live.card : c;
      const val = card.attack !== undefined ? card.attack : (catalog[c.name] || {}).attack || 0;
      total += val;
      return `<li>${esc(c.name)} <b>${val}</b></li>`;
    });
    let need = 0, against = "";
    if (a.target === "row") {
      const t = idx.get(a.row_card);
      const c = t ? full(t.card, catalog) : null;
      need = c ? c.target_value || c.cost || 0 : 0;
      against = c ? `${esc(c.name)} (needs ${need})` : "the galaxy-row card";
    } else {
      const me = view.players.find((p) => a.seats.includes(p.seat));
      const enemies = view.players.filter((p) => me && p.team !== me.team);
      const ships = enemies.flatMap((p) => p.ships.map((c) => full(c, catalog)));
      const bases = enemies.filter((p) => p.base).map((p) => ({ ...full(p.base, catalog), owner: p.label }));
      const shipHp = ships.reduce((s, c) => s + hpLeft(c), 0);
      need = shipHp + bases.reduce((s, c) => s + hpLeft(c), 0);
      against = `the enemy ${ships.length ? `capital ships (${shipHp} HP) first, then ` : ""}bases (${bases.map((c) => `${esc(c.owner)}'s ${esc(c.name)} ${hpLeft(c)} HP`).join(", ")})`;
    }
    const verdict = a.target === "row"
      ? (total >= need ? "enough to defeat it" : `${need - total} short`)
      : (total >= need ? "destroys everything in reach" : `${total} damage of ${need} to destroy all`);
    return `<div class="attack" id="attack-total" data-total="${total}" data-need="${need}" data-target="${esc(a.target)}">
      <div class="atk-head">Attack <b class="total">${total}</b> vs ${against}: <span class="${total >= need ? "ok" : "warnc"}">${verdict}</span></div>
      <ul class="committed">${parts.join("") || "<li class=\"muted\">no card committed yet</li>"}</ul></div>`;
  }

  // The split of an attack's damage between two enemy bases (choose {value: base, amount}).  The
  // steppers keep the sum at the damage to assign and each base within what it can take, so only a
  // legal split can be confirmed; the server takes it in steps (one base, then the rest).
  let plan = null;  // {version, steps: [[base, amount], ...]} still to send
  function splitOptions(legal) {
    const bases = new Map();
    legal.forEach((item, i) => {
      const a = item.action;
      if (a.kind === "choose" && typeof a.amount === "number") {
        if (!bases.has(a.value)) bases.set(a.value, new Map());
        bases.get(a.value).set(a.amount, i);
      }
    });
    return bases;
  }

  function allocator(view, legal, ctx) {
    const opts = splitOptions(legal);
    if (opts.size < 1) return null;
    // a plan confirmed earlier continues by itself while its next step is still offered
    if (plan && ctx.mode === "table" && ctx.online) {
      const next = plan.shift();
      if (next && opts.has(next[0]) && opts.get(next[0]).has(next[1])) {
        const i = opts.get(next[0]).get(next[1]);
        setTimeout(() => ctx.send(legal[i].action), 0);
        return { html: '<div class="alloc muted">Assigning the rest of the damage…</div>' };
      }
      plan = null;
    }
    const idx = index(view);
    const ids = [...opts.keys()];
    const max = new Map(ids.map((id) => [id, Math.max(...opts.get(id).keys())]));
    const total = Math.max(...max.values());
    const alloc = new Map(ids.map((id, k) => [id, k === 0 ? Math.min(total, max.get(id)) : 0]));
    let rest = total - alloc.get(ids[0]);
    for (const id of ids.slice(1)) { const put = Math.min(rest, max.get(id)); alloc.set(id, put); rest -= put; }
    const name = (id) => { const f = idx.get(id); return f ? `${esc(f.card.name)} <span class="muted">(${esc(f.where)})</span>` : "a base"; };
    // the damage that destroys a base is its hit points left, not the most this attack may put on it
    const catalog = ctx.catalog || {};
    const toDestroy = (id) => {
      const f = idx.get(id);
      if (!f) return `at most ${max.get(id)} here`;
      const left = hpLeft(full(f.card, catalog));
      return `${left} to destroy it${max.get(id) < left ? ` (at most ${max.get(id)} here)` : ""}`;
    };
    const html = `<div class="alloc" id="allocator" data-total="${total}">
      <div>Split <b>${total}</b> damage between the enemy bases:</div>
      ${ids.map((id) => `<div class="stepper" data-base="${id}"><span class="bn">${name(id)}</span>
        <button type="button" data-step="-1" aria-label="less damage">−</button><output>${alloc.get(id)}</output>
        <button type="button" data-step="1" aria-label="more damage">+</button><span class="muted" data-destroy>${toDestroy(id)}</span></div>`).join("")}
      <button type="button" class="primary" id="alloc-ok">Deal this damage</button> <span class="muted" id="alloc-left"></span></div>`;
    const bind = (el, c) => {
      const sum = () => [...alloc.values()].reduce((s, v) => s + v, 0);
      const show = () => {
        el.querySelectorAll(".stepper").forEach((s) => { s.querySelector("output").textContent = alloc.get(Number(s.dataset.base)); });
        const left = total - sum();
        el.querySelector("#alloc-left").textContent = left ? `${left} still to assign` : "";
        el.querySelector("#alloc-ok").disabled = left !== 0 || !c.online;
      };
      el.querySelectorAll(".stepper button").forEach((b) => {
        b.onclick = () => {
          const id = Number(b.closest(".stepper").dataset.base);
          const d = Number(b.dataset.step);
          const v = alloc.get(id) + d;
          if (v < 0 || v > max.get(id)) return;
          // keep the sum: take from (or give to) the other base when it can
          const other = ids.find((o) => o !== id && alloc.get(o) - d >= 0 && alloc.get(o) - d <= max.get(o));
          if (other === undefined && sum() + d > total) return;
          alloc.set(id, v);
          if (other !== undefined) alloc.set(other, alloc.get(other) - d);
          show();
        };
      });
      el.querySelector("#alloc-ok").onclick = () => {
        const steps = ids.filter((id) => alloc.get(id) > 0).map((id) => [id, alloc.get(id)]);
        const first = steps.shift();
        if (!first || !opts.get(first[0]).has(first[1])) return;
        plan = steps;
        c.send(legal[opts.get(first[0]).get(first[1])].action);
      };
      show();
    };
    return { html, bind };
  }

  function decision(view, legal, ctx) {
    if (!view || view.game !== "swdbg") return null;
    const catalog = ctx.catalog || {};
    let html = attackWidget(view, catalog);
    const p = view.pending;
    if (p && p.seats.includes(view.seat) && ((p.shown && p.shown.length) || p.card)) {
      const c = { ...ctx, byCard: ctx.byCard };
      html += `<div class="pending">${p.card ? `<div class="muted">asked by</div><div class="strip mini">${face(p.card, c)}</div>` : ""}
        ${p.shown && p.shown.length ? `<div class="muted">shown to you</div><div class="strip mini">${p.shown.map((x) => face(x, c)).join("")}</div>` : ""}</div>`;
    }
    // choosing the next base: each candidate as a whole card (hit points, ability), not a name only
    const baseChoices = (legal || []).filter((it) => it.action.kind === "choose" && typeof it.action.value === "number"
      && !index(view).has(it.action.value)).map((it) => it.action.value);
    if (baseChoices.length) {
      html += `<div class="pending"><div class="muted">choose your next base</div><div class="basechoices">${(legal || []).map((it, i) => {
        if (!baseChoices.includes(it.action.value) || it.action.kind !== "choose") return "";
        const n = Shell.actionText(it).replace(/ \(.*\)$/, "");
        const c = catalog[n] || { name: n };
        return `<button type="button" class="bc f-${esc(c.faction)}" data-base-choice="${i}"><b>${esc(n)}</b> <span class="st hp">♥${c.hit_points || "?"}</span>
          <span class="tx">${esc(c.ability || "")}</span></button>`;
      }).join("")}</div></div>`;
      const bindBases = (el, c) => el.querySelectorAll("[data-base-choice]").forEach((b) => {
        b.disabled = !c.online || ctx.mode !== "table";
        b.onclick = () => c.send(legal[Number(b.dataset.baseChoice)].action);
      });
      return { html, bind: bindBases };
    }
    const split = allocator(view, legal, ctx);
    if (split) return { html: html + split.html, bind: split.bind };
    return html ? { html } : null;
  }

  // the legal action's cards: the one played, bought, used or committed, or the card a choice names
  function cardsOf(action, view) {
    const ids = [];
    if (typeof action.card === "number") ids.push(action.card);
    const seatChoice = view && view.pending && view.pending.kind === "who";
    if (action.kind === "choose" && typeof action.value === "number" && !seatChoice) ids.push(action.value);
    return ids;
  }

  function summary(view, seat) {
    if (!view || view.turn === undefined) return "";
    const me = view.players.find((p) => p.seat === seat);
    const whose = me && me.faction === view.active_team ? "your team's turn" : `${cap(view.active_team)}'s turn`;
    return `turn ${view.turn} · ${whose}`;
  }

  Shell.registerGame("swdbg", {
    banners: { base_destroyed: "Base destroyed" },
    title: "Star Wars deckbuilding", stylesheet: "/static/games/swdbg.css", render, cardsOf, cardDetail, pileDetail, decision, summary,
    // the action list's headings by action kind
    actionGroups: { choose: "choose", play: "play a card", use: "use a card", commit: "attack", resolve: "attack",
      buy: "buy", pay_off: "pay off", end_turn: "end your turn" } });
})();
