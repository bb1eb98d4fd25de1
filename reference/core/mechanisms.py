"""Basic differentially private mechanisms: Gaussian, Laplace, exponential (finite and 1-D continuous),
report-noisy-max and AboveThreshold / Sparse.

Conventions.
* ``sensitivity`` is the sensitivity of the released quantity over neighbouring data sets in the norm the
  mechanism needs (l2 for Gaussian, l1 for Laplace, the score sensitivity
  ``max_r sup_{D~D'} |u(D,r) - u(D',r)|`` for the exponential mechanism, report-noisy-max, AboveThreshold).
* ``noise=`` / ``u=`` is the pre-drawn *standard* randomness (unit-scale normals / Laplace / Gumbel draws,
  uniforms), in the order a fast implementation draws it; with the same pre-drawn values the output is
  bit-identical and ``rng`` is not used (it may be ``None``).

Spec: core.mech.* (specs/core.mechanisms.toml).  Checks: proofs_checks/core/mechanisms.py.
"""
from __future__ import annotations

from typing import Callable, Iterable

import mpmath
import numpy as np

from reference.core.samplers import (_finite_array, _generator, _int, _noise, _real, _uniforms,
                                     inverse_cdf_sample)
from reference.core import validation as _V

__all__ = [
    "gaussian_mechanism",
    "laplace_mechanism",
    "exponential_mechanism_probabilities",
    "exponential_mechanism",
    "exponential_mechanism_1d",
    "report_noisy_max",
    "above_threshold",
]


def _as_output(value_array: np.ndarray, out: np.ndarray):
    return float(out) if value_array.ndim == 0 else out


# --------------------------------------------------------------------------------------------
# additive noise mechanisms
# --------------------------------------------------------------------------------------------

def gaussian_mechanism(value, sensitivity: float, sigma: float, rng: np.random.Generator | None, noise=None):
    """Gaussian mechanism ``value + sigma * z``, ``z ~ N(0, I)`` (vector or scalar ``value``).

    Preconditions: ``value`` finite scalar or array; ``sensitivity`` (l2) in (0, inf); ``sigma`` (the noise
    standard deviation, absolute units) in [0, inf); ``noise`` None (``z = rng.standard_normal(shape)``) or
    standard normals of ``value``'s shape.
    Steps: 1. z ~ N(0, I); 2. return value + sigma * z.
    Postcondition: output ~ N(value, sigma^2 I).  Privacy: (sensitivity/sigma)-GDP, i.e. for every eps >= 0
    (eps, delta(eps))-DP with delta(eps) = Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2), mu =
    sensitivity/sigma (exact hockey-stick of N(0,1) vs N(mu,1); Balle & Wang 2018 Thm 8; Dong, Roth, Su 2022).
    ``sensitivity`` is validated and defines the guarantee; it does not change the output.
    Randomness: z ~ N(0, I) of value's shape from ``rng``, or pre-drawn standard normals ``noise`` of that shape (bit-identical; tested draw for draw).
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.mech.gaussian_mechanism
    """
    v = _finite_array("value", value)
    _real("sensitivity", sensitivity, lo=0.0, lo_open=True)
    sigma = _real("sigma", sigma, lo=0.0)
    rng = _generator(rng, needed=noise is None)
    z = _noise("noise", noise, v.shape, "value") if noise is not None else rng.standard_normal(v.shape)  # step 1
    out = _V.finite_result("value + sigma z", v + sigma * z, sigma=sigma)
    return _as_output(v, out)  # step 2


def laplace_mechanism(value, sensitivity: float, epsilon: float, rng: np.random.Generator | None, noise=None):
    """Laplace mechanism ``value + b * w``, ``w_i ~ Lap(1)`` i.i.d., ``b = sensitivity/epsilon``.

    Preconditions: ``value`` finite scalar or array; ``sensitivity`` (l1) in (0, inf); ``epsilon`` in (0, inf);
    ``noise`` None (``w = rng.laplace(0, 1, shape)``) or standard Laplace draws of ``value``'s shape.
    Steps: 1. b = sensitivity/epsilon; 2. w ~ Lap(1)^shape; 3. return value + b * w.
    Postcondition: output ~ value + Lap(b)^shape; (epsilon, 0)-DP for l1-sensitivity ``sensitivity``
    (Dwork & Roth 2014, Thm 3.6).
    Randomness: w i.i.d. standard Laplace of value's shape from ``rng``, or pre-drawn ``noise`` (bit-identical).
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.mech.laplace_mechanism
    """
    v = _finite_array("value", value)
    sensitivity = _real("sensitivity", sensitivity, lo=0.0, lo_open=True)
    epsilon = _real("epsilon", epsilon, lo=0.0, lo_open=True)
    b = sensitivity / epsilon  # step 1
    rng = _generator(rng, needed=noise is None)
    w = _noise("noise", noise, v.shape, "value") if noise is not None else rng.laplace(0.0, 1.0, v.shape)  # step 2
    out = _V.finite_result("value + b w", v + b * w, sensitivity=sensitivity, epsilon=epsilon)
    return _as_output(v, out)  # step 3


