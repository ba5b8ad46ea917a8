// The web playground in a real browser: Debian's chromium, headless, driven
// by playwright-core (tests/web/run.sh installs both). For each game of the
// web build, on the page opened from file://:
//   - a shipped level is solved by the native CLI (`puzzlelab GAME solve`),
//     and its certificate is played by real clicks on the canvas: each
//     move's cells (the r,c of formats.md) clicked where the page drew them,
//     the last cell again when the picks are still open (a Two Dots path);
//     after every move the page's move count must grow by one, and at the end
//     the page must show "solved" (the library's finish verdict);
//   - undo, then a hint: the page's worker solves, the hint's move is named
//     and drawn (the canvas's pixels change), and playing it is legal;
//   - a bad level pasted: the page shows the CLI's own message for the same
//     text (`puzzlelab GAME info` on a file, the place after the file name);
//   - the shipped certificate (or the CLI's) stepped to its end through the
//     page's Redo / step: the count of moves to step reaches 0, solved;
//     pasted and verified: "valid";
//   - Solve on the page (auto, in the worker, under a time limit): 'solved',
//     its certificate loaded, stepped to its end (solved) and accepted by
//     the CLI's verify;
//   - screenshots kept in OUT for a reviewer: each game's page after its
//     certificate was stepped to the end (GAME.png), with a hint drawn
//     (GAME-hint.png), with a reduction's board (GAME-reduction.png), and
//     the progress of the long solve (solve-progress.png).
// Once, first: a long solve (a generated 14 x 14 Clickomania board with six
// colours, which exact search does not finish for minutes) shows its
// progress and is cancelled; the page takes control back (and the replaced
// worker solves the games' levels after it).
// Every wait is for a state of the page, never for a fixed time.
// Usage: node browser.mjs SITE_DIR PUZZLELAB LEVELS_DIR OUT_DIR
import {chromium} from 'playwright-core';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [site, puzzlelab, levels, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node browser.mjs SITE_DIR PUZZLELAB LEVELS_DIR OUT_DIR');
  process.exit(2);
}
fs.mkdirSync(out, {recursive: true});
let ok = 0, bad = 0;
const T0 = Date.now();
let lap = T0;
const timing = (what) => { const t = Date.now(); console.log(`web: ${what}: ${((t - lap) / 1000).toFixed(1)} s`); lap = t; };
const check = (cond, what) => {
  if (cond) ok++;
  else {
    bad++;
    console.log('FAIL: ' + what);
  }
};

// The levels played, one per game, each with a short known solution.
const GAMES = [
  {game: 'clickomania', level: 'clickomania/small.level'},
  {game: 'buttons', level: 'buttons/lpcp-01.level'},
  {game: 'coins', level: 'coins/E-to-F.level'},
  {game: 'twodots', level: 'twodots/cycle.level'},
];
const BAD_LEVEL = {
  clickomania: 'rows: 2\ncols: 2\nboard:\nab\na?\n',
  buttons: 'rows: 2\ncols: 2\nboard:\nab\nax\nbogus: 1\n',
  coins: 'grid: hexagonal\n',
  twodots: 'moves: x\nboard:\nab\nab\n',
};

function cli(args) {
  try {
    return {code: 0, out: execFileSync(puzzlelab, args, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']})};
  } catch (e) {
    return {code: e.status, out: String(e.stdout || ''), err: String(e.stderr || '')};
  }
}
const movesOf = (text) => text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#') && l !== 'moves:' &&
  /^-?\d+,-?\d+/.test(l));

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.PL_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  viewport: {width: 1100, height: 1000},
  hasTouch: true,
  acceptDownloads: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = browser.pages()[0] || await browser.newPage();
const requests = [];
page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) requests.push(r.url()); });
page.on('pageerror', (e) => { bad++; console.log('FAIL: page error: ' + e.message); });
const url = 'file://' + path.resolve(site, 'index.html');
await page.goto(url);
await page.waitForSelector('body[data-ready=yes]', {timeout: 60000});
check(true, 'page ready');
timing('chromium started, page ready');
const board = () => page.evaluate(() => ({moves: Number(document.getElementById('board').dataset.moves),
  redo: Number(document.getElementById('board').dataset.redo), solved: document.body.dataset.solved,
  picks: P.state.picks.length, msg: document.getElementById('msg').textContent}));
