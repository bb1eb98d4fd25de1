"""Private regularized ERM (Cor 3) and private SCO by iterative localization (Prop 11 / Thm 4) of doc 000, Section 4.5-4.6.

Doc 000 does not write either algorithm out: Cor 3 (L1200-1213) says Thm 3's solver "extends" to a regularizer
lambda/2||x - x'||^2 and an improved distance bound, and that the rate follows "identically to the proof of Prop 8, which
calls Corollary 2 repeatedly"; Thm 4 (L1231-1239) is Prop 11 (L1219-1229, a modification of [KLL21, Thm 5.1]) applied to
Cor 3.  [KLL21, Thm 5.1] is in this corpus: thesis 003, chapter 1, Algorithm 5 (003 L789-801) and its proof (003 L850-877),
which fix the phase parameters used here.  Everything the documents leave open is a named, documented choice (STAND-IN):

* Cor 3 (:func:`private_regularized_erm`): the Alg. 5 template (L901-906) with Thm 3's solver (reference.resque.private.
  private_erm) in place of Alg. 4: k calls, call i on the ball B_{x_{i-1}}(R_{i-1}) (x_0 = x', R_0 = min(2R, 2L/lam), which
  contains argmin_{B(R)} F^lam because lam/2||xhat - x'||^2 <= f(x') - f(xhat) <= L||xhat - x'||), privacy budgets doubling
  (eps_i, delta_i) = 2^{i-1-k}(eps, delta) (the analogue of Alg. 5's beta_i^2 T_i^2 doubling; basic composition gives
  sum < (eps, delta)), and R_i = min(R_{i-1}, sqrt(2 D_i/lam)) with D_i = C_rate L_i R_{i-1} rate(n, d, eps_i, delta_i)
  (Thm 3's bound with the distance R_{i-1}, as L1211 states).  The regularizer enters through the per-sample gradients
  (f^j + lam/2||. - x'||^2 is L_i = L + lam(||x_{i-1} - x'|| + R_{i-1})-Lipschitz on the call's ball); the call's output
  is mapped back and projected onto B(R) (post-processing; every active projection is counted in ``record``).
* Thm 4 (:func:`private_sco`): 003 Alg. 5 with k = ceil(ln n) phases (log read as ln, the convention of this source;
  with log2 the last phase gets n/2^k < 1 samples), disjoint blocks S_i of N_i = floor(n/2^i) samples, eps_i = eps/2^i,
  delta_i = delta/2^i, eta_i = eta/2^{5i}, eta = (D/L) min(1/sqrt n, eps/sqrt(d log(1/delta))) with D = 2R, and the
  regularizer (1/(eta_i N_i))||w - w_{i-1}||^2 = lam_i/2||w - w_{i-1}||^2, lam_i = 2/(eta_i N_i), solved by Cor 3.

Both run Thm 3's solver; with the paper's constants that needs n ~ 1e17 (000.thm3.private_regime), so experiments pass
``scaled`` (the labelled scaled-constants mode of private_erm, with the per-call eps_opt from (30) at a scaled C).

Spec: 000.private_reg_erm, 000.private_sco
"""
from __future__ import annotations

import math

import numpy as np

from reference.core import validation as _V
from reference.core.geometry import as_vector
from reference.core.oracles import SampleAccessOracle
from reference.resque.private import private_erm

__all__ = ["thm3_rate", "cor3_schedule", "private_regularized_erm", "sco_phases", "private_sco"]

_SCALED_KEYS = {"C", "r_over_rho", "beta", "T1", "T2", "T3", "zeta", "eps_opt_cap"}


def _proj(y, c, r):
    v = y - c
    nv = math.sqrt(float(v @ v))
    return y if nv <= r else c + v * (r / nv)


def thm3_rate(n: int, d: int, eps: float, delta: float) -> float:
    """Thm 3's rate factor (L1080; (30) L1087 without C L R): 1/sqrt n + sqrt(d log(1/delta)) log^{1.5}(n/delta) log n/(n eps).

    Preconditions (validated): n >= 1, d >= 1 integers; eps > 0; delta in (0, 1).  Postcondition: the factor (ln logs).
    Randomness: none.  Spec: 000.private_reg_erm"""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    eps = _V.positive("eps", eps)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    lnd = math.log(n / delta)
    return 1 / math.sqrt(n) + math.sqrt(d * math.log(1 / delta)) * lnd ** 1.5 * math.log(n) / (n * eps)


