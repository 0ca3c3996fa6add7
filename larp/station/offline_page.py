"""The page `larp serve` gives a browser, with nothing from outside this station.

textual-serve's page asks Google's font service for Roboto Mono; a venue often has no internet,
and a player's browser should call nowhere else. textual-serve ships the font itself: the page
takes it from the station's own static folder instead.
"""

import re

from textual_serve.server import Server

FONT_SERVICE = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/>')
STATIC = re.compile(r'href="([^"]*)css/xterm\.css"')
FONT_FACES = """<style>
      @font-face {{ font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
        src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }}
      @font-face {{ font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
        src: url("{static}fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }}
    </style>"""


def offline(page: str) -> str:
    """The page with its font from the station's static folder, not from the font service."""
    static = STATIC.search(page)
    faces = FONT_FACES.format(static=static.group(1) if static else "/static/")
    return FONT_SERVICE.sub(lambda _: faces, page)


class OfflineServer(Server):
    """textual-serve's server, whose page calls nothing outside it."""

    async def handle_index(self, request):
        from aiohttp import web

        response = await super().handle_index(request)
        return web.Response(text=offline(response.text), content_type="text/html", charset="utf-8")
