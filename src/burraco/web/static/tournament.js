// Tournaments: the list, the public standings page (shareable, live) and the create / import forms.
// The director's console is in console.js. Every step goes to /api/tournaments, which runs it through
// the same director module as `burraco tournament` (docs/tournament.md "Tournaments in the browser").
import { t } from "./i18n.js";
import { app, h, api, displayName } from "./ui.js";
import { onlinePanel, fetchOnline, invitationsPanel } from "./online.js";

export const POLL_MS = 4000;

/** Poll `load` every few seconds while this page is shown (app.js's route() stops it: lobbyTimer). */
export function poll(load) {
  if (app.lobbyTimer) clearInterval(app.lobbyTimer);
  app.lobbyTimer = setInterval(load, POLL_MS);
}

/** The tournament (the browser revalidates with its ETag: 304 while nothing changed). */
export async function fetchTournament(id) { return (await api(`/api/tournaments/${id}`)).tournament; }

export function movementName(m) { return t(`tour.movement.${m}`); }

export function progress(tr) {
  if (tr.finished) return t("tour.finished");
  return tr.paired_turns ? t("tour.progress", { n: tr.paired_turns, turns: tr.turns }) : t("tour.not_started");
}

function summaryLine(tr) {
  return `${t(`tour.kind.${tr.kind}`)} · ${t("tour.entrants_n", { count: tr.entrants })} · ${progress(tr)}`;
}

// ------------------------------------------------------------------ shared tables
export function standingsTable(lines, id = "standings") {
  const head = h("tr", {}, ["rank", "name", "vp", "mp", "played"].map((c) => h("th", { class: `c-${c}` }, t(`tour.col.${c}`))));
  const rows = lines.map((s) => h("tr", { class: s.withdrawn ? "withdrawn" : "" },
    h("td", { class: "num" }, s.rank),
    h("td", {}, displayName(s.name), s.withdrawn ? h("span", { class: "muted" }, ` (${t("tour.withdrawn")})`) : null,
      s.penalty ? h("span", { class: "muted" }, ` ${t("tour.penalty_mark", { vp: s.penalty })}`) : null),
    h("td", { class: "num" }, s.vp), h("td", { class: "num" }, s.mp), h("td", { class: "num c-played" }, s.played)));
  return h("div", { class: "tour-scroll" }, h("table", { class: "tour-table", id }, h("thead", {}, head), h("tbody", {}, rows)));
}

export function resultText(r) {
  if (!r) return t("tour.pending");
  const points = r.ns_points !== null && r.ns_points !== undefined ? `${r.ns_points}–${r.ew_points}` : `${r.mp_ns > 0 ? "+" : ""}${r.mp_ns} MP`;
  const note = r.kind === "arbitral" || r.kind === "forced" ? ` · ${t(`tour.result.${r.kind}`)}` : "";
  const vp = t("tour.vp", { ns: r.vp_ns, ew: r.vp_ew });
  return r.kind === "forced" ? `${vp}${note}` : `${points} · ${vp}${note}`;  // a forced rest has no score
}

export function restLines(turn) {
  return turn.rests.map((r) => h("p", { class: "muted tour-rest" }, t("tour.rest", { name: displayName(r.name), vp: r.vp, mp: r.mp })));
}

function turnResults(turn) {
  const rows = turn.tables.map((tb) => h("tr", {},
    h("td", { class: "num" }, tb.number), h("td", {}, displayName(tb.ns_label)), h("td", {}, displayName(tb.ew_label)),
    h("td", { class: tb.result ? "" : "muted" }, resultText(tb.result))));
  const head = h("tr", {}, ["table", "ns", "ew", "result"].map((c) => h("th", {}, t(`tour.col.${c}`))));
  return h("section", { class: "tour-turn", id: `turn-${turn.number}` },
    h("h3", {}, `${t("tour.turn", { n: turn.number })} · ${movementName(turn.movement)}`),
    h("div", { class: "tour-scroll" }, h("table", { class: "tour-table" }, h("thead", {}, head), h("tbody", {}, rows))),
    restLines(turn));
}

// ------------------------------------------------------------------ the public page
/** "Standings after turn [n]": the provisional standings after any paired turn (Art. 31), the latest by default. */
function afterPicker(tr, chosen, onpick) {
  if (tr.paired_turns < 2) return null;
  const select = h("select", { id: "standings-after", "aria-label": t("tour.after_turn") },
    Array.from({ length: tr.paired_turns }, (_, k) => h("option", { value: k + 1, selected: k + 1 === chosen }, k + 1)));
  select.addEventListener("change", () => onpick(Number(select.value)));
  return h("label", { class: "after-picker" }, `${t("tour.after_turn")} `, select);
}

export async function showTournament(id) {
  const main = document.getElementById("main");
  let shown = -1, after = null, last = null, online = null;
  const render = async (tr) => {
    const turn = after && after < tr.paired_turns ? after : tr.paired_turns;
    const lines = turn === tr.paired_turns ? tr.standings
      : (await api(`/api/tournaments/${tr.id}/standings?after=${turn}`)).standings;
    const url = `${location.origin}/#/tournament/${tr.id}`;
    const title = tr.finished && turn === tr.paired_turns ? t("tour.standings_final") : t("tour.standings_after", { n: turn });
    main.replaceChildren(h("div", { class: "panel", id: "tournament" },
      h("h2", {}, tr.name),
      h("p", { class: "muted", id: "tour-summary" }, summaryLine(tr), " · ", h("span", { class: "live" }, t("tour.live"))),
      h("p", { class: "share" }, `${t("tour.share")}: `, h("a", { href: url, id: "share-link" }, url)),
      onlinePanel(tr.id, online, async () => { shown = -1; await load(); }),
      tr.can_direct ? h("p", {}, h("a", { class: "button", href: `#/director/${tr.id}`, id: "open-console" }, t("tour.console"))) : null,
      h("div", { class: "standings-head" }, h("h3", {}, title), afterPicker(tr, turn, (n) => { after = n; render(last); })),
      standingsTable(lines),
      [...tr.turns_list].reverse().map(turnResults)));
  };
  const load = async () => {
    try {
      const tr = await fetchTournament(id);
      if (tr.version !== shown) {
        try { online = await fetchOnline(id); } catch { online = null; }
        shown = tr.version; last = tr; await render(tr);
      }
    } catch (e) { if (shown < 0) main.replaceChildren(h("p", { class: "error" }, e.message)); }
  };
  main.replaceChildren(h("p", { class: "muted" }, t("loading")));
  await load();
  poll(load);
}

