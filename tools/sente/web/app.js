// The Sente position browser: choose a game, see every move's value on the
// board, play against perfect play. Talks to `sente serve`'s JSON API only
// (docs/web.md); the board comes from the game's generic view (board.js).

import { drawBoard, shortValue, valueClass } from './board.js';

const $ = (id) => document.getElementById(id);

const state = {
  games: [],
  info: null,        // the chosen game's GameInfo
  options: {},       // the options of the current game
  history: [],       // position texts; '' is the start
  last: [],          // for each history entry, the moves of the turn that reached it (or null)
  index: -1,         // the position shown
  cache: new Map(),  // position text -> analysis, for this game and options
  analysis: null,
  selected: null,    // the group of targets shown (a piece, a coin)
  busy: false,
  generation: 0,     // bumped by each new game: answers for an older one are dropped
  lastHash: '',      // the address this page wrote last
};

function setBusy(busy, text) {
  state.busy = busy;
  document.body.dataset.state = busy ? 'busy' : 'ready';
  $('status').textContent = text || (busy ? 'thinking…' : 'ready');
  for (const id of ['undo', 'redo', 'computer-move', 'new-game', 'load-position'])
    $(id).disabled = busy;
  if (!busy) updateButtons();
}

function showError(message) {
  $('error').hidden = !message;
  $('error').textContent = message || '';
  if (message) document.body.dataset.error = message; else delete document.body.dataset.error;
}

// POSTs `body` to `path`; shows the solve's progress while it runs.
async function call(path, body) {
  const request = Math.random().toString(36).slice(2, 12);
  let finished = false;
  const poll = async () => {
    await new Promise((r) => setTimeout(r, 400));
    while (!finished) {
      try {
        const r = await fetch(`/api/progress?request=${request}`);
        if (r.ok) {
          const p = await r.json();
          if (p.total > 0 && !finished) {
            $('progress').hidden = false;
            const pct = (100 * p.done) / p.total;
            $('progress-bar').style.width = `${pct}%`;
            $('progress-text').textContent = `solving: ${pct.toFixed(1)} %`;
          }
        }
      } catch (e) { /* the answer will tell */ }
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  poll();
  try {
    // Past the server's time limit the solve goes on (503 with Retry-After):
    // ask again, showing the first request's progress, until it is done.
    for (let attempt = 0; ; ++attempt) {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, request: attempt ? `${request}-${attempt}` : request }),
      });
      let data;
      try { data = await response.json(); } catch (e) { data = { error: `HTTP ${response.status}` }; }
      const retry = Number(response.headers.get('Retry-After') || 0);
      if (response.status === 503 && retry > 0 && /goes on/.test(data.error || '') && attempt < 360) {
        $('status').textContent = 'still solving (a large game: its tables are kept once solved)…';
        await new Promise((r) => setTimeout(r, 1000 * Math.min(retry, 5)));
        continue;
      }
      if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
      return data;
    }
  } finally {
    finished = true;
    $('progress').hidden = true;
  }
}

// The options sent with a position: all of them with the position the game
// started from; without who moves (role side-to-move) for the positions the
// server gave back, whose text says it (a --to-move beside it would have to
// agree with every later position's side).
function gameRequest(extra) {
  let options = state.options;
  if (extra.position !== undefined && extra.position !== state.setupPosition) {
    const side = new Set(state.info.options.filter((o) => o.role === 'side-to-move').map((o) => o.name));
    options = Object.fromEntries(Object.entries(options).filter(([k]) => !side.has(k)));
  }
  return { game: state.info.name, options, ...extra };
}

// --- the address: #game=NAME&o.KEY=VALUE...&p=POSITION ---------------------
function writeHash() {
  const params = new URLSearchParams();
  params.set('game', state.info.name);
  const p = state.history[state.index] || '';
  // A position the server gave back says who moves: no side-to-move option
  // beside it (gameRequest).
  for (const [k, v] of Object.entries(gameRequest({ position: p }).options)) params.set(`o.${k}`, v);
  if (p) params.set('p', p);
  history.replaceState(null, '', '#' + params.toString());
  state.lastHash = location.hash;
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const options = {};
  for (const [k, v] of params) if (k.startsWith('o.') && k.length > 2) options[k.slice(2)] = v;
  return { game: params.get('game'), options, position: params.get('p') || '' };
}

