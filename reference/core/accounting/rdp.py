"""Renyi differential privacy (Mironov 2017): mechanism curves, composition, conversion to DP.

* ``rdp_gaussian``: D_alpha(N(Delta, sigma^2) || N(0, sigma^2)) = alpha Delta^2 / (2 sigma^2) (Mironov 2017, Prop 7).
* ``rdp_laplace``: Laplace mechanism, scale b: with e = Delta/b,
  D_alpha = log(alpha/(2 alpha-1) e^{(alpha-1)e} + (alpha-1)/(2 alpha-1) e^{-alpha e}) / (alpha-1)
  (Mironov 2017, Prop 6); D_1 = e + e^{-e} - 1; D_inf = e.
* ``rdp_subsampled_gaussian``: Poisson-subsampled Gaussian (sampled Gaussian mechanism, add/remove
  neighbours, sensitivity 1, noise multiplier sigma): integer alpha exactly by the binomial sum
  (Mironov, Talwar & Zhang 2019, Sec. 3.3); fractional alpha by log-convexity interpolation.
* ``rdp_to_dp``: Mironov 2017 Prop 3 and the improved conversion (Canonne, Kamath & Steinke 2020, Prop 12;
  Balle et al. 2020, Thm 21; Asoodeh et al. 2020).
* ``dpsgd_epsilon``: T-fold composition of the sampled Gaussian mechanism, converted to (eps, delta).
"""
from __future__ import annotations

import math

import mpmath
from flint import arb, arb_poly

from reference.core import validation as V

from ._common import (float_up, DEFAULT_PREC, MAX_PREC, TARGET_REL_BITS, Interval, arb_prec, arb_to_interval, check_dps,
                      check_flag, check_int, check_method, check_nonneg, check_positive, check_prob_open, check_real,
                      check_sequence, rel_ok, to_arb, to_mpf)

__all__ = ["rdp_gaussian", "rdp_laplace", "rdp_subsampled_gaussian", "rdp_subsampled_gaussian_arb", "rdp_compose",
           "rdp_to_dp", "rdp_to_dp_delta", "dpsgd_epsilon", "dpsgd_rdp", "rdp_subsampled_gaussian_bound",
           "ALPHA_EXACT_MAX"]


def _check_alpha(alpha, *, allow_one: bool = True, allow_inf: bool = False):
    return check_real("alpha", alpha, lo=1, lo_open=not allow_one, allow_inf=allow_inf)


def rdp_gaussian(alpha, sigma, sensitivity=1, *, dps=None) -> float:
    """RDP curve of the Gaussian mechanism: eps(alpha) = alpha Delta^2 / (2 sigma^2).

    Preconditions: ``alpha`` in [1, inf); ``sigma``, ``sensitivity`` in (0, inf).
    Postcondition: equals D_alpha(N(mu, sigma^2 I) || N(mu', sigma^2 I)) for ||mu - mu'|| = Delta (checked
        symbolically: core.acct.rdp_gaussian.sympy); alpha = 1 is the KL divergence.
    Spec: core.acct.rdp_gaussian
    """
    alpha = _check_alpha(alpha)
    sigma = check_positive("sigma", sigma)
    sensitivity = check_positive("sensitivity", sensitivity)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        r = float(to_mpf(alpha) * to_mpf(sensitivity) ** 2 / (2 * to_mpf(sigma) ** 2))
    return V.finite_result("alpha sensitivity^2 / (2 sigma^2)", r, alpha=alpha, sensitivity=sensitivity, sigma=sigma)


def rdp_laplace(alpha, b, sensitivity=1, *, dps=None, as_mpf: bool = False):
    """RDP curve of the Laplace mechanism f(D) + Lap(b) with |f(D) - f(D')| <= Delta (Mironov 2017, Prop 6).

    Preconditions: ``alpha`` in [1, inf] (``alpha=inf`` gives the pure-DP value Delta/b); ``b``, ``sensitivity`` in
        (0, inf).
    Steps: e = Delta/b; alpha = 1: e + e^{-e} - 1; alpha > 1:
        log1p((alpha expm1((alpha-1) e) + (alpha-1) expm1(-alpha e)) / (2 alpha - 1)) / (alpha - 1)
        (the same expression written without cancellation; extra precision covers the O(e) relative
        cancellation of the two expm1 terms).
    Postcondition: equals D_alpha(Lap(Delta, b) || Lap(0, b)) (checked: core.acct.rdp_laplace.sympy).
    Spec: core.acct.rdp_laplace
    """
    alpha = _check_alpha(alpha, allow_inf=True)
    b = check_positive("b", b)
    sensitivity = check_positive("sensitivity", sensitivity)
    dps = check_dps(dps)
    with mpmath.workdps(dps + 10):
        e = to_mpf(sensitivity) / to_mpf(b)
        extra = max(0, -int(mpmath.log(e, 2))) + 10 if e < 1 else 10
    with mpmath.workprec(int(dps * 3.33) + 20 + 2 * extra):
        e = to_mpf(sensitivity) / to_mpf(b)
        if mpmath.isinf(to_mpf(alpha)):
            v = e
        elif alpha == 1:
            v = e + mpmath.expm1(-e)
        else:
            a = to_mpf(alpha)
            inner = (a * mpmath.expm1((a - 1) * e) + (a - 1) * mpmath.expm1(-a * e)) / (2 * a - 1)
            v = mpmath.log1p(inner) / (a - 1)
    if as_mpf:
        with mpmath.workdps(dps):
            return +v
    return float(v)


