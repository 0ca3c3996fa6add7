"""Sides and signs of a throw (R-CH-4)."""

from enum import StrEnum


class Side(StrEnum):
    CHALLENGER = "challenger"
    DEFENDER = "defender"

    @property
    def other(self) -> "Side":
        return Side.DEFENDER if self is Side.CHALLENGER else Side.CHALLENGER


class Sign(StrEnum):
    ROCK = "rock"
    PAPER = "paper"
    SCISSORS = "scissors"
    BOMB = "bomb"

    def beats(self, other: "Sign") -> bool:
        return other in _BEATS[self]


# Rock beats scissors, scissors beat paper, paper beats rock; the bomb (house) beats
# rock and paper and loses to scissors.
_BEATS = {
    Sign.ROCK: frozenset({Sign.SCISSORS}),
    Sign.PAPER: frozenset({Sign.ROCK}),
    Sign.SCISSORS: frozenset({Sign.PAPER, Sign.BOMB}),
    Sign.BOMB: frozenset({Sign.ROCK, Sign.PAPER}),
}

PLAIN_SIGNS = (Sign.ROCK, Sign.PAPER, Sign.SCISSORS)

SIDE_OF = {side.value: side for side in Side}
"""A side by its name in a transcript: faster than `Side(name)` on a replayed night."""
SIGN_OF = {sign.value: sign for sign in Sign}
