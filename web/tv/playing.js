// TV, phase `playing`: the association, face-down cards as they come in, and who has played (never what).
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { associationLine, conditionsBox, progressChips } from './parts.js';

/** Phase title for the header. */
export function title(ctx) {
  return ctx.game.disputed ? t('tv.title.disputed') : t('tv.title.playing');
}

/** Builds the screen; update(ctx) redraws it. */
export function create() {
  const backs = h('div', { class: 'backs', 'data-testid': 'card-backs' });
  const top = h('div', { class: 'playing-top' });
  const progress = h('div');
  const el = h('section', { class: 'playing', 'data-testid': 'tv-playing' }, top, backs, progress);
  function update(ctx) {
    const g = ctx.game;
    fill(top, associationLine(ctx), conditionsBox(g.conditions),
      g.disputed ? h('div', { class: 'disputed-note', text: t('tv.disputed_note') }) : null);
    // One slot per card expected on the table; face-down backs fill in as cards arrive.
    const expected = Math.max(g.played_count || 0,
      (g.seats || []).filter((s) => s.active !== false).length);
    const down = g.played_count || 0;
    if (backs.children.length !== expected) {
      fill(backs, Array.from({ length: expected }, () => h('div', { class: 'card slot' })));
    }
    Array.from(backs.children).forEach((c, i) => {
      c.classList.toggle('card-back', i < down);
      c.classList.toggle('slot', i >= down);
    });
    fill(progress, progressChips(ctx, 'has_played'));
  }
  return { el, update };
}
