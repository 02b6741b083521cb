// The replay viewer (shell part: knows no game).  The server rebuilds the game after N actions
// (POST /api/replays/step) and the game's renderer draws it.  Turn markers are the game's own turn
// numbers, which the server sends with the first step; for a game that keeps none they come from the
// action list: a turn ends with an end_turn after which another team acts (a renderer may say otherwise
// with `turnStarts(actions, seats)`).  Step, jump to a turn, play at a chosen speed, or use the keys.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const esc = Shell.esc;
  // `step` is the step asked for last (updated at once, so quick clicks add up)
  let replay = null, step = 0, steps = 0, timer = null, starts = [0], r = null, catalog = {}, view = null;
  let numbers = null;  // the game's turn number of each marker (null: markers counted from 1)
  let marked = false;  // the markers are known
  let shown = -1;  // the step on the board (a jump of more than one step animates nothing)

  function fail(text) {
    $("replay-error").hidden = false;
    $("replay-error").textContent = text;
  }

  function defaultTurnStarts(actions, seats) {
    const team = (s) => { const x = seats.find((q) => q.seat === s); return x ? x.team : s; };
    const out = [0];
    for (let i = 0; i + 1 < actions.length; i++) {
      const [seat, a] = actions[i];
      if (a && a.kind === "end_turn" && team(actions[i + 1][0]) !== team(seat)) out.push(i + 1);
    }
    return out;
  }

  const turnOf = (n) => { let t = 0; starts.forEach((s, i) => { if (s <= n) t = i; }); return t; };
  const turnNumber = (i) => (numbers ? numbers[i] : i + 1);
  // a game's turn 0 is what comes before its first turn (the deal, the mulligans)
  const turnName = (i) => (turnNumber(i) === 0 ? "before turn 1" : `turn ${turnNumber(i)}`);

  function renderTurns() {
    const here = turnOf(step);
    $("turn-jump").innerHTML = starts.map((s, i) => `<option value="${i}" ${i === here ? "selected" : ""}>${turnName(i)} (step ${s})</option>`).join("");
    $("turns").innerHTML = starts.map((s, i) => `<button class="${i === here ? "here" : ""}" data-turn="${i}" data-number="${turnNumber(i)}" title="${turnName(i)}: step ${s}">${turnNumber(i) === 0 ? "·" : turnNumber(i)}</button>`).join("");
    $("turns").querySelectorAll("[data-turn]").forEach((b) => { b.onclick = () => show(starts[Number(b.dataset.turn)]); });
  }

  // One rebuild in flight at a time (the server limits them per address); asking again while one is
  // running only moves the target, so quick clicks and fast play add up without piling requests.
  let inflight = false, wanted = null;
  async function show(n) {
    if (!replay) return;
    step = Math.max(0, n);
    wanted = step;
    if (inflight) return;
    inflight = true;
    try {
      while (wanted !== null) {
        const target = wanted;
        wanted = null;
        await rebuild(target);
      }
    } finally {
      inflight = false;
    }
  }

  async function rebuild(target) {
    const rep = replay;
    const seat = $("seat").value;
    let res, data;
    try {
      res = await fetch("/api/replays/step", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ replay: rep, step: target, seat: seat === "" ? null : Number(seat), turns: !marked }) });
      data = await res.json();
    } catch {
      fail("The server cannot be reached to rebuild this step.");
      stop();
      return;
    }
    if (rep !== replay) return;
    if (!res.ok) { fail(typeof data.detail === "string" ? data.detail : "This file is not a replay the server can read."); stop(); return; }
    $("replay-error").hidden = true;
    [r, catalog] = await Promise.all([Shell.renderer(data.view.game || rep.game), Shell.loadCatalog(rep.game)]);
    if (rep !== replay) return;  // another file was opened meanwhile
    const jump = Math.abs(data.step - shown) > 1;
    shown = data.step;
    if (wanted === null) step = data.step;  // else a newer target is on its way
    steps = data.steps;
    if (!marked && Array.isArray(data.turns) && data.turns.length) {
      starts = data.turns.map((m) => m.step);
      numbers = data.turns.map((m) => m.turn);
      marked = true;
    } else if (!marked && Array.isArray(replay.actions)) {
      starts = (r.turnStarts || defaultTurnStarts)(replay.actions, data.seats);
      marked = true;
    }
    view = data.view;
    $("slider").max = steps; $("slider").value = step;
    $("pos").textContent = `step ${step} of ${steps} · ${turnName(turnOf(step))} of ${turnNumber(starts.length - 1)}`;
    $("pos").dataset.step = step;
    $("prompt").textContent = step ? `Step ${step}: ${data.action}` : "The deal";
    if ($("seat").options.length === 1) {
      $("seat").innerHTML += data.seats.map((s) => `<option value="${s.seat}">${esc(s.label)}</option>`).join("");
    }
    $("outcome").innerHTML = data.outcome && step === steps
      ? `<div class="banner">${esc(Shell.outcomeText(data.outcome, data.seats))}</div>` : "";
    const progress = Array.isArray(data.progress) ? data.progress : [];
    $("progress").innerHTML = progress.map((line) => `<div class="progress-line">${esc(line)}</div>`).join("");
    $("progress").hidden = !progress.length;
    Shell.hidePreview();
    r.render($("board"), data.view, { byCard: new Map(), active: [], catalog, mode: "replay", legal: [], seat: data.view.seat, jump });
    $("log").innerHTML = data.events.map((e) => `<div>${esc(e.text)}</div>`).join("") || '<span class="muted">—</span>';
    renderTurns();
  }

  function load(data) {
    if (!data || typeof data !== "object" || !Array.isArray(data.actions)) {
      fail("This file is not a replay: a replay is the JSON file a finished table offers to download.");
      return;
    }
    stop();
    replay = data; step = 0; starts = [0]; shown = -1; numbers = null; marked = false;
    $("seat").innerHTML = '<option value="">spectator</option>';
    show(0);
  }

  function stop() { if (timer) { clearTimeout(timer); timer = null; } $("play").textContent = "play"; }
  function play() {
    if (timer) { stop(); return; }
    $("play").textContent = "pause";
    // the next step is asked for once the last one is drawn, then after the chosen pause
    const tick = async () => {
      if (step >= steps) { stop(); return; }
      await show(step + 1);
      if (timer) timer = setTimeout(tick, Number($("speed").value));
    };
    timer = setTimeout(tick, 0);
  }

  $("file").onchange = async () => {
    const f = $("file").files[0];
    if (!f) return;
    let data;
    try { data = JSON.parse(await f.text()); } catch { fail(`"${f.name}" is not a replay: it is not JSON. A replay is the file a finished table offers to download.`); return; }
    load(data);
  };
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(Math.max(0, step - 1));
  $("next").onclick = () => show(steps ? Math.min(steps, step + 1) : step + 1);
  $("slider").onchange = () => show(Number($("slider").value));
  $("seat").onchange = () => show(step);
  $("play").onclick = play;
  $("speed").onchange = () => { if (timer) { stop(); play(); } };
  $("turn-jump").onchange = () => show(starts[Number($("turn-jump").value)] || 0);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { Shell.hideOverlay(); return; }
    if (!replay || ev.target.closest("input[type=file], select") || Shell.overlayOpen()) return;
    const t = turnOf(step);
    const go = {
      ArrowRight: () => (ev.shiftKey ? starts[Math.min(starts.length - 1, t + 1)] : Math.min(steps, step + 1)),
      ArrowLeft: () => (ev.shiftKey ? starts[step > starts[t] ? t : Math.max(0, t - 1)] : Math.max(0, step - 1)),
      Home: () => 0, End: () => steps,
    }[ev.key];
    if (go) { ev.preventDefault(); show(go()); } else if (ev.key === " ") { ev.preventDefault(); play(); }
  });
  Shell.bindCardDetails($("board"), () => ({ renderer: r, view, catalog }));

  const table = new URLSearchParams(location.search).get("table");
  if (table) {
    fetch(`/api/tables/${encodeURIComponent(table)}/replay`).then(async (res) => {
      const data = await res.json();
      if (res.ok) load(data); else fail(data.detail);
    }).catch(() => fail("The server cannot be reached."));
  }
})();
