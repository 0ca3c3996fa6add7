"""The station's screens: each asks the desk, gives its widgets what to show, and reports refusals."""
