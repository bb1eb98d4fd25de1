"""Nonsmooth-analysis tools of Ch. 8 used for verification: Moreau / Lasry-Lions envelopes on a 1-D grid
(Sec. 8.10, 003 L6724-6754) and the exact Goldstein min-norm element of piecewise-linear 1-D functions.
"""
from __future__ import annotations

import numpy as np
from reference.core import validation as _V

__all__ = ["moreau_grid", "lasry_lions_grid", "goldstein_norm_1d", "pl_slope_range"]


def _grid_values(grid, hv):
    """A sorted finite 1-D grid and finite values on it (one per grid point)."""
    grid = _V.vector("grid", grid)
    hv = _V.vector("hv", hv, grid.shape[0])
    if np.any(np.diff(grid) < 0):
        raise ValueError("grid must be sorted (non-decreasing)")
    return grid, hv


def moreau_grid(hv: np.ndarray, grid: np.ndarray, lam: float) -> np.ndarray:
    """M_λ(h)(x) = min_y [h(y) + (y − x)²/(2λ)], minimum over the same grid (brute force, O(N²)).

    Preconditions: xs a sorted 1-D grid; hv finite values of h on it; lam > 0.
    Steps: M_λ(h)(x) = min_y h(y) + (y − x)²/(2λ) by brute force over the grid.
    Postcondition: the Moreau envelope on the grid (exact up to the grid resolution).
    Spec: 003_ch08.proc_A8_6
    """
    lam = _V.positive("lam", lam)
    grid, hv = _grid_values(grid, hv)
    diff = grid[None, :] - grid[:, None]
    return np.min(hv[None, :] + diff ** 2 / (2 * lam), axis=1)


def lasry_lions_grid(hv: np.ndarray, grid: np.ndarray, lam: float) -> np.ndarray:
    """h̃ = −M_λ(−M_{2λ}(h)) = max_z min_y [h(y) + (y − z)²/(4λ) − (z − x)²/(2λ)] (corrected eq. 8.20, AU53).

    Preconditions: hv = h(grid) on an increasing grid wide enough that the optimisers stay inside.

    Steps: M_{2λ}(h) on the grid by brute-force min over the grid, then −M_λ(−M_{2λ}(h)).
    Postcondition: grid values of the Lasry–Lions smoothing h̃ (exact up to the grid resolution).
    Spec: 003_ch08.proc_A8_6
    """
    lam = _V.positive("lam", lam)
    m2 = moreau_grid(hv, grid, 2 * lam)                      # M_{2λ}(h)
    return -moreau_grid(-m2, grid, lam)                      # −M_λ(−M_{2λ}(h))


def goldstein_norm_1d(slopes_lo: float, slopes_hi: float) -> float:
    """||∂̄ h|| for a 1-D Goldstein subdifferential [slopes_lo, slopes_hi]: the distance from 0 to the interval."""
    slopes_lo, slopes_hi = _V.real("slopes_lo", slopes_lo), _V.real("slopes_hi", slopes_hi)
    if slopes_lo > slopes_hi:
        raise ValueError("need slopes_lo <= slopes_hi")
    return 0.0 if slopes_lo <= 0 <= slopes_hi else min(abs(slopes_lo), abs(slopes_hi))


def pl_slope_range(knots: np.ndarray, slopes: np.ndarray, a: float, b: float) -> tuple[float, float]:
    """[min h', max h'] over [a, b] for a piecewise-linear h with breakpoints ``knots`` (increasing) and slopes
    ``slopes`` (len(knots)+1 pieces): the Clarke/Goldstein subdifferential ∂_r h(x) = that interval for [a,b] = [x−r,x+r]."""
    a, b = _V.real("a", a), _V.real("b", b)
    if a > b:
        raise ValueError(f"a must be <= b (the interval [a, b]), got a={a!r}, b={b!r}")
    knots = _V.vector("knots", knots, allow_empty=True)
    slopes = _V.vector("slopes", slopes)
    if slopes.shape[0] != knots.shape[0] + 1:
        raise ValueError(f"slopes must have len(knots) + 1 = {knots.shape[0] + 1} entries (one per piece), got "
                         f"{slopes.shape[0]}")
    if np.any(np.diff(knots) <= 0):
        raise ValueError("knots must be increasing")
    lo_piece = int(np.searchsorted(knots, a, side="left"))
    hi_piece = int(np.searchsorted(knots, b, side="right"))
    s = slopes[lo_piece:hi_piece + 1]
    return float(np.min(s)), float(np.max(s))
