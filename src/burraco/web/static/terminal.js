// The score terminal (#/score/CODE, opened from the table's QR code at /score/): one phone at a table of a
// paper turn. N-S enter each hand as it ends (the burraci, the points on the table and in hand, who closed,
// the pozzetto — or just the two totals); the server scores it by the event's rules (this page never
// scores); E-W confirm the result on the same phone or on their own. An irregular hand adds, in the
// collapsed "Mano irregolare (arbitro)" section, the arbiter's facts per side and the table's rulings on
// that hand it follows (prefilled from them). While the connection is down the
// service worker (terminal-sw.js) keeps the submissions and sends them when it is back: each carries its
// own client id, so a resent one is stored once. The director's console shows every table's terminal
// (terminalsPanel, below).
import { t, lang } from "./i18n.js";
import { h, api } from "./ui.js";
import { openArbiterForm } from "./arbiter_form.js";
import { irregularFields, showRulings, handMarks } from "./terminal_irregular.js";

const POLL_MS = 4000;
const PENDING_KEY = "burraco.score.pending";
const state = { code: null, data: null, timer: null, preview: null, previewAsked: 0, queued: [], dirty: false, fields: null, hand: null };

/** A random id (URL-safe) for this phone or for one submission. */
export function newId(prefix) {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return prefix + Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("");
}

/** This phone's id, kept on the device. */
export function deviceId() {
  let id = localStorage.getItem("burraco.device");
  if (!id) { id = newId("d"); localStorage.setItem("burraco.device", id); }
  return id;
}

// ------------------------------------------------------------------ the service worker
/** Register the worker of this page's folder (/score/ or /segnapunti/): it caches the page for offline use. */
export async function registerWorker(folder) {
  if (!("serviceWorker" in navigator) || !location.pathname.startsWith(folder)) return null;
  try {
    const registration = await navigator.serviceWorker.register(`${folder}sw.js`, { scope: folder });
    const ready = await navigator.serviceWorker.ready;
    // what this page has loaded already (its modules, words and styles): the worker keeps a copy
    const loaded = performance.getEntriesByType("resource").map((r) => r.name)
      .filter((u) => u.startsWith(location.origin) && /\/static\/|\/protocol\.js/.test(u));
    ready.active?.postMessage({ type: "keep", urls: [folder, ...new Set(loaded)] });
    return registration;
  } catch { return null; }
}

let listening = false;

/** Listen once for the connection coming back and for the worker's "sent what it kept". */
function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener("online", () => flush());
  navigator.serviceWorker?.addEventListener("message", (ev) => {
    if (ev.data?.type !== "flushed") return;
    if (!ev.data.left) state.queued = [];
    refresh();
  });
}

function flush() {
  navigator.serviceWorker?.controller?.postMessage({ type: "flush" });
  retryPending();
}

// ------------------------------------------------------------------ submissions kept on the page
// Without a worker in control (the first visit, a browser without one), a submission the network refused
// stays in localStorage and is sent again when the connection comes back.
function pending() { try { return JSON.parse(localStorage.getItem(PENDING_KEY) || "[]"); } catch { return []; } }
function setPending(list) { localStorage.setItem(PENDING_KEY, JSON.stringify(list)); }

async function send(path, body) {
  try {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (response.status === 202) return { queued: true };
    const data = await response.json().catch(() => ({}));
    if (!response.ok) { const e = new Error(""); e.detail = data.detail; e.status = response.status; throw e; }
    return { data };
  } catch (e) {
    if (e.detail || e.status) throw e;
    setPending([...pending(), { path, body }]);
    return { queued: true };
  }
}

async function retryPending() {
  const list = pending();
  if (!list.length) return;
  const left = [];
  for (const item of list) {
    try { await fetch(item.path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(item.body) }); }
    catch { left.push(item); }
  }
  setPending(left);
  refresh();
}

function refusalText(detail) {
  if (!detail?.code) return t("err.network");
  return t(`http.${detail.code}`, detail.params || {});
}

