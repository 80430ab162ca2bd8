// Shared pieces of the page: the state, element building, the API, cards, icons, dialogs, messages.
import { t, has, lang } from "./i18n.js";

export const SUIT_GLYPH = { H: "♥", D: "♦", C: "♣", S: "♠" };
export const RANK_ORDER = { A: 14, K: 13, Q: 12, J: 11, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 15 };

export const app = {
  user: null, presets: {}, socket: null, tableId: null, table: null, view: null, legal: [], you: null,
  selected: [], sortMode: "suit", nextId: 1, pending: null, shownResults: 0, timerAt: 0, timerLeft: null, tourLeft: null,
  lobbyTimer: null, reconnectDelay: 500, warned: false, rerender: () => {},
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
const ICONS = {
  first: "M5 4h2v16H5zM19 4v16L9 12z", prev: "M17 4v16L7 12z", next: "M7 4v16l10-8z", last: "M17 4h2v16h-2zM5 4v16l10-8z",
  clock: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.6-4-2.4V7z",
  bot: "M9 2h6v2h-2v2h5a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h5V4H9zM8 10v3h2v-3zm6 0v3h2v-3z",
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

export function cardEl(code, extra = {}) {
  const { rank, suit } = parseCard(code);
  const red = suit === "H" || suit === "D";
  const cls = ["card", red ? "red" : "", rank === "JK" ? "joker" : "", extra.class || ""].join(" ").trim();
  const label = rank === "JK" ? ["★", ""] : [rank, SUIT_GLYPH[suit]];
  const el = h("div", { class: cls, title: cardText(code), dataset: { code } },
    h("span", { class: "r" }, label[0]), h("span", { class: "s" }, label[1]));
  if (extra.standsFor) {
    el.classList.add("wild");
    el.title = t(rank === "2" ? "meld.pinella" : "meld.matta", { card: cardText(extra.standsFor) });
  }
  if (extra.onclick) {
    el.addEventListener("click", extra.onclick);
    el.setAttribute("role", "button");
  }
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

export function seatName(i) {
  const seat = app.table && app.table.seats[i];
  return seat ? displayName(seat.name || seat.position) : "—";
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

export function setMessage(text, isError = false) {
  const el = document.getElementById("message");
  if (!el) return;
  el.replaceChildren(...withRuleLinks(text || ""));
  el.className = isError ? "error" : "";
}

// A citation of the rules page in a message ("rules §4.1", "rules §3, §6": burraco.core.citation)
// becomes links to its sections on /rules, opened in a new tab so the table stays connected.
const CITATION = /(?:rules|regole) §\d{1,2}(?:\.\d{1,2})?(?:, §\d{1,2}(?:\.\d{1,2})?)*/g;
export function withRuleLinks(text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(CITATION)) {
    out.push(text.slice(last, m.index));
    for (const part of m[0].split(/(§\d{1,2}(?:\.\d{1,2})?)/)) {
      out.push(part.startsWith("§") ? ruleLink(part.slice(1), part) : part);
    }
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((part) => part !== "");
}

/** The rules page in the page's language (/rules?lang=it), at a section's anchor when given. */
export function rulesUrl(hash = "") { return `/rules?lang=${lang()}${hash}`; }

export function ruleLink(section, label) {
  const hash = section ? `#s${section.replace(".", "-")}` : "";
  return h("a", { href: rulesUrl(hash), target: "_blank", rel: "noopener", class: "rule-link" }, label);
}

export function showModal(content) {
  const box = document.getElementById("modal-box");
  box.replaceChildren(content);
  document.getElementById("modal").classList.remove("hidden");
  const first = box.querySelector("button.primary, button");
  if (first) first.focus();
}

export function hideModal() { document.getElementById("modal").classList.add("hidden"); }

export function modalOpen() { return !document.getElementById("modal").classList.contains("hidden"); }

/** A word from the catalogue for a server code, else the fallback text. */
export function worded(key, fallback, params = {}) { return has(key) ? t(key, params) : fallback; }
