"""Lower-bound constructions of document 001 (LB1-LB4): exact finite quantities.

LB1 Thm 1(a) (L504-525), LB2 Thm 1(b) (L527-546), LB3 Thm 4 (L732), LB4 Prop 5 modulus (L913-923).
All values are mpmath (dps 50) or exact fractions; no Monte Carlo.  Spec: 001.LB1 .. 001.LB4.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath


def thm1a_bound(H, D, d, n, eps):
    """Thm 1(a) (L166): H D^2 d/(96 e^2 n eps)."""
    return mpmath.mpf(H) * D ** 2 * d / (96 * mpmath.e ** 2 * n * eps)


def thm1_pure_instance(n: int, d: int, eps, H=1, D=1):
    """LB1 quantities: k = d/eps, gamma = D/(2e), c = k H gamma^2/(8n), |V| >= (D/2gamma)^d = e^d,
    testing bound tau >= c/(1 + e^{k eps}/(|V| - 1)) (L521), with |V| - 1 >= e^d - 1.
    Preconditions (AUD-3): k = d/eps is a positive integer and k <= n (ValueError otherwise)."""
    k = mpmath.mpf(d) / eps
    if abs(k - mpmath.nint(k)) > 1e-30 or k < 1:
        raise ValueError(f"d/eps must be a positive integer (k = d/eps = {k})")
    if k > n:
        raise ValueError(f"need k = d/eps <= n, got k = {k}, n = {n}")
    gamma = mpmath.mpf(D) / (2 * mpmath.e)
    c = k * H * gamma ** 2 / (8 * n)
    V = (mpmath.mpf(D) / (2 * gamma)) ** d
    tau = c / (1 + mpmath.e ** (k * eps) / (V - 1))
    return dict(k=k, gamma=gamma, c=c, V=V, tau=tau, bound=thm1a_bound(H, D, d, n, eps))


def thm1_approx_instance(n: int, eps, delta, H=1, D=1):
    """LB2: k = 1/eps, c = k H D^2/(8n), tau >= c (e^{-k eps} - k e^{-eps} delta)/(1 + e^{-k eps}) (L544);
    claimed bound H D^2/(16(e+1) n eps) (L170)."""
    k = 1 / mpmath.mpf(eps)
    c = k * H * mpmath.mpf(D) ** 2 / (8 * n)
    tau = c * (mpmath.e ** (-k * eps) - k * mpmath.e ** (-eps) * delta) / (1 + mpmath.e ** (-k * eps))
    return dict(k=k, c=c, tau=tau, bound=mpmath.mpf(H) * D ** 2 / (16 * (mpmath.e + 1) * n * eps))


def thm4_instance(n: int, d: int, eps, lam, H=1, D=1):
    """LB3: k = lambda n/H, gamma = (D/2) e^{-lambda n eps/(H d)}, |V| >= e^{lambda n eps/H}, c = lambda gamma^2/8,
    tau >= c/(1 + e^{k eps}/(|V| - 1)); claimed (lambda D^2/96) e^{-2 lambda n eps/(H d)} (L357)."""
    k = mpmath.mpf(lam) * n / H
    gamma = mpmath.mpf(D) / 2 * mpmath.e ** (-k * eps / d)
    V = mpmath.e ** (k * eps)
    c = mpmath.mpf(lam) * gamma ** 2 / 8
    tau = c / (1 + mpmath.e ** (k * eps) / (V - 1)) if V > 1 else mpmath.mpf(0)
    return dict(k=k, gamma=gamma, V=V, c=c, tau=tau,
                bound=mpmath.mpf(lam) * mpmath.mpf(D) ** 2 / 96 * mpmath.e ** (-2 * k * eps / d))


def modulus_quadratic_family(a, x0, r: int, H, D, lam) -> Fraction:
    """omega(S, r) for the interpolating dataset S = {(a_j, x0)} of the family F(x;(a,c)) = (a/2)(x-c)^2,
    a in [0,H], c in [-D,D], over S' in S_lambda^L (f_S' lambda-strongly convex, i.e. sum a'/n >= lambda;
    L = 2HD holds automatically), d_ham(S, S') <= r.  Exact (Fractions), by enumeration of the removed set:
    the replacements are (H, +-D) (the movement W(D-x0)/(A_kept + W) increases with W).
    Spec: 001.LB4."""
    a = [Fraction(v) for v in a]
    n = len(a)
    H, D, lam, x0 = Fraction(H), Fraction(D), Fraction(lam), Fraction(x0)
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
