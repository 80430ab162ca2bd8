// The table: the socket, the server's messages, and the components (table_view.js) rendered with Preact,
// so each message patches the page: focus, selection, scroll and animations survive every message.
import { t } from "./i18n.js";
import { app, hideModal, setMessage } from "./ui.js";
import { html, render } from "./html.js";
import { applyFourColour } from "./cards.js";
import { maybeShowScoreSheet } from "./sheets.js";
import { Table } from "./table_view.js";
import { fitTable } from "./table_fit.js";
import { myTurn, onDrop, selectedCards, tableKey } from "./table_actions.js";
import { announceText, errorText, recordText } from "./table_words.js";
import { showKeys } from "./table_dialogs.js";
import * as hooks from "./table_hooks.js";
import { CLOSE_CODES } from "/protocol.js";
import { applyDelta } from "./delta.js";
import { mountChat, onChatMessage } from "./chat.js";
import { closeLink, openLink, sendNow } from "./socket.js";

export { errorText, recordText, hideModal };

// A close that refuses for good (no retry), in words; the codes come from the server (/protocol.js).
const CLOSE_WORDS = {
  [CLOSE_CODES.NO_SESSION]: "table.no_session", [CLOSE_CODES.PRACTICE]: "table.practice",
  [CLOSE_CODES.MISSING]: "table.missing", [CLOSE_CODES.GONE]: "table.gone", [CLOSE_CODES.CROWDED]: "table.crowded",
  [CLOSE_CODES.TOO_MANY_SOCKETS]: "table.too_many_sockets", [CLOSE_CODES.INVITE_ONLY]: "table.invite_only",
};

export function closeSocket() {
  closeLink();
  const root = document.getElementById("table");
  if (root) render(null, root);
  app.socket = null; app.tableId = null; app.table = null; app.view = null; app.legal = []; app.wire = null;
  app.rerender = () => {};
  document.body.classList.remove("at-table");
}

export function openTable(id) {
  closeSocket();
  Object.assign(app, { tableId: id, shownResults: -1, selected: [], pending: null, acting: null, message: null, announce: "", focusKey: null,
    logOpen: false, standinSeen: "", rendered: false, wasMyTurn: false, wire: null, syncAsked: false });
  const root = document.createElement("div");
  root.id = "table";
  root.className = "table-root";
  root.textContent = t("table.connecting");
  document.getElementById("main").replaceChildren(root);
  applyFourColour();
  openLink(id, { message: onServerMessage, refused: refusedPage });
  mountChat(document.getElementById("main"), { table: id, me: app.user, send: sendNow });
}

function refusedPage(code) {
  closeSocket();
  const main = document.getElementById("main");
  main.replaceChildren();
  render(html`<div class="panel" id="table-refused"><p class="error">${t(CLOSE_WORDS[code])}</p>
    <p><a href="#/">${t("table.back")}</a></p></div>`, main);
}

function requestSync() {
  sendNow({ type: "sync" });
}

/** The log records this state adds to what the page held (none on a new hand's first message). */
function addedRecords(before, beforeHand, view, handNo) {
  if (!view || !view.log) return [];
  if (!before || beforeHand !== handNo) return before ? view.log : [];
  return view.log.slice(before.length);
}

function onServerMessage(msg) {
  if (msg.type === "chat" || (msg.type === "error" && msg.reason?.startsWith("chat_"))) { onChatMessage(msg); return; }  // table talk (chat.js)
  if (msg.type === "error") {
    if (msg.reply_to === app.pending) app.pending = null;
    setMessage(errorText(msg), true);
    return;
  }
  if (msg.type === "watchers") {  // the spectator count, sent on its own when it changes
    if (app.table) { app.table.watchers = msg.count; renderTable([]); }
    return;
  }
  if (msg.type === "delta") {  // what changed since the state we hold; built on another one: ask for everything
    const state = applyDelta(app.wire, msg);
    if (!state) { if (!app.syncAsked) { app.syncAsked = true; requestSync(); } return; }
    msg = state;
  }
  if (msg.type !== "state") return;
  app.syncAsked = false;
  const previousHand = app.view ? app.view.hand.join(" ") : "";
  const knownLog = app.view && app.view.log ? app.view.log : null;
  const knownHandNo = app.table ? app.table.hand_no : null;
  const table = { ...(app.table || {}), ...msg.table };
  if (!msg.table.rules && app.table) { table.rules = app.table.rules; table.results = app.table.results; }
  app.table = table;
  app.you = msg.you;
  if (msg.view) {
    if (msg.view.log_from > 0) {
      const known = knownLog || [];
      // a message lost on the way (a relayed socket's, across servers) leaves a hole: ask for everything
      if (known.length < msg.view.log_from) requestSync();
      msg.view.log = known.slice(0, msg.view.log_from).concat(msg.view.log);
    }
    app.view = msg.view;
  } else app.view = null;
  app.legal = msg.legal || [];
  app.wire = { v: msg.v, you: app.you, table, view: app.view, legal: app.legal };
  const added = addedRecords(knownLog, knownHandNo, app.view, table.hand_no);
  if (msg.reply_to !== null && msg.reply_to === app.pending) { app.pending = null; app.selected = []; app.message = null; }
  if (app.view && app.view.hand.join(" ") !== previousHand) app.selected = [];
  const others = added.filter((r) => r.seat !== app.you && r.kind !== "end");
  if (others.length) app.announce = others.map(announceText).join(". ");
  else if (added.some((r) => r.kind === "end")) app.announce = announceText({ kind: "end", seat: -1, cards: [] });
  const mine = myTurn();
  if (mine !== app.wasMyTurn && app.message && app.message.error) app.message = null;  // an old refusal no longer applies
  app.wasMyTurn = mine;
  app.timerLeft = table.timer_left; app.timerAt = performance.now();
  app.tourLeft = table.tournament ? table.tournament.time_left : null;
  renderTable(added);
  maybeShowScoreSheet();
}

/** Render the table into #table, patching what is there; the motion hooks see the page before and after. */
export function renderTable(records = []) {
  const root = document.getElementById("table");
  if (!root || !app.table) return;
  if (!app.rendered) { root.textContent = ""; app.rendered = true; }
  app.rerender = () => renderTable([]);
  const snapshot = hooks.beforeRender(root);
  const focusInHand = Boolean(document.activeElement && document.activeElement.closest && document.activeElement.closest("#hand"));
  render(html`<${Table} />`, root);
  document.body.classList.toggle("at-table", true);
  document.body.classList.toggle("playing-seat", Boolean(app.view && app.you !== null));
  // a card that left the hand had the focus: the hand keeps it
  if (focusInHand && (!document.activeElement || document.activeElement === document.body)) {
    const card = root.querySelector(`#hand .card[tabindex="0"]`);
    if (card) card.focus();
  }
  fitTable(root);  // sizes from the room there is, before the motion sees where the cards went
  hooks.afterRender(root, snapshot, Array.isArray(records) ? records : []);
  hooks.yourTurn(myTurn());
  hooks.enableDrag(root, { selection: () => selectedCards(), onDrop });
}

document.addEventListener("keydown", (ev) => { if (document.getElementById("table")) tableKey(ev, showKeys); });
