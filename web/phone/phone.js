// The phone page: one seat's hand. Keeps one WebSocket (resuming the seat with its token), routes the
// server's `state` to the screen for the phase, and sends intents with the state_id. No rules here:
// which buttons show comes from `me.can`.
import { h, fill, toast } from '/static/shared/dom.js';
import { detectLang, loadLang, otherLang, t, tn, useRuleset } from '/static/shared/i18n.js';
import { connect } from '/static/shared/ws-client.js';
import { loadRules } from '/static/shared/rules.js';
import { connectionBadge, langSwitch } from '/static/shared/chrome.js';
import { elephantToken } from '/static/shared/colours.js';
import { hostAway, seatInfo } from '/static/shared/roster.js';
import { personInfo } from './people.js';
import { preloadAll, deckId, noteDeck } from '/static/shared/cards.js';
import { finalHold } from '/static/shared/final-hold.js';
import { resultHold } from './result-hold.js';
import * as join from './screens/join.js';
import * as lobby from './screens/lobby.js';
import * as telling from './screens/telling.js';
import * as playing from './screens/playing.js';
import * as voting from './screens/voting.js';
import * as scored from './screens/scored.js';
import * as look from './screens/look.js';
import * as gameOver from './screens/game-over.js';
import * as hostMenu from './host-menu.js';
import { announce } from './host-news.js';
import { polyfillFlexGap } from '/static/shared/flex-gap.js';
import { countdown, holdCountdowns } from '/static/shared/countdown.js';
import { startKeepAwake, stopKeepAwake } from './keep-awake.js';
import { closeEnlarged } from './card-grid.js';
import { announcer } from './announce.js';
import { draftKey, keepDraft, takeDraft } from './drafts.js';
import { watchTextSize } from './big-text.js';
/** @typedef {import('/static/shared/protocol.js').State} State */
/** @typedef {import('/static/shared/protocol.js').ServerMessage} ServerMessage */

const SCREENS = { join, lobby, telling, playing, voting, look, scored, game_over: gameOver };
const TURN_ACTIONS = ['tell', 'play_card', 'vote'];

const app = document.getElementById('app');
const speaker = announcer();
const badge = connectionBadge();
const switcher = langSwitch(switchLang);
const code = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '').toUpperCase();
const tokenKey = `imaginarium.token.${code}`;
let conn = null;
/** @type {State | null} */
let last = null;
let mounted = { key: null, screen: null, draft: null };
let header = null;
let prevTurn = new Set();
let noRoom = false;      // the server said there is no such room: the badge says so instead of "Connecting…"
// Actions can be sent: a state came on the open socket (ws-client.js). While not, the page says it is
// reconnecting, confirm buttons wait, and lobby settings tapped meanwhile wait in the lobby's queue.
let online = false;
let everOnline = false;
let status = 'connecting';   // the socket's last status (ws-client.js): 'restarting' says why we are away
// The last round's result before the standings, as on the TV (a tap on "Final standings" skips it).
const hold = finalHold(() => { if (last) render(); });
// A result the TV is showing: "Look at the TV!" until its show has ended (result-hold.js).
const tvHold = resultHold(() => { if (last) render(); });

async function main() {
  polyfillFlexGap(app);
  watchTextSize();
  await Promise.all([loadLang(detectLang()), loadRules()]);
  badge.refresh();
  switcher.refresh();   // built before the language loaded: its label would name the wrong language
  renderShell();
  loadLang(otherLang(), false, true).catch(() => {});   // so the language switch works with the Wi-Fi away
  conn = connect({
    room: code, role: 'phone', token: () => readToken(), lang: () => document.documentElement.lang,
    onStatus, onMessage,
  });
  // Keeping the screen on must start inside a tap (Wake Lock on iOS, the video everywhere): ask on any tap
  // while a game runs.
  document.addEventListener('click', () => { if (inGame(last)) startKeepAwake(); }, { capture: true });
  // A choice not confirmed yet is kept while the page is away (reload, the phone asleep): drafts.js.
  const keep = () => { if (mounted.screen && mounted.screen.carry) keepDraft(mounted.draft, mounted.screen.carry()); };
  window.addEventListener('pagehide', keep);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') keep(); });
}

function onStatus(s) {
  status = s;
  holdCountdowns(s !== 'online');
  if (!noRoom) badge.set(s);
  const was = online;
  online = s === 'online';
  everOnline = everOnline || online;
  renderAway();
  // Gone: redraw so the controls that send wait. Back: the state that made us online redraws at once.
  if (was && !online && last && mounted.screen) render();
}

function readToken() {
  try { return localStorage.getItem(tokenKey); } catch { return null; }
}

let takenOff = false;   // this phone's seat went while it watched (ctx.takenOff: the join form says so)

