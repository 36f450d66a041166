// The timer's countdown: a page counts `room.clock.remaining_ms` down from the state's arrival.
import { h, setHidden, setText } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { icon } from '/static/shared/icons.js';

const URGENT_S = 10;
// Offline, the clock stands: the server keeps what was left, so counting on showed 0:00, then jumped back.
const live = new Set();
let held = false;

/** Freezes (`on`) or releases every countdown, as the connection goes and comes. */
export function holdCountdowns(on) {
  held = Boolean(on);
  live.forEach((c) => { if (c.el.isConnected) c.hold(); else live.delete(c); });
}

/** A countdown element; `update(clock)` with each state's `room.clock` (null hides it). */
export function countdown(cls, testid) {
  const digits = h('span', { class: 'countdown-digits' });
  const el = h('span', { class: `countdown ${cls}`, 'data-testid': testid, role: 'timer', hidden: true },
    icon('timer', '0.85em', 'countdown-icon'), digits);
  let seen = null;       // the clock last shown (re-rendering the same state changes nothing)
  let endsAt = 0;        // performance.now() at 0:00
  let frozen = 0;        // ms left while still
  let ticker = null;

  const still = () => seen.paused || held;

  function paint() {
    const left = still() ? frozen : Math.max(0, endsAt - performance.now());
    const s = Math.ceil(left / 1000);
    // four ticks a second, one new second: only a change is written (each write is laid out again)
    setText(digits, `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);
    el.classList.toggle('urgent', !still() && s <= URGENT_S);
    el.classList.toggle('paused', still());
    const title = t('timer.left', { n: s });
    if (el.title !== title) el.title = title;
    if (left <= 0 || still()) { clearInterval(ticker); ticker = null; }
  }

  function update(clock) {
    if (clock === seen) return;
    seen = clock;
    clearInterval(ticker);
    ticker = null;
    setHidden(el, !clock);
    if (!clock) return;
    frozen = clock.remaining_ms;
    endsAt = performance.now() + clock.remaining_ms;
    paint();
    // quarter-second ticks: the digit changes within 250 ms of the second
    if (!still() && clock.remaining_ms > 0) ticker = setInterval(paint, 250);
  }

  function hold() {
    if (!seen || seen.paused) return;
    clearInterval(ticker);
    ticker = null;
    if (held) {
      frozen = Math.max(0, endsAt - performance.now());
    } else {
      endsAt = performance.now() + frozen;
      if (frozen > 0) ticker = setInterval(paint, 250);
    }
    paint();
  }
  const api = { el, update, hold };
  live.add(api);
  return api;
}