// ------------------------------------------------------------------ the phone's page
export async function showTerminal(code) {
  state.code = code;
  if (state.timer) clearInterval(state.timer);
  document.body.classList.add("terminal-page");
  listen();
  await registerWorker("/score/");
  await refresh();
  state.timer = setInterval(() => { if (location.hash.startsWith("#/score/")) refresh(); else clearInterval(state.timer); }, POLL_MS);
}

async function refresh() {
  if (!state.code) return;
  const main = document.getElementById("main");
  try {
    state.data = await api(`/api/score/${state.code}`);
  } catch (e) {
    if (!state.data) { main.replaceChildren(h("div", { class: "panel", id: "terminal" }, h("p", { class: "error", role: "alert" }, e.message))); return; }
  }
  const typing = document.activeElement && document.getElementById("terminal")?.contains(document.activeElement) && document.activeElement.tagName === "INPUT";
  const filling = document.getElementById("entry-form") && (typing || state.dirty) && !["confirmed", "finished"].includes(state.data.status);
  if (filling) { updateRunning(); syncRulings(); syncConfirm(); return; }
  render();
}

function render() {
  const d = state.data;
  const main = document.getElementById("main");
  main.replaceChildren(h("div", { class: "panel terminal", id: "terminal" },
    h("h2", {}, d.tournament.name),
    h("p", { class: "terminal-where" }, t("score.where", { turn: d.turn, table: d.table })),
    h("p", { class: "terminal-sides" }, h("b", {}, `${t("tour.ns")} `), d.ns, h("br"), h("b", {}, `${t("tour.ew")} `), d.ew),
    h("div", { id: "terminal-running" }), entryForm(d), confirmBox(d),
    h("p", {}, h("button", { type: "button", id: "terminal-arbiter", onclick: () => openArbiterForm({
      lang: lang(), hands: d.hands, sides: [d.ns, d.ew], onRecorded: () => refresh(),
      post: (body) => api(`/api/score/${state.code}/rulings`, { method: "POST", body }) }) }, t("arbiter.call")))));
  updateRunning();
}

function statusWord(d) {
  const pend = pending().length + state.queued.length;
  const words = [t(`score.status.${d.status}`, { hands: d.hands, n: d.lines.length, count: d.lines.length })];
  if (d.late) words.push(t("score.late"));
  if (pend) words.push(t("score.pending", { count: pend }));
  return words.join(" · ");
}

function updateRunning() {
  const d = state.data, box = document.getElementById("terminal-running");
  if (!box) return;
  const rows = d.lines.map((x) => h("tr", { class: `${x.disagree ? "disagree" : ""}${x.irregular ? " irregular" : ""}` },
    h("td", {}, t("score.hand_n", { n: x.hand }), x.irregular ? h("span", { class: "irregular-mark" }, ` · ${t("score.irregular_mark")}`) : null),
    h("td", { class: "num" }, x.ns), h("td", { class: "num" }, x.ew)));
  for (const q of state.queued) rows.push(h("tr", { class: "queued" }, h("td", {}, t("score.hand_n", { n: q })), h("td", { colspan: 2, class: "muted" }, t("score.waiting_line"))));
  box.replaceChildren(
    h("p", { id: "terminal-status", class: d.status === "disagreement" ? "error" : "muted", role: "status" }, statusWord(d)),
    h("table", { class: "tour-table terminal-lines", id: "terminal-lines" },
      h("thead", {}, h("tr", {}, h("th", {}, t("score.hand")), h("th", {}, t("tour.ns")), h("th", {}, t("tour.ew")))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("th", {}, t("score.total")), h("th", { class: "num", id: "total-ns" }, d.totals[0]), h("th", { class: "num", id: "total-ew" }, d.totals[1])))),
    h("p", { id: "terminal-mpvp" }, t("score.mpvp", { mp: d.mp, vpns: d.vp[0], vpew: d.vp[1] })));
}

// ------------------------------------------------------------------ the entry of a hand
const KIND_KEYS = { clean: "score.kind.clean", dirty: "score.kind.dirty", semi_clean: "score.kind.semi_clean", super: "score.kind.super", ace_to_king: "score.kind.ace_to_king", ace_to_ace: "score.kind.ace_to_ace" };

function numberInput(id, label, value = "") {
  return h("input", { id, type: "number", inputmode: "numeric", min: 0, step: 5, value, "aria-label": label, class: "terminal-num" });
}

