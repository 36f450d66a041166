// TV sound: Web Audio cues (no files to license) after a one-time "press OK" (audio needs a gesture);
// muted by the TV's button (kept) or the host's `sound` setting.
import { h } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { icon } from '/static/shared/icons.js';
import { overlay } from './stage.js';

const MUTE_KEY = 'imaginarium.tv.muted';
// eslint-disable-next-line compat/compat -- feature-detected; Chromium 69 may have only the webkit one
const AC = window.AudioContext || window.webkitAudioContext || null;

// Notes [Hz, start s, length s, wave, peak gain, glide-to Hz]: short and soft, a living room, not an arcade.
const CUES = {
  join: [[523.25, 0, 0.12, 'sine', 0.25], [783.99, 0.1, 0.18, 'sine', 0.25]],
  told: [[440, 0, 0.3, 'triangle', 0.22], [554.37, 0.08, 0.3, 'triangle', 0.2], [659.25, 0.16, 0.45, 'triangle', 0.2]],
  all_played: [[880, 0, 0.07, 'square', 0.08], [880, 0.12, 0.07, 'square', 0.08], [1174.66, 0.24, 0.12, 'square', 0.08]],
  reveal: [[392, 0, 0.5, 'sine', 0.2, 784], [1568, 0.35, 0.35, 'triangle', 0.12]],
  points: [[987.77, 0, 0.1, 'square', 0.07], [1318.51, 0.09, 0.3, 'square', 0.07]],
  game_over: [[523.25, 0, 0.18, 'triangle', 0.25], [659.25, 0.16, 0.18, 'triangle', 0.25],
    [783.99, 0.32, 0.18, 'triangle', 0.25], [1046.5, 0.48, 0.7, 'triangle', 0.28]],
};

let context = null;
let enabled = false;       // the prompt was dismissed (the gesture happened)
let roomSound = true;      // the host's setting
let muted = readMuted();
const played = [];         // cue names synthesised, and those silenced (the test hook below)
const silenced = [];

function readMuted() {
  try { return localStorage.getItem(MUTE_KEY) === '1'; } catch (e) { return false; }
}

/** Test hook: what the TV's sound did. */
window.imaginariumSound = {
  played, silenced,
  state: () => ({ supported: Boolean(AC), enabled, muted, roomSound, context: context ? context.state : null }),
};

export function audible() {
  return Boolean(context) && enabled && !muted && roomSound;
}

export function setRoomSound(on) {
  roomSound = on !== false;
}

/** Plays cue `name` (a key of CUES) if sound is on, else only counts it. */
export function cue(name) {
  if (!CUES[name]) return;
  if (!audible()) { silenced.push(name); return; }
  if (context.state === 'suspended' && context.resume) context.resume();
  const now = context.currentTime + 0.02;
  CUES[name].forEach((n) => {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = n[3];
    osc.frequency.setValueAtTime(n[0], now + n[1]);
    if (n[5]) osc.frequency.exponentialRampToValueAtTime(n[5], now + n[1] + n[2]);
    gain.gain.setValueAtTime(0.0001, now + n[1]);
    gain.gain.exponentialRampToValueAtTime(n[4], now + n[1] + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + n[1] + n[2]);
    osc.connect(gain);
    gain.connect(context.destination);
    osc.start(now + n[1]);
    osc.stop(now + n[1] + n[2] + 0.05);
  });
  played.push(name);
}

/** Starts audio, inside the gesture. */
function enable() {
  if (!AC) return;
  if (!context) context = new AC();
  if (context.state === 'suspended' && context.resume) context.resume();
  enabled = true;
}

/** The one-time prompt (none without Web Audio): OK or a tap starts audio and removes it. */
export function showPrompt() {
  if (!AC || enabled) return null;
  promptLabel = h('span', { text: t('sound.prompt') });
  const button = h('button', { class: 'sound-prompt', type: 'button', 'data-testid': 'sound-prompt' },
    icon('volume-2'), promptLabel);
  function go() {
    enable();
    button.remove();
    document.body.classList.remove('sound-asked');
    promptLabel = null;
    document.removeEventListener('keydown', onKey, true);
    cue('join');   // a first chime says sound works
    refreshToggles();
  }
  function onKey(e) {
    if (!(e.key === 'Enter' || e.keyCode === 13)) return;
    const active = document.activeElement;
    if (active && active.closest && active.closest('.tv-top-right')) {
      // ↑ then OK (README): the remote reached the top bar. OK on the mute button mutes, and the gesture
      // starts audio (silent) so the prompt goes; another top-bar button keeps its own OK.
      if (!active.classList.contains('sound-toggle')) return;
      e.preventDefault();
      toggleMute();
    } else e.preventDefault();
    go();
  }
  button.addEventListener('click', go);
  document.addEventListener('keydown', onKey, true);   // a remote's OK wherever the focus is
  overlay().appendChild(button);
  document.body.classList.add('sound-asked');   // hides the brand
  button.focus();
  return button;
}

let promptLabel = null;

