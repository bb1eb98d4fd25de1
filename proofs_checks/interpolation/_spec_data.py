"""Source of ``specs/001.toml`` (generated: ``python -m proofs_checks.interpolation._spec_data``).

Every algorithm (catalog §2), statement (§3), privacy claim (§4), audit note (§6) and experiment (§5) of
document 001 is one entry.  Verdicts are what OUR checks compute (never the catalog's); an entry not yet
checked is SKIPPED with the check that would settle it.  Not auto-imported (leading underscore).
"""
from __future__ import annotations

from pathlib import Path

SEED = "001_46ca18eaa2e91b07.txt"
R = "reference.interpolation."
T = "tests/interpolation/"


def src(*ranges: str) -> list[str]:
    return [f"{SEED}:{r}" for r in ranges]


ENTRIES: list[dict] = []


def E(table, id, source, title, statement, kind, check_class, verdict="SKIPPED", implemented_by=(), checked_by=(),
      skip_reason="", erratum="", corrected="", notes="", catalog=""):
    d = dict(table=table, id=id, source=src(*source) if isinstance(source, (list, tuple)) else src(source), title=title,
             statement=statement, kind=kind, check_class=check_class, implemented_by=list(implemented_by),
             checked_by=list(checked_by), verdict=verdict)
    for k, v in (("erratum", erratum), ("corrected", corrected), ("skip_reason", skip_reason), ("notes", notes),
                 ("catalog", catalog)):
        if v:
            d[k] = v
    ENTRIES.append(d)


PLANNED: dict[str, dict] = {}


def A(id, *a, verdict="SKIPPED", checked_by=(), **k):
    """Algorithms: the planned verdict/checks are activated by RESULTS[id] = "planned" once the checks exist."""
    PLANNED[id] = dict(verdict=verdict, checked_by=list(checked_by))
    E("algorithm", id, *a, skip_reason="not yet checked: " + ", ".join(checked_by), **k)


def S(*a, **k):
    E("statement", *a, **k)


# =====================================================================================================
# ALGORITHMS (catalog §2): 6 numbered + 5 primitives + 4 lower-bound constructions = 15
# =====================================================================================================
A("001.P1", ["118-122", "142-146"], "P1 Lipschitzian extension oracle (Def. 2.5, Lemma 2.1(4))",
  "F_L(x) = inf_y {F(y) + L||x-y||_2}: if ||grad F(x)|| <= L return (F(x), y=x, grad F(x)); else y = prox_{tF}(x) with "
  "t>0 the root of ||x-prox_{tF}(x)||/t = L (bisection; phi(t) non-increasing), F_L = F(y)+L||x-y||, grad F_L = "
  "L(x-y)/||x-y||. Closed forms: (H/2)||x-s||^2 -> L r - L^2/(2H) for Hr > L; 0.5(a'x-b)^2 -> Huber_{L/||a||}(a'x-b).",
  "primitive", "statistical", verdict="STATISTICAL",
  implemented_by=[R + "lipschitz_extension.lipschitz_extension", R + "lipschitz_extension.ext_quadratic",
                  R + "lipschitz_extension.ext_least_squares", R + "lipschitz_extension.huber"],
  checked_by=["001.P1.closed_forms", T + "test_lipschitz_extension.py::test_bisection_matches_closed_form_quadratic",
              T + "test_lipschitz_extension.py::test_bisection_matches_huber"], catalog="P1")
A("001.P2", "435-437", "P2 certified strongly convex constrained ERM solver (Alg. 4 line 4)",
  "minimise Phi(x) = (1/n0) sum_j F_L(x;s_j) + (1/(eta_i n0))||x-c||^2 over K = X cap B(c,R); projected gradient "
  "with step 1/H', stop when 2||G(x)||/mu <= tau (gradient mapping G), which certifies ||x - argmin_K Phi|| <= tau "
  "(Nesterov Thm 2.2.7: <G, x-x*> >= (mu/2)||x-x*||^2). Returns (x, certified radius).", "primitive", "statistical",
  verdict="STATISTICAL", implemented_by=[R + "localization.certified_argmin", "reference.core.problems.solve_strongly_convex",
                                         R + "geometry.proj_balls", "reference.core.geometry.proj_two_balls"],
  checked_by=[T + "test_erm.py::test_certified_radius_holds"], catalog="P2",
  notes="the paper leaves the solver as 'the optimization algorithm'; privacy needs the exact minimiser, so the "
        "certified radius tau is added to the sensitivity (Delta = L eta_i + 2 tau).")
A("001.P3", "438-441", "P3 noise samplers Lap_d(sigma), N(0, sigma^2 I_d)",
  "Lap_d(sigma): d iid Laplace(0, sigma) coordinates (our reading; the paper does not define Lap_d); "
  "Gaussian N(0, sigma^2 I_d).", "primitive", "statistical", verdict="STATISTICAL",
  implemented_by=[R + "localization.draw_noise"], checked_by=[T + "test_privacy.py::test_noise_laws"], catalog="P3")
A("001.P4", ["225-225", "436-436", "456-456"], "P4 partition into contiguous chunks and ball domains",
  "S_k = (s_{(k-1)m+1},...,s_{km}), m = floor(n/T), remainder dropped; domains are lists of (centre, radius) balls.",
  "primitive", "instance", verdict="PROVED", implemented_by=[R + "localization.partition"],
  checked_by=[T + "test_algorithms.py::test_partition_disjoint_contiguous"], catalog="P4")
