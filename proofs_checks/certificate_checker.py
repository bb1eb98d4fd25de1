"""Independent re-verifier of engine certificates (issue 12, item 7): ``dpsco-ref check-certificate FILE``.

Trust in a CERTIFIED verdict rests on this file, not on the engine: it shares no code with
``proofs_checks.engine`` and uses only python-flint (Arb), the standard library and json.  It checks that

1. the certificate is well formed and its ``params`` describe a valid box;
2. the leaves cover the box **exactly**: every leaf lies in the box, and the box is recursively cut by
   hyperplanes that no leaf straddles until each piece is exactly one leaf (a guillotine decomposition; gaps,
   overlaps and duplicates are rejected).  Integer coordinates ``a..b`` are treated as the cells ``[a, b+1)``;
3. every leaf's bound, recomputed here in Arb at the certificate's precision, is <= 0 -- the decision rests on
   this recomputation alone; the stored ``upper`` is informative (it must be a number <= 0 that the recomputed
   enclosure does not refute, never equal to it): ``ball`` (the expression on the leaf's balls), ``mean-value``
   (f(center) + sum G_i (X_i - center_i), G recomputed by this file's own forward-mode differentiation), ``limit``
   (a monotonicity fact's limit expression);
4. every coordinate fixed at an end of the leaf is justified: ``gradient`` -- the recomputed derivative
   enclosure on the leaf has the required sign; ``fact:k`` -- fact k covers the leaf's range and is either
   *certified* (its nested derivative certificate is valid over the fact's range; that the nested expression is
   the derivative of the claim is reported as an assumption) or *declared* (reported as an assumption;
   ``--strict`` rejects declared facts).

Expressions: the grammar documented in the certificate format (``+ - * / ^``, exp log sqrt erf erfc erfcx log1p
expm1 abs min max, pi, e, decimal literals, parameter names), parsed by this file's own parser; or
``{"kind": "callable", "path": "module:function"}``, a pure Arb function imported by path (trusted as given); or
``{"kind": "derivative", "of": <expression>, "wrt": name, "negate": bool}``, differentiated here.  A fact whose
nested certificate is about the derivative of the claim itself needs no further trust.

Semantics (the grammar of the certificate format): ``x^n`` with an integer literal ``n`` is the exact integer
power (repeated multiplication, any sign of ``x``); any other ``x^y`` is ``exp(y log x)`` and needs ``x > 0`` --
where the enclosure reaches ``x <= 0`` the value is not finite and the leaf is rejected (a domain error is never a
pass).  A leaf coordinate ``[a, b]`` whose ball ``arb(a).union(arb(b))`` (nonnegative part when ``a >= 0``) loses
the sign of ``[a, b]`` (``0 < a``, ``a / b < 2^-30``) is a :class:`Tight` ball carrying ``arb(a)``, ``arb(b)``;
operations propagate the end enclosures (interval arithmetic) and the upper bound is the smaller of the ball's and
the end enclosure's.

Exit status: 0 valid, 1 invalid (with the reason), 2 usage error (missing file, bad arguments).
"""
from __future__ import annotations

import importlib
import json
import math
import re
import sys

import flint
from flint import arb

FORMAT = "dpsco-certificate/1"


class Invalid(Exception):
    """The certificate is not valid (the message says why)."""


# ----------------------------------------------------------------------------------------------------------
# numbers
# ----------------------------------------------------------------------------------------------------------

def num(x, integer=False):
    if integer:
        if isinstance(x, bool) or not isinstance(x, int):
            if x in ("inf", "Infinity"):
                return math.inf
            raise Invalid(f"integer endpoint expected, got {x!r}")
        return x
    if isinstance(x, bool):
        raise Invalid(f"number expected, got {x!r}")
    if isinstance(x, int):
        return float(x)
    if isinstance(x, str):
        try:
            v = float(x)
        except ValueError:
            raise Invalid(f"number expected, got {x!r}") from None
        if math.isnan(v):
            raise Invalid("NaN endpoint")
        return v
    if isinstance(x, float) and not math.isnan(x):
        return x
    raise Invalid(f"number expected, got {x!r}")


class Tight(arb):
    """A ball whose values also lie in ``[lo.lower(), hi.upper()]`` (``lo``, ``hi``: arb enclosures of the ends).

    A midpoint-radius ball of ``[a, b]`` with ``0 < a``, ``a / b < 2^-30`` reaches 0 (outward rounding of the
    radius); the ends keep the sign, so ``log``, ``1/x``, ``x^y`` stay defined on them."""

    __slots__ = ("lo", "hi")


def plain(x):
    return arb(x) if isinstance(x, Tight) else x


def ends_of(x):
    return (x.lo, x.hi) if isinstance(x, Tight) else (x.lower(), x.upper())


def low_high(vals):
    lo = hi = vals[0]
    for v in vals[1:]:
        lo, hi = lo.min(v), hi.max(v)
    return lo, hi


