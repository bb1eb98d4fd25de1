"""Lower-bound constructions of document 001 (LB1-LB4): exact finite quantities.

LB1 Thm 1(a) (L504-525), LB2 Thm 1(b) (L527-546), LB3 Thm 4 (L732), LB4 Prop 5 modulus (L913-923).
All values are mpmath (dps 50) or exact fractions; no Monte Carlo.  Spec: 001.LB1 .. 001.LB4.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath

import reference.core.validation as validate
from reference.core import validation as _V

__all__ = ["thm1a_bound", "thm1_pure_instance", "thm1_approx_instance", "thm4_instance",
           "modulus_quadratic_family"]


def thm1a_bound(H, D, d, n, eps):
    """Thm 1(a) (L166): H D^2 d/(96 e^2 n eps).

    Preconditions (validated): H, D, eps > 0 finite; d, n integers >= 1.  Returns an mpmath mpf.
    Spec: 001.thm1a.
    """
    H = _V.positive("H", H)
    D = _V.positive("D", D)
    d = _V.integer("d", d, lo=1)
    n = _V.integer("n", n, lo=1)
    eps = _V.positive("eps", eps)
    return _V.finite_result("the bound", mpmath.mpf(H) * mpmath.mpf(D) ** 2 * d / (96 * mpmath.e ** 2 * n * eps),
                            H=H, D=D, d=d)


def thm1_pure_instance(n: int, d: int, eps, H=1, D=1):
    """LB1: the quantities of the Thm 1(a) hard instance (L504-525).

    Preconditions (validated, AUD-3): n, d integers >= 1, eps > 0, H, D > 0; k = d/eps a positive integer, k <= n.
    Steps: k = d/eps, gamma = D/(2e), c = k H gamma^2/(8n), |V| = (D/2gamma)^d = e^d (packing bound),
      tau = c/(1 + e^{k eps}/(|V| - 1)) (testing bound of L521, with |V| - 1 >= e^d - 1).
    Postcondition: dict k, gamma, c, V, tau and the claimed bound H D^2 d/(96 e^2 n eps); tau >= bound
      (001.thm1a.algebra, 001.thm1a.corrected).
    Randomness: none (deterministic, mpmath).
    Spec: 001.LB1.
    """
    validate.positive_int("n", n); validate.positive_int("d", d); validate.positive("eps", eps); validate.positive("H", H); validate.positive("D", D)
    k = mpmath.mpf(d) / eps
    if abs(k - mpmath.nint(k)) > 1e-30 or k < 1:
        raise ValueError(f"d/eps must be a positive integer (k = d/eps = {k})")
    if k > n:
        raise ValueError(f"need k = d/eps <= n, got k = {k}, n = {n}")
    gamma = mpmath.mpf(D) / (2 * mpmath.e)
    c = k * H * gamma ** 2 / (8 * n)
    V = (mpmath.mpf(D) / (2 * gamma)) ** d
    tau = c / (1 + mpmath.e ** (k * eps) / (V - 1))
    out = dict(k=k, gamma=gamma, c=c, V=V, tau=tau, bound=thm1a_bound(H, D, d, n, eps))
    _V.finite_result("the instance's D-scaled quantities (gamma, c, tau, bound)",
                     [float(out[k]) for k in ("gamma", "c", "tau", "bound")], H=H, D=D)
    return out


def thm1_approx_instance(n: int, eps, delta, H=1, D=1):
    """LB2: the quantities of the Thm 1(b) two-point instance (d = 1, L527-546).

    Preconditions (validated): n integer >= 1, eps > 0, 0 <= delta < 1, H, D > 0 (k = 1/eps is not required to be an
      integer here: the check of the printed statement needs the non-integer values too, AUD-5).
    Steps: k = 1/eps, c = k H D^2/(8n), tau = c (e^{-k eps} - k e^{-eps} delta)/(1 + e^{-k eps}) (L544).
    Postcondition: dict k, c, tau and the claimed bound H D^2/(16(e+1) n eps) (L170).
    Randomness: none (deterministic, mpmath).
    Spec: 001.LB2.
    """
    validate.positive_int("n", n); validate.positive("eps", eps); validate.in_range("delta", delta, 0.0, 1.0, hi_open=True)
    validate.positive("H", H); validate.positive("D", D)
    k = 1 / mpmath.mpf(eps)
    c = k * H * mpmath.mpf(D) ** 2 / (8 * n)
    tau = c * (mpmath.e ** (-k * eps) - k * mpmath.e ** (-eps) * delta) / (1 + mpmath.e ** (-k * eps))
    out = dict(k=k, c=c, tau=tau, bound=mpmath.mpf(H) * mpmath.mpf(D) ** 2 / (16 * (mpmath.e + 1) * n * eps))
    _V.finite_result("the instance's D-scaled quantities (c, tau, bound)",
                     [float(out[k]) for k in ("c", "tau", "bound")], H=H, D=D)
    return out


def thm4_instance(n: int, d: int, eps, lam, H=1, D=1):
    """LB3: the quantities of the Thm 4 instance (L353-357, proof L732 'as Theorem 1').

    Preconditions (validated): n, d integers >= 1, eps > 0, lam > 0, H > 0, D > 0; lambda n eps/H <= 1e6.
    Steps: k = lambda n/H, gamma = (D/2) e^{-lambda n eps/(H d)}, |V| = e^{lambda n eps/H}, c = lambda gamma^2/8,
      tau = c/(1 + e^{k eps}/(|V| - 1)) (0 when |V| <= 1).
    Postcondition: dict k, gamma, V, c, tau and the claimed bound (lambda D^2/96) e^{-2 lambda n eps/(H d)} (L357);
      tau >= bound iff e^{lambda n eps/H} >= 2 (AUD-31).
    Randomness: none (deterministic, mpmath).
    Spec: 001.LB3.
    """
    validate.positive_int("n", n); validate.positive_int("d", d); validate.positive("eps", eps); validate.positive("lam", lam)
    validate.positive("H", H); validate.positive("D", D)
    k = mpmath.mpf(lam) * n / H
    if k * eps > 10 ** 6:                   # V = e^{lambda n eps/H}: beyond e^(1e6) every quantity is 0 or overflows
        raise ValueError(f"lambda n eps/H = {float(k * eps):.3g} > 1e6 (lam={lam}, n={n}, eps={eps}, H={H}): the "
                         "instance's exponentials leave every useful range")
    gamma = mpmath.mpf(D) / 2 * mpmath.e ** (-k * eps / d)
    V = mpmath.e ** (k * eps)
    c = mpmath.mpf(lam) * gamma ** 2 / 8
    tau = c / (1 + mpmath.e ** (k * eps) / (V - 1)) if V > 1 else mpmath.mpf(0)
    out = dict(k=k, gamma=gamma, V=V, c=c, tau=tau,
               bound=mpmath.mpf(lam) * mpmath.mpf(D) ** 2 / 96 * mpmath.e ** (-2 * k * eps / d))
    _V.finite_result("the instance's D-scaled quantities (gamma, c, tau, bound)",
                     [float(out[k]) for k in ("gamma", "c", "tau", "bound")], lam=lam, D=D)
    return out


def modulus_quadratic_family(a, x0, r: int, H, D, lam) -> Fraction:
    """LB4: omega(S, r) for the interpolating dataset S = {(a_j, x0)} of the family F(x;(a,c)) = (a/2)(x-c)^2.

    Preconditions (validated): a non-empty, a_j in [0, H]; x0 in [-D, D]; r integer in [0, len(a)]; H, D, lam > 0
      (rationals or exact finite floats).
    Steps: over every removed set R with |R| <= r, replace R by (H, +-D) (the movement W(D - x0)/(A_kept + W)
      increases with W) when the new f_S' is lambda-strongly convex (sum a'/n >= lambda); keep the largest movement.
    Postcondition: the exact modulus sup{|x_S' - x0| : S' in S_lambda^L, d_ham(S, S') <= r} (L = 2HD holds
      automatically), as a Fraction.
    Randomness: none (deterministic, exact).
    Spec: 001.LB4.
    """
    a = _V.rationals("a", a)
    n = len(a)
    r = _V.integer("r", r, lo=0, hi=n)
    H, D, lam, x0 = (_V.rational(k, v) for k, v in (("H", H), ("D", D), ("lam", lam), ("x0", x0)))
    for k, v in (("H", H), ("D", D), ("lam", lam)):
        if not v > 0:
            raise ValueError(f"{k} must be > 0, got {v}")
    if not -D <= x0 <= D:
        raise ValueError(f"x0 must lie in [-D, D] = [{-D}, {D}], got {x0}")
    if not all(0 <= v <= H for v in a):
        raise ValueError(f"a: every a_j must lie in [0, H] = [0, {H}], got {[str(v) for v in a][:10]}")
    A = sum(a)
    best = Fraction(0)
    for rr in range(0, r + 1):
        for R in itertools.combinations(range(n), rr):
            A_kept = A - sum(a[j] for j in R)
            W = rr * H
            if A_kept + W < n * lam or A_kept + W == 0:
                continue
            for target in (D, -D):
                move = abs(W * (target - x0) / (A_kept + W))
                best = max(best, move)
    return best