A("001.P5", ["229-231", "620-626"], "P5 deterministic (D_i, L_i) schedule of Alg. 2 / Alg. 6",
  "D_{i+1} = c_kappa((L_i/lambda) r_m)^{1/(kappa-1)}, L_{i+1} = H D_{i+1}, r_m = max{sqrt(log(T/beta)) log^{3/2} m/sqrt m, "
  "A_delta log(T/beta) log m/(m eps)}; kappa=2: D_{i+1} = q D_i with q = 256 H r_m/lambda.", "primitive", "symbolic",
  verdict="PROVED", implemented_by=[R + "schedule.alg2_schedule", R + "schedule.alg6_schedule"],
  checked_by=["001.P5.schedule_closed_form"], catalog="P5")
A("001.alg4", "430-445", "Algorithm 4 (Localization based algorithm, from [7])",
  "k = ceil(log n), n0 = floor(n/k); for i=1..k: eta_i = 2^{-4i} eta, X_i = {x in X: ||x-x_{i-1}|| <= 2 L eta_i n0}, "
  "x_hat_i = argmin_{X_i} (1/n0) sum F(x;s_j) + ||x-x_{i-1}||^2/(eta_i n0), x_i = x_hat_i + zeta_i with zeta_i ~ Lap_d(4 L "
  "eta_i sqrt(d)/eps) (delta=0) or N(0, (4 L eta_i sqrt(log(1/delta))/eps)^2 I_d); returns x_k (not projected).",
  "algorithm", "statistical", verdict="STATISTICAL", implemented_by=[R + "localization.alg4_localization"],
  checked_by=[T + "test_algorithms.py::test_alg4_oracle_mode_bit_identical",
              T + "test_algorithms.py::test_alg4_operation_counts", "001.priv.alg4.sensitivity"], catalog="Alg 4")
A("001.alg5", "446-462", "Algorithm 5 (Epoch-based algorithm for kappa-growth, from [7])",
  "n0 = floor(n/T), D_0 = diam X, eta_0 = (D_0/(2L)) min(1/sqrt(n0 log n0 log(1/beta)), eps/(d log(1/beta))) "
  "[delta>0: eps/(sqrt(d log(1/delta)) log(1/beta))]; for i = 0..T-1: S_i = s_{i n0+1..(i+1) n0}, D_i = 2^{-i} D_0, "
  "eta_i = 2^{-i} eta_0, X_i = X cap B(x_i, D_i), x_{i+1} = Alg4(S_i, X_i, eta_i, x_i).", "algorithm", "statistical",
  verdict="STATISTICAL", implemented_by=[R + "localization.alg5_epochs"],
  checked_by=[T + "test_algorithms.py::test_alg5_operation_counts", T + "test_algorithms.py::test_alg5_trace_and_oracle_mode"],
  catalog="Alg 5")
A("001.alg1", "189-196", "Algorithm 1 (Lipschitzian-Extension Algorithm)",
  "Replace every F(.;s_i) by F_L(.;s_i) (P1) and run the inner mechanism M^L (here Alg. 5) on them.", "algorithm",
  "statistical", verdict="STATISTICAL", implemented_by=[R + "algorithms.alg1_lipschitz_extension"],
  checked_by=["001.priv.alg1.extension_vs_raw", T + "test_algorithms.py::test_alg1_equals_alg5_on_lipschitz_data"],
  catalog="Alg 1")
A("001.alg2", "222-233", "Algorithm 2 (Domain and Lipschitz Localization)",
  "L_1 = L, D_1 = Diam X, X_1 = X; T chunks of m; for i=1..T: x_i = Alg1(S_i; X_i, L_i, beta/T, x_{i-1}) with inner "
  "Alg 5 (T_5 = ceil(2 log m)); D_{i+1} = 256 (L_i/lambda) max{sqrt(log(T/beta)) log^{3/2} m/sqrt m, min(d, sqrt(d "
  "log(1/delta))) log(T/beta) log m/(m eps)}; X_{i+1} = B(x_i, D_{i+1}/2); L_{i+1} = H D_{i+1}; return x_T.",
  "algorithm", "statistical", verdict="STATISTICAL", implemented_by=[R + "algorithms.alg2_localization"],
  checked_by=[T + "test_algorithms.py::test_alg2_operation_counts", T + "test_algorithms.py::test_alg2_oracle_mode"],
  catalog="Alg 2", notes="constants='paper' (default: 256, m from Thm 2) or constants='scaled' (labelled, for "
                         "experiments); optional final projection onto X_T (AUD-17 fix, post-processing).")
A("001.alg3", "294-302", "Algorithm 3 (adapts to interpolation)",
  "x_1 = Alg1(S_1 = first n/2; X, L, beta/2, x_0); D_int = (128 L/lambda)(sqrt(log(2/beta)) log^{3/2} n/sqrt n + "
  "min{d, sqrt(d log(1/delta))} log(2/beta) log n/(n eps)); x_adapt = Alg2(S_2; B(x_1, D_int/2), L, beta/2, x_1).",
  "algorithm", "statistical", verdict="STATISTICAL", implemented_by=[R + "algorithms.alg3_adaptive"],
  checked_by=[T + "test_algorithms.py::test_alg3_runs_and_splits"], catalog="Alg 3")
