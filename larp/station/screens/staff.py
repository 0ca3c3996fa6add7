"""Staff's business at the station (Ctrl+P): the season's conflicts, settled by picking the value
to keep, and the players' requests from the portal, approved, denied or released."""

from pathlib import Path

from larp.controls import one_line
from larp.station.modals import ConfirmScreen, PickScreen, TextScreen

LISTED = 50
"""Waiting requests listed at once: the oldest first."""


async def settle_conflicts(app) -> None:
    """Each field two stations changed at once: every value written, which holds; Enter keeps one."""
    season = app.consult(app.desk.season)
    if season is None:
        return
    found = season.conflicts()
    if not found:
        app.notify("No conflict: every field was changed by one station, or by stations that had heard each other.", title="Conflicts")
        return
    choices = [
        (f"{conflict.name}: {conflict.said} = {conflict.value(op)}  ({'holds now' if op is conflict.holding else 'keep this'}, "
         f"station {op.entry.station}, {op.entry.short_id})", op.entry.id)
        for conflict in found
        for op in conflict.operations
    ]
    prompt = "Two stations changed these without hearing each other; the later holds everywhere until you pick."
    picked = await app.push_screen_wait(PickScreen("Conflicts: the value to keep", choices, prompt=prompt))
    if picked is None:
        return
    entry = app.consult(app.desk.pick, picked)
    if entry is not None:
        app.notify(entry.summary, title=f"Recorded as {entry.short_id}")


async def answer_requests(app) -> None:
    """The players' waiting requests: approve (a purchase is bought), deny with a reason, or
    release the downtime answers to their players."""
    from larp.portal.answering import approve, deny, sheets_now, stale
    from larp.portal.store import PortalStore, portal_file

    where = portal_file(Path(app.desk.ledger.where))
    if not where.exists():
        app.notify("No player has asked anything yet.", title="Players' requests")
        return
    store = PortalStore(where)
    try:
        count, _ = store.counted(state="waiting")
        waiting = store.requests(state="waiting", most=LISTED)
        sheets = sheets_now(app.desk)
        choices = [
            (one_line(f"{r.id}  {r.kind}: {r.character} ({r.player}): {r.said}") + ("  STALE" if stale(sheets, r) else ""), r.id)
            for r in waiting
        ] + [("Release the downtime answers to their players", "release")]
        said = f"{count} waiting." if count <= LISTED else f"{count} waiting: the oldest {LISTED} here, the next as these are answered."
        picked = await app.push_screen_wait(PickScreen("Players' requests", choices, prompt=said))
        if picked is None:
            return
        if picked == "release":
            app.notify(f"{store.release()} downtime answers released to their players", title="Players' requests")
            return
        what = await app.push_screen_wait(PickScreen(f"Request {picked}", [("Approve", "approve"), ("Deny, with a reason", "deny")]))
        by = app.desk.narrator or "staff"
        if what == "approve":
            request = store.request(picked)
            stale_ok = stale(sheets, request) and await app.push_screen_wait(
                ConfirmScreen("The sheet changed since", "The sheet changed since the player asked: approve all the same?", yes="Approve")
            )
            answer = ""
            if request.kind != "purchase":  # a purchase is its own answer; a downtime action or a change is told
                answer = await app.push_screen_wait(TextScreen("The answer the player reads", "What comes of it (Esc: not now)."))
                if answer is None:
                    return
            done = app.consult(approve, app.desk, store, picked, by, answer, bool(stale_ok))
        elif what == "deny":
            reason = await app.push_screen_wait(TextScreen("Why not", "The player reads it."))
            done = None if reason is None else app.consult(deny, store, picked, by, reason)
        else:
            return
        if done is not None:
            app.notify(f"Request {done.id} {done.state}: {done.said}", title="Players' requests")
    finally:
        store.close()
