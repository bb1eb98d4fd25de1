"""Lemma 13.4.4 (L10251-10253, proof L10403-10426) on tiny cases: the exact minimum over ALL (ε, δ)-DP algorithms.

Claim: T ≥ 1, ε ≤ 1/T, δ ≤ 1/2, ℓ : [d] → {0, 1} with ℓ[x] ~ Ber(1/2) i.i.d., D = (ℓ, …, ℓ) (T copies), ALG (ε, δ)-DP
with output (z_1, …, z_T) = ALG(D) ⇒ E[Σ_t ℓ(z_t)] ≥ T(1/2 − Tε/2) − T²dδ/2.

The check computes, by a linear program, the smallest E[Σ_t ℓ(z_t)] over every mechanism M : ({0,1}^d)^T → Δ([d]^T)
(offline, with full access to D as the proof assumes at L10405 — a superset of online algorithms, so its minimum is a
lower bound for them) that is (ε, δ)-DP for datasets differing in one loss.  (ε, δ)-DP is imposed exactly through the
hockey-stick divergence: for every ordered neighbouring pair (D, D′), Σ_o max(0, M(D)(o) − e^ε M(D′)(o)) ≤ δ (slack
variables s ≥ 0, s ≥ M(D)(o) − e^ε M(D′)(o), Σ_o s ≤ δ).  The LP is exponential in d·T (2^{dT} data sets, d^T outputs),
so only d ≤ 3, T ≤ 3 (d·T ≤ 6) are run: a tiny case, far from Thm 13.4.2's regime.
"""
from __future__ import annotations

import itertools
import math

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix

from proofs_checks.framework import Outcome, Verdict, check


def lemma1344_lp_minimum(d: int, T: int, eps: float, delta: float) -> float:
    """Exact minimum of E_{ℓ~Ber(1/2)^d} E Σ_t ℓ(z_t) over all (ε, δ)-DP mechanisms ({0,1}^d)^T → Δ([d]^T) (HiGHS LP)."""
    if not (isinstance(d, int) and isinstance(T, int) and d >= 1 and T >= 1 and d * T <= 6):
        raise ValueError(f"d, T must be integers >= 1 with d·T <= 6 (the LP has 2^(dT)·d^T variables), got {d}, {T}")
    if not (eps >= 0 and 0 <= delta <= 1):
        raise ValueError(f"eps must be >= 0 and delta in [0, 1], got {eps}, {delta}")
    losses = list(itertools.product((0, 1), repeat=d))                   # ℓ ∈ {0,1}^d
    datasets = list(itertools.product(range(len(losses)), repeat=T))     # D = (ℓ_1, …, ℓ_T)
    outputs = list(itertools.product(range(d), repeat=T))                # (z_1, …, z_T)
    nD, nO = len(datasets), len(outputs)
    index = {D: i for i, D in enumerate(datasets)}
    pairs = []                                                           # ordered neighbours: one loss replaced
    for D in datasets:
        for t in range(T):
            for l2 in range(len(losses)):
                if l2 != D[t]:
                    pairs.append((index[D], index[D[:t] + (l2,) + D[t + 1:]]))
    nP = len(pairs)
    nvar = nD * nO + nP * nO
    c = np.zeros(nvar)
    for li, l in enumerate(losses):                                      # objective on the diagonal D_ℓ
        i = index[(li,) * T]
        for oi, o in enumerate(outputs):
            c[i * nO + oi] = 2.0 ** (-d) * sum(l[z] for z in o)
    rows, cols, vals, b = [], [], [], []
    r = 0
    e = math.exp(eps)
    for pi, (i, j) in enumerate(pairs):
        for oi in range(nO):                                             # M(D)(o) − e^ε M(D′)(o) − s ≤ 0
            rows += [r, r, r]; cols += [i * nO + oi, j * nO + oi, nD * nO + pi * nO + oi]; vals += [1.0, -e, -1.0]
            b.append(0.0); r += 1
        for oi in range(nO):                                             # Σ_o s ≤ δ
            rows.append(r); cols.append(nD * nO + pi * nO + oi); vals.append(1.0)
        b.append(delta); r += 1
    A_ub = coo_matrix((vals, (rows, cols)), shape=(r, nvar)).tocsr()
    A_eq = coo_matrix((np.ones(nD * nO), (np.repeat(np.arange(nD), nO), np.arange(nD * nO))),
                      shape=(nD, nvar)).tocsr()
    res = linprog(c, A_ub=A_ub, b_ub=np.array(b), A_eq=A_eq, b_eq=np.ones(nD), bounds=(0, None), method="highs")
    if res.status != 0:
        raise RuntimeError(f"LP (d={d}, T={T}, ε={eps}, δ={delta}) did not solve: {res.message}")
    return float(res.fun)