A("001.alg6", "614-628", "Algorithm 6 (Epoch based algorithm for general kappa)",
  "for i=1..T: x_hat_i = Alg5 on X_i with L_i on the i-th chunk (as printed: raw losses; variant='corrected' wraps "
  "with Alg 1); D_{i+1} = c_kappa((L_i/lambda) max{...})^{1/(kappa-1)}; X_{i+1} = B(x_hat_i, D_{i+1}/2); L_{i+1} = H D_{i+1}.",
  "algorithm", "statistical", verdict="STATISTICAL", implemented_by=[R + "algorithms.alg6_general_kappa"],
  checked_by=["001.priv.alg6.printed_not_dp", T + "test_algorithms.py::test_alg6_runs_both_variants"], catalog="Alg 6")
A("001.LB1", "504-525", "LB1 Theorem 1(a) hard instance",
  "F(x;s) = (H/2)||x-s||^2 1{s != 0}; S_v = {0}^{n-k} u {v}^k, f_v = (kH/(2n))||x-v||^2; V a gamma-packing of a "
  "diameter-D ball with |V| >= (D/2gamma)^d; k = d/eps, gamma = D/(2e); c = kH gamma^2/(8n).", "primitive", "symbolic",
  verdict="PROVED", implemented_by=[R + "lower_bounds.thm1_pure_instance"], checked_by=["001.thm1a.algebra"], catalog="LB1")
A("001.LB2", "527-546", "LB2 Theorem 1(b) two-point instance (d = 1)",
  "F(x;s) = (H/2)(x-s)^2 1{s != 0}; two datasets with |v-v'| = D; c = kHD^2/(8n), k = 1/eps.", "primitive", "symbolic",
  verdict="PROVED", implemented_by=[R + "lower_bounds.thm1_approx_instance"], checked_by=["001.thm1b.algebra"],
  catalog="LB2")
A("001.LB3", "732-732", "LB3 Theorem 4 instance",
  "as LB1 with k = lambda n/H (f_v = (lambda/2)||x-v||^2) and gamma = (D/2) exp(-lambda n eps/(H d)).", "primitive",
  "symbolic", verdict="PROVED", implemented_by=[R + "lower_bounds.thm4_instance"], checked_by=["001.thm4.algebra"],
  catalog="LB3")
A("001.LB4", "913-923", "LB4 Proposition 5 modulus construction (1-D quadratic family)",
  "family F(x;(a,c)) = (a/2)(x-c)^2, a in [0,H], c in [-D,D]; omega(S,r) computed exactly by choosing which r points "
  "to replace (by (H, +-D)).", "primitive", "numeric", verdict="NUMERIC",
  implemented_by=[R + "lower_bounds.modulus_quadratic_family"], checked_by=["001.prop5.modulus_bounds"], catalog="LB4")

# =====================================================================================================
# STATEMENTS (catalog §3: ST-01 .. ST-38)
# =====================================================================================================
S("001.def2_2_1", "81-85", "Definition 2.2.1 (L-Lipschitz <=> ||grad|| <= L)",
  "For differentiable h on an open convex set, |h(x)-h(y)| <= L||x-y|| for all x,y iff sup ||grad h|| <= L.",
  "definition", "statistical", catalog="ST-01",
  skip_reason="not yet checked: estimator lipschitz_const_estimate vs max ||grad|| on sampled points")
S("001.lemma2_1", ["126-146", "410-426"], "Lemma 2.1 (properties of the Lipschitzian extension)",
  "For convex f: (1) f_L is L-Lipschitz; (2) f_L convex; (3) f L-Lipschitz => f_L = f; (4) grad f_L(x) = grad f(x) if "
  "||grad f(x)|| <= L, else L(x-y(x))/||x-y(x)||.", "lemma", "statistical", catalog="ST-02",
  skip_reason="not yet checked")
S("001.prop1", "200-214", "Proposition 1 (Alg. 1 privacy and utility)",
  "(1) Alg 1 is (eps,delta)-DP for every dataset (intended reading, AUD-6); (2) if every F(.;s) is L-Lipschitz, "
  "Alg 1 has the same output law as M^L.", "proposition", "statistical", catalog="ST-03",
  skip_reason="not yet checked")
S("001.thm1a", ["162-166", "504-525"], "Theorem 1(a) (pure-DP lower bound under interpolation)",
  "If X contains a d-dim l2 ball of diameter D: minimax(X, S, eps, 0) >= H D^2 d/(96 e^2 n eps).", "theorem",
  "symbolic", catalog="ST-04", skip_reason="not yet checked")
S("001.thm1b", ["168-170", "527-546"], "Theorem 1(b) (approximate-DP lower bound, d = 1)",
  "If 0 < delta < eps/6 and d = 1: minimax(X, S, eps, delta) >= H D^2/(16(e+1) n eps).", "theorem", "symbolic",
  catalog="ST-05", skip_reason="not yet checked")
