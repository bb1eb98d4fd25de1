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
  pi_x = llt.sample_pi_x and gamma_y = :func:`lp_gamma_y`.  :func:`m_erm_lp_schedule` returns the printed (k, mu,
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


def lp_norm(x, p) -> float:
    """||x||_p for p >= 1 (validated: x a finite vector, p a real >= 1)."""
    x = _V.vector("x", x)
    p = _V.real("p", p)
    if not p >= 1:
        raise ValueError(f"p must be >= 1, got {p!r}")
    return float(np.sum(np.abs(x) ** p) ** (1.0 / p))


def lp_gamma_y(c, a, R, d: int, *, q: int = 4, stats: dict | None = None, proposal: str = "gaussian",
               batch: int = 16) -> Callable:
    """Factory y -> (rng -> x) of x ~ exp(-c psi_{p,a}(x) + <x, y>) 1_{B_p(0,R)} (Alg 16 line 5, (5.16), L4380).

    The chapter leaves this sampler a black box (L4777); this one is exact rejection with a certified envelope.
    Preconditions (validated): c > 0, a > 0, R > 0, d >= 2 (d = 1 is the Euclidean case), q = 4 (p = 4/3),
        proposal in {"gaussian", "box"}, batch >= 1.
    Steps (per y): h(x) = -c psi(x) + <x, y> (psi by llt.psi_pa_batch with its exact mixture gradient);
        z = SLSQP maximiser of h over X (any feasible z is valid); FW gap = R ||grad h(z)||_q - <grad h(z), z> >= 0.
        "box": envelope M = h(z) + gap (concavity: h(x) <= h(z) + <grad h(z), x - z> <= M on X), proposals
            x ~ Unif([-R, R]^d).
        "gaussian": psi is (1/(6a))-strongly convex (Hess psi(x) = Cov_{D_x}(y) >= E[Hess(a||y||_4^2)]^{-1} by the
            Cramer-Rao inequality, and Hess(a||y||_4^2) <= 6a I), so on X
            h(x) <= h(z) + gap - ||x - z||^2/(2 s^2), s^2 = 6a/c; proposals x ~ N(z, s^2 I).
        Proposals outside X are rejected; x in X is accepted w.p. exp(h(x) - envelope(x)); proposals are drawn and
        evaluated ``batch`` at a time (the first accepted in draw order is returned: exact rejection).
    Postcondition: an exact draw of gamma_y (up to psi's quadrature, ~1e-10 relative) when no envelope violation
        occurs; ``stats``: proposals, psi_evals, draws, envelope_violations (a ratio > 1: counted, never clipped).
    Randomness: ``rng`` only (per batch: the proposals, then ``batch`` uniforms); a random number of batches.
    Spec: 003_ch05.alg_gamma_y_sampler
    """
    c, a, R = _V.positive("c", c), _V.positive("a", a), _V.positive("R", R)
    d = _V.integer("d", d, lo=2)
    q = _V.choice("q", q, tuple(P_OF_Q))
    _V.choice("proposal", proposal, ("gaussian", "box"))
    batch = _V.integer("batch", batch, lo=1)
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

        def draw(rng):
            st["draws"] = st.get("draws", 0) + 1
            while True:
                if proposal == "gaussian":
                    X = z[None, :] + math.sqrt(s2) * rng.standard_normal((batch, d))
                else:
                    X = rng.uniform(-R, R, (batch, d))
                U = rng.random(batch)
                st["proposals"] = st.get("proposals", 0) + batch
                inside = np.sum(np.abs(X) ** p, axis=1) <= R ** p
                if not np.any(inside):
                    continue
                lr = np.full(batch, -np.inf)
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
                      C_T: float = 1.0) -> dict:
    """The printed parameters of M_erm (Thm 5.5.8 proof, L4697-4715) for the l_p ball of diameter D = 1 (R = 1/2).

    Steps: Theta = min(1/(p-1), log d); fallback iff (n eps)^2 < d Theta log(1/delta) (L4707); (k, mu) of
        Prop 5.5.6 (``params``); eta = 1/(1e4 (kG)^2 log(1/delta')) with delta' = delta/(2T) bounded below by the
        InnerLoop precondition (L4373), then eta <- min(eta, 1/(k mu)) (L4713); a = eta (p - 1)/2 (L4709);
        beta = exp(k G D) (Lemma 5.4.13 warmness); T = ceil(C_T log(log(beta)/delta)/(eta k mu)) (Thm 5.4.12,
        C_T a stand-in for its Theta-constant) -- eta and T solved as a fixed point in delta'.
    Postcondition: dict(fallback, Theta, k, mu, eta, a, T, beta_log).
    Spec: 003_ch05.thm5_5_8
    """
    n, d = _V.integer("n", n, lo=1), _V.integer("d", d, lo=2)
    G, epsilon = _V.positive("G", G), _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 0.5, lo_open=True, hi_open=True)
    C_T = _V.in_range("C_T", C_T, 0.0, 1e6, lo_open=True)        # a Theta-constant stand-in; larger overflows T
    q = _V.choice("q", q, tuple(P_OF_Q))
    _V.choice("params", params, ("printed", "consistent", "corrected"))
    p = P_OF_Q[q]
    Theta = min(1 / (p - 1), math.log(d))
    out = {"fallback": dp.fallback_applies(n, d, epsilon, delta, p), "Theta": Theta, "p": p}
    k, mu = dp.prop556_params(n, d, G, Theta, epsilon, delta, "erm", params)
    T = 1
    for _ in range(200):
        d_in = delta / (2 * T)
        eta = min(1 / (1e4 * (k * G) ** 2 * math.log(1 / d_in)), 1 / (k * mu))
        T_new = max(1, math.ceil(C_T * math.log(max(k * G, 1.0) / delta) / (eta * k * mu)))
        if T_new == T:
            break
        T = T_new
    out.update(k=k, mu=mu, eta=eta, a=eta * (p - 1) / 2, T=T, beta_log=k * G)
    return out


