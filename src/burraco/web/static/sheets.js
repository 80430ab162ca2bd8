// Score sheets, the rules panel and replays, in plain words.
import { t, has } from "./i18n.js";
import { app, h, icon, api, cardEl, cardText, cardsText, suited, seatName, entrantName, displayName, tableTitle, showModal, hideModal, ruleLink } from "./ui.js";
import { send } from "./socket.js";
import { analysisPanel } from "./analysis.js";
import { replayChat } from "./chat.js";

/** A score-sheet item from the server ({kind, detail, label, points}) in words: a meld's cards (its detail,
 * "6C JK=7C 8C (sequence, …)"), a burraco by its bonus name, every other item by its kind. */
export function itemText(item) {
  if (item.kind === "meld") {
    const meld = /^(.*?) \((sequence|combination)/.exec(item.detail);
    if (!meld) return item.label;
    const cards = meld[1].split(" ").map((c) => cardText(c.split("=")[0])).join(" ");
    return t(`sheet.meld.${meld[2]}`, { cards });
  }
  const key = item.kind === "burraco" ? `sheet.bonus.${item.detail}` : `sheet.item.${item.kind}`;
  return has(key) ? t(key) : item.label;
}

export function endText(reason) {
  const key = `end.${String(reason).replace(/[ -]/g, "_")}`;
  return has(key) ? t(key) : reason;
}

export function maybeShowScoreSheet() {
  const tb = app.table;
  if (!tb || !tb.results) return;
  if (app.shownResults < 0) {
    app.shownResults = tb.results.length;
    if (tb.status !== "between" && tb.status !== "over") return;
    app.shownResults -= 1;
  }
  if (tb.results.length > app.shownResults) {
    app.shownResults = tb.results.length;
    showScoreSheet(tb.results.length - 1, true);
  }
}

function sideLabel(result, side) { return result.sides[side].map((s) => seatName(s)).join(" & "); }

/** With three players: what each entrant was credited, and why (a pair shares its score). */
function credited(r) {
  if (app.table.players !== 3) return null;
  const list = r.points.map((p, seat) => `${seatName(seat)} ${p}`).join(", ");
  const pair = r.sides.some((s) => s.length === 2);
  const how = (app.table.rules || {}).three_player_pair_share === "full" ? "sheet.credited_full" : "sheet.credited_half";
  return h("p", { id: "credited", class: "note" }, t("sheet.credited", { list }), pair ? " " + t(how) : "");
}

/** Each entrant's figure, by name: "Giulia −120, Computer 1 (intermedio) +120". */
export function byName(names, figures, signed = false) {
  return names.map((n, i) => `${displayName(n)} ${signed && figures[i] > 0 ? "+" : ""}${figures[i]}`).join(", ");
}

function matchResult() {
  const tb = app.table, s = tb.summary;
  return h("div", { id: "match-result", class: "panel" }, h("h3", {}, t("sheet.match_over")),
    h("p", {}, s.entrants.map((n, i) => `${displayName(n)}: ${s.totals[i]}`).join(" · ")),
    s.winner !== null && s.winner !== undefined ? h("p", {}, h("b", {}, t("sheet.winner", { name: displayName(s.entrants[s.winner]) }))) : h("p", {}, t("sheet.tie")),
    s.mp ? h("p", { id: "match-points" }, t("sheet.mp", { mp: byName(s.entrants, s.mp, true), vp: byName(s.entrants, s.vp) })) : null,
    s.left && s.left.length ? h("p", {}, t("sheet.left", { names: s.left.map(seatName).join(", ") })) : null,
    s.finished_by_a_person === false && tb.rated ? h("p", { id: "match-unrated", class: "note" }, t("sheet.unrated_nobody")) : null);
}

export function showScoreSheet(index, atEnd) {
  const tb = app.table;
  if (!tb || !tb.results || index < 0) return;
  const r = tb.results[index];
  const sheet = h("div", { class: "sheet", id: "scoresheet" }, r.scores.map((s) => h("div", {},
    h("h4", {}, sideLabel(r, s.side)),
    h("table", {}, s.items.map((it) => h("tr", {}, h("td", {}, suited(itemText(it))), h("td", { class: "pts" }, it.points))),
      h("tr", { class: "total" }, h("td", {}, t("sheet.hand_total")), h("td", { class: "pts" }, s.total))))));
  const totals = tb.totals.map((total, e) => `${entrantName(e)} ${total}`).join(" · ");
  const body = [h("h3", {}, `${t("sheet.hand", { n: r.number })}: ${endText(r.end_reason)}`), sheet, credited(r),
    h("p", { id: "sheet-totals" }, `${t("sheet.match_totals")}: ${totals}`),
    // replays open once the match is over (earlier deals would hint at the secret seed)
    tb.status === "over" ? h("p", {}, h("a", { href: `#/replay/${tb.id}/${r.number}`, id: "replay-link" }, t("sheet.replay")))
      : h("p", { class: "muted" }, t("sheet.replay_later"))];
  if (tb.status === "over" && tb.summary) body.push(matchResult());
  const buttons = h("div", { class: "actions" });
  if (atEnd && tb.status === "between" && app.you !== null) {
    buttons.append(h("button", { class: "primary", id: "btn-next", onclick: () => { send({ type: "ready" }); hideModal(); } }, t("sheet.next")));
  }
  if (index > 0) buttons.append(h("button", { onclick: () => showScoreSheet(index - 1, false) }, t("sheet.previous")));
  buttons.append(h("button", { id: "btn-close-sheet", onclick: hideModal }, t("sheet.close")));
  body.push(buttons);
  showModal(h("div", {}, body));
}

/** A rule option's value in words: yes/no, "none", a named choice, or the number. */
function optionValue(key, value) {
  if (value === true) return t("rules.yes");
  if (value === false) return t("rules.no");
  if (value === null || value === undefined) return t("rules.none");
  const named = `opt.${key}.${value}`;
  return has(named) ? t(named) : String(value);
}

export function showRules() {
  const rules = (app.table && app.table.rules) || {};
  const preset = has(`preset.${app.table.preset}`) ? t(`preset.${app.table.preset}`) : app.table.preset;
  showModal(h("div", { id: "rules-panel" }, h("h3", {}, t("rules.title", { preset })),
    h("p", {}, ruleLink("", t("rules.full")), " ", t("rules.new_tab")),
    h("table", { class: "rules" }, Object.entries(rules).map(([k, val]) =>
      h("tr", {}, h("td", {}, has(`opt.${k}`) ? t(`opt.${k}`) : k), h("td", {}, optionValue(k, val))))),
    h("button", { onclick: hideModal }, t("close"))));
}

// ------------------------------------------------------------------ replay
function replayName(frame, seat) {
  const names = frame.names || [];
  return names[seat] ? displayName(names[seat]) : `${t("replay.seat")} ${seat + 1}`;
}

/** A replay step ("meld 7H 8H 9H", "attach 0 JK", "draw") as a sentence: "Anna cala 7♥ 8♥ 9♥". */
function replayAction(who, text) {
  const [kind, ...rest] = text.split(" ");
  const cards = cardsText(kind === "attach" ? rest.slice(1) : rest);
  const key = { draw: "log.draw", pickup: "replay.pickup", meld: "log.meld", attach: "log.attach", discard: "log.discard",
    timeout: "replay.timeout" }[kind];
  return key ? t(key, { who, cards }) : who;
}

// The hand's moves, read once from its history (docs/hand-history.md: one "SEAT ACTION CARDS" line per
// step, after the "actions" line), kept while the replay is open.
const moves = { key: "", list: [], open: false };

async function handMoves(tableId, hand) {
  const key = `${tableId}/${hand}`;
  if (moves.key === key) return moves.list;
  let text = "";
  try {
    const response = await fetch(`/api/tables/${tableId}/hands/${hand}/history`, { credentials: "same-origin" });
    if (response.ok) text = await response.text();
  } catch { /* no list: the steps still show one by one */ }
  const lines = text.split("\n").map((line) => line.trim());
  const start = lines.indexOf("actions");
  moves.list = start < 0 ? [] : lines.slice(start + 1).map((line) => /^(\d+) ([a-z]+\b.*)$/.exec(line)).filter(Boolean)
    .map((m) => ({ seat: Number(m[1]), action: m[2] }));
  moves.key = key;
  return moves.list;
}

/** Every move of the hand in words, each a button to its step; the shown step is marked. */
function movesPanel(frame, list, go) {
  if (!list.length) return null;
  const panel = h("details", { class: "replay-moves", id: "replay-moves", open: moves.open },
    h("summary", {}, t("replay.moves")),
    h("ol", {}, list.map((move, k) => h("li", { "aria-current": k + 1 === frame.step ? "step" : null },
      h("button", { class: "link", title: t("replay.move_go", { step: k + 1 }), onclick: () => go(k + 1) },
        replayAction(replayName(frame, move.seat), move.action))))));
  panel.addEventListener("toggle", () => { moves.open = panel.open; });
  return panel;
}

export async function showReplay(tableId, hand, step) {
  const main = document.getElementById("main");
  let frame;
  try { frame = await api(`/api/tables/${tableId}/hands/${hand}/replay?step=${step}`); }
  catch (e) { main.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const go = (s) => showReplay(tableId, hand, Math.max(0, Math.min(frame.steps, s)));
  const v = frame.view;
  const sideNames = (side) => v.side_of.map((s, i) => (s === side ? replayName(frame, i) : null)).filter(Boolean).join(" & ");
  const slider = h("input", { type: "range", min: 0, max: frame.steps, value: frame.step, id: "replay-step",
    "aria-label": t("replay.step", { step: frame.step, steps: frame.steps }), oninput: (e) => go(Number(e.target.value)) });
  const btn = (id, name, label, to) => h("button", { id, title: label, "aria-label": label, onclick: () => go(to) }, icon(name));
  const auto = frame.step && (frame.auto || []).includes(frame.step) ? ` ${t("log.auto", { name: replayName(frame, frame.actor) })}` : "";
  const action = frame.step ? replayAction(replayName(frame, frame.actor), frame.action) + auto : t("replay.deal");
  const list = await handMoves(tableId, hand);
  main.replaceChildren(h("div", { class: "felt", id: "replay" },
    h("div", { class: "topbar" }, h("strong", {}, t("replay.title", { table: frame.table_name ? tableTitle(frame.table_name) : t("replay.table", { id: tableId }), n: hand })),
      h("span", {}, t("replay.step", { step: frame.step, steps: frame.steps })), h("span", { class: "turn", id: "replay-action", "aria-live": "polite" }, action)),
    h("div", { class: "actions replay-controls" }, btn("replay-first", "first", t("replay.first"), 0),
      btn("replay-prev", "prev", t("replay.prev"), frame.step - 1), slider,
      btn("replay-next", "next", t("replay.next"), frame.step + 1), btn("replay-last", "last", t("replay.last"), frame.steps)),
    h("div", { class: "replay-hands" }, frame.hands.map((cards, s) => h("div", { class: "replay-hand" },
      h("b", {}, `${replayName(frame, s)}: `), h("span", { class: "cards" }, cards.map((c) => cardEl(c, { class: "mini" })))))),
    h("div", { class: "center" }, h("div", { class: "counter" }, h("b", {}, v.stock), t("table.stock")),
      h("div", { class: "pile" }, v.discard_pile.map((c) => cardEl(c, { class: "mini" })))),
    h("div", { class: "sides" }, v.melds.map((melds, side) => h("div", { class: "side" }, h("h4", {}, sideNames(side)),
      h("div", { class: "melds" }, melds.map((m) => h("div", { class: "meld" }, h("div", { class: "meld-cards" },
        m.cards.map((c, j) => cardEl(c, { class: "mini", standsFor: j === m.wild ? m.stands_for : "" }))))))))),
    movesPanel(frame, list, go), replayChat(frame.chat),
    analysisPanel(tableId, hand, go, (seat) => replayName(frame, seat))));
}