// --- the setup form ---------------------------------------------------------
// One field per option of the game's schema (/api/games: type, values, min,
// max, default) that a position command takes and the server accepts: enums
// and switches as menus, numbers with their range, the rest as text. Engine
// options go in the KEY=VALUE field.
function formOptions(info) {
  return info.options.filter((o) => o.scope === 'game' && o.role !== 'file');
}

function optionField(o, value) {
  let field;
  if (o.type === 'enum' || o.type === 'switch') {
    field = document.createElement('select');
    field.add(new Option(o.default ? `(${o.default})` : '(default)', ''));
    for (const v of o.type === 'enum' ? o.values : ['on', 'off']) field.add(new Option(v, v));
  } else {
    field = document.createElement('input');
    if (o.type === 'integer') {
      field.type = 'number';
      field.min = o.min;
      field.max = o.max;
    }
    field.size = o.type === 'size' || o.type === 'integer' ? 8 : 14;
    field.placeholder = o.default || 'default';
  }
  field.id = `opt-${o.name}`;
  field.dataset.option = o.name;
  field.value = value || '';
  const label = document.createElement('label');
  label.title = o.description;
  label.append(`${o.name} `, field);
  return label;
}

function fillSetup(info, options) {
  const own = formOptions(info);
  $('game-options').replaceChildren(...own.map((o) => optionField(o, options[o.name])));
  const engine = $('engine');
  engine.replaceChildren(new Option('(default)', ''));
  for (const e of info.engines) {
    const o = new Option(e.name, e.name);
    o.title = e.description;
    engine.add(o);
  }
  engine.value = options.engine || '';
  const named = new Set(['engine', ...own.map((o) => o.name)]);
  $('options').value = Object.entries(options)
    .filter(([k]) => !named.has(k))
    .map(([k, v]) => `${k}=${v}`).join(' ');
}

function readSetup() {
  const options = {};
  for (const field of $('game-options').querySelectorAll('[data-option]'))
    if (field.value.trim()) options[field.dataset.option] = field.value.trim();
  if ($('engine').value) options.engine = $('engine').value;
  // KEY=VALUE pairs; a value runs to the next blank-separated KEY= (so a
  // graph such as graph=s a; a t needs no quotes).
  const text = $('options').value.trim();
  if (text && !/^[\w.-]+=/.test(text)) throw new Error(`options '${text}': write KEY=VALUE`);
  for (const m of text.matchAll(/([\w.-]+)=(.*?)(?=\s+[\w.-]+=|$)/g)) options[m[1]] = m[2].trim();
  return options;
}

// --- showing a position -----------------------------------------------------
// Who won, in words: the outcome for the side to move at the end, and, after
// a game against the computer, whether that was you.
function gameOverText(a) {
  const who = a.to_move || 'the player to move';
  let outcome, moverLost = null;
  if (a.value_kind === 'win-loss') {
    moverLost = a.value < 0;
    outcome = a.value === 0 ? 'a draw' : `${who} ${a.value < 0 ? 'loses' : 'wins'}`;
  } else if (a.value_kind === 'nimber') {
    moverLost = a.value === 0;
    outcome = `${who} ${moverLost ? 'loses' : 'wins'}`;
  } else {
    outcome = `final value ${a.value_text} (${a.value_meaning})`;
  }
  let you = '';
  const draw = a.value_kind === 'win-loss' && a.value === 0;
  if (moverLost !== null && !draw && state.lastBy)
    you = (moverLost === (state.lastBy === 'computer')) ? ': the computer wins' : ': you win';
  return `Game over: ${outcome}${you}.`;
}

