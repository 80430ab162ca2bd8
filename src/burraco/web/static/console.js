// The director's console: register (late arrivals too), pair the next turn, print score cards, enter
// cards as they are handed in, correct them (Art. 31), abandonment and penalties (Art. 23, 32),
// withdrawals, provisional standings after every turn, exports. The server runs every step through
// the director module; this page only sends it and shows the server's answer (or its refusal, worded).
import { t, lang } from "./i18n.js";
import { h, api, displayName, showModal, hideModal } from "./ui.js";
import { directorPanel, fetchOnline } from "./online.js";
import { fetchTournament, poll, POLL_MS, standingsTable, resultText, restLines, movementName, progress } from "./tournament.js";
import { terminalsPanel } from "./terminal.js";
import { rulingsPanel } from "./arbiter_form.js";

const current = { tr: null, flash: null, online: null };

/** Fetch the tournament and its online state again and show them. */
async function reload() {
  const tr = await fetchTournament(current.tr.id);
  try { current.online = await fetchOnline(tr.id); } catch { current.online = null; }
  render(tr);
}

function num(input) { const v = input.value.trim(); return v === "" ? null : Number(v); }

/** Send one step (with the version shown, so a stale page is refused, not applied); show the answer. */
async function step(path, body, flashId, retried = false) {
  const tr = current.tr;
  try {
    const data = await api(`/api/tournaments/${tr.id}/${path}`, { method: "POST", body: { ...body, version: tr.version } });
    current.flash = flashId ? { id: flashId, text: t("tour.saved"), error: false } : null;
    hideModal();
    try { current.online = await fetchOnline(tr.id); } catch { /* keep the last one */ }
    render(data.tournament);
    return true;
  } catch (e) {
    current.flash = { id: flashId, text: e.message, error: true };
    let fresh = tr;
    try { fresh = await fetchTournament(tr.id); } catch { /* keep the page as it is */ }
    if (e.code === "t.changed" && !retried && fresh.version !== tr.version) {
      // an online turn's results moved the tournament on while the director clicked: the step is
      // sent once more on the fresh state (the server checks it again; a second refusal is shown)
      current.tr = fresh;
      return step(path, body, flashId, true);
    }
    if (fresh.version !== tr.version) { hideModal(); render(fresh); return false; }  // it was stale: the server's state
    showFlash();  // refused: nothing changed, the typed card stays for the director to fix
    return false;
  }
}

function message(id) { return h("p", { class: "error tour-msg", id, role: "alert" }); }

function showFlash() {
  const f = current.flash;
  const el = f && (document.getElementById(f.id) || document.getElementById("console-msg"));
  if (el) { el.textContent = f.text; el.className = f.error ? "error tour-msg" : "ok tour-msg"; }
  current.flash = null;
}

// ------------------------------------------------------------------ panels
function headPanel(tr) {
  const base = `/api/tournaments/${tr.id}`;
  const link = (href, key, id) => h("a", { href, id, download: "" }, t(key));
  return h("div", { class: "panel", id: "console-head" },
    h("h2", {}, tr.name), h("p", { class: "muted" }, `${t(`tour.kind.${tr.kind}`)} · ${progress(tr)} · `,
      tr.config.movements.map(movementName).join(", ")),
    h("p", { class: "tour-links" }, h("a", { href: `#/tournament/${tr.id}`, id: "public-link" }, t("tour.public")), " · ",
      `${t("tour.exports")}: `, link(`${base}/export?format=json`, "tour.export.json", "export-json"), " ",
      link(`${base}/export?format=csv&lang=${lang()}`, "tour.export.csv", "export-csv"), " ",
      link(`${base}/export?format=html&lang=${lang()}`, "tour.export.html", "export-html"), " ",
      link(`${base}/export?format=pdf&lang=${lang()}`, "tour.export.pdf", "export-pdf")), message("console-msg"));
}

