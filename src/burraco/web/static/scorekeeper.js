// The segnapunti (#/segnapunti, installable from /segnapunti/): the score of a match played with real cards,
// 2, 3 or 4 players, to a target or for a number of hands. Each hand is typed as on the score terminal and
// scored on the device by keeper_rules.js (the server's rule constants, kept for offline use). Matches are
// kept on the device (localStorage) and, for a signed-in account, on the server too. No account needed.
import { t, lang } from "./i18n.js";
import { h, api, app } from "./ui.js";
import { handFields, newId, registerWorker } from "./terminal.js";
import { scoreHand, half } from "./keeper_rules.js";

const MATCHES = "burraco.keeper.matches", RULES = "burraco.keeper.rules", CURRENT = "burraco.keeper.current";
const PRESETS = ["fibur", "home", "international", "portal", "reale"];
const TARGETS = [505, 1005, 2005, 3005, 5005];

function load(key, fallback) { try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; } }
function save(key, value) { localStorage.setItem(key, JSON.stringify(value)); }
function matches() { return load(MATCHES, []); }

/** The rule constants of every preset: the server's, or the copy kept from the last time. */
async function rules() {
  try { const data = await api("/api/scorekeeper/rules"); save(RULES, data.presets); return data.presets; }
  catch { return load(RULES, null); }
}

function store(match) {
  match.updated = Date.now();
  save(MATCHES, [match, ...matches().filter((m) => m.id !== match.id)].slice(0, 50));
  if (app.user) api(`/api/scorekeeper/matches/${match.id}`, { method: "PUT", body: match }).catch(() => undefined);
}

/** The account's matches merged into the device's (the newer copy of each wins). */
async function sync() {
  if (!app.user) return;
  try {
    const { matches: kept } = await api("/api/scorekeeper/matches");
    const all = new Map(matches().map((m) => [m.id, m]));
    for (const m of kept) if (!all.has(m.id) || all.get(m.id).updated < m.updated) all.set(m.id, m);
    save(MATCHES, [...all.values()].sort((a, b) => b.created - a.created).slice(0, 50));
  } catch { /* offline: the device's copy */ }
}

// ------------------------------------------------------------------ the match's arithmetic
/** The sides' names: 2 players, or pairs (1st & 3rd against 2nd & 4th); 3 players score one by one. */
function sideNames(m) {
  if (m.players === 4) return [`${m.names[0]} & ${m.names[2]}`, `${m.names[1]} & ${m.names[3]}`];
  return m.names;
}

/** Running totals (per side; with 3 players per player: the lone one gets side A, each partner the pair's share). */
export function totals(m) {
  const out = new Array(m.players === 3 ? 3 : 2).fill(0);
  for (const hand of m.hands) {
    if (m.players !== 3) { out[0] += hand.totals[0]; out[1] += hand.totals[1]; continue; }
    out[hand.lone] += hand.totals[0];
    const share = m.pairShare === "full" ? hand.totals[1] : half(hand.totals[1]);
    for (let p = 0; p < 3; p++) if (p !== hand.lone) out[p] += share;
  }
  return out;
}

function winner(m) {
  const tot = totals(m), best = Math.max(...tot);
  const done = m.goal.hands ? m.hands.length >= m.goal.hands : best >= m.goal.target;
  if (!done || tot.filter((x) => x === best).length > 1) return null;  // equal totals: one more hand (§10)
  return tot.indexOf(best);
}

function dealer(m) { return m.names[(m.firstDealer + m.hands.length) % m.players]; }

// ------------------------------------------------------------------ pages
export async function showScorekeeper() {
  const main = document.getElementById("main");
  document.body.classList.add("terminal-page");
  if (!document.querySelector('link[rel="manifest"]') && location.pathname.startsWith("/segnapunti/")) {
    document.head.append(h("link", { rel: "manifest", href: "/segnapunti/manifest.webmanifest" }));
  }
  registerWorker("/segnapunti/");
  const presets = await rules();
  if (!presets) { main.replaceChildren(h("p", { class: "error", role: "alert" }, t("keeper.no_rules"))); return; }
  await sync();
  const current = matches().find((m) => m.id === load(CURRENT, null));
  main.replaceChildren(current ? matchView(current, presets) : setupView(presets));
}

function field(id, label, input) { return h("label", { class: "terminal-field", for: id }, h("span", {}, label), input); }

