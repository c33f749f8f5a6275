"""schemathesis against /openapi.json: generated requests never cause a 5xx, and every response has a
documented status, content type and body shape."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from registry.app import create_app
from tests.registry.conftest import BASE, REPO, registry_settings

pytestmark = pytest.mark.slow

# schemathesis parametrizes at collection time, so the app is built when the module is imported;
# its data directory is removed when the module's tests are done.
_HOME = Path(tempfile.mkdtemp(prefix="registry-schemathesis-"))
_APP = create_app(registry_settings(_HOME), base_url=BASE, builtin_skills=REPO / "skills")
_TOKEN, _ = _APP.state.registry.accounts.create_token("fuzzer", "schemathesis")
schema = schemathesis.openapi.from_asgi("/openapi.json", _APP)


@pytest.fixture(scope="module", autouse=True)
def _cleanup() -> Iterator[None]:
    yield
    _APP.state.registry.store.close()
    shutil.rmtree(_HOME, ignore_errors=True)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_api_conforms(case: schemathesis.Case) -> None:
    # A schema cannot say "a well-formed skill archive", so schema-valid uploads may be refused (422):
    # the check that expects them accepted does not apply to this API.
    case.call_and_validate(headers={"Authorization": f"Bearer {_TOKEN}"}, excluded_checks=[positive_data_acceptance])
