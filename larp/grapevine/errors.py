"""The one error type of the Grapevine room: a file that can't be read or written, and where."""


class GrapevineError(ValueError):
    """A Grapevine file refused: `source` names the file, `where` the place in it (a line, a
    byte offset, a character), `what` says what is wrong and what to do.
    """

    def __init__(self, source: str, what: str, where: str = "") -> None:
        self.source = source
        self.where = where
        self.what = what
        place = f"{source}, {where}" if where else source
        super().__init__(f"{place}: {what}" if place else what)
