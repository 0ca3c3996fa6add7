"""The Desk: a station's night, its game clock and its record, behind one object.

Its parts, each in its own module: the core (the record, the chronicle, the
night), writing entries, adjudicating, keeping the night (clock, characters,
reversals), rolling the dice systems, wounds on Health Levels, what comes after the game (bundles, reconciliation,
archiving), experience and check-in at the door (the season), and the event (joining a hub, syncing with it).
"""

from larp.desk.adjudicating import Adjudicating
from larp.desk.afterwards import Afterwards
from larp.desk.combat import Combat
from larp.desk.core import DeskCore
from larp.desk.door import Door
from larp.desk.event import EventSync
from larp.desk.experience import Experiencing
from larp.desk.keeping import Keeping
from larp.desk.rolling import Rolling
from larp.desk.season import BetweenGames
from larp.desk.wounding import Wounding
from larp.desk.writing import Writing


class Desk(Adjudicating, Combat, Rolling, Wounding, Keeping, Experiencing, Door, BetweenGames, Afterwards, EventSync, Writing, DeskCore):
    """See `larp.desk` for the whole API."""
