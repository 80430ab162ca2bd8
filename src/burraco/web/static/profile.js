// A player's profile (#/user/<id>): rating and its curve, figures from the hands played, favourite
// partners, and the last matches with their replays (GET /api/users/<id>).
import { t, lang } from "./i18n.js";
import { app, h, api, displayName, ruleLink } from "./ui.js";
import { byName } from "./sheets.js";
import { socialStyles } from "./rankings.js";

const DELETED = "Giocatore eliminato";  // as persistence/repositories/account_settings.py DELETED_NAME
const SVG_NS = "http://www.w3.org/2000/svg";

/** A stored name in the page's words (a deleted player's placeholder included). */
function nameOf(raw) { return displayName(String(raw || "").split(DELETED).join(t("account.deleted"))); }

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function fmt(value, digits = 0) {
  return Number(value).toLocaleString(lang(), { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The rating after each match as a small line chart (inline SVG, no library); its words say the same. */
function ratingChart(curve) {
  if (curve.length < 2) return h("p", { class: "muted", id: "rating-chart-none" }, t("profile.chart_none"));
  const values = curve.map((p) => p.rating);
  const lo = Math.min(...values), hi = Math.max(...values), span = hi - lo || 1;
  const W = 600, H = 170, L = 52, R = 8, T = 14, B = 18;
  const x = (i) => L + (i * (W - L - R)) / (values.length - 1);
  const y = (v) => T + ((hi - v) * (H - T - B)) / span;
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const label = t("profile.chart_label", { count: values.length - 1, first: fmt(values[0], 1), last: fmt(values.at(-1), 1), min: fmt(lo, 1), max: fmt(hi, 1) });
  return svg("svg", { class: "rating-chart", id: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    svg("title", {}, label),
    svg("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }), svg("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B }),
    svg("text", { x: L - 4, y: T + 4, "text-anchor": "end" }, fmt(hi, 1)), svg("text", { x: L - 4, y: H - B, "text-anchor": "end" }, fmt(lo, 1)),
    svg("polyline", { class: "line", points }),
    svg("circle", { cx: x(values.length - 1), cy: y(values.at(-1)), r: 3.5, fill: "#1d4ed8" }));
}

function figuresList(f) {
  const items = [
    ["matches", f.matches], ["wins", f.wins], ["hands", f.hands], ["points_per_hand", fmt(f.points_per_hand, 1)],
    ["clean_per_hand", fmt(f.clean_per_hand, 2)], ["dirty_per_hand", fmt(f.dirty_per_hand, 2)],
    ["closes", f.closes], ["pozzetti", f.pozzetti],
  ];
  return h("dl", { class: "figures", id: "profile-figures" },
    items.map(([key, value]) => h("div", { dataset: { figure: key } }, h("dt", {}, t(`profile.f.${key}`)), h("dd", {}, value))));
}

function partnerName(p) {
  const name = nameOf(p.name);
  return p.public ? h("a", { href: `#/user/${p.id}` }, name) : name;
}

function partnersList(partners) {
  if (!partners.length) return null;
  return [h("h3", {}, t("profile.partners")),
    h("ul", { class: "partners", id: "profile-partners" }, partners.map((p) => {
      const [before, after] = t("profile.partner_line", { name: "\u0000", count: p.matches, wins: p.wins }).split("\u0000");
      return h("li", {}, before, partnerName(p), after);
    }))];
}

function matchRow(m, guest) {
  const s = m.summary;
  return h("li", { class: "table-card" },
    h("div", {}, new Date(m.finished_at * 1000).toLocaleString(lang())),
    h("div", {}, h("b", {}, t(`result.${m.result}`)), m.left ? ` ${t("result.left")}` : ""),
    h("div", {}, s.entrants.map((n, i) => `${nameOf(n)} ${s.totals[i]}`).join(" · ")),
    s.mp ? h("div", { class: "muted mpvp" }, t("profile.points", { mp: byName(s.entrants.map(nameOf), s.mp, true), vp: byName(s.entrants.map(nameOf), s.vp) })) : null,
    guest ? null : h("div", { class: "muted" }, `${t("profile.rating_col")}: ${Math.round(m.rating_before)} → ${Math.round(m.rating_after)}`),
    h("div", {}, `${t("profile.replays")}:`, Array.from({ length: m.hands }, (_, k) => h("a", { class: "replay-num", href: `#/replay/${m.table_id}/${k + 1}`, "aria-label": `${t("profile.replays")}: ${t("sheet.hand", { n: k + 1 })}` }, k + 1))));
}

export async function showProfile(id) {
  socialStyles();
  const main = document.getElementById("main");
  let data;
  try { data = await api(`/api/users/${id}`); } catch (e) { main.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const u = data.user, guest = u.kind === "guest", own = app.user && app.user.id === u.id;
  const f = data.figures;
  main.replaceChildren(h("div", { class: "panel", id: "profile" },
    h("h2", {}, nameOf(u.name)), h("p", { id: "profile-rating" }, guest ? t("profile.guest", { count: u.matches }) : t("profile.rating", { rating: Math.round(u.rating), count: u.matches })),
    u.kind === "account" ? h("p", { class: "note", id: "profile-visibility" }, t(data.public ? "profile.public" : "profile.private"),
      own ? [" · ", h("a", { href: "#/settings", id: "profile-settings" }, t("profile.settings"))] : null) : null,
    h("h3", {}, t("profile.figures")), figuresList(f),
    guest ? null : [h("h3", {}, t("profile.chart")), ratingChart(f.curve)],
    partnersList(f.partners),
    h("h3", {}, t("profile.history")),
    data.matches.some((m) => m.summary.mp) ? h("p", { class: "note", id: "points-note" }, t("profile.points_note"), " ",
      t("profile.points_more"), " ", ruleLink("10", t("reason.see_rules", { section: "10" }))) : null,
    data.matches.length ? h("ul", { class: "table-list" }, data.matches.map((m) => matchRow(m, guest))) : h("p", { class: "muted" }, t("profile.none"))));
}
