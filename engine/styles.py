"""AI styles: how an AI seat weighs risk and which goals it prefers, so that two AI seats of the
same level at one table play like different people rather than clones.

A style is stored with the seat by name (table.service picks a name no other AI at the table
has) and shown beside the seat in the lobby (engine.i18n.style_name). A game's AI reads:
- `risk` (0 careful .. 1 bold): how readily it contests what a rival leads or gambles in a fight;
- `reach` (0 near .. 1 far): how much it values goals further off against those at hand;
- `taste(item)`: a stable per-style liking of one item (a region, a card) near 1.0, which breaks
  the ties that made identical heuristics pick identical moves; `whim(rng)` the same drawn anew
  in each decision from the seat's own seeded randomness.
`STEADY`, the style of seats stored before styles existed, is exactly the heuristic as it was
(risk and reach 0.5, no taste), so the rules' "beat random" figures still describe it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rng import Rng, derive_seed

# How far `taste` moves a value either way (0.15: a liking, never a reversal of clear choices).
TASTE_SPREAD = 0.15
# How far `whim` moves it in one decision: the seat's own randomness on top of its taste.
WHIM_SPREAD = 0.2


@dataclass(frozen=True, slots=True)
class Style:
    name: str
    risk: float = 0.5
    reach: float = 0.5
    tasteful: bool = True

    def taste(self, item: int | str) -> float:
        """This style's stable liking of `item`, in [1 - TASTE_SPREAD, 1 + TASTE_SPREAD]."""
        if not self.tasteful:
            return 1.0
        unit = Rng(derive_seed("style", self.name, item)).below(1001) / 1000
        return 1.0 + TASTE_SPREAD * (2 * unit - 1)

    def whim(self, rng: Rng) -> float:
        """A factor in [1 - WHIM_SPREAD, 1 + WHIM_SPREAD] drawn from the decision's own `rng`
        (the seat's seeded randomness), so a style does not repeat itself either."""
        if not self.tasteful:
            return 1.0
        return 1.0 + WHIM_SPREAD * (2 * rng.below(1001) / 1000 - 1)


STEADY = Style("steady", tasteful=False)
STYLES: tuple[Style, ...] = (
    Style("bold", risk=0.9, reach=0.4),
    Style("careful", risk=0.2, reach=0.5),
    Style("greedy", risk=0.6, reach=0.15),
    Style("patient", risk=0.4, reach=0.9),
    Style("cunning", risk=0.7, reach=0.7),
    Style("stubborn", risk=0.3, reach=0.2),
    Style("daring", risk=1.0, reach=0.8),
    STEADY,
)
_BY_NAME = {style.name: style for style in STYLES}


def style_named(name: object) -> Style:
    """The style stored under `name`; STEADY for seats stored without one (or a stale name)."""
    return _BY_NAME.get(name, STEADY) if isinstance(name, str) else STEADY


def pick_style(taken: list[str], seed: int) -> str:
    """A seeded style name no seat in `taken` has (any, once all are taken); STEADY comes last,
    so a table's AIs all have a taste before one plays the plain heuristic."""
    free = [s.name for s in STYLES if s.name not in taken and s is not STEADY]
    if not free:
        free = [s.name for s in STYLES if s.name not in taken] or [s.name for s in STYLES]
    return Rng(derive_seed(seed, "style", len(taken))).choice(free)


def table_styles(seed: int, seats: int) -> tuple[Style, ...]:
    """The styles table.service gives `seats` AI seats added one after another to a table of
    `seed`: what AI-only runs (bench.ai, tests) play with."""
    taken: list[str] = []
    for _ in range(seats):
        taken.append(pick_style(taken, seed))
    return tuple(style_named(name) for name in taken)
