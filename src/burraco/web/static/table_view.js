// The table as Preact components: the top line (whose turn, the clock, the totals, the tools), the
// seats around the felt, the melds, the absence notices, the log and the player's bar.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { app, entrantOf, LEVELS, DEFAULT_LEVEL, tableTitle } from "./ui.js";
import { fourColour, setFourColour } from "./cards.js";
import { send } from "./socket.js";
import { showRules, showScoreSheet } from "./sheets.js";
import { clockText, entrantShort, recordText, shortName } from "./table_words.js";
import { turnLeft, useNow } from "./clock.js";
import { myTurn } from "./table_actions.js";
import { confirmLeave, showKeys } from "./table_dialogs.js";
import { Icon, Seat, placeOf } from "./table_seats.js";
import { Centre, Side } from "./table_felt.js";
import { HandBar } from "./table_hand.js";
import { Absence } from "./table_absence.js";
import { Message, Suited } from "./table_message.js";
import * as hooks from "./table_hooks.js";

/** How many watch the table ("1 spettatore", "2 spettatori"), or nothing while nobody does. */
export function watchersText() {
  const n = app.table && app.table.watchers;
  return n ? `· ${t("table.watchers", { count: n })}` : "";
}

function Timer() {
  const left = turnLeft(useNow());
  if (left === null) return html`<span id="timer" class="timer"></span>`;
  return html`<span id="timer" class=${"timer" + (left <= 10 ? " warn" : "")}><${Icon} name="clock" /> ${clockText(left)}</span>`;
}

function TourClock() {
  const tour = app.table.tournament, now = useNow();
  const left = Math.max(0, Math.ceil((app.tourLeft ?? 0) - (now - app.timerAt) / 1000));
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  const text = tour.timed_out || left <= 0 ? t("table.tour_time_up", { turn: tour.turn, table: tour.table })
    : t("table.tour_clock", { turn: tour.turn, table: tour.table, left: clock });
  return html`<a id="tour-clock" class="timer" href=${`#/tournament/${tour.id}`}>${text}</a>`;
}

function Totals() {
  const tb = app.table, mine = app.you !== null ? entrantOf(app.you) : null;
  return html`<span id="totals" class="totals">${tb.totals.map((total, e) => html`<span key=${e} class=${"total" + (e === mine ? " mine" : "")} data-entrant=${e}>
    <span class="who">${tb.players !== 3 && app.you !== null ? html`<span class="who-side">${e === mine ? t("table.we") : t("table.they")}</span><span class="who-names"> · ${entrantShort(e)}</span>` : entrantShort(e)}</span> <b>${total}</b></span>`)}</span>`;
}

function Tools() {
  const tb = app.table, four = fourColour();
  const sound = hooks.soundAvailable() ? hooks.soundEnabled() : null;
  return html`<span class="tools">
    <button id="btn-rules" class="small" onClick=${showRules}>${t("table.rules")}</button>
    <button id="btn-sheets" class="small" disabled=${!(tb.results && tb.results.length)}
      onClick=${() => showScoreSheet(tb.results ? tb.results.length - 1 : -1, false)}>${t("table.sheets")}</button>
    <button id="btn-four" class=${"small" + (four ? " on" : "")} aria-pressed=${four ? "true" : "false"}
      onClick=${() => { setFourColour(!four); app.rerender(); }}>${t("table.four_colour")}</button>
    ${sound === null ? null : html`<button id="btn-sound" class=${"small" + (sound ? " on" : "")} aria-pressed=${sound ? "true" : "false"}
      aria-label=${t("table.sound")} title=${t("table.sound")} onClick=${() => { hooks.setSoundEnabled(!sound); app.rerender(); }}><${Icon} name="sound" /></button>`}
    ${app.you !== null ? html`<button id="btn-keys" class="small" aria-label=${t("keys.title")} title=${t("keys.title")} onClick=${showKeys}><${Icon} name="help" /></button>` : null}
    ${app.you !== null && tb.status !== "over" ? html`<button id="btn-leave" class="small" onClick=${confirmLeave}>${t("table.leave")}</button>` : null}
  </span>`;
}

