"""Building skill archives for registry tests: well-formed ones and hostile ones."""

from __future__ import annotations

import io
import tarfile
import zipfile


def skill_md(
    name: str, version: str | None = "1.0.0", description: str | None = None, body: str = "", **meta: str
) -> str:
    lines = [
        "---",
        f"name: {name}",
        f"description: {description or f'Helps with {name} tasks. Use when asked about {name}.'}",
    ]
    fields = {**({"version": version} if version else {}), **meta}
    if fields:
        lines.append("metadata:")
        lines += [f'  {k}: "{v}"' for k, v in fields.items()]
    lines.append("---")
    return "\n".join(lines) + "\n\n" + (body or f"# {name}\n\nSteps for {name}.\n")


def tar_gz(files: dict[str, bytes | str], *, links: dict[str, str] | None = None, hard: bool = False) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for path, content in files.items():
            data = content.encode() if isinstance(content, str) else content
            info = tarfile.TarInfo(path)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for path, target in (links or {}).items():
            info = tarfile.TarInfo(path)
            info.type = tarfile.LNKTYPE if hard else tarfile.SYMTYPE
            info.linkname = target
            tar.addfile(info)
    return buffer.getvalue()


def zip_bytes(files: dict[str, bytes | str], *, symlinks: dict[str, str] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, content in files.items():
            zf.writestr(path, content)
        for path, target in (symlinks or {}).items():
            info = zipfile.ZipInfo(path)
            info.external_attr = 0o120777 << 16
            zf.writestr(info, target)
    return buffer.getvalue()


def skill_archive(name: str, version: str = "1.0.0", fmt: str = "tar.gz", **meta: str) -> bytes:
    files: dict[str, bytes | str] = {f"{name}/SKILL.md": skill_md(name, version, **meta)}
    return tar_gz(files) if fmt == "tar.gz" else zip_bytes(files)
