// End-to-end test of `sente serve` in Debian's headless Chromium, driven by
// playwright-core (no browser download: the system's /usr/bin/chromium).
//
// For each shipped game, on a small board: load the page, check every value
// it shows (the position's and each move's, on the board and in the list)
// against `sente analyze --json` on the same position, play to the end by
// clicking the board against the computer, save screenshots; plus undo/redo,
// the position in the address, hints off, a pasted position and an error.
//
//   node tests/web/e2e.mjs --sente build/release/bin/sente [--out DIR] [--game NAME]
//
// Exit 0: passed; 1: a check failed; 77: skipped (no Chromium, or the npm
// packages not installed: `npm ci` in tests/web), with the reason.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
const sente = args.sente || path.join(here, '../../build/release/bin/sente');
const out = args.out || path.join(here, 'screenshots');
const chromiumPath = process.env.SENTE_CHROMIUM || '/usr/bin/chromium';

function skip(why) {
  console.log(`SKIP: ${why}`);
  process.exit(77);
}

if (!existsSync(chromiumPath)) skip(`no Chromium at ${chromiumPath} (Debian: apt-get install chromium; or set SENTE_CHROMIUM)`);
let chromium;
try {
  ({ chromium } = await import(path.join(here, 'node_modules/playwright-core/index.mjs')));
} catch (e) {
  skip(`playwright-core is not installed: run \`npm ci\` in ${here} (${e.message.split('\n')[0]})`);
}

// The games and boards played: small enough to play out in seconds.
const games = [
  { game: 'tic-tac-toe', options: {} },
  { game: 'dots-and-boxes', options: { board: '2x2' } },
  { game: 'domineering', options: { board: '4x4', 'to-move': 'H' } },  // Horizontal first: undo, the address
  { game: 'cram', options: { board: '3x4' } },
  { game: 'turning-corners', options: { board: '3x3' } },
  { game: 'bridg-it', options: { board: '2x3', 'to-move': 'Blue' } },
  { game: 'shannon', options: { graph: 's a; a t; s b; b t; a b; a c; c t' } },
  { game: 'gobblet-gobblers', options: { pieces: '3', sizes: '2' } },  // a first-player win in 11
  { game: 'clobber', options: { board: '3x3' } },
  { game: 'toads-and-frogs', options: { board: 'TT..FF' } },
].filter((g) => !args.game || g.game === args.game);  // --game view: view_checks only

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures += 1;
    console.log(`FAIL: ${what}`);
  }
  return ok;
}

// `sente analyze` on the same position, as the independent reference.
// A position the page shows says who moves: the game's side-to-move option
// (sideOptions, from /api/games) goes only with the start.
const sideOptions = new Map();  // game -> names of its options whose role is side-to-move
function cliAnalyze(game, options, position) {
  const argv = ['analyze', game, '--json', '-q'];
  for (const [k, v] of Object.entries(options))
    if (!position || !(sideOptions.get(game) || []).includes(k)) argv.push('--set', `${k}=${v}`);
  if (position) argv.push('--', position);  // empty: the start
  return JSON.parse(execFileSync(sente, argv, { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

async function startServer() {
  const server = spawn(sente, ['serve', '--port', '0', '--json', '-q'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: server.stdout });
    rl.once('line', resolve);
    server.once('exit', (code) => reject(new Error(`sente serve exited with ${code}`)));
  });
  return { server, url: JSON.parse(line).url };
}

async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 120000 })
    .catch(async () => { throw new Error(`page not ready: ${await page.textContent('#status')} ${await page.textContent('#error')}`); });
}

// What the page shows: the position, its value, each move's value.
async function shown(page) {
  return page.evaluate(() => ({
    position: document.getElementById('position').value,
    value: document.getElementById('value').textContent,
    over: document.body.dataset.over === 'yes',
    rows: [...document.querySelectorAll('#moves tbody tr')].map((tr) => ({
      move: tr.dataset.move, value: tr.cells[1].textContent, depth: tr.cells[2].textContent })),
    targets: [...document.querySelectorAll('#board-svg [data-move]')].map((e) => ({
      move: e.dataset.move, value: e.dataset.value })),
    handles: [...document.querySelectorAll('#board-svg [data-select]')].map((e) => e.dataset.select),
    hasView: document.getElementById('board-svg').style.display !== 'none',
  }));
}

