// TV, phase `scored`: cards with owners and votes, and each elephant's points.
import { modeOf } from '/static/shared/rules.js';
import { outcomeLine } from '/static/shared/outcome.js';
import { showTimes, turnedBy } from '/static/shared/result-show.js';
import { h, fill, patchIf, append } from '/static/shared/dom.js';
import { t, has } from '/static/shared/i18n.js';
import { voteToken, colourHex, inkFor } from '/static/shared/colours.js';
import { seatName, seatColour, seatInfo, ownerName, elephantName, voteLabel, memberCount, targetCard, pointsOf, presentElephants } from '/static/shared/roster.js';
import { deckId } from '/static/shared/cards.js';
import { tableCards, settle } from '../table-cards.js';
import { pieceToken } from '/static/shared/pieces.js';
import { icon } from '/static/shared/icons.js';
import { graphemeCount } from '/static/shared/text.js';
import { readyChips } from '../parts.js';
import { pointsCounting } from '../sound.js';

/** Phase title for the header. */
export function title() {
  return t('tv.title.scored');
}

/**
 * Builds the screen (cards once per result). `show`: the result arrived while this TV watched the vote, so it
 * is revealed step by step; otherwise (a TV that joins late or reloads) it shows finished at once.
 * Returns {el, update, pointsDelay: s before the points count up, walkDelay: s before the elephants walk (0: at
 * once)}.
 */
