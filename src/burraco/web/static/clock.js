// The table's clocks counted down in the page between server messages: the turn clock, an absent
// player's countdown, a tournament turn's clock. One ticker; only the components that show a clock re-render.
import { app } from "./ui.js";
import { useEffect, useState } from "./html.js";

const listeners = new Set();
setInterval(() => { for (const fn of listeners) fn(performance.now()); }, 500);

/** The current time (performance.now()), refreshed every half second while the component lives. */
export function useNow() {
  const [now, setNow] = useState(performance.now());
  useEffect(() => { listeners.add(setNow); return () => listeners.delete(setNow); }, []);
  return now;
}

/** Seconds left of a count the server sent (at app.timerAt), or null. */
export function leftOf(seconds, now) {
  if (seconds === null || seconds === undefined) return null;
  return Math.max(0, seconds - (now - app.timerAt) / 1000);
}

/** The turn clock's seconds left, or null when the table has none (turn_timer 0, or no timer_left). */
export function turnLeft(now) {
  const tb = app.table;
  if (!tb || tb.status !== "playing" || tb.turn_timer === 0) return null;
  return leftOf(app.timerLeft, now);
}
