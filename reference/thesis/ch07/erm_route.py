"""The ERM-then-generalise route of Ch. 7, App. 7.5.2 (003 L6058-6088; catalog A7.4): find an SOSP of the empirical
risk F_D privately with the Ch. 6 pipeline ([GLOT23] = A6.5) and transfer it to the population risk F_P with the
uniform deviation bound of Thm 7.5.2 (an r-net of the domain 𝒳 of diameter R, r <= min{1, M/ρ}√(d/n)).

The Õ(·) of Thm 7.5.2 is made explicit (our constants, stated): on the net, gradients by the Hilbert-space Hoeffding
(Pinelis) inequality for ‖∇f − ∇F_P‖ <= 2G, Hessians by the matrix Bernstein inequality with the correct 2d prefactor
(AU31) for ‖∇²f − ∇²F_P‖ <= 2M, a union bound over the net, and the Lipschitz transfer from the net to every x
(gradients are M-Lipschitz, Hessians ρ-Lipschitz: + 2Mr, + 2ρr).
"""
from __future__ import annotations

import math

import numpy as np

from reference.core import validation as _V
from reference.thesis.ch06.pipelines import empirical_sosp_pipeline

__all__ = ["uniform_deviation_radii", "erm_then_generalise_sosp"]


def uniform_deviation_radii(*, G: float, M: float, rho: float, R: float, n: int, d: int, iota: float) -> dict:
    """Explicit form of Thm 7.5.2 (L6062-6078): radii (dev_grad, dev_hess) such that, for n i.i.d. samples, with
    probability >= 1 − ι, sup_{x∈𝒳} ‖∇F_P(x) − ∇F_D(x)‖ <= dev_grad and sup_x ‖∇²F_P(x) − ∇²F_D(x)‖_op <= dev_hess.

    Preconditions (validated): G, M, rho, R > 0 (Lipschitz, smoothness, Hessian-Lipschitz constants; diameter of 𝒳);
        n, d integers >= 1; iota in (0, 1).
    Steps: r = min{1, M/ρ}·√(d/n) (L6074); net size N <= (1 + 2R/r)^d (maximal packing, L6066); gradients:
        P(‖mean − E‖ >= u) <= 2exp(−nu²/(8G²)) per net point (Pinelis, ‖∇f − ∇F_P‖ <= 2G), union over N with ι/2;
        Hessians: 2d·exp(−t²/(2(σ² + Lt/3))) with L = 2M, σ² = 4M²n (matrix Bernstein, 2d form), union with ι/2;
        transfer to every x: + 2Mr (gradients) and + 2ρr (Hessians) (L6076-6078).
    Postcondition: dict(r, log_net, dev_grad, dev_hess) with dev_grad, dev_hess = O(√(d log(R n/d)/n)) (Thm 7.5.2,
        uniformly over x — the order of quantifiers the application needs, AU39).
    Spec: 003_ch07.proc_A7_4
    """
    G = _V.positive("G", G)
    M = _V.positive("M", M)
    rho = _V.positive("rho", rho)
    R = _V.positive("R", R)
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    iota = _V.in_range("iota", iota, 0.0, 1.0, lo_open=True, hi_open=True)
    r = min(1.0, M / rho) * math.sqrt(d / n)                       # r <= min{1, M/ρ}√(d/n) (L6074)
    log_net = d * math.log1p(2 * R / r)                             # |𝒴| = O((R/r)^d) (L6066)
    ell_g = log_net + math.log(4 / iota)                            # union bound, ι/2 for the gradients (L6070)
    u_g = G * math.sqrt(8 * ell_g / n)
    ell_h = log_net + math.log(4 * d / iota)                        # union bound, ι/2 for the Hessians (L6070)
    Lb, s2 = 2 * M, 4 * M * M * n
    t = Lb * ell_h / 3 + math.hypot(Lb * ell_h / 3, math.sqrt(2 * s2 * ell_h))    # root of t² = 2(σ² + Lt/3)ℓ (no ** overflow)
    u_h = t / n
    out = dict(r=r, log_net=log_net, dev_grad=u_g + 2 * M * r, dev_hess=u_h + 2 * rho * r)   # (L6076-6078)
    _V.finite_result("the radii", list(out.values()), G=G, M=M, rho=rho, R=R)
    return out


