"""Targets of ``boardlab tune`` in the study's terms, and how far a candidate misses them.

A ``[[target]]`` names a measure (:data:`MEASURES`) and a band: ``within = [lo, hi]``,
``at_most``, ``at_least``, or ``maximize = true``. Measures with ``items`` (each Ratjack
effect, each wheel section) hold for every item. A measure name that does not exist is bad
input, answered with the closest valid names.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from simcore.core.errors import ConfigError


@dataclass(frozen=True)
class Measure:
    """A quantity the games measure: its unit, the games it needs and how items are named."""

    name: str
    unit: str
    doc: str
    games: tuple[str, ...] = ()  # empty: every game
    forbid: str = ""  # per-item restricted play: the action class pattern of an item


MEASURES: dict[str, Measure] = {
    m.name: m
    for m in (
        Measure(
            "first_player_advantage",
            "points",
            "win share of the first player minus 1/players, in percentage points",
        ),
        Measure("mean_turns", "turns", "mean game length in turns"),
        Measure("win_rate", "%", "win share of line-up slot 0 (the tuned or first policy), in %"),
        Measure(
            "effect_worth",
            "points",
            "per Ratjack effect: slot 0's win share with it minus forbidden to resolve it, "
            "paired on common seeds",
            ("ratjack",),
            "resolve/{item}",
        ),
        Measure(
            "section_worth",
            "points",
            "per wheel section (S1..S6, hut): slot 0's win share with it minus forbidden to "
            "place there, paired on common seeds",
            ("rats_of_wistar",),
            "place/{item}",
        ),
        Measure(
            "value_set_share",
            "%",
            "share of all points scored by value sets, in %",
            ("lord_of_worlds",),
        ),
    )
}
DEFAULT_ITEMS = {
    "section_worth": ("S1", "S2", "S3", "S4", "S5", "S6", "hut"),
}
_KEYS = {"measure", "within", "at_most", "at_least", "maximize", "items", "name"}


@dataclass(frozen=True)
class Target:
    """One measure and its band (``lo``/``hi`` may be infinite; ``maximize``: no band)."""

    name: str
    measure: str
    lo: float = -math.inf
    hi: float = math.inf
    maximize: bool = False
    items: tuple[str, ...] = ()

    @property
    def unit(self) -> str:
        """The measure's unit."""
        return MEASURES[self.measure].unit

    def band(self) -> str:
        """``within [-2, +2] points`` in words."""
        if self.maximize:
            return "as high as possible"
        if math.isinf(self.lo):
            return f"at most {_n(self.hi)} {self.unit}"
        if math.isinf(self.hi):
            return f"at least {_n(self.lo)} {self.unit}"
        return f"within [{_n(self.lo)}, {_n(self.hi)}] {self.unit}"

    def miss(self, value: float) -> float:
        """How far ``value`` lies outside the band (0 inside); for ``maximize`` minus it."""
        if self.maximize:
            return -value
        return max(0.0, self.lo - value, value - self.hi)

    def ruled_out(self, lo: float, hi: float) -> bool:
        """Whether an interval lies wholly outside the band."""
        return bool(not self.maximize and (lo > self.hi or hi < self.lo))

    def holds(self, lo: float, hi: float) -> bool:
        """Whether an interval lies wholly inside the band (a band is met only so: an estimate
        inside with an interval across an edge may be outside); never for ``maximize``."""
        # NaN bounds compare False: an unmeasured target does not hold; bool(): numpy's bool is
        # no ``bool`` (``is not False`` holds for it), nor JSON
        return bool(not self.maximize and self.lo <= lo and hi <= self.hi)


def _n(x: float) -> str:
    return f"{x:g}"


def parse_targets(raw: Sequence[Mapping[str, Any]], game: str, items_for) -> list[Target]:
    """Check the ``[[target]]`` tables; ``items_for(measure)`` gives a measure's default items
    and checks named ones. ``ConfigError`` names the first problem."""
    if not raw:
        raise ConfigError("tune file: no [[target]]: say what the search should reach")
    out = []
    for i, t in enumerate(raw):
        where = f"tune file: [[target]] #{i + 1}"
        if not isinstance(t, Mapping):
            raise ConfigError(f"{where}: must be a table")
        unknown = sorted(set(t) - _KEYS)
        if unknown:
            raise ConfigError(
                f"{where}: unknown key {unknown[0]!r}; allowed: {', '.join(sorted(_KEYS))}"
            )
        out.append(_target(where, dict(t), game, items_for))
    names = [t.name for t in out]
    if len(set(names)) != len(names):
        raise ConfigError("tune file: two targets have the same name; give each a name")
    return out


def _target(where: str, t: dict, game: str, items_for) -> Target:
    name = t.get("measure")
    if name not in MEASURES:
        close = difflib.get_close_matches(str(name), list(MEASURES), n=3, cutoff=0.4)
        hint = f"; closest: {', '.join(close)}" if close else ""
        raise ConfigError(f"{where}: unknown measure {name!r}{hint} (all: {', '.join(MEASURES)})")
    m = MEASURES[name]
    if m.games and game not in m.games:
        raise ConfigError(f"{where}: {name} is measured in {', '.join(m.games)}, not {game}")
    bands = [k for k in ("within", "at_most", "at_least", "maximize") if k in t]
    if len(bands) != 1:
        raise ConfigError(
            f"{where}: give exactly one of within = [lo, hi], at_most, at_least, maximize = true"
        )
    lo, hi, maximize = -math.inf, math.inf, False
    if "within" in t:
        w = t["within"]
        if not (isinstance(w, list) and len(w) == 2 and all(_num(v) for v in w) and w[0] <= w[1]):
            raise ConfigError(f"{where}: within must be [lo, hi] numbers with lo <= hi, got {w!r}")
        lo, hi = float(w[0]), float(w[1])
    elif "maximize" in t:
        if t["maximize"] is not True:
            raise ConfigError(f"{where}: maximize must be true")
        maximize = True
    else:
        key = bands[0]
        if not _num(t[key]):
            raise ConfigError(f"{where}: {key} must be a number, got {t[key]!r}")
        lo, hi = (float(t[key]), math.inf) if key == "at_least" else (-math.inf, float(t[key]))
    items = t.get("items")
    if items is not None and not m.forbid:
        raise ConfigError(f"{where}: {name} has no items")
    if items is not None and (
        not isinstance(items, list) or not items or not all(isinstance(x, str) for x in items)
    ):
        raise ConfigError(f"{where}: items must be a non-empty list of names")
    chosen = tuple(items_for(name, items, where)) if m.forbid else ()
    label = t.get("name", name)
    if not isinstance(label, str) or not label:
        raise ConfigError(f"{where}: name must be a non-empty string")
    return Target(label, name, lo, hi, maximize, chosen)


def _num(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
