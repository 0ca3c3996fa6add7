"""Staff invite a player: a one-time link (spent only by pressing "Sign me in", so that a mail
reader opening it spends nothing) and a short code, both kept only as keyed hashes."""

from larp.desk import DeskError
from larp.portal.app import Portal
from larp.portal.secrets import keyed, new_code, new_token, shown_code
from larp.portal.sheets import characters_of
from larp.portal.store import CODE_LIFE, LINK_LIFE


def invite(portal: Portal, player: str, url: str) -> list[str]:
    player = " ".join(player.split())
    characters = characters_of(portal.sheets(), player)
    if not characters:
        raise DeskError(f"no character's sheet names {player!r} as her player: the name is the sheets' `player`")
    name = next(iter(characters.values())).player
    token, code = new_token(), new_code()
    portal.store.invite(name)
    portal.store.add_link(keyed(portal.key, token), name, "link")
    portal.store.add_link(keyed(portal.key, code), name, "code")
    names = ", ".join(sorted(sheet.display_name for sheet in characters.values()))
    return [
        f"{name} ({names})",
        f"Link (once, for {LINK_LIFE // 86400} days): {url.rstrip('/')}/in/{token}",
        f"Code (once, for {CODE_LIFE // 60} minutes, with the name {name}): {shown_code(code)}",
    ]


def revoke(portal: Portal, player: str) -> str:
    ended = portal.store.revoke(" ".join(player.split()))
    return f"{player}: {ended} session{'' if ended == 1 else 's'} ended, every unused link and code cancelled"
