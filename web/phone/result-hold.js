// A result the TV is showing (result-show.js): a phone that watched the vote says "Look at the TV!" for as long as
// the TV's show lasts, then shows its own result, so no phone gives the outcome away before the TV's cards have
// turned. Not held with no TV watching (room.tvs: the phones are the only screens), nor on a page that opens on
// the result (a reload: it shows the finished result at once, as a late TV does). The TV's calm setting and
// prefers-reduced-motion keep the show's length (only fades), so they keep the hold too.
import { showTimes } from '/static/shared/result-show.js';

/**
 * The phone's hold; `onEnd()` when one ends (its timer, or skip()). Returns { screen(c, key, fromVoting) → 'look'
 * while held, else `key` (the screen the phone would show; a result's is 'scored'; `fromVoting`: the voting screen
 * was shown until now), leave(), total() and left(): the hold's whole length and what is left of it (ms), skip() }.
 */
export function resultHold(onEnd) {
  let seen = null;   // the round whose result this page held or showed
  let until = 0;     // ms (Date.now()) the hold ends; 0: not holding
  let length = 0;
  let timer = null;
  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    until = 0;
  }
  function end() {
    stop();
    onEnd();
  }
  return {
    screen(c, key, fromVoting) {
      const r = c.game && c.game.result;
      if (key !== 'scored' || !r) {
        stop();
        seen = null;
        return key;
      }
      if (seen !== c.game.round) {
        seen = c.game.round;
        if (fromVoting && c.room.tvs > 0) {
          length = showTimes(r.table.length).end * 1000;
          until = Date.now() + length;
          timer = setTimeout(end, length);
        }
      }
      return until ? 'look' : key;
    },
    leave() {
      stop();
      seen = null;
    },
    total: () => length,
    left: () => Math.max(0, until - Date.now()),
    skip() {
      if (until) end();
    },
  };
}
