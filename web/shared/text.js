// Text measures the way the server counts them (docs/protocol.md "Limits"): "🐘" or "й" composed is one
// grapheme cluster, whatever its UTF-16 length.

// The server's limits, in grapheme clusters, UTF-8 bytes and code points per cluster: server/engine/text.py
// NAME_MAX, ASSOCIATION_MAX ... are the truth (tests/e2e/test_web_static.py checks that these agree).
export const NAME_MAX = 24;
export const NAME_MAX_BYTES = 640;
export const ASSOCIATION_MAX = 200;
export const ASSOCIATION_MAX_BYTES = 1600;
export const CLUSTER_MAX_CODE_POINTS = 16;

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

/**
 * True if the text is within `maxBytes` UTF-8 bytes and no cluster has more than CLUSTER_MAX_CODE_POINTS
 * code points (server/engine/text.py `fits`; the cluster count is checked by the caller). Without
 * Intl.Segmenter every code point is a cluster here, and the server's answer decides.
 */
export function lightEnough(text, maxBytes) {
  return utf8Bytes(text) <= maxBytes && graphemes(text).every((c) => Array.from(c).length <= CLUSTER_MAX_CODE_POINTS);
}