S("001.rate.noninterp", "172-172", "Optimal non-interpolation pure-DP rate (cited)",
  "O(1/sqrt(n) + d/(n eps)) is the optimal rate without interpolation (external result, BST14/FKT20).", "remark",
  "instance", catalog="ST-06",
  skip_reason="external result (BST14, FKT20) not proved in this document; used only as a reference curve")
S("001.thm2", ["237-241", "572-610"], "Theorem 2, delta = 0, eq. (3)",
  "F L-Lipschitz, H-smooth, f lambda-QG, interpolation, beta = n^{-mu}, m = 256 log^2 n (H log(1/beta)/lambda) max{256H/"
  "lambda, d/(eps sqrt(log n))}, T = n/m: Alg 2 is eps-DP and E[f(x_T) - f(x*)] <= LD(n^{-mu} + exp(-Theta~(n lambda^2/"
  "H^2)) + exp(-Theta~(lambda n eps/(H d)))).", "theorem", "instance", catalog="ST-07",
  skip_reason="not yet checked")
S("001.thm2_delta", ["243-245"], "Theorem 2, delta > 0, eq. (4)",
  "as eq. (3) with m using sqrt(d) log(1/delta) and last term exp(-Theta~(lambda n eps/(H sqrt(d log(1/delta))))); "
  "the middle term is printed exp(+Theta~(n lambda^2/H^2)).", "theorem", "instance", catalog="ST-08",
  skip_reason="not yet checked")
S("001.lemmaC1", "552-570", "Lemma C.1 (X* stays in the shrinking domains; gradient bound L_i)",
  "W.p. >= 1-beta, X* in X_i for all i in [T] and ||grad F(y;s)|| <= L_i for y in X_i; via c_kappa = 2(C_kappa kappa)^{1/kappa}.",
  "lemma", "symbolic", catalog="ST-09", skip_reason="not yet checked")
S("001.thm2_proof", "578-610", "Theorem 2 proof algebra (L_T, eq. (6), condition (595))",
  "L_T = (c_2 H M/lambda)^{T-1} L_1; f - f* <= C_2 L_T^2 M^2/lambda = (c_2^2 H^2 M^2/lambda^2)^T L_1^2 lambda/(8H^2) "
  "(C_2/c_2^2 = 1/8); condition (595) with m = k log^2 n, k = 256 (H log(1/beta)/lambda) max{256H/lambda, "
  "d/(eps sqrt(log n))} gives eq. (6) f - f* <= (L_1^2 lambda/(8H^2)) exp(-n/(k log^2 n)).", "claim", "symbolic",
  catalog="ST-10", skip_reason="not yet checked")
S("001.cor4_1", "251-262", "Corollary 4.1 (sample complexity)",
  "delta = 0: n = O~(alpha^{-rho} + (d/(rho eps)) log(1/alpha)); delta > 0: n = O~(alpha^{-rho} + (sqrt(d log(1/delta))"
  "/(rho eps)) log(1/alpha)).", "corollary", "numeric", catalog="ST-11", skip_reason="not yet checked")
S("001.rate.qg_baseline", "264-266", "QG sample complexity without interpolation (cited from [7])",
  "Theta(1/alpha + d/(eps sqrt(alpha))).", "remark", "instance", catalog="ST-12",
  skip_reason="external result of [7] (ALD21), not proved here; used only as a baseline curve")
S("001.remark1", "270-272", "Remark 1 (beta = alpha gives (d/eps) log^2(1/alpha))",
  "Tuning beta = alpha the sample complexity is (d/eps) log^2(1/alpha).", "remark", "numeric", catalog="ST-13",
  skip_reason="not yet checked")
S("001.remark2", "276-286", "Remark 2 (kappa-growth rates)",
  "interpolation: O((1/sqrt n + d/(n eps))^{kappa/(kappa-2)}) vs non-interpolation O((.)^{kappa/(kappa-1)}); kappa = 3: "
  "(d/(n eps))^{3/2} -> (d/(n eps))^3.", "remark", "symbolic", catalog="ST-14", skip_reason="not yet checked")
S("001.thm3", ["306-341"], "Theorem 3 (Alg. 3, pure DP)",
  "(1) Alg 3 is eps-DP; (2) no interpolation: E[f(x_adapt)-f*] <= LD O~(1/sqrt n + d/(n eps))^2; (3) interpolation: "
  "bound (3). Proof: f(x_1) - f* <= (2^12 L/lambda)(rate) (L329), QG gives ||x*-x_1|| <= D_int/2.", "theorem", "symbolic",
  catalog="ST-15", skip_reason="not yet checked")
S("001.eq5", "345-349", "Eq. (5) summary upper bound",
  "upper bound 1/n^c + exp(-Theta~(n eps/d)) for arbitrarily large c.", "remark", "instance", catalog="ST-16",
  skip_reason="summary restatement of Thm 2 with hidden constants (Theta~); nothing finite to check beyond ST-07/10")
S("001.thm4", ["353-357", "732-732"], "Theorem 4 (exponential lower bound with QG)",
  "If X contains a d-dim l2 ball of diameter D: minimax(X, S^lambda, eps, 0) >= (lambda D^2/96) exp(-2 lambda n eps/(H d)).",
  "theorem", "symbolic", catalog="ST-17", skip_reason="not yet checked")
