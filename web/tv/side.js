// The TV's side column in a game: standings and a QR and code to join late.
import { modeOf } from '/static/shared/rules.js';
import { h, later, patchIf, setHidden } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { pieceToken } from '/static/shared/pieces.js';
import { icon } from '/static/shared/icons.js';
import { elephantName, seatInfo, standings, memberCount, isGone } from '/static/shared/roster.js';

/**
 * Builds the side column; update(ctx, screen, count) refreshes it (`screen`: the one shown, tv.js; `count`: the
 * result's points are counting up under the cards, so a changed distance counts up to its new value with them).
 */
export function create(ctx) {
  const drawn = new Map();   // elephant id → the distance its row showed last, settled
  // while the result's points count up: {from: id → distance before, shown: id → distance shown now}
  let counting = null;
  let last = null;           // [ctx, screen] of the last update, for the count's frames
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
    last = [c, screen];
    const els = g.elephants || [];
    if (!count) counting = null;
    else if (!counting && els.some((e) => drawn.has(e.id) && drawn.get(e.id) !== e.distance)) {
      counting = { from: new Map(drawn), shown: new Map() };
      requestAnimationFrame(tick);
    }
    if (counting) counting.shown = countedSoFar(els, counting.from);
    draw(c, screen);
    if (!counting) for (const e of els) drawn.set(e.id, e.distance);
  }

  // Each frame of the count: the numbers the points under the cards have reached; over once they all have.
  function tick() {
    if (!counting || !last) return;
    const [c, screen] = last;
    const shown = countedSoFar(c.game.elephants || [], counting.from);
    const over = (c.game.elephants || []).every((e) => shown.get(e.id) === e.distance);
    if (over) { update(c, screen, false); return; }
    counting.shown = shown;
    draw(c, screen);
    requestAnimationFrame(tick);
  }

  function draw(c, screen) {
    const g = c.game;
    // the number a row shows: during the count, how far the points under the cards have counted
    const at = (e) => (counting ? counting.shown.get(e.id) : e.distance);
    // what the rows show: not the phase itself (the rows stay through a round), only whether the game is over
    const sig = JSON.stringify([c.room.roster, g.elephants, g.storyteller, g.phase === 'game_over',
      counting ? [...counting.shown] : null]);
    if (modeOf(g).finish) { patchIf(list, sig, () => duelRace(c, modeOf(g).finish)); return; }
    // Game over: the centre lists them (the last round's result, held before it, keeps them here).
    setHidden(list, screen === 'game_over');
    list.classList.toggle('many', (g.elephants || []).length > 5);
    // pairs: "Аня & Борис" is long
    list.classList.toggle('teams', (c.room.roster || []).some((r) => memberCount(r) > 1));
    // room for a team's name on four lines (tv.css)
    list.classList.toggle('roomy', (g.elephants || []).length <= 4);
    // in the order of the numbers shown (a row passes another as its number does), ties as the standings break
    // them (roster.js), so the count ends on the standings' order with no jump
    const els = g.elephants || [];
    const rows = counting ? els.slice().sort((a, b) => at(b) - at(a) || els.indexOf(a) - els.indexOf(b)) : standings(g);
    patchIf(list, sig, () => rows.map((e) => {
      const seats = e.seats && e.seats.length ? e.seats : [e.id];
      const info = seatInfo(c.room, seats[0]);
      const offline = info && !info.connected && !info.child;
      const removed = (info && info.removed) || isGone(g, e);
      const star = seats.includes(g.storyteller) && g.phase !== 'game_over';
      // a row is drawn again only when what it shows changed (a walk moves two or three elephants)
      const shows = JSON.stringify([e, at(e), seats.map((s) => seatInfo(c.room, s)), offline, removed, star]);
      return later(e.id, shows, () => h('li', { class: `standing${offline ? ' offline' : ''}${removed ? ' removed' : ''}`,
        'data-elephant': e.id },
      pieceToken(c.room, e, 56),
      h('span', { class: 'standing-name fit', text: elephantName(c.room, e) }),
      // outside the name: its ellipsis never hides who tells
      star ? h('span', { class: 'storyteller-star', title: t('storyteller'), text: '★' }) : null,
      h('span', { class: 'standing-distance', text: String(at(e)) })));
    }));
  }
  return { el, update };
}

/**
 * Each elephant's distance (cells) as far as its points under the result's cards have counted (scored.js
 * pointsValue, its data-roll drawn a line at a time by scored.css `roll`): id → distance. One without a counter
 * of its own (its points not under the cards) goes as far as the slowest counter; none on the screen (the result
 * gone, or shown at once): the distances themselves.
 */
function countedSoFar(els, from) {
  const values = document.querySelectorAll('.scored.show .points-value[data-roll]');
  const share = new Map();   // id → the part (0..1) of its points its counter shows
  let slowest = 1;
  for (let i = 0; i < values.length; i++) {
    const owner = values[i].closest('[data-elephant]');
    const part = rollPart(values[i]);
    if (owner) share.set(owner.getAttribute('data-elephant'), part);
    slowest = Math.min(slowest, part);
  }
  const out = new Map();
  for (const e of els) {
    const start = from.has(e.id) ? from.get(e.id) : e.distance;
    const part = share.has(e.id) ? share.get(e.id) : slowest;
    // toward the new distance, never past what the counter shows (truncated, not rounded)
    out.set(e.id, start + Math.trunc((e.distance - start) * part));
  }
  return out;
}

/**
 * The part (0..1) of a counter's way its animated line shows now: its ::before moves up one line (its box's
 * height) per step, from the first line of data-roll to the last (a counter that is not moving shows its last).
 */
function rollPart(value) {
  const k = value.getAttribute('data-roll').split('\n').length - 1;
  const m = getComputedStyle(value, '::before').transform;
  const line = parseFloat(getComputedStyle(value).height);
  if (!k || !m || m === 'none' || !line) return 1;
  const y = Number(m.slice(m.indexOf('(') + 1, -1).split(',')[m.indexOf('matrix3d') === 0 ? 13 : 5]);
  return Math.max(0, Math.min(k, Math.round(-y / line))) / k;
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
