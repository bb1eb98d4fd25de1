"""The engine's parser for claim expressions (a small grammar evaluated in Arb ball arithmetic).

Grammar (the certificate checker implements the same grammar with its own, independent parser)::

    expr   := term (("+" | "-") term)*
    term   := unary (("*" | "/") unary)*
    unary  := ("-" | "+") unary | power
    power  := atom (("^" | "**") unary)?          # right associative; -x^2 = -(x^2)
    atom   := NUMBER | NAME | NAME "(" expr ("," expr)* ")" | "(" expr ")"

* NUMBER: a decimal literal (``2``, ``0.1``, ``1e-12``) denoting the exact real number it spells (Arb encloses it);
* NAME: a parameter name or a constant ``pi``, ``e``;
* functions: ``exp log sqrt erf erfc erfcx log1p expm1 abs`` (one argument), ``min max`` (two or more);
  ``erfcx(z) = exp(z^2) erfc(z)`` (scaled complementary error function; decreasing on the real line, so a ball
  is mapped to the union of the values at its two ends, each computed as ``exp(z^2) * erfc(z)`` at an exact point);
* ``a^b``: an integer literal exponent is an exact integer power (any sign of ``a``); otherwise ``exp(b log a)``
  semantics (``a > 0``).

**Semantics of powers** (the certificate checker implements the same): ``x^n`` for an integer literal ``n``
(optionally negated) is the exact integer power (repeated multiplication; any sign of ``x``; ``x^-n = 1/x^n``,
undefined where ``x`` may be 0); any other exponent ``y`` (a decimal literal, a ball, an expression) means
``x^y = exp(y log x)``, defined for ``x > 0`` only -- a ball reaching ``x <= 0`` (also ``0^y``) is a domain error:
the value is not finite, so the leaf stays open (the checker rejects such a leaf), never a silent pass.

**Coordinates with a tiny positive end** (e.g. ``beta in [1e-300, 1]``): a midpoint-radius ball of ``[a, b]``
with ``a / b < 2^-30`` reaches 0 (its radius is rounded outward), so ``log``, ``1/x``, ``x^y`` of it would be
undefined.  Such a coordinate is passed as a *tight ball*: the Arb ball plus exact enclosures ``lo``, ``hi`` of
its end points; operations on tight balls compute the ends as well (interval arithmetic on the end enclosures:
``+ - *`` by endpoint combinations, ``/`` and negative powers when the divisor's ends have one sign, monotone
functions at the two ends, ``abs min max erfcx`` by their ends) and the result is again tight when its ball lost
the sign that its ends keep.  The upper bound of a value is ``min(ball upper, hi upper)`` (:func:`upper_end`).

Evaluation on balls: Arb ball arithmetic, except that a product, a quotient or an integer power of balls (both of
positive radius for ``*``, at least one for ``/``) and a monotone function (exp log sqrt erf erfc log1p expm1) of a
ball of positive radius are intersected with the hull of the values at the endpoints (``x.lower()``,
``x.upper()``; for an even power of a ball containing 0, also 0) -- the exact interval-arithmetic range, which a
midpoint-radius evaluation overestimates for wide balls.  Gradient (AD) evaluation uses plain Arb operations.
The certificate checker applies the same rules.

A compiled expression is a callable ``f(env: dict[str, arb]) -> arb``.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

__all__ = ["compile_expression", "ExpressionError", "FUNCTIONS", "CONSTANTS", "tight", "is_tight", "upper_end",
           "ends"]

FUNCTIONS_1 = ("exp", "log", "sqrt", "erf", "erfc", "erfcx", "log1p", "expm1", "abs")
FUNCTIONS_N = ("min", "max")
FUNCTIONS = FUNCTIONS_1 + FUNCTIONS_N
CONSTANTS = ("pi", "e")

_TOKEN = re.compile(r"\s*(?:(?P<num>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(?P<name>[A-Za-z_][A-Za-z_0-9]*)"
                    r"|(?P<op>\*\*|[-+*/^(),]))")


class ExpressionError(ValueError):
    """A claim expression that does not parse or names an unknown parameter."""


def _tokenize(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ExpressionError(f"cannot parse expression at {text[pos:pos + 20]!r} (position {pos})")
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        pos = m.end()
    out.append(("end", ""))
    return out


@lru_cache(maxsize=4096)
def _const(text: str, prec: int):
    from flint import arb

    return arb(text)


def _num(text: str) -> Callable:
    from flint import ctx

    if re.fullmatch(r"\d+", text):
        from flint import arb

        v = arb(int(text))
        return lambda env: v
    return lambda env: _const(text, ctx.prec)


def _is_ball(x) -> bool:
    """A plain Arb ball of positive radius (Duals and exact points use ordinary arithmetic)."""
    return type(x).__name__ == "arb" and not x.is_exact()


def _hull(*pts):
    out = pts[0]
    for q in pts[1:]:
        out = out.union(q)
    return out


def _keep_sign(res, vals):
    """``res`` (the ball intersected with the hull of ``vals``, the values at the ends), or a tight ball when the
    ends have one sign that the ball lost (a range like [1e-300, 1]; see :func:`tight`)."""
    if res > 0 or res < 0 or not res.is_finite():
        return res
    lo, hi = _lo_hi(list(vals))
    if lo > 0 or hi < 0:
        return tight(res, lo, hi)
    return res


def ball_mul(x, y):
    """x*y for balls, tightened to the hull of the endpoint products (interval arithmetic's exact range)."""
    r = x * y
    if not (_is_ball(x) and _is_ball(y)) or not r.is_finite():
        return r
    a, b, c, d = x.lower(), x.upper(), y.lower(), y.upper()
    vals = (a * c, a * d, b * c, b * d)
    return _keep_sign(r.intersection(_hull(*vals)), vals)


def ball_div(x, y):
    r = x / y
    if not (_is_ball(x) or _is_ball(y)) or not r.is_finite():
        return r
    a, b, c, d = x.lower(), x.upper(), y.lower(), y.upper()
    vals = (a / c, a / d, b / c, b / d)
    return _keep_sign(r.intersection(_hull(*vals)), vals)


def ball_ipow(x, k: int):
    r = x ** k
    if not _is_ball(x) or k in (0, 1) or not r.is_finite():
        return r
    a, b = x.lower(), x.upper()
    if k > 0 and k % 2 == 0 and a < 0 < b:
        return r.intersection(_hull(x.lower() * 0, a ** k, b ** k))
    return _keep_sign(r.intersection(_hull(a ** k, b ** k)), (a ** k, b ** k))


# -- tight balls (coordinates with a tiny positive end; see the module docstring) -----------------------------

_TIGHT = []


def tight_type():
    """The class of tight balls (an ``arb`` subclass with end enclosures ``lo``, ``hi``), created lazily so that
    importing this module does not import flint."""
    if not _TIGHT:
        from flint import arb

        class TightBall(arb):
            """An Arb ball whose true range also lies in ``[lo.lower(), hi.upper()]`` (``lo``, ``hi``: arb)."""

            __slots__ = ("lo", "hi")

        _TIGHT.append(TightBall)
    return _TIGHT[0]


def is_tight(x) -> bool:
    return bool(_TIGHT) and isinstance(x, _TIGHT[0])


def _is_plain_arb(x) -> bool:
    return type(x).__name__ == "arb" or is_tight(x)


def tight(ball, lo, hi):
    """The value with Arb ball ``ball`` (may be non-finite) and end enclosures ``lo <= range <= hi`` (arb):
    a tight ball when the ends keep a sign the ball lost, else the plain ball (intersected with the ends' hull)."""
    if not (lo.is_finite() and hi.is_finite()):
        return ball
    h = lo.union(hi)
    b = ball.intersection(h) if ball.is_finite() else h
    if (lo > 0 and not b > 0) or (hi < 0 and not b < 0):
        t = tight_type()(b)
        t.lo, t.hi = lo, hi
        return t
    return b


def ends(x):
    """(lo, hi) enclosures of the range of a plain or tight ball (exact end points for a plain ball)."""
    if is_tight(x):
        return x.lo, x.hi
    return x.lower(), x.upper()


def upper_end(v):
    """The upper end of a value (arb): for a tight ball the smaller of the ball's and ``hi``'s upper ends."""
    if is_tight(v):
        u = v.hi.upper()
        return u if u < v.upper() else v.upper()
    return v.upper()


def _lo_hi(vals):
    lo = hi = vals[0]
    for v in vals[1:]:
        lo, hi = lo.min(v), hi.max(v)
    return lo, hi


def _t_add(x, y):
    if not (is_tight(x) or is_tight(y)) or not (_is_plain_arb(x) and _is_plain_arb(y)):
        return x + y
    (a, b), (c, d) = ends(x), ends(y)
    from flint import arb

    return tight(arb(x) + arb(y), a + c, b + d)


def _t_sub(x, y):
    if not (is_tight(x) or is_tight(y)) or not (_is_plain_arb(x) and _is_plain_arb(y)):
        return x - y
    (a, b), (c, d) = ends(x), ends(y)
    from flint import arb

    return tight(arb(x) - arb(y), a - d, b - c)


def _t_neg(x):
    if not is_tight(x):
        return -x
    from flint import arb

    return tight(-arb(x), -x.hi, -x.lo)


def _mul(x, y):
    if not (_is_plain_arb(x) and _is_plain_arb(y)):
        return x * y
    if is_tight(x) or is_tight(y):
        from flint import arb

        (a, b), (c, d) = ends(x), ends(y)
        lo, hi = _lo_hi([a * c, a * d, b * c, b * d])
        return tight(ball_mul(arb(x), arb(y)), lo, hi)
    return ball_mul(x, y)


def _div(x, y):
    if not (_is_plain_arb(x) and _is_plain_arb(y)):
        return x / y
    if is_tight(x) or is_tight(y):
        from flint import arb

        (a, b), (c, d) = ends(x), ends(y)
        r = ball_div(arb(x), arb(y))
        if c > 0 or d < 0:
            lo, hi = _lo_hi([a / c, a / d, b / c, b / d])
            return tight(r, lo, hi)
        return r
    return ball_div(x, y)


def _pow(x, k):
    if not _is_plain_arb(x):
        return x ** k
    if is_tight(x):
        from flint import arb

        a, b = x.lo, x.hi
        r = ball_ipow(arb(x), k)
        if k == 0:
            return r
        if k > 0 and k % 2 == 0 and not (a >= 0 or b <= 0):
            return tight(r, arb(0), (a ** k).max(b ** k))
        if k > 0 or a > 0 or b < 0:        # monotone on a sign-definite range (or an odd power)
            return tight(r, *_lo_hi([a ** k, b ** k]))
        return r
    return ball_ipow(x, k)


MONOTONE = ("exp", "log", "sqrt", "erf", "erfc", "log1p", "expm1")


def _apply_monotone(name: str, x):
    """A monotone function of a ball: the Arb value intersected with the hull of the values at the endpoints."""
    if is_tight(x):
        from flint import arb

        r = getattr(arb(x), name)()
        at_lo, at_hi = getattr(x.lo, name)(), getattr(x.hi, name)()
        if not (at_lo.is_finite() and at_hi.is_finite()):   # an end outside the domain: plain Arb
            return r
        return tight(r, *_lo_hi([at_lo, at_hi]))
    r = getattr(x, name)()
    if not _is_ball(x) or not r.is_finite():
        return r
    lo, hi = getattr(x.lower(), name)(), getattr(x.upper(), name)()
    if not (lo.is_finite() and hi.is_finite()):
        return r
    return _keep_sign(r.intersection(lo.union(hi)), (lo, hi))


def arb_erfcx(z):
    """erfcx on an Arb ball: [erfcx(upper), erfcx(lower)] (erfcx is decreasing on R)."""
    if not z.is_finite():
        return z * 0 + z  # non-finite: propagate
    lo, hi = z.lower(), z.upper()
    v_hi = (lo * lo).exp() * lo.erfc()
    if lo == hi:
        return v_hi
    v_lo = (hi * hi).exp() * hi.erfc()
    return v_lo.union(v_hi)


def _apply1(name: str, a):
    if name == "abs":
        if is_tight(a):
            from flint import arb

            lo, hi = a.lo, a.hi
            if lo >= 0:
                return a
            if hi <= 0:
                return _t_neg(a)
            return tight(abs(arb(a)), arb(0), (-lo).max(hi))
        return abs(a)
    if name == "erfcx":
        if is_tight(a):
            from flint import arb

            return tight(arb_erfcx(arb(a)), *_lo_hi([arb_erfcx(a.lo), arb_erfcx(a.hi)]))
        return a.erfcx() if hasattr(a, "g") else arb_erfcx(a)
    return getattr(a, name)()


def _minmax(name: str, args):
    if any(is_tight(a) for a in args) and all(_is_plain_arb(a) for a in args):
        from flint import arb

        es = [ends(a) for a in args]
        los = _lo_hi([e[0] for e in es])
        his = _lo_hi([e[1] for e in es])
        out = arb(args[0])
        for b in args[1:]:
            out = out.min(arb(b)) if name == "min" else out.max(arb(b))
        return tight(out, los[0], his[0]) if name == "min" else tight(out, los[1], his[1])
    out = args[0]
    for b in args[1:]:
        out = out.min(b) if name == "min" else out.max(b)
    return out


class _Parser:
    def __init__(self, text: str, names: frozenset[str] | None):
        self.toks = _tokenize(text)
        self.i = 0
        self.names = names
        self.used: set[str] = set()

    def peek(self):
        return self.toks[self.i]

    def take(self, value: str | None = None):
        tok = self.toks[self.i]
        if value is not None and tok[1] != value:
            raise ExpressionError(f"expected {value!r}, got {tok[1] or 'end of expression'!r}")
        self.i += 1
        return tok

    def parse(self):
        f = self.expr()
        if self.peek()[0] != "end":
            raise ExpressionError(f"unexpected {self.peek()[1]!r} after a complete expression")
        return f

    def expr(self):
        f = self.term()
        while self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            g = self.term()
            f = (lambda f, g: lambda env: _t_add(f(env), g(env)))(f, g) if op == "+" else \
                (lambda f, g: lambda env: _t_sub(f(env), g(env)))(f, g)
        return f

    def term(self):
        f = self.unary()
        while self.peek()[1] in ("*", "/"):
            op = self.take()[1]
            g = self.unary()
            f = (lambda f, g: lambda env: _mul(f(env), g(env)))(f, g) if op == "*" else \
                (lambda f, g: lambda env: _div(f(env), g(env)))(f, g)
        return f

    def unary(self):
        if self.peek()[1] == "-":
            self.take()
            f = self.unary()
            return lambda env: _t_neg(f(env))
        if self.peek()[1] == "+":
            self.take()
            return self.unary()
        return self.power()

    def power(self):
        base = self.atom()
        if self.peek()[1] in ("^", "**"):
            self.take()
            # integer literal exponent (optionally negated): exact integer power
            j = self.i
            neg = False
            if self.toks[j][1] == "-":
                neg, j = True, j + 1
            if self.toks[j][0] == "num" and re.fullmatch(r"\d+", self.toks[j][1]) and \
                    self.toks[j + 1][1] not in ("^", "**"):
                k = int(self.toks[j][1]) * (-1 if neg else 1)
                self.i = j + 1
                return lambda env: _pow(base(env), k)
            ex = self.unary()
            # x^y = exp(y log x), with the monotone endpoint hull on exp and log (the certificate checker's rule)
            return lambda env: _apply_monotone("exp", _mul(ex(env), _apply_monotone("log", base(env))))
        return base

    def atom(self):
        kind, val = self.take()
        if kind == "num":
            return _num(val)
        if kind == "name":
            if self.peek()[1] == "(":
                if val not in FUNCTIONS:
                    raise ExpressionError(f"unknown function {val!r}; known: {', '.join(FUNCTIONS)}")
                self.take("(")
                args = [self.expr()]
                while self.peek()[1] == ",":
                    self.take()
                    args.append(self.expr())
                self.take(")")
                if val in FUNCTIONS_1:
                    if len(args) != 1:
                        raise ExpressionError(f"{val}() takes one argument, got {len(args)}")
                    a = args[0]
                    if val == "abs":
                        return lambda env: _apply1("abs", a(env))
                    if val == "erfcx":
                        return lambda env: _apply1("erfcx", a(env))
                    meth = val
                    return lambda env: _apply_monotone(meth, a(env))
                if len(args) < 2:
                    raise ExpressionError(f"{val}() takes at least two arguments")
                return lambda env: _minmax(val, [a(env) for a in args])
            if self.names is not None and val in self.names:
                self.used.add(val)
                return lambda env: env[val]
            if val == "pi":
                from flint import arb

                return lambda env: arb.pi()
            if val == "e":
                from flint import arb

                return lambda env: arb(1).exp()
            if self.names is None:
                self.used.add(val)
                return lambda env: env[val]
            raise ExpressionError(f"unknown name {val!r} (parameters: {sorted(self.names)}; constants: pi, e)")
        if val == "(":
            f = self.expr()
            self.take(")")
            return f
        raise ExpressionError(f"unexpected {val or 'end of expression'!r}")


def compile_expression(text: str, names=None) -> Callable:
    """Compile ``text`` to ``f(env) -> arb``; ``names`` (if given) are the allowed parameter names."""
    if not isinstance(text, str) or not text.strip():
        raise ExpressionError("expression must be a non-empty string")
    p = _Parser(text, frozenset(names) if names is not None else None)
    f = p.parse()
    f.expression_text = text  # type: ignore[attr-defined]
    f.names_used = frozenset(p.used)  # type: ignore[attr-defined]
    return f
