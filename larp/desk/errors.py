"""The one error type of the desk layer."""

from typing import Any, Callable

from larp.ledger.errors import LedgerError
from larp.rules.errors import RuleError


class DeskError(Exception):
    """What the station can't do, written for a Narrator at a busy table.

    `rule` is the rule id (docs/rules.md) when the rules forbid it, with the engine's
    `rule_error` itself (placed in a transcript, for `larp record`); `reason` is the
    `CardReason` when a scanned card is refused, with the `character` it claims.
    """

    def __init__(self, message: str, *, rule_error: Any = None, reason: Any = None, character: str | None = None) -> None:
        super().__init__(message)
        self.rule_error = rule_error
        self.rule: str | None = rule_error.rule if rule_error is not None else None
        self.reason = reason
        self.character = character

    @classmethod
    def forbidden(cls, error: Any) -> "DeskError":
        """A RuleError, told as the rules engine tells it, with its rule's id."""
        return cls(f"{error.message} ({error.rule})", rule_error=error)


class Translated:
    """A `with` block in which another layer's error becomes a DeskError."""

    def __init__(self, error_type: type[Exception], translate: Callable[[Any], DeskError]) -> None:
        self.error_type = error_type
        self.translate = translate

    def __enter__(self) -> None:
        return None

    def __exit__(self, error_type, error, traceback) -> bool:
        if error_type is not None and issubclass(error_type, self.error_type):
            raise self.translate(error) from None
        return False


recorded = Translated(LedgerError, lambda error: DeskError(str(error)))
"""The ledger's errors, as the desk's."""
forbidden = Translated(RuleError, DeskError.forbidden)
"""The rules engine's refusals, as the desk's, with the rule's id."""


class NightClosedBetweenGames(DeskError):
    """A command that records met a night closed and the next opened nowhere yet: it opens nothing
    by itself (the next night opens when the game starts)."""
