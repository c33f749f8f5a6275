"""zh-stm32: 周阳 (Zhou Yang), embedded firmware engineer at 智电科技 (smart meters), STM32 firmware monorepo.

Stack: STM32L476RG metering MCU (l476/) and STM32G474RE comm module (g474/), both STM32CubeMX-generated HAL
projects built with CMake + Ninja and Arm GNU Toolchain 13.3.rel1 (arm-none-eabi-gcc 13.3.1), FreeRTOS (CMSIS-RTOS2),
OpenOCD 0.12.0 with ST-LINK V3 for the L476, SEGGER J-Link (JLinkExe, JLinkGDBServerCLExe V7.94e) for the G474,
arm-none-eabi-gdb, Unity/CMock host unit tests with Ceedling 0.31.1, a Python 3.12 pyserial/pytest hardware-in-the-loop
harness (hil/), clang-format 18, git on Gitee. Prompts and replies in Chinese; tool output as the tools print it.

Written blind for fresh/; measured once held out (round 18), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "zhouyang"
R = "/home/zhouyang/work/meter-fw"
MODEL = "claude-opus-4-6"
TC = "/opt/arm-gnu-toolchain-13.3.rel1-x86_64-arm-none-eabi"
LD = f"{TC}/bin/../lib/gcc/arm-none-eabi/13.3.1/../../../../arm-none-eabi/bin/ld"
OCD = "openocd -f interface/stlink.cfg -f target/stm32l4x.cfg"
SRST = '-c "reset_config srst_only srst_nogate connect_assert_srst"'
ELF_D = "l476/build/Debug/meter_l476.elf"
ELF_R = "l476/build/Release/meter_l476.elf"
G_ELF = "g474/build/Debug/comm_g474.elf"
RAM_SZ = 96 * 1024
RAM2_SZ = 32 * 1024

_rng = [random.Random(20261201)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ---------------------------------------------------------------- output helpers
def memuse(ram, ram2, flash):
    rows = [("RAM", ram, "96 KB", RAM_SZ), ("RAM2", ram2, "32 KB", RAM2_SZ), ("FLASH", flash, "1 MB", 1024 * 1024)]
    out = ["Memory region         Used Size  Region Size  %age Used"]
    for name, used, szs, sz in rows:
        out.append(f"{name:>16}: {used:>12} B {szs:>12} {used * 100.0 / sz:>9.2f}%")
    return "\n".join(out)


def size_out(elf, text, data, bss):
    dec = text + data + bss
    return (f"   text\t   data\t    bss\t    dec\t    hex\tfilename\n"
            f"{text:>7}\t{data:>7}\t{bss:>7}\t{dec:>7}\t{dec:>7x}\t{elf}")


def ninja_ok(objs, target, ram, ram2, flash, proj="meter_l476"):
    n = len(objs) + 1
    lines = [f"[{i}/{n}] Building C object CMakeFiles/{proj}.dir/{o}.obj" for i, o in enumerate(objs, 1)]
    lines.append(f"[{n}/{n}] Linking C executable {target}")
    return "\n".join(lines) + "\n" + memuse(ram, ram2, flash)


def link_cmd(objs):
    o = " ".join(f"CMakeFiles/meter_l476.dir/{x}.obj" for x in objs)
    return (f": && {TC}/bin/arm-none-eabi-gcc -mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard  -Wall -Wextra "
            f"-Wpedantic -fdata-sections -ffunction-sections -O0 -g3 -mcpu=cortex-m4 -mfpu=fpv4-sp-d16 "
            f"-mfloat-abi=hard -T \"{R}/l476/STM32L476XX_FLASH.ld\" --specs=nano.specs -Wl,-Map=meter_l476.map "
            f"-Wl,--gc-sections -Wl,--start-group -lc -lm -Wl,--end-group -Wl,--print-memory-usage {o} "
            f"cmake/stm32cubemx/CMakeFiles/STM32_Drivers.dir/__/__/Core/Src/system_stm32l4xx.c.obj "
            f"-o meter_l476.elf  cmake/stm32cubemx/libFreeRTOS.a && :")


def ninja_overflow(objs, link_objs, section, over, ram, ram2, flash):
    n = len(objs) + 1
    lines = [f"[{i}/{n}] Building C object CMakeFiles/meter_l476.dir/{o}.obj" for i, o in enumerate(objs, 1)]
    lines.append(f"[{n}/{n}] Linking C executable meter_l476.elf")
    lines.append("FAILED: meter_l476.elf ")
    lines.append(link_cmd(link_objs))
    lines.append(f"{LD}: meter_l476.elf section `{section}' will not fit in region `RAM'")
    lines.append(f"{LD}: region `RAM' overflowed by {over} bytes")
    lines.append(memuse(ram, ram2, flash))
    lines.append("collect2: error: ld returned 1 exit status")
    lines.append("ninja: build stopped: subcommand failed.")
    return "\n".join(lines)


OCD_HEAD = """Open On-Chip Debugger 0.12.0
Licensed under GNU GPL v2
For bug reports, read
\thttp://openocd.org/doc/doxygen/bugs.html"""


def ocd_head(extra_srst=False, volt="3.284615"):
    s = OCD_HEAD + "\n"
    if extra_srst:
        s += "srst_only separate srst_nogate srst_open_drain connect_assert_srst\n"
    s += ('Info : auto-selecting first available session transport "hla_swd". To override use \'transport select <transport>\'.\n'
          "Info : The selected transport took over low-level target control. The results might differ compared to plain JTAG/SWD\n"
          "Info : clock speed 500 kHz\n"
          "Info : STLINK V3J13M4 (API v3) VID:PID 0483:374F\n"
          f"Info : Target voltage: {volt}")
    return s


def ocd_connected(srst=False):
    s = ("Info : [stm32l4x.cpu] Cortex-M4 r0p1 processor detected\n"
         "Info : [stm32l4x.cpu] target has 6 breakpoints, 4 watchpoints\n"
         "Info : starting gdb server for stm32l4x.cpu on 3333\n"
         "Info : Listening on port 3333 for gdb connections")
    return s


def ocd_program(elf, erase_end, srst=False, volt="3.284615"):
    return (ocd_head(srst, volt) + "\n" + ocd_connected(srst) + "\n"
            "[stm32l4x.cpu] halted due to debug-request, current mode: Thread \n"
            "xPSR: 0x01000000 pc: 0x08000f5c msp: 0x20018000\n"
            "** Programming Started **\n"
            "Info : device idcode = 0x10076415 (STM32L47/L48xx - Rev 4 : 0x1007)\n"
            "Info : RDP level 0 (0xAA)\n"
            "Info : flash size = 1024 KiB\n"
            "Info : flash mode : dual-bank\n"
            "Info : Padding image section 0 at 0x08000188 with 8 bytes (bank write end alignment)\n"
            f"Warn : Adding extra erase range, 0x{erase_end:08x} .. 0x{(erase_end | 0x7ff):08x}\n"
            "** Programming Finished **\n"
            "** Verify Started **\n"
            "** Verified OK **\n"
            "** Resetting Target **\n"
            "shutdown command invoked")


def ocd_fail_program(volt="3.281250"):
    return (ocd_head(False, volt) + "\n"
            "Error: init mode failed (unable to connect to the target)\n"
            "** OpenOCD init failed **\n"
            "shutdown command invoked")


def uart_log(lines):
    return "\n".join(lines)


def ceedling_ok(test, srcs, n, mocks=()):
    out = [f"\nTest '{test}.c'", "-" * (len(test) + 9), f"Generating runner for {test}.c..."]
    for m in mocks:
        out.insert(2, f"Creating mock for {m}...")
    out += [f"Compiling {test}_runner.c...", f"Compiling {test}.c...", "Compiling unity.c..."]
    out += [f"Compiling {s}..." for s in srcs]
    out += ["Compiling cmock.c...", f"Linking {test}.out...", f"Running {test}.out...", "",
            "--------------------", "OVERALL TEST SUMMARY", "--------------------",
            f"TESTED:  {n}", f"PASSED:  {n}", "FAILED:  0", "IGNORED: 0"]
    return "\n".join(out)


def gcov_out(test, src, n, lines_pct, nlines, br_pct, nbr, taken, calls):
    return "\n".join([
        f"\nTest '{test}.c'", "-" * (len(test) + 9), f"Compiling {src}...", f"Linking {test}.out...",
        f"Running {test}.out...", "", "--------------------------", "GCOV: OVERALL TEST SUMMARY",
        "--------------------------", f"TESTED:  {n}", f"PASSED:  {n}", "FAILED:  0", "IGNORED: 0", "", "",
        "---------------------------", "GCOV: CODE COVERAGE SUMMARY", "---------------------------",
        f"{src} Lines executed:{lines_pct:.2f}% of {nlines}",
        f"{src} Branches executed:{br_pct:.2f}% of {nbr}",
        f"{src} Taken at least once:{taken:.2f}% of {nbr}",
        f"{src} Calls executed:{calls:.2f}% of 6", ""])


def pytest_out(files, passed, desel, secs, extra=""):
    total = passed + desel
    lines = ["============================= test session starts ==============================",
             "platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0",
             f"rootdir: {R}/hil", "configfile: pytest.ini",
             f"collected {total} items / {desel} deselected / {passed} selected", ""]
    done = 0
    for f, k in files:
        done += k
        s = f"{f} " + "." * k
        lines.append(f"{s:<73}[{done * 100 // passed:>3}%]")
    if extra:
        lines.append(extra)
    lines.append("")
    tail = f" {passed} passed, {desel} deselected in {secs:.2f}s "
    lines.append(f"{tail:=^80}")
    return "\n".join(lines)


def gitee_push(branch, objs):
    return (f"Enumerating objects: {objs}, done.\nCounting objects: 100% ({objs}/{objs}), done.\n"
            "Delta compression using up to 16 threads\n"
            f"Compressing objects: 100% ({objs - 3}/{objs - 3}), done.\n"
            f"Writing objects: 100% ({objs - 2}/{objs - 2}), {objs * 311 / 1024:.2f} KiB | {objs * 311 / 1024 * 2:.2f} MiB/s, done.\n"
            f"Total {objs - 2} (delta {objs // 2}), reused 0 (delta 0), pack-reused 0\n"
            "remote: Powered by GITEE.COM [1.1.5]\n"
            f"remote: Set trace flag {hx(8)}\n"
            f"remote: Create a pull request for '{branch}' on Gitee by visiting:\n"
            f"remote:     https://gitee.com/zhidian-iot/meter-fw/pull/new/zhidian-iot:{branch}...zhidian-iot:master\n"
            "To gitee.com:zhidian-iot/meter-fw.git\n"
            f" * [new branch]      {branch} -> {branch}")


GDB_PREFIX = "arm-none-eabi-gdb"


# ---------------------------------------------------------------- virtual repo
FILES = {
    P("README.md"): """# meter-fw

智电 DDZY-G3 单相智能电表固件（计量板 + 通信模块）。

| 目录 | MCU | 说明 | 下载/调试 |
|---|---|---|---|
| `l476/` | STM32L476RGT6 | 计量主控：ATT7022E 计量芯片（SPI1）、RTC、LCD、负荷曲线、事件记录、DLMS/HDLC（RS-485，LPUART1） | ST-LINK V3 + OpenOCD 0.12 |
| `g474/` | STM32G474RET6 | 通信模块：HPLC 载波（USART2）、4G 模组（USART3）、与计量板的内部串口（USART1） | J-Link + JLinkExe / JLinkGDBServer |

两个都是 STM32CubeMX 6.12 生成的 CMake 工程（`*.ioc` 在各自目录），FreeRTOS 走 CMSIS-RTOS2 封装。
应用代码放在 `App/`，CubeMX 只管 `Core/`、`Drivers/`、`Middlewares/`，**改 `Core/` 只能写在 `USER CODE BEGIN/END` 之间**。

## 构建

```sh
cmake --preset Debug   -S l476      # 只需一次，生成 l476/build/Debug
cmake --build l476/build/Debug
cmake --build l476/build/Release    # Release 打开 METER_LOWPOWER（空闲进 STOP2）
cmake --build g474/build/Debug
```

工具链：Arm GNU Toolchain 13.3.rel1（`/opt/arm-gnu-toolchain-13.3.rel1-x86_64-arm-none-eabi`）。

## 下载

```sh
openocd -f interface/stlink.cfg -f target/stm32l4x.cfg -c "program l476/build/Debug/meter_l476.elf verify reset exit"
JLinkExe -device STM32G474RE -if SWD -speed 4000 -autoconnect 1 -CommandFile tools/jlink/flash_g474_debug.jlink
```

## 测试

- 主机单元测试：Ceedling 0.31.1（Unity + CMock），`ceedling test:all`，覆盖率 `ceedling gcov:all`。
- HIL：`hil/`，pytest + pyserial，台架上计量板调试口 `/dev/ttyACM0`（ST-LINK VCP），RS-485 `/dev/ttyUSB1`，
  标准表（科陆 CL3013）`/dev/ttyUSB0`。`python3 -m pytest hil/ -m smoke`。

## 提交

- clang-format 18，配置在 `.clang-format`（基于 LLVM，缩进 4，列宽 110）。
- Gitee：`gitee.com/zhidian-iot/meter-fw`，master 受保护，走 PR。
""",
    P("l476/CMakeLists.txt"): """cmake_minimum_required(VERSION 3.22)

set(CMAKE_C_STANDARD 11)
set(CMAKE_C_STANDARD_REQUIRED ON)
set(CMAKE_C_EXTENSIONS ON)

if(NOT CMAKE_BUILD_TYPE)
    set(CMAKE_BUILD_TYPE "Debug")
endif()

set(CMAKE_PROJECT_NAME meter_l476)
include("cmake/gcc-arm-none-eabi.cmake")
set(CMAKE_EXPORT_COMPILE_COMMANDS TRUE)

enable_language(C ASM)
project(${CMAKE_PROJECT_NAME})

add_executable(${CMAKE_PROJECT_NAME})
add_subdirectory(cmake/stm32cubemx)

target_link_directories(${CMAKE_PROJECT_NAME} PRIVATE)

# 应用层源文件：新文件要加在这里
target_sources(${CMAKE_PROJECT_NAME} PRIVATE
    App/Src/app_main.c
    App/Src/metering.c
    App/Src/energy_accum.c
    App/Src/rtc_calib.c
    App/Src/lcd_view.c
    App/Src/tariff.c
    App/Src/log.c
)

target_include_directories(${CMAKE_PROJECT_NAME} PRIVATE
    App/Inc
)

target_compile_definitions(${CMAKE_PROJECT_NAME} PRIVATE
    $<$<CONFIG:Release>:METER_LOWPOWER=1>
)

target_link_libraries(${CMAKE_PROJECT_NAME}
    stm32cubemx
)

target_link_options(${CMAKE_PROJECT_NAME} PRIVATE -Wl,--print-memory-usage)
""",
    P("l476/App/Inc/mem_sections.h"): """/**
 * @file mem_sections.h
 * @brief 内存段放置宏。
 *
 * L476 的 SRAM1 只有 96 KB，FreeRTOS 堆和各任务栈都在里面。大块的静态缓冲区
 * （环形记录、帧缓冲）放到 SRAM2（0x10000000，32 KB，STOP2 下保持内容）。
 * 链接脚本里对应 .sram2 (NOLOAD) 段，放进去的变量不会被启动代码清零，用之前自己初始化。
 */
#ifndef MEM_SECTIONS_H
#define MEM_SECTIONS_H

#define SRAM2_BSS __attribute__((section(".sram2"), aligned(4)))

#endif /* MEM_SECTIONS_H */
""",
    P("l476/App/Inc/log.h"): """#ifndef LOG_H
#define LOG_H

#include <stdint.h>

/* 日志走 USART2（ST-LINK VCP，115200 8N1），带毫秒时间戳和级别。 */
void log_write(char level, const char *tag, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define LOG_E(tag, ...) log_write('E', tag, __VA_ARGS__)
#define LOG_W(tag, ...) log_write('W', tag, __VA_ARGS__)
#define LOG_I(tag, ...) log_write('I', tag, __VA_ARGS__)
#define LOG_D(tag, ...) log_write('D', tag, __VA_ARGS__)

#endif /* LOG_H */
""",
    P("l476/App/Src/energy_accum.c"): """#include "energy_accum.h"

/*
 * 电能累计：计量芯片每 1 s 给出脉冲计数，1 imp = 1/6400 kWh（常数 6400 imp/kWh）。
 * 内部按 0.01 Wh 累计，对外按 Wh 取整（四舍五入）。
 */
#define IMP_PER_KWH   6400u
#define CWH_PER_KWH   100000u

void energy_accum_init(energy_accum_t *acc, uint32_t start_wh)
{
    acc->total_cwh = (uint64_t)start_wh * 100u;
    acc->rem_imp = 0;
}

void energy_accum_add_pulses(energy_accum_t *acc, uint32_t pulses)
{
    uint64_t num = (uint64_t)pulses * CWH_PER_KWH + acc->rem_imp;
    acc->total_cwh += num / IMP_PER_KWH;
    acc->rem_imp = (uint32_t)(num % IMP_PER_KWH);
}

uint32_t energy_accum_wh(const energy_accum_t *acc)
{
    return (uint32_t)(acc->total_cwh / 100u);
}
""",
    P("l476/App/Inc/energy_accum.h"): """#ifndef ENERGY_ACCUM_H
#define ENERGY_ACCUM_H

#include <stdint.h>

typedef struct {
    uint64_t total_cwh; /* 0.01 Wh */
    uint32_t rem_imp;   /* 不足 0.01 Wh 的余数（单位 1/IMP_PER_KWH） */
} energy_accum_t;

void energy_accum_init(energy_accum_t *acc, uint32_t start_wh);
void energy_accum_add_pulses(energy_accum_t *acc, uint32_t pulses);
uint32_t energy_accum_wh(const energy_accum_t *acc);

#endif
""",
    P("test/test_energy_accum.c"): """#include "unity.h"
#include "energy_accum.h"

static energy_accum_t acc;

void setUp(void) { energy_accum_init(&acc, 0); }
void tearDown(void) {}

void test_init_sets_start_value(void)
{
    energy_accum_init(&acc, 12345);
    TEST_ASSERT_EQUAL_UINT32(12345, energy_accum_wh(&acc));
}

void test_one_kwh_of_pulses(void)
{
    energy_accum_add_pulses(&acc, 6400);
    TEST_ASSERT_EQUAL_UINT32(1000, energy_accum_wh(&acc));
}

void test_remainder_is_carried(void)
{
    for (int i = 0; i < 64; i++) {
        energy_accum_add_pulses(&acc, 1);
    }
    TEST_ASSERT_EQUAL_UINT32(10, energy_accum_wh(&acc));
}
""",
    P("project.yml"): """---
:project:
  :use_exceptions: FALSE
  :use_test_preprocessor: TRUE
  :use_auxiliary_dependencies: TRUE
  :build_root: build/ceedling
  :test_file_prefix: test_
  :which_ceedling: gem
  :ceedling_version: 0.31.1
  :default_tasks:
    - test:all

:environment: []

:extension:
  :executable: .out

:paths:
  :test:
    - +:test/**
    - -:test/support
  :source:
    - l476/App/Src/**
  :include:
    - l476/App/Inc/**
    - test/support
  :support:
    - test/support
  :libraries: []

:defines:
  :common: &common_defines
    - UNIT_TEST
  :test:
    - *common_defines
  :test_preprocess:
    - *common_defines

:cmock:
  :mock_prefix: mock_
  :when_no_prototypes: :warn
  :enforce_strict_ordering: TRUE
  :plugins:
    - :ignore
    - :callback
    - :expect_any_args

:gcov:
  :reports:
    - HtmlDetailed
  :gcovr:
    :html_medium_threshold: 75
    :html_high_threshold: 90

:plugins:
  :load_paths:
    - "#{Ceedling.load_path}"
  :enabled:
    - stdout_pretty_tests_report
    - module_generator
    - gcov
...
""",
    P("tools/uart_log.py"): """#!/usr/bin/env python3
\"\"\"抓计量板调试口日志：python3 tools/uart_log.py --port /dev/ttyACM0 --seconds 5 [--reset]\"\"\"
import argparse
import sys
import time

import serial


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--seconds", type=float, default=5.0)
    a = ap.parse_args()
    with serial.Serial(a.port, a.baud, timeout=0.2) as s:
        end = time.monotonic() + a.seconds
        while time.monotonic() < end:
            line = s.readline()
            if line:
                sys.stdout.write(line.decode("utf-8", "replace"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
""",
    P("hil/conftest.py"): """import os

import pytest
import serial

DBG_PORT = os.environ.get("HIL_DBG_PORT", "/dev/ttyACM0")
RS485_PORT = os.environ.get("HIL_RS485_PORT", "/dev/ttyUSB1")
REF_PORT = os.environ.get("HIL_REF_PORT", "/dev/ttyUSB0")


def pytest_configure(config):
    config.addinivalue_line("markers", "smoke: 每次提交前必须跑的快速用例")
    config.addinivalue_line("markers", "accuracy: 需要标准表的计量精度用例（慢）")


@pytest.fixture(scope="session")
def dbg():
    with serial.Serial(DBG_PORT, 115200, timeout=1.0) as s:
        yield s


@pytest.fixture(scope="session")
def rs485():
    with serial.Serial(RS485_PORT, 9600, bytesize=8, parity="E", stopbits=1, timeout=1.5) as s:
        yield s


@pytest.fixture(scope="session")
def refmeter():
    from hil.lib.cl3013 import CL3013
    with CL3013(REF_PORT) as m:
        yield m
""",
    P("tools/gdb/rtos_stacks.gdb"): """# 连接 J-Link GDB Server，打印各任务栈水位（需要 configRECORD_STACK_HIGH_ADDRESS=1）
target extended-remote :2331
monitor halt
set pagination off
printf "task            stack_hwm(words)\\n"
printf "plc_rx          %u\\n", uxTaskGetStackHighWaterMark(plc_rxHandle)
printf "cat1_at         %u\\n", uxTaskGetStackHighWaterMark(cat1_atHandle)
printf "meter_link      %u\\n", uxTaskGetStackHighWaterMark(meter_linkHandle)
printf "defaultTask     %u\\n", uxTaskGetStackHighWaterMark(defaultTaskHandle)
printf "free heap now   %u\\n", xPortGetFreeHeapSize()
printf "free heap min   %u\\n", xPortGetMinimumEverFreeHeapSize()
monitor go
""",
    P("tools/jlink/flash_g474_debug.jlink"): """r
h
loadfile g474/build/Debug/comm_g474.hex
r
g
qc
""",
    P("g474/App/Src/plc_link.c"): """#include "plc_link.h"
#include "main.h"
#include "cmsis_os.h"
#include <string.h>

extern UART_HandleTypeDef huart2;

plc_stats_t g_plc_stats;

static uint8_t s_rx_buf[PLC_FRAME_MAX];
static volatile uint16_t s_rx_len;

/* 376.2 帧：68 L L 68 C A... CS 16，返回完整帧长度，不完整返回 0 */
static uint16_t plc_frame_complete(const uint8_t *buf, uint16_t len)
{
    if (len < 6 || buf[0] != 0x68) {
        return 0;
    }
    uint16_t flen = (uint16_t)(buf[1] | (buf[2] << 8));
    if (len < flen) {
        return 0;
    }
    return flen;
}

void plc_link_poll(void)
{
    int remaining = PLC_FRAME_MAX - s_rx_len;
    for (uint16_t i = 0; i < s_rx_len; i++) {
        uint16_t flen = plc_frame_complete(&s_rx_buf[i], s_rx_len - i);
        if (flen > remaining) {
            g_plc_stats.overflow++;
            s_rx_len = 0;
            return;
        }
        if (flen) {
            g_plc_stats.rx_frames++;
            plc_dispatch(&s_rx_buf[i], flen);
            memmove(s_rx_buf, &s_rx_buf[i + flen], s_rx_len - i - flen);
            s_rx_len -= (uint16_t)(i + flen);
            return;
        }
    }
}
""",
    P(".clang-format"): """---
BasedOnStyle: LLVM
IndentWidth: 4
ColumnLimit: 110
BreakBeforeBraces: Linux
AllowShortFunctionsOnASingleLine: Empty
AllowShortIfStatementsOnASingleLine: Never
PointerAlignment: Right
SortIncludes: Never
...
""",
    P("l476/App/Src/rtc_calib.c"): """#include "rtc_calib.h"
#include "main.h"
#include "log.h"

extern RTC_HandleTypeDef hrtc;

/*
 * LSE 平滑校准：CALP/CALM，32 s 周期。ppm 由产线用 1 Hz 秒脉冲测出，存在 calib 区。
 * 正 ppm 表示走快，需要减脉冲。
 */
HAL_StatusTypeDef rtc_calib_apply(int16_t ppm_x10)
{
    uint32_t plus = RTC_SMOOTHCALIB_PLUSPULSES_RESET;
    int32_t minus;
    /* 1 个 CALM 脉冲 = 0.9537 ppm */
    minus = (ppm_x10 * 10000 + 4768) / 9537;
    if (minus < 0) {
        plus = RTC_SMOOTHCALIB_PLUSPULSES_SET;
        minus += 512;
    }
    if (minus < 0 || minus > 511) {
        LOG_E("rtc", "calib out of range: %d.%d ppm", ppm_x10 / 10, ppm_x10 % 10);
        return HAL_ERROR;
    }
    return HAL_RTCEx_SetSmoothCalib(&hrtc, RTC_SMOOTHCALIB_PERIOD_32SEC, plus, (uint32_t)minus);
}
""",
}

