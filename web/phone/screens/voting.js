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
  return formScreen({ class: 'p-voting', 'data-testid': 'phone-voting' }, (c) => {
    const can = (c.me && c.me.can) || [];
    if (can.includes('reveal')) return 'reveal';
    if (!can.includes('vote')) return null;
    // Kids' game: the adult's phone enters the children's votes (the engine's `for`).
    return c.game.adult && c.game.adult === c.you.seat ? 'proxy' : 'vote';
  }, { vote: voteForm, proxy: proxyForm, reveal: revealForm }, waitView, carried);
}

function tableItems(ctx, selectable) {
  // Kids: the children look on while the adult enters their guesses, so the adult's phone does not say
  // which card is the adult's (the right answer) until the reveal.
  const hide = modeOf(ctx.game).has_adult && ctx.game.adult === ctx.you.seat;
  const mine = new Set(hide ? [] : (ctx.me && ctx.me.played) || []);
  return (ctx.game.table || []).map((e) => ({
    id: e.number, card: e.card, number: e.number,
    disabled: selectable && mine.has(e.card),
    label: mine.has(e.card) ? t(playedFor(ctx) ? 'phone.played_for_you' : 'phone.your_card') : null,
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

function proxyForm(ctx) {
  let child = null;
  let waitingKey = null;
  const who = h('div', { class: 'p-waiting', 'data-testid': 'vote-for' });
  const top = h('div');
  const bar = confirmBar(() => ctx.send('vote', { card: grid.selected()[0], for: child }));
  const refresh = () => {
    const n = grid.selected()[0];
    const name = child ? seatName(ctx.room, child) : '';
    const label = n != null && child ? t('phone.vote_for_child', { n, name })
      : child ? t('phone.pick_card_for', { name }) : t('phone.pick_child_and_card');
    bar.update(label, n != null && child != null);
  };
  // The adult's own card is the one to find, so nothing is greyed out here.
  const grid = cardGrid(tableItems(ctx, false), { deck: deckId(ctx.room), selectable: true, onChange: () => refresh() });
  const el = h('div', { class: 'vote-form' }, top, who, grid.el, bar.el);
  const form = confirmForm(el, bar, refresh, (c) => {
    ctx = c;
    // The children without a phone first: only this phone can enter their guesses (RULES.md §2.5); those with a
    // phone of their own guess there, and their chips follow (the adult may still enter it for them).
    const mine = adultEnters(c.room);
    const own = (c.game.waiting_for || []).filter((s) => s !== c.you.seat && !mine.includes(s));
    const waiting = [...mine, ...own];
    // A child's vote went in (or a child voted on their own phone): next child, fresh card choice.
    const key = waiting.join(',');
    if (waitingKey !== null && key !== waitingKey) { grid.clear(); bar.release(); }
    waitingKey = key;
    if (!waiting.includes(child)) child = waiting.length ? waiting[0] : null;
    fill(top, associationBox(c), h('p', { class: 'hint', text: t(mine.length ? 'phone.who_votes_no_phone' : 'phone.who_votes') }));
    const chip = (s) => h('button', { class: `chip${s === child ? ' done' : ''}`, type: 'button',
      'data-seat': s, 'data-testid': 'child-chip', 'aria-pressed': String(s === child),
      onclick: () => { child = s; form.update(ctx); } }, elephantToken(seatColour(c.room, s), 30), seatName(c.room, s));
    fill(who, mine.map(chip),
      own.length && mine.length ? h('span', { class: 'p-waiting-label', text: t('phone.on_own_phone') }) : null, own.map(chip));
  });
  return form;
}

/** Kids: every child has voted; one deliberate tap on "Reveal!" turns the cards (busy after it: confirmBar). */
function revealForm(ctx) {
  const top = h('div');
  const bar = confirmBar(() => ctx.send('reveal', {}));
  const grid = cardGrid(tableItems(ctx, false), { deck: deckId(ctx.room) });
  const el = h('div', { class: 'vote-form reveal-form', 'data-testid': 'reveal-form' }, top, grid.el, bar.el);
  bar.el.classList.add('reveal-bar');
  return confirmForm(el, bar, () => bar.update(t('phone.reveal'), true), (c) => fill(top, associationBox(c),
    notice(t('phone.all_voted'), t('phone.reveal_hint'), 'all-voted')));
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
