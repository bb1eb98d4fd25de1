"""In-law machinery for the chapter's own sampler (reference.thesis.ch04.proximal_sampler, Prop 4.4.8 / [GLL22]):
draws of ``gll_sample`` on a linear-loss instance and their KS distances to the EXACT law by grid quadrature (d = 2)
or 2-D quadrature (the p = 2 sibling at any d), reusing the hit-and-run law tests' machinery (hit_and_run_law).

Instance ("linear + l_p"): f_i(x) = a <s_i, x> (rows s_i, sbar their mean), psi = lam ||x||_p^2/(2(p-1)) on
X = B_p(0, RAD): target ∝ exp(-a <sbar, x> - lam r_p(x)) 1_X.  The REM of Thm 4.4.2 with linear losses is the case
a = k G, lam = k mu.  Statistics (d = 2): x_1, x_2, <x, sbar>/|sbar|, <x, w>, ||x||_p; (p = 2 sibling, any d):
t = <x, e>, rho = ||x - t e||, ||x||_2 with e = -sbar/|sbar| (hit_and_run_law._l2_law_cdfs).  Thresholds: DKW at
false failure ``beta`` split (Bonferroni) over the statistics, plus twice the fine/coarse grid gap.
"""
from __future__ import annotations

import numpy as np

from proofs_checks.experiments import dkw_radius, ks_statistic
from proofs_checks.thesis.ch04 import hit_and_run_law as HL
from reference.core.oracles import QueryCounter, SampleAccessOracle
from reference.thesis.ch04 import proximal_sampler as PS

RAD = HL.RAD


def linear_oracle(S, a, counter=None) -> SampleAccessOracle:
    """Counted value oracle of the components f_i(x) = a <s_i, x> (rows of S)."""
    S = np.asarray(S, dtype=float)
    return SampleAccessOracle(lambda x, s: np.zeros_like(x), S, per_sample_loss=lambda x, s: a * float(s @ x),
                              dim=S.shape[1], counter=counter or QueryCounter())


def draws(S, a, lam, p, M, rng_of, *, C_eta, C_T, x0=None, steps=None, delta_tv=5e-4, stats=None):
    """M independent gll_sample draws (rng_of(m) for draw m) on the linear + l_p instance; G2 = a max ||s_i||_2."""
    S = np.asarray(S, dtype=float)
    G2 = a * float(np.max(np.linalg.norm(S, axis=1)))
    st = stats if stats is not None else {}
    orc = linear_oracle(S, a)
    X = np.array([PS.gll_sample(orc, G2, lam, p, RAD, delta_tv, rng_of(m), C_eta=C_eta, C_T=C_T, x0=x0,
                                steps=steps, stats=st) for m in range(M)])
    st["value_queries"] = orc.calls
    return X, st


def grid_cdfs(d, m, sbar, a, lam, p, w):
    """Exact-law CDFs of the d = 2 statistics on an m^d grid (weights ∝ exp(-a <sbar, x> - lam r_p))."""
    pts, wts = HL._grid_law(d, m, sbar, a, lam / a, p=p)
    names, cols = HL._stats(pts, sbar, w, p=p)
    return names, [HL._wcdf(c, wts) for c in cols]


def exact_2d(sbar, w, a, lam, p, grids=(801, 401)):
    """The exact law of the d = 2 statistics: (names, CDFs on the fine grid, grid errors = 2 x fine/coarse gap)."""
    d = len(sbar)
    names, Ff = grid_cdfs(d, grids[0], sbar, a, lam, p, w)
    _, Fc = grid_cdfs(d, grids[1], sbar, a, lam, p, w)
    gerr = [2 * HL._ks_between(Ff[j], Fc[j], -2 * RAD, 2 * RAD) for j in range(len(names))]
    return names, Ff, gerr


def law_2d(X, sbar, w, p, exact, beta):
    """KS of the d = 2 statistics of the draws X against ``exact`` (from :func:`exact_2d`); returns
    (names, ks, thresholds, dkw, gerr), thresholds = DKW(beta split over the statistics) + grid error."""
    names, Ff, gerr = exact
    dkw = dkw_radius(len(X), beta / len(names))
    _, cols = HL._stats(X, sbar, w, p=p)
    ks = [ks_statistic(cols[j], Ff[j]) for j in range(len(names))]
    return names, ks, [dkw + g for g in gerr], dkw, gerr


def law_l2(X, sbar, a, lam, beta):
    """KS of (t, rho, ||x||_2) of draws X (p = 2 sibling, any d) against the exact law (2-D quadrature)."""
    d = X.shape[1]
    c = a * np.asarray(sbar, dtype=float)
    an = float(np.linalg.norm(c))
    e = -c / an
    F = HL._l2_law_cdfs(an, lam, d, 2400, 1200)
    Fc = HL._l2_law_cdfs(an, lam, d, 1200, 600)
    grid = np.linspace(-RAD, RAD, 4001)
    gerr = [2 * float(np.max(np.abs(F[i](grid) - Fc[i](grid)))) for i in range(3)]
    tt = X @ e
    st = (tt, np.linalg.norm(X - tt[:, None] * e, axis=1), np.linalg.norm(X, axis=1))
    dkw = dkw_radius(len(X), beta / 3)
    ks = [ks_statistic(st[i], F[i]) for i in range(3)]
    return ["t", "rho", "||x||_2"], ks, [dkw + g for g in gerr], dkw, gerr


def worst_start(sbar, p):
    """The boundary point of B_p(0, RAD) maximising <sbar, x> (the loss maximiser: the farthest start)."""
    q = p / (p - 1)
    z = np.sign(sbar) * np.abs(sbar) ** (q - 1)
    return z / np.linalg.norm(z, p) * RAD * (1 - 1e-12)


def data(n, d, rng, p=1.5):
    """n rows with ||s||_q = 1 (q = p/(p-1)): exactly 1-Lipschitz linear losses in l_p (lp_rows._data for p = 1.5)."""
    q = p / (p - 1)
    S = rng.standard_normal((n, d))
    S /= np.linalg.norm(S, q, axis=1, keepdims=True)
    u = np.ones(d) / np.linalg.norm(np.ones(d), q)
    S = 0.5 * S + 0.5 * u
    return S / np.linalg.norm(S, q, axis=1, keepdims=True)


def max_excess(ks, thr) -> float:
    """max_j (KS_j - threshold_j): > 0 means the law test rejects."""
    return max(k - t for k, t in zip(ks, thr))


__all__ = ["linear_oracle", "draws", "grid_cdfs", "exact_2d", "law_2d", "law_l2", "worst_start", "data", "max_excess"]
