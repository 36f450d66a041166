// Text measures the way the server counts them (docs/protocol.md "Limits"): "🐘" or "й" composed is one
// grapheme cluster, whatever its UTF-16 length.

// The server's limits, in grapheme clusters: server/engine/text.py NAME_MAX and ASSOCIATION_MAX are the truth
// (tests/e2e/test_web_static.py checks that these agree).
export const NAME_MAX = 24;
export const ASSOCIATION_MAX = 200;

// Intl.Segmenter is Chromium 87+ / iOS 14.5+: older browsers count code points (the server still checks).
// eslint-disable-next-line compat/compat
const segmenter = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The grapheme clusters of a string, in order. */
export function graphemes(text) {
  const s = String(text == null ? '' : text);
  return segmenter ? Array.from(segmenter.segment(s), (x) => x.segment) : Array.from(s);
}

/** How many grapheme clusters the string holds. */
export function graphemeCount(text) {
  return graphemes(text).length;
}

/** The string cut to at most `max` grapheme clusters. */
export function clipGraphemes(text, max) {
  const g = graphemes(text);
  return g.length > max ? g.slice(0, max).join('') : String(text == null ? '' : text);
}
