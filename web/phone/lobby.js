// Phone lobby: you are in; change colour; the host sets the table (RULES.md §4) and starts.
import { h, fill } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatInfo, personInfo } from '/static/shared/roster.js';
import { deckPicker } from './deck-picker.js';
import { openFilter } from './kids-filter.js';
import { teamEditor } from './teams.js';
import { nameField } from './join.js';

const RULESETS = ['imaginarium', 'imaginarium-classic', 'dixit'];
const MODES = ['standard', 'pairs', 'trio', 'duel', 'kids'];
const CONDITIONS = ['question', 'four_words', 'person', 'screen', 'story', 'brand'];
const FIRST = ['draw', 'host', 'claim'];
const DECK_EMPTY = ['reshuffle', 'end'];
// What each ruleset offers. The `state` does not carry the engine's registries, so this small table mirrors
// server/engine/rulesets.py and modes.py (RULES.md §1, §2, §4); the server still checks every setting, and a
// refused one snaps the form back to the server's settings.
const RULES = {
  imaginarium: { short: 34, conditions: ['question', 'four_words', 'person', 'screen', 'story'], seats: [4, 7],
    modes: MODES },
  'imaginarium-classic': { short: 39, conditions: ['question', 'four_words', 'screen', 'story', 'brand'], seats: [4, 7],
    modes: MODES },
  dixit: { short: null, conditions: [], seats: [3, 6], modes: ['standard'] },   // no short game, no special cells
};
const SHORT_DEFAULT = { imaginarium: 34, 'imaginarium-classic': 39 };
const MODE_PLAYERS = { pairs: [8, 14], trio: [3, 3], duel: [2, 2], kids: [2, 8] };   // people; standard: the ruleset's

/** "Trio — 3 players": the mode's name with its player count. */
function modeLabel(mode, ruleset) {
  const [min, max] = MODE_PLAYERS[mode] || (RULES[ruleset] || RULES.imaginarium).seats;
  return t('settings.mode_players', { mode: t(`mode.${mode}`), n: min === max ? String(min) : `${min}–${max}` });
}

/** Builds the lobby; the settings form is built once and refreshed in place (so a tap is never lost). */
export function create(ctx) {
  const me = h('div', { class: 'lobby-me' });
  const colours = h('div', { class: 'colour-picker small' });
  const roster = h('ul', { class: 'p-roster', 'data-testid': 'phone-roster' });
  const hostPart = h('div', { class: 'host-part' });
  const waitLine = h('p', { class: 'hint big-hint' });
  const el = h('section', { class: 'p-lobby', 'data-testid': 'phone-lobby' },
    me, h('div', { class: 'field-label', text: t('phone.change_colour') }), colours, roster, waitLine, hostPart);
  let form = null;
  let kids = null;
  let teams = null;

  function update(c) {
    ctx = c;
    const info = (c.you.person && personInfo(c.room, c.you.person)) || seatInfo(c.room, c.you.seat);
    fill(me, info ? elephantToken(info.colour, 72) : null,
      h('div', {}, h('div', { class: 'lobby-me-name', text: (info && info.name) || '' }),
        h('div', { class: 'hint', text: t('phone.you_are_in') })));
    fill(colours, (c.room.colours_free || []).map((col) => h('button', {
      class: 'colour', type: 'button', 'aria-label': t(`colour.${col}`), 'data-colour': col,
      onclick: () => c.send('set_colour', { colour: col }) }, elephantToken(col, 40))));
    const seats = (c.room.roster || []).filter((r) => !r.removed);
    fill(roster, seats.map((r) => h('li', { class: `p-roster-item${r.connected || r.child ? '' : ' offline'}` },
      (r.people && r.people.length > 1 ? r.people : [r]).map((p) => elephantToken(p.colour, 32)),
      h('span', { text: r.name }),
      r.child && r.open ? h('span', { class: 'hint', text: t('phone.no_phone') }) : null,
      r.seat === c.room.host ? h('span', { class: 'host-badge small', text: t('host') }) : null)));
    waitLine.textContent = c.you.is_host ? t('phone.you_are_host') : t('phone.wait_for_host');
    if (c.you.is_host) {
      if (!form) {
        form = settingsForm(() => ctx);
        kids = childForm(() => ctx);
        teams = teamEditor(() => ctx);
        fill(hostPart, kids.el, teams.el, form.el);
      }
      form.update(c);
      kids.update(c);
      teams.update(c);
    } else if (form) { form = null; kids = null; teams = null; fill(hostPart); }
  }
  return { el, update, refused: () => { if (form) form.refused(); } };
}