function entrantsPanel(tr) {
  const names = h("textarea", { id: "register-names", rows: 3, placeholder: t("tour.register_hint"), "aria-label": t("tour.register_hint") });
  const register = (ev) => {
    ev.preventDefault();
    const list = names.value.split("\n").map((n) => n.trim()).filter(Boolean);
    if (list.length) step("entrants", { names: list }, "register-msg");
  };
  const rows = tr.entrants_list.map((e) => h("li", { class: e.withdrawn_from ? "withdrawn" : "" },
    `${e.id} ${displayName(e.name)}`, e.late ? h("span", { class: "muted" }, ` (${t("tour.late")})`) : null,
    e.withdrawn_from ? h("span", { class: "muted" }, ` (${t("tour.withdrawn")})`)
      : h("button", { class: "small", dataset: { entrant: e.id }, onclick: () => {
        if (confirm(t("tour.withdraw_confirm", { name: e.name }))) step("withdrawals", { entrant: e.id }, "register-msg");
      } }, t("tour.withdraw"))));
  return h("div", { class: "panel", id: "entrants" }, h("h3", {}, t("tour.entrants"), ` (${tr.entrants})`),
    h("ol", { class: "tour-entrants" }, rows),
    h("form", { class: "inline", id: "register-form", onsubmit: register }, names,
      h("button", { type: "submit", class: "primary", id: "register-btn" }, t("tour.register"))),
    message("register-msg"));
}

function cardRow(tr, turn, tb) {
  const key = `card-${turn.number}-${tb.number}`;
  const sides = h("td", {}, displayName(tb.ns_label), h("br"), displayName(tb.ew_label));
  if (tb.result) {
    return h("tr", { id: key }, h("td", { class: "num" }, tb.number), sides, h("td", {}, resultText(tb.result),
      h("div", {}, h("button", { class: "small", id: `${key}-correct`, onclick: () => correctDialog(turn, tb) }, t("tour.correct")))));
  }
  const ns = h("input", { id: `${key}-ns`, type: "number", step: 5, inputmode: "numeric", placeholder: t("tour.ns"), "aria-label": t("tour.ns") });
  const ew = h("input", { id: `${key}-ew`, type: "number", step: 5, inputmode: "numeric", placeholder: t("tour.ew"), "aria-label": t("tour.ew") });
  const mp = h("input", { id: `${key}-mp`, type: "number", step: 5, inputmode: "numeric", placeholder: t("tour.mp_ns"), "aria-label": t("tour.mp_ns") });
  const save = (ev) => {
    ev.preventDefault();
    step("results", { turn: turn.number, table: tb.number, ns: num(ns), ew: num(ew), mp: num(mp) }, "cards-msg");
  };
  return h("tr", { id: key }, h("td", { class: "num" }, tb.number), sides,
    h("td", {}, h("form", { class: "card-form", novalidate: true, onsubmit: save }, ns, ew, h("span", { class: "muted" }, t("tour.or")), mp,
      h("button", { type: "submit", class: "primary small", id: `${key}-save` }, t("tour.save")),
      h("button", { type: "button", class: "small", id: `${key}-abandon`, onclick: () => abandonDialog(turn, tb) }, t("tour.abandon")))));
}

