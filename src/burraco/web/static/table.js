// The table: the socket, the seats around the felt, the melds per side, the hand and actions in a fixed bottom bar.
import { t } from "./i18n.js";
import {
  app, h, icon, cardEl, tableTitle, suited, cardsText, parseCard, seatName, entrantOf, entrantName, setMessage, hideModal, worded, RANK_ORDER, levelOptions,
} from "./ui.js";
import { maybeShowScoreSheet, showScoreSheet, showRules } from "./sheets.js";
import { send } from "./socket.js";
import { CLOSE_CODES } from "/protocol.js";

// A close that refuses for good (no retry), in words; the codes come from the server (/protocol.js).
const CLOSE_WORDS = {
  [CLOSE_CODES.NO_SESSION]: "table.no_session", [CLOSE_CODES.PRACTICE]: "table.practice",
  [CLOSE_CODES.MISSING]: "table.missing", [CLOSE_CODES.GONE]: "table.gone", [CLOSE_CODES.CROWDED]: "table.crowded",
  [CLOSE_CODES.TOO_MANY_SOCKETS]: "table.too_many_sockets",
};
const WARN_AT = 10;

export function closeSocket() {
  if (app.socket) { app.socket.onclose = null; app.socket.close(); }
  app.socket = null; app.tableId = null; app.table = null; app.view = null; app.legal = [];
  document.body.classList.remove("at-table");
}

export function openTable(id) {
  closeSocket();
  app.tableId = id; app.shownResults = -1; app.selected = []; app.pending = null;
  document.getElementById("main").replaceChildren(h("div", { class: "felt", id: "table" }, h("p", {}, t("table.connecting"))));
  connect(id);
}

function refusedPage(code) {
  closeSocket();
  document.getElementById("main").replaceChildren(h("div", { class: "panel", id: "table-refused" },
    h("p", { class: "error" }, t(CLOSE_WORDS[code])), h("p", {}, h("a", { href: "#/" }, t("table.back")))));
}

