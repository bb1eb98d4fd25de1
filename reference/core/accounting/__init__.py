"""Exact privacy accounting of the core (``reference.core.accounting``).

Every public function validates its input (``ValueError`` naming the parameter and its range), computes at
high precision by default (mpmath, keyword ``dps``; 15 correct digits in the returned float) and offers a
float fast path (``method="float"``) and/or a certified enclosure (``method="certified"`` / ``certified=True``:
an :class:`Interval` from Arb ball arithmetic) where natural.

Modules: ``gaussian`` (analytic Gaussian mechanism, GDP), ``zcdp``, ``rdp`` (RDP curves, sampled Gaussian,
RDP -> DP, DP-SGD), ``composition`` ((eps, delta) bookkeeping, amplification, TV transfer), ``hockey_stick``
(privacy curves of explicit distributions), ``approx_rdp`` (doc 000's approximate RDP), ``pld`` (certified
bracket [lower, upper] on the exact privacy curve of T-fold compositions: PLD of a dominating pair).
Specs: ``specs/core.accounting.toml`` (ids ``core.acct.*``).
"""
from ._common import DEFAULT_DPS, Interval
from .approx_rdp import approx_rdp_compose, approx_rdp_to_dp, rdp_mixture_bdrs18
from .composition import (amplify_poisson, amplify_without_replacement, compose_advanced, compose_basic,
                          compose_optimal_homogeneous, compose_optimal_homogeneous_delta, group_privacy,
                          parallel_compose, tv_to_dp)
from .gaussian import (gaussian_delta, gaussian_delta_arb, gaussian_epsilon, gaussian_sigma, gdp_compose, gdp_delta,
                       gdp_mu)
from .hockey_stick import hockey_stick_density, hockey_stick_density_arb, hockey_stick_finite
from .pld import (BracketDetails, DominatingPair, FinitePair, GaussianPair, LaplacePair, SubsampledGaussianPair,
                  dpsgd_delta_bracket, dpsgd_epsilon_bracket, pld_bracket, pld_bracket_details,
                  randomized_response_pair)
from .rdp import (ALPHA_EXACT_MAX, dpsgd_epsilon, dpsgd_rdp, rdp_compose, rdp_gaussian, rdp_laplace,
                  rdp_subsampled_gaussian, rdp_subsampled_gaussian_arb, rdp_subsampled_gaussian_bound, rdp_to_dp,
                  rdp_to_dp_delta)
from .zcdp import dp_to_zcdp, zcdp_compose, zcdp_gaussian, zcdp_to_dp

__all__ = [
    "DEFAULT_DPS", "Interval",
    "gaussian_delta", "gaussian_delta_arb", "gaussian_sigma", "gaussian_epsilon", "gdp_delta", "gdp_mu", "gdp_compose",
    "zcdp_gaussian", "zcdp_compose", "dp_to_zcdp", "zcdp_to_dp",
    "rdp_gaussian", "rdp_laplace", "rdp_subsampled_gaussian", "rdp_subsampled_gaussian_arb", "rdp_compose",
    "rdp_to_dp", "rdp_to_dp_delta", "dpsgd_epsilon", "dpsgd_rdp", "rdp_subsampled_gaussian_bound", "ALPHA_EXACT_MAX",
    "compose_basic", "compose_advanced", "compose_optimal_homogeneous", "compose_optimal_homogeneous_delta",
    "group_privacy", "amplify_poisson", "amplify_without_replacement", "tv_to_dp", "parallel_compose",
    "hockey_stick_finite", "hockey_stick_density", "hockey_stick_density_arb",
    "approx_rdp_to_dp", "approx_rdp_compose", "rdp_mixture_bdrs18",
    "pld_bracket", "pld_bracket_details", "BracketDetails", "dpsgd_epsilon_bracket", "dpsgd_delta_bracket",
    "DominatingPair", "SubsampledGaussianPair", "GaussianPair", "LaplacePair", "FinitePair", "randomized_response_pair",
]
