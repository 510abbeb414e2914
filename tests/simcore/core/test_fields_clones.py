"""simcore.core.fields, the ``clones`` kind: a list of objects with their own ``clone`` is copied
item by item (Rats of Wistar's player boards). The rest of the module: test_fields.py."""

from __future__ import annotations

from simcore.core import fields


class Board:
    """A small clonable record."""

    points: list[int]
    __slots__ = tuple(__annotations__)

    def __init__(self, points: int = 0) -> None:
        self.points = [points]

    def clone(self) -> Board:
        """Independent copy."""
        new = Board()
        new.points = self.points[:]
        return new

    def fingerprint(self) -> tuple:
        """The points, hashable."""
        return tuple(self.points)


class Table:
    """A position holding boards."""

    boards: list[Board]
    scores: list[int]
    __slots__ = tuple(__annotations__)


def _table() -> Table:
    table = object.__new__(Table)
    table.boards, table.scores = [Board(1), Board(2)], [3]
    return table


def test_a_list_of_clonable_objects_is_cloned_item_by_item():
    assert fields.clone_kinds(Table) == {"boards": fields.CLONES, "scores": fields.COPIED}
    table = _table()
    copy = fields.make_clone(Table)(table)
    assert fields.check_clone(table, copy) == []
    copy.boards[0].points.append(9)
    assert table.boards[0].points == [1]
    assert fields.fingerprint(copy, ("boards",)) != fields.fingerprint(table, ("boards",))


def test_check_clone_finds_boards_shared_with_the_original():
    table = _table()
    shallow = object.__new__(Table)
    shallow.boards, shallow.scores = table.boards[:], table.scores[:]
    assert [p.split(":")[0] for p in fields.check_clone(table, shallow)] == ["boards"]