def erm_then_generalise_sosp(per_sample_grad, per_sample_hess, data, x0, *, G: float, M: float, rho: float, R: float,
                             alpha: float, epsilon: float, delta: float, omega: float, iota: float, eta: float,
                             kappa: float, T: int, Gamma: float, escape_threshold: float, escape_sd: float, K_max: int,
                             N_esc: int, rng: np.random.Generator | None = None, draws: dict | None = None) -> dict:
    """A7.4, the ERM-then-generalise route of App. 7.5.2 (003 L6058-6088).

    Preconditions (validated here or by the called functions): per_sample_grad(x, z), per_sample_hess(x, z)
        callables of a loss that is G-Lipschitz, M-smooth and ρ-Hessian-Lipschitz on 𝒳 ⊂ R^d of diameter R
        (Assumption 7.3.1 plus the bounded domain of Thm 7.5.2); data: n >= 1 i.i.d. samples; x0 a public start;
        G, M, rho, R, alpha, epsilon > 0; delta, omega, iota in (0, 1); eta, kappa, Gamma, escape_threshold > 0;
        escape_sd >= 0; T, K_max, N_esc integers >= 1.
    Steps: (1) SOSP of F_D with the private Ch. 6 pipeline, the 'SOTA of finding SOSP privately of F_D' of L6082
        (A6.5: Alg 17 with the calibrated oracles (6.2), then Alg 18 on the same data; each at ε/2);
        (2) transfer to F_P with Thm 7.5.2 (L6062, L6086): the explicit uniform deviation radii.
    Postcondition: dict(x = the selected point or None (⊥), index, stage1, privacy = (ε, δ) (post-processing of A6.5:
        step 2 reads no data), dev_grad, dev_hess, r, log_net).  With probability >= 1 − ι (over the sample),
        simultaneously for every x ∈ 𝒳, ‖∇F_P(x)‖ <= ‖∇F_D(x)‖ + dev_grad and smin(∇²F_P(x)) >= smin(∇²F_D(x)) −
        dev_hess; hence an α'-SOSP of F_D is an (α' + dev_grad)-first-order point of F_P with curvature >= −√(ρα') −
        dev_hess, i.e. α = Õ(√(d/n) + (√d/(nε))^{2/3}) (L6086; printed √d/n, AU39).
    Randomness: the six standard-draw streams of A6.5 (``escape``, ``o1``, ``o2``, ``at_threshold``, ``at_nu``,
        ``at_nu2``; shapes in :func:`reference.thesis.ch06.pipelines.empirical_sosp_pipeline`), from ``rng`` or
        pre-drawn ``draws``; bit-identical (tested).
    Spec: 003_ch07.proc_A7_4
    """
    G = _V.positive("G", G)
    M = _V.positive("M", M)
    rho = _V.positive("rho", rho)
    R = _V.positive("R", R)
    iota = _V.in_range("iota", iota, 0.0, 1.0, lo_open=True, hi_open=True)
    rng = _V.generator("rng", rng, allow_none=True)
    data = _V.sequence("data", data)
    d = _V.vector("x0", x0).size
    # step 1: SOSP of the empirical function with [GLOT23] (= Ch. 6, A6.5), private (L6082)
    out = empirical_sosp_pipeline(per_sample_grad, per_sample_hess, data, x0, G=G, M=M, rho=rho, alpha=alpha,
                                  epsilon=epsilon, delta=delta, omega=omega, eta=eta, kappa=kappa, T=T, Gamma=Gamma,
                                  escape_threshold=escape_threshold, escape_sd=escape_sd, K_max=K_max, N_esc=N_esc,
                                  rng=rng, draws=draws)
    # step 2: generalisation by Thm 7.5.2, uniformly over 𝒳 (L6062, combined at L6084-6086); data-free
    dev = uniform_deviation_radii(G=G, M=M, rho=rho, R=R, n=len(data), d=d, iota=iota)
    return dict(x=out["x"], index=out["index"], stage1=out["stage1"], privacy=out["privacy"], **dev)
