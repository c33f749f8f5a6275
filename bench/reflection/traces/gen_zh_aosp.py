"""zh-aosp: 陈思远 (Chen Siyuan), Android system/framework engineer at 星河移动 (Xinghe Mobile, Shenzhen).

Stack: AOSP 14 QPR3 based vendor tree (android-14.0.0_r61 + Qualcomm SM8550 "kalama" BSP) synced with `repo`
from the company Gerrit, product `lyra` (`lunch lyra-ap2a-userdebug`), Soong Android.bp (some Android.mk left in
the BSP), framework services in frameworks/base (Java), OEM priv-apps and libraries under vendor/xinghe, a
native fan daemon and an AIDL HAL in C++, SELinux policy under device/xinghe/lyra/sepolicy, adb (root, sync,
push, logcat, dumpsys), fastboot (bootloader and fastbootd, dynamic partitions in super), atest / VTS via
tradefed, `repo upload` to Gerrit, Python 3 helper scripts. Prompts and replies in Chinese; tool output as the
tools print it. cwd /home/chensy/work/lyra-u (tree root).

Written blind for fresh/; measured once held out (round 20), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_aosp.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chensy"
R = "/home/chensy/work/lyra-u"
MODEL = "claude-opus-4-6"
LUNCH = "lyra-ap2a-userdebug"
ENV = f"source build/envsetup.sh && lunch {LUNCH}"
OUT = "out/target/product/lyra"
SERIAL = "5b3e91c7"
GERRIT = "gerrit.xinghe-mobile.com"
SIG1 = "remote couldn't create file: Read-only file system"
SIG2 = "should be flashed via fastbootd"
SIG3 = "error: cannot find symbol"

_rng = [random.Random(20261130)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ---------------------------------------------------------------- output helpers
BANNER = """============================================
PLATFORM_VERSION_CODENAME=REL
PLATFORM_VERSION=14
PRODUCT_INCLUDE_TAGS=com.android.mainline
TARGET_PRODUCT=lyra
TARGET_BUILD_VARIANT=userdebug
TARGET_ARCH=arm64
TARGET_ARCH_VARIANT=armv8-2a
TARGET_CPU_VARIANT=cortex-a76
TARGET_2ND_ARCH=arm
TARGET_2ND_ARCH_VARIANT=armv8-2a
TARGET_2ND_CPU_VARIANT=cortex-a76
HOST_OS=linux
HOST_OS_EXTRA=Linux-6.8.0-49-generic-x86_64-Ubuntu-22.04.5-LTS
HOST_CROSS_OS=windows
BUILD_ID=AP2A.240805.005
OUT_DIR=out
PRODUCT_SOONG_NAMESPACES=vendor/qcom/opensource/commonsys-intf/display vendor/xinghe/hardware
============================================"""


def build_ok(lines, t):
    n = len(lines)
    body = "\n".join(f"[{(i + 1) * 100 // n:3d}% {i + 1}/{n}] {l}" for i, l in enumerate(lines))
    return f"{BANNER}\n{body}\n\n#### build completed successfully ({t} (mm:ss)) ####"


def build_fail(pre, failed, rest, t, clock):
    n = len(pre) + 1
    body = "\n".join(f"[{(i + 1) * 100 // (n + 3):3d}% {i + 1}/{n + 3}] {l}" for i, l in enumerate(pre))
    return (f"{BANNER}\n{body}\nFAILED: {failed}\n{rest}\n{clock} ninja failed with: exit status 1\n\n"
            f"#### failed to build some targets ({t} (mm:ss)) ####")


def javac_cmd(mod_dir, mod):
    return (f"rm -rf \"out/soong/.intermediates/{mod_dir}/{mod}/android_common/javac/classes\" && mkdir -p "
            f"\"out/soong/.intermediates/{mod_dir}/{mod}/android_common/javac/classes\" && "
            f"out/host/linux-x86/bin/soong_javac_wrapper prebuilts/jdk/jdk17/linux-x86/bin/javac -J-Xmx2048M "
            f"-Xmaxerrs 9999999 -encoding UTF-8 -sourcepath \"\" -g -source 17 -target 17 -Xlint:-dep-ann "
            f"-bootclasspath out/soong/.intermediates/frameworks/base/api/android_stubs_current.from-text/android_common/"
            f"android_stubs_current.from-text.jar ...")


def push_ok(src, n_bytes, secs):
    rate = n_bytes / secs / 1048576
    return f"{src}: 1 file pushed, 0 skipped. {rate:.1f} MB/s ({n_bytes} bytes in {secs:.3f}s)"


def ro_push_err(src, dst):
    return f"adb: error: failed to copy '{src}' to '{dst}': {SIG1}"


REMOUNT_VERITY = """Disabling verity for /system
Disabling verity for /system_ext
Disabling verity for /product
Disabling verity for /vendor
Disabling verity for /odm
Successfully disabled verity
Using overlayfs for /system
Using overlayfs for /system_ext
Using overlayfs for /product
Using overlayfs for /vendor
Using overlayfs for /odm
Now reboot your device for settings to take effect"""

REMOUNT_OK = """Using overlayfs for /system
Using overlayfs for /system_ext
Using overlayfs for /product
Using overlayfs for /vendor
Using overlayfs for /odm
remount succeeded"""


def fastboot_dyn_err():
    return ("fastboot: error: The partition you are trying to flash is dynamic, and should be flashed via fastbootd. "
            "Please run:\n\n    fastboot reboot fastboot\n\nAnd try again. If you are intentionally trying to overwrite "
            "a fixed partition, use --force.")


def fastboot_flash_ok(part, img_kb, chunks=1):
    lines = []
    lines.append(f"Resizing '{part}_a'                                  OKAY [  0.0{_rng[0].randint(10, 99)}s]")
    if chunks == 1:
        lines.append(f"Sending '{part}_a' ({img_kb} KB)                     OKAY [  {img_kb / 38000:.3f}s]")
        lines.append(f"Writing '{part}_a'                                  OKAY [  {img_kb / 52000:.3f}s]")
    else:
        for i in range(chunks):
            lines.append(f"Sending sparse '{part}_a' {i + 1}/{chunks} (262140 KB)      OKAY [  6.{_rng[0].randint(100, 999)}s]")
            lines.append(f"Writing '{part}_a'                                  OKAY [  2.{_rng[0].randint(100, 999)}s]")
    lines.append(f"Finished. Total time: {img_kb / 21000 + 0.4:.3f}s")
    return "\n".join(lines)


def logcat_lines(tag, msgs, day="12-10", pid=1734):
    out = []
    hour = _rng[0].randint(10, 11)
    for i, (lvl, m) in enumerate(msgs):
        out.append(f"{day} {hour}:{10 + i * 2 + _rng[0].randint(0, 1):02d}:{_rng[0].randint(10, 59)}.{_rng[0].randint(100, 999)}  "
                   f"{pid}  {pid + _rng[0].randint(20, 400)} {lvl} {tag}: {m}")
    return "\n".join(out)


def commit_out(branch, msg, nfiles, ins, dels=0):
    s = f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletions(-)"
    return s


def upload_out(project, branch, change, title, when=None):
    return (f"remote: \nremote: Processing changes: refs: 1, new: 1, done            \nremote: \n"
            f"remote: SUCCESS\nremote: \nremote:   https://{GERRIT}/c/xinghe/platform/{project}/+/{change} {title} [NEW]\n"
            f"remote: \nTo ssh://{GERRIT}:29418/xinghe/platform/{project}\n"
            f" * [new reference]         {branch} -> refs/for/lyra-u-dev%topic={branch}\n\n"
            f"----------------------------------------------------------------------\n"
            f"[OK    ] {project}/ {branch}")


def atest_ok(mod, cls, tests, secs):
    lines = [f"Finding Tests...\nFound '{mod}' as MODULE", "",
             "Building Dependencies...", f"\n#### build completed successfully (0{secs // 60 + 1}:{secs % 60:02d} (mm:ss)) ####\n",
             "Running Tests...", "", mod, "-" * len(mod), f"{mod} (1 Test)" if len(tests) == 1 else f"{mod} ({len(tests)} Tests)"]
    for tname in tests:
        lines.append(f"[{tests.index(tname) + 1}/{len(tests)}] {cls}#{tname}: PASSED ({_rng[0].randint(4, 380)}ms)")
    lines += ["", "Summary", "-------", f"{mod}: Passed: {len(tests)}, Failed: 0, Ignored: 0, Assumption Failed: 0", "",
              "All tests passed!", "",
              f"Test Logs have been saved in /tmp/atest_result_chensy/{_rng[0].randint(20261201, 20261228)}_{_rng[0].randint(9, 11):02d}{_rng[0].randint(0, 59):02d}{_rng[0].randint(0, 59):02d}_{hx(6)}/log",
              "Run 'atest --history' to review test result history."]
    return "\n".join(lines)


# ---------------------------------------------------------------- virtual files
THERMAL_SVC = P("frameworks/base/services/core/java/com/android/server/xinghe/XhThermalService.java")
POWERHINT_SVC = P("frameworks/base/services/core/java/com/android/server/xinghe/XhPowerHintService.java")
BG_BP = P("vendor/xinghe/apps/BatteryGuard/Android.bp")
BG_SRC = P("vendor/xinghe/apps/BatteryGuard/src/com/xinghe/batteryguard/ChargeLimiter.java")
SE_BP = P("vendor/xinghe/apps/SettingsExt/Android.bp")
SE_SRC = P("vendor/xinghe/apps/SettingsExt/src/com/xinghe/settings/ext/ThermalPrefController.java")
FU_BP = P("vendor/xinghe/libs/framework-utils/Android.bp")
FU_SRC = P("vendor/xinghe/libs/framework-utils/src/com/xinghe/utils/DebugFlags.java")
FAND_CPP = P("vendor/xinghe/hardware/fan/xh_fand/xh_fand.cpp")
FAND_BP = P("vendor/xinghe/hardware/fan/xh_fand/Android.bp")
FAN_HAL = P("vendor/xinghe/hardware/fan/aidl/default/Fan.cpp")
SEP = "device/xinghe/lyra/sepolicy/vendor"
FAND_TE = P(f"{SEP}/xh_fand.te")
FILE_CTX = P(f"{SEP}/file_contexts")
GENFS = P(f"{SEP}/genfs_contexts")
HALFAN_TE = P(f"{SEP}/hal_xh_fan_default.te")
SERVICE_TE = P(f"{SEP}/service.te")
SERVICE_CTX = P(f"{SEP}/service_contexts")
PROP_TE = P(f"{SEP}/property.te")
PROP_CTX = P(f"{SEP}/property_contexts")
PLAT_APP_TE = P(f"{SEP}/platform_app.te")
PARSE_PY = P("vendor/xinghe/tools/thermal/parse_thermal_log.py")
LED_MK = P("vendor/xinghe/hardware/led/Android.mk")
LED_BP = P("vendor/xinghe/hardware/led/Android.bp")
TILE_KT = P("frameworks/base/packages/SystemUI/src/com/android/systemui/qs/tiles/XhHighTempTile.kt")

THERMAL_SVC_TXT = """/*
 * Copyright (C) 2025 Xinghe Mobile Communication Co., Ltd.
 */

package com.android.server.xinghe;

import android.content.Context;
import android.os.Binder;
import android.os.Handler;
import android.os.HandlerThread;
import android.os.Temperature;
import android.util.Slog;

import com.android.internal.util.DumpUtils;
import com.android.server.SystemService;

import java.io.FileDescriptor;
import java.io.PrintWriter;

/**
 * Skin-temperature based throttling policy for lyra. Registered as "xh_thermal".
 */
public final class XhThermalService extends SystemService {
    private static final String TAG = "XhThermalService";

    private final Object mLock = new Object();
    private final HandlerThread mThread = new HandlerThread(TAG);
    private Handler mHandler;

    // guarded by mLock
    private int mThrottleLevel;
    private float mLastSkinTemp = Float.NaN;

    public XhThermalService(Context context) {
        super(context);
    }

    @Override
    public void onStart() {
        mThread.start();
        mHandler = new Handler(mThread.getLooper());
        publishBinderService("xh_thermal", new BinderService());
    }

    void onSkinTemperature(Temperature t) {
        synchronized (mLock) {
            mLastSkinTemp = t.getValue();
            int level = levelFor(t.getValue());
            if (level != mThrottleLevel) {
                Slog.i(TAG, "throttle level " + mThrottleLevel + " -> " + level);
                mThrottleLevel = level;
            }
        }
    }

    private static int levelFor(float celsius) {
        if (celsius >= 46f) return 3;
        if (celsius >= 43f) return 2;
        if (celsius >= 40f) return 1;
        return 0;
    }

    private final class BinderService extends Binder {
        @Override
        protected void dump(FileDescriptor fd, PrintWriter pw, String[] args) {
            if (!DumpUtils.checkDumpPermission(getContext(), TAG, pw)) return;
            synchronized (mLock) {
                pw.println("XhThermalService state:");
                pw.println("  throttleLevel=" + mThrottleLevel);
                pw.println("  lastSkinTemp=" + mLastSkinTemp);
            }
        }
    }
}
"""

POWERHINT_SVC_TXT = """/*
 * Copyright (C) 2025 Xinghe Mobile Communication Co., Ltd.
 */

package com.android.server.xinghe;

import android.content.Context;
import android.os.Binder;
import android.util.Slog;

import com.android.internal.util.DumpUtils;
import com.android.server.SystemService;

import java.io.FileDescriptor;
import java.io.PrintWriter;

/** Boosts CPU/GPU for app launch and scrolling on lyra. Registered as "xh_powerhint". */
public final class XhPowerHintService extends SystemService {
    private static final String TAG = "XhPowerHint";

    private final Object mLock = new Object();
    private int mLaunchBoostCount;

    public XhPowerHintService(Context context) {
        super(context);
    }

    @Override
    public void onStart() {
        publishBinderService("xh_powerhint", new BinderService());
    }

    void onAppLaunch(String pkg) {
        synchronized (mLock) {
            mLaunchBoostCount++;
        }
        Slog.d(TAG, "launch boost for " + pkg);
    }

    private final class BinderService extends Binder {
        @Override
        protected void dump(FileDescriptor fd, PrintWriter pw, String[] args) {
            if (!DumpUtils.checkDumpPermission(getContext(), TAG, pw)) return;
            synchronized (mLock) {
                pw.println("XhPowerHintService state:");
                pw.println("  launchBoostCount=" + mLaunchBoostCount);
            }
        }
    }
}
"""

BG_BP_TXT = """android_app {
    name: "XhBatteryGuard",
    srcs: ["src/**/*.java"],
    resource_dirs: ["res"],
    sdk_version: "current",
    certificate: "platform",
    privileged: true,
    system_ext_specific: true,
    static_libs: [
        "androidx.annotation_annotation",
    ],
}
"""

BG_SRC_TXT = """package com.xinghe.batteryguard;

import android.content.Context;
import android.os.BatteryManager;
import android.util.Log;

/** Stops charging at the user-selected limit (80/85/90%). */
public final class ChargeLimiter {
    private static final String TAG = "XhBatteryGuard";

    private final BatteryManager mBatteryManager;

    public ChargeLimiter(Context context) {
        mBatteryManager = context.getSystemService(BatteryManager.class);
    }

