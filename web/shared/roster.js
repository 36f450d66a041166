// The room's roster and the engine's view read for display: names, colours, elephants. No rules here.
import { t, tn } from './i18n.js';
import { shortLabel } from './colours.js';

/** Roster entry for a seat id, or null. */
export function seatInfo(room, seat) {
  return (room.roster || []).find((r) => r.seat === seat) || null;
}

/**
 * The host away, as the server sees it: {name} of the host person (pairs: her own name, not her team's, whose
 * seat her partner's phone may keep connected), or null while a socket holds the host. room.host_claim_in is
 * null exactly then (server/room/state.py).
 */
export function hostAway(room) {
  if (!room.host || room.host_claim_in == null) return null;
  const seat = seatInfo(room, room.host);
  if (!seat) return null;
  const me = (seat.people || []).find((p) => p.person === room.host_person);
  return { name: me ? me.name : seat.name };
}

/** How many people share a roster entry (pairs: 2; otherwise 1); null gives 1. */
export function memberCount(entry) {
  return entry && entry.members != null ? entry.members : 1;
}

/** True when `seat` is a pairs team (RULES.md §2.2: two people tell together): its sentences are plural. */
export function isTeam(room, seat) {
  return seat != null && memberCount(seatInfo(room, seat)) > 1;
}

/**
 * The lobby's head count: "Players: 5" one elephant each; in pairs (RULES.md §2.2) people and teams both
 * ("Players: 9 people, 5 teams"), so a host counting heads finds everyone.
 */
export function headCount(room, pairs) {
  const seats = (room.roster || []).filter((r) => !r.removed);
  if (!pairs) return t('tv.players_n', { n: seats.length });
  const people = seats.reduce((n, r) => n + ((r.people && r.people.length) || 1), 0);
  return t('lobby.players_pairs', { people: tn('lobby.people_n', people), teams: tn('lobby.teams_n', seats.length) });
}

/** Pairs: the names of those who have no partner and would play a whole elephant alone ([] outside pairs). */
export function aloneInPairs(room, pairs) {
  if (!pairs) return [];
  return (room.roster || []).filter((r) => !r.removed && (r.people || []).length === 1).map((r) => r.people[0].name);
}

/** The card number to find in a round result (the storyteller's, or the kids' target; RULES.md §2). */
export function targetCard(result) {
  return result.target_card != null ? result.target_card : result.storyteller_card;
}

/** Points an elephant (or 'mammoth') scored in a round result; 0 when none. */
export function pointsOf(result, id) {
  const p = (result.points || {})[id];
  return p != null ? p : 0;
}

/** A seat's name ("s1" → "Аня"), or a placeholder. */
export function seatName(room, seat) {
  const info = seatInfo(room, seat);
  return info && info.name != null ? info.name : t('unknown_player');
}

/** Colour name of a seat. */
export function seatColour(room, seat) {
  const info = seatInfo(room, seat);
  return info && info.colour != null ? info.colour : 'grey';
}

/** Name of an elephant (its seats' names; duel: "our elephant" / "the mammoth"). */
export function elephantName(room, elephant) {
  if (elephant.id === 'mammoth') return t('mammoth');
  if (elephant.id === 'elephant') return t('our_elephant');
  const seats = elephant.seats && elephant.seats.length ? elephant.seats : [elephant.id];
  return seats.map((s) => seatName(room, s)).join(' & ');
}

/** Colour of an elephant (its first seat's colour; the mammoth is brown). */
export function elephantColour(room, elephant) {
  if (elephant.id === 'mammoth') return 'brown';
  if (elephant.id === 'elephant') return 'teal';
  const seats = elephant.seats && elephant.seats.length ? elephant.seats : [elephant.id];
  return seatColour(room, seats[0]);
}

/** A card owner's label: a seat's name, or the bot/deck/mammoth. */
export function ownerName(room, owner) {
  if (owner === 'bot' || owner === 'deck' || owner === 'mammoth') return t(`owner.${owner}`);
  return seatName(room, owner);
}

/**
 * Whether elephant `e` of `game` is gone: every seat it is played by was removed (`seats[].active` false,
 * RULES.md §5.1). It leaves the points lists and shows faded on the board, as in the standings.
 */
export function isGone(game, e) {
  const ids = e.seats && e.seats.length ? e.seats : [e.id];
  const seats = (game.seats || []).filter((s) => ids.includes(s.seat));
  return seats.length > 0 && seats.every((s) => s.active === false);
}

/** The elephants of `game` still in play (not isGone). */
export function presentElephants(game) {
  return (game.elephants || []).filter((e) => !isGone(game, e));
}

/** Elephants sorted by distance, furthest first (ties keep engine order). */
export function standings(game) {
  return [...(game.elephants || [])].sort((a, b) => b.distance - a.distance);
}

/** Each of `sorted` (standings(game)) with its place: one place for a tie, the next counts them all
 * ([9, 5, 5, 2] cells → places 1, 2, 2, 4), as the keepsake picture numbers them (server/room/story.py). */
export function places(sorted) {
  const out = [];
  sorted.forEach((e, i) => { out.push(i && e.distance === sorted[i - 1].distance ? out[i - 1] : i + 1); });
  return out;
}

/** A team's letters, one per member (the first two), from seat names ("Женя & Зина" → "ЖЗ"). */
export function memberLetters(names) {
  // a team's roster name is its members' names joined by " & " (server/room/roster.py)
  return [].concat(...names.map((n) => String(n).split(' & '))).slice(0, 2).map((n) => shortLabel(n, 1)).join('');
}

/**
 * A vote token's label: the voter's first letters, as many for every seat of the table (two, "Ма" "Ва"; three where
 * two names begin alike, "Маш" "Мар" "Ван"; up to four), so the tokens read alike and still tell two players with
 * the same first letter apart; a pairs team's, its members' letters ("ЖЗ"), as its elephant shows them (pieces.js
 * initialsOf). The TV's result and the phone's read it here, so both label a voter the same.
 */
export function voteLabel(room, seat) {
  const name = seatName(room, seat);
  if (memberCount(seatInfo(room, seat)) > 1) return memberLetters([name]);
  return voteLabels(room).get(seat) || shortLabel(name, 2);
}

const labelsOf = new WeakMap();   // roster → its labels: a result draws a token per vote from one roster

/** Every single seat's vote label at the one length (2..4 letters) that tells them all apart. */
function voteLabels(room) {
  const roster = room.roster || [];
  const known = labelsOf.get(roster);
  if (known) return known;
  const singles = roster.filter((r) => memberCount(r) <= 1);
  const at = (n) => singles.map((r) => shortLabel(r.name, n));
  const apart = (labels) => new Set(labels.map((l) => l.toLowerCase())).size === labels.length;
  const size = [2, 3, 4].find((n) => apart(at(n))) || 2;
  const labels = at(size);
  // Names alike past four letters (the room refuses the same name twice, not "Александр" beside "Александра"):
  // two letters each, the second and later of a kind numbered ("Ал", "Ал2"), so no two tokens read the same.
  const seen = new Map();
  const out = new Map();
  singles.forEach((r, i) => {
    const key = labels[i].toLowerCase();
    const count = (seen.get(key) || 0) + 1;
    seen.set(key, count);
    out.set(r.seat, count > 1 ? `${labels[i]}${count}` : labels[i]);
  });
  labelsOf.set(roster, out);
  return out;
}
