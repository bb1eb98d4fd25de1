"""DP-ERM (Thm 3.6.4) and DP-SCO (Thm 3.6.9) of thesis 003 Ch.3 run end to end with the chapter's own sampler.

Both procedures are "draw ONE sample of the regularised exponential mechanism"
    x ~ pi ∝ exp(-k (F_D(x) + (mu/2)||x||^2)) 1_K,   F_D = (1/n) sum_i f(x; s_i),   K = B_2(0, D/2)
with (k, mu) from :mod:`reference.thesis.ch03.params`, sampled by the composite sampler of Thm 3.5.6
(:func:`reference.thesis.ch03.sampler.composite_sampler`: Alg 13 alternating sampler whose line 4 is Alg 14's
rejection RGO) applied to the scaled components k f(.; s_i) (G' = k G) with lam = k mu, at TV accuracy eta_TV.
Value queries of f go through the caller's counting SampleAccessOracle (the scaled oracle shares its counter).

The Theta-constants of Thm 3.5.6 are not printed: C_eta, C_T are labelled stand-ins (as in composite_sampler).
Spec: 003_ch03.alg3, 003_ch03.alg4
"""
from __future__ import annotations

import math

import numpy as np

from reference.core import validation as _V
from reference.core.oracles import SampleAccessOracle

from .params import dp_erm_parameters, dp_sco_parameters
from .sampler import _stats_dict, composite_sampler, composite_sampler_parameters

__all__ = ["reg_exp_mech_composite", "dp_erm", "dp_sco", "expected_steps"]


def reg_exp_mech_composite(oracle: SampleAccessOracle, k, mu, G, D, d: int, eta_tv, rng: np.random.Generator, *,
                           C_eta=2.0 ** -8, C_T=1.0, stats: dict | None = None):
    """One draw of x ~ exp(-k(F_D + (mu/2)||x||^2)) on K = B_2(0, D/2) by the composite sampler (Thm 3.5.6, 003
    L2961-2967), TV accuracy eta_tv for the stand-in constants (C_eta, C_T).

    Preconditions (validated): ``oracle`` with per-sample values f(x; s) (G-Lipschitz on K); k, mu, G, D > 0;
        d >= 1; eta_tv in (0, 1).
    Steps: scaled components k f(.; s_i) (G' = k G) sharing the oracle's query counter; lam = k mu;
        composite_sampler(scaled, lam, G', d, D, eta_tv) with K the ball of radius D/2.
    Postcondition: returns (x, params) with params = composite_sampler_parameters(k G, k mu, d, D, eta_tv, ...),
        exactly params["T"] RGO calls (``stats["rgo_calls"]``); TV(law(x), pi) <= eta_tv for the Theta-constants.
    Spec: 003_ch03.alg3
    """
    _V.has_methods("oracle", oracle, ("value",))
    rng = _V.generator("rng", rng)
    k, mu, G, D = _V.positive("k", k), _V.positive("mu", mu), _V.positive("G", G), _V.positive("D", D)
    d = _V.integer("d", d, lo=1)
    eta_tv = _V.in_range("eta_tv", eta_tv, 0.0, 1.0, lo_open=True, hi_open=True)
    _V.finite_result("the scaled constants k mu, k G", [k * mu, k * G], k=k, mu=mu, G=G)
    _stats_dict(stats)
    if oracle.per_sample_loss is None:
        raise ValueError("oracle must have per-sample values (per_sample_loss): the RGO uses value queries")
    f = oracle.per_sample_loss
    scaled = SampleAccessOracle(lambda x, s: np.zeros_like(x), oracle.data, per_sample_loss=lambda x, s: k * f(x, s),
                                counter=oracle.counter)
    st = _stats_dict(stats) if stats is not None else {}
    calls = [0]                         # RGO calls of Alg 13 line 4 (one per alternating step)
    x, prm = composite_sampler(scaled, k * mu, k * G, d, D, eta_tv, rng, radius=D / 2, C_eta=C_eta, C_T=C_T,
                               stats=st, trace=_trace_counter(calls))
    st["rgo_calls"] = calls[0]
    return x, prm


