// The playground page. It holds no rule of any game: every level is parsed,
// every pick turned into a move, every move applied, every picture drawn,
// every hint, solution and verdict computed by the C library (web/src/plw.c)
// compiled to WebAssembly. This file wires the page's controls to it.
/* global createPuzzlelab, PL_MODULE_SOURCE, PL_WORKER_SOURCE, PL_LEVELS, PL_SOURCES */
'use strict';

const $ = (id) => document.getElementById(id);
const P = {M: null, info: null, game: null, sid: 0, name: '', ctx: 0, hint: '', plan: null, worker: null,
           job: 0, solving: null};

// How a pointer drag turns into picks (the picks are the play hooks', the
// same as the terminal's select key): 'path' picks every cell the pointer
// enters (a Two Dots path), 'drop' picks where the pointer is released (the
// coin's new cell, a cut's other end), 'click' picks on click only.
const DRAG = {twodots: 'path', coins: 'drop', buttons: 'drop', clickomania: 'click'};

function call(name, ret, types, args) {
  return P.M.ccall(name, ret, types, args);
}
function json(name, types, args) {
  return JSON.parse(call(name, 'string', types, args));
}

function setError(text) {
  $('error').textContent = text || '';
}
function setMsg(text) {
  $('msg').textContent = text || '';
}

// ---------- the solver worker ----------
// The worker's module is made from text (a Blob URL), so it works from file://.
// A worker that trapped (dead) or failed is replaced; the job it held ends
// with an error, so the page never waits for an answer that cannot come.
function newWorker() {
  if (!P.workerUrl) {
    P.workerUrl = URL.createObjectURL(new Blob([PL_MODULE_SOURCE, '\n', PL_WORKER_SOURCE], {type: 'text/javascript'}));
  }
  P.worker = new Worker(P.workerUrl);
  P.worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'result' && m.dead) replaceWorker();
    if (!P.solving || m.id !== P.solving.id) return;
    if (m.type === 'progress') {
      $('progress-text').textContent = m.line;
    } else if (m.type === 'result') {
      endJob(m.result);
    }
  };
  P.worker.onerror = (e) => {
    e.preventDefault();
    replaceWorker();
    endJob({error: 'the solver worker failed: ' + (e.message || 'unknown error')});
  };
}
function replaceWorker() {
  P.worker.terminate();
  newWorker();
}
function endJob(result) {
  const s = P.solving;
  stopProgress();
  if (s) s.done(result);
}

// The progress line: a bar of the time used against the limit, the seconds,
// and the last line an anytime algorithm reported (its best so far).
function startProgress(what, limit) {
  $('progress').hidden = false;
  $('progress-bar').max = limit;
  $('progress-bar').value = 0;
  $('progress-what').textContent = what;
  $('progress-time').textContent = '0.0 s of ' + limit + ' s';
  $('progress-text').textContent = '';
  $('solve-cancel').disabled = false;
  $('solve-run').disabled = true;
  $('hint').disabled = true;
  document.body.dataset.solving = 'yes';
  const t0 = performance.now();
  P.timer = setInterval(() => {
    const t = (performance.now() - t0) / 1000;
    $('progress-bar').value = Math.min(t, limit);
    $('progress-time').textContent = t.toFixed(1) + ' s of ' + limit + ' s';
  }, 100);
}
function stopProgress() {
  clearInterval(P.timer);
  P.solving = null;
  $('progress').hidden = true;
  $('solve-cancel').disabled = true;
  $('solve-run').disabled = false;
  $('hint').disabled = false;
  document.body.dataset.solving = 'no';
}

// Runs plw_solve in the worker from the position after `moves`.
function solveJob(moves, timeLimit, algorithm, what, done, cancelled) {
  if (P.solving) return;
  const id = ++P.job;
  P.solving = {id: id, done: done, cancelled: cancelled};
  startProgress(what, timeLimit);
  P.worker.postMessage({id: id, game: P.game.name, name: P.name, text: call('plw_level_text', 'string', ['number'], [P.sid]),
                        moves: moves.join('\n') + (moves.length ? '\n' : ''), objective: objective(),
                        algorithm: algorithm, timeLimit: timeLimit});
}

