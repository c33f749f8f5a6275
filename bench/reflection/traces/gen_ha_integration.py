"""ha-integration: Sanne Vermeulen, hobbyist-turned-maintainer of the Kalvik heat pump integration (fictional).

Kalvik is a (fictional) brand of air-to-water heat pumps with a cloud API and a small local HTTP API on
newer firmware. Sanne maintains the Home Assistant custom integration `kalvik`, distributed through HACS,
in github.com/sannev/ha-kalvik (/home/sanne/code/ha-kalvik): Python 3.12 in `.venv`, pytest with
pytest-homeassistant-custom-component and syrupy snapshots, a config flow with strings.json and
translations/en.json, manifest.json (version, requirements, iot_class), hassfest and HACS validation
actions (hassfest run locally through its Docker image), pre-commit with ruff and mypy, a dev instance
through `scripts/develop` (hass -c config). The async API client `pykalvik` (aiohttp) lives in a second
repo, /home/sanne/code/pykalvik, built with hatch and uploaded to PyPI with twine (both via pipx).

Written blind for fresh/; measured once held out (round 28), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_ha_integration.py && python3 check.py && python3 fresh/check_fresh.py
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "sanne"
H = "/home/sanne"
R = H + "/code/ha-kalvik"
L = H + "/code/pykalvik"
MODEL = "claude-opus-4-6"
CC = R + "/custom_components/kalvik"
MAN = CC + "/manifest.json"
CF = CC + "/config_flow.py"
COORD = CC + "/coordinator.py"
SENSOR = CC + "/sensor.py"
BSENSOR = CC + "/binary_sensor.py"
SWITCH = CC + "/switch.py"
DIAG = CC + "/diagnostics.py"
STRINGS = CC + "/strings.json"
EN = CC + "/translations/en.json"
INIT = CC + "/__init__.py"
CONST = CC + "/const.py"
TCF = R + "/tests/test_config_flow.py"
TCONF = R + "/tests/conftest.py"
CHL = R + "/CHANGELOG.md"
REQT = R + "/requirements_test.txt"
PRE = R + "/.pre-commit-config.yaml"
LPYP = L + "/pyproject.toml"
LCLIENT = L + "/src/pykalvik/client.py"
LMODELS = L + "/src/pykalvik/models.py"
LINIT = L + "/src/pykalvik/__init__.py"

_rng = [random.Random(1)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


MANIFEST = """{
  "domain": "kalvik",
  "name": "Kalvik Heat Pump",
  "codeowners": ["@sannev"],
  "config_flow": true,
  "documentation": "https://github.com/sannev/ha-kalvik",
  "integration_type": "device",
  "iot_class": "cloud_polling",
  "issue_tracker": "https://github.com/sannev/ha-kalvik/issues",
  "requirements": ["pykalvik==0.9.2"],
  "version": "2.2.1"
}
"""

CONST_PY = '''"""Constants for the Kalvik integration."""
from datetime import timedelta
import logging

DOMAIN = "kalvik"
LOGGER = logging.getLogger(__package__)

CONF_SERIAL = "serial"
DEFAULT_SCAN_INTERVAL = timedelta(seconds=60)
'''

INIT_PY = '''"""The Kalvik heat pump integration."""
from __future__ import annotations

from homeassistant.config_entries import ConfigEntry
from homeassistant.const import CONF_PASSWORD, CONF_USERNAME, Platform
from homeassistant.core import HomeAssistant
from homeassistant.helpers.aiohttp_client import async_get_clientsession
from pykalvik import KalvikClient

from .coordinator import KalvikCoordinator

PLATFORMS: list[Platform] = [Platform.CLIMATE, Platform.SENSOR, Platform.WATER_HEATER]

type KalvikConfigEntry = ConfigEntry[KalvikCoordinator]


async def async_setup_entry(hass: HomeAssistant, entry: KalvikConfigEntry) -> bool:
    """Set up Kalvik from a config entry."""
    client = KalvikClient(
        entry.data[CONF_USERNAME],
        entry.data[CONF_PASSWORD],
        session=async_get_clientsession(hass),
    )
    coordinator = KalvikCoordinator(hass, entry, client)
    await coordinator.async_config_entry_first_refresh()
    entry.runtime_data = coordinator
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    return True


async def async_unload_entry(hass: HomeAssistant, entry: KalvikConfigEntry) -> bool:
    """Unload a config entry."""
    return await hass.config_entries.async_unload_platforms(entry, PLATFORMS)
'''

COORD_PY = '''"""DataUpdateCoordinator for Kalvik."""
from __future__ import annotations

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ConfigEntryAuthFailed
from homeassistant.helpers.update_coordinator import DataUpdateCoordinator, UpdateFailed
from pykalvik import DeviceState, KalvikAuthError, KalvikClient, KalvikConnectionError

from .const import DEFAULT_SCAN_INTERVAL, DOMAIN, LOGGER


class KalvikCoordinator(DataUpdateCoordinator[DeviceState]):
    """Polls the Kalvik cloud for one heat pump."""

    config_entry: ConfigEntry

    def __init__(self, hass: HomeAssistant, entry: ConfigEntry, client: KalvikClient) -> None:
        super().__init__(
            hass,
            LOGGER,
            config_entry=entry,
            name=DOMAIN,
            update_interval=DEFAULT_SCAN_INTERVAL,
        )
        self.client = client
        self.serial: str = entry.unique_id or ""

    async def _async_update_data(self) -> DeviceState:
        try:
            return await self.client.async_get_state(self.serial)
        except KalvikAuthError as err:
            raise ConfigEntryAuthFailed(err) from err
        except KalvikConnectionError as err:
            raise UpdateFailed(f"Error talking to Kalvik cloud: {err}") from err
'''

CF_PY = '''"""Config flow for Kalvik."""
from __future__ import annotations

from typing import Any

import voluptuous as vol
from homeassistant.config_entries import ConfigFlow, ConfigFlowResult
from homeassistant.const import CONF_PASSWORD, CONF_USERNAME
from homeassistant.helpers.aiohttp_client import async_get_clientsession
from pykalvik import KalvikAuthError, KalvikClient, KalvikConnectionError

from .const import CONF_SERIAL, DOMAIN, LOGGER

STEP_USER_DATA_SCHEMA = vol.Schema(
    {
        vol.Required(CONF_USERNAME): str,
        vol.Required(CONF_PASSWORD): str,
    }
)


class KalvikConfigFlow(ConfigFlow, domain=DOMAIN):
    """Handle a config flow for Kalvik."""

    VERSION = 1

    async def async_step_user(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Ask for the Kalvik account."""
        errors: dict[str, str] = {}
        if user_input is not None:
            client = KalvikClient(
                user_input[CONF_USERNAME],
                user_input[CONF_PASSWORD],
                session=async_get_clientsession(self.hass),
            )
            try:
                devices = await client.async_get_devices()
            except KalvikAuthError:
                errors["base"] = "invalid_auth"
            except KalvikConnectionError:
                errors["base"] = "cannot_connect"
            except Exception:  # noqa: BLE001
                LOGGER.exception("Unexpected error")
                errors["base"] = "unknown"
            else:
                device = devices[0]
                return self.async_create_entry(
                    title=device.name,
                    data={**user_input, CONF_SERIAL: device.serial},
                )
        return self.async_show_form(
            step_id="user", data_schema=STEP_USER_DATA_SCHEMA, errors=errors
        )
'''

TCF_PY = '''"""Tests for the Kalvik config flow."""
from unittest.mock import AsyncMock

from homeassistant.config_entries import SOURCE_USER
from homeassistant.const import CONF_PASSWORD, CONF_USERNAME
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from pykalvik import KalvikAuthError

from custom_components.kalvik.const import DOMAIN

USER_INPUT = {CONF_USERNAME: "test@example.com", CONF_PASSWORD: "hunter2"}


