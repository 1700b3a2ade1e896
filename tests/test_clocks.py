"""The pure clock core (table.clocks, table.pace) with an injected time: charging, stops
(quiet hours across time zones and DST, downtime), reminder points and paces in both languages."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from table import clocks
from table.clocks import QuietHours, SeatClock, charged, stops_of, when_charged
from table.pace import DAY, HOUR, LIVE, BadPace, Pace, duration, parse_pace


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("live", 0), ("1h", HOUR), ("12h", 12 * HOUR), ("1d", DAY), ("3 days", 3 * DAY),
     ("1日", DAY), ("12時間", 12 * HOUR), ("1週間", 7 * DAY), ("2w", 14 * DAY), ("ライブ", 0)],
)  # fmt: skip
def test_paces_parse_in_both_languages(text: str, seconds: int) -> None:
    assert parse_pace(text).seconds == seconds


@pytest.mark.parametrize("text", ["", "0h", "15d", "3 weeks", "1.5d", "soon", "-1d", "1000d"])
def test_bad_paces_are_refused(text: str) -> None:
    with pytest.raises(BadPace):
        parse_pace(text)


def test_pace_names_and_wording_round_trip() -> None:
    for name in ("live", "1h", "12h", "1d", "3d", "7d"):
        assert parse_pace(name).name == name
    assert Pace(DAY).describe("en") == "1 d per move"
    assert Pace(DAY).describe("ja") == "1手1日"
    assert LIVE.describe("ja").startswith("ライブ")
    assert (Pace(DAY).bank, Pace(DAY).cap) == (2 * DAY, 3 * DAY)


def test_durations_show_two_largest_units() -> None:
    assert duration(5 * HOUR + 59, "en") == "5 h"
    assert duration(2 * DAY + 5 * HOUR + 7 * 60, "en") == "2 d 5 h"
    assert duration(2 * DAY + 7 * 60, "ja") == "2日"
    assert duration(40 * 60, "ja") == "40分"
    assert duration(-5, "en") == "< 1 min"


def test_quiet_hours_wrap_midnight_in_the_players_zone() -> None:
    tokyo = QuietHours("Asia/Tokyo", 23 * 60, 7 * 60)  # 23:00-07:00 JST = 14:00-22:00 UTC
    assert tokyo.contains(at("2026-03-02T15:00:00"))
    assert not tokyo.contains(at("2026-03-02T13:59:00"))
    assert tokyo.after(at("2026-03-02T15:00:00")) == at("2026-03-02T22:00:00")
    assert tokyo.after(at("2026-03-02T12:00:00")) == at("2026-03-02T12:00:00")


def test_quiet_hours_follow_daylight_saving() -> None:
    york = QuietHours("America/New_York", 22 * 60, 6 * 60)
    # 22:00 EST is 03:00 UTC in winter; 22:00 EDT is 02:00 UTC in summer.
    assert york.windows(at("2026-01-10T00:00:00"), at("2026-01-10T12:00:00"))[0][0] == at(
        "2026-01-10T03:00:00"
    )
    assert york.windows(at("2026-07-10T00:00:00"), at("2026-07-10T12:00:00"))[0][0] == at(
        "2026-07-10T02:00:00"
    )


def test_clocks_are_not_charged_for_stops() -> None:
    start = at("2026-03-02T00:00:00")
    down = [(start + HOUR, start + 3 * HOUR)]
    stops = stops_of(None, down)
    assert charged(start, start + 4 * HOUR, stops) == 2 * HOUR
    assert when_charged(start, 2 * HOUR, stops) == start + 4 * HOUR
    quiet = QuietHours("UTC", 22 * 60, 6 * 60)
    night = stops_of(quiet, [])
    evening = at("2026-03-02T20:00:00")
    assert charged(evening, evening + DAY, night) == 16 * HOUR
    assert when_charged(evening, 3 * HOUR, night) == at("2026-03-03T07:00:00")
    assert when_charged(evening, 3 * DAY, night) - evening == 4 * DAY + 16 * HOUR


def test_a_turn_sends_one_notice_then_each_reminder_once_outside_quiet_hours() -> None:
    pace = Pace(12 * HOUR)
    quiet = QuietHours("UTC", 22 * 60, 6 * 60)
    stops = stops_of(None, [])
    begin = at("2026-03-02T21:00:00")  # an hour before the player's night
    clock = clocks.start(clocks.new_clock(1, 0, 7, pace), begin)
    sent: list[tuple[str, float]] = []
    now = begin
    while True:
        due = clocks.next_due(clock, now, stops, quiet)
        assert due is not None and due >= now
        now = due
        clock, notice, expired = clocks.step(clock, now, stops, quiet)
        if notice:
            assert not quiet.contains(now), (notice, now)
            sent.append((notice, now))
        if expired:
            break
    # The bank is 24 h: half at 09:00 next day, nine tenths at 18:36, out at 21:00.
    assert sent == [
        ("turn", begin),
        ("remind1", at("2026-03-03T09:00:00")),
        ("remind2", at("2026-03-03T18:36:00")),
    ]
    assert now == at("2026-03-03T21:00:00")


def test_a_clock_stopped_then_resumed_keeps_its_time() -> None:
    pace = Pace(DAY)
    stops = stops_of(None, [])
    clock = clocks.start(clocks.new_clock(1, 0, 7, pace), 0.0)
    paused = clocks.checkpoint(clock, 10 * HOUR, stops, resume_at=3 * DAY)
    assert paused.left(2 * DAY, stops) == 2 * DAY - 10 * HOUR
    assert paused.left(3 * DAY + HOUR, stops) == 2 * DAY - 11 * HOUR
    done = clocks.stop(paused, 3 * DAY + HOUR, stops, pace)
    assert done.remaining == min(pace.cap, 2 * DAY - 11 * HOUR + DAY)
    assert not done.running and isinstance(done, SeatClock)