function setupView(presets) {
  const players = h("select", { id: "keeper-players" }, [2, 3, 4].map((n) => h("option", { value: n, selected: n === 4 }, t("keeper.players_n", { count: n }))));
  const names = h("div", { id: "keeper-names" });
  const preset = h("select", { id: "keeper-preset" }, PRESETS.map((p) => h("option", { value: p }, t(`preset.${p}`))));
  const mode = h("select", { id: "keeper-mode" }, h("option", { value: "target" }, t("keeper.to_target")), h("option", { value: "hands" }, t("keeper.to_hands")));
  const target = h("select", { id: "keeper-target" }, TARGETS.map((n) => h("option", { value: n, selected: n === 2005 }, n)));
  const hands = h("input", { id: "keeper-hands", type: "number", min: 1, max: 30, value: 3, inputmode: "numeric" });
  const firstDealer = h("select", { id: "keeper-dealer" });
  const message = h("p", { class: "error", role: "alert", id: "keeper-msg" });
  const drawNames = () => {
    const n = Number(players.value);
    const inputs = Array.from({ length: n }, (_, k) => h("input", { id: `keeper-name-${k}`, maxlength: 24, value: t("keeper.player_n", { n: k + 1 }), "aria-label": t("keeper.player_n", { n: k + 1 }) }));
    names.replaceChildren(n === 4 ? h("p", { class: "muted note" }, t("keeper.pairs_hint")) : null, ...inputs);
    firstDealer.replaceChildren(...inputs.map((_, k) => h("option", { value: k }, t("keeper.player_n", { n: k + 1 }))));
  };
  players.addEventListener("change", drawNames);
  drawNames();
  const showMode = () => { target.parentElement.hidden = mode.value !== "target"; hands.parentElement.hidden = mode.value !== "hands"; };
  mode.addEventListener("change", showMode);
  const start = (ev) => {
    ev.preventDefault();
    const n = Number(players.value);
    const list = Array.from({ length: n }, (_, k) => document.getElementById(`keeper-name-${k}`).value.trim());
    if (list.some((x) => !x)) { message.textContent = t("keeper.name_empty"); return; }
    const goal = mode.value === "hands" ? { hands: Math.max(1, Math.min(30, Number(hands.value) || 1)) } : { target: Number(target.value) };
    const match = { id: newId("m"), created: Date.now(), players: n, names: list, preset: preset.value, goal, firstDealer: Number(firstDealer.value),
      pairShare: presets[preset.value].pair_share, hands: [] };
    store(match);
    save(CURRENT, match.id);
    document.getElementById("main").replaceChildren(matchView(match, presets));
  };
  const form = h("form", { class: "panel terminal", id: "keeper-setup", novalidate: true, onsubmit: start },
    h("h2", {}, t("keeper.title")), h("p", { class: "muted note" }, t("keeper.intro")),
    field("keeper-players", t("keeper.players"), players), names, field("keeper-preset", t("keeper.preset"), preset),
    field("keeper-mode", t("keeper.mode"), mode), field("keeper-target", t("keeper.target"), target), field("keeper-hands", t("keeper.hands"), hands),
    field("keeper-dealer", t("keeper.first_dealer"), firstDealer),
    h("button", { type: "submit", class: "primary", id: "keeper-start" }, t("keeper.start")), message);
  showMode();
  return h("div", {}, form, historyPanel(presets));
}

function historyPanel(presets) {
  const done = matches().filter((m) => m.hands.length);
  if (!done.length) return null;
  return h("div", { class: "panel", id: "keeper-history" }, h("h3", {}, t("keeper.history")),
    h("ul", { class: "keeper-history" }, done.map((m) => h("li", {},
      h("button", { type: "button", class: "small", onclick: () => { save(CURRENT, m.id); document.getElementById("main").replaceChildren(matchView(m, presets)); } },
        new Date(m.created).toLocaleDateString(lang())), " ", resultLine(m)))));
}

function resultLine(m) {
  const names = m.players === 3 ? m.names : sideNames(m), tot = totals(m);
  return names.map((n, i) => `${n} ${tot[i]}`).join(" – ") + ` (${t("keeper.hands_n", { count: m.hands.length })})`;
}

function matchView(m, presets) {
  const C = presets[m.preset];
  const names = sideNames(m), tot = totals(m), won = winner(m);
  const shown = m.players === 3 ? m.names : names;
  const board = h("table", { class: "tour-table terminal-lines", id: "keeper-lines" },
    h("thead", {}, h("tr", {}, h("th", {}, t("score.hand")), shown.map((n) => h("th", { class: "num" }, n)))),
    h("tbody", {}, m.hands.map((hand, k) => h("tr", {}, h("td", {}, t("score.hand_n", { n: k + 1 })), handCells(m, hand)))),
    h("tfoot", {}, h("tr", {}, h("th", {}, t("score.total")), tot.map((x, i) => h("th", { class: "num", id: `keeper-total-${i}` }, x)))));
  const parts = [h("h2", {}, shown.join(" · ")),
    h("p", { class: "muted" }, `${t(`preset.${m.preset}`)} · ${m.goal.hands ? t("keeper.hands_n", { count: m.goal.hands }) : t("keeper.to_n", { n: m.goal.target })}`),
    board];
  if (won !== null) parts.push(h("p", { class: "ok", id: "keeper-winner" }, t("keeper.won", { name: shown[won] })));
  else parts.push(h("p", { id: "keeper-dealer-now" }, t("keeper.deals", { name: dealer(m) })), entryForm(m, C));
  parts.push(h("div", { class: "keeper-actions" },
    m.hands.length && won === null ? h("button", { type: "button", class: "small", id: "keeper-undo", onclick: () => { m.hands.pop(); store(m); redraw(m, presets); } }, t("keeper.undo")) : null,
    h("button", { type: "button", class: "small", id: "keeper-share", onclick: () => shareText(m) }, t("keeper.share_text")),
    h("button", { type: "button", class: "small", id: "keeper-image", onclick: () => shareImage(m) }, t("keeper.share_image")),
    h("button", { type: "button", class: "small", id: "keeper-new", onclick: () => { save(CURRENT, null); document.getElementById("main").replaceChildren(setupView(presets)); } }, t("keeper.new"))),
  h("p", { id: "keeper-shared", class: "ok", role: "status" }));
  return h("div", { class: "panel terminal", id: "keeper" }, parts);
}

