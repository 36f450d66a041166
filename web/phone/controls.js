// Form controls the phone's settings share: a switch row (its box first, then its words) and a select that
// shows its chosen option in full.
import { h } from '/static/shared/dom.js';

/**
 * A switch's row, one pattern for every switch of the lobby and the host menu: the box at the start of the line,
 * its words after it (wrapping beside it at 200 % text), the whole row its tap target; `help` (optional) under
 * the row. `box` is the checkbox; `after` (optional) a control at the row's end, outside the label (the short
 * game's cell number). Returns the row's element.
 */
export function switchRow(label, box, help, after) {
  const words = h('label', { class: 'switch-row' }, box, h('span', { class: 'switch-words', text: label }));
  return h('div', { class: 'setting' },
    after ? h('div', { class: 'setting-row switch-line' }, words, after) : words,
    help ? h('div', { class: 'setting-help', text: help }) : null);
}

/**
 * A select whose chosen option shows in full: a native select cuts its option to one line ("Втроём (с лишн…" at
 * 200 % text on a 360 px phone), so it lies invisible over a face that wraps the option's words. A tap still
 * opens the phone's own list; the keyboard and a screen reader still meet the select itself (the face is
 * hidden from them). Returns { el, show }: show() after setting the select's value from code (a change made
 * on the select shows by itself).
 */
export function selectFace(select) {
  const face = h('span', { class: 'select-face', 'aria-hidden': 'true' });
  const el = h('span', { class: 'select-wrap' }, face, select);
  const show = () => {
    const option = select.options[select.selectedIndex];
    face.textContent = option ? option.textContent : '';
  };
  select.addEventListener('change', show);
  show();
  return { el, show };
}
