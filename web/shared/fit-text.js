// Names shrink to a floor, then wrap onto a second line, and only then are cut with an ellipsis: a name cut
// to "Деду…" or "Gran & Grand…" while a smaller size would have fitted is what people saw on the TV.
// Elements with class `fit` (single-line, overflow hidden in their stylesheet) are fitted after each render.

const FLOOR_SHARE = 0.7;   // never below 70 % of the stylesheet's size ...
const FLOOR_PX = 24;       // ... nor below 24 px, the smallest must-read text on the TV's 1080-line stage

/** Fits every `.fit` element under root: its stylesheet size, smaller down to the floor, then two lines. */
export function fitText(root) {
  const els = root.querySelectorAll('.fit');
  for (let i = 0; i < els.length; i++) fitOne(els[i]);
}

function overflows(el) {
  return el.scrollWidth > el.clientWidth + 1;
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
  if (overflows(el)) el.classList.add('fit-wrap');   // two lines at the floor size, then the ellipsis
}
