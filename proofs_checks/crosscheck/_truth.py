"""Ground truth for cross-checking third-party privacy accountants (not a check module: leading underscore).

What "truth" is, per comparison
-------------------------------
The Poisson-subsampled Gaussian mechanism (sampling rate q, noise multiplier sigma, sensitivity 1, add/remove-one
neighbours) has the dominating pair  P = (1-q) N(0, s^2) + q N(1, s^2),  Q = N(0, s^2)  (s = sigma), and after
T adaptive steps its exact privacy curve is

    delta_T(eps) = max( H_{e^eps}(P^T || Q^T)  ["remove"],  H_{e^eps}(Q^T || P^T)  ["add"] )

(Zhu, Dong & Wang 2022, dominating pairs of Poisson subsampling; realised by a data set whose differing record has
gradient e_1 and the others 0, so no accountant can report a smaller delta).  We use three routes:

* q = 1 (any T): P^T vs Q^T is the Gaussian mechanism with noise sigma/sqrt(T), so delta_T = gaussian_delta(eps,
  sigma/sqrt(T)) EXACTLY (reference.core.accounting, analytic Gaussian mechanism, mpmath with cancellation control).
* T = 1 (any q): closed forms, both reduce to the exact Gaussian curve delta_G(.) = gaussian_delta(., sigma):
      remove:  H = q * delta_G(eps_r),                 eps_r = log(1 + (e^eps - 1)/q);
      add:     H = (1 - e^eps (1-q)) * delta_G(eps_a),  eps_a = -log(1 + (e^-eps - 1)/q)   (0 if e^-eps <= 1-q).
  (The likelihood ratio p/q = 1 - q + q exp((2x-1)/(2 s^2)) is increasing, so each hockey-stick is an integral over a
  half line with an explicit end point; substituting gives the Gaussian curve.  Checked against direct quadrature
  in core.xchk.truth.t1_closed_form.)
* T > 1, q < 1: a LOWER bound on delta_T(eps) from a test set.  For ANY measurable S,
      H_{e^eps}(P^T || Q^T) >= P^T(S) - e^eps Q^T(S).
  We take S = { sum_t ell(x_t) >= c } where ell(x) is the privacy loss L(x) = log(p/q)(x) rounded down to a grid of
  step h (x-intervals cut at the float images of the grid points; partial sums clamped into a window), and maximise
  over c.  Because the bound holds for every S, validity does not depend on h, on the clamping or on how well ell
  approximates L: it needs only a LOWER estimate of P^T(S) and an UPPER estimate of Q^T(S).  Those come from the exact
  pmfs of ell under P and Q (interval masses of normal laws, log_ndtr, relative error ~1e-12, allowance 1e-8),
  composed by FFT convolution with exponential tilting (P tilted by e^{lambda l}, Q by e^{(lambda+1) l}, lambda the
  saddle point at the eps of interest, so the tail around eps is computed to relative accuracy), with an explicit
  error allowance per convolution of 2 u log2(N) ||a||_2 ||b||_2 per output entry (measured FFT errors are <= 0.37-0.6 of
  u log2(N) ||a||_2 ||b||_2; see tests/crosscheck/test_truth.py), propagated in l1 norm (Young's inequality) through
  the compositions and subtracted from P^T(S) / added to Q^T(S).
  The partial sums of the binary-powering tree are mapped the same way under P and Q: below the window they are
  dropped (S also requires "no block sum ever fell below the window"), above it they are clamped to its upper end;
  both maps are part of the definition of S, so they cost tightness only, never validity.
  The error of this bound is second order in the discretisation (S is near-optimal, its boundary lies where
  p - e^eps q changes sign), unlike rounding-down PLDs whose eps shifts by ~T h / 2.
  Status: NUMERIC (float arithmetic with stated allowances, not interval arithmetic).

Upper bounds on the truth (to show an accountant's lower estimate is too high) come from the certified RDP route
(reference.core.accounting.dpsgd_epsilon(certified=True)) and, at T = 1 or q = 1, from the exact curves.

Since issue 20 the T > 1 truth is the CERTIFIED PLD bracket (reference.core.accounting.dpsgd_epsilon_bracket /
dpsgd_delta_bracket: a proved lower and upper bound, exact integer convolutions, Arb): ``judge``, ``eps_lower`` and
``eps_upper`` use it; the float test-set bound above (SgmLowerBound) is kept as an independent second route.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import mpmath
import numpy as np

from reference.core.accounting import gaussian_delta, gaussian_epsilon

U64 = np.finfo(float).eps / 2      # unit roundoff of float64
FFT_K = 2.0                        # allowance factor on u log2(N) ||a||_2 ||b||_2 per output entry (measured <= 0.6)
MASS_REL = 1e-8                    # allowance on the relative error of the per-step interval masses


# ======================================================================================================
# exact curves: T = 1 (closed forms) and q = 1 (Gaussian)
# ======================================================================================================

def sgm_delta_t1(eps, q, sigma, *, dps: int = 40) -> tuple[mpmath.mpf, mpmath.mpf]:
    """(remove, add) hockey-stick divergences of one step of the Poisson-subsampled Gaussian, exactly (mpmath).

    remove = H_{e^eps}(P || Q) = q delta_G(log(1 + expm1(eps)/q));
    add    = H_{e^eps}(Q || P) = e^eps q c' delta_G(-log c'),  c' = 1 + expm1(-eps)/q  (0 when c' <= 0).
    """
    if not (q > 0 and q <= 1 and sigma > 0 and eps >= 0):
        raise ValueError(f"need eps >= 0, q in (0, 1], sigma > 0; got eps={eps!r}, q={q!r}, sigma={sigma!r}")
    with mpmath.workdps(dps + 10):
        e, qq = mpmath.mpf(eps), mpmath.mpf(q)
        eps_r = mpmath.log1p(mpmath.expm1(e) / qq)
        rem = qq * gaussian_delta(eps_r, sigma, dps=dps, as_mpf=True)
        cp = 1 + mpmath.expm1(-e) / qq
        if cp <= 0:
            add = mpmath.mpf(0)
        else:
            eps_a = -mpmath.log(cp)
            add = mpmath.exp(e) * qq * cp * gaussian_delta(max(eps_a, mpmath.mpf(0)), sigma, dps=dps, as_mpf=True)
    return +rem, +add


def exact_delta(eps, q, sigma, T) -> float | None:
    """The exact delta_T(eps) (max of both directions) when it is known in closed form (T = 1 or q = 1), else None."""
    if q == 1:
        return float(gaussian_delta(eps, sigma / math.sqrt(T), dps=30))
    if T == 1:
        r, a = sgm_delta_t1(eps, q, sigma)
        return float(max(r, a))
    return None


def exact_eps(delta, q, sigma, T, rel: float = 1e-12) -> tuple[float, float] | None:
    """Bracket (lo, hi) of the exact eps_T(delta) when known (T = 1 or q = 1): delta_T(hi) <= delta < delta_T(lo)."""
    if q == 1:
        iv = gaussian_epsilon(delta, sigma / math.sqrt(T), return_bracket=True)
        return float(iv.lo), float(iv.hi)
    if T != 1:
        return None
    f = lambda e: max(sgm_delta_t1(e, q, sigma)) <= delta  # noqa: E731
    if f(0.0):
        return 0.0, 0.0
    lo, hi = 0.0, 1.0
    while not f(hi):
        lo, hi = hi, 2 * hi
    while hi - lo > rel * max(hi, 1e-300):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        if f(mid):
            hi = mid
        else:
            lo = mid
    return lo, hi


# ======================================================================================================
# lower bound for T > 1: test-set bound with tilted FFT composition
# ======================================================================================================

def _log_norm_interval(a: np.ndarray, b: np.ndarray, mu: float, s: float) -> np.ndarray:
    """log P(a < X <= b), X ~ N(mu, s^2), stable in both tails (a, b may be +-inf; a <= b)."""
    from scipy.special import log_ndtr

    A = (np.asarray(a, float) - mu) / s
    B = (np.asarray(b, float) - mu) / s
    out = np.full(A.shape, -np.inf)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        right = A >= 0                      # both in the right half: P = Phibar(A) - Phibar(B)
        la, lb = log_ndtr(-A[right]), log_ndtr(-B[right])
        out[right] = la + np.log1p(-np.exp(lb - la))
        left = B <= 0                       # both in the left half: P = Phi(B) - Phi(A)
        la, lb = log_ndtr(A[left]), log_ndtr(B[left])
        out[left] = lb + np.log1p(-np.exp(la - lb))
        mid = ~(right | left)               # straddles 0: P = 1 - Phi(A) - Phibar(B)
        from scipy.special import ndtr
        out[mid] = np.log1p(-(ndtr(A[mid]) + ndtr(-B[mid])))
    out[~np.isfinite(out) & (out > 0)] = -np.inf
    out[np.isnan(out)] = -np.inf
    return out


def _loss_moments(q, sigma, direction):
    """(mean, sd) of the per-step privacy loss under P and under Q (trapezoid quadrature on a fine x grid)."""
    s2 = sigma * sigma
    x = np.linspace(-14 * sigma, 1 + 14 * sigma, 40001)
    z = (2 * x - 1) / (2 * s2)
    lr = np.log1p(q * np.expm1(np.minimum(z, 700.0)))           # log(p_mix / phi_0)
    phi0 = np.exp(-x * x / (2 * s2))
    phi1 = np.exp(-(x - 1) ** 2 / (2 * s2))
    mix = (1 - q) * phi0 + q * phi1
    if direction == "remove":
        L, dP, dQ = lr, mix, phi0
    else:
        L, dP, dQ = -lr, phi0, mix
    trap = getattr(np, "trapezoid", None) or np.trapz     # numpy >= 2 / numpy 1.26
    out = []
    for d in (dP, dQ):
        w = d / trap(d, x)
        m = trap(w * L, x)
        v = trap(w * (L - m) ** 2, x)
        out.append((float(m), float(math.sqrt(max(v, 0.0)))))
    return out  # [(mP, sP), (mQ, sQ)]


@dataclass
class _Tilted:
    """A pmf on the window grid in tilted form: p_j = t_j exp(s - lam * l_j).

    Error model (in the units of ``t``): t = t_true (1 + rho) + e elementwise, with |rho_j| <= ``rel`` (relative, from
    the per-step interval masses; nonnegative arrays keep it elementwise through convolution) and ||e||_1 <= ``err``
    (absolute, from the FFTs).
    """

    t: np.ndarray
    s: float
    err: float
    rel: float


class SgmLowerBound:
    """Lower bound on delta_T(eps) of one direction of the Poisson-subsampled Gaussian (see module docstring).

    ``direction``: "remove" (H(P^T || Q^T)) or "add" (H(Q^T || P^T)); ``eps_center``: where the bound should be
    tight (the tilt is chosen there); it is valid for every eps.
    """

    def __init__(self, q: float, sigma: float, T: int, direction: str, eps_center: float, *,
                 max_bins: int = 1 << 18, h: float | None = None):
        if direction not in ("remove", "add"):
            raise ValueError(f"direction must be 'remove' or 'add', got {direction!r}")
        if not (0 < q < 1) or not sigma > 0 or int(T) != T or T < 1 or not eps_center >= 0:
            raise ValueError(f"need q in (0,1), sigma > 0, integer T >= 1, eps_center >= 0; got {q}, {sigma}, {T}, "
                             f"{eps_center}")
        self.q, self.sigma, self.T, self.direction = float(q), float(sigma), int(T), direction
        (mP, sP), (mQ, sQ) = _loss_moments(q, sigma, direction)
        sdT = max(sP, sQ) * math.sqrt(T)
        spread = 12 * sdT + abs(mQ) * T + abs(mP) * T
        lo = min(0.0, mQ * T) - 12 * sdT - 0.05 * (1 + eps_center) - 10 * max(sP, sQ)
        hi = max(eps_center * 1.5, mP * T) + spread + 0.05 * (1 + eps_center) + 10 * max(sP, sQ)
        if h is None:
            # fine against the per-step spread (the test set S must resolve single steps) and the T-step spread
            h = min(min(sP, sQ) / 20.0, sdT / 400.0, (hi - lo) / 2000.0)
            h = max(h, (hi - lo) / max_bins)
        self.h = float(h)
        self.J_lo, self.J_hi = math.floor(lo / h), math.ceil(hi / h)
        n = self.J_hi - self.J_lo + 1
        if n > 4 * max_bins:
            raise ValueError(f"window needs {n} bins (> {4 * max_bins}); raise max_bins or h")
        self.l = (np.arange(self.J_lo, self.J_hi + 1) * self.h).astype(float)
        lp, lq = self._step_logmass()
        self.lam = self._saddle(lp, eps_center)
        self.lamQ = self.lam + 1.0
        P1 = self._tilt(lp, self.lam)
        Q1 = self._tilt(lq, self.lamQ)
        self.P = self._power(P1, self.lam)
        self.Q = self._power(Q1, self.lamQ)
        self._tails()

    # ---------------------------------------------------------------- one step
    def _x_thresholds(self, b: np.ndarray) -> np.ndarray:
        """x with L(x) >= b <=> x >= thr (remove, L increasing) or x <= thr (add, L decreasing)."""
        q, s2 = self.q, self.sigma ** 2
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            if self.direction == "remove":
                # L = log(1 - q + q e^z) >= b  <=>  e^z >= (e^b - (1-q))/q = (1-q) expm1(b - log1p(-q)) / q
                arg = (1 - q) * np.expm1(b - math.log1p(-q)) / q
                thr = np.where(arg > 0, s2 * np.log(np.where(arg > 0, arg, 1.0)) + 0.5, -np.inf)
            else:
                # L = -log(1 - q + q e^z) >= b  <=>  e^z <= (e^-b - (1-q))/q
                arg = (1 - q) * np.expm1(-b - math.log1p(-q)) / q
                thr = np.where(arg > 0, s2 * np.log(np.where(arg > 0, arg, 1.0)) + 0.5, -np.inf)
        return thr

    def _step_logmass(self):
        """log-masses of ell = clamp(floor(L/h)) on the window grid, under P and under Q."""
        q, s = self.q, self.sigma
        b = (np.arange(self.J_lo + 1, self.J_hi + 1) * self.h).astype(float)  # interior cut points in loss
        thr = self._x_thresholds(b)
        if self.direction == "remove":
            thr = np.maximum.accumulate(thr)                     # nondecreasing in b (a choice of cut points)
            a = np.concatenate([[-np.inf], thr])                 # bin j = [cut_j, cut_{j+1}) in x
            c = np.concatenate([thr, [np.inf]])
        else:
            thr = np.minimum.accumulate(thr)                     # nonincreasing in b
            c = np.concatenate([[np.inf], thr])                  # bin j: x in (thr_{j+1}, thr_j]
            a = np.concatenate([thr, [-np.inf]])
        a = np.minimum(a, c)
        l0 = _log_norm_interval(a, c, 0.0, s)
        l1 = _log_norm_interval(a, c, 1.0, s)
        with np.errstate(divide="ignore"):
            lmix = np.logaddexp(math.log1p(-q) + l0, math.log(q) + l1)
        return (lmix, l0) if self.direction == "remove" else (l0, lmix)

    def _saddle(self, lp: np.ndarray, eps: float) -> float:
        """lam >= 0 with T * E_{tilted}[ell] = eps (the tilted law of one step centred so that T steps sit at eps)."""
        l = self.l

        def mean(lam):
            w = lp + lam * l
            w = np.exp(w - np.max(w))
            return float(np.sum(w * l) / np.sum(w))

        if self.T * mean(0.0) >= eps:
            return 0.0
        lo, hi = 0.0, 1.0
        while self.T * mean(hi) < eps and hi < 64:
            lo, hi = hi, 2 * hi
        if self.T * mean(hi) < eps:
            return hi
        for _ in range(50):
            mid = 0.5 * (lo + hi)
            if self.T * mean(mid) < eps:
                lo = mid
            else:
                hi = mid
        return lo

    def _tilt(self, logmass: np.ndarray, lam: float) -> _Tilted:
        w = logmass + lam * self.l
        s = float(np.max(w))
        t = np.exp(w - s)
        return _Tilted(t, s, 0.0, MASS_REL)

    # ---------------------------------------------------------------- composition
    def _conv(self, A: _Tilted, B: _Tilted, lam: float) -> _Tilted:
        from scipy.signal import fftconvolve

        a, b = A.t, B.t
        c = fftconvolve(a, b)
        nfft = 1 << (len(c) - 1).bit_length()
        # (a_true(1+ra) + ea) * (b_true(1+rb) + eb): the nonnegative a_true * b_true keep a relative part
        # r <= ra + rb + ra rb; the absolute part has ||.||_1 <= ||ea||_1 ||b||_1 + ||a||_1 ||eb||_1 + ||ea||_1 ||eb||_1
        # (Young), plus the FFT error, <= FFT_K u log2(N) ||a||_2 ||b||_2 per output entry.
        rel = A.rel + B.rel + A.rel * B.rel
        err = (A.err * float(np.sum(np.abs(b))) + B.err * float(np.sum(np.abs(a))) + A.err * B.err
               + len(c) * FFT_K * U64 * math.log2(nfft) * float(np.linalg.norm(a)) * float(np.linalg.norm(b)))
        # c[i] sits at grid index i + 2 J_lo; the window J_lo .. J_hi is i = -J_lo .. -J_lo + n - 1
        n = len(a)
        lo_i, hi_i = -self.J_lo, -self.J_lo + n - 1
        win = c[lo_i:hi_i + 1].copy()
        above = c[hi_i + 1:]
        if above.size:
            # clamp partial sums above the window down to its top: tilted weights exp(-lam (l_j - l_hi)) <= 1, so the
            # l1 error does not grow
            win[-1] += float(np.sum(above * np.exp(-lam * np.arange(1, above.size + 1) * self.h)))
        # partial sums below the window are dropped, for P and Q alike: the test set S is {no block sum of the
        # (fixed) binary-powering tree ever fell below the window, and the clamped total >= c}, a set like any other
        s = A.s + B.s
        m = float(np.max(win))
        if not (m > 0 and math.isfinite(m)):
            raise FloatingPointError("tilted pmf lost all mass; widen the window")
        return _Tilted(win / m, s + math.log(m), err / m, rel)

    def _power(self, base: _Tilted, lam: float) -> _Tilted:
        T = self.T
        result = None
        while T:
            if T & 1:
                result = base if result is None else self._conv(result, base, lam)
            T >>= 1
            if T:
                base = self._conv(base, base, lam)
        return result

    # ---------------------------------------------------------------- hockey-stick from the test sets
    def _tails(self):
        """log of [lower estimate of P^T(sum >= l_k)] and [upper estimate of Q^T(sum >= l_k)] for every k."""
        l = self.l

        def parts(X: _Tilted, lam: float):
            with np.errstate(divide="ignore"):
                lt = np.log(np.maximum(X.t, 0.0)) + X.s - lam * l
            logtail = np.logaddexp.accumulate(lt[::-1])[::-1]
            # |error of the tail sum over j >= k| <= ||e||_1 max_{j >= k} exp(s - lam l_j) = err exp(s - lam l_k)
            lerr = np.full_like(l, -np.inf) if X.err == 0 else math.log(X.err) + X.s - lam * l
            return logtail, lerr

        ltP, leP = parts(self.P, self.lam)
        ltQ, leQ = parts(self.Q, self.lamQ)
        with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
            # P lower: (tail - err) / (1 + rel); Q upper: (tail + err) / (1 - rel); the factors 1 -+ 1e-9 cover the
            # float rounding of the sums themselves (nonnegative terms)
            pl = (np.exp(ltP) * (1 - 1e-9) - np.exp(leP)) / (1 + self.P.rel)
            self.logP_lo = np.where(pl > 0, np.log(np.where(pl > 0, pl, 1.0)), -np.inf)
            self.logQ_hi = np.logaddexp(ltQ + math.log1p(1e-9), leQ) - math.log1p(-self.Q.rel)

    def delta_lower(self, eps: float) -> float:
        """max over thresholds c of [P^T(S_c) - e^eps Q^T(S_c)] (lower estimates), clipped at 0."""
        with np.errstate(over="ignore", invalid="ignore"):
            v = np.exp(self.logP_lo) - np.exp(self.logQ_hi + eps)
        v = v[np.isfinite(v)]
        return float(max(0.0, np.max(v))) if v.size else 0.0

    def eps_lower(self, delta: float, rel: float = 1e-9) -> float:
        """An eps_lo with delta_lower(eps_lo) > delta (so the true eps(delta) > eps_lo); 0 if none."""
        if self.delta_lower(0.0) <= delta:
            return 0.0
        lo, hi = 0.0, 1.0
        while self.delta_lower(hi) > delta:
            lo, hi = hi, 2 * hi
            if hi > 1e6:
                return lo
        while hi - lo > rel * max(hi, 1e-12):
            mid = 0.5 * (lo + hi)
            if mid <= lo or mid >= hi:
                break
            if self.delta_lower(mid) > delta:
                lo = mid
            else:
                hi = mid
        return lo


# ======================================================================================================
# the certified bracket (reference.core.accounting.pld), cached per point
# ======================================================================================================

_BRACKETS: dict = {}


def bracket_eps(delta, q, sigma, T):
    """Certified Interval [eps_lo, eps_hi] around the true eps_T(delta) (both directions; PLD bracket)."""
    key = ("eps", float(delta), float(q), float(sigma), int(T))
    if key not in _BRACKETS:
        from reference.core.accounting import dpsgd_epsilon_bracket
        _BRACKETS[key] = dpsgd_epsilon_bracket(q, sigma, T, delta)
    return _BRACKETS[key]


def bracket_delta(eps, q, sigma, T):
    """Certified Interval [delta_lo, delta_hi] around the true delta_T(eps)."""
    key = ("delta", float(eps), float(q), float(sigma), int(T))
    if key not in _BRACKETS:
        from reference.core.accounting import dpsgd_delta_bracket
        _BRACKETS[key] = dpsgd_delta_bracket(q, sigma, T, eps)
    return _BRACKETS[key]


def eps_upper(delta, q, sigma, T) -> float:
    """A certified upper bound on the true eps_T(delta): the exact bracket's hi when known (T = 1 or q = 1), else the
    PLD bracket's upper end."""
    ex = exact_eps(delta, q, sigma, T)
    if ex is not None:
        return ex[1]
    return float(bracket_eps(delta, q, sigma, T).hi)


