"""The keys that apply now, along the bottom: what the rules allow, and nothing else.

Drawn as one line of text rather than a widget per key, so that a key pressed during a
challenge redraws it at once; a click on a key presses it.
"""

from textual.content import Content
from textual.markup import escape
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget


class KeyBar(Widget):
    """The screen's active bindings (their `check_action` consulted), shown ones only."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-description-foreground;
        link-style: none;
        link-background-hover: $footer-key-foreground 30%;
        link-style-hover: bold;
    }
    """

    keys: reactive[str] = reactive("")
    """The bar as markup: each key a link that presses it."""

    def render(self) -> Content:
        return Content.from_markup(self.keys)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.show_keys)
        self.show_keys(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def show_keys(self, screen: Screen) -> None:
        if screen is not self.screen:
            return
        keys = []
        palette = ""
        for key, active in screen.active_bindings.items():
            binding = active.binding
            shown = f"[@click=app.simulate_key({key!r})][b $footer-key-foreground] {escape(self.app.get_key_display(binding))} [/]"
            if binding.action == "command_palette":
                palette = f"[$text-muted]│[/]{shown}palette[/]"
            elif binding.show and active.enabled:
                keys.append(f"{shown}{escape(binding.description)}[/]")
        self.keys = " ".join(keys) + "  " + palette
