"""The demo Primogen's page in a phone's browser (Playwright driving Debian's Chromium at
360×740): every named list under its heading, no Storyteller-only word in the text nor the HTML,
nothing wider than the phone; a Discipline picked from the purchase's list, priced, asked,
approved by staff (in process, as `larp requests approve` does), and on his page after."""

import re
from contextlib import contextmanager

import pytest

from larp.desk import Desk
from larp.portal.answering import approve
from larp.portal.store import PortalStore, portal_file
from tests.portal.test_browser import CHROMIUM, larp, served, shot  # noqa: F401  (the served portal fixture)

pytestmark = [pytest.mark.browser, pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium")]

GRAHAM = "Graham Lutz"  # Aldous Whitcombe's player
LISTS = ["Disciplines", "Status", "Backgrounds", "Influences", "Merits", "Flaws", "Health Levels", "Equipment"]
SECRETS = ["Sabbat pact", "Kessler", "his ghoul", "[ST]", "[/ST]"]
AURA = "Disciplines: Auspex: Aura Perception"


def under(page, heading: str) -> list[str]:
    """The items' names of the list under `heading`, as the browser shows them."""
    section = page.locator("section.named").filter(has=page.get_by_role("heading", name=heading, exact=True))
    return section.locator(".item").all_inner_texts()


@contextmanager
def on_his_players_phone(env, base: str):
    """A page of Chromium at a phone's 360×740, his player signed in with a fresh link."""
    from playwright.sync_api import sync_playwright

    link = re.search(r"(http\S+/in/\S+)", larp(env, "portal", "invite", GRAHAM, "--url", base))[1]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=1)
            page.goto(link)
            page.get_by_role("button", name="Sign me in").click()
            page.wait_for_url(base + "/")
            yield page
        finally:
            browser.close()


def test_the_primogen_s_lists_on_a_phone_no_storyteller_text_and_a_discipline_bought(served, tmp_path):
    env, base = served
    larp(env, "xp", "award", "aldous", "5", "--reason", "chaired the hearing")
    with on_his_players_phone(env, base) as page:
        page.goto(base + "/c/aldous")
        headings = page.get_by_role("heading", level=2).all_inner_texts()
        assert [name for name in headings if name in LISTS] == LISTS
        text, html = page.inner_text("body"), page.content()
        for secret in SECRETS:
            assert secret not in text and secret not in html, secret
        assert "Prey Exclusion" in under(page, "Flaws") and "Retainers" in under(page, "Backgrounds")
        assert "Ruth Abernathy" in text  # the note, without its Storyteller-only part
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= 360, f"the page is {width} px wide on a 360 px phone"
        shot(page, tmp_path, "primogen")
        assert "Auspex: Aura Perception" not in under(page, "Disciplines")

        page.get_by_label(re.compile("A purchase")).select_option(AURA)
        page.get_by_role("button", name="See its price").click()
        offer = page.inner_text("dl.offer")
        assert "3 experience" in offer and "unspent now: 5" in offer
        assert "Auspex: Aura Perception" in page.inner_text("dl.offer dd:nth-of-type(3)")  # what changes on the sheet
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
        page.get_by_role("button", name="Ask staff for it").click()
        page.wait_for_url(re.compile(r"/c/aldous"))
        assert "waiting" in page.inner_text("#requests ~ ul.requests")

        record = tmp_path / "night.sqlite3"
        store = PortalStore(portal_file(record))
        try:
            (asked,) = store.requests(player=GRAHAM)
            with Desk.open(record, narrator="Mara", open_night=False) as desk:
                assert approve(desk, store, asked.id, "Mara").state == "approved"
        finally:
            store.close()
        page.reload()
        assert "Auspex: Aura Perception" in under(page, "Disciplines")
        assert "approved" in page.inner_text("#requests ~ ul.requests")
        assert "unspent 2" in page.inner_text("p.xp")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360


LONG = "Thaumaturgy:" + "Lure-of-Flames-" * 6


def test_long_names_and_notes_never_make_the_page_wider_than_the_phone(served, tmp_path):
    from larp.sheet.named_lists import ListTrait

    env, base = served
    with Desk.open(tmp_path / "night.sqlite3", tmp_path / "chronicle", station="hall", narrator="Ann", open_night=False) as desk:
        sheet = desk.standing().characters["aldous"]
        lists = {**sheet.lists, "Disciplines": [*sheet.lists["Disciplines"], ListTrait(name=LONG, rating=3, note="x" * 90)]}
        desk.amend(sheet.model_copy(update={
            "name": "Aldous Bartholomew-Fitzwilliam-Whitcombe-of-the-Harbour-Room",
            "lineage": "Ventrue-antitribu-of-the-northern-sound",
            "lists": lists,
            "attributes": {**sheet.attributes, "Path-of-Enlightenment-Traits-as-Grapevine-names-them": "Via-" * 20},
            "public": ["Owns-" * 30],
        }), "a long-named test")
        desk.award("aldous", 2, "Reason-" * 25)
    with on_his_players_phone(env, base) as page:
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360, "home"
        page.goto(base + "/c/aldous")
        assert LONG in page.inner_text("body")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= 360, f"the page is {width} px wide on a 360 px phone"