// ---------- the game and the level ----------
// The menu holds the algorithms' names only; the chosen one's paper result
// and method are written under it.
function describeAlgorithm() {
  const a = P.game.algorithms.find((x) => x.name === $('algorithm').value);
  $('alg-about').textContent = a ? a.result + '. ' + a.summary + (a.unavailable ? ' (' + a.unavailable + ')' : '')
    : 'auto: the first algorithm that applies to the position, in the order of this menu (as `puzzlelab ' +
      P.game.name + ' solve` picks it).';
}
function objective() {
  return $('objective').value || '';
}

function chooseGame(name) {
  P.game = P.info.games.find((g) => g.name === name);
  const levels = PL_LEVELS[name] || [];
  $('level').innerHTML = '';
  for (const l of levels) $('level').add(new Option(l.name, l.name));
  $('objective').innerHTML = '';
  for (const o of P.game.objectives) $('objective').add(new Option(o, o));
  $('objective').disabled = !P.game.objectives.length;
  $('algorithm').innerHTML = '';
  $('algorithm').add(new Option('auto', ''));
  for (const a of P.game.algorithms) {
    const o = new Option(a.name + (a.unavailable ? ' (unavailable)' : ''), a.name);
    o.disabled = !!a.unavailable;
    $('algorithm').add(o);
  }
  describeAlgorithm();
  $('how').textContent = P.game.how ? 'How to play: ' + P.game.how + '.' : '';
  $('place-controls').hidden = !P.game.place;
  $('finish-picks').hidden = !!P.game.place;
  // generator options
  const box = $('gen-options');
  box.innerHTML = '';
  $('generate').hidden = !P.game.generate;
  for (const o of P.game.generate || []) {
    if (o.name === 'output' || o.name === 'help' || o.name === 'json') continue;
    const label = document.createElement('label');
    label.title = o.help;
    const input = document.createElement('input');
    input.dataset.option = o.name;
    if (o.arg) {
      input.type = 'text';
      input.size = 6;
      input.placeholder = o.arg;
      if (o.name === 'seed') input.value = String(1 + Math.floor(Math.random() * 100000));
    } else {
      input.type = 'checkbox';
    }
    label.append('--' + o.name + ' ', input);
    box.append(label, ' ');
  }
  // reductions
  $('reduce').hidden = !P.game.reductions.length;
  $('red-which').innerHTML = '';
  P.game.reductions.forEach((r, i) => $('red-which').add(new Option(r.result, String(i))));
  chooseReduction();
  const un = P.info.unavailable.filter((u) => u.game === name).map((u) => u.why);
  $('unavailable').textContent = un.join(' ');
  if (levels.length) openShipped(levels[0].name);
}

function openLevel(name, text) {
  const sid = call('plw_open', 'number', ['string', 'string', 'string'], [P.game.name, name, text]);
  if (!sid) {
    setError(call('plw_error', 'string', [], []));
    return false;
  }
  setError('');
  if (P.sid) call('plw_close', null, ['number'], [P.sid]);
  P.sid = sid;
  P.opened = (P.opened || 0) + 1; // the results of jobs started before are for another level
  P.name = name;
  P.hint = '';
  P.preview = '';
  P.plan = null;
  $('level-name').textContent = P.game.title + ': ' + name;
  $('solve-result').textContent = '';
  $('verdict').textContent = '';
  setMsg('');
  refresh();
  return true;
}

function openShipped(name) {
  const l = (PL_LEVELS[P.game.name] || []).find((x) => x.name === name);
  if (!l) return;
  $('level').value = name;
  if (openLevel(name, l.text)) $('moves-text').value = l.moves || '';
}

function state() {
  return json('plw_state', ['number', 'string'], [P.sid, objective()]);
}

// The canvas fits the board: a cell (one drawing unit) takes between
// CELL_MIN and CELL_MAX CSS pixels, as many as the panel's width and three
// quarters of the window's height allow; a board that needs more than the
// panel at CELL_MIN (a reduction's board) scrolls sideways in its frame and
// down with the page, and stays readable.
const CELL_MIN = 18, CELL_MAX = 64;
function fitCanvas() {
  const f = json('plw_frame', ['number', 'string'], [P.sid, P.hint]);
  if (f.w === undefined) return;
  const availW = $('board-wrap').clientWidth - 2, availH = Math.max(240, window.innerHeight * 0.75);
  const u = Math.max(CELL_MIN, Math.min(CELL_MAX, availW / f.w, availH / f.h));
  const canvas = $('board');
  canvas.style.width = Math.round(f.w * u) + 'px';
  canvas.style.height = Math.round(f.h * u) + 'px';
  canvas.dataset.cell = String(u);
}

