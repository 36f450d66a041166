// Text measures the way the server counts them (docs/protocol.md "Limits": names 1–24 grapheme clusters,
// associations ≤ 200): "🐘" or "й" composed is one, whatever its UTF-16 length.

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
