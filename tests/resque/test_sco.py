"""Cor 3 / Thm 4 stand-ins (reference.resque.sco): pre-drawn draws replay the rng path bit-identically; bad input is
rejected with a ValueError naming the parameter; the localization schedule is the printed one (003 Alg. 5)."""
import math

import numpy as np
import pytest

from reference.resque.private import ErmProblem
from reference.resque.sco import cor3_schedule, private_regularized_erm, private_sco, sco_phases

SC = dict(C=0.1, r_over_rho=0.5, beta=0.5, T1=16, T2=16, T3=4, zeta=0.5)


def _problem(n, d=2, seed=0):
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((n, d))
    A /= np.linalg.norm(A, axis=1)[:, None]
    return ErmProblem(A, A @ (0.2 * np.ones(d)) + 0.1 * rng.standard_normal(n), np.ones(n))


def test_cor3_draws_replay_bit_identical():
    P = _problem(300)
    rec = {}
    o1 = P.oracle()
    x1 = private_regularized_erm(o1, P.L, 1.0, 0.5, 1e-3, 0.5, np.zeros(2), np.random.default_rng(3), C_ba=2.0,
                                 C_priv=4.0, scaled=SC, record=rec)
    o2 = P.oracle()
    x2 = private_regularized_erm(o2, P.L, 1.0, 0.5, 1e-3, 0.5, np.zeros(2), None, draws=rec["draws"], C_ba=2.0,
                                 C_priv=4.0, scaled=SC)
    assert np.array_equal(x1, x2) and o1.calls == o2.calls
    assert len(rec["calls"]) == cor3_schedule(300, 0.5, 1e-3, 0.5, P.L, 1.0)["k"]


def test_sco_draws_replay_bit_identical():
    P = _problem(400)
    rec = {}
    o1 = P.oracle()
    x1 = private_sco(o1, P.L, 1.0, 0.5, 1e-3, np.random.default_rng(4), C_ba=2.0, C_priv=0.5, scaled=SC, record=rec)
    o2 = P.oracle()
    x2 = private_sco(o2, P.L, 1.0, 0.5, 1e-3, None, draws=rec["draws"], C_ba=2.0, C_priv=0.5, scaled=SC)
    assert np.array_equal(x1, x2) and o1.calls == o2.calls == sum(p["gradients"] for p in rec["phases"])
    assert len(rec["phases"]) == math.ceil(math.log(400))


def test_sco_phases_printed_schedule():
    ph = sco_phases(1000, 3, 0.5, 1e-3, 2.0, 1.5)
    assert ph["k"] == math.ceil(math.log(1000))
    assert ph["N"] == [1000 // 2 ** i for i in range(1, ph["k"] + 1)]
    assert all(abs(e - 0.5 / 2 ** i) < 1e-15 for i, e in enumerate(ph["eps"], 1))
    eta = (3.0 / 2.0) * min(1 / math.sqrt(1000), 0.5 / math.sqrt(3 * math.log(1e3)))
    assert ph["eta"] == pytest.approx(eta, rel=1e-14)
    assert all(lam == pytest.approx(2 / (eta / 2 ** (5 * i) * (1000 // 2 ** i)), rel=1e-12) for i, lam in enumerate(ph["lam"], 1))
    assert sco_phases(1000, 3, 0.5, 1e-3, 2.0, 1.5, log="log2")["empty"] == [10]


@pytest.mark.parametrize("kw, name", [(dict(eps=1.0), "eps"), (dict(eps=0.0), "eps"), (dict(delta=0.2), "delta"),
                                      (dict(lam=-1.0), "lam"), (dict(lam=float("nan")), "lam"), (dict(L=True), "L")])
def test_cor3_rejects_bad_input(kw, name):
    P = _problem(50)
    args = dict(L=P.L, R=1.0, eps=0.5, delta=1e-3, lam=1.0)
    args.update(kw)
    with pytest.raises((ValueError, TypeError), match=name):
        private_regularized_erm(P.oracle(), args["L"], args["R"], args["eps"], args["delta"], args["lam"], np.zeros(2),
                                np.random.default_rng(0), scaled=SC)


def test_sco_rejects_too_small_n_and_outside_x0():
    P = _problem(3)
    with pytest.raises(ValueError, match="too small"):
        private_sco(P.oracle(), P.L, 1.0, 0.5, 1e-3, np.random.default_rng(0), scaled=SC)
    P = _problem(50)
    with pytest.raises(ValueError, match="x0"):
        private_sco(P.oracle(), P.L, 1.0, 0.5, 1e-3, np.random.default_rng(0), x0=[2.0, 0.0], scaled=SC)
