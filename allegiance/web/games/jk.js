// Jedi Knights TCG — the Jedi Knights renderer for the shell (see ../SHELL.md).
// The board of one seat's view: a bar with the four planets (the ones decided with the side that won
// them, the current one, the Final Conflict), the phase, the battle step and Player 1; the other sides
// around the table at the top (two or three sides: there is no "the opponent"); the current planet in
// the middle, its System (starships) and Site (characters), each with a lane per side; your side at the
// bottom (you and your teammates, whose hands your side sees, JK-3S-4); your hand last, with your theme
// pile and, in the Force Phase, your Force deck.  Card faces are HTML (title, allegiance, deploy /
// power / destiny, text); a card of the demo set says it was invented for this project.
"use strict";

(() => {
  const esc = Shell.esc;
  const PHASES = { setup: "setup", location: "choosing the first location", force: "Force Phase",
    deploy: "Deployment Phase", starship: "Starship Battle Phase", blockade: "Blockade Phase",
    character: "Battle Phase (characters)", over: "game over" };
  const STEPS = { support: "support step", weapons: "weapons step", power: "power step" };
  const ALLEGIANCES = ["Alliance", "Empire", "Independent"];
  const alClass = (a) => `al-${ALLEGIANCES.includes(a) ? a : "none"}`;
  const INVENTED = "invented for this project, not Decipher's card";

  const teamOf = (p) => p.team;
  const player = (view, seat) => view.players.find((p) => p.seat === seat);
  const label = (view, seat) => { const p = player(view, seat); return p ? p.label : ""; };
  const whose = (p, view) => (p.seat === view.seat ? "your" : `${p.label}'s`);
  const myTeam = (view) => { const p = player(view, view.seat); return p ? p.team : null; };

  // -- finding a card of the view: where it is, who holds it ------------------------------------------
  function index(view) {
    if (view.__index) return view.__index;
    const map = new Map();
    const put = (c, where, zone) => { if (c && typeof c.id === "number" && !map.has(c.id)) map.set(c.id, { card: c, where, zone }); };
    const planet = (view.planets || [])[view.planet] || "the planet";
    (view.system || []).forEach((c) => put(c, `the ${planet} system`, "system"));
    (view.site || []).forEach((c) => put(c, `the ${planet} site`, "site"));
    for (const p of view.players) {
      const w = whose(p, view);
      (p.hand_cards || []).forEach((c) => put(c, `${w} hand`, "hand"));
      (p.theme_pile_cards || []).forEach((c) => put(c, `${w} theme pile`, "theme"));
      (p.force_deck_cards || []).forEach((c) => put(c, `${w} Force deck`, "force"));
      if (p.picked_card) put(p.picked_card, `${w} Force card, picked in secret`, "picked");
      (p.table || []).forEach((c) => put(c, `on ${w} table (lasting)`, "table"));
      (p.discard || []).forEach((c) => put(c, `${w} discard pile`, "discard"));
    }
    Object.defineProperty(view, "__index", { value: map, enumerable: false });
    return map;
  }

  /** The fixed card data under the live data of the view. */
  const full = (c, catalog) => ({ ...((catalog || {})[c.name] || {}), ...c });

  // an effect entry in words, for cards whose text is their effects
  const EFFECT_WORDS = { credits: "gain {n} credit(s)", draw: "draw {n} card(s)", power: "+{n} power",
    opposing_power: "the opposing side's cards get −{n} power", side_power: "your side's cards get +{n} power",
    to_hit: "+{n} to hit", ignore_to_hit: "ignore the to-hit bonuses so far", cancel: "cancel a power",
    recover_event: "take an event back from your discard pile" };
  function effectsText(c) {
    if (!c.functions || !c.functions.length) return "";
    const one = (f) => f.map((e) => (EFFECT_WORDS[e.effect] || e.effect).replace("{n}", e.n ?? "")
      + (e.names ? ` (${e.names.join(", ")})` : "")).join("; ");
    return c.functions.length > 1 ? c.functions.map((f, i) => `${i ? "or" : "either"}: ${one(f)}`).join(" ") : one(c.functions[0]);
  }
  const cardText = (c) => c.text || effectsText(c);

  // -- battle roles, for badges on the cards in play ---------------------------------------------------
  function roles(view) {
    const out = new Map();
    const b = view.battle;
    if (b) {
      out.set(b.attacker, "attacking");
      out.set(b.defender, "defending");
      Object.keys(b.supporters || {}).forEach((k) => out.set(Number(k), "supporting"));
    }
    for (const w of view.windows || []) if (w.kind === "shot" && w.target >= 0) out.set(w.target, "fired at");
    return out;
  }

  function stats(c) {
    const out = [];
    if (c.deploy !== undefined) out.push(`<span class="st dp" title="deploy cost">D${esc(c.deploy)}</span>`);
    const pw = c.power !== undefined ? c.power : null;
    if (pw !== null && (c.type === "Character" || c.type === "Starship" || pw)) out.push(`<span class="st pw" title="power">⚡${esc(pw)}</span>`);
    if (c.destiny !== undefined) out.push(`<span class="st ds" title="destiny">✦${esc(c.destiny)}</span>`);
    if (c.force_number) out.push(`<span class="st fn" title="Force number">F${esc(c.force_number)}</span>`);
    return out.join("");
  }

  // what a card's icons and keywords say, in words, for its face: the numbers the stats line has no room for
  function iconWords(c) {
    const out = [...(c.keywords || [])];
    if (c.leadership) out.push(`leadership ${c.leadership}`);
    if (c.type === "Weapon" && c.bearer) out.push(`borne by a ${c.bearer.toLowerCase()}`);
    if (c.to_hit) out.push(`to hit +${c.to_hit}`);
    if (c.tactic) out.push(`tactic +${c.tactic}`);
    if (c.weapon) out.push(`draws ${c.weapon}`);
    return out;
  }

  function ariaOf(c, role, acts, view) {
    const idx = view ? index(view) : new Map();
    const on = c.on !== undefined && idx.has(c.on) ? `borne by ${idx.get(c.on).card.name}` : "";
    const under = c.under !== undefined && idx.has(c.under) ? `tactic bonus under ${idx.get(c.under).card.name}` : "";
    return [c.name, c.type, c.allegiance, on, under, c.deploy !== undefined ? `deploy ${c.deploy}` : "",
      c.power !== undefined ? `power ${c.power}` : "", c.destiny !== undefined ? `destiny ${c.destiny}` : "",
      c.rotated ? "rotated" : "", role || "", c.invented ? INVENTED : "", acts ? "has actions" : ""].filter(Boolean).join(", ");
  }

  /** A whole card face (the hand, the theme pile, the Force deck, the decision panel). */
  function face(c0, view, ctx, opts = {}) {
    const c = full(c0, ctx.catalog);
    const acts = ctx.byCard ? ctx.byCard.get(c.id) : null;
    const role = roles(view).get(c.id) || "";
    const icons = iconWords(c);
    const cls = ["jcard", alClass(c.allegiance), `t-${String(c.type || "").replace(/[^a-zA-Z]/g, "")}`, acts ? "act" : "",
      c.rotated ? "rotated" : "", role ? `r-${role.replace(/ /g, "-")}` : "", opts.cls || ""].join(" ");
    return `<div class="${cls}" data-card="${c.id}" ${acts ? `data-actions="${acts.join(",")}"` : ""} tabindex="0" role="button"
      aria-label="${esc(ariaOf(c, role, acts))}">
      <div class="nm">${esc(c.name)}</div>
      <div class="ty">${esc(c.type || "")}${c.allegiance ? ` · ${esc(c.allegiance)}` : ""}${c.timing ? ` · ${esc(c.timing)}` : ""}</div>
      <div class="stats">${stats(c)}</div>
      ${icons.length ? `<div class="kw">${esc(icons.join(" · "))}</div>` : ""}
      <div class="tx">${esc(cardText(c))}</div>
      ${c.invented ? '<div class="inv" title="invented for this project, not Decipher\'s card">invented for this project</div>' : ""}
      <button class="zoom" type="button" data-zoom tabindex="-1" aria-label="see the whole card">i</button>
    </div>`;
  }

  /** A card in play: small, its name and numbers, its role in a battle; the whole card on zoom. */
  function mini(c0, view, ctx, extra = "") {
    const c = full(c0, ctx.catalog);
    const acts = ctx.byCard ? ctx.byCard.get(c.id) : null;
    const role = roles(view).get(c.id) || "";
    const cls = ["jmini", alClass(c.allegiance), acts ? "act" : "", c.rotated ? "rotated" : "",
      role ? `r-${role.replace(/ /g, "-")}` : "", c.on !== undefined ? "weapon" : "", c.under !== undefined ? "tacticb" : "", extra].join(" ");
    const num = c.power !== undefined && (c.type === "Character" || c.type === "Starship") ? `<b class="pw">⚡${esc(c.power)}</b>` : "";
    return `<span class="${cls}" data-card="${c.id}" ${acts ? `data-actions="${acts.join(",")}"` : ""} tabindex="0" role="button"
      aria-label="${esc(ariaOf(c, role, acts, view))}" title="${esc(ariaOf(c, role, acts, view))}">${c.rotated ? '<i class="rt" aria-hidden="true">↷</i>' : ""}<span class="nm">${esc(c.name)}</span>${num}${c.invented ? '<i class="invm" title="invented for this project">✎</i>' : ""}${role ? `<i class="rl">${esc(role)}</i>` : ""}</span>`;
  }

  // a card and then the weapons it bears (and the tactic bonuses under it)
  function withAttached(cards) {
    const ids = new Set(cards.map((c) => c.id));
    const hangs = (c) => (c.on !== undefined && ids.has(c.on)) || (c.under !== undefined && ids.has(c.under));
    const out = [];
    for (const c of cards) {
      if (hangs(c)) continue;
      out.push(c);
      cards.filter((x) => hangs(x) && (x.on === c.id || x.under === c.id)).forEach((x) => out.push(x));
    }
    return out;
  }

  // -- the top bar: planets, phase, Player 1 ---------------------------------------------------------------
  function planetsBar(view) {
    const ps = view.planets || [];
    if (!ps.length) return '<div class="jplanets"><span class="muted">the first location is being chosen</span></div>';
    const items = ps.map((name, i) => {
      let state, cls;
      if (i < view.planet || (i === view.planet && view.phase === "over" && i < (view.controlled || []).length)) {
        const who = (view.controlled || [])[i];
        state = who ? `${who} controls` : "nobody controls"; cls = "done";
      } else if (i === view.planet) {
        state = view.final ? "Final Conflict" : "now"; cls = view.final ? "now final" : "now";
      } else { state = "ahead"; cls = "ahead"; }
      return `<span class="jplanet ${cls}" data-planet="${i}" title="${esc(`${name}: ${state}`)}"><b>${i + 1}. ${esc(name)}</b> <small>${esc(state)}</small></span>`;
    });
    return `<div class="jplanets" aria-label="the four planets">${items.join("")}</div>`;
  }

  function statusLine(view) {
    const parts = [`turn ${Number(view.turn)}`, PHASES[view.phase] || view.phase];
    if (view.final && view.phase !== "over") parts.push("the Final Conflict");
    if (view.player_one >= 0) parts.push(`Player 1: ${label(view, view.player_one)}`);
    if ((view.intimidated || []).length) parts.push(`intimidated: ${view.intimidated.join(", ")}`);
    const act = (view.active || []).map((s) => (s === view.seat ? "you" : label(view, s)));
    if (act.length) parts.push(`to act: ${act.join(", ")}`);
    return `<div class="jstatus">${parts.map((p, i) => `<span class="${i === 1 ? "ph" : ""}">${esc(p)}</span>`).join("")}</div>`;
  }

  // -- the current planet: System and Site, a lane per side ---------------------------------------------------
  function sidesOrder(view) {
    const teams = [...new Set(view.players.map(teamOf))];
    const mine = myTeam(view);
    return mine ? [...teams.filter((t) => t !== mine), mine] : teams;
  }

  function area(view, ctx, key, title) {
    const cards = view[key] || [];
    const byTeam = new Map();
    for (const c of cards) {
      const t = (player(view, c.owner) || {}).team || "";
      if (!byTeam.has(t)) byTeam.set(t, []);
      byTeam.get(t).push(c);
    }
    const lanes = sidesOrder(view).map((t) => {
      const cs = withAttached(byTeam.get(t) || []);
      const total = cs.filter((c) => c.on === undefined && c.under === undefined).reduce((n, c) => n + (Number(c.power) || 0), 0);
      return `<div class="lane ${t === myTeam(view) ? "mine" : ""}" data-team="${esc(t)}"><span class="ln" title="${esc(t)}: total power ${total}"><span class="lt">${esc(t)}</span> <b>${total}</b></span>
        <span class="lcards">${cs.map((c) => mini(c, view, ctx)).join("") || '<span class="muted">—</span>'}</span></div>`;
    });
    return `<div class="jarea ${key}" aria-label="${esc(title)}"><div class="zl">${esc(title)}</div>${lanes.join("")}</div>`;
  }

  function battleLine(view) {
    const b = view.battle;
    const idx = index(view);
    const nm = (id) => (idx.has(id) ? idx.get(id).card.name : "a card");
    const out = [];
    if (b) {
      out.push(`<div class="jbattle"><b>${b.kind === "starship" ? "Starship battle" : "Character battle"}</b> · ${esc(nm(b.attacker))} attacks ${esc(nm(b.defender))}
        · ${esc(STEPS[b.step] || b.step)} · ${esc(b.to_act === view.seat ? "you act" : `${label(view, b.to_act)} acts`)}</div>`);
    }
    const windows = view.windows || [];
    for (const [i, w] of windows.entries()) {
      const what = w.kind === "shot" ? `${nm(w.weapon)} fires at ${nm(w.target)} (to hit +${(w.bonuses || []).reduce((a, n) => a + Number(n || 0), 0)})`
        : `${label(view, w.seat)} plays ${w.card || "a power"}${w.cancelled ? " (cancelled)" : ""}`;
      const newest = i === windows.length - 1;
      const more = newest && windows.length > 1 ? `<span class="more">${windows.length - 1} more open · </span>` : "";
      out.push(`<div class="jwindow ${newest ? "newest" : ""}">${more}response window · ${esc(what)} · ${esc(w.to_act === view.seat ? "you may respond" : `${label(view, w.to_act)} may respond`)}</div>`);
    }
    return out.join("");
  }

  function planetZone(view, ctx) {
    const name = (view.planets || [])[view.planet];
    const head = name ? `${name}${view.final ? " · the Final Conflict" : ""}` : "no planet yet";
    return `<div class="jplanet-now ${view.final ? "final" : ""}" aria-label="the current planet"><div class="zl"><b>${esc(head)}</b></div>
      ${battleLine(view)}
      <div class="jareas">${area(view, ctx, "system", "System · starships")}${area(view, ctx, "site", "Site · characters")}</div></div>`;
  }

  // -- a player's line: Force, credits, piles, counts ----------------------------------------------------------
  function playerBox(p, view, ctx) {
    const acting = (ctx.active || []).includes(p.seat) && view.phase !== "over";
    const hand = p.seat !== view.seat && p.hand_cards
      ? `<div class="mhand" aria-label="${esc(p.label)}'s hand, seen by the side"><span class="ml">hand</span>${p.hand_cards.map((c) => mini(c, view, ctx, "inhand")).join("") || '<span class="muted">empty</span>'}</div>
        <button class="pile hcount" type="button" data-pile="hand:${p.seat}" aria-label="${esc(whose(p, view))} hand, seen by the side: ${p.hand_cards.length} card(s)"><span class="lg">see the </span>hand<span class="sh"> ${p.hand_cards.length}</span></button>` : "";
    // lasting cards: by name; on a phone, another side's fold into a count that opens the list
    const lasting = (p.table || []).length
      ? `<div class="mtable"><span class="ml">on the table</span>${p.table.map((c) => mini(c, view, ctx)).join("")}</div>
        <button class="pile tcount" type="button" data-pile="table:${p.seat}" aria-label="${esc(whose(p, view))} lasting cards on the table: ${p.table.length}"><span class="lg">on the </span>table ${p.table.length}</button>` : "";
    const forceCard = p.force_card ? p.force_card : view.phase === "force" ? (p.picked ? "picked, hidden" : "choosing") : "none";
    return `<div class="jplayer ${acting ? "active" : ""} ${p.out ? "out" : ""}" data-seat="${p.seat}">
      <div class="who"><b>${esc(p.label)}${p.seat === view.seat ? " (you)" : ""}</b>
        ${view.player_one === p.seat ? '<span class="p1" title="Player 1 this turn">Player 1</span>' : ""}
        ${acting ? '<span class="deciding">to act</span>' : ""}
        ${p.out ? '<span class="outmark">out of the Final Conflict</span>' : ""}
        <span class="theme" title="theme">${esc(p.theme)}</span></div>
      <div class="nums">
        <span class="cnt force" title="Force number (the revealed Force card: ${esc(forceCard)})">Force ${Number(p.force_number)}</span>
        <span class="cnt cr" title="credits to spend this turn">${Number(p.credits)} credit${Number(p.credits) === 1 ? "" : "s"}</span>
        <span class="cnt minor" title="Force deck: cards left; used Force pile">Force pile ${Number(p.force_deck)} · used ${Number(p.force_used)}</span>
        <span class="cnt hn" title="cards in hand">hand ${Number(p.hand)}</span>
        <span class="cnt minor" title="draw pile">draw ${Number(p.draw)}</span>
        <span class="cnt minor" title="theme pile">theme pile ${Number(p.theme_pile)}</span>
        ${p.left ? `<span class="cnt minor" title="cards left on planets already decided">left ${Number(p.left)}</span>` : ""}
        <button class="pile ${(p.discard || []).length ? "" : "empty"}" type="button" data-pile="discard:${p.seat}" aria-label="${esc(whose(p, view))} discard pile: ${(p.discard || []).length} card(s)">discard ${(p.discard || []).length}</button>
      </div>${lasting}${hand}</div>`;
  }

  function sideBox(team, view, ctx, cls) {
    const members = view.players.filter((p) => p.team === team);
    const live = members.some((p) => !p.out);
    const won = (view.controlled || []).filter((t) => t === team).length;
    return `<div class="jside ${cls} ${live ? "" : "out"}" data-team="${esc(team)}" aria-label="${esc(team)} side">
      <div class="sl">${esc(team)}${cls === "home" && myTeam(view) ? " · your side" : ""} <small>${won} planet${won === 1 ? "" : "s"} won</small></div>
      <div class="members">${members.map((p) => playerBox(p, view, ctx)).join("")}</div></div>`;
  }

  // -- your hand, theme pile, Force deck ---------------------------------------------------------------------------
  function handZone(view, ctx) {
    const me = player(view, view.seat);
    if (!me) return '<div class="jk-hand"><div class="zl">hands</div><span class="muted">A spectator sees no hand: each side holds its cards.</span></div>';
    const parts = [];
    if (me.picked_card) parts.push(face(me.picked_card, view, ctx, { cls: "picked" }));
    (me.force_deck_cards || []).forEach((c) => parts.push(face(c, view, ctx, { cls: "forcec" })));
    (me.hand_cards || []).forEach((c) => parts.push(face(c, view, ctx)));
    (me.theme_pile_cards || []).forEach((c) => parts.push(face(c, view, ctx, { cls: "themec" })));
    const what = [`hand ${(me.hand_cards || []).length}`, `theme pile ${(me.theme_pile_cards || []).length}`];
    if (me.force_deck_cards) what.push(`Force deck ${me.force_deck_cards.length}`);
    return `<div class="jk-hand" aria-label="your hand"><div class="zl">your cards · ${esc(what.join(" · "))}</div>
      <div class="jstrip">${parts.join("") || '<span class="muted">no card in hand</span>'}</div></div>`;
  }

  function render(root, view, ctx) {
    const teams = [...new Set(view.players.map(teamOf))];
    const home = myTeam(view) || teams[0];
    const others = teams.filter((t) => t !== home);
    Shell.draw(root, `<div class="jk sides-${teams.length}">
      <div class="jtop">${planetsBar(view)}${statusLine(view)}</div>
      <div class="jk-opps">${others.map((t) => sideBox(t, view, ctx, "opp")).join("")}</div>
      ${planetZone(view, ctx)}
      <div class="jk-home">${sideBox(home, view, ctx, "home")}</div>
      ${handZone(view, ctx)}</div>`);
    fitPlanet(root);
    if (!root.__jkFit && window.ResizeObserver) {
      root.__jkFit = new ResizeObserver(() => fitPlanet(root));
      root.__jkFit.observe(root);
    }
  }

  // Every card in play in sight, unscrolled (issue 24).  On a phone the home side's box is capped so that
  // the planet keeps its room; when the home side holds more than the cap (three or four players a side,
  // their lasting cards and a teammate's hand), the cap goes ("roomy-home") and the planet makes do with
  // what is left.  While the current planet's cards overflow its box (a phone, a crowded planet) they are
  // drawn denser: first each lane's name beside its cards and smaller chips, then chips without their marks
  // and the battle's lines cut to one; then ("tight") the other sides' boxes and the hand give the board
  // their room (the other sides' boxes scroll inside: on a phone their lasting cards are a count that opens
  // their list anyway; the hand scrolls sideways); then ("fold-hands") a teammate's hand is a button that
  // opens it, as another side's lasting cards are; last ("fold-table") the home side's lasting cards too.
  // Between the densities and "tight", the System and the Site share the width by what fits, and "densest"
  // keeps only the newest response window's line.  A drawing starts from the plain layout (the description
  // holds no density), so a planet that empties gets its room back.
  const DENSITY = ["dense", "denser"];
  function fitPlanet(root) {
    const board = root.querySelector(".jk");
    const zone = root.querySelector(".jplanet-now");
    if (!board || !zone) return;
    const home = board.querySelector(".jk-home");
    zone.classList.remove(...DENSITY, "densest");
    board.classList.remove("tight", "roomy-home", "fold-hands", "fold-table");
    const over = (el) => !!el && el.scrollHeight > el.clientHeight + 1;
    if (over(home)) board.classList.add("roomy-home");
    const areas = zone.querySelector(".jareas");
    if (areas) areas.style.gridTemplateColumns = "";
    for (const cls of DENSITY) {
      if (!over(zone)) break;
      zone.classList.add(cls);
    }
    // still crowded: the System and the Site share the width by the cards they hold, not half and half
    // (the count's share first, then others: the first where everything fits, neither area squeezing a
    // card wider than itself, else the one that overflows least, a squeezed card counting most)
    if (over(zone) && areas && areas.children.length === 2) {
      const held = [...areas.children].map((a) => Math.max(2, a.querySelectorAll(".jmini").length));
      const clamp = (x) => Math.min(3, Math.max(1 / 3, x));
      const squeezed = () => [...areas.children].some((a) => {  // a name cut to nothing, or past its area's edge
        const edge = a.getBoundingClientRect().right + 1;
        return [...a.querySelectorAll(".jmini .nm")].some((n) => { const r = n.getBoundingClientRect(); return r.width < 20 || r.right > edge; });
      });
      let best = null;
      for (const share of [clamp(held[0] / held[1]), 0.6, 1.6, 1 / 3, 3, 1]) {
        areas.style.gridTemplateColumns = `minmax(0, ${share.toFixed(2)}fr) minmax(0, 1fr)`;
        const cost = (over(zone) ? zone.scrollHeight : 0) + (squeezed() ? 1e6 : 0);
        if (!cost) { best = null; break; }
        if (!best || cost < best.cost) best = { share, cost };
      }
      if (best) areas.style.gridTemplateColumns = `minmax(0, ${best.share.toFixed(2)}fr) minmax(0, 1fr)`;
    }
    if (over(zone)) zone.classList.add("densest");  // the newest response window's line only
    if (over(zone) || over(home)) board.classList.add("tight");
    if ((over(zone) || over(home)) && home && home.querySelector(".mhand")) board.classList.add("fold-hands");
    // last, on a phone with four players a side: the home side's lasting cards go behind "on the table N" (as
    // the other sides' do there), so that the current planet, where the battles are, keeps every card in sight
    if (over(zone) && home && home.querySelector(".mtable")) board.classList.add("fold-table");
  }

  // -- actions on cards -------------------------------------------------------------------------------------------
  function cardsOf(action, view) {
    const g = (k) => action[k];
    switch (action.kind) {
      case "deploy": case "play": case "intimidate": case "support": case "tactic": case "shuttle":
        return [g("card")];
      case "battle": return [g("attacker"), g("defender")];
      case "fire": return [g("weapon"), g("target")];
      case "choose": return typeof g("value") === "number" && index(view).has(g("value")) ? [g("value")] : [];
      default: return [];
    }
  }

  function cardDetail(id, view, catalog) {
    const found = index(view).get(id);
    if (!found) return "";
    const c = full(found.card, catalog);
    const role = roles(view).get(id);
    const bearer = c.on !== undefined && index(view).has(c.on) ? index(view).get(c.on).card.name : "";
    const rows = [["type", c.type], ["allegiance", c.allegiance || "—"], ["deploy cost", c.deploy], ["power", c.power],
      ["destiny", c.destiny], ["leadership", c.leadership], ["to hit", c.to_hit !== undefined ? `+${c.to_hit}` : undefined],
      ["tactic bonus", c.tactic !== undefined ? `+${c.tactic}` : undefined], ["timing", c.timing],
      ["Force number", c.force_number], ["themes", (c.themes || []).join(", ")], ["keywords", (c.keywords || []).join(", ")],
      ["its weapon", c.weapon], ["borne by", bearer], ["state", [c.rotated ? "rotated" : "", role || ""].filter(Boolean).join(", ")],
      ["where", found.where], ["set", c.set]].filter(([, v]) => v !== undefined && v !== null && v !== "");
    const text = cardText(c);
    return `<div class="detail jdetail ${alClass(c.allegiance)}"><h2>${esc(c.name)}</h2>
      <dl>${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>
      ${text ? `<h3>text</h3><p>${esc(text)}</p>` : ""}
      ${c.invented ? `<p class="inv"><b>Invented for this project</b>, not Decipher's card: part of the demo set.</p>`
        : c.source ? `<p class="muted">source: ${esc(c.source)}</p>` : ""}</div>`;
  }

  function pileDetail(key, view, catalog) {
    const [kind, seat] = String(key).split(":");
    const p = player(view, Number(seat));
    const TITLES = { discard: "discard pile", table: "lasting cards on the table", hand: "hand, seen by the side" };
    if (!p || !TITLES[kind]) return "";
    const cards = (kind === "discard" ? p.discard : kind === "table" ? p.table : p.hand_cards) || [];
    return `<div class="detail"><h2>${esc(whose(p, view))} ${TITLES[kind]}</h2>
      ${cards.length ? `<ol>${[...cards].reverse().map((c) => { const f = full(c, catalog);
        return `<li>${esc(f.name)} <span class="muted">${esc([f.type, f.allegiance].filter(Boolean).join(" · "))}${f.invented ? " · invented for this project" : ""}</span></li>`; }).join("")}</ol>`
        : '<p class="muted">empty</p>'}${kind === "discard" ? '<p class="muted">top card first</p>' : ""}</div>`;
  }

  function summary(view, seat) {
    const parts = [`turn ${Number(view.turn)}`];
    if (view.final) parts.push("Final Conflict");
    parts.push(PHASES[view.phase] || view.phase);
    const act = view.active || [];
    if (seat !== null && act.includes(seat)) parts.push("your move");
    else if (act.length) parts.push(`${act.map((s) => label(view, s)).join(", ")} to act`);
    return parts.join(" · ");
  }

  /** Replay turn markers: a turn starts with its Force Phase, the first Force card picked after the last
   * phase ended (a pass); a quick-draw choice follows a deployment, the first location choice opens turn 1. */
  function turnStarts(actions) {
    const out = [0];
    for (let i = 2; i < actions.length; i++) {
      const a = actions[i][1] || {}, prev = actions[i - 1][1] || {};
      if (a.kind === "choose" && typeof a.value === "number" && prev.kind !== "choose" && prev.kind !== "deploy") out.push(i);
    }
    return out;
  }

  Shell.registerGame("jk", {
    banners: { out: "Out of the game", final: "The Final Conflict" },
    title: "Jedi Knights",
    stylesheet: "/static/games/jk.css",
    render, cardsOf, cardDetail, pileDetail, summary, turnStarts,
    decision() { return null; },
    actionGroups: { choose: "choose", deploy: "deploy", play: "play a card", battle: "attack", intimidate: "intimidate",
      support: "support", tactic: "tactic bonus", fire: "fire a weapon", shuttle: "shuttle", pass: "pass" },
  });
})();
