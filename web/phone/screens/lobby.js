// Phone lobby: you are in; change colour; the host sets the table (RULES.md §4) and starts.
import { h, fill } from '/static/shared/dom.js';
import { currentRuleset, t, tn, tOr } from '/static/shared/i18n.js';
import { rules, rulesetRules, modeRules } from '/static/shared/rules.js';
import { elephantToken } from '/static/shared/colours.js';
import { seatInfo } from '/static/shared/roster.js';
import { personInfo } from '../people.js';
import { deckPicker } from '../deck-picker.js';
import { openFilter } from '../kids-filter.js';
import { teamEditor } from '../teams.js';
import { nameField } from './join.js';
import { lengthText } from '/static/shared/length.js';
import { switchRow, selectFace } from '../controls.js';

// Everything the form offers comes from the engine's catalogue (web/shared/rules.js, GET /api/rules): rulesets,
// modes and their seats, each setting's values. The server still checks every setting, and a refused one snaps
// the form back to the server's settings.
const NO_RULES = { short_game_default: null, conditions: [], modes: [] };

/** What ruleset `id` offers: its short game cell, conditions and modes. */
function rulesOf(id) {
  return rulesetRules(id) || NO_RULES;
}

/** "Trio — 3 players": the mode's name with its player count (people: a pairs seat is two). */
function modeLabel(mode, ruleset) {
  const m = modeRules(mode);
  const seats = m.seats[ruleset] || Object.values(m.seats)[0];
  const name = tOr(`mode.${mode}`, mode);
  if (!seats) return name;
  const [min, max] = seats.map((n) => n * (m.people_per_seat || 1));
  return t('settings.mode_players', { mode: name, n: min === max ? String(min) : `${min}–${max}` });
}

/**
 * Builds the lobby; the settings form is built once and refreshed in place (so a tap is never lost).
 * `carried`: what carry() of the lobby gave before it was drawn again (the language switch): the settings
 * still on their way or queued.
 */
export function create(ctx, carried) {
  const me = h('div', { class: 'lobby-me' });
  const colours = h('div', { class: 'colour-picker small' });
  const roster = h('ul', { class: 'p-roster', 'data-testid': 'phone-roster' });
  const hostPart = h('div', { class: 'host-part' });
  const waitLine = h('p', { class: 'hint big-hint' });
  const length = h('p', { class: 'game-length hint', 'data-testid': 'phone-game-length' });
  const el = h('section', { class: 'p-lobby', 'data-testid': 'phone-lobby' },
    me, h('div', { class: 'field-label', text: t('phone.change_colour') }), colours, roster, length, waitLine, hostPart);
  let form = null;
  let formWords = '';   // the ruleset whose terms the form's labels are in
  let kids = null;
  let teams = null;

  function update(c) {
    ctx = c;
    const info = (c.you.person && personInfo(c.room, c.you.person)) || seatInfo(c.room, c.you.seat);
    fill(me, info ? elephantToken(info.colour, 72) : null,
      h('div', {}, h('div', { class: 'lobby-me-name', text: (info && info.name) || '' }),
        h('div', { class: 'hint', text: t('phone.you_are_in') })));
    // While reconnecting the colours wait (the header says why): a colour may be gone once we are back.
    fill(colours, (c.room.colours_free || []).map((col) => h('button', {
      class: 'colour', type: 'button', 'aria-label': t(`colour.${col}`), 'data-colour': col, disabled: !c.online,
      onclick: () => c.send('set_colour', { colour: col }) }, elephantToken(col, 40))));
    const seats = (c.room.roster || []).filter((r) => !r.removed);
    fill(roster, seats.map((r) => h('li', { class: `p-roster-item${r.connected || r.child ? '' : ' offline'}` },
      (r.people && r.people.length > 1 ? r.people : [r]).map((p) => elephantToken(p.colour, 32)),
      // The note runs on after the name as text, so a long name wraps between its words and the note moves
      // to the next line whole (as a flex item of its own it squeezed the name into broken words).
      h('span', { class: 'p-roster-name' }, r.name, r.child && r.open ? [' ', h('span', { class: 'hint no-phone', 'data-testid': 'no-phone',
        text: t('phone.no_phone') })] : null),
      r.seat === c.room.host ? h('span', { class: 'host-badge small', text: t('host') }) : null)));
    length.textContent = lengthText(c.room.length);
    length.hidden = !c.room.length;
    waitLine.textContent = c.you.is_host ? t('phone.you_are_host') : t('phone.wait_for_host');
    if (c.you.is_host) {
      if (!form) {
        form = settingsForm(() => ctx, carried);
        formWords = currentRuleset();
        carried = null;
        kids = childForm(() => ctx);
        teams = teamEditor(() => ctx);
        fill(hostPart, kids.el, teams.el, form.el);
      } else if (formWords !== currentRuleset()) {
        // Another ruleset has its own words (RULES.md terms: Dixit's «рассказчик», points for cells): the form's
        // labels are drawn again in them, in place (no scroll back to the top), taking over what is on its way.
        const next = settingsForm(() => ctx, form.carry());
        hostPart.replaceChild(next.el, form.el);
        form = next;
        formWords = currentRuleset();
      }
      form.update(c);
      kids.update(c);
      teams.update(c);
    } else if (form) { form = null; kids = null; teams = null; fill(hostPart); }
  }
  return { el, update, refused: () => { if (form) form.refused(); }, reconnected: () => { if (form) form.reconnected(); },
    carry: () => (form ? form.carry() : null) };
}

