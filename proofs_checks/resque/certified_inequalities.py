"""Doc 000 parametrised inequalities put through the check engine (issue 12 items 5-6): certified proof-chain constants,
certified failure regions and pinned certified counterexamples of errata / proof gaps.

* **Display (7)** (Audit A2): the printed ``exp(2||v||^2/rho^2) <= 3`` on ``||v|| <= rho``: REFUTED by the engine, and its
  negation CERTIFIED on the whole band ``||v||^2/rho^2 in [0.55, 1]`` (certificate ``000.eq7.failure_region``).
* **Audit A12** (union bound over ``log2 That`` phases charged ``delta/log T`` each, log = ln): the total exceeds delta on
  the whole range ``T in [2, 1e12]`` (certificate ``000.audit.A12.failure_region``), pinned at T = 1024.
* **Audit A16** (``k = ceil(ln ln T)``): Arb enclosures of ``ln ln T`` decide the ceiling exactly on ``T = 2^m``, m <= 200.
* **Prop 10 / Audit A20** (gradient count ``18 T log(1/zeta)``): Arb at zeta = 1/10 and sympy for every zeta in (0, 1).
* **Audit A17** (Prop 8's per-call preconditions): exact integers, ``beta_0^2/beta^2 = 2^k >= 2`` for every T >= 4.
* **Lemma 5's proof chain** (L660-L755): the numeric inequalities the proof states, CERTIFIED over the whole admissible
  range ``u = ln(log T/delta) >= ln(6 ln 2)`` (T >= 2, delta < 1/6) with ``p = ceil(5u)`` relaxed to ``p = 5u + w``,
  ``w in [0, 1]`` (certificate ``000.lemma5.chain``).
"""
from __future__ import annotations

import math
from fractions import Fraction

import sympy as sp

from proofs_checks.engine import Param, certify
from proofs_checks.framework import Outcome, Verdict, check, erratum, fail, proof_gap


def _both_or_fail(label, cex, reg):
    if cex.status != "REFUTED":
        return fail(f"{label}: certified counterexample", f"engine status {cex.status} ({cex.coverage})")
    if not reg.certified:
        return fail(f"{label}: certified failure region", f"engine status {reg.status} ({reg.coverage})")
    return None


# ------------------------------------------------------------------------------------------------------------------
# Display (7) / Audit A2
# ------------------------------------------------------------------------------------------------------------------

@check("000.eq7.certified", spec=["000.eq7", "000.audit.A2"])
def _eq7_certified(ctx):
    """Printed (7) (L255-258): (2 pi rho)^{d/2} exp(2||v||^2/rho^2) <= 3 (2 pi rho)^{d/2} on ||v|| <= rho (x in B_xbar(rho)).
    The common positive factor (2 pi rho)^{d/2} cancels, so with u = ||v||^2/rho^2 in [0, 1] the printed inequality is
    exp(2u) <= 3 (every rho > 0, every d)."""
    cex = certify("exp(2*u) - 3", [Param("u", 0, 1)], budget=200, claim="(7): exp(2 ||v||^2/rho^2) <= 3 on ||v|| <= rho")
    reg = certify("3 - exp(2*u)", [Param("u", 0.55, 1)], budget=2000, certificate_path=True, name="000.eq7.failure_region",
                  claim="(7) fails: exp(2u) > 3 for u = ||v||^2/rho^2 in [0.55, 1]")
    bad = _both_or_fail("(7)", cex, reg)
    if bad:
        return bad
    return erratum(claimed="(7) (L255-258): int exp(-||v-xi||^2/rho^2 + ||xi||^2/(2rho^2)) dxi = (2 pi rho)^{d/2} exp(2||v||^2/rho^2) "
                           "<= 3 (2 pi rho)^{d/2} for ||v|| <= rho",
                   computed=f"engine: {cex.counterexample_text()}; negation CERTIFIED on u = ||v||^2/rho^2 in [0.55, 1] "
                            f"({len(reg.leaves)} leaf, max upper {reg.max_upper:.4f}; certificate {reg.certificate_path})",
                   counterexample=f"u = ||v||^2/rho^2 = {float(cex.counterexample['point']['u']):g} (any rho > 0, any d): "
                                  f"exp(2u) - 3 in {cex.counterexample['enclosure']} > 0; the printed bound fails on the whole band "
                                  f"||v||/rho in [0.742, 1] (ln 3/2 = 0.549 < 0.55)",
                   precision="Arb ball arithmetic (certified counterexample and certified failure region)")


