// The play-testing page of `regula serve`: plain JavaScript over the JSON API of the server
// (src/app/serve.rs). The server holds the game; this page draws what it sends, turns clicks
// on squares into move texts, and polls once a second so that an edit of the rule file shows.
// Nothing here knows a game: squares, pieces, regions and players all come from the state.
'use strict';

let state = null; // the last state sent by the server (of the position shown)
let path = []; // the squares of the move being entered
let view = null; // the ply shown (the position after that many moves), or null: the live one
let flipped = false; // the board turned around

const $ = (id) => document.getElementById(id);

async function api(method, url, body) {
  const init = { method };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const r = await fetch(url, init);
  return r.json();
}

// The state's URL for the position shown.
function stateUrl() {
  return view === null ? '/api/state' : `/api/state?ply=${view}`;
}

// Shows a state unless one as new is already shown (every change bumps `generation`; a poll
// may bring the answer of an action before the action's own reply arrives), and only if it is
// of the position asked for (an answer about a position left since is dropped). A ply the
// game no longer has (an undo, a reload) goes back to the live position.
function showNewer(s) {
  if (s.error) {
    if (view !== null) {
      view = null;
      refresh();
    }
    return;
  }
  if (s.ply !== (view === null ? s.plies : view)) return;
  if (!state || s.generation > state.generation || s.ply !== state.ply) show(s);
}

async function refresh() {
  showNewer(await api('GET', stateUrl()));
}

// A change of the game: it is made on the live game, which is then shown.
async function post(url, body) {
  path = [];
  view = null;
  showNewer(await api('POST', url, body === undefined ? {} : body));
}

// Plays a move on the position shown. On an earlier position it discards the later moves,
// once the player agrees.
function play(text) {
  if (view !== null && state && view < state.plies) {
    const later = state.plies - view;
    const ok = window.confirm(
      `Play ${text} after move ${view}? The ${later} later move${later === 1 ? '' : 's'} will be discarded.`);
    if (!ok) {
      path = [];
      highlight();
      note(`${text} is not played: the game is as it was`, false);
      return Promise.resolve();
    }
    return post('/api/move', { text, at: view });
  }
  return post('/api/move', { text });
}

// Shows the position after `ply` moves (clamped to the game; the last one is the live one).
function goTo(ply) {
  if (!state || state.plies === undefined) return;
  const p = Math.max(0, Math.min(ply, state.plies));
  const next = p === state.plies ? null : p;
  if (next === view && state.ply === p) return;
  view = next;
  path = [];
  refresh();
}

// Whether `a` starts with the squares of `b`.
function startsWith(a, b) {
  return a.length >= b.length && b.every((s, i) => a[i] === s);
}

function pathEntries() {
  return state && state.legal ? state.legal.filter((e) => e.squares) : [];
}

function hasPiece(sq) {
  return $('board').querySelector(`.piece[data-square="${CSS.escape(sq)}"]`) !== null;
}

function rect(sq) {
  return $('board').querySelector(`rect[data-square="${CSS.escape(sq)}"]`);
}

// Marks the squares entered so far and where the move can go next.
function highlight() {
  for (const r of $('board').querySelectorAll('rect[data-square]')) {
    r.classList.remove('from', 'step', 'target', 'stop');
  }
  const choices = $('choices');
  choices.textContent = '';
  $('path').textContent = path.join(' ');
  if (path.length === 0) return;
  path.forEach((sq, i) => rect(sq) && rect(sq).classList.add(i === 0 ? 'from' : 'step'));
  const cands = pathEntries().filter((e) => startsWith(e.squares, path));
  for (const e of cands) {
    if (e.squares.length > path.length) {
      const r = rect(e.squares[path.length]);
      if (r) r.classList.add('target');
    }
  }
  const exact = cands.find((e) => e.squares.length === path.length);
  if (exact && path.length > 1) {
    rect(path[path.length - 1]).classList.add('stop');
    const b = document.createElement('button');
    b.textContent = `stop here: ${exact.text}`;
    b.onclick = () => play(exact.text);
    choices.appendChild(b);
  }
}