/** Kids' game: the adult adds children who have no phone (add_child); a child's phone may take the place later. */
function childForm(getCtx) {
  let colour = null;
  let sent = null;   // the name sent with add_child: kept in the field until the roster shows the child
  const field = nameField({ placeholder: t('phone.child_name'), 'data-testid': 'child-name' });
  const name = field.input;
  const colours = h('div', { class: 'colour-picker small', 'data-testid': 'child-colours' });
  const add = h('button', { class: 'btn primary', type: 'button', 'data-testid': 'add-child', text: t('phone.add_child'),
    onclick: () => {
      const c = getCtx();
      const col = colour || (c.room.colours_free || [])[0];
      // Cleared only once the child is in: a refused add (the room moved on before the tap arrived) keeps the
      // name typed, so one more tap adds the child.
      if (field.ok() && col && c.send('add_child', { name: name.value.trim(), colour: col })) sent = name.value.trim();
    } });
  const filter = h('button', { class: 'btn big', type: 'button', 'data-testid': 'kids-filter-open',
    text: t('kids.filter_open'), onclick: () => openFilter(getCtx()) });
  // the deck's pictures changed since the filter was saved: what it took out may be back (the server says how many)
  const outdated = h('div', { class: 'deck-warning', role: 'status', 'data-testid': 'filter-outdated' });
  const el = h('div', { class: 'child-form' },
    h('p', { class: 'hint', text: t('kids.lobby_hint') }),
    h('div', { class: 'field-label', text: t('phone.children_without_phone') }),
    h('div', { class: 'child-row' }, field.el, add),
    colours,
    outdated,
    filter);
  function update(c) {
    el.hidden = !modeRules((c.room.settings || {}).mode).has_adult;
    if (sent !== null && (c.room.roster || []).some((r) => r.child && r.name === sent)) {
      if (name.value.trim() === sent) { name.value = ''; field.refresh(); colour = null; }
      sent = null;
    }
    const n = (c.room.deck && c.room.deck.filter_outdated) || 0;
    outdated.hidden = !n;
    outdated.textContent = n ? tn('kids.filter_outdated', n) : '';
    const free = c.room.colours_free || [];
    if (!free.includes(colour)) colour = free.length ? free[0] : null;
    fill(colours, free.map((col) => h('button', { class: `colour${col === colour ? ' chosen' : ''}`, type: 'button',
      'aria-label': t(`colour.${col}`), 'data-colour': col,
      onclick: () => { colour = col; update(getCtx()); } }, elephantToken(col, 34))));
  }
  return { el, update };
}

/** The allowed values of a setting in the rules catalogue (a list), or [] when it is not a list. */
function settingValues(key) {
  for (const s of rules().settings) if (s.key === key) return Array.isArray(s.values) ? s.values : [];
  return [];
}

function select(name, values, labelKey, onChange, testid) {
  const el = h('select', { class: 'select', name, 'data-testid': testid || `setting-${name}`,
    onchange: () => onChange(el.value) },
  values.map((v) => h('option', { value: v, text: tOr(`${labelKey}.${v}`, v) })));
  return el;
}

/**
 * One line on what a mode is, for the lobby's mode choice. Its numbers come from the catalogue (GET /api/rules),
 * as the explainer's do: the duel's finish cell (D9), the people a table seats in this ruleset (pairs: seats ×
 * people per seat; RULES.md §2) and Dixit's standard table, so a changed rule never leaves a stale number here.
 */
