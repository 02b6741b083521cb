// The table page: one WebSocket to the server, re-opened by itself after any drop (e.g. a server
// restart).  The page's identity is the seat token in the URL fragment (#token=...); without one
// the page is a spectator's.  Every legal action is a button (with stable data- attributes); cards
// that an action names are highlighted and can be clicked too.
"use strict";

(() => {
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  const $ = (id) => document.getElementById(id);
  let ws = null, last = null, ref = 0, retry = 0, gone = false;

  function setConn(state, text) {
    const el = $("conn");
    el.dataset.conn = state;
    el.textContent = text;
    el.className = "pill " + (state === "open" ? "ok" : state === "closed" ? "bad" : "warn");
  }

  function toast(text) {
    const el = $("toast");
    el.textContent = text;
    el.style.display = "block";
    clearTimeout(toast.t);
    toast.t = setTimeout(() => { el.style.display = "none"; }, 5000);
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    setConn("connecting", "connecting…");
    ws.onopen = () => {
      retry = 0;
      ws.send(JSON.stringify(token ? { type: "join", token } : { type: "join" }));
      setConn("open", "live");
    };
    ws.onmessage = (ev) => receive(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (ev.code === 4410 || ev.code === 4500) {  // the table was closed, or cannot be opened
        gone = true;
        setConn("closed", ev.code === 4410 ? "table closed" : "table broken");
        if (ev.reason) $("prompt").textContent = ev.reason;
        return;
      }
      if (ev.code === 4403 || ev.code === 4404) {
        gone = true;
        setConn("closed", ev.code === 4404 ? "no such table" : "bad link");
        $("prompt").textContent = ev.reason || "This link does not open a seat at this table.";
        return;
      }
      if (gone) return;
      retry = Math.min(retry + 1, 8);
      setConn("reconnecting", "reconnecting…");
      setTimeout(connect, 250 * retry);
    };
  }

  function send(action) {
    if (!ws || ws.readyState !== WebSocket.OPEN || !last) return;
    ref += 1;
    ws.send(JSON.stringify({ type: "action", action, version: last.version, ref }));
    document.querySelectorAll("#actions button").forEach((b) => { b.disabled = true; });
  }

  function receive(msg) {
    // states render in arrival order, each once the game's card catalogue is here
    if (msg.type === "state") return Board.loadCatalog(msg.game).then(() => showState(msg));
    if (msg.type === "presence") {  // who is here changed: only the seat list is redrawn
      if (last) { last.seats = msg.seats; renderSeats(last); }
      return;
    }
    if (msg.type === "error") {
      toast(msg.message);
      if (last) renderActions(last);
      return;
    }
  }

  function seatLabel(msg, seat) {
    const s = msg.seats.find((x) => x.seat === seat);
    return s ? s.label : `seat ${seat}`;
  }

  function showState(msg) {
    last = msg;
    const view = msg.view;
    $("title").textContent = `${msg.game} ${msg.mode} · table ${msg.table}`;
    $("who").textContent = msg.seat === null ? "spectator (public information only)" : `you are ${seatLabel(msg, msg.seat)}`;
    $("turn").textContent = view && view.turn !== undefined ? `turn ${view.turn} · version ${msg.version}` : `version ${msg.version}`;
    renderSeats(msg);
    const mine = msg.seat !== null && msg.active.includes(msg.seat);
    const prompt = $("prompt");
    prompt.className = "prompt" + (mine ? " mine" : "");
    prompt.dataset.mine = mine ? "1" : "0";
    if (msg.status === "abandoned") {
      prompt.textContent = "This table was closed; nothing more is played here.";
    } else if (msg.outcome) {
      prompt.textContent = "The game is over.";
    } else {
      const texts = msg.prompts.map((p) => `${p.seats.map((s) => seatLabel(msg, s)).join(" or ")}: ${p.prompt}`);
      prompt.textContent = (mine ? "Your move — " : "Waiting — ") + texts.join(" · ");
    }
    renderOutcome(msg);
    const byCard = Board.actionsByCard(msg.legal, view);
    Board.render($("board"), view, { byCard, active: msg.active });
    renderActions(msg);
    appendLog(msg);
    document.body.dataset.version = msg.version;
    document.body.dataset.finished = msg.outcome ? "1" : "0";
  }

  function renderSeats(msg) {
    $("seats").innerHTML = msg.seats.map((s) => `<span class="seat ${s.kind === "human" ? (s.connected ? "on" : "off") : "on"}
      ${msg.active.includes(s.seat) ? "turn" : ""}" data-seat="${s.seat}">${Board.esc(s.label)} · ${s.kind === "human" ? (s.claimed ? "human" : "free seat") : s.kind + " bot"}</span>`).join("");
  }

  function renderOutcome(msg) {
    const el = $("outcome");
    if (!msg.outcome) { el.innerHTML = ""; return; }
    el.innerHTML = `<div class="banner" id="game-over">${Board.esc(Board.outcomeText(msg.outcome))}.
      <a class="button" href="/api/tables/${encodeURIComponent(msg.table)}/replay" download>Download the replay</a>
      <a class="button" href="/replay?table=${encodeURIComponent(msg.table)}">Watch it step by step</a></div>`;
  }

  const GROUPS = { choose: "choose", play: "play a card", use: "use a card", commit: "attack", resolve: "attack",
    buy: "buy", pay_off: "pay off", end_turn: "end your turn" };

  function renderActions(msg) {
    const el = $("actions");
    if (!msg.legal.length) {
      el.innerHTML = `<span class="muted">${msg.seat === null ? "spectators watch" : "nothing to do now"}</span>`;
      return;
    }
    let html = "", group = null;
    const where = Board.locations(msg.view);
    msg.legal.forEach((item, i) => {
      const g = GROUPS[item.action.kind] || item.action.kind;
      if (g !== group) { html += `<div class="group">${Board.esc(g)}</div>`; group = g; }
      const text = Board.actionText(item, where);
      html += `<button id="act-${i}" data-index="${i}" data-kind="${Board.esc(item.action.kind)}"
        ${item.action.target !== undefined ? `data-target="${Board.esc(item.action.target)}"` : ""}
        ${item.action.amount !== undefined ? `data-amount="${item.action.amount}"` : ""}>${Board.esc(text)}</button>`;
    });
    el.innerHTML = html;
    el.querySelectorAll("button").forEach((b) => {
      b.onclick = () => send(msg.legal[Number(b.dataset.index)].action);
    });
  }

  function appendLog(msg) {
    const el = $("log");
    if (msg.full_log) el.innerHTML = "";
    const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - 30;
    for (const e of msg.events) {
      const div = document.createElement("div");
      div.textContent = e.text;
      if (e.seat !== null && e.seat === msg.seat) div.className = "seat-mine";
      el.appendChild(div);
    }
    if (atBottom || msg.full_log) el.scrollTop = el.scrollHeight;
  }

  // Clicking a highlighted card: one action is played at once, several are offered in a small menu.
  document.addEventListener("click", (ev) => {
    const menu = $("menu");
    const cardEl = ev.target.closest(".c.act");
    if (!cardEl || !last) { if (!ev.target.closest("#menu")) menu.style.display = "none"; return; }
    const idx = cardEl.dataset.actions.split(",").map(Number);
    if (idx.length === 1) { send(last.legal[idx[0]].action); menu.style.display = "none"; return; }
    const where = Board.locations(last.view);
    menu.innerHTML = idx.map((i) => `<button data-index="${i}">${Board.esc(Board.actionText(last.legal[i], where))}</button>`).join("");
    menu.querySelectorAll("button").forEach((b) => {
      b.onclick = () => { send(last.legal[Number(b.dataset.index)].action); menu.style.display = "none"; };
    });
    menu.style.left = `${ev.pageX}px`;
    menu.style.top = `${ev.pageY}px`;
    menu.style.display = "block";
  });

  connect();
})();
