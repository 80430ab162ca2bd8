// The irregular hand at the score terminal and in the segnapunti (docs: the tournament guide, "Una mano
// irregolare"): the collapsed "Mano irregolare (arbitro)" section of a hand's form, the table's rulings
// on the chosen hand listed there (followed by the entry, prefilling what they decide), and the console's
// marks of a table's irregular hands with their articles. terminal.js builds the form around it; the
// server scores what it sends, keeper_rules.js scores it offline.
import { t, lang } from "./i18n.js";
import { h } from "./ui.js";

function points(id, label) {
  return h("input", { id, type: "number", inputmode: "numeric", min: 0, step: 5, "aria-label": label, class: "terminal-num" });
}

/** The collapsed "Mano irregolare (arbitro)" section: per side the void burraci by kind, the points of the
 *  frozen melds' wrong cards and of the penalised cards still held, and whether the closing needs a valid
 *  burraco; `slot` is where the score terminal lists the table's rulings on the hand (`linked()` their ids). */
export function irregularFields(kinds, prefix, sideNames) {
  const sides = sideNames.map((name, i) => {
    const void_ = Object.fromEntries(kinds.map((k) => [k, h("input", { id: `${prefix}-${i}-void-${k}`, type: "number", inputmode: "numeric", min: 0, max: 15, value: 0, class: "terminal-count", "aria-label": `${name}: ${t("score.void_of", { kind: t(`score.kind.${k}`) })}` })]));
    const wrong = points(`${prefix}-${i}-wrong`, `${name}: ${t("score.wrong_points")}`);
    const penalised = points(`${prefix}-${i}-penalised`, `${name}: ${t("score.penalised_points")}`);
    const needsValid = h("input", { id: `${prefix}-${i}-needs-valid`, type: "checkbox" });
    const box = h("fieldset", { class: "terminal-side terminal-irregular-side" }, h("legend", {}, name),
      h("div", { class: "terminal-kinds" }, kinds.map((k) => h("label", { class: "terminal-kind" }, h("span", {}, t("score.void_of", { kind: t(`score.kind.${k}`) })), void_[k]))),
      h("label", { class: "terminal-field" }, h("span", {}, t("score.wrong_points")), wrong),
      h("label", { class: "terminal-field" }, h("span", {}, t("score.penalised_points")), penalised),
      h("label", { class: "terminal-check" }, needsValid, " ", t("score.closing_needs_valid")));
    return { void_, wrong, penalised, needsValid, box };
  });
  const slot = h("div", { id: `${prefix}-rulings`, class: "terminal-rulings" });
  const element = h("details", { class: "terminal-irregular detail-only", id: `${prefix}-irregular` },
    h("summary", { id: `${prefix}-irregular-toggle` }, t("score.irregular")),
    h("p", { class: "muted note" }, t("score.irregular_hint")), slot, ...sides.map((s) => s.box));
  /** One side's `irregular` facts, or nothing when none is given. */
  const side = (i, int) => {
    const s = sides[i];
    const void_ = Object.fromEntries(kinds.map((k) => [k, int(s.void_[k])]).filter(([, n]) => n !== 0));
    const facts = { void: void_, wrong: int(s.wrong), penalised: int(s.penalised), closing_needs_valid: s.needsValid.checked };
    const given = Object.keys(void_).length || facts.wrong || facts.penalised || facts.closing_needs_valid;
    return given ? { irregular: facts } : {};
  };
  const linked = () => Array.from(slot.querySelectorAll("input.ruling-link:checked"), (x) => Number(x.value));
  const clear = () => {
    for (const s of sides) { for (const c of Object.values(s.void_)) c.value = 0; s.wrong.value = ""; s.penalised.value = ""; s.needsValid.checked = false; }
    slot.replaceChildren();
    delete slot.dataset.ids;
    element.open = false;
  };
  return { element, slot, sides, side, linked, clear };
}

/** The table's rulings on `hand` in the irregular section, each ticked to be followed by the entry; a
 *  ruling that voids the closing on its burraco ticks its side's "closing needs a valid burraco". */
export function showRulings(fields, rulings, hand) {
  const irr = fields.irregular, mine = rulings.filter((r) => r.hand === hand);
  const ids = mine.map((r) => r.id).join(",");
  if (irr.slot.dataset.ids === ids) return;
  irr.slot.dataset.ids = ids;
  const word = (text) => (text ? text[lang()] ?? text.it : "");
  irr.slot.replaceChildren(...(mine.length ? [h("p", { class: "terminal-rulings-title" }, t("score.rulings_of_hand", { n: hand })),
    h("ul", { class: "terminal-rulings-list" }, mine.map((r) => h("li", {},
      h("label", { class: "terminal-check" },
        h("input", { type: "checkbox", class: "ruling-link", value: r.id, id: `ruling-link-${r.id}`, checked: true }), " ",
        `${t("arbiter.article", { n: r.article })} · ${word(r.title)}`, r.side ? ` · ${t(`tour.${r.side}`)}` : ""),
      h("p", { class: "muted note" }, word(r.words))))),
  ] : []));
  for (const r of mine) {
    const side = r.side === "ns" ? 0 : r.side === "ew" ? 1 : null;
    const voids = r.effects.some((e) => e.kind === "validity" && e.subject === "closing_on_that_burraco" && e.valid === false);
    if (side !== null && voids) irr.sides[side].needsValid.checked = true;
  }
  if (mine.length) irr.element.open = true;
}

/** A table's hands that the arbiter ruled on or that were entered as irregular, with the articles:
 *  "Mano 2 · irregolare · Art. 12" (a ruling on a hand not entered yet: "da segnare"). */
export function handMarks(x) {
  const byHand = new Map();
  for (const r of x.rulings || []) byHand.set(r.hand, [...(byHand.get(r.hand) || []), r]);
  const hands = new Set([...byHand.keys(), ...x.lines.filter((l) => l.irregular).map((l) => l.hand)]);
  if (!hands.size) return null;
  return h("ul", { class: "terminal-marks" }, [...hands].sort((a, b) => a - b).map((n) => {
    const line = x.lines.find((l) => l.hand === n);
    const articles = (byHand.get(n) || []).map((r) => t("arbiter.article", { n: r.article })).join(", ");
    const what = !line ? t("score.ruling_waiting") : line.irregular ? t("score.irregular_mark") : t("score.ruling_unlinked");
    return h("li", { class: line?.irregular ? "irregular" : "", id: `terminal-${x.table}-hand-${n}` },
      [t("score.hand_n", { n }), what, articles].filter(Boolean).join(" · "));
  }));
}