# --------------------------------------------------------------------------------------------
# exponential mechanism and report-noisy-max
# --------------------------------------------------------------------------------------------

def _scores(scores) -> np.ndarray:
    s = _finite_array("scores", scores, ndim=1)
    if s.shape[0] == 0:
        raise ValueError("scores must be non-empty")
    return s


def exponential_mechanism_probabilities(scores, epsilon: float, sensitivity: float) -> np.ndarray:
    """Output law of the exponential mechanism: ``p_r ∝ exp(epsilon * u_r / (2 sensitivity))``.

    Preconditions: ``scores`` finite, 1-D, non-empty (higher is better); ``epsilon``, ``sensitivity`` in (0, inf).
    Steps: a_r = epsilon u_r/(2 Delta); p = exp(a - max a)/sum exp(a - max a) (stable softmax, computed as
    (epsilon/(2 Delta))·(u_r - max u) so a large admissible epsilon, e.g. 1e308, gives the argmax law, never NaN).
    Postcondition: p >= 0, sum p = 1 (to rounding); epsilon-DP (McSherry & Talwar 2007; Dwork & Roth Thm 3.10).
    Randomness: none (deterministic).
    Spec: core.mech.exponential_mechanism_probabilities
    """
    s = _scores(scores)
    epsilon = _real("epsilon", epsilon, lo=0.0, lo_open=True)
    sensitivity = _real("sensitivity", sensitivity, lo=0.0, lo_open=True)
    w = np.exp(_log_weights(s, epsilon, sensitivity))
    return w / np.sum(w)


def _log_weights(s: np.ndarray, epsilon: float, sensitivity: float) -> np.ndarray:
    """a_r - max a = (epsilon/(2 Delta))·(u_r - max u) <= 0 without inf - inf (the scale or the gaps may overflow)."""
    with np.errstate(over="ignore"):
        gap = s - np.max(s)                          # <= 0; -inf only when the scores span beyond the float range
        scale = epsilon / (2.0 * sensitivity)        # may be inf for epsilon near 1e308: then the argmax law
        return np.where(gap == 0.0, 0.0, scale * np.where(gap == 0.0, -1.0, gap))


def exponential_mechanism(scores, epsilon: float, sensitivity: float, rng: np.random.Generator | None, u=None,
                          method: str = "inverse_cdf") -> int:
    """Exponential mechanism over a finite range: index r with probability ∝ exp(epsilon u_r/(2 sensitivity)).

    Preconditions: as :func:`exponential_mechanism_probabilities`; ``method`` "inverse_cdf" (one uniform:
    ``u`` None -> ``rng.random()``, or a float in [0, 1)) or "gumbel" (Gumbel-max trick: ``u`` None ->
    ``rng.random(n)``, or n uniforms in [0, 1); G_r = -log(-log u_r)).
    Steps (inverse_cdf): p = law; return the first r with p_1 + ... + p_r > u (zero-mass entries never chosen).
    Steps (gumbel): return argmax_r epsilon u_r/(2 Delta) + G_r.
    Postcondition: P(output = r) = p_r (exactly for gumbel: core.mech.rnm_gumbel_equals_exp); epsilon-DP.
    Randomness: one uniform (inverse_cdf) or n uniforms (gumbel) from ``rng``, or pre-drawn ``u`` of that shape (same u => same output).
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.mech.exponential_mechanism  (ref: McSherry & Talwar 2007; Dwork & Roth 2014 Def 3.4)
    """
    _V.choice("method", method, ('gumbel', 'inverse_cdf'))
    s = _scores(scores)
    n = s.shape[0]
    _generator(rng, needed=u is None)
    if method == "inverse_cdf":
        p = exponential_mechanism_probabilities(s, epsilon, sensitivity)
        if u is None:
            uu = float(_generator(rng).random())
        else:
            uu = float(_uniforms("u", u, ()))
        cum = np.cumsum(p)
        idx = int(np.searchsorted(cum, uu, side="right"))
        last_positive = int(np.flatnonzero(p > 0)[-1])
        return min(idx, last_positive)
    if method == "gumbel":
        epsilon = _real("epsilon", epsilon, lo=0.0, lo_open=True)
        sensitivity = _real("sensitivity", sensitivity, lo=0.0, lo_open=True)
        uu = _uniforms("u", u, (n,)) if u is not None else _generator(rng).random(n)
        with np.errstate(divide="ignore"):
            g = -np.log(-np.log(uu))
        return int(np.argmax(_log_weights(s, epsilon, sensitivity) + g))
    raise ValueError(f"method must be 'inverse_cdf' or 'gumbel', got {method!r}")


