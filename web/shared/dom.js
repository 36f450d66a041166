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
  return append(el, children);
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