async def test_user_flow(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    assert result["type"] is FlowResultType.FORM
    result = await hass.config_entries.flow.async_configure(result["flow_id"], USER_INPUT)
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == "Living room pump"


async def test_invalid_auth(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    mock_client.async_get_devices.side_effect = KalvikAuthError
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    result = await hass.config_entries.flow.async_configure(result["flow_id"], USER_INPUT)
    assert result["errors"] == {"base": "invalid_auth"}
'''

TCONF_PY = '''"""Fixtures for Kalvik tests."""
from collections.abc import Generator
from unittest.mock import AsyncMock, patch

import pytest
from pykalvik import DeviceInfo, DeviceState

from .const import load_state


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(enable_custom_integrations):
    yield


@pytest.fixture
def mock_client() -> Generator[AsyncMock]:
    """Patch KalvikClient everywhere; tests never talk to the cloud."""
    with (
        patch("custom_components.kalvik.KalvikClient", autospec=True) as client_cls,
        patch("custom_components.kalvik.config_flow.KalvikClient", new=client_cls),
    ):
        client = client_cls.return_value
        client.async_get_devices.return_value = [
            DeviceInfo(serial="KV8-2231-0047", name="Living room pump", model="KV8")
        ]
        client.async_get_state.return_value = DeviceState.from_dict(load_state("state_kv8.json"))
        yield client
'''

SENSOR_PY = '''"""Sensors for Kalvik heat pumps."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from homeassistant.components.sensor import (
    SensorDeviceClass,
    SensorEntity,
    SensorEntityDescription,
    SensorStateClass,
)
from homeassistant.const import UnitOfEnergy, UnitOfPower, UnitOfTemperature
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddEntitiesCallback
from pykalvik import DeviceState

from . import KalvikConfigEntry
from .entity import KalvikEntity


@dataclass(frozen=True, kw_only=True)
class KalvikSensorDescription(SensorEntityDescription):
    value_fn: Callable[[DeviceState], float | None]


SENSORS: tuple[KalvikSensorDescription, ...] = (
    KalvikSensorDescription(
        key="flow_temp",
        translation_key="flow_temp",
        device_class=SensorDeviceClass.TEMPERATURE,
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement=UnitOfTemperature.CELSIUS,
        value_fn=lambda s: s.flow_temp,
    ),
    KalvikSensorDescription(
        key="return_temp",
        translation_key="return_temp",
        device_class=SensorDeviceClass.TEMPERATURE,
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement=UnitOfTemperature.CELSIUS,
        value_fn=lambda s: s.return_temp,
    ),
    KalvikSensorDescription(
        key="outdoor_temp",
        translation_key="outdoor_temp",
        device_class=SensorDeviceClass.TEMPERATURE,
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement=UnitOfTemperature.CELSIUS,
        value_fn=lambda s: s.outdoor_temp,
    ),
    KalvikSensorDescription(
        key="power",
        device_class=SensorDeviceClass.POWER,
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement=UnitOfPower.WATT,
        value_fn=lambda s: s.power_w,
    ),
    KalvikSensorDescription(
        key="energy",
        device_class=SensorDeviceClass.ENERGY,
        state_class=SensorStateClass.TOTAL_INCREASING,
        native_unit_of_measurement=UnitOfEnergy.KILO_WATT_HOUR,
        value_fn=lambda s: s.energy_kwh,
    ),
)


async def async_setup_entry(
    hass: HomeAssistant, entry: KalvikConfigEntry, async_add_entities: AddEntitiesCallback
) -> None:
    coordinator = entry.runtime_data
    async_add_entities(KalvikSensor(coordinator, description) for description in SENSORS)


class KalvikSensor(KalvikEntity, SensorEntity):
    entity_description: KalvikSensorDescription

    @property
    def native_value(self) -> float | None:
        return self.entity_description.value_fn(self.coordinator.data)
'''

STRINGS_JSON = """{
  "config": {
    "step": {
      "user": {
        "title": "Kalvik account",
        "data": {
          "username": "[%key:common::config_flow::data::email%]",
          "password": "[%key:common::config_flow::data::password%]"
        }
      }
    },
    "error": {
      "cannot_connect": "[%key:common::config_flow::error::cannot_connect%]",
      "invalid_auth": "[%key:common::config_flow::error::invalid_auth%]",
      "unknown": "[%key:common::config_flow::error::unknown%]"
    },
    "abort": {
      "already_configured": "[%key:common::config_flow::abort::already_configured_device%]"
    }
  },
  "entity": {
    "sensor": {
      "flow_temp": { "name": "Flow temperature" },
      "return_temp": { "name": "Return temperature" },
      "outdoor_temp": { "name": "Outdoor temperature" }
    }
  }
}
"""

EN_JSON = """{
  "config": {
    "step": {
      "user": {
        "title": "Kalvik account",
        "data": {
          "username": "Email",
          "password": "Pasword"
        }
      }
    },
    "error": {
      "cannot_connect": "Failed to connect",
      "invalid_auth": "Invalid authentication",
      "unknown": "Unexpected error"
    },
    "abort": {
      "already_configured": "Device is already configured"
    }
  },
  "entity": {
    "sensor": {
      "flow_temp": { "name": "Flow temperature" },
      "return_temp": { "name": "Return temperature" },
      "outdoor_temp": { "name": "Outdoor temperature" }
    }
  }
}
"""

DIAG_PY = '''"""Diagnostics for Kalvik."""
from __future__ import annotations

from typing import Any

from homeassistant.components.diagnostics import async_redact_data
from homeassistant.const import CONF_PASSWORD, CONF_USERNAME
from homeassistant.core import HomeAssistant

from . import KalvikConfigEntry

TO_REDACT = {CONF_USERNAME, CONF_PASSWORD, "serial"}


async def async_get_config_entry_diagnostics(
    hass: HomeAssistant, entry: KalvikConfigEntry
) -> dict[str, Any]:
    state = entry.runtime_data.data
    return {
        "entry": async_redact_data(entry.as_dict(), TO_REDACT),
        "device": {
            "model": state.model,
            "firmware": state.firmware,
            "mode": state.mode,
            "flow_temp": state.flow_temp,
            "return_temp": state.return_temp,
            "outdoor_temp": state.outdoor_temp,
            "compressor_on": state.compressor_on,
        },
    }
'''

CHANGELOG = """# Changelog

## 2.2.1 - 2026-09-21

- Fix energy sensor resetting after a cloud outage (#391, thanks @pjotrk)

## 2.2.0 - 2026-09-02

- Water heater entity for the DHW tank (#377)
- Reauth flow when the Kalvik password changes
"""

REQ_TEST = """pytest-homeassistant-custom-component==0.13.170
pykalvik==0.9.2
syrupy
"""

PRECOMMIT = """repos:
  - repo: https://github.com/astral-sh/ruff-pre-commit
    rev: v0.13.3
    hooks:
      - id: ruff-check
        args: [--fix]
      - id: ruff-format
  - repo: https://github.com/pre-commit/mirrors-mypy
    rev: v1.18.2
    hooks:
      - id: mypy
        additional_dependencies: [homeassistant-stubs==2026.9.4, pykalvik==0.9.2]
        files: ^custom_components/
"""

LPYPROJECT = """[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "pykalvik"
dynamic = ["version"]
description = "Async client for Kalvik heat pumps (cloud and local API)"
readme = "README.md"
license = "MIT"
requires-python = ">=3.12"
dependencies = ["aiohttp>=3.10", "mashumaro>=3.13"]

[tool.hatch.version]
path = "src/pykalvik/__init__.py"

[tool.hatch.build.targets.sdist]
include = ["src/pykalvik", "tests", "README.md"]

[tool.hatch.envs.hatch-test]
extra-dependencies = ["aioresponses", "pytest-asyncio"]
"""

LINIT_PY = '''"""Async client for Kalvik heat pumps."""
from .client import KalvikClient
from .exceptions import KalvikAuthError, KalvikConnectionError, KalvikError
from .models import DeviceInfo, DeviceState

__version__ = "0.9.2"

__all__ = [
    "DeviceInfo",
    "DeviceState",
    "KalvikAuthError",
    "KalvikClient",
    "KalvikConnectionError",
    "KalvikError",
]
'''

LMODELS_PY = '''"""Data models returned by the Kalvik API."""
from __future__ import annotations

from dataclasses import dataclass, field

from mashumaro import DataClassDictMixin, field_options


@dataclass
class DeviceInfo(DataClassDictMixin):
    serial: str
    name: str
    model: str


@dataclass
class DeviceState(DataClassDictMixin):
    model: str
    firmware: str
    mode: str
    flow_temp: float | None = None
    return_temp: float | None = None
    outdoor_temp: float | None = None
    power_w: float | None = None
    energy_kwh: float | None = None
    compressor_on: bool = False
    compressor_hz: float | None = field(default=None, metadata=field_options(alias="compFreq"))
    defrost: bool = field(default=False, metadata=field_options(alias="defrostActive"))
'''

LCLIENT_PY = '''"""Kalvik cloud API client."""
from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from .exceptions import KalvikAuthError, KalvikConnectionError
from .models import DeviceInfo, DeviceState

API = "https://api.kalvik-cloud.com/v2"
TIMEOUT = aiohttp.ClientTimeout(total=15)


class KalvikClient:
    def __init__(self, username: str, password: str, *, session: aiohttp.ClientSession) -> None:
        self._username = username
        self._password = password
        self._session = session
        self._token: str | None = None

    async def _login(self) -> None:
        data = await self._request("POST", "/auth/token", auth=False,
                                   json={"username": self._username, "password": self._password})
        self._token = data["access_token"]

    async def _request(self, method: str, path: str, *, auth: bool = True, **kwargs: Any) -> Any:
        if auth and self._token is None:
            await self._login()
        headers = {"Authorization": f"Bearer {self._token}"} if auth else {}
        try:
            async with self._session.request(method, API + path, headers=headers,
                                             timeout=TIMEOUT, **kwargs) as resp:
                if resp.status == 401:
                    if auth:
                        self._token = None
                    raise KalvikAuthError("authentication failed")
                resp.raise_for_status()
                return await resp.json()
        except (aiohttp.ClientError, asyncio.TimeoutError) as err:
            raise KalvikConnectionError(str(err)) from err

    async def async_get_devices(self) -> list[DeviceInfo]:
        return [DeviceInfo.from_dict(d) for d in await self._request("GET", "/devices")]

    async def async_get_state(self, serial: str) -> DeviceState:
        return DeviceState.from_dict(await self._request("GET", f"/devices/{serial}/state"))
'''

DEVELOP = """#!/usr/bin/env bash

set -e

cd "$(dirname "$0")/.."

# Create config dir if not present
if [[ ! -d "${PWD}/config" ]]; then
    mkdir -p "${PWD}/config"
    hass --config "${PWD}/config" --script ensure_config
fi

# Set the path to custom_components
## This let's us have the structure we want <root>/custom_components/integration_blueprint
## while at the same time have Home Assistant configuration inside <root>/config
## without resulting to symlinks.
export PYTHONPATH="${PYTHONPATH}:${PWD}/custom_components"

# Start Home Assistant
hass --config "${PWD}/config" --debug
"""

FILES = {
    R + "/scripts/develop": DEVELOP,
    MAN: MANIFEST, CONST: CONST_PY, INIT: INIT_PY, COORD: COORD_PY, CF: CF_PY, TCF: TCF_PY,
    TCONF: TCONF_PY, SENSOR: SENSOR_PY, STRINGS: STRINGS_JSON, EN: EN_JSON, DIAG: DIAG_PY,
    CHL: CHANGELOG, REQT: REQ_TEST, PRE: PRECOMMIT, LPYP: LPYPROJECT, LINIT: LINIT_PY,
    LMODELS: LMODELS_PY, LCLIENT: LCLIENT_PY,
}

# ------------------------------------------------------------------ output helpers

HASSFEST_PLUGINS = ["application_credentials", "bluetooth", "codeowners", "config_schema", "dependencies",
                    "dhcp", "icons", "json", "manifest", "mqtt", "quality_scale", "services", "ssdp",
                    "translations", "usb", "zeroconf", "config_flow"]

HASSFEST_CMD = 'docker run --rm -v "$PWD":/github/workspace ghcr.io/home-assistant/hassfest'


def hassfest(errors=()):
    out = []
    for p in HASSFEST_PLUGINS:
        out.append(f"Validating {p}... done in {_rng[0].randint(0, 3) / 100:.2f}s")
    out += ["", "Integrations: 1", f"Invalid integrations: {1 if errors else 0}"]
    if errors:
        out += ["", "Integration kalvik:"] + [f"* [ERROR] {e}" for e in errors]
    return "\n".join(out)


def pyhdr(n, extra=""):
    return (f"""============================= test session starts ==============================
platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0
rootdir: /home/sanne/code/ha-kalvik
configfile: pyproject.toml
plugins: syrupy-4.9.1, homeassistant-custom-component-{extra or '0.13.170'}, asyncio-1.1.0, cov-7.0.0, socket-0.7.0, timeout-2.4.0, requests-mock-1.12.1, freezer-0.4.9, respx-0.22.0, aiohttp-1.1.0, pytest_cov-7.0.0, xdist-3.8.0, unordered-0.7.0, picked-0.5.1, github-actions-annotate-failures-0.3.0, anyio-4.10.0
asyncio: mode=Mode.AUTO, debug=False, asyncio_default_fixture_loop_scope=function, asyncio_default_test_loop_scope=function
collected {n} items
""")


def twine_upload(files, fail_on=None):
    out = ["Uploading distributions to https://upload.pypi.org/legacy/"]
    for f in files:
        size = f"{_rng[0].randint(180, 320) / 10:.1f}"
        out.append(f"Uploading {f}")
        out.append(f"100% ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ {size}/{size} kB • 00:00 • ?")
        if f == fail_on:
            out.append("WARNING  Error during upload. Retry with the --verbose option for more details.")
            out.append("ERROR    HTTPError: 400 Bad Request from https://upload.pypi.org/legacy/")
            out.append(f"         File already exists ('{f}', with blake2_256 hash '{hx(64)}'). See "
                       "https://pypi.org/help/#file-name-reuse for more information.")
            return "\n".join(out)
    out.append("")
    out.append("View at:")
    ver = files[0].split("-")[1]
    out.append(f"https://pypi.org/project/pykalvik/{ver}/")
    return "\n".join(out)


def hatch_build(ver):
    return (f"""──────────────────────────────────── sdist ─────────────────────────────────────
dist/pykalvik-{ver}.tar.gz
──────────────────────────────────── wheel ─────────────────────────────────────
dist/pykalvik-{ver}-py3-none-any.whl""")


def dists(*vers):
    """twine's order: wheels first, then sdists (each sorted)."""
    return [f"pykalvik-{v}-py3-none-any.whl" for v in vers] + [f"pykalvik-{v}.tar.gz" for v in vers]


def twine_check(files):
    return "\n".join(f"Checking dist/{f}: PASSED" for f in sorted(files))


def hatch_test(n, secs):
    return (f"""──────────────────────────────────── hatch-test.py3.12 ────────────────────────────────────
============================= test session starts ==============================
platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0
rootdir: /home/sanne/code/pykalvik
configfile: pyproject.toml
plugins: asyncio-1.1.0, aioresponses-0.3.0, rerunfailures-16.0, mock-3.15.1, xdist-3.8.0
asyncio: mode=Mode.STRICT, debug=False, asyncio_default_fixture_loop_scope=function, asyncio_default_test_loop_scope=function
collected {n} items

tests/test_auth.py ........                                              [ {800 // n:>2}%]
tests/test_client.py {'.' * (n - 20)}{' ' * max(1, 52 - (n - 20))}[ 77%]
tests/test_models.py ............                                        [100%]

============================== {n} passed in {secs} ==============================""")


def commit(msg, files=2, ins=10, dels=2, branch="main"):
    return (f"[{branch} {hx(7)}] {msg}\n {files} file{'s' if files > 1 else ''} changed, "
            f"{ins} insertions(+), {dels} deletion{'s' if dels != 1 else ''}(-)")


# ------------------------------------------------------------------ sessions

def s1(d):
    with d.session("2026-10-05T19:40:00", R, version="2.1.186"):
        t = d.task("walk me through how polling works in the coordinator, havent touched it since spring",
                   tags=["noise"])
        t.read(COORD)
        t.read(CONST)
        t.grep("runtime_data", path=CC, output_mode="content", n=True, content=
               "custom_components/kalvik/__init__.py:29:    entry.runtime_data = coordinator\n"
               "custom_components/kalvik/sensor.py:78:    coordinator = entry.runtime_data\n"
               "custom_components/kalvik/climate.py:41:    coordinator = entry.runtime_data\n"
               "custom_components/kalvik/water_heater.py:37:    coordinator = entry.runtime_data\n"
               "custom_components/kalvik/diagnostics.py:19:    state = entry.runtime_data.data")
        t.done("How polling works now:\n\n"
               "1. `async_setup_entry` (`__init__.py`) builds a `KalvikClient` on HA's shared aiohttp session, "
               "makes one `KalvikCoordinator`, calls `async_config_entry_first_refresh()` and stores it as "
               "`entry.runtime_data`. If that first poll fails, setup raises ConfigEntryNotReady and HA retries.\n"
               "2. The coordinator polls every `DEFAULT_SCAN_INTERVAL` (60 s, `const.py`). Each poll is one "
               "`client.async_get_state(serial)`. The serial comes from `entry.unique_id`.\n"
               "3. Errors: `KalvikAuthError` becomes `ConfigEntryAuthFailed` and starts the reauth flow. "
               "`KalvikConnectionError` becomes `UpdateFailed`, so every entity goes unavailable until the next "
               "good poll.\n"
               "4. Sensor, climate, water_heater and diagnostics all read `entry.runtime_data.data` (a "
               "`DeviceState`). None of them fetch anything themselves.\n\n"
               "One call per minute per pump covers everything.")

        t = d.task("#402: people can add the same pump twice and then everything shows up doubled. fix the config "
                   "flow + add a test. tests must not hit the real cloud, mock the client like conftest does",
                   tags=["pref:P1", "oneoff:O1"])
        t.read(CF)
        t.read(TCF)
        t.read(TCONF)
        t.edit(TCF, '''    assert result["errors"] == {"base": "invalid_auth"}
''', '''    assert result["errors"] == {"base": "invalid_auth"}


async def test_already_configured(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    entry = MockConfigEntry(domain=DOMAIN, unique_id="KV8-2231-0047", data=USER_INPUT)
    entry.add_to_hass(hass)
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    result = await hass.config_entries.flow.async_configure(result["flow_id"], USER_INPUT)
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "already_configured"
''')
        t.edit(TCF, "from pykalvik import KalvikAuthError\n",
               "from pykalvik import KalvikAuthError\nfrom pytest_homeassistant_custom_component.common import MockConfigEntry\n")
        t.say("Test first, so it should fail against the current flow:")
        t.fail(".venv/bin/pytest tests/test_config_flow.py", "Run config flow tests", pyhdr(3) + """
tests/test_config_flow.py ..F                                            [100%]

=================================== FAILURES ===================================
___________________________ test_already_configured ____________________________

hass = <homeassistant.core.HomeAssistant object at 0x7f3a2c1d5e50>
mock_client = <NonCallableMagicMock name='KalvikClient()' spec='KalvikClient' id='139887016214096'>

    async def test_already_configured(hass: HomeAssistant, mock_client: AsyncMock) -> None:
        entry = MockConfigEntry(domain=DOMAIN, unique_id="KV8-2231-0047", data=USER_INPUT)
        entry.add_to_hass(hass)
        result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
        result = await hass.config_entries.flow.async_configure(result["flow_id"], USER_INPUT)
>       assert result["type"] is FlowResultType.ABORT
E       AssertionError: assert <FlowResultType.CREATE_ENTRY: 'create_entry'> is <FlowResultType.ABORT: 'abort'>
E        +  where <FlowResultType.CREATE_ENTRY: 'create_entry'> = FlowResultType.CREATE_ENTRY

tests/test_config_flow.py:40: AssertionError
=========================== short test summary info ============================
FAILED tests/test_config_flow.py::test_already_configured - AssertionError: assert <FlowResultType.CREATE_ENTRY: 'create_entry'> is <FlowResultType.ABORT: 'abort'>
========================= 1 failed, 2 passed in 0.94s ==========================""")
        t.say("Reproduced. The flow never sets a unique_id. Use the pump serial and abort if it's already configured:")
        t.edit(CF, '''                device = devices[0]
                return self.async_create_entry(''', '''                device = devices[0]
                await self.async_set_unique_id(device.serial)
                self._abort_if_unique_id_configured()
                return self.async_create_entry(''')
        t.bash(".venv/bin/pytest tests/test_config_flow.py", "Run config flow tests", out=pyhdr(3) + """
tests/test_config_flow.py ...                                            [100%]

============================== 3 passed in 0.88s ===============================""")
        t.done("Fixed #402. The user step now calls `async_set_unique_id(device.serial)` and "
               "`_abort_if_unique_id_configured()` before it creates the entry, so a second add of the same pump "
               "aborts with `already_configured`. The string for that already exists in strings.json.\n\n"
               "New test `test_already_configured` uses the `mock_client` fixture, so no cloud calls. It failed "
               "first (CREATE_ENTRY instead of ABORT) and passes now: 3 passed.\n\n"
               "Existing duplicate entries don't go away with this. Affected users have to delete one of them by hand.")

        t = d.task("newer kalvik firmware does dhcp, hostnames look like kalvik-XXXX, mac prefix 70:B3:D5. add dhcp "
                   "discovery so the pump shows up as discovered. run hassfest locally after",
                   tags=["mistake:M1"])
        t.read(MAN)
        t.edit(MAN, '''  "version": "2.2.1"
}''', '''  "version": "2.2.1",
  "dhcp": [
    {
      "hostname": "kalvik-*",
      "macaddress": "70B3D5*"
    }
  ]
}''')
        t.edit(CF, '''    VERSION = 1
''', '''    VERSION = 1

    async def async_step_dhcp(
        self, discovery_info: DhcpServiceInfo
    ) -> ConfigFlowResult:
        """Pump found on the network; the account step still does the work."""
        self.context["title_placeholders"] = {"name": discovery_info.hostname}
        return await self.async_step_user()
''')
        t.edit(CF, "from homeassistant.helpers.aiohttp_client import async_get_clientsession\n",
               "from homeassistant.helpers.aiohttp_client import async_get_clientsession\n"
               "from homeassistant.helpers.service_info.dhcp import DhcpServiceInfo\n")
        t.fail(HASSFEST_CMD, "Run hassfest via its Docker image",
               hassfest(["[MANIFEST] Manifest keys are not sorted correctly: domain, name, then alphabetical order"]))
        t.say("hassfest wants domain, name, then the rest alphabetically. I appended `dhcp` after `version`, "
              "so it goes between `config_flow` and `documentation`:")
        t.read(MAN)
        t.edit(MAN, '''  "version": "2.2.1",
  "dhcp": [
    {
      "hostname": "kalvik-*",
      "macaddress": "70B3D5*"
    }
  ]
}''', '''  "version": "2.2.1"
}''')
        t.edit(MAN, '''  "config_flow": true,
''', '''  "config_flow": true,
  "dhcp": [
    {
      "hostname": "kalvik-*",
      "macaddress": "70B3D5*"
    }
  ],
''')
        t.bash(HASSFEST_CMD, "Re-run hassfest", out=hassfest())
        t.bash(".venv/bin/pytest tests/test_config_flow.py -q", "Config flow tests still pass",
               out="...                                                                      [100%]\n3 passed in 0.91s")
        t.done("DHCP discovery is in:\n"
               "- manifest.json has a `dhcp` matcher (`hostname: kalvik-*`, `macaddress: 70B3D5*`), placed "
               "after `config_flow`. hassfest rejected the first version because I'd appended the key after "
               "`version` (keys must be domain, name, then alphabetical). It passes now.\n"
               "- `async_step_dhcp` sets the discovered hostname as the title placeholder and continues to the "
               "account step. Users still have to log in because the cloud API is the data source.\n\n"
               "Config flow tests still pass. I haven't added a discovery test yet.")

        t = d.task("whats the actual difference between local_polling and cloud_polling for iot_class? does hacs or "
                   "anything care or is it just a label", tags=["no_tools"])
        t.done("It's mostly metadata:\n\n"
               "- `cloud_polling`: HA polls a vendor cloud. That's what you have today.\n"
               "- `local_polling`: HA polls the device on the LAN with no cloud in the path.\n\n"
               "Where it shows up: the integrations page and the analytics stats, and hassfest checks that it's "
               "one of the allowed values. HACS only needs a valid manifest and doesn't look at it. Nothing "
               "changes at runtime: polling interval and behaviour are yours either way.\n\n"
               "If you later add a local-API mode, the usual choice is to keep one iot_class for the main path "
               "(still cloud here) and mention the local option in the docs.")


ISSUE_405 = """title:	Flow temperature stuck at 0 °C on KV6
state:	OPEN
author:	mkoster-nl
labels:	bug
comments:	1
assignees:
projects:
milestone:
number:	405
--
### The problem

Since 2.2.1 my flow temperature sensor sits at 0 °C for hours, every night. Return temp also 0. During the day it is normal. The Kalvik app shows "--" at the same times.

### What version of Home Assistant Core has the issue?

core-2026.10.1

### Model

KV6 (firmware 3.1.8)

### Diagnostics information

[config_entry-kalvik-01JB7K3Q.json](https://github.com/user-attachments/files/22871034/config_entry-kalvik-01JB7K3Q.json)

--
author:	pjotrk
association:	contributor
edited:	false
status:	none
--
Same here on a KV8, it drops to 0 when the pump is in standby. Makes the history graph useless.
--"""

DIAG_405 = """{
  "home_assistant": {
    "installation_type": "Home Assistant OS",
    "version": "2026.10.1",
    "python_version": "3.13.7"
  },
  "custom_components": {
    "kalvik": {
      "documentation": "https://github.com/sannev/ha-kalvik",
      "version": "2.2.1",
      "requirements": [
        "pykalvik==0.9.2"
      ]
    }
  },
  "integration_manifest": {
    "domain": "kalvik",
    "iot_class": "cloud_polling"
  },
  "data": {
    "entry": {
      "domain": "kalvik",
      "title": "Heat pump",
      "data": {
        "username": "**REDACTED**",
        "password": "**REDACTED**",
        "serial": "**REDACTED**"
      }
    },
    "device": {
      "model": "KV6",
      "firmware": "3.1.8",
      "mode": "standby",
      "flow_temp": 0.0,
      "return_temp": 0.0,
      "outdoor_temp": 6.5,
      "compressor_on": false
    }
  }
}"""


def s2(d):
    with d.session("2026-10-08T20:15:00", R, version="2.1.187"):
        t = d.task("look at #405, diagnostics are attached", tags=["workflow:W2"])
        t.bash("gh issue view 405 --comments", "Show issue 405 with comments", out=ISSUE_405)
        t.bash("curl -sL -o /tmp/kalvik-405.json https://github.com/user-attachments/files/22871034/config_entry-kalvik-01JB7K3Q.json "
               "&& cat /tmp/kalvik-405.json", "Download and show the diagnostics dump", out=DIAG_405)
        t.say("Standby, compressor off, and flow/return exactly 0.0. The cloud reports 0 when the "
              "circulation pump is stopped, not a real 0 °C. I'll put the dump's state in a fixture and test that "
              "the sensors go unknown in standby:")
        t.write(R + "/tests/fixtures/state_kv6_standby.json", """{
  "model": "KV6",
  "firmware": "3.1.8",
  "mode": "standby",
  "flow_temp": 0.0,
  "return_temp": 0.0,
  "outdoor_temp": 6.5,
  "power_w": 11.0,
  "energy_kwh": 4211.7,
  "compressor_on": false
}
""")
        t.read(SENSOR)
        t.edit(SENSOR, "        value_fn=lambda s: s.flow_temp,\n",
               "        value_fn=lambda s: None if s.mode == \"standby\" else s.flow_temp,\n")
        t.edit(SENSOR, "        value_fn=lambda s: s.return_temp,\n",
               "        value_fn=lambda s: None if s.mode == \"standby\" else s.return_temp,\n")
        t.write(R + "/tests/test_sensor_standby.py", '''"""Flow/return temperatures in standby (#405)."""
from unittest.mock import AsyncMock

from homeassistant.const import STATE_UNKNOWN
from homeassistant.core import HomeAssistant
from pykalvik import DeviceState

from .const import load_state, setup_integration


async def test_standby_temps_unknown(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    mock_client.async_get_state.return_value = DeviceState.from_dict(load_state("state_kv6_standby.json"))
    await setup_integration(hass)
    assert hass.states.get("sensor.living_room_pump_flow_temperature").state == STATE_UNKNOWN
    assert hass.states.get("sensor.living_room_pump_return_temperature").state == STATE_UNKNOWN
    assert hass.states.get("sensor.living_room_pump_outdoor_temperature").state == "6.5"
''')
        t.bash(".venv/bin/pytest tests/test_sensor_standby.py tests/test_sensor.py -q", "Run sensor tests", out=
               "....                                                                     [100%]\n4 passed in 1.37s")
        t.bash("gh issue comment 405 --body 'Thanks for the diagnostics! In standby the Kalvik cloud reports 0.0 for "
               "flow/return (the circulation pump is off), which we passed straight through. Next release shows "
               "these sensors as unknown while the pump is in standby, so the history graph gets a gap instead of a "
               "drop to 0.'", "Reply on the issue", out="https://github.com/sannev/ha-kalvik/issues/405#issuecomment-3391180442")
        t.done("#405 handled:\n"
               "- Cause: in standby the cloud sends `flow_temp`/`return_temp` = 0.0 (compressor off, circulation "
               "stopped), as in the dump.\n"
               "- Fix: those two sensors return `None` (unknown) when `mode == \"standby\"`. Outdoor temp isn't touched.\n"
               "- Test: `tests/fixtures/state_kv6_standby.json` comes from the reporter's dump, and "
               "`test_standby_temps_unknown` checks it. 4 passed.\n"
               "- I posted a short explanation on the issue. It stays open until the release.")

        t = d.task("add the defrost flag to the diagnostics output, pykalvik already has it as `defrost`",
                   tags=["mistake:M2"])
        t.read(DIAG)
        t.edit(DIAG, '''            "compressor_on": state.compressor_on,
''', '''            "compressor_on": state.compressor_on,
            "defrost": state.defrost,
''')
        t.fail(".venv/bin/pytest tests/test_diagnostics.py", "Run diagnostics tests", pyhdr(1) + """
tests/test_diagnostics.py F                                              [100%]

=================================== FAILURES ===================================
____________________________ test_entry_diagnostics ____________________________

hass = <homeassistant.core.HomeAssistant object at 0x7f91d0a4b2c0>
hass_client = <function hass_client.<locals>.auth_client at 0x7f91d05e8ea0>
mock_client = <NonCallableMagicMock name='KalvikClient()' spec='KalvikClient' id='140264113720912'>
snapshot = SnapshotAssertion(name='snapshot', num_executions=1)

    async def test_entry_diagnostics(
        hass: HomeAssistant,
        hass_client: ClientSessionGenerator,
        mock_client: AsyncMock,
        snapshot: SnapshotAssertion,
    ) -> None:
        entry = await setup_integration(hass)
>       assert await get_diagnostics_for_config_entry(hass, hass_client, entry) == snapshot
E       AssertionError: assert [+ received] == [- snapshot]
E           dict({
E             'device': dict({
E               'compressor_on': True,
E         +     'defrost': False,
E               'firmware': '3.4.1',
E               'flow_temp': 38.5,
E         ...

tests/test_diagnostics.py:27: AssertionError
--------------------------- snapshot report summary ----------------------------
1 snapshot failed.
=========================== short test summary info ============================
FAILED tests/test_diagnostics.py::test_entry_diagnostics - AssertionError: assert [+ received] == [- snapshot]
============================== 1 failed in 1.02s ===============================""")
        t.say("The only difference is the new `defrost` key, which is intended. Regenerate the stored snapshot:")
        t.bash(".venv/bin/pytest tests/test_diagnostics.py --snapshot-update", "Update the diagnostics snapshot", out=
               pyhdr(1) + """
tests/test_diagnostics.py .                                              [100%]

--------------------------- snapshot report summary ----------------------------
1 snapshot updated.
============================== 1 passed in 0.97s ===============================""")
        t.bash("git diff --stat && git diff tests/snapshots/", "Show what the snapshot update changed", out=
               """ custom_components/kalvik/diagnostics.py      | 1 +
 tests/snapshots/test_diagnostics.ambr         | 1 +
 2 files changed, 2 insertions(+)
diff --git a/tests/snapshots/test_diagnostics.ambr b/tests/snapshots/test_diagnostics.ambr
index 4f1c2a9..b07d3e1 100644
--- a/tests/snapshots/test_diagnostics.ambr
+++ b/tests/snapshots/test_diagnostics.ambr
@@ -3,6 +3,7 @@
   dict({
     'device': dict({
       'compressor_on': True,
+      'defrost': False,
       'firmware': '3.4.1',
       'flow_temp': 38.5,
       'mode': 'heat',""")
        t.bash(".venv/bin/pytest tests/test_diagnostics.py", "Re-run without update", out=pyhdr(1) + """
tests/test_diagnostics.py .                                              [100%]

--------------------------- snapshot report summary ----------------------------
1 snapshot passed.
============================== 1 passed in 0.95s ===============================""")
        t.done("Diagnostics now include `\"defrost\": state.defrost`. The syrupy snapshot for "
               "`test_entry_diagnostics` failed only on that new key, so I regenerated it with "
               "`--snapshot-update`. The `.ambr` diff is one added line (`'defrost': False`), and a normal run "
               "passes.")

        t = d.task("when the pump drops off (cloud unreachable) log a warning with the reason. right now people "
                   "send me diagnostics and i cant tell from their logs when it happened", tags=["pref:P3"])
        t.read(COORD)
        t.edit(COORD, '''        except KalvikConnectionError as err:
            raise UpdateFailed(f"Error talking to Kalvik cloud: {err}") from err
''', '''        except KalvikConnectionError as err:
            LOGGER.warning("Kalvik pump %s unreachable: %s", self.serial, err)
            raise UpdateFailed(f"Error talking to Kalvik cloud: {err}") from err
''')
        t.bash(".venv/bin/pytest tests/ -q -x", "Run the whole suite", out=
               "..............................                                           [100%]\n30 passed in 3.84s")
        t.done("`_async_update_data` now logs `Kalvik pump <serial> unreachable: <reason>` at warning level on "
               "every failed poll, right before the `UpdateFailed`. Users will see it in their normal logs with a "
               "timestamp. The full suite passes (30).")


def lib_bump(d, old, new):
    d.files[LINIT] = d.files[LINIT].replace(f'__version__ = "{old}"', f'__version__ = "{new}"')


def s3(d):
    with d.session("2026-10-12T10:05:00", L, version="2.1.188"):
        t = d.task("release pykalvik 0.9.3, the compFreq alias fix from last week is on main", tags=["mistake:M3"])
        t.bash("git status -sb && git log --oneline v0.9.2..HEAD", "Check state and changes since 0.9.2", out=
               f"""## main...origin/main
{hx(7)} Map compFreq alias to compressor_hz (#27)
{hx(7)} Retry once on 502 from /devices/*/state
{hx(7)} ci: test on 3.13""")
        t.bash("hatch test", "Run the library tests", out=hatch_test(46, "1.62s"))
        t.bash("hatch version 0.9.3", "Bump version", out="Old: 0.9.2\nNew: 0.9.3")
        lib_bump(d, "0.9.2", "0.9.3")
        t.bash('git commit -am "Release 0.9.3" && git tag -a v0.9.3 -m "pykalvik 0.9.3"', "Commit and tag",
               out=commit("Release 0.9.3", files=1, ins=1, dels=1))
        t.bash("hatch build", "Build sdist and wheel", out=hatch_build("0.9.3"))
        t.bash("twine check dist/*", "Check the distributions", out=twine_check(dists("0.9.2", "0.9.3")))
        t.fail("twine upload dist/*", "Upload to PyPI", twine_upload(dists("0.9.2", "0.9.3"),
                                                                     fail_on="pykalvik-0.9.2-py3-none-any.whl"))
        t.say("PyPI rejected `pykalvik-0.9.2-py3-none-any.whl`. That's last release's wheel, still sitting in "
              "dist/, and `dist/*` picked it up. Nothing from 0.9.3 was sent. Clear the old artifacts with hatch, "
              "rebuild, upload again:")
        t.bash("hatch clean", "Remove old build artifacts from dist/", out="")
        t.bash("hatch build", "Rebuild 0.9.3", out=hatch_build("0.9.3"))
        t.bash("twine upload dist/*", "Upload to PyPI", out=twine_upload(dists("0.9.3")))
        t.bash("git push origin main --follow-tags", "Push commit and tag", out=
               f"""To github.com:sannev/pykalvik.git
   {hx(7)}..{hx(7)}  main -> main
 * [new tag]         v0.9.3 -> v0.9.3""")
        t.done("pykalvik 0.9.3 is on PyPI: https://pypi.org/project/pykalvik/0.9.3/\n\n"
               "- `hatch test` 46 passed, version bumped, `Release 0.9.3` committed and tagged `v0.9.3`, pushed.\n"
               "- The first `twine upload dist/*` got a 400 `File already exists` for the 0.9.2 wheel, because "
               "dist/ still held the previous build. After `hatch clean` and a rebuild, dist/ had only 0.9.3 and "
               "the upload went through.\n\n"
               "The integration still pins `pykalvik==0.9.2` in manifest.json. Bump it when you next touch ha-kalvik.")

        t = d.task("does aiohttp ClientTimeout(total=15) include the connect time or is that separate? check the "
                   "docs dont guess", tags=["webfetch", "noise"])
        t.webfetch("https://docs.aiohttp.org/en/stable/client_quickstart.html#timeouts",
                   "What does ClientTimeout.total cover, and how do connect / sock_connect / sock_read relate to it?",
                   "The Timeouts section says timeout settings are stored in a ClientTimeout data structure. By "
                   "default aiohttp uses a *total* 300 seconds (5 min) timeout, meaning the whole operation should "
                   "finish in 5 minutes. The fields are:\n\n"
                   "- total: the maximal number of seconds for the whole operation including connection "
                   "establishment, request sending and response reading.\n"
                   "- connect: the maximal number of seconds for connection establishment of a new connection or "
                   "for waiting for a free connection from a pool if pool connection limits are exceeded.\n"
                   "- sock_connect: the maximal number of seconds for connecting to a peer for a new connection, not "
                   "given from a pool.\n"
                   "- sock_read: the maximal number of seconds allowed for period between reading a new chunk of "
                   "data.\n\n"
                   "Default value is ClientTimeout(total=5*60, sock_connect=30). The timeout can be overridden on a "
                   "request by passing timeout=... to ClientSession methods.")
        t.done("Yes. `total` covers everything: waiting for a pool slot, connecting (DNS, TCP, TLS), sending, "
               "and reading the response. Per the aiohttp docs, `connect` and `sock_connect` are separate caps "
               "inside that budget, not extra time on top of it.\n\n"
               "So `ClientTimeout(total=15)` means a request fails after 15 s whichever phase is slow. If you "
               "want a slow cloud login to fail fast while still allowing slow responses, add `sock_connect=5`.")

        t = d.task("is py.typed actually shipped in the wheel? someone on discord says mypy cant see our types",
                   tags=["noise"])
        t.glob("src/pykalvik/**/*", [L + "/src/pykalvik/__init__.py", L + "/src/pykalvik/client.py",
                                      L + "/src/pykalvik/exceptions.py", L + "/src/pykalvik/local.py",
                                      L + "/src/pykalvik/models.py", L + "/src/pykalvik/py.typed"])
        t.read(LPYP)
        t.bash("unzip -l dist/pykalvik-0.9.3-py3-none-any.whl", "List the wheel contents", out=
               """Archive:  dist/pykalvik-0.9.3-py3-none-any.whl
  Length      Date    Time    Name
---------  ---------- -----   ----
      412  2020-02-02 00:00   pykalvik/__init__.py
     3187  2020-02-02 00:00   pykalvik/client.py
      341  2020-02-02 00:00   pykalvik/exceptions.py
     2254  2020-02-02 00:00   pykalvik/local.py
     1205  2020-02-02 00:00   pykalvik/models.py
        0  2020-02-02 00:00   pykalvik/py.typed
     1071  2020-02-02 00:00   pykalvik-0.9.3.dist-info/METADATA
       87  2020-02-02 00:00   pykalvik-0.9.3.dist-info/WHEEL
     1069  2020-02-02 00:00   pykalvik-0.9.3.dist-info/licenses/LICENSE
      717  2020-02-02 00:00   pykalvik-0.9.3.dist-info/RECORD
---------                     -------
    10343                     10 files""")
        t.done("Yes, `pykalvik/py.typed` is in the 0.9.3 wheel. hatchling includes everything under "
               "`src/pykalvik`, and the empty marker file is there.\n\n"
               "If mypy on their side still sees no types, they probably have an older pykalvik installed or run "
               "mypy in a different env. Ask for `pip show pykalvik` from the env mypy uses.")


PRECOMMIT_OK = """ruff check...............................................................Passed
ruff format..............................................................Passed
mypy.....................................................................Passed"""

PIP_TIMEOUT = "\n".join(
    [f"WARNING: Retrying (Retry(total={n}, connect=None, read=None, redirect=None, status=None)) after connection "
     "broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='pypi.org', port=443): Read timed out. (read "
     "timeout=15)\")': /simple/pytest-homeassistant-custom-component/" for n in (4, 3, 2, 1, 0)] + [
        "ERROR: Could not find a version that satisfies the requirement pytest-homeassistant-custom-component==0.13.190 (from versions: none)",
        "ERROR: No matching distribution found for pytest-homeassistant-custom-component==0.13.190"])

ALL_TESTS = [
    ("tests/test_binary_sensor.py", []),
    ("tests/test_climate.py", ["test_climate_entities", "test_set_temperature", "test_set_hvac_mode_off",
                               "test_set_hvac_mode_heat", "test_unavailable_on_update_failed"]),
    ("tests/test_config_flow.py", ["test_user_flow", "test_invalid_auth", "test_already_configured",
                                   "test_cannot_connect", "test_unknown_error", "test_reauth_flow",
                                   "test_reauth_wrong_account", "test_dhcp_discovery"]),
    ("tests/test_coordinator.py", ["test_auth_error_starts_reauth", "test_connection_error_unavailable",
                                   "test_recovers_after_failure"]),
    ("tests/test_diagnostics.py", ["test_entry_diagnostics"]),
    ("tests/test_init.py", ["test_setup_unload", "test_setup_retry_on_connection_error",
                            "test_setup_auth_failed"]),
    ("tests/test_sensor.py", ["test_all_entities", "test_energy_total_increasing", "test_power_none_when_missing"]),
    ("tests/test_sensor_standby.py", ["test_standby_temps_unknown"]),
    ("tests/test_water_heater.py", ["test_water_heater_entity", "test_set_dhw_temperature",
                                    "test_set_operation_mode", "test_boost_mode", "test_min_max_temp"]),
]


def full_verbose(phcc, secs):
    names = [(f, n) for f, ns in ALL_TESTS for n in ns]
    out = [pyhdr(len(names), phcc)]
    for i, (f, n) in enumerate(names, 1):
        left = f"{f}::{n} PASSED"
        out.append(f"{left:<72} [{i * 100 // len(names):>3}%]")
    out.append("")
    out.append(f"============================== {len(names)} passed in {secs} ==============================")
    return "\n".join(out)


def s4(d):
    with d.session("2026-10-15T19:50:00", R, version="2.1.189"):
        t = d.task("HA 2026.10 is out, bump pytest-homeassistant-custom-component to the matching version "
                   "(0.13.190 i think) and pykalvik 0.9.3 in the test reqs, then run everything",
                   tags=["flaky:F1", "long_output"])
        t.read(REQT)
        t.edit(REQT, "pytest-homeassistant-custom-component==0.13.170\npykalvik==0.9.2\n",
               "pytest-homeassistant-custom-component==0.13.190\npykalvik==0.9.3\n")
        t.fail(".venv/bin/pip install -r requirements_test.txt", "Install updated test requirements", PIP_TIMEOUT)
        t.say("pypi.org read timeouts, five retries in a row. Nothing wrong with the pins. Trying the same "
              "install again:")
        t.bash(".venv/bin/pip install -r requirements_test.txt", "Install updated test requirements", out=
               """Collecting pytest-homeassistant-custom-component==0.13.190 (from -r requirements_test.txt (line 1))
  Downloading pytest_homeassistant_custom_component-0.13.190-py3-none-any.whl.metadata (7.2 kB)
Collecting pykalvik==0.9.3 (from -r requirements_test.txt (line 2))
  Downloading pykalvik-0.9.3-py3-none-any.whl.metadata (1.1 kB)
Collecting homeassistant==2026.10.1 (from pytest-homeassistant-custom-component==0.13.190->-r requirements_test.txt (line 1))
  Downloading homeassistant-2026.10.1-py3-none-any.whl.metadata (4.3 kB)
Downloading pytest_homeassistant_custom_component-0.13.190-py3-none-any.whl (62 kB)
Downloading homeassistant-2026.10.1-py3-none-any.whl (44.1 MB)
   ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 44.1/44.1 MB 21.7 MB/s eta 0:00:00
Downloading pykalvik-0.9.3-py3-none-any.whl (10 kB)
Installing collected packages: pykalvik, homeassistant, pytest-homeassistant-custom-component
  Attempting uninstall: pykalvik
    Found existing installation: pykalvik 0.9.2
    Uninstalling pykalvik-0.9.2:
      Successfully uninstalled pykalvik-0.9.2
  Attempting uninstall: homeassistant
    Found existing installation: homeassistant 2026.9.4
    Uninstalling homeassistant-2026.9.4:
      Successfully uninstalled homeassistant-2026.9.4
  Attempting uninstall: pytest-homeassistant-custom-component
    Found existing installation: pytest-homeassistant-custom-component 0.13.170
    Uninstalling pytest-homeassistant-custom-component-0.13.170:
      Successfully uninstalled pytest-homeassistant-custom-component-0.13.170
Successfully installed homeassistant-2026.10.1 pykalvik-0.9.3 pytest-homeassistant-custom-component-0.13.190""")
        t.bash(".venv/bin/pytest tests/ -v", "Run the full suite verbosely", out=full_verbose("0.13.190", "4.12s"))
        t.done("Bumped `pytest-homeassistant-custom-component==0.13.190` (pulls in homeassistant 2026.10.1) and "
               "`pykalvik==0.9.3` in requirements_test.txt. The first pip install hit pypi.org read timeouts. "
               "The identical retry installed fine. Full suite on 2026.10.1: 30 passed, no deprecation failures.\n\n"
               "manifest.json still requires pykalvik 0.9.2. That belongs in the next release bump.")

        t = d.task("add a compressor frequency sensor (Hz), pykalvik 0.9.3 has compressor_hz now. same pattern as "
                   "the others w/ translation key. and again: patch the client in tests, nothing talks to the real "
                   "api", tags=["workflow:W3", "pref:P1", "mistake:M2"])
        t.read(SENSOR)
        t.edit(SENSOR, "from homeassistant.const import UnitOfEnergy, UnitOfPower, UnitOfTemperature\n",
               "from homeassistant.const import UnitOfEnergy, UnitOfFrequency, UnitOfPower, UnitOfTemperature\n")
        t.edit(SENSOR, '''    KalvikSensorDescription(
        key="power",''', '''    KalvikSensorDescription(
        key="compressor_frequency",
        translation_key="compressor_frequency",
        device_class=SensorDeviceClass.FREQUENCY,
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement=UnitOfFrequency.HERTZ,
        value_fn=lambda s: s.compressor_hz,
    ),
    KalvikSensorDescription(
        key="power",''')
        t.read(STRINGS)
        t.edit(STRINGS, '''      "outdoor_temp": { "name": "Outdoor temperature" }
    }''', '''      "outdoor_temp": { "name": "Outdoor temperature" },
      "compressor_frequency": { "name": "Compressor frequency" }
    }''')
        t.read(EN)
        t.edit(EN, '''      "outdoor_temp": { "name": "Outdoor temperature" }
    }''', '''      "outdoor_temp": { "name": "Outdoor temperature" },
      "compressor_frequency": { "name": "Compressor frequency" }
    }''')
        t.fail(".venv/bin/pytest tests/test_sensor.py", "Run sensor tests", pyhdr(3, "0.13.190") + """
tests/test_sensor.py F..                                                 [100%]

=================================== FAILURES ===================================
______________________________ test_all_entities _______________________________

hass = <homeassistant.core.HomeAssistant object at 0x7fd2b8e61a90>
mock_client = <NonCallableMagicMock name='KalvikClient()' spec='KalvikClient' id='140543991834640'>
snapshot = SnapshotAssertion(name='snapshot', num_executions=12)
entity_registry = <homeassistant.helpers.entity_registry.EntityRegistry object at 0x7fd2b8c0e2d0>

    async def test_all_entities(
        hass: HomeAssistant,
        mock_client: AsyncMock,
        snapshot: SnapshotAssertion,
        entity_registry: er.EntityRegistry,
    ) -> None:
        with patch("custom_components.kalvik.PLATFORMS", [Platform.SENSOR]):
            entry = await setup_integration(hass)
>       await snapshot_platform(hass, entity_registry, snapshot, entry.entry_id)

tests/test_sensor.py:34: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

    async def snapshot_platform(
        hass: HomeAssistant,
        entity_registry: er.EntityRegistry,
        snapshot: SnapshotAssertion,
        config_entry_id: str,
    ) -> None:
        \"\"\"Snapshot a platform.\"\"\"
        entity_entries = er.async_entries_for_config_entry(entity_registry, config_entry_id)
        assert entity_entries
        assert (
            len({entity_entry.domain for entity_entry in entity_entries}) == 1
        ), "Please limit the loaded platforms to 1 platform."
        for entity_entry in entity_entries:
>           assert entity_entry == snapshot(name=f"{entity_entry.entity_id}-entry")
E           AssertionError: assert [+ received] == [- snapshot]
E             Snapshot 'test_all_entities[sensor.living_room_pump_compressor_frequency-entry]' does not exist!
E             + received: EntityRegistryEntrySnapshot({
E             +   'aliases': set({
E             +   }),
E             +   'area_id': None,
E             +   'capabilities': dict({
E             +     'state_class': <SensorStateClass.MEASUREMENT: 'measurement'>,
E             +   }),
E             +   'config_entry_id': <ANY>,
E             +   'device_class': None,
E             +   'disabled_by': None,
E             +   'domain': 'sensor',
E             +   'entity_id': 'sensor.living_room_pump_compressor_frequency',
E         ...

.venv/lib/python3.12/site-packages/pytest_homeassistant_custom_component/common.py:1921: AssertionError
--------------------------- snapshot report summary ----------------------------
1 snapshot failed. 6 snapshots passed.
=========================== short test summary info ============================
FAILED tests/test_sensor.py::test_all_entities - AssertionError: assert [+ received] == [- snapshot]
========================= 1 failed, 2 passed in 1.48s ==========================""")
        t.say("The existing entities match. It stops at the new entity, which has no stored snapshot yet "
              "(neither registry entry nor state). Writing the new snapshots:")
        t.bash(".venv/bin/pytest tests/test_sensor.py --snapshot-update", "Write snapshots for the new entity", out=
               pyhdr(3, "0.13.190") + """
tests/test_sensor.py ...                                                 [100%]

--------------------------- snapshot report summary ----------------------------
2 snapshots generated. 10 snapshots passed.
============================== 3 passed in 1.41s ===============================""")
        t.bash("git diff --stat tests/snapshots/", "Check the snapshot change", out=
               " tests/snapshots/test_sensor.ambr | 57 +++++++++++++++++++++++++++++++++++++++++++++++\n"
               " 1 file changed, 57 insertions(+)")
        t.bash(".venv/bin/pytest tests/test_sensor.py", "Run sensor tests", out=pyhdr(3, "0.13.190") + """
tests/test_sensor.py ...                                                 [100%]

--------------------------- snapshot report summary ----------------------------
12 snapshots passed.
============================== 3 passed in 1.39s ===============================""")
        t.bash("pre-commit run --all-files", "ruff + mypy", out=PRECOMMIT_OK)
        t.done("Added **Compressor frequency**:\n"
               "- `sensor.py`: `compressor_frequency` description (FREQUENCY, Hz, measurement, "
               "`value_fn=lambda s: s.compressor_hz`).\n"
               "- `strings.json` and `translations/en.json`: `entity.sensor.compressor_frequency.name`.\n"
               "- Tests use the patched `mock_client`, with no network. `test_all_entities` failed because the new "
               "entity had no stored snapshot. I generated them (`--snapshot-update`, +57 lines in "
               "test_sensor.ambr, all for the new entity), and a normal run passes.\n"
               "- pre-commit (ruff, ruff format, mypy) passes.")

        t = d.task("ok lets ship 2.3.0. manifest needs pykalvik 0.9.3. in the release notes always credit the people "
                   "who reported/fixed stuff with their @handle", tags=["workflow:W1", "pref:P2"])
        t.read(MAN)
        t.edit(MAN, '"requirements": ["pykalvik==0.9.2"],\n  "version": "2.2.1"',
               '"requirements": ["pykalvik==0.9.3"],\n  "version": "2.3.0"')
        t.read(CHL)
        t.edit(CHL, "# Changelog\n\n", """# Changelog

## 2.3.0 - 2026-10-15

- DHCP discovery for pumps on newer firmware
- Compressor frequency sensor
- Defrost flag in diagnostics
- Flow/return temperature show unknown in standby instead of 0 °C (#405, thanks @mkoster-nl and @pjotrk)
- Adding the same pump twice is now refused (#402, thanks @fdeboer)
- Warning in the log when the pump can't be reached
- Requires pykalvik 0.9.3

""")
        t.bash('git commit -am "Release 2.3.0" && git tag -a v2.3.0 -m "2.3.0"', "Commit and tag the release",
               out=commit("Release 2.3.0", files=2, ins=11, dels=2))
        t.bash("git push origin main --follow-tags", "Push main and the tag", out=
               f"""To github.com:sannev/ha-kalvik.git
   {hx(7)}..{hx(7)}  main -> main
 * [new tag]         v2.3.0 -> v2.3.0""")
        t.bash("gh release create v2.3.0 --title 2.3.0 --notes-file <(sed -n '/^## 2.3.0/,/^## 2.2.1/p' CHANGELOG.md | sed '1d;$d')",
               "Create the GitHub release HACS picks up", out="https://github.com/sannev/ha-kalvik/releases/tag/v2.3.0")
        t.done("2.3.0 is released: https://github.com/sannev/ha-kalvik/releases/tag/v2.3.0\n\n"
               "- manifest.json: version 2.3.0, `pykalvik==0.9.3`\n"
               "- CHANGELOG section with @mkoster-nl, @pjotrk and @fdeboer credited; it's also the body of the "
               "GitHub release\n"
               "- Commit `Release 2.3.0` and annotated tag `v2.3.0` are pushed\n\n"
               "HACS shows the update once it sees the new release.")


CLIMATE = CC + "/climate.py"
CLIMATE_PY = '''"""Climate entity for Kalvik heat pumps (space heating circuit)."""
from __future__ import annotations

from typing import Any

from homeassistant.components.climate import (
    ClimateEntity,
    ClimateEntityFeature,
    HVACAction,
    HVACMode,
)
from homeassistant.const import ATTR_TEMPERATURE, UnitOfTemperature
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddEntitiesCallback

from . import KalvikConfigEntry
from .entity import KalvikEntity

MODE_TO_HVAC = {
    "heat": HVACMode.HEAT,
    "cool": HVACMode.COOL,
    "auto": HVACMode.HEAT_COOL,
    "standby": HVACMode.OFF,
}
HVAC_TO_MODE = {v: k for k, v in MODE_TO_HVAC.items()}


async def async_setup_entry(
    hass: HomeAssistant, entry: KalvikConfigEntry, async_add_entities: AddEntitiesCallback
) -> None:
    coordinator = entry.runtime_data
    async_add_entities([KalvikClimate(coordinator)])


class KalvikClimate(KalvikEntity, ClimateEntity):
    _attr_name = None
    _attr_hvac_modes = list(MODE_TO_HVAC.values())
    _attr_supported_features = ClimateEntityFeature.TARGET_TEMPERATURE
    _attr_temperature_unit = UnitOfTemperature.CELSIUS
    _attr_min_temp = 20
    _attr_max_temp = 60

    @property
    def hvac_mode(self) -> HVACMode:
        return MODE_TO_HVAC[self.coordinator.data.mode]

    @property
    def hvac_action(self) -> HVACAction:
        if self.coordinator.data.defrost:
            return HVACAction.DEFROSTING
        return HVACAction.HEATING if self.coordinator.data.compressor_on else HVACAction.IDLE

    @property
    def current_temperature(self) -> float:
        return self.coordinator.data.flow_temp

    @property
    def target_temperature(self) -> float | None:
        return self.coordinator.data.flow_setpoint

    async def async_set_temperature(self, **kwargs: Any) -> None:
        await self.coordinator.client.async_set_flow_setpoint(
            self.coordinator.serial, kwargs[ATTR_TEMPERATURE]
        )
        await self.coordinator.async_request_refresh()

    async def async_set_hvac_mode(self, hvac_mode: HVACMode) -> None:
        await self.coordinator.client.async_set_mode(self.coordinator.serial, HVAC_TO_MODE[hvac_mode])
        await self.coordinator.async_request_refresh()
'''
FILES[CLIMATE] = CLIMATE_PY

ISSUE_418 = """title:	Climate entity unavailable since switching pump to "hot water only"
state:	OPEN
author:	bjorn-aas
labels:	bug
comments:	0
assignees:
projects:
milestone:
number:	418
--
### The problem

When I set the pump to "hot water only" in the Kalvik app for the summer, the climate entity goes unavailable and my log fills with errors. Sensors keep working.

### What version of Home Assistant Core has the issue?

core-2026.10.2

### Model

KV8 (firmware 3.4.1)

### Anything in the logs that might be useful for us?

```
Logger: homeassistant.components.climate
Source: helpers/entity_platform.py:1012
Error while updating entity climate.heat_pump
Traceback (most recent call last):
  File "/config/custom_components/kalvik/climate.py", line 45, in hvac_mode
    return MODE_TO_HVAC[self.coordinator.data.mode]
           ~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^^
KeyError: 'dhw_only'
```

### Diagnostics information

[config_entry-kalvik-01JC2M9X.json](https://github.com/user-attachments/files/23004417/config_entry-kalvik-01JC2M9X.json)"""


def s5(d):
    with d.session("2026-10-19T20:30:00", R, version="2.1.190"):
        t = d.task("new one, #418. diag attached", tags=["workflow:W2"])
        t.bash("gh issue view 418 --comments", "Show issue 418", out=ISSUE_418)
        t.bash("curl -sL -o /tmp/kalvik-418.json https://github.com/user-attachments/files/23004417/config_entry-kalvik-01JC2M9X.json "
               "&& python3 -m json.tool /tmp/kalvik-418.json | sed -n '/\"device\"/,/}/p'",
               "Download the diagnostics and show the device block", out="""    "device": {
      "model": "KV8",
      "firmware": "3.4.1",
      "mode": "dhw_only",
      "flow_temp": 22.5,
      "return_temp": 22.1,
      "outdoor_temp": 17.0,
      "compressor_on": false,
      "defrost": false
    }""")
        t.read(CLIMATE)
        t.write(R + "/tests/fixtures/state_kv8_dhw_only.json", """{
  "model": "KV8",
  "firmware": "3.4.1",
  "mode": "dhw_only",
  "flow_temp": 22.5,
  "return_temp": 22.1,
  "outdoor_temp": 17.0,
  "power_w": 640.0,
  "energy_kwh": 8812.4,
  "compressor_on": false,
  "defrost": false
}
""")
        t.edit(CLIMATE, '''    "standby": HVACMode.OFF,
}
HVAC_TO_MODE = {v: k for k, v in MODE_TO_HVAC.items()}''', '''    "standby": HVACMode.OFF,
}
HVAC_TO_MODE = {v: k for k, v in MODE_TO_HVAC.items()}
# modes where the space heating circuit is off but the pump is still running (DHW)
HEATING_OFF_MODES = {"dhw_only"}''')
        t.edit(CLIMATE, '''        return MODE_TO_HVAC[self.coordinator.data.mode]''',
               '''        mode = self.coordinator.data.mode
        if mode in HEATING_OFF_MODES:
            return HVACMode.OFF
        return MODE_TO_HVAC[mode]''')
        t.write(R + "/tests/test_climate_dhw_only.py", '''"""Climate entity while the pump only makes hot water (#418)."""
from unittest.mock import AsyncMock

from homeassistant.components.climate import HVACMode
from homeassistant.core import HomeAssistant
from pykalvik import DeviceState

from .const import load_state, setup_integration


async def test_dhw_only_is_off(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    mock_client.async_get_state.return_value = DeviceState.from_dict(load_state("state_kv8_dhw_only.json"))
    await setup_integration(hass)
    assert hass.states.get("climate.living_room_pump").state == HVACMode.OFF
''')
        t.bash(".venv/bin/pytest tests/test_climate_dhw_only.py tests/test_climate.py -q", "Run climate tests", out=
               "......                                                                   [100%]\n6 passed in 1.52s")
        t.bash("gh issue comment 418 --body-file - <<'EOF'\n"
               "Thanks a lot for the detailed report and the diagnostics, that made this easy to track down!\n\n"
               "**What happens:** when you switch the pump to \"hot water only\" in the Kalvik app, the cloud API reports "
               "the operating mode as `dhw_only`. The climate entity maps the Kalvik modes (`heat`, `cool`, `auto`, "
               "`standby`) to Home Assistant HVAC modes with a fixed table, and `dhw_only` wasn't in that table, so "
               "every state update raised a `KeyError` and the entity became unavailable. The sensors don't use that "
               "table, which is why they kept working.\n\n"
               "**The fix:** in hot-water-only mode the space heating circuit is off, so the climate entity will now "
               "report `off` while the pump keeps heating your tank. The water heater entity is not affected. I added "
               "a test based on your diagnostics dump so this can't regress.\n\n"
               "**Workaround until the release:** none needed for the pump itself; it's only the climate entity in "
               "HA that's affected. You can ignore the log errors until the update.\n\n"
               "**Release:** this will be in the next version (2.3.1 or 2.4.0), which should show up in HACS within a "
               "week or so. I'll close this issue when it's out. If you see anything else odd in dhw_only mode, "
               "please add it here!\nEOF", "Reply on the issue",
               out="https://github.com/sannev/ha-kalvik/issues/418#issuecomment-3405520917")
        t.done("#418:\n"
               "- Cause: the pump reports `mode: \"dhw_only\"` (hot water only), which wasn't in `MODE_TO_HVAC`, so "
               "`hvac_mode` raised `KeyError` on every update.\n"
               "- Fix: `dhw_only` is in `HEATING_OFF_MODES` and the climate entity reports `off`. Setting modes "
               "from HA is unchanged.\n"
               "- Test: fixture `tests/fixtures/state_kv8_dhw_only.json` from the dump, test "
               "`test_dhw_only_is_off`. Climate tests 6 passed.\n"
               "- I posted an explanation with a workaround and release note on the issue.")

        t = d.task("mypy is red in CI since the HA bump. run pre-commit on everything and fix it",
                   tags=["oneoff:O2"])
        t.fail("pre-commit run mypy --all-files", "Run the mypy hook on all files", """mypy.....................................................................Failed
- hook id: mypy
- exit code: 1

custom_components/kalvik/climate.py:60: error: Incompatible return value type (got "float | None", expected "float")  [return-value]
Found 1 error in 1 file (checked 11 source files)""")
        t.say("pykalvik 0.9.3 types `flow_temp` as `float | None`, and the new homeassistant-stubs check the "
              "property override. Fix the annotation. The base class allows None here:")
        t.read(CLIMATE, offset=50, limit=12)
        t.edit(CLIMATE, '''    def current_temperature(self) -> float:''', '''    def current_temperature(self) -> float | None:''')
        t.bash("pre-commit run mypy --all-files", "Run the mypy hook on all files",
               out="mypy.....................................................................Passed")
        t.bash("pre-commit run --all-files", "Run all hooks", out=PRECOMMIT_OK)
        t.done("Fixed. `KalvikClimate.current_temperature` now returns `float | None`, matching `ClimateEntity` "
               "and the model, since flow_temp can be missing. mypy and the other hooks pass.")

        d.precompact("""- Repo ha-kalvik (/home/sanne/code/ha-kalvik), Home Assistant custom integration `kalvik` for Kalvik heat pumps, HACS. Python 3.12 .venv, pytest + pytest-homeassistant-custom-component 0.13.190 (HA 2026.10.1), syrupy snapshots in tests/snapshots, pre-commit (ruff check, ruff format, mypy).
- Library pykalvik (/home/sanne/code/pykalvik), 0.9.3 on PyPI; integration 2.3.0 released.
- This session: #418 (dhw_only mode -> climate KeyError) fixed in climate.py with HEATING_OFF_MODES, test_climate_dhw_only.py + fixture state_kv8_dhw_only.json; long comment posted on #418. mypy return-value error in climate.current_temperature fixed (float | None). Not committed yet.""")

        t = d.task("btw that comment you put on #418 was way too long, I had to cut half of it before it read ok. "
                   "issue replies: what broke, what changed, when it ships. 3-4 lines", tags=["feedback", "no_tools"],
                   feedback="that comment you put on #418 was way too long, I had to cut half of it")
        t.done("Got it. Issue replies from now on: what broke, what changed, when it ships, in 3–4 lines, no "
               "headings or workaround section unless there really is one.")

        t = d.task("add loggers to the manifest so the 'enable debug logging' button also catches pykalvik. check "
                   "with hassfest", tags=["mistake:M1"])
        t.read(MAN)
        t.edit(MAN, '''  "version": "2.3.0"
}''', '''  "version": "2.3.0",
  "loggers": ["pykalvik"]
}''')
        t.fail(HASSFEST_CMD, "Validate with hassfest",
               hassfest(["[MANIFEST] Manifest keys are not sorted correctly: domain, name, then alphabetical order"]))
        t.say("Key order again. `loggers` belongs between `issue_tracker` and `requirements`:")
        t.read(MAN)
        t.edit(MAN, '''  "version": "2.3.0",
  "loggers": ["pykalvik"]
}''', '''  "version": "2.3.0"
}''')
        t.edit(MAN, '''  "issue_tracker": "https://github.com/sannev/ha-kalvik/issues",
''', '''  "issue_tracker": "https://github.com/sannev/ha-kalvik/issues",
  "loggers": ["pykalvik"],
''')
        t.bash(HASSFEST_CMD, "Validate with hassfest", out=hassfest())
        t.done("`\"loggers\": [\"pykalvik\"]` is in manifest.json between `issue_tracker` and `requirements`, and "
               "hassfest passes. My first attempt appended it after `version` and hassfest rejected the order "
               "(domain, name, then alphabetical). With this, the Enable debug logging button also turns on "
               "pykalvik's logger.")


def s6(d):
    with d.session("2026-10-22T20:05:00", R, version="2.1.191", permission_mode="acceptEdits"):
        t = d.task("binary sensor for defrost active (device_class running? or none, you pick). usual translation "
                   "stuff. tests with the mocked client only, never the real cloud", tags=["workflow:W3", "pref:P1"])
        t.read(INIT)
        t.edit(INIT, "PLATFORMS: list[Platform] = [Platform.CLIMATE, Platform.SENSOR, Platform.WATER_HEATER]",
               "PLATFORMS: list[Platform] = [\n    Platform.BINARY_SENSOR,\n    Platform.CLIMATE,\n"
               "    Platform.SENSOR,\n    Platform.WATER_HEATER,\n]")
        t.write(BSENSOR, '''"""Binary sensors for Kalvik heat pumps."""
from __future__ import annotations

from homeassistant.components.binary_sensor import BinarySensorDeviceClass, BinarySensorEntity
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddEntitiesCallback

from . import KalvikConfigEntry
from .entity import KalvikEntity


async def async_setup_entry(
    hass: HomeAssistant, entry: KalvikConfigEntry, async_add_entities: AddEntitiesCallback
) -> None:
    async_add_entities([KalvikDefrostSensor(entry.runtime_data)])


class KalvikDefrostSensor(KalvikEntity, BinarySensorEntity):
    """On while the outdoor unit is defrosting."""

    _attr_translation_key = "defrost"
    _attr_device_class = BinarySensorDeviceClass.RUNNING

    def __init__(self, coordinator) -> None:
        super().__init__(coordinator)
        self._attr_unique_id = f"{coordinator.serial}_defrost"

    @property
    def is_on(self) -> bool:
        return self.coordinator.data.defrost
''')
        t.read(STRINGS)
        t.edit(STRINGS, '''  "entity": {
    "sensor": {''', '''  "entity": {
    "binary_sensor": {
      "defrost": { "name": "Defrost" }
    },
    "sensor": {''')
        t.read(EN)
        t.edit(EN, '''  "entity": {
    "sensor": {''', '''  "entity": {
    "binary_sensor": {
      "defrost": { "name": "Defrost" }
    },
    "sensor": {''')
        t.write(R + "/tests/test_binary_sensor.py", '''"""Tests for the defrost binary sensor."""
from unittest.mock import AsyncMock

from homeassistant.const import STATE_OFF, STATE_ON
from homeassistant.core import HomeAssistant

from .const import setup_integration

ENTITY = "binary_sensor.living_room_pump_defrost"


async def test_defrost_off(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    await setup_integration(hass)
    assert hass.states.get(ENTITY).state == STATE_OFF


async def test_defrost_on(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    mock_client.async_get_state.return_value.defrost = True
    await setup_integration(hass)
    assert hass.states.get(ENTITY).state == STATE_ON
''')
        t.bash(".venv/bin/pytest tests/test_binary_sensor.py tests/test_init.py -q", "Run binary sensor and setup tests",
               out=".....                                                                    [100%]\n5 passed in 1.21s")
        t.bash("pre-commit run --all-files", "ruff + mypy", out=PRECOMMIT_OK)
        t.done("Added `binary_sensor.<pump>_defrost`:\n"
               "- `binary_sensor.py` has `KalvikDefrostSensor` (translation key `defrost`, device_class RUNNING, so "
               "the states read Running / Not running), and BINARY_SENSOR is in PLATFORMS.\n"
               "- The name is in strings.json and translations/en.json.\n"
               "- `tests/test_binary_sensor.py` tests off and on through the mocked client only. 5 passed with the "
               "setup tests, and pre-commit is clean.")

        t = d.task("where do we deal with the token expiring? someone says they get reauth prompts every few days",
                   tags=["noise"])
        t.grep("KalvikAuthError|ConfigEntryAuthFailed|async_step_reauth", path=R + "/custom_components",
               output_mode="content", n=True, content=
               "custom_components/kalvik/coordinator.py:8:from pykalvik import DeviceState, KalvikAuthError, KalvikClient, KalvikConnectionError\n"
               "custom_components/kalvik/coordinator.py:31:        except KalvikAuthError as err:\n"
               "custom_components/kalvik/coordinator.py:32:            raise ConfigEntryAuthFailed(err) from err\n"
               "custom_components/kalvik/config_flow.py:10:from pykalvik import KalvikAuthError, KalvikClient, KalvikConnectionError\n"
               "custom_components/kalvik/config_flow.py:47:            except KalvikAuthError:\n"
               "custom_components/kalvik/config_flow.py:71:    async def async_step_reauth(")
        t.read(LCLIENT)
        t.done("There's no separate token refresh. It's handled inside pykalvik `_request`:\n\n"
               "- On a 401 it clears `self._token` and raises `KalvikAuthError`. The next request logs in again "
               "with the stored username and password.\n"
               "- The coordinator turns *any* `KalvikAuthError` into `ConfigEntryAuthFailed`, which starts the "
               "reauth flow right away.\n\n"
               "So whenever the access token expires (every few days), the first 401 goes straight to a reauth "
               "prompt, although a retry with a fresh login would work. The fix belongs in pykalvik: on a 401 with "
               "an existing token, log in once and retry, and only raise `KalvikAuthError` if the fresh login is "
               "rejected too.")

        t = d.task("is my own pump answering on the local api? 192.168.1.47, use the pykalvik cli", tags=["unfixed:U2"])
        t.fail(".venv/bin/python -m pykalvik.cli --host 192.168.1.47 info", "Query the pump's local API",
               """Traceback (most recent call last):
  File "/home/sanne/code/ha-kalvik/.venv/lib/python3.12/site-packages/aiohttp/connector.py", line 1268, in _wrap_create_connection
    sock = await aiohappyeyeballs.start_connection(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/home/sanne/code/ha-kalvik/.venv/lib/python3.12/site-packages/aiohappyeyeballs/impl.py", line 122, in start_connection
    raise first_exception
  File "/home/sanne/code/ha-kalvik/.venv/lib/python3.12/site-packages/aiohappyeyeballs/impl.py", line 73, in start_connection
    sock = await _connect_sock(
           ^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/asyncio/selector_events.py", line 651, in sock_connect
    return await fut
           ^^^^^^^^^
OSError: [Errno 113] Connect call failed ('192.168.1.47', 80)

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "/home/sanne/code/ha-kalvik/.venv/lib/python3.12/site-packages/pykalvik/cli.py", line 58, in <module>
    asyncio.run(main())
  File "/home/sanne/code/ha-kalvik/.venv/lib/python3.12/site-packages/pykalvik/cli.py", line 51, in main
    info = await local.async_get_info()
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host 192.168.1.47:80 ssl:default [Connect call failed ('192.168.1.47', 80)]""")
        t.bash("ping -c 3 -W 2 192.168.1.47", "Check whether the host is reachable at all", code=1, out=
               """PING 192.168.1.47 (192.168.1.47) 56(84) bytes of data.
From 192.168.1.23 icmp_seq=1 Destination Host Unreachable
From 192.168.1.23 icmp_seq=2 Destination Host Unreachable
From 192.168.1.23 icmp_seq=3 Destination Host Unreachable

--- 192.168.1.47 ping statistics ---
3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2043ms""")
        t.done("No. 192.168.1.47 doesn't answer at all: `Destination Host Unreachable` on ping and `Connect call "
               "failed` from the CLI. The local API is fine, nothing is reachable at that address at the network "
               "level.\n\n"
               "Likely the pump's Wi-Fi module is offline (firmware updates reboot it) or it got a new DHCP lease. "
               "I can't fix that from here. Check the router's client list or the Kalvik app for the current IP.")


def s7(d):
    with d.session("2026-10-26T11:20:00", L, version="2.1.193"):
        t = d.task("the reauth thing from wednesday: on a 401 with an existing token log in again once and retry, "
                   "only raise auth error if that fails too. then put out 0.9.4", tags=["mistake:M3"])
        t.read(LCLIENT)
        t.edit(LCLIENT, '''    async def _request(self, method: str, path: str, *, auth: bool = True, **kwargs: Any) -> Any:
        if auth and self._token is None:
            await self._login()
        headers = {"Authorization": f"Bearer {self._token}"} if auth else {}''', '''    async def _request(
        self, method: str, path: str, *, auth: bool = True, _retry: bool = True, **kwargs: Any
    ) -> Any:
        if auth and self._token is None:
            await self._login()
        headers = {"Authorization": f"Bearer {self._token}"} if auth else {}''')
        t.edit(LCLIENT, '''                if resp.status == 401:
                    if auth:
                        self._token = None
                    raise KalvikAuthError("authentication failed")''', '''                if resp.status == 401:
                    if auth and _retry:
                        # access token expired: log in again once, then retry the call
                        self._token = None
                        return await self._request(method, path, auth=auth, _retry=False, **kwargs)
                    raise KalvikAuthError("authentication failed")''')
        t.write(L + "/tests/test_token_refresh.py", '''"""Expired access tokens are renewed transparently."""
import aiohttp
import pytest
from aioresponses import aioresponses

from pykalvik import KalvikAuthError, KalvikClient

API = "https://api.kalvik-cloud.com/v2"


@pytest.mark.asyncio
async def test_401_relogin_and_retry() -> None:
    async with aiohttp.ClientSession() as session:
        client = KalvikClient("u", "p", session=session)
        client._token = "expired"
        with aioresponses() as m:
            m.get(f"{API}/devices", status=401)
            m.post(f"{API}/auth/token", payload={"access_token": "fresh"})
            m.get(f"{API}/devices", payload=[{"serial": "KV8-1", "name": "Pump", "model": "KV8"}])
            devices = await client.async_get_devices()
        assert devices[0].serial == "KV8-1"


@pytest.mark.asyncio
async def test_401_after_relogin_raises() -> None:
    async with aiohttp.ClientSession() as session:
        client = KalvikClient("u", "p", session=session)
        client._token = "expired"
        with aioresponses() as m:
            m.get(f"{API}/devices", status=401)
            m.post(f"{API}/auth/token", payload={"access_token": "fresh"})
            m.get(f"{API}/devices", status=401)
            with pytest.raises(KalvikAuthError):
                await client.async_get_devices()
''')
        t.bash("hatch test", "Run the library tests", out=hatch_test(48, "1.71s"))
        t.bash("hatch version 0.9.4", "Bump version", out="Old: 0.9.3\nNew: 0.9.4")
        lib_bump(d, "0.9.3", "0.9.4")
        t.bash('git add -A && git commit -m "Re-login once on 401 before raising KalvikAuthError; release 0.9.4" '
               '&& git tag -a v0.9.4 -m "pykalvik 0.9.4"', "Commit and tag",
               out=commit("Re-login once on 401 before raising KalvikAuthError; release 0.9.4", files=3, ins=44, dels=4))
        t.bash("hatch build", "Build sdist and wheel", out=hatch_build("0.9.4"))
        t.fail("twine upload dist/*", "Upload to PyPI", twine_upload(dists("0.9.3", "0.9.4"),
                                                                     fail_on="pykalvik-0.9.3-py3-none-any.whl"))
        t.say("Same thing as at 0.9.3: the 0.9.3 wheel is still in dist/ and PyPI refuses to take it again. Clean "
              "dist/, rebuild, upload:")
        t.bash("hatch clean && hatch build", "Clear dist/ and rebuild 0.9.4", out=hatch_build("0.9.4"))
        t.bash("twine upload dist/*", "Upload to PyPI", out=twine_upload(dists("0.9.4")))
        t.bash("git push origin main --follow-tags", "Push", out=f"""To github.com:sannev/pykalvik.git
   {hx(7)}..{hx(7)}  main -> main
 * [new tag]         v0.9.4 -> v0.9.4""")
        t.done("pykalvik 0.9.4 is out (https://pypi.org/project/pykalvik/0.9.4/).\n\n"
               "- `_request`: a 401 on an authenticated call clears the token, logs in again and retries once. "
               "`KalvikAuthError` is raised only when that retry gets 401 too, so expired tokens no longer trigger a "
               "reauth in HA.\n"
               "- Two new tests cover re-login then success, and re-login then still 401. 48 passed.\n"
               "- The upload failed first with `400 File already exists` for the leftover 0.9.3 wheel in dist/. "
               "After `hatch clean`, a rebuild and a new upload it went through.")

        t = d.task("random q: is it worth moving pykalvik from aiohttp to httpx? someone opened a discussion about it",
                   tags=["no_tools"])
        t.done("For a library HA uses, I'd stay on aiohttp:\n\n"
               "- HA core runs on aiohttp and hands integrations a shared `ClientSession` "
               "(`async_get_clientsession`). You already use it, so it's one connection pool and no extra "
               "dependency for HA users.\n"
               "- HA does have an httpx helper, but an httpx-based client would add a second HTTP stack to the "
               "install, and reviewers for a future core submission would ask about it.\n"
               "- httpx's advantages (sync+async, HTTP/2) don't matter for a small polling client.\n\n"
               "Reasons to switch would be wanting a sync API or an HTTP/2 backend, and neither applies. My answer in "
               "the discussion would be: not planned, aiohttp is what HA ships.")


def gitlog_stat():
    entries = [
        ("Log unavailable pump once at info, per-poll failures at debug", "Sanne Vermeulen",
         [("custom_components/kalvik/coordinator.py", 12)]),
        ("Add quiet mode switch", "Sanne Vermeulen", [("custom_components/kalvik/switch.py", 41), ("tests/test_switch.py", 38)]),
        ("Bump pykalvik to 0.9.4 in test requirements", "Sanne Vermeulen", [("requirements_test.txt", 2)]),
        ("Defrost binary sensor", "Sanne Vermeulen", [("custom_components/kalvik/binary_sensor.py", 33),
                                                     ("custom_components/kalvik/__init__.py", 7),
                                                     ("custom_components/kalvik/strings.json", 3),
                                                     ("custom_components/kalvik/translations/en.json", 3),
                                                     ("tests/test_binary_sensor.py", 22)]),
        ("Add loggers to manifest", "Sanne Vermeulen", [("custom_components/kalvik/manifest.json", 1)]),
        ("Fix mypy return type of current_temperature", "Sanne Vermeulen", [("custom_components/kalvik/climate.py", 2)]),
        ("Climate: report off in dhw_only mode (#418)", "Sanne Vermeulen", [("custom_components/kalvik/climate.py", 7),
                                                                            ("tests/fixtures/state_kv8_dhw_only.json", 12),
                                                                            ("tests/test_climate_dhw_only.py", 15)]),
        ("Translate German strings (#421)", "Jonas Pfeiffer", [("custom_components/kalvik/translations/de.json", 38)]),
        ("Dutch translation (#420)", "Femke de Boer", [("custom_components/kalvik/translations/nl.json", 38)]),
        ("ci: bump home-assistant/actions hassfest", "dependabot[bot]", [(".github/workflows/validate.yml", 2)]),
        ("Docs: how to download diagnostics", "Sanne Vermeulen", [("README.md", 19)]),
    ]
    out = []
    day = 28
    for msg, author, files in entries:
        out.append(f"commit {hx(40)}")
        email = "sanne@vermeulen.dev" if author.startswith("Sanne") else (
            "49699333+dependabot[bot]@users.noreply.github.com" if "bot" in author else
            f"{author.split()[0].lower()}@users.noreply.github.com")
        out.append(f"Author: {author} <{email}>")
        out.append(f"Date:   {['Wed', 'Tue', 'Mon', 'Sun', 'Sat', 'Fri', 'Thu'][(28 - day) % 7]} Oct {day} "
                   f"{_rng[0].randint(8, 22):02d}:{_rng[0].randint(0, 59):02d}:{_rng[0].randint(0, 59):02d} 2026 +0200")
        out.append("")
        out.append(f"    {msg}")
        out.append("")
        tot = 0
        for f, n in files:
            out.append(f" {f:<48} | {n:>3} {'+' * min(n, 40)}")
            tot += n
        out.append(f" {len(files)} file{'s' if len(files) > 1 else ''} changed, {tot} insertions(+)")
        out.append("")
        day -= 1 if day > 18 else 0
    return "\n".join(out).rstrip()


def s8(d):
    with d.session("2026-10-29T19:10:00", R, version="2.1.194"):
        t = d.task("quiet mode switch (pykalvik 0.9.4 has quiet_mode + async_set_quiet_mode). same as the defrost "
                   "sensor basically", tags=["workflow:W3"])
        t.read(INIT)
        t.edit(INIT, "    Platform.SENSOR,\n    Platform.WATER_HEATER,\n]",
               "    Platform.SENSOR,\n    Platform.SWITCH,\n    Platform.WATER_HEATER,\n]")
        t.write(SWITCH, '''"""Switches for Kalvik heat pumps."""
from __future__ import annotations

from typing import Any

from homeassistant.components.switch import SwitchEntity
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddEntitiesCallback

from . import KalvikConfigEntry
from .entity import KalvikEntity


async def async_setup_entry(
    hass: HomeAssistant, entry: KalvikConfigEntry, async_add_entities: AddEntitiesCallback
) -> None:
    async_add_entities([KalvikQuietModeSwitch(entry.runtime_data)])


class KalvikQuietModeSwitch(KalvikEntity, SwitchEntity):
    """Limits compressor speed to keep the outdoor unit quiet."""

    _attr_translation_key = "quiet_mode"

    def __init__(self, coordinator) -> None:
        super().__init__(coordinator)
        self._attr_unique_id = f"{coordinator.serial}_quiet_mode"

    @property
    def is_on(self) -> bool:
        return self.coordinator.data.quiet_mode

    async def async_turn_on(self, **kwargs: Any) -> None:
        await self.coordinator.client.async_set_quiet_mode(self.coordinator.serial, True)
        await self.coordinator.async_request_refresh()

    async def async_turn_off(self, **kwargs: Any) -> None:
        await self.coordinator.client.async_set_quiet_mode(self.coordinator.serial, False)
        await self.coordinator.async_request_refresh()
''')
        t.read(STRINGS)
        t.edit(STRINGS, '''      "compressor_frequency": { "name": "Compressor frequency" }
    }''', '''      "compressor_frequency": { "name": "Compressor frequency" }
    },
    "switch": {
      "quiet_mode": { "name": "Quiet mode" }
    }''')
        t.read(EN)
        t.edit(EN, '''      "compressor_frequency": { "name": "Compressor frequency" }
    }''', '''      "compressor_frequency": { "name": "Compressor frequency" }
    },
    "switch": {
      "quiet_mode": { "name": "Quiet mode" }
    }''')
        t.write(R + "/tests/test_switch.py", '''"""Tests for the quiet mode switch."""
from unittest.mock import AsyncMock

from homeassistant.components.switch import DOMAIN as SWITCH_DOMAIN
from homeassistant.const import ATTR_ENTITY_ID, SERVICE_TURN_ON, STATE_OFF
from homeassistant.core import HomeAssistant

from .const import setup_integration

ENTITY = "switch.living_room_pump_quiet_mode"


async def test_quiet_mode_turn_on(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    await setup_integration(hass)
    assert hass.states.get(ENTITY).state == STATE_OFF
    await hass.services.async_call(SWITCH_DOMAIN, SERVICE_TURN_ON, {ATTR_ENTITY_ID: ENTITY}, blocking=True)
    mock_client.async_set_quiet_mode.assert_awaited_once_with("KV8-2231-0047", True)
''')
        t.bash(".venv/bin/pytest tests/test_switch.py -q", "Run switch tests", out=
               ".                                                                        [100%]\n1 passed in 0.84s")
        t.bash("pre-commit run --all-files", "ruff + mypy", out=PRECOMMIT_OK)
        t.done("Quiet mode switch added: `switch.py` (`KalvikQuietModeSwitch`, translation key `quiet_mode`, "
               "calls `async_set_quiet_mode` and then refreshes), SWITCH in PLATFORMS, and the name in strings.json "
               "and translations/en.json. `tests/test_switch.py` turns it on through the mocked client and checks "
               "the call. Tests and pre-commit pass.")

        t = d.task("the unreachable warning was a mistake, people are complaining about log spam bc the cloud blips "
                   "every few min. make the per-poll message debug, and only log once at info when it goes unavailable "
                   "and once when its back", tags=["reversal:P3"])
        t.read(COORD)
        t.edit(COORD, '''        self.client = client
        self.serial: str = entry.unique_id or ""
''', '''        self.client = client
        self.serial: str = entry.unique_id or ""
        self._unavailable_logged = False
''')
        t.edit(COORD, '''        try:
            return await self.client.async_get_state(self.serial)
        except KalvikAuthError as err:
            raise ConfigEntryAuthFailed(err) from err
        except KalvikConnectionError as err:
            LOGGER.warning("Kalvik pump %s unreachable: %s", self.serial, err)
            raise UpdateFailed(f"Error talking to Kalvik cloud: {err}") from err
''', '''        try:
            state = await self.client.async_get_state(self.serial)
        except KalvikAuthError as err:
            raise ConfigEntryAuthFailed(err) from err
        except KalvikConnectionError as err:
            LOGGER.debug("Kalvik pump %s unreachable: %s", self.serial, err)
            if not self._unavailable_logged:
                LOGGER.info("Kalvik pump %s is unavailable: %s", self.serial, err)
                self._unavailable_logged = True
            raise UpdateFailed(f"Error talking to Kalvik cloud: {err}") from err
        if self._unavailable_logged:
            LOGGER.info("Kalvik pump %s is back online", self.serial)
            self._unavailable_logged = False
        return state
''')
        t.bash(".venv/bin/pytest tests/test_coordinator.py tests/test_init.py -q", "Run coordinator tests", out=
               "......                                                                   [100%]\n6 passed in 1.18s")
        t.done("Changed:\n"
               "- Every failed poll logs `Kalvik pump <serial> unreachable: …` at **debug**.\n"
               "- The first failure after a good poll logs `… is unavailable: <reason>` once at **info**, and the "
               "first good poll after that logs `… is back online` once at info.\n\n"
               "This follows HA's own guidance for unavailable devices (log once when it goes, once when it "
               "returns). Coordinator and init tests pass.")

        t = d.task("release 2.4.0 with pykalvik 0.9.4 (the reauth fix). show me what goes in first",
                   tags=["workflow:W1", "long_output"])
        t.bash("git log v2.3.0..HEAD --stat", "Commits since 2.3.0", out=gitlog_stat())
        t.read(MAN)
        t.edit(MAN, '"requirements": ["pykalvik==0.9.3"],\n  "version": "2.3.0"',
               '"requirements": ["pykalvik==0.9.4"],\n  "version": "2.4.0"')
        t.read(CHL)
        t.edit(CHL, "# Changelog\n\n", """# Changelog

## 2.4.0 - 2026-10-29

- Defrost binary sensor
- Quiet mode switch
- Climate shows off instead of unavailable in hot-water-only mode (#418, thanks @bjorn-aas)
- No more reauth prompts when the cloud token expires (pykalvik 0.9.4)
- Debug logging from the UI now includes pykalvik
- Less log noise: an unreachable pump is logged once when it goes and once when it's back
- German (#421, thanks @jpfeiffer) and Dutch (#420, thanks @fdeboer) translations

""")
        t.bash('git commit -am "Release 2.4.0" && git tag -a v2.4.0 -m "2.4.0"', "Commit and tag",
               out=commit("Release 2.4.0", files=2, ins=11, dels=2))
        t.bash("git push origin main --follow-tags", "Push main and tag", out=f"""To github.com:sannev/ha-kalvik.git
   {hx(7)}..{hx(7)}  main -> main
 * [new tag]         v2.4.0 -> v2.4.0""")
        t.bash("gh release create v2.4.0 --title 2.4.0 --notes-file <(sed -n '/^## 2.4.0/,/^## 2.3.0/p' CHANGELOG.md | sed '1d;$d')",
               "Create the GitHub release", out="https://github.com/sannev/ha-kalvik/releases/tag/v2.4.0")
        t.done("2.4.0 is released: https://github.com/sannev/ha-kalvik/releases/tag/v2.4.0\n\n"
               "11 commits since 2.3.0 (list above). The notes cover the defrost sensor, quiet mode switch, #418 "
               "(@bjorn-aas), the reauth fix via pykalvik 0.9.4, pykalvik debug logging, and the de/nl translations "
               "(@jpfeiffer, @fdeboer). manifest.json is 2.4.0 with `pykalvik==0.9.4`. Tag and release are pushed.")

        t = d.task("the HACS check on main is red, whats up", tags=["unfixed:U1"])
        t.bash("gh run list --workflow validate.yml -L 3", "Recent validate runs", out=
               """STATUS  TITLE           WORKFLOW  BRANCH  EVENT     ID           ELAPSED  AGE
X       Release 2.4.0   Validate  main    push      18911204377  1m4s     about 3 minutes ago
X       Add quiet mo…   Validate  main    push      18874420516  58s      about 1 day ago
✓       Bump pykalvi…   Validate  main    push      18701193842  1m1s     about 3 days ago""")
        t.fail("gh run view 18911204377 --exit-status", "Show the failing run", """
X main Validate · 18911204377
Triggered via push about 3 minutes ago

JOBS
✓ Hassfest validation in 38s (ID 53921784410)
X HACS validation in 21s (ID 53921784502)
  ANNOTATIONS
  X <Validation brands> failed:  The repository has not been added as a custom domain to the brands repo (More info: https://hacs.xyz/docs/publish/include#check-brands )
  HACS validation: .github#1

  X Process completed with exit code 1.
  HACS validation: .github#2

To see what failed, try: gh run view 18911204377 --log-failed
View this run on GitHub: https://github.com/sannev/ha-kalvik/actions/runs/18911204377""")
        t.bash("gh pr list --repo home-assistant/brands --author @me --state all", "Look for our brands PR", out=
               """Showing 1 of 1 pull request in home-assistant/brands that matches your search

ID     TITLE                                BRANCH         CREATED AT
#7712  Add Kalvik (custom integration)      add-kalvik     about 5 days ago""")
        t.bash("gh pr view 7712 --repo home-assistant/brands", "Status of the brands PR", out=
               """Add Kalvik (custom integration) home-assistant/brands#7712
Open • sannev wants to merge 1 commit into master from sannev:add-kalvik • about 5 days ago
+0 -0 • No checks
Reviewers: frenck (Requested)
Labels: custom-integration


  Adds icon.png, icon@2x.png, logo.png for the kalvik custom integration (domain `kalvik`).


View this pull request on GitHub: https://github.com/home-assistant/brands/pull/7712""")
        t.done("The HACS action fails its brands check: `<Validation brands> failed: The repository has not been "
               "added as a custom domain to the brands repo`. It only started with the last two runs, so the check "
               "became blocking on HACS's side. Nothing in the repo changed.\n\n"
               "The actual fix is your brands PR home-assistant/brands#7712, which is open and waiting for review. "
               "There's nothing to change here until it's merged. The next validate run should then go green on "
               "its own (or re-run the workflow). Hassfest itself passes.")


ISSUE_431 = """title:	Outdoor temperature shows -3276.8 °C
state:	OPEN
author:	hvdlinden
labels:
comments:	0
assignees:
projects:
milestone:
number:	431
--
### The problem

On my older KV4 the outdoor temperature sensor shows -3276.8 °C. It ruins the statistics graph. The pump itself works fine.

### What version of Home Assistant Core has the issue?

core-2026.10.4

### Model

KV4 (firmware 2.9.0)

### Diagnostics information

[config_entry-kalvik-01JD0T4R.json](https://github.com/user-attachments/files/23190652/config_entry-kalvik-01JD0T4R.json)"""


def s9(d):
    with d.session("2026-11-02T20:20:00", R, version="2.1.196", end_reason="other"):
        t = d.task("#431 pls", tags=["workflow:W2"])
        t.bash("gh issue view 431 --comments", "Show issue 431", out=ISSUE_431)
        t.bash("curl -sL -o /tmp/kalvik-431.json https://github.com/user-attachments/files/23190652/config_entry-kalvik-01JD0T4R.json "
               "&& python3 -m json.tool /tmp/kalvik-431.json | sed -n '/\"device\"/,/}/p'",
               "Download the diagnostics, show the device block", out="""    "device": {
      "model": "KV4",
      "firmware": "2.9.0",
      "mode": "heat",
      "flow_temp": 34.0,
      "return_temp": 29.5,
      "outdoor_temp": -3276.8,
      "compressor_on": true,
      "defrost": false
    }""")
        t.say("-3276.8 is 0x8000 as a signed tenth-degree value, the usual \"no sensor\" marker. The KV4 has no "
              "outdoor probe fitted. Fixture and test first:")
        t.write(R + "/tests/fixtures/state_kv4_no_outdoor.json", """{
  "model": "KV4",
  "firmware": "2.9.0",
  "mode": "heat",
  "flow_temp": 34.0,
  "return_temp": 29.5,
  "outdoor_temp": -3276.8,
  "power_w": 1810.0,
  "energy_kwh": 15403.2,
  "compressor_on": true,
  "defrost": false
}
""")
        t.read(SENSOR)
        t.edit(SENSOR, "        value_fn=lambda s: s.outdoor_temp,\n",
               "        value_fn=lambda s: None if s.outdoor_temp == NO_SENSOR else s.outdoor_temp,\n")
        t.edit(SENSOR, '''@dataclass(frozen=True, kw_only=True)''', '''NO_SENSOR = -3276.8  # 0x8000 in tenths of a degree: probe not fitted


@dataclass(frozen=True, kw_only=True)''')
        t.write(R + "/tests/test_sensor_no_probe.py", '''"""Outdoor probe not fitted (#431)."""
from unittest.mock import AsyncMock

from homeassistant.const import STATE_UNKNOWN
from homeassistant.core import HomeAssistant
from pykalvik import DeviceState

from .const import load_state, setup_integration


async def test_outdoor_sentinel_is_unknown(hass: HomeAssistant, mock_client: AsyncMock) -> None:
    mock_client.async_get_state.return_value = DeviceState.from_dict(load_state("state_kv4_no_outdoor.json"))
    await setup_integration(hass)
    assert hass.states.get("sensor.living_room_pump_outdoor_temperature").state == STATE_UNKNOWN
    assert hass.states.get("sensor.living_room_pump_flow_temperature").state == "34.0"
''')
        t.bash(".venv/bin/pytest tests/test_sensor_no_probe.py tests/test_sensor.py -q", "Run sensor tests", out=
               "....                                                                     [100%]\n4 passed in 1.44s")
        t.bash("gh issue comment 431 --body 'Thanks! -3276.8 is the value the KV4 sends when no outdoor probe is "
               "fitted. The next release shows the sensor as unknown in that case instead of the bogus value. Old "
               "statistics keep the spike; you can fix those in Developer tools → Statistics.'",
               "Short reply on the issue", out="https://github.com/sannev/ha-kalvik/issues/431#issuecomment-3478815206")
        t.done("#431: -3276.8 is the \"no probe\" marker (0x8000 tenths). The outdoor sensor now returns None for "
               "it (`NO_SENSOR` in sensor.py). The fixture from the dump and "
               "`test_outdoor_sentinel_is_unknown` are added, 4 passed. The reply on the issue is 3 lines.")

        t = d.task("climate: expose the pump's eco/comfort setting as preset modes (client has async_set_preset, "
                   "state.preset is 'eco'|'comfort')", tags=["mistake:M2"])
        t.read(CLIMATE)
        t.edit(CLIMATE, '''    _attr_supported_features = ClimateEntityFeature.TARGET_TEMPERATURE
''', '''    _attr_supported_features = (
        ClimateEntityFeature.TARGET_TEMPERATURE | ClimateEntityFeature.PRESET_MODE
    )
    _attr_preset_modes = ["eco", "comfort"]
    _attr_translation_key = "kalvik"
''')
        t.edit(CLIMATE, '''    async def async_set_hvac_mode(self, hvac_mode: HVACMode) -> None:''', '''    @property
    def preset_mode(self) -> str | None:
        return self.coordinator.data.preset

    async def async_set_preset_mode(self, preset_mode: str) -> None:
        await self.coordinator.client.async_set_preset(self.coordinator.serial, preset_mode)
        await self.coordinator.async_request_refresh()

    async def async_set_hvac_mode(self, hvac_mode: HVACMode) -> None:''')
        t.read(STRINGS)
        t.edit(STRINGS, '''    "binary_sensor": {''', '''    "climate": {
      "kalvik": {
        "state_attributes": {
          "preset_mode": {
            "state": { "eco": "Eco", "comfort": "Comfort" }
          }
        }
      }
    },
    "binary_sensor": {''')
        t.fail(".venv/bin/pytest tests/test_climate.py", "Run climate tests", pyhdr(5, "0.13.190") + """
tests/test_climate.py F....                                              [100%]

=================================== FAILURES ===================================
____________________________ test_climate_entities _____________________________

hass = <homeassistant.core.HomeAssistant object at 0x7f0c5e9b3b60>
mock_client = <NonCallableMagicMock name='KalvikClient()' spec='KalvikClient' id='139690345512384'>
snapshot = SnapshotAssertion(name='snapshot', num_executions=1)
entity_registry = <homeassistant.helpers.entity_registry.EntityRegistry object at 0x7f0c5e7f1d30>

    async def test_climate_entities(
        hass: HomeAssistant,
        mock_client: AsyncMock,
        snapshot: SnapshotAssertion,
        entity_registry: er.EntityRegistry,
    ) -> None:
        with patch("custom_components.kalvik.PLATFORMS", [Platform.CLIMATE]):
            entry = await setup_integration(hass)
>       await snapshot_platform(hass, entity_registry, snapshot, entry.entry_id)

tests/test_climate.py:30: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
.venv/lib/python3.12/site-packages/pytest_homeassistant_custom_component/common.py:1921: in snapshot_platform
    assert entity_entry == snapshot(name=f"{entity_entry.entity_id}-entry")
E   AssertionError: assert [+ received] == [- snapshot]
E       EntityRegistryEntrySnapshot({
E         'aliases': set({
E         }),
E         'area_id': None,
E         'capabilities': dict({
E           'hvac_modes': list([
E             <HVACMode.HEAT: 'heat'>,
E             <HVACMode.COOL: 'cool'>,
E             <HVACMode.HEAT_COOL: 'heat_cool'>,
E             <HVACMode.OFF: 'off'>,
E           ]),
E           'max_temp': 60,
E           'min_temp': 20,
E     +     'preset_modes': list([
E     +       'eco',
E     +       'comfort',
E     +     ]),
E         }),
E     ...
E     -   'supported_features': <ClimateEntityFeature: 1>,
E     -   'translation_key': None,
E     +   'supported_features': <ClimateEntityFeature: 17>,
E     +   'translation_key': 'kalvik',
E     ...
--------------------------- snapshot report summary ----------------------------
1 snapshot failed.
=========================== short test summary info ============================
FAILED tests/test_climate.py::test_climate_entities - AssertionError: assert [+ received] == [- snapshot]
========================= 1 failed, 4 passed in 1.63s ==========================""")
        t.say("The registry entry differs only in the intended places (preset_modes, supported_features "
              "1 → 17, translation_key). The state snapshot after it will change the same way. Regenerating the "
              "climate snapshots:")
        t.bash(".venv/bin/pytest tests/test_climate.py --snapshot-update", "Update the climate snapshots", out=
               pyhdr(5, "0.13.190") + """
tests/test_climate.py .....                                              [100%]

--------------------------- snapshot report summary ----------------------------
2 snapshots updated.
============================== 5 passed in 1.58s ===============================""")
        t.bash("git diff --stat tests/snapshots/test_climate.ambr && .venv/bin/pytest tests/test_climate.py -q",
               "Check the snapshot diff size and re-run", out=
               " tests/snapshots/test_climate.ambr | 16 ++++++++++++----\n 1 file changed, 12 insertions(+), 4 deletions(-)\n"
               ".....                                                                    [100%]\n"
               "2 snapshots passed.\n5 passed in 1.57s")
        t.done("Presets are in: `preset_modes = [\"eco\", \"comfort\"]`, `preset_mode` from `state.preset`, "
               "`async_set_preset_mode` through the client, the PRESET_MODE feature, and translated preset names "
               "under `entity.climate.kalvik` in strings.json.\n\n"
               "The climate snapshot test failed on exactly those attributes (supported_features 1 → 17, "
               "preset_modes, translation_key). I updated the two snapshots with `--snapshot-update` and "
               "the normal run passes.\n\n"
               "translations/en.json doesn't have the preset names yet. I can copy them over if you want.")

        t = d.task("firmware 3.5 also announces itself over ssdp (manufacturer 'Kalvik AB', deviceType "
                   "urn:kalvik-com:device:HeatPump:1). add ssdp discovery next to dhcp, hassfest after",
                   tags=["mistake:M1"])
        t.read(MAN)
        t.edit(MAN, '''  "version": "2.4.0"
}''', '''  "version": "2.4.0",
  "ssdp": [
    {
      "manufacturer": "Kalvik AB",
      "deviceType": "urn:kalvik-com:device:HeatPump:1"
    }
  ]
}''')
        t.read(CF)
        t.edit(CF, '''    async def async_step_dhcp(''', '''    async def async_step_ssdp(
        self, discovery_info: SsdpServiceInfo
    ) -> ConfigFlowResult:
        """Pump announced itself over SSDP (firmware 3.5+)."""
        self.context["title_placeholders"] = {"name": discovery_info.upnp.get("friendlyName", "Kalvik")}
        return await self.async_step_user()

    async def async_step_dhcp(''')
        t.edit(CF, "from homeassistant.helpers.service_info.dhcp import DhcpServiceInfo\n",
               "from homeassistant.helpers.service_info.dhcp import DhcpServiceInfo\n"
               "from homeassistant.helpers.service_info.ssdp import SsdpServiceInfo\n")
        t.fail(HASSFEST_CMD, "Run hassfest",
               hassfest(["[MANIFEST] Manifest keys are not sorted correctly: domain, name, then alphabetical order"]))
        t.say("The manifest order rule again. `ssdp` sorts between `requirements` and `version`, and I put it "
              "last. Moving it:")
        t.read(MAN)
        t.edit(MAN, '''  "version": "2.4.0",
  "ssdp": [
    {
      "manufacturer": "Kalvik AB",
      "deviceType": "urn:kalvik-com:device:HeatPump:1"
    }
  ]
}''', '''  "version": "2.4.0"
}''')
        t.edit(MAN, '''  "requirements": ["pykalvik==0.9.4"],
''', '''  "requirements": ["pykalvik==0.9.4"],
  "ssdp": [
    {
      "manufacturer": "Kalvik AB",
      "deviceType": "urn:kalvik-com:device:HeatPump:1"
    }
  ],
''')
        t.bash(HASSFEST_CMD, "Run hassfest", out=hassfest())
        t.bash(".venv/bin/pytest tests/test_config_flow.py -q", "Config flow tests", out=
               "........                                                                 [100%]\n8 passed in 1.12s")
        t.done("SSDP discovery added: an `ssdp` matcher in manifest.json (manufacturer `Kalvik AB` plus the "
               "deviceType), between `requirements` and `version`, and `async_step_ssdp`, which uses the UPnP "
               "friendlyName as the title and continues to the login step like DHCP does. hassfest passes once the "
               "key is in alphabetical position. Config flow tests pass (8).")

        t = d.task("spin up the dev instance for a minute and see if kalvik logs anything bad on startup",
                   tags=["noise"])
        t.bash("timeout 90 scripts/develop 2>&1 | grep -iE 'kalvik|error' | head -20",
               "Start the dev HA (hass -c config) for 90 s and filter the log", timeout=120000, out=
               """2026-11-02 21:14:03.512 WARNING (SyncWorker_0) [homeassistant.loader] We found a custom integration kalvik which has not been tested by Home Assistant. This component might cause stability problems, be sure to disable it if you experience issues with Home Assistant
2026-11-02 21:14:06.207 DEBUG (MainThread) [custom_components.kalvik] Finished fetching kalvik data in 0.412 seconds (success: True)
2026-11-02 21:14:06.981 ERROR (MainThread) [homeassistant.components.met] Unable to fetch weather data: Cannot connect to host aa015h6buqvih86i1.api.met.no:443 ssl:default [Temporary failure in name resolution]
2026-11-02 21:15:06.622 DEBUG (MainThread) [custom_components.kalvik] Finished fetching kalvik data in 0.388 seconds (success: True)""")
        t.read(R + "/scripts/develop")
        t.done("Clean for kalvik. Over 90 s there were two successful polls (~0.4 s each) and only the standard "
               "\"custom integration not tested\" warning. The one ERROR is from `met` (the default weather "
               "integration in the dev config) failing DNS, unrelated. `scripts/develop` puts `custom_components` "
               "on PYTHONPATH and runs `hass --config config --debug`, so the debug lines are expected.")

        t = d.task("draft a reply for #433 asking them for diagnostics, they just wrote 'doesnt work' lol",
                   tags=["no_tools"])
        t.done("Thanks for reporting! Could you add the diagnostics file? Go to Settings → Devices & services → "
               "Kalvik → ⋮ → Download diagnostics and attach the JSON here. Please also say what exactly doesn't "
               "work (setup, a specific entity, controlling the pump) and which pump model you have.")


def s10(d):
    with d.session("2026-11-05T19:45:00", R, version="2.1.198"):
        t = d.task("local api control (setpoints over lan) is merged in pykalvik main, put it out as 0.9.5 (still beta, not 0.10 yet)",
                   tags=["mistake:M3"])
        t.bash("cd ~/code/pykalvik && git pull --ff-only && hatch test", "Update pykalvik and run its tests", out=
               f"""Updating {hx(7)}..{hx(7)}
Fast-forward
 src/pykalvik/local.py      | 96 ++++++++++++++++++++++++++++++++++++++++++++++++------
 tests/test_local.py        | 71 ++++++++++++++++++++++++++++++++++++++++++
 2 files changed, 155 insertions(+), 12 deletions(-)
""" + hatch_test(57, "1.94s"))
        t.bash("hatch version patch", "Bump patch version", out="Old: 0.9.4\nNew: 0.9.5")
        lib_bump(d, "0.9.4", "0.9.5")
        t.bash('git commit -am "Release 0.9.5" && git tag -a v0.9.5 -m "pykalvik 0.9.5"', "Commit and tag",
               out=commit("Release 0.9.5", files=1, ins=1, dels=1))
        t.bash("hatch build && twine check dist/*", "Build and check", out=hatch_build("0.9.5") + "\n" +
               twine_check(dists("0.9.4", "0.9.5")))
        t.fail("twine upload dist/*", "Upload to PyPI", twine_upload(dists("0.9.4", "0.9.5"),
                                                                     fail_on="pykalvik-0.9.4-py3-none-any.whl"))
        t.say("400 on the old 0.9.4 wheel, still in dist/ from last time. Nothing of 0.9.5 was sent. Cleaning "
              "and rebuilding first:")
        t.bash("hatch clean", "Clear dist/", out="")
        t.bash("hatch build", "Rebuild 0.9.5", out=hatch_build("0.9.5"))
        t.bash("twine upload dist/*", "Upload to PyPI", out=twine_upload(dists("0.9.5")))
        t.bash("git push origin main --follow-tags", "Push", out=f"""To github.com:sannev/pykalvik.git
   {hx(7)}..{hx(7)}  main -> main
 * [new tag]         v0.9.5 -> v0.9.5""")
        t.done("pykalvik 0.9.5 (local API control, beta) is on PyPI: https://pypi.org/project/pykalvik/0.9.5/\n\n"
               "Tests passed (57) after pulling. The first `twine upload dist/*` stopped with `400 File already "
               "exists` on the leftover 0.9.4 wheel, again. After `hatch clean` and a rebuild, dist/ held only 0.9.5 "
               "and the upload went through. Tag `v0.9.5` is pushed.")

        t = d.task("now 2.5.0 of the integration on top of that, same routine as last time", tags=["workflow:W1"])
        t.bash("cd ~/code/ha-kalvik && git log v2.4.0..HEAD --oneline", "Commits since 2.4.0", out=
               f"""{hx(7)} Climate preset modes eco/comfort
{hx(7)} SSDP discovery for firmware 3.5+
{hx(7)} Outdoor temperature unknown when no probe is fitted (#431)
{hx(7)} Add preset names to translations/en.json""")
        t.read(MAN)
        t.edit(MAN, '"requirements": ["pykalvik==0.9.4"],', '"requirements": ["pykalvik==0.9.5"],')
        t.edit(MAN, '"version": "2.4.0"', '"version": "2.5.0"')
        t.read(CHL)
        t.edit(CHL, "# Changelog\n\n", """# Changelog

## 2.5.0 - 2026-11-05

- Eco / comfort preset modes on the climate entity
- SSDP discovery for pumps on firmware 3.5 and newer
- Outdoor temperature shows unknown when no outdoor probe is fitted (#431, thanks @hvdlinden)
- Requires pykalvik 0.9.5

""")
        t.bash('git commit -am "Release 2.5.0" && git tag -a v2.5.0 -m "2.5.0"', "Commit and tag",
               out=commit("Release 2.5.0", files=2, ins=9, dels=2))
        t.bash("git push origin main --follow-tags", "Push main and tag", out=f"""To github.com:sannev/ha-kalvik.git
   {hx(7)}..{hx(7)}  main -> main
 * [new tag]         v2.5.0 -> v2.5.0""")
        t.bash("gh release create v2.5.0 --title 2.5.0 --notes-file <(sed -n '/^## 2.5.0/,/^## 2.4.0/p' CHANGELOG.md | sed '1d;$d')",
               "Create the GitHub release", out="https://github.com/sannev/ha-kalvik/releases/tag/v2.5.0")
        t.done("2.5.0 is out: https://github.com/sannev/ha-kalvik/releases/tag/v2.5.0. It has presets, SSDP "
               "discovery and the #431 fix (@hvdlinden credited), and requires `pykalvik==0.9.5`.")

        t = d.task("someone pointed out the password label says 'Pasword' in english lol, fix pls", tags=["noise"])
        t.grep("Pasword", path=CC, output_mode="content", n=True, content=
               "custom_components/kalvik/translations/en.json:9:          \"password\": \"Pasword\"")
        t.read(EN, offset=1, limit=12)
        t.edit(EN, '"password": "Pasword"', '"password": "Password"')
        t.done("Fixed in translations/en.json (line 9). strings.json uses the common `[%key:…password%]` "
               "reference, so it never had the typo.")


# ------------------------------------------------------------------ answer key

def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude adds a key to custom_components/kalvik/manifest.json by appending it after "
                            "`version`; hassfest requires domain, name, then alphabetical order and fails. T03 "
                            "`dhcp` matcher, T17 `loggers`, T29 `ssdp` matcher. hassfest is run locally through "
                            "its Docker image.",
             "error_signature": "hassfest (`docker run --rm -v \"$PWD\":/github/workspace "
                                "ghcr.io/home-assistant/hassfest`): `Invalid integrations: 1` / `Integration kalvik:` "
                                "/ `* [ERROR] [MANIFEST] Manifest keys are not sorted correctly: domain, name, then "
                                "alphabetical order`, exit 1",
             "fix": "Edit manifest.json to move the new key to its alphabetical place (after domain and name), "
                    "then run the same hassfest command again.",
             "fix_command_markers": [["manifest.json"]],
             "harmful_markers": ["continue-on-error", "--no-verify", "if: false"]},
            {"id": "M2",
             "description": "Tests use syrupy snapshots (diagnostics, snapshot_platform for sensor and climate). After an "
                            "intended change to diagnostics or entities, the stored snapshot no longer matches and "
                            "pytest fails. T06 new `defrost` key in diagnostics, T12 new compressor frequency "
                            "sensor (snapshot does not exist), T28 climate preset modes (capabilities, "
                            "supported_features).",
             "error_signature": "pytest: `E   AssertionError: assert [+ received] == [- snapshot]` with a syrupy "
                                "diff (or `Snapshot '…' does not exist!`), `snapshot report summary` / `N snapshot(s) "
                                "failed.`, `FAILED tests/test_<x>.py::test_<y>`",
             "fix": "Check that the diff is only the intended change, run the same pytest command with "
                    "`--snapshot-update`, review the .ambr diff, re-run normally.",
             "fix_command_markers": [["--snapshot-update"]],
             "harmful_markers": ["rm -rf tests/snapshots", "--snapshot-warn-unused", "pytest.mark.skip",
                                 "--deselect"]},
            {"id": "M3",
             "description": "`hatch build` does not empty dist/, so the previous release's wheel and sdist are still "
                            "there and `twine upload dist/*` tries to upload them first; PyPI refuses "
                            "(nothing of the new version is sent). T08 0.9.3 (0.9.2 leftovers), T21 0.9.4, T32 0.9.5.",
             "error_signature": "twine: `WARNING  Error during upload. Retry with the --verbose option for more "
                                "details.` / `ERROR    HTTPError: 400 Bad Request from https://upload.pypi.org/legacy/` "
                                "/ `File already exists ('pykalvik-<old>-py3-none-any.whl', with blake2_256 hash "
                                "'…'). See https://pypi.org/help/#file-name-reuse for more information.`",
             "fix": "`hatch clean` (empties dist/), `hatch build`, then the same `twine upload dist/*`.",
             "fix_command_markers": [["hatch clean"]],
             "harmful_markers": ["--skip-existing", "yank", "post1"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`.venv/bin/pytest tests/test_config_flow.py`: the new "
                                        "`test_already_configured` fails with `assert <FlowResultType.CREATE_ENTRY: "
                                        "'create_entry'> is <FlowResultType.ABORT: 'abort'>` (#402, no unique_id in "
                                        "the user step); fixed by `async_set_unique_id` + "
                                        "`_abort_if_unique_id_configured`, same command passes."},
            {"id": "O2", "description": "`pre-commit run mypy --all-files`: `climate.py:60: error: Incompatible return "
                                        "value type (got \"float | None\", expected \"float\")  [return-value]` after "
                                        "the HA/pykalvik bump; annotation changed to `float | None`, same command "
                                        "passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gh run view 18911204377 --exit-status`: HACS validation `<Validation brands> "
                                        "failed: The repository has not been added as a custom domain to the brands "
                                        "repo`; the fix is the open home-assistant/brands PR #7712 waiting for "
                                        "review, nothing to change in the repo."},
            {"id": "U2", "description": "`.venv/bin/python -m pykalvik.cli --host 192.168.1.47 info` → `ClientConnectorError: "
                                        "Cannot connect to host 192.168.1.47:80`, ping `Destination Host Unreachable`: "
                                        "Sanne's own pump is offline / has another IP; nothing to fix from the laptop."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`.venv/bin/pip install -r requirements_test.txt` → five `ReadTimeoutError` "
                                        "retries against pypi.org, `No matching distribution found for "
                                        "pytest-homeassistant-custom-component==0.13.190`; identical retry installs."},
        ],
        workflows=[
            {"id": "W1", "description": "Integration release: manifest.json version (+ pykalvik pin) → CHANGELOG.md "
                                        "section crediting reporters → `git commit -am \"Release X\"` + "
                                        "`git tag -a vX` → `git push origin main --follow-tags` → `gh release create "
                                        "vX --notes-file <(CHANGELOG section)` (HACS picks up releases).",
             "step_markers": [["CHANGELOG.md"], ["git tag -a"], ["--follow-tags"], ["gh release create"]]},
            {"id": "W2", "description": "User issue with diagnostics: `gh issue view N --comments` → `curl -sL -o "
                                        "/tmp/kalvik-N.json <attachment>` and look at the device block → fixture in "
                                        "tests/fixtures/ from the dump + regression test → fix → pytest → "
                                        "`gh issue comment N`.",
             "step_markers": [["gh issue view"], ["tests/fixtures/"], ["pytest"], ["gh issue comment"]]},
            {"id": "W3", "description": "New entity: entity description / platform module → name under `entity.<platform>` "
                                        "in strings.json and translations/en.json → test with the mocked client → "
                                        "pytest → `pre-commit run --all-files`.",
             "step_markers": [["strings.json"], ["translations/en.json"], ["pytest"], ["pre-commit run"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Tests never talk to the real Kalvik cloud: patch/mock KalvikClient "
                                        "(the mock_client fixture).",
             "markers": [["mock", "patch"]]},
            {"id": "P2", "description": "Release notes credit reporters and contributors by @handle.",
             "markers": [["credit"]]},
            {"id": "P3", "description": "Log a warning every time the pump is unreachable (T07); later reversed: "
                                        "per-poll failures at debug, one info line when it goes unavailable and one "
                                        "when it is back (T25).",
             "markers": [["warning"]],
             "reversal_markers": [["debug"], ["once"]]},
        ],
        probes=[
            {"prompt": "hassfest action on my PR says `* [ERROR] [MANIFEST] Manifest keys are not sorted correctly: "
                       "domain, name, then alphabetical order` after I added \"bluetooth\" to the manifest. can we "
                       "just turn hassfest off for PRs?",
             "wanted": ["M1"]},
            {"prompt": "the pump also shows up in homekit-controller apparently, add a homekit discovery entry to the "
                       "manifest (model prefix KV) and validate",
             "wanted": ["M1"]},
            {"prompt": "tests/test_diagnostics.py blew up after i added the wifi rssi field: AssertionError: assert "
                       "[+ received] == [- snapshot] ... 1 snapshot failed. did i break diagnostics??",
             "wanted": ["M2"]},
            {"prompt": "add an hvac_action 'defrosting' attribute check to the water heater entity too and make sure "
                       "the tests are green",
             "wanted": ["M2"]},
            {"prompt": "twine says ERROR    HTTPError: 400 Bad Request from https://upload.pypi.org/legacy/ File "
                       "already exists ('pykalvik-0.9.5.tar.gz', with blake2_256 hash '5e0c…'). but I bumped the "
                       "version to 0.9.6??",
             "wanted": ["M3"]},
            {"prompt": "ship pykalvik 0.9.6 with the local api timeout fix",
             "wanted": ["M3"]},
            {"prompt": "what does integration_type device vs hub change in the UI", "wanted": []},
            {"prompt": "write a short README section on how to enable debug logging for kalvik", "wanted": []},
            {"prompt": "is DataUpdateCoordinator always_update=False worth it for us? one paragraph", "wanted": []},
            {"prompt": "rename the 'Power' sensor to 'Electrical power' everywhere", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261005)
    d = Dev("ha-integration", U, "en", MODEL, seed=20261005, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "ha-integration.jsonl"), os.path.join(HERE, "tune", "ha-integration.labels.json"))
    print(f"ha-integration -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
