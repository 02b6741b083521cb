// Drawing a board at a small cost (issue 24, item 10).  A renderer describes the whole board as HTML
// each time; `Draw.morph` turns the page's board into it by changing only what differs, so the
// elements of unchanged cards stay (their layout, their fitted names, their hover and focus), and the
// browser lays out again only what changed.  `Draw.fitNames` fits card names with one layout when
// nothing new is to be fitted: a name fitted to its case (name, box size) is left alone, and a case
// met before is not measured again (`Draw.fitCounts` says how many of each, for the tests).
"use strict";

const Draw = (() => {
  // -- morphing: the page's board into a new description -------------------------------------------
  // the identity of an element among its siblings: a card, a seat's box, a pile, a region
  const KEYS = ["data-card", "data-slot", "data-seat", "data-pile", "data-region", "data-order-seat", "id"];
  // where a keyed element keeps the description (HTML) it was last drawn from.  The page's own marks on
  // such an element (a pending click, a pick's targets, an arrival's animation) are cleared by the code
  // that sets them, not by drawing: an element left as it is keeps only what that code keeps.
  const DRAWN_FROM = Symbol("drawn from");
  function keyOf(node) {
    if (node.nodeType !== 1) return null;
    for (const k of KEYS) {
      const v = node.getAttribute(k);
      if (v !== null) return `${node.tagName}|${k}|${v}`;
    }
    return null;
  }

  // What the page's own code sets on a drawn element and its description does not say (a fit's classes,
  // an inline style it sizes): drawing keeps it, and only that code changes it.  Removed by each drawing
  // and set again by the fit after it, those marks restyled the 8v8 board's compact seats and strips,
  // cards and all, at every state (250-450 elements a state).
  const owned = new WeakMap();  // element -> { classes: Set, style: bool }
  /** Marks ``classes`` on ``el`` (and with ``style``, its inline style, where its description has none)
   *  as the page's own: drawing neither removes them nor sets them again. */
  function own(el, classes = [], style = false) { owned.set(el, { classes: new Set(classes), style }); }

  // the class attribute ``old`` should have: ``nu``'s classes and the owned ones ``old`` has (its own
  // value when that is the same set of classes)
  function classWith(value, old, mine) {
    const want = new Set(value.split(/\s+/).filter(Boolean));
    for (const c of mine.classes) if (old.classList.contains(c)) want.add(c);
    const have = old.classList;
    if (have.length === want.size && [...want].every((c) => have.contains(c))) return old.getAttribute("class");
    return [...want].join(" ");
  }

  /** Makes ``old``'s attributes those of ``nu``; a name's fitted style (see fitNames) and what the page
   *  owns (see own) are kept. */
  function syncAttributes(old, nu) {
    const mine = owned.get(old);
    for (const a of [...old.attributes]) {
      if (nu.hasAttribute(a.name)) continue;
      if (a.name === "style" && (fitted.has(old) || (mine && mine.style))) continue;
      if (a.name === "class" && mine && [...old.classList].every((c) => mine.classes.has(c))) continue;
      old.removeAttribute(a.name);
    }
    for (const a of nu.attributes) {
      const value = a.name === "class" && mine ? classWith(a.value, old, mine) : a.value;
      if (old.getAttribute(a.name) === value) continue;
      if (a.name === "style") fitted.delete(old);
      old.setAttribute(a.name, value);
    }
  }

  function patch(old, nu) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== nu.nodeValue) old.nodeValue = nu.nodeValue;
      return;
    }
    syncAttributes(old, nu);
    // a form control's live value follows its new description
    if ((old.tagName === "INPUT" || old.tagName === "SELECT" || old.tagName === "TEXTAREA") && old.value !== nu.value) old.value = nu.value;
    patchChildren(old, nu);
  }

  function patchChildren(parent, source) {
    const olds = [...parent.childNodes];
    const keyed = new Map();
    const loose = [];
    for (const n of olds) {
      const k = keyOf(n);
      if (k !== null && !keyed.has(k)) keyed.set(k, n); else loose.push(n);
    }
    const used = new Set();
    let at = 0;  // the next loose old node that may match
    let i = 0;
    for (const nu of [...source.childNodes]) {
      const k = keyOf(nu);
      let match = null;
      if (k !== null) {
        match = keyed.get(k) || null;
        if (match) keyed.delete(k);
      } else {
        for (let j = at; j < loose.length; j++) {
          const o = loose[j];
          if (!used.has(o) && o.nodeType === nu.nodeType && o.nodeName === nu.nodeName) { match = o; at = j + 1; break; }
        }
      }
      // a keyed element (a card, a seat's box) whose description is the one it was last drawn from is
      // left as it is, with all it holds: at 8v8 most of the board is unchanged from one state to the next.
      // So is one the renderer kept (see keep), found where it was if it moved.
      const kept = k !== null && nu.hasAttribute("data-keep");
      if (kept && !match && keeping.has(k)) match = keeping.get(k);
      const src = k !== null && !kept ? nu.outerHTML : null;
      let node;
      if (match) {
        used.add(match);
        if (!kept && (src === null || match[DRAWN_FROM] !== src)) patch(match, nu);
        node = match;
      } else node = nu;
      if (src !== null) node[DRAWN_FROM] = src;
      const here = parent.childNodes[i] || null;
      if (here !== node) parent.insertBefore(node, here);
      i++;
    }
    while (parent.childNodes.length > i) parent.removeChild(parent.lastChild);
  }

  /** Makes ``root``'s content that of ``html``, changing only what differs. */
  function morph(root, html) {
    const tpl = document.createElement("template");
    tpl.innerHTML = html;
    try {
      patchChildren(root, tpl.content);
    } finally {
      keeping = new Map();
    }
  }

  // the elements the drawing under way keeps as they are (see keep): key -> element
  let keeping = new Map();
  /** The description that keeps ``el`` (a keyed element: a seat's box) as it is in the next drawing, for
   *  a renderer that knows it was drawn from the same description: a few bytes instead of all it holds,
   *  so the drawing neither parses nor compares it again (at 8v8, 14 of 16 seats' boxes a state). */
  function keep(el) {
    const k = keyOf(el);
    if (k === null) return el.outerHTML;
    keeping.set(k, el);
    const [tag, name] = k.split("|");
    const value = el.getAttribute(name);
    return `<${tag} ${name}="${value.replace(/[&"<]/g, (c) => `&#${c.charCodeAt(0)};`)}" data-keep></${tag}>`;
  }

  // -- fitting names: smaller letters, then lines broken inside words, never a cut name ---------------
  // A name's case is its text, its box's size and its class.  A name element fitted to its case now is
  // left alone (no style written); a case met before (on any element) is applied as it was found; only
  // new cases are measured.  The page's cost of a state is the layout its changes need, which the first
  // size read here brings forward (the frame would do it anyway): see games/swdbg.css for what keeps
  // that layout small.
  const fits = new Map();  // case "name|width|height|class" -> [font size or "", broken], measured once
  const fitted = new WeakMap();  // a name element -> the case its style is fitted to
  const counts = { calls: 0, kept: 0, reused: 0, measured: 0 };
  const cut = (n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1;
  const apply = (n, [size, broken]) => {
    n.style.fontSize = size;
    n.style.overflowWrap = broken ? "anywhere" : "";
    n.style.webkitLineClamp = broken ? "5" : "";
  };

  /** Gives each name (under ``root``, matching ``selector``) whose letters its box cuts smaller letters
   *  (``min`` px), then, if still cut, lines broken inside its words.  Reads every name's case first
   *  (one layout), then writes: a name already fitted to its case is kept as it is, a case met before
   *  takes the same fit, and only new cases are measured (a layout for each step, all of them at once). */
  function fitNames(root, selector, min = 8) {
    counts.calls++;
    const names = [...root.querySelectorAll(selector)];
    // read: each name's case (its box is its card's, or its parent's); no box: not drawn now
    const cases = names.map((n) => {
      if (!n.getClientRects().length) return null;
      const box = n.closest("[data-card]") || n.parentElement;
      return `${n.textContent}|${box.clientWidth}|${box.clientHeight}|${n.className}`;
    });
    // write: known cases; the others start from the stylesheet's letters
    const todo = [];
    names.forEach((n, i) => {
      const k = cases[i];
      if (k === null) return;
      if (fitted.get(n) === k) { counts.kept++; return; }
      if (fits.has(k)) { apply(n, fits.get(k)); fitted.set(n, k); counts.reused++; return; }
      apply(n, ["", false]);
      todo.push([n, k]);
    });
    if (!todo.length) return;
    counts.measured += todo.length;
    let still = todo.map(([n]) => n).filter(cut);
    const result = new Map(todo.map(([n]) => [n, ["", false]]));
    for (const shrink of [0.8, 0]) {  // a fifth smaller, then the smallest
      const sizes = still.map((n) => Math.max(min, parseFloat(getComputedStyle(n).fontSize) * shrink));
      still.forEach((n, i) => { n.style.fontSize = `${sizes[i]}px`; result.set(n, [`${sizes[i]}px`, false]); });
      still = still.filter(cut);
    }
    still.forEach((n) => { result.set(n, [n.style.fontSize, true]); apply(n, result.get(n)); });
    for (const [n, k] of todo) {
      if (fits.size > 5000) fits.clear();
      fits.set(k, result.get(n));
      fitted.set(n, k);
    }
  }

  /** What fitNames did since the page opened: ``calls``, and names ``kept`` as they were (fitted to
   *  their case already), ``reused`` (a case met before) and ``measured`` (a new case).  For tests. */
  const fitCounts = () => ({ ...counts });

  return { morph, keep, own, fitNames, fitCounts };
})();
