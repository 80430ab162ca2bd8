// Preact (4 KB, vendored with its licence in vendor/) with htm's tagged templates: components that patch
// the page on each server message instead of rebuilding it, with no build step (docs/web.md "Languages and layout").
import { h, render, Fragment } from "./vendor/preact.module.js";
import { useEffect, useLayoutEffect, useRef, useState } from "./vendor/hooks.module.js";
import htm from "./vendor/htm.module.js";

export { h, render, Fragment, useEffect, useLayoutEffect, useRef, useState };

/** html`<div class=${x}>…</div>`: a Preact element from a template (htm). */
export const html = htm.bind(h);
