"""Certified PLD accounting: a bracket [lower, upper] on the TRUE privacy curve of a T-fold composition.

``pld_bracket(pair, T, delta=...)`` / ``dpsgd_epsilon_bracket(q, sigma, T, delta)`` return an :class:`Interval`
[eps_lo, eps_hi] with eps_lo <= eps_T(delta) <= eps_hi, where eps_T(delta) = inf{eps >= 0 : delta_T(eps) <= delta}
and delta_T(eps) = max(H_{e^eps}(P^T || Q^T), H_{e^eps}(Q^T || P^T)) is the exact privacy curve of T adaptive
compositions of a mechanism with dominating pair (P, Q) (add and remove directions; for the Poisson-subsampled
Gaussian P = (1-q) N(0, s^2) + q N(1, s^2), Q = N(0, s^2), Zhu, Dong & Wang 2022).  ``*_delta_bracket`` is the
delta direction.  Nothing is estimated: both ends are proved by the argument below, every step in exact integer or
Arb ball arithmetic.

Proof sketch (the code follows it step by step; names in brackets are the functions)
------------------------------------------------------------------------------------
Notation: L = log(dP/dQ) (the privacy loss, values in [-inf, inf]); f_eps(s) = (1 - e^{eps - s})_+ (f(+inf) = 1);
H_{e^eps}(P||Q) = E_P[f_eps(L)]; for products the losses add, so H(P^T||Q^T) = E[f_eps(L_1 + ... + L_T)], L_t iid.
Lattice l_j = j h, h = 2^-k.  Cells C_j = {l_j <= L < l_{j+1}}, masses P_j = P(C_j), Q_j = Q(C_j) (Arb balls from
closed forms of the pair [DominatingPair.cells]).

UPPER (pessimistic).
 U1 (connect the dots, Doroshenko et al. 2022) [_build_base, FinitePair.upper_weights]: split every point x of C_j into an atom at l_j with
    weight (e^{-L} - e^{-l_{j+1}})/(e^{-l_j} - e^{-l_{j+1}}) and one at l_{j+1} with the complementary weight (both
    in [0, 1]).  The lattice pair (P+, Q+) so obtained has Q+(l) = e^{-l} P+(l) and P+ masses
    a_j = (Q_j e^{l_j} - u P_j)/(1-u) at l_j, b_j = (P_j - Q_j e^{l_j})/(1-u) at l_{j+1} (u = e^{-h}); mapping each
    lattice atom back to the x's it came from is one Markov kernel K with K P+ = P and K Q+ = Q, so (P+, Q+)
    dominates (P, Q) (Blackwell), hence (P+^T, Q+^T) dominates (P^T, Q^T) and H(P^T||Q^T) <= E_{P+^{*T}}[f_eps].
    Tails: L >= l_top is split between l_top and +inf (a P-only atom); L < l_bot keeps its P-mass at l_bot (its
    Q-excess goes to a Q-only atom at -inf, which never counts).
 U2 (monotonicity) f_eps is >= 0 and non-decreasing, and convolution of nonnegative measures is monotone in each
    factor and preserves first-order stochastic dominance.  So E[f_eps(sum)] can only grow if a mass is replaced by
    a larger one (rounding UP) or moved to a larger loss (window clipping to +inf, both tails).
 U3 (exact arithmetic) [_lattice]: masses are Arb balls rounded UP to integers x 2^E; each convolution is an exact
    integer product (Kronecker substitution, FLINT fmpz), then rounded UP; lattice coarsening h -> 2h splits every
    odd point between its even neighbours with the connect-the-dots weights u/(1+u), 1/(1+u) (U1 again) rounded UP.
    The final E[f_eps] = sum_{s > eps} w_s - e^eps sum_{s > eps} w_s e^{-s} + w_inf uses exact integer tails and an
    Arb LOWER bound of sum w_s e^{-s} (arb_poly at e^{-h}).  Every step is U1 or U2, so the result is >= the true
    delta_T(eps).  Composition is repeated squaring (log2 T products).
LOWER (optimistic, a test set).
 L1 For ANY event S: H_{e^eps}(P^T||Q^T) >= P^T(S) - e^eps Q^T(S) (H is a supremum over events).
 L2 [_lower_power] S_c = {statistic >= c}: the statistic is computed from the cell indices of the T losses by a
    FIXED tree (the repeated-squaring tree) of additions, halvings (coarsening: s -> floor(s/2) or ceil(s/2)) and
    window tests (a partial sum outside its window makes the statistic BOTTOM or TOP; neither is in S_c); a
    deterministic function of (x_1..x_T), so L1 applies for every c.  Any statistic value per cell is valid (the
    code uses the cell's left end, or for a wide tail cell the lattice point below its mean loss).
 L3 P^T(S_c) is bounded below by a chain started from P_j rounded DOWN whose convolutions round DOWN and which drops
    the out-of-window mass; Q^T(S_c) above by a chain started from Q_j e^{s_j} rounded UP (stored tilted by e^s,
    which commutes with convolution on the lattice and keeps Q at the scale of P), rounding UP, dropping the same
    out-of-window mass; Q^T(S_c) = sum_{s >= c} Qt(s) e^{-s} by an Arb UPPER bound (arb_poly at e^{-h}).
    eps_lo = max_c log((P^T(S_c) - delta)/Q^T(S_c)) (Arb lower end) has delta_T(eps) > delta for all eps < eps_lo,
    hence eps_T(delta) >= eps_lo.
Tightness (not validity) depends on h: both errors are second order (variance h^2/4 resp. h^2/12 per step), so the
width is ~ C T h^2; ``width``/``rel_width`` steer h (refined until met or ``max_refinements``).
Directions: the true curve is the max of the two directions, so the upper end is the max of the directions'
upper ends and the lower end the max of their lower ends (any one direction gives a valid lower end).

Spec ids: core.acct.pld_bracket, core.acct.dpsgd_epsilon_bracket, core.acct.pld_pairs (specs/core.toml); checks in
proofs_checks/core/accounting_pld.py (exact containment, fault injection), cross-checks in
proofs_checks/crosscheck/xchk_bracket.py, benchmark benchmarks/bench_pld_bracket.py.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

import numpy as np
from flint import arb, arb_poly

from reference.core import validation as V

from . import _lattice as lat
from ._common import (Interval, arb_prec, arb_to_interval, check_int, check_nonneg, check_positive, check_prob_open, check_real,
                      check_sequence, to_arb)

__all__ = ["DominatingPair", "SubsampledGaussianPair", "GaussianPair", "LaplacePair", "FinitePair",
           "randomized_response_pair", "pld_bracket", "pld_bracket_details", "dpsgd_epsilon_bracket",
           "dpsgd_delta_bracket", "BracketDetails"]

PREC = 128                 # Arb precision (bits) of the per-cell masses
_SQRT2 = math.sqrt(2.0)

# Fault injection for the tests of the certification check (never set in production code):
#   "upper_round_down": the pessimistic chain rounds its masses DOWN (and uses very few bits);
#   "upper_optimistic": the pessimistic chain uses the cell masses P_j at l_j (loss rounded DOWN) instead of U1.
_FAULTS: set = set()


# ======================================================================================================
# dominating pairs
# ======================================================================================================

class DominatingPair:
    """A pair (P, Q) of probability laws through the law of its privacy loss L = log dP/dQ.

    Subclasses implement ``tails(v)`` -> (P(v <= L < inf), Q(v <= L < inf), P(L < v), Q(L < v)) as Arb balls
    (each accurate when small), ``p_inf`` (P(L = +inf)), ``swap()`` and float helpers for the heuristics.
    """

    symmetric = False          # H(P||Q) = H(Q||P) as curves (then one direction suffices)
    name = "pair"

    # ---- certified -----------------------------------------------------------------------------
    def tails(self, v: arb):  # pragma: no cover - abstract
        raise NotImplementedError

    def p_inf(self) -> arb:
        return arb(0)

    def cells(self, k: int, bounds: Sequence[int]):
        """Arb masses of the cells with lattice boundaries b_0 < b_1 < ... < b_{m-1} (indices, l = b 2^-k):
        cell i = [l_{b_i}, l_{b_{i+1}}) for i < m-1, the last [l_{b_{m-1}}, inf) (finite losses only).
        Returns (P, Q, P_below, Q_below, P_inf, ev): P_below = P(L < l_{b_0}), ev[i] = e^{l_{b_i}} (balls)."""
        h = arb(2) ** (-k)
        m = len(bounds)
        G = [self.tails(h * b) for b in bounds]
        P, Q = [], []
        for i in range(m):
            gp, gq, hp, hq = G[i]
            if i == m - 1:
                P.append(gp)
                Q.append(gq)
                continue
            gp1, gq1, hp1, hq1 = G[i + 1]
            P.append(gp - gp1 if gp1 < 0.5 else hp1 - hp)
            Q.append(gq - gq1 if gq1 < 0.5 else hq1 - hq)
        ev = [(h * b).exp() for b in bounds]
        return P, Q, G[0][2], G[0][3], self.p_inf(), ev

    # ---- float heuristics (never used in a bound) ------------------------------------------------
    def tails_f(self, v: np.ndarray):  # pragma: no cover - abstract
        raise NotImplementedError

    def support_f(self) -> tuple[float, float]:
        return -math.inf, math.inf

    def range_f(self, tau: float) -> tuple[float, float]:
        """(l_lo, l_hi) with P(L < l_lo) <~ tau and P(l_hi <= L < inf) <~ tau (float bisection on tails_f)."""
        lo_s, hi_s = self.support_f()

        def gp(v):
            return float(self.tails_f(np.array([v]))[0][0])

        def hp(v):
            return float(self.tails_f(np.array([v]))[2][0])

        if math.isfinite(hi_s):
            l_hi = hi_s
        else:
            a, b = 0.0, 1.0
            while gp(b) > tau and b < 1e6:
                a, b = b, 2 * b
            for _ in range(60):
                m = 0.5 * (a + b)
                if gp(m) > tau:
                    a = m
                else:
                    b = m
            l_hi = b
        if math.isfinite(lo_s):
            l_lo = lo_s
        else:
            a, b = 0.0, -1.0
            while hp(b) > tau and b > -1e6:
                a, b = b, 2 * b
            for _ in range(60):
                m = 0.5 * (a + b)
                if hp(m) > tau:
                    a = m
                else:
                    b = m
            l_lo = b
        return l_lo, l_hi

    def moments_f(self) -> tuple[float, float]:
        """(mean, sd) of L under P (float, from the tails on a fine grid; atoms included)."""
        lo, hi = self.range_f(1e-14)
        pad = 0.01 * (hi - lo) + 1e-9
        grid = np.linspace(lo - pad, hi + pad, 20001)
        gp = np.asarray(self.tails_f(grid)[0], float)
        w = np.maximum(-np.diff(gp), 0.0)
        mid = 0.5 * (grid[1:] + grid[:-1])
        tot = w.sum()
        if not tot > 0:
            return 0.0, 0.0
        m = float((w * mid).sum() / tot)
        v = float((w * (mid - m) ** 2).sum() / tot)
        return m, math.sqrt(max(v, 0.0))

    def swap(self) -> "DominatingPair":  # pragma: no cover - abstract
        raise NotImplementedError


def _Phi_bar(y: arb) -> arb:
    return (y / arb(2).sqrt()).erfc() / 2


def _Phi(y: arb) -> arb:
    return (-y / arb(2).sqrt()).erfc() / 2


class SubsampledGaussianPair(DominatingPair):
    """Poisson-subsampled Gaussian mechanism (rate q, noise sigma, sensitivity Delta), one direction:
    "remove": P = (1-q) N(0, s^2) + q N(Delta, s^2), Q = N(0, s^2); "add": the swap (Q, P).
    L(x) = log(1 - q + q exp((2 x Delta - Delta^2)/(2 s^2))) (remove) is increasing in x, so {L >= v} = {x >= x*(v)}
    with x*(v) = s^2 log((e^v - 1 + q)/q)/Delta + Delta/2, and the cell masses are differences of normal CDFs.
    q = 1 is the Gaussian mechanism (symmetric)."""

    def __init__(self, q, sigma, sensitivity=1, direction: str = "remove"):
        self.q = check_real("q", q, lo=0, hi=1, lo_open=True)
        self.sigma = check_positive("sigma", sigma)
        self.sens = check_positive("sensitivity", sensitivity)
        V.choice("direction", direction, ("remove", "add"))
        self.direction = direction
        self.symmetric = self.q == 1
        self.name = f"SGM(q={q}, sigma={sigma}, {direction})"

    def swap(self):
        return SubsampledGaussianPair(self.q, self.sigma, self.sens, "add" if self.direction == "remove" else "remove")

    def _consts(self):
        """Arb constants at the current precision (cached per precision)."""
        import flint
        prec = flint.ctx.prec
        c = getattr(self, "_cache", None)
        if c is None or c[0] != prec:
            q, s, D = to_arb(self.q), to_arb(self.sigma), to_arb(self.sens)
            c = (prec, q, s, D, s * s / D, D / 2, 1 / (s * arb(2).sqrt()), D / (s * arb(2).sqrt()), 1 - q)
            self._cache = c
        return c

    # x*(v) for the remove loss; None if L >= v everywhere (v <= log(1-q))
    def _xstar(self, v: arb):
        _, q, s, D, s2D, D2, _, _, _ = self._consts()
        if self.q == 1:
            return s2D * v + D2
        arg = (v.expm1() + q) / q
        if not (arg > 0):
            if arg <= 0:
                return None
            raise ArithmeticError("x*(v): sign of e^v - 1 + q undecided; raise the precision")
        return s2D * arg.log() + D2

    @staticmethod
    def _both(z: arb):
        """(Phi_bar, Phi) at y = z sqrt(2) from ONE erfc: the small one directly, the other as 1 - it."""
        if z > 0:
            g = z.erfc() / 2
            return g, 1 - g
        h = (-z).erfc() / 2
        return 1 - h, h

    def _mix_tail(self, x: arb):
        """(P_mix(X >= x), N0(X >= x), P_mix(X < x), N0(X < x))."""
        _, q, _, _, _, _, inv_s2, D_s2, one_m_q = self._consts()
        z0 = x * inv_s2
        g0, h0 = self._both(z0)
        if self.q == 1:
            g1, h1 = self._both(z0 - D_s2)
            return g1, g0, h1, h0
        g1, h1 = self._both(z0 - D_s2)
        return one_m_q * g0 + q * g1, g0, one_m_q * h0 + q * h1, h0

    def tails(self, v: arb):
        one, zero = arb(1), arb(0)
        if self.direction == "remove":
            x = self._xstar(v)
            if x is None:
                return one, one, zero, zero
            return self._mix_tail(x)
        # add: L' = -L(X), P' = N0, Q' = mix: {L' >= v} = {L(X) <= -v} = {X <= x*(-v)}
        x = self._xstar(-v)
        if x is None:
            return zero, zero, one, one
        gm, g0, hm, h0 = self._mix_tail(x)
        return h0, hm, g0, gm

    # ---- floats ----
    def _xstar_f(self, v):
        q, s, D = self.q, self.sigma, self.sens
        v = np.asarray(v, float)
        if q == 1:
            return s * s * v / D + D / 2
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            arg = (np.expm1(v) + q) / q
            x = np.where(arg > 0, s * s * np.log(np.where(arg > 0, arg, 1.0)) / D + D / 2, -np.inf)
        return x

    def tails_f(self, v):
        from scipy.special import ndtr
        q, s, D = self.q, self.sigma, self.sens
        v = np.asarray(v, float)
        if self.direction == "remove":
            x = self._xstar_f(v)
            g0, g1 = ndtr(-x / s), ndtr(-(x - D) / s)
            h0, h1 = ndtr(x / s), ndtr((x - D) / s)
            return (1 - q) * g0 + q * g1, g0, (1 - q) * h0 + q * h1, h0
        x = self._xstar_f(-v)
        g0, g1 = ndtr(-x / s), ndtr(-(x - D) / s)
        h0, h1 = ndtr(x / s), ndtr((x - D) / s)
        return h0, (1 - q) * h0 + q * h1, g0, (1 - q) * g0 + q * g1

    def support_f(self):
        if self.q == 1:
            return -math.inf, math.inf
        b = math.log1p(-self.q)
        return (b, math.inf) if self.direction == "remove" else (-math.inf, -b)


def GaussianPair(sigma, sensitivity=1) -> SubsampledGaussianPair:
    """The Gaussian mechanism N(Delta, s^2) vs N(0, s^2) (symmetric)."""
    return SubsampledGaussianPair(1, sigma, sensitivity, "remove")


class LaplacePair(DominatingPair):
    """Laplace mechanism: P = Lap(Delta, b), Q = Lap(0, b); e0 = Delta/b.  L = -e0 on x <= 0 (P-mass e^{-e0}/2),
    (2x - Delta)/b on (0, Delta), e0 on x >= Delta (P-mass 1/2).  Symmetric (reflection x -> Delta - x).
    P(L >= v) = 1 - e^{-(e0 - v)/2}/2 and Q(L >= v) = e^{-(e0 + v)/2}/2 for v in (-e0, e0]."""

    symmetric = True

    def __init__(self, b, sensitivity=1):
        self.b = check_positive("b", b)
        self.sens = check_positive("sensitivity", sensitivity)
        self.name = f"Laplace(b={b}, Delta={sensitivity})"

    def swap(self):
        return self

    def _e0(self):
        return to_arb(self.sens) / to_arb(self.b)

    def tails(self, v: arb):
        e0 = self._e0()
        one, zero = arb(1), arb(0)
        if v > e0:
            return zero, zero, one, one
        if v <= -e0:
            return one, one, zero, zero
        if not (v > -e0 and v <= e0):
            raise ArithmeticError("Laplace tails: v too close to +-e0; raise the precision")
        a = (-(e0 - v) / 2).exp() / 2
        c = (-(e0 + v) / 2).exp() / 2
        return 1 - a, c, a, 1 - c

    def tails_f(self, v):
        e0 = self.sens / self.b
        v = np.asarray(v, float)
        a = np.exp(-(e0 - v) / 2) / 2
        c = np.exp(-(e0 + v) / 2) / 2
        gp = np.where(v > e0, 0.0, np.where(v <= -e0, 1.0, 1 - a))
        gq = np.where(v > e0, 0.0, np.where(v <= -e0, 1.0, c))
        return gp, gq, 1 - gp, 1 - gq

    def support_f(self):
        e0 = self.sens / self.b
        return -e0, e0


class FinitePair(DominatingPair):
    """Distributions on a common finite set (the objects of ``hockey_stick_finite``): P = (p_i), Q = (q_i).

    Entries may be ints, Fractions, floats (taken exactly) or callables ``prec -> arb`` (e.g. irrational masses)."""

    def __init__(self, p: Sequence, q: Sequence, *, name: str = "finite", _swapped=None):
        p = check_sequence("p", p)
        q = check_sequence("q", q)
        if len(p) != len(q):
            raise ValueError(f"q must have the same length as p ({len(p)}), got {len(q)}")
        for nm, xs in (("p", p), ("q", q)):
            for i, x in enumerate(xs):
                if not callable(x):
                    check_real(f"{nm}[{i}]", x, lo=0, hi=1)
        self.p, self.q = list(p), list(q)
        self.name = name
        with arb_prec(PREC):
            sp = sum((self._ball(x) for x in self.p), arb(0))
            sq = sum((self._ball(x) for x in self.q), arb(0))
        for nm, s in (("p", sp), ("q", sq)):
            if not s.overlaps(arb(1)) or abs(float(s.mid()) - 1) > 1e-9:
                raise ValueError(f"{nm} must sum to 1 (within 1e-9), got {float(s.mid())!r}")
        self.symmetric = False

    @staticmethod
    def _ball(x) -> arb:
        if callable(x):
            return x()
        return to_arb(Fraction(x) if isinstance(x, float) else x)

    def swap(self):
        return FinitePair(self.q, self.p, name=self.name + " (swapped)")

    def _atoms(self):
        return [(self._ball(a), self._ball(b)) for a, b in zip(self.p, self.q)]

    def _loss_bracket(self, i_atom: int, k: int):
        """(a, b) lattice indices with l_a <= L_i <= l_b certified and b - a <= 1 when decidable (a == b - 1 also
        when L_i is a lattice point up to 2^-512); None for L = -inf (p = 0), "inf" for L = +inf (q = 0)."""
        prec = PREC
        while True:
            with arb_prec(prec):
                pb, qb = self._ball(self.p[i_atom]), self._ball(self.q[i_atom])
                if pb == 0:
                    return None
                if qb == 0:
                    return "inf"
                if pb > 0 and qb > 0:
                    t = (pb / qb).log() * (arb(2) ** k)
                    lo = int(t.lower().floor().unique_fmpz())
                    hi = int(t.upper().floor().unique_fmpz())
                    if lo == hi:
                        return lo, lo + 1
                    if prec >= 512:
                        return lo, hi + 1
            prec *= 2

    def cells(self, k: int, bounds: Sequence[int]):
        import bisect
        m = len(bounds)
        P = [arb(0)] * m
        Q = [arb(0)] * m
        P_below, Q_below, P_inf = arb(0), arb(0), arb(0)
        for i_atom in range(len(self.p)):
            pa, qa = self._ball(self.p[i_atom]), self._ball(self.q[i_atom])
            if pa == 0 and qa == 0:
                continue
            j = self._loss_bracket(i_atom, k)
            if j not in (None, "inf"):
                j = j[0] if j[0] >= bounds[0] else min(j[1], bounds[0])   # any assignment is valid (lower chains)
            if j is None:          # L = -inf (p = 0): Q-only
                Q_below += qa
                continue
            if j == "inf":
                P_inf += pa
                continue
            c = bisect.bisect_right(bounds, j) - 1      # bounds[c] <= j < bounds[c+1]
            if c < 0:
                P_below += pa
                Q_below += qa
            else:
                P[c] += pa
                Q[c] += qa
        h = arb(2) ** (-k)
        ev = [(h * b).exp() for b in bounds]
        return P, Q, P_below, Q_below, P_inf, ev

    def upper_weights(self, k: int, J_lo: int, J_hi: int):
        """U1 per atom: split (p_i, q_i) between l_a <= L_i <= l_b with weights (q e^{l_a} - u p)/(1 - u) and
        (p - q e^{l_a})/(1 - u), u = e^{-(l_b - l_a)} (P and Q masses preserved).  Atoms beyond the range are
        moved to its ends as in U1 (below: P-mass to l_{J_lo}; above: split between l_{J_hi} and +inf).
        Returns (list of n = J_hi - J_lo + 1 balls, +inf ball)."""
        n = J_hi - J_lo + 1
        w = [arb(0)] * n
        inf = arb(0)
        h = arb(2) ** (-k)
        for i_atom in range(len(self.p)):
            pa, qa = self._ball(self.p[i_atom]), self._ball(self.q[i_atom])
            br = self._loss_bracket(i_atom, k)
            if br is None:
                continue
            if br == "inf":
                inf += pa
                continue
            a, b = br
            if b <= J_lo:                       # L <= l_{J_lo}: P-mass up to l_{J_lo}
                w[0] += pa
                continue
            if a >= J_hi:                       # L >= l_{J_hi}: split between l_{J_hi} and +inf
                r = qa * (h * J_hi).exp()
                w[n - 1] += r
                inf += (pa - r).nonnegative_part()
                continue
            if a < J_lo:                        # straddles the bottom (not certified inside): P-mass up to l_b
                w[b - J_lo] += pa
                continue
            if b > J_hi:                        # straddles the top: P-mass to +inf
                inf += pa
                continue
            u = (-(h * (b - a))).exp()
            r = qa * (h * a).exp()
            w[a - J_lo] += ((r - u * pa) / (1 - u)).nonnegative_part()
            w[b - J_lo] += ((pa - r) / (1 - u)).nonnegative_part()
        return w, inf

    def _losses_f(self):
        out = []
        for a, b in zip(self.p, self.q):
            pa, qa = float(self._ball(a).mid()), float(self._ball(b).mid())
            out.append((pa, qa))
        return out

    def tails_f(self, v):
        v = np.asarray(v, float)
        gp, gq = np.zeros_like(v), np.zeros_like(v)
        for pa, qa in self._losses_f():
            if pa == 0 or qa == 0:
                continue
            lv = math.log(pa / qa)
            gp += np.where(lv >= v, pa, 0.0)
            gq += np.where(lv >= v, qa, 0.0)
        tp = sum(pa for pa, qa in self._losses_f() if pa > 0 and qa > 0)
        tq = sum(qa for pa, qa in self._losses_f() if pa > 0 and qa > 0)
        return gp, gq, tp - gp, tq - gq

    def support_f(self):
        ls = [math.log(pa / qa) for pa, qa in self._losses_f() if pa > 0 and qa > 0]
        return (min(ls), max(ls)) if ls else (0.0, 0.0)

    def p_inf(self):
        with arb_prec(PREC):
            return sum((self._ball(a) for a, b in zip(self.p, self.q) if self._ball(b) == 0), arb(0))


def randomized_response_pair(epsilon) -> FinitePair:
    """Binary randomized response with parameter eps0: P = (e^eps0, 1)/(1 + e^eps0), Q = (1, e^eps0)/(1 + e^eps0)."""
    e0 = check_nonneg("epsilon", epsilon)
    ea = lambda: to_arb(e0).exp()  # noqa: E731 - evaluated at the current Arb precision
    hi = lambda: ea() / (1 + ea())  # noqa: E731
    lo = lambda: 1 / (1 + ea())  # noqa: E731
    pr = FinitePair([hi, lo], [lo, hi], name=f"RR(eps={epsilon})")
    pr.symmetric = True
    return pr


# ======================================================================================================
# base measures (one step)
# ======================================================================================================

def _to_fixed(vals: list, K: int, up: bool) -> tuple[np.ndarray, int]:
    """Nonnegative Arb balls -> (A, E) with A_i 2^E >= upper(v_i) (up) or <= max(lower(v_i), 0); A_i < 2^(K+1)."""
    ups = [v.upper() if up else v.lower() for v in vals]
    mx = max((float(u) for u in ups), default=0.0)
    if not mx > 0:
        return np.zeros((len(vals), lat.limbs_for(K + 1)), dtype=np.uint64), 0
    E = math.frexp(mx)[1] - K              # mx < 2^(E + K)
    scale = arb(2) ** (-E)
    ints = []
    for u in ups:
        x = u * scale
        if up:
            v = int(x.ceil().unique_fmpz())
        else:
            v = int(x.floor().unique_fmpz()) if x > 0 else 0
        ints.append(max(v, 0))
    L = lat.limbs_for(max(K + 1, max(ints).bit_length()))
    return lat.ints_to_limbs(ints, L), E


def _dyadic_up(x: Fraction, bits: int = 64) -> Fraction:
    """The smallest m 2^e >= x with an m of at most ``bits`` bits (x >= 0 dyadic or not): keeps the +inf masses
    small numbers while staying upper bounds."""
    if x <= 0:
        return Fraction(0)
    n, d = x.numerator, x.denominator
    # x <= ceil(n 2^s / d) 2^-s with s chosen so that the quotient has ~bits bits
    s = bits - (n.bit_length() - d.bit_length()) + 1
    if s >= 0:
        m = -((-n << s) // d)
        return Fraction(m, 1 << s)
    m = -((-n) // (d << -s))
    return Fraction(m << -s)


def _arb_upper_frac(x: arb) -> Fraction:
    """The upper end of a ball as an exact Fraction (>= every point of the ball)."""
    if not x.is_finite():
        raise ArithmeticError("non-finite ball")
    man, ex = x.upper().man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(ex)


@dataclass
class _Base:
    upper: lat.Measure
    lowP: lat.Measure
    lowQ: lat.Measure
    cells_time: float
    n_cells: int = 0


def _fine_masses_f(pair: DominatingPair, k: int, J_lo: int, J_hi: int):
    """Float P-masses of the fine cells [l_j, l_{j+1}) and their left ends (heuristics only)."""
    h = 2.0 ** (-k)
    idx = np.arange(J_lo, J_hi + 1)
    gp = np.asarray(pair.tails_f(idx * h)[0], float)
    gp = np.minimum.accumulate(np.nan_to_num(gp, nan=0.0))          # non-increasing
    return gp, np.maximum(gp[:-1] - gp[1:], 0.0), idx[:-1] * h


def _saddle_lambda(pair: DominatingPair, k: int, J_lo: int, J_hi: int, T: int, delta=None, eps=None) -> float:
    """Saddle-point tilt lambda >= 0 of the T-fold loss at the target (float heuristic): with the one-step cumulant
    K(l) = log E_P e^{l L}, eps = T K'(l) (given eps) or T (K(l) - l K'(l)) = log delta (given delta)."""
    _, p, l = _fine_masses_f(pair, k, J_lo, J_hi)
    keep = p > 0
    p, l = p[keep], l[keep]
    if p.size < 2:
        return 0.0
    lp = np.log(p)

    def KK(lam):
        w = lp + lam * l
        m = w.max()
        e = np.exp(w - m)
        s0 = e.sum()
        return m + math.log(s0), float((e * l).sum() / s0)

    def f(lam):
        K_, K1 = KK(lam)
        return T * K1 - eps if eps is not None else T * (K_ - lam * K1) - math.log(delta)

    lo, hi = 0.0, 1.0
    if f(0.0) >= 0 if eps is not None else f(0.0) <= 0:
        return 0.0
    while (f(hi) < 0 if eps is not None else f(hi) > 0) and hi < 1e4:
        lo, hi = hi, 2 * hi
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if (f(mid) < 0) if eps is not None else (f(mid) > 0):
            lo = mid
        else:
            hi = mid
    return hi


def _cell_bounds(pair: DominatingPair, k: int, J_lo: int, J_hi: int, lam: float = 0.0,
                 gamma: float = 1 / 16) -> list[int]:
    """Lattice boundaries of the one-step cells (a heuristic; any choice is valid): width h 2^m, aligned to
    multiples of 2^m, the largest m with P_lam(cell) (2^m)^2 <= gamma max_j P_lam(fine cell j), where P_lam is the
    P-mass tilted by e^{lam l} (lam the saddle point of the target): coarse where the tilted mass is small.
    Float estimates only."""
    gp, fine, l = _fine_masses_f(pair, k, J_lo, J_hi)
    if not fine.size or not fine.max() > 0:
        return list(range(J_lo, J_hi + 1))
    with np.errstate(divide="ignore"):
        lw = np.log(fine) + lam * l
    lmax = float(np.max(lw))
    wt = np.exp(lw - lmax)                   # tilted fine masses, max 1
    cw = np.concatenate([[0.0], np.cumsum(wt)])
    eta = gamma
    bounds = []
    j = J_lo
    while j < J_hi:
        bounds.append(j)
        m = 0
        while m < 20:
            w = 1 << (m + 1)
            if j % w or j + w > J_hi:
                break
            if (cw[j + w - J_lo] - cw[j - J_lo]) * w * w > eta:
                break
            m += 1
        j += 1 << m
    bounds.append(J_hi)
    return bounds


def _build_base(pair: DominatingPair, k: int, J_lo: int, J_hi: int, K: int, lam: float = 0.0) -> _Base:
    """One-step measures on the lattice J_lo..J_hi: the pessimistic (U1) masses and the two lower-chain masses."""
    t0 = time.perf_counter()
    bounds = _cell_bounds(pair, k, J_lo, J_hi, lam) if "fine_cells" not in _FAULTS else list(range(J_lo, J_hi + 1))
    n = J_hi - J_lo + 1
    with arb_prec(PREC):
        P, Q, P_below, Q_below, P_inf, ev = pair.cells(k, bounds)
        m = len(bounds)
        h = arb(2) ** (-k)
        w = [arb(0)] * n
        inf = P_inf
        if hasattr(pair, "upper_weights") and "upper_optimistic" not in _FAULTS:   # atoms: U1 per atom
            w, inf = pair.upper_weights(k, J_lo, J_hi)
        elif "upper_optimistic" in _FAULTS:      # deliberately wrong: loss rounded DOWN (cell mass at its left end)
            for i in range(m):
                w[bounds[i] - J_lo] += P[i]
            w[0] += P_below
        else:
            for i in range(m - 1):               # U1: split cell i between its end points
                u = (-(h * (bounds[i + 1] - bounds[i]))).exp()
                r = Q[i] * ev[i]                 # Q_i e^{l_i} in [u P_i, P_i]
                w[bounds[i] - J_lo] += ((r - u * P[i]) / (1 - u)).nonnegative_part()
                w[bounds[i + 1] - J_lo] += ((P[i] - r) / (1 - u)).nonnegative_part()
            r = Q[m - 1] * ev[m - 1]             # top cell [l_top, inf): l_top and +inf
            w[n - 1] += r
            inf = inf + (P[m - 1] - r).nonnegative_part()
            w[0] += P_below                      # bottom: P-mass of L < l_bot to l_bot
        up_mode = "upper_round_down" not in _FAULTS
        A, E = _to_fixed(w, 10 if not up_mode else K, up_mode)
        inf_f = Fraction(0)
        if inf != 0:
            man, ex = inf.upper().man_exp()
            inf_f = _dyadic_up(Fraction(int(man)) * Fraction(2) ** int(ex))
        upper = lat.Measure(A, E, J_lo, k, inf_f)
        # lower chains: cell i is the statistic value bounds[i]; P rounded down, Q tilted by e^{l} and rounded up
        # (the statistic value of cell i: its left end, or for a wide cell the lattice point below its mean loss
        #  log(P_i/Q_i); any choice is valid (L2): a constant offset is absorbed by the threshold c, and the mean
        #  loss keeps the error second order for wide cells)
        zero = arb(0)
        Pl, Ql = [zero] * n, [zero] * n
        hf = 2.0 ** (-k)
        for i in range(m):
            j = bounds[i]
            hi_j = (bounds[i + 1] - 1) if i + 1 < m else J_hi
            pm, qm = float(P[i].mid()), float(Q[i].mid())
            if hi_j > j and pm > 0 and qm > 0:   # wide cell: the lattice point below its mean loss, inside it
                j = min(max(int(math.floor(math.log(pm / qm) / hf)), j), hi_j)
            Pl[j - J_lo] += P[i]
            Ql[j - J_lo] += Q[i] * (h * j).exp()
        AP, EP = _to_fixed(Pl, K, False)
        AQ, EQ = _to_fixed(Ql, K, True)
    return _Base(upper, lat.Measure(AP, EP, J_lo, k), lat.Measure(AQ, EQ, J_lo, k, tilt=1),
                 time.perf_counter() - t0, m)


# ======================================================================================================
# composition
# ======================================================================================================

@dataclass
class _Plan:
    K: int                   # bits per entry
    tau_abs: float           # truncation budget per unit multiplicity (absolute mass)
    T: int
    k0: int                  # base lattice exponent (h0 = 2^-k0)
    rho: float = 0.35        # coarsen while 2 h <= rho h0 sqrt(n)
    n_soft: int = 1 << 20    # force coarsening above this window length
    stats: dict = field(default_factory=dict)


def _window(C: np.ndarray, tau_rel: float) -> tuple[int, int]:
    """[lo, hi) such that the (approximate) relative mass below lo and above hi is <= tau_rel each."""
    v, _ = lat.approx(C)
    tot = float(v.sum())
    n = len(v)
    if not tot > 0:
        return 0, n
    cl = np.cumsum(v) / tot
    cr = np.cumsum(v[::-1]) / tot
    lo = int(np.searchsorted(cl, tau_rel, side="right"))      # cl[lo-1] <= tau_rel
    hi = n - int(np.searchsorted(cr, tau_rel, side="right"))
    lo = min(lo, n - 1)
    hi = max(hi, lo + 1)
    return lo, hi


def _node_tau(plan: _Plan, nsteps: int) -> float:
    """Absolute truncation allowed at a node of ``nsteps`` steps (its multiplicity in the result is <= T/nsteps)."""
    return plan.tau_abs * nsteps / plan.T


def _mul_upper(a: lat.Measure, b: lat.Measure | None, nsteps: int, plan: _Plan) -> lat.Measure:
    """(a * b) rounded UP; clipped mass (both tails) to +inf; b None = square."""
    bb = a if b is None else b
    assert a.k == bb.k
    C = lat.convolve_exact(a.A, None if b is None else b.A)
    E = a.E + bb.E
    ma, mb = a.finite_mass(), (a.finite_mass() if b is None else bb.finite_mass())
    inf = a.inf * mb + bb.inf * ma + a.inf * bb.inf
    lo, hi = _window(C, _node_tau(plan, nsteps))
    clipped = lat.exact_sum(C[:lo]) + lat.exact_sum(C[hi:])
    if clipped:
        inf += Fraction(clipped) * Fraction(2) ** E
    inf = _dyadic_up(inf)
    up = "upper_round_down" not in _FAULTS
    A, E2 = lat.normalize(C[lo:hi], E, 10 if not up else plan.K, up)
    plan.stats["max_n"] = max(plan.stats.get("max_n", 0), C.shape[0])
    return lat.Measure(A, E2, a.j0 + bb.j0 + lo, a.k, inf)


def _mul_lower(aP, aQ, bP, bQ, nsteps: int, plan: _Plan):
    """Lockstep products of the lower chains with the SAME window (part of the definition of S: a partial sum
    outside its window makes the statistic BOTTOM or TOP, neither of which is in S).  P: untilted, rounded DOWN;
    Q: tilted by e^s (exact under convolution), rounded UP; both drop the out-of-window mass."""
    square = bP is None
    bPP = aP if square else bP
    CP = lat.convolve_exact(aP.A, None if square else bP.A)
    CQ = lat.convolve_exact(aQ.A, None if square else bQ.A)
    EP, EQ = aP.E + bPP.E, aQ.E + (aQ if square else bQ).E
    j0 = aP.j0 + bPP.j0
    lo, hi = _window(CP, _node_tau(plan, nsteps))
    AP, EP2 = lat.normalize(CP[lo:hi], EP, plan.K, False)
    AQ, EQ2 = lat.normalize(CQ[lo:hi], EQ, plan.K, True)
    plan.stats["max_n"] = max(plan.stats.get("max_n", 0), CP.shape[0])
    return lat.Measure(AP, EP2, j0 + lo, aP.k), lat.Measure(AQ, EQ2, j0 + lo, aQ.k, tilt=1)


def _coarsen_upper(m: lat.Measure, plan: _Plan) -> lat.Measure:
    """Lattice 2^-k -> 2^-(k-1): odd points split by connect-the-dots (u/(1+u) down, 1/(1+u) up), rounded UP."""
    R = plan.K + 64
    with arb_prec(R + 64):
        u = (-(arb(2) ** (-m.k))).exp()
        c_lo = (u / (1 + u) * arb(2) ** R).upper().ceil()
        c_hi = (1 / (1 + u) * arb(2) ** R).upper().ceil()
    c_lo, c_hi = int(c_lo.unique_fmpz()), int(c_hi.unique_fmpz())
    vals = np.array(lat.limbs_to_ints(m.A), dtype=object)
    j = m.j0 + np.arange(m.n)
    new_lo = m.j0 // 2
    new_hi = (m.j0 + m.n) // 2            # (j+1)//2 for the last odd point
    out = np.zeros(new_hi - new_lo + 1, dtype=object)
    even = (j % 2) == 0
    je, jo = j[even], j[~even]
    np.add.at(out, je // 2 - new_lo, vals[even] * (1 << R))
    vo = vals[~even]
    np.add.at(out, (jo - 1) // 2 - new_lo, vo * c_lo)
    np.add.at(out, (jo + 1) // 2 - new_lo, vo * c_hi)
    ints = [int(x) for x in out]
    L = lat.limbs_for(max(1, max(ints).bit_length()))
    C = lat.ints_to_limbs(ints, L)
    A, E = lat.normalize(C, m.E - R, plan.K, True)
    return lat.Measure(A, E, new_lo, m.k - 1, m.inf)


def _coarsen_lower(P: lat.Measure, Q: lat.Measure, plan: _Plan):
    """Statistic s -> floor(s/2) (or ceil(s/2): the direction alternates with each coarsening so that the rounding
    does not drift) for both lower chains (merging; a deterministic map, part of the definition of S).  P: exact
    sums.  Q (tilted): the odd point s = 2c + r (r = +-1) lands on c with e^{2hc - s h} Qt(s) = e^{-r h} Qt(s), the
    factor rounded UP."""
    R = plan.K + 64
    up_merge = plan.stats.get("coarsen_lower", 0) % 2 == 1      # ceil on odd-numbered coarsenings
    plan.stats["coarsen_lower"] = plan.stats.get("coarsen_lower", 0) + 1
    r = -1 if up_merge else 1                                    # odd s = 2c + r
    with arb_prec(R + 64):
        c_q = int((((-(arb(r) * arb(2) ** (-Q.k))).exp()) * arb(2) ** R).upper().ceil().unique_fmpz())
    out = []
    for m, up in ((P, False), (Q, True)):
        vals = np.array(lat.limbs_to_ints(m.A), dtype=object)
        j = m.j0 + np.arange(m.n)
        tgt = -((-j) // 2) if up_merge else j // 2               # ceil(j/2) or floor(j/2)
        new_lo, new_hi = int(tgt.min()), int(tgt.max())
        acc = np.zeros(new_hi - new_lo + 1, dtype=object)
        if m.tilt:
            even = (j % 2) == 0
            np.add.at(acc, tgt[even] - new_lo, vals[even] * (1 << R))
            np.add.at(acc, tgt[~even] - new_lo, vals[~even] * c_q)
            E0 = m.E - R
        else:
            np.add.at(acc, tgt - new_lo, vals)
            E0 = m.E
        ints = [int(x) for x in acc]
        L = lat.limbs_for(max(1, max(ints).bit_length()))
        A, E = lat.normalize(lat.ints_to_limbs(ints, L), E0, plan.K, up)
        out.append(lat.Measure(A, E, new_lo, m.k - 1, tilt=m.tilt))
    return out[0], out[1]


def _want_coarser(k: int, nsteps: int, plan: _Plan, n_len: int) -> bool:
    h = 2.0 ** (-k)
    h0 = 2.0 ** (-plan.k0)
    return 2 * h <= plan.rho * h0 * math.sqrt(nsteps) or n_len > plan.n_soft


def _upper_power(base: lat.Measure, plan: _Plan) -> lat.Measure:
    T = plan.T
    res, res_n = None, 0
    cur, cur_n = base, 1
    while True:
        if T & 1:
            if res is None:
                res, res_n = cur, cur_n
            else:
                while res.k > cur.k:
                    res = _coarsen_upper(res, plan)
                while cur.k > res.k:  # pragma: no cover - res is never coarser than cur
                    cur = _coarsen_upper(cur, plan)
                res = _mul_upper(res, cur, res_n + cur_n, plan)
                res_n += cur_n
        T >>= 1
        if not T:
            return res
        cur = _mul_upper(cur, None, 2 * cur_n, plan)
        cur_n *= 2
        while _want_coarser(cur.k, cur_n, plan, cur.n):
            cur = _coarsen_upper(cur, plan)
            plan.stats["coarsen"] = plan.stats.get("coarsen", 0) + 1


def _lower_power(P: lat.Measure, Q: lat.Measure, plan: _Plan):
    T = plan.T
    rP = rQ = None
    res_n = 0
    cP, cQ, cur_n = P, Q, 1
    while True:
        if T & 1:
            if rP is None:
                rP, rQ, res_n = cP, cQ, cur_n
            else:
                while rP.k > cP.k:
                    rP, rQ = _coarsen_lower(rP, rQ, plan)
                rP, rQ = _mul_lower(rP, rQ, cP, cQ, res_n + cur_n, plan)
                res_n += cur_n
        T >>= 1
        if not T:
            return rP, rQ
        cP, cQ = _mul_lower(cP, cQ, None, None, 2 * cur_n, plan)
        cur_n *= 2
        while _want_coarser(cP.k, cur_n, plan, cP.n):
            cP, cQ = _coarsen_lower(cP, cQ, plan)


# ======================================================================================================
# evaluation of the final measures
# ======================================================================================================

def _frac_to_arb_upper(x: Fraction) -> arb:
    return arb(x.numerator) / arb(x.denominator) if x else arb(0)


class _UpperCurve:
    """delta+(eps) = sum_{s_j > eps} w_j (1 - e^{eps - s_j}) + w_inf for the final upper measure (certified)."""

    def __init__(self, m: lat.Measure):
        self.m = m
        self.h = 2.0 ** (-m.k)
        self.s = (m.j0 + np.arange(m.n)) * self.h
        v, e = lat.approx(m.A)
        self.wf = np.ldexp(v, e + m.E)
        self.inf_f = float(m.inf)
        # float tails for the search: TA_j = sum_{i >= j} w_i, TB_j = sum_{i >= j} w_i e^{-(s_i - s_j)}
        self.TA = np.cumsum(self.wf[::-1])[::-1]
        uf = math.exp(-self.h)
        TB = np.zeros(m.n)
        acc = 0.0
        for i in range(m.n - 1, -1, -1):      # TB_j relative to s_j (no overflow)
            acc = acc * uf + self.wf[i]
            TB[i] = acc
        self.TBrel = TB
        self._ints = None

    def _int_vals(self):
        if self._ints is None:
            self._ints = lat.limbs_to_ints(self.m.A)
        return self._ints

    def delta_f(self, eps: float) -> float:
        j = int(np.searchsorted(self.s, eps, side="right"))
        if j >= self.m.n:
            return self.inf_f
        return max(0.0, self.TA[j] - math.exp(eps - self.s[j]) * self.TBrel[j]) + self.inf_f

    def _tail_arb(self, j: int):
        """(exact A-tail as arb, Arb ball of sum_{i >= j} w_i e^{-s_i}) with j the first index with s_j > eps."""
        ints = self._int_vals()
        tail = ints[j:]
        scale = arb(2) ** self.m.E
        TA = arb(sum(tail)) * scale
        u = (-(arb(2) ** (-self.m.k))).exp()
        poly = arb_poly(tail)
        TB = poly(u) * (-(arb(self.m.j0 + j) * arb(2) ** (-self.m.k))).exp() * scale
        return TA, TB

    def delta_cert(self, eps: float) -> arb:
        """Ball whose UPPER end is a certified upper bound on delta_T(eps)."""
        with arb_prec(PREC):
            j = int(np.searchsorted(self.s, eps, side="right"))
            inf = _frac_to_arb_upper(self.m.inf)
            if j >= self.m.n:
                return inf
            TA, TB = self._tail_arb(j)
            return (TA - to_arb(eps).exp() * TB).nonnegative_part() + inf

    def eps_cert(self, delta: float) -> float:
        """A certified eps_hi: delta+(eps_hi) <= delta (math.inf if none)."""
        if self.inf_f >= delta:
            return math.inf
        # float search for the piece j: delta+ on (s_{j-1}, s_j] is TA_j - e^eps TB_j + inf
        if self.delta_f(0.0) <= delta * (1 - 1e-9):
            d0 = self.delta_cert(0.0)
            if d0.upper() <= to_arb(delta):
                return 0.0
        # the smallest eps with delta+ <= delta lies in the piece (s_{j-1}, s_j] where j is the first index with
        # delta+(s_j) <= delta (delta+ is continuous and non-increasing); float search, then certified
        n = self.m.n
        at_s = np.array([self.delta_f(float(x)) for x in self.s]) if n <= 64 else None
        if at_s is None:
            nxt_TA = np.append(self.TA[1:], 0.0)
            nxt_TB = np.append(self.TBrel[1:], 0.0) * math.exp(-self.h)
            at_s = np.maximum(nxt_TA - nxt_TB, 0.0) + self.inf_f    # delta+(s_j): pieces from j+1 on
        j = int(np.argmax(at_s <= delta)) if (at_s <= delta).any() else n - 1
        for _ in range(64):
            with arb_prec(PREC):
                TA, TB = self._tail_arb(j)
                inf = _frac_to_arb_upper(self.m.inf)
                num = TA + inf - to_arb(delta)
                s_prev = self.s[j - 1] if j > 0 else -math.inf
                s_j = self.s[j]
                if not (num > 0):
                    # delta+ <= delta on the whole piece: move left
                    if j == 0:
                        return max(0.0, s_prev) if math.isfinite(s_prev) else 0.0
                    j -= 1
                    continue
                if not (TB > 0):
                    j += 1
                    if j >= n:
                        return math.inf
                    continue
                e = (num / TB.lower() if TB.lower() > 0 else num / TB).log()
                e_hi = float(e.upper())
                e_hi = math.nextafter(e_hi, math.inf)
                if e_hi > s_j:
                    j += 1
                    if j >= n:
                        # beyond the last point only inf mass remains (< delta): eps = last point
                        return max(0.0, float(self.s[-1]))
                    continue
                if e_hi < s_prev:
                    j -= 1
                    continue
                return max(0.0, e_hi)
        raise ArithmeticError("eps_cert: piece search did not converge")  # pragma: no cover


class _LowerCurve:
    """delta-(eps) = max_c [P^T(S_c) - e^eps Q^T(S_c)] from the final lower measures (certified lower bound).

    P^T(S_c) >= sum_{i >= c} AP_i 2^EP (exact integer tail); Q^T(S_c) <= sum_{i >= c} AQ_i 2^EQ e^{-s_i}
    (Q is stored tilted; the sum is an Arb ball from arb_poly at e^{-h}, its UPPER end is used)."""

    def __init__(self, P: lat.Measure, Q: lat.Measure):
        assert P.j0 == Q.j0 and P.n == Q.n and P.k == Q.k and Q.tilt == 1
        self.P, self.Q = P, Q
        self.h = 2.0 ** (-P.k)
        self.s = (P.j0 + np.arange(P.n)) * self.h
        vP, eP = lat.approx(P.A)
        vQ, eQ = lat.approx(Q.A)
        ln2 = math.log(2.0)
        with np.errstate(divide="ignore"):
            # P-tails (float, for the search only): TP_j = sum_{i >= j} P_i, scaled by 2^(eP + P.E) in log form
            tp = np.cumsum(vP[::-1])[::-1]
            self.logTP = np.log(tp) + (eP + P.E) * ln2
            # Q-tails: log TQ_j = log(sum_{i>=j} Qt_i e^{-(s_i - s_j)}) + (eQ + Q.E) ln 2 - s_j  (no under/overflow)
            uf = math.exp(-self.h)
            rel = np.zeros(P.n)
            acc = 0.0
            for i in range(P.n - 1, -1, -1):
                acc = acc * uf + vQ[i]
                rel[i] = acc
            self.logTQ = np.log(rel) + (eQ + Q.E) * ln2 - self.s
        self.TP = np.exp(np.minimum(self.logTP, 700.0))
        self._iP = self._iQ = None

    def _score_delta(self, eps: float) -> np.ndarray:
        with np.errstate(over="ignore", invalid="ignore"):
            return self.TP - np.exp(np.minimum(eps + self.logTQ, 700.0))

    def delta_f(self, eps: float) -> float:
        v = self._score_delta(eps)
        return float(max(0.0, np.nanmax(v))) if v.size else 0.0

    def _exact(self, c: int):
        if self._iP is None:
            self._iP = lat.limbs_to_ints(self.P.A)
            self._iQ = lat.limbs_to_ints(self.Q.A)
        tp = arb(sum(self._iP[c:])) * arb(2) ** self.P.E
        u = (-(arb(2) ** (-self.Q.k))).exp()
        tq = arb_poly(self._iQ[c:])(u) * (-(arb(self.Q.j0 + c) * arb(2) ** (-self.Q.k))).exp() * arb(2) ** self.Q.E
        return tp, tq

    @staticmethod
    def _candidates(score: np.ndarray, m: int = 4) -> list[int]:
        if score.size == 0 or not np.isfinite(score).any():
            return []
        best = int(np.nanargmax(np.where(np.isfinite(score), score, -np.inf)))
        return sorted({c for c in range(best - m, best + m + 1) if 0 <= c < score.size})

    def delta_cert(self, eps: float) -> float:
        """Certified lower bound on delta_T(eps) (a float rounded down)."""
        best = 0.0
        with arb_prec(PREC):
            ee = to_arb(eps).exp()
            for c in self._candidates(self._score_delta(eps)):
                tp, tq = self._exact(c)
                v = (tp - ee * tq).lower()
                fv = float(v)
                if arb(fv) > v:
                    fv = math.nextafter(fv, -math.inf)
                best = max(best, fv)
        return best

    def eps_cert(self, delta: float) -> float:
        """A certified eps_lo: delta_T(eps) > delta for every eps < eps_lo (0 if none found)."""
        with np.errstate(divide="ignore", invalid="ignore"):
            # log((TP - delta)/TQ) with TP - delta = TP (1 - delta/TP) in log form
            ok = self.logTP > math.log(delta)
            sc = np.where(ok, self.logTP + np.log1p(-np.exp(np.minimum(math.log(delta) - self.logTP, 0.0)))
                          - self.logTQ, -np.inf)
            sc = np.where(np.isfinite(sc), sc, -np.inf)
        best = 0.0
        with arb_prec(PREC):
            for c in self._candidates(sc):
                tp, tq = self._exact(c)
                num = tp - to_arb(delta)
                if not (num > 0) or not (tq > 0):
                    continue
                e = (num.lower() / tq.upper()).log().lower()
                fe = float(e)
                if arb(fe) > e:
                    fe = math.nextafter(fe, -math.inf)
                best = max(best, fe)
        return max(0.0, best)


# ======================================================================================================
# driver
# ======================================================================================================

@dataclass
class BracketDetails:
    """Result of :func:`pld_bracket_details`: the bracket and how it was obtained."""

    interval: Interval
    kind: str                       # "epsilon" or "delta"
    h: float                        # base lattice step used in the final pass
    passes: int
    seconds: float
    per_direction: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)


def _choose_k0(pairs, T: int, target_width: float, eps_guess: float) -> int:
    """Heuristic base lattice exponent: width ~ T h^2 * (d eps / d Var) / 3 (second-order errors)."""
    sd = max(p.moments_f()[1] for p in pairs)
    V = max(T * sd * sd, 1e-30)
    mu = math.sqrt(V)
    slope = 0.5 * (max(eps_guess, mu) / V + 1.0)        # d eps / d Var of a mu-GDP curve, roughly
    h = 1.5 * math.sqrt(max(target_width, 1e-12) / (slope * T * (1 / 4 + 1 / 12)))
    h = min(h, max(sd, 1e-12) / 4)
    if not h > 0:                   # a huge eps_guess (e.g. epsilon = 1e308): the finest lattice the heuristic allows
        h = 2.0 ** -60
    return max(2, int(math.ceil(-math.log2(h))))


def _plan_for(T: int, delta_ref: float, k0: int, tol_round: float = 1e-7, tol_trunc: float = 1e-5) -> _Plan:
    K = int(math.ceil(math.log2(64.0 * T / tol_round) - math.log2(max(delta_ref, 1e-300)))) + 4
    K = max(K, 48)
    levels = max(1, int(T).bit_length())
    tau = tol_trunc * delta_ref / (2 * levels + 2)
    return _Plan(K=K, tau_abs=tau, T=int(T), k0=k0)


class _TooLarge(ValueError):
    """The requested lattice would exceed the size limits."""


def _cell_range(pair: DominatingPair, plan: _Plan) -> tuple[int, int]:
    """Lattice indices [J_lo, J_hi] of the one-step cells: the loss range outside carries <= tau_abs / T of P."""
    h = 2.0 ** (-plan.k0)
    l_lo, l_hi = pair.range_f(max(plan.tau_abs / max(plan.T, 1), 1e-300))
    J_lo = int(math.floor(l_lo / h)) - 1          # one spare point each side: atoms on the range ends stay inside
    J_hi = max(int(math.ceil(l_hi / h)) + 1, J_lo + 2)
    if J_hi - J_lo > (1 << 21):
        raise _TooLarge(f"lattice of {float(J_hi - J_lo):.3g} cells for one step (h = 2^-{plan.k0}, loss range [{l_lo:.4g}, "
                         f"{l_hi:.4g}]) for {pair.name}; ask for a wider bracket (width / rel_width)")
    return J_lo, J_hi


def _directions(pair: DominatingPair, directions) -> list[DominatingPair]:
    if directions == "both":
        return [pair] if pair.symmetric else [pair, pair.swap()]
    if directions == "forward":
        return [pair]
    raise ValueError(f"directions must be 'both' or 'forward', got {directions!r}")


def _one_pass(pairs, T: int, plan: _Plan, delta, epsilon):
    """One certified pass at the plan's lattice: returns (Interval, per-direction info)."""
    per, ups, bases = {}, [], {}
    for p in pairs:
        t0 = time.perf_counter()
        J = _cell_range(p, plan)
        lam = _saddle_lambda(p, plan.k0, *J, T, delta=delta, eps=epsilon)
        base = _build_base(p, plan.k0, *J, plan.K, lam)
        bases[p.name] = base
        uc = _UpperCurve(_upper_power(base.upper, plan))
        info = {"cells": base.n_cells, "lattice": base.upper.n, "cells_s": round(base.cells_time, 3),
                "lambda": round(lam, 3)}
        if delta is not None:
            info["eps_hi"] = uc.eps_cert(delta)
        else:
            info["delta_hi"] = arb_to_interval(uc.delta_cert(epsilon)).hi
        ups.append(info["eps_hi" if delta is not None else "delta_hi"])
        info["upper_s"] = round(time.perf_counter() - t0, 3)
        per[p.name] = info
    hi_end = max(ups) if delta is not None else min(1.0, max(ups))
    # lower end: the dominant direction first; another only while its upper end exceeds the lower end so far
    lo_end = 0.0
    for i in sorted(range(len(pairs)), key=lambda i: -ups[i]):
        p = pairs[i]
        if ups[i] <= lo_end:
            continue
        t0 = time.perf_counter()
        base = bases[p.name]
        lc = _LowerCurve(*_lower_power(base.lowP, base.lowQ, plan))
        v = lc.eps_cert(delta) if delta is not None else lc.delta_cert(epsilon)
        per[p.name]["eps_lo" if delta is not None else "delta_lo"] = v
        per[p.name]["lower_s"] = round(time.perf_counter() - t0, 3)
        lo_end = max(lo_end, v)
    per["_plan"] = {"K": plan.K, "k0": plan.k0, **plan.stats}
    return Interval(lo_end, hi_end), per


