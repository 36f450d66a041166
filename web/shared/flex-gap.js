// Flex `gap` is Chromium 84+ / iOS 14.5+: in older browsers only, items get margins equal to the gap after
// every change, so stylesheets keep `gap` (docs/architecture.md "Browsers"). An item's own margin stays.

const MARK = 'data-gap-margin';

/** True when this browser honours `gap` on flex containers. */
export function flexGapSupported() {
  const box = document.createElement('div');
  box.style.cssText = 'display:flex;flex-direction:column;row-gap:1px;position:absolute;visibility:hidden';
  box.append(document.createElement('div'), document.createElement('div'));
  document.body.append(box);
  const ok = box.scrollHeight === 1;
  box.remove();
  return ok;
}

/** Starts the fallback under `root` if the browser needs it; returns whether it did. */
export function polyfillFlexGap(root = document.body) {
  if (flexGapSupported()) return false;
  document.documentElement.classList.add('no-flex-gap');
  let queued = false;
  const run = () => { queued = false; applyAll(root); };
  const queue = () => { if (!queued) { queued = true; requestAnimationFrame(run); } };
  new MutationObserver(queue).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'hidden'] });
  window.addEventListener('resize', queue);
  queue();
  return true;
}

function px(value) {
  const n = parseFloat(value);
  return isNaN(n) ? 0 : n;
}

function applyAll(root) {
  const all = root.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    const cs = getComputedStyle(el);
    if (cs.display !== 'flex' && cs.display !== 'inline-flex') continue;
    const rowGap = px(cs.rowGap || cs.gridRowGap);
    const colGap = px(cs.columnGap);
    if (!rowGap && !colGap) continue;
    applyOne(el, cs, rowGap, colGap);
  }
}

function applyOne(el, cs, rowGap, colGap) {
  const column = cs.flexDirection.indexOf('column') === 0;
  const reverse = cs.flexDirection.indexOf('reverse') > 0;
  const side = column ? (reverse ? 'marginBottom' : 'marginTop') : (reverse ? 'marginRight' : 'marginLeft');
  const cross = cs.flexWrap === 'wrap-reverse' ? 'marginBottom' : column ? 'marginLeft' : 'marginTop';
  const wraps = cs.flexWrap !== 'nowrap';
  const items = [];
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const ccs = getComputedStyle(c);
    if (ccs.display === 'none' || ccs.position === 'absolute' || ccs.position === 'fixed') continue;
    items.push(c);
  }
  const end = column ? (reverse ? 'marginTop' : 'marginBottom') : (reverse ? 'marginLeft' : 'marginRight');
  const gap = `${column ? rowGap : colGap}px`;
  // Text is a flex item too (an icon and its label): the element before it gets the gap.
  let before = false;
  let lastEl = null;       // the element just before, if ours to space
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3) {
      if (!n.textContent.trim()) continue;
      if (lastEl) lastEl.style[end] = gap;
      before = true;
      lastEl = null;
      continue;
    }
    if (items.indexOf(n) < 0) continue;
    const own = !n.hasAttribute(MARK) && (px(getComputedStyle(n)[side]) !== 0 || px(getComputedStyle(n)[end]) !== 0);
    lastEl = own ? null : n;
    if (!own) {
      n.setAttribute(MARK, '');
      n.style[side] = before ? gap : '';
      n.style[end] = '';
      if (wraps) n.style[cross] = '';
    }
    before = true;
  }
  if (!wraps || items.length < 2) return;
  // Wrapping: an item no further along than the one before starts a line (tops differ with heights): no
  // leading gap there, and a cross gap on lines after the first.
  let line = 0;
  items.forEach((item, i) => {
    const prev = items[i - 1] || item;
    const along = column ? item.offsetTop - prev.offsetTop : item.offsetLeft - prev.offsetLeft;
    if (i && (reverse ? along >= 0 : along <= 0)) {
      line += 1;
      if (item.hasAttribute(MARK)) item.style[side] = '';
    }
    if (line && item.hasAttribute(MARK)) item.style[cross] = `${column ? colGap : rowGap}px`;
  });
}
