"""Telling a scanned card or a typed name from keys pressed, on screens whose letters are steps.

A USB scanner types a card's text (`LARP1` and digits) then Enter. On a screen where
`r` throws rock and Enter concludes, that text must not act: a capital letter or a digit
starts a scan, and every key up to Enter is held back and handed over as the scan.

A Narrator typing a name there ("rowan") is not taking steps either: a letter that is no
step the screen allows now (the `o` after `r`, which waits for the defender's sign) starts
a typed word, held back the same way with whatever letters came before it.
"""

import time

from textual.widgets import Input, Select

from larp.station.card_scan import is_card

GIVE_UP_SECONDS = 1.0
"""A scan, or a name, is typed in a burst; keys after a longer pause are keys again."""
SHORTEST_NAME = 3
"""Fewer letters before Enter are a stray key, not a name: set aside, and Enter takes its step."""


class ScanCatcher:
    def __init__(self) -> None:
        self.typed: list[str] = []
        self.last = 0.0

    def catch(self, key: str, character: str | None, word: str | None = None) -> tuple[bool, str | None]:
        """Whether the key belongs to a scan or a typed word (and is held back), and the text once
        Enter ends it. `word`: the key is no step now, so a letter starts a word after these letters."""
        now = time.monotonic()
        if self.typed and now - self.last > GIVE_UP_SECONDS:
            self.typed = []
        if self.typed:
            if key == "enter":
                text, self.typed = "".join(self.typed), []
                return True, text
            if character is not None and character.isprintable():
                self.typed.append(character)
                self.last = now
                return True, None
            self.typed = []
            return False, None
        if character is not None and (
            character.isupper() or character.isdigit() or (word is not None and character.isalpha())
        ):
            self.typed = [*(word or ""), character]
            self.last = now
            return True, None
        return False, None


class HoldsScans:
    """For a screen whose letters and Enter are steps: a card scanned, or a name typed, there is
    held back, looked up, and handed to `card_scanned`."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.scans = ScanCatcher()

    def on_key(self, event) -> None:
        word = None if self.scans.typed else self.word_before(event.key)
        held, scanned = self.scans.catch(event.key, event.character, word)
        if not held:
            return
        if not scanned:
            event.stop()
            event.prevent_default()
            return
        if not is_card(scanned) and len(scanned) < SHORTEST_NAME:
            self.notify(
                f"“{scanned}” before Enter was no step, so it was set aside; Enter did what it does here. "
                "F1 lists the keys of this screen.",
                title="A stray key",
                severity="warning",
            )
            return  # the Enter goes on to its step
        event.stop()
        event.prevent_default()
        if self.app.record_not_open():
            return
        found = self.app.consult(self.app.desk.lookup, scanned)
        if found:
            self.card_scanned(found[0])
        elif found is not None:
            self.notify(
                f"“{scanned}” is no step and names nobody. F1 lists the keys of this screen.",
                title="Nobody found",
                severity="warning",
            )

    def word_before(self, key: str) -> str | None:
        """None when `key` is a step this screen allows now; else the letters typed before it
        that it continues as a word ("" for none)."""
        if isinstance(self.focused, (Input, Select)):
            return None  # a field or a list with the focus takes its own keys
        active = self.active_bindings.get(key)
        return None if active is not None and active.enabled else ""

    def card_scanned(self, sheet) -> None:
        raise NotImplementedError