    public int currentLevel() {
        return mBatteryManager.getIntProperty(BatteryManager.BATTERY_PROPERTY_CAPACITY);
    }
}
"""

SE_BP_TXT = """android_app {
    name: "XhSettingsExt",
    srcs: ["src/**/*.java"],
    resource_dirs: ["res"],
    sdk_version: "current",
    privileged: true,
    system_ext_specific: true,
    required: ["privapp_whitelist_com.xinghe.settings.ext"],
}
"""

SE_SRC_TXT = """package com.xinghe.settings.ext;

import android.content.Context;

/** Settings > Battery > "高温保护" switch. */
public final class ThermalPrefController {
    private final Context mContext;

    public ThermalPrefController(Context context) {
        mContext = context;
    }

    public boolean isAvailable() {
        return true;
    }
}
"""

FU_BP_TXT = """java_library {
    name: "xinghe-framework-utils",
    srcs: ["src/**/*.java"],
    sdk_version: "current",
    system_ext_specific: true,
    installable: true,
}
"""

FU_SRC_TXT = """package com.xinghe.utils;

/** Debug switches shared by Xinghe system apps. */
public final class DebugFlags {
    private DebugFlags() {}

    public static final boolean VERBOSE = false;
}
"""

FAND_CPP_TXT = """/*
 * xh_fand: drives the lyra cooling-fan accessory from the skin thermal zone.
 */
#define LOG_TAG "xh_fand"

#include <chrono>
#include <string>
#include <thread>

#include <android-base/file.h>
#include <android-base/strings.h>
#include <log/log.h>

using namespace std::chrono_literals;

static constexpr const char* kSkinTemp = "/sys/class/thermal/thermal_zone78/temp";
static constexpr const char* kFanPwm = "/sys/devices/platform/soc/xh-fan/pwm";

static int readSkinMilliC() {
    std::string s;
    if (!android::base::ReadFileToString(kSkinTemp, &s)) {
        ALOGE("cannot read %s", kSkinTemp);
        return -1;
    }
    return std::stoi(android::base::Trim(s));
}

static int pwmFor(int milliC) {
    if (milliC >= 45000) return 255;
    if (milliC >= 41000) return 170;
    if (milliC >= 38000) return 90;
    return 0;
}

int main() {
    ALOGI("xh_fand started");
    int last = -1;
    while (true) {
        int t = readSkinMilliC();
        if (t >= 0) {
            int pwm = pwmFor(t);
            if (pwm != last) {
                android::base::WriteStringToFile(std::to_string(pwm), kFanPwm);
                ALOGI("skin %d mC -> pwm %d", t, pwm);
                last = pwm;
            }
        }
        std::this_thread::sleep_for(2s);
    }
    return 0;
}
"""

FAND_BP_TXT = """cc_binary {
    name: "xh_fand",
    srcs: ["xh_fand.cpp"],
    vendor: true,
    init_rc: ["xh_fand.rc"],
    shared_libs: [
        "libbase",
        "liblog",
    ],
    cflags: ["-Wall", "-Werror"],
}
"""

FAN_HAL_TXT = """#define LOG_TAG "vendor.xinghe.fan-service"

#include "Fan.h"

#include <android-base/logging.h>
#include <android/binder_manager.h>
#include <android/binder_process.h>

namespace aidl::vendor::xinghe::fan {

ndk::ScopedAStatus Fan::setMode(FanMode mode) {
    std::lock_guard<std::mutex> lock(mLock);
    mMode = mode;
    return ndk::ScopedAStatus::ok();
}

ndk::ScopedAStatus Fan::getMode(FanMode* _aidl_return) {
    std::lock_guard<std::mutex> lock(mLock);
    *_aidl_return = mMode;
    return ndk::ScopedAStatus::ok();
}

}  // namespace aidl::vendor::xinghe::fan

int main() {
    ABinderProcess_setThreadPoolMaxThreadCount(0);
    auto fan = ndk::SharedRefBase::make<aidl::vendor::xinghe::fan::Fan>();
    const std::string instance = std::string(aidl::vendor::xinghe::fan::Fan::descriptor) + "/default";
    binder_status_t status = AServiceManager_addService(fan->asBinder().get(), instance.c_str());
    CHECK_EQ(status, STATUS_OK);
    ABinderProcess_joinThreadPool();
    return EXIT_FAILURE;  // should not reach
}
"""

FAND_TE_TXT = """type xh_fand, domain;
type xh_fand_exec, exec_type, vendor_file_type, file_type;

init_daemon_domain(xh_fand)
get_prop(xh_fand, vendor_xh_fan_prop)
"""

FILE_CTX_TXT = """/vendor/bin/xh_fand                                  u:object_r:xh_fand_exec:s0
/odm/bin/hw/vendor\\.xinghe\\.fan-service             u:object_r:hal_xh_fan_default_exec:s0
/data/vendor/xh_thermal(/.*)?                        u:object_r:xh_thermal_data_file:s0
"""

GENFS_TXT = """genfscon sysfs /devices/platform/soc/xh-fan              u:object_r:sysfs_xh_fan:s0
"""

HALFAN_TE_TXT = """type hal_xh_fan_default, domain;
type hal_xh_fan_default_exec, exec_type, vendor_file_type, file_type;

init_daemon_domain(hal_xh_fan_default)
binder_call(hal_xh_fan_default, servicemanager)
"""

SERVICE_TE_TXT = """type xh_thermal_service, system_server_service, service_manager_type;
type xh_powerhint_service, system_server_service, service_manager_type;
"""

SERVICE_CTX_TXT = """xh_thermal                                           u:object_r:xh_thermal_service:s0
xh_powerhint                                         u:object_r:xh_powerhint_service:s0
"""

PROP_TE_TXT = """vendor_internal_prop(vendor_xh_fan_prop)
"""

PROP_CTX_TXT = """vendor.xh.fan.                                       u:object_r:vendor_xh_fan_prop:s0
"""

PLAT_APP_TE_TXT = """# Xinghe additions for platform_app
"""

PARSE_PY_TXT = '''#!/usr/bin/env python3
"""Summarise thermal throttling from a bugreport's logcat.

usage: parse_thermal_log.py <logcat.txt>
"""
import re
import sys
from collections import Counter

LINE = re.compile(r"XhThermalService: throttle level (?P<old>\\d) -> (?P<new>\\d)")
SKIN = re.compile(r"xh_fand: skin (?P<mc>\\d+) mC -> pwm (?P<pwm>\\d+)")


def main(path):
    levels = Counter()
    peak = 0
    for line in open(path, encoding="utf-8", errors="replace"):
        m = LINE.search(line)
        if m:
            levels[m.group("new")] += 1
            continue
        m = SKIN.search(line)
        if m:
            peak = max(peak, int(m.group("mc")))
    print(f"throttle transitions: {dict(sorted(levels.items()))}")
    print(f"zone: {m.group('zone')} peak skin: {peak / 1000:.1f} C")


if __name__ == "__main__":
    main(sys.argv[1])
'''

LED_MK_TXT = """LOCAL_PATH := $(call my-dir)

include $(CLEAR_VARS)
LOCAL_MODULE := xh_ledd
LOCAL_MODULE_TAGS := optional
LOCAL_PROPRIETARY_MODULE := true
LOCAL_SRC_FILES := xh_ledd.cpp
LOCAL_SHARED_LIBRARIES := libbase liblog libcutils
LOCAL_CFLAGS := -Wall -Werror
LOCAL_INIT_RC := xh_ledd.rc
include $(BUILD_EXECUTABLE)
"""

TILE_KT_TXT = """/*
 * Copyright (C) 2025 Xinghe Mobile Communication Co., Ltd.
 */
package com.android.systemui.qs.tiles

import android.content.Intent
import android.os.Handler
import android.os.Looper
import android.os.ServiceManager
import android.provider.Settings
import com.android.systemui.dagger.qualifiers.Background
import com.android.systemui.dagger.qualifiers.Main
import com.android.systemui.plugins.qs.QSTile
import com.android.systemui.qs.QSHost
import com.android.systemui.qs.tileimpl.QSTileImpl
import com.android.systemui.util.settings.SecureSettings
import javax.inject.Inject

/** "高温保护" quick settings tile. State comes from the xh_thermal service dump-free binder call. */
class XhHighTempTile @Inject constructor(
    host: QSHost,
    @Background backgroundLooper: Looper,
    @Main mainHandler: Handler,
    private val secureSettings: SecureSettings,
    // ... other QSTileImpl dependencies omitted in this excerpt
) : QSTileImpl<QSTile.BooleanState>(host, backgroundLooper, mainHandler) {

    private val thermal by lazy { IXhThermal.Stub.asInterface(ServiceManager.getService("xh_thermal")) }

    override fun newTileState() = QSTile.BooleanState()

    override fun handleClick(view: android.view.View?) {
        val enabled = secureSettings.getInt(KEY, 1) == 1
        secureSettings.putInt(KEY, if (enabled) 0 else 1)
        refreshState()
    }

    override fun handleUpdateState(state: QSTile.BooleanState, arg: Any?) {
        state.value = secureSettings.getInt(KEY, 1) == 1
        val level = runCatching { thermal?.throttleLevel ?: 0 }.getOrDefault(0)
        state.secondaryLabel = if (level > 0) "降频 $level 级" else null
    }

    override fun getLongClickIntent() = Intent(Settings.ACTION_BATTERY_SAVER_SETTINGS)

    override fun getTileLabel(): CharSequence = "高温保护"

    companion object {
        const val TILE_SPEC = "xh_hightemp"
        private const val KEY = "xh_high_temp_protect"
    }
}
"""

FILES = {
    LED_MK: LED_MK_TXT,
    TILE_KT: TILE_KT_TXT,
    THERMAL_SVC: THERMAL_SVC_TXT,
    POWERHINT_SVC: POWERHINT_SVC_TXT,
    BG_BP: BG_BP_TXT,
    BG_SRC: BG_SRC_TXT,
    SE_BP: SE_BP_TXT,
    SE_SRC: SE_SRC_TXT,
    FU_BP: FU_BP_TXT,
    FU_SRC: FU_SRC_TXT,
    FAND_CPP: FAND_CPP_TXT,
    FAND_BP: FAND_BP_TXT,
    FAN_HAL: FAN_HAL_TXT,
    FAND_TE: FAND_TE_TXT,
    FILE_CTX: FILE_CTX_TXT,
    GENFS: GENFS_TXT,
    HALFAN_TE: HALFAN_TE_TXT,
    SERVICE_TE: SERVICE_TE_TXT,
    SERVICE_CTX: SERVICE_CTX_TXT,
    PROP_TE: PROP_TE_TXT,
    PROP_CTX: PROP_CTX_TXT,
    PLAT_APP_TE: PLAT_APP_TE_TXT,
    PARSE_PY: PARSE_PY_TXT,
}

SERVICES_BUILD = [
    "//frameworks/base/services/core:services.core.unboosted javac",
    "//frameworks/base/services/core:services.core.unboosted turbine",
    "//frameworks/base/services:services r8",
    "//frameworks/base/services:services dex2oat",
    "Install: out/target/product/lyra/system/framework/services.jar",
    "Install: out/target/product/lyra/system/framework/oat/arm64/services.odex",
]
SERVICES_JAR = f"{OUT}/system/framework/services.jar"


def push_services(t, size=41823719):
    t.bash(f"adb push {SERVICES_JAR} /system/framework/services.jar", "推送 services.jar",
           out=push_ok(SERVICES_JAR, size, 0.21))


def restart_framework(t, desc="重启 framework"):
    t.bash("adb shell stop && adb shell start && adb wait-for-device && sleep 25 && adb shell getprop sys.boot_completed",
           desc, out="1", timeout=180000)


# ---------------------------------------------------------------- sessions
def s1(d):
    with d.session("2026-11-30T02:05:00", R, branch="", version="2.1.150"):
        t = d.task("我刚接手 lyra 的温控这块，带我过一遍：XhThermalService 在 framework 里是怎么注册和工作的，"
                   "风扇 daemon xh_fand 和 sepolicy 放在哪", tags=["noise"])
        t.glob("frameworks/base/services/core/java/com/android/server/xinghe/*.java",
               [THERMAL_SVC, POWERHINT_SVC], path=R)
        t.read(THERMAL_SVC)
        t.grep("XhThermalService", filenames=[P("frameworks/base/services/java/com/android/server/SystemServer.java"), THERMAL_SVC],
               path=P("frameworks/base/services"))
        t.grep("XhThermalService", path=P("frameworks/base/services/java/com/android/server/SystemServer.java"),
               output_mode="content", n=True,
               content="1588:            t.traceBegin(\"StartXhThermalService\");\n"
                       "1589:            mSystemServiceManager.startService(com.android.server.xinghe.XhThermalService.class);")
        t.glob("vendor/xinghe/hardware/fan/**/*", [FAND_BP, FAND_CPP, P("vendor/xinghe/hardware/fan/xh_fand/xh_fand.rc"),
                                                   FAN_HAL, P("vendor/xinghe/hardware/fan/aidl/Android.bp")], path=R)
        t.read(FAND_CPP)
        t.glob(f"{SEP}/*", [FILE_CTX, GENFS, HALFAN_TE, PLAT_APP_TE, PROP_CTX, PROP_TE, SERVICE_CTX, SERVICE_TE, FAND_TE], path=R)
        t.done("""整体结构如下：

**XhThermalService（framework，system_server 内）**
- 代码：`frameworks/base/services/core/java/com/android/server/xinghe/XhThermalService.java`，继承 `SystemService`
- 注册：`SystemServer.java:1588` 在 `startOtherServices` 里 `startService(XhThermalService.class)`，`onStart()` 里 `publishBinderService("xh_thermal", ...)`，所以 `adb shell dumpsys xh_thermal` 能看到状态
- 逻辑：收到皮肤温度后按 40/43/46°C 分 0~3 级节流，状态受 `mLock` 保护；日志 tag `XhThermalService`
- 同目录还有 `XhPowerHintService`（启动/滑动加速，`xh_powerhint`）

**xh_fand（vendor 原生 daemon，C++）**
- `vendor/xinghe/hardware/fan/xh_fand/`：每 2 秒读 `thermal_zone78/temp`，按温度写 `/sys/devices/platform/soc/xh-fan/pwm`，由 `xh_fand.rc` 启动
- 旁边 `fan/aidl/` 是风扇的 AIDL HAL（`vendor.xinghe.fan-service`，装在 odm 分区），给上层设置风扇模式

**sepolicy**
- `device/xinghe/lyra/sepolicy/vendor/`：`xh_fand.te`、`hal_xh_fan_default.te`、`file_contexts`、`genfs_contexts`（`sysfs_xh_fan`）、`service.te`/`service_contexts`（`xh_thermal`、`xh_powerhint`）、`property*.te`

