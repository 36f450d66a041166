// The numbered cards on the table (voting and scored). Images are preloaded and decoded before the cards
// flip face up, so nothing pops in during the reveal.
import { h, setStyle } from '/static/shared/dom.js';
import { cardImg, preloadAll } from '/static/shared/cards.js';

/**
 * Builds the row of table cards. table: [{number, card}], deck: deck id. faceUp: show at once (true) or
 * flip once the images are ready (false). Returns { el, cards: Map(number → element) }.
 */
export function tableCards(deck, table, faceUp) {
  const cards = new Map();
  const row = h('div', { class: 'table-row', 'data-n': table.length, style: { '--n': table.length } });
  table.forEach((entry, i) => {
    const el = h('div', { class: `table-card${faceUp ? ' revealed' : ''}`, style: { '--i': i },
      'data-number': entry.number, 'data-card': entry.card, 'data-testid': 'table-card' },
    h('div', { class: 'flip' },
      h('div', { class: 'face front card' }, cardImg(deck, entry.card, 'tv', 'card-img', entry.number)),
      h('div', { class: 'face back card card-back' })),
    h('div', { class: 'card-number', text: String(entry.number) }));
    cards.set(entry.number, el);
    row.append(el);
  });
  if (!faceUp) {
    preloadAll(deck, table.map((e) => e.card), 'tv').then(() => {
      // Next frame, so the face-down state has been painted and the flip transition runs.
      requestAnimationFrame(() => requestAnimationFrame(() => {
        for (const el of cards.values()) el.classList.add('revealed');
      }));
    });
  }
  return { el: row, cards };
}

/** Marks a card element with extra classes/style (e.g. the storyteller's card). */
export function markCard(el, cls, style = {}) {
  el.classList.add(cls);
  setStyle(el, style);
}
