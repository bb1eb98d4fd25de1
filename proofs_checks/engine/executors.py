"""Executors for heavy certifications and for ``dpsco-ref verify`` (issue 12, item 8): no home-made scheduler.

Everything that runs in parallel takes a plain ``concurrent.futures.Executor``:
``framework.run_checks(ids, profile, executor)`` (one check per task) and
``certify(..., executor=ex, chunks=k)`` (one sub-box per task).  :func:`open_executor` turns the CLI's
``--executor`` value into one:

* ``process``       a ``ProcessPoolExecutor`` with ``jobs`` workers (``jobs == 1``: run in this process);
* ``serial``        no executor (in this process, in order);
* ``dask:ADDRESS``  the executor of a ``distributed.Client`` connected to the scheduler at ADDRESS
                    (``tcp://host:8786``); ``dask:local`` starts a ``LocalCluster`` with ``jobs`` worker
                    processes for the duration of the run.  Needs the optional extra ``dask``
                    (``pip install dpsco-reference[dask]``); the workers must have this package installed.

Results do not depend on the executor: checks seed from their id and results are sorted by id; certify merges
chunk results in submission order.
"""
from __future__ import annotations

import contextlib

__all__ = ["open_executor", "parse_executor"]


def parse_executor(spec: str) -> tuple[str, str | None]:
    """('process' | 'serial' | 'dask', address) or ValueError naming the accepted forms."""
    spec = (spec or "").strip()
    if spec in ("process", "serial"):
        return spec, None
    if spec.startswith("dask:") and spec[5:].strip():
        return "dask", spec[5:].strip()
    raise ValueError(f"--executor must be 'process', 'serial' or 'dask:ADDRESS' (e.g. dask:tcp://host:8786, "
                     f"dask:local), got {spec!r}")


def open_executor(spec: str, jobs: int = 1):
    """A context manager yielding a ``concurrent.futures.Executor`` (or ``None`` for in-process runs).

    The spec is validated immediately (ValueError); a missing ``distributed`` package raises ValueError too."""
    kind, address = parse_executor(spec)
    if kind == "dask":
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise ValueError("--executor dask:... needs the optional extra: pip install 'dpsco-reference[dask]' "
                             "(dask[distributed])") from None
    return _executor(kind, address, int(jobs))


@contextlib.contextmanager
def _executor(kind, address, jobs):
    if kind == "serial" or (kind == "process" and jobs <= 1):
        yield None
        return
    if kind == "process":
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as ex:
            yield ex
        return
    from distributed import Client, LocalCluster

    if address == "local":
        with LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            yield client.get_executor()
    else:
        with Client(address) as client:
            yield client.get_executor()
