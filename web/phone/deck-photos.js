// A deck made of the phone's own photos, and the host's changes to an uploaded deck: a sheet over the lobby.
// "New deck from photos" names the deck and picks many pictures at once (a file input with `multiple` and
// `accept="image/*"`, which phones open as their photo picker); they go to the server a few at a time
// (POST /api/decks with several `file` parts, then POST /api/decks/{id}/cards), so a bar shows the bytes sent
// and each picture's card appears as soon as the server has made it (its thumbnail), with the reason for any
// it skipped. The same sheet edits an uploaded deck: more pictures, a new name (PATCH), a card out (DELETE
// /api/decks/{id}/cards/{card}: refused while a game deals from it), the whole deck (deck-delete.js).
import { h, fill } from '/static/shared/dom.js';
import { t, tn, has, localized } from '/static/shared/i18n.js';

const BATCH = 6;   // pictures per request: a phone photo is 2-8 MB, so a batch answers within seconds

let sheet = null;

function problemText(p) {
  const key = `deck.problem.${p.problem}`;
  return has(key) ? t(key) : (p.message || p.problem);
}

/** Sends `form` with the host's `headers`; onProgress(loaded) as bytes go; resolves {status, body}. */
function send(url, method, form, headers, onProgress) {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();   // fetch() cannot report upload progress
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (onProgress) xhr.upload.onprogress = (ev) => onProgress(ev.loaded);
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onload = () => {
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      resolve({ status: xhr.status, body });
    };
    xhr.send(form);
  });
}

