"""The seed documents are found from ``--seeds-dir`` or ``DPSCO_SEEDS_DIR`` everywhere (issue 19), so ``verify``
works from any checkout location: no module builds its own ``../shared/seeds`` path."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_module_hard_codes_the_seeds_location():
    pat = re.compile(r"""["']shared["']\s*/\s*["']seeds["']|(Path|open)\(\s*f?["'][^"']*shared/seeds""")
    offenders = []
    for base in ("reference", "proofs_checks"):
        for p in (ROOT / base).rglob("*.py"):
            if p.name == "specs.py" and p.parent.name == "proofs_checks":
                continue                                   # the one place that defines SEEDS_DIR
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
                if pat.search(line) and not line.lstrip().startswith("#"):
                    offenders.append(f"{p.relative_to(ROOT)}:{i}")
    assert not offenders, offenders


def test_env_var_reaches_the_modules_that_read_seed_text(tmp_path):
    code = ("import proofs_checks.thesis.ch06.textual_audits as a, proofs_checks.interpolation.statements as b; "
            "print(a.SEED.parent, b.SEED.parent)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT),
                         env=dict(os.environ, DPSCO_SEEDS_DIR=str(tmp_path)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(tmp_path), str(tmp_path)]


def test_seeds_dir_option_sets_the_environment(tmp_path, capsys):
    from proofs_checks import specs
    from proofs_checks.cli import _use_seeds_dir

    old_env, old_dir = os.environ.get("DPSCO_SEEDS_DIR"), specs.SEEDS_DIR
    try:
        rest = _use_seeds_dir(["verify", "--seeds-dir", str(tmp_path), "--id", "x"])
        assert rest == ["verify", "--id", "x"]
        assert os.environ["DPSCO_SEEDS_DIR"] == str(tmp_path.resolve()) and specs.SEEDS_DIR == tmp_path.resolve()
    finally:
        specs.SEEDS_DIR = old_dir
        if old_env is None:
            os.environ.pop("DPSCO_SEEDS_DIR", None)
        else:
            os.environ["DPSCO_SEEDS_DIR"] = old_env
