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

from ._common import (float_up, DEFAULT_PREC, MAX_PREC, TARGET_REL_BITS, Interval, arb_prec, arb_to_interval, check_dps,
                      check_int, check_method, check_nonneg, check_positive, check_prob_open, check_real,
                      check_sequence, rel_ok, to_arb, to_mpf)

__all__ = ["rdp_gaussian", "rdp_laplace", "rdp_subsampled_gaussian", "rdp_subsampled_gaussian_arb", "rdp_compose",
           "rdp_to_dp", "rdp_to_dp_delta", "dpsgd_epsilon", "dpsgd_rdp"]


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
        return float(to_mpf(alpha) * to_mpf(sensitivity) ** 2 / (2 * to_mpf(sigma) ** 2))


def rdp_laplace(alpha, b, sensitivity=1, *, dps=None, as_mpf: bool = False):
    """RDP curve of the Laplace mechanism f(D) + Lap(b) with |f(D) - f(D')| <= Delta (Mironov 2017, Prop 6).

    Preconditions: ``alpha`` in [1, inf] (inf gives the pure-DP value Delta/b); ``b``, ``sensitivity`` in (0, inf).
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


def rdp_subsampled_gaussian_arb(orders, q, sigma, *, target_bits: int = TARGET_REL_BITS) -> dict:
    """Certified balls {alpha: D_alpha} of the sampled Gaussian mechanism for integer orders >= 2.

    Precision is doubled until every ball has ``target_bits`` relative bits.
    """
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


def _dps_bits(dps) -> int:
    return TARGET_REL_BITS if dps is None else max(TARGET_REL_BITS, int(check_dps(dps) * 3.33) + 10)


def rdp_subsampled_gaussian(alpha, q, sigma, *, method: str = "exact", as_arb: bool = False, dps=None):
    """RDP of the Poisson-subsampled Gaussian mechanism (sampling rate q, noise multiplier sigma, sensitivity 1,
    add/remove-one neighbours).

    Preconditions: ``alpha`` in (1, 1e6]; ``q`` in (0, 1]; ``sigma`` in (0, inf);
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
    alpha = check_real("alpha", alpha, lo=1, hi=1e6, lo_open=True)
    q = check_real("q", q, lo=0, hi=1, lo_open=True)
    sigma = check_positive("sigma", sigma)
    check_method(method, ("exact", "certified"))
    v = _sgm_arb_any([alpha], q, sigma, _dps_bits(dps))[0]
    if as_arb:
        return v
    if method == "certified":
        return arb_to_interval(v)
    return float(v.mid())


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
    """Certified balls of the RDP curve of ``steps`` compositions of the sampled Gaussian mechanism."""
    steps = check_int("steps", steps, lo=1)
    vals = _sgm_arb_any(list(orders), q, sigma, _dps_bits(dps))
    with arb_prec(128):
        return [v * steps for v in vals]


def dpsgd_epsilon(q, sigma, steps, delta, orders=range(2, 257), *, certified: bool = False,
                  method: str = "improved", return_order: bool = False, dps=None):
    """(eps, delta)-DP of DP-SGD: ``steps`` adaptive compositions of the Poisson-subsampled Gaussian mechanism
    (rate q, noise multiplier sigma), accounted by RDP at ``orders`` and converted to DP.

    Preconditions: ``q`` in (0, 1]; ``sigma`` in (0, inf); ``steps`` an integer >= 1; ``delta`` in (0, 1);
        ``orders`` a non-empty sequence of reals in (1, 1e6]; ``method`` in {"improved", "mironov"}.
    Steps: RDP per order (rdp_subsampled_gaussian: integer orders exact binomial sums in Arb, all orders in
        one polynomial product), times ``steps`` (Mironov 2017, Prop 1), then rdp_to_dp.
    Postcondition: float eps (Arb midpoints, each ball tight to 2^-60), or with ``certified`` an Interval
        whose hi is a CERTIFIED upper bound on the eps of the conversion (so DP-SGD is (hi, delta)-DP).
    Spec: core.acct.dpsgd_epsilon
    """
    q = check_real("q", q, lo=0, hi=1, lo_open=True)
    sigma = check_positive("sigma", sigma)
    steps = check_int("steps", steps, lo=1)
    delta = check_prob_open("delta", delta)
    check_method(method, ("improved", "mironov"))
    orders = check_sequence("orders", orders)
    for i, a in enumerate(orders):
        check_real(f"orders[{i}]", a, lo=1, hi=1e6, lo_open=True)
    rdps = dpsgd_rdp(q, sigma, steps, orders, dps=dps)
    if certified:
        return rdp_to_dp(orders, rdps, delta, method=method, certified=True, return_order=return_order)
    return rdp_to_dp(orders, [float(r.mid()) for r in rdps], delta, method=method, return_order=return_order)
