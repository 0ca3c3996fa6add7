"""`larp odds --system … --pool N`: a pool's exact odds, as text with a bar chart or as JSON."""

import json

from larp.cli.exits import fail

FEWEST_DICE, MOST_DICE = -50, 200


def show_pool_odds(args) -> int:
    from larp.rules import RuleError
    from larp.rules.dice.odds import chart, odds

    if args.system is None or args.pool is None:
        return fail("odds", "a pool's odds need both --system (storyteller or storytelling) and --pool N")
    if not FEWEST_DICE <= args.pool <= MOST_DICE:
        return fail("odds", f"--pool {args.pool}: give a pool from {FEWEST_DICE} to {MOST_DICE} dice")
    try:
        options = pool_options(args, args.difficulty)
        if args.upto is not None and not 0 <= args.upto <= 500:
            return fail("odds", f"--upto {args.upto}: give 0 to 500 successes")
        found = odds(args.pool, options, args.upto)
    except RuleError as error:
        return fail("odds", f"{error.message} ({error.rule})")
    if args.format == "json":
        print(json.dumps({"pool": args.pool, "options": options_json(args, args.difficulty), **found.to_json()}, ensure_ascii=False))
        return 0
    print(heading(args, found.dice, found.chance_die))
    print("\n".join(chart(found)))
    if args.system == "storyteller" and args.pool >= args.difficulty:
        print("the pool reaches the difficulty: outside combat the Narrator may grant one success without a roll (D-ST-7)")
    return 0


def heading(args, dice: int, chance_die: bool) -> str:
    if args.system == "storyteller":
        said = f"Storyteller: {max(dice, 0)} dice against difficulty {args.difficulty}"
        said += f", botch on {'more 1s than successes' if args.botch == 'more-ones' else 'no success and a 1'}"
        if args.ability_cancels_ones:
            said += f", Ability {args.ability} cancels 1s that would botch"
        return said + (", Willpower: one success" if args.willpower else "")
    said = "Storytelling: a chance die" if chance_die else f"Storytelling: {dice} dice, {args.again}-again"
    if args.willpower:
        said += f" (Willpower's 3 dice with the pool of {args.pool})"
    return said + (", rote" if args.rote and not chance_die else "")


def pool_options(args, difficulty: int):
    """The options of the pool's system; a RuleError says what they can't be."""
    from larp.rules.dice import StorytellerOptions, StorytellingOptions

    if args.system == "storyteller":
        return StorytellerOptions(difficulty=difficulty, willpower=args.willpower, botch=args.botch,
                                  ability=args.ability, ability_cancels_ones=args.ability_cancels_ones)
    return StorytellingOptions(again=args.again, rote=args.rote, willpower=args.willpower)


def options_json(args, difficulty: int) -> dict:
    """The options as `--format json` names them."""
    if args.system == "storyteller":
        return {"difficulty": difficulty, "willpower": args.willpower, "botch": args.botch,
                "ability": args.ability, "ability_cancels_ones": args.ability_cancels_ones}
    return {"again": args.again, "rote": args.rote, "willpower": args.willpower}
