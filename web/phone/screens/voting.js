// Phone, phase `voting`: the numbered cards; your own card greyed out; select one, then "Vote for N".
// Kids: the adult's phone enters the children's guesses, then starts the reveal (RULES.md §2.5).
import { modeOf, revealAwaited, adultEnters } from '/static/shared/rules.js';
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { cardGrid, confirmBar, notice } from '../card-grid.js';
import { formScreen, confirmForm } from '../form-screen.js';
import { associationBox, waitingChips, partnerLine } from '../parts.js';
import { seatName, seatColour, isTeam } from '/static/shared/roster.js';
import { elephantToken } from '/static/shared/colours.js';
import { deckId } from '/static/shared/cards.js';

/** Builds the screen (`carried`: formScreen's); update(ctx) switches between voting and waiting. */
export function create(ctx, carried) {
  // Kids: the guess the adult is correcting ({seat, was}: the child and the number entered before), or none.
  // Correcting holds the guess form open even once every guess is in; the new number ends it.
  const fix = { seat: null, was: null, redraw: () => {} };
  let last = ctx;
  const screen = formScreen({ class: 'p-voting', 'data-testid': 'phone-voting' }, (c) => {
    last = c;
    const can = (c.me && c.me.can) || [];
    if (fix.seat != null && entered(c)[fix.seat] !== fix.was) fix.seat = null;   // it went in (or is gone)
    if (fix.seat != null && c.game.phase === 'voting') return 'proxy';
    if (can.includes('reveal')) return 'reveal';
    if (!can.includes('vote')) return null;
    // Kids' game: the adult's phone enters the children's votes (the engine's `for`).
    return c.game.adult && c.game.adult === c.you.seat ? 'proxy' : 'vote';
  }, { vote: voteForm, proxy: (c) => proxyForm(c, fix), reveal: (c) => revealForm(c, fix) }, waitView, carried);
  fix.redraw = () => screen.update(last);
  return screen;
}

/** Kids: the guesses this (the adult's) phone entered and may still correct until the reveal: {seat: number}. */
function entered(ctx) {
  return (ctx.me && ctx.me.entered) || {};
}

/**
 * Kids: the guesses the adult entered, each a chip with its number; a tap on one corrects that guess (its card
 * chosen again), a second tap on the one being corrected lets it be (RULES.md §2.5: the adult enters them).
 */
function enteredChips(ctx, fix) {
  const done = entered(ctx);
  const seats = Object.keys(done);
  if (!seats.length) return null;
  const chip = (s) => h('button', { class: `chip entered-chip${s === fix.seat ? ' done' : ''}`, type: 'button',
    'data-seat': s, 'data-testid': 'entered-chip', 'aria-pressed': String(s === fix.seat),
    onclick: () => {
      if (fix.seat === s) fix.seat = null;
      else { fix.seat = s; fix.was = done[s]; }
      fix.redraw();
    } },
  elephantToken(seatColour(ctx.room, s), 30), seatName(ctx.room, s),
  h('span', { class: 'entered-number', text: String(done[s]) }));
  return h('div', { class: 'p-waiting entered-guesses', 'data-testid': 'entered-guesses' },
    h('span', { class: 'p-waiting-label', text: t('phone.entered_guesses') }), seats.map(chip));
}

function tableItems(ctx, selectable) {
  // Kids: the children look on while the adult enters their guesses, so the adult's phone does not say
  // which card is the adult's (the right answer) until the reveal.
  const hide = modeOf(ctx.game).has_adult && ctx.game.adult === ctx.you.seat;
  const mine = new Set(hide ? [] : (ctx.me && ctx.me.played) || []);
  // One's own card says so, in the grid and in its enlarged view, and there why it takes no vote (RULES.md §1.2).
  return (ctx.game.table || []).map((e) => ({
    id: e.number, card: e.card, number: e.number,
    disabled: selectable && mine.has(e.card),
    label: mine.has(e.card) ? t(playedFor(ctx) ? 'phone.played_for_you' : 'phone.your_card') : null,
    why: selectable && mine.has(e.card) ? t('phone.own_card_no_vote') : null,
  }));
}

/** How this phone's card went down without its choice (room.auto_played: "timer", "host", "last_card"), or null. */
function playedFor(ctx) {
  const a = ctx.room.auto_played;
  return a && (a.seats || []).includes(ctx.you.seat) ? a.by : null;
}

/** "Time's up: this card was played for you" (or the host's skip, or the last card), or null. */
function playedForNote(ctx) {
  const by = playedFor(ctx);
  return by ? h('p', { class: 'played-for-you', 'data-testid': 'played-for-you', 'data-by': by, text: t(`auto_played.${by}`) }) : null;
}

function voteForm(ctx) {
  const top = h('div');
  const bar = confirmBar(() => ctx.send('vote', { card: grid.selected()[0] }));
  const refresh = () => {
    const n = grid.selected()[0];
    bar.update(n != null ? t('phone.vote_for', { n }) : t('phone.pick_a_card'), n != null);
  };
  const grid = cardGrid(tableItems(ctx, true), { deck: deckId(ctx.room), selectable: true, onChange: () => refresh() });
  const el = h('div', { class: 'vote-form' }, top, grid.el, bar.el);
  return confirmForm(el, bar, refresh, (c) => fill(top, associationBox(c), playedForNote(c),
    h('p', { class: 'hint', 'data-testid': 'vote-hint', text: t(voteHint(c)) })),
  { carry: () => grid.selected(), restore: (ids) => grid.select(ids) });
}

