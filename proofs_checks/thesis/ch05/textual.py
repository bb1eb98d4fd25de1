"""Textual audit checks of thesis 003 Ch. 4/5: the printed text at the cited seed lines contains the slip.

These checks read the seed (the authority) and assert the quoted fragment is present at the cited line; they are
ERRATUM records of typos / wrong cross-references whose mathematical content is unaffected.
"""
from __future__ import annotations

from functools import lru_cache

from proofs_checks.framework import Outcome, Verdict, check
from proofs_checks.specs import SEEDS_DIR

SEED = "003_7b89ea95d4dd3293.txt"


@lru_cache(maxsize=1)
def _lines() -> list[str]:
    return (SEEDS_DIR / SEED).read_text(encoding="utf-8").splitlines()


def _find(items):
    L = _lines()
    found, missing = [], []
    for ln, frag in items:
        (found if frag in L[ln - 1] else missing).append(f"L{ln}: '{frag}'")
    return found, missing


def _textual(claim, items, fix):
    found, missing = _find(items)
    if missing:
        return Outcome(Verdict.FAILED, computed="fragments not found: " + "; ".join(missing))
    return Outcome(Verdict.ERRATUM, claimed=claim, computed="found " + "; ".join(found), precision="exact text match in the seed",
                   counterexample="; ".join(found), details=fix)


@check("003_ch05.audit.18.text", spec=["003_ch05.audit.18"])
def _a18(ctx):
    return _textual("cross-references in Ch. 5 / Thm 4.5.3 / Lemma 5.7.1",
                    [(4322, "Algorithm 6"), (4365, "Algorithm 13"), (4711, "Proposition 5.5.5"), (4010, "Theorem 5.5.8"),
                     (4803, "Section 4.1.1"), (4807, "Section 2.1"), (3910, "Theorem 4.4.2"), (4837, "x_v^* := \\min")],
                    "Alg 15 is called 'Algorithm 6', Alg 16 'Algorithm 13'; Prop 5.5.6 cited as 5.5.5; the warm-start remark (L4010) "
                    "concerns Theorem 5.4.12; stale section numbers; Thm 4.5.3 privacy cites Thm 4.4.2 (should be 4.5.2); argmin not min")


@check("003_ch05.audit.16.text", spec=["003_ch05.audit.16"])
def _a16(ctx):
    return _textual("Section 5.3 formulas", [(4152, "[\\langle"), (4174, "at any"), (4186, "at any"), (4210, "\\varphi''(r)")],
                    "(5.7) E[<y-mu,h>]^3 should be |E[<y-mu,h>^3]| (E[<y-mu,h>] = 0, so the printed form is vacuous); Hessian of "
                    "-log D_x 'at any x' should be 'at any y'; phi''(r) should be phi''(t) in the integral (L4210)")


@check("003_ch05.audit.20.text", spec=["003_ch05.audit.20"])
def _a20(ctx):
    return _textual("Lemma 5.5.2 proof domain", [(4577, "|x\\|_q \\leq 1")],
                    "should be ||x||_p <= 1; after rescaling to diameter 1 one must also translate so that X ⊂ B_p(0,1)")


@check("003_ch05.audit.26.text", spec=["003_ch05.audit.26"])
def _a26(ctx):
    return _textual("Ch. 5 intro/naming", [(4050, "Zerth"), (4765, "stable count"), (4565, "Omega"), (4012, "frac{1}{d}")],
                    "'Zerth-order' typo; mu_c is the positive (one-sided) stable law, not the 'stable count' law; the strong convexity "
                    "constant is exactly (p-1)/(2a) (stated as Omega((p-1)/a)); eta regimes 1/d (intro) vs 1/(d log d) (Lemma 5.5.2)")


@check("003_ch05.audit.27.text", spec=["003_ch05.audit.27"])
def _a27(ctx):
    out = _textual("Thm 5.4.12 condition 1/eta = Omega(G^2 log(log beta/(delta eta mu))) (L4527)", [(4527, "log \\frac{\\log")],
                   "from delta' = delta/(2T), T = Theta(log(beta/delta)/(eta mu)): the condition is Omega(G^2 log(log(beta/delta)/"
                   "(delta eta mu))); as printed it degenerates at beta = 1 (log beta = 0, log 0 = -oo)")
    return out