function show(a) {
  state.analysis = a;
  $('to-move').textContent = a.to_move ? `${a.to_move} to move` : '';
  $('value').textContent = $('hints').checked || a.moves.length === 0 ? a.value_text : '—';
  $('value').dataset.value = a.value;
  $('summary').textContent = $('hints').checked ? a.summary : `${a.moves.length} legal moves`;
  $('meaning').textContent = a.value_meaning;
  $('position').value = a.position;
  const over = a.moves.length === 0;
  $('game-over').hidden = !over;
  $('game-over').textContent = over ? gameOverText(a) : '';
  document.body.dataset.over = over ? 'yes' : 'no';
  const hints = $('hints').checked;
  if (a.view && a.view.width > 0) {
    $('board-svg').style.display = '';
    $('board-text').hidden = true;
    drawBoard($('board-svg'), a, {
      hints,
      selected: state.selected,
      last: state.last[state.index] || [],
      onMove: (m) => humanMove(m),
      onSelect: (g) => { state.selected = state.selected === g ? null : g; show(state.analysis); },
    });
  } else {  // a game without a view: its text board, moves from the list
    $('board-svg').style.display = 'none';
    $('board-text').hidden = false;
    $('board-text').textContent = hints ? a.diagram || a.board : a.board || a.diagram;
  }
  const body = $('moves').tBodies[0];
  body.replaceChildren();
  for (const m of a.moves) {
    const tr = body.insertRow();
    tr.className = hints ? valueClass(m) : '';
    tr.dataset.move = m.move;
    tr.insertCell().textContent = m.move + (m.best && hints ? ' ★' : '');
    tr.insertCell().textContent = hints ? m.value_text : '';
    tr.insertCell().textContent = hints && m.depth !== undefined ? m.depth : '';
    tr.title = hints ? shortValue(m) : '';
    tr.addEventListener('click', () => humanMove(m.move));
  }
  $('engine-detail').textContent = `${a.engine}: ${a.engine_detail}`;
  const stats = $('stats').tBodies[0];
  stats.replaceChildren();
  for (const s of a.stats) {
    const tr = stats.insertRow();
    tr.insertCell().textContent = s.name.replaceAll('_', ' ');
    const v = Number.isInteger(s.value) ? s.value.toLocaleString('en') : s.value.toPrecision(4);
    tr.insertCell().textContent = `${v} ${s.unit}`;
  }
  $('certificate-box').hidden = a.certificate.length === 0;
  $('certificate').replaceChildren(...a.certificate.map((c) => {
    const li = document.createElement('li');
    li.textContent = `${c.name}: ${c.description}`;
    return li;
  }));
  updateButtons();
}

function updateButtons() {
  $('undo').disabled = state.busy || state.index <= 0;
  $('redo').disabled = state.busy || state.index >= state.history.length - 1;
  $('computer-move').disabled = state.busy || !state.analysis || state.analysis.moves.length === 0;
}

// Shows analysis `a`, pushing its position after the shown one when `push`;
// `last`: the moves of the turn that reached it (marked on the board).
function arrive(a, push, last = null) {
  showError('');
  $('status').textContent = 'ready';
  state.cache.set(a.position, a);
  state.selected = null;
  if (push) {
    state.history = state.history.slice(0, state.index + 1);
    state.last = state.last.slice(0, state.index + 1);
    state.history.push(a.position);
    state.last.push(last);
    state.index = state.history.length - 1;
  }
  show(a);
  writeHash();
}

async function analyze(position, push) {
  state.lastBy = null;  // a position gone to, not played: nobody just moved
  if (state.cache.has(position)) return arrive(state.cache.get(position), push);
  setBusy(true);
  showError('');
  const generation = state.generation;
  try {
    const data = await call('/api/analyze', gameRequest({ position }));
    if (generation !== state.generation) return;  // another game was chosen meanwhile
    arrive(data.analysis, push);
    setBusy(false, `ready (${data.session === 'new' ? 'solved' : 'tables kept'} in ${data.seconds.toFixed(2)} s)`);
  } catch (e) {
    if (generation !== state.generation) return;
    showError(e.message);
    setBusy(false, 'error');
    if (!state.analysis) clearBoard();  // a game that did not start: no stale board
  }
}

