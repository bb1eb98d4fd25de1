"""Tests of the privacy auditor (reference.core.testing.audit_epsilon and helpers).

The 1e6-draw Gaussian audits are vectorized (one numpy call per side).  Their outcomes with the fixed seeds are
deterministic; the a-priori probabilities are computed exactly in proofs_checks (core.test.audit.power_exact):
the planned audit reaches eps_lb >= 0.8 with probability 0.867, the halved-sigma audit exceeds eps = 1 with
probability 1 - 1e-15 or more; soundness (eps_lb <= true eps) fails with probability <= beta = 0.05 per run
(the runs below use fixed seeds).
"""
from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from reference.core import testing as T
from reference.core.accounting import gaussian_epsilon, gaussian_sigma

EPS, DELTA = 1.0, 1e-5
SIGMA = float(gaussian_sigma(EPS, DELTA))


def gauss(sigma):
    return lambda D, rng, size: D + sigma * rng.standard_normal(size)


def test_sigma_value():
    assert SIGMA == pytest.approx(3.7306, abs=1e-4)


def test_planned_audit_power_gaussian_1e6():
    """Known output laws -> analytic plan; 1e6 (Poisson mean) evaluation draws per side."""
    pred, plan = T.plan_threshold_audit(stats.norm(0, SIGMA), stats.norm(1, SIGMA), DELTA, 10**6, 0.05)
    assert 0.8 < pred < EPS
    res = T.audit_epsilon(gauss(SIGMA), 0.0, 1.0, None, 10**6, np.random.default_rng(2024), delta=DELTA, plan=plan)
    print(res.summary())
    assert 0.8 * EPS <= res.epsilon_lb <= EPS


def test_data_driven_audit_gaussian_1e6():
    """Threshold chosen on a separate 1e6-draw sample, evaluated on a fresh Poisson(1e6) sample per side."""
    res = T.audit_epsilon(gauss(SIGMA), 0.0, 1.0, None, 10**6, np.random.default_rng(7), delta=DELTA)
    print(res.summary())
    assert res.n_select == 10**6 and res.A1 is not None
    assert 0.7 <= res.epsilon_lb <= EPS


@pytest.mark.parametrize("planned", [True, False])
def test_halved_sigma_is_flagged(planned):
    s = SIGMA / 2
    plan = T.plan_threshold_audit(stats.norm(0, s), stats.norm(1, s), DELTA, 10**6)[1] if planned else None
    res = T.audit_epsilon(gauss(s), 0.0, 1.0, None, 10**6, np.random.default_rng(11), delta=DELTA, plan=plan)
    print(res.summary())
    assert res.epsilon_lb > EPS  # the claimed (1, 1e-5) guarantee is refuted at confidence 0.95
    assert res.epsilon_lb <= gaussian_epsilon(DELTA, s)  # and the bound stays below the true eps (2.155)


def test_laplace_pure_dp_sound_and_tight():
    """Laplace(b = 1/eps), delta = 0: every tail beyond the shift has ratio exactly e^eps."""
    eps = 2.0
    mech = lambda D, rng, size: D + rng.laplace(0.0, 1 / eps, size)  # noqa: E731
    res = T.audit_epsilon(mech, 0.0, 1.0, None, 200_000, np.random.default_rng(5))
    assert 0.9 * eps <= res.epsilon_lb <= eps


def test_unbatched_mechanism_and_statistic():
    """A vector-valued mechanism called once per draw; the statistic is the first coordinate."""
    def mech(D, rng):
        return np.array([D, 0.0]) + rng.laplace(0.0, 1.0, 2)

    res = T.audit_epsilon(mech, 0.0, 1.0, lambda out: out[:, 0], 2000, np.random.default_rng(1), batched=False)
    assert 0.0 <= res.epsilon_lb <= 1.0


def test_identical_datasets_give_small_bound():
    res = T.audit_epsilon(gauss(1.0), 0.0, 0.0, None, 20_000, np.random.default_rng(3), delta=1e-6)
    assert res.epsilon_lb <= 0.2


def test_bound_from_counts():
    # no evidence -> 0; more successes -> larger bound; delta penalizes
    assert T.audit_bound_from_counts(0, 0, 100, 0.0, 0.05) == 0.0
    e = T.audit_bound_from_counts(np.arange(0, 400, 50), 100, 1e4, 0.0, 0.05)
    assert np.all(np.diff(e) >= 0) and e[-1] > 1.0
    assert T.audit_bound_from_counts(300, 100, 1e4, 1e-3, 0.05) < T.audit_bound_from_counts(300, 100, 1e4, 0.0, 0.05)
    assert T.audit_bound_from_counts(300, 0, 1e4, 1e-3, 0.05) == 0.0  # delta term unbounded without N0
    # against the closed form with delta = 0: rho_lb from the exact Clopper-Pearson lower bound
    lo = T.clopper_pearson(300, 400, 0.05, side="lower")[0]
    assert T.audit_bound_from_counts(300, 100, 1e4, 0.0, 0.05) == pytest.approx(np.log(lo / (1 - lo)), rel=1e-9)


def test_optimal_threshold_audit_matches_accounting():
    e, ev, role = T.optimal_threshold_audit(stats.norm(0, SIGMA), stats.norm(1, SIGMA), DELTA)
    assert e == pytest.approx(EPS, rel=1e-9)
    assert ev.direction in (">=", "<=")
    e_h = T.optimal_threshold_audit(stats.norm(0, SIGMA / 2), stats.norm(1, SIGMA / 2), DELTA)[0]
    assert e_h == pytest.approx(gaussian_epsilon(DELTA, SIGMA / 2), rel=1e-9)


def test_plan_with_second_event_only():
    plan = (None, T.AuditEvent("<=", -8.0))
    res = T.audit_epsilon(gauss(SIGMA), 0.0, 1.0, None, 10**5, np.random.default_rng(4), delta=DELTA, plan=plan)
    assert 0.0 <= res.epsilon_lb <= EPS and res.A1 is None


@pytest.mark.parametrize("kwargs, match", [
    (dict(beta=0.0), "beta"), (dict(beta=1.0), "beta"), (dict(delta=-0.1), "delta"), (dict(delta=1.0), "delta"),
    (dict(n_samples=0), "n_samples"), (dict(rng=0), "rng"), (dict(n_select=0), "n_select"),
    (dict(plan=(T.AuditEvent(">=", 0.0), T.AuditEvent("<=", 1.0))), "disjoint"),
    (dict(statistic=lambda out: out[:3]), "statistic"),
])
def test_audit_validation(kwargs, match):
    args = dict(mechanism=gauss(1.0), D=0.0, D_prime=1.0, statistic=None, n_samples=100,
                rng=np.random.default_rng(0))
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        T.audit_epsilon(**args)


def test_event_validation():
    with pytest.raises(ValueError, match="direction"):
        T.AuditEvent(">", 0.0)
    with pytest.raises(ValueError, match="threshold"):
        T.AuditEvent(">=", float("nan"))
    with pytest.raises(ValueError, match="m must"):
        T.audit_bound_from_counts(1, 1, 10, 0.0, 0.05, m=3)
