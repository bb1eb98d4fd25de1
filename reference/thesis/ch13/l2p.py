"""Chapter 13 of thesis 003 (private online learning via lazy algorithms, seed L9833-10427).

Alg 44 L2P (lazy-to-private transformation) for a generic lazy algorithm given by its unnormalized measures ν_s and
exact samplers; the DP-OPE instantiation with multiplicative weights (MW) on [d] (Thm 13.3.10); the exact output law
of L2P-MW on small instances (oracle for the privacy check); the exact regret of batched/unbatched MW.
"""
from __future__ import annotations

import itertools
import math
from typing import Callable

import numpy as np


def l2p(log_nu: Callable, sample_nu: Callable, n_batches: int, *, eta: float, B: int, p: float,
        rng: np.random.Generator | None = None, draws: dict | None = None, trace: list | None = None) -> list:
    """Alg 44 L2P (003 L10002-10033).

    Preconditions: ``log_nu(s, x)`` = log ν_s(x) (unnormalized, ν_s = μ_{(s−1)B+1} built from losses of rounds
        < (s−1)B+1 only); ``sample_nu(s, u)`` = an exact draw from ν̄_s driven by the uniform ``u`` (inverse CDF) —
        used for both x and y; n_batches = T/B >= 1; eta in (0, 1/10]; B >= 1; p in (0, 1].
        ``draws`` optional pre-drawn uniforms: dict(ux=(S,), uy=(S,), us=(S,), us2=(S,), ua=(S,)).
    Steps: x_1, y_1 ~ ν̄_1 independently.  For s = 2..T/B:
        1. r_s = [ν_s(x_{s−1})/(e^{2Bη}ν_{s−1}(x_{s−1}))]·[ν_{s−1}(y_{s−1})/ν_s(y_{s−1})]; S_s ~ Ber(min(1, r_s));
           S'_s ~ Ber(1 − p)                                                             (L10013)
        2. if S_s = 0 or S'_s = 0: x_s ~ ν̄_s (fresh) else x_s = x_{s−1}                  (L10014-10019)
        3. A_s ~ Ber(1 − p); if A_s = 0: y_s ~ ν̄_s (fresh) else y_s = y_{s−1}            (L10020-10026)
        4. play x_s on rounds (s−1)B+1..sB.
    Postcondition: the played sequence (x_1..x_{T/B}); Thm 13.3.2: (ε, δ)-DP with the ε, δ formula (checked
        exactly on MW instances); regret claim Prop 13.3.3 is false (AU13.1).
    Spec: 003_ch13.alg44
    """
    S = int(n_batches)
    if S < 1 or int(B) != B or B < 1:
        raise ValueError("n_batches and B must be integers >= 1")
    if not (0 < eta <= 0.1):
        raise ValueError(f"eta must be in (0, 1/10], got {eta!r}")
    if not (0 < p <= 1):
        raise ValueError(f"p must be in (0, 1], got {p!r}")
    if draws is None:
        draws = {k: rng.random(S) for k in ("ux", "uy", "us", "us2", "ua")}
    x = sample_nu(1, draws["ux"][0])                                       # line 2 (L10010)
    y = sample_nu(1, draws["uy"][0])
    out = [x]
    for s in range(2, S + 1):                                              # line 4 (L10012)
        log_r = (log_nu(s, x) - 2 * B * eta - log_nu(s - 1, x)) + (log_nu(s - 1, y) - log_nu(s, y))
        S_s = draws["us"][s - 1] < min(1.0, math.exp(min(0.0, log_r)) if log_r < 0 else 1.0)
        S2_s = draws["us2"][s - 1] < 1 - p
        if (not S_s) or (not S2_s):
            x = sample_nu(s, draws["ux"][s - 1])                           # lines 6-7 (L10014-10015): fresh x_s ~ ν̄_s
        A_s = draws["ua"][s - 1] < 1 - p
        if not A_s:
            y = sample_nu(s, draws["uy"][s - 1])                           # lines 13-14 (L10021-10022): fresh y_s ~ ν̄_s
        out.append(x)
        if trace is not None:
            trace.append((s, x, y, bool(S_s), bool(S2_s), bool(A_s)))
    return out