/** Kids' game: the adult adds children who have no phone (add_child); a child's phone may take the place later. */
function childForm(getCtx) {
  let colour = null;
  const field = nameField({ placeholder: t('phone.child_name'), 'data-testid': 'child-name' });
  const name = field.input;
  const colours = h('div', { class: 'colour-picker small', 'data-testid': 'child-colours' });
  const add = h('button', { class: 'btn primary', type: 'button', 'data-testid': 'add-child', text: t('phone.add_child'),
    onclick: () => {
      const c = getCtx();
      const col = colour || (c.room.colours_free || [])[0];
      if (field.ok() && col && c.send('add_child', { name: name.value.trim(), colour: col })) {
        name.value = '';
        field.refresh();
        colour = null;
      }
    } });
  const filter = h('button', { class: 'btn big', type: 'button', 'data-testid': 'kids-filter-open',
    text: t('kids.filter_open'), onclick: () => openFilter(getCtx()) });
  const el = h('div', { class: 'child-form' },
    h('p', { class: 'hint', text: t('kids.lobby_hint') }),
    h('div', { class: 'field-label', text: t('phone.children_without_phone') }),
    h('div', { class: 'child-row' }, field.el, add),
    colours,
    filter);
  function update(c) {
    el.hidden = (c.room.settings || {}).mode !== 'kids';
    const free = c.room.colours_free || [];
    if (!free.includes(colour)) colour = free.length ? free[0] : null;
    fill(colours, free.map((col) => h('button', { class: `colour${col === colour ? ' chosen' : ''}`, type: 'button',
      'aria-label': t(`colour.${col}`), 'data-colour': col,
      onclick: () => { colour = col; update(getCtx()); } }, elephantToken(col, 34))));
  }
  return { el, update };
}

function select(name, values, labelKey, onChange, testid) {
  const el = h('select', { class: 'select', name, 'data-testid': testid || `setting-${name}`,
    onchange: () => onChange(el.value) },
  values.map((v) => h('option', { value: v, text: t(`${labelKey}.${v}`) })));
  return el;
}

/** A setting: its label and control on one line, a one-line explanation under them. */
function row(label, control, help) {
  return h('div', { class: 'setting' },
    h('label', { class: 'setting-row' }, h('span', { class: 'setting-label', text: label }), control),
    help ? h('div', { class: 'setting-help', text: help }) : null);
}

function toggle(name, onChange) {
  const el = h('input', { type: 'checkbox', class: 'switch', name, 'data-testid': `setting-${name}`,
    onchange: () => onChange(el.checked) });
  return el;
}

