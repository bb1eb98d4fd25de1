"""Two-condition AboveThreshold selector (Algorithm 18, 003 L5256-5271; Lemma 6.3.8, L5275).

Queries at candidate x_i: q_i = ||∇F_S(x_i)|| (replace-one sensitivity 2G/n) and h_i = smin(∇²F_S(x_i))
(sensitivity 2M/n by Weyl).  Alg. 18 outputs the first x_i with q_i + ν_i <= T̂1 and h_i + ν'_i >= T̂2.

Variants: ``"printed"`` uses the printed Laplace scales (threshold Lap(4G/(nε)), Lap(4M/(nε)); queries Lap(8G/(nε)),
Lap(8M/(nε))), which are the full-ε AboveThreshold calibration for each stream; the conjunction of two streams
is not ε-DP (audit AU9).  ``"corrected"`` (default) runs each stream at ε/2 (all scales doubled), which is ε-DP
by basic composition of the two AboveThreshold proofs.

``output_law`` computes P[output = k] exactly (2-D Gauss-Legendre quadrature over the two threshold noises,
breakpoints at every kink), used by the privacy checks.
"""
from __future__ import annotations

import math

import numpy as np
from reference.core import validation as _V

__all__ = ["thresholds_offsets", "above_threshold_sosp", "output_law", "worst_case_loss"]

VARIANTS = ("corrected", "printed")


