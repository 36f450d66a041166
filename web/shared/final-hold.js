// The last round ends straight in `game_over`. A page that watched that round's vote keeps its result on
// screen for a while before the final standings (the TV until the timer, a phone until the timer or a
// tap); a page opened after the end goes straight to the standings.
//
// One behaviour for both pages: leaving the game (lobby, or a new game's first phase) also stops a
// pending timer, so an old timer cannot fire into the next game and cost that game its own hold.

export const FINAL_RESULT_MS = 7000;

/**
 * A hold for one page. `onEnd()` is called when the hold ends by itself or by `skip()` (the page renders
 * again). Returns:
 * - screen(game, fromVoting) → 'scored' while the final round's result is held, else game.phase.
 *   `fromVoting`: the page showed the voting screen until this state (it saw the round end).
 * - leave(): the page left the game (back in the lobby): nothing held, no timer.
 * - holding() → true while the result is held.
 * - skip(): end the hold now (a tap on "Final standings").
 */
export function finalHold(onEnd, ms) {
  const wait = ms || FINAL_RESULT_MS;
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
        timer = setTimeout(end, wait);
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