FILES.update({
    P("l476/App/Src/app_main.c"): """#include "app_main.h"
#include "main.h"
#include "cmsis_os.h"
#include "log.h"
#include "metering.h"
#include "lcd_view.h"

extern IWDG_HandleTypeDef hiwdg;

static volatile uint32_t s_wakeups;

void HAL_RTCEx_WakeUpTimerEventCallback(RTC_HandleTypeDef *hrtc)
{
    (void)hrtc;
    s_wakeups++;
}

void app_main_start(void)
{
    LOG_I("boot", "meter_l476 %s (%s) %s", FW_VERSION, FW_GIT_SHA, FW_BUILD_TYPE);
    metering_start();
    lcd_view_start();
}

/* defaultTask 主循环，CubeMX 生成的 StartDefaultTask 里调用 */
void app_main_loop(void)
{
    for (;;) {
        metering_poll();
        lcd_view_poll();
        osDelay(100);
    }
}
""",
    P("l476/App/Src/tariff.c"): """#include "tariff.h"

/*
 * 费率时段：最多 8 段，按 hh:mm 起点升序排列，最后一段跨零点延续到第一段起点。
 * 节假日（holiday_mask 对应位为 1）全天按谷时段。
 */
uint8_t tariff_period_at(const tariff_table_t *t, uint8_t wday, uint16_t minute_of_day, uint8_t is_holiday)
{
    (void)wday;
    if (is_holiday) {
        return TARIFF_VALLEY;
    }
    uint8_t cur = t->seg[t->nseg - 1].period;
    for (uint8_t i = 0; i < t->nseg; i++) {
        if (minute_of_day >= t->seg[i].start_min) {
            cur = t->seg[i].period;
        }
    }
    return cur;
}
""",
    P("l476/App/Inc/tariff.h"): """#ifndef TARIFF_H
#define TARIFF_H

#include <stdint.h>

enum { TARIFF_SHARP = 1, TARIFF_PEAK = 2, TARIFF_FLAT = 3, TARIFF_VALLEY = 4 };

typedef struct {
    uint16_t start_min; /* 0..1439 */
    uint8_t period;     /* TARIFF_* */
} tariff_seg_t;

typedef struct {
    uint8_t nseg;
    tariff_seg_t seg[8];
} tariff_table_t;

uint8_t tariff_period_at(const tariff_table_t *t, uint8_t wday, uint16_t minute_of_day, uint8_t is_holiday);

#endif
""",
    P("l476/STM32L476XX_FLASH.ld"): """/*
******************************************************************************
**
** @file        : LinkerScript.ld
**
** @author      : Auto-generated by STM32CubeIDE
**
** @brief       : Linker script for STM32L476RGTx Device from STM32L4 series
**                      1024KBytes FLASH
**                      96KBytes RAM
**                      32KBytes RAM2
**
******************************************************************************
*/

/* Entry Point */
ENTRY(Reset_Handler)

/* Highest address of the user mode stack */
_estack = ORIGIN(RAM) + LENGTH(RAM); /* end of "RAM" Ram type memory */

_Min_Heap_Size = 0x200; /* required amount of heap */
_Min_Stack_Size = 0x400; /* required amount of stack */

/* Memories definition */
MEMORY
{
  RAM    (xrw)    : ORIGIN = 0x20000000,   LENGTH = 96K
  RAM2    (xrw)    : ORIGIN = 0x10000000,   LENGTH = 32K
  FLASH    (rx)    : ORIGIN = 0x8000000,   LENGTH = 1024K
}

/* Sections */
SECTIONS
{
  /* The startup code into "FLASH" Rom type memory */
  .isr_vector :
  {
    . = ALIGN(8);
    KEEP(*(.isr_vector)) /* Startup code */
    . = ALIGN(8);
  } >FLASH

  /* ... .text / .rodata / .ARM / .init_array 略（CubeMX 生成，未改动） ... */

  /* Uninitialized data section into "RAM" Ram type memory */
  . = ALIGN(4);
  .bss :
  {
    /* This is used by the startup in order to initialize the .bss section */
    _sbss = .;         /* define a global symbol at bss start */
    __bss_start__ = _sbss;
    *(.bss)
    *(.bss*)
    *(COMMON)

    . = ALIGN(4);
    _ebss = .;         /* define a global symbol at bss end */
    __bss_end__ = _ebss;
  } >RAM

  /* 智电：大缓冲放 SRAM2，不清零（见 App/Inc/mem_sections.h） */
  .sram2 (NOLOAD) :
  {
    . = ALIGN(4);
    *(.sram2)
    *(.sram2*)
    . = ALIGN(4);
  } >RAM2

  /* User_heap_stack section, used to check that there is enough "RAM" Ram  type memory left */
  ._user_heap_stack :
  {
    . = ALIGN(8);
    PROVIDE ( end = . );
    PROVIDE ( _end = . );
    . = . + _Min_Heap_Size;
    . = . + _Min_Stack_Size;
    . = ALIGN(8);
  } >RAM

  /* Remove information from the compiler libraries */
  /DISCARD/ :
  {
    libc.a ( * )
    libm.a ( * )
    libgcc.a ( * )
  }

  .ARM.attributes 0 : { *(.ARM.attributes) }
}
""",
    P("CHANGELOG.md"): """# Changelog

## v1.3.2 (2026-10-28)

- metering: 修正 0.5L 下无功方向判断
- lcd: 第 7 屏显示剩余金额时的小数点位置
- rtc: 校时后立即刷新费率时段

## v1.3.1 (2026-09-30)

- dlms: 读负荷曲线时 selective access 的起止时间按本地时区
- boot: 上电自检失败时 LCD 显示 Err-03
""",
})


# ---------------------------------------------------------------- state
ST = {}


def reset_state():
    ST.clear()
    ST.update(ram=91500, ram2=12288, flash=287412, data=432, rel_ram=91212, rel_flash=281980)


def size_l476(elf=ELF_D):
    if elf == ELF_R:
        return size_out(elf, ST["rel_flash"] - ST["data"], ST["data"], ST["rel_ram"] - ST["data"] + ST["ram2"])
    return size_out(elf, ST["flash"] - ST["data"], ST["data"], ST["ram"] - ST["data"] + ST["ram2"])


def build_ok(t, objs, dram=0, dram2=0, dflash=0, desc="编译 L476 Debug"):
    ST["ram"] += dram
    ST["ram2"] += dram2
    ST["flash"] += dflash
    t.bash("cmake --build l476/build/Debug", desc,
           out=ninja_ok(objs, "meter_l476.elf", ST["ram"], ST["ram2"], ST["flash"]))


def boot_log(extra, sha, t0=12):
    base = [f"[{t0:08d}] I/boot: meter_l476 v1.4.0-dev ({sha}) Debug, reset cause: PIN",
            f"[{t0 + 3:08d}] I/boot: HCLK 80 MHz, LSE ready, IWDG 4000 ms",
            f"[{t0 + 91:08d}] I/att7022: chip id 0x7122A0, calib checksum OK",
            f"[{t0 + 98:08d}] I/energy: total 1532.47 kWh (FRAM)",
            f"[{t0 + 202:08d}] I/lcd: page 1/8"]
    return "\n".join(base + extra)


