// The team chat panel of the table page (shell part: knows no game).  table.js gives it the seats
// after each state or presence message, the server's `chat` / `chat_history` messages and the errors
// that answer a chat message; the panel sends {type: "chat", text, ref} through the function it is
// given.  Shown only to a seat whose team has another person; on narrow screens it is a drawer
// opened from the header, with a count of unread lines.  Everything people wrote is set as text
// (textContent), never as HTML.
"use strict";

const TeamChat = (() => {
  const MAX_CHARS = 500;  // the server's limit (allegiance/server/chat.py)
  const MAX_LINES = 200;  // lines kept on the page
  const $ = (id) => document.getElementById(id);
  const narrow = () => window.matchMedia("(max-width: 820px)").matches;
  const clock = (at) => {
    const d = new Date(at);
    return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  };

  /** The chat of the table page; `send(message)` returns false when the socket is not open. */
  function create(send) {
    const box = $("chatbox"), log = $("chat-log"), form = $("chat-form"), input = $("chat-input");
    const note = $("chat-note"), toggle = $("chat-toggle"), badge = $("chat-unread");
    let seat = null, open = false, unread = 0, pinned = true;
    const pending = new Map();  // ref -> text, until the server echoes it or refuses it

    function say(text) { note.textContent = text; note.hidden = !text; }

    function setUnread(n) {
      unread = n;
      badge.textContent = n > 99 ? "99+" : String(n);
      badge.hidden = n === 0;
      toggle.setAttribute("aria-label", n ? `team chat, ${n} unread` : "team chat");
    }

    /** Open for `mySeat` when its team has another person (`seats`: the state's seat list). */
    function update(mySeat, seats) {
      seat = mySeat;
      const me = (seats || []).find((s) => s.seat === mySeat);
      const was = open;
      open = !!me && (seats || []).some((s) => s.seat !== mySeat && s.team === me.team && s.kind === "human");
      box.hidden = !open;
      toggle.hidden = !open;
      document.body.classList.toggle("has-chat", open);
      if (!open) document.body.classList.remove("show-chat");
      if (open && !was) input.placeholder = `to ${me.team ? `team ${me.team}` : "your team"}… (Enter sends)`;
    }

    function line(m) {
      if (typeof m !== "object" || m === null) return false;
      const div = document.createElement("div");
      div.className = "chat-line" + (m.seat === seat ? " mine" : "");
      div.dataset.seat = String(m.seat);
      if (Number.isFinite(m.at)) {
        const t = document.createElement("time");
        t.dateTime = new Date(m.at).toISOString();
        t.textContent = clock(m.at);
        div.appendChild(t);
      }
      const who = document.createElement("b");
      who.textContent = m.seat === seat ? "you" : String(m.label ?? "a teammate");
      const text = document.createElement("span");
      text.className = "chat-text";
      text.textContent = String(m.text ?? "");
      div.append(who, text);
      log.appendChild(div);
      while (log.childElementCount > MAX_LINES) log.firstElementChild.remove();
      return true;
    }

    function follow() { if (pinned) log.scrollTop = log.scrollHeight; }
    const collapsed = () => narrow() && !document.body.classList.contains("show-chat");

    /** One line from a teammate (or from this seat's own tab or this page). */
    function receive(m) {
      if (m.ref !== null && m.ref !== undefined) pending.delete(m.ref);
      if (!line(m)) return;
      follow();
      if (m.seat !== seat && collapsed()) setUnread(unread + 1);
    }

    /** The team's recent lines, sent by the server on each (re)connection: they replace the page's
     * (a line missed while offline is in them; after a server restart none come, and the page keeps its own). */
    function history(msg) {
      log.textContent = "";
      for (const m of Array.isArray(msg.messages) ? msg.messages : []) line(m);
      pinned = true;
      follow();
    }

    /** An error that answers one of this panel's messages: said in the panel, the text given back. */
    function refused(err) {
      if (!pending.has(err.ref)) return false;
      const text = pending.get(err.ref);
      pending.delete(err.ref);
      if (!input.value) input.value = text;
      say(String(err.message));
      return true;
    }

    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (text.length > MAX_CHARS) { say(`Too long: at most ${MAX_CHARS} characters (this is ${text.length}).`); return; }
      const ref = `chat-${Date.now().toString(36)}-${pending.size}`;
      if (!send({ type: "chat", text, ref })) { say("Not connected: the message was not sent."); return; }
      pending.set(ref, text);
      if (pending.size > 20) pending.delete(pending.keys().next().value);
      input.value = "";
      say("");
      pinned = true;
    });
    input.addEventListener("keydown", (ev) => {
      if (ev.key !== "Escape") return;
      input.blur();
      document.body.classList.remove("show-chat");  // the drawer on a phone
    });
    log.addEventListener("scroll", () => { pinned = log.scrollTop + log.clientHeight >= log.scrollHeight - 20; });
    toggle.addEventListener("click", () => {
      const showing = document.body.classList.toggle("show-chat");
      document.body.classList.remove("show-log");
      if (showing) { setUnread(0); pinned = true; follow(); input.focus(); }
    });
    window.addEventListener("resize", () => { if (!collapsed()) setUnread(0); });
    setUnread(0);
    return { update, receive, history, refused };
  }

  return { create };
})();