# ------------------------------------------------------------------------------------------
# sampled Gaussian mechanism
# ------------------------------------------------------------------------------------------

def _sgm_int_arb(max_order: int, q, sigma, prec: int) -> list[arb]:
    """Balls for D_alpha, alpha = 0..max_order (entries 0, 1 unused), of the sampled Gaussian mechanism at
    Arb precision ``prec``.

    A_alpha - 1 = sum_{k=2}^alpha C(alpha,k) (1-q)^{alpha-k} q^k (e^{k(k-1)/(2 sigma^2)} - 1)  (MTZ19 Sec 3.3; the
    k = 0, 1 terms of A_alpha sum with the other binomial weights to 1). All orders at once through the
    exponential generating function: A_alpha - 1 = alpha! [t^alpha] e^{(1-q)t} W(t),
    W(t) = sum_k q^k expm1(k(k-1)/(2 sigma^2)) t^k / k!  (one Arb polynomial product; all terms >= 0).
    D_alpha = log1p(A_alpha - 1) / (alpha - 1).
    """
    N = max_order + 1
    with arb_prec(prec):
        qa, sa = to_arb(q), to_arb(sigma)
        one_m_q = 1 - qa
        two_s2 = 2 * sa * sa
        fac = [arb(1)] * N
        for j in range(1, N):
            fac[j] = fac[j - 1] * j
        E = arb_poly([one_m_q ** j / fac[j] if j else arb(1) for j in range(N)])
        W = arb_poly([arb(0), arb(0)] + [qa ** k * (arb(k * (k - 1)) / two_s2).expm1() / fac[k] for k in range(2, N)])
        c = (E * W).coeffs()
        c = c + [arb(0)] * (N - len(c))
        out = [arb(0), arb(0)]
        for a in range(2, N):
            out.append((c[a] * fac[a]).log1p() / (a - 1))
    return out


def _sgm_int_direct_arb(alpha: int, q, sigma, prec: int) -> arb:
    """Single-order direct sum (fallback for the polynomial route), same formula."""
    with arb_prec(prec):
        qa, sa = to_arb(q), to_arb(sigma)
        two_s2 = 2 * sa * sa
        s = arb(0)
        for k in range(2, alpha + 1):
            s += arb.bin_uiui(alpha, k) * (1 - qa) ** (alpha - k) * qa ** k * (arb(k * (k - 1)) / two_s2).expm1()
        return s.log1p() / (alpha - 1)


#: Largest order evaluated by the exact binomial sum (cost grows like alpha^2: ~2 s at 4096, ~10 s at 8192).
ALPHA_EXACT_MAX = 4096


def _check_q_sigma(q, sigma):
    return check_real("q", q, lo=0, hi=1, lo_open=True), check_positive("sigma", sigma)


def rdp_subsampled_gaussian_arb(orders, q, sigma, *, target_bits: int = TARGET_REL_BITS) -> dict:
    """Certified balls {alpha: D_alpha} of the sampled Gaussian mechanism for integer orders in [2, 4096].

    Preconditions (validated): ``orders`` integers in [2, ALPHA_EXACT_MAX = 4096] (larger orders: ValueError; the
        binomial sum costs ~alpha^2 -- use dpsgd_rdp, which bounds them in O(1)); ``q`` in (0, 1]; ``sigma`` > 0;
        ``target_bits`` an integer in [10, 4096].
    Precision is doubled until every ball has ``target_bits`` relative bits.
    """
    q, sigma = _check_q_sigma(q, sigma)
    target_bits = check_int("target_bits", target_bits, lo=10, hi=4096)
    orders = check_sequence("orders", orders, nonempty=False)
    for i, a in enumerate(orders):
        check_int(f"orders[{i}]", a, lo=2, hi=ALPHA_EXACT_MAX)
    ints = sorted({int(a) for a in orders})
    if not ints:
        return {}
    prec = DEFAULT_PREC
    while True:
        vals = _sgm_int_arb(ints[-1], q, sigma, prec)
        bad = [a for a in ints if not rel_ok(vals[a], target_bits)]
        if not bad:
            return {a: vals[a] for a in ints}
        if prec >= 2048:
            out = {a: vals[a] for a in ints}
            for a in bad:
                p = prec
                v = _sgm_int_direct_arb(a, q, sigma, p)
                while not rel_ok(v, target_bits) and p < MAX_PREC:
                    p *= 2
                    v = _sgm_int_direct_arb(a, q, sigma, p)
                out[a] = v
            return out
        prec *= 2


