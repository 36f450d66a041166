// The conditions on a turn's association (a special cell's, or the game's permanent restriction), drawn the
// same way on the TV and the phone; each page's stylesheet sizes `.conditions` for its screen.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { icon } from '/static/shared/icons.js';

/**
 * Condition id (the view's `conditions[]`: RULES.md §3 special cells, §4 permanent restriction) → its icon,
 * a character every font has, or an SVG icon name (never an emoji: many TVs have no emoji font).
 */
export const CONDITION_ICONS = {
  question: '?', four_words: '4', person: 'svg:user', screen: 'svg:clapperboard', story: 'svg:book-open', brand: '™',
};

/** The icon for condition id `c` as a node (a star for one this page does not know yet). */
export function conditionIcon(c) {
  const sign = CONDITION_ICONS[c] || '★';
  return sign.indexOf('svg:') === 0 ? icon(sign.slice(4)) : document.createTextNode(sign);
}

/** The conditions box for the view's `conditions` list of ids, or null when there are none. */
export function conditionsBox(conditions) {
  if (!conditions || !conditions.length) return null;
  return h('div', { class: 'conditions', 'data-testid': 'conditions' },
    conditions.map((c) => h('div', { class: 'condition' },
      h('span', { class: 'condition-icon' }, conditionIcon(c)),
      h('span', { text: t(`condition.${c}`) }))));
}
