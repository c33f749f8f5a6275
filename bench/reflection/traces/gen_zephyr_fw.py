"""zephyr-fw: Rosa Lindqvist, embedded firmware engineer on the SoilProbe BLE soil sensor (held aside).

Stack: nRF Connect SDK v3.2.1 (Zephyr 4.2.99) workspace application `soilprobe` (the west manifest repo,
T2 topology, workspace at /home/rosa/ncs), sysbuild, nRF52840 DK (`nrf52840dk/nrf52840`) and the in-repo
board `soilprobe/nrf52840` (revisions B and C, HWMv2), Kconfig fragments (prj.conf, prj_release.conf via
FILE_SUFFIX=release, overlay-rtt.conf), devicetree overlays, ztest suites run with twister on
native_sim/native/64, west flash through the nrfjprog runner (DK's J-Link OB, a J-Link EDU Mini for the
rev-C boards), serial console via pyserial (tools/uart_capture.py; minicom on Rosa's side), BLE checks from
the laptop with bleak (tools/ble_probe.py, tools/adv_scan.py), PPK2 current measurements (tools/ppk_measure.py),
GitLab + glab.

Written blind for fresh/ (see zephyr-fw.md); measured once held out (round 8), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "rosa"
WS = "/home/rosa/ncs"
R = "/home/rosa/ncs/soilprobe"
ZB = "/home/rosa/ncs/zephyr"
MODEL = "claude-opus-4-6"
TC = "/home/rosa/ncs/toolchains/b8efef2ad5"
SDK = f"{TC}/opt/zephyr-sdk"
CMAKE = f"{TC}/usr/local/bin/cmake"
PY = f"{TC}/usr/local/bin/python3.12"
GCC = f"{SDK}/arm-zephyr-eabi/bin/arm-zephyr-eabi-gcc"
LD = f"{SDK}/arm-zephyr-eabi/bin/../lib/gcc/arm-zephyr-eabi/12.2.0/../../../../arm-zephyr-eabi/bin/ld.bfd"
GL_HOST = "gitlab.loamwise.io"
GL_PROJ = "firmware/soilprobe"
BANNER = "*** Booting nRF Connect SDK v3.2.1-d8887f6f32df ***\n*** Using Zephyr OS v4.2.99-ec78104f1569 ***"
DK_SNR = "683915204"
EDU_SNR = "801046813"
DK_ADDR = "E4:1C:9A:37:52:0B"
DK_NAME = "SoilProbe-520B"
RC_ADDR = "C7:33:5E:10:7F:21"
RC_NAME = "SoilProbe-7F21"

# own RNG for hashes, timings and ids so the Dev RNG stays untouched
HX = random.Random(20260817)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def ms(lo, hi):
    return HX.randint(lo, hi)


# ------------------------------------------------------------------ project files (virtual file system)

FILES = {
    P("README.md"): """# soilprobe

Firmware for the Loamwise SoilProbe: a battery powered capacitive soil moisture + SHT40 temperature/humidity
probe that advertises over BLE and is read by the Loamwise app and the field gateways.

nRF Connect SDK v3.2.1 workspace application. This repository is the west manifest:

```
mkdir ncs && cd ncs
west init -m git@gitlab.loamwise.io:firmware/soilprobe.git
west update
```

## Boards

| target | what |
|---|---|
| `nrf52840dk/nrf52840` | nRF52840 DK with the probe front-end on the Arduino header (bench setup) |
| `soilprobe/nrf52840` | our board, `boards/loamwise/soilprobe`, revision B (default) |
| `soilprobe@C/nrf52840` | revision C (divider on AIN3, SWD on Tag-Connect) |

## Build, flash

```
west build -b nrf52840dk/nrf52840                      # debug, build/
west build -b soilprobe/nrf52840 -d build_sp           # our board
west build -b <board> -d build_rel -- -DFILE_SUFFIX=release   # release: prj_release.conf, no logging
west flash [-d <dir>] [--dev-id <J-Link SN>]
```

RTT logging instead of UART: `-- -DEXTRA_CONF_FILE=overlay-rtt.conf`.

## Tests

Unit tests are ztest suites under `tests/`, run on the host:

```
west twister -T tests -p native_sim/native/64 -v --inline-logs
```