// The board's last-move marks: the move each marks and its geometry.
async function marks(page) {
  return page.evaluate(() => [...document.querySelectorAll('#board-svg .last-move')].map((e) => ({
    move: e.dataset.lastMove, tag: e.tagName,
    geometry: ['x', 'y', 'width', 'height', 'cx', 'cy', 'r', 'x1', 'y1', 'x2', 'y2', 'points']
      .map((a) => e.getAttribute(a)).join(' ') })));
}

// The geometry of move `move`'s target shapes on the board now (as marks()).
async function targetGeometry(page, move) {
  return page.evaluate((move) => [...document.querySelectorAll('#board-svg .target')]
    .filter((e) => e.dataset.move === move)
    .map((e) => ['x', 'y', 'width', 'height', 'cx', 'cy', 'r', 'x1', 'y1', 'x2', 'y2', 'points']
      .map((a) => e.getAttribute(a)).join(' ')), move);
}

// The moves of the last turn of an /api/play answer: the trailing moves by
// whoever moved last.
function lastTurn(played) {
  let first = played.length;
  while (first > 0 && played[first - 1].by === played[played.length - 1].by) first -= 1;
  return played.slice(first);
}

// Checks the marks shown after an /api/play answer `played`: exactly the
// last turn's moves are marked; a mark of the human's move `move` sits where
// its target was (`before`: its geometry before the click).
async function checkMarks(page, game, played, move, before) {
  const m = await marks(page);
  const want = lastTurn(played).map((p) => p.move);
  const got = [...new Set(m.map((x) => x.move))];
  check(JSON.stringify(got.sort()) === JSON.stringify([...want].sort()),
    `${game}: last move marked ${JSON.stringify(got)}, played ${JSON.stringify(want)}`);
  const mine = m.filter((x) => x.move === move).map((x) => x.geometry);
  if (want.includes(move))
    check(mine.length > 0 && mine.every((g) => before.includes(g)),
      `${game}: the mark of ${move} (${mine}) is not where its target was (${before})`);
  return m;
}

// Clicks move `move` (clickMove) and returns the /api/play answer's played[].
async function clickAndPlay(page, move, s) {
  const response = page.waitForResponse((r) => r.url().endsWith('/api/play'), { timeout: 120000 });
  await clickMove(page, move, s);
  const played = (await (await response).json()).played || [];
  await ready(page);
  return played;
}

function compareWithCli(game, options, s) {
  const ref = cliAnalyze(game, options, s.position);
  check(s.value === ref.value_text, `${game} ${JSON.stringify(s.position)}: value shown ${s.value}, sente analyze ${ref.value_text}`);
  const byMove = new Map(ref.moves.map((m) => [m.move, m]));
  check(s.rows.length === ref.moves.length, `${game}: ${s.rows.length} moves listed, sente analyze has ${ref.moves.length}`);
  for (const r of s.rows) {
    const m = byMove.get(r.move);
    if (!check(m, `${game}: the page lists ${r.move}, not a move of sente analyze`)) continue;
    check(r.value === m.value_text, `${game} ${r.move}: listed ${r.value}, sente analyze ${m.value_text}`);
    check(r.depth === (m.depth === undefined ? '' : String(m.depth)), `${game} ${r.move}: depth ${r.depth} vs ${m.depth}`);
  }
  for (const t of s.targets) {
    const m = byMove.get(t.move);
    if (check(m, `${game}: the board has a target for ${t.move}, not a move of sente analyze`))
      check(t.value === m.value_text, `${game} ${t.move}: board ${t.value}, sente analyze ${m.value_text}`);
  }
  return ref;
}