def s1(d):
    with d.session("2026-12-01T01:35:00", R, branch="master", version="2.1.161"):
        t = d.task("我刚从老郑手里接过 meter-fw 这个仓库，你先带我过一遍：两块板子各管什么、怎么编、怎么下载、测试怎么跑",
                   tags=["noise", "long_output"])
        t.read(P("README.md"))
        t.glob("l476/App/**/*.[ch]", [P("l476/App/Inc/energy_accum.h"), P("l476/App/Inc/log.h"), P("l476/App/Inc/mem_sections.h"),
                                      P("l476/App/Inc/tariff.h"), P("l476/App/Src/app_main.c"), P("l476/App/Src/energy_accum.c"),
                                      P("l476/App/Src/lcd_view.c"), P("l476/App/Src/log.c"), P("l476/App/Src/metering.c"),
                                      P("l476/App/Src/rtc_calib.c"), P("l476/App/Src/tariff.c")], path=R)
        t.read(P("l476/CMakeLists.txt"))
        t.read(P("l476/App/Inc/mem_sections.h"))
        t.read(P("project.yml"))
        log = []
        msgs = ["lcd: 第 7 屏剩余金额小数点", "metering: 0.5L 无功方向", "rtc: 校时后刷新费率", "release v1.3.2",
                "dlms: selective access 时区", "boot: 自检失败显示 Err-03", "g474: 4G 模组掉线重拨间隔改 30 s",
                "g474: HPLC 帧 CS 校验失败计数", "ci: ceedling gcov 报告归档", "energy: FRAM 双备份写入",
                "l476: CubeMX 6.12 重新生成（LPUART1 改 DMA）", "tariff: 节假日按谷时段", "hil: 新增 accuracy 标记",
                "release v1.3.1", "lcd: 低温下对比度补偿", "g474: USART1 内部链路加超时", "metering: 潜动阈值 0.2%Ib",
                "tools: uart_log.py 支持 --seconds", "l476: IWDG 4 s（CubeMX）", "readme: 补充下载命令"]
        for m in msgs:
            log.append(f"{hx(7)} {m}")
        t.bash("git log --oneline -20", "看最近的提交", out="\n".join(log))
        t.bash("ls l476/build g474/build && ls /dev/ttyACM* /dev/ttyUSB*", "看构建目录和串口",
               out="l476/build:\nDebug\nRelease\n\ng474/build:\nDebug\nRelease\n/dev/ttyACM0\n/dev/ttyUSB0\n/dev/ttyUSB1")
        t.done("""过了一遍，概要如下：

**两块板子**
- `l476/`（STM32L476RG，计量主控）：ATT7022E 计量、RTC、LCD、电能累计、费率、DLMS/HDLC（RS-485）。下载用 ST-LINK V3 + OpenOCD。
- `g474/`（STM32G474RE，通信模块）：HPLC 载波、4G 模组、和计量板的内部串口。下载/调试用 J-Link。
- 都是 CubeMX 6.12 生成的 CMake 工程，应用代码在 `App/`，`Core/` 只能改 `USER CODE` 区。新的 `.c` 要手动加进 `l476/CMakeLists.txt` 的 `target_sources`。

**构建**：`cmake --build l476/build/Debug`（Release 会打开 `METER_LOWPOWER`，空闲进 STOP2）。`build/Debug`、`build/Release` 两个目录都已经配置好了。

**内存**：SRAM1 96 KB，FreeRTOS 堆和任务栈都在里面。`mem_sections.h` 里的 `SRAM2_BSS` 宏把大缓冲放进 SRAM2（32 KB，不清零）。

**测试**：主机上跑 Ceedling（`project.yml`，源文件是 `l476/App/Src/**`，开了 gcov 插件）。HIL 在 `hil/`，用 pytest + pyserial，台架上的串口是 `/dev/ttyACM0`、`/dev/ttyUSB0`、`/dev/ttyUSB1`，现在都在。

最近 20 个提交主要在做 lcd/metering 的小修，以及 g474 的 4G/HPLC 稳定性。""")

        t = d.task("小林上周拿台架上那块计量板测功耗，刷的是 Release。帮我把最新的 Debug 编一下刷进去，看看串口日志正不正常",
                   tags=["mistake:M1", "workflow:W1"])
        build_ok(t, ["App/Src/app_main.c", "App/Src/metering.c"])
        t.bash(f"arm-none-eabi-size {ELF_D}", "看段大小", out=size_l476())
        t.bash(f'{OCD} -c "program {ELF_D} verify reset exit"', "OpenOCD 下载 Debug 固件", code=1,
               out=ocd_fail_program("3.281250"))
        t.say("ST-LINK 能识别，目标电压 3.28 V 也正常，但连不上内核（`init mode failed`）。板子上还是小林的 Release，"
              "空闲时进 STOP2，SWD 访问不到内核。所以要在复位状态下连接：先把 NRST 拉住连上，再下载。在 `program` 前面加 "
              "`reset_config srst_only srst_nogate connect_assert_srst`。")
        t.bash(f'{OCD} {SRST} -c "program {ELF_D} verify reset exit"', "复位状态下连接并下载",
               out=ocd_program(ELF_D, 0x08046298, True, "3.282051"))
        t.bash("python3 tools/uart_log.py --port /dev/ttyACM0 --seconds 5", "抓 5 秒串口日志",
               out=boot_log([f"[00001003] I/metering: U=220.13V I=0.000A P=0.0W f=50.01Hz",
                             f"[00002003] I/metering: U=220.09V I=0.000A P=0.0W f=50.00Hz",
                             f"[00003003] I/metering: U=220.11V I=0.000A P=0.0W f=50.01Hz",
                             f"[00004003] I/metering: U=220.12V I=0.000A P=0.0W f=50.01Hz"], "a3f9c21"))
        t.done("""已经刷好，日志正常：

- 编译通过。RAM 93.08%，RAM2 37.50%，FLASH 27.41%。
- 第一次下载连不上，报 `init mode failed`，原因是板子上的 Release 在 STOP2 里。加上 `connect_assert_srst`，在复位状态下连接后，下载和校验都通过了。
- 串口：启动信息、ATT7022E 校验和、FRAM 里的总电量 1532.47 kWh 都对。空载下 U≈220.1 V，f≈50.01 Hz，每秒刷新。

以后碰到跑过 Release 的板子，下载命令都要带这个 reset_config。""")

        t = d.task("问个问题：STOP2 下用 LPUART1 接收唤醒，有哪些坑？RS-485 那边 9600 8E1", tags=["noise", "no_tools"])
        t.done("""几个常见的坑：

1. **时钟源**：STOP2 下只有 LSE/HSI16 能给 LPUART 供时钟。9600 可以用 LSE（32.768 kHz 最高约 9600 bps，余量很小，8E1 偏差要算一下）。更稳妥的是选 HSI16，并打开 `UCESM`（STOP 模式下 HSI16 按需启动）。
2. **唤醒事件**：用 `HAL_UARTEx_StopModeWakeUpSourceConfig()` 设成 `UART_WAKEUP_ON_STARTBIT` 或 `RXNE`，进 STOP2 前调 `HAL_UARTEx_EnableStopMode()`，EXTI line 28 要使能。
3. **第一个字节**：用起始位唤醒，HSI16 启动要几 µs，9600 下够用。但唤醒后系统时钟会回到 MSI/HSI，要在回调里恢复 PLL，再处理 DMA/IDLE。
4. **RS-485 方向脚**：DE 脚在 STOP2 下要保持接收态（低），GPIO 状态会保留，但别在进 STOP 前半途切换。
5. **DMA**：STOP2 下 DMA 不工作，接收要靠唤醒后再开 DMA，或者干脆用 RXNE 中断接首字节。
6. **调试**：空闲进 STOP2 后，SWD 在正常运行时连不上，下载要在复位状态下连接。""")


def s2(d):
    with d.session("2026-12-03T02:10:00", R, branch="feature/load-profile", version="2.1.162"):
        t = d.task("加一个负荷曲线模块 load_profile：每 15 分钟记一条（时间戳、正反向有功、四象限无功、电压、电流），内存里保留最近 48 小时，"
                   "放在 l476/App 下。采集任务用静态创建，别用 malloc。", tags=["mistake:M2", "pref:P1"])
        t.read(P("l476/App/Src/app_main.c"))
        t.read(P("l476/App/Inc/log.h"))
        t.read(P("l476/CMakeLists.txt"))
        t.write(P("l476/App/Inc/load_profile.h"), """#ifndef LOAD_PROFILE_H
#define LOAD_PROFILE_H

#include <stdint.h>

#define LP_INTERVAL_MIN 15u
#define LP_RING_LEN     192u /* 48 h x 4 条/h */

typedef struct {
    uint32_t ts;        /* 本地时间，秒 */
    uint32_t ep_wh;     /* 正向有功总电能 */
    uint32_t en_wh;     /* 反向有功总电能 */
    uint32_t q_varh[4]; /* 四象限无功 */
    uint16_t u_dv;      /* 电压 0.1 V */
    uint16_t i_ma;      /* 电流 mA */
} lp_record_t;

void lp_init(void);
void lp_push(const lp_record_t *rec);
uint16_t lp_count(void);
/* idx = 0 为最新一条 */
int lp_get(uint16_t idx, lp_record_t *out);
void lp_task_start(void);

#endif /* LOAD_PROFILE_H */
""")
        lp_c = """#include "load_profile.h"
#include <string.h>

static lp_record_t s_lp_ring[LP_RING_LEN];
static uint16_t s_lp_head;
static uint16_t s_lp_count;

void lp_init(void)
{
    s_lp_head = 0;
    s_lp_count = 0;
}

void lp_push(const lp_record_t *rec)
{
    s_lp_ring[s_lp_head] = *rec;
    s_lp_head = (uint16_t)((s_lp_head + 1u) % LP_RING_LEN);
    if (s_lp_count < LP_RING_LEN) {
        s_lp_count++;
    }
}

uint16_t lp_count(void)
{
    return s_lp_count;
}

int lp_get(uint16_t idx, lp_record_t *out)
{
    if (idx >= s_lp_count) {
        return -1;
    }
    uint16_t pos = (uint16_t)((s_lp_head + LP_RING_LEN - 1u - idx) % LP_RING_LEN);
    memcpy(out, &s_lp_ring[pos], sizeof(*out));
    return 0;
}
"""
        t.write(P("l476/App/Src/load_profile.c"), lp_c)
        t.write(P("l476/App/Src/lp_task.c"), """#include "load_profile.h"
#include "cmsis_os.h"
#include "metering.h"
#include "log.h"

#define LP_TASK_STACK_WORDS 384u

static StaticTask_t s_lp_tcb;
static StackType_t s_lp_stack[LP_TASK_STACK_WORDS];

static void lp_task(void *arg)
{
    (void)arg;
    lp_init();
    for (;;) {
        uint32_t now = metering_now();
        osDelay((LP_INTERVAL_MIN * 60u - now % (LP_INTERVAL_MIN * 60u)) * 1000u);
        lp_record_t rec;
        metering_snapshot_lp(&rec);
        lp_push(&rec);
        LOG_D("lp", "rec ts=%lu ep=%lu", (unsigned long)rec.ts, (unsigned long)rec.ep_wh);
    }
}

void lp_task_start(void)
{
    const osThreadAttr_t attr = {
        .name = "lp",
        .cb_mem = &s_lp_tcb,
        .cb_size = sizeof(s_lp_tcb),
        .stack_mem = s_lp_stack,
        .stack_size = sizeof(s_lp_stack),
        .priority = osPriorityBelowNormal,
    };
    (void)osThreadNew(lp_task, NULL, &attr);
}
""")
        t.edit(P("l476/CMakeLists.txt"), "    App/Src/log.c\n)", "    App/Src/log.c\n    App/Src/load_profile.c\n    App/Src/lp_task.c\n)")
        t.edit(P("l476/App/Src/app_main.c"), '#include "lcd_view.h"\n', '#include "lcd_view.h"\n#include "load_profile.h"\n')
        t.edit(P("l476/App/Src/app_main.c"), "    lcd_view_start();\n}", "    lcd_view_start();\n    lp_task_start();\n}")
        objs = ["App/Src/app_main.c", "App/Src/load_profile.c", "App/Src/lp_task.c"]
        allobjs = ["App/Src/app_main.c", "App/Src/metering.c", "App/Src/energy_accum.c", "App/Src/rtc_calib.c",
                   "App/Src/lcd_view.c", "App/Src/log.c", "App/Src/load_profile.c", "App/Src/lp_task.c"]
        add = 6144 + 1536 + 96 + 24
        t.bash("cmake --build l476/build/Debug", "编译 L476 Debug", code=1,
               out=ninja_overflow(objs, allobjs, ".bss", ST["ram"] + add - RAM_SZ, ST["ram"] + add, ST["ram2"], ST["flash"] + 1212))
        t.say("链接失败：`.bss` 放不下，SRAM1 超了 %d 字节。新加的主要是 192×32 = 6144 字节的环形缓冲，再加 1.5 KB 任务栈。"
              "仓库里已经有 `SRAM2_BSS`，大缓冲应该放 SRAM2。栈留在 SRAM1，只把 `s_lp_ring` 挪过去。" % (ST["ram"] + add - RAM_SZ))
        t.edit(P("l476/App/Src/load_profile.c"), '#include "load_profile.h"\n#include <string.h>\n\nstatic lp_record_t s_lp_ring[LP_RING_LEN];',
               '#include "load_profile.h"\n#include "mem_sections.h"\n#include <string.h>\n\n/* 6 KB，放 SRAM2；不清零，lp_init() 只复位下标 */\n'
               'static lp_record_t s_lp_ring[LP_RING_LEN] SRAM2_BSS;')
        build_ok(t, ["App/Src/load_profile.c"], dram=add - 6144, dram2=6144, dflash=1212)
        t.bash(f"arm-none-eabi-size {ELF_D}", "看段大小", out=size_l476())
        t.done("""负荷曲线模块加好了，编译通过：

- `App/Inc/load_profile.h`、`App/Src/load_profile.c`：192 条环形缓冲（48 h × 4），提供 `lp_push` / `lp_get(idx)`，idx=0 是最新一条。
- `App/Src/lp_task.c`：用 `osThreadNew` 加静态 `cb_mem`/`stack_mem` 创建，栈 384 words。按 15 分钟整点对齐采样，没有用动态内存。
- `CMakeLists.txt` 加了两个源文件，`app_main_start()` 里启动任务。

第一次链接时 SRAM1 超了。我用 `SRAM2_BSS` 把 6 KB 的 `s_lp_ring` 放到了 SRAM2。现在 RAM 94.76%，RAM2 56.25%。注意 SRAM2 段不清零，上电后的内容以 `lp_init()` 复位的下标为准。""")

        t = d.task("给 load_profile 补单元测试，用 ceedling 跑，再看一下覆盖率", tags=["workflow:W2"])
        t.read(P("test/test_energy_accum.c"))
        t.write(P("test/test_load_profile.c"), """#include "unity.h"
#include "load_profile.h"

static lp_record_t mk(uint32_t ts)
{
    lp_record_t r = {0};
    r.ts = ts;
    r.ep_wh = ts / 10u;
    return r;
}

void setUp(void) { lp_init(); }
void tearDown(void) {}

void test_empty_after_init(void)
{
    lp_record_t r;
    TEST_ASSERT_EQUAL_UINT16(0, lp_count());
    TEST_ASSERT_EQUAL_INT(-1, lp_get(0, &r));
}

void test_latest_is_index_zero(void)
{
    lp_record_t a = mk(900), b = mk(1800), r;
    lp_push(&a);
    lp_push(&b);
    TEST_ASSERT_EQUAL_INT(0, lp_get(0, &r));
    TEST_ASSERT_EQUAL_UINT32(1800, r.ts);
    TEST_ASSERT_EQUAL_INT(0, lp_get(1, &r));
    TEST_ASSERT_EQUAL_UINT32(900, r.ts);
}

void test_count_saturates_at_ring_len(void)
{
    for (uint32_t i = 0; i < LP_RING_LEN + 10u; i++) {
        lp_record_t r = mk(i * 900u);
        lp_push(&r);
    }
    TEST_ASSERT_EQUAL_UINT16(LP_RING_LEN, lp_count());
}

void test_wraparound_keeps_newest(void)
{
    lp_record_t r;
    for (uint32_t i = 0; i < LP_RING_LEN + 3u; i++) {
        lp_record_t x = mk(i * 900u);
        lp_push(&x);
    }
    TEST_ASSERT_EQUAL_INT(0, lp_get(0, &r));
    TEST_ASSERT_EQUAL_UINT32((LP_RING_LEN + 2u) * 900u, r.ts);
    TEST_ASSERT_EQUAL_INT(0, lp_get(LP_RING_LEN - 1u, &r));
    TEST_ASSERT_EQUAL_UINT32(3u * 900u, r.ts);
}

void test_get_out_of_range(void)
{
    lp_record_t a = mk(900), r;
    lp_push(&a);
    TEST_ASSERT_EQUAL_INT(-1, lp_get(1, &r));
}

void test_record_copied_by_value(void)
{
    lp_record_t a = mk(900), r;
    lp_push(&a);
    a.ts = 1;
    lp_get(0, &r);
    TEST_ASSERT_EQUAL_UINT32(900, r.ts);
}
""")
        t.bash("ceedling test:load_profile", "跑 load_profile 单元测试",
               out=ceedling_ok("test_load_profile", ["load_profile.c"], 6))
        t.bash("ceedling gcov:load_profile", "覆盖率",
               out=gcov_out("test_load_profile", "load_profile.c", 6, 100.0, 22, 100.0, 8, 100.0, 100.0))
        t.done("""`test/test_load_profile.c` 写了 6 个用例：空表、最新在 idx 0、计数饱和、回绕后保留最新 192 条、越界、按值拷贝。

- `ceedling test:load_profile`：6/6 通过
- `ceedling gcov:load_profile`：`load_profile.c` 行覆盖 100%（22 行），分支 100%（8 个）

`lp_task.c` 依赖 CMSIS-RTOS2，没有放进主机测试。""")

        t = d.task("同步一下远端 master，看看小林这两天合了什么", tags=["flaky:F1", "noise"])
        pull_cmd = "git pull --rebase origin master"
        t.bash(pull_cmd, "拉取远端 master", code=1,
               out="fatal: unable to access 'https://gitee.com/zhidian-iot/meter-fw.git/': GnuTLS recv error (-110): "
                   "The TLS connection was non-properly terminated.")
        t.say("连 Gitee 时 TLS 被中断了，一般是网络抖动，原样再试一次。")
        t.bash(pull_cmd, "拉取远端 master",
               out="From https://gitee.com/zhidian-iot/meter-fw\n * branch            master     -> FETCH_HEAD\n"
                   f"   {hx(7)}..{hx(7)}  master     -> origin/master\nSuccessfully rebased and updated refs/heads/feature/load-profile.")
        t.bash("git log --oneline -6 origin/master", "看远端最近提交",
               out=f"{hx(7)} hil: test_smoke 增加 LCD 全显检查\n{hx(7)} g474: cat1 AT 超时从 5 s 改 8 s\n"
                   f"{hx(7)} metering: 启动 3 s 内不判潜动\n{hx(7)} readme: 补充下载命令\n{hx(7)} l476: IWDG 4 s（CubeMX）\n"
                   f"{hx(7)} tools: uart_log.py 支持 --seconds")
        t.done("""同步好了。第一次拉取遇到 Gitee 的 TLS 中断，原样重试就成功了。当前分支已经 rebase 到最新的 master 上。

小林这两天合进来的三个：
- `hil: test_smoke 增加 LCD 全显检查`
- `g474: cat1 AT 超时从 5 s 改 8 s`
- `metering: 启动 3 s 内不判潜动`

这三个都不碰 load_profile，没有冲突。""")


GDB_OK_HEAD = ("Remote debugging using :2331\n"
               "0x08003d4e in prvIdleTask (pvParameters=0x0) at "
               f"{R}/g474/Middlewares/Third_Party/FreeRTOS/Source/tasks.c:3461\n"
               "3461\t\t\tprvCheckTasksWaitingTermination();")


