"""Run a throwaway JupyterLab server and drive it from Playwright.

Used by ``tests/browser/conftest.py``; kept free of pytest so that it can also
be used from a script while debugging (see ``python -m tests.browser.lab``).

Facts this relies on are in ``shared/BROWSER-TESTING.md``: the server runs as
its own process group with temporary Jupyter/IPython dirs, ``--allow-root``, an
empty token, a fixed free port with ``port_retries=0`` and
``expose_app_in_browser``; the news toast is switched off through a user
setting; notebooks are opened in a fresh workspace with ``?reset``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = REPO_ROOT / "tests" / "artifacts"

CHROMIUM = os.environ.get("SCHNAPSEN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

KERNEL_NAME = "python3"
KERNEL_DISPLAY_NAME = "Python 3 (ipykernel)"

#: How long to wait for the server to answer /api/status.
SERVER_START_TIMEOUT_S = 90.0
#: How long to wait for a kernel to start / become idle (ms, Playwright units).
KERNEL_TIMEOUT_MS = 90_000
#: How long ``run_all`` waits for all cells to finish (ms).
RUN_ALL_TIMEOUT_MS = 180_000


class LabError(RuntimeError):
    """The JupyterLab server could not be started or misbehaved."""


# --------------------------------------------------------------------------- #
# Server
# --------------------------------------------------------------------------- #


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def _prepare_dirs(base: Path) -> dict[str, str]:
    """Create the temporary Jupyter/IPython dirs; return the env vars for them."""
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "jupyter-config",
        "JUPYTER_DATA_DIR": base / "jupyter-data",
        "JUPYTER_RUNTIME_DIR": base / "jupyter-runtime",
        "IPYTHONDIR": base / "ipython",
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)

    # The kernel must be this interpreter (the project's .venv), whatever
    # kernelspecs the machine has elsewhere: JUPYTER_DATA_DIR comes first on
    # the kernelspec search path, so this "python3" wins.
    _write_json(
        dirs["JUPYTER_DATA_DIR"] / "kernels" / KERNEL_NAME / "kernel.json",
        {
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": KERNEL_DISPLAY_NAME,
            "language": "python",
            "metadata": {"debugger": False},
        },
    )

    # No news / update-check toast (it can cover widgets and steal clicks).
    settings = dirs["JUPYTER_CONFIG_DIR"] / "lab" / "user-settings" / "@jupyterlab"
    _write_json(
        settings / "apputils-extension" / "notification.jupyterlab-settings",
        {"fetchNews": "false", "checkForUpdates": False},
    )
    return {k: str(v) for k, v in dirs.items()}


def _http_get_json(url: str, timeout: float = 2.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


def _http_request(url: str, method: str, timeout: float = 5.0) -> None:
    req = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(req, timeout=timeout):
        pass


@dataclass
class LabServer:
    """A running ``jupyter lab`` process serving ``root_dir``."""

    root_dir: Path
    base_url: str
    proc: subprocess.Popen[bytes]
    log_path: Path
    env: dict[str, str] = field(repr=False)

    # -- lifecycle -------------------------------------------------------- #

    @classmethod
    def start(
        cls,
        workdir: Path,
        *,
        attempts: int = 3,
        timeout: float = SERVER_START_TIMEOUT_S,
        extra_args: Sequence[str] = (),
    ) -> LabServer:
        """Start JupyterLab with its root in ``workdir/root``; wait until it answers.

        ``workdir`` should be an empty temporary directory: the Jupyter config,
        data and runtime dirs, the IPython dir and the server log go there too.
        """
        workdir = Path(workdir)
        root = workdir / "root"
        root.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        env.update(_prepare_dirs(workdir))
        env.pop("JUPYTER_TOKEN", None)
        env.pop("JUPYTER_PATH", None)
        env["PYTHONUNBUFFERED"] = "1"
        # In a venv jupyter_core otherwise puts <venv>/share/jupyter before
        # JUPYTER_DATA_DIR, and the kernelspec written above would lose.
        env["JUPYTER_PREFER_ENV_PATH"] = "0"
        # Chromium is not opened by the server; the tests drive their own.
        env.pop("BROWSER", None)

        last_error = ""
        for attempt in range(1, attempts + 1):
            port = free_port()
            log_path = workdir / f"jupyter-lab-{attempt}.log"
            cmd = [
                sys.executable, "-m", "jupyter", "lab",
                "--no-browser",
                "--allow-root",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={port}",
                "--ServerApp.port_retries=0",
                "--IdentityProvider.token=",
                "--ServerApp.password=",
                f"--ServerApp.root_dir={root}",
                "--LabApp.expose_app_in_browser=True",
                "--LabApp.news_url=None",
                # Loopback-only, no auth: lets shutdown_kernels() DELETE sessions.
                "--ServerApp.disable_check_xsrf=True",
                *extra_args,
            ]  # fmt: skip
            with log_path.open("wb") as log:
                proc = subprocess.Popen(
                    cmd,
                    cwd=root,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # own process group, for teardown
                )
            server = cls(
                root_dir=root,
                base_url=f"http://127.0.0.1:{port}",
                proc=proc,
                log_path=log_path,
                env=env,
            )
            try:
                server._wait_ready(timeout)
                return server
            except LabError as exc:
                last_error = str(exc)
                server.stop()
        raise LabError(f"JupyterLab did not start after {attempts} attempts: {last_error}")

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise LabError(
                    f"jupyter lab exited with code {self.proc.returncode}\n{self.log_tail()}"
                )
            try:
                _http_get_json(f"{self.base_url}/api/status", timeout=2.0)
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError):
                time.sleep(0.2)
        raise LabError(
            f"jupyter lab did not answer /api/status in {timeout:.0f} s\n{self.log_tail()}"
        )

    def stop(self, grace: float = 10.0) -> None:
        """SIGTERM the server (it shuts its kernels down), then kill the group."""
        proc = self.proc
        if proc.poll() is None:
            try:
                proc.send_signal(signal.SIGTERM)
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
            except ProcessLookupError:
                pass
        # Backstop: anything left in the group (kernels, the server itself).
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)

    def __enter__(self) -> LabServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- helpers ----------------------------------------------------------- #

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    def sessions(self) -> list[dict[str, Any]]:
        data = _http_get_json(f"{self.base_url}/api/sessions")
        return list(data)

    def shutdown_kernels(self) -> None:
        """Delete every session (and its kernel); keeps the server running."""
        try:
            for s in self.sessions():
                _http_request(f"{self.base_url}/api/sessions/{s['id']}", "DELETE")
        except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError, KeyError):
            pass


# --------------------------------------------------------------------------- #
# A test's view of the server: its own folder inside the root dir
# --------------------------------------------------------------------------- #


def _safe_name(text: str, limit: int = 80) -> str:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.")
    return (name or "test")[:limit]


FileSpec = str | os.PathLike[str] | tuple[str | os.PathLike[str], str]


def resolve_source(spec: str | os.PathLike[str], search: Iterable[Path]) -> Path:
    """Find a file named in a test: absolute, or relative to one of ``search``."""
    p = Path(spec)
    if p.is_absolute():
        if not p.exists():
            raise FileNotFoundError(p)
        return p
    tried = []
    for base in search:
        cand = base / p
        tried.append(str(cand))
        if cand.exists():
            return cand
    raise FileNotFoundError(f"{spec!s} not found; tried: {', '.join(tried)}")


@dataclass
class Lab:
    """What a browser test gets from the ``lab`` fixture.

    ``folder`` is this test's own directory inside the server's root dir; the
    files the test asked for were copied there, and notebook names given to
    :meth:`open_notebook` are relative to it.
    """

    server: LabServer
    folder: Path
    search_path: tuple[Path, ...] = ()
    artifact_prefix: str = "lab"

    @property
    def base_url(self) -> str:
        return self.server.base_url

    @property
    def rel_folder(self) -> str:
        return self.folder.relative_to(self.server.root_dir).as_posix()

    def path(self, name: str) -> str:
        """Server-side path (relative to the root dir) of ``name`` in this test's folder."""
        return f"{self.rel_folder}/{name}" if self.rel_folder not in ("", ".") else name

    # -- files ------------------------------------------------------------- #

    def add_files(self, *specs: FileSpec) -> list[Path]:
        """Copy files or directories into this test's folder.

        Each spec is a path (copied under its base name) or ``(path, dest)``
        with ``dest`` relative to the folder. Relative paths are looked up in
        the test file's directory, then the repository root.
        """
        copied = []
        for spec in specs:
            src_spec, dest_name = spec if isinstance(spec, tuple) else (spec, None)
            src = resolve_source(src_spec, self.search_path)
            dest = self.folder / (dest_name or src.name)
            dest.parent.mkdir(parents=True, exist_ok=True)
            if src.is_dir():
                shutil.copytree(src, dest, dirs_exist_ok=True)
            else:
                shutil.copy2(src, dest)
            copied.append(dest)
        return copied

    # -- browser ----------------------------------------------------------- #

    def notebook_url(self, name: str, workspace: str | None = None) -> str:
        ws = workspace or f"t-{uuid.uuid4().hex}"
        return f"{self.base_url}/lab/workspaces/{ws}/tree/{quote(self.path(name))}?reset"

    def open_notebook(self, page: Any, name: str, *, timeout_ms: int = KERNEL_TIMEOUT_MS) -> Any:
        """Open ``name`` (relative to this test's folder) in a fresh workspace.

        Returns once its kernel is connected and idle (status bar reads
        ``… | Idle``). Returns a Locator for the notebook panel.
        """
        from playwright.sync_api import expect

        page.goto(self.notebook_url(name), wait_until="domcontentloaded")
        page.wait_for_function(
            "() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=timeout_ms
        )
        self.wait_for_idle(page, path=self.path(name), timeout_ms=timeout_ms)
        panel = page.locator(".jp-NotebookPanel:visible")
        expect(panel).to_have_count(1, timeout=timeout_ms)
        return panel

    def wait_for_idle(
        self, page: Any, *, path: str | None = None, timeout_ms: int = KERNEL_TIMEOUT_MS
    ) -> None:
        """Wait until the current notebook's kernel is connected and idle."""
        from playwright.sync_api import expect

        page.wait_for_function(
            """(path) => {
                const app = window.jupyterapp;
                const w = app && app.shell && app.shell.currentWidget;
                if (!w || !w.sessionContext || !w.context) return false;
                if (path !== null && w.context.path !== path) return false;
                const s = w.sessionContext.session;
                const k = s && s.kernel;
                return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
            }""",
            arg=path,
            timeout=timeout_ms,
            polling=100,
        )
        # What a person sees: the status bar item "Python 3 (ipykernel) | Idle".
        expect(
            page.locator(".jp-StatusBar-Widget").get_by_text(re.compile(r"\|\s*Idle\s*$"))
        ).to_be_visible(timeout=timeout_ms)

    def run_all(
        self, page: Any, *, check_errors: bool = True, timeout_ms: int = RUN_ALL_TIMEOUT_MS
    ) -> None:
        """Run all cells of the current notebook and wait for the kernel to be idle.

        With ``check_errors`` (the default) raise AssertionError if a cell
        produced an error output (a traceback).
        """
        page.evaluate(
            "async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
        )
        page.wait_for_function(
            """() => {
                const w = window.jupyterapp.shell.currentWidget;
                if (!w || !w.content || !w.content.widgets) return false;
                return w.content.widgets.every(c =>
                    c.model.type !== 'code' || c.model.executionCount !== null
                    || c.model.sharedModel.getSource().trim() === '');
            }""",
            timeout=timeout_ms,
            polling=100,
        )
        self.wait_for_idle(page, timeout_ms=timeout_ms)
        if check_errors:
            errors = self.cell_errors(page)
            if errors:
                raise AssertionError("notebook cells raised:\n" + "\n".join(errors))

    def cell_errors(self, page: Any) -> list[str]:
        """``"cell N: Ename: value"`` for every error output in the current notebook."""
        return list(
            page.evaluate(
                """() => {
                    const w = window.jupyterapp.shell.currentWidget;
                    const out = [];
                    w.content.widgets.forEach((c, i) => {
                        if (c.model.type !== 'code') return;
                        const outputs = c.model.outputs.toJSON();
                        for (const o of outputs) {
                            if (o.output_type === 'error') {
                                out.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
                            }
                        }
                    });
                    return out;
                }"""
            )
        )

    def screenshot(self, page: Any, name: str = "", *, full_page: bool = True) -> Path:
        """Save a PNG into tests/artifacts/ and return its path."""
        return save_screenshot(
            page, f"{self.artifact_prefix}{'-' + name if name else ''}", full_page=full_page
        )


def save_screenshot(page: Any, name: str, *, full_page: bool = True) -> Path:
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS_DIR / f"{_safe_name(name, 150)}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def launch_chromium(playwright: Any, *, headless: bool = True) -> Any:
    """Launch Debian's chromium through Playwright with the flags known to work here."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM, headless=headless, args=CHROMIUM_ARGS
    )


if __name__ == "__main__":  # pragma: no cover - manual debugging aid
    import tempfile

    with tempfile.TemporaryDirectory() as tmp, LabServer.start(Path(tmp)) as srv:
        print(f"JupyterLab at {srv.base_url}/lab  (root {srv.root_dir}); Ctrl-C stops it")
        try:
            while srv.proc.poll() is None:
                time.sleep(1)
        except KeyboardInterrupt:
            pass
