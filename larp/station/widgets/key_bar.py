"""The keys that apply now, along the bottom: what the rules allow, and nothing else.

Drawn as one line of text rather than a widget per key, so that a key pressed during a
challenge redraws it at once; a click on a key presses it. Where the keys don't fit on one
line (80×24), they take two or more, each key whole on one.
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

    keys: reactive[tuple[Content, ...]] = reactive(())
    """The keys, each a link that presses it, the palette last."""

    def render(self) -> Content:
        return Content("\n").join(self.lines())

    def lines(self) -> list[Content]:
        """The keys, as many on a line as the width holds, a space between them."""
        lines: list[list[Content]] = [[]]
        used = 0
        for key in self.keys:
            if lines[-1] and used + 1 + key.cell_length > self.size.width:
                lines.append([])
                used = 0
            used += key.cell_length + (1 if lines[-1] else 0)
            lines[-1].append(key)
        return [Content(" ").join(line) for line in lines]

    def watch_keys(self) -> None:
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """As many lines as the keys need at this width (laid out again only when that changes)."""
        lines = len(self.lines())
        if self.size.width and self.styles.height.value != lines:
            self.styles.height = lines

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
                palette = f" [$text-muted]│[/]{shown}palette[/]"
            elif binding.show and active.enabled:
                keys.append(f"{shown}{escape(binding.description)}[/]")
        self.keys = tuple(Content.from_markup(key) for key in (*keys, palette) if key)
