// Shared pieces of the page: the state, element building, the API, cards, icons, dialogs, messages.
import { t, has, lang } from "./i18n.js";
import { html, render } from "./html.js";
import { CardFace, cardName, meldCardName } from "./cards.js";

export const SUIT_GLYPH = { H: "♥", D: "♦", C: "♣", S: "♠" };
export const RANK_ORDER = { A: 14, K: 13, Q: 12, J: 11, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 15 };

export const app = {
  user: null, presets: {}, socket: null, tableId: null, table: null, view: null, legal: [], you: null,
  selected: [], sortMode: "suit", pending: null, shownResults: 0, timerAt: 0, timerLeft: null, tourLeft: null,
  lobbyTimer: null, linkDown: false, lag: null, rerender: () => {}, message: null, focusKey: null, announce: "",
};

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";
export const ICONS = {
  first: "M5 4h2v16H5zM19 4v16L9 12z", prev: "M17 4v16L7 12z", next: "M7 4v16l10-8z", last: "M17 4h2v16h-2zM5 4v16l10-8z",
  clock: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.6-4-2.4V7z",
  bot: "M9 2h6v2h-2v2h5a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h5V4H9zM8 10v3h2v-3zm6 0v3h2v-3z",
  sound: "M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z",
  help: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 17h-2v-2h2zm2.1-7.7-.9.9c-.7.7-1.2 1.3-1.2 2.8h-2v-.5c0-1.1.5-2.1 1.2-2.8l1.2-1.3A2 2 0 1 0 10 9H8a4 4 0 1 1 7.1 2.3z",
};

/** A small inline SVG icon (no emoji font needed). */
export function icon(name) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

/** A refusal's words: a coded detail ({code, message, params}) from the catalogue ("http.<code>"),
 *  else the server's own text. */
function refusalText(detail, fallback) {
  if (detail && detail.code) return worded(`http.${detail.code}`, detail.message, detail.params || {});
  const text = Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : detail;
  return t("err.http", { text: text || fallback });
}

/** A fetch to the API; a refusal throws an Error worded in the page's language where it can be. */
export async function api(path, options = {}) {
  const init = { headers: { "Content-Type": "application/json" }, credentials: "same-origin", ...options };
  if (init.body && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  let response;
  try { response = await fetch(path, init); } catch { throw new Error(t("err.network")); }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(refusalText(data.detail, response.statusText));
    error.status = response.status;
    error.code = data.detail && typeof data.detail === "object" ? data.detail.code : undefined;
    throw error;
  }
  return data;
}