def pld_bracket_details(pair: DominatingPair, T, *, delta=None, epsilon=None, width=None, rel_width=1e-3,
                        directions="both", max_refinements: int = 3, k0: int | None = None) -> BracketDetails:
    """As :func:`pld_bracket`, returning a :class:`BracketDetails` (timings, lattice, per-direction ends)."""
    if isinstance(pair, bool) or not isinstance(pair, DominatingPair):
        raise TypeError(f"pair must be a DominatingPair, got {type(pair).__name__}")
    T = check_int("T", T, lo=1, hi=10 ** 9)
    if (delta is None) == (epsilon is None):
        raise ValueError("give exactly one of delta (in (0, 1)) or epsilon (in [0, inf))")
    if delta is not None:
        delta = float(check_prob_open("delta", delta))
    else:
        epsilon = float(check_nonneg("epsilon", epsilon))
    if width is not None:
        width = float(check_positive("width", width))
    rel_width = float(check_real("rel_width", rel_width, lo=0, hi=1, lo_open=True))
    max_refinements = check_int("max_refinements", max_refinements, lo=0, hi=10)
    pairs = _directions(pair, directions)
    t_start = time.perf_counter()
    if delta is not None:          # rough scale of eps_T(delta): T E[L] + z sqrt(T) sd(L), z ~ sqrt(2 log(1/delta))
        m1, sd1 = pairs[0].moments_f()
        eps_guess = max(T * m1 + math.sqrt(2 * math.log(1 / delta)) * math.sqrt(T) * sd1, 1e-3)
    else:
        eps_guess = epsilon
    # target width in eps units (for a delta bracket a relative width r in delta is ~ r / lambda in eps; lambda ~ 2)
    w_eps = (width or rel_width * max(eps_guess, 1e-3)) if delta is not None else 0.5 * rel_width
    kk = k0 if k0 is not None else _choose_k0(pairs, T, w_eps, eps_guess)
    delta_ref = delta
    if delta is None:              # the scale of delta_T(eps) from a rough certified pass (truncation budgets)
        try:
            iv0, per0 = _one_pass(pairs, T, _plan_for(T, 1e-30, max(2, kk - 3)), None, epsilon)
        except _TooLarge as ex:
            raise ValueError(f"{ex} (at T={T}, epsilon={epsilon!r})") from None
        if iv0.hi == 0:            # certified delta_T(eps) = 0
            return BracketDetails(interval=Interval(0.0, 0.0), kind="delta", h=2.0 ** (-max(2, kk - 3)), passes=1,
                                  seconds=time.perf_counter() - t_start, per_direction=per0)
        delta_ref = max(iv0.lo, iv0.hi * 1e-6, 1e-300)
    best, notes, passes = None, [], 0
    for it in range(max_refinements + 1):
        passes += 1
        plan = _plan_for(T, delta_ref, kk)
        try:
            iv, per = _one_pass(pairs, T, plan, delta, epsilon)
        except _TooLarge as ex:
            if best is None:
                raise ValueError(f"{ex} (at T={T}, delta={delta!r}, epsilon={epsilon!r})") from None
            notes.append(f"refinement stopped: {ex}")
            break
        if best is None or iv.width < best[0].width:
            best = (iv, kk, per)
        w_target = width if width is not None else rel_width * iv.hi
        if math.isfinite(iv.hi) and iv.width <= w_target:
            break
        if it == max_refinements:
            notes.append(f"width {iv.width:.3g} above the target {w_target:.3g} after {passes} passes")
            break
        ratio = iv.width / max(w_target, 1e-300) if math.isfinite(iv.width) else 16.0
        kk += max(1, int(math.ceil(0.5 * math.log2(max(ratio, 1.0)) + 0.25)))
    iv, kk_best, per = best
    return BracketDetails(interval=iv, kind="epsilon" if delta is not None else "delta", h=2.0 ** (-kk_best),
                          passes=passes, seconds=time.perf_counter() - t_start, per_direction=per, notes=notes)


