"""Reading sheets, chronicles and transcripts from TOML and JSON files.

Every failure is a `SheetError` naming the file, the field and, for TOML, the line.
A transcript needs neither TOML nor the chronicles and tabletop sheets: they are imported
when a file needs them, so that `larp resolve` starts without them; pydantic itself is imported
when a file is first validated (`larp roll` reads chronicle.toml's settings without it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

from larp.sheet.errors import SheetError

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

    from larp.sheet.character import Sheet
    from larp.sheet.chronicle import Chronicle
    from larp.sheet.table import TableSheet
    from larp.sheet.transcript import Transcript

    Model = TypeVar("Model", bound=BaseModel)

CHRONICLE_FILE = "chronicle.toml"
SHEET_LIMIT = 64 * 2**20
"""The largest sheet or chronicle file read (a few kilobytes is usual)."""
_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def field_path(loc: tuple[Any, ...]) -> str:
    """`('events', 3, 'challenge', 'challenge', 'steps', 1)` as `events[3].challenge.steps[1]`.

    A one-key object's key appears twice in pydantic's location (the tag, then the
    field); it is said once.
    """
    path = ""
    previous: Any = None
    for part in loc:
        if part == previous and isinstance(part, str):
            continue
        previous = part
        if isinstance(part, int):
            path += f"[{part}]"
        elif not _PLAIN_KEY.match(str(part)):
            path += f"[{json.dumps(str(part), ensure_ascii=True)}]"
        elif part != "party" or not path.endswith("defender"):
            path += f".{part}" if path else str(part)
    return path


def first_problem(error: ValidationError) -> tuple[tuple[Any, ...], str]:
    detail = error.errors(include_url=False)[0]
    message = detail["msg"].removeprefix("Value error, ")
    if detail["type"] == "extra_forbidden":
        message = "not a field of this object (misspelt?)"
    return detail["loc"], message


def validate(model: type[Model], data: Any, where: str = "", text: str | None = None) -> Model:
    """Validate `data` as `model`; on failure a SheetError naming the field (and line)."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as error:
        loc, message = first_problem(error)
        path = field_path(loc)
        line = None
        if text is not None:
            from larp.sheet.toml_lines import line_of

            line = line_of(text, loc)
        place = where
        if line is not None:
            place += f", line {line}"
        if path:
            place = f"{place}: {path}" if place else path
        raise SheetError(place, message) from None