def s3(d):
    with d.session("2026-12-07T01:50:00", R, branch="feature/load-profile", version="2.1.163"):
        t = d.task("通信板的 HPLC 这两天偶尔抄表失败，集中器那边说收不到回复。帮我连上 G474 看一下 g_plc_stats 现在的计数",
                   tags=["mistake:M3"])
        t.read(P("g474/App/Src/plc_link.c"))
        gdb1 = (f'arm-none-eabi-gdb -batch -ex "target extended-remote :2331" -ex "monitor halt" '
                f'-ex "print g_plc_stats" -ex "monitor go" {G_ELF}')
        t.bash(gdb1, "gdb 连 J-Link 读 g_plc_stats", code=1,
               out=":2331: Connection refused.\n\"monitor\" command not supported by this target.\n"
                   "Cannot access memory at address 0x20000a3c\n\"monitor\" command not supported by this target.")
        t.say("端口 2331 上没有东西在监听，J-Link GDB Server 没有起来，gdb 连不上。先在后台启动 GDB Server，再执行同样的 gdb 命令。")
        t.bash("JLinkGDBServerCLExe -device STM32G474RE -if SWD -speed 4000 -port 2331 -nogui -silent > /tmp/jlinkgdb.log 2>&1 &",
               "后台启动 J-Link GDB Server")
        t.bash(gdb1, "再读 g_plc_stats",
               out=GDB_OK_HEAD + "\n$1 = {rx_frames = 18342, tx_frames = 18290, crc_err = 3, overflow = 52, timeout = 0}")
        t.done("""读到了（GDB Server 先在后台起好，然后读）：

```
rx_frames = 18342, tx_frames = 18290, crc_err = 3, overflow = 52, timeout = 0
```

- 收 18342 帧、发 18290 帧，差的 52 帧和 `overflow = 52` 刚好对上。也就是说，丢的帧都走了 `plc_link_poll()` 的溢出分支，缓冲区被清空，没有回复。
- CRC 错只有 3 次，载波信道本身没问题。

溢出判断看起来有问题：`remaining = PLC_FRAME_MAX - s_rx_len` 是把整个缓冲区减去已收长度，再和**已经在缓冲区里的**帧长比较。帧越长、缓冲区越满，越容易误判。要改的话我可以下次处理。""")

        t = d.task("energy_accum 取整有问题：对账时发现 Wh 比标准表少 1。先加个用例复现，再修", tags=["oneoff:O1"])
        t.read(P("l476/App/Src/energy_accum.c"))
        t.read(P("test/test_energy_accum.c"))
        t.edit(P("test/test_energy_accum.c"), "        energy_accum_add_pulses(&acc, 1);\n    }\n    TEST_ASSERT_EQUAL_UINT32(10, energy_accum_wh(&acc));\n}\n",
               "        energy_accum_add_pulses(&acc, 1);\n    }\n    TEST_ASSERT_EQUAL_UINT32(10, energy_accum_wh(&acc));\n}\n\n"
               "void test_rounds_half_wh_up(void)\n{\n    /* 1917 imp = 299.53 Wh，应显示 300 */\n"
               "    energy_accum_add_pulses(&acc, 1917);\n    TEST_ASSERT_EQUAL_UINT32(300, energy_accum_wh(&acc));\n}\n")
        t.bash("ceedling test:energy_accum", "跑 energy_accum 测试", code=1,
               out="\nTest 'test_energy_accum.c'\n--------------------------\nGenerating runner for test_energy_accum.c...\n"
                   "Compiling test_energy_accum_runner.c...\nCompiling test_energy_accum.c...\nLinking test_energy_accum.out...\n"
                   "Running test_energy_accum.out...\n\n-------------------\nFAILED TEST SUMMARY\n-------------------\n"
                   "[test_energy_accum.c]\n  Test: test_rounds_half_wh_up\n  At line (30): \"Expected 300 Was 299\"\n\n"
                   "--------------------\nOVERALL TEST SUMMARY\n--------------------\nTESTED:  4\nPASSED:  3\nFAILED:  1\nIGNORED: 0\n\n"
                   "---------------------\nBUILD FAILURE SUMMARY\n---------------------\nUnit test failures.")
        t.say("复现了：299.53 Wh 被截断成 299。注释里写的是四舍五入，但 `energy_accum_wh()` 直接除了 100。")
        t.edit(P("l476/App/Src/energy_accum.c"), "    return (uint32_t)(acc->total_cwh / 100u);",
               "    return (uint32_t)((acc->total_cwh + 50u) / 100u);")
        t.bash("ceedling test:energy_accum", "再跑 energy_accum 测试",
               out=ceedling_ok("test_energy_accum", ["energy_accum.c"], 4))
        t.done("""修好了：

- 新用例 `test_rounds_half_wh_up`：1917 个脉冲 = 299.53 Wh，期望 300，原来的实现返回 299。
- `energy_accum_wh()` 改成 `(total_cwh + 50) / 100`，按注释说的四舍五入。
- `ceedling test:energy_accum` 4/4 通过。

LCD 显示和 DLMS 读数都走 `energy_accum_wh()`，所以两边会一起变。FRAM 里存的是 0.01 Wh，不受影响。""")

        t = d.task("CMSIS-RTOS2 的 osThreadNew 用静态内存时 cb_size 要填多少？FreeRTOS 封装下有什么要求，去官方文档确认一下",
                   tags=["noise", "webfetch"])
        t.webfetch("https://arm-software.github.io/CMSIS-FreeRTOS/latest/cre_freertos_proj.html",
                   "osThreadNew static allocation cb_mem cb_size requirements with FreeRTOS",
                   "Static memory allocation: When using CMSIS-RTOS2 API with static memory, the application provides the "
                   "memory for control blocks and stacks via the attribute structures (cb_mem/cb_size, stack_mem/stack_size). "
                   "With CMSIS-FreeRTOS, configSUPPORT_STATIC_ALLOCATION must be set to 1 in FreeRTOSConfig.h. The size of "
                   "the thread control block must be at least sizeof(StaticTask_t); for message queues sizeof(StaticQueue_t), "
                   "for semaphores and mutexes sizeof(StaticSemaphore_t), for timers sizeof(StaticTimer_t), for event flags "
                   "sizeof(StaticEventGroup_t). If cb_mem is provided but cb_size is smaller than required, the object is not "
                   "created and NULL is returned. Both cb_mem and stack_mem must be provided for a thread to be created "
                   "statically; stack_size is in bytes and must be a multiple of sizeof(StackType_t). When "
                   "configSUPPORT_STATIC_ALLOCATION is enabled the application must also provide vApplicationGetIdleTaskMemory() "
                   "and vApplicationGetTimerTaskMemory() (the CMSIS-FreeRTOS port supplies them in cmsis_os2.c).")
        t.done("""文档里的要求：

- `FreeRTOSConfig.h` 里要有 `configSUPPORT_STATIC_ALLOCATION 1`（CubeMX 里 FreeRTOS → Config parameters → Memory management 打开）。
- `cb_size` 至少要 `sizeof(StaticTask_t)`。队列是 `sizeof(StaticQueue_t)`，信号量/互斥量是 `sizeof(StaticSemaphore_t)`，定时器是 `sizeof(StaticTimer_t)`，事件标志是 `sizeof(StaticEventGroup_t)`。
- `cb_size` 不够时不会创建，直接返回 NULL，所以要检查返回值。
- `cb_mem` 和 `stack_mem` 都给了才算静态创建，`stack_size` 的单位是**字节**，要是 `sizeof(StackType_t)` 的整数倍。
- 空闲任务和定时器任务的内存由 `cmsis_os2.c` 里的 `vApplicationGetIdleTaskMemory()`/`vApplicationGetTimerTaskMemory()` 提供，不用自己写。

`lp_task.c` 里写的是 `.cb_size = sizeof(s_lp_tcb)`（`StaticTask_t`），`.stack_size = sizeof(s_lp_stack)`（字节），符合要求。""")


def s4(d):
    with d.session("2026-12-09T02:20:00", R, branch="master", version="2.1.164", end_reason="other"):
        t = d.task("售后退回来一台表（表号 000123456789，现场跑的是 v1.3.2 Release），说计量偏大。先别刷程序，把它 flash 里 0x080FF800 开始的 2KB "
                   "校准区读出来存到 /tmp，我要比对校准参数", tags=["mistake:M1"])
        dump = '-c "init" -c "reset halt" -c "dump_image /tmp/calib_000123456789.bin 0x080FF800 2048" -c "shutdown"'
        t.bash(f"{OCD} {dump}", "读出校准区", code=1,
               out=ocd_head(False, "3.290323") + "\nError: init mode failed (unable to connect to the target)")
        t.say("还是连不上内核：这台表跑的是 Release，空闲在 STOP2，SWD 在正常运行时接不上。在 `init` 前面加上复位状态下连接（connect_assert_srst）。"
              "`reset halt` 之后 CPU 停在复位向量，flash 不会被改动。")
        t.bash(f"{OCD} {SRST} {dump}", "复位状态下连接再读校准区",
               out=ocd_head(True, "3.290323") + "\n" + ocd_connected() + "\n"
                   "[stm32l4x.cpu] halted due to debug-request, current mode: Thread \nxPSR: 0x01000000 pc: 0x08000f5c msp: 0x20018000\n"
                   "dumped 2048 bytes in 0.031s (64.516 KiB/s)\nshutdown command invoked")
        t.bash("xxd /tmp/calib_000123456789.bin | head -8", "看校准区开头",
               out="00000000: 5a43 414c 0200 0000 3c1e 0000 9f0b 0100  ZCAL....<.......\n"
                   "00000010: 2b7f 0000 0000 0000 a012 0000 c409 0000  +...............\n"
                   "00000020: 18fc ffff 0000 0000 0000 0000 0000 0000  ................\n"
                   "00000030: ffff ffff ffff ffff ffff ffff ffff ffff  ................\n"
                   "00000040: ffff ffff ffff ffff ffff ffff ffff ffff  ................\n"
                   "00000050: ffff ffff ffff ffff ffff ffff ffff ffff  ................\n"
                   "00000060: ffff ffff ffff ffff ffff ffff ffff ffff  ................\n"
                   "00000070: ffff ffff ffff ffff ffff ffff ffff ffff  ................")
        t.done("""校准区读出来了，在 `/tmp/calib_000123456789.bin`，2048 字节。没有下载程序，也没有擦 flash。

第一次连不上是因为 Release 在 STOP2 里。加上 `connect_assert_srst` 在复位状态下连接就能读了。

开头几个字段（按 `calib_t` 的布局，小端）：
- magic `ZCAL`，版本 2
- 0x08：0x00001e3c，有功增益
- 0x0C：0x00010b9f，Ugain
- 0x10：0x00007f2b，Igain
- 0x18：0x000012a0，相位补偿
- 0x1C：0x000009c4，潜动阈值
- 0x20：0xfffffc18 = -1000，RTC 校准 -100.0 ppm

最后一项值得注意：-100.0 ppm 明显超出正常范围（产线一般在 ±20 ppm 以内）。`rtc_calib_apply()` 超出 ±48.8 ppm 时会直接报错，不生效。计量偏大先对比有功增益，拿同批次正常表的值来比。""")

        t = d.task("在 RTC 唤醒中断里统计唤醒次数，每分钟在主循环里打一条日志。日志用 LOG_I，别直接 printf。改完编译，刷台架那块板子看一下",
                   tags=["workflow:W1", "pref:P2"])
        t.read(P("l476/App/Src/app_main.c"))
        t.edit(P("l476/App/Src/app_main.c"), "void app_main_loop(void)\n{\n    for (;;) {\n        metering_poll();",
               "void app_main_loop(void)\n{\n    uint32_t last_report = osKernelGetTickCount();\n    uint32_t last_wakeups = 0;\n\n"
               "    for (;;) {\n        if (osKernelGetTickCount() - last_report >= 60000u) {\n"
               "            uint32_t w = s_wakeups;\n            LOG_I(\"rtc\", \"wakeups last 60s: %lu\", (unsigned long)(w - last_wakeups));\n"
               "            last_wakeups = w;\n            last_report += 60000u;\n        }\n        metering_poll();")
        build_ok(t, ["App/Src/app_main.c"], dram=8, dflash=96)
        t.bash(f"arm-none-eabi-size {ELF_D}", "看段大小", out=size_l476())
        t.bash(f'{OCD} -c "program {ELF_D} verify reset exit"', "OpenOCD 下载",
               out=ocd_program(ELF_D, 0x08046a18, False, "3.283951"))
        t.bash("python3 tools/uart_log.py --port /dev/ttyACM0 --seconds 65", "抓 65 秒日志",
               out=boot_log(["[00001003] I/metering: U=220.07V I=0.000A P=0.0W f=50.00Hz",
                             "[00030003] I/metering: U=220.10V I=0.000A P=0.0W f=50.01Hz",
                             "[00060012] I/rtc: wakeups last 60s: 60",
                             "[00060103] I/metering: U=220.06V I=0.000A P=0.0W f=50.00Hz"], "5d2e8b0"), timeout=90000)
        t.done("""改好并刷进去了：

- `HAL_RTCEx_WakeUpTimerEventCallback` 里原来就有 `s_wakeups++`。我在 `app_main_loop()` 里每 60 s 用 `LOG_I("rtc", ...)` 打印一次这一分钟的增量，中断里不打日志。
- 编译通过，RAM 94.77%。下载、校验都 OK（这块板子跑的是 Debug，直接连接就行）。
- 日志 `wakeups last 60s: 60`，唤醒定时器 1 s 一次，数量对得上。""")

        t = d.task("跑一下 HIL 的 RS-485 DLMS 用例", tags=["unfixed:U1"])
        t.read(P("hil/conftest.py"))
        t.bash(".venv/bin/python -m pytest hil/test_dlms.py", "跑 DLMS HIL 用例", code=1,
               out="""============================= test session starts ==============================
platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0
rootdir: /home/zhouyang/work/meter-fw/hil
configfile: pytest.ini
collected 6 items

hil/test_dlms.py EEEEEE                                                  [100%]

==================================== ERRORS ====================================
_____________________ ERROR at setup of test_hdlc_snrm_ua ______________________

    @pytest.fixture(scope="session")
    def rs485():
>       with serial.Serial(RS485_PORT, 9600, bytesize=8, parity="E", stopbits=1, timeout=1.5) as s:

hil/conftest.py:27: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
.venv/lib/python3.12/site-packages/serial/serialutil.py:244: in __init__
    self.open()
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

self = Serial<id=0x7f3a1c2b5e10, open=False>(port='/dev/ttyUSB1', baudrate=9600, bytesize=8, parity='E', stopbits=1, timeout=1.5, xonxoff=False, rtscts=False, dsrdtr=False)

    def open(self):
        \"\"\"\\
        Open port with current settings. This may throw a SerialException
        if the port cannot be opened.\"\"\"
        if self._port is None:
            raise SerialException("Port must be configured before it can be used.")
        if self.is_open:
            raise SerialException("Port is already open.")
        self.fd = None
        # open
        try:
            self.fd = os.open(self.portstr, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError as msg:
            self.fd = None
>           raise SerialException(msg.errno, "could not open port {}: {}".format(self._port, msg))
E           serial.serialutil.SerialException: [Errno 2] could not open port /dev/ttyUSB1: [Errno 2] No such file or directory: '/dev/ttyUSB1'

.venv/lib/python3.12/site-packages/serial/serialposix.py:322: SerialException
=========================== short test summary info ============================
ERROR hil/test_dlms.py::test_hdlc_snrm_ua - serial.serialutil.SerialException: [Errno 2] could not open port /dev/ttyUSB1: [Errno 2] No such f...
ERROR hil/test_dlms.py::test_aarq_low_level_security - serial.serialutil.SerialException: [Errno 2] could not open port /dev/ttyUSB1: [Errno 2] No such f...
ERROR hil/test_dlms.py::test_get_energy_total - serial.serialutil.SerialException: [Errno 2] could not open port /dev/ttyUSB1: [Errno 2] No such f...
ERROR hil/test_dlms.py::test_get_clock - serial.serialutil.SerialException: [Errno 2] could not open port /dev/ttyUSB1: [Errno 2] No such f...
ERROR hil/test_dlms.py::test_set_clock_requires_hls - serial.serialutil.SerialException: [Errno 2] could not open port /dev/ttyUSB1: [Errno 2] No such f...
ERROR hil/test_dlms.py::test_disc_dm - serial.serialutil.SerialException: [Errno 2] could not open port /dev/ttyUSB1: [Errno 2] No such f...
============================== 6 errors in 0.24s ===============================""")
        t.bash("ls -l /dev/ttyUSB* /dev/serial/by-id/", "看现在有哪些 USB 串口",
               out="crw-rw---- 1 root dialout 188, 0 Dec  9 10:41 /dev/ttyUSB0\n\n/dev/serial/by-id/:\ntotal 0\n"
                   "lrwxrwxrwx 1 root root 13 Dec  9 10:41 usb-STMicroelectronics_STLINK-V3_003A00283133511739383538-if02 -> ../../ttyACM0\n"
                   "lrwxrwxrwx 1 root root 13 Dec  9 10:41 usb-Prolific_Technology_Inc._USB-Serial_Controller-if00-port0 -> ../../ttyUSB0")
        t.done("""6 个 DLMS 用例都在 setup 阶段出错，不是固件的问题：`/dev/ttyUSB1`（RS-485 转换器）不存在。

现在系统里只有：
- `ttyACM0`：ST-LINK VCP（调试口）
- `ttyUSB0`：Prolific，标准表 CL3013

上周还在的 RS-485 转换器（FTDI）没有插着，可能被人借走了，或者 USB 线松了。这个要去台架上看，我这里处理不了。插回来以后再跑同一条命令就行。""")

DLMS_H = """#ifndef DLMS_TASK_H
#define DLMS_TASK_H

#include <stdint.h>

#define DLMS_FRAME_MAX   1024u
#define DLMS_QUEUE_DEPTH 8u

typedef struct {
    uint16_t len;
    uint8_t *buf;
} dlms_msg_t;

void dlms_task_start(void);
/* LPUART1 IDLE 回调里调用，把收到的一帧交给任务 */
void dlms_on_rx_frame(uint16_t len);

#endif /* DLMS_TASK_H */
"""

DLMS_C = """#include "dlms_task.h"
#include "cmsis_os.h"
#include "main.h"
#include "log.h"

extern UART_HandleTypeDef hlpuart1;

#define DLMS_STACK_WORDS 1024u

static StaticTask_t s_dlms_tcb;
static StackType_t s_dlms_stack[DLMS_STACK_WORDS];
static StaticQueue_t s_dlms_qcb;
static uint8_t s_dlms_qbuf[DLMS_QUEUE_DEPTH * sizeof(dlms_msg_t)];
static osMessageQueueId_t s_dlms_q;

static uint8_t s_rx_frame[DLMS_FRAME_MAX];
static uint8_t s_tx_frame[DLMS_FRAME_MAX];

void dlms_on_rx_frame(uint16_t len)
{
    dlms_msg_t m = {.len = len, .buf = s_rx_frame};
    (void)osMessageQueuePut(s_dlms_q, &m, 0, 0);
}

static void dlms_task(void *arg)
{
    (void)arg;
    HAL_UARTEx_ReceiveToIdle_DMA(&hlpuart1, s_rx_frame, sizeof(s_rx_frame));
    for (;;) {
        dlms_msg_t m;
        if (osMessageQueueGet(s_dlms_q, &m, NULL, osWaitForever) != osOK) {
            continue;
        }
        uint16_t n = hdlc_handle(m.buf, m.len, s_tx_frame, sizeof(s_tx_frame));
        if (n > 0) {
            HAL_UART_Transmit_DMA(&hlpuart1, s_tx_frame, n);
        }
        HAL_UARTEx_ReceiveToIdle_DMA(&hlpuart1, s_rx_frame, sizeof(s_rx_frame));
    }
}

void dlms_task_start(void)
{
    const osMessageQueueAttr_t qattr = {
        .name = "dlms_q",
        .cb_mem = &s_dlms_qcb,
        .cb_size = sizeof(s_dlms_qcb),
        .mq_mem = s_dlms_qbuf,
        .mq_size = sizeof(s_dlms_qbuf),
    };
    s_dlms_q = osMessageQueueNew(DLMS_QUEUE_DEPTH, sizeof(dlms_msg_t), &qattr);

    const osThreadAttr_t attr = {
        .name = "dlms",
        .cb_mem = &s_dlms_tcb,
        .cb_size = sizeof(s_dlms_tcb),
        .stack_mem = s_dlms_stack,
        .stack_size = sizeof(s_dlms_stack),
        .priority = osPriorityAboveNormal,
    };
    if (osThreadNew(dlms_task, NULL, &attr) == NULL) {
        LOG_E("dlms", "task create failed");
    }
}
"""

