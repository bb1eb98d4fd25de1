"""Heavy-tailed test laws with an exact coordinate-wise k-th central absolute moment (Def. 2.11, L145-147).

Each law is a centred, symmetric noise Y; a data point is x = mu + Y (coordinates i.i.d.).  Every law is scaled so
that E|Y|^k = gamma exactly (gamma = 1 by default, Assumption 2.12(5)).  ``clipped_mean`` gives the exact
E[clip(mu + Y, lo, hi)] (mpmath), used to check the clipping-bias lemmas (Lemma B.1, eq. (10)).

* ``three_point``: Y in {-a, 0, a}, P(+-a) = gamma / (2 a^k)  (needs a^k >= gamma).
* ``student_t``:   Y = s T_nu, nu = k + 1/2 by default; E|T_nu|^k = nu^{k/2} G((k+1)/2) G((nu-k)/2)/(sqrt(pi) G(nu/2)).
* ``pareto``:      Y = +-s (U^{-1/alpha} - 1), alpha = k + 1/2; E(U^{-1/alpha} - 1)^k = G(k+1) G(alpha-k)/G(alpha).

The moments are kept as an independent implementation on purpose (not delegated to reference.core.problems):
tests/heavy_tailed/test_mean_estimators.py::test_generators_agree_with_core_moments cross-checks the two.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import mpmath as mp
import numpy as np
from scipy.special import xlogy

from reference.core import validation
from reference.core.randomness import Source
from reference.core import validation as _V

__all__ = ["HeavyTailedLaw", "three_point", "student_t", "pareto", "clip_bias_bound_corrected",
           "clip_bias_bound_paper"]


@dataclass(frozen=True)
class HeavyTailedLaw:
    """A symmetric centred law with exact k-th absolute moment ``gamma``."""

    name: str           # "three_point" | "student_t" | "pareto"
    k: float            # moment order (k >= 2 in the paper)
    gamma: float = 1.0  # E|Y|^k
    param: float = 0.0  # a (three_point), nu (student_t), alpha (pareto)

    def __post_init__(self):
        """Validated: name one of the three laws; k >= 1; gamma > 0 finite; param finite with a^k >= gamma
        (three_point, a > 0), nu > k (student_t), alpha > k (pareto)."""
        _V.choice("name", self.name, ("three_point", "student_t", "pareto"))
        k = _V.in_range("k", self.k, 1.0)
        g = _V.positive("gamma", self.gamma)
        prm = _V.real("param", self.param)
        if self.name == "three_point" and not (prm > 0 and k * math.log(prm) >= math.log(g)):
            raise ValueError(f"param (the atom a of three_point) must be > 0 with a^k >= gamma, got a={prm!r}, k={k!r}, gamma={g!r}")
        if self.name != "three_point" and not prm > k:
            raise ValueError(f"param (nu / alpha) must be > k = {k!r} for {self.name}, got {prm!r}")
        for f, v in (("k", k), ("gamma", g), ("param", prm)):
            object.__setattr__(self, f, float(v))

    # ---- scale ---------------------------------------------------------------------------------
    def scale(self) -> float:
        """s such that E|Y|^k = gamma (for three_point: the atom a)."""
        return float(self.scale_mp())

    def scale_mp(self):
        """The scale at the current mp.dps (cached per (law, dps): quadratures call it at every node)."""
        return _cached_scale(self, mp.mp.dps)

    def _scale_mp_uncached(self):
        k = mp.mpf(self.k)
        g = mp.mpf(self.gamma)
        if self.name == "three_point":
            return mp.mpf(self.param)
        if self.name == "student_t":
            nu = mp.mpf(self.param)
            mom = nu ** (k / 2) * mp.gamma((k + 1) / 2) * mp.gamma((nu - k) / 2) / (mp.sqrt(mp.pi) * mp.gamma(nu / 2))
            return (g / mom) ** (1 / k)
        if self.name == "pareto":
            al = mp.mpf(self.param)
            mom = mp.gamma(k + 1) * mp.gamma(al - k) / mp.gamma(al)
            return (g / mom) ** (1 / k)
        raise ValueError(f"unknown law {self.name!r}")

    # ---- sampling ------------------------------------------------------------------------------
    def sample(self, rng: np.random.Generator | None, n: int, d: int = 1, mu=0.0, *, draws=None) -> np.ndarray:
        """n x d matrix of i.i.d. rows x = mu + Y (Y with i.i.d. coordinates from this law).

        Preconditions (validated): n, d integers >= 1; ``rng`` a numpy Generator unless ``draws`` is given.
        Randomness: ``rng``, or pre-drawn standard draws ``draws`` (bit-identical to the rng path):
        three_point: uniform array (n, d) (stream "u"); pareto: mapping {"u": uniform (n, d), "sign": uniform (n, d)};
        student_t: standard Student-t(nu) array (n, d) (stream "t"; not a core law, shape- and finiteness-validated here).
        Spec: 004.def2_11
        """
        n = validation.positive_int("n", n)
        d = validation.positive_int("d", d)
        s = self.scale()
        if self.name == "three_point":
            src = Source(rng, draws, single="u")
            p = 0.5 * self.gamma * math.exp(-self.k * math.log(s))      # gamma/(2 a^k) without overflowing a^k
            u = src.uniform("u", (n, d))
            Y = np.where(u < p, -s, np.where(u < 2 * p, s, 0.0))
        elif self.name == "student_t":
            if draws is None:
                validation.generator("rng", rng)
                t = rng.standard_t(self.param, size=(n, d))
            else:
                t = np.asarray(draws["t"] if isinstance(draws, dict) else draws, dtype=float)
                if t.shape != (n, d) or not np.all(np.isfinite(t)):
                    raise ValueError(f"draws (standard Student-t, stream 't') must be a finite array of shape {(n, d)}, got {t.shape}")
            Y = s * t
        elif self.name == "pareto":
            src = Source(rng, draws)
            u = src.uniform("u", (n, d))
            sign = np.where(src.uniform("sign", (n, d)) < 0.5, -1.0, 1.0)
            Y = sign * s * (u ** (-1.0 / self.param) - 1.0)
        else:
            raise ValueError(f"unknown law {self.name!r}")
        return np.asarray(mu, dtype=float) + Y

    # ---- exact moments -------------------------------------------------------------------------
    def pdf_mp(self, y):
        """Density of Y (continuous laws)."""
        s = self.scale_mp()
        y = mp.mpf(y)
        if self.name == "student_t":
            nu = mp.mpf(self.param)
            t = y / s
            c = _cached_t_const(self.param, mp.mp.dps)     # Gamma((nu+1)/2)/(sqrt(nu pi) Gamma(nu/2))
            return c * (1 + t ** 2 / nu) ** (-(nu + 1) / 2) / s
        if self.name == "pareto":
            al = mp.mpf(self.param)
            return al / (2 * s) * (1 + abs(y) / s) ** (-al - 1)
        raise ValueError("pdf only for continuous laws")

    def abs_moment(self, r) -> mp.mpf:
        """E|Y|^r, exact (closed form for three_point and pareto; quadrature for student_t)."""
        r = mp.mpf(r)
        s = self.scale_mp()
        if self.name == "three_point":
            return mp.mpf(self.gamma) / s ** self.k * s ** r
        if self.name == "pareto":
            al = mp.mpf(self.param)
            # E(U^{-1/al}-1)^r = al B(r+1, al-r)
            return s ** r * al * mp.beta(r + 1, al - r)
        nu = mp.mpf(self.param)
        return s ** r * nu ** (r / 2) * mp.gamma((r + 1) / 2) * mp.gamma((nu - r) / 2) / (mp.sqrt(mp.pi) * mp.gamma(nu / 2))

    def tail_plus_mean(self, a) -> mp.mpf:
        """E[(|Y| - a)_+] exactly for a >= 0 (the clipping-bias functional of Lemma B.1's corrected form)."""
        a = mp.mpf(a)
        if a < 0:
            raise ValueError("tail_plus_mean needs a >= 0")
        s = self.scale_mp()
        if self.name == "three_point":
            p = mp.mpf(self.gamma) / s ** self.k
            return p * max(s - a, 0)
        if self.name == "pareto":
            al = mp.mpf(self.param)
            # P(|Y| > t) = (1 + t/s)^{-al};  E(|Y|-a)_+ = int_a^inf (1+t/s)^{-al} dt = s/(al-1) (1+a/s)^{1-al}
            return s / (al - 1) * (1 + a / s) ** (1 - al)
        # Student-t: E(T - t)_+ = (nu + t^2)/(nu - 1) f_nu(t) - t P(T > t), P(T > t) = I_{nu/(nu+t^2)}(nu/2, 1/2)/2
        nu = mp.mpf(self.param)
        t = a / s
        f = mp.gamma((nu + 1) / 2) / (mp.sqrt(nu * mp.pi) * mp.gamma(nu / 2)) * (1 + t ** 2 / nu) ** (-(nu + 1) / 2)
        sf = mp.betainc(nu / 2, mp.mpf(1) / 2, 0, nu / (nu + t ** 2), regularized=True) / 2
        return 2 * s * ((nu + t ** 2) / (nu - 1) * f - t * sf)

    def _plus_part(self, a):
        """E[(Y - a)_+] for the symmetric Y and any real a."""
        if a >= 0:
            return self.tail_plus_mean(a) / 2
        return -a + self.tail_plus_mean(-a) / 2

    def clipped_mean(self, mu, lo, hi) -> mp.mpf:
        """E[clip(mu + Y, lo, hi)] exactly: mu + E(lo - mu - Y)_+ - E(mu + Y - hi)_+ (symmetry of Y)."""
        mu, lo, hi = mp.mpf(mu), mp.mpf(lo), mp.mpf(hi)
        if not lo <= hi:
            raise ValueError("need lo <= hi")
        return mu + self._plus_part(mu - lo) - self._plus_part(hi - mu)

    def clipped_mean_quad(self, mu, lo, hi) -> mp.mpf:
        """Same by direct quadrature (continuous laws; used to validate clipped_mean)."""
        mu, lo, hi = mp.mpf(mu), mp.mpf(lo), mp.mpf(hi)
        f = self.pdf_mp
        a, b = lo - mu, hi - mu
        pts = [a, mp.mpf(0), b] if a < 0 < b else [a, b]
        inside = mp.quad(lambda y: (mu + y) * f(y), pts) if a < b else mp.mpf(0)
        p_lo = mp.quad(f, [-mp.inf, a]) if a < 0 else mp.quad(f, [-mp.inf, 0]) + mp.quad(f, [0, a])
        p_hi = mp.quad(f, [b, mp.inf]) if b > 0 else mp.quad(f, [b, 0]) + mp.quad(f, [0, mp.inf])
        return lo * p_lo + hi * p_hi + inside


@functools.lru_cache(maxsize=256)
def _cached_scale(law: HeavyTailedLaw, dps: int):
    with mp.workdps(dps):
        return law._scale_mp_uncached()


@functools.lru_cache(maxsize=256)
def _cached_t_const(nu: float, dps: int):
    with mp.workdps(dps):
        nu = mp.mpf(nu)
        return mp.gamma((nu + 1) / 2) / (mp.sqrt(nu * mp.pi) * mp.gamma(nu / 2))


def three_point(k: float, a: float, gamma: float = 1.0) -> HeavyTailedLaw:
    """(H1) atoms -a, 0, a with P(+-a) = gamma/(2 a^k); requires a^k >= gamma (compared in logs: no overflow)."""
    k = _V.in_range("k", k, 1.0)
    a = _V.positive("a", a)
    gamma = _V.positive("gamma", gamma)
    if k * math.log(a) < math.log(gamma):
        raise ValueError(f"three_point: need a^k >= gamma (P(+-a) <= 1/2); got k={k}, a={a}, gamma={gamma}")
    return HeavyTailedLaw("three_point", float(k), float(gamma), float(a))


def student_t(k: float, nu: float | None = None, gamma: float = 1.0) -> HeavyTailedLaw:
    """(H2) scaled Student-t with nu > k degrees of freedom (default k + 1/2); nu, gamma finite, gamma > 0."""
    k = _V.in_range("k", k, 1.0)
    gamma = _V.positive("gamma", gamma)
    nu = k + 0.5 if nu is None else _V.real("nu", nu)
    if not nu > k:
        raise ValueError(f"student_t: need nu > k, got nu={nu}, k={k}")
    return HeavyTailedLaw("student_t", float(k), float(gamma), float(nu))


def pareto(k: float, alpha: float | None = None, gamma: float = 1.0) -> HeavyTailedLaw:
    """(H3) symmetric Lomax/Pareto-II with finite tail index alpha > k (default k + 1/2); gamma finite, > 0."""
    k = _V.in_range("k", k, 1.0)
    gamma = _V.positive("gamma", gamma)
    alpha = k + 0.5 if alpha is None else _V.real("alpha", alpha)
    if not alpha > k:
        raise ValueError(f"pareto: need alpha > k, got alpha={alpha}, k={k}")
    return HeavyTailedLaw("pareto", float(k), float(gamma), float(alpha))


def clip_bias_bound_corrected(k: float, tau: float, delta: float) -> float:
    """Corrected Lemma B.1: if |mu - ce| <= delta < 3 tau then |mu - E Z| <= (k-1)^{k-1} / (k^k (3tau - delta)^{k-1}).

    Preconditions (validated): k >= 1, tau > 0 finite, 0 <= delta < 3 tau.  Steps: the bound in logs,
    exp(xlogy(k-1, (k-1)/(k a)) - ln k), a = 3 tau - delta (k = 1 gives 1; large k underflows to 0, never overflows).
    Spec: 004.lemmaB_1
    """
    k = _V.in_range("k", k, 1.0)
    tau = _V.positive("tau", tau)
    delta = _V.nonnegative("delta", delta)
    if not delta < 3 * tau:
        raise ValueError(f"need 0 <= delta < 3 tau, got delta={delta}, tau={tau}")
    a = 3 * tau - delta
    return math.exp(float(xlogy(k - 1, (k - 1) / (k * a))) - math.log(k))


def clip_bias_bound_paper(k: float, tau: float, C: float = 14.0) -> float:
    """Lemma B.1 as printed (L577): 3 (C/tau)^{k-1}, C >= 14.

    Preconditions (validated): k >= 1, tau > 0 finite, C > 0 finite.  Steps: in logs; a value beyond the float range
    raises a ValueError naming k, tau, C (never inf).  Spec: 004.lemmaB_1
    """
    k = _V.in_range("k", k, 1.0)
    tau = _V.positive("tau", tau)
    C = _V.positive("C", C)
    lv = math.log(3.0) + (k - 1) * math.log(C / tau)
    return _V.finite_result("3 (C/tau)^(k-1)", math.exp(lv) if lv < 709.0 else math.inf, k=k, tau=tau, C=C)
