// How to play, for first-timers (issue 13 item 6): a few cards of text and pictures for the chosen ruleset and
// mode. Every number comes from the engine's catalogue (GET /api/rules: the ruleset's hand size, the points
// the scoring code uses, the duel's finish) or the room (short game, reshuffle, the board's lap); the words
// are the translation files' `how.*` templates. The TV loops it in the lobby; a phone opens it from its menu.
import { h } from './dom.js';
import { t, tOr } from './i18n.js';
import { icon } from './icons.js';
import { elephantToken, voteToken } from './colours.js';
import { mammothSvg } from './pieces.js';
import { modeRules, rulesetRules, rules } from './rules.js';

const signed = (n) => (n > 0 ? `+${n}` : String(n));
// The smallest text a TV card may step down to (the stage's 24 px floor for the sofa).
const FIT_MIN_PX = 24;

/** The mammoth's token, drawn like pieces.js does for the game. */
function mammoth(size) {
  return h('span', { class: 'token mammoth', style: { '--c': '#6d4c41', '--ink': '#fff', '--size': `${size}px` } },
    mammothSvg());
}

/** A face-down card (our own back), optionally numbered or marked as another kind ('extra', 'mammoth'). */
function back(label, kind) {
  return h('span', { class: `card card-back how-card${kind ? ` how-${kind}` : ''}` },
    label != null ? h('span', { class: 'how-card-label', text: String(label) }) : null);
}

/** What a storyteller's-card round scores, in sentences (RULES.md §1.1), from the catalogue's points. */
function storyPoints(p) {
  const lines = [];
  const bonus = p.teller_per_guess ? t('how.points.per_finder', { n: p.teller_per_guess }) : '';
  lines.push(t('how.points.some', { teller: p.teller_some, bonus, guesser: p.guesser }));
  const teller = (n) => (n < 0 ? t('how.points.teller_back', { n: -n }) : t('how.points.teller_gets', { n }));
  const others = (n) => (n > 0 ? t('how.points.others_get', { n }) : t('how.points.others_nothing'));
  lines.push(t('how.points.all', { teller: teller(p.all_teller), others: others(p.all_voters + p.missed_others) }));
  lines.push(t('how.points.none', { teller: teller(p.none_teller),
    others: p.missed_others ? `; ${others(p.missed_others)}` : '' }));
  lines.push(t('how.points.per_vote', { n: p.per_vote }));
  return lines;
}

/** How the game ends and who wins, in sentences (RULES.md §2.4, §2.5, §4, D7, D8, D9). */
function endLines(settings, rs, m, board) {
  if (m.finish != null) return [t('how.win.duel', { n: m.finish })];
  if (m.has_adult && board) return [t('how.win.kids', { n: board.length })];
  if (m.has_adult) return [t('how.win.kids_lap')];
  const lines = [];
  if (rs && rs.score_to_win != null) {
    lines.push(t('how.win.score', { n: rs.score_to_win }));
  } else if (settings.short_game != null) {
    lines.push(t('how.win.short', { n: settings.short_game }));
  } else if (settings.reshuffle) {
    lines.push(t('how.win.host_ends'));
  } else {
    lines.push(t('how.win.cards_run_out'));
  }
  if (rs && rs.laps && board && settings.short_game == null) lines.push(t('how.win.laps', { n: board.length }));
  lines.push(t('how.win.ties'));
  return lines;
}

/**
 * The explainer's cards for room settings ({ruleset, mode, short_game, reshuffle}) and the lobby's board
 * ({length} or null): [{id, title, lines: [text], picture(size) → Node}], 5 cards in play order.
 */
