"""The warm-up's command line refuses bad round sizes before it connects to anything."""

from __future__ import annotations

import pytest

from mrgraph.neo4j_warmup import main


@pytest.mark.parametrize("copies", ["1,x", "0", "", "2,-1"])
def test_bad_copies_are_a_usage_error(copies: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--uri", "bolt://127.0.0.1:1", "--copies", copies])
    assert exited.value.code == 2
    assert "not positive whole numbers" in capsys.readouterr().err