注意 `xh_fand.te` 目前只有 `init_daemon_domain` 和读 `vendor_xh_fan_prop` 的 `get_prop`，还没给读 thermal zone / 写 pwm 的权限，真机上大概率有 avc denial。""")

        t = d.task("XhThermalService 的 dump 里加一个 lastLevelChangeTime（uptime 毫秒），然后推到手机上验证一下。"
                   "手机上周五下午测试同学用 flashall 刷了最新的 dailybuild。另外 system_server 里打日志用 Slog，别用 Log.d",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.read(THERMAL_SVC)
        t.edit(THERMAL_SVC, "    private float mLastSkinTemp = Float.NaN;\n",
               "    private float mLastSkinTemp = Float.NaN;\n    private long mLastLevelChangeTime;\n")
        t.edit(THERMAL_SVC, """                Slog.i(TAG, "throttle level " + mThrottleLevel + " -> " + level);
                mThrottleLevel = level;""", """                Slog.i(TAG, "throttle level " + mThrottleLevel + " -> " + level);
                mThrottleLevel = level;
                mLastLevelChangeTime = SystemClock.uptimeMillis();""")
        t.edit(THERMAL_SVC, "import android.os.HandlerThread;\n", "import android.os.HandlerThread;\nimport android.os.SystemClock;\n")
        t.edit(THERMAL_SVC, """                pw.println("  lastSkinTemp=" + mLastSkinTemp);""",
               """                pw.println("  lastSkinTemp=" + mLastSkinTemp);
                pw.println("  lastLevelChangeTime=" + mLastLevelChangeTime);""")
        t.bash(f"{ENV} && m services", "编译 services.jar", out=build_ok(SERVICES_BUILD, "03:41"), timeout=3600000)
        t.fail(f"adb push {SERVICES_JAR} /system/framework/services.jar", "推送 services.jar",
               ro_push_err(SERVICES_JAR, "/system/framework/services.jar"))
        t.say("/system 是只读的：上周五 flashall 重刷了 super 和 vbmeta，之前的 remount（overlayfs）状态没了。先 root 再 remount：")
        t.bash("adb root", "adbd 切到 root", out="restarting adbd as root")
        t.bash("adb remount", "remount 系统分区", out=REMOUNT_VERITY)
        t.say("这次 remount 顺带关了 verity，需要重启一次才生效：")
        t.bash("adb reboot && adb wait-for-device root && adb remount", "重启后再次 remount",
               out="restarting adbd as root\n" + REMOUNT_OK, timeout=300000)
        push_services(t)
        restart_framework(t)
        t.bash("adb shell dumpsys xh_thermal", "看 dump 输出",
               out="XhThermalService state:\n  throttleLevel=0\n  lastSkinTemp=34.7\n  lastLevelChangeTime=0")
        t.bash("adb logcat -d -s XhThermalService | tail -5", "看服务日志",
               out=logcat_lines("XhThermalService", [("I", "onStart: publishing xh_thermal, skin sensor xh-skin")], day="11-30"))
        t.done("""`lastLevelChangeTime` 已加上并在真机验证：

- 新增字段 `mLastLevelChangeTime`（`mLock` 保护），级别变化时记 `SystemClock.uptimeMillis()`，dump 里输出；日志保持 `Slog`
- `m services` 编译通过（3:41）
- 第一次 `adb push` 报 `Read-only file system`：上周五 flashall 之后分区回到只读。`adb root` + `adb remount`（关 verity 后重启一次）再推就成功了
- `stop`/`start` 重启 framework 后 `dumpsys xh_thermal` 能看到 `lastLevelChangeTime=0`（开机后还没发生过级别变化）""")

        t = d.task("问一下：我们风扇 HAL 现在是 AIDL 的，BSP 里还有几个老的 HIDL HAL。HIDL 迁 AIDL 一般要改哪些东西？"
                   "VINTF manifest 那块要注意什么", tags=["no_tools"])
        t.done("""HIDL → AIDL 迁移主要这几块：

1. **接口定义**：`.hal` 改写成 `.aidl`，用 `aidl_interface`（`stability: "vintf"`、`backend.ndk.enabled: true`），首个版本 `m <iface>-update-api` 生成 `aidl_api/` 快照并冻结为 V1
2. **实现**：从 `IFoo::getService`/`registerAsService` 改成 NDK binder：`AServiceManager_addService(binder, "vendor.x.IFoo/default")`、`ABinderProcess_joinThreadPool()`；返回值改 `ndk::ScopedAStatus`
3. **VINTF**：
   - vendor manifest 里 `<hal format="aidl">`，写 `<name>`、`<version>`、`<fqname>IFoo/default</fqname>`，**不写 transport**
   - framework compatibility matrix（OEM 接口放 `device_framework_matrix`）要加对应条目，否则 `check_vintf` 编译期就报错
   - 用 `vintf_fragments` 挂在 HAL 模块上比改全局 manifest.xml 好维护
4. **sepolicy**：`hal_attribute` 不变，但 `hwservice_contexts` 换成 `service_contexts` 里的 `vendor.x.IFoo/default`，类型要带 `hal_service_type`、`protected_service`
5. **客户端**：`AServiceManager_waitForService` / Java `ServiceManager.waitForDeclaredService`；过渡期可以两个都注册

最常见的坑：接口改完忘了 `update-api`、manifest 版本和冻结版本不一致、service_contexts 漏写导致 `add` 被拒。""")


def s2(d):
    with d.session("2026-12-02T01:48:00", R, branch="", version="2.1.151"):
        t = d.task("xh_fand 起来以后风扇不转，我怀疑是 SELinux。抓一下 avc denial，按规矩补 sepolicy", tags=["workflow:W2"])
        t.bash('adb logcat -b all -d | grep "avc: denied" | grep xh_fand', "抓 xh_fand 的 avc denial",
               out="""12-02 09:51:12.403   812   812 I xh_fand : type=1400 audit(0.0:211): avc: denied { read } for name="temp" dev="sysfs" ino=61823 scontext=u:r:xh_fand:s0 tcontext=u:object_r:sysfs_thermal:s0 tclass=file permissive=0
12-02 09:51:12.403   812   812 I xh_fand : type=1400 audit(0.0:212): avc: denied { search } for name="thermal" dev="sysfs" ino=3317 scontext=u:r:xh_fand:s0 tcontext=u:object_r:sysfs_thermal:s0 tclass=dir permissive=0
12-02 09:51:14.405   812   812 I xh_fand : type=1400 audit(0.0:213): avc: denied { write } for name="pwm" dev="sysfs" ino=71124 scontext=u:r:xh_fand:s0 tcontext=u:object_r:sysfs_xh_fan:s0 tclass=file permissive=0""")
        t.bash('adb logcat -b all -d | grep "avc: denied" | grep xh_fand > /tmp/xh_fand_avc.txt && '
               'adb pull /sys/fs/selinux/policy /tmp/lyra_policy && audit2allow -p /tmp/lyra_policy -i /tmp/xh_fand_avc.txt',
               "用 audit2allow 生成建议规则",
               out="""/sys/fs/selinux/policy: 1 file pulled, 0 skipped. 38.4 MB/s (2841267 bytes in 0.071s)


#============= xh_fand ==============
allow xh_fand sysfs_thermal:dir search;
allow xh_fand sysfs_thermal:file read;
allow xh_fand sysfs_xh_fan:file write;""")
        t.read(FAND_TE)
        t.say("audit2allow 的结果只覆盖了被拒的单个权限，读 sysfs 文件实际还需要 open/getattr，按惯例用宏：")
        t.edit(FAND_TE, "init_daemon_domain(xh_fand)\n",
               "init_daemon_domain(xh_fand)\n\n# read skin temperature, drive the fan PWM\n"
               "r_dir_file(xh_fand, sysfs_thermal)\nallow xh_fand sysfs_xh_fan:file rw_file_perms;\n")
        t.bash(f"{ENV} && m selinux_policy", "编译 sepolicy",
               out=build_ok(["//system/sepolicy:vendor_sepolicy.cil.raw gen",
                             "//system/sepolicy:precompiled_sepolicy checkpolicy",
                             "//system/sepolicy:sepolicy_neverallows_vendor neverallow check",
                             "Install: out/target/product/lyra/vendor/etc/selinux/precompiled_sepolicy"], "01:58"),
               timeout=3600000)
        t.bash(f"adb push {OUT}/vendor/etc/selinux/precompiled_sepolicy /vendor/etc/selinux/ && "
               f"adb push {OUT}/vendor/etc/selinux/precompiled_sepolicy.plat_sepolicy_and_mapping.sha256 /vendor/etc/selinux/ && "
               "adb reboot && adb wait-for-device root", "推 precompiled_sepolicy 并重启",
               out=f"{OUT}/vendor/etc/selinux/precompiled_sepolicy: 1 file pushed, 0 skipped. 96.2 MB/s (2841811 bytes in 0.028s)\n"
                   f"{OUT}/vendor/etc/selinux/precompiled_sepolicy.plat_sepolicy_and_mapping.sha256: 1 file pushed, 0 skipped. 0.3 MB/s (65 bytes in 0.000s)\n"
                   "restarting adbd as root", timeout=300000)
        t.bash('sleep 30; adb logcat -b all -d | grep "avc: denied" | grep -c xh_fand; adb logcat -d -s xh_fand | tail -3',
               "确认 denial 消失、风扇开始调速",
               out="0\n" + logcat_lines("xh_fand", [("I", "xh_fand started"), ("I", "skin 36125 mC -> pwm 0"),
                                                    ("I", "skin 38410 mC -> pwm 90")], day="12-02", pid=809))
        t.done("""风扇不转确实是 SELinux：`xh_fand` 读 thermal zone 和写 pwm 都被拒了（3 条 denial）。

