"""Argument completion (``completion/complete``) for prompts and resource templates, under the read rules.

Each server says which arguments it can complete and where the candidates come from; this module answers
the protocol request, on one server or on ``cairn serve all`` where the references carry a namespace.

>>> completions = Completions("memory")
>>> completions.template("memory://daily/{date}", "date", lambda typed, known: dates_of(me(), typed))
>>> completions.install(mcp)          # declares the `completions` capability and answers requests

| caller                                | gets                                                     |
|---------------------------------------|----------------------------------------------------------|
| no principal (stdio, ``--auth none``) | every candidate                                          |
| a token with ``<server>:read``        | candidates the completer computes for that principal     |
| a token without it                    | no values: completing would list what it may not read    |

A completer runs as the caller (``current_principal()`` is set), so it narrows to the caller's own data the
same way the resource read does. An unknown reference or argument gets an empty list, never an error: the
protocol treats completion as a hint, and a client (the conformance suite) asks about references it made up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from weakref import WeakKeyDictionary

import mcp_types
from fastmcp import FastMCP
from fastmcp.server.completions import CompletionReference
from fastmcp.server.transforms.namespace import Namespace

from servers.core.principal import current_principal
from servers.core.scopes import read_scope

Completer = Callable[[str, Mapping[str, str]], Iterable[str]]
"""``(typed, known) -> candidates``: ``typed`` is the argument's partial value, ``known`` the arguments the
client already filled in. Candidates may ignore ``typed``; they are narrowed to those starting with it."""

_installed: WeakKeyDictionary[FastMCP, Completions] = WeakKeyDictionary()


class Completions:
    """The arguments one server can complete, by prompt name or resource-template URI."""

    def __init__(self, server_name: str) -> None:
        self.server_name = server_name
        self._prompts: dict[tuple[str, str], Completer] = {}
        self._templates: dict[tuple[str, str], Completer] = {}

    def prompt(self, name: str, argument: str, completer: Completer) -> None:
        self._prompts[(name, argument)] = completer

    def template(self, uri_template: str, argument: str, completer: Completer) -> None:
        self._templates[(uri_template, argument)] = completer

    def install(self, server: FastMCP) -> None:
        """Answer ``completion/complete`` on ``server`` (and offer these completions to a parent mounting it)."""
        _installed[server] = self
        server.add_completion_handler(self.complete)

    def completer_for(self, ref: CompletionReference, argument: str) -> Completer | None:
        if isinstance(ref, mcp_types.PromptReference):
            return self._prompts.get((ref.name, argument))
        return self._templates.get((ref.uri, argument))

    def complete(
        self,
        ref: CompletionReference,
        argument: mcp_types.CompletionArgument,
        context: mcp_types.CompletionContext | None,
    ) -> list[str]:
        completer = self.completer_for(ref, argument.name)
        if completer is None or not self._may_read():
            return []
        known = dict(context.arguments or {}) if context is not None else {}
        return narrowed(completer(argument.value, known), argument.value)

    def _may_read(self) -> bool:
        principal = current_principal()
        return principal is None or principal.has(read_scope(self.server_name))


def narrowed(candidates: Iterable[str], typed: str) -> list[str]:
    """Candidates starting with ``typed`` (case-insensitively), each once, in the completer's order."""
    prefix = typed.casefold()
    seen: dict[str, None] = {}
    for value in candidates:
        if value.casefold().startswith(prefix):
            seen.setdefault(value, None)
    return list(seen)


def completions_of(server: FastMCP) -> Completions | None:
    return _installed.get(server)


def install_mounted(parent: FastMCP, children: Mapping[str, FastMCP]) -> None:
    """Answer ``completion/complete`` on ``parent`` for servers it mounted (``{namespace: child}``).

    fastmcp calls only the root server's handler, so the parent takes the namespace off the reference
    (``memory_x`` → ``x``, ``memory://memory/daily/{date}`` → ``memory://daily/{date}``) and asks the child
    that owns it, whose own scope rule then applies. fastmcp's own :class:`Namespace` does the reversal,
    so a reference is read exactly as the mount wrote it.
    """
    mounted = [(Namespace(ns), completions) for ns, child in children.items() if (completions := completions_of(child))]
    if not mounted:
        return

    def complete(
        ref: CompletionReference,
        argument: mcp_types.CompletionArgument,
        context: mcp_types.CompletionContext | None,
    ) -> list[str]:
        for namespace, completions in mounted:
            inner = _unmounted(namespace, ref)
            if inner is not None and completions.completer_for(inner, argument.name) is not None:
                return completions.complete(inner, argument, context)
        return []

    parent.add_completion_handler(complete)


def _unmounted(namespace: Namespace, ref: CompletionReference) -> CompletionReference | None:
    if isinstance(ref, mcp_types.PromptReference):
        name = namespace._reverse_name(ref.name)
        return None if name is None else mcp_types.PromptReference(name=name)
    uri = namespace._reverse_uri(ref.uri)
    return None if uri is None else mcp_types.ResourceTemplateReference(uri=uri)