function note(text, error) {
  const m = $('message');
  m.textContent = text;
  m.className = error ? 'error' : '';
}

function clickSquare(sq) {
  if (!state || !state.legal) return;
  const entries = pathEntries();
  if (path.length === 0) {
    const drops = state.legal.filter((e) => e.drop === sq);
    if (entries.some((e) => e.squares[0] === sq) || (hasPiece(sq) && drops.length === 0)) {
      path = [sq];
      highlight();
      return;
    }
    if (drops.length === 1) return play(drops[0].text);
    if (drops.length > 1) {
      const choices = $('choices');
      choices.textContent = '';
      for (const d of drops) {
        const b = document.createElement('button');
        b.textContent = d.text;
        b.onclick = () => play(d.text);
        choices.appendChild(b);
      }
      return;
    }
    note(`${sq}: no piece to move and nothing to place there`, true);
    return;
  }
  if (path.length === 1 && sq === path[0]) {
    path = [];
    highlight();
    return;
  }
  const last = path[path.length - 1];
  const here = entries.filter((e) => startsWith(e.squares, path));
  const stop = here.find((e) => e.squares.length === path.length);
  if (sq === last && stop) return play(stop.text);
  const ext = path.concat([sq]);
  const next = entries.filter((e) => startsWith(e.squares, ext));
  if (next.length > 0) {
    path = ext;
    const exact = next.find((e) => e.squares.length === ext.length);
    const longer = next.some((e) => e.squares.length > ext.length);
    const moves = new Set(next.map((e) => e.move));
    if (exact && !longer) return play(exact.text);
    if (moves.size === 1) return play((exact || next[0]).text);
    highlight();
    return;
  }
  if (path.length === 1 && entries.some((e) => e.squares[0] === sq)) {
    path = [sq];
    highlight();
    return;
  }
  // Not a legal path: the server says why (the words of `regula moves --explain`).
  return play(ext.join('-'));
}

function buildParams(s) {
  const box = $('params');
  box.textContent = '';
  if (!s.params || s.params.length === 0) {
    box.textContent = 'none';
    return;
  }
  for (const p of s.params) {
    const div = document.createElement('div');
    div.className = 'param';
    const label = document.createElement('label');
    label.textContent = `${p.name} `;
    const sel = document.createElement('select');
    sel.dataset.param = p.name;
    sel.disabled = p.fixed;
    for (const v of p.values) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = v;
      o.selected = v === p.chosen;
      sel.appendChild(o);
    }
    sel.onchange = () => post('/api/param', { name: p.name, value: sel.value });
    label.appendChild(sel);
    div.appendChild(label);
    if (p.fixed) div.appendChild(document.createTextNode(' (fixed by the variant)'));
    if (p.doc) {
      const d = document.createElement('div');
      d.className = 'doc';
      d.textContent = p.doc;
      div.appendChild(d);
    }
    box.appendChild(div);
  }
}

// The opponent: the ticked players are the ones it moves; none ticked is "off".
function sendOpponent() {
  const players = [...$('opponent-players').querySelectorAll('input:checked')].map((i) => i.value);
  post('/api/opponent', {
    mode: players.length === 0 ? 'off' : $('opponent-mode').value,
    seed: Number($('opponent-seed').value) || 0,
    players,
  });
}

