"""The shared render pipeline, over every registered game: palette images whose meaningful
colours stay exact, the same bytes for the same view whatever the caches hold, public images
that hide secret choices, and a final board that names the winner. Then, per existing game, the
board showing what the last input did."""

from __future__ import annotations

import io
import itertools
import shutil
import subprocess
from functools import cache
from pathlib import Path

import png
import pytest
from PIL import Image, ImageChops

from engine.ai import ai_seed, play_out, random_action
from engine.core import Game, GameState, Kind, Outcome, PublicView, playable_seats
from engine.registry import GAMES
from render import render_png, renderer
from render.common import (
    BASE_PALETTE,
    HIGHLIGHT,
    INK,
    PLAYER_COLOURS,
    Labels,
    Palette,
    canvas,
    encode_png,
    font,
    palette_of,
)
from render.results import STRIP_H

NAMES = ["アリス", "Bob", "Carol", "大輔", "Eve", "Fay", "源"]
GAME_IDS = sorted(GAMES)


def _most(game: Game) -> int:
    """The largest table the default options start."""
    return playable_seats(game)[-1]


@cache
def _states(game_id: str, seats: int, seed: int) -> tuple[GameState, ...]:
    """Every state of one seeded AI game, start to finish."""
    game = GAMES[game_id]
    start = game.setup(game.parse_options({}), seats, seed)
    _, actions = play_out(game, start, seed)
    states = [start]
    for action in actions:
        states.append(game.apply(states[-1], action)[0])
    return tuple(states)


