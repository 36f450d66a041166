// What the host's controls did, said on the phones a state reaches (they acted silently): the host handed
// over (both phones), someone removed or their seat freed (the host's phone).
import { t } from '/static/shared/i18n.js';
import { toast } from '/static/shared/dom.js';

/** The person entry of `person` in `room`'s roster (pairs: inside a team), or null. */
function personOf(room, person) {
  for (const r of room.roster || []) {
    for (const p of r.people && r.people.length ? r.people : [{ ...r, person: r.seat }]) if (p.person === person) return { ...r, ...p };
  }
  return null;
}

/** Toasts what changed between state `before` and `next` of this phone (either may be null). */
export function announce(before, next) {
  if (!before || !next || before.room.code !== next.room.code || before.you.person !== next.you.person) return;
  const was = before.you.is_host;
  const now = next.you.is_host;
  if (!was && now && next.you.person) toast(t('host_news.you_host'), 'info');
  else if (was && !now && next.room.host_person) {
    const host = personOf(next.room, next.room.host_person);
    if (host) toast(t('host_news.passed', { name: host.name }), 'info');
  }
  if (!was || !now) return;
  for (const r of before.room.roster || []) {
    const people = r.people && r.people.length ? r.people : [{ person: r.seat, name: r.name, open: r.open }];
    for (const p of people) {
      const after = personOf(next.room, p.person);
      const removedBefore = Boolean(r.removed);
      if (!after) toast(t('host_news.removed', { name: p.name }), 'info');          // lobby: left the roster
      else if (!removedBefore && after.removed) toast(t('host_news.removed', { name: p.name }), 'info');
      else if (!p.open && after.open && !after.child) toast(t('host_news.released', { name: p.name }), 'info');
    }
  }
}
