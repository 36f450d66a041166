// A round result's headline, the same on the TV and the phones: who found the storyteller's card, by the mode's
// words (RULES.md §2: all, none or some found it).
import { t } from './i18n.js';
import { seatName, targetCard } from './roster.js';

/**
 * The headline of `g.result` (a scored game view) with the names of `room`'s roster. A round with no vote at all
 * (the voting timer ran out, or the host skipped it) says so rather than "too hard"; the kids' "some found it"
 * names the children who did, so a child who missed does not read the table's cheer as hers.
 */
export function outcomeLine(g, room) {
  const r = g.result;
  if (!r.table.some((e) => (e.votes || []).length)) return t('outcome_no_votes');
  const outcome = r.outcome || 'some';
  if (g.mode === 'kids' && outcome === 'some') {
    const found = r.table.find((e) => e.number === targetCard(r));
    return t('outcome_kids.some', { names: ((found && found.votes) || []).map((s) => seatName(room, s)).join(', ') });
  }
  const family = { duel: 'outcome_duel', kids: 'outcome_kids' }[g.mode] || 'outcome';
  return t(`${family}.${outcome}`, { name: g.storyteller ? seatName(room, g.storyteller) : '' });
}
