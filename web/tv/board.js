// The board: a serpentine track of cells and every elephant on its cell (one element each, so CSS moves it).
// A cell keeps its number and special-cell icon in a strip at its top; its elephants stand below, side by side
// when several (crowd(): every initial stays in sight; on a cell of three or more each is a disc with its
// initials large), and the strip counts them. They move by `transform` alone (the compositor's, smooth on a TV).
import { modeOf, specialCellsApply } from '/static/shared/rules.js';
import { h, patch, patchIf, setHidden, setText } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { pieceToken, initialsOf } from '/static/shared/pieces.js';
import { tokenDisc } from '/static/shared/colours.js';
import { isGone, elephantColour, elephantName } from '/static/shared/roster.js';
import { conditionIcon } from '/static/shared/conditions.js';
import { icon } from '/static/shared/icons.js';

const GAP = 6;      // px between cells (board.css .cells)
const STRIP = 30;   // px at a cell's top for its number, count and icon (board.css)
// Where the initials lie on a token, as fractions of its size: they end `end` across it and begin `top` down it.
// The elephant's (colours.js: its drawing is 78 % of the token, the letter about x 13..39 and y 25..46 of 64) is
// a third of the token high: too small to read once a crowd shrinks it, so a crowd's are discs with the
// letters centred and large (board.css .crowd-chip).
const ELEPHANT_LETTER = { end: 0.62, top: 0.40 };
const CHIP_LETTER = { end: 0.78, top: 0.26 };
const CROWD = 3;    // elephants on one cell that make it a crowd of discs
const CLEAR = 4;    // px kept clear of a letter (the storyteller's ring reaches 5 px out, scaled down here)

