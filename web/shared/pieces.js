// The piece drawn for an elephant of the engine's view: a seat's elephant in its colour, or in the duel the
// players' shared elephant and the mammoth (an emoji mammoth on a brown disc).
import { h } from './dom.js';
import { elephantToken } from './colours.js';
import { elephantColour, elephantName } from './roster.js';

/** Token for elephant `e` ({id, seats}) of the view; size in CSS pixels. */
export function pieceToken(room, e, size = 48) {
  const name = elephantName(room, e);
  if (e.id === 'mammoth') {
    return h('span', { class: 'token mammoth', title: name, 'aria-label': name,
      style: { '--c': '#6d4c41', '--ink': '#fff', '--size': `${size}px` } },
    h('span', { class: 'mammoth-face', text: '🦣' }));
  }
  return elephantToken(elephantColour(room, e), size, name);
}
