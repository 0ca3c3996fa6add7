"""The station's line filter: control characters in what it shows never reach the terminal."""

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from larp.controls import without_controls


class InertControls(LineFilter):
    """A name or an effect holding `\\x1b[2J` is drawn as that text, never sent to the terminal."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(without_controls(segment.text), segment.style, segment.control) if not segment.control else segment
            for segment in segments
        ]
