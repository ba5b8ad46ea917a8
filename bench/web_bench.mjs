// The web playground's benchmark (issue 24; not a test): in one run, the
// page's time to first interactive (navigation to the library loaded and
// the first level drawn, body[data-ready]), the size of the WebAssembly
// module and of the page's files, and the browser's solve time on every
// shipped level of the web build's games against the native CLI's on the
// same levels (same algorithm `auto`, same time limit, one thread); the
// Snipperclips levels too when the page has them (the default build).
// Needs the site (bash scripts/web.sh) and playwright-core (tests/web):
//
//   node bench/web_bench.mjs build-web/site build/puzzlelab levels [TIME_LIMIT]
//
// (PL_BENCH_GAMES=snip,... limits the solves to those games.)
// (run from a folder where playwright-core resolves, e.g. with
// NODE_PATH=build/web-test/node_modules).
import {createRequire} from 'node:module';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(path.resolve(process.env.NODE_PATH || process.cwd(), 'x.js'));
const {chromium} = require('playwright-core');
const [site, puzzlelab, levels, limitArg] = process.argv.slice(2);
const limit = Number(limitArg || 10);
const games = ['buttons', 'clickomania', 'coins', 'twodots']; // and snip when the page has it

const mod = fs.readFileSync(path.join(site, 'puzzlelab.js'), 'utf8');
const b64 = /base64,([A-Za-z0-9+/=]+)/.exec(mod);
const wasmBytes = b64 ? Buffer.from(b64[1], 'base64').length : NaN;
const files = fs.readdirSync(site).map((f) => [f, fs.statSync(path.join(site, f)).size]);
console.log(`wasm module: ${wasmBytes} bytes (${(wasmBytes / 1024).toFixed(0)} KiB); page files: ` +
  files.map(([f, n]) => `${f} ${(n / 1024).toFixed(0)} KiB`).join(', '));

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-bench-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync']});
const page = browser.pages()[0] || await browser.newPage();
const url = 'file://' + path.resolve(site, 'index.html');
const loads = [];
for (let i = 0; i < 5; i++) {
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-ready=yes]');
  loads.push(Date.now() - t0);
}
loads.sort((a, b) => a - b);
console.log(`time to first interactive: median ${loads[2]} ms of 5 loads (min ${loads[0]}, max ${loads[4]})`);
if (await page.evaluate(() => P.info.games.some((g) => g.name === 'snip'))) games.push('snip');
// PL_BENCH_GAMES=snip,coins: only those games' levels (the other figures stay)
const only = process.env.PL_BENCH_GAMES ? process.env.PL_BENCH_GAMES.split(',') : null;
if (only) games.splice(0, games.length, ...games.filter((g) => only.includes(g)));

console.log(`\nsolve, auto, time limit ${limit} s, one thread: browser (worker) vs native CLI`);
console.log('level | status (browser / native) | browser s | native s | ratio');
for (const game of games) {
  const dir = path.join(levels, game);
  const walk = (d) => fs.readdirSync(d, {withFileTypes: true}).flatMap((e) => e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
  for (const file of walk(dir).filter((f) => f.endsWith('.level')).sort()) {
    const text = fs.readFileSync(file, 'utf8');
    const name = path.relative(levels, file);
    const web = await page.evaluate(([game, name, text, limit]) => new Promise((resolve) => {
      const w = P.worker, id = 1e9 + Math.floor(Math.random() * 1e6);
      const on = (e) => { if (e.data.id === id && e.data.type === 'result') { w.removeEventListener('message', on); resolve(e.data.result); } };
      w.addEventListener('message', on);
      w.postMessage({id: id, game: game, name: name, text: text, moves: '', objective: '', algorithm: '', timeLimit: limit});
    }), [game, name, text, limit]);
    let native = {status: 'error', seconds: NaN};
    const t0 = process.hrtime.bigint();
    try {
      const out = execFileSync(puzzlelab, [game, 'solve', file, '--json', '--time-limit', String(limit)].concat(game === 'clickomania' ? ['--threads', '1'] : []),
                               {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
      native = JSON.parse(out);
    } catch (e) {
      try { native = JSON.parse(String(e.stdout)); } catch (e2) { /* keep error */ }
    }
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    const ns = typeof native.seconds === 'number' ? native.seconds : wall;
    const ws = web.seconds === undefined ? NaN : web.seconds;
    console.log(`${name} | ${web.status || web.error} / ${native.status} | ${ws.toFixed(4)} | ${ns.toFixed(4)} | ` +
      (ns > 0 ? (ws / ns).toFixed(2) : '-'));
  }
}
await browser.close();
fs.rmSync(profile, {recursive: true, force: true});
