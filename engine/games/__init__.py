"""One module (or package) per game; engine.registry lists them."""
