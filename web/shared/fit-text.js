// `.fit` elements (one line, overflow hidden) shrink to a floor, then wrap to two lines, and only then are cut:
// "Деду…" where a smaller size would have fitted is what people saw on the TV.
// `.fit-lines` elements (a few lines, clamped: an association) shrink to the stage's floor until every line shows,
// and past that show whole, taller (`fit-all`): a family reads what the storyteller typed to the end.
// An element already fitted to the same text in the same width is left alone, and the rest are measured
// together (reads, then writes, then reads): a read after each write would lay the page out once per element,
// which on a TV's processor is most of a frame.

const FLOOR_SHARE = 0.7;   // a name never below 70 % of the stylesheet's size ...
const FLOOR_PX = 24;       // ... nor below the TV stage's smallest must-read text

function keyOf(el) {
  return `${el.textContent}|${el.clientWidth}|${el.parentNode ? el.parentNode.clientWidth : 0}`;
}

// Strict: 1 px too wide shows "…"; a line clamped off is a line too many (a line's height rounds up by 1 px).
function overflows(el) {
  return el.scrollWidth > el.clientWidth || (el.lines && el.scrollHeight > el.clientHeight + 1);
}

/** Fits every `.fit` and `.fit-lines` element under root that changed since it was last fitted (after each render). */
export function fitText(root) {
  const all = root.querySelectorAll('.fit, .fit-lines');
  const todo = [];
  for (let i = 0; i < all.length; i++) {
    if (all[i].fitKey !== keyOf(all[i])) todo.push(all[i]);
  }
  if (!todo.length) return;
  for (const el of todo) {
    el.lines = el.classList.contains('fit-lines');
    el.style.fontSize = '';
    const cls = el.lines ? 'fit-all' : 'fit-wrap';
    if (el.classList.contains(cls)) el.classList.remove(cls);   // a write that changes nothing still costs
    el.fitted = el.getAttribute('style');   // the stylesheet's own (dom.js patch() tells it from ours)
  }
  const over = [];
  for (const el of todo) {
    if (!el.clientWidth || !overflows(el)) continue;
    const base = parseFloat(getComputedStyle(el).fontSize);
    const floor = el.lines ? FLOOR_PX : Math.max(FLOOR_PX, base * FLOOR_SHARE);
    // text width goes with the font size (a box of lines with its square): the first guess is nearly always right
    const share = el.lines ? Math.sqrt(el.clientHeight / el.scrollHeight) : el.clientWidth / el.scrollWidth;
    over.push({ el, floor, size: Math.max(floor, Math.floor(base * Math.min(1, share))) });
  }
  for (const o of over) o.el.style.fontSize = `${o.size}px`;
  for (const o of over) {
    while (overflows(o.el) && o.size > o.floor) {
      o.size = Math.max(o.floor, o.size - 2);
      o.el.style.fontSize = `${o.size}px`;
    }
  }
  const rest = over.filter((o) => overflows(o.el));
  for (const o of rest) o.el.classList.add(o.el.lines ? 'fit-all' : 'fit-wrap');
  for (const el of todo) el.fitKey = keyOf(el);
}
