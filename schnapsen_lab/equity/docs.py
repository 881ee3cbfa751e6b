"""The figures docs/equity.md quotes, computed from the shipped tables.

Everything between the two ``<!-- shipped tables -->`` marks of docs/equity.md is this
module's :func:`shipped_section`: the shares of the six deal outcomes, a few table values,
and every figure the text draws from them (three-point deals, the dealer's share, how far
the two tables of a profile differ, the sampling error of shares and values, which strong
tables are measured on fewer deals). A test regenerates the section and fails on a
difference; after measuring again (``schnapsen-lab equity --rebuild``) write it with::

    python -m schnapsen_lab.equity.docs docs/equity.md

The sampling error of a table value is computed by the delta method: each value's
derivative with respect to the six shares (by finite differences of the dynamic
programme) and the multinomial covariance of the shares give its variance, so the figure
is exact arithmetic on the shipped counts, with no random draws.
"""

from __future__ import annotations

import math
import sys
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path

from . import EquityTable, OutcomeCounts, load_tables, solve_table

__all__ = ["MARK", "check_doc", "shipped_section", "update_doc", "value_error"]

MARK = "<!-- shipped tables -->"
"""The line that opens and closes the generated section of docs/equity.md."""

PROFILES = ("soft", "strict", "beginner")
PLAYERS = ("strong", "heuristic")
FULL = 5000
"""The deals a table is measured on in full."""

_VALUES = ((7, 7, True), (1, 6, True), (1, 6, False), (6, 1, True), (6, 1, False),
           (2, 2, True), (2, 2, False))


