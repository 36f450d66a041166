// The timer's countdown (issue 13; server/room/clock.py). The room owns the clock and runs it out; a page
// only shows the state's `room.clock`, counting down from its `remaining_ms` on this device's own clock
// from the moment the state arrived. The last seconds are marked (`urgent`), a paused clock stands still.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { icon } from '/static/shared/icons.js';

const URGENT_S = 10;

/** A countdown element; `update(clock)` with each state's `room.clock` (null hides it). */
export function countdown(cls, testid) {
  const digits = h('span', { class: 'countdown-digits' });
  const el = h('span', { class: `countdown ${cls}`, 'data-testid': testid, role: 'timer', hidden: true },
    icon('timer', '0.85em', 'countdown-icon'), digits);
  let seen = null;       // the clock object last shown (a re-render of the same state changes nothing)
  let endsAt = 0;        // performance.now() when it runs out
  let frozen = 0;        // ms left while paused
  let ticker = null;

  function paint() {
    const left = seen.paused ? frozen : Math.max(0, endsAt - performance.now());
    const s = Math.ceil(left / 1000);
    digits.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    el.classList.toggle('urgent', !seen.paused && s <= URGENT_S);
    el.classList.toggle('paused', Boolean(seen.paused));
    el.title = t('timer.left', { n: s });
    if (left <= 0 || seen.paused) { clearInterval(ticker); ticker = null; }
  }

  function update(clock) {
    if (clock === seen) return;
    seen = clock;
    clearInterval(ticker);
    ticker = null;
    el.hidden = !clock;
    if (!clock) return;
    frozen = clock.remaining_ms;
    endsAt = performance.now() + clock.remaining_ms;
    paint();
    // a quarter-second tick: the digit changes within 250 ms of the whole second, however the ticks fall
    if (!clock.paused && clock.remaining_ms > 0) ticker = setInterval(paint, 250);
  }
  return { el, update };
}
