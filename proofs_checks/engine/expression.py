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

__all__ = ["compile_expression", "ExpressionError", "FUNCTIONS", "CONSTANTS"]

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


def ball_mul(x, y):
    """x*y for balls, tightened to the hull of the endpoint products (interval arithmetic's exact range)."""
    r = x * y
    if not (_is_ball(x) and _is_ball(y)) or not r.is_finite():
        return r
    a, b, c, d = x.lower(), x.upper(), y.lower(), y.upper()
    return r.intersection(_hull(a * c, a * d, b * c, b * d))


def ball_div(x, y):
    r = x / y
    if not (_is_ball(x) or _is_ball(y)) or not r.is_finite():
        return r
    a, b, c, d = x.lower(), x.upper(), y.lower(), y.upper()
    return r.intersection(_hull(a / c, a / d, b / c, b / d))


def ball_ipow(x, k: int):
    r = x ** k
    if not _is_ball(x) or k in (0, 1) or not r.is_finite():
        return r
    a, b = x.lower(), x.upper()
    if k > 0 and k % 2 == 0 and a < 0 < b:
        return r.intersection(_hull(x.lower() * 0, a ** k, b ** k))
    return r.intersection(_hull(a ** k, b ** k))


def _mul(x, y):
    return ball_mul(x, y) if type(x).__name__ == "arb" and type(y).__name__ == "arb" else x * y


def _div(x, y):
    return ball_div(x, y) if type(x).__name__ == "arb" and type(y).__name__ == "arb" else x / y


def _pow(x, k):
    return ball_ipow(x, k) if type(x).__name__ == "arb" else x ** k


MONOTONE = ("exp", "log", "sqrt", "erf", "erfc", "log1p", "expm1")


def _apply_monotone(name: str, x):
    """A monotone function of a ball: the Arb value intersected with the hull of the values at the endpoints."""
    r = getattr(x, name)()
    if not _is_ball(x) or not r.is_finite():
        return r
    lo, hi = getattr(x.lower(), name)(), getattr(x.upper(), name)()
    if not (lo.is_finite() and hi.is_finite()):
        return r
    return r.intersection(lo.union(hi))


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
        return abs(a)
    if name == "erfcx":
        return a.erfcx() if hasattr(a, "g") else arb_erfcx(a)
    return getattr(a, name)()


def _minmax(name: str, args):
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
            f = (lambda f, g: lambda env: f(env) + g(env))(f, g) if op == "+" else \
                (lambda f, g: lambda env: f(env) - g(env))(f, g)
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
            return lambda env: -f(env)
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
                        return lambda env: abs(a(env))
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
