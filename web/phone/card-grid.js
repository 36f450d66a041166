// Phone card pieces: a grid of big cards (select, or just look), an enlarged view, and the sticky
// confirm bar of the two-step select-then-confirm.
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { cardImg } from '/static/shared/cards.js';
import { icon } from '/static/shared/icons.js';

/**
 * A grid of cards. items: [{id, card, number?, disabled?, label?, why?, below?}]; the number and `label` ("Your
 * card") stand under the picture, never on it, as the TV's numbers stand over its cards; `why` says why a disabled
 * card cannot be chosen ("You cannot vote for your own card"), in the enlarged view that tapping it opens; `below`
 * is a node drawn under the card, outside its picture (whose card it was, its votes). options:
 *   deck; selectable: bool; max: how many may be selected (1, or 2 in duel);
 *   onChange(selectedIds). Tapping a selectable card selects it; the magnifier under it enlarges it.
 * Returns { el, selected(): ids, select(ids), clear() }.
 * @param {Array<{id: string, card: string, number?: number | null, disabled?: boolean, label?: string | null, why?: string | null, below?: Node | null}>} items
 * @param {{deck: string, selectable?: boolean, max?: number, onChange?: (selected: string[]) => void}} options
 */
export function cardGrid(items, { deck, selectable = false, max = 1, onChange = () => {} }) {
  let selected = [];
  const els = new Map();
  // A list of cards for a screen reader: each selectable one a toggle button ("Card 3 of 6, selected")
  // beside its magnifier (one control may not hold another); Enter or Space selects, Tab reaches confirm.
  const el = h('div', { class: `card-grid${selectable ? ' selectable' : ''}`, 'data-testid': 'card-grid', role: 'list' });
  const spoken = (item, i, on) => {
    const where = t(on ? 'a11y.card_selected' : 'a11y.card', { n: item.number != null ? item.number : i + 1, all: items.length });
    return item.label ? `${where}, ${item.label}` : where;
  };
  items.forEach((item, i) => {
    const choosable = selectable && !item.disabled;
    const face = h('div', { class: 'card', role: choosable ? 'button' : 'img', tabindex: choosable ? 0 : null,
      'aria-pressed': choosable ? 'false' : null, 'aria-disabled': selectable && item.disabled ? 'true' : null,
      'aria-label': spoken(item, i, false) }, cardImg(deck, item.card, 'thumb', 'card-img', item.number));
    const card = h('div', {
      class: `grid-card${item.disabled ? ' disabled' : ''}`, role: 'listitem',
      'data-card': item.card, 'data-number': item.number != null ? item.number : null, 'data-testid': 'grid-card',
    },
    // The picture alone: its label ("Your card") under it, then the frame's foot with the number beside the
    // magnifier (phone.css); on the picture's corner the number hid a part of it.
    h('div', { class: 'grid-picture' }, face),
    item.label ? h('div', { class: 'grid-label', 'data-testid': 'grid-label', 'aria-hidden': 'true', text: item.label }) : null,
    h('div', { class: 'grid-foot' },
      item.number != null ? h('span', { class: 'grid-number', 'aria-hidden': 'true', text: String(item.number) }) : null,
      h('button', { class: 'zoom', type: 'button', 'aria-label': t('enlarge'),
        onclick: (ev) => { ev.stopPropagation(); enlarge(deck, item, choosable ? () => pick(item.id) : null); } },
      icon('search'))),
    item.below || null);
    card.addEventListener('click', (ev) => {
      if (!choosable) enlarge(deck, item, null);
      // A double tap is one choice, not a choice taken back: the second tap of a quick pair on the card it
      // just selected is ignored (ev.detail counts the taps of a pair; a slow second tap still unselects).
      else if (!(ev.detail > 1 && selected.includes(item.id))) pick(item.id);
    });
    face.addEventListener('keydown', (ev) => {
      if ((ev.key === 'Enter' || ev.key === ' ') && choosable) { ev.preventDefault(); pick(item.id); }
    });
    els.set(item.id, { card, face, item, i });
    el.append(card);
  });
  function show() {
    for (const [k, c] of els) mark(c, selected.includes(k));
    onChange(selected);
  }
  function mark(c, on) {
    c.card.classList.toggle('selected', on);
    if (c.face.getAttribute('role') !== 'button') return;
    c.face.setAttribute('aria-pressed', String(on));
    c.face.setAttribute('aria-label', spoken(c.item, c.i, on));
  }
  function pick(id) {
    if (selected.includes(id)) selected = selected.filter((x) => x !== id);
    else selected = max === 1 ? [id] : [...selected, id].slice(-max);
    show();
  }
  const choosable = new Set(selectable ? items.filter((i) => !i.disabled).map((i) => i.id) : []);
  return {
    el,
    selected: () => selected,
    /** Selects those of `ids` this grid still offers (a choice carried over from the same screen drawn again). */
    select(ids) { selected = (ids || []).filter((id) => choosable.has(id)).slice(0, max); show(); },
    clear() { selected = []; for (const c of els.values()) mark(c, false); onChange(selected); },
  };
}

