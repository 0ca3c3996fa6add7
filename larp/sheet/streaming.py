"""A long night's transcript whose events are validated once, as the replay reaches them.

The models of a night's events took about 4.5 KB a challenge, twice what its parsed JSON
takes: held all at once, they made `larp resolve` of 100,000 challenges use 24 times the
transcript's size (tests/bench/bench_resolve.py). Here each event is validated as it is
reached and its JSON let go, so that a night is validated once and never held whole. Where
the transcript gives its house rules and characters before its events (`events_last`), each
event is also parsed from the text only as it is reached: the night's parsed JSON, twelve
times the text, is never held either (a 20,000-challenge night in 50 MB, not 89).

A transcript is refused exactly as `load_transcript` refuses it. Where an event does not
fit the contract, or names a character the transcript lacks, or its text can't be read on an
event at a time, the transcript is validated whole (parsed again from its text; or, parsed
already, each event reached standing in as one known to fit, `CHECKED`), so that the error
(message and place) is its very own. A replay that the rules refuse must call
`check_rest` before it reports the refusal: an event further on that does not fit the
contract is refused first, as it is when the transcript is validated whole before the replay.
"""

from collections.abc import Callable, Iterator
from typing import Any, NoReturn

from pydantic import TypeAdapter, ValidationError

from larp.sheet.loading import named_characters, parse_json, whole_transcript
from larp.sheet.strict_json import SPACE, decode_at
from larp.sheet.transcript import Event, Transcript

EVENT = TypeAdapter(Event)
VALIDATE_EVENT = EVENT.validator.validate_python
"""The adapter's validator itself: the adapter's own method looks over its options at each call (0.3 of the 7 µs an event's validation takes)."""

CHECKED = {"clock": {"advance_minutes": 0.0}}
"""What an event's JSON gives way to once the event is validated: an event that fits the
contract and names no character, as the event it stands for did."""


class Unread(ValueError):
    """The text of the events can't be read on, one event at a time: the whole text says why."""


class ReachedEvents:
    """A transcript's events, each validated as it is reached and let go: they are gone through
    once (a replay), as a generator's are. `items` gives each event's JSON, once (raising
    `Unread` where it can't); `whole` the whole transcript's, to be refused as it is."""

    def __init__(self, items: Iterator[Any], whole: Callable[[], Any], known: set[str], where: str) -> None:
        self.items = items
        self.whole = whole
        self.known = known
        self.where = where
        self.started = False

    def __iter__(self) -> Iterator[Any]:
        if self.started:
            raise RuntimeError("a long transcript's events are gone through once only")
        self.started = True
        for item in self._items():
            yield self._checked(item)

    def check_rest(self) -> None:
        """Every event not reached yet validated and let go: the SheetError of the whole
        transcript where one does not fit."""
        for item in self._items():
            self._checked(item)

    def _items(self) -> Iterator[Any]:
        """The events not reached yet (not `yield from`: a replay let go of closes only this)."""
        while True:
            try:
                item = next(self.items)
            except StopIteration:
                return
            except (Unread, RecursionError):
                self._refuse()
            yield item

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
        whole_transcript(self.whole(), self.where)  # raises the transcript's own SheetError
        raise AssertionError("an event refused alone was accepted in the whole transcript")


def parsed_items(data: dict) -> Iterator[Any]:
    """The events of a parsed transcript, each giving way to `CHECKED` once it is read."""
    items = data["events"]
    for index, item in enumerate(items):
        yield item
        items[index] = CHECKED  # asked for the next: this one was validated


HEAD = {"house_rules", "characters"}
"""What a transcript read an event at a time may give before its events: its characters, and
its house rules, unless its text ends on its events (then whatever follows them can only be
refused: a member given twice, or one the contract does not know, or house rules not an object)."""


def events_last(text: str) -> tuple[dict, int] | None:
    """The members before the events, and where the events' array starts, when the transcript
    is an object whose members before its events are those of `HEAD` it may give there; else
    None (read it whole)."""
    try:
        at = SPACE.match(text).end()
        if text[at : at + 1] != "{":
            return None
        at += 1
        head: dict[str, Any] = {}
        while True:
            key, at = decode_at(text, at)
            at = SPACE.match(text, at).end()
            if not isinstance(key, str) or key in head or text[at : at + 1] != ":":
                return None
            if key == "events":
                at = SPACE.match(text, at + 1).end()
                ahead = "characters" in head and set(head) <= HEAD and ("house_rules" in head or ends_on_events(text))
                return (head, at) if ahead and text[at : at + 1] == "[" else None
            head[key], at = decode_at(text, at + 1)
            at = SPACE.match(text, at).end()
            if text[at : at + 1] != ",":
                return None
            at += 1
    except (ValueError, RecursionError):
        return None


def ends_on_events(text: str) -> bool:
    """The text ends on an array closed and the transcript closed: nothing can follow the events
    but what is refused (house rules after them would end it on the house rules' object)."""
    end = text.rstrip(" \t\n\r")
    return end.endswith("}") and end[:-1].rstrip(" \t\n\r").endswith("]")


def text_items(text: str, start: int) -> Iterator[Any]:
    """Each event of the array at `start`, read from the text as it is reached; then the end of
    the transcript, which must close it (`Unread` otherwise, and for any event not strict JSON)."""
    at = SPACE.match(text, start + 1).end()
    if text[at : at + 1] != "]":
        while True:
            try:
                item, at = decode_at(text, at)
            except ValueError:
                raise Unread() from None
            yield item
            at = SPACE.match(text, at).end()
            if text[at : at + 1] == ",":
                at += 1
            elif text[at : at + 1] == "]":
                break
            else:
                raise Unread()
    at = SPACE.match(text, at + 1).end()
    if text[at : at + 1] != "}" or SPACE.match(text, at + 1).end() != len(text):
        raise Unread()


def load_long_transcript(text: str, where: str = "") -> Transcript:
    """What `load_transcript` gives, its events validated as they are reached (`ReachedEvents`):
    read from the text one at a time where the transcript's events come last, after its house
    rules and characters (a long night in the memory of its text and one event); else from the
    whole text parsed at once."""
    lazily = events_last(text)
    if lazily is not None:
        return _from_text(text, *lazily, where)
    data = parse_json(text, where)
    del text  # the caller's only reference to it, most often: a long night's text is let go
    events = data.get("events") if isinstance(data, dict) else None
    if not isinstance(events, list):
        return whole_transcript(data, where)
    return _reached(data, parsed_items(data), lambda: data, where)


def _from_text(text: str, head: dict, start: int, where: str) -> Transcript:
    return _reached(head, text_items(text, start), lambda: parse_json(text, where), where)


def _reached(head: dict, items: Iterator[Any], whole: Callable[[], Any], where: str) -> Transcript:
    try:
        before = Transcript.model_validate({**head, "events": []})
    except ValidationError:
        return whole_transcript(whole(), where)
    known = {sheet.id for sheet in before.characters}
    if len(known) != len(before.characters):
        return whole_transcript(whole(), where)  # refuses the id given twice, or an event before it
    return before.model_copy(update={"events": ReachedEvents(items, whole, known, where)})