def _pct(x: float, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%"


def _pp(x: float) -> str:
    """Percentage points, one decimal."""
    return f"{100 * x:.1f}"


def _three(o: OutcomeCounts) -> float:
    """The share of deals worth three game points."""
    return (o.forehand[2] + o.dealer[2]) / o.deals


def _dealer(o: OutcomeCounts) -> float:
    """The share of deals the dealer wins."""
    return sum(o.dealer) / o.deals


def _grids_of_shares(p: Sequence[float]) -> list[list[list[float]]]:
    """The dynamic programme's two grids for the shares ``p`` (forehand 1, 2, 3, dealer
    1, 2, 3, and a standoff's where there is one), not necessarily counts."""
    o = OutcomeCounts.__new__(OutcomeCounts)
    object.__setattr__(o, "forehand", tuple(p[:3]))
    object.__setattr__(o, "dealer", tuple(p[3:6]))
    object.__setattr__(o, "standoff", p[6] if len(p) > 6 else 0)
    i_deal, they_deal = solve_table(o)
    return [[list(r) for r in i_deal], [list(r) for r in they_deal]]


def value_error(t: EquityTable, z: float = 1.96) -> list[list[list[float]]]:
    """The half-width of each table value's ``z`` interval (95%) from the sampling error
    of its shares: ``[dealer][mine - 1][theirs - 1]`` (dealer 0: I deal), by the delta
    method."""
    o = t.outcomes
    n = o.deals
    p = [c / n for c in (*o.forehand, *o.dealer, *((o.standoff,) if o.standoff else ()))]
    base = _grids_of_shares(p)
    h = 1e-6
    grads = []
    for i in range(len(p)):
        q = list(p)
        q[i] += h
        g = _grids_of_shares(q)
        grads.append([[[(g[d][a][b] - base[d][a][b]) / h for b in range(t.start)]
                       for a in range(t.start)] for d in range(2)])
    out = [[[0.0] * t.start for _ in range(t.start)] for _ in range(2)]
    for d in range(2):
        for a in range(t.start):
            for b in range(t.start):
                gv = [grads[i][d][a][b] for i in range(len(p))]
                mean = sum(gi * pi for gi, pi in zip(gv, p, strict=True))
                var = sum(pi * (gi - mean) ** 2 for gi, pi in zip(gv, p, strict=True)) / n
                out[d][a][b] = z * math.sqrt(max(var, 0.0))
    return out


def _cells(grids: list[list[list[float]]]) -> list[float]:
    return sorted(v for g in grids for row in g for v in row)


def _share_table(tables: Mapping[tuple[str, str], EquityTable]) -> list[str]:
    head = ("| profile | player | deals | forehand 1 | forehand 2 | forehand 3 | dealer 1 "
            "| dealer 2 | dealer 3 |")
    rows = [head, "|---|---|---|---|---|---|---|---|---|"]
    for profile, player in _order(tables):
        o = tables[(profile, player)].outcomes
        cells = [f"{_pct(share)} ({_pct(lo)}–{_pct(hi)})" for _w, _k, _n, share, lo, hi
                 in o.rows()]
        rows.append(f"| {profile} | {player} | {o.deals:,} | " + " | ".join(cells) + " |")
    return rows


def _value_table(tables: Mapping[tuple[str, str], EquityTable]) -> list[str]:
    names = [f"{a} : {b}, {'I' if d else 'they'} deal" for a, b, d in _VALUES]
    rows = ["| profile | player | " + " | ".join(names) + " |",
            "|---|---|" + "---|" * len(names)]
    for profile, player in _order(tables):
        t = tables[(profile, player)]
        rows.append(f"| {profile} | {player} | "
                    + " | ".join(_pct(t.equity(a, b, d)) for a, b, d in _VALUES) + " |")
    return rows


def _order(tables: Mapping[tuple[str, str], EquityTable]) -> list[tuple[str, str]]:
    known = [(p, pl) for p in PROFILES for pl in PLAYERS if (p, pl) in tables]
    return known + sorted(k for k in tables if k not in known)


def _table_gap(t: EquityTable) -> float:
    """The largest difference between the two tables (I deal, they deal) at the same
    counters."""
    return max(abs(t.i_deal[a][b] - t.they_deal[a][b])
               for a in range(t.start) for b in range(t.start))


def _gaps(tables: Sequence[EquityTable]) -> str:
    """"0.2 (soft) and 0.7 (strict)": each table's :func:`_table_gap` by profile."""
    said = [f"{_pp(_table_gap(t))} ({t.profile})" for t in tables]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _wrap(paragraph: str) -> str:
    return textwrap.fill(paragraph, width=90, break_long_words=False,
                         break_on_hyphens=False)


def shipped_section(tables: Mapping[tuple[str, str], EquityTable] | None = None) -> str:
    """The generated section of docs/equity.md (between its two marks, marks excluded)."""
    tables = load_tables() if tables is None else tables
    strong = tables[("soft", "strong")]
    heur = tables[("soft", "heuristic")]
    heuristic = [tables[(p, "heuristic")] for p in PROFILES if (p, "heuristic") in tables]
    strongs = [tables[(p, "strong")] for p in PROFILES if (p, "strong") in tables]
    full = [t for (profile, _), t in tables.items()
            if t.outcomes.deals >= FULL and profile in PROFILES]
    errors = [value_error(t) for t in full]
    typical = max(_cells(e)[len(_cells(e)) // 2] for e in errors)
    worst = max(max(_cells(e)) for e in errors)
    worst_at = max(
        (e[d][a][b], a + 1, b + 1) for e in errors for d in range(2)
         for a in range(strong.start) for b in range(strong.start))
    wilson = 1.96 * math.sqrt(0.25 * 0.75 / FULL)
    beginner3 = [f"{_pct(_three(tables[(p, 'heuristic')].outcomes))} {p}"
                 for p in PROFILES if (p, "heuristic") in tables]
    lines = [
        "## The shipped tables",
        "",
        "Shares of the six deal outcomes in self-play (seed 1), with 95% Wilson intervals:",
        "",
        *_share_table(tables),
        "",
        "A few values (my chance to win the Bummerl; *mine : theirs*, who deals next):",
        "",
        *_value_table(tables),
        "",
        "What the numbers say (every figure below is computed from the shipped counts by "
        "`schnapsen_lab.equity.docs`, and a test checks this page against them). The strong "
        f"player against itself ends {_pct(_three(strong.outcomes))} of its deals with three "
        f"game points (the rule-of-thumb player {_pct(_three(heur.outcomes))}), so its tables "
        "are flatter: a player three game points from losing is never quite out, and at "
        f"6 : 1 the one behind keeps {_pct(strong.equity(6, 1, True))} instead of "
        f"{_pct(heur.equity(6, 1, True))}. The forehand and the dealer win about equally "
        f"often (the dealer wins {_pct(_dealer(strong.outcomes))} of the strong player's "
        f"deals and {_pct(_dealer(heur.outcomes))} of the rule-of-thumb player's, soft "
        "rules), yet who deals next moves a value at the same counters: the two tables of a "
        f"profile differ by at most {_gaps(strongs)} percentage points for the strong player "
        f"and by at most {_gaps(heuristic)} for the rule-of-thumb player. The "
        "beginner profile, without closing, has the fewest three-point deals (rule-of-thumb "
        f"player: {', '.join(beginner3)}).",
        "",
        f"The shares have sampling error: with {FULL:,} deals a share near 25% is known to "
        f"about ±{_pp(wilson)} percentage points (95%). The table values are steadier at "
        "most scores, since the errors of the six shares partly cancel: by the delta method "
        "(each value's sensitivity to the six shares and their multinomial covariance), a "
        f"value of the {FULL:,}-deal tables is known to ±{_pp(typical)} percentage points "
        f"(95%) at a typical score, and to ±{_pp(worst)} at {worst_at[1]} : {worst_at[2]}"
        + (", where the next deal alone decides the Bummerl." if worst_at[1:] == (1, 1)
           else "."),
    ]
    short = [t for t in strongs if t.outcomes.deals < FULL]
    missing = [p for p in PROFILES if (p, "strong") not in tables]
    if short or missing:
        parts = [f"its {t.profile} table is measured on its first {t.outcomes.deals:,} "
                 f"deals only (a share known to about "
                 f"±{_pp(1.96 * math.sqrt(0.25 * 0.75 / t.outcomes.deals))} percentage points, "
                 f"a value to ±{_pp(max(_cells(value_error(t))))})" for t in short]
        if missing:
            parts.append(f"its {' and '.join(missing)} "
                         f"table{'s' if len(missing) > 1 else ''} not yet")
        rules = ",".join([*(t.profile for t in short), *missing])
        lines += [
            "",
            "The strong player's tables are not all measured in full: " + "; ".join(parts)
            + ". Until a profile's strong table is measured, `equity.table(profile)` gives "
            "the rule-of-thumb player's table. Measure them in full with "
            f"`schnapsen-lab equity --rebuild --rules {rules} --players strong`.",
        ]
    six = tables.get(("sechsundsechzig", "heuristic"))
    if six is not None:
        o = six.outcomes
        lines += [
            "",
            "Sechsundsechzig's table (`sechsundsechzig`) is of a match counted up to 7: its "
            "counters are the game points still to make (7 minus the points won), and a "
            "standoff (6G4: 65 to 65 after twelve tricks) gives its point to the winner of "
            f"the next deal: {o.standoff:,} of its {o.deals:,} deals "
            f"({_pct(o.standoff_share, 2)}) were standoffs, which the programme carries "
            "(`equity.solve_carried`; a test checks it against value iteration of the "
            "match). It is the rule-of-thumb player's: the strong player, whose "
            "Sechsundsechzig deals cost seconds each, is not yet measured. Its deals are "
            f"worth three game points {_pct(_three(o))} of the time (Schnapsen's, soft: "
            f"{_pct(_three(heur.outcomes))}), and at 6 : 1 the one behind keeps "
            f"{_pct(six.equity(6, 1, True))}.",
        ]
    by_build: dict[str, list[str]] = {}
    for profile, player in _order(tables):
        build = tables[(profile, player)].measured_by or "an earlier build (not recorded)"
        by_build.setdefault(build, []).append(f"{profile}/{player}")
    lines += [
        "",
        "Measured by: " + "; ".join(f"{', '.join(names)} with {build}"
                                    for build, names in by_build.items())
        + " (the `measured_by` field of each table in `schnapsen_lab/equity/tables.json`).",
    ]
    prose = ("What the numbers", "The shares have", "The strong player's tables",
             "Measured by", "Sechsundsechzig's table")
    return "\n".join(_wrap(x) if x.startswith(prose) else x for x in lines) + "\n"


def _split(text: str) -> tuple[str, str, str]:
    first = text.index(MARK)
    second = text.index(MARK, first + len(MARK))
    body_start = first + len(MARK) + 1
    return text[:body_start], text[body_start:second], text[second:]


def check_doc(path: str | Path) -> str | None:
    """None when the section of ``path`` is the one the shipped tables give, else the
    section they give."""
    _head, body, _tail = _split(Path(path).read_text(encoding="utf-8"))
    want = shipped_section()
    return None if body == want else want


def update_doc(path: str | Path) -> bool:
    """Write the section the shipped tables give into ``path``; True when it changed."""
    p = Path(path)
    head, body, tail = _split(p.read_text(encoding="utf-8"))
    want = shipped_section()
    if body == want:
        return False
    p.write_text(head + want + tail, encoding="utf-8")
    return True


if __name__ == "__main__":  # pragma: no cover - the maintainer's command
    target = sys.argv[1] if len(sys.argv) > 1 else "docs/equity.md"
    print(f"{target}: {'updated' if update_doc(target) else 'unchanged'}")
