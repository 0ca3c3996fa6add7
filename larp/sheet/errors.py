"""The one error type of the sheet layer."""


class SheetError(ValueError):
    """A sheet, chronicle or transcript that can't be read: says where and what.

    `where` is the file (and line, for TOML) or a path into the document
    (`events[3].challenge.steps[1].retest.source`); `what` says what is wrong.
    """

    def __init__(self, where: str, what: str) -> None:
        self.where = where
        self.what = what
        super().__init__(f"{where}: {what}" if where else what)
