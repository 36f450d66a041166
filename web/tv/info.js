// The TV's info panel: every join address (GET /api/info), the mDNS name, the version.
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { overlay } from './stage.js';

let panel = null;

/** A top-bar button that opens the panel for room `code`. */
export function infoButton(getCode) {
  return h('button', { class: 'info-btn', type: 'button', 'data-testid': 'tv-info-btn', title: t('tv.info.title'),
    'aria-label': t('tv.info.title'), text: 'i', onclick: () => (panel ? close() : open(getCode())) });
}

/** Opens the panel. */
export async function open(code) {
  close();
  const body = h('div', { class: 'info-body' }, h('p', { text: t('connecting') }));
  panel = h('div', { class: 'info-veil', 'data-testid': 'tv-info', onclick: (ev) => { if (ev.target === panel) close(); } },
    h('section', { class: 'info-panel' },
      h('div', { class: 'info-head' }, h('h2', { text: t('tv.info.title') }),
        h('button', { class: 'info-close', type: 'button', text: '✕', 'aria-label': t('close'), onclick: close })),
      body));
  overlay().append(panel);
  let info;
  try {
    const res = await fetch(`/api/info${code ? '?room=' + encodeURIComponent(code) : ''}`);
    info = await res.json();
  } catch (e) {
    fill(body, h('p', { text: String(e) }));
    return;
  }
  const urls = info.join_urls || [];
  fill(body,
    h('h3', { text: t('tv.info.join_urls') }),
    h('ol', { class: 'info-urls', 'data-testid': 'tv-info-urls' }, urls.map((u, i) => h('li', {},
      h('span', { class: 'info-url', text: u }), i === 0 ? h('span', { class: 'chip', text: t('tv.info.in_qr') }) : null))),
    urls.length > 1 ? h('p', { class: 'info-hint', text: t('tv.info.other_hint') }) : null,
    h('h3', { text: t('tv.info.mdns') }),
    h('p', { class: 'info-url', 'data-testid': 'tv-info-mdns',
      text: info.mdns_url ? `${info.mdns_url}${code ? '/join/' + code : ''}` : t('tv.info.no_mdns') }),
    info.mdns_name ? h('p', { class: 'info-hint', text: info.mdns_name }) : null,
    h('p', { class: 'info-hint', text: t('tv.info.version', { v: info.version || '?' }) }));
}

/** Closes the panel. */
export function close() {
  if (panel) panel.remove();
  panel = null;
}
