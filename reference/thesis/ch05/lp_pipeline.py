"""The l_p instance of thesis 003 Section 5.5 assembled: gamma_y sampler, warm start and M_erm (Theorem 5.5.8).

phi = a||.||_q^2 (q = 4, p = 4/3: the case with the closed-form 1/2-stable mixing law, reference.thesis.ch05.llt),
psi = psi_{p,a} its log-Laplace transform, X = B_p(0, R) (the l_p ball).

* :func:`lp_gamma_y` -- gamma_y ∝ exp(-c psi(x) + <x, y>) 1_X (c = 1 + eta mu: the density of Alg 16 line 5, (5.16);
  c = eta mu, y = 0: the warm start of Lemma 5.4.13), sampled by rejection with a certified envelope (the Frank-Wolfe
  gap at the SLSQP point plus the strong concavity 1/(6a) of -psi: a Gaussian proposal; or the box [-R, R]^d); a
  proposal whose ratio exceeds 1 (an envelope violation: the law would be distorted there) is counted in
  ``stats["envelope_violations"]`` and reported by the checks, never silently clipped away.  psi and its gradient by
  the fast mixture back-end llt.psi_pa_batch (~1e-10 relative; the definitional llt.psi_pa is its test oracle).
* :func:`m_erm_lp` -- M_erm of Theorem 5.5.8 (003 L4683-4719): fallback when (n eps)^2 < d Theta log(1/delta)
  (dp.fallback_applies), (k, mu) of Prop 5.5.6 (dp.prop556_params), eta from the printed rule with the InnerLoop
  precondition 1/eta >= 1e4 (kG)^2 log(1/delta') (Alg 16 line 1, L4373) and eta k mu <= 1, a = eta (p - 1)/2,
  warm start, and Alg 15 AlternateSample (reference.thesis.ch05.sampler) on k f^erm + k mu eta psi_{p,a} with
  pi_x = llt.sample_pi_x_fast and gamma_y = :func:`lp_gamma_y`.  :func:`m_erm_lp_schedule` returns the printed (k, mu,
  eta, a, T) without running it.
Spec: 003_ch05.alg_gamma_y_sampler, 003_ch05.alg_m_erm_sco, 003_ch05.thm5_5_8
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from scipy import optimize

from reference.core import validation as _V
from reference.core.oracles import QueryCounter

from . import dp, llt
from .sampler import alternate_sample, component_oracles

__all__ = ["lp_norm", "lp_gamma_y", "m_erm_lp_schedule", "m_erm_lp"]

P_OF_Q = {4: 4.0 / 3.0}
_STEPS = np.concatenate([[0.0], 2.0 ** np.arange(-12, 2)])      # line-search steps (units of s^2 grad h)


def lp_norm(x, p) -> float:
    """||x||_p for p >= 1 (validated: x a finite vector, p a real >= 1)."""
    x = _V.vector("x", x)
    p = _V.real("p", p)
    if not p >= 1:
        raise ValueError(f"p must be >= 1, got {p!r}")
    return float(np.sum(np.abs(x) ** p) ** (1.0 / p))


def lp_gamma_y(c, a, R, d: int, *, q: int = 4, stats: dict | None = None, proposal: str = "gaussian",
               batch: int = 16, envelope: str = "fw", hint: Callable | None = None,
               max_proposals: int = 10 ** 7) -> Callable:
    """Factory y -> (rng -> x) of x ~ exp(-c psi_{p,a}(x) + <x, y>) 1_{B_p(0,R)} (Alg 16 line 5, (5.16), L4380).

    The chapter leaves this sampler a black box (L4777); this one is exact rejection with a certified envelope.
    Preconditions (validated): c > 0, a > 0, R > 0, d >= 2 (d = 1 is the Euclidean case), q = 4 (p = 4/3),
        proposal in {"gaussian", "box", "ball"}, batch >= 1, envelope in {"fw", "gradient"} ("gradient" needs the
        Gaussian proposal); ``hint`` None or a callable () -> a point of R^d (e.g. the chain's current x).
    Steps (per y): h(x) = -c psi(x) + <x, y> (psi by llt.psi_pa_batch with its exact mixture gradient);
        z = SLSQP maximiser of h over X (any feasible z is valid); FW gap = R ||grad h(z)||_q - <grad h(z), z> >= 0.
        "box" / "ball": envelope M = h(z) + gap (concavity: h(x) <= h(z) + <grad h(z), x - z> <= M on X),
            proposals x ~ Unif([-R, R]^d), or x ~ Unif(B_p(0, R)) exactly (Barthe-Guedon-Mendelson-Naor:
            x = R xi/(sum |xi_i|^p + E)^{1/p}, |xi_i|^p ~ Gamma(1/p), random signs, E ~ Exp(1)); the "ball" proposal
            suits a nearly flat h (the warm start of Lemma 5.4.13, c = eta k mu small).
        "gaussian": psi is (1/(6a))-strongly convex (Hess psi(x) = Cov_{D_x}(y) >= E[Hess(a||y||_4^2)]^{-1} by the
            Cramer-Rao inequality, and Hess(a||y||_4^2) <= 6a I), so on X
            h(x) <= h(z) + gap - ||x - z||^2/(2 s^2), s^2 = 6a/c; proposals x ~ N(z, s^2 I).
        envelope "gradient" (no optimisation): the same strong concavity holds on all of R^d, so for any z,
            h(x) <= h(z) + s^2 ||grad h(z)||^2/2 - ||x - m||^2/(2 s^2), m = z + s^2 grad h(z); z is the best (smallest
            bound) of the points z_t = z + t s^2 grad h(z), t in {0, 2^-12, ..., 2} (scaled radially into X) of
            three batched line searches (z = hint() or 0, then the best h of the previous search), together with the
            X-bound h(z_t) + FW gap(z_t) - ||x - z_t||^2/(2 s^2) (valid on X for any z_t in X); the smallest bound
            is used, proposals from its Gaussian.
        Proposals outside X are rejected; x in X is accepted w.p. exp(h(x) - envelope(x)); proposals are drawn and
        evaluated ``batch`` at a time (the first accepted in draw order is returned: exact rejection).
    Postcondition: an exact draw of gamma_y (up to psi's quadrature, ~1e-10 relative) when no envelope violation
        occurs; ``stats``: proposals, psi_evals, draws, envelope_violations (a ratio > 1: counted, never clipped);
        RuntimeError after ``max_proposals`` proposals without acceptance (never a hang).
    Randomness: ``rng`` only (per batch: the proposals, then ``batch`` uniforms); a random number of batches
        (the batch size doubles after each batch without acceptance, up to 64 x ``batch``).
    Spec: 003_ch05.alg_gamma_y_sampler
    """
    c, a, R = _V.positive("c", c), _V.positive("a", a), _V.positive("R", R)
    d = _V.integer("d", d, lo=2)
    q = _V.choice("q", q, tuple(P_OF_Q))
    _V.choice("proposal", proposal, ("gaussian", "box", "ball"))
    _V.choice("envelope", envelope, ("fw", "gradient"))
    if envelope == "gradient" and proposal != "gaussian":
        raise ValueError(f"envelope 'gradient' needs proposal 'gaussian', got proposal {proposal!r}")
    _V.optional(_V.callable_, "hint", hint)
    batch = _V.integer("batch", batch, lo=1)
    max_proposals = _V.integer("max_proposals", max_proposals, lo=1)
    p = P_OF_Q[q]
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict (filled in) or None, got {type(stats).__name__} {stats!r}"[:300])
    if p * math.log(R) > 700.0:
        raise ValueError(f"R^p overflows the float range at R = {R!r}, p = {p}")
    st = stats if stats is not None else {}
    s2 = 6.0 * a / c

    def h_batch(X, y, grad=False):
        st["psi_evals"] = st.get("psi_evals", 0) + X.shape[0]
        if grad:
            ps, gp = llt.psi_pa_batch(X, a, grad=True)
            return -c * ps + X @ y, -c * gp + y[None, :]
        return -c * llt.psi_pa_batch(X, a) + X @ y

    def factory(y):
        y = _V.vector("y", y, d)
        if envelope == "gradient":
            z = np.zeros(d) if hint is None else _V.vector("hint()", hint(), d)
            hz, gz = h_batch(z[None, :], y, grad=True)
            best = (math.inf, None, None)
            for _ in range(3):                       # 3 batched line searches along the gradient (geometric steps)
                Z = z[None, :] + _STEPS[:, None] * (s2 * gz[0])[None, :]
                nrm = np.sum(np.abs(Z) ** p, axis=1) ** (1 / p)
                Z = np.where((nrm > R)[:, None], Z * (R / np.maximum(nrm, 1e-300) * (1 - 1e-12))[:, None], Z)
                hZ, gZ = h_batch(Z, y, grad=True)
                bA = hZ + s2 * np.sum(gZ ** 2, axis=1) / 2                   # valid on R^d, centre Z + s2 grad
                gap = np.maximum(R * np.sum(np.abs(gZ) ** q, axis=1) ** (1 / q) - np.sum(gZ * Z, axis=1), 0.0)
                bB = hZ + gap                                                # valid on X (Z in X), centre Z
                for bnd, ctrs in ((bA, Z + s2 * gZ), (bB, Z)):
                    j = int(np.argmin(bnd))
                    if bnd[j] < best[0]:
                        best = (float(bnd[j]), ctrs[j].copy(), float(hZ[j]))
                j = int(np.argmax(hZ))
                z, gz = Z[j], gZ[j:j + 1]
            Mg, ctr = best[0] + 1e-9 * (1.0 + abs(best[2])), best[1]
            return _draw_factory(y, ctr, Mg)
        cons = [{"type": "ineq", "fun": lambda z: R ** p - np.sum(np.abs(z) ** p)}]

        def negh(z):
            v, g = h_batch(np.asarray(z, dtype=float)[None, :], y, grad=True)
            return -float(v[0]), -g[0]
        res = optimize.minimize(negh, np.zeros(d), jac=True, method="SLSQP", constraints=cons,
                                options={"ftol": 1e-10, "maxiter": 50})
        z = res.x if lp_norm(res.x, p) <= R else res.x * (R / lp_norm(res.x, p)) * (1 - 1e-12)
        hz, gz = h_batch(z[None, :], y, grad=True)
        hz, gz = float(hz[0]), gz[0]
        gap = max(R * float(np.linalg.norm(gz, q)) - float(gz @ z), 0.0)     # Frank-Wolfe gap on B_p(0, R)
        M = hz + gap + 1e-9 * (1.0 + abs(hz))                               # + quadrature slack of psi
        return _draw_factory(y, z, M)

    def _draw_factory(y, z, M):
        """Exact rejection sampler for this y: proposals around ``z`` (Gaussian) or uniform, envelope constant M."""
        def draw(rng):
            st["draws"] = st.get("draws", 0) + 1
            bs, tried = batch, 0
            while True:
                if tried > max_proposals:
                    raise RuntimeError(f"lp_gamma_y: no acceptance in {tried} proposals (max_proposals = "
                                       f"{max_proposals}); envelope constant {M:.6g}")
                tried += bs
                if proposal == "gaussian":
                    X = z[None, :] + math.sqrt(s2) * rng.standard_normal((bs, d))
                elif proposal == "box":
                    X = rng.uniform(-R, R, (bs, d))
                else:
                    xi = rng.gamma(1.0 / p, 1.0, (bs, d)) ** (1.0 / p) * rng.choice([-1.0, 1.0], (bs, d))
                    E = rng.exponential(1.0, bs)
                    X = R * xi / (np.sum(np.abs(xi) ** p, axis=1) + E)[:, None] ** (1.0 / p)
                U = rng.random(bs)
                st["proposals"] = st.get("proposals", 0) + bs
                inside = np.sum(np.abs(X) ** p, axis=1) <= R ** p
                lr = np.full(bs, -np.inf)
                bs = min(2 * bs, 64 * batch)
                if not np.any(inside):
                    continue
                env = M - (np.sum((X[inside] - z) ** 2, axis=1) / (2 * s2) if proposal == "gaussian" else 0.0)
                lr[inside] = h_batch(X[inside], y) - env
                nv = int(np.sum(lr > 0))
                if nv:
                    st["envelope_violations"] = st.get("envelope_violations", 0) + nv
                acc = np.flatnonzero(np.log(U) < lr)
                if len(acc):
                    return X[acc[0]].copy()
        return draw

    return factory


def m_erm_lp_schedule(n: int, d: int, G, epsilon, delta, *, q: int = 4, params: str = "consistent",
                      C_T: float = 1.0, C_eta: float = 1e4) -> dict:
    """The printed parameters of M_erm (Thm 5.5.8 proof, L4697-4715) for the l_p ball of diameter D = 1 (R = 1/2).

    Steps: Theta = min(1/(p-1), log d); fallback iff (n eps)^2 < d Theta log(1/delta) (L4707); (k, mu) of
        Prop 5.5.6 (``params``); eta = 1/(C_eta (kG)^2 log(1/delta')) with delta' = delta/(2T) from the InnerLoop
        precondition (L4373: printed C_eta = 1e4; another value is a labelled scaled regime), then
        eta <- min(eta, 1/(k mu)) (L4713); a = eta (p - 1)/2 (L4709);
        beta = exp(k G D) (Lemma 5.4.13 warmness); T = ceil(C_T log(log(beta)/delta)/(eta k mu)) (Thm 5.4.12,
        C_T a stand-in for its Theta-constant) -- eta and T solved as a fixed point in delta'.
    Postcondition: dict(fallback, Theta, k, mu, eta, a, T, beta_log).
    Spec: 003_ch05.thm5_5_8
    """
    n, d = _V.integer("n", n, lo=1), _V.integer("d", d, lo=2)
    G, epsilon = _V.positive("G", G), _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 0.5, lo_open=True, hi_open=True)
    C_T = _V.in_range("C_T", C_T, 0.0, 1e6, lo_open=True)        # a Theta-constant stand-in; larger overflows T
    C_eta = _V.in_range("C_eta", C_eta, 1e-6, 1e8)
    q = _V.choice("q", q, tuple(P_OF_Q))
    _V.choice("params", params, ("printed", "consistent", "corrected"))
    p = P_OF_Q[q]
    Theta = min(1 / (p - 1), math.log(d))
    out = {"fallback": dp.fallback_applies(n, d, epsilon, delta, p), "Theta": Theta, "p": p}
    k, mu = dp.prop556_params(n, d, G, Theta, epsilon, delta, "erm", params)
    T = 1
    for _ in range(200):
        d_in = delta / (2 * T)
        eta = min(1 / (C_eta * (k * G) ** 2 * math.log(1 / d_in)), 1 / (k * mu))
        T_new = max(1, math.ceil(C_T * math.log(max(k * G, 1.0) / delta) / (eta * k * mu)))
        if T_new == T:
            break
        T = T_new
    out.update(k=k, mu=mu, eta=eta, a=eta * (p - 1) / 2, T=T, beta_log=k * G, C_eta=C_eta)
    return out


def m_erm_lp(data: Sequence, loss: Callable, n: int, d: int, G, epsilon, delta, rng: np.random.Generator, *,
             schedule: dict | None = None, counter: QueryCounter | None = None, stats: dict | None = None,
             trace: list | None = None):
    """M_erm of Theorem 5.5.8 (003 L4683-4719) on X = B_p(0, 1/2), p = 4/3: one run of Alg 15 on
    k f^erm + k mu eta psi_{p,a} (or the data-independent fallback).

    Preconditions (validated): ``loss(x, s)`` G-Lipschitz in l_p on X; n = len(data); d >= 2; ``schedule`` None
        (m_erm_lp_schedule) or a dict with keys k, mu, eta, a, T, fallback (a labelled override, reported).
    Steps: fallback -> dp.m_erm_fallback (L4707); else warm start x0 ~ exp(-k mu eta psi) 1_X (Lemma 5.4.13, by
        lp_gamma_y with c = k mu eta, y = 0, uniform-ball proposals); components f_i = k loss(., s_i) (value
        oracles, counted); gamma_y with the "gradient" envelope started at the chain's current x;
        alternate_sample(x0, T, pi_x = sample_pi_x_fast(., a), gamma_y = lp_gamma_y(1 + eta k mu, a) scaled so that
        pi ∝ exp(-k f^erm - eta k mu psi) (5.13), delta).
    Postcondition: (x, info) with the schedule and the value-query count; ``trace`` (a list) receives (y_k, x_k)
        per alternating step (Alg 15).
    Spec: 003_ch05.alg_m_erm_sco
    """
    _V.callable_("loss", loss)
    rng = _V.generator("rng", rng)
    data = _V.sequence("data", data)
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict (filled in) or None, got {type(stats).__name__} {stats!r}"[:300])
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    if schedule is not None and not isinstance(schedule, dict):
        raise TypeError(f"schedule must be None or a dict (m_erm_lp_schedule's keys), got {type(schedule).__name__} "
                        f"{schedule!r}"[:300])
    sch = m_erm_lp_schedule(n, d, G, epsilon, delta) if schedule is None else dict(schedule)
    if len(data) != n:
        raise ValueError(f"data must hold n = {n} samples, got {len(data)}")
    R = 0.5
    if sch.get("fallback"):
        return dp.m_erm_fallback(data, np.zeros(d), n, d, epsilon, delta, P_OF_Q[4]), {**sch, "value_queries": 0}
    k, mu, eta, a, T = sch["k"], sch["mu"], sch["eta"], sch["a"], int(sch["T"])
    st = stats if stats is not None else {}
    cnt = counter if counter is not None else QueryCounter()
    f_oracles = component_oracles(lambda i, x: k * float(loss(x, data[i])), n, cnt)
    # (5.13): pi ∝ exp(-F - eta mu' psi) with F = k f^erm, mu' = k mu; pi_y ∝ exp(-F - (1 + eta mu') psi + <x, y>)
    x0 = lp_gamma_y(eta * k * mu, a, R, d, stats=st, proposal="ball")(np.zeros(d))(rng)   # Lemma 5.4.13 warm start
    last = {"x": x0}

    def pi_x(xx, r):                        # D_x (5.15); remembers x_{k-1} as the start of gamma_y's envelope search
        last["x"] = np.array(xx, dtype=float)
        return llt.sample_pi_x_fast(xx, a, r)
    gamma = lp_gamma_y(1 + eta * k * mu, a, R, d, stats=st, envelope="gradient", hint=lambda: last["x"])
    x = alternate_sample(x0, T, pi_x, gamma, f_oracles, delta, rng, stats=st, trace=trace)
    return x, {**sch, "value_queries": cnt.calls}
