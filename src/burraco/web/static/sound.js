// The table's sounds (docs/web.md "Motion, sound and drag"): off by default, the choice remembered in
// localStorage["burraco.sound"]. Every sound is synthesised with the Web Audio API (no audio files): a few
// short notes, each with its own envelope. The AudioContext is created only inside a user gesture (the
// browser would start it suspended otherwise), so nothing sounds before the player has touched the page.

const STORE_KEY = "burraco.sound";

/** Each sound's notes: [start s, frequency Hz, length s, wave, peak gain], all short and soft. */
const SOUNDS = {
  draw: [[0, 740, 0.06, "triangle", 0.16]],
  pickup: [[0, 660, 0.05, "triangle", 0.14], [0.05, 560, 0.05, "triangle", 0.14], [0.1, 470, 0.07, "triangle", 0.14]],
  discard: [[0, 240, 0.11, "sine", 0.3], [0, 180, 0.09, "triangle", 0.12]],
  meld: [[0, 523.25, 0.09, "sine", 0.2], [0.08, 659.25, 0.14, "sine", 0.2]],
  attach: [[0, 587.33, 0.08, "sine", 0.18], [0.07, 783.99, 0.12, "sine", 0.18]],
  pozzetto: [[0, 523.25, 0.08, "sine", 0.18], [0.08, 659.25, 0.08, "sine", 0.18], [0.16, 783.99, 0.16, "sine", 0.2]],
  close: [[0, 523.25, 0.1, "triangle", 0.2], [0.1, 659.25, 0.1, "triangle", 0.2], [0.2, 783.99, 0.1, "triangle", 0.2],
    [0.3, 1046.5, 0.28, "sine", 0.22]],
  turn: [[0, 880, 0.22, "sine", 0.12], [0.12, 1318.5, 0.3, "sine", 0.09]],
};

/** The kinds that have a sound ("draw", "discard", ..., "turn"). */
export const SOUND_KINDS = Object.freeze(Object.keys(SOUNDS));

let context = null;

function stored() {
  try { return localStorage.getItem(STORE_KEY) === "on"; } catch { return false; }
}

let enabled = stored();

/** Whether the player turned sounds on (off until they do; remembered across visits). */
export function soundEnabled() { return enabled; }

/** Turn sounds on or off and remember it; called from a click, it also readies the audio. */
export function setSoundEnabled(on) {
  enabled = Boolean(on);
  try { localStorage.setItem(STORE_KEY, enabled ? "on" : "off"); } catch { /* not remembered: still switched */ }
  if (enabled && navigator.userActivation?.isActive) ready();
}

/** The AudioContext, created (or resumed) now: call only from a user gesture. */
function ready() {
  try {
    const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    if (context.state === "suspended") context.resume().catch(() => {});
  } catch { context = null; }  // no audio here: the table stays silent
}

// The first gesture on the page readies the audio when sounds are on (and any later one, should the
// browser have suspended it).
for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => { if (enabled) ready(); }, { capture: true, passive: true });
}

function note(ctx, at, [start, frequency, length, wave, peak]) {
  const osc = ctx.createOscillator(), gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at + start);
  gain.gain.exponentialRampToValueAtTime(peak, at + start + 0.012);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at + start);
  osc.stop(at + start + length + 0.02);
}

/** Play the sound of `kind` (a log record's kind, or "turn") `after` seconds from now, when sounds are on
 *  and the audio is ready; true if it was played. Never throws. */
export function playSound(kind, after = 0) {
  const notes = SOUNDS[kind];
  if (!enabled || !notes || !context || context.state !== "running") return false;
  try {
    const at = context.currentTime + 0.01 + Math.max(0, Number(after) || 0);
    for (const n of notes) note(context, at, n);
    return true;
  } catch { return false; }
}
