"""Cross-checks of third-party DP-SGD accountants against the CERTIFIED PLD bracket (issue 20).

reference.core.accounting.dpsgd_epsilon_bracket returns [eps_lo, eps_hi] with eps_lo <= true eps(delta) <= eps_hi
PROVED (module docstring of reference/core/accounting/pld.py; exact integer convolutions, Arb).  So:
* an accountant's eps below eps_lo is a CERTIFIED under-statement (an invalid privacy claim);
* an accountant's eps above eps_hi is valid but looser than certifiable (ratio eps / eps_hi reported);
* prv-accountant's eps_lower above eps_hi is a certified invalid lower bound.
The grid is wider than the earlier cross-checks: q in {1e-3, 0.01, 0.1, 0.5, 1}, T up to 1e6, delta down to 1e-12,
including q = 1 at delta = 1e-12 (where the exact Gaussian curve is also known).  Failures of a peer (exceptions,
memory) are recorded in the details.  Spec: core.xchk.bracket_dpacc_pld, core.xchk.bracket_dpacc_rdp,
core.xchk.bracket_prv.
"""
from __future__ import annotations

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail

from . import _thirdparty as tp
from ._truth import bracket_eps

BRACKET_QUICK = [(0.01, 1.0, 1000, 1e-5)]
BRACKET_FULL = [(0.01, 1.0, 1000, 1e-5), (0.01, 1.0, 1000, 1e-12), (0.5, 1.0, 10, 1e-12), (0.01, 0.5, 100, 1e-12),
                (0.1, 2.0, 1000, 1e-8), (1e-3, 1.0, 10000, 1e-12), (1e-3, 1.0, 100000, 1e-5),
                (1e-3, 1.0, 1000000, 1e-5), (0.01, 2.0, 100000, 1e-12), (1.0, 1.0, 100, 1e-12),
                (1.0, 2.0, 1000, 1e-12), (1.0, 1.1, 100000, 1e-12)]

_CACHE: dict = {}


def _peer(kind, q, s, T, d):
    key = (kind, q, s, T, d)
    if key not in _CACHE:
        try:
            with tp.quiet():
                if kind == "pld":
                    _CACHE[key] = ("ok", (tp.dpacc_pld_eps(q, s, T, d),))
                elif kind == "rdp":
                    _CACHE[key] = ("ok", (tp.dpacc_rdp_eps(q, s, T, d)[0],))
                else:
                    lo, est, up = tp.prv_eps(q, s, T, d)
                    _CACHE[key] = ("ok", (up, lo, est))
        except Exception as ex:  # noqa: BLE001 - a crash of the third-party code is a measured outcome
            _CACHE[key] = ("error", f"{type(ex).__name__}: {str(ex)[:100]}")
    return _CACHE[key]


def compare(kind: str, grid) -> dict:
    """Rows, certified violations (eps < eps_lo; for prv also eps_lower > eps_hi), failures, looseness ratios."""
    res = {"rows": [], "under": [], "lower_above": [], "errors": [], "ratios": []}
    for q, s, T, d in grid:
        iv = bracket_eps(d, q, s, T)
        st, val = _peer(kind, q, s, T, d)
        pt = tp.point(q, s, T, d)
        if st != "ok":
            res["errors"].append(f"{pt}: {val}")
            continue
        eps = val[0]
        row = f"{pt}: bracket [{iv.lo:.7g}, {iv.hi:.7g}], {kind} {eps:.7g}"
        if kind == "prv":
            row += f" (lower {val[1]:.7g}, estimate {val[2]:.7g})"
            if val[1] > iv.hi:
                res["lower_above"].append(row)
        if eps < iv.lo:
            res["under"].append((iv.lo - eps, row))
        if iv.hi > 0:
            res["ratios"].append(eps / iv.hi)
        res["rows"].append(row)
    return res


def _details(res):
    return ("raised: " + "; ".join(res["errors"]) + ". " if res["errors"] else "") + " | ".join(res["rows"])


