// Play with a friend: "Gioca con un amico" (#/with-friend) makes a private table and its invitation link
// (copy, share, revoke, a new one; invite a friend, keeping them a seat), and in 4 players lets the owner
// choose who sits where before the start (a "seat" message on the table's socket). The link's page
// (#/invite/<token>) seats whoever opens it, after they pick a nickname if they have no session.
// docs/web.md "Play with a friend".
import { t } from "./i18n.js";
import { app, h, api, displayName, tableTitle } from "./ui.js";

const fresh = {};  // table id -> the newest link's token made on this page (the server keeps only its hash)
const POSITIONS = ["invite.pos.south", "invite.pos.west", "invite.pos.north", "invite.pos.east"];
const main = () => document.getElementById("main");

function linkOf(token) { return `${location.origin}/#/invite/${token}`; }

function panel(id, title, ...children) { return h("section", { class: "panel", id }, h("h2", {}, title), ...children); }

function field(id, label, input) { return h("div", { class: "field" }, h("label", { for: id }, label), input); }

/** #/with-friend and #/with-friend/<table id> */
export async function showWithFriend(tableId) {
  if (!app.user) {
    main().replaceChildren(panel("with-friend", t("invite.title"), h("p", { class: "note" }, t("invite.login_first"))));
    document.getElementById("guest-name")?.focus();
    return;
  }
  if (tableId) return showOwnTable(Number(tableId));
  const players = h("select", { id: "wf-players" }, [2, 3, 4].map((n) => h("option", { value: n }, t("players.n", { count: n }))));
  const target = h("select", { id: "wf-target" }, [505, 1005, 2005].map((n) => h("option", { value: n, selected: n === 1005 }, n)));
  const name = h("input", { id: "wf-name", maxlength: 60, placeholder: t("create.optional") });
  const err = h("p", { class: "error", id: "wf-error", role: "alert" });
  const submit = async (ev) => {
    ev.preventDefault();
    try {
      const body = { name: name.value, players: Number(players.value), target: Number(target.value), sit: true, private: true };
      const { table } = await api("/api/tables", { method: "POST", body });
      const made = await api(`/api/tables/${table.id}/invitations`, { method: "POST", body: {} });
      fresh[table.id] = made.token;
      location.hash = `#/with-friend/${table.id}`;
    } catch (e) { err.textContent = e.message; }
  };
  main().replaceChildren(panel("with-friend", t("invite.title"), h("p", { class: "note" }, t("invite.explain")),
    h("form", { class: "grid", id: "wf-form", onsubmit: submit, novalidate: true },
      field("wf-players", t("create.players"), players), field("wf-target", t("create.target"), target),
      field("wf-name", t("create.name"), name),
      h("div", { class: "field" }, h("button", { class: "primary", id: "wf-create", type: "submit" }, t("invite.create"))), err)));
}

function linkPanel(tableId, token) {
  const input = h("input", { id: "invite-link", readonly: true, value: linkOf(token), "aria-label": t("invite.link") });
  const said = h("span", { id: "invite-said", role: "status" });
  const copy = async () => {
    try { await navigator.clipboard.writeText(input.value); said.textContent = t("invite.copied"); }
    catch { input.select(); said.textContent = t("invite.copy_by_hand"); }
  };
  const share = navigator.share ? h("button", { class: "small", id: "invite-share", onclick: () => navigator.share({ title: t("invite.share_title"), text: t("invite.share_text"), url: input.value }).catch(() => {}) }, t("invite.share")) : null;
  return h("div", { id: "invite-fresh" }, h("p", {}, t("invite.link_ready")), input,
    h("p", { class: "inline" }, h("button", { class: "primary", id: "invite-copy", onclick: copy }, t("invite.copy")), share, said));
}

async function showOwnTable(tableId) {
  let table, links;
  try {
    table = (await api(`/api/tables/${tableId}`)).table;
    links = (await api(`/api/tables/${tableId}/invitations`)).invitations;
  } catch (e) { main().replaceChildren(panel("with-friend", t("invite.title"), h("p", { class: "error" }, e.message))); return; }
  const err = h("p", { class: "error", id: "wf-error", role: "alert" });
  const run = (call) => async () => { try { await call(); showOwnTable(tableId); } catch (e) { err.textContent = e.message; } };
  const newLink = run(async () => { fresh[tableId] = (await api(`/api/tables/${tableId}/invitations`, { method: "POST", body: {} })).token; });
  const working = links.filter((l) => l.state === "valid");
  const rows = working.map((l) => h("li", { class: "table-card", dataset: { invitation: l.id } },
    h("span", {}, l.friend_id ? t("invite.for_friend") : t("invite.for_anyone")), " ",
    h("span", { class: "muted" }, t("invite.expires", { when: new Date(l.expires_at * 1000).toLocaleString() })),
    h("button", { class: "small", onclick: run(() => api(`/api/invitations/${l.id}`, { method: "DELETE" })) }, t("invite.revoke"))));
  const token = fresh[tableId];
  main().replaceChildren(panel("with-friend", `${t("invite.title")}: ${tableTitle(table.name)}`, err,
    token && working.length ? linkPanel(tableId, token) : null,
    h("p", { class: "inline" }, h("a", { class: "button primary", id: "invite-go", href: `#/table/${tableId}` }, t("invite.go")),
      h("button", { class: "small", id: "invite-new", onclick: newLink }, t("invite.new_link"))),
    h("h3", {}, t("invite.links")), working.length ? h("ul", { class: "table-list", id: "invite-links" }, rows) : h("p", { class: "muted" }, t("invite.no_links")),
    table.status === "waiting" ? await friendsPanel(table, run) : null,
    table.status === "waiting" && table.players === 4 ? seatsPanel(table, err) : null));
}

