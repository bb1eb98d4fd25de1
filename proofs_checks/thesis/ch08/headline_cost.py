"""Headlines H8.2/H8.3 (Thms 8.3.1 and 8.9.4, L6288 / L6637): why the sample complexity n(α, β, ε, d) cannot be
measured end to end within the budget, computed from the theorems' own parameter assignments.

Printed assignment (both theorems): T = Θ(n), B1 = Σ, B2 = 1, Σ = Θ̃((α/(εD))^{2/3}),
D = Θ̃(min{(Φ²α/(L²T²))^{1/3}, (Φαε/(dLT))^{1/2}, (Φ³α²ε/(d^{3/2}L³T³))^{1/5}}), and
m = Õ(d²B1² + dα²B2²/D²) (zero-order, Alg 24) or m = Õ(B2²α²/(D²d)) (first-order, Alg 26).
The sample complexity asks for n = Ω̃(ΦL²/(αβ³) + ΦLd/(εαβ²) + ΦL^{3/2}d^{3/4}/(ε^{1/2}αβ^{5/2})).

We take every hidden constant and log factor = 1 (favourable: all of them only increase the cost), Φ = L = 1, and
for each target β compute n (hence T), D, Σ, m and the oracle evaluations of one run with the exact count formulas
asserted by 003_ch08.alg24.counts: zero-order (T/Σ)·2mB1 + (T − T/Σ)·4mB2 function values, first-order
(T/Σ)·B1 + (T − T/Σ)·2mB2 gradients.  For the run to be private under the code's calibration (single_pass_sigma,
ι = δ/(4n)) the oracle's error radius must not exceed the step term L√d·D/α, which needs
m ≥ (2(1 + √(2 log(4n/δ)))·(d or 1)·α/(√d·D))² — this is the "~(α/D)² evaluations per step".  Since D ∝ T^{-2/3} at
small β, one run costs ∝ β^{-7}.  A rate measurement needs a β-ladder (4 points, factor √2 apart) with 8 replicates.

Computed picture (asserted, so the check fails when it changes): a ladder fits a generous 1e9-evaluation budget only
in a corner of the grid where every n ≤ 2000 (cheapest: α = Φ/L, ε = 10, n ≤ 73), and the median configuration is
beyond it.  In that cheapest corner the ladder is partly vacuous: by Goldstein descent ‖∂̄_{2α}F(x)‖ ≤ (F(x) − inf F)/(2α),
so the start x0 itself meets every β ≥ min(L, Φ/(2α)) (at α = Φ/L: β ≥ L/2) without reading a sample.  The corner
ladders run end to end (RUN_LADDERS, by headline_goldstein: 003_ch08.exp.E2.zero_order_ladder and
E3.first_order_ladder, exact Goldstein norm of a 1-D-embedded instance, 7 points at step 2^(−1/4)) are asserted to fit
the budget and to have no such trivially met point.  This check stays the record of why the printed regime (small
α, β, ε; large d) cannot run: it returns SKIPPED carrying these numbers.
"""
from __future__ import annotations

import math

from proofs_checks.framework import Outcome, Verdict, check

C8 = "003_ch08"
BUDGET = 1e9
DELTA = 1e-6
# the ladders run end to end by headline_goldstein (003_ch08.exp.E2.zero_order_ladder / E3.first_order_ladder):
# β_j = β0·2^(−j·step), reps[j] private runs at n(β_j); α = 0.2 < Φ/(2L) so that the start is not already
# (2α, 0)-stationary (at α = Φ/L it is, on a steepest instance: see the cost check)
RUN_LADDERS = {
    "zero": dict(alpha=0.2, eps=10.0, d=2, beta0=0.9, step=0.25, reps=(16, 16, 16, 16, 16, 16, 8)),
    "first": dict(alpha=0.2, eps=10.0, d=10, beta0=0.9, step=0.25, reps=(16, 16, 16, 16, 16, 16, 16)),
}


