// The TV's side column in a game: standings and a QR and code to join late.
import { modeOf } from '/static/shared/rules.js';
import { h, later, patchIf, setHidden } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { pieceToken } from '/static/shared/pieces.js';
import { icon } from '/static/shared/icons.js';
import { elephantName, seatInfo, standings, memberCount, isGone } from '/static/shared/roster.js';

/**
 * Builds the side column; update(ctx, screen, count) refreshes it (`screen`: the one shown, tv.js; `count`: the
 * result's points are counting up, so a changed distance counts up to its new value with them).
 */
export function create(ctx) {
  const drawn = new Map();   // elephant id → the distance its row showed last
  const list = h('ol', { class: 'standings', 'data-testid': 'standings' });
  const el = h('aside', { class: 'tv-side' },
    list,
    h('div', { class: 'side-join' },
      h('img', { class: 'side-qr', alt: t('qr_alt'), src: `/api/rooms/${encodeURIComponent(ctx.code)}/qr.png` }),
      h('div', { class: 'side-code' },
        h('span', { class: 'side-code-label', text: t('room_code') }),
        h('span', { class: 'side-code-value', text: ctx.code }))));

  function update(c, screen, count = false) {
    const g = c.game;
    // what the rows show: not the phase itself (the rows stay through a round), only whether the game is over
    const sig = JSON.stringify([c.room.roster, g.elephants, g.storyteller, g.phase === 'game_over']);
    if (modeOf(g).finish) { patchIf(list, sig, () => duelRace(c, modeOf(g).finish)); return; }
    // Game over: the centre lists them (the last round's result, held before it, keeps them here).
    setHidden(list, screen === 'game_over');
    list.classList.toggle('many', (g.elephants || []).length > 5);
    // pairs: "Аня & Борис" is long
    list.classList.toggle('teams', (c.room.roster || []).some((r) => memberCount(r) > 1));
    // room for a team's name on four lines (tv.css)
    list.classList.toggle('roomy', (g.elephants || []).length <= 4);
    patchIf(list, sig, () => standings(g).map((e) => {
      const seats = e.seats && e.seats.length ? e.seats : [e.id];
      const info = seatInfo(c.room, seats[0]);
      const offline = info && !info.connected && !info.child;
      const removed = (info && info.removed) || isGone(g, e);
      const star = seats.includes(g.storyteller) && g.phase !== 'game_over';
      // a row is drawn again only when what it shows changed (a walk moves two or three elephants)
      const shows = JSON.stringify([e, seats.map((s) => seatInfo(c.room, s)), offline, removed, star]);
      return later(e.id, shows, () => h('li', { class: `standing${offline ? ' offline' : ''}${removed ? ' removed' : ''}`,
        'data-elephant': e.id },
      pieceToken(c.room, e, 56),
      h('span', { class: 'standing-name fit', text: elephantName(c.room, e) }),
      // outside the name: its ellipsis never hides who tells
      star ? h('span', { class: 'storyteller-star', title: t('storyteller'), text: '★' }) : null,
      distance(drawn.get(e.id), e.distance, count)));
    }));
    for (const e of g.elephants || []) drawn.set(e.id, e.distance);
  }
  return { el, update };
}

/**
 * A standing's distance (cells); counting from `from` when `count` (tv.css draws the numbers on the way, from its
 * data-roll, in step with the result's points: scored.css `roll`).
 */
function distance(from, to, count) {
  const steps = [];
  if (count && from != null && from !== to) for (let n = from; n !== to; n += to > from ? 1 : -1) steps.push(n);
  return h('span', { class: 'standing-distance', text: String(to), 'data-roll': steps.length ? steps.concat(to).join('\n') : null,
    style: steps.length ? { '--k': steps.length } : null });
}

/** Duel: our elephant and the mammoth racing to the finish (D9), as two bars. */
function duelRace(c, finish) {
  const order = ['elephant', 'mammoth'];
  const els = [...(c.game.elephants || [])].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return [h('li', { class: 'race-title', text: t('tv.race_to', { n: finish }) }),
    els.map((e) => h('li', { class: `race-row race-${e.id}`, 'data-elephant': e.id, 'data-testid': 'race-row' },
      h('div', { class: 'race-head' }, pieceToken(c.room, e, 64),
        h('span', { class: 'standing-name fit', text: elephantName(c.room, e) }),
        // Past the finish shows at it, flagged (D9).
        e.distance >= finish ? h('span', { class: 'race-finished', title: t('tv.race_finished') }, icon('flag', 36)) : null,
        h('span', { class: 'standing-distance', text: `${Math.min(e.distance, finish)}/${finish}` })),
      h('div', { class: 'race-bar' }, h('div', { class: 'race-fill',
        style: { transform: `scaleX(${Math.min(1, e.distance / finish)})` } }))))];
}
