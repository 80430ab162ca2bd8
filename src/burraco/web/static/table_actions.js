// What the player does at the table: the hand as shown, the selection, the moves sent to the server,
// the keys. Every change asks the table to render again (app.rerender); the server stays the authority.
import { t } from "./i18n.js";
import { app, RANK_ORDER, setMessage } from "./ui.js";
import { keyed, parseCode } from "./cards.js";
import { send } from "./socket.js";

const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3, "": 4 };
const IN_FLIGHT_MS = 5000;  // how long a move unanswered holds back the next (the server answers each one)

/** The hand as shown: [{code, key}], sorted by suit (the server's order) or by rank. */
export function displayedHand() {
  const cards = keyed(app.view ? app.view.hand : []);
  if (app.sortMode === "rank") {
    const rank = (c) => RANK_ORDER[parseCode(c.code).rank] || 20;
    cards.sort((a, b) => rank(a) - rank(b) || SUIT_ORDER[parseCode(a.code).suit] - SUIT_ORDER[parseCode(b.code).suit] || a.key.localeCompare(b.key));
  }
  return cards;
}

/** The selected cards' codes, in the hand's order. */
export function selectedCards() {
  return displayedHand().filter((c) => app.selected.includes(c.key)).map((c) => c.code);
}

export function myTurn() {
  const v = app.view, tb = app.table;
  return Boolean(v && tb && app.you !== null && v.to_play === app.you && tb.status === "playing" && app.legal.length > 0);
}

export function can(kind) { return myTurn() && app.legal.some((m) => m === kind || m.startsWith(kind + " ")); }
export function playing() { return myTurn() && app.view.phase === "play"; }

export function toggleCard(key) {
  const at = app.selected.indexOf(key);
  if (at >= 0) app.selected.splice(at, 1); else app.selected.push(key);
  app.focusKey = key;
  app.rerender();
}

/** Send a move, unless the last one is still on its way: a second tap (a double tap, an impatient finger)
 *  would only bring the server's refusal, the first move being the one the player meant. */
function act(kind, extra = {}) {
  const last = app.acting;
  if (last && app.pending === last.id && performance.now() - last.at < IN_FLIGHT_MS) return;
  send({ type: "action", kind, cards: [], ...extra });
  app.acting = { id: app.pending, at: performance.now() };
}

export function draw() { if (can("draw")) act("draw"); else refuse("draw"); }
export function pickup() { if (can("pickup")) act("pickup"); else refuse("pickup"); }

export function meld(cards = selectedCards()) {
  if (!playing()) return refuse("meld");
  if (cards.length < 3) { setMessage(t("table.meld_three"), true); return; }
  act("meld", { cards });
}

export function discard(cards = selectedCards()) {
  if (!playing()) return refuse("discard");
  if (cards.length !== 1) { setMessage(t("table.discard_one"), true); return; }
  act("discard", { cards });
}

/** Attach the selection to a meld of ``side``: only your own side's melds take cards. */
export function attachTo(side, index, cards = selectedCards()) {
  const mine = app.you !== null && app.view && app.view.side_of[app.you] === side;
  if (!cards.length) { setMessage(mine ? t("table.attach_first") : ""); return; }
  if (!mine) { setMessage(t(app.table.players === 4 ? "table.attach_theirs_pair" : "table.attach_theirs"), true); return; }
  if (!playing()) return refuse("attach");
  act("attach", { cards, target: index });
}

/** Why a move cannot be made now, in words. */
function refuse(kind) {
  if (!myTurn()) setMessage(t("table.not_now"), true);
  else setMessage(t(`table.cannot_${kind}`), true);
}

/** A card dropped by drag.js: the same messages a click sends. */
export function onDrop({ cards, target }) {
  const codes = cards && cards.length ? cards : selectedCards();
  if (target === "pile") discard(codes);
  else if (target === "new-meld") meld(codes);
  else if (typeof target === "string" && target.startsWith("meld:")) attachTo(app.view.side_of[app.you], Number(target.slice(5)), codes);
}

export function setSort(mode) { app.sortMode = mode; app.rerender(); }

/** Focus the hand's current card (the one the roving tabindex points at). */
export function focusHand() {
  const card = document.querySelector(`#hand .card[tabindex="0"]`) || document.querySelector("#hand .card");
  if (card) card.focus();
}

/** Focus the first of your side's melds (Enter attaches the selection to the focused meld). */
export function focusMelds() {
  const meldEl = document.querySelector("#side-mine .meld");
  if (meldEl) meldEl.focus(); else setMessage(t("table.no_melds_yet"));
}

/** Arrow keys move through the hand, Home and End jump to its ends. */
export function handKey(ev, hand, index) {
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
  if (!(ev.key in moves)) return;
  ev.preventDefault();
  const to = Math.max(0, Math.min(hand.length - 1, index + moves[ev.key]));
  app.focusKey = hand[to].key;
  app.rerender();
  const el = document.querySelector(`#hand .card[data-key="${hand[to].key}"]`);
  if (el) el.focus();
}

const KEYS = { p: draw, r: pickup, c: () => meld(), s: () => discard(), a: focusMelds, m: focusHand };

/** The table's keys (P, R, C, S, A, M, ?), anywhere on the table page but in a field or a dialog. */
export function tableKey(ev, showHelp) {
  if (!app.table || app.you === null || !app.view || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const target = ev.target;
  if (target && (target.closest("input, select, textarea, [contenteditable]") || target.closest("#modal"))) return;
  if (!document.getElementById("modal").classList.contains("hidden")) return;
  if (ev.key === "?") { ev.preventDefault(); showHelp(); return; }
  const fn = KEYS[ev.key.toLowerCase()];
  if (fn) { ev.preventDefault(); fn(); }
}