// Redraws the board and the lines under it.
function refresh() {
  if (!P.sid) return;
  fitCanvas();
  const canvas = $('board');
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth, h = canvas.clientHeight;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  call('plw_draw', 'number', ['number', 'number', 'number', 'number', 'string', 'number'],
       [P.sid, P.ctx, canvas.width, canvas.height, P.preview || P.hint, $('letters').checked ? 1 : 0]);
  const s = state();
  P.state = s;
  const solved = s.finish.ok;
  $('solved').hidden = !solved;
  document.body.dataset.solved = solved ? 'yes' : 'no';
  const vals = Object.entries(s.finish.values).map(([k, v]) => k + ' ' + v).join(', ');
  $('status').textContent = s.moves.length + ' move' + (s.moves.length === 1 ? '' : 's') + ' played' +
    (s.redo.length ? ', ' + s.redo.length + ' to step (next: ' + s.redo[0] + ')' : '') +
    (vals ? '; ' + vals : '') + (s.status ? '; ' + s.status : '') + (solved ? '; objective met' : '');
  $('board').dataset.moves = String(s.moves.length);
  $('board').dataset.redo = String(s.redo.length);
  if (!s.playable) setMsg('This level cannot be played by pointer: ' + s.why);
}

function afterMove(r) {
  if (r.result === 'reject' || r.result === 'more') {
    setMsg(r.msg || '');
  } else if (r.ok === false) {
    setMsg(r.move + ': ' + r.reason);
  } else if (r.ok) {
    setMsg('played ' + r.move);
    P.hint = '';
  }
  refresh();
}

// ---------- pointer play ----------
// Mouse, pen and touch alike, through pointer events (the canvas has
// touch-action: none, so a finger drawing a path does not scroll the page).
function hitAt(x, y) {
  const canvas = $('board'), rect = canvas.getBoundingClientRect();
  const k = canvas.width / rect.width;
  const h = json('plw_hit', ['number', 'number', 'number'], [P.sid, (x - rect.left) * k, (y - rect.top) * k]);
  return h.r === undefined ? null : h;
}
function cellAt(ev) {
  return hitAt(ev.clientX, ev.clientY);
}
function pick(c, finish) {
  afterMove(json('plw_pick', ['number', 'number', 'number', 'number'], [P.sid, c.r, c.c, finish ? 1 : 0]));
}
const same = (a, b) => a && b && a.r === b.r && a.c === b.c;

// How a drag plays (DRAG above): 'path' picks every cell the pointer passes
// over, in order, the segment since the last event sampled every 3 CSS
// pixels so that a quick stroke skips no cell, and the release plays the path
// (the last dot picked again); 'drop' picks the cell under the pointer where
// it is released (a coin's new cell, a cut's other end; released off every
// cell: the pick stays open); a press and release on one cell is a click in
// every mode (two clicks do what a drag does).
//
// Games whose moves are placed anywhere (Snipperclips, P.game.place): the
// library's plw_place turns the pointer and the choices above the board
// (cutter, angle, snap) into a move; hovering previews it (drawn as the move
// about to be played: the cutter's outline, the part it removes hatched),
// a click (or a touch's release) plays it through the rules.
function placeAt(x, y) {
  const canvas = $('board'), rect = canvas.getBoundingClientRect();
  const k = canvas.width / rect.width;
  const theta = parseFloat($('place-theta').value);
  return json('plw_place', ['number', 'number', 'number', 'number', 'number', 'number'],
              [P.sid, (x - rect.left) * k, (y - rect.top) * k, parseInt($('place-cutter').value, 10),
               Number.isFinite(theta) ? theta : NaN, parseInt($('place-grid').value, 10)]);
}
function setPreview(move) {
  if ((move || '') === (P.preview || '')) return;
  P.preview = move || '';
  $('place-move').textContent = move || '';
  refresh();
}
function setupPlace() {
  const canvas = $('board');
  canvas.addEventListener('pointermove', (ev) => {
    if (!P.game.place || !P.sid) return;
    const r = placeAt(ev.clientX, ev.clientY);
    setPreview(r.move);
  });
  canvas.addEventListener('pointerleave', () => {
    if (P.game.place) setPreview('');
  });
  canvas.addEventListener('pointerup', (ev) => {
    if (!P.game.place || !P.sid || (ev.pointerType === 'mouse' && ev.button !== 0)) return;
    const r = placeAt(ev.clientX, ev.clientY);
    if (!r.move) {
      setMsg(r.why || '');
      return;
    }
    P.preview = '';
    $('place-move').textContent = '';
    afterMove(json('plw_apply', ['number', 'string'], [P.sid, r.move]));
  });
  const play = (move) => {
    if (P.sid) afterMove(json('plw_apply', ['number', 'string'], [P.sid, move]));
  };
  $('place-reset1').onclick = () => play('reset 1');
  $('place-reset2').onclick = () => play('reset 2');
  $('place-undo1').onclick = () => play('undo 1');
  $('place-undo2').onclick = () => play('undo 2');
  for (const id of ['place-cutter', 'place-theta', 'place-grid']) $(id).onchange = () => setPreview('');
}