const pixels = () => page.evaluate(() => { const c = document.getElementById('board');
  return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.filter((_, i) => i % 4 !== 3)).reduce((a, b) => (a * 31 + b) % 1000000007, 7); });

const solving = () => page.evaluate(() => ({solving: document.body.dataset.solving,
  status: document.getElementById('solve-result').dataset.status, text: document.getElementById('solve-result').textContent,
  progress: !document.getElementById('progress').hidden, time: document.getElementById('progress-time').textContent}));
const solveDone = () => page.waitForFunction(() => document.body.dataset.solving === 'no' &&
  document.getElementById('solve-result').dataset.status !== 'running', null, {timeout: 120000});

// The algorithm menu stays narrow; the chosen algorithm is described under it.
{
  await page.selectOption('#game', 'buttons');
  const w = await page.evaluate(() => document.getElementById('algorithm').getBoundingClientRect().width);
  check(w < 250, `the algorithm menu is narrow (${w} px)`);
  await page.selectOption('#algorithm', 'row');
  const about = await page.textContent('#alg-about');
  check(about.startsWith('Theorem 1 '), `the chosen algorithm is described: ${about}`);
  // a named algorithm outside its domain is refused with the CLI's reason
  // (it once ran anyway: greedy on lpcp-03 trapped the worker for good)
  await page.selectOption('#level', 'buttons/lpcp-03.level');
  await page.selectOption('#algorithm', 'greedy');
  await page.click('#solve-run');
  await page.waitForFunction(() => document.body.dataset.solving === 'no' &&
    document.getElementById('solve-result').dataset.status !== 'running', null, {timeout: 60000});
  const refused = await page.textContent('#solve-result');
  const cliRefusal = cli(['buttons', 'solve', path.join(levels, 'buttons/lpcp-03.level'), '--algorithm', 'greedy']);
  const reason = (cliRefusal.err || '').trim().replace(/^.*: /, '');
  check(cliRefusal.code === 2 && reason && refused === `error: algorithm 'greedy' does not apply to buttons/lpcp-03.level: ${reason}`,
        `a named algorithm that does not apply is refused as by the CLI: '${refused}' ('${reason}')`);
  await page.selectOption('#algorithm', '');
}

// A long solve, cancelled.
{
  await page.selectOption('#game', 'clickomania');
  await page.click('#generate summary');
  for (const [k, v] of Object.entries({rows: '14', cols: '14', colours: '6', seed: '7'})) {
    await page.fill(`#gen-options input[data-option=${k}]`, v);
  }
  await page.click('#gen-run');
  await page.click('#generate summary');
  await page.fill('#time-limit', '600');
  await page.click('#solve-run');
  await page.waitForFunction(() => document.body.dataset.solving === 'yes' &&
    /^[1-9]/.test(document.getElementById('progress-time').textContent), null, {timeout: 60000});
  let s = await solving();
  check(s.progress && s.status === 'running', `a long solve shows its progress (${s.time})`);
  await page.screenshot({path: path.join(out, 'solve-progress.png'), fullPage: true});
  await page.click('#solve-cancel');
  await page.waitForFunction(() => document.body.dataset.solving === 'no', null, {timeout: 10000});
  s = await solving();
  check(s.status === 'cancelled' && !s.progress && await page.isEnabled('#solve-run') && await page.isDisabled('#solve-cancel'),
        `Cancel stops the solve and gives control back (${s.status}: ${s.text})`);
  await page.fill('#time-limit', '30');
}
timing('the algorithm menu, a long solve cancelled');

// Clicks frame cell (r, c) where the page drew it.
// (The canvas is scrolled into view first: a large board may not fit.)
async function cellXY(r, c) {
  return page.evaluate(([r, c]) => {
    const d = JSON.parse(P.M.ccall('plw_cell_xy', 'string', ['number', 'number', 'number'], [P.sid, r, c]));
    const canvas = document.getElementById('board'), k0 = canvas.getBoundingClientRect().width / canvas.width;
    window.scrollTo(0, window.scrollY + canvas.getBoundingClientRect().top + d.y * k0 - window.innerHeight / 2);
    const rect = canvas.getBoundingClientRect(), k = rect.width / canvas.width;
    return {x: rect.left + d.x * k, y: rect.top + d.y * k};
  }, [r, c]);
}
async function clickCell(r, c) {
  const p = await cellXY(r, c);
  await page.mouse.click(p.x, p.y);
}

