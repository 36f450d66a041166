// TV, phase `playing`: face-down cards as they come, and who has played.
import { modeOf } from '/static/shared/rules.js';
import { h, fill, patchIf } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { associationLine, progressChips, progressKey, disputeLines } from '../parts.js';
import { conditionsBox } from '/static/shared/conditions.js';

/** Phase title for the header. */
export function title(ctx) {
  if (ctx.game.disputed) return t('tv.title.disputed');
  return modeOf(ctx.game).against_mammoth ? t('tv.title.playing_duel') : t('tv.title.playing');
}

/** Builds the screen; update(ctx) redraws it. */
export function create() {
  const backs = h('div', { class: 'backs', 'data-testid': 'card-backs' });
  const top = h('div', { class: 'playing-top' });
  const progress = h('div');
  const el = h('section', { class: 'playing', 'data-testid': 'tv-playing' }, top, backs, progress);
  function update(ctx) {
    const g = ctx.game;
    const disputes = disputeLines(ctx);
    el.classList.toggle('disputed', Boolean(disputes));
    patchIf(top, JSON.stringify([ctx.room.roster, ctx.room.pacing, g.association, g.storyteller, g.conditions, g.disputed]),
      () => [associationLine(ctx), conditionsBox(g.conditions),
        g.disputed ? h('div', { class: 'disputed-note', text: t('tv.disputed_note') }) : null, disputes]);
    // A slot per card expected (table_plan), backs filling in; the duel's mammoth card is down from the start.
    const plan = g.table_plan || { players: 0, extra: 0, extra_owner: null };
    const players = Math.max(g.played_count || 0, plan.players);
    const extra = plan.extra;
    const mammoth = plan.extra_owner === 'mammoth';
    const down = g.played_count || 0;
    if (backs.children.length !== players + extra) {
      fill(backs, Array.from({ length: players }, () => h('div', { class: 'card slot' })),
        Array.from({ length: extra }, () => h('div', { class: `card extra ${mammoth ? 'card-back mammoth-card' : 'slot deck-slot'}` },
          h('span', { class: 'extra-label', text: t(`owner.${plan.extra_owner}`) }))));
    }
    Array.from(backs.children).slice(0, players).forEach((c, i) => {
      c.classList.toggle('card-back', i < down);
      c.classList.toggle('slot', i >= down);
    });
    patchIf(progress, progressKey(ctx), () => progressChips(ctx, 'has_played'));
  }
  return { el, update };
}
