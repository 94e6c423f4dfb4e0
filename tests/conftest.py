"""Shared test fixtures: the recordings in ../shared/testdata (never copied into the repo)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TESTDATA = Path(os.environ.get("VOICEBOT_TESTDATA", REPO.parent / "shared" / "testdata"))


@pytest.fixture(scope="session")
def testdata() -> Path:
    if not (TESTDATA / "manifest.json").exists():
        pytest.fail(f"test recordings not found at {TESTDATA} (set VOICEBOT_TESTDATA)")
    return TESTDATA


@pytest.fixture(scope="session")
def manifest(testdata: Path) -> dict:
    return json.loads((testdata / "manifest.json").read_text())