SMOKE_FILES = [("hil/test_smoke.py", 5), ("hil/test_lcd.py", 3)]


def s5(d):
    with d.session("2026-12-11T01:40:00", R, branch="feature/dlms-task", version="2.1.165"):
        t = d.task("DLMS/HDLC 链路层单独起一个任务处理 RS-485 收发，放在 dlms_task.c：收发帧缓冲各 1024，队列深度 8。"
                   "栈、控制块、队列全部静态分配，不允许动态内存，malloc 和 pvPortMalloc 都不行。", tags=["mistake:M2", "pref:P1"])
        t.read(P("l476/App/Src/app_main.c"))
        t.read(P("l476/CMakeLists.txt"))
        t.write(P("l476/App/Inc/dlms_task.h"), DLMS_H)
        t.write(P("l476/App/Src/dlms_task.c"), DLMS_C)
        t.edit(P("l476/CMakeLists.txt"), "    App/Src/lp_task.c\n)", "    App/Src/lp_task.c\n    App/Src/dlms_task.c\n)")
        t.edit(P("l476/App/Src/app_main.c"), '#include "load_profile.h"\n', '#include "load_profile.h"\n#include "dlms_task.h"\n')
        t.edit(P("l476/App/Src/app_main.c"), "    lp_task_start();\n}", "    lp_task_start();\n    dlms_task_start();\n}")
        add = 4096 + 96 + 80 + 64 + 2048 + 40
        allobjs = ["App/Src/app_main.c", "App/Src/metering.c", "App/Src/energy_accum.c", "App/Src/rtc_calib.c",
                   "App/Src/lcd_view.c", "App/Src/log.c", "App/Src/load_profile.c", "App/Src/lp_task.c", "App/Src/dlms_task.c"]
        over = ST["ram"] + add - RAM_SZ
        t.bash("cmake --build l476/build/Debug", "编译 L476 Debug", code=1,
               out=ninja_overflow(["App/Src/app_main.c", "App/Src/dlms_task.c"], allobjs, "._user_heap_stack", over,
                                  ST["ram"] + add, ST["ram2"], ST["flash"] + 1840))
        t.read(P("l476/STM32L476XX_FLASH.ld"))
        t.say("这次 `.bss` 本身放得下，但链接脚本最后还要给 `._user_heap_stack`（0x200 堆 + 0x400 主栈）留 1.5 KB，"
              "结果 SRAM1 超了 %d 字节。原因和上次负荷曲线一样：两个 1 KB 帧缓冲放在 SRAM1。任务栈和控制块留在 SRAM1，"
              "帧缓冲用 `SRAM2_BSS` 放到 SRAM2（DMA1 能访问 SRAM2）。" % over)
        t.edit(P("l476/App/Src/dlms_task.c"), '#include "log.h"\n', '#include "log.h"\n#include "mem_sections.h"\n')
        t.edit(P("l476/App/Src/dlms_task.c"),
               "static uint8_t s_rx_frame[DLMS_FRAME_MAX];\nstatic uint8_t s_tx_frame[DLMS_FRAME_MAX];",
               "/* 帧缓冲放 SRAM2（DMA1 可访问），每次收发前都会重新写入，不需要清零 */\n"
               "static uint8_t s_rx_frame[DLMS_FRAME_MAX] SRAM2_BSS;\nstatic uint8_t s_tx_frame[DLMS_FRAME_MAX] SRAM2_BSS;")
        build_ok(t, ["App/Src/dlms_task.c"], dram=add - 2048, dram2=2048, dflash=1840)
        t.done("""dlms 任务加好了，编译通过：

- `dlms_task.c/.h`：控制块、4 KB 栈、队列控制块和队列存储都是静态数组，用 `osThreadNew`/`osMessageQueueNew` 的 `cb_mem`/`stack_mem`/`mq_mem` 传进去，没有任何动态分配。LPUART1 用 `ReceiveToIdle_DMA` 收帧，IDLE 回调调 `dlms_on_rx_frame()` 把帧放进队列。
- 第一次链接报 `._user_heap_stack` 放不下。帧缓冲 2×1 KB 改成 `SRAM2_BSS` 以后就过了。

现在 RAM 99.22%，RAM2 62.50%。SRAM1 只剩 700 多字节了，后面再加大块数据一定要放 SRAM2。""")

        t = d.task("dlms 任务这个分支准备提 PR：先做格式检查，刷板子跑一遍 HIL 冒烟，然后推到 Gitee。HIL 结果整理成表格给我看。",
                   tags=["workflow:W3", "pref:P3"])
        t.bash("git status --short", "看改动", out=" M l476/App/Src/app_main.c\n M l476/CMakeLists.txt\n?? l476/App/Inc/dlms_task.h\n?? l476/App/Src/dlms_task.c")
        t.bash("clang-format --dry-run --Werror l476/App/Src/dlms_task.c l476/App/Inc/dlms_task.h l476/App/Src/app_main.c",
               "clang-format 检查")
        t.bash(f'{OCD} -c "program {ELF_D} verify reset exit"', "下载最新 Debug",
               out=ocd_program(ELF_D, 0x08046e58, False, "3.283951"))
        t.bash(".venv/bin/python -m pytest hil/ -m smoke", "HIL 冒烟",
               out=pytest_out(SMOKE_FILES, 8, 12, 38.61), timeout=300000)
        t.bash('git add l476/App/Inc/dlms_task.h l476/App/Src/dlms_task.c l476/App/Src/app_main.c l476/CMakeLists.txt && '
               'git commit -m "dlms: 新增 HDLC 链路任务（RS-485，静态分配）"', "提交",
               out=f"[feature/dlms-task {hx(7)}] dlms: 新增 HDLC 链路任务（RS-485，静态分配）\n 4 files changed, 118 insertions(+)\n"
                   " create mode 100644 l476/App/Inc/dlms_task.h\n create mode 100644 l476/App/Src/dlms_task.c")
        t.bash("git push -u origin feature/dlms-task", "推到 Gitee",
               err=gitee_push("feature/dlms-task", 14) + "\nbranch 'feature/dlms-task' set up to track 'origin/feature/dlms-task'.")
        t.done("""都做完了，已经推到 Gitee。

| 项目 | 结果 |
|---|---|
| clang-format --dry-run --Werror（3 个文件） | 通过，无输出 |
| 下载 Debug（OpenOCD） | Verified OK |
| hil/test_smoke.py | 5 passed |
| hil/test_lcd.py | 3 passed |
| 合计 | 8 passed，12 deselected，38.61 s |

PR 链接：https://gitee.com/zhidian-iot/meter-fw/pull/new/zhidian-iot:feature/dlms-task...zhidian-iot:master

PR 描述草稿：

**标题**：dlms: 新增 HDLC 链路任务（RS-485，静态分配）

**背景**：原来 DLMS 的收发在 LPUART1 中断里直接处理，HDLC 组帧和 APDU 解析占中断时间较长。主循环里的 LCD 刷新和计量轮询会被拖慢，偶尔出现 IWDG 接近超时的情况。

**改动**：
- 新增 `l476/App/Inc/dlms_task.h`：定义 `DLMS_FRAME_MAX`（1024）、`DLMS_QUEUE_DEPTH`（8）、`dlms_msg_t`，声明 `dlms_task_start()` 和 `dlms_on_rx_frame()`。
- 新增 `l476/App/Src/dlms_task.c`：
  - `dlms_on_rx_frame(len)`：在 IDLE 回调中调用，构造 `dlms_msg_t` 放入队列，不阻塞。
  - `dlms_task()`：启动 `HAL_UARTEx_ReceiveToIdle_DMA`，从队列取帧，调用 `hdlc_handle()` 生成应答，用 DMA 发送，然后重新开始接收。
  - `dlms_task_start()`：静态创建队列（`StaticQueue_t` + 存储区）和任务（`StaticTask_t` + 4 KB 栈），优先级 AboveNormal，创建失败时打 LOG_E。
  - 收发帧缓冲通过 `SRAM2_BSS` 放在 SRAM2。
- `app_main.c`：`app_main_start()` 里调用 `dlms_task_start()`。
- `CMakeLists.txt`：加入 `App/Src/dlms_task.c`。

**内存**：RAM 99.22%，RAM2 62.50%，FLASH +1.8 KB。

**测试**：clang-format 检查通过；HIL 冒烟 8/8 通过。RS-485 转换器目前不在台架上，DLMS 的 HIL 用例（`hil/test_dlms.py`）这次没有跑，合并前需要补跑。

**风险**：SRAM1 余量只剩约 700 字节，后续功能需要注意。""")

        t = d.task("CMock 里 ExpectAndReturn、IgnoreAndReturn、ExpectAnyArgsAndReturn 有什么区别？什么时候用哪个", tags=["noise", "no_tools"])
        t.done("""三个都会给被 mock 的函数设定返回值，区别在于检查什么：

- **`foo_ExpectAndReturn(a, b, ret)`**：要求按顺序调用一次 `foo(a, b)`，参数必须一致，返回 `ret`。调用次数或参数不对，测试都会失败。`project.yml` 里开了 `:enforce_strict_ordering: TRUE`，跨函数的调用顺序也会检查。适合验证“有没有用正确的参数调用”。
- **`foo_ExpectAnyArgsAndReturn(ret)`**：要求调用一次，但不检查参数（需要 `:expect_any_args` 插件，项目里已开）。适合参数是时间戳、指针之类不好预测的情况。
- **`foo_IgnoreAndReturn(ret)`**：不限次数（包括 0 次），不检查参数，每次都返回 `ret`（需要 `:ignore` 插件）。适合和被测逻辑无关的依赖，比如日志、取时间。

经验：被测函数的**输出**（写 FRAM、发帧）用 Expect；**输入**（读传感器、取 tick）用 Ignore 或 ExpectAnyArgs；不要全部用 Ignore，否则测试什么都验证不了。""")

HDLC_H = """#ifndef HDLC_FRAME_H
#define HDLC_FRAME_H

#include <stdint.h>

/* CRC16/X.25（poly 0x1021 反射，init 0xFFFF，xorout 0xFFFF），IEC 62056-46 的 HCS/FCS */
uint16_t hdlc_fcs16(const uint8_t *p, uint16_t len);
/* 校验帧：buf 不含两端 0x7E；返回 0 表示 HCS 与 FCS 都正确 */
int hdlc_check(const uint8_t *buf, uint16_t len);

#endif
"""

HDLC_C = """#include "hdlc_frame.h"

uint16_t hdlc_fcs16(const uint8_t *p, uint16_t len)
{
    uint16_t fcs = 0xFFFFu;
    while (len--) {
        fcs ^= *p++;
        for (int i = 0; i < 8; i++) {
            fcs = (fcs & 1u) ? (uint16_t)((fcs >> 1) ^ 0x8408u) : (uint16_t)(fcs >> 1);
        }
    }
    return (uint16_t)~fcs;
}

int hdlc_check(const uint8_t *buf, uint16_t len)
{
    if (len < 9) {
        return -1;
    }
    uint16_t flen = (uint16_t)(((buf[0] & 0x07u) << 8) | buf[1]);
    if (flen != len) {
        return -2;
    }
    uint16_t fcs = (uint16_t)(buf[len - 2] | (buf[len - 1] << 8));
    if (hdlc_fcs16(buf, (uint16_t)(len - 2)) != fcs) {
        return -3;
    }
    return 0;
}
"""


def s6(d):
    with d.session("2026-12-14T01:30:00", R, branch="master", version="2.1.166"):
        t = d.task("通信板跑了一晚上 4G 模组断网重连测试，帮我看下各任务的栈水位和堆剩余，用 tools/gdb/rtos_stacks.gdb 那个脚本",
                   tags=["mistake:M3"])
        t.read(P("tools/gdb/rtos_stacks.gdb"))
        gdbx = f"arm-none-eabi-gdb -q -batch -x tools/gdb/rtos_stacks.gdb {G_ELF}"
        t.bash(gdbx, "执行栈水位脚本", code=1,
               out="tools/gdb/rtos_stacks.gdb:2: Error in sourced command file:\n:2331: Connection refused.")
        t.say("脚本第 2 行 `target extended-remote :2331` 连不上：J-Link GDB Server 没有在运行（上次会话里起的后台进程已经不在了）。"
              "先在后台启动它，确认 2331 在监听，再执行同一个脚本。")
        t.bash("JLinkGDBServerCLExe -select USB=801023456 -device STM32G474RE -if SWD -speed 4000 -port 2331 -nogui -silent "
               "> /tmp/jlinkgdb.log 2>&1 & sleep 2; ss -ltnp | grep 2331", "后台启动 J-Link GDB Server 并确认端口",
               out='LISTEN 0      4096         0.0.0.0:2331       0.0.0.0:*    users:(("JLinkGDBServerC",pid=48213,fd=29))')
        t.bash(gdbx, "再执行栈水位脚本",
               out=GDB_OK_HEAD + "\ntask            stack_hwm(words)\nplc_rx          142\ncat1_at         37\nmeter_link      203\n"
                   "defaultTask     88\nfree heap now   6312\nfree heap min   1184")
        t.done("""GDB Server 起好以后，脚本正常执行了。结果：

```
plc_rx        142 words 余量
cat1_at        37 words 余量   ← 偏紧
meter_link    203 words
defaultTask    88 words
堆剩余 6312 B，历史最低 1184 B
```

- **cat1_at 只剩 37 words（148 B）**：4G 反复重连的路径（AT 响应解析 + `snprintf` 拼 APN 命令）栈用得最深。建议把栈从 512 加到 768 words，或者把 AT 行缓冲从栈上挪到静态变量。
- **堆历史最低 1184 B**：重连时 `osTimerNew` 和 `osMessageQueueNew` 在重复创建，说明有对象没删干净，或者一直在重复 new。现在是 6312，没有持续下降，暂时不算泄漏，但最低点太低了。

我没有改代码，要改的话告诉我用哪个方案。""")

        t = d.task("hdlc 帧的 FCS（CRC16/X.25）校验单独拆成 hdlc_frame.c，补单元测试，然后跑一次全量测试，看看对别的模块有没有影响",
                   tags=["workflow:W2", "long_output"])
        t.write(P("l476/App/Inc/hdlc_frame.h"), HDLC_H)
        t.write(P("l476/App/Src/hdlc_frame.c"), HDLC_C)
        t.read(P("l476/CMakeLists.txt"))
        t.edit(P("l476/CMakeLists.txt"), "    App/Src/dlms_task.c\n)", "    App/Src/dlms_task.c\n    App/Src/hdlc_frame.c\n)")
        t.write(P("test/test_hdlc_frame.c"), """#include "unity.h"
#include "hdlc_frame.h"

/* CRC16/X.25 标准校验值："123456789" -> 0x906E */
void test_fcs16_check_value(void)
{
    const uint8_t s[] = "123456789";
    TEST_ASSERT_EQUAL_HEX16(0x906E, hdlc_fcs16(s, 9));
}

void test_fcs16_empty(void)
{
    TEST_ASSERT_EQUAL_HEX16(0x0000, hdlc_fcs16((const uint8_t *)"", 0));
}

/* 不足 9 字节（最短的 UA 帧也有 9 字节） */
void test_check_too_short(void)
{
    const uint8_t f[] = {0xA0, 0x07, 0x03, 0x21, 0x93, 0x0F, 0x01};
    TEST_ASSERT_EQUAL_INT(-1, hdlc_check(f, sizeof(f)));
}

void test_check_ua_ok(void)
{
    uint8_t f[] = {0xA0, 0x09, 0x21, 0x03, 0x73, 0x00, 0x00, 0x00, 0x00};
    uint16_t fcs = hdlc_fcs16(f, 7);
    f[7] = (uint8_t)fcs;
    f[8] = (uint8_t)(fcs >> 8);
    TEST_ASSERT_EQUAL_INT(0, hdlc_check(f, sizeof(f)));
}

void test_check_length_mismatch(void)
{
    uint8_t f[] = {0xA0, 0x0A, 0x21, 0x03, 0x73, 0x00, 0x00, 0x00, 0x00};
    TEST_ASSERT_EQUAL_INT(-2, hdlc_check(f, sizeof(f)));
}

void test_check_bad_fcs(void)
{
    uint8_t f[] = {0xA0, 0x09, 0x21, 0x03, 0x73, 0x00, 0x00, 0x12, 0x34};
    TEST_ASSERT_EQUAL_INT(-3, hdlc_check(f, sizeof(f)));
}
""")
        t.bash("ceedling test:hdlc_frame", "跑 hdlc_frame 测试", out=ceedling_ok("test_hdlc_frame", ["hdlc_frame.c"], 6))
        t.bash("ceedling gcov:hdlc_frame", "覆盖率",
               out=gcov_out("test_hdlc_frame", "hdlc_frame.c", 6, 100.0, 19, 100.0, 10, 100.0, 100.0))
        parts = []
        for test, srcs, n in (("test_energy_accum", ["energy_accum.c"], 4), ("test_hdlc_frame", ["hdlc_frame.c"], 6),
                              ("test_load_profile", ["load_profile.c"], 6), ("test_lcd_view", ["lcd_view.c"], 9),
                              ("test_metering", ["metering.c"], 14), ("test_rtc_calib", ["rtc_calib.c"], 5),
                              ("test_tariff", ["tariff.c"], 3)):
            mocks = {"test_lcd_view": ["lcd_drv.h"], "test_metering": ["att7022.h", "fram.h"],
                     "test_rtc_calib": ["stm32l4xx_hal_rtc_ex.h", "log.h"]}.get(test, [])
            block = [f"\nTest '{test}.c'", "-" * (len(test) + 9)]
            block += [f"Creating mock for {m}..." for m in mocks]
            block += [f"Generating runner for {test}.c...", f"Compiling {test}_runner.c...", f"Compiling {test}.c..."]
            block += [f"Compiling mock_{m[:-2]}.c..." for m in mocks]
            block += ["Compiling unity.c..."] + [f"Compiling {s}..." for s in srcs]
            block += ["Compiling cmock.c...", f"Linking {test}.out...", f"Running {test}.out..."]
            parts.append("\n".join(block))
        all_out = "\n".join(parts) + "\n\n" + "\n".join([
            "-----------------------", "IGNORED TEST SUMMARY", "-----------------------", "[test_metering.c]",
            "  Test: test_reactive_quadrant_at_0_5L", "  At line (212): \"待 ATT7022E 新版数据手册确认 QMODE 位\"", "",
            "--------------------", "OVERALL TEST SUMMARY", "--------------------",
            "TESTED:  47", "PASSED:  46", "FAILED:  0", "IGNORED: 1"])
        t.bash("ceedling test:all", "全量单元测试", out=all_out)
        t.done("""拆好了，测试都过了：

- `App/Inc/hdlc_frame.h`、`App/Src/hdlc_frame.c`：`hdlc_fcs16()`（CRC16/X.25，反射多项式 0x8408）和 `hdlc_check()`（长度字段 + FCS 校验），已经加进 `CMakeLists.txt`。
- `test/test_hdlc_frame.c` 6 个用例，包括标准校验值 `"123456789" → 0x906E`。`ceedling test:hdlc_frame` 6/6 通过，gcov 行/分支覆盖都是 100%。
- `ceedling test:all`：7 个测试文件共 47 个用例，46 通过，1 个 ignored（`test_metering` 里原来就有的 0.5L 无功象限用例，等数据手册确认），没有失败。

`dlms_task.c` 里的 `hdlc_handle()` 还没有改成调用新函数，需要的话下一步再接。""")
        s6_rest(d)

