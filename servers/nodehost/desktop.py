"""Clipboard, opening apps/files/URLs and screen capture through the OS's own tools, where the session allows.

| capability   | macOS                   | Wayland            | X11                                      |
|--------------|-------------------------|--------------------|------------------------------------------|
| clipboard    | pbpaste / pbcopy        | wl-paste / wl-copy | xclip, else xsel                         |
| open (URL)   | open                    | xdg-open           | xdg-open                                 |
| launch (app) | open -a                 | gtk-launch         | gtk-launch                               |
| screen       | screencapture (+ Screen Recording permission) | grim | import (ImageMagick), scrot, gnome-screenshot |

Windows: the clipboard (powershell / clip) and opening files or URLs (explorer); nothing else yet.

Detection is a pure function of the platform, the environment and a ``which`` lookup, so it can be tested on
a headless machine; a missing piece is reported by name ("install xclip or xsel", "no graphical session").
Commands are fixed argv lists; user text is only ever an argument or stdin, never parsed by a shell.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from servers.nodehost.errors import Unavailable

Which = Callable[[str], str | None]
COMMAND_TIMEOUT_S = 15.0
MAX_CLIPBOARD_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Backend:
    name: str
    argv: tuple[str, ...]  # "{arg}" is replaced by the target or the output path

    def command(self, arg: str = "") -> list[str]:
        return [arg if part == "{arg}" else part for part in self.argv]


@dataclass(frozen=True)
class Support:
    paste: Backend | None = None
    copy: Backend | None = None
    open: Backend | None = None
    launch: Backend | None = None
    capture: Backend | None = None
    missing: dict[str, str] = field(default_factory=dict)

    def need(self, capability: str) -> Backend:
        backend: Backend | None = getattr(self, capability)
        if backend is None:
            raise Unavailable(self.missing.get(capability, f"{capability} is not available here"))
        return backend


def _first(which: Which, *options: tuple[str, tuple[str, ...]]) -> Backend | None:
    for name, argv in options:
        if which(argv[0]):
            return Backend(name, argv)
    return None


def detect(platform: str, env: Mapping[str, str], which: Which) -> Support:
    if platform == "darwin":
        return Support(
            paste=_first(which, ("pbpaste", ("pbpaste",))),
            copy=_first(which, ("pbcopy", ("pbcopy",))),
            open=_first(which, ("open", ("open", "{arg}"))),
            launch=_first(which, ("open -a", ("open", "-a", "{arg}"))),
            capture=_first(which, ("screencapture", ("screencapture", "-x", "{arg}"))),
            missing={
                "capture": "screencapture is missing",
                "paste": "pbpaste is missing",
                "copy": "pbcopy is missing",
            },
        )
    if platform == "win32":
        ps = ("powershell", "-NoProfile", "-NonInteractive", "-Command")
        return Support(
            paste=_first(which, ("powershell Get-Clipboard", (*ps, "Get-Clipboard -Raw"))),
            copy=_first(which, ("clip", ("clip",))),
            open=_first(which, ("explorer", ("explorer", "{arg}"))),
            missing={
                "launch": "launching an app by name is not supported on Windows yet: open a file or URL instead",
                "capture": "screen capture is not supported on Windows yet",
            },
        )
    wayland, x11 = bool(env.get("WAYLAND_DISPLAY")), bool(env.get("DISPLAY"))
    no_session = "no graphical session: neither WAYLAND_DISPLAY nor DISPLAY is set (nodehost is running headless)"
    support = Support(
        paste=(
            (_first(which, ("wl-paste", ("wl-paste", "--no-newline"))) if wayland else None)
            or (
                _first(which, ("xclip", ("xclip", "-selection", "clipboard", "-o")), ("xsel", ("xsel", "-b", "-o")))
                if x11
                else None
            )
        ),
        copy=(
            (_first(which, ("wl-copy", ("wl-copy",))) if wayland else None)
            or (
                _first(which, ("xclip", ("xclip", "-selection", "clipboard", "-i")), ("xsel", ("xsel", "-b", "-i")))
                if x11
                else None
            )
        ),
        open=_first(which, ("xdg-open", ("xdg-open", "{arg}"))) if wayland or x11 else None,
        launch=_first(which, ("gtk-launch", ("gtk-launch", "{arg}"))) if wayland or x11 else None,
        capture=(
            (_first(which, ("grim", ("grim", "{arg}"))) if wayland else None)
            or (
                _first(
                    which,
                    ("import", ("import", "-window", "root", "{arg}")),
                    ("scrot", ("scrot", "--overwrite", "{arg}")),
                    ("gnome-screenshot", ("gnome-screenshot", "-f", "{arg}")),
                )
                if x11
                else None
            )
        ),
    )
    tools = {
        "paste": "wl-clipboard (wl-paste) on Wayland, or xclip / xsel on X11",
        "copy": "wl-clipboard (wl-copy) on Wayland, or xclip / xsel on X11",
        "open": "xdg-utils (xdg-open)",
        "launch": "gtk-launch (GTK 3)",
        "capture": "grim on Wayland, or ImageMagick (import), scrot or gnome-screenshot on X11",
    }
    missing = {}
    for capability, install in tools.items():
        if getattr(support, capability) is None:
            prefix = f"{no_session}; it also needs " if not (wayland or x11) else "missing: install "
            missing[capability] = prefix + install
    return Support(support.paste, support.copy, support.open, support.launch, support.capture, missing)


def current() -> Support:
    return detect(sys.platform, os.environ, shutil.which)


def _run(argv: list[str], *, stdin: bytes | None = None) -> bytes:
    try:
        done = subprocess.run(
            argv, input=stdin, capture_output=True, timeout=COMMAND_TIMEOUT_S, check=False, start_new_session=True
        )
    except FileNotFoundError:
        raise Unavailable(f"{argv[0]} is not installed") from None
    except subprocess.TimeoutExpired:
        raise Unavailable(f"{argv[0]} did not finish within {COMMAND_TIMEOUT_S:g} s") from None
    if done.returncode != 0:
        detail = done.stderr.decode("utf-8", errors="replace").strip()[:500]
        raise Unavailable(f"{argv[0]} failed (exit {done.returncode}): {detail or 'no message'}")
    return done.stdout


def paste(support: Support) -> tuple[str, str]:
    backend = support.need("paste")
    data = _run(backend.command())[:MAX_CLIPBOARD_BYTES]
    return data.decode("utf-8", errors="replace"), backend.name


def copy(support: Support, text: str) -> str:
    backend = support.need("copy")
    _run(backend.command(), stdin=text.encode("utf-8"))
    return backend.name


def open_target(support: Support, target: str, *, app: bool) -> str:
    backend = support.need("launch" if app else "open")
    _run(backend.command(target))
    return backend.name


def capture(support: Support, path: str) -> str:
    backend = support.need("capture")
    _run(backend.command(path))
    if not os.path.isfile(path):
        raise Unavailable(f"{backend.name} reported success but wrote no image (is screen recording permitted?)")
    return backend.name
