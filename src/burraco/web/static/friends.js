// Friends (#/friends): find a player, friend requests, friends online and at which table, blocked players,
// and the notifications. While the page is open it asks /api/notifications every few seconds (that also
// shows the player online to their friends): a new one appears in a notice, and as a browser notification
// once the player allowed them (asked only from a click); the friends page, if shown, redraws its lists
// then (a request accepted, a new one), keeping what is typed in the search. docs/web.md "Friends".
import { t, lang } from "./i18n.js";
import { app, h, api, tableTitle } from "./ui.js";

const POLL_MS = 5000;
const NOTICE_MS = 15000;  // a notice shows this long (the badge and the friends page keep it)
const FRESH_S = 30;  // on opening the page, a notification this young (seconds, the server's clock) is shown too
const SHOWN_KEY = "burraco.notices.shown";  // the notices this tab showed: a reload does not show them again
const seen = new Set();
let polledFor = null;  // the user whose notifications were asked for (the first answer shows only fresh ones)
let polledAt = 0;
let unreadWas = null;  // the unread count of the last answer
let noticeTimer = 0;

/** A notification in words, and where it leads. */
export function noticeText(n) {
  const d = n.data || {};
  if (n.kind === "friend_request") return { text: t("friends.n.request", { name: d.from_name }), href: "#/friends" };
  if (n.kind === "friend_accepted") return { text: t("friends.n.accepted", { name: d.from_name }), href: "#/friends" };
  const href = d.token ? `#/invite/${d.token}` : `#/table/${d.table_id}`;
  return { text: t("friends.n.invite", { name: d.from_name, table: tableTitle(d.table_name) }), href };
}

function noticeBox() {
  let box = document.getElementById("notice");
  if (!box) {
    box = h("aside", { id: "notice", class: "notice hidden", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  return box;
}

function showNotice(n) {
  const { text, href } = noticeText(n);
  const box = noticeBox();
  const close = () => box.classList.add("hidden");
  box.replaceChildren(h("p", { class: "notice-text" }, text),
    h("a", { class: "button primary", href, id: "notice-open", onclick: () => { close(); markRead([n.id]); } }, t("friends.open")),
    h("button", { class: "small", id: "notice-close", onclick: close }, t("friends.close")));
  box.classList.remove("hidden");
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(close, NOTICE_MS);
  if ("Notification" in window && Notification.permission === "granted") {
    try {
      const shown = new Notification(t("friends.n.title"), { body: text, tag: `burraco-${n.id}`, lang: lang() });
      shown.onclick = () => { window.focus(); location.hash = href; shown.close(); };
    } catch { /* a browser that shows them only from a service worker: the notice above is enough */ }
  }
}

/** Whether this tab showed the notice already (sessionStorage: it outlives a reload, not the tab). */
function shownBefore(id) {
  try { return JSON.parse(sessionStorage.getItem(SHOWN_KEY) || "[]").includes(id); } catch { return false; }
}

function rememberShown(id) {
  try {
    const ids = JSON.parse(sessionStorage.getItem(SHOWN_KEY) || "[]");
    sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...ids, id].slice(-50)));
  } catch { /* no storage: a reload may show it once more */ }
}

/** Whether an invitation leads where the player already is: its link is open, or its table is. */
function isHere(n) {
  if (n.kind !== "table_invite") return false;
  const d = n.data || {};
  return location.hash === noticeText(n).href || (app.tableId !== null && Number(app.tableId) === d.table_id);
}

function setBadge(unread) {
  const link = document.getElementById("nav-friends");
  if (!link) return;
  let badge = document.getElementById("friends-badge");
  if (!badge) { badge = h("span", { id: "friends-badge", class: "badge hidden" }); link.after(badge); }
  badge.textContent = unread ? String(unread) : "";
  badge.setAttribute("aria-label", t("friends.unread", { count: unread }));
  badge.classList.toggle("hidden", !unread);
}

