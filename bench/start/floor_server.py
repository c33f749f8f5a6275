"""The floor of the start benchmark: a bare fastmcp server with one tool, served over stdio.

Whatever Cairn's servers take beyond this is Cairn's own start cost; this is what any fastmcp server pays.
"""

from __future__ import annotations

from fastmcp import FastMCP

mcp = FastMCP("floor")


@mcp.tool
def echo(text: str) -> str:
    """Return the text unchanged."""
    return text


if __name__ == "__main__":
    mcp.run(show_banner=False)
