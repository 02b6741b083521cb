// Test helper injected into a table page: counts, on each state the page draws, what its person was
// asked.  `__asked`: states that ask this page's person to act; `__passOnly`: those whose only button
// is a "pass" (a prompt with nothing to decide); `__oneOnly`: those with one button of any kind (one
// option, "end the turn" alone included; a two-click pick's entry is no such button); `__countdowns`: those showing this seat's own window's
// countdown with something to answer; `__autoPassed`: states where the page said the table passes for
// its person (a window with nothing to answer); `__clicks` is the autoplay's (wakfu_play.js) clicks.
() => {
  Object.assign(window, { __asked: 0, __passOnly: 0, __oneOnly: 0, __countdowns: 0, __autoPassed: 0, __drawn: "" });
  const look = () => {
    const key = `${document.body.dataset.version}`;
    if (key === window.__drawn) return;
    window.__drawn = key;
    if (document.body.dataset.mine === "1") {
      window.__asked += 1;
      const buttons = [...document.querySelectorAll("#actions button[data-kind]")];
      if (buttons.length === 1 && /^(\d\s*)?pass\b/i.test(buttons[0].textContent.trim())) window.__passOnly += 1;
      if (buttons.length === 1 && !buttons[0].dataset.pick) window.__oneOnly += 1;
      if (document.querySelector("#prompt .countdown")) window.__countdowns += 1;
    } else if (document.querySelector("#prompt .window-pass")) {
      window.__autoPassed += 1;
    }
  };
  new MutationObserver(look).observe(document.body, { attributes: true, attributeFilter: ["data-version", "data-mine"] });
  look();
}
