// Card faces as SVG (crisp at any pixel ratio), their names in words, the physical-card keys and the
// four-colour deck setting. Codes are the server's: "KH", "10S", "2C", "JK".
import { t } from "./i18n.js";
import { html } from "./html.js";

export const SUITS = ["H", "D", "C", "S"];
const STORE_KEY = "burraco.fourColour";

export function parseCode(code) {
  if (code === "JK") return { rank: "JK", suit: "" };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

/** A card's name in words: "re di cuori", "dieci di picche", "jolly"; "sette" for a card of no
 *  suit (what a wildcard stands for in a combination: "7*"). */
export function cardName(code) {
  const { rank, suit } = parseCode(code);
  if (rank === "JK") return t("card.joker");
  if (!SUITS.includes(suit)) return t(`card.rank.${rank}`);
  return t("card.name", { rank: t(`card.rank.${rank}`), suit: t(`card.suit.${suit}`) });
}

/** What a card's face shows as text, as a name must contain it (WCAG 2.5.3): its rank ("7", "K"), the
 *  joker's word ("jolly"; the face writes it in capitals), and the rank on a wildcard's band ("jolly 7"). */
export function faceText(code, standsFor = "") {
  const { rank } = parseCode(code);
  const own = rank === "JK" ? t("card.joker") : rank;
  return standsFor ? `${own} ${parseCode(standsFor).rank}` : own;
}

/** A card's accessible name, the text on its face first: "3 di cuori", "K, re di cuori", "jolly". */
export function cardLabel(code) {
  const { rank, suit } = parseCode(code);
  if (rank === "JK") return t("card.joker");
  if (/^\d+$/.test(rank)) return t("card.name", { rank, suit: t(`card.suit.${suit}`) });
  return t("card.court", { shown: rank, name: cardName(code) });
}

/** With its article, for sentences: "il re di cuori", "l'asso di picche", "il jolly". */
export function cardNameThe(code) {
  const { rank, suit } = parseCode(code);
  if (rank === "JK") return t("card.the_joker");
  return t("card.name", { rank: t(`card.the.${rank}`), suit: t(`card.suit.${suit}`) });
}

/** A card of a meld in words: a wildcard says what it stands for ("pinella (vale sette di cuori)"; in
 *  a combination, whose suits may differ, "jolly (vale un sette)"). */
export function meldCardName(code, standsFor) {
  if (!standsFor) return cardName(code);
  const wild = parseCode(code).rank === "2" ? t("card.pinella") : t("card.joker");
  const { rank, suit } = parseCode(standsFor);
  const target = SUITS.includes(suit) ? cardName(standsFor) : t(`card.a.${rank}`);
  return t("card.stands_for", { card: wild, target });
}

/** Cards in words, joined: "sette di cuori, otto di cuori e jolly". */
export function namesList(codes, name = cardName) {
  const names = codes.map(name);
  if (names.length < 2) return names.join("");
  return t("card.list", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/** Each card with a key stable per physical card: its code and which occurrence it is ("7H.0", "7H.1"). */
export function keyed(codes) {
  const seen = {};
  return codes.map((code) => {
    const n = seen[code] || 0;
    seen[code] = n + 1;
    return { code, key: `${code}.${n}` };
  });
}

export function fourColour() {
  try { return localStorage.getItem(STORE_KEY) === "1"; } catch { return false; }
}

export function setFourColour(on) {
  try { localStorage.setItem(STORE_KEY, on ? "1" : "0"); } catch { /* not remembered: still switched */ }
  applyFourColour();
}

/** The body's class picks the suit colours (style.css: spades black, hearts red, diamonds blue, clubs green). */
export function applyFourColour() { document.body.classList.toggle("four-colour", fourColour()); }

// Suit pips drawn in a 20×20 box.
const PIPS = {
  H: "M10 19C4 14 0 10.5 0 6 0 2.5 2.5.5 5.3.5 7.4.5 9 1.8 10 3.5 11 1.8 12.6.5 14.7.5 17.5.5 20 2.5 20 6 20 10.5 16 14 10 19Z",
  D: "M10 0 18 10 10 20 2 10Z",
  S: "M10 0C4 6 0 9 0 12.8 0 15.8 2.4 17.6 5 17.6 6.8 17.6 8.2 16.6 9 15.4L8 20H12L11 15.4C11.8 16.6 13.2 17.6 15 17.6 17.6 17.6 20 15.8 20 12.8 20 9 16 6 10 0Z",
  C: "M10 .5A4.6 4.6 0 0 0 6.1 7.6 4.6 4.6 0 1 0 8.8 14L8 20H12L11.2 14A4.6 4.6 0 1 0 13.9 7.6 4.6 4.6 0 0 0 10 .5Z",
  JK: "M10 0 12.9 6.6 20 7.3 14.6 12 16.2 19 10 15.3 3.8 19 5.4 12 0 7.3 7.1 6.6Z",
};

function pip(suit, x, y, size) {
  return html`<path d=${PIPS[suit]} transform=${`translate(${x} ${y}) scale(${size / 20})`} />`;
}

/** The face of a card as an SVG (viewBox 50×70): the rank and a pip in the corner (what shows when
 *  cards overlap), a big pip in the middle; a wildcard in a meld carries a band with what it stands for.
 *  Spaces (which SVG does not draw) part its words from the next card's, so the text of a row of cards
 *  reads "5 6 JOLLY 7 8", as a name (faceText) gives it, not "56JOLLY78". */
export function CardFace({ code, standsFor }) {
  const { rank, suit } = parseCode(code);
  const joker = rank === "JK";
  const band = standsFor ? parseCode(standsFor) : null;
  return html`<svg class="face" viewBox="0 0 50 70" aria-hidden="true" focusable="false">${" "}
    <rect class="paper" x=".5" y=".5" width="49" height="69" rx="4.5" />
    ${joker
      ? html`<g class="joker-ink">${pip("JK", 2.5, 3, 14)}${pip("JK", 15, 22, 26)}
          <text class="joker-word" x="25" y="58" text-anchor="middle">${t("card.joker").toUpperCase()}</text></g>`
      : html`<g class=${`ink s-${suit}`}>
          <text class="rank" x=${rank === "10" ? 1.5 : 3} y="15" textLength=${rank === "10" ? 16 : null} lengthAdjust="spacingAndGlyphs">${rank}</text>
          ${pip(suit, 3.5, 18.5, 10)}${pip(suit, 18, 27, 26)}</g>`}
    ${band ? html`${" "}<g class="band">
        <rect class="band-bg" x="1" y="52" width="48" height="17" rx="3" />
        <text class="band-rank" x="3" y="65" textLength=${band.rank === "10" ? 13 : null} lengthAdjust="spacingAndGlyphs">${band.rank}</text>
        ${PIPS[band.suit] ? html`<g class=${`ink s-${band.suit}`}>${pip(band.suit, band.rank === "10" ? 18 : 13, 55, 11)}</g>` : null}
      </g>` : null}${" "}
  </svg>`;
}

/** The back of a card. */
export function CardBack() {
  return html`<svg class="face back" viewBox="0 0 50 70" aria-hidden="true" focusable="false">
    <rect class="back-bg" x=".5" y=".5" width="49" height="69" rx="4.5" />
    <rect class="back-in" x="5" y="5" width="40" height="60" rx="3" />
    <path class="back-dia" d="M25 14 36 35 25 56 14 35Z" />
  </svg>`;
}
