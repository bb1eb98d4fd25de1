"""The check engine (issue 12): certify an inequality over a whole box, search for counterexamples,
test O(.) claims by sweeping what they hide, and write certificates a small independent checker re-verifies.

    from proofs_checks.engine import Param, certify, certify_le, Monotone, search, asymptotic

* :func:`certify`    -- Arb branch and bound: CERTIFIED / REFUTED (certified counterexample) / UNDECIDED (open share);
* :func:`search`     -- counterexample search for claims Arb cannot evaluate (corners, edges, log-uniform, local opt.);
* :func:`asymptotic` -- "f <= C g" by log-log slopes of f/g along rays to the extremes of the hidden parameters;
* certificates       -- ``certify(..., certificate_path=...)``; re-verified by ``dpsco-ref check-certificate FILE``
                        (:mod:`proofs_checks.certificate_checker`, which shares no code with this package).

Usage in a check (the outcome carries the verdict, the coverage text and the certificate path)::

    from proofs_checks.engine import Param, Monotone, certify, certify_le, search, asymptotic, params_from_domain

    box = [Param("eps", 0.01, 1, log=True), Param("n", 1, 10**6, integer=True)]
    r = certify_le("log(1 + n*eps)", "n*eps", box, certificate_path=True, name="000.lemma3.step2")
    out = r.to_outcome("log(1 + n eps) <= n eps")          # CERTIFIED / ERRATUM / PARTIAL

    s = search(lambda p: my_mc_bound_violation(p, rng), box, n_random=200, seed=0, tolerance=1e-9)
    out = s.to_outcome("E[loss] <= bound")                  # ERRATUM / NUMERIC (region + worst margin)

    a = asymptotic(f, g, box, hidden=("n",), fixed={"eps": 0.1})
    out = a.to_outcome("f = O(g)", convention="O hides absolute constants; eps explicit")

This package registers no checks and imports only the standard library at import time (flint, numpy and
scipy are imported inside the functions), so ``framework.discover()`` stays cheap.
"""
from .box import Param, params_from_domain
from .certify import CertResult, DerivativeOf, Leaf, Monotone, certify, certify_le, certify_monotone
from .certificate import certificate_dict, default_certificate_path, write_certificate
from .expression import ExpressionError, compile_expression

from .executors import open_executor

__all__ = ["Param", "params_from_domain", "certify", "certify_le", "certify_monotone", "CertResult", "Leaf", "Monotone", "DerivativeOf",
           "certificate_dict", "write_certificate", "default_certificate_path", "compile_expression",
           "ExpressionError", "open_executor"]

from .search import SearchResult, hypothesis_points, hypothesis_target, search  # noqa: E402
from .asymptotic import AsymResult, RayFit, asymptotic  # noqa: E402

__all__ += ["search", "SearchResult", "hypothesis_target", "hypothesis_points", "asymptotic", "AsymResult", "RayFit"]
