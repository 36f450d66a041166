// `.fit` elements (one line, overflow hidden) shrink to a floor, then wrap to two lines, and only then are cut:
// "Деду…" where a smaller size would have fitted is what people saw on the TV.

const FLOOR_SHARE = 0.7;   // never below 70 % of the stylesheet's size ...
const FLOOR_PX = 24;       // ... nor below the TV stage's smallest must-read text

/** Fits every `.fit` element under root (after each render). */
export function fitText(root) {
  const els = root.querySelectorAll('.fit');
  for (let i = 0; i < els.length; i++) fitOne(els[i]);
}

// Strict: 1 px too wide shows "…".
function overflows(el) {
  return el.scrollWidth > el.clientWidth;
}

function fitOne(el) {
  el.style.fontSize = '';
  el.classList.remove('fit-wrap');
  if (!el.clientWidth || !overflows(el)) return;
  const base = parseFloat(getComputedStyle(el).fontSize);
  const floor = Math.max(FLOOR_PX, base * FLOOR_SHARE);
  let size = base;
  while (overflows(el) && size > floor) {
    size = Math.max(floor, size - 2);
    el.style.fontSize = `${size}px`;
  }
  if (overflows(el)) el.classList.add('fit-wrap');
}