// The placed dominoes drawn (rect.domino): each over exactly two covered
// cells, next to each other; with `owned` (Domineering) p0 (V) when vertical
// and p1 (H) when horizontal, else (Cram) nobody's. Returns them.
async function checkDominoes(page, game, owned) {
  const found = await page.evaluate(() => {
    const box = (e) => ['x', 'y', 'width', 'height'].map((a) => Number(e.getAttribute(a)));
    const cells = [...document.querySelectorAll('#board-svg rect.cell, #board-svg rect.cell-used')]
      .map((e) => { const [x, y, w, h] = box(e); return { x: x + w / 2, y: y + h / 2, used: e.classList.contains('cell-used') }; });
    return [...document.querySelectorAll('#board-svg rect.domino')].map((e) => {
      const [x, y, w, h] = box(e);
      const under = cells.filter((c) => c.x > x && c.x < x + w && c.y > y && c.y < y + h);
      return { vertical: h > w, p0: e.classList.contains('p0'), p1: e.classList.contains('p1'),
        under: under.length, used: under.filter((c) => c.used).length,
        apart: under.length === 2 ? Math.hypot(under[0].x - under[1].x, under[0].y - under[1].y) : 0 };
    });
  });
  for (const d of found) {
    check(d.under === 2 && d.used === 2 && Math.abs(d.apart - 1) < 1e-6,
      `${game}: a domino over ${d.under} cells (${d.used} covered, ${d.apart} apart), not two neighbouring covered cells`);
    if (owned)
      check(d.p0 === d.vertical && d.p1 === !d.vertical,
        `${game}: a ${d.vertical ? 'vertical' : 'horizontal'} domino styled ${d.p0 ? 'p0' : ''}${d.p1 ? 'p1' : ''}, not ${d.vertical ? 'p0 (V)' : 'p1 (H)'}`);
    else check(!d.p0 && !d.p1, `${game}: an impartial game's domino has an owner`);
  }
  return found;
}

// The height in pixels of the board's text labels (row and column names).
async function labelHeights(page) {
  return page.evaluate(() => [...document.querySelectorAll('#board-svg text.label')]
    .map((t) => t.getBoundingClientRect().height));
}

// A game opened from the address, waited for.
async function open(browser, url, game, options, position) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const address = new URLSearchParams({ game });
  for (const [k, v] of Object.entries(options)) address.set(`o.${k}`, v);
  if (position) address.set('p', position);
  await page.goto(`${url}#${address}`);
  await ready(page);
  return page;
}

