"""The current serial of each character's card; reissuing a card makes the old one revoked.

Kept per chronicle in `serials.json` of its card folder (see `larp.cards.store`),
as `{"character id": serial}`; a character not listed holds card 1.
"""

import json

from larp.cards.store import card_folder, make_card_folder, write_private

SERIALS_FILE = "serials.json"
FIRST_SERIAL = 1


def current_serials(chronicle_id: str) -> dict[str, int]:
    path = card_folder(chronicle_id) / SERIALS_FILE
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def current_serial(chronicle_id: str, character_id: str) -> int:
    return current_serials(chronicle_id).get(character_id, FIRST_SERIAL)


def next_serial(chronicle_id: str, character_id: str) -> int:
    """Issue the character a new card: its serial, one past the current one, is recorded."""
    serials = current_serials(chronicle_id)
    serials[character_id] = serials.get(character_id, FIRST_SERIAL) + 1
    keep_serials(chronicle_id, serials)
    return serials[character_id]


def keep_serials(chronicle_id: str, serials: dict[str, int]) -> None:
    """Write the chronicle's current serials (the event's, once an event's hub has them)."""
    folder = make_card_folder(chronicle_id)
    text = json.dumps(serials, indent=2, sort_keys=True) + "\n"
    write_private(folder / SERIALS_FILE, text.encode("utf-8"))