G_CC = (f"{TC}/bin/arm-none-eabi-gcc -DDEBUG -DSTM32G474xx -DUSE_HAL_DRIVER -DUSE_FULL_LL_DRIVER "
        f"-I{R}/g474/App/Inc -I{R}/g474/cmake/stm32cubemx/../../Core/Inc "
        f"-I{R}/g474/cmake/stm32cubemx/../../Drivers/STM32G4xx_HAL_Driver/Inc "
        f"-I{R}/g474/cmake/stm32cubemx/../../Middlewares/Third_Party/FreeRTOS/Source/include "
        f"-I{R}/g474/cmake/stm32cubemx/../../Middlewares/Third_Party/FreeRTOS/Source/CMSIS_RTOS_V2 "
        f"-I{R}/g474/cmake/stm32cubemx/../../Drivers/CMSIS/Include -mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard  "
        "-Wall -Wextra -Wpedantic -fdata-sections -ffunction-sections -Werror -O0 -g3 -std=gnu11")


def s6_rest(d):
    d.precompact("""Analysis: 周阳（智电科技固件工程师）在 /home/zhouyang/work/meter-fw 维护电表固件：l476/（STM32L476RG 计量主控，OpenOCD + ST-LINK V3）和 g474/（STM32G474RE 通信模块，J-Link），都是 CubeMX 生成的 CMake + Ninja 工程，arm-none-eabi-gcc 13.3，FreeRTOS（CMSIS-RTOS2），Ceedling 主机单测，hil/ 下 pytest + pyserial 的 HIL。

Summary:
1. 本会话先用 tools/gdb/rtos_stacks.gdb 读了通信板任务栈水位：cat1_at 只剩 37 words，堆历史最低 1184 B，用户还没决定怎么改。
2. 把 HDLC 的 CRC16/X.25 校验拆成 l476/App/Src/hdlc_frame.c + test/test_hdlc_frame.c（6 个用例），ceedling test:all 47 个用例 46 过 1 ignored。
3. 之前的会话：负荷曲线 load_profile（SRAM2）、dlms_task（静态任务，PR 已推）、energy_accum 四舍五入修复、RTC 唤醒计数日志。
4. 用户偏好：固件里不用动态内存，任务/队列全静态；日志用 LOG_I 等宏；HIL 结果用表格汇报。
5. 通信板 g_plc_stats.overflow=52，plc_link_poll() 的溢出判断有问题，待修。""")
    t = d.task("上次看到 g_plc_stats.overflow 一晚上涨了 52。把 plc_link_poll 里的溢出判断改对：应该是缓冲区满了还凑不出完整帧才算溢出，"
               "改完编一下 g474", tags=["oneoff:O2"])
    t.read(P("g474/App/Src/plc_link.c"))
    old = ("    int remaining = PLC_FRAME_MAX - s_rx_len;\n    for (uint16_t i = 0; i < s_rx_len; i++) {\n"
           "        uint16_t flen = plc_frame_complete(&s_rx_buf[i], s_rx_len - i);\n        if (flen > remaining) {")
    new = ("    for (uint16_t i = 0; i < s_rx_len; i++) {\n        int avail = s_rx_len - i;\n"
           "        uint16_t flen = plc_frame_complete(&s_rx_buf[i], (uint16_t)avail);\n"
           "        if (flen == 0 && avail == sizeof(s_rx_buf)) {")
    t.edit(P("g474/App/Src/plc_link.c"), old, new)
    src = d.files[P("g474/App/Src/plc_link.c")].split("\n")
    ln = next(i for i, l in enumerate(src, 1) if "avail == sizeof" in l)
    col = src[ln - 1].index("== sizeof") + 1
    obj = "CMakeFiles/comm_g474.dir/App/Src/plc_link.c.obj"
    err = (f"[1/2] Building C object {obj}\nFAILED: {obj} \n{G_CC} -MD -MT {obj} -MF {obj}.d -o {obj} -c {R}/g474/App/Src/plc_link.c\n"
           f"{R}/g474/App/Src/plc_link.c: In function 'plc_link_poll':\n"
           f"{R}/g474/App/Src/plc_link.c:{ln}:{col}: error: comparison of integer expressions of different signedness: "
           f"'int' and 'unsigned int' [-Werror=sign-compare]\n"
           f"{ln:>5} | {src[ln - 1]}\n      | {' ' * (col - 1)}^~\n"
           "cc1: all warnings being treated as errors\nninja: build stopped: subcommand failed.")
    t.bash("cmake --build g474/build/Debug", "编译 G474 Debug", code=1, out=err)
    t.say("`avail` 是 int，`sizeof` 是无符号的 size_t，g474 的 App 代码开了 `-Werror`。avail 在这里不可能是负数，显式转成 size_t 再比较就行。")
    t.edit(P("g474/App/Src/plc_link.c"), "avail == sizeof(s_rx_buf)", "(size_t)avail == sizeof(s_rx_buf)")
    t.bash("cmake --build g474/build/Debug", "再编译 G474 Debug",
           out=f"[1/2] Building C object {obj}\n[2/2] Linking C executable comm_g474.elf\n"
               "Memory region         Used Size  Region Size  %age Used\n"
               "             RAM:       71344 B       128 KB     54.43%\n"
               "           FLASH:      103876 B       512 KB     19.81%")
    t.done("""改好了，g474 编译通过：

- 原来的逻辑：拿 `PLC_FRAME_MAX - s_rx_len` 和缓冲区里已有帧的长度比较，长帧一来就被误判成溢出，整个缓冲区被清掉。这就是 overflow 和 rx/tx 差值都是 52 的原因。
- 现在的逻辑：只有 `plc_frame_complete()` 返回 0（凑不出完整帧），并且从 i 开始的剩余数据已经占满整个缓冲区，才算溢出。
- 第一次编译报 `-Werror=sign-compare`（int 和 size_t 比较），加 `(size_t)` 转换后通过。

还没有刷到通信板上，要不要刷、要不要跑一晚上看 overflow 计数，你定。""")

    t = d.task("L476 这边哪些地方实现了 HAL_UART_RxCpltCallback / HAL_UARTEx_RxEventCallback？LPUART1 和 USART2 的回调会不会打架", tags=["noise"])
    t.grep("void HAL_UART(Ex)?_(RxCpltCallback|RxEventCallback)", path=P("l476"), output_mode="content", n=True, A=3,
           content=f"""{R}/l476/App/Src/log.c:88:void HAL_UART_RxCpltCallback(UART_HandleTypeDef *huart)
{R}/l476/App/Src/log.c-89-{{
{R}/l476/App/Src/log.c-90-    if (huart->Instance == USART2) {{
{R}/l476/App/Src/log.c-91-        shell_on_rx_byte(s_shell_rx);
--
{R}/l476/Core/Src/main.c:412:void HAL_UARTEx_RxEventCallback(UART_HandleTypeDef *huart, uint16_t Size)
{R}/l476/Core/Src/main.c-413-{{
{R}/l476/Core/Src/main.c-414-  /* USER CODE BEGIN RxEvent */
{R}/l476/Core/Src/main.c-415-  if (huart->Instance == LPUART1) {{
--
{R}/l476/Drivers/STM32L4xx_HAL_Driver/Src/stm32l4xx_hal_uart.c:3871:__weak void HAL_UART_RxCpltCallback(UART_HandleTypeDef *huart)
{R}/l476/Drivers/STM32L4xx_HAL_Driver/Src/stm32l4xx_hal_uart.c-3872-{{
{R}/l476/Drivers/STM32L4xx_HAL_Driver/Src/stm32l4xx_hal_uart.c-3873-  /* Prevent unused argument(s) compilation warning */
{R}/l476/Drivers/STM32L4xx_HAL_Driver/Src/stm32l4xx_hal_uart.c-3874-  UNUSED(huart);
--
{R}/l476/Drivers/STM32L4xx_HAL_Driver/Src/stm32l4xx_hal_uart.c:3916:__weak void HAL_UARTEx_RxEventCallback(UART_HandleTypeDef *huart, uint16_t Size)
{R}/l476/Drivers/STM32L4xx_HAL_Driver/Src/stm32l4xx_hal_uart.c-3917-{{
{R}/l476/Drivers/STM32L4xx_HAL_Driver/Src/stm32l4xx_hal_uart.c-3918-  /* Prevent unused argument(s) compilation warning */
{R}/l476/Drivers/STM32L4xx_HAL_Driver/Src/stm32l4xx_hal_uart.c-3919-  UNUSED(huart);""")
    t.done("""不会打架。每个回调只有一个强定义，而且都按 Instance 分开处理了：

- `HAL_UART_RxCpltCallback`：只在 `App/Src/log.c:88`，处理 `USART2`（调试 shell，逐字节中断接收）。
- `HAL_UARTEx_RxEventCallback`：只在 `Core/Src/main.c:412` 的 `USER CODE BEGIN RxEvent` 里，处理 `LPUART1`（RS-485 的 ReceiveToIdle DMA，交给 `dlms_on_rx_frame()`）。
- HAL 驱动里的两个都是 `__weak` 默认实现，会被上面的覆盖。

需要注意两点：
1. 以后 USART2 如果也改成 ReceiveToIdle，会进 `HAL_UARTEx_RxEventCallback`，不会进 RxCplt，要在 main.c 那个函数里加分支。
2. 如果 CubeMX 里打开了 "Register Callbacks"（`USE_HAL_UART_REGISTER_CALLBACKS=1`），这些弱函数就不会被调用了。现在 `stm32l4xx_hal_conf.h` 里是 0，没问题。""")


def s7(d):
    with d.session("2026-12-16T02:05:00", R, branch="feature/hdlc-frame", version="2.1.167", permission_mode="acceptEdits"):
        fb = "上次你给 dlms-task 写的 PR 描述太长了，每个函数都解释了一遍，小林说看不下去，最后我自己 cut half 才贴上去。"
        t = d.task(fb + "以后 PR 描述就写改了什么、为什么、怎么测的，每项一两行。这次 hdlc_frame 的 PR 描述按这个写一个",
                   tags=["feedback"], feedback=fb)
        t.bash("git log --oneline master..HEAD", "看分支上的提交",
               out=f"{hx(7)} hdlc: FCS 校验拆到 hdlc_frame.c，补单元测试")
        t.bash("git diff --stat master...HEAD", "看改动范围",
               out=" l476/App/Inc/hdlc_frame.h |  14 ++++++++\n l476/App/Src/hdlc_frame.c |  34 ++++++++++++++++++++\n"
                   " l476/CMakeLists.txt       |   1 +\n test/test_hdlc_frame.c    |  55 ++++++++++++++++++++++++++++++\n"
                   " 4 files changed, 104 insertions(+)")
        t.done("""明白，以后按这个格式写。这次的：

**hdlc: FCS 校验拆到 hdlc_frame.c**

- 改了什么：CRC16/X.25 和帧长/FCS 校验拆成 `hdlc_frame.c`，加了 6 个单元测试。
- 为什么：方便在主机上单测，后面 dlms_task 直接调用。
- 怎么测的：`ceedling test:all` 46 通过 / 1 ignored（原有用例），新文件覆盖率 100%。""")

        t = d.task("IWDG 在 CubeMX 里已经开了（4 s），但还没人喂狗。在 defaultTask 主循环里喂，改完编译、刷台架板子，看 10 秒日志有没有复位",
                   tags=["workflow:W1"])
        t.read(P("l476/App/Src/app_main.c"))
        t.edit(P("l476/App/Src/app_main.c"), "        metering_poll();\n        lcd_view_poll();\n        osDelay(100);",
               "        metering_poll();\n        lcd_view_poll();\n        HAL_IWDG_Refresh(&hiwdg);\n        osDelay(100);")
        build_ok(t, ["App/Src/app_main.c"], dflash=24)
        t.bash(f"arm-none-eabi-size {ELF_D}", "看段大小", out=size_l476())
        t.bash(f'{OCD} -c "program {ELF_D} verify reset exit"', "OpenOCD 下载",
               out=ocd_program(ELF_D, 0x08046e70, False, "3.284615"))
        t.bash("python3 tools/uart_log.py --port /dev/ttyACM0 --seconds 10", "抓 10 秒日志",
               out=boot_log(["[00001003] I/metering: U=220.15V I=0.000A P=0.0W f=50.00Hz",
                             "[00004003] I/metering: U=220.12V I=0.000A P=0.0W f=50.01Hz",
                             "[00007003] I/metering: U=220.14V I=0.000A P=0.0W f=50.00Hz",
                             "[00009003] I/metering: U=220.11V I=0.000A P=0.0W f=50.00Hz"], "c81d4e7"))
        t.done("""加好了：`app_main_loop()` 每轮（100 ms）调一次 `HAL_IWDG_Refresh(&hiwdg)`。编译、下载、校验都通过了。

10 秒日志里只有一次启动信息（reset cause: PIN，是下载后的复位），之后计量数据连续输出，没有看门狗复位。

注意：现在只在 defaultTask 里喂狗，其他任务卡死时发现不了。以后可以改成各任务置位事件标志，由 defaultTask 统一检查后再喂。""")

        t = d.task("tariff 的单元测试只有 3 个，补一下跨零点和节假日这两种情况，跑完看下覆盖率", tags=["workflow:W2"])
        t.read(P("l476/App/Src/tariff.c"))
        t.read(P("test/test_tariff.c"))
        t.edit(P("test/test_tariff.c"), "void test_flat_in_afternoon(void)\n{\n    TEST_ASSERT_EQUAL_UINT8(TARIFF_FLAT, tariff_period_at(&tbl, 1, 15 * 60, 0));\n}\n",
               "void test_flat_in_afternoon(void)\n{\n    TEST_ASSERT_EQUAL_UINT8(TARIFF_FLAT, tariff_period_at(&tbl, 1, 15 * 60, 0));\n}\n\n"
               "/* 23:00 起谷时段，一直延续到次日 08:00 */\nvoid test_valley_after_midnight_wraps_from_last_segment(void)\n{\n"
               "    TEST_ASSERT_EQUAL_UINT8(TARIFF_VALLEY, tariff_period_at(&tbl, 2, 0, 0));\n"
               "    TEST_ASSERT_EQUAL_UINT8(TARIFF_VALLEY, tariff_period_at(&tbl, 2, 7 * 60 + 59, 0));\n}\n\n"
               "void test_boundary_minute_belongs_to_new_segment(void)\n{\n"
               "    TEST_ASSERT_EQUAL_UINT8(TARIFF_PEAK, tariff_period_at(&tbl, 2, 8 * 60, 0));\n}\n\n"
               "void test_holiday_is_valley_all_day(void)\n{\n"
               "    TEST_ASSERT_EQUAL_UINT8(TARIFF_VALLEY, tariff_period_at(&tbl, 6, 10 * 60, 1));\n"
               "    TEST_ASSERT_EQUAL_UINT8(TARIFF_VALLEY, tariff_period_at(&tbl, 6, 19 * 60, 1));\n}\n")
        t.bash("ceedling test:tariff", "跑 tariff 测试", out=ceedling_ok("test_tariff", ["tariff.c"], 6))
        t.bash("ceedling gcov:tariff", "覆盖率", out=gcov_out("test_tariff", "tariff.c", 6, 100.0, 9, 100.0, 6, 100.0, 100.0))
        t.done("""补了 3 个用例，现在一共 6 个，都通过了：

- `test_valley_after_midnight_wraps_from_last_segment`：00:00 和 07:59 取最后一段（23:00 起的谷）。
- `test_boundary_minute_belongs_to_new_segment`：08:00 整点属于新的峰段。
- `test_holiday_is_valley_all_day`：节假日白天、晚上都是谷。

`tariff.c` 行覆盖 100%（9 行），分支 100%（6 个）。""")