# ------------------------------------------------------------------------------------------------------------------
# Audit A12: union bound with delta/ln T per phase
# ------------------------------------------------------------------------------------------------------------------

@check("000.audit.A12.certified", spec="000.audit.A12")
def _a12_certified(ctx):
    """Lemma 5 (L749-755) charges delta/log T to each of the k = log2 That phases (T = That a power of 2 here); with
    log = ln the union bound sum is (log2 T/ln T) delta, which must be <= delta.  The engine refutes it and certifies
    its negation over T in [2, 1e12] (the ratio is 1/ln 2 for every T; the expression keeps T to show it)."""
    box = [Param("T", 2, 1e12, log=True)]
    claim = "union bound with delta/ln T per phase: log2(T) delta/ln(T) <= delta"
    cex = certify("log(T)/(log(2)*log(T)) - 1", [Param("T", 1024, 1024)], budget=50, claim=claim)
    reg = certify("1 - log(T)/(log(2)*log(T))", box, budget=2000, certificate_path=True, name="000.audit.A12.failure_region",
                  claim="negation: log2(T)/ln(T) > 1 for every T in [2, 1e12]")
    bad = _both_or_fail("A12", cex, reg)
    if bad:
        return bad
    return erratum(claimed="Lemma 5 (L749-755), log read as ln: k = log2 That phases, each (alpha, ., delta/log T) => total delta",
                   computed=f"engine: {cex.counterexample_text()}; negation CERTIFIED on T in [2, 1e12] ({len(reg.leaves)} leaves, "
                            f"{reg.n_boxes} boxes; certificate {reg.certificate_path})",
                   counterexample=f"T = That = 1024: sum of the per-phase deltas / delta - 1 = log2(1024)/ln(1024) - 1 in "
                                  f"{cex.counterexample['enclosure']} > 0 (1/ln 2 - 1 = 0.4427 for every T)",
                   precision="Arb ball arithmetic", details="under the log2 reading the union bound sums to delta exactly")


# ------------------------------------------------------------------------------------------------------------------
# Audit A16: k = ceil(ln ln T)
# ------------------------------------------------------------------------------------------------------------------

@check("000.audit.A16.certified", spec="000.audit.A16")
def _a16_certified(ctx):
    """Alg 5 (L901-913): k = ceil(log log T); the proof (L944) needs 2^k >= log2 T.  Under the ln reading, for T = 2^m
    (m = 2..200) the Arb enclosure of ln ln T is checked to contain no integer, which decides ceil(ln ln T) exactly; then
    2^k < m = log2 T is an integer comparison.  Pinned: T = 2^20."""
    import flint
    failing = []
    for m in range(2, 201):
        x = (flint.arb(2) ** m).log().log()
        lo, hi = math.floor(float(x.lower())), math.floor(float(x.upper()))
        if lo != hi or x.contains(flint.arb(lo)) or x.contains(flint.arb(lo + 1)):
            return fail("A16: ceil(ln ln 2^m) decided by Arb", f"m = {m}: ln ln T = {x} straddles an integer")
        k = lo + 1
        if 2 ** k < m:
            failing.append((m, k))
    pin = [f for f in failing if f[0] == 20]
    if not pin:
        return fail("A16: T = 2^20 fails", f"failing m: {failing[:10]}")
    x20 = (flint.arb(2) ** 20).log().log()
    return erratum(claimed="Alg 5 / Prop 8 proof (L901-913, L944): k = ceil(log log T) gives 2^k >= log2 T (D_k <= 8 E_k)",
                   computed=f"ln reading, T = 2^m for m = 2..200: 2^ceil(ln ln T) < log2 T for {len(failing)} values of m "
                            f"(smallest {failing[0][0]}, largest {failing[-1][0]}); every ceiling decided by an Arb enclosure",
                   counterexample=f"T = 2^20: ln ln T in {x20} so k = 3 (exact), 2^3 = 8 < log2 T = 20",
                   precision="Arb ball arithmetic + exact integers",
                   details="under the log2 reading k = ceil(log2 log2 T) gives 2^k >= log2 T for every T >= 4")


# ------------------------------------------------------------------------------------------------------------------
# Prop 10 / Audit A20: gradient count
# ------------------------------------------------------------------------------------------------------------------

