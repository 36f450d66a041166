// The TV page is laid out on a 1920×1080 stage and scaled to the viewport (TV browsers use 1920×1080, 1280×720
// or 960×540 CSS px): every size shows the same picture, letterboxed if the shape differs (a 4:3 projector,
// a 21:9 monitor). What shows over every screen (the sound prompt, the pause, the host away, toasts) lives on a
// second stage-sized layer scaled the same way, so it sits on the picture, never in the black bars.
export const STAGE_W = 1920;
export const STAGE_H = 1080;

/** Scales and centres each of `els` (1920×1080 boxes at the window's top left) in the window, now and on every
 * resize. */
export function fitStage(...els) {
  const fit = () => {
    const w = window.innerWidth;
    const hgt = window.innerHeight;
    const s = Math.min(w / STAGE_W, hgt / STAGE_H);
    const transform = `translate(${(w - STAGE_W * s) / 2}px, ${(hgt - STAGE_H * s) / 2}px) scale(${s})`;
    els.forEach((el) => { el.style.transform = transform; });
  };
  window.addEventListener('resize', fit);
  fit();
}

let layer = null;

/** The layer over the stage (made once, appended to the body): its children are laid out in stage px. */
export function overlay() {
  if (!layer) {
    layer = document.createElement('div');
    layer.className = 'stage-over';
    document.body.appendChild(layer);
  }
  return layer;
}