export function parseCard(code) {
  if (code === "JK") return { rank: "JK", suit: "" };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

/** A card code as text with its suit symbol: "10H" → "10♥". */
export function cardText(code) {
  const { rank, suit } = parseCard(code);
  return rank === "JK" ? t("card.joker") : rank + (SUIT_GLYPH[suit] || suit);
}

/** Text whose cards with hearts or diamonds are shown in red (score sheets, the log). */
export function suited(text) {
  return String(text).split(/(\S*[♥♦])/).filter((part) => part !== "")
    .map((part) => (/[♥♦]$/.test(part) ? h("span", { class: "red-suit" }, part) : part));
}

export function cardsText(codes) { return codes.map(cardText).join(" "); }

/** A card as an element outside the table's components (replays): its SVG face, its name for screen readers. */
export function cardEl(code, extra = {}) {
  const { rank, suit } = parseCard(code);
  const name = extra.standsFor ? meldCardName(code, extra.standsFor) : cardName(code);
  const cls = ["card", `s-${suit || "JK"}`, rank === "JK" ? "joker" : "", extra.standsFor ? "wild" : "", extra.class || ""].join(" ").trim();
  const el = h("span", { class: cls, role: "img", "aria-label": name, title: name, dataset: { code } });
  render(html`<${CardFace} code=${code} standsFor=${extra.standsFor || ""} />`, el);
  return el;
}

/** The bot levels a player may choose (the server still accepts the older easy, normal, hard). */
export const LEVELS = ["beginner", "intermediate", "expert", "champion"];
export const DEFAULT_LEVEL = "intermediate";

/** The bot levels as a select's options, the default one selected. */
export function levelOptions() {
  return LEVELS.map((d) => h("option", { value: d, selected: d === DEFAULT_LEVEL }, t(`difficulty.${d}`)));
}

/** A name from the server in the page's words: "Anna (guest)" → "Anna (ospite)", "Bot 1 (champion)" → "Computer 1 (campione)". */
export function displayName(raw) {
  return String(raw || "").replace(/(^|& )Bot (\d+)(?= \(| &|$)/g, (all, lead, n) => lead + t("bot.name", { n }))
    .replace(/ \(guest\)(?= &|$)/g, () => ` (${t("account.guest")})`)
    .replace(/ \((easy|normal|hard|beginner|intermediate|expert|champion)\)(?= &|$)/g,
      (all, d) => ` (${t(`difficulty.${d}`)})`);
}

/** A table's name: the server's default "Anna's table" in the page's words. */
export function tableTitle(name) {
  const m = /^(.*)'s table$/.exec(name || "");
  return m ? t("table.default_name", { name: m[1] }) : name;
}

/** A seat's place at the table in the page's words: "South" → "Sud". */
export function positionName(position) { return worded(`position.${position}`, position); }

export function seatName(i) {
  const seat = app.table && app.table.seats[i];
  if (!seat) return "—";
  return seat.name ? displayName(seat.name) : positionName(seat.position);
}

/** The side (index into totals) a seat counts for: 3 players are each their own entrant. */
export function entrantOf(seat) {
  const n = app.table ? app.table.players : 2;
  return n === 4 ? seat % 2 : seat;
}

/** The names behind an entrant's total: "Anna & Carlo" (4 players) or one name. */
export function entrantName(entrant) {
  const n = app.table ? app.table.players : 2;
  if (n !== 4) return seatName(entrant);
  return [entrant, entrant + 2].map(seatName).join(" & ");
}

/** The table's message line: kept in app.message (the table renders it), or written where there is no table. */
export function setMessage(text, isError = false) {
  app.message = text ? { text, error: isError } : null;
  if (app.table && document.getElementById("table")) { app.rerender(); return; }
  const el = document.getElementById("message");
  if (!el) return;
  el.replaceChildren(...withRuleLinks(text || ""));
  el.className = isError ? "error" : "";
}

// A citation of the rules page in a message ("rules §4.1", "rules §3, §6": burraco.core.citation)
// becomes links to its sections on /rules, opened in a new tab so the table stays connected.
const CITATION = /(?:rules|regole) §\d{1,2}(?:\.\d{1,2})?(?:, §\d{1,2}(?:\.\d{1,2})?)*/g;
/** A text cut into plain strings and citations ({hash, label}: "§4.1" → "#s4-1"). */
export function citationParts(text) {
  const out = [];
  let last = 0;
  for (const m of String(text || "").matchAll(CITATION)) {
    out.push(text.slice(last, m.index));
    for (const part of m[0].split(/(§\d{1,2}(?:\.\d{1,2})?)/)) {
      out.push(part.startsWith("§") ? { hash: `#s${part.slice(1).replace(".", "-")}`, label: part } : part);
    }
    last = m.index + m[0].length;
  }
  out.push(String(text || "").slice(last));
  return out.filter((part) => part !== "");
}

export function withRuleLinks(text) {
  return citationParts(text).map((part) => (typeof part === "string" ? part
    : h("a", { href: rulesUrl(part.hash), target: "_blank", rel: "noopener", class: "rule-link" }, part.label)));
}

/** The rules page in the page's language (/rules?lang=it), at a section's anchor when given. */
export function rulesUrl(hash = "") { return `/rules?lang=${lang()}${hash}`; }

export function ruleLink(section, label) {
  const hash = section ? `#s${section.replace(".", "-")}` : "";
  return h("a", { href: rulesUrl(hash), target: "_blank", rel: "noopener", class: "rule-link" }, label);
}

let returnFocus = null;

/** The page's dialog: focus moves into it and stays there (Tab cycles), Esc closes it (app.js), focus returns after. */
export function showModal(content, labelId = "") {
  const modal = document.getElementById("modal"), box = document.getElementById("modal-box");
  if (modal.classList.contains("hidden")) returnFocus = document.activeElement;
  box.replaceChildren(content);
  const heading = labelId ? document.getElementById(labelId) : box.querySelector("h2, h3");
  if (heading && !heading.id) heading.id = "modal-title";
  if (heading) modal.setAttribute("aria-labelledby", heading.id); else modal.removeAttribute("aria-labelledby");
  modal.classList.remove("hidden");
  const first = box.querySelector("button.primary, button");
  if (first) first.focus();
}

function focusables() {
  return [...document.getElementById("modal-box").querySelectorAll("a[href], button:not([disabled]), input, select, textarea, [tabindex='0']")];
}

document.getElementById("modal").addEventListener("keydown", (ev) => {
  if (ev.key !== "Tab") return;
  const list = focusables();
  if (!list.length) { ev.preventDefault(); return; }
  const first = list[0], last = list[list.length - 1];
  if (ev.shiftKey && document.activeElement === first) { ev.preventDefault(); last.focus(); }
  else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
  else if (!document.getElementById("modal-box").contains(document.activeElement)) { ev.preventDefault(); first.focus(); }
});

export function hideModal() {
  const modal = document.getElementById("modal");
  if (modal.classList.contains("hidden")) return;
  modal.classList.add("hidden");
  if (returnFocus && returnFocus.isConnected) returnFocus.focus();
  returnFocus = null;
}

export function modalOpen() { return !document.getElementById("modal").classList.contains("hidden"); }

/** A word from the catalogue for a server code, else the fallback text. */
export function worded(key, fallback, params = {}) { return has(key) ? t(key, params) : fallback; }