async function play(move) {
  if (state.busy || !state.analysis) return;
  setBusy(true);
  showError('');
  try {
    const body = { position: state.analysis.position };
    if (move !== undefined) { body.move = move; body.reply = $('auto-reply').checked; }
    const generation = state.generation;
    const data = await call('/api/play', gameRequest(body));
    if (generation !== state.generation) return;
    const computer = data.played.filter((p) => p.by === 'computer').map((p) => p.move);
    state.lastBy = data.played.length ? data.played[data.played.length - 1].by : null;
    // The last turn: the trailing moves by whoever moved last (the computer's
    // reply, a Dots-and-Boxes chain and the line after it, or your move).
    let first = data.played.length;
    while (first > 0 && data.played[first - 1].by === state.lastBy) first -= 1;
    arrive(data.analysis, true, data.played.slice(first));
    setBusy(false, computer.length ? `computer played ${computer.join(', ')}` : 'ready');
  } catch (e) {
    showError(e.message);
    setBusy(false, 'error');
  }
}

const humanMove = (move) => play(move);

function clearBoard() {
  const svg = $('board-svg');
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  $('board-text').textContent = '';
  $('moves').tBodies[0].replaceChildren();
  for (const id of ['to-move', 'value', 'summary', 'meaning']) $(id).textContent = '';
  $('game-over').hidden = true;
  updateButtons();
}

async function newGame(info, options, position) {
  state.generation += 1;
  state.info = info;
  state.options = options;
  state.setupPosition = position || '';
  state.history = [];
  state.last = [];
  state.index = -1;
  state.cache = new Map();
  state.analysis = null;
  fillSetup(info, options);
  clearBoard();
  setBusy(false);
  await analyze(position || '', true);
}

async function main() {
  setBusy(true, 'loading games…');
  try {
    const r = await fetch('/api/games');
    state.games = (await r.json()).games;
  } catch (e) {
    showError(`cannot reach the server: ${e.message}`);
    return;
  }
  const select = $('game');
  for (const g of state.games) select.add(new Option(g.title, g.name));
  setBusy(false);
  const wanted = readHash();
  const info = state.games.find((g) => g.name === wanted.game) ||
               state.games.find((g) => g.name === 'tic-tac-toe') || state.games[0];
  const unknown = wanted.game && info.name !== wanted.game;
  select.value = info.name;
  // Choosing a game fills the form; New game starts it, so a smaller board
  // can be set first (a game's default board may take minutes).
  select.addEventListener('change', () => {
    const g = state.games.find((x) => x.name === select.value);
    fillSetup(g, {});
    $('status').textContent = `${g.title}: choose the board and options, then New game`;
  });
  // An address edited or pasted into this tab.
  window.addEventListener('hashchange', () => {
    if (location.hash === state.lastHash) return;
    const w = readHash();
    const g = state.games.find((x) => x.name === w.game);
    if (!g) return showError(`no game '${w.game}' on this server`);
    select.value = g.name;
    newGame(g, w.options, w.position);
  });
  $('setup').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const g = state.games.find((x) => x.name === select.value);
    try { newGame(g, readSetup(), ''); } catch (e) { showError(e.message); }
  });
  $('undo').addEventListener('click', () => {
    if (state.index > 0) { state.index -= 1; analyze(state.history[state.index], false); }
  });
  $('redo').addEventListener('click', () => {
    if (state.index < state.history.length - 1) { state.index += 1; analyze(state.history[state.index], false); }
  });
  $('computer-move').addEventListener('click', () => play(undefined));
  // A click on the board off every target and handle clears the selection.
  $('board-svg').addEventListener('click', () => {
    if (state.selected !== null && state.analysis) { state.selected = null; show(state.analysis); }
  });
  $('hints').addEventListener('change', () => state.analysis && show(state.analysis));
  $('load-position').addEventListener('click', () => analyze($('position').value, true));
  document.addEventListener('keydown', (ev) => {
    if (ev.target.tagName === 'INPUT' || ev.target.tagName === 'TEXTAREA') return;
    if (ev.key === 'ArrowLeft') $('undo').click();
    if (ev.key === 'ArrowRight') $('redo').click();
  });
  await newGame(info, unknown ? {} : wanted.options, unknown ? '' : wanted.position);
  if (unknown) showError(`no game '${wanted.game}' on this server: showing ${info.title}`);
}

main();
