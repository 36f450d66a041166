// The conditions on a turn's association (a special cell's, or the game's permanent restriction), drawn the
// same way on the TV and the phone; each page's stylesheet sizes `.conditions` for its screen.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';

/**
 * Condition id (the view's `conditions[]`: RULES.md §3 special cells, §4 permanent restriction) → its icon,
 * drawn as text (the emoji font is the system's).
 */
export const CONDITION_ICONS = {
  question: '?', four_words: '4', person: '👤', screen: '🎬', story: '📖', brand: '™',
};

/** The icon for condition id `c` (a star for one this page does not know yet). */
export function conditionIcon(c) {
  return CONDITION_ICONS[c] || '★';
}

/** The conditions box for the view's `conditions` list of ids, or null when there are none. */
export function conditionsBox(conditions) {
  if (!conditions || !conditions.length) return null;
  return h('div', { class: 'conditions', 'data-testid': 'conditions' },
    conditions.map((c) => h('div', { class: 'condition' },
      h('span', { class: 'condition-icon', text: conditionIcon(c) }),
      h('span', { text: t(`condition.${c}`) }))));
}
