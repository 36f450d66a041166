// The host's deck choice in the lobby: the decks the server has (GET /api/decks, again whenever the room's
// `decks_version` moves: a deck uploaded or deleted from any phone), uploading a zip of pictures from the phone
// (POST /api/decks, host credentials in X-Room / X-Token) with progress and the server's per-file problems, and
// deleting an uploaded deck (deck-delete.js). The chosen deck is a room setting (`set_settings` {deck}); a deck
// too small for the table (the room's `cards_needed`; at a kids' table counting what the kids' filter leaves,
// as Start does) is marked, and an upload that is too small is kept but
// not chosen, with the server's sentence saying what the table needs.
import { h, fill } from '/static/shared/dom.js';
import { t, tn, has, localized, lang } from '/static/shared/i18n.js';
import { modeRules } from '/static/shared/rules.js';
import { openDeleter } from './deck-delete.js';
import { openPhotos } from './deck-photos.js';
import { selectFace } from './controls.js';

/** A file's problem for people: the page's own words for the code, else the server's sentence. */
// Problems whose words name this server's limit: the server's sentence (in the page's language, from
// Accept-Language) says it ("more than 40 megapixels as JPEG, 16 as PNG or WebP"), the page's short one does not.
const LIMITED = ['too_big', 'too_many_pixels'];

function problemText(p) {
  const key = `deck.problem.${p.problem}`;
  if (p.message && LIMITED.includes(p.problem)) return p.message;
  return has(key) ? t(key) : (p.message || p.problem);
}

function megabytes(bytes) {
  const mb = bytes / (1024 * 1024);
  if (bytes <= 0) return '0';
  if (mb < 0.1) return '0.1';   // something is stored: never say 0
  return mb < 10 ? mb.toFixed(1) : String(Math.round(mb));
}

/** The host's credentials for the deck routes (docs/protocol.md: X-Room, X-Token), and the page's language
 * for the server's sentences. */
export function hostHeaders(ctx) {
  return { 'X-Room': ctx.code, 'X-Token': ctx.token() || '', 'Accept-Language': lang() };
}

/** True if a deck of `size` cards is too small for the table (`needed`: the room's `cards_needed`). */
function tooSmall(size, needed) {
  return needed != null && size != null && size < needed;
}

/** The cards Start deals from deck `d`: at a kids' table (`kids`) without those the adult took out (the server's
 * `kids_size`, RULES.md §2.5), else all of them. */
function inPlay(d, kids) {
  return kids && d.kids_size != null ? d.kids_size : d.size;
}

/** A deck's line in the list: its cards in play, and at a kids' table how many of all are left for children. */
function optionText(d, kids, needed) {
  const n = inPlay(d, kids);
  const small = tooSmall(n, needed);
  if (kids && d.size != null && n < d.size) {
    return t(small ? 'deck.option_kids_too_small' : 'deck.option_kids', { title: localized(d.title), n, all: d.size });
  }
  return tn(small ? 'deck.option_too_small' : 'deck.option', n != null ? n : '?', { title: localized(d.title) });
}

/**
 * Builds the deck row. getCtx() gives the current page context; choose(id) sends the setting.
 * Returns { el, update(ctx) }.
 */
