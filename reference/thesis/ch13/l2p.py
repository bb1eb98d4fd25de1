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

from reference.core import validation as V
from reference.core.randomness import Source
from reference.core import validation as _V

__all__ = ["l2p", "mw_log_weights", "l2p_mw", "l2p_mw_output_law", "thm1332_privacy", "mw_expected_regret",
           "alternating_batch_losses", "rmw_rejection_sample", "low_switching_sketch", "lower_bound_adversary"]


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

    Randomness: five uniform streams of length T/B (ux, uy, us, us2, ua) from ``rng`` (drawn in that order as whole
        arrays) or pre-drawn ``draws``; bit-identical (tested).
    Spec: 003_ch13.alg44
    """
    _V.callable_("log_nu", log_nu); _V.callable_("sample_nu", sample_nu)
    n_batches = _V.integer("n_batches", n_batches)
    eta = _V.real("eta", eta, allow_inf=True)
    B = _V.integer("B", B)
    p = _V.real("p", p, allow_inf=True)
    rng = _V.generator("rng", rng, allow_none=draws is not None, draws_name="draws")
    _V.trace_list("trace", trace)
    S = int(n_batches)
    if S < 1 or int(B) != B or B < 1:
        raise ValueError("n_batches and B must be integers >= 1")
    if not (0 < eta <= 0.1):
        raise ValueError(f"eta must be in (0, 1/10], got {eta!r}")
    if not (0 < p <= 1):
        raise ValueError(f"p must be in (0, 1], got {p!r}")
    src = Source(rng, draws)
    draws = {k: src.uniform(k, (S,)) for k in ("ux", "uy", "us", "us2", "ua")}
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


def _losses(losses, B=None) -> np.ndarray:
    """A finite (T, d) loss matrix in [0, 1] (with T a multiple of B when B is given)."""
    losses = _V.matrix("losses", losses)
    if 0 in losses.shape:
        raise ValueError(f"losses must be a non-empty (T, d) matrix, got shape {losses.shape}")
    if np.any(losses < 0) or np.any(losses > 1):
        raise ValueError("losses must lie in [0, 1]")
    if B is not None and losses.shape[0] % B:
        raise ValueError(f"T/B must be an integer (T = {losses.shape[0]} rows), got B={B}")
    return losses


def mw_log_weights(losses: np.ndarray, eta: float, B: int) -> np.ndarray:
    """log ν_s(x) = −η Σ_{t < (s−1)B+1} ℓ_t(x) for MW on [d] (μ^mw_t, Thm 13.3.10); shape (T/B, d)."""
    eta, B = _V.positive("eta", eta), _V.integer("B", B, lo=1)
    losses = _losses(losses)
    T, d = losses.shape
    S = T // B
    cum = np.vstack([np.zeros(d), np.cumsum(losses, axis=0)])
    return _V.finite_result("the log weights -eta L", np.array([-eta * cum[(s - 1) * B] for s in range(1, S + 1)]),
                            eta=eta)


def l2p_mw(losses: np.ndarray, *, eta: float, B: int, p: float, rng: np.random.Generator | None = None,
           draws: dict | None = None, trace: list | None = None) -> list[int]:
    """Alg 44 instantiated with MW on [d] (DP-OPE, Thm 13.3.10): exact categorical sampling by inverse CDF.
    ``losses`` (T, d) in [0, 1], T/B integer.

    Preconditions: losses a (T, d) array in [0, 1] with T/B an integer; eta in (0, 1/10]; B integer >= 1; p in (0,
        1] (validated by l2p).
    Steps: log ν_s from mw_log_weights; exact categorical sampling by inverse CDF; run l2p.
    Postcondition: the played experts (x_1..x_{T/B}).
    Randomness: as l2p: five uniform streams, from ``rng`` or pre-drawn ``draws``; bit-identical.
    Spec: 003_ch13.alg44"""
    eta, B, p = _V.positive("eta", eta), _V.integer("B", B, lo=1), _V.in_range("p", p, 0.0, 1.0, lo_open=True)
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    if draws is not None and not isinstance(draws, dict):
        raise TypeError(f"draws must be a dict of pre-drawn uniform streams, got {type(draws).__name__}")
    if trace is not None and not isinstance(trace, list):
        raise TypeError(f"trace must be a list (appended to) or None, got {type(trace).__name__}")
    losses = _losses(losses, B)
    T, d = losses.shape
    lw = mw_log_weights(losses, eta, B)

    def sample(s, u):
        w = np.exp(lw[s - 1] - lw[s - 1].max())
        c = np.cumsum(w / w.sum())
        return int(min(np.searchsorted(c, u, side="right"), d - 1))

    return l2p(lambda s, x: lw[s - 1][x], sample, T // B, eta=eta, B=B, p=p, rng=rng, draws=draws, trace=trace)


def l2p_mw_output_law(losses: np.ndarray, *, eta: float, B: int, p: float) -> dict[tuple, float]:
    """Exact law of the played sequence (x_1..x_{T/B}) of :func:`l2p_mw` (forward recursion over the hidden y).

    Preconditions: as l2p_mw with small T/B (exhaustive enumeration; cost exponential in T/B).
    Steps: enumerate all Bernoulli branches and sampler outcomes of Alg 44 with MW.
    Postcondition: the exact distribution of the played sequence (dict sequence → probability) — the oracle of the
        exact privacy checks.
    Spec: 003_ch13.alg44
    """
    eta, B, p = _V.positive("eta", eta), _V.integer("B", B, lo=1), _V.in_range("p", p, 0.0, 1.0, lo_open=True)
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
    δ = 2T(2/η + log(1/δ_1)/p)eBδ_0 + 2Tδ_1.

    Preconditions: T, B integers >= 1; eta > 0; p in (0, 1); delta1 in (0, 1); delta0 >= 0.
    Steps: evaluate the ε and δ displays of Thm 13.3.2.
    Postcondition: (ε, δ) as printed (its proof has a failing step, AU13_8; its use of Lemma 13.2.7 needs the KOV15
        form, AU13_2).
    Spec: 003_ch13.alg44
    """
    T, B = _V.integer("T", T, lo=1), _V.integer("B", B, lo=1)
    eta, p = _V.positive("eta", eta), _V.in_range("p", p, 0.0, 1.0, lo_open=True)
    delta1 = _V.in_range("delta1", delta1, 0.0, 1.0, lo_open=True, hi_open=True)
    delta0 = _V.in_range("delta0", delta0, 0.0, 1.0, hi_open=True)
    L = math.log(1 / delta1)
    eps = 2 * eta / p + eta + 3 * T * eta * eta * p * L / (2 * B) + eta * L * math.sqrt(6 * T * p / B)
    delta = 2 * T * (2 / eta + L / p) * math.e * B * delta0 + 2 * T * delta1
    return tuple(_V.finite_result("(epsilon, delta)", [eps, delta], eta=eta, p=p, T=T))