def _sgm_arb_any(alphas, q, sigma, target_bits: int = TARGET_REL_BITS) -> list[arb]:
    """Balls of (upper bounds on) D_alpha for real alphas > 1: integer alphas exact, fractional alphas by
    the convexity of (alpha - 1) D_alpha in alpha (van Erven & Harremoes 2014, Thm 11 / Cor 2):
    (alpha-1) D_alpha <= (1-t)(a0-1) D_a0 + t (a1-1) D_a1, a0 = floor(alpha), a1 = a0 + 1, t = alpha - a0
    (with (a0-1) D_a0 = 0 at a0 = 1)."""
    needed = set()
    for a in alphas:
        fa = math.floor(a)
        if a == fa:
            needed.add(int(fa))
        else:
            if fa >= 2:
                needed.add(int(fa))
            needed.add(int(fa) + 1)
    vals = rdp_subsampled_gaussian_arb(needed, q, sigma, target_bits=target_bits)
    out = []
    with arb_prec(max(DEFAULT_PREC, 128, target_bits + 40)):
        for a in alphas:
            fa = math.floor(a)
            if a == fa:
                out.append(vals[int(fa)])
                continue
            a0, a1 = int(fa), int(fa) + 1
            aa = to_arb(a)
            t = aa - a0
            g0 = (a0 - 1) * vals[a0] if a0 >= 2 else arb(0)
            g1 = (a1 - 1) * vals[a1]
            out.append(((1 - t) * g0 + t * g1) / (aa - 1))
    return out


def _sgm_bound_arb(alpha, q, sigma) -> arb:
    """O(1) upper bound on D_alpha of both directions, any real alpha > 1 (convexity of t^alpha and t^{1-alpha}):
    E_Q[(1 - q + q r)^alpha] <= 1 - q + q E_Q[r^alpha] = 1 - q + q e^{alpha(alpha-1)/(2 s^2)}, r = N(1,s^2)/N(0,s^2),
    and the same for E_Q[(1 - q + q r)^{1-alpha}]; so D_alpha <= log1p(q expm1(alpha(alpha-1)/(2 s^2)))/(alpha-1)."""
    with arb_prec(128):
        a, qa, sa = to_arb(alpha), to_arb(q), to_arb(sigma)
        x = a * (a - 1) / (2 * sa * sa)
        if x < 64:
            return (qa * x.expm1()).log1p() / (a - 1)
        # log1p(q expm1(x)) = x + log(q + (1 - q) e^{-x}): no overflow for any alpha (e.g. alpha = 1e308)
        return (x + (qa + (1 - qa) * (-x).exp()).log()) / (a - 1)


def rdp_subsampled_gaussian_bound(alpha, q, sigma, *, method: str = "exact"):
    """O(1) upper bound on the RDP of the Poisson-subsampled Gaussian at ANY order (both directions):
    D_alpha <= log1p(q expm1(alpha (alpha - 1) / (2 sigma^2))) / (alpha - 1) (convexity; exact at q = 1).

    Preconditions: ``alpha`` in (1, inf); ``q`` in (0, 1]; ``sigma`` > 0; ``method`` "exact" (float, rounded up) or
        "certified" (Interval).
    Postcondition: >= the exact D_alpha of both directions; time independent of alpha.
    Spec: core.acct.rdp_subsampled_gaussian
    """
    alpha = check_real("alpha", alpha, lo=1, lo_open=True)
    q, sigma = _check_q_sigma(q, sigma)
    check_method(method, ("exact", "certified"))
    iv = arb_to_interval(_sgm_bound_arb(alpha, q, sigma))
    V.finite_result("the RDP bound", iv.hi, alpha=alpha, sigma=sigma)
    return iv if method == "certified" else iv.hi


