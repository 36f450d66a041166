// Page chrome shared by the TV and the phone: the connection badge and the language switch.
import { h } from './dom.js';
import { t, otherLang } from './i18n.js';

/**
 * A connection badge: .set("connecting" | "online" | "offline" | "restarting"). `short` (the TV's bar, beside the title and
 * the countdown): offline says only «Нет связи», and so do the tries to reconnect that follow it (their dot blinks):
 * the wider «Подключение…» of each try took room from the title, which was fitted smaller and wrapped, then grew
 * back, every few seconds while the server was away. The sentence goes in the tooltip.
 */
export function connectionBadge({ short = false } = {}) {
  const el = h('div', { class: 'conn conn-connecting', role: 'status', 'data-testid': 'conn' });
  let status = 'connecting';
  let away = false;   // offline since the last "online": a try to reconnect keeps the offline words
  const render = () => {
    const retry = short && away && status === 'connecting';   // red as offline, its dot blinking as it tries
    const words = short && (status === 'offline' || retry) ? 'conn.offline_short' : `conn.${status}`;
    el.className = `conn conn-${status}${retry ? ' conn-offline' : ''}`;
    el.dataset.status = status;
    el.textContent = t(words);
    el.title = t(`conn.${status}`);
  };
  render();
  el.set = (s) => {
    status = s;
    if (s === 'offline') away = true;
    else if (s !== 'connecting') away = false;
    render();
  };
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
