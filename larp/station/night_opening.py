"""Opening the night at the station: the game's modules and the night record read off the
screen's thread, the Narrator's name, the chronicle folder read again, the next night opened."""

import importlib
from pathlib import Path

from textual import work
from textual.worker import Worker, WorkerState, get_current_worker

from larp.station.keymap import keymap_path
from larp.station.modals import ConfirmScreen, NarratorScreen, PickScreen

GAME_MODULES = ("larp.desk", "larp.cards", "larp.station.errors", "larp.station.widgets.sheet_view")
"""Loaded in a thread while the first screen is up: the desk and what the first scan needs."""
READING = "reading the night record…"
"""What the clock bar says while the night record is opened and its night read."""
WARM_AFTER_SECONDS = 1.0
"""The night log and the reconciliation are made this long after the record is open (`warm_screens`)."""
WARMED = ("log", "reconcile")


class NightOpening:
    """The night record opened, named and read again (a mixin of the app)."""

    @work(thread=True, exclusive=True, group="opening", exit_on_error=False)
    def load_game(self):
        """Off the screen's thread: import the game's modules, open the night record and read
        its night. The desk, handed to the screen's thread when the worker is done; None when
        the Narrator's name must be asked first, so that the night's opening entry carries it."""
        for module in GAME_MODULES:
            importlib.import_module(module)
        if self.opening.known_narrator() == "":
            return None
        desk = self.opening.open()
        if get_current_worker().is_cancelled:  # the station closed meanwhile
            desk.close()
            return None
        return desk

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "opening":
            if event.state is WorkerState.SUCCESS:
                self.night_read(event.worker.result)
            elif event.state is WorkerState.ERROR and is_folder_difference(event.worker.error):
                self.decide_folder(event.worker.error)
            elif event.state is WorkerState.ERROR:
                self.not_opened(event.worker.error)
        elif event.state is WorkerState.ERROR:
            self.report(event.worker.error)

    def on_unmount(self) -> None:
        if self.presence is not None:
            self.presence.leave()
        if self.desk is not None and self._given_desk is None:
            self.desk.close()

    def night_read(self, desk) -> None:
        """The night record is open and its night read: the station works on it from now on
        (without a desk, the Narrator's name is asked first, then the record opened with it)."""
        if desk is None:
            self.name_before_opening()
            return
        desk.go_live()
        self.opening_failed = None
        self.desk = desk

    def not_opened(self, error: BaseException) -> None:
        """Why the night record did not open, on the screen until the Narrator fixes it and loads again."""
        from larp.station.errors import notice_of

        self.opening_failed = notice_of(error).message
        self.place = "the night record is not open: fix what the screen says, then Ctrl+L"
        self.refresh_bindings()

    def warm_screens(self) -> None:
        """The night log and the reconciliation made, styled and filled while nobody waits on
        them: their first open (F3, F4) was most of a second on a big night, Textual's styles
        parsed again for the new screen, its widgets laid out, the night reconciled."""
        for mode in WARMED:
            if mode not in self._screen_stacks and self.is_running:
                self._init_mode(mode)
                self._screen_stacks[mode][0]._css_update_count = self._css_update_count

    @work(exclusive=True, group="narrator")
    async def name_before_opening(self) -> None:
        self.opening = self.opening.named(await self.narrator_name(""))
        self.ask_narrator = False
        self.load_game()

    def watch_desk(self) -> None:
        self.read_clock()
        self.refresh_bindings()
        if self.desk is not None:
            self.set_timer(WARM_AFTER_SECONDS, self.warm_screens)
            if self.presence is None:
                self.presence = self.desk.on_screen()
            self.show_place()
            self.check_keymap()
            if self.ask_narrator or not self.desk.narrator:
                self.ask_narrator_name()

    @work(exclusive=True, group="narrator")
    async def ask_narrator_name(self) -> None:
        """The Narrator's name, for a desk already open (the record remembers it for the next time)."""
        name = await self.narrator_name(self.desk.narrator)
        self.consult(self.desk.name_narrator, name)  # taken even where the record can't remember it
        self.ask_narrator = False
        self.show_place()

    async def narrator_name(self, known: str) -> str:
        """The Narrator's name, asked until one is given; `known`, the one to keep with Enter."""
        from larp.desk.narrator import narrator_name

        name = None
        while not name:
            name = self.consult(narrator_name, await self.push_screen_wait(NarratorScreen(known)))
        return name

    def show_place(self) -> None:
        desk = self.desk
        narrator = f" · Narrator {desk.narrator}" if desk.narrator else ""
        closed = "" if self.night_open else " closed: Ctrl+O opens the next"
        self.place = f"{desk.chronicle.name} · night {desk.night_number}{closed} · station {desk.station}{narrator}"

    def check_keymap(self) -> None:
        """Ids in the keymap file that are no key of the station, said once the screens are loaded."""
        from larp.station.screens.help import binding_ids

        for problem in self.keymap.unknown(binding_ids(self), keymap_path()):
            self.notify(problem, title="Your keymap has a mistake", severity="warning", timeout=20)

    def action_reload(self) -> None:
        """Open the night record again after it failed; once open, read the chronicle folder again."""
        if self.desk is None:
            if self.opening_failed is not None:
                self.opening_failed = None
                self.place = READING
                self.load_game()
            return
        self.take_from_folder()

    @work(exclusive=True, group="folder")
    async def take_from_folder(self, wanted: str | None = None) -> list | None:
        """The folder's new and changed sheets, shown before they are taken; a file with a mistake is
        named (file, line, field) and nothing is taken. `wanted`: the character a scanned card named."""
        changes = self.consult(self.desk.folder_changes)
        if changes is None:
            return None
        if wanted is not None and wanted not in [change.sheet.id for change in changes]:
            self.notify(
                f"The card is genuine, but the chronicle folder has no sheet with id {wanted!r}: add that character's file, then scan again.",
                title="Card refused: no such character",
                severity="error",
            )
            return None
        if not changes:
            self.notify("Every sheet in the chronicle folder is as tonight's record has it.", title="Nothing new in the folder")
            return None
        lines = [f"{change.line()} ({Path(change.file).name})" for change in changes]
        sure = await self.push_screen_wait(
            ConfirmScreen(
                "Take these sheets into tonight's record?",
                "\n".join(lines) + "\n\nEach is an entry of the night record; Ctrl+R in the night log reverses it.",
                yes="Take them",
            )
        )
        if not sure:
            return None
        entries = self.consult(self.desk.take, changes)
        if entries:
            self.notify("\n".join(entry.summary for entry in entries), title="Sheets taken from the folder")
        return entries

    @work(exclusive=True, group="folder-edits")
    async def decide_folder(self, differing, opening_next: bool = False) -> None:
        """The chronicle folder differs from the record: the differences shown, the Narrator
        applies the folder's sheets or keeps the record's; Esc opens nothing."""
        lines = "\n".join(difference.line() for difference in differing.differences)
        choice = await self.push_screen_wait(
            PickScreen(
                f"The chronicle folder differs from the record for night {differing.number}",
                [("Apply the folder's sheets (each an entry: who, when, why)", "apply"), ("Keep the record's sheets", "keep")],
                lines + "\n\nEsc opens nothing: fix the folder, then Ctrl+L (or Ctrl+O).",
            )
        )
        if choice is None:
            self.not_opened(differing)
        elif opening_next:
            self.open_night(choice)
        else:
            self.opening = self.opening.deciding(choice)
            self.place = READING
            self.load_game()

    def action_open_night(self) -> None:
        self.open_night(None)

    def open_night(self, folder_edits: str | None) -> None:
        try:
            number = self.desk.open_next_night(folder_edits)
        except Exception as error:  # every failure reaches the Narrator, the folder's differences as a question
            if is_folder_difference(error):
                self.decide_folder(error, opening_next=True)
            else:
                self.report(error)
            return
        if number is not None:
            self.night_open = True
            self.read_clock()
            self.show_place()
            self.refresh_bindings()
            self.notify(f"Night {number} is open at station {self.desk.station}.", title=f"Night {number} opens")


def is_folder_difference(error: BaseException) -> bool:
    from larp.desk.season import FolderDiffers

    return isinstance(error, FolderDiffers)