// Plays a move by one drag: pointer down on its first cell, through the
// others (Playwright's mouse moves in steps, as a hand does), up on the last.
async function playByDrag(move) {
  const before = (await board()).moves;
  const cells = move.split(/\s+/).map((t) => t.split(',').map(Number));
  let p = await cellXY(...cells[0]);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  for (const [r, c] of cells.slice(1)) {
    p = await cellXY(r, c);
    await page.mouse.move(p.x, p.y, {steps: 4});
  }
  await page.mouse.up();
  return (await board()).moves === before + 1;
}

async function playByClicks(move) {
  const before = (await board()).moves;
  const cells = move.split(/\s+/).map((t) => t.split(',').map(Number));
  for (const [r, c] of cells) {
    await clickCell(r, c);
    if ((await board()).moves > before) break;
  }
  let b = await board();
  if (b.moves === before && b.picks) { // the path is still open: its last dot again plays it
    const [r, c] = cells[cells.length - 1];
    await clickCell(r, c);
    b = await board();
  }
  return b.moves === before + 1;
}

for (const {game, level} of GAMES) {
  const file = path.join(levels, level);
  await page.selectOption('#game', game);
  await page.selectOption('#level', level);
  await page.click('#open-level');
  await page.waitForFunction((n) => document.getElementById('level-name').textContent.endsWith(n), level);
  // a solution from the native CLI, played by clicks
  const sol = cli([game, 'solve', file, '-o', '-']);
  check(sol.code === 0, `${game}: the CLI solves ${level}`);
  const moves = movesOf(sol.out);
  check(moves.length > 0, `${game}: a certificate with moves`);
  let played = 0;
  for (const m of moves) {
    if (await playByClicks(m)) played++;
    else {
      check(false, `${game}: move ${played + 1} (${m}) by clicks: ${(await board()).msg}`);
      break;
    }
  }
  check(played === moves.length, `${game}: all ${moves.length} moves played by clicks`);
  let b = await board();
  check(b.solved === 'yes' && await page.isVisible('#solved'), `${game}: the page shows solved after the clicks`);

  // Download moves: the file is what the CLI's verify accepts
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const dlFile = path.join(out, `${game}-download.moves`);
  await download.saveAs(dlFile);
  const dl = fs.readFileSync(dlFile, 'utf8');
  check(dl === moves.join('\n') + '\n', `${game}: the downloaded moves are the moves played (${JSON.stringify(dl.slice(0, 60))})`);
  const dlv = cli([game, 'verify', file, dlFile]);
  check(dlv.code === 0, `${game}: the CLI verifies the downloaded moves (${(dlv.out + (dlv.err || '')).trim()})`);

  // the same solution by drags (a coin dragged to its cell, a Two Dots path
  // drawn, a cut dragged from one end to the other); Clickomania by taps
  await page.click('#open-level');
  let dragged = 0;
  for (const m of moves) {
    let ok;
    if (game === 'clickomania') {
      const [r, c] = m.split(/\s+/)[0].split(',').map(Number);
      const before = (await board()).moves, p = await cellXY(r, c);
      await page.touchscreen.tap(p.x, p.y);
      ok = (await board()).moves === before + 1;
    } else {
      ok = await playByDrag(m);
    }
    if (ok) dragged++;
    else {
      check(false, `${game}: move ${dragged + 1} (${m}) by ${game === 'clickomania' ? 'a tap' : 'a drag'}: ${(await board()).msg}`);
      break;
    }
  }
  b = await board();
  check(dragged === moves.length && b.solved === 'yes', `${game}: the solution played by ${game === 'clickomania' ? 'taps' : 'drags'}, solved`);

  // undo takes the last move back
  await page.click('#undo');
  b = await board();
  check(b.moves === moves.length - 1 && b.solved === 'no', `${game}: undo takes the last move back`);
  await page.click('#redo');
  b = await board();
  check(b.moves === moves.length && b.solved === 'yes', `${game}: redo plays it again`);

  // a hint from the worker on the fresh level, drawn, and legal
  await page.click('#open-level');
  const plain = await pixels();
  await page.click('#hint');
  await page.waitForFunction(() => /^(hint|no hint|nothing)/.test(document.getElementById('msg').textContent), null, {timeout: 60000});
  const msg = (await board()).msg;
  check(/^hint \(/.test(msg), `${game}: a hint (${msg})`);
  check(await pixels() !== plain, `${game}: the hint is drawn on the board`);
  await page.screenshot({path: path.join(out, `${game}-hint.png`), fullPage: true});
  await page.click('#play-hint');
  b = await board();
  check(b.moves === 1, `${game}: the hint is a legal move`);

  // a bad level pasted: the CLI's message, at the same line:col
  const badFile = path.join(out, `${game}-bad.level`);
  fs.writeFileSync(badFile, BAD_LEVEL[game]);
  const info = cli([game, 'info', badFile]);
  const cliMsg = (info.err || '').trim().split('\n')[0].replace(/^puzzlelab: /, '').replace(badFile, 'pasted level');
  check(info.code === 2 && /^pasted level:\d+:\d+: /.test(cliMsg), `${game}: the CLI refuses the bad level at line:col (${cliMsg})`);
  await page.click('#paste summary');
  await page.fill('#level-text', BAD_LEVEL[game]);
  await page.click('#load-pasted');
  const shown = await page.textContent('#error');
  check(shown === cliMsg, `${game}: the page shows the CLI's message: '${shown}' vs '${cliMsg}'`);
  await page.click('#paste summary');

  // a certificate stepped to its end, then verified
  await page.click('#open-level');
  const shipped = level.replace(/\.level$/, '.moves');
  const cert = fs.existsSync(path.join(levels, shipped)) ? fs.readFileSync(path.join(levels, shipped), 'utf8') : moves.join('\n') + '\n';
  await page.fill('#moves-text', cert);
  await page.click('#step-cert');
  const n = (await board()).redo;
  check(n === movesOf(cert).length, `${game}: the certificate is loaded to step (${n} moves)`);
  for (let i = 0; i < n; i++) await page.click('#redo');
  b = await board();
  check(b.redo === 0 && b.moves === n && b.solved === 'yes', `${game}: stepped to the end of the certificate, solved`);
  await page.click('#verify-run');
  check((await page.textContent('#verdict')).startsWith('valid'), `${game}: the certificate verifies`);
  await page.screenshot({path: path.join(out, `${game}.png`), fullPage: true});

  // Solve on the page: its certificate stepped to the end, and the CLI agrees
  await page.click('#open-level');
  await page.selectOption('#algorithm', '');
  await page.click('#solve-run');
  await solveDone();
  const s = await solving();
  check(s.status === 'solved', `${game}: the page solves ${level} (${s.text})`);
  const found = movesOf(await page.inputValue('#moves-text'));
  b = await board();
  check(found.length > 0 && b.moves === 0 && b.redo === found.length,
        `${game}: the solution is loaded to step (${b.redo} of ${found.length} moves)`);
  while ((await board()).redo > 0 && (await board()).redo <= found.length) {
    const before = (await board()).redo;
    await page.click('#redo');
    if ((await board()).redo !== before - 1) break;
  }
  b = await board();
  check(b.redo === 0 && b.moves === found.length && b.solved === 'yes', `${game}: the page's solution stepped to its end, solved`);
  const solFile = path.join(out, `${game}-page-solution.moves`);
  fs.writeFileSync(solFile, found.join('\n') + '\n');
  const ver = cli([game, 'verify', file, solFile]);
  check(ver.code === 0, `${game}: the CLI verifies the page's solution (${(ver.out + (ver.err || '')).trim()})`);

  // a generated level, and a reduction's board from a shipped source
  await page.click('#generate summary');
  await page.click('#gen-run');
  check(await page.textContent('#error') === '' && (await page.textContent('#level-name')).endsWith('generated'),
        `${game}: a generated level opens (${await page.textContent('#error')})`);
  await page.click('#generate summary');
  if (await page.isVisible('#reduce summary')) {
    await page.click('#reduce summary');
    await page.click('#red-build');
    check(await page.textContent('#error') === '' && /Theorem \d+\)$/.test(await page.textContent('#level-name')),
          `${game}: a reduction's board opens (${await page.textContent('#error')})`);
    // the canvas fits the board: two neighbouring cells' centres at least
    // CELL_MIN (18) CSS pixels apart, however large the board
    const a = await cellXY(0, 0), z = await cellXY(0, 1);
    const size = await page.evaluate(() => { const r = document.getElementById('board').getBoundingClientRect();
      return {w: r.width, h: r.height}; });
    check(Math.hypot(z.x - a.x, z.y - a.y) >= 17.5, `${game}: the reduction's board is drawn at ${Math.hypot(z.x - a.x, z.y - a.y).toFixed(1)} px a cell (${size.w.toFixed(0)} x ${size.h.toFixed(0)} px)`);
    // the window's view only: a reduction's board can make the page very long
    await page.evaluate(() => document.getElementById('play').scrollIntoView());
    await page.screenshot({path: path.join(out, `${game}-reduction.png`)});
    await page.click('#reduce summary');
  }
  timing(game);
}