function turnPanel(tr) {
  const turn = tr.turns_list[tr.turns_list.length - 1];
  const next = tr.paired_turns + 1;
  const order = h("input", { id: "pair-order", placeholder: t("tour.order"), "aria-label": t("tour.order") });
  const pair = (ev) => {
    ev.preventDefault();
    const refs = order.value.split(",").map((r) => r.trim()).filter(Boolean).map((r) => (/^\d+$/.test(r) ? Number(r) : r));
    step("pair", tr.paired_turns === 0 && refs.length ? { order: refs } : {}, "pair-msg");
  };
  const pairForm = next > tr.turns ? h("p", { class: "muted" }, t("tour.all_paired"))
    : h("form", { class: "inline", id: "pair-form", onsubmit: pair }, tr.paired_turns === 0 ? order : null,
      h("button", { type: "submit", class: "primary", id: "pair-btn" }, t("tour.pair_next", { n: next })));
  const parts = [h("h3", {}, turn ? `${t("tour.turn", { n: turn.number })} · ${movementName(turn.movement)}` : t("tour.not_started")), pairForm, message("pair-msg")];
  if (turn) {
    const base = `/api/tournaments/${tr.id}/turns/${turn.number}/scorecards`;
    parts.push(h("p", { class: "tour-links" }, h("a", { href: `${base}?lang=${lang()}`, id: "scorecards-pdf", download: "" }, t("tour.scorecards_pdf")), " · ",
      h("a", { href: `${base}?format=html&lang=${lang()}`, id: "scorecards-html", download: "" }, t("tour.scorecards_html"))),
    h("p", { class: "muted note" }, t("tour.cards_hint")),
    h("div", { class: "tour-scroll" }, h("table", { class: "tour-table cards", id: "cards" }, h("tbody", {}, turn.tables.map((tb) => cardRow(tr, turn, tb))))),
    message("cards-msg"), ...restLines(turn));
  }
  return h("div", { class: "panel", id: "turn-panel" }, parts);
}

function earlierPanel(tr) {
  const earlier = tr.turns_list.slice(0, -1).reverse();
  if (!earlier.length) return null;
  return h("div", { class: "panel", id: "earlier" }, h("h3", {}, t("tour.earlier")),
    earlier.map((turn) => h("details", {}, h("summary", {}, `${t("tour.turn", { n: turn.number })} · ${movementName(turn.movement)}`),
      h("table", { class: "tour-table cards" }, h("tbody", {}, turn.tables.map((tb) => cardRow(tr, turn, tb)))), restLines(turn))));
}

function penaltyPanel(tr) {
  if (!tr.paired_turns) return null;
  const who = h("select", { id: "penalty-entrant" }, tr.entrants_list.map((e) => h("option", { value: e.id }, `${e.id} ${e.name}`)));
  const turn = h("input", { id: "penalty-turn", type: "number", min: 1, max: tr.paired_turns, value: tr.paired_turns });
  const vp = h("input", { id: "penalty-vp", type: "number", min: 1, max: 20, value: 1 });
  const reason = h("input", { id: "penalty-reason", maxlength: 200 });
  const give = (ev) => { ev.preventDefault(); step("penalties", { entrant: Number(who.value), turn: Number(turn.value), vp: Number(vp.value), reason: reason.value }, "penalty-msg"); };
  const given = tr.penalties.map((p) => h("li", {}, t("tour.penalty_line", { turn: p.turn, name: tr.entrants_list[p.entrant - 1].name, vp: p.vp, reason: p.reason })));
  const field = (id, label, input) => h("div", { class: "field" }, h("label", { for: id }, label), input);
  return h("div", { class: "panel", id: "penalties" }, h("h3", {}, t("tour.penalties")), given.length ? h("ul", {}, given) : null,
    h("form", { class: "grid", id: "penalty-form", novalidate: true, onsubmit: give }, field("penalty-entrant", t("tour.penalty.entrant"), who),
      field("penalty-turn", t("tour.penalty.turn"), turn), field("penalty-vp", t("tour.penalty.vp"), vp),
      field("penalty-reason", t("tour.penalty.reason"), reason),
      h("div", { class: "field" }, h("button", { type: "submit", id: "penalty-btn" }, t("tour.penalty.submit")))), message("penalty-msg"));
}

// ------------------------------------------------------------------ dialogs
function dialog(title, body, onsubmit) {
  showModal(h("form", { class: "grid", id: "tour-dialog", novalidate: true, onsubmit: (ev) => { ev.preventDefault(); onsubmit(); } },
    h("h3", {}, title), body, h("div", { class: "field" }, h("button", { type: "submit", class: "primary", id: "dialog-ok" }, t("tour.save"))),
    h("div", { class: "field" }, h("button", { type: "button", onclick: hideModal }, t("tour.cancel"))), message("modal-error")));
}