def _sgm_frac_quad_arb(alpha: float, q, sigma, forward: bool, prec: int = 128) -> arb:
    """Certified ball of D_alpha(mix || N0) (forward) or D_alpha(N0 || mix) (reverse), one step, any real
    alpha > 1, by Arb quadrature of A - 1 = E_{N0}[g^p - 1 - p (g - 1)] (>= 0 by convexity; E[g - 1] = 0), where
    g(x) = 1 - q + q exp((2x - 1)/(2 s^2)) and p = alpha (forward) or 1 - alpha (reverse).  acb.integral over
    [X0, X1] (the power as exp(p log g) with the analytic branch check), plus closed-form tail bounds:
    x < X0: g in [1-q, 1], |g^p - 1 - p(g - 1)| <= (1-q)^{min(p, 0)} + 1 + |p| q, times P(X < X0) = Phi(X0/s);
    x > X1 (z >= 0): forward g^p <= e^{p z} (g <= e^z), E[e^{pz}; X > X1] = e^{p(p-1)/(2s^2)} Phi_bar((X1 - p)/s);
    reverse g^p <= 1; and |1 + p(g - 1)| <= 1 + |p| q e^z with E[e^z; X > X1] = Phi_bar((X1 - 1)/s)."""
    from flint import acb
    with arb_prec(prec):
        a, qa, sa = to_arb(alpha), to_arb(q), to_arb(sigma)
        p = a if forward else 1 - a
        two_s2 = 2 * sa * sa
        c0 = 1 / (sa * (2 * arb.pi()).sqrt())
        pa = acb(p)

        def f(x, analytic):
            z = (2 * x - 1) / acb(two_s2)
            g = 1 - acb(qa) + acb(qa) * z.exp()
            lg = g.log(analytic=analytic)
            val = (pa * lg).exp() - 1 - pa * (g - 1)
            return acb(c0) * (-(x * x) / acb(two_s2)).exp() * val

        s_f = float(sigma)
        a_f = float(alpha)
        X0 = -12.0 * s_f - 1.0
        X1 = (a_f if forward else 0.0) + 12.0 * s_f + 2.0
        core = acb.integral(f, X0, X1, rel_tol=arb(2) ** -70, abs_tol=arb(2) ** -110).real
        sqrt2 = arb(2).sqrt()
        # left tail: g in [1-q, 1] so |g^p - 1 - p(g - 1)| <= (1-q)^{min(p, 0)} + 1 + |p| q
        lo_b = ((1 - qa) ** (p if p < 0 else arb(0)) + 1 + abs(p) * qa) * ((-arb(X0) / sa / sqrt2).erfc() / 2)
        # right tail (z >= 0 there): forward g^p <= e^{p z}; reverse g^p <= 1; |1 + p(g - 1)| <= 1 + |p| q e^z
        x1 = arb(X1)
        e_pz = (p * (p - 1) / two_s2).exp() * (((x1 - p) / sa / sqrt2).erfc() / 2) if forward else arb(0)
        e_z = (((x1 - 1) / sa / sqrt2).erfc() / 2)        # E[e^z; X > X1] = Phi_bar((X1 - 1)/s)
        hi_b = (e_pz if forward else ((x1 / sa / sqrt2).erfc() / 2)) + ((x1 / sa / sqrt2).erfc() / 2) + abs(p) * qa * e_z
        tail = lo_b + hi_b
        A1 = core + arb(0).union(tail)
        A1 = A1.nonnegative_part() if A1.lower() < 0 else A1
        return A1.log1p() / (a - 1)


def _sgm_frac_cert(alpha: float, q, sigma) -> arb:
    """Ball of max(D_alpha forward, D_alpha reverse) by certified quadrature; non-finite if the quadrature fails."""
    f = _sgm_frac_quad_arb(alpha, q, sigma, True)
    r = _sgm_frac_quad_arb(alpha, q, sigma, False)
    if not (f.is_finite() and r.is_finite()):
        return arb("nan")
    return f.max(r)


def _dps_bits(dps) -> int:
    return TARGET_REL_BITS if dps is None else max(TARGET_REL_BITS, int(check_dps(dps) * 3.33) + 10)


def rdp_subsampled_gaussian(alpha, q, sigma, *, method: str = "exact", as_arb: bool = False, dps=None):
    """RDP of the Poisson-subsampled Gaussian mechanism (sampling rate q, noise multiplier sigma, sensitivity 1,
    add/remove-one neighbours).

    Preconditions: ``alpha`` in (1, 4096] (ALPHA_EXACT_MAX: the exact binomial sum costs ~alpha^2; larger orders
        are refused with a ValueError -- ``rdp_subsampled_gaussian_bound`` bounds any order in O(1));
        ``q`` in (0, 1]; ``sigma`` in (0, inf);
        ``method`` in {"exact", "certified"}; ``dps`` (optional) raises the target accuracy of the Arb ball
        to dps decimal digits (default: 2^-60 relative, i.e. ~18 digits).
    Steps: integer alpha: D_alpha = log(A_alpha)/(alpha-1),
        A_alpha = sum_{k=0}^alpha C(alpha,k) (1-q)^{alpha-k} q^k exp((k^2-k)/(2 sigma^2)) (MTZ19, Sec. 3.3),
        evaluated in Arb as log1p(A_alpha - 1) with all terms positive (no cancellation, even for q -> 0).
        Fractional alpha: the log-convexity bound from the two neighbouring integer orders (see _sgm_arb_any;
        for alpha in (1, 2) it interpolates between 0 at alpha = 1 and (alpha_1-1) D_2).
    Postcondition: integer alpha: returns D_alpha((1-q) N(0, s^2) + q N(1, s^2) || N(0, s^2)), which MTZ19 show
        is also >= the reverse divergence (both checked numerically: core.acct.rdp_subsampled_gaussian.quad);
        fractional alpha: an upper bound on both directions (not exact; larger than the exact fractional-order
        value, e.g. dp-accounting's series, by the convexity gap). "exact": float (Arb ball midpoint, ball
        tight to 2^-60 relative); "certified": Interval enclosure (or the arb ball with ``as_arb``).
    Spec: core.acct.rdp_subsampled_gaussian
    """
    alpha = check_real("alpha", alpha, lo=1, hi=ALPHA_EXACT_MAX, lo_open=True)
    q = check_real("q", q, lo=0, hi=1, lo_open=True)
    sigma = check_positive("sigma", sigma)
    check_method(method, ("exact", "certified"))
    as_arb = check_flag("as_arb", as_arb)
    v = _sgm_arb_any([alpha], q, sigma, _dps_bits(dps))[0]
    if as_arb:
        return v
    if method == "certified":
        return arb_to_interval(v)
    return V.finite_result("the RDP value", float(v.mid()), alpha=alpha, q=q, sigma=sigma)


