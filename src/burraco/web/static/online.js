// Online tournament turns (docs/tournament.md "Online turns"): the players' panel of the public page
// (my table, the turn's clock, every table's live table, my invitations to accept or refuse) and the
// director's online panel of the console (link accounts to entrants and see who has accepted, the
// turn's minutes, start the next turn). The server opens the tables and records their results through
// the director module; this page only shows /api/tournaments/ID/online. A named account plays only once
// it has accepted (consent.py): until then it is "waiting for an answer".
import { t } from "./i18n.js";
import { app, h, api, displayName } from "./ui.js";

const clock = { left: null, at: 0, timer: null };

function mmss(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The turn's clock, counted down here from the server's time_left (no trust in this device's date). */
function clockLine(o) {
  const el = h("p", { class: "turn-clock", id: "turn-clock" });
  if (clock.timer) clearInterval(clock.timer);
  clock.left = o.time_left; clock.at = performance.now();
  const show = () => {
    if (!document.body.contains(el) && clock.timer) { clearInterval(clock.timer); clock.timer = null; return; }
    const left = clock.left - (performance.now() - clock.at) / 1000;
    el.textContent = left > 0 ? t("online.clock", { n: o.turn, left: mmss(left) }) : t("online.time_up", { n: o.turn });
  };
  show();
  if (o.time_left > 0) clock.timer = setInterval(show, 1000);
  return el;
}

function tablesList(o) {
  return h("ul", { class: "online-tables", id: "online-tables" }, o.tables.map((x) => h("li", { dataset: { table: x.table } },
    `${t("online.table", { n: x.table })}: ${displayName(x.ns)} – ${displayName(x.ew)} `,
    x.done ? h("span", { class: "muted" }, t("online.done"))
      : x.table_id ? h("a", { href: `#/table/${x.table_id}`, class: "watch" }, t("online.watch")) : h("span", { class: "muted" }, t("online.not_open")))));
}

/** Names with a "waiting for an answer" mark on those who have not accepted yet. */
function people(list) {
  return list.map((p) => (p.pending ? `${p.name} (${t("online.asked")})` : p.name)).join(", ");
}

/** POST one of the event's online steps, then show the new state (or the refusal in `err`). */
function sender(id, err, changed) {
  return async (path, body) => {
    try { await api(`/api/tournaments/${id}/online/${path}`, { method: "POST", body }); await changed(); }
    catch (e) { err.textContent = e.message; }
  };
}

function mineLine(id, o, changed) {
  const m = o.mine;
  if (!m) return null;
  const waiting = (m.waiting || []).join(", ");
  if (m.entrant === null) {  // my own entry, waiting for my partner: not in the field yet
    const err = h("p", { class: "error", id: "entry-msg", role: "alert" });
    return h("div", { id: "my-entry" }, h("p", { id: "my-table", class: "muted" }, t("online.entry_waiting", { name: displayName(m.name), players: waiting }), " ",
      h("button", { class: "small", id: "entry-withdraw", onclick: () => sender(id, err, changed)("withdraw", {}) }, t("online.withdraw"))), err);
  }
  const note = waiting ? h("p", { class: "muted note", id: "seat-waiting" }, t("online.seat_waiting", { players: waiting })) : null;
  if (m.rest) return [h("p", { id: "my-table", class: "ok" }, t("online.rest", { name: displayName(m.name) })), note];
  if (!m.table_id) return [h("p", { id: "my-table", class: "muted" }, t("online.wait", { name: displayName(m.name) })), note];
  return [h("p", { id: "my-table", class: "ok" }, t("online.mine", { name: displayName(m.name), n: m.table }), " ",
    h("a", { class: "button primary", href: `#/table/${m.table_id}`, id: "my-table-link" }, t("online.go"))), note];
}

/** One invitation, with its two answers (`answer(path, invitation)`); `event`: name the tournament and link it. */
function invitationLine(inv, answer, event = false) {
  const words = { by: inv.by, name: displayName(inv.name), players: people(inv.players) };
  return h("li", { class: "invitation", dataset: { entrant: inv.entrant } },
    event ? t("online.invitation_event", { ...words, event: inv.tournament_name }) : t("online.invitation", words), " ",
    event ? h("a", { href: `#/tournament/${inv.tournament}` }, t("tour.open")) : null, " ",
    h("button", { class: "primary small invitation-accept", onclick: () => answer("accept", inv) }, t("online.accept")), " ",
    h("button", { class: "small invitation-refuse", onclick: () => answer("refuse", inv) }, t("online.refuse")));
}

/** The signed-in player's invitations in this event. */
function invitationsBox(id, o, changed) {
  if (!o.invitations || !o.invitations.length) return null;
  const err = h("p", { class: "error", id: "invitation-msg", role: "alert" });
  const send = sender(id, err, changed);
  const answer = (path, inv) => send(path, { entrant: inv.entrant });
  return h("div", { id: "invitations" }, h("h4", {}, t("online.invitations")),
    h("ul", { class: "invitations" }, o.invitations.map((inv) => invitationLine(inv, answer))), err);
}

/** The signed-in player's invitations in every event (the tournaments page), or null when there are none. */
export async function invitationsPanel(changed) {
  let list = [];
  try { list = (await api("/api/tournaments/online/invitations")).invitations; } catch { return null; }
  if (!list.length) return null;
  const err = h("p", { class: "error", id: "my-invitations-msg", role: "alert" });
  const answer = (path, inv) => sender(inv.tournament, err, changed)(path, { entrant: inv.entrant });
  return h("div", { class: "panel", id: "my-invitations" }, h("h2", {}, t("online.invitations")),
    h("ul", { class: "invitations" }, list.map((inv) => invitationLine(inv, answer, true))), err);
}

/** The turn the director's next start plays (the server decides; this only words the button). */
function nextTurn(o) {
  if (!o.turn) return 1;
  return o.tables.length && o.tables.every((x) => x.done) ? Math.min(o.turn + 1, o.turns) : o.turn;
}

/** A signed-in player's entry form, while the director keeps registration open. */
function joinForm(id, o, changed) {
  if (!o.open || o.mine || !app.user || app.user.kind !== "account") return null;
  const name = h("input", { id: "join-name", maxlength: 80, placeholder: t("online.join_name"), "aria-label": t("online.join_name") });
  const partner = h("input", { id: "join-partner", maxlength: 40, placeholder: t("online.join_partner"), "aria-label": t("online.join_partner") });
  const err = h("p", { class: "error", id: "join-msg", role: "alert" });
  const submit = async (ev) => {
    ev.preventDefault();
    try {
      await api(`/api/tournaments/${id}/online/join`, { method: "POST", body: { entrant: name.value.trim(), partner: partner.value.trim() || null } });
      await changed();
    } catch (e) { err.textContent = e.message; }
  };
  return h("form", { class: "inline", id: "join-form", onsubmit: submit }, name, partner,
    h("button", { type: "submit", class: "primary", id: "join-btn" }, t("online.join")), err);
}

/** The players' panel, or null when the event has never gone online. */
export function onlinePanel(id, o, changed) {
  if (!o || (!o.started && !o.open && !Object.keys(o.players).length && !o.invitations?.length && !o.mine)) return null;
  return h("div", { class: "panel", id: "online" }, h("h3", {}, t("online.title")),
    o.started ? clockLine(o) : h("p", { class: "muted" }, t("online.not_started", { n: nextTurn(o) })),
    mineLine(id, o, changed), invitationsBox(id, o, changed), joinForm(id, o, changed), o.started ? tablesList(o) : null);
}

export async function fetchOnline(id) { return (await api(`/api/tournaments/${id}/online`)).online; }

/** The console's online panel: link accounts, the turn's minutes and auto start, start the next turn. */
export function directorPanel(tr, o, done) {
  const msg = h("p", { class: "error tour-msg", id: "online-msg", role: "alert" });
  const send = sender(tr.id, msg, done);
  const who = h("select", { id: "link-entrant", "aria-label": t("online.entrant") }, tr.entrants_list.map((e) => h("option", { value: e.id }, `${e.id} ${e.name}`)));
  const names = h("input", { id: "link-names", placeholder: t("online.names_hint"), "aria-label": t("online.names_hint"), maxlength: 200 });
  const link = (ev) => { ev.preventDefault(); send("players", { entrant: Number(who.value), players: names.value.split(",").map((n) => n.trim()).filter(Boolean) }); };
  const minutes = h("input", { id: "online-minutes", type: "number", min: 1, max: 600, value: o.minutes ?? "", placeholder: t("online.art5"), "aria-label": t("online.minutes") });
  const auto = h("input", { id: "online-auto", type: "checkbox", checked: o.auto });
  const open = h("input", { id: "online-open", type: "checkbox", checked: o.open });
  const save = (ev) => { ev.preventDefault(); send("settings", { minutes: minutes.value ? Number(minutes.value) : null, auto: auto.checked, open: open.checked }); };
  const start = () => send("start", { version: tr.version });
  const entrantName = (eid) => tr.entrants_list[Number(eid) - 1]?.name ?? "";
  // the director reads who has accepted and who is still asked (links); other readers only the accepted
  const links = o.links ?? Object.fromEntries(Object.entries(o.players).map(([eid, list]) => [eid, list.map((name) => ({ name, pending: false }))]));
  const linked = Object.entries(links).map(([eid, list]) => h("li", { dataset: { entrant: eid } },
    `${eid} ${displayName(entrantName(eid))}: ${people(list) || t("online.bots")}`,
    list.some((p) => p.pending) ? [" ", h("button", { class: "small", onclick: () => send("withdraw", { entrant: Number(eid) }) }, t("online.withdraw_invitation"))] : null));
  const entries = (o.entries ?? []).map((e) => h("li", { dataset: { entry: e.name } },
    t("online.entry_line", { name: displayName(e.name), by: e.by, players: people(e.players) }), " ",
    h("button", { class: "small", onclick: () => send("withdraw", { entrant: e.name }) }, t("online.withdraw"))));
  const asked = [
    ...Object.entries(links).flatMap(([eid, list]) => list.filter((p) => p.pending).map((p) => `${p.name} (${displayName(entrantName(eid))})`)),
    ...(o.entries ?? []).flatMap((e) => e.players.filter((p) => p.pending).map((p) => `${p.name} (${displayName(e.name)})`)),
  ];
  const missing = o.started && o.tables.some((x) => !x.done && !x.table_id);
  const playing = o.started && !missing && o.tables.some((x) => !x.done);
  const label = missing ? t("online.open_missing") : t("online.start", { n: nextTurn(o) });
  return h("div", { class: "panel", id: "online-console" }, h("h3", {}, t("online.title")),
    o.started ? clockLine(o) : null,
    asked.length ? h("p", { class: "error note", id: "online-waiting", role: "status" }, t("online.waiting_warning", { names: asked.join(", ") })) : null,
    h("p", {}, h("button", { class: "primary", id: "online-start", onclick: start, disabled: tr.finished || playing }, label)),
    o.started ? tablesList(o) : null,
    h("form", { class: "inline", id: "link-form", onsubmit: link }, who, names, h("button", { type: "submit", id: "link-btn" }, t("online.link"))),
    linked.length ? h("ul", { id: "linked" }, linked) : h("p", { class: "muted note" }, t("online.link_hint")),
    entries.length ? [h("h4", {}, t("online.entries")), h("ul", { id: "waiting-entries" }, entries)] : null,
    h("p", { class: "muted note" }, t("online.consent_hint")),
    h("form", { class: "inline", id: "online-settings", onsubmit: save }, h("label", { for: "online-minutes" }, t("online.minutes")), minutes,
      h("label", {}, auto, " ", t("online.auto")), h("label", {}, open, " ", t("online.open")), h("button", { type: "submit", id: "online-save" }, t("tour.save"))),
    msg);
}
