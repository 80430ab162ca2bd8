// Burraco in the browser: lobby, table, score sheets, replays, profiles. Plain ES module, no build step.
// The server is the authority: this page only shows what the server sends and asks it to act.

const SUIT_GLYPH = { H: "♥", D: "♦", C: "♣", S: "♠" };
const RANK_ORDER = { A: 14, K: 13, Q: 12, J: 11, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 15 };

const app = {
  user: null,
  presets: {},
  socket: null,
  tableId: null,
  table: null,
  view: null,
  legal: [],
  you: null,
  selected: [],      // indexes into the displayed hand
  sortMode: "suit",
  nextId: 1,
  pending: null,
  shownResults: 0,
  timerAt: 0,
  timerLeft: null,
  lobbyTimer: null,
  reconnectDelay: 500,
};

// ------------------------------------------------------------------ helpers
function h(tag, attrs = {}, ...children) {
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

async function api(path, options = {}) {
  const init = { headers: { "Content-Type": "application/json" }, credentials: "same-origin", ...options };
  if (init.body && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ")
      : (data.detail && data.detail.message) || data.detail;
    throw new Error(detail || response.statusText);
  }
  return data;
}

function parseCard(code) {
  if (code === "JK") return { rank: "JK", suit: "" };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

function cardEl(code, extra = {}) {
  const { rank, suit } = parseCard(code);
  const red = suit === "H" || suit === "D";
  const cls = ["card", red ? "red" : "", rank === "JK" ? "joker" : "", extra.class || ""].join(" ");
  const label = rank === "JK" ? ["★", "JK"] : [rank, SUIT_GLYPH[suit]];
  const el = h("div", { class: cls, title: code, dataset: { code } }, h("span", { class: "r" }, label[0]),
    h("span", { class: "s" }, label[1]));
  if (extra.standsFor) {
    el.classList.add("wild");
    el.dataset.for = "=" + extra.standsFor;
    el.title = `${code} stands for ${extra.standsFor}`;
  }
  if (extra.onclick) el.addEventListener("click", extra.onclick);
  return el;
}

function seatName(i) {
  const seat = app.table && app.table.seats[i];
  return seat ? (seat.name || seat.position) : `seat ${i}`;
}

function setMessage(text, isError = false) {
  const el = document.getElementById("message");
  if (!el) return;
  el.replaceChildren(...withRuleLinks(text || ""));
  el.className = isError ? "error" : "";
}

// A citation of the rules page in a message ("rules §4.1", "rules §3, §6": burraco.core.citation)
// becomes links to its sections on /rules, opened in a new tab so the table stays connected.
const CITATION = /rules §\d{1,2}(?:\.\d{1,2})?(?:, §\d{1,2}(?:\.\d{1,2})?)*/g;
function withRuleLinks(text) {
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

function ruleLink(section, label) {
  const hash = section ? `#s${section.replace(".", "-")}` : "";
  return h("a", { href: `/rules${hash}`, target: "_blank", rel: "noopener", class: "rule-link" }, label);
}

function showModal(content) {
  const box = document.getElementById("modal-box");
  box.replaceChildren(content);
  document.getElementById("modal").classList.remove("hidden");
}

function hideModal() { document.getElementById("modal").classList.add("hidden"); }

// ------------------------------------------------------------------ account
async function loadMe() {
  try { app.user = (await api("/api/me")).user; } catch { app.user = null; }
  renderAccount();
}

function renderAccount() {
  const box = document.getElementById("account");
  if (app.user) {
    box.replaceChildren(
      h("a", { href: `#/user/${app.user.id}`, id: "me" }, `${app.user.display} · rating ${app.user.rating}`),
      h("button", { onclick: async () => { await api("/api/logout", { method: "POST" }); app.user = null; renderAccount(); route(); } }, "Log out"),
    );
    return;
  }
  const nick = h("input", { id: "guest-name", placeholder: "nickname", maxlength: 24 });
  const name = h("input", { id: "login-name", placeholder: "name", maxlength: 24 });
  const pass = h("input", { id: "login-password", type: "password", placeholder: "password" });
  const err = h("span", { class: "error", id: "account-error" });
  const act = (path, body) => async () => {
    try { app.user = (await api(path, { method: "POST", body })).user; renderAccount(); route(); }
    catch (e) { err.textContent = e.message; }
  };
  box.replaceChildren(
    nick, h("button", { id: "guest-btn", onclick: () => act("/api/guest", { nickname: nick.value })() }, "Play as guest"),
    h("span", { class: "muted" }, "or"), name, pass,
    h("button", { id: "login-btn", onclick: () => act("/api/login", { name: name.value, password: pass.value })() }, "Log in"),
    h("button", { id: "register-btn", onclick: () => act("/api/register", { name: name.value, password: pass.value })() }, "Register"),
    err,
  );
}

// ------------------------------------------------------------------ routing
function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (app.lobbyTimer) { clearInterval(app.lobbyTimer); app.lobbyTimer = null; }
  if (parts[0] !== "table") closeSocket();
  hideModal();
  if (parts[0] === "table" && parts[1]) return openTable(Number(parts[1]));
  if (parts[0] === "replay" && parts[1] && parts[2]) return showReplay(Number(parts[1]), Number(parts[2]), 0);
  if (parts[0] === "user" && parts[1]) return showProfile(Number(parts[1]));
  return showLobby();
}

// ------------------------------------------------------------------ lobby
async function showLobby() {
  const main = document.getElementById("main");
  const list = h("div", { id: "tables" }, h("p", { class: "muted" }, "Loading tables…"));
  main.replaceChildren(
    h("div", { class: "panel" }, h("h2", {}, "Tables"), list),
    h("div", { class: "panel" }, h("h2", {}, "Create a table"), createForm()),
  );
  const refresh = async () => {
    try {
      const { tables } = await api("/api/tables");
      if (!tables.length) { list.replaceChildren(h("p", { class: "muted" }, "No table yet: create one below.")); return; }
      list.replaceChildren(h("table", { class: "list" },
        h("tr", {}, h("th", {}, "Table"), h("th", {}, "Players"), h("th", {}, "Rules"), h("th", {}, "Seats"), h("th", {}, "Status"), h("th", {})),
        tables.map((t) => h("tr", {},
          h("td", {}, t.name), h("td", {}, t.players), h("td", {}, t.preset),
          h("td", {}, t.seats.map((s) => s.name || "—").join(", ")),
          h("td", {}, t.status + (t.hand_no ? ` · hand ${t.hand_no}` : "")),
          h("td", {}, h("a", { href: `#/table/${t.id}` }, t.status === "waiting" ? "Sit / watch" : "Open"))))));
    } catch (e) { list.replaceChildren(h("p", { class: "error" }, e.message)); }
  };
  await refresh();
  app.lobbyTimer = setInterval(refresh, 3000);
}

function createForm() {
  const presetSel = h("select", { id: "preset" }, Object.keys(app.presets).map((p) => h("option", { value: p }, p)));
  const players = h("select", { id: "players" }, [2, 3, 4].map((n) => h("option", { value: n }, n)));
  const mode = h("select", { id: "mode" }, h("option", { value: "target" }, "to a target"), h("option", { value: "hands" }, "a number of hands"));
  const target = h("select", { id: "target" }, [505, 1005, 2005, 3005, 5005].map((t) => h("option", { value: t, selected: t === 2005 }, t)));
  const hands = h("input", { id: "hands", type: "number", min: 1, max: 20, value: 3 });
  const timer = h("input", { id: "turn-timer", type: "number", min: 0, max: 3600, value: 0 });
  const maxTurns = h("input", { id: "max-turns", type: "number", min: 10, max: 2000, value: 2000 });
  const bots = h("select", { id: "bots" }, h("option", { value: "" }, "none (wait for people)"),
    ["easy", "normal", "hard"].map((d) => h("option", { value: d, selected: d === "normal" }, d)));
  const name = h("input", { id: "table-name", maxlength: 60, placeholder: "optional" });
  const err = h("p", { class: "error", id: "create-error" });
  const submit = async (ev) => {
    ev.preventDefault();
    if (!app.user) { err.textContent = "Pick a guest nickname or log in first (top right)."; return; }
    const body = {
      name: name.value, players: Number(players.value), preset: presetSel.value,
      turn_timer: Number(timer.value) || 0, bots: bots.value || null, sit: true,
      options: Number(maxTurns.value) !== 2000 ? { max_turns: Number(maxTurns.value) } : {},
    };
    if (mode.value === "hands") body.hands = Number(hands.value); else body.target = Number(target.value);
    try {
      const { table } = await api("/api/tables", { method: "POST", body });
      location.hash = `#/table/${table.id}`;
    } catch (e) { err.textContent = e.message; }
  };
  return h("form", { class: "grid", id: "create-form", onsubmit: submit },
    h("label", { for: "table-name" }, "Name"), name,
    h("label", { for: "players" }, "Players"), players,
    h("label", { for: "preset" }, "Rules preset"), presetSel,
    h("label", { for: "mode" }, "Play"), mode,
    h("label", { for: "target" }, "Target"), target,
    h("label", { for: "hands" }, "Hands"), hands,
    h("label", { for: "turn-timer" }, "Turn timer (s, 0 = none)"), timer,
    h("label", { for: "max-turns" }, "Turn cap per hand (rule max_turns)"), maxTurns,
    h("label", { for: "bots" }, "Fill the other seats with bots"), bots,
    h("span"), h("button", { class: "primary", id: "create-btn", type: "submit" }, "Create table"),
    h("span"), err);
}

// ------------------------------------------------------------------ the table
function closeSocket() {
  if (app.socket) { app.socket.onclose = null; app.socket.close(); }
  app.socket = null; app.tableId = null; app.table = null; app.view = null; app.legal = [];
}

function openTable(id) {
  closeSocket();
  app.tableId = id; app.shownResults = -1; app.selected = []; app.pending = null;
  document.getElementById("main").replaceChildren(h("div", { class: "felt", id: "table" }, h("p", {}, "Connecting…")));
  connect(id);
}

function connect(id) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${id}`);
  app.socket = ws;
  ws.onopen = () => { app.reconnectDelay = 500; };
  ws.onmessage = (ev) => onServerMessage(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (app.tableId !== id) return;
    // 4401 no session, 4403 someone's practice, 4404 no table, 4410 over or closed, 4429 too many
    // spectators: retrying would not help
    if ([4401, 4403, 4404, 4410, 4429].includes(ev.code)) {
      document.getElementById("main").replaceChildren(h("p", { class: "error" }, ev.reason || `Table ${id} is not available.`));
      return;
    }
    setMessage("Connection lost: reconnecting…", true);
    setTimeout(() => { if (app.tableId === id) connect(id); }, app.reconnectDelay);
    app.reconnectDelay = Math.min(app.reconnectDelay * 2, 8000);
  };
}

function send(message) {
  if (!app.socket || app.socket.readyState !== WebSocket.OPEN) { setMessage("Not connected", true); return; }
  message.id = app.nextId++;
  app.pending = message.id;
  app.socket.send(JSON.stringify(message));
}

function onServerMessage(msg) {
  if (msg.type === "error") {
    if (msg.reply_to === app.pending) app.pending = null;
    setMessage(msg.message, true);
    return;
  }
  if (msg.type !== "state") return;
  const previousHand = app.view ? app.view.hand.join(" ") : "";
  const table = { ...(app.table || {}), ...msg.table };
  if (!msg.table.rules && app.table) { table.rules = app.table.rules; table.results = app.table.results; }
  app.table = table;
  app.you = msg.you;
  if (msg.view) {
    if (msg.view.log_from > 0 && app.view && app.view.log) {
      msg.view.log = app.view.log.slice(0, msg.view.log_from).concat(msg.view.log);
    }
    app.view = msg.view;
  } else app.view = null;
  app.legal = msg.legal || [];
  if (msg.reply_to !== null && msg.reply_to === app.pending) { app.pending = null; app.selected = []; setMessage(""); }
  if (app.view && app.view.hand.join(" ") !== previousHand) app.selected = [];
  app.timerLeft = table.timer_left; app.timerAt = performance.now();
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

function renderTable() {
  const root = document.getElementById("table");
  if (!root || !app.table) return;
  const t = app.table, v = app.view;
  const myTurn = v && app.you !== null && v.to_play === app.you && t.status === "playing" && app.legal.length > 0;
  const top = h("div", { class: "topbar" },
    h("strong", {}, t.name),
    h("span", {}, `${t.players} players · ${t.preset}` + (t.hands_per_turn ? ` · ${t.hands_per_turn} hands` : ` · to ${t.target}`)),
    t.hand_no ? h("span", { id: "hand-no" }, `hand ${t.hand_no}`) : null,
    h("span", { id: "totals" }, "totals: " + t.totals.join(" – ")),
    v && t.status === "playing" ? h("span", { class: "turn", id: "turn" }, myTurn ? "Your turn" : `${seatName(v.to_play)} to play`) : h("span", { id: "status" }, t.status),
    h("span", { id: "timer" }),
    h("button", { id: "btn-rules", onclick: showRules }, "Rules"),
    h("button", { id: "btn-sheets", onclick: () => showScoreSheet(t.results ? t.results.length - 1 : -1, false), disabled: !(t.results && t.results.length) }, "Score sheets"),
    app.you !== null && t.status !== "over" ? h("button", { id: "btn-leave", onclick: () => { if (confirm("Leave this match? A bot will play your seat.")) send({ type: "leave" }); } }, "Leave") : null,
  );
  const seats = h("div", { class: "seats" }, t.seats.map((s, i) => h("div", { class: "seatbox" + (v && v.to_play === i && t.status === "playing" ? " to-play" : "") },
    h("div", {}, h("b", {}, s.position), " · ", s.name || h("span", { class: "muted" }, "empty"),
      s.left ? " (left)" : "", s.standin ? " (bot standing in)" : "", !s.connected && s.name && !s.bot ? " (away)" : ""),
    v ? h("div", { class: "backs" }, `${v.hand_sizes[i]} cards` + (v.known[i] && v.known[i].length && i !== app.you ? ` · known: ${v.known[i].join(" ")}` : "")) : null,
    t.status === "waiting" && !s.name && app.user && app.you === null ? h("button", { class: "sit", onclick: () => send({ type: "sit", seat: i }) }, "Sit here") : null)));
  const parts = [top, seats];
  if (t.status === "waiting") {
    const diff = h("select", { id: "fill-difficulty" }, ["easy", "normal", "hard"].map((d) => h("option", { value: d, selected: d === "normal" }, d)));
    parts.push(h("div", { class: "actions" }, h("span", {}, "Waiting for players."), diff,
      h("button", { id: "btn-fill", onclick: () => send({ type: "fill_bots", difficulty: diff.value }) }, "Fill empty seats with bots")));
  }
  if (v) {
    parts.push(h("div", { class: "center" },
      h("div", { class: "counter", id: "stock" }, h("b", {}, v.stock), "stock"),
      h("div", { class: "counter", id: "pozzetti" }, h("b", {}, v.pozzetti.length ? v.pozzetti.join(" + ") : "0"), "pozzetti left"),
      h("div", {}, h("div", { class: "muted" }, `discard pile (${v.discard_pile.length})`),
        h("div", { class: "pile", id: "pile" }, v.discard_pile.map((c) => cardEl(c, { class: "small" }))))));
    const mySide = app.you !== null ? v.side_of[app.you] : null;
    parts.push(h("div", { class: "sides" }, v.melds.map((melds, side) => {
      const members = v.side_of.map((s, i) => (s === side ? seatName(i) : null)).filter(Boolean).join(" & ");
      const pozz = v.pozzetto_of_side.some((p) => p[0] === side) ? " · took pozzetto" : "";
      return h("div", { class: "side", id: `side-${side}` }, h("h4", {}, (side === mySide ? "Your side: " : "") + members + pozz),
        melds.length ? melds.map((m, k) => h("div", {
          class: "meld" + (side === mySide ? " mine" : ""), dataset: { index: k }, title: m.text,
          onclick: side === mySide ? () => attachTo(k) : null,
        }, m.cards.map((c, j) => cardEl(c, { class: "small", standsFor: j === m.wild ? m.stands_for : "" })),
          h("span", { class: "tag" }, `#${k}` + (m.burraco ? ` · ${m.burraco.replace("_", "-")} burraco` : "")))) : h("p", { class: "muted" }, "no melds"));
    })));
    if (app.you !== null) {
      const hand = displayedHand();
      const known = [...(v.known[app.you] || [])];
      parts.push(h("div", { class: "actions" }, h("b", {}, "Your hand"),
        h("button", { id: "sort-suit", onclick: () => { app.sortMode = "suit"; app.selected = []; renderTable(); } }, "by suit"),
        h("button", { id: "sort-rank", onclick: () => { app.sortMode = "rank"; app.selected = []; renderTable(); } }, "by rank"),
        v.one_card_pick ? h("span", { class: "muted" }, `(you may not discard ${v.one_card_pick} this turn)`) : null));
      parts.push(h("div", { class: "hand", id: "hand" }, hand.map((c, i) => {
        const k = known.indexOf(c);
        if (k >= 0) known.splice(k, 1);
        return cardEl(c, { class: (app.selected.includes(i) ? "selected" : "") + (k >= 0 ? " known" : ""), onclick: () => toggleCard(i) });
      })));
      const canTake = (kind) => myTurn && app.legal.includes(kind);
      const playing = myTurn && v.phase === "play";
      const sel = selectedCards();
      parts.push(h("div", { class: "actions" },
        h("button", { id: "btn-draw", class: "primary", disabled: !canTake("draw"), onclick: () => act("draw") }, "Draw"),
        h("button", { id: "btn-pickup", disabled: !canTake("pickup"), onclick: () => act("pickup") }, "Pick up pile"),
        h("button", { id: "btn-meld", disabled: !playing || sel.length < 3, onclick: () => act("meld", { cards: selectedCards() }) }, "Meld"),
        h("span", { class: "muted" }, "attach: select cards, then click one of your melds"),
        h("button", { id: "btn-discard", class: "primary", disabled: !playing || sel.length !== 1, onclick: () => act("discard", { cards: selectedCards() }) }, "Discard"),
        h("button", { id: "btn-hint", disabled: !myTurn, onclick: () => setMessage("Legal now: " + app.legal.join(" · ")) }, "Legal moves")));
    }
    parts.push(h("div", { id: "message" }));
    parts.push(h("div", { class: "log", id: "log" }, (v.log || []).slice(-30).reverse().map((r) => h("div", {}, recordText(r)))));
  } else if (t.status !== "waiting") {
    parts.push(h("div", { id: "message" }));
  } else parts.push(h("div", { id: "message" }));
  const oldMessage = document.getElementById("message");
  const keep = oldMessage ? [Array.from(oldMessage.childNodes), oldMessage.className] : [[], ""];
  root.replaceChildren(...parts);
  const m = document.getElementById("message");
  if (m) { m.replaceChildren(...keep[0]); m.className = keep[1]; }
  updateTimer();
}