def lemma1344_bound(d: int, T: int, eps: float, delta: float) -> float:
    """The printed right side T(1/2 − Tε/2) − T²dδ/2 (L10253)."""
    return T * (0.5 - T * eps / 2) - T * T * d * delta / 2


@check("003_ch13.lemma13_4_4.tiny_lp", spec="003_ch13.lemma13_4_4")
def _l1344(ctx):
    grid = [(f, dl) for f in (0.0, 0.25, 0.5, 1.0) for dl in (0.0, 1e-3, 0.05)]   # ε = f/T up to the extreme 1/T
    plan = [((2, 1), grid), ((2, 2), grid), ((3, 1), grid)]
    if ctx.profile == "full":                         # (3, 2): 576 variables of M, ~6 s per LP — three points only
        plan += [((2, 3), grid), ((3, 2), [(0.0, 1e-3), (0.25, 0.0), (1.0, 1e-3)])]
    cases = [dt for dt, _ in plan]
    worst = (math.inf, None)
    for (d, T), pts in plan:
        for frac, delta in pts:
            eps = frac / T
            v = lemma1344_lp_minimum(d, T, eps, delta)
            bnd = lemma1344_bound(d, T, eps, delta)
            worst = min(worst, (v - bnd, (d, T, eps, delta, v, bnd)), key=lambda w: w[0])
    margin, (d, T, eps, delta, v, bnd) = worst
    details = (f"(d, T) ∈ {cases}; ε ∈ {{0, 1/4T, 1/2T, 1/T}} × δ ∈ {{0, 1e-3, 0.05}} (3 of these points at (3, 2)); "
               f"equality at ε = δ = 0 (value T/2, the uniform choice); tightest case (d,T,ε,δ) = "
               f"({d},{T},{eps:g},{delta:g}): LP minimum {v:.6f} vs bound {bnd:.6f}")
    if margin < -1e-7:
        return Outcome(Verdict.ERRATUM, claimed="E Σ_t ℓ(z_t) ≥ T(1/2 − Tε/2) − T²dδ/2 for every (ε, δ)-DP ALG",
                       computed=f"LP minimum {v:.6f} < {bnd:.6f}", margin=margin, details=details,
                       counterexample=f"(d, T, ε, δ) = ({d}, {T}, {eps:g}, {delta:g}): an (ε, δ)-DP mechanism "
                                      f"attains E Σ ℓ(z_t) = {v:.6f} < {bnd:.6f}")
    return Outcome(Verdict.PARTIAL, claimed="E Σ_t ℓ(z_t) ≥ T(1/2 − Tε/2) − T²dδ/2 for every (ε, δ)-DP ALG (L10253)",
                   computed=f"exact LP minimum over all (ε, δ)-DP mechanisms ≥ the bound in every case; tightest "
                            f"margin {margin:.3g} at (d,T,ε,δ) = ({d},{T},{eps:g},{delta:g})", margin=margin,
                   precision="HiGHS LP optimum (tolerance 1e-7)", details=details,
                   coverage=f"tiny cases only: (d, T) ∈ {cases} (quick profile: d·T ≤ 3), ε on a 4-point grid up "
                            "to 1/T, δ ∈ {0, 1e-3, 0.05}; the LP is exponential in d·T (2^{dT}·d^T variables), so Thm 13.4.2's "
                            "regime (epochs of length B ≥ 1 with d ≥ 2, T ≫ 1) is not reached")