class _trace_counter(list):
    """A trace list that only counts appends (alternating_sampler appends one iterate per step)."""

    def __init__(self, box):
        super().__init__()
        self._box = box

    def append(self, _x):
        self._box[0] += 1


def dp_erm(oracle: SampleAccessOracle, G, D, d: int, epsilon, delta, rng: np.random.Generator, *,
           C_eta=2.0 ** -8, C_T=1.0, tv_variant: str = "correct", stats: dict | None = None):
    """Thm 3.6.4 (003 L3015-3035): DP-ERM by one sample of the regularised exponential mechanism.

    Preconditions (validated): f(.; s) G-Lipschitz on K = B_2(0, D/2) (caller); epsilon > 0, delta in (0, 1/10).
    Steps: (L, a, mu, k, eta_TV) = dp_erm_parameters(epsilon, delta, G, D, n, d, tv_variant) (L3025-3031);
        x = reg_exp_mech_composite(oracle, k, mu, G, D, d, eta_TV) (L3033-3035, Thm 3.5.6).
    Postcondition: returns (x, info) with info = the parameters, the sampler's (T, eta, delta_in) and the counts;
        (eps, delta)-DP with the TV transfer of tv_variant; E[F - F*] <= GD sqrt d/(n(sqrt(L + eps) - sqrt L)).
    Spec: 003_ch03.alg3
    """
    n = _V.has_methods("oracle", oracle, ("value",)).n
    p = dp_erm_parameters(epsilon, delta, G, D, n, d, tv_variant)
    st = _stats_dict(stats) if stats is not None else {}
    q0 = oracle.calls
    x, prm = reg_exp_mech_composite(oracle, p["k"], p["mu"], G, D, d, p["eta_tv"], rng, C_eta=C_eta, C_T=C_T,
                                    stats=st)
    return x, {**p, **prm, "value_queries": oracle.calls - q0, "rgo_calls": st["rgo_calls"]}


def dp_sco(oracle: SampleAccessOracle, G, D, d: int, epsilon, delta, rng: np.random.Generator, *,
           C_eta=2.0 ** -8, C_T=1.0, tv_variant: str = "correct", stats: dict | None = None):
    """Thm 3.6.9 (003 L3117-3144): DP-SCO by one sample of the regularised exponential mechanism with the SCO
    parameters (dp_sco_parameters, L3119-3125); otherwise as :func:`dp_erm`.  Spec: 003_ch03.alg4"""
    n = _V.has_methods("oracle", oracle, ("value",)).n
    p = dp_sco_parameters(epsilon, delta, G, D, n, d, tv_variant)
    st = _stats_dict(stats) if stats is not None else {}
    q0 = oracle.calls
    x, prm = reg_exp_mech_composite(oracle, p["k"], p["mu"], G, D, d, p["eta_tv"], rng, C_eta=C_eta, C_T=C_T,
                                    stats=st)
    return x, {**p, **prm, "value_queries": oracle.calls - q0, "rgo_calls": st["rgo_calls"]}


def expected_steps(k, mu, G, D, d: int, eta_tv, C_eta=2.0 ** -8, C_T=1.0) -> int:
    """The number of alternating steps (= RGO calls) the procedures make: composite_sampler_parameters(kG, k mu, ...)["T"].

    Preconditions (validated): k, mu, G, D > 0 finite; d >= 1; eta_tv in (0, 1); C_eta, C_T > 0.
    """
    k, mu, G, D = _V.positive("k", k), _V.positive("mu", mu), _V.positive("G", G), _V.positive("D", D)
    d = _V.integer("d", d, lo=1)
    eta_tv = _V.in_range("eta_tv", eta_tv, 0.0, 1.0, lo_open=True, hi_open=True)
    C_eta, C_T = _V.positive("C_eta", C_eta), _V.positive("C_T", C_T)
    return composite_sampler_parameters(k * G, k * mu, d, D, eta_tv, C_eta, C_T)["T"]
