"""Sessions around the engine: storage (store), lobbies and inputs (service), texts (i18n)."""
