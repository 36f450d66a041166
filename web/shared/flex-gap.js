// Flex `gap` is Chromium 84+ / iOS 14.5+: in older browsers only, items get margins equal to the gap after
// every change, so stylesheets keep `gap` (docs/architecture.md "Browsers"). An item's own margin stays.

import { flexGapSupported } from './dom.js';

const MARK = 'data-gap-margin';
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Starts the fallback under `root` if the browser needs it; returns whether it did. */
export function polyfillFlexGap(root = document.body) {
  if (flexGapSupported()) return false;
  document.documentElement.classList.add('no-flex-gap');
  // Only what changed since it last ran is looked at (a frame that changes one chip costs one chip), and all of
  // it at once: every style read, then every write, then the wrapping rows' positions (one layout).
  const trees = new Set();     // elements whose whole subtree may have changed (new, or a new class)
  const single = new Set();    // containers whose items changed (added, removed, restyled)
  let whole = true;            // the first run, a resize: everything
  let queued = false;
  const note = (records) => {
    for (const r of records) {
      const el = r.target;
      if (r.type === 'childList') {
        single.add(el);
        for (let i = 0; i < r.addedNodes.length; i++) if (r.addedNodes[i].nodeType === 1) trees.add(r.addedNodes[i]);
        continue;
      }
      // a class or `hidden` may change anything below; an inline style (dom.js patch() drops ours) only itself
      if (r.attributeName === 'class' || r.attributeName === 'hidden') trees.add(el); else single.add(el);
      if (el.parentElement) single.add(el.parentElement);
    }
  };
  const observer = new MutationObserver((records) => { note(records); queue(); });
  const run = () => {
    queued = false;
    note(observer.takeRecords());
    const containers = new Set();
    const add = (el) => { if (el.isConnected && root.contains(el)) containers.add(el); };
    (whole ? [root] : outermost(trees, root)).forEach((r) => {
      containers.add(r);
      const all = r.getElementsByTagName('*');
      for (let i = 0; i < all.length; i++) containers.add(all[i]);
    });
    if (!whole) single.forEach(add);
    whole = false;
    trees.clear();
    single.clear();
    applyTo(containers);
    observer.takeRecords();   // our own writes: nothing new to space
  };
  const queue = () => { if (!queued) { queued = true; requestAnimationFrame(() => { if (queued) run(); }); } };
  observer.observe(root, { childList: true, subtree: true, attributes: true,
    attributeFilter: ['class', 'hidden', 'style', MARK] });
  window.addEventListener('resize', () => { whole = true; queue(); });
  flush = () => {
    note(observer.takeRecords());
    if (whole || trees.size || single.size) run();
  };
  queue();
  return true;
}

let flush = () => {};

/**
 * Spaces what changed now rather than at the next frame: a page calls it after drawing and before measuring
 * (fit-text.js), so the measure sees the gaps and the page is laid out once. A no-op where `gap` works.
 */
export function flushFlexGap() {
  flush();
}

/** The elements of `set` under `root` that no other one of them contains. */
function outermost(set, root) {
  const list = [];
  set.forEach((el) => {
    if (!el.isConnected || !root.contains(el)) return;
    for (let a = el.parentElement; a; a = a.parentElement) if (set.has(a)) return;
    list.push(el);
  });
  return list;
}

function px(value) {
  const n = parseFloat(value);
  return isNaN(n) ? 0 : n;
}

/** The fallback for each flex container among `els`: reads, then writes, then the wrapping ones' rows. */
function applyTo(els) {
  const plans = [];
  els.forEach((el) => {
    // a drawing's parts are never flex boxes (a token has a dozen), and an element with no element inside has
    // nothing to space (text alone is one item): most elements of a page, and no style read for them
    if (el.namespaceURI === SVG_NS || !el.firstElementChild) return;
    const cs = getComputedStyle(el);
    if (cs.display !== 'flex' && cs.display !== 'inline-flex') return;
    const rowGap = px(cs.rowGap || cs.gridRowGap);
    const colGap = px(cs.columnGap);
    if (rowGap || colGap) plans.push(plan(el, cs, rowGap, colGap));
  });
  plans.forEach(write);
  // the rows as they were last time are written above; only where they changed is anything written again
  // (a write that changes a margin is another layout)
  const wrapping = plans.filter((p) => p.wraps && p.items.length > 1);
  const lines = wrapping.map(lineStarts);
  wrapping.forEach((p, i) => writeLines(p, lines[i]));
}

/** Sets a margin only when it differs. */
function setMargin(el, side, value) {
  if (el.style[side] !== value) el.style[side] = value;
}

/** What one container needs (style reads only). */
function plan(el, cs, rowGap, colGap) {
  const column = cs.flexDirection.indexOf('column') === 0;
  const reverse = cs.flexDirection.indexOf('reverse') > 0;
  const items = [];
  const own = new Set();       // items with margins of their own: left alone
  const side = column ? (reverse ? 'marginBottom' : 'marginTop') : (reverse ? 'marginRight' : 'marginLeft');
  const end = column ? (reverse ? 'marginTop' : 'marginBottom') : (reverse ? 'marginLeft' : 'marginRight');
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const ccs = getComputedStyle(c);
    if (ccs.display === 'none' || ccs.position === 'absolute' || ccs.position === 'fixed') continue;
    items.push(c);
    if (!c.hasAttribute(MARK) && (px(ccs[side]) !== 0 || px(ccs[end]) !== 0)) own.add(c);
  }
  return {
    el, column, reverse, items, own, side, end,
    cross: cs.flexWrap === 'wrap-reverse' ? 'marginBottom' : column ? 'marginLeft' : 'marginTop',
    wraps: cs.flexWrap !== 'nowrap',
    gap: `${column ? rowGap : colGap}px`,
    crossGap: `${column ? colGap : rowGap}px`,
  };
}

function write(p) {
  // Text is a flex item too (an icon and its label): the element before it gets the gap.
  let before = false;
  let lastEl = null;       // the element just before, if ours to space
  for (let n = p.el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3) {
      if (!n.textContent.trim()) continue;
      if (lastEl) lastEl.style[p.end] = p.gap;
      before = true;
      lastEl = null;
      continue;
    }
    if (p.items.indexOf(n) < 0) continue;
    lastEl = p.own.has(n) ? null : n;
    if (lastEl) {
      if (!n.hasAttribute(MARK)) n.setAttribute(MARK, '');
      // a wrapping row's item keeps its place in the rows from last time (writeLines corrects a change)
      const lineStart = p.wraps && n.gapLine && n.gapLine.start;
      setMargin(n, p.side, before && !lineStart ? p.gap : '');
      setMargin(n, p.end, '');
      if (p.wraps) setMargin(n, p.cross, n.gapLine && n.gapLine.line ? p.crossGap : '');
    }
    before = true;
  }
}

// Wrapping: an item no further along than the one before starts a line (tops differ with heights).
function lineStarts(p) {
  const pos = p.items.map((item) => (p.column ? item.offsetTop : item.offsetLeft));
  return pos.map((x, i) => i > 0 && (p.reverse ? x - pos[i - 1] >= 0 : x - pos[i - 1] <= 0));
}

// No leading gap at a line's start, and a cross gap on lines after the first.
function writeLines(p, starts) {
  let line = 0;
  p.items.forEach((item, i) => {
    if (starts[i]) line += 1;
    item.gapLine = { start: starts[i], line };
    if (!item.hasAttribute(MARK)) return;
    if (starts[i]) setMargin(item, p.side, '');
    else if (i > 0) setMargin(item, p.side, p.gap);
    setMargin(item, p.cross, line ? p.crossGap : '');
  });
}
