// Phone, phase `scored`: your points this round and why, whose card was whose, and "Next round".
import { modeOf } from '/static/shared/rules.js';
import { h, fill } from '/static/shared/dom.js';
import { t, has } from '/static/shared/i18n.js';
import { voteToken, elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour, ownerName, voteLabel, targetCard, pointsOf, presentElephants } from '/static/shared/roster.js';
import { cardImg, deckId } from '/static/shared/cards.js';
import { notice } from '../card-grid.js';
import { outcomeLine } from '/static/shared/outcome.js';

/** Builds the screen; update(ctx) redraws it. */
export function create() {
  const el = h('section', { class: 'p-scored', 'data-testid': 'phone-scored' });
  function update(c) {
    const r = c.game.result;
    if (!r) return;
    const myElephant = (c.game.elephants || []).find((e) => (e.seats || [e.id]).includes(c.you.seat));
    const p = myElephant ? pointsOf(r, myElephant.id) : 0;
    const why = myElephant ? ((r.breakdown || {})[myElephant.id] || []) : [];
    const target = targetCard(r);
    fill(el,
      // The kids' adult (no elephant with two or more children) sees every child's points instead.
      !myElephant ? h('ul', { class: 'children-points', 'data-testid': 'children-points' }, presentElephants(c.game).map((e) => {
        const n = pointsOf(r, e.id);
        return h('li', { class: 'child-points' }, elephantToken(seatColour(c.room, e.id), 40),
          h('span', { class: 'child-points-name', text: seatName(c.room, e.id) }),
          h('span', { class: `child-points-value${n > 0 ? ' up' : ''}`, text: n > 0 ? `+${n}` : String(n) }));
      })) : h('div', { class: 'my-points', 'data-testid': 'my-points' },
        h('div', { class: `my-points-value${p > 0 ? ' up' : ''}`, text: p > 0 ? `+${p}` : String(p) }),
        h('div', { class: 'my-points-label', text: t('phone.points_this_round') }),
        why.length ? h('ul', { class: 'why' }, why.map((b) => h('li', { text: reason(b) }))) : null,
        // Duel: the race is against the mammoth, so its move this round matters as much as ours.
        modeOf(c.game).against_mammoth ? h('div', { class: 'mammoth-points', 'data-testid': 'mammoth-points',
          text: t('phone.mammoth_moved', { n: pointsOf(r, 'mammoth') }) }) : null),
      childsGuess(c, r) || notice(outcomeLine(c.game, c.room)),
      moveOn(c),
      // The game just ended: this is the last round's result; the standings follow.
      c.showFinal ? h('button', { class: 'btn primary big', type: 'button', 'data-testid': 'see-final',
        text: t('phone.see_final'), onclick: () => c.showFinal() }) : null,
      h('div', { class: 'result-grid' }, r.table.map((e) => h('div', {
        class: `result-card${e.number === target ? ' storyteller-card' : ''}` },
      h('div', { class: 'card' }, cardImg(deckId(c.room), e.card, 'thumb')),
      // the number beside the owner, under the picture (phone.css .grid-number), as on the voting grid
      h('div', { class: 'result-foot' }, h('span', { class: 'grid-number', text: String(e.number) }),
        h('div', { class: 'result-owner', text: (e.number === target ? '★ ' : '') + ownerName(c.room, e.owner) })),
      h('div', { class: 'result-votes' }, (e.votes || []).map((v) => voteToken(seatColour(c.room, v), seatName(c.room, v), voteLabel(c.room, v))))))));
  }
  const release = () => { el.querySelectorAll('[data-testid=next-round], [data-testid=ready]').forEach((b) => b.removeAttribute('disabled')); };
  return { el, update, refused: release };
}

/**
 * Moving on (server/engine/pacing.py): the storyteller (kids: the adult) taps "Next round"; the others say "Ready" and
 * the round moves on once all have; the host may move on for everyone ("Next round now").
 */
function moveOn(c) {
  const can = (c.me && c.me.can) || [];
  const p = c.room.pacing || {};
  const ready = (p.ready || []).includes(c.you.seat);
  if (can.includes('next_round')) return nextRound(c);
  if (!can.includes('ready')) return null;
  return h('div', { class: 'move-on' },
    ready ? notice(t('phone.ready_done'), t('phone.ready_wait'), 'ready-done')
      : h('button', { class: 'btn primary big', type: 'button', 'data-testid': 'ready', text: t('phone.ready'),
        disabled: !c.online, onclick: sendOnce(c, 'ready') }),
    nextRound(c));
}

/**
 * The button that moves the table on now, or null: the storyteller's (kids: the adult's) "Next round", the host's
 * "Next round now" (server/engine/pacing.py). The hold before a result (look.js) shows it too.
 */
export function nextRound(c) {
  const can = (c.me && c.me.can) || [];
  const mine = can.includes('next_round');
  if (!mine && !(c.you.is_host && can.includes('ready'))) return null;
  return h('button', { class: mine ? 'btn primary big' : 'btn ghost', type: 'button', 'data-testid': 'next-round',
    text: t(mine ? 'phone.next_round' : 'phone.next_round_now'), disabled: !c.online, onclick: sendOnce(c, 'next_round') });
}

/** A tap's handler: sends `kind`; the button is busy once sent, and while reconnecting it waits (drawn again by the
 * state that brings the socket back). */
function sendOnce(c, kind) {
  return (ev) => { const b = ev.currentTarget; b.disabled = c.send(kind); };
}

/**
 * Kids (RULES.md §2.5): on a child's own phone, what became of her guess, kindly; the table's line ("Well found!")
 * read there as praise for a child who had missed. Null on the adult's phone and outside the kids' game.
 */
function childsGuess(c, r) {
  const g = c.game;
  if (!modeOf(g).has_adult || !g.adult || c.you.seat === g.adult) return null;
  const target = targetCard(r);
  const mine = r.table.find((e) => (e.votes || []).includes(c.you.seat));
  const how = !mine ? 'no_guess' : mine.number === target ? 'right' : 'wrong';
  return notice(t(`phone.kids_guess.${how}`), t('phone.kids_answer', { n: target, name: seatName(c.room, g.adult) }), `guess-${how}`);
}

function reason(b) {
  const label = has(`reason.${b.reason}`) ? t(`reason.${b.reason}`) : b.reason;
  // A line of its own: a capital first letter («Ведущий: +3»), as every line the page starts.
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${b.points > 0 ? '+' : ''}${b.points}`;
}
