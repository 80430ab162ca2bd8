// Table talk (docs/web.md "Table talk"): a collapsible panel beside the table with the quick phrases, a
// text field, the messages (aria-live polite) and, on each message, mute and report.
// mountChat(container, { send, me, seats }) places the panel (once built, it keeps its messages across
// the table's re-renders); onChatMessage(msg) takes every "chat" server message, and the "error" that
// refused one (its reason "chat_…").
// Every word a person typed is put on the page as text (textContent, through ui.js's h()), never as HTML.
// The mute list is kept per user on the server (/api/mutes), so it follows the player to any device.

import { t } from "./i18n.js";
import { api, displayName, h, worded } from "./ui.js";

export const PHRASES = [
  "hello", "good_game", "good_luck", "nice_hand", "well_played", "well_done",
  "thanks", "sorry", "one_moment", "back_soon", "must_go", "bye",
];
export const MAX_TEXT = 200;
const KEPT = 100;  // messages the panel keeps (the oldest go first)

const state = { root: null, list: null, status: null, mutedLine: null, opts: { send: () => {}, me: null, seats: [] },
  muted: new Map(), loadedFor: undefined, table: undefined, unread: null, count: 0 };

function ensureStyle() {
  if (document.querySelector('link[data-chat-style]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/chat.css", dataset: { chatStyle: "" } }));
}

/** The words of a message: its text, or its phrase in the reader's language. */
export function chatWords(msg) {
  return msg.text != null ? msg.text : worded(`chat.phrase.${msg.phrase}`, msg.phrase || "");
}

function say(body) {
  state.status.textContent = "";
  state.opts.send({ type: "chat", ...body });
}

function build() {
  const input = h("input", {
    type: "text", id: "chat-text", maxlength: String(MAX_TEXT), autocomplete: "off",
    placeholder: t("chat.placeholder"), "aria-label": t("chat.field"),
  });
  const form = h("form", {
    class: "chat-form",
    onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      say({ text });
      input.value = "";
    },
  }, input, h("button", { type: "submit", class: "chat-send" }, t("chat.send")));
  const phrases = h("div", { class: "chat-phrases", role: "group", "aria-label": t("chat.phrases") },
    PHRASES.map((key) => h("button", { type: "button", class: "chat-phrase", dataset: { phrase: key },
      onclick: () => say({ phrase: key }) }, t(`chat.phrase.${key}`))));
  state.list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": t("chat.messages") });
  state.status = h("p", { class: "chat-status", role: "status" });
  state.mutedLine = h("p", { class: "chat-muted" });
  state.unread = h("span", { class: "chat-unread" });
  state.root = h("details", { class: "chat", open: storedOpen() },  // closed at first: the table keeps its room
    h("summary", {}, h("span", {}, t("chat.title")), " ", state.unread),
    phrases, state.list, form, state.status, state.mutedLine);
  state.root.addEventListener("toggle", () => {
    try { localStorage.setItem(OPEN_KEY, state.root.open ? "1" : "0"); } catch { /* storage refused */ }
    if (state.root.open) setUnread(0);
  });
}

const OPEN_KEY = "burraco.chat.open";

/** Whether the player left the panel open last time (closed by default). */
function storedOpen() {
  try { return localStorage.getItem(OPEN_KEY) === "1"; } catch { return false; }
}

function setUnread(count) {
  state.count = count;
  state.unread.textContent = count ? t("chat.unread", { count }) : "";
}

/** Place the table-talk panel in ``container``: ``send`` sends a client message on the table's socket,
 *  ``me`` is the signed-in user ({id, ...}) or null, ``seats`` the table's seats (for names), ``table``
 *  the table's id (another table starts with an empty list). */
export function mountChat(container, { send, me = null, seats = [], table = null } = {}) {
  ensureStyle();
  if (!state.root) build();
  state.opts = { send, me, seats };
  if (table !== state.table) {
    state.table = table;
    state.list.replaceChildren();
    state.status.textContent = "";
    setUnread(0);
  }
  if (state.root.parentNode !== container) container.append(state.root);
  const id = me ? me.id : null;
  if (id !== state.loadedFor) {
    state.loadedFor = id;
    state.muted = new Map();
    if (id != null) {
      api("/api/mutes").then((data) => {
        state.muted = new Map(data.muted.map((m) => [m.id, m.name]));
        refreshMuted();
      }).catch(() => {});
    }
  }
  return state.root;
}

function refreshMuted() {
  for (const item of state.list.children) item.hidden = state.muted.has(Number(item.dataset.user));
  state.mutedLine.replaceChildren();
  if (!state.muted.size) return;
  state.mutedLine.append(t("chat.muted"), " ");
  for (const [id, name] of state.muted) {
    state.mutedLine.append(h("button", { type: "button", class: "chat-unmute", onclick: () => unmute(id) },
      t("chat.unmute", { name })), " ");
  }
}

async function mute(user, name) {
  try {
    const data = await api("/api/mutes", { method: "POST", body: { user_id: user } });
    state.muted = new Map(data.muted.map((m) => [m.id, m.name]));
  } catch (error) {
    state.status.textContent = error.message;
    return;
  }
  if (!state.muted.has(user)) state.muted.set(user, name);
  refreshMuted();
}

async function unmute(user) {
  try {
    const data = await api(`/api/mutes/${user}`, { method: "DELETE" });
    state.muted = new Map(data.muted.map((m) => [m.id, m.name]));
  } catch (error) {
    state.status.textContent = error.message;
    return;
  }
  refreshMuted();
}

async function report(msg, button) {
  button.disabled = true;
  try {
    await api("/api/chat/reports", { method: "POST", body: { message_id: msg.id } });
  } catch (error) {
    if (error.code !== "chat_reported") {
      button.disabled = false;
      state.status.textContent = error.message;
      return;
    }
  }
  button.textContent = t("chat.reported");
}

function item(msg) {
  const me = state.opts.me;
  const mine = me != null && msg.user === me.id;
  const name = displayName(msg.name);
  const who = h("span", { class: "chat-who" }, name, msg.seat == null ? ` (${t("chat.spectator")})` : "");
  const words = h("span", { class: msg.text != null ? "chat-text" : "chat-text chat-phrase-said" }, chatWords(msg));
  const parts = [who, ": ", words];
  if (msg.audience === "spectators") parts.push(" ", h("span", { class: "chat-audience" }, t("chat.to_spectators")));
  const actions = [];
  if (!mine && me != null) {
    actions.push(h("button", { type: "button", class: "chat-mute", "aria-label": t("chat.mute_label", { name }),
      onclick: () => mute(msg.user, name) }, t("chat.mute")));
    const reportButton = h("button", { type: "button", class: "chat-report",
      "aria-label": t("chat.report_label", { name }) }, t("chat.report"));
    reportButton.addEventListener("click", () => report(msg, reportButton));
    actions.push(reportButton);
  }
  const li = h("li", { class: mine ? "chat-item chat-mine" : "chat-item", dataset: { id: String(msg.id), user: String(msg.user) } },
    h("p", { class: "chat-line" }, parts), actions.length ? h("span", { class: "chat-actions" }, actions) : null);
  li.hidden = state.muted.has(msg.user);
  return li;
}

/** A server message for the panel: a "chat" (shown unless its author is muted) or an "error" refusing one. */
export function onChatMessage(msg) {
  if (!state.root) build();
  if (msg.type === "error") {
    if (typeof msg.reason === "string" && msg.reason.startsWith("chat_")) {
      state.status.textContent = worded(`chat.refused.${msg.reason}`, msg.message, msg.params || {});
    }
    return;
  }
  if (msg.type !== "chat" || state.list.querySelector(`[data-id="${Number(msg.id)}"]`)) return;
  const shown = item(msg);
  state.list.append(shown);
  if (!state.root.open && !shown.hidden) setUnread(state.count + 1);
  while (state.list.children.length > KEPT) state.list.firstElementChild.remove();
  const me = state.opts.me;
  if (me != null && msg.user === me.id && msg.audience === "spectators") state.status.textContent = t("chat.spectators_only");
  state.list.scrollTop = state.list.scrollHeight;
  state.root.scrollTop = state.root.scrollHeight;  // at the table the panel itself scrolls (chat.css)
}

/** The chat of a finished hand in the replay (sheets.js): a list of its messages, as text. */
export function replayChat(lines) {
  if (!lines || !lines.length) return null;
  return h("section", { class: "chat-replay", "aria-label": t("chat.replay") },
    h("h3", {}, t("chat.replay")),
    h("ol", { class: "chat-list" }, lines.map((msg) => h("li", { class: "chat-item" }, h("p", { class: "chat-line" },
      h("span", { class: "chat-who" }, displayName(msg.name), msg.seat == null ? ` (${t("chat.spectator")})` : ""), ": ",
      h("span", { class: "chat-text" }, chatWords(msg)))))));
}
