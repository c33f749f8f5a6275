"""The paths in ``system_run`` arguments: Cairn's own data never, the workspace freely, elsewhere with approval.

An argument can carry a path in several shapes; each is resolved against the run's folder, symlinks followed:

* a plain word that looks like a path (``../x``, ``/etc/hosts``, ``~/x``, ``notes.txt`` when it exists), and
  the value of a ``key=value`` word (``dd if=…``);
* the value of a long option, ``--file=../x``;
* the rest of a short option with its value glued on, ``-f../x`` or ``-rf../x``, when it contains a ``/`` or
  names something that exists;
* the path of a ``file://`` URL. Other URLs, numbers and plain words are not paths.

A path inside Cairn's data (or a git config file) is refused, and so is a folder that *holds* Cairn's data (its
parent, ``/``): a recursive program (``grep -r``, ``du``) would descend into it. The run's folder is judged the
same way, since ``grep -r`` without a path searches it. Programs that follow symlinks while recursing
(:data:`FOLLOWS_LINKS`) also have the folders they search scanned for links leading into Cairn's data. A path
outside the workspace needs the user's approval, as a write there does. Inside the bubblewrap sandbox Cairn's
data is not there to reach, so folders holding it are allowed.

A file named by an argument is also judged by its identity (device and inode, :mod:`identity`): a hard link to
one of Cairn's files is refused wherever it lives, sandbox or not (bubblewrap hides paths, not the same file
under another name). Programs that read the files of the folders they recurse into
(:data:`READS_RECURSIVELY`) have those folders searched for such links whenever one of Cairn's files has a
second name at all; normally none has, and the search is skipped.

What argument checks cannot see, and only the sandbox (:mod:`sandbox`) stops:

* a path the program computes or reads from elsewhere: a list file (``--files0-from``), its own config, an
  environment variable (``$HOME``), a path split across arguments that the program joins;
* hard links to Cairn's files met by recursing programs not listed in :data:`READS_RECURSIVELY`, and
  symlinks followed by programs not listed in :data:`FOLLOWS_LINKS`;
* git config files met while recursing (``grep -r token .`` in a repository): only naming one is refused,
  since refusing every folder that holds a repository would refuse all recursive use (the sandbox leaves
  them readable too, as git needs them);
* a symlink swapped in between this check and the program opening the path.

Neither the checks nor the sandbox restrict the network or local sockets.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import unquote, urlparse

from servers.nodehost import identity
from servers.nodehost.errors import PolicyDenied
from servers.nodehost.paths import Workspace, real

URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
PATH_MAX = 4096  # longer text cannot be opened as a path
HARMLESS = frozenset({os.devnull})
SCAN_LIMIT = 100_000  # entries a symlink scan looks at before giving up (and refusing)

# Programs that follow symlinks they meet while recursing: short option letters and long options that make
# them do so (diff -r follows links unless told not to).
FOLLOWS_LINKS: dict[str, tuple[str, frozenset[str]]] = {
    "grep": ("R", frozenset({"--dereference-recursive"})),
    "egrep": ("R", frozenset({"--dereference-recursive"})),
    "fgrep": ("R", frozenset({"--dereference-recursive"})),
    "diff": ("r", frozenset({"--recursive"})),
    "rg": ("L", frozenset({"--follow"})),
    "cp": ("L", frozenset({"--dereference"})),
}


# Programs that read the content of the files in a folder they recurse into: short option letters and long
# options that make them recurse, and whether they always do (rg searches folders by default).
READS_RECURSIVELY: dict[str, tuple[str, frozenset[str], bool]] = {
    "grep": ("rR", frozenset({"--recursive", "--dereference-recursive", "--directories"}), False),
    "egrep": ("rR", frozenset({"--recursive", "--dereference-recursive", "--directories"}), False),
    "fgrep": ("rR", frozenset({"--recursive", "--dereference-recursive", "--directories"}), False),
    "diff": ("r", frozenset({"--recursive"}), False),
    "cp": ("rRa", frozenset({"--recursive", "--archive"}), False),
    "rg": ("", frozenset(), True),
}


@dataclass(frozen=True)
class Outside:
    """An argument naming a path outside the workspace (it needs the user's approval)."""

    arg: str
    path: str


def _shapes(arg: str, *, options: bool) -> Iterator[tuple[str, bool]]:
    """Texts in ``arg`` that may be paths; True = a plain value (a program may create it), False = a guess."""
    if options and arg.startswith("--"):
        _, eq, value = arg.partition("=")
        if eq:
            yield value, True
        return
    if options and arg.startswith("-") and len(arg) > 1:
        yield arg[2:], False  # -fPATH
        yield arg[3:], False  # -rfPATH, -f=PATH
        return
    yield arg, True
    if "=" in arg:
        yield arg.partition("=")[2], True
    if arg.startswith("@"):  # response files: @args.txt
        yield arg[1:], False


def _as_path(text: str, cwd: str, *, plain: bool) -> str | None:
    """``text`` as the path a program would open, or None when it does not look like one."""
    if not text or len(text) > PATH_MAX:
        return None
    if URL.match(text):
        if not text.lower().startswith("file://"):
            return None
        text = unquote(urlparse(text).path)
        if not text:
            return None
    exists = os.path.lexists(os.path.join(cwd, text))
    if "/" in text or exists:
        return text
    if plain and (text in (".", "..") or text.startswith("~")):
        return text
    return None


def check_arguments(
    argv: Sequence[str], cwd: str, ws: Workspace, *, program: str, sandboxed: bool
) -> tuple[Outside, ...]:
    """Refuse arguments that reach Cairn's data; return those naming paths outside the workspace."""
    if not sandboxed and (held := ws.holder(cwd)):
        raise PolicyDenied(
            f"the run's folder {cwd} holds Cairn's own data ({held}): a program started there could read it "
            "(grep -r without a path searches the current folder); pass a cwd that does not hold it, or enable "
            "the bubblewrap sandbox (CAIRN_NODEHOST__SANDBOX)"
        )
    outside: list[Outside] = []
    folders: list[str] = []
    options = True
    for arg in argv[1:]:
        if options and arg == "--":
            options = False
            continue
        named = next((p for p in ws.protected if p in arg), None)
        if named:
            raise PolicyDenied(
                f"argument {arg!r} names {named}, inside Cairn's own data: nodehost never reads or writes it"
            )
        for text, plain in _shapes(arg, options=options):
            found = _as_path(text, cwd, plain=plain)
            if found is None:
                continue
            joined = os.path.join(cwd, found)
            full = real(joined)
            # A relative path is the program's, so it starts at the run's folder; only "~" is expanded (a
            # shell would have), and that too from the run's folder, never this server's working folder.
            expanded = real(os.path.join(cwd, os.path.expanduser(found)))
            for candidate in {full, expanded}:
                _refuse_protected(arg, candidate, ws, sandboxed=sandboxed)
            near = os.path.lexists(joined) or (plain and os.path.isdir(os.path.dirname(joined)))
            if near and not ws.contains(full) and full not in HARMLESS:
                outside.append(Outside(arg, full))
            if os.path.isdir(full):
                folders.append(full)
    if not sandboxed and follows_links(program, argv[1:]):
        for folder in folders or [cwd]:
            _refuse_links_into_protected(folder, ws, program)
    if reads_recursively(program, argv[1:]):
        _refuse_hard_links_into_protected(folders or [cwd], ws, program, follow=follows_links(program, argv[1:]))
    return tuple(dict.fromkeys(outside))


def _refuse_protected(arg: str, path: str, ws: Workspace, *, sandboxed: bool) -> None:
    if reason := ws.protection(path):
        raise PolicyDenied(f"argument {arg!r} names {path}, {reason}: nodehost never reads or writes it")
    try:
        st = os.stat(path)
    except OSError:
        st = None
    # Also in the sandbox: it hides Cairn's folders by path, and a hard link is the same file under another.
    if st is not None and (reason := ws.link_protection(st)):
        raise PolicyDenied(f"argument {arg!r} names {path}, {reason}: nodehost never reads or writes it")
    if not sandboxed and os.path.isdir(path) and (held := ws.holder(path)):
        raise PolicyDenied(
            f"argument {arg!r} is the folder {path}, which holds Cairn's own data ({held}): a program recursing "
            "from there (grep -r, du, ls -R) would read it; name a folder that does not hold it"
        )


def check_environment(env: Mapping[str, str] | None, cwd: str, ws: Workspace) -> None:
    """Refuse extra variables whose value (or one entry of a ``:`` list) names Cairn's data."""
    for name, value in (env or {}).items():
        for piece in [value, *value.split(os.pathsep)]:
            if not piece or len(piece) > PATH_MAX:
                continue
            path = real(os.path.join(cwd, os.path.expanduser(piece)))
            if any(p in piece for p in ws.protected) or ws.is_protected(path):
                raise PolicyDenied(f"environment variable {name} names Cairn's own data: nodehost never reads it")


def follows_links(program: str, args: Sequence[str]) -> bool:
    """Whether ``program`` with ``args`` follows symlinks it meets while recursing."""
    rule = FOLLOWS_LINKS.get(program)
    if rule is None:
        return False
    letters, longs = rule
    for arg in args:
        if arg == "--":
            break
        if arg.startswith("--"):
            if arg.partition("=")[0] in longs:
                return True
        elif arg.startswith("-") and any(letter in arg[1:] for letter in letters):
            return True
    return False


def reads_recursively(program: str, args: Sequence[str]) -> bool:
    """Whether ``program`` with ``args`` reads the files of the folders it is given, recursing into them."""
    rule = READS_RECURSIVELY.get(program)
    if rule is None:
        return False
    letters, longs, always = rule
    if always:
        return True
    for arg in args:
        if arg == "--":
            break
        if arg.startswith("--"):
            if arg.partition("=")[0] in longs:
                return True
        elif arg.startswith("-") and any(letter in arg[1:] for letter in letters):
            return True
    return False


def _walk(
    roots: Sequence[str], too_many: Callable[[str], str]
) -> Iterator[tuple[os.DirEntry[str], Callable[[str], None]]]:
    """Each entry of the folders below ``roots`` (each folder once), with the function that descends into a
    folder; past ``SCAN_LIMIT`` entries, PolicyDenied saying ``too_many(the folder being read)``."""
    seen: set[str] = set()
    stack = list(roots)
    count = 0
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue
        for entry in entries:
            count += 1
            if count > SCAN_LIMIT:
                raise PolicyDenied(too_many(current))
            yield entry, stack.append


def _refuse_hard_links_into_protected(folders: Sequence[str], ws: Workspace, program: str, *, follow: bool) -> None:
    """Search ``folders`` as ``program`` would read them for a second name of one of Cairn's files."""
    try:
        linked = identity.linked_files(ws.protected)
    except identity.TooManyFiles as exc:
        raise PolicyDenied(f"{exc}, too many to check for hard links a recursive {program} could read") from None
    if not linked:
        return  # none of Cairn's files has a second name, so no folder can hold one
    inodes = {ino for _, ino in linked}

    def too_many(current: str) -> str:
        return (
            f"one of Cairn's files has a second name (a hard link) somewhere, and {current} has too many entries "
            f"to check that {program} would not read it (over {SCAN_LIMIT:,}): search a smaller folder, or find "
            "and remove the link"
        )

    for entry, descend in _walk(folders, too_many):
        try:
            path = real(entry.path) if follow else entry.path
            if ws.is_protected(path):
                continue  # Cairn's own names of its files (reached only in the sandbox, which hides them)
            if entry.is_dir(follow_symlinks=follow):
                descend(path)
                continue
            if follow and entry.is_symlink():
                hit = identity.identity(entry.stat()) in linked
            else:  # the inode number comes with the listing: only a likely match costs a stat
                hit = entry.inode() in inodes and identity.identity(entry.stat(follow_symlinks=False)) in linked
        except OSError:
            continue
        if hit:
            raise PolicyDenied(
                f"{entry.path} is a hard link to a file inside Cairn's own data (the same file under another "
                f"name), and {program} would read it while recursing: remove the link"
            )


def _refuse_links_into_protected(folder: str, ws: Workspace, program: str) -> None:
    """Walk ``folder`` as a link-following program would, refusing at a link into (or above) Cairn's data."""
    too_many = (
        f"{program} follows symlinks while recursing, and {folder} has too many entries to check for links into "
        f"Cairn's data (over {SCAN_LIMIT:,}): search a smaller folder, drop the link-following option, or enable "
        "the bubblewrap sandbox"
    )
    for entry, descend in _walk([folder], lambda _current: too_many):
        if entry.is_symlink():
            target = real(entry.path)
            is_dir = os.path.isdir(target)
            if ws.is_protected(target) or (is_dir and ws.holder(target)):
                raise PolicyDenied(
                    f"{entry.path} is a symlink to {target}, which is or holds Cairn's own data, and {program} "
                    "would follow it while recursing: remove the link or search without following links"
                )
            if is_dir:
                descend(target)
        elif entry.is_dir(follow_symlinks=False):
            descend(entry.path)
