// The play page of boardlab playtest: asks the server for the awaited seat's view, shows the
// other seats' moves one at a time, then the legal moves as buttons. Seats are numbered from
// 0, as on the drawings.
const T = new URLSearchParams(location.search).get('t');
let C = sessionStorage.getItem('boardlab-client');
if (!C) {
  C = Math.random().toString(36).slice(2) + Date.now();
  sessionStorage.setItem('boardlab-client', C);
}
let shown = null;  // the seat this screen last showed
const $ = id => document.getElementById(id);
const say = e => { $('error').textContent = e.message; };
async function api(path, body) {
  const url = path + (path.includes('?') ? '&' : '?') + 't=' + encodeURIComponent(T);
  const options = body ? {method: 'POST', headers: {'Content-Type': 'application/json'},
                          body: JSON.stringify(body)} : {};
  const r = await fetch(url, options);
  const data = await r.json();
  if (!r.ok) { const e = new Error(data.error || r.status); e.status = r.status; throw e; }
  return data;
}
function who(s, seat) {
  return 'seat ' + seat + ' (' + (s.humans.includes(seat) ? 'you, ' : '') + s.seats[seat] + ')';
}
function results(s) {
  if (!s.results.length) return '';
  const rows = s.results.map(r => '<tr><td>' + (r.game + 1) + '</td><td>' +
    r.scores.map((x, i) => who(s, i) + ': ' + x).join('; ') + '</td><td>' +
    r.winners.map(w => who(s, w)).join(', ') + '</td></tr>').join('');
  return '<table><tr><th>Game</th><th>Final scores</th><th>Won</th></tr>' + rows + '</table>';
}
const sleep = ms => new Promise(r => setTimeout(r, ms));
async function settled() {
  // the bots move on the server after a person's move: show who thinks, and for how long
  for (;;) {
    const s = await api('/api/status');
    if (!s.busy) { $('thinking').textContent = ''; return s; }
    const t = s.thinking;
    $('thinking').textContent = t ? 'Seat ' + t.seat + ' (' + t.spec + ') is thinking ... ' +
      t.seconds + ' s' + (t.moves ? '; bot moves since yours: ' + t.moves : '') :
      'The other seats are moving ...';
    await sleep(300);
  }
}
async function refresh() {
  $('error').textContent = '';
  const s = await settled();
  $('results').innerHTML = results(s);
  const last = s.results.length ? s.results[s.results.length - 1] : null;
  const ended = last && last.game === s.game - 1 && s.step < 2 ?
    'Game ' + (last.game + 1) + ' is over: ' + last.winners.map(w => who(s, w)).join(', ') +
    ' won (the table below). ' : '';
  $('progress').textContent = s.over ? 'All ' + s.games + ' games played: they are in the run ' +
    s.run + '. You can close this page and stop the server (Ctrl-C).'
    : ended + 'Game ' + (s.game + 1) + ' of ' + s.games + ', decision ' + (s.step + 1);
  if (s.over && s.saving) {
    $('progress').textContent = 'Writing the last game to the run folder ...';
    setTimeout(() => refresh().catch(say), 300);
  }
  if (s.over || !s.human) { $('play').hidden = true; $('pass').hidden = true; return; }
  if (s.humans.length > 1 && shown !== s.to_act) {
    $('play').hidden = true; $('pass').hidden = false;
    $('passto').textContent = 'seat ' + s.to_act;
    $('passbtn').onclick = () => {
      shown = s.to_act; $('pass').hidden = true; show(s.to_act).catch(say);
    };
    return;
  }
  shown = s.to_act;
  await show(s.to_act);
}
async function show(seat, take) {
  let v;
  try {
    v = await api('/api/view?seat=' + seat + '&c=' + encodeURIComponent(C) + (take ? '&take=1' : ''));
  } catch (e) {
    if (e.status !== 409) throw e;
    $('play').hidden = true;
    $('error').textContent = e.message + '. ';
    const b = document.createElement('button');
    b.id = 'take'; b.textContent = 'Play seat ' + seat + ' in this tab instead';
    b.onclick = () => show(seat, true).catch(say);
    $('error').appendChild(b);
    return;
  }
  $('error').textContent = '';  // a seat taken over from another tab: its notice is done
  $('play').hidden = false;
  $('who').textContent = 'Your move: ' + who(v, seat);
  let k = 0;
  const step = () => {
    if (k < v.moves.length) {
      const m = v.moves[k++];
      $('moves').innerHTML = '<div class="move">' + who(v, m.seat) + ': ' +
        m.label.replace(/</g, '&lt;') + ' <button id="next">next</button></div>';
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
        catch (e) { say(e); }
        refresh().catch(say);
      };
      $('legal').appendChild(b);
    }
  };
  step();
}
refresh().catch(say);