async function json(url, method, headers, body) {
  try {
    const res = await fetch(url, { method, headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  } catch { return { status: 0, body: null }; }
}

export function closePhotos() {
  if (sheet) sheet.remove();
  sheet = null;
}

/**
 * Opens the sheet. deck: an uploaded deck ({id, title, size}) to edit, or null for a new one; headers(): the
 * host's credentials and language; needed(): the cards the table needs now (the room's `cards_needed`);
 * onChanged(deck, choose): after the server changed a deck (choose: the upload finished and the deck should
 * be the room's); onDelete(deck): the host asks to delete it.
 */
export function openPhotos({ deck = null, headers, needed = () => null, onChanged, onDelete }) {
  closePhotos();
  let current = deck;          // the deck as the server last described it
  let busy = false;
  const tiles = new Map();     // card id -> its tile
  const title = h('input', { class: 'input', type: 'text', maxlength: 60, 'data-testid': 'photos-title',
    placeholder: t('photos.default_title'),   // what an empty name becomes (below)
    value: deck ? localized(deck.title) : '' });
  const rename = h('button', { class: 'btn small', type: 'button', 'data-testid': 'photos-rename',
    text: t('photos.rename'), onclick: () => renameNow() });
  const file = h('input', { type: 'file', accept: 'image/*', multiple: true, hidden: true, 'data-testid': 'photos-file',
    onchange: () => { const picked = Array.from(file.files || []); file.value = ''; if (picked.length) sendAll(picked); } });
  const pick = h('button', { class: 'btn big primary', type: 'button', 'data-testid': 'photos-pick',
    text: t(deck ? 'photos.add' : 'photos.pick'), onclick: () => file.click() });
  const bar = h('div', { class: 'upload-bar', 'data-testid': 'photos-bar', role: 'progressbar', 'aria-valuemin': 0,
    'aria-valuemax': 100 }, h('div', { class: 'upload-fill' }));
  const status = h('div', { class: 'upload-status', role: 'status', 'data-testid': 'photos-status' });
  const grid = h('ul', { class: 'photos-grid', 'data-testid': 'photos-grid' });
  const remove = h('button', { class: 'btn small danger', type: 'button', 'data-testid': 'photos-delete-deck',
    text: t('photos.delete_deck'), onclick: () => { if (current) { closePhotos(); onDelete(current); } } });
  bar.hidden = true;
  sheet = h('div', { class: 'sheet-veil', 'data-testid': 'photos', onclick: (ev) => { if (ev.target === sheet && !busy) closePhotos(); } },
    h('div', { class: 'sheet photos-sheet' },
      h('div', { class: 'sheet-head' }, h('h2', { 'data-testid': 'photos-heading', text: t(deck ? 'photos.edit_heading' : 'photos.heading') }),
        h('button', { class: 'btn small', type: 'button', text: '✕', 'aria-label': t('close'),
          'data-testid': 'photos-close', onclick: () => closePhotos() })),
      h('label', { class: 'photos-label', text: t('photos.name') }),
      h('div', { class: 'photos-row' }, title, rename),
      pick, file, bar, status, grid, remove));
  document.body.append(sheet);
  showDeck();

  function showDeck() {
    rename.hidden = !current;
    remove.hidden = !current;
    if (current) loadCards();
  }

  async function loadCards() {
    const got = await json(`/api/decks/${current.id}/cards`, 'GET', headers());
    if (got.status !== 200 || !got.body) return;
    for (const id of got.body.cards) if (!tiles.has(id)) grid.append(cardTile(id));
  }

  function cardTile(id) {
    const tile = h('li', { class: 'photos-tile', 'data-testid': 'photos-card', 'data-card': id },
      h('img', { src: `/cards/${current.id}/${id}.thumb.jpg`, alt: '' }),
      h('button', { class: 'photos-out', type: 'button', 'aria-label': t('photos.card_out'), text: '✕',
        'data-testid': 'photos-card-out', onclick: () => takeOut(id) }));
    tiles.set(id, tile);
    return tile;
  }

  function say(kind, line) {
    status.className = kind ? `upload-status ${kind}` : 'upload-status';
    status.textContent = line;
  }

  async function renameNow() {
    const name = title.value.trim();
    if (!current || !name) return;
    const got = await json(`/api/decks/${current.id}`, 'PATCH', headers(), { title: name });
    if (got.status === 200) {
      current = got.body.deck;
      say('good', t('photos.renamed', { title: localized(current.title) }));
      onChanged(current, false);
    } else say('bad', (got.body && got.body.message) || t('deck.upload_failed', { status: got.status }));
  }

  async function takeOut(id) {
    if (busy || !current) return;
    const got = await json(`/api/decks/${current.id}/cards/${id}`, 'DELETE', headers());
    if (got.status === 200) {
      current = got.body.deck;
      const tile = tiles.get(id);
      if (tile) tile.remove();
      tiles.delete(id);
      say('good', tn('photos.now', current.size));
      onChanged(current, false);
    } else say('bad', (got.body && got.body.message) || t('deck.upload_failed', { status: got.status }));
  }

  /** Sends `files` a batch at a time: the first batch makes the deck unless there is one. */
  async function sendAll(files) {
    busy = true;
    pick.disabled = true;
    const total = files.reduce((n, f) => n + f.size, 0) || 1;
    let sent = 0;
    let made = 0;
    const skipped = [];
    const pending = files.map((f) => {
      const tile = h('li', { class: 'photos-tile pending', 'data-testid': 'photos-pending' }, h('span', { text: f.name }));
      grid.append(tile);
      return tile;
    });
    bar.hidden = false;
    const progress = (loaded) => {
      const pct = Math.min(100, Math.round(((sent + loaded) / total) * 100));
      bar.firstChild.style.width = `${pct}%`;
      bar.setAttribute('aria-valuenow', pct);
    };
    progress(0);
    for (let i = 0; i < files.length; i += BATCH) {
      const batch = files.slice(i, i + BATCH);
      const form = new FormData();
      if (!current) form.append('title', title.value.trim() || t('photos.default_title'));
      for (const f of batch) form.append('file', f, f.name);
      say('', t('photos.sending', { done: i, all: files.length }));
      const url = current ? `/api/decks/${current.id}/cards` : '/api/decks';
      const got = await send(url, 'POST', form, headers(), progress);
      sent += batch.reduce((n, f) => n + f.size, 0);
      progress(0);
      const tilesNow = pending.slice(i, i + BATCH);
      if (got.status !== 201 || !got.body) {
        tilesNow.forEach((tile) => tile.remove());
        const files = (got.body && got.body.files) || [];
        files.forEach((p) => skipped.push(p));
        say('bad', (got.body && got.body.message) || t('deck.upload_failed', { status: got.status }));
        if (!current || got.status !== 400) break;   // no deck yet, or a limit: stop; broken pictures: go on
        continue;
      }
      current = got.body.deck;
      const wasSkipped = (got.body.skipped || []).slice();
      const ids = got.body.cards || [];
      let next = 0;
      batch.forEach((f, k) => {
        const miss = wasSkipped.findIndex((p) => p.name === f.name);
        if (miss >= 0) {
          const p = wasSkipped.splice(miss, 1)[0];
          skipped.push(p);
          fill(tilesNow[k], h('span', { class: 'photos-why', text: `${f.name}: ${problemText(p)}` }));
          tilesNow[k].className = 'photos-tile skipped';
          tilesNow[k].setAttribute('data-testid', 'photos-skipped');
        } else if (next < ids.length) {
          tilesNow[k].replaceWith(cardTile(ids[next]));
          next += 1;
          made += 1;
        }
      });
      onChanged(current, false);
    }
    busy = false;
    pick.disabled = false;
    pick.textContent = t('photos.add');
    bar.hidden = true;
    showDeck();
    if (current && made) {
      const need = needed();
      const small = need != null && current.size < need;   // kept, but not chosen: say why
      say(skipped.length || small ? 'warn' : 'good', tn('photos.done', made, { title: localized(current.title) })
        + (skipped.length ? ` ${tn('photos.skipped', skipped.length)}` : '')
        + (small ? ` ${t('photos.too_small', { have: current.size, needed: need })}` : ''));
      onChanged(current, true);
    }
  }
}