export function explainerCards(settings, board) {
  const s = settings || {};
  const ruleset = s.ruleset || rules().default.ruleset;
  const rs = rulesetRules(ruleset);
  const m = modeRules(s.mode || rules().default.mode);
  const kind = m.finish != null ? 'duel' : m.has_adult ? 'kids' : m.extra_cards ? 'trio' : 'standard';
  const hand = rs ? rs.hand_size : 6;
  const points = (m.scoring && m.scoring[ruleset]) || (rs && rs.points) || null;
  const cards = [];

  const teller = [tOr(`how.teller.${kind}`, t('how.teller.standard', { hand }), { hand })];
  if (m.people_per_seat > 1) teller.push(t('how.teller.teams', { n: m.people_per_seat }));
  // The special cells' conditions (RULES.md §3) and a permanent restriction (§4), from the ruleset's list.
  const conditions = rs ? rs.conditions : [];
  if (s.special_cells !== false && conditions.length) {
    const list = conditions.map((c) => tOr(`condition_short.${c}`, c)).join(', ');
    // Kids: the cell under the storyteller's elephant sets the condition (§3), and the adult has an elephant
    // only against a single child (§2.5); with several children there is none.
    teller.push(t(m.has_adult ? 'how.teller.special_kids' : 'how.teller.special', { list }));
  }
  if (s.restriction) {
    teller.push(t('how.teller.restriction', { what: tOr(`condition_short.${s.restriction}`, s.restriction) }));
  }
  cards.push({ id: 'teller', title: t('how.title.teller'), lines: teller,
    picture: (z) => h('div', { class: 'how-pic' },
      m.has_adult ? h('span', { class: 'how-icon' }, icon('users', z * 0.8)) : null,
      elephantToken('yellow', z), h('span', { class: 'how-bubble' }, icon('message-circle', z * 0.8)),
      back(), back()) });

  const cardsOnTable = m.finish != null ? 2 * m.cards_each + m.extra_cards : 1 + m.extra_cards;
  const play = [t(`how.play.${kind}`, { n: m.extra_cards, each: m.cards_each, hand, total: cardsOnTable })];
  if (kind === 'trio') play.push(t('how.play.bots', { n: m.extra_cards }));
  if (kind === 'standard' || kind === 'trio') play.push(t('how.play.laid_out'));
  cards.push({ id: 'play', title: t('how.title.play'), lines: play,
    picture: (z) => h('div', { class: 'how-pic' },
      kind === 'duel' ? [back(), back(), back(), back(), back(null, 'mammoth')]
        : kind === 'kids' ? [back(), back(null, 'extra'), back(null, 'extra')]
          : kind === 'trio' ? [back(), back(), back(), back(null, 'extra'), back(null, 'extra')]
            : [back(), back(), back(), back()],
      h('span', { class: 'how-icon' }, icon('shuffle', z * 0.7))) });

  const vote = [t(`how.vote.${kind}`)];
  if (kind === 'standard' || kind === 'trio') vote.push(t('how.vote.not_own'));
  if (kind === 'trio') vote.push(t('how.vote.bot_nothing'));
  cards.push({ id: 'vote', title: t('how.title.vote'), lines: vote,
    picture: (z) => h('div', { class: 'how-pic' },
      back(1), h('span', { class: 'how-voted' }, back(2), h('span', { class: 'how-tokens' },
        voteToken('red', 'A', '✓'), voteToken('blue', 'B', '✓'))), back(3),
      h('span', { class: 'how-icon' }, icon('vote', z * 0.8))) });

  let pointLines = [];
  if (points && points.family === 'duel') {
    pointLines = [t('how.points.duel', { none: points.none_mammoth, one: points.one_elephant,
      one_mammoth: points.one_mammoth, both: points.both_elephant })];
  } else if (points && points.family === 'kids') {
    pointLines = [t('how.points.kids', { n: points.right, last: points.right_from_last }),
      t('how.points.kids_adult', { n: points.adult_when_missed })];
  } else if (points) {
    pointLines = storyPoints(points);
  }
  const first = points && points.family === 'duel' ? points.both_elephant
    : points && points.family === 'kids' ? points.right : points ? points.teller_some : 3;
  cards.push({ id: 'points', title: t('how.title.points'), lines: pointLines,
    picture: (z) => h('div', { class: 'how-pic' },
      elephantToken('green', z), h('span', { class: 'chip how-plus', text: signed(first) }),
      kind === 'duel' ? mammoth(z) : null) });

  cards.push({ id: 'win', title: t('how.title.win'), lines: [t('how.win.cells'), ...endLines(s, rs, m, board)],
    picture: (z) => h('div', { class: 'how-pic' },
      // The last cells before the duel's finish, else the first ones of the board.
      h('span', { class: 'how-track' }, (m.finish != null ? [m.finish - 2, m.finish - 1, m.finish] : [0, 1, 2, 3, 4])
        .map((i) => h('span', { class: 'how-cell', text: String(i) }))),
      kind === 'duel' ? mammoth(z * 0.8) : null, elephantToken('blue', kind === 'duel' ? z * 0.8 : z),
      h('span', { class: 'how-icon' }, icon('trophy', z * 0.8))) });
  return cards;
}

/**
 * The explainer as a card deck: `auto` ms per card (0: only by hand), `size` px of its pictures, `onClose`
 * to show a close button, `keys`: the left/right arrow keys (a TV remote's) turn the cards, `fit`: a card's text
 * shrinks (not below 24 px) until it fits the box, where nothing can scroll (the TV). Returns {el, update(settings, board): redraws (keeps the card shown unless the
 * ruleset or mode changed), next(), prev(), stop()}.
 */