def _rgb(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.mode == "P", "board images are palette PNGs"
    return image.convert("RGB")


def _colours(png: bytes) -> set[tuple[int, int, int]]:
    image = _rgb(png)
    return {colour for _, colour in image.getcolors(1 << 16)}


def _palette(game_id: str) -> Palette:
    return getattr(renderer(game_id), "PALETTE", BASE_PALETTE)


# Palette images -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_meaningful_colours_map_exactly(game_id: str) -> None:
    palette = _palette(game_id)
    assert set(PLAYER_COLOURS) | {HIGHLIGHT} <= set(palette.colours), game_id
    swatches = Image.new("RGB", (len(palette.colours), 1))
    swatches.putdata(list(palette.colours))
    mapped = palette.apply(swatches).convert("RGB")
    expected = bytes(channel for colour in palette.colours for channel in colour)
    assert mapped.tobytes() == expected, f"{game_id}: a colour shifted"
    game = GAMES[game_id]
    states = _states(game_id, _most(game), 1)
    view = game.public_view(states[len(states) // 2])
    drawn = _colours(render_png(game_id, view, NAMES[: _most(game)]))
    # Each seat shows in a player colour, exactly (a game may give a role its fixed colour,
    # as Hannibal does Rome and Carthage, so count distinct colours rather than seat indexes).
    shown = [colour for colour in PLAYER_COLOURS if colour in drawn]
    assert len(shown) >= _most(game), f"{game_id}: only {len(shown)} exact player colours"


def _fills(image: Image.Image) -> set[tuple[int, int, int]]:
    """Colours filling areas: those of pixels equal to their four neighbours (an antialiasing
    shade lies on an edge, between the colours it mixes)."""
    spread = Image.new("RGB", image.size)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        shifted = ImageChops.offset(image, dx, dy)
        spread = ImageChops.lighter(spread, ImageChops.difference(image, shifted))
    red, green, blue = spread.split()
    uniform = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    mask = uniform.point(lambda value: 255 if value == 0 else 0)
    sentinel = (1, 2, 3)
    inside = Image.composite(image, Image.new("RGB", image.size, sentinel), mask)
    return {c for n, c in inside.getcolors(1 << 16) if n >= 16 and c != sentinel}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_fill_colour_survives_the_palette(game_id: str) -> None:
    """Each colour filling an area of a board (not an antialiasing shade) is in the game's
    palette exactly: a colour a renderer forgot to declare fails here."""
    game = GAMES[game_id]
    module = renderer(game_id)
    palette = set(_palette(game_id).colours)
    states = _states(game_id, _most(game), 3)
    labels = Labels(game.strings, "en")
    for state in states[:: max(1, len(states) // 5)]:
        drawn = module.draw(game.view(state, None), NAMES[: _most(game)], labels)
        missing = _fills(drawn.convert("RGB")) - palette
        assert not missing, f"{game_id}: colours {sorted(missing)} are not in its PALETTE"


def _clear_render_caches() -> None:
    """Every cache of the render package (lru_caches, the piece and band caches, not their
    classes): glyphs, sprites, static layers, pieces, deflated bands."""
    import render.common

    modules = [render, render.common, *(renderer(g) for g in GAME_IDS)]
    for module in modules:
        for value in vars(module).values():
            if hasattr(value, "cache_clear") and not isinstance(value, type):
                value.cache_clear()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_board_is_drawn_in_its_palette_not_mapped_from_rgb(game_id: str) -> None:
    """Issue 20.1: a renderer draws on a palette board, so no board is quantized from RGB."""
    game = GAMES[game_id]
    module = renderer(game_id)
    state = _states(game_id, game.min_seats, 2)[-1]
    image = module.draw(game.view(state, None), NAMES[: game.min_seats], Labels(game.strings, "en"))
    assert image.mode == "P" and palette_of(image) is module.PALETTE


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_boards_decode_alike_in_pillow_pypng_and_libpng(game_id: str, tmp_path: Path) -> None:
    """Our own PNG writer (render/png.py): the same indices and palette through Pillow and a
    pure-Python decoder, and libpng (`pngfix`, from libpng-tools) finds nothing to fix."""
    game = GAMES[game_id]
    states = _states(game_id, game.min_seats, 3)
    board = render_png(game_id, game.public_view(states[len(states) // 2]), NAMES[: game.min_seats])
    width, height, rows, info = png.Reader(bytes=board).read()
    pillow = Image.open(io.BytesIO(board))
    assert pillow.mode == "P" and (width, height) == pillow.size
    assert bytes(b for row in rows for b in row) == pillow.tobytes()
    flat = pillow.getpalette() or []
    assert [tuple(entry) for entry in info["palette"]] == [
        tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)
    ]
    pngfix = shutil.which("pngfix")
    if pngfix is not None:
        path = tmp_path / "board.png"
        path.write_bytes(board)
        checked = subprocess.run([pngfix, str(path)], capture_output=True, text=True, check=False)
        assert checked.returncode == 0 and "IDAT OK" in checked.stdout, checked.stdout


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_view_same_bytes_whatever_the_caches_hold(game_id: str) -> None:
    game = GAMES[game_id]
    states = _states(game_id, game.min_seats, 2)
    views = [game.public_view(state) for state in (states[len(states) // 3], states[-1])]
    names = NAMES[: game.min_seats]
    first = [render_png(game_id, view, names, "ja") for view in views]
    _clear_render_caches()
    again = [render_png(game_id, view, names, "ja") for view in reversed(views)]
    assert first == list(reversed(again)), f"{game_id}: bytes depend on the cache state"
    assert first[0] != first[1], f"{game_id}: two different positions drew the same image"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_public_image_hides_secret_choices(game_id: str) -> None:
    """Two different secret answers by one seat, before the reveal, give the same public PNG."""
    game = GAMES[game_id]
    seats = _most(game)
    compared = 0
    for seed in range(3):
        states = _states(game_id, seats, seed)
        for step, state in enumerate(states[:-1]):
            pending = game.pending(state)
            secret = [p for p in pending if p.kind == Kind.SECRET]
            waiting = {s for p in secret for s in p.seats}
            if len(waiting) < 2 or compared >= 6:
                continue
            prompt = secret[0]
            seat = prompt.seats[0]
            one = random_action(game, state, prompt, seat, ai_seed(seed, step, 1))
            other = random_action(game, state, prompt, seat, ai_seed(seed, step, 2))
            if one.args == other.args:
                continue
            pngs = {
                render_png(game_id, game.public_view(game.apply(state, a)[0]), NAMES[:seats])
                for a in (one, other)
            }
            assert len(pngs) == 1, f"{game_id} seed={seed} step={step}: a secret choice shows"
            compared += 1
    if not any(p.kind == Kind.SECRET for s in _states(game_id, seats, 0) for p in game.pending(s)):
        pytest.skip(f"{game_id} has no secret choices")
    assert compared, f"{game_id}: no pair of secret choices was compared"


# Final results -----------------------------------------------------------------------------


def _final(game_id: str) -> tuple[Game, GameState, Outcome]:
    game = GAMES[game_id]
    state = _states(game_id, _most(game), 4)[-1]
    outcome = game.outcome(state)
    assert outcome is not None
    return game, state, outcome


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_final_board_names_the_winner(game_id: str) -> None:
    game, state, outcome = _final(game_id)
    view = game.public_view(state)
    names = NAMES[: state.seats]
    plain = _rgb(render_png(game_id, view, names))
    with_strip = _rgb(render_png(game_id, view, names, outcome=outcome))
    assert with_strip.height == plain.height + STRIP_H, game_id
    board = with_strip.crop((0, 0, plain.width, plain.height))
    assert board.tobytes() == plain.tobytes(), f"{game_id}: the strip changed the board above"
    top = plain.height
    verdict_line = (0, top + 40, plain.width, top + 92)  # "★ Winner: A · name"
    winner = outcome.winners[0]
    renamed = list(names)
    renamed[winner] = "Zebedee"
    other = _rgb(render_png(game_id, view, renamed, outcome=outcome))
    assert other.crop(verdict_line).tobytes() != with_strip.crop(verdict_line).tobytes(), (
        f"{game_id}: the winner's name is not in the verdict line"
    )
    loser = next((s for s in range(state.seats) if s not in outcome.winners), None)
    if loser is not None:
        renamed = list(names)
        renamed[loser] = "Zebedee"
        other = _rgb(render_png(game_id, view, renamed, outcome=outcome))
        assert other.crop(verdict_line).tobytes() == with_strip.crop(verdict_line).tobytes(), (
            f"{game_id}: a loser's name changed the verdict line"
        )
    assert HIGHLIGHT in {c for _, c in with_strip.crop(verdict_line).getcolors(1 << 16)}


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_results_strip_words_by_locale_and_draw(locale: str) -> None:
    game, state, outcome = _final("imperium")
    view = game.public_view(state)
    names = NAMES[: state.seats]
    won = _rgb(render_png("imperium", view, names, locale, outcome=outcome))
    everyone = tuple(range(state.seats))
    draw = outcome.model_copy(update={"winners": everyone, "ranks": (1,) * state.seats})
    drawn = _rgb(render_png("imperium", view, names, locale, outcome=draw))
    assert won.tobytes() != drawn.tobytes()
    other_locale = "en" if locale == "ja" else "ja"
    other = _rgb(render_png("imperium", view, names, other_locale, outcome=outcome))
    strip = (0, won.height - STRIP_H, won.width, won.height)
    assert won.crop(strip).tobytes() != other.crop(strip).tobytes()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_board_draws_no_seat_secret(game_id: str) -> None:
    """A seat's view carries that seat's secrets (hand, face-down cards, own choice); drawn as a
    board it must give exactly the public image, so no secret a view may hold reaches a picture
    whatever the hidden contents are."""
    game = GAMES[game_id]
    seats = _most(game)
    states = _states(game_id, seats, 5)
    for step in range(0, len(states), max(1, len(states) // 6)):
        state = states[step]
        public = render_png(game_id, game.public_view(state), NAMES[:seats])
        for seat in range(seats):
            own = render_png(game_id, PublicView(game.view(state, seat)), NAMES[:seats])
            assert own == public, f"{game_id} step={step}: seat {seat}'s secrets are drawn"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_render_entry_refuses_a_seat_view(game_id: str) -> None:
    """Only a PublicView reaches a board: a seat's bare view (which may hold its hand) and the
    bare public view alike are refused at the entry, naming what it wants."""
    game = GAMES[game_id]
    seats = playable_seats(game)[0]
    state = game.setup(game.parse_options({}), seats, 1)
    for view in (game.view(state, 0), game.view(state, None)):
        with pytest.raises(TypeError, match="PublicView"):
            render_png(game_id, view, NAMES[:seats])
    assert render_png(game_id, game.public_view(state), NAMES[:seats]).startswith(b"\x89PNG")


# What just happened, per game ----------------------------------------------------------------


def _first(game_id: str, seats: int, test, seeds=range(6)):
    """(before, after) around the first input of a seeded AI game after which `test(before,
    after)` holds, as public views."""
    game = GAMES[game_id]
    for seed in seeds:
        states = _states(game_id, seats, seed)
        for before, after in itertools.pairwise(states):
            old, new = game.view(before, None), game.view(after, None)
            if test(old, new):
                return old, new
    raise AssertionError(f"{game_id}: no such input in seeds {list(seeds)}")


def _png(game_id: str, view, **update) -> bytes:
    changed = view.model_copy(update=update) if update else view
    return render_png(game_id, PublicView(changed), NAMES[: view.seats])


def test_imperium_shows_the_latest_scoring_after_its_region_is_emptied() -> None:
    old, new = _first(
        "imperium",
        3,
        lambda old, new: new.last_scored != old.last_scored and sum(new.last_scored[0][2]) > 0,
    )
    (region, counts, points), *_ = new.last_scored
    assert sum(counts) >= sum(old.board[region - 1]) and not any(new.board[region - 1])
    if len(new.last_scored) == 1:
        assert new.scores == tuple(s + p for s, p in zip(old.scores, points, strict=True))
    assert _png("imperium", new) != _png("imperium", new, last_scored=())


def test_caesar_outlines_and_tells_the_last_move() -> None:
    for kind in ("place", "ally", "fight"):
        _, new = _first(
            "caesar", 3, lambda old, new, k=kind: new.last_move and new.last_move.kind == k
        )
        assert new.last_move.squares, kind
        assert _png("caesar", new) != _png("caesar", new, last_move=None), kind


def _pixel(png: bytes, xy: tuple[float, float]) -> tuple[int, int, int]:
    return _rgb(png).getpixel((round(xy[0]), round(xy[1])))


def test_seven_hills_dots_the_card_just_played() -> None:
    from render import seven_hills

    _, new = _first("seven_hills", 2, lambda old, new: new.plays == old.plays + 1 and new.turn)
    mover = 1 - new.turn
    index = next(i for i, hill in enumerate(new.hills) if hill.number == new.last_hill)
    cards = new.hills[index].cards[mover]
    rows = max(2, *(seven_hills._rows(len(side)) for hill in new.hills for side in hill.cards))
    layout = seven_hills._Layout(rows, new.open_hand_cards is not None, bool(new.removed))
    x = seven_hills.MARGIN + index * seven_hills.COLUMN
    inner = (seven_hills.COLUMN - 2 * seven_hills.CARD_W - seven_hills.CARD_GAP) // 2
    row, col = divmod(len(cards) - 1, 2)
    left = x + inner + col * (seven_hills.CARD_W + seven_hills.CARD_GAP)
    if mover == 1:
        top = layout.hills_top - 8 - (row + 1) * seven_hills.ROW_STEP + seven_hills.CARD_GAP
    else:
        top = layout.a_band + 8 + row * seven_hills.ROW_STEP
    dot = (left + seven_hills.CARD_W - 4, top + 4)
    assert _pixel(_png("seven_hills", new), dot) == HIGHLIGHT
    assert _pixel(_png("seven_hills", new, last_hill=None), dot) != HIGHLIGHT


def test_spartacus_names_the_trick_just_taken() -> None:
    old, new = _first("spartacus", 3, lambda old, new: new.last_trick != old.last_trick)
    taker, cards = new.last_trick
    assert new.tricks_won[taker] == old.tricks_won[taker] + 1
    assert tuple(card for _, card in old.trick) == cards[: len(old.trick)]
    assert _png("spartacus", new) != _png("spartacus", new, last_trick=None)


def test_prokonsul_lists_chips_just_paid_and_outlines_the_decided_province() -> None:
    _, new = _first("prokonsul", 4, lambda old, new: len(new.payments) > len(old.payments))
    payer, payee, chips = new.payments[-1]
    assert payer != payee and chips > 0
    assert _png("prokonsul", new) != _png("prokonsul", new, payments=())
    _, won = _first(  # once the pawn has moved on: the outline is the winner's colour
        "prokonsul", 4, lambda old, new: new.decided not in (None, new.pawn)
    )
    assert won.winner is not None
    assert _png("prokonsul", won) != _png("prokonsul", won, decided=None)


def test_senator_marks_the_last_push_in_red() -> None:
    from render import senator

    _, new = _first("senator", 2, lambda old, new: len(new.pushes) > len(old.pushes))
    square = senator.line_of(new.pushes[-1].entry)[0]
    x0, y0, _, _ = senator._cell_box(square)
    assert _pixel(_png("senator", new), (x0 + 4, y0 + 60)) == HIGHLIGHT


def test_a_renderer_without_palette_keeps_its_own_fills_exact() -> None:
    """A new game's renderer that declares no PALETTE still gets its fill colours exactly."""
    own = (123, 45, 67)
    image, pen = canvas(200, 300)
    pen.rectangle((10, 10, 150, 150), fill=own)
    pen.text((20, 160), "Zebedee 12", font=font(26), fill=INK)
    pen.token(220, 80, 30, 2)
    png = encode_png(image)
    assert own in _colours(png) and PLAYER_COLOURS[2] in _colours(png)
    assert encode_png(image.copy()) == png


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_hinted_games_strip_says_so_in_its_heading_and_nowhere_else(locale: str) -> None:
    game_id = "imperium"
    game, state, outcome = _final(game_id)
    view, names = game.public_view(state), NAMES[: state.seats]
    plain = _rgb(render_png(game_id, view, names, locale, outcome=outcome))
    hinted = _rgb(render_png(game_id, view, names, locale, outcome=outcome, hinted=True))
    assert hinted.size == plain.size
    top = plain.height - STRIP_H
    heading, rest = (0, top, plain.width, top + 48), (0, top + 48, plain.width, plain.height)
    assert hinted.crop(heading).tobytes() != plain.crop(heading).tobytes(), locale
    assert hinted.crop(rest).tobytes() == plain.crop(rest).tobytes(), locale
    above = (0, 0, plain.width, top)
    assert hinted.crop(above).tobytes() == plain.crop(above).tobytes(), locale
