// Burraco in the browser: lobby, table, score sheets, replays, profiles. Plain ES modules, no build step.
// The server is the authority: this page only shows what the server sends and asks it to act.
// Every word on screen comes from the catalogues i18n.js loads (docs/web.md "Languages and layout").
import { t, lang, setLang, applyStatic } from "./i18n.js";
import { app, h, api, hideModal, modalOpen, displayName, tableTitle, rulesUrl, levelOptions } from "./ui.js";
import { openTable, closeSocket, renderTable } from "./table.js";
import { showReplay } from "./sheets.js";
import { showTournaments, showTournament } from "./tournament.js";
import { showConsole } from "./console.js";
import { showTerminal } from "./terminal.js";
import { showProfile } from "./profile.js";
import { showRankings } from "./rankings.js";
import { showSettings } from "./settings.js";
import { showScorekeeper } from "./scorekeeper.js";
import { showFriends } from "./friends.js";
import { showWithFriend, showInvite } from "./invite.js";

const NAME_RE = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} _.'\u2019\-]{1,23}$/u;  // as burraco.web.auth.check_name

// ------------------------------------------------------------------ account
async function loadMe() {
  try { app.user = (await api("/api/me")).user; } catch { app.user = null; }
  renderAccount();
}

/** A user's name as shown: a guest is marked as such and never shows a rating. */
export function userLabel(user) {
  return user.kind === "guest" ? `${user.name} (${t("account.guest")})` : `${user.name} · ${t("account.rating", { rating: Math.round(user.rating) })}`;
}

function nameProblem(value) {
  if (!value.trim()) return t("form.name_empty");
  return NAME_RE.test(value.normalize("NFC").trim()) ? "" : t("form.name_bad");
}

function renderAccount() {
  const box = document.getElementById("account");
  if (app.user) {
    box.replaceChildren(...[h("a", { href: `#/user/${app.user.id}`, id: "me" }, userLabel(app.user)),
      app.user.kind === "account" ? h("a", { href: "#/settings", id: "settings-link", class: "small" }, t("settings.link")) : null,
      h("button", { class: "small", onclick: async () => { await api("/api/logout", { method: "POST" }); app.user = null; renderAccount(); route(); } },
        t("account.logout"))].filter(Boolean));  // a guest has no settings link (replaceChildren would print "null")
    return;
  }
  const err = h("span", { class: "error", id: "account-error", role: "alert" });
  const nick = h("input", { id: "guest-name", placeholder: t("account.nickname"), maxlength: 24, autocomplete: "nickname", "aria-label": t("account.nickname") });
  const name = h("input", { id: "login-name", placeholder: t("account.name"), maxlength: 24, autocomplete: "username", "aria-label": t("account.name") });
  const pass = h("input", { id: "login-password", type: "password", placeholder: t("account.password"), autocomplete: "current-password", "aria-label": t("account.password") });
  const act = async (path, body, input) => {
    const problem = input === nick ? nameProblem(nick.value) : (!name.value.trim() || !pass.value ? t("form.password_empty") : "");
    if (problem) { err.textContent = problem; input.focus(); return; }
    try { app.user = (await api(path, { method: "POST", body })).user; renderAccount(); route(); }
    catch (e) { err.textContent = e.message; }
  };
  const guestForm = h("form", { class: "inline", id: "guest-form", novalidate: true, onsubmit: (e) => { e.preventDefault(); act("/api/guest", { nickname: nick.value.trim() }, nick); } },
    nick, h("button", { id: "guest-btn", type: "submit", class: "primary" }, t("account.play_guest")));
  const loginForm = h("form", { class: "inline", id: "login-form", novalidate: true, onsubmit: (e) => { e.preventDefault(); act("/api/login", { name: name.value, password: pass.value }, name); } },
    name, pass, h("button", { id: "login-btn", type: "submit" }, t("account.login")),
    h("button", { id: "register-btn", type: "button", onclick: () => act("/api/register", { name: name.value, password: pass.value }, name) }, t("account.register")));
  box.replaceChildren(guestForm, h("span", { class: "muted-light" }, t("account.or")), loginForm, err);
}

function langButton() {
  const other = lang() === "it" ? "en" : "it";
  const btn = h("button", { id: "lang-btn", class: "small", title: t("lang.switch.title"), lang: other,
    onclick: () => { setLang(other); refreshLanguage(); } }, t("lang.switch"));
  document.getElementById("lang").replaceChildren(btn);
}