def m_erm_lp(data: Sequence, loss: Callable, n: int, d: int, G, epsilon, delta, rng: np.random.Generator, *,
             schedule: dict | None = None, counter: QueryCounter | None = None, stats: dict | None = None):
    """M_erm of Theorem 5.5.8 (003 L4683-4719) on X = B_p(0, 1/2), p = 4/3: one run of Alg 15 on
    k f^erm + k mu eta psi_{p,a} (or the data-independent fallback).

    Preconditions (validated): ``loss(x, s)`` G-Lipschitz in l_p on X; n = len(data); d >= 2; ``schedule`` None
        (m_erm_lp_schedule) or a dict with keys k, mu, eta, a, T, fallback (a labelled override, reported).
    Steps: fallback -> dp.m_erm_fallback (L4707); else warm start x0 ~ exp(-k mu eta psi) 1_X (Lemma 5.4.13, by
        lp_gamma_y with c = k mu eta, y = 0); components f_i = k loss(., s_i) (value oracles, counted);
        alternate_sample(x0, T, pi_x = sample_pi_x(., a), gamma_y = lp_gamma_y(1 + eta k mu, a) scaled so that
        pi ∝ exp(-k f^erm - eta k mu psi) (5.13), delta).
    Postcondition: (x, info) with the schedule and the value-query count.
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
    gamma = lp_gamma_y(1 + eta * k * mu, a, R, d, stats=st)
    x0 = lp_gamma_y(eta * k * mu, a, R, d, stats=st)(np.zeros(d))(rng)          # Lemma 5.4.13 warm start
    x = alternate_sample(x0, T, lambda xx, r: llt.sample_pi_x(xx, a, r), gamma, f_oracles, delta, rng, stats=st)
    return x, {**sch, "value_queries": cnt.calls}
