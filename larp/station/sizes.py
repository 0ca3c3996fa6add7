"""The terminal sizes the station's screens are laid out for: 80×24 at the least, and up from there."""

WIDE = 100
"""From this many columns a screen is wide: "larp" and "Game time" on the top line, every column of
the night log. Below it, `-narrow`."""
ROOMY = 160
"""From this many columns a screen is `-roomy`: parts stacked on a smaller screen stand side by side."""
TALL = 30
"""From this many rows a screen is tall; below it, `-short`: its parts sit closer together."""
