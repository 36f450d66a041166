// Phone, phase `game_over`: the final standings; the host may start a new game with the same people.
import { h, fill } from '/static/shared/dom.js';
import { t, lang } from '/static/shared/i18n.js';
import { loadStory, headers, roundView, storyHeading } from '/static/shared/story.js';
import { elephantToken } from '/static/shared/colours.js';
import { elephantName, elephantColour, standings, places } from '/static/shared/roster.js';
import { icon } from '/static/shared/icons.js';
import { endReasonText } from '/static/shared/rules.js';

/** This phone's seat token for room `code` (phone.js keeps it), or null. */
function storedToken(code) {
  try { return localStorage.getItem(`imaginarium.token.${code}`); } catch (e) { return null; }
}

/** Resolves to an object URL of the keepsake PNG in `lang`, or null. */
function loadKeepsake(code, creds, lang) {
  return fetch(`/api/rooms/${encodeURIComponent(code)}/story.png?lang=${encodeURIComponent(lang)}`,
    { headers: headers(creds), cache: 'no-store' })
    .then((res) => (res.ok ? res.blob() : null))
    .then((blob) => (blob ? URL.createObjectURL(blob) : null))
    .catch(() => null);
}

/** Builds the screen; update(ctx) redraws it. */
export function create() {
  const el = h('section', { class: 'p-game-over', 'data-testid': 'phone-game-over' });
  const final = h('div', { class: 'p-final' });
  const browser = h('div', { class: 'p-story', 'data-testid': 'phone-story', hidden: true });
  el.append(final, browser);
  let keepsakeUrl = null;

  /** The story browser: every round, then the keepsake picture (fetched with the seat token). */
  function openStory(code) {
    const creds = { token: storedToken(code) };
    final.hidden = true;
    browser.hidden = false;
    fill(browser, h('p', { class: 'hint center', text: t('story.loading') }));
    loadStory(code, creds).then((story) => {
      const back = h('button', { class: 'btn', type: 'button', 'data-testid': 'story-back', text: t('story.back'),
        onclick: () => { browser.hidden = true; final.hidden = false; } });
      if (!story) { fill(browser, h('p', { class: 'hint center', text: t('story.none') }), back); return; }
      const picture = h('div', { class: 'p-keepsake' });
      fill(browser, storyHeading('p-story-title'),
        story.rounds.length ? story.rounds.map((r) => roundView(r, story.deck, 'thumb')) : h('p', { class: 'hint center', text: t('story.none') }),
        picture, back);
      window.scrollTo(0, 0);
      loadKeepsake(code, creds, lang()).then((url) => {
        if (!url) return;
        if (keepsakeUrl) URL.revokeObjectURL(keepsakeUrl);
        keepsakeUrl = url;
        fill(picture,
          h('a', { class: 'btn primary', href: url, download: `story-${code}.png`, 'data-testid': 'keepsake' },
            icon('image'), h('span', { text: t('story.keepsake') })),
          h('img', { class: 'p-keepsake-img', src: url, alt: t('story.keepsake') }));
      });
    });
  }

  function update(c) {
    const g = c.game;
    const winners = new Set(g.winners || []);
    const won = (e) => winners.has(e.id) || (e.seats || []).some((s) => winners.has(s));
    const mine = (e) => (e.seats || [e.id]).includes(c.you.seat);
    const iWon = (g.elephants || []).some((e) => won(e) && mine(e));
    const sorted = standings(g);
    const ranks = places(sorted);
    fill(final,
      h('div', { class: 'final-title', text: g.duel_outcome ? t(`duel_outcome.${g.duel_outcome}`) : iWon ? t('phone.you_won') : t('phone.game_over') }),
      endReasonText(g) ? h('p', { class: 'hint center', text: endReasonText(g) }) : null,
      h('ol', { class: 'p-standings', 'data-testid': 'final-standings' }, sorted.map((e, i) => h('li', {
        class: `p-standing${won(e) ? ' won' : ''}${mine(e) ? ' mine' : ''}` },
      h('span', { class: 'p-rank', 'data-testid': 'final-place', 'data-place': String(ranks[i]) },
        won(e) ? icon('crown') : h('span', { text: String(ranks[i]) })),
      elephantToken(elephantColour(c.room, e), 40),
      h('span', { class: 'p-standing-name', text: elephantName(c.room, e) }),
      h('span', { class: 'p-standing-distance', text: String(e.distance) })))),
      h('button', { class: 'btn big', type: 'button', 'data-testid': 'open-story', onclick: () => openStory(c.room.code) },
        icon('scroll-text'), h('span', { text: t('story.open') })),
      c.you.is_host ? h('button', { class: 'btn primary big', type: 'button', 'data-testid': 'new-game', text: t('phone.new_game'),
        onclick: () => c.send('new_game') }) : null);
  }
  return { el, update };
}
