// Card images: /cards/{deck}/{card}.{tv|thumb}.webp, JPEG fallback, preloaded (no pop-in at the reveal).
import { h } from './dom.js';

const ready = new Map();  // "deck/card/size" → Promise<url that loaded>

/** The room's deck id ("builtin" until the server names one). */
export function deckId(room) {
  return room.deck && room.deck.id ? room.deck.id : 'builtin';
}

// deck id → its pictures' fingerprint (the room view's deck.rev). Pictures are cached for a year under their URL,
// so the URL carries it: a card whose picture changed (a regenerated built-in deck) is fetched anew, and every
// TV and phone shows the same picture for it, not whichever each cached.
const revs = new Map();

/** Notes the room's deck fingerprint (on every `state`, before anything draws a card). */
export function noteDeck(room) {
  if (room && room.deck && room.deck.id && room.deck.rev) revs.set(room.deck.id, room.deck.rev);
}

/** URL of a card image; size "tv" | "thumb", ext "webp" | "jpg"; with `?v=` the deck's fingerprint once known. */
export function cardUrl(deck, card, size = 'tv', ext = 'webp') {
  const rev = revs.get(deck);
  return `/cards/${encodeURIComponent(deck)}/${encodeURIComponent(card)}.${size}.${ext}${rev ? '?v=' + rev : ''}`;
}

/** Loads and decodes a card image (WebP, else JPEG); resolves to the URL that worked (or null). */
export function preload(deck, card, size = 'tv') {
  const key = `${deck}/${card}/${size}`;
  if (!ready.has(key)) {
    ready.set(key, tryLoad(cardUrl(deck, card, size, 'webp'))
      .catch(() => tryLoad(cardUrl(deck, card, size, 'jpg')))
      .catch(() => null));
  }
  return ready.get(key);
}

/** Preloads many cards; resolves when all have loaded or failed. */
export function preloadAll(deck, cards, size = 'tv') {
  return Promise.all(cards.map((c) => preload(deck, c, size)));
}

function tryLoad(url) {
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  return img.decode().then(() => url);
}

// After WebP and JPEG both fail, the JPEG is asked for again after these pauses (ms).
export const RETRY_DELAYS = [1000, 3000];

/** A card's <img>: WebP, then JPEG, retried; at last a plain face showing `number`. */
export function cardImg(deck, card, size = 'tv', cls = 'card-img', number = null) {
  const img = h('img', { class: cls, alt: '', draggable: 'false', decoding: 'async' });
  let tries = 0;
  img.addEventListener('load', () => img.classList.add('loaded'));
  img.addEventListener('error', () => {
    if (img.src.indexOf('.webp') >= 0) {
      img.src = cardUrl(deck, card, size, 'jpg');
    } else if (tries < RETRY_DELAYS.length) {
      tries += 1;
      setTimeout(() => {
        const url = cardUrl(deck, card, size, 'jpg');
        img.src = `${url}${url.indexOf('?') >= 0 ? '&' : '?'}try=${tries}`;
      }, RETRY_DELAYS[tries - 1]);
    } else if (img.parentNode) {
      img.replaceWith(plainFace(number, cls));
    }
  });
  img.src = cardUrl(deck, card, size, 'webp');
  return img;
}

/** A card face without its picture: the table number, if any. */
export function plainFace(number, cls = 'card-img') {
  return h('div', { class: `${cls} card-plain`, 'data-testid': 'card-plain', role: 'img',
    'aria-label': number != null ? String(number) : '', text: number != null ? String(number) : '' });
}
