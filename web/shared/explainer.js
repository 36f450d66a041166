// How to play: five cards for the chosen rules. Every number and every fact about the mode comes from the
// catalogue (GET /api/rules: the mode's id, its cards on the table, bot cards, the duel's finish ...) or the
// room; the words from `how.<card>.<mode id>` and `how.*`, so a mode is never explained as another one.
import { h } from './dom.js';
import { t, tOr } from './i18n.js';
import { icon } from './icons.js';
import { elephantToken, voteToken } from './colours.js';
import { mammothToken } from './pieces.js';
import { modeRules, rulesetRules, rules, specialCellsApply } from './rules.js';

const signed = (n) => (n > 0 ? `+${n}` : String(n));
// The smallest text a TV card may step down to.
const FIT_MIN_PX = 24;

/** A face-down card, optionally numbered or of another kind ('extra', 'mammoth'). */
function back(label, kind) {
  return h('span', { class: `card card-back how-card${kind ? ' how-' + kind : ''}` },
    label != null ? h('span', { class: 'how-card-label', text: String(label) }) : null);
}

/** What a storyteller's-card round scores, in sentences (RULES.md §1.1). */
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
    // Dixit: the deck ends the game too, unless it is reshuffled (RULES.md D7, §4).
    const deckEnds = rs.ends_when_deck_empties && !settings.reshuffle;
    lines.push(t(deckEnds ? 'how.win.score' : 'how.win.score_only', { n: rs.score_to_win }));
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

/** Cards for room settings and the lobby's board ({length} or null): [{id, title, lines, picture(px)}]. */
export function explainerCards(settings, board) {
  const s = settings || {};
  const ruleset = s.ruleset || rules().default.ruleset;
  const rs = rulesetRules(ruleset);
  const m = modeRules(s.mode || rules().default.mode);
  const id = m.id || 'standard';
  const hand = rs ? rs.hand_size : 6;
  const points = (m.scoring && m.scoring[ruleset]) || (rs && rs.points) || null;
  const cards = [];

  const teller = [t(`how.teller.${id}`, { hand })];
  if (m.people_per_seat > 1) teller.push(t('how.teller.teams', { n: m.people_per_seat }));
  // The special cells' conditions (RULES.md §3) and a permanent restriction (§4).
  const conditions = rs ? rs.conditions : [];
  if (specialCellsApply(s, board) && conditions.length) {
    const list = conditions.map((c) => tOr(`condition_short.${c}`, c)).join(', ');
    // Kids: the cell under the storyteller's elephant sets the condition (§3); the adult has an elephant only
    // against one child (§2.5): with more, the board says so and this line is left out.
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

  // Cards laid out each round (the engine's `Mode.table_size`; the duel's count the mammoth's): a fixed
  // number, or the fewest (one a seat) for a table that grows with its players.
  const tableCards = (m.table_cards && m.table_cards[ruleset]) || [4, 4];
  const total = tableCards[0];
  const bots = m.extra_owner === 'bot';
  const play = [t(`how.play.${id}`, { n: m.extra_cards, each: m.cards_each, hand, total })];
  if (bots) play.push(t('how.play.bots', { n: m.extra_cards }));
  if (m.tell_with_card && m.has_playing_phase) play.push(t('how.play.laid_out'));
  const fromDeck = m.extra_cards + (m.against_mammoth ? 1 : 0);
  const pictured = Math.min(total, 5);
  cards.push({ id: 'play', title: t('how.title.play'), lines: play,
    picture: (z) => h('div', { class: 'how-pic' },
      Array.from({ length: pictured }, (_, i) => (i < pictured - fromDeck ? back()
        : back(null, m.against_mammoth && i === pictured - 1 ? 'mammoth' : 'extra'))),
      h('span', { class: 'how-icon' }, icon('shuffle', z * 0.7))) });

  const vote = [t(`how.vote.${id}`)];
  // Whoever played a card may not vote for it (RULES.md §1.2; the duel too, §2.4).
  if (m.has_playing_phase) vote.push(t('how.vote.not_own'));
  if (bots) vote.push(t('how.vote.bot_nothing'));
  // Pairs: the storytellers are a team, whose card is found (plural, as the TV's heading).
  cards.push({ id: 'vote', title: t(m.people_per_seat > 1 ? 'how.title.vote_team' : 'how.title.vote'), lines: vote,
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
      m.against_mammoth ? mammothToken(z) : null) });

  cards.push({ id: 'win', title: t('how.title.win'), lines: [t('how.win.cells'), ...endLines(s, rs, m, board)],
    picture: (z) => h('div', { class: 'how-pic' },
      // The last cells before the duel's finish, else the first ones of the board.
      h('span', { class: 'how-track' }, (m.finish != null ? [m.finish - 2, m.finish - 1, m.finish] : [0, 1, 2, 3, 4])
        .map((i) => h('span', { class: 'how-cell', text: String(i) }))),
      m.against_mammoth ? mammothToken(z * 0.8) : null, elephantToken('blue', m.against_mammoth ? z * 0.8 : z),
      h('span', { class: 'how-icon' }, icon('trophy', z * 0.8))) });
  return cards;
}

/**
 * The explainer as a deck: `auto` ms per card (0: by hand), `size` px pictures, `fit`: text shrinks to fit
 * (the TV cannot scroll). Returns {el, head, foot (for a page's controls), update(settings, board), next(),
 * prev(), stop()}.
 */
export function explainer({ auto = 0, size = 96, testid = 'explainer', fit = false } = {}) {
  let cards = [];
  let index = 0;
  let key = '';
  let timer = null;
  const body = h('div', { class: 'how-body' });
  const dots = h('div', { class: 'how-dots' });
  const heading = h('span', { text: t('how.heading') });
  const head = h('div', { class: 'how-head' }, h('span', { class: 'how-kicker' }, icon('circle-help', '1em'), heading));
  const foot = h('div', { class: 'how-foot' }, dots);
  const el = h('section', { class: 'how', 'data-testid': testid }, head, body, foot);

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
    dots.textContent = '';
    cards.forEach((_, i) => dots.append(h('span', { class: `how-dot${i === index ? ' on' : ''}` })));
    // after the dots: the first draw's empty row of dots left the card 16 px more room than it keeps
    if (fit) fitCard(body.firstChild);
  }

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
    timer = auto ? setInterval(() => { if (el.isConnected) go(index + 1); else stop(); }, auto) : null;
  }

  let drawn = '';
  function update(settings, board) {
    const s = settings || {};
    const nextKey = `${s.ruleset}/${s.mode}`;
    if (nextKey !== key) { index = 0; key = nextKey; restart(); }   // other rules: from the first card
    el.dataset.rules = nextKey;
    // the lobby calls this with every `state` (a join, a colour): the same cards are not drawn again
    const sig = JSON.stringify([s, board, document.documentElement.lang]);
    if (sig === drawn && cards.length) return;
    drawn = sig;
    cards = explainerCards(s, board);
    if (index >= cards.length) index = 0;
    heading.textContent = t('how.heading');   // the language may have changed
    draw();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  /** A turn by hand: the automatic one waits its full time again. */
  function turn(dir) {
    go(index + dir);
    restart();
  }

  return { el, head, foot, update, next: () => turn(1), prev: () => turn(-1), stop };
}
