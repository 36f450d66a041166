// The 14 elephant colours of the protocol (docs/protocol.md) and how to draw them on a dark table.
import { h, s, signed } from './dom.js';
import { graphemes } from './text.js';
import { currentRuleset } from './i18n.js';

// Every two stay apart for colour-blind eyes, the first seven (a table's usual colours) the furthest; each looks
// as its name says (test_palette.py): red is a true red (#c62828; the vermilion #d55e00 before it read as
// orange, beside orange itself); purple, pink, brown, grey, black, lime and navy were moved apart (purple
// #9c27b0 was blue's double to a red-green colour-blind eye, pink grey's, brown green's, lime orange's).
export const COLOURS = {
  white: '#f5f5f5', orange: '#e69f00', teal: '#44bbcc', green: '#009e73', yellow: '#f0e442',
  blue: '#0072b2', red: '#c62828', purple: '#d130ef', pink: '#ff5988', brown: '#7b655f', grey: '#9e9a9d',
  black: '#272221', lime: '#a4c86c', navy: '#1f2d9b',
};

/** CSS colour of a colour name; unknown names are grey. */
export function colourHex(name) {
  return COLOURS[name] || '#9e9e9e';
}

// Luminance over 0.18: dark ink reads better than white.
const LIGHT = new Set(['white', 'orange', 'teal', 'green', 'yellow', 'purple', 'pink', 'grey', 'lime']);

/** Ink (text/silhouette) colour readable on top of the elephant colour. */
export function inkFor(name) {
  return LIGHT.has(name) ? '#14101f' : '#ffffff';
}

/**
 * An elephant token: a disc in its colour with our elephant silhouette; size in CSS pixels. `initials` (one or
 * two letters, or none) are cut out of its body, so a colour is never the only way to tell two apart.
 */
export function elephantToken(colour, size = 48, label = '', initials = '') {
  const piece = currentRuleset();   // the ruleset's own piece (a Dixit player's is a rabbit): drawn as that
  return signed(tokenDisc(colour, size, label, '', elephantSvg(initials)), `token|${piece}|${colour}|${size}|${label}|${initials}`);
}

/** A token's disc in `colour`, `size` CSS px, named `label` (none: ''), with classes `extra` and `inside`. */
export function tokenDisc(colour, size, label, extra, inside) {
  return h('span', {
    class: `token${extra}`,
    style: { '--c': colourHex(colour), '--ink': inkFor(colour), '--size': `${size}px` },
    title: label || null,
    // a named token is a picture with a name (aria-label alone is not allowed on a span)
    role: label ? 'img' : null,
    'aria-label': label || null,
  }, inside);
}

// One drawing per set of initials, copied: a copy is a fraction of the ~30 attribute writes a drawing takes,
// and screens draw a token per elephant, chip and vote on many `state` frames.
const drawings = new Map();

// A player's piece by ruleset (RULES.md terms: Dixit's is a rabbit); any other ruleset's, the elephant.
const PIECES = { dixit: drawRabbit };

function elephantSvg(initials) {
  const ruleset = currentRuleset();
  const key = `${ruleset}|${initials}`;
  if (!drawings.has(key)) drawings.set(key, (PIECES[ruleset] || drawElephant)(initials));
  return drawings.get(key).cloneNode(true);
}

/** A vote token in the voter's colour, labelled `label` (roster.js voteLabel) or two letters ("Ан"). */
export function voteToken(colour, name, label = null) {
  return h('span', {
    class: 'vote-token',
    style: { '--c': colourHex(colour), '--ink': inkFor(colour) },
    title: name,
    'aria-label': name,
    text: label || shortLabel(name, 2),
  });
}

/** The first n graphemes of a name, the first one upper-cased ("александра" → "Ал"). */
export function shortLabel(name, n = 2) {
  const g = graphemes(String(name || '?').trim() || '?').filter((x) => x.trim());
  return (g[0] || '?').toUpperCase() + g.slice(1, n).join('');
}

/** The initials cut out of a piece's body (x 13..39, y 25..46 of 64: board.js places crowds by them). */
function bodyInitials(initials) {
  // the disc's colour on the ink-coloured body: the same contrast as the silhouette on the disc
  return initials ? s('text', { x: 26, y: initials.length > 1 ? 43 : 46, 'text-anchor': 'middle', fill: 'var(--c)',
    'font-size': initials.length > 1 ? 21 : 29, 'font-weight': 900, 'font-family': 'sans-serif',
    class: 'token-initials' }, initials) : '';
}

/** Dixit's rabbit, drawn like the elephant (64-unit grid, the same body for the initials): long ears, round tail. */
function drawRabbit(initials) {
  return s('svg', { viewBox: '0 0 64 64', class: 'elephant rabbit', 'aria-hidden': 'true' },
    s('g', { fill: 'currentColor' },
      s('ellipse', { cx: 27, cy: 35, rx: 19, ry: 13 }),
      s('circle', { cx: 46, cy: 25, r: 10 }),
      s('ellipse', { cx: 41, cy: 10, rx: 3.6, ry: 10, transform: 'rotate(-14 41 10)' }),
      s('ellipse', { cx: 50, cy: 10, rx: 3.6, ry: 10, transform: 'rotate(14 50 10)' }),
      s('circle', { cx: 8, cy: 31, r: 5 }),
      s('ellipse', { cx: 20, cy: 48, rx: 10, ry: 4.5 }),
      s('ellipse', { cx: 40, cy: 48, rx: 6, ry: 4 })),
    s('ellipse', { cx: 41, cy: 10, rx: 1.4, ry: 6.5, fill: 'var(--c)', opacity: 0.55, transform: 'rotate(-14 41 10)' }),
    s('ellipse', { cx: 50, cy: 10, rx: 1.4, ry: 6.5, fill: 'var(--c)', opacity: 0.55, transform: 'rotate(14 50 10)' }),
    s('circle', { cx: 50, cy: 23, r: 1.8, fill: 'var(--c)' }),
    s('circle', { cx: 55.5, cy: 27.5, r: 1.5, fill: 'var(--c)' }),
    bodyInitials(initials));
}

function drawElephant(initials) {
  return s('svg', { viewBox: '0 0 64 64', class: 'elephant', 'aria-hidden': 'true' },
    s('g', { fill: 'currentColor' },
      s('ellipse', { cx: 27, cy: 35, rx: 19, ry: 13 }),
      s('rect', { x: 11, y: 40, width: 8, height: 14, rx: 2.5 }),
      s('rect', { x: 31, y: 40, width: 8, height: 14, rx: 2.5 }),
      s('circle', { cx: 45, cy: 27, r: 11 }),
      s('path', { d: 'M52 30 Q60 34 59 45 Q58 52 53 51 L53 48 Q55.5 47 55.5 43 Q55 37 48 35 Z' }),
      s('path', { d: 'M9 31 Q4 34 5 41', stroke: 'currentColor', 'stroke-width': 2.5, fill: 'none',
        'stroke-linecap': 'round' })),
    s('ellipse', { cx: 40, cy: 27, rx: 6.5, ry: 9, fill: 'var(--c)', opacity: initials ? 0 : 0.55 }),
    s('circle', { cx: 49, cy: 24, r: 1.8, fill: 'var(--c)' }),
    bodyInitials(initials));
}