async function markRead(ids, repoll = true) {
  try { await api("/api/notifications/read", { method: "POST", body: { ids } }); } catch { /* next poll */ }
  if (repoll) poll(); else setBadge(Math.max(0, (unreadWas ?? ids.length) - ids.length));
}

/** Ask for the notifications: new unread ones show a notice (not those already there when the page opened,
 *  nor one this tab showed before a reload); an invitation that leads where the player already is is read.
 *  With ``redraw``, the friends page, if shown, is drawn again when something changed (one arrived, or the
 *  unread count moved: read on another device). */
export async function poll(redraw = true) {
  if (!app.user) { setBadge(0); return null; }
  const user = app.user.id, known = polledFor === user;
  polledAt = Date.now();
  let data;
  try { data = await api("/api/notifications"); } catch { return null; }
  setBadge(data.unread);
  let changed = known && data.unread !== unreadWas;
  const here = data.notifications.filter((n) => !n.read && isHere(n)).map((n) => n.id);
  for (const n of [...data.notifications].reverse()) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    changed ||= known;
    if (!n.read && !here.includes(n.id) && (known || data.now - n.created_at < FRESH_S) && !shownBefore(n.id)) {
      showNotice(n);
      rememberShown(n.id);
    }
  }
  polledFor = user;
  unreadWas = data.unread;
  if (redraw && changed && friendsShown()) drawFriends(data, true);
  if (here.length) markRead(here, false);  // the player went where it leads: it is read
  return data;
}

window.addEventListener("hashchange", () => document.getElementById("notice")?.classList.add("hidden"));

// every POLL_MS while someone is signed in, and at once when someone signs in
setInterval(() => {
  if (!app.user) { polledFor = null; return; }
  if (polledFor !== app.user.id || Date.now() - polledAt >= POLL_MS) poll();
}, 1000);

// ------------------------------------------------------------------ the page
function section(id, title, ...children) {
  return h("section", { class: "panel", id }, h("h2", {}, title), ...children);
}

function person(p, ...actions) {
  return h("li", { class: "table-card friend", dataset: { user: p.id } }, h("b", {}, p.name), ...actions);
}

function act(label, call, cls = "small") {
  return h("button", { class: cls, onclick: async (ev) => {
    ev.target.disabled = true;
    try { await call(); } catch (e) { report(e.message); ev.target.disabled = false; return; }
    showFriends();
  } }, label);
}

function report(text) {
  const el = document.getElementById("friends-error");
  if (el) el.textContent = text;
}

function list(items, empty) {
  return items.length ? h("ul", { class: "table-list" }, items) : h("p", { class: "muted" }, empty);
}

const post = (path, body) => api(path, { method: "POST", body });
const del = (path) => api(path, { method: "DELETE" });

function searchForm() {
  const input = h("input", { id: "friend-search", type: "search", maxlength: 24, autocomplete: "off", "aria-label": t("friends.search_label"), placeholder: t("friends.search_label") });
  const results = h("div", { id: "friend-results" });
  const submit = async (ev) => {
    ev.preventDefault();
    try {
      const { users } = await api(`/api/friends/search?q=${encodeURIComponent(input.value.trim())}`);
      results.replaceChildren(list(users.map((u) => person(u,
        act(t("friends.ask"), () => post("/api/friends/requests", { user_id: u.id }), "small primary"),
        act(t("friends.block"), () => post("/api/blocks", { user_id: u.id })))), t("friends.nobody")));
    } catch (e) { results.replaceChildren(h("p", { class: "error" }, e.message)); }
  };
  return h("div", {}, h("form", { class: "inline", id: "friend-search-form", onsubmit: submit },
    input, h("button", { type: "submit", class: "primary", id: "friend-search-btn" }, t("friends.search"))), results);
}

