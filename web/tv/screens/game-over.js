// TV, phase `game_over`: winners and standings, then the evening's story in a loop (left/right browse it).
import { h, fill } from '/static/shared/dom.js';
import { modeOf, endReasonText } from '/static/shared/rules.js';
import { t, tn } from '/static/shared/i18n.js';
import { loadStory, roundView, storyHeading } from '/static/shared/story.js';
import { pieceToken } from '/static/shared/pieces.js';
import { elephantName, standings, places } from '/static/shared/roster.js';
import { fitText } from '/static/shared/fit-text.js';
import { icon } from '/static/shared/icons.js';
import { provide } from '../late.js';

/** Phase title for the header. */
export function title() {
  return t('tv.title.game_over');
}

// How long the standings and each round stay.
export const FINAL_SLIDE_MS = 12000;
export const ROUND_SLIDE_MS = 9000;

/** Builds the screen; update(ctx) redraws it. */
export function create(ctx0) {
  const el = h('section', { class: 'tv-over', 'data-testid': 'tv-game-over' });
  const final = h('div', { class: 'game-over story-slide', 'data-slide': '0' });
  const rounds = h('div', { class: 'story-rounds' });
  const caption = h('div', { class: 'story-caption', 'data-testid': 'story-caption' });
  el.append(final, rounds, caption);
  let story = null;
  let slide = 0;       // 0: the standings; i: round i
  let timer = null;
  function slides() { return story ? story.rounds.length + 1 : 1; }
  function show(n) {
    slide = (n + slides()) % slides();
    el.dataset.slide = String(slide);
    final.hidden = slide !== 0;
    Array.prototype.forEach.call(rounds.children, (r, i) => { r.hidden = i + 1 !== slide; });
    rounds.hidden = slide === 0;
    fill(caption, story && story.rounds.length ? [storyHeading('story-caption-title'),
      h('span', { class: 'story-caption-n', text: slide ? t('story.slide', { n: slide, total: story.rounds.length }) : t('story.final') }),
      h('span', { class: 'story-dots' }, Array.apply(null, Array(slides())).map((_, i) => h('span', { class: `story-dot${i === slide ? ' on' : ''}` })))] : []);
    // a slide shown again has its names fitted to its widths now (a hidden slide measured none)
    fitText(el);
    if (timer !== null) clearTimeout(timer);
    timer = slides() > 1 ? setTimeout(() => { if (el.isConnected) show(slide + 1); }, slide ? ROUND_SLIDE_MS : FINAL_SLIDE_MS) : null;
  }
  function onKey(e) {
    if (!el.isConnected) { document.removeEventListener('keydown', onKey); return; }
    if (e.key === 'ArrowRight') show(slide + 1);
    else if (e.key === 'ArrowLeft') show(slide - 1);
  }
  document.addEventListener('keydown', onKey);
  loadStory(ctx0.code, { tvKey: ctx0.tvKey }).then((s) => {
    if (!s || !el.isConnected) return;
    story = s;
    fill(rounds, s.rounds.map((r) => roundView(r, s.deck, 'thumb')));
    show(0);
  });
  function update(ctx) {
    const g = ctx.game;
    const winners = new Set(g.winners || []);
    const winnerEls = (g.elephants || []).filter((e) => winners.has(e.id) || (e.seats || []).some((s) => winners.has(s)));
    let headline;
    if (g.duel_outcome) headline = t(`duel_outcome.${g.duel_outcome}`);
    else headline = winnerEls.length > 1 ? t('tv.winners') : t('tv.winner');
    const finish = modeOf(g).finish || Infinity;   // duel: past the finish shows at it (D9)
    const sorted = standings(g);
    const ranks = places(sorted);
    const rows = sorted.map((e, i) => {
      const rank = ranks[i];
      const won = winnerEls.includes(e);
      return h('li', { class: `final-row${won ? ' won' : ''}` },
        won ? h('span', { class: 'final-rank crown' }, icon('crown')) : h('span', { class: 'final-rank', text: String(rank) }),
        pieceToken(ctx.room, e, 64),
        h('span', { class: 'final-name fit', text: elephantName(ctx.room, e) }),
        h('span', { class: 'final-distance', text: tn('cells_n', Math.min(e.distance, finish)) }));
    });
    fill(final,
      h('div', { class: 'winners', 'data-testid': 'winners' },
        h('div', { class: 'winners-title', text: headline }),
        endReasonText(g) ? h('div', { class: 'end-reason', text: endReasonText(g) }) : null,
        h('div', { class: `winners-list${winnerEls.length > 1 ? ' several' : ''}` }, winnerEls.map((e) => h('div', { class: 'winner' },
          pieceToken(ctx.room, e, 150),
          h('div', { class: 'winner-name', text: elephantName(ctx.room, e) }))))),
      h('ol', { class: 'final-standings', 'data-testid': 'final-standings' }, rows));
  }
  return { el, update };
}

// Loaded after the TV's first load (late.js): the screen is handed over as the module runs.
provide('game_over', { title, create });
