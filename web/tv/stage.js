// A 1920×1080 stage scaled to the viewport, letterboxed; overlays share its scale (never in the bars).
export const STAGE_W = 1920;
export const STAGE_H = 1080;

/** Scales and centres each of `els` (1920×1080) in the window, now and on resizes. */
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

/** The layer over the stage (made once), laid out in stage px. */
export function overlay() {
  if (!layer) {
    layer = document.createElement('div');
    layer.className = 'stage-over';
    document.body.appendChild(layer);
  }
  return layer;
}