/** Builds the board; update(ctx) moves the elephants, lay(game) lays the track out alone. */
export function create() {
  const cells = h('div', { class: 'cells' });
  const layer = h('div', { class: 'elephants' });
  const track = h('div', { class: 'track' }, cells, layer);
  const legend = h('div', { class: 'board-legend', 'data-testid': 'board-legend' });
  const el = h('footer', { class: 'board', 'data-testid': 'board' }, track, legend);
  const tokens = new Map();  // elephant id → element
  const counts = new Map();  // cell index → its count element
  let boardKey = null;
  let geom = null;

  function layout(b, finish, specialOn, length) {
    const rows = length > 48 ? 3 : 2;
    const cols = Math.ceil(length / rows);
    const special = specialOn ? (b.special || {}) : {};
    // Each condition on this board once, with its icon (RULES.md §3).
    const kinds = [...new Set(Object.values(special))];
    patch(legend, kinds.length ? [h('span', { class: 'legend-title', text: t('tv.legend') }),
      kinds.map((k) => h('span', { class: 'legend-item', 'data-condition': k },
        h('span', { class: 'legend-icon' }, conditionIcon(k)), t(`condition_short.${k}`)))] : null);
    setHidden(legend, !kinds.length);
    cells.style.setProperty('--cols', cols);
    cells.style.setProperty('--rows', rows);
    const items = [];
    for (let i = 0; i < length; i++) {
      const [row, col] = place(i, cols);
      const number = (b.first_number || 0) + i;
      const cond = special[String(number)];  // keyed by the printed number
      const isFinish = finish != null && number === finish;
      const count = h('span', { class: 'cell-count', 'data-testid': 'cell-count' });
      items.push(h('div', {
        class: `cell${cond ? ' special' : ''}${i === 0 ? ' start' : ''}${isFinish ? ' finish' : ''}`,
        'data-cell': number, 'data-condition': cond || null,
        style: { gridRow: row + 1, gridColumn: col + 1 },
        title: cond ? t(`condition.${cond}`) : null,
      },
      h('span', { class: 'cell-strip' },
        h('span', { class: 'cell-number', text: String(number) }), count,
        isFinish ? h('span', { class: 'cell-finish' }, icon('flag')) : null,
        cond ? h('span', { class: 'cell-icon' }, conditionIcon(cond)) : null)));
    }
    // the cells as they were laid out are kept where they show the same (tv.js lays a lobby's board out ahead:
    // the game's special cells and finish then change a few of them, not the 40)
    patch(cells, items);
    counts.clear();
    const shown = cells.querySelectorAll('.cell-count');
    for (let i = 0; i < shown.length; i++) counts.set(i, shown[i]);
    geom = { cols, rows, length, w: 0, h: 0 };
  }

  /** Lays the track out for game view `g` (its board, mode and settings), unless it already is. */
  function lay(g) {
    const b = g.board || { length: 40 };
    const settings = g.settings || {};
    // The duel's finish (D9): its race is 20 cells whatever the board, else the short game's cell.
    const race = modeOf(g).finish;
    const finish = race ? (b.first_number || 0) + race : (settings.short_game != null ? settings.short_game : null);
    const length = race ? Math.min(b.length || 40, race + 1) : (b.length || 40);
    const specialOn = specialCellsApply(settings, b);   // kids with two or more children: the adult has no elephant
    const key = JSON.stringify([b, finish, specialOn, length, document.documentElement.lang]);
    if (key !== boardKey) { layout(b, finish, specialOn, length); boardKey = key; }
    return { b, race };
  }

  // The track's size in stage px, read once a layout (never per elephant): the stage is 1920×1080 always.
  function measure() {
    if (!geom.w) { geom.w = track.clientWidth; geom.h = track.clientHeight; }
    return geom;
  }

  function update(ctx) {
    const g = ctx.game;
    const { b, race } = lay(g);
    // Index along the track from the printed cell (Dixit keeps scores past 30 on the last cell, D12).
    // Duel: past the finish shows at it (D9).
    const cellOf = (e) => (race ? Math.min(e.distance, race) : (e.cell - (b.first_number || 0) + geom.length) % geom.length);
    const perCell = new Map();
    for (const e of g.elephants || []) perCell.set(cellOf(e), (perCell.get(cellOf(e)) || 0) + 1);
    for (const [i, c] of counts) setText(c, perCell.get(i) > 1 ? `×${perCell.get(i)}` : '');
    const { cols, rows, w, h: height } = measure();
    const cw = (w - (cols - 1) * GAP) / cols;
    const ch = (height - (rows - 1) * GAP) / rows;
    const size = Math.max(24, Math.min(56, ch - STRIP - 4, cw - 8));
    const onCell = new Map();
    const seen = new Set();
    const names = JSON.stringify(ctx.room.roster);
    for (const e of g.elephants || []) {
      seen.add(e.id);
      let tok = tokens.get(e.id);
      if (!tok) {
        tok = h('div', { class: 'board-elephant', 'data-elephant': e.id });
        tokens.set(e.id, tok);
        layer.append(tok);
      }
      const cell = cellOf(e);
      const n = onCell.get(cell) || 0;
      onCell.set(cell, n + 1);
      const chip = perCell.get(cell) >= CROWD && initialsOf(ctx.room, e) !== '';
      patchIf(tok, names + JSON.stringify([e.id, e.seats, e.lap, size, chip]), () => [
        chip ? crowdToken(ctx.room, e, size) : pieceToken(ctx.room, e, size),
        e.lap > 0 ? h('span', { class: 'lap-badge', text: t('lap_short', { n: e.lap }) }) : null]);
      const [row, col] = place(cell, cols);
      // the cell's elephants below its strip (crowd()), centred on that part of the cell
      const stand = crowd(perCell.get(cell), n, cw - 6, ch - STRIP - 2, size,
        perCell.get(cell) >= CROWD ? CHIP_LETTER : ELEPHANT_LETTER);
      const x = col * (cw + GAP) + cw / 2 + stand.x - size / 2;
      const y = row * (ch + GAP) + STRIP + (ch - STRIP) / 2 + stand.y - size / 2;
      const transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px) scale(${stand.scale.toFixed(3)})`;
      if (tok.placed !== transform) { tok.placed = transform; tok.style.transform = transform; }
      tok.style.zIndex = String(2 + stand.z);
      tok.classList.toggle('storyteller', g.phase !== 'game_over' && (e.seats || [e.id]).includes(g.storyteller));
      tok.classList.toggle('gone', isGone(g, e));   // removed: faded, as the standings strike it through
    }
    for (const [id, tok] of tokens) if (!seen.has(id)) { tok.remove(); tokens.delete(id); }
  }
  return { el, update, lay };
}

/** An elephant on a crowded cell: a disc in its colour with its initials large, named as its token is. */
function crowdToken(room, e, size) {
  const letters = initialsOf(room, e);
  return tokenDisc(elephantColour(room, e), size, elephantName(room, e), ` crowd-chip${letters.length > 1 ? ' two' : ''}`,
    h('span', { class: 'token-initials', text: letters }));
}

/**
 * Where the n-th (from 0) of k elephants on one cell stands, in the w × hgt px under its strip, for tokens drawn
 * `size` px whose initials lie at `letter` ({ end, top }): { x, y } its centre from that area's centre, `scale`
 * for the token, `z` its order (higher in front). One row, each in front of its left neighbour and no nearer
 * than the end of that one's initials; a crowd that row would shrink more stands in two staggered rows, the
 * upper in front and no lower than the top of the initials behind it. So every initial shows whole (only a
 * body, a leg or a disc's rim is behind another), and none reaches the strip's number or icon.
 */
function crowd(k, n, w, hgt, size, letter) {
  if (k < 2) return { x: 0, y: 0, scale: 1, z: 0 };
  // the largest token each way allows: in one row of k, or two rows (the lower half a step to the right)
  const oneRow = Math.min(hgt, (w - (k - 1) * CLEAR) / (1 + (k - 1) * letter.end));
  const upper = Math.ceil(k / 2);
  const steps = upper - 1 + (k - upper === upper ? 0.5 : 0);   // pitches across the two rows' width
  const twoRows = Math.min((hgt - CLEAR) / (2 - letter.top), (w - steps * CLEAR) / (1 + steps * letter.end));
  const s = Math.min(size, Math.max(oneRow, twoRows));
  const scale = s / size;
  if (oneRow >= Math.min(size, twoRows)) {
    const pitch = Math.min(s + CLEAR, (w - s) / (k - 1));
    return { x: (n - (k - 1) / 2) * pitch, y: 0, scale, z: n };
  }
  const pitch = Math.min(s + CLEAR, (w - s) / steps);
  const drop = Math.min(s, hgt - s);            // the lower row's top below the upper's
  const left = -(s + steps * pitch) / 2 + s / 2;  // the first upper token's centre
  const lower = k - upper;
  // the lower row first (behind), then the upper row
  if (n < lower) return { x: left + pitch / 2 + n * pitch, y: drop / 2, scale, z: n };
  return { x: left + (n - lower) * pitch, y: -drop / 2, scale, z: n };
}

/** Row and column of cell i on a serpentine track of `cols` columns. */
function place(i, cols) {
  const row = Math.floor(i / cols);
  const c = i % cols;
  return [row, row % 2 === 0 ? c : cols - 1 - c];
}