def mw_expected_regret(losses: np.ndarray, eta: float, B: int = 1) -> float:
    """Exact expected regret of MW with rate η whose distribution is refreshed only at the batch starts
    (B = 1: plain MW; B > 1: the batched lazy algorithm = the law of L2P's x_s, Lemma 13.3.4 with δ_0 = 0)."""
    eta, B = _V.positive("eta", eta), _V.integer("B", B, lo=1)
    losses = _losses(losses)
    T, d = losses.shape
    cum = np.vstack([np.zeros(d), np.cumsum(losses, axis=0)])[:-1]        # losses before round t
    start = (np.arange(T) // B) * B
    L = cum[start]
    w = np.exp(-eta * (L - L.min(axis=1, keepdims=True)))
    P = w / w.sum(axis=1, keepdims=True)
    return float((P * losses).sum() - losses.sum(axis=0).min())


def alternating_batch_losses(T: int, B: int) -> np.ndarray:
    """The AU13.1 instance (d = 2): loss e_1 on odd batches and e_2 on even batches (oblivious)."""
    T, B = _V.integer("T", T, lo=1), _V.integer("B", B, lo=1)
    s = np.arange(T) // B
    out = np.zeros((T, 2))
    out[s % 2 == 0, 0] = 1.0
    out[s % 2 == 1, 1] = 1.0
    return out


def rmw_rejection_sample(loss_sum: Callable, subgrad_sum: Callable, x_hat, *, beta: float, lam: float,
                         in_domain: Callable, rng: np.random.Generator | None = None, max_attempts: int = 100000,
                         draws: dict | None = None):
    """P13.1 [stand-in, implementation only; catalog]: exact sampler for μ̄^{rmw} ∝ exp(−β(Σ_i ℓ_i(x) + λ‖x‖²))·1_X.

    Preconditions (validated): beta, lam in (0, inf); ``x_hat`` a finite vector (linearization point);
        ``loss_sum`` convex with subgradient ``subgrad_sum``; ``in_domain(x)`` the indicator of X; max_attempts
        integer >= 1; ``rng`` a numpy Generator unless ``draws`` is given.
    Steps: g = ∂Σℓ_i(x̂); repeat: propose x ~ N(−g/(2λ), I/(2βλ)) (∝ exp(−β(⟨g,x⟩ + λ‖x‖²))); reject if x ∉ X;
        accept w.p. exp(−β(Σℓ_i(x) − Σℓ_i(x̂) − ⟨g, x − x̂⟩)) ≤ 1 (convexity).
    Postcondition: (x, attempts) with x ~ μ̄^{rmw} exactly; RuntimeError after max_attempts rejections.
    Randomness: per attempt d standard normals then one uniform (drawn even when x ∉ X), from ``rng``, or
        pre-drawn ``draws`` = dict(z=(A, d), u=(A,)) for A <= max_attempts attempts (RuntimeError if they run out);
        bit-identical given the draws the rng would make.
    Spec: 003_ch13.algP13_1
    """
    _V.callable_("loss_sum", loss_sum); _V.callable_("subgrad_sum", subgrad_sum); _V.callable_("in_domain", in_domain)
    beta = V.positive("beta", beta)
    lam = V.positive("lam", lam)
    max_attempts = V.positive_int("max_attempts", max_attempts)
    x_hat = V.vector("x_hat", x_hat)
    d = x_hat.shape[0]
    if draws is None:
        V.generator("rng", rng)
        A = max_attempts
    else:
        if not isinstance(draws, dict) or set(draws) != {"z", "u"}:
            raise ValueError("draws must be dict(z=(A, d), u=(A,))")
        z_all = np.asarray(draws["z"], dtype=float)
        u_all = np.asarray(draws["u"], dtype=float)
        if z_all.ndim != 2 or z_all.shape[1] != d or u_all.shape != (z_all.shape[0],):
            raise ValueError(f"draws['z'] must have shape (A, {d}) and draws['u'] shape (A,), got {z_all.shape}, "
                             f"{u_all.shape}")
        A = min(max_attempts, z_all.shape[0])
    g = np.asarray(subgrad_sum(x_hat), dtype=float)
    f_hat = float(loss_sum(x_hat))
    mean, sd = -g / (2 * lam), 1.0 / math.sqrt(2 * beta * lam)
    for attempt in range(1, A + 1):
        if draws is None:
            z, u = rng.standard_normal(d), rng.random()
        else:
            z, u = z_all[attempt - 1], u_all[attempt - 1]
        x = mean + sd * z
        if not in_domain(x):
            continue
        gap = float(loss_sum(x)) - f_hat - float(g @ (x - x_hat))
        if gap < -1e-12:
            raise ValueError("loss_sum is not convex at the linearization point (negative gap)")
        if u < math.exp(-beta * max(gap, 0.0)):
            return x, attempt
    raise RuntimeError(f"no acceptance in {A} attempts")

def low_switching_sketch(log_mu_bar: Callable, sample_mu: Callable, T: int, *, C: float, p: float,
                         rng: np.random.Generator | None = None, draws: dict | None = None) -> list:
    """P13.2 (prior-work sketch, L9967-9975): a generic low-switching private sampler.

    Preconditions (validated): T integer >= 1; C in (0, inf) with C·μ̄_t(x)/μ̄_{t−1}(x) <= 1 along the run (checked,
        ValueError otherwise); p in [0, 1]; ``log_mu_bar(t, x)`` the normalized log-density of μ̄_t;
        ``sample_mu(t, u)`` an exact sampler of μ̄_t driven by one uniform u (inverse CDF); ``rng`` a numpy
        Generator unless ``draws`` is given.
    Steps: x_1 = sample_mu(1, u_1); for t = 2..T: S_t ~ Ber(C·μ̄_t(x_{t−1})/μ̄_{t−1}(x_{t−1})), S′_t ~ Ber(1 − p);
        if S_t = 0 or S′_t = 0: x_t = sample_mu(t, u_t) (fresh), else x_t = x_{t−1}.
    Postcondition: the played sequence x_1..x_T; each x_t ~ μ̄_t marginally (the lazy-switching invariant).
    Randomness: three uniform streams of length T — ``ux`` (sampler), ``us`` (S_t), ``us2`` (S′_t) — drawn from
        ``rng`` as three (T,) arrays in the order ux, us, us2, or pre-drawn ``draws`` = dict(ux=, us=, us2=) of
        those shapes (standard uniforms; bit-identical).
    Spec: 003_ch13.algP13_2
    """
    _V.callable_("log_mu_bar", log_mu_bar); _V.callable_("sample_mu", sample_mu)
    T = V.positive_int("T", T)
    C = V.positive("C", C)
    p = V.probability("p", p)
    src = Source(rng, draws)
    ux, us, us2 = src.uniform("ux", (T,)), src.uniform("us", (T,)), src.uniform("us2", (T,))
    x = sample_mu(1, ux[0])
    out = [x]
    for t in range(2, T + 1):
        r = C * math.exp(log_mu_bar(t, x) - log_mu_bar(t - 1, x))
        if r > 1 + 1e-12:
            raise ValueError(f"C·μ̄_t/μ̄_(t−1) = {r} > 1 is not a probability; choose C smaller")
        S = us[t - 1] < r
        S2 = us2[t - 1] < 1 - p
        if not (S and S2):
            x = sample_mu(t, ux[t - 1])
        out.append(x)
    return out


def lower_bound_adversary(T: int, epsilon: float, d: int, rng: np.random.Generator | None = None, *,
                          draws=None) -> np.ndarray:
    """P13.3: the oblivious adversary of Thm 13.4.2's proof (L10261-10266).

    Preconditions (validated): T integer >= 1; epsilon in (0, inf) with ε <= T^{−1/4} (so that the epoch length
        B >= 1, AU13.9; ValueError otherwise); d integer >= 1; ``rng`` a numpy Generator unless ``draws`` is given.
    Steps: S_adv = (Tε)^{2/3}; E = S_adv² = (Tε)^{4/3} epochs of length B = T/E = T^{−1/3}ε^{−4/3} (rounded);
        per epoch draw ℓ ~ Ber(1/2)^d and repeat it for the whole epoch.
    Postcondition: a (T, d) array of losses in {0, 1}, constant on each epoch of length B.
    Randomness: one stream of standard uniforms of shape (⌈T/B⌉, d) (ℓ_j = 1{u_j < 1/2}), from ``rng`` or
        pre-drawn ``draws`` (that array, or dict(u=...)); bit-identical.
    Spec: 003_ch13.algP13_3
    """
    T = V.positive_int("T", T)
    epsilon = V.positive("epsilon", epsilon)
    d = V.positive_int("d", d)
    E = (T * epsilon) ** (4 / 3)
    B = T / E
    if B < 1:
        raise ValueError(f"epoch length B = T^(-1/3) epsilon^(-4/3) = {B:.3g} < 1: needs epsilon <= T^(-1/4) (AU13.9), "
                         f"got epsilon={epsilon!r}, T={T}")
    B = int(round(B))
    n_ep = -(-T // B)
    losses = (Source(rng, draws, single="u").uniform("u", (n_ep, d)) < 0.5).astype(float)
    return np.repeat(losses, B, axis=0)[:T]
