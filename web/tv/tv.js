// The TV page: opens a room, keeps one WebSocket, shows each `state` by phase (no rules here).
import { h, append, fill, flexGapSupported, setHidden, setText, toast, toastHost } from '/static/shared/dom.js';
import { detectLang, loadLang, t, useCatalogue, useRuleset } from '/static/shared/i18n.js';
import { connect } from '/static/shared/ws-client.js';
import { loadRules, modeOf } from '/static/shared/rules.js';
import { noteDeck } from '/static/shared/cards.js';
import { connectionBadge, langSwitch } from '/static/shared/chrome.js';
import * as lobby from './screens/lobby.js';
import * as board from './board.js';
import * as side from './side.js';
import * as telling from './screens/telling.js';
import * as playing from './screens/playing.js';
import * as voting from './screens/voting.js';
import * as scored from './screens/scored.js';
import { late } from './late.js';
import { infoButton } from './info.js';
import { fitStage, overlay } from './stage.js';
import { fitText } from '/static/shared/fit-text.js';
import { finalHold } from '/static/shared/final-hold.js';
import * as sound from './sound.js';
import * as hostAway from './host-away.js';
import { countdown, holdCountdowns } from '/static/shared/countdown.js';

const SCREENS = { telling, playing, voting, scored };   // and the game's end, late.js

const app = document.getElementById('app');
const badge = connectionBadge({ short: true });
const switcher = langSwitch(switchLang);
let conn = null;
/** @type {import('/static/shared/protocol.js').State | null} */
let last = null;         // the last `state` message
let code = null;
let tvKey = null;       // from `welcome`: the TV's key for the story's HTTP requests
let roomLang = null;    // settings.lang, followed on the first state and on every change
let mounted = { key: null, screen: null, frame: null };
let walkAt = 0;         // ms (Date.now()): the result's elephants walk then (result-show.js showTimes)
let pointsAt = 0;       // ms (Date.now()): the result's points count up then, and the standings with them

async function main() {
  fitStage(app, overlay());
  toastHost(overlay());
  // A browser without flex `gap` (Chromium < 84) gets its flex rows spaced by no-flex-gap.css. The phone's script
  // fallback (shared/flex-gap.js) is not loaded here: it read the styles and positions of whatever a frame
  // changed, most of a lobby frame on a TV's processor.
  if (!flexGapSupported()) document.documentElement.classList.add('no-flex-gap');
  // The browser's language (or the switch's last tap) until the room names one; the TV's own catalogue.
  useCatalogue('/static/shared/i18n/tv/');
  await Promise.all([loadLang(detectLang()), loadRules()]);
  badge.refresh();
  switcher.refresh();   // built before the language loaded
  code = await roomCode();
  renderWaiting();
  sound.showPrompt();
  sound.remoteKeys();
  conn = connect({
    room: code, role: 'tv', token: () => null, lang: () => document.documentElement.lang,
    // the badge's width changes: fit the phase title again
    onStatus: (s) => { holdCountdowns(s !== 'online'); badge.set(s); fitAll(); },
    onMessage,
  });
}

/** The room code from ?room=, else a new room (put in the URL for reloads). */
async function roomCode() {
  const params = new URLSearchParams(location.search);
  const given = (params.get('room') || '').toUpperCase();
  if (given) return given;
  const res = await fetch('/api/rooms', { method: 'POST' });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || !body.code) {
    // Storage trouble or the rate limit: say so and retry (the TV has no keyboard).
    setTimeout(() => location.reload(), 10000);
    throw new Error(t('tv.no_room', { status: res.status }));
  }
  params.set('room', body.code);
  history.replaceState(null, '', `${location.pathname}?${params}`);
  return body.code;
}

/** @param {import('/static/shared/protocol.js').ServerMessage} msg */
function onMessage(msg) {
  if (msg.type === 'welcome') {
    tvKey = msg.tv_key || null;
    document.cookie = `tv_room=${msg.room}; path=/tv; max-age=31536000`;   // for a bare /tv (pages.py)
  }
  if (msg.type === 'state') {
    noteDeck(msg.room);
    // a result this TV watched the vote for is a show (scored.js): it starts its points cue as the points count
    sound.onState(last, msg, Boolean(msg.game && msg.game.result) && mounted.key === 'voting');
    last = msg;
    useRuleset((msg.room.settings || {}).ruleset);   // its own words and pieces (Dixit: рассказчик, rabbits)
    const wanted = (msg.room.settings || {}).lang;
    const changed = Boolean(wanted) && wanted !== roomLang;
    roomLang = wanted || roomLang;
    if (changed && wanted !== document.documentElement.lang) switchLang(wanted, false);
    else if (msg.room.phase === 'lobby') renderSoon();
    else render();
  }
  else if (msg.type === 'error') {
    toast(msg.message || msg.code);
    if (msg.code === 'no_such_room') location.reload();   // gone: the server's page says so
  }
}