/** The host's settings form and Start button. */
function settingsForm(getCtx) {
  // A setting sent but not yet confirmed by a new state: Start waits for it, or the start would carry a
  // stale state_id (typing a number and tapping Start fires the input's change first).
  let pending = false;
  let startQueued = false;
  // Settings tapped while one is on its way wait for its answer and then go together: two quick taps must
  // not carry the same state_id (the second would be refused as stale and lost).
  let queued = null;
  let sentAt = null;
  const send = (settings) => {
    const c = getCtx();
    if (c.send('set_settings', { settings })) { pending = true; sentAt = c.stateId; }
  };
  const set = (settings) => {
    if (pending) { queued = { ...(queued || {}), ...settings }; return; }
    const current = getCtx().room.settings || {};
    if (Object.entries(settings).every(([k, v]) => current[k] === v)) return;  // nothing changes
    send(settings);
  };
  const flush = () => {
    const next = queued;
    queued = null;
    if (next) set(next);
    return pending;
  };
  const sendStart = () => {
    const c = getCtx();
    const fields = (c.room.settings || {}).first_storyteller === 'host' ? { storyteller: storyteller.value } : {};
    if (c.send('start', fields)) start.disabled = true;
  };
  const ruleset = select('ruleset', RULESETS, 'ruleset', (v) => {
    const s = getCtx().room.settings || {};
    const rules = RULES[v] || {};
    const patch = { ruleset: v };
    if (s.short_game != null && rules.short == null) patch.short_game = null;
    if (s.restriction && !(rules.conditions || []).includes(s.restriction)) patch.restriction = null;
    set(patch);
  });
  const mode = select('mode', MODES, 'mode', (v) => set({ mode: v }));
  const shortOn = toggle('short_game', (on) => {
    const rs = (getCtx().room.settings || {}).ruleset || 'imaginarium';
    set({ short_game: on ? Number(shortT.value) || SHORT_DEFAULT[rs] || 34 : null });
  });
  const shortT = h('input', { type: 'number', class: 'number', min: 1, max: 200, inputmode: 'numeric',
    'data-testid': 'setting-short-game-cell',
    onchange: () => { if (shortOn.checked && Number(shortT.value) > 0) set({ short_game: Number(shortT.value) }); } });
  const reshuffle = toggle('reshuffle', (on) => set({ reshuffle: on }));
  const special = toggle('special_cells', (on) => set({ special_cells: on }));
  const soundOn = toggle('sound', (on) => set({ sound: on }));
  const restriction = h('select', { class: 'select', 'data-testid': 'setting-restriction',
    onchange: () => set({ restriction: restriction.value || null }) },
  h('option', { value: '', text: t('settings.no_restriction') }),
  CONDITIONS.map((c) => h('option', { value: c, text: t(`condition_short.${c}`) })));
  const first = select('first_storyteller', FIRST, 'first_storyteller_opt', (v) => set({ first_storyteller: v }));
  const deckEmpty = select('when_deck_empty', DECK_EMPTY, 'when_deck_empty', (v) => set({ when_deck_empty: v }));
  // '' = auto: the TV follows its browser's language (settings.lang null)
  const tvLang = select('lang', ['', 'ru', 'en'], 'lang', (v) => set({ lang: v || null }));
  const storyteller = h('select', { class: 'select', 'data-testid': 'start-storyteller' });
  const storytellerRow = row(t('settings.storyteller_first'), storyteller);
  const start = h('button', { class: 'btn primary big', type: 'button', 'data-testid': 'start', text: t('phone.start'),
    onclick: () => {
      if (pending) { startQueued = true; start.disabled = true; } else sendStart();
    } });
  const deck = deckPicker(getCtx, (id) => set({ deck: id }));
  const shortRow = h('div', { class: 'setting' },
    h('div', { class: 'setting-row' }, h('label', { class: 'setting-label' }, shortOn, ' ', t('settings.short_game')),
      h('span', { class: 'short-cell' }, h('span', { class: 'hint', text: t('settings.to_cell') }), shortT)),
    h('div', { class: 'setting-help', text: t('help.short_game') }));
  const deckEmptyRow = row(t('settings.when_deck_empty'), deckEmpty, t('help.when_deck_empty'));
  const specialRow = row(t('settings.special_cells'), special, t('help.special_cells'));
  const restrictionRow = row(t('settings.restriction'), restriction, t('help.restriction'));
  const modeHelp = h('div', { class: 'setting-help', 'data-testid': 'mode-help' });
  const el = h('div', { class: 'settings-form', 'data-testid': 'settings-form' },
    h('h2', { class: 'settings-title', text: t('settings.title') }),
    row(t('settings.ruleset'), ruleset, t('help.ruleset')),
    h('div', { class: 'setting' }, h('label', { class: 'setting-row' },
      h('span', { class: 'setting-label', text: t('settings.mode') }), mode), modeHelp),
    h('div', { class: 'setting' }, h('div', { class: 'setting-row' }, h('span', { class: 'setting-label', text: t('settings.deck') })),
      deck.el, h('div', { class: 'setting-help', text: t('help.deck') })),
    shortRow,
    row(t('settings.reshuffle'), reshuffle, t('help.reshuffle')),
    specialRow,
    restrictionRow,
    row(t('settings.first_storyteller'), first, t('help.first_storyteller')),
    storytellerRow,
    deckEmptyRow,
    row(t('settings.tv_lang'), tvLang, t('help.tv_lang')),
    row(t('settings.sound'), soundOn, null),
    start);

  // The form always shows the server's settings (the latest `state`): a choice the server refused never stays
  // on screen. Only the number being typed keeps its digits until it is committed (`force` after a refusal).
  function update(c, force = false) {
    const s = c.room.settings || {};
    const rules = RULES[s.ruleset] || RULES.imaginarium;
    const keep = (ctl, v) => { if ((force || document.activeElement !== ctl) && v != null) ctl.value = String(v); };
    ruleset.value = s.ruleset;
    for (const o of mode.options) {
      o.hidden = !rules.modes.includes(o.value) && o.value !== s.mode;
      o.textContent = modeLabel(o.value, s.ruleset);
    }
    mode.value = s.mode;
    for (const o of restriction.options) o.hidden = Boolean(o.value) && !rules.conditions.includes(o.value) && o.value !== s.restriction;
    shortRow.hidden = rules.short == null && s.short_game == null;
    specialRow.hidden = !rules.conditions.length;
    restrictionRow.hidden = !rules.conditions.length && !s.restriction;
    shortOn.checked = s.short_game != null;
    keep(shortT, s.short_game != null ? s.short_game : (SHORT_DEFAULT[s.ruleset] || 34));
    shortT.disabled = s.short_game == null;
    reshuffle.checked = Boolean(s.reshuffle);
    special.checked = s.special_cells !== false;
    restriction.value = s.restriction != null ? s.restriction : '';
    first.value = s.first_storyteller;
    deckEmpty.value = s.when_deck_empty;
    tvLang.value = s.lang || '';
    soundOn.checked = s.sound !== false;
    deckEmptyRow.hidden = s.mode !== 'trio';
    modeHelp.textContent = t(`help.mode.${s.mode || 'standard'}`);
    deck.update(c);
    storytellerRow.hidden = s.first_storyteller !== 'host';
    const seats = (c.room.roster || []).filter((r) => !r.removed);
    const chosen = storyteller.value;
    fill(storyteller, seats.map((r) => h('option', { value: r.seat, text: r.name })));
    if (seats.some((r) => r.seat === chosen)) storyteller.value = chosen;
    if (pending && c.stateId != null && c.stateId <= sentAt) return;   // our setting is not answered yet
    pending = false;
    if (flush()) return;                                               // queued taps went out: wait again
    if (startQueued) { startQueued = false; sendStart(); } else start.disabled = false;
  }
  /** A refused setting or start: nothing is in flight any more; Start can be tapped again. */
  function refused() {
    pending = false;
    if (flush()) return;      // a later tap is still wanted: send it
    startQueued = false;
    update(getCtx(), true);   // back to what the server holds
    start.disabled = false;
  }
  return { el, update, refused };
}