function correctDialog(turn, tb) {
  const kind = h("select", { id: "correct-kind" }, ["arithmetic", "swapped"].map((k) => h("option", { value: k }, t(`tour.correct.${k}`))));
  const ns = h("input", { id: "correct-ns", type: "number", step: 5, placeholder: t("tour.ns"), "aria-label": t("tour.ns") });
  const ew = h("input", { id: "correct-ew", type: "number", step: 5, placeholder: t("tour.ew"), "aria-label": t("tour.ew") });
  const mp = h("input", { id: "correct-mp", type: "number", step: 5, placeholder: t("tour.mp_ns"), "aria-label": t("tour.mp_ns") });
  const agreed = h("input", { id: "correct-agreed", type: "checkbox" });
  dialog(t("tour.correct_title", { turn: turn.number, table: tb.number }),
    [kind, h("div", { class: "card-form" }, ns, ew, h("span", { class: "muted" }, t("tour.or")), mp),
      h("label", {}, agreed, " ", t("tour.agreed"))],
    () => step("corrections", { turn: turn.number, table: tb.number, kind: kind.value, ns: num(ns), ew: num(ew), mp: num(mp), agreed: agreed.checked }, "modal-error"));
}

function abandonDialog(turn, tb) {
  const guilty = h("select", { id: "abandon-guilty" }, h("option", { value: "ns" }, displayName(tb.ns_label)), h("option", { value: "ew" }, displayName(tb.ew_label)));
  const ns = h("input", { id: "abandon-ns", type: "number", step: 5, value: 0, "aria-label": t("tour.ns") });
  const ew = h("input", { id: "abandon-ew", type: "number", step: 5, value: 0, "aria-label": t("tour.ew") });
  dialog(t("tour.abandon_title", { turn: turn.number, table: tb.number }),
    [h("label", {}, t("tour.abandon.guilty"), " ", guilty), h("p", { class: "muted" }, t("tour.abandon.points")), h("div", { class: "card-form" }, ns, ew)],
    () => step("abandonments", { turn: turn.number, table: tb.number, guilty: guilty.value, ns: num(ns) ?? 0, ew: num(ew) ?? 0 }, "modal-error"));
}

// ------------------------------------------------------------------ the page
function render(tr) {
  current.tr = tr;
  const main = document.getElementById("main");
  if (!tr.can_direct) { location.hash = `#/tournament/${tr.id}`; return; }
  main.replaceChildren(h("div", { id: "console" }, headPanel(tr),
    current.online ? directorPanel(tr, current.online, reload) : null, turnPanel(tr), terminalsPanel(tr), rulingsPanel(tr, lang(), POLL_MS),
    h("div", { class: "panel", id: "console-standings" }, h("h3", {}, tr.finished ? t("tour.standings_final") : t("tour.standings_after", { n: tr.paired_turns })), standingsTable(tr.standings)),
    entrantsPanel(tr), penaltyPanel(tr), earlierPanel(tr),
    h("details", { class: "panel", id: "log" }, h("summary", {}, t("tour.log")), h("pre", {}, tr.log.join("\n")))));
  showFlash();
}

export async function showConsole(id) {
  const main = document.getElementById("main");
  main.replaceChildren(h("p", { class: "muted" }, t("loading")));
  try {
    const tr = await fetchTournament(id);
    try { current.online = await fetchOnline(id); } catch { current.online = null; }
    render(tr);
  } catch (e) { main.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  poll(async () => {  // another director's tab, or the tables online: show a newer version when idle
    const typing = document.activeElement && ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
    if (typing || document.getElementById("modal")?.classList.contains("hidden") === false) return;
    try {
      const tr = await fetchTournament(id);
      if (tr.version !== current.tr.version) { current.online = await fetchOnline(id); render(tr); }
    } catch { /* next time */ }
  });
}
