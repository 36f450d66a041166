// Phone, phase `playing`: everyone but the storyteller picks the card that best fits the association
// (select, then confirm). Also: dispute the association, and the storyteller's restatement.
import { modeOf } from '/static/shared/rules.js';
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { cardImg, deckId } from '/static/shared/cards.js';
import { cardGrid, confirmBar, notice } from '../card-grid.js';
import { formScreen, confirmForm, keptText } from '../form-screen.js';
import { associationField } from '../text-limit.js';
import { associationBox, waitingChips, partnerLine } from '../parts.js';
import { conditionsBox, conditionIcon } from '/static/shared/conditions.js';

/** Builds the screen (`carried`: formScreen's); update(ctx) switches between choosing, restating and waiting. */
export function create(ctx, carried) {
  return formScreen({ class: 'p-hand', 'data-testid': 'phone-playing' }, (c) => {
    const can = (c.me && c.me.can) || [];
    return can.includes('play_card') ? 'play' : can.includes('restate') ? 'restate' : null;
  }, { play: playForm, restate: restateForm }, waitView(), carried);
}

function playForm(ctx) {
  const need = modeOf(ctx.game).cards_each;
  const duel = need > 1;
  const top = h('div');
  const bar = confirmBar(() => ctx.send('play_card', need === 1 ? { card: grid.selected()[0] } : { cards: grid.selected() }));
  // Duel: two cards; the button says how many are still to choose.
  const refresh = () => bar.update(need === 1 ? t('phone.play_this_card')
    : grid.selected().length === need ? t('phone.play_these_cards') : t('phone.choose_n_more', { n: need - grid.selected().length }),
  grid.selected().length === need);
  const grid = cardGrid((ctx.me.hand || []).map((c) => ({ id: c, card: c })), {
    deck: deckId(ctx.room), selectable: true, max: need, onChange: () => refresh(),
  });
  // A hand of just the cards to play: they are chosen already, still to be confirmed.
  const only = (ctx.me.hand || []).length === need ? ctx.me.hand : [];
  if (only.length) grid.select(only);
  const bottom = h('div', { class: 'play-bottom' });
  const el = h('div', { class: 'play-form' }, top, grid.el, bottom, bar.el);
  const dispute = keptDispute();
  return confirmForm(el, bar, refresh, (c) => {
    fill(top, associationBox(c), conditionsBox(c.game.conditions),
      c.game.last_card ? h('p', { class: 'hint', text: t('phone.last_card') }) : null,
      h('p', { class: 'hint', text: duel ? t('phone.choose_two_hint') : t('phone.choose_card_fits') }));
    // Below the hand, away from the cards a thumb is aiming at.
    const box = dispute(c);
    if (bottom.firstChild !== box) fill(bottom, box);
  }, { carry: () => grid.selected(), restore: (ids) => grid.select(ids && ids.length ? ids : only) });
}

function restateForm(ctx) {
  // Starts from the disputed text, so a small fix is a small edit.
  const association = associationField({ value: ctx.game.association || '' }, false);
  const conditions = h('div');
  const bar = confirmBar(() => ctx.send('restate', { association: association.text() }));
  const refresh = () => bar.update(t('phone.restate'), association.fits());
  association.input.addEventListener('input', refresh);
  const el = h('div', { class: 'restate-form' },
    notice(t('phone.disputed'), t('phone.restate_hint')), conditions, association.field, bar.el);
  return confirmForm(el, bar, refresh, (c) => fill(conditions, conditionsBox(c.game.conditions)), keptText(association));
}


/** True once this seat has disputed the association this turn (the room's pacing says so). */
function disputed(ctx) {
  return ((ctx.room.pacing || {}).disputes || []).some((d) => d.seat === ctx.you.seat);
}

/**
 * `(ctx) → node | null` for each state: "Dispute the association" (engine/pacing.py), offered only when a condition
 * applies this turn (the engine's `can`) and this seat has not disputed yet. The same node while it may still be
 * used, so a confirmation open on this phone is not closed by another player's move (a state redraws the screen).
 */
function keptDispute() {
  let box = null;
  return (ctx) => {
    if (!((ctx.me && ctx.me.can) || []).includes('dispute') || disputed(ctx)) box = null;
    else if (!box) box = disputeButton(ctx);
    return box;
  };
}

/** The dispute button; a tap asks which condition the association breaks (the confirmation). */
function disputeButton(ctx) {
  const box = h('div', { class: 'dispute-box' });
  const ask = () => { fill(box, confirm()); box.scrollIntoView({ block: 'center' }); };   // above the sticky bar
  const confirm = () => h('div', { class: 'dispute-confirm', 'data-testid': 'dispute-confirm' },
    h('p', { class: 'hint', text: t('phone.dispute_ask') }),
    (ctx.game.conditions || []).map((c) => h('button', { class: 'btn', type: 'button', 'data-testid': 'dispute-condition',
      'data-condition': c, onclick: (ev) => { const b = ev.currentTarget; b.disabled = ctx.send('dispute', { condition: c }); } },
    h('span', { class: 'condition-icon' }, conditionIcon(c)), h('span', { text: t(`condition.${c}`) }))),
    h('button', { class: 'btn ghost', type: 'button', 'data-testid': 'dispute-cancel', text: t('phone.dispute_cancel'), onclick: () => fill(box, button) }));
  const button = h('button', { class: 'btn small ghost', type: 'button', 'data-testid': 'dispute', text: t('phone.dispute'), onclick: ask });
  fill(box, button);
  return box;
}

/** The view while the others play, `(ctx) → node`: one node redrawn in place around its kept dispute box. */
function waitView() {
  const top = h('div');
  const bottom = h('div');
  const chips = h('div');
  const el = h('div', { class: 'wait-view' }, top, bottom, chips);
  const dispute = keptDispute();
  return (ctx) => {
    const me = ctx.me;
    const played = (me && me.played) || [];
    const deck = deckId(ctx.room);
    const title = me && me.is_storyteller ? t('phone.others_choosing') : played.length ? t('phone.you_played') : t('phone.wait');
    fill(top, notice(title, null, 'played'),
      played.length ? partnerLine(ctx, me && me.is_storyteller ? 'tell' : 'play_card',
        me && me.is_storyteller ? 'partner.told' : (played.length > 1 ? 'partner.played_two' : 'partner.played')) : null,
      associationBox(ctx),
      played.length ? h('div', { class: 'played-row' }, played.map((c) => h('div', { class: 'card played-card' }, cardImg(deck, c, 'thumb')))) : null);
    const box = dispute(ctx);
    if (bottom.firstChild !== box) fill(bottom, box);
    fill(chips, waitingChips(ctx));
    return el;
  };
}
