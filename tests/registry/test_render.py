"""Links of a rendered skill file: host placeholders and paths written from the skill root reach the skill's own
files; a link to a file the version lacks is not a link at all."""

from __future__ import annotations

import pytest

from registry.render import file_link, markdown_html, resolve

FILES = frozenset({"SKILL.md", "references/a.md", "references/b.md", "jobs/scan.md", "scripts/run.py"})
BASE = "/skills/demo/v/1.0.0"


@pytest.mark.parametrize(
    ("href", "folder", "path"),
    [
        ("%7BbaseDir%7D/references/a.md", "", "references/a.md"),
        ("$%7BCLAUDE_SKILL_DIR%7D/jobs/scan.md", "", "jobs/scan.md"),
        ("$CLAUDE_SKILL_DIR/scripts/run.py", "references", "scripts/run.py"),
        ("$%7BCLAUDE_PLUGIN_ROOT%7D/skills/demo/references/b.md", "", "references/b.md"),
        ("$%7BCLAUDE_PLUGIN_ROOT%7D/scripts/run.py", "", "scripts/run.py"),
        ("$%7BCLAUDE_PLUGIN_ROOT%7D/hooks/x.sh", "", "../../hooks/x.sh"),
        ("$%7BCLAUDE_PLUGIN_ROOT%7D/skills/other/x.md", "", "../other/x.md"),
        ("%7BbaseDir%7D/references", "", "references/"),
        # written in references/a.md: from its folder first, else from the skill root
        ("b.md", "references", "references/b.md"),
        ("references/b.md", "references", "references/b.md"),
        ("../scripts/run.py", "references", "scripts/run.py"),
        ("references/gone.md", "references", "references/references/gone.md"),
    ],
)
def test_links_resolve_to_the_skills_files(href: str, folder: str, path: str) -> None:
    assert resolve(href, FILES, folder, "demo") == path


def test_placeholder_links_render_as_the_versions_file_pages() -> None:
    text = (
        "[a]({baseDir}/references/a.md#part) [scan](${CLAUDE_SKILL_DIR}/jobs/scan.md) "
        "[plugin](${CLAUDE_PLUGIN_ROOT}/hooks) [gone]({baseDir}/references/gone.md)"
    )
    html = markdown_html(text, rewrite=file_link(BASE, FILES, skill="demo"))
    assert f'<a href="{BASE}/files/references/a.md#part">a</a>' in html
    assert f'<a href="{BASE}/files/jobs/scan.md">scan</a>' in html
    # Outside the skill, or a file this version does not have: shown as text, never a link into a 404.
    assert "<a>plugin</a>" in html and "<a>gone</a>" in html


def test_reference_file_links_written_from_the_skill_root() -> None:
    html = markdown_html("[b](references/b.md) [c](b.md)", rewrite=file_link(BASE, FILES, "references", "demo"))
    assert html.count(f'href="{BASE}/files/references/b.md"') == 2
