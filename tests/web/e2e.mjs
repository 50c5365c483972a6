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
  { game: 'domineering', options: { board: '4x4' } },
  { game: 'cram', options: { board: '3x4' } },
  { game: 'turning-corners', options: { board: '3x3' } },
  { game: 'bridg-it', options: { board: '2x3' } },
  { game: 'shannon', options: { graph: 's a; a t; s b; b t; a b; a c; c t' } },
  { game: 'gobblet-gobblers', options: { pieces: '3', sizes: '2' } },  // a first-player win in 11
].filter((g) => !args.game || g.game === args.game);

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures += 1;
    console.log(`FAIL: ${what}`);
  }
  return ok;
}

// `sente analyze` on the same position, as the independent reference.
function cliAnalyze(game, options, position) {
  const argv = ['analyze', game, '--json', '-q'];
  for (const [k, v] of Object.entries(options)) argv.push('--set', `${k}=${v}`);
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
    await clickMove(page, move, s);
    await ready(page);
    const err = await page.textContent('#error');
    if (!check(!err, `${game}: error after ${move}: ${err}`)) break;
    s = await shown(page);
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
    const address = page.url();
    const other = await browser.newPage();
    await other.goto(address);
    await ready(other);
    check((await shown(other)).position === back.position, `${game}: the address does not restore ${back.position}`);
    await other.close();
    await page.click('#redo');
    await ready(page);
    check((await shown(page)).position === s.position, `${game}: redo did not return to the end`);
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
  // The computer moves first when asked.
  await page.goto(`${url}#game=tic-tac-toe`);
  await page.reload();
  await ready(page);
  await page.click('#computer-move');
  await ready(page);
  check((await shown(page)).rows.length === 8, 'computer move: eight moves left');
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
  const listed = (await (await fetch(`${url}api/games`)).json()).games.map((g) => g.name);
  if (!args.game)
    for (const name of listed)
      if (!games.some((g) => g.game === name)) games.push({ game: name, options: {}, view: false });
  for (const g of games) await playGame(browser, url, g);
  if (!args.game) await interface_checks(browser, url);
} catch (e) {
  failures += 1;
  console.log(`FAIL: ${e.stack || e}`);
} finally {
  if (browser) await browser.close();
  server.kill('SIGTERM');
}
console.log(failures ? `${failures} check(s) failed` : `passed; screenshots in ${out}`);
process.exit(failures ? 1 : 0);
