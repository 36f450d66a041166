// The phone's menu (a sheet over the screen): how to play, for everyone; for the host also pause/resume, not
// waiting for whoever the game waits on, the timer, remove a player (they may come back) or return them, pass
// host, end the game.
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { people } from './people.js';
import { settingsSummary } from '/static/tv/settings-summary.js';
import { timerSelect } from './screens/lobby.js';
import { switchRow } from './controls.js';
import { icon } from '/static/shared/icons.js';
import { modeOf } from '/static/shared/rules.js';
import { seatName } from '/static/shared/roster.js';
import * as howTo from './how-to.js';

let sheet = null;
let body = null;
let current = null;
let confirmEnd = false;
let confirming = null;  // the person action waiting for its second tap ("remove_player:s3"), or null
let openedAt = null;   // the phase the menu was opened in: it closes when the phase changes (the host's turn)
let drawn = null;      // what the open menu shows: a state that changes none of it (the timer's tick) keeps it,
                       // so an open picker is not closed under the host's finger
let title = null;

function phaseKey(ctx) {
  return ctx.game ? `${ctx.room.phase}/${ctx.game.phase}/${ctx.game.round}` : `${ctx.room.phase}//0`;
}

/** Opens the menu (host controls only for the host). */
export function open(ctx) {
  current = ctx;
  confirmEnd = false;
  confirming = null;
  openedAt = phaseKey(ctx);
  if (!sheet) {
    body = h('div', { class: 'sheet-body' });
    title = h('h2');
    sheet = h('div', { class: 'sheet-veil', 'data-testid': 'host-menu', onclick: (ev) => { if (ev.target === sheet) close(); } },
      h('div', { class: 'sheet' },
        h('div', { class: 'sheet-head' }, title,
          h('button', { class: 'btn small', type: 'button', text: '✕', 'aria-label': t('close'), onclick: close })),
        body));
  }
  document.body.append(sheet);
  draw();
}

/** Closes the menu. */
export function close() {
  if (sheet) sheet.remove();
  sheet = null;
}

/** Redraws an open menu with a new state (closes it when the phase changed). */
export function update(ctx) {
  current = ctx;
  howTo.update(ctx);
  if (!sheet) return;
  if (phaseKey(ctx) !== openedAt) { close(); return; }
  if (shows(ctx) !== drawn) draw();
}

function shows(c) {
  return JSON.stringify([c.room.paused, c.room.roster, c.room.settings, c.you, c.game && c.game.skippable, confirmEnd,
    confirming]);
}

