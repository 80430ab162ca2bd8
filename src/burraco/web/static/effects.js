// The table's motion (docs/web.md "Motion, sound and drag"). The renderer calls
//   const snap = beforeRender(root); …patch the DOM…; afterRender(root, snap, newRecords);
// and every card element it draws carries data-key (one physical card) and data-code ("KH", "10S", "JK").
// Cards that moved slide from their old place (FLIP with the Web Animations API); cards that appeared fly
// in from where the log says they came (stock, pile, pozzetti, a seat); cards another seat takes away fly
// to that seat. At most 300 ms, a new render cancels what still runs (measured first, so a card carries on
// from where it is), nothing moves under prefers-reduced-motion, and nothing here ever throws.
// yourTurn(isMine) gives the your-turn cue: the tab's title, a short vibration, a soft sound.
import { t } from "./i18n.js";
import { playSound, SOUND_KINDS } from "./sound.js";

const MOVE_MS = 220;
const FLY_MS = 240;
const STAGGER_MS = 15;
const MAX_STAGGER_MS = 60;  // FLY_MS + MAX_STAGGER_MS ≤ 300
const EASE = "cubic-bezier(.2, .7, .3, 1)";
const MAX_RECORDS = 8;  // more new records in one render is a catch-up (a reconnection): no flights, no sound
const MAX_GHOSTS = 12;  // a big pile taken by another seat: the first dozen cards fly, the rest just go
const MOTION_ID = "burraco-motion";
const VIBRATION = [40, 60, 40];
const TURN_SOUND_AFTER_S = 0.2;  // after the sound of the move that gave the turn

/** Where a card that appeared came from, by the kind of the log record that brought it. */
const SOURCE_ZONE = { draw: "stock", pickup: "pile", pozzetto: "pozzetti" };
/** The records that can bring a card into each zone. */
const BRINGS = { hand: ["draw", "pickup", "pozzetto"], pile: ["discard"], meld: ["meld", "attach"] };

const running = new Set();
const ghosts = new Set();
const flying = new Map();  // a card's identity → its copy flying on top
const reducedQuery = globalThis.matchMedia ? matchMedia("(prefers-reduced-motion: reduce)") : null;
const individualTransforms = globalThis.CSS?.supports?.("translate", "1px 1px") ?? false;

/** True when nothing may move: the player asked for reduced motion, or the browser cannot animate. */
export function motionOff() {
  return !reducedQuery || reducedQuery.matches || typeof Element.prototype.animate !== "function";
}

/** Where each keyed card under `root` is before a render (a card caught flying between zones: where
 *  its flying copy is). Null when nothing will move. */
export function beforeRender(root) {
  try {
    if (!root || motionOff()) return null;
    const cards = new Map();
    for (const el of root.querySelectorAll("[data-key]")) {
      const id = identity(el), copy = flying.get(id);
      cards.set(id, copy ? { el, caught: true, rect: copy.getBoundingClientRect() } : { el, rect: el.getBoundingClientRect() });
    }
    return { cards };
  } catch {
    return null;
  }
}

/** After a render: play the newest record's sound, then animate what changed since `snapshot`. */
export function afterRender(root, snapshot, newRecords = []) {
  try {
    settle();
    const records = Array.isArray(newRecords) && newRecords.length <= MAX_RECORDS ? newRecords.filter(Boolean) : [];
    const sounding = records.findLast((r) => SOUND_KINDS.includes(r.kind));
    if (sounding) playSound(sounding.kind);
    if (root && snapshot && snapshot.cards && !motionOff()) animate(root, snapshot, records);
  } catch {
    settle();  // a failed animation leaves the cards where the render put them
  }
}

/** Stop every running animation and flying ghost: the cards stand where the render put them. */
export function settle() {
  for (const animation of running) {
    try { animation.cancel(); } catch { /* already gone */ }
  }
  running.clear();
  for (const ghost of ghosts) ghost.remove();
  ghosts.clear();
  flying.clear();
}

function animate(root, snapshot, records) {
  const after = [];
  for (const el of root.querySelectorAll("[data-key]")) {
    after.push({ el, key: el.dataset.key, id: identity(el), rect: el.getBoundingClientRect() });
  }
  const present = new Set(after.map((c) => c.id));
  const departed = [...snapshot.cards].filter(([id, c]) => !present.has(id) && c.rect.width > 0).map(([, c]) => c);
  const zones = zoneRects(root);
  const arrived = [];
  let onTop = 0;
  for (const card of after) {
    const before = snapshot.cards.get(card.id);
    if (!before) {
      if (records.length) arrived.push(card);
    } else if (before.caught && onTop < MAX_GHOSTS && onScreen(card.rect)) {
      flyOnTop(card, before.rect, onTop++ * STAGGER_MS);
    } else slide(card.el, before.rect, card.rect);
  }
  const broughtBy = flyIn(arrived, departed, records, zones);
  flyAway(departed, records, zones, broughtBy, root);
}