@check("000.prop10.certified_count", spec=["000.prop10", "000.audit.A20"])
def _prop10_count(ctx):
    """Prop 10 (L1043-1069) states 18 T log(1/zeta) gradients; Alg 7 (L1034-1042) runs k = ceil(20 ln(1/zeta)) copies of
    Alg 5 with T gradients each.  Since ceil(y) >= y, k T >= 20 T ln(1/zeta) > 18 T ln(1/zeta) for EVERY zeta in (0, 1)
    (sympy: 20 L - 18 L = 2 L > 0 for L = ln(1/zeta) > 0); pinned in Arb at zeta = 1/10."""
    import flint
    L = sp.symbols("L", positive=True)
    if not sp.ask(sp.Q.positive(20 * L - 18 * L)):
        return fail("20 L > 18 L for L > 0", "sympy")
    y20 = 20 * flint.arb(10).log()
    y18 = 18 * flint.arb(10).log()
    if not (y20 > 46 and y20 < 47):
        return fail("ceil(20 ln 10) = 47 decided by Arb", str(y20))
    gap = 47 - y18
    if not gap > 0:
        return fail("47 > 18 ln 10 in Arb", str(gap))
    return erratum(claimed="Prop 10 (L1043-1069): Alg 7 uses 18 T log(1/zeta) gradients",
                   computed=f"Alg 7 uses ceil(20 ln(1/zeta)) T >= 20 T ln(1/zeta) > 18 T ln(1/zeta) for every zeta in (0, 1) (sympy); "
                            f"zeta = 1/10: 20 ln 10 in {y20} so k = 47 (Arb), 47 - 18 ln 10 in {gap} > 0",
                   counterexample=f"zeta = 1/10: 47 T gradients > 18 T ln 10 = {float(y18.mid()):.4f} T (excess in {gap} T, Arb)",
                   precision="sympy (whole domain) + Arb ball arithmetic (pinned point)")


# ------------------------------------------------------------------------------------------------------------------
# Audit A17: Prop 8's per-call preconditions (exact)
# ------------------------------------------------------------------------------------------------------------------

@check("000.audit.A17.exact", spec=["000.audit.A17", "000.priv.alg5", "000.prop8", "000.priv.thm3"])
def _a17_exact(ctx):
    """Step L914-922: Cor 2 (beta_i^2 log^2(1/delta_i) <= 1/C_priv) applied to every Alg 4 call of Alg 5.  The first call
    runs with beta_0 = 2^{k/2} beta and delta/k, so with Prop 8's hypothesis at equality beta^2 log^2(k/delta) = 1/C_priv
    the call has beta_0^2 log^2(k/delta) = 2^k/C_priv.  k = ceil(log2 log2 T) >= 1 for every T >= 4 (T >= 4 gives
    log2 log2 T >= 1), so the factor 2^k >= 2 > 1: the step fails on the whole domain.  Exact integers for T = 2^m."""
    worst = None
    for m in range(2, 513):
        k = (m - 1).bit_length()                       # ceil(log2 m) = ceil(log2 log2 2^m), exact
        if not (2 ** (k - 1) < m <= 2 ** k):
            return fail("k = ceil(log2 m) computed exactly", f"m = {m}, k = {k}")
        factor = Fraction(2 ** k)                     # beta_0^2 log^2(k/delta) / (beta^2 log^2(k/delta))
        if factor <= 1:
            return fail("2^k > 1 for every T >= 4", f"m = {m}")
        worst = factor if worst is None else min(worst, factor)
    k20 = (20 - 1).bit_length()
    return proof_gap(claimed="Prop 8 (L914-922): its hypothesis beta^2 log^2(k/delta) <= 1/C_priv gives Cor 2's hypothesis for every Alg 4 call",
                     computed=f"first call: beta_0^2 log^2(k/delta) = 2^k beta^2 log^2(k/delta); exact for T = 2^m, m = 2..512: "
                              f"2^k >= {worst} > 1 (every T >= 4 has k >= 1)",
                     counterexample=f"T = 2^20 (k = {k20}), Prop 8's hypothesis with equality: beta_0^2 log^2(k/delta) = "
                                    f"{2 ** k20}/C_priv > 1/C_priv (exact); no privacy loss exhibited, the step does not cover the call",
                     details="the total tau of the composition is within the claim (000.priv.alg5.per_call)")


# ------------------------------------------------------------------------------------------------------------------
# Lemma 5: the numeric inequalities of the proof
# ------------------------------------------------------------------------------------------------------------------

