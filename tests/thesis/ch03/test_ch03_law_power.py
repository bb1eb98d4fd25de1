"""Power of the in-law check 003_ch03.alg3.sampler_in_law (targeted part): the mutants it must reject.

The check's targeted statistic (mean of h(x) = G x + mu x^2/2, the sufficient statistic of k, Bernstein radius at
false failure 5e-7) on M = M_TARGETED draws.  Fixed seeds; each "accepts" assertion has false-failure <= 5e-7.
"""
import numpy as np
import pytest

from proofs_checks.thesis.ch03 import end_to_end as e2e
from reference.thesis.ch03 import procedures as pr
from reference.thesis.ch03.params import dp_erm_parameters


def _exact_draws(k, mu, m, rng):
    """m draws of pi ∝ exp(-k(G x + mu x^2/2)) on [-D/2, D/2] by inverse CDF on a 2e5-node grid."""
    x = np.linspace(-e2e.D / 2, e2e.D / 2, 200001)
    lw = -k * (e2e.G * x + mu * x * x / 2)
    w = np.exp(lw - lw.max())
    c = np.concatenate([[0.0], np.cumsum((w[1:] + w[:-1]) / 2)])
    return np.interp(rng.random(m), c / c[-1], x)


def test_targeted_statistic_accepts_the_target_and_rejects_k_doubled_and_halved_laws():
    k, mu = e2e.printed_erm_k_mu(e2e.N_TARGETED)
    eta = dp_erm_parameters(e2e.EPS, e2e.DELTA, e2e.G, e2e.D, e2e.N_TARGETED, 1)["eta_tv"]
    M = e2e.M_TARGETED
    rng = np.random.default_rng(20261127)
    assert not e2e.sufficient_statistic_test(_exact_draws(k, mu, M, rng), k, mu, eta, 5e-7)["reject"]
    assert e2e.sufficient_statistic_test(_exact_draws(2 * k, mu, M, rng), k, mu, eta, 5e-7)["reject"]
    assert e2e.sufficient_statistic_test(_exact_draws(2 * k, 2 * mu, M, rng), k, mu, eta, 5e-7)["reject"]
    sh = e2e.detectable_shifts(k, mu, M, 5e-7, eta)
    assert sh["2k"][1] and sh["2mu (calibration: k doubles too)"][1]          # stated as detected w.p. >= 1 - 5e-7
    assert not sh["2mu (regulariser only)"][1]                                  # stated as NOT detected


def test_printed_calibration_recomputed_independently_matches_the_code():
    p = dp_erm_parameters(e2e.EPS, e2e.DELTA, e2e.G, e2e.D, 4, 1)
    k, mu = e2e.printed_erm_k_mu(4)
    assert abs(k - p["k"]) <= 1e-12 * k and abs(mu - p["mu"]) <= 1e-12 * mu


@pytest.mark.slow
def test_sampler_run_with_mu_doubled_in_the_calibration_is_rejected(monkeypatch):
    """dp_erm run end to end (composite sampler) with a calibration mutant mu -> 2 mu (so k = 2 mu n^2 a^2/G^2
    doubles too: the sampler runs at 2k): the check's targeted test on M_TARGETED runs rejects it (~30 s)."""
    orig = pr.dp_erm_parameters

    def mutant(*a, **kw):
        p = dict(orig(*a, **kw))
        p["mu"], p["k"] = 2 * p["mu"], 2 * p["k"]
        return p

    monkeypatch.setattr(pr, "dp_erm_parameters", mutant)
    xs, info = e2e.targeted_law_runs(e2e.N_TARGETED, e2e.M_TARGETED, lambda m: np.random.default_rng([7, m]))
    k, mu = e2e.printed_erm_k_mu(e2e.N_TARGETED)
    assert abs(info["k"] - 2 * k) <= 1e-9 * k                                   # the mutant really ran at 2k
    assert e2e.sufficient_statistic_test(xs, k, mu, info["eta_tv"], 5e-7)["reject"]


def test_exact_slope_guard_downgrades_a_lucky_interval():
    """A rate interval that contains the theory exponent but excludes the exact mechanism's own slope over the same
    range (the full-profile H8 run: [-1.367, -0.873] vs exact -0.79) is reported PARTIAL, not STATISTICAL."""
    from proofs_checks.experiments import SlopeInterval, rate_outcome
    from proofs_checks.framework import Verdict
    ci = SlopeInterval(-1.125, -1.367, -0.873, 0.95, 2000, (16, 16, 16, 8), 0.0)
    out = rate_outcome(ci, theory=-1.0, competitor=-0.5, claim="c", coverage="n in [40, 320]")
    assert out.verdict is Verdict.STATISTICAL
    assert e2e._exact_slope_guard(out, ci, -0.79).verdict is Verdict.PARTIAL
    assert e2e._exact_slope_guard(out, ci, -0.95).verdict is Verdict.STATISTICAL