// Owner styles, the last-move mark and text sizes on narrow boards.
async function view_checks(browser, url) {
  // Positions that say how their dominoes lie, and ones that cannot.
  for (const [position, want] of [
    ['##..|....', [{ vertical: false, p1: true }]],
    ['#...|#...', [{ vertical: true, p0: true }]],
    ['.##.|.##.', []],  // two V side by side or two H stacked: not drawn
    ['#...|....', []],  // one cell blocked: no domino covers it alone
    ['##.#|##.#', [{ vertical: true, p0: true }]],
  ]) {
    const page = await open(browser, url, 'domineering', { board: '2x4' }, position);
    const found = await checkDominoes(page, `domineering ${position}`, true);
    check(found.length === want.length && want.every((w, i) => found[i].vertical === w.vertical),
      `domineering ${position}: dominoes drawn ${JSON.stringify(found)}, want ${JSON.stringify(want)}`);
    check((await marks(page)).length === 0, `domineering ${position}: a pasted position marks a last move`);
    await page.close();
  }
  // Domineering 2x10 played by hand (no replies): each placed domino drawn
  // in its owner's colour where its bar was, the last one marked.
  const page = await open(browser, url, 'domineering', { board: '2x10' });
  await page.uncheck('#auto-reply');
  const moves = ['a1-a2', 'c1-d1', 'f1-f2', 'h2-i2'];
  for (const [i, move] of moves.entries()) {
    const s = await shown(page);
    const before = await targetGeometry(page, move);
    check(before.length === 1, `domineering 2x10: no single target for ${move}`);
    const played = await clickAndPlay(page, move, s);
    check(played.length === 1 && played[0].by === 'human', `domineering 2x10: ${move} was answered`);
    await checkMarks(page, 'domineering 2x10', played, move, before);
    const found = await checkDominoes(page, 'domineering 2x10', true);
    check(found.length === i + 1, `domineering 2x10: ${found.length} dominoes drawn after ${i + 1} moves`);
    check(found.filter((d) => d.p0).length === Math.ceil((i + 1) / 2),
      `domineering 2x10: ${found.filter((d) => d.p0).length} of V's dominoes after ${i + 1} moves`);
  }
  // The computer's reply is marked too, with its own target's shape.
  await page.check('#auto-reply');
  const s = await shown(page);
  const move = s.rows.find((r) => r.move === 'j1-j2') ? 'j1-j2' : s.rows[0].move;
  const before = await targetGeometry(page, move);
  const played = await clickAndPlay(page, move, s);
  const m = await checkMarks(page, 'domineering 2x10', played, move, before);
  if (played.length > 1) check(m.length > 0 && m.every((x) => x.move !== move),
    `domineering 2x10: after the computer's reply the human's move is marked`);
  const heights = await labelHeights(page);
  check(heights.length > 0 && Math.min(...heights) >= 16,
    `domineering 2x10: labels ${Math.min(...heights).toFixed(1)} px high, want at least 16`);
  await page.screenshot({ path: path.join(out, 'domineering-2x10.png') });
  await page.close();
  // Cram 1x8: labels and values follow the cell, not the short side.
  const cram = await open(browser, url, 'cram', { board: '1x8' });
  const cramHeights = await labelHeights(cram);
  check(cramHeights.length > 0 && Math.min(...cramHeights) >= 16,
    `cram 1x8: labels ${Math.min(...cramHeights).toFixed(1)} px high, want at least 16`);
  const values = await cram.evaluate(() => [...document.querySelectorAll('#board-svg text.value')]
    .map((t) => t.getBoundingClientRect().height));
  check(values.length === 7 && Math.min(...values) >= 14,
    `cram 1x8: ${values.length} values, ${Math.min(...values).toFixed(1)} px high, want 7 at least 14`);
  const cs = await shown(cram);
  const cbefore = await targetGeometry(cram, cs.rows[0].move);
  const cplayed = await clickAndPlay(cram, cs.rows[0].move, cs);
  await checkMarks(cram, 'cram 1x8', cplayed, cs.rows[0].move, cbefore);
  await checkDominoes(cram, 'cram 1x8', false);
  await cram.screenshot({ path: path.join(out, 'cram-1x8.png') });
  await cram.close();
  // Dots and Boxes: a move keeping an even score (0) is neutral, not red.
  const dots = await open(browser, url, 'dots-and-boxes', { board: '2x2' }, 'ab ad da de');
  const zero = await dots.evaluate(() => {
    const loss = getComputedStyle(document.documentElement).getPropertyValue('--loss').trim();
    const rgb = (c) => { const d = document.createElement('div'); d.style.color = c; document.body.append(d);
      const v = getComputedStyle(d).color; d.remove(); return v; };
    const red = rgb(loss);
    return {
      targets: [...document.querySelectorAll('#board-svg .target')].filter((e) => e.dataset.value === '0')
        .map((e) => ({ cls: e.dataset.valueClass, red: getComputedStyle(e).stroke === red })),
      texts: [...document.querySelectorAll('#board-svg text.value')].filter((t) => t.textContent === '0')
        .map((t) => getComputedStyle(t).fill === red),
      rows: [...document.querySelectorAll('#moves tbody tr')].filter((tr) => tr.cells[1].textContent === '0')
        .map((tr) => ({ cls: tr.className, red: getComputedStyle(tr.cells[1]).color === red })),
    };
  });
  check(zero.targets.length === 4 && zero.texts.length === 4 && zero.rows.length === 4,
    `dots-and-boxes 2x2: ${zero.targets.length} targets, ${zero.texts.length} values, ${zero.rows.length} rows worth 0, want 4 each`);
  check(zero.targets.every((t) => t.cls === 'draw' && !t.red) && zero.texts.every((red) => !red) &&
        zero.rows.every((r) => r.cls === 'draw' && !r.red),
    `dots-and-boxes 2x2: a score of 0 drawn red or not neutral: ${JSON.stringify(zero)}`);
  await dots.screenshot({ path: path.join(out, 'dots-and-boxes-2x2-zero.png') });
  await dots.close();
}

// A selected group's targets may cover another handle's square: a click on
// the board's background clears the selection first.
async function clearSelection(page) {
  await page.evaluate(() => document.getElementById('board-svg')
    .dispatchEvent(new MouseEvent('click', { bubbles: true })));
}

