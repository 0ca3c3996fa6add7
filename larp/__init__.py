"""larp: the Narrator station for Mind's Eye Theatre live-action games."""

__version__ = "0.1.0"
