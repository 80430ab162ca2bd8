// The table's message line (app.message: a refusal, a hint, the legal moves), its rule citations as links.
import { html } from "./html.js";
import { app, citationParts, rulesUrl } from "./ui.js";

export function Message() {
  const m = app.message || { text: "", error: false };
  return html`<div id="message" role="status" aria-live="polite" class=${m.error ? "error" : ""}>${citationParts(m.text).map((part) =>
    typeof part === "string" ? part
      : html`<a href=${rulesUrl(part.hash)} target="_blank" rel="noopener" class="rule-link">${part.label}</a>`)}</div>`;
}

/** Text whose hearts and diamonds show in their suit's colour (the log, the stand-in's moves). */
export function Suited({ text }) {
  return String(text).split(/(\S*[♥♦♣♠])/).filter((part) => part !== "").map((part) => {
    const suit = { "♥": "H", "♦": "D", "♣": "C", "♠": "S" }[part.slice(-1)];
    return suit ? html`<span class=${`suit-text s-${suit}`}>${part}</span>` : part;
  });
}
