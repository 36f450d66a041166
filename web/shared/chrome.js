// Page chrome shared by the TV and the phone: the connection badge and the language switch.
import { h } from './dom.js';
import { t, otherLang } from './i18n.js';

/**
 * A connection badge: .set("connecting" | "online" | "offline" | "restarting"). `short` (the TV's bar, beside the title and
 * the countdown): offline says only «Нет связи»; the sentence goes in the tooltip.
 */
export function connectionBadge({ short = false } = {}) {
  const el = h('div', { class: 'conn conn-connecting', role: 'status', 'data-testid': 'conn' });
  let status = 'connecting';
  const render = () => {
    el.className = `conn conn-${status}`;
    el.dataset.status = status;
    el.textContent = t(short && status === 'offline' ? 'conn.offline_short' : `conn.${status}`);
    el.title = t(`conn.${status}`);
  };
  render();
  el.set = (s) => { status = s; render(); };
  el.refresh = render;
  return el;
}

/** A button that switches between Russian and English; onSwitch(lang) does the work. */
export function langSwitch(onSwitch) {
  const el = h('button', { class: 'lang-switch', type: 'button', 'data-testid': 'lang' });
  const render = () => {
    el.textContent = otherLang().toUpperCase();
    el.title = t('switch_language');
  };
  el.addEventListener('click', () => onSwitch(otherLang()));
  render();
  el.refresh = render;
  return el;
}