@check("core.xchk.bracket.dpacc_rdp", spec="core.xchk.bracket_dpacc_rdp")
def _br_rdp(ctx):
    if not tp.have("dp_accounting"):
        return tp.skipped("dp_accounting")
    res = compare("rdp", BRACKET_FULL if ctx.full else BRACKET_QUICK)
    claimed = f"dp-accounting {tp.version('dp_accounting')} RdpAccountant (default orders) eps >= the true eps"
    if res["under"]:
        return fail(claimed, "; ".join(r for _, r in res["under"][:3]), details=_details(res))
    return Outcome(Verdict.NUMERIC, claimed=claimed,
                   computed=f"{len(res['rows'])} points, none below the certified lower end; eps / (our certified "
                            f"upper end) in [{min(res['ratios']):.4f}, {max(res['ratios']):.4f}]",
                   precision="truth: certified PLD bracket", details=_details(res))


@check("core.xchk.bracket.dpacc_pld", spec="core.xchk.bracket_dpacc_pld", profile="full")
def _br_pld(ctx):
    if not tp.have("dp_accounting"):
        return tp.skipped("dp_accounting")
    res = compare("pld", BRACKET_FULL)
    claimed = (f"dp-accounting {tp.version('dp_accounting')} PLDAccountant (pessimistic, discretisation 1e-4) eps >= "
               f"the true eps")
    if res["under"]:
        gap, row = max(res["under"])
        return erratum(claimed, computed=f"{len(res['under'])}/{len(res['rows'])} points certified below the true "
                                         f"eps", counterexample=row + f" (below the certified lower end by {gap:.3g})",
                       margin=-gap, precision="truth: certified PLD bracket", details=_details(res))
    return Outcome(Verdict.NUMERIC, claimed=claimed,
                   computed=f"{len(res['rows'])} points, none below the certified lower end; eps / (our upper end) "
                            f"in [{min(res['ratios']):.5f}, {max(res['ratios']):.5f}]",
                   precision="truth: certified PLD bracket", details=_details(res))


@check("core.xchk.bracket.prv", spec="core.xchk.bracket_prv", profile="full")
def _br_prv(ctx):
    if not tp.have("prv_accountant"):
        return tp.skipped("prv_accountant")
    res = compare("prv", BRACKET_FULL)
    claimed = (f"prv-accountant {tp.version('prv_accountant')} (eps_error 0.01, delta_error delta/1000): eps_lower <= "
               f"true eps <= eps_upper")
    if res["under"] or res["lower_above"]:
        bad = [r for _, r in res["under"]] + res["lower_above"]
        return erratum(claimed, computed=f"{len(bad)} certified violations", counterexample=bad[0],
                       precision="truth: certified PLD bracket", details=_details(res))
    return Outcome(Verdict.NUMERIC, claimed=claimed,
                   computed=f"{len(res['rows'])} points consistent with the certified bracket; eps_upper / (our upper "
                            f"end) in [{min(res['ratios']):.4f}, {max(res['ratios']):.4f}]"
                            + (f"; {len(res['errors'])} raised" if res["errors"] else ""),
                   precision="truth: certified PLD bracket", details=_details(res))


PLD_REL_SLACK = 0.01      # the corrected statement's relative slack


@check("core.xchk.bracket.dpacc_pld.corrected", spec="core.xchk.bracket_dpacc_pld", profile="full")
def _br_pld_corrected(ctx):
    if not tp.have("dp_accounting"):
        return tp.skipped("dp_accounting")
    res = compare("pld", BRACKET_FULL)
    claimed = (f"corrected: PLDAccountant eps >= (1 - {PLD_REL_SLACK:g}) x the certified lower end of the true eps on "
               f"the grid, and >= the lower end itself at every point with delta >= 1e-8")
    bad, worst = [], 1.0
    for (q, s, T, d) in BRACKET_FULL:
        st, val = _peer("pld", q, s, T, d)
        if st != "ok":
            continue
        lo = bracket_eps(d, q, s, T).lo
        if lo > 0:
            worst = min(worst, val[0] / lo)
        if val[0] < (1 - PLD_REL_SLACK) * lo or (d >= 1e-8 and val[0] < lo):
            bad.append(f"{tp.point(q, s, T, d)}: {val[0]!r} vs lower end {lo!r}")
    if bad:
        return fail(claimed, "; ".join(bad), details=_details(res))
    return Outcome(Verdict.NUMERIC, claimed=claimed,
                   computed=f"{len(res['rows'])} points; min eps_PLD / (certified lower end) = {worst:.5f}",
                   margin=worst - (1 - PLD_REL_SLACK), precision="truth: certified PLD bracket", details=_details(res))
