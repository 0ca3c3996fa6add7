"""Experience from a sheet (Ctrl+Y): award or spend points with a reason, or buy what the
chronicle's cost table prices. One entry of the night record, reversed from the night log."""

from larp.station.modals import ConfirmScreen, NumberScreen, PickScreen, TextScreen

WHAT = [
    ("Award experience (earned)", "award"),
    ("Spend experience, with the reason", "spend"),
    ("Buy: a Trait, an Ability, Willpower, a Negative Trait off", "buy"),
]
PURCHASES = ["Physical: ", "Social: ", "Mental: ", "Ability: ", "Willpower", "Negative: ", "Discipline: "]
"""What the buying field completes to, as purchases are named."""


async def change_experience(screen, character_id: str):
    """Ask and write; the entry, or None when the Narrator backs out or the desk refuses (said in a notice)."""
    app = screen.app
    sheet = app.consult(app.desk.sheet, character_id)
    if sheet is None:
        return None
    xp = sheet.experience
    what = await app.push_screen_wait(
        PickScreen(f"{sheet.display_name}'s experience", WHAT, prompt=f"Earned {xp.earned:g}, unspent {xp.unspent:g}.")
    )
    if what is None:
        return None
    if what == "buy":
        said = await app.push_screen_wait(
            TextScreen(
                f"{sheet.display_name} buys",
                "Name it as \"Ability: Occult\", \"Physical: Quick\", \"Willpower\" or \"Negative: Clumsy off\": "
                "the chronicle's cost table prices it, and the sheet changes with it.",
                suggestions=[*PURCHASES, *(f"Ability: {name}" for name in getattr(sheet, "abilities", {}))],
            )
        )
        if said is None or not await price_taken(app, sheet, said):
            return None
        entry = app.consult(app.desk.buy, character_id, said)
    else:
        entry = await award_or_spend(app, sheet, what)
    if entry is not None:
        app.notify(entry.summary, title=f"Recorded as {entry.short_id}")
    return entry


async def price_taken(app, sheet, said: str) -> bool:
    """The purchase's price, said before it is taken: the Narrator confirms. A purchase that can't
    be priced goes on to the desk, which refuses it with the reason."""
    from larp.rules.experience import ExperienceError, parse_purchase, priced

    try:
        price = priced(parse_purchase(said), app.desk.experience_rules.costs)
    except ExperienceError:
        return True
    return await app.push_screen_wait(
        ConfirmScreen(
            f"{sheet.display_name} buys {price}?",
            f"{sheet.display_name} has {sheet.experience.unspent:g} unspent. n goes back without buying.",
            yes="Buy",
        )
    )


async def award_or_spend(app, sheet, what: str):
    verb = "earns" if what == "award" else "spends"
    points = await app.push_screen_wait(
        NumberScreen(f"{sheet.display_name} {verb} experience", "How many points?", default=1, minimum=1, maximum=99)
    )
    if points is None:
        return None
    reason = await app.push_screen_wait(
        TextScreen(
            f"{sheet.display_name} {verb} {points}",
            f"Why? The reason goes into {sheet.speech.possessive} experience history.",
            placeholder="the reason",
        )
    )
    if reason is None:
        return None
    call = app.desk.award if what == "award" else app.desk.spend
    return app.consult(call, sheet.id, points, reason)