def _scales(G, M, n, epsilon, variant):
    """(b_thr1, b_thr2, b_q1, b_q2): Laplace scales of Alg. 18 lines 1-4 (L5262-5266)."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
    f = 1.0 if variant == "printed" else 2.0
    return (f * 4 * G / (n * epsilon), f * 4 * M / (n * epsilon), f * 8 * G / (n * epsilon), f * 8 * M / (n * epsilon))


def _validate(G, M, rho, alpha, n, epsilon, omega, T):
    for name, v in (("G", G), ("M", M), ("rho", rho), ("alpha", alpha), ("epsilon", epsilon)):
        _V.positive(name, v)
    _V.integer("n", n, lo=1)
    _V.in_range("omega", omega, 0.0, 1.0, lo_open=True, hi_open=True)
    _V.integer("T", T, lo=1)


def thresholds_offsets(G, M, rho, alpha, n, epsilon, omega, T):
    """Deterministic parts of T̂1, T̂2 (Alg. 18 lines 1-2, L5262-5263)."""
    _validate(G, M, rho, alpha, n, epsilon, omega, T)               # one range check per parameter
    _V.finite_result("the offsets 16 log(2T/omega) (G, M) / (n epsilon)", [G / (n * epsilon), M / (n * epsilon)],
                     G=G, M=M, epsilon=epsilon)
    c1 = alpha + 16 * math.log(2 * T / omega) * G / (n * epsilon)
    c2 = -math.sqrt(rho * alpha) - 16 * math.log(2 * T / omega) * M / (n * epsilon)
    return tuple(_V.finite_result("the offsets (c1, c2)", [c1, c2], G=G, M=M, rho=rho, alpha=alpha, epsilon=epsilon))


def above_threshold_sosp(q, h, *, G, M, rho, alpha, n, epsilon, omega, rng: np.random.Generator | None,
                         variant: str = "corrected", noise: dict | None = None) -> int | None:
    """Alg. 18 on precomputed query values: returns the index i (0-based) of the output x_i, or None (= ⊥).

    Preconditions: q[i] = ||∇F_S(x_i)||, h[i] = smin(∇²F_S(x_i)) (finite, same length T >= 1); G, M, rho,
    alpha, epsilon > 0; n >= 1 integer (|S|); omega in (0,1).  ``noise`` may hold pre-drawn standard Laplace
    draws: keys "rho1", "rho2" (scalars) and "nu", "nu2" (length T).
    Postcondition: (corrected) ε-DP in (q, h) for replace-one neighbours (Δq = 2G/n, Δh = 2M/n).

    Steps: T̂1 = α + 16 log(2T/ω)G/(nε) + Lap(b1); T̂2 = −√(ρα) − 16 log(2T/ω)M/(nε) + Lap(b2); for i = 1..T: if q_i
        + Lap(2b1) ≤ T̂1 and h_i + Lap(2b2) ≥ T̂2, output i and halt; ⊥ if none (b's per variant: printed 4G/(nε),
        4M/(nε); corrected doubled).
    Randomness: standard Laplace draws rho1, rho2 (scalars) and nu, nu2 (length T) from ``rng`` or the pre-drawn
        ``noise`` dict of that layout; bit-identical (tested).
    Spec: 003_ch06.alg18
    """
    rng = _V.generator("rng", rng, allow_none=noise is not None)
    _V.choice("variant", variant, ("printed", "corrected"))
    q, h = _V.vector("q", q), _V.vector("h", h)
    if q.shape != h.shape:
        raise ValueError(f"q and h must have the same length T, got {q.shape[0]} and {h.shape[0]}")
    T = q.shape[0]
    _validate(G, M, rho, alpha, n, epsilon, omega, T)
    if noise is not None:
        if not isinstance(noise, dict) or set(noise) != {"rho1", "rho2", "nu", "nu2"}:
            raise TypeError(f"noise must be a dict with keys rho1, rho2, nu, nu2 (pre-drawn standard Laplace), got "
                            f"{type(noise).__name__} {noise!r}"[:300])
        noise = dict(rho1=_V.real("noise['rho1']", noise["rho1"]), rho2=_V.real("noise['rho2']", noise["rho2"]),
                     nu=_V.vector("noise['nu']", noise["nu"], T), nu2=_V.vector("noise['nu2']", noise["nu2"], T))
    bt1, bt2, bq1, bq2 = _scales(G, M, n, epsilon, variant)
    if noise is None:
        if rng is None:
            raise ValueError("rng must be a numpy Generator when noise is not given")
        noise = {"rho1": rng.laplace(), "rho2": rng.laplace(), "nu": rng.laplace(size=T), "nu2": rng.laplace(size=T)}
    c1, c2 = thresholds_offsets(G, M, rho, alpha, n, epsilon, omega, T)
    T1 = c1 + bt1 * noise["rho1"]                                     # line 1: T̂1 = α + Lap(4G/nε) + 16log(2T/ω)G/nε
    T2 = c2 + bt2 * noise["rho2"]                                     # line 2: T̂2 = −√(ρα) + Lap(4M/nε) − 16log(2T/ω)M/nε
    for i in range(T):                                                # line 3: for i = 1..T
        nu, nu2 = bq1 * noise["nu"][i], bq2 * noise["nu2"][i]         # line 4: ν_i ~ Lap(8G/nε), ν'_i ~ Lap(8M/nε)
        if q[i] + nu <= T1 and h[i] + nu2 >= T2:                      # line 5: both conditions
            return i                                                  # line 6: output x_i, halt
    return None                                                       # line 8: output 0 (⊥)


# ----------------------------------------------------------------------------------------------- exact law

def _lap_cdf(x, b):
    return np.where(x < 0, 0.5 * np.exp(np.minimum(x, 0) / b), 1 - 0.5 * np.exp(-np.maximum(x, 0) / b))


def _gl_grid(breaks, lo, hi, npts):
    xs, ws = np.polynomial.legendre.leggauss(npts)
    pts = sorted({lo, hi, *[b for b in breaks if lo < b < hi]})
    X, W = [], []
    for a, b in zip(pts[:-1], pts[1:]):
        X.append((b - a) / 2 * xs + (a + b) / 2)
        W.append((b - a) / 2 * ws)
    return np.concatenate(X), np.concatenate(W)


def output_law(q, h, *, bt1, bt2, bq1, bq2, c1, c2, ks=None, npts: int = 60, width: float = 50.0,
               streams: int = 2) -> np.ndarray:
    """Exact P[output = k] (k = 0..T-1; plus P[⊥] last) of Alg. 18 with given Laplace scales.

    P[k] = E_{ρ1,ρ2}[Π_{i<k}(1 − a_i b_i) a_k b_k], a_i = P(q_i + ν_i <= T̂1), b_i = P(h_i + ν'_i >= T̂2),
    by composite Gauss-Legendre quadrature in (ρ1, ρ2) with breakpoints at all kinks (|ρ| <= width·b;
    truncation error <= e^{-width}).  ``streams=1`` drops the second condition (single-stream AboveThreshold).

    Preconditions: q, h finite sequences of equal length T >= 1; Laplace scales bt1, bt2, bq1, bq2 > 0; centres c1,
        c2 finite; npts integer >= 2; width > 0; streams in {1, 2} (not validated: an exact-law oracle for checks).
    Steps: condition on the two threshold draws; the per-query pass probabilities a_i, b_i are Laplace CDFs;
        integrate Π_{i<k}(1 − a_ib_i)a_kb_k over (ρ1, ρ2) by composite Gauss–Legendre with breakpoints at the kinks.
    Postcondition: the vector P[output = k] (k = 0..T−1) followed by P[⊥], summing to 1 up to the truncation
        e^{−width}.
    Spec: 003_ch06.alg18
    """
    bt1, bt2, bq1, bq2 = (_V.positive("bt1", bt1), _V.positive("bt2", bt2), _V.positive("bq1", bq1),
                          _V.positive("bq2", bq2))
    c1, c2 = _V.real("c1", c1), _V.real("c2", c2)
    npts, streams = _V.integer("npts", npts, lo=2), _V.integer("streams", streams, lo=1, hi=2)
    width = _V.in_range("width", width, 0.0, 700.0, lo_open=True)   # e^-width truncation; <= 700 (float range)
    _V.optional(_V.array, "ks", ks, ndim=1)
    q, h = _V.vector("q", q), _V.vector("h", h)
    if q.shape != h.shape:
        raise ValueError(f"q and h must have the same length T, got {q.shape[0]} and {h.shape[0]}")
    _V.finite_result("the quadrature range width * bt", [width * bt1, width * bt2], width=width, bt1=bt1, bt2=bt2)
    T = q.shape[0]
    r1, w1 = _gl_grid(list(q - c1) + [0.0], -width * bt1, width * bt1, npts)
    dens1 = np.exp(-np.abs(r1) / bt1) / (2 * bt1) * w1
    if streams == 2:
        r2, w2 = _gl_grid(list(h - c2) + [0.0], -width * bt2, width * bt2, npts)
        dens2 = np.exp(-np.abs(r2) / bt2) / (2 * bt2) * w2
    else:
        r2, dens2 = np.zeros(1), np.ones(1)
    T1 = (c1 + r1)[:, None]
    T2 = (c2 + r2)[None, :]
    logsurv = np.zeros((r1.size, r2.size))
    out = np.zeros(T + 1)
    for i in range(T):
        a = _lap_cdf(T1 - q[i], bq1)                       # P(ν_i <= T̂1 − q_i)
        b = 1 - _lap_cdf(T2 - h[i], bq2) if streams == 2 else np.ones_like(T2)
        p = a * b
        out[i] = np.sum(dens1[:, None] * dens2[None, :] * np.exp(logsurv) * p)
        logsurv = logsurv + np.log1p(-np.minimum(p, 1 - 1e-300))
    out[T] = np.sum(dens1[:, None] * dens2[None, :] * np.exp(logsurv))
    return out


def worst_case_loss(k: int, epsilon: float, *, variant: str = "printed", sens_factor: float = 2.0,
                    streams: int = 2, q0: float = 0.0, npts: int = 60) -> float:
    """Privacy loss |ln P_D[k]/P_D'[k]| at the worst-case neighbour pair of the catalog (S6-11).

    Units G = M = n = 1, alpha = 1, rho = 1, omega = 0.5, T = k.  D: q_i = c1 + q0, h_i = c2 − q0 (all i);
    D': q'_i = q_i + Δq, h'_i = h_i − Δh for i < k and q'_k = q_k − Δq, h'_k = h_k + Δh, with
    Δq = sens_factor·G/n, Δh = sens_factor·M/n (replace-one: sens_factor = 2).

    Preconditions: k integer >= 1; epsilon > 0; variant in {printed, corrected}; sens_factor > 0; streams in {1, 2}.
    Steps: build the neighbour pair D, D′ described above and evaluate output_law for both at the variant's Laplace
        scales.
    Postcondition: |ln P_D[k]/P_D′[k]|, the privacy loss of the output k on that pair (1.74 at ε = 1, k = 100 for
        the printed Alg 18).
    Spec: 003_ch06.alg18
    """
    k, epsilon = _V.integer("k", k, lo=1), _V.positive("epsilon", epsilon)
    _V.choice("variant", variant, ("printed", "corrected"))
    sens_factor, q0 = _V.positive("sens_factor", sens_factor), _V.real("q0", q0)
    streams, npts = _V.integer("streams", streams, lo=1, hi=2), _V.integer("npts", npts, lo=2)
    _V.finite_result("q0 plus the thresholds", [q0 + 1e3 * sens_factor / epsilon], q0=q0, epsilon=epsilon,
                     sens_factor=sens_factor)
    G = M = 1.0
    n, T = 1, k
    bt1, bt2, bq1, bq2 = _scales(G, M, n, epsilon, variant)
    c1, c2 = thresholds_offsets(G, M, 1.0, 1.0, n, epsilon, 0.5, T)
    dq, dh = sens_factor * G / n, sens_factor * M / n
    q = np.full(T, c1 + q0)
    h = np.full(T, c2 - q0)
    q2, h2 = q.copy(), h.copy()
    q2[:-1] += dq
    h2[:-1] -= dh
    q2[-1] -= dq
    h2[-1] += dh
    kw = dict(bt1=bt1, bt2=bt2, bq1=bq1, bq2=bq2, c1=c1, c2=c2, npts=npts, streams=streams)
    p = output_law(q, h, **kw)[k - 1]
    p2 = output_law(q2, h2, **kw)[k - 1]
    if not (p > 0 and p2 > 0):
        raise ValueError(f"the output probabilities underflow to 0 (p={p!r}, p2={p2!r}) at q0={q0!r}, "
                         f"epsilon={epsilon!r}, k={k}: the log ratio is not computable in float")
    return abs(math.log(p2 / p))
