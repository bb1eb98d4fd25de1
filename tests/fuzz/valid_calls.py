"""One valid call per public function (issue 21): the table the fuzz test substitutes bad values into.

``CALLS[qualified name]`` is a zero-argument function returning the keyword arguments of one valid, fast call
(``RNG`` marks a fresh ``numpy.random.default_rng(0)``).  Seeded from the arguments the test suite itself passes
(recorded once), completed by hand.  ``SKIP`` lists callables not fuzzed, each with the reason; ``ACCEPT`` the
documented special values per function and parameter (besides ``name=value`` read from the docstring);
``KNOWN`` the open findings by class (hang / crash / silent), each with its reason — the fuzz test fails on any
finding not listed here, so the list can only shrink.
"""
import math
from fractions import Fraction

import mpmath
import numpy as np
from mpmath import mpf

RNG = "__RNG__"
TIMEOUT = 2.0          # seconds per call (signal alarm in the worker; the parent kills after 3 s more)
PER_FUNCTION = 12      # substitutions per function in CI (deterministic, hash-ordered); FUZZ_FULL=1 runs all
SLOW = {}              # qualified name -> fewer substitutions for slow valid calls


def _grad1(w, x):      # per-sample gradient of f(w, x) = ||w - x||^2 / 2 (1-Lipschitz on small balls)
    return np.asarray(w, dtype=float) - np.asarray(x, dtype=float)


def _gradb(W, X):      # batched per-example gradient (rows)
    return np.asarray(W, dtype=float) - np.asarray(X, dtype=float)


def _sao(d=3, n=20):   # a SampleAccessOracle over n points in R^d
    from reference.core.oracles import SampleAccessOracle
    return SampleAccessOracle(_grad1, np.linspace(-0.5, 0.5, n * d).reshape(n, d), rng=np.random.default_rng(1),
                              per_sample_loss=lambda w, x: 0.5 * float(np.sum(np.square(np.asarray(w) - x))))


def _ident(y, *a):
    return np.asarray(y, dtype=float)


def _arb(x):
    import flint
    return flint.arb(x)


def _lsq():
    from reference.interpolation.lipschitz_extension import LeastSquaresLoss
    return LeastSquaresLoss()


def _normal(loc=0.0):
    import scipy.stats
    return scipy.stats.norm(loc, 1.0)


