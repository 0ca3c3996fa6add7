"""Replaying a whole transcript: what `larp resolve` computes."""

from dataclasses import dataclass
from typing import Iterator

from larp.rules.errors import RuleError
from larp.rules.events import EventResult, apply_event
from larp.rules.night import Night
from larp.sheet.transcript import Transcript


@dataclass(frozen=True)
class Replay:
    night: Night
    results: tuple[EventResult, ...]

    def to_json(self) -> dict:
        return {
            "results": [result.to_json(index) for index, result in enumerate(self.results)],
            "characters": self.night.to_json(),
        }


def replaying(transcript: Transcript, noting: bool = True) -> Iterator[tuple[Night, EventResult]]:
    """Each event in order, as the night after it and its result (with its notes where `noting`);
    a RuleError names the event (and step) the rules refused. Nothing is kept: a caller holds
    what it needs."""
    night = Night.begin(transcript.characters, transcript.house_rules, noting=noting)
    for index, event in enumerate(transcript.events):
        try:
            night, result = apply_event(night, event)
        except RuleError as error:
            raise error.at(event=index) from None
        yield night, result


def replay(transcript: Transcript) -> Replay:
    """Every event in order; a RuleError names the event (and step) the rules refused."""
    night = Night.begin(transcript.characters, transcript.house_rules)
    results = []
    for night, result in replaying(transcript):
        results.append(result)
    return Replay(night, tuple(results))
