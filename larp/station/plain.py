"""What a player, a sheet or a Grapevine file wrote reaches the station's widgets as text, never
as markup: a downtime text `[/bold] Janet asks about the [red]docks` is shown as typed, and a
name holding `[@click=app.quit]` is letters, not a link or a key.

Textual reads a plain `str` given to a Label, a Static, a Button, an Option, a DataTable cell,
a Rich table's cell or a border title as markup, and escaping is not enough (Textual's markup
also substitutes `$variables`). So every text the station shows goes in as a `Text` made by
`plain`; the station's notifications are never markup (StationApp.notify), nor are strings
in Rich tables and groups (the app's console reads no markup)."""

from rich.text import Text


def plain(text: object, style: str = "") -> Text:
    """The text as it stands, in `style`: no square bracket or dollar in it means anything."""
    return text if isinstance(text, Text) else Text(str(text), style=style)
