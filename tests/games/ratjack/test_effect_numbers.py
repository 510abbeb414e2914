"""Effect numbers as data (issue 61): ``[effects]`` in the cards file sets how many cards rat 5
looks at and rat 11 / weasel 9 discard; the texts say the numbers played; bad numbers are one
clear error. Positions are drawn as ``seat: hand | display`` (``^`` up, ``v`` down)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyses.compare.diff import version_diff
from simcore.core.errors import ContentError
from simcore.games.ratjack import Ratjack
from simcore.games.ratjack.content import DATA_FILE
from tests.games.ratjack.helpers import build, codes, pos, up

SHIPPED = "rat_5 = { cards = 1 }"


def _cards(tmp_path: Path, line: str) -> str:
    """A copy of the shipped cards with ``line`` in place of rat 5's number line."""
    text = DATA_FILE.read_text()
    assert SHIPPED in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(SHIPPED, line))
    return str(path)


def test_rat5_looking_at_two_cards_asks_twice_and_never_the_same_card(tmp_path):
    # seat 0: rr5 rb1 | -      seat 1: rb2 | rb7v rb8v rb9v
    cards = _cards(tmp_path, "rat_5 = { cards = 2 }")
    s = build(hands=["rr5 rb1", "rb2"], disp=["", "rb7v rb8v rb9v"], cards_file=cards)
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0), pos(1, 1), pos(1, 2)]
    s.apply(pos(1, 1))
    assert s.seat_to_act == 0 and s.legal_actions() == [pos(1, 0), pos(1, 2)]
    s.apply(pos(1, 2))
    seen = [s.seen_by[c] >> 0 & 1 for c in s.displays[1]]
    assert seen == [0, 1, 1]  # rb8 and rb9 looked at, rb7 not
    assert s.effect_code == -1


def test_rat5_with_one_card_left_to_see_stops_after_it(tmp_path):
    # seat 0: rr5 rb1 | -      seat 1: rb2 | rb7v        (3 looks, one card)
    cards = _cards(tmp_path, "rat_5 = { cards = 3 }")
    s = build(hands=["rr5 rb1", "rb2"], disp=["", "rb7v"], cards_file=cards)
    s.apply(up(0))
    s.apply(pos(1, 0))
    assert s.effect_code == -1 and s.seat_to_act == 1


def test_rat11_discards_as_many_cards_as_its_number(tmp_path):
    # seat 0: rr11 rb1 | -    seat 1: rb3 | -    deck: ... rb4 rb5 rb6 rb7(top)
    text = DATA_FILE.read_text().replace("rat_11 = { cards = 2 }", "rat_11 = { cards = 4 }")
    (tmp_path / "cards.toml").write_text(text)
    s = build(
        hands=["rr11 rb1", "rb3"],
        disp=["", ""],
        deck="rb4 rb5 rb6 rb7",
        cards_file=str(tmp_path / "cards.toml"),
    )
    n = len(s.deck)
    s.apply(up(0))
    assert len(s.deck) == n - 4 and codes(s, s.discard[-4:]) == ["rb7", "rb6", "rb5", "rb4"]


def test_the_text_says_the_number_and_a_version_reads_as_a_change(tmp_path):
    cards = _cards(tmp_path, "rat_5 = { cards = 2 }")
    game = Ratjack.from_overrides({"decks": ["rat_red", "rat_blue"], "cards_file": cards})
    assert game.effect_texts["rat_5"].startswith("Look at two face-down cards of other players")
    shipped = Ratjack.from_overrides({"decks": ["rat_red", "rat_blue"]})
    assert shipped.effect_texts["rat_5"].startswith("Look at one face-down card of other")
    assert shipped.effect_texts["weasel_9"] == "Discard the top three cards of the deck."
    rats = {"decks": ["rat_red", "rat_blue"]}
    words = [
        c.words("A", "B") for c in version_diff("ratjack", rats, {**rats, "cards_file": cards})
    ]
    # the effect's own line only: the 5 cards changed only through it (no echo lines)
    assert words == [
        "rat 5 effect: Look at one face-down card of other players; only you learn it → "
        "Look at two face-down cards of other players; only you learn them"
    ]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("rat_5 = { cards = 9 }", "effects.rat_5: cards must be an int 1..4, got 9"),
        ("rat_5 = { cards = 1, extra = 2 }", "effects.rat_5: needs exactly the key cards"),
        ("rat_6 = { cards = 1 }", "effects.rat_6: this effect has no number (did you mean rat_5?)"),
    ],
)
def test_a_bad_effect_number_is_bad_input_naming_it(tmp_path, line, words):
    cards = _cards(tmp_path, line)
    with pytest.raises(ContentError) as err:
        Ratjack.from_overrides({"cards_file": cards})
    assert words in str(err.value) and "cards.toml" in str(err.value)


def test_a_numbered_effect_whose_text_hides_its_number_is_bad_input(tmp_path):
    cards = _cards(tmp_path, "rat_5 = { cards = 2 }")
    texts = (DATA_FILE.parent / "texts.toml").read_text()
    (tmp_path / "texts.toml").write_text(
        texts.replace("Discard the top {cards} card{s}", "Discard the top 2 cards", 1)
    )
    with pytest.raises(ContentError, match=r"effects.rat_11: its text must state its number"):
        Ratjack.from_overrides({"cards_file": cards})
