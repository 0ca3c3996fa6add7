"""`larp odds --system … --pool N`: a pool's exact odds, as text with a bar chart or as JSON."""

import json

from larp.cli.exits import fail


def show_pool_odds(args) -> int:
    from larp.rules import RuleError
    from larp.rules.dice import StorytellerOptions, StorytellingOptions
    from larp.rules.dice.odds import chart, odds

    if args.system is None or args.pool is None:
        return fail("odds", "a pool's odds need both --system (storyteller or storytelling) and --pool N")
    if args.pool > 200 or args.pool < -50:
        return fail("odds", f"--pool {args.pool}: give a pool from -50 to 200 dice")
    try:
        if args.system == "storyteller":
            options = StorytellerOptions(difficulty=args.difficulty, willpower=args.willpower, botch=args.botch,
                                         ability=args.ability, ability_cancels_ones=args.ability_cancels_ones)
        else:
            options = StorytellingOptions(again=args.again, rote=args.rote, willpower=args.willpower)
        if args.upto is not None and not 0 <= args.upto <= 500:
            return fail("odds", f"--upto {args.upto}: give 0 to 500 successes")
        found = odds(args.pool, options, args.upto)
    except RuleError as error:
        return fail("odds", f"{error.message} ({error.rule})")
    if args.format == "json":
        print(json.dumps({"pool": args.pool, "options": _options(args), **found.to_json()}, ensure_ascii=False))
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


def _options(args) -> dict:
    if args.system == "storyteller":
        return {"difficulty": args.difficulty, "willpower": args.willpower, "botch": args.botch,
                "ability": args.ability, "ability_cancels_ones": args.ability_cancels_ones}
    return {"again": args.again, "rote": args.rote, "willpower": args.willpower}
