"""H12.3 (Thm 12.7.6, Alg 42 Localized-Clipped-DP-SGD), run end to end on the disjoint-phase indexing the proof
analyses (the printed indexing reuses samples across phases, AU12.14 / 003_ch12.priv.PC13.replay), private, with the
printed η, C, c, ω (L9452-9466), gradient queries asserted equal to n − 1 = 2^I − 1 (one per used sample).

Instance (as for H12.4, 003_ch12.exp.H12_4): the linear loss f(x; s) = ⟨s, x⟩ on X = B(0, 1), x_0 = 0,
s = μe_1 + r·u, u uniform on S^{d−1}, r Pareto(α = 4.5, t_0 = 9^{−1/4}) — k = 4 moments finite, G_2, G_4 in closed
form.  A linear loss is 0-smooth, so it is β-smooth for every β > 0 and the regime β ≤ ε^{1.5}/(24000η√d log²(30n/δ))
holds with the algorithm's β set to that ceiling's 1e-6 fraction (the code needs β > 0; ω_i = 6ωCη_iβ is the SVT
sensitivity of the proof, 0 in the limit for a loss whose gradients do not depend on x).  The excess
μ(x_1 + D) is exact (no Monte Carlo of F).  Each n uses the mean μ*(n) = 8D/(nη(n)) at which SGD's phase-1 average
(n/2 steps of η/4, average travel nημ/16) stops short of the boundary — the mean maximizing the phase-1
model excess μ(D − nημ/16) for that n (every law of the ladder lies in the class of its largest G_2, G_4).

Privacy of the noise the code adds: per phase, the Gaussian release x̄_i + N(0, σ_i²I) with σ_i = 30Cη_i√log(3/δ)/ε
(the value localized_clipped_dp_sgd adds, read from the code by 003_ch12.priv.PC13.replay) at the Lemma 12.7.7
sensitivity 6Cη_i: the core gaussian_delta at ε/3 is asserted ≤ δ/3; the count and SVT steps are the proved
(ε/3, δ/3) of PC12; with disjoint phases each sample is read by one phase, so compose_basic of the three is asserted
≤ (ε, δ).  The count cut-off ĉ_i = c ± c/2 is never reached on the ladder (asserted: no ⊥ output).

Rate: n ∈ {2^13..2^17}, d = 2, ε = 0.9, δ = 1e-5, 10 replicates (there the printed η's private branch is
active and SGD's phase-1 travel nημ*/16 = 1/2 is reached; at d = 8, ε = 0.5 the phase-1 travel nη/16 < 1 for
n ≤ 2^13 forces μ* > 5, far outside a fixed class); theory exponent = the printed bound's local slope at the class constants (the
ladder's largest G_2, G_4; C_smooth does not change a slope); competitor −1/2 (the non-private rate).
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import faster_than_bound_outcome, loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import check
from proofs_checks.thesis.ch12.headline_h12_4 import _draw, _moments, _proj
from reference.core.accounting import compose_basic, gaussian_delta
from reference.core.oracles import QueryCounter
from reference.thesis.ch12.algorithms import localized_clipped_dp_sgd

C12 = "003_ch12"


def _params(n, d, eps, delta, k, G2, Gk, D=1.0):
    """η, C, c, ω and the β ceiling of Thm 12.7.6 as printed (L9452-9466)."""
    I = int(math.floor(math.log2(n)))
    lg = math.log(15 * n / delta)
    eta = min(math.sqrt(4 / n) * D / G2,
              D * I / (Gk * n) * (n * n * eps * eps / (14400 * d * lg ** 2)) ** ((k - 1) / (2 * k)))
    C = 2 * (Gk ** k * D * I * n * eps * eps / (14400 * d * eta * lg ** 2)) ** (1 / (k + 1))
    c = 240 * math.sqrt(d) * lg / eps
    omega = 18 / eps * math.sqrt(2 * c * math.log(15 / delta))
    beta_max = eps ** 1.5 / (24000 * eta * math.sqrt(d) * math.log(30 * n / delta) ** 2)
    return I, eta, C, c, omega, beta_max


def _bound_shape(n, d, eps, delta, k, G2, Gk, D=1.0):
    return G2 * D / math.sqrt(n) + Gk * D * (math.sqrt(d * math.log(n / delta) ** 3) / (n * eps)) ** (1 - 1 / k)


def _mu_star(n, d, eps, delta, k):
    mu = 1.0
    for _ in range(30):
        G2, Gk = _moments(mu, d)
        mu = 8.0 / (n * _params(n, d, eps, delta, k, G2, Gk)[1])
    return mu


def _cell(rng, n, d, eps, delta, k, mu, reps):
    G2, Gk = _moments(mu, d)
    I, eta, C, c, omega, beta_max = _params(n, d, eps, delta, k, G2, Gk)
    beta = 1e-6 * beta_max
    worst = (0.0, 0.0)
    for i in range(1, I + 1):
        eta_i = eta / 4 ** i
        sig = 30 * C * eta_i * math.sqrt(math.log(3 / delta)) / eps
        dg = gaussian_delta(eps / 3, sig, 6 * C * eta_i)
        if dg > delta / 3:
            raise AssertionError(f"n = {n}, phase {i}: Gaussian δ(ε/3) = {dg} > δ/3")
        tot = compose_basic([(eps / 3, delta / 3), (eps / 3, delta / 3), (eps / 3, dg)])
        worst = max(worst, tot)
    if worst[0] > eps * (1 + 1e-12) or worst[1] > delta * (1 + 1e-12):
        raise AssertionError(f"n = {n}: per-sample privacy {worst} > ({eps}, {delta})")
    exc = []
    for _ in range(reps):
        S = _draw(rng, n, d, mu)
        cnt = QueryCounter()
        x = localized_clipped_dp_sgd(list(S), lambda x, s: s, _proj, np.zeros(d), eta=eta, C=C, c=c, omega=omega,
                                     beta=beta, epsilon=eps, delta=delta, rng=rng, variant="corrected", counter=cnt)
        if x is None:
            raise AssertionError(f"n = {n}: Alg 42 returned ⊥ (count cut-off reached), c = {c:.4g}")
        if cnt.calls != 2 ** I - 1:
            raise AssertionError(f"n = {n}: {cnt.calls} gradient queries, expected 2^I − 1 = {2 ** I - 1}")
        exc.append(mu * (float(x[0]) + 1.0))
    return exc, dict(eta=eta, C=C, c=c, beta_max=beta_max, G2=G2, Gk=Gk, priv=worst)


@check(f"{C12}.exp.H12_3.excess_vs_n", spec=f"{C12}.exp.H12_3", profile="full")
def _h123(ctx):
    d, eps, delta, k, reps = 2, 0.9, 1e-5, 4, 10
    ns = [2 ** 13, 2 ** 14, 2 ** 15, 2 ** 16, 2 ** 17]
    rng = ctx.child_rng(123)
    samples, rows, G2s, Gks = [], [], [], []
    for n in ns:
        mu = _mu_star(n, d, eps, delta, k)
        exc, p = _cell(rng, n, d, eps, delta, k, mu, reps)
        samples.append(exc); G2s.append(p["G2"]); Gks.append(p["Gk"])
        rows.append(f"n={n}: μ*={mu:.3f}, η={p['eta']:.4g}, C={p['C']:.3g}, c={p['c']:.3g}, β ≤ {p['beta_max']:.3g}, "
                    f"mean excess {np.mean(exc):.4g}, per-sample (ε, δ) ≤ ({p['priv'][0]:.3g}, {p['priv'][1]:.3g})")
    cls = [_bound_shape(n, d, eps, delta, k, max(G2s), max(Gks)) for n in ns]
    th = float(np.polyfit(np.log(ns), np.log(cls), 1)[0])
    ci = slope_interval(ns, samples, ctx.child_rng(124))
    fig = loglog_figure(ctx, "excess_vs_n", ns, samples, ci, theory=th, competitor=-0.5, xlabel="n",
                        ylabel="excess population loss at μ*(n)", title="H12.3 Alg 42 (disjoint phases), linear, k = 4")
    out = rate_outcome(ci, theory=th, competitor=-0.5,
                        claim=f"Thm 12.7.6: E excess ≲ G_2D/√n + G_kD(√(d log³(n/δ))/(nε))^{{3/4}} (local slope of "
                              f"the printed bound at the class constants G_2 = {max(G2s):.3f}, G_4 = {max(Gks):.3f}: "
                              f"{th:+.3f} over n ∈ {ns})",
                        figure=fig, details="; ".join(rows),
                        coverage=f"n ∈ {ns}, μ = μ*(n) = 8/(nη) (G_2 ∈ [{min(G2s):.2f}, {max(G2s):.2f}]), d = {d}, "
                                 f"ε = {eps}, δ = {delta:g} (per-sample (ε, δ) asserted with the core accountants), "
                                 f"k = 4 (Pareto α = 4.5), {reps} replicates per n; η, C, c, ω as printed; disjoint "
                                 "phases (the printed indexing reuses samples, AU12.14); queries = 2^I − 1 asserted; "
                                 "competitor −1/2 is the non-private rate")
    # the phase-1 model of the excess at μ*(n): μ*(D − nημ*/16) = 4D/(nη(n)) (computed, not fitted)
    model = [4.0 / (n * _params(n, d, eps, delta, k, *_moments(_mu_star(n, d, eps, delta, k), d))[1]) for n in ns]
    th_model = float(np.polyfit(np.log(ns), np.log(model), 1)[0])
    # decay faster than the bound's slope: an upper bound is not refuted by a faster decay; the instance (whose excess
    # is the optimization term ≈ 4D/(nη) of the printed η, ∝ n^{-3/4} up to I and logs) does not realize the bound's
    # rate, so the headline rate is neither confirmed nor refuted
    out = faster_than_bound_outcome(
        out, ci, th, why="the instance's excess is SGD's unfinished travel 4D/(nη) of the printed η, not the private "
                         f"clipping term; that model's slope is {th_model:+.3f} (values {[round(v, 4) for v in model]}), "
                         f"{'inside' if ci.contains(th_model) else 'outside'} the interval: n^(-3/4) of the printed η "
                         "with log^(3/4)(15n/δ)/I instead of the bound's log^(9/8)(n/δ)")
    return out                  # contains the slope (STATISTICAL/PARTIAL) or decays slower than the bound (ERRATUM)
