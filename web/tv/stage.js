// The TV page is laid out once, on a 1920×1080 stage (tv.css), and scaled to whatever the TV browser's
// viewport is: 1920×1080, 1280×720 or 960×540 CSS px all show the same picture, letterboxed if the shape differs.
export const STAGE_W = 1920;
export const STAGE_H = 1080;

/** Scales `el` (the 1920×1080 stage) to fit and centre in the window, now and on every resize. */
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
