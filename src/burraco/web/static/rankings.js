// The leaderboards (#/rankings[/2p|4p[/all|month[/YYYY-MM]]]): one per game type, all time or month by
// month, from GET /api/rankings; the player's own row is highlighted, and shown even beyond the page.
import { t, lang } from "./i18n.js";
import { h, api } from "./ui.js";

const KINDS = ["2p", "4p"];
const PERIODS = ["all", "month"];

/** The page's own style sheet (rankings, profile and settings share it), added once. */
export function socialStyles() {
  if (document.getElementById("social-css")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/social.css", id: "social-css" }));
}

function thisMonth() { return new Date().toISOString().slice(0, 7); }

function hashOf(kind, period, month) {
  return period === "month" ? `#/rankings/${kind}/month/${month}` : `#/rankings/${kind}`;
}

function number(value, digits = 0) {
  return Number(value).toLocaleString(lang(), { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function nameCell(row) {
  return row.user_id !== null ? h("a", { href: `#/user/${row.user_id}` }, row.name) : h("span", {}, row.name);
}

function rankRow(row) {
  return h("tr", { class: row.me ? "me" : "", "aria-current": row.me ? "true" : null },
    h("td", { class: "num" }, row.position), h("th", { scope: "row" }, nameCell(row), row.me ? h("span", { class: "you" }, ` (${t("rankings.you")})`) : null),
    h("td", { class: "num" }, number(row.rating, 1)), h("td", { class: "num" }, row.matches), h("td", { class: "num" }, row.wins));
}

function rankTable(data) {
  const rows = data.rows.map(rankRow);
  const own = data.me && data.me.position !== null && !data.rows.some((r) => r.me);
  if (own) {
    rows.push(h("tr", { class: "gap", "aria-hidden": "true" }, h("td", { colspan: 5 }, "…")));
    rows.push(rankRow({ position: data.me.position, user_id: viewer?.id ?? null, name: viewer?.name ?? "", rating: data.me.rating, matches: data.me.matches, wins: data.me.wins, me: true }));
  }
  return h("table", { class: "rankings", id: "rankings-table" },
    h("caption", {}, t(`rankings.caption.${data.kind}`), data.month ? ` · ${monthName(data.month)}` : ""),
    h("thead", {}, h("tr", {}, ["pos", "name", "rating", "matches", "wins"].map((c) => h("th", { scope: "col", class: c === "name" ? "" : "num" }, t(`rankings.col.${c}`))))),
    h("tbody", {}, rows));
}

let viewer = null;

function monthName(month) {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(lang(), { month: "long", year: "numeric", timeZone: "UTC" });
}

function ownNote(data) {
  if (!data.me) return null;
  if (data.me.position === null && data.me.needed > 0) {
    return h("p", { class: "note", id: "rankings-own" }, t("rankings.needed", { count: data.me.needed }));
  }
  if (data.me.position !== null) return h("p", { class: "note", id: "rankings-own" }, t("rankings.position", { n: data.me.position, total: data.total }));
  return null;
}

function controls(kind, period, month) {
  const tabs = h("div", { class: "segmented", role: "group", "aria-label": t("rankings.kind") },
    KINDS.map((k) => h("a", { class: "button" + (k === kind ? " primary" : ""), href: hashOf(k, period, month), "aria-current": k === kind ? "page" : null, id: `rankings-kind-${k}` }, t(`rankings.kind.${k}`))));
  const periods = h("div", { class: "segmented", role: "group", "aria-label": t("rankings.period") },
    PERIODS.map((p) => h("a", { class: "button" + (p === period ? " primary" : ""), href: hashOf(kind, p, month), "aria-current": p === period ? "page" : null, id: `rankings-period-${p}` }, t(`rankings.period.${p}`))));
  const picker = period === "month" ? h("label", { class: "month-pick" }, t("rankings.month"), " ",
    h("input", { type: "month", id: "rankings-month", value: month, max: thisMonth(), onchange: (e) => { if (e.target.value) location.hash = hashOf(kind, period, e.target.value); } })) : null;
  return h("div", { class: "rankings-controls" }, tabs, periods, picker);
}

/** The rankings page; ``parts`` are the hash's parts after "rankings". */
export async function showRankings(parts = []) {
  socialStyles();
  const kind = KINDS.includes(parts[0]) ? parts[0] : "2p";
  const period = PERIODS.includes(parts[1]) ? parts[1] : "all";
  const month = /^\d{4}-\d{2}$/.test(parts[2] || "") ? parts[2] : thisMonth();
  const main = document.getElementById("main");
  const body = h("div", { id: "rankings-body" }, h("p", { class: "muted" }, t("loading")));
  main.replaceChildren(h("div", { class: "panel", id: "rankings" }, h("h2", {}, t("rankings.title")), controls(kind, period, month), body));
  const load = async (page) => {
    let data;
    try {
      const me = await api("/api/me").catch(() => ({ user: null }));
      viewer = me.user;
      const query = new URLSearchParams({ kind, period, page: String(page) });
      if (period === "month") query.set("month", month);
      data = await api(`/api/rankings?${query}`);
    } catch (e) { body.replaceChildren(h("p", { class: "error", role: "alert" }, e.message)); return; }
    const pager = data.pages > 1 ? h("p", { class: "pager" },
      h("button", { type: "button", disabled: page <= 1, onclick: () => load(page - 1) }, t("rankings.prev")), " ",
      t("rankings.page", { page, pages: data.pages }), " ",
      h("button", { type: "button", disabled: page >= data.pages, onclick: () => load(page + 1) }, t("rankings.next"))) : null;
    body.replaceChildren(...[
      h("p", { class: "note" }, t("rankings.minimum", { count: data.minimum }), " ", t("rankings.private_note")),
      ownNote(data),
      data.rows.length || data.me?.position ? h("div", { class: "table-scroll" }, rankTable(data)) : h("p", { class: "muted", id: "rankings-empty" }, t("rankings.empty")),
      pager].filter(Boolean));
  };
  await load(1);
}