CALLS = {
    'reference.core.accounting._common.Interval': lambda: dict(lo=0.0, hi=1.0),
    'reference.core.accounting.approx_rdp.approx_rdp_compose': lambda: dict(pairs=[(0.9728119352557287, 0.0)], dps=None),
    'reference.core.accounting.approx_rdp.approx_rdp_to_dp': lambda: dict(alpha=2.0, epsilon=1.0, delta=1e-5, delta_prime=1e-6),
    'reference.core.accounting.approx_rdp.rdp_mixture_bdrs18': lambda: dict(alpha=2.0, tau=0.1, s=0.01),
    'reference.core.accounting.composition.amplify_poisson': lambda: dict(epsilon=1.0, delta=1e-05, q=1.0, dps=None),
    'reference.core.accounting.composition.amplify_without_replacement': lambda: dict(epsilon=2.0, delta=1e-05, m=1, n=4, dps=None),
    'reference.core.accounting.composition.compose_advanced': lambda: dict(epsilon=0.0, delta=0.0, k=1, delta_prime=1e-09, dps=None),
    'reference.core.accounting.composition.compose_basic': lambda: dict(pairs=[(0.0, 0.0)], dps=None),
    'reference.core.accounting.composition.compose_optimal_homogeneous': lambda: dict(epsilon=0.0, delta=0.0, k=1, delta_total=1e-09, dps=None, rel_tol=1e-12),
    # TODO missing: epsilon_total
    # 'reference.core.accounting.composition.compose_optimal_homogeneous_delta': lambda: dict(epsilon=1.0, delta=1e-5, k=2, dps=None),
    'reference.core.accounting.composition.group_privacy': lambda: dict(epsilon=1.0, delta=1e-06, k=3, dps=None),
    'reference.core.accounting.composition.parallel_compose': lambda: dict(pairs=[(4.0, 0.0)]),
    'reference.core.accounting.composition.tv_to_dp': lambda: dict(epsilon=0.0, delta=0.0, eta=0.1, dps=None),
    'reference.core.accounting.gaussian.gaussian_delta': lambda: dict(epsilon=0.0, sigma=0.05, sensitivity=1, dps=None, method='certified', as_mpf=False),
    'reference.core.accounting.gaussian.gaussian_delta_arb': lambda: dict(eps=_arb(1.0), sigma=_arb(1.0), sens=_arb(1.0)),
    'reference.core.accounting.gaussian.gaussian_epsilon': lambda: dict(delta=1e-05, sigma=1.8653158174080318, sensitivity=1, rel_tol=1e-13, return_bracket=False),
    'reference.core.accounting.gaussian.gaussian_sigma': lambda: dict(epsilon=1.0, delta=1e-05, sensitivity=1, method='certified', rel_tol=1e-13, return_bracket=False),
    'reference.core.accounting.gaussian.gdp_compose': lambda: dict(mus=[0.0], dps=None),
    'reference.core.accounting.gaussian.gdp_delta': lambda: dict(epsilon=0.0, mu=2.5066282746309618e-200, dps=None, method='exact', as_mpf=False),
    'reference.core.accounting.gaussian.gdp_mu': lambda: dict(epsilon=0.0, delta=1e-200, rel_tol=1e-13),
    'reference.core.accounting.hockey_stick.hockey_stick_density': lambda: dict(p=lambda x: _normal(1.0).pdf(float(x)), q=lambda x: _normal().pdf(float(x)), epsilon=1.0),
    'reference.core.accounting.hockey_stick.hockey_stick_density_arb': lambda: dict(p=lambda x: x.exp(), q=lambda x: (2 * x).exp(), c=_arb(1.0), a=0.0, b=1.0),
    'reference.core.accounting.hockey_stick.hockey_stick_finite': lambda: dict(p=[Fraction(1, 2), Fraction(1, 2)], q=[Fraction(1, 4), Fraction(3, 4)], epsilon=None, exp_epsilon=2, dps=None, certified=False),
    # TODO missing: interval, kind, passes, seconds
    # 'reference.core.accounting.pld.BracketDetails': lambda: dict(h=0.1),
    'reference.core.accounting.pld.DominatingPair': lambda: dict(),
    'reference.core.accounting.pld.FinitePair': lambda: dict(p=[0.5, 0.5], q=[0.25, 0.75]),
    'reference.core.accounting.pld.GaussianPair': lambda: dict(sigma=1.0, sensitivity=1),
    'reference.core.accounting.pld.LaplacePair': lambda: dict(b=2, sensitivity=1),
    'reference.core.accounting.pld.SubsampledGaussianPair': lambda: dict(q=0.1, sigma=1.0, sensitivity=1, direction='remove'),
    'reference.core.accounting.pld.dpsgd_delta_bracket': lambda: dict(q=0.1, sigma=1.0, T=4, epsilon=1.0, rel_width=0.001, max_refinements=3),
    'reference.core.accounting.pld.dpsgd_epsilon_bracket': lambda: dict(q=0.1, sigma=1.0, T=4, delta=1e-5, width=None, rel_width=0.001, max_refinements=3),
    # TODO missing: pair
    # 'reference.core.accounting.pld.pld_bracket': lambda: dict(T=4, delta=None, epsilon=None, width=None, rel_width=0.001, directions='both', max_refinements=3),
    # TODO missing: pair
    # 'reference.core.accounting.pld.pld_bracket_details': lambda: dict(T=4, delta=None, epsilon=None, width=None, rel_width=0.001, directions='both', max_refinements=3, k0=None),
    'reference.core.accounting.pld.randomized_response_pair': lambda: dict(epsilon=1.0),
    'reference.core.accounting.rdp.dpsgd_epsilon': lambda: dict(q=0.01, sigma=1.0, steps=1000, delta=1e-05, certified=False, method='improved', return_order=False, dps=None),
    'reference.core.accounting.rdp.dpsgd_rdp': lambda: dict(q=1.0, sigma=2.0, steps=10, dps=None),
    'reference.core.accounting.rdp.rdp_compose': lambda: dict(curves=[[299.99999999999994, 399.99999999999994, 1599.9999999999998, 12799.999999999998], [0.00302974786289646, 0.00403966381719528, 0.01615865526878112, 0.12926924215024896]], counts=[1, 0]),
    'reference.core.accounting.rdp.rdp_gaussian': lambda: dict(alpha=1.5, sigma=0.05, sensitivity=1, dps=None),
    'reference.core.accounting.rdp.rdp_laplace': lambda: dict(alpha=2.0, b=2.0, sensitivity=1.0),
    'reference.core.accounting.rdp.rdp_subsampled_gaussian': lambda: dict(alpha=2, q=1e-06, sigma=0.3, method='exact', as_arb=False, dps=None),
    # TODO missing: orders:<class 'set'>
    # 'reference.core.accounting.rdp.rdp_subsampled_gaussian_arb': lambda: dict(q=0.5064113984526722, sigma=0.3, target_bits=60),
    'reference.core.accounting.rdp.rdp_to_dp': lambda: dict(alphas=[1.5, 2, 3, 4, 8, 16, 32, 64, 128], rdps=[8.333333333333334, 11.111111111111112, 16.666666666666668, 22.222222222222225, 44.44444444444445, 88.8888888888889, 177.7777777777778, 355.5555555555556, 711.1111111111112], delta=1e-12, method='mironov', dps=None, certified=False, return_order=False),
    # TODO missing: rdps
    # 'reference.core.accounting.rdp.rdp_to_dp_delta': lambda: dict(alphas=np.array([2.0, 4.0, 8.0]), epsilon=1.0, method='improved', dps=None, return_order=False),
    'reference.core.accounting.zcdp.cks_objective': lambda: dict(alpha=mpf('364670.19803889633'), rho=mpf('9.9999999999999995e-7'), delta=mpf('9.9999999999999998e-201')),
    'reference.core.accounting.zcdp.dp_to_zcdp': lambda: dict(epsilon=1.0, dps=None),
    'reference.core.accounting.zcdp.zcdp_compose': lambda: dict(rhos=[0.0], dps=None),
    'reference.core.accounting.zcdp.zcdp_gaussian': lambda: dict(sigma=1.0, sensitivity=1, dps=None),
    'reference.core.accounting.zcdp.zcdp_to_dp': lambda: dict(rho=1e-06, delta=1e-200, method='standard', dps=None, return_order=False),
    # TODO missing: points
    # 'reference.core.aggregation.aggregate': lambda: dict(Delta=1.0),
    'reference.core.geometry.as_vector': lambda: dict(name='center', v=np.array([0.0]), d=1, allow_batch=False),
    'reference.core.geometry.check_radius': lambda: dict(name='radius', r=0.0, allow_inf=True, allow_zero=True),
    'reference.core.geometry.proj_box': lambda: dict(y=np.array([0.0]), lower=np.array([-1.0]), upper=np.array([0.5])),
    'reference.core.geometry.proj_l1_ball': lambda: dict(y=np.array([0.0]), radius=0.0, center=np.array([0.0])),
    'reference.core.geometry.proj_l2_ball': lambda: dict(y=np.array([0.0]), center=np.array([0.0]), radius=0.0),
    'reference.core.geometry.proj_simplex': lambda: dict(y=np.array([0.001]), total=0.001),
    'reference.core.geometry.proj_two_balls': lambda: dict(y=np.array([-0.08655716943651937, -0.14709665846845502]), c1=np.array([-0.08655716943651937, -0.14709665846845502]), r1=2.7644400586498485, c2=np.array([-0.09973181898472123, -0.0601792734905171]), r2=2.7644400586498485, return_multipliers=False),
    'reference.core.geometry.two_balls_kkt': lambda: dict(y=np.array([0.0, 0.0]), x=np.array([0.0, 0.0]), c1=np.array([0.0, 0.0]), r1=0.1, c2=np.array([0.0, 0.0]), r2=0.1, multipliers=(0.0, 0.0)),
    'reference.core.mechanisms.above_threshold': lambda: dict(queries=[0.0, 0.5, 2.0], threshold=1.0, epsilon=1.0, sensitivity=1.0, rng=RNG),
    'reference.core.mechanisms.exponential_mechanism': lambda: dict(scores=np.array([0.0, 1.0, 2.0]), epsilon=1.0, sensitivity=1.0, rng=RNG, u=None, method='inverse_cdf'),
    'reference.core.mechanisms.exponential_mechanism_1d': lambda: dict(score=lambda x: -abs(x), lo=-1.0, hi=2.0, epsilon=3.0, sensitivity=1.0, rng=RNG, dps=15, panels=4),
    'reference.core.mechanisms.exponential_mechanism_probabilities': lambda: dict(scores=np.array([0.0, 1.0, 2.0]), epsilon=1.0, sensitivity=1.0),
    'reference.core.mechanisms.gaussian_mechanism': lambda: dict(value=np.array([-0.9805271710302613, -0.8174783249223175, -1.027881871299033]), sensitivity=0.2699839644331278, sigma=0.7855620163687844, rng=None, noise=np.array([-0.12283564424999371, 0.7352484506321988, 2.0841415608111813])),
    'reference.core.mechanisms.laplace_mechanism': lambda: dict(value=np.array([-0.9805271710302613, -0.8174783249223175, -1.027881871299033]), sensitivity=0.2699839644331278, epsilon=0.7855620163687844, rng=None, noise=np.array([0.04060972169327909, -1.0387088890391685, -0.2939605793038117])),
    'reference.core.mechanisms.report_noisy_max': lambda: dict(scores=np.array([0.0, 1.0, 2.0]), epsilon=1.0, sensitivity=1.0, rng=RNG, noise=None, distribution='laplace', monotone=False),
    'reference.core.oracles.GradientOracle': lambda: dict(grad=lambda w: np.asarray(w, dtype=float), dim=3),
    'reference.core.oracles.QueryCounter': lambda: dict(),
    'reference.core.oracles.SampleAccessOracle': lambda: dict(per_sample_grad=_grad1, data=np.linspace(-1, 1, 60).reshape(20, 3), rng=RNG),
    'reference.core.oracles.StochasticGradientOracle': lambda: dict(sample_grad=lambda w, r: np.asarray(w, dtype=float), rng=RNG, dim=3),
    'reference.core.oracles.ValueOracle': lambda: dict(f=lambda w: float(np.sum(np.square(w))), dim=3),
    'reference.core.oracles.draw_indices_with_replacement': lambda: dict(n=4, m=1, rng=RNG),
    'reference.core.problems.AbsSum': lambda: dict(A=np.eye(3), b=np.ones(3)),
    'reference.core.problems.ClassificationData': lambda: dict(A=np.eye(3), y=np.array([1.0, -1.0, 1.0]), x_star=np.array([1.0, -1.0, 1.0]), margin=1.0),
    'reference.core.problems.HuberAtoms': lambda: dict(A=np.eye(3), b=np.ones(3), delta=0.5),
    'reference.core.problems.LinearProblem': lambda: dict(g=np.ones(3)),
    'reference.core.problems.LogisticAtoms': lambda: dict(A=np.eye(3), y=np.array([1.0, -1.0, 1.0])),
    'reference.core.problems.MeanEstimation': lambda: dict(mean=np.zeros(3), trace_cov=1.0),
    'reference.core.problems.NormDistance': lambda: dict(L=1.0, c=np.zeros(3)),
    'reference.core.problems.QuadraticProblem': lambda: dict(A=np.eye(3), b=np.ones(3)),
    'reference.core.problems.RegressionData': lambda: dict(A=np.eye(3), b=2, x_star=np.zeros(3), loss='squared', delta=1.0),
    'reference.core.problems.gaussian_abs_moment': lambda: dict(k=3.0, sigma=1.0, dps=None),
    'reference.core.problems.heavy_tailed_mean_estimation': lambda: dict(rng=RNG, n=1000, d=4, k=4.0, law='student_t', mean=[1.0, 2.0, 3.0, 4.0], gamma=1.0, shape=None),
    'reference.core.problems.heavy_tailed_variance': lambda: dict(k=4.0, law='student_t', gamma=1.0, shape=None),
    'reference.core.problems.huber': lambda: dict(u=np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]), delta=0.3),
    'reference.core.problems.huber_grad': lambda: dict(u=0.0, delta=0.3),
    'reference.core.problems.interpolating_classification': lambda: dict(rng=RNG, n=50, d=3, x_star=None, margin=0.2),
    'reference.core.problems.interpolating_regression': lambda: dict(rng=RNG, n=30, d=4, x_star=None, loss='huber', delta=0.3, design='gaussian', k=4.0),
    'reference.core.problems.lomax_moment': lambda: dict(alpha=5.0, k=4.5, dps=None),
    'reference.core.problems.pareto_moment': lambda: dict(alpha=0.5, k=2, xm=1.0, dps=None),
    'reference.core.problems.sample_heavy_tailed': lambda: dict(rng=RNG, size=10, k=3.0, law='three_point', gamma=1.0, shape=None),
    'reference.core.problems.smoothed_abs': lambda: dict(mu=np.array([0.04274709773533143, -0.02053056895087458, 0.031220173202026337, 0.09345317754184725]), s=np.array([0.5, 0.49999999999999994, 0.49999999999999994, 0.5])),
    'reference.core.problems.smoothed_abs_grad': lambda: dict(mu=np.array([0.7322673547034516, 0.5442589828573099, 0.31630015636915454, -0.4116305363741328, -1.0425133694426776]), s=np.array([0.33294179468872837, 0.32737466901721807, 0.8792925779479684, 0.7055973341085887, 1.3234360566069163])),
    'reference.core.problems.smoothed_abs_hess': lambda: dict(mu=1.0, s=2),
    'reference.core.problems.smoothed_abs_mp': lambda: dict(mu=1.0, s=2, dps=30),
    'reference.core.problems.smoothed_norm': lambda: dict(r=1.0, rho=0.5, d=3),
    'reference.core.problems.smoothed_norm_grad': lambda: dict(v=np.array([0.1, -0.2, 0.3]), rho=0.5),
    'reference.core.problems.smoothed_norm_hess': lambda: dict(v=np.array([0.1, -0.2, 0.3]), rho=0.5),
    'reference.core.problems.smoothed_norm_mp': lambda: dict(v=np.array([0.1, -0.2, 0.3]), rho=0.5, dps=30),
    'reference.core.problems.solve_strongly_convex': lambda: dict(grad=lambda w: np.asarray(w, dtype=float) - 1.0, x0=np.zeros(3), mu=1.0, smoothness=1.0),
    'reference.core.problems.student_t_abs_moment': lambda: dict(nu=4.5, k=4.0, dps=None),
    'reference.core.problems.three_point_abs_moment': lambda: dict(a=5.0, k_law=4.0, k=4.0),
    'reference.core.randomness.Source': lambda: dict(rng=RNG, draws=None, record=False, single=None),
    'reference.core.samplers.clip_coordinates': lambda: dict(x=np.array([0.0, 0.0, 0.0]), C=0.0),
    'reference.core.samplers.clip_l2': lambda: dict(x=np.array([0.0, 0.0, 0.0]), C=0.0),
    'reference.core.samplers.inverse_cdf_sample': lambda: dict(cdf=lambda x: x, lo=0.0, hi=1.0, rng=RNG, dps=15),
    'reference.core.samplers.l2_norm': lambda: dict(x=np.array([0.0])),
    'reference.core.samplers.poisson_subsample': lambda: dict(n=0, q=0.0, rng=None, noise=np.array([])),
    'reference.core.samplers.sample_with_replacement': lambda: dict(n=8, m=0, rng=None, noise=np.array([])),
    'reference.core.samplers.sample_without_replacement': lambda: dict(n=0, m=0, rng=None, noise=np.array([])),
    'reference.core.samplers.truncated_gaussian_ball': lambda: dict(mean=np.array([0.3]), sigma=0.1, radius=0.5, rng=None, center=None, max_attempts=1000000, noise=np.array([[0.3448049316296533]])),
    'reference.core.samplers.uniform_l2_ball': lambda: dict(d=1, radius=0.0, rng=None, size=None, center=np.array([-1.0]), noise=(np.array([-0.02529933624311576]), np.array(0.6245740308201424))),
    'reference.core.strategies.NeighbouringPair': lambda: dict(D=np.zeros((3, 2)), D_prime=np.ones((3, 2)), kind="replace", index=0),
    'reference.core.strategies.datasets': lambda: dict(n=6, d=5, max_n=20, max_d=8, radius=1.0),
    'reference.core.strategies.deltas': lambda: dict(min_value=1e-12, max_value=0.5),
    'reference.core.strategies.dimensions': lambda: dict(min_value=1, max_value=64),
    'reference.core.strategies.dp_params': lambda: dict(min_epsilon=0.001, max_epsilon=100.0, min_delta=1e-12, max_delta=0.5),
    'reference.core.strategies.epsilons': lambda: dict(min_value=0.001, max_value=100.0),
    'reference.core.strategies.log_uniform': lambda: dict(min_value=0.01, max_value=1000.0, extremes=True),
    'reference.core.strategies.neighbouring_datasets': lambda: dict(kind='user_level', n=3, d=2, m=4, max_n=12, max_d=6, max_m=5, radius=1.0),
    'reference.core.strategies.points_in_ball': lambda: dict(d=11, radius=0.001, center=np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])),
    'reference.core.strategies.renyi_orders': lambda: dict(max_value=1000.0),
    'reference.core.strategies.rhos': lambda: dict(min_value=0.0001, max_value=100.0),
    'reference.core.strategies.sigmas': lambda: dict(min_value=0.01, max_value=1000.0),
    # TODO missing: direction
    # 'reference.core.testing.AuditEvent': lambda: dict(threshold=1.0),
    # TODO missing: epsilon_lb, A1, A2, sizes, predicted, n_select
    # 'reference.core.testing.AuditResult': lambda: dict(beta=1.0, delta=1e-5, n1=10, n0=10, n_samples=20, rho_lb=math.nan, mu0_lb=math.nan, details=''),
    # TODO missing: passed, estimate, target, method, max_ratio
    # 'reference.core.testing.MeanTestResult': lambda: dict(lower=0.0, upper=1.0, radius=1.0, alpha=0.5, n=20, details=''),
    'reference.core.testing.assert_moment': lambda: dict(samples=np.linspace(-1, 1, 20), target=0.5, range_width=2.0),
    'reference.core.testing.assert_unbiased': lambda: dict(samples=np.linspace(-1, 1, 20), target=0.0, range_width=2.0),
    'reference.core.testing.audit_bound_from_counts': lambda: dict(n1=300, n0=100, n_samples=10000.0, delta=0.0, beta=0.05, m=1),
    'reference.core.testing.audit_epsilon': lambda: dict(mechanism=lambda D, rng, *a: float(D) + rng.laplace(), D=0.0, D_prime=1.0, statistic=None, n_samples=2000, rng=RNG),
    'reference.core.testing.bernstein_radius': lambda: dict(n=1, alpha=1e-12, variance_bound=2.5e-07, range_width=0.001, side='two-sided'),
    'reference.core.testing.bonferroni': lambda: dict(alpha=0.2182437134905544, m=1),
    'reference.core.testing.clopper_pearson': lambda: dict(k=10, n=10, alpha=0.05, side='two-sided'),
    'reference.core.testing.empirical_bernstein_radius': lambda: dict(samples=np.array([[0.6369616873214543, 0.2697867137638703, 0.04097352393619469], [0.016527635528529094, 0.8132702392002724, 0.9127555772777217], [0.6066357757671799, 0.7294965609839984, 0.5436249914654229], [0.9350724237877682, 0.8158535541215322, 0.002738500170148095], [0.8574042765875693, 0.033585575305464355, 0.7296554464299441], [0.17565562060255901, 0.8631789223498866, 0.5414612202490917], [0.2997118905373848, 0.42268722119765845, 0.028319671145462966], [0.12428327649956394, 0.6706244146936303, 0.6471895115742501], [0.6153851114812539, 0.38367755426188344, 0.997209935789211], [0.9808353387762301, 0.6855419844806947, 0.6504592762678163], [0.6884467305709401, 0.3889214239791038, 0.13509650502241122], [0.7214883401940817, 0.5253543224757259, 0.31024187555895566], [0.4858353588317891, 0.8894878343490003, 0.9340435159562497], [0.35779519670907023, 0.5715298307297609, 0.32186939107594215], [0.5943000301996968, 0.33791122550713326, 0.39161900052816123], [0.8902743520047923, 0.22715759353337972, 0.6231871446860424], [0.08401534358238483, 0.8326441476533978, 0.7870983074886834], [0.23936944299295215, 0.8764842308107038, 0.05856803480519435], [0.3361170605456604, 0.15027946689483906, 0.450339366649287], [0.7963242702872942, 0.23064220899374743, 0.05202130106440961], [0.4045518398215282, 0.19851304450925533, 0.0907530456191219], [0.5803323859868507, 0.2986961328189226, 0.6719948779563594], [0.1995154439682133, 0.9421131105064978, 0.36511016824482856], [0.10549527957022953, 0.6291081515397092, 0.9271545530678674], [0.440377154715784, 0.9545904936907372, 0.499895813687647], [0.42522862484907553, 0.6202134520153778, 0.9950965052353241], [0.9489436749377653, 0.4600451393090961, 0.7577288453082914], [0.49742269548761897, 0.5293121601967704, 0.7857857007138075], [0.4146558493556708, 0.7344835717887294, 0.7111428779897498], [0.9320596866133782, 0.1149326332809052, 0.7290151170763094], [0.9274239286245599, 0.9679261899246464, 0.014706304965369288], [0.8636400902455758, 0.9811950400663443, 0.9572101796109636], [0.1487640122324979, 0.972628813822955, 0.8899355557205206], [0.8223738275430704, 0.4799879238078322, 0.23237291963930384], [0.8018805787183079, 0.9235301597834695, 0.2661302722922926], [0.5389344076221869, 0.4427528289745315, 0.931017315981155], [0.040510711188434634, 0.7320061956565608, 0.6143732469489966], [0.028365365113521057, 0.7192197728267403, 0.015991729523571974], [0.7579510023564281, 0.512758723262078, 0.9291042207970062], [0.06608249672407474, 0.8413172796123832, 0.0666900087671014], [0.34430997880412517, 0.4302987319478333, 0.9660620807840702], [0.562231842228457, 0.25886459317093224, 0.24167571409434496], [0.8881183206591798, 0.22586942841732438, 0.1245547058352835], [0.2883307570075776, 0.5861230648127328, 0.5540905021732678], [0.8097107759127777, 0.5604759520061858, 0.2884212144312105], [0.4128963426808927, 0.8181209709709104, 0.6265064624197535], [0.9590776426974422, 0.3694044110916809, 0.5526115105212872], [0.5939242016131683, 0.84829120827506, 0.14547353818653175], [0.40651033674812664, 0.909958961662297, 0.043066888568204176], [0.8227062801815019, 0.41538403737122465, 0.8298039852781027]]), alpha=0.1, range_width=1.0, side='two-sided'),
    'reference.core.testing.hoeffding_radius': lambda: dict(n=100, alpha=0.05, range_width=2.0, side='upper'),
    'reference.core.testing.median_of_means_radius': lambda: dict(n=1000, alpha=1e-06, variance_bound=4.0),
    'reference.core.testing.optimal_threshold_audit': lambda: dict(P=_normal(1.0), Q=_normal(), delta=1e-5),
    'reference.core.testing.plan_threshold_audit': lambda: dict(P=_normal(1.0), Q=_normal(), delta=1e-5, n_samples=100000, beta=0.05),
    'reference.core.testing.poisson_interval': lambda: dict(k=np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49]), alpha=0.001, side='two-sided'),
    'reference.core.testing.test_moment': lambda: dict(samples=np.linspace(-1, 1, 20), target=0.5, range_width=2.0),
    'reference.core.testing.test_unbiased': lambda: dict(samples=np.linspace(-1, 1, 20), target=0.0, range_width=2.0),
    'reference.core.tree.TreeAggregator': lambda: dict(T=4, sigma=1.0, dim=1, rng=RNG),
    'reference.core.tree.leaf_memberships': lambda: dict(T=7, index_range='complete'),
    'reference.core.tree.node_leaves': lambda: dict(j=1, k=1),
    'reference.core.tree.node_of_step': lambda: dict(s=2),
    'reference.core.tree.prefix_incidence': lambda: dict(T=8),
    'reference.core.tree.prefix_nodes': lambda: dict(s=1),
    'reference.core.tree.prefix_noise_covariance': lambda: dict(T=6, sigma=0.019425585578209503),
    'reference.core.tree.tree_depth': lambda: dict(T=1),
    'reference.core.tree.tree_l2_sensitivity': lambda: dict(T=7, C=1.0, index_range='complete'),
    'reference.core.tree.tree_nodes': lambda: dict(T=1, index_range='complete'),
    'reference.core.tree.tree_prefix_sums': lambda: dict(values=np.array([[0.1257302210933933]]), sigma=0.0, rng=RNG, noise=None, index_range='complete'),
    'reference.core.validation.choice': lambda: dict(name='method', v='a', allowed=('a', 'b')),
    'reference.core.validation.generator': lambda: dict(name='rng', rng=None, allow_none=True),
    'reference.core.validation.in_range': lambda: dict(name='p', v=0.0, lo=0.0, hi=1.0, lo_open=False, hi_open=False, allow_inf=False),
    'reference.core.validation.integer': lambda: dict(name='n', v=2, lo=1, hi=None),
    'reference.core.validation.matrix': lambda: dict(name='X', v=[[1, 2], [3, 4]], shape=(None, 2)),
    'reference.core.validation.nonnegative': lambda: dict(name='delta', v=-0.0, allow_inf=False),
    'reference.core.validation.positive': lambda: dict(name='eps', v=8.943385310341328e-145, allow_inf=False),
    'reference.core.validation.positive_int': lambda: dict(name='n', v=4441),
    'reference.core.validation.probability': lambda: dict(name='q', v=1.0, allow_zero=True, allow_one=True),
    'reference.core.validation.real': lambda: dict(name='L', v=2.6233924463120997, allow_inf=False),
    'reference.core.validation.vector': lambda: dict(name='w', v=[1, 2, 3], d=3, allow_empty=False),
    # TODO missing: name
    # 'reference.heavy_tailed.distributions.HeavyTailedLaw': lambda: dict(k=2, gamma=1.0, param=0.0),
    'reference.heavy_tailed.distributions.clip_bias_bound_corrected': lambda: dict(k=2, tau=1.0, delta=1e-5),
    'reference.heavy_tailed.distributions.clip_bias_bound_paper': lambda: dict(k=2, tau=1.0, C=14.0),
    'reference.heavy_tailed.distributions.pareto': lambda: dict(k=3, alpha=None, gamma=1.0),
    'reference.heavy_tailed.distributions.student_t': lambda: dict(k=3, nu=None, gamma=1.0),
    'reference.heavy_tailed.distributions.three_point': lambda: dict(k=3, a=2.0, gamma=1.0),
    'reference.heavy_tailed.lower_bounds.cdp_fano_rhs': lambda: dict(r=1.0, M=64, n=50, rho=0.2, alpha=0.05, kl=None, kl_is_per_sample=True),
    'reference.heavy_tailed.lower_bounds.eps_dp_fano_mi_rhs': lambda: dict(r=1.0, M=2, n=20, eps=1.0, tv=0.1),
    'reference.heavy_tailed.lower_bounds.eps_dp_fano_rhs': lambda: dict(r=1.0, M=2, n=20, eps=1.0, tv=0.1),
    'reference.heavy_tailed.lower_bounds.gaussian_abs_moment': lambda: dict(k=2),
    'reference.heavy_tailed.lower_bounds.greedy_constant_weight_code': lambda: dict(d=8, min_dist=2, rng=RNG, size=4, max_tries=2000),
    'reference.heavy_tailed.lower_bounds.gv_bound': lambda: dict(d=16),
    'reference.heavy_tailed.lower_bounds.lb_convex': lambda: dict(n=20, d=3, k=2, rho=0.5),
    'reference.heavy_tailed.lower_bounds.lb_mean_cdp': lambda: dict(n=10000, d=64, k=2, rho=1.0, lnM=None),
    'reference.heavy_tailed.lower_bounds.lb_mean_cdp_at': lambda: dict(p=1.008346394327159e-06, n=10000, d=64, k=2, rho=1.0, lnM=None),
    'reference.heavy_tailed.lower_bounds.lb_mean_pure': lambda: dict(n=20, d=3, k=2, eps=1.0, lnM=None, method='mi'),
    'reference.heavy_tailed.lower_bounds.lb_mean_pure_at': lambda: dict(p=0.5, n=20, d=3, k=2, eps=1.0, lnM=None, method='mi'),
    'reference.heavy_tailed.lower_bounds.lb_strongly_convex': lambda: dict(n=20, d=3, k=2, rho=0.5),
    'reference.heavy_tailed.lower_bounds.packing_central_moment': lambda: dict(p=0.3334223828379424, k=3.9649803339000873),
    'reference.heavy_tailed.lower_bounds.packing_mean': lambda: dict(nu=np.array([1, 0, 1, 0]), p=0.1, k=3.0),
    'reference.heavy_tailed.lower_bounds.sample_packing': lambda: dict(nu=np.array([1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]), p=0.1, k=2, n=100, rng=None, draws=np.array([0.8702492039700847, 0.28681720908755537, 0.6031481500515619, 0.7775340829201788, 0.7160746296035653, 0.9153801204905075, 0.8603936491828846, 0.9182376290487624, 0.026587734467597213, 0.4372480001295087, 0.48494432697728806, 0.06515419737010752, 0.005626050679392924, 0.830621436971257, 0.9833022442861755, 0.7846098526726796, 0.31560348997827314, 0.7053337045894538, 0.2991810731982467, 0.7407484828757487, 0.279747219748287, 0.7825909153281315, 0.9877407468945767, 0.9862385492802385, 0.8828625669966758, 0.9128100517839179, 0.7082069141031725, 0.5544968772635087, 0.9232382080702205, 0.08973077985431255, 0.37013154514000746, 0.6059389435092629, 0.4777298969186856, 0.7928578804972283, 0.19508639347904655, 0.06225349741666342, 0.12651840723991825, 0.9627815849171627, 0.13277453722943044, 0.22609832736317137, 0.3770563709562187, 0.6234216413407959, 0.7820961306693027, 0.07864889376928119, 0.9312374531430352, 0.7627917243487864, 0.32096411772430655, 0.18933201942823097, 0.5959528877870331, 0.5946892267614896, 0.26746835883047926, 0.16939281305633924, 0.766467257480158, 0.6726752525807207, 0.8002493507325811, 0.21957669144976344, 0.7232085295481048, 0.0746047129048496, 0.007337994459361119, 0.17943452569009366, 0.7820426720607044, 0.5400694637244676, 0.6167050084661568, 0.5925262356782043, 0.6358831294883689, 0.3229057945509941, 0.7206033319132421, 0.014666523351324678, 0.37721980365326835, 0.054663900726570125, 0.1258225746251853, 0.904587769709033, 0.602545025133487, 0.790930954742444, 0.6057196931350869, 0.5718909026950117, 0.7949658727905895, 0.6231499844112809, 0.5103146007855149, 0.5565428896545641, 0.5689172345246186, 0.3420260911898648, 0.6677589371927476, 0.40686560591652, 0.6545173130155203, 0.48477342300811965, 0.7484342317637626, 0.6930607086500264, 0.039446056517393524, 0.7821561154739692, 0.896687473585173, 0.33103073139171024, 0.7329296467294051, 0.8452958269132012, 0.49880760496402243, 0.12908454350189047, 0.7314596899429796, 0.8386882850091119, 0.3115337102174045, 0.2185536641978828])),
    'reference.heavy_tailed.mean_estimators.cdp_cwme': lambda: dict(X=np.array([[2.644910719844791], [2.283322483412612]]), rho=0.04524635352244814, tau=18.342355968276713, beta=0.32298609909523096, rng=None, m=2, noise=np.array([1.5139237747390626]), sensitivity_constant=12.0, draws=None),
    'reference.heavy_tailed.mean_estimators.cdp_cwme_sigma': lambda: dict(n=2, d=1, tau=18.342355968276713, m=2, rho=0.04524635352244814, sensitivity_constant=12.0),
    'reference.heavy_tailed.mean_estimators.cdp_nsme': lambda: dict(X=np.array([[-0.46000302770888435], [-0.5221812424519097], [-0.07627293492057552], [-0.7446482481281257]]), rho=1.5956392352097197, tau=5.491613210692036, rng=None, c=1.0, noise=np.array([2.0841415608111813]), variant='corrected', draws=None),
    'reference.heavy_tailed.mean_estimators.cwme': lambda: dict(X=np.array([[-0.013954554896558946], [-1.7887931620740605]]), tau=18.342355968276713, beta=0.32298609909523096, m=2),
    'reference.heavy_tailed.mean_estimators.cwme_num_blocks': lambda: dict(d=1, beta=0.349969164505161),
    'reference.heavy_tailed.mean_estimators.cwme_sensitivity': lambda: dict(n=20, d=3, tau=1.0, m=2, which='true', norm='l2'),
    'reference.heavy_tailed.mean_estimators.dp_cwme': lambda: dict(X=np.array([[0.446501808365209, 2.182975601036212, 0.07558188999794895], [0.07376132786031774, -1.0287283396830273, 1.0471767667092355], [-3.4882414273806273, -0.0500420793739394, 0.6838820184339746], [0.519790644430715, 0.05573427203072042, -0.46812931187005663], [1.5301153142827417, 0.4288776242132506, 0.4071193009177449], [0.43788470844868876, -0.6308663785010751, -1.3124888382645128], [1.8744119044572716, -0.66966007820706, 1.884921245367237], [-0.6502655450227671, 1.543952681092085, -1.571874567620082], [0.2751738207719816, -1.4535686145503912, -1.673303254711408]]), epsilon=1.2201834417329254, tau=2.113688042837734, beta=0.5235673426752924, rng=None, m=5, noise=np.array([0.04060972169327909, -1.0387088890391685, -0.2939605793038117]), sensitivity_constant=12.0, draws=None),
    'reference.heavy_tailed.mean_estimators.dp_cwme_scale': lambda: dict(n=38, d=3, tau=18.582484281668023, m=13, epsilon=1.7024659744539052, sensitivity_constant=12.0),
    'reference.heavy_tailed.mean_estimators.nsme': lambda: dict(X=np.array([[-0.46000302770888435], [-0.5221812424519097], [-0.07627293492057552], [-0.7446482481281257]]), tau=5.491613210692036, c=1.0),
    'reference.heavy_tailed.mean_estimators.nsme_sigma': lambda: dict(n=60, d=3, tau=10.0, rho=0.5, c=1.0, variant='corrected'),
    'reference.heavy_tailed.mean_estimators.phi': lambda: dict(y=np.array([0.1, -0.2, 0.3])),
    'reference.heavy_tailed.mean_estimators.psi': lambda: dict(y=np.array([[-0.08376464438778568], [-0.0950870395306129], [-0.013888985257023197], [-0.1355973590198075]]), c=1.0),
    'reference.heavy_tailed.mean_estimators.psi_limit': lambda: dict(c=1.0),
    'reference.heavy_tailed.mean_estimators.psi_mp': lambda: dict(y=1.5, c=0.05, method='quad'),
    'reference.heavy_tailed.mean_estimators.psi_sup': lambda: dict(c=1.0),
    # TODO missing: grad_rows
    # 'reference.heavy_tailed.sco.BatchSampleAccessOracle': lambda: dict(data=np.linspace(-1, 1, 60).reshape(20, 3)),
    'reference.heavy_tailed.sco.G_thm5_7_standin': lambda: dict(n=300, d=2, k=2, rho=1.0),
    # TODO missing: setting, mode
    # 'reference.heavy_tailed.sco.SCOParams': lambda: dict(T=4, eta=0.1, tau=1.0, beta=None, m=None, T_real=math.nan),
    'reference.heavy_tailed.sco.ball_projection': lambda: dict(center=np.array([0.13689997937496595, 0.09937173605210793]), radius=1.0068042683842375),
    # TODO missing: grad_oracle:<class 'reference.heavy_tailed.sco.BatchSampleAccessOracle'>, proj:<class 'function'>, params:<class 'reference.heavy_tailed.sco.SCOParams'>
    # 'reference.heavy_tailed.sco.cdp_sco': lambda: dict(X=np.array([[-0.29459617368384833, -1.3153415666089752], [0.16323556880227355, 2.0192706041308415], [1.4105854547941796, -0.6830398512503066], [-0.2843109028927453, -0.3014092096593313], [-0.15195502246665882, 0.9062510289481395], [0.4912980038969051, -1.2816399054374132], [-0.7547972020675067, -0.04891801514282961], [-1.692263135495977, -0.1514422612635002], [-0.6558134640966355, -0.5643261372042386]]), w0=np.array([0.3892433690661506, 0.3283921092281499]), rho=4.558161474424567, oracle='cwme', rng=None, noise=None, trace=None, c=1.0, nsme_variant='corrected', sensitivity_constant=12.0, draws=None),
    'reference.heavy_tailed.sco.cwme_oracle': lambda: dict(rho_t=0.2, tau=10.0, beta=0.2, m=None, sensitivity_constant=12.0),
    'reference.heavy_tailed.sco.nsme_oracle': lambda: dict(rho_t=0.23760741708182828, tau=7.0310877192907695, c=1.0, variant='corrected'),
    'reference.heavy_tailed.sco.params_thm5_2': lambda: dict(n=10000, d=2, k=2, rho=1.0, M=1.0, R=1.0, beta=None, alpha=None, scaled=False, balance_noise=False),
    'reference.heavy_tailed.sco.params_thm5_5': lambda: dict(n=20, d=3, rho=0.5, M=2, R=1.0, q=1.0),
    'reference.heavy_tailed.sco.params_thm5_7': lambda: dict(n=300, d=2, k=2, rho=1.0, lam=1.0, L=1.0, G=None),
    'reference.heavy_tailed.sco.quadratic_loss_oracle': lambda: dict(X=np.array([[-0.10185257844014434, -0.34881605387692355, -1.6363433800607772], [-0.5534437692869278, 0.6755136065207454, 0.2611469840374706], [-0.1623009242508776, -0.36761122141021246, -9.430785995963166], [0.3788807598377637, -0.012894558929606004, 0.44390196911708657], [-0.444218061878907, 0.9381370780269729, 0.5257678462966268], [-0.9312979854294107, 2.6729827066103455, 0.8297214201180778], [-0.2332987932481738, -1.216880090566211, 0.11176942940691323], [-2.776699672949287, -1.5532065073854424, 1.6808658941739476], [0.30001851183964084, 0.9982326026402126, 0.47579129330553654], [0.4800026052323241, -0.44006481679194226, 1.3347669209327697], [0.2740350499262343, -0.06012628654239398, -0.5504014293451789]])),
    # TODO missing: grad_oracle:<class 'reference.heavy_tailed.sco.BatchSampleAccessOracle'>, proj:<class 'function'>, mean_oracle:<class 'function'>
    # 'reference.heavy_tailed.sco.scof': lambda: dict(X=np.array([[-1.1415557022707403], [-0.8418333977175264], [0.2341132746047154], [0.25724513745588823], [0.34783157016716243]]), eta=0.29802406603271175, T=1, w0=np.array([-0.34905149292084653]), mode='convex', rng=None, noise=None, trace=None, draws=None),
    # TODO missing: loss:<class 'reference.interpolation.lipschitz_extension.LeastSquaresLoss'>
    # 'reference.interpolation.algorithms.alg1_lipschitz_extension': lambda: dict(S=np.array([[0.007959099184913658, -0.3752668396769557, 0.24918944721505684], [-0.29992171594179834, -1.3785746841359137, 0.7188970307277397], [-0.8068459276211205, 1.65405754880043, -0.5634129928769156], [-0.6712332162517173, -1.0540937876234928, 0.6046921285793808], [0.33732633257503086, 1.407272199556532, -0.5623297840872215], [-1.454024302481208, -0.20852184825127065, 0.4154035974184984], [-0.6320525539349078, -1.7610194743274028, 0.9291025175255282], [0.7349267092583915, -0.02344391855484465, -0.16009723729574027], [0.07144184429260535, -0.7523114724455892, 0.4513198011335021], [0.4547841629969166, -0.539297349487321, 0.02203731117904288], [-0.1429032084967607, -1.108260792181513, 0.5698076803188465], [-1.2161027602081953, 1.3355318553000226, -0.29869754856659714], [-0.5071047045384752, 0.2916803563558019, 0.05217088420905278], [-0.03379043476737232, -0.44114520276218416, 0.3765084887903062], [-0.5079609703372195, 0.6300825914455861, -0.026900100835055618], [-0.3018676045339098, -0.15144364817129202, -0.0006933913854012541], [0.022221557194479512, 1.1765083202520015, -0.6603934974366418], [0.6805109746331383, 0.3826002677279928, -0.19198853022432696]]), X=[(np.array([-0.20300248317518463, -0.00248107772950266]), 2.236131941559032)], L=1.3784973633266535, x0=np.array([-0.20300248317518463, -0.00248107772950266]), beta=0.40321353448379227, epsilon=3.414708879993108, delta=0.0, T5=None, kappa_min=2.0, rng=None, noise=None, D0=None, extension_method='auto', tau_rel=0.01, eta_scale=1.0, oracle=None, trace=None, info=None),
    # TODO missing: loss:<class 'reference.interpolation.lipschitz_extension.LeastSquaresLoss'>
    # 'reference.interpolation.algorithms.alg2_localization': lambda: dict(S=np.array([[0.41118532475255726, 1.4954732356180167, 0.5691558647376995], [0.31114279818219864, -0.8324772451972016, -0.2474101861804807], [2.0318803882508853, -1.234054102590671, -0.16485912640153494], [-0.1345385182665012, -0.07306731612303265, -0.04252015479627992], [1.4311362879789098, -0.76370324018215, -0.07969694739047757], [-0.27672012197919366, -1.7804064168339873, -0.6502419118228034], [0.3375348043583882, 0.44516248734272634, 0.19707716330508673], [0.650677300056639, -0.9267338354218425, -0.23630604747841863], [0.2363626046492526, -0.8841448459240736, -0.2748606280425853], [-0.4791188612131528, -0.07857993937359609, -0.08871742556088409], [1.2926464672619307, -0.4402814068158908, 0.01415965116108525], [0.17397289568303775, -0.8474342449998818, -0.27020647534668385], [-0.5732844194612009, -0.7051883438851831, -0.3171534237827334], [-0.16304818564259638, 0.7618706015488411, 0.24207063607763046], [-1.1113026843689302, 0.7127338161258466, 0.10321317818793836], [-0.9589356443816781, 0.32700751395201577, -0.010369687304177075], [-0.560870965666268, -0.31224180271226776, -0.17989611963172653], [-0.4021692347232762, 1.0870613289026454, 0.3236022891532639], [0.2394661460452593, 1.0559872773133139, 0.39535324773918706], [-0.38340030439777556, -0.2582603578332374, -0.1384464950200153], [1.5923687082932494, -1.6704613982986534, -0.37202224863041133], [-0.9014681893014775, -0.2014796354504079, -0.18543844887170366], [1.7977227001980955, -0.633399520432185, 0.012412210898533466], [0.7699411198902094, 1.5583218731168709, 0.6369701144857545], [-0.2608745394559887, -0.19837509448756974, -0.10202151682287315], [1.6461708345876043, -0.5787852279754228, 0.011786118422894029], [-1.0786494930343222, 0.8029630260193307, 0.13856148813487104], [-0.5418881870963893, 1.2721842522288556, 0.36955430832065317], [0.5135474956511674, -1.7799098873321286, -0.548485533603021], [0.25332469913849437, -0.014213846692776116, 0.027656409235682883], [-0.6893300001570001, 1.0785818356114014, 0.2837617304114876], [-1.797825175632008, -1.2800208576174648, -0.6730183005574124], [-0.5234266949164023, 0.7662141376599587, 0.19724534927221013], [-1.5694801544923136, -0.6661272213169701, -0.43172387344706764], [-0.7451257621496428, -1.5424983132721142, -0.6283172680684213], [-0.41986233875211537, -1.18571085332387, -0.4633282932612202], [-0.4889876495432731, 0.2486882945988942, 0.023000703047737138], [-0.9534118342920758, -0.9142826632962725, -0.4382050278999542], [-1.0316511638293742, -0.8933054947581841, -0.4410201051092235], [-1.6148024657827056, -1.2263999142508761, -0.6309794480619467], [0.07719191957678519, -0.9243544583504244, -0.30920326829026906], [3.2339018997770634, -0.8600130621304797, 0.11878938104284704], [0.4160232040597361, -1.5521503681442799, -0.48238966148803347], [-0.31256815258660375, -0.5912597525566127, -0.24430672463877134], [-0.12163392660830079, 1.2945406371939017, 0.43129425581072006], [-0.20827333894827663, -1.2501996254287515, -0.4583938112984412], [0.08347004433274519, -1.0038149259644478, -0.33582933077313026], [-0.15295570559470914, 1.5730545295598348, 0.5234226673154659], [0.9302760443668044, 1.0671787309950316, 0.48801716897484493], [0.5212999120526557, -0.031584323505555144, 0.05610626781841662], [-1.55792171748771, -0.4846561933752778, -0.36758668875649686], [-0.5406911118615139, 0.6760981800274841, 0.16391428884464998], [0.9945112303009566, 0.4785252373086558, 0.2930464214443182], [-0.7995845410759872, 1.8504661621271392, 0.5360758834431092], [1.4198445308034204, -0.217647563808852, 0.10737286143636247], [0.19711457610825392, 0.6402798930741478, 0.24638955121336617], [0.1038913332108938, -0.0985355893800558, -0.020663903626004256], [0.49441975839418695, 0.010406093909436507, 0.0671478104643233], [0.20431136185333393, -1.61135015473308, -0.5300424091879595], [-1.6075892924212571, 1.7410867124614156, 0.39444853731873986], [-1.522369386938202, 0.48722882717261135, -0.027481167839856782], [0.3203769693891191, 0.22250875841787351, 0.11800220938795636], [-0.6936047282095571, 1.0157777010524436, 0.2615296157373708], [0.3510181349783536, -0.34216112927079706, -0.07300673559849105], [-1.4072133498853296, -0.22970756507211673, -0.26019492792869603], [-0.598956468536741, -1.2583181039046392, -0.5114170154854755], [0.38112053300236753, 0.5828281330045602, 0.2502078422839475], [0.8354563243155745, 0.12421026932529662, 0.1502763293200954], [-0.2383621125961844, 1.1490908658564791, 0.36607407277402026], [0.7832782475596382, 2.32074907968081, 0.9019063650525508], [0.5771483062139039, -0.9177967306386784, -0.2426723692354253], [0.9884631944811776, 2.3570267318099143, 0.9408064313468413], [0.29937769005829046, -0.15610041187032964, -0.015408898364554223], [-0.5687140108804395, 1.9433252799360246, 0.5978119967933575], [-0.15373294449854558, -0.2112595156569885, -0.09269724213480074], [0.34181049088817905, -1.3857484195269552, -0.43448040760143275], [-0.23304622770269062, -1.2283991582206826, -0.4540518073617457], [-0.09942019984254838, 0.54260422644422, 0.17454975247506702], [0.9742494560082414, -0.37179205318903635, -0.0031232988149800744], [0.8710718051633862, -0.34345632027391115, -0.006603587816508913], [-1.6070256610252387, 0.6258801985153036, 0.009504955987723825], [-0.15362507105786222, 0.16474390375755757, 0.03712876530461261], [-2.5691738029948086, 0.2735448032045201, -0.23581532928255527], [0.31109184486697117, 0.31143821385495585, 0.14751082856494277], [1.10896493931132, -0.29332033465087887, 0.04128543019622131], [2.2237239826396973, 0.8031034492668545, 0.5631135854238434], [0.6240062021845986, -2.4214827638407037, -0.7557844675198871], [-1.8931089335359528, 1.5844553249260978, 0.30367069312106043], [0.4764431787137526, 1.020111628826446, 0.41342968414508763], [-0.29070837842375824, -0.027039805602453622, -0.046704384453095854], [0.6851477742540288, -0.6922662409590742, -0.15092699868207002], [1.4292187639176546, -1.0044193742809302, -0.1630487348201707], [0.33179445579984257, -0.15690743804118637, -0.011520504288386817], [0.47324409918150234, 1.3712556497520516, 0.5342480929369782], [-0.9960409165773517, 0.584417712265637, 0.07372940526891131], [0.2546463632537991, 0.9801493919813679, 0.37112217202853076], [0.11495698172851479, -0.3519676422063378, -0.10673683720437756], [0.6444337404067579, 1.4782007160392028, 0.5931755859113625], [0.9628000007386113, 0.3031577187509966, 0.22842588319181736], [0.5738712367020865, -1.393775189850605, -0.4074213352687754], [-0.3917389526632646, -0.10254844496126256, -0.08576010750386992], [-0.3870595211594539, -0.5505884955391186, -0.23984079534886527], [0.10272799001211093, 0.5513552694553776, 0.20355611954885416], [2.090562209365477, -0.5512598430291946, 0.07841332686326077], [-0.7597450770639842, 1.1461411757295485, 0.2980345399573959], [0.30457401615876917, -0.7397732608579033, -0.21624926915222115], [1.6805783917225179, -0.06008251955141739, 0.1952869548125869], [-0.17854256124526102, -0.4675795298506181, -0.1843788072066206], [-0.7756847304742605, 0.2452337387678607, -0.015045432331696869], [-0.8146144933956802, 2.5966355916351644, 0.7917528214540082], [0.4721570691520021, -0.11234265778539619, 0.02190803875740371], [-0.6410627914420706, 0.3851921986841414, 0.05057907241729895], [1.1213703471446088, 0.3636777921686434, 0.2697033753645978], [-1.0227874595910413, -0.11412151810058821, -0.17087375137401295], [-1.590787094915608, 1.546349279496538, 0.32937685146799783], [0.7935159419497387, 0.31705391475311406, 0.21146281221704394], [0.40146773986322654, -0.45886801578261766, -0.10681379993093204], [-0.03695022786359924, 1.070004174946362, 0.3646605239675323], [0.0649115689556174, 0.6977799398074784, 0.24924694119356486], [0.3292203916582358, 0.34133359720088696, 0.1601623021342405]]), X=[(np.array([0.019839692910639826, -0.028709106631890163]), 4.296735345411916)], L=2.0, H=4.0, lam=1.0, beta=0.005, epsilon=1.0, delta=0.0, x0=np.array([0.019839692910639826, -0.028709106631890163]), constants='paper', m=None, c=256.0, D1=None, project_output=False, rng=None, noise=None, tau_rel=0.01, eta_scale=1.0, oracle=None, trace=None, info=None),
    # TODO missing: S:<class 'numpy.ndarray'>, loss:<class 'reference.interpolation.lipschitz_extension.LeastSquaresLoss'>
    # 'reference.interpolation.algorithms.alg3_adaptive': lambda: dict(X=[(np.array([0.0, 0.0]), 1.0)], L=2.0, H=4.0, lam=1.0, beta=0.01, epsilon=1.0, delta=0.0, x0=np.array([0.0, 0.0]), constants='paper', m=None, c=256.0, c_int=128.0, project_output=False, rng=None, noise=None, tau_rel=0.01, eta_scale=1.0, oracle=None, info=None),
    # TODO missing: S:<class 'numpy.ndarray'>, loss:<class 'reference.interpolation.lipschitz_extension.LeastSquaresLoss'>
    # 'reference.interpolation.algorithms.alg6_general_kappa': lambda: dict(X1=[(np.array([0.0, 0.0]), 1.0)], L1=2.0, H=4.0, lam=1.0, kappa=3.0, beta=0.01, epsilon=1.0, delta=0.0, x0=np.array([0.0, 0.0]), T=2, variant='corrected', ck=None, D1=None, rng=None, noise=None, tau_rel=0.01, eta_scale=1.0, oracle=None, trace=None, info=None),
    'reference.interpolation.geometry.balls_intersect': lambda: dict(balls=[(np.array([0.0, 0.0]), 1.0), (np.array([-0.018003913217588704, 0.4541704932611817]), 0.000604248046875)]),
    'reference.interpolation.geometry.proj_balls': lambda: dict(y=np.array([-0.08655716943651937, -0.14709665846845502]), balls=[(np.array([-0.08655716943651937, -0.14709665846845502]), 2.7644400586498485), (np.array([-0.08655716943651937, -0.14709665846845502]), 5.528880117299697), (np.array([-0.08655716943651937, -0.14709665846845502]), 0.10772045869981335)], rtol=1e-10),
    'reference.interpolation.lipschitz_extension.CubicRidgeLoss': lambda: dict(radius=1.0),
    'reference.interpolation.lipschitz_extension.ExtendedLoss': lambda: dict(base=_lsq(), L=1.0),
    'reference.interpolation.lipschitz_extension.LeastSquaresLoss': lambda: dict(),
    'reference.interpolation.lipschitz_extension.Loss': lambda: dict(),
    'reference.interpolation.lipschitz_extension.MatrixQuadraticLoss': lambda: dict(A=np.eye(3)),
    'reference.interpolation.lipschitz_extension.QuadraticLoss': lambda: dict(H=1.0),
    'reference.interpolation.lipschitz_extension.SmoothAbsLoss': lambda: dict(L0=1.0),
    'reference.interpolation.lipschitz_extension.ext_least_squares': lambda: dict(x=np.array([-2.00077580375608]), a=np.array([-0.027271763074256376]), b=1.076769634159494, L=0.05),
    'reference.interpolation.lipschitz_extension.ext_quadratic': lambda: dict(x=np.array([3.7895201491482524]), s=np.array([0.5170807492461208]), H=0.49612859943445453, L=0.05),
    'reference.interpolation.lipschitz_extension.huber': lambda: dict(u=7.63183221372984, c=0.1943099802525417),
    'reference.interpolation.lipschitz_extension.huber_grad': lambda: dict(u=-1.0222049504747532, c=1.8333981511887771),
    # TODO missing: f:<class 'function'>, grad:<class 'function'>, prox:<class 'function'>
    # 'reference.interpolation.lipschitz_extension.lipschitz_extension': lambda: dict(x=np.array([-0.0006145149789779152, 0.0003302617939913104]), L=1.0, rtol=1e-13, max_doublings=200),
    'reference.interpolation.localization.OperationCounter': lambda: dict(),
    'reference.interpolation.localization.alg4_eta': lambda: dict(n=20, d=3, D=1.0, L=1.0, epsilon=1.0, delta=1e-5, beta=0.1),
    # TODO missing: loss:<class 'reference.interpolation.lipschitz_extension.ExtendedLoss'>
    # 'reference.interpolation.localization.alg4_localization': lambda: dict(S=np.array([[1.291327726787049, 0.37259579348270017], [-1.1374854190104973, -0.3944078474501138], [0.06229687307586445, -0.22045250552216106], [-0.38912384430306196, -0.27861656459476936], [-0.8980107010202026, -0.046181188059408185]]), X=[(np.array([-0.016645805086897378]), 1.396028842370269), (np.array([0.040836929205868844]), 1.396028842370269)], eta=0.12444846962474324, x0=np.array([0.040836929205868844]), L=2.0237677739935487, epsilon=2.2220631586158794, delta=0.0, rng=None, noise=None, laplace_reading='iid', tau_rel=0.01, oracle=None, trace=None, info=None),
    'reference.interpolation.localization.alg5_T': lambda: dict(n=150, kappa_min=3.0),
    # TODO missing: loss:<class 'reference.interpolation.lipschitz_extension.ExtendedLoss'>
    # 'reference.interpolation.localization.alg5_epochs': lambda: dict(S=np.array([[0.007959099184913658, -0.3752668396769557, 0.24918944721505684], [-0.29992171594179834, -1.3785746841359137, 0.7188970307277397], [-0.8068459276211205, 1.65405754880043, -0.5634129928769156], [-0.6712332162517173, -1.0540937876234928, 0.6046921285793808], [0.33732633257503086, 1.407272199556532, -0.5623297840872215], [-1.454024302481208, -0.20852184825127065, 0.4154035974184984], [-0.6320525539349078, -1.7610194743274028, 0.9291025175255282], [0.7349267092583915, -0.02344391855484465, -0.16009723729574027], [0.07144184429260535, -0.7523114724455892, 0.4513198011335021], [0.4547841629969166, -0.539297349487321, 0.02203731117904288], [-0.1429032084967607, -1.108260792181513, 0.5698076803188465], [-1.2161027602081953, 1.3355318553000226, -0.29869754856659714], [-0.5071047045384752, 0.2916803563558019, 0.05217088420905278], [-0.03379043476737232, -0.44114520276218416, 0.3765084887903062], [-0.5079609703372195, 0.6300825914455861, -0.026900100835055618], [-0.3018676045339098, -0.15144364817129202, -0.0006933913854012541], [0.022221557194479512, 1.1765083202520015, -0.6603934974366418], [0.6805109746331383, 0.3826002677279928, -0.19198853022432696]]), X=[(np.array([-0.20300248317518463, -0.00248107772950266]), 2.236131941559032)], L=1.3784973633266535, x0=np.array([-0.20300248317518463, -0.00248107772950266]), T=1, beta=0.40321353448379227, epsilon=3.414708879993108, delta=0.0, rng=None, noise=None, D0=None, laplace_reading='iid', tau_rel=0.01, eta_scale=1.0, oracle=None, trace=None, info=None),
    'reference.interpolation.localization.alg5_eta0': lambda: dict(n0=100, d=2, D0=2.0, L=2.0, epsilon=1.0, delta=0.0, beta=0.01),
    # TODO missing: grad:<class 'function'>
    # 'reference.interpolation.localization.certified_argmin': lambda: dict(x0=np.array([0.10686406610099812, 0.49736466964600223]), mu=2684354.56, smooth=2684363.2386626825, balls=[(np.array([0.10686406610099812, 0.49736466964600223]), 1.4901161193847656e-06)], tau=2.9802322387695313e-10),
    'reference.interpolation.localization.diameter_bound': lambda: dict(X=[(np.array([0.0, 0.0]), 1.0)]),
    'reference.interpolation.localization.draw_noise': lambda: dict(rng=RNG, d=3, kind='gaussian', laplace_reading='iid', draws=None),
    'reference.interpolation.localization.partition': lambda: dict(n=5, parts=5),
    'reference.interpolation.lower_bounds.modulus_quadratic_family': lambda: dict(a=[1, 1, 1], x0=0, r=1, H=1, D=1, lam=Fraction(1, 2)),
    'reference.interpolation.lower_bounds.thm1_approx_instance': lambda: dict(n=20, eps=1.0, delta=1e-5, H=1, D=1),
    'reference.interpolation.lower_bounds.thm1_pure_instance': lambda: dict(n=20, d=3, eps=1.0, H=1, D=1),
    'reference.interpolation.lower_bounds.thm1a_bound': lambda: dict(H=1.0, D=1.0, d=3, n=20, eps=1.0),
    'reference.interpolation.lower_bounds.thm4_instance': lambda: dict(n=20, d=3, eps=1.0, lam=0.1, H=1, D=1),
    'reference.interpolation.privacy.alg4_gaussian_max_epsilon': lambda: dict(delta=1e-5, ratio=1.0, dps=40),
    'reference.interpolation.privacy.alg4_gaussian_true_delta': lambda: dict(epsilon=1.0, delta=1e-5, ratio=1.0, dps=50),
    'reference.interpolation.privacy.alg4_sigma': lambda: dict(L=1.0, eta_i=0.1, d=3, epsilon=1.0, delta=1e-5),
    'reference.interpolation.privacy.classical_gaussian_ok': lambda: dict(delta=1e-5, ratio=1.0),
    'reference.interpolation.privacy.laplace_phase_epsilon': lambda: dict(v=np.array([0.1, -0.2, 0.3]), sigma=1.0, reading='iid'),
    'reference.interpolation.schedule.alg2_q': lambda: dict(H=1.0, lam=0.1, T=4, m=2, beta=0.1, d=3, epsilon=1.0),
    'reference.interpolation.schedule.alg2_schedule': lambda: dict(D1=1.0, L=1.0, H=1.0, lam=0.1, T=4, m=2, beta=0.1, d=3, epsilon=1.0),
    'reference.interpolation.schedule.alg6_schedule': lambda: dict(D1=1.0, L1=1.0, H=1.0, lam=0.1, kappa=2.0, T=4, m=2, beta=0.1, d=3, epsilon=1.0),
    'reference.interpolation.schedule.c_kappa': lambda: dict(kappa=3.0, C_kappa=4096.0),
    'reference.interpolation.schedule.rate_term': lambda: dict(m=40, T=3, beta=0.005, d=2, epsilon=1.0, delta=0.0, alg='alg2'),
    'reference.interpolation.schedule.thm2_explicit_bound': lambda: dict(n=mpf('10686474581524.462'), H=1, lam=1, L=2, D=1, d=1, epsilon=1, beta=None, mu=mpf('1.0'), dps=30),
    'reference.interpolation.schedule.thm2_m': lambda: dict(n=1000, d=2, H=4.0, lam=1.0, epsilon=1.0, delta=0.0, beta=0.001),
    'reference.interpolation.schedule.thm2_sample_complexity': lambda: dict(alpha=mpf('0.001'), rho=1.0, beta_rule='n^-mu', dps=30),
    'reference.interpolation.superefficiency.expected_error': lambda: dict(c=[Fraction(1, 4), Fraction(-1, 2), 0, 1], grid=[Fraction(-1, 1), Fraction(-9, 10), Fraction(-4, 5), Fraction(-7, 10), Fraction(-3, 5), Fraction(-1, 2), Fraction(-2, 5), Fraction(-3, 10), Fraction(-1, 5), Fraction(-1, 10), Fraction(0, 1), Fraction(1, 10), Fraction(1, 5), Fraction(3, 10), Fraction(2, 5), Fraction(1, 2), Fraction(3, 5), Fraction(7, 10), Fraction(4, 5), Fraction(9, 10), Fraction(1, 1)], eps=1.0, D=1, prior=None, dps=None),
    'reference.interpolation.superefficiency.hamming': lambda: dict(c=[0, 1, 1], c2=[1, 0, -1]),
    'reference.interpolation.superefficiency.mechanism_pmf': lambda: dict(c=[Fraction(0, 1), Fraction(0, 1)], grid=[Fraction(-1, 1), Fraction(-9, 10), Fraction(-4, 5), Fraction(-7, 10), Fraction(-3, 5), Fraction(-1, 2), Fraction(-2, 5), Fraction(-3, 10), Fraction(-1, 5), Fraction(-1, 10), Fraction(0, 1), Fraction(1, 10), Fraction(1, 5), Fraction(3, 10), Fraction(2, 5), Fraction(1, 2), Fraction(3, 5), Fraction(7, 10), Fraction(4, 5), Fraction(9, 10), Fraction(1, 1)], eps=0.1, D=1, prior=[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], dps=None),
    'reference.interpolation.superefficiency.minimiser': lambda: dict(c=[Fraction(0, 1), Fraction(0, 1)], D=1),
    'reference.interpolation.superefficiency.modulus': lambda: dict(c=[0, 0, 0], r=7, D=1),
    'reference.interpolation.superefficiency.neighbourhood': lambda: dict(c=[Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)], radius=1, values=[Fraction(-1, 1), Fraction(0, 1), Fraction(1, 4), Fraction(1, 2), Fraction(1, 1)]),
    'reference.interpolation.superefficiency.prop4_instance': lambda: dict(c=[Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)], eps=0.2, D=1, grid=[Fraction(-1, 1), Fraction(-7, 8), Fraction(-3, 4), Fraction(-5, 8), Fraction(-1, 2), Fraction(-3, 8), Fraction(-1, 4), Fraction(-1, 8), Fraction(0, 1), Fraction(1, 8), Fraction(1, 4), Fraction(3, 8), Fraction(1, 2), Fraction(5, 8), Fraction(3, 4), Fraction(7, 8), Fraction(1, 1)], prior=[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 7.38905609893065, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], values=[-1, 0, 1], dps=30),
    'reference.interpolation.superefficiency.prop4_minimax_lp': lambda: dict(c=[0, 0, 0], eps=0.3, h=2, values=[-1, 0, 1], D=1, reading='S'),
    'reference.interpolation.superefficiency.sample_mechanism': lambda: dict(c=[0, 0, Fraction(1, 2), 1], grid=[Fraction(-1, 1), Fraction(-9, 10), Fraction(-4, 5), Fraction(-7, 10), Fraction(-3, 5), Fraction(-1, 2), Fraction(-2, 5), Fraction(-3, 10), Fraction(-1, 5), Fraction(-1, 10), Fraction(0, 1), Fraction(1, 10), Fraction(1, 5), Fraction(3, 10), Fraction(2, 5), Fraction(1, 2), Fraction(3, 5), Fraction(7, 10), Fraction(4, 5), Fraction(9, 10), Fraction(1, 1)], eps=1.0, rng=RNG, D=1, prior=None, size=20000, draws=None),
    'reference.interpolation.superefficiency.sensitivity_len': lambda: dict(c=[Fraction(0, 1), Fraction(0, 1)], grid=[Fraction(-1, 1), Fraction(-9, 10), Fraction(-4, 5), Fraction(-7, 10), Fraction(-3, 5), Fraction(-1, 2), Fraction(-2, 5), Fraction(-3, 10), Fraction(-1, 5), Fraction(-1, 10), Fraction(0, 1), Fraction(1, 10), Fraction(1, 5), Fraction(3, 10), Fraction(2, 5), Fraction(1, 2), Fraction(3, 5), Fraction(7, 10), Fraction(4, 5), Fraction(9, 10), Fraction(1, 1)], D=1),
    # TODO missing: oracle, sigma_b
    # 'reference.oracle.catalog.accelerated_dp_srgd_gaussian_b': lambda: dict(data=np.linspace(-1, 1, 60).reshape(20, 3), T=4, B=2.0, beta=1.0, radius=1.0, p=0.5, clip=None, kappa_z=1.0, rng=None, b=None, trace=None),
    # TODO missing: ok, max_abs_error, max_ulps, n_values
    # 'reference.oracle.compare.DrawComparison': lambda: dict(first_divergent_step=None, divergent_field=None, message='', first_index=None, reference_value=None, candidate_value=None),
    # TODO missing: ok, n_tests, min_p_value, worst_direction, ks_statistic
    # 'reference.oracle.compare.LawComparison': lambda: dict(alpha=0.5, mean_check='', detectable_ks=math.nan),
    'reference.oracle.compare.Tolerance': lambda: dict(atol=0.0, rtol=0.0, ulps=None, scaled=False),
    # TODO missing: reference:<class 'function'>, candidate:<class 'function'>
    # 'reference.oracle.compare.compare_draws': lambda: dict(inputs={'values': np.array([[-1.5778165979085617, -0.2834295886505052]]), 'sigma': 1.421323297667565}, draws={'noise': np.array([[0.9121579172833255, -0.172288550815215]]), 'rng': None}, use_trace=True),
    # TODO missing: ref:<class 'numpy.ndarray'>, cand:<class 'numpy.ndarray'>
    # 'reference.oracle.compare.compare_samples': lambda: dict(alpha=1e-06, n_projections=8, rng=None, exact_mean=None, exact_cov=None),
    'reference.oracle.compare.flatten_output': lambda: dict(out=np.array([-0.0322625972908416, 0.19311190018416072])),
    'reference.oracle.compare.ulp_distance': lambda: dict(a=np.array([-0.6963593041640911, -0.5792997658855841, 0.20531942772291079, -2.5582388794002893, -2.116531754245213, -1.8799133634470402, -1.3149972990082008, -2.4089542871712624, -0.6719893037284488, -0.5231178542036805, -4.022112465668401, 0.24817594625089967, -0.7040709614812044, -3.632914464124819, 0.6927424410989054]), b=np.array([-0.6963593041640911, -0.5792997658855841, 0.20531942772291079, -2.5582388794002893, -2.116531754245213, -1.8799133634470402, -1.3149972990082008, -2.4089542871712624, -0.6719893037284488, -0.5231178542036805, -4.022112465668401, 0.24817594625089967, -0.7040709614812045, -3.632914464124819, 0.6927424410989054])),
    # TODO missing: ok, n_statistics, detectable
    # 'reference.oracle.exact_law.ExactLawComparison': lambda: dict(alpha=0.5, n=20, deterministic_failure='', min_p_value=1.0),
    # TODO missing: family
    # 'reference.oracle.exact_law.LawSpec': lambda: dict(mean=0.0, cov=None, scale=None, stride=1, labels=None),
    # TODO missing: statistic, direction, p_value, detectable
    # 'reference.oracle.exact_law.StatFailure': lambda: dict(value=0.5, threshold=1.0),
    'reference.oracle.exact_law.describe_detectable': lambda: dict(d={'mean_bias_sd': 0.04659283610908794, 'std_ratio_hi': 1.0333383893765244, 'std_ratio_lo': 0.9674406779550394, 'tail_prob_hi': 0.00559348445369562, 'tail_prob_null': 0.0026997960632601866, 'ks_distance': 0.027275217701362375, 'pooled_mean_bias_sd': 0.020836949760885487, 'pooled_std_ratio_hi': 1.0148120964070493, 'pooled_std_ratio_lo': 0.9853437083835234, 'pooled_tail_prob_hi': 0.0038784148268861396, 'pooled_tail_prob_null': 0.0026997960632601866, 'pooled_ks_distance': 0.01219942499572489}),
    # TODO missing: law:<class 'reference.oracle.exact_law.LawSpec'>
    # 'reference.oracle.exact_law.exact_law_test': lambda: dict(X=np.linspace(-1, 1, 60).reshape(20, 3), alpha=1e-06, seed=0, extra_Z=None),
    # TODO missing: law:<class 'reference.oracle.exact_law.LawSpec'>
    # 'reference.oracle.exact_law.normal_scores': lambda: dict(X=np.linspace(-1, 1, 60).reshape(20, 3), rtol=1e-09),
    # TODO missing: spec_id, mode, case, inputs, result
    # 'reference.oracle.harness.CaseResult': lambda: dict(seconds=0.0, seed=0, law_mode=''),
    'reference.oracle.harness.Oracle': lambda: dict(seed=0, n_cases=None, n_samples=None, n_replay=50, candidate_name='MODULE:FUNCTION'),
    'reference.oracle.harness.serialise_inputs': lambda: dict(inputs={'value': np.array([-1.3889486104262094, -0.43532553039389305, -0.8681159997284257, -0.5039724492836222, 0.39115809286744585]), 'sensitivity': 2.933571757092533, 'sigma': 2.0289766704344037}, max_values=64),
    # TODO missing: spec_id, reference, make_inputs, make_draws
    # 'reference.oracle.targets.Target': lambda: dict(inputs_strategy=None, exact_moments=None, description='', law=None, noise_from_trace=None, noise_law=None, tolerance_note='|port - ref| <= 1e-9 * max(1, max|ref|) + 1e-9 * |ref| elementwise (float reassociation)', noise_doc='', returns_doc='', law_samples=2000, law_cases=3, size_key=None),
    'reference.oracle.targets.all_targets': lambda: dict(),
    'reference.oracle.targets.get_target': lambda: dict(spec_id='core.tree.TreeAggregator'),
    # TODO missing: target
    # 'reference.oracle.targets.register_target': lambda: dict(),
    'reference.resque.accounting.ApproxRDPLedger': lambda: dict(alpha=2.0),
    'reference.resque.accounting.cor1_convert': lambda: dict(alpha=2.0, eps=1.0, delta=1e-5, delta_prime=1e-6),
    'reference.resque.accounting.lemma7_chain': lambda: dict(beta=1e-4, delta=1e-5, T=4, n=1000, alpha=2.0),
    'reference.resque.accounting.prop11_gradient_sum': lambda: dict(n=20, d=3, eps=1.0, per_phase_eps='halving'),
    'reference.resque.accounting.prop6_tau': lambda: dict(C_priv=1.0, beta=1.0, delta=1e-5, T=4, n=20),
    'reference.resque.accounting.prop7_bound': lambda: dict(alpha=2.0, tau=0.1, s=0.01),
    'reference.resque.accounting.prop8_per_call': lambda: dict(T=4, beta=1.0, delta=1e-5, n=20, C_priv=1.0, alpha=0.5),
    'reference.resque.accounting.thm3_conversion': lambda: dict(eps=0.3333333333333333, delta=1e-12, delta_prime=None),
    'reference.resque.accounting.thm3_parameters': lambda: dict(n=1000, d=3, eps=0.5, delta=1e-5),
    'reference.resque.accounting.thm3_replay': lambda: dict(calls=[('ls', 1.0, 16, 0.5, 0.5), ('bo', 1.0, 16, 0.5), ('sp', 1.0, 4, 0.5)], Js=[1, 3, 40], n=1000000, eps=0.5, delta=0.001, C_priv=4.0, j_max=None),
    # TODO missing: oracle:<class 'reference.core.oracles.GradientOracle'>
    # 'reference.resque.parallel.ac_sa': lambda: dict(xbar=np.array([1.0, 1.0]), r=1.0, rho=1.0, lam=0.5, phi=0.5, L=1.0, rng=RNG, variant='gl12', xi=None, trace=None),
    'reference.resque.parallel.ac_sa_sizes': lambda: dict(L=1.0, r=1.0, rho=1.0, lam=2.6706527355093432, phi=0.01),
    # TODO missing: O_ls:<class 'function'>, O_bo:<class 'function'>, O_sp:<class 'function'>
    # 'reference.resque.parallel.ball_accel': lambda: dict(L=1.0, R=1.0, r=0.1, eps=0.05, d=2, C_ba=1.0, window=(0.25, 0.5), stop_A=None, max_iter=None, trace=None, record=None),
    # TODO missing: ball_oracle:<class 'function'>
    # 'reference.resque.parallel.ball_accel_bo': lambda: dict(L=1.0, R=1.0, r=0.1, eps=0.05, d=2, rng=None, C_ba=4.0, record=None, trace=None, draws=None),
    'reference.resque.parallel.ball_accel_params': lambda: dict(L=1.0, R=1.0, r=0.005, eps=0.02, C_ba=2.0),
    # TODO missing: oracle:<class 'reference.core.oracles.GradientOracle'>
    # 'reference.resque.parallel.epoch_sgd': lambda: dict(xbar=np.array([0.08859604015914473, 0.23652751241017497, 0.23993385985041094]), r=1.4320003447032714, rho=1.4320003447032714, lam=9.260123345485075, phi=1.4320003447032714, L=1.0, rng=RNG, xi=None, trace=None, record=None),
    'reference.resque.parallel.epoch_sgd_T': lambda: dict(L=1.0, lam=11.21784464909008, phi=0.2),
    'reference.resque.parallel.parallel_sco_counts': lambda: dict(d=3, kappa=2.0, oracle='alg1', L=1.0, R=1.0, C_ba=1.0),
    'reference.resque.parallel.prop2_schedule': lambda: dict(R=10.0, r=1.0, eps=0.1, L=1.0),
    'reference.resque.private.ErmProblem': lambda: dict(A=np.eye(3), b=np.ones(3), c=np.zeros(3)),
    'reference.resque.private.alg3_draws': lambda: dict(n=10, d=3, T=7, rho=0.08892484773938496, rng=RNG),
    'reference.resque.private.alg5_draws': lambda: dict(n=37, d=2, T=12, rho=0.08892484773938496, beta=0.12797601359874766, lam=2.947633810067448, L=2.670080353239073, rng=RNG, C_cvx=16.0),
    'reference.resque.private.alg5_schedule': lambda: dict(T=24, beta=0.09049270704489629, lam=2.947633810067448, L=2.670080353239073, d=2, C_cvx=16.0),
    # TODO missing: oracle:<class 'reference.core.oracles.SampleAccessOracle'>
    # 'reference.resque.private.bias_reduced_estimator': lambda: dict(xbar=np.array([0.0, 0.0]), r=0.1, rho=1.0, beta=0.5, lam=1.0, T=4, L=1.0000000000000002, rng=None, C_priv=20.0, C_cvx=16.0, record=None, draws=None),
    # TODO missing: oracle:<class 'reference.core.oracles.SampleAccessOracle'>
    # 'reference.resque.private.high_probability_solver': lambda: dict(xbar=np.array([-0.11565149561184794, -0.0073575583103215976]), r=0.1, rho=0.2121320343559642, beta=0.5, lam=6.378996908009241, zeta=0.5, T=8, L=1.0000000000000002, rng=None, C_sc=8192.0, C_cvx=16.0, draws=None),
    'reference.resque.private.lemma6_coupling': lambda: dict(n=20, m=2, b=2, rng=RNG),
    'reference.resque.private.lemma6_coupling_law': lambda: dict(n=3, m=2, b=2),
    # TODO missing: oracle:<class 'reference.core.oracles.SampleAccessOracle'>
    # 'reference.resque.private.private_erm': lambda: dict(L=1.0000000000000002, R=1.0, eps=0.5, delta=0.001, rng=None, C=1.0, C_ba=4.0, C_priv=None, C_sc=8192.0, C_cvx=16.0, scaled=None, record=None, draws=None),
    'reference.resque.private.private_erm_parameters': lambda: dict(n=1000, d=3, eps=0.5, delta=1e-5),
    # TODO missing: oracle:<class 'reference.core.oracles.SampleAccessOracle'>
    # 'reference.resque.private.regularized_resqued_erm': lambda: dict(xbar=np.array([-0.47433298683443925, -1.9442649759855442]), r=0.9554027985388369, rho=0.08892484773938496, beta=0.36197082817958515, lam=2.947633810067448, T=1, r_prime=1.811677111396667, x0=np.array([-0.47433298683443925, -1.9442649759855442]), L=2.670080353239073, rng=None, draws=None, project_output=True, trace=None, record=None),
    # TODO missing: oracle:<class 'reference.core.oracles.SampleAccessOracle'>
    # 'reference.resque.private.strongly_convex_resqued_erm': lambda: dict(xbar=np.array([-0.47433298683443925, -1.9442649759855442]), r=0.9554027985388369, rho=0.08892484773938496, beta=0.18098541408979257, lam=2.947633810067448, T=6, L=2.670080353239073, rng=None, C_cvx=16.0, draws=None, trace=None, record=None),
    # TODO missing: oracle:<class 'reference.core.oracles.SampleAccessOracle'>
    # 'reference.resque.private.subsampled_resqued_erm': lambda: dict(xbar=np.array([0.0, 0.0]), r=0.1, rho=1.0, beta=1.0, T=2, L=1.0, rng=None, draws=None, project_output=False, trace=None, record=None, phase_starts=None),
    'reference.resque.resque.ResqueBatch': lambda: dict(xbar=np.zeros(3), rho=0.5, xi=0.1, G=1.0),
    # TODO missing: oracle:<class 'reference.core.oracles.GradientOracle'>
    # 'reference.resque.resque.draw_resque_batch': lambda: dict(xbar=np.array([0.5826230518427631, -0.6649716988596944, -1.013120530115899]), rho=1.5, N=4, rng=RNG, xi=None),
    # TODO missing: grad_oracle:<class 'reference.core.oracles.GradientOracle'>
    # 'reference.resque.resque.resque_estimate': lambda: dict(x=np.array([0.1, 0.2]), xbar=np.array([0.0, 0.0]), rho=1.0, rng=RNG, xi=None),
    'reference.resque.resque.resque_log_weight': lambda: dict(x=np.array([-0.5597789635798576, -0.5772068584114918, -1.2126556862578561]), xbar=np.array([-1.027881871299033, -0.574458905742871, 1.9711298228060992]), xi=np.array([-0.21074915729147412, 1.261466020850099, 3.5757623961590164]), rho=1.7157003455980564),
    'reference.resque.resque.resque_weight': lambda: dict(x=np.array([0.45245394946930767, -0.342820273673433, -1.6004958359873442, -0.6955255836749843]), xbar=np.array([0.49108638114636477, -0.326905309738415, -1.672291796174182, -0.9014522065120832]), xi=np.array([0.3638147540654835, 0.19285721768499914, -0.5752796952328867, 0.2530364470063626]), rho=0.8373476997183342),
    'reference.srgd.algorithm.PerExampleGradientOracle': lambda: dict(grad=_gradb),
    # TODO missing: y_T, grad_est, deltas, max_example_delta, n_clipped
    # 'reference.srgd.algorithm.SRGDResult': lambda: dict(x=np.array([0.1, -0.2, 0.3]), y=np.array([0.1, -0.2, 0.3]), z=np.array([0.1, -0.2, 0.3]), b=2, oracle_calls=0, oracle_rounds=0),
    'reference.srgd.algorithm.accelerated_dp_srgd': lambda: dict(oracle=_gradb, data=np.linspace(-1, 1, 12).reshape(4, 3), T=2, B=2, beta=10.0, radius=1.0, p=3),
    # TODO missing: oracle
    # 'reference.srgd.algorithm.accelerated_sgd_independent': lambda: dict(data=np.linspace(-1, 1, 60).reshape(20, 3), T=4, B=2.0, beta=1.0, radius=1.0, p=0.5, eta=None, tau=None, b=None, kappa_z=1.0, clip=None, trace=None),
    'reference.srgd.algorithm.default_eta': lambda: dict(T=8),
    'reference.srgd.algorithm.default_tau': lambda: dict(eta=np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0])),
    'reference.srgd.algorithm.dp_sgd': lambda: dict(oracle=_gradb, data=np.linspace(-1, 1, 12).reshape(4, 3), T=2, B=2, lr=0.1, radius=1.0, p=3, clip=1.0, sigma=1.0, rng=RNG),
    'reference.srgd.algorithm.linear_coupling_step': lambda: dict(x_t=np.array([0.9306939879325076, 0.17982103837321683]), z_t=np.array([1.2965811630444906, 0.05229768597637041]), grad_t=np.array([0.8552888308378517, 0.026252178832394807]), b_t=np.array([0.4030519617111237, 0.43907259817999417]), eta_t=4.0, tau_next=0.3333333333333333, beta=16.117707694393456, radius=4.804312178639024, kappa_z=0.5),
    # TODO missing: oracle:<class 'method'>
    # 'reference.srgd.algorithm.nesterov_linear_coupling': lambda: dict(data=np.array([[-0.3763370959790291, -0.1533471020548487], [0.023643249400513433, 0.9009273926518706], [0.6554051876408835, -0.18160172726167745], [-0.3763370959790291, -0.1533471020548487], [-0.7116807745607325, 0.8972988942744877], [0.6554051876408835, -0.18160172726167745], [-0.7116807745607325, 0.8972988942744877], [-0.7116807745607325, 0.8972988942744877], [0.023643249400513433, 0.9009273926518706], [-0.7116807745607325, 0.8972988942744877], [0.023643249400513433, 0.9009273926518706], [-0.7116807745607325, 0.8972988942744877], [0.6554051876408835, -0.18160172726167745], [-0.7116807745607325, 0.8972988942744877], [-0.7116807745607325, 0.8972988942744877], [0.6554051876408835, -0.18160172726167745], [0.6554051876408835, -0.18160172726167745], [-0.3763370959790291, -0.1533471020548487], [-0.3763370959790291, -0.1533471020548487], [-0.7116807745607325, 0.8972988942744877], [0.023643249400513433, 0.9009273926518706], [0.6554051876408835, -0.18160172726167745], [-0.3763370959790291, -0.1533471020548487], [0.023643249400513433, 0.9009273926518706]]), T=8, B=3, beta=2.0, radius=0.5, p=2, kappa_z=1.0, trace=None),
    'reference.srgd.algorithm.srg_update': lambda: dict(S_prev=np.array([1.9710925600367042, 0.608702447057475]), delta_t=np.array([1.4500627633147025, -0.5036937317278958]), eta_t=4.0),
    # TODO missing: oracle
    # 'reference.srgd.algorithm.unaccelerated_srg_sgd': lambda: dict(data=np.linspace(-1, 1, 60).reshape(20, 3), T=4, B=2.0, beta=1.0, radius=1.0, p=0.5, eta=None, noise=None, clip=None, trace=None),
    'reference.srgd.params.b_max_eq19': lambda: dict(c=1.0, L=1.0, p=3, epsilon=1.0, B=2.0, beta=1.0),
    'reference.srgd.params.c_dp': lambda: dict(n=20, delta=1e-5, log_base=2),
    'reference.srgd.params.mu_claimed': lambda: dict(epsilon=1.0, delta=1e-5),
    'reference.srgd.params.mu_tree': lambda: dict(C=1.0, sigma=1.0, T=4, count='paper'),
    'reference.srgd.params.params_eq19': lambda: dict(n=10000, delta=1e-5, epsilon=1.0, p=3, L=1.0, R=1.0),
    'reference.srgd.params.params_thm5_12': lambda: dict(n=20, L=1.0, R=1.0, c_M=1.0, B=None),
    'reference.srgd.params.sigma_cor5_11_printed': lambda: dict(c_M=1.0, L=1.0, T=4, delta=1e-5, epsilon=1.0, B=2.0, beta=1.0, log_base=2),
    'reference.srgd.params.sigma_cor5_7_printed': lambda: dict(c=1.0, L=1.0, T=4, delta=1e-5, epsilon=1.0, B=2.0, beta=1.0, log_base=2),
    'reference.srgd.params.sigma_tree_corrected': lambda: dict(C=1.0, T=4, epsilon=1.0, delta_gdp=1e-5),
    'reference.srgd.privacy.dp_srgd_tree': lambda: dict(oracle=_gradb, data=np.linspace(-1, 1, 12).reshape(4, 3), T=2, B=2, beta=10.0, radius=1.0, p=3, kappa=1.0, sigma=1.0, rng=RNG),
    'reference.srgd.privacy.paper_tv_step_delta': lambda: dict(delta_prime=1e-6, eta_tv=1e-7),
    'reference.srgd.privacy.realised_delta': lambda: dict(epsilon=1.0, mu=1.0),
    'reference.srgd.privacy.tree_node_values': lambda: dict(leaves=np.array([[-0.15405022377805294, 0.423011577407233, -0.10994335069160606], [0.06431576446908231, -0.2228817988359739, -0.43188230732660654], [-0.06576476689111609, -0.0016794068510745214, 0.2573890609616885], [0.3656676089099186, -0.2748629659442983, 0.1242738807923896], [-0.05746839288435038, -0.2476171399694912, 0.16477973383045308], [-0.10584196430232402, 0.1476960904878772, 0.3279956687311065], [-0.2752874012900442, -0.5194905356362053, -0.12225774308831576]]), xi=np.array([[0.17260516983153726, 0.09149753395038358, -0.272930793451095], [0.1200484543879735, -0.06695154470984906, 0.16268773631100444], [-0.280285071805365, -0.2752562056308453, 0.07270471315104896], [0.41334812149852473, 0.18665136272820082, 0.15970023692652774], [0.0417510258238837, 0.4187510555474129, -0.09908508105365968], [0.06752551600643557, 0.10440060004823783, 0.5471954191699782], [0.35367345040301323, -0.04551407685625178, 0.06191846262751516]])),
    'reference.srgd.privacy.tree_release_mu': lambda: dict(kappa=2.0, B=2.0, beta=1.0, sigma=1.0, T=4),
    'reference.srgd.privacy.tv_step_delta': lambda: dict(epsilon=1.0, delta_prime=1e-6, eta_tv=1e-7),
    'reference.srgd.problems.LinearLoss': lambda: dict(atoms=np.eye(3)),
    'reference.srgd.problems.MeanEstimation': lambda: dict(atoms=np.eye(3)),
    'reference.srgd.problems.SineLoss': lambda: dict(L=1.0),
    'reference.srgd.tree.leaf_membership': lambda: dict(i=1, T=4),
    'reference.srgd.tree.missing_prefix_nodes': lambda: dict(s=4, T=8, variant='printed'),
    'reference.srgd.tree.node_noise_index': lambda: dict(j=3, k=0),
    'reference.srgd.tree.node_time': lambda: dict(j=3, k=0),
    'reference.srgd.tree.prefix_formable': lambda: dict(s=2, T=4, variant='corrected'),
    'reference.srgd.tree.prefix_noise': lambda: dict(xi=np.array([[-0.3858031382691754, 0.3731993833317963], [0.9247140716052014, 0.3932705375624877], [-0.5332739816066052, 0.8405692813341523], [-0.4723558576188615, -0.13788041927311695], [0.07374714347547122, 0.35917670761665876], [0.5580081393357263, -0.5973043338591865], [-0.8231644536067939, 0.4756941197950065], [-0.5717321986318812, 0.3313042443905425]])),
    'reference.srgd.tree.tree_nodes': lambda: dict(T=7, variant='corrected'),
    'reference.thesis.ch01.algorithms.ac_sa': lambda: dict(w0=np.array([1.0, 1.0]), T=5, L=4.0, mu=0.5, oracle=lambda w: np.asarray(w, dtype=float)),
    'reference.thesis.ch01.algorithms.acsa_md_weights': lambda: dict(alpha=0.4, gamma=2.0530754602058883, mu=0.3),
    'reference.thesis.ch01.algorithms.ball_smoothed_gradient': lambda: dict(oracle=_sao(), w=np.zeros(3), idx=np.array([0, 1, 2]), r=0.1, rng=RNG),
    # TODO missing: solver:<class 'function'>
    # 'reference.thesis.ch01.algorithms.iterative_localization': lambda: dict(w0=np.array([0.0, 0.0]), N=1000, G=1.0, D=2.0, d=5, epsilon=0.5, delta=1e-06, trace=None),
    # TODO missing: gradient_estimate:<class 'function'>, sub_procedure:<class 'function'>
    # 'reference.thesis.ch01.algorithms.meta': lambda: dict(w0=np.array([0.0, 0.0]), T=5, trace=None),
    # TODO missing: oracle:<class 'reference.core.oracles.SampleAccessOracle'>, sub_procedure:<class 'function'>
    # 'reference.thesis.ch01.algorithms.meta_dp': lambda: dict(w0=np.array([0.0, 0.0]), T=6, B=4, sigma=0.8, rng=RNG, draws=None, trace=None),
    'reference.thesis.ch01.algorithms.params_erm': lambda: dict(N=1000000, d=100, epsilon=0.5, delta=1e-06, c1=1.0, variant='corrected'),
    'reference.thesis.ch01.algorithms.params_sco': lambda: dict(N=1000000, d=100, epsilon=0.5, delta=1e-06, c1=0.25, variant='corrected'),
    'reference.thesis.ch01.algorithms.private_ac_sa': lambda: dict(oracle=_sao(), w0=np.zeros(3), D=2.0, G=1.3, mu=0.3, epsilon=1.0, delta=1e-05, B=5, T=6, rng=RNG),
    # TODO missing: sc_solver:<class 'function'>
    # 'reference.thesis.ch01.algorithms.regularized_reduction': lambda: dict(w0=np.array([0.0, 0.0]), G=1.0, D=1.0, d=10, N=1000000, epsilon=0.5, delta=1e-06, u_const=1.0),
    # TODO missing: solver:<class 'function'>
    # 'reference.thesis.ch01.algorithms.restart_erm': lambda: dict(w0=np.array([0.0]), N=1000, epsilon=1.0, delta=1e-05, trace=None),
    # TODO missing: solver:<class 'function'>
    # 'reference.thesis.ch01.algorithms.restart_sco': lambda: dict(w0=np.array([0.0]), N=1000, epsilon=1.0, delta=1e-05, trace=None),
    'reference.thesis.ch01.privacy.bdrs18_preconditions': lambda: dict(q=0.05, rho=0.00014505479182995204),
    'reference.thesis.ch01.privacy.canary_sum_delta': lambda: dict(N=1000, B=100, T=50, sigma=6.0, epsilon=0.4723314802807743, sensitivity=1.0, dps=20),
    'reference.thesis.ch01.privacy.rdp_epsilon_exact': lambda: dict(N=1000, B=100, T=50, sigma=3.0, delta=1e-05, sensitivity=1.0),
    'reference.thesis.ch01.privacy.tcdp_epsilon': lambda: dict(N=10000, B=500, T=10, sigma=17.630910003575995, delta=1e-06, sensitivity=1.0, order_cap='bdrs18', require_preconditions=True),
    'reference.thesis.ch01.privacy.tcdp_sigma': lambda: dict(N=20, B=2.0, T=4, epsilon=1.0, delta=1e-5, sensitivity=1.0, order_cap='bdrs18', rel_tol=1e-10),
    'reference.thesis.ch01.privacy.thesis_sigma': lambda: dict(G=1.3, B=10, T=12, N=60, epsilon=1.0, delta=1e-05, c2=1.0),
    'reference.thesis.ch03.lower_bound.OrthogonalQueryWrapper': lambda: dict(s=np.eye(3)),
    'reference.thesis.ch03.lower_bound.hard_instance': lambda: dict(G=1.0, d=6, k=10, n=4, rng=None, draws={'v': np.array([0.8702492039700847, 0.28681720908755537, 0.6031481500515619, 0.7775340829201788, 0.7160746296035653, 0.9153801204905075]), 's': np.array([[0.4304857455543092, 0.25093256908418204, -0.3943520554588936, -0.8624048655156082, -2.032552427456725, 1.4104234840116703], [-0.047632237192333934, 2.5223274107494347, 0.8262182491746161, 0.27778052697538275, -0.6574310585061062, 1.3924692044318112], [-0.5062891144787869, 1.569949132247599, -0.39836128088991196, 0.18595392958113843, -1.5226704029731744, 2.343232381708724], [-0.09402582933360398, -0.3851135890587634, 0.8108476339474449, -0.8913718361585312, 0.767607275753405, -1.1712404048300675]])}),
    'reference.thesis.ch03.mechanisms.exponential_mechanism_1d_loss': lambda: dict(F=lambda x: abs(x), lo=-1.0, hi=1.0, epsilon=1.0, sensitivity_F=0.2, rng=RNG, dps=15),
    # TODO missing: F:<class 'function'>
    # 'reference.thesis.ch03.mechanisms.regularized_exp_mech_1d': lambda: dict(lo=-3, hi=3, k=4.0, mu=1.0, rng=None, u=None, breakpoints=(), dps=30),
    'reference.thesis.ch03.params.dp_erm_parameters': lambda: dict(epsilon=0.05, delta=1e-05, G=1.0, D=2.0, n=1000, d=10, tv_variant='thesis'),
    'reference.thesis.ch03.params.dp_sco_parameters': lambda: dict(epsilon=0.05, delta=1e-05, G=1.0, D=2.0, n=1000, d=10, tv_variant='correct'),
    'reference.thesis.ch03.privacy.calibrate_s_lemma363': lambda: dict(epsilon=1.9, delta=1e-12),
    'reference.thesis.ch03.privacy.gaussian_privacy_curve': lambda: dict(epsilon=4.145333817070773, s=2.2998761236545113),
    'reference.thesis.ch03.privacy.gaussian_tradeoff': lambda: dict(z=0.3, s=1.0),
    'reference.thesis.ch03.privacy.gaussian_tradeoff_array': lambda: dict(z=np.array([0.1, 0.2, 0.3]), s=1.0),
    'reference.thesis.ch03.privacy.normalised_density_1d': lambda: dict(logf=lambda x: -x * x, lo=0.0, hi=1.0),
    'reference.thesis.ch03.privacy.privacy_curve_1d': lambda: dict(logp=lambda x: -x * x, logq=lambda x: -(x - 0.1) ** 2, epsilon=1.0, lo=0.0, hi=1.0, grid=101),
    'reference.thesis.ch03.privacy.reg_exp_mech_gdp': lambda: dict(G=1.0, k=2, n=20, mu=1.0),
    'reference.thesis.ch03.privacy.sampler_dp': lambda: dict(epsilon=1.0, delta=0.0, eta=0.01, variant='thesis'),
    # TODO missing: rgo:<class 'function'>
    # 'reference.thesis.ch03.sampler.alternating_sampler': lambda: dict(x0=np.array([3.0]), T=6, eta=0.3, rng=RNG, trace=None, draws=None),
    # TODO missing: oracle:<class 'reference.core.oracles.SampleAccessOracle'>
    # 'reference.thesis.ch03.sampler.composite_sampler': lambda: dict(lam=1.0, G=0.4, d=1, D=1.0, delta=0.05, rng=RNG, x0=None, radius=None, C_eta=0.00390625, C_T=1.0, stats=None, trace=None),
    'reference.thesis.ch03.sampler.composite_sampler_parameters': lambda: dict(G=0.4, mu=1.0, d=1, D=1.0, delta=0.05, C_eta=0.5, C_T=0.5, max_iter=100),
    'reference.thesis.ch03.sampler.gaussian_rgo_proposal': lambda: dict(y=np.array([0.5955312037085121]), eta=0.3, lam=2.0, rng=RNG, radius=None, noise=None),
    'reference.thesis.ch03.sampler.rgo_rejection': lambda: dict(oracle=_sao(1), y=np.array([0.2]), eta=0.01, lam=1.0, rng=RNG),
    'reference.thesis.ch04.privacy.ball_marginal': lambda: dict(d=3, a=6.000000000000001, R=1.0, dps=30),
    'reference.thesis.ch04.privacy.ball_tilt_delta': lambda: dict(epsilon=1.0, d=3, a=1.0, c=1.0, R=1.0, dps=30),
    'reference.thesis.ch04.rem.L_of': lambda: dict(delta=1e-12),
    'reference.thesis.ch04.rem.em_sc_params': lambda: dict(n=2, G=2.0, mu=1.0, epsilon=1.0, delta=1e-05),
    # TODO missing: loss:<class 'function'>, sampler:<class 'function'>
    # 'reference.thesis.ch04.rem.em_strongly_convex': lambda: dict(data=[np.array([0.2, 0.0]), np.array([0.4, 0.0])], G=2.0, mu=1.0, epsilon=1.0, delta=1e-05, rng=RNG, noise=None, return_oracle=False),
    'reference.thesis.ch04.rem.fact424_threshold': lambda: dict(epsilon=1.0, delta=1e-5),
    'reference.thesis.ch04.rem.gdp_parameter': lambda: dict(G=1.0, n=20, k=2, strong_convexity=1.0),
    'reference.thesis.ch04.rem.lp_regularizer': lambda: dict(p=3.0, d=6, D=2.0, x0=None),
    'reference.thesis.ch04.rem.make_interval_sampler': lambda: dict(lo=-1.0, hi=1.0, dps=15, panels=2, breakpoints=[0.2]),
    'reference.thesis.ch04.rem.make_quadratic_ball_sampler': lambda: dict(d=2, radius=1.0, check_rng_points=2),
    'reference.thesis.ch04.rem.query_count_bound': lambda: dict(G=1.0, mu=1.0, D=1.0, d=3, delta=1e-5, p=2.0),
    # TODO missing: loss:<class 'function'>, sampler:<class 'function'>
    # 'reference.thesis.ch04.rem.rem_erm': lambda: dict(data=[np.array([1.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0]), np.array([-1.0, -0.0, -0.0]), np.array([-1.0, -0.0, -0.0])], r=1.0, d=3, G=1.0, Theta=0.5, epsilon=0.05, delta=0.001, rng=RNG, params='consistent', noise=None, return_oracle=False),
    'reference.thesis.ch04.rem.rem_erm_params': lambda: dict(n=438067, d=1, G=1.3, Theta=0.7, epsilon=0.001, delta=1e-12, params='printed'),
    'reference.thesis.ch04.rem.rem_privacy_delta': lambda: dict(epsilon=1.0, t=1),
    # TODO missing: loss:<class 'function'>, sampler:<class 'function'>
    # 'reference.thesis.ch04.rem.rem_sco': lambda: dict(data=[np.array([0.0, 1.0, 0.0, 0.0]), np.array([-0.0, -1.0, -0.0, -0.0]), np.array([1.0, 0.0, 0.0, 0.0])], r=1.0, d=4, G=1.0, Theta=0.5, epsilon=1.0, delta=1e-05, rng=RNG, noise=None, return_oracle=False),
    'reference.thesis.ch04.rem.rem_sco_params': lambda: dict(n=3, d=4, G=1.0, Theta=0.5, epsilon=1.0, delta=1e-05),
    'reference.thesis.ch04.rem.schatten_regularizer': lambda: dict(p=1.5, d2=3, D=1.0, M0=np.array([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])),
    'reference.thesis.ch05.dp.fallback_applies': lambda: dict(n=1, d=2, epsilon=0.01, delta=1e-10, p=1.0),
    'reference.thesis.ch05.dp.m_erm_delta_with_tv': lambda: dict(epsilon=1.0, t=1, tv=0.01),
    'reference.thesis.ch05.dp.m_erm_fallback': lambda: dict(data=np.array([[0.1257302210933933, -0.1321048632913019, 0.6404226504432821], [0.10490011715303971, -0.535669373161111, 0.36159505490948474], [1.3040000451301372, 0.9470809631292422, -0.7037352358069926], [-1.2654214710460525, -0.6232744625373522, 0.0413259793472436], [-2.3250307746388343, -0.21879166393254573, -1.2459109472530652], [-0.7322673547034516, -0.5442589828573099, -0.31630015636915454], [0.4116305363741328, 1.0425133694426776, -0.12853466294403426], [1.3664634705496859, -0.6651946734866135, 0.3515100700930197], [0.9034701816518086, 0.09401229776087457, -0.7434992493538084], [-0.9217253762584194, -0.45772582566733916, 0.2201951234700494], [-1.009618183538736, -0.20917557487171307, -0.15922500991447772]]), x_fixed=np.array([0.0, 0.0, 0.0]), n=11, d=2, epsilon=0.01, delta=1e-10, p=1.0),
    'reference.thesis.ch05.dp.prop556_gdp_parameter': lambda: dict(n=25613, G=1.0, k=3.4911632948326217, mu=0.28670982503428843, neighbouring='paper'),
    'reference.thesis.ch05.dp.prop556_params': lambda: dict(n=25613, d=1, G=1.0, Theta=2.0, epsilon=0.001, delta=1e-12, task='sco', params='corrected'),
    'reference.thesis.ch05.llt.kanter_positive_stable': lambda: dict(c=0.5, rng=RNG, size=100000, noise=None),
    'reference.thesis.ch05.llt.lambda_grid_logweights': lambda: dict(x=np.array([0.6]), a=0.8, q=4, variant='corrected'),
    'reference.thesis.ch05.llt.levy_half_logpdf': lambda: dict(lam=0.1),
    'reference.thesis.ch05.llt.log_Z': lambda: dict(kappa=2.0, s=0.6, q=4),
    'reference.thesis.ch05.llt.psi_pa': lambda: dict(x=np.array([0.1, -0.2, 0.3]), a=1.0, q=4),
    'reference.thesis.ch05.llt.sample_pi_x': lambda: dict(x=[0.6], a=0.8, rng=RNG, q=4, variant='corrected', u=None),
    'reference.thesis.ch05.lower_bound.hard_instance': lambda: dict(d=8, k=5, G=1.0, p=1.5, D=2.0, rng=None, v=None, draws=np.array([0.9430561055723676, 0.5113275528143616, 0.9762437057077041, 0.08083602389560218, 0.6073558319950296, 0.37648658437727256, 0.8019012069858072, 0.17452781614402846])),
    'reference.thesis.ch05.lower_bound.optimality_gap': lambda: dict(x=np.array([0.1, -0.2, 0.3]), v=np.array([0.1, -0.2, 0.3]), kappa=2.0, D=1.0, p=0.5),
    # TODO missing: pi_x:<class 'function'>, gamma_factory:<class 'function'>, f_oracles:<class 'list'>
    # 'reference.thesis.ch05.sampler.alternate_sample': lambda: dict(x0=np.array([-0.4521454302888926]), T=3, delta=0.1, rng=RNG, variant='corrected', trace=None, stats=None),
    # TODO missing: f_oracles:<class 'list'>
    # 'reference.thesis.ch05.sampler.bernoulli_factory_rho': lambda: dict(x1=np.array([0.0]), x2=np.array([0.0]), rng=RNG, variant='corrected'),
    'reference.thesis.ch05.sampler.component_oracles': lambda: dict(f=lambda i, x: float(np.sum(np.square(x))), m=3),
    'reference.thesis.ch05.sampler.euclidean_gamma_y': lambda: dict(eta=1.0, mu=1.0, radius=1.0),
    'reference.thesis.ch05.sampler.euclidean_pi_x': lambda: dict(eta=1.0),
    'reference.thesis.ch05.sampler.euclidean_warm_start': lambda: dict(eta=1.0, mu=0.5, radius=1.0, d=1, rng=RNG),
    # TODO missing: f_oracles:<class 'list'>, gamma_y:<class 'function'>
    # 'reference.thesis.ch05.sampler.inner_loop': lambda: dict(y=np.array([1.7076709516386877]), delta=0.016666666666666666, rng=RNG, variant='corrected', eta=None, G=None, stats=None, max_iter=1000000),
    'reference.thesis.ch05.sampler.sample_a': lambda: dict(rng=RNG, variant='corrected', u=None, max_a=1000000),
}

