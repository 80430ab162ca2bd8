// A seat at the felt: the player's name, a bot's level, the cards held, the clock of the seat to
// play and what the seat is now (absent with its countdown, played by the computer, left).
import { t } from "./i18n.js";
import { html } from "./html.js";
import { app, ICONS, cardsText } from "./ui.js";
import { CardBack } from "./cards.js";
import { send } from "./socket.js";
import { clockText, nameAndLevel } from "./table_words.js";
import { leftOf, turnLeft, useNow } from "./clock.js";

/** A small SVG icon (ui.js's paths) as a Preact element. */
export function Icon({ name }) {
  return html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d=${ICONS[name]} fill="currentColor" /></svg>`;
}

/** Where a seat sits as seen from the player (seat 0 for a spectator): play moves clockwise, partner opposite. */
export function placeOf(seat) {
  const n = app.table.players, me = app.you ?? 0, rel = (seat - me + n) % n;
  if (rel === 0) return "bottom";
  if (n === 2) return "top";
  if (n === 3) return rel === 1 ? "left" : "right";
  return ["bottom", "left", "top", "right"][rel];
}

function TurnClock() {
  const left = turnLeft(useNow());
  return left === null ? null : html`<span class=${"seat-clock" + (left <= 10 ? " warn" : "")}><${Icon} name="clock" /> ${clockText(left)}</span>`;
}

function AbsentFor({ seconds }) {
  const left = leftOf(seconds, useNow());
  return html`<span class="absent-left">${left === null ? "" : ` · ${clockText(left)}`}</span>`;
}

/** Whether a seat's player is away: the server says so (absent), else an unconnected human seat. */
function isAbsent(s) { return "absent" in s ? Boolean(s.absent) : Boolean(!s.connected && s.name && !s.bot && !s.left); }

/** What a seat is now, in words: left, absent (with the time before the computer takes the seat), played by the computer. */
function SeatStatus({ s }) {
  if (s.left) return html`<div class="seat-status">${t("table.left")}</div>`;
  const absent = isAbsent(s);
  if (!absent && !s.standin) return null;
  return html`<div class="seat-status">
    ${absent ? html`<span class="absent">${t("table.away")}${s.absent_left !== null && s.absent_left !== undefined && !s.standin
      ? html`<${AbsentFor} seconds=${s.absent_left} />` : null}</span>` : null}
    ${absent && s.standin ? " · " : null}${s.standin ? t("table.standin") : null}
  </div>`;
}

export function Seat({ i }) {
  const tb = app.table, v = app.view, s = tb.seats[i];
  const toPlay = Boolean(v && v.to_play === i && tb.status === "playing");
  const count = v ? v.hand_sizes[i] : null;
  const { name, level } = nameAndLevel(i);
  const known = v && v.known[i] && v.known[i].length && i !== app.you ? t("table.known", { cards: cardsText(v.known[i]) }) : "";
  const sit = tb.status === "waiting" && !s.name && app.user && app.you === null;
  return html`<div class=${`seat at-${placeOf(i)}` + (toPlay ? " to-play" : "") + (s.left || s.standin ? " away" : "")}
      id=${`seat-${i}`} data-zone=${`seat-${i}`}>
    <div class="seat-name">${s.bot || s.standin ? html`<${Icon} name="bot" />` : null}${s.name ? html`<span class="name">${name}</span>` : html`<span class="muted-light">${t("table.empty_seat")}</span>`}</div>
    ${level ? html`<div class="seat-level">${t("table.level", { level })}</div>` : null}
    <div class="seat-line">
      ${count !== null ? html`<span class="seat-cards"><span class="back-mini">${html`<${CardBack} />`}</span>${t("table.cards", { count })}</span>` : null}
      ${toPlay ? html`<${TurnClock} />` : null}
    </div>
    <${SeatStatus} s=${s} />
    ${known ? html`<div class="known">${known}</div>` : null}
    ${sit ? html`<button class="sit" onClick=${() => send({ type: "sit", seat: i })}>${t("table.sit")}</button>` : null}
  </div>`;
}
