// Phone, a result the TV is showing (result-hold.js; part of the phase `scored`, its styles in scored.css): "Look at
// the TV!" big, a bar that fills for as long as the TV's show lasts, then phone.js shows the result. The storyteller
// (kids: the adult) and the host keep their way on: "Next round" as on the result, and "Show now" to see it at once.
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { icon } from '/static/shared/icons.js';
import { nextRound } from './scored.js';

/** Builds the screen (its bar fills in what is left of the hold, `ctx.look`); update(ctx) redraws the buttons. */
export function create(ctx) {
  const look = ctx.look;
  const total = look ? look.total() : 0;
  const left = look ? look.left() : 0;
  // drawn again mid-hold (a language switch): the bar goes on from where it was
  const fillEl = h('div', { class: 'look-fill', style: { animationDuration: `${total / 1000}s`,
    animationDelay: `${(left - total) / 1000}s` } });
  const buttons = h('div', { class: 'look-buttons' });
  const el = h('section', { class: 'p-look', 'data-testid': 'phone-look' },
    h('div', { class: 'look-tv' }, icon('tv', '4.5rem')),
    h('h1', { class: 'look-title', text: t('phone.look_title') }),
    h('p', { class: 'look-line', text: t('phone.look_line') }),
    h('div', { class: 'look-bar', role: 'progressbar', 'aria-label': t('phone.look_title') }, fillEl),
    buttons);
  function update(c) {
    const next = nextRound(c);
    fill(buttons, next,
      next || c.you.is_host ? h('button', { class: 'btn ghost big', type: 'button', 'data-testid': 'show-now',
        text: t('phone.show_now'), onclick: () => { if (c.look) c.look.skip(); } }) : null);
  }
  const release = () => { el.querySelectorAll('[data-testid=next-round]').forEach((b) => b.removeAttribute('disabled')); };
  return { el, update, refused: release };
}
