// The felt: the stock, the discard pile (every card shown, as the rules require) and the pozzetti in
// the middle; each side's melds, yours nearest your hand. Zones and drop targets carry data-* hooks.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { app } from "./ui.js";
import { shortName } from "./table_words.js";
import { CardBack, CardFace, cardName, faceText, keyed, meldCardName, namesList } from "./cards.js";
import { attachTo, can, discard, draw, meld, pickup, playing, selectedCards } from "./table_actions.js";

/** The stock, named by what it shows ("62 tallone", WCAG 2.5.3) and, when you may, what it does. */
function Stock() {
  const v = app.view, able = can("draw");
  const shown = `${v.stock} ${t("table.stock")}`;
  return html`<button id="stock" class="stock" data-zone="stock" disabled=${!able}
      aria-label=${able ? t("table.stock_draw", { shown }) : shown} onClick=${draw}>
    <span class="card back-card"><${CardBack} /></span>
    <span class="counter"><b>${v.stock}</b> ${t("table.stock")}</span>
  </button>`;
}

function Pozzetti() {
  const v = app.view;
  const taken = v.pozzetto_of_side.map((p) => p[0]);
  return html`<div id="pozzetti" class="pozzetti" data-zone="pozzetti" role="img"
      aria-label=${t("table.pozzetti_label", { count: v.pozzetti.length })}>
    <span class="pozzetto-stack">${v.pozzetti.map((n, k) => html`<span key=${k} class="card back-card mini" title=${t("table.cards", { count: n })}><${CardBack} /></span>`)}</span>
    <span class="counter"><b>${v.pozzetti.length ? v.pozzetti.join(" + ") : "0"}</b> ${t("table.pozzetti")}</span>
    ${taken.length ? html`<span class="note">${t("table.pozzetti_taken", { count: taken.length })}</span>` : null}
  </div>`;
}

/** The discard pile, every card visible (overlapped), the top one last; a click picks it up or discards onto it.
 *  Its name gives the ranks it shows, in order, then the cards in words. */
function Pile() {
  const pile = keyed(app.view.discard_pile);
  const onClick = () => {
    if (can("pickup")) pickup();
    else if (playing() && selectedCards().length === 1) discard();
  };
  const top = pile.length ? pile[pile.length - 1].code : null;
  const label = pile.length ? t("table.pile_label", {
    count: pile.length, shown: pile.map((c) => faceText(c.code)).join(" "), cards: namesList(pile.map((c) => c.code)),
  }) : t("table.pile_empty_label");
  return html`<div class="pile-wrap">
    <div class="pile-label" aria-hidden="true">${t("table.pile")} (${pile.length})</div>
    <div id="pile" class=${"pile" + (pile.length > 14 ? " long" : "")} data-zone="pile" data-drop="pile" role="button" tabindex="0"
        aria-label=${label + (top ? ` · ${t("table.pile_top", { card: cardName(top) })}` : "")}
        onClick=${onClick} onKeyDown=${(ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onClick(); } }}>
      ${pile.map((c, k) => html`<span key=${c.key} class=${"card pile-card" + (k === pile.length - 1 ? " top-card" : "")}
        data-key=${c.key} data-code=${c.code}><${CardFace} code=${c.code} /></span>`)}
      ${pile.length ? null : html`<span class="muted-light">${t("table.pile_empty")}</span>`}
    </div>
  </div>`;
}

export function Centre() {
  return html`<div class="centre">
    <${Stock} /><${Pile} /><${Pozzetti} />
  </div>`;
}

/** A meld, named by what it shows ("5 6 jolly 7 8", its burraco's tag), then its cards in words. */
function Meld({ m, k, side, mine }) {
  const cards = keyed(m.cards);
  const wilds = m.cards.map((c, j) => [c, j === m.wild ? m.stands_for : ""]);
  const names = namesList(wilds, ([c, s]) => meldCardName(c, s));
  const tag = m.burraco ? t(`burraco.${m.burraco}`) : "";
  const shown = [...wilds.map(([c, s]) => faceText(c, s)), tag].filter(Boolean).join(" ");
  const label = t("meld.label", { n: k + 1, shown, cards: names });
  const go = () => attachTo(side, k);
  return html`<div class=${"meld" + (mine ? " mine" : "") + (m.burraco ? " is-burraco" : "") + (m.cards.length > 9 ? " long" : "")}
      data-meld=${`${side}:${k}`} data-index=${k} data-drop=${mine ? `meld:${k}` : null} data-zone="meld"
      role="button" tabindex="0" aria-label=${label} title=${label}
      onClick=${go} onKeyDown=${(ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } }}>
    <div class="meld-cards">${cards.map((c, j) => html`<span key=${c.key} class=${"card" + (j === m.wild ? " wild" : "")}
        data-key=${c.key} data-code=${c.code}><${CardFace} code=${c.code} standsFor=${j === m.wild ? m.stands_for : ""} /></span>`)}</div>
    ${tag ? html`<span class="tag">${tag}</span>` : null}
  </div>`;
}

/** A side's name: "Noi · Anna & Luca" for a player, just the names for a spectator. */
export function sideLabel(side) {
  const v = app.view;
  const members = v.side_of.map((s, i) => (s === side ? shortName(i) : null)).filter(Boolean).join(" & ");
  if (app.you === null) return members;
  return `${side === v.side_of[app.you] ? t("table.we") : t("table.they")} · ${members}`;
}

export function Side({ side, bottom }) {
  const v = app.view, melds = v.melds[side], mine = bottom && app.you !== null;
  const took = v.pozzetto_of_side.some((p) => p[0] === side);
  // a tap on your side's felt (not on a meld) lays the chosen cards down as a new meld
  const onClick = (ev) => { if (mine && !ev.target.closest(".meld") && selectedCards().length >= 3 && playing()) meld(); };
  return html`<section onClick=${onClick} class=${"side" + (bottom ? " my-side" : "")} id=${mine ? "side-mine" : `side-${side}`} data-side=${side}
      data-zone=${`side-${side}`} data-drop=${mine ? "new-meld" : null} aria-label=${sideLabel(side)}>
    <h3 class="side-label"><span class="members">${sideLabel(side)}</span>${took ? html` · <span class="took">${t("table.took_pozzetto")}</span>` : null}</h3>
    <div class="melds">
      ${melds.length ? melds.map((m, k) => html`<${Meld} key=${`${side}:${k}`} m=${m} k=${k} side=${side} mine=${mine} />`)
        : html`<span class="muted-light no-melds">${t("table.no_melds")}</span>`}
    </div>
  </section>`;
}