def truth_lower(q, sigma, T, eps_center, directions=("remove",), **kw) -> list[SgmLowerBound]:
    """Lower-bound objects for the given directions.  Each is a valid lower bound on delta_T = max(remove, add) by
    itself; "remove" alone is the default (on every grid point we checked exactly, T = 1, it is the larger one), and
    the add direction is identically 0 for eps >= -T log(1-q)."""
    out = []
    for d in directions:
        if d == "add" and eps_center >= -T * math.log1p(-q):
            continue
        out.append(SgmLowerBound(q, sigma, T, d, eps_center, **kw))
    return out


def delta_lower(eps, q, sigma, T, **kw) -> float:
    """Lower bound on the true delta_T(eps): exact when T = 1 or q = 1, else the test-set bound."""
    ex = exact_delta(eps, q, sigma, T)
    if ex is not None:
        return ex
    return max(b.delta_lower(eps) for b in truth_lower(q, sigma, T, eps, **kw))


def eps_lower(delta, q, sigma, T, eps_guess=None, **kw) -> float:
    """Lower bound on the true eps_T(delta): the exact bracket's lo when T = 1 or q = 1, else the CERTIFIED PLD
    bracket's lower end (``eps_guess`` is no longer needed; kept for callers)."""
    ex = exact_eps(delta, q, sigma, T)
    if ex is not None:
        return ex[0]
    return float(bracket_eps(delta, q, sigma, T).lo)