def run_cost(beta: float, *, alpha: float, eps: float, d: int, order: str, Phi: float = 1.0, L: float = 1.0,
             delta: float | None = None):
    """(n, T, D, Σ, m, evaluations) of one run of Thm 8.3.1 (order = 'zero') / Thm 8.9.4 ('first') at target β,
    all hidden constants and logs set to 1."""
    n = math.ceil(Phi * L ** 2 / (alpha * beta ** 3) + Phi * L * d / (eps * alpha * beta ** 2)
                  + Phi * L ** 1.5 * d ** 0.75 / (eps ** 0.5 * alpha * beta ** 2.5))
    T = n                                                        # T = Θ(n), constant 1
    D = min((Phi ** 2 * alpha / (L ** 2 * T ** 2)) ** (1 / 3), (Phi * alpha * eps / (d * L * T)) ** 0.5,
            (Phi ** 3 * alpha ** 2 * eps / (d ** 1.5 * L ** 3 * T ** 3)) ** 0.2)
    Sigma = max(1, math.ceil((alpha / (eps * D)) ** (2 / 3)))
    B1, B2 = Sigma, 1
    if order == "zero":
        m = math.ceil(d ** 2 * B1 ** 2 + d * alpha ** 2 * B2 ** 2 / D ** 2)
    else:
        m = max(1, math.ceil(B2 ** 2 * alpha ** 2 / (D ** 2 * d)))
    if delta is not None:
        # privacy: the code's calibration (single_pass_sigma, ι = δ/(4n)) bounds the sensitivity by the error radius r
        # (oracles.zo_error_bound / its first-order analogue); r ≤ L√d·D/α (the step term) needs this m
        r_num = 2 * L * (1 + math.sqrt(2 * math.log(4 * n / delta))) * (d if order == "zero" else 1)
        m = max(m, math.ceil((r_num * alpha / (L * math.sqrt(d) * D)) ** 2))
    P = math.ceil(T / Sigma)                                     # period starts
    if order == "zero":
        evals = P * 2 * m * B1 + (T - P) * 4 * m * B2
    else:
        evals = P * B1 + (T - P) * 2 * m * B2
    return n, T, D, Sigma, m, evals


