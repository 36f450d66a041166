// The host's phone has gone: the TV counts down room.host_claim_in until anyone may claim host.
import { h, patchIf } from '/static/shared/dom.js';
import { t, tn } from '/static/shared/i18n.js';
import { hostAway } from '/static/shared/roster.js';
import { icon } from '/static/shared/icons.js';

let banner = null;
let timer = null;
let seenRoom = null;
let claimAt = 0;

/** Shows, counts down or removes the banner. */
export function update(ctx) {
  const room = ctx.room;
  const host = hostAway(room);
  if (!host) { remove(); return; }
  if (room !== seenRoom) { seenRoom = room; claimAt = Date.now() + (room.host_claim_in || 0) * 1000; }
  if (!banner) banner = h('div', { class: 'host-away', 'data-testid': 'tv-host-away', role: 'status' });
  // Over nothing the table needs (a newcomer needs the QR and the code): in the lobby, the top bar's empty middle;
  // in a game, the side column above the late-join QR and code (the standings' spare room; tv.css)
  const game = room.phase !== 'lobby' && Boolean(ctx.game);
  const at = document.querySelector(game ? '#app > .tv-game:not(.ahead) > .tv-side' : '#app > .tv-top');
  const before = at && at.querySelector(game ? ':scope > .side-join' : ':scope > .tv-top-right');
  if (before && (banner.parentNode !== at || banner.nextSibling !== before)) {
    if (banner.parentNode) banner.parentNode.classList.remove('host-away-in');
    at.insertBefore(banner, before);
    at.classList.add('host-away-in');   // the side column's standings and QR give it room (tv.css)
  }
  const name = host.name;
  const tick = () => {
    const left = Math.ceil((claimAt - Date.now()) / 1000);
    // each state and each second: drawn again only when a word or the count changed
    patchIf(banner, JSON.stringify([name, Math.max(0, left), document.documentElement.lang]), () => [icon('user'),
      h('span', { class: 'host-away-text' },
        h('span', { class: 'host-away-who', text: t('tv.host_away', { name }) }),
        h('span', { class: 'host-away-claim', 'data-testid': 'tv-host-claim',
          text: left > 0 ? tn('tv.host_claim_in', left) : t('tv.host_claim_now') }))]);
    if (left <= 0 && timer) { clearInterval(timer); timer = null; }
  };
  clearInterval(timer);
  timer = null;
  tick();
  if (claimAt > Date.now()) timer = setInterval(tick, 1000);
}

function remove() {
  clearInterval(timer);
  timer = null;
  seenRoom = null;
  if (banner && banner.parentNode) { banner.parentNode.classList.remove('host-away-in'); banner.remove(); }
  banner = null;
}