def report_noisy_max(scores, epsilon: float, sensitivity: float, rng: np.random.Generator | None, noise=None,
                     distribution: str = "laplace", monotone: bool = False) -> int:
    """Report noisy max: ``argmax_r u_r + b * w_r`` with i.i.d. standard noise w (Laplace or Gumbel).

    Preconditions: ``scores`` finite, 1-D, non-empty; ``epsilon``, ``sensitivity`` in (0, inf);
    ``distribution`` "laplace" or "gumbel"; ``monotone`` True only when every neighbouring change moves all
    scores in the same direction (counting queries); ``noise`` None (``rng.laplace(0,1,n)`` /
    ``rng.gumbel(0,1,n)``) or n standard draws.
    Steps: 1. b = sensitivity/epsilon if monotone else 2 sensitivity/epsilon; 2. w ~ noise law^n;
    3. return argmax_r (u_r + b w_r).
    Postcondition: epsilon-DP (Laplace: Dwork & Roth Claim 3.9 for monotone; general scale 2Delta/eps).
    Gumbel: the output law equals the exponential mechanism's exp(eps u/(2 Delta)) (resp. exp(eps u/Delta)
    when monotone) exactly.
    Randomness: n i.i.d. standard Laplace or Gumbel draws from ``rng``, or pre-drawn ``noise`` of shape (n,) (bit-identical).
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.mech.report_noisy_max
    """
    _V.choice("distribution", distribution, ('gumbel', 'laplace'))
    s = _scores(scores)
    n = s.shape[0]
    epsilon = _real("epsilon", epsilon, lo=0.0, lo_open=True)
    sensitivity = _real("sensitivity", sensitivity, lo=0.0, lo_open=True)
    monotone = _V.flag("monotone", monotone)
    _generator(rng, needed=noise is None)
    b = (1.0 if monotone else 2.0) * sensitivity / epsilon  # step 1
    if noise is not None:                                    # step 2
        w = _noise("noise", noise, (n,), "scores")
    else:
        rng = _generator(rng)
        w = rng.laplace(0.0, 1.0, n) if distribution == "laplace" else rng.gumbel(0.0, 1.0, n)
    return int(np.argmax(s + b * w))                         # step 3


