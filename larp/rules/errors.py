"""The one error type of the rules engine."""


class RuleError(Exception):
    """A step the rules forbid. `rule` is the id of docs/rules.md that forbids it.

    `event` and `step` say where in a transcript it happened, when the engine
    was replaying one (`None` where the refusal belongs to no single step).
    """

    def __init__(
        self, rule: str, message: str, *, event: int | None = None, step: int | None = None, before: tuple = ()
    ):
        self.rule = rule
        self.message = message
        self.event = event
        self.step = step
        self.before = before
        """What happened in the challenge before the refused step: its notes (for `--explain`)."""
        super().__init__(f"{rule}: {message}")

    def at(self, *, event: int | None = None, step: int | None = None, before: tuple | None = None) -> "RuleError":
        """This error, placed in a transcript (with the notes of the steps before it)."""
        return RuleError(
            self.rule,
            self.message,
            event=self.event if event is None else event,
            step=self.step if step is None else step,
            before=self.before if before is None else before,
        )

    def to_json(self) -> dict:
        return {"rule": self.rule, "event": self.event, "step": self.step, "message": self.message}
