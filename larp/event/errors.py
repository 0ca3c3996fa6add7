"""The one error type of the event layer."""


class EventError(Exception):
    """What the hub or the sync can't do, said for a Narrator: what is wrong and what to do.
    Nothing recorded at this station is lost or changed by it."""


class Unreachable(EventError):
    """The hub can't be reached (or stopped answering): the station works offline meanwhile."""