function connect(id) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${id}`);
  app.socket = ws;
  ws.onopen = () => { app.reconnectDelay = 500; };
  ws.onmessage = (ev) => onServerMessage(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (app.tableId !== id) return;
    if (CLOSE_WORDS[ev.code]) { refusedPage(ev.code); return; }  // retrying would not help
    setMessage(t("table.reconnecting"), true);
    setTimeout(() => { if (app.tableId === id) connect(id); }, app.reconnectDelay);
    app.reconnectDelay = Math.min(app.reconnectDelay * 2, 8000);
  };
}

function requestSync() {
  if (app.socket && app.socket.readyState === WebSocket.OPEN) app.socket.send(JSON.stringify({ type: "sync", id: app.nextId++ }));
}

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

function onServerMessage(msg) {
  if (msg.type === "error") {
    if (msg.reply_to === app.pending) app.pending = null;
    setMessage(errorText(msg), true);
    return;
  }
  if (msg.type === "watchers") {  // the spectator count, sent on its own when it changes
    if (app.table) app.table.watchers = msg.count;
    const el = document.getElementById("watchers");
    if (el) el.textContent = watchersText();
    return;
  }
  if (msg.type !== "state") return;
  const previousHand = app.view ? app.view.hand.join(" ") : "";
  const table = { ...(app.table || {}), ...msg.table };
  if (!msg.table.rules && app.table) { table.rules = app.table.rules; table.results = app.table.results; }
  app.table = table;
  app.you = msg.you;
  if (msg.view) {
    if (msg.view.log_from > 0) {
      const known = app.view && app.view.log ? app.view.log : [];
      // a message lost on the way (a relayed socket's, across servers) leaves a hole: ask for everything
      if (known.length < msg.view.log_from) requestSync();
      msg.view.log = known.slice(0, msg.view.log_from).concat(msg.view.log);
    }
    app.view = msg.view;
  } else app.view = null;
  app.legal = msg.legal || [];
  if (msg.reply_to !== null && msg.reply_to === app.pending) { app.pending = null; app.selected = []; setMessage(""); }
  if (app.view && app.view.hand.join(" ") !== previousHand) app.selected = [];
  app.timerLeft = table.timer_left; app.timerAt = performance.now(); app.warned = false;
  app.tourLeft = table.tournament ? table.tournament.time_left : null;
  renderTable();
  maybeShowScoreSheet();
}

function displayedHand() {
  const cards = app.view ? [...app.view.hand] : [];
  if (app.sortMode === "rank") {
    cards.sort((a, b) => (RANK_ORDER[parseCard(a).rank] || 20) - (RANK_ORDER[parseCard(b).rank] || 20) || a.localeCompare(b));
  }
  return cards;
}

function selectedCards() {
  const hand = displayedHand();
  return app.selected.map((i) => hand[i]).filter(Boolean);
}

function toggleCard(i) {
  const at = app.selected.indexOf(i);
  if (at >= 0) app.selected.splice(at, 1); else app.selected.push(i);
  renderTable();
}

function act(kind, extra = {}) { send({ type: "action", kind, cards: [], ...extra }); }

function myTurn() {
  const v = app.view, tb = app.table;
  return Boolean(v && app.you !== null && v.to_play === app.you && tb.status === "playing" && app.legal.length > 0);
}

function totalsEl() {
  const tb = app.table;
  const mine = app.you !== null ? entrantOf(app.you) : null;
  return h("span", { id: "totals", class: "totals" }, tb.totals.map((total, e) => h("span", {
    class: "total" + (e === mine ? " mine" : ""), dataset: { entrant: e },
  }, h("span", { class: "who" }, (e === mine && tb.players !== 3 ? t("table.we") + " · " : "") + entrantName(e)), " ",
  h("b", {}, total))));
}

/** How many watch the table ("1 spettatore", "2 spettatori"), or nothing while nobody does. */
function watchersText() {
  const n = app.table && app.table.watchers;
  return n ? `· ${t("table.watchers", { count: n })}` : "";
}

function topBar() {
  const tb = app.table, v = app.view;
  const length = tb.hands_per_turn ? t("table.hands", { count: tb.hands_per_turn }) : t("table.to_target", { n: tb.target });
  const turn = v && tb.status === "playing"
    ? h("span", { class: "turn", id: "turn" }, myTurn() ? t("table.your_turn") : t("table.to_play", { name: seatName(v.to_play) }))
    : h("span", { id: "status" }, t(`status.${tb.status}`));
  return h("div", { class: "topbar" },
    h("span", { class: "title" }, h("strong", {}, tableTitle(tb.name)), " ",
      h("span", { class: "muted-light" }, [length, tb.hand_no ? t("table.hand_no", { n: tb.hand_no }) : ""].filter(Boolean).join(" · ")),
      " ", h("span", { id: "watchers", class: "muted-light" }, watchersText())),
    totalsEl(), turn, h("span", { id: "timer", class: "timer" }),
    tb.tournament ? h("a", { id: "tour-clock", class: "timer", href: `#/tournament/${tb.tournament.id}` }) : null,
    h("span", { class: "tools" },
      h("button", { id: "btn-rules", onclick: showRules }, t("table.rules")),
      h("button", { id: "btn-sheets", onclick: () => showScoreSheet(tb.results ? tb.results.length - 1 : -1, false),
        disabled: !(tb.results && tb.results.length) }, t("table.sheets")),
      app.you !== null && tb.status !== "over" ? h("button", { id: "btn-leave", onclick: () => {
        if (confirm(t("table.leave.confirm"))) send({ type: "leave" });
      } }, t("table.leave")) : null));
}

/** Where a seat sits as seen from the player (or seat 0 for a spectator): play moves clockwise, partner opposite. */
function placeOf(seat) {
  const n = app.table.players, me = app.you ?? 0, rel = (seat - me + n) % n;
  if (rel === 0) return "bottom";
  if (n === 2) return "top";
  if (n === 3) return rel === 1 ? "left" : "right";
  return ["bottom", "left", "top", "right"][rel];
}

