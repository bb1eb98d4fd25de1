"""Forward-mode automatic differentiation over Arb balls (value and gradient enclosures).

``Dual(v, g)`` carries a ball ``v`` enclosing f over a box and a tuple ``g`` of balls enclosing the partial
derivatives over the same box.  The engine uses it for two rigorous refinements of a leaf:

* **monotone fixing**: if the enclosure of df/dx_i is <= 0 (>= 0) on the leaf, sup f over the leaf is attained
  on the face x_i = a_i (= b_i), so x_i is replaced by that exact end point;
* **mean-value form**: f(X) is contained in f(m) + sum_i G_i (X_i - m_i) for any point m of the leaf.

Supported operations: + - * / (with arb / int / float constants), integer powers, exp, log, sqrt, erf, erfc, erfcx,
log1p, expm1, abs / min / max where the order is certain on the leaf.  Anything else raises
:class:`NotDifferentiable` and the engine falls back to plain ball evaluation.
"""
from __future__ import annotations

__all__ = ["Dual", "NotDifferentiable", "dual_env"]


class NotDifferentiable(ArithmeticError):
    pass


from flint import arb as _ARB   # this module is only imported lazily (by certify), so flint is already loaded


def _arb(x):
    return x if isinstance(x, _ARB) else _ARB(x)


class Dual:
    __slots__ = ("v", "g")

    def __init__(self, v, g):
        self.v = v
        self.g = g

    # -- arithmetic (a constant operand is not lifted: no zero gradients to carry) ---------------------------
    def _lift(self, o):
        if isinstance(o, Dual):
            return o
        if isinstance(o, (int, float, _ARB)):
            z = _ARB(0)
            return Dual(_arb(o), tuple(z for _ in self.g))
        raise NotDifferentiable(f"cannot combine Dual with {type(o).__name__}")

    @staticmethod
    def _const(o):
        if isinstance(o, _ARB):
            return o
        if isinstance(o, (int, float)):
            return _ARB(o)
        raise NotDifferentiable(f"cannot combine Dual with {type(o).__name__}")

    def __add__(self, o):
        if isinstance(o, Dual):
            return Dual(self.v + o.v, tuple(a + b for a, b in zip(self.g, o.g)))
        return Dual(self.v + self._const(o), self.g)

    __radd__ = __add__

    def __sub__(self, o):
        if isinstance(o, Dual):
            return Dual(self.v - o.v, tuple(a - b for a, b in zip(self.g, o.g)))
        return Dual(self.v - self._const(o), self.g)

    def __rsub__(self, o):
        return Dual(self._const(o) - self.v, tuple(-a for a in self.g))

    def __neg__(self):
        return Dual(-self.v, tuple(-a for a in self.g))

    def __pos__(self):
        return self

    def __mul__(self, o):
        if isinstance(o, Dual):
            return Dual(self.v * o.v, tuple(a * o.v + self.v * b for a, b in zip(self.g, o.g)))
        c = self._const(o)
        return Dual(self.v * c, tuple(a * c for a in self.g))

    __rmul__ = __mul__

    def __truediv__(self, o):
        if isinstance(o, Dual):
            q = self.v / o.v
            return Dual(q, tuple((a - q * b) / o.v for a, b in zip(self.g, o.g)))
        c = self._const(o)
        return Dual(self.v / c, tuple(a / c for a in self.g))

    def __rtruediv__(self, o):
        c = self._const(o)
        q = c / self.v
        return Dual(q, tuple(-q * a / self.v for a in self.g))

    def __pow__(self, k):
        if isinstance(k, int):
            if k == 0:
                return self._lift(1)
            return Dual(self.v ** k, tuple(k * self.v ** (k - 1) * a for a in self.g))
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        if isinstance(k, float) and k.is_integer():
            return self ** int(k)
        return (self.log() * self._const(k)).exp()

    def __abs__(self):
        if self.v >= 0:
            return self
        if self.v <= 0:
            return -self
        raise NotDifferentiable("abs of a ball containing 0")

    # -- functions -----------------------------------------------------------------------------------------
    def _chain(self, val, der):
        return Dual(val, tuple(der * a for a in self.g))

    def exp(self):
        e = self.v.exp()
        return self._chain(e, e)

    def expm1(self):
        return self._chain(self.v.expm1(), self.v.exp())

    def log(self):
        return self._chain(self.v.log(), 1 / self.v)

    def log1p(self):
        return self._chain(self.v.log1p(), 1 / (1 + self.v))

    def sqrt(self):
        s = self.v.sqrt()
        return self._chain(s, 1 / (2 * s))

    def erf(self):
        d = 2 / _ARB.pi().sqrt() * (-(self.v ** 2)).exp()
        return self._chain(self.v.erf(), d)

    def erfc(self):
        d = -2 / _ARB.pi().sqrt() * (-(self.v ** 2)).exp()
        return self._chain(self.v.erfc(), d)

    def erfcx(self):
        from .expression import arb_erfcx

        e = arb_erfcx(self.v)
        return self._chain(e, 2 * self.v * e - 2 / _ARB.pi().sqrt())

    def min(self, o):
        o = self._lift(o)
        if self.v <= o.v:
            return self
        if o.v <= self.v:
            return o
        raise NotDifferentiable("min of overlapping balls")

    def max(self, o):
        o = self._lift(o)
        if self.v >= o.v:
            return self
        if o.v >= self.v:
            return o
        raise NotDifferentiable("max of overlapping balls")

    def is_finite(self):
        return self.v.is_finite() and all(a.is_finite() for a in self.g)

    def __repr__(self):  # pragma: no cover
        return f"Dual({self.v}, {self.g})"


def dual_env(env: dict, names: list) -> dict:
    """Independent variables: ``env[name]`` (balls or exact points) with unit gradient in its own coordinate."""
    z, one = _ARB(0), _ARB(1)
    return {n: Dual(env[n], tuple(one if j == i else z for j in range(len(names)))) for i, n in enumerate(names)}
