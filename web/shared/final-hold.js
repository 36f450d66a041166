// The last round ends straight in `game_over`: a page that watched its vote shows the result a while first (a
// phone may tap past it). Leaving the game stops a pending timer (it must not fire into the next game).

export const FINAL_RESULT_MS = 7000;

/**
 * A page's hold; `onEnd()` when it ends (timer or skip). Returns { screen(game, fromVoting) → 'scored' while
 * held, else game.phase (`fromVoting`: the voting screen was shown until now), leave(), holding(), skip() }.
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
