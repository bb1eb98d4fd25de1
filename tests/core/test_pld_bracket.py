"""Tests of the certified PLD bracket (reference.core.accounting.pld).  Spec: core.acct.pld_bracket,
core.acct.dpsgd_epsilon_bracket, core.acct.pld_pairs.

Exact values come from code independent of the bracket: the analytic Gaussian curve (q = 1), mpmath quadrature of
the one-step hockey-stick integrals (T = 1), binomial sums (randomized response), the Laplace closed form and
enumerated product distributions (finite pairs)."""
from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import pytest

from reference.core import accounting as A
from reference.core.accounting import pld


def _in(iv, lo, hi=None):
    hi = lo if hi is None else hi
    return iv.lo <= lo and hi <= iv.hi


# ------------------------------------------------------------------------------------------------ exact values

@pytest.mark.parametrize("sigma,T,delta", [(5.0, 100, 1e-5), (1.0, 4, 1e-12), (2.0, 16, 1e-8), (0.8, 1, 1e-5)])
def test_q1_contains_exact_gaussian(sigma, T, delta):
    """q = 1: T Gaussian steps = one Gaussian with sensitivity sqrt(T) (T a square, exact)."""
    ex = A.gaussian_epsilon(delta, sigma, math.isqrt(T), return_bracket=True)
    iv = A.dpsgd_epsilon_bracket(1.0, sigma, T, delta)
    assert _in(iv, ex.lo, ex.hi), (iv, ex)
    assert iv.width <= 1e-3 * ex.hi


def _sgm_t1_quad(eps, q, sigma):
    """max(H(P||Q), H(Q||P)) of one Poisson-subsampled Gaussian step by mpmath quadrature (40 digits)."""
    with mpmath.workdps(40):
        e, qq, s = mpmath.mpf(eps), mpmath.mpf(q), mpmath.mpf(sigma)
        phi0 = lambda x: mpmath.npdf(x, 0, s)  # noqa: E731
        mix = lambda x: (1 - qq) * phi0(x) + qq * mpmath.npdf(x, 1, s)  # noqa: E731
        c = mpmath.exp(e)
        xr = s ** 2 * mpmath.log((mpmath.expm1(e) + qq) / qq) + mpmath.mpf(1) / 2
        rem = mpmath.quad(lambda x: mix(x) - c * phi0(x), [xr, xr + 1, xr + 5, mpmath.inf])
        arg = (mpmath.expm1(-e) + qq) / qq
        add = mpmath.mpf(0)
        if arg > 0:
            xa = s ** 2 * mpmath.log(arg) + mpmath.mpf(1) / 2
            add = mpmath.quad(lambda x: phi0(x) - c * mix(x), [-mpmath.inf, xa - 5, xa - 1, xa])
        return max(rem, add)


@pytest.mark.parametrize("q,sigma,eps", [(0.01, 1.0, 1.0), (0.5, 1.0, 2.0), (0.1, 0.5, 0.3), (0.9, 0.7, 0.0)])
def test_t1_contains_exact_quadrature(q, sigma, eps):
    ex = _sgm_t1_quad(eps, q, sigma)
    iv = A.dpsgd_delta_bracket(q, sigma, 1, eps)
    tol = ex * mpmath.mpf(10) ** -25
    assert iv.lo <= ex - tol and ex + tol <= iv.hi, (iv, ex)
    assert iv.width <= 1e-3 * float(ex)


def test_t1_eps_bracket_contains_exact():
    """eps direction at T = 1: delta_exact(eps) > delta below the bracket's lower end, <= delta at its upper end."""
    q, s, d = 0.01, 1.0, 1e-5
    iv = A.dpsgd_epsilon_bracket(q, s, 1, d)
    assert _sgm_t1_quad(iv.hi, q, s) <= d
    assert _sgm_t1_quad(iv.lo * (1 - 1e-12), q, s) > d


