"""Secret Nim's catalogue: every text it shows, in English and Japanese, by key."""

from __future__ import annotations

from engine.core import Catalog

STRINGS: Catalog = {
    "en": {
        "name": "Secret Nim",
        "summary": "Add stones in secret, then take turns; the last stone wins.",
        "rules": "Everyone adds 1–3 stones to the pile in secret; then, in turn, each takes 1–3"
        " (the rest when fewer remain). Whoever takes the last stone wins.",
        "option.start_pile": "Stones on the table before the adding (1–12)",
        "error.bad_start_pile": "The starting pile holds {min} to {max} stones.",
        "prompt.add": "How many stones do you add to the pile?",
        "prompt.take": "{pile:stone|stones} left: how many do you take?",
        "field.stones": "Stones",
        "stones": "{count:stone|stones}",
        "private.added": "You added {count:stone|stones}.",
        "error.bad_stones": "Choose between 1 and {most} stones.",
        "event.added": "{seat} has added stones.",
        "event.revealed": "The pile holds {pile:stone|stones}.",
        "event.taken": "{seat} takes {count:stone|stones}; {pile} left.",
        "event.game_over": "Game over. Winner: {seats}.",
        "board.pile": "Pile: {pile}",
        "board.added": "added",
    },
    "ja": {
        "name": "秘密のニム",
        "summary": "石をこっそり足してから交互に取り、最後の石を取った人の勝ち。",
        "rules": "全員が山に石を1〜3個こっそり足し、順に1〜3個取ります（残りが少なければ全部）。"
        "最後の石を取った人の勝ち。",
        "option.start_pile": "足す前の山の石の数（1〜12）",
        "error.bad_start_pile": "最初の山は{min}〜{max}個です。",
        "prompt.add": "山に石をいくつ足しますか？",
        "prompt.take": "残り{pile}個：いくつ取りますか？",
        "field.stones": "石",
        "stones": "{count}個",
        "private.added": "あなたは{count}個足しました。",
        "error.bad_stones": "石は1〜{most}個にしてください。",
        "event.added": "{seat}が石を足しました。",
        "event.revealed": "山の石は{pile}個です。",
        "event.taken": "{seat}が{count}個取りました。残り{pile}個。",
        "event.game_over": "ゲーム終了。勝者：{seats}",
        "board.pile": "山：{pile}個",
        "board.added": "済",
    },
}
