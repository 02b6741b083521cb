// The shell: everything the table, lobby and replay pages share that knows no game.  A game brings
// one renderer module (web/games/<game>.js) that calls Shell.registerGame; the contract between the
// two is written down in SHELL.md.
"use strict";

const Shell = (() => {
  const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (ch) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[ch]));
  const $ = (id) => document.getElementById(id);

  // -- game renderers -------------------------------------------------------------------------
  const renderers = new Map();
  const loading = new Map();

  /** Registers a game's renderer (see SHELL.md for what it provides). */
  function registerGame(name, renderer) { renderers.set(name, renderer); }

  /** The renderer of `game`, loading /static/games/<game>.js once (and the stylesheet it names); a
   * plain fallback if none. */
  function renderer(game) {
    if (renderers.has(game)) return Promise.resolve(renderers.get(game));
    if (!/^[a-z0-9_]+$/.test(game)) return Promise.resolve(FALLBACK);
    if (!loading.has(game)) {
      loading.set(game, new Promise((resolve) => {
        const s = document.createElement("script");
        s.src = `/static/games/${game}.js`;
        s.onload = () => {
          const r = renderers.get(game) || FALLBACK;
          if (!r.stylesheet) { resolve(r); return; }
          // the board's own styles: drawn only once they are here, so nothing shows unstyled
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = r.stylesheet;
          link.onload = link.onerror = () => resolve(r);
          document.head.appendChild(link);
        };
        s.onerror = () => resolve(FALLBACK);
        document.head.appendChild(s);
      }));
    }
    return loading.get(game);
  }

  // A game without a renderer still shows its prompt, actions and log; the board is a short note.
  const FALLBACK = {
    title: "",
    render(root) { root.innerHTML = '<p class="muted">This game has no board drawing yet: use the actions.</p>'; },
    cardsOf() { return []; },
    cardDetail() { return ""; },
    decision() { return null; },
    summary() { return ""; },
  };

  // -- card catalogues (fixed card data by name, fetched once per game) ---------------------------
  const catalogs = new Map();
  function loadCatalog(game) {
    if (!catalogs.has(game)) {
      catalogs.set(game, fetch(`/api/games/${encodeURIComponent(game)}/cards`)
        .then((r) => (r.ok ? r.json() : {})).catch(() => ({})));
    }
    return catalogs.get(game);
  }

  /** card id -> indexes of the legal actions it carries (the renderer says which cards an action names). */
  function actionsByCard(legal, view, r) {
    const map = new Map();
    (legal || []).forEach((item, i) => {
      // the cards the game's renderer reads in the action, and the source the game names for a two-click
      // pick (Game.action_parts: the Héros whose attack picks its target), so a click on it starts the pick
      const ids = [...(r.cardsOf(item.action, view) || [])];
      if (typeof item.source === "number" && !ids.includes(item.source)) ids.push(item.source);
      for (const id of ids) {
        if (!map.has(id)) map.set(id, []);
        map.get(id).push(i);
      }
    });
    return map;
  }

  /** An action's words for a button: the server's text without its "Seat: " prefix. */
  const actionText = (item) => item.text.replace(/^[^:]*: /, "");

  /** A winning team in words: the label of its only seat ("Player 1"), else its name ("Rebel"). */
  function teamName(team, seats) {
    const mine = (seats || []).filter((s) => s.team === team);
    if (mine.length === 1) return mine[0].label;
    return String(team).charAt(0).toUpperCase() + String(team).slice(1);
  }

  /** "Rebel wins — ..." / "Player 1 wins — ..." / "Draw — ..." for an outcome (`seats`: the table's). */
  function outcomeText(o, seats) {
    const names = o.winners.map((t) => teamName(t, seats));
    const who = o.draw ? "Draw" : `${names.join(" & ")} win${names.length === 1 ? "s" : ""}`;
    return `${who} — ${o.reason}`;
  }

  // -- the overlay (a whole card, a pile, a help text): one at a time, Esc or a click outside closes it --
  let overlayReturn = null;
  function showOverlay(html, label = "details") {
    let el = $("overlay");
    if (!el) {
      el = document.createElement("div");
      el.id = "overlay";
      el.className = "overlay";
      el.setAttribute("role", "dialog");
      el.setAttribute("aria-modal", "true");
      document.body.appendChild(el);
      el.addEventListener("click", (ev) => { if (ev.target === el || ev.target.closest("[data-close]")) hideOverlay(); });
    }
    overlayReturn = document.activeElement;
    el.setAttribute("aria-label", label);
    el.innerHTML = `<div class="overlay-body">${html}<button class="close" data-close aria-label="close">✕ close</button></div>`;
    el.hidden = false;
    el.querySelector("[data-close]").focus();
  }
  function hideOverlay() {
    const el = $("overlay");
    if (el && !el.hidden) {
      el.hidden = true;
      if (overlayReturn && overlayReturn.focus) overlayReturn.focus();
      return true;
    }
    return false;
  }
  const overlayOpen = () => { const el = $("overlay"); return !!el && !el.hidden; };

  /**
   * Card interactions on a rendered board: a zoom button, a right-click or a long press on any
   * [data-card] element shows the renderer's whole-card detail; [data-pile] elements open the
   * renderer's pile detail.  `getCtx()` returns {renderer, view, catalog}.
   */
  function bindCardDetails(root, getCtx) {
    const open = (el) => {
      const { renderer: r, view, catalog } = getCtx();
      if (!view) return;
      if (el.dataset.pile !== undefined) {
        showOverlay(r.pileDetail ? r.pileDetail(el.dataset.pile, view, catalog) : "", "pile");
      } else {
        showOverlay(r.cardDetail(Number(el.dataset.card), view, catalog), "card");
      }
    };
    root.addEventListener("click", (ev) => {
      const z = ev.target.closest("[data-zoom], [data-pile]");
      if (!z) return;
      ev.stopPropagation();
      open(z.dataset.pile !== undefined ? z : z.closest("[data-card]"));
    }, true);
    root.addEventListener("contextmenu", (ev) => {
      const c = ev.target.closest("[data-card]");
      if (!c) return;
      ev.preventDefault();
      open(c);
    });
    // hovering a card a moment (mouse only) shows the same detail beside it, without a click
    const preview = () => {
      let el = $("preview");
      if (!el) {
        el = document.createElement("div");
        el.id = "preview";
        el.className = "preview";
        el.setAttribute("aria-hidden", "true");
        document.body.appendChild(el);
      }
      return el;
    };
    // After a click the board is redrawn under a still mouse and the browser reports the card now under
    // it as hovered: no preview until the mouse itself moves (it covered the hand after each card played).
    const arm = (ev) => {
      if (ev.pointerType !== "mouse" || clickedAt) return;
      const c = ev.target.closest("[data-card]");
      if (!c) return;
      clearTimeout(hoverTimer);
      hoverTimer = setTimeout(() => {
        const { renderer: r, view, catalog } = getCtx();
        if (!view || !c.isConnected || overlayOpen()) return;
        const el = preview();
        el.innerHTML = r.cardDetail(Number(c.dataset.card), view, catalog);
        el.hidden = false;
        const box = c.getBoundingClientRect();
        const w = el.offsetWidth, h = el.offsetHeight;
        const left = box.right + 8 + w < innerWidth ? box.right + 8 : Math.max(4, box.left - w - 8);
        el.style.left = `${left}px`;
        el.style.top = `${Math.max(4, Math.min(innerHeight - h - 4, box.top))}px`;
      }, 700);
    };
    root.addEventListener("pointerover", arm);
    root.addEventListener("pointermove", (ev) => {
      if (!clickedAt || Math.hypot(ev.clientX - clickedAt.x, ev.clientY - clickedAt.y) < 4) return;
      clickedAt = null;
      arm(ev);
    });
    root.addEventListener("pointerout", (ev) => { if (ev.target.closest("[data-card]")) hidePreview(); });
    root.addEventListener("pointerdown", hidePreview);
    let timer = null;
    root.addEventListener("touchstart", (ev) => {
      const c = ev.target.closest("[data-card]");
      if (!c) return;
      timer = setTimeout(() => { timer = null; open(c); }, 500);
    }, { passive: true });
    const cancel = () => { if (timer) clearTimeout(timer); timer = null; };
    root.addEventListener("touchend", cancel);
    root.addEventListener("touchmove", cancel, { passive: true });
  }

  /** Gives each name (under ``root``, matching ``selector``) whose letters its box cuts smaller letters
   *  (``min`` px), then, if still cut, lines broken inside its words: a name is never shown cut ("Dar Vad").
   *  Fits are kept by name and box size (drawcache.js): only new cases are measured. */
  const fitNames = (root, selector, min = 8) => Draw.fitNames(root, selector, min);
  /** Draws ``html`` into ``root`` changing only what differs (drawcache.js): a renderer's board. */
  const draw = (root, html) => Draw.morph(root, html);
  /** Marks classes (and with ``style``, the inline style) that the renderer's own code sets on a drawn
   *  element as its own: ``Shell.draw`` keeps them as they are (drawcache.js). */
  const own = (el, classes, style) => Draw.own(el, classes, style);
  /** In a description for ``Shell.draw``: ``el`` (a keyed element drawn before from the same description)
   *  left as it is, unparsed (drawcache.js). */
  const keep = (el) => Draw.keep(el);

  let hoverTimer = null;
  let clickedAt = null;  // where the last click was (on the board or not), until the mouse moves away from it
  document.addEventListener("pointerdown", (ev) => { clickedAt = { x: ev.clientX, y: ev.clientY }; }, true);
  /** Hides the hover preview (the board calls it when it redraws: the card under it may be gone). */
  function hidePreview() { clearTimeout(hoverTimer); const el = $("preview"); if (el) el.hidden = true; }

  // -- a small sound when a decision becomes yours (off by default; a toggle remembers the choice) --
  const soundOn = () => localStorage.getItem("allegiance.sound") === "on";
  function beep() {
    if (!soundOn()) return;
    try {
      const ctx = beep.ctx || (beep.ctx = new AudioContext());
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = 660;
      g.gain.setValueAtTime(0.0001, ctx.currentTime);
      g.gain.exponentialRampToValueAtTime(0.08, ctx.currentTime + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.3);
      o.connect(g).connect(ctx.destination);
      o.start();
      o.stop(ctx.currentTime + 0.32);
    } catch { /* no audio here: the cue is the title and the panel */ }
  }
  function bindSoundToggle(button) {
    const show = () => {
      button.textContent = soundOn() ? "sound on" : "sound off";
      button.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    };
    button.onclick = () => { localStorage.setItem("allegiance.sound", soundOn() ? "off" : "on"); show(); };
    show();
  }

  return { esc, registerGame, renderer, loadCatalog, actionsByCard, actionText, outcomeText, teamName,
    showOverlay, hideOverlay, overlayOpen, bindCardDetails, hidePreview, beep, bindSoundToggle, fitNames, draw, own, keep };
})();
