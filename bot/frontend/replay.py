"""Replays of finished games, generic over every game: the public boards of the log's states.

A frame is kept whenever the public view (or the outcome) changed, captioned with the public
events since the previous frame. Both the Discord command and `python -m bot replay FILE` start
from a `GameExport`, so the two show the same boards.

Work is bounded for any file: the log is at most its game's input limit (table.export), and at
most MAX_BOARDS frames are kept, spread evenly over the changes, the first and last always, in
one pass holding at most twice that many (so memory does not grow with the log).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from engine.core import Catalog, GameState, Outcome, PublicView
from engine.i18n import Localizer, locale_of
from engine.registry import GAMES
from render import render_png
from render.replay import MAX_FRAMES, UPLOAD_LIMIT, animate, sample
from table.export import (
    MAX_BYTES,
    ExportError,
    GameExport,
    export_steps,
    load_export,
    recorded_outcome,
)

CAPTION_EVENTS = 2  # the latest public events of a step; a caption is one line
MAX_BOARDS = 240  # frames a replay keeps at most (twice the animation's, for the strip)


@dataclass(frozen=True)
class FrameStep:
    """A state worth a frame: its public view, outcome (on the last) and caption."""

    seq: int
    view: PublicView[BaseModel]
    outcome: Outcome | None
    caption: str


@dataclass(frozen=True)
class Frames:
    """The kept frames of a game, how many times its public board changed, its final state."""

    steps: list[FrameStep]
    changes: int
    final: GameState


def public_frames(export: GameExport, locale: str, limit: int | None = None) -> Frames:
    """The states whose public board differs from the previous one's (no rendering yet): every
    one up to `limit` (MAX_BOARDS), else every `stride`-th, the stride doubling whenever `limit`
    is passed."""
    limit = MAX_BOARDS if limit is None else limit
    game = GAMES[export.game]
    localizer, names = Localizer(), export.names
    kept: list[tuple[int, FrameStep]] = []
    latest: tuple[int, FrameStep] | None = None
    shown, lines, changes, stride, state = "", [], 0, 1, None
    for step in export_steps(export):
        state = step.state
        lines += [localizer.event(locale, e, game, names) for e in step.events if e.to is None]
        public, outcome = game.public_view(step.state), game.outcome(step.state)
        key = f"{public.view.model_dump_json()}|{outcome}"
        if key == shown:
            continue
        shown = key
        caption = " · ".join([f"#{step.seq}", *lines[-CAPTION_EVENTS:]])
        latest, lines, changes = (
            (changes, FrameStep(step.seq, public, outcome, caption)),
            [],
            changes + 1,
        )
        if latest[0] % stride == 0:
            kept.append(latest)
        if len(kept) > limit:
            stride *= 2
            kept = [frame for frame in kept if frame[0] % stride == 0]
    assert state is not None and latest is not None
    if kept[-1] is not latest:
        kept.append(latest)
    return Frames([frame for _, frame in kept], changes, state)


def frame_steps(export: GameExport, locale: str) -> list[FrameStep]:
    """The kept frames of a game (every public change of any real game)."""
    return public_frames(export, locale).steps


def board(export: GameExport, step: FrameStep, locale: str) -> bytes:
    """A frame as the channel showed it, the last one's results strip saying if hints were used."""
    return render_png(
        export.game, step.view, export.names, locale, outcome=step.outcome, hinted=export.hinted
    )


def animation(
    export_json: str, locale: str, limit: int = UPLOAD_LIMIT, max_frames: int = MAX_FRAMES
) -> tuple[bytes, str, int]:
    """(file, extension, frames) of a replay; plain arguments, so it runs in a worker process.
    A long game keeps `max_frames` boards spread evenly (only those are drawn)."""
    export = load_export(export_json)
    all_steps = frame_steps(export, locale)
    steps = [all_steps[i] for i in sample(len(all_steps), max_frames)]
    boards = [board(export, s, locale) for s in steps]
    data, extension = animate(boards, [s.caption for s in steps], limit)
    return data, extension, len(steps)


# python -m bot replay FILE ---------------------------------------------------------------

