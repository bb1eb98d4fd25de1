"""Tests of the approximate-RDP ledger (Lemma 3, Cor 1, Prop 7 preconditions)."""
import math

import pytest
from hypothesis import given, strategies as st

from reference.resque.accounting import ApproxRDPLedger, cor1_convert, prop7_bound, thm3_conversion


@given(eps=st.lists(st.floats(0, 5), min_size=1, max_size=5), dl=st.floats(0, 1e-3), alpha=st.floats(1.01, 100))
def test_ledger_composition(eps, dl, alpha):
    led = ApproxRDPLedger(alpha)
    for e in eps:
        led.add(e, dl)
    e_tot, d_tot = led.total()
    assert math.isclose(e_tot, sum(eps), rel_tol=1e-12, abs_tol=1e-15) and math.isclose(d_tot, dl * len(eps), abs_tol=1e-18)
    ed, dd = led.to_dp(1e-6)
    assert math.isclose(ed, e_tot + math.log(1e6) / (alpha - 1))


def test_gaussian_entry_and_conversion():
    led = ApproxRDPLedger(2.0).gaussian(1.0, 1.0)
    assert led.total() == (1.0, 0.0)
    assert cor1_convert(2.0, 1.0, 0.0, math.exp(-1))[0] == pytest.approx(2.0)


def test_prop7_preconditions():
    with pytest.raises(ValueError, match="s must"):
        prop7_bound(2.0, 0.1, 0.05)
    with pytest.raises(ValueError, match="alpha"):
        prop7_bound(40.0, 0.1, 0.01)
    assert prop7_bound(2.0, 0.1, 0.01) == pytest.approx(13 * 1e-4 * 0.2)


@given(e=st.floats(0.01, 0.99), d=st.floats(1e-12, 0.166))
def test_thm3_delta_third(e, d):
    eps_dp, dt = thm3_conversion(e, d)
    assert eps_dp <= e and dt <= d


def test_thm3_replay_sums_per_call_bounds():
    """P7 replay: the total is the Lemma 3 sum of the per-call Prop 8 / Prop 10 / Lemma 10 terms; Cor 1 applied with delta/3."""
    import math
    from reference.resque.accounting import cor1_convert, thm3_replay
    n, eps, delta, C_priv = 10 ** 6, 0.5, 1e-3, 4.0
    calls = [("ls", 1.0, 16, 0.5, 0.5), ("bo", 1.0, 16, 0.5), ("sp", 1.0, 4, 0.5)]
    Js = [1, 3, 40]
    rp = thm3_replay(calls, Js, n, eps, delta, C_priv)
    alpha = 4 * math.log(2 / delta) / eps
    d_c, d_s = delta / 36, delta / 54
    bo = alpha * C_priv * (0.5 * math.log(2 / d_c) * 16 / n) ** 2
    ls = alpha * C_priv * math.log(2) * (0.5 * math.log(math.log(32) / d_c) * 16 / n) ** 2
    jm = int(math.floor(math.log2(math.floor(n / C_priv) / 4)))
    base = C_priv * (0.5 * math.log(math.log2(math.log2(n)) / d_s) * 4 / n) ** 2
    sp = alpha * base * (2 + 8 + (1 if 40 > jm else 2 ** 40))
    assert math.isclose(rp["eps_total"], bo + ls + sp, rel_tol=1e-9)
    assert math.isclose(rp["delta_total"], 2 * d_c + 3 * d_s, rel_tol=1e-9)
    assert rp["eps_dp"] == cor1_convert(alpha, rp["eps_total"], rp["delta_total"], delta / 3)[0]
