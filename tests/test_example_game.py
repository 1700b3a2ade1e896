"""engine/README.md ("Adding a game") to the letter: its example, Secret Nim
(engine/games/secret_nim, render/secret_nim.py), has exactly the files the guide lists and the
code it quotes, is registered by the guide's own registry lines (through a fixture, since the
example is not a playable game), and then passes the conformance suite, draws its board and is
played through the bot."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

import engine.registry
from bench.bot_harness import Harness
from bot.frontend.strings import BOT
from engine.core import trusted_view
from engine.games.secret_nim import SecretNim
from engine.games.secret_nim.state import NimState, NimView
from engine.i18n import Localizer
from engine.registry import Entry
from engine.search import world
from engine.testing import check_game, check_secret_answers, trajectory
from render import render_png
from table.testing import FUZZ_SEEDS, fuzz_game
from tests.support.bot_games import assert_final_board, play_to_the_end

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "engine" / "README.md").read_text("utf-8")
EXAMPLE = "secret_nim"


def _section(number: int) -> str:
    """The text of the guide's section `## <number>. ...`."""
    match = re.search(rf"^## {number}\. .*?(?=^## |\Z)", GUIDE, re.M | re.S)
    assert match, f"engine/README.md has no section {number}"
    return match.group(0)


def _blocks(text: str, language: str = "") -> list[str]:
    """The fenced code blocks of `text` in `language`, dedented."""
    found = re.findall(rf"^( *)```{language}\n(.*?)^\1```", text, re.M | re.S)
    return ["\n".join(line[len(indent) :] for line in body.splitlines()) for indent, body in found]


def _guide_entry() -> Entry:
    """The registry lines of section 6, run as the guide says: the import, then the entry."""
    (lines,) = _blocks(_section(6), "python")
    namespace: dict[str, object] = {"Entry": Entry}
    import_line, entry_line = (line.strip() for line in lines.strip().splitlines())
    exec(import_line, namespace)  # the guide's own line
    entry = eval(entry_line.rstrip(","), namespace)  # the guide's own line
    assert isinstance(entry, Entry)
    return entry


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> SecretNim:
    """The example in the registry, as the guide's registry lines put it."""
    entry = _guide_entry()
    assert isinstance(entry.game, SecretNim)
    monkeypatch.setitem(engine.registry.GAMES, entry.game.id, entry.game)
    monkeypatch.setitem(engine.registry.RENDERERS, entry.game.id, entry.renderer)
    return entry.game


def test_the_example_has_the_files_the_guide_lists() -> None:
    (tree,) = _blocks(_section(1))
    listed = set(re.findall(r"^  (\S+\.py) ", tree, re.M))
    package = ROOT / "engine" / "games" / EXAMPLE
    assert listed == {path.name for path in package.glob("*.py")}
    assert len(listed) == 7, listed
    assert (ROOT / "render" / f"{EXAMPLE}.py").is_file()
    assert _guide_entry().renderer == f"render.{EXAMPLE}"


@pytest.mark.parametrize(
    "section, path",
    [
        (2, f"engine/games/{EXAMPLE}/__init__.py"),
        (3, f"engine/games/{EXAMPLE}/state.py"),
        (5, f"render/{EXAMPLE}.py"),
    ],
)
def test_the_code_the_guide_quotes_is_the_examples(section: int, path: str) -> None:
    source = (ROOT / path).read_text("utf-8")
    blocks = _blocks(_section(section), "python")
    assert blocks, f"section {section} quotes no code"
    for block in blocks:
        quoted = block.strip().splitlines()
        start = next(i for i, line in enumerate(source.splitlines()) if line.strip() == quoted[0])
        lines = [line.strip() for line in source.splitlines()[start : start + len(quoted)]]
        assert lines == [line.strip() for line in quoted], f"section {section} vs {path}"


def test_the_example_passes_the_conformance_suite(nim: SecretNim) -> None:
    assert check_game(nim) == ["check_score_field: no running score declared"]


class _LeakyView(NimView):
    pass


def _leaky_view(state: NimState, seat: int | None) -> _LeakyView:
    """Every seat's addition shows to everyone: the mistake the leak checks exist for."""
    return trusted_view(_LeakyView, state, seat=seat, added=(True,) * state.seats, own=sum(
        stones or 0 for stones in state.added))  # fmt: skip


def test_the_conformance_suite_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    game = SecretNim()
    monkeypatch.setattr(game, "view", _leaky_view)
    with pytest.raises(AssertionError, match="secret shows"):
        check_secret_answers(game)


async def test_the_example_refuses_fuzzed_inputs_by_code(nim: SecretNim) -> None:
    figures: Counter[str] = Counter()
    for seed in FUZZ_SEEDS:
        await fuzz_game(nim, seed, figures, Localizer(BOT))
    assert figures["accepted"] > 0 and any(k.startswith("refused.") for k in figures)


def test_the_example_draws_its_board_in_both_languages(nim: SecretNim) -> None:
    state = nim.setup(nim.parse_options({}), 2, 1)
    with pytest.raises(TypeError, match="PublicView"):
        render_png(nim.id, nim.view(state, 0), ["Ann", "Bo"])
    boards = {locale: render_png(nim.id, nim.public_view(state), ["Ann", "Bo"], locale)
              for locale in ("en", "ja")}  # fmt: skip
    assert boards["en"] != boards["ja"]
    for board in boards.values():
        image = Image.open(io.BytesIO(board))
        assert image.format == "PNG" and image.mode == "P" and image.width == 1200


async def test_the_example_is_played_to_the_end_through_discord(
    nim: SecretNim, harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, player = await play_to_the_end(harness, monkeypatch, nim.id, seed=3, ai=1)
    assert_final_board(harness, session, "secret nim seed 3")
    assert player.paths["dm"] > 0, "the secret addition is asked by DM"
    assert player.paths["board"] + player.paths["take_turn"] > 0, "turns are taken on the board"


def test_max_inputs_is_the_most_a_game_may_take() -> None:
    """A game that ends after exactly `max_inputs` inputs conforms; one more input does not."""
    length = len(trajectory(SecretNim(), 2, 5))
    exact = SecretNim()
    exact.max_inputs = length  # a bound for this one instance
    assert len(trajectory(exact, 2, 5)) == length
    short = SecretNim()
    short.max_inputs = length - 1
    with pytest.raises(AssertionError, match=f"no end within {length - 1} inputs"):
        trajectory(short, 2, 5)


def test_a_sampler_must_draw_every_declared_secret() -> None:
    """engine.search.world refuses to copy a declared secret from the view (the view's `added`
    holds who has added, not how much)."""
    game = SecretNim()
    view = game.view(game.setup(game.parse_options({}), 2, 1), 0)
    with pytest.raises(AssertionError, match=r"must draw \['added'\]"):
        world(NimState, view, rng=1, seats=2)