function draw() {
  const c = current;
  drawn = shows(c);
  title.textContent = c.you.is_host ? t('host_menu.title') : t('menu.title');
  const how = h('button', { class: 'btn big how-open', type: 'button', 'data-testid': 'how-open',
    onclick: () => { close(); howTo.open(c); } }, icon('circle-help', 24), h('span', { text: t('how.open') }));
  if (!c.you.is_host) { fill(body, how); return; }
  const inGame = c.room.phase === 'game' && c.game && c.game.phase !== 'game_over';
  const act = (type, fields) => () => { c.send(type, fields); };
  // Removing someone, freeing their seat or handing the host over asks first: the first tap turns the button
  // into "…? Tap again", the second sends (a tap on anything else asks again).
  const ask = (type, p, label, sure) => {
    const key = `${type}:${p.person}`;
    const asking = confirming === key;
    return h('button', { class: `btn small${asking ? ' danger' : ''}`, type: 'button', 'data-testid': type,
      'data-asking': asking ? 'true' : 'false', text: asking ? t(sure, { name: p.name }) : t(label),
      onclick: () => {
        if (!asking) { confirming = key; draw(); return; }
        confirming = null;
        c.send(type, { seat: p.person });
        draw();
      } });
  };
  // The timer may change during a game: a new setting starts the clock of the phase under way anew. Not in the
  // kids' game, which is never timed (server/room/clock.py: the adult paces it).
  const timer = inGame && !modeOf(c.game).has_adult ? timerSelect((v) => c.send('set_settings', { settings: { timer: v } })) : null;
  if (timer) timer.update(c.room);
  fill(body,
    how,
    inGame ? h('button', { class: 'btn big', type: 'button', 'data-testid': 'pause',
      text: c.room.paused ? t('host_menu.resume') : t('host_menu.pause'),
      onclick: act(c.room.paused ? 'resume' : 'pause') }) : null,
    inGame ? skipButton(c) : null,
    soundSwitch(c),
    timer ? h('label', { class: 'sheet-timer' }, h('span', { text: t('settings.timer') }), timer.el) : null,
    h('h3', { class: 'sheet-sub', text: t('host_menu.players') }),
    h('ul', { class: 'sheet-players' }, people(c.room).filter((p) => p.person !== (c.you.person != null ? c.you.person : c.you.seat)).map((p) => h('li', { class: 'sheet-player' },
      h('div', { class: 'sheet-who' }, elephantToken(p.colour, 36), h('span', { class: 'sheet-name', text: p.name }),
        // whose phone is gone, beside the buttons that deal with it (a child has none)
        !p.connected && !p.child && !p.open ? h('span', { class: 'sheet-offline', 'data-testid': 'offline', text: t('host_menu.offline') }) : null),
      h('div', { class: 'sheet-actions' },
        // Removed players may come back (return_player, per seat); a freed place waits for someone to take it.
        p.removed && inGame
          ? h('button', { class: 'btn small', type: 'button', text: t('host_menu.return'), onclick: act('return_player', { seat: p.seat }) })
          : null,
        !p.removed ? ask('remove_player', p, 'host_menu.remove', 'host_menu.sure_remove') : null,
        inGame && !p.open ? ask('release_seat', p, 'host_menu.release', 'host_menu.sure_release') : null,
        !p.removed && !p.open ? ask('pass_host', p, 'host_menu.make_host', 'host_menu.sure_make_host') : null)))),
    inGame ? h('button', { class: `btn big danger`, type: 'button', 'data-testid': 'end-game',
      text: confirmEnd ? t('host_menu.end_game_sure') : t('host_menu.end_game'),
      onclick: () => {
        if (!confirmEnd) { confirmEnd = true; confirming = null; draw(); return; }
        c.send('end_game'); close();
      } }) : null,
    // Settings are chosen in the lobby and locked while a game is on (the server refuses changes).
    inGame ? h('h3', { class: 'sheet-sub', text: t('host_menu.settings_locked') }) : null,
    inGame ? h('div', { class: 'sheet-settings', 'data-testid': 'locked-settings' },
      settingsSummary(c.room.settings || {}, c.room.deck, c.game && c.game.board)) : null);
}

/**
 * "Don't wait" (the server's `skip`): a phone gone mid-turn would hold the table up. The game view's `skippable`
 * names whom it passes over now (server/engine/legal.py: as the timer does, RULES.md D13, the storyteller's turn
 * goes to the next one, a random card is played for who has not chosen, who has not voted has not found the
 * card), and is empty when the server would refuse it. Named, and asked first as ending the game is.
 */
function skipButton(c) {
  const seats = c.game.skippable || [];
  if (!seats.length) return null;
  const asking = confirming === 'skip';
  const names = seats.map((s) => seatName(c.room, s)).join(', ');
  return h('button', { class: `btn big${asking ? ' danger' : ''}`, type: 'button', 'data-testid': 'skip',
    'data-asking': asking ? 'true' : 'false', text: asking ? t('host_menu.skip_sure') : t(`host_menu.skip_${c.game.phase}`, { names }),
    onclick: () => {
      if (!asking) { confirming = 'skip'; confirmEnd = false; draw(); return; }
      confirming = null;
      c.send('skip');
      draw();
    } });
}

/**
 * The TV's sound, in the lobby and during a game (a cue at the wrong moment, a baby asleep): the room's
 * `sound` setting, which the server lets the host change mid-game (the TV's, not the game's); beside it
 * "calm TV" (`calm`: the TV only fades, for anyone motion bothers), changed the same way.
 */
function soundSwitch(c) {
  return [tvSwitch(c, 'sound', 'menu-sound', (c.room.settings || {}).sound !== false),
    tvSwitch(c, 'calm', 'menu-calm', (c.room.settings || {}).calm === true)];
}

function tvSwitch(c, key, testid, on) {
  const box = h('input', { type: 'checkbox', class: 'switch', 'data-testid': testid,
    onchange: () => { c.send('set_settings', { settings: { [key]: box.checked } }); } });
  box.checked = on;
  const row = switchRow(t(`settings.${key}`), box, null);   // as the lobby's switches
  row.classList.add(`sheet-${key}`);
  return row;
}
