// TV, phase `scored`: the cards with their owners, the votes as coloured tokens on each card, every
// elephant's points for the round with a short breakdown; the board moves the elephants meanwhile.
import { h, fill } from '/static/shared/dom.js';
import { t, has } from '/static/shared/i18n.js';
import { elephantToken, voteToken, colourHex, inkFor } from '/static/shared/colours.js';
import { seatName, seatColour, ownerName, elephantName, elephantColour } from '/static/shared/roster.js';
import { tableCards } from './table-cards.js';

/** Phase title for the header. */
export function title() {
  return t('tv.title.scored');
}

/** Builds the screen; the cards are built once per result, the points redrawn on update. */
export function create() {
  const top = h('div', { class: 'scored-top' });
  const cardsBox = h('div', { class: 'scored-cards' });
  const points = h('div', { class: 'points', 'data-testid': 'points' });
  const el = h('section', { class: 'scored', 'data-testid': 'tv-scored' }, top, cardsBox, points);
  let key = null;
  function update(ctx) {
    const g = ctx.game;
    const r = g.result;
    if (!r) return;
    fill(top,
      g.association ? h('div', { class: 'association small', text: g.association }) : null,
      h('div', { class: 'outcome', 'data-testid': 'outcome', text: outcomeText(ctx) }));
    const k = JSON.stringify(r.table);
    if (k !== key) {
      key = k;
      fill(cardsBox, resultCards(ctx, r));
    }
    fill(points, pointsList(ctx, r));
  }
  return { el, update };
}

/** The outcome of the round in words (everyone / nobody / some found the storyteller's card). */
export function outcomeText(ctx) {
  const r = ctx.game.result;
  const name = ctx.game.storyteller ? seatName(ctx.room, ctx.game.storyteller) : '';
  // In the duel everyone looks for the mammoth's card, not the storyteller's.
  const family = ctx.game.mode === 'duel' ? 'outcome_duel' : 'outcome';
  return t(`${family}.${r.outcome || 'some'}`, { name });
}

function resultCards(ctx, r) {
  const { el, cards } = tableCards(ctx.room.deck?.id ?? 'builtin', r.table, true);
  el.classList.add('with-owners');
  r.table.forEach((entry, i) => {
    const card = cards.get(entry.number);
    const mine = entry.number === r.storyteller_card;
    if (mine) card.classList.add('storyteller-card');
    const owner = entry.owner;
    const ownerColour = ['bot', 'deck', 'mammoth'].includes(owner) ? null : seatColour(ctx.room, owner);
    card.append(
      h('div', { class: 'votes', style: { '--i': i } },
        (entry.votes || []).map((v) => voteToken(seatColour(ctx.room, v), seatName(ctx.room, v)))),
      h('div', { class: 'owner-plate', style: { '--i': i,
        '--c': ownerColour ? colourHex(ownerColour) : '#555', '--ink': ownerColour ? inkFor(ownerColour) : '#fff' } },
      mine ? h('span', { class: 'owner-star', text: '★ ' }) : null,
      h('span', { class: 'owner-name', text: ownerName(ctx.room, owner) })));
  });
  return el;
}

function pointsList(ctx, r) {
  const order = [...(ctx.game.elephants || [])]
    .sort((a, b) => (r.points?.[b.id] ?? 0) - (r.points?.[a.id] ?? 0));
  return order.map((e) => {
    const p = r.points?.[e.id] ?? 0;
    const parts = (r.breakdown?.[e.id] || []).map((b) => reasonText(b));
    return h('div', { class: 'points-item', 'data-elephant': e.id },
      elephantToken(elephantColour(ctx.room, e), 52),
      h('div', { class: 'points-who' },
        h('div', { class: 'points-name', text: elephantName(ctx.room, e) }),
        parts.length ? h('div', { class: 'points-why', text: parts.join(' · ') }) : null),
      h('div', { class: `points-value${p > 0 ? ' up' : p < 0 ? ' down' : ''}`, text: p > 0 ? `+${p}` : String(p) }));
  });
}

/** One line of a breakdown, e.g. "guessed +3". Unknown reasons show their code. */
export function reasonText(b) {
  const label = has(`reason.${b.reason}`) ? t(`reason.${b.reason}`) : b.reason;
  const p = b.points > 0 ? `+${b.points}` : String(b.points);
  return `${label} ${p}`;
}
