"""What changed between two versions of a skill, over real HTTP requests: the JSON answer, the page, the
links from the skill page, the bounds on large and binary files, and the errors for bad input."""

from __future__ import annotations

import re

import pytest

from registry import changes
from tests.registry.conftest import Site, on_both
from tests.registry.kit import skill_md, tar_gz

V1 = {
    "toolbox/SKILL.md": skill_md("toolbox", "1.0.0", body="# Toolbox\n\nStep one.\nStep two.\n"),
    "toolbox/references/guide.md": "# Guide\n\nOld advice.\n",
    "toolbox/scripts/run.py": "print('v1')\n",
    "toolbox/assets/logo.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00old",
}
V2 = {
    "toolbox/SKILL.md": skill_md(
        "toolbox", "1.1.0", body="# Toolbox\n\nStep one.\nStep two, <b>carefully</b>.\n", category="devtools"
    ),
    "toolbox/scripts/run.py": "print('v1')\n",
    "toolbox/scripts/check.sh": "echo checking\n",
    "toolbox/assets/logo.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00new",
}


async def _publish_two(site: Site) -> None:
    ada = site.token("ada")
    for files in (V1, V2):
        assert (await site.publish(tar_gz(files), ada)).status_code == 201


@on_both
async def test_the_api_lists_each_changed_file_with_a_unified_diff(site: Site) -> None:
    await _publish_two(site)
    answer = await site.http.get("/api/v1/skills/toolbox/diff/1.0.0/1.1.0")
    assert answer.status_code == 200
    body = answer.json()
    assert (body["name"], body["from_version"], body["to_version"]) == ("toolbox", "1.0.0", "1.1.0")
    assert body["summary"] == {"added": 1, "removed": 1, "changed": 2, "unchanged": 1}
    files = {f["path"]: f for f in body["files"]}
    assert body["files"][0]["path"] == "SKILL.md"  # the skill's own text first
    skill = files["SKILL.md"]
    assert skill["status"] == "changed" and not skill["binary"]
    assert '-  version: "1.0.0"' in skill["diff"] and '+  version: "1.1.0"' in skill["diff"]  # frontmatter
    assert "-Step two.\n+Step two, <b>carefully</b>." in skill["diff"]  # body
    assert skill["diff"].startswith("--- a/SKILL.md\n+++ b/SKILL.md\n@@ ")
    assert (skill["additions"], skill["deletions"]) == (3, 2)
    assert files["references/guide.md"]["status"] == "removed"
    assert files["references/guide.md"]["diff"].endswith("-Old advice.")
    assert files["scripts/check.sh"] == {
        "path": "scripts/check.sh",
        "status": "added",
        "from_size": None,
        "to_size": 14,
        "binary": False,
        "from_mode": None,
        "to_mode": None,
        "additions": 1,
        "deletions": 0,
        "diff": "--- /dev/null\n+++ b/scripts/check.sh\n@@ -0,0 +1 @@\n+echo checking",
        "note": None,
    }
    logo = files["assets/logo.png"]
    assert logo["binary"] and logo["diff"] is None and logo["note"].startswith("Binary file: sha256 ")
    assert "scripts/run.py" not in files
    fields = {f["key"]: (f["from"], f["to"]) for f in body["frontmatter"]}
    assert fields == {"metadata": ({"version": "1.0.0"}, {"version": "1.1.0", "category": "devtools"})}
    assert body["truncated"] is False
    backwards = (await site.http.get("/api/v1/skills/toolbox/diff/1.1.0/1.0.0")).json()
    statuses = {f["path"]: f["status"] for f in backwards["files"]}
    assert statuses["references/guide.md"] == "added" and statuses["scripts/check.sh"] == "removed"


@on_both
async def test_bad_comparisons_are_refused_with_a_json_error_and_an_error_page(site: Site) -> None:
    await _publish_two(site)
    ada = site.token("ada")
    assert (await site.publish(tar_gz({"other/SKILL.md": skill_md("other", "2.0.0")}), ada)).status_code == 201
    cases = {
        "/skills/toolbox/diff/1.0.0/1.0.0": (400, "same_version", "choose two different versions"),
        "/skills/toolbox/diff/1.0.0/9.9.9": (404, "not_found", "toolbox has no version '9.9.9'"),
        "/skills/toolbox/diff/1.0.0/2.0.0": (404, "not_found", "toolbox has no version '2.0.0'"),  # other's
        "/skills/toolbox/diff/nonsense/1.0.0": (404, "not_found", "no version 'nonsense'"),
        "/skills/no-such-skill/diff/1.0.0/1.1.0": (404, "not_found", "There is no skill named 'no-such-skill'"),
        "/skills/Bad_Name/diff/1.0.0/1.1.0": (404, "not_found", "There is no skill named"),
    }
    for path, (status, code, message) in cases.items():
        api = await site.http.get("/api/v1" + path)
        assert api.status_code == status, path
        assert api.headers["content-type"] == "application/json"
        assert api.json()["error"] == code and message in api.json()["message"], api.json()
        page = await site.http.get(path)
        assert page.status_code == status, path
        assert page.headers["content-type"].startswith("text/html")
        assert "<h1>" in page.text and message.replace("'", "&#39;") in page.text, path
    missing = await site.http.get("/skills/toolbox/diff", params={"from": "1.0.0"})
    assert missing.status_code == 400 and "Choose two versions" in missing.text


