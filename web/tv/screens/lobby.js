// TV lobby: QR, join URL and code, roster, settings, how to play.
import { h, fill, later, patch, patchIf, setHidden, setText } from '/static/shared/dom.js';
import { t, tOr, currentRuleset } from '/static/shared/i18n.js';
import { modeRules } from '/static/shared/rules.js';
import { lengthText } from '/static/shared/length.js';
import { elephantToken } from '/static/shared/colours.js';
import { explainer } from '/static/shared/explainer.js';
import { settingsSummary } from '../settings-summary.js';
import { headCount, aloneInPairs } from '/static/shared/roster.js';

// Long enough to read a how-to-play card from the sofa.
const HOW_CARD_MS = 10000;

/** A pairs team: both members' elephants side by side. */
function teamTokens(r) {
  const people = r.people && r.people.length ? r.people : [r];
  return h('span', { class: 'team-tokens' }, people.map((p) => elephantToken(p.colour, 60, p.name)));
}

/** Builds the lobby; update(ctx) refreshes it. */
export function create(ctx) {
  const qr = h('img', { class: 'qr', alt: t('qr_alt'), src: `/api/rooms/${encodeURIComponent(ctx.code)}/qr.png`,
    'data-testid': 'qr' });
  const url = h('div', { class: 'join-url', 'data-testid': 'join-url' });
  // The mDNS name as a second way in (phones that resolve .local names).
  const alt = h('div', { class: 'join-alt', 'data-testid': 'join-alt', hidden: true });
  fetch(`/api/info?room=${encodeURIComponent(ctx.code)}`).then((r) => r.json()).then((info) => {
    if (!info.mdns_url) return;
    const [before, after] = t('tv.also_at', { url: '\u0001' }).split('\u0001');
    fill(alt, before, urlParts(`${info.mdns_url}/join/${ctx.code}`), after);
    alt.hidden = false;
  }).catch(() => { /* the QR and the address above are enough */ });
  const codeEl = h('div', { class: 'room-code', 'data-testid': 'room-code', text: ctx.code });
  const roster = h('ul', { class: 'roster', 'data-testid': 'roster' });
  const count = h('h2', { class: 'roster-title', 'data-testid': 'tv-head-count' });
  const alone = h('p', { class: 'pairs-alone', 'data-testid': 'pairs-alone', hidden: true });
  const settings = h('div', { class: 'settings' });
  const hint = h('p', { class: 'lobby-hint', 'data-testid': 'lobby-hint' });
  const length = h('div', { class: 'game-length', 'data-testid': 'tv-game-length' });
  const how = explainer({ auto: HOW_CARD_MS, size: 96, testid: 'tv-how', fit: true });
  // A remote's left/right arrows turn the cards.
  const onKey = (ev) => {
    if (!how.el.isConnected) document.removeEventListener('keydown', onKey);
    else if (ev.key === 'ArrowRight') how.next();
    else if (ev.key === 'ArrowLeft') how.prev();
  };
  document.addEventListener('keydown', onKey);
  const side = h('section', { class: 'lobby-side' }, count, alone, roster, settings, length, hint);
  const el = h('main', { class: 'lobby', 'data-testid': 'tv-lobby' },
    h('section', { class: 'join-panel' },
      h('h2', { class: 'join-title', text: t('tv.scan_to_join') }),
      h('div', { class: 'qr-frame' }, qr),
      url,
      alt,
      h('div', { class: 'room-code-label', text: t('room_code') }),
      codeEl),
    side,
    how.el);

  // Each `state` (a join, a colour, a setting) writes only what changed: a new player's card pops in, the
  // others stay as they are (no restarted animation, no layout of what did not move).
  function update(c) {
    const room = c.room;
    patchIf(url, room.join_url || '', () => urlParts(room.join_url || ''));
    setText(codeEl, room.code || c.code);
    const seats = (room.roster || []).filter((r) => !r.removed);
    const mode = (room.settings || {}).mode;
    const m = modeRules(mode);
    const pairs = m.people_per_seat > 1;
    setText(count, headCount(room, pairs));
    count.classList.toggle('pairs', pairs);   // people and teams: a longer line
    const lone = aloneInPairs(room, pairs);
    setText(alone, lone.length ? t('lobby.alone', { names: lone.join(', ') }) : '');
    setHidden(alone, !lone.length);
    roster.classList.toggle('pairs', pairs);
    // A join redraws the newcomer's card alone (later(): a card drawn from the same inputs is kept as it is);
    // drawing every card's elephant again on each join was most of a lobby frame's script on a TV.
    const lang = document.documentElement.lang + currentRuleset();   // the words, and the piece drawn
    const items = seats.map((r) => later(r.seat, JSON.stringify([r, pairs, room.host, m.has_adult, lang]), () => h('li', {
      // a child has no phone; `badged`: the host's or a child's badge sits on the top edge (lobby.css)
      class: `roster-item${r.connected || r.child ? '' : ' offline'}${r.child || r.seat === room.host ? ' badged' : ''}`,
      'data-testid': 'roster-item', 'data-seat': r.seat },
    pairs ? teamTokens(r) : elephantToken(r.colour, 72, r.name),
    h('span', { class: 'roster-name fit', text: r.name }),
    r.child ? h('span', { class: 'members', text: t('tv.child') }) : null,
    r.seat === room.host ? h('span', { class: 'host-badge', text: m.has_adult ? t('tv.adult') : t('host') }) : null)));
    // Empty places up to the mode's minimum: how many are still missing.
    const seatsRange = m.seats[(room.settings || {}).ruleset];
    const wanted = seatsRange ? seatsRange[0] : 2;
    for (let i = seats.length; i < wanted; i++) {
      items.push(h('li', { class: 'roster-item empty' }, h('span', { class: 'token-slot' }),
        h('span', { class: 'roster-name', text: t('tv.free_place') })));
    }
    patch(roster, items);
    patchIf(settings, JSON.stringify([room.settings, room.deck, room.board]),
      () => settingsSummary(room.settings || {}, room.deck, room.board));
    patchIf(length, JSON.stringify([room.length || null, pairs]), () => (room.length ? [
      h('div', { class: 'game-length-title', text: t(pairs ? 'length.title_teams' : 'length.title', { seats: room.length.seats }) }),
      h('div', { class: 'game-length-line', text: lengthText(room.length) })] : []));
    setHidden(length, !room.length);
    how.update(room.settings || {}, room.board || null);
    setText(hint, seats.length === 0 ? t('tv.hint_first_is_host')
      : `${tOr('tv.mode_hint.' + mode, '', peopleRange(m, seatsRange))} ${t('tv.hint_host_starts')}`);
  }
  // Seven players, a long deck title and several settings outgrow the column, whose foot (the game length,
  // the hint) would run off the screen: each fit that finds it overflowing takes it a step tighter (smaller
  // gaps and chips, then smaller names, last without the hint: seven teams' long names wrapped whole, whose
  // how-to card says what the hint says). It stays tight for this lobby: loosening as people leave would flicker.
  let tight = 0;
  /** After the text fit (tv.js): true when it tightened the column, so the text is fitted again. */
  function afterFit() {
    if (tight >= 3 || side.scrollHeight <= side.clientHeight + 1) return false;
    tight += 1;
    side.classList.add(['tight', 'tighter', 'tightest'][tight - 1]);
    return true;
  }
  return { el, update, afterFit };
}

/** {min, max} people of a mode's seat range (pairs: two a seat) and {n} cards from the deck, from the catalogue. */
function peopleRange(m, seats) {
  const people = seats ? { min: seats[0] * m.people_per_seat, max: seats[1] * m.people_per_seat } : {};
  return { ...people, n: m.extra_cards };
}

/** An address that wraps only before "/join/CODE". */
function urlParts(url) {
  return url.split(/(?=\/join\/)/).map((p, i) => [i ? h('wbr') : null, h('span', { class: 'url-part', text: p })]);
}
