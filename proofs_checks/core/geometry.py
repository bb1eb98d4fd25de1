"""Checks of reference.core.geometry (projections).  Spec: core.geom.*"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.geometry import (proj_box, proj_l1_ball, proj_l2_ball, proj_simplex, proj_two_balls,
                                     two_balls_kkt)

# ------------------------------------------------------------------------------------------------
# helpers: points of each set (random interior, boundary, extreme) for the variational inequality
# ------------------------------------------------------------------------------------------------


def _sphere(rng, m, d):
    g = rng.standard_normal((m, d))
    return g / np.linalg.norm(g, axis=1, keepdims=True)


def _ball_points(rng, c, r, m):
    d = c.shape[0]
    u = _sphere(rng, m, d)
    rad = r * rng.random((m, 1)) ** (1.0 / d)
    pts = np.concatenate([c + rad * u, c + r * u[: m // 2], c[None, :]])  # interior, boundary, centre
    return pts


def _vi_margin(y, p, Z, scale):
    """max_z <y - p, z - p> / scale (<= 0 up to rounding when the VI holds)."""
    return float(np.max((Z - p) @ (y - p))) / scale


def _test_points(rng, d, c, r):
    """y: inside, on the boundary, just outside, far outside, huge, at the centre."""
    u = _sphere(rng, 6, d)
    ys = [c + 0.5 * r * u[0], c + r * u[1], c + 1.000001 * r * u[2], c + 3.0 * r * u[3] + 1.0 * u[4],
          c + 1e8 * u[5], c.copy(), c + rng.standard_normal(d) * 10]
    return ys


# ------------------------------------------------------------------------------------------------
# l2 ball: symbolic proof
# ------------------------------------------------------------------------------------------------

@check("core.geom.l2_ball.vi_proved", spec=["core.geom.stmt.l2_vi"], profile="quick")
def _l2_vi_proved(ctx):
    import sympy as sp

    # Abstract inner-product algebra: v = y - c with ||v|| = t, w = z - c with ||w|| <= r, s = <v, w>.
    # Outside case t > r: P(y) = c + (r/t) v, so y - P = (1 - r/t) v and z - P = w - (r/t) v; by bilinearity
    # <y - P, z - P> = (1 - r/t) s - (1 - r/t)(r/t) t^2.
    r, a, b = sp.symbols("r a b", nonnegative=True)
    t = sp.Symbol("t", positive=True)
    s = sp.Symbol("s", real=True)
    vi = (1 - r / t) * s - (1 - r / t) * (r / t) * t ** 2
    factored = sp.simplify(vi - (1 - r / t) * (s - r * t))
    # sign: t = r + a with a > 0 (outside), s = r t - b with b >= 0 (Cauchy-Schwarz: s <= t ||w|| <= t r)
    a_pos = sp.Symbol("a", positive=True)
    sub = sp.simplify(vi.subs({t: r + a_pos, s: r * (r + a_pos) - b}))
    target = -a_pos * b / (r + a_pos)
    diff = sp.simplify(sub - target)
    nonpos = sp.ask(sp.Q.nonpositive(target), sp.Q.positive(a_pos) & sp.Q.nonnegative(b) & sp.Q.nonnegative(r))
    # Lagrange identity (Cauchy-Schwarz) in d = 3 as a sanity check of the lemma used
    v = sp.symbols("v1:4", real=True)
    w = sp.symbols("w1:4", real=True)
    lag = sp.expand(sum(x * x for x in v) * sum(x * x for x in w) - sum(x * y for x, y in zip(v, w)) ** 2
                    - sum((v[i] * w[j] - v[j] * w[i]) ** 2 for i in range(3) for j in range(i + 1, 3)))
    if factored != 0 or diff != 0 or nonpos is not True or lag != 0:
        return fail("<y-P(y), z-P(y)> <= 0", f"factored={factored}, diff={diff}, nonpos={nonpos}, lagrange={lag}")
    return Outcome(Verdict.PROVED,
                   claimed="for P(y) = c + (y-c) min(1, r/||y-c||): <y-P(y), z-P(y)> <= 0 for all ||z-c|| <= r",
                   computed="sympy: <y-P,z-P> = (1-r/t)(s - r t) (t=||y-c||>r, s=<y-c,z-c>); with t=r+a, s=rt-b: "
                            "= -a b/(r+a) <= 0 (a>0, b>=0); inside case P=y gives 0",
                   margin=0.0, precision="exact (sympy)",
                   details="lemmas used: bilinearity of <.,.>, Cauchy-Schwarz s <= t||z-c|| <= t r "
                           "(Lagrange identity verified symbolically in d=3)")


# ------------------------------------------------------------------------------------------------
# variational inequality on random + extreme points for every projection
# ------------------------------------------------------------------------------------------------

@check("core.geom.vi_numeric", spec=["core.geom.stmt.projections_vi", "core.geom.proj_l2_ball",
                                       "core.geom.proj_l1_ball", "core.geom.proj_box", "core.geom.proj_simplex"],
       profile="quick")
def _vi_numeric(ctx):
    rng = ctx.rng
    worst = -math.inf
    worst_feas = 0.0
    n_cases = 0
    where = ""
    tol_vi = 1e-12
    for d in (1, 2, 10, 100):
        for r in (0.0, 1e-12, 1.0, 1e6):
            c = rng.standard_normal(d) * (0.0 if r == 0.0 else 3.0)
            # --- l2 ball
            Z = _ball_points(rng, c, r, 200)
            for y in _test_points(rng, d, c, r):
                p = proj_l2_ball(y, c, r)
                scale = max(1.0, float(np.linalg.norm(y - c))) * max(1.0, r, float(np.linalg.norm(c)))
                m = _vi_margin(y, p, Z, scale)
                feas = (float(np.linalg.norm(p - c)) - r) / max(1.0, r, float(np.linalg.norm(c)))
                n_cases += 1
                if m > worst:
                    worst, where = m, f"l2 d={d} r={r}"
                worst_feas = max(worst_feas, feas)
            # --- l1 ball (centre c)
            # points of the l1 ball: sparse vertices ±r e_i, random points of the cross-polytope, centre
            V = np.concatenate([np.eye(d), -np.eye(d)]) * r
            W = rng.dirichlet(np.ones(2 * d), size=200) @ V * rng.random((200, 1))
            Z1 = c + np.concatenate([V, W, np.zeros((1, d))])
            for y in _test_points(rng, d, c, max(r, 1e-300)):
                p = proj_l1_ball(y, r, c)
                big = max(1.0, r, float(np.max(np.abs(y))), float(np.max(np.abs(c))))
                scale = max(1.0, float(np.sum(np.abs(y - c)))) * big
                m = _vi_margin(y, p, Z1, scale)
                feas = (float(np.sum(np.abs(p - c))) - r) / (d * big)
                n_cases += 1
                if m > worst:
                    worst, where = m, f"l1 d={d} r={r}"
                worst_feas = max(worst_feas, feas)
        # --- box [lo, hi] incl. degenerate and infinite sides
        lo = -rng.random(d) * 2
        hi = lo + rng.random(d) * 3
        hi[0] = lo[0]  # a degenerate coordinate
        for y in (rng.standard_normal(d) * 5, lo - 1e9, hi + 1e9, (lo + hi) / 2):
            p = proj_box(y, lo, hi)
            Zb = lo + rng.random((300, d)) * (hi - lo)
            Zb = np.concatenate([Zb, lo[None], hi[None]])
            m = _vi_margin(y, p, Zb, max(1.0, float(np.linalg.norm(y))))
            n_cases += 1
            if m > worst:
                worst, where = m, f"box d={d}"
            worst_feas = max(worst_feas, float(np.max(np.maximum(lo - p, p - hi))))
        pinf = proj_box(np.full(d, 7.0), -np.inf, 1.0)
        worst_feas = max(worst_feas, float(np.max(pinf - 1.0)))
        # --- simplex {x >= 0, sum x = z}: vertices z e_i and random points
        for z in (1.0, 1e-9, 1e6):
            Zs = np.concatenate([np.eye(d) * z, rng.dirichlet(np.ones(d), size=300) * z])
            for y in (rng.standard_normal(d), rng.standard_normal(d) * 1e6, np.full(d, -5.0), np.eye(d)[0] * z):
                p = proj_simplex(y, z)
                big = max(1.0, z, float(np.max(np.abs(y))))  # x_i = y_i - θ loses digits relative to |y|
                m = _vi_margin(y, p, Zs, max(1.0, float(np.linalg.norm(y - p))) * big)
                n_cases += 1
                if m > worst:
                    worst, where = m, f"simplex d={d} z={z}"
                worst_feas = max(worst_feas, float(-np.min(p)), abs(float(np.sum(p)) - z) / (d * big))
    ok = worst <= tol_vi and worst_feas <= 1e-12
    out = Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                  claimed="P_K(y) in K and <y - P_K(y), z - P_K(y)> <= 0 for all z in K (K = l2 ball, l1 ball, box, "
                          "simplex)",
                  computed=f"max scaled VI value {worst:.3e} (at {where}); max scaled infeasibility {worst_feas:.3e}",
                  margin=tol_vi - worst, precision="float64; VI tolerance 1e-12 relative to |y|*max(1, r, |c|) (l1/simplex: |y - c|_1 * "
                            "max(1, r, |y|_inf, |c|_inf); simplex: |y - P(y)| * max(1, z, |y|_inf)); feasibility 1e-12 relative to the same scale (times d for sums)",
                  details=f"{n_cases} (set, y) cases; d in {{1,2,10,100}}, r in {{0,1e-12,1,1e6}}, y inside / on "
                          "boundary / just outside / 1e8 away / centre; z = 200-300 random, boundary, vertices, centre")
    return out


# ------------------------------------------------------------------------------------------------
# two balls: KKT certificate and brute force (SLSQP) on a grid incl. tangent and nested balls
# ------------------------------------------------------------------------------------------------

def _two_ball_configs():
    e = np.array([1.0, 0.0])
    return [
        ("lens", np.zeros(2), 1.0, 1.2 * e, 1.0),
        ("lens_unequal", np.zeros(2), 2.0, 2.5 * e, 1.0),
        ("tangent_external", np.zeros(2), 1.0, 2.0 * e, 1.0),
        ("tangent_internal", np.zeros(2), 2.0, 1.0 * e, 1.0),
        ("nested", np.zeros(2), 3.0, 0.5 * e, 1.0),
        ("concentric", np.zeros(2), 1.0, np.zeros(2), 2.0),
        ("equal", np.ones(2), 1.5, np.ones(2), 1.5),
        ("almost_disjoint", np.zeros(2), 1.0, 1.999999 * e, 1.0),
        ("tiny_big", np.zeros(2), 1e-6, 0.5 * e, 1.0),
    ]


@check("core.geom.two_balls.kkt_bruteforce", spec=["core.geom.stmt.two_balls_exact", "core.geom.proj_two_balls"],
       profile="quick")
def _two_balls(ctx):
    from scipy.optimize import minimize

    rng = ctx.rng
    worst_kkt = 0.0
    worst_gap = -math.inf  # ||y - ours|| - ||y - slsqp|| (must be <= tiny: ours is at least as good)
    worst_dist = 0.0
    worst_vi = -math.inf
    n = 0
    where = ""
    for name, c1, r1, c2, r2 in _two_ball_configs():
        for d in (2, 3):
            C1 = np.concatenate([c1, np.zeros(d - 2)])
            C2 = np.concatenate([c2, np.zeros(d - 2)])
            ys = [rng.standard_normal(d) * 3 for _ in range(6)]
            ys += [np.concatenate([[5.0], np.zeros(d - 1)]), np.concatenate([[-5.0], np.zeros(d - 1)]),  # on the axis
                   (C1 + C2) / 2 + np.concatenate([[0.0, 4.0], np.zeros(d - 2)])]
            # points of K for the VI: sample ball 1, keep those in ball 2, plus projections of random points
            Z = C1 + r1 * _sphere(rng, 400, d) * rng.random((400, 1)) ** (1 / d)
            Z = Z[np.linalg.norm(Z - C2, axis=1) <= r2]
            Zp = np.array([proj_two_balls(rng.standard_normal(d) * 4, C1, r1, C2, r2) for _ in range(60)])
            Z = np.concatenate([Z, Zp]) if Z.size else Zp
            for y in ys:
                x, lam = proj_two_balls(y, C1, r1, C2, r2, return_multipliers=True)
                scale = max(1.0, float(np.linalg.norm(y)), r1, r2)
                if name == "tangent_external":
                    # K = {c1 + r1 u} is one point: no Slater point, KKT multipliers need not exist;
                    # the projection must be that point
                    kk = float(np.linalg.norm(x - (C1 + r1 * (C2 - C1) / np.linalg.norm(C2 - C1)))) / scale
                else:
                    k = two_balls_kkt(y, x, C1, r1, C2, r2, lam)
                    kk = max(k["stationarity"], k["primal"], k["dual"], k["slackness"]) / scale
                if kk > worst_kkt:
                    worst_kkt, where = kk, f"{name} d={d}"
                cons = [{"type": "ineq", "fun": lambda z, c=C1, r=r1: r * r - float((z - c) @ (z - c)),
                         "jac": lambda z, c=C1: -2.0 * (z - c)},
                        {"type": "ineq", "fun": lambda z, c=C2, r=r2: r * r - float((z - c) @ (z - c)),
                         "jac": lambda z, c=C2: -2.0 * (z - c)}]
                best = None
                starts = () if name in ("tangent_external", "almost_disjoint") else ((C1 + C2) / 2, y)
                for start in starts:
                    res = minimize(lambda z: 0.5 * float((z - y) @ (z - y)), start, jac=lambda z: z - y,
                                   constraints=cons, method="SLSQP", options={"ftol": 1e-15, "maxiter": 200})
                    zz = res.x
                    feas = max(np.linalg.norm(zz - C1) - r1, np.linalg.norm(zz - C2) - r2)
                    if feas <= 1e-9 * scale and (best is None or np.linalg.norm(zz - y) < np.linalg.norm(best - y)):
                        best = zz
                if best is not None and name not in ("tangent_external", "almost_disjoint"):
                    worst_gap = max(worst_gap, (float(np.linalg.norm(y - x)) - float(np.linalg.norm(y - best))) / scale)
                    worst_dist = max(worst_dist, float(np.linalg.norm(x - best)) / scale)
                worst_vi = max(worst_vi, float(np.max((Z - x) @ (y - x))) / scale)
                n += 1
    ok = worst_kkt <= 1e-12 and worst_gap <= 1e-9 and worst_dist <= 1e-5 and worst_vi <= 1e-12
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="proj_two_balls(y) = argmin_{x in B(c1,r1) ∩ B(c2,r2)} ||x - y|| (KKT with λ >= 0)",
                   computed=f"max scaled KKT residual {worst_kkt:.2e} (at {where}); ||y-x||-||y-x_SLSQP|| <= "
                            f"{worst_gap:.2e}; ||x - x_SLSQP|| <= {worst_dist:.2e}; max VI {worst_vi:.2e}",
                   margin=1e-12 - worst_kkt,
                   precision="float64; KKT tol 1e-12, SLSQP agreement 1e-5 (SLSQP ftol 1e-15), VI tol 1e-12",
                   details=f"{n} cases: lens, unequal lens, external/internal tangency, nested, concentric, equal, "
                           "almost disjoint, tiny-in-big; d in {2,3}; y random, on the axis, symmetric; external tangency "
                           "(K a single point, no KKT multipliers) compared with the tangent point instead; "
                           "SLSQP not compared for tangent/almost-disjoint (SLSQP is feasible only to 1e-9 there)")


# ------------------------------------------------------------------------------------------------
# l1 ball and simplex vs an independent bisection on the threshold
# ------------------------------------------------------------------------------------------------

def _threshold_bisect(u, z):
    lo, hi = 0.0, float(np.max(u))
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if float(np.sum(np.maximum(u - mid, 0.0))) > z:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


@check("core.geom.l1_simplex.bisection", spec=["core.geom.stmt.l1_simplex_threshold", "core.geom.proj_l1_ball",
                                                 "core.geom.proj_simplex"], profile="quick")
def _l1_bisect(ctx):
    rng = ctx.rng
    worst = 0.0
    n = 0
    for d in (1, 2, 5, 50, 500):
        for scale in (1e-3, 1.0, 1e4):
            for r in (1e-6, 0.5, 3.0):
                y = rng.standard_normal(d) * scale
                if rng.random() < 0.3:
                    y[: d // 2] = y[0]  # ties
                v = np.abs(y)
                if float(np.sum(v)) > r:
                    th = _threshold_bisect(v, r)
                    ref = np.sign(y) * np.maximum(v - th, 0.0)
                else:
                    ref = y
                p = proj_l1_ball(y, r)
                worst = max(worst, float(np.max(np.abs(p - ref))) / max(1.0, scale))
                # simplex with total r: shift so that the threshold is computed on y itself (can be negative)
                ys = y + 1.0
                lo, hi = float(np.min(ys)) - r - 1.0, float(np.max(ys))
                for _ in range(200):
                    mid = 0.5 * (lo + hi)
                    if float(np.sum(np.maximum(ys - mid, 0.0))) > r:
                        lo = mid
                    else:
                        hi = mid
                refs = np.maximum(ys - 0.5 * (lo + hi), 0.0)
                ps = proj_simplex(ys, r)
                worst = max(worst, float(np.max(np.abs(ps - refs))) / max(1.0, scale))
                n += 2
    tol = 1e-10
    return Outcome(Verdict.NUMERIC if worst <= tol else Verdict.FAILED,
                   claimed="Duchi et al. sort-based threshold = root θ of Σ max(|y_i| - θ, 0) = r (l1 ball) and of "
                           "Σ max(y_i - θ, 0) = z (simplex)",
                   computed=f"max |sort-based - bisection| / max(1, scale) = {worst:.2e}",
                   margin=tol - worst, precision="float64, 200 bisection steps",
                   details=f"{n} cases, d in {{1,2,5,50,500}}, scale in {{1e-3,1,1e4}}, r in {{1e-6,0.5,3}}, with ties")


# ------------------------------------------------------------------------------------------------
# non-expansiveness and idempotence (all projections)
# ------------------------------------------------------------------------------------------------

@check("core.geom.nonexpansive_idempotent", spec=["core.geom.stmt.nonexpansive", "core.geom.proj_l2_ball",
                                                   "core.geom.proj_two_balls", "core.geom.proj_l1_ball",
                                                   "core.geom.proj_box", "core.geom.proj_simplex"], profile="quick")
def _nonexpansive(ctx):
    rng = ctx.rng
    worst_ne = -math.inf   # ||P(x) - P(y)|| - ||x - y|| (relative)
    worst_id = 0.0         # ||P(P(y)) - P(y)|| (relative)
    where = ""
    n = 0
    for d in (1, 2, 7, 50):
        c = rng.standard_normal(d)
        u2 = rng.standard_normal(d)
        c2 = c + u2 / np.linalg.norm(u2) * 1.5 * rng.random()  # ||c - c2|| <= 1.5 < 1.3 + 1.0: a lens or nested
        lo = -rng.random(d)
        hi = lo + rng.random(d)
        projs = {
            "l2": lambda z: proj_l2_ball(z, c, 1.3),
            "l1": lambda z: proj_l1_ball(z, 1.3, c),
            "box": lambda z: proj_box(z, lo, hi),
            "simplex": lambda z: proj_simplex(z, 2.0),
        }
        if d >= 2:
            projs["two_balls"] = lambda z: proj_two_balls(z, c, 1.3, c2, 1.0)
        for name, Pj in projs.items():
            for k in range(60):
                s = 10.0 ** rng.uniform(-3, 3)
                x = c + s * rng.standard_normal(d)
                y = x + 10.0 ** rng.uniform(-8, 1) * rng.standard_normal(d) if k % 2 else c + s * rng.standard_normal(d)
                px, py = Pj(x), Pj(y)
                sc = max(1.0, s)
                dxy = float(np.linalg.norm(x - y))
                ne = (float(np.linalg.norm(px - py)) - dxy) / sc
                if ne > worst_ne:
                    worst_ne, where = ne, f"{name} d={d}"
                worst_id = max(worst_id, float(np.linalg.norm(Pj(px) - px)) / sc)
                n += 1
    tol = 1e-12
    ok = worst_ne <= tol and worst_id <= tol
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="||P(x) - P(y)|| <= ||x - y|| and P(P(y)) = P(y) for the l2 ball, two-ball intersection, "
                           "l1 ball, box, simplex",
                   computed=f"max (||Px-Py|| - ||x-y||)/scale = {worst_ne:.1e} (at {where}); max idempotence "
                            f"defect {worst_id:.1e}",
                   margin=tol - worst_ne, precision="float64, tolerance 1e-12 × max(1, scale of the points)",
                   details=f"{n} pairs, d in {{1,2,7,50}}, scales 1e-3..1e3, close pairs (1e-8) and far pairs")
