"""What was printed: each character's card face as last printed, so that `larp cards print
--changed` prints only the cards whose face or serial changed since.

Kept per chronicle in `printed.json` of its card folder (see `larp.cards.store`), as
`{"character id": fingerprint}`, the fingerprint of the card's serial and every line on its face.
"""

import hashlib
import json

from larp.cards.layout import CardFace
from larp.cards.store import card_folder, make_card_folder, write_private

PRINTED_FILE = "printed.json"


def face_print(face: CardFace) -> str:
    said = [face.card.serial, *(text.text for text in face.texts)]
    return hashlib.sha256(json.dumps(said, ensure_ascii=False).encode("utf-8")).hexdigest()[:32]


def printed_prints(chronicle_id: str) -> dict[str, str]:
    try:
        return json.loads((card_folder(chronicle_id) / PRINTED_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def changed_faces(chronicle_id: str, faces: list[CardFace]) -> list[CardFace]:
    """The faces not printed as they are now: a new character, a changed face, a new serial."""
    printed = printed_prints(chronicle_id)
    return [face for face in faces if printed.get(face.card.character) != face_print(face)]


def keep_printed(chronicle_id: str, faces: list[CardFace]) -> None:
    printed = {**printed_prints(chronicle_id), **{face.card.character: face_print(face) for face in faces}}
    text = json.dumps(printed, indent=2, sort_keys=True) + "\n"
    write_private(make_card_folder(chronicle_id) / PRINTED_FILE, text.encode("utf-8"))
