"""Front ends: the Discord bot (bot.discord_app.client) and the terminal (bot.terminal.local)."""
