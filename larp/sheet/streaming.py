"""A long night's transcript whose events are checked whole first, then made again one at a time.

The models of a night's events took about 4.5 KB a challenge, twice what its parsed JSON
takes: held all at once, they made `larp resolve` of 100,000 challenges use 24 times the
transcript's size (tests/bench/bench_resolve.py). Here each event is validated and let go, so
that the transcript is refused, or accepted, exactly as `load_transcript` would; the events are
then validated again as the replay reaches them, and their JSON let go. On any failure the whole transcript is
validated as `load_transcript` does, so that the error (message and place) is its very own.
"""

from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter, ValidationError

from larp.sheet.loading import check_cast, named_characters, parse_json, whole_transcript
from larp.sheet.transcript import Event, Transcript

EVENT = TypeAdapter(Event)


class Revalidated:
    """A transcript's events as parsed JSON, each validated again as it is reached, and its
    JSON let go: they are gone through once (a replay), as a generator's are."""

    def __init__(self, items: list[Any]) -> None:
        self.items = items
        self.reached = False

    def __iter__(self) -> Iterator[Any]:
        if self.reached:
            raise RuntimeError("a long transcript's events are gone through once only")
        self.reached = True
        items = self.items
        for index, item in enumerate(items):
            items[index] = None
            yield EVENT.validate_python(item)


def load_long_transcript(text: str, where: str = "") -> Transcript:
    """What `load_transcript` gives, its events made as they are reached (`Revalidated`)."""
    data = parse_json(text, where)
    del text  # the caller's only reference to it, most often: a long night's text is let go
    events = data.get("events") if isinstance(data, dict) else None
    if not isinstance(events, list):
        return whole_transcript(data, where)
    try:
        head = Transcript.model_validate({**data, "events": []})
        named = [named_characters(EVENT.validate_python(event)) for event in events]
    except ValidationError:
        return whole_transcript(data, where)
    check_cast(head.characters, named, where)
    return head.model_copy(update={"events": Revalidated(events)})

