// Draws a BoardView (the plugin interface's generic board: shapes in board
// units, some of them move targets) as SVG, with each move's value on it.
// Knows no game: everything comes from the view and the analysis.

const SVG = 'http://www.w3.org/2000/svg';

// Short text of a move's value for the board: W5 / L4 / D (win-loss, plies
// to the end), +3 (score), *2 (nimber), ? (unresolved).
export function shortValue(m) {
  if (!m.resolved) return '?';
  if (m.value_kind === 'win-loss') {
    const letter = m.value > 0 ? 'W' : m.value < 0 ? 'L' : 'D';
    return m.value !== 0 && m.depth !== undefined ? letter + m.depth : letter;
  }
  return m.value_text;
}

// The colour class of a move: win / draw / loss for the player to move. A
// score (a final difference, the same sign whoever moves): an even one (0)
// is a draw, neutral; else keeping the best value or not.
export function valueClass(m) {
  if (!m.resolved) return 'unknown';
  if (m.value_kind === 'nimber') return m.value === 0 ? 'win' : 'loss';
  if (m.value_kind === 'win-loss') return m.value > 0 ? 'win' : m.value < 0 ? 'loss' : 'draw';
  if (m.value === 0) return 'draw';
  return m.best ? 'win' : 'loss';
}

function centre(shape) {
  const a = shape.at;
  switch (shape.kind) {
    case 'rect': return [a[0] + a[2] / 2, a[1] + a[3] / 2];
    case 'circle': case 'text': return [a[0], a[1]];
    case 'line': return [(a[0] + a[2]) / 2, (a[1] + a[3]) / 2];
    default: {
      let x = 0, y = 0;
      const n = Math.floor(a.length / 2);
      for (let i = 0; i < n; ++i) { x += a[2 * i]; y += a[2 * i + 1]; }
      return n ? [x / n, y / n] : [0, 0];
    }
  }
}

function element(shape) {
  const a = shape.at;
  let e;
  switch (shape.kind) {
    case 'rect':
      e = document.createElementNS(SVG, 'rect');
      e.setAttribute('x', a[0]); e.setAttribute('y', a[1]);
      e.setAttribute('width', a[2]); e.setAttribute('height', a[3]);
      return e;
    case 'circle':
      e = document.createElementNS(SVG, 'circle');
      e.setAttribute('cx', a[0]); e.setAttribute('cy', a[1]); e.setAttribute('r', a[2]);
      return e;
    case 'line':
      e = document.createElementNS(SVG, 'line');
      e.setAttribute('x1', a[0]); e.setAttribute('y1', a[1]);
      e.setAttribute('x2', a[2]); e.setAttribute('y2', a[3]);
      return e;
    case 'polygon': case 'polyline': {
      e = document.createElementNS(SVG, shape.kind);
      const points = [];
      for (let i = 0; i + 1 < a.length; i += 2) points.push(a[i] + ',' + a[i + 1]);
      e.setAttribute('points', points.join(' '));
      return e;
    }
    case 'text':
      return null;  // drawn as a label below
    default:
      return null;
  }
}

function label(x, y, text, cls, size) {
  const t = document.createElementNS(SVG, 'text');
  t.setAttribute('x', x); t.setAttribute('y', y);
  t.setAttribute('class', cls);
  t.setAttribute('text-anchor', 'middle');
  t.setAttribute('dominant-baseline', 'central');
  if (size) t.setAttribute('font-size', size);
  t.textContent = text;
  return t;
}

// Text sizes in board units: a grid game's cell is one unit (board_view.hpp),
// so text follows the cell whatever the board's shape (a 1x8 board's labels
// are as tall as a square board's). Capped in pixels where cells are large.
const VALUE_SIZE = 0.28;
const LABEL_SIZE = 0.34;
const MAX_TEXT_PX = 40;

