// TV, phase `game_over`: the final standings with the winners crowned.
import { h, fill } from '/static/shared/dom.js';
import { t, tn, has } from '/static/shared/i18n.js';
import { pieceToken } from '/static/shared/pieces.js';
import { elephantName, standings } from '/static/shared/roster.js';
import { icon } from '/static/shared/icons.js';

/** Phase title for the header. */
export function title() {
  return t('tv.title.game_over');
}

/** Builds the screen; update(ctx) redraws it. */
export function create() {
  const el = h('section', { class: 'game-over', 'data-testid': 'tv-game-over' });
  function update(ctx) {
    const g = ctx.game;
    const winners = new Set(g.winners || []);
    const winnerEls = (g.elephants || []).filter((e) => winners.has(e.id) || (e.seats || []).some((s) => winners.has(s)));
    let headline;
    if (g.duel_outcome) headline = t(`duel_outcome.${g.duel_outcome}`);
    else headline = winnerEls.length > 1 ? t('tv.winners') : t('tv.winner');
    let rank = 0;
    let prev = null;
    const rows = standings(g).map((e, i) => {
      if (e.distance !== prev) { rank = i + 1; prev = e.distance; }
      const won = winnerEls.includes(e);
      return h('li', { class: `final-row${won ? ' won' : ''}` },
        won ? h('span', { class: 'final-rank crown' }, icon('crown')) : h('span', { class: 'final-rank', text: String(rank) }),
        pieceToken(ctx.room, e, 64),
        h('span', { class: 'final-name', text: elephantName(ctx.room, e) }),
        h('span', { class: 'final-distance', text: tn('cells_n', e.distance) }));
    });
    fill(el,
      h('div', { class: 'winners', 'data-testid': 'winners' },
        h('div', { class: 'winners-title', text: headline }),
        g.end_reason && has(`end_reason.${g.end_reason}`)
          ? h('div', { class: 'end-reason', text: t(`end_reason.${g.end_reason}`) }) : null,
        h('div', { class: `winners-list${winnerEls.length > 1 ? ' several' : ''}` }, winnerEls.map((e) => h('div', { class: 'winner' },
          pieceToken(ctx.room, e, 150),
          h('div', { class: 'winner-name', text: elephantName(ctx.room, e) }))))),
      h('ol', { class: 'final-standings', 'data-testid': 'final-standings' }, rows));
  }
  return { el, update };
}
