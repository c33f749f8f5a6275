"""The one base of every error a server's domain raises to refuse a request.

Its message is written for the caller (what was wrong, what to do instead), so the MCP layer sends it as it
is (:func:`servers.core.errors.domain_tools`), while any other exception stays masked as a bare failure. It
is plain Python: domain code raises it without depending on the MCP layer.
"""

from __future__ import annotations


class DomainError(Exception):
    """A refusal the caller can act on: a bad argument, a missing item, a busy resource."""