// Snipperclips: in the page unless it was built with PL_WEB_SNIP=0 (the
// default build compiles GEOS to WebAssembly), when it must be listed as
// unavailable with the reason. With it: levels/snip/bar-connected.level's certificate (two
// snips and a keep, on the quarter grid) played by real clicks: the cutter
// and angle chosen in the page's controls, the pointer put where the page
// places the cutter's centre for the move's translation (the map from canvas
// pixels to the tool's frame is read from the library's own plw_place at two
// probe points), the move previewed on hover (pixels change) and played by
// the click; then solved, a hint drawn, a bad level's line:col, the shipped
// certificate stepped to its end and verified, the page's own solution
// verified by the CLI. Screenshots snip.png, snip-hint.png.
const snipWanted = process.env.PL_WEB_SNIP !== '0';
const snipIn = await page.evaluate(() => P.info.games.some((g) => g.name === 'snip'));
if (!snipWanted) {
  const why = await page.textContent('#not-built');
  const listed = await page.evaluate(() => { const o = Array.from(document.getElementById('game').options).find((x) => x.value === 'snip');
    return o ? o.disabled + ' ' + o.textContent : ''; });
  check(!snipIn && (/^Snipperclips is not in this build.*PL_WEB_SNIP=0.*bash scripts\/web\.sh/.test(why) && await page.isVisible('#not-built') &&
                   listed === 'true Snipperclips (not in this build)'),
        `snip: the page built with PL_WEB_SNIP=0 lists Snipperclips as not in this build and says why and how to add it (${listed}: ${why})`);
} else {
  check(snipIn, 'snip: built by default (PL_WEB_SNIP not 0), the page has Snipperclips');
  check(((await page.textContent('#not-built')) || '') === '', 'snip: in the build, the page says nothing is left out of it');
}
if (snipIn) {
  const level = 'snip/bar-connected.level', file = path.join(levels, level);
  await page.selectOption('#game', 'snip');
  await page.selectOption('#level', level);
  await page.click('#open-level');
  await page.waitForFunction((n) => document.getElementById('level-name').textContent.endsWith(n), level);
  check(await page.isVisible('#place-controls'), 'snip: the placement controls are shown');
  const cert = fs.readFileSync(path.join(levels, 'snip/bar-connected.moves'), 'utf8');
  const moves = cert.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  // the page's pointer -> move map at a pixel (client coordinates)
  const placeAt = (x, y) => page.evaluate(([x, y]) => placeAt(x, y), [x, y]);
  const parse = (m) => m.split(/\s+/);
  // the client pixel where the page's move has translation (tx, ty) (snip)
  // or point (x, y) (keep): linear in the pixel, read off two probes with
  // the free (1e-4) snap, inside the snipped tool's frame
  async function pixelFor(move) {
    const t = parse(move);
    await page.selectOption('#place-grid', '0');
    const rect = await page.evaluate(() => { const r = document.getElementById('board').getBoundingClientRect();
      window.scrollTo(0, window.scrollY + r.top - 20); const q = document.getElementById('board').getBoundingClientRect();
      return {left: q.left, top: q.top, width: q.width, height: q.height}; });
    // tool A's frame: search a probe row for pixels that give a move on A
    let p0 = null, p1 = null;
    const y = rect.top + rect.height * 0.55;
    for (let i = 1; i < 40 && !p1; i++) {
      const x = rect.left + rect.width * i / 40, r = await placeAt(x, y);
      if (r.move && parse(r.move)[1] === t[1]) { if (!p0) p0 = {x, y, m: parse(r.move)}; else if (x - p0.x > rect.width / 20) p1 = {x, y, m: parse(r.move)}; }
    }
    const k = t[0] === 'keep' ? 2 : 4; // the coordinates' place in the move
    const p2y = y - rect.height * 0.2, r2 = parse((await placeAt(p0.x, p2y)).move);
    const ax = (p1.x - p0.x) / (Number(p1.m[k]) - Number(p0.m[k])), ay = (p2y - y) / (Number(r2[k + 1]) - Number(p0.m[k + 1]));
    await page.selectOption('#place-grid', t[0] === 'keep' ? '0' : '4');
    return {x: p0.x + ax * (Number(t[k]) - Number(p0.m[k])), y: y + ay * (Number(t[k + 1]) - Number(p0.m[k + 1]))};
  }
  let played = 0;
  for (const m of moves) {
    const t = parse(m);
    if (t[0] === 'snip') {
      await page.selectOption('#place-cutter', t[2]);
      await page.fill('#place-theta', t[3]);
    }
    const before = await board(), p = await pixelFor(m);
    const plain = await pixels();
    await page.mouse.move(p.x, p.y, {steps: 3});
    const preview = await page.textContent('#place-move');
    check(t[0] === 'keep' ? preview.startsWith('keep 1 ') : preview === m, `snip: hovering previews '${preview}' for ${m}`);
    check(await pixels() !== plain, `snip: the preview of ${m} is drawn`);
    await page.mouse.down();
    await page.mouse.up();
    const b = await board();
    if (b.moves === before.moves + 1) played++;
    else {
      check(false, `snip: move ${played + 1} (${m}) by a click: ${b.msg}`);
      break;
    }
  }
  check(played === moves.length, `snip: all ${moves.length} moves played by clicks`);
  let b = await board();
  check(b.solved === 'yes' && await page.isVisible('#solved'), 'snip: the page shows solved after the clicks');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const dlFile = path.join(out, 'snip-download.moves');
  await download.saveAs(dlFile);
  const dlv = cli(['snip', 'verify', file, dlFile]);
  check(dlv.code === 0, `snip: the CLI verifies the moves clicked (${(dlv.out + (dlv.err || '')).trim()})`);
  await page.screenshot({path: path.join(out, 'snip-played.png'), fullPage: true});

  // a hint on the fresh level (the worker solves with auto), drawn and legal
  await page.click('#open-level');
  await page.mouse.move(0, 0);
  const plain = await pixels();
  await page.click('#hint');
  await page.waitForFunction(() => /^(hint|no hint|nothing)/.test(document.getElementById('msg').textContent), null, {timeout: 60000});
  const msg = (await board()).msg;
  check(/^hint \(/.test(msg), `snip: a hint (${msg})`);
  check(await pixels() !== plain, 'snip: the hint is drawn on the board');
  await page.screenshot({path: path.join(out, 'snip-hint.png'), fullPage: true});
  await page.click('#play-hint');
  check((await board()).moves === 1, 'snip: the hint is a legal move');

  // a bad level: the CLI's message at the same line:col
  const badText = 'model: connected\nPOLYGON((0 0, 1.5 0, 1 1, 0 0))\n';
  const badFile = path.join(out, 'snip-bad.level');
  fs.writeFileSync(badFile, badText);
  const info = cli(['snip', 'info', badFile]);
  const cliMsg = (info.err || '').trim().split('\n')[0].replace(/^puzzlelab: /, '').replace(badFile, 'pasted level');
  check(info.code === 2 && /^pasted level:2:\d+: /.test(cliMsg), `snip: the CLI refuses the bad level at line:col (${cliMsg})`);
  await page.click('#paste summary');
  await page.fill('#level-text', badText);
  await page.click('#load-pasted');
  const shown = await page.textContent('#error');
  check(shown === cliMsg, `snip: the page shows the CLI's message: '${shown}' vs '${cliMsg}'`);
  await page.click('#paste summary');

  // the shipped certificate stepped to its end, verified
  await page.click('#open-level');
  await page.fill('#moves-text', cert);
  await page.click('#step-cert');
  const n = (await board()).redo;
  check(n === moves.length, `snip: the certificate is loaded to step (${n} moves)`);
  for (let i = 0; i < n; i++) await page.click('#redo');
  b = await board();
  check(b.redo === 0 && b.moves === n && b.solved === 'yes', 'snip: stepped to the end of the certificate, solved');
  await page.click('#verify-run');
  check((await page.textContent('#verdict')).startsWith('valid'), 'snip: the certificate verifies');
  await page.screenshot({path: path.join(out, 'snip.png'), fullPage: true});

  // A solve writes nothing to the console: GEOS's unity build once left
  // GEOS_DEBUG on in its geomgraph unit, and the relate operations' trace
  // (18,000 lines for pieces.level) made Snipperclips 13-55x slower in the
  // browser than natively (web/geos/unity.cmake). The page's own instance,
  // whose console output the page reports (the worker's would not be seen).
  const logged = [];
  const onConsole = (m) => logged.push(m.text());
  page.on('console', onConsole);
  const quiet = await page.evaluate((text) => JSON.parse(P.M.ccall('plw_solve', 'string',
    ['string', 'string', 'string', 'string', 'string', 'string', 'number', 'number'],
    ['snip', 'pieces.level', text, '', '', '', 60, 0])), fs.readFileSync(path.join(levels, 'snip/pieces.level'), 'utf8'));
  page.off('console', onConsole);
  check(quiet.status === 'solved' && logged.length === 0,
        `snip: pieces.level (Theorem 5, relate-heavy) solved on the page with nothing written to the console ` +
        `(${quiet.status}; ${logged.length} lines${logged.length ? ', first: ' + logged[0] : ''})`);

  // Solve on the page (auto: the needle, Theorem 3), stepped, the CLI agrees
  await page.click('#open-level');
  await page.click('#solve-run');
  await solveDone();
  const s = await solving();
  check(s.status === 'solved', `snip: the page solves ${level} (${s.text})`);
  const found = (await page.inputValue('#moves-text')).split('\n').map((l) => l.trim()).filter(Boolean);
  await page.click('#to-end');
  b = await board();
  check(b.redo === 0 && b.moves === found.length && b.solved === 'yes', `snip: the page's solution (${found.length} moves) stepped to its end, solved`);
  const solFile = path.join(out, 'snip-page-solution.moves');
  fs.writeFileSync(solFile, found.join('\n') + '\n');
  const ver = cli(['snip', 'verify', file, solFile]);
  check(ver.code === 0, `snip: the CLI verifies the page's solution (${(ver.out + (ver.err || '')).trim()})`);
  timing('snip');
}

// The page's worker and the CLI give the same verdict on coin levels that
// coins' `shortest` search decides in well under a second natively; its
// certificate is accepted by the CLI's verify. (The search marked new states
// with bit 63 of a size_t, which WebAssembly's 32-bit size_t does not have:
// the page answered "unsolvable" in a millisecond to all four.)
for (const level of ['coins/M-to-N.level', 'coins/letters/A-to-B.level', 'coins/letters/M-to-N.level',
                     'coins/square/fig33-solvable.level']) {
  const file = path.join(levels, level);
  const web = await page.evaluate(([name, text]) => new Promise((resolve) => {
    const w = P.worker, id = 2e9 + Math.floor(Math.random() * 1e6);
    const on = (e) => { if (e.data.id === id && e.data.type === 'result') { w.removeEventListener('message', on); resolve(e.data.result); } };
    w.addEventListener('message', on);
    w.postMessage({id: id, game: 'coins', name: name, text: text, moves: '', objective: '', algorithm: '', timeLimit: 120});
  }), [level, fs.readFileSync(file, 'utf8')]);
  const native = cli(['coins', 'solve', file, '--json', '--time-limit', '120']);
  const nat = native.code === 0 ? JSON.parse(native.out).status : 'exit ' + native.code;
  check(web.status === nat, `coins: the page's verdict on ${level} is the CLI's (${web.status || web.error} / ${nat})`);
  if (web.status === 'solved') {
    const f = path.join(out, 'coins-worker.moves');
    fs.writeFileSync(f, web.moves.join('\n') + '\n');
    const v = cli(['coins', 'verify', file, f]);
    check(v.code === 0, `coins: the CLI verifies the page's certificate for ${level} (${(v.out + (v.err || '')).trim()})`);
  }
}

check(requests.length === 0, 'no network request: ' + requests.join(' '));
await browser.close();
fs.rmSync(profile, {recursive: true, force: true});
console.log(`web: ${ok} passed, ${bad} failed; screenshots in ${out}`);
process.exit(bad ? 1 : 0);