/** Relabels the prompt after a language switch (it outlives the screens, which are rebuilt). */
export function relabelPrompt() {
  if (promptLabel) promptLabel.textContent = t('sound.prompt');
}

let toggles = [];
// Called with every state: a button is redrawn only when what it shows changed.
function refreshToggles() {
  toggles.forEach((b) => {
    const off = muted || !roomSound;
    const label = muted ? t('sound.unmute') : t('sound.mute');
    const shown = `${off}|${label}`;
    if (b.shown === shown) return;
    b.shown = shown;
    b.dataset.muted = off ? 'true' : 'false';
    b.setAttribute('aria-label', label);
    b.title = label;
    while (b.firstChild) b.removeChild(b.firstChild);
    b.appendChild(icon(off ? 'volume-x' : 'volume-2'));
  });
}

/** Mutes the TV, or unmutes it (kept in localStorage). */
function toggleMute() {
  muted = !muted;
  try { localStorage.setItem(MUTE_KEY, muted ? '1' : '0'); } catch (e) { /* private mode: this page only */ }
  refreshToggles();
}

/** The top bar's mute button: a tap or a remote's OK toggles it (↑ reaches it, see remoteKeys). */
export function muteButton() {
  const b = h('button', { class: 'icon-btn sound-toggle', type: 'button', 'data-testid': 'mute', onclick: toggleMute });
  toggles = toggles.filter((old) => old.isConnected);   // the top bar is rebuilt with each screen
  toggles.push(b);
  refreshToggles();
  return b;
}

/**
 * A remote's keys (no Tab): ↑ focuses the mute button (the sound prompt too may be up: OK there then mutes),
 * ←/→ move along the top bar, ↓ or Back leave it (back to the prompt while it is up).
 */
export function remoteKeys() {
  document.addEventListener('keydown', (e) => {
    const active = document.activeElement;
    const inTop = Boolean(active && active.closest && active.closest('.tv-top-right'));
    if (e.key === 'ArrowUp' && !inTop) {
      const mute = document.querySelector('.tv-top-right .sound-toggle');
      if (mute) { e.preventDefault(); mute.focus(); }
    } else if (inTop && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      e.stopImmediatePropagation();   // not the game-over story's arrows while the top bar has the focus
      const buttons = Array.prototype.slice.call(document.querySelectorAll('.tv-top-right button'));
      const i = buttons.indexOf(active) + (e.key === 'ArrowRight' ? 1 : -1);
      if (buttons[i]) buttons[i].focus();
    } else if (inTop && (e.key === 'ArrowDown' || e.key === 'Escape' || e.key === 'GoBack')) {
      e.preventDefault();
      const prompt = document.querySelector('.sound-prompt');
      if (prompt) prompt.focus(); else active.blur();
    }
  }, true);
}

/** The cue names, in order, that state `next` brings after `prev` (either may be null). */
export function cuesFor(prev, next) {
  if (!prev || !next) return [];
  const out = [];
  if ((next.room.people || 0) > (prev.room.people || 0)) out.push('join');
  const a = prev.game;
  const b = next.game;
  if (!a || !b) return out;
  if (a.phase === b.phase && a.round === b.round) return out;
  if (b.phase === 'playing' && a.phase === 'telling') out.push('told');
  else if (b.phase === 'voting' && a.phase === 'playing') out.push('all_played');
  else if (b.phase === 'scored' || (b.phase === 'game_over' && a.phase === 'voting')) out.push('reveal', 'points');
  if (b.phase === 'game_over' && a.phase !== 'game_over') out.push('game_over');
  return out;
}

let afterShow = [];   // the cues a result's show starts itself once its points count up (pointsCounting)

/**
 * Plays the cues of a state change. `show`: the result arrived while this TV watched the vote, so scored.js
 * shows it step by step and starts the `points` cue (and `game_over` 0.9 s after it) itself, with the step that
 * counts the points up (`pointsCounting`): a timer of its own here drifted from that step on a busy TV. Without
 * a show, `points` comes 0.9 s after the reveal, `game_over` 0.9 s after that.
 */
export function onState(prev, next, show = false) {
  setRoomSound((next.room.settings || {}).sound);
  refreshToggles();
  let delay = 0;
  const cues = cuesFor(prev, next);
  if (show && cues.includes('points')) afterShow = cues.slice(cues.indexOf('points'));
  cues.forEach((name) => {
    if (show && afterShow.includes(name)) return;
    if (name === 'points') delay = 900;
    else if (name === 'game_over') delay += 900;
    // counted from the next frame, when the result's first paint shows
    const ms = delay;
    if (ms) requestAnimationFrame(() => setTimeout(() => cue(name), ms)); else cue(name);
  });
}

/** The result's show (scored.js) counts the points up now: its `points` cue, and `game_over` 0.9 s later. */
export function pointsCounting() {
  const cues = afterShow;
  afterShow = [];
  cues.forEach((name, i) => { if (i) setTimeout(() => cue(name), 900 * i); else cue(name); });
}