/** The fields of one hand for both sides; `entry()` reads them as the API's entry. Shared with the segnapunti. */
export function handFields(kinds, prefix, onchange, sideNames = [t("tour.ns"), t("tour.ew")]) {
  const mode = h("select", { id: `${prefix}-mode`, "aria-label": t("score.mode") },
    h("option", { value: "detail" }, t("score.mode.detail")), h("option", { value: "totals" }, t("score.mode.totals")));
  const sides = sideNames.map((name, i) => {
    const counts = Object.fromEntries(kinds.map((k) => [k, h("input", { id: `${prefix}-${i}-${k}`, type: "number", inputmode: "numeric", min: 0, max: 15, value: 0, class: "terminal-count", "aria-label": `${name}: ${t(KIND_KEYS[k])}` })]));
    const table = numberInput(`${prefix}-${i}-table`, `${name}: ${t("score.table_points")}`);
    const hand = numberInput(`${prefix}-${i}-hand`, `${name}: ${t("score.hand_points")}`);
    const pozzetto = h("input", { id: `${prefix}-${i}-pozzetto`, type: "checkbox", checked: true });
    const total = h("input", { id: `${prefix}-${i}-total`, type: "number", inputmode: "numeric", step: 5, "aria-label": `${name}: ${t("score.total")}`, class: "terminal-num" });
    const box = h("fieldset", { class: "terminal-side" }, h("legend", {}, name),
      h("div", { class: "detail-only" },
        h("div", { class: "terminal-kinds" }, kinds.map((k) => h("label", { class: "terminal-kind" }, h("span", {}, t(KIND_KEYS[k])), counts[k]))),
        h("label", { class: "terminal-field" }, h("span", {}, t("score.table_points")), table),
        h("label", { class: "terminal-field" }, h("span", {}, t("score.hand_points")), hand),
        h("label", { class: "terminal-check" }, pozzetto, " ", t("score.took_pozzetto"))),
      h("label", { class: "terminal-field totals-only" }, h("span", {}, t("score.total")), total));
    return { counts, table, hand, pozzetto, total, box };
  });
  const closedName = `${prefix}-closed`;
  const closed = ["none", "0", "1"].map((v) => h("input", { type: "radio", name: closedName, value: v, id: `${prefix}-closed-${v}`, checked: v === "none" }));
  const closeBox = h("fieldset", { class: "terminal-closed detail-only" }, h("legend", {}, t("score.who_closed")),
    h("label", {}, closed[0], " ", t("score.nobody")), h("label", {}, closed[1], " ", sideNames[0]), h("label", {}, closed[2], " ", sideNames[1]));
  const irregular = irregularFields(kinds, prefix, sideNames);
  const wrap = h("div", { class: "terminal-entry", dataset: { mode: "detail" } }, h("label", { class: "terminal-field" }, h("span", {}, t("score.mode")), mode), ...sides.map((s) => s.box), closeBox, irregular.element);
  const showMode = () => { wrap.dataset.mode = mode.value; };
  mode.addEventListener("change", () => { showMode(); onchange(); });
  wrap.addEventListener("input", onchange);
  const int = (input) => (input.value.trim() === "" ? 0 : Number(input.value));
  const entry = () => {
    const rulings = irregular.linked();
    if (mode.value === "totals") return { totals: sides.map((s) => int(s.total)), ...(rulings.length ? { rulings } : {}) };
    const who = closed.find((r) => r.checked).value;
    return { sides: sides.map((s, i) => ({
      burraci: Object.fromEntries(kinds.map((k) => [k, int(s.counts[k])]).filter(([, n]) => n !== 0)),
      table: int(s.table), hand: int(s.hand), pozzetto: s.pozzetto.checked, closed: who === String(i),
      ...irregular.side(i, int),
    })), ...(rulings.length ? { rulings } : {}) };
  };
  const clear = () => {
    for (const s of sides) { for (const c of Object.values(s.counts)) c.value = 0; s.table.value = ""; s.hand.value = ""; s.total.value = ""; s.pozzetto.checked = true; }
    closed[0].checked = true;
    irregular.clear();
  };
  return { element: wrap, entry, clear, irregular };
}

