// The conditions on a turn's association (a special cell's, RULES.md §3; the permanent restriction, §4),
// drawn alike on the TV and the phone; each page's stylesheet sizes `.conditions`.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { icon } from '/static/shared/icons.js';

// Condition id → a character every font has, or an SVG icon (many TVs have no emoji font).
export const CONDITION_ICONS = {
  question: '?', four_words: '4', person: 'svg:user', screen: 'svg:clapperboard', story: 'svg:book-open', brand: '™',
};

/** The icon for condition `c` as a node (a star for an unknown one). */
export function conditionIcon(c) {
  const sign = CONDITION_ICONS[c] || '★';
  return sign.indexOf('svg:') === 0 ? icon(sign.slice(4)) : document.createTextNode(sign);
}

/** The box for the view's `conditions` ids, or null when there are none. */
export function conditionsBox(conditions) {
  if (!conditions || !conditions.length) return null;
  return h('div', { class: 'conditions', 'data-testid': 'conditions' },
    conditions.map((c) => h('div', { class: 'condition' },
      h('span', { class: 'condition-icon' }, conditionIcon(c)),
      h('span', { text: t(`condition.${c}`) }))));
}
