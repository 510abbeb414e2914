"""One recorded game as a self-contained HTML page: step through its decisions, each with the
acting seat's view, beside the score track (``boardlab replay``)."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from analyses.replay.rebuild import FROM_ACTIONS, Replay
from reports.replay.draw import draw_view, seat_colour
from simcore.core.registry import display_name

SEAT_MODE = (
    "Seat view: each decision shows only what the seat that took it could see "
    "(hidden cards stay hidden)."
)
ANALYST_MODE = (
    "Analyst view (--reveal): every hidden card is shown. No player saw all of "
    "this during the game."
)


def score_track(replay: Replay) -> str:
    """An SVG line per seat: its score after each decision, a marker at the current one."""
    n = len(replay.steps)
    series = [replay.start_scores] + [s.scores for s in replay.steps]
    top = max(1.0, *(max(row) for row in series))
    low = min(0.0, *(min(row) for row in series))
    w, h, left, pad = 900.0, 190.0, 44.0, 18.0

    def xy(i: int, v: float) -> str:
        x = left + (w - left - pad) * i / max(1, n)
        y = h - 26 - (h - 26 - pad) * (v - low) / (top - low)
        return f"{x:.1f},{y:.1f}"

    body = [
        f'<line x1="{left}" y1="{h - 26}" x2="{w - pad}" y2="{h - 26}" stroke="#999"/>',
        f'<text x="{left - 6}" y="{pad + 4}" font-size="11" text-anchor="end">{top:g}</text>',
        f'<text x="{left - 6}" y="{h - 26}" font-size="11" text-anchor="end">{low:g}</text>',
        f'<text x="{w / 2}" y="{h - 6}" font-size="11" text-anchor="middle">decision</text>',
    ]
    # round starts, so that the track reads in the game's own units
    labelled = -100.0
    for i, step in enumerate(replay.steps):
        if i and step.round != replay.steps[i - 1].round:
            x = xy(i, low).split(",")[0]
            body.append(f'<line x1="{x}" y1="{pad}" x2="{x}" y2="{h - 26}" stroke="#e3e7eb"/>')
            if float(x) - labelled >= 28:  # short rounds: a label only where it fits
                labelled = float(x)
                body.append(
                    f'<text x="{x}" y="{h - 14}" font-size="9" text-anchor="middle" '
                    f'fill="#5d6d7e">r{step.round}</text>'
                )
    for seat in range(replay.n_players):
        points = " ".join(xy(i, row[seat]) for i, row in enumerate(series))
        body.append(
            f'<polyline points="{points}" fill="none" stroke="{seat_colour(seat)}" '
            f'stroke-width="2.2"><title>seat {seat}</title></polyline>'
        )
    body.append(
        f'<line id="marker" x1="{left}" y1="{pad}" x2="{left}" y2="{h - 26}" '
        'stroke="#1b2631" stroke-dasharray="4 3"/>'
    )
    return (
        f'<svg id="track" viewBox="0 0 {w:.0f} {h:.0f}" data-left="{left}" '
        f'data-right="{w - pad}" data-n="{n}" role="img" aria-label="score track" '
        f'xmlns="http://www.w3.org/2000/svg">{"".join(body)}</svg>'
    )


def _who(replay: Replay, seat: int) -> str:
    colour = seat_colour(seat)
    return (
        f'<span class="seat" style="border-color:{colour}">seat {seat} '
        f"({escape(replay.policies[seat])})</span>"
    )


def _frames(replay: Replay) -> tuple[list[str], list[dict[str, Any]]]:
    """Unique view HTML strings and, per frame, its view's two indices (picture, lines) and
    its decision text (HTML)."""
    views: list[str] = []
    index: dict[str, int] = {}
    frames = []

    def view_id(view: dict[str, Any]) -> list[int]:
        """Picture and lines are stored once each: many decisions change only one of them."""
        ids = []
        for text in draw_view(view):
            if text not in index:
                index[text] = len(views)
                views.append(text)
            ids.append(index[text])
        return ids

    n = len(replay.steps)
    for step in replay.steps:
        after = "".join(f"<li>{escape(line)}</li>" for line in step.narrative)
        scores = " · ".join(f"seat {s}: {v:g}" for s, v in enumerate(step.scores))
        text = (
            f"<p><b>Decision {step.step + 1} of {n}</b> · round {step.round} · "
            f"{_who(replay, step.seat)} chose <b>{escape(step.label)}</b></p>"
            + (f'<ul class="after">{after}</ul>' if after else "")
            + f'<p class="scores">scores after it: {scores}</p>'
            f'<p class="seen">What seat {step.seat} saw when deciding:</p>'
        )
        frames.append({"v": view_id(step.view), "d": text})
    result = " · ".join(
        f"seat {r['seat']}: {r['score']:g} (rank {r['rank']})" for r in replay.result
    )
    frames.append(
        {
            "v": view_id(replay.final_view),
            "d": f"<p><b>End of the game</b> ({escape(replay.ended_by)}, "
            f"{replay.turns} turns): {escape(result)}</p>"
            f'<p class="seen">The final position as seat {replay.final_viewer} '
            "sees it:</p>",
        }
    )
    return views, frames


def _result_table(replay: Replay) -> str:
    rows = "".join(
        f'<tr><td>{_who(replay, r["seat"])}</td><td class="num">{r["score"]:g}</td>'
        f'<td class="num">{r["rank"]}</td><td class="num">{r["win_share"]:.3g}</td></tr>'
        for r in replay.result
    )
    return (
        '<table><thead><tr><th>Seat (player)</th><th class="num">Score</th>'
        '<th class="num">Rank</th><th class="num">Win share</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def _log(replay: Replay) -> str:
    """Every decision in one list (click one to jump to it)."""
    items = "".join(
        f'<li data-i="{s.step}"><span class="who" style="color:{seat_colour(s.seat)}">'
        f"seat {s.seat}</span> {escape(s.label)}</li>"
        for s in replay.steps
    )
    return f'<ol id="log">{items}<li data-i="{len(replay.steps)}"><b>end</b></li></ol>'


def replay_html(replay: Replay) -> str:
    """The whole page for one rebuilt game."""
    views, frames = _frames(replay)
    data = json.dumps({"views": views, "frames": frames}).replace("</", "<\\/")
    mode = ANALYST_MODE if replay.reveal else SEAT_MODE
    source = "the run's actions table" if replay.source == FROM_ACTIONS else replay.source
    title = f"{display_name(replay.game_id)}: game {replay.game_index} of {replay.cell_label}"
    checked = (
        f"Rebuilt from {escape(source)}; the rebuilt game ends with the recorded scores, "
        "ranks and win shares."
    )
    return PAGE.format(
        title=escape(title),
        subtitle=escape(
            f"run {replay.run} · cell {replay.cell} · game {replay.game_index} · "
            f"seed {replay.seed} · {replay.game_id} version {replay.version}"
        ),
        mode_class="analyst" if replay.reveal else "seat",
        mode=escape(mode),
        checked=checked,
        result=_result_table(replay),
        track=score_track(replay),
        last=len(frames) - 1,
        log=_log(replay),
        data=data,
        css=CSS,
        js=JS,
    )


def write_replay(replay: Replay, path: str | Path) -> Path:
    """Write the page atomically."""
    from reports.kit.files import write_report

    return write_report(replay_html(replay), path)


CSS = """
:root { --ink:#1b2631; --muted:#5d6d7e; --line:#e3e7eb; --accent:#2f6690; }
body { margin:0; font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;
       color:var(--ink); background:#fbfcfd; line-height:1.45; }
main { max-width:1180px; margin:0 auto; padding:1.2rem 1.4rem 3rem; }
h1 { margin:.2rem 0; font-size:1.6rem; } .sub { color:var(--muted); margin:0 0 .6rem; }
.mode { border-radius:6px; padding:.5rem .9rem; margin:.6rem 0; font-weight:600; }
.mode.seat { background:#e8f3ea; border:1px solid #9cc9a5; }
.mode.analyst { background:#fdecea; border:1px solid #e6a19a; }
.row { display:flex; gap:1.2rem; flex-wrap:wrap; align-items:flex-start; }
table { border-collapse:collapse; font-size:.9rem; }
th, td { padding:.25rem .6rem; border-bottom:1px solid var(--line); text-align:left; }
td.num, th.num { text-align:right; font-variant-numeric:tabular-nums; }
.seat { border-left:4px solid; padding-left:.35rem; }
#track { width:100%; height:auto; max-height:200px; background:#fff; border:1px solid var(--line); }
.controls { position:sticky; top:0; background:#fbfcfd; padding:.5rem 0; z-index:2;
            display:flex; gap:.4rem; align-items:center; border-bottom:1px solid var(--line); }
.controls button { font-size:1rem; padding:.2rem .7rem; cursor:pointer; }
.controls input[type=range] { flex:1; }
.controls .pos { min-width:9em; text-align:right; color:var(--muted);
                 font-variant-numeric:tabular-nums; }
.stage { display:grid; grid-template-columns:minmax(0,1fr) 300px; gap:1rem; margin-top:.8rem; }
.panel { background:#fff; border:1px solid var(--line); border-radius:6px; padding:.6rem 1rem; }
.panel p { margin:.3rem 0; } ul.after { margin:.2rem 0; color:#34495e; font-size:.92rem; }
.scores, .seen { color:var(--muted); font-size:.9rem; }
svg.view { width:100%; height:auto; max-height:560px; display:block; margin:.4rem 0; }
table.boards { border-collapse:collapse; font-size:.8rem; margin:.4rem 0; }
table.boards th, table.boards td { border-bottom:1px solid #e5e8eb; padding:.15rem .5rem;
  text-align:left; vertical-align:top; }
table.boards th { color:#34495e; font-weight:600; }
pre.viewlines { font-family:ui-monospace,Menlo,Consolas,monospace; font-size:.78rem;
                color:#34495e; white-space:pre-wrap; margin:.4rem 0; }
#log { max-height:640px; overflow-y:auto; font-size:.82rem; padding-left:2.6rem; margin:0;
       background:#fff; border:1px solid var(--line); border-radius:6px; }
#log li { cursor:pointer; padding:.05rem .2rem; }
#log li.now { background:#fdf2d0; font-weight:600; }
#log .who { font-weight:600; }
.keys { color:var(--muted); font-size:.85rem; }
"""

JS = """
(function () {
  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var slider = document.getElementById('slider'), log = document.getElementById('log');
  var track = document.getElementById('track'), marker = document.getElementById('marker');
  var last = data.frames.length - 1, now = 0, timer = null;
  function show(i) {
    now = Math.max(0, Math.min(last, i));
    var f = data.frames[now];
    document.getElementById('decision').innerHTML = f.d;
    document.getElementById('view').innerHTML = data.views[f.v[0]] + data.views[f.v[1]];
    slider.value = now;
    document.getElementById('pos').textContent = now < last ?
      'decision ' + (now + 1) + ' / ' + last : 'end of the game';
    if (history.replaceState) history.replaceState(null, '', '#d' + (now + 1));
    var l = +track.dataset.left, r = +track.dataset.right, n = Math.max(1, +track.dataset.n);
    var x = l + (r - l) * Math.min(now + 1, n) / n;
    marker.setAttribute('x1', x); marker.setAttribute('x2', x);
    var items = log.children;
    for (var k = 0; k < items.length; k++) items[k].className = k === now ? 'now' : '';
    var it = items[now]; if (it) { var top = it.offsetTop - log.offsetTop;
      if (top < log.scrollTop || top > log.scrollTop + log.clientHeight - 20)
        log.scrollTop = top - log.clientHeight / 2; }
  }
  function play() {
    if (timer) { clearInterval(timer); timer = null; return; }
    timer = setInterval(function () { if (now >= last) play(); else show(now + 1); }, 700);
  }
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(now - 1); };
  document.getElementById('next').onclick = function () { show(now + 1); };
  document.getElementById('end').onclick = function () { show(last); };
  document.getElementById('play').onclick = play;
  slider.oninput = function () { show(+slider.value); };
  log.onclick = function (e) { var li = e.target.closest('li'); if (li) show(+li.dataset.i); };
  document.addEventListener('keydown', function (e) {
    if (e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
    if (e.key === 'ArrowRight') { show(now + 1); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { show(now - 1); e.preventDefault(); }
    else if (e.key === 'Home') show(0); else if (e.key === 'End') show(last);
    else if (e.key === ' ') { play(); e.preventDefault(); }
  });
  // #d12 opens at decision 12; a hash typed or linked later moves there too, and the
  // address always names the decision shown (a link to share)
  function fromHash() { var m = /^#d(\\d+)$/.exec(location.hash); return m ? +m[1] - 1 : null; }
  window.addEventListener('hashchange', function () {
    var i = fromHash(); if (i !== null && i !== now) show(i);
  });
  show(fromHash() || 0);
})();
"""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><style>{css}</style></head>
<body><main>
<h1>{title}</h1>
<p class="sub">{subtitle}</p>
<p class="mode {mode_class}">{mode}</p>
<div class="row"><div>{result}</div><p class="sub">{checked}</p></div>
{track}
<div class="controls">
<button id="first" title="first decision (Home)">« first</button>
<button id="prev" title="previous decision (←)">‹ back</button>
<button id="play" title="play / pause (space)">play</button>
<button id="next" title="next decision (→)">next ›</button>
<button id="end" title="end of the game (End)">end »</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="decision">
<span class="pos" id="pos"></span>
</div>
<p class="keys">Keys: ← → step, Home / End, space plays. Click a decision in the list to jump.</p>
<div class="stage">
<div class="panel"><div id="decision"></div><div id="view"></div></div>
<div><b>Every decision</b>{log}</div>
</div>
</main>
<script type="application/json" id="replay-data">{data}</script>
<script>{js}</script>
</body></html>
"""
