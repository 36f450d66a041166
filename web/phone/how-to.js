// How to play on a phone (issue 13 item 6): the TV lobby's explainer as a sheet over the page, opened from the
// menu by anyone, turned by swipe or the buttons, closed with ✕ or a tap beside it.
import { h } from '/static/shared/dom.js';
import { explainer } from '/static/shared/explainer.js';

let veil = null;
let deck = null;
let phase = null;   // the room's phase when opened: a game starting (or ending) closes it, so no turn is hidden

/** The board the explainer names: the lobby's (room.board), else the game's. */
function boardOf(c) {
  return c.room.board || (c.game && c.game.board) || null;
}

/** Opens the explainer for the room's settings. */
export function open(c) {
  close();
  deck = explainer({ auto: 0, size: 52, onClose: close, testid: 'phone-how' });
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
}
