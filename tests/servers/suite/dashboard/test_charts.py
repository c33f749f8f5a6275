"""The inline SVG pictures: named and described for a screen reader, text escaped, no inline style (the
page's policy refuses it), and a bar's length in proportion to its value."""

from __future__ import annotations

import re

from servers.suite.dashboard.charts import Bar, columns, rows


def test_a_picture_is_an_image_with_a_title_and_a_description() -> None:
    svg = str(
        columns("Recall over time", "Two days: 3 and 1 recalls.", [Bar("2026-11-26", 3, 2), Bar("2026-11-27", 1)])
    )
    named = re.search(r'role="img" aria-labelledby="(chart\d+-t) (chart\d+-d)"', svg)
    assert named
    assert f'<title id="{named.group(1)}">Recall over time</title>' in svg
    assert f'<desc id="{named.group(2)}">Two days: 3 and 1 recalls.</desc>' in svg
    assert "style=" not in svg and "<script" not in svg
    assert "2026-11-26" in svg and "2026-11-27" in svg


def test_text_from_the_users_data_is_escaped() -> None:
    svg = str(rows("Rules", "<desc> & more", [Bar("<script>alert(1)</script>", 0.5, note="1/2 & <b>")], scale=1.0))
    assert "<script>" not in svg and "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    assert "&lt;desc&gt; &amp; more" in svg and "1/2 &amp; &lt;b&gt;" in svg


def test_bars_are_in_proportion_to_their_values() -> None:
    svg = str(rows("Skills", "d", [Bar("a", 4), Bar("b", 1)]))
    widths = [float(w) for w in re.findall(r'<rect x="0" y="\d+" width="([\d.]+)" height="12" fill="#0b5cad"/>', svg)]
    assert len(widths) == 2 and abs(widths[0] / widths[1] - 4) < 0.01
