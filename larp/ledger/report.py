"""A reconciliation as Markdown or CSV (its JSON is `Reconciliation.to_json()`)."""

import csv
import io
from typing import Iterator

from larp.ledger.reconcile import Change, Reconciliation
from larp.rules import CharacterState, game_time
from larp.rules.tabletop import TableState
from larp.rules.wounds import wounds_text
from larp.sheet import ATTRIBUTES


def describe(state: CharacterState | TableState) -> str:
    """A character's state in one line: totals, what is lost, Willpower, Abilities (a tabletop
    character: Willpower and her Health track)."""
    if isinstance(state, TableState):
        return state.describe()
    parts = [", ".join(f"{c.value.title()} {state.total(c)}" for c in ATTRIBUTES)]
    lost = [f"{c.value.title()} {', '.join(state.lost[c.value])}" for c in ATTRIBUTES if state.lost.get(c.value)]
    if lost:
        parts.append("lost " + "; ".join(lost))
    parts.append(f"Willpower {state.willpower}")
    if state.wounds:
        parts.append(wounds_text(state.wounds))
    if state.abilities:
        parts.append(", ".join(f"{name} {points}" for name, points in state.abilities.items()))
    if state.regained:
        parts.append("regained " + ", ".join(c.title() for c in sorted(state.regained)))
    return "; ".join(parts)


def standing(state: CharacterState | TableState) -> str:
    """After her name, a character who no longer plays: ", retired: left the chronicle"."""
    sheet = state.sheet
    if sheet.status == "active":
        return ""
    return f", {sheet.status}" + (f": {sheet.status_reason}" if sheet.status_reason else "")


def change_line(change: Change) -> str:
    entry = change.entry
    line = f"{game_time(entry.game_time)} {entry.station}"
    if entry.narrator:
        line += f" ({entry.narrator})"
    if change.reversed_by:
        return line + f" [{entry.short_id}] ~~{entry.summary}~~ reversed by {change.reversed_by[:8]} ({change.reversal_reason})"
    return line + f" [{entry.short_id}] {entry.summary}"


def as_markdown(reconciliation: Reconciliation) -> str:
    return "".join(markdown_lines(reconciliation))


def markdown_lines(reconciliation: Reconciliation) -> Iterator[str]:
    """The account as Markdown, a piece at a time (its title first, then each line of an
    account): a long night's is written as it is made, never held whole."""
    r = reconciliation
    yield f"# Night {r.night} of {r.chronicle_name or r.chronicle}: reconciliation\n"
    yield f"\nStations: {', '.join(r.stations) or 'none'}\n\n## Anomalies\n\n"
    for a in r.anomalies:
        yield f"- **{a.kind}** {a.message} [{a.entry.short_id}, station {a.entry.station}, {game_time(a.entry.game_time)}]\n"
    if not r.anomalies:
        yield "None.\n"
    if r.differences:
        yield "\n## Differences with the paper sheets\n\n"
        yield from (f"- {difference}\n" for difference in r.differences)
    for cid, night in r.characters.items():
        yield f"\n## {night.name} ({cid}){standing(night.end)}\n\n- Start: {describe(night.start)}\n"
        yield from (f"- {change_line(change)}\n" for change in night.changes)
        yield f"- End: {describe(night.end)}\n"


def as_csv(reconciliation: Reconciliation) -> str:
    return "".join(csv_lines(reconciliation))


def csv_lines(reconciliation: Reconciliation) -> Iterator[str]:
    """One row per line of the account: character, row (anomaly, difference, start, change, end), …;
    a row at a time."""
    out = io.StringIO()
    rows = csv.writer(out, lineterminator="\n")

    def row(*cells) -> str:
        out.seek(0)
        out.truncate()
        rows.writerow(cells)
        return out.getvalue()

    yield row("character", "row", "entry", "station", "narrator", "game_time", "summary")
    for a in reconciliation.anomalies:
        e = a.entry
        yield row(a.character, f"anomaly:{a.kind}", e.id, e.station, e.narrator, game_time(e.game_time), a.message)
    for d in reconciliation.differences:
        yield row(d.character, "difference", "", "", "", "", str(d))
    for cid, night in reconciliation.characters.items():
        yield row(cid, "start", "", "", "", "", describe(night.start))
        for change in night.changes:
            e = change.entry
            summary = e.summary + (f" (reversed by {change.reversed_by})" if change.reversed_by else "")
            yield row(cid, "change", e.id, e.station, e.narrator, game_time(e.game_time), summary)
        yield row(cid, "end", "", "", "", "", describe(night.end))
