"""Shared fixtures: paths to test data and a deck builder for rule tests."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from schnapsen_lab.cards import Card, parse_cards

# The tests read the widgets' English texts: the default language follows the locale
# (schnapsen_lab.i18n), so pin it here, for this process and the kernels it starts.
os.environ["LANGUAGE"] = "en"

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent


def build_deck(forehand: str, dealer: str, indicator: str, talon: str = "") -> list[Card]:
    """A deck order (S3) that deals these cards: forehand's five, dealer's five, the
    indicator, then the talon top first; unnamed cards fill the rest of the talon."""
    fh, dl = parse_cards(forehand), parse_cards(dealer)
    ind = parse_cards(indicator)
    tal = parse_cards(talon)
    assert len(fh) == 5 and len(dl) == 5 and len(ind) == 1
    used = set(fh) | set(dl) | set(ind) | set(tal)
    assert len(used) == 11 + len(tal), "a card is named twice"
    rest = [c for c in Card if c not in used]
    tal = tal + rest
    deck: Sequence[Card] = [*fh[:3], *dl[:3], ind[0], *fh[3:], *dl[3:], *tal]
    assert len(deck) == 20
    return list(deck)


@pytest.fixture
def data_dir() -> Path:
    """The folder of test data."""
    return DATA
