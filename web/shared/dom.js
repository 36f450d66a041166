// DOM helpers. Text always goes in through textContent / text nodes: never innerHTML with data.

/**
 * An element. props: class, text, style (object, "--x" custom properties), dataset, on<event>, else attributes
 * (true → empty, null/false → none). children: nodes, strings (as text), arrays, null (skipped).
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  setProps(el, props);
  append(el, children);
  return el;
}

function setProps(el, props) {
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k === 'style') setStyle(el, v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value') el.value = v;
    else if (k === 'checked' || k === 'disabled' || k === 'selected') el[k] = Boolean(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/** Sets inline styles from an object ("--x": custom properties). */
export function setStyle(el, style) {
  for (const [k, v] of Object.entries(style)) {
    if (k.startsWith('--')) el.style.setProperty(k, v);
    else el.style[k] = v;
  }
}

/** Appends children (nodes, strings, nested arrays; null/false skipped). */
export function append(el, children) {
  for (const c of [children].flat(Infinity)) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Replaces every child of el with children. */
export function fill(el, ...children) {
  while (el.firstChild) el.removeChild(el.firstChild);   // replaceChildren() is Chromium 86+
  append(el, children);
  drawStandIns(el);
  return el;
}

// Stand-ins made and not yet drawn or kept (an over-count only costs a scan): while none waits, a new subtree
// has none to look for (most fill() calls, and the whole game screen the TV builds at the lobby's end).
let waiting = 0;

/**
 * Makes el's children those given, like fill(), but keeps every node that already shows the same thing: the
 * new children are compared with the old ones (a child with data-key, data-seat or data-elephant is matched by
 * it, else by position and tag) and only what differs is written. A screen that redraws on each `state` frame
 * then changes only what the frame changed (no restyle, no image request, no restarted animation elsewhere).
 */
export function patch(el, ...children) {
  const fresh = document.createElement('div');
  append(fresh, children);
  patchChildren(el, fresh);
  return el;
}

function keyOf(n) {
  if (n.nodeType !== 1) return null;
  return n.getAttribute('data-key') || n.getAttribute('data-seat') || n.getAttribute('data-elephant');
}

function patchChildren(el, fresh) {
  const keyed = new Map();
  const loose = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    const k = keyOf(c);
    if (k != null && !keyed.has(k)) keyed.set(k, c); else loose.push(c);
  }
  let ref = el.firstChild;
  let li = 0;
  const want = Array.prototype.slice.call(fresh.childNodes);
  const kept = new Set();
  for (let w of want) {
    const k = keyOf(w);
    let old = k != null ? keyed.get(k) : loose[li];
    if (k == null) li += 1;
    if (w.draw) {   // a stand-in (later()): the old node as it is, if drawn from the same inputs
      if (old && !kept.has(old) && old.sig === w.sig) {
        waiting = Math.max(0, waiting - 1);
        kept.add(old);
        if (old === ref) ref = ref.nextSibling; else el.insertBefore(old, ref);
        continue;
      }
      w = drawn(w);
    }
    if (old && !kept.has(old) && old.nodeName === w.nodeName && patchNode(old, w)) kept.add(old);
    else old = drawStandIns(w);
    if (old === ref) ref = ref.nextSibling;
    else el.insertBefore(old, ref);
  }
  while (ref) {
    const next = ref.nextSibling;
    el.removeChild(ref);
    ref = next;
  }
}

// fit-text.js's own writes (a smaller font size, `fit-wrap`, `fit-all`) are not differences.
function attrOf(el, name) {
  const v = el.getAttribute(name);
  if (el.fitted === undefined) return v;
  if (name === 'class') return v.replace(/ fit-(wrap|all)\b/, '');
  return name === 'style' ? el.fitted : v;
}

