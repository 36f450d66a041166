// A choice not confirmed yet (a selected card or vote, an association being typed) kept in sessionStorage while
// the page is away, so a reload or a phone woken after the browser dropped the page finds it again. One draft
// per room, seat and screen (phase and round); the drafts of any other screen are dropped when one is drawn.

const PREFIX = 'imaginarium.draft.';
const SCREENS = ['telling', 'playing', 'voting'];   // the turn screens (form-screen.js); the lobby sends as it goes

/** The draft's key for `screen` ("playing/3": the router's key), or null where nothing is kept. */
export function draftKey(code, seat, screen) {
  return seat && SCREENS.includes(screen.split('/')[0]) ? `${PREFIX}${code}.${seat}.${screen}` : null;
}

/** The draft kept under `key` (null if none); every other draft of room `code` is dropped: it no longer applies. */
export function takeDraft(key, code) {
  let found = null;
  try {
    const room = `${PREFIX}${code}.`;
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const k = sessionStorage.key(i);
      if (k && k.indexOf(room) === 0 && k !== key) sessionStorage.removeItem(k);
    }
    const text = key ? sessionStorage.getItem(key) : null;
    found = text ? JSON.parse(text) : null;
  } catch { found = null; }   // private mode, or a draft this page can no longer read
  return found;
}

/** Keeps `data` (a screen's carry(): {mode, form}) under `key`, or drops the draft when nothing is chosen. */
export function keepDraft(key, data) {
  if (!key) return;
  try {
    if (data && data.mode && data.form != null) sessionStorage.setItem(key, JSON.stringify(data));
    else sessionStorage.removeItem(key);
  } catch { /* private mode or full: the choice lasts while the page is open */ }
}