#: u = ln(log T/delta) >= ln(6 ln 2) when T >= 2 and delta < 1/6 (log = ln; log2 gives u >= ln 6, a sub-range)
_U0 = math.log(6 * math.log(2))

# x = 1/u in [0, 1/u0] (x = 0 is the limit u -> inf, a superset of the domain), p = 5u + w with w in [0, 1] (p = ceil(5u));
# eta_i L <= r/4 (L660) and rho/r >= 1728 u^2 (Lemma 5's hypothesis); every claim is divided by a power of u.
_LEMMA5_CHAIN = {
    "(a) 48 eta_i L (2+q)/rho <= 1/(2p) for q <= p-2, i.e. 24 p^2 <= 1728 u^2": "24*(5 + w*x)^2 - 1728",
    "(b) (1 + 96 eta_i L p/rho)^(p-2) <= 2, via log(1+y) <= y: (p-2) 24 p/(1728 u^2) <= ln 2": "(5 + w*x - 2*x)*24*(5 + w*x)/1728 - log(2)",
    "(c) 16 p (48 eta_i L p)^2/rho^2 <= 1/T_i with (eta_i L)^2 <= r^2/(16 T): 2304 p^3 <= 1728^2 u^4": "2304*(5 + w*x)^3*x - 1728^2",
    "(d) 1200 (log T/delta)^(1/p) <= 1500, i.e. exp(u/p) <= 1.25": "exp(1/(5 + w*x)) - 1.25",
    "(e) Lemma 2's radius: 2r <= rho/p, i.e. 2p <= 1728 u^2": "2*(5 + w*x)*x - 1728",
    "(f) (1+1/T_i)^T_i (1+1/b_i)^b_i 2 b_i^2 (9 eta_i L)^2 <= e^2 162 b_i^2 (eta_i L)^2 <= 1200 b_i^2 (eta_i L)^2": "162*exp(2) - 1200",
}


@check("000.lemma5.chain_certified", spec="000.lemma5")
def _lemma5_chain(ctx):
    """The explicit inequalities of Lemma 5's proof (L660-L755), CERTIFIED over the whole admissible range in one
    certificate: max of the six claims <= 0 on x = 1/u in [0, 1/ln(6 ln 2)], w in [0, 1]."""
    # build max(a, b, c, d, e, f) as nested binary max (the grammar's max is binary)
    parts = [f"({e})" for e in _LEMMA5_CHAIN.values()]
    expr = parts[0]
    for p in parts[1:]:
        expr = f"max({expr}, {p})"
    box = [Param("x", 0, 1 / _U0), Param("w", 0, 1)]
    res = certify(expr, box, budget=2000, certificate_path=True, name="000.lemma5.chain",
                  claim="Lemma 5 proof chain (a)-(f) for u = ln(log T/delta) >= ln(6 ln 2), p in [5u, 5u + 1]")
    if res.status == "REFUTED":
        return fail("Lemma 5 proof chain", res.counterexample_text())
    if not res.certified:
        return Outcome(Verdict.PARTIAL, claimed="Lemma 5 proof chain", computed=res.status, coverage=res.coverage)
    return Outcome(Verdict.CERTIFIED, claimed="Lemma 5 proof chain: " + "; ".join(_LEMMA5_CHAIN),
                   computed=f"all six CERTIFIED: max upper bound {res.max_upper:.3e} <= 0 ({len(res.leaves)} leaves, {res.n_boxes} boxes)",
                   margin=-res.max_upper, precision="Arb ball arithmetic, 64 bits",
                   coverage=f"u = log(log T/delta) in [ln(6 ln 2), inf) (T >= 2, delta < 1/6; the six claims depend on u only and every reading of the two unqualified logs gives u >= ln(6 ln 2), with 2^(u/p) <= e^(u/p) in (d) under log2) as x = 1/u "
                            f"in [0, {1 / _U0:.4f}], p = ceil(5u) relaxed to [5u, 5u + 1]; eta_i L <= r/4, rho/r >= 1728 u^2; "
                            f"(b) uses log(1 + y) <= y; {res.coverage}; certificate {res.certificate_path}")


# ------------------------------------------------------------------------------------------------------------------
# Certified failure regions of the errata A14 and A22 (their pinned counterexamples live in privacy.py)
# ------------------------------------------------------------------------------------------------------------------

