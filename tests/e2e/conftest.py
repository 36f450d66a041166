"""Browser-test fixtures: a real server process on a free port, and headless Debian Chromium.

The server runs as `python -m server` in its own process (as on game night) with a throwaway data
directory; it is killed at the end and its log must hold no ERROR line.
"""
import re
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import async_playwright, expect

from tests.helpers import process
from tests.helpers.bounds import EXPECT_MS
from tests.helpers.lan import HOST_RESOLVER_ARG, LAN_HOST, lan_url

ROOT = process.ROOT
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", HOST_RESOLVER_ARG]


class ServerProcess(process.ServerProcess):
    """tests.helpers.process's server process on a free port and `tmp_path`/data, answering the LAN name the
    pages use; `start()` returns once it answers. It may be killed and started again on the same port."""

    def __init__(self, tmp_path: Path, card_cache: Path | None = None, module: str = "server",
                 args: tuple[str, ...] = ()):
        # pages may open the server by a LAN name mapped to loopback (Chromium --host-resolver-rules);
        # the server answers only to names it is told about (DNS rebinding, docs/protocol.md).
        # `module`: another module may register rules first; `args`: more options (a test module's SERVER_ARGS)
        super().__init__(process.free_port(), tmp_path / "data", tmp_path / "server.log",
                         extra_args=("--allow-host", LAN_HOST, *args), module=module)
        self.url = self.base                           # for Python clients
        self.page_url = lan_url(self.port)             # for pages: an insecure origin, as on Wi-Fi
        if card_cache is not None:
            # The prepared card pictures (<data-dir>/cache/cards) are shared by every server of the session:
            # each new data directory would otherwise re-encode the whole built-in deck while the test runs.
            (self.data_dir / "cache").mkdir(parents=True, exist_ok=True)
            (self.data_dir / "cache" / "cards").symlink_to(card_cache, target_is_directory=True)

    def start(self) -> None:
        super().start()
        self.wait_ready()

    def kill(self) -> None:
        """SIGKILL, like a pulled plug (nothing if not running)."""
        if self.proc is not None:
            super().kill()
            self.proc = None


@pytest.fixture(autouse=True)
def expect_bound():
    """Every expect() of every page test waits EXPECT_MS for what must appear (tests.helpers.bounds says why),
    set before each test: a module that sets its own at import would otherwise set it for all the others."""
    expect.set_options(timeout=EXPECT_MS)


def served(srv: ServerProcess):
    """For a fixture (`yield from served(srv)`): start `srv`, yield it, kill it at the end; its log must hold
    no ERROR line."""
    try:
        srv.start()
        yield srv
    finally:
        srv.kill()
    errors = srv.error_lines()
    assert not errors, "server logged errors:\n" + "\n".join(errors)


@pytest.fixture(scope="session")
def card_cache(tmp_path_factory):
    """One folder of prepared card pictures for every server of the session."""
    return tmp_path_factory.mktemp("card-cache")


@pytest.fixture
def server_process(tmp_path, card_cache, request):
    """A started ServerProcess (with the test module's `SERVER_ARGS` and `SERVER_MODULE`, if it has them);
    killed at the end, and its log must hold no ERROR line."""
    yield from served(ServerProcess(tmp_path, card_cache, module=getattr(request.module, "SERVER_MODULE", "server"),
                                    args=tuple(getattr(request.module, "SERVER_ARGS", ()))))


@pytest.fixture
def server(server_process):
    """The base URL pages open ("http://game.lan:<port>", mapped to loopback) of a running server."""
    return server_process.page_url


@pytest.fixture
def launch_options():
    """Playwright launch options for Debian's Chromium (Playwright never downloads a browser here)."""
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def output_dir():
    """test-output/ at the repository root (gitignored): screenshots of every phase."""
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    return out


# --- One browser for the whole session, and a small helper to drive the pages -------------------------
# Starting Chromium costs seconds on a small machine; the mode tests share one and open a fresh context
# (its own cookies and localStorage: one phone) per page. Tests that use `browser` or `ui` run on the
# session's event loop: mark them with `pytest.mark.asyncio(loop_scope="session")`.

TV_VIEWPORT = {"width": 1920, "height": 1080}
PHONE_VIEWPORT = {"width": 390, "height": 844}


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser():
    """A headless Debian Chromium shared by every test of the session."""
    async with async_playwright() as pw:
        b = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            await b.close()


