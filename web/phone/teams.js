// Pairs (RULES.md §2.2): the host sees the teams of two that share an elephant and rearranges them: tap one
// person, then another in a different team, and the two swap places (`set_teams`).
import { modeOf } from '/static/shared/rules.js';
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { headCount, aloneInPairs } from '/static/shared/roster.js';

/** The teams as lists of person ids, in seat order, lead first (what `set_teams` takes). */
export function teamsOf(room) {
  return (room.roster || []).filter((r) => !r.removed)
    .map((r) => (r.people && r.people.length ? r.people.map((p) => p.person) : [r.seat]));
}

/** Builds the team editor; update(ctx) redraws it (it hides itself outside pairs). */
export function teamEditor(getCtx) {
  let picked = null;
  const list = h('ol', { class: 'teams', 'data-testid': 'teams' });
  const count = h('p', { class: 'teams-count', 'data-testid': 'phone-head-count' });
  const alone = h('p', { class: 'teams-alone', 'data-testid': 'pairs-alone', hidden: true });
  const el = h('div', { class: 'teams-box' },
    h('div', { class: 'settings-title', text: t('teams.title') }),
    count, alone,
    h('p', { class: 'hint', text: t('teams.hint') }),
    list);

  function swap(a, b) {
    const teams = teamsOf(getCtx().room).map((team) => team.map((p) => (p === a ? b : p === b ? a : p)));
    getCtx().send('set_teams', { teams });
  }

  function update(c) {
    el.hidden = !(modeOf(c.room.settings || {}).people_per_seat > 1);
    if (el.hidden) return;
    count.textContent = headCount(c.room, true);
    const lone = aloneInPairs(c.room, true);
    alone.textContent = lone.length ? t('lobby.alone', { names: lone.join(', ') }) : '';
    alone.hidden = !lone.length;
    const teams = (c.room.roster || []).filter((r) => !r.removed);
    const ids = new Set(teams.flatMap((r) => (r.people || []).map((p) => p.person)));
    if (!ids.has(picked)) picked = null;
    fill(list, teams.map((r, i) => h('li', { class: 'team', 'data-seat': r.seat },
      h('span', { class: 'team-number', text: String(i + 1) }),
      (r.people || []).map((p) => h('button', {
        class: `team-person${p.person === picked ? ' picked' : ''}`, type: 'button', 'data-person': p.person,
        'data-testid': 'team-person',
        onclick: () => {
          if (picked === null) picked = p.person;
          else if (picked === p.person) picked = null;
          else {
            const mine = teams.find((x) => (x.people || []).some((q) => q.person === picked));
            if (mine && mine.seat === r.seat) picked = p.person;   // same team: just move the selection
            else { swap(picked, p.person); picked = null; }
          }
          update(getCtx());
        } }, elephantToken(p.colour, 28), h('span', { text: p.name }))))));
  }
  return { el, update };
}