function friendLine(f, tables) {
  const where = f.table ? h("a", { href: `#/table/${f.table.id}`, class: "friend-table" }, t("friends.at_table", { table: tableTitle(f.table.name) })) : null;
  const invite = tables.length ? h("select", { class: "friend-invite-table", "aria-label": t("friends.invite_to") },
    tables.map((tb) => h("option", { value: tb.id }, tableTitle(tb.name)))) : null;
  return person(f, " ", h("span", { class: f.online ? "online" : "muted" }, f.online ? t("friends.online") : t("friends.offline")), " ", where,
    invite, invite ? act(t("friends.invite"), () => post(`/api/friends/${f.id}/invite`, { table_id: Number(invite.value) }), "small primary") : null,
    act(t("friends.remove"), () => del(`/api/friends/${f.id}`)), act(t("friends.block"), () => post("/api/blocks", { user_id: f.id })));
}

function notificationsPanel(data) {
  const items = (data ? data.notifications : []).map((n) => {
    const { text, href } = noticeText(n);
    return h("li", { class: `table-card${n.read ? "" : " unread"}` }, h("span", {}, text), h("a", { class: "button small", href, onclick: () => markRead([n.id]) }, t("friends.open")));
  });
  const allow = "Notification" in window && Notification.permission === "default"
    ? h("button", { class: "small", id: "allow-notifications", onclick: async (ev) => { await Notification.requestPermission(); ev.target.remove(); } }, t("friends.allow_browser"))
    : null;
  return section("notifications", t("friends.notifications"), allow,
    items.length ? h("button", { class: "small", id: "read-all", onclick: () => markRead(null).then(showFriends) }, t("friends.read_all")) : null,
    list(items, t("friends.no_notifications")));
}

/** Whether the friends page is what #main shows now. */
function friendsShown() { return Boolean(document.getElementById("friend-find")); }

/** The page's parts in #main: put in place one by one when the page is already there (so the search
 *  form, kept, keeps its focus, what is typed and its results), else all at once. */
function place(main, parts) {
  const there = main.children.length === parts.length && parts.every((p) => main.querySelector(`:scope > #${p.id}`));
  if (!there) { main.replaceChildren(...parts); return; }
  for (const part of parts) {
    const old = document.getElementById(part.id);
    if (old !== part) old.replaceWith(part);
  }
}

/** #/friends */
export function showFriends() { return drawFriends(null, false); }

/** The friends page; ``notes``: the notifications just asked for (else asked here); ``again``: drawn again
 *  because a notification came, only if the page is still shown once the lists arrive. */
async function drawFriends(notes, again) {
  const main = document.getElementById("main");
  if (!app.user || app.user.kind !== "account") {
    main.replaceChildren(section("friends", t("friends.title"), h("p", { class: "note" }, t(app.user ? "friends.accounts_only" : "friends.login_first"))));
    return;
  }
  let data, mine = [];
  try { data = await api("/api/friends"); } catch (e) { if (!again) main.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  try { mine = (await api("/api/me/tables")).filter((tb) => tb.status === "waiting"); } catch { mine = []; }
  notes = notes ?? await poll(false);
  if (again && !friendsShown()) return;  // the player went elsewhere meanwhile
  const kept = again ? document.getElementById("friend-find") : null;
  place(main, [
    (again && document.getElementById("friends-error")) || h("p", { class: "error", id: "friends-error", role: "alert" }),
    section("friends", t("friends.title"), list(data.friends.map((f) => friendLine(f, mine)), t("friends.none"))),
    section("friend-requests", t("friends.requests"),
      list(data.incoming.map((p) => person(p, act(t("friends.accept"), () => post(`/api/friends/requests/${p.id}/accept`), "small primary"),
        act(t("friends.refuse"), () => post(`/api/friends/requests/${p.id}/refuse`)))), t("friends.no_requests")),
      data.outgoing.length ? h("h3", {}, t("friends.sent")) : null,
      data.outgoing.length ? list(data.outgoing.map((p) => person(p, act(t("friends.cancel"), () => del(`/api/friends/requests/${p.id}`)))), "") : null),
    kept || section("friend-find", t("friends.find"), searchForm()),
    notificationsPanel(notes),
    section("blocked", t("friends.blocked"), list(data.blocked.map((p) => person(p, act(t("friends.unblock"), () => del(`/api/blocks/${p.id}`)))), t("friends.none_blocked"))),
  ]);
}
