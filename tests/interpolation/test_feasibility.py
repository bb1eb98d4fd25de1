"""The feasibility checks of document 001's unrun headline experiments (proofs_checks.interpolation.feasibility)
compute their numbers from the reference code and can fail."""
import math

from proofs_checks.framework import Verdict
from proofs_checks.interpolation import feasibility as F
from reference.interpolation.schedule import alg2_q


def test_eps_cross_equalises_the_two_rate_terms():
    from proofs_checks.interpolation.headline_experiments import _alg3_rate
    for n in (1000, 4000, 8000):
        ex = F._eps_cross(n, 2, 0.05)
        stat = math.sqrt(math.log(40)) * math.log(n) ** 1.5 / math.sqrt(n)
        assert math.isclose(_alg3_rate(n, 2, ex, 0.05), 2 * stat, rel_tol=1e-12)
        if n >= 4000:
            assert ex < 0.03                           # the privacy-limited regime is eps < 0.03 at n >= 4000


def test_prop2_ratio_matches_the_printed_bound_and_is_vacuous():
    n = 8000
    lb = math.log(n + 1)
    assert math.isclose(F._prop2_ratio(n, 1, math.inf, 1 / (n + 1)), 128 * math.sqrt(lb) * math.log(n) ** 1.5 / math.sqrt(n))
    assert F._prop2_ratio(n, 1, math.inf, 1 / (n + 1)) > 1


def test_quick_feasibility_checks_return_partial_with_numbers():
    class Ctx:
        def child_rng(self, i):
            import numpy as np
            return np.random.default_rng(1234 + i)
    for fn in (F._h12, F._e12_feas):
        out = fn(Ctx())
        assert out.verdict == Verdict.PARTIAL, out.computed
        assert out.coverage and any(ch.isdigit() for ch in out.coverage)


def test_fixed_m_schedule_expands_only_at_tiny_eps():
    assert alg2_q(2.0, 1.0, 3, 300, 0.05, 2, 0.04, 0.0, c=0.2) > 1 > alg2_q(2.0, 1.0, 3, 300, 0.05, 2, 0.1, 0.0, c=0.2)


def test_run_guard_fails_on_wrong_counts_or_over_budget():
    from proofs_checks.framework import Verdict
    from proofs_checks.interpolation.headline_experiments import run_guard
    assert run_guard("c", "x", [], 1.0) is None
    assert run_guard("c", "x", [(1, 2)], 0.5).verdict is Verdict.FAILED
    assert run_guard("c", "x", [], 1.0 + 1e-9).verdict is Verdict.FAILED
