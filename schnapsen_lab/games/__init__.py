"""The games this package referees, each registered with :mod:`schnapsen_lab.game`.

* :mod:`schnapsen_lab.games.schnapsen`: two-player Schnapsen (RULES.md) and its profiles,
  including ``bauern2``, the two-player form of Bauernschnapsen (BAUERN.md BZ), over the
  referee of :mod:`schnapsen_lab.rules`;
* :mod:`schnapsen_lab.games.bauern`: four-player Bauernschnapsen (BAUERN.md).
"""
