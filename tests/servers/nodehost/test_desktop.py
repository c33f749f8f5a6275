"""Clipboard, open_app and screen_capture: detection per platform, and clear errors on a headless machine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.nodehost import desktop
from servers.nodehost.errors import Unavailable
from servers.nodehost.host import NodeHost
from servers.nodehost.server import create_server


def which_of(*present: str) -> Callable[[str], str | None]:
    return lambda name: f"/usr/bin/{name}" if name in present else None


def test_headless_linux_names_the_session_and_the_tools() -> None:
    support = desktop.detect("linux", {}, which_of("xclip", "xdg-open", "import"))
    assert support.paste is None and support.capture is None and support.open is None
    assert "neither WAYLAND_DISPLAY nor DISPLAY is set" in support.missing["paste"]
    assert "xclip / xsel" in support.missing["copy"]
    with pytest.raises(Unavailable, match="no graphical session"):
        desktop.paste(support)


def test_x11_prefers_xclip_then_xsel_and_reports_missing_capture() -> None:
    x11 = {"DISPLAY": ":0"}
    support = desktop.detect("linux", x11, which_of("xclip", "xsel", "xdg-open"))
    assert support.paste and support.paste.name == "xclip"
    assert support.paste.command() == ["xclip", "-selection", "clipboard", "-o"]
    assert support.capture is None and support.missing["capture"].startswith("missing: install grim")
    assert desktop.detect("linux", x11, which_of("xsel")).copy == desktop.Backend("xsel", ("xsel", "-b", "-i"))
    shot = desktop.detect("linux", x11, which_of("scrot"))
    assert shot.capture and shot.capture.command("/w/s.png") == ["scrot", "--overwrite", "/w/s.png"]


def test_wayland_uses_wl_clipboard_and_grim() -> None:
    support = desktop.detect("linux", {"WAYLAND_DISPLAY": "wayland-0"}, which_of("wl-paste", "wl-copy", "grim"))
    assert (support.paste and support.paste.name, support.copy and support.copy.name) == ("wl-paste", "wl-copy")
    assert support.capture and support.capture.command("/w/a.png") == ["grim", "/w/a.png"]
    assert "xdg-utils" in support.missing["open"]


def test_macos_and_windows() -> None:
    mac = desktop.detect("darwin", {}, which_of("pbpaste", "pbcopy", "open", "screencapture"))
    assert mac.launch and mac.launch.command("Safari") == ["open", "-a", "Safari"]
    assert mac.capture and mac.capture.command("/x.png") == ["screencapture", "-x", "/x.png"]
    win = desktop.detect("win32", {}, which_of("powershell", "clip", "explorer"))
    assert win.copy and win.capture is None and "Windows" in win.missing["capture"]


class Grant:
    async def __call__(self, message: str, response_type: Any, params: Any, context: Any) -> Any:
        return {"decision": "allow_once"}


async def test_desktop_tools_ask_then_explain_what_is_missing(host: NodeHost) -> None:
    async with Client(create_server(host=host), elicitation_handler=Grant()) as client:
        for tool, args in (
            ("clipboard", {"action": "read"}),
            ("clipboard", {"action": "write", "text": "hi"}),
            ("open_app", {"target": "https://example.com"}),
            ("open_app", {"target": "firefox"}),
            ("screen_capture", {}),
        ):
            with pytest.raises(ToolError, match="no graphical session"):
                await client.call_tool(tool, args)
        with pytest.raises(ToolError, match="outside the workspace"):
            await client.call_tool("open_app", {"target": "/etc/passwd"})
        with pytest.raises(ToolError, match="needs 'text'"):
            await client.call_tool("clipboard", {"action": "write"})
        perms = (await client.call_tool("permissions", {})).structured_content
    assert perms["desktop"]["screen_capture"]["available"] is False
    assert "grim" in perms["desktop"]["screen_capture"]["missing"]
    assert perms["tools"]["clipboard"] == "ask"