/** Keep the irregular section's rulings in step with the table's (a ruling recorded meanwhile). */
function syncRulings() {
  if (state.fields && state.hand) showRulings(state.fields, state.data.rulings || [], Number(state.hand.value));
}

function entryForm(d) {
  if (["confirmed", "finished"].includes(d.status)) {
    const r = d.result;
    return h("p", { class: "ok", id: "terminal-done" }, t(`score.done.${d.status}`, { ns: r.ns ?? "—", ew: r.ew ?? "—", vpns: r.vp[0], vpew: r.vp[1] }));
  }
  const next = Math.min(d.hands, (d.lines.at(-1)?.hand || 0) + 1);
  const handSel = h("select", { id: "entry-hand", "aria-label": t("score.which_hand") },
    Array.from({ length: d.hands }, (_, k) => h("option", { value: k + 1, selected: k + 1 === next }, t("score.hand_n", { n: k + 1 }))));
  const preview = h("p", { id: "entry-preview", role: "status", class: "muted" }, t("score.preview_empty"));
  const fields = handFields(d.kinds, "entry", () => { state.dirty = true; askPreview(fields, preview); });
  state.fields = fields; state.hand = handSel; state.dirty = false;
  const pickHand = () => { showRulings(fields, d.rulings || [], Number(handSel.value)); askPreview(fields, preview); };
  handSel.addEventListener("change", pickHand);
  fields.irregular.element.querySelector("summary").addEventListener("click", () => { state.dirty = true; });
  showRulings(fields, d.rulings || [], next);
  const message = h("p", { id: "entry-msg", role: "alert", class: "error" });
  const submit = async (ev) => {
    ev.preventDefault();
    const body = { client_id: newId("h"), device: deviceId(), hand: Number(handSel.value), entry: fields.entry() };
    try {
      const answer = await send(`/api/score/${state.code}/hands`, body);
      message.className = "ok";
      message.textContent = answer.queued ? t("score.queued", { n: body.hand }) : t("score.sent", { n: body.hand });
      if (answer.queued) state.queued.push(body.hand);
      handSel.value = String(Math.min(d.hands, body.hand + 1));
      fields.clear();
      state.dirty = false;
      showRulings(fields, state.data.rulings || [], Number(handSel.value));
      if (answer.data) { state.data = answer.data; render(); document.getElementById("entry-msg").textContent = t("score.sent", { n: body.hand }); document.getElementById("entry-msg").className = "ok"; }
      else updateRunning();
    } catch (e) { message.className = "error"; message.textContent = refusalText(e.detail); }
  };
  return h("form", { class: "terminal-form", id: "entry-form", novalidate: true, onsubmit: submit },
    h("h3", {}, t("score.enter_title")), h("p", { class: "muted note" }, t("score.enter_hint")),
    h("label", { class: "terminal-field" }, h("span", {}, t("score.which_hand")), handSel), fields.element, preview,
    h("button", { type: "submit", class: "primary", id: "entry-send" }, t("score.send")), message);
}

/** Ask the server to score the typed hand (debounced): the totals, or the refusal in the page's language. */
function askPreview(fields, out) {
  const asked = ++state.previewAsked;
  clearTimeout(state.preview);
  state.preview = setTimeout(async () => {
    try {
      const scored = await api(`/api/score/${state.code}/preview`, { method: "POST", body: fields.entry() });
      if (asked !== state.previewAsked) return;
      out.className = "ok";
      out.textContent = t("score.preview", { ns: scored.totals[0], ew: scored.totals[1] });
    } catch (e) {
      if (asked !== state.previewAsked) return;
      out.className = "error";
      out.textContent = e.status ? e.message : t("score.preview_offline");
    }
  }, 250);
}

/** While a hand is being typed the page is not redrawn: the confirmation box alone follows what the
 *  other phone entered (the totals it confirms), and is left as it is while they stay the same. */
function syncConfirm() {
  const old = document.getElementById("confirm-box"), fresh = confirmBox(state.data);
  if (old?.dataset.key === fresh?.dataset.key) return;
  if (old && fresh) old.replaceWith(fresh);
  else if (old) old.remove();
  else if (fresh) document.getElementById("entry-form")?.after(fresh);
}

