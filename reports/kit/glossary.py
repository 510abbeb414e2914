"""The short glossary at the end of every report: the technical terms the page uses, each
explained in a sentence or two, so that the summaries can stay in plain words.

:func:`glossary_for` lists only the terms a page actually uses (compare and tune reports call
it on their own text too).
"""

from __future__ import annotations

import html
import re

# (term, pattern that finds it in the visible text, explanation)
TERMS: tuple[tuple[str, str, str], ...] = (
    ("95% interval", r"95% (?:paired )?interval",
     "The range of values compatible with the games played: if the study were repeated many "
     "times, 95 of 100 such ranges would hold the true value. A narrow interval means many "
     "games or little luck."),
    ("Clear difference, significant", r"\bclear(?:ly)? |significant",
     "A difference too large to be luck at the 5% level, after the correction for testing "
     "many things at once (Holm). \"Not clear\" does not mean \"no difference\": it may be "
     "smaller than the games can show (see detectable)."),
    ("Holm correction", r"Holm",
     "When many differences are tested together, some look large by luck alone. Holm's method "
     "raises each p-value so that the chance of even one false \"clear difference\" in the "
     "whole family stays at 5%."),
    ("p-value", r"\bp (?:=|<)|p \(Holm\)|p-value",
     "How often a difference at least this large would appear by luck alone if there were no "
     "real difference. Small (below 0.05) means luck is an unlikely explanation."),
    ("Detectable (80% power)", r"[Dd]etect|80% power",
     "The smallest true difference these games would show as clear 4 times out of 5. A "
     "result that is not clear rules out differences larger than this, not smaller ones."),
    ("Restricted play", r"[Rr]estrict|forbid",
     "The same player plays the same games twice, once free and once forbidden one kind of "
     "move (a wheel section, a card effect). What it loses when forbidden is what that move "
     "is worth to it (its worth, in points of win rate)."),
    ("Common random numbers, paired games", r"[Cc]ommon random numbers|[Pp]aired|same seeds|"
     r"same shuffle",
     "Game i of every version starts from the same shuffle and dice, so two versions are "
     "compared game by game: the luck of the deal cancels and small differences show with "
     "fewer games."),
    ("Bradley–Terry rating, Elo points", r"Bradley|Elo",
     "A rating fitted to who beat whom: the chance that A beats B follows from the gap of "
     "their ratings. In Elo points, a gap of 200 means about 76% wins, 400 points 10 to 1."),
    ("Win rate, win share", r"[Ww]in (?:rate|share)",
     "The share of games a seat or player wins; a tie for first shares the win (two tied "
     "winners get half a win each). Fair is 1 divided by the number of players."),
    ("Worth", r"\bworth\b",
     "What a move, section or card effect adds to its owner's win rate (or score): the "
     "paired difference between playing with it and without it."),
    ("Observational, correlational", r"[Oo]bservational|[Cc]orrelational",
     "Read from what the players happened to do, not from an experiment: strong positions "
     "choose differently, so such numbers show association, not cause."),
    ("Cell, line-up, seat", r"\bcells?\b|line-up",
     "A cell is one combination of rules and players in a sweep; the line-up is which player "
     "holds which seat; seats rotate so every seating is played equally often."),
    ("Bootstrap, sign-flip test", r"[Bb]ootstrap|sign-flip",
     "Interval and test from resampling the games themselves instead of a formula; they agree "
     "with the t interval when the games are many."),
    ("Cluster (seed)", r"cluster",
     "Games that share a seed are not independent; the intervals count each seed's games as "
     "one unit so they are not too narrow."),
)  # fmt: skip


def visible_text(page: str) -> str:
    """The words a reader sees: the page without figures, styles, scripts and tags."""
    page = re.sub(r"<svg.*?</svg>|<style>.*?</style>|<script>.*?</script>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def glossary_for(text: str) -> list[tuple[str, str]]:
    """(term, explanation) for every glossary term ``text`` uses, in the glossary's order."""
    return [(term, meaning) for term, pattern, meaning in TERMS if re.search(pattern, text)]
