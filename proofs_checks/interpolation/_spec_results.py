"""Per-entry results of our checks (overlaid on _spec_data.ENTRIES to produce specs/001.toml).

Each value is either "planned" (an algorithm whose planned checks now exist) or a dict of fields to set.
"""
T = "tests/interpolation/"
LE = T + "test_lipschitz_extension.py::"
AL = T + "test_algorithms.py::"


def ok(verdict, *checks, notes=""):
    d = {"verdict": verdict, "checked_by": list(checks)}
    if notes:
        d["notes"] = notes
    return d


def err(checks, erratum, corrected, notes=""):
    d = {"verdict": "ERRATUM", "checked_by": list(checks), "erratum": erratum, "corrected": corrected}
    if notes:
        d["notes"] = notes
    return d


RESULTS: dict = {
    # ---------------- algorithms
    "001.P1": ok("PROVED", "001.P1.closed_forms", LE + "test_bisection_matches_closed_form_quadratic",
                 LE + "test_bisection_matches_huber", LE + "test_extension_properties"),
    "001.P2": ok("STATISTICAL", T + "test_erm.py::test_certified_radius_holds",
                 T + "test_geometry.py::test_projection_variational_inequality", T + "test_geometry.py::test_empty_intersection_and_limits"),
    "001.P3": "planned",
    "001.P4": "planned",
    "001.P5": "planned",
    "001.alg4": ok("STATISTICAL", "001.priv.alg4.sensitivity", "001.prop2.utility_mc", "001.prop3.utility_mc",
                   AL + "test_alg4_oracle_mode_bit_identical",
                   AL + "test_alg4_operation_counts", AL + "test_alg4_distributional_agreement"),
    "001.alg5": ok("STATISTICAL", "001.priv.PC2.alg5_transcript", "001.thm6.utility_mc", "001.thm7.utility_mc",
                   AL + "test_alg5_operation_counts", AL + "test_alg5_trace_and_oracle_mode"),
    "001.alg1": ok("NUMERIC", "001.priv.alg1.extension_vs_raw", "001.priv.PC2.alg5_transcript",
                   AL + "test_alg1_equals_alg5_on_lipschitz_data"),
    "001.alg2": ok("STATISTICAL", "001.priv.PC4.alg2_transcript", "001.thm2.scaled_mc", AL + "test_alg2_operation_counts",
                   AL + "test_alg2_oracle_mode", AL + "test_alg2_paper_constants_need_huge_n",
                   AL + "test_alg2_scaled_eta_keeps_privacy_calibration"),
    "001.alg3": ok("NUMERIC", "001.priv.PC5.alg3_transcript", AL + "test_alg3_runs_and_splits"),
    "001.alg6": err(["001.priv.alg6.printed_not_dp", "001.priv.alg6.corrected", AL + "test_alg6_runs_both_variants"],
                    "As printed (L617: Alg 5 on the raw losses with L_i = H D_i) Alg 6 is not eps-DP: eps = 1, least squares "
                    "d = 2, n = 120, T = 2, kappa = 3, one sample replaced by (a = (30,0), b = 1e4): exact loss of the first "
                    "differing phase 1.43 > 1 (sensitivity 7.9 x L_i eta_i).",
                    "variant='corrected' (default) calls Alg 1 (Lipschitz extension F_{L_i}) in step 2: exact loss 0.098 <= 1 "
                    "on the same neighbours (001.priv.alg6.corrected)."),
    "001.LB1": "planned", "001.LB2": "planned", "001.LB3": "planned", "001.LB4": "planned",
    # ---------------- statements
    "001.lemma2_1": ok("PROVED", "001.P1.closed_forms", LE + "test_extension_properties",
                       notes="(1)-(4) property-tested (hypothesis, 60 examples each) on PSD quadratics (bisection oracle) and "
                             "least squares (closed form), plus smoothness preservation; closed forms proved in sympy. "
                             "PROVED refers to the closed forms; the general lemma is textbook (HUL93 IV.3.1.4)."),
    "001.prop1": ok("NUMERIC", "001.priv.alg1.extension_vs_raw", "001.priv.alg4.sensitivity",
                    AL + "test_alg1_equals_alg5_on_lipschitz_data"),
    "001.thm1a": err(["001.thm1a.small_n", "001.thm1a.algebra", "001.thm1a.corrected"],
                     "False without n >= d/eps: outputting the centre of X (0-DP) has excess loss <= HD^2/8 under "
                     "interpolation, but the bound exceeds HD^2/8 when d/(n eps) > 12e^2 = 88.67; e.g. d = 89, n = eps = 1: "
                     "89/(96 e^2) = 0.12547 > 0.125.",
                     "Holds when k = d/eps is a positive integer and k <= n (proof chain PROVED in sympy; tau_chain/bound >= "
                     "1.16 on a grid, 001.thm1a.corrected)."),
    "001.thm1b": err(["001.thm1b.small_n", "001.thm1b.algebra"],
                     "False without 1/eps in N, 1/eps <= n: the midpoint output gives <= HD^2/8 but the bound exceeds it when "
                     "n eps < 1/(2(e+1)) = 0.134; e.g. n = 1, eps = 0.1, delta = 0.01: bound 0.168 > 0.125.",
                     "Holds for 1/eps in N with 1/eps <= n (so eps <= 1) and delta < eps/6 (which implies the proof's "
                     "delta <= eps e^{eps-1}/2 for all eps > 0); chain PROVED in 001.thm1b.algebra."),
    "001.thm2_proof": err(["001.audit.AUD-12.squaring", "001.thm2_proof.algebra", "001.thm2.thresholds"],
                          "L589-595 square max{A, B} as log^{3/2} m, log m instead of log^3 m, log^2 m (factor log^{3/2} m = "
                          "9.88 at m = 100).",
                          "With the correct powers, L_T, C_2/c_2^2 = 1/8 and the re-indexing are exact (sympy); condition (595) "
                          "then first holds at n = 10^152.2 (c_2 = 256) / 10^99.6 (c_2 = 181) for H/lambda = d = eps = mu = 1."),
    "001.remark2": ok("PROVED", "001.thm8.algebra"),
    "001.thm3": err(["001.thm3.containment_constant", "001.audit.AUD-16.boundary_minimiser"],
                    "Proof step L329-331: f(x_1) - f* <= 2^12 (L/lambda)(rate) is dimensionally a length; from Thm 7 "
                    "(kappa = 2) ||x_1 - x*|| <= sqrt(8064)(L/lambda)(rate) = 89.8 (L/lambda)(rate) > 64 (L/lambda)(rate) = "
                    "D_int/2, so X* in X_int is not implied (x_1 uses n/2 samples: x1.31 more at n = 1e6).",
                    "Use c_int >= 2 sqrt(8064) x (rate(n/2)/rate(n)) (>= 235 at n = 1e6) in D_int; the rate bounds (2), (3) "
                    "are not checked (asymptotic, Theta~).",
                    notes="Privacy part (1) checked under 001.priv.PC5 (NUMERIC). Item (2) (no interpolation) also relies on "
                          "f - f* <= H D_int^2/2, false at boundary minimisers (001.audit.AUD-16)."),
    "001.thm9": err(["001.thm3.containment_constant", "001.audit.AUD-30.thm9_privacy"],
                    "Item 1 says eps-DP for the Gaussian (delta > 0) version; proof L714 repeats the 2^12 L/lambda step "
                    "(and a garbled factor), same containment gap as Thm 3 (89.8 > 64).",
                    "(eps, delta)-DP (001.priv.PC5) within the Gaussian validity range of AUD-20; containment needs the larger "
                    "D_int constant of 001.thm3."),
    "001.thm4": ok("PROVED", "001.thm4.algebra",
                   notes="in the regime e^{lambda n eps/H} >= 2 with lambda n/H integer; outside it the proof's chain gives a "
                         "smaller constant (AUD-31)."),
    "001.prop3": err(["001.priv.PC1.gaussian_range", "001.priv.PC1.gaussian_range.corrected", "001.prop3.utility_mc"],
                     "Privacy part: the Gaussian calibration sigma = 4 L eta_i sqrt(log(1/delta))/eps is not (eps, delta)-DP "
                     "for large eps: eps = 400, delta = 1e-6: exact delta(eps) = 0.073.",
                     "(eps, delta)-DP iff eps <= eps_max(delta) (302.1 at delta = 1e-6; 21-33 ln(1/delta) over delta in "
                     "[1e-12, 0.5]) for sensitivity L eta_i.",
                     notes="utility part (w.p. 1-beta bound): STATISTICAL in 001.prop3.utility_mc (V = 0 violations; the "
                           "bound exceeds the trivial L D at every feasible n, see 001.prop2 notes)."),
    "001.thm7": err(["001.priv.PC1.gaussian_range", "001.priv.PC1.gaussian_range.corrected", "001.thm7.utility_mc"],
                    "Privacy part inherits the Gaussian range limit of Alg 4 (eps = 400, delta = 1e-6: delta_true = 0.073).",
                    "(eps, delta)-DP for eps <= eps_max(delta) (parallel composition keeps the per-phase guarantee).",
                    notes="utility part: STATISTICAL in 001.thm7.utility_mc (Alg 5, Gaussian, QG instance; V = 0)."),
    "001.thm8": err(["001.priv.alg6.printed_not_dp", "001.audit.AUD-28.inversion", "001.thm8.algebra",
                     "001.priv.alg6.corrected"],
                    "Privacy: Alg 6 as printed is not DP (eps_true = 1.43 > 1, see 001.alg6). Sample-complexity inversion "
                    "L674 wrong: kappa = 3, d/eps = 1e6, alpha = 1e-3: printed n (x100) = 1e5 gives error 1e3 >> alpha.",
                    "DP with the Alg 1 wrapper (001.priv.alg6.corrected); n >= 4 alpha^{-2(k-2)/k} and n >= 2(d/eps) "
                    "alpha^{-(k-2)/k} suffice for (1/sqrt n + d/(n eps))^{k/(k-2)} <= alpha (sympy); L_T closed form and "
                    "exponents PROVED (001.thm8.algebra)."),
    "001.prop5": ok("NUMERIC", "001.prop5.modulus_bounds",
                    notes="upper bound proof missing from the truncated document (AUD-39); sup omega <= 2HDr/(lambda n) "
                          "argued directly on the quadratic family."),
    "001.lemmaD1": err(["001.lemmaD1.equality", "001.lemmaD1.corrected"],
                       "At lambda = H/(n eps) the conclusion fails: n = 10, 1/eps = 2, a = (0 x 8, H x 2) at x0 = 0: removing "
                       "the 2 points leaves f = 0 with argmin = X != X* = {0}.",
                       "Holds when lambda > H/(n eps) (f_S^{-eps} is then (lambda - H/(n eps))-SC; PROVED on the quadratic "
                       "family)."),
    "001.lemmaD2": ok("PROVED", "001.lemmaD1.corrected", notes="on the quadratic family (a/2)(x - x0)^2."),
    "001.lemmaD3": ok("PROVED", "001.lemmaD1.corrected"),
    "001.lemmaD4": err(["001.lemmaD4.boundary"],
                       "Proof (L850) uses grad g(x*) = 0, false at boundary minimisers of X = [-D, D]: g = x + x^2 on [0,1], "
                       "H = 2: |g'(0.1)| = 1.2 > H dist = 0.2.",
                       "Holds for minimisers in the interior of X (equality on quadratics, sympy)."),
    "001.lemmaD5": ok("PROVED", "001.lemmaD5.quadratic_slack",
                      notes="proved on quadratic h, g (slack H_g lambda_h (x_g - x_h)/((H_g + lambda_h)(2H_g + lambda_h))); "
                            "general random pairs (catalog MC plan) not done."),
    "001.lemmaD6": ok("NUMERIC", "001.lemmaD6.stability"),
    "001.fact.grad_bound": ok("PROVED", "001.thm2_proof.algebra", notes="equality on the quadratic family"),
    "001.fact.group_privacy": ok("NUMERIC", "001.fact.group_privacy.chain"),
    "001.fact.packing": ok("NUMERIC", "001.fact.packing.greedy"),
    "001.fact.separation": ok("PROVED", "001.thm1a.algebra"),
    "001.remark_ckappa": err(["001.remark_ckappa.constants"],
                             "Remark's C_kappa <= 2^12 vs Thm 6's 4032 (sum form): in L558's max form C_2 = 4 x 4032 = 16128 "
                             "and c_2 = 2 sqrt(2 C_2) = 359.2 > 256 (Alg 2's constant).",
                             "kappa^{1/kappa} <= e^{1/e} = 1.4447 <= 2 (second inequality PROVED); with C_2 = 2^12, c_2 = "
                             "181.0 <= 256. Which C_2 [7] proves cannot be decided from this document."),
    # ---------------- privacy
    "001.priv.PC1": err(["001.priv.PC1.gaussian_range", "001.priv.PC1.gaussian_range.corrected",
                         "001.priv.PC1.laplace_calibration", "001.priv.PC1.classical_gaussian", "001.priv.alg4.sensitivity"],
                        "Gaussian branch: not (eps, delta)-DP for large eps (eps = 400, delta = 1e-6, Delta = L eta_i: exact "
                        "delta = 0.073; FKT reading Delta = 2 L eta_i fails already at eps = 50: delta = 1.4e-5).",
                        "Laplace (iid reading): exact loss eps(1 + 2 tau/(L eta_i))/4 = 0.255 eps (PROVED); Gaussian: "
                        "(eps, delta)-DP iff eps <= eps_max(delta) (302.1 at delta = 1e-6, about 21-33 ln(1/delta)); "
                        "replace-one stability <= L eta_i + certified radii, tight (0.99994) on saturating neighbours."),
    "001.priv.PC2": ok("NUMERIC", "001.priv.PC2.alg5_transcript"),
    "001.priv.PC3": ok("NUMERIC", "001.priv.alg1.extension_vs_raw", "001.priv.PC2.alg5_transcript"),
    "001.priv.PC4": ok("NUMERIC", "001.priv.PC4.alg2_transcript"),
    "001.priv.PC5": ok("NUMERIC", "001.priv.PC5.alg3_transcript"),
    "001.priv.PC6": err(["001.priv.alg6.printed_not_dp", "001.priv.alg6.corrected"],
                        "Alg 6 as printed is not DP: exact eps of the first differing phase 1.43 > eps = 1 (one far sample).",
                        "Calling Alg 1 (extension F_{L_i}) restores eps-DP: 0.098 <= 1 on the same neighbours."),
    "001.priv.PC7": ok("NUMERIC", "001.fact.group_privacy.chain"),
    # ---------------- audit notes (confirmed -> ERRATUM; refuted / resolved -> holding verdict)
    "001.audit.AUD-1": err(["001.audit.AUD-1.qg_constant"], "L42 QG lambda||x-x*||^2 vs Def 2.4 (lambda/2) dist^2: "
                           "f = (lambda/2)x^2 meets Def 2.4 but not L42.", "Def 2.4 is used throughout (k = lambda n/H in Thm 4 "
                           "assumes it, 001.thm4.algebra)."),
    "001.audit.AUD-3": err(["001.thm1a.small_n", "001.thm1a.corrected"], "d = 89, n = eps = 1: Thm 1(a) bound 0.12547 > HD^2/8.",
                           "needs k = d/eps in N, k <= n."),
    "001.audit.AUD-4": ok("PROVED", "001.thm1a.algebra",
                          notes="refuted as a defect of the result: the chain only needs |V| - 1 >= e^d - 1 (packing gives it); "
                                "the textual slips (v in X, strict separation) are not machine-checked."),
    "001.audit.AUD-5": err(["001.thm1b.small_n", "001.thm1b.algebra"], "n = 1, eps = 0.1: bound 0.168 > HD^2/8 = 0.125.",
                           "1/eps in N, <= n; delta < eps/6 => delta <= eps e^{eps-1}/2 (PROVED)."),
    "001.audit.AUD-9": err(["001.audit.AUD-9.sign"], "L245 prints exp(+Theta~(n lambda^2/H^2)) >= 1: eq. (4) vacuous.",
                           "exp(-Theta~(n lambda^2/H^2)) as in eq. (3)."),
    "001.audit.AUD-10": err(["001.thm2.thresholds"], "m = 256^2 log^3 n (first branch) = 1.7e8 at n = 1e6, not log n.",
                            "m = Theta((H/lambda)^2 mu log^3 n)."),
    "001.audit.AUD-11": err(["001.thm2.thresholds"], "n = 1e6: m = 1.73e8 > n, T = 0.0058 < 1 (Alg 2 undefined); T >= 2 first "
                            "at n = 10^9.08; corrected (595) first at 10^152.2 (c_2 = 256).",
                            "Thm 2 holds only for n >= n_0 (10^152 at the paper's constants); experiments use constants='scaled'."),
    "001.audit.AUD-12": err(["001.audit.AUD-12.squaring"], "max{A,B}^2 printed with log^{3/2} m and log m (should be log^3 m, "
                            "log^2 m); factor 9.88 at m = 100.", "log^3 m and log^2 m (used in 001.thm2.thresholds)."),
    "001.audit.AUD-14": err(["001.thm3.containment_constant"], "sqrt(8064) = 89.8 > 64.", "c_int >= 180 (>= 235 with n/2)."),
    "001.audit.AUD-15": err(["001.remark_ckappa.constants"], "C_2 = 16128 (max form of Thm 6) gives c_2 = 359.2 > 256.",
                            "256 suffices only if C_2 <= 2^12 (c_2 = 181.0)."),
    "001.audit.AUD-17": err(["001.audit.AUD-17.output_outside"], "Alg 4's output x_hat_k + zeta_k leaves X (pre-drawn draw "
                            "(1e12, 0): norm 3.4e5 > 1; MC 2/80-ish outside).",
                            "project_output=True in alg2_localization / alg3_adaptive (post-processing)."),
    "001.audit.AUD-19": ok("PROVED", "001.priv.PC1.laplace_calibration",
                           notes="resolved by explicit readings: eps_i := eps; Lap_d iid (and l2) Laplace; N(0, sigma^2 I_d); "
                                 "certified solver with tau added to the sensitivity; natural log; n0 = floor(n/k). Each "
                                 "reading's exact privacy is computed (0.255 eps for iid Laplace)."),
    "001.audit.AUD-20": err(["001.priv.PC1.gaussian_range", "001.priv.PC1.gaussian_range.corrected"],
                            "eps = 400, delta = 1e-6: delta_true = 0.073 (Delta = L eta); eps_max = 494/302/157/109/59/23 at "
                            "delta = 1e-10/1e-6/1e-3/1e-2/0.1/0.5 (Delta = L eta), 64/42/25/18/12/6.4 (Delta = 2 L eta).",
                            "(eps, delta)-DP iff eps <= eps_max(delta) (NUMERIC on a grid)."),
    "001.audit.AUD-22": err(["001.audit.AUD-22.citation"], "Thm 6/7 cite 'Assumption 2.4' (does not exist; Def 2.4 is QG).",
                            "kappa-growth f - f* >= (lambda/kappa)||x - x*||^kappa (Remark 2)."),
    "001.audit.AUD-25": err(["001.priv.alg6.printed_not_dp", "001.priv.alg6.corrected"], "eps_true = 1.43 > 1.",
                            "Alg 1 wrapper: 0.098 <= 1."),
    "001.audit.AUD-26": err(["001.audit.AUD-22.citation"], "Thm 8 assumes QG (Def 2.4, kappa = 2) but its rate exponent "
                            "kappa/(kappa-2) needs kappa > 2.", "assume kappa-growth with kappa > 2 (validated in alg6)."),
    "001.audit.AUD-27": err(["001.audit.AUD-27.exponent"], "kappa = 3, n = e^10: kappa/(kappa-1)^T = 0.00293 vs kappa/n = 1.36e-4.",
                            "L_1^{kappa/(kappa-1)^T}."),
    "001.audit.AUD-28": err(["001.audit.AUD-28.inversion"], "printed n gives error 1e3 >> alpha = 1e-3.",
                            "n >= 4 alpha^{-2(k-2)/k} and n >= 2(d/eps) alpha^{-(k-2)/k}."),
    "001.audit.AUD-30": err(["001.audit.AUD-30.thm9_privacy"], "Thm 9.1 says eps-DP for the Gaussian version.", "(eps, delta)-DP."),
    "001.audit.AUD-31": err(["001.thm4.small_exponent"], "lambda n eps/H = 0.5: denominator 3.54 > 3, proof gives c/3.54 < claim.",
                            "add e^{lambda n eps/H} >= 2 and lambda n/H in N to Thm 4."),
    "001.audit.AUD-35": err(["001.lemmaD1.equality", "001.lemmaD1.corrected"], "counterexample at lambda = H/(n eps).",
                            "lambda > H/(n eps)."),
    "001.audit.AUD-37": err(["001.lemmaD4.boundary"], "g = x + x^2 on [0,1]: g'(0) = 1 != 0.", "interior minimisers."),
    "001.audit.AUD-38": ok("NUMERIC", "001.lemmaD6.stability",
                           notes="the bound 4kL/(lambda n) holds; the Hamming-distance reading of the proof's 2kL/n also holds "
                                 "(max ratio 0.63) on the tested family."),
    "001.audit.AUD-39": ok("NUMERIC", "001.prop5.modulus_bounds",
                           notes="confirmed the upper-bound proof is absent (file ends L923); bound checked directly."),
    "001.audit.AUD-40": err(["001.thm2.thresholds"], "q = 256 H r_m/lambda >= 1 for every realistic n (contraction needs "
                            "n >= 10^152 at paper constants).", "alg2_localization reports q in info (no clamping)."),
    "001.audit.AUD-42": err(["001.audit.AUD-47.minorant"], "f: X -> R but inf over R^d.", "extend f by +inf outside X."),
    "001.audit.AUD-47": err(["001.audit.AUD-47.minorant"], "f = -2Lx: f_L = -inf.", "require an L-Lipschitz affine minorant."),
    "001.audit.AUD-48": err(["001.remark_ckappa.constants"], "4032 != 2^12 = 4096 and forms differ.", "see AUD-15."),
    "001.audit.AUD-49": ok("NUMERIC", "001.priv.PC4.alg2_transcript",
                           notes="privacy tested on non-interpolating data with far outliers (the stronger property)."),
    "001.audit.AUD-50": err(["001.audit.AUD-50.rho"], "Cor 4.1's d/(rho eps) log(1/alpha) vs abstract's d/eps log(1/alpha): "
                            "x100 at rho = 0.01.", "keep the 1/rho, or use Remark 1's (d/eps) log^2(1/alpha)."),
    "001.exp.E1": ok("NUMERIC", "001.exp.E1.op_counts"),
    # ---------------- added in the second pass (utility MC, sample complexity, remaining audit notes)
    "001.def2_2_1": ok("NUMERIC", "001.def2_2_1.gradient_bound",
                       notes="sampled illustration of the mean-value theorem on extended losses (textbook fact)."),
    "001.prop2": ok("STATISTICAL", "001.prop2.utility_mc", "001.priv.PC1.laplace_calibration",
                    notes="V = 0 violations (d in {1,2}, n = 400; full: n = 3000). The printed bound 128 L D(...) exceeds the "
                          "trivial bound L D (excess of any point of X) for every n < 3.9e9 (d = eps = 1, beta = 1/(n+1)): "
                          "the claim is true but vacuous at feasible n; observed excess is 1e-3..1e-4 of L D. Privacy part "
                          "(iid-Laplace calibration) PROVED in 001.priv.PC1.laplace_calibration."),
    "001.thm6": ok("STATISTICAL", "001.thm6.utility_mc", "001.priv.PC2.alg5_transcript",
                   notes="Alg 5 on the smooth-abs instance (QG with lambda from the exact radial profile), V = 0. The bound "
                         "(4032/lambda)(...)^2 exceeds L D for n < 2.9e8 (lambda = L = 1, D = 2): vacuous at feasible n."),
    "001.thm2": err(["001.audit.AUD-18.statement_vs_proof", "001.thm2.thresholds", "001.thm2.scaled_mc",
                     "001.thm2_proof.algebra"],
                    "As stated (no 'n sufficiently large', L601) eq. (3) is undefined at realistic n: n = 1e6 gives m = 1.7e8 "
                    "> n, T < 1 (001.thm2.thresholds); and the proof's bound (H D^2/2) n^-mu + (L^2 lambda/(8 H^2)) e^{...} "
                    "implies L D (n^-mu + ...) only if L >= H D/2 and L lambda <= 8 H^2 D: interpolating Huber_0.1 instance "
                    "(D = H = 1, L = 0.1, lambda = 0.36): the proof's first term is 5x the statement's.",
                    "For n >= n_0 (condition (595): 10^152 at unit constants), E[f(x_T) - f*] <= (H D^2/2) n^-mu + "
                    "(L^2 lambda/(8 H^2)) exp(-n/(k log^2 n)); the proof algebra is PROVED (001.thm2_proof.algebra) and its "
                    "mechanism -- containment ||x_i - x*|| <= D_(i+1)/2 w.p. >= 1 - beta and geometric decay in the number "
                    "of epochs -- is STATISTICAL in a labelled scaled mode (001.thm2.scaled_mc: V = 0/4 quick; full 0/20 at m = 300 and 0/20 at m = 1000, eps = 20).",
                    notes="privacy part: 001.priv.PC4 (NUMERIC). Scaled mode: c = 0.2-0.3, m = 300-1000, inner eta_0 x ~400, "
                          "eps = 20-200 (paper constants need n >= 1e9 for a single epoch)."),
    "001.thm2_delta": err(["001.audit.AUD-18.statement_vs_proof", "001.audit.AUD-9.sign", "001.thm2_delta.scaled_mc"],
                          "eq. (4) prints exp(+Theta~(n lambda^2/H^2)) (AUD-9, vacuous), uses sqrt(d) log(1/delta) in m "
                          "(AUD-8) and inherits the statement-vs-proof gap of eq. (3) (AUD-18: 5x on the Huber instance).",
                          "as the corrected eq. (3) with exp(-...) and d -> sqrt(d log(1/delta)); scaled-mode containment and "
                          "geometric decay STATISTICAL (001.thm2_delta.scaled_mc, Gaussian noise, delta = 1e-6; full profile: 1/20 "
                          "containment violations at m = 1000, eps = 20 (ratio 1.005), CP_lower 2.5e-8 <= beta = 0.05)."),
    "001.lemmaC1": ok("STATISTICAL", "001.lemmaC1.paper_c_mc", "001.thm2.scaled_mc", "001.thm2_delta.scaled_mc",
                      "001.thm2_proof.algebra",
                      notes="containment ||x_i - x*|| <= D_(i+1)/2 for all i and ||grad F(y;s)|| <= L_i on X_i: V = 0 at the "
                            "paper's c = 256 (domains expand, q = 972) and in the scaled contraction regime (q = 0.64-0.72); "
                            "the exponent identity of L562 is PROVED in 001.thm2_proof.algebra. The lemma's own constant "
                            "C_2 question is 001.audit.AUD-15."),
    "001.cor4_1": ok("NUMERIC", "001.cor4_1.sample_complexity", T + "test_schedule.py::test_sample_complexity_is_the_crossing",
                     notes="n*(alpha) from the explicit bound: the O~ holds with hidden factor 256(1 + 256 (H/lambda)^2 eps/d)"
                           "(log n*)^3 (n*/rate up to 1e9 at moderate alpha, -> (HD^2/2)^rho for tiny alpha); the abstract's "
                           "dropped 1/rho is 001.audit.AUD-50."),
    "001.remark1": ok("NUMERIC", "001.remark1.sample_complexity", T + "test_schedule.py::test_bad_inputs",
                      notes="n*/((d/eps) log^2(1/alpha)) = 2.9e7..6.3e7 (d/eps = 1), 2.9e4..4.9e4 (d/eps = 1e4) over alpha = "
                            "1e-3..1e-300: polylog growth only; needs H D^2 <= 1 with beta = alpha."),
    "001.thm5": err(["001.thm5.proof_algebra", "001.thm5.corrected"],
                    "Proof (L771) uses E|M(S') - x*| >= omega(S'; r) but Prop 4 gives (1/4) l((1/4) omega) = omega/16; the "
                    "proof never converts to excess loss; at t = 1 the re-application of Prop 5 needs lambda > H r/n with "
                    "H r/n -> H c3/2 (c3 = 3, H = lambda = 1, n = 1000: 1.497 > 1).",
                    "E[f_S'(M(S')) - inf f_S'] >= (lambda/2)(omega/16)^2 = Omega(lambda c3^2 D^2/(n eps)^{2(1-t)}) for t < 1 "
                    "(or t = 1 with c3 < 2 lambda/H), given Prop 5 applies at S' (PROVED algebra, 001.thm5.corrected).",
                    notes="AUD-32's reading: Prop 4 with the modulus at S is proved in general (001.prop4.general_argument) and "
                          "the printed modulus-at-S' reading is not refuted on the harness family (001.prop4); applying "
                          "Prop 5 at a non-interpolating S' (L779) remains unjustified."),
    "001.audit.AUD-8": err(["001.audit.AUD-8.delta_factor"],
                           "d = 1, delta = 1e-6: Alg 2 uses min(d, sqrt(d log 1/delta)) = 1, Alg 6/Prop 3/Thm 7 use "
                           "sqrt(d log 1/delta) = 3.72, Thm 2's m and Thm 8 use sqrt(d) log(1/delta) = 13.8 (up to 27.6x "
                           "on the grid d in {1,10,1000}, delta in {1e-3,1e-6,1e-12}).",
                           "use sqrt(d log(1/delta)) (the Gaussian factor of Props 3 / Thm 7) everywhere; the implementation "
                           "keeps each printed form (schedule.rate_term, schedule.thm2_m)."),
    "001.audit.AUD-16": err(["001.audit.AUD-16.boundary_minimiser"],
                            "f = x + x^2/2 on [0,1] (H = lambda = 1, x* = 0 on the boundary): sup_{X_int} f - f* = D_int + "
                            "D_int^2/2, 201x the claimed H D_int^2/2 at D_int = 0.01 (ratio -> inf).",
                            "f - f* <= ||grad f(x*)|| D_int + H D_int^2/2 (linear rate without interpolation); items (b)-(d) "
                            "textual."),
    "001.audit.AUD-18": err(["001.audit.AUD-18.statement_vs_proof"],
                            "statement - proof = D(L - HD/2) n^-mu + L(D - L lambda/(8H^2)) E: interpolating Huber_0.1 on "
                            "[-1/2, 1/2] (H = D = 1, L = 0.1): proof's first term 5x the statement's.",
                            "state the proof's form (H D^2/2) n^-mu + (L^2 lambda/(8 H^2)) exp(-n/(k log^2 n))."),
    "001.audit.AUD-32": err(["001.thm5.proof_algebra", "001.audit.AUD-32.reading", "001.prop4.general_argument",
                             "001.prop4.minimax_lp"],
                            "(i) l is undefined (read as the identity); (ii) L771 uses E >= omega(S'; r) where Prop 4 gives "
                            "omega/16, and 'E >= omega' is false: S = (1/2 x5), Omega = {-1,0,1/2,1}, eps = 0.2, "
                            "inverse-sensitivity mechanism with prior weight e^5 at 1/2 (eps-DP), gamma_min = 0.134, h = 3: "
                            "every S' within Hamming 3 (exhaustive) has E' <= 0.8174 = 0.908 omega(S;3) and E'/omega(S';3) "
                            "<= 0.681; (iii) the reading: L779 applies Prop 5 at S', which need not interpolate.",
                            "E >= omega/16 (same Omega rate), with the modulus at the ORIGINAL S: PROVED for every eps-DP M "
                            "with constant 1/(2(e+1)) = 0.1345 > 1/16 (001.prop4.general_argument), so L779 should apply "
                            "Prop 5 at the interpolating S (omega(S; r) >= D r/n), where it is valid.",
                            notes="the printed S' reading is not refuted: on the ST-27 family every modulus lies in "
                                  "[Dh/n, 2Dh/n], so it follows from the S reading there; over ALL eps-DP mechanisms on "
                                  "small finite classes (exact LPs, 001.prop4.minimax_lp) the S' minimax ratio is >= 0.47. "
                                  "A general counterexample to the S' reading was not searched beyond this family."),
    "001.audit.AUD-33": err(["001.thm5.proof_algebra"],
                            "t = 1: H r/n -> H c3/2, so lambda > H r/n (Lemma D.1/D.2 hypothesis) fails for c3 >= 2 lambda/H "
                            "(c3 = 3, H = lambda = 1, n = 1000: 1.497 > 1); no conversion from E|M - x*| to excess loss.",
                            "add E[f - inf f] >= (lambda/2)(E|M - x*|)^2 (SC + Jensen) and require t < 1 or c3 < 2 lambda/H."),
    "001.prop4": ok("NUMERIC", "001.prop4.harness", "001.prop4.minimax_lp", "001.prop4.general_argument",
                    T + "test_superefficiency.py::test_modulus_exact_and_bounds",
                    T + "test_superefficiency.py::test_len_is_hamming_distance_and_lipschitz",
                    T + "test_superefficiency.py::test_mechanism_is_eps_dp",
                    T + "test_superefficiency.py::test_prop4_conclusion_random_instances",
                    T + "test_superefficiency.py::test_minimax_lp_bounds_every_mechanism",
                    notes="l read as the identity (undefined in the text, AUD-32). Harness ST-27 [STAND-IN]: quadratic "
                          "family on [-1,1], finite Omega (exhaustive S' enumeration), inverse-sensitivity mechanism with "
                          "a data-independent prior (superefficient at S), exactly eps-DP (|len_S - len_S'| <= 1). "
                          "Both readings hold on 210 (instance, radius) conclusions: min max_S' E'/omega(S;h) = 0.866, "
                          "min max_S' E'/omega(S';h) = 0.499 (>= 1/16). Over ALL eps-DP mechanisms on finite classes "
                          "Omega^n (n = 4, 5; 72 exact LPs, eps in {0.15, 0.3, 1}): minimax ratio >= 0.6276 (S) and "
                          ">= 0.4707 (S'), i.e. 1/16 holds with a factor >= 7.5 to spare. For all mechanisms and all "
                          "families the S reading is PROVED with constant 1/(2(e+1)) = 0.1345 (gamma <= 1/(2e) is not "
                          "needed)."),
    "001.exp.E2": ok("STATISTICAL", "001.exp.E2.linear_convergence",
                     notes="full profile only (about 21 s): 24/24 runs contract, median per-epoch factor 0.39 (99% CI "
                           "0.31-0.44) vs schedule q^2 = 0.49; plot e2_linear_convergence.png."),
}


