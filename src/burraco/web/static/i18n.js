// Every word the page shows, in Italian and English (docs/web.md "Languages and layout"). The words live
// in i18n.it.json and i18n.en.json, flat dictionaries of dotted keys, fetched here before any module that
// imports this one runs (a top-level await), so t() stays synchronous.
// t("table.to_play", { name: "Anna" }) words a key in the chosen language; "{name}" in the text takes the parameter.
// A key whose value is { "one": "…", "other": "…" } (the CLDR plural categories) has plural forms: t()
// picks one with Intl.PluralRules for params.count ("1 spettatore", "2 spettatori").
// A key missing from one language falls back to the other, then to the key itself (a test checks none is missing).

export const LANGS = ["it", "en"];

/** The catalogues by language, filled from the JSON files before this module finishes loading. */
export const CATALOGUE = Object.fromEntries(LANGS.map((code) => [code, {}]));

async function loadCatalogue(code) {
  try {
    const response = await fetch(new URL(`./i18n.${code}.json`, import.meta.url), { cache: "no-cache" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    Object.assign(CATALOGUE[code], await response.json());
  } catch (error) {
    console.error(`the ${code} catalogue did not load:`, error);  // keys show instead of words
  }
}

await Promise.all(LANGS.map(loadCatalogue));

const STORE_KEY = "burraco.lang";
let current = chooseLanguage();

/** The stored choice, else the first of the browser's languages we speak, else English. */
function chooseLanguage() {
  try {
    const stored = localStorage.getItem(STORE_KEY);
    if (LANGS.includes(stored)) return stored;
  } catch { /* storage refused: fall through */ }
  const nav = globalThis.navigator || {};
  for (const tag of nav.languages || [nav.language || ""]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function lang() { return current; }

export function setLang(code) {
  if (!LANGS.includes(code)) return;
  current = code;
  try { localStorage.setItem(STORE_KEY, code); } catch { /* not remembered: still switched */ }
  document.documentElement.lang = code;
}

export function has(key) { return key in CATALOGUE[current] || key in CATALOGUE.en; }

const pluralRules = {};

/** The plural category ("one", "few", "many", "other"...) of `count` in language `code`. */
export function pluralOf(count, code = current) {
  pluralRules[code] ??= new Intl.PluralRules(code);
  return pluralRules[code].select(count);
}

/** A catalogue entry's text: a plain string, or the plural form for params.count ("other" without a count). */
function textOf(entry, code, params) {
  if (typeof entry === "string") return entry;
  const count = Number(params.count);
  const category = params.count !== undefined && Number.isFinite(count) ? pluralOf(count, code) : "other";
  return entry[category] ?? entry.other;
}

export function t(key, params = {}) {
  const code = key in CATALOGUE[current] ? current : key in CATALOGUE.en ? "en" : null;
  const text = code ? textOf(CATALOGUE[code][key], code, params) : key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

/** Elements of index.html marked data-i18n="key" take their text from the catalogue. */
export function applyStatic(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
