"""Checks of reference.core.oracles (counting, depth, sample access).  Spec: core.orc.*"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.oracles import (GradientOracle, QueryCounter, SampleAccessOracle, StochasticGradientOracle,
                                    ValueOracle, draw_indices_with_replacement)


@check("core.orc.counting.random_programs", spec=["core.orc.stmt.counting", "core.orc.counter", "core.orc.value",
                                                   "core.orc.gradient", "core.orc.stochastic",
                                                   "core.orc.sample_access"], profile="quick")
def _counting(ctx):
    """Random programs of single calls, batches and (nested) parallel rounds on oracles sharing one counter;
    an independent tally (computed from the program, not from the counter) must equal calls and rounds."""
    rng = ctx.rng
    d = 3
    n_prog = 300
    mismatches = []
    for prog in range(n_prog):
        counter = QueryCounter()
        data = rng.standard_normal((7, d))
        fn_evals = {"n": 0}

        def f(x):
            fn_evals["n"] += 1 if np.ndim(x) == 1 else np.shape(x)[0]
            return float(np.sum(x ** 2)) if np.ndim(x) == 1 else np.sum(x ** 2, axis=1)

        def g(x):
            fn_evals["n"] += 1 if np.ndim(x) == 1 else np.shape(x)[0]
            return 2 * x

        def sg(x, r):
            fn_evals["n"] += 1 if np.ndim(x) == 1 else np.shape(x)[0]
            return 2 * x + r.standard_normal(np.shape(x))

        def psg(x, s):
            fn_evals["n"] += 1
            return x - s

        def psl(x, s):
            fn_evals["n"] += 1
            return 0.5 * float(np.sum((x - s) ** 2))

        vec = bool(rng.integers(2))
        oracles = [ValueOracle(f, d, counter, vectorized=vec), GradientOracle(g, d, counter, vectorized=vec),
                   StochasticGradientOracle(sg, ctx.child_rng(prog), d, counter, vectorized=vec)]
        sa = SampleAccessOracle(psg, data, rng=ctx.child_rng(10_000 + prog), dim=d, counter=counter,
                                per_sample_loss=psl)
        exp_calls = exp_rounds = 0
        exp_per_sample = np.zeros(7, dtype=int)
        for _ in range(int(rng.integers(1, 12))):
            op = int(rng.integers(0, 6))
            if op == 0:  # single call
                o = oracles[int(rng.integers(3))]
                o(rng.standard_normal(d))
                exp_calls += 1
                exp_rounds += 1
            elif op == 1:  # batch (possibly empty)
                m = int(rng.integers(0, 6))
                oracles[int(rng.integers(3))].batch(rng.standard_normal((m, d)))
                exp_calls += m
                exp_rounds += 1 if m > 0 else 0
            elif op == 2:  # a parallel round with mixed queries and a nested round
                k_tot = 0
                with counter.parallel_round():
                    for _ in range(int(rng.integers(0, 4))):
                        oracles[int(rng.integers(3))](rng.standard_normal(d))
                        k_tot += 1
                    with oracles[0].parallel_round():
                        m = int(rng.integers(0, 3))
                        oracles[1].batch(rng.standard_normal((m, d)))
                        k_tot += m
                    i = int(rng.integers(7))
                    sa.grad(rng.standard_normal(d), i)
                    exp_per_sample[i] += 1
                    k_tot += 1
                exp_calls += k_tot
                exp_rounds += 1
            elif op == 3:  # sample-access batch
                idx = rng.integers(0, 7, size=int(rng.integers(1, 5)))
                sa.grad_batch(rng.standard_normal(d), idx)
                np.add.at(exp_per_sample, idx, 1)
                exp_calls += idx.size
                exp_rounds += 1
            elif op == 4:  # full gradient / ERM value: n queries, one round
                if rng.integers(2):
                    sa.full_gradient(rng.standard_normal(d))
                else:
                    sa.erm_value(rng.standard_normal(d))
                exp_per_sample += 1
                exp_calls += 7
                exp_rounds += 1
            else:  # stochastic gradient through the with-replacement view
                so = sa.as_stochastic_oracle()
                m = int(rng.integers(1, 4))
                before = sa.per_sample_calls.sum()
                so.batch(rng.standard_normal((m, d)))
                exp_per_sample_total = before + m
                if sa.per_sample_calls.sum() != exp_per_sample_total:
                    mismatches.append((prog, "per_sample total"))
                exp_per_sample = sa.per_sample_calls.copy()  # indices are random; totals were checked
                exp_calls += m
                exp_rounds += 1
        if counter.calls != exp_calls or counter.rounds != exp_rounds:
            mismatches.append((prog, counter.calls, exp_calls, counter.rounds, exp_rounds))
        if not np.array_equal(sa.per_sample_calls, exp_per_sample):
            mismatches.append((prog, "per_sample"))
        if fn_evals["n"] != counter.calls:  # every counted query evaluated the function exactly once
            mismatches.append((prog, "fn_evals", fn_evals["n"], counter.calls))
        if sum(counter.by_kind.values()) != counter.calls or counter.rounds > counter.calls:
            mismatches.append((prog, "by_kind/rounds invariant"))
    if mismatches:
        return fail("counter.calls = #queries, counter.rounds = #rounds", f"{len(mismatches)} mismatches: {mismatches[:5]}")
    return Outcome(Verdict.NUMERIC,
                   claimed="calls = number of oracle queries (batch of m = m queries), rounds = number of parallel "
                           "rounds (single call = 1, batch = 1, parallel_round block with >= 1 query = 1, nested "
                           "blocks merge); per-sample counts exact; every counted query evaluates the function once",
                   computed=f"{n_prog} random programs: 0 mismatches against an independent tally",
                   margin=0.0, precision="exact integer comparison",
                   details="ops: single calls, batches (incl. empty), nested parallel rounds over 4 oracles sharing "
                           "one QueryCounter, sample-access batches, full gradients, ERM values, with-replacement "
                           "stochastic view; vectorized and per-point evaluation")


@check("core.orc.with_replacement.uniform_unbiased", spec=["core.orc.stmt.erm_unbiased", "core.orc.with_replacement",
                                                            "core.orc.sample_access"], profile="quick")
def _with_replacement(ctx):
    """(i) index frequencies of draw_indices_with_replacement match 1/n (two-sided Hoeffding per index);
    (ii) the stochastic gradient of SampleAccessOracle is unbiased for the full ERM gradient (Hoeffding per
    coordinate, gradients bounded in [-B, B]); (iii) pairs (I_t, I_{t+1}) are uniform on [n]^2 (independence).
    Bonferroni over all tests: total false-failure probability <= 1e-6."""
    rng = ctx.rng
    n, m = 7, 400_000
    idx = draw_indices_with_replacement(n, m, rng)
    n_tests = n + n * n + 3
    alpha = 1e-6 / n_tests
    rad = math.sqrt(math.log(2 / alpha) / (2 * m))  # Hoeffding for a frequency of m Bernoulli draws
    freq = np.bincount(idx, minlength=n) / m
    dev1 = float(np.max(np.abs(freq - 1 / n)))
    pairs = idx[:-1:2] * n + idx[1::2]
    m2 = pairs.size
    rad2 = math.sqrt(math.log(2 / alpha) / (2 * m2))
    freq2 = np.bincount(pairs, minlength=n * n) / m2
    dev2 = float(np.max(np.abs(freq2 - 1 / n ** 2)))
    # unbiasedness of the ERM stochastic gradient
    d = 3
    data = rng.uniform(-1, 1, size=(n, d))
    x = np.array([0.3, -0.2, 0.1])
    sa = SampleAccessOracle(lambda z, s: z - s, data, rng=ctx.child_rng(1), dim=d)
    T = 100_000
    G = sa.stochastic_gradient_batch(np.broadcast_to(x, (T, d)))
    full = (x - data).mean(axis=0)
    B = float(np.max(np.abs(x - data)))
    rad3 = 2 * B * math.sqrt(math.log(2 / alpha) / (2 * T))
    dev3 = float(np.max(np.abs(G.mean(axis=0) - full)))
    ok = dev1 <= rad and dev2 <= rad2 and dev3 <= rad3 and sa.calls == T and sa.rounds == 1
    margin = min(rad - dev1, rad2 - dev2, rad3 - dev3)
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED,
                   claimed="indices i.i.d. uniform on [n] (with replacement); E[grad f(x; s_I)] = grad f^erm(x)",
                   computed=f"max|freq-1/n| = {dev1:.2e} <= {rad:.2e}; max|pair freq-1/n^2| = {dev2:.2e} <= "
                            f"{rad2:.2e}; max|mean G - full grad| = {dev3:.2e} <= {rad3:.2e}; calls={sa.calls}, "
                            f"rounds={sa.rounds}",
                   margin=margin, precision=f"false-failure <= 1e-6 (Hoeffding, Bonferroni over {n_tests} tests)",
                   details=f"n={n}, m={m} indices, {m2} disjoint pairs, T={T} stochastic gradients, seed from check id")
