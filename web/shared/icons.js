// UI icons as inline SVG, so no meaning depends on an emoji font (TV browsers and a Pi often have none).
// Shapes from Lucide 0.462.0 (npm lucide-static, ISC licence: assets/LICENSES/Lucide-ISC.txt), copied from its
// icon-nodes.json (keys unquoted); drawn in currentColor with Lucide's 2 px stroke on a 24-unit grid.
import { s } from './dom.js';

const NODES = {
  'search': [['circle', {cx: 11, cy: 11, r: 8}], ['path', {d: 'm21 21-4.3-4.3'}]],
  'clapperboard': [['path', {d: 'M20.2 6 3 11l-.9-2.4c-.3-1.1.3-2.2 1.3-2.5l13.5-4c1.1-.3 2.2.3 2.5 1.3Z'}], ['path', {d: 'm6.2 5.3 3.1 3.9'}], ['path', {d: 'm12.4 3.4 3.1 4'}], ['path', {d: 'M3 11h18v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z'}]],
  'user': [['path', {d: 'M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2'}], ['circle', {cx: 12, cy: 7, r: 4}]],
  'book-open': [['path', {d: 'M12 7v14'}], ['path', {d: 'M3 18a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h5a4 4 0 0 1 4 4 4 4 0 0 1 4-4h5a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-6a3 3 0 0 0-3 3 3 3 0 0 0-3-3z'}]],
  'flag': [['path', {d: 'M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1z'}], ['line', {x1: 4, x2: 4, y1: 22, y2: 15}]],
  'crown': [['path', {d: 'M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z'}], ['path', {d: 'M5 21h14'}]],
  'party-popper': [['path', {d: 'M5.8 11.3 2 22l10.7-3.79'}], ['path', {d: 'M4 3h.01'}], ['path', {d: 'M22 8h.01'}], ['path', {d: 'M15 2h.01'}], ['path', {d: 'M22 20h.01'}], ['path', {d: 'm22 2-2.24.75a2.9 2.9 0 0 0-1.96 3.12c.1.86-.57 1.63-1.45 1.63h-.38c-.86 0-1.6.6-1.76 1.44L14 10'}], ['path', {d: 'm22 13-.82-.33c-.86-.34-1.82.2-1.98 1.11c-.11.7-.72 1.22-1.43 1.22H17'}], ['path', {d: 'm11 2 .33.82c.34.86-.2 1.82-1.11 1.98C9.52 4.9 9 5.52 9 6.23V7'}], ['path', {d: 'M11 13c1.93 1.93 2.83 4.17 2 5-.83.83-3.07-.07-5-2-1.93-1.93-2.83-4.17-2-5 .83-.83 3.07.07 5 2Z'}]],
  'volume-2': [['path', {d: 'M11 4.702a.705.705 0 0 0-1.203-.498L6.413 7.587A1.4 1.4 0 0 1 5.416 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.416a1.4 1.4 0 0 1 .997.413l3.383 3.384A.705.705 0 0 0 11 19.298z'}], ['path', {d: 'M16 9a5 5 0 0 1 0 6'}], ['path', {d: 'M19.364 18.364a9 9 0 0 0 0-12.728'}]],
  'volume-x': [['path', {d: 'M11 4.702a.705.705 0 0 0-1.203-.498L6.413 7.587A1.4 1.4 0 0 1 5.416 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.416a1.4 1.4 0 0 1 .997.413l3.383 3.384A.705.705 0 0 0 11 19.298z'}], ['line', {x1: 22, x2: 16, y1: 9, y2: 15}], ['line', {x1: 16, x2: 22, y1: 9, y2: 15}]],
  'chevron-left': [['path', {d: 'm15 18-6-6 6-6'}]],
  'chevron-right': [['path', {d: 'm9 18 6-6-6-6'}]],
  'image': [['rect', {width: 18, height: 18, x: 3, y: 3, rx: 2, ry: 2}], ['circle', {cx: 9, cy: 9, r: 2}], ['path', {d: 'm21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21'}]],
  'vote': [['path', {d: 'm9 12 2 2 4-4'}], ['path', {d: 'M5 7c0-1.1.9-2 2-2h10a2 2 0 0 1 2 2v12H5V7Z'}], ['path', {d: 'M22 19H2'}]],
  'timer': [['line', {x1: 10, x2: 14, y1: 2, y2: 2}], ['line', {x1: 12, x2: 15, y1: 14, y2: 11}], ['circle', {cx: 12, cy: 14, r: 8}]],
  'scroll-text': [['path', {d: 'M15 12h-5'}], ['path', {d: 'M15 8h-5'}], ['path', {d: 'M19 17V5a2 2 0 0 0-2-2H4'}], ['path', {d: 'M8 21h12a2 2 0 0 0 2-2v-1a1 1 0 0 0-1-1H11a1 1 0 0 0-1 1v1a2 2 0 1 1-4 0V5a2 2 0 1 0-4 0v2a1 1 0 0 0 1 1h3'}]],
  'message-circle': [['path', {d: 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z'}]],
  'shuffle': [['path', {d: 'm18 14 4 4-4 4'}], ['path', {d: 'm18 2 4 4-4 4'}], ['path', {d: 'M2 18h1.973a4 4 0 0 0 3.3-1.7l5.454-8.6a4 4 0 0 1 3.3-1.7H22'}], ['path', {d: 'M2 6h1.972a4 4 0 0 1 3.6 2.2'}], ['path', {d: 'M22 18h-6.041a4 4 0 0 1-3.3-1.8l-.359-.45'}]],
  'trophy': [['path', {d: 'M6 9H4.5a2.5 2.5 0 0 1 0-5H6'}], ['path', {d: 'M18 9h1.5a2.5 2.5 0 0 0 0-5H18'}], ['path', {d: 'M4 22h16'}], ['path', {d: 'M10 14.66V17c0 .55-.47.98-.97 1.21C7.85 18.75 7 20.24 7 22'}], ['path', {d: 'M14 14.66V17c0 .55.47.98.97 1.21C16.15 18.75 17 20.24 17 22'}], ['path', {d: 'M18 2H6v7a6 6 0 0 0 12 0V2Z'}]],
  'x': [['path', {d: 'M18 6 6 18'}], ['path', {d: 'm6 6 12 12'}]],
  'check': [['path', {d: 'M20 6 9 17l-5-5'}]],
  'circle-help': [['circle', {cx: 12, cy: 12, r: 10}], ['path', {d: 'M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3'}], ['path', {d: 'M12 17h.01'}]],
  'tv': [['rect', {width: 20, height: 15, x: 2, y: 7, rx: 2, ry: 2}], ['polyline', {points: '17 2 12 7 7 2'}]],
  'users': [['path', {d: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2'}], ['circle', {cx: 9, cy: 7, r: 4}], ['path', {d: 'M22 21v-2a4 4 0 0 0-3-3.87'}], ['path', {d: 'M16 3.13a4 4 0 0 1 0 7.75'}]],
};

// Each icon drawn once per size and class, then copied (screens redraw their chips' marks on many frames).
const drawn = new Map();

/** An inline SVG icon `name` (a key of NODES), in the text colour. @param {number|string} [size] CSS px or em */
export function icon(name, size = '1em', cls = '') {
  const px = typeof size === 'number' ? `${size}px` : size;
  const key = `${name}|${px}|${cls}`;
  if (!drawn.has(key)) {
    const svg = s('svg', { viewBox: '0 0 24 24', width: px, height: px, fill: 'none', stroke: 'currentColor',
      'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true',
      class: `icon icon-${name}${cls ? ' ' + cls : ''}` });
    for (const [tag, attrs] of NODES[name]) svg.appendChild(s(tag, attrs));
    drawn.set(key, svg);
  }
  return /** @type {SVGSVGElement} */ (drawn.get(key).cloneNode(true));
}
