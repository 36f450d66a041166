// Pieces several TV screens share: "waiting for …" chips and the association.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour } from '/static/shared/roster.js';
import { graphemeCount } from '/static/shared/text.js';

// More awaited names than this and the rest become "+N" (the chips must stay above the board).
const NAMED_WHEN_MANY = 3;

/**
 * Chips for every seat the phase is about: done ones (✓, who — never what) and the ones still awaited.
 * flag: "has_played" | "has_voted".
 */
export function progressChips(ctx, flag) {
  const g = ctx.game;
  const waiting = new Set(g.waiting_for || []);
  const seats = (g.seats || []).filter((s) => s.active !== false && s.seat !== g.storyteller);
  const many = seats.length > 4;
  // Many players: the done ones shrink to their elephant with a ✓ (name in the tooltip), so the line fits.
  const chip = (s, done) => h('span', { class: `chip ${done ? 'done' : 'waiting'}${done && many ? ' token-only' : ''}`,
    'data-seat': s.seat, title: seatName(ctx.room, s.seat) },
  elephantToken(seatColour(ctx.room, s.seat), 40),
  done && many ? null : h('span', { class: 'chip-name', text: seatName(ctx.room, s.seat) }),
  h('span', { class: 'chip-mark', text: done ? '✓' : '…' }));
  const done = seats.filter((s) => s[flag] && !waiting.has(s.seat));
  const open = seats.filter((s) => !done.includes(s));
  return h('div', { class: `waiting-line${many ? ' many' : ''}`, 'data-testid': 'progress' },
    done.map((s) => chip(s, true)),
    open.length ? h('span', { class: 'waiting-label', text: t('waiting_for') }) : null,
    namedFew(open, many, (s) => chip(s, false)));
}

/** The first few items drawn, the rest as "+N" when there are many. */
function namedFew(items, many, draw) {
  if (!many || items.length <= NAMED_WHEN_MANY + 1) return items.map(draw);
  return [items.slice(0, NAMED_WHEN_MANY).map(draw),
    h('span', { class: 'waiting-more', text: `+${items.length - NAMED_WHEN_MANY}` })];
}

/** "Waiting for Аня, Борис" as chips, from the view's waiting_for list. */
export function waitingChips(ctx) {
  const waiting = ctx.game.waiting_for || [];
  const many = waiting.length > 4;
  return h('div', { class: `waiting-line${many ? ' many' : ''}`, 'data-testid': 'waiting' },
    waiting.length ? h('span', { class: 'waiting-label', text: t('waiting_for') }) : null,
    namedFew(waiting, many, (s) => h('span', { class: 'chip waiting', 'data-seat': s }, elephantToken(seatColour(ctx.room, s), 40),
      h('span', { class: 'chip-name', text: seatName(ctx.room, s) }))));
}

/** The typed association in big quotes, or a line saying it is spoken aloud. */
export function associationLine(ctx) {
  const g = ctx.game;
  if (g.association) return associationText(g.association);
  if (!g.storyteller) return null;
  return h('div', { class: 'association spoken', 'data-testid': 'association',
    text: t('tv.association_spoken', { name: seatName(ctx.room, g.storyteller) }) });
}

/** A typed association in big quotes; long ones (up to ASSOCIATION_MAX graphemes) get smaller type and at most 3 lines. */
export function associationText(text, extra = '') {
  const n = graphemeCount(text);
  const size = n > 110 ? ' very-long' : n > 50 ? ' long' : '';
  return h('div', { class: `association${size}${extra}`, 'data-testid': 'association', title: text, text });
}