export function modeHelpText(mode, ruleset) {
  const m = modeRules(mode);
  const range = (ids) => {
    const seats = m.seats[ids] || m.seats[ruleset] || [];
    if (!seats.length) return {};
    const [min, max] = seats.map((n) => n * m.people_per_seat);
    return { min, max, players: min === max ? min : `${min}–${max}` };   // trio: "3", not "3–3"
  };
  const cards = (m.table_cards || {})[ruleset] || [];
  return tOr(`help.mode.${mode}`, '', { n: m.finish != null ? m.finish : m.extra_cards, total: cards[0],
    ...(mode === 'standard' ? range('dixit') : range(ruleset)) });
}

/**
 * The timer's choice (seconds, 0: off) from this server's `timer_choices` in the catalogue (web/shared/rules.js,
 * loaded before the first state); `update(room)` shows the room's setting, offered even when the catalogue is
 * missing it (a failed fetch leaves only "off").
 */
export function timerSelect(onChange) {
  const el = h('select', { class: 'select', name: 'timer', 'data-testid': 'setting-timer',
    onchange: () => onChange(Number(el.value)) });
  let shown = '';
  function update(room) {
    const current = (room.settings || {}).timer || 0;
    const offered = rules().timer_choices;
    const choices = offered.includes(current) ? offered : [...offered, current].sort((a, b) => a - b);
    if (choices.join() !== shown) {
      shown = choices.join();
      fill(el, choices.map((n) => h('option', { value: String(n), text: n ? t('timer.seconds', { n }) : t('timer.off') })));
    }
    el.value = String(current);
  }
  return { el, update };
}

/** A setting: its label and control (a select's face, controls.js) on one line, a one-line explanation under them. */
function row(label, control, help) {
  return h('div', { class: 'setting' },
    h('label', { class: 'setting-row' }, h('span', { class: 'setting-label', text: label }), control),
    help ? h('div', { class: 'setting-help', text: help }) : null);
}

/** The kids' storyteller: the adult, every round (RULES.md §2.5), said instead of a first storyteller to choose. */
function kidsStoryteller() {
  return h('div', { class: 'setting', 'data-testid': 'kids-storyteller' },
    h('div', { class: 'setting-row' }, h('span', { class: 'setting-label', text: t('storyteller') }),
      h('span', { class: 'setting-value', text: t('settings.kids_storyteller') })));
}

function toggle(name, onChange) {
  const el = h('input', { type: 'checkbox', class: 'switch', name, 'data-testid': `setting-${name}`,
    onchange: () => onChange(el.checked) });
  return el;
}

/**
 * The host's settings form and Start button. `carried`: carry() of the form this one replaces (the language
 * switch), so what was on its way or queued goes on.
 */
