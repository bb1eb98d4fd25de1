"""Dimensional analysis helper for the Ch. 6-8 audits: [F] loss units, [x] length units (catalog preamble)."""
from __future__ import annotations

import sympy as sp

F_, X_ = sp.symbols("F_unit x_unit", positive=True)

#: units of the Ch. 6-8 symbols (catalog: G, L [F/x]; M (Ch6-7) [F/x²]; ρ [F/x³]; B, Φ [F]; D_ch6 [x];
#: α (Ch6-7) [F/x]; α (Ch8) [x]; β (Ch8) [F/x]; λ [x²/F]; η (Ch6-7) [x²/F]; ε, δ, d, n dimensionless)
UNITS = {"G": F_ / X_, "L": F_ / X_, "M": F_ / X_ ** 2, "rho": F_ / X_ ** 3, "B": F_, "Phi": F_, "D": X_,
         "alpha_sosp": F_ / X_, "alpha_gold": X_, "beta_gold": F_ / X_, "lambda": X_ ** 2 / F_, "eta": X_ ** 2 / F_,
         "kappa": X_ ** 2, "R": X_}


def units_of(expr, mapping: dict) -> sp.Expr:
    """Units of ``expr``: substitute every dimensional symbol s by s·unit(s) and divide by the original
    (dimensionless symbols, also inside logs, are left alone); a monomial in F_unit, x_unit when consistent."""
    subs = {s: s * mapping[str(s)] for s in expr.free_symbols if str(s) in mapping}
    return sp.simplify(sp.powsimp(sp.expand_log(expr.subs(subs) / expr, force=True), force=True))


def is_dimensionless(expr, mapping: dict) -> bool:
    return units_of(expr, mapping) == 1
