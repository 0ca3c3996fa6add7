"""Adjudicating at the desk: a challenge step by step, then one entry; regains; transcripts."""

from typing import Callable

from larp.desk.errors import DeskError, forbidden
from larp.desk.picking import AbilityPick, ability_picks
from larp.desk.summaries import challenge_summary
from larp.ledger import Entry, Kind, lock_to_json, result_to_json
from larp.ledger.bulk import bulk
from larp.rules import (
    CONCLUDE,
    ChallengeState,
    Night,
    Note,
    Offer,
    RuleError,
    apply,
    can_name_defensive,
    finish,
    legal_actions,
    name_defensive,
    outcome,
    play_steps,
    regain,
    start_challenge,
)
from larp.rules.notes import game_time
from larp.rules.odds import Odds, challenge_odds
from larp.sheet import Category
from larp.sheet.transcript import ChallengeEvent, ChallengeSpec, Party, RegainEvent, WoundEvent


class Adjudicating:
    _latest_start: tuple = ()
    _latest_odds: tuple = (None, None, None)
    """The spec last started, and the desk's revision then: nothing to check if neither changed."""

    def start(self, spec: ChallengeSpec) -> tuple[ChallengeState, list[Note]]:
        """A challenge ready for its first step (spec with no steps), at the current game time."""
        self._current()
        self._thrown()
        with forbidden:
            started = start_challenge(self._night_now(), spec)
        self._latest_start = (spec, self.revision)
        return started

    def step(self, state: ChallengeState, step) -> tuple[ChallengeState, list[Note]]:
        """One more step (a transcript step model, or `larp.rules.CONCLUDE`)."""
        with forbidden:
            return apply(state, step)

    def offers(self, state: ChallengeState) -> list[Offer]:
        return legal_actions(state)

    def can_name_defensive(self, state: ChallengeState) -> bool:
        """Whether the Narrator may still name whose action is the more defensive (R-TIE-4)."""
        return can_name_defensive(state)

    def name_defensive(self, state: ChallengeState, side: str) -> tuple[ChallengeState, list[Note]]:
        """The challenge with `side` ("challenger" or "defender") named the more defensive (R-TIE-4)."""
        with forbidden:
            return name_defensive(state, side)

    def ability_picks(self, state: ChallengeState, offer: Offer) -> list[AbilityPick]:
        """The Abilities an Ability retest or cancel may spend: the named one, those that fit, the rest."""
        return ability_picks(state, offer)

    def odds(self, state: ChallengeState, policy: str = "best") -> Odds:
        """Each side's exact chance to win from this state, throws at random (larp.rules.odds).

        The latest answer is kept: the station asks again for the same state at every key."""
        kept_state, kept_policy, _ = self._latest_odds
        if kept_state is not state or kept_policy != policy:
            self._latest_odds = (state, policy, challenge_odds(state, policy))
        return self._latest_odds[2]

    def commit(self, state: ChallengeState, notes: list[Note] = ()) -> Entry:
        """Write the challenge as one adjudication entry (concluding it first if it is not yet).

        Refused if the record changed for its characters since it started.
        """
        decided = outcome(state)
        if decided is None:
            state, more = self.step(state, CONCLUDE)
            notes = [*notes, *more]
            decided = outcome(state)
        self._current()
        night = self.tonight.night(state.clock)
        if self._latest_start != (state.spec, self.revision):
            self._check_unchanged(night, state)
        with forbidden:
            _, result = finish(night, state, notes)
        spec = state.spec
        if list(spec.steps) != list(state.steps):
            spec = spec.model_copy(update={"steps": list(state.steps)})
        payload = {
            "challenge": spec.model_dump(mode="json", exclude_none=True),
            "started": state.clock,
            "result": result_to_json(result),
            "lock": lock_to_json(decided.lock),
        }
        characters = [spec.challenger.character]
        if isinstance(spec.defender, Party):
            characters.append(spec.defender.character)
        return self._write(Kind.ADJUDICATION, challenge_summary(night, spec, result), characters, payload)

    def _thrown(self) -> None:
        if self.system != "met":
            raise DeskError(
                f"{self.chronicle.name} is a {self.system} chronicle: its characters roll dice (the Dice screen, "
                "larp roll) rather than throw challenges"
            )

    def _check_unchanged(self, night: Night, state: ChallengeState) -> None:
        try:
            fresh, _ = start_challenge(night, state.spec)  # the engine plays no steps of a spec
        except RuleError as error:
            fresh, reason = None, error.message
        same = fresh is not None and (fresh.available, fresh.abilities, fresh.willpower, fresh.lock) == (
            state.available,
            state.abilities,
            state.willpower,
            state.lock,
        )
        if not same:
            raise DeskError(
                "the record changed for these characters while the challenge was under way "
                f"({reason if fresh is None else 'another entry was written for them'}): start it again"
            )

    def regain(self, character_id: str, category: Category | str) -> Entry:
        """A Willpower spent to regain every Trait lost in a category, once a night (R-NIGHT-1)."""
        category = Category(category)
        self._current()
        self._thrown()
        try:
            with forbidden:
                _, result = regain(self._night_now(), character_id, category)
        except DeskError as refusal:
            earlier = self.earlier_regain(character_id, category)
            if earlier is None:
                raise
            raise DeskError(f"{refusal}: {regained_when(earlier)}", rule_error=refusal.rule_error) from None
        payload = {"character": character_id, "category": category.value, "result": result_to_json(result)}
        return self._write(Kind.REGAIN, result.notes[0].text, [character_id], payload)

    def earlier_regain(self, character_id: str, category: Category | str) -> Entry | None:
        """Tonight's regain of this category by this character that stands (not reversed), if any."""
        category = Category(category).value
        regains = [entry for entry in self.entries(character=character_id) if entry.kind in (Kind.REGAIN, Kind.REVERSAL)]
        undone = {entry.reverses for entry in regains if entry.kind is Kind.REVERSAL}
        return next(
            (entry for entry in regains if entry.kind is Kind.REGAIN and entry.payload.get("category") == category and entry.id not in undone),
            None,
        )

    def record(self, event) -> Entry:
        """A transcript event, played at this desk as a Narrator would, step by step."""
        if isinstance(event, ChallengeEvent):
            spec = event.challenge
            state, notes = self.start(spec)  # its steps are played below, one by one
            with forbidden:
                state, notes = play_steps(state, spec.steps, notes)
            return self.commit(state, notes)
        if isinstance(event, RegainEvent):
            return self.regain(event.regain.character, event.regain.category)
        if isinstance(event, WoundEvent):
            return self.wound(event.wound.character, event.wound.boxes)
        return self.advance(event.clock.advance_minutes)

    def record_all(self, events, committed: Callable[[Entry], None]) -> None:
        """Every event of a transcript in order, each its own entry in its own transaction;
        `committed` hears of each entry once it is on disk. The next event is played while
        the one before is being written. A refusal is a DeskError placed at its event
        (`rule_error.event`), raised once every entry before it is written."""
        with self.writing_behind(committed, len(events) if hasattr(events, "__len__") else None), bulk():
            for index, event in enumerate(events):
                try:
                    entry = self.record(event)
                except DeskError as error:
                    if error.rule_error is None:
                        raise
                    raise DeskError.forbidden(error.rule_error.at(event=index)) from None
                for done in self._behind.written() if self._behind is not None else [entry]:
                    committed(done)


def regained_when(entry: Entry) -> str:
    """`at station bar, game time 1:25 (entry ab12cd34)`: where and when a regain was recorded."""
    return f"at station {entry.station}, game time {game_time(entry.game_time)} (entry {entry.short_id})"