@check(f"{C8}.exp.E2_E3.run_cost", spec=(f"{C8}.exp.E2", f"{C8}.exp.E3"))
def _e23(ctx):
    out = {}
    for order in ("zero", "first"):
        res = []
        for alpha in (0.05, 0.2, 1.0):                     # α ≤ Φ/L = 1
            for eps in (1.0, 10.0):
                for d in (1, 2, 10):
                    for beta0 in (0.9, 0.5, 0.25):          # β < L (β ≥ L is trivial: ‖∂F‖ ≤ L)
                        ladder = [beta0 * 2 ** (-j / 2) for j in range(4)]
                        costs = [run_cost(b, alpha=alpha, eps=eps, d=d, order=order, delta=DELTA) for b in ladder]
                        res.append((8 * sum(c[5] for c in costs), dict(alpha=alpha, eps=eps, d=d, beta0=beta0), costs))
        res.sort(key=lambda r: r[0])
        fits = [r for r in res if r[0] <= BUDGET]
        med = res[len(res) // 2]
        # the reason recorded in the spec: affordable only in a corner of tiny n, beyond the budget for most of the grid
        if not fits or med[0] <= BUDGET or max(r[2][-1][0] for r in fits) > 2000:
            raise AssertionError(f"{order}-order cost picture changed: {len(fits)} ladders fit, median {med[0]:.2e}; "
                                 "revisit the E2/E3 reason")
        out[order] = (res, fits, med)
    # the ladders that are run end to end: within the budget, every point non-trivial (β < min(L, Φ/(2α)), Φ = L = 1)
    run_txt = []
    for order, cfg in RUN_LADDERS.items():
        betas = [cfg["beta0"] * 2 ** (-j * cfg["step"]) for j in range(len(cfg["reps"]))]
        costs = [run_cost(b, alpha=cfg["alpha"], eps=cfg["eps"], d=cfg["d"], order=order, delta=DELTA) for b in betas]
        total = sum(r * c[5] for r, c in zip(cfg["reps"], costs))
        if total > BUDGET or max(betas) >= min(1.0, 1.0 / (2 * cfg["alpha"])):
            raise AssertionError(f"{order}-order run ladder {cfg}: {total:.2e} evaluations or a trivially met β")
        run_txt.append(f"{order}-order run ladder α = {cfg['alpha']:g}, ε = {cfg['eps']:g}, d = {cfg['d']}: n = "
                       f"{costs[0][0]}..{costs[-1][0]}, {total:.2e} evaluations over {sum(cfg['reps'])} runs")
    parts = []
    for order, (res, fits, med) in out.items():
        total, cfg, costs = res[0]
        nmax = max(r[2][-1][0] for r in fits)
        parts.append(f"{order}-order: {len(fits)}/{len(res)} ladders fit; cheapest at α = {cfg['alpha']:g}, "
                     f"ε = {cfg['eps']:g}, d = {cfg['d']}, β = {cfg['beta0']:g}·2^(-j/2): n = {costs[0][0]}..{costs[-1][0]}, "
                     f"m = {costs[0][4]:,}..{costs[-1][4]:,}, {total:.2e} evaluations; largest n of any fitting ladder "
                     f"{nmax}; median ladder {med[0]:.2e} (α = {med[1]['alpha']:g}, ε = {med[1]['eps']:g}, "
                     f"d = {med[1]['d']}, β0 = {med[1]['beta0']:g}); most expensive {res[-1][0]:.2e}")
    # fitting ladders whose first point β0 is met by x0 itself (β0 ≥ min(L, Φ/(2α)))
    triv = {o: [cfg["alpha"] for _, cfg, _ in out[o][1] if cfg["beta0"] >= min(1.0, 1 / (2 * cfg["alpha"]))] for o in out}
    triv_txt = "; ".join(f"{o}-order: {len(triv[o])}/{len(out[o][1])} fitting ladders start at a β met by x0 (α ∈ "
                         f"{sorted(set(triv[o]))})" for o in out)
    return Outcome(Verdict.SKIPPED,                   # the computed reason why the printed regime is not measured
                   claimed="a private β-ladder of Thms 8.3.1/8.9.4 at the printed parameters (T = n, Σ, D, m; the "
                           "code's privacy radius needs m ≥ (c·α/(√d·D))², D ∝ T^{-2/3}) fits 1e9 evaluations only "
                           "where n ≤ 2000 samples, and exceeds it for the median configuration",
                   computed="; ".join(parts) + f"; budget {BUDGET:.0e} evaluations, δ = {DELTA:g}; {triv_txt} "
                            "(‖∂̄_{2α}F(x0)‖ ≤ Φ/(2α) by Goldstein descent); run end to end instead: " + "; ".join(run_txt),
                   margin=0.0, precision="exact integer counts from the float64 parameter formulas",
                   details="all Õ/Θ̃ constants and log factors of the printed parameters set to 1 and Φ = L = 1; the "
                           "evaluation counts are the formulas asserted equal to the code's counters by "
                           "003_ch08.alg24.counts and by the end-to-end runs; the affordable corner is run end to end "
                           "(003_ch08.exp.E2.zero_order_ladder, 003_ch08.exp.E3.first_order_ladder: exact "
                           "‖∂̄_{2α}F(x_out)‖ of a 1-D-embedded piecewise-linear instance, PARTIAL)",
                   coverage="α ∈ {0.05, 0.2, 1}, ε ∈ {1, 10}, d ∈ {1, 2, 10}, ladder start β ∈ {0.9, 0.5, 0.25}, "
                            "4 points × √2, 8 replicates, both oracles")
