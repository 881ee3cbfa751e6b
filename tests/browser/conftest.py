"""Fixtures for tests that drive a real JupyterLab in headless Chromium.

Every test in this directory is marked ``browser``. Without Debian's chromium
(``/usr/bin/chromium``) or the ``playwright`` package they are skipped, unless
``SCHNAPSEN_REQUIRE_BROWSER=1`` is set (as ``.ci/run`` does): then they fail.

Fixtures
--------
``lab``      (function) a :class:`tests.browser.lab.Lab`: this test's own folder in a
             running JupyterLab, holding a copy of the files named by
             ``@pytest.mark.lab_files(...)``; ``open_notebook``, ``run_all``,
             ``screenshot``, ``cell_errors``, ``add_files``, ``base_url``.
``page``     (function) a Playwright ``Page`` in a fresh browser context.
``lab_server`` (package) the :class:`LabServer` shared by the tests here.
``browser``  (package) the Playwright ``Browser`` (Debian's chromium, headless).

On failure the report hook saves a screenshot to ``tests/artifacts/`` and adds
the browser console and the server log tail to the report.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .lab import CHROMIUM, Lab, LabServer, _safe_name, save_screenshot

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]

REQUIRE_ENV = "SCHNAPSEN_REQUIRE_BROWSER"
#: Per-test time limit (s) for browser tests when pytest-timeout is installed.
BROWSER_TEST_TIMEOUT_S = 300

_console_key = pytest.StashKey[list[str]]()


def _require_browser() -> bool:
    return os.environ.get(REQUIRE_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def _skip_or_fail(reason: str) -> None:
    if _require_browser():
        pytest.fail(f"{reason} [{REQUIRE_ENV}=1: failing instead of skipping]", pytrace=False)
    pytest.skip(reason)


def browser_unavailable_reason() -> str | None:
    """Why browser tests cannot run here, or None if they can."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return (
            f"{CHROMIUM} not found: browser tests need Debian's chromium "
            "(apt-get install -y chromium)"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as exc:
        return f"playwright is not importable ({exc}); install the dev extras: make test"
    return None


# --------------------------------------------------------------------------- #
# Collection: mark, time-limit and (maybe) skip everything in this directory
# --------------------------------------------------------------------------- #


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "lab_files(*paths): files/dirs copied into the test's JupyterLab folder "
        "(relative to the test file's dir, then the repo root; or (src, dest) tuples)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = browser_unavailable_reason()
    has_timeout = config.pluginmanager.hasplugin("timeout")
    for item in items:
        if HERE not in Path(item.path).resolve().parents:
            continue
        item.add_marker(pytest.mark.browser)
        if has_timeout and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(BROWSER_TEST_TIMEOUT_S))
        if reason and not _require_browser():
            item.add_marker(pytest.mark.skip(reason=f"{reason}; {REQUIRE_ENV}=1 makes this fail"))


# --------------------------------------------------------------------------- #
# Reports: screenshot + console + server log on failure
# --------------------------------------------------------------------------- #


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    rep: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{rep.when}", rep)
    if rep.when not in ("setup", "call") or not rep.failed:
        return
    funcargs: dict[str, Any] = getattr(item, "funcargs", {})
    page = funcargs.get("page")
    if page is not None:
        try:
            path = save_screenshot(page, f"{_safe_name(item.name)}-FAILED")
            rep.sections.append(("browser screenshot", str(path)))
        except Exception as exc:  # the page may be gone: don't mask the failure
            rep.sections.append(("browser screenshot", f"could not take one: {exc!r}"))
    console = item.stash.get(_console_key, None)
    if console:
        rep.sections.append(("browser console", "\n".join(console[-80:])))
    lab = funcargs.get("lab")
    if isinstance(lab, Lab):
        rep.sections.append(("jupyter server log (tail)", lab.server.log_tail(30)))


# --------------------------------------------------------------------------- #
# Fixtures
# --------------------------------------------------------------------------- #


@pytest.fixture(scope="package")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """One JupyterLab for the tests in this package, with throwaway dirs."""
    reason = browser_unavailable_reason()
    if reason:
        _skip_or_fail(reason)
    server = LabServer.start(tmp_path_factory.mktemp("jupyterlab"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def lab(lab_server: LabServer, request: pytest.FixtureRequest) -> Iterator[Lab]:
    """This test's folder in the running JupyterLab, with its ``lab_files`` copied in."""
    name = _safe_name(request.node.name, 60)
    folder = lab_server.root_dir / f"{name}-{uuid.uuid4().hex[:6]}"
    folder.mkdir(parents=True)
    test_dir = Path(request.node.path).resolve().parent
    the_lab = Lab(
        server=lab_server,
        folder=folder,
        search_path=(test_dir, REPO_ROOT),
        artifact_prefix=_safe_name(request.node.name, 100),
    )
    for marker in request.node.iter_markers("lab_files"):
        the_lab.add_files(*marker.args)
    try:
        yield the_lab
    finally:
        # Each test opened its notebook(s) in a new kernel: stop them.
        lab_server.shutdown_kernels()


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, through Playwright (no Playwright browser download)."""
    reason = browser_unavailable_reason()
    if reason:
        _skip_or_fail(reason)
    from playwright.sync_api import expect, sync_playwright

    from .lab import launch_chromium

    expect.set_options(timeout=20_000)
    with sync_playwright() as pw:
        b = launch_chromium(pw)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (own context: no cookies/storage shared between tests)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(60_000)
    pg = context.new_page()
    console: list[str] = []
    request.node.stash[_console_key] = console
    pg.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    pg.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))
    try:
        yield pg
    finally:
        context.close()
