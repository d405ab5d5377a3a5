"""tests.required: a missing local component (Chromium; as root, a tmpfs) skips its tests,
or fails them under MRGRAPH_REQUIRE_LOCAL=1, as the README's test command and CI set it."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.chromium
from tests.chromium import chromium
from tests.required import REQUIRE_LOCAL, missing


def test_missing_skips_unless_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REQUIRE_LOCAL, raising=False)
    with pytest.raises(pytest.skip.Exception, match="no widget"):
        missing("no widget")
    monkeypatch.setenv(REQUIRE_LOCAL, "1")
    with pytest.raises(pytest.fail.Exception, match="MRGRAPH_REQUIRE_LOCAL=1, but no widget"):
        missing("no widget")


def test_a_missing_chromium_fails_when_required(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setattr(tests.chromium, "CHROMIUM", str(tmp_path / "chromium"))
    monkeypatch.setenv(REQUIRE_LOCAL, "1")
    with pytest.raises(BaseException) as raised:  # a skip, too, must fail this test
        with chromium():
            pass
    assert raised.type is pytest.fail.Exception and "is not installed" in str(raised.value)