def read_document(path: Path) -> tuple[Any, str | None]:
    """The parsed content of a TOML or JSON file, and its text when it is TOML."""
    from larp.sheet.strict_json import TooLong, read_bounded

    try:
        raw = read_bounded(path, SHEET_LIMIT)
    except OSError as error:
        raise SheetError(str(path), f"can't be read ({error.strerror or error})") from None
    except TooLong as error:
        raise SheetError(str(path), f"is too large to be a sheet ({error})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SheetError(str(path), f"is not UTF-8 text (byte {error.start})") from None
    if path.suffix.lower() == ".toml":
        import tomllib

        from larp.sheet.toml_reading import loads

        try:
            data = loads(text)
            return (tomllib.loads(text) if data is None else data), text
        except tomllib.TOMLDecodeError as error:
            raise SheetError(str(path), f"is not valid TOML: {error}") from None
        except RecursionError:
            raise SheetError(str(path), "is not valid TOML: nested too deeply") from None
    return parse_json(text, str(path)), None


def parse_json(text: str, where: str) -> Any:
    """JSON text as Python values, strictly (`larp.sheet.strict_json`): a refusal names the line."""
    from larp.sheet.strict_json import BadJson, loads

    try:
        return loads(text)
    except BadJson as error:
        place = f"{where}, line {error.line}" if where and error.line else where or (f"line {error.line}" if error.line else "")
        if error.path:
            place = _at(place, field_path(error.path))
        raise SheetError(place, error.what) from None


def load_sheet(path: Path, system: str = "met") -> "Sheet | TableSheet":
    """A character file, as the sheet of the chronicle's system."""
    from larp.sheet.table import sheet_model

    data, text = read_document(path)
    return validate(sheet_model(system), data, str(path), text)


def load_chronicle_file(path: Path) -> "Chronicle":
    """`chronicle.toml` alone, without the characters beside it."""
    from larp.sheet.chronicle import Chronicle

    data, text = read_document(path)
    return validate(Chronicle, data, str(path), text)


def load_chronicle(folder: Path) -> "Chronicle":
    """A chronicle folder: `chronicle.toml` plus one TOML file per character (subfolders,
    such as other chronicles kept inside it, are not read)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise SheetError(str(folder), "is not a folder (a chronicle is a folder with chronicle.toml)")
    settings = folder / CHRONICLE_FILE
    if not settings.is_file():
        raise SheetError(str(folder), f"has no {CHRONICLE_FILE}")
    chronicle = load_chronicle_file(settings)
    characters = dict(chronicle.characters)
    found_in: dict[str, Path] = {}
    for path in sorted(folder.glob("*.toml")):
        if path.name == CHRONICLE_FILE:
            continue
        sheet = load_sheet(path, chronicle.system)
        if sheet.id in characters:
            first = found_in.get(sheet.id, settings)
            raise SheetError(str(path), f"id {sheet.id!r} is already used by {first.name}")
        characters[sheet.id] = sheet
        found_in[sheet.id] = path
    return chronicle.model_copy(update={"characters": characters})


def load_transcript(text: str, where: str = "", also_known: Callable[[], set[str]] | None = None) -> Transcript:
    """A transcript from JSON text; every character an event names must be among its characters
    (or among `also_known()`, asked only if one is not: the characters a night record knows)."""
    return whole_transcript(parse_json(text, where), where, also_known)


def whole_transcript(data: Any, where: str = "", also_known: Callable[[], set[str]] | None = None) -> Transcript:
    """A transcript from its parsed JSON, validated whole, its cast checked."""
    from larp.sheet.transcript import Transcript  # the events' models: only where a transcript is read

    transcript = validate(Transcript, data, where)
    check_cast(transcript.characters, map(named_characters, transcript.events), where, also_known)
    return transcript


def check_cast(
    sheets: Iterable[Sheet],
    named: Iterable[list[tuple[str, str]]],
    where: str = "",
    also_known: Callable[[], set[str]] | None = None,
) -> None:
    """Each sheet's id once; each character an event names (`named`, event by event) among them,
    or among `also_known()`."""
    known: set[str] = set()
    for index, sheet in enumerate(sheets):
        if sheet.id in known:
            raise SheetError(_at(where, f"characters[{index}].id"), f"{sheet.id!r} is given twice")
        known.add(sheet.id)
    among = "the transcript's characters" + (" or the night record's" if also_known is not None else "")
    for index, characters in enumerate(named):
        for path, character in characters:
            if character not in known and also_known is not None:
                known |= also_known()
                also_known = None
            if character not in known:
                raise SheetError(_at(where, f"events[{index}].{path}"), f"no character {character!r} among {among}")


def named_characters(event: Any) -> list[tuple[str, str]]:
    from larp.sheet.transcript import ChallengeEvent, ChallengeSpec, Party, RegainEvent, WoundEvent

    if isinstance(event, RegainEvent):
        return [("regain.character", event.regain.character)]
    if isinstance(event, WoundEvent):
        return [("wound.character", event.wound.character)]
    if isinstance(event, ChallengeEvent):
        spec: ChallengeSpec = event.challenge
        named = [("challenge.challenger.character", spec.challenger.character)]
        if isinstance(spec.defender, Party):
            named.append(("challenge.defender.character", spec.defender.character))
        return named
    return []


def _at(where: str, path: str) -> str:
    return f"{where}: {path}" if where else path
