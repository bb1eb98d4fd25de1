"""Real third-party implementations of registered targets, wrapped in the oracle's calling convention (optional
extras; each import is inside its function, so nothing here needs the extra unless it is called).

``opacus_dp_sgd`` — the DP-SGD step of Opacus (``opacus.optimizers.DPOptimizer``: per-sample clipping to
``max_grad_norm``, Gaussian noise of std ``noise_multiplier * max_grad_norm`` on the summed clipped gradients, division
by ``expected_batch_size``), driving plain SGD on CPU, followed by the projection onto B(0, radius) that 002 l.110
adds (Opacus has no projection).  It follows the convention of target ``002.algA1`` (``dpsco-ref oracle --list``):
with ``noise_multiplier = sigma * B / clip`` its noise on the mean gradient is N(0, sigma^2 I), as the reference's.

In-law only (Opacus draws its own noise, from a ``torch.Generator`` seeded by the given numpy ``rng``).  The trace
records ``b_t = (Opacus's noisy mean gradient) - (the reference's mean clipped gradient at the same x_t)``: the
step given the deterministic part.  Any difference in Opacus's clipping or noise scale shows up in the law of b_t
(bias, variance, tails), which the oracle tests exactly.  Known, below every detectable effect: Opacus clips with
factor ``C / (||g|| + 1e-6)`` instead of ``C / ||g||`` (a relative change <= 1e-6 C/||g|| per clipped example).

Install the extra with ``pip install torch`` (a CPU wheel) then ``pip install .[oracle-opacus]``.
"""
from __future__ import annotations

import numpy as np

__all__ = ["opacus_dp_sgd"]


def opacus_dp_sgd(oracle, data, *, T, B, lr, radius, p, clip, sigma=0.0, rng=None, noise=None, trace=None):
    """Target 002.algA1 run by Opacus's DPOptimizer (see the module docstring).  Spec: 002.algA1 (port under test)."""
    import torch
    from opacus.optimizers import DPOptimizer

    from reference.core.geometry import proj_l2_ball
    from reference.srgd.algorithm import clip_l2

    if noise is not None:
        raise ValueError("opacus_dp_sgd draws its own noise (Opacus has no pre-drawn-noise entry): use it in law")
    if rng is None:
        raise ValueError("rng must be a numpy Generator (it seeds Opacus's torch.Generator)")
    gen = torch.Generator().manual_seed(int(rng.integers(0, 2 ** 63 - 1)))
    w = torch.nn.Parameter(torch.zeros(p, dtype=torch.float64))
    opt = DPOptimizer(torch.optim.SGD([w], lr=lr), noise_multiplier=sigma * B / clip, max_grad_norm=clip,
                      expected_batch_size=B, generator=gen)
    data = np.asarray(data, dtype=float)
    x = np.zeros(p)
    for t in range(T):
        g = np.asarray(oracle(np.repeat(x[None], B, axis=0), data[t * B:(t + 1) * B]), dtype=float)
        with torch.no_grad():
            w.copy_(torch.from_numpy(x))
        w.grad_sample = torch.from_numpy(g.copy())
        w.grad = torch.zeros_like(w)
        opt.step()                                          # clip per sample, add noise, / B, SGD step
        noisy_mean = w.grad.detach().numpy().copy()
        x_next = proj_l2_ball(w.detach().numpy().copy(), radius=radius)
        opt.zero_grad()
        if trace is not None:
            b = noisy_mean - clip_l2(g, clip).mean(axis=0)  # the noise, given the deterministic part
            trace.append(dict(t=t, x=x.copy(), x_next=x_next.copy(), b=b))
        x = x_next

    class _Result:
        y_T = x

    return _Result()
