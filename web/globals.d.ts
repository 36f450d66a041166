// Types for the checker only (tsconfig.json; no page loads this file): what the pages find on `window` beyond
// the DOM's own types, declared here so that the served files carry no casts for them (the TV page has a
// byte budget, tests/server/test_tv_page_weight.py).

interface Window {
  /** Chromium 69 and old Safari name Web Audio's context so (web/tv/sound.js detects either). */
  webkitAudioContext?: typeof AudioContext;
  /** The TV's test hook: what its sound did (web/tv/sound.js). */
  imaginariumSound?: object;
  /** web/vendor/nosleep/NoSleep.min.js, a global script the phone loads (web/phone/keep-awake.js). */
  NoSleep?: new () => { enable(): Promise<void>; disable(): void };
}

// The pages' elements are HTML or SVG elements, and both can take the focus: `document.activeElement` and
// `querySelector` results may call focus()/blur() without a cast.
interface Element {
  focus(options?: FocusOptions): void;
  blur(): void;
}
