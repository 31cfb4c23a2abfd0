// The mancala page: choose a game, play it on an SVG board, watch it live,
// replay past games. Talks to the JSON API of docs/api.md; no build step.
'use strict';

const $ = (sel, root = document) => root.querySelector(sel);
const SVGNS = 'http://www.w3.org/2000/svg';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- words

// The page's words come with it from the server (web.ftl's js-* messages,
// in the reader's language): a pattern is a list of texts, `{v: name}`
// arguments and `{s: name, x: {key: pattern}, d: key}` choices on a number
// (exact value, then plural category) or a word.
const LANG = document.body.dataset.lang || 'en';
const LATIN = document.body.dataset.digits === 'latin';
const MESSAGES = (() => { try { return JSON.parse(document.body.dataset.messages || '{}'); } catch (e) { return {}; } })();
const PLURAL = new Intl.PluralRules(LANG);
const ZERO = LATIN ? null : ({ fa: 0x06f0, my: 0x1040 })[LANG];
function num(n) {
  // Persian writes a half as ۳٫۵ (its own decimal separator).
  const text = LANG === 'fa' && !LATIN ? String(n).replace('.', '\u066b') : String(n);
  return ZERO ? text.replace(/[0-9]/g, (d) => String.fromCharCode(ZERO + Number(d))) : text;
}
function fmt(pattern, args) {
  return pattern.map((piece) => {
    if (typeof piece === 'string') return piece;
    if ('v' in piece) { const v = args[piece.v]; return typeof v === 'number' ? num(v) : String(v === undefined ? '' : v); }
    const v = args[piece.s];
    let key = String(v);
    if (!(key in piece.x) && typeof v === 'number') key = PLURAL.select(v);
    if (!(key in piece.x)) key = piece.d;
    return fmt(piece.x[key], args);
  }).join('');
}
function t(id, args) {
  const pattern = MESSAGES[id];
  return pattern ? fmt(pattern, args || {}) : '⟦missing:' + id + '⟧';
}
// A message chosen by a code the server sends (`prefix` + code, `_` as
// `-`), or null when there is none (web.ftl's js-error-*, js-reason-*).
function byCode(prefix, code, args) {
  const id = prefix + String(code || '').replace(/_/g, '-');
  return code && id in MESSAGES ? t(id, args) : null;
}
// What the page says when the server refuses: the message of the error's
// code in the reader's language (the JSON's `error` is English).
function errorWords(data, statusText) {
  const english = data.error || statusText;
  const args = { error: english, seconds: Number(data.retry_after) || 1 };
  return byCode('js-error-', data.code, args) || t('js-error-other', args);
}

// ---------------------------------------------------------------- storage

const mem = {};
const storage = {
  get(key, fallback) {
    try {
      const v = localStorage.getItem(key);
      return v === null ? fallback : JSON.parse(v);
    } catch (e) {
      return key in mem ? mem[key] : fallback;
    }
  },
  set(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { mem[key] = value; }
  },
};

function seatsOf(id) { return storage.get('mancala.seats.' + id, {}); }
function saveSeats(id, tokens) {
  const seats = Object.assign(seatsOf(id), tokens || {});
  storage.set('mancala.seats.' + id, seats);
  const mine = storage.get('mancala.games', []).filter((g) => g !== id);
  mine.unshift(id);
  storage.set('mancala.games', mine.slice(0, 50));
}

