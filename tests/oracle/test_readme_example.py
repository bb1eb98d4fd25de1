"""The README's oracle example (the python blocks between the oracle-example markers) runs as written."""
from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _blocks():
    text = README.read_text(encoding="utf-8")
    section = text.split("<!-- oracle-example:begin", 1)[1].split("<!-- oracle-example:end -->", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_readme_oracle_example_runs(dpsco_oracle):
    blocks = _blocks()
    assert len(blocks) == 2
    ns: dict = {}
    for code in blocks:
        exec(compile(code, str(README), "exec"), ns)       # the second block's assert runs here
    ns["test_my_port"](dpsco_oracle)                        # the example test itself, with the real fixture
