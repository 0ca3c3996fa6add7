"""`larp odds --transcript FILE --event N`: a challenge's odds before each step, as text or JSON."""

import json

from larp.cli.exits import EXIT_FORBIDDEN, fail
from larp.cli.resolve import read_input

POLICIES = {
    "best": "both play to win: at each choice a side takes what gives it the better margin",
    "always": "the loser retests whenever possible (uncancellable first); the winner cancels whenever possible",
}


def show_challenge_odds(args) -> int:
    from larp.rules import CONCLUDE, RuleError, apply, outcome
    from larp.rules.odds import percent
    from larp.rules.odds.replayed import NotAChallenge, odds_by_step
    from larp.sheet import SheetError
    from larp.sheet.streaming import load_long_transcript

    try:
        where = "standard input" if args.transcript == "-" else args.transcript
        transcript = load_long_transcript(read_input(args.transcript), where)
        shown = odds_by_step(transcript, args.event, args.policy)
    except SheetError as error:
        return fail("odds", str(error))
    except NotAChallenge as error:
        return fail("odds", f"--event {args.event}: {error}")
    except RuleError as error:
        try:
            transcript.events.check_rest()  # input that does not fit is told first, as `larp resolve` tells it
        except SheetError as bad:
            return fail("odds", str(bad))
        if args.format == "json":
            print(json.dumps({"error": error.to_json()}))
        return fail("odds", refused(error), EXIT_FORBIDDEN)
    last = shown[-1].state
    winner = outcome(last if outcome(last) else apply(last, CONCLUDE)[0]).winner
    if args.step is not None:
        if not 0 <= args.step < len(shown):
            return fail("odds", f"--step {args.step}: the challenge has {len(shown) - 1} steps; give 0 to {len(shown) - 1}")
        shown = [shown[args.step]]
    if args.format == "json":
        print(json.dumps(as_json(args, shown, winner), ensure_ascii=False))
        return 0
    print("\n".join(as_text(args, shown, winner, percent)))
    return 0


def refused(error) -> str:
    where = f"event {error.event}" + (f", step {error.step}" if error.step is not None else "")
    return f"{where}: refused by {error.rule}: {error.message}"


def describe(step) -> str:
    """A step in a few words."""
    if step is None:
        return "(after the last step)"
    kind, body = next(iter(step.model_dump(exclude_none=True).items()))
    if kind == "throw":
        return f"throw: {body['challenger']} against {body['defender']}"
    if kind == "retest":
        named = body.get("name")
        return f"retest: {body['side']}, {body['source']}" + (f" ({named})" if named else "")
    if kind == "cancel":
        return f"cancel: {body['side']} ({body['ability']})"
    if kind == "declare":
        return f"declare: {body['side']} {body['total']}"
    if kind == "cite":
        return f"cite: {body['side']} cites {body['negative']}"
    if kind == "relent":
        return f"relent: {body}"
    return f"override: {body['reason']}"


def as_text(args, shown, winner, percent) -> list[str]:
    state = shown[0].state
    spec = state.spec
    first, second = state.challenger.name, state.defender.name
    lines = [
        f"Event {args.event}: {spec.kind} {spec.category.value} challenge, {first} (challenger) against {second} (defender)",
        f"Policy {args.policy}: {POLICIES[args.policy]}.",
        "",
    ]
    width = max(24, *(len(describe(row.step)) for row in shown))
    one, other = max(6, len(first)), max(6, len(second))
    lines.append(f"{'odds':>9}  {'then':<{width}}  {first:>{one}}  {second:>{other}}  {'draw':>6}")
    for row in shown:
        label = f"before {row.before}" if row.step is not None else "at last"
        odds = row.odds
        lines.append(
            f"{label:>9}  {describe(row.step):<{width}}  {percent(odds.challenger):>{one}}  "
            f"{percent(odds.defender):>{other}}  {percent(odds.draw):>6}"
        )
    who = "nobody wins" if winner is None else f"{state.side(winner).name} wins"
    lines += ["", f"As recorded, the challenge ends: {who}."]
    return lines


def as_json(args, shown, winner) -> dict:
    state = shown[0].state
    return {
        "event": args.event,
        "policy": args.policy,
        "challenger": state.challenger.character,
        "defender": state.defender.character,
        "steps": [
            {
                "before": row.before,
                "step": row.step.model_dump(mode="json", exclude_none=True) if row.step is not None else None,
                "odds": row.odds.to_json(),
            }
            for row in shown
        ],
        "winner": winner.value if winner else None,
    }
