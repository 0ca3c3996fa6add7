"""A tabletop character tonight: her Storyteller or Storytelling sheet, the Willpower she has
left, and her Health track."""

from dataclasses import dataclass, replace

from larp.rules.dice.health import Track, Wound, heal, mark
from larp.sheet import TableSheet


@dataclass(frozen=True)
class TableState:
    sheet: TableSheet
    willpower: int
    health: Track

    @classmethod
    def fresh(cls, sheet: TableSheet, willpower: int | None = None) -> "TableState":
        return cls(sheet, sheet.willpower if willpower is None else willpower, Track(sheet.health_boxes))

    @property
    def id(self) -> str:
        return self.sheet.id

    @property
    def name(self) -> str:
        return self.sheet.display_name

    def spending_willpower(self, points: int) -> "TableState":
        return replace(self, willpower=self.willpower - points)

    def damaged(self, kind: Wound, amount: int) -> "TableState":
        """Damage marked (D-HEALTH-1, D-HEALTH-4), or healed where `amount` is below 0 (D-HEALTH-5)."""
        track = mark(self.health, kind, amount) if amount >= 0 else heal(self.health, kind, -amount)
        return replace(self, health=track)

    def with_sheet(self, sheet: TableSheet) -> "TableState":
        """Her sheet changed for good: the Willpower spent stays spent, the wounds stay marked
        (as many as the new track holds)."""
        spent = self.sheet.willpower - self.willpower
        wounds = self.health.wounds[: sheet.health_boxes]
        return replace(self, sheet=sheet, willpower=sheet.willpower - spent, health=Track(sheet.health_boxes, wounds))

    def describe(self) -> str:
        """One line: Willpower, Health track, wound penalty and state."""
        track = self.health
        line = f"Willpower {self.willpower} of {self.sheet.willpower}; Health {track.marks}"
        counts = [f"{track.count(kind)} {kind}" for kind in ("aggravated", "lethal", "bashing") if track.count(kind)]
        if counts:
            line += f" ({', '.join(counts)}; {track.state}"
            line += f", wound penalty {track.penalty})" if track.penalty else ")"
        return line

    def to_json(self) -> dict:
        track = self.health
        return {
            "willpower": self.willpower,
            "health": {
                "boxes": track.boxes,
                "track": track.marks,
                **{kind: track.count(kind) for kind in ("bashing", "lethal", "aggravated")},
                "penalty": track.penalty,
                "state": track.state,
            },
        }
