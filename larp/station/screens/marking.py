"""Damage marked on a character's Health track, or healed, as the Narrator picks it: the kind,
then how many boxes (D-HEALTH-1, D-HEALTH-4, D-HEALTH-5); on a Mind's Eye Theatre character's
Health Levels, a wound or a heal, then how many (R-HEALTH-2). One entry of the night record."""

from larp.station.modals import NumberScreen, PickScreen

WOUNDS = [
    ("bashing (/): fists, falls", ("bashing", 1)),
    ("lethal (X): blades, bullets", ("lethal", 1)),
    ("aggravated (*): fire, silver, claws", ("aggravated", 1)),
    ("heal bashing", ("bashing", -1)),
    ("heal lethal", ("lethal", -1)),
    ("heal aggravated", ("aggravated", -1)),
]
"""What the Narrator picks from: each kind of damage, marked or healed."""


async def mark_damage(screen, character_id: str):
    """Ask and mark; the entry, or None when the Narrator backs out or the desk refuses (said in a notice)."""
    app = screen.app
    state = app.consult(app.desk.table_character, character_id)
    if state is None:
        return None
    track = state.health
    picked = await app.push_screen_wait(
        PickScreen(
            f"{state.name}'s Health track",
            WOUNDS,
            prompt=f"Health {track.marks} ({track.state}). A worse wound pushes the lighter ones along; "
            "with no box left, damage upgrades the lightest wound (D-HEALTH-4).",
        )
    )
    if picked is None:
        return None
    kind, sign = picked
    amount = await app.push_screen_wait(
        NumberScreen(
            f"{state.name} {'takes' if sign > 0 else 'heals'} {kind} damage",
            "How many boxes?",
            default=1,
            minimum=1,
            maximum=max(track.boxes, 1) * 2,
        )
    )
    if amount is None:
        return None
    entry = app.consult(app.desk.mark, character_id, kind, sign * amount)
    if entry is not None:
        app.notify(entry.summary, title=f"Recorded as {entry.short_id}")
    return entry


async def mark_wounds(screen, character_id: str):
    """Ask and mark wounds on her Health Levels; the entry, or None when the Narrator backs out,
    the desk refuses (said in a notice) or the track has no box to fill or empty."""
    app = screen.app
    track = app.consult(app.desk.wounds, character_id)
    if track is None:
        return None
    name = app.desk.character(character_id).name
    left = track.boxes - track.marked
    choices = [(f"wound: fill the next box ({left} left)", 1)] if left else []
    choices += [(f"heal: empty the last box filled ({track.marked} filled)", -1)] if track.marked else []
    if not choices:
        return None
    sign = await app.push_screen_wait(
        PickScreen(f"{name}'s Health Levels", choices, prompt=f"{track.marks}. Now {track.state} (R-HEALTH-2).")
    )
    if sign is None:
        return None
    amount = await app.push_screen_wait(
        NumberScreen(
            f"{name} {'takes wounds' if sign > 0 else 'heals'}",
            "How many boxes?",
            default=1,
            minimum=1,
            maximum=left if sign > 0 else track.marked,
        )
    )
    if amount is None:
        return None
    entry = app.consult(app.desk.wound, character_id, sign * amount)
    if entry is not None:
        app.notify(entry.summary, title=f"Recorded as {entry.short_id}")
    return entry
