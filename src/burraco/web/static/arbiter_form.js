// "Chiama l'arbitro": the arbiter's guided form (the code of Art. 12–23 from /api/arbiter). Pick the
// article, answer its questions one at a time, read the ruling with its effects, and record it on a hand
// ("Registra"): the page only walks the tree to ask the questions — the server computes the ruling again
// from the answers. The texts of the code come from its JSON in the chosen language; every other word
// from the catalogues. rulingsPanel is the director's console list of the event's rulings.
import { t } from "./i18n.js";
import { h, api, showModal, hideModal } from "./ui.js";

let code = null;

function style() {
  if (document.getElementById("arbiter-css")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/arbiter.css", id: "arbiter-css" }));
}

async function arbiterCode() {
  if (!code) code = await api("/api/arbiter");
  return code;
}

/** The node the answers lead to in a tree (a question still to ask, or the ruling). */
export function walk(node, answers) {
  while (node.type === "question" && node.key in answers) {
    const next = node.answers.find((a) => a.value === answers[node.key]);
    if (!next) break;
    node = next.then;
  }
  return node;
}

function select(id, label, options) {
  return h("label", { class: "arbiter-field" }, label, " ",
    h("select", { id }, options.map(([value, text]) => h("option", { value }, text))));
}

/** Open the form in the page's dialog. ``post(body)`` records {article, answers, hand, side} and returns
 *  a promise; ``hands`` (how many hands the turn has) and ``sides`` ([N-S, E-W] labels) are optional,
 *  ``tables`` (numbers) adds a table picker and then ``post(body, table)`` gets the table. */
export async function openArbiterForm({ post, lang, hands = 1, sides = null, tables = null, onRecorded = null }) {
  style();
  const data = await arbiterCode();
  const word = (text) => text[lang] ?? text.it;
  const box = h("div", { class: "arbiter-form", id: "arbiter-form" });
  const close = h("button", { type: "button", id: "arbiter-close", onclick: hideModal }, t("arbiter.close"));
  const frame = (title, ...body) => {
    box.replaceChildren(h("h2", { id: "arbiter-title" }, title), ...body, h("p", { class: "arbiter-actions" }, close));
    showModal(box, "arbiter-title");
  };
  const pick = () => frame(t("arbiter.call"), h("p", {}, t("arbiter.pick")),
    h("ul", { class: "arbiter-choices", id: "arbiter-articles" }, data.articles.map((a) => h("li", {},
      h("button", { type: "button", class: "arbiter-article", "data-article": a.number, onclick: () => ask(a, {}) },
        `${t("arbiter.article", { n: a.number })} · ${word(a.title)}`)))));
  const ask = (article, answers) => {
    const node = walk(article.tree, answers);
    const head = `${t("arbiter.article", { n: article.number })} · ${word(article.title)}`;
    const back = h("button", { type: "button", class: "arbiter-back", onclick: pick }, t("arbiter.back"));
    if (node.type === "question") {
      frame(head, h("p", { class: "arbiter-question", id: "arbiter-question" }, word(node.text)),
        h("ul", { class: "arbiter-choices" }, node.answers.map((x) => h("li", {},
          h("button", { type: "button", class: "arbiter-answer", "data-value": x.value, onclick: () => ask(article, { ...answers, [node.key]: x.value }) }, word(x.text))))),
        back);
      return;
    }
    ruling(article, answers, node, head, back);
  };
  const ruling = (article, answers, node, head, back) => {
    const msg = h("p", { class: "error", id: "arbiter-msg", role: "alert" });
    const fields = [select("arbiter-hand", t("arbiter.hand"), Array.from({ length: hands }, (_, i) => [String(i + 1), String(i + 1)]))];
    fields.push(select("arbiter-side", t("arbiter.side"), [["", t("arbiter.no_side")], ["ns", sides ? `${t("tour.ns")} ${sides[0]}` : t("tour.ns")], ["ew", sides ? `${t("tour.ew")} ${sides[1]}` : t("tour.ew")]]));
    if (tables) fields.unshift(select("arbiter-table", t("arbiter.table"), tables.map((n) => [String(n), String(n)])));
    const record = async () => {
      const side = box.querySelector("#arbiter-side").value || null;
      const body = { article: article.number, answers, hand: Number(box.querySelector("#arbiter-hand").value), side, lang };
      try {
        const table = tables ? Number(box.querySelector("#arbiter-table").value) : undefined;
        const result = await post(body, table);
        msg.className = "arbiter-done"; msg.setAttribute("role", "status"); msg.textContent = t("arbiter.recorded");
        save.disabled = true;
        if (onRecorded) onRecorded(result);
      } catch (e) { msg.textContent = e.message; }
    };
    const save = h("button", { type: "button", class: "primary", id: "arbiter-record", onclick: record }, t("arbiter.record"));
    frame(head,
      h("div", { class: "arbiter-ruling", id: "arbiter-ruling" },
        h("h3", {}, t("arbiter.ruling")), h("p", {}, word(node.words)),
        h("h3", {}, t("arbiter.effects")), h("ul", { id: "arbiter-effects" }, node.effects.map((e) => h("li", {}, word(e.text))))),
      h("div", { class: "arbiter-fields" }, fields), save, msg, back);
  };
  pick();
}

function whenText(at, lang) {
  return new Date(at * 1000).toLocaleTimeString(lang === "en" ? "en-GB" : "it-IT", { hour: "2-digit", minute: "2-digit" });
}

// The console's list refreshes itself (a ruling from a table's phone, a hand that follows one): one
// timer at a time, the last answer kept so a redrawn console shows it at once, not an empty list.
const shown = { timer: null, tournament: null, key: null, data: null, seq: 0 };

/** The director's console panel: call the arbiter to a table of the last turn, every ruling of the
 *  event, and the warnings counted per line with the VP Art. 23 takes off (the director applies it).
 *  Every ``every`` ms (the terminals board's rhythm) the list is asked again and redrawn in place only
 *  when it changed; the call button and the form (in the dialog) are never touched. */
export function rulingsPanel(tr, lang, every = 4000) {
  style();
  const turn = tr.turns_list[tr.turns_list.length - 1];
  const body = h("div", { id: "rulings-list" });
  const msg = h("p", { class: "error tour-msg", id: "rulings-msg", role: "alert" });
  const word = (text) => text[lang] ?? text.it;
  const show = (data) => {
    shown.seq += 1;
    const key = JSON.stringify(data);
    if (key === shown.key && shown.tournament === tr.id && body.hasChildNodes()) return;
    Object.assign(shown, { tournament: tr.id, key, data });
    const lines = data.lines.filter((x) => x.warnings || x.vp).map((x) => h("li", { class: "ruling-line" }, h("b", {}, x.label), " · ", t("arbiter.warnings", { count: x.warnings }),
      x.next_costs_vp && !x.vp ? h("span", { class: "muted" }, ` · ${t("arbiter.next_costs")}`) : null,
      x.vp ? h("span", { class: "error" }, ` · ${t("arbiter.vp_due", { vp: x.vp })}`) : null));
    const rows = data.rulings.map((r) => h("tr", { class: "ruling-row" },
      h("td", {}, t("arbiter.where", { turn: r.turn, table: r.table, hand: r.hand })),
      h("td", {}, `${t("arbiter.article", { n: r.article })} · ${word(r.title)}`),
      h("td", {}, word(r.ruling.words), r.label ? h("br") : null, r.label ? h("span", { class: "muted" }, `${t("arbiter.side")}: ${r.label}`) : null),
      h("td", {}, whenText(r.at, lang), h("br"), h("span", { class: "muted" }, t(`arbiter.by.${r.source}`)),
        r.linked ? h("br") : null, r.linked ? h("span", { class: "ruling-linked" }, t("arbiter.linked")) : null)));
    body.replaceChildren(...[
      data.rulings.length ? null : h("p", { class: "muted" }, t("arbiter.none")),
      lines.length ? h("h4", {}, t("arbiter.lines")) : null, lines.length ? h("ul", { id: "ruling-lines" }, lines) : null,
      rows.length ? h("table", { class: "tour-table", id: "rulings-table" },
        h("thead", {}, h("tr", {}, h("th", {}, t("arbiter.hand")), h("th", {}, t("arbiter.article_col")), h("th", {}, t("arbiter.ruling")), h("th", {}, t("arbiter.when")))),
        h("tbody", {}, rows)) : null].filter(Boolean));
  };
  let timer = null;
  const load = async () => {
    if (!document.body.contains(body)) { clearInterval(timer); return; }  // the console was left or redrawn
    const seq = shown.seq;
    try {
      const data = await api(`/api/tournaments/${tr.id}/rulings`);
      if (seq === shown.seq) show(data);  // else a newer list (the one just recorded) is already shown
      if (msg.textContent) msg.textContent = "";
    } catch (e) { if (msg.textContent !== e.message) msg.textContent = e.message; }
  };
  if (shown.tournament === tr.id && shown.data) show(shown.data);
  else Object.assign(shown, { tournament: tr.id, key: null, data: null });
  clearInterval(shown.timer);
  setTimeout(load, 0);
  timer = setInterval(load, every);
  shown.timer = timer;
  const call = () => openArbiterForm({
    lang, hands: tr.config?.hands ?? 1, tables: turn ? turn.tables.map((x) => x.number) : [],
    post: (b, table) => api(`/api/tournaments/${tr.id}/turns/${turn.number}/tables/${table}/rulings`, { method: "POST", body: b }),
    onRecorded: show,
  });
  return h("div", { class: "panel", id: "rulings-panel" }, h("h3", {}, t("arbiter.panel")),
    turn ? h("button", { type: "button", id: "rulings-call", onclick: call }, t("arbiter.call")) : null, msg, body);
}
