"""The two-player game's own players: the :class:`Player` protocol, the random player and
the rule-of-thumb (heuristic) player. The search players sit above, with the analysis
engine (:mod:`schnapsen_lab.players`)."""