EVT_C = """#include "event_log.h"
#include "cmsis_os.h"
#include <string.h>

static event_rec_t s_evt_ring[EVT_LOG_LEN];
static uint16_t s_evt_head;
static uint16_t s_evt_count;
static StaticSemaphore_t s_evt_mtx_cb;
static osMutexId_t s_evt_mtx;

void event_log_init(void)
{
    const osMutexAttr_t a = {.name = "evt", .cb_mem = &s_evt_mtx_cb, .cb_size = sizeof(s_evt_mtx_cb)};
    s_evt_mtx = osMutexNew(&a);
    s_evt_head = 0;
    s_evt_count = 0;
}

void event_log_add(uint8_t type, uint32_t ts, uint32_t arg)
{
    osMutexAcquire(s_evt_mtx, osWaitForever);
    event_rec_t *r = &s_evt_ring[s_evt_head];
    memset(r, 0, sizeof(*r));
    r->type = type;
    r->ts = ts;
    r->arg = arg;
    s_evt_head = (uint16_t)((s_evt_head + 1u) % EVT_LOG_LEN);
    if (s_evt_count < EVT_LOG_LEN) {
        s_evt_count++;
    }
    osMutexRelease(s_evt_mtx);
}

uint16_t event_log_count(void)
{
    return s_evt_count;
}
"""


def s8(d):
    with d.session("2026-12-18T01:45:00", R, branch="feature/event-log", version="2.1.168"):
        t = d.task("加事件记录模块 event_log：掉电、开表盖、校时、电量清零这几类事件，内存里保留最近 256 条，每条 16 字节。"
                   "老规矩，固件里不准 malloc，缓冲区和互斥量都静态的。", tags=["mistake:M2", "pref:P1"])
        t.read(P("l476/CMakeLists.txt"))
        t.write(P("l476/App/Inc/event_log.h"), """#ifndef EVENT_LOG_H
#define EVENT_LOG_H

#include <stdint.h>

#define EVT_LOG_LEN 256u

enum { EVT_POWER_DOWN = 1, EVT_COVER_OPEN = 2, EVT_TIME_SET = 3, EVT_ENERGY_CLEAR = 4 };

typedef struct {
    uint8_t type;
    uint8_t rsv[3];
    uint32_t ts;
    uint32_t arg;
    uint32_t crc; /* 预留：落 FRAM 时用 */
} event_rec_t;    /* 16 字节 */

void event_log_init(void);
void event_log_add(uint8_t type, uint32_t ts, uint32_t arg);
uint16_t event_log_count(void);

#endif
""")
        t.write(P("l476/App/Src/event_log.c"), EVT_C)
        t.edit(P("l476/CMakeLists.txt"), "    App/Src/hdlc_frame.c\n)", "    App/Src/hdlc_frame.c\n    App/Src/event_log.c\n)")
        add = 4096 + 32
        allobjs = ["App/Src/app_main.c", "App/Src/metering.c", "App/Src/energy_accum.c", "App/Src/rtc_calib.c",
                   "App/Src/lcd_view.c", "App/Src/log.c", "App/Src/load_profile.c", "App/Src/lp_task.c",
                   "App/Src/dlms_task.c", "App/Src/hdlc_frame.c", "App/Src/event_log.c"]
        over = ST["ram"] + add - RAM_SZ
        t.bash("cmake --build l476/build/Debug", "编译 L476 Debug", code=1,
               out=ninja_overflow(["App/Src/event_log.c"], allobjs, ".bss", over, ST["ram"] + add, ST["ram2"], ST["flash"] + 612))
        t.say("和负荷曲线、dlms 那两次一样：SRAM1 `.bss` 超了 %d 字节，这次是 256×16 = 4 KB 的事件环形缓冲。"
              "互斥量控制块很小，留在原处，环形缓冲用 `SRAM2_BSS` 放到 SRAM2。" % over)
        t.edit(P("l476/App/Src/event_log.c"), '#include "cmsis_os.h"\n#include <string.h>\n\nstatic event_rec_t s_evt_ring[EVT_LOG_LEN];',
               '#include "cmsis_os.h"\n#include "mem_sections.h"\n#include <string.h>\n\n'
               '/* 4 KB，放 SRAM2（不清零，event_log_init() 复位下标） */\nstatic event_rec_t s_evt_ring[EVT_LOG_LEN] SRAM2_BSS;')
        build_ok(t, ["App/Src/event_log.c"], dram=32, dram2=4096, dflash=612)
        t.bash(f"arm-none-eabi-size {ELF_D}", "看段大小", out=size_l476())
        t.done("""event_log 加好了，编译通过：

- `event_log.h/.c`：4 类事件，256 条 × 16 字节的环形缓冲。互斥量用 `StaticSemaphore_t` 加 `cb_mem` 静态创建，没有动态分配。
- 第一次链接 `.bss` 超了 3364 字节，把环形缓冲改成 `SRAM2_BSS` 后通过。
- 现在 RAM 99.26%，RAM2 75.00%，SRAM2 也用掉四分之三了。

还没有接到掉电、开盖中断上（需要改 `Core/Src/main.c` 的 USER CODE 区）。要接的话告诉我。""")

        t = d.task("event_log 这个分支提 PR：格式检查、刷板子跑 HIL 冒烟，推到 Gitee", tags=["workflow:W3"])
        t.bash("git status --short", "看改动",
               out=" M l476/CMakeLists.txt\n?? l476/App/Inc/event_log.h\n?? l476/App/Src/event_log.c")
        t.bash("clang-format --dry-run --Werror l476/App/Src/event_log.c l476/App/Inc/event_log.h", "clang-format 检查")
        t.bash(f'{OCD} -c "program {ELF_D} verify reset exit"', "下载最新 Debug",
               out=ocd_program(ELF_D, 0x080470d8, False, "3.283951"))
        t.bash(".venv/bin/python -m pytest hil/ -m smoke", "HIL 冒烟", out=pytest_out(SMOKE_FILES, 8, 12, 39.02), timeout=300000)
        t.bash('git add l476/App/Inc/event_log.h l476/App/Src/event_log.c l476/CMakeLists.txt && '
               'git commit -m "event_log: 事件记录环形缓冲（256 条，SRAM2）"', "提交",
               out=f"[feature/event-log {hx(7)}] event_log: 事件记录环形缓冲（256 条，SRAM2）\n 3 files changed, 71 insertions(+)\n"
                   " create mode 100644 l476/App/Inc/event_log.h\n create mode 100644 l476/App/Src/event_log.c")
        t.bash("git push -u origin feature/event-log", "推到 Gitee",
               err=gitee_push("feature/event-log", 9) + "\nbranch 'feature/event-log' set up to track 'origin/feature/event-log'.")
        t.done("""已经推上去了。

| 项目 | 结果 |
|---|---|
| clang-format --dry-run --Werror | 通过 |
| 下载 Debug | Verified OK |
| HIL 冒烟 | 8 passed，12 deselected，39.02 s |

PR：https://gitee.com/zhidian-iot/meter-fw/pull/new/zhidian-iot:feature/event-log...zhidian-iot:master

PR 描述：
- 改了什么：新增 event_log，256 条事件环形缓冲，放在 SRAM2。
- 为什么：掉电/开盖/校时/清零事件需要本地留存，供 DLMS 读取。
- 怎么测的：编译通过，HIL 冒烟 8/8 通过；事件源还没有接入。""")

        t = d.task("跑一下计量精度的 HIL 用例（-m accuracy），主要看 1.0Ib 和 0.5L 这两个点", tags=["unfixed:U2"])
        t.bash(".venv/bin/python -m pytest hil/ -m accuracy", "跑计量精度 HIL", code=1, timeout=600000,
               out="""============================= test session starts ==============================
platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0
rootdir: /home/zhouyang/work/meter-fw/hil
configfile: pytest.ini
collected 20 items / 16 deselected / 4 selected

hil/test_accuracy.py .F.F                                                [100%]

=================================== FAILURES ===================================
______________________ test_active_error[1.0Ib-PF1.0] ______________________

refmeter = <hil.lib.cl3013.CL3013 object at 0x7f8e2c1d3a90>, dbg = Serial<id=0x7f8e2c1d3b50, open=True>(port='/dev/ttyACM0', baudrate=115200, bytesize=8, parity='N', stopbits=1, timeout=1.0, xonxoff=False, rtscts=False, dsrdtr=False)
point = ('1.0Ib', 1.0)

    @pytest.mark.accuracy
    @pytest.mark.parametrize("point", POINTS, ids=lambda p: f"{p[0]}-PF{p[1]}")
    def test_active_error(refmeter, dbg, point):
        err = measure_error(refmeter, dbg, *point, pulses=20)
>       assert abs(err) <= LIMIT[point], f"{point}: error {err:+.3f}% > {LIMIT[point]}%"
E       AssertionError: ('1.0Ib', 1.0): error +0.621% > 0.5%
E       assert 0.621 <= 0.5
E        +  where 0.621 = abs(0.621)

hil/test_accuracy.py:41: AssertionError
______________________ test_active_error[0.5L-PF0.5] _______________________

refmeter = <hil.lib.cl3013.CL3013 object at 0x7f8e2c1d3a90>, dbg = Serial<id=0x7f8e2c1d3b50, open=True>(port='/dev/ttyACM0', baudrate=115200, bytesize=8, parity='N', stopbits=1, timeout=1.0, xonxoff=False, rtscts=False, dsrdtr=False)
point = ('0.5L', 0.5)

    @pytest.mark.accuracy
    @pytest.mark.parametrize("point", POINTS, ids=lambda p: f"{p[0]}-PF{p[1]}")
    def test_active_error(refmeter, dbg, point):
        err = measure_error(refmeter, dbg, *point, pulses=20)
>       assert abs(err) <= LIMIT[point], f"{point}: error {err:+.3f}% > {LIMIT[point]}%"
E       AssertionError: ('0.5L', 0.5): error +0.784% > 0.6%
E       assert 0.784 <= 0.6
E        +  where 0.784 = abs(0.784)

hil/test_accuracy.py:41: AssertionError
=========================== short test summary info ============================
FAILED hil/test_accuracy.py::test_active_error[1.0Ib-PF1.0] - AssertionError: ('1.0Ib', 1.0): error +0.621% > 0.5%
FAILED hil/test_accuracy.py::test_active_error[0.5L-PF0.5] - AssertionError: ('0.5L', 0.5): error +0.784% > 0.6%
================= 2 failed, 2 passed, 16 deselected in 412.37s (0:06:52) =================""")
        t.bash(".venv/bin/python -m hil.lib.cl3013 --port /dev/ttyUSB0 --info", "看标准表状态",
               out="model      : CL3013 (class 0.05)\nserial     : 3013-21-0457\nfirmware   : 2.31\n"
                   "last cal   : 2025-11-24\ncal due    : 2026-11-24  ** OVERDUE **\nself-test  : PASS\n"
                   "warm-up    : 47 min")
        t.done("""4 个点里 2 个没过：

- 1.0Ib PF1.0：+0.621%（限值 0.5%）
- 0.5L PF0.5：+0.784%（限值 0.6%）
- 另外两个点（0.05Ib、Imax）通过了。

两个失败点都是**正偏**，和售后那台“计量偏大”的方向一致。但现在不能下结论说固件有问题：标准表 CL3013 的检定 11-24 就到期了（`OVERDUE`），偏差来源可能在标准表。固件这一个月没有动过计量路径（energy_accum 的四舍五入只影响 Wh 显示，不影响脉冲误差）。

这个我没法在这里修。建议等标准表送检回来（或者借计量室那台 CL3013）再跑同一组用例。如果还是正偏，再查 ATT7022E 的有功增益。""")

FILES[P("test/test_tariff.c")] = """#include "unity.h"
#include "tariff.h"

static const tariff_table_t tbl = {
    .nseg = 4,
    .seg = {
        {8 * 60, TARIFF_PEAK},
        {11 * 60, TARIFF_FLAT},
        {18 * 60, TARIFF_PEAK},
        {23 * 60, TARIFF_VALLEY},
    },
};

void setUp(void) {}
void tearDown(void) {}

void test_peak_in_morning(void)
{
    TEST_ASSERT_EQUAL_UINT8(TARIFF_PEAK, tariff_period_at(&tbl, 1, 9 * 60, 0));
}

void test_valley_late_night(void)
{
    TEST_ASSERT_EQUAL_UINT8(TARIFF_VALLEY, tariff_period_at(&tbl, 1, 23 * 60 + 30, 0));
}

void test_flat_in_afternoon(void)
{
    TEST_ASSERT_EQUAL_UINT8(TARIFF_FLAT, tariff_period_at(&tbl, 1, 15 * 60, 0));
}
"""


def s9(d):
    with d.session("2026-12-22T02:15:00", R, branch="fix/plc-overflow", version="2.1.169"):
        t = d.task("通信模块 Release 编一下，用 gdb 把 g474/build/Release/comm_g474.elf 下载进去跑起来，我下午要接集中器联调",
                   tags=["mistake:M3"])
        t.bash("cmake --build g474/build/Release", "编译 G474 Release",
               out="[1/6] Building C object CMakeFiles/comm_g474.dir/App/Src/plc_link.c.obj\n"
                   "[2/6] Building C object CMakeFiles/comm_g474.dir/App/Src/cat1_at.c.obj\n"
                   "[3/6] Building C object CMakeFiles/comm_g474.dir/App/Src/meter_link.c.obj\n"
                   "[4/6] Building C object CMakeFiles/comm_g474.dir/App/Src/app_main.c.obj\n"
                   "[5/6] Building C object CMakeFiles/comm_g474.dir/Core/Src/freertos.c.obj\n"
                   "[6/6] Linking C executable comm_g474.elf\n"
                   "Memory region         Used Size  Region Size  %age Used\n"
                   "             RAM:       70912 B       128 KB     54.10%\n"
                   "           FLASH:       98764 B       512 KB     18.84%")
        gload = (f'arm-none-eabi-gdb -batch -ex "target extended-remote localhost:2331" -ex "monitor reset" -ex "load" '
                 f'-ex "monitor go" g474/build/Release/comm_g474.elf')
        t.bash(gload, "gdb 下载 Release 并运行", code=1,
               out="localhost:2331: Connection refused.\n\"monitor\" command not supported by this target.\n"
                   "You can't do that when your target is `exec'\n\"monitor\" command not supported by this target.")
        t.say("又是 2331 没人监听：今天还没起 J-Link GDB Server。先在后台起来，再用同一条 gdb 命令下载。")
        t.bash("JLinkGDBServerCLExe -device STM32G474RE -if SWD -speed 4000 -port 2331 -nogui -silent -nohalt "
               "> /tmp/jlinkgdb.log 2>&1 &", "后台启动 J-Link GDB Server")
        t.bash(gload, "再用 gdb 下载",
               out="Remote debugging using localhost:2331\n0x0800a1f2 in prvIdleTask ()\nResetting target\n"
                   "Loading section .isr_vector, size 0x1d8 lma 0x8000000\n"
                   "Loading section .text, size 0x15f8c lma 0x80001e0\n"
                   "Loading section .rodata, size 0x1c48 lma 0x801616c\n"
                   "Loading section .ARM, size 0x8 lma 0x8017db4\n"
                   "Loading section .init_array, size 0x4 lma 0x8017dbc\n"
                   "Loading section .fini_array, size 0x4 lma 0x8017dc0\n"
                   "Loading section .data, size 0x1a0 lma 0x8017dc4\n"
                   "Start address 0x080160ac, load size 98764\nTransfer rate: 68 KB/sec, 8230 bytes/write.")
        t.done("""Release 已经下载到通信板并运行了：

- `cmake --build g474/build/Release` 通过，FLASH 18.84%，RAM 54.10%。包含了 plc_link 的溢出修复。
- 第一次 gdb 报 `localhost:2331: Connection refused`，因为 GDB Server 没起。在后台启动后，`load` 写入 98764 字节，`monitor go` 已经让它跑起来了。

GDB Server 还在后台跑，联调中途要看 `g_plc_stats` 可以直接连 2331。""")

        t = d.task("HIL 结果以后别整理成表格了，太占地方。跑的时候加 --junitxml 输出到 build/hil-report.xml，回复里只说挂了哪些。"
                   "现在把 plc_link 溢出修复这个分支提 PR", tags=["reversal:P3", "workflow:W3"])
        t.bash("git status --short", "看改动", out=" M g474/App/Src/plc_link.c")
        t.bash("clang-format --dry-run --Werror g474/App/Src/plc_link.c", "clang-format 检查")
        t.bash(".venv/bin/python -m pytest hil/ -m smoke --junitxml=build/hil-report.xml", "HIL 冒烟并输出 junit 报告",
               out=pytest_out(SMOKE_FILES, 8, 12, 38.87, extra=f"\n------------- generated xml file: {R}/build/hil-report.xml -------------"),
               timeout=300000)
        t.bash('git commit -am "plc: 修正 plc_link_poll 溢出误判（缓冲满且无完整帧才算溢出）"', "提交",
               out=f"[fix/plc-overflow {hx(7)}] plc: 修正 plc_link_poll 溢出误判（缓冲满且无完整帧才算溢出）\n 1 file changed, 3 insertions(+), 3 deletions(-)")
        t.bash("git push -u origin fix/plc-overflow", "推到 Gitee",
               err=gitee_push("fix/plc-overflow", 7) + "\nbranch 'fix/plc-overflow' set up to track 'origin/fix/plc-overflow'.")
        t.done("""好的，以后不再列表格。

HIL 冒烟没有失败项，报告在 `build/hil-report.xml`。分支已推送：https://gitee.com/zhidian-iot/meter-fw/pull/new/zhidian-iot:fix/plc-overflow...zhidian-iot:master

PR 描述：
- 改了什么：`plc_link_poll()` 改成缓冲区满且没有完整帧才算溢出。
- 为什么：原来把长帧误判成溢出，一晚上丢了 52 帧。
- 怎么测的：g474 Debug/Release 编译通过，HIL 冒烟通过；集中器联调下午做。""")

        t = d.task("L476 的 RAM 已经 99% 了，列一下占空间最大的 20 个 RAM 符号，看看还有哪里能省", tags=["noise", "long_output"])
        syms = [("20008000", 0xd000, "b", "ucHeap"), ("10000000", 6144, "b", "s_lp_ring"),
                ("20003a10", 4096, "b", "s_dlms_stack"), ("10001800", 4096, "b", "s_evt_ring"),
                ("2000f2c8", 3072, "b", "ucHeap_guard"), ("20005a10", 2048, "B", "g_metering_wave"),
                ("20004a10", 1536, "b", "s_lp_stack"), ("20006210", 1280, "b", "s_lcd_fb"),
                ("20006710", 1024, "b", "defaultTaskBuffer"), ("20006b10", 1024, "b", "s_shell_line"),
                ("10002800", 1024, "b", "s_tx_frame"), ("10002c00", 1024, "b", "s_rx_frame"),
                ("20006f10", 768, "b", "s_att_spi_rx"), ("20007210", 768, "b", "s_att_spi_tx"),
                ("20007510", 512, "b", "s_log_ring"), ("20007710", 512, "b", "xIdleStack"),
                ("20007910", 400, "B", "hdma_lpuart1_rx_ctx"), ("20007aa0", 256, "b", "xTimerStack"),
                ("20007ba0", 200, "B", "g_calib"), ("20007c68", 168, "B", "hlpuart1")]
        out = "\n".join(f"{a} {n:08x} {k} {s}" for a, n, k, s in syms)
        t.bash(f"arm-none-eabi-nm --size-sort -S -r {ELF_D} | grep -E ' [bBdD] ' | head -20",
               "按大小列 RAM 符号", out=out)
        t.read(P("l476/App/Inc/mem_sections.h"))
        t.done("""前 20 个里有 4 个地址是 `0x1000xxxx`，在 SRAM2：`s_lp_ring` 6144、`s_evt_ring` 4096、`s_tx_frame`/`s_rx_frame` 各 1024。它们不占 SRAM1。

SRAM1 里最大的是 FreeRTOS 堆 `ucHeap`，0xd000 = 53248 字节（52 KB），占了一半以上。我们的任务、队列、互斥量现在都是静态创建的，堆里基本只剩 CubeMX 和中间件创建的少量对象。

SRAM1 其余较大的：
- `s_dlms_stack` 4096、`ucHeap_guard` 3072、`g_metering_wave` 2048、`s_lp_stack` 1536、`s_lcd_fb` 1280
- `defaultTaskBuffer` / `s_shell_line` 各 1024，`s_att_spi_rx/tx` 各 768
- 其余都在 512 字节以下

能省的地方（按收益排序）：
1. **缩小 `ucHeap`**：先用 gdb 看 `xPortGetMinimumEverFreeHeapSize()`。如果一直有几十 KB 空着，这里能省最多。这个要在 CubeMX 的 FreeRTOS 配置里改，不要手改生成代码。
2. **`ucHeap_guard` 3 KB**：老郑调试堆越界时留下的保护区，Release 里可以用宏去掉。
3. **`g_metering_wave` 2 KB**：波形缓存只有谐波分析用，可以挪到 SRAM2（SRAM2 还剩 8 KB）。
4. 任务栈要先量水位再减，不建议凭感觉缩。""")


