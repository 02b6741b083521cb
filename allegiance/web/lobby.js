// The lobby: create a table (game, mode, options, who plays each seat), list tables, take a free seat.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const esc = Board.esc;
  let games = [];

  const current = () => games.find((g) => g.name === $("game").value);

  function fillModes() {
    const g = current();
    $("mode").innerHTML = g.modes.map((m) => `<option ${m === "2v2" ? "selected" : ""}>${esc(m)}</option>`).join("");
    $("options").innerHTML = g.options.map((o) => {
      const id = `opt-${o.name}`;
      let input;
      if (o.type === "choice") input = `<select id="${id}">${o.choices.map((c) => `<option ${c === o.default ? "selected" : ""}>${esc(c)}</option>`).join("")}</select>`;
      else if (o.type === "bool") input = `<input id="${id}" type="checkbox" ${o.default ? "checked" : ""}>`;
      else input = `<input id="${id}" type="number" ${o.min !== undefined ? `min="${o.min}"` : ""} ${o.max !== undefined ? `max="${o.max}"` : ""} placeholder="${o.default ?? "default"}">`;
      return `<div class="form-row"><label for="${id}">${esc(o.name.replaceAll("_", " "))}</label>${input}<span class="muted">${esc(o.help || "")}</span></div>`;
    }).join("");
    fillSeats();
  }

  function fillSeats() {
    const g = current();
    const seats = g.seats[$("mode").value] || [];
    const kinds = ["human", ...g.bots];
    $("seat-kinds").innerHTML = seats.map((s, i) => `<div class="form-row"><label for="seat-${i}">${esc(s.label)}</label>
      <select id="seat-${i}" data-seat="${i}">${kinds.map((k, j) => `<option value="${k}" ${(i === 0 ? k === "human" : j === 2) ? "selected" : ""}>${k === "human" ? "a person (gets a link)" : k + " bot"}</option>`).join("")}</select></div>`).join("");
  }

  function readOptions() {
    const out = {};
    for (const o of current().options) {
      const el = $(`opt-${o.name}`);
      if (o.type === "bool") { if (el.checked) out[o.name] = true; }
      else if (o.type === "int") { if (el.value !== "") out[o.name] = Number(el.value); }
      else if (el.value !== o.default) out[o.name] = el.value;
    }
    return out;
  }

  async function create(ev) {
    ev.preventDefault();
    $("create-error").textContent = "";
    const seats = [...document.querySelectorAll("#seat-kinds select")].map((s) => s.value);
    const body = { game: $("game").value, mode: $("mode").value, options: readOptions(), seats };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    const res = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok) { $("create-error").textContent = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail); return; }
    $("created").style.display = "";
    $("links").innerHTML = data.links.map((l) => `<tr><td>${esc(l.label)}</td><td><input readonly value="${esc(l.link)}" onclick="this.select()"></td>
      <td><a class="button" data-seat-link="${l.seat}" href="${esc(l.link)}" target="_blank">Open</a></td></tr>`).join("")
      || `<tr><td class="muted">every seat is a bot: watch them play</td></tr>`;
    $("spectate").href = data.spectate;
    $("spectate").textContent = data.spectate;
    refresh();
  }

  function seatCell(t, s) {
    if (s.kind !== "human") return `${esc(s.label)}: ${esc(s.kind)} bot`;
    if (s.free && s.open) return `${esc(s.label)}: <button data-take="${t.id}:${s.seat}">take this seat</button>`;
    return `${esc(s.label)}: ${s.connected ? "playing" : "taken"}`;
  }

  async function refresh() {
    const [open, done] = await Promise.all([fetch("/api/tables").then((r) => r.json()), fetch("/api/tables?finished=true&limit=20").then((r) => r.json())]);
    $("open").innerHTML = open.map((t) => `<tr><td><a href="/table/${t.id}">${esc(t.game)} ${esc(t.mode)} · ${t.id}</a><br>
      <span class="muted">version ${t.version ?? "?"} · ${esc(JSON.stringify(t.options))}</span></td>
      <td>${t.seats.map((s) => seatCell(t, s)).join("<br>")}</td><td><a href="/table/${t.id}">watch</a></td></tr>`).join("")
      || `<tr><td class="muted">no open table yet — create one above</td></tr>`;
    $("finished").innerHTML = done.map((t) => `<tr><td>${esc(t.game)} ${esc(t.mode)} · ${t.id}</td>
      <td>${t.outcome ? esc(t.outcome.draw ? "draw" : t.outcome.winners.join(" & ") + " won") : ""}</td>
      <td><a href="/replay?table=${t.id}">replay</a> · <a href="/api/tables/${t.id}/replay" download>download</a></td></tr>`).join("")
      || `<tr><td class="muted">none yet</td></tr>`;
    document.querySelectorAll("[data-take]").forEach((b) => {
      b.onclick = async () => {
        const [id, seat] = b.dataset.take.split(":");
        const res = await fetch(`/api/tables/${id}/seats/${seat}/take`, { method: "POST" });
        const data = await res.json();
        if (res.ok) location.href = data.link; else { alert(data.detail); refresh(); }
      };
    });
  }

  async function start() {
    games = await fetch("/api/games").then((r) => r.json());
    $("game").innerHTML = games.map((g) => `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join("");
    $("game").onchange = fillModes;
    $("mode").onchange = fillSeats;
    $("create").onsubmit = create;
    fillModes();
    refresh();
    setInterval(refresh, 5000);
  }

  start();
})();