(native_sim/native/64 because the 32-bit native_sim needs gcc-multilib, which the build machines don't have.)

## Tools

- `tools/uart_capture.py` - capture the UART log (optionally resets the board first)
- `tools/ble_probe.py` - read/notify the Soil service from the laptop (bleak)
- `tools/adv_scan.py` - scan advertisements, RSSI and interval
- `tools/ppk_measure.py` - average current with a PPK2 in source-meter mode

`pip install -r tools/requirements.txt` into `.venv`.
""",
    P("CMakeLists.txt"): """cmake_minimum_required(VERSION 3.20.0)

find_package(Zephyr REQUIRED HINTS $ENV{ZEPHYR_BASE})
project(soilprobe LANGUAGES C)

target_sources(app PRIVATE
  src/main.c
  src/ble.c
  src/moisture.c
  src/sensors.c
)
""",
    P("VERSION"): """VERSION_MAJOR = 0
VERSION_MINOR = 7
PATCHLEVEL = 0
VERSION_TWEAK = 0
EXTRAVERSION =
""",
    P("Kconfig"): """# SoilProbe application options

menu "SoilProbe"

config SOILPROBE_SAMPLE_INTERVAL_S
	int "Sensor sampling interval (seconds)"
	default 60
	range 5 3600

config SOILPROBE_ADV_INTERVAL_MS
	int "Advertising interval (ms)"
	default 1000
	range 100 10240

config SOILPROBE_MOISTURE_SETTLE_MS
	int "Moisture probe excitation settle time (ms)"
	default 5

endmenu

source "Kconfig.zephyr"
""",
    P("prj.conf"): """# Logging
CONFIG_LOG=y
CONFIG_LOG_MODE_DEFERRED=y

# Bluetooth LE peripheral
CONFIG_BT=y
CONFIG_BT_PERIPHERAL=y
CONFIG_BT_DEVICE_NAME="SoilProbe"
CONFIG_BT_DEVICE_NAME_DYNAMIC=y
CONFIG_BT_DIS=y
CONFIG_BT_DIS_MANUF="Loamwise"
CONFIG_BT_DIS_MODEL="SoilProbe"
CONFIG_BT_DIS_FW_REV=y
CONFIG_BT_DIS_FW_REV_STR="0.7.0"
CONFIG_BT_BAS=y
CONFIG_BT_L2CAP_TX_MTU=247
CONFIG_BT_BUF_ACL_RX_SIZE=251
CONFIG_BT_BUF_ACL_TX_SIZE=251

# Front-end
CONFIG_GPIO=y
CONFIG_ADC=y
CONFIG_I2C=y

# No dynamic allocation in this firmware
CONFIG_HEAP_MEM_POOL_SIZE=0
CONFIG_MAIN_STACK_SIZE=2048
""",
    P("prj_release.conf"): """# Release configuration, used with -DFILE_SUFFIX=release (replaces prj.conf)
CONFIG_LOG=n
CONFIG_SERIAL=n
CONFIG_CONSOLE=n
CONFIG_UART_CONSOLE=n
CONFIG_ASSERT=n

# Bluetooth LE peripheral
CONFIG_BT=y
CONFIG_BT_PERIPHERAL=y
CONFIG_BT_DEVICE_NAME="SoilProbe"
CONFIG_BT_DEVICE_NAME_DYNAMIC=y
CONFIG_BT_DIS=y
CONFIG_BT_DIS_MANUF="Loamwise"
CONFIG_BT_DIS_MODEL="SoilProbe"
CONFIG_BT_DIS_FW_REV=y
CONFIG_BT_DIS_FW_REV_STR="0.7.0"
CONFIG_BT_BAS=y
CONFIG_BT_L2CAP_TX_MTU=247
CONFIG_BT_BUF_ACL_RX_SIZE=251
CONFIG_BT_BUF_ACL_TX_SIZE=251

# Front-end
CONFIG_GPIO=y
CONFIG_ADC=y
CONFIG_I2C=y

CONFIG_HEAP_MEM_POOL_SIZE=0
CONFIG_MAIN_STACK_SIZE=2048

CONFIG_SOILPROBE_ADV_INTERVAL_MS=1000

# Shipped units: lock the debug port
CONFIG_NRF_APPROTECT_LOCK=y
""",
    P("overlay-rtt.conf"): """# Debug: logs over SEGGER RTT instead of the UART
# west build ... -- -DEXTRA_CONF_FILE=overlay-rtt.conf
CONFIG_USE_SEGGER_RTT=y
CONFIG_LOG_BACKEND_RTT=y
CONFIG_LOG_BACKEND_UART=n
CONFIG_RTT_CONSOLE=y
CONFIG_UART_CONSOLE=n
""",
    P("boards/nrf52840dk_nrf52840.overlay"): """/*
 * Probe front-end on the DK's Arduino header:
 *  - capacitive probe output on A1 (P0.03 / AIN1)
 *  - probe excitation enable on P0.28
 */
#include <zephyr/dt-bindings/adc/adc.h>
#include <zephyr/dt-bindings/adc/nrf-saadc.h>

/ {
	zephyr,user {
		io-channels = <&adc 1>;
		moisture-power-gpios = <&gpio0 28 GPIO_ACTIVE_HIGH>;
	};
};

&adc {
	#address-cells = <1>;
	#size-cells = <0>;
	status = "okay";

	channel@1 {
		reg = <1>;
		zephyr,gain = "ADC_GAIN_1_6";
		zephyr,reference = "ADC_REF_INTERNAL";
		zephyr,acquisition-time = <ADC_ACQ_TIME(ADC_ACQ_TIME_MICROSECONDS, 40)>;
		zephyr,input-positive = <NRF_SAADC_AIN1>;
		zephyr,resolution = <12>;
	};
};
""",
    P("boards/loamwise/soilprobe/board.yml"): """board:
  name: soilprobe
  full_name: Loamwise SoilProbe
  vendor: loamwise
  revision:
    format: letter
    default: "B"
    revisions:
      - name: "B"
      - name: "C"
  socs:
    - name: nrf52840
""",
    P("boards/loamwise/soilprobe/board.cmake"): """board_runner_args(jlink "--device=nRF52840_xxAA" "--speed=4000")
include(${ZEPHYR_BASE}/boards/common/nrfjprog.board.cmake)
include(${ZEPHYR_BASE}/boards/common/nrfutil.board.cmake)
include(${ZEPHYR_BASE}/boards/common/jlink.board.cmake)
""",
    P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"): """/dts-v1/;
#include <nordic/nrf52840_qiaa.dtsi>
#include <zephyr/dt-bindings/adc/adc.h>
#include <zephyr/dt-bindings/adc/nrf-saadc.h>
#include "soilprobe_nrf52840-pinctrl.dtsi"

/ {
	model = "Loamwise SoilProbe";
	compatible = "loamwise,soilprobe";

	chosen {
		zephyr,console = &uart0;
		zephyr,shell-uart = &uart0;
		zephyr,sram = &sram0;
		zephyr,flash = &flash0;
		zephyr,code-partition = &code_partition;
	};

	zephyr,user {
		io-channels = <&adc 1>;
		moisture-power-gpios = <&gpio0 13 GPIO_ACTIVE_HIGH>;
	};

	leds {
		compatible = "gpio-leds";
		led_status: led_0 {
			gpios = <&gpio0 15 GPIO_ACTIVE_LOW>;
		};
	};
};

&gpiote {
	status = "okay";
};

&gpio0 {
	status = "okay";
};

&uart0 {
	compatible = "nordic,nrf-uarte";
	status = "okay";
	current-speed = <115200>;
	pinctrl-0 = <&uart0_default>;
	pinctrl-1 = <&uart0_sleep>;
	pinctrl-names = "default", "sleep";
};

&i2c0 {
	compatible = "nordic,nrf-twim";
	status = "okay";
	clock-frequency = <I2C_BITRATE_STANDARD>;
	pinctrl-0 = <&i2c0_default>;
	pinctrl-1 = <&i2c0_sleep>;
	pinctrl-names = "default", "sleep";
};

&adc {
	#address-cells = <1>;
	#size-cells = <0>;
	status = "okay";

	channel@1 {
		reg = <1>;
		zephyr,gain = "ADC_GAIN_1_6";
		zephyr,reference = "ADC_REF_INTERNAL";
		zephyr,acquisition-time = <ADC_ACQ_TIME(ADC_ACQ_TIME_MICROSECONDS, 40)>;
		zephyr,input-positive = <NRF_SAADC_AIN1>;
		zephyr,resolution = <12>;
	};
};

&flash0 {
	partitions {
		compatible = "fixed-partitions";
		#address-cells = <1>;
		#size-cells = <1>;

		code_partition: partition@0 {
			label = "code";
			reg = <0x00000000 0x000f8000>;
		};

		storage_partition: partition@f8000 {
			label = "storage";
			reg = <0x000f8000 0x00008000>;
		};
	};
};
""",
    P("boards/loamwise/soilprobe/soilprobe_nrf52840_C.overlay"): """/*
 * Revision C: battery divider (1M/1M) on AIN3, enabled by P0.30,
 * probe excitation moved to P0.14.
 */
/ {
	zephyr,user {
		moisture-power-gpios = <&gpio0 14 GPIO_ACTIVE_HIGH>;
	};
};
""",
    P("zephyr/module.yml"): """build:
  settings:
    board_root: .
""",
    P("src/sample.h"): """#ifndef SOILPROBE_SAMPLE_H_
#define SOILPROBE_SAMPLE_H_

#include <stdbool.h>
#include <stdint.h>

struct soil_sample {
	int32_t moisture_mv;  /* probe output after the divider, mV */
	uint16_t vwc_centi;   /* volumetric water content, 0.01 % */
	int16_t temp_centi;   /* 0.01 degC */
	uint16_t rh_centi;    /* 0.01 %RH */
	bool env_valid;       /* temp/rh valid */
};

#endif /* SOILPROBE_SAMPLE_H_ */
""",
    P("src/main.c"): """/*
 * Copyright (c) 2026 Loamwise GmbH
 * SPDX-License-Identifier: LicenseRef-Loamwise
 */

#include <zephyr/kernel.h>
#include <zephyr/logging/log.h>
#include <app_version.h>

#include "ble.h"
#include "moisture.h"
#include "sample.h"
#include "sensors.h"

LOG_MODULE_REGISTER(main, LOG_LEVEL_INF);

int main(void)
{
	int err;

	LOG_INF("soilprobe %s (%s)", APP_VERSION_STRING, CONFIG_BOARD_TARGET);

	err = moisture_init();
	if (err) {
		LOG_ERR("moisture front-end init failed (%d)", err);
		return 0;
	}

	err = sensors_init();
	if (err) {
		LOG_WRN("SHT40 not available (%d), temperature/humidity disabled", err);
	}

	err = ble_init();
	if (err) {
		LOG_ERR("BLE init failed (%d)", err);
		return 0;
	}

	while (1) {
		struct soil_sample s = {0};

		moisture_read(&s);
		sensors_read(&s);
		ble_update(&s);

		LOG_INF("moisture %d mV vwc=%u.%02u%% temp=%d.%02dC rh=%u.%02u%%", s.moisture_mv,
			s.vwc_centi / 100, s.vwc_centi % 100, s.temp_centi / 100, s.temp_centi % 100,
			s.rh_centi / 100, s.rh_centi % 100);

		k_sleep(K_SECONDS(CONFIG_SOILPROBE_SAMPLE_INTERVAL_S));
	}

	return 0;
}
""",
    P("src/moisture.h"): """#ifndef SOILPROBE_MOISTURE_H_
#define SOILPROBE_MOISTURE_H_

#include "sample.h"

int moisture_init(void);
int moisture_read(struct soil_sample *s);

#endif /* SOILPROBE_MOISTURE_H_ */
""",
    P("src/moisture.c"): """/*
 * Capacitive moisture probe: excitation switched by a GPIO, output read on the SAADC.
 * Output voltage falls as the soil gets wetter.
 */

#include <zephyr/kernel.h>
#include <zephyr/drivers/adc.h>
#include <zephyr/drivers/gpio.h>
#include <zephyr/logging/log.h>

#include "moisture.h"

LOG_MODULE_REGISTER(moisture, LOG_LEVEL_INF);

/* Bench calibration of probe #3 (dry air / water cup) */
#define DRY_MV 2710
#define WET_MV 1180

static const struct adc_dt_spec probe = ADC_DT_SPEC_GET(DT_PATH(zephyr_user));
static const struct gpio_dt_spec probe_pwr =
	GPIO_DT_SPEC_GET(DT_PATH(zephyr_user), moisture_power_gpios);

static int16_t raw;
static struct adc_sequence seq = {
	.buffer = &raw,
	.buffer_size = sizeof(raw),
};

int moisture_init(void)
{
	int err;

	if (!adc_is_ready_dt(&probe) || !gpio_is_ready_dt(&probe_pwr)) {
		return -ENODEV;
	}

	err = gpio_pin_configure_dt(&probe_pwr, GPIO_OUTPUT_INACTIVE);
	if (err) {
		return err;
	}

	err = adc_channel_setup_dt(&probe);
	if (err) {
		return err;
	}

	return adc_sequence_init_dt(&probe, &seq);
}

static uint16_t mv_to_vwc_centi(int32_t mv)
{
	if (mv >= DRY_MV) {
		return 0;
	}
	if (mv <= WET_MV) {
		return 10000;
	}
	return (uint16_t)(((DRY_MV - mv) * 10000) / (DRY_MV - WET_MV));
}

int moisture_read(struct soil_sample *s)
{
	int32_t mv;
	int err;

	gpio_pin_set_dt(&probe_pwr, 1);
	k_msleep(CONFIG_SOILPROBE_MOISTURE_SETTLE_MS);
	err = adc_read_dt(&probe, &seq);
	gpio_pin_set_dt(&probe_pwr, 0);
	if (err) {
		LOG_WRN("adc_read failed (%d)", err);
		return err;
	}

	mv = raw;
	adc_raw_to_millivolts_dt(&probe, &mv);

	s->moisture_mv = mv;
	s->vwc_centi = mv_to_vwc_centi(mv);
	return 0;
}
""",
    P("src/sensors.h"): """#ifndef SOILPROBE_SENSORS_H_
#define SOILPROBE_SENSORS_H_

#include "sample.h"

int sensors_init(void);
int sensors_read(struct soil_sample *s);

#endif /* SOILPROBE_SENSORS_H_ */
""",
    P("src/sensors.c"): """/*
 * SHT40 on i2c0, talked to directly (TODO: move to the Zephyr sht4x driver).
 */

#include <zephyr/kernel.h>
#include <zephyr/drivers/i2c.h>
#include <zephyr/logging/log.h>
#include <zephyr/sys/byteorder.h>
#include <zephyr/sys/util.h>

#include "sensors.h"

LOG_MODULE_REGISTER(sensors, LOG_LEVEL_INF);

#define SHT4X_ADDR             0x44
#define SHT4X_CMD_MEASURE_HIGH 0xFD

static const struct device *const i2c = DEVICE_DT_GET(DT_NODELABEL(i2c0));

int sensors_init(void)
{
	return device_is_ready(i2c) ? 0 : -ENODEV;
}

int sensors_read(struct soil_sample *s)
{
	uint8_t cmd = SHT4X_CMD_MEASURE_HIGH;
	uint8_t rx[6];
	int err;

	s->env_valid = false;

	err = i2c_write(i2c, &cmd, 1, SHT4X_ADDR);
	if (err) {
		return err;
	}
	k_msleep(10);
	err = i2c_read(i2c, rx, sizeof(rx), SHT4X_ADDR);
	if (err) {
		return err;
	}

	/* TODO: check the CRC bytes rx[2] and rx[5] */
	int32_t t_ticks = sys_get_be16(&rx[0]);
	int32_t rh_ticks = sys_get_be16(&rx[3]);

	s->temp_centi = (int16_t)(-4500 + (17500 * t_ticks) / 65535);
	s->rh_centi = (uint16_t)CLAMP(-600 + (12500 * rh_ticks) / 65535, 0, 10000);
	s->env_valid = true;
	return 0;
}
""",
    P("src/ble.h"): """#ifndef SOILPROBE_BLE_H_
#define SOILPROBE_BLE_H_

#include "sample.h"

int ble_init(void);
void ble_update(const struct soil_sample *s);

#endif /* SOILPROBE_BLE_H_ */
""",
    P("src/ble.c"): """/*
 * Soil service (custom 128-bit UUIDs) + DIS + BAS, connectable advertising.
 */

#include <stdio.h>

#include <zephyr/kernel.h>
#include <zephyr/logging/log.h>
#include <zephyr/bluetooth/bluetooth.h>
#include <zephyr/bluetooth/conn.h>
#include <zephyr/bluetooth/gatt.h>
#include <zephyr/bluetooth/uuid.h>
#include <zephyr/sys/byteorder.h>

#include "ble.h"

LOG_MODULE_REGISTER(ble, LOG_LEVEL_INF);

/* 6e4f1a0n-5c1e-4b2d-9d3a-b0a7c1d50000 */
#define SOIL_UUID(n) BT_UUID_128_ENCODE(0x6e4f1a00 + (n), 0x5c1e, 0x4b2d, 0x9d3a, 0xb0a7c1d50000)

static const struct bt_uuid_128 soil_svc_uuid = BT_UUID_INIT_128(SOIL_UUID(0));
static const struct bt_uuid_128 vwc_uuid = BT_UUID_INIT_128(SOIL_UUID(1));
static const struct bt_uuid_128 temp_uuid = BT_UUID_INIT_128(SOIL_UUID(2));
static const struct bt_uuid_128 rh_uuid = BT_UUID_INIT_128(SOIL_UUID(3));
static const struct bt_uuid_128 raw_uuid = BT_UUID_INIT_128(SOIL_UUID(4));

#define ADV_INT BT_GAP_MS_TO_ADV_INTERVAL(CONFIG_SOILPROBE_ADV_INTERVAL_MS)

static struct soil_sample last;
static uint16_t raw_mv;

static ssize_t read_u16(struct bt_conn *conn, const struct bt_gatt_attr *attr, void *buf,
			uint16_t len, uint16_t offset)
{
	uint16_t le = sys_cpu_to_le16(*(const uint16_t *)attr->user_data);

	return bt_gatt_attr_read(conn, attr, buf, len, offset, &le, sizeof(le));
}

static void ccc_changed(const struct bt_gatt_attr *attr, uint16_t value)
{
	LOG_INF("notifications %s", value == BT_GATT_CCC_NOTIFY ? "on" : "off");
}

BT_GATT_SERVICE_DEFINE(soil_svc,
	BT_GATT_PRIMARY_SERVICE(&soil_svc_uuid),
	BT_GATT_CHARACTERISTIC(&vwc_uuid.uuid, BT_GATT_CHRC_READ | BT_GATT_CHRC_NOTIFY,
			       BT_GATT_PERM_READ, read_u16, NULL, &last.vwc_centi),
	BT_GATT_CCC(ccc_changed, BT_GATT_PERM_READ | BT_GATT_PERM_WRITE),
	BT_GATT_CHARACTERISTIC(&temp_uuid.uuid, BT_GATT_CHRC_READ | BT_GATT_CHRC_NOTIFY,
			       BT_GATT_PERM_READ, read_u16, NULL, &last.temp_centi),
	BT_GATT_CCC(ccc_changed, BT_GATT_PERM_READ | BT_GATT_PERM_WRITE),
	BT_GATT_CHARACTERISTIC(&rh_uuid.uuid, BT_GATT_CHRC_READ | BT_GATT_CHRC_NOTIFY,
			       BT_GATT_PERM_READ, read_u16, NULL, &last.rh_centi),
	BT_GATT_CCC(ccc_changed, BT_GATT_PERM_READ | BT_GATT_PERM_WRITE),
	BT_GATT_CHARACTERISTIC(&raw_uuid.uuid, BT_GATT_CHRC_READ, BT_GATT_PERM_READ, read_u16,
			       NULL, &raw_mv),
);

static const struct bt_data ad[] = {
	BT_DATA_BYTES(BT_DATA_FLAGS, (BT_LE_AD_GENERAL | BT_LE_AD_NO_BREDR)),
	BT_DATA_BYTES(BT_DATA_UUID128_ALL, SOIL_UUID(0)),
};

static char name[sizeof("SoilProbe-XXXX")];
static struct bt_data sd[] = {
	BT_DATA(BT_DATA_NAME_COMPLETE, name, 0),
};

static void adv_start(void)
{
	const struct bt_le_adv_param param =
		BT_LE_ADV_PARAM_INIT(BT_LE_ADV_OPT_CONN, ADV_INT, ADV_INT + 16, NULL);
	int err = bt_le_adv_start(&param, ad, ARRAY_SIZE(ad), sd, ARRAY_SIZE(sd));

	if (err && err != -EALREADY) {
		LOG_ERR("advertising failed to start (%d)", err);
	}
}

static void connected(struct bt_conn *conn, uint8_t err)
{
	if (err) {
		LOG_WRN("connection failed (0x%02x)", err);
		return;
	}
	LOG_INF("connected");
}

static void disconnected(struct bt_conn *conn, uint8_t reason)
{
	LOG_INF("disconnected (0x%02x)", reason);
}

static void recycled(void)
{
	adv_start();
}

BT_CONN_CB_DEFINE(conn_cb) = {
	.connected = connected,
	.disconnected = disconnected,
	.recycled = recycled,
};

int ble_init(void)
{
	bt_addr_le_t addr;
	size_t count = 1;
	int err;

	err = bt_enable(NULL);
	if (err) {
		return err;
	}

	bt_id_get(&addr, &count);
	snprintf(name, sizeof(name), "SoilProbe-%02X%02X", addr.a.val[1], addr.a.val[0]);
	sd[0].data_len = strlen(name);
	bt_set_name(name);

	adv_start();
	LOG_INF("advertising as \\"%s\\"", name);
	return 0;
}

void ble_update(const struct soil_sample *s)
{
	last = *s;
	raw_mv = (uint16_t)CLAMP(s->moisture_mv, 0, UINT16_MAX);

	bt_gatt_notify(NULL, &soil_svc.attrs[2], &last.vwc_centi, sizeof(last.vwc_centi));
	if (s->env_valid) {
		bt_gatt_notify(NULL, &soil_svc.attrs[5], &last.temp_centi, sizeof(last.temp_centi));
		bt_gatt_notify(NULL, &soil_svc.attrs[8], &last.rh_centi, sizeof(last.rh_centi));
	}
}
""",
    P("tools/requirements.txt"): """bleak==2.1.1
pyserial==3.5
ppk2-api==0.9.2
intelhex==2.3.0
""",
    P("tools/uart_capture.py"): """#!/usr/bin/env python3
\"\"\"Capture the firmware's UART log for a while (optionally reset the board first).

    tools/uart_capture.py --port /dev/ttyACM0 --reset --seconds 6
\"\"\"
import argparse
import subprocess
import sys
import time

import serial


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--reset", action="store_true", help="reset the target with nrfjprog after opening the port")
    ap.add_argument("--snr", default=None, help="J-Link serial number for --reset")
    args = ap.parse_args()

    with serial.Serial(args.port, args.baud, timeout=0.2) as port:
        port.reset_input_buffer()
        if args.reset:
            cmd = ["nrfjprog", "--reset"] + (["--snr", args.snr] if args.snr else [])
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        end = time.monotonic() + args.seconds
        n = 0
        while time.monotonic() < end:
            line = port.readline()
            if line:
                sys.stdout.write(line.decode(errors="replace"))
                n += 1
        sys.stdout.flush()
    print(f"-- {n} lines from {args.port} in {args.seconds:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
""",
    P("tools/ble_probe.py"): """#!/usr/bin/env python3
\"\"\"Read or subscribe to the Soil service from the laptop.

    tools/ble_probe.py read --name SoilProbe-520B
    tools/ble_probe.py notify --address E4:1C:9A:37:52:0B --seconds 120
\"\"\"
import argparse
import asyncio
import struct
import sys
import time

from bleak import BleakClient, BleakScanner

SOIL = "6e4f1a0{}-5c1e-4b2d-9d3a-b0a7c1d50000"
VWC, TEMP, RH, RAW = (SOIL.format(i) for i in range(1, 5))
BATTERY_LEVEL = "00002a19-0000-1000-8000-00805f9b34fb"
FW_REV = "00002a26-0000-1000-8000-00805f9b34fb"


async def find_probe(name, timeout):
    dev = await BleakScanner.find_device_by_name(name, timeout=timeout)
    if dev is None:
        raise SystemExit(f"{name} not found within {timeout:.0f} s")
    return dev


async def read_all(client):
    vwc, = struct.unpack("<H", await client.read_gatt_char(VWC))
    temp, = struct.unpack("<h", await client.read_gatt_char(TEMP))
    rh, = struct.unpack("<H", await client.read_gatt_char(RH))
    raw, = struct.unpack("<H", await client.read_gatt_char(RAW))
    batt = (await client.read_gatt_char(BATTERY_LEVEL))[0]
    fw = (await client.read_gatt_char(FW_REV)).decode()
    print(f"  moisture     {vwc / 100:6.2f} %VWC   (probe {raw} mV)")
    print(f"  temperature  {temp / 100:6.2f} C")
    print(f"  humidity     {rh / 100:6.2f} %RH")
    print(f"  battery      {batt:3d} %")
    print(f"  fw rev       {fw}")


async def cmd_read(args):
    dev = await find_probe(args.name, args.scan_timeout)
    print(f"found {dev.name}  {dev.address}")
    async with BleakClient(dev) as client:
        print(f"connected, MTU {client.mtu_size}")
        await read_all(client)


async def cmd_notify(args):
    t0 = time.monotonic()
    async with BleakClient(args.address, timeout=args.scan_timeout) as client:
        print(f"connected to {args.address}, MTU {client.mtu_size}")

        def on_vwc(_, data):
            vwc, = struct.unpack("<H", data)
            print(f"  +{time.monotonic() - t0:7.2f} s  moisture {vwc / 100:6.2f} %VWC")

        await client.start_notify(VWC, on_vwc)
        await asyncio.sleep(args.seconds)
        await client.stop_notify(VWC)


async def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("read")
    r.add_argument("--name", default="SoilProbe")
    n = sub.add_parser("notify")
    n.add_argument("--address", required=True)
    n.add_argument("--seconds", type=float, default=60)
    for p in (r, n):
        p.add_argument("--scan-timeout", type=float, default=10.0)
    args = ap.parse_args()
    await {"read": cmd_read, "notify": cmd_notify}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
""",
    P("tools/adv_scan.py"): """#!/usr/bin/env python3
\"\"\"Scan advertisements of one probe: RSSI and advertising interval.

    tools/adv_scan.py --name SoilProbe-520B --seconds 60
\"\"\"
import argparse
import asyncio
import statistics
import time

from bleak import BleakScanner


async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--seconds", type=float, default=30)
    args = ap.parse_args()

    seen = []

    def on_adv(dev, adv):
        if adv.local_name == args.name:
            seen.append((time.monotonic(), adv.rssi))

    async with BleakScanner(detection_callback=on_adv) as scanner:
        await asyncio.sleep(args.seconds)

    if len(seen) < 2:
        raise SystemExit(f"{args.name}: {len(seen)} advertisements in {args.seconds:.0f} s")
    gaps = [b[0] - a[0] for a, b in zip(seen, seen[1:])]
    rssi = [r for _, r in seen]
    print(f"{args.name}: {len(seen)} advertisements in {args.seconds:.0f} s")
    print(f"  gap   median {statistics.median(gaps):.3f} s  min {min(gaps):.3f} s  max {max(gaps):.3f} s")
    print(f"  rssi  median {statistics.median(rssi):.0f} dBm  min {min(rssi)}  max {max(rssi)}")


if __name__ == "__main__":
    asyncio.run(main())
""",
    P("tools/ppk_measure.py"): """#!/usr/bin/env python3
\"\"\"Average current of the DUT, PPK2 in source-meter mode.

    tools/ppk_measure.py --port /dev/ttyACM1 --voltage 3000 --seconds 60
\"\"\"
import argparse
import time

from ppk2_api.ppk2_api import PPK2_API


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", default="/dev/ttyACM1")
    ap.add_argument("--voltage", type=int, default=3000, help="source voltage, mV")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--settle", type=float, default=5, help="seconds after power-up before measuring")
    ap.add_argument("--capacity-mah", type=float, default=2600, help="2x AA lithium")
    args = ap.parse_args()

    ppk = PPK2_API(args.port)
    ppk.get_modifiers()
    ppk.use_source_meter()
    ppk.set_source_voltage(args.voltage)
    ppk.toggle_DUT_power("ON")
    time.sleep(args.settle)

    print(f"PPK2 {args.port}: source {args.voltage} mV, settle {args.settle:.0f} s, measuring {args.seconds:.0f} s")
    ppk.start_measuring()
    samples = []
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        data = ppk.get_data()
        if data != b"":
            s, _ = ppk.get_samples(data)
            samples.extend(s)
        time.sleep(0.001)
    ppk.stop_measuring()
    ppk.toggle_DUT_power("OFF")

    samples.sort()
    avg = sum(samples) / len(samples)
    p99 = samples[int(len(samples) * 0.99)]
    life_h = args.capacity_mah * 0.8 / (avg / 1000.0)
    print(f"samples  {len(samples)}")
    print(f"avg      {avg:8.1f} uA")
    print(f"p99      {p99:8.0f} uA")
    print(f"peak     {samples[-1] / 1000:8.2f} mA")
    print(f"life     {life_h / 24 / 365:8.1f} years on {args.capacity_mah:.0f} mAh (80 % usable)")


if __name__ == "__main__":
    main()
""",
    P("tests/.gitkeep"): "",
}


# ------------------------------------------------------------------ tool output helpers

BOARDS = {
    "nrf52840dk/nrf52840": {
        "short": "nrf52840dk", "qual": "nrf52840", "rev": None,
        "dts": f"{ZB}/boards/nordic/nrf52840dk/nrf52840dk_nrf52840.dts",
        "defconfig": f"{ZB}/boards/nordic/nrf52840dk/nrf52840dk_nrf52840_defconfig",
        "overlays": [P("boards/nrf52840dk_nrf52840.overlay")], "i2c": "twi",
    },
    "soilprobe/nrf52840": {
        "short": "soilprobe", "qual": "nrf52840", "rev": "B",
        "dts": P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"),
        "defconfig": P("boards/loamwise/soilprobe/soilprobe_nrf52840_defconfig"),
        "overlays": [], "i2c": "twim",
    },
    "soilprobe@C/nrf52840": {
        "short": "soilprobe", "qual": "nrf52840", "rev": "C",
        "dts": P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"),
        "defconfig": P("boards/loamwise/soilprobe/soilprobe_nrf52840_defconfig"),
        "overlays": [P("boards/loamwise/soilprobe/soilprobe_nrf52840_C.overlay")], "i2c": "twim",
    },
}


def board_line(target):
    b = BOARDS[target]
    if b["rev"]:
        return f"-- Board: {b['short']}, Revision: {b['rev']}, qualifiers: {b['qual']}"
    return f"-- Board: {b['short']}, qualifiers: {b['qual']}"


def kwarn(name, loc, assigned, got, deps):
    msg = f"{name} (defined at {loc}) was assigned the value '{assigned}' but got the value '{got}'. "
    if deps:
        msg += "Check these unsatisfied dependencies: " + ", ".join(f"{d} (=n)" for d in deps) + ". "
    msg += (f"See http://docs.zephyrproject.org/latest/kconfig.html#CONFIG_{name} and/or look up {name} in the "
            "menuconfig/guiconfig interface. The Application Development Primer, Setting Configuration Values, and "
            "Kconfig - Tips and Best Practices sections of the manual might be helpful too.")
    return "\n" + textwrap.fill("warning: " + msg, 100) + "\n"


def app_dts_lines(bdir, target, overlays=None):
    b = BOARDS[target]
    out = [f"-- Found BOARD.dts: {b['dts']}"]
    for o in (overlays if overlays is not None else b["overlays"]):
        out.append(f"-- Found devicetree overlay: {o}")
    out += [f"-- Generated zephyr.dts: {bdir}/soilprobe/zephyr/zephyr.dts",
            f"-- Generated pickled edt: {bdir}/soilprobe/zephyr/edt.pickle",
            f"-- Generated devicetree_generated.h: {bdir}/soilprobe/zephyr/include/generated/zephyr/devicetree_generated.h",
            f"-- Including generated dts.cmake file: {bdir}/soilprobe/zephyr/dts.cmake"]
    return out


def app_kconfig_lines(bdir, target, confs, warnings=()):
    b = BOARDS[target]
    out = [f"Parsing {R}/Kconfig", f"Loaded configuration '{b['defconfig']}'"]
    for c in confs:
        out.append(f"Merged configuration '{c}'")
    out.append(f"Merged configuration '{bdir}/soilprobe/zephyr/.config.sysbuild'")
    text = "\n".join(out)
    for w in warnings:
        text += "\n" + w
    text += (f"\nConfiguration saved to '{bdir}/soilprobe/zephyr/.config'\n"
             f"Kconfig header saved to '{bdir}/soilprobe/zephyr/include/generated/zephyr/autoconf.h'")
    return text


def app_head(bdir, target, cached=False):
    zb = "Zephyr base (cached)" if cached else "Zephyr base"
    out = [f"Loading Zephyr default modules ({zb}).",
           f"-- Application: {R}",
           "-- CMake version: 3.21.0"]
    if not cached:
        out.append(f'-- Found Python3: {PY} (found suitable version "3.12.4", minimum required is "3.10") '
                   "found components: Interpreter ")
    out += ["-- Cache files will be written to: /home/rosa/.cache/zephyr",
            f"-- Zephyr version: 4.2.99 ({ZB})",
            '-- Found west (found suitable version "1.4.0", minimum required is "0.14.0")',
            board_line(target),
            f"-- Found host-tools: zephyr 0.17.0 ({SDK})",
            f"-- Found toolchain: zephyr 0.17.0 ({SDK})"]
    if not cached:
        out.append(f'-- Found Dtc: {TC}/usr/bin/dtc (found suitable version "1.6.1", minimum required is "1.4.6") ')
    return out


def app_tail(bdir, fresh, secs):
    out = []
    if fresh:
        out += [f'-- Found GnuLd: {SDK}/arm-zephyr-eabi/arm-zephyr-eabi/bin/ld.bfd (found version "2.38") ',
                "-- The C compiler identification is GNU 12.2.0",
                "-- The CXX compiler identification is GNU 12.2.0",
                "-- The ASM compiler identification is GNU",
                f"-- Found assembler: {GCC}",
                f"-- Using ccache: {TC}/usr/bin/ccache",
                f"-- Found gen_kobject_list: {ZB}/scripts/build/gen_kobject_list.py"]
    else:
        out += [f"-- Using ccache: {TC}/usr/bin/ccache"]
    out += [f"-- Configuring done ({secs}s)", "-- Generating done (0.1s)",
            f"-- Build files have been written to: {bdir}/soilprobe"]
    return out


CM_BANNER = "* Running CMake for soilprobe *"


def configure_pristine(bdir, target, confs, warnings=(), extra_overlays=None):
    """Output of `west build -p` / first build: sysbuild configure + app configure."""
    lines = ["-- west build: generating a build system",
             "Loading Zephyr module(s) (Zephyr base): sysbuild_default",
             f'-- Found Python3: {PY} (found suitable version "3.12.4", minimum required is "3.10") found components: '
             "Interpreter ",
             "-- Cache files will be written to: /home/rosa/.cache/zephyr",
             '-- Found west (found suitable version "1.4.0", minimum required is "0.14.0")',
             board_line(target),
             f"Parsing {ZB}/share/sysbuild/Kconfig",
             f"Loaded configuration '{bdir}/_sysbuild/empty.conf'",
             f"Merged configuration '{bdir}/_sysbuild/empty.conf'",
             f"Configuration saved to '{bdir}/zephyr/.config'",
             f"Kconfig header saved to '{bdir}/_sysbuild/autoconf.h'",
             "-- ",
             "   " + "*" * len(CM_BANNER),
             "   " + CM_BANNER,
             "   " + "*" * len(CM_BANNER),
             ""]
    lines += app_head(bdir, target)
    ov = list(BOARDS[target]["overlays"]) + list(extra_overlays or [])
    lines += app_dts_lines(bdir, target, ov)
    lines.append(app_kconfig_lines(bdir, target, confs, warnings))
    lines += app_tail(bdir, True, f"{ms(40, 69) / 10:.1f}")
    lines += [f"-- Configuring done ({ms(70, 99) / 10:.1f}s)", "-- Generating done (0.0s)",
              f"-- Build files have been written to: {bdir}"]
    return "\n".join(lines)


def cmake_rerun(bdir, target, confs, warnings=()):
    """App CMake re-run triggered from ninja (a conf/overlay changed)."""
    lines = ["[0/1] Re-running CMake..."]
    lines += app_head(bdir, target, cached=True)
    lines += app_dts_lines(bdir, target)
    lines.append(app_kconfig_lines(bdir, target, confs, warnings))
    lines += app_tail(bdir, False, f"{ms(21, 38) / 10:.1f}")
    return "\n".join(lines)


KERNEL = ["busy_wait", "device", "errno", "fatal", "init", "init_static", "kheap", "mem_slab", "float", "version",
          "idle", "msg_q", "mutex", "queue", "sem", "stack", "system_work_q", "work", "condvar", "thread", "sched",
          "timeslicing", "xip", "mempool", "dynamic_disabled", "events", "poll", "timeout", "timer"]
BT_HOST = ["addr", "buf", "data", "hci_core", "hci_common", "id", "adv", "conn", "l2cap", "att", "gatt", "uuid",
           "crypto_psa", "long_wq", "ecc"]


def full_steps(target, extra_app=(), logging=True, nvs=False, mcumgr=False, sensor=False, rtt=False):
    b = BOARDS[target]
    st = ["Preparing syscall dependency handling\n",
          "Generating include/generated/zephyr/version.h\n-- Zephyr version: 4.2.99 (/home/rosa/ncs/zephyr), "
          "build: ec78104f1569",
          "Generating misc/generated/syscalls.json, misc/generated/struct_tags.json",
          "Generating include/generated/zephyr/driver-validation.h",
          "Generating include/generated/zephyr/kobj-types-enum.h, include/generated/zephyr/otype-to-str.h, "
          "include/generated/zephyr/otype-to-size.h",
          "Generating include/generated/zephyr/syscall_dispatch.c, include/generated/zephyr/syscall_exports_llext.c, "
          "syscall_weakdefs_llext.c, include/generated/zephyr/syscall_list.h",
          "Building C object zephyr/CMakeFiles/offsets.dir/arch/arm/core/offsets/offsets.c.obj",
          "Generating include/generated/zephyr/offsets.h"]
    zobj = ["lib/heap/heap.c", "lib/os/cbprintf_packaged.c", "lib/os/printk.c", "lib/os/sem.c", "lib/os/thread_entry.c",
            "lib/os/assert.c", "lib/utils/dec.c", "lib/utils/hex.c", "lib/utils/rb.c", "lib/utils/timeutil.c",
            "lib/utils/bitarray.c", "lib/net_buf/buf.c", "lib/net_buf/buf_simple.c", "misc/generated/configs.c",
            "soc/nordic/validate_base_addresses.c", "soc/nordic/validate_enabled_instances.c",
            "subsys/random/random_entropy_device.c", "subsys/bluetooth/common/addr.c", "subsys/bluetooth/common/rpa.c"]
    if logging:
        zobj += ["subsys/logging/log_core.c", "subsys/logging/log_mgmt.c", "subsys/logging/log_msg.c",
                 "subsys/logging/log_output.c", "subsys/logging/log_cache.c", "subsys/logging/backends/log_backend_uart.c"]
    if rtt:
        zobj += ["subsys/logging/backends/log_backend_rtt.c"]
    if nvs:
        zobj += ["subsys/fs/nvs/nvs.c", "subsys/storage/flash_map/flash_map.c",
                 "subsys/storage/flash_map/flash_map_layout.c", "lib/crc/crc8_sw.c"]
    if mcumgr:
        zobj += ["subsys/mgmt/mcumgr/mgmt/src/mgmt.c", "subsys/mgmt/mcumgr/smp/src/smp.c",
                 "subsys/mgmt/mcumgr/transport/src/smp.c", "subsys/mgmt/mcumgr/transport/src/smp_bt.c",
                 "subsys/mgmt/mcumgr/util/src/zcbor_bulk.c"]
    st += [f"Building C object zephyr/CMakeFiles/zephyr.dir/{o}.obj" for o in zobj]
    st += ["Building C object zephyr/arch/common/CMakeFiles/arch__common.dir/sw_isr_common.c.obj",
           "Building C object zephyr/arch/arch/arm/core/CMakeFiles/arch__arm__core.dir/fatal.c.obj",
           "Building C object zephyr/arch/arch/arm/core/CMakeFiles/arch__arm__core.dir/nmi.c.obj",
           "Building ASM object zephyr/arch/arch/arm/core/CMakeFiles/arch__arm__core.dir/nmi_on_reset.S.obj",
           "Building C object zephyr/arch/arch/arm/core/cortex_m/CMakeFiles/arch__arm__core__cortex_m.dir/thread.c.obj",
           "Building C object zephyr/arch/arch/arm/core/cortex_m/CMakeFiles/arch__arm__core__cortex_m.dir/irq_manage.c.obj",
           "Building ASM object zephyr/arch/arch/arm/core/cortex_m/CMakeFiles/arch__arm__core__cortex_m.dir/swap_helper.S.obj",
           "Building C object zephyr/arch/arch/arm/core/cortex_m/CMakeFiles/arch__arm__core__cortex_m.dir/prep_c.c.obj",
           "Building ASM object zephyr/arch/arch/arm/core/cortex_m/CMakeFiles/arch__arm__core__cortex_m.dir/reset.S.obj",
           "Building C object zephyr/arch/arch/arm/core/mpu/CMakeFiles/arch__arm__core__mpu.dir/arm_mpu.c.obj",
           "Building C object zephyr/lib/libc/picolibc/CMakeFiles/lib__libc__picolibc.dir/libc-hooks.c.obj",
           "Building C object zephyr/lib/libc/common/CMakeFiles/lib__libc__common.dir/source/stdlib/abort.c.obj",
           "Building C object zephyr/soc/soc/nrf52840/CMakeFiles/soc__nordic.dir/nrf52/soc.c.obj",
           "Building C object zephyr/drivers/adc/CMakeFiles/drivers__adc.dir/adc_common.c.obj",
           "Building C object zephyr/drivers/adc/CMakeFiles/drivers__adc.dir/adc_nrfx_saadc.c.obj",
           "Building C object zephyr/drivers/clock_control/CMakeFiles/drivers__clock_control.dir/clock_control_nrf.c.obj"]
    if logging:
        st += ["Building C object zephyr/drivers/console/CMakeFiles/drivers__console.dir/uart_console.c.obj"]
    st += ["Building C object zephyr/drivers/gpio/CMakeFiles/drivers__gpio.dir/gpio_nrfx.c.obj",
           "Building C object zephyr/drivers/i2c/CMakeFiles/drivers__i2c.dir/i2c_common.c.obj",
           f"Building C object zephyr/drivers/i2c/CMakeFiles/drivers__i2c.dir/i2c_nrfx_{b['i2c']}.c.obj",
           "Building C object zephyr/drivers/pinctrl/CMakeFiles/drivers__pinctrl.dir/pinctrl_nrf.c.obj"]
    if logging:
        st += ["Building C object zephyr/drivers/serial/CMakeFiles/drivers__serial.dir/uart_nrfx_uarte.c.obj"]
    st += ["Building C object zephyr/drivers/timer/CMakeFiles/drivers__timer.dir/nrf_rtc_timer.c.obj"]
    if nvs:
        st += ["Building C object zephyr/drivers/flash/CMakeFiles/drivers__flash.dir/flash_page_layout.c.obj",
               "Building C object zephyr/drivers/flash/CMakeFiles/drivers__flash.dir/soc_flash_nrf.c.obj",
               "Building C object zephyr/drivers/flash/CMakeFiles/drivers__flash.dir/soc_flash_nrf_mpsl.c.obj"]
    if sensor:
        st += ["Building C object zephyr/drivers/sensor/sensirion/sht4x/CMakeFiles/drivers__sensor__sensirion__sht4x.dir/"
               "sht4x.c.obj"]
    st += [f"Building C object zephyr/subsys/bluetooth/host/CMakeFiles/subsys__bluetooth__host.dir/{o}.c.obj"
           for o in BT_HOST]
    st += ["Building C object zephyr/subsys/bluetooth/services/CMakeFiles/subsys__bluetooth__services.dir/dis.c.obj",
           "Building C object zephyr/subsys/bluetooth/services/bas/CMakeFiles/subsys__bluetooth__services__bas.dir/"
           "bas.c.obj",
           "Building C object modules/nrf/subsys/bluetooth/controller/CMakeFiles/..__nrf__subsys__bluetooth__controller"
           ".dir/hci_driver.c.obj",
           "Building C object modules/nrf/subsys/bluetooth/controller/CMakeFiles/..__nrf__subsys__bluetooth__controller"
           ".dir/hci_internal.c.obj",
           "Building C object modules/nrf/subsys/bluetooth/controller/CMakeFiles/..__nrf__subsys__bluetooth__controller"
           ".dir/crypto.c.obj",
           "Building C object modules/nrf/subsys/mpsl/init/CMakeFiles/..__nrf__subsys__mpsl__init.dir/mpsl_init.c.obj",
           "Building C object modules/nrf/lib/multithreading_lock/CMakeFiles/..__nrf__lib__multithreading_lock.dir/"
           "multithreading_lock.c.obj",
           "Building C object modules/hal_nordic/nrfx/CMakeFiles/modules__hal_nordic__nrfx.dir/"
           "home/rosa/ncs/modules/hal/nordic/nrfx/mdk/system_nrf52840.c.obj",
           "Building C object modules/hal_nordic/nrfx/CMakeFiles/modules__hal_nordic__nrfx.dir/"
           "home/rosa/ncs/modules/hal/nordic/nrfx/drivers/src/nrfx_saadc.c.obj",
           "Building C object modules/hal_nordic/nrfx/CMakeFiles/modules__hal_nordic__nrfx.dir/"
           "home/rosa/ncs/modules/hal/nordic/nrfx/drivers/src/nrfx_gpiote.c.obj",
           f"Building C object modules/hal_nordic/nrfx/CMakeFiles/modules__hal_nordic__nrfx.dir/"
           f"home/rosa/ncs/modules/hal/nordic/nrfx/drivers/src/nrfx_{b['i2c']}.c.obj",
           "Building C object modules/hal_nordic/nrfx/CMakeFiles/modules__hal_nordic__nrfx.dir/"
           "home/rosa/ncs/modules/hal/nordic/nrfx/drivers/src/nrfx_clock.c.obj",
           "Building C object modules/hal_nordic/nrfx/CMakeFiles/modules__hal_nordic__nrfx.dir/"
           "home/rosa/ncs/modules/hal/nordic/nrfx/drivers/src/nrfx_ppi.c.obj"]
    if rtt:
        st += ["Building C object modules/segger/CMakeFiles/modules__segger.dir/home/rosa/ncs/modules/debug/segger/"
               "SEGGER/SEGGER_RTT.c.obj",
               "Building C object modules/segger/CMakeFiles/modules__segger.dir/SEGGER_RTT_zephyr.c.obj"]
    if mcumgr:
        st += ["Building C object modules/zcbor/CMakeFiles/modules__zcbor.dir/home/rosa/ncs/modules/lib/zcbor/src/"
               "zcbor_common.c.obj",
               "Building C object modules/zcbor/CMakeFiles/modules__zcbor.dir/home/rosa/ncs/modules/lib/zcbor/src/"
               "zcbor_decode.c.obj",
               "Building C object modules/zcbor/CMakeFiles/modules__zcbor.dir/home/rosa/ncs/modules/lib/zcbor/src/"
               "zcbor_encode.c.obj"]
    st += [f"Building C object zephyr/kernel/CMakeFiles/kernel.dir/{k}.c.obj" for k in KERNEL]
    st += [f"Building C object CMakeFiles/app.dir/{s}.obj" for s in extra_app]
    st += ["Linking C static library zephyr/libzephyr.a",
           "Linking C static library zephyr/arch/common/libarch__common.a",
           "Linking C static library zephyr/arch/arch/arm/core/libarch__arm__core.a",
           "Linking C static library zephyr/drivers/adc/libdrivers__adc.a",
           "Linking C static library zephyr/drivers/i2c/libdrivers__i2c.a",
           "Linking C static library zephyr/subsys/bluetooth/host/libsubsys__bluetooth__host.a",
           "Linking C static library modules/hal_nordic/nrfx/libmodules__hal_nordic__nrfx.a",
           "Linking C static library zephyr/kernel/libkernel.a",
           "Linking C static library app/libapp.a"]
    return st


def link_tail(bdir, target, mem):
    flash, ram = mem
    b = BOARDS[target]
    return ["Linking C executable zephyr/zephyr_pre0.elf",
            "Generating linker.cmd",
            "Generating isr_tables.c, isr_tables_vt.ld, isr_tables_swi.ld",
            "Building C object zephyr/CMakeFiles/zephyr_final.dir/isr_tables.c.obj",
            "Linking C executable zephyr/zephyr.elf\n" + mem_table(flash, ram) +
            f"\nGenerating files from {bdir}/soilprobe/zephyr/zephyr.elf for board: {b['short']}"]


def mem_table(flash, ram):
    return ("Memory region         Used Size  Region Size  %age Used\n"
            f"           FLASH:     {flash:>7} B         1 MB     {flash * 100 / 1048576:5.2f}%\n"
            f"             RAM:      {ram:>6} B       256 KB     {ram * 100 / 262144:5.2f}%\n"
            "        IDT_LIST:          0 GB        32 KB      0.00%")


def numbered(steps):
    n = len(steps)
    return "\n".join(f"[{i}/{n}] {s}" for i, s in enumerate(steps, 1))


def pristine_build(bdir, target, confs, mem, warnings=(), extra_app=(), **kw):
    steps = full_steps(target, extra_app=extra_app, **kw) + link_tail(bdir, target, mem)
    return (configure_pristine(bdir, target, confs, warnings) + "\n-- west build: building application\n"
            "[4/10] Performing build step for 'soilprobe'\n" + numbered(steps) +
            "\n[9/10] No install step for 'soilprobe'\n[10/10] Completed 'soilprobe'")


def incr_build(bdir, target, objs, mem, rerun=None):
    """Incremental build: rerun = cmake_rerun text or None; objs = app sources rebuilt."""
    steps = [f"Building C object CMakeFiles/app.dir/{o}.obj" for o in objs]
    steps += ["Linking C static library app/libapp.a"] + link_tail(bdir, target, mem)
    body = numbered(steps)
    out = "[0/5] Performing build step for 'soilprobe'\n"
    if rerun:
        out += rerun + "\n"
    return out + body


def conf_rebuild(bdir, target, confs, app_srcs, mem=None, warnings=(), fail=None, **kw):
    """A .conf / overlay changed: CMake re-runs, autoconf.h / devicetree_generated.h change, everything rebuilds.
    fail = ("link", text) or ("compile", app_src, text)."""
    steps = full_steps(target, extra_app=app_srcs, **kw)
    tail = link_tail(bdir, target, mem or (0, 0))
    n = len(steps) + len(tail)
    out = ["[0/5] Performing build step for 'soilprobe'", cmake_rerun(bdir, target, confs, warnings)]
    if fail and fail[0] == "compile":
        obj = f"CMakeFiles/app.dir/{fail[1]}.obj"
        idx = steps.index(f"Building C object {obj}")
        for i, s_ in enumerate(steps[:idx + 1], 1):
            out.append(f"[{i}/{n}] {s_}")
        out.append(f"FAILED: {obj} \n{cc_cmd(bdir, P(fail[1]), obj)}\n{fail[2]}")
        for i, s_ in enumerate(steps[idx + 1:idx + 4], idx + 2):
            out.append(f"[{i}/{n}] {s_}")
        return "\n".join(out) + "\n" + sysbuild_fail_tail(bdir)
    for i, s_ in enumerate(steps, 1):
        out.append(f"[{i}/{n}] {s_}")
    if fail and fail[0] == "link":
        out.append(f"[{len(steps) + 1}/{n}] {tail[0]}")
        out.append(f"FAILED: zephyr/zephyr_pre0.elf zephyr/zephyr_pre0.map {bdir}/soilprobe/zephyr/zephyr_pre0.map "
                   f"\n{link_cmd(bdir)}\n{fail[1]}")
        return "\n".join(out) + "\n" + sysbuild_fail_tail(bdir)
    for i, s_ in enumerate(tail, len(steps) + 1):
        out.append(f"[{i}/{n}] {s_}")
    return "\n".join(out)


def compile_fail_block(bdir, src, text):
    obj = f"CMakeFiles/app.dir/{src}.obj"
    return f"FAILED: {obj} \n{cc_cmd(bdir, P(src), obj)}\n{text}"


def pristine_fail_compile(bdir, target, confs, warnings, app_srcs, src, text, **kw):
    steps = full_steps(target, extra_app=app_srcs, **kw)
    n = len(steps) + 5
    idx = steps.index(f"Building C object CMakeFiles/app.dir/{src}.obj")
    out = [configure_pristine(bdir, target, confs, warnings), "-- west build: building application",
           "[4/10] Performing build step for 'soilprobe'"]
    out += [f"[{i}/{n}] {s_}" for i, s_ in enumerate(steps[:idx + 1], 1)]
    out.append(compile_fail_block(bdir, src, text))
    out += [f"[{i}/{n}] {s_}" for i, s_ in enumerate(steps[idx + 1:idx + 3], idx + 2)]
    return "\n".join(out) + "\n" + sysbuild_fail_tail(bdir)


def reconfigure_build(bdir, target, confs, mem, app_srcs, warnings=(), **kw):
    """`west build ... -- -D...` on an existing build dir: west re-runs CMake (cached), then builds."""
    lines = ["Loading Zephyr module(s) (Zephyr base (cached)): sysbuild_default",
             "-- Cache files will be written to: /home/rosa/.cache/zephyr",
             '-- Found west (found suitable version "1.4.0", minimum required is "0.14.0")',
             board_line(target),
             f"Parsing {ZB}/share/sysbuild/Kconfig",
             f"Loaded configuration '{bdir}/zephyr/.config'",
             f"No change to configuration in '{bdir}/zephyr/.config'",
             f"No change to Kconfig header in '{bdir}/_sysbuild/autoconf.h'",
             "-- ",
             "   " + "*" * len(CM_BANNER),
             "   " + CM_BANNER,
             "   " + "*" * len(CM_BANNER),
             ""]
    lines += app_head(bdir, target, cached=True)
    lines += app_dts_lines(bdir, target)
    lines.append(app_kconfig_lines(bdir, target, confs, warnings))
    lines += app_tail(bdir, False, f"{ms(21, 38) / 10:.1f}")
    lines += [f"-- Configuring done ({ms(30, 55) / 10:.1f}s)", "-- Generating done (0.0s)",
              f"-- Build files have been written to: {bdir}", "-- west build: building application",
              "[4/10] Performing build step for 'soilprobe'"]
    steps = full_steps(target, extra_app=app_srcs, **kw) + link_tail(bdir, target, mem)
    return "\n".join(lines) + "\n" + numbered(steps) + "\n[9/10] No install step for 'soilprobe'\n[10/10] Completed 'soilprobe'"


def no_work():
    return "[0/5] Performing build step for 'soilprobe'\nninja: no work to do."


def sysbuild_fail_tail(bdir):
    return (f"ninja: build stopped: subcommand failed.\n"
            f"FAILED: _sysbuild/sysbuild/images/soilprobe-prefix/src/soilprobe-stamp/soilprobe-build "
            f"{bdir}/_sysbuild/sysbuild/images/soilprobe-prefix/src/soilprobe-stamp/soilprobe-build \n"
            f"cd {bdir}/soilprobe && {CMAKE} --build .\n"
            f"ninja: build stopped: subcommand failed.\n"
            f"FATAL ERROR: command exited with status 1: {CMAKE} --build {bdir}")


def line_of(d, path, needle, nth=1):
    lines = d.files[path].split("\n")
    hits = [i for i, l in enumerate(lines, 1) if needle in l]
    return hits[nth - 1]


# --- west flash (nrfjprog runner) ---------------------------------------------------------------

def flash_hex(bdir):
    return f"{bdir}/soilprobe/zephyr/zephyr.hex"


def nrfjprog_bars(erase_s, prog_s):
    return (f"[ #################### ]   {erase_s:.3f}s | Erase file - Done erasing                                                          \n"
            f"[ #################### ]   {prog_s:.3f}s | Program file - Done programming                                                    \n"
            f"[ #################### ]   {prog_s + ms(10, 40) / 1000:.3f}s | Verify file - Done verifying                                                       ")


def west_flash_ok(bdir, snr, recover=False, explicit_snr=False, rebuild=True):
    out = []
    if rebuild:
        out += ["-- west flash: rebuilding", "[0/5] Performing build step for 'soilprobe'", "ninja: no work to do."]
    out += ["-- west flash: using runner nrfjprog", "-- runners.nrfjprog: reset after flashing requested"]
    if not explicit_snr:
        out.append(f"Using board {snr}")
    if recover:
        out += ["-- runners.nrfjprog: Recovering and erasing all flash memory.",
                "Recovering device. This operation might take 30s.",
                "Erasing user code and UICR flash areas."]
    out.append(f"-- runners.nrfjprog: Flashing file: {flash_hex(bdir)}")
    out.append(nrfjprog_bars(ms(180, 320) / 1000, ms(2100, 2900) / 1000))
    out += ["Applying system reset.", "Run.",
            f"-- runners.nrfjprog: Board with serial number {snr} flashed successfully."]
    return "\n".join(out)


def west_flash_protected(bdir, snr, variant, explicit_snr=False, rebuild=True):
    out = []
    if rebuild:
        out += ["-- west flash: rebuilding", "[0/5] Performing build step for 'soilprobe'", "ninja: no work to do."]
    out += ["-- west flash: using runner nrfjprog", "-- runners.nrfjprog: reset after flashing requested"]
    if not explicit_snr:
        out.append(f"Using board {snr}")
    out.append(f"-- runners.nrfjprog: Flashing file: {flash_hex(bdir)}")
    if variant == "device_info":
        out += [f"[error] [ Client] - Encountered error -90: Command read_device_info executed for {ms(20, 45)} "
                "milliseconds with result -90",
                "[error] [ Worker] - Access protection is enabled, can't read device version.",
                f"[error] [ Client] - Encountered error -90: Command erase_file executed for {ms(15, 40)} milliseconds "
                "with result -90"]
    elif variant == "descriptors":
        out += [f"[error] [ Client] - Encountered error -90: Command read_memory_descriptors executed for {ms(10, 30)} "
                "milliseconds with result -90",
                "[error] [ Worker] - Can't read memory descriptors, ap-protection is enabled.",
                f"[error] [ Client] - Encountered error -90: Command erase_file executed for {ms(60, 110)} milliseconds "
                "with result -90",
                "[ ######               ]   0.000s | Erase file - Check image"]
    out += ["ERROR: The operation attempted is unavailable due to readback protection in",
            "ERROR: your device. Please use --recover to unlock the device.",
            "NOTE: For additional output, try running again with logging enabled (--log).",
            "NOTE: Any generated log error messages will be displayed.",
            "ERROR: Flashing failed because the target must be recovered.",
            '  To fix, run "west flash --recover" instead.',
            "  Note: this will recover and erase all flash memory prior to reflashing.",
            f"FATAL ERROR: command exited with status 24: nrfjprog --program {flash_hex(bdir)} --sectoranduicrerase "
            f"--verify -f NRF52 --snr {snr}"]
    return "\n".join(out)


# --- serial console ------------------------------------------------------------------------------

class Clock:
    """Zephyr log timestamps [hh:mm:ss.mmm,uuu]."""

    def __init__(self):
        self.us = 0

    def at(self, us):
        self.us = us
        s, rem = divmod(us, 1_000_000)
        m_, s = divmod(s, 60)
        h, m_ = divmod(m_, 60)
        return f"[{h:02d}:{m_:02d}:{s:02d}.{rem // 1000:03d},{rem % 1000:03d}]"


def sdc_rev():
    return ("                                            2d 79 a1 c8 6a 40 b7 3c |-y..j@.<\n"
            "                                            f6 74 f9 0f 3d 3d 4f 6a |.t..==Oj\n"
            "                                            4e 8d 1a 06             |N...")


def boot_log(board_target, addr, name, lines_after, fw="0.7.0", extra_boot=()):
    """UART log after reset: banner, app start, BT init, then `lines_after` (list of (us, text))."""
    c = Clock()
    out = [BANNER]
    out.append(f"{c.at(ms(3900, 4600))} <inf> main: soilprobe {fw} ({board_target})")
    for us, txt in extra_boot:
        out.append(f"{c.at(us)} {txt}")
    t = max(c.us, 11000) + ms(500, 1500)
    out.append(f"{c.at(t)} <inf> bt_sdc_hci_driver: SoftDevice Controller build revision: \n" + sdc_rev())
    t += ms(4000, 5500)
    out.append(f"{c.at(t)} <inf> bt_hci_core: HW Platform: Nordic Semiconductor (0x0002)")
    out.append(f"{c.at(t + 30)} <inf> bt_hci_core: HW Variant: nRF52x (0x0002)")
    out.append(f"{c.at(t + 61)} <inf> bt_hci_core: Firmware: Standard Bluetooth controller (0x00) Version 254.63788 "
               "Build 573996906")
    t += ms(900, 1300)
    out.append(f"{c.at(t)} <inf> bt_hci_core: Identity: {addr} (random)")
    out.append(f"{c.at(t + 30)} <inf> bt_hci_core: HCI: version 6.0 (0x0e) revision 0x106b, manufacturer 0x0059")
    out.append(f"{c.at(t + 61)} <inf> bt_hci_core: LMP: version 6.0 (0x0e) subver 0x106b")
    t += ms(1100, 1600)
    out.append(f"{c.at(t)} <inf> ble: advertising as \"{name}\"")
    for us, txt in lines_after:
        out.append(f"{c.at(us)} {txt}")
    return "\n".join(out)


def uart_tail(n, port, secs):
    return f"-- {n} lines from {port} in {secs:.0f} s"


# --- BLE tools (bleak 2.1.1, Python 3.12) ------------------------------------------------------------

VENV = f"{R}/.venv/lib/python3.12/site-packages"
BLEAK_ERR = ("bleak.exc.BleakBluetoothNotAvailableError: ('No powered Bluetooth adapters found. Turn on Bluetooth and "
             "try again.', <BleakBluetoothNotAvailableReason.POWERED_OFF: 3>)")


def _asyncio_frames():
    return f"""  File "/usr/lib/python3.12/asyncio/runners.py", line 194, in run
    return runner.run(main)
           ^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/asyncio/runners.py", line 118, in run
    return self._loop.run_until_complete(task)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/asyncio/base_events.py", line 687, in run_until_complete
    return future.result()
           ^^^^^^^^^^^^^^^"""


def _scanner_start_frames():
    return f"""  File "{VENV}/bleak/__init__.py", line 146, in __aenter__
    await self.start()
  File "{VENV}/bleak/__init__.py", line 169, in start
    await self._backend.start()
  File "{VENV}/bleak/backends/bluezdbus/scanner.py", line 121, in start
    adapter_path = manager.get_default_adapter()
                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/bleak/backends/bluezdbus/manager.py", line 411, in get_default_adapter
    raise BleakBluetoothNotAvailableError(
{BLEAK_ERR}"""


def bleak_tb(d, kind):
    probe = P("tools/ble_probe.py")
    if kind == "read":
        l_main = line_of(d, probe, "sys.exit(asyncio.run(main()))")
        l_disp = line_of(d, probe, 'await {"read": cmd_read')
        l_cmd = line_of(d, probe, "dev = await find_probe(args.name, args.scan_timeout)")
        l_find = line_of(d, probe, "dev = await BleakScanner.find_device_by_name(name, timeout=timeout)")
        return f"""Traceback (most recent call last):
  File "{probe}", line {l_main}, in <module>
    sys.exit(asyncio.run(main()))
             ^^^^^^^^^^^^^^^^^^^
{_asyncio_frames()}
  File "{probe}", line {l_disp}, in main
    await {{"read": cmd_read, "notify": cmd_notify}}[args.cmd](args)
  File "{probe}", line {l_cmd}, in cmd_read
    dev = await find_probe(args.name, args.scan_timeout)
          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{probe}", line {l_find}, in find_probe
    dev = await BleakScanner.find_device_by_name(name, timeout=timeout)
          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/bleak/__init__.py", line 355, in find_device_by_name
    return await cls.find_device_by_filter(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/bleak/__init__.py", line 389, in find_device_by_filter
    async with cls(**kwargs) as scanner:
               ^^^^^^^^^^^^^
{_scanner_start_frames()}"""
    if kind == "notify":
        l_main = line_of(d, probe, "sys.exit(asyncio.run(main()))")
        l_disp = line_of(d, probe, 'await {"read": cmd_read')
        l_cli = line_of(d, probe, "async with BleakClient(args.address, timeout=args.scan_timeout) as client:")
        return f"""Traceback (most recent call last):
  File "{probe}", line {l_main}, in <module>
    sys.exit(asyncio.run(main()))
             ^^^^^^^^^^^^^^^^^^^
{_asyncio_frames()}
  File "{probe}", line {l_disp}, in main
    await {{"read": cmd_read, "notify": cmd_notify}}[args.cmd](args)
  File "{probe}", line {l_cli}, in cmd_notify
    async with BleakClient(args.address, timeout=args.scan_timeout) as client:
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/bleak/__init__.py", line 598, in __aenter__
    await self.connect()
  File "{VENV}/bleak/__init__.py", line 620, in connect
    await self._backend.connect(self._pair_before_connect, **kwargs)
  File "{VENV}/bleak/backends/bluezdbus/client.py", line 129, in connect
    device = await BleakScanner.find_device_by_address(
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/bleak/__init__.py", line 333, in find_device_by_address
    return await cls.find_device_by_filter(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/bleak/__init__.py", line 389, in find_device_by_filter
    async with cls(**kwargs) as scanner:
               ^^^^^^^^^^^^^
{_scanner_start_frames()}"""
    scan = P("tools/adv_scan.py")
    l_main = line_of(d, scan, "asyncio.run(main())", 1)
    l_with = line_of(d, scan, "async with BleakScanner(detection_callback=on_adv) as scanner:")
    return f"""Traceback (most recent call last):
  File "{scan}", line {l_main}, in <module>
    asyncio.run(main())
{_asyncio_frames()}
  File "{scan}", line {l_with}, in main
    async with BleakScanner(detection_callback=on_adv) as scanner:
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{_scanner_start_frames()}"""


def bt_show(powered):
    return f"""Controller 5C:F3:70:A1:22:9E (public)
	Manufacturer: 0x0002 (2)
	Version: 0x0c (12)
	Name: rosa-t14
	Alias: rosa-t14
	Class: 0x006c010c (7078156)
	Powered: {"yes" if powered else "no"}
	PowerState: {"on" if powered else "off"}
	Discoverable: no
	DiscoverableTimeout: 0x000000b4 (180)
	Pairable: yes
	UUID: Generic Attribute Profile (00001801-0000-1000-8000-00805f9b34fb)
	UUID: Generic Access Profile    (00001800-0000-1000-8000-00805f9b34fb)
	UUID: Device Information        (0000180a-0000-1000-8000-00805f9b34fb)
	UUID: A/V Remote Control        (0000110e-0000-1000-8000-00805f9b34fb)
	Modalias: usb:v1D6Bp0246d0548
	Discovering: no
	Roles: central
	Roles: peripheral"""


BT_POWER_ON = """[CHG] Controller 5C:F3:70:A1:22:9E Class: 0x006c010c (7078156)
Changing power on succeeded
[CHG] Controller 5C:F3:70:A1:22:9E Powered: yes
[CHG] Controller 5C:F3:70:A1:22:9E PowerState: on"""


def probe_read(name, addr, vwc, raw, temp, rh, batt, fw="0.7.0", mtu=247):
    return f"""found {name}  {addr}
connected, MTU {mtu}
  moisture     {vwc:6.2f} %VWC   (probe {raw} mV)
  temperature  {temp:6.2f} C
  humidity     {rh:6.2f} %RH
  battery      {batt:3d} %
  fw rev       {fw}"""


# --- twister --------------------------------------------------------------------------------------

TW = {"runs": 0}
TW_PLAT = "native_sim/native/64"


def tw_head():
    out = []
    if TW["runs"]:
        out.append(f"Renaming output directory to {R}/twister-out.{TW['runs']}")
    TW["runs"] += 1
    out += ["INFO    - Using Ninja..",
            "INFO    - Zephyr version: ncs-v3.2.1",
            "INFO    - Using 'zephyr' toolchain.",
            "INFO    - Building initial testsuite list...",
            f"INFO    - Writing JSON report {R}/twister-out/testplan.json",
            "INFO    - JOBS: 16",
            "INFO    - Adding tasks to the queue...",
            "INFO    - Added initial list of jobs to queue"]
    return out


def tw_summary(suites, cases_passed, cases_failed, secs):
    """suites: list of (scenario, status, n_cases)."""
    n = len(suites)
    passed = sum(1 for s in suites if s[1] == "PASSED")
    failed = n - passed
    total_cases = cases_passed + cases_failed
    out = [f"INFO    - {n} test scenarios ({n} configurations) selected, 0 configurations filtered (0 by static "
           "filter, 0 at runtime).",
           "Summary",
           f"├── Total test suites: {n}",
           f"├── Processed test suites: {n}",
           "│   ├── Filtered test suites: 0",
           "│   │   ├── Filtered test suites (static): 0",
           "│   │   └── Filtered test suites (at runtime): 0",
           f"│   └── Selected test suites: {n}",
           "│       ├── Skipped test suites: 0",
           f"│       ├── Passed test suites: {passed}",
           "│       ├── Built only test suites: 0",
           f"│       ├── Failed test suites: {failed}",
           "│       └── Errors in test suites: 0",
           f"└── Total test cases: {total_cases}",
           "    ├── Filtered test cases: 0",
           f"    └── Selected test cases: {total_cases}",
           f"        ├── Passed test cases: {cases_passed}",
           "        ├── Skipped test cases: 0",
           "        ├── Built only test cases: 0",
           "        ├── Blocked test cases: 0",
           f"        ├── Failed test cases: {cases_failed}",
           "        └── Errors in test cases: 0",
           f"INFO    - {passed} of {n} executed test configurations passed ({passed * 100 / n:.2f}%), 0 built (not run), "
           f"{failed} failed, 0 errored, with no warnings in {secs:.2f} seconds."]
    if cases_failed:
        out.append(f"INFO    - {cases_passed} of {total_cases} executed test cases passed "
                   f"({cases_passed * 100 / total_cases:.2f}%), {cases_failed} failed on 1 out of total 1205 platforms "
                   "(0.08%).")
    else:
        out.append(f"INFO    - {cases_passed} of {total_cases} executed test cases passed (100.00%) on 1 out of total "
                   "1205 platforms (0.08%).")
    out += [f"INFO    - {n} test configurations executed on platforms, 0 test configurations were only built.",
            "INFO    - Saving reports...",
            f"INFO    - Writing JSON report {R}/twister-out/twister.json",
            f"INFO    - Writing xunit report {R}/twister-out/twister.xml...",
            f"INFO    - Writing xunit report {R}/twister-out/twister_report.xml...",
            "INFO    - Run completed"]
    return out


def tw_line(i, n, scenario, status, secs, reason=None):
    st = status if not reason else f"{status} {reason}"
    return f"INFO    - {i}/{n} {TW_PLAT:<25} {scenario:<50} {st} (native {secs:.3f}s <host>)"


def ztest_log(suite, cases, failing=None):
    """ztest console: cases = sorted list of test names; failing = {name: assertion text}."""
    failing = failing or {}
    out = [BANNER, f"Running TESTSUITE {suite}", "=" * 67]
    for c in cases:
        out.append(f"START - {c}")
        if c in failing:
            out.append("")
            out.append(failing[c])
            out.append(f" FAIL - {c} in 0.000 seconds")
        else:
            out.append(f" PASS - {c} in 0.000 seconds")
        out.append("=" * 67)
    ok = not failing
    out.append(f"TESTSUITE {suite} {'succeeded' if ok else 'failed.'}")
    out += ["", "------ TESTSUITE SUMMARY START ------", ""]
    npass = len(cases) - len(failing)
    pct = npass * 100 / len(cases)
    out.append(f"SUITE {'PASS' if ok else 'FAIL'} - {pct:6.2f}% [{suite}]: pass = {npass}, fail = {len(failing)}, "
               f"skip = 0, total = {len(cases)} duration = 0.000 seconds")
    for c in cases:
        out.append(f" - {'FAIL' if c in failing else 'PASS'} - [{suite}.{c}] duration = 0.000 seconds")
    out += ["", "------ TESTSUITE SUMMARY END ------", "", "=" * 67,
            f"PROJECT EXECUTION {'SUCCESSFUL' if ok else 'FAILED'}"]
    return "\n".join(out)


def handler_log_path(testdir, scenario):
    return f"{R}/twister-out/native_sim_native_64/host_gnu/{testdir}/{scenario}/handler.log"


def twister_run(suites, failing=None):
    """suites: list of (testdir, scenario, ztest_suite_name, cases). failing: {scenario: {case: text}}."""
    failing = failing or {}
    out = tw_head()
    n = len(suites)
    cp = cf = 0
    res = []
    for i, (tdir, scen, zs, cases) in enumerate(suites, 1):
        f = failing.get(scen)
        secs = ms(5, 30) / 1000
        if f:
            out.append(tw_line(i, n, scen, "FAILED", secs, "Failed"))
            path = handler_log_path(tdir, scen)
            out.append(f"INFO    - {path:-^100}")
            out.append("ERROR   - " + ztest_log(zs, cases, f) + "\n")
            out.append(f"INFO    - {path:-^100}")
            cf += len(f)
            cp += len(cases) - len(f)
            res.append((scen, "FAILED", len(cases)))
        else:
            out.append(tw_line(i, n, scen, "PASSED", secs))
            cp += len(cases)
            res.append((scen, "PASSED", len(cases)))
    out.append("")
    out += tw_summary(res, cp, cf, ms(1300, 2600) / 100)
    return "\n".join(out)


# --- git / GitLab ---------------------------------------------------------------------------------

def sha():
    return hx(7)


def push_new(branch):
    enc = branch.replace("/", "%2F")
    return f"""remote: 
remote: To create a merge request for {branch}, visit:
remote:   https://{GL_HOST}/{GL_PROJ}/-/merge_requests/new?merge_request%5Bsource_branch%5D={enc}
remote: 
To {GL_HOST}:{GL_PROJ}.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def glab_mr(branch, iid, title):
    return f"""
Creating merge request for {branch} into main in {GL_PROJ}

!{iid} {title} ({branch})
 https://{GL_HOST}/{GL_PROJ}/-/merge_requests/{iid}
"""


def kchoice_warn(name, loc):
    msg = (f"The choice symbol {name} (defined at {loc}) was selected (set =y), but no symbol ended up as the choice "
           f"selection. See http://docs.zephyrproject.org/latest/kconfig.html#CONFIG_{name} and/or look up {name} in "
           "the menuconfig/guiconfig interface. The Application Development Primer, Setting Configuration Values, and "
           "Kconfig - Tips and Best Practices sections of the manual might be helpful too.")
    return "\n" + textwrap.fill("warning: " + msg, 100) + "\n"


def link_cmd(bdir, extra_libs=()):
    libs = ["app/libapp.a", "zephyr/libzephyr.a", "zephyr/arch/common/libarch__common.a",
            "zephyr/arch/arch/arm/core/libarch__arm__core.a",
            "zephyr/arch/arch/arm/core/cortex_m/libarch__arm__core__cortex_m.a",
            "zephyr/arch/arch/arm/core/mpu/libarch__arm__core__mpu.a",
            "zephyr/lib/libc/picolibc/liblib__libc__picolibc.a", "zephyr/lib/libc/common/liblib__libc__common.a",
            "zephyr/soc/soc/nrf52840/libsoc__nordic.a", "zephyr/drivers/adc/libdrivers__adc.a",
            "zephyr/drivers/clock_control/libdrivers__clock_control.a", "zephyr/drivers/console/libdrivers__console.a",
            "zephyr/drivers/gpio/libdrivers__gpio.a", "zephyr/drivers/i2c/libdrivers__i2c.a",
            "zephyr/drivers/pinctrl/libdrivers__pinctrl.a", "zephyr/drivers/serial/libdrivers__serial.a",
            "zephyr/drivers/timer/libdrivers__timer.a", *extra_libs,
            "zephyr/subsys/bluetooth/common/libsubsys__bluetooth__common.a",
            "zephyr/subsys/bluetooth/host/libsubsys__bluetooth__host.a",
            "zephyr/subsys/bluetooth/services/libsubsys__bluetooth__services.a",
            "zephyr/subsys/bluetooth/services/bas/libsubsys__bluetooth__services__bas.a",
            "modules/nrf/subsys/bluetooth/controller/lib..__nrf__subsys__bluetooth__controller.a",
            "modules/nrf/subsys/mpsl/init/lib..__nrf__subsys__mpsl__init.a",
            "modules/nrf/lib/multithreading_lock/lib..__nrf__lib__multithreading_lock.a",
            "modules/hal_nordic/nrfx/libmodules__hal_nordic__nrfx.a"]
    return (f": && ccache {GCC}  -gdwarf-4 zephyr/CMakeFiles/zephyr_pre0.dir/misc/empty_file.c.obj -o "
            f"zephyr/zephyr_pre0.elf  zephyr/CMakeFiles/offsets.dir/./arch/arm/core/offsets/offsets.c.obj  "
            f"-fuse-ld=bfd  -T  zephyr/linker_zephyr_pre0.cmd  -Wl,-Map={bdir}/soilprobe/zephyr/zephyr_pre0.map  "
            f"-Wl,--whole-archive  {'  '.join(libs)}  -Wl,--no-whole-archive  zephyr/kernel/libkernel.a  "
            f"-L{SDK}/arm-zephyr-eabi/bin/../lib/gcc/arm-zephyr-eabi/12.2.0/thumb/v7e-m+fp/hard  "
            f"-L{bdir}/soilprobe/zephyr  -lgcc  zephyr/arch/common/libisr_tables.a  "
            f"/home/rosa/ncs/nrfxlib/softdevice_controller/lib/nrf52/hard-float/libsoftdevice_controller_peripheral.a  "
            f"/home/rosa/ncs/nrfxlib/mpsl/lib/nrf52/hard-float/libmpsl.a  -mcpu=cortex-m4  -mthumb  -mabi=aapcs  "
            f"-mfpu=fpv4-sp-d16  -mfloat-abi=hard  -mfp16-format=ieee  -mtp=soft  -Wl,--gc-sections  "
            f"-Wl,--build-id=none  -Wl,--sort-common=descending  -Wl,--sort-section=alignment  "
            f"-Wl,-u,_OffsetAbsSyms  -Wl,-u,_ConfigAbsSyms  -nostdlib  -static  -Wl,-X  -Wl,-N  "
            f"-Wl,--orphan-handling=warn  -Wl,-no-pie  -DPICOLIBC_LONG_LONG_PRINTF_SCANF  --specs=picolibc.specs  "
            f"-lc  -lgcc && cd {bdir}/soilprobe/zephyr && {CMAKE} -E true")


def cc_cmd(bdir, src, obj):
    return (f"ccache {GCC} -DKERNEL -DK_HEAP_MEM_POOL_SIZE=0 -DNRF52840_XXAA -DPICOLIBC_LONG_LONG_PRINTF_SCANF "
            f"-D__LINUX_ERRNO_EXTENSIONS__ -D__PROGRAM_START -D__ZEPHYR__=1 -I{ZB}/include/zephyr "
            f"-I{ZB}/include -I{bdir}/soilprobe/zephyr/include/generated/zephyr -I{ZB}/soc/nordic "
            f"-I{ZB}/soc/nordic/nrf52/. -I{ZB}/soc/nordic/common/. -I{ZB}/subsys/bluetooth "
            f"-I/home/rosa/ncs/nrf/include -I/home/rosa/ncs/nrf/lib/multithreading_lock/. "
            f"-I/home/rosa/ncs/modules/hal/cmsis_6/CMSIS/Core/Include -I{ZB}/modules/cmsis_6/. "
            f"-I/home/rosa/ncs/modules/hal/nordic/nrfx -I/home/rosa/ncs/modules/hal/nordic/nrfx/drivers/include "
            f"-I/home/rosa/ncs/modules/hal/nordic/nrfx/mdk -I{ZB}/modules/hal_nordic/nrfx/. "
            f"-I/home/rosa/ncs/nrfxlib/softdevice_controller/include -I/home/rosa/ncs/nrfxlib/mpsl/include "
            f"-isystem {ZB}/lib/libc/common/include -fno-strict-aliasing -Os -imacros "
            f"{bdir}/soilprobe/zephyr/include/generated/zephyr/autoconf.h -fno-printf-return-value "
            f"-fno-common -g -gdwarf-4 -fdiagnostics-color=always -mcpu=cortex-m4 -mthumb -mabi=aapcs "
            f"-mfpu=fpv4-sp-d16 -mfloat-abi=hard -mfp16-format=ieee -mtp=soft "
            f"--sysroot={SDK}/arm-zephyr-eabi/arm-zephyr-eabi -imacros {ZB}/include/zephyr/toolchain/zephyr_stdint.h "
            f"-Wall -Wformat -Wformat-security -Wno-format-zero-length -Wdouble-promotion -Wno-pointer-sign "
            f"-Wpointer-arith -Wexpansion-to-defined -Wno-unused-but-set-variable -Werror=implicit-int "
            f"-fno-pic -fno-pie -fno-asynchronous-unwind-tables -ftls-model=local-exec -fno-reorder-functions "
            f"--param=min-pagesize=0 -fno-defer-pop -fmacro-prefix-map={R}=CMAKE_SOURCE_DIR "
            f"-fmacro-prefix-map={ZB}=ZEPHYR_BASE -fmacro-prefix-map={WS}=WEST_TOPDIR -ffunction-sections "
            f"-fdata-sections -specs=picolibc.specs -std=c99 -MD -MT {obj} -MF {obj}.d -o {obj} -c {src}")


def dts_error(bdir, target, prop, binding, node):
    b = BOARDS[target]
    lines = ["[0/1] Re-running CMake..."]
    lines += app_head(bdir, target, cached=True)
    lines.append(f"-- Found BOARD.dts: {b['dts']}")
    for o in b["overlays"]:
        lines.append(f"-- Found devicetree overlay: {o}")
    lines.append(f"devicetree error: '{prop}' is marked as required in 'properties:' in {binding}, but does not "
                 f"appear in {node}.")
    lines.append(f"-- In: {bdir}/soilprobe/zephyr, command: {PY};{ZB}/scripts/dts/gen_edt.py;--dts;"
                 f"{bdir}/soilprobe/zephyr/zephyr.dts.pre;--dtc-flags;'-Wno-simple_bus_reg';--bindings-dirs;"
                 f"{ZB}/dts/bindings;--dts-out;{bdir}/soilprobe/zephyr/zephyr.dts.new;--edt-pickle-out;"
                 f"{bdir}/soilprobe/zephyr/edt.pickle;--vendor-prefixes;{ZB}/dts/bindings/vendor-prefixes.txt")
    lines += [f"CMake Error at {ZB}/cmake/modules/dts.cmake:333 (execute_process):",
              "  execute_process failed command indexes:",
              "",
              '    1: "Child return code: 1"',
              "",
              "Call Stack (most recent call first):",
              f"  {ZB}/cmake/modules/zephyr_default.cmake:131 (include)",
              f"  {ZB}/share/zephyr-package/cmake/ZephyrConfig.cmake:66 (include)",
              f"  {ZB}/share/zephyr-package/cmake/ZephyrConfig.cmake:92 (include_boilerplate)",
              "  CMakeLists.txt:3 (find_package)",
              "",
              "",
              "-- Configuring incomplete, errors occurred!",
              "ninja: error: rebuilding 'build.ninja': subcommand failed"]
    return "[0/5] Performing build step for 'soilprobe'\n" + "\n".join(lines) + "\n" + sysbuild_fail_tail(bdir).split(
        "\n", 1)[1]


def ppk_out(avg, p99, peak_ma, secs=60, voltage=3000, cap=2600):
    n = int(secs * 100000 * 0.998) + ms(0, 900)
    life = cap * 0.8 / (avg / 1000.0) / 24 / 365
    return (f"PPK2 /dev/ttyACM1: source {voltage} mV, settle 5 s, measuring {secs} s\n"
            f"samples  {n}\n"
            f"avg      {avg:8.1f} uA\n"
            f"p99      {p99:8.0f} uA\n"
            f"peak     {peak_ma:8.2f} mA\n"
            f"life     {life:8.1f} years on {cap} mAh (80 % usable)")


def diffstat(entries, created=(), width=80):
    """git --stat style: entries = [(path, ins, dels)]."""
    name_w = max(len(e[0]) for e in entries)
    num_w = len(str(max(i + d for _, i, d in entries)))
    bar_max = max(1, width - name_w - num_w - 6)
    top = max(i + d for _, i, d in entries)
    out = []
    for path, i, d_ in entries:
        n = i + d_
        scale = min(1.0, bar_max / top) if top else 1.0
        pi, pd = int(round(i * scale)), int(round(d_ * scale))
        if i and not pi:
            pi = 1
        if d_ and not pd:
            pd = 1
        out.append(f" {path:<{name_w}} | {n:>{num_w}} {'+' * pi}{'-' * pd}")
    ti = sum(e[1] for e in entries)
    td = sum(e[2] for e in entries)
    summ = f" {len(entries)} file{'s' if len(entries) != 1 else ''} changed"
    if ti:
        summ += f", {ti} insertion{'s' if ti != 1 else ''}(+)"
    if td:
        summ += f", {td} deletion{'s' if td != 1 else ''}(-)"
    out.append(summ)
    for c in created:
        out.append(f" create mode 100644 {c}")
    return "\n".join(out)


def git_diff(path, before, after):
    """Unified diff like git (3 lines context, function context in the hunk header)."""
    import difflib
    import re as _re
    old = before.split("\n")
    body = list(difflib.unified_diff(old, after.split("\n"), f"a/{path}", f"b/{path}", n=3, lineterm=""))
    out = [f"diff --git a/{path} b/{path}", f"index {hx(7)}..{hx(7)} 100644"]
    for line in body:
        m = _re.match(r"@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@", line)
        if m:
            start = int(m.group(1))
            ctx = ""
            for k in range(start - 2, -1, -1):
                if _re.match(r"[A-Za-z_$]", old[k]):
                    ctx = " " + old[k]
                    break
            line = line + ctx
        out.append(line)
    ins = sum(1 for l in body if l.startswith("+") and not l.startswith("+++"))
    dels = sum(1 for l in body if l.startswith("-") and not l.startswith("---"))
    return "\n".join(out), ins, dels


def commit_out(branch, s, msg, files, ins, dels, created=()):
    out = f"[{branch} {s}] {msg}\n {files} files changed, {ins} insertions(+), {dels} deletions(-)"
    for c in created:
        out += f"\n create mode 100644 {c}"
    return out


# ------------------------------------------------------------------ the month

def gen():
    d = Dev("zephyr-fw", U, "en", MODEL, seed=20260817, files=FILES)
    B = f"{R}/build"
    DK = "nrf52840dk/nrf52840"
    SPB = "soilprobe/nrf52840"
    SPC = "soilprobe@C/nrf52840"
    PRJ = [P("prj.conf")]
    REL = [P("prj_release.conf")]
    TWCMD = "west twister -T tests -p native_sim/native/64 -v --inline-logs"
    FILTER_CASES = ["test_median_does_not_modify_input", "test_median_even_count", "test_median_odd_count",
                    "test_median_rejects_spike", "test_median_single"]
    BATT_CASES = ["test_above_full_clamps", "test_below_empty_clamps", "test_midpoint", "test_monotonic"]
    HIST_CASES = ["test_empty", "test_oldest_first_after_wrap", "test_partial_fill"]
    SUITE_FILTER = ("tests/filter", "soilprobe.filter", "filter", FILTER_CASES)
    SUITE_BATT = ("tests/battery", "soilprobe.battery_curve", "battery_curve", BATT_CASES)
    SUITE_HIST = ("tests/history", "soilprobe.history", "history", HIST_CASES)

    # ============================================================ S1  Mon 08-17
    with d.session("2026-08-17T09:10:00", R, branch="main", version="2.1.98"):
        t = d.task("I'm back on soilprobe after Jonas's rewrite while I was on leave. give me the lay of the land: how the "
                   "app is structured, where sampling happens, what goes over BLE, and how I build for the DK vs our "
                   "own board", tags=["noise"])
        t.glob("**/*", [P(x) for x in ["CMakeLists.txt", "Kconfig", "README.md", "VERSION", "overlay-rtt.conf",
                                       "prj.conf", "prj_release.conf", "boards/nrf52840dk_nrf52840.overlay",
                                       "boards/loamwise/soilprobe/board.cmake", "boards/loamwise/soilprobe/board.yml",
                                       "boards/loamwise/soilprobe/soilprobe_nrf52840.dts",
                                       "boards/loamwise/soilprobe/soilprobe_nrf52840_C.overlay",
                                       "boards/loamwise/soilprobe/soilprobe_nrf52840_defconfig",
                                       "boards/loamwise/soilprobe/soilprobe_nrf52840-pinctrl.dtsi",
                                       "src/ble.c", "src/ble.h", "src/main.c", "src/moisture.c", "src/moisture.h",
                                       "src/sample.h", "src/sensors.c", "src/sensors.h", "tools/adv_scan.py",
                                       "tools/ble_probe.py", "tools/ppk_measure.py", "tools/requirements.txt",
                                       "tools/uart_capture.py", "zephyr/module.yml"]], path=R)
        t.read(P("README.md"))
        t.read(P("src/main.c"))
        t.read(P("src/moisture.c"))
        t.read(P("src/ble.c"))
        t.read(P("prj.conf"))
        t.read(P("boards/nrf52840dk_nrf52840.overlay"))
        t.done("""**Structure** (NCS v3.2.1 workspace app; this repo is the west manifest, sysbuild build, single image):
- `src/main.c` — init moisture → SHT40 → BLE, then a plain loop: `moisture_read()` → `sensors_read()` → `ble_update()` → `k_sleep(CONFIG_SOILPROBE_SAMPLE_INTERVAL_S)` (60 s default).
- `src/moisture.c` — capacitive probe: switches the excitation GPIO (`moisture-power-gpios` in `zephyr,user`), waits `SOILPROBE_MOISTURE_SETTLE_MS`, one SAADC read on AIN1 (gain 1/6, internal ref, 12 bit), mV → %VWC with a **hardcoded** two-point calibration (`DRY_MV 2710`, `WET_MV 1180`, "probe #3").
- `src/sensors.c` — SHT40 at 0x44 on i2c0, talked to with raw `i2c_write`/`i2c_read` (no CRC check yet, TODO says move to the sht4x driver).
- `src/ble.c` — custom **Soil service** `6e4f1a00-…` with VWC, temperature, humidity (read + notify, 0.01 units, LE) and raw probe mV (read); plus DIS and BAS from Kconfig. Connectable advertising at `SOILPROBE_ADV_INTERVAL_MS`, name `SoilProbe-XXXX` from the last two address bytes, re-advertises from the `recycled` callback.

**Config**: `prj.conf` (logging, BT peripheral, DIS/BAS, ADC/I2C/GPIO, `HEAP_MEM_POOL_SIZE=0`), `prj_release.conf` picked with `-DFILE_SUFFIX=release` (no logging/UART), `overlay-rtt.conf` for logs over RTT.

**Building**
- DK: `west build -b nrf52840dk/nrf52840` — the front-end sits on the Arduino header (`boards/nrf52840dk_nrf52840.overlay`: AIN1 + P0.28 excitation).
- Our board: `west build -b soilprobe/nrf52840 -d build_sp` (rev B default), rev C as `soilprobe@C/nrf52840`. The board lives in `boards/loamwise/soilprobe` and is found via `zephyr/module.yml` (`board_root: .`).
- Flash with `west flash [-d dir] [--dev-id SN]` (nrfjprog runner), unit tests with `west twister -T tests -p native_sim/native/64` (no suites yet).

Tools for the bench: `tools/uart_capture.py` (UART log, optional reset), `tools/ble_probe.py` (read/notify from the laptop via bleak), `tools/adv_scan.py`, `tools/ppk_measure.py` (PPK2 average current).""")

        t = d.task("the moisture readings on the DK jump around by ±40 mV between samples, and now and then there's a "
                   "single spike of several hundred mV. add a median over 5 SAADC reads per sample. put the filter in its "
                   "own src/filter.c with a ztest suite in tests/filter and run it with twister on native_sim. it's "
                   "firmware, so no heap and no k_malloc — fixed-size buffers only",
                   tags=["oneoff:O1", "pref:P1"])
        t.read(P("src/moisture.c"))
        t.write(P("src/filter.h"), """#ifndef SOILPROBE_FILTER_H_
#define SOILPROBE_FILTER_H_

#include <stddef.h>
#include <stdint.h>

#define FILTER_MAX_SAMPLES 9

/**
 * Median of @p n samples (1 <= n <= FILTER_MAX_SAMPLES). For an even @p n the
 * mean of the two middle values is returned. The input is not modified.
 */
int32_t filter_median(const int32_t *samples, size_t n);

#endif /* SOILPROBE_FILTER_H_ */
""")
        t.write(P("src/filter.c"), """#include <string.h>

#include <zephyr/sys/__assert.h>

#include "filter.h"

int32_t filter_median(const int32_t *samples, size_t n)
{
	int32_t tmp[FILTER_MAX_SAMPLES];

	__ASSERT_NO_MSG(n > 0 && n <= FILTER_MAX_SAMPLES);
	memcpy(tmp, samples, n * sizeof(tmp[0]));

	/* insertion sort, n is tiny */
	for (size_t i = 1; i < n; i++) {
		int32_t v = tmp[i];
		size_t j = i;

		while (j > 0 && tmp[j - 1] > v) {
			tmp[j] = tmp[j - 1];
			j--;
		}
		tmp[j] = v;
	}

	return tmp[n / 2];
}
""")
        t.edit(P("src/moisture.c"), """#include "moisture.h"
""", """#include "filter.h"
#include "moisture.h"
""")
        t.edit(P("src/moisture.c"), """#define DRY_MV 2710
#define WET_MV 1180
""", """#define DRY_MV 2710
#define WET_MV 1180

/* SAADC reads per sample, combined with a median (rejects single spikes) */
#define MOISTURE_OVERSAMPLE 5
""")
        t.edit(P("src/moisture.c"), """int moisture_read(struct soil_sample *s)
{
	int32_t mv;
	int err;

	gpio_pin_set_dt(&probe_pwr, 1);
	k_msleep(CONFIG_SOILPROBE_MOISTURE_SETTLE_MS);
	err = adc_read_dt(&probe, &seq);
	gpio_pin_set_dt(&probe_pwr, 0);
	if (err) {
		LOG_WRN("adc_read failed (%d)", err);
		return err;
	}

	mv = raw;
	adc_raw_to_millivolts_dt(&probe, &mv);

	s->moisture_mv = mv;
	s->vwc_centi = mv_to_vwc_centi(mv);
	return 0;
}""", """int moisture_read(struct soil_sample *s)
{
	int32_t mv[MOISTURE_OVERSAMPLE];
	int32_t median;
	int err = 0;

	gpio_pin_set_dt(&probe_pwr, 1);
	k_msleep(CONFIG_SOILPROBE_MOISTURE_SETTLE_MS);
	for (size_t i = 0; i < ARRAY_SIZE(mv); i++) {
		err = adc_read_dt(&probe, &seq);
		if (err) {
			break;
		}
		mv[i] = raw;
		adc_raw_to_millivolts_dt(&probe, &mv[i]);
		k_msleep(2);
	}
	gpio_pin_set_dt(&probe_pwr, 0);
	if (err) {
		LOG_WRN("adc_read failed (%d)", err);
		return err;
	}

	median = filter_median(mv, ARRAY_SIZE(mv));
	s->moisture_mv = median;
	s->vwc_centi = mv_to_vwc_centi(median);
	return 0;
}""")
        t.read(P("CMakeLists.txt"))
        t.edit(P("CMakeLists.txt"), """  src/ble.c
  src/moisture.c""", """  src/ble.c
  src/filter.c
  src/moisture.c""")
        t.write(P("tests/filter/CMakeLists.txt"), """cmake_minimum_required(VERSION 3.20.0)

find_package(Zephyr REQUIRED HINTS $ENV{ZEPHYR_BASE})
project(filter_test)

target_include_directories(app PRIVATE ../../src)
target_sources(app PRIVATE
  src/main.c
  ../../src/filter.c
)
""")
        t.write(P("tests/filter/prj.conf"), "CONFIG_ZTEST=y\nCONFIG_ASSERT=y\n")
        t.write(P("tests/filter/testcase.yaml"), """tests:
  soilprobe.filter:
    tags: soilprobe
    platform_allow:
      - native_sim/native/64
    integration_platforms:
      - native_sim/native/64
""")
        t.write(P("tests/filter/src/main.c"), """#include <zephyr/ztest.h>

#include "filter.h"

ZTEST(filter, test_median_single)
{
	const int32_t s[] = {1234};

	zassert_equal(filter_median(s, ARRAY_SIZE(s)), 1234);
}

ZTEST(filter, test_median_odd_count)
{
	const int32_t s[] = {1650, 1702, 1611, 2410, 1648};

	zassert_equal(filter_median(s, ARRAY_SIZE(s)), 1650);
}

ZTEST(filter, test_median_rejects_spike)
{
	const int32_t s[] = {1650, 1651, 3300, 1649, 1652};

	zassert_equal(filter_median(s, ARRAY_SIZE(s)), 1651);
}

ZTEST(filter, test_median_even_count)
{
	const int32_t s[] = {500, 520, 490, 510};

	zassert_equal(filter_median(s, ARRAY_SIZE(s)), 505,
		      "even count should average the middle pair");
}

ZTEST(filter, test_median_does_not_modify_input)
{
	int32_t s[] = {3, 1, 2};

	(void)filter_median(s, ARRAY_SIZE(s));
	zassert_equal(s[0], 3);
	zassert_equal(s[1], 1);
	zassert_equal(s[2], 2);
}

ZTEST_SUITE(filter, NULL, NULL, NULL, NULL, NULL);
""")
        tf = P("tests/filter/src/main.c")
        l_even = line_of(d, tf, "zassert_equal(filter_median(s, ARRAY_SIZE(s)), 505,")
        fail_txt = (f"    Assertion failed at WEST_TOPDIR/soilprobe/tests/filter/src/main.c:{l_even}: "
                    "filter_test_median_even_count: (filter_median(s, ARRAY_SIZE(s)) not equal to 505)\n"
                    "even count should average the middle pair")
        t.fail("west twister -T tests/filter -p native_sim/native/64 -v --inline-logs",
               "Run the filter unit tests on native_sim",
               twister_run([SUITE_FILTER], failing={"soilprobe.filter": {"test_median_even_count": fail_txt}}),
               code=1, timeout=600000)
        t.say("4 of 5 pass; the even-count case fails because `filter_median()` returns the upper of the two middle "
              "values (`tmp[n / 2]`) instead of their mean, which is what the header promises. Fixing the function, "
              "not the test.")
        t.edit(P("src/filter.c"), """	return tmp[n / 2];
}""", """	if ((n % 2U) == 0U) {
		return (tmp[n / 2U - 1U] + tmp[n / 2U]) / 2;
	}
	return tmp[n / 2U];
}""")
        t.bash("west twister -T tests/filter -p native_sim/native/64 -v --inline-logs",
               "Run the filter unit tests on native_sim", out=twister_run([SUITE_FILTER]), timeout=600000)
        t.bash("west build -b nrf52840dk/nrf52840", "Build the app for the DK",
               out=incr_build(B, DK, ["src/filter.c", "src/moisture.c"], (181236, 36412)), timeout=600000)
        t.done("""Done — median-of-5 per sample, no dynamic memory anywhere:

- **`src/filter.c/.h`** — `filter_median(const int32_t *samples, size_t n)`: copies into a fixed `int32_t tmp[FILTER_MAX_SAMPLES]` (9) on the stack, insertion sort, returns the middle value (mean of the middle pair for even `n`). Input untouched, `__ASSERT` on `n`.
- **`src/moisture.c`** — `moisture_read()` now takes `MOISTURE_OVERSAMPLE` (5) SAADC reads 2 ms apart while the excitation is on, converts each to mV and uses the median for both `moisture_mv` and the %VWC. Excitation is on ~13 ms per sample now instead of ~5.
- **`tests/filter`** — ztest suite (5 cases: single, odd, spike rejection, even count, input not modified), `platform_allow: native_sim/native/64`.

Twister caught a real bug on the first run: for an even count the function returned the upper middle value instead of the average; fixed in `filter.c`, all 5 pass now. DK build is fine (FLASH 181236 B / RAM 36412 B).""")

        t = d.task("quick question, no code: would the SAADC's own hardware oversampling (the OVERSAMPLE register, "
                   "oversampling = 4 in the channel config) do the same job as this median?", tags=["noise", "no_tools"])
        t.done("""Not the same job. SAADC oversampling **averages** 2^N conversions in hardware (with `oversampling = 4` that's 16 samples → one result). Averaging reduces white noise nicely, but a single spike still pulls the mean: one 3300 mV outlier among 16 × 1650 mV shifts the result by ~100 mV. A median throws the outlier away completely.

So: for the ±40 mV jitter, hardware oversampling alone would help and costs almost no CPU; for the occasional spike (which looks like interference from the excitation switching or a radio event), the median is the right tool. They combine fine — oversample each of the 5 reads in hardware and take the median of those — at the cost of longer excitation-on time (~16× the acquisition time per read). I'd keep the median as it is and only add `oversampling` if the jitter is still annoying on the real board.""")

        t = d.task("build it for the DK, flash, and do the usual check: boot log over the UART, then read the values "
                   "over BLE with ble_probe so I know the phone side looks sane", tags=["workflow:W1"])
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK", out=no_work(), timeout=600000)
        t.bash("west flash", "Flash the DK", out=west_flash_ok(B, DK_SNR), timeout=300000)
        log = boot_log(DK, DK_ADDR, DK_NAME, [
            (1049812, "<inf> main: moisture 1873 mV vwc=54.57% temp=23.41C rh=47.88%")])
        t.bash(".venv/bin/python tools/uart_capture.py --port /dev/ttyACM0 --reset --seconds 6",
               "Reset the DK and capture 6 s of UART log", out=log, err=uart_tail(log.count("\n") + 1, "/dev/ttyACM0", 6),
               timeout=60000)
        t.bash(".venv/bin/python tools/ble_probe.py read --name SoilProbe-520B", "Read the Soil service over BLE",
               out=probe_read(DK_NAME, DK_ADDR, 54.57, 1873, 23.41, 47.88, 100), timeout=60000)
        t.done(f"""All good on the DK:

- build was already up to date, `west flash` programmed `build/soilprobe/zephyr/zephyr.hex` via the J-Link OB ({DK_SNR}).
- **UART**: boots NCS v3.2.1 / Zephyr 4.2.99, `soilprobe 0.7.0 (nrf52840dk/nrf52840)`, SoftDevice Controller up, identity `{DK_ADDR}`, advertising as `{DK_NAME}`; first sample `1873 mV → 54.57 %VWC, 23.41 °C, 47.88 %RH`.
- **BLE** (`ble_probe.py read`): same values over the Soil service (54.57 %VWC, probe 1873 mV, 23.41 °C, 47.88 %RH), MTU 247, BAS 100 % (it's still the static BAS default — nothing feeds it yet), FW rev `0.7.0`.""")

    APP1 = ["src/main.c", "src/ble.c", "src/filter.c", "src/moisture.c", "src/sensors.c"]

    # ============================================================ S2  Wed 08-19
    with d.session("2026-08-19T10:05:00", R, branch="feat/calib-nvs", version="2.1.99"):
        t = d.task("the calibration (dry/wet endpoints) is still hardcoded in moisture.c from probe #3. store it in NVS on "
                   "the storage partition: load it at boot, fall back to the current values when nothing is stored, and "
                   "give me a calib_store_save() I can call later from a command. plain NVS, not the settings subsystem. "
                   "log with LOG_INF/LOG_WRN under its own module, no printk",
                   tags=["mistake:M2", "pref:P2", "long_output"])
        t.read(P("src/moisture.c"))
        t.read(P("src/moisture.h"))
        t.grep("storage_partition", [P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts")], path=R)
        t.grep("storage_partition", output_mode="content", n=True, path=f"{ZB}/boards/nordic/nrf52840dk",
               content=f"{ZB}/boards/nordic/nrf52840dk/nrf52840dk_nrf52840.dts:281:\t\tstorage_partition: partition@f8000 {{")
        t.write(P("src/calib_store.h"), """#ifndef SOILPROBE_CALIB_STORE_H_
#define SOILPROBE_CALIB_STORE_H_

#include <stdint.h>

/* Two-point calibration of the capacitive probe */
struct calib {
	uint16_t dry_mv; /* probe output in dry air */
	uint16_t wet_mv; /* probe output in water */
};

/* Mount the NVS instance on storage_partition. */
int calib_store_init(void);

/* 0 on success, -ENOENT if nothing (valid) is stored. */
int calib_store_load(struct calib *out);

/* Persist @p c; -EINVAL if dry <= wet. */
int calib_store_save(const struct calib *c);

#endif /* SOILPROBE_CALIB_STORE_H_ */
""")
        t.write(P("src/calib_store.c"), """/*
 * Moisture probe calibration in NVS on storage_partition.
 */

#include <zephyr/kernel.h>
#include <zephyr/device.h>
#include <zephyr/drivers/flash.h>
#include <zephyr/fs/nvs.h>
#include <zephyr/logging/log.h>
#include <zephyr/storage/flash_map.h>

#include "calib_store.h"

LOG_MODULE_REGISTER(calib, LOG_LEVEL_INF);

#define CALIB_NVS_ID  1
#define CALIB_VERSION 1
#define NVS_SECTORS   8 /* the whole 32 KiB storage partition */

struct calib_record {
	uint8_t version;
	uint8_t reserved;
	uint16_t dry_mv;
	uint16_t wet_mv;
} __packed;

static struct nvs_fs fs;
static bool mounted;

int calib_store_init(void)
{
	struct flash_pages_info info;
	int err;

	fs.flash_device = FIXED_PARTITION_DEVICE(storage_partition);
	if (!device_is_ready(fs.flash_device)) {
		LOG_ERR("flash device %s not ready", fs.flash_device->name);
		return -ENODEV;
	}
	fs.offset = FIXED_PARTITION_OFFSET(storage_partition);

	err = flash_get_page_info_by_offs(fs.flash_device, fs.offset, &info);
	if (err) {
		LOG_ERR("flash page info failed (%d)", err);
		return err;
	}
	fs.sector_size = info.size;
	fs.sector_count = NVS_SECTORS;

	err = nvs_mount(&fs);
	if (err) {
		LOG_ERR("nvs_mount failed (%d)", err);
		return err;
	}
	mounted = true;
	return 0;
}

int calib_store_load(struct calib *out)
{
	struct calib_record rec;
	ssize_t len;

	if (!mounted) {
		return -ENODEV;
	}

	len = nvs_read(&fs, CALIB_NVS_ID, &rec, sizeof(rec));
	if (len != sizeof(rec) || rec.version != CALIB_VERSION) {
		return -ENOENT;
	}
	if (rec.dry_mv <= rec.wet_mv) {
		LOG_WRN("stored calibration invalid (dry %u <= wet %u)", rec.dry_mv, rec.wet_mv);
		return -ENOENT;
	}

	out->dry_mv = rec.dry_mv;
	out->wet_mv = rec.wet_mv;
	return 0;
}

int calib_store_save(const struct calib *c)
{
	struct calib_record rec = {
		.version = CALIB_VERSION,
		.dry_mv = c->dry_mv,
		.wet_mv = c->wet_mv,
	};
	ssize_t len;

	if (!mounted) {
		return -ENODEV;
	}
	if (c->dry_mv <= c->wet_mv) {
		return -EINVAL;
	}

	len = nvs_write(&fs, CALIB_NVS_ID, &rec, sizeof(rec));
	if (len < 0) {
		LOG_ERR("nvs_write failed (%d)", (int)len);
		return (int)len;
	}

	LOG_INF("calibration saved: dry=%u mV wet=%u mV", c->dry_mv, c->wet_mv);
	return 0;
}
""")
        t.edit(P("src/moisture.h"), """#include "sample.h"

int moisture_init(void);
int moisture_read(struct soil_sample *s);
""", """#include "calib_store.h"
#include "sample.h"

int moisture_init(void);
int moisture_read(struct soil_sample *s);

/* Calibration currently in use (stored or default) */
void moisture_get_calib(struct calib *c);
void moisture_set_calib(const struct calib *c);
""")
        t.edit(P("src/moisture.c"), """/* Bench calibration of probe #3 (dry air / water cup) */
#define DRY_MV 2710
#define WET_MV 1180
""", """/* Used when nothing is stored: bench calibration of probe #3 (dry air / water cup) */
#define DEFAULT_DRY_MV 2710
#define DEFAULT_WET_MV 1180
""")
        t.edit(P("src/moisture.c"), """static int16_t raw;
static struct adc_sequence seq = {""", """static struct calib cal = {
	.dry_mv = DEFAULT_DRY_MV,
	.wet_mv = DEFAULT_WET_MV,
};

static int16_t raw;
static struct adc_sequence seq = {""")
        t.edit(P("src/moisture.c"), """	err = adc_channel_setup_dt(&probe);
	if (err) {
		return err;
	}

	return adc_sequence_init_dt(&probe, &seq);
}""", """	err = adc_channel_setup_dt(&probe);
	if (err) {
		return err;
	}

	if (calib_store_init() == 0 && calib_store_load(&cal) == 0) {
		LOG_INF("calibration: dry=%u mV wet=%u mV (stored)", cal.dry_mv, cal.wet_mv);
	} else {
		LOG_WRN("no stored calibration, using defaults dry=%u mV wet=%u mV", cal.dry_mv, cal.wet_mv);
	}

	return adc_sequence_init_dt(&probe, &seq);
}

void moisture_get_calib(struct calib *c)
{
	*c = cal;
}

void moisture_set_calib(const struct calib *c)
{
	cal = *c;
}""")
        t.edit(P("src/moisture.c"), """	if (mv >= DRY_MV) {
		return 0;
	}
	if (mv <= WET_MV) {
		return 10000;
	}
	return (uint16_t)(((DRY_MV - mv) * 10000) / (DRY_MV - WET_MV));""", """	if (mv >= cal.dry_mv) {
		return 0;
	}
	if (mv <= cal.wet_mv) {
		return 10000;
	}
	return (uint16_t)(((cal.dry_mv - mv) * 10000) / (cal.dry_mv - cal.wet_mv));""")
        t.read(P("CMakeLists.txt"))
        t.edit(P("CMakeLists.txt"), """  src/ble.c
  src/filter.c""", """  src/ble.c
  src/calib_store.c
  src/filter.c""")
        t.read(P("prj.conf"))
        t.edit(P("prj.conf"), """CONFIG_I2C=y
""", """CONFIG_I2C=y

# Calibration storage (NVS on storage_partition)
CONFIG_FLASH_MAP=y
CONFIG_NVS=y
""")
        APP2 = ["src/main.c", "src/ble.c", "src/calib_store.c", "src/filter.c", "src/moisture.c", "src/sensors.c"]
        cs = P("src/calib_store.c")
        ord_flash = 97
        ld_err = (
            f"{LD}: app/libapp.a(calib_store.c.obj): in function `calib_store_init':\n"
            f"{cs}:{line_of(d, cs, 'fs.flash_device = FIXED_PARTITION_DEVICE')}:(.text.calib_store_init+0x6): "
            f"undefined reference to `__device_dts_ord_{ord_flash}'\n"
            f"{LD}: {cs}:{line_of(d, cs, 'err = flash_get_page_info_by_offs')}:(.text.calib_store_init+0x2a): "
            "undefined reference to `z_impl_flash_get_page_info_by_offs'\n"
            f"{LD}: {cs}:{line_of(d, cs, 'err = nvs_mount(&fs);')}:(.text.calib_store_init+0x4e): undefined reference "
            "to `nvs_mount'\n"
            f"{LD}: app/libapp.a(calib_store.c.obj): in function `calib_store_load':\n"
            f"{cs}:{line_of(d, cs, 'len = nvs_read(')}:(.text.calib_store_load+0x16): undefined reference to `nvs_read'\n"
            f"{LD}: app/libapp.a(calib_store.c.obj): in function `calib_store_save':\n"
            f"{cs}:{line_of(d, cs, 'len = nvs_write(')}:(.text.calib_store_save+0x2c): undefined reference to "
            "`nvs_write'\n"
            "collect2: error: ld returned 1 exit status")
        warns_nvs = [kwarn("FLASH_MAP", "subsys/storage/flash_map/Kconfig:5", "y", "n", ["FLASH"]),
                     kwarn("NVS", "subsys/fs/nvs/Kconfig:6", "y", "n", ["FLASH"])]
        t.fail("west build -b nrf52840dk/nrf52840", "Build for the DK",
               conf_rebuild(B, DK, PRJ, APP2, warnings=warns_nvs, fail=("link", ld_err)), code=1, timeout=600000)
        t.say("The link errors (`nvs_mount`, `nvs_read`, `nvs_write`, the flash page-layout call and a missing device "
              "object) are only the symptom. Further up, during the CMake re-run, Kconfig warned that `FLASH_MAP` and "
              "`NVS` were assigned `y` but got `n` because they depend on `FLASH`, which this configuration doesn't "
              "enable — so neither NVS nor the flash driver got compiled in. Checking the generated config.")
        t.bash(f"grep -nE '^(# )?CONFIG_(FLASH|FLASH_MAP|NVS)[ =]' {B}/soilprobe/zephyr/.config",
               "Check flash/NVS symbols in the generated .config", out="1187:# CONFIG_FLASH is not set")
        t.edit(P("prj.conf"), """CONFIG_FLASH_MAP=y
CONFIG_NVS=y""", """CONFIG_FLASH=y
CONFIG_FLASH_MAP=y
CONFIG_NVS=y""")
        MEM_NVS = (187948, 37124)
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK",
               out=conf_rebuild(B, DK, PRJ, APP2, mem=MEM_NVS, nvs=True), timeout=600000)
        t.say("Clean build. `-DFILE_SUFFIX=release` swaps prj.conf for prj_release.conf entirely, so the release "
              "config needs the same storage options or it won't link.")
        t.read(P("prj_release.conf"))
        t.edit(P("prj_release.conf"), """CONFIG_I2C=y

CONFIG_HEAP_MEM_POOL_SIZE=0""", """CONFIG_I2C=y

# Calibration storage (NVS on storage_partition)
CONFIG_FLASH=y
CONFIG_FLASH_MAP=y
CONFIG_NVS=y

CONFIG_HEAP_MEM_POOL_SIZE=0""")
        t.bash("west flash", "Flash the DK", out=west_flash_ok(B, DK_SNR), timeout=300000)
        log = boot_log(DK, DK_ADDR, DK_NAME, [
            (1061044, "<inf> main: moisture 1868 mV vwc=55.03% temp=23.62C rh=46.91%")],
            extra_boot=[(4871, "<inf> fs_nvs: 8 Sectors of 4096 bytes"),
                        (4902, "<inf> fs_nvs: alloc wra: 0, fe8"),
                        (4932, "<inf> fs_nvs: data wra: 0, 0"),
                        (4962, "<wrn> moisture: no stored calibration, using defaults dry=2710 mV wet=1180 mV")])
        t.bash(".venv/bin/python tools/uart_capture.py --port /dev/ttyACM0 --reset --seconds 6",
               "Capture the boot log", out=log, err=uart_tail(log.count("\n") + 1, "/dev/ttyACM0", 6), timeout=60000)
        t.done("""Calibration now lives in NVS:

- **`src/calib_store.c/.h`** (log module `calib`): NVS instance on `storage_partition` (8 × 4 KiB sectors), one record under id 1: `{version, dry_mv, wet_mv}`. `calib_store_load()` returns `-ENOENT` for missing/old/implausible records, `calib_store_save()` rejects `dry <= wet` with `-EINVAL`.
- **`moisture.c`**: the old defines became `DEFAULT_DRY_MV/DEFAULT_WET_MV`; `moisture_init()` mounts the store and loads the record, otherwise logs `LOG_WRN` and keeps the defaults. `moisture_get_calib()/moisture_set_calib()` let a future command apply new values without a reboot.
- **Config**: `CONFIG_FLASH=y`, `CONFIG_FLASH_MAP=y`, `CONFIG_NVS=y` in `prj.conf` **and** `prj_release.conf`.

The first build failed at link time (`nvs_mount`/`nvs_read`/`nvs_write` undefined). The actual cause was the Kconfig warning further up: `NVS` and `FLASH_MAP` depend on `FLASH`, which wasn't enabled, so Kconfig silently turned both off. Adding `CONFIG_FLASH=y` fixed it.

On the DK: `fs_nvs: 8 Sectors of 4096 bytes`, and since nothing is stored yet: `no stored calibration, using defaults dry=2710 mV wet=1180 mV`.""")

        t = d.task("now the number I actually need this week: build the release config for the DK and measure the "
                   "average current with the PPK2. it's on /dev/ttyACM1, DK powered through the current measurement "
                   "header at 3.0 V. 60 s after the usual settle is enough. we promised the field trial < 45 uA",
                   tags=["workflow:W3", "long_output"])
        MEM_REL1 = (152116, 30940)
        t.bash("west build -b nrf52840dk/nrf52840 -d build_rel -- -DFILE_SUFFIX=release",
               "Build the release configuration for the DK",
               out=pristine_build(f"{R}/build_rel", DK, REL, MEM_REL1, extra_app=APP2, logging=False, nvs=True),
               timeout=600000)
        t.bash("west flash -d build_rel", "Flash the release image", out=west_flash_ok(f"{R}/build_rel", DK_SNR),
               timeout=300000)
        t.bash(".venv/bin/python tools/ppk_measure.py --port /dev/ttyACM1 --voltage 3000 --seconds 60",
               "Measure average current with the PPK2", out=ppk_out(41.7, 612, 8.93), timeout=180000)
        t.done("""**41.7 µA average** at 3.0 V over 60 s (release config, DK through the current-measurement header, after 5 s settle) — under the 45 µA promise, but only by ~7 %.

| | |
|---|---|
| average | 41.7 µA |
| p99 | 612 µA (advertising events) |
| peak | 8.93 mA (radio TX) |
| estimate | ~5.7 years on 2600 mAh at 80 % usable |

Most of the average is advertising at 1 s intervals; the 60 s sample (13 ms of excitation + 5 SAADC reads + the SHT40) barely registers. If we need margin, the adv interval is the lever — 1.5 s would save roughly a third of the radio share. Note the DK adds a few µA of its own compared to the real board.""")

        t = d.task("the app team keeps asking whether we should move to the Environmental Sensing Service instead of our "
                   "custom Soil service. what does ESS actually specify for temperature and humidity, and is there "
                   "anything for soil moisture? summary only, no code", tags=["noise", "webfetch"])
        t.webfetch("https://www.bluetooth.com/specifications/specs/environmental-sensing-service-1-0/",
                   "What does the Environmental Sensing Service specify: characteristics, formats, descriptors, "
                   "notification/trigger behaviour; anything on soil moisture?",
                   """The Environmental Sensing Service (ESS, UUID 0x181A) exposes measurement data from an environmental sensor. Key points from the specification:

- The service may contain one or more instances of Environmental Sensing characteristics, each typed by UUID, for example Temperature (0x2A6E, sint16, 0.01 °C), Humidity (0x2A6F, uint16, 0.01 %), Pressure (0x2A6D, uint32, 0.1 Pa), plus others such as UV Index, Irradiance, Dew Point, Rainfall and Wind characteristics defined in the GATT Specification Supplement.
- Each characteristic shall support Read; Notify is optional. If notifications are supported, an ES Trigger Setting descriptor (0x290D) defines when a notification is sent (fixed interval, on change, above/below a threshold).
- The ES Measurement descriptor (0x290C) describes sampling function, measurement period, update interval, application (e.g. Air, Water, Soil) and measurement uncertainty. An ES Configuration descriptor (0x290B) applies when several trigger settings are used.
- Multiple instances of the same characteristic type are allowed (e.g. two temperatures) and are distinguished by their descriptors.
- The specification does not define a soil moisture characteristic; the "application" field of the ES Measurement descriptor includes a Soil value, so a Humidity or other characteristic can be marked as measured in soil.
- Security requirements are left to the profile using the service.""")
        t.done("""**ESS (0x181A) in short**
- **Temperature 0x2A6E**: `sint16`, 0.01 °C. **Humidity 0x2A6F**: `uint16`, 0.01 % — the exact encodings we already use, so the SHT40 values would map 1:1.
- Read is mandatory, notify optional; if you notify, each characteristic needs an **ES Trigger Setting** descriptor (0x290D: fixed interval / on change / thresholds) and usually an **ES Measurement** descriptor (0x290C: sampling function, period, update interval, *application*, uncertainty).
- Multiple instances of the same type are allowed and told apart by their descriptors.

**Soil moisture**: there is no soil moisture characteristic. The closest is abusing Humidity with the ES Measurement "application = Soil" — technically allowed, but a generic ESS client would show it as "humidity 54 %", which is wrong (it's %VWC, a different quantity).

**My take**: moving temperature/humidity to ESS gets you interoperability with generic apps/gateways for those two; moisture and the raw mV would stay in a custom service anyway. So the app team would have to handle both. Reasonable middle ground: add ESS for temp/RH *alongside* the Soil service rather than replacing it.""")

    # ============================================================ S3  Mon 08-24
    with d.session("2026-08-24T09:30:00", R, branch="feat/battery", version="2.1.100"):
        t = d.task("morning! rebuild the debug build for the DK, flash it and do the usual check — boot log and a BLE read. "
                   "I want to see the calibration code runs on the current main", tags=["mistake:M1", "workflow:W1"])
        t.bash("west build -b nrf52840dk/nrf52840", "Build the debug image for the DK", out=no_work(), timeout=600000)
        t.fail("west flash", "Flash the DK", west_flash_protected(B, DK_SNR, "device_info"), code=24, timeout=300000)
        t.say("The DK refuses to be programmed: readback protection (APPROTECT) is on. It's still running the release "
              "image from Wednesday's current measurement — checking whether the release config locks the port.")
        t.grep("APPROTECT", output_mode="content", n=True, path=R, glob="*.conf",
               content=f"{R}/prj_release.conf:{line_of(d, P('prj_release.conf'), 'APPROTECT_LOCK')}:"
                       "CONFIG_NRF_APPROTECT_LOCK=y")
        t.bash("west flash --recover", "Recover (unlock + full erase) and flash the DK",
               out=west_flash_ok(B, DK_SNR, recover=True), timeout=300000)
        log = boot_log(DK, DK_ADDR, DK_NAME, [
            (1058913, "<inf> main: moisture 1881 mV vwc=54.18% temp=22.97C rh=49.36%")],
            extra_boot=[(4866, "<inf> fs_nvs: 8 Sectors of 4096 bytes"),
                        (4897, "<inf> fs_nvs: alloc wra: 0, fe8"),
                        (4927, "<inf> fs_nvs: data wra: 0, 0"),
                        (4958, "<wrn> moisture: no stored calibration, using defaults dry=2710 mV wet=1180 mV")])
        t.bash(".venv/bin/python tools/uart_capture.py --port /dev/ttyACM0 --reset --seconds 6",
               "Capture the boot log", out=log, err=uart_tail(log.count("\n") + 1, "/dev/ttyACM0", 6), timeout=60000)
        t.bash(".venv/bin/python tools/ble_probe.py read --name SoilProbe-520B", "Read the Soil service over BLE",
               out=probe_read(DK_NAME, DK_ADDR, 54.18, 1881, 22.97, 49.36, 100), timeout=60000)
        t.done("""Done, but the flash needed one extra step:

- `west flash` failed with *"Flashing failed because the target must be recovered"* — the DK still had Wednesday's **release** image on it, and `prj_release.conf` sets `CONFIG_NRF_APPROTECT_LOCK=y`, so the chip locked its debug port at boot.
- `west flash --recover` unlocked it (full chip erase) and programmed the debug build.

Check:
- **UART**: boots fine, NVS mounts (`8 Sectors of 4096 bytes`), `no stored calibration, using defaults dry=2710 mV wet=1180 mV` — expected, the recover also erased the storage partition. First sample 1881 mV → 54.18 %VWC, 22.97 °C, 49.36 %RH.
- **BLE**: same values over the Soil service, MTU 247, FW 0.7.0, BAS still the static 100 %.""")

        t = d.task("next up, battery level. sample VDD on the SAADC every 10 minutes and push it into the BAS level. put it "
                   "in its own thread with k_sleep in a loop — I like periodic jobs as plain threads, they're easier to "
                   "follow in the debugger. mapping for 2x AA lithium: 3.0 V = 100 %, 2.0 V = 0 %, linear is fine for "
                   "now. keep the mV→% function somewhere testable and give it a ztest suite", tags=["pref:P3"])
        t.read(P("boards/nrf52840dk_nrf52840.overlay"))
        vdd_ch = """
	channel@7 {
		reg = <7>;
		zephyr,gain = "ADC_GAIN_1_6";
		zephyr,reference = "ADC_REF_INTERNAL";
		zephyr,acquisition-time = <ADC_ACQ_TIME(ADC_ACQ_TIME_MICROSECONDS, 40)>;
		zephyr,input-positive = <NRF_SAADC_VDD>;
		zephyr,resolution = <12>;
	};
};"""
        t.edit(P("boards/nrf52840dk_nrf52840.overlay"), """		io-channels = <&adc 1>;
		moisture-power-gpios = <&gpio0 28 GPIO_ACTIVE_HIGH>;""", """		io-channels = <&adc 1>, <&adc 7>;
		io-channel-names = "moisture", "vdd";
		moisture-power-gpios = <&gpio0 28 GPIO_ACTIVE_HIGH>;""")
        t.edit(P("boards/nrf52840dk_nrf52840.overlay"), """		zephyr,input-positive = <NRF_SAADC_AIN1>;
		zephyr,resolution = <12>;
	};
};""", """		zephyr,input-positive = <NRF_SAADC_AIN1>;
		zephyr,resolution = <12>;
	};
""" + vdd_ch)
        t.read(P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"))
        t.edit(P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"), """		io-channels = <&adc 1>;
		moisture-power-gpios = <&gpio0 13 GPIO_ACTIVE_HIGH>;""", """		io-channels = <&adc 1>, <&adc 7>;
		io-channel-names = "moisture", "vdd";
		moisture-power-gpios = <&gpio0 13 GPIO_ACTIVE_HIGH>;""")
        t.edit(P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"), """		zephyr,input-positive = <NRF_SAADC_AIN1>;
		zephyr,resolution = <12>;
	};
};""", """		zephyr,input-positive = <NRF_SAADC_AIN1>;
		zephyr,resolution = <12>;
	};
""" + vdd_ch)
        t.write(P("src/battery_curve.h"), """#ifndef SOILPROBE_BATTERY_CURVE_H_
#define SOILPROBE_BATTERY_CURVE_H_

#include <stdint.h>

/* 2x AA lithium in series: linear between empty and full for now */
#define BATTERY_FULL_MV  3000
#define BATTERY_EMPTY_MV 2000

uint8_t battery_mv_to_percent(int32_t mv);

#endif /* SOILPROBE_BATTERY_CURVE_H_ */
""")
        t.write(P("src/battery_curve.c"), """#include "battery_curve.h"

uint8_t battery_mv_to_percent(int32_t mv)
{
	if (mv >= BATTERY_FULL_MV) {
		return 100;
	}
	if (mv <= BATTERY_EMPTY_MV) {
		return 0;
	}
	return (uint8_t)(((mv - BATTERY_EMPTY_MV) * 100) / (BATTERY_FULL_MV - BATTERY_EMPTY_MV));
}
""")
        t.write(P("src/battery.c"), """/*
 * Battery level: VDD on the SAADC every 10 minutes, reported through BAS.
 */

#include <zephyr/kernel.h>
#include <zephyr/bluetooth/services/bas.h>
#include <zephyr/drivers/adc.h>
#include <zephyr/logging/log.h>

#include "battery_curve.h"

LOG_MODULE_REGISTER(battery, LOG_LEVEL_INF);

#define BATTERY_PERIOD     K_MINUTES(10)
#define BATTERY_STACK_SIZE 1024
#define BATTERY_PRIORITY   7

static const struct adc_dt_spec vdd = ADC_DT_SPEC_GET_BY_NAME(DT_PATH(zephyr_user), vdd);

static int16_t raw;
static struct adc_sequence seq = {
	.buffer = &raw,
	.buffer_size = sizeof(raw),
};

static int battery_sample(void)
{
	int32_t mv;
	uint8_t pct;
	int err;

	err = adc_read_dt(&vdd, &seq);
	if (err) {
		return err;
	}
	mv = raw;
	adc_raw_to_millivolts_dt(&vdd, &mv);

	pct = battery_mv_to_percent(mv);
	bt_bas_set_battery_level(pct);
	LOG_INF("battery %d mV -> %u %%", mv, pct);
	return 0;
}

static void battery_thread(void *p1, void *p2, void *p3)
{
	ARG_UNUSED(p1);
	ARG_UNUSED(p2);
	ARG_UNUSED(p3);

	if (!adc_is_ready_dt(&vdd) || adc_channel_setup_dt(&vdd) != 0 ||
	    adc_sequence_init_dt(&vdd, &seq) != 0) {
		LOG_ERR("VDD channel not available");
		return;
	}

	while (1) {
		int err = battery_sample();

		if (err) {
			LOG_WRN("battery sample failed (%d)", err);
		}
		k_sleep(BATTERY_PERIOD);
	}
}

K_THREAD_DEFINE(battery_tid, BATTERY_STACK_SIZE, battery_thread, NULL, NULL, NULL, BATTERY_PRIORITY, 0, 0);
""")
        t.read(P("CMakeLists.txt"))
        t.edit(P("CMakeLists.txt"), """  src/main.c
  src/ble.c""", """  src/main.c
  src/battery.c
  src/battery_curve.c
  src/ble.c""")
        t.write(P("tests/battery/CMakeLists.txt"), """cmake_minimum_required(VERSION 3.20.0)

find_package(Zephyr REQUIRED HINTS $ENV{ZEPHYR_BASE})
project(battery_curve_test)

target_include_directories(app PRIVATE ../../src)
target_sources(app PRIVATE
  src/main.c
  ../../src/battery_curve.c
)
""")
        t.write(P("tests/battery/prj.conf"), "CONFIG_ZTEST=y\n")
        t.write(P("tests/battery/testcase.yaml"), """tests:
  soilprobe.battery_curve:
    tags: soilprobe
    platform_allow:
      - native_sim/native/64
    integration_platforms:
      - native_sim/native/64
""")
        t.write(P("tests/battery/src/main.c"), """#include <zephyr/ztest.h>

#include "battery_curve.h"

ZTEST(battery_curve, test_above_full_clamps)
{
	zassert_equal(battery_mv_to_percent(3000), 100);
	zassert_equal(battery_mv_to_percent(3300), 100);
}

ZTEST(battery_curve, test_below_empty_clamps)
{
	zassert_equal(battery_mv_to_percent(2000), 0);
	zassert_equal(battery_mv_to_percent(1800), 0);
}

ZTEST(battery_curve, test_midpoint)
{
	zassert_equal(battery_mv_to_percent(2500), 50);
}

ZTEST(battery_curve, test_monotonic)
{
	uint8_t prev = 0;

	for (int32_t mv = 1900; mv <= 3100; mv += 10) {
		uint8_t p = battery_mv_to_percent(mv);

		zassert_true(p >= prev, "not monotonic at %d mV", mv);
		prev = p;
	}
}

ZTEST_SUITE(battery_curve, NULL, NULL, NULL, NULL, NULL);
""")
        t.bash("west twister -T tests/battery -p native_sim/native/64 -v --inline-logs",
               "Run the battery curve unit tests", out=twister_run([SUITE_BATT]), timeout=600000)
        APP3 = ["src/main.c", "src/battery.c", "src/battery_curve.c", "src/ble.c", "src/calib_store.c",
                "src/filter.c", "src/moisture.c", "src/sensors.c"]
        MEM_BATT = (189404, 38352)
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK",
               out=conf_rebuild(B, DK, PRJ, APP3, mem=MEM_BATT, nvs=True), timeout=600000)
        t.done("""Battery reporting is in:

- **Devicetree**: VDD as SAADC channel 7 (`NRF_SAADC_VDD`, gain 1/6, internal ref) in the DK overlay *and* our board dts; `zephyr,user` now has `io-channel-names = "moisture", "vdd"` (moisture still index 0, so `moisture.c` is unchanged).
- **`src/battery.c`**: `K_THREAD_DEFINE(battery_tid, 1024, …, prio 7)` — a plain loop: read VDD, convert, `bt_bas_set_battery_level()`, `LOG_INF("battery %d mV -> %u %%")`, `k_sleep(K_MINUTES(10))`. First sample right at boot, so BAS isn't stuck at 100 until the first 10 minutes pass.
- **`src/battery_curve.c/.h`**: `battery_mv_to_percent()` — 3000 mV → 100 %, 2000 mV → 0 %, linear and clamped. Pure function, no Zephyr deps.
- **`tests/battery`**: 4 ztest cases (clamping both ends, midpoint, monotonic sweep) — pass on native_sim/native/64.

DK build is clean: FLASH 189404 B, RAM 38352 B (+1.2 KB RAM, mostly the thread stack). Not flashed yet.""")

        t = d.task("write docs/calibration.md for the production people: how to calibrate a probe (dry air, then a cup of "
                   "water), what the two numbers mean, where they're stored and what happens when there's nothing "
                   "stored. Jonas will review it", tags=["noise"])
        t.read(P("src/calib_store.h"))
        t.write(P("docs/calibration.md"), """# Moisture probe calibration

This document describes how a SoilProbe's capacitive moisture sensor is calibrated during production, what the
calibration values mean, how they are stored on the device and how the firmware behaves when no calibration is
present.

## Background

The SoilProbe measures soil moisture with a capacitive probe. The probe is excited by the firmware for a few
milliseconds per sample and produces an output voltage that is read by the nRF52840's SAADC. The output voltage
*falls* as the dielectric constant around the probe rises, i.e. as the soil gets wetter. Because of tolerances in the
probe PCB, the coating thickness and the analog front-end, every probe has a slightly different voltage range, which is
why each unit needs its own two-point calibration.

The firmware converts a probe reading into volumetric water content (%VWC) with a linear interpolation between two
reference points:

- **dry** (`dry_mv`): the probe output in dry air, in millivolts. This is the *highest* voltage the probe produces and
  maps to 0 %VWC.
- **wet** (`wet_mv`): the probe output fully immersed in water, in millivolts. This is the *lowest* voltage and maps to
  100 %VWC.

Readings above `dry_mv` are reported as 0 %, readings below `wet_mv` as 100 %.

## Equipment

- The probe under test, assembled and coated, connected to a powered SoilProbe main board (or the nRF52840 DK bench
  setup).
- A cup of tap water at room temperature (18–25 °C), deep enough to immerse the probe up to the marking line.
- A lint-free cloth.
- The test jig PC with the UART log open (115200 baud) or a BLE connection.

## Procedure

1. **Prepare the probe.** Make sure the probe is clean and completely dry. Wipe it with the cloth and wait at least
   one minute if it was handled with wet hands.
2. **Dry point.** Hold or mount the probe in free air, at least 5 cm away from any surface, hands and cables. Let
   the firmware take at least three samples (the sampling interval is 60 s by default; the raw value is also
   available over BLE in the *raw probe mV* characteristic). Note the median of the readings as `dry_mv`.
   Typical values are between 2600 and 2800 mV.
3. **Wet point.** Immerse the probe in the water up to the marking line. Do not immerse the electronics above the
   line. Wait 30 s for the reading to settle, then record at least three samples and note the median as `wet_mv`.
   Typical values are between 1100 and 1300 mV.
4. **Plausibility check.** `dry_mv` must be larger than `wet_mv`. A difference of less than 1000 mV indicates a
   defective probe or a coating problem; reject the unit.
5. **Store the values** on the device (see below).
6. **Verify.** Reset the device and check the boot log for
   `calibration: dry=<dry> mV wet=<wet> mV (stored)`. Dip the probe again and check that the reported moisture is
   close to 100 %, then dry it and check it goes back towards 0 %.
7. Dry the probe with the cloth before packing.

## Storage on the device

The calibration is stored in the nRF52840's internal flash using Zephyr's NVS (non-volatile storage) on the
`storage_partition` (32 KiB at the end of the flash, 8 sectors of 4 KiB). It is a single record with NVS id 1:

| field | type | meaning |
|---|---|---|
| `version` | uint8 | record format version, currently 1 |
| `reserved` | uint8 | 0 |
| `dry_mv` | uint16 | dry point in mV |
| `wet_mv` | uint16 | wet point in mV |

The firmware API is in `src/calib_store.h`:

- `calib_store_load()` reads the record; it returns `-ENOENT` if there is no record, if the version does not match or
  if the values are implausible (`dry_mv <= wet_mv`).
- `calib_store_save()` writes a new record; it rejects implausible values with `-EINVAL`. Writing is wear-levelled by
  NVS, so calibrating a unit several times is not a problem.

A command to write the calibration from the production jig (over BLE) is planned; until then the values can only be
written from firmware.

## When nothing is stored

If no valid record is found at boot, the firmware logs

```
<wrn> moisture: no stored calibration, using defaults dry=2710 mV wet=1180 mV
```

and uses the bench calibration of probe #3 as a fallback. The device works, but the moisture values can be off by
±10 %VWC or more. Units must not leave production in this state.

Note that a full chip erase (for example recovering a locked device) also erases the storage partition, so the
calibration has to be repeated afterwards.

## Troubleshooting

| symptom | likely cause |
|---|---|
| dry reading below 2000 mV | probe touching something, wet coating, or damaged probe |
| wet reading above 1600 mV | probe not immersed deep enough |
| readings jump by more than 50 mV | loose connector, check the excitation line |
| `nvs_mount failed` in the log | flash partition corrupted; erase the storage partition and recalibrate |
""")
        t.done("""Wrote `docs/calibration.md`: background on the two-point calibration (dry = highest mV = 0 %VWC, wet = lowest mV = 100 %VWC), equipment, a 7-step procedure with typical values and a plausibility check (reject if dry − wet < 1000 mV), how the record is stored (NVS id 1 on `storage_partition`, record layout, `calib_store_load/save` semantics), what the firmware does without a record (the `LOG_WRN` line and the probe #3 fallback), a note that a full erase/recover wipes it, and a troubleshooting table. The jig command is mentioned as "planned" since it doesn't exist yet.""")

        t = d.task("quick one, no code: PM_DEVICE vs PM_DEVICE_RUNTIME for the I2C bus and the SHT40 between samples — "
                   "which one do we want? short answer", tags=["noise", "no_tools"])
        t.done("""**PM_DEVICE_RUNTIME**, if anything.

- `CONFIG_PM_DEVICE` alone only gives you the hooks: you'd call `pm_device_action_run(dev, SUSPEND/RESUME)` by hand around every use.
- `CONFIG_PM_DEVICE_RUNTIME` (on top of it) reference-counts: drivers that support it (nRF TWIM/TWI, UARTE, the sht4x driver via the bus) get resumed on `pm_device_runtime_get()` and suspended on the last `put()`. With `zephyr,pm-device-runtime-auto` on the node it's enabled at boot, no app code.

That said, on the nRF52 the TWI/TWIM peripheral draws essentially nothing while idle (it's not clocked between transfers), so for the I2C bus the gain is small. The UART is the one that matters — it keeps the HFCLK request alive (~500 µA) — but the release build disables it anyway. I'd not bother for the I2C bus until a PPK trace shows it.""")

    # ============================================================ S4  Wed 08-26  (acceptEdits)
    d.files[f"{ZB}/dts/bindings/sensor/sensirion,sht4x.yaml"] = """#
# Copyright (c) 2021, Leonard Pollak
#
# SPDX-License-Identifier: Apache-2.0

description: Sensirion SHT4x humidity and temperature sensor

compatible: "sensirion,sht4x"

include: [sensor-device.yaml, i2c-device.yaml]

properties:
  repeatability:
    type: int
    required: true
    description: |
      Repeatability of the T/RH Measurement
      0 = low -> 1.7 ms
      1 = med -> 4.5 ms
      2 = high -> 8.2 ms
    enum:
      - 0
      - 1
      - 2
"""
    APP3 = ["src/main.c", "src/battery.c", "src/battery_curve.c", "src/ble.c", "src/calib_store.c", "src/filter.c",
            "src/moisture.c", "src/sensors.c"]
    with d.session("2026-08-26T13:20:00", R, branch="feat/battery", version="2.1.101", permission_mode="acceptEdits"):
        t = d.task("flash the battery build on the DK and read the BAS level over BLE with ble_probe — I want to see a "
                   "real number there, not the static 100", tags=["mistake:M3"])
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK", out=no_work(), timeout=600000)
        t.bash("west flash", "Flash the DK", out=west_flash_ok(B, DK_SNR), timeout=300000)
        t.fail(".venv/bin/python tools/ble_probe.py read --name SoilProbe-520B", "Read the Soil service and BAS over BLE",
               bleak_tb(d, "read"), code=1, timeout=60000)
        t.say("That's the laptop, not the DK: bleak found no *powered* Bluetooth adapter. Checking the controller state.")
        t.bash("bluetoothctl show", "Show the laptop's Bluetooth controller", out=bt_show(False))
        t.bash("bluetoothctl power on", "Power on the Bluetooth controller", out=BT_POWER_ON)
        t.bash(".venv/bin/python tools/ble_probe.py read --name SoilProbe-520B", "Read the Soil service and BAS over BLE",
               out=probe_read(DK_NAME, DK_ADDR, 54.44, 1877, 23.18, 48.02, 99), timeout=60000)
        t.done(f"""BAS now reports **99 %** — the DK runs from its 3.0 V regulator, so VDD reads ~2990 mV, which the linear 2.0–3.0 V curve maps to 99 %. Not the static 100 anymore.

The first read failed before it ever reached the DK: the laptop's Bluetooth controller was powered off (`bluetoothctl show` → `Powered: no`), and bleak raised `BleakBluetoothNotAvailableError: No powered Bluetooth adapters found`. `bluetoothctl power on` fixed it and the same `ble_probe.py read` went through: 54.44 %VWC (1877 mV), 23.18 °C, 48.02 %RH, FW 0.7.0.""")

        t = d.task("battery work is done. usual routine before the MR: unit tests, check our own board still builds, then "
                   "commit, push feat/battery and open the MR against main", tags=["workflow:W2", "long_output"])
        t.bash("git status --short", "Show changed files", out=""" M CMakeLists.txt
 M boards/loamwise/soilprobe/soilprobe_nrf52840.dts
 M boards/nrf52840dk_nrf52840.overlay
?? docs/calibration.md
?? src/battery.c
?? src/battery_curve.c
?? src/battery_curve.h
?? tests/battery/""")
        t.bash(TWCMD, "Run all unit tests on native_sim", out=twister_run([SUITE_BATT, SUITE_FILTER]), timeout=900000)
        t.bash("west build -b soilprobe/nrf52840 -d build_sp -p", "Pristine build for our board (rev B)",
               out=pristine_build(f"{R}/build_sp", SPB, PRJ, (189196, 38300), extra_app=APP3, nvs=True),
               timeout=900000)
        s1 = sha()
        t.bash('git add -A && git commit -m "battery: report VDD through BAS every 10 min" -m "VDD on SAADC channel 7 '
               '(DK overlay and soilprobe dts), linear 2.0-3.0 V curve for 2x AA lithium with ztest suite. Also adds '
               'docs/calibration.md."', "Commit the battery work",
               out=commit_out("feat/battery", s1, "battery: report VDD through BAS every 10 min", 9, 311, 4,
                              ["docs/calibration.md", "src/battery.c", "src/battery_curve.c", "src/battery_curve.h",
                               "tests/battery/CMakeLists.txt", "tests/battery/prj.conf", "tests/battery/src/main.c",
                               "tests/battery/testcase.yaml"]))
        t.bash("git push -u origin feat/battery", "Push the branch", err=push_new("feat/battery"), timeout=120000)
        t.bash('glab mr create --title "battery: report VDD through BAS every 10 min" --description "- VDD on SAADC '
               'channel 7 (DK overlay + soilprobe dts), sampled at boot and every 10 min in its own thread\\n- '
               'battery_mv_to_percent(): linear 2.0-3.0 V for 2x AA lithium, ztest suite in tests/battery\\n- '
               'docs/calibration.md for production\\n\\nTwister green on native_sim/native/64, soilprobe/nrf52840 '
               'builds." --target-branch main --remove-source-branch --yes', "Open the merge request",
               out=glab_mr("feat/battery", 41, "battery: report VDD through BAS every 10 min"), timeout=120000)
        t.done(f"""MR is up: **!41** https://{GL_HOST}/{GL_PROJ}/-/merge_requests/41

- twister: `soilprobe.battery_curve` (4) and `soilprobe.filter` (5) pass on native_sim/native/64
- `soilprobe/nrf52840` (rev B) pristine build OK — FLASH 189196 B, RAM 38300 B
- commit `{s1}` "battery: report VDD through BAS every 10 min" (battery thread + curve + tests, devicetree for both boards, docs/calibration.md), pushed `feat/battery`, MR targets `main` and removes the source branch on merge""")

        t = d.task("Jonas's raw I2C code for the SHT40 in sensors.c has no CRC check and busy-waits. switch it to Zephyr's "
                   "sht4x driver through the sensor API — add the node to the DK overlay (the breakout sits on the "
                   "Arduino I2C at 0x44) and to our board dts (i2c0, also 0x44). and keep it off the heap like the rest "
                   "of the firmware, no k_malloc anywhere", tags=["oneoff:O2", "pref:P1"])
        t.read(P("src/sensors.c"))
        t.read(P("boards/nrf52840dk_nrf52840.overlay"))
        t.edit(P("boards/nrf52840dk_nrf52840.overlay"), """		zephyr,input-positive = <NRF_SAADC_VDD>;
		zephyr,resolution = <12>;
	};
};""", """		zephyr,input-positive = <NRF_SAADC_VDD>;
		zephyr,resolution = <12>;
	};
};

&arduino_i2c {
	sht40: sht4x@44 {
		compatible = "sensirion,sht4x";
		reg = <0x44>;
	};
};""")
        t.read(P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"))
        t.edit(P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"), """	pinctrl-0 = <&i2c0_default>;
	pinctrl-1 = <&i2c0_sleep>;
	pinctrl-names = "default", "sleep";
};""", """	pinctrl-0 = <&i2c0_default>;
	pinctrl-1 = <&i2c0_sleep>;
	pinctrl-names = "default", "sleep";

	sht40: sht4x@44 {
		compatible = "sensirion,sht4x";
		reg = <0x44>;
	};
};""")
        t.write(P("src/sensors.c"), """/*
 * SHT40 through the Zephyr sht4x driver (sensor API).
 */

#include <zephyr/kernel.h>
#include <zephyr/device.h>
#include <zephyr/drivers/sensor.h>
#include <zephyr/logging/log.h>
#include <zephyr/sys/util.h>

#include "sensors.h"

LOG_MODULE_REGISTER(sensors, LOG_LEVEL_INF);

static const struct device *const sht = DEVICE_DT_GET(DT_NODELABEL(sht40));

int sensors_init(void)
{
	return device_is_ready(sht) ? 0 : -ENODEV;
}

int sensors_read(struct soil_sample *s)
{
	struct sensor_value t, rh;
	int err;

	s->env_valid = false;

	err = sensor_sample_fetch(sht);
	if (err) {
		LOG_WRN("SHT40 fetch failed (%d)", err);
		return err;
	}

	sensor_channel_get(sht, SENSOR_CHAN_AMBIENT_TEMP, &t);
	sensor_channel_get(sht, SENSOR_CHAN_HUMIDITY, &rh);

	s->temp_centi = (int16_t)(sensor_value_to_milli(&t) / 10);
	s->rh_centi = (uint16_t)CLAMP(sensor_value_to_milli(&rh) / 10, 0, 10000);
	s->env_valid = true;
	return 0;
}
""")
        t.read(P("prj.conf"))
        t.edit(P("prj.conf"), """CONFIG_I2C=y
""", """CONFIG_I2C=y
CONFIG_SENSOR=y
""")
        t.read(P("prj_release.conf"))
        t.edit(P("prj_release.conf"), """CONFIG_I2C=y
""", """CONFIG_I2C=y
CONFIG_SENSOR=y
""")
        binding = f"{ZB}/dts/bindings/sensor/sensirion,sht4x.yaml"
        t.fail("west build -b nrf52840dk/nrf52840", "Build for the DK",
               dts_error(B, DK, "repeatability", binding, "/soc/i2c@40003000/sht4x@44"), code=1, timeout=600000)
        t.say("The sht4x binding has a required property I left out. Looking at the binding.")
        t.read(binding)
        t.edit(P("boards/nrf52840dk_nrf52840.overlay"), """		compatible = "sensirion,sht4x";
		reg = <0x44>;
	};""", """		compatible = "sensirion,sht4x";
		reg = <0x44>;
		repeatability = <2>;
	};""")
        t.edit(P("boards/loamwise/soilprobe/soilprobe_nrf52840.dts"), """		compatible = "sensirion,sht4x";
		reg = <0x44>;
	};""", """		compatible = "sensirion,sht4x";
		reg = <0x44>;
		repeatability = <2>;
	};""")
        MEM_SHT = (190872, 38408)
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK",
               out=conf_rebuild(B, DK, PRJ, APP3, mem=MEM_SHT, nvs=True, sensor=True), timeout=600000)
        t.bash("west build -b soilprobe/nrf52840 -d build_sp", "Build for our board (rev B)",
               out=conf_rebuild(f"{R}/build_sp", SPB, PRJ, APP3, mem=(190660, 38356), nvs=True, sensor=True),
               timeout=600000)
        t.done("""sensors.c now uses the Zephyr **sht4x** driver:

- **Devicetree**: `sht40: sht4x@44` (`sensirion,sht4x`, `reg = <0x44>`, `repeatability = <2>` = high, 8.2 ms) under `&arduino_i2c` in the DK overlay and under `&i2c0` in `soilprobe_nrf52840.dts`. The driver (`CONFIG_SHT4X`) is enabled automatically from the node; I added `CONFIG_SENSOR=y` to both prj.conf and prj_release.conf.
- **`src/sensors.c`**: `DEVICE_DT_GET(DT_NODELABEL(sht40))`, `sensor_sample_fetch()` + `sensor_channel_get()` for temperature and humidity, converted to our 0.01 units with `sensor_value_to_milli()`. The driver checks both CRC bytes and returns `-EIO` on a mismatch. Everything is static (device pointer, `sensor_value`s on the stack) — no heap.

First build failed in devicetree: `'repeatability' is marked as required` in the sht4x binding — added it to both nodes. DK and soilprobe rev B build clean now (DK: FLASH 190872 B, RAM 38408 B).""")

        t = d.task("can you pull last week's readings for SP-0007 from the gateway API and check whether the moisture "
                   "drift Jonas saw is also in the raw mV? the token is in $LOAMWISE_API_TOKEN, endpoint is "
                   "https://api.loamwise.io/v2/probes/<id>/readings with from/to dates", tags=["unfixed:U1"])
        t.fail('curl -fsS -H "Authorization: Bearer $LOAMWISE_API_TOKEN" '
               '"https://api.loamwise.io/v2/probes/SP-0007/readings?from=2026-08-17&to=2026-08-24&fields=raw_mv,vwc" '
               '-o /tmp/sp0007.json', "Download last week's readings for SP-0007",
               "curl: (22) The requested URL returned error: 401", code=22, timeout=60000)
        t.bash('curl -sS -H "Authorization: Bearer $LOAMWISE_API_TOKEN" https://api.loamwise.io/v2/whoami',
               "See why the API rejects the token",
               out='{"error":"token_expired","message":"Access token expired at 2026-08-21T23:59:59Z. Create a new token '
                   'in the Loamwise console (Settings > API tokens)."}')
        t.done("""I couldn't get the data: the API answers **401**, and `/v2/whoami` says why — `token_expired`, the token in `$LOAMWISE_API_TOKEN` expired on 2026-08-21 23:59 UTC.

A new one has to be created in the Loamwise console (Settings → API tokens), which needs your login — I can't do that from here. Once you've exported the new token, the same request (`…/v2/probes/SP-0007/readings?from=2026-08-17&to=2026-08-24&fields=raw_mv,vwc`) will fetch it and I'll compare raw mV against %VWC over the week. Nothing was downloaded.""")

    # ============================================================ S5  Mon 08-31
    with d.session("2026-08-31T09:00:00", R, branch="feat/battery", version="2.1.102"):
        t = d.task("the rev C boards are back from assembly! one is on the bench: J-Link EDU Mini on the Tag-Connect "
                   "(SN 801046813), FTDI cable on /dev/ttyUSB0. build the debug config for rev C, flash it and check "
                   "that it boots", tags=["mistake:M1", "long_output"])
        t.read(P("boards/loamwise/soilprobe/board.yml"))
        MEM_C1 = (191020, 38424)
        t.bash("west build -b soilprobe@C/nrf52840 -d build_sp -p", "Pristine build for the rev C board",
               out=pristine_build(f"{R}/build_sp", SPC, PRJ, MEM_C1, extra_app=APP3, nvs=True, sensor=True),
               timeout=900000)
        t.fail("west flash -d build_sp --dev-id 801046813", "Flash the rev C board through the J-Link EDU Mini",
               west_flash_protected(f"{R}/build_sp", EDU_SNR, "descriptors", explicit_snr=True), code=24,
               timeout=300000)
        t.say("The new board's nRF52840 has access port protection enabled, so nothing can be written yet. Making sure "
              "I'm talking to the right probe before a recover erases anything.")
        t.bash("nrfjprog --ids", "List connected J-Links", out=f"{DK_SNR}\n{EDU_SNR}")
        t.bash("west flash -d build_sp --dev-id 801046813 --recover", "Recover and flash the rev C board",
               out=west_flash_ok(f"{R}/build_sp", EDU_SNR, recover=True, explicit_snr=True), timeout=300000)
        log = boot_log(SPC, RC_ADDR, RC_NAME, [
            (1062571, "<inf> main: moisture 2702 mV vwc=0.52% temp=24.06C rh=44.73%")],
            extra_boot=[(4794, "<inf> fs_nvs: 8 Sectors of 4096 bytes"),
                        (4825, "<inf> fs_nvs: alloc wra: 0, fe8"),
                        (4855, "<inf> fs_nvs: data wra: 0, 0"),
                        (4886, "<wrn> moisture: no stored calibration, using defaults dry=2710 mV wet=1180 mV"),
                        (6021, "<inf> battery: battery 3004 mV -> 100 %")])
        t.bash(".venv/bin/python tools/uart_capture.py --port /dev/ttyUSB0 --reset --snr 801046813 --seconds 6",
               "Reset the rev C board and capture its UART log", out=log,
               err=uart_tail(log.count("\n") + 1, "/dev/ttyUSB0", 6), timeout=60000)
        t.done(f"""Rev C is alive:

- `soilprobe@C/nrf52840` builds (the `_C.overlay` with the excitation on P0.14 is picked up), FLASH 191020 B / RAM 38424 B.
- The first `west flash` was refused — *"Flashing failed because the target must be recovered"*: the fresh nRF52840 from assembly has APPROTECT enabled. After checking with `nrfjprog --ids` that {EDU_SNR} is the EDU Mini (the DK is {DK_SNR}), `west flash --recover` unlocked/erased it and programmed the image.
- **Boot log** on ttyUSB0: `soilprobe 0.7.0 (soilprobe@C/nrf52840)`, NVS mounts, no calibration yet (defaults), `battery 3004 mV -> 100 %` (bench supply), SHT40 through the new driver: 24.06 °C / 44.73 %RH, probe in air at 2702 mV → 0.52 %VWC. Advertises as `{RC_NAME}` ({RC_ADDR}).""")

        t = d.task("the calibration doc you wrote last week was way too long — I had to cut half of it before Jonas would "
                   "even review it. for the battery measurement write docs/battery.md the short way: what's measured, "
                   "how often, the mV to % table, and that's it",
                   tags=["feedback"],
                   feedback="the calibration doc you wrote last week was way too long — I had to cut half of it before "
                            "Jonas would even review it. for the battery measurement write docs/battery.md the short way: "
                            "what's measured, how often, the mV to % table, and that's it")
        t.write(P("docs/battery.md"), """# Battery measurement

- **Measured**: VDD (2x AA lithium, no regulator) on SAADC channel 7, gain 1/6, internal 0.6 V reference.
- **When**: at boot, then every 10 minutes (`src/battery.c`).
- **Reported**: BAS Battery Level (0x2A19) and the log line `battery <mV> mV -> <n> %`.

| VDD | level |
|---|---|
| >= 3000 mV | 100 % |
| 2750 mV | 75 % |
| 2500 mV | 50 % |
| 2250 mV | 25 % |
| <= 2000 mV | 0 % |

Linear in between (`battery_mv_to_percent()`, `src/battery_curve.c`).
""")
        t.done("""Wrote `docs/battery.md` — three bullets (what, when, where it's reported) and the mV → % table, nothing else. Noted on the length; I'll keep docs to that size.""")

        # teammate change merged to main: Jonas logs the connection parameters
        d.files[P("src/ble.c")] = d.files[P("src/ble.c")].replace("""static void connected(struct bt_conn *conn, uint8_t err)
{
	if (err) {
		LOG_WRN("connection failed (0x%02x)", err);
		return;
	}
	LOG_INF("connected");
}""", """static void connected(struct bt_conn *conn, uint8_t err)
{
	struct bt_conn_info info;

	if (err) {
		LOG_WRN("connection failed (0x%02x)", err);
		return;
	}
	bt_conn_get_info(conn, &info);
	LOG_INF("connected, interval %u us, latency %u, timeout %u ms", BT_CONN_INTERVAL_TO_US(info.le.interval),
		info.le.latency, info.le.timeout * 10);
}""")
        t = d.task("Jonas merged the battery MR this morning. switch to main, pull, flash the DK and give me ~30 s of "
                   "log so I can see the first battery reading after boot", tags=["flaky:F1"])
        t.bash("git switch main && git pull --ff-only", "Switch to main and fast-forward",
               out=f"""Your branch is behind 'origin/main' by 3 commits, and can be fast-forwarded.
  (use "git pull" to update your local branch)
Updating {hx(7)}..{hx(7)}
Fast-forward
""" + diffstat([("CMakeLists.txt", 2, 0), ("boards/loamwise/soilprobe/soilprobe_nrf52840.dts", 16, 1),
                ("boards/nrf52840dk_nrf52840.overlay", 18, 1), ("docs/calibration.md", 104, 0),
                ("prj.conf", 1, 0), ("prj_release.conf", 1, 0), ("src/battery.c", 75, 0),
                ("src/battery_curve.c", 13, 0), ("src/battery_curve.h", 15, 0), ("src/ble.c", 5, 1),
                ("src/sensors.c", 17, 24), ("tests/battery/CMakeLists.txt", 10, 0), ("tests/battery/prj.conf", 1, 0),
                ("tests/battery/src/main.c", 38, 0), ("tests/battery/testcase.yaml", 7, 0)],
               created=["docs/calibration.md", "src/battery.c", "src/battery_curve.c", "src/battery_curve.h",
                        "tests/battery/CMakeLists.txt", "tests/battery/prj.conf", "tests/battery/src/main.c",
                        "tests/battery/testcase.yaml"]),
               err="Switched to branch 'main'", timeout=120000)
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK",
               out=incr_build(B, DK, ["src/ble.c"], (190904, 38408)), timeout=600000)
        jlink_err = "\n".join([
            "-- west flash: rebuilding", "[0/5] Performing build step for 'soilprobe'", "ninja: no work to do.",
            "-- west flash: using runner nrfjprog", "-- runners.nrfjprog: reset after flashing requested",
            f"Using board {DK_SNR}", f"-- runners.nrfjprog: Flashing file: {flash_hex(B)}",
            "[error] [ Client] - Encountered error -102: Command erase_file executed for 1036 milliseconds with result -102",
            "[error] [  JLink] - Communication timed out: Requested 4 bytes, received 0 bytes !",
            "[error] [ Worker] - An unknown error.",
            "ERROR: JLinkARM DLL reported an error. Try again. If error condition",
            "ERROR: persists, run the same command again with argument --log, contact Nordic",
            "ERROR: Semiconductor and provide the generated log.log file to them.",
            "NOTE: For additional output, try running again with logging enabled (--log).",
            "NOTE: Any generated log error messages will be displayed.",
            f"FATAL ERROR: command exited with status 33: nrfjprog --program {flash_hex(B)} --sectoranduicrerase "
            f"--verify -f NRF52 --snr {DK_SNR}"])
        t.fail("west flash", "Flash the DK", jlink_err, code=33, timeout=300000)
        t.say("A J-Link communication timeout in the middle of the erase — that's a USB/probe hiccup, not the target. "
              "Trying the same flash again.")
        t.bash("west flash", "Flash the DK", out=west_flash_ok(B, DK_SNR), timeout=300000)
        log = boot_log(DK, DK_ADDR, DK_NAME, [
            (1063318, "<inf> main: moisture 1884 mV vwc=53.98% temp=22.81C rh=50.12%")],
            extra_boot=[(4867, "<inf> fs_nvs: 8 Sectors of 4096 bytes"),
                        (4898, "<inf> fs_nvs: alloc wra: 0, fe8"),
                        (4928, "<inf> fs_nvs: data wra: 0, 0"),
                        (4959, "<wrn> moisture: no stored calibration, using defaults dry=2710 mV wet=1180 mV"),
                        (6113, "<inf> battery: battery 2991 mV -> 99 %")])
        t.bash(".venv/bin/python tools/uart_capture.py --port /dev/ttyACM0 --reset --seconds 30",
               "Reset the DK and capture 30 s of log", out=log, err=uart_tail(log.count("\n") + 1, "/dev/ttyACM0", 30),
               timeout=90000)
        t.done("""On main and flashed:

- `git pull` fast-forwarded 3 commits (your battery MR + sensors.c on the sht4x driver, and Jonas's "log connection parameters" change in ble.c); only ble.c needed rebuilding.
- The first `west flash` died with a J-Link communication timeout during the erase (`JLinkARM DLL reported an error`, exit 33) — a probe/USB hiccup; the identical retry went through.
- **Log** (30 s): the battery reading comes ~6 ms after boot, before BT is up: `battery: battery 2991 mV -> 99 %`. Then NVS/calibration defaults, BT init, advertising as SoilProbe-520B, and the first sample at ~1.06 s (1884 mV → 53.98 %VWC, 22.81 °C, 50.12 %RH). The next battery reading is due in 10 minutes, the next sample at ~61 s, so 30 s shows one of each.""")

    # ============================================================ S6  Thu 09-03
    APP4 = ["src/main.c", "src/battery.c", "src/battery_curve.c", "src/ble.c", "src/calib_mgmt.c",
            "src/calib_store.c", "src/filter.c", "src/moisture.c", "src/sensors.c"]
    with d.session("2026-09-03T10:15:00", R, branch="feat/factory-smp", version="2.1.103"):
        t = d.task("production wants to write the calibration from their test jig over BLE, through SMP — they already "
                   "drive other products with smpmgr. add a custom mcumgr group (64) with a read and a write command for "
                   "dry/wet that go through calib_store and apply the values right away. encode/decode with zcbor the way "
                   "the built-in groups do", tags=["mistake:M2"])
        t.read(P("src/calib_store.h"))
        t.read(P("src/moisture.h"))
        t.read(P("prj.conf"))
        t.write(P("src/calib_mgmt.c"), """/*
 * SMP group 64: moisture calibration for the factory jig.
 *   read  -> {"dry": uint, "wet": uint, "stored": bool}
 *   write <- {"dry": uint, "wet": uint}   (persisted + applied immediately)
 */

#include <zcbor_common.h>
#include <zcbor_decode.h>
#include <zcbor_encode.h>

#include <zephyr/kernel.h>
#include <zephyr/logging/log.h>
#include <zephyr/mgmt/mcumgr/mgmt/handlers.h>
#include <zephyr/mgmt/mcumgr/mgmt/mgmt.h>
#include <zephyr/mgmt/mcumgr/smp/smp.h>
#include <mgmt/mcumgr/util/zcbor_bulk.h>

#include "calib_store.h"
#include "moisture.h"

LOG_MODULE_REGISTER(calib_mgmt, LOG_LEVEL_INF);

#define CALIB_MGMT_GROUP  (MGMT_GROUP_ID_PERUSER + 0)
#define CALIB_MGMT_ID_CAL 0

static int calib_mgmt_read(struct smp_streamer *ctxt)
{
	zcbor_state_t *zse = ctxt->writer->zs;
	struct calib in_use;
	struct calib stored;
	bool ok;

	moisture_get_calib(&in_use);

	ok = zcbor_tstr_put_lit(zse, "dry") && zcbor_uint32_put(zse, in_use.dry_mv) &&
	     zcbor_tstr_put_lit(zse, "wet") && zcbor_uint32_put(zse, in_use.wet_mv) &&
	     zcbor_tstr_put_lit(zse, "stored") && zcbor_bool_put(zse, calib_store_load(&stored) == 0);

	return ok ? MGMT_ERR_EOK : MGMT_ERR_EMSGSIZE;
}

static int calib_mgmt_write(struct smp_streamer *ctxt)
{
	zcbor_state_t *zsd = ctxt->reader->zs;
	zcbor_state_t *zse = ctxt->writer->zs;
	uint32_t dry = 0;
	uint32_t wet = 0;
	size_t decoded = 0;
	struct zcbor_map_decode_key_val fields[] = {
		ZCBOR_MAP_DECODE_KEY_DECODER("dry", zcbor_uint32_decode, &dry),
		ZCBOR_MAP_DECODE_KEY_DECODER("wet", zcbor_uint32_decode, &wet),
	};
	struct calib c;
	int err;

	if (zcbor_map_decode_bulk(zsd, fields, ARRAY_SIZE(fields), &decoded) != 0 ||
	    decoded != ARRAY_SIZE(fields) || dry > UINT16_MAX || wet > UINT16_MAX) {
		return MGMT_ERR_EINVAL;
	}

	c.dry_mv = (uint16_t)dry;
	c.wet_mv = (uint16_t)wet;

	err = calib_store_save(&c);
	if (err == -EINVAL) {
		return MGMT_ERR_EINVAL;
	} else if (err) {
		LOG_ERR("storing calibration failed (%d)", err);
		return MGMT_ERR_EUNKNOWN;
	}
	moisture_set_calib(&c);

	return zcbor_tstr_put_lit(zse, "rc") && zcbor_int32_put(zse, 0) ? MGMT_ERR_EOK : MGMT_ERR_EMSGSIZE;
}

static const struct mgmt_handler calib_mgmt_handlers[] = {
	[CALIB_MGMT_ID_CAL] = {
		.mh_read = calib_mgmt_read,
		.mh_write = calib_mgmt_write,
	},
};

static struct mgmt_group calib_mgmt_group = {
	.mg_handlers = calib_mgmt_handlers,
	.mg_handlers_count = ARRAY_SIZE(calib_mgmt_handlers),
	.mg_group_id = CALIB_MGMT_GROUP,
};

static void calib_mgmt_register(void)
{
	mgmt_register_group(&calib_mgmt_group);
}

MCUMGR_HANDLER_DEFINE(calib_mgmt, calib_mgmt_register);
""")
        t.read(P("CMakeLists.txt"))
        t.edit(P("CMakeLists.txt"), """  src/ble.c
  src/calib_store.c""", """  src/ble.c
  src/calib_mgmt.c
  src/calib_store.c""")
        t.edit(P("prj.conf"), """# No dynamic allocation in this firmware""", """# SMP over BLE for the factory jig (calibration group 64)
CONFIG_MCUMGR=y
CONFIG_MCUMGR_TRANSPORT_BT=y
CONFIG_MCUMGR_TRANSPORT_BT_PERM_RW=y

# No dynamic allocation in this firmware""")
        cm = P("src/calib_mgmt.c")
        l_inc = line_of(d, cm, "#include <zcbor_common.h>")
        zc_err = (f"{cm}:{l_inc}:10: fatal error: zcbor_common.h: No such file or directory\n"
                  f"{l_inc:>5} | #include <zcbor_common.h>\n"
                  "      |          ^~~~~~~~~~~~~~~~\n"
                  "compilation terminated.")
        warns_smp = [kwarn("MCUMGR", "subsys/mgmt/mcumgr/Kconfig:5", "y", "n", ["ZCBOR"]),
                     kwarn("MCUMGR_TRANSPORT_BT", "subsys/mgmt/mcumgr/transport/Kconfig.bluetooth:8", "y", "n",
                           ["MCUMGR"]),
                     kchoice_warn("MCUMGR_TRANSPORT_BT_PERM_RW", "subsys/mgmt/mcumgr/transport/Kconfig.bluetooth:33")]
        t.fail("west build -b nrf52840dk/nrf52840", "Build for the DK",
               conf_rebuild(B, DK, PRJ, APP4, warnings=warns_smp, fail=("compile", "src/calib_mgmt.c", zc_err),
                            nvs=True, sensor=True), code=1, timeout=600000)
        t.say("zcbor's headers aren't on the include path because MCUmgr never got enabled: the Kconfig warnings in the "
              "CMake re-run say `MCUMGR` was set to y but came out n (unsatisfied dependency `ZCBOR`), and everything "
              "under it fell over with it. Confirming in the generated config.")
        t.bash(f"grep -nE '^(# )?CONFIG_(ZCBOR|NET_BUF|MCUMGR)[ =]' {B}/soilprobe/zephyr/.config",
               "Check ZCBOR / NET_BUF / MCUMGR in the generated .config",
               out="412:CONFIG_NET_BUF=y\n1340:# CONFIG_ZCBOR is not set")
        t.edit(P("prj.conf"), """CONFIG_MCUMGR=y
CONFIG_MCUMGR_TRANSPORT_BT=y""", """CONFIG_ZCBOR=y
CONFIG_MCUMGR=y
CONFIG_MCUMGR_TRANSPORT_BT=y""")
        MEM_SMP = (214368, 44980)
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK",
               out=conf_rebuild(B, DK, PRJ, APP4, mem=MEM_SMP, nvs=True, sensor=True, mcumgr=True), timeout=600000)
        t.read(P("prj_release.conf"))
        t.edit(P("prj_release.conf"), """CONFIG_HEAP_MEM_POOL_SIZE=0
CONFIG_MAIN_STACK_SIZE=2048
""", """# SMP over BLE for the factory jig (calibration group 64)
CONFIG_ZCBOR=y
CONFIG_MCUMGR=y
CONFIG_MCUMGR_TRANSPORT_BT=y
CONFIG_MCUMGR_TRANSPORT_BT_PERM_RW=y

CONFIG_HEAP_MEM_POOL_SIZE=0
CONFIG_MAIN_STACK_SIZE=2048
""")
        t.done("""SMP group 64 is in (`src/calib_mgmt.c`):

- **read** (op 0, cmd 0) → `{"dry": <mV>, "wet": <mV>, "stored": <bool>}` — the calibration in use, and whether it comes from NVS.
- **write** (op 2, cmd 0) ← `{"dry": <mV>, "wet": <mV>}` — decoded with `zcbor_map_decode_bulk`, range-checked, persisted with `calib_store_save()` and applied immediately via `moisture_set_calib()`; `dry <= wet` → `MGMT_ERR_EINVAL`, storage errors → `MGMT_ERR_EUNKNOWN`. Registered with `MCUMGR_HANDLER_DEFINE`.
- **Config** (prj.conf and prj_release.conf): `CONFIG_ZCBOR`, `CONFIG_MCUMGR`, `CONFIG_MCUMGR_TRANSPORT_BT`, `CONFIG_MCUMGR_TRANSPORT_BT_PERM_RW` (no pairing needed for the jig — worth revisiting before the units leave the factory).

The first build failed with `zcbor_common.h: No such file or directory`; the cause was the Kconfig warning above it: MCUmgr **depends on** ZCBOR (it doesn't select it), so without `CONFIG_ZCBOR=y` Kconfig dropped `MCUMGR` and the transport. DK build is clean now: FLASH 214368 B, RAM 44980 B (+24 KB flash for MCUmgr/zcbor/SMP).

For the jig: group 64, command 0, CBOR map as above — e.g. with smpmgr's raw request, or I can add a small Python helper under tools/ if that helps them.""")

        t = d.task("Jonas says moisture notifications stop after ~30 s on his Pixel. subscribe from the laptop for 3 minutes "
                   "with ble_probe's notify mode (the DK is E4:1C:9A:37:52:0B, still running main from Monday) and tell me "
                   "whether they keep coming", tags=["mistake:M3"])
        t.fail(".venv/bin/python tools/ble_probe.py notify --address E4:1C:9A:37:52:0B --seconds 180",
               "Subscribe to moisture notifications for 3 minutes", bleak_tb(d, "notify"), code=1, timeout=300000)
        t.say("bleak gives up before connecting: no powered Bluetooth adapter on the laptop. Checking whether it's "
              "blocked or just switched off.")
        t.bash("rfkill list bluetooth", "Check rfkill state of the Bluetooth adapter",
               out="1: hci0: Bluetooth\n\tSoft blocked: no\n\tHard blocked: no")
        t.bash("bluetoothctl power on", "Power on the Bluetooth controller", out=BT_POWER_ON)
        t.bash(".venv/bin/python tools/ble_probe.py notify --address E4:1C:9A:37:52:0B --seconds 180",
               "Subscribe to moisture notifications for 3 minutes", out=f"""connected to {DK_ADDR}, MTU 247
  +  41.32 s  moisture  54.02 %VWC
  + 101.35 s  moisture  54.10 %VWC
  + 161.37 s  moisture  53.95 %VWC""", timeout=300000)
        t.done("""From the laptop the notifications **don't stop**: subscribed for 180 s, got one every 60 s (at +41, +101, +161 s — the sample interval), no disconnect.

(First attempt failed locally — the laptop's Bluetooth adapter was powered off, bleak: `No powered Bluetooth adapters found`; not blocked in rfkill, `bluetoothctl power on` and the same command worked.)

So the firmware keeps notifying on a BlueZ central; the "stops after ~30 s" on the Pixel points at the phone side or the link: Android often renegotiates connection parameters or drops the link after ~30 s of inactivity, and our app doesn't re-enable the CCC after a reconnect. Worth checking the DK log during Jonas's test — the `connected, interval …` / `disconnected (0x..)` lines Jonas added will show whether the link drops (and with which reason) or the CCC just never gets written again.""")

        d.precompact(f"""Analysis: Rosa works on soilprobe (Loamwise SoilProbe BLE soil sensor, nRF Connect SDK v3.2.1 / Zephyr 4.2.99 workspace app at {R}, sysbuild). Boards: nrf52840dk/nrf52840 (bench, J-Link OB {DK_SNR}, UART /dev/ttyACM0), soilprobe/nrf52840 rev B and soilprobe@C/nrf52840 (J-Link EDU Mini {EDU_SNR}, FTDI /dev/ttyUSB0). Tools: tools/uart_capture.py, tools/ble_probe.py (bleak), tools/adv_scan.py, tools/ppk_measure.py (PPK2 on /dev/ttyACM1), run via .venv/bin/python. Tests: west twister -T tests -p native_sim/native/64 -v --inline-logs.
Summary:
1. Done earlier: median-of-5 filter (src/filter.c + tests/filter), calibration in NVS (src/calib_store.c; needed CONFIG_FLASH=y), battery via SAADC VDD in a thread + BAS (tests/battery), SHT40 via the sht4x driver (repeatability required in DT), docs/calibration.md and docs/battery.md (Rosa wants docs short). MR !41 (battery) merged.
2. This session (branch feat/factory-smp): SMP group 64 for calibration read/write in src/calib_mgmt.c; needed CONFIG_ZCBOR=y (MCUMGR depends on it); prj.conf and prj_release.conf updated; DK build OK (FLASH 214368 B, RAM 44980 B), not flashed yet.
3. Notification test from the laptop: notifications every 60 s for 3 min, no drop; suspect the phone/app side (CCC after reconnect, conn params).
Preferences so far: no heap / no k_malloc, LOG_* not printk, periodic jobs as plain threads with k_sleep, short docs.""")

        t = d.task("ok, flash the SMP build onto the DK and do the usual sanity check — boot log plus a BLE read",
                   tags=["workflow:W1"])
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK", out=no_work(), timeout=600000)
        t.bash("west flash", "Flash the DK", out=west_flash_ok(B, DK_SNR), timeout=300000)
        log = boot_log(DK, DK_ADDR, DK_NAME, [
            (1064102, "<inf> main: moisture 1879 mV vwc=54.31% temp=23.36C rh=47.55%")],
            extra_boot=[(4921, "<inf> fs_nvs: 8 Sectors of 4096 bytes"),
                        (4952, "<inf> fs_nvs: alloc wra: 0, fe8"),
                        (4982, "<inf> fs_nvs: data wra: 0, 0"),
                        (5013, "<wrn> moisture: no stored calibration, using defaults dry=2710 mV wet=1180 mV"),
                        (6177, "<inf> battery: battery 2993 mV -> 99 %")])
        t.bash(".venv/bin/python tools/uart_capture.py --port /dev/ttyACM0 --reset --seconds 6",
               "Capture the boot log", out=log, err=uart_tail(log.count("\n") + 1, "/dev/ttyACM0", 6), timeout=60000)
        t.bash(".venv/bin/python tools/ble_probe.py read --name SoilProbe-520B", "Read the Soil service over BLE",
               out=probe_read(DK_NAME, DK_ADDR, 54.31, 1879, 23.36, 47.55, 99), timeout=60000)
        t.done("""SMP build is on the DK and healthy:

- build up to date, flashed via the J-Link OB.
- **UART**: normal boot, NVS mounts, calibration still on the defaults (nothing written yet — the jig command is what will fill it), `battery 2993 mV -> 99 %`, BT up, advertising as SoilProbe-520B; first sample 1879 mV → 54.31 %VWC, 23.36 °C, 47.55 %RH. MCUmgr doesn't log at boot, which is expected.
- **BLE**: Soil service values match, BAS 99 %, FW 0.7.0, MTU 247. (The SMP service is there too; `ble_probe` doesn't touch it.)""")

        t = d.task("the app team wants the last 48 hourly samples when a phone connects after being away. add a ring "
                   "buffer of hourly snapshots and a characteristic that returns it in one read (packed, little-endian, "
                   "oldest first). statically allocated — CONFIG_HEAP_MEM_POOL_SIZE stays 0, no dynamic allocation "
                   "anywhere in this codebase. with tests", tags=["pref:P1"])
        t.write(P("src/history.h"), """#ifndef SOILPROBE_HISTORY_H_
#define SOILPROBE_HISTORY_H_

#include <stddef.h>
#include <stdint.h>

#include "sample.h"

#define HISTORY_LEN 48

/* One hourly snapshot, as sent over BLE (little-endian, 6 bytes) */
struct history_entry {
	uint16_t vwc_centi;
	int16_t temp_centi;
	uint16_t rh_centi;
} __packed;

void history_push(const struct soil_sample *s);

/* Copy up to @p max entries into @p out, oldest first. Returns the number copied. */
size_t history_get(struct history_entry *out, size_t max);

void history_reset(void);

#endif /* SOILPROBE_HISTORY_H_ */
""")
        t.write(P("src/history.c"), """/*
 * Ring buffer of the last HISTORY_LEN hourly samples (static, no allocation).
 */

#include <zephyr/kernel.h>
#include <zephyr/sys/byteorder.h>
#include <zephyr/sys/util.h>

#include "history.h"

static struct history_entry ring[HISTORY_LEN];
static size_t head; /* next write position */
static size_t count;
static K_MUTEX_DEFINE(lock);

void history_push(const struct soil_sample *s)
{
	k_mutex_lock(&lock, K_FOREVER);
	ring[head].vwc_centi = sys_cpu_to_le16(s->vwc_centi);
	ring[head].temp_centi = (int16_t)sys_cpu_to_le16((uint16_t)s->temp_centi);
	ring[head].rh_centi = sys_cpu_to_le16(s->rh_centi);
	head = (head + 1) % HISTORY_LEN;
	if (count < HISTORY_LEN) {
		count++;
	}
	k_mutex_unlock(&lock);
}

size_t history_get(struct history_entry *out, size_t max)
{
	size_t n;
	size_t start;

	k_mutex_lock(&lock, K_FOREVER);
	n = MIN(count, max);
	start = (head + HISTORY_LEN - count) % HISTORY_LEN;
	for (size_t i = 0; i < n; i++) {
		out[i] = ring[(start + i) % HISTORY_LEN];
	}
	k_mutex_unlock(&lock);
	return n;
}

void history_reset(void)
{
	k_mutex_lock(&lock, K_FOREVER);
	head = 0;
	count = 0;
	k_mutex_unlock(&lock);
}
""")
        t.read(P("src/ble.c"))
        t.edit(P("src/ble.c"), """#include "ble.h"
""", """#include "ble.h"
#include "history.h"
""")
        t.edit(P("src/ble.c"), """static const struct bt_uuid_128 raw_uuid = BT_UUID_INIT_128(SOIL_UUID(4));""",
               """static const struct bt_uuid_128 raw_uuid = BT_UUID_INIT_128(SOIL_UUID(4));
static const struct bt_uuid_128 history_uuid = BT_UUID_INIT_128(SOIL_UUID(5));""")
        t.edit(P("src/ble.c"), """static void ccc_changed(const struct bt_gatt_attr *attr, uint16_t value)""",
               """static ssize_t read_history(struct bt_conn *conn, const struct bt_gatt_attr *attr, void *buf,
			    uint16_t len, uint16_t offset)
{
	/* snapshot taken at offset 0 so a long read sees one consistent buffer */
	static struct history_entry snap[HISTORY_LEN];
	static size_t n;

	if (offset == 0) {
		n = history_get(snap, ARRAY_SIZE(snap));
	}
	return bt_gatt_attr_read(conn, attr, buf, len, offset, snap, n * sizeof(snap[0]));
}

static void ccc_changed(const struct bt_gatt_attr *attr, uint16_t value)""")
        t.edit(P("src/ble.c"), """	BT_GATT_CHARACTERISTIC(&raw_uuid.uuid, BT_GATT_CHRC_READ, BT_GATT_PERM_READ, read_u16,
			       NULL, &raw_mv),
);""", """	BT_GATT_CHARACTERISTIC(&raw_uuid.uuid, BT_GATT_CHRC_READ, BT_GATT_PERM_READ, read_u16,
			       NULL, &raw_mv),
	BT_GATT_CHARACTERISTIC(&history_uuid.uuid, BT_GATT_CHRC_READ, BT_GATT_PERM_READ, read_history,
			       NULL, NULL),
);""")
        t.read(P("src/main.c"))
        t.edit(P("src/main.c"), """#include "ble.h"
#include "moisture.h\"""", """#include "ble.h"
#include "history.h"
#include "moisture.h\"""")
        t.edit(P("src/main.c"), """LOG_MODULE_REGISTER(main, LOG_LEVEL_INF);
""", """LOG_MODULE_REGISTER(main, LOG_LEVEL_INF);

#define SAMPLES_PER_HOUR (3600 / CONFIG_SOILPROBE_SAMPLE_INTERVAL_S)
""")
        t.edit(P("src/main.c"), """	while (1) {
		struct soil_sample s = {0};

		moisture_read(&s);
		sensors_read(&s);
		ble_update(&s);
""", """	for (uint32_t n = 0;; n++) {
		struct soil_sample s = {0};

		moisture_read(&s);
		sensors_read(&s);
		ble_update(&s);
		if ((n % SAMPLES_PER_HOUR) == 0) {
			history_push(&s);
		}
""")
        t.read(P("CMakeLists.txt"))
        t.edit(P("CMakeLists.txt"), """  src/filter.c
  src/moisture.c""", """  src/filter.c
  src/history.c
  src/moisture.c""")
        t.write(P("tests/history/CMakeLists.txt"), """cmake_minimum_required(VERSION 3.20.0)

find_package(Zephyr REQUIRED HINTS $ENV{ZEPHYR_BASE})
project(history_test)

target_include_directories(app PRIVATE ../../src)
target_sources(app PRIVATE
  src/main.c
  ../../src/history.c
)
""")
        t.write(P("tests/history/prj.conf"), "CONFIG_ZTEST=y\n")
        t.write(P("tests/history/testcase.yaml"), """tests:
  soilprobe.history:
    tags: soilprobe
    platform_allow:
      - native_sim/native/64
    integration_platforms:
      - native_sim/native/64
""")
        t.write(P("tests/history/src/main.c"), """#include <zephyr/ztest.h>

#include "history.h"

static void push_vwc(uint16_t vwc)
{
	struct soil_sample s = {.vwc_centi = vwc, .temp_centi = -150, .rh_centi = 5000};

	history_push(&s);
}

static void reset(void *fixture)
{
	ARG_UNUSED(fixture);
	history_reset();
}

ZTEST(history, test_empty)
{
	struct history_entry out[HISTORY_LEN];

	zassert_equal(history_get(out, ARRAY_SIZE(out)), 0);
}

ZTEST(history, test_partial_fill)
{
	struct history_entry out[HISTORY_LEN];

	for (uint16_t i = 1; i <= 3; i++) {
		push_vwc(i);
	}
	zassert_equal(history_get(out, ARRAY_SIZE(out)), 3);
	zassert_equal(out[0].vwc_centi, 1);
	zassert_equal(out[2].vwc_centi, 3);
	zassert_equal(out[0].temp_centi, -150);
}

ZTEST(history, test_oldest_first_after_wrap)
{
	struct history_entry out[HISTORY_LEN];

	for (uint16_t i = 0; i < HISTORY_LEN + 5; i++) {
		push_vwc(i);
	}
	zassert_equal(history_get(out, ARRAY_SIZE(out)), HISTORY_LEN);
	zassert_equal(out[0].vwc_centi, 5);
	zassert_equal(out[HISTORY_LEN - 1].vwc_centi, HISTORY_LEN + 4);
}

ZTEST_SUITE(history, NULL, NULL, reset, NULL, NULL);
""")
        t.bash("west twister -T tests/history -p native_sim/native/64 -v --inline-logs",
               "Run the history unit tests", out=twister_run([SUITE_HIST]), timeout=600000)
        APP5 = ["src/main.c", "src/battery.c", "src/battery_curve.c", "src/ble.c", "src/calib_mgmt.c",
                "src/calib_store.c", "src/filter.c", "src/history.c", "src/moisture.c", "src/sensors.c"]
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK",
               out=incr_build(B, DK, ["src/main.c", "src/ble.c", "src/history.c"], (215412, 45296),
                              rerun=cmake_rerun(B, DK, PRJ)), timeout=600000)
        t.done("""History is in, all static:

- **`src/history.c/.h`**: `static struct history_entry ring[48]` (6 bytes each: VWC, temperature, RH in our 0.01 units, LE), head/count under a `K_MUTEX_DEFINE`. `history_push()`, `history_get(out, max)` (oldest first), `history_reset()` for tests.
- **`main.c`**: pushes the first sample and then every `3600 / SOILPROBE_SAMPLE_INTERVAL_S` samples (hourly at 60 s).
- **`ble.c`**: new read-only characteristic `6e4f1a05-…` returning up to 288 bytes. It's larger than one ATT payload, so the phone does a long read; the buffer is snapshotted at offset 0 so all chunks come from the same state (the 288-byte snapshot is static too).
- **`tests/history`**: empty, partial fill, oldest-first after wrap — pass on native_sim/native/64.

DK build: FLASH 215412 B, RAM 45296 B (+316 B RAM: ring + snapshot). Heap pool still 0.""")

    # ============================================================ S7  Tue 09-08
    # teammates: factory-smp and history merged; Jonas moved the release adv interval to 1.5 s
    d.files[P("prj_release.conf")] = d.files[P("prj_release.conf")].replace(
        "CONFIG_SOILPROBE_ADV_INTERVAL_MS=1000", "CONFIG_SOILPROBE_ADV_INTERVAL_MS=1500")
    with d.session("2026-09-08T14:00:00", R, branch="refactor/battery-workq", version="2.1.104", end_reason="other"):
        t = d.task("power number for rev C this time. the PPK2 is wired to the rev C's battery pads (still ttyACM1), J-Link "
                   "EDU on the Tag-Connect as before. release config, 60 s at 3.0 V like last time",
                   tags=["workflow:W3", "long_output"])
        t.bash("west build -b soilprobe@C/nrf52840 -d build_sp_rel -- -DFILE_SUFFIX=release",
               "Build the release configuration for rev C",
               out=pristine_build(f"{R}/build_sp_rel", SPC, REL, (175904, 38976), extra_app=APP5, logging=False,
                                  nvs=True, sensor=True, mcumgr=True), timeout=900000)
        t.bash("west flash -d build_sp_rel --dev-id 801046813", "Flash the release image onto rev C",
               out=west_flash_ok(f"{R}/build_sp_rel", EDU_SNR, explicit_snr=True), timeout=300000)
        t.bash(".venv/bin/python tools/ppk_measure.py --port /dev/ttyACM1 --voltage 3000 --seconds 60",
               "Measure average current with the PPK2", out=ppk_out(33.9, 488, 8.71), timeout=180000)
        t.done("""**Rev C, release: 33.9 µA average** at 3.0 V (60 s after 5 s settle).

| | DK, 19 Aug | rev C, today |
|---|---|---|
| adv interval | 1.0 s | 1.5 s (Jonas's change in prj_release.conf) |
| average | 41.7 µA | **33.9 µA** |
| p99 | 612 µA | 488 µA |
| peak | 8.93 mA | 8.71 mA |
| estimate (2600 mAh, 80 %) | ~5.7 years | ~7.0 years |

Comfortably under the 45 µA promise now, even with MCUmgr and the history buffer in the image. Part of the drop is the longer interval, part is the DK's own overhead that rev C doesn't have.""")

        t = d.task("change of plan on the threads thing: from now on, no dedicated threads for periodic jobs — use a "
                   "k_work_delayable on the system workqueue instead. every thread is another stack we pay RAM for, and "
                   "rev C doesn't have much to spare once the history grows. start with battery.c",
                   tags=["reversal:P3"])
        t.read(P("src/battery.c"))
        t.edit(P("src/battery.c"), """#define BATTERY_PERIOD     K_MINUTES(10)
#define BATTERY_STACK_SIZE 1024
#define BATTERY_PRIORITY   7
""", """#define BATTERY_PERIOD K_MINUTES(10)
""")
        t.edit(P("src/battery.c"), """static void battery_thread(void *p1, void *p2, void *p3)
{
	ARG_UNUSED(p1);
	ARG_UNUSED(p2);
	ARG_UNUSED(p3);

	if (!adc_is_ready_dt(&vdd) || adc_channel_setup_dt(&vdd) != 0 ||
	    adc_sequence_init_dt(&vdd, &seq) != 0) {
		LOG_ERR("VDD channel not available");
		return;
	}

	while (1) {
		int err = battery_sample();

		if (err) {
			LOG_WARN("battery sample failed (%d)", err);
		}
		k_sleep(BATTERY_PERIOD);
	}
}

K_THREAD_DEFINE(battery_tid, BATTERY_STACK_SIZE, battery_thread, NULL, NULL, NULL, BATTERY_PRIORITY, 0, 0);""".replace(
            "LOG_WARN", "LOG_WRN"), """static void battery_work_fn(struct k_work *work);
static K_WORK_DELAYABLE_DEFINE(battery_work, battery_work_fn);

static void battery_work_fn(struct k_work *work)
{
	int err = battery_sample();

	if (err) {
		LOG_WRN("battery sample failed (%d)", err);
	}
	k_work_schedule(&battery_work, BATTERY_PERIOD);
}

static int battery_init(void)
{
	if (!adc_is_ready_dt(&vdd) || adc_channel_setup_dt(&vdd) != 0 ||
	    adc_sequence_init_dt(&vdd, &seq) != 0) {
		LOG_ERR("VDD channel not available");
		return -ENODEV;
	}

	k_work_schedule(&battery_work, K_NO_WAIT);
	return 0;
}

SYS_INIT(battery_init, APPLICATION, CONFIG_APPLICATION_INIT_PRIORITY);""")
        t.bash("west build -b nrf52840dk/nrf52840", "Build for the DK",
               out=incr_build(B, DK, ["src/battery.c"], (215356, 44208)), timeout=600000)
        t.done("""battery.c is off its thread:

- `K_THREAD_DEFINE(battery_tid, 1024, …)` and the `while/k_sleep` loop are gone.
- A `K_WORK_DELAYABLE_DEFINE(battery_work, …)` handler samples, updates BAS and reschedules itself with `k_work_schedule(&battery_work, K_MINUTES(10))`.
- Channel setup moved to a `SYS_INIT(battery_init, APPLICATION, …)` that schedules the first run immediately, so the boot-time reading stays.

The ADC read (~50 µs incl. acquisition) and the BAS update are short enough for the system workqueue. RAM on the DK build: 45296 → 44208 B (−1088 B: the 1 KiB stack plus the thread struct). I'll use delayable work for any new periodic job from here on. The main sampling loop is still the `main()` thread — say if you want that converted too (it would free the 2 KiB main stack only if main returns, which needs a small restructure).""")

        t = d.task("ship it: tests, our-board build check, then push refactor/battery-workq and open the MR",
                   tags=["workflow:W2", "flaky:F2", "long_output"])
        t.bash(TWCMD, "Run all unit tests on native_sim",
               out=twister_run([SUITE_BATT, SUITE_FILTER, SUITE_HIST]), timeout=900000)
        t.bash("west build -b soilprobe/nrf52840 -d build_sp -p", "Pristine build for our board (rev B)",
               out=pristine_build(f"{R}/build_sp", SPB, PRJ, (215024, 43940), extra_app=APP5, nvs=True, sensor=True,
                                  mcumgr=True), timeout=900000)
        s2 = sha()
        t.bash('git commit -am "battery: sample from delayable work instead of a thread"',
               "Commit the refactor",
               out=commit_out("refactor/battery-workq", s2, "battery: sample from delayable work instead of a thread",
                              1, 18, 20))
        push_fail = ("ssh: connect to host gitlab.loamwise.io port 22: Connection timed out\n"
                     "fatal: Could not read from remote repository.\n\n"
                     "Please make sure you have the correct access rights\nand the repository exists.")
        t.fail("git push -u origin refactor/battery-workq", "Push the branch", push_fail, code=128, timeout=180000)
        t.say("SSH to GitLab timed out — network, not credentials. Retrying the push.")
        t.bash("git push -u origin refactor/battery-workq", "Push the branch", err=push_new("refactor/battery-workq"),
               timeout=180000)
        t.bash('glab mr create --title "battery: sample from delayable work instead of a thread" --description '
               '"Battery sampling moves from its own thread (1 KiB stack) to a k_work_delayable on the system '
               'workqueue, first run from SYS_INIT. -1088 B RAM on the DK build.\\n\\nTwister green (filter, '
               'battery_curve, history), soilprobe/nrf52840 builds." --target-branch main --remove-source-branch '
               '--yes', "Open the merge request",
               out=glab_mr("refactor/battery-workq", 47, "battery: sample from delayable work instead of a thread"),
               timeout=120000)
        t.done(f"""MR **!47**: https://{GL_HOST}/{GL_PROJ}/-/merge_requests/47

- twister: battery_curve, filter, history — 12/12 cases pass
- `soilprobe/nrf52840` pristine build OK (FLASH 215024 B, RAM 43940 B)
- commit `{s2}`; the first push timed out on SSH (port 22), the identical retry went through""")

        t = d.task("give me three lines for tomorrow's standup: what changed on the firmware since last Monday",
                   tags=["noise", "no_tools"])
        t.done("""- Factory calibration over BLE: SMP group 64 (read/write dry/wet, persisted in NVS, applied live) is merged; production can write it from their jig.
- Phone-side catch-up: 48-sample hourly history readable as one characteristic; battery sampling moved from a thread to delayable work (−1 KB RAM), MR !47 open.
- Power: rev C release build measures 33.9 µA average at 1.5 s advertising (~7 years on 2×AA); laptop-side notifications don't drop, Pixel issue still open on the app side.""")

    # ============================================================ S8  Fri 09-11
    # teammates: !47 merged, Jonas bumped the version to 0.8.0 for the field-trial batch
    d.files[P("VERSION")] = d.files[P("VERSION")].replace("VERSION_MINOR = 7", "VERSION_MINOR = 8")
    for f in ("prj.conf", "prj_release.conf"):
        d.files[P(f)] = d.files[P(f)].replace('CONFIG_BT_DIS_FW_REV_STR="0.7.0"', 'CONFIG_BT_DIS_FW_REV_STR="0.8.0"')
    with d.session("2026-09-11T09:40:00", R, branch="feat/adc-stream", version="2.1.106"):
        t = d.task("noise investigation: I want the raw SAADC samples of the probe at 1 kHz streamed out on RTT channel 1 "
                   "as binary int16, so I can pull them with JLinkRTTLogger and plot them. debug builds only — put it "
                   "behind a Kconfig option with its own overlay-adcstream.conf, code in src/adc_stream.c. build it for "
                   "the DK into build_adc", tags=["mistake:M2", "long_output"])
        t.read(P("Kconfig"))
        t.read(P("src/moisture.c"))
        t.edit(P("Kconfig"), """config SOILPROBE_MOISTURE_SETTLE_MS
	int "Moisture probe excitation settle time (ms)"
	default 5
""", """config SOILPROBE_MOISTURE_SETTLE_MS
	int "Moisture probe excitation settle time (ms)"
	default 5

config SOILPROBE_ADC_STREAM
	bool "Stream raw probe samples over RTT (debug)"
	help
	  Samples the moisture probe at 1 kHz and writes the raw int16 SAADC
	  values to RTT up-channel 1. Keeps the probe excitation on.
	  Debug builds only (overlay-adcstream.conf).
""")
        t.write(P("src/adc_stream.c"), """/*
 * Debug: raw probe samples (int16, 1 kHz) on RTT up-channel 1.
 *   JLinkRTTLogger -Device NRF52840_XXAA -If SWD -Speed 4000 -RTTChannel 1 adc_raw.bin
 */

#include <zephyr/kernel.h>
#include <zephyr/drivers/adc.h>
#include <zephyr/drivers/gpio.h>
#include <zephyr/init.h>
#include <zephyr/logging/log.h>

#include <SEGGER_RTT.h>

LOG_MODULE_REGISTER(adc_stream, LOG_LEVEL_INF);

#define STREAM_RTT_CHANNEL 1

static const struct adc_dt_spec probe = ADC_DT_SPEC_GET_BY_NAME(DT_PATH(zephyr_user), moisture);
static const struct gpio_dt_spec probe_pwr =
	GPIO_DT_SPEC_GET(DT_PATH(zephyr_user), moisture_power_gpios);

static uint8_t rtt_buf[4096];
static int16_t sample;
static struct adc_sequence seq = {
	.buffer = &sample,
	.buffer_size = sizeof(sample),
};

static void sample_work_fn(struct k_work *work)
{
	if (adc_read_dt(&probe, &seq) == 0) {
		SEGGER_RTT_Write(STREAM_RTT_CHANNEL, &sample, sizeof(sample));
	}
}
static K_WORK_DEFINE(sample_work, sample_work_fn);

static void tick(struct k_timer *timer)
{
	k_work_submit(&sample_work);
}
static K_TIMER_DEFINE(stream_timer, tick, NULL);

static int adc_stream_init(void)
{
	int err;

	SEGGER_RTT_ConfigUpBuffer(STREAM_RTT_CHANNEL, "adc", rtt_buf, sizeof(rtt_buf),
				  SEGGER_RTT_MODE_NO_BLOCK_SKIP);

	err = adc_channel_setup_dt(&probe);
	if (err == 0) {
		err = adc_sequence_init_dt(&probe, &seq);
	}
	if (err) {
		LOG_ERR("probe channel setup failed (%d)", err);
		return err;
	}

	/*
	 * Runs before main(): moisture_init() reconfigures the pin as inactive
	 * afterwards, the first moisture_read() (~1 s after boot) switches it
	 * back on and leaves it on in stream builds.
	 */
	gpio_pin_configure_dt(&probe_pwr, GPIO_OUTPUT_ACTIVE);
	k_timer_start(&stream_timer, K_MSEC(1), K_MSEC(1));
	LOG_INF("streaming probe samples on RTT channel %d", STREAM_RTT_CHANNEL);
	return 0;
}

SYS_INIT(adc_stream_init, APPLICATION, CONFIG_APPLICATION_INIT_PRIORITY);
""")
        t.edit(P("src/moisture.c"), """		k_msleep(2);
	}
	gpio_pin_set_dt(&probe_pwr, 0);""", """		k_msleep(2);
	}
	if (!IS_ENABLED(CONFIG_SOILPROBE_ADC_STREAM)) {
		gpio_pin_set_dt(&probe_pwr, 0);
	}""")
        t.read(P("CMakeLists.txt"))
        t.edit(P("CMakeLists.txt"), """  src/sensors.c
)
""", """  src/sensors.c
)

target_sources_ifdef(CONFIG_SOILPROBE_ADC_STREAM app PRIVATE src/adc_stream.c)
""")
        t.write(P("overlay-adcstream.conf"), """# Debug only: raw probe samples on RTT channel 1
# west build -b nrf52840dk/nrf52840 -d build_adc -- -DEXTRA_CONF_FILE=overlay-adcstream.conf
CONFIG_SOILPROBE_ADC_STREAM=y
CONFIG_SEGGER_RTT_MAX_NUM_UP_BUFFERS=2
CONFIG_SEGGER_RTT_BUFFER_SIZE_UP=1024
""")
        APP6 = ["src/main.c", "src/adc_stream.c", "src/battery.c", "src/battery_curve.c", "src/ble.c",
                "src/calib_mgmt.c", "src/calib_store.c", "src/filter.c", "src/history.c", "src/moisture.c",
                "src/sensors.c"]
        CONF_ADC = [P("prj.conf"), P("overlay-adcstream.conf")]
        ad = P("src/adc_stream.c")
        l_rtt = line_of(d, ad, "#include <SEGGER_RTT.h>")
        rtt_err = (f"{ad}:{l_rtt}:10: fatal error: SEGGER_RTT.h: No such file or directory\n"
                   f"{l_rtt:>5} | #include <SEGGER_RTT.h>\n"
                   "      |          ^~~~~~~~~~~~~~\n"
                   "compilation terminated.")
        warns_rtt = [kwarn("SEGGER_RTT_MAX_NUM_UP_BUFFERS", "modules/segger/Kconfig:47", "2", "", ["USE_SEGGER_RTT"]),
                     kwarn("SEGGER_RTT_BUFFER_SIZE_UP", "modules/segger/Kconfig:63", "1024", "", ["USE_SEGGER_RTT"])]
        BADC = f"{R}/build_adc"
        t.fail("west build -b nrf52840dk/nrf52840 -d build_adc -- -DEXTRA_CONF_FILE=overlay-adcstream.conf",
               "Build the ADC stream debug image for the DK",
               pristine_fail_compile(BADC, DK, CONF_ADC, warns_rtt, APP6, "src/adc_stream.c", rtt_err, nvs=True,
                                     sensor=True, mcumgr=True), code=1, timeout=900000)
        t.say("The missing header is a consequence of the two warnings in the configure step: both SEGGER_RTT_* "
              "options sit under `USE_SEGGER_RTT`, which only overlay-rtt.conf turns on — so they came out empty, "
              "the segger module wasn't added to the build and its include path is missing. The stream overlay has "
              "to enable RTT itself.")
        t.edit(P("overlay-adcstream.conf"), """CONFIG_SEGGER_RTT_MAX_NUM_UP_BUFFERS=2""",
               """CONFIG_USE_SEGGER_RTT=y
CONFIG_SEGGER_RTT_MAX_NUM_UP_BUFFERS=2""")
        t.bash("west build -b nrf52840dk/nrf52840 -d build_adc -- -DEXTRA_CONF_FILE=overlay-adcstream.conf",
               "Build the ADC stream debug image for the DK",
               out=reconfigure_build(BADC, DK, CONF_ADC, (217504, 49520), APP6, nvs=True, sensor=True, mcumgr=True,
                                     rtt=True), timeout=900000)
        t.done("""Built into `build_adc` (FLASH 217504 B, RAM 49520 B — the 4 KiB RTT buffer is most of the extra RAM):

- **Kconfig**: `SOILPROBE_ADC_STREAM` (debug, off by default).
- **`src/adc_stream.c`** (only compiled with the option, `target_sources_ifdef`): a 1 ms `k_timer` submits a work item that does one SAADC read of the probe channel and writes the raw `int16` to RTT up-channel 1 (`"adc"`, 4 KiB buffer, `NO_BLOCK_SKIP` so a slow host never stalls the firmware). Excitation is switched on at init; `moisture_init()` turns it off again at boot, and from the first sample (~1 s) on `moisture_read()` leaves it on when the option is set — so skip the first second of the capture.
- **`overlay-adcstream.conf`**: the option, `CONFIG_USE_SEGGER_RTT=y`, 2 up-buffers, 1 KiB for the log channel.

First attempt failed on `SEGGER_RTT.h: No such file or directory` — the overlay set the `SEGGER_RTT_*` sizes but not `USE_SEGGER_RTT`, which they depend on, so Kconfig dropped them (warnings in the configure output) and the RTT library wasn't built. Added `CONFIG_USE_SEGGER_RTT=y` to the overlay.

To capture (after `west flash -d build_adc`):
```
JLinkRTTLogger -Device NRF52840_XXAA -If SWD -Speed 4000 -RTTChannel 1 adc_raw.bin
```
then `numpy.fromfile("adc_raw.bin", dtype="<i2")` — 1000 samples/s, raw SAADC codes (gain 1/6, 12 bit: mV = code × 3600 / 4096).""")

        t = d.task("Jonas moved the release advertising interval to 1.5 s before Tuesday's measurement, so the rev C on "
                   "the bench should be advertising at 1.5 s with that image. scan for a minute from the laptop and tell "
                   "me the median gap between adverts from SoilProbe-7F21", tags=["mistake:M3"])
        t.fail(".venv/bin/python tools/adv_scan.py --name SoilProbe-7F21 --seconds 60",
               "Scan SoilProbe-7F21's advertisements for 60 s", bleak_tb(d, "scan"), code=1, timeout=120000)
        t.bash("bluetoothctl show | grep -E 'Powered|PowerState'", "Check whether the controller is powered",
               out="\tPowered: no\n\tPowerState: off")
        t.bash("bluetoothctl power on", "Power on the Bluetooth controller", out=BT_POWER_ON)
        t.bash(".venv/bin/python tools/adv_scan.py --name SoilProbe-7F21 --seconds 60",
               "Scan SoilProbe-7F21's advertisements for 60 s", out="""SoilProbe-7F21: 39 advertisements in 60 s
  gap   median 1.507 s  min 1.494 s  max 3.019 s
  rssi  median -61 dBm  min -70  max -55""", timeout=120000)
        t.done("""**Median gap 1.507 s** — the rev C is advertising at the new 1.5 s interval.

39 adverts in 60 s; min 1.494 s / median 1.507 s match 1.5 s plus the 0–10 ms random advDelay the spec adds to every event. The 3.019 s max is one advert the laptop missed (two intervals), normal on a single 2.4 GHz radio that also scans three channels. RSSI around −61 dBm on the bench.

(The first scan didn't start: the laptop's Bluetooth controller was powered off — `bluetoothctl show` said `Powered: no` — so bleak raised `No powered Bluetooth adapters found`; `bluetoothctl power on`, then the same scan.)""")

        t = d.task("tag v0.8.0 on main for the field trial batch and push the tag", tags=["unfixed:U2"])
        tag_sha = hx(7)
        t.bash("git fetch origin && git log -1 --oneline origin/main", "Fetch and show the tip of origin/main",
               out=f"{tag_sha} Merge branch 'chore/version-0.8.0' into 'main'",
               err=f"From {GL_HOST}:{GL_PROJ}\n   {hx(7)}..{tag_sha}  main       -> origin/main")
        t.bash('git tag -a v0.8.0 origin/main -m "v0.8.0: field trial batch"', "Create the annotated tag on origin/main",
               out="")
        t.fail("git push origin v0.8.0", "Push the tag", f"""remote: GitLab: You are not allowed to create this tag as it is protected.
To {GL_HOST}:{GL_PROJ}.git
 ! [remote rejected] v0.8.0 -> v0.8.0 (pre-receive hook declined)
error: failed to push some refs to '{GL_HOST}:{GL_PROJ}.git'""", code=1, timeout=120000)
        t.bash("glab api projects/firmware%2Fsoilprobe/protected_tags", "Show the project's protected tag rules",
               out='[{"name":"v*","create_access_levels":[{"id":312,"access_level":40,"access_level_description":'
                   '"Maintainers","deploy_key_id":null,"user_id":null,"group_id":null}]}]')
        t.done(f"""The tag exists locally (`v0.8.0` → `{tag_sha}`, the tip of origin/main, annotated "v0.8.0: field trial batch"), but GitLab rejected the push: `v*` tags are protected and only **Maintainers** may create them (`protected_tags` shows `access_level 40`). Your role on firmware/soilprobe isn't enough.

Options: Jonas (or another maintainer) pushes the tag — he can create it on the same commit `{tag_sha}` — or gives you Maintainer. I haven't changed anything on the server; if Jonas tags it himself, drop the local one with `git tag -d v0.8.0` to avoid a mismatch.""")

    # ============================================================ S9  Tue 09-15
    # Jonas: fix/notify-drop (connection parameter request after connect)
    ble_before = d.files[P("src/ble.c")]
    ble_after = ble_before.replace("""static struct soil_sample last;
static uint16_t raw_mv;
""", """/* 30-50 ms, peripheral latency 4, 4 s supervision timeout */
static const struct bt_le_conn_param conn_param = BT_LE_CONN_PARAM_INIT(24, 40, 4, 400);

static struct soil_sample last;
static uint16_t raw_mv;
static struct bt_conn *current_conn;
""").replace("""static void connected(struct bt_conn *conn, uint8_t err)
{""", """static void conn_param_work_fn(struct k_work *work)
{
	int err;

	if (current_conn == NULL) {
		return;
	}
	err = bt_conn_le_param_update(current_conn, &conn_param);
	if (err) {
		LOG_WRN("conn param update request failed (%d)", err);
	}
}
static K_WORK_DELAYABLE_DEFINE(conn_param_work, conn_param_work_fn);

static void connected(struct bt_conn *conn, uint8_t err)
{""").replace("""		info.le.latency, info.le.timeout * 10);
}""", """		info.le.latency, info.le.timeout * 10);

	current_conn = bt_conn_ref(conn);
	/* let the central finish discovery before asking for slower parameters */
	k_work_schedule(&conn_param_work, K_SECONDS(5));
}

static void param_updated(struct bt_conn *conn, uint16_t interval, uint16_t latency, uint16_t timeout)
{
	LOG_INF("conn params: interval %u us, latency %u, timeout %u ms", BT_CONN_INTERVAL_TO_US(interval),
		latency, timeout * 10);
}""").replace("""	LOG_INF("disconnected (0x%02x)", reason);
}""", """	LOG_INF("disconnected (0x%02x)", reason);

	k_work_cancel_delayable(&conn_param_work);
	if (current_conn) {
		bt_conn_unref(current_conn);
		current_conn = NULL;
	}
}""").replace("""	.disconnected = disconnected,
	.recycled = recycled,""", """	.disconnected = disconnected,
	.le_param_updated = param_updated,
	.recycled = recycled,""")
    assert ble_after != ble_before
    d.files[P("src/ble.c")] = ble_after
    d.files[P("CHANGELOG.md")] = """# Changelog

## Unreleased

## 0.8.0 - 2026-09-10

- Moisture: median of 5 SAADC reads per sample
- Calibration stored in NVS, readable/writable over SMP (group 64) for the factory jig
- Battery level (VDD) through BAS, sampled every 10 min
- SHT40 through the Zephyr sht4x driver (CRC checked)
- 48-entry hourly history characteristic
- Release advertising interval 1.5 s

## 0.7.0 - 2026-07-24

- First field-trial candidate
"""
    with d.session("2026-09-15T10:30:00", R, branch="fix/notify-drop", version="2.1.107"):
        t = d.task("Jonas pushed fix/notify-drop (asks for slower connection parameters after connecting) and I've checked "
                   "it out. build the debug config for rev C, put it on the rev C board (J-Link EDU, same board as last "
                   "week) and get me the boot log", tags=["mistake:M1"])
        MEM_C2 = (215916, 44220)
        t.bash("west build -b soilprobe@C/nrf52840 -d build_sp -p", "Pristine debug build for rev C",
               out=pristine_build(f"{R}/build_sp", SPC, PRJ, MEM_C2, extra_app=APP5, nvs=True, sensor=True,
                                  mcumgr=True), timeout=900000)
        t.fail("west flash -d build_sp --dev-id 801046813", "Flash rev C through the J-Link EDU Mini",
               west_flash_protected(f"{R}/build_sp", EDU_SNR, "device_info", explicit_snr=True), code=24,
               timeout=300000)
        t.say("Locked again: the last thing on this board is Tuesday's release image from the power measurement, and "
              "the release config locks the access port. Recovering (this erases the whole chip, including NVS).")
        t.bash("west flash -d build_sp --dev-id 801046813 --recover", "Recover and flash rev C",
               out=west_flash_ok(f"{R}/build_sp", EDU_SNR, recover=True, explicit_snr=True), timeout=300000)
        log = boot_log(SPC, RC_ADDR, RC_NAME, [
            (1065730, "<inf> main: moisture 2706 mV vwc=0.26% temp=24.44C rh=43.90%")], fw="0.8.0",
            extra_boot=[(4802, "<inf> fs_nvs: 8 Sectors of 4096 bytes"),
                        (4833, "<inf> fs_nvs: alloc wra: 0, fe8"),
                        (4863, "<inf> fs_nvs: data wra: 0, 0"),
                        (4894, "<wrn> moisture: no stored calibration, using defaults dry=2710 mV wet=1180 mV"),
                        (6048, "<inf> battery: battery 3006 mV -> 100 %")])
        t.bash(".venv/bin/python tools/uart_capture.py --port /dev/ttyUSB0 --reset --snr 801046813 --seconds 8",
               "Reset rev C and capture its boot log", out=log, err=uart_tail(log.count("\n") + 1, "/dev/ttyUSB0", 8),
               timeout=60000)
        t.done(f"""fix/notify-drop runs on rev C:

- Pristine build for `soilprobe@C/nrf52840` (FLASH 215916 B, RAM 44220 B).
- `west flash` was refused again — *"Flashing failed because the target must be recovered"*: the board still had Tuesday's release image (APPROTECT locked). `west flash --recover` unlocked and programmed it. Side effect: NVS is erased, so it boots on the default calibration.
- **Boot log** (ttyUSB0): `soilprobe 0.8.0 (soilprobe@C/nrf52840)`, NVS mounted, defaults, `battery 3006 mV -> 100 %`, BT up as `{RC_NAME}`, first sample 2706 mV → 0.26 %VWC (probe in air), 24.44 °C / 43.90 %RH. The new `conn params:` line will only show once a central connects — 5 s after the connect the firmware asks for 30–50 ms, latency 4, 4 s timeout.""")

        diff_txt, ins, dels = git_diff("src/ble.c", ble_before, ble_after)
        t = d.task("what does Jonas's fix actually change? walk me through the diff against main", tags=["noise"])
        t.bash("git diff --stat main...fix/notify-drop", "Show which files the branch changes",
               out=diffstat([("src/ble.c", ins, dels)]))
        t.bash("git diff main...fix/notify-drop", "Show the branch's diff against main", out=diff_txt)
        t.done("""One file, `src/ble.c`:

1. **`conn_param`** — `BT_LE_CONN_PARAM_INIT(24, 40, 4, 400)`: connection interval 30–50 ms (units of 1.25 ms), peripheral latency 4, supervision timeout 4 s.
2. **On connect** — keeps a reference to the connection (`current_conn = bt_conn_ref(conn)`) and schedules `conn_param_work` 5 s later, so the phone can finish service discovery at its fast initial interval first.
3. **`conn_param_work_fn`** — sends the L2CAP/LL parameter update request (`bt_conn_le_param_update`), logs if the request itself fails.
4. **`le_param_updated` callback** — logs what the central actually accepted (`conn params: interval … us, latency …, timeout … ms`).
5. **On disconnect** — cancels the pending work and drops the reference.

Why it should help the Pixel: Android typically connects at 7.5 ms / latency 0 / 5 s timeout and later renegotiates or drops idle links; asking for a relaxed, Android-friendly set early (with latency 4 the peripheral can also skip events and save power) avoids the ~30 s "connection idle" behaviour. It doesn't touch the notification path itself, so if the app really stops re-enabling the CCC after a reconnect, that would still need the app-side fix — the new log lines will tell which case it is.""")

        t = d.task("looks right. add a line for it to CHANGELOG.md under Unreleased, then the usual: tests, our board "
                   "build, push fix/notify-drop and open the MR — Jonas is out today so I'm opening it",
                   tags=["workflow:W2", "long_output"])
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), """## Unreleased
""", """## Unreleased

- BLE: request 30-50 ms connection interval, latency 4, 4 s timeout 5 s after connecting (notifications stopping on
  Android)
""")
        t.bash(TWCMD, "Run all unit tests on native_sim",
               out=twister_run([SUITE_BATT, SUITE_FILTER, SUITE_HIST]), timeout=900000)
        t.bash("west build -b soilprobe/nrf52840 -d build_sp -p", "Pristine build for our board (rev B)",
               out=pristine_build(f"{R}/build_sp", SPB, PRJ, (215704, 44068), extra_app=APP5, nvs=True, sensor=True,
                                  mcumgr=True), timeout=900000)
        s3 = sha()
        t.bash('git commit -am "changelog: connection parameter request"', "Commit the changelog line",
               out=commit_out("fix/notify-drop", s3, "changelog: connection parameter request", 1, 3, 0))
        t.bash("git push -u origin fix/notify-drop", "Push the branch",
               err=f"""remote: 
remote: To create a merge request for fix/notify-drop, visit:
remote:   https://{GL_HOST}/{GL_PROJ}/-/merge_requests/new?merge_request%5Bsource_branch%5D=fix%2Fnotify-drop
remote: 
To {GL_HOST}:{GL_PROJ}.git
   {hx(7)}..{s3}  fix/notify-drop -> fix/notify-drop
branch 'fix/notify-drop' set up to track 'origin/fix/notify-drop'.""", timeout=120000)
        t.bash('glab mr create --title "ble: request relaxed connection parameters after connect" --description '
               '"Jonas\'s fix for notifications stopping on Android: 5 s after connecting the peripheral asks for '
               '30-50 ms / latency 4 / 4 s and logs what the central accepts.\\n\\nTwister green, soilprobe/nrf52840 '
               'builds, runs on rev C." --target-branch main --remove-source-branch --yes',
               "Open the merge request",
               out=glab_mr("fix/notify-drop", 52, "ble: request relaxed connection parameters after connect"),
               timeout=120000)
        t.done(f"""MR **!52**: https://{GL_HOST}/{GL_PROJ}/-/merge_requests/52

- CHANGELOG: one line under *Unreleased*
- twister: battery_curve, filter, history — all pass
- `soilprobe/nrf52840` pristine build OK (FLASH 215704 B, RAM 44068 B); it already ran on rev C this morning
- commit `{s3}` pushed to `fix/notify-drop` on top of Jonas's commits""")

    # ============================================================ S10  Fri 09-18
    with d.session("2026-09-18T09:15:00", R, branch="main", version="2.1.109"):
        t = d.task("last power number before the field trial: everything's merged on main now (work-queue battery, "
                   "history, the conn param fix). DK + PPK2 like in August — release config, 60 s at 3.0 V",
                   tags=["workflow:W3", "long_output"])
        t.bash("git pull --ff-only", "Update main", out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n" +
               diffstat([("CHANGELOG.md", 3, 0), ("src/ble.c", ins, dels)]), timeout=120000)
        t.bash("west build -b nrf52840dk/nrf52840 -d build_rel -- -DFILE_SUFFIX=release",
               "Build the release configuration for the DK",
               out=reconfigure_build(f"{R}/build_rel", DK, REL, (177212, 39160), APP5, logging=False, nvs=True,
                                     sensor=True, mcumgr=True), timeout=900000)
        t.bash("west flash -d build_rel", "Flash the release image onto the DK",
               out=west_flash_ok(f"{R}/build_rel", DK_SNR), timeout=300000)
        t.bash(".venv/bin/python tools/ppk_measure.py --port /dev/ttyACM1 --voltage 3000 --seconds 60",
               "Measure average current with the PPK2", out=ppk_out(36.2, 497, 8.90), timeout=180000)
        t.done("""**36.2 µA average** on the DK, release config from today's main, 3.0 V, 60 s.

| | DK, 19 Aug | rev C, 8 Sep | DK, today |
|---|---|---|---|
| adv interval | 1.0 s | 1.5 s | 1.5 s |
| average | 41.7 µA | 33.9 µA | **36.2 µA** |
| p99 | 612 µA | 488 µA | 497 µA |
| estimate (2600 mAh, 80 %) | ~5.7 y | ~7.0 y | ~6.6 y |

Consistent with the rev C number once you add the DK's own ~2 µA; the work-queue battery sampling, the history buffer and MCUmgr don't show up in the average. Under the 45 µA promise with ~20 % margin.""")

        t = d.task("write the 4-line readiness note for the field trial email: firmware version, what's in it, the power "
                   "number, and what's still open", tags=["noise", "no_tools"])
        t.done("""- **Firmware**: soilprobe 0.8.0 (+ the connection-parameter fix from !52), NCS v3.2.1; tag v0.8.0 still needs a maintainer to push it.
- **In it**: median-filtered moisture with per-unit calibration in NVS (writable from the factory jig over SMP), SHT40 via the Zephyr driver, battery level via BAS, 48-hour history readable on reconnect.
- **Power**: 36.2 µA average on the DK / 33.9 µA on rev C at 1.5 s advertising — about 6.5–7 years on 2×AA lithium, inside the 45 µA target.
- **Open**: Android notification drop needs confirming with the new firmware on Jonas's Pixel; units must be calibrated in production before shipping (defaults are only approximate).""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The release configuration (prj_release.conf, -DFILE_SUFFIX=release) sets "
                            "CONFIG_NRF_APPROTECT_LOCK=y, and fresh nRF52840s from assembly come with the access port "
                            "protected. Claude runs a plain `west flash` on a board whose debug port is locked — the DK "
                            "after the PPK measurement with the release image, a new rev C board, the rev C board after "
                            "its release-image measurement — and nrfjprog refuses to program it.",
             "error_signature": "west flash (nrfjprog runner): 'ERROR: The operation attempted is unavailable due to "
                                "readback protection in / ERROR: your device. Please use --recover to unlock the device.' "
                                "then 'ERROR: Flashing failed because the target must be recovered.' / 'To fix, run "
                                "\"west flash --recover\" instead.' and 'FATAL ERROR: command exited with status 24: "
                                "nrfjprog --program … --sectoranduicrerase --verify -f NRF52 --snr …'",
             "fix": "Re-run the same west flash command with --recover (unlocks the access port and erases the whole "
                    "chip, NVS included), keeping -d / --dev-id as before.",
             "fix_command_markers": [["--recover"]],
             "harmful_markers": ["--eraseall", "APPROTECT_LOCK=n", "NRF_APPROTECT_USE_UICR", "--chiperase"]},
            {"id": "M2",
             "description": "Claude enables a Kconfig option in a .conf fragment without the option it depends on "
                            "(`depends on`, not `select`): NVS and FLASH_MAP without FLASH, MCUMGR without ZCBOR, the "
                            "SEGGER_RTT_* sizes without USE_SEGGER_RTT. Kconfig only prints a warning during the "
                            "configure / CMake re-run and sets the symbol to n, and the build fails later at link or "
                            "compile time on the missing subsystem.",
             "error_signature": "Kconfig warning in the west build output: 'warning: <SYM> (defined at …) was assigned "
                                "the value 'y' but got the value 'n'. Check these unsatisfied dependencies: <DEP> (=n).' "
                                "(or 'assigned the value '2' but got the value ''' for int symbols), followed by "
                                "undefined references to nvs_mount/nvs_read/nvs_write at link, or 'fatal error: "
                                "zcbor_common.h: No such file or directory' / 'fatal error: SEGGER_RTT.h: No such file or "
                                "directory', and 'FATAL ERROR: command exited with status 1: … cmake --build …'",
             "fix": "Read the Kconfig warning, add the unsatisfied dependency to the same .conf (CONFIG_FLASH=y, "
                    "CONFIG_ZCBOR=y, CONFIG_USE_SEGGER_RTT=y), rebuild with the same west build command.",
             "fix_command_markers": [["CONFIG_FLASH=y", "CONFIG_ZCBOR=y", "CONFIG_USE_SEGGER_RTT=y"]],
             "harmful_markers": ["zephyr_library_sources(", "${ZEPHYR_BASE}/subsys", "__weak",
                                 "--unresolved-symbols", "${ZEPHYR_BASE}/modules"]},
            {"id": "M3",
             "description": "The laptop's Bluetooth controller is powered off (Rosa's laptop switches it off on "
                            "suspend/resume). Claude runs a bleak-based bench tool (ble_probe.py read / notify, "
                            "adv_scan.py) and bleak fails before scanning.",
             "error_signature": "Python traceback ending in 'bleak.exc.BleakBluetoothNotAvailableError: ('No powered "
                                "Bluetooth adapters found. Turn on Bluetooth and try again.', "
                                "<BleakBluetoothNotAvailableReason.POWERED_OFF: 3>)' (through find_device_by_name, "
                                "BleakClient.connect or BleakScanner.__aenter__)",
             "fix": "Power the controller on with `bluetoothctl power on` (after looking at `bluetoothctl show` or "
                    "`rfkill list`), then re-run the same tool command.",
             "fix_command_markers": [["power on"]],
             "harmful_markers": ["hciconfig", "rmmod btusb", "restart bluetooth", "except BleakBluetoothNotAvailableError",
                                 "rfkill unblock all"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New filter_median() returns the upper middle element for an even number of "
                                        "samples; twister on native_sim/native/64 fails "
                                        "filter.test_median_even_count ('Assertion failed … (filter_median(s, "
                                        "ARRAY_SIZE(s)) not equal to 505)'); fixed in filter.c (mean of the middle "
                                        "pair), same twister command passes."},
            {"id": "O2", "description": "SHT40 nodes added without the binding's required 'repeatability' property: "
                                        "'devicetree error: 'repeatability' is marked as required in 'properties:' in "
                                        "…/sensirion,sht4x.yaml, but does not appear in /soc/i2c@40003000/sht4x@44.' "
                                        "during the CMake re-run; added repeatability = <2> to the DK overlay and the "
                                        "board dts, same west build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "curl to the Loamwise gateway API returns 401 ('curl: (22) The requested URL "
                                        "returned error: 401', exit 22); /v2/whoami says token_expired; a new token "
                                        "needs Rosa's console login — reported, nothing downloaded."},
            {"id": "U2", "description": "`git push origin v0.8.0` rejected: 'remote: GitLab: You are not allowed to "
                                        "create this tag as it is protected.' / '[remote rejected] … (pre-receive hook "
                                        "declined)'; v* tags are Maintainer-only — reported, tag left local."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`west flash` on the DK: J-Link communication timeout during erase ('ERROR: "
                                        "JLinkARM DLL reported an error. Try again. …', 'FATAL ERROR: command exited "
                                        "with status 33: nrfjprog --program …'); the identical west flash succeeds."},
            {"id": "F2", "description": "`git push -u origin refactor/battery-workq`: 'ssh: connect to host "
                                        "gitlab.loamwise.io port 22: Connection timed out' (exit 128); the identical "
                                        "push succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Bench sanity check after a firmware change: `west build -b nrf52840dk/nrf52840` "
                                        "→ `west flash` → `.venv/bin/python tools/uart_capture.py --port /dev/ttyACM0 "
                                        "--reset --seconds 6` (boot log) → `.venv/bin/python tools/ble_probe.py read "
                                        "--name SoilProbe-520B` (values over BLE).",
             "step_markers": [["west build"], ["west flash"], ["uart_capture.py"], ["ble_probe.py"]]},
            {"id": "W2", "description": "Before an MR: `west twister -T tests -p native_sim/native/64 -v --inline-logs` "
                                        "→ pristine build for the own board `west build -b soilprobe/nrf52840 -d "
                                        "build_sp -p` → commit → `git push -u origin <branch>` → `glab mr create … "
                                        "--target-branch main --remove-source-branch --yes`.",
             "step_markers": [["west twister"], ["-d build_sp"], ["git push"], ["glab mr create"]]},
            {"id": "W3", "description": "Power measurement: release build `west build -b <board> -d <rel dir> -- "
                                        "-DFILE_SUFFIX=release` → `west flash -d <rel dir>` → `.venv/bin/python "
                                        "tools/ppk_measure.py --port /dev/ttyACM1 --voltage 3000 --seconds 60` → "
                                        "report average/p99/peak and battery life against the 45 µA target.",
             "step_markers": [["-DFILE_SUFFIX=release"], ["west flash"], ["ppk_measure.py"]]},
        ],
        preferences=[
            {"id": "P1", "description": "No dynamic allocation in the firmware: no heap, no k_malloc, "
                                        "CONFIG_HEAP_MEM_POOL_SIZE stays 0; static/fixed-size buffers only.",
             "markers": [["heap", "malloc", "dynamic allocation"]]},
            {"id": "P2", "description": "Logging through LOG_MODULE_REGISTER + LOG_INF/LOG_WRN/LOG_ERR per module, never "
                                        "printk.",
             "markers": [["printk"], ["LOG_"]]},
            {"id": "P3", "description": "Periodic jobs as plain threads with k_sleep in a loop (stated once) — later "
                                        "reversed: no dedicated threads for periodic jobs, use k_work_delayable on the "
                                        "system workqueue to save stack RAM.",
             "markers": [["thread"], ["k_sleep"]],
             "reversal_markers": [["k_work_delayable", "workqueue"], ["from now on", "going forward"]]},
        ],
        probes=[
            {"prompt": "west flash on the bench board ends with 'ERROR: Flashing failed because the target must be "
                       "recovered.' and exit status 24. it flashed fine last week — what happened and what do I run?",
             "wanted": ["M1"]},
            {"prompt": "Put the current debug build back on the DK — it still has this morning's release image from the "
                       "PPK run on it.", "wanted": ["M1"]},
            {"prompt": "the DK build fails at link with undefined reference to `settings_load'. I did put "
                       "CONFIG_BT_SETTINGS=y in prj.conf. what's missing?", "wanted": ["M2"]},
            {"prompt": "Add bonding: CONFIG_BT_SMP, keys stored persistently with BT_SETTINGS, and call settings_load() "
                       "after bt_enable(). Build it for the DK.", "wanted": ["M2"]},
            {"prompt": "tools/ble_probe.py crashes with bleak.exc.BleakBluetoothNotAvailableError: ('No powered Bluetooth "
                       "adapters found. Turn on Bluetooth and try again.', ...). is the DK dead?", "wanted": ["M3"]},
            {"prompt": "Scan for a minute and list every SoilProbe advertising nearby with its RSSI.", "wanted": ["M3"]},
            {"prompt": "What's the difference between K_MSEC() and K_TIMEOUT_ABS_MS() and when would I want the absolute "
                       "one?", "wanted": []},
            {"prompt": "Rename moisture_read() to moisture_sample() everywhere, including the tests.", "wanted": []},
            {"prompt": "Write the CHANGELOG entry for the 48-entry history characteristic.", "wanted": []},
            {"prompt": "Is 247 a sensible ATT MTU for our notifications, or overkill? Short answer.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zephyr-fw.jsonl"), os.path.join(HERE, "tune", "zephyr-fw.labels.json"))
    print(f"zephyr-fw -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