def s10(d):
    with d.session("2026-12-28T01:55:00", R, branch="master", version="2.1.170"):
        t = d.task("功耗测完了，把 Release 刷到产线治具那块板子上（治具的 ST-LINK 接了 NRST），给产线做首件", tags=["mistake:M1"])
        ST["rel_ram"] = ST["ram"] - 288
        ST["rel_flash"] = ST["flash"] - 5432 * 5
        t.bash("cmake --build l476/build/Release", "编译 L476 Release",
               out=ninja_ok(["App/Src/app_main.c", "App/Src/dlms_task.c", "App/Src/event_log.c", "App/Src/hdlc_frame.c"],
                            "meter_l476.elf", ST["rel_ram"], ST["ram2"], ST["rel_flash"]).replace("[1/5] Building C object CMakeFiles", "[1/5] Building C object CMakeFiles"))
        prog = f'-c "adapter speed 1800" -c "program {ELF_R} verify reset exit"'
        t.bash(f"{OCD} {prog}", "OpenOCD 下载 Release 到治具板", code=1, out=ocd_fail_program("3.301587").replace("clock speed 500 kHz", "clock speed 1800 kHz"))
        t.say("治具板上是上一批的 Release，在 STOP2 里，直接连接失败。治具接了 NRST，加上 connect_assert_srst 在复位状态下连接。")
        t.bash(f'{OCD} -c "reset_config srst_only srst_nogate connect_assert_srst" {prog}', "复位状态下连接并下载 Release",
               out=ocd_program(ELF_R, 0x0803f5a0, True, "3.301587").replace("clock speed 500 kHz", "clock speed 1800 kHz"))
        t.bash(f"arm-none-eabi-size {ELF_R}", "Release 段大小", out=size_l476(ELF_R))
        t.done("""Release 已经刷到治具板上：

- `cmake --build l476/build/Release` 通过（`METER_LOWPOWER=1`）。
- 第一次下载报 `init mode failed`，治具板上旧的 Release 在 STOP2 里。加上 `reset_config srst_only srst_nogate connect_assert_srst` 后，下载、校验、复位都成功。

首件可以开始了。注意这块板子以后再下载，还是要在复位状态下连接。""")

        t = d.task("RTC 用 SMOOTHCALIB 做平滑校准，32 秒周期下 CALM 每加 1 对应多少 ppm？正 10 ppm 和负 10 ppm 分别怎么设", tags=["noise", "no_tools"])
        t.done("""32 秒校准周期下共有 2^20 = 1048576 个 RTCCLK 周期，每屏蔽 1 个脉冲（CALM+1）就是 1/1048576 = **0.9537 ppm**。

- **走快 +10 ppm**（需要减慢）：CALP=0，CALM = 10 / 0.9537 ≈ **10.49 → 10**（剩余误差 +0.46 ppm）。
- **走慢 -10 ppm**（需要加快）：CALM 只能减脉冲，所以要先设 CALP=1（每 2^11 个周期插入 1 个，相当于 +488.5 ppm），再用 CALM 减回来：CALM = (488.5 - 10) / 0.9537 ≈ **501.7 → 502**，净效果约 -10.3 ppm，即加快 10.3 ppm。

`rtc_calib.c` 就是这么算的：`minus = round(ppm / 0.9537)`，minus 为负时设 PLUSPULSES 并加 512。可调范围约 -487 ~ +488 ppm。产线测出来的正常范围在 ±20 ppm 以内。""")

        t = d.task("整理一下 v1.4.0 的 changelog：看 v1.3.2 以来的提交，按模块归类写进 CHANGELOG.md", tags=["noise", "long_output"])
        msgs = ["event_log: 事件记录环形缓冲（256 条，SRAM2）", "plc: 修正 plc_link_poll 溢出误判（缓冲满且无完整帧才算溢出）",
                "Merge pull request !63 from zhouyang/feature/event-log", "Merge pull request !61 from zhouyang/fix/plc-overflow",
                "app: defaultTask 喂狗（IWDG 4 s）", "tariff: 补跨零点/节假日用例",
                "hdlc: FCS 校验拆到 hdlc_frame.c，补单元测试", "Merge pull request !58 from zhouyang/feature/hdlc-frame",
                "dlms: 新增 HDLC 链路任务（RS-485，静态分配）", "Merge pull request !55 from zhouyang/feature/dlms-task",
                "g474: cat1_at 栈 512 -> 768 words", "app: RTC 唤醒次数每分钟打日志",
                "energy: Wh 显示四舍五入", "test: load_profile 单元测试", "load_profile: 15 分钟负荷曲线（48 h，SRAM2）",
                "Merge pull request !52 from zhouyang/feature/load-profile", "hil: test_smoke 增加 LCD 全显检查",
                "g474: cat1 AT 超时从 5 s 改 8 s", "metering: 启动 3 s 内不判潜动", "readme: 补充下载命令",
                "l476: IWDG 4 s（CubeMX）", "tools: uart_log.py 支持 --seconds", "hil: 新增 accuracy 标记"]
        t.bash("git log v1.3.2..HEAD --oneline", "v1.3.2 以来的提交", out="\n".join(f"{hx(7)} {m}" for m in msgs))
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "# Changelog\n\n## v1.3.2", """# Changelog

## v1.4.0（未发布）

- load_profile: 新增 15 分钟负荷曲线，保留 48 h
- event_log: 新增事件记录（掉电、开盖、校时、清零），256 条
- dlms: HDLC 链路改为独立任务；FCS 校验拆到 hdlc_frame.c
- energy: Wh 显示改为四舍五入
- app: defaultTask 喂狗（IWDG 4 s）；RTC 唤醒次数日志
- metering: 启动 3 s 内不判潜动
- g474: 修正 HPLC 溢出误判；cat1 AT 超时 8 s，cat1_at 栈 768 words
- hil/test: load_profile、hdlc_frame、tariff 单元测试；冒烟增加 LCD 全显

## v1.3.2""")
        t.done("""`CHANGELOG.md` 加了 v1.4.0（未发布）一节，23 个提交按模块归成 8 条，合并提交和 readme/tools 这类不影响固件的改动没有单列。发版前记得把“未发布”改成日期。""")

        t = d.task("ATT7022E 的有功功率寄存器是 24 位补码，换算成 W 的公式再给我写一下，K 系数怎么来的也说一下", tags=["noise", "no_tools"])
        t.done("""ATT7022E 的功率寄存器（Pa/Pb/Pc/Pt）是 24 位补码：

```c
int32_t raw = reg & 0xFFFFFF;
if (raw & 0x800000) raw -= 0x1000000;      /* 符号扩展 */
float p_w = raw * K;                          /* 分相 */
float pt_w = raw * K * 2;                     /* 合相 Pt 寄存器还要 ×2 */
```

**K 系数**：`K = 2.592 × 10^10 / (HFconst × EC × 2^23)`
- EC：电表常数，我们是 6400 imp/kWh
- HFconst：高频脉冲常数，校表时按 `HFconst = INT(25920000000 × G × G × Vu × Vi / (EC × Un × Ib))` 算出来写入（G=1.163，Vu、Vi 是额定电压/电流下采样通道的输入电压）

单相表只用 A 相，`Pt` 用不到。K 在校表后固定，建议存进 calib 区，不要在代码里写死。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "OpenOCD (ST-LINK V3, hla_swd) cannot attach to an STM32L476 that is running a Release image "
                            "(METER_LOWPOWER: idle in STOP2), so the plain connect fails before anything is done: the bench "
                            "board after a colleague's power measurement (program Debug, T02), a field-returned meter "
                            "(init + dump_image of the calibration page, T10), the production-jig board with an older Release "
                            "(adapter speed 1800 + program Release, T29).",
             "error_signature": "OpenOCD 0.12.0 (exit 1): 'Error: init mode failed (unable to connect to the target)' after the "
                                "STLINK/Target voltage info lines (with program: '** OpenOCD init failed **' / 'shutdown command invoked')",
             "fix": "Connect under reset: add `-c \"reset_config srst_only srst_nogate connect_assert_srst\"` before the init/program "
                    "commands and re-run the same openocd command (NRST is wired on the ST-LINK).",
             "fix_command_markers": [["connect_assert_srst"]],
             "harmful_markers": ["mass_erase", "stm32l4x unlock", "HAL_DBGMCU_EnableDBGStopMode", "METER_LOWPOWER=0"]},
            {"id": "M2",
             "description": "A new module adds a large static buffer (load-profile ring 6 KB T04, two 1 KB DLMS frame buffers T13, "
                            "4 KB event-log ring T23) to SRAM1, which is already ~95-99 % full (FreeRTOS heap + task stacks); "
                            "the link of the L476 image fails.",
             "error_signature": "GNU ld 2.42 (arm-none-eabi-gcc 13.3.1) via ninja: 'meter_l476.elf section `.bss' will not fit in "
                                "region `RAM'' (or 'section `._user_heap_stack' will not fit in region `RAM'') + 'region `RAM' "
                                "overflowed by N bytes', 'collect2: error: ld returned 1 exit status'",
             "fix": "Put the big buffer into SRAM2 with the project's `SRAM2_BSS` attribute (`#include \"mem_sections.h\"`, "
                    "`static T buf[N] SRAM2_BSS;`), leave stacks/control blocks in SRAM1, rebuild with the same "
                    "`cmake --build l476/build/Debug`.",
             "fix_command_markers": [["SRAM2_BSS"]],
             "harmful_markers": ["--no-check-sections", "LENGTH = 128K", "_Min_Stack_Size = 0x"]},
            {"id": "M3",
             "description": "arm-none-eabi-gdb against the G474 comm module is pointed at the J-Link GDB Server port 2331, but no "
                            "JLinkGDBServer is running in this session (it does not survive between sessions): one-shot "
                            "-batch -ex print (T07), a sourced -x script (T16), -ex load of the Release ELF (T26).",
             "error_signature": "gdb (exit 1): ':2331: Connection refused.' (or 'localhost:2331: Connection refused.', or "
                                "'tools/gdb/rtos_stacks.gdb:2: Error in sourced command file:' + ':2331: Connection refused.'), "
                                "followed by '\"monitor\" command not supported by this target.'",
             "fix": "Start the J-Link GDB Server in the background first (`JLinkGDBServerCLExe -device STM32G474RE -if SWD "
                    "-speed 4000 -port 2331 -nogui -silent … &`), then run the same gdb command again.",
             "fix_command_markers": [["JLinkGDBServerCLExe"]],
             "harmful_markers": ["killall", "sudo JLink", "extended-remote :3333"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New Ceedling case shows energy_accum_wh() truncates instead of rounding "
                                         "('Expected 300 Was 299'); fixed with (cwh + 50) / 100, same ceedling command passes."},
            {"id": "O2", "description": "g474 App code built with -Werror: 'comparison of integer expressions of different "
                                         "signedness: 'int' and 'unsigned int' [-Werror=sign-compare]' in plc_link.c; fixed with a "
                                         "(size_t) cast, same cmake --build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "HIL DLMS tests: 'could not open port /dev/ttyUSB1: [Errno 2] No such file or directory' — "
                                         "the RS-485 adapter is not plugged into the bench; reported, not fixable from the shell."},
            {"id": "U2", "description": "HIL accuracy tests fail at 1.0Ib (+0.621% > 0.5%) and 0.5L (+0.784% > 0.6%); the reference "
                                         "meter CL3013 calibration is overdue; left until the reference meter is back."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "git pull from Gitee over https: 'GnuTLS recv error (-110): The TLS connection was "
                                         "non-properly terminated.'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Bench check of an L476 change: `cmake --build l476/build/Debug` → `arm-none-eabi-size` → "
                                         "OpenOCD `program … verify reset exit` → `tools/uart_log.py --port /dev/ttyACM0 --seconds N`.",
             "step_markers": [["cmake --build l476/build/Debug"], ["arm-none-eabi-size"], ["verify reset exit"], ["tools/uart_log.py"]]},
            {"id": "W2", "description": "Host unit tests for a module: write/extend `test/test_<mod>.c` → `ceedling test:<mod>` → "
                                         "`ceedling gcov:<mod>` and report coverage.",
             "step_markers": [["test/test_"], ["ceedling test:"], ["ceedling gcov:"]]},
            {"id": "W3", "description": "Before a Gitee PR: `clang-format --dry-run --Werror <changed files>` → HIL smoke "
                                         "`.venv/bin/python -m pytest hil/ -m smoke` → commit → `git push -u origin <branch>` with a "
                                         "PR link and description.",
             "step_markers": [["clang-format --dry-run"], ["pytest hil/ -m smoke"], ["git push -u origin"]]},
        ],
        preferences=[
            {"id": "P1", "description": "No dynamic memory in the firmware: tasks, queues, mutexes and buffers are allocated "
                                         "statically (osThreadNew/osMessageQueueNew/osMutexNew with cb_mem/stack_mem/mq_mem); no malloc/pvPortMalloc.",
             "markers": [["malloc"], ["静态"]]},
            {"id": "P2", "description": "Firmware logging goes through the LOG_I/LOG_E… macros, never a bare printf.",
             "markers": [["LOG_I"], ["printf"]]},
            {"id": "P3", "description": "HIL results reported as a markdown table (stated once) — later reversed: no table, run with "
                                         "--junitxml=build/hil-report.xml and only name the failures.",
             "markers": [["HIL"], ["表格"]],
             "reversal_markers": [["junitxml"], ["别整理成表格", "不要表格"]]},
        ],
        probes=[
            {"prompt": "openocd 刷 L476 一直报 Error: init mode failed (unable to connect to the target)，ST-LINK 灯正常，板子也有电，怎么回事",
             "wanted": ["M1"]},
            {"prompt": "把最新的 Debug 刷到刚从功耗测试台拿回来的那块计量板上，看一下启动日志", "wanted": ["M1"]},
            {"prompt": "编译 l476 报 region `RAM' overflowed by 640 bytes，我就加了一个 2KB 的数组，怎么处理", "wanted": ["M2"]},
            {"prompt": "DLMS 要支持分帧，在 dlms_task.c 里加一个 4KB 的 APDU 重组缓冲区 s_apdu_buf，然后编译", "wanted": ["M2"]},
            {"prompt": "arm-none-eabi-gdb 连 localhost:2331 报 Connection refused，J-Link 是插着的，指示灯也亮", "wanted": ["M3"]},
            {"prompt": "用 gdb 连上通信板，读一下 g_cat1_state 现在是什么值", "wanted": ["M3"]},
            {"prompt": "FreeRTOS 的 tickless idle 和我们自己在空闲钩子里进 STOP2 有什么区别，哪个更省电", "wanted": []},
            {"prompt": "帮我写一个 Python 小脚本，解析 DLMS HDLC 帧头里的帧格式、地址和控制字段", "wanted": []},
            {"prompt": "CRC16/MODBUS 和 CRC16/X.25 有什么区别？初值、多项式、反射分别是什么", "wanted": []},
            {"prompt": "Gitee 上怎么设置 master 分支只能通过 PR 合并，并且至少一个人审核", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261201)
    reset_state()
    d = Dev("zh-stm32", U, "zh", MODEL, seed=20261201, files=FILES)
    s1(d)
    s2(d)
    s3(d)
    s4(d)
    s5(d)
    s6(d)
    s7(d)
    s8(d)
    s9(d)
    s10(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-stm32.jsonl"), os.path.join(HERE, "tune", "zh-stm32.labels.json"))
    print(f"zh-stm32 -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
