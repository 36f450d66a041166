// Deleting a deck the host uploaded (DELETE /api/decks/{id} with the host's credentials): a sheet lists the
// uploaded decks, the host picks one, then confirms. The built-in deck and folders put on the server by hand
// are never offered; the server refuses the deck of a game under way and the sheet shows its sentence and
// which game holds it (room, players, last move). A game no page has open can be ended from here (a second
// confirm), which then deletes the deck (POST /api/decks/{id}/end-game); one being played now cannot.
import { h, fill } from '/static/shared/dom.js';
import { t, tn, localized } from '/static/shared/i18n.js';

let sheet = null;

/**
 * Opens the sheet over the lobby. decks: the deck list (GET /api/decks); headers: the host's credentials
 * and language; preselect: a deck id to start with; chosen(): the room's chosen deck id now;
 * onDeleted(deck, wasChosen): after the server deleted it (wasChosen: the room had chosen it when asked, as
 * the room's new state, the built-in deck chosen, may arrive before the answer).
 */
export function openDeleter({ decks, headers, preselect = null, chosen: chosenNow = () => null, onDeleted }) {
  close();
  const uploaded = decks.filter((d) => d.uploaded);
  let chosen = uploaded.some((d) => d.id === preselect) ? preselect : null;
  let confirming = false;
  let busy = false;
  let holders = [];      // the rooms that held the deck at the last refusal (server/room/deck_use.py describe)
  let ending = null;     // the holder whose end the host is asked to confirm
  const body = h('div', { class: 'sheet-body' });
  const status = h('div', { class: 'upload-status bad', role: 'status', 'data-testid': 'deck-delete-status' });
  sheet = h('div', { class: 'sheet-veil', 'data-testid': 'deck-delete', onclick: (ev) => { if (ev.target === sheet) close(); } },
    h('div', { class: 'sheet deck-delete-sheet' },
      h('div', { class: 'sheet-head' }, h('h2', { text: t('deck.delete_title') }),
        h('button', { class: 'btn small', type: 'button', text: '✕', 'aria-label': t('close'),
          'data-testid': 'deck-delete-close', onclick: close })),
      body));
  document.body.append(sheet);

  function draw() {
    const deck = uploaded.find((d) => d.id === chosen);
    if (ending && deck) {
      fill(body,
        h('p', { class: 'deck-delete-question', 'data-testid': 'deck-end-question',
          text: t('deck.end_confirm', { room: ending.room, title: localized(deck.title) }) }),
        h('p', { class: 'hint', text: t('deck.end_keeps') }),
        status,
        h('button', { class: 'btn big danger', type: 'button', 'data-testid': 'deck-end-yes', disabled: busy,
          text: t('deck.end_yes'), onclick: () => endThen(deck, ending) }),
        h('button', { class: 'btn big', type: 'button', 'data-testid': 'deck-end-no', text: t('deck.end_no'),
          onclick: () => { ending = null; status.textContent = ''; draw(); } }));
      return;
    }
    if (holders.length && deck) {
      fill(body, status, h('ul', { class: 'deck-holders', 'data-testid': 'deck-holders' }, holders.map(holderView)),
        h('button', { class: 'btn big', type: 'button', 'data-testid': 'deck-holders-back', text: t('deck.holders_back'),
          onclick: () => { holders = []; status.textContent = ''; draw(); } }));
      return;
    }
    if (confirming && deck) {
      fill(body,
        h('p', { class: 'deck-delete-question', 'data-testid': 'deck-delete-question',
          text: t('deck.delete_confirm', { title: localized(deck.title), cards: tn('deck.cards', deck.size) }) }),
        h('p', { class: 'hint', text: t('deck.delete_for_good') }),
        status,
        h('button', { class: 'btn big danger', type: 'button', 'data-testid': 'deck-delete-yes', disabled: busy,
          text: t('deck.delete_yes'), onclick: () => remove(deck) }),
        h('button', { class: 'btn big', type: 'button', 'data-testid': 'deck-delete-no', text: t('deck.delete_no'),
          onclick: () => { confirming = false; status.textContent = ''; draw(); } }));
      return;
    }
    fill(body,
      h('p', { class: 'hint', text: t('deck.delete_hint') }),
      h('div', { class: 'deck-choices', role: 'radiogroup' }, uploaded.map((d) => h('button', {
        class: `deck-choice${d.id === chosen ? ' chosen' : ''}`, type: 'button', role: 'radio',
        'aria-checked': String(d.id === chosen), 'data-deck': d.id, 'data-testid': 'deck-delete-choice',
        onclick: () => { chosen = d.id; status.textContent = ''; draw(); } },
      h('span', { class: 'deck-choice-title', text: localized(d.title) }),
      h('span', { class: 'deck-choice-size', text: tn('deck.cards', d.size) })))),
      status,
      h('button', { class: 'btn big danger', type: 'button', 'data-testid': 'deck-delete-pick', disabled: !deck,
        text: t('deck.delete'), onclick: () => { confirming = true; status.textContent = ''; draw(); } }));
  }

  /** One game holding the deck: its room, who plays, its last move, and the way out if there is one. */
  function holderView(hd) {
    const m = hd.idle_minutes;
    let ago = t('deck.held_just_now');
    if (m >= 90) ago = tn('deck.held_hours_ago', Math.round(m / 60));
    else if (m >= 1) ago = tn('deck.held_minutes_ago', m);
    let state;
    if (hd.reason === 'results') state = t('deck.held_results');
    else state = hd.open ? t('deck.held_open') : t('deck.held_closed');
    return h('li', { class: 'deck-holder', 'data-room': hd.room, 'data-testid': 'deck-holder' },
      h('div', { class: 'deck-holder-room', text: t('deck.held_room', { room: hd.room }) }),
      h('div', { class: 'deck-holder-names', text: hd.names.join(', ') }),
      h('div', { class: 'hint', text: `${t('deck.held_last', { ago })} ${state}` }),
      hd.can_end ? h('button', { class: 'btn danger', type: 'button', 'data-testid': 'deck-end-open',
        text: t('deck.end_open'), onclick: () => { ending = hd; status.textContent = ''; draw(); } }) : null);
  }

  /** Sends `request` (path under the deck, fetch options) for `deck`; on success closes the sheet and
   * tells the page, else runs `back(answer)` (the server's JSON, {} if none) and shows the reason. */
  async function ask(deck, path, init, back) {
    busy = true;
    draw();
    const wasChosen = chosenNow() === deck.id;
    let res = null;
    let answer = {};
    try {
      res = await fetch(`/api/decks/${encodeURIComponent(deck.id)}${path}`, init);
      answer = await res.json().catch(() => ({}));
    } catch { /* the Wi-Fi dropped: said below */ }
    busy = false;
    if (res && res.ok) {
      close();
      onDeleted(deck, wasChosen);
      return;
    }
    back(answer);
    draw();
    status.textContent = answer.message || t('deck.delete_failed', { status: res ? res.status : 0 });
  }

  /** Ends the game `hd` holds the deck with (as it was when shown), then the server deletes the deck. */
  function endThen(deck, hd) {
    return ask(deck, '/end-game', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ room: hd.room, state_id: hd.state_id }) }, (answer) => {
      ending = null;   // back to the games holding it, as the server sees them now
      if (answer.holders) holders = answer.holders;
    });
  }

  function remove(deck) {
    return ask(deck, '', { method: 'DELETE', headers }, (answer) => {
      confirming = false;   // back to the list, with the server's reason (a game under way, not the host…)
      holders = answer.holders || [];   // which games hold it, each with its way out if it has one
    });
  }

  draw();
}

/** Closes the sheet. */
export function close() {
  if (sheet) sheet.remove();
  sheet = null;
}