@check("000.audit.A14.failure_region", spec="000.audit.A14")
def _a14_region(ctx):
    """L822: s <= 1 - (1 - 1.1 T/n)/(1 - delta/2) with s >= 0.  The printed bound is negative (so false as an upper
    bound of s >= 0) on the whole box T/n = x in (0, 0.004], delta in [0.01, 1/6) of Lemma 7's range: CERTIFIED."""
    box = [Param("x", 0, 0.004, lo_open=True), Param("delta", 0.01, 1 / 6, hi_open=True)]
    reg = certify("1 - (1 - 1.1*x)/(1 - delta/2)", box, budget=2000, certificate_path=True, name="000.audit.A14.failure_region",
                  claim="L822's bound on s is negative: 1 - (1 - 1.1 T/n)/(1 - delta/2) <= 0 on T/n in (0, 0.004], delta in [0.01, 1/6)")
    if not reg.certified:
        return fail("A14: certified failure region", f"{reg.status} ({reg.coverage})")
    return erratum(claimed="L822: 0 <= s <= 1 - (1 - 1.1 T/n)/(1 - delta/2) on Lemma 7's range",
                   computed=f"the printed bound is <= {reg.max_upper:.3e} < 0 on the whole box T/n in (0, 0.004], delta in [0.01, 1/6) "
                            f"(CERTIFIED, {len(reg.leaves)} leaf; certificate {reg.certificate_path})",
                   counterexample="every (T/n, delta) in (0, 0.004] x [0.01, 1/6): the printed upper bound on s >= 0 is negative (Arb)",
                   precision="Arb ball arithmetic (certified failure region)")


@check("000.audit.A22.failure_region", spec="000.audit.A22")
def _a22_region(ctx):
    """Thm 3's conversion read with delta' = delta/2 (t = 1/log(1/delta)): e^{eps_dp} > 2, i.e. delta_tot > delta, on the
    whole box eps in [0.95, 1), t in [0.3, 1/ln 6) (delta in [0.0357, 1/6)): CERTIFIED."""
    from proofs_checks.resque.privacy import _EPSDP_HALF
    box = [Param("eps", 0.95, 1, hi_open=True), Param("t", 0.3, 1 / math.log(6), hi_open=True)]
    reg = certify(f"2 - exp({_EPSDP_HALF})", box, budget=2000, certificate_path=True, name="000.audit.A22.failure_region",
                  claim="delta' = delta/2 fails: e^{eps_dp} >= 2 on eps in [0.95, 1), delta in [e^{-1/0.3}, 1/6)")
    if not reg.certified:
        return fail("A22: certified failure region", f"{reg.status} ({reg.coverage})")
    return erratum(claimed="Thm 3 (L1189-1191), delta' = delta/2: delta/2 + (1 + e^{eps_dp}) delta/6 <= delta",
                   computed=f"2 - e^{{eps_dp}} <= {reg.max_upper:.3e} < 0 on the whole box eps in [0.95, 1), delta in [0.0357, 1/6) "
                            f"(CERTIFIED, {len(reg.leaves)} leaf; certificate {reg.certificate_path})",
                   counterexample="every eps in [0.95, 1), delta in [0.0357, 1/6): delta_tot/delta - 1 = (e^{eps_dp} - 2)/6 > 0 (Arb)",
                   precision="Arb ball arithmetic (certified failure region)", details="delta' = delta/3 is CERTIFIED on the whole range (000.thm3.conversion_certified)")


# ------------------------------------------------------------------------------------------------------------------
# P4 (Alg 5 privacy): sum_i beta_i^2 T_i^2 <= beta^2 T^2 for every T >= 4
# ------------------------------------------------------------------------------------------------------------------