def exponential_mechanism_1d(score: Callable, lo, hi, epsilon: float, sensitivity: float,
                             rng: np.random.Generator | None, u=None, dps: int = 30, breakpoints=(),
                             panels: int = 16):
    """1-D continuous exponential mechanism on [lo, hi]: density ∝ exp(epsilon score(x)/(2 sensitivity)),
    sampled exactly by inverse CDF (mpmath quadrature for the CDF, safeguarded Newton for the inverse).

    Preconditions: ``score`` an mpmath-evaluable callable, finite on [lo, hi] (piecewise smooth; list interior
    kinks in ``breakpoints`` for accurate quadrature); ``lo < hi`` finite; ``epsilon``, ``sensitivity`` in
    (0, inf); ``u`` None (``rng.random()``) or a real in [0, 1]; ``dps`` integer in [15, 200]; ``panels``
    integer in [1, 10000] (quadrature panels; more for sharply peaked densities).
    Steps: 1. w(x) = exp(eps (score(x) - s_ref)/(2 Delta)), s_ref = max of score on the grid and panel
    midpoints (a constant factor, so w/Z is unchanged); 2. panel masses C_i = int_{x_0}^{x_i} w on the grid
    x_0 = lo < ... < x_P = hi (equal panels plus the breakpoints), Z = C_P; 3. u ~ U[0,1); the panel i with
    C_i <= u Z <= C_{i+1}; F(x) = (C_i + int_{x_i}^x w)/Z there; 4. x = F^{-1}(u) on [x_i, x_{i+1}]
    (:func:`reference.core.samplers.inverse_cdf_sample` with pdf w/Z).
    Postcondition: output (an mpf with ``dps`` digits) ~ the density w/Z up to the quadrature's accuracy (a
    ValueError when each panel's mass and the sum over its two halves disagree by more than 1e-3 of Z: e.g. a
    kink or peak not listed in breakpoints at a large epsilon, where the sample would otherwise be silently
    wrong);
    epsilon-DP when ``sensitivity`` bounds sup_x |score_D(x) - score_D'(x)| (McSherry & Talwar 2007).
    Randomness: one uniform u from ``rng`` or pre-drawn ``u``; the output is the exact quantile F^{-1}(u).
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.mech.exponential_mechanism_1d  (003 Ch.3 A3.1 implementation note)
    """
    _V.callable_("score", score)
    _generator(rng, needed=u is None)
    epsilon = _real("epsilon", epsilon, lo=0.0, lo_open=True)
    sensitivity = _real("sensitivity", sensitivity, lo=0.0, lo_open=True)
    dps = _int("dps", dps, lo=15, hi=200)
    panels = _int("panels", panels, lo=1, hi=10000)
    lo_f, hi_f = _real("lo", lo), _real("hi", hi)
    if not lo_f < hi_f:
        raise ValueError(f"lo must be < hi, got lo={lo!r}, hi={hi!r}")
    bps_f = [_real(f"breakpoints[{i}]", t) for i, t in enumerate(breakpoints)]
    if isinstance(u, (bool, np.bool_)):
        raise TypeError(f"u must be a real number in [0, 1] (float, str or mpf), got bool {u!r}")
    if u is None:
        u = float(_generator(rng).random())  # step 3's uniform (drawn first, as a fast implementation would)
    with mpmath.workdps(dps + 10):
        try:
            um = mpmath.mpf(u)
        except (TypeError, ValueError):
            raise ValueError(f"u must be a real number in [0, 1], got {u!r}") from None
        if not 0 <= um <= 1:
            raise ValueError(f"u must be in [0, 1], got {u!r}")
        a, b = mpmath.mpf(lo_f), mpmath.mpf(hi_f)
        k = mpmath.mpf(epsilon) / (2 * mpmath.mpf(sensitivity))

        grid = sorted({a + (b - a) * i / panels for i in range(panels + 1)} |
                      {mpmath.mpf(t) for t in bps_f if lo_f < t < hi_f})
        grid[0], grid[-1] = a, b
        # reference level: mpmath.quad's stopping rule is absolute, so keep w = O(1) near its maximum
        probes = grid + [(x0 + x1) / 2 for x0, x1 in zip(grid[:-1], grid[1:])]
        s_ref = max(mpmath.mpf(score(x)) for x in probes)

        def w(x):  # step 1 (times the constant exp(-k s_ref), which cancels in w/Z)
            return mpmath.exp(k * (score(x) - s_ref))

        # step 2; each panel also integrated as two halves: their disagreement estimates the quadrature's error
        quads = [(mpmath.quad(w, [x0, x1]), mpmath.quad(w, [x0, (x0 + x1) / 2, x1]))
                 for x0, x1 in zip(grid[:-1], grid[1:])]
        masses = [m for m, _ in quads]
        C = [mpmath.mpf(0)]
        for mass in masses:
            C.append(C[-1] + mass)
        Z = C[-1]
        if not (mpmath.isfinite(Z) and Z > 0):
            raise ValueError("score gives a non-finite or zero normaliser on [lo, hi]")
        err = mpmath.fsum(abs(m - m2) for m, m2 in quads)
        if err > Z / 1000:   # the quadrature failed (a peak or kink it did not resolve): no silent wrong sample
            raise ValueError(f"the quadrature of the density on [lo, hi] = [{lo!r}, {hi!r}] did not converge at "
                             f"epsilon={epsilon!r}, sensitivity={sensitivity!r} (relative error ~"
                             f"{mpmath.nstr(err / Z, 3)}): list the kinks and the maximiser of score in breakpoints, "
                             f"raise panels, or lower epsilon")
        i = 0                                                       # step 3 (same expressions as cdf below)
        while i < len(masses) - 1 and C[i + 1] / Z < um:
            i += 1
        x0, x1 = grid[i], grid[i + 1]

        def cdf(x):
            if x <= x0:
                return C[i] / Z
            if x >= x1:
                return C[i + 1] / Z
            return (C[i] + mpmath.quad(w, [x0, x])) / Z

        def pdf(x):
            return w(x) / Z

        return inverse_cdf_sample(cdf, x0, x1, None, u=um, pdf=pdf, dps=dps)  # step 4


