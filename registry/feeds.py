"""Atom feeds (RFC 4287) of what the registry publishes: new skills, new versions of every skill, of one
skill, and of one publisher's skills, so a feed reader or a bot can follow them.

    xml = atom(feed, entries)   # bytes, UTF-8 with an XML declaration

ElementTree writes the XML, so every text and attribute is escaped; characters XML 1.0 cannot carry at
all (control characters a description might hold) are dropped first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote
from xml.etree import ElementTree as ET

ATOM = "http://www.w3.org/2005/Atom"
MEDIA_TYPE = "application/atom+xml; charset=utf-8"
ENTRIES = 50
# An empty feed still needs an <updated>: the registry's epoch rather than "now", so it stays the same.
EMPTY_UPDATED = "2000-01-01T00:00:00Z"
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


@dataclass(frozen=True)
class Feed:
    id: str  # the feed's own URL
    title: str
    page: str  # the page it follows (rel="alternate")
    subtitle: str = ""


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    link: str
    updated: str  # RFC 3339, as the store keeps timestamps ("2025-01-31T12:00:00Z")
    author: str
    author_uri: str
    summary: str
    category: str | None = None


def feed_links(name: str | None = None, owner: str | None = None) -> list[tuple[str, str]]:
    """(title, path) of the feeds a page links with rel="alternate": the site's, then the page's own."""
    links = [("New skills", "/feeds/skills.atom"), ("New versions", "/feeds/updates.atom")]
    if name is not None:
        links.append((f"New versions of {name}", f"/feeds/skills/{quote(name)}.atom"))
    if owner is not None:
        links.append((f"New versions by {owner}", f"/feeds/publishers/{quote(owner)}.atom"))
    return links


def atom(feed: Feed, entries: list[Entry]) -> bytes:
    ET.register_namespace("", ATOM)
    root = ET.Element(_q("feed"))
    _add(root, "id", feed.id)
    _add(root, "title", feed.title)
    if feed.subtitle:
        _add(root, "subtitle", feed.subtitle)
    _add(root, "updated", max((e.updated for e in entries), default=EMPTY_UPDATED))
    ET.SubElement(root, _q("link"), rel="self", type="application/atom+xml", href=_clean(feed.id))
    ET.SubElement(root, _q("link"), rel="alternate", type="text/html", href=_clean(feed.page))
    # A feed-level author makes the feed valid even when it has no entries.
    _add(ET.SubElement(root, _q("author")), "name", "Cairn skills registry")
    _add(root, "generator", "Cairn skills registry")
    for entry in entries:
        node = ET.SubElement(root, _q("entry"))
        _add(node, "id", entry.id)
        _add(node, "title", entry.title)
        ET.SubElement(node, _q("link"), rel="alternate", type="text/html", href=_clean(entry.link))
        _add(node, "updated", entry.updated)
        _add(node, "published", entry.updated)
        author = ET.SubElement(node, _q("author"))
        _add(author, "name", entry.author)
        _add(author, "uri", entry.author_uri)
        if entry.category:
            ET.SubElement(node, _q("category"), term=_clean(entry.category))
        _add(node, "summary", entry.summary).set("type", "text")
    return bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))


def _q(tag: str) -> str:
    return f"{{{ATOM}}}{tag}"


def _add(parent: ET.Element, tag: str, text: str) -> ET.Element:
    node = ET.SubElement(parent, _q(tag))
    node.text = _clean(text)
    return node


def _clean(text: str) -> str:
    return _NOT_XML.sub("", text)
