"""Chronicle folders made for the card tests and the card benchmark."""

from pathlib import Path

# Words that are on a sheet but must never be on its card.
NOTE_MARKER = "Sworn-to-the-Sabbat"
TRAIT_MARKER = "Quicksilverish"


def write_chronicle(folder: Path, characters: int = 12, chronicle_id: str = "nights-of-harrow") -> Path:
    """A chronicle of `characters` characters, with the awkward cases a card must survive."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "chronicle.toml").write_text(
        f'id = "{chronicle_id}"\nname = "Nights of Harrow"\n', encoding="utf-8"
    )
    for number in range(characters):
        (folder / f"c{number:04}.toml").write_text(sheet_toml(number), encoding="utf-8")
    return folder


def sheet_toml(number: int) -> str:
    special = {
        0: ('Marguerite-Dubois.2', "Marguerite Dubois", "Ana Li", "vampire", "Toreador"),
        1: ("brother_ambrose", "Brother Ambrose of the Ninth Ember, Keeper of Saint Olave",
            "Tomás Øvergård-Łukasiewicz", "werewolf", "Silent Striders"),
        2: ("zoe", 'Zoë "Moth" Caldera', "", "changeling", "Sluagh"),
    }
    ident, name, player, creature, lineage = special.get(
        number, (f"character-{number}", f"Character Number {number}", f"Player {number}", "mortal", "")
    )
    public = ["Keeper of Elysium at the Art Institute", "Carries a silver-headed cane"]
    if number == 1:
        public = [f"A public line, number {line}, long enough to need wrapping on a card" for line in range(8)]
    return f'''id = "{ident}"
name = {name!r}
player = "{player}"
creature = "{creature}"
lineage = "{lineage}"
public = {public!r}
notes = "{NOTE_MARKER}: she answers to the Bishop"

[traits]
physical = {{ {TRAIT_MARKER} = 2, Tough = 1 }}
social = {{ Alluring = 3 }}
mental = {{ Clever = 1 }}
'''
