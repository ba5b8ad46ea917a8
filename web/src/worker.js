// The page's solver worker: a second instance of the same module, so that a
// solve or a hint under its time limit never freezes the page, and Cancel can
// end it (the page terminates the worker). The page makes it from a Blob of
// the module's text followed by this file (web/tools/site.mjs), so it works
// from file:// too. Messages: {id, game, name, text, moves, objective,
// algorithm, timeLimit, nodeLimit} in; {type: 'progress', id, line} while an
// anytime algorithm reports, then {type: 'result', id, result, dead} out.
// Every request gets its result: a trap in the library (an abort, memory out
// of bounds) is answered with {error} and dead: true, since the module's
// memory can no longer be trusted; the page then makes a new worker.
/* global createPuzzlelab */
'use strict';
let current = 0;
const ready = createPuzzlelab({
  onProgress: (line) => postMessage({type: 'progress', id: current, line: line}),
});
onmessage = (e) => {
  const q = e.data;
  ready.then((M) => {
    current = q.id;
    const t0 = performance.now();
    let result, dead = false;
    try {
      result = JSON.parse(M.ccall('plw_solve', 'string',
        ['string', 'string', 'string', 'string', 'string', 'string', 'number', 'number'],
        [q.game, q.name, q.text, q.moves, q.objective || '', q.algorithm || '', q.timeLimit, q.nodeLimit || 0]));
    } catch (err) {
      result = {error: 'the solver stopped: ' + (err && err.message ? err.message : String(err))};
      dead = true;
    }
    result.wall_ms = performance.now() - t0;
    postMessage({type: 'result', id: q.id, result: result, dead: dead});
  }, (err) => {
    postMessage({type: 'result', id: q.id, dead: true,
                 result: {error: 'the library did not start in the worker: ' + (err && err.message ? err.message : String(err))}});
  });
};
