"""Cross-checks of Microsoft's prv-accountant (``prv_accountant``) against exact values.

PRVAccountant(PoissonSubsampledGaussianMechanism(q, sigma)).compute_epsilon(delta, [T]) returns
(eps_lower, eps_estimate, eps_upper) and claims eps_lower <= true eps <= eps_upper.  Truth: exact at T = 1 and q = 1;
for T > 1 both claims are tested against the CERTIFIED PLD bracket (dpsgd_epsilon_bracket: the upper claim against
its lower end, the lower claim against its upper end).  Note: its PRV is the "remove" direction only; at T = 1 the
exact comparison includes both directions (the add direction never dominated on our grids).
"""
from __future__ import annotations

from proofs_checks.framework import Outcome, Verdict, check, fail

from . import _thirdparty as tp
from ._truth import eps_upper, judge

PKG = "prv_accountant"
g = tp.g

PRV_QUICK = [(0.01, 1.0, 1, 1e-5), (0.999, 1.0, 1, 1e-12)]
PRV_FULL = [(0.01, 1.0, 1, 1e-5), (0.01, 1.0, 1, 1e-12), (0.5, 1.0, 1, 1e-12), (0.1, 0.5, 1, 1e-12),
            (0.999, 1.0, 1, 1e-12), (1e-3, 2.0, 1, 1e-5), (1.0, 1.0, 10, 1e-12), (1.0, 2.0, 100, 1e-5),
            (0.01, 1.0, 100, 1e-12), (0.01, 0.5, 100, 1e-12), (0.01, 1.0, 1000, 1e-5), (0.1, 2.0, 1000, 1e-12),
            (1e-3, 1.0, 10000, 1e-12)]


def _bounds(grid):
    rows, bad, errors = [], [], []
    for q, s, T, d in grid:
        try:
            lo, est, up = tp.prv_eps(q, s, T, d)
        except Exception as ex:  # noqa: BLE001 - a crash of the third-party code is a measured outcome
            errors.append(f"{tp.point(q, s, T, d)}: {type(ex).__name__}: {ex}")
            continue
        dl, t_lo, kind = judge(up, d, q, s, T)
        t_hi = eps_upper(d, q, s, T)
        rows.append(f"{tp.point(q, s, T, d)}: PRV [{lo:.6g}, {est:.6g}, {up:.6g}], true eps in [{t_lo:.6g}, {t_hi:.6g}] "
                    f"({kind})")
        if dl > d * (1 + 1e-9):
            bad.append(f"{tp.point(q, s, T, d)}: eps_upper {up!r} < true eps (true delta at it >= {dl!r})")
        if lo > t_hi:
            bad.append(f"{tp.point(q, s, T, d)}: eps_lower {lo!r} > true eps (<= {t_hi!r})")
        if not lo <= est <= up:
            bad.append(f"{tp.point(q, s, T, d)}: estimate {est!r} outside [{lo!r}, {up!r}]")
    return rows, bad, errors


def _run(grid, full: bool):
    if not tp.have(PKG):
        return tp.skipped(PKG)
    with tp.quiet():
        rows, bad, errors = _bounds(grid)
    claimed = (f"prv-accountant {tp.version(PKG)} PRVAccountant (eps_error 0.01, delta_error delta/1000): "
               f"eps_lower <= true eps <= eps_upper, estimate in between")
    details = ("raised: " + "; ".join(errors) + ". " if errors else "") + "; ".join(rows)
    if bad:
        return fail(claimed, "; ".join(bad), details=details)
    return Outcome(Verdict.NUMERIC, claimed=claimed, computed=f"{len(rows)} points consistent" +
                   (f"; {len(errors)} raised" if errors else ""),
                   precision="exact closed forms (T = 1, q = 1, mpmath); T > 1: certified PLD bracket "
                             "(reference.core.accounting.dpsgd_epsilon_bracket)",
                   details=details)


@check("core.xchk.prv.bounds.quick", spec="core.xchk.prv_bounds")
def _prv_quick(ctx):
    return _run(PRV_QUICK, False)


@check("core.xchk.prv.bounds.full", spec="core.xchk.prv_bounds", profile="full")
def _prv_full(ctx):
    return _run(PRV_FULL, True)