def cor3_schedule(n: int, eps: float, delta: float, lam: float, L: float, R: float) -> dict:
    """Data-independent part of the Cor 3 stand-in schedule: k, the per-call budgets and the first radius.

    Preconditions (validated): n >= 1 integer; eps in (0, 1); delta in (0, 1/6); lam >= 0; L, R > 0.
    Steps: k = 1 if lam = 0 (Cor 3 at lam = 0 is Thm 3) else max(1, ceil(log2 log2 n)) (Alg. 5's k = ceil(log log T), L901,
      with T -> n); eps_i = 2^{i-1-k} eps, delta_i = 2^{i-1-k} delta (i = 1..k; doubling, as beta_i^2 T_i^2 in Prop 8's
      proof, L948); R_0 = min(2R, 2L/lam) (R_0 = 2R when lam = 0).
    Postcondition: dict(k, eps (list), delta (list), R0); sum eps_i = (1 - 2^-k) eps < eps, same for delta.
    Randomness: none.  Spec: 000.private_reg_erm"""
    n = _V.integer("n", n, lo=1)
    eps = _V.in_range("eps", eps, 0.0, 1.0, lo_open=True, hi_open=True)           # (0, 1), L1202
    delta = _V.in_range("delta", delta, 0.0, 1 / 6, lo_open=True, hi_open=True)   # (0, 1/6), L1202
    lam = _V.nonnegative("lam", lam)
    L = _V.positive("L", L)
    R = _V.positive("R", R)
    k = 1 if lam == 0 else max(1, math.ceil(math.log2(max(math.log2(max(n, 2)), 1.0))))
    return dict(k=k, eps=[eps * 2.0 ** (i - 1 - k) for i in range(1, k + 1)],
                delta=[delta * 2.0 ** (i - 1 - k) for i in range(1, k + 1)],
                R0=2 * R if lam == 0 else min(2 * R, 2 * L / lam))


def _scaled_call(scaled: dict, n: int, d: int, eps: float, delta: float, L: float, R: float, rec: dict) -> dict:
    """private_erm's scaled-constants overrides for one call: eps_opt = min(cap L R, C L R rate) ((30) with a scaled C),
    rho = eps_opt/(L sqrt d) (30), r = r_over_rho rho; T1, T2, T3, zeta, beta as given.  A reached cap is counted."""
    e30 = scaled["C"] * L * R * thm3_rate(n, d, eps, delta)
    cap = scaled.get("eps_opt_cap", 0.5) * L * R
    if e30 > cap:
        rec["eps_opt_capped"] = rec.get("eps_opt_capped", 0) + 1
    eps_opt = min(e30, cap)
    rho = eps_opt / (L * math.sqrt(d))
    out = dict(eps_opt=eps_opt, rho=rho, r=scaled.get("r_over_rho", 0.5) * rho)
    out.update({k: scaled[k] for k in ("beta", "T1", "T2", "T3", "zeta") if k in scaled})
    return out


def _check_scaled(scaled):
    if scaled is None:
        return None
    if not isinstance(scaled, dict) or "C" not in scaled or not set(scaled) <= _SCALED_KEYS:
        raise ValueError(f"scaled must be None or a dict with key 'C' and keys among {sorted(_SCALED_KEYS)}, got {scaled!r}")
    _V.positive("scaled['C']", scaled["C"])
    return dict(scaled)