/** The page's fixed words, and the rules link in the page's language. */
function applyPage() {
  applyStatic();
  document.getElementById("nav-rules").href = rulesUrl();
}

function refreshLanguage() {
  applyPage();
  langButton();
  renderAccount();
  if (app.table) { hideModal(); renderTable(); } else route();
}

// ------------------------------------------------------------------ the way back to one's table
/** The table this page shows (#/table/ID), or null. */
function shownTable() {
  const match = /^#\/table\/(\d+)/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

/** The banner under the header, made once: it names the signed-in player's unfinished tables. */
function wayBackBox() {
  let box = document.getElementById("way-back");
  if (!box) {
    box = h("aside", { id: "way-back", class: "way-back hidden", "aria-label": t("way_back.label") });
    document.querySelector("header").after(box);
  }
  return box;
}

function wayBackLine(tb) {
  const notes = [tb.hand_no ? t("lobby.hand", { n: tb.hand_no }) : t(`status.${tb.status}`)];
  if (tb.standin) notes.push(t("way_back.standin"));
  else if (tb.absent) notes.push(t("way_back.absent"));
  return h("p", { class: "way-back-line", dataset: { table: tb.id } },
    h("a", { class: "button primary", href: `#/table/${tb.id}`, id: `way-back-${tb.id}` }, t("way_back.go")), " ",
    h("b", {}, tableTitle(tb.name)), " ", h("span", { class: tb.standin ? "way-back-standin" : "" }, notes.join(" · ")));
}

/** Show a "back to your table" banner for each of the player's tables in play that this page is not
 *  (GET /api/me/tables: a list, or {tables: [...]}; a server without it answers 404: then no banner). */
let wayBackAsked = 0;

async function refreshWayBack() {
  const box = wayBackBox(), asked = ++wayBackAsked;
  let tables = [];
  if (app.user) {
    try {
      const data = await api("/api/me/tables");
      tables = Array.isArray(data) ? data : data.tables || [];
    } catch { tables = []; }
  }
  if (asked !== wayBackAsked) return;  // a newer page asked since: its answer counts
  const here = shownTable();
  const others = tables.filter((tb) => tb.id !== here);
  box.setAttribute("aria-label", t("way_back.label"));
  box.replaceChildren(...others.map(wayBackLine));
  box.classList.toggle("hidden", !others.length);
}

// ------------------------------------------------------------------ routing
function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (app.lobbyTimer) { clearInterval(app.lobbyTimer); app.lobbyTimer = null; }
  if (parts[0] !== "table") closeSocket();
  hideModal();
  refreshWayBack();
  if (parts[0] === "table" && parts[1]) return openTable(Number(parts[1]));
  if (parts[0] === "replay" && parts[1] && parts[2]) return showReplay(Number(parts[1]), Number(parts[2]), 0);
  if (parts[0] === "user" && parts[1]) return showProfile(Number(parts[1]));
  if (parts[0] === "rankings") return showRankings(parts.slice(1));
  if (parts[0] === "settings") return showSettings();
  if (parts[0] === "tournaments") return showTournaments();
  if (parts[0] === "tournament" && parts[1]) return showTournament(Number(parts[1]));
  if (parts[0] === "director" && parts[1]) return showConsole(Number(parts[1]));
  if (parts[0] === "score" && parts[1]) return showTerminal(parts[1]);
  if (parts[0] === "segnapunti") return showScorekeeper(parts[1]);
  if (parts[0] === "friends") return showFriends();
  if (parts[0] === "invite" && parts[1]) return showInvite(parts[1]);
  if (parts[0] === "with-friend") return showWithFriend(parts[1]);
  return showLobby();
}

// ------------------------------------------------------------------ lobby
function statusText(tb) {
  return t(`status.${tb.status}`) + (tb.hand_no ? ` · ${t("lobby.hand", { n: tb.hand_no })}` : "");
}

function presetName(p) { const key = `preset.${p}`; const w = t(key); return w === key ? p : w; }

function tableCard(tb) {
  return h("li", { class: "table-card" },
    h("div", { class: "tc-main" }, h("b", {}, tableTitle(tb.name)), " ", h("span", { class: "muted" }, [t("players.n", { count: tb.players }), presetName(tb.preset), tb.watchers ? t("table.watchers", { count: tb.watchers }) : ""].filter(Boolean).join(" · "))),
    h("div", { class: "tc-seats" }, tb.seats.flatMap((s, i) => {
      const name = s.name ? displayName(s.name) : "—";
      return [i ? ", " : "", h("span", { class: "lobby-seat", title: name }, name)];
    })),
    h("div", { class: "tc-status" }, statusText(tb)),
    h("a", { class: "button", href: `#/table/${tb.id}` }, tb.status === "waiting" ? t("lobby.sit") : t("lobby.open")));
}

