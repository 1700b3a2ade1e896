"""Learning a game in the terminal (issue 29): rules, card NAME and tips typed at any prompt,
the running scoreboard and the board in words at every prompt, Imperial Settlers' own goods."""

from __future__ import annotations

import contextlib
from pathlib import Path

from bot.terminal.local import LocalOptions, run_local


def _options(tmp_path: Path, game: str, locale: str = "en", players: int = 2) -> LocalOptions:
    return LocalOptions(
        game=game,
        players=players,
        ai=players - 1,
        ai_only=False,
        out=tmp_path / "out",
        database=str(tmp_path / "forum.sqlite3"),
        locale=locale,
        options={},
        seed=3,
    )


def _typing(*answers: str):
    queue = iter(answers)

    def ask(prompt: str) -> str:
        answer = next(queue, None)
        if answer is None:
            raise EOFError
        return answer

    return ask


async def test_rules_card_and_tips_at_a_prompt_then_the_answer_still_counts(
    tmp_path: Path, capsys
) -> None:
    ask = _typing("rules", "card 9", "card flag", "card nothing", "tip", "tips off", "9 9 9")
    with contextlib.suppress(EOFError):
        await run_local(_options(tmp_path, "imperium", players=3), ask=ask)
    out = capsys.readouterr().out
    first = out.index("== Player 1 ==")
    assert "Tip: Three markers" in out[first:]  # the first prompt brings its tip unasked
    assert "[Setup]" in out and "[Variants]" in out and "30-point game" in out
    assert "Region card 9: choose it among your three secret picks" in out
    assert "Flag (you have two)" in out
    assert "No card is called 'nothing'" in out
    pictures = sorted(p.name for p in (tmp_path / "out").glob("*/card-*.png"))
    assert pictures == ["card-9-en.png", "card-flag-en.png"], pictures
    assert f"Its picture: {next((tmp_path / 'out').glob('*/card-9-en.png'))}" in out
    assert out.count("Tip: Three markers") == 2  # once unasked, once by `tip`
    assert "Tips are off" in out
    assert "Player 1 has chosen." in out  # the answer after the commands was played
    assert "Scores: Player 1 0, AI 1 0, AI 2 0" in out
    assert "Board: the small numbers of a region" in out


async def test_japanese_rules_and_imperial_settlers_goods(tmp_path: Path, capsys) -> None:
    with contextlib.suppress(EOFError):
        await run_local(_options(tmp_path, "imperial_settlers", "ja"), ask=_typing("rules"))
    out = capsys.readouterr().out
    assert "[準備]" in out and "5ラウンド、各4フェイズ" in out
    assert "あなたの持ち物：" in out  # the seat's own goods, printed at its prompt
    assert "ヒント：" in out