/** @param {ServerMessage} msg */
function onMessage(msg) {
  if (msg.type === 'welcome') {
    // A new socket (a welcome while not online; a repeated hello on the open one, for the language, is not):
    // an action the old one sent and never had answered is not coming, so the button it made busy is released
    // (if it was applied after all, the state that follows shows it and moves on). The lobby keeps its
    // settings to check them against that state.
    const screen = mounted.screen;
    if (!online && screen) {
      if (screen.reconnected) screen.reconnected();
      else if (screen.refused) screen.refused();
    }
    // A token the server gave us is kept; a welcome without a seat means ours is unknown or was revoked.
    try {
      if (msg.token) localStorage.setItem(tokenKey, msg.token);
      else if (!msg.seat) localStorage.removeItem(tokenKey);
    } catch { /* private mode: the seat lasts while the page is open */ }
  } else if (msg.type === 'state') {
    noteDeck(msg.room);
    if (noRoom) { noRoom = false; badge.set('online'); }
    const before = last;
    // a seat this phone had is gone (the host removed it in the lobby, or gave the place to a new phone): the
    // join form says why, not the form alone as if nothing had happened
    if (before && before.you && before.you.seat && !(msg.you && msg.you.seat)) takenOff = true;
    else if (msg.you && msg.you.seat) takenOff = false;
    last = msg;
    useRuleset((msg.room.settings || {}).ruleset);   // its own words and pieces (Dixit: рассказчик, rabbits)
    render();
    announce(before, msg);
  } else if (msg.type === 'error' && msg.code === 'no_such_room') {
    // An old link or a room the server has forgotten: say so, and point back to the TV's QR code.
    fill(header.main, h('div', { class: 'notice', 'data-testid': 'no-room' },
      h('div', { class: 'notice-title', text: t('phone.no_such_room', { code }) }),
      h('div', { class: 'notice-line', text: t('phone.scan_again') })));
    mounted = { key: null, screen: null, draft: null };
    noRoom = true;
    badge.set('no_room');
  } else if (msg.type === 'error') {
    if (msg.ref && last && last.game) sent.delete(`${last.game.round}/${msg.ref}`);   // it was not ours after all
    // A screen that says the refusal itself (true: the join form's notice of a colour just taken) has no toast too.
    const said = mounted.screen && mounted.screen.refused ? mounted.screen.refused(msg) : false;
    if (said !== true) oneToast(msg.message || msg.code);
  }
}

// Game actions this phone sent in the current round, so a pairs phone can tell its own choice from its
// partner's (both phones get the same view: docs/protocol.md "People and seats").
const sent = new Set();

/**
 * Sends an intent; returns false when it was not sent (no socket, or no state on it yet): the tap is not kept
 * here, so the button stays usable and the toast says to tap again (`keeps`: the caller keeps the intent
 * itself, no toast). What waits instead is up to the screen: confirm buttons wait visibly (ctx.online), the
 * lobby queues its settings (lobby.js).
 */
function send(type, fields = {}, keeps = false) {
  const ok = conn.send(type, fields);
  if (!ok && !keeps) toast(t('conn.not_sent'));
  else if (last && last.game) sent.add(`${last.game.round}/${type}`);
  return ok;
}

/** True when this phone (not a partner) sent `type` in this round. */
function sentByMe(type) {
  return Boolean(last && last.game) && sent.has(`${last.game.round}/${type}`);
}

async function switchLang(l) {
  try {
    await loadLang(l, true);
  } catch {
    toast(t('conn.not_sent'));   // the other language's strings could not come: nothing changed; tap again
    return;
  }
  badge.refresh();
  switcher.refresh();
  // The screen is drawn again in the new language; what the player chose or queued on it goes along.
  const carry = mounted.screen && mounted.screen.carry ? { key: mounted.key, data: mounted.screen.carry() } : null;
  mounted = { key: null, screen: null, draft: null };
  renderShell();
  if (last) render(carry);
  // The server's sentences in the new language: a repeated hello on the same socket, so nothing is dropped.
  if (conn) conn.hello();
}

