"""Export and replay of a finished game of every registered game: round trip, refusals,
replay frames equal to the public boards, size within the limit, hidden choices invisible."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.__main__ import main
from bot.frontend.replay import animation, board, frame_steps
from engine.ai import play_out
from engine.core import Action, IllegalInput, Kind, playable_seats
from engine.registry import GAMES
from render import render_png
from render.replay import MAX_FRAMES, UPLOAD_LIMIT, animate, board_size, captioned, sample
from table.export import (
    ExportedInput,
    ExportedOutcome,
    ExportedSeat,
    ExportError,
    GameExport,
    canonical_digest,
    dump_export,
    export_steps,
    load_export,
    replay_export,
)
from tests.support.exports import SEED, finished

GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_export_round_trip_gives_the_same_final_state_and_outcome(game_id: str) -> None:
    export = finished(game_id)
    text = dump_export(export)
    assert "user_id" not in text and '"10"' not in text  # seats by display name only
    loaded = load_export(text)
    state, outcome = replay_export(loaded)
    game = GAMES[game_id]
    original = game.setup(game.parse_options(export.options), len(export.seats), SEED)
    for item in export.inputs:
        original, _ = game.apply(original, Action(**item.model_dump()))
    assert state.model_dump_json() == original.model_dump_json(), game_id
    assert list(outcome.scores) == export.outcome.scores, game_id


def test_a_hinted_games_replay_ends_on_the_board_that_says_so() -> None:
    """The export keeps the session's `hinted` mark, so the replay's last frame has the results
    strip the channel saw ("hints used: those players unrated"); older files still load."""
    plain, hinted = finished("imperium"), load_export(dump_export(finished("imperium", True)))
    assert hinted.hinted and not plain.hinted
    last = frame_steps(hinted, "en")[-1]
    assert board(hinted, last, "en") == render_png(
        "imperium", last.view, hinted.names, "en", outcome=last.outcome, hinted=True
    )
    assert board(hinted, last, "en") != board(plain, last, "en")
    older = json.loads(dump_export(plain))
    del older["hinted"]
    older["digest"] = canonical_digest({k: v for k, v in older.items() if k != "digest"})
    assert not load_export(json.dumps(older)).hinted


@pytest.mark.parametrize("game_id", ["imperium", "spartacus"])
def test_tampered_newer_and_lying_files_are_refused(game_id: str) -> None:
    raw = json.loads(dump_export(finished(game_id)))
    edited = {**raw, "seed": raw["seed"] + 1}
    with pytest.raises(ExportError) as refused:
        load_export(json.dumps(edited))
    assert refused.value.code == "tampered"
    newer = {**raw, "version": 99}
    with pytest.raises(ExportError) as refused:
        load_export(json.dumps(newer))
    assert refused.value.code == "newer_version"
    lying = GameExport.model_validate(raw)
    lying.outcome.scores = [s + 1 for s in lying.outcome.scores]
    lying.digest = lying.body_digest()
    with pytest.raises(ExportError) as refused:
        replay_export(load_export(dump_export(lying)))
    assert refused.value.code == "outcome_differs"
    with pytest.raises(ExportError) as refused:
        load_export("{not json")
    assert refused.value.code == "not_json"


def test_local_replay_command_writes_boards_and_prints_the_outcome(tmp_path, capsys) -> None:
    export = finished("caesar")
    path = tmp_path / "game.json"
    path.write_text(dump_export(export))
    assert main(["replay", str(path), "--out", str(tmp_path / "out")]) == 0
    printed = capsys.readouterr().out
    winner = export.outcome.ranks.index(1)
    assert f"1. {export.names[winner]} — {export.outcome.scores[winner]}" in printed
    boards = sorted((tmp_path / "out").rglob("*.png"))
    assert len(boards) == len(frame_steps(export, "en"))
    last = frame_steps(export, "en")[-1]
    assert boards[-1].read_bytes() == board(export, last, "en")
    path.write_text(dump_export(export).replace('"seed": 7', '"seed": 8'))
    assert main(["replay", str(path), "--out", str(tmp_path / "out2")]) == 2
    assert "the file was changed after its export" in capsys.readouterr().err


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_frames_are_the_public_boards_of_the_log(game_id: str) -> None:
    export = finished(game_id)
    game = GAMES[game_id]
    steps = frame_steps(export, "en")
    states = {s.seq: s.state for s in export_steps(export)}
    assert steps[0].seq == 0 and steps[-1].seq == len(export.inputs), game_id
    assert steps[-1].outcome is not None
    for step in steps[:: max(1, len(steps) // 6)] + steps[-1:]:
        state = states[step.seq]
        again = render_png(
            game_id, game.public_view(state), export.names, "en", outcome=game.outcome(state)
        )
        assert board(export, step, "en") == again, f"{game_id} input {step.seq}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_animation_fits_and_shows_the_boards(game_id: str) -> None:
    export = finished(game_id)
    steps = frame_steps(export, "ja")
    limit, most = 1_000_000, 16  # a long game sampled, as in a real replay, but quicker
    data, extension, frames = animation(dump_export(export), "ja", limit, most)
    assert len(data) <= limit and frames == min(most, len(steps)), game_id
    animated = Image.open(io.BytesIO(data))
    assert animated.format == {"gif": "GIF", "webp": "WEBP", "png": "PNG"}[extension]
    assert getattr(animated, "n_frames", 1) == frames, game_id
    first = board(export, steps[0], "ja")
    # Frames share the canvas of the largest sampled board, scaled down when that is needed
    # to fit the limit (a game whose board grows): the first frame is its board on that canvas.
    sampled = [board(export, steps[i], "ja") for i in sample(len(steps), most)]
    expected = captioned(first, steps[0].caption, board_size(sampled))
    animated.seek(0)
    shown = animated.convert("RGB")
    difference = ImageChops.difference(shown, expected.resize(shown.size, Image.Resampling.BOX))
    assert max(ImageStat.Stat(difference).mean) < 10, f"{game_id}: first frame is not the board"


@pytest.mark.parametrize("game_id", ["konsul", "space_emperor"])
def test_a_replay_is_a_gif_whose_frames_are_exactly_the_boards(game_id: str) -> None:
    export = finished(game_id)
    steps = frame_steps(export, "en")[:12]
    boards = [board(export, step, "en") for step in steps]
    data, extension = animate(boards, [step.caption for step in steps])
    assert extension == "gif", game_id
    animated = Image.open(io.BytesIO(data))
    assert animated.n_frames == len(boards), game_id
    extents = []
    for index, expected in enumerate(boards):
        animated.seek(index)
        extents.append(animated.tile[0][1])  # the rectangle this frame redraws
        exact = Image.open(io.BytesIO(expected)).convert("RGB")
        frame = animated.convert("RGB").crop((0, 0, *exact.size))
        assert frame.tobytes() == exact.tobytes(), f"{game_id}: frame {index} is not its board"
    full = (0, 0, *animated.size)
    assert all(extent != full for extent in extents[1:]), "no frame differencing"


def test_a_gif_over_the_limit_falls_back_to_webp() -> None:
    export = finished("konsul")
    steps = frame_steps(export, "en")[:6]
    boards = [board(export, step, "en") for step in steps]
    gif, _ = animate(boards, [step.caption for step in steps])
    data, extension = animate(boards, [step.caption for step in steps], limit=len(gif) - 1)
    assert extension == "webp" and len(data) < len(gif)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_replay_at_the_largest_table_fits_discords_limit(game_id: str) -> None:
    game = GAMES[game_id]
    seats = max(playable_seats(game))
    options = game.parse_options({})
    final, actions = play_out(game, game.setup(options, seats, SEED), SEED)
    outcome = game.outcome(final)
    assert outcome is not None, f"{game_id} seed {SEED}"
    row = finished(game_id).model_copy(deep=True)
    row.seats = [ExportedSeat(name=f"P{s}", ai=True) for s in range(seats)]
    row.inputs = [ExportedInput(**a.model_dump()) for a in actions]
    row.outcome = ExportedOutcome(
        scores=list(outcome.scores), ranks=list(outcome.ranks), winners=list(outcome.winners)
    )
    row.digest = row.body_digest()
    data, _, frames = animation(dump_export(row), "en")
    assert len(data) <= UPLOAD_LIMIT and frames == min(MAX_FRAMES, len(frame_steps(row, "en")))


def _swap_before_reveal(game_id: str) -> tuple[int, Action, str] | None:
    """(input index, another legal answer, prompt key) for the first secret answer that is not
    revealed when it is given (others still owe an answer to the same prompt)."""
    export = finished(game_id)
    game = GAMES[game_id]
    states = [step.state for step in export_steps(export)]
    for index, item in enumerate(export.inputs):
        before, after = states[index], states[index + 1]
        prompt = next((p for p in game.pending(before) if item.seat in p.seats), None)
        if prompt is None or prompt.kind != Kind.SECRET:
            continue
        if not any(p.key == prompt.key for p in game.pending(after)):
            continue  # the last answer: revealed at once
        for field in prompt.fields:
            for option in field.options:
                value = item.args.get(field.name)
                changed = [option.value, *value[1:]] if isinstance(value, list) else option.value
                args = {**item.args, field.name: changed}
                try:
                    if args != item.args:
                        game.apply(before, Action(seat=item.seat, move=item.move, args=args))
                        return index, Action(seat=item.seat, move=item.move, args=args), prompt.key
                except IllegalInput:
                    continue
    return None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_frame_differs_when_a_hidden_choice_is_swapped_before_its_reveal(game_id) -> None:
    found = _swap_before_reveal(game_id)
    if found is None:
        pytest.skip(f"{game_id}: no simultaneous secret choice (hidden hands only) to swap")
    index, swapped, key = found
    export = finished(game_id)
    game = GAMES[game_id]
    states = [step.state for step in export_steps(export)]
    state, _ = game.apply(states[index], swapped)
    at, compared = index + 1, 0
    while True:
        shown = render_png(game_id, game.public_view(state), export.names)
        assert shown == render_png(game_id, game.public_view(states[at]), export.names), (
            f"{game_id}: the hidden answer swapped at input {index + 1} shows after input {at}"
        )
        compared += 1
        if not any(p.key == key for p in game.pending(states[at + 1])):
            break  # the next input reveals the answers
        state, _ = game.apply(state, Action(**export.inputs[at].model_dump()))
        at += 1
    assert compared >= 1
