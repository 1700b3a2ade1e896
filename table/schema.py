"""The tables both stores keep, written once: each migration's script with the column types the
dialects spell differently as `$key` (the sessions' own id), `$big` (ids of 64 bits) and `$real`.

A database records how many migrations it has run (table.sqlite: `PRAGMA user_version`;
table.pgstore: a `schema_version` table) and runs the rest in order at start-up. Never edit a
migration that has shipped: add one.
"""

from __future__ import annotations

from string import Template

_SCRIPTS = (
    """
    CREATE TABLE sessions (
        id $key,
        channel_id $big NOT NULL,
        guild_id $big,
        game TEXT NOT NULL,
        rules_version INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed $big NOT NULL,
        status TEXT NOT NULL,
        host_id $big NOT NULL,
        seats TEXT NOT NULL,
        meta TEXT NOT NULL DEFAULT '{}',
        created_at $real NOT NULL,
        updated_at $real NOT NULL
    );
    CREATE UNIQUE INDEX one_open_session_per_channel
        ON sessions(channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE inputs (
        session_id $big NOT NULL REFERENCES sessions(id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        args TEXT NOT NULL,
        prompt_key TEXT NOT NULL,
        at $real NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE snapshots (
        session_id $big NOT NULL REFERENCES sessions(id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE deadlines (
        session_id $big PRIMARY KEY REFERENCES sessions(id),
        due_at $real NOT NULL,
        stage TEXT NOT NULL
    );
    """,
    # 2: per-seat results of finished games and OpenSkill ratings per server and game
    # (table/ratings.py). `guild_id` 0 stands for games outside any server.
    """
    CREATE TABLE results (
        session_id $big NOT NULL REFERENCES sessions(id),
        seat INTEGER NOT NULL,
        guild_id $big NOT NULL,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        ai INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        at $real NOT NULL,
        PRIMARY KEY (session_id, seat)
    );
    CREATE INDEX results_by_player ON results(guild_id, player, game);
    CREATE TABLE ratings (
        guild_id $big NOT NULL,
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        mu $real NOT NULL,
        sigma $real NOT NULL,
        games INTEGER NOT NULL,
        updated_at $real NOT NULL,
        PRIMARY KEY (guild_id, game, player)
    );
    """,
    # 3: what a server's admins set with /game settings (bot/frontend/settings.py), as a JSON
    # object of the keys they changed (absent keys follow config.toml); a member's open lobbies,
    # counted against their limit at each /game new (bot/discord_app/gate.py).
    """
    CREATE TABLE guild_settings (
        guild_id $big PRIMARY KEY,
        settings TEXT NOT NULL,
        updated_at $real NOT NULL
    );
    CREATE INDEX lobbies_by_host ON sessions(guild_id, host_id) WHERE status = 'lobby';
    """,
    # 4: per-user preferences: whether a player is mentioned when their public turn starts
    """
    CREATE TABLE user_settings (
        user_id $big PRIMARY KEY,
        turn_pings INTEGER NOT NULL
    );
    """,
    # 5: a player's DM channel with the bot, opened once (Discord's bucket for opening them is
    # tight) and kept across games and restarts.
    """
    CREATE TABLE dm_channels (
        user_id $big PRIMARY KEY,
        channel_id $big NOT NULL
    );
    """,
    # 6: async tables (issue 28, table.clocks): a table's pace and timeout policy, each seat's
    # clock, the notices sent (one row per seat, turn and kind: a notice is never sent twice),
    # players' time zones, quiet hours, notice channel and vacations, and the processes'
    # heartbeats and the bot's downtimes (never charged to a clock).
    """
    CREATE TABLE async_tables (
        session_id $big PRIMARY KEY REFERENCES sessions(id),
        pace INTEGER NOT NULL,
        policy TEXT NOT NULL,
        quiet_stops INTEGER NOT NULL,
        paused_until $real,
        pause_votes TEXT NOT NULL
    );
    CREATE TABLE clocks (
        session_id $big NOT NULL REFERENCES sessions(id),
        seat INTEGER NOT NULL,
        user_id $big NOT NULL,
        remaining $real NOT NULL,
        running_since $real,
        turn INTEGER NOT NULL,
        budget $real NOT NULL,
        reminded INTEGER NOT NULL,
        notified INTEGER NOT NULL,
        timed_out INTEGER NOT NULL,
        due_at $real,
        claimed_by TEXT,
        claimed_until $real,
        PRIMARY KEY (session_id, seat)
    );
    CREATE INDEX clocks_due ON clocks(due_at) WHERE due_at IS NOT NULL;
    CREATE INDEX clocks_by_user ON clocks(user_id);
    CREATE TABLE notices (
        session_id $big NOT NULL REFERENCES sessions(id),
        seat INTEGER NOT NULL,
        turn INTEGER NOT NULL,
        kind TEXT NOT NULL,
        user_id $big NOT NULL,
        at $real NOT NULL,
        message_id $big,
        PRIMARY KEY (session_id, seat, turn, kind)
    );
    CREATE TABLE user_prefs (
        user_id $big PRIMARY KEY,
        tz TEXT NOT NULL,
        quiet_start INTEGER NOT NULL,
        quiet_end INTEGER NOT NULL,
        notices TEXT NOT NULL
    );
    CREATE TABLE vacations (
        user_id $big NOT NULL,
        starts $real NOT NULL,
        ends $real NOT NULL,
        PRIMARY KEY (user_id, starts)
    );
    CREATE TABLE heartbeats (
        process TEXT PRIMARY KEY,
        at $real NOT NULL
    );
    CREATE TABLE downtimes (
        starts $real PRIMARY KEY,
        ends $real NOT NULL
    );
    """,
    # 7: /game history's public events of long games, spilled from memory in chunks (a JSON
    # list of [seq, event] each; bot/discord_app/history.py). Derived from the log: a cache
    # that may be dropped, rewritten identically.
    """
    CREATE TABLE history_chunks (
        session_id $big NOT NULL REFERENCES sessions(id),
        chunk INTEGER NOT NULL,
        events TEXT NOT NULL,
        PRIMARY KEY (session_id, chunk)
    );
    """,
    # 8: the tips a member has been shown (issue 29, /game learn: each kind of decision's tip
    # once per member, `<game>.<move>`), and "*" for a member who turned tips off.
    """
    CREATE TABLE user_tips (
        user_id $big NOT NULL,
        tip TEXT NOT NULL,
        PRIMARY KEY (user_id, tip)
    );
    """,
    # 9: when a player last moved their quiet hours over a running clock of a table that stops
    # clocks in them (at most once a day: table.turn_clocks), kept here rather than in a
    # process's memory, so a restart or a second process does not reset the limit.
    """
    CREATE TABLE quiet_moves (
        user_id $big PRIMARY KEY,
        at $real NOT NULL
    );
    """,
)


SQLITE = {"key": "INTEGER PRIMARY KEY AUTOINCREMENT", "big": "INTEGER", "real": "REAL"}
POSTGRES = {
    "key": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    "big": "BIGINT",
    "real": "DOUBLE PRECISION",
}


def migrations(types: dict[str, str]) -> tuple[str, ...]:
    """Every migration's script in one dialect's types (SQLITE or POSTGRES)."""
    return tuple(Template(script).substitute(types) for script in _SCRIPTS)