const enlarged = new Set();   // the close() of each card view open now

/** Closes every enlarged card (the phase moved on: a card view left open hid the next screen's buttons). */
export function closeEnlarged() {
  for (const close of [...enlarged]) close();
}

/**
 * Full-screen view of one card; choose() (if given) selects it from there. The card's `label` ("Your card") and
 * `why` (why it cannot be chosen) are said above its picture, so a tap on one's own card is answered.
 * @param {string} deck
 * @param {{card: string, label?: string | null, why?: string | null}} item
 * @param {(() => void) | null} choose
 */
export function enlarge(deck, item, choose) {
  const onKey = (ev) => { if (ev.key === 'Escape') close(); };
  const close = () => { overlay.remove(); document.removeEventListener('keydown', onKey); enlarged.delete(close); };
  enlarged.add(close);
  document.addEventListener('keydown', onKey);
  const noted = Boolean(item.label || item.why);
  const overlay = h('div', { class: `enlarge${noted ? ' noted' : ''}`, role: 'dialog', 'data-testid': 'enlarge', onclick: close },
    noted ? h('div', { class: 'enlarge-note', 'data-testid': 'enlarge-note' },
      item.label ? h('div', { class: 'enlarge-label', 'data-testid': 'enlarge-label', text: item.label }) : null,
      item.why ? h('div', { class: 'enlarge-why', 'data-testid': 'enlarge-why', text: item.why }) : null) : null,
    // The thumbnail (already loaded) shows at once; the large picture fades in over it.
    h('div', { class: 'card enlarge-card' }, cardImg(deck, item.card, 'thumb'), cardImg(deck, item.card, 'tv', 'card-img over')),
    h('div', { class: 'enlarge-actions' },
      choose ? h('button', { class: 'btn primary', type: 'button', text: t('choose_this'),
        onclick: (ev) => { ev.stopPropagation(); choose(); close(); } }) : null,
      h('button', { class: 'btn', type: 'button', text: t('close'), onclick: close })));
  document.body.append(overlay);
}

// The page keeps room under its content for the bar (--bar-h in phone.css), which grows with large text and
// long labels: with a fixed room a 200 % text phone could not scroll the last cards out from under it. One
// observer for every bar; a bar taken off the page (its size drops to 0) is let go. Every browser the pages
// support has ResizeObserver; without it the room stays 86 px.
const barRoom = window.ResizeObserver ? new ResizeObserver((entries) => {
  for (const { target } of entries) {
    const bar = /** @type {HTMLElement} */ (target);
    if (!bar.isConnected) barRoom.unobserve(bar);
    else if (bar.offsetHeight) document.documentElement.style.setProperty('--bar-h', `${bar.offsetHeight}px`);
  }
}) : null;

/**
 * The sticky bottom bar with the confirm button. update(label, enabled); onConfirm runs on tap, after
 * which the button stays busy until the next state (or a refusal) so a double tap cannot act twice.
 * wait(true) while the socket is down: the button says "Reconnecting…" and cannot be tapped, and the choice
 * stays as it is, to be confirmed again on the state that comes back (a game action is never sent later
 * by itself: it was chosen for a state that may be gone).
 */
export function confirmBar(onConfirm) {
  const btn = h('button', { class: 'btn primary confirm', type: 'button', 'data-testid': 'confirm', disabled: true });
  const el = h('div', { class: 'confirm-bar' }, btn);
  if (barRoom) barRoom.observe(el);
  let busy = false;
  let away = false;
  let label = '';
  let enabled = false;
  const draw = () => {
    btn.textContent = away ? t('conn.reconnecting') : label;
    btn.disabled = busy || !enabled || away;
    btn.classList.toggle('waiting', away);
  };
  btn.addEventListener('click', () => {
    if (btn.disabled || busy) return;
    if (onConfirm() !== false) { busy = true; btn.disabled = true; }
  });
  return {
    el,
    update(l, e) {
      label = l;
      enabled = e;
      draw();
      el.hidden = false;
    },
    wait(a) { away = a; draw(); },
    hide() { el.hidden = true; },
    release() { busy = false; },
  };
}

/** A block of text: title and an optional line under it. */
export function notice(title, line, testid) {
  return h('div', { class: 'notice', 'data-testid': testid || null },
    h('div', { class: 'notice-title', text: title }),
    line ? h('div', { class: 'notice-line', text: line }) : null);
}

export { fill };
