// What a screen reader says by itself: a phase change ("Round 2: voting") and "Your turn" when a turn
// action opens. One polite live region outside the screens, which are replaced at every phase (a region
// must already be on the page when its text changes for it to be read).
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';

const PHASES = ['telling', 'playing', 'voting', 'scored', 'game_over'];

/**
 * A live region and its update: `el` goes on the page once; `update(phase, round, turn)` speaks when the
 * phase or round changed, or when `turn` (a turn action is open for this phone) became true.
 * @returns {{el: HTMLElement, update: (phase: string | null, round: number, turn: boolean) => void}}
 */
export function announcer() {
  const el = h('div', { class: 'sr-only', role: 'status', 'aria-live': 'polite', 'data-testid': 'announce' });
  let seen = '';
  let turnBefore = false;
  return {
    el,
    update(phase, round, turn) {
      const key = `${phase}/${round}`;
      const lines = [];
      if (key !== seen && phase && PHASES.includes(phase)) lines.push(t(`a11y.${phase}`, { n: round }));
      if (turn && (!turnBefore || key !== seen)) lines.push(t('a11y.your_turn'));
      seen = key;
      turnBefore = turn;
      if (lines.length) el.textContent = lines.join('. ');
    },
  };
}
