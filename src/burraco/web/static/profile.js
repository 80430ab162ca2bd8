// A player's profile (#/user/<id>): rating, results and the last matches with their replays.
import { t, lang } from "./i18n.js";
import { h, api, displayName, ruleLink } from "./ui.js";
import { byName } from "./sheets.js";

function matchRow(m, guest) {
  const s = m.summary;
  return h("li", { class: "table-card" },
    h("div", {}, new Date(m.finished_at * 1000).toLocaleString(lang())),
    h("div", {}, h("b", {}, t(`result.${m.result}`)), m.left ? ` ${t("result.left")}` : ""),
    h("div", {}, s.entrants.map((n, i) => `${displayName(n)} ${s.totals[i]}`).join(" · ")),
    s.mp ? h("div", { class: "muted mpvp" }, t("profile.points", { mp: byName(s.entrants, s.mp, true), vp: byName(s.entrants, s.vp) })) : null,
    guest ? null : h("div", { class: "muted" }, `${t("profile.rating_col")}: ${Math.round(m.rating_before)} → ${Math.round(m.rating_after)}`),
    h("div", {}, `${t("profile.replays")}:`, Array.from({ length: m.hands }, (_, k) => h("a", { class: "replay-num", href: `#/replay/${m.table_id}/${k + 1}`, "aria-label": `${t("profile.replays")}: ${t("sheet.hand", { n: k + 1 })}` }, k + 1))));
}

export async function showProfile(id) {
  const main = document.getElementById("main");
  let data;
  try { data = await api(`/api/users/${id}`); } catch (e) { main.replaceChildren(h("p", { class: "error" }, e.message)); return; }
  const u = data.user, guest = u.kind === "guest";
  main.replaceChildren(h("div", { class: "panel", id: "profile" },
    h("h2", {}, u.name), h("p", { id: "profile-rating" }, guest ? t("profile.guest", { count: u.matches }) : t("profile.rating", { rating: Math.round(u.rating), count: u.matches })),
    h("h3", {}, t("profile.history")),
    data.matches.some((m) => m.summary.mp) ? h("p", { class: "note", id: "points-note" }, t("profile.points_note"), " ",
      t("profile.points_more"), " ", ruleLink("10", t("reason.see_rules", { section: "10" }))) : null,
    data.matches.length ? h("ul", { class: "table-list" }, data.matches.map((m) => matchRow(m, guest))) : h("p", { class: "muted" }, t("profile.none"))));
}

