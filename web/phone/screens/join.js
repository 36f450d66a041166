// Phone join: a name and the colour of a free elephant. During a game, a newcomer may take a freed seat.
import { h, fill } from '/static/shared/dom.js';
import { t, tn } from '/static/shared/i18n.js';
import { elephantToken, voteToken } from '/static/shared/colours.js';
import { standings, elephantName, elephantColour, ownerName, seatName, seatColour, voteLabel, isTeam } from '/static/shared/roster.js';
import { people } from '../people.js';
import { deckId } from '/static/shared/cards.js';
import { cardGrid } from '../card-grid.js';
import { limitCounter, NAME_MAX, NAME_MAX_BYTES } from '../text-limit.js';

const NAME_KEY = 'imaginarium.name';

/** A name box with a live "n/24" counter (text-limit.js). Returns { input, el, refresh(), ok() }. */
export function nameField(props, label) {
  const input = h('input', { class: 'name-input', type: 'text', autocomplete: 'nickname', enterkeyhint: 'done', ...props });
  const counter = limitCounter(input, NAME_MAX, { testid: 'name-count', maxBytes: NAME_MAX_BYTES, noEmoji: true });
  const el = h('label', { class: 'field' },
    label ? h('span', { class: 'field-label', text: label }) : null, input, counter.el);
  return { input, el, refresh: counter.refresh, ok: counter.fits };
}

/** Builds the join form; update(ctx) refreshes the free colours (the typed name stays). */
export function create(ctx) {
  let colour = null;
  let picked = false;   // `colour` is this guest's own choice (tapped, or sent with Join), not the first free one
  let lost = null;      // the colour they chose and someone else just took: nothing is chosen for them instead
  const field = nameField({ placeholder: t('phone.your_name'), 'data-testid': 'name', value: savedName() }, t('phone.your_name'));
  const name = field.input;
  const colours = h('div', { class: 'colour-picker', role: 'radiogroup', 'data-testid': 'colours' });
  const seats = h('div', { class: 'free-seats' });
  const btn = h('button', { class: 'btn primary big', type: 'button', 'data-testid': 'join', text: t('phone.join') });
  const title = h('h1', { class: 'join-title', text: t('phone.join_room', { code: ctx.code }) });
  const watching = h('div', { class: 'notice watching', 'data-testid': 'watching' },
    h('div', { class: 'notice-title', text: t('phone.watching_title') }),
    h('div', { class: 'notice-line', text: t('phone.watching_line') }));
  const full = h('div', { class: 'notice table-full', 'data-testid': 'table-full', hidden: true },
    h('div', { class: 'notice-title', text: t('phone.table_full_title') }),
    h('div', { class: 'notice-line' }));
  const off = h('div', { class: 'notice taken-off', 'data-testid': 'taken-off', role: 'status', hidden: true },
    h('div', { class: 'notice-title', text: t('phone.taken_off_title') }),
    h('div', { class: 'notice-line', text: t('phone.taken_off_line') }));
  const colourLabel = h('div', { class: 'field-label', text: t('phone.pick_colour') });
  const taken = h('p', { class: 'colour-lost', role: 'alert', 'data-testid': 'colour-lost', hidden: true });
  const lobbyPart = h('div', { class: 'join-lobby' },
    field.el,
    colourLabel, taken, colours, btn);
  const watch = h('div', { class: 'watch', 'data-testid': 'watch' });
  const el = h('section', { class: 'p-join', 'data-testid': 'phone-join' }, title, off, watching, full, lobbyPart, seats, watch);
  let busy = false;

  const refresh = () => { btn.disabled = busy || !field.ok() || !colour; };
  name.addEventListener('input', refresh);
  btn.addEventListener('click', () => {
    const n = name.value.trim();
    if (!field.ok() || !colour || busy) return;
    try { localStorage.setItem(NAME_KEY, n); } catch { /* private mode */ }
    if (ctx.send('join', { name: n, colour })) { busy = true; picked = true; refresh(); }
  });

  function update(c) {
    ctx = c;
    field.refresh();
    const inGame = c.room.phase !== 'lobby';
    // A full table says so rather than leaving the join button disabled (docs/protocol.md room_full).
    const isFull = !inGame && c.room.max_people != null && c.room.people >= c.room.max_people;
    full.hidden = !isFull;
    off.hidden = !c.takenOff;
    full.lastChild.textContent = t('phone.table_full_line', { max: c.room.max_people });
    lobbyPart.hidden = isFull;
    watching.hidden = !inGame;
    colours.hidden = inGame;
    colourLabel.hidden = inGame;
    btn.hidden = inGame;
    const free = c.room.colours_free || [];
    // Another phone took the colour first (two joined at once): a colour this guest chose is not swapped for
    // another behind their back (one more tap on Join would have joined as it); they are told and choose again.
    // The first free colour offered before any choice just moves on to the next.
    if (colour && !free.includes(colour)) {
      if (picked) lost = colour;
      colour = null;
      picked = false;
    }
    if (!colour && !lost && free.length) colour = free[0];
    taken.hidden = !lost || inGame;
    if (lost) taken.textContent = t('phone.colour_just_taken', { colour: t(`colour.${lost}`) });
    fill(colours, free.map((col) => h('button', {
      class: `colour${col === colour ? ' chosen' : ''}`, type: 'button', role: 'radio',
      'aria-checked': String(col === colour), 'aria-label': t(`colour.${col}`), 'data-colour': col,
      onclick: () => { colour = col; picked = true; lost = null; update(ctx); },
    }, elephantToken(col, 56))));
    // Open places: a seat the host freed (release_seat) or a kids' child without a phone. During a game
    // they are the only way in.
    const freed = people(c.room).filter((p) => p.open);
    field.el.hidden = inGame && !freed.length;   // nothing to join with a name until a place is free
    // ...and nothing to join at all: the title names the room instead of "Join room".
    title.textContent = t(inGame && !freed.length ? 'phone.watch_room' : 'phone.join_room', { code: c.code });
    // In a game without a free place the "you are watching" notice says it all.
    fill(seats, freed.length ? [
      h('p', { class: 'hint', text: inGame ? t('phone.take_seat_hint') : t('phone.take_place_hint') }),
      freed.map((p) => h('button', { class: 'btn seat-btn', type: 'button', 'data-seat': p.person,
        onclick: () => c.send('join', name.value.trim() && !p.child ? { seat: p.person, name: name.value.trim() } : { seat: p.person }) },
      elephantToken(p.colour, 40), h('span', { text: p.name }))),
    ] : null);
    fill(watch, inGame && c.game ? watchView(c) : null);
    refresh();
  }
  /**
   * The server refused what this form sent. A colour another phone took first is said by the notice over the
   * colours (whichever of the refusal and the state without that colour comes first): true, no toast needed.
   * @param {{code?: string} | undefined} msg
   */
  function refused(msg) {
    busy = false;
    if (msg && msg.code === 'colour_taken') {
      if (colour) { lost = colour; colour = null; picked = false; update(ctx); }
      if (lost) return true;
    }
    refresh();
    return false;
  }
  return { el, update, refused };
}

