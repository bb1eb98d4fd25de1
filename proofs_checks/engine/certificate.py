"""Writing certificates of CERTIFIED results (issue 12, item 7).

A certificate is a JSON file that :mod:`proofs_checks.certificate_checker` re-verifies without this engine:

.. code-block:: text

    {
      "format": "dpsco-certificate/1",
      "name": "...", "claim": "human-readable claim",
      "relation": "expression <= 0 at every point of the box",
      "expression": {"kind": "grammar", "text": "1 + x - exp(x)"}       # the grammar of engine/expression.py
                  | {"kind": "callable", "path": "package.module:function"},   # a pure arb function
      "params": [{"name", "lo", "hi", "log", "integer", "lo_open", "hi_open"}, ...],   # floats as repr strings
      "ball_rule": "...", "transform": ["..."], "precision_bits": 64,
      "leaves": [{"box": [[a, b], ...], "upper": "-1.5e-3", "form": "ball" | "mean-value" | "limit",
                  "fixed": {"x": "0.0"}, "fixed_by": {"x": "gradient" | "fact:0"}, "center": {"y": "0.5"}}, ...],
      "monotonicity_facts": [{"param", "direction", "start", "end", "status": "certified" | "declared",
                              "justification", "limit": expression or null,
                              "derivative_certificate": {nested certificate} or null}],
      "engine": {"n_boxes": ..., "seconds": ...}
    }

Endpoints are exact: floats are written with ``repr`` (round-trip exact), ``"inf"`` for infinity, integers as
JSON integers.  Leaves cover the box exactly (the checker verifies this by guillotine decomposition).
"""
from __future__ import annotations

import json
from pathlib import Path

__all__ = ["certificate_dict", "write_certificate", "default_certificate_path", "CERT_FORMAT"]

CERT_FORMAT = "dpsco-certificate/1"
REPO_ROOT = Path(__file__).resolve().parents[2]
BALL_RULE = ("real leaf [a, b]: arb(a).union(arb(b)), then its nonnegative part when a >= 0; a == b: arb(a); "
             "integer leaf a..b: the real ball of [a, b]; fixed (monotone) coordinates: arb(value); "
             "evaluation: Arb, with products / quotients / integer powers / exp log sqrt erf erfc log1p expm1 of balls "
             "of positive radius intersected with the hull of the endpoint values, erfcx by its endpoint values; "
             "a leaf coordinate whose ball loses the sign of [a, b] (0 < a, a/b < 2^-30) and every value whose "
             "endpoint hull has a sign its ball lost carry end enclosures (tight balls: interval arithmetic on the "
             "ends; upper bound = min of ball and end upper); x^n (integer literal) by exact integer power, other "
             "x^y = exp(y log x) for x > 0 only (a domain error leaves the leaf open); "
             "gradients by forward-mode AD in plain Arb")


def default_certificate_path(name: str) -> Path:
    safe = "".join(ch if (ch.isalnum() or ch in "._-") else "_" for ch in name)
    return REPO_ROOT / "reports" / "certificates" / f"{safe}.json"


def _num(x):
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    x = float(x)
    return repr(x)


def certificate_dict(result, name: str | None = None) -> dict:
    """The certificate of a CERTIFIED :class:`~proofs_checks.engine.certify.CertResult` (a JSON-able dict)."""
    if result.status != "CERTIFIED":
        raise ValueError(f"only CERTIFIED results have certificates (status {result.status})")
    if result.expression is None:
        raise ValueError("the claim is a callable that cannot be imported by path (a lambda or closure): "
                         "pass an expression string or a module-level function to write a certificate")
    facts = []
    for rec in result.facts:
        r = {k: v for k, v in rec.items() if k != "derivative_result"}
        sub = rec.get("derivative_result")
        r["derivative_certificate"] = None
        if sub is not None and sub.status == "CERTIFIED" and sub.expression is not None:
            r["derivative_certificate"] = certificate_dict(sub, name=f"{name or 'claim'}.d_{rec['param']}")
        elif rec["status"] == "certified":
            r["status"] = "declared"   # certified here, but not re-verifiable (opaque derivative)
            r["justification"] = (r.get("justification") or "") + " (derivative certified by the engine; " \
                                                                  "opaque callable, not re-verifiable)"
        facts.append(r)
    leaves = []
    for lf in result.leaves:
        d = {"box": [[_num(a), _num(b)] for a, b in lf.box], "upper": repr(float(lf.upper)), "form": lf.form}
        if lf.fixed:
            d["fixed"] = {k: _num(v) for k, v in lf.fixed.items()}
        if lf.fixed_by:
            d["fixed_by"] = dict(lf.fixed_by)
        if lf.center:
            d["center"] = {k: _num(v) for k, v in lf.center.items()}
        leaves.append(d)
    return {
        "format": CERT_FORMAT,
        "name": name or "",
        "claim": result.claim,
        "relation": "expression <= 0 at every point of the box",
        "expression": result.expression,
        "params": [p.to_json() for p in result.params],
        "ball_rule": BALL_RULE,
        "transform": [p.transform_text() for p in result.params],
        "precision_bits": result.prec,
        "max_upper": repr(float(result.max_upper)) if result.max_upper is not None else None,
        "leaves": leaves,
        "monotonicity_facts": facts,
        "engine": {"n_boxes": result.n_boxes, "seconds": round(result.seconds, 4),
                   "coverage": result.coverage},
    }


def write_certificate(result, path, name: str | None = None) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    d = certificate_dict(result, name=name or path.stem)
    head = {k: v for k, v in d.items() if k != "leaves"}
    text = json.dumps(head, indent=1)[:-2]    # drop the closing "\n}"; one leaf per line follows (diff-friendly)
    leaves = ",\n".join("  " + json.dumps(lf, separators=(",", ":")) for lf in d["leaves"])
    path.write_text(f'{text},\n "leaves": [\n{leaves}\n ]\n}}\n', encoding="utf-8")
    return path