function TopLine() {
  const tb = app.table, v = app.view;
  const length = tb.hands_per_turn ? t("table.hands", { count: tb.hands_per_turn }) : t("table.to_target", { n: tb.target });
  const mine = myTurn();
  return html`<div class=${"topline" + (mine ? " my-turn" : "")} id="topline">
    <div class="topline-row">
      ${v && tb.status === "playing"
        ? html`<span class="turn" id="turn">${mine ? t("table.your_turn")
          : v.to_play === app.you ? t("table.your_turn_computer") : t("table.to_play", { name: shortName(v.to_play) })}</span>`
        : html`<span id="status" class="turn">${t(`status.${tb.status}`)}</span>`}
      <${Timer} />
      <${Totals} />
      <${Tools} />
    </div>
    <div class="topline-row second">
      <span class="title"><strong>${tableTitle(tb.name)}</strong> <span class="muted-light">${[length, tb.hand_no ? t("table.hand_no", { n: tb.hand_no }) : ""].filter(Boolean).join(" · ")}</span>
        ${" "}<span id="watchers" class="muted-light">${watchersText()}</span></span>
      ${tb.tournament ? html`<${TourClock} />` : null}
      <span id="announce" class="announce" role="status" aria-live="polite">${app.announce}</span>
    </div>
  </div>`;
}

function Waiting() {
  const choose = (ev) => { app.fillLevel = ev.target.value; };
  return html`<div class="actions waiting">
    <span>${t("table.waiting")}</span>
    <select id="fill-difficulty" aria-label=${t("create.bots")} onChange=${choose}>
      ${LEVELS.map((d) => html`<option value=${d} selected=${d === (app.fillLevel || DEFAULT_LEVEL)}>${t(`difficulty.${d}`)}</option>`)}
    </select>
    <button id="btn-fill" onClick=${() => send({ type: "fill_bots", difficulty: app.fillLevel || DEFAULT_LEVEL })}>${t("table.fill")}</button>
  </div>`;
}

function Log() {
  const v = app.view;
  const onToggle = (ev) => { app.logOpen = ev.currentTarget.open; app.rerender(); };  // the melds fit the room left
  return html`<details class="log-box" open=${Boolean(app.logOpen)} onToggle=${onToggle}>
    <summary>${t("table.log")}</summary>
    <div class="log" id="log">${(v.log || []).slice(-30).reverse().map((r) => html`<div key=${r.i}><${Suited} text=${recordText(r)} /></div>`)}</div>
  </details>`;
}

/** The seats at a place ("top", "left", "right", "bottom") as seen from the player. */
function seatsAt(place) {
  return app.table.seats.map((s, i) => i).filter((i) => placeOf(i) === place && (place !== "bottom" || app.you === null));
}

function Felt() {
  const tb = app.table, v = app.view;
  const seats = (place) => seatsAt(place).map((i) => html`<${Seat} key=${i} i=${i} />`);
  const bottomSide = v ? v.side_of[app.you ?? 0] : null;
  const others = v ? v.melds.map((_, side) => side).filter((side) => side !== bottomSide) : [];
  return html`<div class=${`felt players-${tb.players}` + (app.you === null ? " spectator" : "")} id="felt">
    <div class="seats-top">${seats("top")}</div>
    ${v ? html`<div class="sides-top">${others.map((side) => html`<${Side} key=${side} side=${side} bottom=${false} />`)}</div>` : null}
    <div class="middle">
      <div class="seats-left">${seats("left")}</div>
      ${v ? html`<${Centre} />` : html`<div class="centre"></div>`}
      <div class="seats-right">${seats("right")}</div>
    </div>
    ${v ? html`<${Side} side=${bottomSide} bottom=${true} />` : null}
    <div class="seats-bottom">${seats("bottom")}</div>
    ${v ? html`<${Log} />` : null}
  </div>`;
}

export function Table() {
  const tb = app.table, v = app.view, player = Boolean(v && app.you !== null);
  return html`<div class="table-app">
    <${TopLine} />
    <div class="felt-area" id="felt-area">
      ${tb.status === "waiting" ? html`<${Waiting} />` : null}
      ${player ? null : html`<${Absence} />`}
      <${Felt} />
      ${player ? null : html`<${Message} />`}
    </div>
    ${player ? html`<${HandBar} />` : null}
  </div>`;
}
