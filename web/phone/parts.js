// Pieces several phone screens share: conditions, the association, "waiting for" chips.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour, CONDITION_ICONS } from '/static/shared/roster.js';

/** The conditions on this turn's association (special cell / permanent restriction), or null. */
export function conditionsBox(conditions) {
  if (!conditions || !conditions.length) return null;
  return h('div', { class: 'p-conditions', 'data-testid': 'conditions' },
    conditions.map((c) => h('div', { class: 'p-condition' },
      h('span', { class: 'p-condition-icon', text: CONDITION_ICONS[c] || '★' }),
      h('span', { text: t(`condition.${c}`) }))));
}

/** The association (typed) or who to listen to. */
export function associationBox(ctx) {
  const g = ctx.game;
  if (g.association) return h('div', { class: 'p-association', 'data-testid': 'association', text: g.association });
  if (!g.storyteller) return null;
  return h('div', { class: 'p-association spoken', text: t('phone.listen_to', { name: seatName(ctx.room, g.storyteller) }) });
}

/** "Waiting for Аня, Борис" chips. */
export function waitingChips(ctx) {
  const waiting = (ctx.game.waiting_for || []);
  if (!waiting.length) return null;
  return h('div', { class: 'p-waiting', 'data-testid': 'waiting' },
    h('span', { class: 'p-waiting-label', text: t('waiting_for') }),
    waiting.map((s) => h('span', { class: 'chip waiting' }, elephantToken(seatColour(ctx.room, s), 26), seatName(ctx.room, s))));
}

/**
 * Pairs: the name of this phone's partner (the other person of its team), or null outside pairs.
 * Both phones of a team see the same view, so the page says who acted (docs/protocol.md).
 */
export function partnerName(ctx) {
  const team = (ctx.room.roster || []).find((r) => r.seat === ctx.you.seat);
  const other = ((team && team.people) || []).find((p) => p.person !== ctx.you.person);
  return team && (team.people || []).length > 1 && other ? other.name : null;
}

/** "Your partner Борис chose this card" when the team acted from the other phone, else null. */
export function partnerLine(ctx, type, key, params = {}) {
  const name = partnerName(ctx);
  if (!name || ctx.sentByMe(type)) return null;
  return h('div', { class: 'partner-line', 'data-testid': 'partner-line', text: t(key, { name, ...params }) });
}
