"""What a version changes, in a designer's words: each rule parameter with its description,
each content item (a card, a wheel sector, a tile type) with its text before and after, items
added or removed. The same diff heads ``compare`` and tune's recommendation.

Content is compared item by item from the games each side's parameters build
(``Game.content_items``), so a version that points ``cards_file`` at a copy with one card moved
reads "5 card of rat_red and rat_blue: rat 5: Look at ... -> rat 7: Swap ...", not
"cards_file = p1_cards.toml"; a copy that changes nothing reads as no change.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from simcore.core import registry
from simcore.core.api import ContentItem
from simcore.core.errors import BoardlabError
from simcore.core.params import PATH_SUFFIXES


@dataclass(frozen=True)
class Change:
    """One difference between two versions: a parameter or a content item."""

    what: str
    before: str | None  # None: not in the first version
    after: str | None  # None: not in the second version
    classes: tuple[str, ...] = ()  # action classes whose worth measures the item
    kind: str = "content"  # or "parameter"

    def words(self, a: str = "A", b: str = "B") -> str:
        """``S6 at 2 players: gain 1 potion → gain 3 potion`` or ``rat 5 effect: not in B``."""
        before, after = (t.rstrip(".") if t else t for t in (self.before, self.after))
        if after is None:
            return f"{self.what}: not in {b}"
        if before is None:
            return f"{self.what}: new in {b}: {after}"
        return f"{self.what}: {before} → {after}"


def version_diff(game_id: str, a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Change]:
    """Every parameter and content item that differs between the versions with parameters
    ``a`` and ``b`` of ``game_id``, similar items merged (``rat_red`` and ``rat_blue``)."""
    changes = _parameter_changes(game_id, a, b)
    if any(_is_path(k) for k in set(a) | set(b) if _canon(a.get(k)) != _canon(b.get(k))):
        changes += _content_changes(game_id, a, b)
    return changes


def _parameter_changes(game_id: str, a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Change]:
    try:
        cls = registry.game_class(game_id)
        rows = {r["name"]: r for r in cls.params_class.describe()}
        classes_of = cls.param_classes
    except BoardlabError:
        rows, classes_of = {}, lambda name: ()
    out = []
    for key in sorted(set(a) | set(b)):
        row = rows.get(key, {})
        default = row.get("default", "(default)")
        if _is_path(key) or _canon(a.get(key, default)) == _canon(b.get(key, default)):
            continue  # setting a parameter to its default changes nothing
        doc = row.get("doc")
        what = f"{key} ({doc})" if doc else key
        before, after = (_show(p.get(key, default)) for p in (a, b))
        out.append(Change(what, before, after, classes_of(key), kind="parameter"))
    return out


def _content_changes(game_id: str, a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Change]:
    ia, ib = _items(game_id, a), _items(game_id, b)
    if ia is None or ib is None:
        return []  # a side that cannot be built says so where it is played
    out = []
    for name in [*ia, *(n for n in ib if n not in ia)]:
        before, after = ia.get(name), ib.get(name)
        if before is not None and after is not None and before.text == after.text:
            continue
        classes = tuple(
            dict.fromkeys((*(before.classes if before else ()), *(after.classes if after else ())))
        )
        out.append(
            Change(
                name,
                before.text if before else None,
                after.text if after else None,
                classes,
            )
        )
    return merge_similar(_without_echoes(out))


def _without_echoes(changes: list[Change]) -> list[Change]:
    """Leave out a change that only repeats another with a common head: when rat 5's text
    changes, the cards that carry it ("rat 5: <text>") changed only through it."""

    def echoes(c: Change, d: Change) -> bool:
        if c is d or None in (c.before, c.after, d.before, d.after) or d.before == d.after:
            return False
        assert c.before is not None and c.after is not None  # for the type checker
        head = c.before.removesuffix(str(d.before))
        return head != c.before and bool(head) and c.after == head + str(d.after)

    return [c for c in changes if not any(echoes(c, d) for d in changes)]


def _items(game_id: str, params: Mapping[str, Any]) -> dict[str, ContentItem] | None:
    try:
        return registry.make_game(game_id, dict(params)).content_items()
    except BoardlabError:
        return None


def merge_similar(changes: list[Change]) -> list[Change]:
    """Changes whose names differ in one word and whose texts are alike read as one:
    ``5 card of rat_red`` and ``5 card of rat_blue`` -> ``5 card of rat_red and rat_blue``."""
    groups: list[tuple[list[str], int, list[Change]]] = []  # words, varying position, members
    for change in changes:
        words = change.what.split(" ")
        for group in groups:
            gwords, pos, members = group
            first = members[0]
            if (first.before, first.after, first.kind) != (
                change.before,
                change.after,
                change.kind,
            ) or len(gwords) != len(words):
                continue
            differ = [i for i, (x, y) in enumerate(zip(gwords, words, strict=True)) if x != y]
            if len(differ) == 1 and (pos < 0 or differ[0] == pos):
                members.append(change)
                groups[groups.index(group)] = (gwords, differ[0], members)
                break
        else:
            groups.append((words, -1, [change]))
    out = []
    for words, pos, members in groups:
        if pos < 0:
            out.append(members[0])
            continue
        varied = [m.what.split(" ")[pos] for m in members]
        name = " ".join([*words[:pos], _join(varied), *words[pos + 1 :]])
        classes = tuple(dict.fromkeys(c for m in members for c in m.classes))
        out.append(replace(members[0], what=name, classes=classes))
    return out


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _is_path(key: str) -> bool:
    return key.endswith(PATH_SUFFIXES)


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _show(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."
