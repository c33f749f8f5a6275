"""A SKILL.md's code blocks, wide tables and task lists as the pages show them: code highlighted on the
server by its language and escaped, scrollable regions focusable by keyboard, task boxes said in words."""

from __future__ import annotations

from registry.highlight import file_html
from registry.render import markdown_html


def test_a_fenced_block_is_highlighted_by_its_language_and_stays_escaped() -> None:
    html = markdown_html('```python\nimport os  # note\nx = "<script>"\n```\n')
    assert '<pre class="code" tabindex="0"><code class="language-python">' in html
    assert '<span class="kn">import</span>' in html and '<span class="c1"># note</span>' in html
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_an_unknown_or_unnamed_language_is_plain_escaped_text() -> None:
    for source in ("```nosuchlang\n<b>x</b>\n```\n", "    <b>x</b>\n"):
        html = markdown_html(source)
        assert '<pre class="code" tabindex="0">' in html and "&lt;b&gt;x&lt;/b&gt;" in html and "<span" not in html


def test_a_language_name_cannot_inject_markup() -> None:
    html = markdown_html('```"><img src=x onerror=alert(1)>\ncode\n```\n')
    assert "<img" not in html and 'class="language-&quot;&gt;&lt;img"' in html


def test_a_table_scrolls_in_a_focusable_region() -> None:
    html = markdown_html("| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert html.startswith('<div class="table-scroll" tabindex="0"><table>') and "</table>\n</div>" in html


def test_task_lists_show_their_state_in_symbols_and_words() -> None:
    html = markdown_html("- [ ] write the tests\n- [x] read the *spec*\n- plain item\n- [y] not a task\n")
    todo = '<span class="task" aria-hidden="true">☐</span><span class="visually-hidden">to do: </span>'
    done = '<span class="task" aria-hidden="true">☑</span><span class="visually-hidden">done: </span>'
    assert f'<li class="task">{todo}write the tests</li>' in html
    assert f'<li class="task">{done}read the <em>spec</em></li>' in html
    assert "<li>plain item</li>" in html and "<li>[y] not a task</li>" in html


def test_a_script_file_is_highlighted_by_its_extension() -> None:
    assert '<span class="nb">echo</span>' in file_html("echo <hi>\n", "scripts/run.sh")
    assert file_html("<b>", "notes.unknownext") == "&lt;b&gt;"