async function showLobby() {
  const main = document.getElementById("main");
  const list = h("div", { id: "tables" }, h("p", { class: "muted" }, t("lobby.loading")));
  main.replaceChildren(
    h("div", { class: "panel" }, h("h2", {}, t("lobby.tables")), list),
    h("div", { class: "panel" }, h("h2", {}, t("create.title")), createForm()),
  );
  const refresh = async () => {
    try {
      const { tables } = await api("/api/tables");
      list.replaceChildren(tables.length ? h("ul", { class: "table-list" }, tables.map(tableCard)) : h("p", { class: "muted" }, t("lobby.none")));
    } catch (e) { list.replaceChildren(h("p", { class: "error" }, e.message)); }
    refreshWayBack();
  };
  await refresh();
  app.lobbyTimer = setInterval(refresh, 3000);
}

function field(id, label, input) { return h("div", { class: "field" }, h("label", { for: id }, label), input); }

function createForm() {
  const presetSel = h("select", { id: "preset" }, Object.keys(app.presets).map((p) => h("option", { value: p }, presetName(p))));
  const players = h("select", { id: "players" }, [2, 3, 4].map((n) => h("option", { value: n, selected: n === 4 }, n)));
  const mode = h("select", { id: "mode" }, h("option", { value: "target" }, t("create.mode.target")), h("option", { value: "hands" }, t("create.mode.hands")));
  const target = h("select", { id: "target" }, [505, 1005, 2005, 3005, 5005].map((n) => h("option", { value: n, selected: n === 2005 }, n)));
  const hands = h("input", { id: "hands", type: "number", min: 1, max: 20, value: 3, inputmode: "numeric" });
  const timer = h("input", { id: "turn-timer", type: "number", min: 0, max: 3600, value: 0, inputmode: "numeric" });
  const maxTurns = h("input", { id: "max-turns", type: "number", min: 10, max: 2000, value: 2000, inputmode: "numeric" });
  const bots = h("select", { id: "bots" }, h("option", { value: "" }, t("create.bots.none")), levelOptions());
  const name = h("input", { id: "table-name", maxlength: 60, placeholder: t("create.optional") });
  const err = h("p", { class: "error", id: "create-error", role: "alert" });
  const targetField = field("target", t("create.target"), target), handsField = field("hands", t("create.hands"), hands);
  const showMode = () => { targetField.classList.toggle("hidden", mode.value !== "target"); handsField.classList.toggle("hidden", mode.value !== "hands"); };
  mode.addEventListener("change", showMode);
  showMode();
  const submit = async (ev) => {
    ev.preventDefault();
    if (!app.user) { err.textContent = t("create.login_first"); document.getElementById("guest-name")?.focus(); return; }
    const ranges = [[timer, "create.timer"], [maxTurns, "create.max_turns"]].concat(mode.value === "hands" ? [[hands, "create.hands"]] : []);
    for (const [input, label] of ranges) {
      const value = Number(input.value), min = Number(input.min), max = Number(input.max);
      if (input.value.trim() === "" || !Number.isInteger(value) || value < min || value > max) {
        err.textContent = t("form.range", { field: t(label), min, max });
        input.focus();
        return;
      }
    }
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
  return h("form", { class: "grid", id: "create-form", onsubmit: submit, novalidate: true },
    field("table-name", t("create.name"), name), field("players", t("create.players"), players),
    field("preset", t("create.preset"), presetSel), field("mode", t("create.play"), mode), targetField, handsField,
    field("turn-timer", t("create.timer"), timer), field("max-turns", t("create.max_turns"), maxTurns),
    field("bots", t("create.bots"), bots),
    h("div", { class: "field" }, h("button", { class: "primary", id: "create-btn", type: "submit" }, t("create.submit"))), err);
}

// ------------------------------------------------------------------ start
window.addEventListener("hashchange", route);
document.getElementById("modal").addEventListener("click", (e) => { if (e.target.id === "modal") hideModal(); });
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && modalOpen()) { e.preventDefault(); hideModal(); } });
(async () => {
  applyPage();
  langButton();
  try { app.presets = await api("/api/presets"); } catch { app.presets = { fibur: {} }; }
  await loadMe();
  route();
})();
