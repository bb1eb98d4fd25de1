"""Checks of the (eps, delta) bookkeeping of reference.core.accounting: composition (basic, advanced, optimal),
parallel composition, group privacy, amplification by subsampling, TV transfer, hockey-stick tools, and doc 000's
approximate-RDP helpers. Spec file: specs/core.accounting.toml."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
from flint import arb

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core import accounting as A
from reference.core.accounting._common import arb_prec, to_arb


def _rand_dist(rng, n, den=64):
    """A random rational distribution on n points with all masses > 0 (denominator den * n)."""
    w = rng.integers(1, den, size=n)
    tot = int(w.sum())
    return [Fraction(int(x), tot) for x in w]


def _hs_exact(P, Q, c):
    return sum((max(p - c * q, Fraction(0)) for p, q in zip(P, Q)), Fraction(0))


def _product(P1, P2):
    return [a * b for a in P1 for b in P2]


# ------------------------------------------------------------------------------------------
# hockey-stick tools
# ------------------------------------------------------------------------------------------

@check("core.acct.hockey_stick_finite.bruteforce", spec=["core.acct.hockey_stick_finite"])
def _hs_finite_bruteforce(ctx):
    n_inst = 0
    for trial in range(40 if not ctx.full else 400):
        n = int(ctx.rng.integers(1, 9))
        P, Q = _rand_dist(ctx.rng, n), _rand_dist(ctx.rng, n)
        c = Fraction(int(ctx.rng.integers(1, 40)), int(ctx.rng.integers(1, 20)))
        c = max(c, Fraction(1))
        got = A.hockey_stick_finite(P, Q, exp_epsilon=c)
        best = max(sum((P[i] - c * Q[i] for i in S), Fraction(0))
                   for r in range(n + 1) for S in itertools.combinations(range(n), r))
        if got != best:
            return fail("sum (p - c q)_+ = max_S P(S) - c Q(S)", f"P={P}, Q={Q}, c={c}: {got} vs {best}")
        iv = A.hockey_stick_finite(P, Q, exp_epsilon=c, certified=True)
        if not (Fraction(iv.lo) <= best <= Fraction(iv.hi)):
            return fail("certified interval contains the exact value", f"{iv} vs {best}")
        fl = A.hockey_stick_finite([float(x) for x in P], [float(x) for x in Q], epsilon=math.log(c))
        if abs(fl - float(best)) > 1e-12:
            return fail("float path", f"{fl} vs {float(best)}")
        n_inst += 1
    return Outcome(Verdict.CERTIFIED, claimed="hockey_stick_finite = sup over events S of P(S) - e^eps Q(S)",
                   computed=f"{n_inst} random rational instances (n <= 8 points): exact Fraction result = brute-force max over "
                            "all 2^n events; Arb interval contains it; float path within 1e-12",
                   precision="exact rational arithmetic", details="instances from ctx.rng (seeded from the check id)")


def _np_mix(weights_means, s):
    """numpy float density of sum_i w_i N(m_i, s^2) (for locating sign changes only)."""
    def f(x):
        return sum(w * np.exp(-(x - m) ** 2 / (2 * s * s)) for w, m in weights_means) / (s * math.sqrt(2 * math.pi))
    return f


def hockey_1d(p, q, eps, lo, hi, p_np, q_np, dps=25, ngrid=4000):
    """H_{e^eps}(p||q) by mpmath quadrature (A.hockey_stick_density) with the sign changes of p - e^eps q as
    breakpoints: located on a float grid of [lo, hi] with the numpy densities p_np, q_np, refined by 60 bisection
    steps in mpmath. Outside [lo, hi] the caller guarantees negligible mass."""
    xs = np.linspace(lo, hi, ngrid)
    sg = p_np(xs) - math.exp(eps) * q_np(xs) > 0
    bps = []
    with mpmath.workdps(dps):
        c = mpmath.exp(mpmath.mpf(eps))
        g = lambda x: p(x) - c * q(x)  # noqa: E731
        for i in np.nonzero(sg[1:] != sg[:-1])[0]:
            a, b = mpmath.mpf(xs[i]), mpmath.mpf(xs[i + 1])
            for _ in range(60):
                m = (a + b) / 2
                if (g(m) > 0) == bool(sg[i]):
                    a = m
                else:
                    b = m
            bps.append(float((a + b) / 2))
    return A.hockey_stick_density(p, q, eps, breakpoints=bps, support=(lo, hi), dps=dps), bps


@check("core.acct.hockey_stick_density.closed_forms", spec=["core.acct.hockey_stick_density"])
def _hs_density(ctx):
    worst = 0.0
    n = 0
    for s in ([0.3, 1.0, 4.0] if ctx.full else [0.3, 4.0]):
        for eps in ([0.0, 0.5, 2.0] if ctx.full else [0.0, 2.0]):
            p = lambda x, s=s: mpmath.npdf(x, 1, s)  # noqa: E731
            q = lambda x, s=s: mpmath.npdf(x, 0, s)  # noqa: E731
            xs = s * s * eps + 0.5
            got = A.hockey_stick_density(p, q, eps, breakpoints=[xs], dps=20)
            want = A.gaussian_delta(eps, s)
            rel = abs(got - want) / want
            if rel > 1e-12:
                return fail("Gaussian: quadrature = analytic formula", f"s={s}, eps={eps}: {got} vs {want}")
            worst = max(worst, rel)
            n += 1
    # Laplace Lap(1, b) vs Lap(0, b): crossing at x* = (1 + eps b)/2 for eps < 1/b, delta = 1 - e^{(eps - 1/b)/2}
    for b in ([0.5, 1.0, 3.0] if ctx.full else [0.5, 3.0]):
        for eps in [0.0, 0.3, 0.9 / b]:
            p = lambda x, b=b: mpmath.exp(-abs(x - 1) / b) / (2 * b)  # noqa: E731
            q = lambda x, b=b: mpmath.exp(-abs(x) / b) / (2 * b)      # noqa: E731
            got = A.hockey_stick_density(p, q, eps, breakpoints=[0.0, (1 + eps * b) / 2, 1.0], dps=20)
            want = float(-mpmath.expm1((mpmath.mpf(eps) - 1 / mpmath.mpf(b)) / 2))
            rel = abs(got - want) / want
            if rel > 1e-12:
                return fail("Laplace: quadrature = 1 - e^{(eps - 1/b)/2}", f"b={b}, eps={eps}: {got} vs {want}")
            worst = max(worst, rel)
            n += 1
    return Outcome(Verdict.NUMERIC, claimed="hockey_stick_density = int (p - e^eps q)_+ (Gaussian and Laplace closed forms)",
                   computed=f"{n} points, max relative difference {worst:.2e}", precision="mpmath dps 20 quadrature",
                   details="Gaussian sigma in {0.3, 4} (full: +1), eps in {0, 2} (full: +0.5); Laplace b in {0.5, 3} (full: +1), eps in {0, 0.3, 0.9/b}")


# ------------------------------------------------------------------------------------------
# composition
# ------------------------------------------------------------------------------------------

@check("core.acct.compose_basic.exact", spec=["core.acct.compose_basic", "core.acct.parallel_compose",
                                              "core.acct.stmt.basic_composition"])
def _compose_basic_exact(ctx):
    n = 0
    for trial in range(60 if not ctx.full else 600):
        m = int(ctx.rng.integers(2, 6))
        P1, Q1, P2, Q2, R2 = (_rand_dist(ctx.rng, m) for _ in range(5))
        c1 = Fraction(int(ctx.rng.integers(2, 9)), 2)
        c2 = Fraction(int(ctx.rng.integers(2, 9)), 2)
        # each mechanism's delta at its eps (both directions)
        d1 = max(_hs_exact(P1, Q1, c1), _hs_exact(Q1, P1, c1))
        d2 = max(_hs_exact(P2, Q2, c2), _hs_exact(Q2, P2, c2))
        P, Q = _product(P1, P2), _product(Q1, Q2)
        dprod = max(_hs_exact(P, Q, c1 * c2), _hs_exact(Q, P, c1 * c2))
        e_b, d_b = A.compose_basic([(math.log(c1), float(d1)), (math.log(c2), float(d2))])
        if not dprod <= d1 + d2 or not Fraction(d_b) >= min(d1 + d2, Fraction(1)) - Fraction(1, 10 ** 15):
            return fail("product of (eps_i, delta_i) pairs is (eps1+eps2, delta1+delta2)", f"{dprod} > {d1 + d2}")
        if abs(e_b - math.log(c1 * c2)) > 1e-14 * max(1, e_b):
            return fail("compose_basic eps = sum", f"{e_b}")
        # parallel: the neighbouring record lies in part 1 only: joint outputs P1 x R2 vs Q1 x R2
        cmax = max(c1, c2)
        dpar = max(_hs_exact(_product(P1, R2), _product(Q1, R2), cmax), _hs_exact(_product(Q1, R2), _product(P1, R2), cmax))
        e_p, d_p = A.parallel_compose([(math.log(c1), float(d1)), (math.log(c2), float(d2))])
        if not dpar <= max(d1, d2):
            return fail("parallel composition (max eps, max delta)", f"{dpar} > {max(d1, d2)}")
        n += 1
    return Outcome(Verdict.CERTIFIED, claimed="H_{c1 c2}(P1xP2 || Q1xQ2) <= delta1 + delta2; disjoint parts: <= max delta_i",
                   computed=f"{n} random rational instances, both directions, exact", precision="exact rational arithmetic",
                   details="m in [2, 5] points per factor; e^eps_i in {1, 1.5, ..., 4}; non-adaptive products (the adaptive "
                           "case is the literature theorem, Dwork & Roth 2014 Thm 3.16)")


def _kov_pair(eps, delta):
    c = mpmath.exp(mpmath.mpf(eps))
    d = mpmath.mpf(delta)
    P = [d, (1 - d) * c / (1 + c), (1 - d) / (1 + c), mpmath.mpf(0)]
    Q = [mpmath.mpf(0), (1 - d) / (1 + c), (1 - d) * c / (1 + c), d]
    return P, Q


@check("core.acct.compose_optimal.bruteforce", spec=["core.acct.compose_optimal_homogeneous"])
def _kov_bruteforce(ctx):
    worst, n = 0.0, 0
    with mpmath.workdps(40):
        for eps in [0.1, 1.0, 3.0]:
            for dl in [0.0, 1e-3, 0.05]:
                P1, Q1 = _kov_pair(eps, dl)
                # the dominating pair is itself (eps, delta)-DP, tightly
                base = max(mpmath.fsum(max(p - mpmath.exp(eps) * q, 0) for p, q in zip(P1, Q1)),
                           mpmath.fsum(max(q - mpmath.exp(eps) * p, 0) for p, q in zip(P1, Q1)))
                if abs(base - dl) > mpmath.mpf(10) ** -30:
                    return fail("dominating pair has delta(eps) = delta", f"{base} vs {dl}")
                for k in [1, 2, 3, 4, 5]:
                    outs_p = [mpmath.fprod(t) for t in itertools.product(P1, repeat=k)]
                    outs_q = [mpmath.fprod(t) for t in itertools.product(Q1, repeat=k)]
                    for eg in [0.0, 0.5 * k * eps, 0.9 * k * eps, k * eps]:
                        c = mpmath.exp(eg)
                        bf = mpmath.fsum(max(p - c * q, 0) for p, q in zip(outs_p, outs_q))
                        got = A.compose_optimal_homogeneous_delta(eps, dl, k, eg)
                        # absolute 1e-30 covers the enumeration's cancellation noise where the exact value is 0
                        err = 0 if abs(got - bf) <= 1e-30 else abs(got - bf) / bf
                        if err > 1e-13:
                            return fail("KOV closed form = hockey-stick of the k-fold product", f"eps={eps}, delta={dl}, k={k}, eps_g={eg}: {got} vs {bf}")
                        worst = max(worst, float(err))
                        n += 1
    return Outcome(Verdict.NUMERIC, claimed="compose_optimal_homogeneous_delta = hockey-stick of the k-fold product of the KOV dominating pair",
                   computed=f"{n} (eps, delta, k, eps_g) points vs enumeration of all 4^k outcomes; max rel diff {worst:.2e}",
                   precision="mpmath dps 40 (code at dps 30); rel tol 1e-13, abs tol 1e-30", details="eps in {0.1, 1, 3}; delta in {0, 1e-3, 0.05}; k <= 5")


@check("core.acct.compose_advanced.vs_optimal", spec=["core.acct.compose_advanced", "core.acct.compose_optimal_homogeneous",
                                                     "core.acct.stmt.optimal_le_advanced"])
def _advanced_vs_optimal(ctx):
    eps_grid = [0.01, 0.5, 2.0] + ([0.03, 0.1, 0.3, 1.0, 5.0] if ctx.full else [])
    dl_grid = [0.0, 1e-8, 1e-4]
    k_grid = [1, 2, 10, 100] + ([1000, 3000] if ctx.full else [1000])
    dp_grid = [1e-10, 1e-5, 1e-2]
    n, ratios = 0, []
    for eps in eps_grid:
        for dl in dl_grid:
            for k in k_grid:
                if k == 1000 and not ctx.full and (eps, dl) != (0.5, 1e-8):
                    continue
                if k == 3000 and eps not in (0.01, 1.0):
                    continue
                for dpr in dp_grid:
                    e_adv, d_tot = A.compose_advanced(eps, dl, k, dpr)
                    if d_tot >= 1:
                        continue
                    e_opt = A.compose_optimal_homogeneous(eps, dl, k, d_tot)
                    # the optimal is also <= the basic composition k eps
                    if e_opt > e_adv * (1 + 1e-12) or e_opt > k * eps * (1 + 1e-12):
                        return fail("optimal <= advanced (and <= k eps)", f"eps={eps}, delta={dl}, k={k}, delta'={dpr}: {e_opt} vs {e_adv}")
                    # the optimal eps is achieved: the KOV delta at e_opt is <= d_tot
                    if A.compose_optimal_homogeneous_delta(eps, dl, k, e_opt) > d_tot * (1 + 1e-12):
                        return fail("KOV delta(eps_opt) <= delta_total", f"{eps}, {dl}, {k}, {dpr}")
                    n += 1
                    ratios.append(e_opt / e_adv if e_adv > 0 else 1.0)
    return Outcome(Verdict.NUMERIC, claimed="optimal homogeneous composition eps <= advanced composition eps at the same total delta",
                   computed=f"{n} grid points; eps_opt/eps_adv in [{min(ratios):.3f}, {max(ratios):.3f}]",
                   precision="mpmath dps 30 (KOV sums), bisection rel tol 1e-12",
                   details=f"eps in {eps_grid}; delta in {dl_grid}; k in {k_grid}; delta' in {dp_grid}")


@check("core.acct.group_privacy.gaussian", spec=["core.acct.group_privacy", "core.acct.stmt.group_privacy"])
def _group_gaussian(ctx):
    n, worst = 0, 0.0
    for s in [0.5, 1.0, 3.0, 10.0]:
        for eps in [0.0, 0.1, 0.5, 1.0, 2.0]:
            with arb_prec(256):
                base = A.gaussian_delta_arb(arb(eps), arb(s), arb(1))
            d0 = A.gaussian_delta(eps, s, method="certified").hi      # a valid float delta for the base mechanism
            for k in [1, 2, 3, 5, 10]:
                eg, dg = A.group_privacy(eps, d0, k)
                with arb_prec(256):
                    dex = A.gaussian_delta_arb(arb(eg), arb(s), arb(k))   # k neighbours away = sensitivity k
                    if not (dex <= arb(dg)):
                        return fail("delta_Gauss(k eps; Delta = k) <= delta sum_{i<k} e^{i eps}", f"s={s}, eps={eps}, k={k}: {dex} > {dg}")
                    worst = max(worst, float((dex / arb(dg)).upper()) if dg > 0 else 0)
                n += 1
    return Outcome(Verdict.CERTIFIED, claimed="group privacy (k eps, delta sum_{i<k} e^{i eps}) holds for the Gaussian mechanism",
                   computed=f"{n} (sigma, eps, k) points certified; max exact/bound = {worst:.3f}", precision="Arb 256 bits",
                   details="sigma in {0.5, 1, 3, 10}; eps in {0, 0.1, 0.5, 1, 2}; k in {1, 2, 3, 5, 10}")


# ------------------------------------------------------------------------------------------
# amplification by subsampling vs the exact subsampled Gaussian
# ------------------------------------------------------------------------------------------

def _sgm_hockey_closed(eps_p, q, s):
    """Exact hockey-sticks at eps' of mu = (1-q) N(0,s^2) + q N(1,s^2) vs mu0 = N(0,s^2), both directions
    (the likelihood ratio mu/mu0 = 1 - q + q e^{(2x-1)/(2 s^2)} is increasing: the optimal events are half-lines)."""
    c = mpmath.exp(eps_p)
    sf = lambda z: mpmath.ncdf(-z)  # noqa: E731
    # mu vs mu0: {q e^{(2x-1)/2s^2} > c - 1 + q}
    x1 = s * s * mpmath.log((c - 1 + q) / q) + mpmath.mpf(1) / 2
    fwd = (1 - q) * sf(x1 / s) + q * sf((x1 - 1) / s) - c * sf(x1 / s)
    # mu0 vs mu: {1 > c (1 - q + q e^{...})}
    if c * (1 - q) >= 1:
        rev = mpmath.mpf(0)
    else:
        x2 = s * s * mpmath.log((1 - c * (1 - q)) / (c * q)) + mpmath.mpf(1) / 2
        rev = mpmath.ncdf(x2 / s) - c * ((1 - q) * mpmath.ncdf(x2 / s) + q * mpmath.ncdf((x2 - 1) / s))
    return max(fwd, mpmath.mpf(0)), max(rev, mpmath.mpf(0))


@check("core.acct.amplify_poisson.sgm", spec=["core.acct.amplify_poisson", "core.acct.stmt.amplification"])
def _amplify_poisson(ctx):
    n, tight, qcheck = 0, [], 0
    with mpmath.workdps(40):
        for s in [0.5, 1.0, 2.0, 5.0]:
            for eps in [0.1, 1.0, 3.0]:
                d0 = A.gaussian_delta(eps, s, method="certified").hi
                for q in [1e-4, 0.01, 0.3, 0.9, 1.0]:
                    e1, d1 = A.amplify_poisson(eps, d0, q)
                    fwd, rev = _sgm_hockey_closed(mpmath.mpf(e1), mpmath.mpf(q), mpmath.mpf(s))
                    if fwd > d1 * (1 + 1e-13) or rev > d1 * (1 + 1e-13):
                        return fail("exact delta of the subsampled Gaussian at eps' <= q delta",
                                    f"s={s}, eps={eps}, q={q}: fwd {fwd}, rev {rev} vs {d1}")
                    tight.append(float(fwd / d1))
                    n += 1
                    if q in (0.01, 0.9) and eps == 1.0 and s in (0.5, 2.0):   # quadrature cross-check of the closed form
                        qq = mpmath.mpf(q)
                        mu = lambda x: (1 - qq) * mpmath.npdf(x, 0, s) + qq * mpmath.npdf(x, 1, s)  # noqa: E731
                        mu0 = lambda x: mpmath.npdf(x, 0, s)  # noqa: E731
                        h, _ = hockey_1d(mu, mu0, e1, -40 * s, 1 + 40 * s, _np_mix([(1 - q, 0), (q, 1)], s),
                                         _np_mix([(1, 0)], s))
                        if abs(h - fwd) > 1e-10 * fwd:
                            return fail("closed form = quadrature", f"{h} vs {fwd}")
                        qcheck += 1
    return Outcome(Verdict.NUMERIC, claimed="Poisson subsampling: (eps, delta) Gaussian => (log(1 + q(e^eps - 1)), q delta) for the sampled Gaussian",
                   computed=f"{n} (sigma, eps, q) points, both directions; exact/bound in [{min(tight):.6f}, {max(tight):.6f}] "
                            f"(forward direction tight: = 1); closed forms = quadrature at {qcheck} points",
                   precision="mpmath dps 40 closed forms (relative slack 1e-13 for float rounding); quadrature dps 30",
                   details="sigma in {0.5, 1, 2, 5}; eps in {0.1, 1, 3}; q in {1e-4, 0.01, 0.3, 0.9, 1}")


@check("core.acct.amplify_without_replacement.sgm", spec=["core.acct.amplify_without_replacement", "core.acct.stmt.amplification"])
def _amplify_wor(ctx):
    n, worst = 0, 0.0
    sig_grid = [1.0] if not ctx.full else [0.5, 1.0, 2.0]
    eps_grid = [1.0] if not ctx.full else [0.3, 1.0, 2.0]
    mn_grid = [(1, 100), (50, 100)] if not ctx.full else [(1, 100), (10, 100), (50, 100), (99, 100)]
    for s in sig_grid:
        for eps in eps_grid:
            d0 = A.gaussian_delta(eps, s, method="certified").hi   # base: substitution changes the mean by <= 1
            for m, N in mn_grid:
                e1, d1 = A.amplify_without_replacement(eps, d0, m, N)
                g = mpmath.mpf(m) / N
                for (u, v) in [(0.5, -0.5), (1.0, 0.0)]:     # the differing record contributes u (in D) or v (in D')
                    P = lambda x, u=u: (1 - g) * mpmath.npdf(x, 0, s) + g * mpmath.npdf(x, u, s)  # noqa: E731
                    Q = lambda x, v=v: (1 - g) * mpmath.npdf(x, 0, s) + g * mpmath.npdf(x, v, s)  # noqa: E731
                    Pn, Qn = _np_mix([(1 - float(g), 0), (float(g), u)], s), _np_mix([(1 - float(g), 0), (float(g), v)], s)
                    for (F, G, Fn, Gn) in [(P, Q, Pn, Qn), (Q, P, Qn, Pn)]:
                        h, _ = hockey_1d(F, G, e1, -12 * s - 1, 12 * s + 1, Fn, Gn, dps=20)
                        if h > d1 * (1 + 1e-10):
                            return fail("exact delta of the WOR-subsampled Gaussian <= (m/n) delta",
                                        f"s={s}, eps={eps}, m/n={m}/{N}, shifts {(u, v)}: {h} > {d1}")
                        worst = max(worst, h / d1)
                        n += 1
    return Outcome(Verdict.NUMERIC, claimed="sampling m of n without replacement (substitution): (log(1 + (m/n)(e^eps - 1)), (m/n) delta)",
                   computed=f"{n} (sigma, eps, m/n, instance, direction) points; max exact/bound = {worst:.6f}",
                   precision="mpmath dps 20 quadrature, sign changes located on a 4000-point float grid and bisected (dps 20)",
                   details=f"sigma in {sig_grid}; eps in {eps_grid}; (m, n) in {mn_grid}; shifts (1/2, -1/2), (1, 0); both directions; "
                           "support [-12 sigma - 1, 12 sigma + 1] (outside: mass < e^-70)")


# ------------------------------------------------------------------------------------------
# TV transfer and doc 000 approximate RDP
# ------------------------------------------------------------------------------------------

def _perturb(rng, P, eta, fresh: int):
    """(1 - eta) P + eta * (point mass at a fresh atom ``fresh``) on len(P) + 2 atoms: TV(P, P') = eta."""
    out = [(1 - eta) * p for p in P] + [Fraction(0), Fraction(0)]
    out[len(P) + fresh] += eta
    return out


@check("core.acct.tv_to_dp.exact", spec=["core.acct.tv_to_dp", "core.acct.stmt.tv_to_dp"])
def _tv_to_dp_exact(ctx):
    n, worst = 0, Fraction(0)
    for trial in range(60 if not ctx.full else 600):
        m = int(ctx.rng.integers(2, 7))
        P, Q = _rand_dist(ctx.rng, m), _rand_dist(ctx.rng, m)
        c = Fraction(int(ctx.rng.integers(2, 13)), 2)
        d = max(_hs_exact(P, Q, c), _hs_exact(Q, P, c))
        eta = Fraction(int(ctx.rng.integers(1, 50)), 1000)
        # adversarial perturbations: P' puts eta on a fresh atom that Q' does not charge, and vice versa
        P2, Q2 = _perturb(ctx.rng, P, eta, 0), _perturb(ctx.rng, Q, eta, 1)
        d2 = max(_hs_exact(P2, Q2, c), _hs_exact(Q2, P2, c))
        bound = d + (1 + c) * eta
        if d2 > bound:
            return fail("delta' <= delta + (1 + e^eps) eta", f"{P}, {Q}, c={c}, eta={eta}: {d2} > {bound}")
        _, d_code = A.tv_to_dp(math.log(c), float(d), float(eta))
        if Fraction(d_code) < bound - Fraction(1, 10 ** 12):
            return fail("tv_to_dp returns delta + (1 + e^eps) eta", f"{d_code} vs {float(bound)}")
        worst = max(worst, d2 / bound)
        n += 1
    return Outcome(Verdict.CERTIFIED, claimed="A ~TV eta A', A (eps, delta)-DP => A' (eps, delta + (1 + e^eps) eta)-DP",
                   computed=f"{n} random rational instances with adversarial fresh-atom perturbations; max delta'/bound = {float(worst):.4f}",
                   precision="exact rational arithmetic", details="e^eps in {1, 1.5, ..., 6}; eta in (0, 0.05)")


def _renyi_finite_arb(P, Q, a) -> arb:
    """D_alpha(P||Q) for finite distributions with Q > 0 where P > 0 (Arb)."""
    s = arb(0)
    for p, q in zip(P, Q):
        if p == 0:
            continue
        s += to_arb(p) ** a * to_arb(q) ** (1 - a)
    return s.log() / (a - 1)


@check("core.acct.approx_rdp_to_dp.discrete", spec=["core.acct.approx_rdp_to_dp", "core.acct.stmt.000_cor1"])
def _cor1_discrete(ctx):
    """000 Cor 1 (S28): mu0, nu0 random with D_alpha(mu0||nu0) = eps (Arb); mu, nu within TV delta of them (delta mass moved
    to fresh atoms, the worst case for the hockey-stick); check H_{e^{eps_dp}}(mu||nu) <= delta' + (1 + e^{eps_dp}) delta."""
    n, worst = 0, 0.0
    for trial in range(12 if not ctx.full else 100):
        m = int(ctx.rng.integers(2, 6))
        mu0, nu0 = _rand_dist(ctx.rng, m), _rand_dist(ctx.rng, m)
        for al in [1.5, 2.0, 8.0, 64.0]:
            for dl in [Fraction(1, 10 ** 6), Fraction(1, 1000), Fraction(1, 20)]:
                for dpr in [1e-6, 1e-2]:
                    with arb_prec(192):
                        eps = _renyi_finite_arb(mu0, nu0, arb(al))
                        e_up = float(eps.upper()) * (1 + 1e-15) + 1e-300
                    e_dp, d_dp = A.approx_rdp_to_dp(al, e_up, float(dl), dpr)
                    mu, nu = _perturb(ctx.rng, mu0, dl, 0), _perturb(ctx.rng, nu0, dl, 1)
                    with arb_prec(192):
                        c = arb(e_dp).exp()
                        h = sum(((to_arb(p) - c * to_arb(q)).nonnegative_part() for p, q in zip(mu, nu)), arb(0))
                        if not (h <= arb(d_dp)):
                            return fail("000 Cor 1", f"alpha={al}, delta={dl}, delta'={dpr}: H={h} > {d_dp}")
                        worst = max(worst, float((h / arb(d_dp)).upper()))
                    n += 1
    return Outcome(Verdict.CERTIFIED, claimed="(alpha, eps, delta)-RDP => (eps + log(1/delta')/(alpha-1), delta' + (1 + e^{eps_dp}) delta)-DP",
                   computed=f"{n} instances (random mu0, nu0; delta moved to fresh atoms); max H/bound = {worst:.4f}",
                   precision="Arb 192 bits", details="alpha in {1.5, 2, 8, 64}; delta in {1e-6, 1e-3, 0.05}; delta' in {1e-6, 1e-2}")


@check("core.acct.approx_rdp_compose.discrete", spec=["core.acct.approx_rdp_compose", "core.acct.stmt.000_lemma3"])
def _lemma3_discrete(ctx):
    """000 Lemma 3 on non-adaptive products: for (mu_i, nu_i) within TV delta_i of (mu_i0, nu_i0), the witnesses
    mu_10 x mu_20, nu_10 x nu_20 are within TV delta_1 + delta_2 of the product pair (computed exactly) and have
    D_alpha = eps_1 + eps_2 (Arb), so D_{alpha, delta_1 + delta_2}(product) <= eps_1 + eps_2 = approx_rdp_compose's eps."""
    n = 0
    for trial in range(10 if not ctx.full else 100):
        dists = [_rand_dist(ctx.rng, int(ctx.rng.integers(2, 5))) for _ in range(4)]
        mu10, nu10, mu20, nu20 = dists[0], dists[1][:len(dists[0])], dists[2], dists[3][:len(dists[2])]
        nu10 = _rand_dist(ctx.rng, len(mu10))
        nu20 = _rand_dist(ctx.rng, len(mu20))
        d1, d2 = Fraction(1, 100), Fraction(3, 1000)
        mu1, nu1 = _perturb(ctx.rng, mu10, d1, 0), _perturb(ctx.rng, nu10, d1, 1)
        mu2, nu2 = _perturb(ctx.rng, mu20, d2, 0), _perturb(ctx.rng, nu20, d2, 1)
        pad = lambda P: P + [Fraction(0), Fraction(0)]  # noqa: E731
        W_mu, W_nu = _product(pad(mu10), pad(mu20)), _product(pad(nu10), pad(nu20))
        tv_mu = sum(abs(a - b) for a, b in zip(_product(mu1, mu2), W_mu)) / 2
        tv_nu = sum(abs(a - b) for a, b in zip(_product(nu1, nu2), W_nu)) / 2
        if tv_mu > d1 + d2 or tv_nu > d1 + d2:
            return fail("TV(product, witness product) <= delta1 + delta2", f"{tv_mu}, {tv_nu}")
        for al in [1.5, 2.0, 10.0]:
            with arb_prec(192):
                a = arb(al)
                e1, e2 = _renyi_finite_arb(mu10, nu10, a), _renyi_finite_arb(mu20, nu20, a)
                ep = _renyi_finite_arb(W_mu, W_nu, a)
                e_c, d_c = A.approx_rdp_compose([(float(e1.upper()) * (1 + 1e-15), float(d1)),
                                                 (float(e2.upper()) * (1 + 1e-15), float(d2))])
                if not (ep <= arb(e_c)) or Fraction(d_c) < d1 + d2 - Fraction(1, 10 ** 15):
                    return fail("D_alpha(witness product) <= eps1 + eps2", f"alpha={al}: {ep} vs {e_c}")
            n += 1
    return Outcome(Verdict.CERTIFIED, claimed="000 Lemma 3: (alpha, eps_i, delta_i) compose to (alpha, eps1 + eps2, delta1 + delta2)",
                   computed=f"{n} instances: witness TV <= delta1 + delta2 (exact) and D_alpha(witness) <= returned eps (Arb)",
                   precision="exact rationals for TV, Arb 192 bits for D_alpha",
                   details="non-adaptive products of random finite pairs; delta1 = 0.01, delta2 = 0.003; alpha in {1.5, 2, 10}")


@check("core.acct.rdp_mixture_bdrs18.gauss", spec=["core.acct.rdp_mixture_bdrs18", "core.acct.stmt.000_prop7"])
def _prop7_gauss(ctx):
    taus = [0.1, 1 / 3] if not ctx.full else [0.01, 0.1, 1 / 3]
    ss = [0.01, 0.0249] if not ctx.full else [0.001, 0.01, 0.0249]
    from scipy.integrate import quad
    worst, n = 0.0, 0
    for tau in taus:
        amax = 3 / tau
        alphas = [2.0, 0.99 * amax] if not ctx.full else [1.5, 2.0, amax / 2, 0.99 * amax]
        a_s = math.sqrt(2 * tau)
        triples = [(a_s, 0.0, 0.0), (0.0, a_s, 0.0), (math.sqrt(tau / 2), -math.sqrt(tau / 2), 0.0)]   # means of (P, Q, R)
        for (mp_, mq, mr) in triples:
            # hypothesis of Prop 7: pairwise D_alpha = alpha (m_i - m_j)^2 / 2 <= alpha tau
            for u, v in [(mp_, mq), (mp_, mr), (mq, mr)]:
                if (u - v) ** 2 / 2 > tau * (1 + 1e-14):
                    return fail("premise pairwise D_alpha <= alpha tau", f"{u}, {v}, tau={tau}")
            for s in ss:
                lf = lambda x: np.logaddexp(math.log(s) - (x - mp_) ** 2 / 2, math.log1p(-s) - (x - mr) ** 2 / 2)  # noqa: E731
                lg = lambda x: np.logaddexp(math.log(s) - (x - mq) ** 2 / 2, math.log1p(-s) - (x - mr) ** 2 / 2)  # noqa: E731
                for al in alphas:
                    # int f^al g^(1-al) = int N(0,1)-weighted exp(al (lf - l0) + (1 - al)(lg - l0)), l0 = -x^2/2
                    h = lambda x: math.exp(al * lf(x) + (1 - al) * lg(x)) / math.sqrt(2 * math.pi)  # noqa: E731
                    I, err = quad(h, -40, 40, points=[-5, 0, 5], epsabs=0, epsrel=1e-13, limit=500)
                    D = math.log(I) / (al - 1)
                    bound = A.rdp_mixture_bdrs18(al, tau, s)
                    if err > 1e-10 * I or D > bound:
                        return fail("D_alpha(sP+(1-s)R || sQ+(1-s)R) <= 13 s^2 alpha tau", f"tau={tau}, s={s}, alpha={al}: {D} > {bound} (err {err})")
                    worst = max(worst, D / bound)
                    n += 1
    return Outcome(Verdict.NUMERIC, claimed="000 Prop 7 (BDRS18 Thm 12): D_alpha(sP+(1-s)R || sQ+(1-s)R) <= 13 s^2 alpha tau",
                   computed=f"{n} points on three 1-D Gaussian triples; max D/bound = {worst:.4f}",
                   precision="scipy quad in log space (relative error estimate <= 1e-10; the margin is > 6x)",
                   details=f"tau in {taus}; s in {ss}; alpha in {{2, 0.99 * 3/tau}} (full: also 1.5, 1.5/tau); tails beyond |x| = 40 "
                           "below e^-700")
