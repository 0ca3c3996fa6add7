"""The odds of a transcript's challenge before each of its steps (`larp odds --transcript`)."""

from dataclasses import dataclass

from larp.rules.challenge.play import apply
from larp.rules.challenge.start import start_challenge
from larp.rules.challenge.state import ChallengeState
from larp.rules.errors import RuleError
from larp.rules.events import apply_event
from larp.rules.night import Night
from larp.rules.odds.chances import Odds
from larp.rules.odds.play import challenge_odds
from larp.sheet.transcript import ChallengeEvent, ChallengeSpec, Transcript
from larp.words import counted


@dataclass(frozen=True)
class StepOdds:
    before: int
    """The index of the step these odds come before; the count of steps, after the last one."""
    step: object | None
    """That step (a transcript step model), or None after the last one."""
    odds: Odds
    state: ChallengeState


class NotAChallenge(ValueError):
    """The event asked for is not in the transcript, or is no challenge."""


def challenge_at(transcript: Transcript, event: int) -> tuple[Night, ChallengeSpec]:
    """The night as it stands before event `event`, and that event's challenge. The events are
    gone through once, up to that one only, without the rules' notes (the odds show none): the
    last challenge of a long night costs a replay, never more."""
    if event < 0:
        raise NotAChallenge(f"events are numbered from 0: no event {event}")
    night = Night.begin(transcript.characters, transcript.house_rules, noting=False)
    count = 0
    for count, earlier in enumerate(transcript.events, start=1):
        if count - 1 == event:
            if not isinstance(earlier, ChallengeEvent):
                raise NotAChallenge(f"event {event} is a {next(iter(type(earlier).model_fields))}, not a challenge")
            return night, earlier.challenge
        try:
            night, _ = apply_event(night, earlier)
        except RuleError as error:
            raise error.at(event=count - 1) from None
    raise NotAChallenge(f"the transcript has {counted(count, 'event')}, numbered 0 to {count - 1}: no event {event}")


def odds_by_step(transcript: Transcript, event: int, policy: str = "best") -> list[StepOdds]:
    """The odds before each step of the challenge, and after its last step."""
    night, spec = challenge_at(transcript, event)
    try:
        state, _ = start_challenge(night, spec)
    except RuleError as error:
        raise error.at(event=event) from None
    shown = []
    for index, step in enumerate(spec.steps):
        shown.append(StepOdds(index, step, challenge_odds(state, policy), state))
        try:
            state, _ = apply(state, step)
        except RuleError as error:
            raise error.at(event=event, step=index) from None
    shown.append(StepOdds(len(spec.steps), None, challenge_odds(state, policy), state))
    return shown
