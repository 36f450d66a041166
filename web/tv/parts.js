// Pieces several TV screens share: "waiting for …" chips and the association.
import { h, later } from '/static/shared/dom.js';
import { t, tn } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour, seatInfo, memberCount } from '/static/shared/roster.js';
import { graphemeCount } from '/static/shared/text.js';
import { icon } from '/static/shared/icons.js';

// Named chips past this take two rows.
const ONE_ROW = 3;
// Awaited names past this many graphemes in all take two rows: one row of them would cut them.
const ONE_ROW_GRAPHEMES = 28;
// Played names past this many graphemes in all shrink to their elephants and ✓: named, they would crowd out the
// awaited names, which the sofa needs most.
const DONE_GRAPHEMES = 12;

/**
 * Chips for the phase's seats: done (✓, never what) and awaited; flag "has_played" | "has_voted". Seats in `apart`
 * are awaited on a line of their own (kids: adultEnters()), so they are left out here.
 */
export function progressChips(ctx, flag, apart = []) {
  const g = ctx.game;
  const waiting = new Set(g.waiting_for || []);
  const seats = (g.seats || []).filter((s) => s.active !== false && s.seat !== g.storyteller && !apart.includes(s.seat));
  const many = seats.length > 4;
  const done = seats.filter((s) => s[flag] && !waiting.has(s.seat));
  const open = seats.filter((s) => !done.includes(s));
  const letters = (list) => list.reduce((n, s) => n + graphemeCount(seatName(ctx.room, s.seat)), 0);
  // Many players or long played names: done ones shrink to their elephant and ✓, so the awaited names stay whole.
  const tokens = many || letters(done) > DONE_GRAPHEMES;
  const chip = (seat, isDone) => seatChip(ctx, seat, isDone, isDone && tokens);
  const limit = letters(open) > ONE_ROW_GRAPHEMES ? 1 : rowLimit(ctx, open.map((s) => s.seat));
  return h('div', { class: `waiting-line${many ? ' many' : ''}`, 'data-testid': 'progress' },
    done.map((s) => chip(s.seat, true)),
    open.length ? h('span', { class: 'waiting-label', text: t('waiting_for') }) : null,
    chipRows(open, (s) => chip(s.seat, false), limit));
}

/** Everything progressChips() shows, as a string (dom.js patchIf). */
export function progressKey(ctx) {
  const g = ctx.game;
  return JSON.stringify([ctx.room.roster, g.seats, g.waiting_for, g.storyteller]);
}

/**
 * A seat's chip: elephant, name (unless `tokenOnly`), drawn ✓ (`done`), … (false) or no mark (null). Drawn only
 * when it changed (dom.js later()): the other chips of a frame stay as they are.
 */
function seatChip(ctx, seat, done, tokenOnly, size = 40) {
  const name = seatName(ctx.room, seat);
  const colour = seatColour(ctx.room, seat);
  return later(seat, JSON.stringify([name, colour, done, tokenOnly, size]), () => h('span', {
    class: `chip ${done ? 'done' : 'waiting'}${tokenOnly ? ' token-only' : ''}`, 'data-seat': seat, title: name },
  elephantToken(colour, size),
  tokenOnly ? null : h('span', { class: 'chip-name', text: name }),
  done == null ? null : done ? h('span', { class: 'chip-mark' }, icon('check'))
    : h('span', { class: 'chip-mark', text: '…' })));
}

/** Chips a row holds: fewer for pairs' "A & B". */
function rowLimit(ctx, seats) {
  return seats.some((seat) => memberCount(seatInfo(ctx.room, seat)) > 1) ? 2 : ONE_ROW;
}

/** Items in one row, or two past `oneRow`. */
function chipRows(items, draw, oneRow = ONE_ROW) {
  if (!items.length) return null;
  const rows = items.length > oneRow ? 2 : 1;
  const perRow = Math.ceil(items.length / rows);
  const parts = [];
  for (let i = 0; i < items.length; i += perRow) parts.push(items.slice(i, i + perRow));
  return h('span', { class: `chip-rows${rows > 1 ? ' two' : ''}` },
    parts.map((row) => h('span', { class: 'chip-row' }, row.map(draw))));
}

/** rules.js adultEnters()'s children as chips after "Mama enters these children's guesses:", or null for none. */
export function adultEntersLine(ctx, seats) {
  if (!seats.length) return null;
  return h('div', { class: 'waiting-line adult-enters', 'data-testid': 'adult-enters' },
    h('span', { class: 'waiting-label', text: tn('adult_enters', seats.length, { name: seatName(ctx.room, ctx.game.adult) }) }),
    chipRows(seats, (s) => seatChip(ctx, s, false), rowLimit(ctx, seats)));
}

/** "Waiting for Аня, Борис" as chips (the view's waiting_for). */
export function waitingChips(ctx) {
  const waiting = ctx.game.waiting_for || [];
  return h('div', { class: 'waiting-line', 'data-testid': 'waiting' },
    waiting.length ? h('span', { class: 'waiting-label', text: t('waiting_for') }) : null,
    chipRows(waiting, (s) => seatChip(ctx, s, null), rowLimit(ctx, waiting)));
}

/** The typed association in big quotes, or a line saying it is said aloud. */
export function associationLine(ctx) {
  const g = ctx.game;
  if (g.association) return associationText(g.association);
  if (!g.storyteller) return null;
  return h('div', { class: 'association spoken', 'data-testid': 'association',
    text: t('tv.association_spoken', { name: seatName(ctx.room, g.storyteller) }) });
}

/** A typed association in big quotes; long ones smaller (tv.css: 3 lines, fit-text.js: shrunk to show them all). */
export function associationText(text, extra = '') {
  const n = graphemeCount(text);
  const size = n > 110 ? ' very-long' : n > 50 ? ' long' : '';
  return h('div', { class: `association fit-lines${size}${extra}`, 'data-testid': 'association', title: text, text });
}

/** After the reveal: who is ready for the next round (room.pacing); none in the kids' game. */
export function readyChips(ctx) {
  const p = ctx.room.pacing;
  if (!p || ctx.game.mode === 'kids' || !(p.ready_needed || []).length) return null;
  const ready = new Set(p.ready || []);
  // Counted: "Ready:" and all chips would read as all ready.
  const count = p.ready_needed.filter((seat) => ready.has(seat)).length;
  return h('div', { class: 'waiting-line ready-line', 'data-testid': 'readiness' },
    h('span', { class: 'waiting-label', text: t('tv.ready_label', { ready: count, total: p.ready_needed.length }) }),
    chipRows(p.ready_needed, (seat) => seatChip(ctx, seat, ready.has(seat)), rowLimit(ctx, p.ready_needed)));
}

/** Who disputed the association and which condition, as chips. */
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

/**
 * Whose cards were played for them this round (room.auto_played: the timer's or the host's skip, or D1's last
 * turn), so the table knows why: who only, never which card. Null when nobody's was.
 */
export function autoPlayedLine(ctx) {
  const a = ctx.room.auto_played;
  if (!a || !(a.seats || []).length) return null;
  if (a.by === 'last_card') {
    return h('div', { class: 'waiting-line auto-played', 'data-testid': 'auto-played', 'data-by': a.by },
      h('span', { class: 'waiting-label', text: t('tv.auto_played.last_card') }));
  }
  return h('div', { class: 'waiting-line auto-played', 'data-testid': 'auto-played', 'data-by': a.by },
    h('span', { class: 'waiting-label', text: t(`tv.auto_played.${a.by}`) }),
    chipRows(a.seats, (seat) => seatChip(ctx, seat, null), rowLimit(ctx, a.seats)));
}
