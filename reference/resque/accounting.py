"""Approximate-RDP accounting of doc 000 (Section 4.1 and the privacy proofs): Prop 5, Cor 1, Lemma 3, Prop 7 (BDRS18),
the Lemma 7 chain (Alg. 3), the per-call chain of Prop 8 (Alg. 5), and the Thm 3 parameters and final conversion.

The paper fixes ONE order alpha and composes approximate-RDP triples (alpha, eps, delta) additively (Lemma 3), then converts
once (Cor 1).  Implicit universal constants (C_priv, C, C_ba) are arguments.

Spec: 000.accountant, 000.cor1, 000.lemma3, 000.prop7, 000.lemma7, 000.priv.*
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from reference.core.accounting import approx_rdp_compose, approx_rdp_to_dp, rdp_gaussian, rdp_mixture_bdrs18
from reference.core import validation as _V

__all__ = ["ApproxRDPLedger", "cor1_convert", "prop7_bound", "lemma7_chain", "prop6_tau", "prop8_per_call",
           "thm3_parameters", "thm3_conversion", "prop11_gradient_sum", "thm3_replay", "thm3_worst_case_budget", "C_PRIV_LEMMA7"]

#: C_priv needed by the Lemma 7 chain with s <= 1.2 T/n: 13 * 1.2^2 * 6000 * (1 + ln2/ln6)^2 (delta < 1/6) [derived].
C_PRIV_LEMMA7 = 13 * 1.2 ** 2 * 6000 * (1 + math.log(2) / math.log(6)) ** 2


def cor1_convert(alpha: float, eps: float, delta: float, delta_prime: float) -> tuple[float, float]:
    """Corollary 1 (000 L522-540): (alpha, eps, delta)-approximate RDP => (eps_dp, delta' + (1 + e^{eps_dp}) delta)-DP with
    eps_dp = eps + log(1/delta')/(alpha - 1).  Preconditions: alpha > 1, eps >= 0, delta in [0,1), delta' in (0,1).
    Delegates to reference.core.accounting.approx_rdp_to_dp (delta capped at 1).
    Steps: eps_dp = eps + log(1/delta')/(alpha - 1), delta_dp = delta' + (1 + e^{eps_dp}) delta.  Postcondition: Cor 1's pair.
    Randomness: none.  Spec: 000.accountant"""
    alpha = _V.in_range("alpha", alpha, 1.0, math.inf, lo_open=True)
    eps = _V.nonnegative("eps", eps)
    delta = _V.in_range("delta", delta, 0.0, 1.0, hi_open=True)
    delta_prime = _V.in_range("delta_prime", delta_prime, 0.0, 1.0, lo_open=True, hi_open=True)
    return approx_rdp_to_dp(alpha, eps, delta, delta_prime)


@dataclass
class ApproxRDPLedger:
    """Fixed-order approximate-RDP ledger (catalog A15): entries (eps_j, delta_j, label) at order alpha; compose = sums (Lemma 3).

    Preconditions: alpha > 1; each entry eps >= 0, delta in [0, 1) (validated).  Steps: add / gaussian (eps =
    alpha Delta^2/(2 sigma^2), Prop 5.2) / total (sums, Lemma 3) / to_dp (Cor 1).  Postcondition: (alpha, sum eps, sum delta)
    approximate RDP of the composition.  Randomness: none.

    Spec: 000.accountant
    """

    alpha: float
    entries: list = field(default_factory=list)

    def __post_init__(self):
        self.alpha = _V.in_range("alpha", self.alpha, 1.0, math.inf, lo_open=True)   # (1, inf), finite

    def add(self, eps: float, delta: float = 0.0, label: str = "") -> "ApproxRDPLedger":
        if not (eps >= 0 and 0 <= delta < 1):
            raise ValueError(f"need eps >= 0 and delta in [0,1), got eps={eps}, delta={delta}")
        self.entries.append((float(eps), float(delta), label))
        return self

    def gaussian(self, sensitivity: float, sigma: float, delta: float = 0.0, label: str = "gaussian") -> "ApproxRDPLedger":
        """Prop 5.2: the Gaussian mechanism is (alpha, alpha Delta^2/(2 sigma^2))-RDP; ``delta`` = TV failure (Fact 1)."""
        return self.add(rdp_gaussian(self.alpha, sigma, sensitivity), delta, label)

    def total(self) -> tuple[float, float]:
        """Lemma 3: (alpha, sum eps_j, sum delta_j) (reference.core.accounting.approx_rdp_compose; delta capped at 1)."""
        if not self.entries:
            return 0.0, 0.0
        return approx_rdp_compose([(e, d) for e, d, _ in self.entries])

    def to_dp(self, delta_prime: float) -> tuple[float, float]:
        e, d = self.total()
        return cor1_convert(self.alpha, e, d, delta_prime)


def prop7_bound(alpha: float, tau: float, s: float) -> float:
    """Prop 7 ([BDRS18, Thm 12], 000 L763-769): 13 s^2 alpha tau, valid for tau <= 1/3, s in (0, 1/40), alpha in (1, 3/tau)
    (reference.core.accounting.rdp_mixture_bdrs18, which validates the preconditions).
    Preconditions: tau <= 1/3, s in (0, 1/40), alpha in (1, 3/tau) (validated by the core function).
    Steps: 13 s^2 alpha tau.  Postcondition: Prop 7's bound.  Randomness: none.  Spec: 000.accountant"""
    alpha = _V.real("alpha", alpha, allow_inf=True)
    tau = _V.real("tau", tau, allow_inf=True)
    s = _V.real("s", s, allow_inf=True)
    return rdp_mixture_bdrs18(alpha, tau, s)


def lemma7_chain(beta: float, delta: float, T: int, n: int, alpha: float, s: float | None = None) -> dict:
    """Lemma 7 chain (000 L805-827): b = 2 log(2/delta); pairwise D_{alpha,delta/2} <= 1500 alpha beta^2 b^2 = alpha tau',
    tau' = 6000 beta^2 log^2(2/delta); Prop 7 with s (default the paper's bound 1.2 T/n) gives 13 s^2 alpha tau'.
    Returns the chain value, the paper's tau = C_priv(beta log(1/delta) T/n)^2 with C_priv = C_PRIV_LEMMA7 and the checks."""
    beta = _V.positive("beta", beta)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    T = _V.integer("T", T, lo=1)
    n = _V.positive("n", n)                 # a real-valued sample size is allowed in this chain
    alpha = _V.in_range("alpha", alpha, 1.0, math.inf, lo_open=True)
    b = 2 * math.log(2 / delta)
    tau_p = _V.finite_result("tau' = 1500 beta^2 b^2", 1500 * (beta * b) * (beta * b), beta=beta, delta=delta)
    s = 1.2 * T / n if s is None else s
    val = prop7_bound(alpha, tau_p, s)
    u = beta * math.log(1 / delta) * T / n
    tau_paper = _V.finite_result("tau = C_priv (beta log(1/delta) T/n)^2", C_PRIV_LEMMA7 * u * u, beta=beta, T=T, n=n)
    return dict(b=b, tau_prime=tau_p, s=s, rdp=val, rdp_paper=alpha * tau_paper, holds=val <= alpha * tau_paper * (1 + 1e-12))


def prop6_tau(C_priv: float, beta: float, delta: float, T: int, n: int) -> float:
    """tau = C_priv (beta log(1/delta) T/n)^2 (Prop 6 / Lemma 7, L592)."""
    C_priv = _V.positive("C_priv", C_priv)
    beta = _V.positive("beta", beta)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    T = _V.integer("T", T, lo=1)
    n = _V.integer("n", n, lo=1)
    try:
        out = C_priv * (beta * math.log(1 / delta) * T / n) ** 2
    except OverflowError:
        out = math.inf
    return _V.finite_result("tau", out, C_priv=C_priv, beta=beta, T=T, n=n)


def prop8_per_call(T: int, beta: float, delta: float, n: int, C_priv: float, alpha: float) -> dict:
    """Per-call accounting of Alg. 5 (Prop 8): k = ceil(log2 log2 T) calls of Alg. 4 with (beta_i, T_i, delta/k);
    tau_i = C_priv(beta_i log(k/delta) T_i/n)^2; also whether Cor 2's per-call preconditions hold (Audit A17)."""
    T = _V.integer("T", T, lo=4)                  # k = ceil(log2 log2 T) >= 1 needs T >= 4 (Alg. 5)
    beta = _V.positive("beta", beta)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    n = _V.integer("n", n, lo=1)
    C_priv = _V.positive("C_priv", C_priv)
    alpha = _V.positive("alpha", alpha)
    try:
        out = _prop8_per_call(T, beta, delta, n, C_priv, alpha)
    except OverflowError:
        out = None
    _V.finite_result("tau_i", math.inf if out is None else [out["tau_total"], out["tau_claim"]],
                     beta=beta, T=T, n=n, C_priv=C_priv)
    return out


def _prop8_per_call(T, beta, delta, n, C_priv, alpha):
    k = math.ceil(math.log2(math.log2(T)))
    calls = []
    for i in range(k):
        b_i, T_i = 2 ** ((k - i) / 2) * beta, 2.0 ** (i - k) * T
        lg = math.log(k / delta)
        calls.append(dict(beta=b_i, T=T_i, tau=C_priv * (b_i * lg * T_i / n) ** 2,
                          beta_cond=b_i ** 2 * lg ** 2 <= 1 / C_priv, alpha_cond=alpha < 1 / (C_priv * b_i ** 2 * lg ** 2)))
    tau_total = sum(c["tau"] for c in calls)
    tau_claim = C_priv * (beta * math.log(k / delta) * T / n) ** 2
    stated_beta_cond = beta ** 2 * math.log(k / delta) ** 2 <= 1 / C_priv
    return dict(k=k, calls=calls, tau_total=tau_total, tau_claim=tau_claim, stated_beta_cond=stated_beta_cond)


def thm3_parameters(n: float, d: float, eps: float, delta: float, L: float = 1.0, R: float = 1.0, C: float = 1.0,
                    C_ba: float = 1.0) -> dict:
    """Thm 3 parameters (30)-(34) (000 L1087-1116) and the gradient-count bound
    36 C_ba C' K log n (T_1 log n + T_2 + T_3 log n log(n/delta)) with C' = 1 (L1194)."""
    n = _V.in_range("n", n, 1.0, math.inf)          # real-valued n allowed (regime searches), finite
    d = _V.in_range("d", d, 1.0, math.inf)
    eps = _V.in_range("eps", eps, 0.0, 1.0, lo_open=True, hi_open=True)           # (0, 1) (Thm 3)
    delta = _V.in_range("delta", delta, 0.0, 1 / 6, lo_open=True, hi_open=True)   # (0, 1/6) (Thm 3)
    L = _V.positive("L", L)
    R = _V.positive("R", R)
    C = _V.positive("C", C)
    C_ba = _V.positive("C_ba", C_ba)
    try:
        out = _thm3_parameters(n, d, eps, delta, L, R, C, C_ba)
    except (OverflowError, ZeroDivisionError):
        out = None
    if out is None or not all(math.isfinite(v) for v in out.values()):
        _V.finite_result("Thm 3 parameter set", math.inf, n=n, d=d, L=L, R=R, C=C, C_ba=C_ba)
    return out


def _thm3_parameters(n, d, eps, delta, L, R, C, C_ba):
    lnd = math.log(n / delta)
    eps_opt = C * L * R * (1 / math.sqrt(n) + math.sqrt(d * math.log(1 / delta)) * lnd ** 1.5 * math.log(n) / (n * eps))
    kappa = L * R / eps_opt
    rho = eps_opt / (L * math.sqrt(d))
    r = rho / (math.sqrt(C) * lnd ** 2)
    alpha = 4 * math.log(2 / delta) / eps
    beta = eps / (C * lnd * math.sqrt(math.log(1 / delta)))
    K = (R / r) ** (2 / 3)
    lk = math.log(max(kappa, math.e))
    T1 = math.sqrt(C) * (kappa * math.sqrt(d) / (math.sqrt(K) * beta * lk ** 2) + kappa ** 2 / (K * lk ** 3 * lnd))
    T2 = math.sqrt(C) * (kappa * math.sqrt(d) / (math.sqrt(K) * beta * math.sqrt(lk)) + kappa ** 2 / (K * lk))
    T3 = math.sqrt(C) * (kappa * math.sqrt(d) / (math.sqrt(K) * beta) + kappa ** 2 / K)
    grads = 36 * C_ba * K * math.log(n) * (T1 * math.log(n) + T2 + T3 * math.log(n) * lnd)
    return dict(eps_opt=eps_opt, kappa=kappa, rho=rho, r=r, alpha=alpha, beta=beta, K=K, T1=T1, T2=T2, T3=T3, gradients=grads)


def thm3_conversion(eps: float, delta: float, delta_prime: float | None = None) -> tuple[float, float]:
    """Thm 3 final step (L1189): total approximate RDP (alpha, eps/2, delta/6) with alpha = 4 log(2/delta)/eps, converted by
    Cor 1 with delta' (default delta/3, Audit A22).  Returns (eps_dp, delta_total); the claim is eps_dp <= eps, delta_total <= delta."""
    eps = _V.in_range("eps", eps, 0.0, 1.0, lo_open=True, hi_open=True)           # (0, 1) (Thm 3)
    delta = _V.in_range("delta", delta, 0.0, 1 / 6, lo_open=True, hi_open=True)   # (0, 1/6) (Thm 3)
    alpha = 4 * math.log(2 / delta) / eps
    dp = delta / 3 if delta_prime is None else _V.in_range("delta_prime", delta_prime, 0.0, 1.0, lo_open=True, hi_open=True)
    return cor1_convert(alpha, eps / 2, delta / 6, dp)


def prop11_gradient_sum(n: float, d: float, eps: float, per_phase_eps: str = "halving") -> tuple[float, float]:
    """Prop 11 (L1219-1227): sum_{i in [ceil(log2 n)]} N(n/2^i, eps_i) with N(n, eps) = min(n, n^2eps^2/d) +
    min((nd)^{2/3}/eps, n^{4/3} eps^{1/3}) (Thm 3's main terms, polylogs dropped), eps_i = eps/2^i ('halving', as printed)
    or eps ('full').  Returns (sum, N(n, eps)).

    Preconditions: n >= 2, d > 0, eps > 0; per_phase_eps in {"halving", "full"}.  Steps: the sum above.  Postcondition:
    (sum, N(n, eps)); the halving-eps ratio sum/N is unbounded (000.audit.A24), the full-eps one is <= 1.7.
    Randomness: none.  Spec: 000.private_sco"""
    n = _V.in_range("n", n, 2.0, math.inf)
    d = _V.positive("d", d)
    eps = _V.positive("eps", eps)
    per_phase_eps = _V.choice("per_phase_eps", per_phase_eps, ("halving", "full"))

    def N(m, e):
        return min(m, m * m * e * e / d) + min((m * d) ** (2 / 3) / e, m ** (4 / 3) * e ** (1 / 3))
    tot = 0.0
    try:
        for i in range(1, math.ceil(math.log2(n)) + 1):
            e_i = eps / 2 ** i if per_phase_eps == "halving" else eps
            tot += N(n / 2 ** i, e_i)
        full = N(n, eps)
    except OverflowError:
        tot = full = math.inf
    _V.finite_result("Prop 11's gradient sum", [tot, full], n=n, d=d, eps=eps)
    return tot, full


def thm3_replay(calls, Js, n: int, eps: float, delta: float, C_priv: float, j_max: int | None = None) -> dict:
    """Privacy replay of a private_erm run (P7, 000 L1151-1191): every logged oracle call is charged the paper's approximate-RDP
    bound at the fixed order alpha = 4 log(2/delta)/eps and the triples are composed (Lemma 3), then converted (Cor 1, delta/3):
      O_bo = Alg. 5 (Prop 8):  alpha C_priv (beta log(loglog T/d_c) T/n)^2, d_c = delta/(18 N_call);
      O_ls = Alg. 7 (Prop 10): alpha C_priv log(1/zeta)(beta log(log(T/zeta)/d_c) T/n)^2 (``zeta`` in the call tuple);
      O_sp = Alg. 6 loops (Lemma 10): alpha 2^J C_priv (beta log(loglog n/d_s) T/n)^2 (no 2^J if J > j_max), d_s = delta/(18 N_loop).
    N_call = number of O_ls + O_bo calls (the paper: C_ba K log kappa of each); N_loop = number of Alg. 6 loops.
    Returns the ledger totals per kind, the total (alpha, eps_tot, delta_tot) and its (eps_dp, delta_dp) by Cor 1 with delta' = delta/3;
    the paper's target is eps_tot <= eps/2, delta_tot <= delta/6.

    Preconditions: calls as logged by private_erm (kind in {"ls", "bo", "sp"}), n >= 1, eps in (0,1), delta in (0,1/6),
    C_priv > 0.  Steps: as above.  Postcondition: the replayed ledger (an independent recomputation from the logged calls,
    not from the run's own accounting).  Randomness: none.  Spec: 000.private_erm"""
    n = _V.integer("n", n, lo=1)
    eps = _V.in_range("eps", eps, 0.0, 1.0, lo_open=True, hi_open=True)           # (0, 1) (Thm 3)
    delta = _V.in_range("delta", delta, 0.0, 1 / 6, lo_open=True, hi_open=True)   # (0, 1/6) (Thm 3)
    C_priv = _V.positive("C_priv", C_priv)
    j_max = None if j_max is None else _V.integer("j_max", j_max, lo=0)
    calls = _V.sequence("calls", calls)
    for i, c in enumerate(calls):
        if isinstance(c, (str, bytes)) or not isinstance(c, (tuple, list)) or len(c) < 4 or c[0] not in ("ls", "bo", "sp") \
                or (c[0] == "ls" and len(c) < 5):
            raise ValueError(f"calls[{i}] must be a tuple (kind in 'ls'/'bo'/'sp', lam, T, beta[, zeta for 'ls']), got {c!r}"[:300])
    Js = [_V.integer(f"Js[{i}]", J, lo=1) for i, J in enumerate(_V.sequence("Js", Js, allow_empty=True))]
    if any(c[0] == "sp" for c in calls) and not Js:   # else the Alg. 6 loops would go uncharged (a silent under-count)
        raise ValueError("Js must list the J of every Alg. 6 loop when calls contain 'sp' calls, got an empty Js")
    alpha = 4 * math.log(2 / delta) / eps
    n_call = max(1, sum(1 for c in calls if c[0] in ("ls", "bo")))
    d_c = delta / (18 * n_call)
    d_s = delta / (18 * max(1, len(Js)))
    led = ApproxRDPLedger(alpha)
    per = {"ls": 0.0, "bo": 0.0, "sp": 0.0}
    sp_calls = [c for c in calls if c[0] == "sp"]
    for c in calls:
        kind, T, beta = c[0], c[2], c[3]
        if kind == "bo":
            e = alpha * C_priv * (beta * math.log(max(math.log2(math.log2(T)), 1.0) / d_c) * T / n) ** 2
            led.add(e, d_c, "bo"); per["bo"] += e
        elif kind == "ls":
            zeta = c[4]
            e = alpha * C_priv * math.log(1 / zeta) * (beta * math.log(math.log(T / zeta) / d_c) * T / n) ** 2
            led.add(e, d_c, "ls"); per["ls"] += e
    if sp_calls:
        T, beta = sp_calls[0][2], sp_calls[0][3]
        jm = j_max if j_max is not None else int(math.floor(math.log2(math.floor(n / C_priv) / T)))
        base = C_priv * (beta * math.log(max(math.log2(math.log2(n)), 1.0) / d_s) * T / n) ** 2
        for J in Js:
            e = alpha * (2 ** J if J <= jm else 1) * base
            led.add(e, d_s, "sp"); per["sp"] += e
    e_tot, d_tot = led.total()
    eps_dp, delta_dp = led.to_dp(delta / 3)
    return dict(alpha=alpha, per_kind=per, eps_total=e_tot, delta_total=d_tot, eps_dp=eps_dp, delta_dp=delta_dp,
                target_ok=(e_tot <= eps / 2 and d_tot <= delta / 6 * (1 + 1e-12)))


def thm3_worst_case_budget(n: float, d: float, eps: float, delta: float, *, C: float = 1.0, C_ba: float = 1.0,
                           C_priv: float = C_PRIV_LEMMA7) -> dict:
    """The printed calibration of Thm 3 (000 L1087-1191) charged for the worst-case number of oracle calls and composed
    by the CORE accountants (reference.core.accounting.approx_rdp_compose, Lemma 3; approx_rdp_to_dp, Cor 1 with
    delta' = delta/3) -- not by the paper's total (alpha, eps/2, delta/6).

    Preconditions (validated): n >= 2, d >= 1 (reals: the regime search goes far beyond integers in floats); eps in (0, 1);
      delta in (0, 1/6); C, C_ba, C_priv > 0.
    Steps: parameters (30)-(34) (:func:`thm3_parameters`); I = ceil(C_ba K ln kappa) BallAccel iterations, each with at most
      m = ceil(C_ba ln(R kappa/r)) O_ls calls (Alg 7, T_1, zeta = 1/(kappa C_ba K ln kappa)), one O_bo call (Alg 5, T_2) and
      one O_sp call (Alg 6, T_3, j_max loops).  Per-call approximate RDP at alpha = 4 ln(2/delta)/eps as in
      :func:`thm3_replay` (Prop 10 / Prop 8 / Lemma 10), delta_c = delta/(18 I(m + 1)), delta_s = delta/(18 I j_max); the
      Alg 6 loops at level j <= j_max are counted at the Chernoff level min(N, ceil(2^{1-j} N + 2 ln(18 j_max/delta)))
      of N = I j_max loops (the paper's high-probability event), the rest at J > j_max.  Identical calls are composed as
      one (count x eps, count x delta) pair (Lemma 3 is additive).
    Postcondition: dict(eps_dp, delta_dp, eps_total, delta_total, calls, preconditions {name: bool}, gradients (Thm 3's
      bound, :func:`thm3_parameters`), feasible = all preconditions, private = eps_dp <= eps and delta_dp <= delta).
    Randomness: none.  Spec: 000.private_erm
    """
    from reference.core.accounting import approx_rdp_compose, approx_rdp_to_dp
    n = _V.in_range("n", n, 2.0, math.inf)
    d = _V.in_range("d", d, 1.0, math.inf)
    eps = _V.in_range("eps", eps, 0.0, 1.0, lo_open=True, hi_open=True)
    delta = _V.in_range("delta", delta, 0.0, 1 / 6, lo_open=True, hi_open=True)
    C = _V.positive("C", C)
    C_ba = _V.positive("C_ba", C_ba)
    C_priv = _V.positive("C_priv", C_priv)
    p = thm3_parameters(n, d, eps, delta, 1.0, 1.0, C, C_ba)
    kappa, K, r, beta, alpha = p["kappa"], p["K"], p["r"], p["beta"], p["alpha"]
    T1, T2, T3 = (max(4, math.ceil(p[k])) for k in ("T1", "T2", "T3"))
    lk = math.log(max(kappa, math.e))
    I = math.ceil(C_ba * K * lk)
    m = max(1, math.ceil(C_ba * math.log(kappa / r)))
    zeta = min(0.5, 1.0 / (kappa * C_ba * K * lk))
    T_max = math.floor(n / C_priv)
    j_max = int(math.floor(math.log2(T_max / T3))) if T_max >= T3 else 0
    d_c = delta / (18 * I * (m + 1))
    e_bo = alpha * C_priv * (beta * math.log(max(math.log2(math.log2(T2)), 1.0) / d_c) * T2 / n) ** 2
    e_ls = alpha * C_priv * math.log(1 / zeta) * (beta * math.log(math.log(T1 / zeta) / d_c) * T1 / n) ** 2
    pairs = [(I * m * e_ls, I * m * d_c), (I * e_bo, I * d_c)]
    if j_max >= 1:
        N = I * j_max
        d_s = delta / (18 * N)
        base = C_priv * (beta * math.log(max(math.log2(math.log2(n)), 1.0) / d_s) * T3 / n) ** 2
        used = 0
        for j in range(1, j_max + 1):
            c_j = min(N - used, math.ceil(2.0 ** (1 - j) * N + 2 * math.log(18 * j_max / delta)))
            used += c_j
            pairs.append((c_j * alpha * 2 ** j * base, c_j * d_s))
        pairs.append(((N - used) * alpha * base, (N - used) * d_s))
    pairs = [(e, min(dl, 1.0)) for e, dl in pairs]
    e_tot, d_tot = approx_rdp_compose(pairs)
    eps_dp, delta_dp = approx_rdp_to_dp(alpha, e_tot, min(d_tot, 1.0), delta / 3)
    pre = {"T3 <= floor(n/C_priv)/2 (Alg 6 input)": T3 <= T_max // 2,
           "beta^2 log^2(1/delta) <= 1/C_priv (Lemma 7)": beta ** 2 * math.log(1 / delta) ** 2 <= 1 / C_priv,
           "rho/r >= C_priv log^2(log T3/delta) (Lemma 5)": p["rho"] / r >= C_priv * math.log(math.log(T3) / delta) ** 2}
    return dict(eps_dp=eps_dp, delta_dp=delta_dp, eps_total=e_tot, delta_total=d_tot, calls=I * (m + 2), iterations=I,
                j_max=j_max, preconditions=pre, feasible=all(pre.values()), gradients=p["gradients"],
                private=(eps_dp <= eps and delta_dp <= delta))
