// Test helper injected into a table page: every `ms` milliseconds, if the page offers actions, click
// the most sensible action button (choices first, then play, attack a base, resolve, buy, end turn).
(ms) => {
  const rank = (b) => {
    const k = b.dataset.kind;
    if (k === "choose") return 0;
    if (k === "play") return 1;
    if (k === "commit" && b.dataset.target === "base") return 2;
    if (k === "resolve") return 3;
    if (k === "commit") return 4;
    if (k === "use") return 5;
    if (k === "buy") return 6;
    if (k === "end_turn") return 9;
    return 8;
  };
  window.__clicks = 0;
  window.__autoplay = setInterval(() => {
    const buttons = [...document.querySelectorAll("#actions button[data-kind]:not([disabled])")];
    if (!buttons.length || document.body.dataset.finished === "1") return;
    buttons.sort((a, b) => rank(a) - rank(b));
    buttons[0].click();
    window.__clicks += 1;
  }, ms);
}
