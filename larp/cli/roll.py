"""`larp roll`: a pool of the dice systems, rolled with typed dice or the station's, recorded.

    larp roll "Dexterity + Firearms + 2" --character louis --dice "10 8 3 1 7 9"
    larp roll "Wits + Finance" --character veronica --difficulty 7 --seed 12
    larp roll 5 --again 9

The pool is named from the character's sheet or given as a number. With `--dice` the players
rolled real dice: the faces are read in order, rerolls after the pool; where rerolls are still
owed the command asks for them (at a terminal) or says how many (exit 2). Without `--dice` the
station rolls (`secrets`; `--seed N` for a replay). The result names every die, what it did and
the rule behind it; the roll is an entry of the night record.
"""

import json
import sys
from pathlib import Path

from larp.cli.night_record import add_db_option, failed, narrated

EXIT_MORE_DICE = 2


def register(subparsers) -> None:
    roll = subparsers.add_parser("roll", help="roll a pool of a dice chronicle (typed dice or the station's), and record it")
    roll.add_argument("pool", help='the pool: "Dexterity + Firearms + 2" from the sheet, or a number of dice')
    roll.add_argument("--character", metavar="ID", help="whose sheet names the pool (and spends the Willpower)")
    roll.add_argument("--action", default="", help="what the roll is for, for the night log")
    roll.add_argument("--difficulty", type=int, help="Storyteller System: the difficulty, 2 to 10 (default 6)")
    roll.add_argument("--again", type=int, choices=[10, 9, 8], help="Storytelling System: 10-, 9- or 8-again (default 10)")
    roll.add_argument("--rote", action="store_true", help="Storytelling System: a rote action (failed dice rolled again once)")
    roll.add_argument("--willpower", action="store_true", help="spend a Willpower point on the roll")
    roll.add_argument("--specialty", action="store_true", help="Storytelling System: a Specialty in the pool's Skill (+1)")
    roll.add_argument("--modifier", type=int, default=0, metavar="N", help="dice added (or taken, below 0) by circumstances")
    roll.add_argument("--no-wounds", dest="wounds", action="store_false", help="leave the roller's wound penalty out")
    roll.add_argument("--extended", type=int, metavar="TARGET", help="an extended action: the successes needed in all")
    roll.add_argument("--damage", metavar="ID", help="an attack: the successes are damage on this character's Health track")
    roll.add_argument("--kind", choices=["bashing", "lethal", "aggravated"], default="lethal", help="the damage's kind")
    roll.add_argument("--defense", type=int, default=0, metavar="N", help="dice taken away by the defender's Defense and armor")
    dice = roll.add_mutually_exclusive_group()
    dice.add_argument("--dice", metavar="FACES", help='the faces rolled, in order: "10 8 3 1" (0 counts as 10)')
    dice.add_argument("--seed", type=int, metavar="N", help="the station rolls from this seed (a replay)")
    roll.add_argument("--chronicle", type=Path, metavar="DIR", help="the chronicle folder, when the record has none yet")
    roll.add_argument("--station", help="this station's name")
    roll.add_argument("--narrator", default="", help="the Narrator")
    roll.add_argument("--format", choices=["text", "json"], default="text", help="plain text (default) or JSON")
    add_db_option(roll)
    roll.set_defaults(func=run_roll)


def run_roll(args) -> int:
    from larp.desk import DeskError, RollCall, read_faces, roll_lines
    from larp.desk.roll_call import DEFAULT_DIFFICULTY, SYSTEM_OPTIONS, refuse_other_systems
    from larp.desk.roller import roll_desk

    named = {option for option in ("difficulty", "again") if getattr(args, option) is not None}
    named |= {option for option in ("rote", "specialty") if getattr(args, option)}
    call = RollCall(
        pool=args.pool,
        character=args.character,
        action=args.action,
        difficulty=DEFAULT_DIFFICULTY if args.difficulty is None else args.difficulty,
        again=10 if args.again is None else args.again,
        rote=args.rote,
        willpower=args.willpower,
        specialty=args.specialty,
        modifier=args.modifier,
        wounds=args.wounds,
        target=args.extended,
        damage=args.damage,
        damage_kind=args.kind,
        defense=args.defense,
    )
    try:
        typed = read_faces(args.dice) if args.dice is not None else None
    except DeskError as error:
        return failed("roll", error)
    try:
        with narrated(args, roll_desk(call, args.db, args.chronicle, args.station, args.narrator)) as desk:
            if desk.system in SYSTEM_OPTIONS:
                refuse_other_systems(desk.system, named)
            prepared = desk.prepare(call)
            if typed is not None:
                typed = ask_for_rerolls(desk, prepared, typed)
                if typed is None:
                    return EXIT_MORE_DICE
            entry = desk.roll(prepared, typed, seed=args.seed)
    except DeskError as error:
        return failed("roll", error)
    if args.format == "json":
        print(json.dumps(entry.to_json(), indent=2, ensure_ascii=False))
    else:
        print("\n".join(roll_lines(entry)))
        print(f"Recorded as {entry.short_id}.")
    return 0


def ask_for_rerolls(desk, prepared, typed: list[int]) -> list[int] | None:
    """The typed dice, with the rerolls the players still owe asked for at a terminal; None
    (and a message) when more are owed and nobody is there to ask."""
    from larp.desk import DeskError, read_faces

    while (owed := desk.dice_needed(prepared, typed)) > 0:
        why = f"{owed} more {'die' if owed == 1 else 'dice'} to roll ({desk.why_more(prepared, typed)})"
        if not sys.stdin.isatty():
            print(f"larp roll: {why}: give every face in --dice", file=sys.stderr)
            return None
        try:
            typed += read_faces(input(f"{why}: "))
        except DeskError as error:
            print(f"larp roll: {error}", file=sys.stderr)
        except EOFError:
            return None
    return typed