`xh_fand.te` 补了：
```
r_dir_file(xh_fand, sysfs_thermal)
allow xh_fand sysfs_xh_fan:file rw_file_perms;
```
没有直接照抄 audit2allow 的单权限规则（只给 `read`/`write` 下次还会拒 `open`/`getattr`）。`m selinux_policy` 通过了 neverallow 检查，推 `precompiled_sepolicy` 重启后 denial 为 0，日志里已经看到 `skin 38410 mC -> pwm 90`。""")

        t = d.task("新做了一个 priv-app XhBatteryGuard（vendor/xinghe/apps/BatteryGuard），充电限制要读 persist.vendor.xh.charge_limit 这个属性，"
                   "你在 ChargeLimiter 里加个 limit() 方法读它，默认 100。编译的时候用 mmm 单独编这个目录就行，别全编",
                   tags=["mistake:M3", "pref:P3"])
        t.read(BG_SRC)
        t.edit(BG_SRC, "import android.os.BatteryManager;\n", "import android.os.BatteryManager;\nimport android.os.SystemProperties;\n")
        t.edit(BG_SRC, """    public int currentLevel() {""", """    /** Charge limit in percent from persist.vendor.xh.charge_limit (default 100 = off). */
    public int limit() {
        return SystemProperties.getInt("persist.vendor.xh.charge_limit", 100);
    }

    public int currentLevel() {""")
        jfile = "vendor/xinghe/apps/BatteryGuard/src/com/xinghe/batteryguard/ChargeLimiter.java"
        t.fail(f"{ENV} && mmm vendor/xinghe/apps/BatteryGuard", "单独编译 BatteryGuard",
               build_fail(["//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard aapt2 compile",
                           "//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard aapt2 link",
                           "//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard javac"],
                          "out/soong/.intermediates/vendor/xinghe/apps/BatteryGuard/XhBatteryGuard/android_common/javac/XhBatteryGuard.jar",
                          javac_cmd("vendor/xinghe/apps/BatteryGuard", "XhBatteryGuard") + "\n"
                          f"{jfile}:5: {SIG3}\nimport android.os.SystemProperties;\n                 ^\n"
                          "  symbol:   class SystemProperties\n  location: package android.os\n"
                          f"{jfile}:21: {SIG3}\n        return SystemProperties.getInt(\"persist.vendor.xh.charge_limit\", 100);\n"
                          "               ^\n  symbol:   variable SystemProperties\n  location: class ChargeLimiter\n2 errors",
                          "01:07", "10:14:52"), code=1)
        t.say("`SystemProperties` 是 @hide 类，不在公开 SDK stub 里；这个 app 的 Android.bp 写的是 `sdk_version: \"current\"`，所以 javac 找不到。"
              "它本来就是 platform 签名的 priv-app，改成对平台私有 API 编译：")
        t.read(BG_BP)
        t.edit(BG_BP, '    sdk_version: "current",\n', "    platform_apis: true,\n")
        t.bash(f"{ENV} && mmm vendor/xinghe/apps/BatteryGuard", "重新编译 BatteryGuard",
               out=build_ok(["//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard javac",
                             "//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard d8",
                             "//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard zipalign",
                             f"Install: {OUT}/system_ext/priv-app/XhBatteryGuard/XhBatteryGuard.apk"], "01:22"),
               timeout=3600000)
        t.done("""`ChargeLimiter.limit()` 已加，读 `persist.vendor.xh.charge_limit`，默认 100。

第一次 `mmm` 报 `cannot find symbol: class SystemProperties`：模块是 `sdk_version: "current"`，只能看到公开 SDK，`SystemProperties` 是隐藏 API。BatteryGuard 本身就是 platform 签名的 priv-app，所以 Android.bp 里把 `sdk_version: "current"` 换成了 `platform_apis: true`，再 `mmm` 编译通过，apk 装在 `system_ext/priv-app/XhBatteryGuard/`。""")

        t = d.task("xh_fand 加一个最低转速：温度低于 38 度但高于 35 度的时候给 40 的 pwm，编一下", tags=["oneoff:O1"])
        t.read(FAND_CPP)
        t.edit(FAND_CPP, """static int pwmFor(int milliC) {
    if (milliC >= 45000) return 255;
    if (milliC >= 41000) return 170;
    if (milliC >= 38000) return 90;
    return 0;
}""", """static int pwmFor(int milliC) {
    static constexpr int kMinPwm = 40;
    int floor = 0;
    if (milliC >= 45000) return 255;
    if (milliC >= 41000) return 170;
    if (milliC >= 38000) return 90;
    if (milliC >= 35000) return kMinPwm;
    return 0;
}""")
        t.fail(f"{ENV} && m xh_fand", "编译 xh_fand",
               build_fail(["//vendor/xinghe/hardware/fan/xh_fand:xh_fand clang++ xh_fand.cpp"],
                          "out/soong/.intermediates/vendor/xinghe/hardware/fan/xh_fand/xh_fand/android_vendor.34_arm64_armv8-2a_cortex-a76/obj/vendor/xinghe/hardware/fan/xh_fand/xh_fand.o",
                          "PWD=/proc/self/cwd prebuilts/clang/host/linux-x86/clang-r487747c/bin/clang++ -c ... -Wall -Werror ... vendor/xinghe/hardware/fan/xh_fand/xh_fand.cpp\n"
                          "vendor/xinghe/hardware/fan/xh_fand/xh_fand.cpp:30:9: error: unused variable 'floor' [-Werror,-Wunused-variable]\n"
                          "    int floor = 0;\n        ^\n1 error generated.", "00:48", "10:31:06"), code=1)
        t.say("我多写了一个没用到的变量 `floor`，`-Werror` 下直接失败。删掉：")
        t.edit(FAND_CPP, "    static constexpr int kMinPwm = 40;\n    int floor = 0;\n", "    static constexpr int kMinPwm = 40;\n")
        t.bash(f"{ENV} && m xh_fand", "编译 xh_fand",
               out=build_ok(["//vendor/xinghe/hardware/fan/xh_fand:xh_fand clang++ xh_fand.cpp",
                             "//vendor/xinghe/hardware/fan/xh_fand:xh_fand ld",
                             f"Install: {OUT}/vendor/bin/xh_fand"], "00:52"), timeout=3600000)
        t.done("""最低转速已加：35~38°C 之间给 `pwm 40`（`kMinPwm`），其余档位不变。

第一次编译是我多留了一个没用的变量，`-Wunused-variable` 在 `-Werror` 下报错，删掉后 `m xh_fand` 通过，产物在 `vendor/bin/xh_fand`。""")


def s3(d):
    with d.session("2026-12-04T02:20:00", R, branch="", version="2.1.152"):
        t = d.task("风扇 HAL 的 setMode 里加一行日志。HAL 现在是装在 odm 分区的，编 odm 镜像单独刷 odm 分区试一下，手机我已经接上了", tags=["mistake:M2"])
        t.read(FAN_HAL)
        t.edit(FAN_HAL, """    std::lock_guard<std::mutex> lock(mLock);
    mMode = mode;""", """    std::lock_guard<std::mutex> lock(mLock);
    LOG(INFO) << "setMode " << toString(mMode) << " -> " << toString(mode);
    mMode = mode;""")
        t.bash(f"{ENV} && m odmimage", "编译 odm.img",
               out=build_ok(["//vendor/xinghe/hardware/fan/aidl/default:vendor.xinghe.fan-service clang++ Fan.cpp",
                             "//vendor/xinghe/hardware/fan/aidl/default:vendor.xinghe.fan-service ld",
                             f"Install: {OUT}/odm/bin/hw/vendor.xinghe.fan-service",
                             f"Target odm fs image: {OUT}/odm.img"], "04:37"), timeout=3600000)
        t.bash("adb reboot bootloader && fastboot devices", "进 bootloader", out=f"{SERIAL}\tfastboot")
        t.fail(f"fastboot flash odm {OUT}/odm.img", "刷 odm 分区", fastboot_dyn_err())
        t.say("odm 在 super 里，是动态分区，bootloader 里的 fastboot 不能直接写，要先进用户态的 fastbootd：")
        t.bash("fastboot reboot fastboot", "重启到 fastbootd",
               out="Rebooting into fastboot                            OKAY [  0.001s]\n"
                   "< waiting for any device >\nFinished. Total time: 12.418s")
        t.bash(f"fastboot flash odm {OUT}/odm.img", "在 fastbootd 里刷 odm",
               out=fastboot_flash_ok("odm", 84312), timeout=600000)
        t.bash("fastboot reboot && adb wait-for-device && sleep 30 && adb root && adb shell getprop sys.boot_completed",
               "重启回系统", out="Rebooting                                          OKAY [  0.000s]\nFinished. Total time: 0.051s\n"
                                 "restarting adbd as root\n1", timeout=300000)
        t.bash("adb shell cmd xh_fan set-mode QUIET; adb logcat -d -s vendor.xinghe.fan-service | tail -2", "触发 setMode 看日志",
               out=logcat_lines("vendor.xinghe.fan-service", [("I", "setMode AUTO -> QUIET")], day="12-04", pid=1021))
        t.done("""odm 分区已刷好，新日志生效：`setMode AUTO -> QUIET`。

过程：`m odmimage` → `adb reboot bootloader` → 在 bootloader 里 `fastboot flash odm` 被拒（odm 在 super 里，是动态分区）→ `fastboot reboot fastboot` 进 fastbootd 后再刷成功 → `fastboot reboot`。""")

        t = d.task("温控这个改动提 review 吧：先跑 XhThermalServiceTest，过了就 commit，然后 repo upload 到 lyra-u-dev", tags=["workflow:W3"])
        t.bash(f"{ENV} && atest XhThermalServiceTest", "跑单元测试",
               out=atest_ok("XhThermalServiceTest", "com.android.server.xinghe.XhThermalServiceTest",
                            ["testLevelFor_boundaries", "testDumpContainsLastLevelChangeTime", "testLevelChangeLogsOnce"], 95),
               timeout=3600000)
        t.bash("repo status frameworks/base", "看改动",
               out="project frameworks/base/                        branch xh-thermal-dump\n"
                   " -m     services/core/java/com/android/server/xinghe/XhThermalService.java")
        msg = ("XhThermalService: dump last level change time\\n\\nRecord SystemClock.uptimeMillis() whenever the throttle level changes "
               "and print it in dumpsys xh_thermal, so that thermal issues from the field can be correlated with logcat. "
               "The value is guarded by mLock like the other state fields and is 0 until the first change after boot. "
               "No behaviour change for the throttling policy itself.")
        t.bash(f'git -C frameworks/base commit -a -m "$(printf \'{msg}\')" -m "Bug: 412233" -m "Test: atest XhThermalServiceTest"',
               "提交", out=commit_out("xh-thermal-dump", "XhThermalService: dump last level change time", 1, 5))
        t.bash("repo upload --cbr -y -t frameworks/base", "上传到 Gerrit",
               out=upload_out("frameworks/base", "xh-thermal-dump", 48213, "XhThermalService: dump last level change time"))
        t.done("""已上传：https://gerrit.xinghe-mobile.com/c/xinghe/platform/frameworks/base/+/48213

- `atest XhThermalServiceTest` 3/3 通过
- commit 带 `Bug: 412233`、`Test: atest XhThermalServiceTest`，topic `xh-thermal-dump`""")

        t = d.task("AIDL HAL 接口版本冻结那套规则我一直没太搞懂，你看下官方文档，讲讲 frozen / unfrozen 和 owner 字段", tags=["noise", "webfetch"])
        t.webfetch("https://source.android.com/docs/core/architecture/aidl/stable-aidl",
                   "总结 aidl_interface 的版本冻结规则、frozen 字段、owner 字段的作用",
                   """Stable AIDL: interfaces declared with aidl_interface are versioned. `m <name>-update-api` writes the current API to aidl_api/<name>/current; `m <name>-freeze-api` creates a new frozen version under aidl_api/<name>/N and adds it to versions_with_info. The `frozen` property states whether the current tip differs from the last frozen version: when `frozen: true` the build checks that there are no changes since the last version; when false the tip is a development version (V(N+1)) and release builds may not use it. `owner` marks a non-AOSP interface owned by a vendor/partner; interfaces with an owner are not subject to the AOSP freeze schedule. Clients depend on a specific version library (e.g. foo-V2-ndk). Changes must be backward compatible: only append methods/fields/enum values, never reorder or remove.""")
        t.done("""要点（source.android.com Stable AIDL）：

- **版本**：`aidl_interface` 的 API 快照放在 `aidl_api/<name>/`。`m <name>-freeze-api` 冻结出新的版本目录 N，并写进 `versions_with_info`
- **frozen**：`frozen: true` 表示当前源码和最后一个冻结版本一致，编译会检查；改了接口就必须 `false`（开发中的 V(N+1)），或者再冻一版。release 构建不允许依赖未冻结版本
- **owner**：标记非 AOSP 的接口（我们的 `vendor.xinghe.fan` 应该写 `owner: "xinghe"`），不受 AOSP 的冻结时间表约束，但兼容性规则一样
- **兼容性**：只能追加方法、字段、枚举值，不能删、不能改顺序；客户端依赖具体版本库，比如 `vendor.xinghe.fan-V2-ndk`

对我们的风扇 HAL：加方法 → `frozen: false` → 开发完 `-freeze-api` 出 V2 → 客户端改依赖 V2。""")

        t = d.task("vendor/xinghe/hardware/led 还是 Android.mk，趁现在没人动，转成 Android.bp", tags=["noise"])
        t.read(LED_MK)
        t.bash(f"{ENV} >/dev/null && androidmk vendor/xinghe/hardware/led/Android.mk", "用 androidmk 转换",
               out="""cc_binary {
    name: "xh_ledd",
    proprietary: true,
    srcs: ["xh_ledd.cpp"],
    shared_libs: [
        "libbase",
        "liblog",
        "libcutils",
    ],
    cflags: [
        "-Wall",
        "-Werror",
    ],
    init_rc: ["xh_ledd.rc"],

}""")
        t.say("androidmk 的结果基本可用，`proprietary: true` 换成现在通用的 `vendor: true`，去掉空行：")
        t.write(LED_BP, """cc_binary {
    name: "xh_ledd",
    vendor: true,
    srcs: ["xh_ledd.cpp"],
    shared_libs: [
        "libbase",
        "liblog",
        "libcutils",
    ],
    cflags: [
        "-Wall",
        "-Werror",
    ],
    init_rc: ["xh_ledd.rc"],
}
""")
        t.bash("git -C vendor/xinghe/hardware rm -q led/Android.mk && git -C vendor/xinghe/hardware status --short led/",
               "删掉 Android.mk", out="A  led/Android.bp\nD  led/Android.mk")
        t.bash(f"{ENV} && m xh_ledd", "编译确认",
               out=build_ok(["//vendor/xinghe/hardware/led:xh_ledd clang++ xh_ledd.cpp",
                             "//vendor/xinghe/hardware/led:xh_ledd ld",
                             f"Install: {OUT}/vendor/bin/xh_ledd"], "01:44"), timeout=3600000)
        t.done("""`vendor/xinghe/hardware/led` 已改成 Android.bp：

- 用 `androidmk` 自动转换，`LOCAL_PROPRIETARY_MODULE` 转出来是 `proprietary: true`，我换成了等价的 `vendor: true`；`LOCAL_MODULE_TAGS := optional` 在 Soong 里没有对应项，直接去掉
- `Android.mk` 已 `git rm`，`m xh_ledd` 编译通过，安装路径不变（`vendor/bin/xh_ledd`）
- 还没 commit，要不要和其他改动一起提？""")


def s4(d):
    with d.session("2026-12-07T06:30:00", R, branch="", version="2.1.153", permission_mode="acceptEdits", end_reason="other"):
        t = d.task("XhPowerHintService 加一个按包名统计的启动加速次数，dump 里按次数倒序列前 10 个。日志记得走 Slog，"
                   "framework service 里不要出现 android.util.Log。改完推机器验证", tags=["workflow:W1", "pref:P1"])
        t.read(POWERHINT_SVC)
        t.edit(POWERHINT_SVC, "import android.os.Binder;\n", "import android.os.Binder;\nimport android.util.ArrayMap;\n")
        t.edit(POWERHINT_SVC, "    private int mLaunchBoostCount;\n",
               "    private int mLaunchBoostCount;\n    private final ArrayMap<String, Integer> mBoostsByPackage = new ArrayMap<>();\n")
        t.edit(POWERHINT_SVC, """            mLaunchBoostCount++;
        }""", """            mLaunchBoostCount++;
            mBoostsByPackage.merge(pkg, 1, Integer::sum);
        }""")
        t.edit(POWERHINT_SVC, """                pw.println("  launchBoostCount=" + mLaunchBoostCount);""",
               """                pw.println("  launchBoostCount=" + mLaunchBoostCount);
                pw.println("  top packages:");
                mBoostsByPackage.entrySet().stream()
                        .sorted((a, b) -> Integer.compare(b.getValue(), a.getValue()))
                        .limit(10)
                        .forEach(e -> pw.println("    " + e.getKey() + "=" + e.getValue()));""")
        t.bash(f"{ENV} && m services", "编译 services.jar", out=build_ok(SERVICES_BUILD, "03:12"), timeout=3600000)
        push_services(t, 41829144)
        restart_framework(t)
        t.bash("for p in com.tencent.mm com.ss.android.ugc.aweme com.tencent.mm com.taobao.taobao; do "
               "adb shell monkey -p $p -c android.intent.category.LAUNCHER 1 >/dev/null; sleep 3; done; adb shell dumpsys xh_powerhint",
               "启动几个应用后看 dump",
               out="XhPowerHintService state:\n  launchBoostCount=5\n  top packages:\n    com.tencent.mm=2\n"
                   "    com.ss.android.ugc.aweme=1\n    com.taobao.taobao=1\n    com.android.launcher3=1")
        t.bash("adb logcat -d -s XhPowerHint | tail -3", "看日志",
               out=logcat_lines("XhPowerHint", [("D", "launch boost for com.ss.android.ugc.aweme"),
                                                ("D", "launch boost for com.tencent.mm"),
                                                ("D", "launch boost for com.taobao.taobao")], day="12-07", pid=1688))
        t.done("""已完成并在真机验证：

