"""Crafted export files: `python -m bot replay FILE` refuses each in one line with exit code 2
(never a traceback), and memory stays bounded whatever the file holds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bot.frontend.replay
import table.export
from bot.__main__ import main
from bot.frontend.replay import REFUSALS
from table.export import MAX_BYTES, canonical_digest, dump_export
from tests.support.exports import finished

MEMORY_LIMIT_MB = 300


def signed(**changes: object) -> str:
    """A real Imperium export with `changes`, its digest recomputed as a forger would."""
    body = json.loads(dump_export(finished("imperium")))
    body.update(changes)
    body.pop("digest")
    return json.dumps(body | {"digest": canonical_digest(body)})


def deep_nesting() -> str:
    depth = 100_000
    return (
        '{"format": "forum-game-export", "version": 1, "options": '
        + "[" * depth
        + "]" * depth
        + "}"
    )


def huge_seed() -> str:
    text = dump_export(finished("imperium"))
    return text.replace('"seed": 7', '"seed": ' + "9" * 5001)


def surrogate_name() -> str:
    """A seat named by JSON's escape of a lone surrogate (issue 30 row 7): no UTF-8 encodes it,
    so no digest can be computed over it either."""
    body = json.loads(dump_export(finished("imperium")))
    body["seats"][0]["name"] = "\ud800"
    return json.dumps(body)


CRAFTED = {
    "deep_nesting": (deep_nesting, "too_deep"),
    "nesting_past_the_bound": (
        lambda: signed(
            options={"x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}
        ),
        "too_deep",
    ),
    "huge_seed": (huge_seed, "not_json"),
    "unknown_option": (lambda: signed(options={"no_such_option": True}), "bad_options"),
    "wrongly_typed_option": (lambda: signed(options={"round_cap": [1, 2]}), "bad_options"),
    "one_seat": (lambda: signed(seats=[{"name": "solo", "ai": False}]), "bad_seats"),
    "seat_of_wrong_type": (lambda: signed(seats=[{"name": 1, "ai": "yes"}] * 3), "malformed"),
    "input_of_a_missing_seat": (
        lambda: signed(inputs=[{"seat": 9, "move": "x", "args": {}}]),
        "malformed",
    ),
    "million_bad_inputs": (lambda: signed(inputs=[{}] * 1_000_000), "too_large"),
    "bad_args": (
        lambda: signed(inputs=[{"seat": 0, "move": "pick", "args": {"x": [None]}}]),
        "illegal_input",
    ),
    "not_an_export": (lambda: "[1, 2, 3]", "not_export"),
    "long_name": (lambda: signed(seats=[{"name": "n" * 10_000, "ai": False}] * 3), "malformed"),
    "lone_surrogate_in_a_name": (lambda: surrogate_name(), "not_json"),
}


@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_a_crafted_file_is_refused_in_one_line(case: str, tmp_path: Path, capsys) -> None:
    make, code = CRAFTED[case]
    path = tmp_path / f"{case}.json"
    path.write_text(make())
    assert main(["replay", str(path), "--out", str(tmp_path / "out")]) == 2, case
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("Cannot replay"), (case, err)
    # Issue 33 item 12: the reason in words, never the internal code ("(not_json: …)").
    assert REFUSALS["en"][code] in err and code not in err, (case, err)
    assert "Traceback" not in err and len(err) < 400, (case, err)
    assert not (tmp_path / "out").exists(), case


def _peak_of_replay(path: Path, tmp_path: Path) -> tuple[int, str, float]:
    """Exit code, stderr and peak resident megabytes of `python -m bot replay` on `path`."""
    script = (
        "import sys\n"
        "from bot.__main__ import main\n"
        f"code = main(['replay', {str(path)!r}, '--out', {str(tmp_path / 'out')!r}])\n"
        # VmHWM, not ru_maxrss: ru_maxrss keeps the forking test process's size across exec
        "status = open('/proc/self/status').read()\n"
        "peak = int(status.split('VmHWM:')[1].split()[0]) / 1024\n"
        "print(peak)\n"
        "sys.exit(code)\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=300
    )
    return done.returncode, done.stderr, float(done.stdout.strip().splitlines()[-1])


def test_a_60_mb_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("w") as out:
        out.write('{"format": "forum-game-export", "version": 1, "inputs": [')
        out.write('{"seat": 0, "move": "x", "args": {}}, ' * 1_700_000)
        out.write("{}]}")
    assert path.stat().st_size > 60 * 2**20
    code, err, peak = _peak_of_replay(path, tmp_path)
    assert code == 2 and err.count("\n") == 1 and REFUSALS["en"]["too_large"] in err, err
    assert peak < MEMORY_LIMIT_MB, f"{peak:.0f} MB"


def test_the_worst_file_under_the_size_bound_stays_under_the_memory_bound(tmp_path: Path) -> None:
    """A signed file just under the size bound, whose first input holds a million tiny objects
    (the most Python objects per byte): it passes every check but the rules'."""
    path = tmp_path / "dense.json"
    room = (MAX_BYTES - len(signed()) - 100) // 4  # "{}, "
    first = {"seat": 0, "move": "pick", "args": {"p": [{}] * room}}
    path.write_text(signed(inputs=[first]))
    assert MAX_BYTES - 4096 < path.stat().st_size <= MAX_BYTES
    code, err, peak = _peak_of_replay(path, tmp_path)
    assert code == 2 and REFUSALS["en"]["illegal_input"] in err, err
    assert peak < MEMORY_LIMIT_MB, f"{peak:.0f} MB"
    print(f"peak {peak:.0f} MB for {path.stat().st_size} bytes")


def test_a_refusal_is_worded_in_japanese_too(tmp_path: Path, capsys) -> None:
    path = tmp_path / "deep.json"
    path.write_text(deep_nesting())
    assert main(["replay", str(path), "--locale", "ja", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "を再現できません" in err and "入れ子が深すぎます" in err, err


def test_every_refusal_code_has_both_wordings() -> None:
    sources = (Path(table.export.__file__), Path(bot.frontend.replay.__file__))
    codes = {c for f in sources for c in re.findall(r'ExportError\("(\w+)"', f.read_text())}
    assert {"too_large", "too_deep", "tampered", "bad_options", "bad_seats"} <= codes
    for locale in ("en", "ja"):
        assert codes | {"unreadable", "refused"} <= set(REFUSALS[locale]), locale