function settingsForm(getCtx, carried) {
  const kept = carried || {};
  // A setting sent but not yet confirmed by a new state: Start waits for it, or the start would carry a
  // stale state_id (typing a number and tapping Start fires the input's change first).
  let pending = Boolean(kept.pending);
  let startQueued = Boolean(kept.startQueued);
  // Settings tapped while one is on its way wait for its answer and then go together: two quick taps must
  // not carry the same state_id (the second would be refused as stale and lost). Settings tapped while the
  // socket is down (a dropped Wi-Fi, a sleeping phone) wait here too, and go once the state that brings it
  // back has come: checked against it (what it already holds is not sent), with its state_id.
  let queued = kept.queued || null;
  let sentAt = kept.sentAt != null ? kept.sentAt : null;
  let inflight = kept.inflight || null;   // the settings on their way (pending)
  const send = (settings) => {
    const c = getCtx();
    if (c.send('set_settings', { settings }, true)) { pending = true; sentAt = c.stateId; inflight = settings; }
    else queued = { ...settings, ...(queued || {}) };   // the socket just went: it waits for the next one
  };
  const set = (settings) => {
    if (pending || !getCtx().online) { queued = { ...(queued || {}), ...settings }; return; }
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
    const s = c.room.settings || {};
    // At a kids' table the server makes the adult the storyteller whatever this names (RULES.md §2.5).
    const fields = s.first_storyteller === 'host' ? { storyteller: storyteller.value } : {};
    if (c.send('start', fields)) start.disabled = true;
  };
  const catalogue = rules();
  const ruleset = select('ruleset', catalogue.rulesets.map((r) => r.id), 'ruleset', (v) => {
    const s = getCtx().room.settings || {};
    const next = rulesOf(v);
    const patch = { ruleset: v };
    if (s.short_game != null && next.short_game_default == null) patch.short_game = null;
    if (s.restriction && !next.conditions.includes(s.restriction)) patch.restriction = null;
    set(patch);
  });
  // A greyed mode (one the ruleset lacks) is never sent, whatever picker let it through: the form goes back to
  // the server's mode, whose refusal would only say what the greyed option already says.
  const mode = select('mode', catalogue.modes.map((m) => m.id), 'mode', (v) => {
    const chosen = mode.options[mode.selectedIndex];
    if (chosen && chosen.disabled) update(getCtx(), true); else set({ mode: v });
  });
  const shortOn = toggle('short_game', (on) => {
    const rs = rulesOf((getCtx().room.settings || {}).ruleset);
    set({ short_game: on ? Number(shortT.value) || rs.short_game_default : null });
  });
  const shortT = h('input', { type: 'number', class: 'number', min: 1, max: 200, inputmode: 'numeric',
    'data-testid': 'setting-short-game-cell', 'aria-label': t('a11y.short_game_cell'),
    onchange: () => { if (shortOn.checked && Number(shortT.value) > 0) set({ short_game: Number(shortT.value) }); } });
  const reshuffle = toggle('reshuffle', (on) => set({ reshuffle: on }));
  const special = toggle('special_cells', (on) => set({ special_cells: on }));
  const soundOn = toggle('sound', (on) => set({ sound: on }));
  const calmOn = toggle('calm', (on) => set({ calm: on }));
  const timer = timerSelect((v) => set({ timer: v }));
  const restriction = h('select', { class: 'select', 'data-testid': 'setting-restriction',
    onchange: () => set({ restriction: restriction.value || null }) },
  h('option', { value: '', text: t('settings.no_restriction') }),
  catalogue.conditions.map((c) => h('option', { value: c, text: tOr(`condition_short.${c}`, c) })));
  const first = select('first_storyteller', settingValues('first_storyteller'), 'first_storyteller_opt',
    (v) => set({ first_storyteller: v }));
  const deckEmpty = select('when_deck_empty', settingValues('when_deck_empty'), 'when_deck_empty',
    (v) => set({ when_deck_empty: v }));
  // '' = auto: the TV follows its browser's language (settings.lang null)
  const tvLang = select('lang', ['', 'ru', 'en'], 'lang', (v) => set({ lang: v || null }));
  const storyteller = h('select', { class: 'select', 'data-testid': 'start-storyteller' });
  // Each select shows its chosen option whole (controls.js); update() shows what it set from the state.
  const faces = [];
  const faced = (select) => { const face = selectFace(select); faces.push(face); return face.el; };
  const storytellerRow = row(t('settings.storyteller_first'), faced(storyteller));
  const start = h('button', { class: 'btn primary big', type: 'button', 'data-testid': 'start', text: t('phone.start'),
    onclick: () => {
      if (pending) { startQueued = true; start.disabled = true; } else sendStart();
    } });
  if (startQueued) start.disabled = true;
  const deck = deckPicker(getCtx, (id) => set({ deck: id }));
  const shortRow = switchRow(t('settings.short_game'), shortOn, t('help.short_game'),
    h('span', { class: 'short-cell' }, h('span', { class: 'hint', text: t('settings.to_cell') }), shortT));
  // The kids' game is never timed (server/room/clock.py: the adult enters the children's guesses and paces it).
  const timerRow = row(t('settings.timer'), faced(timer.el), t('help.timer'));
  const deckEmptyRow = row(t('settings.when_deck_empty'), faced(deckEmpty), t('help.when_deck_empty'));
  const specialRow = switchRow(t('settings.special_cells'), special, t('help.special_cells'));
  const restrictionRow = row(t('settings.restriction'), faced(restriction), t('help.restriction'));
  const firstRow = row(t('settings.first_storyteller'), faced(first), t('help.first_storyteller'));
  const kidsTellerRow = kidsStoryteller();
  const modeHelp = h('div', { class: 'setting-help', 'data-testid': 'mode-help' });
  const el = h('div', { class: 'settings-form', 'data-testid': 'settings-form' },
    h('h2', { class: 'settings-title', text: t('settings.title') }),
    row(t('settings.ruleset'), faced(ruleset), t('help.ruleset')),
    h('div', { class: 'setting' }, h('label', { class: 'setting-row' },
      h('span', { class: 'setting-label', text: t('settings.mode') }), faced(mode)), modeHelp),
    h('div', { class: 'setting' }, h('div', { class: 'setting-row' }, h('span', { class: 'setting-label', text: t('settings.deck') })),
      deck.el, h('div', { class: 'setting-help', text: t('help.deck') })),
    shortRow,
    switchRow(t('settings.reshuffle'), reshuffle, t('help.reshuffle')),
    specialRow,
    restrictionRow,
    firstRow,
    kidsTellerRow,
    storytellerRow,
    deckEmptyRow,
    row(t('settings.tv_lang'), faced(tvLang), t('help.tv_lang')),
    switchRow(t('settings.sound'), soundOn, null),
    switchRow(t('settings.calm'), calmOn, t('help.calm')),
    timerRow,
    start);

  // The form always shows the server's settings (the latest `state`): a choice the server refused never stays
  // on screen. Only the number being typed keeps its digits until it is committed (`force` after a refusal),
  // and taps queued behind a setting on its way stay as tapped (the answer to the first must not undo them).
  function update(c, force = false) {
    const s = { ...(c.room.settings || {}), ...(queued || {}) };
    const rs = rulesOf(s.ruleset);
    const keep = (ctl, v) => { if ((force || document.activeElement !== ctl) && v != null) ctl.value = String(v); };
    ruleset.value = s.ruleset;
    // A mode the ruleset lacks (the catalogue's modes per ruleset: Dixit has no pairs, trio, duel or kids) stays
    // in the list greyed with the reason: a phone's own picker may show a hidden option, and picking it brought
    // only the server's refusal.
    for (const o of mode.options) {
      const lacking = !rs.modes.includes(o.value) && o.value !== s.mode;
      o.disabled = lacking;
      o.textContent = lacking ? t('settings.mode_not_here', { mode: tOr(`mode.${o.value}`, o.value) }) : modeLabel(o.value, s.ruleset);
    }
    mode.value = s.mode;
    for (const o of restriction.options) o.hidden = Boolean(o.value) && !rs.conditions.includes(o.value) && o.value !== s.restriction;
    shortRow.hidden = (rs.short_game_default == null || !modeRules(s.mode).short_game) && s.short_game == null;
    // Kids with two or more children: the adult has no elephant, so no cell sets a condition (RULES.md §2.5).
    specialRow.hidden = !rs.conditions.length || Boolean(c.room.board && c.room.board.storyteller_on_board === false);
    restrictionRow.hidden = !rs.conditions.length && !s.restriction;
    shortOn.checked = s.short_game != null;
    keep(shortT, s.short_game != null ? s.short_game : rs.short_game_default);
    shortT.disabled = s.short_game == null;
    reshuffle.checked = Boolean(s.reshuffle);
    special.checked = s.special_cells !== false;
    restriction.value = s.restriction != null ? s.restriction : '';
    first.value = s.first_storyteller;
    deckEmpty.value = s.when_deck_empty;
    tvLang.value = s.lang || '';
    soundOn.checked = s.sound !== false;
    calmOn.checked = s.calm === true;
    timer.update(c.room);
    const adult = modeRules(s.mode).has_adult;   // the adult tells every round (RULES.md §2.5)
    timerRow.hidden = adult;
    deckEmptyRow.hidden = !modeRules(s.mode).when_deck_empty;
    modeHelp.textContent = modeHelpText(s.mode, s.ruleset);
    deck.update(c);
    firstRow.hidden = adult;
    kidsTellerRow.hidden = !adult;
    storytellerRow.hidden = s.first_storyteller !== 'host' || adult;
    const seats = (c.room.roster || []).filter((r) => !r.removed);
    const chosen = storyteller.value;
    fill(storyteller, seats.map((r) => h('option', { value: r.seat, text: r.name })));
    if (seats.some((r) => r.seat === chosen)) storyteller.value = chosen;
    faces.forEach((face) => face.show());
    if (!c.online) { start.disabled = true; return; }                  // queued taps go on the state that brings us back
    if (pending && c.stateId != null && c.stateId <= sentAt) return;   // our setting is not answered yet
    pending = false;
    inflight = null;
    if (flush()) return;                                               // queued taps went out: wait again
    if (startQueued) { startQueued = false; sendStart(); } else start.disabled = false;
  }
  /** A refused setting or start: nothing is in flight any more; Start can be tapped again. */
  function refused() {
    pending = false;
    inflight = null;
    if (flush()) return;      // a later tap is still wanted: send it
    startQueued = false;
    update(getCtx(), true);   // back to what the server holds
    start.disabled = false;
  }
  /**
   * A new socket: the answer to what was on its way is not coming on it. Those settings wait with the queued
   * ones for the state that follows; it shows whether they were applied (then nothing is sent again) or not.
   * A Start is a choice made for the table as it was: the host taps it again (the button comes back).
   */
  function reconnected() {
    if (pending) queued = { ...(inflight || {}), ...(queued || {}) };
    pending = false;
    inflight = null;
    startQueued = false;
  }
  /** What a form drawn again in its place takes over (the language switch keeps the socket). */
  function carry() {
    return { pending, startQueued, queued, sentAt, inflight };
  }
  return { el, update, refused, reconnected, carry };
}