// ------------------------------------------------------------------ the list, create and import
function field(id, label, input) { return h("div", { class: "field" }, h("label", { for: id }, label), input); }

function options(id, values, chosen, word) {
  return h("select", { id }, values.map((v) => h("option", { value: v, selected: v === chosen }, word(v))));
}

function createForm() {
  const name = h("input", { id: "tour-name", maxlength: 80, required: true });
  const kind = options("tour-kind", ["pairs", "individual", "teams"], "pairs", (k) => t(`tour.kind.${k}`));
  const turns = h("input", { id: "tour-turns", type: "number", min: 1, max: 40, value: 4, inputmode: "numeric" });
  const hands = options("tour-hands", [2, 3, 4], 3, String);
  const movement = h("input", { id: "tour-movement", value: "mitchell*3,danish-modified", maxlength: 200 });
  const seating = options("tour-seating", ["order", "lot", "director"], "order", (s) => t(`tour.seating.${s}`));
  const vpTable = options("tour-vp", ["fibur", "portal", "wide"], "fibur", (v) => t(`tour.vp_table.${v}`));
  const jump = h("input", { id: "tour-jump", type: "number", min: 1, max: 100, value: 1, inputmode: "numeric" });
  const err = h("p", { class: "error", id: "tour-create-error", role: "alert" });
  const submit = async (ev) => {
    ev.preventDefault();
    if (!name.value.trim()) { err.textContent = t("tour.name_empty"); name.focus(); return; }
    const body = { name: name.value.trim(), kind: kind.value, turns: Number(turns.value), hands: Number(hands.value),
      movement: movement.value.trim(), seating: seating.value, vp_table: vpTable.value, jump: Number(jump.value) };
    try { const { tournament } = await api("/api/tournaments", { method: "POST", body }); location.hash = `#/director/${tournament.id}`; }
    catch (e) { err.textContent = e.message; }
  };
  return h("form", { class: "grid", id: "tour-create", onsubmit: submit, novalidate: true },
    field("tour-name", t("tour.create.name"), name), field("tour-kind", t("tour.create.kind"), kind),
    field("tour-turns", t("tour.create.turns"), turns), field("tour-hands", t("tour.create.hands"), hands),
    field("tour-movement", t("tour.create.movement"), movement), field("tour-seating", t("tour.create.seating"), seating),
    field("tour-vp", t("tour.create.vp_table"), vpTable), field("tour-jump", t("tour.create.jump"), jump),
    h("div", { class: "field" }, h("button", { class: "primary", id: "tour-create-btn", type: "submit" }, t("tour.create.submit"))),
    h("p", { class: "muted note" }, t("tour.create.movement_hint")), err);
}

function importForm() {
  const file = h("input", { id: "tour-file", type: "file", accept: ".json,application/json", "aria-label": t("tour.import.title") });
  const err = h("p", { class: "error", id: "tour-import-error", role: "alert" });
  const submit = async (ev) => {
    ev.preventDefault();
    const chosen = file.files && file.files[0];
    if (!chosen) { err.textContent = t("tour.import.choose"); return; }
    let document;
    try { document = JSON.parse(await chosen.text()); } catch { err.textContent = t("tour.import.bad_json"); return; }
    try { const { tournament } = await api("/api/tournaments/import", { method: "POST", body: { document } }); location.hash = `#/director/${tournament.id}`; }
    catch (e) { err.textContent = e.message; }
  };
  return h("form", { class: "inline", id: "tour-import", onsubmit: submit }, file,
    h("button", { type: "submit", id: "tour-import-btn" }, t("tour.import.submit")), err);
}

function tournamentCard(tr) {
  return h("li", { class: "table-card" }, h("b", {}, tr.name), h("div", { class: "muted" }, summaryLine(tr)),
    h("div", { class: "muted" }, t("tour.director_is", { name: tr.owner })),
    h("a", { class: "button", href: `#/tournament/${tr.id}` }, t("tour.open")));
}

export async function showTournaments() {
  const main = document.getElementById("main");
  let data;
  try { data = await api("/api/tournaments"); } catch (e) { main.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const list = data.tournaments.length ? h("ul", { class: "table-list", id: "tour-list" }, data.tournaments.map(tournamentCard))
    : h("p", { class: "muted" }, t("tour.none"));
  const director = data.can_direct
    ? [h("div", { class: "panel" }, h("h2", {}, t("tour.create.title")), createForm()),
       h("div", { class: "panel" }, h("h2", {}, t("tour.import.title")), h("p", { class: "muted" }, t("tour.import.hint")), importForm())]
    : [h("div", { class: "panel" }, h("p", { class: "note", id: "tour-not-director" }, t("tour.not_director")))];
  const invitations = app.user && app.user.kind === "account" ? await invitationsPanel(showTournaments) : null;  // to accept or refuse
  main.replaceChildren(...(invitations ? [invitations] : []), h("div", { class: "panel" }, h("h2", {}, t("tour.list.title")), list), ...director);
}