def with_ends(ball, lo, hi):
    """The ball intersected with [lo, hi]; a Tight ball when the ends have a sign the ball lost."""
    if not (lo.is_finite() and hi.is_finite()):
        return ball
    h = lo.union(hi)
    b = ball.intersection(h) if ball.is_finite() else h
    if (lo > 0 and not b > 0) or (hi < 0 and not b < 0):
        t = Tight(b)
        t.lo, t.hi = lo, hi
        return t
    return b


def keep_sign(res, vals):
    if res > 0 or res < 0 or not res.is_finite():
        return res
    lo, hi = low_high(list(vals))
    return with_ends(res, lo, hi) if (lo > 0 or hi < 0) else res


def make_ball(a, b):
    if not (math.isfinite(a) and math.isfinite(b)):
        return None
    if a == b:
        return arb(a)
    x = arb(a).union(arb(b))
    x = x.nonnegative_part() if a >= 0 else x
    if (a > 0 and not x > 0) or (b < 0 and not x < 0):
        return with_ends(x, arb(a), arb(b))
    return x


# ----------------------------------------------------------------------------------------------------------
# forward-mode differentiation (value, gradient) over Arb
# ----------------------------------------------------------------------------------------------------------

def erfcx_ball(z):
    if not z.is_finite():
        return arb("nan")
    lo, hi = z.lower(), z.upper()
    at_lo = (lo * lo).exp() * lo.erfc()
    if lo == hi:
        return at_lo
    return ((hi * hi).exp() * hi.erfc()).union(at_lo)


class NoDerivative(ArithmeticError):
    pass


DERIV = {
    "exp": lambda v, val: val,
    "log": lambda v, val: 1 / v,
    "sqrt": lambda v, val: 1 / (2 * val),
    "erf": lambda v, val: 2 / arb.pi().sqrt() * (-(v ** 2)).exp(),
    "erfc": lambda v, val: -2 / arb.pi().sqrt() * (-(v ** 2)).exp(),
    "erfcx": lambda v, val: 2 * v * val - 2 / arb.pi().sqrt(),
    "log1p": lambda v, val: 1 / (1 + v),
    "expm1": lambda v, val: v.exp(),
}


class D:
    """(value, gradient) enclosures; operators so that callable claims can be differentiated too."""

    __slots__ = ("v", "g")

    def __init__(self, v, g):
        self.v, self.g = v, list(g)

    @staticmethod
    def lift(x, n):
        if isinstance(x, D):
            return x
        if isinstance(x, (int, float, arb)):
            return D(arb(x), [arb(0)] * n)
        raise NoDerivative(f"unsupported operand {type(x).__name__}")

    def __add__(self, o):
        o = D.lift(o, len(self.g))
        return D(self.v + o.v, [a + b for a, b in zip(self.g, o.g)])

    __radd__ = __add__

    def __neg__(self):
        return D(-self.v, [-a for a in self.g])

    def __sub__(self, o):
        return self + (-D.lift(o, len(self.g)))

    def __rsub__(self, o):
        return D.lift(o, len(self.g)) + (-self)

    def __mul__(self, o):
        o = D.lift(o, len(self.g))
        return D(self.v * o.v, [a * o.v + self.v * b for a, b in zip(self.g, o.g)])

    __rmul__ = __mul__

    def __truediv__(self, o):
        o = D.lift(o, len(self.g))
        q = self.v / o.v
        return D(q, [(a - q * b) / o.v for a, b in zip(self.g, o.g)])

    def __rtruediv__(self, o):
        return D.lift(o, len(self.g)) / self

    def __pow__(self, k):
        if isinstance(k, int):
            if k == 0:
                return D.lift(1, len(self.g))
            return D(self.v ** k, [k * self.v ** (k - 1) * a for a in self.g])
        return (D.lift(k, len(self.g)) * self.log()).exp()

    def __abs__(self):
        if self.v >= 0:
            return self
        if self.v <= 0:
            return -self
        raise NoDerivative("abs at 0")

    def apply(self, name):
        val = erfcx_ball(self.v) if name == "erfcx" else getattr(self.v, name)()
        der = DERIV[name](self.v, val)
        return D(val, [der * a for a in self.g])

    def exp(self):
        return self.apply("exp")

    def log(self):
        return self.apply("log")

    def sqrt(self):
        return self.apply("sqrt")

    def erf(self):
        return self.apply("erf")

    def erfc(self):
        return self.apply("erfc")

    def erfcx(self):
        return self.apply("erfcx")

    def log1p(self):
        return self.apply("log1p")

    def expm1(self):
        return self.apply("expm1")

    def min(self, o):
        o = D.lift(o, len(self.g))
        if self.v <= o.v:
            return self
        if o.v <= self.v:
            return o
        raise NoDerivative("min of overlapping balls")

    def max(self, o):
        o = D.lift(o, len(self.g))
        if self.v >= o.v:
            return self
        if o.v >= self.v:
            return o
        raise NoDerivative("max of overlapping balls")

    def is_finite(self):
        return self.v.is_finite() and all(a.is_finite() for a in self.g)


