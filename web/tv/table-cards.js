// The numbered cards on the table, flipped face up once decoded.
import { h } from '/static/shared/dom.js';
import { cardImg, preloadAll } from '/static/shared/cards.js';

// The pictures of the last table drawn, "deck/card" → <img>: the result moves voting's own pictures over, so a
// picture is never asked for (nor decoded, nor faded in) twice.
let pictures = new Map();

function picture(deck, entry) {
  const key = `${deck}/${entry.card}`;
  return pictures.get(key) || cardImg(deck, entry.card, 'tv', 'card-img', entry.number);
}

// voting.css: a card turns in TURN_S, each STAGGER_S after the one before
const TURN_S = 0.9;
const STAGGER_S = 0.18;

/** Makes `row`'s cards flat (voting.css .settled) `after` s from now, once they have turned (at once: 0). */
export function settle(row, after) {
  if (after > 0) setTimeout(() => row.classList.add('settled'), (after + 0.2) * 1000);
  else row.classList.add('settled');
}

/** The row for table [{number, card}], face up at once (`faceUp`) or once decoded: {el, cards: number → el}. */
export function tableCards(deck, table, faceUp) {
  const cards = new Map();
  const next = new Map();
  const row = h('div', { class: 'table-row', 'data-n': table.length, style: { '--n': table.length } });
  table.forEach((entry, i) => {
    const img = picture(deck, entry);
    next.set(`${deck}/${entry.card}`, img);
    const el = h('div', { class: `table-card${faceUp ? ' revealed' : ''}`, style: { '--i': i },
      'data-number': entry.number, 'data-card': entry.card, 'data-testid': 'table-card' },
    h('div', { class: 'flip' },
      h('div', { class: 'face front card' }, img),
      h('div', { class: 'face back card card-back' })),
    h('div', { class: 'card-number', text: String(entry.number) }));
    cards.set(entry.number, el);
    row.append(el);
  });
  pictures = next;
  if (!faceUp) {
    // every face decoded (img.decode()) before any turns, so the flip never shows a half-drawn picture
    preloadAll(deck, table.map((e) => e.card), 'tv').then(() => {
      // after the face-down state is painted, so the flip runs
      requestAnimationFrame(() => requestAnimationFrame(() => {
        for (const el of cards.values()) el.classList.add('revealed');
        settle(row, TURN_S + (table.length - 1) * STAGGER_S);
      }));
    });
  }
  return { el: row, cards };
}
