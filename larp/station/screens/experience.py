"""Experience from a sheet (Ctrl+Y): award or spend points with a reason, or buy what the
chronicle's cost table and catalog price, picked from her offers. One entry of the night record, reversed from the night log."""

from larp.station.modals import ConfirmScreen, NumberScreen, PickScreen, SearchPickScreen, TextScreen

WHAT = [
    ("Award experience (earned)", "award"),
    ("Spend experience, with the reason", "spend"),
    ("Buy: a Trait, an Ability, Willpower, a Negative Trait off, a power, a Background…", "buy"),
]


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
        entry = await bought(app, sheet)
    else:
        entry = await award_or_spend(app, sheet, what)
    if entry is not None:
        app.notify(entry.summary, title=f"Recorded as {entry.short_id}")
    return entry


async def bought(app, sheet):
    """What she buys, picked from what her sheet and the chronicle's catalog offer, its price and
    what it changes said before it is taken; a name the catalog holds no price for is priced
    by the Narrator first. The entry, or None."""
    from larp.rules.experience import points
    from larp.sheet.differences import said

    offers = app.consult(app.desk.purchases_offered, sheet.id)
    if not offers:
        return None
    choices = [(f"{offer.what} · {'needs a price' if offer.price is None else points(offer.price)}", offer) for offer in offers]
    offer = await app.push_screen_wait(
        SearchPickScreen(f"{sheet.display_name} buys", choices, prompt=f"Unspent {sheet.experience.unspent:g}.", placeholder="Auspex, Occult, Willpower…")
    )
    if offer is None:
        return None
    price = None
    if offer.price is None:
        price = await app.push_screen_wait(
            NumberScreen(f"{offer.what} needs a price", "The chronicle's catalog gives it none: what does it cost?", default=1, minimum=1, maximum=99)
        )
        if price is None:
            return None
    made = app.consult(app.desk.priced, sheet.id, offer.what, price)
    if made is None:
        return None
    changes = said(sheet, made.after.model_copy(update={"experience": sheet.experience}))
    spent = f"{points(made.price)} point{'' if made.price == 1 else 's'}"
    taken = await app.push_screen_wait(
        ConfirmScreen(
            f"{sheet.display_name} buys {made.said} ({spent})?",
            f"{changes}. {sheet.display_name} has {sheet.experience.unspent:g} unspent. n goes back without buying.",
            yes="Buy",
        )
    )
    return app.consult(app.desk.buy, sheet.id, offer.what, price) if taken else None


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
