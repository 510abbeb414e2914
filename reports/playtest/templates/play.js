// The play page of boardlab playtest: asks the server for the awaited seat's view, shows the
// other seats' moves one at a time, then the legal moves as buttons.
const T = new URLSearchParams(location.search).get('t');
let C = sessionStorage.getItem('boardlab-client');
if (!C) { C = Math.random().toString(36).slice(2) + Date.now(); sessionStorage.setItem('boardlab-client', C); }
let shown = null;  // the seat this screen last showed
const $ = id => document.getElementById(id);
async function api(path, body) {
  const r = await fetch(path + (path.includes('?') ? '&' : '?') + 't=' + encodeURIComponent(T),
    body ? {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)} : {});
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || r.status);
  return data;
}
function results(s) {
  if (!s.results.length) return '';
  const rows = s.results.map(r => '<tr><td>' + (r.game + 1) + '</td><td>' + r.scores.join(' / ') +
    '</td><td>' + r.winners.map(w => 'seat ' + (w + 1)).join(', ') + '</td></tr>').join('');
  return '<table><tr><th>Game</th><th>Scores (seat 1 / 2 ...)</th><th>Won</th></tr>' + rows + '</table>';
}
async function refresh() {
  $('error').textContent = '';
  const s = await api('/api/status');
  $('results').innerHTML = results(s);
  $('progress').textContent = s.over ? 'All ' + s.games + ' games played: they are in the run folder.'
    : 'Game ' + (s.game + 1) + ' of ' + s.games + ', decision ' + (s.step + 1);
  if (s.over && s.saving) {
    $('progress').textContent = 'Writing the last game to the run folder ...';
    setTimeout(() => refresh().catch(e => $('error').textContent = e.message), 300);
  }
  if (s.over || !s.human) { $('play').hidden = true; $('pass').hidden = true; return; }
  if (s.humans.length > 1 && shown !== s.to_act) {
    $('play').hidden = true; $('pass').hidden = false;
    $('passto').textContent = 'seat ' + (s.to_act + 1);
    $('passbtn').onclick = () => { shown = s.to_act; $('pass').hidden = true; show(s.to_act); };
    return;
  }
  shown = s.to_act; show(s.to_act);
}
async function show(seat) {
  const v = await api('/api/view?seat=' + seat + '&c=' + encodeURIComponent(C));
  $('play').hidden = false;
  $('who').textContent = 'Seat ' + (seat + 1) + ' (' + v.seats[seat] + ')';
  let k = 0;
  const step = () => {
    if (k < v.moves.length) {
      const m = v.moves[k++];
      $('moves').innerHTML = '<div class="move">Seat ' + (m.seat + 1) + ' (' + v.seats[m.seat] +
        '): ' + m.label.replace(/</g, '&lt;') + ' <button id="next">next</button></div>';
      $('view').innerHTML = m.html; $('legal').innerHTML = '';
      $('next').onclick = step;
      return;
    }
    $('moves').innerHTML = '';
    $('view').innerHTML = v.html;
    $('legal').innerHTML = '';
    for (const a of v.legal) {
      const b = document.createElement('button');
      b.textContent = a.label; b.dataset.action = a.action;
      b.onclick = async () => {
        $('legal').innerHTML = '';  // one click, one move
        try { await api('/api/act', {seat: seat, action: a.action, step: v.step, c: C}); }
        catch (e) { $('error').textContent = e.message; }
        refresh().catch(e => $('error').textContent = e.message);
      };
      $('legal').appendChild(b);
    }
  };
  step();
}
refresh().catch(e => $('error').textContent = e.message);