export function explainer({ auto = 0, size = 96, onClose = null, testid = 'explainer', keys = false, fit = false } = {}) {
  let cards = [];
  let index = 0;
  let key = '';
  let timer = null;
  const body = h('div', { class: 'how-body' });
  const dots = h('div', { class: 'how-dots' });
  const nav = (dir, name, label) => h('button', { class: 'btn how-nav', type: 'button', 'aria-label': label,
    'data-testid': `${testid}-${name}`, onclick: () => { go(index + dir); restart(); } }, icon(`chevron-${dir < 0 ? 'left' : 'right'}`, 28));
  const prevBtn = nav(-1, 'prev', t('how.prev'));
  const nextBtn = nav(1, 'next', t('how.next'));
  const heading = h('span', { text: t('how.heading') });
  const el = h('section', { class: 'how', 'data-testid': testid },
    h('div', { class: 'how-head' },
      h('span', { class: 'how-kicker' }, icon('circle-help', '1em'), heading),
      onClose ? h('button', { class: 'btn small how-close', type: 'button', 'aria-label': t('close'),
        'data-testid': `${testid}-close`, onclick: onClose }, icon('x', 24)) : null),
    body,
    h('div', { class: 'how-foot' }, prevBtn, dots, nextBtn));

  // Swipes (phones): a mostly horizontal move of 40 px or more turns the card.
  let startX = null;
  let startY = 0;
  el.addEventListener('touchstart', (ev) => { startX = ev.touches[0].clientX; startY = ev.touches[0].clientY; }, { passive: true });
  el.addEventListener('touchend', (ev) => {
    if (startX == null) return;
    const dx = ev.changedTouches[0].clientX - startX;
    const dy = ev.changedTouches[0].clientY - startY;
    startX = null;
    if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(dy)) { go(index + (dx < 0 ? 1 : -1)); restart(); }
  });

  if (keys) {
    const onKey = (ev) => {
      if (!el.isConnected) { document.removeEventListener('keydown', onKey); return; }
      if (ev.key === 'ArrowRight' || ev.key === 'ArrowLeft') { go(index + (ev.key === 'ArrowRight' ? 1 : -1)); restart(); }
    };
    document.addEventListener('keydown', onKey);
  }

  function draw() {
    const c = cards[index];
    body.textContent = '';
    if (!c) return;
    el.dataset.card = c.id;
    el.dataset.index = String(index);
    body.append(h('article', { class: 'how-card-face', 'data-testid': `${testid}-card`, 'data-card': c.id },
      c.picture(size),
      h('h3', { class: 'how-title', text: `${index + 1}. ${c.title}` }),
      h('ul', { class: 'how-lines' }, c.lines.map((line) => h('li', { text: line })))));
    if (fit) fitCard(body.firstChild);
    dots.textContent = '';
    cards.forEach((_, i) => dots.append(h('span', { class: `how-dot${i === index ? ' on' : ''}` })));
  }

  // The TV cannot scroll: a long card (pairs with special cells, Russian) steps its text down to fit.
  function fitCard(face) {
    if (!el.isConnected) return;
    const base = parseFloat(getComputedStyle(el).getPropertyValue('--how-text')) || 32;
    let px = base;
    while (px > FIT_MIN_PX && body.scrollHeight > body.clientHeight + 1) {
      px -= 2;
      face.style.setProperty('--how-text', `${px}px`);
    }
  }

  function go(i) {
    if (!cards.length) return;
    index = (i + cards.length) % cards.length;
    draw();
  }

  function restart() {
    if (timer) clearInterval(timer);
    // A screen that is gone (the game started, the language changed) stops its own timer.
    timer = auto ? setInterval(() => { if (el.isConnected) go(index + 1); else stop(); }, auto) : null;
  }

  function update(settings, board) {
    const s = settings || {};
    const nextKey = `${s.ruleset}/${s.mode}`;
    if (nextKey !== key) { index = 0; key = nextKey; restart(); }   // another game: start from the first card
    el.dataset.rules = nextKey;
    cards = explainerCards(s, board);
    if (index >= cards.length) index = 0;
    heading.textContent = t('how.heading');   // the language may have changed
    prevBtn.setAttribute('aria-label', t('how.prev'));
    nextBtn.setAttribute('aria-label', t('how.next'));
    draw();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  return { el, update, next: () => go(index + 1), prev: () => go(index - 1), stop };
}
