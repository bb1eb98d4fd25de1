"""Scale-out on any concurrent.futures.Executor, Dask included (issue 12, item 8)."""
from concurrent.futures import Future, ProcessPoolExecutor

import pytest

from proofs_checks import framework
from proofs_checks.engine import Param, certify
from proofs_checks.engine.executors import open_executor, parse_executor

EXPR = "x*y*exp(-x*y) - 0.37"
PARAMS = [Param("x", 0.1, 4), Param("y", 0.5, 2, log=True)]


class InlineExecutor:
    """The smallest Executor: runs each task at submit time."""

    def submit(self, fn, *args, **kw):
        fut = Future()
        fut.set_result(fn(*args, **kw))
        return fut


def _key(r):
    return r.status, r.n_boxes, [(lf.box, lf.upper, lf.form) for lf in r.leaves]


@pytest.fixture(scope="module")
def reference():
    r = certify(EXPR, PARAMS, executor=InlineExecutor(), chunks=4)
    assert r.status == "CERTIFIED"
    return r


def test_parse_executor():
    assert parse_executor("process") == ("process", None)
    assert parse_executor("dask:tcp://h:8786") == ("dask", "tcp://h:8786")
    for bad in ("", "threads", "dask:"):
        with pytest.raises(ValueError, match="--executor"):
            parse_executor(bad)
    with open_executor("serial", 4) as ex:
        assert ex is None


def test_chunked_certify_on_a_process_pool_matches_inline(reference):
    with ProcessPoolExecutor(max_workers=2) as ex:
        r = certify(EXPR, PARAMS, executor=ex, chunks=4)
    assert _key(r) == _key(reference)


def test_dask_local_cluster():
    distributed = pytest.importorskip("distributed")
    ids = framework.select("quick", None, "core.acct.compose_basic*")[:2]
    assert ids
    serial = framework.run_checks(ids, "quick")
    # in-process worker (one thread: flint precision is process-global); the scheduler protocol is the real one
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        ex = client.get_executor()
        r = certify(EXPR, PARAMS, executor=ex, chunks=4)
        on_dask = framework.run_checks(ids, "quick", ex)
    assert _key(r) == _key(certify(EXPR, PARAMS, executor=InlineExecutor(), chunks=4))
    assert [(x.id, x.verdict, x.margin) for x in on_dask] == [(x.id, x.verdict, x.margin) for x in serial]
