"""The station's widgets: they show what they are given and post messages up; the desk holds the game."""
