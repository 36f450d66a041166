// Large text (the phone's text size, or a browser's font size, twice the usual): once fewer than 16 rem fit across
// the screen, <html> has the class `big-text` and the stylesheets lay out for it (fewer cards a row, headings a
// size down), so whole words fit instead of breaking inside («проголосов/али»). A ResizeObserver on a 1 rem probe
// and on the page sees the text size and the screen's width change; every browser the pages support has one.
import { h } from '/static/shared/dom.js';

const ACROSS_REM = 16;   // 22.5 rem on a 360 px phone at the usual 16 px; 11.25 at 200 % text

/** Starts watching (once, at start-up); the class is right from the first frame drawn after it. */
export function watchTextSize() {
  const probe = h('div', { class: 'rem-probe', 'aria-hidden': 'true' });
  document.body.append(probe);
  const root = document.documentElement;
  const check = () => {
    const rem = probe.offsetWidth;
    root.classList.toggle('big-text', rem > 0 && root.clientWidth / rem < ACROSS_REM);
  };
  check();
  if (window.ResizeObserver) {
    const watch = new ResizeObserver(check);
    watch.observe(probe);
    watch.observe(root);
  }
}