function handCells(m, hand) {
  if (m.players !== 3) return hand.totals.map((x) => h("td", { class: "num" }, x));
  const share = m.pairShare === "full" ? hand.totals[1] : half(hand.totals[1]);
  return [0, 1, 2].map((p) => h("td", { class: "num" }, p === hand.lone ? hand.totals[0] : share));
}

function redraw(m, presets) { document.getElementById("main").replaceChildren(matchView(m, presets)); }

function entryForm(m, C) {
  const names = sideNames(m);
  const lone = m.players === 3 ? h("select", { id: "keeper-lone" }, m.names.map((n, k) => h("option", { value: k }, n))) : null;
  const preview = h("p", { id: "keeper-preview", role: "status", class: "muted" }, t("score.preview_empty"));
  const message = h("p", { id: "keeper-entry-msg", role: "alert", class: "error" });
  const labels = m.players === 3 ? [t("keeper.alone"), t("keeper.pair")] : names;
  const fields = handFields(C.kinds, "keeper", () => {
    try { const s = scoreHand(fields.entry(), C); preview.className = "ok"; preview.textContent = t("keeper.preview", { a: s.totals[0], b: s.totals[1] }); }
    catch (e) { preview.className = "error"; preview.textContent = t(`http.entry.${e.code}`, e.params); }
  }, labels);
  const submit = (ev) => {
    ev.preventDefault();
    const entry = fields.entry();
    try {
      const scored = scoreHand(entry, C);
      m.hands.push({ entry, totals: scored.totals, ...(lone ? { lone: Number(lone.value) } : {}) });
      store(m);
      document.getElementById("main").replaceChildren(matchView(m, load(RULES, {})));
    } catch (e) { message.textContent = t(`http.entry.${e.code}`, e.params); }
  };
  return h("form", { class: "terminal-form", id: "keeper-entry", novalidate: true, onsubmit: submit },
    h("h3", {}, t("keeper.enter", { n: m.hands.length + 1 })), lone ? field("keeper-lone", t("keeper.who_alone"), lone) : null,
    fields.element, preview, h("button", { type: "submit", class: "primary", id: "keeper-add" }, t("keeper.add")), message);
}

// ------------------------------------------------------------------ sharing
function summary(m) {
  const names = m.players === 3 ? m.names : sideNames(m), tot = totals(m), won = winner(m);
  const lines = [t("keeper.share_title", { date: new Date(m.created).toLocaleDateString(lang()) }), resultLine(m)];
  if (won !== null) lines.push(t("keeper.won", { name: names[won] }));
  return lines.join("\n");
}

async function shareText(m) {
  const text = summary(m), out = document.getElementById("keeper-shared");
  try {
    if (navigator.share) await navigator.share({ text });
    else { await navigator.clipboard.writeText(text); out.textContent = t("keeper.copied"); }
  } catch { out.textContent = text; }
}

/** The score table drawn on a canvas, shared as a PNG (or offered as a download). */
async function shareImage(m) {
  const names = m.players === 3 ? m.names : sideNames(m), tot = totals(m);
  const rows = [[t("score.hand"), ...names], ...m.hands.map((hand, k) => [String(k + 1), ...handCells(m, hand).map((c) => c.textContent)]), [t("score.total"), ...tot.map(String)]];
  const canvas = document.createElement("canvas"), colW = 150, rowH = 34;
  canvas.width = colW * rows[0].length + 20;
  canvas.height = rowH * (rows.length + 1) + 20;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fffdf7"; g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#174a2d"; g.font = "bold 20px sans-serif";
  g.fillText(t("keeper.share_title", { date: new Date(m.created).toLocaleDateString(lang()) }), 10, 28);
  rows.forEach((row, r) => row.forEach((cell, c) => {
    g.font = `${r === 0 || r === rows.length - 1 ? "bold " : ""}18px sans-serif`;
    g.fillStyle = "#1b1b1b";
    g.fillText(String(cell).slice(0, 16), 10 + c * colW, 28 + rowH * (r + 1));
  }));
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  const file = new File([blob], "burraco.png", { type: "image/png" });
  const out = document.getElementById("keeper-shared");
  try {
    if (navigator.canShare?.({ files: [file] })) { await navigator.share({ files: [file] }); return; }
  } catch { /* offered as a download below */ }
  const link = h("a", { href: URL.createObjectURL(blob), download: "burraco.png", id: "keeper-image-link" }, t("keeper.image_ready"));
  out.replaceChildren(link);
}
