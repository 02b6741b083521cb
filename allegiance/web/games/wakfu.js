// Wakfu TCG — the Wakfu renderer for the shell (see ../SHELL.md).
// The board of one seat's view: the opponents compact at the top, the File d'Attente (the shared
// stack) and the combat in the middle, your seat at the bottom (Héros with PV / XP / Niveau, Havre Sac
// with its Taille, Résistance and contents, your Monde, Pioche and Défausse as piles), your hand last.
// Seats are laid out from the view's list of players by team (your team at the bottom), so team modes
// only add seats.  Card faces are HTML/CSS (element, Niveau, Force / PV / PA / PM, keywords, text); no
// artwork.  An inclined (tapped) card stays upright, dimmed, with a ↷ mark: its name reads as any other.
// No zone scrolls: each row of a seat is shared by its zones by the cards they hold, and each zone's
// cards take the largest size at which all fit (in one row or several), else a compact row of names.
"use strict";

(() => {
  const esc = Shell.esc;
  const ELEMENTS = ["Air", "Terre", "Feu", "Eau", "Neutre"];
  const elClass = (e) => `el-${ELEMENTS.includes(e) ? e : "Neutre"}`;
  const PHASES = { setup: "setup", mulligan: "rollbacks", untap: "Phase de Redressement", main: "Phase Principale",
    draw: "Phase de Pioche", end: "end of turn", over: "game over" };
  const STEPS = { target: "choosing the target", attackers: "declaring attackers", blockers: "declaring blockers",
    actions: "Phase d'Actions", duels: "duels", damage: "damage to the target", end: "end of combat" };

  const teamOf = (p) => (p.team !== undefined && p.team !== null ? p.team : `seat${p.seat}`);
  const me = (view) => (view.seat === null || view.seat === undefined ? null : view.players.find((p) => p.seat === view.seat));
  const whose = (p, view) => (p.seat === view.seat ? "your" : `${p.label}'s`);

  // -- finding a card of the view: where it is, who holds it -----------------------------------------
  function index(view) {
    if (view.__index) return view.__index;
    const map = new Map();
    const put = (c, where, owner, zone) => { if (c && typeof c.id === "number" && !map.has(c.id)) map.set(c.id, { card: c, where, owner, zone }); };
    for (const p of view.players) {
      const w = whose(p, view);
      if (p.havre_sac && p.havre_sac.card) put(p.havre_sac.card, `${w} Monde (the Havre Sac)`, p, "sac");
      ((p.havre_sac && p.havre_sac.cards) || []).forEach((c) => put(c, `${w} Havre Sac`, p, "havre"));
      (p.monde || []).forEach((c) => put(c, `${w} Monde`, p, "monde"));
      (p.hand || []).forEach((c) => put(c, `${w} hand`, p, "hand"));
      (p.defausse || []).forEach((c) => put(c, `${w} Défausse`, p, "defausse"));
      if (p.hero) put(p.hero, `${w} Héros`, p, "hero");
    }
    (view.file || []).forEach((it) => put(it.card, "the File d'Attente", view.players.find((p) => p.seat === it.seat), "file"));
    (view.banished || []).forEach((c) => put(c, "banished", null, "banished"));
    Object.defineProperty(view, "__index", { value: map, enumerable: false });
    return map;
  }

  // the fixed card data (a Héros: the side of its Niveau) under the live data of the view
  function full(c, catalog, owner) {
    let base = catalog[c.name] || {};
    if (base.sides && owner) base = base.sides[Math.min(owner.level || 1, base.sides.length) - 1] || base;
    return { ...base, ...c };
  }

  // cards shown only in the decision panel (a search of the Pioche): id -> name, from the action texts
  let offered = new Map();

  // -- combat roles, for badges on the cards in play ---------------------------------------------------
  function roles(view) {
    const out = new Map();
    const cb = view.combat;
    if (!cb) return out;
    (cb.attackers || []).forEach((a) => out.set(a, "attacking"));
    const idx = index(view);
    (cb.blockers || []).forEach(([b]) => {
      const f = idx.get(b);  // WK-COMBAT-*: a teammate's untapped card placed by the defender reinforces
      out.set(b, f && f.owner && f.owner.seat !== cb.defender ? "reinforcing" : "blocking");
    });
    if (cb.target >= 0 && !out.has(cb.target)) out.set(cb.target, "target");
    return out;
  }

  // -- lasting effects in play (issue 24 item 7): the server's words, drawn on the card they affect -------
  const effectsOf = (c) => (Array.isArray(c.effects) ? c.effects.map(String) : []);
  const effectsMark = (fx) => `<div class="fx" role="note" title="${esc(fx.join("; "))}" aria-label="${esc(`lasting effects: ${fx.join("; ")}`)}"><b class="fxi" aria-hidden="true">✦</b><span class="fxw">${esc(fx.join(" · "))}</span></div>`;

  // -- a card face ----------------------------------------------------------------------------------------
  function face(c0, view, ctx, opts = {}) {
    if (!c0) return "";
    const idx = index(view);
    const found = idx.get(c0.id);
    const owner = found ? found.owner : null;
    const c = full(c0, ctx.catalog || {}, owner);
    const acts = ctx.byCard ? ctx.byCard.get(c.id) : null;
    const isHero = c.type === "Héros";
    const role = opts.role !== undefined ? opts.role : roles(view).get(c.id);
    const stats = [];
    if (isHero && owner) {
      stats.push(`<span class="st pv" title="PV left of ${owner.max_pv}">♥${owner.pv}<small>/${owner.max_pv}</small></span>`);
      stats.push(`<span class="st frc" title="Force">⚔${c.force}</span>`);
      stats.push(`<span class="st pa" title="PA: cards in hand">PA ${owner.pa}</span><span class="st pm" title="PM: attackers and blockers">PM ${owner.pm}</span>`);
    } else if (c.type === "Allié") {
      stats.push(`<span class="st frc" title="Force">⚔${esc(c.force)}</span>`);
      if (c.damage) stats.push(`<span class="st dmg" title="damage this turn">−${c.damage}</span>`);
    } else if (c.type === "Équipement") {
      if (c.force) stats.push(`<span class="st frc" title="Force bonus">⚔+${esc(c.force)}</span>`);
      if (c.pv) stats.push(`<span class="st pv" title="PV bonus">♥+${c.pv}</span>`);
    } else if (c.type === "Havre Sac") {
      stats.push(`<span class="st tl" title="Taille">T${c.taille}</span>`);
    }
    const kw = [...(c.keywords || []), ...(c.resistances || []).map(([e, n]) => `Résistance ${e} ${n}`)];
    // the cost: the Niveau inside its element's symbol (a shape per element, not only a colour), named in words
    const costEl = ELEMENTS.includes(c.cost_element) ? c.cost_element : "Neutre";
    const costWords = `cost: Niveau ${c.level}, ${costEl}`;
    const level = c.level !== undefined && !isHero && c.type !== "Havre Sac"
      ? `<span class="lvl cost sym ${elClass(costEl)}" role="img" data-element="${esc(costEl)}" title="${esc(costWords)}" aria-label="${esc(costWords)}">${esc(c.level)}</span>` : "";
    const fx = effectsOf(c);
    const heroLevel = isHero && owner ? `<span class="lvl hero-lvl" title="Niveau ${owner.level}">N${owner.level}</span>` : "";
    const label = [c.name, c.type, c.element, c.level !== undefined && !isHero && c.type !== "Havre Sac" ? `Niveau ${c.level} (${costEl})` : "",
      isHero && owner ? `Niveau ${owner.level}, ${owner.pv} of ${owner.max_pv} PV, ${owner.xp} XP` : "",
      c.type === "Allié" ? `Force ${c.force}` : "", c.damage ? `${c.damage} damage` : "", c.tapped ? "inclined" : "",
      role || "", ...fx, acts ? "has actions" : ""].filter(Boolean).join(", ");
    const cls = ["wcard", elClass(c.element), `t-${(c.type || "").normalize("NFD").replace(/[^a-zA-Z]/g, "")}`,
      acts ? "act" : "", opts.cls || "", role ? `r-${role}` : ""].join(" ");
    const card = `<div class="${cls}" data-card="${c.id}" ${acts ? `data-actions="${acts.join(",")}"` : ""} tabindex="0"
      role="button" aria-label="${esc(label)}">
      <div class="top">${level}${heroLevel}<span class="nm">${esc(c.name)}</span>${c.tapped ? '<span class="tapmark" title="inclined" aria-hidden="true">↷</span>' : ""}</div>
      <div class="ty">${esc(c.type || "")}${c.subtypes && c.subtypes.length ? " · " + esc(c.subtypes.join(", ")) : ""}</div>
      ${kw.length ? `<div class="kw">${esc(kw.join(" · "))}</div>` : ""}
      <div class="tx" lang="fr"${c.text_en ? ` title="${esc(c.text_en)}"` : ""}>${esc(c.text || "")}</div>
      ${fx.length ? effectsMark(fx) : ""}
      ${role ? `<div class="role">${esc(role === "reinforcing" && owner ? `${role} · ${owner.label}` : role)}</div>` : ""}
      <div class="stats">${stats.join("")}</div>
      <button class="zoom" type="button" data-zoom tabindex="-1" aria-label="see the whole card">i</button>
    </div>`;
    return `<div class="slot ${c.tapped ? "tapped" : ""}" data-slot="${c.id}">${card}</div>`;
  }

  const strip = (parts, empty = "") => `<div class="wstrip">${parts.filter(Boolean).join("") || (empty ? `<span class="muted">${esc(empty)}</span>` : "")}</div>`;

  // the Monde: an Équipement right after its porteur
  function mondeOrder(cards) {
    const eq = cards.filter((c) => c.porteur !== undefined && cards.some((x) => x.id === c.porteur));
    const out = [];
    for (const c of cards) {
      if (eq.includes(c)) continue;
      out.push(c);
      eq.filter((e) => e.porteur === c.id).forEach((e) => out.push({ ...e, __eq: true }));
    }
    return out;
  }

  const occupancy = (p) => ((p.havre_sac && p.havre_sac.cards) || []).filter((c) => ["Héros", "Allié", "Salle"].includes(c.type)).length;

  function sacZone(p, view, ctx) {
    const s = p.havre_sac || { cards: [] };
    const catalog = ctx.catalog || {};
    const taille = s.card ? (catalog[s.card.name] || {}).taille : null;
    const head = s.banished ? "Havre Sac banished"  // (markup: only numbers go in)
      : `<span class="long">Havre Sac · </span>Taille ${occupancy(p)}/${taille === undefined || taille === null ? "?" : Number(taille)} · Résistance ${Number(s.resistance)}`;
    return `<div class="zone sac" aria-label="${esc(whose(p, view))} Havre Sac"><div class="zl" title="Taille: Héros, Alliés and Salles inside, of how many fit; Résistance: damage it can still take">${head}</div>
      ${strip([s.card ? face(s.card, view, ctx, { cls: "sac-card" }) : "", ...mondeOrder(s.cards || []).map((c) => face(c, view, ctx, { cls: c.__eq ? "eq" : "" }))])}</div>`;
  }

  function mondeZone(p, view, ctx) {
    return `<div class="zone monde" aria-label="${esc(whose(p, view))} Monde"><div class="zl">Monde</div>
      ${strip(mondeOrder(p.monde || []).map((c) => face(c, view, ctx, { cls: c.__eq ? "eq" : "" })), "no card in the Monde")}</div>`;
  }

  function piles(p) {
    const top = p.defausse && p.defausse.length ? p.defausse[p.defausse.length - 1] : null;
    return `<div class="piles">
      <div class="pile back" aria-label="Pioche: ${p.pioche_count} card(s)" title="Pioche"><span class="pw">Pioche</span><span class="pn">${p.pioche_count}</span></div>
      <button class="pile ${top ? elClass(top.element) : "empty"}" type="button" data-pile="defausse:${p.seat}"
        aria-label="Défausse: ${p.defausse.length} card(s)${top ? `, ${esc(top.name)} on top` : ""}"><span class="pw">Défausse</span><span class="pn">${p.defausse.length}</span>${top ? `<span class="pt">${esc(top.name)}</span>` : ""}</button></div>`;
  }

  function heroLine(p, view, ctx) {
    const hero = p.hero || {};
    const teamsOn = view.players.length > 2;  // WK-XP-1: no Niveau 3 in teams; the team's XP wins (the bar)
    const xpNext = p.level < 2 ? 6 : teamsOn ? null : 18;
    const active = (ctx.active || []).includes(p.seat);
    const turn = view.active === p.seat && view.phase !== "over";
    return `<div class="who"><b>${esc(p.label)}${p.seat === view.seat ? " (you)" : ""}</b>
      ${turn ? '<span class="turnmark">their turn</span>'.replace("their", p.seat === view.seat ? "your" : "their") : ""}
      ${active ? '<span class="deciding">deciding</span>' : ""}
      <span class="hero" title="Héros">${esc(hero.name || "")}</span>
      <span class="cnt pv" title="the Héros's PV">♥ ${p.pv}/${p.max_pv} PV</span>
      <span class="cnt xp" title="${teamsOn ? "XP: Niveau 2 at 6; the team's XP wins" : "XP: Niveau 2 at 6, victory at 18"}">XP ${p.xp}${xpNext ? `/${xpNext}` : ""}</span>
      <span class="cnt lv" title="Niveau">Niveau ${p.level}</span>
      <span class="cnt" title="PA: the most cards your hand keeps at the end of the turn">PA ${p.pa}</span>
      <span class="cnt" title="PM: the most attackers or blockers">PM ${p.pm}</span>
      ${p.hand === null || (view.players.length > 2 && p.seat !== view.seat) ? `<span class="cnt" title="cards in hand">hand ${p.hand_count}</span>` : ""}
      ${p.out ? outLine(p) : ""}</div>`;
  }

  function seatBox(p, view, ctx, cls) {
    const active = (ctx.active || []).includes(p.seat);
    return `<div class="seatbox ${cls} ${active ? "active" : ""} ${view.active === p.seat ? "turn" : ""}" data-seat="${p.seat}">
      ${heroLine(p, view, ctx)}
      <div class="zones">${sacZone(p, view, ctx)}${mondeZone(p, view, ctx)}${piles(p)}</div>${handChips(p, view, ctx)}</div>`;
  }

  // -- the middle: the File d'Attente as a stack, and the combat drawn in pairs ---------------------------
  function fileZone(view, ctx) {
    const items = view.file || [];
    const idx = index(view);
    const name = (t) => {
      if (typeof t === "number" && idx.has(t)) return idx.get(t).card.name;
      if (typeof t === "number") { const p = view.players.find((q) => q.seat === t); return p ? p.label : ""; }
      return typeof t === "string" ? t : "";
    };
    const label = (s) => { const p = view.players.find((q) => q.seat === s); return p ? (p.seat === view.seat ? "you" : p.label) : ""; };
    // bottom of the stack first: the last entry resolves first (LIFO), it sits on top
    const cards = items.map((it, i) => {
      const top = i === items.length - 1;
      const targets = (it.targets || []).map(name).filter(Boolean);
      return `<div class="fitem ${top ? "ftop" : ""} ${it.cancelled ? "cancelled" : ""}" style="--depth:${items.length - 1 - i}">
        <div class="fmeta">${top ? "<b>resolves next</b> · " : ""}${esc(label(it.seat))}${it.kind === "trigger" ? " · triggered" : it.kind === "power" ? " · power" : it.kind === "attack" ? " · declares an attack" : ""}${it.paid ? "" : " · paying…"}${it.cancelled ? " · cancelled" : ""}${targets.length ? ` → ${esc(targets.join(", "))}` : ""}</div>
        ${strip([face(it.card, view, ctx, { role: "" })])}</div>`;
    });
    return `<div class="zone file ${items.length ? "" : "empty"}" aria-label="File d'Attente"><div class="zl">File d'Attente${items.length ? ` · ${items.length}` : ""}</div>
      <div class="fstack">${cards.join("") || '<span class="muted">empty</span>'}</div></div>`;
  }

  function combatZone(view, ctx) {
    const cb = view.combat;
    if (!cb) return "";
    const idx = index(view);
    const card = (id, role) => { const f = idx.get(id); return f ? face(f.card, view, ctx, { role }) : ""; };
    const atk = view.players.find((p) => p.seat === cb.attacker);
    const def = view.players.find((p) => p.seat === cb.defender);
    const blockersOf = (a) => (cb.blockers || []).filter(([, x]) => x === a).map(([b]) => b);
    const role = roles(view);
    const pairs = (cb.attackers || []).map((a) => `<div class="pair">${strip([card(a, "attacking"),
      ...(blockersOf(a).length ? blockersOf(a).map((b) => card(b, role.get(b))) : ['<span class="unblocked">not blocked</span>'])])}</div>`);
    const target = cb.target >= 0 ? card(cb.target, "target") : "";
    return `<div class="zone combat" aria-label="combat"><div class="zl">Combat · ${esc(atk ? atk.label : "")} attacks ${esc(def ? def.label : "")} · ${esc(STEPS[cb.step] || cb.step)}${cb.step === "actions" ? ` · ${esc((view.players.find((p) => p.seat === cb.to_act) || {}).label || "")} to act` : ""}</div>
      <div class="cbody">${target ? `<div class="ctarget"><div class="cl">target</div>${strip([target])}</div>` : ""}
      <div class="pairs">${pairs.join("") || '<span class="muted">no attacker declared yet</span>'}</div></div></div>`;
  }

  // -- team modes (2v2 … 8v8): the turn order and team XP on a bar; full boxes for your seat, the players
  // in the combat and the one whose turn it is, every other seat compact (its Monde and Havre Sac as chips)
  const teamName = (t) => `Team ${String(t).toUpperCase()}`;

  function chip(c0, view, ctx, extra = "") {
    const idx = index(view);
    const found = idx.get(c0.id);
    const c = full(c0, ctx.catalog || {}, found ? found.owner : null);
    const acts = ctx.byCard ? ctx.byCard.get(c.id) : null;
    const role = roles(view).get(c.id);
    const num = c.type === "Allié" || c.type === "Héros" ? ` ⚔${c.force}` : "";
    const fx = effectsOf(c);
    const label = [c.name, c.type, c.type === "Allié" ? `Force ${c.force}` : "", c.damage ? `${c.damage} damage` : "",
      c.tapped ? "inclined" : "", role || "", ...fx, acts ? "has actions" : ""].filter(Boolean).join(", ");
    return `<span class="wchip ${elClass(c.element)} ${c.tapped ? "tapped" : ""} ${acts ? "act" : ""} ${role ? `r-${role}` : ""} ${extra}"
      data-card="${c.id}" ${acts ? `data-actions="${acts.join(",")}"` : ""} tabindex="0" role="button" aria-label="${esc(label)}"
      title="${esc(label)}">${c.tapped ? '<i class="tp" aria-hidden="true">↷</i>' : ""}<span class="cn">${esc(c.name)}</span>${num ? `<span class="fnum">${esc(num)}</span>` : ""}${c.damage ? `<b class="dm">−${Number(c.damage)}</b>` : ""}${role ? `<i class="rl">${esc(role)}</i>` : ""}${fx.length ? '<i class="fxc" aria-hidden="true">✦</i>' : ""}</span>`;
  }

  function handChips(p, view, ctx) {
    if (p.seat === view.seat || p.hand === null || p.out) return "";
    return `<div class="mhand" aria-label="${esc(p.label)}'s hand, seen by the team"><span class="ml">hand</span>${
      p.hand.length ? p.hand.map((c) => chip(c, view, ctx, "inhand")).join("") : '<span class="muted">empty</span>'}</div>`;
  }

  function outLine(p) {
    return `<span class="outmark">eliminated${p.gone_count ? ` · ${Number(p.gone_count)} card(s) out of the game` : ""}</span>`;
  }

  function compactBox(p, view, ctx, cls) {
    const s = p.havre_sac || { cards: [] };
    const taille = s.card ? ((ctx.catalog || {})[s.card.name] || {}).taille : null;
    const turn = view.active === p.seat && view.phase !== "over";
    const active = (ctx.active || []).includes(p.seat);
    const sac = s.banished ? '<span class="muted">Havre Sac banished</span>'
      : `${s.card ? chip(s.card, view, ctx, "insac") : ""}<span class="ml" title="Havre Sac: Taille used of how many fit, Résistance left">${occupancy(p)}/${taille === undefined || taille === null ? "?" : Number(taille)} · R${Number(s.resistance)}</span>${
        mondeOrder(s.cards || []).map((c) => chip(c, view, ctx, "insac")).join("")}`;
    const monde = mondeOrder(p.monde || []);
    return `<div class="seatbox compact ${cls} ${p.out ? "out" : ""} ${active ? "active" : ""} ${turn ? "turn" : ""} ${focusClass(p, view)}" data-seat="${p.seat}"
      aria-label="${esc(p.label)}${p.seat === view.seat ? " (you)" : ""}">
      <div class="who"><b>${esc(p.label)}${p.seat === view.seat ? " (you)" : ""}</b>
        ${turn ? `<span class="turnmark">${p.seat === view.seat ? "your" : "their"} turn</span>` : ""}${active ? '<span class="deciding">deciding</span>' : ""}
        ${p.out ? outLine(p) : `<span class="hero">${esc((p.hero || {}).name || "")}</span>
        <span class="cnt pv" title="the Héros's PV">♥${p.pv}/${p.max_pv}</span><span class="cnt xp" title="this player's XP">XP ${p.xp}</span>
        <span class="cnt lv" title="Niveau">N${p.level}</span><span class="cnt" title="cards in hand and in the Pioche">hand ${p.hand_count} · Pioche ${p.pioche_count}</span>`}</div>
      ${p.out ? "" : `<div class="chips"><span class="grp sac">${sac}</span><span class="grp monde"><span class="ml">Monde</span>${
        monde.length ? monde.map((c) => chip(c, view, ctx)).join("") : '<span class="muted">empty</span>'}</span>
        ${p.defausse.length ? `<button class="ml dpile" type="button" data-pile="defausse:${p.seat}" aria-label="Défausse: ${p.defausse.length} card(s)">Défausse ${p.defausse.length}</button>` : ""}</div>
      ${handChips(p, view, ctx)}`}</div>`;
  }

  function focusClass(p, view) {
    const cb = view.combat;
    if (!cb) return "";
    return p.seat === cb.defender ? "attacked" : p.seat === cb.attacker ? "attacking" : "";
  }

  function orderBar(view) {
    const order = (view.order && view.order.length ? view.order : view.players.map((p) => p.seat));
    const bySeat = new Map(view.players.map((p) => [p.seat, p]));
    const teams = (view.teams || []).map((t) => {
      const pct = Math.max(0, Math.min(100, Math.round((100 * t.xp) / Math.max(1, t.xp_goal))));
      const mineT = bySeat.get(view.seat) && bySeat.get(view.seat).team === t.team;
      return `<span class="txp team-${esc(t.team)} ${mineT ? "mine" : ""}" title="${esc(teamName(t.team))}: team XP against the goal" style="--pct:${pct}%">${esc(teamName(t.team))}${mineT ? " (yours)" : ""} · XP ${Number(t.xp)}/${Number(t.xp_goal)}</span>`;
    }).join("");
    const chips = order.map((s) => {
      const p = bySeat.get(s);
      if (!p) return "";
      const turn = view.active === s && view.phase !== "over";
      return `<span class="ochip team-${esc(p.team)} ${turn ? "turn" : ""} ${p.out ? "out" : ""} ${s === view.seat ? "me" : ""} ${focusClass(p, view)}"
        data-order-seat="${s}" title="${esc(p.label)}${p.out ? ": eliminated" : turn ? ": playing now" : ""}">${esc(p.label)}${p.out ? " ✕" : ` ♥${p.pv}`}</span>`;
    }).join("");
    return `<div class="wk-order" aria-label="turn order and team XP">${teams}<span class="olabel">order</span>${chips}</div>`;
  }

  // a board narrower than this is a phone's: every other seat compact, the order bar one scrolling line
  const phoneWide = (width) => width > 0 && width < 700;
  function renderTeams(root, view, ctx, mine, anchor) {
    // the width the resize observer last saw (see fitted), which draws the board again when the width
    // crosses the phone's line: read here, it would lay out the page as the shell left it before the
    // board is drawn, and the board again after (a layout a state: 4.1 -> 3.1 at 8v8)
    const narrow = phoneWide(root.__wkWidth ?? root.clientWidth);
    const cb = view.combat;
    const opps = view.players.filter((p) => teamOf(p) !== teamOf(anchor));
    const home = view.players.filter((p) => teamOf(p) === teamOf(anchor));
    const perSide = opps.length;
    // who gets a full box: your seat, the attacker and the defender, then whose turn it is, up to a limit
    const pick = (list, must, limit) => {
      const out = list.filter((p) => must.includes(p.seat));
      for (const p of list) {
        if (out.length >= limit) break;
        if (!out.includes(p) && !p.out && (p.seat === view.active || perSide <= 2)) out.push(p);
      }
      return out;
    };
    const focus = [anchor.seat, ...(cb ? [cb.attacker, cb.defender] : [])];
    const limit = perSide <= 2 ? 2 : 1;
    // a phone: card faces would be too small to read in several boxes; every other seat is compact
    const fullOpps = narrow ? [] : pick(opps, focus, limit);
    const fullHome = narrow ? (perSide <= 2 ? [anchor] : []) : [anchor, ...pick(home.filter((p) => p !== anchor), focus, limit - 1)];
    const rank = (p) => (focus.includes(p.seat) ? 0 : p.seat === view.active ? 1 : p.out ? 3 : 2);
    // the side's tracks: one per full box, then the compact boxes' grid (wider when it holds many)
    const tracks = (fulls, n) => `grid-template-${narrow ? "rows" : "columns"}: ${[...fulls.map(() => "minmax(0, 1fr)"),
      ...(n ? [`minmax(0, ${!fulls.length ? 1 : n > 3 ? 1.5 : n > 1 ? 1 : 0.7}fr)`] : [])].join(" ")}`;
    const side = (list, fulls, cls) => {
      const compacts = list.filter((p) => !fulls.includes(p)).sort((x, y) => rank(x) - rank(y));
      // (your box says "me" in its description: set after drawing, it was set back at every drawing)
      const who = (p) => (p === anchor ? "me" : cls);
      return `${fulls.map((p) => box(p, seatBox(p, view, ctx, `${who(p)} ${p.out ? "out" : ""} ${focusClass(p, view)}`))).join("")}${
        compacts.length ? `<div class="wk-compacts n${compacts.length}">${compacts.map((p) => box(p, compactBox(p, view, ctx, who(p)))).join("")}</div>` : ""}`;
    };
    // a seat's box drawn last time from the same description is kept as it is, not parsed again (at 8v8
    // one or two of the sixteen change a state)
    const drawn = root.__wkBoxes || (root.__wkBoxes = new Map());  // seat -> [its element, its description]
    const boxes = new Map();
    const box = (p, html) => {
      boxes.set(p.seat, html);
      const was = drawn.get(p.seat);
      return was && was[1] === html && root.contains(was[0]) ? Shell.keep(was[0]) : html;
    };
    const hand = anchor.hand === null
      ? strip([], `${anchor.label} holds ${anchor.hand_count} card(s)`)
      : strip(anchor.hand.map((c) => face(c, view, ctx, { cls: "inhand" })), "no card in hand");
    const busy = (view.file && view.file.length) || cb;
    // more than four a side: the middle row keeps its room when the File empties (see wakfu.css)
    const steady = perSide > 4 ? "steady-mid" : "";
    Shell.draw(root, `<div class="wk wk-teams ${narrow ? "narrow" : ""} ${ctx.outcome ? "over" : ""} ${busy ? "busy-mid" : ""} ${steady}">
      ${orderBar(view)}
      <div class="wk-opps" style="${tracks(fullOpps, opps.length - fullOpps.length)}">${side(opps, fullOpps, "opp")}</div>
      <div class="wk-mid">${fileZone(view, ctx)}${combatZone(view, ctx)}</div>
      <div class="wk-home" style="${tracks(fullHome, home.length - fullHome.length)}">${side(home, fullHome, "mate")}</div>
      <div class="wk-hand zone-hand" aria-label="${mine ? "your hand" : "hand"}"><div class="zl">${mine ? `Your hand · ${anchor.hand.length} card(s), PA ${anchor.pa}` : `${esc(anchor.label)}'s hand`}</div>${hand}</div>
    </div>`);
    drawn.clear();
    for (const el of root.querySelectorAll(".wk-teams .seatbox[data-seat]")) {
      const html = boxes.get(Number(el.dataset.seat));
      if (html !== undefined) drawn.set(Number(el.dataset.seat), [el, html]);
    }
    fitted(root);
    // a bar scrolled sideways (a phone at 8v8) shows the attacked player, else whose turn it is
    // (only a narrow board's bar is one line that scrolls: elsewhere it wraps, and reading its size would
    // lay the board out once more)
    const bar = narrow && root.querySelector(".wk-order"), now = bar && (bar.querySelector(".ochip.attacked") || bar.querySelector(".ochip.turn"));
    if (now && bar.scrollWidth > bar.clientWidth) {
      const at = now.getBoundingClientRect().left - bar.getBoundingClientRect().left + bar.scrollLeft;
      bar.scrollLeft = Math.max(0, at - bar.clientWidth / 3);
    }
  }

  function render(root, view, ctx) {
    if (!view || view.game !== "wakfu") { root.innerHTML = ""; return; }
    if (view.players.length > 2) { const m = me(view); renderTeams(root, view, ctx, m, m || view.players[0]); return; }
    const mine = me(view);
    const anchor = mine || view.players[0];
    const home = view.players.filter((p) => teamOf(p) === teamOf(anchor));
    const opps = view.players.filter((p) => teamOf(p) !== teamOf(anchor));
    const mates = home.filter((p) => p !== anchor);
    const hand = anchor.hand === null
      ? strip([], `${anchor.label} holds ${anchor.hand_count} card(s)`)
      : strip(anchor.hand.map((c) => face(c, view, ctx, { cls: "inhand" })), "no card in hand");
    const busy = (view.file && view.file.length) || view.combat;
    Shell.draw(root, `<div class="wk ${ctx.outcome ? "over" : ""} ${busy ? "busy-mid" : ""}">
      <div class="wk-opps">${opps.map((p) => seatBox(p, view, ctx, "opp")).join("")}</div>
      <div class="wk-mid">${fileZone(view, ctx)}${combatZone(view, ctx)}</div>
      <div class="wk-home">${seatBox(anchor, view, ctx, "me")}${mates.map((p) => seatBox(p, view, ctx, "mate")).join("")}</div>
      <div class="wk-hand zone-hand" aria-label="${mine ? "your hand" : "hand"}"><div class="zl">${mine ? `Your hand · ${anchor.hand.length} card(s), PA ${anchor.pa}` : `${esc(anchor.label)}'s hand`}</div>${hand}</div>
    </div>`);
    fitted(root);
  }

  // -- every card in sight: no zone scrolls --------------------------------------------------------------
  const GAP = 4;          // px between cards (.wstrip's gap)
  const MIN_CARD = 78;    // px: a card face shorter (narrower than 56) cuts its name; the zone becomes a row of names
  const MAX_ROWS = 4;

  // the largest card height at which n cards fit a W×H zone, in 1 to MAX_ROWS rows
  function bestSize(n, W, H) {
    let best = 0;
    for (let r = 1; r <= Math.min(n, MAX_ROWS); r++) {
      const c = Math.ceil(n / r);
      const h = Math.min((H - (r - 1) * GAP) / r, ((W - (c - 1) * GAP) / c) * 7 / 5);
      if (h > best) best = h;
    }
    return Math.floor(best);
  }

  // The board is drawn by changing only what differs (Shell.draw), and so are the decisions below: a
  // strip, the compact seats and the board's rows remember their last fit with what it was made for
  // (their cards, their size), take it back after each drawing, and only what changed is measured again.
  const CLASSES = ["fit", "mini", "bare"];
  function fit(root, fresh = false) {
    const board = root.querySelector(".wk");
    if (!board) return;
    const slots = (z) => (z ? z.querySelectorAll(":scope > .wstrip > .slot").length : 0);
    // a seat's Havre Sac and Monde share their row by the cards they hold
    board.querySelectorAll(".zones").forEach((z) => {
      const sac = z.querySelector(":scope > .zone.sac"), monde = z.querySelector(":scope > .zone.monde");
      for (const [zone, least] of [[sac, 1.5], [monde, 2]]) {
        if (!zone) continue;
        const flex = `${Math.max(slots(zone), least)} 1 0`;
        if (zone.__flex !== flex) { zone.style.flex = flex; zone.__flex = flex; }
        Shell.own(zone, [], true);
      }
    });
    const groups = [...board.querySelectorAll(".wk-compacts")];
    const strips = [...board.querySelectorAll(".wstrip")];
    // what is decided here is this code's: the next drawing keeps it as it is (see Shell.own)
    Shell.own(board, [], true);
    groups.forEach((g) => Shell.own(g, ["dense", "denser"]));
    strips.forEach((s) => Shell.own(s, CLASSES, true));
    // the last decisions, back on the elements that are still here (writes only, and only of what differs:
    // drawing keeps them, and a class or style set again to what it was still marks the element changed)
    const put = (el, cls) => { const missing = cls.filter((c) => !el.classList.contains(c)); if (missing.length) el.classList.add(...missing); };
    if (board.__fit && board.style.gridTemplateRows !== board.__fit.rows) board.style.gridTemplateRows = board.__fit.rows;
    groups.forEach((g) => { if (g.__fit) put(g, g.__fit.cls); });
    strips.forEach((s) => {
      if (!s.__fit) return;
      put(s, s.__fit.cls);
      if (s.__fit.ch && s.style.getPropertyValue("--ch") !== s.__fit.ch) s.style.setProperty("--ch", s.__fit.ch);
    });
    // the compact seats and the rows: made again from nothing when the room they share changed (the
    // board's size, its tracks, which seats are compact); otherwise the last fit is kept, made denser only
    // where something now overflows it (cards or words gained, a File taking the middle row).  When they
    // may have room to spare (a compact seat lost a card, the File emptied), a fit from nothing is tried
    // once the page is idle.  Cards come or gone elsewhere (your own seat, the File, a combat) leave them
    // be.  Made again from nothing at every state, they cost 16 ms of layouts a state at 8v8, and at every
    // card come or gone 11 ms (issue 24, item 10).
    // a File or a combat: the middle row takes more room (unless it keeps it always: steady-mid)
    const busy = board.classList.contains("busy-mid") && !board.classList.contains("steady-mid");
    const sizeFor = [board.clientWidth, board.clientHeight, [...board.classList].filter((c) => c !== "busy-mid"),
      ...[...board.children].map((k) => k.getAttribute("style") || ""),
      ...groups.map((g) => `${[...g.classList].filter((c) => c !== "dense" && c !== "denser")}:${
        [...g.children].map((b) => b.dataset.seat).join(",")}`)].join("|");
    const cardsFor = groups.map((g) => [...g.querySelectorAll("[data-card]")].map((e) => e.dataset.card));
    const textFor = groups.map((g) => g.textContent.length).join(",");
    const last = board.__fit;
    let same = last && last.size === sizeFor && last.cards.length === cardsFor.length;
    // the same room as one fitted before, other seats in it (at 8v8 the turn passes to another seat, and
    // the two teams' turns alternate between two arrangements): that fit is taken back at once, made
    // denser where something overflows it, and a fit from nothing is tried when the page is idle.  Made
    // from nothing at each turn, it cost a layout per density step and was most of the states over 16 ms.
    // So is a File or a combat beginning or ending in a room fitted before with the middle row as it is now.
    const roomFor = `${sizeFor.replace(/:[0-9,]*/g, "")}|${busy ? "busy" : ""}`;
    const known = (!same || busy !== last.busy) && !fresh && last && board.__rooms && board.__rooms.get(roomFor);
    const restored = !!known && known.groups === groups.length;
    if (restored) {
      board.style.gridTemplateRows = known.rows;
      groups.forEach((g, i) => { g.classList.remove("dense", "denser"); g.classList.add(...known.cls[i]); });
      same = true;
      relaxLater(root);
    }
    // rows given to the compact seats earlier were sized for the middle row as it was: a File or combat
    // beginning or ending sizes them again from the board's own rows (kept, they left the middle row
    // 27 px tall), the seats keeping their density
    const rowsStale = same && !restored && busy !== last.busy && !!last.rows;
    if (rowsStale) board.style.gridTemplateRows = "";
    // how each fit of the rows was made, for the tests: from nothing while drawing a state, taken back
    // from a room fitted before, or from nothing when the page was idle
    const counts = root.__wkFits || (root.__wkFits = { anew: 0, restored: 0, idle: 0 });
    if (restored) counts.restored++;
    if (!same) counts[fresh ? "idle" : "anew"]++;
    if (!same) fitRows(board, groups, true);
    else if ((restored || rowsStale || last.text !== textFor || busy !== last.busy
      || cardsFor.some((cards, i) => cards.length !== last.cards[i].length)) && groups.some(overflows)) fitRows(board, groups, false);
    // more room, or fewer cards, may allow a roomier fit: tried once the page is idle, off the state's drawing
    if (same && ((last.busy && !busy) || cardsFor.some((cards, i) => last.cards[i].some((c) => !cards.includes(c))))) {
      relaxLater(root);
    }
    board.__fit = { size: sizeFor, busy, cards: cardsFor, text: textFor, rows: board.style.gridTemplateRows };
    groups.forEach((g) => { g.__fit = { cls: ["dense", "denser"].filter((c) => g.classList.contains(c)) }; });
    if (!board.__rooms || board.__rooms.size > 16) board.__rooms = new Map();
    board.__rooms.set(roomFor, { rows: board.__fit.rows, groups: groups.length, cls: groups.map((g) => g.__fit.cls) });
    // the strips whose cards or size changed: read every size, then write (one layout)
    const sigOf = (s, n) => `${n}|${s.textContent.length}|${s.clientWidth}|${s.clientHeight}`;
    const changed = [];
    strips.forEach((s) => {
      const n = s.querySelectorAll(":scope > .slot").length;
      const sig = sigOf(s, n);
      if (s.__fit && s.__fit.sig === sig) return;
      changed.push([s, n, sig, n ? bestSize(n, s.clientWidth - 1, s.clientHeight - 3) : null]);  // (a pixel for the rounding)
    });
    for (const [s, n, , size] of changed) {
      s.classList.remove(...CLASSES);
      s.style.removeProperty("--ch");
      if (!n) continue;
      if (size >= MIN_CARD) { s.classList.add("fit"); s.style.setProperty("--ch", `${size}px`); } else s.classList.add("mini");
    }
    // a row of names still too long: names only (the numbers are on the whole card, a click away)
    changed.filter(([s]) => s.classList.contains("mini") && s.scrollHeight > s.clientHeight + 1).forEach(([s]) => s.classList.add("bare"));
    for (const [s, , sig] of changed) {
      s.__fit = { sig, cls: CLASSES.filter((c) => s.classList.contains(c)), ch: s.style.getPropertyValue("--ch") };
    }
    // the names of the compact seats' chips and of the cards, at once (one reading of sizes)
    Shell.fitNames(board, ".wchip .cn, .wcard .nm");
  }

  // a fit made again from nothing when the page is idle (one pending at a time; a new state's drawing
  // comes first, and the relaxing waits for the next idle moment)
  function relaxLater(root) {
    if (root.__wkRelax) return;
    const idle = window.requestIdleCallback || ((f) => setTimeout(f, 50));
    root.__wkRelax = idle(() => {
      root.__wkRelax = null;
      const board = root.querySelector(".wk");
      if (!board) return;
      board.__fit = null;
      fit(root, true);
    }, { timeout: 1000 });
  }

  // compact seats: denser chips while their box overflows (every box at once: a layout per step); then,
  // if still too many, their row of the board takes the room it needs from the roomiest other row
  const overflows = (g) => g.scrollHeight > g.clientHeight + 1;
  function fitRows(board, groups, anew) {
    if (anew) {
      groups.forEach((g) => g.classList.remove("dense", "denser"));
      board.style.gridTemplateRows = "";
    }
    let over = groups.filter(overflows);
    for (const cls of ["dense", "denser"]) {
      // (a box that has the class already is as it was: measured again, it cost a layout a step)
      const step = over.filter((g) => !g.classList.contains(cls));
      if (!step.length) continue;
      step.forEach((g) => g.classList.add(cls));
      over = over.filter(overflows);
    }
    if (!over.length) return;
    const rows = getComputedStyle(board).gridTemplateRows.split(" ").map(parseFloat);
    const kids = [...board.children];
    const needs = new Map();
    over.forEach((g) => {
      const row = kids.findIndex((k) => k.contains(g));
      needs.set(row, Math.max(needs.get(row) || 0, g.scrollHeight - g.clientHeight + 2));
    });
    if (rows.length === kids.length && rows.every((r) => r >= 0)) {
      for (const [row, need] of needs) {
        const donor = rows.map((r, i) => [needs.has(i) ? -1 : r, i]).sort((a, b) => b[0] - a[0])[0][1];
        const given = Math.min(need, rows[donor] / 2);
        rows[row] += given; rows[donor] -= given;
      }
      board.style.gridTemplateRows = rows.map((r) => `minmax(0, ${r}px)`).join(" ");
    }
  }

  // fitted now and whenever the board changes size (a window resized, a panel opened)
  function fitted(root) {
    fit(root);
    if (!root.__wkFit) {
      root.__wkFit = new ResizeObserver(() => {
        root.__wkWidth = root.clientWidth;
        const teams = root.querySelector(".wk-teams");
        // a phone turned, a window narrowed past the line: the seats' boxes are chosen again now
        if (teams && teams.classList.contains("narrow") !== phoneWide(root.__wkWidth)) {
          root.dispatchEvent(new CustomEvent("board-stale"));
        } else fit(root);
      });
      root.__wkFit.observe(root);
    }
  }

  // -- the overlay: a whole card, a pile ---------------------------------------------------------------
  function cardDetail(id, view, catalog) {
    const found = index(view).get(id);
    if (!found && !offered.has(id)) return "<p>This card is no longer on the table.</p>";
    const owner = found ? found.owner : null;
    const c = found ? full(found.card, catalog, owner) : { ...(catalog[offered.get(id)] || { name: offered.get(id) }) };
    const hero = c.type === "Héros" && owner;
    const rows = [
      ["type", [c.type, ...(c.subtypes || [])].filter(Boolean).join(" · ")],
      ["element", c.element],
      ["Niveau (cost)", !hero && c.level !== undefined && c.type !== "Havre Sac" ? `${c.level} (${c.cost_element || "Neutre"})` : ""],
      ["Niveau", hero ? `${owner.level} (${owner.xp} XP; Niveau 2 at 6 XP, victory at 18)` : ""],
      ["PV", hero ? `${owner.pv} of ${owner.max_pv}` : c.type === "Équipement" && c.pv ? `+${c.pv}` : ""],
      ["Force", c.type === "Allié" || hero ? c.force : c.force ? `+${c.force}` : ""],
      ["PA / PM", hero ? `${owner.pa} / ${owner.pm}` : ""],
      ["XP when destroyed", c.type === "Allié" ? c.xp : ""],
      ["Taille / Résistance", c.type === "Havre Sac" ? `${c.taille} / ${owner ? owner.havre_sac.resistance : c.resistance}` : ""],
      ["keywords", (c.keywords || []).join(", ")],
      ["résistances", (c.resistances || []).map(([e, n]) => `${e} ${n}`).join(", ")],
      ["métiers", (c.metiers || []).join(", ")],
      ["recette", c.recipe ? `${c.recipe.metier}: recycle ${c.recipe.count} ${c.recipe.element} card(s)` : ""],
      ["lasting effects", effectsOf(c).join("; ")],
      ["now", [c.tapped ? "inclined" : "", c.damage ? `${c.damage} damage` : "", roles(view).get(c.id) || ""].filter(Boolean).join(", ")],
      ["equips", c.porteur !== undefined && index(view).has(c.porteur) ? index(view).get(c.porteur).card.name : ""],
      ["where", found ? found.where : "shown to you by your choice"],
    ].filter(([, v]) => v !== "" && v !== 0 && v !== undefined && v !== null);
    return `<div class="detail wk-detail ${elClass(c.element)}">
      <div class="dhead"><h2>${esc(c.name)}</h2><span class="muted">${esc(c.type || "")}${c.unique ? " · Unique" : ""}</span></div>
      <dl>${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>
      ${c.text ? `<h3>Texte</h3><p class="ability" lang="fr" data-text="fr">${esc(c.text)}</p>` : ""}
      ${c.text_en ? `<h3>English</h3><p class="ability" lang="en" data-text="en">${esc(c.text_en)}</p>` : ""}
      ${c.notes ? `<details class="card-notes" data-text="notes"><summary>Notes (errata, rulings)</summary><p class="ability">${esc(c.notes)}</p></details>` : ""}
    </div>`;
  }

  function pileDetail(key, view, catalog) {
    const [kind, arg] = key.split(":");
    if (kind !== "defausse") return "";
    const p = view.players.find((q) => q.seat === Number(arg));
    if (!p) return "";
    const ctx = { catalog, byCard: null };
    const cards = [...p.defausse].reverse();
    return `<h2>${p.seat === view.seat ? "Your" : esc(`${p.label}'s`)} Défausse (top first)</h2>
      <div class="wk-pilelist">${cards.length ? cards.map((c) => face(c, view, ctx, { role: "" })).join("") : '<p class="muted">empty</p>'}</div>`;
  }

  // -- the decision panel: choices that name cards not drawn on the board (a Défausse, a search) --------
  // decisions whose answers are numbers but not cards (X, a player)
  const NUMBERS_NOT_CARDS = new Set(["x"]);
  const numbersAreCards = (view) => !(view.decision && NUMBERS_NOT_CARDS.has(view.decision.kind));

  function cardsOf(action, view) {
    const idx = index(view);
    if (typeof action.card === "number") return [action.card];
    if (action.kind !== "choose" || !numbersAreCards(view)) return [];
    const v = action.value;
    const d = view.decision;
    if (d && d.kind === "target" && view.players.length > 1 && typeof v === "number" && v < view.players.length
        && (d.options || []).some((o) => view.players.some((p) => p.label === o))) return [];  // a player, not a card
    if (typeof v === "number" && (idx.has(v) || offered.has(v))) return [v];
    if (typeof v === "string" && /^(use|hand):\d+/.test(v)) return [Number(v.split(":")[1])];
    return [];
  }

  function decision(view, legal, ctx) {
    if (!view || view.game !== "wakfu") return null;
    const idx = index(view);
    offered = new Map();
    const loose = [];
    if (!numbersAreCards(view)) return null;
    (legal || []).forEach((it) => {
      const v = it.action.value;
      if (it.action.kind !== "choose" || typeof v !== "number") return;
      const f = idx.get(v);
      if (f && !["defausse", "banished"].includes(f.zone)) return;  // drawn on the board already
      if (f) { if (!loose.some((c) => c.id === v)) loose.push(f.card); return; }
      const name = Shell.actionText(it).replace(/ \([^)]*\)$/, "").replace(/^(recycle|incline|discard|play|attack|equip) /, "");
      if (ctx.catalog && ctx.catalog[name] && !offered.has(v)) { offered.set(v, name); loose.push({ id: v, name, type: ctx.catalog[name].type, element: ctx.catalog[name].element }); }
    });
    if (!loose.length) return null;
    const c = { ...ctx, byCard: Shell.actionsByCard(legal, view, { cardsOf }) };
    return { html: `<div class="wk-choices"><div class="muted">choose among these cards</div>${strip(loose.map((x) => face(x, view, c, { role: "" })))}</div>` };
  }

  function summary(view, seat) {
    if (!view || view.turn === undefined) return "";
    const act = view.players.find((p) => p.seat === view.active);
    const who = view.active === seat ? "your turn" : act ? `${act.label}'s turn` : "";
    const phase = view.combat ? `combat: ${STEPS[view.combat.step] || view.combat.step}` : PHASES[view.phase] || view.phase;
    return `turn ${view.turn} · ${who} · ${phase}`;
  }

  Shell.registerGame("wakfu", {
    banners: { level: "Niveau 2", eliminated: "Eliminated" },
    title: "Wakfu TCG", stylesheet: "/static/games/wakfu.css", render, cardsOf, cardDetail, pileDetail, decision, summary,
    actionGroups: { choose: "choose", play: "play a card", use: "use a power", move: "move between the Monde and your Havre Sac",
      attack: "attack", pass: "pass", end_turn: "end your turn" },
  });
})();
