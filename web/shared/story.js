// The story of the evening (docs/protocol.md "Story"): fetched at game over with the TV's key or a seat's token
// in a header, never in a URL.
import { h } from './dom.js';
import { t } from './i18n.js';
import { cardImg } from './cards.js';
import { icon } from './icons.js';

/** Headers for the story routes: { tvKey } (the TV) or { token } (a phone). */
export function headers(creds) {
  const out = /** @type {Object<string,string>} */ ({});
  if (creds.tvKey) out['X-TV-Key'] = creds.tvKey;
  if (creds.token) out['X-Token'] = creds.token;
  return out;
}

/** Resolves to the story JSON of room `code`, or null (refused, gone, offline). */
export function loadStory(code, creds) {
  return fetch(`/api/rooms/${encodeURIComponent(code)}/story`, { headers: headers(creds), cache: 'no-store' })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
}

/** An owner's label: a name, or the deck / mammoth. */
export function ownerLabel(owner) {
  return owner === 'bot' || owner === 'deck' || owner === 'mammoth' ? t(`owner.${owner}`) : owner;
}

/** One round: storyteller, association, cards with owners and voters, points; `size` 'tv' | 'thumb'. */
export function roundView(r, deck, size) {
  const cards = (r.cards || []).map((c, i) => h('li', { class: `story-card${c.storyteller ? ' told' : ''}`, 'data-testid': 'story-card' },
    h('div', { class: 'story-card-pic' }, cardImg(deck, c.card, size, 'card-img', i + 1),
      h('span', { class: 'story-card-number', text: String(i + 1) })),
    h('div', { class: 'story-owner', text: ownerLabel(c.owner) }),
    h('div', { class: 'story-votes' }, (c.votes || []).length ? icon('vote', '1em', 'story-votes-icon') : null,
      (c.votes || []).map((v) => h('span', { class: 'story-vote', text: v })))));
  const points = Object.keys(r.points || {}).filter((n) => r.points[n] > 0)
    .sort((a, b) => r.points[b] - r.points[a])
    .map((n) => h('li', { class: 'story-points-item' }, h('span', { class: 'story-points-n', text: `+${r.points[n]}` }), h('span', { text: n })));
  return h('article', { class: 'story-round', 'data-testid': 'story-round', 'data-round': String(r.round) },
    h('header', { class: 'story-round-head' },
      h('span', { class: 'story-round-n', text: t('round_n', { n: r.round }) }),
      r.storyteller ? h('span', { class: 'story-teller', text: t('story.storyteller', { name: r.storyteller }) }) : null),
    r.association
      ? h('p', { class: 'story-assoc', 'data-testid': 'story-association', text: `«${r.association}»` })
      : h('p', { class: 'story-assoc spoken', 'data-testid': 'story-association', text: t('story.spoken') }),
    h('ol', { class: 'story-cards' }, cards),
    points.length ? h('ul', { class: 'story-points' }, points) : h('p', { class: 'story-points none', text: t('story.nobody') }));
}

/** "The story of the evening", with its icon. */
export function storyHeading(cls) {
  return h('h2', { class: cls }, icon('scroll-text'), h('span', { text: t('story.title') }));
}
