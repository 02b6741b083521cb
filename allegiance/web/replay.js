// The replay viewer: the server rebuilds the game after N actions (POST /api/replays/step) and this
// page draws it; step forwards and backwards, or play it through.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  // `step` is the step asked for last (updated at once, so quick clicks add up); `seq` drops answers
  // to requests that a newer one superseded
  let replay = null, step = 0, steps = 0, timer = null, seq = 0;

  async function show(n) {
    if (!replay) return;
    step = n;
    const mine = ++seq;
    const seat = $("seat").value === "" ? null : Number($("seat").value);
    const res = await fetch("/api/replays/step", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ replay, step: n, seat }) });
    const data = await res.json();
    if (res.ok && data.view && data.view.game) await Board.loadCatalog(data.view.game);
    if (mine !== seq) return;
    if (!res.ok) { $("prompt").textContent = data.detail; return; }
    step = data.step; steps = data.steps;
    $("slider").max = steps; $("slider").value = step;
    $("pos").textContent = `step ${step} of ${steps}`;
    $("pos").dataset.step = step;
    $("prompt").textContent = step ? `Step ${step}: ${data.action}` : "The deal";
    if ($("seat").options.length === 1) {
      $("seat").innerHTML += data.seats.map((s) => `<option value="${s.seat}">${Board.esc(s.label)}</option>`).join("");
    }
    $("outcome").innerHTML = data.outcome && step === steps
      ? `<div class="banner">${Board.esc(Board.outcomeText(data.outcome))}</div>` : "";
    Board.render($("board"), data.view, { byCard: new Map(), active: [] });
    $("log").innerHTML = data.events.map((e) => `<div>${Board.esc(e.text)}</div>`).join("") || '<span class="muted">—</span>';
  }

  function load(data) { replay = data; step = 0; show(0); }

  $("file").onchange = async () => {
    const f = $("file").files[0];
    if (f) load(JSON.parse(await f.text()));
  };
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(Math.max(0, step - 1));
  $("next").onclick = () => show(steps ? Math.min(steps, step + 1) : step + 1);
  $("slider").onchange = () => show(Number($("slider").value));
  $("seat").onchange = () => show(step);
  $("play").onclick = () => {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "▶ play"; return; }
    $("play").textContent = "⏸ pause";
    timer = setInterval(() => { if (step >= steps) $("play").click(); else show(step + 1); }, 600);
  };

  const table = new URLSearchParams(location.search).get("table");
  if (table) {
    fetch(`/api/tables/${encodeURIComponent(table)}/replay`).then(async (r) => {
      const data = await r.json();
      if (r.ok) load(data); else $("prompt").textContent = data.detail;
    });
  }
})();