def hull(*xs):
    h = xs[0]
    for x in xs[1:]:
        h = h.union(x)
    return h


def wide(x):
    return isinstance(x, arb) and not x.is_exact()


class Ops:
    """Arb arithmetic on plain balls (``n is None``) or on D (value, gradient) pairs of length ``n``.

    Plain balls follow the certificate format's evaluation rule: a product / quotient / integer power of balls
    is intersected with the hull of its endpoint values (the interval-arithmetic range); D pairs use plain Arb."""

    def __init__(self, n=None):
        self.n = n

    def const(self, v):
        return v if self.n is None else D.lift(v, self.n)

    def tight(self, *xs):
        return self.n is None and any(isinstance(x, Tight) for x in xs)

    def add(self, x, y):
        if not self.tight(x, y):
            return x + y
        (a, b), (c, d) = ends_of(x), ends_of(y)
        return with_ends(plain(x) + plain(y), a + c, b + d)

    def sub(self, x, y):
        if not self.tight(x, y):
            return x - y
        (a, b), (c, d) = ends_of(x), ends_of(y)
        return with_ends(plain(x) - plain(y), a - d, b - c)

    def neg(self, x):
        if not self.tight(x):
            return -x
        return with_ends(-plain(x), -x.hi, -x.lo)

    def mul(self, x, y):
        if self.tight(x, y):
            (a, b), (c, d) = ends_of(x), ends_of(y)
            return with_ends(self.mul(plain(x), plain(y)), *low_high([a * c, a * d, b * c, b * d]))
        r = x * y
        if self.n is not None or not (wide(x) and wide(y)) or not r.is_finite():
            return r
        xl, xu, yl, yu = x.lower(), x.upper(), y.lower(), y.upper()
        vals = (xl * yl, xl * yu, xu * yl, xu * yu)
        return keep_sign(r.intersection(hull(*vals)), vals)

    def div(self, x, y):
        if self.tight(x, y):
            (a, b), (c, d) = ends_of(x), ends_of(y)
            r = self.div(plain(x), plain(y))
            if c > 0 or d < 0:
                return with_ends(r, *low_high([a / c, a / d, b / c, b / d]))
            return r
        r = x / y
        if self.n is not None or not (wide(x) or wide(y)) or not r.is_finite():
            return r
        xl, xu, yl, yu = x.lower(), x.upper(), y.lower(), y.upper()
        vals = (xl / yl, xl / yu, xu / yl, xu / yu)
        return keep_sign(r.intersection(hull(*vals)), vals)

    def ipow(self, x, k):
        if self.tight(x):
            a, b = x.lo, x.hi
            r = self.ipow(plain(x), k)
            if k == 0:
                return r
            if k > 0 and k % 2 == 0 and not (a >= 0 or b <= 0):
                return with_ends(r, arb(0), (a ** k).max(b ** k))
            if k > 0 or a > 0 or b < 0:
                return with_ends(r, *low_high([a ** k, b ** k]))
            return r
        r = x ** k
        if self.n is not None or not wide(x) or k in (0, 1) or not r.is_finite():
            return r
        lo, hi = x.lower(), x.upper()
        if k > 0 and k % 2 == 0 and lo < 0 < hi:
            return r.intersection(hull(x.lower() * 0, lo ** k, hi ** k))
        return keep_sign(r.intersection(hull(lo ** k, hi ** k)), (lo ** k, hi ** k))

    def func(self, name, x):
        if self.n is not None:
            return abs(x) if name == "abs" else x.apply(name)
        if isinstance(x, Tight):
            lo, hi = x.lo, x.hi
            if name == "abs":
                if lo >= 0:
                    return x
                if hi <= 0:
                    return self.neg(x)
                return with_ends(abs(plain(x)), arb(0), (-lo).max(hi))
            if name == "erfcx":
                return with_ends(erfcx_ball(plain(x)), *low_high([erfcx_ball(lo), erfcx_ball(hi)]))
            r = getattr(plain(x), name)()
            at_lo, at_hi = getattr(lo, name)(), getattr(hi, name)()
            if not (at_lo.is_finite() and at_hi.is_finite()):
                return r
            return with_ends(r, *low_high([at_lo, at_hi]))
        if name == "abs":
            return abs(x)
        if name == "erfcx":
            return erfcx_ball(x)
        r = getattr(x, name)()      # exp log sqrt erf erfc log1p expm1: monotone, so also the endpoint hull
        if not wide(x) or not r.is_finite():
            return r
        at_lo, at_hi = getattr(x.lower(), name)(), getattr(x.upper(), name)()
        if not (at_lo.is_finite() and at_hi.is_finite()):
            return r
        return keep_sign(r.intersection(at_lo.union(at_hi)), (at_lo, at_hi))

    def minmax(self, name, vals):
        if self.tight(*vals):
            es = [ends_of(v) for v in vals]
            los, his = low_high([e[0] for e in es]), low_high([e[1] for e in es])
            out = plain(vals[0])
            for v in vals[1:]:
                out = out.min(plain(v)) if name == "min" else out.max(plain(v))
            return with_ends(out, los[0], his[0]) if name == "min" else with_ends(out, los[1], his[1])
        out = vals[0]
        for v in vals[1:]:
            out = out.min(v) if name == "min" else out.max(v)
        return out


