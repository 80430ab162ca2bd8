// The table in words: log records, announcements of the others' moves, the legal moves, the clocks.
import { t } from "./i18n.js";
import { app, cardsText, displayName, seatName, worded } from "./ui.js";
import { cardNameThe, namesList } from "./cards.js";

/** A server refusal in the page's language: the reason's words where known, else the code's, else the text. */
export function errorText(msg) {
  if (msg.reason) {
    const params = { ...(msg.params || {}) };
    if (params.card) params.card = cardsText([params.card]);
    const text = worded(`reason.${msg.reason}`, msg.message, params);
    return params.section && text !== msg.message ? `${text} (${t("reason.see_rules", { section: params.section })})` : text;
  }
  if (msg.code === "illegal" || msg.code === "refused") return t(`err.${msg.code}`, { text: msg.message });
  return worded(`err.${msg.code}`, msg.message);
}

/** The log's line for a record, with suit symbols ("Anna scarta K♥"), and whether the computer played it. */
export function recordText(r, marked = true) {
  const who = r.seat >= 0 ? seatName(r.seat) : t("log.table");
  const cards = cardsText(r.cards);
  const autoFor = ((app.table && app.table.absence && app.table.absence.auto) || []).find(([i]) => i === r.i);
  const auto = autoFor && marked ? " " + t("log.auto", { name: seatName(autoFor[1]) }) : "";
  const known = { draw: cards ? "log.draw_cards" : "log.draw", pickup: "log.pickup", meld: "log.meld", attach: "log.attach",
    discard: "log.discard", pozzetto: "log.pozzetto", close: "log.close", end: "log.end" }[r.kind];
  return (known ? t(known, { who, cards }) : t("log.other", { who, kind: r.kind })) + auto;
}

/** A record said out loud, in full words: "Anna ha scartato il re di cuori". */
export function announceText(r) {
  const who = r.seat >= 0 ? shortName(r.seat) : "";
  const cards = r.cards || [];
  switch (r.kind) {
    case "draw": return t("say.draw", { who });
    case "pickup": return t("say.pickup", { who, count: cards.length });
    case "meld": return t("say.meld", { who, cards: namesList(cards) });
    case "attach": return t("say.attach", { who, cards: namesList(cards) });
    case "discard": return t("say.discard", { who, card: namesList(cards, cardNameThe) });
    case "pozzetto": return t("say.pozzetto", { who });
    case "close": return t("say.close", { who });
    case "end": return t("say.end");
    default: return recordText(r);
  }
}

/** The legal moves ("draw", "meld 3C 4C 5C", "attach 0 JK", "discard 8D") as a sentence. */
export function legalText(legal) {
  const melds = [], attaches = [], discards = new Set(), takes = [];
  for (const move of legal) {
    const [kind, ...rest] = move.split(" ");
    if (kind === "draw") takes.push(t("legal.draw"));
    else if (kind === "pickup") takes.push(t("legal.pickup"));
    else if (kind === "meld") melds.push(rest);
    else if (kind === "attach") attaches.push([Number(rest[0]), rest.slice(1)]);
    else if (kind === "discard") rest.forEach((c) => discards.add(c));
  }
  const parts = [...takes];
  const few = (list) => list.slice(0, 4);
  for (const cards of few(melds)) parts.push(t("legal.meld", { cards: cardsText(cards) }));
  if (melds.length > 4) parts.push(t("legal.more_melds", { count: melds.length - 4 }));
  for (const [target, cards] of few(attaches)) parts.push(t("legal.attach", { cards: cardsText(cards), n: target + 1 }));
  if (attaches.length > 4) parts.push(t("legal.more_attaches", { count: attaches.length - 4 }));
  if (discards.size) parts.push(t("legal.discard", { count: discards.size }));
  return parts.length ? t("table.legal_now", { moves: parts.join("; ") }) : t("legal.none");
}

/** Seconds as a clock: "45 s", "2:05". */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return s < 60 ? t("table.timer", { s }) : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A bot seat's level in words, from its name ("Bot 1 (easy)"), and the name without it. */
export function nameAndLevel(i) {
  const seat = app.table && app.table.seats[i];
  const raw = seat ? seat.name : "";
  const m = / \((easy|normal|hard|beginner|intermediate|expert|champion|random)\)$/.exec(raw || "");
  if (m && seat.bot) return { name: displayName(raw.slice(0, m.index)), level: worded(`difficulty.${m[1]}`, m[1]) };
  return { name: seatName(i), level: "" };
}

/** A seat's name without a bot's level ("Computer 1"), for the totals and the sides' labels. */
export function shortName(i) { return nameAndLevel(i).name; }

/** The names behind an entrant's total, short: "Anna & Computer 2". */
export function entrantShort(entrant) {
  const tb = app.table;
  return tb && tb.players === 4 ? [entrant, entrant + 2].map(shortName).join(" & ") : shortName(entrant);
}
