"""Playing cards and panels as static HTML, drawn from plain data (a card's number, a
size): the leaf every drawing builds on. It imports only what it draws (the cards and
their display notation), as ``chess.svg`` imports only ``chess``.

Every card is a ``<span>`` with inline styles (so it looks the same in a notebook
output, an ipywidgets ``HTML`` and an exported page) and stable ``sl-*`` classes:
``sl-face`` a card face up, ``sl-face-down`` a card face down. :func:`render_kit` gives
the same styles to a renderer in another language (the shared page's script).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from .cards import CARDS, Card
from .i18n import N_, Texts
from .notation import RANK_TEXT, card_name, card_text

__all__ = [
    "BLACK",
    "FELT_STYLE",
    "FELT_WIDTH",
    "LABEL_STYLE",
    "PANEL_STYLE",
    "RED",
    "TEXT",
    "back_html",
    "card_html",
    "card_span",
    "cards_html",
    "render_kit",
]

TEXT = Texts({
    "face_down": N_("face down"),
})
"""The texts a card may show (a face-down card's tooltip)."""

_SIZES = {"lg": (52, 74, 16, 28), "md": (44, 62, 14, 22), "sm": (30, 42, 11, 14)}
_RED = "#c8102e"
_BLACK = "#111"

FELT_WIDTH = 540
"""The width (px) of the green table: fixed, so that nothing moves between steps."""

_CARD_STYLE = (
    "display:inline-flex;flex-direction:column;justify-content:space-between;"
    "box-sizing:border-box;width:{w}px;height:{h}px;padding:2px 3px;margin:2px;"
    "border:1px solid #9a9a9a;border-radius:5px;background:#fff;color:{color};"
    "font:bold {fs}px/1 'DejaVu Sans',Arial,sans-serif;vertical-align:top;"
    "box-shadow:1px 1px 2px rgba(0,0,0,.25);user-select:none;{extra}"
)
_BACK_STYLE = (
    "display:inline-block;box-sizing:border-box;width:{w}px;height:{h}px;margin:2px;"
    "border:1px solid #555;border-radius:5px;vertical-align:top;"
    "background:repeating-linear-gradient(45deg,#1f4e9c 0 4px,#3568c0 4px 8px);"
    "box-shadow:inset 0 0 0 3px #fff,1px 1px 2px rgba(0,0,0,.25);{extra}"
)
_PANEL = "font:13px/1.4 'DejaVu Sans',Arial,sans-serif;color:#222;"
_FELT = ("background:#2e7d4f;border-radius:10px;padding:8px 10px;color:#fff;"
         f"font:13px/1.4 'DejaVu Sans',Arial,sans-serif;width:{FELT_WIDTH}px;"
         "box-sizing:border-box;")
_LABEL = "font-size:12px;opacity:.9;margin:2px 0;"
FELT_STYLE = _FELT
"""The green table's inline style (fixed width :data:`FELT_WIDTH`)."""
PANEL_STYLE = _PANEL
"""The side panels' inline style."""
LABEL_STYLE = _LABEL
"""The style of the small labels on the table."""


def _card_title(c: Card) -> str:
    return card_name(c)


def card_html(card: Card | int, size: str = "md", *, mark: str = "", dim: bool = False) -> str:
    """One card drawn face up: rank and suit in the corners and a large suit in the middle.

    ``mark`` adds a CSS class (e.g. ``sl-known``) and a yellow outline; ``dim`` greys it.
    """
    c = CARDS[int(card)]
    w, h, fs, big = _SIZES[size]
    color = _RED if c.is_red else _BLACK
    extra = ""
    if mark:
        extra += "outline:2px solid #f5c518;outline-offset:-1px;"
    if dim:
        extra += "opacity:.55;"
    style = _CARD_STYLE.format(w=w, h=h, fs=fs, color=color, extra=extra)
    rank = RANK_TEXT[c.rank]
    sym = c.suit.symbol
    color_cls = "sl-red" if c.is_red else "sl-black"
    cls = f"sl-card sl-face {color_cls}" + (f" {mark}" if mark else "")
    corner = f"{rank}{sym}"
    return (f'<span class="{cls}" data-card="{c}" title="{_card_title(c)}" '
            f'style="{style}"><span style="align-self:flex-start">{corner}</span>'
            f'<span style="align-self:center;font-size:{big}px">{sym}</span>'
            f'<span style="align-self:flex-end;transform:rotate(180deg)">{corner}</span></span>')


def back_html(size: str = "md", *, title: str = "") -> str:
    """A card face down (class ``sl-face-down``)."""
    w, h, _, _ = _SIZES[size]
    return (f'<span class="sl-card sl-face-down" title="{escape(title or TEXT["face_down"])}" '
            f'style="{_BACK_STYLE.format(w=w, h=h, extra="")}"></span>')


def cards_html(cards: Iterable[Card | int], size: str = "md", *, known: int = 0,
               cls: str = "sl-cards") -> str:
    """A row of face-up cards; cards in the ``known`` mask are outlined."""
    inner = "".join(card_html(c, size, mark="sl-known" if known >> int(c) & 1 else "")
                    for c in cards)
    return f'<span class="{cls}" style="display:inline-block;min-height:10px">{inner}</span>'


def card_span(card: Card | int) -> str:
    """A card in running text, in the display notation and its suit's colour: ``10♥``."""
    c = CARDS[int(card)]
    color = _RED if c.is_red else _BLACK
    return f'<span style="color:{color};white-space:nowrap">{card_text(c)}</span>'


RED = _RED
"""The colour of hearts and diamonds."""
BLACK = _BLACK
"""The colour of clubs and spades."""


def render_kit() -> dict[str, object]:
    """What a renderer in another language needs to draw cards exactly as :func:`card_html`.

    The style templates keep Python's ``{name}`` fields (``w``, ``h``, ``fs``, ``color``,
    ``extra``); ``sizes`` gives width, height, font size and centre symbol size of each
    size; ``mark`` and ``dim`` are the extras of a marked and a greyed card. The felt,
    panel and label styles are those the games' tables and tallies use.
    The self-contained HTML page (:mod:`schnapsen_lab.share`) draws its cards from this.
    """
    return {
        "sizes": {k: list(v) for k, v in _SIZES.items()},
        "card_style": _CARD_STYLE,
        "back_style": _BACK_STYLE,
        "mark": "outline:2px solid #f5c518;outline-offset:-1px;",
        "dim": "opacity:.55;",
        "red": _RED,
        "black": _BLACK,
        "ranks": list(RANK_TEXT),
        "felt": _FELT,
        "panel": _PANEL,
        "label": _LABEL,
    }
