"""Card and chip content: loaded from TOML, validated, turned into integer tables."""

from __future__ import annotations

from difflib import get_close_matches
from functools import cache
from pathlib import Path
from typing import Any, Final

from simcore.core.content import read_toml
from simcore.core.errors import ContentError
from simcore.games.ratjack.params import DECK_NAMES, FACE_IDS, RatjackParams
from simcore.games.ratjack.tables import Content

DATA_FILE = Path(__file__).parent / "data" / "cards.toml"
FAMILIES = ("rat", "weasel", "raccoon")
EFFECT_IDS: Final = tuple(f"{fam}_{v}" for fam in FAMILIES for v in range(1, 13))
RAT6: Final = EFFECT_IDS.index("rat_6")  # the effect that resolves another card
N_VALUES = 12
N_CARDS: Final = 24
N_CHIPS: Final = 6
# face codes = index in FACE_IDS
PLUS1: Final = 0
MINUS1: Final = 1
PLUS5: Final = 2
MINUS5: Final = 3
PLUS10: Final = 4
MINUS3: Final = 5
DOUBLE: Final = 6
HALF: Final = 7
ZERO: Final = 8
BLANK: Final = 9
LOCK: Final = 10
SHIELD: Final = 11


def modified_value(face: int, v: int) -> int:
    """Value of a face-up card of printed value ``v`` carrying chip ``face`` (-1 = none), §5."""
    if face == PLUS1:
        return v + 1
    if face == MINUS1:
        return max(v - 1, 0)
    if face == PLUS5:
        return v + 5
    if face == MINUS5:
        return max(v - 5, 0)
    if face == PLUS10:
        return v + 10
    if face == MINUS3:
        return max(v - 3, 0)
    if face == DOUBLE:
        return 2 * v
    if face == HALF:
        return (v + 1) // 2
    if face == ZERO:
        return 0
    return v


# The effects that carry a number (how many cards): its default and allowed range.
NUMBERED: Final = {"rat_5": (1, 1, 4), "rat_11": (2, 1, 6), "weasel_9": (3, 1, 6)}