def pld_bracket(pair: DominatingPair, T, *, delta=None, epsilon=None, width=None, rel_width=1e-3,
                directions="both", max_refinements: int = 3) -> Interval:
    """Certified bracket on the exact privacy curve of T adaptive compositions of a mechanism with dominating
    pair ``pair`` (see the module docstring for the proof).

    Preconditions: ``pair`` a :class:`DominatingPair` (SubsampledGaussianPair, GaussianPair, LaplacePair,
        FinitePair, randomized_response_pair); ``T`` an integer in [1, 1e9]; exactly one of ``delta`` in (0, 1)
        or ``epsilon`` in [0, inf); ``width`` (absolute) or ``rel_width`` in (0, 1] (default 1e-3) the target
        width, refined (halving the lattice step) at most ``max_refinements`` times; ``directions`` "both" (the
        max of H(P||Q) and H(Q||P); default) or "forward" (H(P^T||Q^T) only).
    Postcondition: with ``delta``: Interval(eps_lo, eps_hi), eps_lo <= eps_T(delta) <= eps_hi CERTIFIED
        (eps_hi may be inf when truncation alone exceeds delta); with ``epsilon``: Interval(delta_lo, delta_hi)
        containing delta_T(epsilon).  The width target is a goal, not a promise (the result is certified either
        way; BracketDetails.notes says when it was missed).
    Spec: core.acct.pld_bracket
    """
    return pld_bracket_details(pair, T, delta=delta, epsilon=epsilon, width=width, rel_width=rel_width,
                               directions=directions, max_refinements=max_refinements).interval


