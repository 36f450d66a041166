// The icons only the phone draws (the magnifier, the keepsake picture, the "look at the TV" screen), added to the
// shared set (shared/icons.js) when the phone starts: the TV's first load goes without them.
// Shapes from Lucide 0.462.0 (npm lucide-static, ISC licence: assets/LICENSES/Lucide-ISC.txt).
import { addIcons } from '/static/shared/icons.js';

addIcons({
  'search': [['circle', {cx: 11, cy: 11, r: 8}], ['path', {d: 'm21 21-4.3-4.3'}]],
  'image': [['rect', {width: 18, height: 18, x: 3, y: 3, rx: 2, ry: 2}], ['circle', {cx: 9, cy: 9, r: 2}], ['path', {d: 'm21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21'}]],
  'tv': [['rect', {width: 20, height: 15, x: 2, y: 7, rx: 2, ry: 2}], ['polyline', {points: '17 2 12 7 7 2'}]],
});
