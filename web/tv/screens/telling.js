// TV, phase `telling`: the storyteller, the conditions, and that we wait.
import { h, later, patchIf } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour, seatInfo, memberCount, isTeam } from '/static/shared/roster.js';
import { graphemeCount } from '/static/shared/text.js';
import { waitingChips } from '../parts.js';
import { conditionsBox } from '/static/shared/conditions.js';

const ROLE = { duel: 'tv.duel_storyteller', kids: 'tv.kids_storyteller' };

/** Phase title for the header. */
export function title(ctx) {
  if (ctx.game.disputed) return t('tv.title.disputed');
  const own = { duel: 'tv.title.telling_duel', kids: 'tv.title.telling_kids' }[ctx.game.mode];
  const st = ctx.game.storyteller;
  // A pairs team tells together: the heading is plural, as the line under the team's name is.
  return t(own || (st && isTeam(ctx.room, st) ? 'tv.title.telling_team' : 'tv.title.telling'));
}

/** Builds the screen; update(ctx) redraws it. */
export function create() {
  const el = h('section', { class: 'telling', 'data-testid': 'tv-telling' });
  function update(ctx) {
    const g = ctx.game;
    const st = g.storyteller;
    patchIf(el, JSON.stringify([ctx.room.roster, st, g.mode, g.conditions, g.first_draw, g.round, g.waiting_for]), () => [
      // the big elephant is drawn once a storyteller (a new "waiting for" chip leaves it as it is)
      later('hero', JSON.stringify([st && seatInfo(ctx.room, st), g.mode]), () => hero(ctx, st)),
      conditionsBox(g.conditions),
      firstDraw(ctx),
      waitingChips(ctx)]);
  }
  return { el, update };
}

/** The storyteller, big, and what they do now; or, with none yet, that anyone may claim the turn. */
function hero(ctx, st) {
  if (!st) {
    return h('div', { class: 'storyteller-hero' },
      h('div', { class: 'storyteller-text' },
        h('div', { class: 'storyteller-name', text: t('tv.claim_title') }),
        h('div', { class: 'storyteller-role', text: t('tv.claim_hint') })));
  }
  const name = seatName(ctx.room, st);
  return h('div', { class: 'storyteller-hero' },
    elephantToken(seatColour(ctx.room, st), 180),
    h('div', { class: 'storyteller-text' },
      h('div', { class: `storyteller-name${graphemeCount(name) > 14 ? ' long' : ''}`, text: name }),
      h('div', { class: 'storyteller-role',
        text: t(ROLE[ctx.game.mode] || (isTeam(ctx.room, st) ? 'tv.storyteller_choosing_team' : 'tv.storyteller_choosing')) })));
}

/** The token draw that chose the first storyteller (round 1). */
function firstDraw(ctx) {
  const draw = ctx.game.first_draw;
  if (!draw || ctx.game.round > 1) return null;
  return h('div', { class: 'first-draw' },
    h('span', { class: 'waiting-label', text: t('tv.first_draw') }),
    Object.entries(draw).map(([seat, n]) => h('span', { class: 'chip' },
      elephantToken(seatColour(ctx.room, seat), 36), seatName(ctx.room, seat), h('b', { text: String(n) }))));
}