function seatBox(s, i) {
  const tb = app.table, v = app.view;
  const count = v ? v.hand_sizes[i] : null;
  const flags = [s.left ? t("table.left") : "", s.standin ? t("table.standin") : "", s.bot ? t("table.bot") : "",
    !s.connected && s.name && !s.bot && !s.left ? t("table.away") : ""].filter(Boolean);
  const known = v && v.known[i] && v.known[i].length && i !== app.you ? t("table.known", { cards: cardsText(v.known[i]) }) : "";
  return h("div", { class: `seatbox at-${placeOf(i)}` + (v && v.to_play === i && tb.status === "playing" ? " to-play" : ""), id: `seat-${i}` },
    h("div", { class: "seat-name" }, s.bot || s.standin ? icon("bot") : null, s.name ? seatName(i) : h("span", { class: "muted-light" }, t("table.empty_seat"))),
    count !== null ? h("div", { class: "backs" }, t("table.cards", { count })) : null,
    flags.length ? h("div", { class: "flags" }, flags.join(" · ")) : null,
    known ? h("div", { class: "known" }, known) : null,
    tb.status === "waiting" && !s.name && app.user && app.you === null
      ? h("button", { class: "sit", onclick: () => send({ type: "sit", seat: i }) }, t("table.sit")) : null);
}

function ring() {
  const others = app.table.seats.map((s, i) => [s, i]).filter(([, i]) => app.you === null || i !== app.you);
  return h("div", { class: `ring players-${app.table.players}` + (app.you === null ? " spectator" : "") }, others.map(([s, i]) => seatBox(s, i)));
}

function centre() {
  const v = app.view;
  const pile = v.discard_pile;
  const top = pile.length ? pile[pile.length - 1] : null;
  return h("div", { class: "center" },
    h("div", { class: "counter", id: "stock" }, h("b", {}, v.stock), t("table.stock")),
    h("div", { class: "counter", id: "pozzetti" }, h("b", {}, v.pozzetti.length ? v.pozzetti.join(" + ") : "0"), t("table.pozzetti")),
    h("div", { class: "pile-wrap" }, h("div", { class: "pile-label" }, `${t("table.pile")} (${pile.length})`),
      h("div", { class: "pile", id: "pile" }, pile.slice(0, -1).map((c) => cardEl(c, { class: "mini" })),
        top ? cardEl(top, { class: "top-card" }) : h("span", { class: "muted-light" }, t("table.pile_empty")))));
}

function meldEl(m, k, mine) {
  const tag = m.burraco ? t(`burraco.${m.burraco}`) : "";
  return h("div", {
    class: "meld" + (mine ? " mine" : "") + (m.burraco ? " is-burraco" : ""), dataset: { index: k },
    title: m.cards.map((c, j) => (j === m.wild ? `${cardsText([c])}→${cardsText([m.stands_for])}` : cardsText([c]))).join(" "),
    onclick: mine ? () => attachTo(k) : null, role: mine ? "button" : null,
  }, h("div", { class: "meld-cards" }, m.cards.map((c, j) => cardEl(c, { class: "mini", standsFor: j === m.wild ? m.stands_for : "" }))),
  tag ? h("span", { class: "tag" }, tag) : null);
}

function sidesEl() {
  const v = app.view;
  const mySide = app.you !== null ? v.side_of[app.you] : null;
  const order = v.melds.map((_, side) => side).sort((a, b) => (a === mySide) - (b === mySide));
  return h("div", { class: "sides" }, order.map((side) => {
    const members = v.side_of.map((s, i) => (s === side ? seatName(i) : null)).filter(Boolean).join(" & ");
    const took = v.pozzetto_of_side.some((p) => p[0] === side);
    const label = (side === mySide ? t("table.we") : t("table.they")) + " · " + members + (took ? ` · ${t("table.took_pozzetto")}` : "");
    const melds = v.melds[side];
    return h("div", { class: "side" + (side === mySide ? " my-side" : ""), id: side === mySide ? "side-mine" : `side-${side}`, dataset: { side } },
      h("h4", {}, label),
      h("div", { class: "melds" }, melds.length ? melds.map((m, k) => meldEl(m, k, side === mySide))
        : h("span", { class: "muted-light" }, t("table.no_melds"))));
  }));
}