async function friendsPanel(table, run) {
  if (app.user.kind !== "account") return null;
  let friends = [];
  try { friends = (await api("/api/friends")).friends; } catch { return null; }
  const free = table.seats.filter((s) => s.user_id === null).map((s) => s.seat);
  const seated = new Set(table.seats.map((s) => s.user_id).filter((id) => id !== null));
  const rows = friends.filter((f) => !seated.has(f.id)).map((f) => {  // a friend already seated is not offered
    const seat = table.players === 4 ? h("select", { class: "invite-seat", "aria-label": t("invite.seat_for", { name: f.name }) },
      h("option", { value: "" }, t("invite.any_seat")), free.map((s) => h("option", { value: s }, seatLabel(table, s)))) : null;
    const send = run(() => api(`/api/friends/${f.id}/invite`, { method: "POST", body: { table_id: table.id, seat: seat && seat.value !== "" ? Number(seat.value) : null } }));
    return h("li", { class: "table-card friend", dataset: { user: f.id } }, h("b", {}, f.name), " ",
      h("span", { class: f.online ? "online" : "muted" }, f.online ? t("friends.online") : t("friends.offline")), seat,
      h("button", { class: "small primary", onclick: send }, t("friends.invite")));
  });
  return h("div", { id: "invite-friends" }, h("h3", {}, t("invite.friends")),
    rows.length ? h("ul", { class: "table-list" }, rows) : h("p", { class: "muted" }, t("invite.no_friends")));
}

/** A seat's words in 4 players: where it is and whose partner it is. */
function seatLabel(table, s) {
  const where = t(POSITIONS[s]);
  return s % 2 === 0 ? t("invite.partner_seat", { where }) : t("invite.opponent_seat", { where });
}

function seatsPanel(table, err) {
  const rows = table.seats.map((s) => {
    const to = h("select", { class: "seat-to", "aria-label": t("invite.move_to", { name: displayName(s.name) }) },
      table.seats.filter((o) => o.seat !== s.seat).map((o) => h("option", { value: o.seat }, t(POSITIONS[o.seat]))));
    const move = async () => {
      try { await sendSeat(table.id, s.seat, Number(to.value)); showOwnTable(table.id); } catch (e) { err.textContent = e.message; }
    };
    return h("li", { class: "table-card", dataset: { seat: s.seat } }, h("b", {}, t(POSITIONS[s.seat])), " ",
      h("span", {}, s.user_id === null ? t("invite.empty_seat") : displayName(s.name)),
      s.user_id === null ? null : h("span", { class: "inline" }, to, h("button", { class: "small", onclick: move }, t("invite.move"))));
  });
  return h("div", { id: "invite-seats" }, h("h3", {}, t("invite.seats")), h("p", { class: "note" }, t("invite.seats_explain")),
    h("ul", { class: "table-list" }, rows));
}

/** The owner's "seat" message on a short-lived socket of the table; rejects with the server's words. */
function sendSeat(tableId, seat, to) {
  return new Promise((resolve, reject) => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}`);
    let sent = false;
    ws.onmessage = (ev) => {
      const message = JSON.parse(ev.data);
      if (!sent && message.type === "state") { sent = true; ws.send(JSON.stringify({ type: "seat", seat, to, id: 1 })); return; }
      if (message.reply_to !== 1) return;
      ws.close();
      if (message.type === "error") reject(new Error(message.message)); else resolve();
    };
    ws.onclose = (ev) => { if (!sent) reject(new Error(ev.reason || t("err.network"))); };
  });
}

// ------------------------------------------------------------------ the link's page
/** #/invite/<token> */
export async function showInvite(token) {
  let info;
  try { info = await api(`/api/invitations/${encodeURIComponent(token)}`); } catch (e) { return refusedLink(e.message); }
  const lead = h("p", { id: "invite-lead" }, info.owner
    ? t("invite.from", { name: info.owner, table: tableTitle(info.table.name) }) : t("invite.to_table", { table: tableTitle(info.table.name) }));
  const err = h("p", { class: "error", id: "invite-error", role: "alert" });
  const take = async () => {
    const { table_id } = await api(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: "POST" });
    return table_id;
  };
  if (app.user) {
    const sitting = h("p", { class: "muted", id: "invite-sitting" }, t("invite.sitting"));
    main().replaceChildren(panel("invite", t("invite.page_title"), lead, sitting, err));
    try { location.hash = `#/table/${await take()}`; } catch (e) {
      sitting.remove();  // refused: only the reason stays, with the way back
      err.textContent = e.message;
      err.after(h("p", {}, h("a", { href: "#/" }, t("table.back"))));
    }
    return;
  }
  const nick = h("input", { id: "invite-nick", maxlength: 24, autocomplete: "nickname", "aria-label": t("account.nickname"), placeholder: t("account.nickname") });
  const sit = async (ev) => {
    ev.preventDefault();
    try { await api("/api/guest", { method: "POST", body: { nickname: nick.value.trim() } }); } catch (e) { err.textContent = e.message; return; }
    location.reload();  // the header shows the new session, and the link is taken as for any signed-in player
  };
  main().replaceChildren(panel("invite", t("invite.page_title"), lead, h("p", {}, t("invite.pick_nickname")),
    h("form", { class: "inline", id: "invite-form", onsubmit: sit, novalidate: true }, nick,
      h("button", { class: "primary", id: "invite-sit", type: "submit" }, t("invite.sit"))), err,
    h("p", { class: "note" }, t("invite.or_login"))));
  nick.focus();
}

function refusedLink(text) {
  main().replaceChildren(panel("invite", t("invite.page_title"), h("p", { class: "error", id: "invite-error" }, text),
    h("p", {}, h("a", { href: "#/" }, t("table.back")))));
}
