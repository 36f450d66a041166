// The last round ends straight in `game_over`: a page that watched its vote shows the result a while first (a
// phone may tap past it). Leaving the game stops a pending timer (it must not fire into the next game).
import { showTimes } from './result-show.js';

// The finished result stays this long after the TV's show of it has ended (result-show.js `end`), and the whole
// hold at least FINAL_RESULT_MS: with seven cards a flat 7 s ended the show before its headline came.
export const FINAL_RESULT_MS = 7000;
const FINAL_READ_MS = 3000;

/** The hold of a last round's result of `n` cards, in ms from its arrival (the TV's and the phones' alike). */
export function finalWait(n) {
  return Math.max(FINAL_RESULT_MS, showTimes(n).end * 1000 + FINAL_READ_MS);
}

/**
 * A page's hold; `onEnd()` when it ends (timer or skip); `ms`: its length (else finalWait of the result's cards).
 * Returns { screen(game, fromVoting) → 'scored' while held, else game.phase (`fromVoting`: the voting screen was
 * shown until now), leave(), holding(), skip() }.
 */
export function finalHold(onEnd, ms) {
  let state = 'idle';   // 'idle' | 'holding' | 'done' (held and ended: the standings stay)
  let timer = null;
  function stopTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }
  function end() {
    stopTimer();
    state = 'done';
    onEnd();
  }
  function leave() {
    stopTimer();
    state = 'idle';
  }
  return {
    screen(game, fromVoting) {
      if (game.phase !== 'game_over') {
        leave();
        return game.phase;
      }
      if (!game.result) return game.phase;
      if (state === 'idle' && fromVoting) {
        state = 'holding';
        timer = setTimeout(end, ms || finalWait(game.result.table.length));
      }
      return state === 'holding' ? 'scored' : game.phase;
    },
    leave: leave,
    holding: () => state === 'holding',
    skip() {
      if (state === 'holding') end();
    },
  };
}