REFUSALS: Catalog = {
    "en": {
        "refused": "Cannot replay {path}: {reason} ({detail}).",
        "refused_bare": "Cannot replay {path}: {reason}.",
        "written": "{game}: {inputs} inputs, {boards} boards in {folder}",
        "sampled": "The public board changed {changes} times; {boards} of those boards, spread"
        " evenly, were written (a replay keeps at most {limit}).",
        "unreadable": "the file cannot be read",
        "too_large": "the file is too large",
        "not_json": "the file is not valid JSON",
        "too_deep": "the file nests too deeply",
        "not_export": "this is not a Forum game export",
        "newer_version": "the file comes from a newer Forum",
        "tampered": "the file was changed after its export",
        "malformed": "a field is missing, too long or of the wrong type",
        "unknown_game": "the game is unknown",
        "rules_changed": "the game's rules have changed since",
        "bad_options": "the options do not fit the game",
        "bad_seats": "the number of players does not fit the game",
        "illegal_input": "the log holds an input the rules refuse",
        "outcome_differs": "the log does not lead to the recorded result",
    },
    "ja": {
        "refused": "{path} を再現できません：{reason}（{detail}）。",
        "refused_bare": "{path} を再現できません：{reason}。",
        "written": "{game}：入力{inputs}件、盤面{boards}枚を {folder} に書き出しました",
        "sampled": "公開盤面は{changes}回変わりました。そのうち均等に選んだ{boards}枚を書き出しました"
        "（再現は最大{limit}枚です）。",
        "unreadable": "ファイルを読めません",
        "too_large": "ファイルが大きすぎます",
        "not_json": "正しいJSONではありません",
        "too_deep": "入れ子が深すぎます",
        "not_export": "Forumのゲーム書き出しファイルではありません",
        "newer_version": "新しいForumで作られたファイルです",
        "tampered": "書き出しの後に変更されています",
        "malformed": "項目が欠けているか、長すぎるか、型が違います",
        "unknown_game": "不明なゲームです",
        "rules_changed": "その後ゲームのルールが変わりました",
        "bad_options": "オプションがゲームに合いません",
        "bad_seats": "人数がゲームに合いません",
        "illegal_input": "ルールが認めない入力が記録されています",
        "outcome_differs": "記録された結果と一致しません",
    },
}


def refusal(path: Path, error: OSError | ExportError, locale: str) -> str:
    """One line in the reader's language: the reason, and the detail that locates it (a line
    and column, a field), never the internal code ('not_json: …')."""
    texts = REFUSALS.get(locale, REFUSALS["en"])
    if isinstance(error, ExportError):
        code, detail = error.code, error.detail
    else:
        code, detail = "unreadable", error.strerror or str(error)
    detail = " ".join(detail.split())[:200]
    key = "refused" if detail else "refused_bare"
    return texts[key].format(path=path, reason=texts[code], detail=detail)


def replay_file(path: Path, out: Path, locale: str) -> int:
    """Rebuild a file's boards and outcome locally, in one pass over the log; a refused file
    is one clear line."""
    locale = locale_of(locale)
    try:
        if path.stat().st_size > MAX_BYTES:  # refused unread
            raise ExportError("too_large", f"{path.stat().st_size} bytes, at most {MAX_BYTES}")
        export = load_export(path.read_bytes())
        frames = public_frames(export, locale)
        outcome = recorded_outcome(export, frames.final)
    except (OSError, ExportError) as error:
        print(refusal(path, error, locale), file=sys.stderr)
        return 2
    folder = out / f"replay-{export.game}-{path.stem}"
    folder.mkdir(parents=True, exist_ok=True)
    for number, step in enumerate(frames.steps):
        (folder / f"{number:04d}-input{step.seq}.png").write_bytes(board(export, step, locale))
    game, texts = GAMES[export.game], REFUSALS[locale]
    name, boards = game.strings.get(locale, game.strings["en"])["name"], len(frames.steps)
    print(
        texts["written"].format(game=name, inputs=len(export.inputs), boards=boards, folder=folder)
    )
    if frames.changes > boards:
        print(texts["sampled"].format(changes=frames.changes, boards=boards, limit=MAX_BOARDS))
    for seat in sorted(range(len(outcome.scores)), key=lambda s: outcome.ranks[s]):
        print(f"{outcome.ranks[seat]}. {export.names[seat]} — {outcome.scores[seat]}")
    return 0
