// TV, phase `telling`: the storyteller, the conditions, and that we wait.
import { h, patchIf } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour, seatInfo, memberCount } from '/static/shared/roster.js';
import { graphemeCount } from '/static/shared/text.js';
import { waitingChips } from '../parts.js';
import { conditionsBox } from '/static/shared/conditions.js';

const ROLE = { duel: 'tv.duel_storyteller', kids: 'tv.kids_storyteller' };

/** Phase title for the header. */
export function title(ctx) {
  if (ctx.game.disputed) return t('tv.title.disputed');
  return t({ duel: 'tv.title.telling_duel', kids: 'tv.title.telling_kids' }[ctx.game.mode] || 'tv.title.telling');
}

/** Builds the screen; update(ctx) redraws it. */
export function create() {
  const el = h('section', { class: 'telling', 'data-testid': 'tv-telling' });
  function update(ctx) {
    const g = ctx.game;
    const st = g.storyteller;
    patchIf(el, JSON.stringify([ctx.room.roster, st, g.mode, g.conditions, g.first_draw, g.round, g.waiting_for]), () => [
      st ? h('div', { class: 'storyteller-hero' },
        elephantToken(seatColour(ctx.room, st), 180),
        h('div', { class: 'storyteller-text' },
          h('div', { class: `storyteller-name${graphemeCount(seatName(ctx.room, st)) > 14 ? ' long' : ''}`, text: seatName(ctx.room, st) }),
          h('div', { class: 'storyteller-role', text: t(ROLE[g.mode] || (isTeam(ctx.room, st) ? 'tv.storyteller_choosing_team' : 'tv.storyteller_choosing')) })))
        : h('div', { class: 'storyteller-hero' },
          h('div', { class: 'storyteller-text' },
            h('div', { class: 'storyteller-name', text: t('tv.claim_title') }),
            h('div', { class: 'storyteller-role', text: t('tv.claim_hint') }))),
      conditionsBox(g.conditions),
      firstDraw(ctx),
      waitingChips(ctx)]);
  }
  return { el, update };
}

/** A pairs team tells together: its sentence is plural. */
function isTeam(room, seat) {
  return memberCount(seatInfo(room, seat)) > 1;
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