function handBar() {
  const v = app.view;
  const hand = displayedHand();
  const known = [...(v.known[app.you] || [])];
  const can = (kind) => myTurn() && app.legal.includes(kind);
  const playing = myTurn() && v.phase === "play";
  const sel = selectedCards();
  const sortBtn = (mode) => h("button", { id: `sort-${mode}`, class: "small" + (app.sortMode === mode ? " on" : ""),
    onclick: () => { app.sortMode = mode; app.selected = []; renderTable(); } }, t(`table.sort_${mode}`));
  return h("div", { id: "bar", class: "bar" + (myTurn() ? " my-turn" : "") },
    h("div", { class: "hand", id: "hand" }, hand.map((c, i) => {
      const k = known.indexOf(c);
      if (k >= 0) known.splice(k, 1);
      return cardEl(c, { class: (app.selected.includes(i) ? "selected" : "") + (k >= 0 ? " known" : ""), onclick: () => toggleCard(i) });
    })),
    h("div", { class: "actions" },
      h("button", { id: "btn-draw", class: "primary", disabled: !can("draw"), onclick: () => act("draw") }, t("table.draw")),
      h("button", { id: "btn-pickup", disabled: !can("pickup"), onclick: () => act("pickup") }, t("table.pickup")),
      h("button", { id: "btn-meld", disabled: !playing || sel.length < 3, onclick: () => act("meld", { cards: selectedCards() }) }, t("table.meld")),
      h("button", { id: "btn-discard", class: "primary", disabled: !playing || sel.length !== 1,
        onclick: () => act("discard", { cards: selectedCards() }) }, t("table.discard")),
      sortBtn("suit"), sortBtn("rank"),
      h("button", { id: "btn-hint", class: "small", disabled: !myTurn(), onclick: () => setMessage(t("table.legal_now", {
        moves: app.legal.map((k) => t(`move.${k}`)).join(" · ") })) }, t("table.legal")),
      v.one_card_pick ? h("span", { class: "note" }, t("table.no_discard", { card: cardsText([v.one_card_pick]) }))
        : h("span", { class: "note hint-attach" }, t("table.attach_hint"))));
}

function waitingRow() {
  const diff = h("select", { id: "fill-difficulty" }, levelOptions());
  return h("div", { class: "actions waiting" }, h("span", {}, t("table.waiting")), diff,
    h("button", { id: "btn-fill", onclick: () => send({ type: "fill_bots", difficulty: diff.value }) }, t("table.fill")));
}

export function renderTable() {
  const root = document.getElementById("table");
  if (!root || !app.table) return;
  const tb = app.table, v = app.view;
  const parts = [topBar(), ring()];
  if (tb.status === "waiting") parts.push(waitingRow());
  if (v) parts.push(centre(), sidesEl());
  parts.push(absenceBanner());
  parts.push(h("div", { id: "message", role: "status", "aria-live": "polite" }));
  if (v) parts.push(h("details", { class: "log-box" }, h("summary", {}, t("table.log")),
    h("div", { class: "log", id: "log" }, (v.log || []).slice(-30).reverse().map((r) => h("div", {}, suited(recordText(r)))))));
  const old = document.getElementById("message");
  const keep = old ? [Array.from(old.childNodes), old.className] : [[], ""];
  const wasOpen = root.querySelector("details.log-box")?.open;
  if (v && app.you !== null) parts.push(handBar());
  root.replaceChildren(...parts.filter(Boolean));
  if (wasOpen) root.querySelector("details.log-box").open = true;
  document.body.classList.toggle("at-table", Boolean(v && app.you !== null));
  watchBar();
  const m = document.getElementById("message");
  m.replaceChildren(...keep[0]); m.className = keep[1];
  updateTimer();
}