def private_regularized_erm(oracle: SampleAccessOracle, L: float, R: float, eps: float, delta: float, lam: float, x_prime,
                            rng: np.random.Generator | None = None, *, draws: list | None = None, C: float = 1.0,
                            C_ba: float = 4.0, C_priv: float | None = None, C_sc: float = 8192.0, C_cvx: float = 16.0,
                            C_rate: float = 1.0, scaled: dict | None = None, record: dict | None = None) -> np.ndarray:
    """Private regularized ERM, Cor 3 (000 L1200-1213) -- STAND-IN (the document only sketches it; see the module docstring).

    Preconditions (validated): oracle = sample access to n >= 1 L-Lipschitz convex f^j on R^d (Problem 2); L, R > 0;
      eps in (0, 1), delta in (0, 1/6), lam >= 0 (L1202); x_prime in B(R) (L1202); C, C_ba, C_sc, C_cvx, C_rate > 0 and
      C_priv > 0 or None (Thm 3's implicit constants; C_rate = the O(.) constant of Thm 3's rate used for the radii);
      either ``rng`` or ``draws``.
    Steps: schedule (:func:`cor3_schedule`); x_0 = x', R_0 = min(2R, 2L/lam) (L1211: "an improved upper bound on the
      distance to the optimum"); for i = 1..k (the Prop 8 template, L1213 / Alg. 5 L901-906):
        c = x_{i-1}; L_i = L + lam(||c - x'|| + R_{i-1}); run Thm 3's solver (private_erm, (eps_i, delta_i)) on
        u -> f^erm(c + u) + lam/2||c + u - x'||^2 over B(R_{i-1}) (L1211: regularization and distance bound);
        x_i = Proj_{B(R)}(c + u_i) (output in B(R), L1203); D_i = C_rate L_i R_{i-1} rate(n, d, eps_i, delta_i);
        R_i = min(R_{i-1}, sqrt(2 D_i/lam)).
      Return x_k.
    Postcondition (Cor 3, L1203-1207): (eps, delta)-DP (basic composition of the k calls, sum 2^{i-1-k} < 1) and
      E[F^lam(x) - min_{B(R)} F^lam] <= O((L^2/lam)(1/n + d log(1/delta) log^3(n/delta) log^2 n/(n^2 eps^2))),
      F^lam = f^erm + lam/2||. - x'||^2; gradients: the sum of the k calls' (one shared counter).
      ``record`` receives the schedule, per call (center, radius, L_i, eps_i, delta_i, D_i, private_erm record), the number
      of active output projections and of capped eps_opt (scaled mode), and ``draws`` (one private_erm draws dict per call).
    Randomness: ``rng`` or ``draws`` = list of k private_erm draw mappings (each {"ls", "bo", "sp"}), consumed in call order;
      the rng path records what each call drew, so ``draws=record["draws"]`` replays a run bit-identically.
    Spec: 000.private_reg_erm
    """
    if not isinstance(oracle, SampleAccessOracle):
        raise TypeError(f"oracle must be a SampleAccessOracle, got {type(oracle).__name__}")
    L = _V.positive("L", L)
    R = _V.positive("R", R)
    eps = _V.in_range("eps", eps, 0.0, 1.0, lo_open=True, hi_open=True)           # (0, 1), L1202
    delta = _V.in_range("delta", delta, 0.0, 1 / 6, lo_open=True, hi_open=True)   # (0, 1/6), L1202
    lam = _V.nonnegative("lam", lam)
    C_rate = _V.positive("C_rate", C_rate)
    rng = _V.generator("rng", rng, allow_none=True)
    if draws is None and rng is None:
        raise ValueError("rng must be given when draws is None")
    n = oracle.n
    d = oracle.dim if oracle.dim is not None else None
    x_prime = as_vector("x_prime", x_prime, d)
    d = x_prime.shape[0]
    if float(np.linalg.norm(x_prime)) > R * (1 + 1e-12):
        raise ValueError(f"x_prime must lie in B(R) (R = {R}), got ||x_prime|| = {float(np.linalg.norm(x_prime))!r}")
    scaled = _check_scaled(scaled)
    s = cor3_schedule(n, eps, delta, lam, L, R)                             # k, eps_i, delta_i, R_0
    if s["R0"] < 1e-100 * R:
        raise ValueError(f"lam = {lam!r} is too large for float arithmetic: the first radius min(2R, 2L/lam) = {s['R0']!r} "
                         f"is below 1e-100 R (R = {R!r}, L = {L!r})")
    if draws is not None and (not isinstance(draws, (list, tuple)) or len(draws) != s["k"]):
        raise ValueError(f"draws must be a list of k = {s['k']} private_erm draw mappings, got "
                         f"{len(draws) if isinstance(draws, (list, tuple)) else type(draws).__name__}")
    base = oracle.per_sample_grad
    x, Rc = x_prime.copy(), s["R0"]                                         # x_0 = x', R_0 (L1211)
    rec: dict = dict(schedule=s, calls=[], proj_active=0, eps_opt_capped=0)
    used = []
    for i in range(1, s["k"] + 1):                                          # Prop 8 template: k calls (L1213, L902)
        c = x.copy()
        Li = L + lam * (float(np.linalg.norm(c - x_prime)) + Rc)           # Lipschitz constant on B_c(R_{i-1})

        def g(u, smp, c=c):                                                 # d/du [f(c + u) + lam/2||c + u - x'||^2]
            return np.asarray(base(c + u, smp), dtype=float) + lam * (c + u - x_prime)

        sub = SampleAccessOracle(g, oracle.data, dim=d, counter=oracle.counter)   # shares the gradient counter
        e_i, d_i = s["eps"][i - 1], s["delta"][i - 1]
        sc = None if scaled is None else _scaled_call(scaled, n, d, e_i, d_i, Li, Rc, rec)
        crec: dict = {}
        g0 = oracle.counter.calls
        u = private_erm(sub, Li, Rc, e_i, d_i, rng, C=C, C_ba=C_ba, C_priv=C_priv, C_sc=C_sc, C_cvx=C_cvx, scaled=sc,
                        record=crec, draws=None if draws is None else draws[i - 1])   # Thm 3 on the call's ball (L1211)
        y = c + u
        x = _proj(y, np.zeros(d), R)                                        # output in B(R) (L1203)
        if x is not y:
            rec["proj_active"] += 1
        Di = C_rate * Li * Rc * thm3_rate(n, d, e_i, d_i)                   # Thm 3's bound with distance R_{i-1}
        rec["calls"].append(dict(center=c, radius=Rc, L=Li, eps=e_i, delta=d_i, D=Di, erm=crec,
                                 gradients=oracle.counter.calls - g0))
        used.append(crec["draws"])
        if lam > 0:
            Rc = min(Rc, math.sqrt(2 * Di / lam))                           # R_i = min(R_{i-1}, sqrt(2 D_i/lam)) (L903 analogue)
    rec["draws"] = used
    if record is not None:
        record.update(rec)
    return x