# ----------------------------------------------------------------------------------------------------------
# expression parser (recursive descent to a tree; evaluated by Ops)
# ----------------------------------------------------------------------------------------------------------

TOKEN = re.compile(r"\s*(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*)|(\*\*|[-+*/^(),]))")
UNARY = {"exp", "log", "sqrt", "erf", "erfc", "erfcx", "log1p", "expm1", "abs"}


def tokens(text):
    out, pos, text = [], 0, text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise Invalid(f"expression does not parse at {text[pos:pos + 20]!r}")
        out.append(("num", m.group(1)) if m.group(1) else ("name", m.group(2)) if m.group(2) else ("op", m.group(3)))
        pos = m.end()
    return out + [("end", "")]


def parse(text, names):
    """Tree: ('num', s) ('var', n) ('pi',) ('e',) ('+'|'-'|'*'|'/', a, b) ('neg', a) ('ipow', a, k)
    ('pow', a, b) ('f', name, a) ('mm', name, [a...])."""
    toks, i = tokens(text), [0]

    def peek():
        return toks[i[0]][1]

    def take(v=None):
        t = toks[i[0]]
        if v is not None and t[1] != v:
            raise Invalid(f"expression: expected {v!r}, got {t[1]!r}")
        i[0] += 1
        return t

    def expr():
        a = term()
        while peek() in ("+", "-"):
            a = (take()[1], a, term())
        return a

    def term():
        a = unary()
        while peek() in ("*", "/"):
            a = (take()[1], a, unary())
        return a

    def unary():
        if peek() == "-":
            take()
            return ("neg", unary())
        if peek() == "+":
            take()
            return unary()
        return power()

    def power():
        a = atom()
        if peek() in ("^", "**"):
            take()
            j, sign = i[0], 1
            if toks[j][1] == "-":
                sign, j = -1, j + 1
            if toks[j][0] == "num" and toks[j][1].isdigit() and toks[j + 1][1] not in ("^", "**"):
                i[0] = j + 1
                return ("ipow", a, sign * int(toks[j][1]))
            return ("pow", a, unary())
        return a

    def atom():
        kind, v = take()
        if kind == "num":
            return ("num", v)
        if kind == "name":
            if peek() == "(":
                take("(")
                args = [expr()]
                while peek() == ",":
                    take()
                    args.append(expr())
                take(")")
                if v in UNARY and len(args) == 1:
                    return ("f", v, args[0])
                if v in ("min", "max") and len(args) >= 2:
                    return ("mm", v, args)
                raise Invalid(f"expression: unknown function or arity {v}/{len(args)}")
            if v in names:
                return ("var", v)
            if v in ("pi", "e"):
                return (v,)
            raise Invalid(f"expression: unknown name {v!r}")
        if v == "(":
            a = expr()
            take(")")
            return a
        raise Invalid(f"expression: unexpected {v!r}")

    tree = expr()
    if peek() != "":
        raise Invalid(f"expression: trailing {peek()!r}")
    return tree


def evaluate(tree, env, ops):
    k = tree[0]
    if k == "num":
        return ops.const(arb(int(tree[1])) if tree[1].isdigit() else arb(tree[1]))
    if k == "var":
        return env[tree[1]]
    if k == "pi":
        return ops.const(arb.pi())
    if k == "e":
        return ops.const(arb(1).exp())
    if k in ("+", "-", "*", "/"):
        a, b = evaluate(tree[1], env, ops), evaluate(tree[2], env, ops)
        return ops.add(a, b) if k == "+" else ops.sub(a, b) if k == "-" else ops.mul(a, b) if k == "*" else \
            ops.div(a, b)
    if k == "neg":
        return ops.neg(evaluate(tree[1], env, ops))
    if k == "ipow":
        return ops.ipow(evaluate(tree[1], env, ops), tree[2])
    if k == "pow":   # x^y = exp(y log x), x > 0 only (log of a ball reaching 0 is not finite: leaf rejected)
        base, ex = evaluate(tree[1], env, ops), evaluate(tree[2], env, ops)
        return ops.func("exp", ops.mul(ex, ops.func("log", base)))
    if k == "f":
        return ops.func(tree[1], evaluate(tree[2], env, ops))
    if k == "mm":
        return ops.minmax(tree[1], [evaluate(a, env, ops) for a in tree[2]])
    raise Invalid(f"bad expression node {k!r}")