function buildOpponent(s) {
  const o = s.opponent;
  if (o.mode !== 'off') $('opponent-mode').value = o.mode;
  $('opponent-seed').value = o.seed;
  const box = $('opponent-players');
  box.textContent = 'the computer plays: ';
  for (const p of s.players) {
    const label = document.createElement('label');
    const c = document.createElement('input');
    c.type = 'checkbox';
    c.value = p;
    // What the server says, always: no box is ticked while the opponent is off.
    c.checked = o.players.includes(p);
    c.onchange = sendOpponent;
    label.appendChild(c);
    label.appendChild(document.createTextNode(` ${p} `));
    box.appendChild(label);
  }
  const mode = $('opponent-mode').selectedOptions[0];
  $('opponent-status').textContent = o.mode === 'off'
    ? 'off: every side is played by hand'
    : `${o.players.join(', ')}: ${mode ? mode.textContent : o.mode}, seed ${o.seed}`;
}

// The square rectangle's centre, in the picture's coordinates.
function centre(r) {
  return [Number(r.getAttribute('x')) + Number(r.getAttribute('width')) / 2,
    Number(r.getAttribute('y')) + Number(r.getAttribute('height')) / 2];
}

// An element of the board's SVG (in its namespace, read off the drawing itself).
function svgEl(name, attrs) {
  const e = document.createElementNS($('board').querySelector('svg').namespaceURI, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// Shades the goal regions (what the end rules count, where pieces promote) and marks the last
// move: every square it passed, the path, and the pieces it captured.
function decorate(s) {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  const squares = svg.querySelectorAll('rect[data-square]');
  const after = squares[squares.length - 1];
  const shades = [];
  const legend = $('legend');
  legend.textContent = '';
  (s.goals || []).forEach((g, i) => {
    const who = g.player === null ? s.players.length : s.players.indexOf(g.player);
    const cls = `goal-shade goal-${g.why} goal-player-${who}`;
    for (const sq of g.squares) {
      const r = rect(sq);
      if (!r) continue;
      r.classList.add('goal');
      r.dataset.goal = ((r.dataset.goal || '') + ` ${g.region}:${g.player || ''}:${g.why}`).trim();
      shades.push(svgEl('rect', {
        x: r.getAttribute('x'), y: r.getAttribute('y'), width: r.getAttribute('width'),
        height: r.getAttribute('height'), class: cls, 'data-goal': i, 'pointer-events': 'none',
      }));
    }
    const li = document.createElement('li');
    li.dataset.region = g.region;
    const sw = document.createElement('span');
    sw.className = `swatch goal-${g.why} goal-player-${who}`;
    li.appendChild(sw);
    const whose = g.player === null ? '' : ` (${g.player}'s part)`;
    const why = g.why === 'end' ? 'counted by the end rules' : 'pieces promote here';
    li.appendChild(document.createTextNode(`${g.region}${whose}: ${why}`));
    legend.appendChild(li);
  });
  const last = s.last;
  if (!last) {
    if (after) after.after(...shades);
    return;
  }
  last.squares.forEach((sq, i) => {
    const r = rect(sq);
    if (r) r.classList.add(i === 0 && last.squares.length > 1 ? 'last-from' : 'last-to', 'last');
  });
  // The path under the pieces, the crosses of the captured pieces over everything.
  const marks = [];
  const crosses = [];
  const pts = last.squares.map(rect).filter(Boolean).map(centre);
  if (pts.length > 1) {
    marks.push(svgEl('polyline', {
      points: pts.map((p) => p.join(',')).join(' '), class: 'last-path',
      'data-squares': last.squares.join(' '), 'pointer-events': 'none',
    }));
    for (const p of pts.slice(1)) {
      marks.push(svgEl('circle', { cx: p[0], cy: p[1], r: 4, class: 'last-landing', 'pointer-events': 'none' }));
    }
  }
  for (const sq of last.captured) {
    const r = rect(sq);
    if (!r) continue;
    r.classList.add('last-captured');
    const [x, y] = centre(r);
    const d = Number(r.getAttribute('width')) / 2 - 6;
    crosses.push(svgEl('path', {
      d: `M${x - d} ${y - d} L${x + d} ${y + d} M${x - d} ${y + d} L${x + d} ${y - d}`,
      class: 'captured-mark', 'data-square': sq, 'pointer-events': 'none',
    }));
  }
  if (after) after.after(...shades, ...marks);
  svg.append(...crosses);
}

// The board as large as the window lets it be (and no smaller than half its drawing).
function fitBoard() {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  const vb = svg.viewBox.baseVal;
  if (!vb || !vb.width) return;
  const width = $('left').clientWidth;
  const top = $('board').getBoundingClientRect().top + window.scrollY;
  const height = window.innerHeight - top - 150;
  const scale = Math.max(0.5, Math.min(width / vb.width, height / vb.height));
  svg.setAttribute('width', Math.floor(vb.width * scale));
  svg.setAttribute('height', Math.floor(vb.height * scale));
}

function setFlipped(f) {
  flipped = f;
  $('board').classList.toggle('flipped', f);
  $('flip').setAttribute('aria-pressed', String(f));
}

function buildMoves(s) {
  const list = $('moves');
  list.textContent = '';
  let ply = 0;
  for (const r of s.rounds) {
    const li = document.createElement('li');
    r.forEach((m, i) => {
      ply += 1;
      if (i > 0) li.appendChild(document.createTextNode(' '));
      const span = document.createElement('span');
      span.className = 'move';
      span.textContent = m;
      span.dataset.ply = ply;
      span.title = `the position after this move (${ply})`;
      if (ply === s.ply) span.classList.add('current');
      const p = ply;
      span.onclick = () => goTo(p);
      li.appendChild(span);
    });
    list.appendChild(li);
  }
  const cur = list.querySelector('.current');
  if (view === null) list.scrollTop = list.scrollHeight;
  else if (cur) cur.scrollIntoView({ block: 'nearest' });
  $('nav-where').textContent = view === null ? `move ${s.plies} (now)` : `move ${s.ply} of ${s.plies}`;
  $('nav-start').disabled = s.ply === 0;
  $('nav-back').disabled = s.ply === 0;
  $('nav-forward').disabled = view === null;
  $('nav-live').disabled = view === null;
  $('viewing').hidden = view === null;
  if (view !== null) {
    const last = s.last ? `after ${s.last.player}'s ${s.last.move}` : 'the start position';
    $('viewing-text').textContent =
      `Looking back: ${last} (move ${s.ply} of ${s.plies}). A move played here discards the later moves, once you agree.`;
  }
}

function buildCaptured(s) {
  const box = $('captured');
  box.textContent = '';
  if (!s.captured || s.captured.length === 0) {
    box.textContent = 'none yet';
    return;
  }
  const owners = [...new Set(s.captured.map((c) => c.owner))];
  for (const o of owners) {
    const div = document.createElement('div');
    div.className = 'captured-owner';
    div.dataset.owner = o;
    div.appendChild(document.createTextNode(`${o} lost: `));
    const items = s.captured.filter((c) => c.owner === o);
    items.forEach((c, i) => {
      if (i > 0) div.appendChild(document.createTextNode(', '));
      const span = document.createElement('span');
      span.className = 'captured-count';
      span.dataset.owner = c.owner;
      span.dataset.kind = c.kind;
      span.dataset.count = c.count;
      span.textContent = `${c.count} ${c.kind}`;
      div.appendChild(span);
    });
    box.appendChild(div);
  }
}

// The record or the position shown, from the server: { format, text, file }.
async function exported(what) {
  const url = what === 'position' && view !== null
    ? `/api/export?what=position&ply=${view}` : `/api/export?what=${what}`;
  const e = await api('GET', url);
  if (e.error) throw new Error(e.error);
  return e;
}

async function copyOut(what) {
  try {
    const e = await exported(what);
    try {
      await navigator.clipboard.writeText(e.text);
    } catch (_) {
      // No clipboard API (or no permission): the old way, through a selected text area.
      const t = document.createElement('textarea');
      t.value = e.text;
      document.body.appendChild(t);
      t.select();
      const done = document.execCommand('copy');
      t.remove();
      if (!done) throw new Error('the browser refused to copy');
    }
    note(`${what === 'record' ? 'game record' : 'position'} copied (${e.format})`, false);
  } catch (err) {
    note(`not copied: ${err.message}`, true);
  }
}

async function downloadOut(what) {
  try {
    const e = await exported(what);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([e.text], { type: 'text/plain' }));
    a.download = e.file;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    note(`${e.file} saved (${e.format})`, false);
  } catch (err) {
    note(`not saved: ${err.message}`, true);
  }
}

function show(s) {
  state = s;
  $('title').textContent = s.name ? `regula: ${s.name}` : 'regula';
  $('file').textContent = s.file;
  const diag = $('diagnostics');
  diag.hidden = !s.diagnostics;
  if (s.diagnostics) {
    $('stale').textContent = s.svg
      ? 'The rule file no longer checks; the game below uses the last version that did.'
      : 'The rule file does not check: nothing to play until it does.';
    $('diagnostics-text').textContent = s.diagnostics.text;
  }
  $('warnings-box').hidden = !s.warnings;
  $('warnings').textContent = s.warnings || '';
  if (s.message) {
    note(s.message.text + (s.message.help ? `\n${s.message.help}` : ''), s.message.error);
  } else {
    note('', false);
  }
  if (!s.svg) {
    $('board').textContent = '';
    return;
  }
  $('board').innerHTML = s.svg;
  decorate(s);
  fitBoard();
  $('to-move').textContent = s.over ? '' : `${s.to_move} to move`;
  $('outcome').textContent = s.over ? `Game over: ${s.outcome}` : '';
  buildMoves(s);
  buildCaptured(s);
  $('record-format').textContent = `(${s.formats.record})`;
  $('position-format').textContent = `(${s.formats.position})`;
  $('pass').hidden = !s.legal.some((e) => e.pass);
  buildParams(s);
  buildOpponent(s);
  highlight();
}

async function poll() {
  try {
    await refresh();
  } catch (e) {
    note('the server does not answer', true);
  }
}

$('board').addEventListener('click', (ev) => {
  const t = ev.target.closest('[data-square]');
  if (t) clickSquare(t.dataset.square);
});
$('move-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const text = $('move-text').value.trim();
  if (text) play(text).then(() => { if (!state.message || !state.message.error) $('move-text').value = ''; });
});
$('undo').onclick = () => post('/api/undo');
$('restart').onclick = () => post('/api/restart');
$('pass').onclick = () => play('pass');
$('opponent-mode').onchange = () => { if (state && state.opponent.mode !== 'off') sendOpponent(); };
$('opponent-seed').onchange = () => { if (state && state.opponent.mode !== 'off') sendOpponent(); };
$('flip').onclick = () => setFlipped(!flipped);
$('nav-start').onclick = () => goTo(0);
$('nav-back').onclick = () => state && goTo(state.ply - 1);
$('nav-forward').onclick = () => state && goTo(state.ply + 1);
$('nav-live').onclick = () => state && goTo(state.plies);
$('back-live').onclick = () => state && goTo(state.plies);
$('copy-record').onclick = () => copyOut('record');
$('download-record').onclick = () => downloadOut('record');
$('copy-position').onclick = () => copyOut('position');
$('download-position').onclick = () => downloadOut('position');
// Arrow keys step through the game (Home: the start, End: now), except while typing.
document.addEventListener('keydown', (ev) => {
  if (!state || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const t = ev.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
  const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.plies }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  goTo(to);
});
window.addEventListener('resize', fitBoard);
$('position-load').onclick = () => post('/api/position', { text: $('position-text').value });
$('position-current').onclick = () => { if (state) $('position-text').value = state.position_yaml || ''; };
$('record-load').onclick = () => post('/api/record', { text: $('record-text').value });

poll();
setInterval(poll, 1000);
