// The lobby: play now against bots in one click, or set up a table (who plays each seat, which human
// seats anyone may take, options, seed); list the tables being played (take an open seat in one
// click, close a table you created) and the finished ones.  Knows no game: it reads /api/games.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const esc = Shell.esc;
  const CREATED = "allegiance.created";  // table id -> creator token, for "close" on tables you made
  let games = [];

  const current = () => games.find((g) => g.name === $("game").value);
  const defaultBot = (g) => (g.bots.includes("greedy") ? "greedy" : g.bots[0]);
  const created = () => { try { return JSON.parse(localStorage.getItem(CREATED) || "{}"); } catch { return {}; } };
  function remember(id, token) {
    const all = created();
    all[id] = token;
    const ids = Object.keys(all);
    for (const old of ids.slice(0, Math.max(0, ids.length - 50))) delete all[old];  // bounded
    localStorage.setItem(CREATED, JSON.stringify(all));
  }

  function serverDown(down) { $("server-down").hidden = !down; }

  async function getJson(url, init) {
    let res;
    try {
      res = await fetch(url, init);
    } catch {
      serverDown(true);
      throw new Error("The server cannot be reached.");
    }
    serverDown(false);
    let data = null;
    try { data = await res.json(); } catch { data = { detail: `the server answered ${res.status}` }; }
    if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : "the server refused the request");
    return data;
  }

  // the game in a few sentences and its ready-made decks, from the game (GET /api/games: about, decks)
  function fillAbout() {
    const g = current();
    const decks = Object.entries(g.decks || {});
    $("game-about").innerHTML = (g.about ? `<p class="about">${esc(g.about)}</p>` : "")
      + (decks.length ? `<details class="decks"><summary>the ready-made decks (${decks.length})</summary><dl>${decks.map(([name, text]) =>
        `<dt>${esc(name)}</dt><dd data-deck="${esc(name)}">${esc(text)}</dd>`).join("")}</dl></details>` : "");
  }
  const deckAbout = (g, name) => ((g.decks || {})[name] || "");

  function fillModes() {
    const g = current();
    fillAbout();
    $("mode").innerHTML = g.modes.map((m) => `<option ${m === g.default_mode ? "selected" : ""}>${esc(m)}</option>`).join("");
    // a per-seat option (a deck per seat) is drawn with the seats (fillSeats), the others here
    $("options").innerHTML = g.options.filter((o) => o.type !== "seat_texts").map((o) => {
      const id = `opt-${o.name}`;
      let input;
      if (o.type === "choice") input = `<select id="${id}">${o.choices.map((c) => `<option ${c === o.default ? "selected" : ""}>${esc(c)}</option>`).join("")}</select>`;
      else if (o.type === "bool") input = `<input id="${id}" type="checkbox" ${o.default ? "checked" : ""}>`;
      else input = `<input id="${id}" type="number" ${o.min !== undefined ? `min="${o.min}"` : ""} ${o.max !== undefined ? `max="${o.max}"` : ""} placeholder="${esc(o.default ?? "default")}">`;
      return `<div class="form-row"><label class="l" for="${id}">${esc(o.name.replaceAll("_", " "))}</label>${input}<span class="muted">${esc(o.help || "")}</span></div>`;
    }).join("");
    fillSeats();
  }

  function fillSeats() {
    const g = current();
    const seats = g.seats[$("mode").value] || [];
    const kinds = ["human", ...g.bots];
    $("quick").innerHTML = seats.map((s) => `<button type="button" class="team-${esc(s.team)}" data-quick="${s.seat}">Play as ${esc(s.label)}</button>`).join("");
    $("quick").querySelectorAll("[data-quick]").forEach((b) => { b.onclick = () => quickPlay(Number(b.dataset.quick)); });
    $("seat-kinds").innerHTML = seats.map((s, i) => `<div class="form-row"><label class="l" for="seat-${i}">${esc(s.label)}</label>
      <select id="seat-${i}" data-seat="${i}">${kinds.map((k) => `<option value="${esc(k)}" ${(i === 0 ? k === "human" : k === defaultBot(g)) ? "selected" : ""}>${k === "human" ? "a person (gets a link)" : esc(k) + " bot"}</option>`).join("")}</select>
      <label class="muted"><input type="checkbox" id="open-${i}" data-open="${i}"> open: anyone in the lobby may take it</label>
      ${seatOptions(g, i)}</div>`).join("");
    const sync = () => document.querySelectorAll("#seat-kinds select[data-seat]").forEach((sel) => {
      const box = $(`open-${sel.dataset.seat}`);
      box.disabled = sel.value !== "human";
      if (box.disabled) box.checked = false;
    });
    document.querySelectorAll("#seat-kinds select[data-seat]").forEach((sel) => { sel.onchange = sync; });
    // "paste a file" shows the seat's text box
    document.querySelectorAll("#seat-kinds select[data-seat-opt]").forEach((sel) => {
      const box = $(`${sel.id}-text`);
      const about = $(`${sel.id}-about`);
      const describe = () => { if (about) about.textContent = pasting(sel) ? "" : deckAbout(g, sel.value); };
      sel.onchange = () => { if (box) box.hidden = !pasting(sel); describe(); };
      describe();
    });
    sync();
  }

  // the per-seat options (type seat_texts: one entry per seat, a listed choice or, where the game
  // allows it, a pasted text such as a deck file): a select per seat, and a text box for the paste
  const pasting = (sel) => !!sel.selectedOptions[0] && sel.selectedOptions[0].dataset.paste !== undefined;
  const seatOptionsOf = (g) => g.options.filter((o) => o.type === "seat_texts");
  function seatOptions(g, i) {
    const modeDefaults = (g.seat_defaults || {})[$("mode").value] || {};
    return seatOptionsOf(g).map((o) => {
      const id = `sopt-${o.name}-${i}`;
      const def = modeDefaults[o.name] || o.default;  // the mode's default for this seat, else the option's
      return `<span class="seat-opt"><label class="muted" for="${id}">${esc(o.name.replaceAll("_", " "))}</label>
        <select id="${id}" data-seat-opt="${esc(o.name)}" data-for="${i}" title="${esc(o.help || "")}">
        ${o.choices.map((c, k) => `<option value="${esc(c)}" ${(def && def[i] !== undefined ? def[i] === c : k === 0) ? "selected" : ""}>${esc(c)}</option>`).join("")}
        ${o.free_text ? '<option value="" data-paste>paste a file…</option>' : ""}</select>
        <span class="muted deck-about" id="${id}-about"></span>
        ${o.free_text ? `<textarea id="${id}-text" rows="6" cols="40" hidden maxlength="8000" aria-label="${esc(o.name)} of seat ${i + 1}: the file's text"
          placeholder="the file's text, e.g. one card a line"></textarea>` : ""}</span>`;
    }).join("");
  }
  function readSeatOptions(out) {
    for (const o of seatOptionsOf(current())) {
      const sels = [...document.querySelectorAll(`#seat-kinds select[data-seat-opt="${CSS.escape(o.name)}"]`)];
      if (!sels.length) continue;
      out[o.name] = sels.map((sel) => (pasting(sel) ? $(`${sel.id}-text`).value : sel.value));
    }
  }

  function readOptions() {
    const out = {};
    readSeatOptions(out);
    for (const o of current().options) {
      if (o.type === "seat_texts") continue;
      const el = $(`opt-${o.name}`);
      if (o.type === "bool") { if (el.checked) out[o.name] = true; }
      else if (o.type === "int") { if (el.value !== "") out[o.name] = Number(el.value); }
      else if (el.value !== o.default) out[o.name] = el.value;
    }
    return out;
  }

  async function post(body) {
    $("create-error").textContent = "";
    try {
      const data = await getJson("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      if (data.creator_token) remember(data.table.id, data.creator_token);
      return data;
    } catch (err) {
      $("create-error").textContent = err.message;
      return null;
    }
  }

  // one click: this seat is yours, every other seat a bot; the page goes straight to your seat
  async function quickPlay(seat) {
    const g = current();
    const n = (g.seats[$("mode").value] || []).length;
    const seats = Array.from({ length: n }, (_, i) => (i === seat ? "human" : defaultBot(g)));
    const data = await post({ game: g.name, mode: $("mode").value, options: {}, seats, open_seats: [] });
    if (data && data.links.length) location.href = data.links[0].link;
  }

  async function create(ev) {
    ev.preventDefault();
    const seats = [...document.querySelectorAll("#seat-kinds select[data-seat]")].map((s) => s.value);
    const openSeats = [...document.querySelectorAll("#seat-kinds [data-open]")].filter((b) => b.checked).map((b) => Number(b.dataset.open));
    const body = { game: $("game").value, mode: $("mode").value, options: readOptions(), seats, open_seats: openSeats };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    const data = await post(body);
    if (!data) return;
    $("created").hidden = false;
    $("links").innerHTML = data.links.map((l) => `<tr><td>${esc(l.label)}${openSeats.includes(l.seat) ? ' <span class="muted">(open)</span>' : ""}</td><td><input readonly value="${esc(l.link)}" onclick="this.select()" aria-label="link of ${esc(l.label)}"></td>
      <td><button type="button" class="small" data-copy-link="${l.seat}" aria-label="copy the link of ${esc(l.label)}">Copy</button>
      <a class="button" data-seat-link="${l.seat}" href="${esc(l.link)}" target="_blank">Open</a></td></tr>`).join("")
      || `<tr><td class="muted">every seat is a bot: watch them play</td></tr>`;
    $("links").querySelectorAll("[data-copy-link]").forEach((b) => {
      const link = data.links.find((l) => l.seat === Number(b.dataset.copyLink));
      b.onclick = () => copyLink(b, link.link);
    });
    $("spectate").href = data.spectate;
    $("spectate").textContent = data.spectate;
    refresh(true);
  }

  /** Copies a seat's link and says so on the button ("Copied"), or asks for a manual copy. */
  async function copyLink(button, link) {
    let done = false;
    try {
      await navigator.clipboard.writeText(link);
      done = true;
    } catch {
      // no clipboard API (a page served over plain http to another machine): select the text and copy
      const input = button.closest("tr").querySelector("input");
      input.focus();
      input.select();
      try { done = document.execCommand("copy"); } catch { done = false; }
    }
    button.textContent = done ? "Copied" : "Select and copy";
    button.dataset.copied = done ? "1" : "0";
    clearTimeout(button.reset);
    button.reset = setTimeout(() => { button.textContent = "Copy"; delete button.dataset.copied; }, 2500);
  }

  // options in words ("full galaxy · 2 bases to win"), the rules' defaults when none was changed
  function optionWords(t) {
    const g = games.find((x) => x.name === t.game);
    const opts = t.options || {};
    const words = Object.entries(opts).map(([k, v]) => {
      const spec = g && g.options.find((o) => o.name === k);
      const name = k.replaceAll("_", " ");
      if (spec && spec.type === "bool") return v ? name : `no ${name}`;
      if (spec && spec.type === "choice") return `${v} ${name}`;
      if (Array.isArray(v)) return `${name}: ${v.map((x) => (String(x).includes("\n") || String(x).length > 30 ? "a pasted file" : String(x))).join(", ")}`;
      return `${name}: ${v}`;
    });
    return words.length ? words.join(" · ") : "standard rules";
  }

  const title = (t) => { const g = games.find((x) => x.name === t.game); return g ? g.title : t.game; };
  const statusOf = (t) => t.status || (t.finished ? "finished" : "playing");

  function seatCell(t, s) {
    if (s.kind !== "human") return `${esc(s.label)}: ${esc(s.kind)} bot`;
    const takeable = s.free && (s.open === undefined || s.open);
    if (takeable && statusOf(t) === "playing") return `<button class="seatbtn team-${esc(s.team)}" data-take="${esc(t.id)}:${s.seat}">Play as ${esc(s.label)}</button>`;
    if (s.free) return `${esc(s.label)}: invited (link only)`;
    return `${esc(s.label)}: ${s.connected ? "playing" : "away"}`;
  }

  // The listings are fetched with the ETag of the last answer: while nothing changed the server answers
  // 304 with no body and the page keeps what it shows (a busy server's listing is built once per change).
  const listings = new Map();  // url -> { etag, data }
  async function getListing(url) {
    const known = listings.get(url);
    let res;
    try {
      res = await fetch(url, { cache: "no-store", headers: known ? { "If-None-Match": known.etag } : {} });
    } catch {
      serverDown(true);
      throw new Error("The server cannot be reached.");
    }
    serverDown(false);
    if (res.status === 304 && known) return { data: known.data, changed: false };
    if (!res.ok) throw new Error(`the server answered ${res.status}`);  // 429: try at the next poll
    const data = await res.json();
    listings.set(url, { etag: res.headers.get("ETag") || "", data });
    return { data, changed: true };
  }

  async function refresh(force) {
    let open, done;
    try {
      const [a, b] = await Promise.all([getListing("/api/tables"), getListing("/api/tables?finished=true&limit=20")]);
      if (!force && !a.changed && !b.changed) return;
      [open, done] = [a.data, b.data];
    } catch {
      return;
    }
    const mine = created();
    $("open").innerHTML = open.map((t) => `<tr data-table="${esc(t.id)}"><td><a href="/table/${esc(t.id)}">${esc(title(t))} · ${esc(t.mode)}</a>
      ${t.practice ? '<span class="pill practice">practice</span>' : ""} <span class="status ${esc(statusOf(t))}">${esc(statusOf(t))}</span><br>
      <span class="muted">${esc(optionWords(t))}</span></td>
      <td>${t.seats.map((s) => seatCell(t, s)).join("<br>")}</td>
      <td><a href="/table/${esc(t.id)}">watch</a>${mine[t.id] && statusOf(t) === "playing" ? `<br><button class="small" data-close="${esc(t.id)}">close this table</button>` : ""}</td></tr>`).join("")
      || `<tr><td class="muted">no table being played — start one above</td></tr>`;
    $("finished").innerHTML = done.map((t) => `<tr><td>${esc(title(t))} · ${esc(t.mode)} ${t.practice ? '<span class="pill practice">practice</span>' : ""}</td>
      <td>${t.outcome ? esc(t.outcome.draw ? "draw" : t.outcome.winners.map((w) => Shell.teamName(w, t.seats)).join(" & ") + " won") : esc(statusOf(t))}</td>
      <td><a href="/replay?table=${esc(t.id)}">replay</a> · <a href="/api/tables/${esc(t.id)}/replay" download>download</a></td></tr>`).join("")
      || `<tr><td class="muted">none yet</td></tr>`;
    document.querySelectorAll("[data-take]").forEach((b) => {
      b.onclick = async () => {
        const [id, seat] = b.dataset.take.split(":");
        try {
          const data = await getJson(`/api/tables/${encodeURIComponent(id)}/seats/${Number(seat)}/take`, { method: "POST" });
          location.href = data.link;
        } catch (err) {
          $("create-error").textContent = err.message;
          refresh(true);
        }
      };
    });
    document.querySelectorAll("[data-close]").forEach((b) => {
      b.onclick = async () => {
        const id = b.dataset.close;
        try {
          await getJson(`/api/tables/${encodeURIComponent(id)}/close`, { method: "POST", headers: { "X-Creator-Token": created()[id] } });
        } catch (err) {
          $("create-error").textContent = `Could not close the table: ${err.message}`;
        }
        refresh(true);
      };
    });
  }

  async function start() {
    try {
      games = await getJson("/api/games");
    } catch {
      setTimeout(start, 4000);
      return;
    }
    $("game").innerHTML = games.map((g) => `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join("");
    const preferred = games.find((g) => g.default);  // the registry's default game, not the first by name
    if (preferred) $("game").value = preferred.name;
    $("game").onchange = fillModes;
    $("mode").onchange = fillSeats;
    $("create").onsubmit = create;
    fillModes();
    refresh(true);
    setInterval(refresh, 5000);
  }

  start();
})();
