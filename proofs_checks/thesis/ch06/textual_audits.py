"""Thesis 003 Ch. 6: textual audits, each an exact regex match of the printed seed line it reports."""
from __future__ import annotations

import re
from pathlib import Path
from proofs_checks.framework import check, erratum, fail
from proofs_checks.specs import SEEDS_DIR


SEED = SEEDS_DIR / "003_7b89ea95d4dd3293.txt"          # DPSCO_SEEDS_DIR or ../shared/seeds (proofs_checks.specs)


_LINES: list[str] = []


def seed_line(k: int) -> str:
    global _LINES
    if not _LINES:
        _LINES = SEED.read_text(encoding="utf-8").splitlines()
    return _LINES[k - 1]


# ------------------------------------------------------------------------------------------ textual audits
_TEXT = {
    "AU1": ([(5283, r"Combining Algorithm 18 and Algorithm 18")],
            "L5283 reads 'Combining Algorithm 18 and Algorithm 18' (Alg. 17 Stochastic Spider and Alg. 18 AboveThreshold meant)"),
    "AU12": ([(5301, r"O\(\\frac\{L\\sqrt\{\\log d\}\}")], "L5301 writes L for the Lipschitz constant G in Claim 6.3.10"),
    "AU16": ([(5113, r"\\exp\(\\max_\{x,y\} \|F_\{\\mathcal\{D\}\}\(x\) - F_\{\\mathcal\{D\}\}\(y\)\|\)/\\mu")],
             "L5113 states the LSI constant exp(max|F_D(x) − F_D(y)|)/μ (β missing; the proof L5571 has e^{βGD}/(βμ))"),
    "AU20": ([(5355, r"\[F_\{\\mathcal\{P\}\}\(x\) - F_\{\\mathcal\{D\}\}\(x\)\]"),
              (5555, r"\[F_\{\\mathcal\{D\}\}\(x\) - F_\{\\mathcal\{D\}'\}\(x\)\]")],
             "Lemma 6.4.5's left side is E[F_P(x) − F_D(x)] at L5355 but E[F_D(x) − F_D'(x)] at L5555"),
    "AU21": ([(5575, r"\\leq 1\$\$")], "the privacy inequality at L5575 ends '≤ 1' where '≤ ε' is meant"),
    "AU22": ([(5591, r"\\min_\{x\^\* \\in \\mathcal\{D\}\}"), (5593, r"empirical risk is dominated term")],
             "L5591 minimises over 𝒟 instead of 𝒦; L5593 says the empirical risk is the dominated term (reversed)"),
    "AU6": ([(5285, r"/\\kappa \\log\^2\(ndMB/\\omega\)\}\}\{n\\varepsilon\}"),
             (5489, r"/\\kappa\} \\log\^2\(ndMB/\\omega\)\}\{n\\varepsilon\}")],
            "σ1 has log²(ndMB/ω) inside the square root at L5285 but outside at L5489 (likewise log⁵ in σ2)"),
    "AU13": ([(5065, r"\\frac\{d\^\{\\frac\{1\}\{2\}\}\}\{n\^\{\\frac\{1\}\{2\}\}\}"),
              (5087, r"\(\\sqrt\{d\}/n\)\^\{1/2\}")],
             "Table 6.1 (L5065) lists the prior SOTA as d^{1/2}/n^{1/2}; the text (L5087) has (√d/n)^{1/2} = d^{1/4}/n^{1/2}"),
    "AU7": ([(5236, r"\\log\(Td/\\omega\)"),
             (5238, r"\\log\(\\frac\{d/\\omega\}\{\\zeta_2\^2\\kappa \+ \\zeta_1\^2\}\)")],
            "Lemma 6.3.6 sets γ with log(Td/ω) (L5236) but its second equality (L5238) uses log((d/ω)/(ζ2²κ + ζ1²)), "
            "dropping T and the factor 4"),
    "AU15": ([(5095, r"d\\sqrt\{\\log\(1/\\delta\)\}/\(\\varepsilon\^2 \\log n\)"),
              (5327, r"\\frac\{d\\log\(1/\\delta\)\}\{\\varepsilon\^2 \\log n\}")],
             "the [WCX19] bound is d√log(1/δ)/(ε² log n) at L5095 but d log(1/δ)/(ε² log n) at L5327"),
    "AU26": ([(5435, r"\\leq -\\sqrt\{\\rho\\gamma\}")],
             "Lemma 6.5.2 (L5435) assumes smin(∇²F(x0)) <= −√(ργ) where the rest of the section uses −√(ρα)"),
    "AU27": ([(5141, r"for any  \$\\delta > 0\$ ,"), (5143, r"with probability at least  \$1 - \\omega\$")],
             "Lemma 6.2.5 (L5141): 'for any δ > 0, with probability at least 1 − ω' (δ and ω mixed up)"),
}


def _text_check(label):
    pats, text = _TEXT[label]

    def fn(ctx):
        found = []
        for line, pat in pats:
            if not re.search(pat, seed_line(line)):
                return fail(f"seed line {line} contains /{pat}/", seed_line(line)[:300])
            found.append(f"L{line}: …{re.search(pat, seed_line(line))[0]}…")
        return erratum(claimed=f"the printed text at {', '.join('L' + str(l) for l, _ in pats)}",
                       computed="regex match in the seed: " + "; ".join(found), counterexample=text,
                       precision="exact text match in the seed file")
    fn.__name__ = fn.__qualname__ = f"_text_{label}"
    return fn


for _lab in _TEXT:
    check(f"003_ch06.audit.{_lab}.text", spec=f"003_ch06.audit.{_lab}")(_text_check(_lab))