function attachTo(index) {
  const cards = selectedCards();
  if (!cards.length) { setMessage("Select the cards to attach first, then click the meld."); return; }
  act("attach", { cards, target: index });
}

function recordText(r) {
  const who = r.seat >= 0 ? seatName(r.seat) : "table";
  const cards = r.cards.join(" ");
  switch (r.kind) {
    case "draw": return `${who} draws${cards ? " " + cards : ""}`;
    case "pickup": return `${who} picks up the pile: ${cards}`;
    case "meld": return `${who} melds ${cards}`;
    case "attach": return `${who} attaches ${cards} to meld #${r.target}`;
    case "discard": return `${who} discards ${cards}`;
    case "pozzetto": return `${who} takes a pozzetto ${r.detail}${cards ? ": " + cards : ""}`;
    case "close": return `${who} closes the hand`;
    case "end": return `hand over: ${r.detail}`;
    default: return `${who}: ${r.kind} ${r.detail}`;
  }
}

function updateTimer() {
  const el = document.getElementById("timer");
  if (!el) return;
  if (app.timerLeft === null || app.timerLeft === undefined) { el.textContent = ""; return; }
  const left = Math.max(0, app.timerLeft - (performance.now() - app.timerAt) / 1000);
  el.textContent = `⏱ ${Math.ceil(left)} s`;
}
setInterval(updateTimer, 500);