class Claim:
    """An expression from a certificate: evaluate on balls, or (value, gradient) on D pairs."""

    def __init__(self, spec, names):
        if not isinstance(spec, dict) or spec.get("kind") not in ("grammar", "callable", "derivative"):
            raise Invalid(f"expression must be {{'kind': 'grammar'|'callable'|'derivative', ...}}, got {spec!r}")
        self.names = list(names)
        self.tree = self.fn = self.of = None
        if spec["kind"] == "derivative":
            # d(of)/d(wrt), recomputed here by this file's own forward-mode differentiation
            self.of = Claim(spec.get("of"), names)
            if spec.get("wrt") not in self.names:
                raise Invalid(f"derivative with respect to unknown {spec.get('wrt')!r}")
            self.wrt, self.negate = spec["wrt"], bool(spec.get("negate"))
            self.text = f"{'-' if self.negate else ''}d({self.of.text})/d{self.wrt}"
        elif spec["kind"] == "grammar":
            self.text = spec.get("text")
            if not isinstance(self.text, str):
                raise Invalid("grammar expression without text")
            self.tree = parse(self.text, set(names))
        else:
            self.text = spec.get("path", "")
            mod, _, qual = self.text.partition(":")
            try:
                obj = importlib.import_module(mod)
                for part in qual.split("."):
                    obj = getattr(obj, part)
            except Exception as e:  # noqa: BLE001
                raise Invalid(f"cannot import the claim function {self.text!r}: {e}") from None
            self.fn = obj

    def value(self, env):
        if self.of is not None:
            d = self.of.gradient(env)
            if d is None:
                return None
            g = d.g[self.names.index(self.wrt)]
            return -g if self.negate else g
        try:
            if self.tree is not None:
                v = evaluate(self.tree, env, Ops())
            else:
                v = self.fn(dict(env))
                v = v if isinstance(v, arb) else arb(v)
        except (ArithmeticError, ValueError):
            return None
        return v if v.is_finite() else None

    def gradient(self, env):
        """Value and gradient enclosures (list in ``names`` order); None when not differentiable here."""
        n = len(self.names)
        if self.of is not None:   # second derivatives: differentiate the derivative (nested D)
            denv = {name: D(env[name], [arb(1) if i == j else arb(0) for i in range(n)])
                    for j, name in enumerate(self.names)}
            try:
                d = self.of.gradient(denv)
            except (ArithmeticError, ValueError, TypeError, AttributeError):
                return None
            if d is None:
                return None
            g = d.g[self.names.index(self.wrt)]
            g = -g if self.negate else g
            return g if isinstance(g, D) and g.is_finite() else None
        denv = {}
        for j, name in enumerate(self.names):
            denv[name] = D(env[name], [arb(1) if i == j else arb(0) for i in range(n)])
        try:
            d = evaluate(self.tree, denv, Ops(n)) if self.tree is not None else self.fn(dict(denv))
        except (ArithmeticError, ValueError, TypeError, AttributeError):
            return None
        if not isinstance(d, D) or not d.is_finite():
            return None
        return d


# ----------------------------------------------------------------------------------------------------------
# the checks
# ----------------------------------------------------------------------------------------------------------

def read_params(raw):
    if not isinstance(raw, list) or not raw:
        raise Invalid("params must be a non-empty list")
    out = []
    for p in raw:
        try:
            name, integer = p["name"], bool(p["integer"])
            lo, hi = num(p["lo"], integer), num(p["hi"], integer)
        except (KeyError, TypeError):
            raise Invalid(f"bad param record {p!r}") from None
        if not (isinstance(name, str) and name.isidentifier()) or not lo <= hi or lo == math.inf:
            raise Invalid(f"bad param {p!r}")
        out.append({"name": name, "lo": lo, "hi": hi, "integer": integer,
                    "lo_open": bool(p.get("lo_open")), "hi_open": bool(p.get("hi_open"))})
    if len({p["name"] for p in out}) != len(out):
        raise Invalid("duplicate parameter names")
    return out


def cell(p, a, b):
    """Interval used for the coverage check (integer a..b -> [a, b+1))."""
    return (a, b + 1 if math.isfinite(b) else b) if p["integer"] else (a, b)