S("001.thm5", ["361-369", "757-782"], "Theorem 5 (superefficiency)",
  "d=1, X=[-D,D], L=2HD: if an eps-DP M has E f_S(M(S)) - inf f_S <= c D^2 exp(-Theta((n eps)^t)) on an interpolating "
  "S, then for large n some S' has E f_S'(M(S')) - inf f_S' = Omega(D^2/(n eps)^{2(1-t)}).", "theorem", "symbolic",
  catalog="ST-18", skip_reason="not yet checked")
S("001.prop2", "468-476", "Proposition 2 (Alg. 4, pure DP, from [7])",
  "beta <= 1/(n+d), diam X <= D, F convex L-Lipschitz, eta = (D/L) min(1/sqrt(n log(1/beta)), eps/(d log(1/beta))): "
  "Alg 4 is eps-DP and w.p. 1-beta f(x) - f(x*) <= 128 L D(sqrt(log(1/beta)) log^{3/2} n/sqrt n + d log(1/beta) log n/(n eps)).",
  "proposition", "statistical", catalog="ST-19", skip_reason="not yet checked")
S("001.prop3", "477-485", "Proposition 3 (Alg. 4, approximate DP)",
  "as Prop 2 with eta using sqrt(d log(1/delta)) and bound 128LD(... + sqrt(d log(1/delta)) log(1/beta) log n/(n eps)); "
  "Alg 4 is (eps,delta)-DP.", "proposition", "statistical", catalog="ST-20", skip_reason="not yet checked")
S("001.thm6", "489-493", "Theorem 6 (Alg. 5, pure DP, from [7])",
  "beta <= 1/(n+d), kappa-growth kappa >= kbar > 1, T = ceil(2 log n/(kbar-1)): Alg 5 eps-DP and w.p. 1-beta "
  "f(x_T) - min f <= (4032/lambda^{1/(kappa-1)})(L sqrt(log(1/beta)) log^{3/2} n/sqrt n + L d log(1/beta) log n/(n eps (kbar-1)))"
  "^{kappa/(kappa-1)}.", "theorem", "statistical", catalog="ST-21", skip_reason="not yet checked")
S("001.thm7", "494-498", "Theorem 7 (Alg. 5, approximate DP)",
  "as Thm 6 with d -> sqrt(d log(1/delta)); (eps,delta)-DP.", "theorem", "statistical", catalog="ST-22",
  skip_reason="not yet checked")
S("001.remark_ckappa", "630-630", "Remark on c_kappa",
  "C_kappa <= 2^12 (~4000) and c_kappa <= 2(2^12 kappa)^{1/kappa} <= 4 * 2^{12/kappa}.", "remark", "symbolic",
  catalog="ST-23", skip_reason="not yet checked")
S("001.thm8", ["632-674"], "Theorem 8 (Alg. 6, kappa-growth, interpolation)",
  "Alg 6 is (eps,delta)-DP; with T = log n, m = n/log n: w.p. 1-beta f(x_T) - f* <= O~(1/sqrt n + d/(n eps))^{kappa/(kappa-2)}; "
  "proof: L_T closed form (L655), lambda exponent -2/(kappa-2), M exponent kappa/(kappa-2), inversion (L674).",
  "theorem", "symbolic", catalog="ST-24", skip_reason="not yet checked")
S("001.corC1", "676-686", "Corollary C.1 (in expectation)",
  "E[f(x_T) - f*] <= O~(1/sqrt n + d/(n eps))^{kappa/(kappa-2)} for both delta = 0 and delta > 0 (δ>0 line copies δ=0).",
  "corollary", "instance", catalog="ST-25",
  skip_reason="asymptotic O~ claim with unspecified constants and an undefined parameter mu; only its printed form is "
              "audited (AUD-29)")
S("001.thm9", "690-726", "Theorem 9 ((eps,delta) version of Thm 3)",
  "(1) 'Alg 3 is eps-DP' [should be (eps,delta)]; (2) no interpolation LD O~(1/sqrt n + sqrt(d log(1/delta))/(n eps))^2; "
  "(3) interpolation: eq. (4).", "theorem", "symbolic", catalog="ST-26", skip_reason="not yet checked")
S("001.prop4", "738-750", "Proposition 4 (superefficiency, copy of AD20 Prop 2.2)",
  "eps-DP M with E|M(S) - x_S*| <= gamma omega(S;1/eps)/2, gamma <= 1/(2e) => exists S', d_ham <= log(1/2gamma)/(2eps), "
  "E|M(S') - x_S'*| >= (1/4) l((1/4) omega(S'; log(1/2gamma)/(2eps))).", "proposition", "numeric", catalog="ST-27",
  implemented_by=[R + "superefficiency.prop4_instance", R + "superefficiency.modulus", R + "superefficiency.sensitivity_len",
                  R + "superefficiency.mechanism_pmf", R + "superefficiency.expected_error",
                  R + "superefficiency.sample_mechanism", R + "superefficiency.neighbourhood"],
  skip_reason="not yet checked")
S("001.prop5", ["751-755", "913-923"], "Proposition 5 (modulus of continuity bounds)",
  "interpolating S, L = 2HD, inf F = 0: D/(n eps) <= omega(S, 1/eps) <= 8HD/(lambda n eps).", "proposition", "numeric",
  catalog="ST-28", skip_reason="not yet checked")
