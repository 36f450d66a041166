// The engine's rules catalogue (GET /api/rules): pages ask it instead of naming rulesets or modes, so one
// registered on the server appears here unchanged.

import { t, has } from './i18n.js';

// Until it loads (the pages wait for it before they connect) or when it cannot: nothing to offer but the timer's "off".
/** @type {import('/static/shared/protocol.js').Rules} */
let catalogue = { rulesets: [], modes: [], settings: [], conditions: [], default: {}, round_minutes: 2,
  colours: [], timer_choices: [0] };

/** Fetches the catalogue once, before the first screen (a failure keeps the empty one). */
export async function loadRules() {
  try {
    const res = await fetch('/api/rules', { cache: 'no-cache' });
    if (res.ok) catalogue = await res.json();
  } catch (err) {
    console.warn('rules catalogue', err);
  }
  return catalogue;
}

/** The whole catalogue. */
export function rules() {
  return catalogue;
}

const NO_MODE = { id: '', rulesets: [], seats: {}, people_per_seat: 1, has_adult: false, short_game: true,
  tell_with_card: true, cards_each: 1, extra_cards: 0, extra_owner: null, against_mammoth: false,
  proxy_votes: false, adult_reveals: false, when_deck_empty: false, finish: null, has_playing_phase: true };

/** A mode's entry by id (a neutral standard-like entry when unknown). */
export function modeRules(id) {
  for (const m of catalogue.modes) if (m.id === id) return m;
  return NO_MODE;
}

/** A ruleset's entry by id (null when unknown). */
export function rulesetRules(id) {
  for (const r of catalogue.rulesets) if (r.id === id) return r;
  return null;
}

/** The mode entry of a game view or settings object ({mode}). */
export function modeOf(g) {
  return modeRules(g && g.mode);
}

/**
 * Kids (RULES.md §2.5): the seat (the adult's) whose `reveal` the round waits on once every child has
 * voted, as the view's `awaiting` says it (the engine's legal.py), else null.
 * @param {import('/static/shared/protocol.js').Game | null | undefined} g
 * @returns {string | null}
 */
export function revealAwaited(g) {
  const seats = g && g.awaiting && g.awaiting.reveal;
  return seats && seats.length ? seats[0] : null;
}

/**
 * Whether the special cells set conditions (RULES.md §3): the setting is on and the storyteller has an elephant on
 * `board` (the view's `storyteller_on_board`; the kids' adult only against one child, §2.5). Pages show the cells,
 * their legend and their line of the how-to only then.
 */
export function specialCellsApply(settings, board) {
  return (settings || {}).special_cells !== false && !(board && board.storyteller_on_board === false);
}

/**
 * Kids (RULES.md §2.5): the seats whose guess only the adult's phone can enter, the children without a phone of
 * their own still to guess, as the room view's `adult_enters` says it (the room knows who has a phone); [] elsewhere.
 * @param {import('/static/shared/protocol.js').Room | null | undefined} room
 * @returns {string[]}
 */
export function adultEnters(room) {
  return (room && room.adult_enters) || [];
}

/** Why game view `g` ended, in words with the ruleset's numbers (Dixit's score to win), or null. */
export function endReasonText(g) {
  const key = g && g.end_reason ? `end_reason.${g.end_reason}` : null;
  if (!key || !has(key)) return null;
  const rs = rulesetRules(g.ruleset);
  return t(key, { n: rs && rs.score_to_win != null ? rs.score_to_win : '' });
}
