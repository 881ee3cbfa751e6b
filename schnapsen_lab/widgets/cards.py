"""A row of playing cards some of which can be picked, by a click or by dragging one onto
the table above it: the hand of every practice table (an anywidget, no build step)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import anywidget
import traitlets

from .. import html as H
from ..cards import CARDS, Card
from ..i18n import N_, Texts
from ..notation import card_text

__all__ = ["TEXT", "CardRow"]

TEXT = Texts({
    "play_card": N_("play {card}"),
    "not_playable": N_("{card} cannot be played now"),
})
"""The cards' tooltips."""

_ROW_HEIGHT = {"lg": 80, "md": 68, "sm": 48}

_ESM = """
function render({ model, el }) {
  const zone = document.createElement("div");
  zone.className = "sl-drop-zone";
  const row = document.createElement("div");
  row.className = "sl-row";
  el.appendChild(zone);
  el.appendChild(row);
  const send = (name, how) => model.send({ pick: name, how: how });
  const drawZone = () => {
    const felt = model.get("felt");
    zone.innerHTML = felt;
    zone.style.display = felt ? "" : "none";
  };
  const drawRow = () => {
    row.innerHTML = model.get("html");
    const drag = model.get("draggable");
    row.querySelectorAll("[data-pick]").forEach((node) => {
      node.addEventListener("click", (ev) => {
        ev.preventDefault();
        send(node.dataset.pick, "click");
      });
      if (drag) {
        node.setAttribute("draggable", "true");
        node.addEventListener("dragstart", (ev) => {
          ev.dataTransfer.setData("text/plain", node.dataset.pick);
          ev.dataTransfer.effectAllowed = "move";
        });
      }
    });
  };
  const over = (on) => {
    zone.style.outline = on ? "3px dashed #f5c518" : "";
    zone.style.outlineOffset = on ? "-3px" : "";
  };
  zone.addEventListener("dragover", (ev) => {
    if (!model.get("draggable")) return;
    ev.preventDefault();
    ev.dataTransfer.dropEffect = "move";
    over(true);
  });
  zone.addEventListener("dragleave", () => over(false));
  zone.addEventListener("drop", (ev) => {
    ev.preventDefault();
    over(false);
    const name = ev.dataTransfer.getData("text/plain");
    if (name) send(name, "drop");
  });
  drawZone();
  drawRow();
  model.on("change:felt", drawZone);
  model.on("change:html", drawRow);
  model.on("change:draggable", drawRow);
}
export default { render };
"""


class CardRow(anywidget.AnyWidget):
    """A row of cards of which some can be picked, under an optional table (``felt``).

    :meth:`show` sets the cards and which of them are playable; a click in the browser
    (or :meth:`click` from Python), or a drop of the card onto the table when
    ``draggable``, calls the handlers given to :meth:`on_pick` with a playable card and
    those given to :meth:`on_refuse` with a greyed one.
    """

    _esm = _ESM
    html = traitlets.Unicode("").tag(sync=True)
    felt = traitlets.Unicode("").tag(sync=True)
    draggable = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[Card] = []
        self.pickable: set[Card] = set()
        self._handlers: list[Callable[[Card], None]] = []
        self._refusers: list[Callable[[Card], None]] = []
        self.on_msg(self._on_msg)

    def show(self, cards: Iterable[Card | int], pickable: Iterable[Card | int] = (), *,
             size: str = "lg", empty: str = "", tip: str = "", backs: int = 0,
             back_title: str = "", tight: bool = False,
             why: Callable[[Card], str] | None = None) -> None:
        """Show ``cards``; those in ``pickable`` can be played, the others are greyed.
        ``tip`` is the tooltip of a pickable card (a format string with ``{card}``;
        default "play {card}"); ``why(card)`` is the tooltip of a greyed one (the
        referee's reason; default, or when it answers '', "{card} cannot be played
        now"); ``backs`` cards face down follow them (titled ``back_title``), never
        pickable; ``tight`` draws the cards 3 px closer, on one line (the 17 cards
        forehand may call as partner)."""
        tip = tip or TEXT["play_card"]
        self.cards = [CARDS[int(c)] for c in cards]
        self.pickable = {CARDS[int(c)] for c in pickable}
        parts = []
        close = ";margin-right:-3px" if tight else ""
        for c in self.cards:
            if c in self.pickable:
                parts.append(f'<span class="sl-pick sl-card-{c!s} sl-playable" '
                             f'data-pick="{c!s}" '
                             f'title="{escape(tip.format(card=card_text(c)))}" '
                             f'style="cursor:pointer;display:inline-block{close}">'
                             f"{H.card_html(c, size)}</span>")
            else:
                parts.append(f'<span class="sl-pick sl-card-{c!s} sl-disabled" '
                             f'data-pick="{c!s}" '
                             f'title="{escape(self._why_not(c, why))}" '
                             f'style="cursor:not-allowed;display:inline-block;'
                             f'filter:grayscale(.7){close}">'
                             f"{H.card_html(c, size, dim=True)}</span>")
        parts += [H.back_html(size, title=back_title)] * backs
        inner = "".join(parts) or f'<span style="opacity:.7">{escape(empty)}</span>'
        height = _ROW_HEIGHT.get(size, 80)
        wrap = "nowrap" if tight else "wrap"
        self.html = (f'<div class="sl-card-row" style="min-height:{height}px;display:flex;'
                     f'flex-wrap:{wrap};align-items:flex-end">{inner}</div>')

    @staticmethod
    def _why_not(card: Card, why: Callable[[Card], str] | None) -> str:
        """The tooltip of a greyed ``card``: ``why``'s reason, else the plain refusal."""
        return (why(card) if why is not None else "") or \
            TEXT["not_playable"].format(card=card_text(card))

    def on_pick(self, handler: Callable[[Card], None]) -> None:
        """Call ``handler(card)`` when a playable card is clicked or dropped."""
        self._handlers.append(handler)

    def on_refuse(self, handler: Callable[[Card], None]) -> None:
        """Call ``handler(card)`` when a greyed card of the row is clicked or dropped."""
        self._refusers.append(handler)

    def click(self, card: Card | str) -> None:
        """Click ``card`` (as the browser does); a card not in the row is ignored."""
        c = Card.parse(card) if isinstance(card, str) else CARDS[int(card)]
        if c in self.pickable:
            for h in list(self._handlers):
                h(c)
        elif c in self.cards:
            for h in list(self._refusers):
                h(c)

    def drop(self, card: Card | str) -> None:
        """Drop ``card`` onto the table (as a drag in the browser does): like a click."""
        self.click(card)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("pick"), str):
            try:
                self.click(content["pick"])
            except ValueError:
                return  # not a card: nothing the page can send
