// The play-testing page of `regula serve`: plain JavaScript over the JSON API of the server
// (src/serve.rs). The server holds the game; this page draws what it sends, turns clicks on
// squares into move texts, and polls once a second so that an edit of the rule file shows.
'use strict';

let state = null; // the last state sent by the server
let path = []; // the squares of the move being entered

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

// Shows a state unless one as new is already shown (every change bumps `generation`; a poll
// may bring the answer of an action before the action's own reply arrives).
function showNewer(s) {
  if (!state || s.generation > state.generation) show(s);
}

async function post(url, body) {
  path = [];
  showNewer(await api('POST', url, body === undefined ? {} : body));
}

function play(text) {
  return post('/api/move', { text });
}

// Whether `a` starts with the squares of `b`.
function startsWith(a, b) {
  return a.length >= b.length && b.every((s, i) => a[i] === s);
}

function pathEntries() {
  return state && state.legal ? state.legal.filter((e) => e.squares) : [];
}

function hasPiece(sq) {
  return $('board').querySelector(`circle.piece[data-square="${CSS.escape(sq)}"]`) !== null;
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

function sendOpponent() {
  const players = [...$('opponent-players').querySelectorAll('input:checked')].map((i) => i.value);
  post('/api/opponent', {
    mode: $('opponent-mode').value,
    seed: Number($('opponent-seed').value) || 0,
    players,
  });
}

function buildOpponent(s) {
  const o = s.opponent;
  $('opponent-mode').value = o.mode;
  $('opponent-seed').value = o.seed;
  const box = $('opponent-players');
  box.textContent = 'plays: ';
  s.players.forEach((p, i) => {
    const label = document.createElement('label');
    const c = document.createElement('input');
    c.type = 'checkbox';
    c.value = p;
    // Until chosen, the opponent plays every player but the first.
    c.checked = o.mode === 'off' && o.players.length === 0 ? i > 0 : o.players.includes(p);
    c.onchange = () => { if ($('opponent-mode').value !== 'off') sendOpponent(); };
    label.appendChild(c);
    label.appendChild(document.createTextNode(` ${p} `));
    box.appendChild(label);
  });
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
  $('to-move').textContent = s.over ? '' : `${s.to_move} to move`;
  $('outcome').textContent = s.over ? `Game over: ${s.outcome}` : '';
  const list = $('moves');
  list.textContent = '';
  for (const r of s.rounds) {
    const li = document.createElement('li');
    li.textContent = r.join(' ');
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  $('pass').hidden = !s.legal.some((e) => e.pass);
  buildParams(s);
  buildOpponent(s);
  highlight();
}

async function poll() {
  try {
    showNewer(await api('GET', '/api/state'));
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
$('opponent-mode').onchange = sendOpponent;
$('opponent-seed').onchange = sendOpponent;
$('position-load').onclick = () => post('/api/position', { text: $('position-text').value });
$('position-current').onclick = () => { if (state) $('position-text').value = state.position_yaml || ''; };
$('record-load').onclick = () => post('/api/record', { text: $('record-text').value });

poll();
setInterval(poll, 1000);