// Clicks move `move` on the board: its target, or first the handle (piece,
// coin) whose group holds it.
async function clickMove(page, move, s) {
  const target = async () => page.$(`#board-svg [data-move=${JSON.stringify(move)}]`);
  if (!s.hasView) return page.click(`#moves tbody tr[data-move=${JSON.stringify(move)}]`);
  let t = await target();
  // Each handle once (a stack has several circles of one group).
  for (const h of new Set(s.handles)) {
    if (t) break;
    const handle = `#board-svg [data-select=${JSON.stringify(h)}]`;
    await clearSelection(page);
    await page.click(handle, { force: true });
    t = await target();
  }
  if (!check(t, `the board has no target for ${move}`)) {
    return page.click(`#moves tbody tr[data-move=${JSON.stringify(move)}]`);
  }
  // A horizontal or vertical line's box has no height or width (SVG boxes
  // leave out the stroke), which Playwright calls invisible: click its
  // centre, on the stroke, without that check.
  await t.click({ force: true });
}

// A small deterministic random choice, so runs are repeatable.
let seed = 12345;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

async function playGame(browser, url, { game, options, view = true }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const address = new URLSearchParams({ game });
  for (const [k, v] of Object.entries(options)) address.set(`o.${k}`, v);
  await page.goto(`${url}#${address}`);
  await ready(page);
  let s = await shown(page);
  check(s.hasView === view, `${game}: the page ${view ? 'draws no board view' : 'draws a view the game has not'}`);
  if (!view) check(await page.isVisible('#board-text'), `${game}: no text board for a game without a view`);
  const start = s.position;
  let plies = 0;
  const marked = [];  // the marks after each ply
  while (!s.over) {
    const ref = compareWithCli(game, options, s);
    if (plies === 2) {
      // With a piece or coin selected where moves take two clicks.
      const best = ref.moves.find((m) => m.best) || ref.moves[0];
      for (const h of new Set(s.handles)) {
        await clearSelection(page);
        await page.click(`#board-svg [data-select=${JSON.stringify(h)}]`, { force: true });
        if (await page.$(`#board-svg [data-move=${JSON.stringify(best.move)}]`)) break;
      }
      await page.screenshot({ path: path.join(out, `${game}.png`) });
      await clearSelection(page);
    }
    // Half the time a best move, else any; after 30 moves a losing one when
    // there is one, so a drawn cyclic game (small Gobblet) ends too.
    const best = ref.moves.filter((m) => m.best);
    const losing = ref.moves.filter((m) => m.value_kind === 'win-loss' && m.value < 0);
    const pool = plies >= 30 && losing.length ? losing : random() < 0.5 && best.length ? best : ref.moves;
    const move = pool[Math.floor(random() * pool.length)].move;
    const before = s.hasView ? await targetGeometry(page, move) : [];
    const played = await clickAndPlay(page, move, s);
    const err = await page.textContent('#error');
    if (!check(!err, `${game}: error after ${move}: ${err}`)) break;
    s = await shown(page);
    if (s.hasView) marked.push(await checkMarks(page, game, played, move, before));
    if (s.hasView && game === 'domineering') await checkDominoes(page, game, true);
    if (s.hasView && game === 'cram') await checkDominoes(page, game, false);
    plies += 1;
    if (!check(plies < 200, `${game}: not over after 200 moves`)) break;
  }
  compareWithCli(game, options, s);
  check(s.over && (await page.isVisible('#game-over')), `${game}: no game-over message`);
  await page.screenshot({ path: path.join(out, `${game}-end.png`) });
  // Undo goes back, redo forward, and the address holds the position.
  if (plies > 0) {
    await page.click('#undo');
    await ready(page);
    const back = await shown(page);
    check(back.position !== s.position, `${game}: undo did not change the position`);
    compareWithCli(game, options, back);
    if (s.hasView)
      check(JSON.stringify(await marks(page)) === JSON.stringify(plies > 1 ? marked[plies - 2] : []),
        `${game}: undo does not show the marks the position had`);
    const address = page.url();
    const other = await browser.newPage();
    await other.goto(address);
    await ready(other);
    check((await shown(other)).position === back.position, `${game}: the address does not restore ${back.position}`);
    await other.close();
    await page.click('#redo');
    await ready(page);
    check((await shown(page)).position === s.position, `${game}: redo did not return to the end`);
    if (s.hasView)
      check(JSON.stringify(await marks(page)) === JSON.stringify(marked[plies - 1]),
        `${game}: redo does not show the end's marks again`);
  }
  check(start !== s.position || plies === 0, `${game}: the position never changed`);
  check(errors.length === 0, `${game}: page errors: ${errors.join('; ')}`);
  console.log(`${game}: played ${plies} moves by clicks, every value shown matches sente analyze`);
  await page.close();
}

