"""What a screen asks of the station that only the station's navigation can do: a message up,
so that the screen need not know the screen it asks for."""

from textual.message import Message


class CombatWanted(Message):
    """The Dice screen asks for a combat turn, `first` the character it was rolling for."""

    def __init__(self, screen, first: str) -> None:
        super().__init__()
        self.screen = screen
        self.first = first
