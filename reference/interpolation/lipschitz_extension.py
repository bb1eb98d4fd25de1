"""The Lipschitzian extension f_L = f [] L||.||  (Def. 2.5, eq. (2), 001 L118-122; Lemma 2.1, L126-146).

    f_L(x) = inf_y { f(y) + L ||x - y||_2 }.

Reusable primitive (candidate for ``reference.core``): a generic value / gradient / argmin oracle by
prox-bisection, closed forms for the quadratic and least-squares losses (Huber), and per-sample loss
families used by the algorithms of document 001.

Facts (checked in tests/interpolation/test_lipschitz_extension.py): f_L is L-Lipschitz and convex
(Lemma 2.1(1,2)); f_L <= f with equality where ||grad f|| <= L (Lemma 2.1(3,4)); f_L is H-smooth when f
is (conjugate (f [] L||.||)* = f* + indicator(L B), still (1/H)-strongly convex); f_L is finite only if f
has an L-Lipschitz affine minorant (AUD-47; e.g. f >= 0).

Spec: 001.P1, 001.lemma2_1.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

import reference.core.validation as validate
from reference.core import validation as _V

__all__ = ["huber", "huber_grad", "lipschitz_extension", "ext_quadratic", "ext_least_squares", "Loss",
           "QuadraticLoss", "LeastSquaresLoss", "MatrixQuadraticLoss", "SmoothAbsLoss", "CubicRidgeLoss", "PowerRidgeLoss",
           "ExtendedLoss"]


def huber(u, c: float):
    """Huber_c(u) = u^2/2 if |u| <= c, c|u| - c^2/2 otherwise.

    Preconditions (validated): u real finite; c > 0 (``c=inf``: no extension, u^2/2).
    Steps: elementwise on u.
    Postcondition: the Lipschitz extension at level c of u^2/2 (P1 closed form; Lipschitz constant c).
    Randomness: none (deterministic).
    Spec: 001.P1.
    """
    u = _V.real("u", u)
    c = _V.positive("c", c, allow_inf=True)
    au = abs(u)
    return _V.finite_result("huber(u, c)", np.float64(0.5 * u * u if au <= c else c * au - 0.5 * c * c), u=u, c=c)


def huber_grad(u, c: float):
    """d/du Huber_c(u) = clip(u, -c, c).

    Preconditions (validated): u real finite; c > 0 (``c=inf``: no extension, the derivative u of u^2/2).
    Spec: 001.P1.
    """
    u = _V.real("u", u)
    c = _V.positive("c", c, allow_inf=True)
    return np.clip(np.asarray(u, float), -c, c)


# ----------------------------------------------------------------------------------------------------
# generic oracle: prox-bisection
# ----------------------------------------------------------------------------------------------------
def lipschitz_extension(x: np.ndarray, f: Callable[[np.ndarray], float], grad: Callable[[np.ndarray], np.ndarray],
                        prox: Callable[[np.ndarray, float], np.ndarray], L: float, rtol: float = 1e-13,
                        max_doublings: int = 200) -> tuple[float, np.ndarray, np.ndarray]:
    """Value, gradient and minimiser y(x) of f_L at x, for convex f with value/gradient/prox oracles.

    Preconditions: f convex and differentiable, prox(x, t) = argmin_y f(y) + ||y - x||^2/(2t); L > 0;
    f has an L-Lipschitz affine minorant (else f_L = -inf: RuntimeError); validated: x a finite vector with
    finite ||grad f(x)||; 0 < rtol < 1; max_doublings integer in [1, 10000].
    Steps (catalog P1; Lemma 2.1(4), 001 L142-146):
      1. g = grad f(x); if ||g|| <= L: return (f(x), g, x)    [exact: f(y) >= f(x) + <g, y-x> >= f(x) - L||y-x||]
      2. else find t > 0 with phi(t) := ||x - prox_{tf}(x)||/t = L (phi non-increasing, phi(0+) = ||g|| > L),
         by doubling then bisection on log t;
      3. y = prox_{tf}(x): return (f(y) + L||x-y||, L (x-y)/||x-y||, y).
    Postcondition: value = f_L(x), gradient = grad f_L(x) (= grad f(y)), y = argmin.
    Randomness: none (deterministic).
    Spec: 001.P1.
    """
    _V.callable_("f", f); _V.callable_("grad", grad); _V.callable_("prox", prox)
    rtol = _V.in_range("rtol", rtol, 0.0, 1.0, lo_open=True, hi_open=True)
    max_doublings = _V.integer("max_doublings", max_doublings, lo=1, hi=10_000)
    L = validate.positive("L", L)
    x = _V.vector("x", x)
    g = np.asarray(grad(x), float)
    if not (g.shape == x.shape and np.all(np.isfinite(g)) and math.isfinite(float(np.linalg.norm(g)))):
        raise ValueError(f"grad(x) must be a finite vector of x's shape {x.shape} with a finite norm (x = {x!r}"[:200]
                         + ")")
    if float(np.linalg.norm(g)) <= L:                                      # step 1
        return float(f(x)), g, x.copy()

    def phi(t):
        return float(np.linalg.norm(x - prox(x, t))) / t

    lo, hi = 0.0, 1.0 / float(np.linalg.norm(g))                           # step 2: bracket
    k = 0
    while phi(hi) > L:
        lo, hi = hi, 2.0 * hi
        k += 1
        if k > max_doublings:
            raise RuntimeError("lipschitz_extension: phi(t) stays > L; f has no L-Lipschitz affine minorant "
                               "(f_L = -inf, AUD-47)")
    for _ in range(400):                                                   # bisection (geometric once lo > 0)
        mid = math.sqrt(lo * hi) if lo > 0 else 0.5 * hi
        if phi(mid) > L:
            lo = mid
        else:
            hi = mid
        if hi - lo <= rtol * hi:
            break
    t = hi
    y = prox(x, t)                                                         # step 3
    r = float(np.linalg.norm(x - y))
    return float(f(y)) + L * r, L * (x - y) / r, y


# ----------------------------------------------------------------------------------------------------
# closed forms (catalog P1 (a), (b))
# ----------------------------------------------------------------------------------------------------
def ext_quadratic(x: np.ndarray, s: np.ndarray, H: float, L: float) -> tuple[float, np.ndarray, np.ndarray]:
    """P1 closed form for F(x; s) = (H/2)||x - s||^2 (Lemma 2.1(4) specialised).

    Preconditions (validated): H > 0, L > 0 finite.
    Steps: r = ||x - s||; if H r <= L: (F(x), H(x - s), x); else (L r - L^2/(2H), L (x - s)/r, y = s + (L/H)(x - s)/r).
    Postcondition: (F_L(x), grad F_L(x), y(x)) with F_L(x) = inf_y F(y) + L||x - y|| (proved in sympy, 001.P1.closed_forms).
    Randomness: none (deterministic).
    Spec: 001.P1.
    """
    H = _V.positive("H", H)
    L = validate.positive("L", L)
    x = _V.vector("x", x); s = _V.vector("s", s, x.shape[0])
    v = x - s
    r = float(np.linalg.norm(v))
    if H * r <= L:
        return 0.5 * H * r * r, H * v, x.copy()
    return L * r - L * L / (2 * H), L * v / r, s + (L / H) * v / r


def ext_least_squares(x: np.ndarray, a: np.ndarray, b: float, L: float) -> tuple[float, np.ndarray]:
    """P1 closed form for F(x; (a, b)) = (1/2)(a'x - b)^2.

    Preconditions (validated): L > 0 finite; a, x vectors of one dimension.
    Steps: u = a'x - b, c = L/||a||; value Huber_c(u), gradient a clip(u, -c, c) (a = 0: F itself, gradient 0).
    Postcondition: (F_L(x), grad F_L(x)); the extension clips the residual, not the gradient, so convexity is
    kept (001 L148).
    Randomness: none (deterministic).
    Spec: 001.P1.
    """
    b = _V.real("b", b)
    L = validate.positive("L", L)
    x = _V.vector("x", x)
    a = _V.vector("a", a, x.shape[0])
    na = float(np.linalg.norm(a))
    u = float(np.dot(a, x) - b)
    if na == 0.0:
        return 0.5 * u * u, np.zeros_like(a)
    c = L / na
    try:
        val = float(huber(u, c))
    except ValueError:
        raise ValueError(f"F_L(x) is not finite in float arithmetic at b={b!r}, L={L!r} (residual a'x - b = {u!r}); "
                         "reduce |b| or L") from None
    return val, a * float(huber_grad(u, c))


# ----------------------------------------------------------------------------------------------------
# per-sample loss families (samples are the rows of an array S)
# ----------------------------------------------------------------------------------------------------
class Loss:
    """A family F(x; s).  ``value(x, S)`` -> (n,), ``grad(x, S)`` -> (n, d); ``H`` smoothness bound or None;
    ``lipschitz`` a global Lipschitz bound or None; ``prox(x, s, t)`` single-sample prox."""

    H: float | None = None
    lipschitz: float | None = None

    def value(self, x, S):  # pragma: no cover - interface
        raise NotImplementedError

    def grad(self, x, S):  # pragma: no cover - interface
        raise NotImplementedError

    def prox(self, x, s, t):  # pragma: no cover - interface
        raise NotImplementedError(f"{type(self).__name__} has no prox oracle")

    def smoothness(self, S) -> float:
        if self.H is None:
            raise ValueError(f"{type(self).__name__}: smoothness unknown")
        return float(self.H)


class QuadraticLoss(Loss):
    """F(x; s) = (H/2)||x - s||^2 (interpolating when all s coincide)."""

    def __init__(self, H: float):
        self.H = _V.positive("H", H)

    def value(self, x, S):
        return 0.5 * self.H * np.sum((x - S) ** 2, axis=1)

    def grad(self, x, S):
        return self.H * (x - S)

    def prox(self, x, s, t):
        return (x + t * self.H * s) / (1 + t * self.H)

    def extension(self, x, S, L):
        V = x - S
        r = np.linalg.norm(V, axis=1)
        inside = self.H * r <= L
        rs = np.where(r > 0, r, 1.0)
        val = np.where(inside, 0.5 * self.H * r * r, L * r - L * L / (2 * self.H))
        G = np.where(inside[:, None], self.H * V, L * V / rs[:, None])
        return val, G


class LeastSquaresLoss(Loss):
    """F(x; (a, b)) = (1/2)(a'x - b)^2; samples are rows [a_1..a_d, b]."""

    def value(self, x, S):
        A, b = S[:, :-1], S[:, -1]
        return 0.5 * (A @ x - b) ** 2

    def grad(self, x, S):
        A, b = S[:, :-1], S[:, -1]
        return A * (A @ x - b)[:, None]

    def prox(self, x, s, t):
        a, b = s[:-1], s[-1]
        r = float(a @ x - b)
        return x - t * a * r / (1 + t * float(a @ a))

    def smoothness(self, S):
        return float(np.max(np.sum(S[:, :-1] ** 2, axis=1))) if len(S) else 0.0

    def extension(self, x, S, L):
        A, b = S[:, :-1], S[:, -1]
        na = np.linalg.norm(A, axis=1)
        u = A @ x - b
        c = np.where(na > 0, L / np.where(na > 0, na, 1.0), np.inf)
        au = np.abs(u)
        val = np.where(au <= c, 0.5 * u * u, c * au - 0.5 * c * c)
        G = A * np.clip(u, -c, c)[:, None]
        return val, G


class MatrixQuadraticLoss(Loss):
    """F(x; s) = (1/2)(x - s)' A (x - s) with a fixed PSD matrix A (test family for the bisection oracle)."""

    def __init__(self, A):
        A = np.asarray(_V.matrix("A", A), float)
        if A.ndim != 2 or A.shape[0] != A.shape[1] or not np.allclose(A, A.T):
            raise ValueError("A must be a symmetric square matrix")
        w = np.linalg.eigvalsh(A)
        if w.min() < -1e-12:
            raise ValueError(f"A must be PSD, min eigenvalue {w.min()}")
        self.A = A
        self.H = float(max(w.max(), 0.0))

    def value(self, x, S):
        V = x - S
        return 0.5 * np.einsum("ij,jk,ik->i", V, self.A, V)

    def grad(self, x, S):
        return (x - S) @ self.A

    def prox(self, x, s, t):
        d = len(x)
        return np.linalg.solve(np.eye(d) + t * self.A, x + t * self.A @ s)


class SmoothAbsLoss(Loss):
    """F(x; s) = L0 (sqrt(1 + ||x - s||^2) - 1): convex, L0-Lipschitz, L0-smooth (Prop 2 test instance)."""

    def __init__(self, L0: float):
        self.L0 = validate.positive("L0", L0)
        self.H = self.L0
        self.lipschitz = self.L0

    def value(self, x, S):
        return self.L0 * (np.sqrt(1 + np.sum((x - S) ** 2, axis=1)) - 1)

    def grad(self, x, S):
        V = x - S
        return self.L0 * V / np.sqrt(1 + np.sum(V * V, axis=1))[:, None]


class CubicRidgeLoss(Loss):
    """F(x; (a, b)) = |a'x - b|^3/3 (samples are rows [a_1..a_d, b]): convex, not globally Lipschitz or smooth.

    With b = a'x* for every sample the data interpolate at x*; for a = sqrt(d) u, u uniform on the circle
    (d = 2), f(x) - f* = (d^{3/2}/3) E|u'v|^3 = (2 sqrt 2/3)(4/(3 pi))||v||^3 (v = x - x*): kappa = 3 growth
    (Def 2.4 with lambda = 3 x 0.4001).  ``radius`` bounds ||x|| where the solvers evaluate it, so that
    ``smoothness`` = 2 max ||a||^2 (||a|| radius + |b|) bounds the Hessian 2|a'x - b| aa' there.
    Extension (Alg. 1 line 1): a function of the scalar u = a'x - b has F_L(x) = h_{L/||a||}(u) with h_c the
    Lipschitz-c extension of h(u) = |u|^3/3 on R: h(u) for |u| <= sqrt(c), else c|u| - (2/3) c^{3/2}.
    Spec: 001.exp.E4 (kappa-growth instance of Thm 8).
    """

    def __init__(self, radius: float):
        self.radius = validate.positive("radius", radius)

    def value(self, x, S):
        A, b = S[:, :-1], S[:, -1]
        return np.abs(A @ x - b) ** 3 / 3

    def grad(self, x, S):
        A, b = S[:, :-1], S[:, -1]
        u = A @ x - b
        return A * (u * np.abs(u))[:, None]

    def smoothness(self, S):
        if not len(S):
            return 0.0
        na = np.linalg.norm(S[:, :-1], axis=1)
        return float(np.max(2 * na ** 2 * (na * self.radius + np.abs(S[:, -1]))))

    def extension(self, x, S, L):
        A, b = S[:, :-1], S[:, -1]
        na = np.linalg.norm(A, axis=1)
        u = A @ x - b
        c = np.where(na > 0, L / np.where(na > 0, na, 1.0), np.inf)
        au = np.abs(u)
        u0 = np.sqrt(c)
        inside = au <= u0
        val = np.where(inside, au ** 3 / 3, c * au - (2.0 / 3.0) * c * u0)
        G = A * np.where(inside, u * au, c * np.sign(u))[:, None]
        return val, G


class PowerRidgeLoss(Loss):
    """F(x; (a, b)) = |a'x - b|^p/p, p >= 2 (samples are rows [a_1..a_d, b]): the kappa = p growth instance.

    With b = a'x* for every sample the data interpolate at x*; for a = sqrt(2) u, u uniform on the circle (d = 2),
    f(x) - f* = (2^{p/2}/p) E|cos theta|^p ||x - x*||^p: exact kappa = p growth, nothing more.  ``radius``
    bounds ||x|| where the solvers evaluate it: ``smoothness`` = (p - 1) max ||a||^2 (||a|| radius + |b|)^{p-2}
    bounds the Hessian (p - 1)|a'x - b|^{p-2} aa' there.  Extension (Alg. 1 line 1): F_L(x) = h_{L/||a||}(a'x - b)
    with h_c the Lipschitz-c extension of h(u) = |u|^p/p: h(u) for |u| <= u0 = c^{1/(p-1)}, else
    c|u| - (1 - 1/p) c u0.  p = 3 is ``CubicRidgeLoss``.
    Preconditions (validated): p real in [2, 64], radius > 0 finite.
    Spec: 001.exp.E11 (kappa != 3 instance of Thm 8).
    """

    def __init__(self, p: float, radius: float):
        self.p = _V.in_range("p", p, 2.0, 64.0)
        self.radius = validate.positive("radius", radius)

    def value(self, x, S):
        A, b = S[:, :-1], S[:, -1]
        return np.abs(A @ x - b) ** self.p / self.p

    def grad(self, x, S):
        A, b = S[:, :-1], S[:, -1]
        u = A @ x - b
        return A * (np.sign(u) * np.abs(u) ** (self.p - 1))[:, None]

    def smoothness(self, S):
        if not len(S):
            return 0.0
        na = np.linalg.norm(S[:, :-1], axis=1)
        return float(np.max((self.p - 1) * na ** 2 * (na * self.radius + np.abs(S[:, -1])) ** (self.p - 2)))

    def extension(self, x, S, L):
        A, b = S[:, :-1], S[:, -1]
        na = np.linalg.norm(A, axis=1)
        u = A @ x - b
        c = np.where(na > 0, L / np.where(na > 0, na, 1.0), np.inf)
        au = np.abs(u)
        u0 = c ** (1.0 / (self.p - 1))
        inside = au <= u0
        val = np.where(inside, au ** self.p / self.p, c * au - (1 - 1 / self.p) * c * u0)
        G = A * np.where(inside, np.sign(u) * au ** (self.p - 1), c * np.sign(u))[:, None]
        return val, G

class ExtendedLoss(Loss):
    """The family F_L(.; s) (Alg. 1 line 1, 001 L192-193): closed form when the base family has one,
    else the prox-bisection oracle per sample.  Smoothness is inherited (F_L is H-smooth if F is)."""

    def __init__(self, base: Loss, L: float, method: str = "auto"):
        if not all(hasattr(base, a) for a in ("H", "value", "grad")):
            raise TypeError(f"base must be a Loss (with H, value, grad), got {type(base).__name__} {base!r}"[:300])
        self.base = base
        self.L = validate.positive("L", L)
        if method not in ("auto", "bisection"):
            raise ValueError(f"method must be 'auto' or 'bisection', got {method!r}")
        self.method = "closed" if (method == "auto" and hasattr(base, "extension")) else "bisection"
        self.H = base.H
        self.lipschitz = self.L

    def smoothness(self, S):
        return self.base.smoothness(S)

    def _eval(self, x, S):
        if self.method == "closed":
            return self.base.extension(x, S, self.L)
        vals, grads = [], []
        for s in S:
            v, g, _ = lipschitz_extension(x, lambda z: float(self.base.value(z, s[None])[0]),
                                          lambda z: self.base.grad(z, s[None])[0],
                                          lambda z, t: self.base.prox(z, s, t), self.L)
            vals.append(v); grads.append(g)
        return np.array(vals), np.array(grads).reshape(len(S), -1)

    def value(self, x, S):
        return self._eval(x, S)[0]

    def grad(self, x, S):
        return self._eval(x, S)[1]
