// The board: a serpentine track of cells and every elephant on its cell (one element each, so CSS moves it).
import { modeOf } from '/static/shared/rules.js';
import { h, fill, setStyle } from '/static/shared/dom.js';
import { t } from '/static/shared/i18n.js';
import { pieceToken } from '/static/shared/pieces.js';
import { isGone } from '/static/shared/roster.js';
import { conditionIcon } from '/static/shared/conditions.js';
import { icon } from '/static/shared/icons.js';

// Where the n-th of k elephants on a cell sits (cell fractions) and its scale.
function stackPlace(n, k) {
  if (k <= 1) return { dx: 0, dy: 0.08, scale: 1 };
  const rows = Math.ceil(k / 2);
  const col = n % 2;
  const row = Math.floor(n / 2);
  return { dx: (col - 0.5) * 0.42, dy: 0.08 + (row - (rows - 1) / 2) * (0.62 / rows), scale: k > 4 ? 0.55 : 0.72 };
}

/** Builds the board; update(ctx) moves the elephants. */
export function create() {
  const cells = h('div', { class: 'cells' });
  const layer = h('div', { class: 'elephants' });
  const legend = h('div', { class: 'board-legend', 'data-testid': 'board-legend' });
  const el = h('footer', { class: 'board', 'data-testid': 'board' }, h('div', { class: 'track' }, cells, layer), legend);
  const tokens = new Map();  // elephant id → element
  let boardKey = null;
  let geom = null;

  function layout(b, finish, specialOn) {
    const length = b.length || 40;
    const rows = length > 48 ? 3 : 2;
    const cols = Math.ceil(length / rows);
    const special = specialOn ? (b.special || {}) : {};
    // Each condition on this board once, with its icon (RULES.md §3).
    const kinds = [...new Set(Object.values(special))];
    fill(legend, kinds.length ? [h('span', { class: 'legend-title', text: t('tv.legend') }),
      kinds.map((k) => h('span', { class: 'legend-item', 'data-condition': k },
        h('span', { class: 'legend-icon' }, conditionIcon(k)), t(`condition_short.${k}`)))] : null);
    legend.hidden = !kinds.length;
    setStyle(cells, { '--cols': cols, '--rows': rows });
    const items = [];
    for (let i = 0; i < length; i++) {
      const [row, col] = place(i, cols);
      const number = (b.first_number || 0) + i;
      const cond = special[String(number)];  // keyed by the printed number
      const isFinish = finish != null && number === finish;
      items.push(h('div', {
        class: `cell${cond ? ' special' : ''}${i === 0 ? ' start' : ''}${isFinish ? ' finish' : ''}`,
        'data-cell': number, 'data-condition': cond || null,
        style: { gridRow: row + 1, gridColumn: col + 1 },
        title: cond ? t(`condition.${cond}`) : null,
      },
      h('span', { class: 'cell-number', text: String(number) }),
      isFinish ? h('span', { class: 'cell-finish' }, icon('flag')) : null,
      cond ? h('span', { class: 'cell-icon' }, conditionIcon(cond)) : null));
    }
    fill(cells, items);
    geom = { cols, rows, length };
  }

  function update(ctx) {
    const g = ctx.game;
    const b = g.board || { length: 40 };
    const settings = g.settings || {};
    // The duel's finish (D9), else the short game's cell.
    const race = modeOf(g).finish;
    const finish = race ? (b.first_number || 0) + race : (settings.short_game != null ? settings.short_game : null);
    const specialOn = settings.special_cells !== false;
    const key = JSON.stringify([b, finish, specialOn]);
    if (key !== boardKey) { layout(b, finish, specialOn); boardKey = key; }
    const onCell = new Map();
    const perCell = new Map();
    // Index along the track from the printed cell (Dixit keeps scores past 30 on the last cell, D12).
    // Duel: past the finish shows at it (D9).
    const cellOf = (e) => (race && e.distance > race ? race : (e.cell - (b.first_number || 0) + geom.length) % geom.length);
    for (const e of g.elephants || []) perCell.set(cellOf(e), (perCell.get(cellOf(e)) || 0) + 1);
    const seen = new Set();
    for (const e of g.elephants || []) {
      seen.add(e.id);
      let tok = tokens.get(e.id);
      if (!tok) {
        tok = h('div', { class: 'board-elephant', 'data-elephant': e.id });
        tokens.set(e.id, tok);
        layer.append(tok);
      }
      fill(tok, pieceToken(ctx.room, e, 54),
        e.lap > 0 ? h('span', { class: 'lap-badge', text: t('lap_short', { n: e.lap }) }) : null);
      const cell = cellOf(e);
      const n = onCell.get(cell) || 0;
      onCell.set(cell, n + 1);
      const [row, col] = place(cell, geom.cols);
      const { dx, dy, scale } = stackPlace(n, perCell.get(cell));
      setStyle(tok, {
        left: `${((col + 0.5 + dx) / geom.cols) * 100}%`,
        top: `${((row + 0.5 + dy) / geom.rows) * 100}%`,
        '--scale': scale,
      });
      tok.classList.toggle('storyteller', g.phase !== 'game_over' && (e.seats || [e.id]).includes(g.storyteller));
      tok.classList.toggle('gone', isGone(g, e));   // removed: faded, as the standings strike it through
    }
    for (const [id, tok] of tokens) if (!seen.has(id)) { tok.remove(); tokens.delete(id); }
  }
  return { el, update };
}

/** Row and column of cell i on a serpentine track of `cols` columns. */
function place(i, cols) {
  const row = Math.floor(i / cols);
  const c = i % cols;
  return [row, row % 2 === 0 ? c : cols - 1 - c];
}
