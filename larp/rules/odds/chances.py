"""The odds of a challenge: each side's chance to win, and of nobody winning."""

from dataclasses import dataclass
from fractions import Fraction

from larp.rules.signs import Side


@dataclass(frozen=True, slots=True)
class Odds:
    challenger: Fraction
    defender: Fraction
    draw: Fraction
    """Nobody wins: an equal tie under `equal_tie = "both-lose"` (R-TIE-4)."""
    policy: str
    """How the sides were taken to spend their retests (POLICIES)."""
    positions: int
    """How many distinct positions of the challenge the computation weighed."""

    def of(self, side: Side) -> Fraction:
        return self.challenger if side is Side.CHALLENGER else self.defender

    def to_json(self) -> dict:
        return {
            "policy": self.policy,
            **{
                name: {"fraction": str(chance), "probability": round(float(chance), 6)}
                for name, chance in (("challenger", self.challenger), ("defender", self.defender), ("draw", self.draw))
            },
        }


def percent(chance: Fraction) -> str:
    """A chance as a Narrator reads it: 55.6%; 0% and 100% only when exact."""
    if chance in (0, 1):
        return f"{int(chance) * 100}%"
    shown = f"{float(chance) * 100:.1f}"
    return f"{'<0.1' if shown == '0.0' else '>99.9' if shown == '100.0' else shown}%"
