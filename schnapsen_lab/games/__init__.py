"""The games this package referees, each registered with :mod:`schnapsen_lab.games.protocol`.

* :mod:`schnapsen_lab.games.schnapsen.game`: two-player Schnapsen (RULES.md) and its profiles,
  including ``bauern2``, the two-player form of Bauernschnapsen (BAUERN.md BZ), over the
  referee of :mod:`schnapsen_lab.games.schnapsen.rules`;
* :mod:`schnapsen_lab.games.bauern`: four-player Bauernschnapsen (BAUERN.md).
"""