def sco_phases(n: int, d: int, eps: float, delta: float, L: float, R: float, *, log: str = "ln") -> dict:
    """Phase parameters of the localization (003 Alg. 5, L793-800, proof L850-877) used for Thm 4 (000 L1219-1239).

    Preconditions (validated): n >= 1, d >= 1 integers; eps in (0, 1), delta in (0, 1/6) (L1233); L, R > 0;
      log in {"ln", "log2"} (the reading of the unqualified log of line 2, L794).
    Steps: line 2 (L794) k = ceil(log n); line 4 (L796) eps_i = eps/2^i, N_i = floor(n/2^i), eta_i = eta/2^{5i}, delta_i =
      delta/2^i (L850); eta = (D/L) min(1/sqrt n, eps/sqrt(d log(1/delta))) (L875), D = 2R (diameter of B(R));
      lam_i = 2/(eta_i N_i) (the regularizer (1/(eta_i N_i))||w - w_{i-1}||^2 of line 5, L797, is lam_i/2||.||^2);
      S_i = samples [n - floor(n/2^{i-1}), n - floor(n/2^{i-1}) + N_i) (disjoint blocks, L850).
    Postcondition: dict(k, eta, eps, delta, N, eta_i, lam, blocks); a phase with N_i = 0 is reported in ``empty``.
    Randomness: none.  Spec: 000.private_sco"""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    eps = _V.in_range("eps", eps, 0.0, 1.0, lo_open=True, hi_open=True)           # (0, 1), L1233
    delta = _V.in_range("delta", delta, 0.0, 1 / 6, lo_open=True, hi_open=True)   # (0, 1/6), L1233
    L = _V.positive("L", L)
    R = _V.positive("R", R)
    if log not in ("ln", "log2"):
        raise ValueError(f"log must be 'ln' or 'log2', got {log!r}")
    k = max(1, math.ceil(math.log(n) if log == "ln" else math.log2(n)))     # line 2 (L794)
    eta = (2 * R / L) * min(1 / math.sqrt(n), eps / math.sqrt(d * math.log(1 / delta)))   # (L875), D = 2R
    _V.finite_result("eta = (2R/L) min(1/sqrt n, eps/sqrt(d log(1/delta)))", eta, R=R, L=L)
    N = [n // 2 ** i for i in range(1, k + 1)]                               # line 4 (L796): N_i = N/2^i
    eta_i = [eta / 2 ** (5 * i) for i in range(1, k + 1)]
    start = [n - n // 2 ** (i - 1) for i in range(1, k + 1)]
    lam = [2 / (e * m) if m > 0 and e * m > 0 else math.inf for e, m in zip(eta_i, N)]
    _V.finite_result("lam_i = 2/(eta_i N_i)", [v for v, m in zip(lam, N) if m > 0] or [0.0], n=n, L=L, R=R, eps=eps)
    return dict(k=k, eta=eta, eps=[eps / 2 ** i for i in range(1, k + 1)], delta=[delta / 2 ** i for i in range(1, k + 1)],
                N=N, eta_i=eta_i, lam=lam,
                blocks=[(a, a + m) for a, m in zip(start, N)], empty=[i + 1 for i, m in enumerate(N) if m == 0])


def private_sco(oracle: SampleAccessOracle, L: float, R: float, eps: float, delta: float,
                rng: np.random.Generator | None = None, *, draws: list | None = None, x0=None, C: float = 1.0,
                C_ba: float = 4.0, C_priv: float | None = None, C_sc: float = 8192.0, C_cvx: float = 16.0,
                C_rate: float = 1.0, scaled: dict | None = None, record: dict | None = None) -> np.ndarray:
    """Private SCO, Thm 4 (000 L1231-1239) = Prop 11 (L1219-1229; [KLL21, Thm 5.1] = 003 Alg. 5, L789-801) with Cor 3.

    Preconditions (validated): oracle = sample access to n i.i.d. samples of L-Lipschitz convex f(.; s) (Problem 2), with
      every phase non-empty (n >= 10 under the ln reading, see sco_phases); L, R > 0; eps in (0, 1), delta in (0, 1/6)
      (L1233); x0 in B(R) (default 0; the initial point w_0 of 003 L793); constants as Cor 3; either ``rng`` or ``draws``.
    Steps: line 2 (L794) k = ceil(ln n); line 3 (L795) for i = 1..k: line 4 (L796) eps_i = eps/2^i, N_i = floor(n/2^i),
      eta_i = eta/2^{5i} (:func:`sco_phases`); line 5 (L797) apply the (eps_i, delta_i)-DP Cor 3 solver to the block S_i
      with lam_i = 2/(eta_i N_i) and x' = w_{i-1}; line 6 (L798) w_i = its output; line 8 (L800) return w_k.
    Postcondition (Thm 4, L1235-1239): (eps, delta)-DP (disjoint blocks: parallel composition gives max_i eps_i = eps/2;
      003 L860 uses basic composition, sum < eps) and E f^pop(x) - min_{B(R)} f^pop <= O(LR(1/sqrt n + sqrt(d log(1/delta))
      log^{1.5}(n/delta) log n/(n eps))); gradients = sum over phases (Prop 11's sum, L1225).
      ``record`` receives the phase parameters, per phase the block, lam_i and the Cor 3 record, and ``draws``.
    Randomness: ``rng`` or ``draws`` = list of k Cor 3 draw lists (one per phase), replayed bit-identically.
    Spec: 000.private_sco
    """
    if not isinstance(oracle, SampleAccessOracle):
        raise TypeError(f"oracle must be a SampleAccessOracle, got {type(oracle).__name__}")
    L = _V.positive("L", L)
    R = _V.positive("R", R)
    rng = _V.generator("rng", rng, allow_none=True)
    if draws is None and rng is None:
        raise ValueError("rng must be given when draws is None")
    d = oracle.dim
    x = np.zeros(d) if x0 is None else as_vector("x0", x0, d)
    d = x.shape[0]
    if float(np.linalg.norm(x)) > R * (1 + 1e-12):
        raise ValueError(f"x0 must lie in B(R) (R = {R}), got ||x0|| = {float(np.linalg.norm(x))!r}")
    ph = sco_phases(oracle.n, d, eps, delta, L, R)                          # line 2 (L794), line 4 (L796)
    if ph["empty"]:
        raise ValueError(f"n = {oracle.n} is too small: phases {ph['empty']} get N_i = floor(n/2^i) = 0 samples "
                         "(need n >= 10 with k = ceil(ln n))")
    if draws is not None and (not isinstance(draws, (list, tuple)) or len(draws) != ph["k"]):
        raise ValueError(f"draws must be a list of k = {ph['k']} Cor 3 draw lists, got "
                         f"{len(draws) if isinstance(draws, (list, tuple)) else type(draws).__name__}")
    phases, used = [], []
    for i in range(1, ph["k"] + 1):                                         # line 3 (L795)
        a, b = ph["blocks"][i - 1]
        block = SampleAccessOracle(oracle.per_sample_grad, oracle.data[a:b], dim=d, counter=oracle.counter)  # S_i (L850)
        crec: dict = {}
        g0 = oracle.counter.calls
        x = private_regularized_erm(block, L, R, ph["eps"][i - 1], ph["delta"][i - 1], ph["lam"][i - 1], x, rng,  # line 5 (L797)
                                    draws=None if draws is None else draws[i - 1], C=C, C_ba=C_ba, C_priv=C_priv,
                                    C_sc=C_sc, C_cvx=C_cvx, C_rate=C_rate, scaled=scaled, record=crec)   # line 6 (L798)
        phases.append(dict(block=(a, b), lam=ph["lam"][i - 1], eps=ph["eps"][i - 1], delta=ph["delta"][i - 1], cor3=crec,
                           gradients=oracle.counter.calls - g0))
        used.append(crec["draws"])
    if record is not None:
        record.update(phases_params=ph, phases=phases, draws=used)
    return x                                                                # line 8 (L800)