- `mBoostsByPackage`（`ArrayMap`，`mLock` 保护）按包名累计，dump 按次数倒序取前 10
- 日志仍是 `Slog.d`，文件里没有 `android.util.Log`
- `m services` → push → 重启 framework → 启动 4 个应用后 dump：`com.tencent.mm=2`，其余各 1""")

        t = d.task("xh_fand 启动时打印一下读到的配置（thermal zone 路径和 pwm 路径）。C++ 这边日志统一用 android-base 的 LOG(INFO)，别再用 ALOGI 了",
                   tags=["pref:P2"])
        t.read(FAND_CPP)
        t.edit(FAND_CPP, "#include <android-base/file.h>\n", "#include <android-base/file.h>\n#include <android-base/logging.h>\n")
        t.edit(FAND_CPP, """int main() {
    ALOGI("xh_fand started");""", """int main(int /*argc*/, char** argv) {
    android::base::InitLogging(argv, android::base::LogdLogger(android::base::SYSTEM));
    LOG(INFO) << "xh_fand started, zone=" << kSkinTemp << " pwm=" << kFanPwm;""")
        t.edit(FAND_CPP, """                ALOGI("skin %d mC -> pwm %d", t, pwm);""",
               """                LOG(INFO) << "skin " << t << " mC -> pwm " << pwm;""")
        t.edit(FAND_CPP, """        ALOGE("cannot read %s", kSkinTemp);""", """        PLOG(ERROR) << "cannot read " << kSkinTemp;""")
        t.edit(FAND_CPP, "#include <log/log.h>\n", "")
        t.bash(f"{ENV} && m xh_fand", "编译 xh_fand",
               out=build_ok(["//vendor/xinghe/hardware/fan/xh_fand:xh_fand clang++ xh_fand.cpp",
                             "//vendor/xinghe/hardware/fan/xh_fand:xh_fand ld",
                             f"Install: {OUT}/vendor/bin/xh_fand"], "00:57"), timeout=3600000)
        t.bash(f"adb push {OUT}/vendor/bin/xh_fand /vendor/bin/xh_fand && adb shell stop xh_fand && adb shell start xh_fand && "
               "sleep 3 && adb logcat -d -s xh_fand | tail -2", "推送并重启 daemon",
               out=push_ok(f"{OUT}/vendor/bin/xh_fand", 48712, 0.004) + "\n" +
               logcat_lines("xh_fand", [("I", "xh_fand started, zone=/sys/class/thermal/thermal_zone78/temp pwm=/sys/devices/platform/soc/xh-fan/pwm"),
                                        ("I", "skin 37204 mC -> pwm 40")], day="12-07", pid=7710))
        t.done("""xh_fand 的日志全部换成 android-base：`InitLogging` 走 logd，启动时打印 zone/pwm 路径，读失败用 `PLOG(ERROR)` 带上 errno，`log/log.h` 已去掉。真机日志：`xh_fand started, zone=… pwm=…`，`skin 37204 mC -> pwm 40`。""")

        t = d.task("跑一下风扇 HAL 的 VTS：atest VtsHalXhFanTargetTest", tags=["unfixed:U1"])
        t.fail(f"{ENV} && atest VtsHalXhFanTargetTest", "跑风扇 HAL VTS",
               """Finding Tests...
Found 'VtsHalXhFanTargetTest' as MODULE

Building Dependencies...

#### build completed successfully (01:34 (mm:ss)) ####

Running Tests...

VtsHalXhFanTargetTest
---------------------
VtsHalXhFanTargetTest (4 Tests)
[1/4] PerInstance/FanAidl#SetGetMode/0_vendor_xinghe_fan_IFan_default: PASSED (3ms)
[2/4] PerInstance/FanAidl#SetModeRejectsInvalid/0_vendor_xinghe_fan_IFan_default: PASSED (1ms)
[3/4] PerInstance/FanAidl#RpmFollowsMode/0_vendor_xinghe_fan_IFan_default: FAILED (5012ms)

STACKTRACE:
vendor/xinghe/hardware/fan/aidl/vts/VtsHalXhFanTargetTest.cpp:88
Expected: (rpm) > (0), actual: 0 vs 0
fan accessory reports 0 rpm in FanMode::MAX

[4/4] PerInstance/FanAidl#GetRpmOk/0_vendor_xinghe_fan_IFan_default: PASSED (2ms)

Summary
-------
VtsHalXhFanTargetTest: Passed: 3, Failed: 1, Ignored: 0, Assumption Failed: 0

1 test failed""", code=1, timeout=3600000)
        t.bash("adb shell cat /sys/devices/platform/soc/xh-fan/rpm /sys/devices/platform/soc/xh-fan/present", "看风扇配件状态",
               out="0\n0")
        t.done("""VTS 4 个用例过了 3 个，`RpmFollowsMode` 失败：MAX 模式下转速读出来是 0。

`/sys/devices/platform/soc/xh-fan/present` 是 `0`，说明这台机器现在没插风扇配件，HAL 本身没问题，是测试环境的原因。需要插上配件再跑；或者让 HAL 在配件不在位时对这个用例 `GTEST_SKIP`，这个要和 HAL 负责人商量，我先不改。""")


def s5(d):
    with d.session("2026-12-09T01:35:00", R, branch="", version="2.1.154"):
        t = d.task("先 repo sync 一下 frameworks/base，然后列一下我们在 frameworks/base 上相对 AOSP tag 打了哪些补丁，我要写季度总结",
                   tags=["flaky:F1", "noise", "long_output"])
        sync_cmd = "repo sync -c -j8 --no-tags frameworks/base"
        t.fail(sync_cmd, "同步 frameworks/base",
               f"""Fetching: 0% (0/1) 0:00 | 1 job | 0:00 xinghe/platform/frameworks/base @ frameworks/base
kex_exchange_identification: read: Connection reset by peer
Connection reset by 10.18.2.40 port 29418
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.
error: Cannot fetch xinghe/platform/frameworks/base from ssh://{GERRIT}:29418/xinghe/platform/frameworks/base

error: Unable to fully sync the tree
error: Downloading network changes failed.
Try re-running with "-j1 --fail-fast" to exit at the first error.""", code=1, timeout=1800000)
        t.say("Gerrit 那边连接被重置，像是服务端瞬时问题，原样再跑一次：")
        t.bash(sync_cmd, "同步 frameworks/base",
               out="Fetching: 100% (1/1), done in 21.832s\nChecking out: 100% (1/1), done in 1.204s\nrepo sync has finished successfully.", timeout=1800000)
        log = "\n".join([
            "9f2c1e4 XhThermalService: dump last level change time",
            "1a7d03b XhPowerHintService: per-package launch boost stats",
            "c84e9a2 SystemServer: start XhPowerHintService on lyra",
            "0b3f6d1 PowerManagerService: honour persist.vendor.xh.wake_boost",
            "e5a91c7 ActivityManager: exempt com.xinghe.* from bg start restriction",
            "77d4b20 NotificationManager: Xinghe floating notification style",
            "3c0e8f5 BatteryService: report xh charge limit in dumpsys",
            "d61a2b9 WindowManager: 144Hz refresh for whitelisted games",
            "5e8c7a3 InputDispatcher: gaming mode touch sampling boost",
            "a2f49d6 Settings provider: default values for Xinghe secure settings",
            "6b0d5e1 PackageManager: preinstall xinghe-framework-utils",
            "f19c3a8 ThermalManagerService: forward skin temp to XhThermalService",
            "8d7e2f0 SystemUI: Xinghe quick settings tiles (high temp, fan)",
            "2a6c9b4 core/res: Xinghe overlayable resources",
            "b45d0e7 Fix NPE in XhThermalService when HAL restarts",
            "47e1a9c AudioService: volume curves for lyra speaker",
            "c3b8f21 DisplayManager: Xinghe eye comfort color transform",
            "90ad6e5 LocationManager: disable Google NLP fallback for CN builds",
            "e7f0213 StatusBar: hide VoLTE icon per carrier config",
            "1d54c8a TelephonyRegistry: dual-SIM signal bar tweak",
            "6f3a0b9 services: add com.android.server.xinghe package",
            "0c9e47d Bring up lyra: framework overlays and configs",
        ])
        t.bash("git -C frameworks/base log --oneline android-14.0.0_r61..HEAD", "列出相对 AOSP tag 的补丁", out=log)
        t.done("""frameworks/base 相对 `android-14.0.0_r61` 有 22 个补丁，按模块归类：

- **温控/性能（我们组）**：XhThermalService（新增、dump 字段、HAL 重启 NPE 修复、ThermalManagerService 转发皮肤温度）、XhPowerHintService（新增、按包统计）、PowerManager wake boost、144Hz 游戏白名单、触控采样提升
- **电池**：BatteryService dumpsys 输出充电限制
- **系统 UI/通知**：浮动通知样式、快捷开关（高温、风扇）、状态栏 VoLTE 图标、双卡信号
- **策略/权限**：`com.xinghe.*` 后台启动豁免、国内版关闭 Google NLP 回落
- **多媒体/显示**：音量曲线、护眼色彩变换
- **基础**：lyra bring-up overlay、`com.android.server.xinghe` 包、`xinghe-framework-utils` 预装、Settings 默认值、overlayable 资源

第一次 `repo sync` 遇到 Gerrit SSH 连接被重置，同一条命令重跑就好了。""")

        t = d.task("设置里的高温保护开关 ThermalPrefController，isAvailable 改成：只有 xh_thermal 服务存在时才显示。"
                   "用 ServiceManager.getService 判断，XhSettingsExt 用 mmm 编", tags=["mistake:M3"])
        t.read(SE_SRC)
        t.edit(SE_SRC, "import android.content.Context;\n", "import android.content.Context;\nimport android.os.ServiceManager;\n")
        t.edit(SE_SRC, """    public boolean isAvailable() {
        return true;
    }""", """    public boolean isAvailable() {
        return ServiceManager.getService("xh_thermal") != null;
    }""")
        sfile = "vendor/xinghe/apps/SettingsExt/src/com/xinghe/settings/ext/ThermalPrefController.java"
        t.fail(f"{ENV} && mmm vendor/xinghe/apps/SettingsExt", "编译 XhSettingsExt",
               build_fail(["//vendor/xinghe/apps/SettingsExt:XhSettingsExt aapt2 compile",
                           "//vendor/xinghe/apps/SettingsExt:XhSettingsExt aapt2 link",
                           "//vendor/xinghe/apps/SettingsExt:XhSettingsExt javac"],
                          "out/soong/.intermediates/vendor/xinghe/apps/SettingsExt/XhSettingsExt/android_common/javac/XhSettingsExt.jar",
                          javac_cmd("vendor/xinghe/apps/SettingsExt", "XhSettingsExt") + "\n"
                          f"{sfile}:4: {SIG3}\nimport android.os.ServiceManager;\n                 ^\n"
                          "  symbol:   class ServiceManager\n  location: package android.os\n"
                          f"{sfile}:17: {SIG3}\n        return ServiceManager.getService(\"xh_thermal\") != null;\n"
                          "               ^\n  symbol:   variable ServiceManager\n  location: class ThermalPrefController\n2 errors",
                          "00:58", "09:57:31"), code=1)
        t.say("`android.os.ServiceManager` 是隐藏 API，XhSettingsExt 也是按公开 SDK（`sdk_version: \"current\"`）编的。看下 Android.bp：")
        t.read(SE_BP)
        t.say("它还没有 platform 签名；访问隐藏 API 的 priv-app 需要按平台 API 编译，并用 platform 证书签名：")
        t.edit(SE_BP, '    sdk_version: "current",\n', '    platform_apis: true,\n    certificate: "platform",\n')
        t.bash(f"{ENV} && mmm vendor/xinghe/apps/SettingsExt", "重新编译 XhSettingsExt",
               out=build_ok(["//vendor/xinghe/apps/SettingsExt:XhSettingsExt javac",
                             "//vendor/xinghe/apps/SettingsExt:XhSettingsExt d8",
                             "//vendor/xinghe/apps/SettingsExt:XhSettingsExt signapk",
                             f"Install: {OUT}/system_ext/priv-app/XhSettingsExt/XhSettingsExt.apk"], "01:16"),
               timeout=3600000)
        t.done("""`isAvailable()` 现在用 `ServiceManager.getService("xh_thermal") != null` 判断。

编译第一次失败：`cannot find symbol: class ServiceManager`。和 BatteryGuard 一样，模块是 `sdk_version: "current"`，看不到隐藏 API。Android.bp 改成 `platform_apis: true` 并加了 `certificate: "platform"`（原来没有），`mmm` 重编通过。""")

        d.precompact("""Summary of the session so far:
1. Developer: 陈思远, Android framework/system engineer at 星河移动, AOSP 14 tree /home/chensy/work/lyra-u, product lyra (lunch lyra-ap2a-userdebug), device serial 5b3e91c7.
2. Earlier in this session: repo sync of frameworks/base (first attempt failed with ssh connection reset, identical retry OK); listed 22 Xinghe patches on frameworks/base relative to android-14.0.0_r61 for the quarterly report.
3. XhSettingsExt ThermalPrefController.isAvailable() now checks ServiceManager.getService("xh_thermal"); build first failed with javac "cannot find symbol" (hidden API under sdk_version current); Android.bp changed to platform_apis: true + certificate: "platform"; mmm build OK.
4. Conventions seen: Slog in system_server code; android-base LOG(INFO) in C++; builds via `source build/envsetup.sh && lunch lyra-ap2a-userdebug && ...`; uploads with repo upload --cbr -y -t.
Pending: nothing open.""")

        t = d.task("问个事：AOSP 15 上 lunch 的第二段变成 release config 了，ap3a、trunk_staging 这些到底是啥？我们明年升 15 要注意什么", tags=["no_tools"])
        t.done("""`lunch <product>-<release>-<variant>` 中间那段是 **release config**（从 Android 14 QPR 开始引入，15 上是必填）：

- **是什么**：一组 build flag 的取值集合（`RELEASE_*`），定义在 `build/release/` 和各 vendor 的 `release/` 目录里，用 `aconfig` 的 flag 值和 `build_flag` 声明组合而成
- **ap3a / ap4a…**：Google 正式发布用的 release（对应 BUILD_ID 前缀 AP3A.241005…），flag 值是冻结的
- **trunk_staging / next / trunk_food**：主干开发用的配置，很多新功能 flag 是打开的，不稳定
- 我们 14 上用的 `ap2a` 就是 QPR3 对应的发布配置

升 15 要注意：
1. 产品的 lunch 目标和 CI 脚本都要带 release 段，选和 AOSP tag 对应的（比如 `ap3a`），不要用 `trunk_staging` 出量产版本
2. 我们在 framework 里加的行为改动，如果改到了 Google 用 aconfig flag 保护的代码，要看 flag 在所选 release 里的值
3. vendor 自己的 flag 可以在 `vendor/xinghe/release/` 下建自己的 release config 覆盖
4. `BUILD_ID`、`ro.build.version.security_patch` 这些也跟着 release config 走，OTA 和 CTS 指纹检查要一起核对""")

        t = d.task("风扇 AIDL HAL 服务起不来，logcat 里 servicemanager 报错了。你看一下，按老办法补 sepolicy", tags=["workflow:W2"])
        t.bash('adb logcat -b all -d | grep -iE "avc: +denied|servicemanager" | grep -i fan', "抓风扇 HAL 相关的 denial",
               out="""12-09 10:42:07.118   655   655 E SELinux : avc:  denied  { add } for pid=1021 uid=1000 name=vendor.xinghe.fan.IFan/default scontext=u:r:hal_xh_fan_default:s0 tcontext=u:object_r:default_android_service:s0 tclass=service_manager permissive=0
12-09 10:42:07.118   655   655 E ServiceManager: add: Permission denied for vendor.xinghe.fan.IFan/default
12-09 10:42:07.119  1021  1021 F vendor.xinghe.fan-service: Fan.cpp:31] Check failed: status == STATUS_OK (status=-1, STATUS_OK=0)""")
        t.bash('adb logcat -b all -d | grep -E "avc: +denied" | grep hal_xh_fan > /tmp/fan_avc.txt && '
               'adb pull /sys/fs/selinux/policy /tmp/lyra_policy && audit2allow -p /tmp/lyra_policy -i /tmp/fan_avc.txt',
               "audit2allow 看建议",
               out="""/sys/fs/selinux/policy: 1 file pulled, 0 skipped. 41.0 MB/s (2842114 bytes in 0.066s)


#============= hal_xh_fan_default ==============
allow hal_xh_fan_default default_android_service:service_manager add;""")
        t.say("audit2allow 建议直接对 `default_android_service` 放开 `add`，这条会撞 AOSP 的 neverallow，不能照抄。正确做法是给这个 AIDL 实例定义自己的 service 类型：")
        t.read(SERVICE_TE)
        t.edit(SERVICE_TE, "type xh_powerhint_service, system_server_service, service_manager_type;\n",
               "type xh_powerhint_service, system_server_service, service_manager_type;\n"
               "type hal_xh_fan_service, hal_service_type, protected_service, service_manager_type;\n")
        t.read(SERVICE_CTX)
        t.edit(SERVICE_CTX, "xh_powerhint                                         u:object_r:xh_powerhint_service:s0\n",
               "xh_powerhint                                         u:object_r:xh_powerhint_service:s0\n"
               "vendor.xinghe.fan.IFan/default                       u:object_r:hal_xh_fan_service:s0\n")
        t.read(HALFAN_TE)
        t.edit(HALFAN_TE, "binder_call(hal_xh_fan_default, servicemanager)\n",
               "binder_call(hal_xh_fan_default, servicemanager)\nadd_service(hal_xh_fan_default, hal_xh_fan_service)\n")
        t.bash(f"{ENV} && m selinux_policy", "编译 sepolicy",
               out=build_ok(["//system/sepolicy:vendor_sepolicy.cil.raw gen",
                             "//system/sepolicy:vendor_service_contexts gen",
                             "//system/sepolicy:precompiled_sepolicy checkpolicy",
                             "//system/sepolicy:sepolicy_neverallows_vendor neverallow check",
                             "Install: out/target/product/lyra/vendor/etc/selinux/vendor_service_contexts",
                             "Install: out/target/product/lyra/vendor/etc/selinux/precompiled_sepolicy"], "02:06"), timeout=3600000)
        t.bash(f"adb push {OUT}/vendor/etc/selinux/. /vendor/etc/selinux/ && adb reboot && adb wait-for-device root && sleep 30 && "
               "adb shell service check vendor.xinghe.fan.IFan/default", "推 sepolicy、重启、确认服务注册",
               out=f"{OUT}/vendor/etc/selinux/./: 9 files pushed, 0 skipped. 88.1 MB/s (3318902 bytes in 0.036s)\n"
                   "restarting adbd as root\nService vendor.xinghe.fan.IFan/default: found", timeout=300000)
        t.done("""风扇 HAL 起不来是因为 `service_contexts` 里没有 `vendor.xinghe.fan.IFan/default`，落到了 `default_android_service`，servicemanager 拒绝 `add`，HAL 里 `CHECK_EQ` 直接 abort。

改动：
- `service.te`：新增 `hal_xh_fan_service`（`hal_service_type, protected_service, service_manager_type`）
- `service_contexts`：`vendor.xinghe.fan.IFan/default` → `hal_xh_fan_service`
- `hal_xh_fan_default.te`：`add_service(hal_xh_fan_default, hal_xh_fan_service)`

没采用 audit2allow 的 `default_android_service:service_manager add`（违反 neverallow）。`m selinux_policy` 通过，重启后 `service check` 显示 `found`。""")


def s6(d):
    with d.session("2026-12-11T02:10:00", R, branch="", version="2.1.155"):
        t = d.task("BatteryGuard 加了个充电限制的通知文案，编完用 adb sync 推 system_ext 上去看看。手机是今天早上 OTA 升到 1210 dailybuild 的",
                   tags=["mistake:M1"])
        t.bash(f"{ENV} && m XhBatteryGuard", "编译 XhBatteryGuard",
               out=build_ok(["//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard aapt2 compile",
                             "//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard javac",
                             "//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard d8",
                             f"Install: {OUT}/system_ext/priv-app/XhBatteryGuard/XhBatteryGuard.apk"], "01:31"), timeout=3600000)
        apk = f"{OUT}/system_ext/priv-app/XhBatteryGuard/XhBatteryGuard.apk"
        t.fail("adb sync system_ext", "同步 system_ext",
               ro_push_err(apk, "/system_ext/priv-app/XhBatteryGuard/XhBatteryGuard.apk"))
        t.say("OTA 之后分区又是只读、verity 也重新打开了。先看 adbd 是不是 root：")
        t.bash("adb root", "adbd 切到 root", out="restarting adbd as root")
        t.bash("adb remount", "remount", out=REMOUNT_VERITY)
        t.bash("adb reboot && adb wait-for-device root && adb remount", "重启后 remount", out="restarting adbd as root\n" + REMOUNT_OK,
               timeout=300000)
        t.bash("adb sync system_ext", "同步 system_ext",
               out=f"{OUT}/system_ext/: 1 file pushed, 1187 skipped. 142.7 MB/s (7340551 bytes in 0.049s)")
        t.bash("adb shell am force-stop com.xinghe.batteryguard && adb shell cmd package dump com.xinghe.batteryguard | grep versionName",
               "重启应用确认版本", out="    versionName=14-lyra-20261211")
        t.done("""XhBatteryGuard 已同步到 system_ext：

- `m XhBatteryGuard` 通过
- 第一次 `adb sync system_ext` 报 `Read-only file system`：早上的 OTA 把分区和 verity 恢复成出厂状态。`adb root` → `adb remount`（关 verity，重启一次）→ 再 `adb remount` 后 sync 成功
- force-stop 后应用已是新包（`versionName=14-lyra-20261211`），可以在手机上看通知文案了""")

        t = d.task("还有个事：上周你给 XhThermalService 那个改动写的 commit message 太长了，一大段英文解释，"
                   "组长 review 时说 commit message 不是设计文档，最后我自己 cut half 才合进去。以后 commit message 标题一行，正文最多 3 行，"
                   "写清楚改了什么就行。BatteryGuard 这个改动你按这个要求 commit 一下",
                   tags=["feedback"],
                   feedback="上周你给 XhThermalService 那个改动写的 commit message 太长了，一大段英文解释，组长 review 时说 commit message 不是设计文档，"
                            "最后我自己 cut half 才合进去。以后 commit message 标题一行，正文最多 3 行，写清楚改了什么就行。")
        t.bash("git -C vendor/xinghe/apps status --short", "看改动", out=" M BatteryGuard/res/values-zh-rCN/strings.xml\n M BatteryGuard/res/values/strings.xml\n M BatteryGuard/src/com/xinghe/batteryguard/ChargeLimiter.java\n M BatteryGuard/Android.bp")
        t.bash('git -C vendor/xinghe/apps commit -a -m "BatteryGuard: charge limit notification" '
               '-m "Read the limit from persist.vendor.xh.charge_limit and notify when it is reached." '
               '-m "Bug: 413870" -m "Test: manual, adb sync system_ext on lyra"', "按新要求提交",
               out=commit_out("xh-charge-limit", "BatteryGuard: charge limit notification", 4, 38, 2))
        t.done("""抱歉，上次那段太啰嗦了。已按新要求提交：

```
BatteryGuard: charge limit notification

Read the limit from persist.vendor.xh.charge_limit and notify when it is reached.

Bug: 413870
Test: manual, adb sync system_ext on lyra
```

以后 commit message 都是一行标题 + 最多 3 行正文。""")

        t = d.task("全编一下 lyra，晚上要给测试出个包", tags=["unfixed:U2"])
        t.fail(f"{ENV} && m -j32", "全量编译",
               f"""{BANNER}
[  1% 412/38611] //vendor/qcom/opensource/commonsys-intf/display:libqdMetaData clang++ qdMetaData.cpp
[  3% 1207/38611] //frameworks/base:framework-minus-apex javac
ninja: error: 'vendor/qcom/proprietary/prebuilt_HY11/target/product/kalama/vendor/lib64/libqti-perfd-client.so', needed by 'out/target/product/lyra/vendor/lib64/libqti-perfd-client.so', missing and no known rule to make it
10:52:44 ninja failed with: exit status 1

#### failed to build some targets (04:26 (mm:ss)) ####""", code=1, timeout=7200000)
        t.bash("git -C vendor/qcom/proprietary/prebuilt_HY11 log --oneline -3 -- target/product/kalama/vendor/lib64/", "看 prebuilt 最近变更",
               out="e4c2a91 Remove perfd client prebuilts (moved to vendor/qcom/proprietary/perf-core)\n"
                   "7b10d3f Update kalama prebuilts to LA.VENDOR.13.2.0.r1-17100\nc9a8e02 kalama: add camera prebuilts")
        t.done("""全编失败在 prebuilt：`libqti-perfd-client.so` 不存在。

BSP 仓库 `prebuilt_HY11` 今天的提交 `e4c2a91` 把 perfd client 的 prebuilt 删了，说是挪到了 `vendor/qcom/proprietary/perf-core`，但我们的 manifest 里还没有这个新仓库，产品 makefile 还在引用旧路径。这个是 BSP 组的提交不完整，需要他们补 manifest 或回退，我这边没法修。建议在 BSP 群里找提交人 `e4c2a91`，今晚的测试包先用昨天的 dailybuild。""")


def s7(d):
    with d.session("2026-12-15T01:55:00", R, branch="", version="2.1.156"):
        t = d.task("BatteryGuard 的资源有点多，这次改动我想直接刷 system_ext 镜像验证一下完整性。编 system_ext 镜像然后刷，"
                   "手机我已经 adb reboot bootloader 进 fastboot 了", tags=["mistake:M2"])
        t.bash(f"{ENV} && m system_extimage", "编 system_ext.img",
               out=build_ok(["//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard d8",
                             f"Install: {OUT}/system_ext/priv-app/XhBatteryGuard/XhBatteryGuard.apk",
                             f"Target system_ext fs image: {OUT}/system_ext.img"], "04:48"), timeout=3600000)
        t.bash("fastboot devices && fastboot getvar is-userspace 2>&1 | head -1", "确认 fastboot 状态",
               out=f"{SERIAL}\tfastboot\nis-userspace: no")
        t.fail(f"fastboot flash system_ext {OUT}/system_ext.img", "刷 system_ext", fastboot_dyn_err())
        t.say("`is-userspace: no`，现在是 bootloader 的 fastboot；system_ext 在 super 里，得切到 fastbootd 再刷：")
        t.bash("fastboot reboot fastboot && fastboot getvar is-userspace 2>&1 | head -1", "切到 fastbootd",
               out="Rebooting into fastboot                            OKAY [  0.001s]\n< waiting for any device >\n"
                   "Finished. Total time: 11.902s\nis-userspace: yes")
        t.bash(f"fastboot flash system_ext {OUT}/system_ext.img", "刷 system_ext",
               out=fastboot_flash_ok("system_ext", 702214, chunks=3), timeout=600000)
        t.bash("fastboot reboot && adb wait-for-device && sleep 30 && adb shell pm path com.xinghe.batteryguard", "重启并确认应用",
               out="Rebooting                                          OKAY [  0.000s]\nFinished. Total time: 0.050s\n"
                   "package:/system_ext/priv-app/XhBatteryGuard/XhBatteryGuard.apk", timeout=300000)
        t.done("""system_ext 镜像已刷入并正常开机，`pm path` 指向 `/system_ext/priv-app/XhBatteryGuard/XhBatteryGuard.apk`。

在 bootloader 里直接刷被拒（动态分区），`fastboot reboot fastboot` 切到 fastbootd（`is-userspace: yes`）后刷成功。""")

        t = d.task("XhThermalService 收到温度的时候加一条 debug 日志，带上温度值和当前级别，用 persist.sys.xh_thermal.debug 开关，不用重启。"
                   "再强调一次：services 里只用 Slog，之前有人提交了 Log.d 被 review 打回来了。推机器看一下", tags=["workflow:W1", "pref:P1"])
        t.read(THERMAL_SVC)
        t.edit(THERMAL_SVC, """    private static final String TAG = "XhThermalService";
""", """    private static final String TAG = "XhThermalService";
    private static final String PROP_DEBUG = "persist.sys.xh_thermal.debug";
""")
        t.edit(THERMAL_SVC, "import android.os.SystemClock;\n", "import android.os.SystemClock;\nimport android.os.SystemProperties;\n")
        t.edit(THERMAL_SVC, """            mLastSkinTemp = t.getValue();
            int level = levelFor(t.getValue());""", """            mLastSkinTemp = t.getValue();
            int level = levelFor(t.getValue());
            if (SystemProperties.getBoolean(PROP_DEBUG, false)) {
                Slog.d(TAG, "skin " + t.getValue() + "C level=" + mThrottleLevel + " new=" + level);
            }""")
        t.bash(f"{ENV} && m services", "编译 services.jar", out=build_ok(SERVICES_BUILD, "03:27"), timeout=3600000)
        push_services(t, 41830977)
        restart_framework(t)
        t.bash("adb shell setprop persist.sys.xh_thermal.debug true && sleep 20 && adb logcat -d -s XhThermalService | tail -3",
               "打开开关看日志",
               out=logcat_lines("XhThermalService", [("D", "skin 35.2C level=0 new=0"), ("D", "skin 35.4C level=0 new=0"),
                                                     ("D", "skin 35.3C level=0 new=0")], day="12-15", pid=1702))
        t.done("""已加 debug 日志，真机验证：`setprop persist.sys.xh_thermal.debug true` 后不用重启就开始输出 `skin 35.2C level=0 new=0`。

- 打日志只用 `Slog.d`，文件里没有 `android.util.Log`
- 开关每次收到温度时用 `SystemProperties.getBoolean` 读，温度回调频率很低（秒级），开销可以忽略""")

        t = d.task("vendor/xinghe/tools/thermal/parse_thermal_log.py 跑一下 ~/bugreports/lyra_1213_hot/logcat.txt，测试反馈手机发烫", tags=["oneoff:O2"])
        cmd = "python3 vendor/xinghe/tools/thermal/parse_thermal_log.py ~/bugreports/lyra_1213_hot/logcat.txt"
        t.fail(cmd, "解析发烫日志", """throttle transitions: {'1': 14, '2': 6, '3': 1}
Traceback (most recent call last):
  File "/home/chensy/work/lyra-u/vendor/xinghe/tools/thermal/parse_thermal_log.py", line 30, in <module>
    main(sys.argv[1])
  File "/home/chensy/work/lyra-u/vendor/xinghe/tools/thermal/parse_thermal_log.py", line 26, in main
    print(f"zone: {m.group('zone')} peak skin: {peak / 1000:.1f} C")
                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
AttributeError: 'NoneType' object has no attribute 'group'""", code=1)
        t.read(PARSE_PY)
        t.say("最后一行用了循环里残留的 `m`，而且两个正则都没有 `zone` 分组，是脚本的老 bug。去掉这个字段：")
        t.edit(PARSE_PY, """    print(f"zone: {m.group('zone')} peak skin: {peak / 1000:.1f} C")""",
               """    print(f"peak skin: {peak / 1000:.1f} C")""")
        t.bash(cmd, "解析发烫日志", out="throttle transitions: {'1': 14, '2': 6, '3': 1}\npeak skin: 46.8 C")
        t.done("""结果：节流切换 1 级 14 次、2 级 6 次、3 级 1 次，皮肤温度峰值 **46.8°C**，已经触发最高档（≥46°C）。

脚本最后一行引用了不存在的 `zone` 分组（还用了循环残留的 `m`），已删掉。测试反馈的发烫是真的，3 级节流只发生了一次，需要再看一下那段时间前台跑的是什么。""")


def s8(d):
    with d.session("2026-12-18T02:40:00", R, branch="", version="2.1.157"):
        t = d.task("以后别用 mmm 了，AOSP 14 上 mmm 还得解析整个目录，比 m 慢不少。单独编模块直接 m 模块名。"
                   "先把 XhBatteryGuard 和 XhSettingsExt 编一下看看", tags=["reversal:P3"])
        t.bash(f"{ENV} && m XhBatteryGuard XhSettingsExt", "编译两个 app",
               out=build_ok(["//vendor/xinghe/apps/BatteryGuard:XhBatteryGuard javac",
                             "//vendor/xinghe/apps/SettingsExt:XhSettingsExt javac",
                             f"Install: {OUT}/system_ext/priv-app/XhBatteryGuard/XhBatteryGuard.apk",
                             f"Install: {OUT}/system_ext/priv-app/XhSettingsExt/XhSettingsExt.apk"], "01:09"), timeout=3600000)
        t.done("""好的，以后单模块都用 `m <模块名>`。两个 app 一起编完 1:09，都装到了 `system_ext/priv-app/`。""")

        t = d.task("xinghe-framework-utils 里的 DebugFlags 加一个 IS_DEBUGGABLE，直接用 Build.IS_DEBUGGABLE，别自己读 ro.debuggable", tags=["mistake:M3"])
        t.read(FU_SRC)
        t.edit(FU_SRC, """package com.xinghe.utils;
""", """package com.xinghe.utils;

import android.os.Build;
""")
        t.edit(FU_SRC, "    public static final boolean VERBOSE = false;\n",
               "    public static final boolean VERBOSE = false;\n\n    /** True on userdebug/eng builds. */\n"
               "    public static final boolean IS_DEBUGGABLE = Build.IS_DEBUGGABLE;\n")
        ffile = "vendor/xinghe/libs/framework-utils/src/com/xinghe/utils/DebugFlags.java"
        t.fail(f"{ENV} && m xinghe-framework-utils", "编译 xinghe-framework-utils",
               build_fail(["//vendor/xinghe/libs/framework-utils:xinghe-framework-utils soong_zip srcjar",
                           "//vendor/xinghe/libs/framework-utils:xinghe-framework-utils javac"],
                          "out/soong/.intermediates/vendor/xinghe/libs/framework-utils/xinghe-framework-utils/android_common/javac/xinghe-framework-utils.jar",
                          javac_cmd("vendor/xinghe/libs/framework-utils", "xinghe-framework-utils") + "\n"
                          f"{ffile}:12: {SIG3}\n    public static final boolean IS_DEBUGGABLE = Build.IS_DEBUGGABLE;\n"
                          "                                                     ^\n  symbol:   variable IS_DEBUGGABLE\n  location: class Build\n1 error",
                          "00:41", "11:02:15"), code=1)
        t.say("`Build.IS_DEBUGGABLE` 是 @hide 字段，公开 SDK stub 里没有；这个库也是 `sdk_version: \"current\"`：")
        t.read(FU_BP)
        t.edit(FU_BP, '    sdk_version: "current",\n', "    platform_apis: true,\n")
        t.bash(f"{ENV} && m xinghe-framework-utils", "重新编译 xinghe-framework-utils",
               out=build_ok(["//vendor/xinghe/libs/framework-utils:xinghe-framework-utils javac",
                             "//vendor/xinghe/libs/framework-utils:xinghe-framework-utils d8",
                             f"Install: {OUT}/system_ext/framework/xinghe-framework-utils.jar"], "00:53"), timeout=3600000)
        t.done("""`DebugFlags.IS_DEBUGGABLE = Build.IS_DEBUGGABLE` 已加。

编译先报 `cannot find symbol: variable IS_DEBUGGABLE location: class Build`：库按 `sdk_version: "current"` 编译，看不到隐藏字段。Android.bp 改成 `platform_apis: true` 后 `m xinghe-framework-utils` 通过。""")

        t = d.task("把 HAL setMode 日志和 xh_fand 最低转速这两个改动提上去 review，老流程：先跑测试", tags=["workflow:W3"])
        t.bash(f"{ENV} && atest xh_fand_test", "跑 xh_fand 单测",
               out=atest_ok("xh_fand_test", "PwmTest", ["PwmForBoundaries", "MinPwmBand", "MaxAbove45C"], 71), timeout=3600000)
        t.bash("repo status vendor/xinghe/hardware", "看改动",
               out="project vendor/xinghe/hardware/                 branch xh-fan-minpwm\n -m     fan/aidl/default/Fan.cpp\n"
                   " -m     fan/xh_fand/xh_fand.cpp")
        t.bash('git -C vendor/xinghe/hardware commit -a -m "fan: min pwm band and setMode log" '
               '-m "xh_fand drives pwm 40 between 35 and 38 C; HAL logs mode changes." '
               '-m "Bug: 413102" -m "Test: atest xh_fand_test"', "提交",
               out=commit_out("xh-fan-minpwm", "fan: min pwm band and setMode log", 2, 9, 1))
        t.bash("repo upload --cbr -y -t vendor/xinghe/hardware", "上传 Gerrit",
               out=upload_out("vendor/xinghe/hardware", "xh-fan-minpwm", 48790, "fan: min pwm band and setMode log"))
        t.done("""已上传：https://gerrit.xinghe-mobile.com/c/xinghe/platform/vendor/xinghe/hardware/+/48790

`atest xh_fand_test` 3/3 通过；commit 标题一行、正文一行，带 Bug/Test。""")

        t = d.task("SystemUI 里那个高温保护快捷开关 XhHighTempTile 是 Kotlin 写的，它是怎么拿到 xh_thermal 状态的？会不会每次刷新都跨进程调一次",
                   tags=["noise"])
        t.grep("XhHighTempTile", path=P("frameworks/base/packages/SystemUI"),
               filenames=[TILE_KT, P("frameworks/base/packages/SystemUI/src/com/android/systemui/qs/tiles/di/XhTilesModule.kt")])
        t.read(TILE_KT)
        t.grep("getThrottleLevel", path=P("frameworks/base"), output_mode="content", n=True,
               content="frameworks/base/core/java/android/os/IXhThermal.aidl:7:    int getThrottleLevel();")
        t.done("""`XhHighTempTile` 的取数方式：

- `thermal` 是 `by lazy` 拿的 `IXhThermal.Stub.asInterface(ServiceManager.getService("xh_thermal"))`，只在第一次用时查一次 service
- **每次 `handleUpdateState` 都会调一次 `thermal?.throttleLevel`**，这是一次同步跨进程 binder 调用（`IXhThermal.aidl` 的 `getThrottleLevel()`）。`QSTileImpl` 的状态更新跑在 `@Background` looper 上，不会卡主线程，但下拉面板每次刷新都会调用
- 异常被 `runCatching` 吞掉，system_server 重启后 lazy 拿到的是死掉的 binder，之后一直显示 0 级，不会重新获取

开销本身不大（一次 binder 调用，服务端只是读一个 int），真正的问题是 lazy 缓存了死 binder。如果要改：每次 `ServiceManager.getService` 重新取，或者让 XhThermalService 提供回调接口，tile 注册监听、级别变化时再 `refreshState()`。""")


def s9(d):
    with d.session("2026-12-22T01:30:00", R, branch="", version="2.1.158"):
        t = d.task("xh_fand 加个 vendor.xh.fan.debug 属性，为 1 时每次都打印温度。编好推 /vendor/bin 验证，"
                   "手机上周五 fastboot flashall 刷过一次 1218 的 userdebug", tags=["mistake:M1"])
        t.read(FAND_CPP)
        t.edit(FAND_CPP, "#include <android-base/logging.h>\n",
               "#include <android-base/logging.h>\n#include <android-base/properties.h>\n")
        t.edit(FAND_CPP, """        int t = readSkinMilliC();
        if (t >= 0) {""", """        int t = readSkinMilliC();
        if (android::base::GetBoolProperty("vendor.xh.fan.debug", false)) {
            LOG(INFO) << "skin " << t << " mC";
        }
        if (t >= 0) {""")
        t.bash(f"{ENV} && m xh_fand", "编译 xh_fand",
               out=build_ok(["//vendor/xinghe/hardware/fan/xh_fand:xh_fand clang++ xh_fand.cpp",
                             "//vendor/xinghe/hardware/fan/xh_fand:xh_fand ld",
                             f"Install: {OUT}/vendor/bin/xh_fand"], "00:55"), timeout=3600000)
        t.bash("adb root", "adbd root", out="restarting adbd as root")
        t.fail(f"adb push {OUT}/vendor/bin/xh_fand /vendor/bin/xh_fand", "推 xh_fand",
               ro_push_err(f"{OUT}/vendor/bin/xh_fand", "/vendor/bin/xh_fand"))
        t.say("root 了但 /vendor 还是只读：flashall 重刷了 super 和 vbmeta，上次的 overlayfs 没了，要重新 remount：")
        t.bash("adb remount", "remount", out=REMOUNT_VERITY)
        t.bash("adb reboot && adb wait-for-device root && adb remount", "重启后 remount", out="restarting adbd as root\n" + REMOUNT_OK,
               timeout=300000)
        t.bash(f"adb push {OUT}/vendor/bin/xh_fand /vendor/bin/xh_fand", "推 xh_fand",
               out=push_ok(f"{OUT}/vendor/bin/xh_fand", 49208, 0.004))
        t.bash("adb shell setprop vendor.xh.fan.debug 1 && adb shell stop xh_fand && adb shell start xh_fand && sleep 5 && "
               "adb logcat -d -s xh_fand | tail -3", "打开开关看日志",
               out=logcat_lines("xh_fand", [("I", "xh_fand started, zone=/sys/class/thermal/thermal_zone78/temp pwm=/sys/devices/platform/soc/xh-fan/pwm"),
                                            ("I", "skin 36811 mC"), ("I", "skin 36840 mC")], day="12-22", pid=8243))
        t.done("""`vendor.xh.fan.debug=1` 时每 2 秒打印一次温度，已在真机验证（`skin 36811 mC`）。

`adb push` 第一次报 `Read-only file system`：上周五 flashall 之后 /vendor 回到只读、verity 打开，`adb remount` + 重启一次后推送成功。sepolicy 不用改：`vendor.xh.fan.` 前缀在 `property_contexts` 里已经标成 `vendor_xh_fan_prop`，`xh_fand.te` 里也早有 `get_prop(xh_fand, vendor_xh_fan_prop)`。""")

        t = d.task("BatteryGuard 读 persist.vendor.xh.charge_limit 在真机上一直是默认值 100，我 setprop 过 85 的。应该又是 SELinux，老样子处理",
                   tags=["workflow:W2"])
        t.bash('adb logcat -b all -d | grep "avc: denied" | grep charge_limit', "抓 denial",
               out="12-22 10:12:44.903  4410  4410 W batteryguard: type=1400 audit(0.0:512): avc: denied { read } for name=\"u:object_r:vendor_default_prop:s0\" "
                   "dev=\"tmpfs\" ino=402 scontext=u:r:platform_app:s0:c512,c768 tcontext=u:object_r:vendor_default_prop:s0 tclass=file permissive=0 app=com.xinghe.batteryguard")
        t.bash('adb logcat -b all -d | grep "avc: denied" | grep batteryguard > /tmp/bg_avc.txt && '
               'adb pull /sys/fs/selinux/policy /tmp/lyra_policy && audit2allow -p /tmp/lyra_policy -i /tmp/bg_avc.txt',
               "audit2allow",
               out="/sys/fs/selinux/policy: 1 file pulled, 0 skipped. 40.2 MB/s (2843001 bytes in 0.067s)\n\n\n"
                   "#============= platform_app ==============\nallow platform_app vendor_default_prop:file read;")
        t.say("不能给 platform_app 读所有 `vendor_default_prop`（还违反 system/vendor 属性隔离的 neverallow）。"
              "给充电限制属性单独定义类型，并声明成 vendor_restricted_prop 让 system 侧可读：")
        t.read(PROP_TE)
        t.edit(PROP_TE, "vendor_internal_prop(vendor_xh_fan_prop)\n",
               "vendor_internal_prop(vendor_xh_fan_prop)\nvendor_restricted_prop(vendor_xh_charge_prop)\n")
        t.read(PROP_CTX)
        t.edit(PROP_CTX, "vendor.xh.fan.                                       u:object_r:vendor_xh_fan_prop:s0\n",
               "vendor.xh.fan.                                       u:object_r:vendor_xh_fan_prop:s0\n"
               "persist.vendor.xh.charge_limit                       u:object_r:vendor_xh_charge_prop:s0 exact int\n")
        t.read(PLAT_APP_TE)
        t.edit(PLAT_APP_TE, "# Xinghe additions for platform_app\n",
               "# Xinghe additions for platform_app\nget_prop(platform_app, vendor_xh_charge_prop)\n")
        t.bash(f"{ENV} && m selinux_policy", "编译 sepolicy",
               out=build_ok(["//system/sepolicy:vendor_property_contexts gen",
                             "//system/sepolicy:precompiled_sepolicy checkpolicy",
                             "//system/sepolicy:sepolicy_neverallows_vendor neverallow check",
                             "Install: out/target/product/lyra/vendor/etc/selinux/vendor_property_contexts",
                             "Install: out/target/product/lyra/vendor/etc/selinux/precompiled_sepolicy"], "02:01"), timeout=3600000)
        t.bash(f"adb push {OUT}/vendor/etc/selinux/. /vendor/etc/selinux/ && adb reboot && adb wait-for-device root && sleep 30 && "
               "adb shell setprop persist.vendor.xh.charge_limit 85 && adb shell getprop -Z persist.vendor.xh.charge_limit && "
               "adb shell dumpsys activity service com.xinghe.batteryguard | grep limit",
               "推 sepolicy、重启、验证",
               out=f"{OUT}/vendor/etc/selinux/./: 9 files pushed, 0 skipped. 90.4 MB/s (3319412 bytes in 0.035s)\n"
                   "restarting adbd as root\nu:object_r:vendor_xh_charge_prop:s0\n  chargeLimit=85", timeout=300000)
        t.done("""原因：`persist.vendor.xh.charge_limit` 没有自己的 context，落在 `vendor_default_prop`，platform_app 不能读，`SystemProperties.getInt` 静默返回默认值 100。

改动（`device/xinghe/lyra/sepolicy/vendor/`）：
- `property.te`：`vendor_restricted_prop(vendor_xh_charge_prop)`
- `property_contexts`：`persist.vendor.xh.charge_limit … vendor_xh_charge_prop:s0 exact int`
- `platform_app.te`：`get_prop(platform_app, vendor_xh_charge_prop)`

没用 audit2allow 给的 `vendor_default_prop` 整体读权限。`m selinux_policy` 通过；重启后 `getprop -Z` 显示新类型，BatteryGuard 里 `chargeLimit=85`。""")

        t = d.task("system_server 偶尔 watchdog，trace 里一堆 binder 线程都 blocked，binder 线程池满了一般怎么排查？", tags=["no_tools"])
        t.done("""binder 线程池满（system_server 默认 31 个 binder 线程）基本都是「有人持锁做慢事」，排查顺序：

1. **看 watchdog 的 trace**（`/data/anr/` 或 bugreport 的 `VM TRACES AT LAST ANR`）：找所有 `Binder:xxx_N` 线程，看它们 `waiting to lock <0x...> held by thread NN`，顺着 held by 找到真正卡住的那个线程
2. **卡住的线程在干什么**：常见是持着 AMS/WMS 的大锁去做 IO、跨进程 binder 调用（调到 HAL 或 app，对端又卡住）、或者等另一个锁形成死锁
3. **对端**：如果卡在出站 binder 调用，`debuggerd -b <对端pid>` 或 bugreport 里的 native trace 看对端
4. **`/sys/kernel/debug/binder/` 或 `dumpsys binder_calls_stats`**：看哪个调用方/接口占用多，是否有 app 狂刷某个 binder 接口
5. **我们自己的服务**：XhThermalService/XhPowerHint 的 binder 方法里不要持 `mLock` 做耗时操作，能 post 到自己的 Handler 就 post；出站调用用 oneway

先拿到一份 watchdog 时的完整 trace，按第 1 步找锁的持有者，一般就能定位。""")


def s10(d):
    with d.session("2026-12-28T02:15:00", R, branch="", version="2.1.160"):
        t = d.task("product 分区的 RRO 改了状态栏高度，编 productimage 刷一下看效果。我先 adb reboot bootloader 了", tags=["mistake:M2"])
        t.bash(f"{ENV} && m productimage", "编 product.img",
               out=build_ok(["//vendor/xinghe/overlay/SystemUILyra:XhSystemUILyraOverlay aapt2 link",
                             f"Install: {OUT}/product/overlay/XhSystemUILyraOverlay.apk",
                             f"Target product fs image: {OUT}/product.img"], "03:58"), timeout=3600000)
        t.fail(f"fastboot flash product {OUT}/product.img", "刷 product", fastboot_dyn_err())
        t.say("product 也在 super 里，bootloader 下刷不了。先进 fastbootd：")
        t.bash("fastboot reboot fastboot", "重启到 fastbootd",
               out="Rebooting into fastboot                            OKAY [  0.001s]\n< waiting for any device >\nFinished. Total time: 12.077s")
        t.bash(f"fastboot flash product {OUT}/product.img", "刷 product",
               out=fastboot_flash_ok("product", 1744112, chunks=7), timeout=600000)
        t.bash("fastboot reboot && adb wait-for-device && sleep 30 && adb shell cmd overlay list android | grep -i xinghe; "
               "adb shell cmd overlay lookup com.android.systemui com.android.systemui:dimen/status_bar_height_default",
               "确认 overlay 生效",
               out="Rebooting                                          OKAY [  0.000s]\nFinished. Total time: 0.052s\n"
                   "com.android.systemui\n[x] com.xinghe.overlay.systemui.lyra\n34.0dp", timeout=300000)
        t.done("""product 已刷入，overlay `com.xinghe.overlay.systemui.lyra` 处于启用状态，`status_bar_height_default` 解析为 34.0dp。

和之前一样，在 bootloader 里刷 product 被拒，`fastboot reboot fastboot` 后在 fastbootd 里刷成功。""")

        t = d.task("XhThermalService 的 debug 日志和 BatteryGuard 的 sepolicy 一起提 review。先跑测试再 commit，commit message 记得短",
                   tags=["workflow:W3"])
        t.bash(f"{ENV} && atest XhThermalServiceTest", "跑单测",
               out=atest_ok("XhThermalServiceTest", "com.android.server.xinghe.XhThermalServiceTest",
                            ["testLevelFor_boundaries", "testDumpContainsLastLevelChangeTime", "testLevelChangeLogsOnce",
                             "testDebugLogBehindProperty"], 102), timeout=3600000)
        t.bash("repo status frameworks/base device/xinghe/lyra", "看改动",
               out="project device/xinghe/lyra/                     branch xh-charge-prop\n"
                   " -m     sepolicy/vendor/platform_app.te\n -m     sepolicy/vendor/property.te\n -m     sepolicy/vendor/property_contexts\n"
                   "project frameworks/base/                        branch xh-thermal-debuglog\n"
                   " -m     services/core/java/com/android/server/xinghe/XhThermalService.java")
        t.bash('git -C frameworks/base commit -a -m "XhThermalService: debug log behind a property" '
               '-m "Bug: 414455" -m "Test: atest XhThermalServiceTest" && '
               'git -C device/xinghe/lyra commit -a -m "sepolicy: label persist.vendor.xh.charge_limit" '
               '-m "platform_app may read it." -m "Bug: 413870" -m "Test: getprop -Z, BatteryGuard reads 85"',
               "两个仓库分别提交",
               out=commit_out("xh-thermal-debuglog", "XhThermalService: debug log behind a property", 1, 6) + "\n" +
               commit_out("xh-charge-prop", "sepolicy: label persist.vendor.xh.charge_limit", 3, 4))
        t.bash("repo upload --cbr -y -t frameworks/base device/xinghe/lyra", "上传 Gerrit",
               out=upload_out("frameworks/base", "xh-thermal-debuglog", 49311, "XhThermalService: debug log behind a property") + "\n" +
               upload_out("device/xinghe/lyra", "xh-charge-prop", 49312, "sepolicy: label persist.vendor.xh.charge_limit"))
        t.done("""两个改动已上传：
- https://gerrit.xinghe-mobile.com/c/xinghe/platform/frameworks/base/+/49311
- https://gerrit.xinghe-mobile.com/c/xinghe/platform/device/xinghe/lyra/+/49312

`atest XhThermalServiceTest` 4/4 通过；commit message 都是一行标题 + 最多一行正文 + Bug/Test。""")

        t = d.task("dumpsys thermalservice 全部打出来，帮我看看现在各个温区和 cooling device 的状态正不正常", tags=["noise", "long_output"])
        zones = []
        names = [("cpu-0-0-0", 41.2), ("cpu-0-1-0", 40.8), ("cpu-1-0-0", 44.9), ("cpu-1-1-0", 45.3), ("cpu-1-2-0", 44.6),
                 ("gpuss-0", 39.7), ("gpuss-1", 39.9), ("nsphvx-0", 36.1), ("ddr", 38.4), ("mdmss-0", 35.0),
                 ("pm8550_tz", 37.2), ("sys-therm-0", 36.9), ("skin-msm-therm", 38.6), ("battery", 33.8), ("xh-skin", 38.1)]
        for i, (n, v) in enumerate(names):
            typ = {"battery": 2, "skin-msm-therm": 3, "xh-skin": 3}.get(n, 0 if n.startswith("cpu") else (1 if n.startswith("gpu") else 6))
            zones.append(f"\tTemperature{{mValue={v}, mType={typ}, mName={n}, mStatus=0}}")
        cooling = "\n".join(f"\tCoolingDevice{{mValue={v}, mType={ty}, mName={n}}}" for n, ty, v in
                            [("cpu-cluster0", 2, 0), ("cpu-cluster1", 2, 1), ("cpu-cluster2", 2, 0), ("gpu", 3, 0),
                             ("battery", 1, 0), ("modem", 4, 0), ("display-backlight", 6, 0), ("xh-fan", 0, 90)])
        out = ("IsStatusOverride: false\nThermalEventListeners:\n\tcallbacks: 3\n\tkilled: false\n\tbroadcasts count: -1\n"
               "ThermalStatusListeners:\n\tcallbacks: 2\n\tkilled: false\n\tbroadcasts count: -1\n"
               "Thermal Status: 0\nCached temperatures:\n" + "\n".join(zones) +
               "\nHAL Ready: true\nHAL connection:\n\tThermalHAL AIDL 1  connected: yes\nCurrent temperatures from HAL:\n" +
               "\n".join(zones) + "\nCurrent cooling devices from HAL:\n" + cooling +
               "\nTemperature static thresholds from HAL:\n" +
               "\n".join(f"\tTemperatureThreshold{{mType={t_}, mName={n}, mHotThrottlingThresholds=[NaN, 39.0, 43.0, 46.0, 50.0, 55.0, 60.0], "
                         f"mColdThrottlingThresholds=[NaN, NaN, NaN, NaN, NaN, NaN, NaN]}}" for n, t_ in
                         [("skin-msm-therm", 3), ("xh-skin", 3), ("battery", 2)]) +
               "\nTemperature headroom thresholds:\n[0.4, 0.68, 0.88, 1.0, 1.2, 1.4, 1.6]")
        t.bash("adb shell dumpsys thermalservice", "完整 dump thermalservice", out=out)
        t.done("""整体正常，`Thermal Status: 0`（NONE），没有温区处于限频状态：

- **CPU**：大核 cluster1 44.6~45.3°C 最高，对应 `cpu-cluster1` cooling 值为 1（轻度降频），小核/中核 40~41°C
- **GPU / NSP / DDR / modem**：35~40°C，正常
- **皮肤温度**：`skin-msm-therm` 38.6°C，我们的 `xh-skin` 38.1°C，两者接近；阈值 39/43/46°C，离 LIGHT 档还差约 0.4°C
- **电池** 33.8°C
- **风扇** `xh-fan` 值 90，对应 xh_fand 在 38°C 以上给的 pwm 90，和皮肤温度吻合
- ThermalHAL AIDL 已连接，3 个状态监听者

唯一值得留意的是大核 45°C 左右、离皮肤 LIGHT 阈值很近，如果前台在跑游戏属于正常；待机状态下这个温度偏高，可以再看下后台 CPU 占用。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Pushing freshly built files onto the phone (adb push / adb sync) right after the device got a new image "
                            "(fastboot flashall of a dailybuild, an OTA): super and vbmeta were rewritten, the earlier overlayfs remount "
                            "is gone and /system, /system_ext, /vendor are read-only again (T02 services.jar to /system/framework, T18 "
                            "adb sync system_ext, T28 xh_fand to /vendor/bin even after adb root).",
             "error_signature": "adb: error: failed to copy '<out file>' to '<device path>': remote couldn't create file: Read-only file system",
             "fix": "`adb root` then `adb remount` (it disables verity the first time and asks for a reboot; `adb reboot && adb "
                    "wait-for-device root && adb remount` → `remount succeeded`), then the same adb push / adb sync.",
             "fix_command_markers": [["adb remount"]],
             "harmful_markers": ["mount -o rw", "remount,rw", "chmod 777"]},
            {"id": "M2",
             "description": "Flashing a single logical partition (vendor, system_ext, product) that lives in super while the phone is in "
                            "the bootloader's fastboot: the fastboot client refuses because the partition is dynamic (T07 odm.img after "
                            "`adb reboot bootloader`, T21 system_ext.img with the phone already in bootloader, T31 product.img for an RRO change).",
             "error_signature": "fastboot: error: The partition you are trying to flash is dynamic, and should be flashed via fastbootd. "
                                "Please run: fastboot reboot fastboot And try again. If you are intentionally trying to overwrite a fixed "
                                "partition, use --force.",
             "fix": "`fastboot reboot fastboot` first (userspace fastbootd, `is-userspace: yes`), then the same `fastboot flash <part> "
                    "<img>`, then `fastboot reboot`.",
             "fix_command_markers": [["fastboot reboot fastboot"]],
             "harmful_markers": ["--force", "fastboot erase", "fastboot -w", "delete-logical-partition", "flash super"]},
            {"id": "M3",
             "description": "OEM Java modules under vendor/xinghe are declared with `sdk_version: \"current\"`; new code uses a hidden "
                            "(@hide) platform API and javac in the Soong build cannot see it (T05 SystemProperties in the XhBatteryGuard "
                            "priv-app, T15 ServiceManager in XhSettingsExt, T25 Build.IS_DEBUGGABLE in the java_library "
                            "xinghe-framework-utils).",
             "error_signature": "javac via Soong: '<file>.java:<l>: error: cannot find symbol' + 'symbol:   class SystemProperties' / "
                                "'class ServiceManager' / 'variable IS_DEBUGGABLE', 'location: package android.os' / 'class Build', then "
                                "'ninja failed with: exit status 1' and '#### failed to build some targets'",
             "fix": "Edit the module's Android.bp: replace `sdk_version: \"current\"` with `platform_apis: true` (T15 also adds "
                    "`certificate: \"platform\"`), re-run the same build (mmm <dir> / m <module>).",
             "fix_command_markers": [["platform_apis"]],
             "harmful_markers": ["getDeclaredMethod", "Class.forName", "setAccessible"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "xh_fand min-pwm change leaves an unused local; clang '-Werror,-Wunused-variable' on 'floor'; "
                                         "variable removed, same `m xh_fand` passes."},
            {"id": "O2", "description": "parse_thermal_log.py prints m.group('zone') after the loop: AttributeError: 'NoneType' object "
                                         "has no attribute 'group'; the bogus field is removed, same command succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "atest VtsHalXhFanTargetTest: RpmFollowsMode fails (0 rpm in MAX) because the fan accessory is "
                                         "not attached (present=0); reported, not changed."},
            {"id": "U2", "description": "full `m -j32` fails: ninja 'libqti-perfd-client.so … missing and no known rule to make it' after "
                                         "a BSP prebuilt commit removed it; reported to the BSP team, not fixed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "repo sync of frameworks/base: 'ssh_exchange_identification: read: Connection reset by peer' / "
                                         "'error: Cannot fetch …'; identical re-run succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Framework service change: edit the service under frameworks/base/services/core/java/com/android/"
                                         "server/xinghe → `m services` → `adb push` services.jar → `adb shell stop && adb shell start` → "
                                         "check with dumpsys / `adb logcat -d -s <TAG>`.",
             "step_markers": [["m services"], ["adb push"], ["adb shell stop"], ["logcat -d"]]},
            {"id": "W2", "description": "SELinux denial: `adb logcat -b all -d | grep \"avc: denied\"` → `audit2allow -p <pulled policy>` "
                                         "as a hint only → write proper rules/types/contexts in device/xinghe/lyra/sepolicy/vendor → "
                                         "`m selinux_policy` → push precompiled policy, reboot, verify.",
             "step_markers": [["avc: denied", "avc: +denied"], ["audit2allow"], ["m selinux_policy"]]},
            {"id": "W3", "description": "Send a change for review: `atest <test module>` → `repo status` → `git -C <project> commit` with "
                                         "Bug:/Test: lines → `repo upload --cbr -y -t <project>`.",
             "step_markers": [["atest"], ["repo status"], ["commit -a -m"], ["repo upload"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Logging in system_server / framework services uses Slog, never android.util.Log (Log.d).",
             "markers": [["Slog"]]},
            {"id": "P2", "description": "Native C++ code logs with android-base LOG(INFO)/PLOG, not ALOGI.",
             "markers": [["LOG(INFO)"]]},
            {"id": "P3", "description": "Build single modules with `mmm <dir>` (stated once) — later reversed: stop using mmm, use `m <module>`.",
             "markers": [["mmm"]],
             "reversal_markers": [["mmm"], ["m 模块名"]]},
        ],
        probes=[
            {"prompt": "adb push out/target/product/lyra/system/framework/framework.jar /system/framework/ 报 adb: error: failed to copy ... "
                       "remote couldn't create file: Read-only file system，手机是 userdebug 的，怎么回事", "wanted": ["M1"]},
            {"prompt": "手机刚刷完今天的 dailybuild，把我改过的 services.jar 推上去，重启 framework 看看 XhPowerHint 的 dump", "wanted": ["M1"]},
            {"prompt": "fastboot flash vendor 提示 The partition you are trying to flash is dynamic, and should be flashed via fastbootd，"
                       "要加 --force 吗？", "wanted": ["M2"]},
            {"prompt": "vendor_dlkm 里改了个驱动模块，编好 vendor_dlkm.img 帮我单独刷一下，手机已经在 bootloader 了", "wanted": ["M2"]},
            {"prompt": "vendor/xinghe/apps 下面新 app 编译报 error: cannot find symbol，symbol: class ActivityThread，location: package android.app，"
                       "怎么改", "wanted": ["M3"]},
            {"prompt": "新建一个 priv-app XhGameMode，放 vendor/xinghe/apps/GameMode，要用 SystemProperties 读 persist.vendor.xh.gamemode，"
                       "先搭个能编过的骨架", "wanted": ["M3"]},
            {"prompt": "Android.bp 里 cc_library 的 vendor_available 和 vendor: true 有什么区别", "wanted": []},
            {"prompt": "帮我写个 Python 脚本，从 bugreport 的 zip 里把 dumpsys batterystats 那段抽出来存成单独文件", "wanted": []},
            {"prompt": "Kotlin 写 system_server 里的服务有什么坑吗？我们组有人想用 Kotlin 写新服务", "wanted": []},
            {"prompt": "解释一下 A/B 分区和 Virtual A/B 在 OTA 时的区别", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261130)
    d = Dev("zh-aosp", U, "zh", MODEL, seed=20261130, files=FILES)
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
    d.write(os.path.join(HERE, "tune", "zh-aosp.jsonl"), os.path.join(HERE, "tune", "zh-aosp.labels.json"))
    print(f"zh-aosp -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