def check_cover(params, leaves):
    """Guillotine decomposition of the box into exactly the leaves (no gaps, no overlaps)."""
    root = tuple(cell(p, p["lo"], p["hi"]) for p in params)
    cells = []
    for k, lf in enumerate(leaves):
        c = tuple(cell(p, a, b) for p, (a, b) in zip(params, lf["_box"]))
        for (a, b), (lo, hi), p in zip(c, root, params):
            if not (lo <= a and b <= hi):
                raise Invalid(f"leaf {k} leaves the box in {p['name']}: [{a}, {b}] not in [{lo}, {hi}]")
            if a > b or (a == b and lo < hi):
                raise Invalid(f"leaf {k} is empty in {p['name']}")
        cells.append((c, k))
    stack = [(root, cells)]
    while stack:
        box, items = stack.pop()
        if not items:
            raise Invalid(f"gap: no leaf covers the sub-box {box}")
        if len(items) == 1:
            if items[0][0] != box:
                raise Invalid(f"gap: leaf {items[0][1]} {items[0][0]} does not fill the sub-box {box}")
            continue
        cut = None
        for i in range(len(box)):
            order = sorted(items, key=lambda t: t[0][i][0])
            reach = -math.inf
            for t in order:
                a = t[0][i][0]
                if a > box[i][0] and reach <= a:
                    cut = (i, a)
                    break
                reach = max(reach, t[0][i][1])
            if cut:
                break
        if cut is None:
            raise Invalid(f"overlap: leaves {[t[1] for t in items][:6]} overlap in the sub-box {box}")
        i, c = cut
        left = [t for t in items if t[0][i][1] <= c]
        right = [t for t in items if t[0][i][0] >= c]
        lb = tuple((iv[0], c) if j == i else iv for j, iv in enumerate(box))
        rb = tuple((c, iv[1]) if j == i else iv for j, iv in enumerate(box))
        stack.append((lb, left))
        stack.append((rb, right))


def top_of(v):
    """Upper end (arb) of a value: for a Tight ball the smaller of its ball's and its hi's upper ends."""
    if isinstance(v, Tight) and v.hi.upper() < v.upper():
        return v.hi.upper()
    return v.upper()


def bottom_of(v):
    if isinstance(v, Tight) and v.lo.lower() > v.lower():
        return v.lo.lower()
    return v.lower()


def upper_of(v):
    """A float >= every point of the value (inf when not finite; -max float below -1.8e308)."""
    top = top_of(v)
    u = float(top)
    if u == -math.inf:
        return -sys.float_info.max
    if not math.isfinite(u):
        return math.inf
    while arb(u) < top:
        u = math.nextafter(u, math.inf)
    return u