SKIP = {
    'reference.oracle.third_party.opacus_dp_sgd': 'optional extra (torch + opacus); tested in tests/oracle/test_opacus.py',
    'reference.core.accounting.composition.compose_optimal_homogeneous_delta': 'TODO',
    'reference.core.accounting.pld.BracketDetails': 'TODO',
    'reference.core.accounting.pld.pld_bracket': 'TODO',
    'reference.core.accounting.pld.pld_bracket_details': 'TODO',
    'reference.core.accounting.rdp.rdp_subsampled_gaussian_arb': 'TODO',
    'reference.core.accounting.rdp.rdp_to_dp_delta': 'TODO',
    'reference.core.aggregation.aggregate': 'TODO',
    'reference.core.testing.AuditEvent': 'TODO',
    'reference.core.testing.AuditResult': 'TODO',
    'reference.core.testing.MeanTestResult': 'TODO',
    'reference.core.tree.MissingNodeError': 'TODO',
    'reference.heavy_tailed.distributions.HeavyTailedLaw': 'TODO',
    'reference.heavy_tailed.sco.BatchSampleAccessOracle': 'TODO',
    'reference.heavy_tailed.sco.SCOParams': 'TODO',
    'reference.heavy_tailed.sco.cdp_sco': 'TODO',
    'reference.heavy_tailed.sco.scof': 'TODO',
    'reference.interpolation.algorithms.alg1_lipschitz_extension': 'TODO',
    'reference.interpolation.algorithms.alg2_localization': 'TODO',
    'reference.interpolation.algorithms.alg3_adaptive': 'TODO',
    'reference.interpolation.algorithms.alg6_general_kappa': 'TODO',
    'reference.interpolation.lipschitz_extension.lipschitz_extension': 'TODO',
    'reference.interpolation.localization.alg4_localization': 'TODO',
    'reference.interpolation.localization.alg5_epochs': 'TODO',
    'reference.interpolation.localization.certified_argmin': 'TODO',
    'reference.oracle.catalog.accelerated_dp_srgd_gaussian_b': 'TODO',
    'reference.oracle.compare.DrawComparison': 'TODO',
    'reference.oracle.compare.LawComparison': 'TODO',
    'reference.oracle.compare.compare_draws': 'TODO',
    'reference.oracle.compare.compare_samples': 'TODO',
    'reference.oracle.exact_law.ExactLawComparison': 'TODO',
    'reference.oracle.exact_law.LawSpec': 'TODO',
    'reference.oracle.exact_law.StatFailure': 'TODO',
    'reference.oracle.exact_law.exact_law_test': 'TODO',
    'reference.oracle.exact_law.normal_scores': 'TODO',
    'reference.oracle.harness.CaseResult': 'TODO',
    'reference.oracle.targets.Target': 'TODO',
    'reference.oracle.targets.register_target': 'TODO',
    'reference.resque.parallel.ac_sa': 'TODO',
    'reference.resque.parallel.ball_accel': 'TODO',
    'reference.resque.parallel.ball_accel_bo': 'TODO',
    'reference.resque.parallel.epoch_sgd': 'TODO',
    'reference.resque.private.bias_reduced_estimator': 'TODO',
    'reference.resque.private.high_probability_solver': 'TODO',
    'reference.resque.private.private_erm': 'TODO',
    'reference.resque.private.regularized_resqued_erm': 'TODO',
    'reference.resque.private.strongly_convex_resqued_erm': 'TODO',
    'reference.resque.private.subsampled_resqued_erm': 'TODO',
    'reference.resque.resque.draw_resque_batch': 'TODO',
    'reference.resque.resque.resque_estimate': 'TODO',
    'reference.srgd.algorithm.SRGDResult': 'TODO',
    'reference.srgd.algorithm.accelerated_sgd_independent': 'TODO',
    'reference.srgd.algorithm.nesterov_linear_coupling': 'TODO',
    'reference.srgd.algorithm.unaccelerated_srg_sgd': 'TODO',
    'reference.thesis.ch01.algorithms.iterative_localization': 'TODO',
    'reference.thesis.ch01.algorithms.meta': 'TODO',
    'reference.thesis.ch01.algorithms.meta_dp': 'TODO',
    'reference.thesis.ch01.algorithms.regularized_reduction': 'TODO',
    'reference.thesis.ch01.algorithms.restart_erm': 'TODO',
    'reference.thesis.ch01.algorithms.restart_sco': 'TODO',
    'reference.thesis.ch03.mechanisms.regularized_exp_mech_1d': 'TODO',
    'reference.thesis.ch03.sampler.alternating_sampler': 'TODO',
    'reference.thesis.ch03.sampler.composite_sampler': 'TODO',
    'reference.thesis.ch04.rem.em_strongly_convex': 'TODO',
    'reference.thesis.ch04.rem.rem_erm': 'TODO',
    'reference.thesis.ch04.rem.rem_sco': 'TODO',
    'reference.thesis.ch05.sampler.alternate_sample': 'TODO',
    'reference.thesis.ch05.sampler.bernoulli_factory_rho': 'TODO',
    'reference.thesis.ch05.sampler.inner_loop': 'TODO',
}

ACCEPT = {}

KNOWN = {"hang": {}, "crash": {}, "silent": {}}
