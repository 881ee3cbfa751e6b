"""End-to-end smoke test of the browser harness: a widget round trip in JupyterLab.

Opens ``smoke.ipynb`` (a Button whose Python callback rewrites an HTML widget),
runs all cells, clicks the button in Chromium and checks the text the kernel
sent back. If this fails, the harness (not the package) is broken.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest

from .lab import Lab


@pytest.mark.lab_files("smoke.ipynb")
def test_button_click_updates_html_widget(lab: Lab, page: Any) -> None:
    from playwright.sync_api import expect

    notebook = lab.open_notebook(page, "smoke.ipynb")
    lab.run_all(page)

    # The kernel is this very interpreter (the project's .venv), started from
    # the kernelspec the harness installs, not some other python on the machine.
    expect(notebook.locator(".jp-OutputArea-output").first).to_have_text(
        re.compile(rf"^\s*kernel: {re.escape(sys.executable)}\s*$")
    )

    html = notebook.locator(".smoke-html .widget-html-content")
    button = notebook.locator(".smoke-button")
    expect(html).to_have_text("not clicked")
    expect(button).to_have_text("Click me")

    button.click()
    expect(html).to_have_text("clicked 1")
    button.click()
    expect(html).to_have_text("clicked 2")

    lab.screenshot(page, "after-clicks")
