// The piece for an elephant of the view: a seat's in its colour, or the duel's shared elephant and mammoth.
import { h, s } from './dom.js';
import { elephantToken } from './colours.js';
import { elephantColour, elephantName, seatName, memberLetters } from './roster.js';

/** The mammoth, drawn like the elephants (64-unit grid): hump, domed head, long fur, tusk. */
function mammothSvg() {
  return s('svg', { viewBox: '0 0 64 64', class: 'elephant mammoth-svg', 'aria-hidden': 'true' },
    s('g', { fill: 'currentColor' },
      s('ellipse', { cx: 27, cy: 36, rx: 20, ry: 13 }),
      s('circle', { cx: 36, cy: 25, r: 12 }),
      s('circle', { cx: 47, cy: 27, r: 10 }),
      s('rect', { x: 11, y: 42, width: 8, height: 13, rx: 2.5 }),
      s('rect', { x: 30, y: 42, width: 8, height: 13, rx: 2.5 }),
      s('path', { d: 'M9 44 l3 6 l3 -5 l3 6 l3 -5 l3 6 l3 -5 l3 6 l3 -5 l3 6 l3 -5 l3 6 l2 -7 Z' }),
      s('path', { d: 'M53 30 Q60 35 58 47 Q57 53 52 52 L52 49 Q54.5 48 54.5 44 Q54 38 47 36 Z' }),
      s('path', { d: 'M8 32 Q3 36 5 43', stroke: 'currentColor', 'stroke-width': 2.5, fill: 'none', 'stroke-linecap': 'round' })),
    s('path', { d: 'M49 35 Q50 45 60 43', stroke: '#f3e6c8', 'stroke-width': 3.2, fill: 'none', 'stroke-linecap': 'round' }),
    s('circle', { cx: 50, cy: 24, r: 1.8, fill: 'var(--c)' }));
}

/** The mammoth's token (`name` as its label, if any); size in CSS pixels. */
export function mammothToken(size, name = null) {
  return h('span', { class: 'token mammoth', title: name, role: name ? 'img' : null, 'aria-label': name,
    style: { '--c': '#6d4c41', '--ink': '#fff', '--size': `${size}px` } }, mammothSvg());
}

/** Token for elephant `e` ({id, seats}) of the view, with its players' initials; size in CSS pixels. */
export function pieceToken(room, e, size = 48) {
  const name = elephantName(room, e);
  return e.id === 'mammoth' ? mammothToken(size, name) : elephantToken(elephantColour(room, e), size, name, initialsOf(room, e));
}

/** An elephant's initials: its player's first letter, a pair's two ("АБ"); none for the duel's shared one. */
export function initialsOf(room, e) {
  if (e.id === 'elephant') return '';
  const seats = e.seats && e.seats.length ? e.seats : [e.id];
  return memberLetters(seats.map((seat) => seatName(room, seat)));
}