export function create(ctx0, show) {
  const top = h('div', { class: 'scored-top' });
  const cardsBox = h('div', { class: 'scored-cards' });
  // Kids: the children own no card, so a row of their points under the three cards read as the cards' owners;
  // their round's points stand beside the cards, under a title of their own (kidsPoints).
  const kids = modeOf(ctx0.game).has_adult;
  const points = h('div', { class: `points${kids ? ' kids-points' : ''}`, 'data-testid': 'points' });
  const el = h('section', { class: `scored${kids ? ' kids' : ''}${show ? ' show' : ''}`, 'data-testid': 'tv-scored' },
    top, kids ? h('div', { class: 'scored-body' }, cardsBox, points) : [cardsBox, points]);
  const r0 = ctx0.game.result;
  const times = showTimes(r0 ? r0.table.length : 0);
  // the headline (who found the card) once the points have counted up: at t=0 it told the outcome before a card
  // had turned; drawn again meanwhile (a ready mark), it waits only what is left
  const endAt = show ? Date.now() + times.end * 1000 : 0;
  if (show) {
    el.style.setProperty('--t-mark', `${times.mark}s`);
    el.style.setProperty('--t-votes', `${times.votes}s`);
    el.style.setProperty('--t-points', `${times.points}s`);
    // the points cue (sound.js) with the count itself: the first number's roll (a calm TV's fade of it) starting,
    // or, with no number to count (nobody scored), the points' own fade-in 0.3 s before where the count would be
    el.addEventListener('animationstart', (e) => {
      const target = /** @type {Element} */ (e.target);
      if (target.matches('.points-value[data-roll]')) pointsCounting();
      else if (target.matches('.points-item, .plate-points') && !el.querySelector('.points-value[data-roll]')) {
        setTimeout(pointsCounting, 300);
      }
    });
  }
  let key = null;
  function update(ctx) {
    const g = ctx.game;
    const r = g.result;
    if (!r) return;
    patchIf(top, JSON.stringify([ctx.room.roster, ctx.room.pacing, g.association, g.storyteller, r]), () => [
      h('div', { class: 'scored-head' },
        // a short one beside the outcome, a long one on lines of its own; fit-text.js shows it whole
        g.association ? h('div', { class: `association small fit-lines${graphemeCount(g.association) > 40 ? ' wide' : ''}`,
          text: g.association }) : null,
        outcomeLater(h('div', { class: 'outcome fit', 'data-testid': 'outcome', text: outcomeText(ctx) }), endAt)),
      readyChips(ctx)]);
    el.classList.toggle('ready-two', Boolean(top.querySelector('.chip-rows.two')));
    const many = presentElephants(g).length > 4;
    const teams = modeOf(g).people_per_seat > 1;
    // Pairs, or 5-7 elephants, that each own a card: points under the plates (a list under the cards would
    // push them below the voting size); teams' plates then hold a whole "A & B". Trio too: a row of three
    // under five cards put points under the bot cards, which score nobody (RULES.md §2.3).
    const owned = presentElephants(g).every((e) => r.table.some((entry) => entry.owner === e.id));
    const onPlates = (teams || many || r.table.some((entry) => NOBODYS.includes(entry.owner))) && owned;
    const k = JSON.stringify([r.table, onPlates]);
    if (k !== key) {
      key = k;
      const row = resultCards(ctx, r, onPlates);
      fill(cardsBox, row);
      // flat once the last card has turned (a late TV's never turn)
      settle(row, show ? turnedBy(r.table.length) : 0);
    }
    points.classList.toggle('two-rows', many);
    el.classList.toggle('two-rows', many);
    el.classList.toggle('teams', teams);
    el.classList.toggle('on-plates', onPlates);
    // Points not one under each card (the duel's shared elephant owns none, the mammoth's card is not a
    // player's: RULES.md §2.4): a line of their own, titled, never a row that reads as the cards'
    const apart = !kids && !onPlates && !aligned(g, r);
    points.classList.toggle('apart', apart);
    patchIf(points, JSON.stringify([ctx.room.roster, r, g.elephants, onPlates]),
      () => (kids ? kidsPoints(ctx, r) : onPlates ? [] : [apart ? h('div', { class: 'points-title', text: t('tv.round_points') }) : null,
        pointsList(ctx, r)]));
  }
  // After fit-text.js: a result taller than the screen (names that wrap) gets smaller cards, step by step.
  const STEPS = ['tight', 'tighter', 'tightest', 'tiniest'];
  // Within one result it only ever tightens: a ready mark never makes the cards jump back and forth.
  // Returns whether it tightened (then tv.js fits the text again and asks once more).
  let result = null;
  let step = 0;
  let w0 = 0;   // without min(): a card's width before the first step, px
  function afterFit() {
    // (a new result's row is new: it carries no step's --w or --give)
    if (result !== key) { STEPS.forEach((cls) => el.classList.remove(cls)); step = 0; result = key; }
    // the points list gives way first (min-height 0): an item of it cut at all is too tall too (its box, not its
    // scrollHeight: a token's ring may reach past an item unseen)
    const over = el.scrollHeight > el.clientHeight + 1 || pointsCut(points);
    if (step >= STEPS.length || !over) return false;
    const row = NO_MIN ? cardsBox.querySelector('.table-row.with-owners') : null;
    const card = row && row.querySelector('.table-card');
    if (card && !step) w0 = card.offsetWidth;
    el.classList.add(STEPS[step++]);
    if (card) giveToGaps(row, card, w0);
    return true;
  }
  return { el, update, afterFit, pointsDelay: show ? times.points : 0, walkDelay: show ? times.walk : 0 };
}

// Chromium < 79 has no min(): a step's card width is set outright (scored.css), so a step could widen a card and
// the width it takes off stayed out of the gaps, narrowing the plates (whole names then broke mid-word).
const NO_MIN = !(window.CSS && CSS.supports('width', 'min(1px, 2px)'));

/** Without min(): the step's width, never wider than `w0` (px), and what the card gives up as the row's --give. */
function giveToGaps(row, card, w0) {
  row.style.removeProperty('--w');
  const w = card.offsetWidth;
  if (w > w0) row.style.setProperty('--w', `${w0}px`);
  row.style.setProperty('--give', `${Math.max(0, w0 - w)}px`);
}