/** The voter's question: whose card to find (the mammoth's in the duel; a pairs team's storytellers, plural). */
function voteHint(c) {
  if (modeOf(c.game).against_mammoth) return 'phone.vote_hint_duel';
  return isTeam(c.room, c.game.storyteller) ? 'phone.vote_hint_team' : 'phone.vote_hint';
}

function proxyForm(ctx, fix) {
  let child = null;
  let waitingKey = null;
  let fixing = null;   // the child whose entered guess this form is correcting (fix.seat, taken up)
  const who = h('div', { class: 'p-waiting', 'data-testid': 'vote-for' });
  const top = h('div');
  const fixed = h('div');
  const bar = confirmBar(() => ctx.send('vote', { card: grid.selected()[0], for: child }));
  const refresh = () => {
    const n = grid.selected()[0];
    const name = child ? seatName(ctx.room, child) : '';
    if (fixing != null && child === fixing) {
      const changed = n != null && n !== fix.was;
      bar.update(changed ? t('phone.change_guess', { n, name }) : t('phone.pick_other_card', { n: fix.was, name }), changed);
      return;
    }
    const label = n != null && child ? t('phone.vote_for_child', { n, name })
      : child ? t('phone.pick_card_for', { name }) : t('phone.pick_child_and_card');
    bar.update(label, n != null && child != null);
  };
  // The adult's own card is the one to find, so nothing is greyed out here.
  const grid = cardGrid(tableItems(ctx, false), { deck: deckId(ctx.room), selectable: true, onChange: () => refresh() });
  const el = h('div', { class: 'vote-form' }, top, who, fixed, grid.el, bar.el);
  const form = confirmForm(el, bar, refresh, (c) => {
    ctx = c;
    // The children without a phone first: only this phone can enter their guesses (RULES.md §2.5); those with a
    // phone of their own guess there, and their chips follow (the adult may still enter it for them).
    const mine = adultEnters(c.room);
    const own = (c.game.waiting_for || []).filter((s) => s !== c.you.seat && !mine.includes(s));
    const waiting = [...mine, ...own];
    // A child's vote went in (or a child voted on their own phone, or a guess was corrected): next child, fresh
    // card choice.
    const done = entered(c);
    const key = `${waiting.join(',')}|${Object.keys(done).map((s) => s + ':' + done[s]).join(',')}`;
    if (waitingKey !== null && key !== waitingKey) { grid.clear(); bar.release(); }
    waitingKey = key;
    if (fix.seat !== fixing) {   // a correction taken up (its guess chosen again) or let be
      fixing = fix.seat;
      if (fixing != null) { child = fixing; grid.select([fix.was]); } else grid.clear();
    }
    if (fixing == null && !waiting.includes(child)) child = waiting.length ? waiting[0] : null;
    fill(top, associationBox(c), fixing != null
      ? h('p', { class: 'hint', 'data-testid': 'fix-hint', text: t('phone.fix_hint', { name: seatName(c.room, fixing) }) })
      : h('p', { class: 'hint', text: t(mine.length ? 'phone.who_votes_no_phone' : 'phone.who_votes') }));
    const chip = (s) => h('button', { class: `chip${s === child ? ' done' : ''}`, type: 'button',
      'data-seat': s, 'data-testid': 'child-chip', 'aria-pressed': String(s === child),
      onclick: () => { child = s; fix.seat = null; fix.redraw(); } }, elephantToken(seatColour(c.room, s), 30), seatName(c.room, s));
    fill(who, mine.map(chip),
      own.length && mine.length ? h('span', { class: 'p-waiting-label', text: t('phone.on_own_phone') }) : null, own.map(chip));
    fill(fixed, enteredChips(c, fix));
  });
  return form;
}

/**
 * Kids: every child has voted; one deliberate tap on "Reveal!" turns the cards (busy after it: confirmBar). Until
 * then a tap on a guess the adult entered corrects it (the guess form again, for that child).
 */
function revealForm(ctx, fix) {
  const top = h('div');
  const bar = confirmBar(() => ctx.send('reveal', {}));
  const grid = cardGrid(tableItems(ctx, false), { deck: deckId(ctx.room) });
  const el = h('div', { class: 'vote-form reveal-form', 'data-testid': 'reveal-form' }, top, grid.el, bar.el);
  bar.el.classList.add('reveal-bar');
  return confirmForm(el, bar, () => bar.update(t('phone.reveal'), true), (c) => fill(top, associationBox(c),
    notice(t('phone.all_voted'), t('phone.reveal_hint'), 'all-voted'), enteredChips(c, fix)));
}

function waitView(ctx) {
  const me = ctx.me;
  const partner = me && me.vote != null ? partnerLine(ctx, 'vote', 'partner.voted', { n: me.vote }) : null;
  const title = me && me.is_storyteller ? t('phone.others_voting')
    : partner ? t('phone.team_voted_for', { n: me.vote })
      : me && me.vote != null ? t('phone.you_voted_for', { n: me.vote }) : t('phone.wait');
  const grid = cardGrid(tableItems(ctx, false), { deck: deckId(ctx.room) }).el;
  // The card voted for stays marked while the others vote (pairs: whichever phone voted).
  const voted = me && me.vote != null ? grid.querySelector(`[data-number="${me.vote}"]`) : null;
  if (voted) voted.classList.add('voted');
  const adult = revealAwaited(ctx.game);
  return h('div', { class: 'wait-view' },
    notice(title, adult ? t('wait_reveal', { name: seatName(ctx.room, adult) }) : null, 'voted'),
    playedForNote(ctx),
    partner,
    associationBox(ctx),
    waitingChips(ctx),
    grid);
}