def dpsgd_epsilon_bracket(q, sigma, T, delta, *, width=None, rel_width=1e-3, max_refinements: int = 3) -> Interval:
    """Certified [eps_lo, eps_hi] around the TRUE eps(delta) of T steps of DP-SGD (Poisson-subsampled Gaussian,
    rate q, noise multiplier sigma, add/remove neighbours; both directions).

    Preconditions: ``q`` in (0, 1]; ``sigma`` in (0, inf); ``T`` integer in [1, 1e9]; ``delta`` in (0, 1); width
        targets as :func:`pld_bracket`.
    Postcondition: eps_lo <= eps_T(delta) <= eps_hi (certified; module docstring).  q = 1 is the Gaussian mechanism.
    Spec: core.acct.dpsgd_epsilon_bracket
    """
    pair = SubsampledGaussianPair(q, sigma, 1, "remove")
    delta = check_prob_open("delta", delta)
    return pld_bracket(pair, T, delta=delta, width=width, rel_width=rel_width, max_refinements=max_refinements)


def dpsgd_delta_bracket(q, sigma, T, epsilon, *, rel_width=1e-3, max_refinements: int = 3) -> Interval:
    """Certified [delta_lo, delta_hi] around the TRUE delta_T(eps) of T steps of DP-SGD (as dpsgd_epsilon_bracket).

    Spec: core.acct.dpsgd_epsilon_bracket
    """
    pair = SubsampledGaussianPair(q, sigma, 1, "remove")
    epsilon = check_nonneg("epsilon", epsilon)
    return pld_bracket(pair, T, epsilon=epsilon, rel_width=rel_width, max_refinements=max_refinements)