/** `outcome`, unseen until `endAt` (ms, Date.now(); 0: seen at once) and then faded in (scored.css `.later`). */
function outcomeLater(outcome, endAt) {
  const left = endAt - Date.now();
  if (left > 0) {
    outcome.classList.add('later');
    outcome.style.setProperty('--t-end', `${left / 1000}s`);
  }
  return outcome;
}

/** Whether the points list cuts off the foot of any of its items (by half a screen pixel or more). */
function pointsCut(points) {
  const items = points.querySelectorAll('.points-item');
  const bottom = points.getBoundingClientRect().bottom + 0.5;
  for (let i = 0; i < items.length; i++) if (items[i].getBoundingClientRect().bottom > bottom) return true;
  return false;
}

/** Whether everyone, nobody or some found the card, in words. */
export function outcomeText(ctx) {
  return outcomeLine(ctx.game, ctx.room);
}

function resultCards(ctx, r, onPlates) {
  const { el, cards } = tableCards(deckId(ctx.room), r.table, true);
  el.classList.add('with-owners');
  el.classList.toggle('few', r.table.length <= 3);   // as voting showed them (voting.js)
  r.table.forEach((entry, i) => {
    const card = cards.get(entry.number);
    const mine = entry.number === targetCard(r);
    if (mine) card.classList.add('storyteller-card');
    const owner = entry.owner;
    const fromDeck = owner === 'bot' || owner === 'deck';
    if (fromDeck) card.classList.add('from-deck');
    const ownerColour = NOBODYS.includes(owner) ? null : seatColour(ctx.room, owner);
    if (mine) card.querySelector('.flip').append(h('div', { class: 'storyteller-ring' }));
    append(card, [
      // Trio: a vote on a bot card scores nothing (RULES.md §2.3).
      owner === 'bot' && (entry.votes || []).length
        ? h('div', { class: 'scores-nothing', 'data-testid': 'scores-nothing', style: { '--i': i }, text: t('tv.scores_nothing') }) : null,
      h('div', { class: `owner-plate fit${memberCount(seatInfo(ctx.room, owner)) > 1 ? ' team' : ''}`, 'data-owner': owner, style: { '--i': i,
        '--c': ownerColour ? colourHex(ownerColour) : '#555', '--ink': ownerColour ? inkFor(ownerColour) : '#fff' } },
      entry.number === r.storyteller_card ? h('span', { class: 'owner-star', text: '★ ' }) : null,
      h('span', { class: 'owner-name', text: ownerName(ctx.room, owner) })),
      // under the card, never over its picture
      h('div', { class: 'votes', 'data-testid': 'votes', style: { '--i': i } },
        (entry.votes || []).map((v, j) => {
          const tok = voteToken(seatColour(ctx.room, v), seatName(ctx.room, v), voteLabel(ctx.room, v));
          tok.style.setProperty('--j', j);
          return tok;
        })),
      onPlates && !NOBODYS.includes(owner) ? platePoints(r, owner) : null]);
  });
  return el;
}

/** A team's points and their reasons, under its card's plate. */
function platePoints(r, owner) {
  return h('div', { class: 'plate-points', 'data-testid': 'plate-points', 'data-elephant': owner },
    pointsValue(r, owner), pointsWhy(r, owner));
}

/** "+3" (its text), and the numbers it counts through on the way (its data-roll, drawn by scored.css). */
function pointsValue(r, id) {
  const p = pointsOf(r, id);
  const label = (n) => (n > 0 ? `+${n}` : String(n));
  const steps = [];
  for (let n = 0; Math.abs(n) <= Math.abs(p); n += p < 0 ? -1 : 1) steps.push(label(n));
  return h('div', { class: `points-value${p > 0 ? ' up' : p < 0 ? ' down' : ''}`, text: label(p),
    'data-roll': p ? steps.join('\n') : null, style: p ? { '--k': Math.abs(p) } : null });
}

/** The reasons of elephant `id`'s points, one a line; null for none. */
function pointsWhy(r, id) {
  const parts = ((r.breakdown || {})[id] || []).map((b) => h('span', { class: 'why-part', text: reasonText(b) }));
  return parts.length ? h('div', { class: 'points-why' }, parts) : null;
}