# ------------------------------------------------------------------------------------------
# composition and conversion
# ------------------------------------------------------------------------------------------

def rdp_compose(curves, counts=None) -> list[float]:
    """Adaptive composition of RDP mechanisms at common orders: eps(alpha) = sum_i count_i eps_i(alpha)
    (Mironov 2017, Prop 1).

    Preconditions: ``curves`` a non-empty sequence of equal-length sequences of reals in [0, inf]
        (one curve per mechanism, evaluated at the same orders); ``counts`` optional non-negative integers.
    Postcondition: list of per-order sums (exact float sums via math.fsum).
    Spec: core.acct.rdp_compose
    """
    curves = check_sequence("curves", curves)
    curves = [check_sequence(f"curves[{i}]", c) for i, c in enumerate(curves)]
    n = len(curves[0])
    for i, c in enumerate(curves):
        if len(c) != n:
            raise ValueError(f"curves[{i}] must have the same length as curves[0] ({n}), got {len(c)}")
        for j, v in enumerate(c):
            check_real(f"curves[{i}][{j}]", v, lo=0, allow_inf=True)
    if counts is None:
        counts = [1] * len(curves)
    counts = check_sequence("counts", counts)
    if len(counts) != len(curves):
        raise ValueError(f"counts must have one entry per curve ({len(curves)}), got {len(counts)}")
    counts = [check_int(f"counts[{i}]", k, lo=0) for i, k in enumerate(counts)]
    return [math.fsum(k * float(c[j]) for k, c in zip(counts, curves) if k) for j in range(n)]


def _check_curve(alphas, rdps):
    scalar = not hasattr(alphas, "__iter__")
    if scalar != (not hasattr(rdps, "__iter__")) and not isinstance(alphas, (str, bytes)) \
            and not isinstance(rdps, (str, bytes)):
        raise TypeError(f"alphas and rdps must both be numbers or both sequences, got alphas "
                        f"{type(alphas).__name__} {alphas!r}, rdps {type(rdps).__name__}"[:300])
    if scalar:
        alphas, rdps = [alphas], [rdps]
    alphas = check_sequence("alphas", alphas)
    rdps = check_sequence("rdps", rdps)
    if len(alphas) != len(rdps):
        raise ValueError(f"rdps must have the same length as alphas ({len(alphas)}), got {len(rdps)}")
    for i, a in enumerate(alphas):
        check_real(f"alphas[{i}]", a, lo=1, lo_open=True, allow_inf=True)
    for i, r in enumerate(rdps):
        if isinstance(r, arb):  # certified balls from dpsgd_rdp / rdp_subsampled_gaussian(as_arb=True)
            if not r.is_finite() or r < 0:
                raise ValueError(f"rdps[{i}] must be a finite ball in [0, inf), got {r}")
            continue
        check_real(f"rdps[{i}]", r, lo=0, allow_inf=True)
    return alphas, rdps


def _eps_at_order_mp(a, r, d, method):
    """Conversion at one order (mpf). a may be inf (pure DP)."""
    if mpmath.isinf(r):
        return mpmath.inf
    if mpmath.isinf(a):
        return r
    if method == "mironov":
        return r + mpmath.log(1 / d) / (a - 1)                                 # Mironov 2017, Prop 3
    e = r + mpmath.log1p(-1 / a) - (mpmath.log(d) + mpmath.log(a)) / (a - 1)  # CKS20 Prop 12 / BBGHS20 Thm 21
    if d * d + mpmath.expm1(-r) >= 0:       # delta >= sqrt(1 - e^{-D_alpha}) >= TV (Bretagnolle-Huber) => eps = 0
        e = mpmath.mpf(0)
    return max(e, mpmath.mpf(0))


def _eps_at_order_arb(a, r: arb, d: arb, method) -> arb:
    if a == math.inf:
        return r
    aa = to_arb(a)
    if method == "mironov":
        e = r + (1 / d).log() / (aa - 1)
    else:
        e = r + (-1 / aa).log1p() - (d.log() + aa.log()) / (aa - 1)
        if d * d + (-r).expm1() >= 0:
            return arb(0)
    return e.max(arb(0))


