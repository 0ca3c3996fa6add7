"""The players' portal (`larp portal`): a web application where each player sees her own
characters, asks for purchases, writes downtime and free change requests, and reads the answers.

It is a peer of the station: it calls the desk and renders, and holds no game state of its own,
only its players, sign-in tokens, sessions and requests (larp.portal.store), in a file beside the
night record. What staff approve becomes the season's own operation, written by the desk.
"""
