"""Thin, lazy wrappers around the third-party accountants (not a check module: leading underscore).

Every import happens inside a function, so ``discover()`` never imports dp-accounting, Opacus (torch) or
prv-accountant; a check whose package is missing returns SKIPPED via :func:`skipped`.

Packages (optional extra ``crosscheck``): ``dp-accounting`` (Google), ``opacus`` (Meta; pulls in torch),
``prv-accountant`` (Microsoft).
"""
from __future__ import annotations

import contextlib
import importlib
import importlib.util
import math
import os
import warnings

from proofs_checks.framework import Outcome, Verdict

PIP_NAME = {"dp_accounting": "dp-accounting", "opacus": "opacus", "prv_accountant": "prv-accountant"}


def have(module: str) -> bool:
    """Is the package importable (found on the path)?  Does not import it."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def skipped(module: str) -> Outcome:
    return Outcome(Verdict.SKIPPED, details=f"package {PIP_NAME.get(module, module)} not installed "
                                            f"(optional extra 'crosscheck')")


def version(module: str) -> str:
    try:
        from importlib.metadata import version as v
        return v(PIP_NAME.get(module, module))
    except Exception:  # noqa: BLE001
        return "?"


@contextlib.contextmanager
def quiet():
    """Silence the packages' warnings (deprecations, 'GDP is experimental', optimal-order-at-the-edge, absl)."""
    import logging
    levels = {n: logging.getLogger(n).level for n in ("absl", "")}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        logging.getLogger("absl").setLevel(logging.ERROR)
        logging.getLogger().setLevel(logging.ERROR)
        try:
            yield
        finally:
            for n, lv in levels.items():
                logging.getLogger(n).setLevel(lv)


# ----------------------------------------------------------------------------------------------- dp-accounting

def dpacc_rdp(q: float, sigma: float, orders) -> list[float]:
    """dp-accounting's RDP of one Poisson-subsampled Gaussian step at the given orders."""
    from dp_accounting.rdp.rdp_privacy_accountant import _compute_rdp_poisson_subsampled_gaussian
    return [float(v) for v in _compute_rdp_poisson_subsampled_gaussian(q, sigma, list(orders))]


def dpacc_rdp_eps(q: float, sigma: float, T: int, delta: float, orders=None) -> tuple[float, float]:
    """(eps, optimal order) of dp-accounting's RdpAccountant for T steps (its default orders when None)."""
    import dp_accounting as dpa
    from dp_accounting.rdp import RdpAccountant
    acc = RdpAccountant(orders=list(orders)) if orders is not None else RdpAccountant()
    acc.compose(dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(q, dpa.GaussianDpEvent(sigma)), T))
    e, o = acc.get_epsilon_and_optimal_order(delta)
    return float(e), float(o)


def dpacc_pld_eps(q: float, sigma: float, T: int, delta: float, route: str = "poisson", h: float = 1e-4) -> float:
    """dp-accounting's PLDAccountant (value_discretization_interval h, default 1e-4 as theirs) for T steps.

    route "poisson": SelfComposed(PoissonSampled(q, Gaussian(sigma)), T) (the DP-SGD event; for q = 1 the PLD is
    self-composed T times); route "gaussian": SelfComposed(Gaussian(sigma), T) (one Gaussian PLD with sigma/sqrt(T)).
    """
    import dp_accounting as dpa
    from dp_accounting.pld import PLDAccountant
    acc = PLDAccountant(value_discretization_interval=h)
    if route == "gaussian":
        ev = dpa.SelfComposedDpEvent(dpa.GaussianDpEvent(sigma), T)
    else:
        ev = dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(q, dpa.GaussianDpEvent(sigma)), T)
    acc.compose(ev)
    return float(acc.get_epsilon(delta))


# ----------------------------------------------------------------------------------------------- Opacus

_OPACUS_BY_PATH: dict[str, object] = {}


def opacus_analysis(name: str):
    """``opacus/accountants/analysis/<name>.py`` (gdp, rdp: numpy/scipy only) loaded by file path, WITHOUT importing
    the opacus package (whose __init__ imports torch, ~10 s): the same source file the accountants call.
    Used by the quick check and the tests; the full checks import ``opacus.accountants`` for real."""
    if name not in _OPACUS_BY_PATH:
        spec = importlib.util.find_spec("opacus")
        if spec is None or spec.origin is None:
            raise ImportError("opacus not installed")
        path = os.path.join(os.path.dirname(spec.origin), "accountants", "analysis", f"{name}.py")
        s = importlib.util.spec_from_file_location(f"_xchk_opacus_analysis_{name}", path)
        mod = importlib.util.module_from_spec(s)
        s.loader.exec_module(mod)
        _OPACUS_BY_PATH[name] = mod
    return _OPACUS_BY_PATH[name]


def opacus_accountant(kind: str, q: float, sigma: float, T: int):
    """An Opacus accountant ("rdp", "gdp", "prv") after T identical steps (history set as its ``step`` would)."""
    from opacus.accountants import GaussianAccountant, PRVAccountant, RDPAccountant
    cls = {"rdp": RDPAccountant, "gdp": GaussianAccountant, "prv": PRVAccountant}[kind]
    acc = cls()
    acc.step(noise_multiplier=sigma, sample_rate=q)
    acc.history = [(sigma, q, int(T))]          # = T calls of step() with the same parameters
    return acc


# ----------------------------------------------------------------------------------------------- prv-accountant

def prv_eps(q: float, sigma: float, T: int, delta: float, eps_error: float = 0.01,
            delta_error: float | None = None) -> tuple[float, float, float]:
    """(eps_lower, eps_estimate, eps_upper) of prv_accountant.PRVAccountant for T steps."""
    from prv_accountant import PoissonSubsampledGaussianMechanism, PRVAccountant
    acc = PRVAccountant(prvs=[PoissonSubsampledGaussianMechanism(q, sigma)], eps_error=eps_error,
                        delta_error=delta / 1000 if delta_error is None else delta_error, max_self_compositions=[T])
    lo, est, up = acc.compute_epsilon(delta, [T])
    return float(lo), float(est), float(up)


# ----------------------------------------------------------------------------------------------- formatting

def g(x, n=6) -> str:
    if x is None:
        return "-"
    if isinstance(x, float) and not math.isfinite(x):
        return str(x)
    return f"{x:.{n}g}"


def point(q, sigma, T, delta) -> str:
    return f"(q={g(q)}, sigma={g(sigma)}, T={T}, delta={g(delta)})"