def rdp_to_dp(alphas, rdps, delta, *, method: str = "improved", dps=None, certified: bool = False,
              return_order: bool = False):
    """Smallest eps over the given orders such that (alpha, rdp(alpha))-RDP for all alphas gives (eps, delta)-DP.

    Preconditions: ``alphas`` reals in (1, inf] (or one scalar), ``rdps`` reals in [0, inf] of the same length;
        ``delta`` in (0, 1); ``method`` in {"improved", "mironov"}.
    Steps: per order, "mironov": eps = r + log(1/delta)/(alpha-1) (Mironov 2017, Prop 3); "improved":
        eps = r + log(1 - 1/alpha) - (log delta + log alpha)/(alpha-1) (Canonne, Kamath & Steinke 2020, Prop 12;
        Balle et al. 2020, Thm 21), and eps = 0 when delta >= sqrt(1 - e^{-r}) (Bretagnolle-Huber + monotonicity
        of D_alpha in alpha); clipped at 0; alpha = inf: eps = r. Return the minimum over orders.
    Postcondition: a valid eps (each order's value is valid); float (mpmath at ``dps`` digits) or with
        ``certified`` an Interval enclosing min over orders of the conversion (its hi is a certified
        eps). With ``return_order`` returns (eps, alpha_opt).
    Spec: core.acct.rdp_to_dp
    """
    alphas, rdps = _check_curve(alphas, rdps)
    delta = check_prob_open("delta", delta)
    check_method(method, ("improved", "mironov"))
    dps = check_dps(dps)
    certified, return_order = check_flag("certified", certified), check_flag("return_order", return_order)
    if certified:
        with arb_prec(128):
            d = to_arb(delta)
            vals = [_eps_at_order_arb(float(a) if a == math.inf else a,
                                      r if isinstance(r, arb) else to_arb(r), d, method)
                    if not (not isinstance(r, arb) and math.isinf(float(r))) else None
                    for a, r in zip(alphas, rdps)]
        finite = [(i, v) for i, v in enumerate(vals) if v is not None]
        if not finite:
            return (Interval(math.inf, math.inf), None) if return_order else Interval(math.inf, math.inf)
        ivs = [(i, arb_to_interval(v)) for i, v in finite]
        i_best = min(ivs, key=lambda t: t[1].hi)[0]
        res = Interval(min(iv.lo for _, iv in ivs), min(iv.hi for _, iv in ivs))
        return (res, alphas[i_best]) if return_order else res
    with mpmath.workdps(dps + 10):
        d = to_mpf(delta)
        vals = [_eps_at_order_mp(mpmath.inf if a == math.inf else to_mpf(a), to_mpf(r), d, method)
                for a, r in zip(alphas, rdps)]
        i_best = min(range(len(vals)), key=lambda i: vals[i])
        eps = float_up(vals[i_best])
    return (eps, alphas[i_best]) if return_order else eps


def rdp_to_dp_delta(alphas, rdps, epsilon, *, method: str = "improved", dps=None, return_order: bool = False):
    """Smallest delta over the orders such that the RDP curve gives (eps, delta)-DP.

    Preconditions: as rdp_to_dp, with ``epsilon`` in [0, inf) instead of delta.
    Steps: "mironov": delta = exp((alpha-1)(r - eps)); "improved":
        delta = exp((alpha-1)(r - eps + log(1-1/alpha)) - log alpha) (CKS20 Prop 12), and delta <= sqrt(1-e^{-r});
        delta clipped at 1; alpha = inf: delta = 0 if r <= eps else 1.
    Spec: core.acct.rdp_to_dp
    """
    alphas, rdps = _check_curve(alphas, rdps)
    epsilon = check_nonneg("epsilon", epsilon)
    check_method(method, ("improved", "mironov"))
    dps = check_dps(dps)
    return_order = check_flag("return_order", return_order)
    with mpmath.workdps(dps + 10):
        e = to_mpf(epsilon)
        vals = []
        for a, r in zip(alphas, rdps):
            r = to_mpf(r)
            if mpmath.isinf(r):
                vals.append(mpmath.mpf(1))
                continue
            if a == math.inf:
                vals.append(mpmath.mpf(0) if r <= e else mpmath.mpf(1))
                continue
            a = to_mpf(a)
            if method == "mironov":
                ld = (a - 1) * (r - e)
                v = mpmath.exp(ld)
            else:
                ld = (a - 1) * (r - e + mpmath.log1p(-1 / a)) - mpmath.log(a)
                v = min(mpmath.exp(ld), mpmath.sqrt(-mpmath.expm1(-r)))
            vals.append(min(v, mpmath.mpf(1)))
        i_best = min(range(len(vals)), key=lambda i: vals[i])
        dl = float_up(vals[i_best])
    return (dl, alphas[i_best]) if return_order else dl


