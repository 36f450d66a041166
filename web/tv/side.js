// The TV's side column during the game: standings by distance, who is connected, and a small QR + room
// code so someone who joins late or whose phone lost its seat can scan again.
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { elephantName, elephantColour, seatInfo, standings } from '/static/shared/roster.js';

/** Builds the side column; update(ctx) refreshes it. */
export function create(ctx) {
  const list = h('ol', { class: 'standings', 'data-testid': 'standings' });
  const el = h('aside', { class: 'tv-side' },
    list,
    h('div', { class: 'side-join' },
      h('img', { class: 'side-qr', alt: t('qr_alt'), src: `/api/rooms/${encodeURIComponent(ctx.code)}/qr.png` }),
      h('div', { class: 'side-code' },
        h('span', { class: 'side-code-label', text: t('room_code') }),
        h('span', { class: 'side-code-value', text: ctx.code }))));

  function update(c) {
    const g = c.game;
    list.classList.toggle('many', (g.elephants || []).length > 5);
    fill(list, standings(g).map((e) => {
      const seats = e.seats && e.seats.length ? e.seats : [e.id];
      const info = seatInfo(c.room, seats[0]);
      const offline = info && !info.connected && !info.child;
      const removed = info && info.removed;
      return h('li', { class: `standing${offline ? ' offline' : ''}${removed ? ' removed' : ''}` },
        elephantToken(elephantColour(c.room, e), 56),
        h('span', { class: 'standing-name', text: elephantName(c.room, e) },
          seats.includes(g.storyteller) && g.phase !== 'game_over' ? h('span', { class: 'storyteller-star', title: t('storyteller'), text: ' ★' }) : null),
        h('span', { class: 'standing-distance', text: String(e.distance) }));
    }));
  }
  return { el, update };
}