S("001.lemmaD1", "792-800", "Lemma D.1 (removing 1/eps points keeps the minimiser set)",
  "inf F = 0, f_S interpolating with lambda-QG, S_eps a constant number 1/eps of points: argmin f_S^{-eps} = X*.",
  "lemma", "symbolic", catalog="ST-29", skip_reason="not yet checked")
S("001.lemmaD2", "804-826", "Lemma D.2 (growth survives removal)",
  "f_S^{-eps} has gamma-QG (gamma-SC) for every gamma <= lambda - H/(n eps).", "lemma", "symbolic", catalog="ST-30",
  skip_reason="not yet checked")
S("001.lemmaD3", "830-832", "Lemma D.3 (sum of strongly convex functions)",
  "lambda-SC + gamma-SC is (lambda+gamma)-SC.", "lemma", "symbolic", catalog="ST-31", skip_reason="not yet checked")
S("001.lemmaD4", "836-862", "Lemma D.4 (gradient growth in 1-D)",
  "convex g >= 0, g = 0 on X*: lambda-QG => |g'(x)| >= (lambda/2) dist(x,X*); lambda-SC => |g'| >= lambda dist; "
  "H-smooth => |g'| <= H dist.", "lemma", "statistical", catalog="ST-32", skip_reason="not yet checked")
S("001.lemmaD5", "866-891", "Lemma D.5 (movement of minimisers)",
  "h lambda_h-QG, g H_g-smooth => x* - x_h* <= H_g(x_g*-x_h*)/(lambda_h/2 + H_g); h H_h-smooth, g lambda_g-QG => "
  "x* - x_h* >= (lambda_g/2)(x_g*-x_h*)/(lambda_g/2 + H_h); SC variants with lambda for lambda/2.", "lemma", "statistical",
  catalog="ST-33", skip_reason="not yet checked")
S("001.lemmaD6", "895-911", "Lemma D.6 (stability of interpolating SC ERM)",
  "f_S lambda-SC, F >= 0 L-Lipschitz, inf F = 0, |S triangle S'| = k: ||x_S - x_S'|| <= 4kL/(lambda n).", "lemma",
  "statistical", catalog="ST-34", skip_reason="not yet checked")
S("001.fact.grad_bound", ["180-180", "568-568"], "Gradient bound under interpolation + smoothness",
  "||grad F(x;s)|| <= H||x - x*|| (grad F(x*;s) = 0).", "fact", "symbolic", catalog="ST-35",
  skip_reason="not yet checked")
S("001.fact.group_privacy", ["516-516", "539-542"], "Group privacy for (eps,delta)-DP",
  "S, S' differing in k points: P(M(S) in O) >= e^{-k eps} P(M(S') in O) - k e^{-eps} delta, i.e. (k eps, k e^{(k-1)eps} delta).",
  "fact", "numeric", catalog="ST-36", skip_reason="not yet checked")
S("001.fact.packing", "523-523", "Packing bound [30]",
  "a gamma-packing V of the l2 ball of radius D/2 with |V| >= (D/(2gamma))^d exists.", "fact", "numeric",
  catalog="ST-37", skip_reason="not yet checked")
S("001.fact.separation", ["510-510", "533-533"], "Separation identities",
  "inf_x [f_v(x) + f_v'(x)]/2 = kH||v-v'||^2/(8n) (midpoint); d = 1: kHD^2/(8n).", "fact", "symbolic",
  catalog="ST-38", skip_reason="not yet checked")

# =====================================================================================================
# PRIVACY CLAIMS (catalog §4: PC-1 .. PC-7)
# =====================================================================================================
S("001.priv.PC1", ["435-443", "474-474", "483-483"], "PC-1 one phase of Alg. 4 (output perturbation)",
  "phase query x_hat_i has l2 sensitivity <= L eta_i (mu = 2/(eta_i n0)-SC objective, L-Lipschitz losses; + 2tau for a "
  "certified inexact solver); iid Laplace sigma_i = 4 L eta_i sqrt(d)/eps is eps-DP; Gaussian sigma_i = 4 L eta_i "
  "sqrt(log(1/delta))/eps is (eps,delta)-DP.", "privacy", "numeric", catalog="PC-1", skip_reason="not yet checked")
S("001.priv.PC2", ["433-444", "455-461"], "PC-2 Alg. 4 and Alg. 5 (adaptive parallel composition)",
  "phases/epochs use disjoint chunks: the whole transcript is (eps,delta)-DP with the same (eps,delta), provided every "
  "loss is L-Lipschitz on each phase's set.", "privacy", "numeric", catalog="PC-2", skip_reason="not yet checked")
S("001.priv.PC3", "200-214", "PC-3 Alg. 1 is DP for every dataset",
  "feeding F_L makes PC-2's precondition hold for every dataset.", "privacy", "statistical", catalog="PC-3",
  skip_reason="not yet checked")
S("001.priv.PC4", "574-574", "PC-4 Alg. 2 privacy (Thm 2)",
  "T epochs of Alg 1 on disjoint chunks with a data-independent schedule: (eps,delta)-DP for every dataset.",
  "privacy", "numeric", catalog="PC-4", skip_reason="not yet checked")