def dpsgd_rdp(q, sigma, steps, orders=range(2, 257), *, dps=None) -> list[arb]:
    """Certified balls of the RDP curve of ``steps`` compositions of the sampled Gaussian mechanism.

    Preconditions (validated): ``q`` in (0, 1]; ``sigma`` > 0; ``steps`` an integer >= 1; ``orders`` a non-empty
        sequence of reals in (1, inf).
    Steps: per order: integer alpha <= 4096 the exact binomial sum, fractional alpha < 4096 the convexity
        interpolation (both as rdp_subsampled_gaussian), alpha > 4096 the O(1) bound
        log1p(q expm1(alpha(alpha-1)/(2 s^2)))/(alpha-1) (rdp_subsampled_gaussian_bound; time independent of alpha);
        times ``steps`` (Mironov 2017, Prop 1).
    Spec: core.acct.dpsgd_epsilon
    """
    q, sigma = _check_q_sigma(q, sigma)
    steps = check_int("steps", steps, lo=1)
    orders = check_sequence("orders", orders)
    for i, a in enumerate(orders):
        check_real(f"orders[{i}]", a, lo=1, lo_open=True)
    small = [a for a in orders if a <= ALPHA_EXACT_MAX]
    vals = dict(zip(small, _sgm_arb_any(small, q, sigma, _dps_bits(dps)))) if small else {}
    out = []
    with arb_prec(128):
        for a in orders:
            v = vals[a] if a <= ALPHA_EXACT_MAX else _sgm_bound_arb(a, q, sigma)
            out.append(v * steps)
    return out


def _conv_mid(alpha, r_ball, delta, method) -> float:
    with mpmath.workdps(30):
        return float(_eps_at_order_mp(mpmath.inf if alpha == math.inf else to_mpf(alpha), to_mpf(float(r_ball.mid())),
                                      to_mpf(delta), method))


def _conv_float(alphas, rdps, delta, method):
    """Vectorised float conversion (to CHOOSE orders only; the returned eps comes from rdp_to_dp)."""
    import numpy as np
    a = np.asarray(alphas, float)
    r = np.asarray(rdps, float)
    ld = math.log(delta)
    with np.errstate(divide="ignore", invalid="ignore"):
        if method == "mironov":
            e = r - ld / (a - 1)
        else:
            e = r + np.log1p(-1 / a) - (ld + np.log(a)) / (a - 1)
    return np.where(np.isfinite(e), np.maximum(e, 0.0), np.inf)


def _auto_orders(q, sigma, steps, delta, method) -> tuple[list, list]:
    """Orders and certified RDP balls (times steps) for the automatic route: integer orders 2..A (A grown by 4x
    up to 4096 while the best order sits at the top end), the O(1) bound at orders 4096 2^{i/2} beyond while it
    improves, and, when the best order is <= 16, a golden-section search over fractional orders in
    (max(1, a* - 1), a* + 1) on the forward divergence by certified quadrature, the best fractional order then
    certified for BOTH directions (_sgm_frac_cert).  Only the best few orders are returned (any subset of orders
    gives a valid conversion; the argmin is kept)."""
    A_max = 256
    while True:
        orders = list(range(2, A_max + 1))
        balls = dpsgd_rdp(q, sigma, steps, orders)
        conv = _conv_float(orders, [float(r.mid()) for r in balls], delta, method)
        i = int(conv.argmin())
        if orders[i] >= A_max - A_max // 8 and A_max < ALPHA_EXACT_MAX:
            A_max = min(4 * A_max, ALPHA_EXACT_MAX)
            continue
        break
    keep = [int(j) for j in conv.argsort()[:4]]
    orders, balls = [orders[j] for j in keep], [balls[j] for j in keep]
    best_a, best_c = orders[0], float(conv[i])
    if best_a >= ALPHA_EXACT_MAX - ALPHA_EXACT_MAX // 8:            # beyond the exact range: the O(1) bound
        k = 1
        while k <= 60:
            a = ALPHA_EXACT_MAX * 2 ** (k / 2)
            with arb_prec(128):
                r = _sgm_bound_arb(a, q, sigma) * steps
            c = _conv_mid(a, r, delta, method)
            orders.append(a)
            balls.append(r)
            if not c < best_c:
                break
            best_a, best_c = a, c
            k += 1
    if best_a <= 16:                                               # fractional orders near the optimum
        lo, hi = max(1.0 + 1e-9, best_a - 1.0), best_a + 1.0
        g = (math.sqrt(5) - 1) / 2
        memo = {}

        def val(a):                                                # forward divergence: to choose the order
            if a not in memo:
                with arb_prec(128):
                    r = _sgm_frac_quad_arb(a, q, sigma, True) * steps
                memo[a] = _conv_mid(a, r, delta, method) if r.is_finite() else math.inf
            return memo[a]

        x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
        for _ in range(10):
            if val(x1) <= val(x2):
                hi, x2 = x2, x1
                x1 = hi - g * (hi - lo)
            else:
                lo, x1 = x1, x2
                x2 = lo + g * (hi - lo)
        a_best = min(memo, key=memo.get)
        if memo[a_best] < best_c:
            with arb_prec(128):
                r = _sgm_frac_cert(a_best, q, sigma) * steps            # both directions: the certified value
            if r.is_finite():
                orders.append(a_best)
                balls.append(r)
    return orders, balls


