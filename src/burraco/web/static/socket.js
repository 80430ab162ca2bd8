// The table's link to the server, kept as a player on a train needs it (docs/web.md "The connection"):
// - every message the page sends carries an id of its own (a random base per page, then counting), and an
//   action stays in `unacked` until the server answers its id; after a reconnect it is sent again with the
//   same id, and the server applies an id once (a copy whose first was applied is answered, not applied);
// - a click made while the socket is down waits in the same queue and is sent once the socket is back;
// - a `ping` message when nothing was sent for PING_MS measures the lag; no answer at all within DEAD_MS
//   means the link is dead (a sleeping phone, a lost Wi-Fi): the socket is dropped and opened again;
// - reconnects back off (BACKOFF_MS, with jitter, so a restarted server is not hit by every page at once;
//   never more than 3 s between two tries, so a player is back within a few seconds of the server),
//   and the page says "Riconnessione…", then "Connessione persa" only after LOST_MS without a socket;
//   a click made meanwhile is said to wait ("la mossa partirà…").
// table.js opens the link and reads the messages; sheets.js and the table's buttons send through `send`.
import { t } from "./i18n.js";
import { app, setMessage } from "./ui.js";

const PING_MS = 15000;
const DEAD_MS = 10000;
const BACKOFF_MS = [250, 500, 1000, 2000, 3000];  // each waited for 50–100 % of its length
const LOST_MS = 10000;  // down this long before the page says the connection is lost
const RESENT = new Set(["action"]);  // sent, unanswered, resent after a reconnect: the server applies them once
const CONNECT_MS = 10000;  // a socket still opening after this long is given up and tried again

const link = { ws: null, tableId: null, handlers: null, tries: 0, retry: null, watch: null, openedAt: 0, lastSent: 0, lastHeard: 0, pingAt: 0, downSince: 0 };
const unacked = new Map();  // id → { message, sent }
let nextId = Math.floor(Math.random() * 2 ** 30) * 2 ** 22;  // below 2^52: ids of two pages never meet

/** Send a message on the table's socket (or queue it until the socket is back); its id marks its reply. */
export function send(message) {
  message.id = ++nextId;
  app.pending = message.id;
  unacked.set(message.id, { message, sent: false });
  if (isOpen()) transmit(message.id);
  else linkDown();  // (it says at once that the click waits for the socket)
}

/** Send table talk now, or not at all (chat.js shows its own error): never queued. */
export function sendNow(message) {
  if (!isOpen()) return false;
  rawSend({ ...message, id: ++nextId });
  return true;
}

/** Open table `tableId`'s socket; `handlers.message(msg)` reads each message, `handlers.refused(code)`
 *  a close that refuses for good. */
export function openLink(tableId, handlers) {
  closeLink();
  Object.assign(link, { tableId, handlers, tries: 0 });
  link.watch = setInterval(watch, 1000);
  connect();
}

export function closeLink() {
  clearTimeout(link.retry);
  clearInterval(link.watch);
  drop();
  unacked.clear();
  Object.assign(link, { tableId: null, handlers: null, retry: null, watch: null });
}

function isOpen() { return link.ws !== null && link.ws.readyState === WebSocket.OPEN; }

function rawSend(message) {
  link.ws.send(JSON.stringify(message));
  link.lastSent = performance.now();
}

function transmit(id) {
  const entry = unacked.get(id);
  if (!entry) return;
  entry.sent = true;
  rawSend(entry.message);
}

function connect() {
  const id = link.tableId;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${id}`);
  link.ws = ws;
  app.socket = ws;
  link.openedAt = link.lastHeard = performance.now();
  link.pingAt = 0;
  ws.onopen = () => {
    rawSend({ type: "sync", deltas: true, id: ++nextId });  // the table as it is, in one message
    for (const [key, entry] of [...unacked]) {  // then what waited: each once (the server applies an id once)
      if (!entry.sent || RESENT.has(entry.message.type)) transmit(key);
      else unacked.delete(key);  // sent, unanswered, not safe to repeat: the state shows whether it took
    }
  };
  ws.onmessage = (ev) => {
    link.lastHeard = performance.now();
    const msg = JSON.parse(ev.data);
    if (msg.reply_to !== undefined && msg.reply_to !== null) unacked.delete(msg.reply_to);
    if (msg.type === "pong") {
      if (link.pingAt) app.lag = Math.round(performance.now() - link.pingAt);
      link.pingAt = 0;
      return;
    }
    if (msg.type === "state" || msg.type === "delta") linkUp();
    link.handlers?.message(msg);
  };
  ws.onclose = (ev) => {
    if (link.ws !== ws) return;
    link.ws = null;
    if (ev.code >= 4400 && ev.code < 5000) { link.handlers?.refused(ev.code); return; }  // refused for good (close_codes.py)
    linkDown();
  };
}

/** Drop the current socket without waiting for its close (a dead link may never report one). */
function drop() {
  const ws = link.ws;
  link.ws = null;
  if (ws) { ws.onopen = ws.onmessage = ws.onclose = null; try { ws.close(); } catch { /* already closed */ } }
}

function linkUp() {
  if (link.tries === 0 && !app.linkDown) return;
  link.tries = 0;
  link.downSince = 0;
  app.linkDown = false;
  if (app.message && app.message.link) setMessage(null);
}

/** What the page says while the socket is down: reconnecting, a click waiting, or lost after LOST_MS. */
function sayDown() {
  app.linkDown = true;
  if (!link.downSince) link.downSince = performance.now();
  const lost = performance.now() - link.downSince >= LOST_MS;
  const waiting = [...unacked.values()].some((entry) => !entry.sent);
  setMessage(t(lost ? "table.connection_lost" : waiting ? "table.queued" : "table.reconnecting"), lost);
  if (app.message) app.message.link = true;
}

function linkDown() {
  if (link.tableId === null || isOpen()) return;
  sayDown();
  if (link.retry !== null) return;  // a try is due
  if (link.ws && link.ws.readyState === WebSocket.CONNECTING) return;  // a try is under way
  const base = BACKOFF_MS[Math.min(link.tries, BACKOFF_MS.length - 1)];
  link.tries += 1;
  link.retry = setTimeout(() => { link.retry = null; if (link.tableId !== null) connect(); }, base * (0.5 + Math.random() / 2));
}

/** Every second: a ping when the socket has been quiet, and a dead link dropped and opened again. */
function watch() {
  const now = performance.now();
  const stuck = link.ws !== null && link.ws.readyState === WebSocket.CONNECTING && now - link.openedAt > CONNECT_MS;
  if (stuck || (link.pingAt && link.lastHeard < link.pingAt && now - link.pingAt > DEAD_MS)) {
    drop();
    linkDown();
    return;
  }
  if (isOpen() && !link.pingAt && now - link.lastSent >= PING_MS) {
    link.pingAt = now;
    rawSend({ type: "ping" });
  }
}

function reconnectNow() {  // the phone woke up, the network came back: no need to wait for the backoff
  if (link.tableId === null || isOpen()) return;
  clearTimeout(link.retry);
  link.retry = null;
  link.tries = 0;
  drop();
  connect();
}
window.addEventListener("online", reconnectNow);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") reconnectNow(); });