/** Old node `a` made like new node `b` in place; false when it cannot be (then b replaces it). */
function patchNode(a, b) {
  if (a.nodeType === 3) {
    if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
    return true;
  }
  if (a.nodeType !== 1) return false;
  // a card's picture is the same picture only if it asks for the same file
  if (a.nodeName === 'IMG') return a.getAttribute('src') === b.getAttribute('src');
  // drawn from the same inputs (signed()): the same, however deep, with nothing to compare
  if (b.sig !== undefined && a.sig === b.sig) return true;
  a.sig = b.sig;
  let changed = false;
  for (let i = 0; i < b.attributes.length; i++) {
    const { name, value } = b.attributes[i];
    if (attrOf(a, name) !== value) { a.setAttribute(name, value); changed = true; }
  }
  for (let i = a.attributes.length - 1; i >= 0; i--) {
    const name = a.attributes[i].name;
    if (!b.hasAttribute(name) && !(name === 'style' && a.fitted !== undefined && !a.fitted)) { a.removeAttribute(name); changed = true; }
  }
  if (changed && a.fitted !== undefined) { a.fitted = undefined; a.fitKey = undefined; }   // fit it again
  patchChildren(a, b);
  return true;
}

/**
 * `el`, marked as drawn from inputs `sig` (a string of all it shows): patch() takes an old node with the same
 * mark for the same, without comparing its subtree (an elephant's drawing, a chip that did not change).
 */
export function signed(el, sig) {
  el.sig = sig;
  return el;
}

/**
 * A stand-in for the node `draw()` makes from inputs `sig` (a string of all it shows), matched among its siblings
 * by `key`: patch() keeps the old node of that key when it was drawn from the same `sig` (nothing drawn,
 * compared or moved: a frame that marks one chip done draws one chip) and calls draw() only when it was not.
 * Only for trees that go through patch() or fill().
 */
export function later(key, sig, draw) {
  const el = signed(h('i', { 'data-key': key, 'data-later': true }), sig);
  el.draw = draw;
  waiting += 1;
  return el;
}

/** The node stand-in `w` stands for, drawn (its key and sig on it). */
function drawn(w) {
  waiting = Math.max(0, waiting - 1);
  const node = drawStandIns(w.draw());
  node.sig = w.sig;
  if (node.nodeType === 1 && keyOf(node) !== w.getAttribute('data-key')) node.setAttribute('data-key', w.getAttribute('data-key'));
  return node;
}

/** `node` with every stand-in in it drawn (a new subtree going into the page). */
function drawStandIns(node) {
  if (node.nodeType !== 1) return node;
  if (node.draw) return drawn(node);
  if (!waiting) return node;
  const standIns = node.querySelectorAll('[data-later]');
  for (let i = 0; i < standIns.length; i++) standIns[i].parentNode.replaceChild(drawn(standIns[i]), standIns[i]);
  return node;
}

/** patch(el, ...draw()) unless `sig` (a string of everything draw() shows) is what el last showed. */
export function patchIf(el, sig, draw) {
  if (el.drawn === sig) return el;
  el.drawn = sig;
  return patch(el, draw());
}

/** Shows or hides el (`hidden`) with a write only when that changes (each write is styled again). */
export function setHidden(el, hidden) {
  if (el.hidden !== Boolean(hidden)) el.hidden = Boolean(hidden);
}

/** Sets el's text only when it differs (an equal write still makes the browser lay it out again). */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes (static drawings only, no user data). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

let toastBox = null;
let toastParent = null;

/** Where toasts go (default: the body; the TV's: its stage). */
export function toastHost(el) {
  toastParent = el;
}

/** A short message at the bottom of the screen (toastHost's), for a few seconds. */
export function toast(message, kind = 'error') {
  if (!toastBox) {
    toastBox = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' });
    (toastParent || document.body).append(toastBox);
  }
  const el = h('div', { class: `toast toast-${kind}`, text: message });
  toastBox.append(el);
  setTimeout(() => el.classList.add('toast-out'), 4000);
  setTimeout(() => el.remove(), 4600);
}

/**
 * True when this browser honours `gap` on flex containers (Chromium 84+, iOS 14.5+). Older ones space flex rows
 * otherwise: the phone by script (flex-gap.js), the TV by stylesheet (tv/no-flex-gap.css).
 */
export function flexGapSupported() {
  const box = document.createElement('div');
  box.style.cssText = 'display:flex;flex-direction:column;row-gap:1px;position:absolute;visibility:hidden';
  box.append(document.createElement('div'), document.createElement('div'));
  document.body.append(box);
  const ok = box.scrollHeight === 1;
  box.remove();
  return ok;
}