def _q1_exact_eps(sigma, steps, delta) -> Interval:
    """q = 1: T Gaussian steps = one Gaussian with sensitivity sqrt(T); sqrt(T) rounded UP (a larger sensitivity only
    increases eps), so the returned hi is a certified upper bound on the exact eps (gaussian_epsilon, Arb)."""
    from fractions import Fraction
    from .gaussian import gaussian_epsilon
    st = math.sqrt(steps)
    if Fraction(st) ** 2 < steps:
        st = math.nextafter(st, math.inf)
    return gaussian_epsilon(delta, sigma, st, return_bracket=True)


def dpsgd_epsilon(q, sigma, steps, delta, orders=None, *, certified: bool = False,
                  method: str = "improved", return_order: bool = False, dps=None):
    """(eps, delta)-DP of DP-SGD: ``steps`` adaptive compositions of the Poisson-subsampled Gaussian mechanism
    (rate q, noise multiplier sigma, add/remove neighbours): the tightest certified upper bound of the chosen route.

    Preconditions (validated): ``q`` in (0, 1]; ``sigma`` in (0, inf); ``steps`` an integer >= 1; ``delta`` in
        (0, 1); ``orders`` None (automatic) or a non-empty sequence of reals in (1, inf); ``method`` in
        {"improved", "mironov", "pld", "auto"}.
    Routes:
      * "improved" (default) / "mironov": RDP, converted by rdp_to_dp with that conversion.  ``orders`` given: RDP at
        exactly those orders (rdp_subsampled_gaussian: exact integer orders <= 4096, convexity interpolation for
        fractional ones, the O(1) bound above 4096) -- the historical behaviour, comparable with other RDP
        accountants.  ``orders=None``: automatic orders (no fixed cap: integer orders grown up to 4096, the O(1)
        bound beyond, certified fractional orders near the optimum by quadrature, _auto_orders), and at q = 1 the
        exact Gaussian curve (gaussian_epsilon with sensitivity sqrt(T)) whenever it is smaller (it always is).
      * "pld": the upper end of the certified PLD bracket (dpsgd_epsilon_bracket; the tightest; ~0.2-10 s).
      * "auto": the minimum of the automatic RDP route, the exact curve at q = 1 and the PLD bracket's upper end.
    Postcondition: float eps (RDP routes: Arb midpoints, balls tight to 2^-60; "pld"/"auto": certified upper end), or
        with ``certified`` an Interval whose hi is a CERTIFIED upper bound (for "pld" the bracket [lo, hi] itself,
        lo a certified LOWER bound on the true eps).  With ``return_order``: (eps, alpha) (alpha None when the exact
        curve or the PLD route gives the value).
    Spec: core.acct.dpsgd_epsilon
    """
    q = check_real("q", q, lo=0, hi=1, lo_open=True)
    sigma = check_positive("sigma", sigma)
    steps = check_int("steps", steps, lo=1)
    delta = check_prob_open("delta", delta)
    check_method(method, ("improved", "mironov", "pld", "auto"))
    certified, return_order = check_flag("certified", certified), check_flag("return_order", return_order)
    if dps is not None:
        check_dps(dps)
    if orders is not None:
        orders = check_sequence("orders", orders)
        for i, a in enumerate(orders):
            check_real(f"orders[{i}]", a, lo=1, lo_open=True)

    def ret(val, order):
        return (val, order) if return_order else val

    if method == "pld":
        from .pld import dpsgd_epsilon_bracket
        iv = dpsgd_epsilon_bracket(q, sigma, steps, delta)
        return ret(iv if certified else iv.hi, None)
    conv = "mironov" if method == "mironov" else "improved"
    if orders is None:
        alphas, rdps = _auto_orders(q, sigma, steps, delta, conv)
    else:
        alphas, rdps = list(orders), dpsgd_rdp(q, sigma, steps, orders, dps=dps)
    if certified:
        best, order = rdp_to_dp(alphas, rdps, delta, method=conv, certified=True, return_order=True)
    else:
        best, order = rdp_to_dp(alphas, [float(r.mid()) for r in rdps], delta, method=conv, return_order=True)
    cands = [(best.hi if certified else best, best, order)]
    if orders is None and q == 1:
        ex = _q1_exact_eps(sigma, steps, delta)
        cands.append((ex.hi, ex if certified else ex.hi, None))
    if method == "auto":
        from .pld import dpsgd_epsilon_bracket
        iv = dpsgd_epsilon_bracket(q, sigma, steps, delta)
        cands.append((iv.hi, iv if certified else iv.hi, None))
    _, val, order = min(cands, key=lambda c: c[0])
    return ret(val, order)
