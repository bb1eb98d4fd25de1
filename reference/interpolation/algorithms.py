"""Algorithms 1, 2, 3 and 6 of document 001 (Asi, Chadha, Cheng, Duchi).

Alg. 1 (L189-196): Lipschitzian extension + inner mechanism (Alg. 5).
Alg. 2 (L222-233): domain and Lipschitz localization (epochs of Alg. 1 on shrinking balls).
Alg. 3 (L294-302): adapts to interpolation (Alg. 1 on half the data, then Alg. 2 on a ball around it).
Alg. 6 (L614-628): general kappa; ``variant="printed"`` calls Alg. 5 on the raw losses as printed (NOT DP,
AUD-25 / 001.priv.PC6), ``variant="corrected"`` (default) calls Alg. 1.

Constants: ``constants="paper"`` uses the paper's values (256, 128, m of Thm 2); at these values T = n/m >= 2
needs n ~ 1.2e9 (001.exp.E1), so ``constants="scaled"`` (labelled; m and the schedule constant are
arguments) is provided for experiments.  Privacy does not depend on these constants (PC-4).
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from .geometry import proj_balls
from .lipschitz_extension import ExtendedLoss, Loss
from .localization import (OperationCounter, _run_inputs, _run_outputs, alg5_epochs, alg5_T, diameter_bound,
                           partition)
from .schedule import alg2_schedule, alg6_schedule, c_kappa as _c_kappa, rate_term, thm2_m
from reference.core import validation as _V

__all__ = ["alg1_lipschitz_extension", "alg2_localization", "alg3_adaptive", "alg6_general_kappa"]


def _num(**kw) -> list:
    """Positive finite reals (ValueError / TypeError naming each), in the order given."""
    return [_V.positive(k, v) for k, v in kw.items()]


def _privacy(beta, epsilon, delta) -> tuple:
    """0 < beta < 1, epsilon > 0 finite, 0 <= delta < 1 (validated, converted)."""
    return (_V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True), _V.positive("epsilon", epsilon),
            _V.probability("delta", delta, allow_one=False))


def _schedule_in_range(D, Ls, names: str) -> None:
    """The radii and Lipschitz constants of a schedule must stay normal floats (the certified solver's tolerance is
    a fraction of them): ValueError naming the parameters otherwise (they are finite by alg2/alg6_schedule)."""
    lo = min(min(D), min(Ls))
    if not lo > 1e-150:
        raise ValueError(f"the schedule (D_i, L_i) underflows (min {lo:.3g} <= 1e-150): reduce the contraction set "
                         f"by {names}")


def alg1_lipschitz_extension(S: np.ndarray, loss: Loss, X: Sequence, L: float, x0: np.ndarray, beta: float,
                             epsilon: float, delta: float = 0.0, *, T5: int | None = None, kappa_min: float = 2.0,
                             rng: np.random.Generator | None = None, noise: list | None = None,
                             D0: float | None = None, extension_method: str = "auto", tau_rel: float = 1e-2,
                             eta_scale: float = 1.0, oracle: OperationCounter | None = None, trace: list | None = None,
                             info: dict | None = None) -> np.ndarray:
    """Algorithm 1 (Lipschitzian-Extension Algorithm), 001 L189-196, with M^L = Alg. 5 (L198).

    Preconditions: as Alg. 5 (validated there); L > 0.
    Steps:
      1. F_L(x; s_i) = inf_y {F(y; s_i) + L||x - y||}  for all i                   (L192-193; P1)
      2. x_priv = M^L_(eps,delta) run on the F_L(.; s_i): Alg. 5 with T5 = ceil(2 log n/(kappa_min - 1))  (L194)
      3. return x_priv                                                            (L195-196)
    Postcondition: (eps, delta)-DP for EVERY dataset (Prop. 1(1), PC-3): F_L is L-Lipschitz; equal in law
    to Alg. 5 on the raw losses when these are L-Lipschitz (Prop. 1(2)).
    Randomness: ``rng`` (numpy Generator), or the pre-drawn standardised draws ``noise`` (as Alg 5: list of T5 arrays (k, d)) instead; bit-identical to the rng path when given the draws it would draw (tested).
    Spec: 001.alg1.
    """
    rng = _V.generator("rng", rng, allow_none=True)
    S, X, x0 = _run_inputs(S, loss, X, x0, n_min=3, bounded=True)
    L, eta_scale = _num(L=L, eta_scale=eta_scale)
    beta, epsilon, delta = _privacy(beta, epsilon, delta)
    kappa_min = _V.in_range("kappa_min", kappa_min, 1.0, math.inf, lo_open=True)
    T5 = _V.optional(_V.integer, "T5", T5, 1)
    D0 = _V.optional(_V.positive, "D0", D0)
    _V.choice("extension_method", extension_method, ("auto", "bisection"))
    tau_rel = _V.in_range("tau_rel", tau_rel, 0.0, 1.0, lo_open=True)
    _run_outputs(oracle, trace, info)
    ext = ExtendedLoss(loss, L, method=extension_method)                                   # L192-193
    T5 = alg5_T(len(S), kappa_min) if T5 is None else T5
    return alg5_epochs(S, ext, X, L, x0, T5, beta, epsilon, delta, rng=rng, noise=noise, D0=D0,  # L194
                       tau_rel=tau_rel, eta_scale=eta_scale, oracle=oracle, trace=trace, info=info)


def alg2_localization(S: np.ndarray, loss: Loss, X: Sequence, L: float, H: float, lam: float, beta: float,
                      epsilon: float, delta: float, x0: np.ndarray, *, constants: str = "paper",
                      m: int | None = None, c: float = 256.0, D1: float | None = None,
                      project_output: bool = False, rng: np.random.Generator | None = None,
                      noise: list | None = None, tau_rel: float = 1e-2, eta_scale: float = 1.0,
                      oracle: OperationCounter | None = None, trace: list | None = None,
                      info: dict | None = None) -> np.ndarray:
    """Algorithm 2 (Domain and Lipschitz Localization), 001 L222-233.

    Preconditions (validated): lam > 0, H > 0, L > 0, 0 < beta < 1, eps > 0, 0 <= delta < 1; X a bounded
    domain (list of balls); constants = "paper" (m = Thm 2's m, L239/L243, c = 256, eta_scale = 1) or "scaled"
    (m, c and the inner step-size factor eta_scale given; labelled; privacy does not depend on them, PC-4);
    T = floor(n/m) >= 1 (else ValueError naming n and the required m).
    Steps:
      1. L_1 = L, D_1 = Diam(X), X_1 = X                                                  (L224)
      2. partition S into T chunks of m                                                   (L225)
      3. for i = 1..T:
           x_i = Alg1(S_i; X_i, L_i, beta/T, (eps, delta), x_{i-1}), inner Alg. 5 with T5 = ceil(2 log m)  (L227)
           D_{i+1} = c (L_i/lambda) max{sqrt(log(T/beta)) log^{3/2} m/sqrt m,
                                       min(d, sqrt(d log(1/delta))) log(T/beta) log m/(m eps)}   (L229)
           X_{i+1} = {x : ||x - x_i|| <= D_{i+1}/2}                                         (L230)
           L_{i+1} = H D_{i+1}                                                              (L231)
      4. return x_T  (project_output=True returns Pi_{X_T}(x_T): post-processing fix of AUD-17)   (L233)
    Postcondition: (eps, delta)-DP for every dataset (PC-4); utility Thm 2 (paper constants, n huge).
    ``info``: m, T, D, L schedules, q = c H r_m/lambda (contraction iff q < 1; AUD-40), iterates x_1..x_T.
    Randomness: ``rng`` (numpy Generator), or the pre-drawn standardised draws ``noise`` (list of T Alg 1 noise lists, one per epoch) instead; bit-identical to the rng path when given the draws it would draw (tested).
    Spec: 001.alg2.
    """
    rng = _V.generator("rng", rng, allow_none=True)
    S, X, x0 = _run_inputs(S, loss, X, x0, n_min=3, bounded=True)
    L, H, lam, c, eta_scale = _num(L=L, H=H, lam=lam, c=c, eta_scale=eta_scale)
    beta, epsilon, delta = _privacy(beta, epsilon, delta)
    _V.choice("constants", constants, ("paper", "scaled"))
    m = _V.optional(_V.integer, "m", m, 3)
    D1 = _V.optional(_V.positive, "D1", D1)
    project_output = _V.flag("project_output", project_output)
    tau_rel = _V.in_range("tau_rel", tau_rel, 0.0, 1.0, lo_open=True)
    _run_outputs(oracle, trace, info)
    n, d = S.shape[0], len(x0)
    if constants == "paper":
        m = math.ceil(thm2_m(n, d, H, lam, epsilon, delta, beta))
        c = 256.0
        eta_scale = 1.0
    elif constants == "scaled":
        if m is None:
            raise ValueError("m is required with constants='scaled'")
    else:
        raise ValueError(f"constants must be 'paper' or 'scaled', got {constants!r}")
    T = n // m
    if T < 1:
        raise ValueError(f"n must be >= m = {m} (one epoch) for Alg. 2 with constants={constants!r}, got n = {n}")
    info = {} if info is None else info
    L_i, D_i, X_i = float(L), (diameter_bound(X) if D1 is None else float(D1)), list(X)     # L224
    _schedule_in_range(*alg2_schedule(D_i, L_i, H, lam, T, m, beta, d, epsilon, delta, c), "L, H, lam, c")
    chunks = partition(n, T)                                                                  # L225
    r_m = rate_term(m, T, beta, d, epsilon, delta, "alg2")
    info.update(m=m, T=T, c=c, D=[D_i], L=[L_i], q=c * H * r_m / lam, epochs=[], x=[])
    x_i = np.asarray(x0, float).copy()
    T5 = math.ceil(2 * math.log(m))
    for i in range(T):
        sub = {}
        x_i = alg1_lipschitz_extension(S[chunks[i]], loss, X_i, L_i, x_i, beta / T, epsilon, delta, T5=T5,  # L227
                                       rng=rng, noise=None if noise is None else noise[i], D0=D_i,
                                       tau_rel=tau_rel, eta_scale=eta_scale, oracle=oracle, trace=trace, info=sub)
        info["epochs"].append(sub)
        info["x"].append(x_i.copy())
        X_last = X_i
        D_i = c * (L_i / lam) * r_m                                                          # L229
        X_i = [(x_i.copy(), D_i / 2)]                                                        # L230
        L_i = H * D_i                                                                        # L231
        info["D"].append(D_i); info["L"].append(L_i)
    if project_output:
        x_i = proj_balls(x_i, X_last)
    return x_i                                                                               # L233


def alg3_adaptive(S: np.ndarray, loss: Loss, X: Sequence, L: float, H: float, lam: float, beta: float,
                  epsilon: float, delta: float, x0: np.ndarray, *, constants: str = "paper", m: int | None = None,
                  c: float = 256.0, c_int: float = 128.0, project_output: bool = False,
                  rng: np.random.Generator | None = None, noise: dict | None = None, tau_rel: float = 1e-2,
                  eta_scale: float = 1.0, oracle: OperationCounter | None = None,
                  info: dict | None = None) -> np.ndarray:
    """Algorithm 3 (adapts to interpolation), 001 L294-302.

    Preconditions: as Alg. 1 on n/2 samples and Alg. 2 on n - n/2 samples.
    Steps:
      1. S1 = (s_1..s_{n/2}), S2 = (s_{n/2+1}..s_n)                                         (L296)
      2. x_1 = Alg1(S1; X, L, beta/2, (eps, delta), x_0)  (printed X_i, L_i, x_{i-1}: AUD-13)   (L297)
      3. D_int = (c_int L/lambda)(sqrt(log(2/beta)) log^{3/2} n/sqrt n
                                   + min{d, sqrt(d log(1/delta))} log(2/beta) log n/(n eps)), c_int = 128   (L299)
      4. X_int = {x : ||x - x_1|| <= D_int/2}                                                (L300)
      5. x_adapt = Alg2(S2; X_int (D_1 = D_int), L, H, beta/2, lambda, x_1)                  (L301)
      6. return x_adapt                                                                      (L302)
    ``eta_scale`` (default 1) multiplies the inner Alg. 5 step eta_0 of both stages (labelled scaled mode of
    the experiments; privacy does not depend on it, PC-1).
    Postcondition: (eps, delta)-DP (disjoint halves + post-processing, PC-5).
    Randomness: ``rng`` (numpy Generator), or the pre-drawn standardised draws ``noise`` (mapping {'alg1': Alg 1 noise, 'alg2': Alg 2 noise}) instead; bit-identical to the rng path when given the draws it would draw (tested).
    Spec: 001.alg3.
    """
    rng = _V.generator("rng", rng, allow_none=True)
    S, X, x0 = _run_inputs(S, loss, X, x0, n_min=6, bounded=True)    # two halves of >= 3 samples
    L, H, lam, c, c_int, eta_scale = _num(L=L, H=H, lam=lam, c=c, c_int=c_int, eta_scale=eta_scale)
    beta, epsilon, delta = _privacy(beta, epsilon, delta)
    _V.choice("constants", constants, ("paper", "scaled"))
    m = _V.optional(_V.integer, "m", m, 3)
    project_output = _V.flag("project_output", project_output)
    tau_rel = _V.in_range("tau_rel", tau_rel, 0.0, 1.0, lo_open=True)
    if noise is not None and not isinstance(noise, dict):
        raise TypeError(f"noise must be a mapping {{'alg1': ..., 'alg2': ...}} or None, got {type(noise).__name__}")
    _run_outputs(oracle, None, info)
    n, d = S.shape[0], len(x0)
    h = n // 2
    S1, S2 = S[:h], S[h:]                                                                    # L296
    noise = noise or {}
    info = {} if info is None else info
    i1, i2 = {}, {}
    x1 = alg1_lipschitz_extension(S1, loss, X, L, x0, beta / 2, epsilon, delta, rng=rng,      # L297
                                  noise=noise.get("alg1"), tau_rel=tau_rel, eta_scale=eta_scale, oracle=oracle,
                                  info=i1)
    A = d if delta == 0 else min(d, math.sqrt(d * math.log(1 / delta)))
    l2b = math.log(2 / beta)
    D_int = (c_int * L / lam) * (math.sqrt(l2b) * math.log(n) ** 1.5 / math.sqrt(n)            # L299
                                 + A * l2b * math.log(n) / (n * epsilon))
    _V.finite_result("D_int", D_int, c_int=c_int, L=L, lam=lam)
    X_int = [(x1.copy(), D_int / 2)]                                                          # L300
    x_adapt = alg2_localization(S2, loss, X_int, L, H, lam, beta / 2, epsilon, delta, x1,      # L301
                                constants=constants, m=m, c=c, D1=D_int, project_output=project_output,
                                rng=rng, noise=noise.get("alg2"), tau_rel=tau_rel,
                                eta_scale=eta_scale if constants == "scaled" else 1.0, oracle=oracle, info=i2)
    info.update(x1=x1, D_int=D_int, alg1=i1, alg2=i2)
    return x_adapt                                                                            # L302


def alg6_general_kappa(S: np.ndarray, loss: Loss, X1: Sequence, L1: float, H: float, lam: float, kappa: float,
                       beta: float, epsilon: float, delta: float, x0: np.ndarray, *, T: int,
                       variant: str = "corrected", ck: float | None = None, D1: float | None = None,
                       rng: np.random.Generator | None = None, noise: list | None = None, tau_rel: float = 1e-2,
                       eta_scale: float = 1.0, oracle: OperationCounter | None = None, trace: list | None = None,
                       info: dict | None = None) -> np.ndarray:
    """Algorithm 6 (epoch based algorithm for general kappa), 001 L614-628.

    Preconditions (validated): kappa > 2 (Thm 8 needs it, AUD-26), T >= 1, m = floor(n/T);
    variant in {"corrected" (Alg. 1 wrapper, DP), "printed" (Alg. 5 on the raw losses, NOT DP: AUD-25)}.
    Steps: for i = 1..T:
      1. x_hat_i = Alg5 on X_i (diameter D_i) with Lipschitz constant L_i on the i-th chunk of m samples  (L617)
         [corrected: Alg1(Alg5) i.e. on F_{L_i}; printed: on F itself]; inner Alg. 5 uses beta/T and
         T5 = ceil(2 log m/(kappa - 1)) (not specified in the paper)
      2. D_{i+1} = c_kappa ((L_i/lambda) max{sqrt(log(T/beta)) log^{3/2} m/sqrt m, A log(T/beta) log m/(m eps)})^{1/(kappa-1)}
         A = d (delta = 0, L620) or sqrt(d log(1/delta)) (L623)
      3. X_{i+1} = {x : ||x - x_hat_i|| <= D_{i+1}/2}                                          (L625)
      4. L_{i+1} = H D_{i+1}                                                                   (L626)
    Return x_hat_T (printed "x_T").
    ``ck`` (schedule constant, default the Remark's c_kappa) and ``eta_scale`` (factor on the inner Alg. 5 step
    eta_0, default 1) are the labelled *scaled* settings of the experiments; privacy does not depend on them
    (sigma_i and the sensitivity L_i eta_i scale together, PC-1).
    Postcondition (corrected): (eps, delta)-DP for every dataset (PC-6 fixed); printed: DP only when every
    F(.; s) is L_i-Lipschitz on X_i.
    Randomness: ``rng`` (numpy Generator), or the pre-drawn standardised draws ``noise`` (list of T inner noise lists, one per epoch) instead; bit-identical to the rng path when given the draws it would draw (tested).
    Spec: 001.alg6.
    """
    rng = _V.generator("rng", rng, allow_none=True)
    S, X1, x0 = _run_inputs(S, loss, X1, x0, n_min=3, X_name="X1", bounded=True)
    L1, H, lam, eta_scale = _num(L1=L1, H=H, lam=lam, eta_scale=eta_scale)
    kappa = _V.real("kappa", kappa)
    if not kappa > 2:
        raise ValueError(f"kappa must be > 2 (Thm 8's exponent kappa/(kappa-2)), got {kappa}")
    beta, epsilon, delta = _privacy(beta, epsilon, delta)
    T = _V.integer("T", T, lo=1)
    _V.choice("variant", variant, ("corrected", "printed"))
    ck = _V.optional(_V.positive, "ck", ck)
    D1 = _V.optional(_V.positive, "D1", D1)
    tau_rel = _V.in_range("tau_rel", tau_rel, 0.0, 1.0, lo_open=True)
    _run_outputs(oracle, trace, info)
    n, d = S.shape[0], len(x0)
    chunks = partition(n, T)
    m = n // T
    ck = _c_kappa(kappa) if ck is None else ck
    r_m = rate_term(m, T, beta, d, epsilon, delta, "alg6")
    T5 = alg5_T(m, kappa)
    L_i, D_i, X_i = float(L1), (diameter_bound(X1) if D1 is None else float(D1)), list(X1)
    _schedule_in_range(*alg6_schedule(D_i, L_i, H, lam, kappa, T, m, beta, d, epsilon, delta, ck), "L1, H, lam, ck")
    info = {} if info is None else info
    info.update(m=m, T=T, T5=T5, D=[D_i], L=[L_i], epochs=[])
    x_hat = np.asarray(x0, float).copy()
    for i in range(T):
        sub = {}
        kw = dict(rng=rng, noise=None if noise is None else noise[i], D0=D_i, tau_rel=tau_rel, eta_scale=eta_scale,
                  oracle=oracle, trace=trace, info=sub)
        if variant == "corrected":
            x_hat = alg1_lipschitz_extension(S[chunks[i]], loss, X_i, L_i, x_hat, beta / T, epsilon, delta,
                                             T5=T5, **kw)
        else:                                                                                # L617 as printed
            x_hat = alg5_epochs(S[chunks[i]], loss, X_i, L_i, x_hat, T5, beta / T, epsilon, delta, **kw)
        info["epochs"].append(sub)
        D_i = ck * ((L_i / lam) * r_m) ** (1 / (kappa - 1))                                  # L620/L623
        X_i = [(x_hat.copy(), D_i / 2)]                                                      # L625
        L_i = H * D_i                                                                        # L626
        info["D"].append(D_i); info["L"].append(L_i)
    return x_hat