// Hints off hides the values; a pasted position is analysed; a malformed
// one shows the game's message and keeps the board.
async function interface_checks(browser, url) {
  const page = await browser.newPage();
  await page.goto(`${url}#game=tic-tac-toe`);
  await ready(page);
  check((await page.$$('#board-svg text.value')).length === 9, 'tic-tac-toe: nine values on the empty board');
  await page.uncheck('#hints');
  check((await page.$$('#board-svg text.value')).length === 0, 'hints off: values still drawn');
  await page.check('#hints');
  await page.click('summary:has-text("Position")');
  await page.fill('#position', 'XX.|OO.|...');
  await page.click('#load-position');
  await ready(page);
  const s = await shown(page);
  compareWithCli('tic-tac-toe', {}, s);
  check(s.value === 'win', `pasted XX.|OO.|...: X to move should win, shows ${s.value}`);
  await page.fill('#position', 'this is not tic-tac-toe');
  await page.click('#load-position');
  await ready(page);
  check((await page.textContent('#error')).length > 0, 'a malformed position shows no error');
  check((await shown(page)).value === 'win', 'after a malformed position the last board stays');
  await page.close();
  await form_checks(browser, url);
}

// The setup form is the game's option schema (/api/games): a menu for each
// enum and switch, a number field with its range for integers, a text field
// for sizes, each with its default; a value chosen there reaches the solve.
async function form_checks(browser, url) {
  const schema = (await (await fetch(`${url}api/games`)).json()).games;
  // Small boards and rules: the page solves what the address asks for.
  for (const [name, options] of [['domineering', { board: '2x2' }],
    ['gobblet-gobblers', { pieces: '1', sizes: '1' }], ['dots-and-boxes', { board: '1x1' }]]) {
    const page = await open(browser, url, name, options, '');
    const own = schema.find((g) => g.name === name).options
      .filter((o) => o.scope === 'game' && o.role !== 'file');
    for (const o of own) {
      const f = await page.$(`#opt-${o.name}`);
      check(f !== null, `${name}: the form has no field for option ${o.name}`);
      if (!f) continue;
      const tag = await f.evaluate((e) => e.tagName.toLowerCase());
      if (o.type === 'enum' || o.type === 'switch') {
        const values = await f.evaluate((e) => [...e.options].map((x) => x.value).filter((v) => v));
        const want = o.type === 'enum' ? o.values : ['on', 'off'];
        check(tag === 'select' && JSON.stringify(values) === JSON.stringify(want),
          `${name} ${o.name}: a menu of ${want.join('/')}, shows ${tag} ${values.join('/')}`);
      } else if (o.type === 'integer') {
        const [min, max] = await f.evaluate((e) => [e.min, e.max]);
        check(tag === 'input' && min === String(o.min) && max === String(o.max),
          `${name} ${o.name}: a number from ${o.min} to ${o.max}, shows ${min}..${max}`);
      } else {
        check(tag === 'input' && (await f.getAttribute('placeholder')) === (o.default || 'default'),
          `${name} ${o.name}: a text field showing its default ${o.default}`);
      }
    }
    check((await page.$$('#game-options [data-option]')).length === own.length,
      `${name}: the form has fields beyond the schema's options`);
    await page.close();
  }
  // A value set in the form is the one solved: Domineering 2x3 with H first.
  const page = await open(browser, url, 'domineering', { board: '2x2' }, '');
  await page.fill('#opt-board', '2x3');
  await page.selectOption('#opt-to-move', 'H');
  await page.click('#new-game');
  await ready(page);
  const s = await shown(page);
  check(s.position === '...|... H', `the form's board 2x3 and H to move: shows ${s.position}`);
  compareWithCli('domineering', { board: '2x3', 'to-move': 'H' }, s);
  await page.close();
}