function setupPointer() {
  const canvas = $('board');
  let down = null, last = null, at = null, dragged = false;
  setupPlace();
  canvas.addEventListener('pointerdown', (ev) => {
    if (!P.sid || !P.state || !P.state.playable || P.game.place || (ev.pointerType === 'mouse' && ev.button !== 0)) return;
    const c = cellAt(ev);
    down = c;
    last = c;
    at = {x: ev.clientX, y: ev.clientY};
    dragged = false;
    if (c) {
      canvas.setPointerCapture(ev.pointerId);
      pick(c, false);
    }
  });
  canvas.addEventListener('pointermove', (ev) => {
    if (!down) return;
    const mode = DRAG[P.game.name];
    const dx = ev.clientX - at.x, dy = ev.clientY - at.y, n = Math.max(1, Math.ceil(Math.hypot(dx, dy) / 3));
    for (let i = 1; i <= n; i++) {
      const c = hitAt(at.x + dx * i / n, at.y + dy * i / n);
      if (!c || same(c, last)) continue;
      dragged = true;
      last = c;
      if (mode === 'path') pick(c, false);
    }
    at = {x: ev.clientX, y: ev.clientY};
  });
  const up = (ev) => {
    if (!down) return;
    const mode = DRAG[P.game.name];
    down = null;
    if (!dragged || ev.type === 'pointercancel') return;
    if (mode === 'drop') {
      const c = cellAt(ev);
      if (c) pick(c, false);
      else setMsg('released off the board: pick where to go');
    } else if (mode === 'path' && P.state.picks.length) {
      pick(last, false); // the last dot again plays the path
    }
  };
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
}

// ---------- hints, solving, certificates ----------
function planFollowed() {
  const p = P.plan, s = P.state;
  if (!p) return false;
  const k = s.moves.length - p.base;
  if (k < 0 || k >= p.moves.length) return false;
  for (let i = 0; i < k; i++) if (s.moves[p.base + i] !== p.moves[i]) return false;
  return true;
}

function hint() {
  const s = state();
  if (planFollowed()) {
    P.hint = P.plan.moves[s.moves.length - P.plan.base];
    setMsg('hint (' + P.plan.algorithm + ', continued): ' + P.hint);
    refresh();
    return;
  }
  const limit = 2, opened = P.opened;
  solveJob(s.moves, limit, '', 'thinking', (r) => {
    if (opened !== P.opened) {
      setMsg('the hint was for a level no longer open');
    } else if (r.error) {
      setMsg('no hint: ' + r.error);
    } else if (r.status === 'solved' && r.moves.length) {
      P.plan = {base: s.moves.length, moves: r.moves, algorithm: r.algorithm};
      P.hint = r.moves[0];
      setMsg('hint (' + r.algorithm + '): ' + P.hint);
    } else if (r.status === 'solved') {
      setMsg('nothing left to play: the objective is met');
    } else if (r.status === 'unsolvable') {
      setMsg('no hint: ' + r.algorithm + ' proved that the objective cannot be met from here');
    } else {
      setMsg('no hint: the solver (' + r.algorithm + ') did not finish within ' + limit + ' s' +
             (r.note ? ' (' + r.note + ')' : ''));
    }
    refresh();
  }, () => setMsg('no hint: cancelled'));
}

