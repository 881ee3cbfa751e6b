"""The games with a round of calls: Bauernschnapsen (four seats) and Dreierschnapsen (three).

What they play the same lives here once (:mod:`.rules`): the calls, their order and
values, spritze and the game's holder, contracts made or broken the moment the result is
certain, the contracts without trump, the sides' scores, claims and game points. Each game
keeps its seats, its deal and what only it has (the called partner, the talon) in its own
package.
"""

from __future__ import annotations
