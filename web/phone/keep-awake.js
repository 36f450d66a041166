// Keeps a phone's screen on while a game runs. The Wake Lock API exists only in a secure context, and phones
// on the home Wi-Fi open plain http://192.168.x.y, where `navigator.wakeLock` is missing (and on iOS < 16.4
// everywhere). There NoSleep.js (web/vendor/nosleep, MIT) plays its tiny muted looping video, which browsers
// treat as "media playing: keep the screen on". Both must start inside a tap. The state is mirrored on
// <html data-keep-awake="off|starting|wakelock|video"> for the tests (tests/e2e/test_keep_awake.py); "wakelock"
// and "video" are set only once the lock was granted or the video really plays.

let mode = 'off';
let lock = null;
let video = null;   // the NoSleep instance, made on first use

function setMode(m) {
  mode = m;
  document.documentElement.setAttribute('data-keep-awake', m);
}

/** How the screen is being kept on now: "off", "starting", "wakelock" or "video". */
export function keepAwakeMode() {
  return mode;
}

/** Starts keeping the screen on (call from a tap); does nothing if it already is. Never throws. */
export function startKeepAwake() {
  if (mode !== 'off') return;
  if (window.isSecureContext && 'wakeLock' in navigator) {
    setMode('starting');
    navigator.wakeLock.request('screen').then((l) => {
      if (mode !== 'starting') { l.release(); return; }   // stopped while the request was pending
      lock = l;
      setMode('wakelock');
      l.addEventListener('release', () => { if (lock === l) { lock = null; setMode('off'); } });
    }).catch(() => { if (mode === 'starting') setMode('off'); });   // refused (battery saver): the game still works
  } else if (window.NoSleep) {
    if (!video) video = new window.NoSleep();
    setMode('starting');
    video.enable().then(() => {
      if (mode === 'starting') setMode('video');
      else video.disable();   // stopped while the video was starting
    }).catch(() => { if (mode === 'starting') setMode('off'); });
  }
}

/** Lets the screen sleep again (game over, left the game). */
export function stopKeepAwake() {
  if (mode === 'off') return;
  if (lock) { const l = lock; lock = null; l.release().catch(() => {}); }
  if (video) video.disable();
  setMode('off');
}
