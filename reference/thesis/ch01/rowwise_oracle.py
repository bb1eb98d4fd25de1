"""A counting sample-access oracle whose per-sample gradients are evaluated in one numpy call (ch. 1 experiments).

The ch. 1 procedures query ``grad_batch(xs, idx)`` with one perturbed point per sampled index (Alg 4 line 7, L621:
grad f(w + y_i, x_i)); the core :class:`reference.core.oracles.SampleAccessOracle` evaluates these rows one Python
call each.  :class:`RowwiseSampleOracle` is the same oracle (same counter semantics: ``len(idx)`` queries of kind
``"sample_gradient"``, one round, ``per_sample_calls[i] += 1`` for every i in idx) with the rows evaluated together by
``grad_rows(W, X) -> (m, d)`` (row j = grad f(W[j], X[j])).  :func:`derived_oracle` builds the oracles the wrappers of
Lemma 1.4.10 / Alg 5 / Lemma 1.5.5 need (a block of the samples, plus the data-independent term 2 lam (w - center)),
sharing the counter, vectorised whenever the parent is.

(reference.heavy_tailed.sco.BatchSampleAccessOracle is the same idea for ONE point per batch; Alg 4 needs one point
per row.)
"""
from __future__ import annotations

import numpy as np

from reference.core import validation as _V
from reference.core.oracles import SampleAccessOracle

__all__ = ["RowwiseSampleOracle", "derived_oracle"]


class RowwiseSampleOracle(SampleAccessOracle):
    """:class:`SampleAccessOracle` with a vectorised ``grad_batch``.

    Preconditions (validated): ``grad_rows(W, X)`` callable returning the (m, d) matrix whose row j is
        grad f(W[j], X[j]) for points W (m, d) and data rows X (m, d'); ``data`` an n x d' array (n >= 1).
    Steps: ``grad_batch(xs, idx)``: idx validated (1-D integers in [0, n)); xs one point (d,) (broadcast) or (len(idx), d);
        records len(idx) queries (kind "sample_gradient") and one round; per_sample_calls[i] += 1 for every i in idx;
        one call ``grad_rows(xs, data[idx])``.  ``grad(x, i)`` / ``per_sample_grad(w, x)`` go through ``grad_rows`` too.
    Postcondition: the same counts and values as the core oracle built on ``per_sample_grad`` (a test compares them).
    Randomness: none.
    Spec: 003_ch01.alg5
    """

    def __init__(self, grad_rows, data, **kwargs):
        _V.callable_("grad_rows", grad_rows)
        data = _V.array("data", data)
        if data.ndim != 2:
            raise ValueError(f"data must be an n x d' array, got shape {data.shape}")
        super().__init__(lambda w, s: grad_rows(np.asarray(w, dtype=float)[None, :], np.asarray(s)[None, :])[0],
                         data, **kwargs)
        self.grad_rows = grad_rows

    def grad_batch(self, xs, idx) -> np.ndarray:
        idx = np.asarray(idx)
        if idx.ndim != 1 or (idx.size and (not np.issubdtype(idx.dtype, np.integer) or idx.min() < 0
                                           or idx.max() >= self.n)):
            raise ValueError(f"idx must be a 1-D integer array of sample indices in [0, {self.n - 1}], got {idx!r}"[:300])
        xs = np.asarray(xs, dtype=float)
        if xs.ndim == 1:
            xs = np.broadcast_to(xs, (len(idx), xs.shape[0]))
        if xs.ndim != 2 or xs.shape[0] != len(idx) or (self.dim is not None and xs.shape[1] != self.dim):
            raise ValueError(f"xs must have shape (len(idx), d) = ({len(idx)}, d), got {xs.shape}")
        if not np.all(np.isfinite(xs)):
            raise ValueError("xs must be finite")
        self.counter.record(len(idx), "sample_gradient")
        if not len(idx):
            return np.zeros((0, xs.shape[-1]))
        np.add.at(self.per_sample_calls, idx, 1)
        G = np.asarray(self.grad_rows(xs, self.data[idx]), dtype=float)
        if G.shape != xs.shape:
            raise ValueError(f"grad_rows returned shape {G.shape}, expected {xs.shape}")
        return G


def derived_oracle(oracle: SampleAccessOracle, idx=None, lam: float = 0.0, center=None) -> SampleAccessOracle:
    """The per-sample losses f(w, x) + lam ||w - center||^2 over the samples ``idx`` of ``oracle`` (all when None),
    counted on ``oracle``'s counter.  Vectorised (:class:`RowwiseSampleOracle`) when ``oracle`` is; otherwise a core
    :class:`SampleAccessOracle` calling ``oracle.per_sample_grad`` per sample.  The added term is data independent
    (the privacy analysis of the wrappers is unchanged); lam = 0 adds nothing (not even + 0 w)."""
    _V.has_methods("oracle", oracle, ("grad_batch", "per_sample_grad"))
    lam = _V.nonnegative("lam", lam)
    data = oracle.data
    if idx is not None:
        idx = np.asarray(idx)
        if idx.ndim != 1 or (idx.size and (not np.issubdtype(idx.dtype, np.integer) or idx.min() < 0
                                           or idx.max() >= oracle.n)):
            raise ValueError(f"idx must be a 1-D integer array of sample indices in [0, {oracle.n - 1}], got {idx!r}"[:300])
        if not idx.size:
            raise ValueError("idx must select at least one sample")
        data = data[idx] if isinstance(data, np.ndarray) else [data[j] for j in idx]
    if lam > 0.0:
        center = _V.vector("center", center)
    if isinstance(oracle, RowwiseSampleOracle):
        rows = oracle.grad_rows
        if lam == 0.0:
            return RowwiseSampleOracle(rows, data, counter=oracle.counter)
        c = np.asarray(center, dtype=float)
        return RowwiseSampleOracle(lambda W, X: rows(W, X) + 2 * lam * (W - c[None, :]), data, counter=oracle.counter)
    g = oracle.per_sample_grad
    if lam == 0.0:
        return SampleAccessOracle(g, data, counter=oracle.counter)
    return SampleAccessOracle(lambda w, x: np.asarray(g(w, x), dtype=float) + 2 * lam * (w - center), data,
                              counter=oracle.counter)
