// TV, phase `voting`: the cards face up and who has voted.
import { modeOf, revealAwaited, adultEnters } from '/static/shared/rules.js';
import { seatName, isTeam } from '/static/shared/roster.js';
import { h, fill, patchIf } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { associationLine, progressChips, progressKey, autoPlayedLine, adultEntersLine } from '../parts.js';
import { tableCards } from '../table-cards.js';
import { deckId } from '/static/shared/cards.js';

/** Phase title for the header. */
export function title(ctx) {
  const g = ctx.game;
  if (modeOf(g).against_mammoth) return t('tv.title.voting_duel');
  if (modeOf(g).has_adult) return t('tv.title.voting_kids');
  // A pairs team told together: the card to find is the storytellers', plural as the telling's heading.
  return t(isTeam(ctx.room, g.storyteller) ? 'tv.title.voting_team' : 'tv.title.voting');
}

/** Builds the screen (cards once per table). */
export function create() {
  const top = h('div', { class: 'voting-top' });
  const cardsBox = h('div', { class: 'voting-cards' });
  const progress = h('div');
  const el = h('section', { class: 'voting', 'data-testid': 'tv-voting' }, top, cardsBox, progress);
  let tableKey = null;
  function update(ctx) {
    const g = ctx.game;
    patchIf(top, JSON.stringify([ctx.room.roster, g.association, g.storyteller]), () => associationLine(ctx));
    const table = g.table || [];
    const key = JSON.stringify(table);
    if (key !== tableKey) {
      tableKey = key;
      const row = tableCards(deckId(ctx.room), table, false).el;
      row.classList.toggle('few', table.length <= 3);   // kids: three big cards
      fill(cardsBox, row);
    }
    const entered = adultEnters(ctx.room);   // kids: children without a phone, whose guess the adult enters
    patchIf(progress, progressKey(ctx) + JSON.stringify(ctx.room.auto_played || null),
      () => [progressChips(ctx, 'has_voted', entered), adultEntersLine(ctx, entered), revealLine(ctx), autoPlayedLine(ctx)]);
  }
  return { el, update };
}

/** Kids (RULES.md §2.5): every child voted, the adult's tap turns the cards: "Waiting for Mama to reveal the cards". */
function revealLine(ctx) {
  const adult = revealAwaited(ctx.game);
  return adult ? h('p', { class: 'reveal-wait', 'data-testid': 'reveal-wait',
    text: t('wait_reveal', { name: seatName(ctx.room, adult) }) }) : null;
}