function confirmBox(d) {
  if (["confirmed", "finished"].includes(d.status) || !d.lines.length) return null;
  const message = h("p", { id: "confirm-msg", role: "alert", class: "error" });
  const confirmIt = async () => {
    const body = { client_id: newId("c"), device: deviceId(), totals: d.totals };
    try {
      const answer = await send(`/api/score/${state.code}/confirm`, body);
      if (answer.data) { state.data = answer.data; render(); return; }
      message.className = "ok"; message.textContent = t("score.confirm_queued");
    } catch (e) { message.className = "error"; message.textContent = refusalText(e.detail); }
  };
  const key = `${d.status}|${d.lines.length}|${d.totals.join(",")}`;
  return h("div", { class: "terminal-confirm", id: "confirm-box", "data-key": key }, h("h3", {}, t("score.confirm_title")),
    h("p", {}, t("score.confirm_hint", { n: d.lines.length, hands: d.hands, ns: d.totals[0], ew: d.totals[1] })),
    h("button", { type: "button", class: "primary", id: "confirm-btn", disabled: d.status !== "to_confirm", onclick: confirmIt }, t("score.confirm", { ns: d.totals[0], ew: d.totals[1] })),
    message);
}

// ------------------------------------------------------------------ the director's console
let boardTimer = null;

/** The console's panel of the turn's score terminals: issue the codes, the QR codes and links, the
 *  printable sheet, and each table's state (finished, late, a disagreement to settle). */
export function terminalsPanel(tr) {
  const turn = tr.turns_list[tr.turns_list.length - 1];
  if (!turn) return null;
  const base = `/api/tournaments/${tr.id}/turns/${turn.number}/terminals`;
  const body = h("div", { id: "terminals-board" });
  const msg = h("p", { class: "error tour-msg", id: "terminals-msg", role: "alert" });
  const show = (board) => {
    if (!board.tables.length) { body.replaceChildren(); return; }
    body.replaceChildren(
      h("p", { class: "tour-links" }, h("a", { href: `${base}/sheet`, target: "_blank", rel: "noopener", id: "terminals-sheet" }, t("score.sheet"))),
      h("ul", { class: "terminal-board" }, board.tables.map((x) => h("li", { class: `terminal-card status-${x.status}${x.late ? " late" : ""}`, id: `terminal-${x.table}` },
        x.qr ? h("img", { src: x.qr, alt: t("score.qr_alt", { table: x.table }), class: "terminal-qr", width: 120, height: 120 }) : null,
        h("div", {}, h("b", {}, t("score.table_n", { n: x.table })), " ",
          h("span", { class: "terminal-state" }, t(`score.status.${x.status}`, { hands: x.hands, n: x.lines.length, count: x.lines.length })),
          x.late ? h("span", { class: "error terminal-late" }, ` · ${t("score.late")}`) : null,
          h("br"), h("span", { class: "muted" }, `${t("tour.ns")} ${x.totals[0]} · ${t("tour.ew")} ${x.totals[1]}`),
          x.status === "disagreement" ? h("p", { class: "error" }, t("score.settle", { hands: x.lines.filter((l) => l.disagree).map((l) => l.hand).join(", ") })) : null,
          handMarks(x),
          h("br"), h("a", { href: x.url, class: "terminal-link", target: "_blank", rel: "noopener" }, t("score.open_link")))))));
  };
  const load = async () => {
    if (!document.body.contains(body)) { clearInterval(boardTimer); return; }
    try { show(await api(base)); } catch (e) { msg.textContent = e.message; }
  };
  const issue = async () => {
    try { show(await api(base, { method: "POST" })); msg.textContent = ""; } catch (e) { msg.textContent = e.message; }
  };
  clearInterval(boardTimer);
  setTimeout(load, 0);
  boardTimer = setInterval(load, POLL_MS);
  return h("div", { class: "panel", id: "terminals-panel" }, h("h3", {}, t("score.panel", { n: turn.number })),
    h("p", { class: "muted note" }, t("score.panel_hint")),
    h("button", { type: "button", id: "terminals-issue", onclick: issue }, t("score.issue")), msg, body);
}
