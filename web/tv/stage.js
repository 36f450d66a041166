// The TV page is laid out on a 1920×1080 stage and scaled to the viewport (TV browsers use 1920×1080, 1280×720
// or 960×540 CSS px): every size shows the same picture, letterboxed if the shape differs.
export const STAGE_W = 1920;
export const STAGE_H = 1080;

/** Scales and centres `el` in the window, now and on every resize. */
export function fitStage(el) {
  const fit = () => {
    const w = window.innerWidth;
    const hgt = window.innerHeight;
    const s = Math.min(w / STAGE_W, hgt / STAGE_H);
    el.style.transform = `translate(${(w - STAGE_W * s) / 2}px, ${(hgt - STAGE_H * s) / 2}px) scale(${s})`;
  };
  window.addEventListener('resize', fit);
  fit();
}