async function computer_first(browser, url) {
  const page = await browser.newPage();
  // The computer moves first when asked.
  await page.goto(`${url}#game=tic-tac-toe`);
  await page.reload();
  await ready(page);
  await page.click('#computer-move');
  await ready(page);
  check((await shown(page)).rows.length === 8, 'computer move: eight moves left');
  await page.close();
}

// A game started with --to-move (role side-to-move) played by hand: the
// positions the server gives back say who moves, and the page does not send
// the start's to-move beside them (they would disagree after one move).
async function side_to_move_checks(browser, url) {
  for (const [game, options, moves] of [
    ['domineering', { board: '2x10', 'to-move': 'H' }, ['a1-b1', 'd1-d2', 'e2-f2']],
    ['bridg-it', { board: '2x3', 'to-move': 'Blue' }, null],
  ]) {
    const page = await open(browser, url, game, options);
    await page.uncheck('#auto-reply');
    for (let i = 0; i < 3; i += 1) {
      const s = await shown(page);
      const move = moves ? moves[i] : s.rows[0].move;
      await clickAndPlay(page, move, s);
      const err = await page.textContent('#error');
      check(!err, `${game} from ${JSON.stringify(options)}: error after ${move}: ${err}`);
      compareWithCli(game, options, await shown(page));
    }
    await page.click('#undo');
    await ready(page);
    check(!(await page.textContent('#error')), `${game}: error after undo`);
    const other = await browser.newPage();
    await other.goto(page.url());
    await ready(other);
    check(!(await other.textContent('#error')), `${game}: the address of a later position gives an error`);
    check((await shown(other)).position === (await shown(page)).position, `${game}: the address does not restore the position`);
    await other.close();
    await page.close();
  }
}

// The cgt engine chosen on the page: the position's canonical value and each
// option's (with its dominated or reversible note) shown as `sente analyze
// --engine cgt` gives them, after a move too.
async function cgt_checks(browser, url) {
  const options = { board: '3x3', engine: 'cgt' };
  const page = await open(browser, url, 'domineering', options);
  await page.uncheck('#auto-reply');
  let s = await shown(page);
  const ref = compareWithCli('domineering', options, s);
  check(ref.canonical === '+-1' && s.value.startsWith('+-1'),
    `domineering 3x3 with cgt: value shown ${s.value}, canonical ${ref.canonical}`);
  check(s.rows.some((r) => r.value.includes('reversible through') || r.value.includes('dominated by')),
    'domineering 3x3 with cgt: no option marked dominated or reversible');
  await clickAndPlay(page, s.rows[0].move, s);
  compareWithCli('domineering', options, await shown(page));
  await page.close();
}

mkdirSync(out, { recursive: true });
const { server, url } = await startServer();
let browser;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  // Games the server has beyond the shipped ones (a plugin on
  // SENTE_PLUGIN_PATH, e.g. the tests' toy game that draws no view): played
  // from the start with their text board and the list of moves.
  const infos = (await (await fetch(`${url}api/games`)).json()).games;
  for (const g of infos) sideOptions.set(g.name, g.options.filter((o) => o.role === 'side-to-move').map((o) => o.name));
  const listed = infos.map((g) => g.name);
  if (!args.game)
    for (const name of listed)
      if (!games.some((g) => g.game === name)) games.push({ game: name, options: {}, view: false });
  for (const g of games) await playGame(browser, url, g);
  if (!args.game) await interface_checks(browser, url);
  if (!args.game) await computer_first(browser, url);
  if (!args.game) await side_to_move_checks(browser, url);
  if (!args.game) await cgt_checks(browser, url);
  if (!args.game || args.game === 'view') await view_checks(browser, url);
} catch (e) {
  failures += 1;
  console.log(`FAIL: ${e.stack || e}`);
} finally {
  if (browser) await browser.close();
  server.kill('SIGTERM');
}
console.log(failures ? `${failures} check(s) failed` : `passed; screenshots in ${out}`);
process.exit(failures ? 1 : 0);
