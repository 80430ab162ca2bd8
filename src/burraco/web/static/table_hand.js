// The player's bar, fixed at the bottom: the message line, the clock's warning, the hand (a roving
// tabindex: one card in the tab order, arrows move, Space selects) and the actions with their keys.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { app, cardsText, setMessage } from "./ui.js";
import { CardFace, cardLabel } from "./cards.js";
import { legalText } from "./table_words.js";
import { turnLeft, useNow } from "./clock.js";
import { Message } from "./table_message.js";
import { Absence } from "./table_absence.js";
import {
  can, discard, displayedHand, draw, handKey, meld, myTurn, pickup, playing, selectedCards, setSort, toggleCard,
} from "./table_actions.js";

const WARN_AT = 10;

/** "Mancano 8 secondi…", only during your own turn and only while it is true. */
function ClockWarning() {
  const left = turnLeft(useNow());
  if (left === null || left > WARN_AT || !myTurn()) return null;
  return html`<div id="clock-warn" class="clock-warn" role="alert">${t("table.timer_warn", { count: Math.ceil(left) })}</div>`;
}

function HandCard({ card, hand, index, selected, known, focusable }) {
  const label = cardLabel(card.code) + (known ? `, ${t("table.known_card")}` : "");
  return html`<button type="button" class=${"card" + (selected ? " selected" : "") + (known ? " known" : "")}
      data-key=${card.key} data-code=${card.code} tabindex=${focusable ? 0 : -1} aria-pressed=${selected ? "true" : "false"}
      aria-label=${label} title=${label}
      onClick=${() => toggleCard(card.key)} onKeyDown=${(ev) => handKey(ev, hand, index)}
      onFocus=${() => { if (app.focusKey !== card.key) { app.focusKey = card.key; app.rerender(); } }}>
    <${CardFace} code=${card.code} />
  </button>`;
}

function Hand() {
  const hand = displayedHand();
  const known = [...(app.view.known[app.you] || [])];
  const focusKey = hand.some((c) => c.key === app.focusKey) ? app.focusKey : hand.length ? hand[0].key : null;
  return html`<div id="hand" class="hand" role="group" aria-label=${t("table.your_hand_n", { count: hand.length })}
      data-zone="hand" data-count=${hand.length}>
    ${hand.map((card, index) => {
      const k = known.indexOf(card.code);
      if (k >= 0) known.splice(k, 1);
      return html`<${HandCard} key=${card.key} card=${card} hand=${hand} index=${index} selected=${app.selected.includes(card.key)}
        known=${k >= 0} focusable=${card.key === focusKey} />`;
    })}
  </div>`;
}

function Key({ k }) { return html`<kbd aria-hidden="true">${k}</kbd>`; }

export function HandBar() {
  const v = app.view;
  const sel = selectedCards();
  const mine = myTurn();
  const play = playing();
  const sortBtn = (mode) => html`<button id=${`sort-${mode}`} class=${"small" + (app.sortMode === mode ? " on" : "")}
    aria-pressed=${app.sortMode === mode ? "true" : "false"} onClick=${() => setSort(mode)}>${t(`table.sort_${mode}`)}</button>`;
  return html`<div id="bar" class=${"bar" + (mine ? " my-turn" : "")}>
    <${Absence} />
    <${Message} />
    <${ClockWarning} />
    <${Hand} />
    <div class="actions" role="toolbar" aria-label=${t("table.actions")}>
      <button id="btn-draw" class="primary" disabled=${!can("draw")} aria-keyshortcuts="P" onClick=${draw}>${t("table.draw")} <${Key} k="P" /></button>
      <button id="btn-pickup" disabled=${!can("pickup")} aria-keyshortcuts="R" onClick=${pickup}>${t("table.pickup")} <${Key} k="R" /></button>
      <button id="btn-meld" disabled=${!play || sel.length < 3} aria-keyshortcuts="C" onClick=${() => meld()}>${t("table.meld")} <${Key} k="C" /></button>
      <button id="btn-discard" class="primary" disabled=${!play || sel.length !== 1} aria-keyshortcuts="S" onClick=${() => discard()}>${t("table.discard")} <${Key} k="S" /></button>
      <span class="sorts">${sortBtn("suit")}${sortBtn("rank")}</span>
      <button id="btn-hint" class="small" disabled=${!mine} onClick=${() => setMessage(legalText(app.legal))}>${t("table.legal")}</button>
      <span class="notes">
        ${sel.length ? html`<span class="note" id="selected-count">${t("table.selected", { count: sel.length })}</span>` : null}
        ${v.one_card_pick ? html`<span class="note">${t("table.no_discard", { card: cardsText([v.one_card_pick]) })}</span>`
          : html`<span class="note hint-attach">${t("table.attach_hint")}</span>`}
      </span>
    </div>
  </div>`;
}
