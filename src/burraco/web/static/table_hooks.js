// The table's hooks for motion, sound and drag (effects.js, sound.js, drag.js): loaded with import() so a
// missing or failing module only means no motion, no sound or no dragging; the table plays the same.
import { app } from "./ui.js";

const mods = { effects: null, sound: null, drag: null };
const load = (name, path) => import(path).then((m) => { mods[name] = m; }, () => {});
/** Settles once every module has loaded or failed; the table renders again then (the sound button appears). */
export const ready = Promise.all([load("effects", "./effects.js"), load("sound", "./sound.js"), load("drag", "./drag.js")])
  .then(() => { if (app.table) app.rerender(); });

function call(name, fn, ...args) {
  const f = mods[name] && mods[name][fn];
  if (typeof f !== "function") return undefined;
  try { return f(...args); } catch (error) { console.error(`${name}.${fn}:`, error); return undefined; }
}

/** effects.beforeRender(root): a snapshot of where things are, taken before the page changes. */
export function beforeRender(root) { return call("effects", "beforeRender", root); }

/** effects.afterRender(root, snapshot, newRecords): the page has changed; newRecords are the log's new records. */
export function afterRender(root, snapshot, records) { call("effects", "afterRender", root, snapshot, records); }

let turnWas = false;
/** effects.yourTurn(bool), only when it changes. */
export function yourTurn(mine) {
  if (mine === turnWas) return;
  turnWas = mine;
  call("effects", "yourTurn", mine);
}

const dragged = new WeakSet();
/** drag.enableDrag(root, {selection, onDrop}) once per table element, as soon as drag.js has loaded. */
export function enableDrag(root, options) {
  if (dragged.has(root)) return;
  dragged.add(root);
  ready.then(() => { if (root.isConnected) call("drag", "enableDrag", root, options); });
}

export function soundAvailable() {
  return Boolean(mods.sound && typeof mods.sound.soundEnabled === "function" && typeof mods.sound.setSoundEnabled === "function");
}
export function soundEnabled() { return Boolean(call("sound", "soundEnabled")); }
export function setSoundEnabled(on) { call("sound", "setSoundEnabled", on); }
