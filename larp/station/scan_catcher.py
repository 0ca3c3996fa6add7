"""Telling a scanned card from keys pressed, on screens whose letters are steps.

A USB scanner types a card's text (`LARP1` and digits) then Enter. On a screen where
`r` throws rock and Enter concludes, that text must not act: a capital letter or a digit
starts a scan, and every key up to Enter is held back and handed over as the scan.
"""

import time

GIVE_UP_SECONDS = 1.0
"""A scan is typed in a burst; keys after a longer pause are keys again."""


class ScanCatcher:
    def __init__(self) -> None:
        self.typed: list[str] = []
        self.last = 0.0

    def catch(self, key: str, character: str | None) -> tuple[bool, str | None]:
        """Whether the key belongs to a scan (and is held back), and the scan's text once Enter ends it."""
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
        if character is not None and (character.isupper() or character.isdigit()):
            self.typed = [character]
            self.last = now
            return True, None
        return False, None


class HoldsScans:
    """For a screen whose letters and Enter are steps: a card scanned there is held back, looked up,
    and handed to `card_scanned`."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.scans = ScanCatcher()

    def on_key(self, event) -> None:
        held, scanned = self.scans.catch(event.key, event.character)
        if not held:
            return
        event.stop()
        event.prevent_default()
        if scanned and self.app.desk is not None:
            found = self.app.consult(self.app.desk.lookup, scanned)
            if found:
                self.card_scanned(found[0])

    def card_scanned(self, sheet) -> None:
        raise NotImplementedError