function showRules() {
  const rules = (app.table && app.table.rules) || {};
  showModal(h("div", { id: "rules-panel" }, h("h3", {}, `Rules of this table (${app.table.preset})`),
    h("p", {}, ruleLink("", "How to play: the full rules of the game"), " (opens in a new tab)"),
    h("table", { class: "rules" }, Object.entries(rules).map(([k, val]) => h("tr", {}, h("td", {}, k), h("td", {}, String(val))))),
    h("button", { onclick: hideModal }, "Close")));
}

function maybeShowScoreSheet() {
  const t = app.table;
  if (!t || !t.results) return;
  if (app.shownResults < 0) { app.shownResults = t.results.length; if (t.status !== "between" && t.status !== "over") return; app.shownResults -= 1; }
  if (t.results.length > app.shownResults) {
    app.shownResults = t.results.length;
    showScoreSheet(t.results.length - 1, true);
  }
}

function sideLabel(result, side) {
  return result.sides[side].map((s) => seatName(s)).join(" & ");
}

function showScoreSheet(index, atEnd) {
  const t = app.table;
  if (!t || !t.results || index < 0) return;
  const r = t.results[index];
  const sheet = h("div", { class: "sheet", id: "scoresheet" }, r.scores.map((s) => h("div", {},
    h("h4", {}, sideLabel(r, s.side)),
    h("table", {}, s.items.map((it) => h("tr", {}, h("td", {}, it.label), h("td", { class: "pts" }, it.points))),
      h("tr", { class: "total" }, h("td", {}, "hand total"), h("td", { class: "pts" }, s.total))))));
  const body = [h("h3", {}, `Hand ${r.number}: ${r.end_reason}`), sheet,
    h("p", {}, "Match totals: " + t.totals.join(" – ")),
    // replays open once the match is over (earlier deals would hint at the secret seed)
    t.status === "over" ? h("p", {}, h("a", { href: `#/replay/${t.id}/${r.number}`, id: "replay-link" }, "Replay this hand"))
      : h("p", { class: "muted" }, "Replays open when the match is over.")];
  if (t.status === "over" && t.summary) {
    const s = t.summary;
    body.push(h("div", { id: "match-result", class: "panel" }, h("h3", {}, "Match over"),
      h("p", {}, s.entrants.map((n, i) => `${n}: ${s.totals[i]}`).join(" · ")),
      s.winner !== null && s.winner !== undefined ? h("p", {}, h("b", {}, `Winner: ${s.entrants[s.winner]}`)) : h("p", {}, "Tie"),
      s.mp ? h("p", {}, `Match points (MP): ${s.mp.join(" / ")} · Victory points (VP): ${s.vp.join(" – ")}`) : null,
      s.left && s.left.length ? h("p", {}, "Left the match: " + s.left.map(seatName).join(", ")) : null));
  }
  const buttons = h("div", { class: "actions" });
  if (atEnd && t.status === "between" && app.you !== null) {
    buttons.append(h("button", { class: "primary", id: "btn-next", onclick: () => { send({ type: "ready" }); hideModal(); } }, "Next hand"));
  }
  if (index > 0) buttons.append(h("button", { onclick: () => showScoreSheet(index - 1, false) }, "Previous hand"));
  buttons.append(h("button", { id: "btn-close-sheet", onclick: hideModal }, "Close"));
  body.push(buttons);
  showModal(h("div", {}, body));
}

