"""The SQL both stores run, written once with SQLite's `?` placeholders.

The PostgreSQL store numbers them (`numbered`: `$1, $2, …`) before it sends a query; the same
text then serves both backends, so a column or condition cannot change in one store only. A
fragment that the dialects spell differently is a named argument of the query (`{shown}`);
what only one backend can say (row locks, advisory locks, sequences) stays in its store.
"""

from __future__ import annotations

from functools import cache

SESSION_COLUMNS = (
    "id, channel_id, guild_id, game, rules_version, options, seed, status, host_id, seats, meta"
)
SESSIONS = f"SELECT {SESSION_COLUMNS} FROM sessions"
# The conditions after SESSIONS (each store's `_sessions` reader).
SESSION_BY_ID = "WHERE id=?"
OPEN_SESSION_IN = "WHERE channel_id=? AND status IN ('lobby','active')"
OPEN_SESSIONS = "WHERE status IN ('lobby','active') ORDER BY id"
ALL_SESSIONS = "ORDER BY id"
# `{shown}`: the meta's "shown" (the last input its board showed) as a number, per dialect.
UNSHOWN_FINISHED = (
    "WHERE status='finished' AND {shown} <"
    " (SELECT MAX(seq) FROM inputs WHERE inputs.session_id=sessions.id) ORDER BY id"
)
SHOWN_SQLITE = "json_extract(meta, '$.shown')"
SHOWN_POSTGRES = "(meta::jsonb->>'shown')::bigint"

CREATE_SESSION = (
    "INSERT INTO sessions (channel_id, guild_id, game, rules_version, options,"
    " seed, status, host_id, seats, meta, created_at, updated_at)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
)
SAVE_SESSION = "UPDATE sessions SET status=?, seats=?, meta=?, host_id=?, updated_at=? WHERE id=?"
SET_STATUS = "UPDATE sessions SET status=?, updated_at=? WHERE id=?"
SAVE_META = "UPDATE sessions SET meta=?, updated_at=? WHERE id=?"

INPUT_COLUMNS = "session_id, seq, seat, move, args, prompt_key, at"
INSERT_INPUT = f"INSERT INTO inputs ({INPUT_COLUMNS}) VALUES (?,?,?,?,?,?,?)"
LAST_SEQ = "SELECT COALESCE(MAX(seq), 0) FROM inputs WHERE session_id=?"
PEEK = f"SELECT {SESSION_COLUMNS}, ({LAST_SEQ}) FROM sessions WHERE id=?"  # id twice
INPUTS = (
    "SELECT seq, seat, move, args, prompt_key FROM inputs"
    " WHERE session_id=? AND seq>? ORDER BY seq LIMIT ?"
)
LOG_EXTENT = "SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM inputs WHERE session_id=? AND seq>0"
FIND_INPUT = (
    "SELECT seq FROM inputs WHERE session_id=? AND seat=? AND prompt_key=? AND move=?"
    " AND args=? ORDER BY seq DESC LIMIT 1"
)
LATEST_INPUT = (
    "SELECT seq, move, args FROM inputs WHERE session_id=? AND seat=? AND prompt_key=?"
    " ORDER BY seq DESC LIMIT 1"
)

PUT_SNAPSHOT = (
    "INSERT INTO snapshots (session_id, seq, state) VALUES (?,?,?)"
    " ON CONFLICT (session_id, seq) DO UPDATE SET state=excluded.state"
)
LATEST_SNAPSHOT = "SELECT seq, state FROM snapshots WHERE session_id=? ORDER BY seq DESC LIMIT 1"
SNAPSHOTS = "SELECT seq, state FROM snapshots WHERE session_id=? ORDER BY seq"

SET_TURN_PINGS = (
    "INSERT INTO user_settings (user_id, turn_pings) VALUES (?,?)"
    " ON CONFLICT (user_id) DO UPDATE SET turn_pings=excluded.turn_pings"
)
DM_CHANNEL = "SELECT channel_id FROM dm_channels WHERE user_id=?"
REMEMBER_DM_CHANNEL = (
    "INSERT INTO dm_channels (user_id, channel_id) VALUES (?,?)"
    " ON CONFLICT (user_id) DO UPDATE SET channel_id=excluded.channel_id"
)

SET_DEADLINE = (
    "INSERT INTO deadlines (session_id, due_at, stage) VALUES (?,?,?)"
    " ON CONFLICT (session_id) DO UPDATE SET due_at=excluded.due_at, stage=excluded.stage"
)
CLEAR_DEADLINE = "DELETE FROM deadlines WHERE session_id=?"
DEADLINES = "SELECT session_id, due_at, stage FROM deadlines"

GUILD_SETTINGS = "SELECT settings FROM guild_settings WHERE guild_id=?"
SAVE_GUILD_SETTINGS = (
    "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?,?,?)"
    " ON CONFLICT (guild_id) DO UPDATE SET settings=excluded.settings,"
    " updated_at=excluded.updated_at"
)


@cache
def numbered(sql: str) -> str:
    """SQLite's `?` placeholders as PostgreSQL's `$1, $2, …` (outside quoted text); computed
    once per query text."""
    parts = sql.split("'")
    count = 0
    for index in range(0, len(parts), 2):
        pieces = parts[index].split("?")
        text = pieces[0]
        for piece in pieces[1:]:
            count += 1
            text += f"${count}{piece}"
        parts[index] = text
    return "'".join(parts)