// Owners of cards nobody plays for: the trio's bot cards, a card from the deck, the duel's mammoth's card.
const NOBODYS = ['bot', 'deck', 'mammoth'];

/** Whether each elephant of the result owns one card and each card is an elephant's (a points row lines up). */
function aligned(g, r) {
  const present = presentElephants(g);   // a removed player's elephant scores nothing and leaves the list
  const owners = r.table.map((entry) => entry.owner);
  return owners.length === present.length && present.every((e) => owners.includes(e.id));
}

function pointsList(ctx, r) {
  const present = presentElephants(ctx.game);
  const owners = r.table.map((entry) => entry.owner);
  // One card each: the row of points lines up with the row of cards, so each elephant's points go under its
  // own card (a column reads card, owner, votes, points); otherwise the biggest gain first.
  const order = aligned(ctx.game, r) ? owners.map((id) => present.find((e) => e.id === id))
    : present.sort((a, b) => pointsOf(r, b.id) - pointsOf(r, a.id));
  return order.map((e) => {
    const name = h('div', { class: 'points-name fit', text: elephantName(ctx.room, e) });
    const why = pointsWhy(r, e.id);
    const value = pointsValue(r, e.id);
    // A team's "A & B" under its points, the item's whole width (one row of points only).
    if (memberCount(seatInfo(ctx.room, e.id)) > 1 && order.length <= 4) {
      return h('div', { class: 'points-item team', 'data-elephant': e.id },
        h('div', { class: 'points-head' }, pieceToken(ctx.room, e, 44), why || h('div', { class: 'points-why' }), value), name);
    }
    return h('div', { class: 'points-item', 'data-elephant': e.id },
      pieceToken(ctx.room, e, 44), h('div', { class: 'points-who' }, name, why), value);
  });
}

/** A breakdown line ("guessed +3"): TV words, else the phone's, else the code. */
function reasonText(b) {
  const key = has(`reason_tv.${b.reason}`) ? `reason_tv.${b.reason}` : `reason.${b.reason}`;
  const label = has(key) ? t(key) : b.reason;
  const p = b.points > 0 ? `+${b.points}` : String(b.points);
  return `${label} ${p}`;
}

/**
 * Kids: this round's points beside the cards, titled, the children who found the card first and cheered (with any
 * catch-up bonus, RULES.md §2.5), then the rest; with one child the adult's elephant too.
 */
function kidsPoints(ctx, r) {
  const target = targetCard(r);
  const found = r.table.find((e) => e.number === target);
  const right = (found && found.votes) || [];
  const present = presentElephants(ctx.game);
  const order = present.sort((a, b) => pointsOf(r, b.id) - pointsOf(r, a.id));
  return [
    h('div', { class: 'kids-points-title fit', 'data-testid': 'kids-points-title', text: t('tv.round_points') }),
    h('div', { class: `kids-points-list${order.length > 4 ? ' many' : ''}`, 'data-testid': 'kids-points' }, order.map((e) => {
      const cheer = right.includes(e.id);
      const bonus = ((r.breakdown || {})[e.id] || []).some((b) => b.reason === 'guessed_from_last_place');
      return h('div', { class: `points-item kid${cheer ? ' cheer' : ''}${bonus ? ' bonus' : ''}`, 'data-elephant': e.id,
        'data-testid': cheer ? 'kids-cheer' : null },
        cheer ? h('span', { class: 'cheer-party' }, icon('party-popper')) : null,
        pieceToken(ctx.room, e, 44),
        h('div', { class: 'points-who' }, h('div', { class: 'points-name fit', text: elephantName(ctx.room, e) }),
          bonus ? h('div', { class: 'cheer-bonus', 'data-testid': 'catch-up', text: t('tv.catch_up_bonus') }) : pointsWhy(r, e.id)),
        pointsValue(r, e.id));
    }))];
}
