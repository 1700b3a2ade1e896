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
        "rules.setup": "2–4 players; a pile of stones (5 unless the table chose otherwise).",
        "rules.turn": "First everyone adds 1–3 stones in secret; then, in turn, each takes 1–3.",
        "rules.scoring": "There are no points: only the last stone counts.",
        "rules.end": "Whoever takes the last stone wins.",
        "rules.variants": "The starting pile can hold 1 to 12 stones.",
        "tip.add": "Your addition is secret: aim for a pile you can finish on your turn.",
        "tip.take": "Leave your rival a multiple of four stones and the last one is yours.",
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
        "rules.setup": "2〜4人。石の山（特に決めなければ5個）。",
        "rules.turn": "まず全員が1〜3個をこっそり足し、その後順に1〜3個ずつ取る。",
        "rules.scoring": "点数はない。最後の石だけが大事。",
        "rules.end": "最後の石を取った人の勝ち。",
        "rules.variants": "最初の山は1〜12個にできる。",
        "tip.add": "足す数は秘密：自分の番で取り切れる山を狙おう。",
        "tip.take": "相手に4の倍数を残せば最後の石は自分のもの。",
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
