"""What can go wrong in nodehost, as exceptions the MCP and REST layers map to their own errors."""

from __future__ import annotations


class NodehostError(Exception):
    """Base: the message is meant for the caller and says what to do instead."""


class InputError(NodehostError):
    """Bad arguments: a path outside the workspace, a missing file, an edit that does not match."""


class PolicyDenied(NodehostError):
    """The tool policy (or the executable allowlist) does not allow this call."""


class LoopDetected(NodehostError):
    """The same call was repeated too often in a short time: an agent stuck in a loop."""


class ApprovalRefused(NodehostError):
    """A dangerous call was declined by the user, or nobody could be asked."""


class TargetChanged(ApprovalRefused):
    """A path changed (a symlink was swapped) between the check or the approval and the operation."""


class Unavailable(NodehostError):
    """The OS or session lacks what a desktop tool needs (the message names it)."""