// ------------------------------------------------------------------ replay
async function showReplay(tableId, hand, step) {
  const main = document.getElementById("main");
  let frame;
  try { frame = await api(`/api/tables/${tableId}/hands/${hand}/replay?step=${step}`); }
  catch (e) { main.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const go = (s) => showReplay(tableId, hand, Math.max(0, Math.min(frame.steps, s)));
  const v = frame.view;
  const slider = h("input", { type: "range", min: 0, max: frame.steps, value: frame.step, id: "replay-step", oninput: (e) => go(Number(e.target.value)) });
  main.replaceChildren(h("div", { class: "felt", id: "replay" },
    h("div", { class: "topbar" }, h("strong", {}, `Replay: table ${tableId}, hand ${hand}`),
      h("span", {}, `step ${frame.step} / ${frame.steps}`), h("span", { class: "turn" }, frame.step ? `seat ${frame.actor}: ${frame.action}` : "the deal"),
      h("a", { href: `/api/tables/${tableId}/hands/${hand}/history`, target: "_blank" }, "hand history (text)")),
    h("div", { class: "actions" },
      h("button", { onclick: () => go(0) }, "⏮"), h("button", { id: "replay-prev", onclick: () => go(frame.step - 1) }, "◀"),
      slider, h("button", { id: "replay-next", onclick: () => go(frame.step + 1) }, "▶"), h("button", { onclick: () => go(frame.steps) }, "⏭")),
    h("div", { class: "replay-hands" }, frame.hands.map((cards, s) => h("div", {}, h("b", {}, `seat ${s}: `), cards.map((c) => cardEl(c, { class: "small" }))))),
    h("div", { class: "center" }, h("div", { class: "counter" }, h("b", {}, v.stock), "stock"),
      h("div", { class: "pile" }, v.discard_pile.map((c) => cardEl(c, { class: "small" })))),
    h("div", { class: "sides" }, v.melds.map((melds, side) => h("div", {}, h("h4", {}, `side ${side}`),
      melds.map((m) => h("div", { class: "meld", title: m.text }, m.cards.map((c, j) => cardEl(c, { class: "small", standsFor: j === m.wild ? m.stands_for : "" })))))))));
}

// ------------------------------------------------------------------ profile
async function showProfile(id) {
  const main = document.getElementById("main");
  let data;
  try { data = await api(`/api/users/${id}`); } catch (e) { main.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const u = data.user;
  main.replaceChildren(h("div", { class: "panel", id: "profile" },
    h("h2", {}, u.display), h("p", {}, `Rating ${u.rating} (μ ${u.mu}, σ ${u.sigma}) · ${u.matches} matches`),
    h("h3", {}, "Match history"),
    data.matches.length ? h("table", { class: "list" },
      h("tr", {}, h("th", {}, "When"), h("th", {}, "Result"), h("th", {}, "Totals"), h("th", {}, "MP / VP"), h("th", {}, "Rating"), h("th", {}, "Replays")),
      data.matches.map((m) => h("tr", {},
        h("td", {}, new Date(m.finished_at * 1000).toLocaleString()),
        h("td", {}, m.result + (m.left ? " (left)" : "")),
        h("td", {}, m.summary.entrants.map((n, i) => `${n} ${m.summary.totals[i]}`).join(" · ")),
        h("td", {}, m.summary.mp ? `${m.summary.mp.join("/")} · ${m.summary.vp.join("–")}` : "—"),
        h("td", {}, `${m.rating_before} → ${m.rating_after}`),
        h("td", {}, Array.from({ length: m.hands }, (_, k) => h("a", { href: `#/replay/${m.table_id}/${k + 1}` }, ` ${k + 1}`)))))) : h("p", { class: "muted" }, "No finished match yet.")));
}

// ------------------------------------------------------------------ start
window.addEventListener("hashchange", route);
document.getElementById("modal").addEventListener("click", (e) => { if (e.target.id === "modal") hideModal(); });
(async () => {
  try { app.presets = await api("/api/presets"); } catch { app.presets = { fibur: {} }; }
  await loadMe();
  route();
})();