# --------------------------------------------------------------------------------------------
# AboveThreshold / Sparse (sparse vector technique)
# --------------------------------------------------------------------------------------------

def above_threshold(queries: Iterable[float], threshold: float, epsilon: float, sensitivity: float,
                    rng: np.random.Generator | None, c: int = 1, noise=None) -> list[bool]:
    """AboveThreshold (c = 1: halt at the first ⊤) and Sparse (halt at the c-th ⊤), pure-DP versions.

    Preconditions: ``queries`` an iterable of finite reals f_1(D), f_2(D), ... (may be a generator, so the
    analyst can choose queries adaptively); each f_i has sensitivity <= ``sensitivity`` in (0, inf);
    ``threshold`` finite; ``epsilon`` in (0, inf); ``c`` integer >= 1; ``noise`` None or a pair
    ``(rho, nu)`` of standard Laplace draws, rho of shape (c,) (threshold draws, used in order) and nu of
    shape (m,) with m >= the number of queries answered.  rng draw order: rho_0, then nu_1, nu_2, ...,
    and a fresh rho right after each ⊤ that does not halt.
    Steps (Dwork & Roth 2014 Alg 2 with delta = 0; Alg 1 when c = 1):
      1. sigma = 2 c Delta / eps; T_hat = T + Lap(sigma);  count = 0
      2. for each query i: nu_i ~ Lap(2 sigma); if f_i + nu_i >= T_hat: answer ⊤ (True), count += 1,
         T_hat = T + Lap(sigma) (fresh); halt if count = c.  else answer ⊥ (False).
    Postcondition: the answer list (True = ⊤) ends with the c-th True or when the queries run out;
    epsilon-DP (Dwork & Roth Thm 3.23 for c = 1; Thm 3.25 for Sparse with delta = 0).
    Randomness: standard Laplace draws for the threshold (one per ⊤ plus the first) and one per query, from ``rng`` or pre-drawn ``noise`` (see the Preconditions for its layout; bit-identical).
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.mech.above_threshold
    """
    threshold = _real("threshold", threshold)
    epsilon = _real("epsilon", epsilon, lo=0.0, lo_open=True)
    sensitivity = _real("sensitivity", sensitivity, lo=0.0, lo_open=True)
    c = _int("c", c, lo=1)
    if isinstance(queries, (str, bytes)) or not hasattr(queries, "__iter__"):
        raise TypeError(f"queries must be an iterable of real numbers (a list or a generator), got "
                        f"{type(queries).__name__} {queries!r}"[:300])
    _generator(rng, needed=noise is None)
    if noise is not None:
        if not (isinstance(noise, (tuple, list)) and len(noise) == 2):
            raise ValueError("noise must be a pair (rho, nu) of standard Laplace draws")
        rho_draws = _noise("noise[0] (rho)", noise[0], (c,))
        nu_draws = _finite_array("noise[1] (nu)", noise[1], ndim=1)
    else:
        rng = _generator(rng)
    sigma = 2.0 * c * sensitivity / epsilon                      # step 1
    count = 0
    rho = rho_draws[0] if noise is not None else rng.laplace(0.0, 1.0)
    t_hat = threshold + sigma * rho
    answers: list[bool] = []
    for i, f in enumerate(queries):                              # step 2
        f = _real(f"queries[{i}]", f)
        if noise is not None:
            if i >= nu_draws.shape[0]:
                raise ValueError(f"noise[1] (nu) has {nu_draws.shape[0]} draws but query {i} needs one more")
            nu = nu_draws[i]
        else:
            nu = rng.laplace(0.0, 1.0)
        if f + 2.0 * sigma * nu >= t_hat:
            answers.append(True)
            count += 1
            if count >= c:
                break
            rho = rho_draws[count] if noise is not None else rng.laplace(0.0, 1.0)
            t_hat = threshold + sigma * rho
        else:
            answers.append(False)
    return answers
