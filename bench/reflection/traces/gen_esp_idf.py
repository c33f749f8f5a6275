"""esp-idf: Jonas Brandt, firmware developer at Heimwerk Smart Home GmbH (Bremen).

One ESP-IDF v5.3.2 monorepo `heimwerk-fw` for two products: the WT-2 wall thermostat (ESP32-S3, 8 MB flash,
LVGL display, BLE Wi-Fi provisioning, HTTPS OTA with rollback) and the ZS-1 smart plug (ESP32-C6, 4 MB flash,
Matter over Wi-Fi with esp-matter v1.3, HLW8032 energy metering). Shared components under components/,
bring-up apps under test_apps/, pytest-embedded hardware tests under tests/ (desk boards on /dev/ttyACM0 = S3,
/dev/ttyACM1 = C6; the rack runner hw-rack-01 in GitLab CI), factory NVS data with tools/hwprov.py, esptool,
GitLab CI on espressif/idf Docker images.

Written blind for fresh/; measured once held out (round 23), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_esp_idf.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "jonas"
H = "/home/jonas"
R = H + "/src/heimwerk-fw"
MODEL = "claude-opus-4-6"
IDF = H + "/esp/v5.3.2/esp-idf"
PY = H + "/.espressif/python_env/idf5.3_py3.12_env/bin/python"
CMAKE = H + "/.espressif/tools/cmake/3.24.0/bin/cmake"
XGCC = H + "/.espressif/tools/xtensa-esp-elf/esp-13.2.0_20240530/xtensa-esp-elf/bin/xtensa-esp32s3-elf-gcc"
RGCC = H + "/.espressif/tools/riscv32-esp-elf/esp-13.2.0_20240530/riscv32-esp-elf/bin/riscv32-esp-elf-gcc"
THERMO = R + "/products/thermo"
PLUG = R + "/products/plug"
COMP = R + "/components"

# ------------------------------------------------------------------ virtual files

README = """# heimwerk-fw

Firmware for Heimwerk's connected products.

| product | dir | chip | notes |
|---|---|---|---|
| WT-2 wall thermostat | products/thermo | ESP32-S3 (8 MB flash, 8 MB PSRAM) | Wi-Fi, BLE provisioning, LVGL display, HTTPS OTA |
| ZS-1 smart plug | products/plug | ESP32-C6 (4 MB flash) | Matter over Wi-Fi (esp-matter), HLW8032 metering |

Shared components live in `components/` (hw_settings, hw_wifi, hw_prov). Bring-up and one-off apps go in
`test_apps/`. Hardware tests (pytest-embedded) are in `tests/` and run on the desk boards or on the rack
(GitLab runner `hw-rack-01`, tag `hw-rack`).

## Setup

ESP-IDF v5.3.2 in `~/esp/v5.3.2/esp-idf` (`get_idf`). The plug also needs esp-matter v1.3 in `~/esp/esp-matter`.

    cd products/thermo && idf.py build
    pytest tests/thermo --target esp32s3 --port /dev/ttyACM0 --app-path products/thermo

Desk boards: WT-2 devkit on `/dev/ttyACM0` (USB-Serial/JTAG), ZS-1 devkit on `/dev/ttyACM1`.

## Factory data

`tools/hwprov.py` writes the per-unit factory CSV for the `fctry` NVS partition (serial, hardware revision,
calibration). The binary is built with `esp_idf_nvs_partition_gen` and written with esptool.
"""

THERMO_CMAKE = """# WT-2 wall thermostat
cmake_minimum_required(VERSION 3.16)

set(EXTRA_COMPONENT_DIRS ../../components)

include($ENV{IDF_PATH}/tools/cmake/project.cmake)
project(hw_thermo)
"""

THERMO_MAIN_CMAKE = """idf_component_register(SRCS "app_main.c" "ui.c"
                       INCLUDE_DIRS "."
                       PRIV_REQUIRES hw_settings hw_wifi hw_prov nvs_flash esp_event esp_lcd)
"""

THERMO_APP_MAIN = """#include <stdio.h>
#include "freertos/FreeRTOS.h"
#include "freertos/task.h"
#include "esp_event.h"
#include "esp_log.h"
#include "nvs_flash.h"
#include "hw_settings.h"
#include "hw_wifi.h"
#include "hw_prov.h"
#include "ui.h"

static const char *TAG = "thermo";

static hw_settings_t s_settings;

void app_main(void)
{
    esp_err_t err = nvs_flash_init();
    if (err == ESP_ERR_NVS_NO_FREE_PAGES || err == ESP_ERR_NVS_NEW_VERSION_FOUND) {
        ESP_ERROR_CHECK(nvs_flash_erase());
        err = nvs_flash_init();
    }
    ESP_ERROR_CHECK(err);
    ESP_ERROR_CHECK(esp_event_loop_create_default());

    ESP_ERROR_CHECK(hw_settings_load(&s_settings));
    ESP_LOGI(TAG, "setpoint %d.%d C", s_settings.setpoint_dc / 10, s_settings.setpoint_dc % 10);

    ESP_ERROR_CHECK(ui_start(&s_settings));

    if (!hw_prov_is_provisioned()) {
        ESP_ERROR_CHECK(hw_prov_start("WT2"));
    }
    ESP_ERROR_CHECK(hw_wifi_start());
}
"""

THERMO_DEFAULTS = """CONFIG_IDF_TARGET="esp32s3"
CONFIG_ESPTOOLPY_FLASHSIZE_8MB=y
CONFIG_ESPTOOLPY_FLASHFREQ_80M=y
CONFIG_PARTITION_TABLE_CUSTOM=y
CONFIG_PARTITION_TABLE_CUSTOM_FILENAME="partitions.csv"
CONFIG_SPIRAM=y
CONFIG_SPIRAM_MODE_OCT=y
CONFIG_ESP_CONSOLE_USB_SERIAL_JTAG=y
CONFIG_BOOTLOADER_APP_ROLLBACK_ENABLE=y
CONFIG_BT_ENABLED=y
CONFIG_BT_NIMBLE_ENABLED=y
CONFIG_LV_COLOR_16_SWAP=y
CONFIG_FREERTOS_HZ=1000
CONFIG_LOG_DEFAULT_LEVEL_INFO=y
"""

THERMO_PARTS = """# Name,   Type, SubType, Offset,   Size,     Flags
nvs,      data, nvs,     0x9000,   0x4000,
otadata,  data, ota,     0xd000,   0x2000,
phy_init, data, phy,     0xf000,   0x1000,
ota_0,    app,  ota_0,   0x10000,  0x300000,
ota_1,    app,  ota_1,   0x310000, 0x300000,
storage,  data, spiffs,  0x610000, 0x1e0000,
fctry,    data, nvs,     0x7f0000, 0x6000,
"""

PLUG_CMAKE = """# ZS-1 smart plug (Matter over Wi-Fi)
cmake_minimum_required(VERSION 3.16)

if(NOT DEFINED ENV{ESP_MATTER_PATH})
    message(FATAL_ERROR "Please set ESP_MATTER_PATH to the path of esp-matter repo")
endif(NOT DEFINED ENV{ESP_MATTER_PATH})

set(ESP_MATTER_PATH $ENV{ESP_MATTER_PATH})
set(MATTER_SDK_PATH ${ESP_MATTER_PATH}/connectedhomeip/connectedhomeip)
set(ENV{PATH} "$ENV{PATH}:${ESP_MATTER_PATH}/connectedhomeip/connectedhomeip/.environment/cipd/packages/pigweed")

set(EXTRA_COMPONENT_DIRS
    ${ESP_MATTER_PATH}/components
    ${ESP_MATTER_PATH}/examples/common
    ${MATTER_SDK_PATH}/config/esp32/components
    ../../components)

include($ENV{IDF_PATH}/tools/cmake/project.cmake)
project(hw_plug)

idf_build_set_property(CXX_COMPILE_OPTIONS "-std=gnu++17;-Os;-DCHIP_HAVE_CONFIG_H" APPEND)
idf_build_set_property(C_COMPILE_OPTIONS "-Os" APPEND)
"""

PLUG_MAIN_CMAKE = """idf_component_register(SRC_DIRS "."
                       PRIV_INCLUDE_DIRS "."
                       PRIV_REQUIRES esp_matter app_reset hw_wifi nvs_flash)

set_property(TARGET ${COMPONENT_LIB} PROPERTY CXX_STANDARD 17)
target_compile_options(${COMPONENT_LIB} PRIVATE "-DCHIP_HAVE_CONFIG_H")
"""

PLUG_KCONFIG = """menu "Heimwerk plug"

    config HW_PLUG_RELAY_GPIO
        int "Relay GPIO"
        default 2

    config HW_PLUG_BUTTON_GPIO
        int "Button GPIO"
        default 9

    choice HW_METERING_REGION
        prompt "Mains region (metering calibration)"
        default HW_METERING_REGION_EU

        config HW_METERING_REGION_EU
            bool "EU, 230 V / 50 Hz"
        config HW_METERING_REGION_US
            bool "US, 120 V / 60 Hz"
    endchoice

    config HW_WIFI_COUNTRY
        string "Wi-Fi country code"
        default "DE"

endmenu
"""

PLUG_APP_MAIN = """#include <esp_err.h>
#include <esp_log.h>
#include <nvs_flash.h>
#include <esp_matter.h>
#include <app_reset.h>
#include "app_priv.h"

static const char *TAG = "app_main";
uint16_t s_plug_endpoint_id;

using namespace esp_matter;

extern "C" void app_main()
{
    ESP_ERROR_CHECK(nvs_flash_init());
    app_driver_handle_t relay = app_driver_relay_init();
    app_driver_handle_t button = app_driver_button_init();
    app_reset_button_register(button);

    node::config_t node_config;
    node_t *node = node::create(&node_config, app_attribute_update_cb, app_identification_cb);
    on_off_plugin_unit::config_t plug_config;
    plug_config.on_off.on_off = false;
    endpoint_t *ep = on_off_plugin_unit::create(node, &plug_config, ENDPOINT_FLAG_NONE, relay);
    s_plug_endpoint_id = endpoint::get_id(ep);

    ESP_ERROR_CHECK(esp_matter::start(app_event_cb));
    ESP_LOGI(TAG, "Matter started");
}
"""

PLUG_DEFAULTS = """CONFIG_IDF_TARGET="esp32c6"
CONFIG_ESPTOOLPY_FLASHSIZE_4MB=y
CONFIG_PARTITION_TABLE_CUSTOM=y
CONFIG_PARTITION_TABLE_CUSTOM_FILENAME="partitions.csv"
CONFIG_PARTITION_TABLE_OFFSET=0xC000
CONFIG_ENABLE_CHIP_SHELL=n
CONFIG_ESP_MATTER_MAX_DYNAMIC_ENDPOINT_COUNT=4
CONFIG_ENABLE_WIFI_STATION=y
CONFIG_USE_MINIMAL_MDNS=y
CONFIG_BT_ENABLED=y
CONFIG_BT_NIMBLE_ENABLED=y
CONFIG_ESP_CONSOLE_USB_SERIAL_JTAG=y
CONFIG_BOOTLOADER_APP_ROLLBACK_ENABLE=y
CONFIG_HW_METERING_REGION_EU=y
"""

HW_SETTINGS_H = """#pragma once
#include <stdint.h>
#include "esp_err.h"

typedef struct {
    int16_t setpoint_dc;        /* target temperature, 0.1 degC */
    uint8_t display_brightness; /* 0..100 */
} hw_settings_t;

esp_err_t hw_settings_load(hw_settings_t *out);
esp_err_t hw_settings_save(const hw_settings_t *s);
"""

HW_SETTINGS_C = """#include <string.h>
#include "nvs.h"
#include "esp_check.h"
#include "hw_settings.h"

static const char *TAG = "hw_settings";
#define NS "settings"

static void defaults(hw_settings_t *s)
{
    s->setpoint_dc = 210;
    s->display_brightness = 70;
}

esp_err_t hw_settings_load(hw_settings_t *out)
{
    nvs_handle_t h;
    defaults(out);
    esp_err_t err = nvs_open(NS, NVS_READONLY, &h);
    if (err == ESP_ERR_NVS_NOT_FOUND) {
        return ESP_OK; /* first boot */
    }
    ESP_RETURN_ON_ERROR(err, TAG, "nvs_open");
    nvs_get_i16(h, "setpoint", &out->setpoint_dc);
    nvs_get_u8(h, "brightness", &out->display_brightness);
    nvs_close(h);
    return ESP_OK;
}

esp_err_t hw_settings_save(const hw_settings_t *s)
{
    nvs_handle_t h;
    ESP_RETURN_ON_ERROR(nvs_open(NS, NVS_READWRITE, &h), TAG, "nvs_open");
    esp_err_t err = nvs_set_i16(h, "setpoint", s->setpoint_dc);
    if (err == ESP_OK) {
        err = nvs_set_u8(h, "brightness", s->display_brightness);
    }
    if (err == ESP_OK) {
        err = nvs_commit(h);
    }
    nvs_close(h);
    return err;
}
"""

HW_WIFI_C = """#include <string.h>
#include "esp_wifi.h"
#include "esp_netif.h"
#include "esp_event.h"
#include "esp_log.h"
#include "esp_check.h"
#include "hw_wifi.h"

static const char *TAG = "hw_wifi";
static int s_retries;

static void on_event(void *arg, esp_event_base_t base, int32_t id, void *data)
{
    if (base == WIFI_EVENT && id == WIFI_EVENT_STA_START) {
        esp_wifi_connect();
    } else if (base == WIFI_EVENT && id == WIFI_EVENT_STA_DISCONNECTED) {
        wifi_event_sta_disconnected_t *d = data;
        ESP_LOGW(TAG, "disconnected, reason %d, retry %d", d->reason, ++s_retries);
        esp_wifi_connect();
    } else if (base == IP_EVENT && id == IP_EVENT_STA_GOT_IP) {
        ip_event_got_ip_t *e = data;
        ESP_LOGI(TAG, "got ip " IPSTR, IP2STR(&e->ip_info.ip));
        s_retries = 0;
    }
}

esp_err_t hw_wifi_start(void)
{
    ESP_RETURN_ON_ERROR(esp_netif_init(), TAG, "netif");
    esp_netif_create_default_wifi_sta();
    wifi_init_config_t cfg = WIFI_INIT_CONFIG_DEFAULT();
    ESP_RETURN_ON_ERROR(esp_wifi_init(&cfg), TAG, "wifi init");
    ESP_RETURN_ON_ERROR(esp_event_handler_register(WIFI_EVENT, ESP_EVENT_ANY_ID, on_event, NULL), TAG, "evt");
    ESP_RETURN_ON_ERROR(esp_event_handler_register(IP_EVENT, IP_EVENT_STA_GOT_IP, on_event, NULL), TAG, "evt");

    wifi_config_t wc = {0};
    ESP_RETURN_ON_ERROR(esp_wifi_get_config(WIFI_IF_STA, &wc), TAG, "get config");
    /* battery-free device, but the thermostat sits in a plastic box on the wall: keep it cool */
    wc.sta.listen_interval = 10;
    ESP_RETURN_ON_ERROR(esp_wifi_set_mode(WIFI_MODE_STA), TAG, "mode");
    ESP_RETURN_ON_ERROR(esp_wifi_set_config(WIFI_IF_STA, &wc), TAG, "set config");
    ESP_RETURN_ON_ERROR(esp_wifi_start(), TAG, "start");
    ESP_RETURN_ON_ERROR(esp_wifi_set_ps(WIFI_PS_MAX_MODEM), TAG, "ps");
    return ESP_OK;
}
"""

PYTEST_INI = """[pytest]
addopts = --embedded-services esp,idf -p no:cacheprovider
testpaths = tests
markers =
    thermo: needs the WT-2 (ESP32-S3) board
    plug: needs the ZS-1 (ESP32-C6) board
"""

TEST_BOOT = """import pytest
from pytest_embedded_idf.dut import IdfDut


@pytest.mark.thermo
def test_boots_to_ui(dut: IdfDut) -> None:
    dut.expect_exact('main_task: Calling app_main()')
    dut.expect(r'thermo: setpoint \\d+\\.\\d C', timeout=10)
    dut.expect_exact('ui: started', timeout=10)
"""

TEST_RELAY = """import pytest
from pytest_embedded_idf.dut import IdfDut


@pytest.mark.plug
def test_relay_toggles_from_button_event(dut: IdfDut) -> None:
    dut.expect_exact('app_main: Matter started', timeout=30)
    dut.write('relay toggle')
    dut.expect(r'relay: state (on|off)', timeout=5)
"""

HWPROV = '''#!/usr/bin/env python3
"""Factory data for Heimwerk units: one CSV per unit for the `fctry` NVS partition.

    hwprov.py mkcsv  --product thermo|plug --serial HWT-0012 --hw-rev A2 [--cal cal.json] --out DIR
    hwprov.py verify --product thermo|plug --serial HWT-0012 --port /dev/ttyACM0

The CSV is turned into a partition image with esp_idf_nvs_partition_gen (size 0x6000) and written at the
fctry offset of the product's partition table (thermo 0x7f0000, plug 0x3e0000).
"""
import argparse
import csv
import json
import subprocess
import sys
import tempfile
from pathlib import Path

FCTRY = {"thermo": 0x7F0000, "plug": 0x3E0000}
CHIP = {"thermo": "esp32s3", "plug": "esp32c6"}
SIZE = 0x6000


def mkcsv(a):
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = [("key", "type", "encoding", "value"), ("fctry", "namespace", "", ""),
            ("serial", "data", "string", a.serial), ("hw_rev", "data", "string", a.hw_rev)]
    if a.cal:
        cal = json.loads(Path(a.cal).read_text())
        for k in ("v_gain", "i_gain", "p_gain"):
            rows.append((k, "data", "u32", str(cal[k])))
    path = out / f"{a.serial}.csv"
    with path.open("w", newline="") as f:
        csv.writer(f).writerows(rows)
    print(f"wrote {path} ({len(rows) - 2} keys)")


def verify(a):
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "fctry.bin"
        subprocess.run([sys.executable, "-m", "esptool", "--chip", CHIP[a.product], "-p", a.port,
                        "read_flash", hex(FCTRY[a.product]), hex(SIZE), str(raw)], check=True,
                       stdout=subprocess.DEVNULL)
        entries = parse_nvs(raw.read_bytes())
    got = entries.get(("fctry", "serial"))
    print(f"fctry @ {FCTRY[a.product]:#x}: " + ", ".join(f"{k}={v}" for (_, k), v in sorted(entries.items())))
    if got != a.serial:
        sys.exit(f"serial mismatch: expected {a.serial}, device has {got}")
    print("OK")
'''

SERLOG = '''#!/usr/bin/env python3
"""Reset a board through DTR/RTS and print its serial output for a few seconds.

    serlog.py /dev/ttyACM0 [-t SECONDS]
"""
'''

GITLAB_CI = """stages: [build, hwtest, release]

variables:
  IDF_IMAGE: espressif/idf:v5.3.1
  MATTER_IMAGE: registry.heimwerk.io/fw/esp-matter:1.3-idf5.3.1