def mw_log_weights(losses: np.ndarray, eta: float, B: int) -> np.ndarray:
    """log ν_s(x) = −η Σ_{t < (s−1)B+1} ℓ_t(x) for MW on [d] (μ^mw_t, Thm 13.3.10); shape (T/B, d)."""
    losses = np.asarray(losses, dtype=float)
    T, d = losses.shape
    S = T // B
    cum = np.vstack([np.zeros(d), np.cumsum(losses, axis=0)])
    return np.array([-eta * cum[(s - 1) * B] for s in range(1, S + 1)])


def l2p_mw(losses: np.ndarray, *, eta: float, B: int, p: float, rng: np.random.Generator | None = None,
           draws: dict | None = None, trace: list | None = None) -> list[int]:
    """Alg 44 instantiated with MW on [d] (DP-OPE, Thm 13.3.10): exact categorical sampling by inverse CDF.
    ``losses`` (T, d) in [0, 1], T/B integer.  Spec: 003_ch13.alg44"""
    losses = np.asarray(losses, dtype=float)
    T, d = losses.shape
    if T % B:
        raise ValueError("T/B must be an integer")
    if np.any(losses < 0) or np.any(losses > 1):
        raise ValueError("losses must lie in [0, 1]")
    lw = mw_log_weights(losses, eta, B)

    def sample(s, u):
        w = np.exp(lw[s - 1] - lw[s - 1].max())
        c = np.cumsum(w / w.sum())
        return int(min(np.searchsorted(c, u, side="right"), d - 1))

    return l2p(lambda s, x: lw[s - 1][x], sample, T // B, eta=eta, B=B, p=p, rng=rng, draws=draws, trace=trace)


def l2p_mw_output_law(losses: np.ndarray, *, eta: float, B: int, p: float) -> dict[tuple, float]:
    """Exact law of the played sequence (x_1..x_{T/B}) of :func:`l2p_mw` (forward recursion over the hidden y)."""
    lw = mw_log_weights(losses, eta, B)
    S, d = lw.shape
    nu = np.exp(lw - lw.max(axis=1, keepdims=True))
    nu /= nu.sum(axis=1, keepdims=True)
    law = {((x,), y): nu[0][x] * nu[0][y] for x in range(d) for y in range(d)}
    for s in range(2, S + 1):
        new: dict = {}
        for (seq, y), pr in law.items():
            x = seq[-1]
            log_r = (lw[s - 1][x] - 2 * B * eta - lw[s - 2][x]) + (lw[s - 2][y] - lw[s - 1][y])
            keep = min(1.0, math.exp(log_r)) * (1 - p)
            for x2 in range(d):
                px = (1 - keep) * nu[s - 1][x2] + (keep if x2 == x else 0.0)
                if px == 0:
                    continue
                for y2 in range(d):
                    py = p * nu[s - 1][y2] + ((1 - p) if y2 == y else 0.0)
                    key = (seq + (x2,), y2)
                    new[key] = new.get(key, 0.0) + pr * px * py
        law = new
    out: dict = {}
    for (seq, _), pr in law.items():
        out[seq] = out.get(seq, 0.0) + pr
    return out


def thm1332_privacy(T: int, B: int, eta: float, p: float, delta1: float, delta0: float = 0.0) -> tuple[float, float]:
    """(ε, δ) of Thm 13.3.2 (L9988): ε = 2η/p + η + 3Tη²p log(1/δ_1)/(2B) + √(6Tη²p log²(1/δ_1)/B),
    δ = 2T(2/η + log(1/δ_1)/p)eBδ_0 + 2Tδ_1."""
    L = math.log(1 / delta1)
    eps = 2 * eta / p + eta + 3 * T * eta ** 2 * p * L / (2 * B) + math.sqrt(6 * T * eta ** 2 * p * L ** 2 / B)
    delta = 2 * T * (2 / eta + L / p) * math.e * B * delta0 + 2 * T * delta1
    return eps, delta


def mw_expected_regret(losses: np.ndarray, eta: float, B: int = 1) -> float:
    """Exact expected regret of MW with rate η whose distribution is refreshed only at the batch starts
    (B = 1: plain MW; B > 1: the batched lazy algorithm = the law of L2P's x_s, Lemma 13.3.4 with δ_0 = 0)."""
    losses = np.asarray(losses, dtype=float)
    T, d = losses.shape
    cum = np.vstack([np.zeros(d), np.cumsum(losses, axis=0)])[:-1]        # losses before round t
    start = (np.arange(T) // B) * B
    L = cum[start]
    w = np.exp(-eta * (L - L.min(axis=1, keepdims=True)))
    P = w / w.sum(axis=1, keepdims=True)
    return float((P * losses).sum() - losses.sum(axis=0).min())


def alternating_batch_losses(T: int, B: int) -> np.ndarray:
    """The AU13.1 instance (d = 2): loss e_1 on odd batches and e_2 on even batches (oblivious)."""
    s = np.arange(T) // B
    out = np.zeros((T, 2))
    out[s % 2 == 0, 0] = 1.0
    out[s % 2 == 1, 1] = 1.0
    return out


def rmw_rejection_sample(loss_sum: Callable, subgrad_sum: Callable, x_hat, *, beta: float, lam: float,
                         in_domain: Callable, rng: np.random.Generator, max_attempts: int = 100000):
    """P13.1 [stand-in, implementation only; catalog]: exact sampler for μ̄^{rmw} ∝ exp(−β(Σ_i ℓ_i(x) + λ‖x‖²))·1_X by
    rejection.  Linearize at x̂: Σℓ_i(x) ≥ Σℓ_i(x̂) + ⟨g, x − x̂⟩ (convexity); proposal ∝ exp(−β(⟨g,x⟩ + λ‖x‖²)) =
    N(−g/(2λ), I/(2βλ)) restricted to X; accept w.p. exp(−β(Σℓ_i(x) − Σℓ_i(x̂) − ⟨g, x − x̂⟩)) ≤ 1.
    Returns (x, attempts).  Spec: 003_ch13.algP13_1"""
    if not (beta > 0 and lam > 0):
        raise ValueError("beta and lam must be in (0, inf)")
    x_hat = np.asarray(x_hat, dtype=float)
    g = np.asarray(subgrad_sum(x_hat), dtype=float)
    f_hat = float(loss_sum(x_hat))
    mean, sd = -g / (2 * lam), 1.0 / math.sqrt(2 * beta * lam)
    for attempt in range(1, max_attempts + 1):
        x = mean + sd * rng.standard_normal(x_hat.shape[0])
        if not in_domain(x):
            continue
        gap = float(loss_sum(x)) - f_hat - float(g @ (x - x_hat))
        if gap < -1e-12:
            raise ValueError("loss_sum is not convex at the linearization point (negative gap)")
        if rng.random() < math.exp(-beta * max(gap, 0.0)):
            return x, attempt
    raise RuntimeError(f"no acceptance in {max_attempts} attempts")


def low_switching_sketch(log_mu_bar: Callable, sample_mu: Callable, T: int, *, C: float, p: float,
                         rng: np.random.Generator) -> list:
    """P13.2 (prior-work sketch, L9967-9975): each round S_t ~ Ber(C·μ̄_t(x_{t−1})/μ̄_{t−1}(x_{t−1})), S'_t ~ Ber(1−p);
    resample x_t ~ μ̄_t if S_t = 0 or S'_t = 0, else keep.  ``log_mu_bar(t, x)`` normalized log-density,
    ``sample_mu(t, rng)`` exact sampler.  Spec: 003_ch13.algP13_2"""
    x = sample_mu(1, rng)
    out = [x]
    for t in range(2, int(T) + 1):
        r = C * math.exp(log_mu_bar(t, x) - log_mu_bar(t - 1, x))
        if r > 1 + 1e-12:
            raise ValueError(f"C·μ̄_t/μ̄_(t−1) = {r} > 1 is not a probability; choose C smaller")
        S = rng.random() < r
        S2 = rng.random() < 1 - p
        if not (S and S2):
            x = sample_mu(t, rng)
        out.append(x)
    return out


def lower_bound_adversary(T: int, epsilon: float, d: int, rng: np.random.Generator) -> np.ndarray:
    """P13.3 (Thm 13.4.2 proof, L10261-10266): S_adv = (Tε)^{2/3}, E = S_adv² = (Tε)^{4/3} epochs of length
    B = T/E = T^{−1/3}ε^{−4/3} (needs ε ≤ T^{−1/4}, AU13.9); per epoch ℓ ~ Ber(1/2)^d repeated.  Returns (T, d).
    Spec: 003_ch13.algP13_3"""
    E = (T * epsilon) ** (4 / 3)
    B = T / E
    if B < 1:
        raise ValueError(f"epoch length B = T^(-1/3) eps^(-4/3) = {B:.3g} < 1: needs eps <= T^(-1/4) (AU13.9)")
    B = int(round(B))
    n_ep = -(-T // B)
    losses = (rng.random((n_ep, d)) < 0.5).astype(float)
    return np.repeat(losses, B, axis=0)[:T]