function solve() {
  const s = state();
  const limit = Math.max(0.1, parseFloat($('time-limit').value) || 5);
  $('solve-result').textContent = '';
  $('solve-result').dataset.status = 'running';
  const opened = P.opened;
  const cancelled = () => {
    $('solve-result').textContent = 'cancelled: the solver was stopped, nothing was found';
    $('solve-result').dataset.status = 'cancelled';
  };
  solveJob(s.moves, limit, $('algorithm').value, 'solving', (r) => {
    if (opened !== P.opened) {
      $('solve-result').textContent = 'the result was for a level no longer open: discarded';
      $('solve-result').dataset.status = 'discarded';
      return;
    }
    if (r.error) {
      $('solve-result').textContent = 'error: ' + r.error;
      $('solve-result').dataset.status = 'error';
      return;
    }
    const vals = Object.entries(r.values).map(([k, v]) => k + ' ' + v).join(', ');
    $('solve-result').textContent = r.status + ' by ' + r.algorithm + ' in ' + r.seconds.toFixed(3) + ' s, ' +
      r.nodes + ' nodes' + (vals ? '; ' + vals : '') + (r.optimal === null ? '' : r.optimal ? '; optimal' : '; not proven optimal') +
      (r.limit ? '; ' + r.limit + ' reached' : '') + (r.note ? ' (' + r.note + ')' : '') +
      (r.status === 'solved' && r.moves.length ? '. Step through it with Redo / step.' : '');
    $('solve-result').dataset.status = r.status;
    if (r.status === 'solved') {
      const text = r.moves.join('\n') + '\n';
      $('moves-text').value = s.moves.concat(r.moves).join('\n') + '\n';
      call('plw_load_moves', 'number', ['number', 'string', 'string'], [P.sid, 'solution', text]);
      refresh();
    }
  }, cancelled);
}

function stepCertificate() {
  const text = $('moves-text').value;
  call('plw_reset', null, ['number'], [P.sid]);
  if (!call('plw_load_moves', 'number', ['number', 'string', 'string'], [P.sid, 'pasted moves', text])) {
    $('verdict').textContent = call('plw_error', 'string', [], []);
    return;
  }
  P.hint = '';
  $('verdict').textContent = 'loaded: step with Redo / step; the move about to be played is highlighted';
  refresh();
}

function verify() {
  const r = json('plw_verify', ['number', 'string', 'string', 'string'], [P.sid, 'pasted moves', $('moves-text').value, objective()]);
  const v = $('verdict');
  if (r.error) {
    v.textContent = r.error;
    v.dataset.valid = 'error';
    return;
  }
  const vals = Object.entries(r.values).map(([k, x]) => k + ' ' + x).join(', ');
  v.textContent = (r.valid ? 'valid (' + r.moves + ' move' + (r.moves === 1 ? '' : 's') + ')' : 'invalid: ' + r.reason) +
    (vals ? '; ' + vals : '');
  v.dataset.valid = r.valid ? 'yes' : 'no';
}

