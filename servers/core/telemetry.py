"""fastmcp's own OpenTelemetry spans, left out when nothing could record them.

fastmcp opens a SERVER span around every tool call (one for the root and one for each mounted server it
passes through) and a delegate span for each mount, computing their attributes first. With only the
OpenTelemetry *API* installed (Cairn's dependencies: no SDK), every span is a non-recording no-op, yet
building them was about a tenth of the event loop's time per ``tools/call`` under many clients
(bench/RESULTS.md, issue #34). fastmcp's ``propagation_only`` mode skips its own spans and still carries an
incoming trace context (``_meta.traceparent``) through to outgoing requests, which is all a no-op tracer
does with it. So, unless the operator chose a mode (``FASTMCP_TELEMETRY_MODE``) or an OpenTelemetry SDK is
installed (then spans may be recorded: fastmcp's default stays), the served process uses ``propagation_only``.
A mode set in the environment or fastmcp's ``.env`` is the operator's and is kept.
"""

from __future__ import annotations

import importlib.util


def can_record_spans() -> bool:
    """Whether an OpenTelemetry SDK is installed (a tracer provider that records spans could be set)."""
    try:
        return importlib.util.find_spec("opentelemetry.sdk") is not None
    except (ImportError, ValueError):
        return False


def skip_unrecordable_spans() -> bool:
    """Turn fastmcp's own spans off when nothing could record them and the operator chose no mode; whether
    they were turned off."""
    import fastmcp

    chosen = "telemetry_mode" in fastmcp.settings.model_fields_set  # FASTMCP_TELEMETRY_MODE, or fastmcp's .env
    if chosen or can_record_spans() or fastmcp.settings.telemetry_mode != "native":
        return False
    fastmcp.settings.telemetry_mode = "propagation_only"
    return True