@on_both
async def test_the_page_shows_the_diff_and_the_skill_page_links_each_version_to_the_one_before(site: Site) -> None:
    await _publish_two(site)
    ada = site.token("ada")
    v3 = {**V2, "toolbox/SKILL.md": skill_md("toolbox", "1.2.0", body="# Toolbox\n\nOnly step.\n")}
    assert (await site.publish(tar_gz(v3), ada)).status_code == 201
    skill = (await site.http.get("/skills/toolbox")).text
    links = re.findall(r'href="(/skills/toolbox/diff/[^"]+)"', skill)
    assert links == ["/skills/toolbox/diff/1.1.0/1.2.0", "/skills/toolbox/diff/1.0.0/1.1.0"]
    assert '<span class="visually-hidden"> from 1.1.0 to 1.2.0</span>' in skill
    page = await site.http.get(links[1])
    assert page.status_code == 200 and page.headers["content-security-policy"].startswith("default-src 'self'")
    text = page.text
    assert "<h1>toolbox: " in text and "1 added · 1 removed · 2 changed · 1 unchanged" in text
    changed = '<span class="del">-Step two.\n</span><span class="add">+Step two, &lt;b&gt;carefully&lt;/b&gt;.\n</span>'
    assert changed in text
    assert "<b>carefully</b>" not in text  # published text is shown, never rendered
    assert "Binary file: sha256" in text and 'href="#file-1"' in text and 'id="file-1"' in text
    chosen = await site.http.get("/skills/toolbox/diff", params={"from": "1.0.0", "to": "1.2.0"})
    assert chosen.status_code == 303 and chosen.headers["location"] == "/skills/toolbox/diff/1.0.0/1.2.0"


async def test_large_long_and_many_diffs_are_bounded_with_a_note(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(changes, "MAX_FILE_LINES", 40)
    monkeypatch.setattr(changes, "MAX_TOTAL_LINES", 45)
    monkeypatch.setattr(changes, "MAX_TEXT_BYTES", 4_000)
    monkeypatch.setattr(changes, "_cache", changes.OrderedDict())
    old = {
        "big/SKILL.md": skill_md("big", "1.0.0"),
        "big/a.txt": "".join(f"line {i}\n" for i in range(100)),
        "big/b.txt": "b\n",
        "big/huge.txt": "x" * 5_000,
    }
    new = {
        "big/SKILL.md": skill_md("big", "2.0.0"),
        "big/a.txt": "".join(f"line {i} changed\n" for i in range(100)),
        "big/b.txt": "b2\n",
        "big/huge.txt": "y" * 5_000,
    }
    ada = site.token("ada")
    for files in (old, new):
        assert (await site.publish(tar_gz(files), ada)).status_code == 201
    body = (await site.http.get("/api/v1/skills/big/diff/1.0.0/2.0.0")).json()
    files = {f["path"]: f for f in body["files"]}
    assert body["truncated"] is True
    cut = files["a.txt"]
    shown = len(cut["diff"].splitlines())
    assert shown <= 40 and f"cut after {shown} of its 203 lines" in cut["note"]
    assert sum(len((f["diff"] or "").splitlines()) for f in body["files"]) == 45  # the comparison's budget
    assert (cut["additions"], cut["deletions"]) == (100, 100)  # counted over the whole diff
    assert files["b.txt"]["diff"] is None and "already too long" in files["b.txt"]["note"]
    assert files["huge.txt"]["diff"] is None and files["huge.txt"]["note"].startswith("Too large to diff (over 3 KB)")
    page = (await site.http.get("/skills/big/diff/1.0.0/2.0.0")).text
    assert "too large to show in full" in page and f"cut after {shown} of its" in page


async def test_a_mode_change_alone_is_a_change(site: Site) -> None:
    import io
    import tarfile

    def archive(version: str, mode: int) -> bytes:
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
            for path, text, file_mode in (
                ("m/SKILL.md", skill_md("m", version), 0o644),
                ("m/run.sh", "#!/bin/sh\necho hi\n", mode),
            ):
                data = text.encode()
                info = tarfile.TarInfo(path)
                info.size, info.mode = len(data), file_mode
                tar.addfile(info, io.BytesIO(data))
        return buffer.getvalue()

    ada = site.token("ada")
    for version, mode in (("1.0.0", 0o644), ("1.0.1", 0o755)):
        assert (await site.publish(archive(version, mode), ada)).status_code == 201
    files = {f["path"]: f for f in (await site.http.get("/api/v1/skills/m/diff/1.0.0/1.0.1")).json()["files"]}
    assert (files["run.sh"]["from_mode"], files["run.sh"]["to_mode"], files["run.sh"]["diff"]) == ("0644", "0755", None)
    assert "mode 0644 → 0755" in (await site.http.get("/skills/m/diff/1.0.0/1.0.1")).text
