// The table page (shell part: knows no game).  One WebSocket to the server, re-opened by itself after
// any drop or when it has gone silent (see "Liveness"); the page's identity is the seat token in the
// URL fragment (#token=...), without one the page is a spectator's.  The game's renderer draws the
// board; this page owns the decision panel (prompt, the renderer's decision widget, one button per
// legal action with a number key), the log, the card menu and overlay, the connection state, and the
// cues when a decision becomes yours.
"use strict";

(() => {
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  const $ = (id) => document.getElementById(id);
  const esc = Shell.esc;
  let ws = null, last = null, ref = 0, retry = 0, gone = false, online = false, busy = false;
  let r = null, catalog = {}, wasMine = false, seats = [];
  // the two-click pick under way: {source, idx} (the source card clicked, the legal actions it does to the
  // cards now highlighted as its targets), or null; see "Two-click picks" below
  let pick = null;

  function setConn(state, text) {
    const el = $("conn");
    el.dataset.conn = state;
    el.textContent = text;
    el.className = "pill " + (state === "open" ? "ok" : state === "closed" ? "bad" : "warn");
    online = state === "open";
    document.body.dataset.online = online ? "1" : "0";
    $("offline").hidden = online || gone || !last;
    if (last) renderActions(last);
  }

  function toast(text) {
    const el = $("toast");
    el.textContent = text;
    el.style.display = "block";
    clearTimeout(toast.t);
    toast.t = setTimeout(() => { el.style.display = "none"; }, 6000);
  }

  // WebSocket close codes after which the page does not reconnect: [pill, sentence if no reason came]
  const FINAL = {
    4403: ["bad link", "This link does not open a seat at this table."],
    4404: ["no such table", "There is no table at this address."],
    4410: ["table closed", "This table was closed: nothing more is played here."],
    4500: ["table broken", "This table's stored game cannot be rebuilt, so it cannot be opened."],
  };

  // Liveness.  A connection can die without a close reaching the page (the network went away, a Wi-Fi or
  // mobile hand-over, a proxy or NAT that forgot it, a server that gave up on it): the browser then
  // reports nothing for minutes, and a page that only waits for its turn waited forever on a board
  // that no longer moved.  So the page pings the server whenever it has heard nothing for PING_MS, and
  // a socket silent for SILENT_MS, or not open after OPEN_MS, is abandoned for a new one.  Only time the
  // page itself ran counts: after a stall of its own main thread (a busy machine, a paused or hidden
  // tab) the clocks restart, so a socket whose messages are merely waiting to be read is kept.
  const PING_MS = 4000, SILENT_MS = 10000, OPEN_MS = 8000, TICK_MS = 1000;
  let heard = 0, pinged = 0, opened = 0, ticked = performance.now(), reconnecting = null;
  // A page without a seat says it comes to watch, so that a table full of spectators refuses it at the
  // handshake.  The server refuses some handshakes before accepting them (too many connections or
  // attempts from this address, a table full of spectators); the browser then only reports a close,
  // so the page asks the server why (see explainFailedOpen) and shows it.
  const watching = token ? "" : "?spectate=1";
  const OFFLINE = $("offline").textContent;
  // the pill after a refusal, by the server's code
  const REFUSED = { rate_limited: "too many attempts", too_many_sockets: "too many connections",
                    spectators_full: "spectators full" };

  function connect() {
    clearTimeout(reconnecting);
    reconnecting = null;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const sock = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${watching}`);
    let wasOpen = false;
    ws = sock;
    opened = heard = performance.now();
    setConn("connecting", retry ? "reconnecting…" : "connecting…");
    // every handler first checks that its socket is still the page's: an abandoned one says nothing more
    sock.onopen = () => {
      if (sock !== ws) return;
      wasOpen = true;
      retry = 0;
      heard = performance.now();
      $("offline").textContent = OFFLINE;
      // paced ("seen"): the server sends the next state once this page has said it read the last one
      sock.send(JSON.stringify(token ? { type: "join", token, seen: true } : { type: "join", seen: true }));
      setConn("open", "live");
    };
    sock.onmessage = (ev) => {
      if (sock !== ws) return;
      heard = performance.now();
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "state") sock.send('{"type":"seen"}');
      receive(msg);
    };
    sock.onclose = (ev) => {
      if (sock !== ws) return;
      const final = FINAL[ev.code];
      if (final) {  // reconnecting would meet the same answer: say it and stop
        gone = true;
        setConn("closed", final[0]);
        if (ev.code === 4403 || ev.code === 4404) $("who").textContent = "not seated";
        $("prompt").textContent = ev.reason || final[1];
        $("prompt").className = "prompt";
        if (last) renderActions(last);
        return;
      }
      reconnect();
      if (!wasOpen) explainFailedOpen();
    };
  }

  /** The socket closed before it opened (the reconnection is already on its way): perhaps the server
   *  refused its handshake.  Asks the server what it would answer now; a refusal is shown, and the
   *  next attempt, if not started yet, waits as long as the server says.  No answer (the server or
   *  the network is away) changes nothing. */
  function explainFailedOpen() {
    fetch(`/api/tables/${encodeURIComponent(tableId)}/socket${watching}`, { cache: "no-store" })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((why) => {
        if (gone || !why || why.ok) return;
        const wait = Math.max(3, why.retry_after || 10);
        setConn("refused", REFUSED[why.code] || "refused");
        const detail = String(why.detail || "the server refused the connection");
        $("offline").textContent = `${detail[0].toUpperCase()}${detail.slice(1)}. Trying again in ${wait} s.`;
        $("offline").hidden = false;
        if (!last) $("prompt").textContent = $("offline").textContent;
        if (reconnecting !== null) {  // not started yet: wait as long as the server said
          clearTimeout(reconnecting);
          retry = 0;
          reconnecting = setTimeout(connect, wait * 1000);
        }
      });
  }

  /** Opens a new socket after a short back-off (250 ms more per failure in a row, at most 2 s). */
  function reconnect() {
    if (gone || reconnecting !== null) return;
    retry = Math.min(retry + 1, 8);
    busy = false;
    setConn("reconnecting", "reconnecting…");
    reconnecting = setTimeout(connect, 250 * retry);
  }

  /** Gives up on the current socket without waiting for its close (which may never come). */
  function abandon() {
    const old = ws;
    ws = null;
    if (old) {
      old.onopen = old.onmessage = old.onclose = null;
      try { old.close(); } catch { /* already closed */ }
    }
    reconnect();
  }

  function checkConnection() {
    const now = performance.now();
    if (now - ticked > 3 * TICK_MS) heard = opened = now;  // the page was stalled, not the socket
    ticked = now;
    if (gone || !ws) return;
    if (ws.readyState === WebSocket.CONNECTING && now - opened > OPEN_MS) { abandon(); return; }
    if (ws.readyState !== WebSocket.OPEN) return;
    if (now - heard > SILENT_MS) { abandon(); return; }
    if (now - heard >= PING_MS && now - pinged >= PING_MS) {
      pinged = now;
      ws.send(JSON.stringify({ type: "ping" }));
    }
  }
  setInterval(checkConnection, TICK_MS);
  // the system says the network is back: a socket that is not open is replaced now, not after the back-off
  addEventListener("online", () => {
    if (!gone && (!ws || ws.readyState !== WebSocket.OPEN)) { retry = 0; abandon(); }
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) checkConnection(); });

  function send(action) {
    if (!online || !ws || ws.readyState !== WebSocket.OPEN || !last) {
      toast("Not connected: that click was not sent. Actions come back once the table is reachable.");
      return;
    }
    ref += 1;
    // the version lets the server tell a click made on an older board; players never see it
    ws.send(JSON.stringify({ type: "action", action, version: last.version, ref }));
    busy = true;
    hideMenu();
    clearPick();
    renderActions(last);
    Feel.sent();  // what was clicked shows at once that it is on its way
  }

  /** Sends one message that is not a move (the team chat's); false when not connected. */
  function sendRaw(message) {
    if (!online || !ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  }
  const chat = TeamChat.create(sendRaw);

  // States are drawn in arrival order, each once the game's renderer and catalogue are here, but a page
  // never draws a board that is already out of date: states that arrive while one is being drawn (or
  // while the page is busy) wait as one, the newest, carrying the log lines of every state it replaced.
  // Drawing each in turn let a busy page fall seconds behind the table, its main thread stalled by a
  // backlog of boards nobody would see.
  let queue = Promise.resolve();
  let waiting = null;  // the newest state not drawn yet
  let arrived = 0, drawn = 0;  // arrival numbers: of the last message, of the state last drawn
  // a new task, after the messages already received: a posted message, which a hidden tab does not
  // throttle as it does timers (the "your move" title and sound must not wait for a minute)
  const channel = new MessageChannel(), resumes = [];
  channel.port1.onmessage = () => { const resume = resumes.shift(); if (resume) resume(); };
  const nextTask = () => new Promise((resolve) => { resumes.push(resolve); channel.port2.postMessage(0); });

  /** `newer` replacing the undrawn `older`: the newest board, and the log lines of both. */
  function merged(older, newer) {
    if (!older || newer.full_log) return newer;  // a full log (a reconnection) replaces the page's log anyway
    return { ...newer, events: [...(older.events || []), ...(newer.events || [])], full_log: older.full_log };
  }

  function receive(msg) {
    const n = ++arrived;
    if (msg.type === "state") {
      waiting = merged(waiting, msg);
      waiting.arrived = n;
      // the draw waits for the next task: the messages that have already arrived are read first
      queue = queue.then(nextTask).then(() => {
        const next = waiting;
        waiting = null;
        if (!next) return null;  // an earlier step drew it
        return Promise.all([Shell.renderer(next.game), Shell.loadCatalog(next.game)])
          .then(([rr, cat]) => { r = rr; catalog = cat; drawn = next.arrived; showState(next); });
      }).catch((err) => { console.warn("could not draw the table", err); });
      return;
    }
    if (msg.type === "presence") {
      queue = queue.then(() => {
        if (!Array.isArray(msg.seats) || n < drawn) return;  // a newer state, drawn already, has newer seats
        seats = msg.seats;
        renderSeats(msg.spectators);
        if (last) chat.update(last.seat, seats);
      });
      return;
    }
    if (msg.type === "chat" || msg.type === "chat_history") {  // after the state before it, like everything
      queue = queue.then(() => (msg.type === "chat" ? chat.receive(msg) : chat.history(msg)));
      return;
    }
    if (msg.type === "error") {
      if (chat.refused(msg)) return;  // a refused chat message is not a refused move
      busy = false;
      Feel.clearPending();
      // versions stay internal: a move made on a board that has since changed is said in words
      toast(msg.code === "stale" || /version \d/.test(String(msg.message))
        ? "The table changed before your move arrived: look again and choose." : String(msg.message));
      if (last) renderActions(last);
    }
  }

  const seatLabel = (seat) => { const s = seats.find((x) => x.seat === seat); return s ? s.label : "a seat"; };

  function renderSeats(spectators) {
    const act = last ? last.active : [];
    $("seats").innerHTML = seats.map((s) => {
      const on = s.kind !== "human" || s.connected;
      const what = s.kind === "human" ? (s.connected ? "connected" : s.claimed ? "away" : "seat free") : `${s.kind} bot`;
      return `<span class="seat ${on ? "on" : "off"} ${act.includes(s.seat) ? "turn" : ""} ${s.kind !== "human" ? "bot" : ""} team-${esc(s.team)}" data-seat="${s.seat}"
        title="${esc(s.label)}: ${esc(what)}">${esc(s.label)}${s.kind !== "human" ? `<span class="kind"> (bot)</span>` : ""}</span>`;
    }).join("") + (spectators ? `<span class="seat muted" title="people watching">${Number(spectators)} watching</span>` : "");
    fitSeats();
  }

  // a bar too narrow for every chip (16 seats, a phone) makes them compact (style.css .crowded)
  function fitSeats() {
    const box = $("seats");
    box.classList.remove("crowded");
    if (box.scrollWidth > box.clientWidth + 1) box.classList.add("crowded");
  }
  addEventListener("resize", fitSeats);

  function ctx(msg) {
    return { seat: msg.seat, active: msg.active, legal: msg.legal, catalog, send, online: online && !busy && !gone,
      byCard: Shell.actionsByCard(msg.legal, msg.view, r), mode: "table", outcome: msg.outcome };
  }

  // -- response windows (a Wakfu Réaction prompt: see allegiance/server/windows.py) -------------------
  // The server holds each window open for the same time whatever the seat holds, and passes for the
  // seat at its end.  So the page asks its person nothing when "pass" is all there is (unless they
  // chose "always stop"), shows a countdown when they can answer (unless they chose "never stop"),
  // and an early "pass" is held by the server until the end.  The choice is kept in this browser.
  const STOPS_KEY = "allegiance.reactionStops";
  const stopPref = () => { try { return localStorage.getItem(STOPS_KEY) || "auto"; } catch { return "auto"; } };
  $("stops").value = stopPref();
  $("stops").onchange = () => {
    try { localStorage.setItem(STOPS_KEY, $("stops").value); } catch { /* private mode: this page only */ }
    if (shownFrom) showState({ ...shownFrom, events: [], full_log: false });  // the log has its lines already
  };
  let shownFrom = null;  // the last state as it came (showState may hide a window's actions)
  const windowOf = (msg) => (msg.windows || []).find((w) => w.seat === msg.seat) || null;
  /** Whether the page asks its person about its open window `win`. */
  function asks(msg, win) {
    if (win.held) return false;  // passed already: the table waits for the window's end
    const pref = stopPref();
    return pref === "always" || (pref === "auto" && msg.legal.length > 1);
  }
  const countdown = (w) => `<span class="countdown" data-ends="${performance.now() + 1000 * Number(w.remaining)}">${Math.ceil(Number(w.remaining))} s</span>`;
  // The ticker runs only while a countdown is shown, so an idle page schedules nothing.
  let ticker = null;
  function tickCountdowns() {
    const shown = document.querySelectorAll(".countdown[data-ends]");
    if (!shown.length) { clearInterval(ticker); ticker = null; return; }
    for (const el of shown) {
      const left = Math.max(0, Math.ceil((Number(el.dataset.ends) - performance.now()) / 1000));
      const text = `${left} s`;
      if (el.textContent !== text) el.textContent = text;
    }
  }
  function startCountdowns() {
    if (!ticker && document.querySelector(".countdown[data-ends]")) ticker = setInterval(tickCountdowns, 250);
  }

  function showState(msg) {
    const started = performance.now();  // the page's own cost of a state (Performance API: "state-apply")
    const first = !last, prev = last;
    shownFrom = msg;
    const win = windowOf(msg);
    const ask = !win || asks(msg, win);
    if (!ask) msg = { ...msg, legal: [] };  // nothing to click: the table passes at the window's end
    last = msg;
    pick = null;  // a new board: a pick begun on the old one is over
    busy = false;
    seats = msg.seats;
    if (win && msg.seat !== null) $("stops-box").hidden = false;
    const title = r.title || msg.game;
    $("title").textContent = $("title").title = `${title} · ${msg.mode}`;
    $("practice").hidden = !(msg.practice || (msg.view && msg.view.practice));
    $("who").textContent = msg.seat === null ? "spectator" : `you are ${seatLabel(msg.seat)}`;
    $("turn").textContent = msg.outcome ? "game over" : r.summary(msg.view, msg.seat);
    renderSeats(msg.spectators);
    chat.update(msg.seat, msg.seats);
    const mine = msg.seat !== null && msg.active.includes(msg.seat) && !msg.outcome && ask;
    const prompt = $("prompt");
    prompt.className = "prompt" + (mine ? " mine" : "");
    prompt.dataset.mine = mine ? "1" : "0";
    if (msg.status === "abandoned") {
      prompt.textContent = "This table was closed: nothing more is played here.";
    } else if (msg.outcome) {
      prompt.textContent = "The game is over.";
    } else {
      const mineFirst = [...msg.prompts].sort((a, b) => b.seats.includes(msg.seat) - a.seats.includes(msg.seat));
      // seats asked the same question at once (a Wakfu Réaction round) make one line, not one line each
      const grouped = [];
      for (const p of mineFirst) {
        const same = !p.seats.includes(msg.seat) && grouped.find((g) => g.prompt === p.prompt && !g.seats.includes(msg.seat));
        if (same) { same.seats = [...same.seats, ...p.seats]; same.each = true; } else grouped.push({ ...p, seats: [...p.seats] });
      }
      const windows = msg.windows || [];
      const texts = grouped.map((p) => {
        const w = windows.find((x) => p.seats.includes(x.seat));
        if (w && w.seat === msg.seat && w.answer) {  // held to the window's end with the others' answers
          return `<span class="window-pass">You answered “${esc(w.answer.replace(/^[^:]*: /, ""))}”: it counts if nobody before you in the rules' order plays a Réaction · ${countdown(w)}</span>`;
        }
        if (w && w.seat === msg.seat && !ask) {
          const why = w.held ? "You passed" : stopPref() === "never" ? "Réaction windows never stop for you" : "Nothing to answer";
          return `<span class="window-pass">${esc(why)}: the table passes for you in ${countdown(w)}</span>`;
        }
        const who = p.seats.includes(msg.seat) ? "You" : p.seats.map(seatLabel).join(p.each ? ", " : " or ");
        return `${esc(`${who}: ${p.prompt}`)}${w ? ` · ${countdown(w)}` : ""}`;
      });
      prompt.innerHTML = `<b>${mine ? "Your move" : msg.seat === null ? "Watching" : "Waiting"}</b> — ${texts.join("<br>")}`;
    }
    document.title = (mine ? "● Your move · " : "") + `allegiance · ${title}`;
    if (mine && !wasMine && !first) Shell.beep();
    wasMine = mine;
    renderOutcome(msg);
    renderProgress(msg);
    renderBoard(msg);
    showPick();
    renderActions(msg);
    appendLog(msg);
    document.body.dataset.version = msg.version;
    document.body.dataset.finished = msg.outcome ? "1" : "0";
    document.body.dataset.mine = mine ? "1" : "0";
    document.body.dataset.active = msg.outcome ? "" : msg.active.join(",");  // public: the seat list shows it
    Feel.applied(started, msg.version);
    Feel.moments(msg, prev, r);  // banners: the renderer's moments, the game's end
    startCountdowns();
  }

  function renderBoard(msg) {
    Shell.hidePreview();
    const before = Feel.beforeDraw($("board"), msg);  // (cards that arrive or leave are animated briefly)
    r.render($("board"), msg.view, ctx(msg));
    Feel.afterDraw($("board"), before);
  }

  // a renderer whose drawing no longer suits the board's size (a phone turned: other seats get full
  // boxes) asks for the current state to be drawn again, with the page's own marks on it
  $("board").addEventListener("board-stale", () => { if (last) { renderBoard(last); showPick(); } });

  function renderOutcome(msg) {
    const el = $("outcome");
    if (!msg.outcome) { el.innerHTML = ""; return; }
    el.innerHTML = `<div class="banner" id="game-over">${esc(Shell.outcomeText(msg.outcome, msg.seats))}.
      <div><a class="button" href="/api/tables/${encodeURIComponent(msg.table)}/replay" download>Download the replay</a>
      <a class="button" href="/replay?table=${encodeURIComponent(msg.table)}">Watch it step by step</a></div></div>`;
  }

  // how close each side is to winning, in the game's words (public: the same lines for every seat)
  function renderProgress(msg) {
    const lines = Array.isArray(msg.progress) ? msg.progress : [];
    const el = $("progress");
    const html = lines.map((line) => `<div class="progress-line">${esc(line)}</div>`).join("");
    if (el.innerHTML !== html) el.innerHTML = html;
    el.hidden = !lines.length;
  }

  // -- the rules panel: the game's legend and this table's options, fetched once when first opened -----
  let rules = null;
  const optionValue = (v) => (v === null || v === undefined ? "set by the rules for this mode" : String(v));
  function rulesHtml(data) {
    const list = (items, tag) => (items.length ? `<${tag}>${items.map((x) => `<li>${esc(x)}</li>`).join("")}</${tag}>` : "");
    const icons = data.icons.map((i) => `<dt>${esc(i.symbol)}</dt><dd>${esc(i.meaning)}</dd>`).join("");
    const options = data.options.map((o) => {
      const mark = !o.rule ? '<span class="src engine">engine setting</span>'
        : o.sourced ? `<span class="src sourced" title="where this rule is stated">${esc(o.source)}</span>`
          : `<span class="src unsourced" title="no available source states this rule: the default is this project's proposal, not the publisher's rule">UNSOURCED</span>${o.source.length > 9 ? ` <span class="muted">${esc(o.source.slice(9).replace(/^[\s:;,—-]+/, ""))}</span>` : ""}`;
      // (an option whose default depends on the mode shows the value the rules give it, not "changed")
      const changed = o.default !== null && o.value !== null && o.value !== undefined && o.value !== o.default;
      return `<li class="rule-option${o.rule && !o.sourced ? " is-unsourced" : ""}" data-option="${esc(o.name)}">
        <b>${esc(o.name.replaceAll("_", " "))}</b>: <span class="val${changed ? " changed" : ""}">${esc(optionValue(o.value))}</span>
        <span class="muted">${changed ? `(default ${esc(optionValue(o.default))})` : o.default === null ? "(the rules' value for this mode)" : "(the default)"}</span> ${mark}<div class="muted help">${esc(o.help)}</div></li>`;
    }).join("");
    const now = last && Array.isArray(last.progress) && last.progress.length ? `<h3>Toward victory now</h3>${list(last.progress, "ul")}` : "";
    return `<div class="rules-panel" id="rules-panel"><h2>${esc(data.title)}: rules and legend</h2>
      ${data.about ? `<p>${esc(data.about)}</p>` : ""}
      ${icons ? `<h3>On the cards</h3><dl class="legend">${icons}</dl>` : ""}
      ${data.win.length ? `<h3>How to win</h3>${list(data.win, "ul")}` : ""}${now}
      ${data.phases.length ? `<h3>A turn</h3>${list(data.phases, "ol")}` : ""}
      ${options ? `<h3>This table's options</h3><p class="muted">UNSOURCED: no available source states this rule; its
        default is this project's proposal, not the publisher's rule.</p><ul class="rule-options">${options}</ul>` : ""}</div>`;
  }
  async function showRules() {
    if (!rules) {
      try {
        const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rules`);
        if (!res.ok) throw new Error(String(res.status));
        rules = await res.json();
      } catch {
        toast("The rules could not be fetched: try again once the table is reachable.");
        return;
      }
    }
    Shell.showOverlay(rulesHtml(rules), "rules and legend");
    $("overlay").querySelector(".overlay-body").scrollTop = 0;  // read from the top (the focused close button is last)
  }

  // the action list's headings: the renderer's (actionGroups, by action kind), else the kind in words.
  // The number keys follow the buttons as shown: 1 … 9, then 0.
  const keyOf = (n) => (n < 9 ? String(n + 1) : n === 9 ? "0" : "");
  const kindWords = (kind) => ((r && r.actionGroups) || {})[kind] || String(kind).replaceAll("_", " ");

  function actionButton(msg, c, i, n) {
    const item = msg.legal[i], key = keyOf(n);
    return `<button id="act-${i}" data-index="${i}" data-kind="${esc(item.action.kind)}" ${key ? `data-key="${key}"` : ""} ${c.online ? "" : "disabled"}
        class="${item.action.kind === "end_turn" ? "end" : ""}"
        ${item.action.target !== undefined ? `data-target="${esc(item.action.target)}"` : ""}
        ${item.action.amount !== undefined ? `data-amount="${Number(item.action.amount)}"` : ""}>${key ? `<kbd>${key}</kbd> ` : ""}${esc(Shell.actionText(item))}</button>`;
  }

  function renderActions(msg) {
    const el = $("actions");
    const w = $("widget");
    const c = ctx(msg);
    const widget = !msg.outcome && r && r.decision ? r.decision(msg.view, msg.legal, c) : null;
    w.innerHTML = widget ? widget.html : "";
    if (widget && widget.bind) widget.bind(w, c);
    document.body.classList.toggle("busy", busy || !online || gone);
    if (pick) showPick();  // the widget's cards were drawn again
    if (!msg.legal.length) {
      el.innerHTML = `<span class="muted">${msg.outcome ? "The game is over." : msg.seat === null ? "Spectators watch." : "Nothing to do now."}</span>`;
      return;
    }
    let html = "", group = null, n = 0;
    if (pick) {  // only the picked card's actions, each a target, and the way back
      const name = msg.legal[pick.idx[0]].source_name || "this card";
      html = `<div class="group pick-head">${esc(name)}: click a highlighted target</div>`;
      pick.idx.forEach((i) => { html += actionButton(msg, c, i, n); n += 1; });
      html += `<button id="pick-cancel" class="pick-cancel"><kbd>Esc</kbd> cancel</button>`;
    } else {
      // the actions a card does to one of several targets are one entry per card (the source): it
      // starts the pick on the board, where the targets are highlighted
      const picks = picksOf(msg.legal), listed = new Set();
      msg.legal.forEach((item, i) => {
        const g = kindWords(item.action.kind);
        const grouped = picks.get(item.source);
        if (grouped && listed.has(item.source)) return;
        if (g !== group) { html += `<div class="group">${esc(g)}</div>`; group = g; }
        if (grouped) {
          listed.add(item.source);
          const key = keyOf(n);
          html += `<button id="pick-${Number(item.source)}" data-pick="${Number(item.source)}" data-kind="${esc(item.action.kind)}"
            data-indexes="${grouped.join(",")}" ${key ? `data-key="${key}"` : ""} ${c.online ? "" : "disabled"}
            title="${esc(grouped.map((j) => Shell.actionText(msg.legal[j])).join(" · "))}">${key ? `<kbd>${key}</kbd> ` : ""}${esc(item.source_name || "a card")}: ${esc(g)}, ${grouped.length} targets…</button>`;
        } else {
          html += actionButton(msg, c, i, n);
        }
        n += 1;
      });
    }
    el.innerHTML = html;
    el.querySelectorAll("button[data-index]").forEach((b) => {
      b.onclick = () => send(msg.legal[Number(b.dataset.index)].action);
    });
    // (the list is drawn again at once: the click must not reach the page's "a click elsewhere" below)
    el.querySelectorAll("button[data-pick]").forEach((b) => {
      b.onclick = (ev) => { ev.stopPropagation(); startPick(Number(b.dataset.pick)); };
    });
    const back = $("pick-cancel");
    if (back) back.onclick = (ev) => { ev.stopPropagation(); endPick(); };
  }

  // -- Two-click picks: an action one card does to another (attack with a unit, block an attacker, a card
  // with several targets) is two clicks on the board, as at a card table: the source, then one of the
  // targets the game names (`source` / `targets` of each legal action, from Game.action_parts), which are
  // highlighted meanwhile.  Esc, the cancel button or a click elsewhere goes back; nothing is sent before
  // the target is clicked.  A source with a single such action keeps acting in one click.
  function picksOf(legal) {
    const by = new Map();
    (legal || []).forEach((item, i) => {
      if (typeof item.source !== "number" || !Array.isArray(item.targets) || !item.targets.length) return;
      if (!by.has(item.source)) by.set(item.source, []);
      by.get(item.source).push(i);
    });
    for (const [source, idx] of by) if (idx.length < 2) by.delete(source);
    return by;
  }
  const pickables = () => document.querySelectorAll("#board [data-card], #widget [data-card]");

  /** Marks the picked source and its targets on the board (again after any redraw). */
  function showPick() {
    for (const el of document.querySelectorAll(".pick-source, .pick-target")) {
      el.classList.remove("pick-source", "pick-target");
      delete el.dataset.pickActions;
    }
    document.body.classList.toggle("picking", !!pick);
    if (!pick || !last) return;
    const byTarget = new Map();
    for (const i of pick.idx) {
      for (const t of last.legal[i].targets) {
        if (!byTarget.has(t)) byTarget.set(t, []);
        byTarget.get(t).push(i);
      }
    }
    for (const el of pickables()) {
      const id = Number(el.dataset.card);
      if (id === pick.source) el.classList.add("pick-source");
      if (byTarget.has(id)) { el.classList.add("pick-target"); el.dataset.pickActions = byTarget.get(id).join(","); }
    }
  }

  function startPick(source) {
    const idx = last ? picksOf(last.legal).get(source) : null;
    if (!idx) return;
    hideMenu();
    pick = { source, idx };
    showPick();
    renderActions(last);
    const first = document.querySelector("#board .pick-target, #widget .pick-target");
    if (first) first.focus({ preventScroll: true });
  }
  function clearPick() { if (pick) { pick = null; showPick(); } }
  function endPick() {
    if (!pick) return;
    const source = pick.source;
    clearPick();
    if (last) renderActions(last);
    const el = document.querySelector(`#board [data-card="${source}"]`);
    if (el) el.focus({ preventScroll: true });
  }

  /** A highlighted target clicked: its action is sent (a menu when the source does several things to it). */
  function pickTarget(el) {
    const idx = (el.dataset.pickActions || "").split(",").filter(Boolean).map(Number).filter((i) => last.legal[i]);
    if (!online || busy) { toast(online ? "Wait for the table to answer your last move." : "Not connected: actions are paused."); return; }
    if (idx.length === 1) { send(last.legal[idx[0]].action); return; }
    if (idx.length) openMenu(el, idx);
  }

  function appendLog(msg) {
    const el = $("log");
    if (msg.full_log) el.innerHTML = "";
    for (const e of msg.events) {
      const div = document.createElement("div");
      div.textContent = e.text;
      if (e.seat !== null && e.seat === msg.seat) div.className = "seat-mine";
      el.appendChild(div);
    }
    while (el.childElementCount > 400) el.firstElementChild.remove();
    // at the next frame: reading the log's height now would lay the page out once more for nothing
    if (logPinned || msg.full_log) { logFollow = true; if (!logFrame) logFrame = requestAnimationFrame(logToEnd); }
  }

  // -- acting on cards: one action plays at once, several open a menu beside the card ------------------
  function hideMenu() { $("menu").hidden = true; }
  function openMenu(cardEl, idx, pickFrom = null) {
    const menu = $("menu");
    const group = pickFrom !== null ? last.legal[picksOf(last.legal).get(pickFrom)[0]] : null;
    menu.innerHTML = idx.map((i) => `<button role="menuitem" data-index="${i}" data-kind="${esc(last.legal[i].action.kind)}">${esc(Shell.actionText(last.legal[i]))}</button>`).join("")
      + (group ? `<button role="menuitem" data-pick-from="${pickFrom}" data-kind="${esc(group.action.kind)}">${esc(kindWords(group.action.kind))}: choose a target…</button>` : "")
      + `<button role="menuitem" data-zoom-card="${esc(cardEl.dataset.card)}">see the whole card</button>`;
    menu.querySelectorAll("button[data-index]").forEach((b) => {
      b.onclick = () => send(last.legal[Number(b.dataset.index)].action);
    });
    const toPick = menu.querySelector("[data-pick-from]");
    if (toPick) toPick.onclick = () => startPick(pickFrom);
    menu.querySelector("[data-zoom-card]").onclick = () => {
      hideMenu();
      Shell.showOverlay(r.cardDetail(Number(cardEl.dataset.card), last.view, catalog), "card");
    };
    menu.hidden = false;
    const box = cardEl.getBoundingClientRect();
    const mw = menu.offsetWidth, mh = menu.offsetHeight;
    menu.style.left = `${Math.max(4, Math.min(window.innerWidth - mw - 4, box.left))}px`;
    menu.style.top = `${box.bottom + mh + 4 < window.innerHeight ? box.bottom + 4 : Math.max(4, box.top - mh - 4)}px`;
    menu.querySelector("button").focus();
  }

  // a card that carries no action: the game's reason, sent with the state (the page works none out)
  function explainCard(cardEl) {
    const reason = cardEl && last && last.why ? last.why[cardEl.dataset.card] : null;
    if (reason) toast(`Not now: ${reason}`);
  }

  document.addEventListener("click", (ev) => {
    if (ev.target.closest("#menu")) return;
    if (pick) {
      const target = ev.target.closest("#board [data-card].pick-target, #widget [data-card].pick-target");
      if (target) { pickTarget(target); return; }
      if (ev.target.closest("#actions")) return;  // its buttons act themselves (the cancel among them)
      const sourceAgain = ev.target.closest(`#board [data-card="${pick.source}"]`);
      endPick();  // any other click goes back, and is then read as usual (another card starts its own)
      if (sourceAgain) return;
    }
    const cardEl = ev.target.closest("#board [data-card].act, #widget [data-card].act");
    if (!cardEl || !last) { hideMenu(); explainCard(ev.target.closest("#board [data-card], #widget [data-card]")); return; }
    if (!online || busy) { toast(online ? "Wait for the table to answer your last move." : "Not connected: actions are paused."); return; }
    const idx = (cardEl.dataset.actions || "").split(",").filter(Boolean).map(Number).filter((i) => last.legal[i]);
    if (!idx.length) return;
    const source = Number(cardEl.dataset.card);
    const grouped = picksOf(last.legal).get(source);
    if (grouped) {  // a card that does something to one of several targets: pick the target on the board
      const others = idx.filter((i) => !grouped.includes(i));
      if (!others.length) startPick(source); else openMenu(cardEl, others, source);
      return;
    }
    if (idx.length === 1) { send(last.legal[idx[0]].action); return; }
    openMenu(cardEl, idx);
  });

  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      if (Shell.hideOverlay()) return;
      if (!$("menu").hidden) hideMenu(); else endPick();
      return;
    }
    if (ev.target.closest("input, select, textarea") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (Shell.overlayOpen()) return;
    const cardEl = ev.target.closest && ev.target.closest("#board [data-card]");
    if (cardEl && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      if (cardEl.classList.contains("act") || cardEl.classList.contains("pick-target")) cardEl.click();
      else Shell.showOverlay(r.cardDetail(Number(cardEl.dataset.card), last.view, catalog), "card");
      return;
    }
    if (/^[0-9]$/.test(ev.key) && $("menu").hidden) {
      const b = document.querySelector(`#actions button[data-key="${ev.key}"]`);
      if (b && !b.disabled) { ev.preventDefault(); b.click(); }
    }
  });

  Shell.bindCardDetails($("board"), () => ({ renderer: r, view: last && last.view, catalog }));
  Shell.bindCardDetails($("widget"), () => ({ renderer: r, view: last && last.view, catalog }));
  Shell.bindSoundToggle($("sound"));
  // the log follows new lines unless the reader scrolled up to read older ones; a hidden log (the
  // phone's closed drawer) has no scroll position, so it keeps following, and when it is shown again
  // or resized (the drawer opens, the window changes) a following log goes back to its newest line
  // A scroll event arrives a frame after the scroll that caused it: when the page itself scrolled to the
  // newest line and more lines came before the event, the event must not read "the reader scrolled up"
  // (a busy machine's burst of states stopped the log following for good). Only a move above the place
  // the page last scrolled to unpins; reaching the end again pins.
  let logPinned = true, logFollow = false, logFrame = 0, logAutoTop = 0;
  const logScroll = (el) => { el.scrollTop = el.scrollHeight; logAutoTop = el.scrollTop; };
  function logToEnd() { logFrame = 0; if (logFollow) { logScroll($("log")); logFollow = false; } }
  const logEnd = () => { if (logPinned) logScroll($("log")); };
  $("log").addEventListener("scroll", () => {
    const el = $("log");
    if (!el.clientHeight) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 30) logPinned = true;
    else if (el.scrollTop < logAutoTop - 1) logPinned = false;
  });
  if (window.ResizeObserver) new ResizeObserver(logEnd).observe($("log"));
  // the phone's drawers open under the header, whose height changes as it wraps (style.css: --bar-h)
  const bar = document.querySelector("header.bar");
  const barHeight = () => document.documentElement.style.setProperty("--bar-h", `${bar.offsetHeight}px`);
  barHeight();
  if (window.ResizeObserver) new ResizeObserver(barHeight).observe(bar);
  $("log-toggle").onclick = () => { document.body.classList.toggle("show-log"); document.body.classList.remove("show-chat"); logEnd(); };
  $("rules").onclick = showRules;
  $("help").onclick = () => Shell.showOverlay(`<h2>Playing at this table</h2>
    <p>Highlighted cards carry an action: click or tap one to act (several actions open a short menu);
    a card that acts on another (an attacker, a blocker, a card with several targets) highlights its
    targets: click one, or <kbd>Esc</kbd> to go back. A card of yours that cannot be used now says why.
    The panel lists every action too, each with a number key.</p>
    <ul><li><kbd>1</kbd>–<kbd>9</kbd>, <kbd>0</kbd>: the numbered action</li>
    <li><kbd>Tab</kbd> to a card, <kbd>Enter</kbd>: act on it (or see it)</li>
    <li>the <b>i</b> on a card, a right-click or a long press: the whole card</li><li><kbd>Esc</kbd>: close, or go back from a pick</li></ul>`, "help");
  connect();
})();
