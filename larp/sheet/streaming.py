"""A long night's transcript whose events are validated once, as the replay reaches them.

The models of a night's events took about 4.5 KB a challenge, twice what its parsed JSON
takes: held all at once, they made `larp resolve` of 100,000 challenges use 24 times the
transcript's size (tests/bench/bench_resolve.py). Here each event is validated as it is
reached and its JSON let go, so that a night is validated once and never held whole.

A transcript is refused exactly as `load_transcript` refuses it. Where an event does not
fit the contract, or names a character the transcript lacks, the transcript is validated
whole, each event already reached standing in as one known to fit (`CHECKED`), so that the
error (message and place) is its very own. A replay that the rules refuse must call
`check_rest` before it reports the refusal: an event further on that does not fit the
contract is refused first, as it is when the transcript is validated whole before the replay.
"""

from collections.abc import Iterator
from typing import Any, NoReturn

from pydantic import TypeAdapter, ValidationError

from larp.sheet.loading import named_characters, parse_json, whole_transcript
from larp.sheet.transcript import Event, Transcript

EVENT = TypeAdapter(Event)
VALIDATE_EVENT = EVENT.validator.validate_python
"""The adapter's validator itself: the adapter's own method looks over its options at each call (0.3 of the 7 µs an event's validation takes)."""

CHECKED = {"clock": {"advance_minutes": 0.0}}
"""What an event's JSON gives way to once the event is validated: an event that fits the
contract and names no character, as the event it stands for did."""


class ReachedEvents:
    """A transcript's events as parsed JSON, each validated as it is reached and its JSON let
    go: they are gone through once (a replay), as a generator's are."""

    def __init__(self, data: dict, known: set[str], where: str) -> None:
        self.data = data
        self.known = known
        self.where = where
        self.reached = 0
        """How many events were validated and gave way to `CHECKED`."""
        self.started = False

    def __iter__(self) -> Iterator[Any]:
        if self.started:
            raise RuntimeError("a long transcript's events are gone through once only")
        self.started = True
        items = self.data["events"]
        for index, item in enumerate(items):
            event = self._checked(item)
            items[index] = CHECKED
            self.reached = index + 1
            yield event

    def check_rest(self) -> None:
        """Every event not reached yet validated and let go: the SheetError of the whole
        transcript where one does not fit."""
        for item in self.data["events"][self.reached :]:
            self._checked(item)

    def _checked(self, item: Any) -> Any:
        try:
            event = VALIDATE_EVENT(item)
        except ValidationError:
            self._refuse()
        for _, character in named_characters(event):
            if character not in self.known:
                self._refuse()
        return event

    def _refuse(self) -> NoReturn:
        whole_transcript(self.data, self.where)  # raises the transcript's own SheetError
        raise AssertionError("an event refused alone was accepted in the whole transcript")


def load_long_transcript(text: str, where: str = "") -> Transcript:
    """What `load_transcript` gives, its events validated as they are reached (`ReachedEvents`)."""
    data = parse_json(text, where)
    del text  # the caller's only reference to it, most often: a long night's text is let go
    events = data.get("events") if isinstance(data, dict) else None
    if not isinstance(events, list):
        return whole_transcript(data, where)
    try:
        head = Transcript.model_validate({**data, "events": []})
    except ValidationError:
        return whole_transcript(data, where)
    known = {sheet.id for sheet in head.characters}
    if len(known) != len(head.characters):
        return whole_transcript(data, where)  # refuses the id given twice, or an event before it
    return head.model_copy(update={"events": ReachedEvents(data, known, where)})