/** A card's identity on the table: its key within its place (the hand, the pile, one meld, ...). A card
 *  that changes place leaves one place and arrives in another: the two are matched by key, else by code. */
function identity(el) {
  const meld = el.closest("[data-meld]");
  return `${meld ? `meld ${meld.dataset.meld}` : el.closest("[data-zone]")?.dataset.zone ?? ""}|${el.dataset.key}`;
}

/** The rect of each data-zone element under root ("stock", "pile", "seat-2", ...), measured once: the
 *  rect of the face-down card it shows where it shows one (the stock, the pozzetti), else its own. */
function zoneRects(root) {
  const rects = new Map();
  for (const el of root.querySelectorAll("[data-zone]")) {
    const zone = el.dataset.zone;
    if (rects.has(zone) || zone === "meld") continue;
    const back = el.querySelector(".card:not([data-key])");
    rects.set(zone, { rect: (back ?? el).getBoundingClientRect(), card: Boolean(back) });
  }
  return rects;
}

function moved(a, b) {
  return Math.abs(a.left - b.left) > 1 || Math.abs(a.top - b.top) > 1 || Math.abs(a.width - b.width) > 1;
}

function onScreen(r) {
  return r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
}

/** Keyframes from `from` (a rect) to the element's own place `to`, as translate and scale. */
function offset(from, to) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const sx = to.width ? from.width / to.width : 1, sy = to.height ? from.height / to.height : 1;
  return { dx, dy, sx, sy };
}