function renderShell() {
  const me = h('div', { class: 'me' });
  const menuBtn = h('button', { class: 'menu-btn', type: 'button', 'aria-label': t('menu.title'),
    'data-testid': 'host-menu-btn', text: '☰', hidden: true, onclick: () => hostMenu.open(ctx()) });
  const main = h('main', { class: 'phone-main' });
  const banner = h('div', { class: 'host-gone', hidden: true });
  const clock = countdown('phone-countdown', 'countdown');
  // In the sticky header, so it shows wherever the page is scrolled.
  const away = h('div', { class: 'reconnecting', role: 'status', 'data-testid': 'reconnecting', hidden: true },
    h('span', { class: 'reconnecting-spinner', 'aria-hidden': 'true' }),
    h('span', { class: 'reconnecting-text' }, h('b', { class: 'reconnecting-title', text: t('conn.reconnecting') }), ' ',
      h('span', { class: 'reconnecting-line', text: t('conn.reconnecting_line') })));
  const top = h('header', { class: 'phone-top' }, me,
    h('div', { class: 'phone-top-right' }, clock.el, badge, switcher, menuBtn), away);
  header = { top, me, menuBtn, main, banner, clock, away };
  if (headerRoom) { headerRoom.disconnect(); headerRoom.observe(top); }
  fill(app, top, banner, main, speaker.el);
  renderAway();
  if (!last) fill(main, h('p', { class: 'phone-loading', text: t('connecting') }));
}

// At 200 % text on a small phone the bar takes two lines and a third of the screen: it then scrolls away with
// the page instead of standing over the cards. Its height is read when it changes (after the browser's own layout),
// not on every state: a read there forced a layout per frame. Every browser the pages support has ResizeObserver.
let headerHeight = 0;
const headerRoom = window.ResizeObserver ? new ResizeObserver(() => {
  headerHeight = header.top.offsetHeight;
  placeHeader();
}) : null;
function placeHeader() {
  if (header) header.top.classList.toggle('tall', headerHeight > window.innerHeight / 4);
}
window.addEventListener('resize', placeHeader);

/** "Reconnecting…" once the page had been online (the first connection has its own "Connecting…"). */
function renderAway() {
  if (!header) return;
  header.away.hidden = online || !everOnline || noRoom;
  header.away.querySelector('.reconnecting-title').textContent = t(status === 'restarting' ? 'conn.restarting' : 'conn.reconnecting');
  document.body.classList.toggle('reconnecting-now', !header.away.hidden);
}

function ctx() {
  const game = last.game;
  return { room: last.room, game, you: last.you || /** @type {import('/static/shared/protocol.js').You} */ ({}), me: (game && game.me) || null, code, send, sentByMe, token: readToken,
    stateId: last.state_id, online, takenOff };
}

function screenKey(c) {
  if (!c.you.seat) return 'join';
  if (c.room.phase === 'lobby' || !c.game) { hold.leave(); tvHold.leave(); return 'lobby'; }
  const fromVoting = Boolean(mounted.key) && mounted.key.indexOf('voting/') === 0;
  return tvHold.screen(c, hold.screen(c.game, fromVoting), fromVoting);
}

/** Draws the state in `last`; `carry` {key, data}: what the last screen kept, for the same screen drawn again. */
function render(carry) {
  const c = ctx();
  const key = screenKey(c);
  c.showFinal = key === 'scored' && hold.holding() ? hold.skip : null;
  c.look = key === 'look' ? tvHold : null;
  // A new screen per phase and round, so a selection never carries over into the next round.
  const fullKey = `${key}/${c.game ? c.game.round : 0}`;
  if (mounted.key !== fullKey) {
    closeEnlarged();
    const mod = SCREENS[key] || telling;
    const draft = draftKey(code, c.you.seat, fullKey);
    const kept = takeDraft(draft, code);   // a reload's; the language switch carries its own
    const screen = mod.create(c, carry && carry.key === fullKey ? carry.data : kept);
    fill(header.main, screen.el);
    header.main.dataset.screen = key;
    header.main.dataset.round = c.game ? c.game.round : 0;
    mounted = { key: fullKey, screen, draft };
    window.scrollTo(0, 0);
  }
  mounted.screen.update(c);
  header.main.dataset.seat = c.you.seat || '';     // which elephant this phone plays for (pairs: the team)
  header.main.dataset.state = String(c.stateId);   // the state drawn (tests wait for a move to reach the page)
  renderHeader(c);
  hostMenu.update(c);
  renderPause(c);
  buzzOnTurn(c);
  speaker.update(c.game ? c.game.phase : null, c.game ? c.game.round : 0,
    ((c.me && c.me.can) || []).some((a) => TURN_ACTIONS.includes(a)));
  preloadHand(c);
  if (!inGame(last)) stopKeepAwake();   // game over, back in the lobby: the screen may sleep again
}