@pytest.mark.parametrize("eps0,T,eps", [(0.5, 10, 0.79), (0.1, 200, 1.41), (1.0, 50, 3.5)])
def test_randomized_response_contains_exact(eps0, T, eps):
    with mpmath.workdps(40):
        p = mpmath.exp(eps0) / (1 + mpmath.exp(eps0))
        ex = mpmath.fsum(mpmath.binomial(T, l) * p ** (T - l) * (1 - p) ** l * -mpmath.expm1(eps - eps0 * (T - 2 * l))
                         for l in range(T + 1) if eps0 * (T - 2 * l) > eps)
    iv = A.pld_bracket(A.randomized_response_pair(eps0), T, epsilon=eps)
    assert iv.lo <= ex * (1 - 1e-20) and ex * (1 + 1e-20) <= iv.hi, (iv, ex)


@pytest.mark.parametrize("b,eps", [(0.5, 0.6), (1.0, 0.3), (3.0, 0.0)])
def test_laplace_contains_exact(b, eps):
    ex = -math.expm1((eps - 1 / b) / 2)
    iv = A.pld_bracket(A.LaplacePair(b), 1, epsilon=eps)
    assert iv.lo <= ex * (1 - 1e-14) and ex * (1 + 1e-14) <= iv.hi, (iv, ex)


def test_laplace_two_fold_contains_quadrature():
    """T = 2: the law of L under P is an atom at e0 (1/2), an atom at -e0 (e^-e0/2) and the density
    r(l) = e^{(l - e0)/2}/4 on (-e0, e0); r * r (s) = e^{(s - 2 e0)/2} (2 e0 - |s|)/16 on |s| < 2 e0.
    delta = E[(1 - e^{eps - L1 - L2})_+] by 1-D mpmath quadratures."""
    b, eps = 1.0, 0.8
    with mpmath.workdps(30):
        e0 = mpmath.mpf(1) / b
        atoms = [(e0, mpmath.mpf(1) / 2), (-e0, mpmath.exp(-e0) / 2)]
        r = lambda l: mpmath.exp((l - e0) / 2) / 4  # noqa: E731
        f = lambda s: -mpmath.expm1(eps - s) if s > eps else mpmath.mpf(0)  # noqa: E731
        tot = mpmath.fsum(w1 * w2 * f(a1 + a2) for a1, w1 in atoms for a2, w2 in atoms)
        for a, w in atoms:                                       # atom x continuous, both orders
            cut = max(-e0, min(e0, eps - a))
            tot += 2 * w * mpmath.quad(lambda l: r(l) * f(a + l), [cut, e0])
        g = lambda s: mpmath.exp((s - 2 * e0) / 2) * (2 * e0 - abs(s)) / 16  # noqa: E731
        tot += mpmath.quad(lambda s: g(s) * f(s), [eps, 2 * e0])
    iv = A.pld_bracket(A.LaplacePair(b), 2, epsilon=eps)
    assert iv.lo <= tot * (1 - 1e-12) and tot * (1 + 1e-12) <= iv.hi, (iv, tot)


def test_finite_pair_contains_enumeration():
    import itertools
    P = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
    Q = [Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)]
    for T, eps in [(1, 0.1), (3, 1.5), (4, 0.3)]:
        PT = [math.prod(c) for c in itertools.product(P, repeat=T)]
        QT = [math.prod(c) for c in itertools.product(Q, repeat=T)]
        ex = max(A.hockey_stick_finite(PT, QT, epsilon=eps, certified=True).hi,
                 A.hockey_stick_finite(QT, PT, epsilon=eps, certified=True).hi)
        exl = max(A.hockey_stick_finite(PT, QT, epsilon=eps, certified=True).lo,
                  A.hockey_stick_finite(QT, PT, epsilon=eps, certified=True).lo)
        iv = A.pld_bracket(A.FinitePair(P, Q), T, epsilon=eps)
        assert iv.lo <= exl and ex <= iv.hi, (T, eps, iv, exl, ex)


def test_delta_zero_is_certified():
    """Beyond the largest loss the exact delta is 0: the bracket is [0, 0]."""
    iv = A.pld_bracket(A.randomized_response_pair(0.5), 3, epsilon=2.0)
    assert iv.lo == 0.0 and iv.hi == 0.0


# ------------------------------------------------------------------------------------------------ properties

