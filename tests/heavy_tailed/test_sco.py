"""Tests for doc 004 SCOF (Alg. 1) and CDP-SCO (Alg. 2)."""
import numpy as np
import pytest

from reference.heavy_tailed import sco


def _mean_oracle(G, rng=None, noise=None):
    z = rng.standard_normal(G.shape[1]) if noise is None else noise
    return G.mean(0) + 0.1 * z


def test_scof_bit_identical_with_predrawn_noise():
    X = np.random.default_rng(0).standard_normal((60, 3))
    args = (X, sco.quadratic_loss_oracle(X), sco.ball_projection(np.zeros(3), 1.0), 0.2, 9, _mean_oracle, np.zeros(3))
    W1 = sco.scof(*args, rng=np.random.default_rng(4))
    g = np.random.default_rng(4)
    noise = [g.standard_normal(3) for _ in range(9)]
    W2 = sco.scof(X, sco.quadratic_loss_oracle(X), sco.ball_projection(np.zeros(3), 1.0), 0.2, 9, _mean_oracle, np.zeros(3), noise=noise)
    assert np.array_equal(W1, W2)


def test_scof_trace_and_eta_schedule():
    X = np.random.default_rng(0).standard_normal((40, 2))
    tr = []
    W1 = sco.scof(X, sco.quadratic_loss_oracle(X), sco.ball_projection(np.zeros(2), 5.0), 0.3, 5, _mean_oracle, np.zeros(2),
                  rng=np.random.default_rng(1), trace=tr)
    W2 = sco.scof(X, sco.quadratic_loss_oracle(X), sco.ball_projection(np.zeros(2), 5.0), [0.3] * 5, 5, _mean_oracle, np.zeros(2),
                  rng=np.random.default_rng(1))
    assert np.array_equal(W1, W2) and np.array_equal(np.array(tr), W1)


def test_scof_strongly_convex_batches_disjoint():
    X = np.arange(23, dtype=float)[:, None]
    seen = []

    class Recording(sco.BatchSampleAccessOracle):
        def grad_batch(self, xs, idx):
            seen.append(X[np.asarray(idx), 0].tolist())
            return super().grad_batch(xs, idx)
    o = Recording(lambda w, S: w[None, :] - S, X)
    sco.scof(X, o, lambda y: y, 0.1, 4, lambda G, rng=None, noise=None: G.mean(0), np.zeros(1), mode="strongly_convex")
    assert o.calls == 20 and o.rounds == 4 and o.per_sample_calls.tolist() == [1] * 20 + [0] * 3
    assert seen == [list(map(float, range(t * 5, t * 5 + 5))) for t in range(4)]


def test_cdp_sco_oracle_mode_bit_identical():
    rng = np.random.default_rng(3)
    X = rng.standard_t(3, size=(300, 2))
    P = sco.params_thm5_7(300, 2, 2, 1.0, 1.0, 1.0)
    w1, W1, _ = sco.cdp_sco(X, sco.quadratic_loss_oracle(X), sco.ball_projection(np.zeros(2), 1.0), np.zeros(2), P, 1.0,
                            rng=np.random.default_rng(8))
    g = np.random.default_rng(8)
    w2, W2, _ = sco.cdp_sco(X, sco.quadratic_loss_oracle(X), sco.ball_projection(np.zeros(2), 1.0), np.zeros(2), P, 1.0,
                            noise=[g.standard_normal(2) for _ in range(P.T)])
    assert np.array_equal(W1, W2)


@pytest.mark.parametrize("kw,match", [(dict(T=0), "T must"), (dict(eta=-1.0), "eta"), (dict(mode="x"), "mode")])
def test_scof_validation(kw, match):
    args = dict(X=np.zeros((5, 1)), grad_oracle=sco.quadratic_loss_oracle(np.zeros((5, 1))), proj=lambda y: y, eta=0.1, T=2,
                mean_oracle=_mean_oracle, w0=np.zeros(1))
    args.update(kw)
    with pytest.raises(ValueError, match=match):
        sco.scof(**args, rng=np.random.default_rng(0))


def test_params_validation():
    with pytest.raises(ValueError, match="q must"):
        sco.params_thm5_5(100, 2, 1.0, 1.0, 1.0, q=3.0)
    with pytest.raises(ValueError, match="lam"):
        sco.params_thm5_7(100, 2, 2, 1.0, 2.0, 1.0)
    p = sco.params_thm5_2(10 ** 4, 2, 2, 1.0, 1.0, 1.0)
    assert p.T >= 1 and p.m == int(np.ceil(4 * np.log(4) + 8 * 2 * np.log(1e12) - 1e-12))


def test_batch_oracle_agrees_with_core_sample_access_oracle():
    """The vectorized oracle returns the core SampleAccessOracle's per-sample gradients and the same counts."""
    from reference.core.oracles import SampleAccessOracle
    rng = np.random.default_rng(3)
    X = rng.standard_t(3, size=(17, 2))
    fast = sco.quadratic_loss_oracle(X)
    slow = SampleAccessOracle(lambda w, x: w - x, X)
    w = np.array([0.3, -0.2])
    for idx in (np.arange(17), np.arange(4, 9), np.array([0, 0, 16])):
        assert np.array_equal(fast.grad_batch(w, idx), slow.grad_batch(w, idx))
    assert (fast.calls, fast.rounds) == (slow.calls, slow.rounds) == (17 + 5 + 3, 3)
    assert np.array_equal(fast.per_sample_calls, slow.per_sample_calls)
    with pytest.raises(ValueError, match="idx"):
        fast.grad_batch(w, np.array([17]))
