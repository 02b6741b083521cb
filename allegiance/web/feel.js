// Feedback that feels alive, and the page's own cost (issue 24, items 8 and 10); knows no game.
//
// - A click that sends a move marks what was clicked (a card, an action button) as pending at once,
//   until the table answers (the next state is drawn, or an error).
// - Banners: the moments a game's renderer names (`banners`: event kind -> heading, SHELL.md), and the
//   game's end with the viewer's result (victory, defeat, a draw; a spectator reads who won).  A
//   banner goes by itself after a while (the game's end after longer), or at a click.
// - The cost of each state drawn is recorded with the Performance API (a "state-apply" measure whose
//   detail is the state's version): benchmarks/page_cost.py and the browser tests read it.
// Motion is for people who want it: with prefers-reduced-motion the banners and marks do not move.
"use strict";

const Feel = (() => {
  const BANNER_MS = 2600, END_MS = 9000;
  const MAX_MEASURES = 200;

  // -- the page's cost ------------------------------------------------------------------------------
  /** Records one state drawn: from `started` (performance.now()) until now. */
  function applied(started, version) {
    clearPending();
    if (!performance.measure) return;
    if (performance.getEntriesByName("state-apply").length >= MAX_MEASURES) performance.clearMeasures("state-apply");
    try {
      performance.measure("state-apply", { start: started, end: performance.now(), detail: { version } });
    } catch { /* a browser without measure options: the cost is not recorded */ }
  }

  // -- pending: what the last click sent ----------------------------------------------------------------
  let armed = null;  // the card or button the last click was on (a card stays armed through its menu)
  document.addEventListener("click", (ev) => {
    const t = ev.target.closest ? ev.target : null;
    if (!t || t.closest("#menu")) return;  // a menu item acts for the card that opened the menu
    armed = t.closest("[data-card], #actions button, #widget button") || null;
  }, true);
  document.addEventListener("keydown", (ev) => {  // a number key plays the numbered action's button
    if (/^[0-9]$/.test(ev.key)) { const i = ev.key === "0" ? 9 : Number(ev.key) - 1; armed = document.getElementById(`act-${i}`); }
    else if (ev.key === "Enter" || ev.key === " ") armed = ev.target.closest ? ev.target.closest("[data-card]") : null;
  }, true);

  /** A move was sent: what was clicked shows it is on its way. */
  function sent() {
    clearPending();
    // (the action list is drawn again as the move leaves: its button is found again by its id)
    const el = armed && !armed.isConnected && armed.id ? document.getElementById(armed.id) : armed;
    if (el && el.isConnected) {
      el.classList.add("pending");
      el.setAttribute("aria-busy", "true");
    }
    armed = null;
  }
  function clearPending() {
    for (const el of document.querySelectorAll(".pending")) { el.classList.remove("pending"); el.removeAttribute("aria-busy"); }
  }

  // -- moves and departures on the board ----------------------------------------------------------------
  // A card that arrives where it was not (played, bought, moved, drawn) enters briefly; a card that left
  // the board (destroyed, discarded, returned) fades out where it was.  Where cards are is read at the
  // frame after each drawing (when the page is laid out anyway), never in the middle of one.
  const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
  let places = new Map();  // card id -> [element, its box, the board root's class] at the last frame
  let placing = 0;
  function beforeDraw(board, msg) {
    const known = new Map();
    for (const el of board.querySelectorAll("[data-card]")) known.set(el.dataset.card, el);
    return { known, animate: !still() && !msg.full_log && known.size > 0 };
  }
  function afterDraw(board, before) {
    if (before.animate) {
      const now = new Set();
      for (const el of board.querySelectorAll("[data-card]")) {
        const id = el.dataset.card;
        now.add(id);
        if (before.known.get(id) !== el && !el.closest(".feel-in")) {
          el.classList.remove("feel-in");
          el.classList.add("feel-in");
          el.addEventListener("animationend", () => el.classList.remove("feel-in"), { once: true });
        }
      }
      for (const [id, [el, box, rootClass]] of places) if (!now.has(id) && !el.isConnected && box.width > 0) ghost(el, box, rootClass);
    }
    // where the cards are is for the ghosts of the next drawing: a still page draws none, and measures nothing
    if (still()) places = new Map();
    else if (!placing) placing = requestAnimationFrame(() => { placing = 0; measure(board); });
  }
  function measure(board) {
    places = new Map();
    const root = board.firstElementChild;
    const rootClass = root ? root.className : "";
    for (const el of board.querySelectorAll("[data-card]")) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.bottom > 0 && box.top < innerHeight) places.set(el.dataset.card, [el, box, rootClass]);
    }
  }
  function ghost(el, box, rootClass) {
    const wrap = document.createElement("div");
    wrap.className = `feel-ghost ${rootClass}`;
    wrap.setAttribute("aria-hidden", "true");
    Object.assign(wrap.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
    const copy = el.cloneNode(true);
    for (const n of [copy, ...copy.querySelectorAll("*")]) { n.removeAttribute("data-card"); n.removeAttribute("id"); n.removeAttribute("tabindex"); }
    copy.classList.remove("act", "pending", "feel-in", "arrive", "hit");
    wrap.append(copy);
    wrap.addEventListener("animationend", () => wrap.remove(), { once: true });
    document.body.append(wrap);
  }

  // -- banners --------------------------------------------------------------------------------------
  let hideTimer = null;
  function bannerEl() {
    let el = document.getElementById("feel-banner");
    if (!el) {
      el = document.createElement("div");
      el.id = "feel-banner";
      el.className = "feel-banner";
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
      el.hidden = true;
      el.addEventListener("click", hideBanner);
      document.body.appendChild(el);
    }
    return el;
  }
  function hideBanner() {
    clearTimeout(hideTimer);
    hideTimer = null;
    const el = document.getElementById("feel-banner");
    if (el) el.hidden = true;
  }
  /** Shows `lines` ([{head, text}]) in one banner; `tone`: "win", "lose", "draw" or "" (an event). */
  function showBanner(lines, tone, ms) {
    const el = bannerEl();
    el.replaceChildren(...lines.map(({ head, text }) => {
      const div = document.createElement("div");
      div.className = "feel-line";
      const b = document.createElement("b");
      b.textContent = head;
      div.append(b);
      if (text) div.append(document.createTextNode(` ${text}`));
      return div;
    }));
    el.dataset.tone = tone;
    el.hidden = false;
    el.classList.remove("show");
    void el.offsetWidth;  // (restarts the entrance for a banner that follows another)
    el.classList.add("show");
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hideBanner, ms);
  }

  /** The viewer's result once the game is over: [tone, heading]. */
  function result(outcome, seat, seats) {
    if (outcome.draw) return ["draw", "Draw"];
    const mine = (seats || []).find((s) => s.seat === seat);
    if (!mine) return ["", `${outcome.winners.map((t) => Shell.teamName(t, seats)).join(" & ")} win${outcome.winners.length === 1 ? "s" : ""}`];
    return outcome.winners.includes(mine.team) ? ["win", "Victory"] : ["lose", "Defeat"];
  }

  /** A state drawn: banners for the moments it brings.  `prev`: the state drawn before (null at first);
   *  `events`: its new log lines (none on a reconnection's whole log: nothing new to celebrate). */
  function moments(msg, prev, renderer) {
    const kinds = (renderer && renderer.banners) || {};
    const lines = msg.full_log ? [] : (msg.events || []).filter((e) => kinds[e.kind]).map((e) => ({ head: kinds[e.kind], text: e.text }));
    if (msg.outcome && prev && !prev.outcome) {
      const [tone, head] = result(msg.outcome, msg.seat, msg.seats);
      showBanner([{ head, text: msg.outcome.reason }, ...lines], tone, END_MS);
      return;
    }
    if (lines.length && !(prev && prev.outcome)) showBanner(lines.slice(-3), "", BANNER_MS);
  }

  return { applied, sent, clearPending, moments, hideBanner, beforeDraw, afterDraw };
})();