def test_monotone_in_delta_T_sigma():
    """eps(delta) decreases in delta and sigma and increases in T: brackets never contradict that order."""
    a = A.dpsgd_epsilon_bracket(0.05, 1.0, 200, 1e-6)
    b = A.dpsgd_epsilon_bracket(0.05, 1.0, 200, 1e-4)
    c = A.dpsgd_epsilon_bracket(0.05, 1.0, 400, 1e-6)
    d = A.dpsgd_epsilon_bracket(0.05, 1.5, 200, 1e-6)
    assert b.lo <= a.hi and b.hi < a.lo          # strictly separated here
    assert a.lo <= c.hi and a.hi < c.lo
    assert d.lo <= a.hi and d.hi < a.lo
    e = A.dpsgd_delta_bracket(0.05, 1.0, 200, a.hi)
    assert e.hi <= 1e-6 * (1 + 1e-9)             # delta at the certified eps is certified <= delta


def test_benchmark_case_width():
    """Issue 20 target: width <= 0.002 at q = 0.01, sigma = 1, T = 1000, delta = 1e-5; above RDP's certified value no."""
    iv = A.dpsgd_epsilon_bracket(0.01, 1.0, 1000, 1e-5)
    assert iv.width <= 0.002 and 1.8 < iv.lo <= iv.hi < 1.84
    assert iv.hi < A.dpsgd_epsilon(0.01, 1.0, 1000, 1e-5, orders=range(2, 257))


# ------------------------------------------------------------------------------------------------ certification

@pytest.mark.parametrize("fault", ["upper_round_down", "upper_optimistic"])
def test_wrong_rounding_direction_is_caught(fault, monkeypatch):
    """With the pessimistic chain's masses rounded DOWN (or the loss rounded down instead of connect-the-dots),
    the containment check of proofs_checks must report a certified violation; without the fault it must not."""
    from proofs_checks.core.accounting_pld import FAULT_CASES, exact_eps_q1, fault_run, verify_brackets
    res = fault_run(fault)
    assert res["out"], res["rows"]
    assert not pld._FAULTS                       # restored
    ok = verify_brackets([(f"q=1 {s} {T} {d}", lambda s=s, T=T, d=d: A.dpsgd_epsilon_bracket(1.0, s, T, d),
                           lambda s=s, T=T, d=d: exact_eps_q1(s, T, d)) for s, T, d in FAULT_CASES])
    assert ok["in"] == len(FAULT_CASES) and not ok["out"] and not ok["undecided"]


# ------------------------------------------------------------------------------------------------ validation

@pytest.mark.parametrize("kw,exc,match", [
    (dict(q=0.0), ValueError, "q"), (dict(q=1.5), ValueError, "q"), (dict(q=float("nan")), ValueError, "q"),
    (dict(sigma=-1.0), ValueError, "sigma"), (dict(sigma=0.0), ValueError, "sigma"),
    (dict(T=0), ValueError, "T"), (dict(T=2.5), ValueError, "T"), (dict(T=True), TypeError, "T"),
    (dict(delta=0.0), ValueError, "delta"), (dict(delta=1.0), ValueError, "delta"), (dict(delta="1e-5"), TypeError,
                                                                                    "delta"),
    (dict(q=True), TypeError, "q"), (dict(sigma="1"), TypeError, "sigma"),
])
def test_bracket_validation(kw, exc, match):
    args = dict(q=0.01, sigma=1.0, T=10, delta=1e-5)
    args.update(kw)
    with pytest.raises(exc, match=match):
        A.dpsgd_epsilon_bracket(**args)


def test_pld_bracket_validation():
    pr = A.GaussianPair(1.0)
    with pytest.raises(ValueError, match="exactly one"):
        A.pld_bracket(pr, 3)
    with pytest.raises(ValueError, match="exactly one"):
        A.pld_bracket(pr, 3, delta=1e-5, epsilon=1.0)
    with pytest.raises(TypeError, match="pair"):
        A.pld_bracket("gauss", 3, delta=1e-5)
    with pytest.raises(ValueError, match="epsilon"):
        A.pld_bracket(pr, 3, epsilon=-1.0)
    with pytest.raises(ValueError, match="rel_width"):
        A.pld_bracket(pr, 3, delta=1e-5, rel_width=0.0)
    with pytest.raises(ValueError, match="directions"):
        A.pld_bracket(pr, 3, delta=1e-5, directions="sideways")
    with pytest.raises(ValueError, match="p must sum"):
        A.FinitePair([0.5, 0.4], [0.5, 0.5])