function download() {
  const s = state();
  const blob = new Blob([s.moves.join('\n') + (s.moves.length ? '\n' : '')], {type: 'text/plain'});
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = P.name.replace(/^.*\//, '').replace(/\.level$/, '') + '.moves';
  a.click();
}

// ---------- generating and reducing ----------
function generate() {
  const opts = {};
  for (const input of $('gen-options').querySelectorAll('input')) {
    if (input.type === 'checkbox') {
      if (input.checked) opts[input.dataset.option] = '';
    } else if (input.value.trim()) {
      opts[input.dataset.option] = input.value.trim();
    }
  }
  const r = json('plw_generate', ['string', 'string'], [P.game.name, JSON.stringify(opts)]);
  if (r.error) {
    setError('generate: ' + r.error);
    return;
  }
  $('level-text').value = r.text;
  openLevel('generated', r.text);
}

const SOURCE_EXT = {sat: '.cnf', x3c: '.x3c', 'vertex-cover': '.gr', '3partition': '.3p'};
function chooseReduction() {
  const red = P.game.reductions[Number($('red-which').value || 0)];
  $('red-source').innerHTML = '';
  if (!red) return;
  for (const s of PL_SOURCES.filter((x) => x.name.endsWith(SOURCE_EXT[red.from]))) $('red-source').add(new Option(s.name, s.name));
  const first = PL_SOURCES.find((x) => x.name === $('red-source').value);
  $('red-text').value = first ? first.text : '';
}

function buildReduction() {
  const red = P.game.reductions[Number($('red-which').value || 0)];
  const r = json('plw_reduce', ['string', 'string', 'number', 'string', 'string'],
                 [P.game.name, red.from, red.theorem, 'source', $('red-text').value]);
  if (r.error) {
    setError('reduce: ' + r.error);
    return;
  }
  $('level-text').value = r.text;
  openLevel(red.from + ' -> ' + P.game.name + ' (Theorem ' + red.theorem + ')', r.text);
}

function newSource() {
  const red = P.game.reductions[Number($('red-which').value || 0)];
  const r = json('plw_problem_generate', ['string', 'string'], [red.from, JSON.stringify({seed: String(1 + Math.floor(Math.random() * 100000))})]);
  if (r.error) setError(r.error);
  else $('red-text').value = r.text;
}

// ---------- start ----------
function wire() {
  $('game').onchange = () => chooseGame($('game').value);
  $('open-level').onclick = () => openShipped($('level').value);
  $('level').onchange = () => openShipped($('level').value);
  $('load-pasted').onclick = () => openLevel('pasted level', $('level-text').value);
  $('undo').onclick = () => { call('plw_undo', 'number', ['number'], [P.sid]); P.hint = ''; refresh(); };
  $('redo').onclick = () => { const r = json('plw_redo', ['number'], [P.sid]); if (r.move) afterMove(r); };
  $('to-end').onclick = () => { while (state().redo.length && json('plw_redo', ['number'], [P.sid]).ok); P.hint = ''; refresh(); };
  $('reset').onclick = () => { call('plw_reset', null, ['number'], [P.sid]); P.hint = ''; refresh(); };
  $('finish-picks').onclick = () => {
    const p = P.state.picks;
    if (!p.length) return;
    const [r, c] = p[p.length - 1].split(',').map(Number);
    // the last pick again with finish: the terminal's "select and play now"
    call('plw_clear_picks', null, ['number'], [P.sid]);
    for (let i = 0; i < p.length - 1; i++) {
      const [rr, cc] = p[i].split(',').map(Number);
      call('plw_pick', 'string', ['number', 'number', 'number', 'number'], [P.sid, rr, cc, 0]);
    }
    pick({r: r, c: c}, true);
  };
  $('hint').onclick = hint;
  $('play-hint').onclick = () => {
    if (!P.hint) { setMsg('no hint to play: ask for one first'); return; }
    afterMove(json('plw_apply', ['number', 'string'], [P.sid, P.hint]));
  };
  $('letters').onchange = refresh;
  $('objective').onchange = refresh;
  $('download').onclick = download;
  $('solve-run').onclick = solve;
  $('solve-cancel').onclick = () => {
    if (!P.solving) return;
    const s = P.solving;
    replaceWorker();
    stopProgress();
    if (s.cancelled) s.cancelled();
  };
  $('algorithm').onchange = describeAlgorithm;
  $('verify-run').onclick = verify;
  $('step-cert').onclick = stepCertificate;
  $('gen-run').onclick = generate;
  $('red-which').onchange = chooseReduction;
  $('red-source').onchange = () => { const s = PL_SOURCES.find((x) => x.name === $('red-source').value); $('red-text').value = s ? s.text : ''; };
  $('red-gen').onclick = newSource;
  $('red-build').onclick = buildReduction;
  window.addEventListener('resize', refresh);
  setupPointer();
}

createPuzzlelab().then((M) => {
  P.M = M;
  P.ctx = M.plwRegisterContext($('board').getContext('2d'));
  P.info = JSON.parse(M.ccall('plw_games', 'string', [], []));
  for (const g of P.info.games) $('game').add(new Option(g.title, g.name));
  // games this build of the page leaves out: listed, disabled, and why
  const left = P.info.unavailable.filter((x) => !P.info.games.some((g) => g.name === x.game));
  for (const u of left) {
    const o = new Option(u.title + ' (not in this build)', u.game);
    o.disabled = true;
    o.title = u.why;
    $('game').add(o);
  }
  $('not-built').textContent = left.map((u) => u.why).join(' ');
  newWorker();
  wire();
  $('loading').hidden = true;
  $('app').hidden = false;
  chooseGame(P.info.games[0].name);
  document.body.dataset.ready = 'yes';
  window.PL_READY_MS = performance.now();
});
