// A live counter under a text box that counts what the server counts (grapheme clusters after its
// whitespace clean-up: "🐘" is one) and says when the text is too long instead of cutting it: a maxlength
// attribute would count UTF-16 units, stopping an emoji name or association short of the real limit.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { graphemes, graphemeCount } from '/static/shared/text.js';

// The server's limits, in grapheme clusters, UTF-8 bytes and code points per cluster: server/engine/text.py
// NAME_MAX, ASSOCIATION_MAX ... are the truth (tests/e2e/test_web_static.py checks that these agree).
export const NAME_MAX = 24;
export const NAME_MAX_BYTES = 640;
export const ASSOCIATION_MAX = 200;
export const ASSOCIATION_MAX_BYTES = 1600;
export const CLUSTER_MAX_CODE_POINTS = 16;

/**
 * True if the text is within `maxBytes` UTF-8 bytes and no cluster has more than CLUSTER_MAX_CODE_POINTS
 * code points (server/engine/text.py `fits`; the cluster count is checked by the caller). Without
 * Intl.Segmenter every code point is a cluster here, and the server's answer decides.
 */
export function lightEnough(text, maxBytes) {
  const s = String(text == null ? '' : text);
  return new TextEncoder().encode(s).length <= maxBytes
    && graphemes(s).every((c) => Array.from(c).length <= CLUSTER_MAX_CODE_POINTS);
}

// Emoji a TV without a colour-emoji font draws as boxes: the same Unicode properties as
// server/engine/text.py `_EMOJI` (Emoji_Presentation, regional indicators, keycaps, a pictograph with
// U+FE0F, any pictograph beyond the BMP). Built at run time: a browser whose RegExp lacks these property
// names (older than Chrome 74) skips the check here and the server's refusal says it instead.
let EMOJI = null;
try {
  EMOJI = new RegExp('[\\p{Emoji_Presentation}\\p{Regional_Indicator}\\u20E3]'
    + '|\\p{Extended_Pictographic}\\uFE0F|(?=[\\u{10000}-\\u{10FFFF}])\\p{Extended_Pictographic}', 'u');
} catch (e) { EMOJI = null; }

/** True if `text` holds an emoji the server refuses in a name (server/engine/text.py `has_emoji`). */
export function hasEmoji(text) {
  return Boolean(EMOJI) && EMOJI.test(String(text == null ? '' : text));
}

/**
 * The storyteller's association box (a textarea; props add to its attributes), with its counter showing
 * from three quarters of ASSOCIATION_MAX on. `optional`: an empty association fits (spoken aloud).
 * Returns limitCounter's object plus `field`: the box with its counter.
 */
export function associationField(props, optional) {
  const input = h('textarea', Object.assign({ class: 'association-input', rows: 2, 'data-testid': 'association-input' }, props));
  const counter = limitCounter(input, ASSOCIATION_MAX,
    { testid: 'association-count', showFrom: Math.floor(ASSOCIATION_MAX * 3 / 4), optional: optional,
      maxBytes: ASSOCIATION_MAX_BYTES });
  return Object.assign({ field: [input, counter.el] }, counter);
}

/** The text as the server will keep it: ends trimmed, inner whitespace runs as one space. */
export function spoken(text) {
  return String(text).trim().replace(/\s+/g, ' ');
}

/**
 * Watches `input` (an <input> or <textarea>) against `max` graphemes and `opts.maxBytes` UTF-8 bytes (limits
 * above; a cluster heavy with marks counts too, see lightEnough).
 * `showFrom`: the count from which the counter shows ("n/max"; 0 = always). Returns
 * { input, el: the counter, refresh(), text(): the cleaned text, fits(): 0 < count ≤ max, or count ≤ max
 * when `optional` }. `opts.noEmoji`: a name, where an emoji makes the counter say the TV cannot show it and
 * fits() false (the server refuses it: bad_name, reason emoji).
 */
export function limitCounter(input, max, opts) {
  const o = opts || {};
  const showFrom = o.showFrom || 0;
  const el = h('span', { class: 'field-count', 'data-testid': o.testid || null, 'aria-live': 'polite' });
  const count = () => graphemeCount(spoken(input.value));
  // few characters but heavy ones (many marks or code points in each): the server refuses those too
  const heavy = () => Boolean(o.maxBytes) && !lightEnough(spoken(input.value), o.maxBytes);
  const emoji = () => Boolean(o.noEmoji) && hasEmoji(input.value);
  function refresh() {
    const n = count();
    const tooHeavy = n <= max && heavy();
    const pictures = n <= max && !tooHeavy && emoji();
    el.textContent = n > max ? t('phone.too_long', { n: n, max: max }) : tooHeavy ? t('phone.too_heavy')
      : pictures ? t('phone.no_emoji') : n + '/' + max;
    el.classList.toggle('over', n > max || tooHeavy || pictures);
    el.hidden = n < showFrom && !tooHeavy && !pictures;
  }
  input.addEventListener('input', refresh);
  refresh();
  return {
    input: input,
    el: el,
    refresh: refresh,
    text: () => spoken(input.value),
    fits: () => { const n = count(); return n <= max && (n > 0 || Boolean(o.optional)) && !heavy() && !emoji(); },
  };
}