@check("000.priv.alg5.sum_exact", spec="000.priv.alg5")
def _alg5_sum_exact(ctx):
    """P4's composition sum: Alg 5 calls Alg 4 with beta_i = 2^{(k-i)/2} beta, T_i = floor(2^{i-k} T), i = 0..k-1.
    Since floor(x) <= x, sum_i beta_i^2 T_i^2 <= beta^2 T^2 sum_{i<k} 2^{i-k} = beta^2 T^2 (1 - 2^{-k}) (sympy, symbolic k);
    the floor version is also checked in exact integers for every T = 4..4096 and T = 2^m, m <= 200."""
    i, k = sp.symbols("i k", integer=True, positive=True)
    s = sp.simplify(sp.summation(2 ** (i - k), (i, 0, k - 1)))
    if sp.simplify(s - (1 - 2 ** (-k))) != 0:
        return fail("sum_{i<k} 2^{i-k} = 1 - 2^{-k}", str(s))
    worst = Fraction(0)
    Ts = list(range(4, 4097)) + [2 ** m for m in range(13, 201)]
    for T in Ts:
        # exact k = ceil(log2 log2 T): the smallest integer with 2^(2^k) >= T
        kk = next(j for j in range(0, 10) if 2 ** (2 ** j) >= T)
        tot = sum(Fraction(2 ** (kk - j)) * ((T * 2 ** j) // 2 ** kk) ** 2 for j in range(kk))
        worst = max(worst, tot / T ** 2)
    if worst > 1:
        return fail("sum_i beta_i^2 T_i^2 <= beta^2 T^2", f"max ratio {float(worst)}")
    return Outcome(Verdict.PROVED, claimed="P4 (L914-950): sum_i beta_i^2 T_i^2 <= beta^2 T^2 for Alg 5's calls",
                   computed=f"sympy: sum_i beta_i^2 T_i^2 <= beta^2 T^2 sum_(i<k) 2^(i-k) = beta^2 T^2 (1 - 2^-k) for every k (floor(x) <= x); "
                            f"exact integers with floors, {len(Ts)} values of T in [4, 2^200]: max ratio {float(worst):.6f}",
                   margin=float(1 - worst), precision="sympy + exact integers",
                   details="k = ceil(log2 log2 T) is computed exactly as the least k with 2^(2^k) >= T")


# ------------------------------------------------------------------------------------------------------------------
# Lemma 11 (Aggregate): proof for every k, Delta, d and point configuration
# ------------------------------------------------------------------------------------------------------------------

@check("000.lemma11.proof", spec="000.lemma11")
def _lemma11_proof(ctx):
    """Lemma 11 for the Aggregate of 000.aggregate (return the first x_i with c_i = #{j: ||x_i - x_j|| <= 2Delta/3} >=
    0.51k), for every k >= 1, Delta >= 0, d >= 1 and every configuration with a set G of >= 0.51k points within Delta/3
    of y.  Proof (each inequality checked below):
      (1) for i, j in G, ||x_i - x_j|| <= Delta/3 + Delta/3 = 2Delta/3 (triangle), so c_i >= |G| >= 0.51k: some point
          passes and the fallback is never taken;
      (2) the returned x_i has |S_i| >= 0.51k with S_i = {j: ||x_i - x_j|| <= 2Delta/3}; |S_i| + |G| >= 2 ceil(0.51k) > k
          (integers), so S_i and G share a j, and ||x_i - y|| <= ||x_i - x_j|| + ||x_j - y|| <= 2Delta/3 + Delta/3 = Delta.
    The implementation's float threshold cnt >= 0.51*k is compared with the exact 100 cnt >= 51 k for k <= 10^5."""
    D, k = sp.symbols("Delta k", positive=True)
    if sp.simplify(D / 3 + D / 3 - 2 * D / 3) != 0 or sp.simplify(2 * D / 3 + D / 3 - D) != 0:
        return fail("triangle-inequality constants", "sympy")
    if not sp.ask(sp.Q.positive(2 * sp.Rational(51, 100) * k - k), sp.Q.positive(k)):
        return fail("2 (0.51 k) > k for k > 0", "sympy")
    for kk in range(1, 100001):
        need = -(-51 * kk // 100)                     # exact ceil(0.51 k): least integer count passing the test
        if 2 * need <= kk:
            return fail("2 ceil(0.51 k) > k", f"k = {kk}")
        if math.ceil(0.51 * kk) != need:
            return fail("float threshold cnt >= 0.51*k equals the exact one", f"k = {kk}: {math.ceil(0.51 * kk)} vs {need}")
    return Outcome(Verdict.PROVED, claimed=">= 0.51k points within Delta/3 of y => ||Aggregate - y|| <= Delta (every k, Delta, d, configuration)",
                   computed="sympy: Delta/3 + Delta/3 = 2Delta/3 (good points pass), 2Delta/3 + Delta/3 = Delta (triangle through a shared "
                            "point), 2(0.51k) - k = k/50 > 0 (pigeonhole); exact integers: 2 ceil(0.51k) > k and the implementation's float "
                            "threshold equals 100 cnt >= 51 k for every k <= 1e5",
                   margin=0, precision="sympy + exact integers",
                   details="proof for the stand-in Aggregate (000.aggregate); [KLL+22, Claim 1] itself is external")
