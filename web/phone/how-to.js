// How to play on a phone: the TV lobby's explainer as a sheet over the page, opened from the
// menu by anyone, turned by swipe or the buttons, closed with ✕ or a tap beside it.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { icon } from '/static/shared/icons.js';
import { explainer } from '/static/shared/explainer.js';

let veil = null;
let deck = null;
let phase = null;   // the room's phase when opened: a game starting (or ending) closes it, so no turn is hidden

/** The board the explainer names: the lobby's (room.board), else the game's. */
function boardOf(c) {
  return c.room.board || (c.game && c.game.board) || null;
}

/** The phone's controls on the explainer: ✕, the ‹ › buttons, and swipes. */
function controls(d, testid) {
  const button = (cls, name, label, glyph, size, onclick) => h('button', { class: `btn ${cls}`, type: 'button',
    'aria-label': t(label), 'data-label': label, 'data-testid': `${testid}-${name}`, onclick }, icon(glyph, size));
  d.head.append(button('small how-close', 'close', 'close', 'x', 24, close));
  d.foot.prepend(button('how-nav', 'prev', 'how.prev', 'chevron-left', 28, d.prev));
  d.foot.append(button('how-nav', 'next', 'how.next', 'chevron-right', 28, d.next));
  // A mostly horizontal move of 40 px or more turns the card.
  let startX = null;
  let startY = 0;
  d.el.addEventListener('touchstart', (ev) => { startX = ev.touches[0].clientX; startY = ev.touches[0].clientY; }, { passive: true });
  d.el.addEventListener('touchend', (ev) => {
    if (startX == null) return;
    const dx = ev.changedTouches[0].clientX - startX;
    const dy = ev.changedTouches[0].clientY - startY;
    startX = null;
    if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(dy)) (dx < 0 ? d.next : d.prev)();
  });
}

/** Opens the explainer for the room's settings. */
export function open(c) {
  close();
  deck = explainer({ size: 52, testid: 'phone-how' });
  controls(deck, 'phone-how');
  veil = h('div', { class: 'how-veil', onclick: (ev) => { if (ev.target === veil) close(); } }, deck.el);
  document.body.append(veil);
  phase = c.room.phase;
  deck.update(c.room.settings || {}, boardOf(c));
}

/** Closes it (nothing when it is not open). */
export function close() {
  if (veil) veil.remove();
  veil = null;
  deck = null;
}

/** Follows the room's settings while open (the host may change the ruleset or mode in the lobby). */
export function update(c) {
  if (!deck) return;
  if (c.room.phase !== phase) { close(); return; }
  deck.update(c.room.settings || {}, boardOf(c));
  // the language may have changed
  deck.el.querySelectorAll('[data-label]').forEach((b) => b.setAttribute('aria-label', t(b.dataset.label)));
}