S("001.priv.PC5", ["325-325", "710-710"], "PC-5 Alg. 3 privacy (Thm 3.1 / 9.1)",
  "S1, S2 disjoint; x_1 used only by post-processing: (eps,delta)-DP overall.", "privacy", "numeric",
  catalog="PC-5", skip_reason="not yet checked")
S("001.priv.PC6", "644-644", "PC-6 Alg. 6 privacy (Thm 8: 'follows from the proof of Theorem 2')",
  "Alg 6 as printed calls Alg 5 on raw losses with L_i = H D_i: claimed (eps,delta)-DP.", "privacy", "statistical",
  catalog="PC-6", skip_reason="not yet checked")
S("001.priv.PC7", ["516-519", "539-542"], "PC-7 lower-bound privacy tools",
  "group privacy eps -> k eps; (eps,delta) -> (k eps, k e^{(k-1)eps} delta); disjoint events {f_v'(M) <= c}.",
  "privacy", "numeric", catalog="PC-7", skip_reason="not yet checked")

# =====================================================================================================
# AUDIT NOTES (catalog §6: AUD-1 .. AUD-50)
# =====================================================================================================
_AUD = [
    (1, ["42-42", "108-112"], "QG constant: intro lambda||x-x*||^2 vs Def 2.4 (lambda/2) dist^2", "symbolic"),
    (2, "172-172", "'rate if eps = 0' should read eps -> infinity", "symbolic"),
    (3, ["164-166", "523-525"], "Thm 1(a) needs k = d/eps integer and k <= n", "symbolic"),
    (4, ["510-525"], "Thm 1(a) proof: v in V, off-by-one |V|-1, strict separation", "symbolic"),
    (5, ["168-170", "546-546"], "Thm 1(b) needs 1/eps integer <= n; delta < eps/6 => delta <= eps e^{eps-1}/2", "symbolic"),
    (6, "202-206", "Prop 1: circular definition of the set F", "symbolic"),
    (7, "216-216", "unsupported complexity claims on clipped DP-SGD and 'almost linear time'", "instance"),
    (8, ["229-229", "243-243", "623-623", "640-640"], "delta>0 dimension factor sqrt(d log(1/delta)) vs sqrt(d) log(1/delta)", "numeric"),
    (9, "245-245", "eq. (4) middle term missing a minus sign", "symbolic"),
    (10, "247-247", "'n/log n epochs with log n samples each' vs m = Theta(log^3 n)", "numeric"),
    (11, ["237-245", "595-601"], "Thm 2 constants make the algorithm vacuous at realistic n", "numeric"),
    (12, ["589-595"], "squaring the max: log^3 m, log^2 m printed as log^{3/2} m, log m", "symbolic"),
    (13, ["297-299"], "Alg 3 step 2 uses X_i, L_i, x_{i-1}; D_int uses n", "symbolic"),
    (14, ["299-299", "329-331", "714-716"], "Thm 3/9 proof: f(x_1)-f* <= 2^12 (L/lambda)(rate) dimensionally wrong; 128 too small", "numeric"),
    (15, ["229-229", "558-564"], "Alg 2's constant 256 vs c_2 = 2 sqrt(2 C_2)", "numeric"),
    (16, ["318-318", "333-339"], "Thm 3.2 non-interpolation bound needs grad f(x*) = 0", "numeric"),
    (17, ["337-337", "443-445", "722-722"], "'Alg 2 always outputs a point in its input domain' is false", "statistical"),
    (18, ["241-241", "603-610"], "Thm 2 statement LD(...) vs proof (HD^2/2) n^{-mu} + (L^2 lambda/(8H^2)) e^{...}", "numeric"),
    (19, ["432-441"], "Alg 4 under-specification (eps_i, Lap_d, N(0,sigma^2), solver, log base)", "numeric"),
    (20, ["441-441", "483-483"], "Gaussian calibration valid only for eps below a multiple of ln(1/delta)", "numeric"),
    (21, ["448-460"], "Alg 5 indexing, radius vs diameter, eta_0 vs Prop 2/3 eta", "symbolic"),
    (22, ["491-491", "496-496"], "Thms 6/7 cite Assumption 2.4 for kappa-growth", "symbolic"),
    (23, "556-558", "Lemma C.1 cites Thm 2 of [7] in max form", "symbolic"),
    (24, "568-568", "L568 index typo x_hat*", "symbolic"),
    (25, ["614-628", "644-644"], "Alg 6 calls Alg 5 without the Lipschitz extension: not DP as written", "statistical"),
    (26, "634-642", "Thm 8 assumes 'quadratic growth' but needs kappa > 2; beta never set", "symbolic"),
    (27, ["655-668"], "L_1^{kappa/n} exponent and '~1' factors", "symbolic"),
    (28, "674-674", "Thm 8 sample-complexity inversion wrong", "symbolic"),
    (29, "676-686", "Cor C.1 delta>0 bound is a copy of the delta=0 bound; mu undefined", "symbolic"),
    (30, ["696-696", "714-714"], "Thm 9.1 says eps-DP; garbled factor", "symbolic"),
    (31, ["357-357", "732-732"], "Thm 4 omits e^{lambda n eps/H} >= 2 and k = lambda n/H integer", "symbolic"),
    (32, ["746-750", "771-771"], "Prop 4: loss l undefined; 1/16 factor dropped; omega at S vs S'", "numeric"),
    (33, ["777-782"], "Thm 5 proof: constant-number hypothesis; no conversion to excess loss", "symbolic"),
    (34, ["359-359", "913-913"], "S_lambda^L(F) needs SC (vs QG); richness of Omega", "symbolic"),
    (35, "796-800", "Lemma D.1: H/(n eps) vs H/(2 n eps); finite condition lambda > H/(n eps)", "symbolic"),
    (36, ["820-820", "824-824"], "Lemma D.2 typos", "symbolic"),
    (37, ["850-850", "878-889"], "Lemma D.4 grad g(x*) = 0 fails at boundary minimisers", "numeric"),
    (38, ["897-909"], "Lemma D.6 |S triangle S'| = k vs Hamming distance", "numeric"),
    (39, "913-923", "document truncated inside Prop 5's proof; upper bound missing", "symbolic"),
    (40, ["229-231"], "Alg 2 has no safeguard when q = 256 H r_m/lambda >= 1", "numeric"),
    (41, ["225-225", "296-296", "432-432", "448-448", "638-638"], "integrality of T = n/m, n/2, n/k, n/T, log n", "symbolic"),
    (42, "128-128", "Lemma 2.1 f: X -> R but inf over R^d", "symbolic"),
    (43, "85-85", "Def 2.2.1 'equivalently' clause needs differentiability, writes f for h", "symbolic"),
    (44, ["223-223", "295-295"], "Alg 2/3 inputs omit H, lambda, eps, delta, d, m, T", "symbolic"),
    (45, ["154-158", "172-172", "345-349"], "lower bounds are empirical risk; upper bounds population risk", "symbolic"),
    (46, ["365-365", "371-371"], "Thm 5 constant c must carry units of H", "symbolic"),
    (47, ["118-122", "126-128"], "Lemma 2.1 needs an L-Lipschitz affine minorant (f_L = -inf otherwise)", "symbolic"),
    (48, "630-630", "C_kappa <= 2^12 vs Thm 6's 4032", "numeric"),
    (49, ["239-239", "308-308"], "privacy stated under utility assumptions; holds for all datasets", "statistical"),
    (50, ["14-14", "42-42", "251-262"], "abstract drops the 1/rho of Cor 4.1", "symbolic"),
]
for num, rng_, title, cc in _AUD:
    S(f"001.audit.AUD-{num}", rng_ if isinstance(rng_, list) else [rng_], f"AUD-{num}: {title}",
      f"Catalog audit note AUD-{num}: {title}.", "audit", cc, catalog=f"AUD-{num}",
      skip_reason="not yet checked")