// The page keeps room under the felt for the fixed bottom bar, however many rows the hand takes.
const barWatch = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  for (const e of entries) document.documentElement.style.setProperty("--bar-h", `${Math.ceil(e.target.getBoundingClientRect().height)}px`);
}) : null;

function watchBar() {
  const bar = document.getElementById("bar");
  if (barWatch) barWatch.disconnect();
  if (bar && barWatch) barWatch.observe(bar);
  else document.documentElement.style.setProperty("--bar-h", "0px");
}

function attachTo(index) {
  const cards = selectedCards();
  if (!cards.length) { setMessage(t("table.attach_first")); return; }
  act("attach", { cards, target: index });
}

/** Said out loud: whose turn the computer is playing, and the player's own timeouts and stand-in. */
function absenceBanner() {
  const tb = app.table, absence = tb.absence || { timeouts: [], auto: [], max_timeouts: 3 };
  const lines = [];
  if (tb.status === "playing" && tb.auto_turn >= 0) lines.push(h("div", { id: "auto-turn" }, t("absence.auto", { name: seatName(tb.auto_turn) })));
  const me = app.you !== null ? tb.seats[app.you] : null;
  if (me && me.standin) {
    lines.push(h("div", { id: "standin-mine" }, t("absence.mine"), " ",
      h("button", { id: "btn-back", class: "primary", onclick: () => send({ type: "back" }) }, t("absence.back"))));
  } else if (me && absence.timeouts[app.you] > 0) {
    lines.push(h("div", { id: "timeouts" }, t("absence.count", { count: absence.timeouts[app.you], max: absence.max_timeouts })));
  }
  return lines.length ? h("div", { class: "absence", id: "absence", role: "alert" }, lines) : null;
}

export function recordText(r) {
  const who = r.seat >= 0 ? seatName(r.seat) : t("log.table");
  const cards = cardsText(r.cards);
  const autoFor = ((app.table && app.table.absence && app.table.absence.auto) || []).find(([i]) => i === r.i);
  const auto = autoFor ? " " + t("log.auto", { name: seatName(autoFor[1]) }) : "";
  const known = { draw: cards ? "log.draw_cards" : "log.draw", pickup: "log.pickup", meld: "log.meld", attach: "log.attach",
    discard: "log.discard", pozzetto: "log.pozzetto", close: "log.close", end: "log.end" }[r.kind];
  return (known ? t(known, { who, cards }) : t("log.other", { who, kind: r.kind })) + auto;
}

/** A tournament table's turn clock (Art. 5), counted down here from the server's time left. */
function updateTourClock() {
  const el = document.getElementById("tour-clock"), tour = app.table && app.table.tournament;
  if (!el || !tour) return;
  const left = Math.max(0, Math.ceil((app.tourLeft ?? 0) - (performance.now() - app.timerAt) / 1000));
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  el.textContent = tour.timed_out || left <= 0 ? t("table.tour_time_up", { turn: tour.turn, table: tour.table })
    : t("table.tour_clock", { turn: tour.turn, table: tour.table, left: clock });
}

export function updateTimer() {
  updateTourClock();
  const el = document.getElementById("timer");
  if (!el) return;
  if (app.timerLeft === null || app.timerLeft === undefined) { el.replaceChildren(); return; }
  const left = Math.ceil(Math.max(0, app.timerLeft - (performance.now() - app.timerAt) / 1000));
  el.replaceChildren(icon("clock"), " ", t("table.timer", { s: left }));
  el.classList.toggle("warn", left <= WARN_AT);
  if (left <= WARN_AT && myTurn() && !app.warned) {
    app.warned = true;
    setMessage(t("table.timer_warn", { count: left }), true);
  }
}
setInterval(updateTimer, 500);
export { hideModal };
