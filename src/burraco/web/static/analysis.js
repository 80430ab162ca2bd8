// Post-hand analysis in the replay viewer (docs/analysis.md): "Analizza" asks the server for the review of
// the player's seats (a job, computed once by a worker), the page polls every 2 s while it runs, then
// shows per seat an evaluation strip (the points each decision lost, as bars coloured by label), the key
// moments (grave errori and errori first) and every decision with its label, reason and the better move
// drawn as cards; a decision is a button to its step of the replay.
import { t } from "./i18n.js";
import { h, api, cardEl } from "./ui.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const POLL_MS = 2000;
const LABELS = ["blunder", "mistake", "inaccuracy", "good", "best"]; // worst first
const KEY = new Set(["blunder", "mistake", "inaccuracy"]);
const STRIP_CAP = 150; // points lost at which a bar is full height

const shown = { key: "", data: null, error: "", asking: false, timer: null, open: false };

function ensureStyles() {
  if (document.getElementById("analysis-css")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/analysis.css", id: "analysis-css" }));
}

const path = (tableId, hand) => `/api/tables/${tableId}/hands/${hand}/analysis`;
const active = (data) => Boolean(data && data.jobs.some((job) => job.state === "queued" || job.state === "running"));

/** The panel of the replay of hand ``hand`` at table ``tableId``; ``go(step)`` moves the replay,
 *  ``nameOf(seat)`` names a seat as the replay does. Kept (with its result) while the replay is open. */
export function analysisPanel(tableId, hand, go, nameOf) {
  ensureStyles();
  const key = `${tableId}/${hand}`;
  if (shown.key !== key) {
    clearTimeout(shown.timer);
    Object.assign(shown, { key, data: null, error: "", asking: false, timer: null, open: false });
    load(tableId, hand, go, nameOf, false);
  }
  return panel(tableId, hand, go, nameOf);
}

async function load(tableId, hand, go, nameOf, quietErrors = false) {
  const key = shown.key;
  try {
    const data = await api(path(tableId, hand));
    if (shown.key !== key) return;
    shown.data = data;
    shown.error = "";
  } catch (error) {
    if (shown.key !== key) return;
    if (!quietErrors && error.status !== 403) shown.error = error.message; // 403: not yours to see yet
  }
  refresh(tableId, hand, go, nameOf);
}

/** Ask for the analysis of the player's own seats, or (after the match, for anyone) of ``seat``. */
async function ask(tableId, hand, go, nameOf, seat) {
  shown.asking = true;
  shown.error = "";
  refresh(tableId, hand, go, nameOf);
  try {
    shown.data = await api(path(tableId, hand), { method: "POST", body: seat === undefined ? {} : { seat } });
  } catch (error) {
    shown.error = error.message;
  }
  shown.asking = false;
  refresh(tableId, hand, go, nameOf);
}

/** Redraw the panel in place, and poll again in 2 s while a job is waiting or running. */
function refresh(tableId, hand, go, nameOf) {
  const old = document.getElementById("analysis");
  if (!old) return; // the replay was left
  old.replaceWith(panel(tableId, hand, go, nameOf));
  clearTimeout(shown.timer);
  if (active(shown.data)) shown.timer = setTimeout(() => load(tableId, hand, go, nameOf, true), POLL_MS);
}

function panel(tableId, hand, go, nameOf) {
  const data = shown.data;
  const jobs = data ? data.jobs : [];
  const running = active(data) || shown.asking;
  const children = [h("h3", { id: "analysis-title" }, t("analysis.title"))];
  // a spectator (or, after the match, an opponent) picks the seats; a player asks for their own
  const others = data && data.match_over && !data.own.length;
  const asked = (seat) => jobs.some((job) => job.seat === seat && job.state !== "failed");
  if (others) {
    const free = data.seats.filter((seat) => !asked(seat));
    if (free.length) {
      children.push(h("p", { class: "muted" }, t("analysis.intro_seat")), h("div", { class: "analysis-asks" },
        free.map((seat) => h("button", { id: `analysis-btn-${seat}`, disabled: running,
          onclick: () => ask(tableId, hand, go, nameOf, seat) }, t("analysis.ask_seat", { name: nameOf(seat) })))));
    }
  } else if (!jobs.length || jobs.some((job) => job.state === "failed")) {
    children.push(h("p", { class: "muted" }, t("analysis.intro")),
      h("button", { id: "analysis-btn", disabled: running, onclick: () => ask(tableId, hand, go, nameOf) }, t("analysis.ask")));
  }
  if (running) {
    children.push(h("p", { class: "analysis-progress", id: "analysis-progress", role: "status" },
      h("span", { class: "analysis-spinner", "aria-hidden": "true" }), t(shown.asking ? "analysis.asking" : "analysis.running")));
  }
  if (shown.error) children.push(h("p", { class: "error", role: "alert" }, shown.error));
  for (const job of jobs) {
    if (job.state === "failed") {
      children.push(h("p", { class: "error" }, t("analysis.failed", { name: nameOf(job.seat) }), " ",
        t(`analysis.error.${job.error || "internal"}`)));
    } else if (job.state === "done" && job.review) {
      children.push(seatReview(job.review, go, nameOf));
    } else {
      children.push(h("p", { class: "muted" }, t(`analysis.state.${job.state}`, { name: nameOf(job.seat) })));
    }
  }
  return h("section", { class: "analysis", id: "analysis", "aria-labelledby": "analysis-title", "aria-busy": running ? "true" : null },
    ...children);
}

function seatReview(review, go, nameOf) {
  const decisions = review.decisions;
  const moments = decisions.filter((d) => KEY.has(d.label))
    .sort((a, b) => LABELS.indexOf(a.label) - LABELS.indexOf(b.label) || b.loss - a.loss);
  const all = h("details", { class: "analysis-all", open: shown.open },
    h("summary", {}, t("analysis.all", { count: decisions.length })),
    h("ol", { class: "analysis-list" }, decisions.map((d) => h("li", {}, decisionEl(d, go)))));
  all.addEventListener("toggle", () => { shown.open = all.open; });
  return h("div", { class: "analysis-seat", dataset: { seat: String(review.seat) } },
    h("h4", {}, t("analysis.seat", { name: nameOf(review.seat), accuracy: review.accuracy.toFixed(1) })),
    strip(decisions, go),
    legend(),
    h("h5", {}, t("analysis.moments")),
    moments.length ? h("ol", { class: "analysis-list analysis-moments" }, moments.map((d) => h("li", {}, decisionEl(d, go))))
      : h("p", { class: "muted" }, t("analysis.no_moments")),
    all);
}

/** The evaluation strip: one bar per decision, its height the points lost, its colour the label. */
function strip(decisions, go) {
  const width = Math.max(decisions.length, 1) * 10;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} 60`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", "analysis-strip");
  svg.setAttribute("role", "img");
  const worst = decisions.filter((d) => KEY.has(d.label)).length;
  svg.setAttribute("aria-label", t("analysis.strip", { count: decisions.length, worst }));
  const base = document.createElementNS(SVG_NS, "line");
  for (const [k, v] of Object.entries({ x1: 0, x2: width, y1: 59.5, y2: 59.5, class: "analysis-base" })) base.setAttribute(k, v);
  svg.append(base);
  decisions.forEach((d, i) => {
    const height = Math.max(2, (Math.min(d.loss, STRIP_CAP) / STRIP_CAP) * 58);
    const bar = document.createElementNS(SVG_NS, "rect");
    const attrs = { x: i * 10 + 1, y: 60 - height, width: 8, height, class: `bar l-${d.label}` };
    for (const [k, v] of Object.entries(attrs)) bar.setAttribute(k, v);
    const title = document.createElementNS(SVG_NS, "title");
    title.textContent = `${t("analysis.step", { step: d.step + 1 })}: ${t(`analysis.label.${d.label}`)}, ${t("analysis.loss", { points: Math.round(d.loss) })}`;
    bar.append(title);
    bar.addEventListener("click", () => go(d.step + 1));
    svg.append(bar);
  });
  return svg;
}

function legend() {
  return h("ul", { class: "analysis-legend" }, [...LABELS].reverse().map((label) =>
    h("li", {}, h("span", { class: `swatch l-${label}`, "aria-hidden": "true" }), t(`analysis.label.${label}`))));
}

/** An action of a history ("draw", "pickup", "meld 7H 8H 9H", "attach 2 JK", "discard KS") in words and cards. */
function actionEl(text) {
  const [kind, ...rest] = text.split(" ");
  const cards = kind === "attach" ? rest.slice(1) : rest;
  return h("span", { class: "analysis-action" }, t(`analysis.kind.${kind}`),
    cards.length ? h("span", { class: "cards" }, cards.map((c) => cardEl(c, { class: "mini" }))) : null);
}

function decisionEl(d, go) {
  const better = d.best !== d.played && d.loss > 0;
  return h("button", { class: `analysis-decision l-${d.label}`, title: t("analysis.go", { step: d.step + 1 }), onclick: () => go(d.step + 1) },
    h("span", { class: `analysis-label l-${d.label}` }, t(`analysis.label.${d.label}`)),
    h("span", { class: "analysis-step" }, t("analysis.step", { step: d.step + 1 })),
    h("span", { class: "analysis-played" }, t("analysis.played"), " ", actionEl(d.played)),
    better ? h("span", { class: "analysis-best" }, t("analysis.best"), " ", actionEl(d.best)) : null,
    d.loss > 0 ? h("span", { class: "analysis-loss" }, t("analysis.loss", { points: Math.round(d.loss) })) : null,
    d.reason ? h("span", { class: "analysis-reason" }, t(`analysis.reason.${d.reason}`)) : null);
}