# =====================================================================================================
# EXPERIMENTS (catalog §5)
# =====================================================================================================
S("001.exp.E1", ["237-247", "432-432", "448-448"], "E1 exact operation counts at the paper's constants",
  "#ERM solves, epochs and samples per ERM of Alg 4/5/2 at paper constants, from the formulas; T >= 2 threshold n.",
  "experiment", "instance", catalog="H3/§5 counts", skip_reason="not yet checked")
S("001.exp.E2", ["237-241"], "E2 Alg 2 linear convergence in epochs (scaled constants)",
  "scaled mode, noiseless least squares: log mean excess loss decreases linearly in T.", "experiment", "statistical",
  catalog="H3", skip_reason="not yet checked")


# =====================================================================================================
# rendering
# =====================================================================================================
def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _v(v) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_q(x) for x in v) + "]"
    return _q(v)


ORDER = ("id", "source", "title", "statement", "kind", "check_class", "implemented_by", "checked_by", "verdict",
         "erratum", "corrected", "skip_reason", "notes", "catalog")


def render(entries=None) -> str:
    entries = ENTRIES if entries is None else entries
    out = ["# GENERATED from proofs_checks/interpolation/_spec_data.py -- edit there, then run",
           "#   python -m proofs_checks.interpolation._spec_data",
           "[meta]",
           'title   = "Private optimization in the interpolation regime: faster rates and hardness results '
           '(Asi, Chadha, Cheng, Duchi)"',
           f'seed    = "{SEED}"', 'catalog = "001_interpolation.md"', ""]
    for e in entries:
        out.append(f"[[{e['table']}]]")
        for k in ORDER:
            if k in e:
                out.append(f"{k:<14} = {_v(e[k])}")
        out.append("")
    return "\n".join(out)


def apply_results(results: dict[str, dict]) -> None:
    """Overlay per-entry results (verdict, checked_by, erratum, corrected, notes) collected by the check modules."""
    by_id = {e["id"]: e for e in ENTRIES}
    for eid, upd in results.items():
        if eid not in by_id:
            raise KeyError(f"result for unknown spec id {eid}")
        e = by_id[eid]
        if upd == "planned":
            upd = PLANNED[eid]
        e.update(upd)
        if e["verdict"] != "SKIPPED":
            e.pop("skip_reason", None)


if __name__ == "__main__":
    from proofs_checks.interpolation._spec_results import RESULTS

    apply_results(RESULTS)
    p = Path(__file__).resolve().parents[2] / "specs" / "001.toml"
    p.write_text(render(), encoding="utf-8")
    print(f"wrote {p} ({len(ENTRIES)} entries)")
