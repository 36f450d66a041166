// Text measures the way the server counts them (docs/protocol.md "Limits": names 1–24 grapheme clusters
// and ≤ 640 UTF-8 bytes, associations ≤ 200 and ≤ 1600 bytes, ≤ 16 code points in any one cluster):
// "🐘" or "й" composed is one, whatever its UTF-16 length. The server's answer is the final word.

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

/** UTF-8 length of a string in bytes (what the server's byte limits count). */
export function utf8Bytes(text) {
  return new TextEncoder().encode(String(text == null ? '' : text)).length;
}

export const CLUSTER_MAX_CODE_POINTS = 16;

/**
 * True if the text is within `maxGraphemes` clusters and `maxBytes` UTF-8 bytes and no cluster has more
 * than 16 code points (server/engine/text.py `fits`).
 */
export function fitsText(text, maxGraphemes, maxBytes) {
  if (utf8Bytes(text) > maxBytes) return false;
  const g = graphemes(text);
  return g.length <= maxGraphemes && g.every((c) => Array.from(c).length <= CLUSTER_MAX_CODE_POINTS);
}
