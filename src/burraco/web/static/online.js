// Online tournament turns (docs/tournament.md "Online turns"): the players' panel of the public page
// (my table, the turn's clock, every table's live table) and the director's online panel of the console
// (link accounts to entrants, the turn's minutes, start the next turn). The server opens the tables and
// records their results through the director module; this page only shows /api/tournaments/ID/online.
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

function mineLine(o) {
  const m = o.mine;
  if (!m) return null;
  if (m.rest) return h("p", { id: "my-table", class: "ok" }, t("online.rest", { name: displayName(m.name) }));
  if (!m.table_id) return h("p", { id: "my-table", class: "muted" }, t("online.wait", { name: displayName(m.name) }));
  return h("p", { id: "my-table", class: "ok" }, t("online.mine", { name: displayName(m.name), n: m.table }), " ",
    h("a", { class: "button primary", href: `#/table/${m.table_id}`, id: "my-table-link" }, t("online.go")));
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
  if (!o || (!o.started && !o.open && !Object.keys(o.players).length)) return null;
  return h("div", { class: "panel", id: "online" }, h("h3", {}, t("online.title")),
    o.started ? clockLine(o) : h("p", { class: "muted" }, t("online.not_started", { n: nextTurn(o) })),
    mineLine(o), joinForm(id, o, changed), o.started ? tablesList(o) : null);
}

export async function fetchOnline(id) { return (await api(`/api/tournaments/${id}/online`)).online; }

/** The console's online panel: link accounts, the turn's minutes and auto start, start the next turn. */
export function directorPanel(tr, o, done) {
  const msg = h("p", { class: "error tour-msg", id: "online-msg", role: "alert" });
  const send = async (path, body) => {
    try { await api(`/api/tournaments/${tr.id}/online/${path}`, { method: "POST", body }); await done(); }
    catch (e) { msg.textContent = e.message; }
  };
  const who = h("select", { id: "link-entrant", "aria-label": t("online.entrant") }, tr.entrants_list.map((e) => h("option", { value: e.id }, `${e.id} ${e.name}`)));
  const names = h("input", { id: "link-names", placeholder: t("online.names_hint"), "aria-label": t("online.names_hint"), maxlength: 200 });
  const link = (ev) => { ev.preventDefault(); send("players", { entrant: Number(who.value), players: names.value.split(",").map((n) => n.trim()).filter(Boolean) }); };
  const minutes = h("input", { id: "online-minutes", type: "number", min: 1, max: 600, value: o.minutes ?? "", placeholder: t("online.art5"), "aria-label": t("online.minutes") });
  const auto = h("input", { id: "online-auto", type: "checkbox", checked: o.auto });
  const open = h("input", { id: "online-open", type: "checkbox", checked: o.open });
  const save = (ev) => { ev.preventDefault(); send("settings", { minutes: minutes.value ? Number(minutes.value) : null, auto: auto.checked, open: open.checked }); };
  const start = () => send("start", { version: tr.version });
  const linked = Object.entries(o.players).map(([eid, list]) => h("li", {}, `${eid} ${displayName(tr.entrants_list[Number(eid) - 1]?.name ?? "")}: ${list.join(", ") || t("online.bots")}`));
  const missing = o.started && o.tables.some((x) => !x.done && !x.table_id);
  const playing = o.started && !missing && o.tables.some((x) => !x.done);
  const label = missing ? t("online.open_missing") : t("online.start", { n: nextTurn(o) });
  return h("div", { class: "panel", id: "online-console" }, h("h3", {}, t("online.title")),
    o.started ? clockLine(o) : null,
    h("p", {}, h("button", { class: "primary", id: "online-start", onclick: start, disabled: tr.finished || playing }, label)),
    o.started ? tablesList(o) : null,
    h("form", { class: "inline", id: "link-form", onsubmit: link }, who, names, h("button", { type: "submit", id: "link-btn" }, t("online.link"))),
    linked.length ? h("ul", { id: "linked" }, linked) : h("p", { class: "muted note" }, t("online.link_hint")),
    h("form", { class: "inline", id: "online-settings", onsubmit: save }, h("label", { for: "online-minutes" }, t("online.minutes")), minutes,
      h("label", {}, auto, " ", t("online.auto")), h("label", {}, open, " ", t("online.open")), h("button", { type: "submit", id: "online-save" }, t("tour.save"))),
    msg);
}
