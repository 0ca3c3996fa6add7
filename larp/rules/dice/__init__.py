"""The tabletop dice systems of the same family (RULES.md, D- rules).

Pure like the rest of the engine: the dice rolled are inputs, never drawn here.
"""
