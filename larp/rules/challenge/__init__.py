"""One challenge as a state plus steps: start, apply, legal_actions, outcome."""
