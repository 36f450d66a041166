// How long the chosen settings will play (room.length, counted ahead by the engine: engine.game_length).
import { t, tn, has } from '/static/shared/i18n.js';

/** "58–80", or one number when the sampled games agree. */
function span(low, high) {
  return low === high ? String(low) : `${low}–${high}`;
}

/** One line: rounds, turns each and minutes as ranges, or for an open-ended game a round's time; '' without. */
export function lengthText(length) {
  if (!length) return '';
  const perRound = length.round_minutes || 2;
  // The noun after a count takes its plural form («раз в 4 хода», «5–6 раз»): a range's by its last number.
  if (length.open) return tn('length.open', length.tellers || length.seats, { per_round: perRound, seats: length.tellers || length.seats });
  const rounds = span(length.rounds_min != null ? length.rounds_min : length.rounds,
    length.rounds_max != null ? length.rounds_max : length.rounds);
  const turns = span(length.turns_min, length.turns_max);
  const minutes = span(length.minutes_min != null ? length.minutes_min : length.minutes,
    length.minutes_max != null ? length.minutes_max : length.minutes);
  if (length.tellers === 1) return t('length.one_teller', { rounds, turns, minutes, seats: length.seats });
  const params = { rounds, turns, minutes, seats: length.seats };
  const high = length.turns_max != null ? length.turns_max : length.turns_min;
  // A count may be said in words ("twice": length.line.exactly_N where the language has one), and a range has
  // forms of its own by its last number ("0–1 times", never English's "once"; Russian's are its line's own).
  const exact = `length.line.exactly_${high}`;
  if (length.turns_min === high && has(exact)) return t(exact, params);
  if (length.turns_min !== high) return tn('length.line.range', high, params);
  return tn('length.line', high, params);
}
