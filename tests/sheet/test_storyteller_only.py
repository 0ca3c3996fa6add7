"""`[ST]…[/ST]` text is taken out of what a player reads: nested, unclosed, several and stray
tags, in any case, from names, notes, text fields and public lines; the rest stays as written."""

import pytest

from larp.sheet.character import Sheet
from larp.sheet.named_lists import ListTrait
from larp.sheet.storyteller import for_players, players_text


@pytest.mark.parametrize("text, shown", [
    ("Fame", "Fame"),
    ("Fame [ST]bought with a bribe[/ST]", "Fame"),
    ("[ST]all of it[/ST]", ""),
    ("one [ST]a[/ST] two [ST]b[/ST] three", "one two three"),
    ("out [ST]a [ST]b[/ST] still hidden[/ST] shown", "out shown"),
    ("shown [ST]never closed, so the rest is hidden", "shown"),
    ("shown [ST]a [ST]b[/ST] the outer never closed", "shown"),
    ("stray [/ST]closing tag", "stray closing tag"),
    ("case [st]low[/St] and [ ST ]spaced[/ st ] tags", "case and tags"),
    ("[STR] and [ST-like] are not tags", "[STR] and [ST-like] are not tags"),
    ("a bracket [ alone", "a bracket [ alone"),
    ("line one\n[ST]secret[/ST]\nline two", "line one\n\nline two"),
])
def test_storyteller_only_spans_are_taken_out(text, shown):
    assert players_text(text) == shown


ANN = Sheet(
    id="ann", traits={}, public=["Keeper of Elysium", "[ST]Secretly Sabbat[/ST]", "Harpy [ST](in name only)[/ST]"],
    lists={"Backgrounds": [ListTrait(name="Allies", rating=2, note="the Prince [ST]blackmailed[/ST]"),
                           ListTrait(name="[ST]Herd[/ST]", rating=3)],
           "Derangements": [ListTrait(name="[ST]Paranoia[/ST]")]},
    attributes={"Nature": "Judge", "Path": "[ST]Path of Night[/ST]", "Title": ""},
    notes="[ST]staff notes stay as they are[/ST]",
)


def test_a_players_sheet_loses_every_storyteller_only_text_and_nothing_else():
    shown = for_players(ANN)
    assert shown.public == ["Keeper of Elysium", "Harpy"]
    assert shown.lists == {"Backgrounds": [ListTrait(name="Allies", rating=2, note="the Prince")]}
    assert shown.attributes == {"Nature": "Judge", "Title": ""}
    assert (shown.traits, shown.notes, shown.experience) == (ANN.traits, ANN.notes, ANN.experience)


def test_a_sheet_without_storyteller_text_is_shown_as_it_is():
    plain = Sheet(id="bo", traits={}, public=["Sheriff"], lists={"Status": [ListTrait(name="Feared")]},
                  attributes={"Nature": "Bravo"})
    assert for_players(plain) == plain


def test_a_change_summary_says_named_lists_and_fields_without_storyteller_text():
    from larp.sheet.differences import said

    before = ANN.model_copy(update={"lists": {"Backgrounds": ANN.lists["Backgrounds"][:1]},
                                    "attributes": {"Nature": "Judge", "Path": "Humanity"}})
    summary = said(before, ANN)
    assert "Backgrounds +an item for staff" in summary and "Derangements +an item for staff" in summary
    assert "Path changed" in summary and "Title 'none'" not in summary
    assert "[ST]" not in summary and "Herd" not in summary and "Night" not in summary
    assert said(ANN.model_copy(update={"attributes": {"Nature": "Bravo"}}), ANN.model_copy(
        update={"attributes": {"Nature": "Judge"}})) == "Nature 'Bravo' → 'Judge'"
