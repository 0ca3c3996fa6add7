"""`larp odds --pools A-B [--difficulties C-D]`: a table of pools, each figure the one `--pool N`
gives for that pool alone (exact fractions in JSON, the same percentages in text)."""

import json

import pytest

from larp.cli import main


def odds(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["odds", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "options",
    [
        ["--system", "storyteller", "--willpower", "--botch", "more-ones"],
        ["--system", "storyteller", "--ability", "6", "--ability-cancels-ones"],
        ["--system", "storytelling", "--again", "8", "--rote"],
    ],
)
def test_each_pool_of_the_json_table_is_the_pool_alone(capsys, options):
    storyteller = options[1] == "storyteller"
    spread = ["--difficulties", "4-9"] if storyteller else []
    status, out, _ = odds(capsys, *options, "--pools=-1-20", *spread, "--format", "json")
    assert status == 0
    table = json.loads(out)["table"]
    assert len(table) == 22 * (6 if storyteller else 1)
    for row in table:
        alone = ["--difficulty", str(row["options"]["difficulty"])] if storyteller else []
        assert odds(capsys, *options, "--pool", str(row["pool"]), *alone, "--format", "json")[:2] == (0, json.dumps(row) + "\n")


def test_the_storyteller_table_shows_each_pools_success_and_botch_as_the_pool_alone(capsys):
    status, out, _ = odds(capsys, "--system", "storyteller", "--pools", "1-20", "--difficulties", "4-9")
    assert status == 0
    success, botch = out.split("\n\n")
    row = next(line for line in success.splitlines() if line.startswith("   6 ")).split()
    alone = odds(capsys, "--system", "storyteller", "--pool", "6", "--difficulty", "7")[1].splitlines()[-1]
    # "success  79.94%; botch   3.10%; expected successes 1.958"
    assert alone.split()[1].rstrip(";") == row[4]
    assert alone.split()[3].rstrip(";") == next(line for line in botch.splitlines() if line.startswith("   6 ")).split()[4]


def test_the_storytelling_table_names_the_chance_die(capsys):
    status, out, _ = odds(capsys, "--system", "storytelling", "--pools", "0-3")
    assert status == 0
    assert out.splitlines()[2].startswith("   0    10.00%") and out.splitlines()[2].endswith("a chance die")


@pytest.mark.parametrize(
    "args, said",
    [
        (["--system", "storytelling", "--pools", "1-5", "--difficulties", "4-9"], "--difficulties is a Storyteller System option"),
        (["--system", "storyteller", "--pools", "9-3"], "--pools 9-3: give the lower figure first"),
        (["--system", "storyteller", "--pools", "a lot"], "--pools a lot: give a range such as 1-20"),
        (["--system", "storyteller", "--pools", "1-300"], "give pools from -50 to 200 dice"),
        (["--system", "storyteller", "--pools", "1-5", "--pool", "3"], "not both"),
        (["--system", "storytelling", "--pools", "1-5", "--upto", "3"], "--upto lists one pool's successes"),
    ],
)
def test_a_table_out_of_range_is_refused_naming_the_option(capsys, args, said):
    status, out, err = odds(capsys, *args)
    assert status == 2 and out == "" and said in err
