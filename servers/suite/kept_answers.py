"""The answers ``cairn serve`` (one server or ``all``) gave a host's first requests, kept between starts.

A host that starts Cairn over stdio asks at once for ``initialize`` and the lists of tools and resources, and
waits for them before it shows Cairn as connected. What those answers say depends on the code, the libraries,
the settings and the nodehost policy file (it hides the tools a client's profile denies), and on what the host
asked (the client's name and capabilities, the protocol version, a page's cursor); the data in the home does
not change them. So each answer, exactly as it went on the wire, is kept in a file named by a hash of the
first and the target served (:func:`answers_file`), under a key made of the second (:func:`request_key`), and
a later start with the same of both answers from the file while it builds its server
(:mod:`servers.suite.deferred`).

Prompts are not kept: every enabled skill is a prompt, so that list follows the skill library.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from servers.core.tool_schemas import SchemaCache
from servers.suite import tool_cache
from servers.suite.settings import CairnSettings

# What can be answered from the file; everything else a host asks waits for the servers.
KEPT_METHODS = frozenset({"initialize", "server/discover", "tools/list", "resources/list", "resources/templates/list"})


def default_directory() -> Path:
    """``$XDG_CACHE_HOME/cairn/answers``, else ``~/.cache/cairn/answers``: shared by every CAIRN_HOME."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cairn" / "answers"


def policy_file(settings: CairnSettings) -> Path:
    """The nodehost policy file the settings point to (where the nodehost server reads it)."""
    configured = settings.nodehost.policy_file
    return configured.expanduser() if configured else settings.home / "nodehost" / "policy.yaml"


def answers_file(settings: CairnSettings, target: str, directory: Path | None = None) -> Path:
    """The file for this target (``all`` or one server's name), code, settings and nodehost policy: any change
    to one of them names another file, so an answer is never read back where something that shapes it differs."""
    try:
        policy = hashlib.sha256(policy_file(settings).read_bytes()).hexdigest()
    except FileNotFoundError:
        policy = "none"
    except OSError as exc:  # unreadable: the build will say why; nothing here may be taken for it
        policy = f"unreadable {exc.errno}"
    key = hashlib.sha256(f"{target}\0{tool_cache.code_key(settings)}\0{policy}".encode()).hexdigest()[:32]
    return (directory or default_directory()) / f"{key}.json"


def request_key(
    method: str, params: Mapping[str, Any] | None, protocol_version: str, client: Mapping[str, Any] | None
) -> str:
    """What an answer depends on in the request: the method, its parameters (a progress token aside: it only
    names the request), the protocol version and the client as it introduced itself (``initialize``)."""
    shown = dict(params or {})
    meta = shown.pop("_meta", None)
    if isinstance(meta, Mapping) and (kept := {k: v for k, v in meta.items() if k != "progressToken"}):
        shown["_meta"] = kept
    text = json.dumps(
        {"method": method, "params": shown, "protocol": protocol_version, "client": client},
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def load(settings: CairnSettings, target: str, directory: Path | None = None) -> SchemaCache:
    """The answers kept for this target and these settings (none yet when the file does not exist); ``save()``
    writes it."""
    return SchemaCache.load(answers_file(settings, target, directory))
