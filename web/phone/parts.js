// Pieces several phone screens share: the association, "waiting for" chips, the partner's line.
import { h, fill } from '/static/shared/dom.js';
import { t, tn } from '/static/shared/i18n.js';
import { adultEnters } from '/static/shared/rules.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatName, seatColour } from '/static/shared/roster.js';

// Associations this phone has opened to read whole: a screen is drawn again on every state, and an opened one
// stays open through the others' votes.
const opened = new Set();
// Associations found longer than three lines: drawn as their toggle at once on the next states (measured again
// on each, a long one showed clamped for a frame before its toggle came back, a flicker at every vote).
const long = new Set();

/**
 * A typed association in at most three lines: a long one (up to 200 letters) pushed a small phone's voting cards
 * off the screen. Once drawn, one that does not fit becomes a button that shows it whole (and three lines
 * again); a screen reader reads the whole text either way.
 */
function typedAssociation(text) {
  if (opened.has(text) || long.has(text)) return toggle(text);
  const box = h('div', { class: 'p-association clamped', 'data-testid': 'association', text });
  requestAnimationFrame(() => {
    if (!box.isConnected || box.scrollHeight <= box.clientHeight + 1) return;
    long.add(text);
    box.replaceWith(toggle(text));
  });
  return box;
}

/** The association as a button that opens and closes it (aria-expanded). */
function toggle(text) {
  const draw = () => {
    const open = opened.has(text);
    fill(button, h('span', { class: `p-association${open ? '' : ' clamped'}`, 'data-testid': 'association', text }),
      h('span', { class: 'p-association-more', text: t(open ? 'phone.association_less' : 'phone.association_all') }));
    button.setAttribute('aria-expanded', String(open));
  };
  const button = h('button', { class: 'p-association-toggle', type: 'button', 'data-testid': 'association-toggle',
    onclick: () => { if (opened.has(text)) opened.delete(text); else opened.add(text); draw(); } });
  draw();
  return button;
}

/** The association (typed) or who to listen to. */
export function associationBox(ctx) {
  const g = ctx.game;
  if (g.association) return typedAssociation(g.association);
  // Nobody to point at, or the storyteller's own phone ("Listen to Аня's association" on Аня's phone).
  if (!g.storyteller || (ctx.me && ctx.me.is_storyteller)) return null;
  return h('div', { class: 'p-association spoken', text: t('phone.listen_to', { name: seatName(ctx.room, g.storyteller) }) });
}

/** "Waiting for Аня, Борис" chips. */
export function waitingChips(ctx) {
  // Kids: a child without a phone is not waited for but entered by the adult (RULES.md §2.5), on a line of its own.
  const entered = adultEnters(ctx.room);
  const waiting = (ctx.game.waiting_for || []).filter((s) => !entered.includes(s));
  const chip = (s) => h('span', { class: 'chip waiting' }, elephantToken(seatColour(ctx.room, s), 26), seatName(ctx.room, s));
  return [
    waiting.length ? h('div', { class: 'p-waiting', 'data-testid': 'waiting' },
      h('span', { class: 'p-waiting-label', text: t('waiting_for') }), waiting.map(chip)) : null,
    entered.length ? h('div', { class: 'p-waiting', 'data-testid': 'adult-enters' },
      h('span', { class: 'p-waiting-label', text: tn('adult_enters', entered.length, { name: seatName(ctx.room, ctx.game.adult) }) }),
      entered.map(chip)) : null];
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
