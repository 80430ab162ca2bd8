// Dragging hand cards onto the table (docs/web.md "Motion, sound and drag"), with a mouse, a pen or a
// finger (Pointer Events). A hand card is a [data-key] element inside [data-zone="hand"]; it is dropped on
// a [data-drop] element ("pile", "meld:<index>", "new-meld"). Dragging a selected card carries the whole
// selection. The drag starts only after the pointer has moved a few pixels, so a tap or a click still
// selects the card; a copy of the cards follows the pointer and the target under it is highlighted.
// Listeners sit on the root (event delegation), so the renderer may patch the cards at any time.
// The buttons do everything a drag does: keyboard users never need it.

const THRESHOLD_PX = { touch: 10, pen: 8, mouse: 6 };
const GHOST_CARDS = 5;  // a big selection shows its first cards fanned
const CLICK_AFTER_DRAG_MS = 400;
const FINGER_GAP_PX = 16;

const controllers = new WeakMap();

/** Let the player drag hand cards under `root` onto drop targets; calls
 *  `onDrop({ cards, target })` with the cards' codes and the target's data-drop value.
 *  `selection()` gives the selected cards' codes. Returns a function that turns dragging off again.
 *  Calling it again on the same root only takes the new options. */
export function enableDrag(root, options) {
  const known = controllers.get(root);
  if (known) {
    known.options = options;
    return known.disable;
  }
  const c = new DragController(root, options);
  controllers.set(root, c);
  return c.disable;
}

class DragController {
  constructor(root, options) {
    this.root = root;
    this.options = options;
    this.press = null;  // the pointer pressed on a hand card, until it is released
    this.drag = null;  // the drag under way: { cards, sources, ghost, grab, over }
    this.clickShieldUntil = 0;
    this.down = (e) => this.onDown(e);
    this.move = (e) => this.onMove(e);
    this.up = (e) => this.onUp(e);
    this.cancel = (e) => { if (this.press && e.pointerId === this.press.id) this.stop(); };
    this.key = (e) => { if (e.key === "Escape" && this.drag) { e.preventDefault(); this.stop(); } };
    this.click = (e) => {
      if (performance.now() < this.clickShieldUntil) { e.stopPropagation(); e.preventDefault(); this.clickShieldUntil = 0; }
    };
    this.disable = () => {
      this.stop();
      root.removeEventListener("pointerdown", this.down);
      window.removeEventListener("click", this.click, true);
      controllers.delete(root);
    };
    root.addEventListener("pointerdown", this.down);
    window.addEventListener("click", this.click, true);
  }

  onDown(e) {
    this.clickShieldUntil = 0;  // a new press: the click a drag left unused can no longer come
    if (this.press || !e.isPrimary || e.button !== 0) return;
    const card = e.target instanceof Element ? e.target.closest("[data-key]") : null;
    if (!card || !this.root.contains(card) || card.closest("[data-zone]")?.dataset.zone !== "hand") return;
    this.press = { id: e.pointerId, x: e.clientX, y: e.clientY, card, type: e.pointerType };
    window.addEventListener("pointermove", this.move, { passive: false });
    window.addEventListener("pointerup", this.up);
    window.addEventListener("pointercancel", this.cancel);
    window.addEventListener("keydown", this.key, true);
  }

  onMove(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    if (!this.drag) {
      const limit = THRESHOLD_PX[p.type] ?? THRESHOLD_PX.mouse;
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < limit) return;
      if (!this.start()) { this.stop(); return; }
    }
    e.preventDefault();
    this.follow(e.clientX, e.clientY);
  }

  onUp(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    const drag = this.drag;
    const target = drag ? this.targetAt(e.clientX, e.clientY) : null;
    this.stop();
    if (!drag) return;  // a click: the card's own handler selects it
    this.clickShieldUntil = performance.now() + CLICK_AFTER_DRAG_MS;
    if (!target) return;
    try {
      this.options.onDrop({ cards: drag.cards, target: target.dataset.drop });
    } catch (error) {
      console.error("the drop was not handled:", error);
    }
  }

  /** The cards to carry: the selection when the pressed card is part of it, else the card alone. */
  carried(card) {
    const code = card.dataset.code;
    if (card.classList.contains("selected")) {
      let chosen = [];
      try { chosen = Array.from(this.options.selection() || []); } catch { chosen = []; }
      if (chosen.includes(code)) {
        return { cards: chosen, sources: [...this.root.querySelectorAll('[data-zone="hand"] [data-key].selected')] };
      }
    }
    return { cards: [code], sources: [card] };
  }

  start() {
    const card = this.press.card;
    if (!card.isConnected) return false;
    const { cards, sources } = this.carried(card);
    const rect = card.getBoundingClientRect();
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    const shown = sources.includes(card) ? [card, ...sources.filter((s) => s !== card)] : [card];
    shown.slice(0, GHOST_CARDS).forEach((source, i) => {
      const copy = source.cloneNode(true);
      copy.removeAttribute("id");
      copy.removeAttribute("data-key");
      copy.classList.remove("selected", "drag-source");
      Object.assign(copy.style, { width: `${rect.width}px`, height: `${rect.height}px`, left: `${i * 14}px`, top: `${i * 3}px` });
      ghost.append(copy);
    });
    document.body.append(ghost);
    for (const s of sources) s.classList.add("drag-source");
    for (const d of this.root.querySelectorAll("[data-drop]")) d.classList.add("drop-ready");
    document.body.classList.add("drag-active");
    // a finger would hide the cards it carries: they ride just above it; a mouse holds them where it took them
    const grab = this.press.type === "touch" ? { x: rect.width / 2, y: rect.height + FINGER_GAP_PX }
      : { x: this.press.x - rect.left, y: this.press.y - rect.top };
    this.drag = { cards, sources, ghost, grab, over: null };
    return true;
  }

  follow(x, y) {
    const d = this.drag;
    d.ghost.style.transform = `translate(${x - d.grab.x}px, ${y - d.grab.y}px)`;
    const over = this.targetAt(x, y);
    if (over === d.over) return;
    d.over?.classList.remove("drop-over");
    over?.classList.add("drop-over");
    d.over = over;
  }

  /** The drop target under the point, if it belongs to this table. */
  targetAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    const target = hit ? hit.closest("[data-drop]") : null;
    return target && this.root.contains(target) ? target : null;
  }

  /** End the press and any drag, leaving the page as it was. */
  stop() {
    window.removeEventListener("pointermove", this.move);
    window.removeEventListener("pointerup", this.up);
    window.removeEventListener("pointercancel", this.cancel);
    window.removeEventListener("keydown", this.key, true);
    const d = this.drag;
    this.press = null;
    this.drag = null;
    if (!d) return;
    d.ghost.remove();
    for (const s of d.sources) s.classList.remove("drag-source");
    for (const el of this.root.querySelectorAll(".drop-ready, .drop-over")) el.classList.remove("drop-ready", "drop-over");
    document.body.classList.remove("drag-active");
  }
}
