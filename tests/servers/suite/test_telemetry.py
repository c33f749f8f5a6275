"""fastmcp's own spans are left out when nothing could record them (servers/core/telemetry.py)."""

from __future__ import annotations

import fastmcp
import pytest
from fastmcp.server.telemetry import server_span
from fastmcp.telemetry import get_tracer
from opentelemetry import trace

from servers.core import telemetry


@pytest.fixture
def fastmcp_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastmcp.settings, "telemetry_mode", "native")
    monkeypatch.setattr(fastmcp.settings, "__pydantic_fields_set__", set())


def test_without_an_sdk_no_span_can_record() -> None:
    # What makes the change invisible: with only the OpenTelemetry API installed every span is a no-op.
    assert not telemetry.can_record_spans()
    assert not trace.get_tracer("cairn-test").start_span("probe").is_recording()


def test_spans_are_skipped_when_nothing_could_record_them(fastmcp_default: None) -> None:
    assert telemetry.skip_unrecordable_spans()
    assert fastmcp.settings.telemetry_mode == "propagation_only"
    # fastmcp honours the setting: its tracer and server spans open nothing.
    assert not get_tracer().start_span("probe").is_recording()
    with server_span("tools/call x", "tools/call", "s", "tool", "x", tool_name="x") as span:
        assert not span.is_recording()


def test_an_operators_choice_or_an_sdk_keeps_fastmcps_mode(
    fastmcp_default: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fastmcp.settings, "__pydantic_fields_set__", {"telemetry_mode"})
    assert not telemetry.skip_unrecordable_spans()
    assert fastmcp.settings.telemetry_mode == "native"
    monkeypatch.setattr(fastmcp.settings, "__pydantic_fields_set__", set())
    monkeypatch.setattr(telemetry, "can_record_spans", lambda: True)
    assert not telemetry.skip_unrecordable_spans()
    assert fastmcp.settings.telemetry_mode == "native"
