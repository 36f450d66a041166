// The host's menu (a sheet over the screen): pause/resume, remove a player (they may come back) or return
// them, pass host, end the game.
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { people } from '/static/shared/roster.js';
import { settingsSummary } from '/static/tv/settings-summary.js';

let sheet = null;
let body = null;
let current = null;
let confirmEnd = false;
let openedAt = null;   // the phase the menu was opened in: it closes when the phase changes (the host's turn)

function phaseKey(ctx) {
  return ctx.game ? `${ctx.room.phase}/${ctx.game.phase}/${ctx.game.round}` : `${ctx.room.phase}//0`;
}

/** Opens the menu for the host. */
export function open(ctx) {
  current = ctx;
  confirmEnd = false;
  openedAt = phaseKey(ctx);
  if (!sheet) {
    body = h('div', { class: 'sheet-body' });
    sheet = h('div', { class: 'sheet-veil', 'data-testid': 'host-menu', onclick: (ev) => { if (ev.target === sheet) close(); } },
      h('div', { class: 'sheet' },
        h('div', { class: 'sheet-head' }, h('h2', { text: t('host_menu.title') }),
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

/** Redraws an open menu with a new state (closes it if you are no longer host). */
export function update(ctx) {
  current = ctx;
  if (!sheet) return;
  if (!ctx.you.is_host || phaseKey(ctx) !== openedAt) { close(); return; }
  draw();
}

function draw() {
  const c = current;
  const inGame = c.room.phase === 'game' && c.game && c.game.phase !== 'game_over';
  const act = (type, fields) => () => { c.send(type, fields); };
  fill(body,
    inGame ? h('button', { class: 'btn big', type: 'button', 'data-testid': 'pause',
      text: c.room.paused ? t('host_menu.resume') : t('host_menu.pause'),
      onclick: act(c.room.paused ? 'resume' : 'pause') }) : null,
    soundSwitch(c),
    h('h3', { class: 'sheet-sub', text: t('host_menu.players') }),
    h('ul', { class: 'sheet-players' }, people(c.room).filter((p) => p.person !== (c.you.person != null ? c.you.person : c.you.seat)).map((p) => h('li', { class: 'sheet-player' },
      h('div', { class: 'sheet-who' }, elephantToken(p.colour, 36), h('span', { class: 'sheet-name', text: p.name })),
      h('div', { class: 'sheet-actions' },
        // Removed players may come back (return_player, per seat); a freed place waits for someone to take it.
        p.removed && inGame
          ? h('button', { class: 'btn small', type: 'button', text: t('host_menu.return'), onclick: act('return_player', { seat: p.seat }) })
          : null,
        !p.removed
          ? h('button', { class: 'btn small', type: 'button', 'data-testid': 'remove', text: t('host_menu.remove'), onclick: act('remove_player', { seat: p.person }) })
          : null,
        inGame && !p.open
          ? h('button', { class: 'btn small', type: 'button', text: t('host_menu.release'), onclick: act('release_seat', { seat: p.person }) })
          : null,
        !p.removed && !p.open
          ? h('button', { class: 'btn small', type: 'button', text: t('host_menu.make_host'), onclick: act('pass_host', { seat: p.person }) })
          : null)))),
    inGame ? h('button', { class: `btn big danger`, type: 'button', 'data-testid': 'end-game',
      text: confirmEnd ? t('host_menu.end_game_sure') : t('host_menu.end_game'),
      onclick: () => {
        if (!confirmEnd) { confirmEnd = true; draw(); return; }
        c.send('end_game'); close();
      } }) : null,
    // Settings are chosen in the lobby and locked while a game is on (the server refuses changes).
    inGame ? h('h3', { class: 'sheet-sub', text: t('host_menu.settings_locked') }) : null,
    inGame ? h('div', { class: 'sheet-settings', 'data-testid': 'locked-settings' },
      settingsSummary(c.room.settings || {}, c.room.deck)) : null);
}

/**
 * The TV's sound, in the lobby and during a game (issue 13: a cue at the wrong moment, a baby asleep): the
 * room's `sound` setting, which the server lets the host change mid-game (the TV's, not the game's).
 */
function soundSwitch(c) {
  const on = (c.room.settings || {}).sound !== false;
  const box = h('input', { type: 'checkbox', class: 'switch', 'data-testid': 'menu-sound',
    onchange: () => { c.send('set_settings', { settings: { sound: box.checked } }); } });
  box.checked = on;
  return h('div', { class: 'setting sheet-sound' },
    h('label', { class: 'setting-row' }, h('span', { class: 'setting-label', text: t('settings.sound') }), box));
}