// Draws `analysis.view` into `svg`. `opts`: hints (show values), selected
// (the group shown), last (the moves just played, each {move, by, shapes}:
// its targets in the view it was played from, marked over this one),
// onMove(name), onSelect(group).
export function drawBoard(svg, analysis, opts) {
  const view = analysis.view;
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.setAttribute('viewBox', `0 0 ${view.width} ${view.height}`);
  const box = svg.getBoundingClientRect();
  const pxPerUnit = Math.min(box.width / view.width, box.height / view.height);
  const cap = pxPerUnit > 0 ? MAX_TEXT_PX / pxPerUnit : Infinity;
  const size = Math.min(VALUE_SIZE, cap);
  const labelSize = Math.min(LABEL_SIZE, cap);
  const moves = new Map(analysis.moves.map((m) => [m.move, m]));
  // A group's colour: its best move's.
  const groupBest = new Map();
  for (const s of view.shapes) {
    if (!s.move || !s.group || !moves.has(s.move)) continue;
    const m = moves.get(s.move);
    const rank = { win: 3, draw: 2, unknown: 1, loss: 0 }[valueClass(m)];
    if (!groupBest.has(s.group) || rank > groupBest.get(s.group)) groupBest.set(s.group, rank);
  }
  const labels = [];
  for (const s of view.shapes) {
    if (s.group && s.group !== opts.selected) continue;
    const e = element(s);
    const classes = (s.style || '').split(/\s+/).filter(Boolean);
    if (s.kind === 'text') {
      labels.push(label(s.at[0], s.at[1], s.text || '', ['label', ...classes].join(' '), labelSize));
      continue;
    }
    if (!e) continue;
    e.setAttribute('class', ['shape', s.kind, ...classes].join(' '));
    svg.appendChild(e);
    if (s.move && moves.has(s.move)) {
      const m = moves.get(s.move);
      const cls = opts.hints ? valueClass(m) : 'nohint';
      // The target: a fat transparent copy on top takes the clicks.
      const hit = element(s);
      hit.setAttribute('class', `target ${s.kind} ${cls}${m.best && opts.hints ? ' best' : ''}`);
      hit.dataset.move = m.move;
      hit.dataset.value = m.value_text;
      hit.dataset.short = shortValue(m);
      hit.dataset.valueClass = valueClass(m);
      const title = document.createElementNS(SVG, 'title');
      title.textContent = `${m.move}: ${m.value_text}${m.depth !== undefined ? ` in ${m.depth} plies` : ''}`;
      hit.appendChild(title);
      hit.addEventListener('click', (ev) => { ev.stopPropagation(); opts.onMove(m.move); });
      svg.appendChild(hit);
      if (opts.hints) {
        const [x, y] = centre(s);
        labels.push(label(x, y, shortValue(m), `value ${cls}`, size));
      }
    } else if (s.select) {
      e.classList.add('selectable');
      if (s.select === opts.selected) e.classList.add('selected');
      if (opts.hints && groupBest.has(s.select))
        e.classList.add(['loss', 'unknown', 'draw', 'win'][groupBest.get(s.select)] + '-group');
      e.dataset.select = s.select;
      e.addEventListener('click', (ev) => { ev.stopPropagation(); opts.onSelect(s.select); });
    }
    if (s.text) {
      const [x, y] = centre(s);
      labels.push(label(x, y, s.text, ['label', ...classes].join(' '), labelSize));
    }
  }
  // The last move: its targets from the position it was played from, drawn
  // over the board (under the labels) and taking no clicks.
  for (const played of opts.last || []) {
    for (const s of played.shapes || []) {
      const e = element(s);
      if (!e) continue;
      e.setAttribute('class', `last-move by-${played.by}`);
      e.dataset.lastMove = played.move;
      const title = document.createElementNS(SVG, 'title');
      title.textContent = `last move: ${played.move} (${played.by})`;
      e.appendChild(title);
      e.style.pointerEvents = 'none';
      svg.appendChild(e);
    }
  }
  for (const l of labels) { l.style.pointerEvents = 'none'; svg.appendChild(l); }
}