.idf_build:
  stage: build
  image: $IDF_IMAGE
  script:
    - cd products/$PRODUCT
    - idf.py build
    - idf.py size
  artifacts:
    paths:
      - products/$PRODUCT/build/*.bin
      - products/$PRODUCT/build/*.elf
      - products/$PRODUCT/build/bootloader/bootloader.bin
      - products/$PRODUCT/build/partition_table/partition-table.bin
      - products/$PRODUCT/build/flasher_args.json
      - products/$PRODUCT/build/config/sdkconfig.json
    expire_in: 2 weeks

build:thermo:
  extends: .idf_build
  variables:
    PRODUCT: thermo

build:plug:
  extends: .idf_build
  image: $MATTER_IMAGE
  variables:
    PRODUCT: plug

hwtest:thermo:
  stage: hwtest
  image: $IDF_IMAGE
  tags: [hw-rack]
  needs: ["build:thermo"]
  script:
    - pytest tests/thermo --target esp32s3 --port /dev/rack/wt2-a --app-path products/thermo --junitxml report.xml
  artifacts:
    reports:
      junit: report.xml

release:
  stage: release
  image: $IDF_IMAGE
  rules:
    - if: $CI_COMMIT_TAG =~ /^(thermo|plug)-v/
  script:
    - tools/ci/release.sh "$CI_COMMIT_TAG"
"""

THERMO_CHANGELOG = """# WT-2 thermostat firmware

## 1.4.2 - 2026-08-27
- Wi-Fi: reconnect backoff capped at 60 s
- UI: brightness slider steps of 10 %

## 1.4.1 - 2026-08-12
- Provisioning: BLE name now WT2-<last 4 of MAC>
"""

PLUG_CHANGELOG = """# ZS-1 plug firmware

## 0.8.3 - 2026-08-20
- Matter: commissioning window reopens after a factory reset
- Relay: power-on state defaults to off
"""

FILES = {
    R + "/README.md": README,
    R + "/pytest.ini": PYTEST_INI,
    R + "/.gitlab-ci.yml": GITLAB_CI,
    THERMO + "/CMakeLists.txt": THERMO_CMAKE,
    THERMO + "/main/CMakeLists.txt": THERMO_MAIN_CMAKE,
    THERMO + "/main/app_main.c": THERMO_APP_MAIN,
    THERMO + "/sdkconfig.defaults": THERMO_DEFAULTS,
    THERMO + "/partitions.csv": THERMO_PARTS,
    THERMO + "/version.txt": "1.4.2\n",
    THERMO + "/CHANGELOG.md": THERMO_CHANGELOG,
    PLUG + "/CMakeLists.txt": PLUG_CMAKE,
    PLUG + "/main/CMakeLists.txt": PLUG_MAIN_CMAKE,
    PLUG + "/main/Kconfig.projbuild": PLUG_KCONFIG,
    PLUG + "/main/app_main.cpp": PLUG_APP_MAIN,
    PLUG + "/sdkconfig.defaults": PLUG_DEFAULTS,
    PLUG + "/version.txt": "0.8.3\n",
    PLUG + "/CHANGELOG.md": PLUG_CHANGELOG,
    COMP + "/hw_settings/include/hw_settings.h": HW_SETTINGS_H,
    COMP + "/hw_settings/hw_settings.c": HW_SETTINGS_C,
    COMP + "/hw_wifi/hw_wifi.c": HW_WIFI_C,
    R + "/tests/thermo/test_boot.py": TEST_BOOT,
    R + "/tests/plug/test_relay.py": TEST_RELAY,
    R + "/tools/hwprov.py": HWPROV,
    R + "/tools/serlog.py": SERLOG,
}

# ------------------------------------------------------------------ output helpers


def cut(n):
    return f"\n... [{n} lines truncated] ...\n"


def pct_free(size, part):
    return round(100 * (part - size) / part)


def sizes_line(proj, app, size, part):
    b = proj + "/build"
    off = "0xc000" if proj == PLUG else "0x8000"
    return (f"cd {b}/esp-idf/esptool_py && {PY} {IDF}/components/partition_table/check_sizes.py --offset {off} "
            f"partition --type app {b}/partition_table/partition-table.bin {b}/{app}.bin\n"
            f"{app}.bin binary size 0x{size:x} bytes. Smallest app partition is 0x{part:x} bytes. "
            f"0x{part - size:x} bytes ({pct_free(size, part)}%) free.")


def boot_lines(proj, chip, boot_off, bsize):
    b = proj + "/build"
    pt_off = 0xc000 if proj == PLUG else 0x8000
    limit = pt_off - boot_off
    return (f"Performing build step for 'bootloader'\n"
            f"[1/1] cd {b}/bootloader/esp-idf/esptool_py && {PY} {IDF}/components/partition_table/check_sizes.py "
            f"--offset 0x{pt_off:x} bootloader 0x{boot_off:x} {b}/bootloader/bootloader.bin\n"
            f"Bootloader binary size 0x{bsize:x} bytes. 0x{limit - bsize:x} bytes ({pct_free(bsize, limit)}%) free.")


PRODUCTS = {
    # name: (proj dir, app, chip, flash size, freq, bootloader offset, bootloader size, segments, part size)
    "thermo": (THERMO, "hw_thermo", "esp32s3", "8MB", "80m", 0x0, 0x5240,
               [("0x0", "bootloader/bootloader.bin"), ("0x8000", "partition_table/partition-table.bin"),
                ("0xd000", "ota_data_initial.bin"), ("0x10000", "hw_thermo.bin")], 0x300000),
    "plug": (PLUG, "hw_plug", "esp32c6", "4MB", "80m", 0x0, 0x5a70,
             [("0x0", "bootloader/bootloader.bin"), ("0xc000", "partition_table/partition-table.bin"),
              ("0x1d000", "ota_data_initial.bin"), ("0x20000", "hw_plug.bin")], 0x1e0000),
}


def complete(chip, proj, fsize, ffreq, segs):
    args = " ".join(f"{o} build/{p}" for o, p in segs)
    return (f"Project build complete. To flash, run:\n idf.py flash\nor\n idf.py -p PORT flash\nor\n"
            f" python -m esptool --chip {chip} -b 460800 --before default_reset --after hard_reset write_flash "
            f"--flash_mode dio --flash_size {fsize} --flash_freq {ffreq} {args}\n"
            f"or from the \"{proj}/build\" directory\n"
            f" python -m esptool --chip {chip} -b 460800 --before default_reset --after hard_reset write_flash "
            f"\"@flash_args\"")


def obj_lines(objs):
    """objs: list of (component, source) that ninja recompiles."""
    out = []
    for comp, src in objs:
        kind = "CXX" if src.endswith(".cpp") else "C"
        out.append(f"Building {kind} object esp-idf/{comp}/CMakeFiles/__idf_{comp}.dir/{src}.obj")
    libs = []
    for comp, _ in objs:
        if comp not in libs:
            libs.append(comp)
    for comp in libs:
        out.append(f"Linking C static library esp-idf/{comp}/lib{comp}.a")
    return out


def inc_build(product, objs, size, rerun=None, version=None):
    """Incremental `idf.py build` output."""
    proj, app, chip, fsize, ffreq, boff, bsize, segs, part = PRODUCTS[product]
    steps = obj_lines(objs) + ["Generating ld/sections.ld", f"Linking CXX executable {app}.elf",
                               "Generating binary image from built executable", "__SIZES__", "__BOOT__"]
    n = len(steps)
    out = ["Executing action: all (aliases: build)", f"Running ninja in directory {proj}/build",
           'Executing "ninja all"...']
    if rerun:
        out.append("[0/1] Re-running CMake...")
        out += rerun
    for i, s in enumerate(steps, 1):
        if s == "__SIZES__":
            out.append(f"[{i}/{n}] " + sizes_line(proj, app, size, part))
        elif s == "__BOOT__":
            out.append(f"[{i}/{n}] " + boot_lines(proj, chip, boff, bsize))
        else:
            out.append(f"[{i}/{n}] {s}")
            if s.startswith("Generating binary image"):
                out += ["esptool.py v4.8.1", f"Creating {chip} image...", "Merged 2 ELF sections",
                        f"Successfully created {chip} image.", f"Generated {proj}/build/{app}.bin"]
    out += ["", complete(chip, proj, fsize, ffreq, segs)]
    return "\n".join(out)


def rerun_cmake(product, version, components_extra=""):
    proj, app, chip, *_ = PRODUCTS[product]
    arch = "xtensa-esp-elf" if chip == "esp32s3" else "riscv32-esp-elf"
    return [f"-- Building ESP-IDF components for target {chip}",
            f"-- Project sdkconfig file {proj}/sdkconfig",
            f"-- Compiler supported targets: {arch}",
            f"-- App \"{app}\" version: {version}",
            f"-- Adding linker script {proj}/build/esp-idf/esp_system/ld/memory.ld",
            "-- Components: " + comp_list("app_trace app_update bootloader bootloader_support bt cxx efuse esp_adc "
                                          "esp_app_format esp_common esp_driver_gpio esp_driver_i2c esp_driver_ledc "
                                          "esp_driver_uart esp_event esp_hw_support esp_lcd esp_netif esp_partition "
                                          "esp_phy esp_pm esp_psram esp_rom esp_system esp_timer esp_wifi "
                                          "espressif__esp_lvgl_port freertos hal heap hw_prov hw_settings hw_wifi log "
                                          "lvgl__lvgl lwip main mbedtls newlib nvs_flash partition_table protocomm "
                                          "pthread soc spi_flash wifi_provisioning wpa_supplicant xtensa",
                                          components_extra),
            "-- Configuring done (5.8s)", "-- Generating done (0.9s)",
            f"-- Build files have been written to: {proj}/build"]


def gcc_fail(product, comp, src_rel, line, header, via=None):
    """ninja FAILED block for a missing header in a shared component."""
    proj = PRODUCTS[product][0]
    gcc = XGCC if product == "thermo" else RGCC
    src = f"{COMP}/{comp}/{src_rel}"
    obj = f"esp-idf/{comp}/CMakeFiles/__idf_{comp}.dir/{src_rel}.obj"
    out = [f"FAILED: {obj} ",
           f"{gcc} -DESP_PLATFORM -DIDF_VER=\\\"v5.3.2\\\" -DSOC_MMU_PAGE_SIZE=CONFIG_MMU_PAGE_SIZE "
           f"-DSOC_XTAL_FREQ_MHZ=CONFIG_XTAL_FREQ -D_GLIBCXX_HAVE_POSIX_SEMAPHORE -D_GLIBCXX_USE_POSIX_SEMAPHORE "
           f"-D_GNU_SOURCE -D_POSIX_READER_WRITER_LOCKS -I{proj}/build/config -I{COMP}/{comp}/include "
           f"-I{IDF}/components/newlib/platform_include -I{IDF}/components/freertos/config/include "
           f"-I{IDF}/components/freertos/FreeRTOS-Kernel/include -I{IDF}/components/esp_hw_support/include "
           f"-I{IDF}/components/log/include -I{IDF}/components/esp_common/include -I{IDF}/components/esp_event/include "
           f"-I{IDF}/components/soc/include -I{IDF}/components/hal/include -I{IDF}/components/esp_rom/include "
           f"-I{IDF}/components/esp_system/include -mlongcalls -fno-builtin-memcpy -fno-builtin-memset "
           f"-fno-builtin-bzero -fno-builtin-stpcpy -fno-builtin-strncpy -fdiagnostics-color=always "
           f"-ffunction-sections -fdata-sections -Wall -Werror=all -Wno-error=unused-function "
           f"-Wno-error=unused-variable -Wno-error=unused-but-set-variable -Wno-error=deprecated-declarations "
           f"-Wextra -Wno-unused-parameter -Wno-sign-compare -Wno-enum-conversion -gdwarf-4 -ggdb -Og "
           f"-fno-shrink-wrap -fmacro-prefix-map={proj}=. -fmacro-prefix-map={IDF}=/IDF -fstrict-volatile-bitfields "
           f"-fno-jump-tables -fno-tree-switch-conversion -std=gnu17 -Wno-old-style-declaration -MD -MT {obj} "
           f"-MF {obj}.d -o {obj} -c {src}"]
    if via:
        hdr_file, hdr_line = via
        out.append(f"In file included from {src}:{line}:")
        out.append(f"{COMP}/{comp}/{hdr_file}:{hdr_line}:10: fatal error: {header}: No such file or directory")
        ln = hdr_line
    else:
        out.append(f"{src}:{line}:10: fatal error: {header}: No such file or directory")
        ln = line
    pad = " " * (len(str(ln)))
    out.append(f"{ln:>5} | #include \"{header}\"")
    out.append(f"      |          ^{'~' * (len(header) + 1)}")
    out.append("compilation terminated.")
    return "\n".join(out)


def idf_log(proj, pid):
    return (f"ninja failed with exit code 1, output of the command is in the {proj}/build/log/idf_py_stderr_output_{pid} "
            f"and {proj}/build/log/idf_py_stdout_output_{pid}")


def hint_requires(src_short, comp, header, provider, kind):
    return (f"HINT: Compilation failed because {src_short} (in \"{comp}\" component) includes {header}, provided by "
            f"{provider} component(s).\nHowever, {provider} component(s) is not in the requirements list of \"{comp}\".\n"
            f"To fix this, add {provider} to {kind} list of idf_component_register call in "
            f"{COMP}/{comp}/CMakeLists.txt.")


def pytest_head(n):
    return ("============================= test session starts ==============================\n"
            "platform linux -- Python 3.12.3, pytest-8.3.3, pluggy-1.5.0\n"
            f"rootdir: {R}\nconfigfile: pytest.ini\nplugins: embedded-1.12.1, rerunfailures-14.0, timeout-2.3.1\n"
            f"collected {n} item{'s' if n != 1 else ''}\n")


def pytest_pass(files, counts, secs):
    n = sum(counts)
    body, done = "", 0
    for f, c in zip(files, counts):
        done += c
        left = f"{f} {'.' * c}"
        body += "\n" + left + " " * max(1, 74 - len(left)) + f"[{round(100 * done / n):>3}%]"
    mins = f" (0:{int(secs) // 60:02d}:{int(secs) % 60:02d})" if secs >= 60 else ""
    summ = f" {n} passed in {secs:.2f}s{mins} "
    pad = (80 - len(summ)) // 2
    return pytest_head(n) + body + "\n\n" + "=" * pad + summ + "=" * (80 - pad - len(summ))


def boot_log_s3(app, version, ctime, sha, tail_lines, t0=312):
    lines = ["ESP-ROM:esp32s3-20210327", "Build:Mar 27 2021", "rst:0x15 (USB_UART_CHIP_RESET),boot:0x8 (SPI_FAST_FLASH_BOOT)",
             "Saved PC:0x40379c6e", "SPIWP:0xee", "mode:DIO, clock div:1", "load:0x3fce2810,len:0x178c",
             "load:0x403c8700,len:0x4", "load:0x403c8704,len:0xcb8", "load:0x403cb700,len:0x2db0",
             "entry 0x403c8914", "I (27) boot: ESP-IDF v5.3.2 2nd stage bootloader",
             f"I (27) boot: compile time {ctime}", "I (27) boot: Multicore bootloader", "I (30) boot: chip revision: v0.2",
             "I (34) boot.esp32s3: Boot SPI Speed : 80MHz", "I (39) boot.esp32s3: SPI Mode       : DIO",
             "I (43) boot.esp32s3: SPI Flash Size : 8MB", "I (48) boot: Enabling RNG early entropy source...",
             "I (123) cpu_start: Multicore app", "I (133) app_init: Application information:",
             f"I (136) app_init: Project name:     {app}", f"I (141) app_init: App version:      {version}",
             f"I (146) app_init: Compile time:     {ctime}", f"I (151) app_init: ELF file SHA256:  {sha}",
             "I (156) app_init: ESP-IDF:          v5.3.2", "I (282) main_task: Started on CPU0",
             "I (292) main_task: Calling app_main()"]
    return "\n".join(lines + tail_lines)


def boot_log_c6(app, version, ctime, sha, tail_lines):
    lines = ["ESP-ROM:esp32c6-20220919", "Build:Sep 19 2022", "rst:0x15 (USB_UART_HPSYS),boot:0x6c (SPI_FAST_FLASH_BOOT)",
             "Saved PC:0x4001975a", "SPIWP:0xee", "mode:DIO, clock div:2", "load:0x40875720,len:0x1804",
             "load:0x4086c410,len:0xc80", "load:0x4086e610,len:0x2e1c", "entry 0x4086c41a",
             "I (23) boot: ESP-IDF v5.3.2 2nd stage bootloader", f"I (24) boot: compile time {ctime}",
             "I (25) boot: chip revision: v0.1", "I (28) boot.esp32c6: SPI Speed      : 80MHz",
             "I (33) boot.esp32c6: SPI Mode       : DIO", "I (37) boot.esp32c6: SPI Flash Size : 4MB",
             "I (108) app_init: Application information:", f"I (111) app_init: Project name:     {app}",
             f"I (116) app_init: App version:      {version}", f"I (121) app_init: Compile time:     {ctime}",
             f"I (126) app_init: ELF file SHA256:  {sha}", "I (131) app_init: ESP-IDF:          v5.3.2",
             "I (201) main_task: Started on CPU0", "I (201) main_task: Calling app_main()"]
    return "\n".join(lines + tail_lines)


def writing_lines(addr, n, c, stop_pct=None):
    blocks = max(1, -(-c // 0x4000))
    out = []
    for i in range(blocks):
        pct = 100 * (i + 1) // blocks if blocks > 1 else 100
        at = addr + (n * i // blocks) if i else addr
        if stop_pct is not None and pct > stop_pct:
            break
        out.append(f"Writing at 0x{at:08x}... ({pct} %)")
    return out


def esptool_write(chip, port, desc, mac, segs, stub=True):
    """esptool v4.8 write_flash output; segs: list of (addr, nbytes, ncompressed, secs)."""
    out = ["esptool.py v4.8.1", f"Serial port {port}", "Connecting...", f"Chip is {desc}"]
    if chip == "esp32s3":
        out += ["Features: WiFi, BLE, Embedded PSRAM 8MB (AP_3v3)", "Crystal is 40MHz", "USB mode: USB-Serial/JTAG"]
    else:
        out += ["Features: WiFi 6, BT 5, IEEE802.15.4", "Crystal is 40MHz", "USB mode: USB-Serial/JTAG"]
    if chip == "esp32c6":
        out += [f"MAC: {mac[:8]}:ff:fe{mac[8:]}", f"BASE MAC: {mac}", "MAC_EXT: ff:fe"]
    else:
        out += [f"MAC: {mac}"]
    out += ["Uploading stub...", "Running stub...", "Stub running...", "Changing baud rate to 460800", "Changed.",
            "Configuring flash size..."]
    for addr, n, c, secs in segs:
        end = addr + ((n + 0xfff) // 0x1000) * 0x1000 - 1
        out.append(f"Flash will be erased from 0x{addr:08x} to 0x{end:08x}...")
    for addr, n, c, secs in segs:
        rate = n * 8 / max(secs, 0.05) / 1000
        out.append(f"Compressed {n} bytes to {c}...")
        out += writing_lines(addr, n, c)
        out += [f"Wrote {n} bytes ({c} compressed) at 0x{addr:08x} in {secs:.1f} seconds (effective {rate:.1f} kbit/s)...",
                "Hash of data verified."]
    out += ["", "Leaving...", "Hard resetting via RTS pin..."]
    return "\n".join(out)


def idf_flash_ok(product_dir, chip, port, esp_out, app_size, part, app, boff, bsize, extra_steps=()):
    b = product_dir + "/build"
    lines = ["Executing action: flash", f"Running ninja in directory {b}", 'Executing "ninja flash"...']
    steps = list(extra_steps) + ["__SIZES__", "__BOOT__", "No install step for 'bootloader'", "Completed 'bootloader'",
                                 "__FLASH__"]
    n = len(steps)
    for i, s in enumerate(steps, 1):
        if s == "__SIZES__":
            lines.append(f"[{i}/{n}] " + sizes_line(product_dir, app, app_size, part))
        elif s == "__BOOT__":
            lines.append(f"[{i}/{n}] " + boot_lines(product_dir, chip, boff, bsize))
        elif s == "__FLASH__":
            lines.append(f"[{i - 1}/{n}] cd {IDF}/components/esptool_py && {CMAKE} -D IDF_PATH={IDF} "
                         f"-D \"SERIAL_TOOL={PY};;{IDF}/components/esptool_py/esptool/esptool.py;--chip;{chip}\" "
                         f"-D \"SERIAL_TOOL_ARGS=--before=default_reset;--after=hard_reset;write_flash;@flash_args\" "
                         f"-D WORKING_DIRECTORY={b} -P {IDF}/components/esptool_py/run_serial_tool.cmake")
            lines.append(esp_out)
        else:
            lines.append(f"[{i}/{n}] {s}")
    lines.append("Done")
    return "\n".join(lines)


def wrong_chip(app_dir, app, port, actual, app_size, bsize, baud=460800, extra_before="", pid=61204):
    """`idf.py -p PORT flash` of an app built for the default target esp32 onto an S3/C6 board."""
    b = app_dir + "/build"
    lines = []
    if extra_before:
        lines.append(extra_before)
    lines += ["Executing action: flash", f"Running ninja in directory {b}", 'Executing "ninja flash"...',
              f"[1/5] " + sizes_line(app_dir, app, app_size, 0x100000),
              f"[2/5] Performing build step for 'bootloader'",
              f"[1/1] cd {b}/bootloader/esp-idf/esptool_py && {PY} {IDF}/components/partition_table/check_sizes.py "
              f"--offset 0x8000 bootloader 0x1000 {b}/bootloader/bootloader.bin",
              f"Bootloader binary size 0x{bsize:x} bytes. 0x{0x7000 - bsize:x} bytes ({pct_free(bsize, 0x7000)}%) free.",
              "[3/5] No install step for 'bootloader'", "[4/5] Completed 'bootloader'",
              f"[4/5] cd {IDF}/components/esptool_py && {CMAKE} -D IDF_PATH={IDF} "
              f"-D \"SERIAL_TOOL={PY};;{IDF}/components/esptool_py/esptool/esptool.py;--chip;esp32\" "
              f"-D \"SERIAL_TOOL_ARGS=--before=default_reset;--after=hard_reset;write_flash;@flash_args\" "
              f"-D WORKING_DIRECTORY={b} -P {IDF}/components/esptool_py/run_serial_tool.cmake",
              f"esptool.py --chip esp32 -p {port} -b {baud} --before=default_reset --after=hard_reset write_flash "
              f"--flash_mode dio --flash_freq 40m --flash_size 2MB 0x1000 bootloader/bootloader.bin 0x10000 {app}.bin "
              f"0x8000 partition_table/partition-table.bin",
              "esptool.py v4.8.1", f"Serial port {port}", "Connecting...", "",
              f"A fatal error occurred: This chip is {actual} not ESP32. Wrong --chip argument?",
              "CMake Error at run_serial_tool.cmake:66 (message):", "  ",
              f"  {PY};;{IDF}/components/esptool_py/esptool/esptool.py;--chip;esp32",
              "  failed.", "", "", "",
              f"FAILED: CMakeFiles/flash {b}/CMakeFiles/flash ",
              f"cd {IDF}/components/esptool_py && {CMAKE} -D IDF_PATH={IDF} -D \"SERIAL_TOOL={PY};;{IDF}/components/"
              f"esptool_py/esptool/esptool.py;--chip;esp32\" -D \"SERIAL_TOOL_ARGS=--before=default_reset;"
              f"--after=hard_reset;write_flash;@flash_args\" -D WORKING_DIRECTORY={b} -P {IDF}/components/esptool_py/"
              f"run_serial_tool.cmake",
              "ninja: build stopped: subcommand failed.",
              idf_log(app_dir, pid)]
    return "\n".join(lines)


def fresh_configure(app_dir, target, guessed, ncomp=78):
    """cmake configure of a new app; guessed=False means the default target esp32."""
    b = app_dir + "/build"
    arch = {"esp32": "xtensa-esp-elf", "esp32s3": "xtensa-esp-elf", "esp32c6": "riscv32-esp-elf"}[target]
    gcc = {"esp32": "xtensa-esp32-elf-gcc", "esp32s3": "xtensa-esp32s3-elf-gcc", "esp32c6": "riscv32-esp-elf-gcc"}[target]
    tdir = "xtensa-esp-elf" if arch.startswith("xtensa") else "riscv32-esp-elf"
    out = []
    if not guessed:
        out.append("-- IDF_TARGET not set, using default target: esp32")
    out += ["-- Found Git: /usr/bin/git (found version \"2.43.0\")",
            "-- The C compiler identification is GNU 13.2.0",
            "-- The CXX compiler identification is GNU 13.2.0",
            "-- The ASM compiler identification is GNU",
            f"-- Found assembler: {H}/.espressif/tools/{tdir}/esp-13.2.0_20240530/{tdir}/bin/{gcc}",
            "-- Detecting C compiler ABI info", "-- Detecting C compiler ABI info - done",
            f"-- Check for working C compiler: {H}/.espressif/tools/{tdir}/esp-13.2.0_20240530/{tdir}/bin/{gcc} - skipped",
            "-- Detecting C compile features", "-- Detecting C compile features - done",
            "-- Detecting CXX compiler ABI info", "-- Detecting CXX compiler ABI info - done",
            "-- Detecting CXX compile features", "-- Detecting CXX compile features - done",
            f"-- Building ESP-IDF components for target {target}",
            "-- Checking Python dependencies...", "-- Python requirements are satisfied.",
            f"-- Project sdkconfig file {app_dir}/sdkconfig",
            f"-- Compiler supported targets: {arch}"]
    return out


BASE_COMPS = ("app_trace app_update bootloader bootloader_support cxx efuse esp_app_format esp_bootloader_format "
              "esp_common esp_event esp_hw_support esp_partition esp_pm esp_rom esp_system esp_timer freertos hal heap "
              "log main newlib nvs_flash partition_table pthread soc spi_flash")


def comp_list(base, extra="", target=None):
    names = set(base.split()) | set(extra.split())
    if target:
        names.add("riscv" if target == "esp32c6" else "xtensa")
    return " ".join(sorted(names))


def cmake_cmd(app_dir, build="build", target=None, extra=""):
    t = f" -DIDF_TARGET={target}" if target else ""
    return (f"Executing \"cmake -G Ninja -DPYTHON_DEPS_CHECKED=1 -DPYTHON={PY} -DESP_PLATFORM=1{t}{extra} "
            f"-DCCACHE_ENABLE=1 {app_dir}\"...")


DEFAULT_PT = ["Partition table binary generated. Contents:",
              "*" * 79, "# ESP-IDF Partition Table", "# Name, Type, SubType, Offset, Size, Flags",
              "nvs,data,nvs,0x9000,24K,", "phy_init,data,phy,0xf000,4K,", "factory,app,factory,0x10000,1M,",
              "*" * 79]


def fresh_build(app_dir, app, target, version, nsteps, size, part, bsize, pt=None, guessed=False, comps="",
                cut_lines=1890, build="build", cmake_extra="", sdkconfig=None, complete_msg=True, ctime=5.9):
    """`idf.py build` in a build dir that doesn't exist yet, truncated in the middle like Claude Code does."""
    b = f"{app_dir}/{build}"
    boot_off = 0x1000 if target == "esp32" else 0x0
    out = ["Executing action: all (aliases: build)", f"Running cmake in directory {b}",
           cmake_cmd(app_dir, build, None if not guessed else target, cmake_extra)]
    out += fresh_configure(app_dir, target, guessed)
    if sdkconfig:
        out[-2] = f"-- Project sdkconfig file {sdkconfig}"
    out += [f"-- App \"{app}\" version: {version}",
            f"-- Adding linker script {b}/esp-idf/esp_system/ld/memory.ld",
            "-- Components: " + comp_list(BASE_COMPS, comps, target),
            f"-- Configuring done ({ctime:.1f}s)", "-- Generating done (0.7s)", f"-- Build files have been written to: {b}",
            f"Running ninja in directory {b}", 'Executing "ninja all"...',
            f"[1/{nsteps}] Generating project_elf_src_{target}.c",
            f"[2/{nsteps}] Generating ../../partition_table/partition-table.bin"]
    out += (pt or DEFAULT_PT)
    out += [f"[3/{nsteps}] Generating memory.ld linker script...",
            f"[4/{nsteps}] Generating sections.ld linker script...",
            f"[5/{nsteps}] Building C object esp-idf/esp_system/CMakeFiles/__idf_esp_system.dir/esp_err.c.obj",
            f"[6/{nsteps}] Building C object esp-idf/esp_system/CMakeFiles/__idf_esp_system.dir/crosscore_int.c.obj"]
    out.append(cut(cut_lines).strip("\n"))
    out += [f"[{nsteps - 3}/{nsteps}] Linking CXX executable {app}.elf",
            f"[{nsteps - 2}/{nsteps}] Generating binary image from built executable",
            "esptool.py v4.8.1", f"Creating {target} image...", "Merged 2 ELF sections",
            f"Successfully created {target} image.", f"Generated {b}/{app}.bin",
            f"[{nsteps - 1}/{nsteps}] " + sizes_line(app_dir, app, size, part).replace(f"{app_dir}/build", b),
            f"[{nsteps}/{nsteps}] " + boot_lines(app_dir, target, boot_off, bsize).replace(f"{app_dir}/build", b)]
    if complete_msg:
        fs = "2MB" if target == "esp32" else ("8MB" if target == "esp32s3" else "4MB")
        ff = "40m" if target == "esp32" else "80m"
        segs = [(hex(boot_off), "bootloader/bootloader.bin"), ("0x10000", f"{app}.bin"),
                ("0x8000", "partition_table/partition-table.bin")]
        out += ["", complete(target, app_dir, fs, ff, segs).replace(f"{app_dir}/build", b)]
    return out


def set_target_out(app_dir, app, target, version, comps=""):
    b = app_dir + "/build"
    out = ["Adding \"set-target\"'s dependency \"fullclean\" to list of commands with default set of options.",
           "Executing action: fullclean", "Executing action: set-target",
           f"Set Target to: {target}, new sdkconfig will be created.",
           f"Running cmake in directory {b}", cmake_cmd(app_dir, target=target),
           f"-- Existing sdkconfig '{app_dir}/sdkconfig' renamed to '{app_dir}/sdkconfig.old'."]
    out += fresh_configure(app_dir, target, True)
    out += [f"-- App \"{app}\" version: {version}",
            f"-- Adding linker script {b}/esp-idf/esp_system/ld/memory.ld",
            "-- Components: " + comp_list(BASE_COMPS, comps, target),
            "-- Configuring done (5.4s)", "-- Generating done (0.6s)", f"-- Build files have been written to: {b}"]
    return "\n".join(out)


def build_and_flash_ok(app_dir, app, target, nsteps, size, part, bsize, port, desc, mac, segs_w, cut_lines, baud=460800,
                       with_build=True):
    b = app_dir + "/build"
    out = []
    if with_build:
        out += ["Executing action: all (aliases: build)", f"Running ninja in directory {b}", 'Executing "ninja all"...',
                f"[1/{nsteps}] Generating project_elf_src_{target}.c",
                f"[2/{nsteps}] Building C object esp-idf/esp_system/CMakeFiles/__idf_esp_system.dir/esp_err.c.obj",
                cut(cut_lines).strip("\n"),
                f"[{nsteps - 1}/{nsteps}] " + sizes_line(app_dir, app, size, part),
                f"[{nsteps}/{nsteps}] " + boot_lines(app_dir, target, 0x0, bsize)]
    if with_build == "flash":
        out += ["Executing action: flash", f"Running ninja in directory {b}", 'Executing "ninja flash"...',
                f"[1/{nsteps}] Generating project_elf_src_{target}.c",
                f"[2/{nsteps}] Building C object esp-idf/esp_system/CMakeFiles/__idf_esp_system.dir/esp_err.c.obj",
                cut(cut_lines).strip("\n"),
                f"[{nsteps - 4}/{nsteps}] " + sizes_line(app_dir, app, size, part),
                f"[{nsteps - 3}/{nsteps}] " + boot_lines(app_dir, target, 0x0, bsize),
                f"[{nsteps - 2}/{nsteps}] No install step for 'bootloader'",
                f"[{nsteps - 1}/{nsteps}] Completed 'bootloader'",
                f"[{nsteps - 1}/{nsteps}] cd {IDF}/components/esptool_py && {CMAKE} -D IDF_PATH={IDF} "
                f"-D \"SERIAL_TOOL={PY};;{IDF}/components/esptool_py/esptool/esptool.py;--chip;{target}\" "
                f"-D \"SERIAL_TOOL_ARGS=--before=default_reset;--after=hard_reset;write_flash;@flash_args\" "
                f"-D WORKING_DIRECTORY={b} -P {IDF}/components/esptool_py/run_serial_tool.cmake",
                f"esptool.py --chip {target} -p {port} -b {baud} --before=default_reset --after=hard_reset write_flash "
                f"--flash_mode dio --flash_freq 80m --flash_size {'8MB' if target == 'esp32s3' else '4MB'} "
                + " ".join(f"0x{a:x} {p}" for a, p, *_ in segs_w)]
        out.append(esptool_write(target, port, desc, mac, [(a, n, c, s) for a, p, n, c, s in segs_w])
                   .replace("Changing baud rate to 460800", f"Changing baud rate to {baud}"))
        out.append("Done")
        return "\n".join(out)
    out += ["Executing action: flash", f"Running ninja in directory {b}", 'Executing "ninja flash"...',
            f"[1/5] " + sizes_line(app_dir, app, size, part),
            "[2/5] " + boot_lines(app_dir, target, 0x0, bsize).replace("Performing build step", "Performing build step"),
            "[3/5] No install step for 'bootloader'", "[4/5] Completed 'bootloader'",
            f"[4/5] cd {IDF}/components/esptool_py && {CMAKE} -D IDF_PATH={IDF} "
            f"-D \"SERIAL_TOOL={PY};;{IDF}/components/esptool_py/esptool/esptool.py;--chip;{target}\" "
            f"-D \"SERIAL_TOOL_ARGS=--before=default_reset;--after=hard_reset;write_flash;@flash_args\" "
            f"-D WORKING_DIRECTORY={b} -P {IDF}/components/esptool_py/run_serial_tool.cmake",
            f"esptool.py --chip {target} -p {port} -b {baud} --before=default_reset --after=hard_reset write_flash "
            f"--flash_mode dio --flash_freq 80m --flash_size {'8MB' if target == 'esp32s3' else '4MB'} "
            + " ".join(f"0x{a:x} {p}" for a, p, *_ in segs_w)]
    out.append(esptool_write(target, port, desc, mac, [(a, n, c, s) for a, p, n, c, s in segs_w])
               .replace("Changing baud rate to 460800", f"Changing baud rate to {baud}"))
    out.append("Done")
    return "\n".join(out)


S3DESC = "ESP32-S3 (QFN56) (revision v0.2)"
C6DESC = "ESP32-C6 (QFN40) (revision v0.1)"
S3MAC = "f4:12:fa:5c:31:08"
C6MAC = "40:4c:ca:4a:9e:10"


def matter_cfg_err(proj, build="build", extra=""):
    b = f"{proj}/{build}"
    return "\n".join(["Executing action: all (aliases: build)", f"Running cmake in directory {b}",
                      cmake_cmd(proj, build, "esp32c6", extra),
                      "CMake Error at CMakeLists.txt:5 (message):",
                      "  Please set ESP_MATTER_PATH to the path of esp-matter repo", "", "",
                      "-- Configuring incomplete, errors occurred!",
                      f"cmake failed with exit code 1, output of the command is in the {b}/log/idf_py_stderr_output_"
                      f"{51877 if build == 'build' else 53302} and {b}/log/idf_py_stdout_output_"
                      f"{51877 if build == 'build' else 53302}"])


def matter_rerun_err(proj):
    b = proj + "/build"
    return "\n".join(["Executing action: all (aliases: build)", f"Running ninja in directory {b}",
                      'Executing "ninja all"...', "[0/1] Re-running CMake...",
                      "CMake Error at CMakeLists.txt:5 (message):",
                      "  Please set ESP_MATTER_PATH to the path of esp-matter repo", "", "",
                      "-- Configuring incomplete, errors occurred!",
                      "FAILED: build.ninja ",
                      f"{CMAKE} --regenerate-during-build -S{proj} -B{b}",
                      "ninja: error: rebuilding 'build.ninja': subcommand failed",
                      idf_log(proj, 52140)])


def plug_fresh_ok(build="build", sdk=None, extra="", size=0x1a3c40, defaults=("sdkconfig.defaults",)):
    proj = PLUG
    b = f"{proj}/{build}"
    pt = ["Partition table binary generated. Contents:", "*" * 79, "# ESP-IDF Partition Table",
          "# Name, Type, SubType, Offset, Size, Flags", "esp_secure_cert,63,0,0xd000,8K,encrypted",
          "nvs,data,nvs,0x10000,48K,", "nvs_keys,data,nvs_keys,0x1c000,4K,encrypted", "otadata,data,ota,0x1d000,8K,",
          "phy_init,data,phy,0x1f000,4K,", "ota_0,app,ota_0,0x20000,1920K,", "ota_1,app,ota_1,0x200000,1920K,",
          "fctry,data,nvs,0x3e0000,24K,", "*" * 79]
    out = ["Executing action: all (aliases: build)", f"Running cmake in directory {b}",
           cmake_cmd(proj, build, "esp32c6", extra)]
    out += fresh_configure(proj, "esp32c6", True)
    if sdk:
        out[-2] = f"-- Project sdkconfig file {sdk}"
    out += [f"-- Loading defaults file {proj}/{x}..." for x in defaults]
    out += [
            f"-- App \"hw_plug\" version: 0.8.3",
            f"-- Adding linker script {b}/esp-idf/esp_system/ld/memory.ld",
            "-- Components: app_reset app_trace app_update bootloader bootloader_support bt button chip cmake_utilities "
            "console cxx efuse esp_app_format esp_common esp_driver_gpio esp_driver_uart esp_event esp_hw_support "
            "esp_matter esp_netif esp_partition esp_phy esp_pm esp_rom esp_secure_cert_mgr esp_system esp_timer "
            "esp_wifi espressif__esp_insights freertos hal heap hw_wifi json log lwip main mbedtls newlib nvs_flash "
            "openthread partition_table protocomm pthread riscv soc spi_flash wifi_provisioning wpa_supplicant",
            "-- Configuring done (21.4s)", "-- Generating done (2.3s)", f"-- Build files have been written to: {b}",
            f"Running ninja in directory {b}", 'Executing "ninja all"...',
            "[1/1512] Generating project_elf_src_esp32c6.c",
            "[2/1512] Generating ../../partition_table/partition-table.bin"] + pt
    out += ["[3/1512] Building C object esp-idf/esp_system/CMakeFiles/__idf_esp_system.dir/esp_err.c.obj",
            cut(3306).strip("\n"),
            "[1509/1512] Linking CXX executable hw_plug.elf",
            "[1510/1512] Generating binary image from built executable", "esptool.py v4.8.1",
            "Creating esp32c6 image...", "Merged 3 ELF sections", "Successfully created esp32c6 image.",
            f"Generated {b}/hw_plug.bin",
            "[1511/1512] " + sizes_line(proj, "hw_plug", size, 0x1e0000).replace(proj + "/build", b),
            "[1512/1512] " + boot_lines(proj, "esp32c6", 0x0, 0x5a70).replace(proj + "/build", b), "",
            complete("esp32c6", proj, "4MB", "80m", PRODUCTS["plug"][7]).replace(proj + "/build", b)]
    return "\n".join(out)


def rack_port(p):
    return p



SHT4X_C = """#include <string.h>
#include "freertos/FreeRTOS.h"
#include "freertos/task.h"
#include "esp_log.h"
#include "esp_check.h"
#include "driver/i2c_master.h"
#include "hw_sensors.h"

ESP_EVENT_DEFINE_BASE(HW_SENSORS_EVENT);

static const char *TAG = "hw_sensors";

#define SHT4X_ADDR          0x44
#define SHT4X_CMD_MEAS_HIGH 0xFD
#define SHT4X_CMD_SERIAL    0x89

static i2c_master_bus_handle_t s_bus;
static i2c_master_dev_handle_t s_dev;
static TaskHandle_t s_task;

static uint8_t crc8(const uint8_t *d, size_t n)
{
    uint8_t crc = 0xFF;
    for (size_t i = 0; i < n; i++) {
        crc ^= d[i];
        for (int b = 0; b < 8; b++) {
            crc = (crc & 0x80) ? (uint8_t)((crc << 1) ^ 0x31) : (uint8_t)(crc << 1);
        }
    }
    return crc;
}

static esp_err_t sht4x_cmd(uint8_t cmd, uint8_t rx[6], int wait_ms)
{
    ESP_RETURN_ON_ERROR(i2c_master_transmit(s_dev, &cmd, 1, 50), TAG, "tx 0x%02x", cmd);
    vTaskDelay(pdMS_TO_TICKS(wait_ms));
    ESP_RETURN_ON_ERROR(i2c_master_receive(s_dev, rx, 6, 50), TAG, "rx 0x%02x", cmd);
    if (crc8(rx, 2) != rx[2] || crc8(rx + 3, 2) != rx[5]) {
        return ESP_ERR_INVALID_CRC;
    }
    return ESP_OK;
}

esp_err_t hw_sensors_read(hw_sensors_reading_t *out)
{
    uint8_t rx[6];
    ESP_RETURN_ON_ERROR(sht4x_cmd(SHT4X_CMD_MEAS_HIGH, rx, 10), TAG, "measure");
    uint16_t t_raw = (rx[0] << 8) | rx[1];
    uint16_t rh_raw = (rx[3] << 8) | rx[4];
    out->temp_c = -45.0f + 175.0f * t_raw / 65535.0f;
    out->rh = -6.0f + 125.0f * rh_raw / 65535.0f;
    if (out->rh < 0.0f) {
        out->rh = 0.0f;
    } else if (out->rh > 100.0f) {
        out->rh = 100.0f;
    }
    return ESP_OK;
}

static void sensor_task(void *arg)
{
    hw_sensors_reading_t r;
    for (;;) {
        esp_err_t err = hw_sensors_read(&r);
        if (err == ESP_OK) {
            esp_event_post(HW_SENSORS_EVENT, HW_SENSORS_EVENT_READING, &r, sizeof(r), pdMS_TO_TICKS(100));
        } else {
            ESP_LOGW(TAG, "read failed: %s", esp_err_to_name(err));
        }
        vTaskDelay(pdMS_TO_TICKS(5000));
    }
}

esp_err_t hw_sensors_start(const hw_sensors_config_t *cfg)
{
    i2c_master_bus_config_t bus = {
        .i2c_port = cfg->port,
        .sda_io_num = cfg->sda,
        .scl_io_num = cfg->scl,
        .clk_source = I2C_CLK_SRC_DEFAULT,
        .glitch_ignore_cnt = 7,
        .flags.enable_internal_pullup = true,
    };
    ESP_RETURN_ON_ERROR(i2c_new_master_bus(&bus, &s_bus), TAG, "bus");
    i2c_device_config_t dev = {
        .dev_addr_length = I2C_ADDR_BIT_LEN_7,
        .device_address = SHT4X_ADDR,
        .scl_speed_hz = 400000,
    };
    ESP_RETURN_ON_ERROR(i2c_master_bus_add_device(s_bus, &dev, &s_dev), TAG, "dev");

    uint8_t rx[6];
    ESP_RETURN_ON_ERROR(sht4x_cmd(SHT4X_CMD_SERIAL, rx, 1), TAG, "serial");
    ESP_LOGI(TAG, "sht4x serial 0x%02x%02x%02x%02x", rx[0], rx[1], rx[3], rx[4]);

    if (xTaskCreate(sensor_task, "sht4x", 2048, NULL, 5, &s_task) != pdPASS) {
        return ESP_ERR_NO_MEM;
    }
    return ESP_OK;
}
"""

TEST_SENSORS_1 = """import pytest
from pytest_embedded_idf.dut import IdfDut


@pytest.mark.thermo
def test_sensor_reports(dut: IdfDut) -> None:
    dut.expect_exact('main_task: Calling app_main()')
    dut.expect(r'hw_sensors: sht4x serial 0x[0-9a-f]{8}', timeout=10)
    m = dut.expect(r'thermo: T=(-?\\d+\\.\\d+) C RH=(\\d+\\.\\d+) %', timeout=15)
    t = float(m.group(1).decode())
    assert 5.0 < t < 40.0
"""

SIZE_PLUG = f"""Executing action: size
Running ninja in directory {PLUG}/build
Executing "ninja size"...
[1/1] cd {PLUG}/build && {PY} -m esp_idf_size --ng {PLUG}/build/hw_plug.map
                             Memory Type Usage Summary
┏━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━┳━━━━━━━━━━┳━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Memory Type/Section   ┃ Used [bytes] ┃ Used [%] ┃ Remain [bytes] ┃ Total [bytes] ┃
┡━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ Flash Code            │      1258318 │          │                │               │
│    .text              │      1258318 │          │                │               │
│ Flash Data            │       335612 │          │                │               │
│    .rodata            │       335356 │          │                │               │
│    .appdesc           │          256 │          │                │               │
│ HP SRAM               │       327214 │    66.94 │         161586 │        488800 │
│    .bss               │       163904 │    33.53 │                │               │
│    .text              │        98426 │    20.14 │                │               │
│    .data              │        64884 │    13.27 │                │               │
│ LP SRAM               │            0 │      0.0 │          16384 │         16384 │
└───────────────────────┴──────────────┴──────────┴────────────────┴───────────────┘
Total image size: 1719168 bytes (.bin may be padded larger)"""


# ------------------------------------------------------------------ the month


def gen():
    d = Dev("esp-idf", U, "en", MODEL, seed=53221, files=FILES)
    D = "~/src/heimwerk-fw"
    TH = f"cd {D}/products/thermo && "
    PL = f"cd {D}/products/plug && "
    MATTER = "ESP_MATTER_PATH=$HOME/esp/esp-matter "
    PT_CMD = "pytest tests/thermo/{} --target esp32s3 --port /dev/ttyACM0 --app-path products/thermo"

    # ================= S1 =================
    with d.session("2026-09-07T09:12:00", R, branch="main", version="2.1.94"):
        t = d.task("morning. I'm moving over from the thermo UI to firmware in general and I'll own the plug too now "
                   "that Lea's on the Thread project. give me the tour: how are products, shared components, tests "
                   "and CI wired together here", tags=["noise"])
        t.read(R + "/README.md")
        t.glob("components/*/CMakeLists.txt", [COMP + "/hw_prov/CMakeLists.txt", COMP + "/hw_settings/CMakeLists.txt",
                                               COMP + "/hw_wifi/CMakeLists.txt"])
        t.read(THERMO + "/CMakeLists.txt")
        t.read(THERMO + "/main/CMakeLists.txt")
        t.read(PLUG + "/CMakeLists.txt")
        t.read(R + "/pytest.ini")
        t.read(R + "/.gitlab-ci.yml")
        t.done("How it fits together:\n\n"
               "**Products** are separate ESP-IDF projects:\n"
               "- `products/thermo` (WT-2, ESP32-S3, 8 MB): `project(hw_thermo)`, version from `version.txt` (1.4.2), "
               "custom `partitions.csv` with two 3 MB OTA slots plus `storage` and a `fctry` NVS partition at "
               "0x7f0000.\n"
               "- `products/plug` (ZS-1, ESP32-C6, 4 MB): an esp-matter project. Its top-level CMakeLists pulls "
               "esp-matter's components and the connectedhomeip ESP32 config in through `EXTRA_COMPONENT_DIRS`, and it "
               "stops at configure time if the esp-matter location isn't given in the environment.\n\n"
               "**Shared components** in `components/` (hw_settings = NVS-backed settings, hw_wifi = station + "
               "reconnect, hw_prov = BLE provisioning). Both products add `../../components` to "
               "`EXTRA_COMPONENT_DIRS`. The thermo's `main` lists its requirements explicitly (`PRIV_REQUIRES "
               "hw_settings hw_wifi hw_prov …`), so a new shared component has to be added there to be built.\n\n"
               "**Tests**: pytest-embedded. `pytest.ini` always adds `--embedded-services esp,idf`, so a run flashes "
               "the app from `--app-path` onto the board on `--port` and then matches its serial output. Desk boards: "
               "S3 on `/dev/ttyACM0`, C6 on `/dev/ttyACM1`. Note that pytest does not build. It flashes whatever is in "
               "`build/`.\n\n"
               "**CI** (`.gitlab-ci.yml`): `build:thermo` in `espressif/idf:v5.3.1`, `build:plug` in the internal "
               "esp-matter image, both keep the binaries as artifacts. `hwtest:thermo` runs the thermo tests on the "
               "rack runner (tag `hw-rack`, board at `/dev/rack/wt2-a`). `release` runs `tools/ci/release.sh` on "
               "`thermo-v*` / `plug-v*` tags.\n\n"
               "One thing to watch: CI is on v5.3.1 and the README says v5.3.2 locally.")

        sens = COMP + "/hw_sensors/"
        t = d.task("WT-2 rev A2 boards have the SHT41 on I2C0 (SDA 8, SCL 9, addr 0x44). write a shared component "
                   "hw_sensors: sht4x driver on the new i2c_master API, a task that measures every 5 s and posts "
                   "HW_SENSORS_EVENT_READING on the default loop, thermo main logs it. no ESP_ERROR_CHECK inside the "
                   "component, a flaky i2c read must not reboot a thermostat on somebody's wall, give the esp_err_t "
                   "back to the caller. add a pytest for it and commit",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.write(sens + "include/hw_sensors.h", """#pragma once
#include "esp_err.h"
#include "esp_event.h"

ESP_EVENT_DECLARE_BASE(HW_SENSORS_EVENT);

enum {
    HW_SENSORS_EVENT_READING, /* data: hw_sensors_reading_t */
};

typedef struct {
    float temp_c;
    float rh;
} hw_sensors_reading_t;

typedef struct {
    int port;
    int sda;
    int scl;
} hw_sensors_config_t;

esp_err_t hw_sensors_start(const hw_sensors_config_t *cfg);
esp_err_t hw_sensors_read(hw_sensors_reading_t *out);
""")
        t.write(sens + "sht4x.c", SHT4X_C)
        t.write(sens + "CMakeLists.txt", """idf_component_register(SRCS "sht4x.c"
                       INCLUDE_DIRS "include"
                       REQUIRES esp_event)
""")
        t.read(THERMO + "/main/CMakeLists.txt")
        t.edit(THERMO + "/main/CMakeLists.txt", "PRIV_REQUIRES hw_settings hw_wifi hw_prov",
               "PRIV_REQUIRES hw_settings hw_wifi hw_prov hw_sensors")
        t.read(THERMO + "/main/app_main.c")
        t.edit(THERMO + "/main/app_main.c", '#include "ui.h"\n', '#include "ui.h"\n#include "hw_sensors.h"\n')
        t.edit(THERMO + "/main/app_main.c", "static hw_settings_t s_settings;\n", """static hw_settings_t s_settings;

static void on_reading(void *arg, esp_event_base_t base, int32_t id, void *data)
{
    const hw_sensors_reading_t *r = data;
    ESP_LOGI(TAG, "T=%.2f C RH=%.1f %%", r->temp_c, r->rh);
}
""")
        t.edit(THERMO + "/main/app_main.c", "    ESP_ERROR_CHECK(ui_start(&s_settings));\n",
               """    ESP_ERROR_CHECK(ui_start(&s_settings));

    ESP_ERROR_CHECK(esp_event_handler_register(HW_SENSORS_EVENT, HW_SENSORS_EVENT_READING, on_reading, NULL));
    const hw_sensors_config_t sens = {.port = 0, .sda = 8, .scl = 9};
    err = hw_sensors_start(&sens);
    if (err != ESP_OK) {
        ESP_LOGE(TAG, "sensors: %s, running without room temperature", esp_err_to_name(err));
    }
""")
        rr = rerun_cmake("thermo", "1.4.2", "hw_sensors ")
        fail_out = "\n".join(
            ["Executing action: all (aliases: build)", f"Running ninja in directory {THERMO}/build",
             'Executing "ninja all"...', "[0/1] Re-running CMake..."] + rr +
            ["[1/11] Building C object esp-idf/main/CMakeFiles/__idf_main.dir/app_main.c.obj",
             "[2/11] Building C object esp-idf/hw_sensors/CMakeFiles/__idf_hw_sensors.dir/sht4x.c.obj",
             gcc_fail("thermo", "hw_sensors", "sht4x.c", 6, "driver/i2c_master.h"),
             "ninja: build stopped: subcommand failed.", "",
             hint_requires("sht4x.c", "hw_sensors", "driver/i2c_master.h", "esp_driver_i2c", "PRIV_REQUIRES"),
             idf_log(THERMO, 48213)])
        t.fail(TH + "idf.py build", "Build the thermo with the new component", fail_out, code=2)
        t.say("sht4x.c includes `driver/i2c_master.h`, which lives in the `esp_driver_i2c` component. hw_sensors only "
              "declared `esp_event`, and in v5.x a component sees only the headers of what it requires. The header is "
              "used only in the .c file, so it goes into PRIV_REQUIRES, as the hint says.")
        t.edit(sens + "CMakeLists.txt", "                       REQUIRES esp_event)\n",
               "                       REQUIRES esp_event\n                       PRIV_REQUIRES esp_driver_i2c)\n")
        t.bash(TH + "idf.py build", "Build the thermo again",
               out=inc_build("thermo", [("hw_sensors", "sht4x.c")], 0x15e2c0,
                             rerun=rerun_cmake("thermo", "1.4.2", "hw_sensors ")))
        t.write(R + "/tests/thermo/test_sensors.py", TEST_SENSORS_1)
        t.bash("cd ~/src/heimwerk-fw && " + PT_CMD.format("test_sensors.py"), "Flash the desk S3 and run the sensor test",
               out=pytest_pass(["tests/thermo/test_sensors.py"], [1], 34.18), timeout=300000)
        t.bash("git add components/hw_sensors products/thermo/main tests/thermo/test_sensors.py && "
               "git commit -m \"hw_sensors: SHT41 driver, 5 s measurement task, thermo logs readings\"",
               "Commit the sensor component",
               out="[main 5d0e2b7] hw_sensors: SHT41 driver, 5 s measurement task, thermo logs readings\n"
                   " 6 files changed, 178 insertions(+), 1 deletion(-)\n"
                   " create mode 100644 components/hw_sensors/CMakeLists.txt\n"
                   " create mode 100644 components/hw_sensors/include/hw_sensors.h\n"
                   " create mode 100644 components/hw_sensors/sht4x.c\n"
                   " create mode 100644 tests/thermo/test_sensors.py")
        t.done("Committed as 5d0e2b7.\n"
               "- `components/hw_sensors`: SHT41 on the `i2c_master` API (400 kHz, internal pull-ups, 0x44). High-precision "
               "measurement with CRC check, serial number logged at start. A 5 s task posts `HW_SENSORS_EVENT_READING` "
               "with °C and %RH. Every error goes back as `esp_err_t` (`ESP_RETURN_ON_ERROR`). A failed read in the "
               "task is logged as a warning and retried on the next cycle, nothing aborts.\n"
               "- Thermo main: handler logs `thermo: T=… C RH=… %`. If `hw_sensors_start` fails, it logs an error and "
               "runs on without room temperature.\n"
               "- The first build failed: hw_sensors didn't require `esp_driver_i2c`. It's now in PRIV_REQUIRES.\n"
               "- `tests/thermo/test_sensors.py` checks the serial line and a plausible temperature. It passed on the "
               "desk S3.")

        t = d.task("sht4x question: is 10 ms after 0xFD enough, and should we ever use the heater? one unit is going "
                   "into a bathroom next to the shower", tags=["noise", "no_tools"])
        t.done("- 10 ms is right for 0xFD. The datasheet gives 8.3 ms max for high repeatability, so there's margin. "
               "Medium (0xF6) needs 4.5 ms and low (0xE0) 1.7 ms, in case you ever want to save power.\n"
               "- Heater: not for normal readings. It heats the sensor, so T is wrong for a while afterwards and RH is "
               "too low. It's meant to drive off condensation or creep after long periods at high humidity (> 80 % "
               "for hours). A shower bathroom is that case. If you want it, the usual pattern is: when RH has been "
               "above ~85 % for 30+ min, run a short pulse (0x39 = 200 mW for 1 s) and drop the next 2–3 readings. "
               "Otherwise leave it off.")

    # ================= S2 =================
    with d.session("2026-09-09T13:34:00", R, branch="feature/plug-metering", version="2.1.95"):
        t = d.task("first time building the plug on this laptop. build it and tell me how much headroom ota_0 has and "
                   "what the big chunks are", tags=["mistake:M2", "long_output"])
        t.fail(PL + "idf.py build", "Build the plug firmware", matter_cfg_err(PLUG), code=2)
        t.say("The plug's CMakeLists stops before IDF even starts: it needs `ESP_MATTER_PATH` in the environment and "
              "this shell doesn't have it. The README says esp-matter v1.3 lives in ~/esp/esp-matter. Checking that "
              "first.")
        t.bash("git -C ~/esp/esp-matter describe --tags && ls ~/esp/esp-matter", "Check the esp-matter checkout",
               out="v1.3\nCONTRIBUTING.md\nLICENSE\nREADME.md\ncomponents\nconnectedhomeip\ndevice_hal\ndocs\nexamples\n"
                   "export.sh\ninstall.sh\nrequirements.txt\ntools")
        t.bash(PL + MATTER + "idf.py build", "Build the plug with ESP_MATTER_PATH set", out=plug_fresh_ok(),
               timeout=900000)
        t.bash(PL + MATTER + "idf.py size", "Memory summary for the plug", out=SIZE_PLUG)
        t.done("It builds (needed `ESP_MATTER_PATH=$HOME/esp/esp-matter` in the environment; esp-matter is v1.3).\n\n"
               "**Headroom:** hw_plug.bin is 0x1a3c40 (1,719,360 bytes) in the 1,920 KB ota_0, so 0x3c3c0 = 246,720 "
               "bytes (13 %) free. That's tight for Matter. A connectedhomeip bump alone can eat 100 KB.\n\n"
               "**Big chunks** (from `idf.py size`): flash code 1.20 MB, flash rodata 0.32 MB. HP SRAM 67 % used (after "
               "Wi-Fi, BLE and the Matter stack are up). `idf.py size-components` would give you the per-library split. "
               "From experience with esp-matter builds, libCHIP is about half of the image, then wpa_supplicant, "
               "lwip, mbedtls and nimble.")

        st = COMP + "/hw_settings/"
        t = d.task("thermo settings: add comfort temp and eco temp (0.1 C steps like setpoint) and boost duration in "
                   "minutes to hw_settings. store each setting under its own NVS key, I want to look at single values "
                   "with the nvs tool without decoding structs", tags=["pref:P3"])
        t.read(st + "include/hw_settings.h")
        t.edit(st + "include/hw_settings.h", "    uint8_t display_brightness; /* 0..100 */\n",
               "    uint8_t display_brightness; /* 0..100 */\n    int16_t comfort_dc;         /* 0.1 degC */\n"
               "    int16_t eco_dc;             /* 0.1 degC */\n    uint16_t boost_min;         /* boost duration, minutes */\n")
        t.read(st + "hw_settings.c")
        t.edit(st + "hw_settings.c", "    s->display_brightness = 70;\n",
               "    s->display_brightness = 70;\n    s->comfort_dc = 215;\n    s->eco_dc = 170;\n    s->boost_min = 30;\n")
        t.edit(st + "hw_settings.c", '    nvs_get_u8(h, "brightness", &out->display_brightness);\n',
               '    nvs_get_u8(h, "brightness", &out->display_brightness);\n    nvs_get_i16(h, "comfort", &out->comfort_dc);\n'
               '    nvs_get_i16(h, "eco", &out->eco_dc);\n    nvs_get_u16(h, "boost_min", &out->boost_min);\n')
        t.edit(st + "hw_settings.c", """    if (err == ESP_OK) {
        err = nvs_set_u8(h, "brightness", s->display_brightness);
    }
""", """    if (err == ESP_OK) {
        err = nvs_set_u8(h, "brightness", s->display_brightness);
    }
    if (err == ESP_OK) {
        err = nvs_set_i16(h, "comfort", s->comfort_dc);
    }
    if (err == ESP_OK) {
        err = nvs_set_i16(h, "eco", s->eco_dc);
    }
    if (err == ESP_OK) {
        err = nvs_set_u16(h, "boost_min", s->boost_min);
    }
""")
        t.bash(TH + "idf.py build", "Build the thermo",
               out=inc_build("thermo", [("hw_settings", "hw_settings.c"), ("main", "app_main.c")], 0x15e3a0))
        t.done("Added `comfort_dc` (default 21.5 °C), `eco_dc` (17.0 °C) and `boost_min` (30) to `hw_settings_t`. "
               "Each one has its own key in the `settings` namespace: `comfort` (i16), `eco` (i16), `boost_min` (u16), "
               "next to `setpoint` and `brightness`. A missing key keeps its default, so existing units just pick up "
               "the defaults. Save writes them one after another and commits once. The thermo builds. Nothing uses "
               "the new fields yet.")

        t = d.task("pilot unit HWT-0012 (rev A2) is on ACM0 instead of the devkit now. give it its factory data, serial "
                   "HWT-0012 hw rev A2", tags=["workflow:W3"])
        t.read(R + "/tools/hwprov.py")
        t.bash("python3 tools/hwprov.py mkcsv --product thermo --serial HWT-0012 --hw-rev A2 --out factory/pilot",
               "Write the factory CSV", out="wrote factory/pilot/HWT-0012.csv (2 keys)")
        t.bash("python -m esp_idf_nvs_partition_gen generate factory/pilot/HWT-0012.csv factory/pilot/HWT-0012.bin 0x6000",
               "Build the fctry partition image",
               out="Creating NVS binary with version: V2 - Multipage Blob Support Enabled\n\n"
                   f"Created NVS binary: ===> {R}/factory/pilot/HWT-0012.bin")
        t.bash("python -m esptool --chip esp32s3 -p /dev/ttyACM0 write_flash 0x7f0000 factory/pilot/HWT-0012.bin",
               "Write it to the fctry partition (0x7f0000)",
               out=esptool_write("esp32s3", "/dev/ttyACM0", S3DESC, "f4:12:fa:5c:4e:b4", [(0x7f0000, 24576, 1043, 0.3)])
               .replace("Changing baud rate to 460800\nChanged.\n", ""))
        t.bash("python3 tools/hwprov.py verify --product thermo --serial HWT-0012 --port /dev/ttyACM0",
               "Read the partition back and check it",
               out="fctry @ 0x7f0000: hw_rev=A2, serial=HWT-0012\nOK")
        t.done("HWT-0012 has its factory data: `fctry` at 0x7f0000 holds serial=HWT-0012, hw_rev=A2. I read it back "
               "from the board and it matches. The CSV and .bin are in `factory/pilot/` (gitignored).")

    # ================= S3 =================
    with d.session("2026-09-11T10:05:00", R, branch="feature/thermo-ota", version="2.1.96"):
        ba = R + "/test_apps/sht4x_bringup"
        t = d.task("need a bring-up app for the rev A2 sensor boards: test_apps/sht4x_bringup, only hw_sensors and the "
                   "readings on the console, no wifi no ui. flash it to the S3 on ACM0 and show me a few readings",
                   tags=["mistake:M3"])
        t.write(ba + "/CMakeLists.txt", """cmake_minimum_required(VERSION 3.16)

set(EXTRA_COMPONENT_DIRS ../../components/hw_sensors)

include($ENV{IDF_PATH}/tools/cmake/project.cmake)
project(sht4x_bringup)
""")
        t.write(ba + "/main/CMakeLists.txt", """idf_component_register(SRCS "bringup.c"
                       PRIV_REQUIRES hw_sensors esp_event)
""")
        t.write(ba + "/main/bringup.c", """#include "esp_event.h"
#include "esp_log.h"
#include "hw_sensors.h"

static const char *TAG = "bringup";

static void on_reading(void *arg, esp_event_base_t base, int32_t id, void *data)
{
    const hw_sensors_reading_t *r = data;
    ESP_LOGI(TAG, "T=%.2f C RH=%.1f %%", r->temp_c, r->rh);
}

void app_main(void)
{
    ESP_ERROR_CHECK(esp_event_loop_create_default());
    ESP_ERROR_CHECK(esp_event_handler_register(HW_SENSORS_EVENT, HW_SENSORS_EVENT_READING, on_reading, NULL));
    const hw_sensors_config_t cfg = {.port = 0, .sda = 8, .scl = 9};
    ESP_ERROR_CHECK(hw_sensors_start(&cfg));
}
""")
        t.write(ba + "/sdkconfig.defaults", "CONFIG_ESP_CONSOLE_USB_SERIAL_JTAG=y\nCONFIG_FREERTOS_HZ=1000\n")
        fb = fresh_build(ba, "sht4x_bringup", "esp32", "thermo-v1.4.2-35-g9a41c3e-dirty", 961, 0x2e5d0, 0x100000,
                         0x6880, comps="driver esp_driver_i2c hw_sensors ", complete_msg=False, cut_lines=1911)
        i = fb.index(f"-- Project sdkconfig file {ba}/sdkconfig")
        fb[i + 1:i + 1] = [f"-- Loading defaults file {ba}/sdkconfig.defaults...",
                           f"warning: unknown kconfig symbol 'ESP_CONSOLE_USB_SERIAL_JTAG' assigned to 'y' in "
                           f"{ba}/sdkconfig.defaults"]
        t.fail(f"cd {D}/test_apps/sht4x_bringup && idf.py -p /dev/ttyACM0 build flash",
               "Build the bring-up app and flash it to the S3",
               "\n".join(fb) + "\n" + wrong_chip(ba, "sht4x_bringup", "/dev/ttyACM0", "ESP32-S3", 0x2e5d0, 0x6880),
               code=2, timeout=600000)
        t.say("It built for the plain ESP32: a new app has no sdkconfig and its sdkconfig.defaults doesn't name a "
              "target, so CMake took the default (`IDF_TARGET not set, using default target: esp32`), and esptool "
              "then refuses the S3 on ACM0. Setting the target to esp32s3 and running the same build+flash.")
        t.bash(f"cd {D}/test_apps/sht4x_bringup && idf.py set-target esp32s3", "Set the app's target to ESP32-S3",
               out=set_target_out(ba, "sht4x_bringup", "esp32s3", "thermo-v1.4.2-35-g9a41c3e-dirty",
                                  "driver esp_driver_i2c hw_sensors "))
        t.bash(f"cd {D}/test_apps/sht4x_bringup && idf.py -p /dev/ttyACM0 build flash",
               "Build the bring-up app and flash it to the S3",
               out=build_and_flash_ok(ba, "sht4x_bringup", "esp32s3", 1013, 0x2f1a0, 0x100000, 0x5240, "/dev/ttyACM0",
                                      S3DESC, S3MAC,
                                      [(0x0, "bootloader/bootloader.bin", 21056, 13345, 0.3),
                                       (0x10000, "sht4x_bringup.bin", 192928, 103512, 1.5),
                                       (0x8000, "partition_table/partition-table.bin", 3072, 103, 0.0)], 2003),
               timeout=600000)
        t.bash("python3 ~/src/heimwerk-fw/tools/serlog.py /dev/ttyACM0 -t 12", "Capture 12 s of boot log",
               out=boot_log_s3("sht4x_bringup", "thermo-v1.4.2-35-g9a41c3e-dirty", "Sep 11 2026 10:19:42",
                               "b81c0e4f5a2d7396...", ["I (297) hw_sensors: sht4x serial 0x0f3a91c2",
                                                       "I (5309) bringup: T=22.41 C RH=41.8 %",
                                                       "I (10309) bringup: T=22.44 C RH=41.6 %"]))
        t.done("The bring-up app runs on the S3 (ACM0):\n"
               "```\nI (297) hw_sensors: sht4x serial 0x0f3a91c2\nI (5309) bringup: T=22.41 C RH=41.8 %\n"
               "I (10309) bringup: T=22.44 C RH=41.6 %\n```\n"
               "Readings every 5 s (hw_sensors' period). The first build+flash went to the wrong target: the app "
               "had no target set, so it was built for the plain ESP32. `idf.py set-target esp32s3` fixed that. "
               "`test_apps/sht4x_bringup/` is CMakeLists + `main/bringup.c` + `sdkconfig.defaults` (USB-Serial/JTAG "
               "console).")

        t = d.task("before I write hw_ota: how does app rollback actually work in 5.3? when does the bootloader roll "
                   "back, what do I have to call, what happens if the new image hangs before it marks itself valid. "
                   "read the real docs, not from memory", tags=["noise", "webfetch"])
        t.webfetch("https://docs.espressif.com/projects/esp-idf/en/v5.3.2/esp32s3/api-reference/system/ota.html",
                   "Explain app rollback: states, when the bootloader rolls back, which APIs the app calls, what "
                   "happens on a hang or reset before marking valid, and anti-rollback.",
                   OTA_DOC)
        t.done(OTA_ANSWER)

        t = d.task("thermo: log heap stats once a minute (free internal, free psram, minimum ever free) so we see "
                   "whatever leak Kiel is seeing. esp_timer + ESP_LOGI in main", tags=["oneoff:O2"])
        am = THERMO + "/main/app_main.c"
        t.read(am)
        t.edit(am, '#include "esp_log.h"\n', '#include "esp_log.h"\n#include "esp_timer.h"\n#include "esp_heap_caps.h"\n'
                                              '#include "esp_system.h"\n')
        t.edit(am, "static hw_settings_t s_settings;\n", """static hw_settings_t s_settings;

static void heap_stats_cb(void *arg)
{
    ESP_LOGI(TAG, "heap: internal %u B, psram %u B, min ever %d B",
             heap_caps_get_free_size(MALLOC_CAP_INTERNAL), heap_caps_get_free_size(MALLOC_CAP_SPIRAM),
             esp_get_minimum_free_heap_size());
}
""")
        t.edit(am, "    ESP_ERROR_CHECK(hw_wifi_start());\n", """    ESP_ERROR_CHECK(hw_wifi_start());

    const esp_timer_create_args_t heap_timer_args = {.callback = heap_stats_cb, .name = "heap_stats"};
    esp_timer_handle_t heap_timer;
    ESP_ERROR_CHECK(esp_timer_create(&heap_timer_args, &heap_timer));
    ESP_ERROR_CHECK(esp_timer_start_periodic(heap_timer, 60 * 1000 * 1000));
""")
        ln = lineno(d.files[am], 'ESP_LOGI(TAG, "heap:')
        t.fail(TH + "idf.py build", "Build the thermo", format_fail(am, ln), code=2)
        t.say("`esp_get_minimum_free_heap_size()` returns `uint32_t`, which is `long unsigned int` on this toolchain, so "
              "`%d` doesn't match and IDF builds format warnings as errors. Using `PRIu32` for it.")
        t.edit(am, "    ESP_LOGI(TAG, \"heap: internal %u B, psram %u B, min ever %d B\",\n",
               "    ESP_LOGI(TAG, \"heap: internal %u B, psram %u B, min ever %\" PRIu32 \" B\",\n")
        t.edit(am, "#include <stdio.h>\n", "#include <stdio.h>\n#include <inttypes.h>\n")
        t.bash(TH + "idf.py build", "Build the thermo",
               out=inc_build("thermo", [("main", "app_main.c")], 0x15e6d0))
        t.done("Done. A periodic esp_timer (60 s) logs\n"
               "`thermo: heap: internal <n> B, psram <n> B, min ever <n> B`. Internal and PSRAM come from "
               "`heap_caps_get_free_size()`, the minimum from `esp_get_minimum_free_heap_size()` (covers all "
               "heaps). The first build failed on `%d` for that `uint32_t`. It's `PRIu32` now, and the thermo "
               "builds. The callback runs in the esp_timer task, so keep it to logging.")

    # ================= S4 =================
    with d.session("2026-09-15T08:48:00", R, branch="feature/thermo-ota", version="2.1.97"):
        ota = COMP + "/hw_ota/"
        t = d.task("ok now hw_ota: https OTA from our update server (hardcode the staging url for now, it'll come from "
                   "provisioning later), cert bundle, and rollback: a new image marks itself valid only after wifi got "
                   "an IP and the sensor delivered one reading within 60 s, otherwise back to the old one. same as the "
                   "sensor driver: errors travel up as esp_err_t (ESP_RETURN_ON_ERROR is fine), ESP_ERROR_CHECK only "
                   "in app_main", tags=["mistake:M1", "pref:P1"])
        t.write(ota + "include/hw_ota.h", HW_OTA_H)
        t.write(ota + "hw_ota.c", HW_OTA_C)
        t.write(ota + "CMakeLists.txt", """idf_component_register(SRCS "hw_ota.c"
                       INCLUDE_DIRS "include"
                       PRIV_REQUIRES esp_https_ota esp_http_client mbedtls esp_timer)
""")
        t.read(THERMO + "/main/CMakeLists.txt")
        t.edit(THERMO + "/main/CMakeLists.txt", "hw_prov hw_sensors", "hw_prov hw_sensors hw_ota")
        t.read(am)
        t.edit(am, '#include "hw_sensors.h"\n', '#include "hw_sensors.h"\n#include "hw_ota.h"\n')
        t.edit(am, """static void on_reading(void *arg, esp_event_base_t base, int32_t id, void *data)
{
    const hw_sensors_reading_t *r = data;
    ESP_LOGI(TAG, "T=%.2f C RH=%.1f %%", r->temp_c, r->rh);
}
""", """static bool s_got_ip;
static bool s_got_reading;

static void selftest_check(void)
{
    if (s_got_ip && s_got_reading) {
        hw_ota_selftest_passed();
    }
}

static void on_got_ip(void *arg, esp_event_base_t base, int32_t id, void *data)
{
    s_got_ip = true;
    selftest_check();
}

static void on_reading(void *arg, esp_event_base_t base, int32_t id, void *data)
{
    const hw_sensors_reading_t *r = data;
    ESP_LOGI(TAG, "T=%.2f C RH=%.1f %%", r->temp_c, r->rh);
    s_got_reading = true;
    selftest_check();
}
""")
        t.edit(am, "    ESP_ERROR_CHECK(esp_event_loop_create_default());\n",
               "    ESP_ERROR_CHECK(esp_event_loop_create_default());\n    ESP_ERROR_CHECK(hw_ota_begin_selftest(60));\n"
               "    ESP_ERROR_CHECK(esp_event_handler_register(IP_EVENT, IP_EVENT_STA_GOT_IP, on_got_ip, NULL));\n")
        rr = rerun_cmake("thermo", "1.4.2", "hw_ota hw_sensors ")
        fail_out = "\n".join(
            ["Executing action: all (aliases: build)", f"Running ninja in directory {THERMO}/build",
             'Executing "ninja all"...', "[0/1] Re-running CMake..."] + rr +
            ["[1/12] Building C object esp-idf/hw_ota/CMakeFiles/__idf_hw_ota.dir/hw_ota.c.obj",
             gcc_fail("thermo", "hw_ota", "hw_ota.c", 1, "esp_ota_ops.h", via=("include/hw_ota.h", 3)),
             "[2/12] Building C object esp-idf/main/CMakeFiles/__idf_main.dir/ui.c.obj",
             "ninja: build stopped: subcommand failed.", "",
             hint_requires("hw_ota.h", "hw_ota", "esp_ota_ops.h", "app_update", "REQUIRES"),
             idf_log(THERMO, 49907)])
        t.fail(TH + "idf.py build", "Build the thermo with hw_ota", fail_out, code=2)
        t.say("The public header hw_ota.h includes `esp_ota_ops.h` (for `esp_app_desc_t`), and that comes from "
              "`app_update`, which hw_ota doesn't require. Because it's in the public header, everyone who includes "
              "hw_ota.h needs it too, so it belongs in REQUIRES, not PRIV_REQUIRES.")
        t.edit(ota + "CMakeLists.txt", "                       INCLUDE_DIRS \"include\"\n",
               "                       INCLUDE_DIRS \"include\"\n                       REQUIRES app_update\n")
        t.bash(TH + "idf.py build", "Build the thermo again",
               out=inc_build("thermo", [("hw_ota", "hw_ota.c"), ("main", "app_main.c"), ("main", "ui.c")], 0x17a910,
                             rerun=rr))
        t.done("hw_ota is in and the thermo builds (0x17a910, still 51 % free in ota_0).\n"
               "- `hw_ota_update(url)`: `esp_https_ota` with the certificate bundle, 15 s timeout, then restart. "
               "Errors come back via `ESP_RETURN_ON_ERROR`.\n"
               "- `hw_ota_begin_selftest(60)` is called right after the event loop starts. It does nothing unless the "
               "running image is `ESP_OTA_IMG_PENDING_VERIFY`. If it is, it starts a 60 s one-shot timer whose callback "
               "calls `esp_ota_mark_app_invalid_rollback_and_reboot()`.\n"
               "- Main sets two flags (got IP, first sensor reading). When both are set it calls "
               "`hw_ota_selftest_passed()`, which stops the timer and marks the image valid.\n"
               "- The build failed once: hw_ota.h includes esp_ota_ops.h, so `app_update` had to go into hw_ota's "
               "REQUIRES.\n"
               "The staging URL isn't wired to anything yet. Nothing calls `hw_ota_update()` so far.")

        t = d.task("push the current thermo build to the beta channel on staging as 1.5.0-rc1 so the Kiel pilots "
                   "pick it up", tags=["unfixed:U1"])
        t.fail("python3 tools/otapub.py --product thermo --channel beta --version 1.5.0-rc1 "
               "products/thermo/build/hw_thermo.bin", "Publish the build to the staging beta channel", OTAPUB_SSL)
        t.bash("echo | openssl s_client -connect ota-staging.heimwerk.io:443 -servername ota-staging.heimwerk.io "
               "2>/dev/null | openssl x509 -noout -subject -issuer -enddate",
               "Look at the staging server's certificate",
               out="subject=CN = ota-staging.heimwerk.io\nissuer=C = US, O = Let's Encrypt, CN = R11\n"
                   "notAfter=Sep 14 07:12:40 2026 GMT")
        t.done("Not published. ota-staging.heimwerk.io serves a Let's Encrypt certificate that expired yesterday "
               "(notAfter Sep 14 07:12 GMT), so otapub refuses the TLS connection. Its renewal on the staging box "
               "evidently didn't run. That's for ops. I didn't work around the verification, because the devices "
               "check the same certificate and would fail the OTA anyway. Once it's renewed, the same otapub command "
               "will do it.")

        t = d.task("task watchdog: CONFIG_ESP_TASK_WDT_PANIC on or off for thermos in the field? two sentences",
                   tags=["noise", "no_tools"])
        t.done("On. A stuck task in the field should end in a panic and reboot, with the backtrace in the core "
               "dump, not in a thermostat that shows stale values until someone pulls the fuse. With the rollback "
               "self-test, a new image that trips the WDT before it's marked valid also goes back to the old one.")

    # ================= S5 (acceptEdits) =================
    with d.session("2026-09-18T14:20:00", R, branch="feature/plug-metering", version="2.1.98",
                   permission_mode="acceptEdits"):
        pm = PLUG + "/main/"
        t = d.task("plug: Lea's HLW8032 metering never got merged. add main/metering.c: uart1 rx on gpio 5, 4800 8E1, "
                   "parse the 24 byte frames, cut the relay above 16 A, log V/mA/W every 10 s. build, run the relay "
                   "test on ACM1 and commit", tags=["mistake:M2", "workflow:W1"])
        t.write(pm + "metering.h", METERING_H)
        t.write(pm + "metering.c", METERING_C)
        t.read(pm + "CMakeLists.txt")
        t.edit(pm + "CMakeLists.txt", "PRIV_REQUIRES esp_matter app_reset hw_wifi nvs_flash",
               "PRIV_REQUIRES esp_matter app_reset hw_wifi nvs_flash esp_driver_uart")
        t.read(pm + "app_main.cpp")
        t.edit(pm + "app_main.cpp", '#include "app_priv.h"\n', '#include "app_priv.h"\n#include "metering.h"\n')
        t.edit(pm + "app_main.cpp", '    ESP_LOGI(TAG, "Matter started");\n',
               '    ESP_LOGI(TAG, "Matter started");\n    ESP_ERROR_CHECK(metering_start());\n')
        t.fail(PL + "idf.py build", "Build the plug", matter_rerun_err(PLUG), code=2)
        t.say("The CMakeLists change makes ninja re-run CMake, and the plug's CMakeLists refuses to configure because "
              "`ESP_MATTER_PATH` isn't in this shell's environment. Same build with it set.")
        t.bash(PL + MATTER + "idf.py build", "Build the plug with ESP_MATTER_PATH set",
               out=inc_build("plug", [("main", "metering.c"), ("main", "app_main.cpp")], 0x1a5310,
                             rerun=[r.replace("esp32s3", "esp32c6").replace("xtensa-esp-elf", "riscv32-esp-elf")
                                    for r in rerun_cmake("plug", "0.8.3")[:4]] +
                                   ["-- Configuring done (19.8s)", "-- Generating done (2.2s)",
                                    f"-- Build files have been written to: {PLUG}/build"]),
               timeout=900000)
        t.bash("cd ~/src/heimwerk-fw && pytest tests/plug/test_relay.py --target esp32c6 --port /dev/ttyACM1 "
               "--app-path products/plug", "Flash the C6 devkit and run the relay test",
               out=pytest_pass(["tests/plug/test_relay.py"], [1], 52.77), timeout=300000)
        t.bash("git add products/plug/main && git commit -m \"plug: HLW8032 metering on UART1, 16 A cutoff\"",
               "Commit the metering code",
               out="[feature/plug-metering a71f3c9] plug: HLW8032 metering on UART1, 16 A cutoff\n"
                   " 4 files changed, 131 insertions(+), 1 deletion(-)\n"
                   " create mode 100644 products/plug/main/metering.c\n"
                   " create mode 100644 products/plug/main/metering.h")
        t.done("Committed (a71f3c9).\n"
               "- `main/metering.c`: UART1 RX on GPIO 5, 4800 baud 8E1. 24-byte frames checked on the 0x5A marker and "
               "the checksum, then voltage/current/power computed from parameter/register pairs (the power register "
               "only counts when its update flag in byte 20 is set). Above 16 A the relay is switched off with a "
               "warning. Every 10 s it logs `metering: <V> V, <mA> mA, <W> W`.\n"
               "- Started from `app_main` after Matter. `esp_driver_uart` added to main's PRIV_REQUIRES.\n"
               "- The first build failed at the CMake re-run without `ESP_MATTER_PATH`. With it set, the build "
               "passed. The relay test passed on the C6 (ACM1).\n"
               "The scaling constants (1.88 voltage divider) are Lea's values for rev B1. They get checked "
               "against the jig calibration later.")

        t = d.task("the 16 A cutoff and the 10 s report period are #defines in metering.c now. move them into "
                   "Kconfig.projbuild under the Heimwerk plug menu. anything a person might want to tune goes into "
                   "Kconfig from now on, no #defines for that. don't build, I'm about to switch branches",
                   tags=["pref:P2", "noise"])
        t.read(pm + "Kconfig.projbuild")
        t.edit(pm + "Kconfig.projbuild", """    config HW_PLUG_BUTTON_GPIO
        int "Button GPIO"
        default 9
""", """    config HW_PLUG_BUTTON_GPIO
        int "Button GPIO"
        default 9

    config HW_PLUG_OVERCURRENT_A
        int "Overcurrent cutoff (A)"
        range 1 16
        default 16
        help
            The relay is switched off when the measured current exceeds this value.

    config HW_PLUG_REPORT_PERIOD_S
        int "Metering log period (s)"
        range 1 3600
        default 10
""")
        t.edit(pm + "metering.c", "#define REPORT_PERIOD_MS 10000\n#define OVERCURRENT_MA   16000\n",
               "#define REPORT_PERIOD_MS (CONFIG_HW_PLUG_REPORT_PERIOD_S * 1000)\n"
               "#define OVERCURRENT_MA   (CONFIG_HW_PLUG_OVERCURRENT_A * 1000)\n")
        t.done("Moved. `Kconfig.projbuild` has `HW_PLUG_OVERCURRENT_A` (1–16, default 16) and `HW_PLUG_REPORT_PERIOD_S` "
               "(1–3600, default 10) in the \"Heimwerk plug\" menu. metering.c derives `OVERCURRENT_MA` and "
               "`REPORT_PERIOD_MS` from them, so the rest of the code is unchanged. Not built, as asked. Defaults are "
               "the old values, so the next build behaves the same. Noted for later: tunables go into Kconfig.")

        t = d.task("plug pilot HWP-0007 is on ACM1, rev B1, jig calibration in factory/cal/HWP-0007.json. same factory "
                   "data routine as the thermo last week", tags=["workflow:W3"])
        t.bash("cat factory/cal/HWP-0007.json", "Look at the calibration file",
               out='{"serial": "HWP-0007", "v_gain": 1002315, "i_gain": 998740, "p_gain": 1001102, "jig": "J2", '
                   '"date": "2026-09-16"}')
        t.bash("python3 tools/hwprov.py mkcsv --product plug --serial HWP-0007 --hw-rev B1 "
               "--cal factory/cal/HWP-0007.json --out factory/pilot", "Write the factory CSV with calibration",
               out="wrote factory/pilot/HWP-0007.csv (5 keys)")
        t.bash("python -m esp_idf_nvs_partition_gen generate factory/pilot/HWP-0007.csv factory/pilot/HWP-0007.bin 0x6000",
               "Build the fctry partition image",
               out="Creating NVS binary with version: V2 - Multipage Blob Support Enabled\n\n"
                   f"Created NVS binary: ===> {R}/factory/pilot/HWP-0007.bin")
        t.bash("python -m esptool --chip esp32c6 -p /dev/ttyACM1 write_flash 0x3e0000 factory/pilot/HWP-0007.bin",
               "Write it to the plug's fctry partition (0x3e0000)",
               out=esptool_write("esp32c6", "/dev/ttyACM1", C6DESC, "40:4c:ca:4b:02:7c", [(0x3e0000, 24576, 1121, 0.3)])
               .replace("Changing baud rate to 460800\nChanged.\n", ""))
        t.bash("python3 tools/hwprov.py verify --product plug --serial HWP-0007 --port /dev/ttyACM1",
               "Read it back and check",
               out="fctry @ 0x3e0000: hw_rev=B1, i_gain=998740, p_gain=1001102, serial=HWP-0007, v_gain=1002315\nOK")
        t.done("HWP-0007 is provisioned: `fctry` at 0x3e0000 has serial=HWP-0007, hw_rev=B1 and the J2 jig gains "
               "(v 1002315, i 998740, p 1001102). I read it back from the board and it matches.")

        t = d.task("Kiel pilot #3 drops off wifi every night around 2am and is back in the morning. where do we set wifi "
                   "power save for the thermo, and what would you look at first?", tags=["noise"])
        l1 = lineno(HW_WIFI_C, "wc.sta.listen_interval")
        l2 = lineno(HW_WIFI_C, "esp_wifi_set_ps(")
        t.grep("esp_wifi_set_ps|listen_interval", path=COMP, output_mode="content", n=True,
               content=f"{COMP}/hw_wifi/hw_wifi.c:{l1}:    wc.sta.listen_interval = 10;\n"
                       f"{COMP}/hw_wifi/hw_wifi.c:{l2}:    ESP_RETURN_ON_ERROR(esp_wifi_set_ps(WIFI_PS_MAX_MODEM), TAG, \"ps\");")
        t.read(COMP + "/hw_wifi/hw_wifi.c")
        t.done("It's all in `components/hw_wifi/hw_wifi.c`: `WIFI_PS_MAX_MODEM` with `listen_interval = 10`. The "
               "station wakes only every 10 beacons (~1 s), so it depends heavily on how the router does DTIM and "
               "group-key rekeying. A typical pattern: at night the router (or a mesh node) rekeys or changes "
               "channel, the thermo misses it in deep modem sleep, and gets stuck in reconnects.\n\n"
               "What I'd look at first:\n"
               "1. The disconnect reason in the log: `hw_wifi: disconnected, reason N`. 200 = beacon timeout, 15 = "
               "4-way handshake timeout, 2/4 = auth expired/inactivity. Do you have the device log from that night?\n"
               "2. Whether it reconnects on its own. The retry counter keeps going up, and the handler simply calls "
               "`esp_wifi_connect()` again without backoff.\n"
               "3. Test: that one unit with `WIFI_PS_MIN_MODEM` (wakes every DTIM). If the drop-outs stop, it's the "
               "listen interval.\n"
               "I haven't changed anything.")

    # ================= S6 (auto compaction) =================
    with d.session("2026-09-22T09:30:00", R, branch="main", version="2.1.99"):
        tch = THERMO + "/CHANGELOG.md"
        t = d.task("release thermo 1.5.0: changelog from git log since thermo-v1.4.2, bump version.txt, commit, tag, "
                   "push. CI does the rest", tags=["workflow:W2", "long_output"])
        t.bash("git log --oneline --no-merges thermo-v1.4.2..HEAD -- products/thermo components tests/thermo",
               "Commits since the last thermo release", out=LOG_150)
        t.read(tch)
        t.edit(tch, "# WT-2 thermostat firmware\n\n", """# WT-2 thermostat firmware

## 1.5.0 - 2026-09-22
- OTA: HTTPS updates with rollback; a new image must get an IP and a sensor reading within 60 s
- Sensors: SHT41 room temperature and humidity (rev A2 boards)
- Settings: comfort/eco temperatures and boost duration
- Diagnostics: heap statistics in the log every minute
- Wi-Fi: disconnect reason in the log
- UI: eco/comfort toggle on long press, boost button

""")
        t.read(THERMO + "/version.txt")
        t.edit(THERMO + "/version.txt", "1.4.2", "1.5.0")
        t.bash("git add products/thermo/CHANGELOG.md products/thermo/version.txt && "
               "git commit -m \"thermo: release 1.5.0\"", "Commit the release",
               out="[main 8f3e61a] thermo: release 1.5.0\n 2 files changed, 9 insertions(+), 1 deletion(-)")
        t.bash("git tag -a thermo-v1.5.0 -m \"WT-2 firmware 1.5.0\"", "Tag the release")
        t.bash("git push origin main thermo-v1.5.0", "Push main and the tag",
               out="Enumerating objects: 13, done.\nCounting objects: 100% (13/13), done.\n"
                   "Delta compression using up to 16 threads\nCompressing objects: 100% (7/7), done.\n"
                   "Writing objects: 100% (8/8), 1.21 KiB | 1.21 MiB/s, done.\n"
                   "Total 8 (delta 4), reused 0 (delta 0), pack-reused 0\n"
                   "To gitlab.heimwerk.io:firmware/heimwerk-fw.git\n   c41e9d2..8f3e61a  main -> main\n"
                   " * [new tag]         thermo-v1.5.0 -> thermo-v1.5.0")
        t.done("Released: 8f3e61a `thermo: release 1.5.0`, tag `thermo-v1.5.0`, both pushed. The changelog has six "
               "lines, grouped from the 22 commits (the CI-only and test commits are left out). The `release` job "
               "will pick up the tag.")

        sens = COMP + "/hw_sensors/sht4x.c"
        ts = R + "/tests/thermo/test_sensors.py"
        t = d.task("readings jump when the display backlight switches. in hw_sensors, post a moving average over the "
                   "last 8 readings instead of the raw value, and log min/max of the window at info. extend the sensor "
                   "test, run it, commit", tags=["oneoff:O1", "workflow:W1"])
        t.read(sens)
        t.edit(sens, """static void sensor_task(void *arg)
{
    hw_sensors_reading_t r;
    for (;;) {
        esp_err_t err = hw_sensors_read(&r);
        if (err == ESP_OK) {
            esp_event_post(HW_SENSORS_EVENT, HW_SENSORS_EVENT_READING, &r, sizeof(r), pdMS_TO_TICKS(100));
        } else {""", """#define AVG_N 8

static void sensor_task(void *arg)
{
    hw_sensors_reading_t r, win[AVG_N];
    int n = 0, head = 0;
    for (;;) {
        esp_err_t err = hw_sensors_read(&r);
        if (err == ESP_OK) {
            win[head] = r;
            head = (head + 1) % AVG_N;
            if (n < AVG_N) {
                n++;
            }
            hw_sensors_reading_t avg = {0};
            float tmin = win[0].temp_c, tmax = win[0].temp_c;
            for (int i = 0; i < n; i++) {
                avg.temp_c += win[i].temp_c;
                avg.rh += win[i].rh;
                tmin = win[i].temp_c < tmin ? win[i].temp_c : tmin;
                tmax = win[i].temp_c > tmax ? win[i].temp_c : tmax;
            }
            avg.temp_c /= n;
            avg.rh /= n;
            esp_event_post(HW_SENSORS_EVENT, HW_SENSORS_EVENT_READING, &avg, sizeof(avg), pdMS_TO_TICKS(100));
            ESP_LOGI(TAG, "avg T=%.2f C (min %.2f max %.2f, n=%d) RH=%.1f %%", avg.temp_c, tmin, tmax, n, avg.rh);
        } else {""")
        t.read(ts)
        t.edit(ts, "    assert 5.0 < t < 40.0\n", """    assert 5.0 < t < 40.0


@pytest.mark.thermo
def test_sensor_average(dut: IdfDut) -> None:
    dut.expect_exact('main_task: Calling app_main()')
    m = dut.expect(r'hw_sensors: avg T=(-?\\d+\\.\\d+) C \\(min (-?\\d+\\.\\d+) max (-?\\d+\\.\\d+), n=(\\d)\\)', timeout=60)
    avg, lo, hi = (float(m.group(i).decode()) for i in (1, 2, 3))
    assert lo <= avg <= hi
""")
        t.bash(TH + "idf.py build", "Build the thermo",
               out=inc_build("thermo", [("hw_sensors", "sht4x.c")], 0x17a9f0))
        pcmd = "cd ~/src/heimwerk-fw && " + PT_CMD.format("test_sensors.py")
        t.fail(pcmd, "Run the sensor tests on the desk S3", PYTEST_STACK, timeout=300000)
        t.say("The sensor task overflows its stack as soon as it logs: `***ERROR*** A stack overflow in task sht4x`. "
              "The new ESP_LOGI formats five floats, and printf's float formatting needs far more than the 2048 bytes "
              "the task was created with. Giving it 4096 and rebuilding before running the same tests again.")
        t.edit(sens, 'xTaskCreate(sensor_task, "sht4x", 2048, NULL, 5, &s_task)',
               'xTaskCreate(sensor_task, "sht4x", 4096, NULL, 5, &s_task)')
        t.bash(TH + "idf.py build", "Build the thermo",
               out=inc_build("thermo", [("hw_sensors", "sht4x.c")], 0x17a9f0))
        t.bash(pcmd, "Run the sensor tests on the desk S3",
               out=pytest_pass(["tests/thermo/test_sensors.py"], [2], 71.36), timeout=300000)
        t.bash("git add components/hw_sensors/sht4x.c tests/thermo/test_sensors.py && "
               "git commit -m \"hw_sensors: post 8-sample moving average, log window min/max\"", "Commit",
               out="[main 0b6d2fe] hw_sensors: post 8-sample moving average, log window min/max\n"
                   " 2 files changed, 33 insertions(+), 4 deletions(-)")
        t.done("Committed as 0b6d2fe.\n"
               "- The sensor task keeps a ring of the last 8 readings and posts their average, so the UI and the "
               "thermo log get the smoothed value. The task logs `hw_sensors: avg T=… C (min … max …, n=…) RH=… %`.\n"
               "- The first test run crashed: the task's 2048-byte stack was too small for float formatting "
               "(stack overflow detected, reboot loop). It has 4096 now.\n"
               "- New `test_sensor_average` checks min ≤ avg ≤ max. Both sensor tests pass on the desk S3.\n"
               "After the first 8 readings (40 s) the average starts moving. Before that it's over fewer samples "
               "(`n=` in the log).")

        d.precompact("Analysis: Jonas Brandt (Heimwerk Smart Home, Bremen) works in ~/src/heimwerk-fw, an ESP-IDF v5.3.2 "
                     "monorepo: products/thermo (WT-2, ESP32-S3, hw_thermo, version.txt, CHANGELOG.md), products/plug "
                     "(ZS-1, ESP32-C6, esp-matter v1.3 in ~/esp/esp-matter, hw_plug), shared components/ (hw_settings, "
                     "hw_wifi, hw_prov, hw_sensors, hw_ota), test_apps/, pytest-embedded tests in tests/ (desk S3 on "
                     "/dev/ttyACM0, C6 on /dev/ttyACM1), tools/hwprov.py for factory NVS, GitLab CI with espressif/idf "
                     "images and a hw-rack runner.\n"
                     "Summary of this session so far:\n"
                     "1. Released thermo 1.5.0: CHANGELOG (OTA with rollback self-test, SHT41 sensors, comfort/eco/"
                     "boost settings, heap stats, Wi-Fi disconnect reason, UI eco/comfort + boost), version.txt 1.5.0, "
                     "commit 8f3e61a, tag thermo-v1.5.0 pushed.\n"
                     "2. hw_sensors: 8-sample moving average posted instead of the raw reading, info log of the window "
                     "min/max; the sensor task's stack went 2048 -> 4096 after a stack overflow in the pytest run; "
                     "test_sensor_average added; both sensor tests pass; commit 0b6d2fe.\n"
                     "Earlier: T08 explained app rollback from the ESP-IDF OTA docs in detail (states, bootloader "
                     "behaviour, APIs, anti-rollback).")

        t = d.task("btw the rollback explanation from last week went into the OTA design doc and it was way too long, I "
                   "had to cut half of it. shorter please. now: 3 bullets on what's in thermo 1.5.0 for the support "
                   "team", tags=["feedback", "no_tools"], feedback="way too long, I had to cut half of it")
        t.done("Got it, shorter from now on.\n\n"
               "- Updates install over the air. If a new version doesn't come up properly within a minute, the "
               "thermostat switches back to the previous one by itself.\n"
               "- Room temperature and humidity come from the new sensor (rev A2 units), smoothed so the display no "
               "longer jumps.\n"
               "- New settings: comfort and eco temperature and a boost duration. Long-press toggles eco/comfort.")

        rc = R + "/test_apps/relay_cycle"
        t = d.task("relay endurance: small app in test_apps/relay_cycle for the plug devkit on ACM1, relay on gpio 2, "
                   "toggle every 200 ms, 500 times, print a count every 50. build it first, then flash",
                   tags=["mistake:M3"])
        t.write(rc + "/CMakeLists.txt", """cmake_minimum_required(VERSION 3.16)
include($ENV{IDF_PATH}/tools/cmake/project.cmake)
project(relay_cycle)
""")
        t.write(rc + "/main/CMakeLists.txt", """idf_component_register(SRCS "relay_cycle.c"
                       PRIV_REQUIRES esp_driver_gpio)
""")
        t.write(rc + "/main/relay_cycle.c", """#include "freertos/FreeRTOS.h"
#include "freertos/task.h"
#include "driver/gpio.h"
#include "esp_log.h"

static const char *TAG = "relay_cycle";

#define RELAY_GPIO 2
#define CYCLES     500

void app_main(void)
{
    gpio_reset_pin(RELAY_GPIO);
    gpio_set_direction(RELAY_GPIO, GPIO_MODE_OUTPUT);
    for (int i = 1; i <= CYCLES; i++) {
        gpio_set_level(RELAY_GPIO, 1);
        vTaskDelay(pdMS_TO_TICKS(200));
        gpio_set_level(RELAY_GPIO, 0);
        vTaskDelay(pdMS_TO_TICKS(200));
        if (i % 50 == 0) {
            ESP_LOGI(TAG, "%d/%d cycles", i, CYCLES);
        }
    }
    ESP_LOGI(TAG, "done, relay off");
}
""")
        t.write(rc + "/sdkconfig.defaults", "CONFIG_FREERTOS_HZ=1000\n")
        t.bash(f"cd {D}/test_apps/relay_cycle && idf.py build", "Build the relay endurance app",
               out="\n".join(fresh_build(rc, "relay_cycle", "esp32", "thermo-v1.5.0-2-g0b6d2fe-dirty", 874, 0x2a3b0,
                                         0x100000, 0x6870, comps="esp_driver_gpio ", cut_lines=1734)),
               timeout=600000)
        t.fail(f"cd {D}/test_apps/relay_cycle && idf.py -p /dev/ttyACM1 flash", "Flash it to the C6 devkit",
               wrong_chip(rc, "relay_cycle", "/dev/ttyACM1", "ESP32-C6", 0x2a3b0, 0x6870, pid=70318), code=2)
        t.say("The build above says `IDF_TARGET not set, using default target: esp32`: a new app with no target in its "
              "sdkconfig.defaults is built for the plain ESP32, and esptool refuses the C6. Setting the target, then the "
              "same flash (it rebuilds for the C6 first).")
        t.bash(f"cd {D}/test_apps/relay_cycle && idf.py set-target esp32c6", "Set the app's target to ESP32-C6",
               out=set_target_out(rc, "relay_cycle", "esp32c6", "thermo-v1.5.0-2-g0b6d2fe-dirty", "esp_driver_gpio "))
        t.bash(f"cd {D}/test_apps/relay_cycle && idf.py -p /dev/ttyACM1 flash", "Flash it to the C6 devkit",
               out=build_and_flash_ok(rc, "relay_cycle", "esp32c6", 812, 0x2b8c0, 0x100000, 0x5a70, "/dev/ttyACM1",
                                      C6DESC, C6MAC,
                                      [(0x0, "bootloader/bootloader.bin", 23152, 14281, 0.3),
                                       (0x10000, "relay_cycle.bin", 178368, 96811, 1.4),
                                       (0x8000, "partition_table/partition-table.bin", 3072, 103, 0.0)], 1602,
                                      with_build="flash"), timeout=600000)
        t.bash("python3 ~/src/heimwerk-fw/tools/serlog.py /dev/ttyACM1 -t 25", "Watch the first cycles",
               out=boot_log_c6("relay_cycle", "thermo-v1.5.0-2-g0b6d2fe-dirty", "Sep 22 2026 11:47:03",
                               "6a0e93d2c41b85f7...", ["I (20211) relay_cycle: 50/500 cycles"]))
        t.done("The endurance app is running on the C6: 400 ms per cycle, so 50 cycles every 20 s and all 500 in about "
               "3 min 20 s. It logs `relay_cycle: N/500 cycles` and ends with `done, relay off`. The first flash "
               "failed because the new app had no target set and was built for the plain ESP32. After "
               "`idf.py set-target esp32c6` it flashed fine. Only 50/500 so far, I stopped watching after 25 s.")

    # ================= S7 =================
    with d.session("2026-09-25T10:40:00", R, branch="feature/thermo-led", version="2.1.100"):
        led = COMP + "/hw_led/"
        t = d.task("status LED on the thermo front (GPIO 38, active high). new component hw_led on LEDC: slow breathing "
                   "while provisioning, solid when connected, 2 Hz blink when the sensor fails. and again, nothing in a "
                   "component aborts: no ESP_ERROR_CHECK, hand the esp_err_t back. wire it into thermo main, run the "
                   "boot test, commit", tags=["mistake:M1", "pref:P1", "workflow:W1"])
        t.write(led + "include/hw_led.h", HW_LED_H)
        t.write(led + "hw_led.c", HW_LED_C)
        t.write(led + "CMakeLists.txt", """idf_component_register(SRCS "hw_led.c"
                       INCLUDE_DIRS "include"
                       PRIV_REQUIRES esp_timer)
""")
        t.read(THERMO + "/main/CMakeLists.txt")
        t.edit(THERMO + "/main/CMakeLists.txt", "hw_sensors hw_ota", "hw_sensors hw_ota hw_led")
        t.read(am)
        t.edit(am, '#include "hw_ota.h"\n', '#include "hw_ota.h"\n#include "hw_led.h"\n')
        t.edit(am, """    s_got_ip = true;
    selftest_check();""", """    s_got_ip = true;
    hw_led_set(HW_LED_ON);
    selftest_check();""")
        t.edit(am, """    ESP_ERROR_CHECK(ui_start(&s_settings));
""", """    ESP_ERROR_CHECK(ui_start(&s_settings));

    if (hw_led_init(38) == ESP_OK) {
        hw_led_set(hw_prov_is_provisioned() ? HW_LED_OFF : HW_LED_BREATHE);
    }
""")
        t.edit(am, """        ESP_LOGE(TAG, "sensors: %s, running without room temperature", esp_err_to_name(err));
""", """        ESP_LOGE(TAG, "sensors: %s, running without room temperature", esp_err_to_name(err));
        hw_led_set(HW_LED_BLINK_2HZ);
""")
        rr = rerun_cmake("thermo", "1.5.0", "hw_led hw_ota hw_sensors ")
        fail_out = "\n".join(
            ["Executing action: all (aliases: build)", f"Running ninja in directory {THERMO}/build",
             'Executing "ninja all"...', "[0/1] Re-running CMake..."] + rr +
            ["[1/11] Building C object esp-idf/main/CMakeFiles/__idf_main.dir/app_main.c.obj",
             "[2/11] Building C object esp-idf/hw_led/CMakeFiles/__idf_hw_led.dir/hw_led.c.obj",
             gcc_fail("thermo", "hw_led", "hw_led.c", 4, "driver/ledc.h"),
             "ninja: build stopped: subcommand failed.", "",
             hint_requires("hw_led.c", "hw_led", "driver/ledc.h", "esp_driver_ledc", "PRIV_REQUIRES"),
             idf_log(THERMO, 50562)])
        t.fail(TH + "idf.py build", "Build the thermo with hw_led", fail_out, code=2)
        t.say("hw_led.c includes `driver/ledc.h` from `esp_driver_ledc`, which the component doesn't require. It's only "
              "used in the .c file, so it goes into PRIV_REQUIRES.")
        t.edit(led + "CMakeLists.txt", "PRIV_REQUIRES esp_timer)", "PRIV_REQUIRES esp_timer esp_driver_ledc)")
        t.bash(TH + "idf.py build", "Build the thermo again",
               out=inc_build("thermo", [("hw_led", "hw_led.c")], 0x17c4e0, rerun=rr))
        t.bash("cd ~/src/heimwerk-fw && " + PT_CMD.format("test_boot.py"), "Flash the desk S3 and run the boot test",
               out=pytest_pass(["tests/thermo/test_boot.py"], [1], 29.64), timeout=300000)
        t.bash("git add components/hw_led products/thermo/main && git commit -m \"hw_led: front status LED on LEDC\"",
               "Commit", out="[feature/thermo-led 3e7a0c5] hw_led: front status LED on LEDC\n"
                             " 5 files changed, 104 insertions(+), 1 deletion(-)\n"
                             " create mode 100644 components/hw_led/CMakeLists.txt\n"
                             " create mode 100644 components/hw_led/hw_led.c\n"
                             " create mode 100644 components/hw_led/include/hw_led.h")
        t.done("Committed as 3e7a0c5 on feature/thermo-led.\n"
               "- `hw_led`: LEDC low-speed channel 1 on timer 1, 5 kHz, 10 bit. An esp_timer steps every 20 ms for "
               "breathing (3 s period, squared cosine so it looks even) and for the ~2 Hz blink. `hw_led_init()` / "
               "`hw_led_set()` return `esp_err_t`, and set before init gives `ESP_ERR_INVALID_STATE`.\n"
               "- Main: breathing while unprovisioned, on when an IP arrives, blinking if the sensor doesn't start. "
               "An LED init failure is ignored, the thermostat works without it.\n"
               "- The first build failed because `esp_driver_ledc` was missing from hw_led's PRIV_REQUIRES.\n"
               "- Boot test passes on the desk S3.")

        t = d.task("what's eating the flash on the thermo? top 10 by archive", tags=["noise", "long_output"])
        t.bash(TH + "idf.py size-components", "Per-archive size breakdown", out=SIZE_COMPONENTS)
        t.done("Top 10 by total size, out of 1.52 MB:\n"
               "1. libnet80211.a (Wi-Fi MAC) 248 KB\n2. liblvgl__lvgl.a 231 KB\n3. libbt.a (NimBLE) 196 KB\n"
               "4. libmbedcrypto.a 104 KB\n5. libc.a 92 KB\n6. liblwip.a 88 KB\n7. libpp.a 80 KB\n"
               "8. libwpa_supplicant.a 73 KB\n9. libmain.a 61 KB (mostly the UI fonts and images)\n"
               "10. libesp_hw_support.a 38 KB\n"
               "Our own components (hw_*) are under 25 KB together. Realistic savings: LVGL fonts you don't use, "
               "and NimBLE roles that provisioning doesn't need (central/observer). There's no pressure yet, "
               "ota_0 still has 50 % free.")

        t = d.task("flash the current thermo build onto the desk board, I want to see the LED myself",
                   tags=["flaky:F2"])
        fcmd = TH + "idf.py -p /dev/ttyACM0 flash"
        t.fail(fcmd, "Flash the thermo to the desk S3", FLASH_NOISE, code=2, timeout=300000)
        t.say("The transfer broke off at 35 % (`Serial data stream stopped`). That's a USB-serial hiccup, nothing in "
              "the image. Running the same flash again.")
        t.bash(fcmd, "Flash the thermo to the desk S3", out=FLASH_THERMO_OK, timeout=300000)
        t.done("Flashed. The first attempt dropped at 35 % with serial noise, and the same command went through on the "
               "second try. The board has restarted. It's provisioned, so the LED should come on solid as soon as it "
               "has an IP.")

    # ================= S8 =================
    with d.session("2026-09-29T13:05:00", R, branch="main", version="2.1.101"):
        st = COMP + "/hw_settings/"
        t = d.task("change of heart on the NVS layout: the separate keys were a mistake, every new field is another key "
                   "and after a brownout you can get half a set. store hw_settings_t as one blob with a version byte in "
                   "front. migrate from the old keys on first boot", tags=["reversal:P3"])
        t.read(st + "include/hw_settings.h")
        t.read(st + "hw_settings.c")
        t.write(st + "hw_settings.c", HW_SETTINGS_BLOB_C)
        t.edit(st + "include/hw_settings.h", "typedef struct {\n    int16_t setpoint_dc;",
               "/* Stored as one NVS blob \"cfg\" (namespace \"settings\"), prefixed by HW_SETTINGS_VERSION. */\n"
               "#define HW_SETTINGS_VERSION 1\n\ntypedef struct {\n    int16_t setpoint_dc;")
        t.bash(TH + "idf.py build", "Build the thermo",
               out=inc_build("thermo", [("hw_settings", "hw_settings.c")], 0x17c6a0))
        t.done("hw_settings now stores one blob:\n"
               "- Key `cfg` in namespace `settings`: 1 version byte (`HW_SETTINGS_VERSION` = 1) followed by "
               "`hw_settings_t`. One `nvs_set_blob` + commit, so after a brownout you have either the old or the new "
               "set, never half of each.\n"
               "- Load: if `cfg` exists with the right version and size, take it. If not, read the old single keys "
               "(setpoint, brightness, comfort, eco, boost_min) over the defaults, write the blob, and erase the old "
               "keys. A blob with a different version gets defaults plus a warning. When the struct changes, bump the "
               "version and add a conversion.\n"
               "- The thermo builds.")

        pdef = PLUG + "/sdkconfig.defaults"
        t = d.task("US variant of the plug: sdkconfig.defaults.us on top of the normal defaults with the US metering "
                   "region and country US, built into build_us so it doesn't clobber the EU build", tags=["mistake:M2"])
        t.read(pdef)
        t.read(PLUG + "/main/Kconfig.projbuild")
        t.write(PLUG + "/sdkconfig.defaults.us", "# ZS-1 US variant, applied on top of sdkconfig.defaults\n"
                                                 "CONFIG_HW_METERING_REGION_US=y\nCONFIG_HW_WIFI_COUNTRY=\"US\"\n")
        us_extra = " -DSDKCONFIG=build_us/sdkconfig -DSDKCONFIG_DEFAULTS=sdkconfig.defaults;sdkconfig.defaults.us"
        us = "idf.py -B build_us -D SDKCONFIG=build_us/sdkconfig -D SDKCONFIG_DEFAULTS=\"sdkconfig.defaults;sdkconfig.defaults.us\" build"
        t.fail(PL + us, "Configure and build the US variant in build_us",
               matter_cfg_err(PLUG, "build_us", us_extra), code=2)
        t.say("Configure stops at the plug's esp-matter check: `ESP_MATTER_PATH` isn't set in this shell. Same "
              "command with it set.")
        t.bash(PL + MATTER + us, "Configure and build the US variant with ESP_MATTER_PATH set",
               out=plug_fresh_ok("build_us", PLUG + "/build_us/sdkconfig", us_extra, 0x1a5d80,
                                 ("sdkconfig.defaults", "sdkconfig.defaults.us")).replace("version: 0.8.3", "version: 0.8.3"),
               timeout=900000)
        t.bash("grep -E \"METERING_REGION|WIFI_COUNTRY\" ~/src/heimwerk-fw/products/plug/build_us/sdkconfig",
               "Check the US options landed",
               out="# CONFIG_HW_METERING_REGION_EU is not set\nCONFIG_HW_METERING_REGION_US=y\nCONFIG_HW_WIFI_COUNTRY=\"US\"")
        t.bash("cd ~/src/heimwerk-fw && git add products/plug/sdkconfig.defaults.us && "
               "git commit -m \"plug: US variant defaults (build_us)\"", "Commit the US defaults",
               out="[main 61c2b0e] plug: US variant defaults (build_us)\n 1 file changed, 3 insertions(+)\n"
                   " create mode 100644 products/plug/sdkconfig.defaults.us")
        t.done("US variant is in place:\n"
               "- `products/plug/sdkconfig.defaults.us`: `HW_METERING_REGION_US=y`, `HW_WIFI_COUNTRY=\"US\"`.\n"
               "- Build: `idf.py -B build_us -D SDKCONFIG=build_us/sdkconfig -D "
               "SDKCONFIG_DEFAULTS=\"sdkconfig.defaults;sdkconfig.defaults.us\" build`. Its own build dir *and* its "
               "own sdkconfig, so the EU `build/` and `sdkconfig` stay untouched. It needed `ESP_MATTER_PATH` set, "
               "like every plug configure.\n"
               "- Checked build_us/sdkconfig: US region on, EU off, country US. Image 0x1a5d80, 12 % free.\n"
               "- Committed as 61c2b0e.")

        pch = PLUG + "/CHANGELOG.md"
        t = d.task("and cut plug 0.9.0, same routine as the thermo release", tags=["workflow:W2"])
        t.bash("git log --oneline --no-merges plug-v0.8.3..HEAD -- products/plug components/hw_wifi",
               "Commits since the last plug release",
               out="61c2b0e plug: US variant defaults (build_us)\n4d90a7b plug: metering tunables in Kconfig\n"
                   "a71f3c9 plug: HLW8032 metering on UART1, 16 A cutoff\n6e25f08 hw_wifi: log disconnect reason\n"
                   "1b3c77d plug: identify cluster blinks the relay LED")
        t.read(pch)
        t.edit(pch, "# ZS-1 plug firmware\n\n", """# ZS-1 plug firmware

## 0.9.0 - 2026-09-29
- Metering: HLW8032 voltage/current/power, relay cut-off above the configured current (default 16 A)
- US variant: sdkconfig.defaults.us (120 V calibration, country US), built in build_us
- Matter: Identify blinks the relay LED
- Wi-Fi: disconnect reason in the log

""")
        t.read(PLUG + "/version.txt")
        t.edit(PLUG + "/version.txt", "0.8.3", "0.9.0")
        t.bash("git add products/plug/CHANGELOG.md products/plug/version.txt && git commit -m \"plug: release 0.9.0\"",
               "Commit the release", out="[main 2a8f4d1] plug: release 0.9.0\n 2 files changed, 7 insertions(+), 1 deletion(-)")
        t.bash("git tag -a plug-v0.9.0 -m \"ZS-1 firmware 0.9.0\"", "Tag the release")
        t.bash("git push origin main plug-v0.9.0", "Push main and the tag",
               out="Enumerating objects: 21, done.\nCounting objects: 100% (21/21), done.\n"
                   "Delta compression using up to 16 threads\nCompressing objects: 100% (12/12), done.\n"
                   "Writing objects: 100% (13/13), 2.04 KiB | 2.04 MiB/s, done.\n"
                   "Total 13 (delta 7), reused 0 (delta 0), pack-reused 0\n"
                   "To gitlab.heimwerk.io:firmware/heimwerk-fw.git\n   0b6d2fe..2a8f4d1  main -> main\n"
                   " * [new tag]         plug-v0.9.0 -> plug-v0.9.0")
        t.done("Plug 0.9.0 is out: 2a8f4d1 `plug: release 0.9.0`, tag `plug-v0.9.0`, pushed. Changelog: metering + "
               "cut-off, US variant, Identify, Wi-Fi disconnect reason. Note that CI only builds the EU variant: "
               "`build:plug` doesn't know about build_us. Want a `build:plug-us` job?")

    # ================= S9 (SessionEnd other) =================
    with d.session("2026-10-02T08:55:00", R, branch="main", version="2.1.102", end_reason="other"):
        t = d.task("first rev B thermo boards came back from the assembler, one is on /dev/ttyUSB0 (they moved to a "
                   "CP2102N). read the flash id", tags=["unfixed:U2"])
        nc = ("esptool.py v4.8.1\nSerial port /dev/ttyUSB0\nConnecting......................................\n\n"
              "A fatal error occurred: Failed to connect to ESP32-S3: No serial data received.\n"
              "For troubleshooting steps visit: https://docs.espressif.com/projects/esptool/en/latest/troubleshooting.html")
        t.fail("python -m esptool --chip esp32s3 -p /dev/ttyUSB0 flash_id", "Read the flash ID of the rev B board", nc, code=2)
        t.bash("ls -l /dev/serial/by-id/ && journalctl -k --since \"-10 min\" | grep -i cp210", "Check the USB-serial adapter",
               out="total 0\nlrwxrwxrwx 1 root root 13 Oct  2 08:58 usb-Espressif_USB_JTAG_serial_debug_unit_F4:12:FA:5C:31:08-if00 -> ../../ttyACM0\n"
                   "lrwxrwxrwx 1 root root 13 Oct  2 08:58 usb-Espressif_USB_JTAG_serial_debug_unit_40:4C:CA:4A:9E:10-if00 -> ../../ttyACM1\n"
                   "lrwxrwxrwx 1 root root 13 Oct  2 09:01 usb-Silicon_Labs_CP2102N_USB_to_UART_Bridge_Controller_7c2e91a4f3b8ed11a0d1b1f5c8e3a6d2-if00-port0 -> ../../ttyUSB0\n"
                   "Oct 02 09:01:12 jonas-tp kernel: usbcore: registered new interface driver cp210x\n"
                   "Oct 02 09:01:12 jonas-tp kernel: usbserial: USB Serial support registered for cp210x\n"
                   "Oct 02 09:01:12 jonas-tp kernel: cp210x 3-2:1.0: cp210x converter detected\n"
                   "Oct 02 09:01:12 jonas-tp kernel: usb 3-2: cp210x converter now attached to ttyUSB0")
        t.fail("python -m esptool --chip esp32s3 -p /dev/ttyUSB0 --before default_reset --connect-attempts 3 -b 115200 flash_id",
               "Retry slower with fewer attempts to see if the chip answers at all",
               nc.replace("Connecting......................................", "Connecting..............."), code=2)
        t.done("No luck, and I don't think it's software. The CP2102N enumerates fine (ttyUSB0), but the ESP32-S3 "
               "never answers the ROM bootloader, even at 115200. Usually that means the DTR/RTS auto-reset doesn't "
               "reach EN/GPIO0 on the new board: transistor pair missing or swapped, or RTS/DTR routed to the wrong "
               "pins of the CP2102N. Quick check on your side: hold BOOT, tap RESET, release BOOT, then run the same "
               "flash_id. If that works, it's the auto-reset circuit and a question for the hardware team. If it "
               "doesn't, check 3V3 and EN. I've stopped here.")

        t = d.task("HWT-0031 came back from Kiel with a swapped mainboard, fctry is empty. re-provision it, rev A2, it's "
                   "on ACM0", tags=["workflow:W3"])
        t.bash("python3 tools/hwprov.py mkcsv --product thermo --serial HWT-0031 --hw-rev A2 --out factory/rma",
               "Write the factory CSV", out="wrote factory/rma/HWT-0031.csv (2 keys)")
        t.bash("python -m esp_idf_nvs_partition_gen generate factory/rma/HWT-0031.csv factory/rma/HWT-0031.bin 0x6000",
               "Build the fctry partition image",
               out="Creating NVS binary with version: V2 - Multipage Blob Support Enabled\n\n"
                   f"Created NVS binary: ===> {R}/factory/rma/HWT-0031.bin")
        t.bash("python -m esptool --chip esp32s3 -p /dev/ttyACM0 write_flash 0x7f0000 factory/rma/HWT-0031.bin",
               "Write it to the fctry partition",
               out=esptool_write("esp32s3", "/dev/ttyACM0", S3DESC, "f4:12:fa:61:07:9c", [(0x7f0000, 24576, 1043, 0.3)])
               .replace("Changing baud rate to 460800\nChanged.\n", ""))
        t.bash("python3 tools/hwprov.py verify --product thermo --serial HWT-0031 --port /dev/ttyACM0",
               "Read it back and check", out="fctry @ 0x7f0000: hw_rev=A2, serial=HWT-0031\nOK")
        t.done("HWT-0031 has factory data again (serial HWT-0031, hw_rev A2 at 0x7f0000) and the readback matches. Files "
               "are in `factory/rma/`. The new mainboard has a new MAC (f4:12:fa:61:07:9c), so if the cloud keys "
               "devices by MAC, it needs to be re-linked there.")

        t = d.task("Lea asks if the next plug hw rev should do Thread instead of Wi-Fi, the C6 can do both. short pros "
                   "and cons?", tags=["noise", "no_tools"])
        t.done("**Thread**\n+ Mesh, low power, no load on the customer's Wi-Fi, and the 802.15.4 radio is already on the C6.\n"
               "+ Matter-over-Thread is where most plugs are heading.\n"
               "− Needs a border router (HomePod/Apple TV, Nest Hub, newer Echo). Customers without one can't use it.\n"
               "− Our OTA and support tooling assume IP over Wi-Fi, and the path via the border router has to be tested.\n\n"
               "**Wi-Fi**\n+ Works everywhere, OTA and diagnostics as today.\n"
               "− More heat and power, every plug is one more client on the router.\n\n"
               "Middle ground: one hardware rev, two firmware variants (the C6 doesn't do both radios well at the "
               "same time). Then the market decides.")

    # ================= S10 =================
    with d.session("2026-10-06T09:20:00", R, branch="feature/ota-rollback-test", version="2.1.103"):
        orb = R + "/test_apps/ota_rollback"
        t = d.task("I want to see a rollback happen on real hardware. test_apps/ota_rollback for the thermo devkit: logs "
                   "the running partition and its ota state, and with CONFIG_ROLLBACK_TEST_HANG=y it never marks "
                   "itself valid. build and flash it to ACM0 at 921600, it's a big image", tags=["mistake:M3"])
        t.write(orb + "/CMakeLists.txt", """cmake_minimum_required(VERSION 3.16)
include($ENV{IDF_PATH}/tools/cmake/project.cmake)
project(ota_rollback)
""")
        t.write(orb + "/main/CMakeLists.txt", """idf_component_register(SRCS "rollback.c"
                       PRIV_REQUIRES app_update esp_partition)
""")
        t.write(orb + "/main/Kconfig.projbuild", """menu "Rollback test"

    config ROLLBACK_TEST_HANG
        bool "Never mark the image valid (simulate a broken update)"
        default n

endmenu
""")
        t.write(orb + "/main/rollback.c", ROLLBACK_C)
        t.write(orb + "/sdkconfig.defaults", "CONFIG_ESPTOOLPY_FLASHSIZE_8MB=y\nCONFIG_PARTITION_TABLE_TWO_OTA=y\n"
                                             "CONFIG_BOOTLOADER_APP_ROLLBACK_ENABLE=y\n")
        pt2 = ["Partition table binary generated. Contents:", "*" * 79, "# ESP-IDF Partition Table",
               "# Name, Type, SubType, Offset, Size, Flags", "nvs,data,nvs,0x9000,16K,", "otadata,data,ota,0xd000,8K,",
               "phy_init,data,phy,0xf000,4K,", "factory,app,factory,0x10000,1M,", "ota_0,app,ota_0,0x110000,1M,",
               "ota_1,app,ota_1,0x210000,1M,", "*" * 79]
        fb = fresh_build(orb, "ota_rollback", "esp32", "thermo-v1.5.0-9-g3e7a0c5-dirty", 902, 0x2c150, 0x100000, 0x6a20,
                         pt=pt2, comps="", complete_msg=False, cut_lines=1801)
        wc = wrong_chip(orb, "ota_rollback", "/dev/ttyACM0", "ESP32-S3", 0x2c150, 0x6a20, baud=921600, pid=82655)
        wc = wc.replace("--flash_size 2MB 0x1000 bootloader/bootloader.bin 0x10000 ota_rollback.bin "
                        "0x8000 partition_table/partition-table.bin",
                        "--flash_size 8MB 0x1000 bootloader/bootloader.bin 0x10000 ota_rollback.bin "
                        "0x8000 partition_table/partition-table.bin 0xd000 ota_data_initial.bin")
        fcmd = f"cd {D}/test_apps/ota_rollback && idf.py -p /dev/ttyACM0 -b 921600 build flash"
        t.fail(fcmd, "Build the rollback test app and flash it at 921600", "\n".join(fb) + "\n" + wc, code=2,
               timeout=600000)
        t.say("Wrong target again for a fresh app: nothing sets it, so CMake defaulted to esp32 (`IDF_TARGET not set, "
              "using default target: esp32`) and esptool rejects the S3. Setting esp32s3 and running the same "
              "build+flash.")
        t.bash(f"cd {D}/test_apps/ota_rollback && idf.py set-target esp32s3", "Set the app's target to ESP32-S3",
               out=set_target_out(orb, "ota_rollback", "esp32s3", "thermo-v1.5.0-9-g3e7a0c5-dirty", ""))
        t.bash(fcmd, "Build the rollback test app and flash it at 921600",
               out=build_and_flash_ok(orb, "ota_rollback", "esp32s3", 957, 0x2d0b0, 0x100000, 0x5410, "/dev/ttyACM0",
                                      S3DESC, S3MAC,
                                      [(0x0, "bootloader/bootloader.bin", 21520, 13602, 0.2),
                                       (0x10000, "ota_rollback.bin", 184496, 99107, 0.9),
                                       (0x8000, "partition_table/partition-table.bin", 3072, 107, 0.0),
                                       (0xd000, "ota_data_initial.bin", 8192, 31, 0.1)], 1894, baud=921600),
               timeout=600000)
        t.bash("python3 ~/src/heimwerk-fw/tools/serlog.py /dev/ttyACM0 -t 6", "Boot log of the test app",
               out=boot_log_s3("ota_rollback", "thermo-v1.5.0-9-g3e7a0c5-dirty", "Oct  6 2026 09:41:27",
                               "e03b7a9c11f46d28...",
                               ["I (301) rollback: running 'factory' at 0x10000, version thermo-v1.5.0-9-g3e7a0c5-dirty",
                                "I (305) rollback: ota state: n/a (factory partition has no ota state)",
                                "I (311) rollback: next update slot: 'ota_0'"]))
        t.done("The rollback test app runs on the S3 from `factory`. It logs the running partition, the ota state "
               "(none for factory) and the next update slot (ota_0). For the real rollback: build a second image with "
               "`CONFIG_ROLLBACK_TEST_HANG=y` and put it into ota_0 with `otatool.py write_ota_partition` plus "
               "`switch_ota_partition`. The bootloader then starts it as PENDING_VERIFY, it never confirms, and at "
               "the next reset the bootloader goes back to factory. The first flash had failed on the target (the app "
               "was built for the plain ESP32), `idf.py set-target esp32s3` fixed it.")

        tch = THERMO + "/CHANGELOG.md"
        t = d.task("hotfix: thermo 1.5.1 with only Lea's hw_wifi reconnect backoff fix from this morning, same release "
                   "routine", tags=["workflow:W2"])
        t.bash("git log --oneline --no-merges thermo-v1.5.0..origin/main -- products/thermo components",
               "Commits since thermo 1.5.0",
               out="d4c8a12 hw_wifi: exponential reconnect backoff, reset on got-ip\n3e7a0c5 hw_led: front status LED on LEDC\n"
                   "5f1b9e0 hw_settings: single versioned blob, migrate old keys")
        t.bash("git switch -c release/thermo-1.5.1 thermo-v1.5.0 && git cherry-pick d4c8a12",
               "Hotfix branch from the 1.5.0 tag with only the Wi-Fi fix",
               out="Switched to a new branch 'release/thermo-1.5.1'\n[release/thermo-1.5.1 9c03e57] hw_wifi: exponential "
                   "reconnect backoff, reset on got-ip\n Date: Tue Oct 6 07:58:12 2026 +0200\n 1 file changed, 14 "
                   "insertions(+), 3 deletions(-)")
        t.read(tch)
        t.edit(tch, "# WT-2 thermostat firmware\n\n", """# WT-2 thermostat firmware

## 1.5.1 - 2026-10-06
- Wi-Fi: exponential reconnect backoff (Kiel night-time drop-outs)

""")
        t.read(THERMO + "/version.txt")
        t.edit(THERMO + "/version.txt", "1.5.0", "1.5.1")
        t.bash("git add products/thermo/CHANGELOG.md products/thermo/version.txt && "
               "git commit -m \"thermo: release 1.5.1\"", "Commit the release",
               out="[release/thermo-1.5.1 b27e4f0] thermo: release 1.5.1\n 2 files changed, 5 insertions(+), 1 deletion(-)")
        t.bash("git tag -a thermo-v1.5.1 -m \"WT-2 firmware 1.5.1\"", "Tag the hotfix")
        t.bash("git push origin release/thermo-1.5.1 thermo-v1.5.1", "Push the branch and the tag",
               out="Enumerating objects: 19, done.\nCounting objects: 100% (19/19), done.\n"
                   "Delta compression using up to 16 threads\nCompressing objects: 100% (9/9), done.\n"
                   "Writing objects: 100% (11/11), 1.63 KiB | 1.63 MiB/s, done.\n"
                   "Total 11 (delta 6), reused 0 (delta 0), pack-reused 0\nremote: \nremote: To create a merge request "
                   "for release/thermo-1.5.1, visit:\nremote:   https://gitlab.heimwerk.io/firmware/heimwerk-fw/-/"
                   "merge_requests/new?merge_request%5Bsource_branch%5D=release%2Fthermo-1.5.1\nremote: \n"
                   "To gitlab.heimwerk.io:firmware/heimwerk-fw.git\n * [new branch]      release/thermo-1.5.1 -> "
                   "release/thermo-1.5.1\n * [new tag]         thermo-v1.5.1 -> thermo-v1.5.1")
        t.done("1.5.1 is tagged and pushed. Branch `release/thermo-1.5.1` is cut from thermo-v1.5.0 with only "
               "d4c8a12 (reconnect backoff) cherry-picked, so hw_led and the new settings blob are not in it. The "
               "changelog entry and version.txt are on that branch. main still has 1.5.0 in its changelog. Merge the "
               "branch back or carry the entry over by hand, whichever you prefer.")

        ci = R + "/.gitlab-ci.yml"
        t = d.task("CI still builds with espressif/idf:v5.3.1 while we're on 5.3.2 locally. bump it and check the image "
                   "actually pulls", tags=["noise", "flaky:F1"])
        t.read(ci)
        t.edit(ci, "  IDF_IMAGE: espressif/idf:v5.3.1\n", "  IDF_IMAGE: espressif/idf:v5.3.2\n")
        t.fail("docker pull espressif/idf:v5.3.2", "Pull the new CI image",
               "Error response from daemon: Get \"https://registry-1.docker.io/v2/\": net/http: request canceled while "
               "waiting for connection (Client.Timeout exceeded while awaiting headers)", code=1)
        t.bash("docker pull espressif/idf:v5.3.2", "Pull the new CI image",
               out="v5.3.2: Pulling from espressif/idf\n6414378b6477: Already exists\n9d1c3a7e50b2: Pull complete\n"
                   "f2a64b6c0e1d: Pull complete\n3b7d0e8a9c45: Pull complete\n0c5e2f7a18d6: Pull complete\n"
                   "Digest: sha256:5c2b7e1f9a04d3c86b1e0f27a9d4c3b58e6f1a20d7c94b3e8a5f60d1c2e7b9a4\n"
                   "Status: Downloaded newer image for espressif/idf:v5.3.2\ndocker.io/espressif/idf:v5.3.2")
        t.bash("docker run --rm espressif/idf:v5.3.2 idf.py --version", "Check the IDF version inside the image",
               out="ESP-IDF v5.3.2")
        t.done("`IDF_IMAGE` is `espressif/idf:v5.3.2` now. The image pulls (the first pull timed out at Docker Hub, "
               "the second went through) and reports ESP-IDF v5.3.2. `MATTER_IMAGE` "
               "(`registry.heimwerk.io/fw/esp-matter:1.3-idf5.3.1`) I left alone: it has to be rebuilt on 5.3.2 "
               "first, otherwise `build:plug` pulls a tag that doesn't exist. Not committed.")

        t = d.task("where do we time out provisioning on the thermo? support says some units sit in BLE provisioning "
                   "forever", tags=["noise"])
        t.grep("timeout|PROV_", path=COMP + "/hw_prov", output_mode="content", n=True, i=True,
               content=f"{COMP}/hw_prov/hw_prov.c:17:#define PROV_MGR_MAX_RETRY_CNT 5\n"
                       f"{COMP}/hw_prov/hw_prov.c:58:        case WIFI_PROV_CRED_FAIL:\n"
                       f"{COMP}/hw_prov/hw_prov.c:66:            if (++s_retries >= PROV_MGR_MAX_RETRY_CNT) {{\n"
                       f"{COMP}/hw_prov/hw_prov.c:67:                wifi_prov_mgr_reset_sm_state_on_failure();\n"
                       f"{COMP}/hw_prov/hw_prov.c:112:    wifi_prov_mgr_config_t cfg = {{\n"
                       f"{COMP}/hw_prov/hw_prov.c:113:        .scheme = wifi_prov_scheme_ble,")
        t.done("Nowhere. `hw_prov.c` only resets the state machine after 5 failed credential attempts. There's no "
               "timer, so a unit that nobody provisions stays in BLE provisioning forever (and keeps the radio busy). "
               "The commit history mentions \"stop BLE after 10 min\", but that only exists in the UI and only when "
               "the provisioning screen is open. If you want it in hw_prov: an esp_timer at start that calls "
               "`wifi_prov_mgr_stop_provisioning()` after N minutes, with N in Kconfig. Shall I?")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new shared component under components/ includes a header from an ESP-IDF component it "
                            "doesn't list in idf_component_register. Since v5.0 a component only sees the include "
                            "dirs of what it requires, so the thermo build stops in that component's compile. SHT41 "
                            "driver: driver/i2c_master.h (esp_driver_i2c); OTA: public header hw_ota.h includes "
                            "esp_ota_ops.h (app_update, a public requirement); status LED: driver/ledc.h "
                            "(esp_driver_ledc).",
             "error_signature": "ninja `FAILED: esp-idf/<comp>/CMakeFiles/__idf_<comp>.dir/<file>.c.obj`, gcc "
                                "`<file>:<l>:10: fatal error: <header>: No such file or directory` (once via `In file "
                                "included from`), `compilation terminated.`, then idf.py's `HINT: Compilation failed "
                                "because <file> (in \"<comp>\" component) includes <header>, provided by <dep> "
                                "component(s).` / `However, <dep> component(s) is not in the requirements list of "
                                "\"<comp>\".` / `To fix this, add <dep> to PRIV_REQUIRES|REQUIRES list of "
                                "idf_component_register call in …/components/<comp>/CMakeLists.txt.` and `ninja failed "
                                "with exit code 1, output of the command is in the …` (exit 2)",
             "fix": "Add the providing component to the component's CMakeLists: PRIV_REQUIRES when only the .c uses "
                    "the header (esp_driver_i2c, esp_driver_ledc), REQUIRES when the public header includes it "
                    "(app_update); then run the same `idf.py build`.",
             "fix_command_markers": [["PRIV_REQUIRES", "REQUIRES"]],
             "harmful_markers": ["include_directories(", "${IDF_PATH}/components", "$ENV{IDF_PATH}/components"]},
            {"id": "M2",
             "description": "The plug is an esp-matter project whose top-level CMakeLists refuses to configure unless "
                            "ESP_MATTER_PATH is in the environment; Claude Code's shell only has the ESP-IDF "
                            "environment. Every plug configure fails: a first build in a new build dir, a CMake re-run "
                            "triggered by a CMakeLists change, a new variant build dir (build_us).",
             "error_signature": "`CMake Error at CMakeLists.txt:5 (message):` / `Please set ESP_MATTER_PATH to the "
                                "path of esp-matter repo` / `-- Configuring incomplete, errors occurred!`, then either "
                                "`cmake failed with exit code 1, output of the command is in the …` or, during a "
                                "build, `FAILED: build.ninja` / `ninja: error: rebuilding 'build.ninja': subcommand "
                                "failed` (idf.py exit 2)",
             "fix": "Run the same idf.py command with the variable set for it: "
                    "`ESP_MATTER_PATH=$HOME/esp/esp-matter idf.py …` (esp-matter v1.3 checkout).",
             "fix_command_markers": [["ESP_MATTER_PATH="]],
             "harmful_markers": ["set(ENV{ESP_MATTER_PATH}", "fullclean", "rm -rf build"]},
            {"id": "M3",
             "description": "A new app under test_apps/ gets an sdkconfig.defaults without CONFIG_IDF_TARGET and is "
                            "built without set-target, so CMake uses the default target esp32 ('IDF_TARGET not set, "
                            "using default target: esp32'); flashing it to the ESP32-S3 or ESP32-C6 devkit fails in "
                            "esptool's chip check.",
             "error_signature": "`esptool.py --chip esp32 -p <port> … write_flash …` / `A fatal error occurred: This "
                                "chip is ESP32-S3 not ESP32. Wrong --chip argument?` (ESP32-C6 for the plug devkit), "
                                "`CMake Error at run_serial_tool.cmake:66 (message):` … `failed.`, `FAILED: "
                                "CMakeFiles/flash`, `ninja failed with exit code 1 …` (exit 2)",
             "fix": "`idf.py set-target esp32s3` (or esp32c6) in the app directory, then the same build/flash "
                    "command again.",
             "fix_command_markers": [["set-target"]],
             "harmful_markers": ["erase-flash", "erase_flash", "--force"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`pytest tests/thermo/test_sensors.py …` → test_sensor_average "
                                        "`pexpect.exceptions.TIMEOUT: Not found …` with `***ERROR*** A stack overflow in "
                                        "task sht4x has been detected.` in the DUT buffer: the new float ESP_LOGI in a "
                                        "task created with 2048 bytes of stack; stack raised to 4096, rebuilt, same "
                                        "pytest passes."},
            {"id": "O2", "description": "`idf.py build` of the thermo → `error: format '%d' expects argument of type "
                                        "'int', but argument 8 has type 'uint32_t' {aka 'long unsigned int'} "
                                        "[-Werror=format=]` in the new heap-stats ESP_LOGI; PRIu32, same build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`python3 tools/otapub.py … --channel beta --version 1.5.0-rc1 …` → "
                                        "`requests.exceptions.SSLError: … certificate verify failed: certificate has "
                                        "expired`: the staging OTA server's Let's Encrypt certificate expired "
                                        "(notAfter Sep 14 2026); renewal is ops' job, verification is not bypassed."},
            {"id": "U2", "description": "`python -m esptool --chip esp32s3 -p /dev/ttyUSB0 flash_id` on the first rev B "
                                        "board → `A fatal error occurred: Failed to connect to ESP32-S3: No serial data "
                                        "received.` (also at 115200): CP2102N enumerates but the auto-reset doesn't "
                                        "reach EN/GPIO0; hardware question, left to the user."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`docker pull espressif/idf:v5.3.2` → `Error response from daemon: Get "
                                        "\"https://registry-1.docker.io/v2/\": net/http: request canceled while waiting "
                                        "for connection (Client.Timeout exceeded while awaiting headers)`; identical "
                                        "retry pulls."},
            {"id": "F2", "description": "`idf.py -p /dev/ttyACM0 flash` of the thermo → `A fatal error occurred: Serial "
                                        "data stream stopped: Possible serial noise or corruption.` at 35 %; identical "
                                        "retry flashes."},
        ],
        workflows=[
            {"id": "W1", "description": "Component/firmware change loop: edit code (new component or change) → "
                                        "`idf.py build` in the product dir → pytest-embedded on the desk board "
                                        "(`pytest tests/<product>/… --target … --port /dev/ttyACM0|1 --app-path "
                                        "products/<product>`) → `git commit`.",
             "step_markers": [["idf.py build"], ["pytest tests/"], ["git commit"]]},
            {"id": "W2", "description": "Release: `git log --oneline <product>-v<last>..` → new section in "
                                        "products/<product>/CHANGELOG.md + version.txt → commit `<product>: release "
                                        "X.Y.Z` → `git tag -a <product>-vX.Y.Z` → `git push origin <branch> <tag>` "
                                        "(CI release job does the rest).",
             "step_markers": [["git log --oneline"], ["CHANGELOG.md"], ["git tag -a"], ["git push origin"]]},
            {"id": "W3", "description": "Factory data for a unit: `python3 tools/hwprov.py mkcsv --product … --serial … "
                                        "--hw-rev … [--cal …]` → `python -m esp_idf_nvs_partition_gen generate <csv> "
                                        "<bin> 0x6000` → `python -m esptool --chip … -p … write_flash <fctry offset> "
                                        "<bin>` → `python3 tools/hwprov.py verify …`.",
             "step_markers": [["hwprov.py mkcsv"], ["esp_idf_nvs_partition_gen"], ["write_flash"], ["hwprov.py verify"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Component code never aborts: no ESP_ERROR_CHECK inside components, errors go "
                                        "back to the caller as esp_err_t (ESP_RETURN_ON_ERROR); ESP_ERROR_CHECK only "
                                        "in app_main.",
             "markers": [["ESP_ERROR_CHECK"], ["esp_err_t"]]},
            {"id": "P2", "description": "Anything a person might tune (thresholds, periods) goes into Kconfig "
                                        "(Kconfig.projbuild), not #defines.",
             "markers": [["Kconfig"]]},
            {"id": "P3", "description": "hw_settings: each setting under its own NVS key so single values can be "
                                        "inspected (T05); later reversed: one versioned blob for the whole struct, "
                                        "migrating the old keys (T24).",
             "markers": [["NVS"], ["key"]],
             "reversal_markers": [["blob"]]},
        ],
        probes=[
            {"prompt": "thermo build broke after I added the buzzer component: components/hw_buzzer/buzzer.c:3:10: fatal "
                       "error: driver/gptimer.h: No such file or directory, and idf.py prints a HINT that esp_driver_gptimer "
                       "component(s) is not in the requirements list of \"hw_buzzer\". what's the proper fix?",
             "wanted": ["M1"]},
            {"prompt": "new shared component hw_ambient for the VEML7700 light sensor on I2C0 of the thermo (dims the "
                       "display at night). write it and build the thermo",
             "wanted": ["M1"]},
            {"prompt": "plug build in a fresh clone on the CI box: CMake Error at CMakeLists.txt:5 (message): Please set "
                       "ESP_MATTER_PATH to the path of esp-matter repo / Configuring incomplete, errors occurred! "
                       "idf.py is found fine though",
             "wanted": ["M2"]},
            {"prompt": "plug: add the StartUpOnOff attribute (restore last relay state after power loss) and build "
                       "both the EU and the US variant",
             "wanted": ["M2"]},
            {"prompt": "flashing the new adc_cal test app to the plug devkit dies with A fatal error occurred: This chip "
                       "is ESP32-C6 not ESP32. Wrong --chip argument? - the board is definitely a C6",
             "wanted": ["M3"]},
            {"prompt": "make a tiny app in test_apps/touch_raw that prints the raw touch values of the thermo's three "
                       "buttons every 100 ms and flash it to ACM0",
             "wanted": ["M3"]},
            {"prompt": "what's the practical difference between esp_timer and a FreeRTOS software timer for a 20 ms LED "
                       "animation?",
             "wanted": []},
            {"prompt": "write a short note for the support wiki on how a customer factory-resets the ZS-1",
             "wanted": []},
            {"prompt": "rename hw_settings_save to hw_settings_commit everywhere",
             "wanted": []},
            {"prompt": "is 4 MB flash going to be enough for the plug if we add Thread later? rough numbers",
             "wanted": []},
        ],
    )
    return d


# ------------------------------------------------------------------ more content (used by gen() at call time)


def lineno(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def format_fail(path, ln):
    line = '    ESP_LOGI(TAG, "heap: internal %u B, psram %u B, min ever %d B",'
    col = line.index("%d B") + 1
    obj = "esp-idf/main/CMakeFiles/__idf_main.dir/app_main.c.obj"
    logh = f"{IDF}/components/log/include/esp_log.h"
    caret = " " * (col - 1)  # under '%' 
    out = ["Executing action: all (aliases: build)", f"Running ninja in directory {THERMO}/build",
           'Executing "ninja all"...',
           f"[1/8] Building C object {obj}",
           f"FAILED: {obj} ",
           f"{XGCC} -DESP_PLATFORM -DIDF_VER=\\\"v5.3.2\\\" -DSOC_MMU_PAGE_SIZE=CONFIG_MMU_PAGE_SIZE "
           f"-DSOC_XTAL_FREQ_MHZ=CONFIG_XTAL_FREQ -D_GLIBCXX_HAVE_POSIX_SEMAPHORE -D_GLIBCXX_USE_POSIX_SEMAPHORE "
           f"-D_GNU_SOURCE -D_POSIX_READER_WRITER_LOCKS -I{THERMO}/build/config -I{THERMO}/main "
           f"-I{COMP}/hw_settings/include -I{COMP}/hw_wifi/include -I{COMP}/hw_prov/include -I{COMP}/hw_sensors/include "
           f"-I{IDF}/components/newlib/platform_include -I{IDF}/components/freertos/config/include "
           f"-I{IDF}/components/log/include -I{IDF}/components/heap/include -I{IDF}/components/esp_timer/include "
           f"-mlongcalls -fno-builtin-memcpy -fno-builtin-memset -ffunction-sections -fdata-sections -Wall "
           f"-Werror=all -Wno-error=unused-function -Wno-error=unused-variable -Wno-error=unused-but-set-variable "
           f"-Wno-error=deprecated-declarations -Wextra -Wno-unused-parameter -Wno-sign-compare -gdwarf-4 -ggdb -Og "
           f"-std=gnu17 -Wno-old-style-declaration -MD -MT {obj} -MF {obj}.d -o {obj} -c {path}",
           f"{path}: In function 'heap_stats_cb':",
           f"{logh}:34:49: error: format '%d' expects argument of type 'int', but argument 8 has type 'uint32_t' "
           f"{{aka 'long unsigned int'}} [-Werror=format=]",
           '   34 | #define LOG_FORMAT(letter, format)  LOG_COLOR_ ## letter #letter " (%" PRIu32 ") %s: " format '
           'LOG_RESET_COLOR "\\n"',
           "      |                                                 ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~",
           f"{logh}:420:86: note: in expansion of macro 'LOG_FORMAT'",
           "  420 |         else if (level==ESP_LOG_INFO )     { esp_log_write(ESP_LOG_INFO,    tag, LOG_FORMAT(I, "
           "format), esp_log_timestamp(), tag, ##__VA_ARGS__); } \\",
           "      |                                                                                      ^~~~~~~~~~",
           f"{logh}:333:38: note: in expansion of macro 'ESP_LOG_LEVEL'",
           "  333 |         if ( LOG_LOCAL_LEVEL >= level ) ESP_LOG_LEVEL(level, tag, format, ##__VA_ARGS__); \\",
           "      |                                      ^~~~~~~~~~~~~",
           f"{logh}:176:38: note: in expansion of macro 'ESP_LOG_LEVEL_LOCAL'",
           "  176 | #define ESP_LOGI( tag, format, ... ) ESP_LOG_LEVEL_LOCAL(ESP_LOG_INFO,    tag, format, ##__VA_ARGS__)",
           "      |                                      ^~~~~~~~~~~~~~~~~~~",
           f"{path}:{ln}:5: note: in expansion of macro 'ESP_LOGI'",
           f"{ln:>5} | {line}",
           "      |     ^~~~~~~~",
           f"{path}:{ln}:{col + 1}: note: format string is defined here",
           f"{ln:>5} | {line}",
           "      | " + caret + "~^",
           "      | " + caret + " |",
           "      | " + caret + " int",
           "      | " + caret + "%ld",
           "cc1: some warnings being treated as errors",
           "[2/8] Building C object esp-idf/main/CMakeFiles/__idf_main.dir/ui.c.obj",
           "ninja: build stopped: subcommand failed.",
           idf_log(THERMO, 48817)]
    return "\n".join(out)


OTA_DOC = """Over The Air Updates (OTA) — ESP-IDF v5.3.2, ESP32-S3.

App rollback: "The main purpose of the application rollback is to keep the device working after the update." Enabled with CONFIG_BOOTLOADER_APP_ROLLBACK_ENABLE.

Flow after an update: the new application is downloaded and esp_ota_set_boot_partition() makes its partition bootable and sets the state ESP_OTA_IMG_NEW. On reboot the bootloader checks the state: ESP_OTA_IMG_NEW is changed to ESP_OTA_IMG_PENDING_VERIFY and the app is started. The application then decides: if it works, it calls esp_ota_mark_app_valid_cancel_rollback() (state ESP_OTA_IMG_VALID); if not, esp_ota_mark_app_invalid_rollback_and_reboot() (state ESP_OTA_IMG_INVALID, reboot into the previous app).

If the application was not confirmed (state still ESP_OTA_IMG_PENDING_VERIFY) and a reset or power-off happens, the bootloader sets ESP_OTA_IMG_ABORTED at the next boot and selects the previous, valid application. A hang without a reset does not roll back by itself; the doc recommends relying on the watchdogs so a hang turns into a reset.

States: ESP_OTA_IMG_NEW, ESP_OTA_IMG_PENDING_VERIFY, ESP_OTA_IMG_VALID, ESP_OTA_IMG_INVALID, ESP_OTA_IMG_ABORTED, ESP_OTA_IMG_UNDEFINED. The factory partition has no state.

esp_ota_get_state_partition() reads a partition's state; esp_ota_check_rollback_is_possible() tells whether a valid previous app exists. Note: the rollback only works with the otadata partition and at least two OTA app partitions; if no valid app is left, the bootloader falls back to the factory app if present.

Anti-rollback (CONFIG_BOOTLOADER_APP_ANTI_ROLLBACK): secure_version in the app description is compared with an eFuse counter; apps with a lower secure_version are refused. The eFuse is burned when the app is marked valid. Only useful together with secure boot; irreversible."""

OTA_ANSWER = """From the v5.3.2 OTA docs, in detail:

**1. Preconditions**
- `CONFIG_BOOTLOADER_APP_ROLLBACK_ENABLE=y` (the thermo has it in sdkconfig.defaults), an `otadata` partition and at least two OTA app slots (we have ota_0/ota_1, 3 MB each).

**2. What happens after a download**
- The new image is written to the free slot. `esp_ota_set_boot_partition()` marks it bootable and sets its state to `ESP_OTA_IMG_NEW`.
- On the next boot the bootloader sees NEW, changes it to `ESP_OTA_IMG_PENDING_VERIFY` and starts the image. This happens exactly once.

**3. What the app has to do**
- Check itself, then either `esp_ota_mark_app_valid_cancel_rollback()` → `ESP_OTA_IMG_VALID`, rollback is off for this image.
- or `esp_ota_mark_app_invalid_rollback_and_reboot()` → `ESP_OTA_IMG_INVALID`, immediate reboot into the previous image.
- `esp_ota_get_state_partition(esp_ota_get_running_partition(), &state)` tells you at boot whether you're in the pending case at all. Otherwise, don't touch anything.

**4. When the bootloader rolls back by itself**
- If the image is still PENDING_VERIFY and *any* reset happens (watchdog, panic, brown-out, power cycle), the bootloader marks it `ESP_OTA_IMG_ABORTED` at the next boot and starts the previous valid image.
- Important: a hang *without* a reset rolls back nothing. The device sits there with the new image until something resets it. So a new image that gets stuck before confirming needs either the task/interrupt watchdog (panic → reset → ABORTED → rollback) or its own timer that calls `esp_ota_mark_app_invalid_rollback_and_reboot()`.
- If no valid previous image is left, the bootloader falls back to `factory`. We don't have a factory partition, so the last valid slot is the safety net.

**5. States at a glance**
NEW → (boot) → PENDING_VERIFY → VALID | INVALID | (reset) ABORTED. Plus UNDEFINED for slots never written. `factory` has no state.

**6. Anti-rollback (separate feature)**
- `CONFIG_BOOTLOADER_APP_ANTI_ROLLBACK`: `secure_version` in the app description is compared with an eFuse counter, and older versions are refused. The eFuse is burned when an image is marked valid. It's irreversible and only makes sense with secure boot, so not for the pilot phase.

**What that means for hw_ota**
- At boot: if PENDING_VERIFY, start a self-test window (e.g. 60 s timer). Success criterion: Wi-Fi has an IP and at least one sensor reading. Then `mark_app_valid`, otherwise `mark_app_invalid_rollback_and_reboot`.
- Leave `CONFIG_ESP_TASK_WDT_PANIC` on so hangs turn into resets.
- In the test: flash an image that never confirms and watch that the bootloader switches back to the old slot after a reset."""

HW_OTA_H = """#pragma once
#include "esp_err.h"
#include "esp_ota_ops.h"

/* Call once after boot. If the running image is still pending verification, starts a
 * timer: hw_ota_selftest_passed() must be called within timeout_s, otherwise the image
 * is marked invalid and the device reboots into the previous one. */
esp_err_t hw_ota_begin_selftest(int timeout_s);
void hw_ota_selftest_passed(void);

/* Download and install an image over HTTPS, then reboot into it. */
esp_err_t hw_ota_update(const char *url);

esp_err_t hw_ota_running_desc(esp_app_desc_t *out);
"""

HW_OTA_C = """#include "hw_ota.h"
#include "esp_https_ota.h"
#include "esp_crt_bundle.h"
#include "esp_log.h"
#include "esp_check.h"
#include "esp_timer.h"
#include "esp_system.h"

static const char *TAG = "hw_ota";
#define HW_OTA_STAGING_URL "https://ota-staging.heimwerk.io/fw/thermo/beta/hw_thermo.bin"

static esp_timer_handle_t s_selftest_timer;

static void selftest_timeout(void *arg)
{
    ESP_LOGE(TAG, "self-test not passed in time, rolling back");
    esp_ota_mark_app_invalid_rollback_and_reboot();
}

esp_err_t hw_ota_begin_selftest(int timeout_s)
{
    esp_ota_img_states_t state;
    const esp_partition_t *running = esp_ota_get_running_partition();
    ESP_RETURN_ON_ERROR(esp_ota_get_state_partition(running, &state), TAG, "state");
    if (state != ESP_OTA_IMG_PENDING_VERIFY) {
        return ESP_OK;
    }
    ESP_LOGW(TAG, "new image in %s, self-test window %d s", running->label, timeout_s);
    const esp_timer_create_args_t args = {.callback = selftest_timeout, .name = "ota_selftest"};
    ESP_RETURN_ON_ERROR(esp_timer_create(&args, &s_selftest_timer), TAG, "timer");
    return esp_timer_start_once(s_selftest_timer, (uint64_t)timeout_s * 1000000);
}

void hw_ota_selftest_passed(void)
{
    if (s_selftest_timer == NULL) {
        return;
    }
    esp_timer_stop(s_selftest_timer);
    if (esp_ota_mark_app_valid_cancel_rollback() == ESP_OK) {
        ESP_LOGI(TAG, "self-test passed, image marked valid");
    }
    esp_timer_delete(s_selftest_timer);
    s_selftest_timer = NULL;
}

esp_err_t hw_ota_update(const char *url)
{
    esp_http_client_config_t http = {
        .url = url ? url : HW_OTA_STAGING_URL,
        .crt_bundle_attach = esp_crt_bundle_attach,
        .timeout_ms = 15000,
        .keep_alive_enable = true,
    };
    esp_https_ota_config_t cfg = {.http_config = &http};
    ESP_LOGI(TAG, "update from %s", http.url);
    ESP_RETURN_ON_ERROR(esp_https_ota(&cfg), TAG, "ota");
    ESP_LOGI(TAG, "update installed, restarting");
    esp_restart();
    return ESP_OK;
}

esp_err_t hw_ota_running_desc(esp_app_desc_t *out)
{
    return esp_ota_get_partition_description(esp_ota_get_running_partition(), out);
}
"""

OTAPUB_SSL = f"""Traceback (most recent call last):
  File "{H}/.espressif/python_env/idf5.3_py3.12_env/lib/python3.12/site-packages/urllib3/connectionpool.py", line 464, in _make_request
    self._validate_conn(conn)
  File "{H}/.espressif/python_env/idf5.3_py3.12_env/lib/python3.12/site-packages/urllib3/connectionpool.py", line 1093, in _validate_conn
    conn.connect()
  File "{H}/.espressif/python_env/idf5.3_py3.12_env/lib/python3.12/site-packages/urllib3/connection.py", line 741, in connect
    sock_and_verified = _ssl_wrap_socket_and_match_hostname(
                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{H}/.espressif/python_env/idf5.3_py3.12_env/lib/python3.12/site-packages/urllib3/connection.py", line 920, in _ssl_wrap_socket_and_match_hostname
    ssl_sock = ssl_wrap_socket(
               ^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/ssl.py", line 1104, in _create
    self.do_handshake()
  File "/usr/lib/python3.12/ssl.py", line 1382, in do_handshake
    self._sslobj.do_handshake()
ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: certificate has expired (_ssl.c:1000)

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "{R}/tools/otapub.py", line 88, in <module>
    main()
  File "{R}/tools/otapub.py", line 81, in main
    r = session.post(f"{{API}}/releases", data=meta, files={{"image": fh}}, timeout=60)
        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{H}/.espressif/python_env/idf5.3_py3.12_env/lib/python3.12/site-packages/requests/adapters.py", line 698, in send
    raise SSLError(e, request=request)
requests.exceptions.SSLError: HTTPSConnectionPool(host='ota-staging.heimwerk.io', port=443): Max retries exceeded with url: /api/v1/releases (Caused by SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: certificate has expired (_ssl.c:1000)')))"""

METERING_H = """#pragma once
#include <stdint.h>
#include <stdbool.h>
#include "esp_err.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint16_t voltage_dv; /* 0.1 V */
    uint32_t current_ma;
    uint32_t power_dw;   /* 0.1 W */
} metering_sample_t;

esp_err_t metering_start(void);
void metering_last(metering_sample_t *out);

/* implemented in app_driver.cpp */
void app_driver_relay_off(void);

#ifdef __cplusplus
}
#endif
"""

METERING_C = """#include <inttypes.h>
#include <string.h>
#include "freertos/FreeRTOS.h"
#include "freertos/task.h"
#include "driver/uart.h"
#include "esp_log.h"
#include "esp_check.h"
#include "metering.h"

static const char *TAG = "metering";

#define MET_UART    UART_NUM_1
#define MET_RX_GPIO 5
#define FRAME_LEN   24
#define REPORT_PERIOD_MS 10000
#define OVERCURRENT_MA   16000

static metering_sample_t s_last;

static uint32_t be24(const uint8_t *p)
{
    return ((uint32_t)p[0] << 16) | ((uint32_t)p[1] << 8) | p[2];
}

static bool parse_frame(const uint8_t *f, metering_sample_t *out)
{
    if (f[1] != 0x5A) {
        return false;
    }
    uint8_t sum = 0;
    for (int i = 2; i < 23; i++) {
        sum += f[i];
    }
    if (sum != f[23]) {
        return false;
    }
    uint32_t v_par = be24(f + 2), v_reg = be24(f + 5);
    uint32_t i_par = be24(f + 8), i_reg = be24(f + 11);
    uint32_t p_par = be24(f + 14), p_reg = be24(f + 17);
    out->voltage_dv = v_reg ? (uint16_t)(v_par * 188ULL / 10 / v_reg) : 0;
    out->current_ma = i_reg ? (uint32_t)(i_par * 1000ULL / i_reg) : 0;
    out->power_dw = ((f[20] & 0x10) && p_reg) ? (uint32_t)(p_par * 188ULL / 10 / p_reg) : 0;
    return true;
}

static void metering_task(void *arg)
{
    uint8_t frame[FRAME_LEN];
    TickType_t last_report = xTaskGetTickCount();
    for (;;) {
        int n = uart_read_bytes(MET_UART, frame, FRAME_LEN, pdMS_TO_TICKS(200));
        if (n == FRAME_LEN && parse_frame(frame, &s_last)) {
            if (s_last.current_ma > OVERCURRENT_MA) {
                ESP_LOGW(TAG, "overcurrent %" PRIu32 " mA, relay off", s_last.current_ma);
                app_driver_relay_off();
            }
        } else if (n > 0) {
            uart_flush_input(MET_UART);
        }
        if (xTaskGetTickCount() - last_report >= pdMS_TO_TICKS(REPORT_PERIOD_MS)) {
            last_report = xTaskGetTickCount();
            ESP_LOGI(TAG, "%u.%u V, %" PRIu32 " mA, %" PRIu32 ".%" PRIu32 " W", s_last.voltage_dv / 10,
                     s_last.voltage_dv % 10, s_last.current_ma, s_last.power_dw / 10, s_last.power_dw % 10);
        }
    }
}

void metering_last(metering_sample_t *out)
{
    *out = s_last;
}

esp_err_t metering_start(void)
{
    const uart_config_t cfg = {
        .baud_rate = 4800,
        .data_bits = UART_DATA_8_BITS,
        .parity = UART_PARITY_EVEN,
        .stop_bits = UART_STOP_BITS_1,
        .flow_ctrl = UART_HW_FLOWCTRL_DISABLE,
        .source_clk = UART_SCLK_DEFAULT,
    };
    ESP_RETURN_ON_ERROR(uart_driver_install(MET_UART, 256, 0, 0, NULL, 0), TAG, "driver");
    ESP_RETURN_ON_ERROR(uart_param_config(MET_UART, &cfg), TAG, "param");
    ESP_RETURN_ON_ERROR(uart_set_pin(MET_UART, UART_PIN_NO_CHANGE, MET_RX_GPIO, UART_PIN_NO_CHANGE,
                                     UART_PIN_NO_CHANGE), TAG, "pins");
    if (xTaskCreate(metering_task, "metering", 3072, NULL, 6, NULL) != pdPASS) {
        return ESP_ERR_NO_MEM;
    }
    return ESP_OK;
}
"""

HW_LED_H = """#pragma once
#include "esp_err.h"

typedef enum {
    HW_LED_OFF,
    HW_LED_ON,
    HW_LED_BREATHE,   /* provisioning */
    HW_LED_BLINK_2HZ, /* sensor error */
} hw_led_mode_t;

esp_err_t hw_led_init(int gpio);
esp_err_t hw_led_set(hw_led_mode_t mode);
"""

HW_LED_C = """#include <math.h>
#include "esp_log.h"
#include "esp_check.h"
#include "driver/ledc.h"
#include "esp_timer.h"
#include "hw_led.h"

static const char *TAG = "hw_led";

#define LED_TIMER   LEDC_TIMER_1
#define LED_CHANNEL LEDC_CHANNEL_1
#define LED_MODE    LEDC_LOW_SPEED_MODE
#define DUTY_MAX    1023
#define STEP_US     20000

static esp_timer_handle_t s_timer;
static hw_led_mode_t s_mode = HW_LED_OFF;
static uint32_t s_tick;

static void apply(uint32_t duty)
{
    ledc_set_duty(LED_MODE, LED_CHANNEL, duty);
    ledc_update_duty(LED_MODE, LED_CHANNEL);
}

static void step(void *arg)
{
    s_tick++;
    if (s_mode == HW_LED_BREATHE) {
        /* 3 s period; squared so the fade looks even to the eye */
        float x = (1.0f - cosf(2.0f * (float)M_PI * (s_tick % 150) / 150.0f)) / 2.0f;
        apply((uint32_t)(x * x * DUTY_MAX));
    } else if (s_mode == HW_LED_BLINK_2HZ) {
        apply((s_tick / 12) % 2 ? DUTY_MAX : 0);
    }
}

esp_err_t hw_led_init(int gpio)
{
    const ledc_timer_config_t tc = {
        .speed_mode = LED_MODE,
        .duty_resolution = LEDC_TIMER_10_BIT,
        .timer_num = LED_TIMER,
        .freq_hz = 5000,
        .clk_cfg = LEDC_AUTO_CLK,
    };
    ESP_RETURN_ON_ERROR(ledc_timer_config(&tc), TAG, "timer");
    const ledc_channel_config_t cc = {
        .gpio_num = gpio,
        .speed_mode = LED_MODE,
        .channel = LED_CHANNEL,
        .timer_sel = LED_TIMER,
        .duty = 0,
    };
    ESP_RETURN_ON_ERROR(ledc_channel_config(&cc), TAG, "channel");
    const esp_timer_create_args_t ta = {.callback = step, .name = "hw_led"};
    ESP_RETURN_ON_ERROR(esp_timer_create(&ta, &s_timer), TAG, "esp_timer");
    return ESP_OK;
}

esp_err_t hw_led_set(hw_led_mode_t mode)
{
    ESP_RETURN_ON_FALSE(s_timer, ESP_ERR_INVALID_STATE, TAG, "not initialised");
    s_mode = mode;
    s_tick = 0;
    esp_timer_stop(s_timer);
    if (mode == HW_LED_OFF || mode == HW_LED_ON) {
        apply(mode == HW_LED_ON ? DUTY_MAX : 0);
        return ESP_OK;
    }
    return esp_timer_start_periodic(s_timer, STEP_US);
}
"""

HW_SETTINGS_BLOB_C = """#include <string.h>
#include "nvs.h"
#include "esp_log.h"
#include "esp_check.h"
#include "hw_settings.h"

static const char *TAG = "hw_settings";
#define NS  "settings"
#define KEY "cfg"

typedef struct __attribute__((packed)) {
    uint8_t version;
    hw_settings_t s;
} blob_t;

static void defaults(hw_settings_t *s)
{
    s->setpoint_dc = 210;
    s->display_brightness = 70;
    s->comfort_dc = 215;
    s->eco_dc = 170;
    s->boost_min = 30;
}

static esp_err_t write_blob(nvs_handle_t h, const hw_settings_t *s)
{
    blob_t b = {.version = HW_SETTINGS_VERSION, .s = *s};
    ESP_RETURN_ON_ERROR(nvs_set_blob(h, KEY, &b, sizeof(b)), TAG, "set blob");
    return nvs_commit(h);
}

/* settings written by firmware <= 1.5.0: one key per field */
static esp_err_t migrate_keys(nvs_handle_t h, hw_settings_t *out)
{
    nvs_get_i16(h, "setpoint", &out->setpoint_dc);
    nvs_get_u8(h, "brightness", &out->display_brightness);
    nvs_get_i16(h, "comfort", &out->comfort_dc);
    nvs_get_i16(h, "eco", &out->eco_dc);
    nvs_get_u16(h, "boost_min", &out->boost_min);
    ESP_RETURN_ON_ERROR(write_blob(h, out), TAG, "write migrated blob");
    const char *old[] = {"setpoint", "brightness", "comfort", "eco", "boost_min"};
    for (size_t i = 0; i < sizeof(old) / sizeof(old[0]); i++) {
        nvs_erase_key(h, old[i]);
    }
    ESP_LOGI(TAG, "migrated single keys to blob v%d", HW_SETTINGS_VERSION);
    return nvs_commit(h);
}

esp_err_t hw_settings_load(hw_settings_t *out)
{
    nvs_handle_t h;
    defaults(out);
    ESP_RETURN_ON_ERROR(nvs_open(NS, NVS_READWRITE, &h), TAG, "nvs_open");
    blob_t b;
    size_t len = sizeof(b);
    esp_err_t err = nvs_get_blob(h, KEY, &b, &len);
    if (err == ESP_OK && len == sizeof(b) && b.version == HW_SETTINGS_VERSION) {
        *out = b.s;
    } else if (err == ESP_ERR_NVS_NOT_FOUND) {
        err = migrate_keys(h, out);
    } else {
        ESP_LOGW(TAG, "blob version %d / %u bytes not understood, using defaults", b.version, (unsigned)len);
        err = ESP_OK;
    }
    nvs_close(h);
    return err;
}

esp_err_t hw_settings_save(const hw_settings_t *s)
{
    nvs_handle_t h;
    ESP_RETURN_ON_ERROR(nvs_open(NS, NVS_READWRITE, &h), TAG, "nvs_open");
    esp_err_t err = write_blob(h, s);
    nvs_close(h);
    return err;
}
"""

ROLLBACK_C = """#include "esp_log.h"
#include "esp_ota_ops.h"
#include "esp_partition.h"
#include "sdkconfig.h"

static const char *TAG = "rollback";

static const char *state_name(esp_ota_img_states_t s)
{
    switch (s) {
    case ESP_OTA_IMG_NEW: return "NEW";
    case ESP_OTA_IMG_PENDING_VERIFY: return "PENDING_VERIFY";
    case ESP_OTA_IMG_VALID: return "VALID";
    case ESP_OTA_IMG_INVALID: return "INVALID";
    case ESP_OTA_IMG_ABORTED: return "ABORTED";
    default: return "UNDEFINED";
    }
}

void app_main(void)
{
    const esp_partition_t *run = esp_ota_get_running_partition();
    const esp_app_desc_t *desc = esp_app_get_description();
    ESP_LOGI(TAG, "running '%s' at 0x%" PRIx32 ", version %s", run->label, run->address, desc->version);

    esp_ota_img_states_t st;
    if (esp_ota_get_state_partition(run, &st) == ESP_OK) {
        ESP_LOGI(TAG, "ota state: %s", state_name(st));
        if (st == ESP_OTA_IMG_PENDING_VERIFY) {
#if CONFIG_ROLLBACK_TEST_HANG
            ESP_LOGW(TAG, "ROLLBACK_TEST_HANG: not confirming, reset me");
#else
            esp_ota_mark_app_valid_cancel_rollback();
            ESP_LOGI(TAG, "marked valid");
#endif
        }
    } else {
        ESP_LOGI(TAG, "ota state: n/a (factory partition has no ota state)");
    }
    const esp_partition_t *next = esp_ota_get_next_update_partition(NULL);
    ESP_LOGI(TAG, "next update slot: '%s'", next ? next->label : "none");
}
"""

LOG_150 = """c41e9d2 hw_ota: self-test window and https update
7be0a14 thermo: heap stats every minute
9a41c3e test_apps: sht4x bring-up app
2c8d5f1 hw_settings: comfort/eco temperature and boost duration
5d0e2b7 hw_sensors: SHT41 driver, 5 s measurement task, thermo logs readings
6e25f08 hw_wifi: log disconnect reason
f0c19a3 ui: boost button on the main screen
8b2d4e6 ui: eco/comfort toggle on long press
a3e7c51 ci: keep sdkconfig.json as artifact
d91f0b4 tests: boot test waits for ui: started
47ac2e8 ui: fix brightness slider rounding at 100 %
e5b3d19 hw_prov: stop BLE after 10 min on the provisioning screen
0f8a6c2 ui: schedule screen layout for 320x240
93d1e7a thermo: sdkconfig.defaults enables app rollback
b6c402f ui: translate settings screen (de/en)
1a9f3d5 hw_wifi: reconnect backoff capped at 60 s
7e0b2c8 ci: hwtest job on the rack runner
c2f7a91 tests: pytest.ini adds esp,idf services
58d0e3b ui: font subset for the temperature digits
2e4b9f6 hw_prov: BLE name WT2-<last 4 of MAC>
4f6c1d0 thermo: partitions.csv with fctry at 0x7f0000
9b7e2a4 ui: night dimming hook (no sensor yet)"""

PYTEST_STACK = pytest_head(2) + f"""
tests/thermo/test_sensors.py .F                                          [100%]

=================================== FAILURES ===================================
_____________________________ test_sensor_average ______________________________

dut = <pytest_embedded_idf.dut.IdfDut object at 0x7f3c2a1e5d30>

    @pytest.mark.thermo
    def test_sensor_average(dut: IdfDut) -> None:
        dut.expect_exact('main_task: Calling app_main()')
>       m = dut.expect(r'hw_sensors: avg T=(-?\\d+\\.\\d+) C \\(min (-?\\d+\\.\\d+) max (-?\\d+\\.\\d+), n=(\\d)\\)', timeout=60)

tests/thermo/test_sensors.py:18: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
../../.espressif/python_env/idf5.3_py3.12_env/lib/python3.12/site-packages/pytest_embedded/dut.py:83: in wrapper
    raise e.__class__(debug_str) from e
E   pexpect.exceptions.TIMEOUT: Not found "re.compile(b'hw_sensors: avg T=(-?\\\\d+\\\\.\\\\d+) C \\\\(min (-?\\\\d+\\\\.\\\\d+) max (-?\\\\d+\\\\.\\\\d+), n=(\\\\d)\\\\)')"
E   Bytes in current buffer (color code eliminated): I (1187) hw_sensors: sht4x serial 0x0f3a91c2 I (1203) ui: started I (1951) hw_wifi: got ip 192.168.178.63 I (6197) thermo: T=22.38 C RH=41.7 %  ***ERROR*** A stack overflow in task sht4x has been detected.   Backtrace: 0x40375c8e:0x3fcb6f30 0x4037d2e9:0x3fcb6f50 0x4037e0b6:0x3fcb6f70 0x4037f3c4:0x3fcb6ff0 0x4037e1a8:0x3fcb7020 0x4037e19e:0x3fcb7040 0x420121fa:0x3fcb7060 0x4201f3e1:0x3fcb7080   ELF file SHA256: 4c1f0e9a7b2d5e31  Rebooting... ESP-ROM:esp32s3-20210327 Build:Mar 27 2021 rst:0xc (RTC_SW_CPU_RST),boot:0x8 (SPI_FAST_FLASH_BOOT) Saved PC:0x40375d41 ... I (292) main_task: Calling app_main() I (1185) hw_sensors: sht4x serial 0x0f3a91c2 I (1201) ui: started I (1948) hw_wifi: got ip 192.168.178.63 I (6195) thermo: T=22.41 C RH=41.6 %  ***ERROR*** A stack overflow in task sht4x has been detected. (total 11214 bytes)
E   Please check the full log here: /tmp/pytest-embedded/2026-09-22_10-41-07-512873/test_sensor_average/dut.txt

../../.espressif/python_env/idf5.3_py3.12_env/lib/python3.12/site-packages/pexpect/expect.py:181: TIMEOUT
=========================== short test summary info ============================
FAILED tests/thermo/test_sensors.py::test_sensor_average - pexpect.exceptions.TIMEOUT: Not found "re.compile(b'hw_sensors: avg T=(-?\\\\d+\\\\.\\\\d+) C \\\\(min (-?\\\\d+\\\\.\\\\d+) max (-?\\\\d+\\\\.\\\\d+), n=(\\\\d)\\\\)')"
==================== 1 failed, 1 passed in 97.41s (0:01:37) ===================="""

SIZE_COMPONENTS = f"""Executing action: size-components
Running ninja in directory {THERMO}/build
Executing "ninja size-components"...
[1/1] cd {THERMO}/build && {PY} -m esp_idf_size --ng --archives {THERMO}/build/hw_thermo.map
                                      Per-archive contributions to ELF file
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━┓
┃ Archive File              ┃ Total Size ┃ DRAM .bss ┃ DRAM .data ┃ Flash Code ┃ Flash Data ┃ IRAM .text┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━┩
│ libnet80211.a             │     253721 │      8721 │       2532 │     190144 │      31120 │     21204 │
│ liblvgl__lvgl.a           │     236514 │     10488 │        116 │     178402 │      47508 │         0 │
│ libbt.a                   │     200884 │     21736 │       1104 │     159220 │      16402 │      2422 │
│ libmbedcrypto.a           │     106113 │       100 │         84 │      88871 │      17058 │         0 │
│ libc.a                    │      94071 │       316 │          0 │      87219 │       6536 │         0 │
│ liblwip.a                 │      90412 │      4193 │         12 │      83014 │       3193 │         0 │
│ libpp.a                   │      82143 │      1252 │        936 │      45920 │       5114 │     28921 │
│ libwpa_supplicant.a       │      74566 │       804 │          6 │      67321 │       6435 │         0 │
│ libmain.a                 │      62180 │       233 │         16 │       9148 │      52783 │         0 │
│ libesp_hw_support.a       │      38712 │       532 │       2060 │      12871 │       5036 │     18213 │
│ libfreertos.a             │      26440 │     12001 │       1748 │        102 │       1322 │     11267 │
│ libphy.a                  │      25813 │      1297 │          0 │      18204 │          0 │      6312 │
│ libespressif__esp_lvgl_p… │      21004 │       192 │          8 │      17388 │       3416 │         0 │
│ libesp_system.a           │      19822 │       604 │        488 │       8012 │       2471 │      8247 │
│ libspi_flash.a            │      19021 │       420 │       1032 │       2213 │       1180 │     14176 │
│ libheap.a                 │      15844 │        12 │       4120 │       3001 │       1044 │      7667 │
│ libprotocomm.a            │      14633 │       124 │          0 │      12510 │       1999 │         0 │
│ libwifi_provisioning.a    │      13104 │        88 │          0 │      11270 │       1746 │         0 │
│ libesp_lcd.a              │      11987 │        24 │          0 │       9301 │       2662 │         0 │
│ libhw_prov.a              │       8412 │        36 │          0 │       6870 │       1506 │         0 │
│ libhw_ota.a               │       5204 │         8 │          0 │       4172 │       1024 │         0 │
│ libhw_wifi.a              │       3471 │         8 │          0 │       2883 │        580 │         0 │
│ libhw_sensors.a           │       3318 │        44 │          0 │       2760 │        514 │         0 │
│ libhw_led.a               │       2506 │        16 │          0 │       2104 │        386 │         0 │
│ libhw_settings.a          │       2213 │         0 │          0 │       1868 │        345 │         0 │
│ (… 61 more archives below 2 kB, 48917 bytes in total)                                                  │
└───────────────────────────┴────────────┴───────────┴────────────┴────────────┴────────────┴───────────┘"""


def _flash_thermo(stop=None):
    b = THERMO + "/build"
    size = 0x17c4e0
    head = ["Executing action: flash", f"Running ninja in directory {b}", 'Executing "ninja flash"...',
            "[1/5] " + sizes_line(THERMO, "hw_thermo", size, 0x300000),
            "[2/5] " + boot_lines(THERMO, "esp32s3", 0x0, 0x5240),
            "[3/5] No install step for 'bootloader'", "[4/5] Completed 'bootloader'",
            f"[4/5] cd {IDF}/components/esptool_py && {CMAKE} -D IDF_PATH={IDF} "
            f"-D \"SERIAL_TOOL={PY};;{IDF}/components/esptool_py/esptool/esptool.py;--chip;esp32s3\" "
            f"-D \"SERIAL_TOOL_ARGS=--before=default_reset;--after=hard_reset;write_flash;@flash_args\" "
            f"-D WORKING_DIRECTORY={b} -P {IDF}/components/esptool_py/run_serial_tool.cmake",
            "esptool.py --chip esp32s3 -p /dev/ttyACM0 -b 460800 --before=default_reset --after=hard_reset write_flash "
            "--flash_mode dio --flash_freq 80m --flash_size 8MB 0x0 bootloader/bootloader.bin 0x10000 hw_thermo.bin "
            "0x8000 partition_table/partition-table.bin 0xd000 ota_data_initial.bin"]
    segs = [(0x0, 21056, 13345, 0.3), (0x10000, size, 921044, 12.9), (0x8000, 3072, 123, 0.0), (0xd000, 8192, 31, 0.1)]
    if stop is None:
        return "\n".join(head + [esptool_write("esp32s3", "/dev/ttyACM0", S3DESC, S3MAC, segs), "Done"])
    full = esptool_write("esp32s3", "/dev/ttyACM0", S3DESC, S3MAC, segs).split("\n")
    k = full.index(f"Compressed {size} bytes to 921044...")
    part = full[:k + 1] + writing_lines(0x10000, size, 921044, stop_pct=stop)
    tail = ["", "A fatal error occurred: Serial data stream stopped: Possible serial noise or corruption.",
            "CMake Error at run_serial_tool.cmake:66 (message):", "  ",
            f"  {PY};;{IDF}/components/esptool_py/esptool/esptool.py;--chip;esp32s3", "  failed.", "", "", "",
            f"FAILED: CMakeFiles/flash {b}/CMakeFiles/flash ",
            f"cd {IDF}/components/esptool_py && {CMAKE} -D IDF_PATH={IDF} -D \"SERIAL_TOOL={PY};;{IDF}/components/"
            f"esptool_py/esptool/esptool.py;--chip;esp32s3\" -D \"SERIAL_TOOL_ARGS=--before=default_reset;"
            f"--after=hard_reset;write_flash;@flash_args\" -D WORKING_DIRECTORY={b} -P {IDF}/components/esptool_py/"
            f"run_serial_tool.cmake",
            "ninja: build stopped: subcommand failed.", idf_log(THERMO, 50977)]
    return "\n".join(head + part + tail)


FLASH_THERMO_OK = _flash_thermo()
FLASH_NOISE = _flash_thermo(stop=35)


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "esp-idf.jsonl"), os.path.join(HERE, "tune", "esp-idf.labels.json"))
    print(f"esp-idf -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
