// How long the chosen settings will play (room.length, counted ahead by the engine: engine.game_length).
import { t } from '/static/shared/i18n.js';

/** One line: rounds, each storyteller's turns and rough minutes; '' when the server gave none. */
export function lengthText(length) {
  if (!length) return '';
  const rounds = length.open ? `${length.rounds}+` : String(length.rounds);
  const turns = length.turns_min === length.turns_max ? String(length.turns_max) : `${length.turns_min}–${length.turns_max}`;
  const minutes = length.open ? `${length.minutes}+` : String(length.minutes);
  const key = length.tellers === 1 ? 'length.one_teller' : 'length.line';
  return t(key, { rounds, turns, minutes, seats: length.seats });
}