/** Shows the TV in language l; `remember`: a tap on the switch, not the room's setting. */
async function switchLang(l, remember = true) {
  await loadLang(l, remember);
  badge.refresh();
  switcher.refresh();
  sound.relabelPrompt();
  mounted = { key: null, screen: null, frame: null };
  if (last) render(); else renderWaiting();
  if (conn) conn.hello();  // the server's sentences too
}

/** The top bar: the brand, `extra` (a game's heading) and `right`, its buttons (a bar built ahead gets them when shown). */
function topBar(extra, right = topRight()) {
  return h('header', { class: 'tv-top' },
    h('div', { class: 'brand', text: t('app_name') }),
    extra,
    h('div', { class: 'tv-top-right' }, right));
}

/** The top bar's right: the badge and the language switch (one each, moved from bar to bar), sound and info. */
function topRight() {
  return [badge, sound.muteButton(), switcher, infoButton(() => code)];
}

function renderWaiting() {
  fill(app, topBar(null), h('main', { class: 'tv-loading', text: t('connecting') }));
}

const hold = finalHold(() => { if (last) render(); });

function screenFor(ctx) {
  if (ctx.room.phase === 'lobby' || !ctx.game) { hold.leave(); return 'lobby'; }
  return hold.screen(ctx.game, mounted.key === 'voting');
}

// prefers-reduced-motion (Chromium 74+; older TVs never match it) or the host's "calm TV": only fades.
const reduced = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : { matches: false };

// Lobby frames are drawn once per animation frame, from the newest (each `state` is the whole room): when a
// family joins at once, Chromium 69 hands the socket's queued messages over in one task, and drawing every one
// of them (a join is a roster patch, the how-to-play card and a fit) made a TV's processor freeze for a second
// or more. A game's frames are drawn at once, in order (the result's show depends on the vote before it).
let renderQueued = false;

/**
 * Calls fn once, at the next animation frame (`afterPaint`: in a task right after that frame's paint); a hidden
 * page, which gets no animation frames, after 250 ms all the same.
 */
function nextFrame(fn, afterPaint = false) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  requestAnimationFrame(afterPaint ? () => setTimeout(once, 0) : once);
  setTimeout(once, 250);
}

function renderSoon() {
  if (renderQueued) return;
  renderQueued = true;
  nextFrame(() => { if (renderQueued && last) render(); });
}

function render() {
  renderQueued = false;
  const ctx = { room: last.room, game: last.game, you: last.you, code, tvKey };
  document.body.classList.toggle('calm', reduced.matches || (ctx.room.settings || {}).calm === true);
  const key = screenFor(ctx);
  if (key === 'lobby') {
    if (mounted.key !== 'lobby') {
      const screen = lobby.create(ctx);
      fill(app, topBar(null), screen.el);
      ahead = null;
      mounted = { key, screen, frame: null };
    }
    mounted.screen.update(ctx);
    buildAhead();
  } else {
    // the game's first frame shows its heading and first screen; the elephants and the standings come in the
    // next (two tasks of half the switch each, not one: the switch was the longest task of a game)
    const fresh = !mounted.frame;
    if (fresh) {
      mounted = { key: null, screen: null, frame: takeAhead() || gameFrame(ctx) };
      nextFrame(() => { if (last && mounted.frame) render(); }, true);
    }
    const f = mounted.frame;
    // the game's end comes after the first load (late.js): asked for at the game's start; if it is not here yet,
    // the screen shown stays until it is
    if (fresh) whenIdle(() => late('game_over'));
    const mod = key === 'game_over' ? late(key, () => { if (last) render(); }) : SCREENS[key] || telling;
    if (!mod) return;
    if (mounted.key !== key) {
      // the result is a show only for a TV that watched the vote (a late or reloaded one sees it finished)
      const screen = mod.create(ctx, mounted.key === 'voting');
      fill(f.main, screen.el);
      f.main.dataset.phase = key;
      mounted.key = key;
      mounted.screen = screen;
      // the standings keep the round's start until the points count up (then they count up with them), the
      // board until they have counted (then the elephants walk)
      pointsAt = screen.pointsDelay ? Date.now() + screen.pointsDelay * 1000 : 0;
      walkAt = screen.walkDelay ? Date.now() + screen.walkDelay * 1000 : 0;
      if (pointsAt) setTimeout(() => { if (last) render(); }, screen.pointsDelay * 1000);
      if (walkAt) setTimeout(() => { if (last) render(); }, screen.walkDelay * 1000 + 20);
    }
    setText(f.title, mod.title(ctx));
    f.main.dataset.round = ctx.game.round;
    setText(f.round, t('round_n', { n: ctx.game.round }));
    // the last round's result (held, final-hold.js) keeps its round chip and the standings
    const noRound = !ctx.game.round || key === 'game_over';
    setHidden(f.round, noRound);
    f.clock.update(ctx.room.clock);
    mounted.screen.update(ctx);
    // five to seven teams: the standings' "A & B" on two lines (in every phase, so the result's cards stay
    // the voting's size)
    const teams = modeOf(ctx.game).people_per_seat > 1;
    f.grid.classList.toggle('teams', teams);
    f.grid.classList.toggle('wide-side', teams && (ctx.game.elephants || []).length > 4);
    if (!fresh && (key !== 'scored' || Date.now() >= walkAt)) f.board.update(ctx);
    if (!fresh && (key !== 'scored' || Date.now() >= pointsAt)) f.side.update(ctx, key, key === 'scored' && pointsAt > 0);
  }
  renderPause(ctx);
  hostAway.update(ctx);
  fitAll();
  // a screen that changed its layout to fit (scored.js) has new widths to fit text in
  for (let i = 0; i < 4 && mounted.screen && mounted.screen.afterFit && mounted.screen.afterFit(); i++) fitAll();
}

