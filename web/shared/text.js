// Text measured as the server counts it: "🐘" or a composed "й" is one grapheme cluster, whatever its
// UTF-16 length. The server's limits are in web/phone/text-limit.js (only the phone's forms check them).

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
