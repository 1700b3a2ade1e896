"""The words of async tables (issue 28) for every front end: the pace, who the table waits on
and for how long ("waiting on Bob · 5 h left"), turn notices and reminders (each firmer), a
clock that ran out, and how such a game is rated. Plain text: the Discord board (content or
Components V2 text) and the terminal both show these lines as they are.
"""

from __future__ import annotations

from bot.frontend.texts import Texts
from engine.core import Catalog
from table.pace import TablePace, describe_policy, duration

CLOCKS: Catalog = {
    "en": {
        "clock.pace": "⏱ Pace: {pace} · when a clock runs out: {policy}",
        "clock.paused": "⏸ Paused by consent until <t:{until}:f>",
        "clock.waiting": "⏳ waiting on {seat} · {left} left",
        "clock.waiting_since": "⏳ waiting on {seat} · {left} left · table waiting {waited}",
        "clock.notice.turn": "🎲 **Your turn** in **{game}** ({link}) · {left} left on your clock.",
        "clock.notice.remind1": "⏰ Reminder: **{game}** waits for you ({link}) · {left} left.",
        "clock.notice.remind2": "⚠️ **Last call** for **{game}** ({link}): {left} left, then"
        " {policy}.",
        "clock.notice.mention": "<@{user}> ",
        "clock.timeout.ai": "⌛ {seat}'s clock ran out: the AI plays the seat from now on.",
        "clock.timeout.pass": "⌛ {seat}'s clock ran out: they pass this turn.",
        "clock.timeout.abort": "⌛ {seat}'s clock ran out: the game ends here, rated as {seat}'s forfeit (last; everyone else ahead).",
        "clock.rated_last": "{seats}: clock ran out, the AI finished the seat; rated last.",
        "clock.pause_vote": "⏸ {seat} asks to pause the clocks for {days} day(s):"
        " {votes} agreed so far; all {humans} players must agree.",
        "clock.pause_started": "⏸ Every player agreed: clocks stop until <t:{until}:f>.",
        "clock.pause_ended": "▶️ The pause is over: clocks run again.",
        "clock.pause_end_vote": "▶️ {seat} asks to end the pause early: {votes} of {humans}"
        " agree (it ends when every player has asked).",
        "error.bad_pace": "Not a pace: {pace}. Use live or a time per move from 1h to 14d"
        " (e.g. 12h, 1d, 3d).",
        "error.pace_not_allowed": "This server allows these paces: {paces}.",
        "error.bad_pause": "A pause lasts 1 to {maximum} days.",
        "error.already_paused": "The clocks are already paused.",
        "error.live_table": "This game is played live: it has no clocks.",
        "error.no_vacation_left": "You have {left} vacation day(s) left this year.",
        "error.not_a_player": "You are not playing this game.",
        "error.quiet_moved_recently": "While your clock runs at a table that stops clocks in"
        " quiet hours, your quiet hours and time zone change once a day: try again in"
        " {hours} h.",
        "me.summary": "**Your settings for async games**\nTime zone: **{tz}**\nQuiet hours"
        " (no notices; some tables stop your clocks): **{quiet}**\nTurn notices: **{notices}**"
        "\nVacation days left this year: **{left}** of {allowance}",
        "me.quiet_none": "none",
        "mine.title": "**Your async games** ({count}) · page {page}/{pages}",
        "mine.line": "**{game}** · {guild} · {link} · waiting on {waiting} · your clock {left}"
        " · table waited {waited}",
        "mine.line_yours": "▶ **{game}** · {guild} · {link} · **your turn** · your clock {left}"
        " · table waited {waited}",
        "mine.none": "You have no open async games.",
        "mine.hidden": "({count} more in channels you cannot view now.)",
        "error.server_only": "This command works in a server that has Forum installed.",
        "error.bad_way": "Choose DM, mention or off.",
        "error.bad_state": "Choose on or off.",
        "me.way.dm": "by DM",
        "me.way.mention": "a mention in the game's channel",
        "me.way.off": "off",
        "me.bad_zone": "Unknown time zone: {zone}. Pick one from the list (e.g. Asia/Tokyo).",
        "me.bad_hours": "Write quiet hours as 23:00-07:00 (at most {maximum} hours), or off.",
        "me.vacation_started": "🏖 Your clocks stop until <t:{until}:f>. Days left this year:"
        " {left}.",
        "me.vacation_ended": "Welcome back: your clocks run again. Days left this year: {left}.",
    },
    "ja": {
        "clock.pace": "⏱ ペース：{pace}・持ち時間切れ：{policy}",
        "clock.paused": "⏸ 全員の同意で <t:{until}:f> まで一時停止中",
        "clock.waiting": "⏳ {seat}の手番待ち・残り{left}",
        "clock.waiting_since": "⏳ {seat}の手番待ち・残り{left}・待ち時間{waited}",
        "clock.notice.turn": "🎲 **{game}** であなたの手番です（{link}）・持ち時間の残り{left}。",
        "clock.notice.remind1": "⏰ お知らせ：**{game}** があなたを待っています（{link}）・残り{left}。",
        "clock.notice.remind2": "⚠️ **最終のお知らせ**：**{game}**（{link}）の残りは{left}です。"
        "切れると{policy}。",
        "clock.notice.mention": "<@{user}> ",
        "clock.timeout.ai": "⌛ {seat}の持ち時間が切れました。以後はAIがこの席を打ちます。",
        "clock.timeout.pass": "⌛ {seat}の持ち時間が切れました。この手番はパスです。",
        "clock.timeout.abort": "⌛ {seat}の持ち時間が切れました。ゲームはここで終了し、{seat}の棄権としてレーティングに反映します（{seat}が最下位、ほかの全員が上位）。",
        "clock.rated_last": "{seats}：持ち時間切れのためAIが代わりに打ちました。最下位として"
        "レーティングされます。",
        "clock.pause_vote": "⏸ {seat}が{days}日間の一時停止を求めています：同意は{votes}人。"
        "プレイヤー{humans}人全員の同意が必要です。",
        "clock.pause_started": "⏸ 全員が同意しました。<t:{until}:f> まで持ち時間を止めます。",
        "clock.pause_ended": "▶️ 一時停止が終わりました。持ち時間が再び進みます。",
        "clock.pause_end_vote": "▶️ {seat}が一時停止の早期終了を求めています：同意は{votes}人。"
        "（{humans}人全員が求めると終わります）",
        "error.bad_pace": "ペースではありません：{pace}。live か1手あたりの時間（1h〜14d、"
        "例：12h、1d、3d）を指定してください。",
        "error.pace_not_allowed": "このサーバーで使えるペース：{paces}",
        "error.bad_pause": "一時停止は1〜{maximum}日です。",
        "error.already_paused": "既に一時停止中です。",
        "error.live_table": "このゲームはライブ対局なので持ち時間がありません。",
        "error.no_vacation_left": "今年の休暇の残りは{left}日です。",
        "error.not_a_player": "このゲームに参加していません。",
        "error.quiet_moved_recently": "静かな時間帯に時計が止まる卓で持ち時間が動いている間は、"
        "静かな時間帯とタイムゾーンの変更は1日1回です。{hours}時間後にもう一度お試しください。",
        "me.summary": "**非同期ゲームの設定**\nタイムゾーン：**{tz}**\n静かな時間帯（通知なし。"
        "持ち時間を止める卓もあります）：**{quiet}**\n手番の通知：**{notices}**\n"
        "今年の休暇の残り：**{left}**日（{allowance}日中）",
        "me.quiet_none": "なし",
        "mine.title": "**参加中の非同期ゲーム**（{count}件）・{page}/{pages}ページ",
        "mine.line": "**{game}**・{guild}・{link}・{waiting}の手番待ち・あなたの持ち時間{left}"
        "・待ち時間{waited}",
        "mine.line_yours": "▶ **{game}**・{guild}・{link}・**あなたの手番**・持ち時間{left}"
        "・待ち時間{waited}",
        "mine.none": "参加中の非同期ゲームはありません。",
        "mine.hidden": "（ほかに、今は見られないチャンネルのゲームが{count}件あります。）",
        "error.server_only": "このコマンドはForumが導入されたサーバーで使えます。",
        "error.bad_way": "DM・メンション・オフから選んでください。",
        "error.bad_state": "オンかオフを選んでください。",
        "me.way.dm": "DM",
        "me.way.mention": "ゲームのチャンネルでメンション",
        "me.way.off": "オフ",
        "me.bad_zone": "不明なタイムゾーン：{zone}。一覧から選んでください（例：Asia/Tokyo）。",
        "me.bad_hours": "静かな時間帯は「23:00-07:00」の形（最長{maximum}時間）か off で指定してください。",
        "me.vacation_started": "🏖 <t:{until}:f> まで持ち時間を止めます。今年の休暇の残り：{left}日。",
        "me.vacation_ended": "おかえりなさい。持ち時間が再び進みます。今年の休暇の残り：{left}日。",
    },
}


def pace_line(t: Texts, table: TablePace) -> str:
    """⏱ Pace: 1 d per move · when a clock runs out: the AI plays the seat."""
    return t(
        "clock.pace",
        pace=table.pace.describe(t.locale),
        policy=describe_policy(table.policy, t.locale),
    )


def waiting_lines(t: Texts, waiting: list[tuple[int, float]]) -> list[str]:
    """One line per seat the table waits on: "⏳ waiting on Bob · 5 h left"."""
    return [t("clock.waiting", seat=seat, left=duration(left, t.locale)) for seat, left in waiting]


def notice_text(t: Texts, kind: str, *, game: str, link: str, left: float, policy: str) -> str:
    """A turn notice (`turn`) or a reminder (`remind1`, `remind2`: firmer each time)."""
    return t(
        f"clock.notice.{kind}",
        game=game,
        link=link,
        left=duration(left, t.locale),
        policy=describe_policy(policy, t.locale),
    )


def timeout_text(t: Texts, seat: int, done: str) -> str:
    return t(f"clock.timeout.{done}", seat=seat)


def rated_last_line(t: Texts, seats: list[int]) -> str:
    """On a final board: the seats whose clock ran out, rated last (table.ratings)."""
    return t("clock.rated_last", seats=seats)
