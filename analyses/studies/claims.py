"""The claims rule: a report may call an entry "the strongest" or "the weakest", or state an
order, only when the data separate it from the rest after Holm's correction.

A family of estimates (worths of wheel sections, of card effects, ratings...) is read in two
steps. :func:`extremes` tests the best entry against every other one and the worst against
every other one (two Holm families of m − 1 comparisons each); the entries not separated from
the best form the *top group*, those not separated from the worst the *bottom group*.
:func:`strongest_sentence` and :func:`weakest_sentence` then say "X is the strongest" only for
a top group of one, and name a larger group as a tie ("S5 and S1 are the strongest; their
order is not settled").

How two entries are compared is the caller's: paired per-game differences when both come from
the same games (:func:`paired_p`), or :func:`independent_p` from the two standard errors. The
latter is conservative (never claims more) whenever the two estimates are not negatively
correlated, e.g. two worths measured against one shared baseline.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.stats as sps

from analyses.stats.intervals import holm
from analyses.studies.findings import join_and, pval

ALPHA = 0.05
# The words the rule governs; reports are checked for them (tests/analyses/studies/test_claims.py).
GOVERNED = ("strongest", "weakest", "order", "better than")
# The three forms a sentence about the top of a family takes (reports are tested against them).
STRONGEST_FORMS = (
    r"is the strongest \w[\w ]*, clearly separated|are the strongest [\w ]+; their "
    r"order is not settled|No [\w ]+ is settled as the strongest"
)


@dataclass(frozen=True)
class Entry:
    """One estimate of a family: its name, value and 95% interval (in the report's units)."""

    name: str
    value: float
    lo: float
    hi: float
    se: float = float("nan")


@dataclass(frozen=True)
class Extremes:
    """The top and bottom groups of a family, best (worst) first, with the Holm-adjusted
    p-value of the best (worst) entry against each other entry."""

    entries: tuple[Entry, ...]  # by value, highest first
    top: tuple[str, ...]
    bottom: tuple[str, ...]
    p_top: Mapping[str, float]
    p_bottom: Mapping[str, float]

    @property
    def settled_top(self) -> bool:
        """The best entry is separated from every other one."""
        return len(self.top) == 1 and len(self.entries) > 1

    @property
    def settled_bottom(self) -> bool:
        """The worst entry is separated from every other one."""
        return len(self.bottom) == 1 and len(self.entries) > 1


PBetween = Callable[[Entry, Entry], float]


def independent_p(a: Entry, b: Entry) -> float:
    """Two-sided z-test p-value of a == b from the two standard errors (se, or the 95%
    interval's half width / 1.96 when no se is given)."""
    se = np.hypot(_se(a), _se(b))
    if not se > 0:
        return 1.0 if a.value == b.value else 0.0
    return float(2 * sps.norm.sf(abs(a.value - b.value) / se))


def _se(e: Entry) -> float:
    return e.se if e.se == e.se else (e.hi - e.lo) / (2 * 1.959964)


def paired_t_p(d: np.ndarray) -> float:
    """Two-sided paired t-test p-value of mean(d) == 0 (identical pairs: 1, or 0 if all
    differ by the same non-zero amount)."""
    n = len(d)
    se = float(d.std(ddof=1)) / np.sqrt(n) if n > 1 else float("nan")
    if not se > 0:
        return 1.0 if float(d.mean()) == 0 else 0.0
    return float(2 * sps.t.sf(abs(float(d.mean())) / se, n - 1))


def paired_p(per_game: Mapping[str, Mapping[Any, float]], fallback: PBetween = independent_p):
    """A ``p_between`` that tests two entries on their per-game values (game index, or any key
    naming a game → value), paired over the games both have; entries without per-game values
    use ``fallback``."""

    def p_between(a: Entry, b: Entry) -> float:
        """Paired t-test p-value of a == b over their common games."""
        va, vb = per_game.get(a.name), per_game.get(b.name)
        if va is None or vb is None:
            return fallback(a, b)
        common = sorted(set(va) & set(vb))
        if len(common) < 2:
            return fallback(a, b)
        return paired_t_p(np.array([va[i] - vb[i] for i in common]))

    return p_between


def extremes(
    entries: Sequence[Entry], p_between: PBetween = independent_p, alpha: float = ALPHA
) -> Extremes:
    """Top and bottom groups of ``entries``: those the best (worst) entry is not separated
    from, Holm-corrected over the m − 1 comparisons of each family."""
    ranked = tuple(sorted(entries, key=lambda e: -e.value))
    top, p_top = _group(ranked, p_between, alpha)
    bottom, p_bottom = _group(ranked[::-1], p_between, alpha)
    return Extremes(ranked, top, bottom, p_top, p_bottom)


def _group(ranked: Sequence[Entry], p_between: PBetween, alpha: float):
    if not ranked:
        return (), {}
    lead, others = ranked[0], ranked[1:]
    raw = [p_between(lead, e) for e in others]
    adjusted = holm(raw) if raw else np.array([])
    p = {e.name: float(q) for e, q in zip(others, adjusted, strict=True)}
    group = (lead.name, *(e.name for e in others if not p[e.name] < alpha))
    return group, p


Nouns = tuple[str, str]  # singular, plural: ("action class", "action classes")


def strongest_sentence(
    ex: Extremes, nouns: Nouns, value_text: Callable[[Entry], str], prefix: str = ""
) -> str:
    """ "X is the strongest …", or the tie "X and Y are the strongest …; their order is not
    settled", or "No … is settled as the strongest" when nothing separates the family.
    ``value_text`` gives an entry's number and interval ("+30.0 points, +21.1 to +38.9")."""
    return _sentence(ex, nouns, value_text, prefix, "strongest", ex.top, ex.p_top)


def weakest_sentence(
    ex: Extremes, nouns: Nouns, value_text: Callable[[Entry], str], prefix: str = ""
) -> str:
    """The same rule at the bottom of the family."""
    return _sentence(ex, nouns, value_text, prefix, "weakest", ex.bottom, ex.p_bottom)


SHOWN = 4  # entries of a tie spelled out; the rest are counted


def _sentence(ex, nouns, value_text, prefix, word, group, p) -> str:
    # Names often end in a parenthesis ("S1 (take the round visitor / ...)"), so the numbers
    # follow a colon or come in a sentence of their own: never ") (".
    by_name = {e.name: e for e in ex.entries}
    n = len(ex.entries)
    one, many = nouns
    if n == 1:
        e = ex.entries[0]
        return _cap(f"{prefix}{e.name} is the only {one} measured: {value_text(e)}.")
    if len(group) == 1:
        nearest = max(p, key=lambda k: p[k])  # the weakest separation is the one to report
        return _cap(
            f"{prefix}{group[0]} is the {word} {one}, clearly separated from every "
            f"other (the nearest, {nearest}: Holm-adjusted {pval(p[nearest])}): "
            f"{value_text(by_name[group[0]])}."
        )
    lead = group[0]
    if len(group) == n or len(group) > SHOWN:
        who = f"all {n}" if len(group) == n else f"{len(group)} of the {n}"
        return _cap(
            f"{prefix}No {one} is settled as the {word}: {who} {many} are within noise "
            f"of the {word} measured, {lead}: {value_text(by_name[lead])}."
        )
    values = "; ".join(value_text(by_name[g]) for g in group)  # "and" would read as a range
    return _cap(
        f"{prefix}{join_and(list(group))} are the {word} {many}; their order is not "
        f"settled. In that order: {values}."
    )


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def ordered(ex: Extremes) -> list[str]:
    """Names in value order, best first (for tables; a sentence states order only through
    :func:`strongest_sentence` / :func:`weakest_sentence`)."""
    return [e.name for e in ex.entries]
