// The kids' deck filter (RULES.md §2.5): the adult sees every picture of the chosen deck as a thumbnail
// and taps the ones children should not get. Kept per deck on the server (PUT /api/decks/{deck}/excluded
// with the host's credentials), so it is done once, not every evening. The server keeps each one by its
// picture: when the deck's pictures changed since, it says how many it no longer finds (`outdated`), this
// sheet says so, and closing it after a look saves the filter anew (the lobby's notice then goes).
import { h, fill } from '/static/shared/dom.js';
import { t, tn } from '/static/shared/i18n.js';
import { cardImg, deckId } from '/static/shared/cards.js';
import { hostHeaders } from './deck-picker.js';

let sheet = null;

/** Opens the filter for the room's deck over the lobby. */
export async function openFilter(ctx) {
  close();
  const deck = deckId(ctx.room);   // the deck the room plays with (the built-in one once the chosen one was deleted)
  const count = h('div', { class: 'filter-count', 'data-testid': 'filter-count' });
  const grid = h('div', { class: 'filter-grid', 'data-testid': 'filter-grid' });
  const status = h('div', { class: 'upload-status', role: 'status' });
  const outdated = h('div', { class: 'deck-warning', role: 'status', 'data-testid': 'filter-sheet-outdated' });
  outdated.hidden = true;
  let confirm = false;   // the server no longer finds some pictures: Done saves the list as the adult now sees it
  sheet = h('div', { class: 'sheet-veil', 'data-testid': 'kids-filter' },
    h('div', { class: 'sheet filter-sheet' },
      h('div', { class: 'sheet-head' }, h('h2', { text: t('kids.filter_title') }),
        h('button', { class: 'btn small', type: 'button', 'data-testid': 'filter-close', text: t('kids.filter_done'),
          onclick: () => { if (confirm) save(null); close(); } })),
      h('p', { class: 'hint', text: t('kids.filter_hint') }),
      outdated, count, status, grid));
  document.body.append(sheet);
  fill(grid, h('p', { class: 'hint', text: t('connecting') }));
  let cards = [];
  let excluded = new Set();
  try {
    const res = await fetch(`/api/decks/${encodeURIComponent(deck)}/cards`);
    const body = await res.json();
    if (!res.ok) throw new Error(body.message || res.status);
    cards = body.cards || [];
    excluded = new Set(body.excluded || []);
    confirm = body.outdated > 0;
    outdated.hidden = !confirm;
    if (confirm) outdated.textContent = tn('kids.filter_outdated', body.outdated);
  } catch (e) {
    fill(grid, h('p', { class: 'hint', text: String(e.message || e) }));
    return;
  }
  const els = new Map();
  const renderCount = () => {
    count.textContent = t('kids.filter_count', { kept: cards.length - excluded.size, n: cards.length });
  };
  // Each tap saves the whole list (and with it today's pictures); a newer tap's answer wins, a refusal puts
  // the tap back. `card` null: the list unchanged, saved as seen (closing after the deck changed).
  let seq = 0;
  async function save(card) {
    const mine = ++seq;
    confirm = false;
    try {
      const res = await fetch(`/api/decks/${encodeURIComponent(deck)}/excluded`, {
        method: 'PUT', headers: { 'Content-Type': 'application/json', ...hostHeaders(ctx) },
        body: JSON.stringify([...excluded]) });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(body.message || String(res.status));
      if (mine === seq) { status.textContent = ''; outdated.hidden = true; }
    } catch (e) {
      if (card === null) return;   // the sheet is closed; the lobby still shows the notice
      if (excluded.has(card)) excluded.delete(card); else excluded.add(card);
      if (els.has(card)) els.get(card).classList.toggle('excluded', excluded.has(card));
      renderCount();
      status.className = 'upload-status bad';
      status.textContent = String(e.message || e);
    }
  }
  fill(grid, cards.map((card, i) => {
    const el = h('button', { class: `filter-card${excluded.has(card) ? ' excluded' : ''}`, type: 'button',
      'data-card': card, 'data-testid': 'filter-card', 'aria-pressed': String(excluded.has(card)),
      'aria-label': t('a11y.card', { n: i + 1, all: cards.length }),
      onclick: () => {
        if (excluded.has(card)) excluded.delete(card); else excluded.add(card);
        el.classList.toggle('excluded', excluded.has(card));
        el.setAttribute('aria-pressed', String(excluded.has(card)));
        renderCount();
        save(card);
      } },
    h('div', { class: 'card' }, cardImg(deck, card, 'thumb')),
    h('span', { class: 'filter-mark', text: '✕' }));
    els.set(card, el);
    return el;
  }));
  renderCount();
}

/** Closes the filter. */
export function close() {
  if (sheet) sheet.remove();
  sheet = null;
}
