"""`larp odds --system … --pools A-B [--difficulties C-D]`: a table of many pools' exact odds,
each figure the same as `--pool N` gives for that pool alone.

Storyteller System: the chance of success, then of a botch, by pool (a row) and difficulty (a
column). Storytelling System: by pool, the chance of success, of a dramatic failure and of an
exceptional success, and the expected successes. `--format json` lists each pool's odds as
`--pool N --format json` prints them, pool by pool, then difficulty by difficulty.
"""

import json
import re

from larp.cli.exits import fail
from larp.cli.pool_odds import FEWEST_DICE, MOST_DICE, options_json, pool_options

LARGEST_TABLE = 2_000
"""Pools times difficulties in one table."""
SPAN = re.compile(r"\s*(-?\d+)\s*(?:-\s*(-?\d+)\s*)?")


def span(text: str, option: str) -> range:
    """ "4-9" or "7" as the whole numbers it covers; a ValueError names the option."""
    found = SPAN.fullmatch(text)
    if found is None:
        raise ValueError(f"{option} {text}: give a range such as 1-20, or one number")
    low = int(found[1])
    high = int(found[2]) if found[2] is not None else low
    if low > high:
        raise ValueError(f"{option} {text}: give the lower figure first, as in 1-20")
    return range(low, high + 1)


def show_odds_table(args) -> int:
    from larp.rules import RuleError
    from larp.rules.dice.odds import odds

    if args.system is None:
        return fail("odds", "a table of odds needs --system (storyteller or storytelling) with --pools")
    if args.pool is not None:
        return fail("odds", "give --pool N (one pool) or --pools A-B (a table), not both")
    if args.upto is not None:
        return fail("odds", "--upto lists one pool's successes: give it with --pool N, not --pools")
    if args.difficulties is not None and args.system != "storyteller":
        return fail("odds", "--difficulties is a Storyteller System option: the Storytelling System has no difficulty")
    try:
        pools = span(args.pools, "--pools")
        difficulties = span(args.difficulties or str(args.difficulty), "--difficulties")
    except ValueError as error:
        return fail("odds", error)
    if pools.start < FEWEST_DICE or pools.stop - 1 > MOST_DICE:
        return fail("odds", f"--pools {args.pools}: give pools from {FEWEST_DICE} to {MOST_DICE} dice")
    if len(pools) * len(difficulties) > LARGEST_TABLE:
        return fail("odds", f"--pools {args.pools}: at most {LARGEST_TABLE:,} pools times difficulties in one table")
    try:
        options = {difficulty: pool_options(args, difficulty) for difficulty in difficulties}
    except RuleError as error:
        return fail("odds", f"{error.message} ({error.rule})")
    table = {(pool, difficulty): odds(pool, options[difficulty]) for pool in pools for difficulty in difficulties}
    if args.format == "json":
        rows = [{"pool": pool, "options": options_json(args, difficulty), **found.to_json()} for (pool, difficulty), found in table.items()]
        print(json.dumps({"table": rows}, ensure_ascii=False))
    elif args.system == "storyteller":
        print("\n".join(storyteller_lines(table, pools, difficulties, args)))
    else:
        print("\n".join(storytelling_lines(table, pools, difficulties.start, args)))
    return 0


def storyteller_lines(table: dict, pools: range, difficulties: range, args) -> list[str]:
    """Two tables, success then botch: a row per pool, a column per difficulty."""
    from larp.rules.dice.odds import percent

    botch = "more 1s than successes" if args.botch == "more-ones" else "no success and a 1"
    options = ", Willpower: one success" if args.willpower else ""
    if args.ability_cancels_ones:
        options += f", Ability {args.ability} cancels 1s that would botch"
    heading = "pool" + "".join(f"  {f'diff {difficulty}':>8}" for difficulty in difficulties)
    lines: list[str] = []
    for title, figure in (("success", lambda found: found.success), (f"a botch ({botch})", lambda found: found.mishap)):
        if lines:
            lines.append("")
        lines += [f"Storyteller: the chance of {title}{options}", heading]
        lines += [f"{pool:>4}" + "".join(f"  {percent(figure(table[pool, difficulty])).strip():>8}" for difficulty in difficulties) for pool in pools]
    return lines


def storytelling_lines(table: dict, pools: range, difficulty: int, args) -> list[str]:
    """A row per pool: success, dramatic failure, exceptional success, expected successes."""
    from larp.rules.dice.odds import percent

    said = f"Storytelling: {args.again}-again" + (", rote" if args.rote else "") + (", Willpower's 3 dice" if args.willpower else "")
    lines = [said, "pool   success  dramatic failure  exceptional (5+)  expected"]
    cell = lambda chance: percent(chance).strip()  # noqa: E731
    for pool in pools:
        found = table[pool, difficulty]
        lines.append(f"{pool:>4}  {cell(found.success):>8}  {cell(found.mishap):>16}  {cell(found.exceptional):>16}"
                     f"  {float(found.expected):8.3f}" + ("  a chance die" if found.chance_die else ""))
    return lines