def check_effect_numbers(path: str, raw: dict[str, Any]) -> tuple[int, ...]:
    """Per effect code, its number of cards (0 for an effect without one), from the optional
    ``[effects]`` table: ``rat_5 = { cards = 2 }``. Unknown effects, fields or values out of
    range are bad input naming the entry."""
    table = raw.get("effects", {})
    if not isinstance(table, dict):
        raise ContentError(f"{path}: [effects] must be a table of effect numbers")
    numbers = {k: default for k, (default, _, _) in NUMBERED.items()}
    for effect, spec in table.items():
        where = f"{path}: effects.{effect}"
        if effect not in NUMBERED:
            near = get_close_matches(effect, list(NUMBERED), n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise ContentError(
                f"{where}: this effect has no number{hint}; numbered: {', '.join(NUMBERED)}"
            )
        if not isinstance(spec, dict) or set(spec) != {"cards"}:
            raise ContentError(f"{where}: needs exactly the key cards ({{ cards = N }})")
        _, lo, hi = NUMBERED[effect]
        n = spec["cards"]
        if not isinstance(n, int) or isinstance(n, bool) or not lo <= n <= hi:
            raise ContentError(f"{where}: cards must be an int {lo}..{hi}, got {n!r}")
        numbers[effect] = n
    return tuple(numbers.get(e, 0) for e in EFFECT_IDS)


def load_content(params: RatjackParams) -> Content:
    """Content tables for ``params`` (cached per data file, decks and chip pairs)."""
    path = params.cards_file or str(DATA_FILE)
    return _build(path, params.decks, params.token_pairs)


@cache
def _build(path: str, decks: tuple[str, ...], token_pairs: tuple[str, ...]) -> Content:
    raw = read_toml(path)
    deck_tables = _check_decks(path, raw)
    pairs = _check_chips(path, raw)
    numbers = check_effect_numbers(path, raw)
    if token_pairs:
        pairs = tuple(tuple(FACE_IDS.index(f) for f in p.split("|")) for p in token_pairs)  # type: ignore[misc]
    values, names, effects = [], [], []
    for deck in decks:
        if deck not in deck_tables:
            raise ContentError(f"{path}: deck {deck!r} is not defined (decks.{deck})")
        for v in range(1, N_VALUES + 1):
            values.append(v)
            names.append(deck)
            effects.append(deck_tables[deck][v])
    face_chip = [0] * len(FACE_IDS)
    for k, (fa, fb) in enumerate(pairs):
        face_chip[fa] = face_chip[fb] = k
    valt = tuple(tuple([v] + [modified_value(f, v) for f in range(len(FACE_IDS))]) for v in values)
    return Content(
        (decks[0], decks[1]),
        tuple(values),
        tuple(names),
        tuple(effects),
        tuple((a, b) for a, b in pairs),
        tuple(face_chip),
        valt,
        numbers,
    )


def _check_decks(path: str, raw: dict[str, Any]) -> dict[str, dict[int, int]]:
    """Every deck: a known family and values 1..12 each mapped to a known effect id."""
    decks = raw.get("decks")
    if not isinstance(decks, dict) or not decks:
        raise ContentError(f"{path}: missing [decks] tables")
    out: dict[str, dict[int, int]] = {}
    for name, table in decks.items():
        where = f"{path}: decks.{name}"
        if name not in DECK_NAMES:
            raise ContentError(f"{where}: unknown deck; allowed: {', '.join(DECK_NAMES)}")
        if not isinstance(table, dict) or table.get("family") not in FAMILIES:
            raise ContentError(f"{where}: family must be one of {', '.join(FAMILIES)}")
        cards = table.get("cards")
        if not isinstance(cards, list):
            raise ContentError(f"{where}: 'cards' must be a list of {{value, effect}}")
        mapping: dict[int, int] = {}
        for i, entry in enumerate(cards):
            here = f"{where}.cards[{i}]"
            if not isinstance(entry, dict) or set(entry) != {"value", "effect"}:
                raise ContentError(f"{here}: needs exactly the keys value and effect")
            value, effect = entry["value"], entry["effect"]
            if not isinstance(value, int) or not 1 <= value <= N_VALUES:
                raise ContentError(f"{here}: value must be an int 1..{N_VALUES}, got {value!r}")
            if value in mapping:
                raise ContentError(f"{here}: duplicate value {value}")
            if effect not in EFFECT_IDS:
                raise ContentError(f"{here}: unknown effect id {effect!r}")
            mapping[value] = EFFECT_IDS.index(effect)
        missing = [v for v in range(1, N_VALUES + 1) if v not in mapping]
        if missing:
            raise ContentError(f"{where}: missing value(s) {missing}")
        out[name] = mapping
    return out


def _check_chips(path: str, raw: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    """Six chips, two existing faces each, no face twice."""
    pairs = raw.get("chips", {}).get("pairs") if isinstance(raw.get("chips"), dict) else None
    if not isinstance(pairs, list) or len(pairs) != N_CHIPS:
        raise ContentError(f"{path}: chips.pairs must list {N_CHIPS} chips")
    out: list[tuple[int, int]] = []
    seen: set[str] = set()
    for i, pair in enumerate(pairs):
        here = f"{path}: chips.pairs[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise ContentError(f"{here}: a chip has exactly two faces")
        for face in pair:
            if face not in FACE_IDS:
                raise ContentError(f"{here}: chip face {face!r} does not exist")
            if face in seen:
                raise ContentError(f"{here}: chip face {face!r} appears twice")
            seen.add(face)
        out.append((FACE_IDS.index(pair[0]), FACE_IDS.index(pair[1])))
    return tuple(out)
