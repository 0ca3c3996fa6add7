"""The one error type of the rules engine."""


class RuleError(Exception):
    """A step the rules forbid. `rule` is the id of RULES.md that forbids it.

    `event` and `step` say where in a transcript it happened, when the engine
    was replaying one (`None` where the refusal belongs to no single step).
    """

    def __init__(self, rule: str, message: str, *, event: int | None = None, step: int | None = None):
        self.rule = rule
        self.message = message
        self.event = event
        self.step = step
        super().__init__(f"{rule}: {message}")

    def at(self, *, event: int | None = None, step: int | None = None) -> "RuleError":
        """This error, placed in a transcript."""
        return RuleError(
            self.rule,
            self.message,
            event=self.event if event is None else event,
            step=self.step if step is None else step,
        )

    def to_json(self) -> dict:
        return {"rule": self.rule, "event": self.event, "step": self.step, "message": self.message}
