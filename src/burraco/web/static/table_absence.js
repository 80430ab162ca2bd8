// Said out loud: whose turn the computer is playing, your own timeouts, and, when the computer stood in
// for you, what it did (from which hand, the totals then and now, its moves this hand) and the way back.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { app, seatName } from "./ui.js";
import { Suited } from "./table_message.js";
import { send } from "./socket.js";
import { entrantShort, recordText } from "./table_words.js";

const SHOWN = 6;

function StandinSummary({ info }) {
  const tb = app.table, v = app.view, me = app.you;
  const played = new Set(((tb.absence && tb.absence.auto) || []).filter(([, seat]) => seat === me).map(([i]) => i));
  const records = v && v.log ? v.log.filter((r) => played.has(r.i)) : [];
  const then = (info.from_totals || []).map((n, e) => `${entrantShort(e)} ${n}`).join(" · ");
  const now = tb.totals.map((n, e) => `${entrantShort(e)} ${n}`).join(" · ");
  const dismiss = () => { app.standinSeen = JSON.stringify(info); app.rerender(); };
  return html`<div id="standin-mine">
    <div>${info.active ? t("absence.mine") : t("absence.was")}</div>
    <div id="standin-summary" class="standin-summary">
      ${info.from_hand ? html`<div>${t("absence.from_hand", { n: info.from_hand, count: info.hands || 1 })}</div>` : null}
      ${then ? html`<div>${t("absence.totals", { then, now })}</div>` : null}
      ${records.length ? html`<div>${t("absence.played", { count: records.length })}</div>
        <ul class="standin-moves">${records.slice(-SHOWN).map((r) => html`<li key=${r.i}><${Suited} text=${recordText(r, false)} /></li>`)}
          ${records.length > SHOWN ? html`<li>${t("absence.earlier", { count: records.length - SHOWN })}</li>` : null}</ul>` : null}
    </div>
    ${info.active ? BackButton() : html`<button id="btn-standin-ok" onClick=${dismiss}>${t("absence.ok")}</button>`}
  </div>`;
}

/** "Riprendi il posto", or, once asked while the computer is in the middle of the turn, when it comes back. */
function BackButton() {
  if (app.table.seats[app.you].back_asked) return html`<div id="back-asked">${t("absence.back_asked")}</div>`;
  return html`<button id="btn-back" class="primary" onClick=${() => send({ type: "back" })}>${t("absence.back")}</button>`;
}

export function Absence() {
  const tb = app.table, absence = tb.absence || { timeouts: [], auto: [], max_timeouts: 3 };
  const me = app.you !== null ? tb.seats[app.you] : null;
  const info = me && absence.standin ? absence.standin[app.you] : null;
  const lines = [];
  if (tb.status === "playing" && tb.auto_turn >= 0) {
    lines.push(html`<div id="auto-turn" key="auto">${t("absence.auto", { name: seatName(tb.auto_turn) })}</div>`);
  }
  if (info && (info.active || JSON.stringify(info) !== app.standinSeen)) {
    lines.push(html`<${StandinSummary} key="standin" info=${info} />`);
  } else if (me && me.standin) {
    lines.push(html`<div id="standin-mine" key="standin">${t("absence.mine")}
      ${BackButton()}</div>`);
  } else if (me && absence.timeouts[app.you] > 0 && tb.status === "playing") {
    lines.push(html`<div id="timeouts" key="timeouts">${t("absence.count", { count: absence.timeouts[app.you], max: absence.max_timeouts })}</div>`);
  }
  return lines.length ? html`<div class="absence" id="absence" role="alert">${lines}</div>` : null;
}
