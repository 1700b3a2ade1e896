"""A file's work is bounded by the game it names (issue 30, rows 5 and 7): a log longer than the
game's own input limit, or a string that is not valid Unicode, is refused by the loader as an
ExportError (one line for every front end), before any replay."""

from __future__ import annotations

import json

import pytest

from engine.registry import GAMES
from table.export import ExportError, canonical_digest, dump_export, load_export
from tests.support.exports import finished


def _signed(body: dict) -> str:
    body.pop("digest", None)
    return json.dumps(body | {"digest": canonical_digest(body)})


def test_a_log_longer_than_the_games_own_limit_is_refused_before_its_replay() -> None:
    body = json.loads(dump_export(finished("imperium")))
    limit = GAMES["imperium"].input_limit()
    body["inputs"] = (body["inputs"] * (limit // len(body["inputs"]) + 2))[: limit + 1]
    with pytest.raises(ExportError) as refused:
        load_export(_signed(body))
    assert refused.value.code == "too_large" and str(limit) in refused.value.detail


@pytest.mark.parametrize("where", ["seat_name", "option_key", "input_arg"])
def test_a_lone_surrogate_is_refused_as_an_export_error(where: str) -> None:
    """json.loads accepts an escaped lone surrogate; the digest's UTF-8 encoding did not."""
    body = json.loads(dump_export(finished("imperium")))
    if where == "seat_name":
        body["seats"][0]["name"] = "\ud800"
    elif where == "option_key":
        body["options"]["\udfff"] = 1
    else:
        body["inputs"][0]["args"]["text"] = "a\ud800b"
    body["digest"] = "0" * 64  # a forger cannot sign it with the loader's canonical form either
    text = json.dumps(body)
    assert "\\ud800" in text or "\\udfff" in text
    with pytest.raises(ExportError) as refused:
        load_export(text)
    assert refused.value.code == "not_json" and "Unicode" in refused.value.detail
