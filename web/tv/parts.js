// Pieces several TV screens share: "waiting for …" chips, the special-cell conditions, the association.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour, CONDITION_ICONS } from '/static/shared/roster.js';

/**
 * Chips for every seat the phase is about: done ones (✓, who — never what) and the ones still awaited.
 * flag: "has_played" | "has_voted".
 */
export function progressChips(ctx, flag) {
  const g = ctx.game;
  const waiting = new Set(g.waiting_for || []);
  const seats = (g.seats || []).filter((s) => s.active !== false && s.seat !== g.storyteller);
  const chip = (s, done) => h('span', { class: `chip ${done ? 'done' : 'waiting'}`, 'data-seat': s.seat },
    elephantToken(seatColour(ctx.room, s.seat), 40),
    seatName(ctx.room, s.seat),
    h('span', { class: 'chip-mark', text: done ? '✓' : '…' }));
  const done = seats.filter((s) => s[flag] && !waiting.has(s.seat));
  const open = seats.filter((s) => !done.includes(s));
  return h('div', { class: `waiting-line${seats.length > 4 ? ' many' : ''}`, 'data-testid': 'progress' },
    done.map((s) => chip(s, true)),
    open.length ? h('span', { class: 'waiting-label', text: t('waiting_for') }) : null,
    open.map((s) => chip(s, false)));
}

/** "Waiting for Аня, Борис" as chips, from the view's waiting_for list. */
export function waitingChips(ctx) {
  const waiting = ctx.game.waiting_for || [];
  return h('div', { class: 'waiting-line', 'data-testid': 'waiting' },
    waiting.length ? h('span', { class: 'waiting-label', text: t('waiting_for') }) : null,
    waiting.map((s) => h('span', { class: 'chip waiting' }, elephantToken(seatColour(ctx.room, s), 40),
      seatName(ctx.room, s))));
}

/** The special-cell / permanent conditions on this turn's association, or null. */
export function conditionsBox(conditions) {
  if (!conditions || !conditions.length) return null;
  return h('div', { class: 'conditions', 'data-testid': 'conditions' },
    conditions.map((c) => h('div', { class: 'condition' },
      h('span', { class: 'condition-icon', text: CONDITION_ICONS[c] || '★' }),
      h('span', { text: t(`condition.${c}`) }))));
}

/** The typed association in big quotes, or a line saying it is spoken aloud. */
export function associationLine(ctx) {
  const g = ctx.game;
  if (g.association) return h('div', { class: 'association', 'data-testid': 'association', text: g.association });
  if (!g.storyteller) return null;
  return h('div', { class: 'association spoken', 'data-testid': 'association',
    text: t('tv.association_spoken', { name: seatName(ctx.room, g.storyteller) }) });
}