def eps_upper_rdp(delta, q, sigma, T) -> float:
    """A certified upper bound on the true eps_T(delta): our RDP route (integer orders 2..256, Arb) or, when known,
    the exact bracket's hi."""
    ex = exact_eps(delta, q, sigma, T)
    if ex is not None:
        return ex[1]
    from reference.core.accounting import dpsgd_epsilon
    return float(dpsgd_epsilon(q, sigma, T, delta, certified=True).hi)


# ======================================================================================================
# exact RDP of the sampled Gaussian at any order (quadrature), for fractional orders
# ======================================================================================================

def sgm_rdp_quad(alpha: float, q: float, sigma: float) -> float:
    """D_alpha(P || Q) of one Poisson-subsampled Gaussian step at any real alpha > 1, by quadrature.

    A_alpha - 1 = E_{x ~ N(0, s^2)}[(1 + u)^alpha - 1 - alpha u],  u = q expm1(z),  z = (2x - 1)/(2 s^2)
    (the subtracted term has mean 0 since E[e^z] = 1); the integrand is >= 0 (convexity), so there is no cancellation
    even for tiny q.  When A_alpha is large (log of the peak integrand > 30) we integrate phi (1 + u)^alpha directly,
    scaled by its peak (log A = peak + log integral), so nothing overflows.  scipy adaptive quadrature (epsrel 1e-12)
    over x in [-40 s - 1, alpha + 40 s + 1], cut at 1/2 and at the peak, in pieces of <= s/2 (at most 200 per part);
    D_alpha = log A_alpha / (alpha - 1).
    """
    from scipy.integrate import quad

    a, s2 = float(alpha), sigma * sigma
    lnorm = math.log(sigma * math.sqrt(2 * math.pi))

    def logf(x):            # log of phi_0(x) (1 + u)^alpha
        z = (2 * x - 1) / (2 * s2)
        lu = math.log1p(q * math.expm1(z)) if z < 700 else math.log(q) + z
        return -x * x / (2 * s2) - lnorm + a * lu

    lo, hi = -40 * sigma - 1, a + 40 * sigma + 1
    xs = [lo + (hi - lo) * k / 4000 for k in range(4001)]
    lv = [logf(x) for x in xs]
    k_pk = max(range(len(xs)), key=lambda k: lv[k])
    peak, x_pk = lv[k_pk], xs[k_pk]
    pts = sorted({lo, 0.5, min(max(x_pk, lo + 1e-3), hi - 1e-3), hi})

    def integrate(f):
        import warnings

        from scipy.integrate import IntegrationWarning
        tot = 0.0
        with warnings.catch_warnings():
            # epsrel 1e-12 sits at float64's limit on some pieces; the values are validated against the Arb integer
            # orders to <= 2e-12 (tests/crosscheck/test_truth.py::test_rdp_quad_matches_integer_orders)
            warnings.simplefilter("ignore", IntegrationWarning)
            tot = _integrate_pieces(f)
        return tot

    def _integrate_pieces(f):
        tot = 0.0
        for x0, x1 in zip(pts[:-1], pts[1:]):
            k = max(1, min(200, int(math.ceil((x1 - x0) / (sigma / 2)))))
            for j in range(k):
                tot += quad(f, x0 + (x1 - x0) * j / k, x0 + (x1 - x0) * (j + 1) / k, epsabs=0, epsrel=1e-12,
                            limit=100)[0]
        return tot

    if peak > 30:                                    # A_alpha >> 1: no cancellation, scale by the peak
        return (peak + math.log(integrate(lambda x: math.exp(logf(x) - peak)))) / (a - 1)

    def g(x):                                        # phi (1+u)^a - phi (1 + a u) >= 0
        z = (2 * x - 1) / (2 * s2)
        u = q * math.expm1(z)
        lphi = -x * x / (2 * s2) - lnorm
        if abs(u) < 1e-4:
            return math.exp(lphi) * u * u * a * (a - 1) / 2 * (1 + (a - 2) * u / 3 + (a - 2) * (a - 3) * u * u / 12)
        return math.exp(lphi + a * math.log1p(u)) - math.exp(lphi) * (1 + a * u)

    return math.log1p(integrate(g)) / (a - 1)


def judge(eps_claim: float, delta: float, q: float, sigma: float, T: int, **kw) -> tuple[float, float, str]:
    """For an accountant's answer eps_claim at delta: (lower bound on the true delta at eps_claim, lower bound on the
    true eps at delta, "exact" | "certified bracket").  eps_claim is an under-estimate (invalid) iff the first >
    delta.  T > 1, q < 1: the lower ends of the certified PLD brackets (dpsgd_delta_bracket at eps_claim,
    dpsgd_epsilon_bracket at delta)."""
    ex = exact_delta(eps_claim, q, sigma, T)
    if ex is not None:
        return ex, exact_eps(delta, q, sigma, T)[0], "exact"
    return (float(bracket_delta(max(eps_claim, 0.0), q, sigma, T).lo), float(bracket_eps(delta, q, sigma, T).lo),
            "certified bracket")