def skip(reason):
    return {"verdict": "SKIPPED", "checked_by": [], "skip_reason": reason}


_TXT = ("textual: presentation note; the printed text was read and agrees with the catalog, but there is no computable "
        "claim to check; ")
RESULTS.update({
    "001.audit.AUD-2": skip(_TXT + "L172 'rate one would get if eps = 0' (means eps -> infinity)."),
    "001.audit.AUD-6": skip(_TXT + "circular definition of the set F in Prop 1; our Prop 1 entry uses the intended reading "
                            "(DP for every dataset), checked in 001.priv.PC3."),
    "001.audit.AUD-7": skip("textual: unsupported complexity claims about clipped DP-SGD: the comparator is not specified in the "
                            "document, so nothing can be run; Alg 1 with Alg 5 calls an ERM solver (not linear time, "
                            "see 001.exp.E1 counts)."),
    "001.audit.AUD-13": skip(_TXT + "Alg 3 step 2 copy-paste X_i, L_i, x_{i-1}; implemented as X, L, x_0 (alg3_adaptive)."),
    "001.audit.AUD-21": skip(_TXT + "Alg 5 indexing (implemented s_{i n0+1..(i+1)n0}), radius D_i (implemented as printed), "
                             "unbalanced brackets; eta_0 vs Prop 2/3 eta both implemented (alg5_eta0, alg4_eta)."),
    "001.audit.AUD-23": skip(_TXT + "citation form (max vs sum); the numeric consequence is 001.audit.AUD-15."),
    "001.audit.AUD-24": skip(_TXT + "index typo x_hat* at L568."),
    "001.audit.AUD-29": skip(_TXT + "Cor C.1's delta > 0 line repeats the delta = 0 bound; mu undefined."),
    "001.audit.AUD-34": skip(_TXT + "class definitions (SC vs QG; richness of Omega)."),
    "001.audit.AUD-36": skip(_TXT + "typos at L820, L824."),
    "001.audit.AUD-41": skip(_TXT + "integrality: the implementation floors every size (partition, n0 = floor(n/k), "
                             "m = ceil(Thm 2 m), T = floor(n/m)) and documents that the remainder is dropped."),
    "001.audit.AUD-43": skip(_TXT + "Def 2.2.1 'equivalently' clause (f for h, differentiability)."),
    "001.audit.AUD-44": skip(_TXT + "Alg 2/3 inputs omit H, lambda, eps, delta, d, m, T; our signatures take them explicitly."),
    "001.audit.AUD-45": skip("textual: not a computable claim: lower bounds are empirical-risk minimax, upper bounds population risk; "
                             "recorded in the notes of the Thm 1/4 entries."),
    "001.audit.AUD-46": skip(_TXT + "units of the constant c in Thm 5."),
})