function frame({ dx, dy, sx, sy }, opacity) {
  const f = individualTransforms
    ? { translate: `${dx}px ${dy}px`, scale: `${sx} ${sy}` }
    : { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` };
  if (opacity !== undefined) f.opacity = opacity;
  return f;
}

const STILL = { dx: 0, dy: 0, sx: 1, sy: 1 };

function run(el, keyframes, options) {
  const animation = el.animate(keyframes, { easing: EASE, ...options });
  animation.id = MOTION_ID;
  running.add(animation);
  const done = () => running.delete(animation);
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
  return animation;
}

/** FLIP: a card that changed place slides from where it was. */
function slide(el, from, to) {
  if (!moved(from, to) || !(onScreen(from) || onScreen(to))) return;
  run(el, [frame(offset(from, to)), frame(STILL)], { duration: MOVE_MS });
}

/** A card that changed zone flies as a copy above everything (the hand's bar would hide it on its way
 *  to the pile or a meld) while the card itself waits unseen in its new place. */
function flyOnTop(card, from, wait) {
  const delay = Math.min(wait, MAX_STAGGER_MS);
  const copy = card.el.cloneNode(true);
  dress(copy, card.rect);
  copy.dataset.ghostOf = card.key;
  document.body.append(copy);
  ghosts.add(copy);
  flying.set(card.id, copy);
  const flight = run(copy, [frame(offset(from, card.rect)), frame(STILL)], { duration: FLY_MS, delay, fill: "backwards" });
  const landed = () => {
    copy.remove();
    ghosts.delete(copy);
    if (flying.get(card.id) === copy) flying.delete(card.id);
  };
  flight.addEventListener("finish", landed);
  flight.addEventListener("cancel", landed);
  run(card.el, [{ opacity: 0 }, { opacity: 0 }], { duration: FLY_MS + delay });
}

/** Make a card's copy a ghost: no identity, fixed at `rect`, above the table, never in the way. */
function dress(el, rect) {
  el.removeAttribute("id");
  el.removeAttribute("data-key");
  el.removeAttribute("role");
  el.classList.remove("selected", "drag-source");
  el.classList.add("motion-ghost");
  el.setAttribute("aria-hidden", "true");
  Object.assign(el.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
}

/** The zone a card sits in ("hand", "pile", "meld", ...). */
function zoneOf(el) {
  if (el.closest("[data-meld]")) return "meld";
  return el.closest("[data-zone]")?.dataset.zone ?? "";
}

/** The newest record that brought card `el` (by its code, else by the zone it landed in). */
function recordFor(el, records) {
  const code = el.dataset.code;
  const named = records.findLast((r) => Array.isArray(r.cards) && r.cards.includes(code));
  if (named) return named;
  const kinds = BRINGS[zoneOf(el)] || [];
  return records.findLast((r) => kinds.includes(r.kind)) ?? null;
}

function seatZone(record, zones) {
  return zones.get(`seat-${record.seat}`) ?? zones.get("hand") ?? null;
}

/** Cards that appeared fly in: from a departed card of the same code (the pile into the hand, a card
 *  from the hand to a meld) or from the zone their record names. Returns the records so shown. */
function flyIn(arrived, departed, records, zones) {
  const shown = new Set();
  const unused = [...departed];
  let n = 0, onTop = 0;
  for (const card of arrived) {
    if (!onScreen(card.rect)) continue;
    const record = recordFor(card.el, records);
    let twin = unused.findIndex((d) => d.el.dataset.key === card.key);
    if (twin < 0) twin = unused.findIndex((d) => d.el.dataset.code === card.el.dataset.code);
    if (record) shown.add(record);
    const delay = n * STAGGER_MS;
    if (twin >= 0) {  // the same card, moved to another place (a discard, a meld, the pile taken)
      const from = unused.splice(twin, 1)[0].rect;
      // into the hand (drawn above the felt) it flies itself; out of it, as a copy above the hand's bar
      if (zoneOf(card.el) !== "hand" && onTop < MAX_GHOSTS) flyOnTop(card, from, onTop++ * STAGGER_MS);
      else run(card.el, [frame(offset(from, card.rect)), frame(STILL)], { duration: FLY_MS, delay: Math.min(delay, MAX_STAGGER_MS), fill: "backwards" });
      n++;
      continue;
    }
    const from = record ? zones.get(SOURCE_ZONE[record.kind]) ?? seatZone(record, zones) : null;
    if (!from) continue;
    // from the card the zone shows, that card's size; from a seat's box, small and faint, growing into place
    const start = from.card ? offset(from.rect, card.rect) : { ...offset(from.rect, card.rect), sx: 0.6, sy: 0.6 };
    run(card.el, [frame(start, 0.3), frame(STILL, 1)], { duration: FLY_MS, delay: Math.min(delay, MAX_STAGGER_MS), fill: "backwards" });
    n++;
  }
  departed.splice(0, departed.length, ...unused);
  return shown;
}

/** What another seat takes where nobody sees it: its drawn card, the pile it picked up, its pozzetto. */
function flyAway(departed, records, zones, shown, root) {
  for (const record of records) {
    if (shown.has(record)) continue;
    const to = zones.get(`seat-${record.seat}`)?.rect;
    if (!to) continue;
    if (record.kind === "pickup") {
      departed.slice(-MAX_GHOSTS).forEach((d, i) => ghost(d.el.cloneNode(true), d.rect, to, i, root));
    } else if (record.kind === "draw" || record.kind === "pozzetto") {
      const from = zones.get(SOURCE_ZONE[record.kind]);
      if (from) ghost(backCard(root, SOURCE_ZONE[record.kind]), from.card ? from.rect : centred(from.rect), to, 0, root);
    }
  }
}

/** A face-down card for what another seat takes unseen: a copy of the one the zone shows, else a plain back. */
function backCard(root, zone) {
  const shown = root.querySelector(`[data-zone="${zone}"] .card:not([data-key])`);
  if (shown) return shown.cloneNode(true);
  const el = document.createElement("div");
  el.className = "card motion-back";
  return el;
}

/** A card-sized rect at the centre of `r` (a zone is wider than a card). */
function centred(r) {
  const w = Math.min(r.width, 40), h = Math.min(r.height, 56);
  return { left: r.left + (r.width - w) / 2, top: r.top + (r.height - h) / 2, width: w, height: h };
}

/** A copy of a card flying from rect `from` to the middle of rect `to`, fading, then removed. */
function ghost(el, from, to, i, root) {
  dress(el, from);
  (root.ownerDocument || document).body.append(el);
  ghosts.add(el);
  const end = { ...offset(to, from), sx: 0.6, sy: 0.6 };  // from its place to the middle of `to`
  const animation = run(el, [frame(STILL, 1), frame(end, 0)],
    { duration: FLY_MS, delay: Math.min(i * STAGGER_MS, MAX_STAGGER_MS), fill: "both" });
  const gone = () => { el.remove(); ghosts.delete(el); };
  animation.addEventListener("finish", gone);
  animation.addEventListener("cancel", gone);
}

// ——— the your-turn cue ———

let mine = false;
let titled = null;  // { base, shown } while the title carries the prefix

/** Called on every render with whether it is the player's turn: at a turn's start a vibration (phones,
 *  once the page has been touched) and the turn sound (when on); while it is the player's turn and the
 *  tab is hidden, the tab's title says so ("● Tocca a te — Burraco"). */
export function yourTurn(isMine) {
  try {
    const now = Boolean(isMine);
    if (now && !mine) {
      vibrate();
      playSound("turn", TURN_SOUND_AFTER_S);
    }
    mine = now;
    retitle();
  } catch { /* a cue lost, never the table */ }
}

function vibrate() {
  if (typeof navigator.vibrate !== "function") return;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;  // the browser would refuse
  navigator.vibrate(VIBRATION);
}

function retitle() {
  const want = mine && document.visibilityState === "hidden";
  if (want && !titled) {
    const base = document.title;
    titled = { base, shown: `● ${t("table.your_turn")} — ${base}` };
    document.title = titled.shown;
  } else if (!want && titled) {
    if (document.title === titled.shown) document.title = titled.base;
    titled = null;
  }
}

document.addEventListener("visibilitychange", () => {
  try { retitle(); } catch { /* the title stays */ }
});
