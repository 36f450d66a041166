// Phone, phase `telling`. The storyteller (or, in "claim", anyone) chooses a card, may type the
// association, and sees the special-cell condition; the others look at their hand and wait.
import { modeOf } from '/static/shared/rules.js';
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { seatName, seatInfo, memberCount } from '/static/shared/roster.js';
import { deckId } from '/static/shared/cards.js';
import { cardGrid, confirmBar, notice } from '../card-grid.js';
import { formScreen, confirmForm, keptText } from '../form-screen.js';
import { associationField } from '../text-limit.js';
import { waitingChips } from '../parts.js';
import { conditionsBox } from '/static/shared/conditions.js';

/** Builds the screen (`carried`: formScreen's); update(ctx) switches between the storyteller's form and the waiting view. */
export function create(ctx, carried) {
  return formScreen({ class: 'p-telling', 'data-testid': 'phone-telling' },
    (c) => (((c.me && c.me.can) || []).includes('tell') ? 'tell' : null), { tell: tellForm }, waitView, carried);
}

function tellForm(ctx) {
  const duel = !modeOf(ctx.game).tell_with_card;  // the duel's storyteller names the association before seeing cards
  const association = associationField({ placeholder: t('phone.association_placeholder') }, !duel);
  const conditions = h('div');
  let grid = null;
  const bar = confirmBar(() => {
    const text = association.text();
    const fields = {};
    if (!duel) fields.card = grid.selected()[0];
    if (text) fields.association = text;
    return ctx.send('tell', fields);
  });
  const refresh = () => bar.update(duel ? t('phone.tell_association') : t('phone.tell_with_card'),
    association.fits() && (duel || grid.selected().length === 1));
  association.input.addEventListener('input', refresh);
  const field = h('label', { class: 'field' }, h('span', { class: 'field-label',
    text: duel ? t('phone.association_required') : t('phone.association_optional') }), association.field);
  grid = duel ? null : cardGrid((ctx.me.hand || []).map((c) => ({ id: c, card: c })), {
    deck: deckId(ctx.room), selectable: true, onChange: refresh,
  });
  const el = h('div', { class: 'tell-form' },
    // "First to tell" (claim): nobody is the storyteller yet; whoever tells first becomes it.
    ctx.game.storyteller
      ? notice(t('phone.you_are_storyteller'), duel ? t('phone.duel_tell_hint')
        : modeOf(ctx.game).has_adult ? t('phone.kids_tell_hint') : t('phone.choose_card_hint'), 'you-tell')
      : notice(t('phone.claim_title'), t('phone.claim_hint'), 'you-tell'),
    conditions,
    // The association box before the cards: below them a 360×640 phone showed it under the fixed confirm
    // bar, its label cut in half, with nothing on the screen saying it was there.
    field,
    grid ? grid.el : null,
    bar.el);
  // The last round's hand of one card (D1): that card is chosen for the storyteller, still to be confirmed.
  const hand = ctx.me.hand || [];
  const only = grid && hand.length === 1 ? hand : [];
  if (only.length) grid.select(only);
  const text = keptText(association);
  return confirmForm(el, bar, refresh, (c) => fill(conditions, conditionsBox(c.game.conditions)), {
    carry: () => ({ text: text.carry(), cards: grid ? grid.selected() : [] }),
    restore: (d) => { text.restore(d.text); if (grid) grid.select(d.cards && d.cards.length ? d.cards : only); },
  });
}

function waitView(ctx) {
  const g = ctx.game;
  const st = g.storyteller;
  const hand = (ctx.me && ctx.me.hand) || [];
  // Kids: a child has no hand (the adult's card and two from the deck go to the table); duel: the hand lies
  // face down until the association is told. "Look at your cards" only when there are cards to look at.
  const team = Boolean(st) && memberCount(seatInfo(ctx.room, st)) > 1;   // a pairs team is plural
  const line = modeOf(g).has_adult ? t('phone.kids_wait')
    : hand.length ? t(team ? 'phone.storyteller_thinking_team' : 'phone.storyteller_thinking') : t('phone.no_hand_wait');
  return h('div', { class: 'wait-view' },
    notice(st ? t(team ? 'phone.storyteller_is_team' : 'phone.storyteller_is', { name: seatName(ctx.room, st) }) : t('phone.claim_wait'), line, 'wait-tell'),
    conditionsBox(g.conditions),
    waitingChips(ctx),
    ctx.me ? cardGrid((ctx.me.hand || []).map((c) => ({ id: c, card: c })), { deck: deckId(ctx.room) }).el : null);
}
