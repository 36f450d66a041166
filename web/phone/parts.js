// Pieces several phone screens share: the association, "waiting for" chips, the partner's line.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour } from '/static/shared/roster.js';

/** The association (typed) or who to listen to. */
export function associationBox(ctx) {
  const g = ctx.game;
  if (g.association) return h('div', { class: 'p-association', 'data-testid': 'association', text: g.association });
  // Nobody to point at, or the storyteller's own phone ("Listen to Аня's association" on Аня's phone).
  if (!g.storyteller || (ctx.me && ctx.me.is_storyteller)) return null;
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