function renderHeader(c) {
  const info = c.you.seat ? seatInfo(c.room, c.you.seat) : null;
  const mine = c.you.person ? personInfo(c.room, c.you.person) : null;   // pairs: me, not my team
  fill(header.me,
    info ? elephantToken((mine || info).colour, 40) : null,
    // The badge sits under the name: beside it, a 360 px phone cut «Мама» to «М..».
    h('span', { class: 'me-text' },
      h('span', { class: 'me-name', 'data-testid': 'me-name', text: info ? (mine || info).name : t('room_code_short', { code }) }),
      c.me && c.me.is_storyteller && c.game.phase !== 'game_over' ? h('span', { class: 'storyteller-badge', 'data-testid': 'storyteller-badge', text: t('storyteller'), title: t('storyteller') }) : null,
      // the host's phone says it is (after a hand-over too)
      c.you.is_host ? h('span', { class: 'host-badge small me-host', 'data-testid': 'me-host', text: t('host') }) : null));
  header.menuBtn.hidden = false;   // everyone has the menu (how to play); the host also finds the table's controls there
  header.clock.update(c.room.clock);
  header.top.classList.toggle('timed', Boolean(c.room.clock));   // a narrower storyteller badge beside the clock
  // The host's phone is gone (flat battery): any seated player may take over the host's controls.
  const host = hostAway(c.room);
  const hostGone = Boolean(c.you.seat && !c.you.is_host && host);
  const removed = Boolean(info && info.removed);
  header.banner.hidden = !hostGone && !removed;
  if (removed) {
    fill(header.banner, h('span', { 'data-testid': 'removed', text: t('phone.you_are_removed') }));
  } else if (hostGone) {
    const claim = h('button', { class: 'btn small', type: 'button', 'data-testid': 'claim-host',
      onclick: () => send('claim_host') });
    fill(header.banner, h('span', { text: t('phone.host_gone', { name: host.name }) }), claim);
    claimCountdown(claim, c.room);
  }
  if (!hostGone) claimCountdown(null, null);
}

// The host role can be claimed only after the host's phone has been away a while (a phone that only
// slept keeps it): the server says how many seconds are left as of each state (room.host_claim_in);
// the button counts down from the moment that state arrived, on this phone's own clock.
let claimTimer = null;
let claimRoom = null;
let claimAt = 0;
function claimCountdown(button, room) {
  clearInterval(claimTimer);
  claimTimer = null;
  if (!button) { claimRoom = null; return; }
  if (room !== claimRoom) { claimRoom = room; claimAt = Date.now() + (room.host_claim_in || 0) * 1000; }
  const tick = () => {
    const left = Math.ceil((claimAt - Date.now()) / 1000);
    button.disabled = left > 0;
    button.textContent = left > 0 ? tn('phone.claim_host_in', left) : t('phone.claim_host');
    if (left <= 0 && claimTimer) { clearInterval(claimTimer); claimTimer = null; }
  };
  tick();
  if (button.disabled) claimTimer = setInterval(tick, 1000);
}

let veil = null;
function renderPause(c) {
  if (c.room.paused) {
    if (!veil) { veil = h('div', { class: 'paused-veil' }); document.body.append(veil); }
    fill(veil, h('div', {}, h('div', { class: 'paused-title', text: t('paused') }),
      c.you.is_host ? h('div', { class: 'paused-actions' },
        h('button', { class: 'btn primary', type: 'button', 'data-testid': 'resume', text: t('host_menu.resume'),
          onclick: () => send('resume') }),
        // The veil covers the header's ☰: the host still needs remove, release and pass host while paused.
        h('button', { class: 'btn', type: 'button', 'data-testid': 'paused-host-menu', text: `☰ ${t('host_menu.title')}`,
          onclick: () => hostMenu.open(ctx()) })) : null));
  } else if (veil) { veil.remove(); veil = null; }
}

/** A short vibration when a turn action becomes available (it is your turn). */
function buzzOnTurn(c) {
  const now = new Set(((c.me && c.me.can) || []).filter((a) => TURN_ACTIONS.includes(a)));
  const fresh = [...now].some((a) => !prevTurn.has(a));
  prevTurn = now;
  if (fresh && navigator.vibrate && navigator.userActivation && navigator.userActivation.hasBeenActive) navigator.vibrate([120, 60, 120]);
}

/** Hand and table thumbnails load ahead, so they are there when the screen shows them. */
function preloadHand(c) {
  const deck = deckId(c.room);
  if (!deck || !c.game) return;
  const cards = [...((c.me && c.me.hand) || []), ...((c.game.table || []).map((e) => e.card))];
  preloadAll(deck, cards, 'thumb');
}

/** True while a game is being played (not in the lobby, not over). */
function inGame(msg) {
  return Boolean(msg && msg.room.phase === 'game' && msg.game && msg.game.phase !== 'game_over');
}

main().catch((e) => fill(app, h('p', { class: 'phone-loading', text: String(e) })));

/**
 * A refusal's toast, shown once: the same sentence again (a second tap, children added one after another)
 * replaces the copy still on screen instead of piling up under it. Phone only: dom.js is the TV's too.
 */
function oneToast(message) {
  for (const el of document.querySelectorAll('.toast')) if (el.textContent === message) el.remove();
  toast(message);
}
