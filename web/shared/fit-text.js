// `.fit` elements (one line, overflow hidden) shrink to a floor, then wrap to two lines, and only then are cut:
// "Деду…" where a smaller size would have fitted is what people saw on the TV.
// An element already fitted to the same text in the same width is left alone, and the rest are measured
// together (reads, then writes, then reads): a read after each write would lay the page out once per element,
// which on a TV's processor is most of a frame.

const FLOOR_SHARE = 0.7;   // never below 70 % of the stylesheet's size ...
const FLOOR_PX = 24;       // ... nor below the TV stage's smallest must-read text

function keyOf(el) {
  return `${el.textContent}|${el.clientWidth}|${el.parentNode ? el.parentNode.clientWidth : 0}`;
}

// Strict: 1 px too wide shows "…".
function overflows(el) {
  return el.scrollWidth > el.clientWidth;
}

/** Fits every `.fit` element under root that changed since it was last fitted (after each render). */
export function fitText(root) {
  const all = root.querySelectorAll('.fit');
  const todo = [];
  for (let i = 0; i < all.length; i++) {
    if (all[i].fitKey !== keyOf(all[i])) todo.push(all[i]);
  }
  if (!todo.length) return;
  for (const el of todo) {
    el.style.fontSize = '';
    el.classList.remove('fit-wrap');
    el.fitted = el.getAttribute('style');   // the stylesheet's own (dom.js patch() tells it from ours)
  }
  const over = [];
  for (const el of todo) {
    if (!el.clientWidth || !overflows(el)) continue;
    const base = parseFloat(getComputedStyle(el).fontSize);
    const floor = Math.max(FLOOR_PX, base * FLOOR_SHARE);
    // text width goes with the font size: the first guess is nearly always right
    over.push({ el, floor, size: Math.max(floor, Math.floor((base * el.clientWidth) / el.scrollWidth)) });
  }
  for (const o of over) o.el.style.fontSize = `${o.size}px`;
  for (const o of over) {
    while (overflows(o.el) && o.size > o.floor) {
      o.size = Math.max(o.floor, o.size - 2);
      o.el.style.fontSize = `${o.size}px`;
    }
  }
  const wrap = over.filter((o) => overflows(o.el));
  for (const o of wrap) o.el.classList.add('fit-wrap');
  for (const el of todo) el.fitKey = keyOf(el);
}
