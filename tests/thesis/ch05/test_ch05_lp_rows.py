"""The scaled Thm 5.5.8 l_p rows (proofs_checks/thesis/ch05/lp_rows.py): schedule, counts, reproducibility; and the
'gradient' envelope of lp_gamma_y that M_erm uses."""
from __future__ import annotations

import math

import numpy as np
import pytest

from proofs_checks.thesis.ch05 import lp_rows as L
from reference.thesis.ch05 import lp_pipeline as lp


def test_scaled_schedule_is_the_documented_change():
    s = L.scaled_schedule(25, 2)
    pr = lp.m_erm_lp_schedule(25, 2, L.G, L.EPS, L.DELTA)
    assert s["k"] == pr["k"] and s["mu"] == pr["mu"] and not s["fallback"]          # (k, mu), fallback as printed
    d_in = L.DELTA / (2 * s["T_printed_formula"])
    assert math.isclose(s["eta"], min(1 / (L.C_ETA * (s["k"] * L.G) ** 2 * math.log(1 / d_in)), 1 / (s["k"] * s["mu"])))
    assert s["T"] == math.ceil(L.TAU * L.D / (s["eta"] * s["k"] * L.G))
    assert s["T"] < 1e3 < pr["T"] and math.isclose(s["a"], s["eta"] / 6)              # a = eta (p - 1)/2


def test_lp_run_counts_and_reproducibility():
    s = dict(L.scaled_schedule(25, 2), T=3)
    r1 = L.lp_run(25, 2, np.random.default_rng(5), s)          # asserts queries = sum a(a+1) and steps = T
    r2 = L.lp_run(25, 2, np.random.default_rng(5), s)
    assert r1 == r2 and r1["steps"] == 3 and r1["queries"] >= 2 * r1["iters"] and 0 <= r1["excess"] <= 1
    with pytest.raises(ValueError, match="d = 2"):
        L.exact_excess_law(25, 3)


def test_gradient_envelope_validation_and_draws():
    with pytest.raises(ValueError, match="proposal"):
        lp.lp_gamma_y(1.0, 0.05, 1.0, 2, envelope="gradient", proposal="box")
    with pytest.raises(ValueError, match="envelope"):
        lp.lp_gamma_y(1.0, 0.05, 1.0, 2, envelope="other")
    st = {}
    draw = lp.lp_gamma_y(1.0, 2e-4, 0.5, 2, stats=st, envelope="gradient",
                         hint=lambda: np.array([0.01, -0.3]))(np.array([-165.5, -621.0]))   # a hard case (anisotropic)
    xs = [draw(np.random.default_rng(k)) for k in range(5)]
    assert all(lp.lp_norm(x, 4 / 3) <= 0.5 for x in xs) and st.get("envelope_violations", 0) == 0
    assert st["proposals"] / st["draws"] < 2000


def test_max_proposals_raises_instead_of_hanging():
    draw = lp.lp_gamma_y(1.0, 1e-6, 0.5, 2, proposal="box", batch=1, max_proposals=1)(np.array([3e5, 3e5]))
    with pytest.raises(RuntimeError, match="max_proposals"):
        for k in range(50):
            draw(np.random.default_rng(k))
