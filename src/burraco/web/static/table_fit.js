// The table laid out from the room it has (docs/web.md "Languages and layout"). table.css sizes the
// hand's cards from the screen (--card-w) and bounds the melds' (--meld-min, --meld-max); this module
//  - overlaps the hand's cards from the hand's width: every card shows at least MIN_SHOWN px (its rank
//    and suit), on two rows when one would show less and the CSS allows two (--hand-rows); it sets
//    --hand-cols and --hand-step on #hand;
//  - gives the melds (and the pile, the stock) the largest card width that lets the felt show whole
//    without scrolling, within those bounds (--meld-w on the table's root);
//  - marks a name cut short by its room (data-full, focusable) so it shows whole on hover and focus.
// fitTable(root) runs after every render (before the motion hooks measure where the cards went); a
// window resized or turned, the chat opened, the log opened or cards added by anyone fit again at the
// next frame. Nothing here changes what the page holds: only how large it is drawn.

const MIN_SHOWN = 28;  // px of each hand card left uncovered by the next one: its corner, rank and suit
const NAMES = ".seat-name .name, .totals .who-names, .side-label .members";
const watched = new WeakMap();  // root → { resize, mutate, frame, hand, area, felt }

function px(value, fallback) {
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : fallback;
}

/** Columns and the step between the cards' left edges for `n` cards `card` px wide in `width` px. */
export function handLayout(n, card, width, gap, rows = 2) {
  if (n <= 1) return { cols: Math.max(n, 1), step: card + gap };
  const spread = (cols) => Math.min(card + gap, (width - card) / (cols - 1));
  let cols = n;
  if (spread(n) < MIN_SHOWN) cols = Math.ceil(n / rows);
  return { cols, step: Math.max(1, Math.floor(spread(cols) * 10) / 10) };
}

function fitHand(hand) {
  const cards = hand.querySelectorAll(":scope > .card");
  if (!cards.length) return;
  const style = getComputedStyle(hand);
  const card = cards[0].offsetWidth || px(style.getPropertyValue("--card-w"), 68);
  const { cols, step } = handLayout(cards.length, card, hand.clientWidth, px(style.getPropertyValue("--hand-gap"), 4),
    Math.max(1, Math.round(px(style.getPropertyValue("--hand-rows"), 2))));
  if (hand.style.getPropertyValue("--hand-cols") !== String(cols)) hand.style.setProperty("--hand-cols", String(cols));
  if (hand.style.getPropertyValue("--hand-step") !== `${step}px`) hand.style.setProperty("--hand-step", `${step}px`);
}

/** The largest meld card width (whole px, within the CSS bounds) at which the felt needs no scrolling. */
function fitFelt(root, area, felt) {
  const style = getComputedStyle(root);
  const low = Math.ceil(px(style.getPropertyValue("--meld-min"), 44));
  const high = Math.max(low, Math.floor(px(style.getPropertyValue("--meld-max"), 64)));
  const room = area.clientHeight - px(getComputedStyle(area).paddingTop, 0) - px(getComputedStyle(area).paddingBottom, 0);
  const was = root.style.getPropertyValue("--meld-w");
  felt.classList.add("measuring");  // the felt at its own height, not stretched to the area's
  const fits = (w) => { root.style.setProperty("--meld-w", `${w}px`); return felt.offsetHeight <= room; };
  try {
    const now = Math.round(px(was, high));
    if (now >= low && now <= high && fits(now) && (now === high || !fits(now + 1))) { root.style.setProperty("--meld-w", `${now}px`); return; }
    let lo = low, hi = high;  // fits(lo) is assumed: below the floor the felt scrolls
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid)) lo = mid; else hi = mid - 1;
    }
    root.style.setProperty("--meld-w", `${lo}px`);
  } finally {
    felt.classList.remove("measuring");
  }
}

/** A name cut with "…" carries its whole text (shown on hover) and takes the focus (shown then too). */
function markCutNames(root) {
  for (const el of root.querySelectorAll(NAMES)) {
    const full = el.textContent.replace(/^\s*·\s*/, "").trim();
    if (el.scrollWidth > el.clientWidth + 1) {
      if (el.dataset.full !== full) el.dataset.full = full;
      if (el.getAttribute("tabindex") !== "0") el.setAttribute("tabindex", "0");
    } else if (el.dataset.full !== undefined) {
      delete el.dataset.full;
      el.removeAttribute("tabindex");
    }
  }
}

/** Fit the table under `root` now, and keep it fitted when its room or its cards change. */
export function fitTable(root) {
  if (!root) return;
  const hand = root.querySelector("#hand"), area = root.querySelector("#felt-area"), felt = root.querySelector("#felt");
  try {
    if (hand) fitHand(hand);
    if (area && felt) fitFelt(root, area, felt);
    markCutNames(root);
  } catch (error) {
    console.error("the table could not be fitted:", error);
  }
  watch(root, hand, area, felt);
}

function watch(root, hand, area, felt) {
  if (typeof ResizeObserver !== "function") return;
  let w = watched.get(root);
  if (!w) {
    const later = () => {
      if (w.frame) return;
      w.frame = requestAnimationFrame(() => { w.frame = 0; if (root.isConnected) fitTable(root); });
    };
    w = { resize: new ResizeObserver(later), mutate: new MutationObserver(later), frame: 0, hand: null, area: null, felt: null };
    watched.set(root, w);
  }
  if (w.hand === hand && w.area === area && w.felt === felt) return;
  w.resize.disconnect();
  w.mutate.disconnect();
  for (const el of [hand, area, felt]) if (el) w.resize.observe(el);
  if (hand) w.mutate.observe(hand, { childList: true });
  Object.assign(w, { hand, area, felt });
}