class Ui:
    """Opens the TV and phone pages of one test in fresh browser contexts; collects JavaScript errors;
    saves screenshots as test-output/<prefix>-<name>.png."""

    def __init__(self, browser, base: str, out: Path, prefix: str):
        self.browser, self.base, self.out, self.prefix = browser, base, out, prefix
        self.contexts: list = []
        self.errors: list[str] = []

    async def page(self, url: str, viewport: dict, locale: str = "en-US", mobile: bool = False):
        context = await self.browser.new_context(viewport=viewport, locale=locale, is_mobile=mobile, has_touch=mobile)
        self.contexts.append(context)
        page = await context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"{url}: {exc}"))
        await page.goto(f"{self.base}{url}")
        return page

    async def tv(self, locale: str = "en-US"):
        """The TV page on a new room: (page, room code)."""
        tv = await self.page("/tv", TV_VIEWPORT, locale)
        code_el = tv.get_by_test_id("room-code")
        await expect(code_el).to_have_text(re.compile(r"^[A-HJKMNP-Z]{4}$"))
        return tv, (await code_el.text_content()).strip()

    async def seat_page(self, code: str, token: str, locale: str = "en-US", viewport: dict | None = None):
        """A phone page (`viewport`: PHONE_VIEWPORT by default) holding a seat's `token` (the seat a socket took),
        as that player's phone or a second tab of the seat."""
        context = await self.browser.new_context(viewport=viewport or PHONE_VIEWPORT, locale=locale, is_mobile=True,
                                                 has_touch=True)
        self.contexts.append(context)
        await context.add_init_script(f"localStorage.setItem('imaginarium.token.{code}', '{token}')")
        page = await context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"seat page: {exc}"))
        await page.goto(f"{self.base}/join/{code}")
        return page

    async def child(self, code: str, name: str, locale: str = "en-US", viewport: dict | None = None):
        """A kids' child's own phone taking the place the adult added for her (the join page's open places): the
        first tap asks ("Play as Olya? Tap again"), the second takes it; the phone is in the lobby."""
        phone = await self.page(f"/join/{code}", viewport or PHONE_VIEWPORT, locale, mobile=True)
        named = phone.locator(".seat-btn").filter(has=phone.get_by_text(name, exact=True))
        seat = await named.get_attribute("data-seat")
        place = phone.locator(f'.seat-btn[data-seat="{seat}"]')
        await place.click()
        await expect(place).to_have_attribute("data-asking", "true")
        await expect(phone.get_by_test_id("phone-lobby")).to_have_count(0)   # the first tap took nothing
        await place.click()
        await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
        return phone

    async def phone(self, code: str, name: str, colour: str, locale: str = "en-US", viewport: dict | None = None):
        """A phone (`viewport`: PHONE_VIEWPORT by default) that joined room `code` as `name` with elephant
        `colour` (it is in the lobby)."""
        phone = await self.page(f"/join/{code}", viewport or PHONE_VIEWPORT, locale, mobile=True)
        await phone.get_by_test_id("name").fill(name)
        await phone.locator(f'[data-testid="colours"] [data-colour="{colour}"]').click()
        await phone.get_by_test_id("join").click()
        await expect(phone.get_by_test_id("phone-lobby")).to_be_visible()
        return phone

    async def start_trio(self, phones: list):
        """The host (`phones[0]`) starts a trio game without special cells; returns the storyteller's page
        once every phone shows the telling screen."""
        await phones[0].get_by_test_id("setting-mode").select_option("trio")
        await phones[0].get_by_test_id("setting-special_cells").uncheck()
        await phones[0].get_by_test_id("start").click()
        storyteller = None
        for phone in phones:
            await expect(phone.get_by_test_id("phone-telling")).to_be_visible()
            if await phone.get_by_test_id("you-tell").count():
                storyteller = phone
        assert storyteller is not None
        return storyteller

    async def add_children(self, adult, tv, children) -> None:
        """The adult's phone switches the lobby to the kids' game and adds `children` ((name, colour) pairs,
        children without a phone, RULES.md §2.5); returns once the TV's roster shows each."""
        await adult.get_by_test_id("setting-mode").select_option("kids")
        for name, colour in children:
            await adult.get_by_test_id("child-name").fill(name)
            await adult.get_by_test_id("child-colours").locator(f'[data-colour="{colour}"]').click()
            await adult.get_by_test_id("add-child").click()
            await expect(tv.get_by_test_id("roster")).to_contain_text(name)

    async def shot(self, page, name: str) -> None:
        # Card pictures are made on first request: wait until every one on the page has loaded (or failed).
        await page.wait_for_function("() => [...document.querySelectorAll('img')].every((i) => i.complete)")
        await page.screenshot(path=str(self.out / f"{self.prefix}-{name}.png"), animations="disabled")

    async def close(self) -> None:
        for context in self.contexts:
            await context.close()


@pytest_asyncio.fixture(loop_scope="session")
async def ui(browser, server, output_dir, request):
    """A Ui on this test's server; closes its pages and fails the test on any JavaScript error."""
    prefix = request.node.name.removeprefix("test_").split("[")[0].replace("_", "-")
    helper = Ui(browser, server, output_dir, prefix)
    try:
        yield helper
    finally:
        await helper.close()
    assert not helper.errors, "JavaScript errors on the pages:\n" + "\n".join(helper.errors)