class Checker:
    def __init__(self, strict=False):
        self.strict = strict
        self.assumptions = []
        self.n_leaves = 0

    def check(self, cert, restrict=None, depth=0):
        if not isinstance(cert, dict) or cert.get("format") != FORMAT:
            raise Invalid(f"not a {FORMAT} certificate")
        if cert.get("relation") != "expression <= 0 at every point of the box":
            raise Invalid(f"unknown relation {cert.get('relation')!r}")
        params = read_params(cert.get("params"))
        if restrict is not None:
            mine = [(p["name"], p["lo"], p["hi"], p["integer"]) for p in params]
            if mine != [r[:4] for r in restrict]:
                raise Invalid(f"nested certificate box {mine} is not the fact's box {[r[:4] for r in restrict]}")
            for p, r in zip(params, restrict):   # an open end may only be claimed where the outer box has one
                if p["lo_open"] and not r[4] or p["hi_open"] and not r[5]:
                    raise Invalid(f"nested certificate opens an end of {p['name']} that the fact's box closes")
        self.box_text = "; ".join(f"{p['name']} in {'(' if p['lo_open'] else '['}{p['lo']:g}, {p['hi']:g}"
                                  f"{')' if p['hi_open'] else ']'}{' integer' if p['integer'] else ''}"
                                  for p in params) if depth == 0 else getattr(self, "box_text", "")
        names = [p["name"] for p in params]
        prec = cert.get("precision_bits")
        if not isinstance(prec, int) or not 16 <= prec <= 65536:
            raise Invalid(f"bad precision_bits {prec!r}")
        claim = Claim(cert.get("expression"), names)
        facts = self.check_facts(cert.get("monotonicity_facts") or [], params, depth, cert.get("expression"))
        leaves = cert.get("leaves")
        if not isinstance(leaves, list) or not leaves:
            raise Invalid("no leaves")
        for k, lf in enumerate(leaves):
            try:
                lf["_box"] = [(num(a, p["integer"]), num(b, p["integer"])) for p, (a, b) in zip(params, lf["box"])]
            except (KeyError, TypeError, ValueError):
                raise Invalid(f"leaf {k}: bad box") from None
            if len(lf["_box"]) != len(params):
                raise Invalid(f"leaf {k}: box has {len(lf['_box'])} coordinates, expected {len(params)}")
        check_cover(params, leaves)
        old = flint.ctx.prec
        flint.ctx.prec = prec
        try:
            for k, lf in enumerate(leaves):
                self.check_leaf(k, lf, params, claim, facts)
        finally:
            flint.ctx.prec = old
        self.n_leaves += len(leaves)
        return claim.text

    def check_facts(self, raw, params, depth, expression):
        out = []
        pmap = {p["name"]: p for p in params}
        for k, f in enumerate(raw):
            try:
                p = pmap[f["param"]]
                direction = f["direction"]
                start, end = num(f["start"], p["integer"]), num(f["end"], p["integer"])
            except (KeyError, TypeError):
                raise Invalid(f"fact {k}: malformed") from None
            if direction not in ("nonincreasing", "nondecreasing") or not p["lo"] <= start <= end <= p["hi"]:
                raise Invalid(f"fact {k}: bad direction or range")
            status = f.get("status")
            text = f"claim {direction} in {p['name']} on [{start}, {end}]"
            if status == "certified":
                sub = f.get("derivative_certificate")
                if not isinstance(sub, dict):
                    raise Invalid(f"fact {k}: certified but no derivative certificate")
                restrict = [(q["name"], start, end, q["integer"], q["lo_open"] and start == q["lo"],
                             q["hi_open"] and end == q["hi"]) if q["name"] == p["name"] else
                            (q["name"], q["lo"], q["hi"], q["integer"], q["lo_open"], q["hi_open"]) for q in params]
                try:
                    dtext = Checker.check(self, sub, restrict, depth + 1)
                except Invalid as e:
                    raise Invalid(f"fact {k} ({text}): derivative certificate invalid: {e}") from None
                own = {"kind": "derivative", "of": expression, "wrt": p["name"],
                       "negate": direction == "nondecreasing"}
                if sub.get("expression") != own:
                    sign = "<= 0" if direction == "nonincreasing" else ">= 0 (certified as -(d) <= 0)"
                    self.assumptions.append(f"{text}: certified sign of {dtext!r} {sign}; that it is the "
                                            f"derivative of the claim is not re-derived")
            elif status == "declared":
                if self.strict:
                    raise Invalid(f"fact {k} ({text}) is declared, not certified (--strict)")
                self.assumptions.append(f"declared: {text}" + (f" ({f['justification']})" if f.get("justification")
                                                               else ""))
            else:
                raise Invalid(f"fact {k}: unknown status {status!r}")
            limit = Claim(f["limit"], [q["name"] for q in params]) if f.get("limit") else None
            out.append({"param": p["name"], "direction": direction, "start": start, "end": end, "limit": limit})
        return out

    def check_leaf(self, k, lf, params, claim, facts):
        box = lf["_box"]
        form = lf.get("form", "ball")
        fixed = {n: num(v, any(p["integer"] for p in params if p["name"] == n))
                 for n, v in (lf.get("fixed") or {}).items()}
        fixed_by = lf.get("fixed_by") or {}
        if set(fixed) - set(fixed_by):
            raise Invalid(f"leaf {k}: fixed coordinates without a justification")
        names = [p["name"] for p in params]
        idx = {n: i for i, n in enumerate(names)}
        env = {p["name"]: make_ball(a, b) for p, (a, b) in zip(params, box)}
        # facts first
        limit_claim, limit_param = None, None
        for n, why in fixed_by.items():
            if n not in idx:
                raise Invalid(f"leaf {k}: unknown coordinate {n!r}")
            if why == "gradient":
                if n not in fixed:
                    raise Invalid(f"leaf {k}: {n} justified by the gradient but not fixed")
                continue
            m = re.fullmatch(r"fact:(\d+)", str(why))
            if not m or int(m.group(1)) >= len(facts):
                raise Invalid(f"leaf {k}: bad justification {why!r}")
            f = facts[int(m.group(1))]
            a, b = box[idx[n]]
            if f["param"] != n or not (f["start"] <= a and b <= f["end"]):
                raise Invalid(f"leaf {k}: fact {m.group(1)} does not cover {n} in [{a}, {b}]")
            worst = a if f["direction"] == "nonincreasing" else b
            if n in fixed:
                if fixed[n] != worst:
                    raise Invalid(f"leaf {k}: {n} fixed at {fixed[n]}, but the fact's worst end is {worst}")
                env[n] = arb(worst)
            else:
                if form != "limit" or f["limit"] is None:
                    raise Invalid(f"leaf {k}: {n} is neither fixed nor closed by a limit")
                p = params[idx[n]]
                if not (not math.isfinite(worst) or (p["lo_open"] and worst == p["lo"]) or
                        (p["hi_open"] and worst == p["hi"])):
                    raise Invalid(f"leaf {k}: a limit is used at {n} = {worst}, which is not an open end")
                limit_claim, limit_param = f["limit"], n
        if form == "limit":
            if limit_claim is None:
                raise Invalid(f"leaf {k}: limit form without a fact limit")
            others = {n: v for n, v in env.items() if n != limit_param}
            if any(v is None for v in others.values()):
                raise Invalid(f"leaf {k}: infinite coordinate not handled")
            # the limit expression may not depend on the limit parameter
            probe = dict(others)
            probe[limit_param] = arb("nan")
            v = limit_claim.value(probe)
            self.finish(k, lf, v)
            return
        grad_fixed = [n for n, why in fixed_by.items() if why == "gradient"]
        need_grad = bool(grad_fixed) or form == "mean-value"
        if any(v is None for v in env.values()):
            raise Invalid(f"leaf {k}: infinite coordinate not handled")
        d = None
        if need_grad:
            d = claim.gradient(env)
            if d is None:
                raise Invalid(f"leaf {k}: gradient enclosure not computable")
            for n in grad_fixed:
                a, b = box[idx[n]]
                g = d.g[idx[n]]
                if fixed[n] == a and g <= 0 or fixed[n] == b and g >= 0:
                    continue
                raise Invalid(f"leaf {k}: gradient sign in {n} does not justify fixing it at {fixed[n]}")
        env2 = dict(env)
        for n in grad_fixed:
            env2[n] = arb(fixed[n])
        probe = self.probe_points(params, box, fixed)
        if form == "ball":
            self.finish(k, lf, claim.value(env2), claim, probe)
        elif form == "mean-value":
            center = lf.get("center") or {}
            free = [n for n in names if n not in fixed and box[idx[n]][0] != box[idx[n]][1]]
            if sorted(center) != sorted(free):
                raise Invalid(f"leaf {k}: mean-value center must give exactly the free coordinates {free}")
            envc = dict(env2)
            for n in free:
                c = num(center[n])
                a, b = box[idx[n]]
                if not a <= c <= b:
                    raise Invalid(f"leaf {k}: center {n}={c} outside [{a}, {b}]")
                envc[n] = arb(c)
            v = claim.value(envc)
            if v is not None:
                for n in free:
                    v = v + d.g[idx[n]] * (env2[n] - arb(num(center[n])))
            self.finish(k, lf, v, claim, probe)
        else:
            raise Invalid(f"leaf {k}: unknown form {form!r}")

    @staticmethod
    def probe_points(params, box, fixed):
        """Three exact points of the leaf (fixed coordinates at their fixed values): its midpoint, its lower and
        its upper corner; used only to refute a recorded bound, never to accept a leaf."""
        pts = [{}, {}, {}]
        for p, (a, b) in zip(params, box):
            if p["name"] in fixed:
                vals = (fixed[p["name"]],) * 3
            else:
                vals = (min(max(0.5 * a + 0.5 * b, a), b), a, b)
            for q, x in zip(pts, vals):
                q[p["name"]] = arb(x)
        return pts

    def finish(self, k, lf, v, claim=None, probe=()):
        """The decision rests on this file's own enclosure ``v`` only: its upper end must be <= 0.  The engine's
        recorded ``upper`` is informative (engine and checker may round differently); it is only required to be
        a number <= 0 that this file's own evaluation does not refute: a recorded bound below the enclosure's
        lower end, or below the value at an exact point of the leaf (``probe``), is false."""
        if v is None or not v.is_finite():
            raise Invalid(f"leaf {k}: the bound is not computable (not finite)")
        if not upper_of(v) <= 0:
            raise Invalid(f"leaf {k}: recomputed upper bound {float(top_of(v)):.6g} is not <= 0")
        try:
            stored = num(lf["upper"])
        except KeyError:
            raise Invalid(f"leaf {k}: no stored upper bound") from None
        if stored > 0:
            raise Invalid(f"leaf {k}: stored upper bound {stored!r} is positive (the leaf is not closed)")
        if math.isfinite(stored) and arb(stored) < bottom_of(v) or stored == -math.inf:
            raise Invalid(f"leaf {k}: stored upper bound {stored!r} is refuted by the recomputed enclosure "
                          f"(lower end {float(bottom_of(v)):.6g})")
        for pt in probe:
            w = claim.value(pt)
            if w is not None and arb(stored) < w:
                raise Invalid(f"leaf {k}: stored upper bound {stored!r} is refuted by the value "
                              f"{float(w.mid()):.6g} at the point {dict((n, float(x)) for n, x in pt.items())}")


def check_file(path, strict=False):
    """(valid: bool, message) for a certificate file; raises FileNotFoundError / OSError for usage errors."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        cert = json.loads(text)
    except json.JSONDecodeError as e:
        return False, f"INVALID: not JSON ({e})"
    ch = Checker(strict=strict)
    try:
        claim = ch.check(cert)
    except Invalid as e:
        return False, f"INVALID: {e}"
    msg = f"VALID: {claim} <= 0 for {ch.box_text} ({ch.n_leaves} leaves re-verified)"
    if ch.assumptions:
        msg += "\n  assumptions:\n" + "\n".join(f"    - {a}" for a in ch.assumptions)
    return True, msg


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    strict = "--strict" in argv
    args = [a for a in argv if a != "--strict"]
    if len(args) != 1 or args[0].startswith("-"):
        sys.stderr.write("usage: check-certificate [--strict] FILE\n")
        return 2
    try:
        ok, msg = check_file(args[0], strict=strict)
    except OSError as e:
        sys.stderr.write(f"check-certificate: cannot read {args[0]}: {e.strerror or e}\n")
        return 2
    print(msg)
    return 0 if ok else 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
