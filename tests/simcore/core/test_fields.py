"""Fields declared once: slots, clone, fingerprint and the clone check derive from a state
class's annotations (``simcore.core.fields``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from simcore.core import fields
from simcore.core.chance import ChanceStream


class Base:
    size: int
    __slots__ = tuple(__annotations__)


class Toy(Base):
    name: str
    cards: list[int]
    rows: list[list[int]]
    cache: list[int] | None
    maybe: list[int] | None
    stream: ChanceStream
    trace: list[str] | None
    __slots__ = tuple(__annotations__)

    def __init__(self) -> None:
        self.size, self.name, self.cards, self.rows = 3, "toy", [1, 2], [[1], [2, 3]]
        self.cache, self.maybe, self.stream = [7], None, ChanceStream(5)
        self.trace = ["line"]


RESET = {"trace": None}
SHARED = ("cache",)
fields.derive_clone(Toy, RESET, SHARED)


def test_fields_are_the_annotations_bases_first_and_make_the_slots():
    assert fields.declared_fields(Toy) == (
        "size",
        "name",
        "cards",
        "rows",
        "cache",
        "maybe",
        "stream",
        "trace",
    )
    assert Toy.__slots__ == fields.declared_fields(Toy)[1:]
    with pytest.raises(AttributeError):
        Toy().undeclared = 1  # type: ignore[attr-defined]


def test_clone_kinds_follow_the_declared_types():
    assert fields.clone_kinds(Toy, SHARED) == {
        "size": "shared",
        "name": "shared",
        "cards": "copied",
        "rows": "rows",
        "cache": "shared",
        "maybe": "maybe copied",
        "stream": "cloned",
        "trace": "maybe copied",
    }


def test_the_generated_clone_copies_each_field_by_its_kind():
    toy = Toy()
    toy.maybe = [4]
    copy = toy.clone()
    assert type(copy) is Toy and fields.check_clone(toy, copy, RESET, SHARED) == []
    assert copy.cards == toy.cards and copy.cards is not toy.cards
    assert copy.rows == toy.rows and all(
        a is not b for a, b in zip(copy.rows, toy.rows, strict=True)
    )
    assert copy.cache is toy.cache and copy.maybe == [4] and copy.maybe is not toy.maybe
    assert copy.stream is not toy.stream and copy.stream.fingerprint() == toy.stream.fingerprint()
    assert copy.trace is None and toy.trace == ["line"]
    toy.maybe = None
    assert toy.clone().maybe is None


def test_the_clone_check_names_what_a_clone_got_wrong():
    toy = Toy()
    bad = Toy()
    del bad.name  # a field the clone forgot
    bad.cards = toy.cards  # shared, not copied
    bad.rows = [toy.rows[0], [2, 3]]  # a row shared
    bad.stream = toy.stream  # not cloned
    problems = fields.check_clone(toy, bad, RESET, SHARED)
    assert [p.split(":")[0] for p in problems] == ["name", "cards", "rows", "stream", "trace"]
    assert problems[0] == "name: not cloned"


def test_the_fingerprint_freezes_lists_and_streams():
    toy = Toy()
    names = ("size", "cards", "rows", "stream")
    assert fields.fingerprint(toy, names) == (3, (1, 2), ((1,), (2, 3)), toy.stream.fingerprint())
    hash(fields.fingerprint(toy, names))


@dataclass(frozen=True)
class Source:
    """A params-like dataclass."""

    target: int = 25
    decks: tuple[str, ...] = ("a", "b")


MIRROR = """class Mirror:
    # <generated: the fields of tests.simcore.core.test_fields:Source>
    target: int
    # </generated>

    def method(self) -> None:
        pass
"""


def test_a_generated_mirror_is_rewritten_from_its_source_class():
    new, changed = fields.refresh_mirrors(MIRROR)
    assert changed == ["tests.simcore.core.test_fields:Source"]
    assert "    target: int\n    decks: tuple[str, ...]\n    # </generated>\n" in new
    assert new.endswith("    def method(self) -> None:\n        pass\n")
    assert fields.refresh_mirrors(new) == (new, [])


@dataclass(frozen=True)
class SourceWithProperty:
    """A params-like dataclass with a derived value."""

    variant: str = "standard"

    @property
    def strategic(self) -> bool:
        """Derived from a field."""
        return self.variant == "strategic"


def test_a_mirror_carries_the_properties_after_the_fields():
    body = fields.mirror_body(SourceWithProperty)
    assert body == "    variant: str\n    # properties\n    strategic: bool\n"


def test_the_mirror_command_rewrites_or_checks_a_file(tmp_path, capsys):
    path = tmp_path / "mirror.py"
    path.write_text(MIRROR)
    assert fields.main([str(path), "--check"]) == 1
    assert "stale generated mirrors" in capsys.readouterr().err
    assert path.read_text() == MIRROR
    assert fields.main([str(path)]) == 0
    assert fields.main([str(path), "--check"]) == 0


class Flagged(Toy):
    FLAG: ClassVar[bool] = True  # a flag of the class, not a field
    __slots__ = ()


fields.derive_clone(Flagged, RESET, SHARED)


def test_a_class_flag_is_not_a_field_and_survives_the_clone():
    assert "FLAG" not in fields.declared_fields(Flagged)
    assert "FLAG" not in fields.clone_kinds(Flagged, SHARED)
    copy = Flagged().clone()
    assert type(copy) is Flagged and copy.FLAG and copy.cards == [1, 2]
