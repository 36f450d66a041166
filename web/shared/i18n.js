// Translations: i18n/{en,ru}.json, flat keys with {param}s. The browser's language unless switched (kept).

export const LANGS = ['ru', 'en'];
const STORE_KEY = 'imaginarium.lang';
let dict = {};
let current = 'en';
const loaded = {};
// where the catalogues are: the whole ones (the phone); the TV's leave out the phone's own strings
// (server/net/webfiles.py PHONE_ONLY)
let base = '/static/shared/i18n/';

/** Loads the catalogues from folder `url` ('/static/shared/i18n/tv/') from now on; call before loadLang. */
export function useCatalogue(url) {
  base = url;
}

/** A saved choice, else the browser's first supported language, else English. */
export function detectLang() {
  const saved = safeGet(STORE_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || '']) {
    const p = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(p)) return p;
  }
  return 'en';
}

/** Loads a language's strings (kept: no network for a switch later) and makes it current; `ahead`: only loads. */
export async function loadLang(lang, remember = false, ahead = false) {
  if (!loaded[lang]) {
    const res = await fetch(`${base}${lang}.json`);
    if (!res.ok) throw new Error(`i18n ${lang}: HTTP ${res.status}`);
    loaded[lang] = await res.json();
  }
  if (ahead) return;
  dict = loaded[lang];
  current = lang;
  document.documentElement.lang = lang;
  if (remember) safeSet(STORE_KEY, lang);
}

/** The current language code ("ru" | "en"). */
export function lang() {
  return current;
}

/** The other language (what the switch offers). */
export function otherLang() {
  return current === 'ru' ? 'en' : 'ru';
}

// The ruleset whose own words the terms are (RULES.md's terms: Dixit's storyteller is «рассказчик» in Russian,
// its piece a rabbit): a string names a term as {@storyteller}, {@piece.gen} (a form), {@Piece.a} (capitalised),
// and the dictionary gives `term.<ruleset>.<word>`, else the common `term.<word>`.
let ruleset = '';

/** Makes ruleset `id` (settings.ruleset; none: the common terms) the one whose terms the strings use. */
export function useRuleset(id) {
  ruleset = id || '';
}

/** The ruleset whose terms are in use ('' for none). */
export function currentRuleset() {
  return ruleset;
}

/** Term `spec` ("piece.gen", "Storyteller") in the current ruleset's words. */
function term(spec) {
  const word = spec.toLowerCase();
  const own = `term.${ruleset}.${word}`;
  const text = ruleset && has(own) ? dict[own] : has(`term.${word}`) ? dict[`term.${word}`] : spec;
  return spec[0] === word[0] ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** Translates key, filling {param}s and {@term}s; a missing key shows itself (noticed, never blank). */
export function t(key, params = {}) {
  const text = has(key) ? dict[key] : key;
  return text.replace(/\{(@?)([\w.]+)\}/g, (m, at, k) => (at ? term(k) : params[k] != null ? params[k] : m));
}

/** Translates key, or `fallback` without one (a ruleset new to the translations shows its id). */
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

/** A text the server gives per language ({"en": "...", "ru": "..."}) or as one plain string. */
export function localized(value) {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  const found = [value[current], value.en, ...Object.values(value)].find((v) => v != null);
  return found != null ? found : '';
}

/** True when key has a translation. */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(dict, key);
}

/** The plural form of key (key.one / .few / .many / .other) for n, with {n}. */
export function tn(key, n, params = {}) {
  const form = new Intl.PluralRules(current).select(n);
  const k = has(`${key}.${form}`) ? `${key}.${form}` : `${key}.other`;
  return t(k, { n, ...params });
}

function safeGet(k) {
  try { return localStorage.getItem(k); } catch { return null; }
}
function safeSet(k, v) {
  try { localStorage.setItem(k, v); } catch { /* private mode: this page only */ }
}
