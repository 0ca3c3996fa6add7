"""Moving between the station's screens: the modes of the key bar, help, a sheet called up,
and the combat turn asked for from the Dice screen."""

from textual.screen import Screen

from larp.station.wanted import CombatWanted


def night_log_screen() -> Screen:
    from larp.station.screens.log import NightLogScreen

    return NightLogScreen()


def reconcile_screen() -> Screen:
    from larp.station.screens.reconcile import ReconcileScreen

    return ReconcileScreen()


def roster_screen() -> Screen:
    from larp.station.screens.roster import RosterScreen

    return RosterScreen()


def checkin_screen() -> Screen:
    from larp.station.screens.checkin import CheckInScreen

    return CheckInScreen()


def combat_screen(first: str) -> Screen:
    from larp.station.screens.combat import CombatScreen

    return CombatScreen(first=first)


class Navigation:
    """The station's ways from one screen to another (a mixin of the app)."""

    def action_help(self) -> None:
        from larp.station.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_show(self, mode: str) -> None:
        """Go to the sheets, the night log or the reconciliation; a challenge under way waits on the sheets."""
        if getattr(self.screen, "closes_when_left", False):
            self.pop_screen()
        if self.current_mode != mode:
            self.switch_mode(mode)

    def open_sheet(self, character_id: str) -> None:
        """The sheets, with this character's sheet on screen (a challenge under way stays on top)."""
        self.action_show("sheets")
        self.screen_stack[0].show(character_id)

    def on_combat_wanted(self, message: CombatWanted) -> None:
        """A combat turn, from the Dice screen: the Dice screen goes on when the turn is over."""
        self.push_screen(combat_screen(message.first), callback=lambda _: message.screen.turn_over())