function fitAll() {
  fitText(app);
}

/** The game's screen (heading, centre, side column, board) in place of the lobby; `hidden`: beside it, unseen. */
function gameFrame(ctx, hidden = false) {
  // `fit`: a long title shrinks, then wraps, rather than lose its end to an ellipsis.
  const title = h('h1', { class: 'phase-title fit', 'data-testid': 'phase-title' });
  const round = h('span', { class: 'chip round-chip' });
  const clock = countdown('tv-countdown', 'countdown');
  const main = h('main', { class: 'tv-main' });
  const b = board.create();
  const sd = side.create(ctx);
  const grid = h('div', { class: `tv-game${hidden ? ' ahead' : ''}` },
    topBar(h('div', { class: 'tv-heading' }, title, round, clock.el), hidden ? [] : topRight()), main, sd.el, b.el);
  if (hidden) app.append(grid); else fill(app, grid);
  return { grid, title, round, clock, main, board: b, side: sd };
}

// The game's screen is built while the lobby waits, unseen beside it (tv.css .ahead: laid out, never painted),
// in two idle moments (the frame, then the board's track: each laid out on its own), and the track laid out
// again when the settings change it. The switch to the game then shows it and fills in the round (the
// elephants, the standings, the first screen); built there whole, it was one 120-520 ms task on a TV's
// processor. A language switch or a new lobby drops it (its words were the old ones).
let ahead = null;
let aheadAsked = false;
// requestIdleCallback: Chromium 47+ (a TV's browser); feature-detected all the same
const whenIdle = window.requestIdleCallback ? (fn) => window.requestIdleCallback(fn) : (fn) => setTimeout(fn, 300);

function buildAhead() {
  if (aheadAsked) return;
  aheadAsked = true;
  whenIdle(() => {
    aheadAsked = false;
    if (mounted.key !== 'lobby' || !last) return;
    const room = last.room;
    if (!ahead) {
      ahead = gameFrame({ room, code }, true);
      buildAhead();
    } else {
      // the lobby's board and settings, as a game view has them (the special cells come with the game)
      ahead.board.lay({ board: room.board, mode: room.settings && room.settings.mode, settings: room.settings });
    }
  });
}

/** The screen built ahead, in the lobby's place, or null when there is none. */
function takeAhead() {
  const f = ahead;
  ahead = null;
  if (!f || f.grid.parentNode !== app) return null;
  while (app.firstChild !== f.grid) app.removeChild(app.firstChild);
  while (f.grid.nextSibling) app.removeChild(f.grid.nextSibling);
  append(f.grid.querySelector('.tv-top-right'), topRight());
  f.grid.classList.remove('ahead');
  return f;
}

let veil = null;
function renderPause(ctx) {
  if (ctx.room.paused) {
    if (!veil) {
      veil = h('div', { class: 'paused-veil tv-paused', 'data-testid': 'paused' });
      document.body.append(veil);
    }
    veil.textContent = t('paused');
  } else if (!ctx.room.paused && veil) {
    veil.remove();
    veil = null;
  }
}

main().catch((e) => { fill(app, topBar(null), h('main', { class: 'tv-loading', text: e.message || String(e) })); });
