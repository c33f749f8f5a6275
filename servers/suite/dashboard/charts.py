"""Pictures as inline SVG made on the server: no script and no outside file, so the page's policy
(``script-src 'none'``, styles only by hash) holds, and the picture is there before any code could run.

Each picture is an ``<svg role="img">`` named by its ``<title>`` and described by its ``<desc>``, which says
what it shows in words (the numbers themselves are in a table beside it). Colours are presentation
attributes, not ``style=``: the policy refuses inline styles. The drawing is 360 units wide, a phone's
width, so its text is read at its own size there and grows on a wider screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import count

from markupsafe import Markup, escape

WIDTH = 360
INK = "#1b1f24"  # the page's text colour: 16:1 on white
MUTED = "#57606a"
BAR = "#0b5cad"
SECOND = "#1a7f37"
GRID = "#d0d7de"
_ids = count(1)


@dataclass(frozen=True)
class Bar:
    label: str  # a day, a rule, a skill
    value: float
    second: float | None = None  # drawn over the first, narrower: a part of it (recalls that found something)
    note: str = ""  # said beside a row of a row chart


def _frame(title: str, desc: str, height: int, body: list[str]) -> Markup:
    n = next(_ids)
    return Markup(
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="chart{n}-t chart{n}-d"'
        f' xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif" font-size="12">'
        f'<title id="chart{n}-t">{escape(title)}</title><desc id="chart{n}-d">{escape(desc)}</desc>'
        + "".join(body)
        + "</svg>"
    )


def _num(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}"


def columns(title: str, desc: str, bars: Sequence[Bar], *, legend: tuple[str, str] | None = None) -> Markup:
    """Values over time, one column per bar (oldest left); ``legend`` names the two columns of a bar."""
    height, top, bottom, left = 180, 24, 24, 30
    plot_w, plot_h = WIDTH - left - 6, height - top - bottom
    peak = max((b.value for b in bars), default=0) or 1
    step = plot_w / max(1, len(bars))
    body = [
        f'<line x1="{left}" y1="{top + plot_h}" x2="{WIDTH - 6}" y2="{top + plot_h}" stroke="{GRID}"/>',
        f'<line x1="{left}" y1="{top}" x2="{WIDTH - 6}" y2="{top}" stroke="{GRID}" stroke-dasharray="3 3"/>',
        f'<text x="{left - 4}" y="{top + 4}" text-anchor="end" fill="{INK}">{_num(peak)}</text>',
        f'<text x="{left - 4}" y="{top + plot_h}" text-anchor="end" fill="{INK}">0</text>',
    ]
    for i, bar in enumerate(bars):
        w = min(28.0, max(1.0, step * 0.8))  # a few days' columns stay columns, not a wall
        x = left + i * step + (step - w) / 2
        h = plot_h * bar.value / peak
        body.append(f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{BAR}"/>')
        if bar.second:
            h2 = plot_h * bar.second / peak
            body.append(
                f'<rect x="{x + w * 0.25:.1f}" y="{top + plot_h - h2:.1f}" width="{w * 0.5:.1f}" height="{h2:.1f}"'
                f' fill="{SECOND}"/>'
            )
    if bars:
        body.append(f'<text x="{left}" y="{height - 6}" fill="{INK}">{escape(bars[0].label)}</text>')
        if len(bars) > 1:
            body.append(
                f'<text x="{WIDTH - 6}" y="{height - 6}" text-anchor="end" fill="{INK}">{escape(bars[-1].label)}</text>'
            )
    if legend:
        body += [
            f'<rect x="{left}" y="4" width="10" height="10" fill="{BAR}"/>',
            f'<text x="{left + 14}" y="13" fill="{INK}">{escape(legend[0])}</text>',
            f'<rect x="{left + 150}" y="4" width="10" height="10" fill="{SECOND}"/>',
            f'<text x="{left + 164}" y="13" fill="{INK}">{escape(legend[1])}</text>',
        ]
    return _frame(title, desc, height, body)


def rows(title: str, desc: str, bars: Sequence[Bar], *, scale: float | None = None) -> Markup:
    """One labelled bar per row (a rule, a skill); ``scale`` is the full bar's value (1.0 for a rate),
    else the largest value."""
    row_h = 40
    height = max(1, len(bars)) * row_h + 4
    full = scale or max((b.value for b in bars), default=0) or 1
    body: list[str] = []
    for i, bar in enumerate(bars):
        y = i * row_h
        label = bar.label if len(bar.label) <= 52 else bar.label[:51] + "…"
        body.append(f'<text x="0" y="{y + 13}" fill="{INK}">{escape(label)}</text>')
        body.append(f'<rect x="0" y="{y + 18}" width="{WIDTH - 120}" height="12" fill="{GRID}"/>')
        w = (WIDTH - 120) * min(1.0, bar.value / full)
        body.append(f'<rect x="0" y="{y + 18}" width="{w:.1f}" height="12" fill="{BAR}"/>')
        body.append(f'<text x="{WIDTH - 114}" y="{y + 29}" fill="{MUTED}">{escape(bar.note)}</text>')
    return _frame(title, desc, height, body)
