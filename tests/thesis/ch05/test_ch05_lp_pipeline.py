"""The assembled l_p instance of thesis 003 Section 5.5 (reference.thesis.ch05.lp_pipeline)."""
import numpy as np
import pytest

from reference.thesis.ch05 import lp_pipeline as lp


def test_lp_gamma_y_draws_lie_in_the_lp_ball(monkeypatch):
    # the rejection mechanics with a cheap concave stand-in for psi (the Euclidean LLT ||x||^2/(4a)); the law with the
    # real psi_{4/3,a} is the full-profile check 003_ch05.alg_gamma_y_sampler.lp_in_law (psi costs ~40 ms per call)
    from reference.thesis.ch05 import llt
    monkeypatch.setattr(llt, "psi_pa", lambda x, a, q=4: float(np.dot(x, x)) / (4 * a))
    st = {}
    draw = lp.lp_gamma_y(1.0, 0.3, 0.5, 2, stats=st)(np.array([1.0, -1.0]))
    rng = np.random.default_rng(0)
    xs = [draw(rng) for _ in range(5)]
    assert all(lp.lp_norm(x, 4 / 3) <= 0.5 for x in xs)
    assert st.get("envelope_violations", 0) == 0 and st["proposals"] >= 5


def test_lp_gamma_y_rejects_d1_and_other_q():
    with pytest.raises(ValueError):
        lp.lp_gamma_y(1.0, 0.3, 0.5, 1)
    with pytest.raises(ValueError):
        lp.lp_gamma_y(1.0, 0.3, 0.5, 2, q=3)


def test_schedule_fallback_and_inner_loop_precondition():
    s = lp.m_erm_lp_schedule(2, 8, 1.0, 0.1, 1e-3)
    assert s["fallback"]
    s = lp.m_erm_lp_schedule(200, 2, 1.0, 1.0, 1e-3)
    assert not s["fallback"]
    assert s["eta"] * s["k"] * s["mu"] <= 1 and s["T"] > 1e6
