"""Pure game rules: no Discord, no Pillow, no I/O. See engine.core for the contract every game follows."""
