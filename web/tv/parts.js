// Pieces several TV screens share: "waiting for …" chips and the association.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour, seatInfo, memberCount } from '/static/shared/roster.js';
import { graphemeCount } from '/static/shared/text.js';
import { icon } from '/static/shared/icons.js';

// With many players, awaited names past this become "+N" (the line stays above the board).
const NAMED_WHEN_MANY = 3;

/** Chips for the phase's seats: done (✓, never what) and awaited; flag "has_played" | "has_voted". */
export function progressChips(ctx, flag) {
  const g = ctx.game;
  const waiting = new Set(g.waiting_for || []);
  const seats = (g.seats || []).filter((s) => s.active !== false && s.seat !== g.storyteller);
  const many = seats.length > 4;
  // Many players: done ones shrink to their elephant and ✓, so the line fits.
  const chip = (s, done) => seatChip(ctx, s.seat, done, done && many);
  const done = seats.filter((s) => s[flag] && !waiting.has(s.seat));
  const open = seats.filter((s) => !done.includes(s));
  return h('div', { class: `waiting-line${many ? ' many' : ''}`, 'data-testid': 'progress' },
    done.map((s) => chip(s, true)),
    open.length ? h('span', { class: 'waiting-label', text: t('waiting_for') }) : null,
    namedFew(open, many, (s) => chip(s, false)));
}

/** A seat's chip: its elephant (`size` px), name (unless `tokenOnly`), ✓ (`done`; drawn: no font has a bold ✓)
 * or … (false; null: no mark). */
function seatChip(ctx, seat, done, tokenOnly, size = 40) {
  const name = seatName(ctx.room, seat);
  return h('span', { class: `chip ${done ? 'done' : 'waiting'}${tokenOnly ? ' token-only' : ''}`, 'data-seat': seat,
    title: name }, elephantToken(seatColour(ctx.room, seat), size),
  tokenOnly ? null : h('span', { class: 'chip-name', text: name }),
  done == null ? null : done ? h('span', { class: 'chip-mark' }, icon('check'))
    : h('span', { class: 'chip-mark', text: '…' }));
}

/** The first few items drawn, the rest as "+N" when there are many. */
function namedFew(items, many, draw) {
  if (!many || items.length <= NAMED_WHEN_MANY + 1) return items.map(draw);
  return [items.slice(0, NAMED_WHEN_MANY).map(draw),
    h('span', { class: 'waiting-more', text: `+${items.length - NAMED_WHEN_MANY}` })];
}

/** "Waiting for Аня, Борис" as chips (the view's waiting_for). */
export function waitingChips(ctx) {
  const waiting = ctx.game.waiting_for || [];
  const many = waiting.length > 4;
  return h('div', { class: `waiting-line${many ? ' many' : ''}`, 'data-testid': 'waiting' },
    waiting.length ? h('span', { class: 'waiting-label', text: t('waiting_for') }) : null,
    namedFew(waiting, many, (s) => seatChip(ctx, s, null)));
}

/** The typed association in big quotes, or a line saying it is said aloud. */
export function associationLine(ctx) {
  const g = ctx.game;
  if (g.association) return associationText(g.association);
  if (!g.storyteller) return null;
  return h('div', { class: 'association spoken', 'data-testid': 'association',
    text: t('tv.association_spoken', { name: seatName(ctx.room, g.storyteller) }) });
}

/** A typed association in big quotes; long ones smaller (tv.css keeps it to 3 lines). */
export function associationText(text, extra = '') {
  const n = graphemeCount(text);
  const size = n > 110 ? ' very-long' : n > 50 ? ' long' : '';
  return h('div', { class: `association${size}${extra}`, 'data-testid': 'association', title: text, text });
}

/** After the reveal: who is ready for the next round (room.pacing, issue 13); none in the kids' game. */
export function readyChips(ctx) {
  const p = ctx.room.pacing;
  if (!p || ctx.game.mode === 'kids' || !(p.ready_needed || []).length) return null;
  const ready = new Set(p.ready || []);
  const many = p.ready_needed.length > 4;
  // Counted: "Ready:" and everyone's chips read as "everyone is ready" from the sofa.
  const count = p.ready_needed.filter((seat) => ready.has(seat)).length;
  return h('div', { class: `waiting-line ready-line${many ? ' many' : ''}`, 'data-testid': 'readiness' },
    h('span', { class: 'waiting-label', text: t('tv.ready_label', { ready: count, total: p.ready_needed.length }) }),
    p.ready_needed.map((seat) => {
      // Pairs: a team is its elephant here (the plates below and the tooltip name it whole).
      const team = memberCount(seatInfo(ctx.room, seat)) > 1;
      return seatChip(ctx, seat, ready.has(seat), team, team ? 48 : 40);
    }));
}

/** While cards are played: who disputed the association and which condition, one line of chips. */
export function disputeLines(ctx) {
  const p = ctx.room.pacing;
  const disputes = (p && p.disputes) || [];
  if (!disputes.length) return null;
  return h('div', { class: 'dispute-lines', 'data-testid': 'disputes' },
    h('span', { class: 'dispute-label', text: t('tv.disputed_label') }),
    disputes.map((d) => h('span', { class: 'chip dispute-line', 'data-seat': d.seat },
      elephantToken(seatColour(ctx.room, d.seat), 36),
      h('span', { text: t('tv.disputed_by', { name: seatName(ctx.room, d.seat), condition: t(`condition_short.${d.condition}`) }) }))));
}
