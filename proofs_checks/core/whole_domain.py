"""Core inequalities checked with the engine over a whole range of their parameter (issue 12 item 5, core part).

* core.prob.norm_distance -- the smoothness constant of the Gaussian-smoothed ``L||x - c||``,
  ``L sqrt2 Gamma((d+1)/2)/(d Gamma(d/2) rho) <= L/rho``, i.e. ``sqrt2 Gamma((d+1)/2)/(d Gamma(d/2)) <= 1``:
  certified in Arb at every integer d in [1, 1000] (quick) / [1, 10^4] (full).  Larger d: the engine's real
  relaxation cannot close boxes (two separately enclosed Gamma values lose their ratio), so the claim for d > 10^4
  rests on Wendel's inequality Gamma((d+1)/2)/Gamma(d/2) <= sqrt(d/2) (the expression is then <= 1/sqrt(d) - 1),
  which is not machine-checked here.
"""
from __future__ import annotations

from flint import arb

from proofs_checks.engine import Param, certify
from proofs_checks.framework import Outcome, Verdict, check, fail


def norm_smoothness_gap(env):
    """sqrt2 Gamma((d+1)/2)/(d Gamma(d/2)) - 1 (an Arb enclosure for ball arguments; module level: picklable)."""
    d = env["d"]
    return arb(2).sqrt() * ((d + 1) / 2).gamma() / (d * (d / 2).gamma()) - 1


@check("core.prob.norm_distance.smoothness_certified", spec="core.prob.norm_distance")
def _norm_smoothness(ctx):
    hi = 10 ** 4 if ctx.full else 1000
    r = certify(norm_smoothness_gap, [Param("d", 1, hi, integer=True)], budget=4 * hi, use_ad=False,
                claim="sqrt2 Gamma((d+1)/2)/(d Gamma(d/2)) <= 1 (smoothness of the smoothed norm <= L/rho)",
                certificate_path=ctx.full or None, name="core.prob.norm_distance.smoothness")
    if not r.certified:
        return fail("smoothness constant <= L/rho", r.coverage)
    return Outcome(Verdict.NUMERIC,
                   claimed="the smoothness constant L sqrt2 Gamma((d+1)/2)/(d Gamma(d/2) rho) of the smoothed L||x - c|| is <= L/rho",
                   computed=f"Arb: sqrt2 Gamma((d+1)/2)/(d Gamma(d/2)) - 1 <= {r.max_upper:.4g} at every integer d in [1, {hi}] "
                            f"({r.n_boxes} box evaluations; the maximum is at d = 1: sqrt(2/pi) - 1)",
                   margin=-r.max_upper, precision=f"Arb {r.prec} bits",
                   coverage=f"every integer d in [1, {hi}] certified; d > {hi} not covered (Wendel's inequality, not machine-checked)",
                   details=r.coverage)
