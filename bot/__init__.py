"""Front ends: the Discord bot (bot.client) and the terminal (bot.local)."""