export function deckPicker(getCtx, choose) {
  let decks = [];
  let storage = null;   // {used, quota} in bytes: the upload quota (docs/protocol.md "Decks")
  let loadedVersion;    // the room's `decks_version` the list was loaded for
  const select = h('select', { class: 'select', 'data-testid': 'setting-deck', 'aria-label': t('settings.deck'),
    onchange: () => { clearStatus(); choose(select.value); } });
  const file = h('input', { type: 'file', accept: '.zip,application/zip', hidden: true, 'data-testid': 'deck-file',
    onchange: () => { if (file.files[0]) upload(file.files[0]); file.value = ''; } });
  const uploadBtn = h('button', { class: 'btn small', type: 'button', 'data-testid': 'deck-upload',
    text: t('deck.upload'), onclick: () => file.click() });
  const bar = h('div', { class: 'upload-bar' }, h('div', { class: 'upload-fill' }));
  const status = h('div', { class: 'upload-status', 'data-testid': 'upload-status', role: 'status' });
  const problems = h('ul', { class: 'upload-problems', 'data-testid': 'upload-problems' });
  // the chosen deck's files that are left out, with the reason (GET /api/decks `problems`)
  const leftOut = h('div', { class: 'deck-left-out', 'data-testid': 'deck-left-out' });
  const used = h('div', { class: 'deck-storage', 'data-testid': 'deck-storage' });
  // the chosen deck is too small for the table: Start would be refused, so say it now
  const warning = h('div', { class: 'deck-warning', 'data-testid': 'deck-warning', role: 'status' });
  const deleteBtn = h('button', { class: 'btn small deck-delete-open', type: 'button', 'data-testid': 'deck-delete-open',
    text: t('deck.delete_open'), onclick: () => askDelete(null) });
  // a deck of the phone's own photos (deck-photos.js), and changes to the chosen uploaded deck
  const photosBtn = h('button', { class: 'btn small', type: 'button', 'data-testid': 'deck-photos-open',
    text: t('photos.open'), onclick: () => photos(null) });
  const editBtn = h('button', { class: 'btn small', type: 'button', 'data-testid': 'deck-edit-open',
    text: t('photos.edit_open'), onclick: () => photos(decks.find((d) => d.id === select.value) || null) });
  bar.hidden = true;
  const face = selectFace(select);   // a deck's title and count shown whole, also at 200 % text
  const el = h('div', { class: 'deck-picker' },
    h('div', { class: 'deck-row' }, face.el, uploadBtn, deleteBtn, file),
    h('div', { class: 'deck-row' }, photosBtn, editBtn),
    warning, bar, status, leftOut, used);

  /**
   * One box for the last upload or deletion: the sentence, the skipped files under it, then any buttons
   * (the files list sat outside the box, after the «Удалить её» button). `kind`: '', good, warn or bad.
   */
  function say(kind, line, actions) {
    status.className = kind ? `upload-status ${kind}` : 'upload-status';
    fill(status, typeof line === 'string' ? h('span', { text: line }) : line,
      problems.childElementCount ? problems : null, actions || null);
  }

  /** The last upload's or deletion's words go once the host picks a deck: they were about that moment. */
  function clearStatus() {
    status.className = 'upload-status';
    fill(status);
    fill(problems);
  }

  function askDelete(preselect) {
    const c = getCtx();
    const onDeleted = (deck, wasChosen) => {
      // a lobby that chose it chooses the built-in deck (the server stores it and sends a new state)
      fill(problems);
      say('good', t(wasChosen ? 'deck.deleted_chosen' : 'deck.deleted', { title: localized(deck.title) }));
      load(null);
    };
    openDeleter({ decks, headers: hostHeaders(c), preselect, chosen: () => (getCtx().room.settings || {}).deck, onDeleted });
  }

  function photos(deck) {
    openPhotos({ deck, headers: () => hostHeaders(getCtx()), needed: () => getCtx().room.cards_needed,
      onChanged: (d, done) => {
        // chosen once the pictures are all in, unless the table needs more cards than it has
        const fits = !tooSmall(d.size, getCtx().room.cards_needed);
        load(done && fits ? d.id : null);
      },
      onDelete: (d) => askDelete(d.id) });
  }

  async function load(selectId) {
    try {
      const res = await fetch('/api/decks', { headers: { 'Accept-Language': lang() } });
      const body = await res.json();
      decks = body.decks || [];
      storage = body.storage || null;
    } catch { decks = []; }
    render(getCtx());
    if (selectId) choose(selectId);
  }

  function render(c) {
    if (c.room.decks_version != null && c.room.decks_version !== loadedVersion) {
      loadedVersion = c.room.decks_version;   // a deck came or went on some phone: the list again
      load(null);
    }
    // the deck the room plays with (the built-in one once the chosen one was deleted)
    const current = (c.room.deck && c.room.deck.id) || (c.room.settings || {}).deck;
    const needed = c.room.cards_needed;
    const kids = modeRules((c.room.settings || {}).mode).has_adult;   // Start counts what the kids' filter leaves
    const list = decks.length ? decks : (c.room.deck ? [c.room.deck] : []);
    fill(select, list.map((d) => h('option', { value: d.id, text: optionText(d, kids, needed) })));
    if (current && document.activeElement !== select) select.value = current;
    face.show();
    const chosen = list.find((d) => d.id === current);
    const have = chosen ? inPlay(chosen, kids) : null;
    warning.hidden = !(chosen && tooSmall(have, needed));
    warning.textContent = warning.hidden ? '' : t(kids && have < chosen.size ? 'deck.chosen_too_small_kids'
      : 'deck.chosen_too_small', { have, needed });
    deleteBtn.hidden = !decks.some((d) => d.uploaded);
    editBtn.hidden = !(chosen && chosen.uploaded);
    const bad = (chosen && chosen.problems) || [];
    fill(leftOut, bad.length ? [h('div', { text: tn('deck.left_out', bad.length) }),
      h('ul', { class: 'upload-problems' }, bad.map((p) => h('li', {}, h('b', { text: p.name }), ` — ${problemText(p)}`)))] : []);
    used.hidden = !storage;
    if (storage) used.textContent = t('deck.storage', { used: megabytes(storage.used), quota: megabytes(storage.quota) });
  }

  function upload(f) {
    const c = getCtx();
    const data = new FormData();
    // The title goes first: the server reads the fields in order and stops at the file.
    data.append('title', f.name.replace(/\.zip$/i, ''));
    data.append('file', f);
    // XMLHttpRequest: fetch() cannot report upload progress.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/decks');
    for (const [k, v] of Object.entries(hostHeaders(c))) xhr.setRequestHeader(k, v);
    bar.hidden = false;
    bar.firstChild.style.width = '0%';
    fill(problems);
    say('', t('deck.uploading', { name: f.name }));
    uploadBtn.disabled = true;
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) bar.firstChild.style.width = `${Math.round((ev.loaded / ev.total) * 100)}%`;
    };
    xhr.onerror = () => done(null, 0);
    xhr.onload = () => {
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      done(body, xhr.status);
    };
    xhr.send(data);
  }

  function done(body, statusCode) {
    uploadBtn.disabled = false;
    bar.hidden = true;
    const files = (body && (body.skipped || body.files)) || [];
    fill(problems, files.map((p) => h('li', {}, h('b', { text: p.name }), ` — ${problemText(p)}`)));
    if (statusCode === 201 && body && body.deck && body.fits === false) {
      // kept, but a deck the table cannot start with is not chosen: say why, offer to delete it at once
      const id = body.deck.id;
      say('warn', h('span', { 'data-testid': 'upload-warning', text: body.warning
        + (files.length ? ` ${tn('deck.skipped_n', files.length)}` : '') }),
      h('button', { class: 'btn small', type: 'button', 'data-testid': 'upload-warning-delete', text: t('deck.delete_this'),
        onclick: () => askDelete(id) }));
      load(null);
    } else if (statusCode === 201 && body && body.deck) {
      say('good', tn('deck.uploaded', body.deck.size, { title: localized(body.deck.title) })
        + (files.length ? ` ${tn('deck.skipped_n', files.length)}` : ''));
      load(body.deck.id);
    } else {
      say('bad', (body && body.message) || t('deck.upload_failed', { status: statusCode }));
      load(null);   // what the quota holds now
    }
  }

  loadedVersion = getCtx().room.decks_version;
  load(null);
  return { el, update: render };
}
