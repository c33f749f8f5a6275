"""Badges: small two-part SVG images ("cairn | 1.2.0") a README embeds to show a skill's latest version
or downloads, in the shape shields.io made familiar.

    svg = badge("cairn", "1.2.0")              # str, an <svg> document
    svg = badge("cairn", "not found", NOT_FOUND)

Every piece of text is XML-escaped (a label comes from the query string), and the widths come from a table
of the characters' widths in Verdana 11px, so no font has to be measured on the server; ``textLength``
makes a viewer without Verdana squeeze its own font into the same box.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

LIVE = "#1a7f37"  # green: a live latest version
YANKED = "#9a6700"  # amber: nothing live, or deprecated
NOT_FOUND = "#6e7781"  # grey: no such skill
LABEL = "#555"
PADDING = 6
MAX_TEXT = 60

# Approximate advance widths (px) of Verdana at 11px; anything not listed counts as a wide letter.
_NARROW = {c: 3.5 for c in "ijl.,:;|!'` "}
_NARROW.update(dict.fromkeys("frtI()[]{}/-", 4.5))
_WIDE = dict.fromkeys("mwMW@%", 10.5)


def text_width(text: str) -> float:
    width = 0.0
    for char in text:
        if char in _NARROW:
            width += _NARROW[char]
        elif char in _WIDE:
            width += _WIDE[char]
        elif char.isupper():
            width += 7.5
        elif char.isascii():
            width += 6.6
        else:
            width += 11.0  # CJK and other scripts: about a full em
    return width


def badge(label: str, message: str, color: str = LIVE) -> str:
    """An SVG badge; text longer than ``MAX_TEXT`` characters is cut with an ellipsis."""
    label, message = (_shortened(_printable(t)) for t in (label, message))
    left = round(text_width(label) + 2 * PADDING)
    right = round(text_width(message) + 2 * PADDING)
    total = left + right
    title = escape(f"{label}: {message}")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="20" role="img" '
        f"aria-label={quoteattr(f'{label}: {message}')}>"
        f"<title>{title}</title>"
        '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>'
        '<stop offset="1" stop-opacity=".1"/></linearGradient>'
        f'<clipPath id="r"><rect width="{total}" height="20" rx="3" fill="#fff"/></clipPath>'
        f'<g clip-path="url(#r)"><rect width="{left}" height="20" fill="{LABEL}"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{color}"/>'
        f'<rect width="{total}" height="20" fill="url(#s)"/></g>'
        '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">'
        f"{_text(label, left / 2, left - 2 * PADDING)}{_text(message, left + right / 2, right - 2 * PADDING)}"
        "</g></svg>"
    )


def badge_markdown(base_url: str, name: str) -> str:
    """The Markdown a README embeds: the version badge, linking to the skill's page."""
    return f"[![{name} on Cairn skills]({base_url}/badge/{name}.svg)]({base_url}/skills/{name})"


def _text(text: str, middle: float, length: float) -> str:
    shadow = f'<text x="{middle:.1f}" y="15" fill="#010101" fill-opacity=".3" textLength="{length}">'
    front = f'<text x="{middle:.1f}" y="14" textLength="{length}">'
    return f"{shadow}{escape(text)}</text>{front}{escape(text)}</text>"


def _shortened(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def _printable(text: str) -> str:
    """Text XML 1.0 can carry: control characters (which no badge needs) become spaces."""
    return "".join(" " if ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF or ord(c) in (0xFFFE, 0xFFFF) else c for c in text)
