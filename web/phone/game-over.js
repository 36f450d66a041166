// Phone, phase `game_over`: the final standings; the host may start a new game with the same people.
import { h, fill } from '/static/shared/dom.js';
import { t, has } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { elephantName, elephantColour, standings } from '/static/shared/roster.js';
import { icon } from '/static/shared/icons.js';

/** Builds the screen; update(ctx) redraws it. */
export function create() {
  const el = h('section', { class: 'p-game-over', 'data-testid': 'phone-game-over' });
  function update(c) {
    const g = c.game;
    const winners = new Set(g.winners || []);
    const won = (e) => winners.has(e.id) || (e.seats || []).some((s) => winners.has(s));
    const mine = (e) => (e.seats || [e.id]).includes(c.you.seat);
    const iWon = (g.elephants || []).some((e) => won(e) && mine(e));
    fill(el,
      h('div', { class: 'final-title', text: g.duel_outcome ? t(`duel_outcome.${g.duel_outcome}`) : iWon ? t('phone.you_won') : t('phone.game_over') }),
      g.end_reason && has(`end_reason.${g.end_reason}`)
        ? h('p', { class: 'hint center', text: t(`end_reason.${g.end_reason}`) }) : null,
      h('ol', { class: 'p-standings', 'data-testid': 'final-standings' }, standings(g).map((e) => h('li', {
        class: `p-standing${won(e) ? ' won' : ''}${mine(e) ? ' mine' : ''}` },
      h('span', { class: 'p-rank' }, won(e) ? icon('crown') : null),
      elephantToken(elephantColour(c.room, e), 40),
      h('span', { class: 'p-standing-name', text: elephantName(c.room, e) }),
      h('span', { class: 'p-standing-distance', text: String(e.distance) })))),
      c.you.is_host ? h('button', { class: 'btn primary big', type: 'button', 'data-testid': 'new-game', text: t('phone.new_game'),
        onclick: () => c.send('new_game') }) : null);
  }
  return { el, update };
}