// A seat token chosen here (so that it is known before the server answers).
function newToken() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Every seat token kept in this browser (to list one's own games).
function allTokens() {
  const tokens = new Set();
  for (const id of storage.get('mancala.games', [])) {
    const seats = seatsOf(id);
    for (const side of ['south', 'north']) if (seats[side]) tokens.add(seats[side]);
  }
  return Array.from(tokens).slice(0, 100);
}

// ---------------------------------------------------------------- API

// Every body is JSON (the server refuses other POSTs: another site's page
// cannot send JSON without asking).
async function api(method, path, body, headers) {
  const opts = { method, headers: Object.assign({}, headers || {}) };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    const err = new Error(t('js-unreachable'));
    err.status = 0;
    throw err;
  }
  const text = await res.text();
  let data;
  try { data = text ? JSON.parse(text) : {}; } catch (e) { data = { error: text }; }
  if (!res.ok) {
    let text = errorWords(data, res.statusText);
    if (res.status === 429 || res.status === 503) text = t('js-busy', { error: text });
    const err = new Error(text);
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}

function showMessage(text, info) {
  const m = $('#message');
  if (!text) { m.hidden = true; return; }
  m.textContent = text;
  m.classList.toggle('info', !!info);
  m.hidden = false;
}

// ---------------------------------------------------------------- app state

const app = {
  rules: [],
  rulesById: {},
  view: null,        // the game shown
  shown: null,       // what the board shows: {board, captured, ply}
  gameId: null,
  ws: null,
  wsRetry: 0,
  queue: Promise.resolve(),
  pending: 0,
  animating: false,
  busy: false,       // a request of ours is on its way
  resultShownFor: null,
  hint: null,
  replay: null,
  animate: storage.get('mancala.animate', true),
};

async function loadRules() {
  if (app.rules.length) return;
  const data = await api('GET', '/api/rules' + (LANG === 'en' ? '' : '?lang=' + LANG + (LATIN ? '&digits=latin' : '')));
  app.rules = data.games;
  for (const r of app.rules) app.rulesById[r.id] = r;
}

function label(n, hole) {
  return hole < n ? String.fromCharCode(65 + hole) : String.fromCharCode(97 + hole - n);
}

function sideTitle(side) { return t('js-side', { side }); }

// `kalah:holes=4,seeds=3` as the game it is made from and its parameters.
function splitParams(id) {
  const text = String(id);
  const colon = text.lastIndexOf(':');
  const params = colon > 0 && text.slice(colon + 1).includes('=') ? text.slice(colon + 1) : null;
  return { base: params ? text.slice(0, colon) : text, params };
}

// A game's name in the reader's language (the name the API gives when the
// rules have none in it). A game played with board parameters of its own
// says them: its board is not the one the name alone stands for.
function gameName(id, fallback) {
  const { base, params } = splitParams(id);
  const r = app.rulesById[base];
  let name = r ? r.name : fallback;
  if (!params) return name;
  const p = {};
  for (const kv of params.split(',')) {
    const [k, v] = kv.split('=');
    p[k.trim()] = (v || '').trim();
  }
  if (r && (p.holes || p.seeds)) {
    const holes = p.holes ? Number(p.holes) : r.holes_per_row;
    const seeds = p.seeds ? Number(p.seeds) : r.seeds_per_hole;
    name = t('js-game-variant', { name, holes, seeds });
  }
  if (p.first === 'south' || p.first === 'north') name = t('js-game-variant-first', { game: name, side: p.first });
  return name;
}

// ---------------------------------------------------------------- routing

function showSection(id) {
  for (const s of ['setup', 'play', 'history', 'replay']) $('#' + s).hidden = s !== id;
}

function route() {
  closeSocket();
  showMessage('');
  const hash = location.hash || '#/';
  let m;
  // A link with an invitation (`#/g/ID?invite=SECRET`) or a seat handed
  // over (`?south=TOKEN`): kept (a token only if it works, and never in
  // place of one that works), then hidden from the address bar.
  if ((m = hash.match(/^#\/g\/([\w-]+)\?(.*)$/))) {
    const id = m[1];
    const params = new URLSearchParams(m[2]);
    history.replaceState(null, '', '#/g/' + id);
    return adoptLink(id, params).then(() => openGame(id));
  }
  if ((m = hash.match(/^#\/g\/([\w-]+)/))) return openGame(m[1]);
  if ((m = hash.match(/^#\/r\/([\w-]+)/))) return openReplay(m[1]);
  if (hash.startsWith('#/history')) return openHistory();
  // "Play this game" on a game's page: the form with that game chosen.
  if ((m = hash.match(/^#\/new\/([\w:=,.-]+)/))) return openSetup(decodeURIComponent(m[1]));
  return openSetup();
}

async function tokenWorks(id, token) {
  try {
    const r = await api('POST', `/api/games/${id}/seat`, { token });
    return r.sides || [];
  } catch (e) {
    return e.status === 403 || e.status === 401 ? [] : null; // null: cannot tell now
  }
}

async function adoptLink(id, params) {
  const invite = params.get('invite');
  if (invite && /^[0-9a-f]{16,64}$/i.test(invite)) saveSeats(id, { invite });
  for (const side of ['south', 'north']) {
    const given = params.get(side);
    if (!given) continue;
    const kept = seatsOf(id)[side];
    if (kept && kept !== given) {
      const keptSides = await tokenWorks(id, kept);
      if (keptSides === null || keptSides.includes(side)) continue; // ours works (or cannot be checked): keep it
    }
    const sides = await tokenWorks(id, given);
    if (sides && sides.includes(side)) saveSeats(id, { [side]: given });
    else showMessage(t('js-seat-link-bad', { side }));
  }
}

// ---------------------------------------------------------------- setup

function renderRulesText(text, box) {
  box.textContent = '';
  const lines = text.split('\n');
  let start = 0;
  if (lines.length > 1 && /^=+$/.test(lines[1])) start = 2;
  let list = null;
  const inline = (parent, s) => {
    s.split('`').forEach((part, i) => {
      if (i % 2) { const c = document.createElement('code'); c.textContent = part; parent.append(c); }
      else parent.append(part);
    });
  };
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) { list = null; continue; }
    if (line.startsWith('- ')) {
      if (!list) { list = document.createElement('ul'); box.append(list); }
      const li = document.createElement('li');
      inline(li, line.slice(2));
      list.append(li);
    } else {
      const next = lines[i + 1] || '';
      const el = document.createElement(next.startsWith('- ') ? 'h4' : 'p');
      inline(el, line);
      box.append(el);
      list = null;
    }
  }
}

function updateSetup() {
  const r = app.rulesById[$('#game-select').value];
  if (!r) return;
  $('#game-summary').textContent = r.summary;
  $('#game-page-link').href = '/games/' + encodeURIComponent(r.id);
  renderRulesText(r.rules_text, $('#rules-text'));
  const first = r.first_player;
  $('#side-south-text').textContent = first === 'south' ? t('js-setup-south-first') : $('#side-south-text').dataset.plain;
  $('#side-north-text').textContent = first === 'north' ? t('js-setup-north-first') : $('#side-north-text').dataset.plain;
  $('#perfect-choice').hidden = !r.perfect;
  $('#perfect-choice input').disabled = !r.perfect;
  const opponent = document.querySelector('input[name=opponent]:checked').value;
  $('#side-fieldset').hidden = opponent === 'local';
  storage.set('mancala.lastGame', r.id);
}

async function openSetup(chosen) {
  showSection('setup');
  document.title = t('js-title-new');
  try { await loadRules(); } catch (e) { return showMessage(t('js-cannot-reach', { error: e.message })); }
  const select = $('#game-select');
  if (!select.options.length) {
    for (const r of app.rules) {
      const o = document.createElement('option');
      o.value = r.id;
      o.textContent = r.name + (r.origin && LANG === 'en' ? ' (' + r.origin + ')' : '');
      select.append(o);
    }
    const last = storage.get('mancala.lastGame', null);
    if (last && app.rulesById[last]) select.value = last;
  }
  if (chosen && app.rulesById[chosen]) select.value = chosen;
  for (const o of $('#ai-level').options) o.textContent = num(o.textContent);
  updateSetup();
  // Games of ours still in progress.
  const ids = storage.get('mancala.games', []).slice(0, 8);
  const list = $('#ongoing-list');
  list.textContent = '';
  let shown = 0;
  await Promise.all(ids.map(async (id) => {
    try {
      const v = await api('GET', '/api/games/' + id);
      if (v.over) return;
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = '#/g/' + id;
      a.textContent = t('js-ongoing', { name: gameName(v.game, v.name), players: describePlayers(v), moves: v.ply });
      li.append(a);
      list.append(li);
      shown++;
    } catch (e) { /* gone */ }
  }));
  $('#ongoing').hidden = shown === 0;
}

async function startGame(ev) {
  ev.preventDefault();
  const game = $('#game-select').value;
  let opponent = document.querySelector('input[name=opponent]:checked').value;
  if (opponent === 'ai') opponent = $('#ai-level').value;
  const side = document.querySelector('input[name=side]:checked').value;
  $('#start').disabled = true;
  try {
    const created = await api('POST', '/api/games', { game, opponent, side });
    saveSeats(created.id, Object.assign({}, created.tokens, created.invite ? { invite: created.invite } : {}));
    location.hash = '#/g/' + created.id;
  } catch (e) {
    showMessage(e.message);
  } finally {
    $('#start').disabled = false;
  }
}

// ---------------------------------------------------------------- the board

function svgEl(name, attrs, parent) {
  const el = document.createElementNS(SVGNS, name);
  for (const k in attrs) el.setAttribute(k, attrs[k]);
  if (parent) parent.append(el);
  return el;
}

const PEBBLE_COLORS = ['#e7c58c', '#c98f55', '#f0d9a8', '#b57a45', '#dcae6e', '#a9c0b0', '#d9a0a0'];

function pebbles(g, cx, cy, count, radius, seed) {
  const shown = Math.min(count, 24);
  if (!shown) return;
  const step = Math.min(8.5, (radius - 9) / Math.sqrt(shown));
  for (let k = 0; k < shown; k++) {
    const r = step * Math.sqrt(k + 0.6);
    const a = k * 2.39996 + seed * 1.7;
    svgEl('circle', {
      class: 'pebble',
      cx: (cx + r * Math.cos(a)).toFixed(1),
      cy: (cy + r * Math.sin(a)).toFixed(1),
      r: 6.5,
      fill: PEBBLE_COLORS[(seed * 5 + k * 3) % PEBBLE_COLORS.length],
    }, g);
  }
}

function storePebbles(g, x, y, w, h, count, seed) {
  const shown = Math.min(count, 48);
  const cols = Math.max(1, Math.floor((w - 16) / 15));
  for (let k = 0; k < shown; k++) {
    const col = k % cols, row = Math.floor(k / cols);
    const jitter = ((k * 37 + seed * 11) % 7) - 3;
    svgEl('circle', {
      class: 'pebble',
      cx: x + 14 + col * 15 + jitter,
      cy: y + h - 14 - row * 13 + (((k * 17) % 5) - 2),
      r: 6,
      fill: PEBBLE_COLORS[(k * 3 + seed) % PEBBLE_COLORS.length],
    }, g);
  }
}

// The rows of holes as the viewer sees them, top to bottom, each left to
// right, by hole index: the layout the server gives (from South's seat,
// the core's numbering), turned round for a viewer playing North. Without
// one, two rows of `n`.
function viewGrid(o) {
  const n = o.n;
  const grid = o.grid || [
    Array.from({ length: n }, (_, i) => 2 * n - 1 - i),
    Array.from({ length: n }, (_, i) => i),
  ];
  return o.flip ? grid.slice().reverse().map((row) => row.slice().reverse()) : grid;
}

// Which side of each drawn row its counts and letters go: away from the
// board's middle on two rows; on four, the inner rows' between them; on
// three, the middle row's below it.
function textBelow(rows) {
  if (rows === 4) return [false, true, false, true];
  if (rows === 3) return [false, true, true];
  return [false, true];
}

// Whether `>` (up the ring, counter-clockwise) runs rightwards on screen
// at the hole drawn at `grid[r][c]`: the ring steps one index at a time
// along a row, so a neighbour in the row of the same player tells.
function ringRunsRight(grid, labels, r, c) {
  const row = grid[r], hole = row[c];
  const mine = (h) => h !== undefined && (labels[h] < 'a') === (labels[hole] < 'a');
  if (mine(row[c + 1])) return row[c + 1] === hole + 1;
  if (mine(row[c - 1])) return row[c - 1] === hole - 1;
  return true;
}

// Draws the board. o: {n, grid (rows of hole indices from South's seat),
// labels (by index), board, captured, legal: Set of labels, clickable,
// last: {origin, end} | null, active: hole | null, hinted: label | null,
// selected: hole | null (a hole whose direction is being chosen), toMove,
// names: [south, north], onPlay(label), onSelect(hole | null)}.
function drawBoard(svg, o) {
  const grid = viewGrid(o);
  const rows = grid.length, cols = grid[0].length;
  const labels = o.labels || Array.from({ length: 2 * o.n }, (_, h) => label(o.n, h));
  const width = svg.parentElement.clientWidth || 800;
  const compact = width < 560;
  const S = 100, R = 42;
  const side = compact ? 10 : 130;
  const W = cols * S + 2 * side;
  // Letters at least 12 px high however small the board is drawn (a
  // phone shows 4×8 holes at about 0.4 px a unit).
  const f = Math.max(1, Math.min(1.6, 12 / (20 * Math.min(1, width / W))));
  const top = compact ? Math.round(70 * f) : 0;
  const T = Math.round(60 * f); // a row's counts and letters
  const below = textBelow(rows);
  const rowY = [];
  let y = top + (below[0] ? 0 : T) + 50;
  for (let r = 0; r < rows; r++) {
    if (r > 0) y += 110 + (below[r - 1] ? T : 0) + (below[r] ? 0 : T);
    rowY.push(y);
  }
  const H = y + 50 + (below[rows - 1] ? T : 0) + top;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('tabindex', '-1');
  const flip = !!o.flip;
  svg.style.maxWidth = W + 'px';
  svg.textContent = '';
  svg.dataset.rows = rows;
  svg.dataset.cols = cols;
  // Gradient ids are per board: a board hidden with its section must not
  // be the one another board's fill points at.
  const defs = svgEl('defs', {}, svg);
  const woodId = svg.id + '-wood', pitId = svg.id + '-pit';
  const wood = svgEl('linearGradient', { id: woodId, x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
  svgEl('stop', { offset: '0', 'stop-color': '#c99462' }, wood);
  svgEl('stop', { offset: '1', 'stop-color': '#a8743f' }, wood);
  const pit = svgEl('radialGradient', { id: pitId, cx: '50%', cy: '40%', r: '60%' }, defs);
  svgEl('stop', { offset: '0', 'stop-color': '#5a3519' }, pit);
  svgEl('stop', { offset: '1', 'stop-color': '#7d4f2a' }, pit);
  svgEl('rect', { class: 'board-bg', x: 2, y: 2, width: W - 4, height: H - 4, rx: 28, fill: `url(#${woodId})` }, svg);
  // A tap anywhere but on the choice or a playable hole puts a direction
  // choice away (a property, not a listener: the element outlives drawings).
  const choosing = o.selected !== null && o.selected !== undefined && o.onSelect;
  svg.onclick = choosing ? (e) => { if (!e.target.closest('.dir-chooser, g.hole.legal')) o.onSelect(null); } : null;

  // Stores: the far side's on the left (its right hand), the near side's on
  // the right. The near side is South's, or North's when the board is
  // turned. On more than two rows each stands by its player's rows.
  const far = flip ? 'south' : 'north', near = flip ? 'north' : 'south';
  const first = rowY[0] - 60, last = rowY[rows - 1] + 60, mid = (rowY[0] + rowY[rows - 1]) / 2;
  const tall = rows === 2 ? [[first, last], [first, last]] : [[first, mid - 15], [mid + 15, last]];
  const stores = compact
    ? [{ side: far, x: side, y: 8, w: W - 2 * side, h: top - 14 }, { side: near, x: side, y: H - top + 6, w: W - 2 * side, h: top - 14 }]
    : [{ side: far, x: 14, y: tall[0][0], w: side - 28, h: tall[0][1] - tall[0][0] },
      { side: near, x: W - side + 14, y: tall[1][0], w: side - 28, h: tall[1][1] - tall[1][0] }];
  for (const st of stores) {
    const idx = st.side === 'south' ? 0 : 1;
    const g = svgEl('g', { class: 'store', 'data-side': st.side }, svg);
    svgEl('rect', { class: 'store-bg', x: st.x, y: st.y, width: st.w, height: st.h, rx: 16 }, g);
    const count = o.captured[idx];
    if (compact) {
      // Pebbles between the name (left) and the count (right), never over them.
      const nameText = o.removed ? t('js-store-name-removed', { name: o.names[idx] }) : o.names[idx];
      const from = 24 + Math.ceil(nameText.length * 10.5 * f);
      storePebbles(g, st.x + from, st.y - 2, st.w - from - 64 * f, st.h + 4, Math.min(count, 40), idx);
      const name = svgEl('text', { class: 'store-name', x: st.x + 12, y: st.y + st.h / 2 + 6 * f, 'text-anchor': 'start' }, g);
      name.style.textAnchor = 'start';
      name.style.fontSize = 18 * f + 'px';
      name.textContent = nameText;
      const c = svgEl('text', { class: 'store-count', x: st.x + st.w - 30 * f, y: st.y + st.h / 2 + 12 * f }, g);
      c.style.fontSize = 34 * f + 'px';
      c.textContent = num(count);
    } else {
      storePebbles(g, st.x, st.y + 50, st.w, st.h - 50, count, idx);
      const name = svgEl('text', { class: 'store-name', x: st.x + st.w / 2, y: st.y - 14 }, g);
      name.textContent = o.names[idx];
      const c = svgEl('text', { class: 'store-count', x: st.x + st.w / 2, y: st.y + 42 }, g);
      c.textContent = num(count);
      if (o.removed) {
        const note = svgEl('text', { class: 'store-note', x: st.x + st.w / 2, y: st.y + 64 }, g);
        note.textContent = t('js-store-removed');
      }
    }
    if (o.toMove === st.side && !o.over && !compact) {
      svgEl('circle', { class: 'turn-mark', cx: st.x + st.w / 2, cy: st.y + st.h + 18, r: 7 }, g);
    }
  }

  let chooser = null;
  grid.forEach((row, r) => row.forEach((hole, col) => {
    const down = below[r];
    const cx = side + col * S + S / 2;
    const cy = rowY[r];
    const lab = labels[hole];
    const seeds = o.board[hole];
    // Where the mover chooses the direction the moves are `C>` and `C<`:
    // a tap on the hole offers them as two arrows.
    const dirs = o.clickable ? ['>', '<'].filter((d) => o.legal.has(lab + d)) : [];
    const legal = (o.clickable && o.legal.has(lab)) || dirs.length > 0;
    const cls = ['hole'];
    if (legal) cls.push('legal');
    if (o.active === hole) cls.push('active');
    if (o.hinted && o.hinted.replace(/[<>]$/, '') === lab) cls.push('hinted');
    const chosen = dirs.length > 0 && o.selected === hole;
    if (chosen) cls.push('selected');
    // A hole owned as a player's store (tuzdik, child): "store:south" / "store:north".
    const state = o.holes ? o.holes[hole] : null;
    const owner = state && state.startsWith('store:') ? state.slice(6) : null;
    if (owner) cls.push('owned', `owned-${owner}`);
    const g = svgEl('g', { class: cls.join(' '), 'data-label': lab, 'data-hole': hole, 'data-seeds': seeds, 'data-row': r, 'data-col': col }, svg);
    if (owner) svgEl('rect', { class: 'owned-mark', x: cx - R - 6, y: cy - R - 6, width: 2 * R + 12, height: 2 * R + 12, rx: 14 }, g);
    svgEl('circle', { class: 'pit', cx, cy, r: R, fill: `url(#${pitId})` }, g);
    pebbles(g, cx, cy, seeds, R, hole);
    if (o.last && o.last.origin === hole) svgEl('circle', { class: 'last-ring', cx, cy, r: R + 7 }, g);
    if (o.last && o.last.end === hole) svgEl('circle', { class: 'last-dot', cx, cy: down ? cy - R - 9 : cy + R + 9, r: 4.5 }, g);
    const countY = down ? cy + R + 8 + 26 * f : cy - R - 10 - 6 * f;
    const labelY = down ? countY + 26 * f : countY - 28 * f;
    if (legal) {
      // Not by colour alone: a ring with a dark edge, and an arrow by the letter.
      svgEl('circle', { class: 'legal-ring', cx, cy, r: R + 4 }, g);
      const ay = labelY - 7 * f, dir = down ? -1 : 1, k = f;
      svgEl('path', { class: 'legal-mark', d: `M ${cx - 18 - 8 * k} ${ay - 7 * k * dir} l ${8 * k} ${14 * k * dir} l ${8 * k} ${-14 * k * dir} z` }, g);
    }
    const c = svgEl('text', { class: 'count', x: cx, y: countY }, g);
    if (f > 1) c.style.fontSize = 26 * f + 'px';
    c.textContent = num(seeds);
    const l = svgEl('text', { class: 'label', x: cx, y: labelY }, g);
    if (f > 1) l.style.fontSize = 20 * f + 'px';
    l.textContent = lab;
    const title = svgEl('title', {}, g);
    title.textContent = t('js-hole-title', { hole: lab, seeds });
    if (legal) {
      // A hole with directions opens (or closes) its choice; any other plays.
      const act = dirs.length ? () => o.onSelect(chosen ? null : hole) : () => o.onPlay(lab);
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', t('js-hole-play', { hole: lab, seeds }));
      if (dirs.length) g.setAttribute('aria-expanded', String(chosen));
      g.addEventListener('click', act);
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); act(); }
      });
    }
    if (chosen) chooser = { cx, cy, lab, seeds, dirs, right: ringRunsRight(grid, labels, r, col) };
  }));

  // The choice of direction, over the chosen hole and its neighbours: an
  // arrow each way, each a whole hole wide (a finger's width on a phone),
  // pointing the way the seeds go; the hole's letter between them.
  if (chooser) {
    const { cx, cy, lab, seeds, dirs, right } = chooser;
    const cw = Math.round(S * f), ch = Math.round(96 * f), pw = 3 * cw;
    const x0 = Math.max(6, Math.min(W - 6 - pw, cx - pw / 2));
    const g = svgEl('g', { class: 'dir-chooser', 'data-label': lab }, svg);
    svgEl('rect', { class: 'dir-panel', x: x0, y: cy - ch / 2, width: pw, height: ch, rx: 18 }, g);
    const mid = svgEl('text', { class: 'label dir-label', x: x0 + pw / 2, y: cy + 10 * f }, g);
    mid.style.fontSize = 28 * f + 'px';
    mid.textContent = lab;
    // Tapping the letter puts the choice away.
    mid.addEventListener('click', () => o.onSelect(null));
    for (const toRight of [false, true]) {
      const d = toRight === right ? '>' : '<';
      const bx = toRight ? x0 + pw - cw : x0;
      const ax = bx + cw / 2;
      const on = dirs.includes(d);
      const b = svgEl('g', { class: 'dir-button' + (on ? '' : ' off'), 'data-move': lab + d, 'data-screen': toRight ? 'right' : 'left' }, g);
      svgEl('rect', { class: 'dir-back', x: bx + 4, y: cy - ch / 2 + 4, width: cw - 8, height: ch - 8, rx: 14 }, b);
      const w = (toRight ? 16 : -16) * f, h = 22 * f;
      svgEl('path', { class: 'dir-arrow', d: `M ${ax - w} ${cy - h} L ${ax + w} ${cy} L ${ax - w} ${cy + h} z` }, b);
      if (!on) continue;
      b.setAttribute('tabindex', '0');
      b.setAttribute('role', 'button');
      b.setAttribute('aria-label', t('js-hole-play', { hole: lab + d, seeds }));
      const play = (e) => { e.stopPropagation(); o.onPlay(lab + d); };
      b.addEventListener('click', play);
      b.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); play(e); }
        if (e.key === 'Escape') { e.preventDefault(); o.onSelect(null); }
      });
    }
  }
}

// ---------------------------------------------------------------- a game

function mySides(view) {
  const seats = seatsOf(view.id);
  return ['south', 'north'].filter((s) => seats[s] && view.players[s] === 'human');
}

function tokenFor(view, side) {
  const seats = seatsOf(view.id);
  return seats[side] || seats.south || seats.north || null;
}

function isMyTurn(view) {
  return !view.over && mySides(view).includes(view.to_move);
}

function machineName(p) {
  if (p === 'perfect') return t('js-computer-perfect');
  const level = p.startsWith('ai:') ? p.slice(3) : p;
  return t('js-computer-level', { level: Number(level) });
}

function describePlayers(view) {
  if (view.mode === 'local') return t('js-players-local');
  const mine = mySides(view);
  const name = (side) => {
    const p = view.players[side];
    if (p.startsWith('ai:') || p === 'perfect') return machineName(p);
    if (mine.includes(side)) return t('js-player-you');
    if (!view.seats[side]) return t('js-player-free');
    return mine.length ? t('js-player-opponent') : t('js-player-person');
  };
  return t('js-players', { south: name('south'), north: name('north') });
}

// Which row the viewer sits at: a person playing North alone sees the board
// turned, their own row at the bottom.
function flipped(view) {
  const mine = mySides(view);
  return view.mode !== 'local' && mine.length === 1 && mine[0] === 'north';
}

// A hint as a sentence: the move, and what its value says. The API names
// the value by its unit: `margin_seeds` (games won on seeds), `win_in_plies`
// or `loss_in_plies` (a proven result), `draw`, or `heuristic_score` (an
// estimate in a game won by leaving the opponent without a move, which is
// no count of seeds and is not put in words).
function hintWords(h) {
  const move = h.move;
  if (typeof h.win_in_plies === 'number') return t('js-hint-win', { move, moves: h.win_in_plies });
  if (typeof h.loss_in_plies === 'number') return t('js-hint-loss', { move, moves: h.loss_in_plies });
  if (h.draw === true) return t('js-hint-even', { move });
  if (typeof h.margin_seeds === 'number') {
    const seeds = Math.abs(h.margin_seeds);
    if (seeds === 0) return t('js-hint-even', { move });
    return t(h.margin_seeds < 0 ? 'js-hint-behind' : 'js-hint-ahead', { move, seeds });
  }
  if (h.perfect) return t('js-hint-perfect', { move });
  return t('js-hint-move', { move });
}

// The seeds still on the board at the end, and who they went to.
function leftover(view) {
  if (!view.over || !view.score) return null;
  const onBoard = view.board.reduce((a, b) => a + b, 0);
  const gain = [view.score[0] - view.captured[0], view.score[1] - view.captured[1]];
  if (!onBoard || gain[0] < 0 || gain[1] < 0 || gain[0] + gain[1] !== onBoard) return null;
  return gain;
}

function reasonWords(view) {
  if (!view.reason) return '';
  // `no_moves` names the player who had none: the one to move; `resigned`, who resigned.
  const side = view.reason_code === 'resigned' ? view.resigned : view.to_move;
  return byCode('js-reason-', view.reason_code, { side, limit: 10000 }) || view.reason;
}

// In games whose captures leave the board, the stores count the seeds each
// player's captures removed.
function isRemovalGame(id) {
  return (app.rulesById[splitParams(id).base] || {}).result === 'deprivation';
}

// Both stores are named by their side, as the status, the hints and the
// result name the players (who plays which side is said above the board).
function storeNames() {
  return ['south', 'north'].map(sideTitle);
}

function resultWords(view) {
  const mine = mySides(view);
  let title;
  if (view.winner === 'draw') title = t('js-result-draw');
  else if (mine.length === 1 && view.mode !== 'local') title = mine[0] === view.winner ? t('js-result-win') : t('js-result-lose');
  else title = t('js-result-side-wins', { side: view.winner });
  const score = view.score ? `${num(view.score[0])} – ${num(view.score[1])}` : '';
  let reason = reasonWords(view);
  const gain = leftover(view);
  if (gain) {
    // Each row's seeds to its owner, or shared out some other way (equally, to the last mover...).
    const n = view.board.length / 2;
    const row = (from) => view.board.slice(from, from + n).reduce((a, b) => a + b, 0);
    const owners = gain[0] === row(0) && gain[1] === row(n);
    reason += ' ' + t(owners ? 'js-result-leftover' : 'js-result-leftover-split', { south: gain[0], north: gain[1] });
  }
  return { title, score, reason };
}

function statusText(view) {
  if (view.over) {
    const r = resultWords(view);
    return t('js-status-over', { result: `${r.title}${r.score ? ' ' + r.score : ''}`, reason: r.reason }).trim();
  }
  if (view.thinking) return t('js-status-thinking');
  const mine = mySides(view);
  if (view.mode === 'remote') {
    const other = mine.length ? (mine[0] === 'south' ? 'north' : 'south') : null;
    if (other && !view.seats[other]) return t('js-status-waiting-join');
  }
  if (isMyTurn(view)) {
    if (view.mode === 'local') return t('js-status-to-move', { side: view.to_move });
    return t('js-status-your-move');
  }
  if (!mine.length) return t('js-status-watching', { side: view.to_move });
  return t('js-status-waiting-for', { side: view.to_move });
}

// The hole of a move's label (`C`, `C>`), by the layout's labels.
function holeOf(layout, n, move) {
  const lab = move.replace(/[<>]$/, '');
  if (layout) return layout.labels.indexOf(lab);
  return lab.charCodeAt(0) < 97 ? lab.charCodeAt(0) - 65 : n + lab.charCodeAt(0) - 97;
}

function lastMarks(view, layout) {
  const last = view.last;
  if (!last || last.move === 'pass') return null;
  const origin = holeOf(layout, view.board.length / 2, last.move);
  let end = null;
  // Where the last seed fell (a store is marked by no hole).
  for (const st of last.steps || []) if (st.step === 'sow') end = st.hole === undefined ? null : st.hole;
  return { origin, end };
}

function renderGame(boardOverride) {
  const view = app.view;
  if (!view) return;
  const n = view.board.length / 2;
  const mine = isMyTurn(view) && !view.thinking && !app.animating && !app.busy;
  const legal = new Set(view.legal.filter((m) => m !== 'pass'));
  const svg = $('#board');
  const active = document.activeElement;
  const hadFocus = app.focusBoard || (active && svg.contains(active));
  const labelled = active && active.closest ? active.closest('[data-label]') : null;
  const focusedLabel = labelled ? labelled.dataset.label : null;
  let shown = boardOverride || { board: view.board, captured: view.captured };
  const gain = !boardOverride && leftover(view);
  // At the end, the seeds left on the board are shown in their owners' stores.
  if (gain) shown = { board: view.board.map(() => 0), captured: view.score };
  drawBoard(svg, {
    flip: flipped(view),
    n,
    grid: view.layout && view.layout.grid,
    labels: view.layout && view.layout.labels,
    board: shown.board,
    captured: shown.captured,
    holes: boardOverride ? null : view.holes,
    legal,
    clickable: mine && !boardOverride,
    last: boardOverride ? null : lastMarks(view, view.layout),
    active: boardOverride ? boardOverride.active : null,
    hinted: !boardOverride && app.hint && app.hint.ply === view.ply ? app.hint.move : null,
    toMove: view.to_move,
    over: view.over,
    names: storeNames(),
    removed: isRemovalGame(view.game),
    selected: !boardOverride && app.selected && app.selected.ply === view.ply ? app.selected.hole : null,
    onPlay: (lab) => { app.selected = null; playMove(lab); },
    onSelect: (hole) => chooseDirectionOf(hole),
  });
  svg.dataset.game = view.id;
  svg.dataset.ply = view.ply;
  svg.dataset.over = view.over;
  svg.dataset.turn = view.over ? 'over' : mine ? 'mine' : 'other';
  svg.dataset.animating = !!boardOverride;
  svg.dataset.flipped = flipped(view);
  if (app.focusChooser) {
    // A direction is being chosen: focus on its first arrow (or, put
    // away, back on its hole).
    app.focusChooser = false;
    const target = svg.querySelector('.dir-button[tabindex]') ||
      (focusedLabel && svg.querySelector(`g.hole.legal[data-label="${focusedLabel}"]`)) || svg;
    target.focus({ preventScroll: true });
  } else if (hadFocus) {
    // Focus stays on the board after a move (redrawing it must not send
    // focus back to the top of the page): on the same hole if it can still
    // be played, else the first that can, else the board.
    const target = (focusedLabel && svg.querySelector(`g.hole.legal[data-label="${focusedLabel}"]`)) ||
      svg.querySelector('g.hole.legal') || svg;
    target.focus({ preventScroll: true });
    app.focusBoard = false;
  }
}

// Opens the choice of direction on `hole` (null: puts it away).
function chooseDirectionOf(hole) {
  const view = app.view;
  if (!view) return;
  app.selected = hole === null ? null : { ply: view.ply, hole };
  app.focusChooser = true;
  renderGame();
}

function renderPanel() {
  const view = app.view;
  const mine = mySides(view);
  const r = app.rulesById[splitParams(view.game).base];
  const name = gameName(view.game, view.name);
  $('#game-title').textContent = name;
  document.title = t('js-title-game', { name });
  $('#players').textContent = describePlayers(view);
  const status = $('#status');
  status.textContent = statusText(view);
  status.classList.toggle('mine', isMyTurn(view) && !view.thinking);

  // Sharing and joining.
  const free = ['south', 'north'].filter((s) => !view.seats[s] && view.players[s] === 'human');
  const invite = seatsOf(view.id).invite;
  const url = location.origin + location.pathname + '#/g/' + view.id + (invite ? '?invite=' + invite : '');
  // The link is for the person invited: shown until they have joined.
  $('#share').hidden = !(view.mode === 'remote' && mine.length && !view.over && free.length && invite);
  // Only a link that lets the friend in is offered (the invitation may still be on its way).
  $('#share-link').value = invite ? url : '';
  if (view.mode === 'remote' && mine.length && !view.over && free.length && !invite && !app.inviting) {
    app.inviting = true;
    api('POST', `/api/games/${view.id}/invite`, { token: tokenFor(view, mine[0]) })
      .then((r) => { saveSeats(view.id, { invite: r.invite }); renderPanel(); })
      .catch(() => {})
      .finally(() => { app.inviting = false; });
  }
  $('#join').hidden = !(mine.length === 0 && free.length && !view.over);
  if (free.length) $('#join-text').textContent = t('js-seat-free', { side: free[0] });

  // Buttons.
  const myTurn = isMyTurn(view) && !view.thinking;
  const canPass = myTurn && view.legal.includes('pass');
  $('#pass-btn').hidden = !canPass;
  $('#pass-btn').disabled = app.busy || app.animating;
  const undoable = view.mode !== 'remote' && mine.length && !view.resigned && view.moves.length > 0 &&
    (view.mode === 'local' || hasMoveOf(view, mine));
  $('#undo-btn').hidden = view.mode === 'remote' || !mine.length;
  $('#undo-btn').disabled = !undoable || app.busy;
  $('#hint-btn').hidden = view.mode === 'remote' || !mine.length;
  $('#hint-btn').disabled = !myTurn || app.busy || app.animating;
  $('#resign-btn').hidden = !mine.length;
  $('#resign-btn').disabled = view.over || app.busy;
  if (app.hint && app.hint.ply !== view.ply) { app.hint = null; $('#hint-text').hidden = true; }

  // Moves.
  renderMoves($('#moves'), view.moves, view.moves.length, null);
  $('#export-link').href = '/api/games/' + view.id + '/record?format=text';
  $('#replay-link').href = '#/r/' + view.id;
  if (r) $('#game-title').title = r.summary;
}

function hasMoveOf(view, sides) {
  // Who played move i: the first player alternates (passes count as moves).
  const { base, params } = splitParams(view.game);
  const own = /(^|,)\s*first=(south|north)/.exec(params || '');
  const first = own ? own[2] : (app.rulesById[base] || {}).first_player || 'south';
  for (let i = 0; i < view.moves.length; i++) {
    const side = i % 2 === 0 ? first : (first === 'south' ? 'north' : 'south');
    if (sides.includes(side)) return true;
  }
  return false;
}

function renderMoves(ol, moves, current, onPick) {
  ol.textContent = '';
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement('li');
    const no = document.createElement('span');
    no.className = 'num';
    no.textContent = num(i / 2 + 1) + '.';
    li.append(no);
    for (const j of [i, i + 1]) {
      if (j >= moves.length) break;
      const s = document.createElement('span');
      s.className = 'mv' + (j + 1 === current ? ' current' : '');
      s.textContent = moves[j];
      if (onPick) {
        s.dataset.ply = j + 1;
        s.addEventListener('click', () => onPick(j + 1));
      }
      li.append(s, ' ');
    }
    ol.append(li);
  }
  // Keep the current move in view by scrolling the list only (scrolling
  // it into view would move the whole page on a phone).
  const cur = ol.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop;
    if (top < ol.scrollTop || top + cur.offsetHeight > ol.scrollTop + ol.clientHeight) {
      ol.scrollTop = Math.max(0, top - ol.clientHeight / 2);
    }
  }
}

// Shows a new state of the game, animating the move that led to it when it
// follows the state shown. States are shown one after the other.
function receive(view) {
  if (view.id !== app.gameId) return;
  app.pending++;
  app.queue = app.queue.then(() => show(view)).catch((e) => console.error(e)).finally(() => { app.pending--; });
}

async function show(view) {
  if (view.id !== app.gameId) return;
  const prev = app.view;
  // `updated` orders the states of a game: an older one is stale, an equal
  // one is the same position (perhaps with news such as a joined seat).
  if (prev && view.updated <= prev.updated) {
    if (view.updated === prev.updated) app.view = view;
    renderGame();
    renderPanel();
    return;
  }
  const follows = prev && view.ply === prev.ply + 1 && view.last && view.last.ply === view.ply;
  app.view = view;
  if (follows) announce(view);
  if (follows && app.animate && view.last.steps && app.pending <= 2) {
    app.animating = true;
    renderPanel();
    try {
      await animateMove(view, prev.captured, (o) => renderGame(o));
    } finally {
      app.animating = false;
    }
  }
  if (app.view !== view) return;
  renderGame();
  renderPanel();
  if (!view.over && app.resultShownFor === view.id) app.resultShownFor = null;
  if (view.over && app.resultShownFor !== view.id) {
    app.resultShownFor = view.id;
    if (prev && !prev.over) showResult(view);
  }
}

// Tells screen readers about a move they did not make.
function announce(view) {
  const mine = mySides(view);
  if (view.mode !== 'local' && mine.includes(view.last.side)) return;
  const move = view.last.move;
  let text = view.players[view.last.side] !== 'human' ? t('js-announce-computer', { move })
    : view.mode !== 'local' && mine.length ? t('js-announce-opponent', { move })
    : t('js-announce-side', { side: view.last.side, move });
  if (view.over) text += ' ' + statusText(view);
  else if (isMyTurn(view) && view.mode !== 'local') text += ' ' + t('js-announce-your-move');
  $('#announce').textContent = text;
}

// Plays the last move's steps, as the engine made them: each lap lifts a
// hole and sows seed by seed (into holes and stores), captures take seeds
// from holes into a store (or an owned hole). The final drawing, with holes
// made a player's own, comes after.
async function animateMove(view, capturedBefore, draw) {
  const last = view.last;
  const board = last.before.slice();
  const captured = capturedBefore.slice();
  const steps = last.steps || [];
  const delay = Math.max(25, Math.min(170, 2400 / Math.max(1, steps.length)));
  for (const s of steps) {
    let active = null;
    if (s.step === 'lift') {
      if (s.hole !== undefined) { board[s.hole] = 0; active = s.hole; }
      else captured[s.store === 'south' ? 0 : 1] -= s.seeds;
    }
    else if (s.step === 'sow') {
      if (s.hole !== undefined) { board[s.hole] += 1; active = s.hole; }
      else captured[s.store === 'south' ? 0 : 1] += 1;
    } else if (s.step === 'take') {
      if (s.hole !== undefined) { board[s.hole] -= s.seeds; active = s.hole; }
      else captured[s.store === 'south' ? 0 : 1] -= s.seeds;
    }
    else if (s.step === 'keep') {
      if (s.to === 'hole') { board[s.hole] += s.seeds; active = s.hole; }
      // Into the hand: the next steps sow them (four rows, from a kichwa).
      else if (s.to === 'hand') continue;
      else captured[s.side === 'south' ? 0 : 1] += s.seeds;
    } else continue;
    draw({ board, captured, active });
    await sleep(delay);
  }
}

function showResult(view) {
  const r = resultWords(view);
  $('#result-title').textContent = r.title;
  $('#result-score').textContent = r.score;
  $('#result-reason').textContent = r.reason;
  const d = $('#result');
  if (!d.open) {
    if (d.showModal) d.showModal(); else d.setAttribute('open', '');
  }
}

async function playMove(lab) {
  const view = app.view;
  if (!view || app.busy) return;
  const side = view.to_move;
  app.busy = true;
  renderGame();
  try {
    app.focusBoard = true;
    const next = await api('POST', `/api/games/${view.id}/moves`, { token: tokenFor(view, side), move: lab, version: view.version });
    app.busy = false;
    if (!app.animating) renderGame();
    receive(next);
  } catch (e) {
    app.busy = false;
    showMessage(e.message);
    if (e.status === 409) refreshGame();
    else renderGame();
  }
}

async function refreshGame() {
  try { receive(await api('GET', '/api/games/' + app.gameId)); } catch (e) { showMessage(e.message); }
}

async function action(path, body, after) {
  const view = app.view;
  app.busy = true;
  renderPanel();
  try {
    const result = await api('POST', `/api/games/${view.id}/${path}`, body);
    app.busy = false;
    after(result);
  } catch (e) {
    app.busy = false;
    showMessage(e.message);
  }
  if (app.view) { renderPanel(); renderGame(); }
}

function undo() {
  const view = app.view;
  action('undo', { token: tokenFor(view, view.to_move) }, (v) => { app.view = null; app.hint = null; receive(v); });
}

function hint() {
  const view = app.view;
  action('hint', { token: tokenFor(view, view.to_move) }, (h) => {
    app.hint = { ply: view.ply, move: h.move };
    const box = $('#hint-text');
    let text = hintWords(h);
    if (h.line && h.line.length > 1) text += ' ' + t('js-hint-line', { line: h.line.join(' ') });
    box.textContent = text;
    box.hidden = false;
  });
}

let resignArmed = null;
function resign() {
  const btn = $('#resign-btn');
  if (!resignArmed) {
    btn.textContent = t('js-resign-really');
    resignArmed = setTimeout(() => { resignArmed = null; btn.textContent = btn.dataset.plain; }, 4000);
    return;
  }
  clearTimeout(resignArmed);
  resignArmed = null;
  btn.textContent = btn.dataset.plain;
  const view = app.view;
  const mine = mySides(view);
  const side = mine.includes(view.to_move) ? view.to_move : mine[0];
  action('resign', { token: tokenFor(view, side), side }, (v) => receive(v));
}

async function join() {
  const id = app.gameId;
  const seats = seatsOf(id);
  // The token is chosen (and kept) before asking: if the answer is lost,
  // asking again with it finds the seat ours.
  const token = seats.joining || newToken();
  saveSeats(id, { joining: token });
  try {
    let j;
    try {
      j = await api('POST', `/api/games/${id}/join`, { invite: seats.invite || '', token });
    } catch (e) {
      if (e.status !== 0) throw e;
      j = await api('POST', `/api/games/${id}/join`, { invite: seats.invite || '', token });
    }
    saveSeats(id, { [j.side]: j.token });
    app.view = null;
    receive(j.game);
  } catch (e) {
    showMessage(e.message);
    refreshGame();
  }
}

async function openGame(id) {
  showSection('play');
  app.gameId = id;
  app.view = null;
  app.hint = null;
  app.selected = null;
  app.queue = Promise.resolve();
  $('#hint-text').hidden = true;
  $('#board').textContent = '';
  // The board says which game it shows only once it shows this one.
  delete $('#board').dataset.game;
  $('#status').textContent = t('js-loading');
  try {
    await loadRules();
    const view = await api('GET', '/api/games/' + id);
    if (view.over) app.resultShownFor = id; // no dialog for a game already over
    else app.resultShownFor = null;
    receive(view);
    connect(id);
  } catch (e) {
    $('#status').textContent = '';
    showMessage(e.status === 404 ? t('js-no-such-game', { id }) : e.message);
  }
}

// ---------------------------------------------------------------- live

function connect(id) {
  closeSocket();
  const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
  const ws = new WebSocket(proto + location.host + '/api/games/' + id + '/live');
  app.ws = ws;
  ws.onopen = () => { app.wsRetry = 0; if (app.gameId === id) showMessage(''); };
  ws.onmessage = (ev) => {
    if (ev.data === 'pong') return;
    try {
      const msg = JSON.parse(ev.data);
      if (msg.type === 'game') receive(msg.game);
    } catch (e) { console.error(e); }
  };
  ws.onclose = () => {
    if (app.ws !== ws) return;
    app.ws = null;
    if (app.gameId !== id || location.hash.indexOf('#/g/' + id) !== 0) return;
    const delay = Math.min(10000, 500 * 2 ** app.wsRetry++);
    if (app.wsRetry > 2) showMessage(t('js-connection-lost'), true);
    setTimeout(() => { if (app.gameId === id && !app.ws && !$('#play').hidden) connect(id); }, delay);
  };
}

function closeSocket() {
  const ws = app.ws;
  app.ws = null;
  if (ws) ws.close();
}

// ---------------------------------------------------------------- history

let historyOffset = 0;
async function openHistory(more) {
  showSection('history');
  document.title = t('js-title-history');
  const tbody = $('#history-table tbody');
  if (!more) { historyOffset = 0; tbody.textContent = ''; }
  try {
    await loadRules();
    const data = await api('GET', `/api/games?limit=50&offset=${historyOffset}`, undefined, { 'X-Seat-Tokens': allTokens().join(' ') });
    historyOffset += data.games.length;
    for (const g of data.games) {
      const tr = document.createElement('tr');
      const when = new Date(g.updated).toLocaleString(LATIN ? LANG + '-u-nu-latn' : LANG);
      const who = (p) => (p === 'human' ? t('js-history-person') : p === 'perfect' ? t('js-history-computer-perfect') : t('js-history-computer-level', { level: Number(p.slice(3)) }));
      const players = g.mode === 'local' ? t('js-history-local') : `${who(g.players.south)} – ${who(g.players.north)}`;
      let result = t('js-history-result', { result: g.status === 'over' ? g.winner : 'playing' });
      if (g.resigned) result += ` (${t('js-history-resigned', { side: g.resigned })})`;
      const cells = [when, gameName(g.game, g.name || g.game), players, num(g.ply), result];
      cells.forEach((text, i) => {
        const td = document.createElement('td');
        if (i === 1) {
          const a = document.createElement('a');
          a.href = '#/r/' + g.id;
          a.textContent = text;
          td.append(a);
        } else if (i === 4 && g.status !== 'over') {
          const a = document.createElement('a');
          a.href = '#/g/' + g.id;
          a.textContent = text;
          td.append(a);
        } else td.textContent = text;
        tr.append(td);
      });
      tbody.append(tr);
    }
    $('#history-more').hidden = historyOffset >= data.total;
    if (!data.total) {
      const tr = document.createElement('tr');
      const td = document.createElement('td');
      td.colSpan = 5;
      td.textContent = t('js-no-games');
      tr.append(td);
      tbody.append(tr);
    }
  } catch (e) { showMessage(e.message); }
}

async function importRecord(ev) {
  ev.preventDefault();
  const text = $('#import-text').value;
  try {
    const created = await api('POST', '/api/games/import', { text });
    saveSeats(created.id, created.tokens);
    location.hash = (created.game.over ? '#/r/' : '#/g/') + created.id;
  } catch (e) { showMessage(e.message); }
}

// ---------------------------------------------------------------- replay

async function openReplay(id) {
  showSection('replay');
  $('#replay-board').textContent = '';
  try {
    await loadRules();
    const data = await api('GET', `/api/games/${id}/positions`);
    app.replay = { id, game: data.game, positions: data.positions, ply: data.positions.length - 1 };
    const v = data.game;
    $('#replay-title').textContent = t('js-replay-title', { name: gameName(v.game, v.name) });
    document.title = t('js-title-replay');
    $('#replay-players').textContent = describePlayers(v);
    $('#rp-slider').max = data.positions.length - 1;
    $('#replay-export').href = `/api/games/${id}/record?format=text`;
    $('#replay-open').href = '#/g/' + id;
    showReplayPly(app.replay.ply, false);
  } catch (e) { showMessage(e.status === 404 ? t('js-no-such-game', { id }) : e.message); }
}

async function showReplayPly(ply, animate) {
  const rp = app.replay;
  if (!rp) return;
  ply = Math.max(0, Math.min(rp.positions.length - 1, ply));
  const prev = rp.ply;
  rp.ply = ply;
  const pos = rp.positions[ply];
  const n = pos.board.length / 2;
  const svg = $('#replay-board');
  const names = storeNames();
  const layout = rp.game.layout;
  const draw = (o) => drawBoard(svg, {
    n, grid: layout && layout.grid, labels: layout && layout.labels, board: o.board, captured: o.captured, legal: new Set(), clickable: false,
    last: o.last, active: o.active, hinted: null, toMove: pos.to_move, over: pos.over, names,
    removed: isRemovalGame(rp.game.game), onPlay: () => {},
  });
  rp.token = (rp.token || 0) + 1;
  const token = rp.token;
  if (animate && app.animate && ply === prev + 1 && pos.last && pos.last.steps) {
    await animateMove({ last: pos.last }, rp.positions[prev].captured, (o) => { if (rp.token === token) draw(o); });
    if (rp.token !== token) return;
  }
  draw({ board: pos.board, captured: pos.captured, last: pos.last ? lastMarks({ last: pos.last, board: pos.board }, layout) : null, active: null });
  svg.dataset.ply = ply;
  $('#rp-slider').value = ply;
  const moves = rp.game.moves;
  renderMoves($('#replay-moves'), moves, ply, (p) => showReplayPly(p, false));
  let text = ply === 0 ? t('js-replay-start') : t('js-replay-after', { ply, move: pos.last.move, side: pos.last.side });
  if (ply === rp.positions.length - 1 && rp.game.over) text += ' · ' + statusText(rp.game);
  else if (pos.over) text += ' · ' + (pos.winner === 'draw' ? t('js-result-draw') : t('js-result-side-wins', { side: pos.winner })) + (pos.score ? ` ${num(pos.score[0])} – ${num(pos.score[1])}` : '');
  else text += ' · ' + t('js-status-to-move', { side: pos.to_move });
  $('#replay-status').textContent = text;
}

// ---------------------------------------------------------------- keys

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const tag = (e.target.tagName || '').toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return;
  if ($('#result').open) return;
  if (!$('#replay').hidden && app.replay) {
    const rp = app.replay;
    const moves = { ArrowLeft: rp.ply - 1, ArrowRight: rp.ply + 1, Home: 0, End: rp.positions.length - 1 };
    if (e.key in moves) { e.preventDefault(); showReplayPly(moves[e.key], e.key === 'ArrowRight'); }
    return;
  }
  if ($('#play').hidden || !app.view) return;
  const view = app.view;
  if (!isMyTurn(view) || view.thinking || app.busy || app.animating) return;
  if (e.key === '.' && view.legal.includes('pass')) { e.preventDefault(); playMove('pass'); return; }
  if (e.key === 'Escape' && app.selected) { e.preventDefault(); chooseDirectionOf(null); return; }
  if (e.key.length !== 1 || !/[a-pA-P]/.test(e.key)) return;
  const lab = view.to_move === 'south' ? e.key.toUpperCase() : e.key.toLowerCase();
  if (view.legal.includes(lab)) { e.preventDefault(); playMove(lab); return; }
  // A hole whose moves carry a direction: its choice opens.
  if (view.legal.includes(lab + '>') || view.legal.includes(lab + '<')) {
    e.preventDefault();
    chooseDirectionOf(holeOf(view.layout, view.board.length / 2, lab));
  }
}

// ---------------------------------------------------------------- wiring

function init() {
  $('#setup-form').addEventListener('submit', startGame);
  $('#game-select').addEventListener('change', updateSetup);
  for (const r of document.querySelectorAll('input[name=opponent]')) r.addEventListener('change', updateSetup);
  $('#ai-level').addEventListener('change', () => { document.querySelector('input[name=opponent][value=ai]').checked = true; updateSetup(); });
  $('#pass-btn').addEventListener('click', () => playMove('pass'));
  $('#undo-btn').addEventListener('click', undo);
  $('#hint-btn').addEventListener('click', hint);
  $('#resign-btn').addEventListener('click', resign);
  $('#join-btn').addEventListener('click', join);
  $('#copy-link').addEventListener('click', () => {
    const input = $('#share-link');
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => {});
    else document.execCommand('copy');
    showMessage(t('js-link-copied'), true);
  });
  $('#copy-record').addEventListener('click', () => {
    if (!app.view) return;
    const text = `game: ${app.view.game}\nmoves: ${app.view.record}\n`;
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => showMessage(t('js-record-copied'), true), () => showMessage(text, true));
    else showMessage(text, true);
  });
  const toggle = $('#animate-toggle');
  toggle.checked = app.animate;
  toggle.addEventListener('change', () => { app.animate = toggle.checked; storage.set('mancala.animate', app.animate); });
  $('#result-close').addEventListener('click', () => $('#result').close());
  $('#result-new').addEventListener('click', () => $('#result').close());
  $('#result-replay').addEventListener('click', () => { $('#result').close(); if (app.gameId) location.hash = '#/r/' + app.gameId; });
  $('#history-more').addEventListener('click', () => openHistory(true));
  $('#import-form').addEventListener('submit', importRecord);
  $('#rp-first').addEventListener('click', () => showReplayPly(0, false));
  $('#rp-prev').addEventListener('click', () => showReplayPly(app.replay.ply - 1, false));
  $('#rp-next').addEventListener('click', () => showReplayPly(app.replay.ply + 1, true));
  $('#rp-last').addEventListener('click', () => showReplayPly(app.replay.positions.length - 1, false));
  $('#rp-slider').addEventListener('input', (e) => showReplayPly(Number(e.target.value), false));
  document.addEventListener('keydown', onKey);
  let resizeTimer = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (!$('#play').hidden && app.view && !app.animating) renderGame();
      if (!$('#replay').hidden && app.replay) showReplayPly(app.replay.ply, false);
    }, 100);
  });
  window.addEventListener('hashchange', route);
  route();
}

init();