/** The phase's heading as the TV says it: a pairs team tells, and its card is found, in the plural. */
function phaseTitle(c) {
  const g = c.game;
  const team = (g.phase === 'telling' || g.phase === 'voting') && isTeam(c.room, g.storyteller);
  return `tv.title.${g.phase}${team ? '_team' : ''}`;
}

/** A spectator's view of the game (the public view, as on the TV): phase, association, the table, standings. */
function watchView(c) {
  const g = c.game;
  const r = g.phase === 'scored' || g.phase === 'game_over' ? g.result : null;
  const table = r ? r.table : g.phase === 'voting' ? (g.table || []) : [];
  return [
    h('div', { class: 'notice-title', text: t(phaseTitle(c)) }),
    g.association ? h('div', { class: 'p-association', text: g.association }) : null,
    // The reveal: numbered cards, and after the votes whose card was whose and who voted for it. The count
    // says "votes" in words beside a token per voter: a bare "Бабушка · 3" above the standings read as her points.
    table.length ? cardGrid(table.map((e) => ({ id: e.number, card: e.card, number: e.number,
      below: r ? cardResult(c, e, e.number === r.storyteller_card) : null })),
    { deck: deckId(c.room) }).el : null,
    h('h2', { class: 'watch-standings-title', 'data-testid': 'watch-standings-title', text: t('phone.watch_standings') }),
    h('ol', { class: 'p-standings' }, standings(g).map((e) => h('li', { class: 'p-standing' },
      elephantToken(elephantColour(c.room, e), 36),
      h('span', { class: 'p-standing-name', text: elephantName(c.room, e) }),
      h('span', { class: 'p-standing-distance', text: tn('points_n', e.distance) })))),
  ];
}

/** Under a revealed card: its owner (★ for the storyteller's) and its votes, a token per voter and their count. */
function cardResult(c, e, storytellers) {
  const votes = e.votes || [];
  return h('div', { class: 'watch-result' },
    h('div', { class: 'result-owner', 'data-testid': 'card-owner', text: (storytellers ? '★ ' : '') + ownerName(c.room, e.owner) }),
    h('div', { class: 'result-votes' }, votes.map((v) => voteToken(seatColour(c.room, v), seatName(c.room, v), voteLabel(c.room, v)))),
    h('div', { class: 'watch-votes', 'data-testid': 'card-votes', text: tn('votes_n', votes.length) }));
}

function savedName() {
  try { return localStorage.getItem(NAME_KEY) || ''; } catch { return ''; }
}
