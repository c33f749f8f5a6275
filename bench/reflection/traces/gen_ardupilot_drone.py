"""ardupilot-drone: Rhiannon Price, firmware engineer at Fieldwing Robotics (fictional, Bristol).

Fieldwing builds the Heron S2, a 30 kg agricultural spraying hexacopter on a CubeOrange. Rhiannon maintains the
company fork of ArduPilot (github.com/fieldwing/ardupilot, branch fw-copter-4.5 on top of Copter-4.5): the
AC_Sprayer changes, an in-house AP_FlowMeter library, Lua applets that ship on the SD card, parameter files under
Tools/fieldwing/params/, autotests in Tools/autotest/arducopter.py, dataflash log review with mavlogdump.py, and
GitHub Actions on the fork.

Written blind for fresh/; measured once held out (round 33), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_ardupilot_drone.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "rhi"
H = "/home/rhi"
R = H + "/src/ardupilot"
WT = H + "/src/ardupilot-wt"
MODEL = "claude-opus-4-6"
SD = "/media/rhi/HERON-SD"

SPR_CPP = R + "/libraries/AC_Sprayer/AC_Sprayer.cpp"
SPR_H = R + "/libraries/AC_Sprayer/AC_Sprayer.h"
FLOW_CPP = R + "/libraries/AP_FlowMeter/AP_FlowMeter.cpp"
FLOW_H = R + "/libraries/AP_FlowMeter/AP_FlowMeter.h"
AUTO = R + "/ArduCopter/mode_auto.cpp"
PARM = R + "/Tools/fieldwing/params/heron-s2.parm"
README = R + "/README_FIELDWING.md"
TANK = R + "/libraries/AP_Scripting/applets/fw_tank_level.lua"
PRIME = R + "/libraries/AP_Scripting/applets/fw_pump_prime.lua"
LUACHECKRC = R + "/.luacheckrc"
CHANGELOG = R + "/Tools/fieldwing/CHANGELOG.md"
EVENTS = R + "/ArduCopter/events.cpp"

FILES = {
    SPR_H: """#pragma once

#include <AP_Param/AP_Param.h>
#include <AP_Math/AP_Math.h>
#include <AP_FlowMeter/AP_FlowMeter.h>

#define AC_SPRAYER_DEFAULT_PUMP_RATE        10.0f   ///< default quantity of spray per meter travelled
#define AC_SPRAYER_DEFAULT_PUMP_MIN         0       ///< default minimum pump speed expressed as a percentage from 0 to 100
#define AC_SPRAYER_DEFAULT_SPINNER_PWM      1300    ///< default speed of spinner (higher means spray is throw further horizontally
#define AC_SPRAYER_DEFAULT_SPEED_MIN        100     ///< we must be travelling at least 1m/s to begin spraying
#define AC_SPRAYER_DEFAULT_TURN_ON_DELAY    100     ///< delay between when we reach the minimum speed and we begin spraying.
#define AC_SPRAYER_DEFAULT_SHUT_OFF_DELAY   1000    ///< shut-off delay in milli seconds.

class AC_Sprayer {
public:
    AC_Sprayer();

    static AC_Sprayer *get_singleton();

    void run(bool activate);
    bool running() const { return _flags.running; }
    bool spraying() const { return _flags.spraying; }
    void test_pump(bool true_false) { _flags.testing = true_false; }

    // Fieldwing: flow meter feedback
    float flow_lpm() const { return _flow.lpm(); }

    void update();

    static const struct AP_Param::GroupInfo var_info[];

protected:
    AP_Int8         _enabled;
    AP_Float        _pump_pct_1ms;
    AP_Int8         _pump_min_pct;
    AP_Int16        _spinner_pwm;
    AP_Float        _speed_min;
    AP_Float        _fw_flow_min;       // Fieldwing: minimum expected flow in l/min while pumping

    AP_FlowMeter    _flow;

    struct sprayer_flags_type {
        uint8_t spraying    : 1;
        uint8_t testing     : 1;
        uint8_t running     : 1;
    } _flags;

    uint32_t        _speed_over_min_time;
    uint32_t        _speed_under_min_time;

    void stop_spraying();

private:
    static AC_Sprayer *_singleton;
};
""",
    SPR_CPP: """#include "AC_Sprayer.h"

#if HAL_SPRAYER_ENABLED

#include <AP_AHRS/AP_AHRS.h>
#include <SRV_Channel/SRV_Channel.h>
#include <AP_Math/AP_Math.h>
#include <GCS_MAVLink/GCS.h>

extern const AP_HAL::HAL& hal;

// ------------------------------

const AP_Param::GroupInfo AC_Sprayer::var_info[] = {
    AP_GROUPINFO_FLAGS("ENABLE", 0, AC_Sprayer, _enabled, 0, AP_PARAM_FLAG_ENABLE),
    AP_GROUPINFO("PUMP_RATE",   1, AC_Sprayer, _pump_pct_1ms, AC_SPRAYER_DEFAULT_PUMP_RATE),
    AP_GROUPINFO("SPINNER",     2, AC_Sprayer, _spinner_pwm, AC_SPRAYER_DEFAULT_SPINNER_PWM),
    AP_GROUPINFO("SPEED_MIN",   3, AC_Sprayer, _speed_min, AC_SPRAYER_DEFAULT_SPEED_MIN),
    AP_GROUPINFO("PUMP_MIN",    4, AC_Sprayer, _pump_min_pct, AC_SPRAYER_DEFAULT_PUMP_MIN),

    // @Param: FW_FLOW_MIN
    // @DisplayName: Fieldwing minimum flow
    // @Description: Minimum flow in litres per minute expected while the pump runs. 0 disables the check.
    // @Units: l/min
    // @User: Advanced
    AP_GROUPINFO("FW_FLOW_MIN", 20, AC_Sprayer, _fw_flow_min, 0.5f),

    AP_GROUPEND
};

void AC_Sprayer::update()
{
    // exit immediately if we are disabled or shouldn't be running
    if (!_enabled || !running()) {
        run(false);
        return;
    }

    // exit immediately if the pump function has not been set-up for any servo
    if (!SRV_Channels::function_assigned(SRV_Channel::k_sprayer_pump)) {
        return;
    }

    // get horizontal velocity
    Vector3f velocity;
    if (!AP::ahrs().get_velocity_NED(velocity)) {
        // treat unknown velocity as zero which should lead to pump stopping
        // velocity will already be zero but this avoids a coverity warning
        velocity.zero();
    }

    float ground_speed = velocity.xy().length() * 100.0;

    // get the current time
    const uint32_t now = AP_HAL::millis();

    bool should_be_spraying = _flags.spraying;
    // check our speed vs the minimum
    if (ground_speed >= _speed_min) {
        // if we are not already spraying
        if (!_flags.spraying) {
            // set the timer if this is the first time we've surpassed the min speed
            if (_speed_over_min_time == 0) {
                _speed_over_min_time = now;
            } else {
                // check if we've been over the speed long enough to engage the sprayer
                if ((now - _speed_over_min_time) > AC_SPRAYER_DEFAULT_TURN_ON_DELAY) {
                    should_be_spraying = true;
                    _speed_over_min_time = 0;
                }
            }
        }
        // reset the speed under timer
        _speed_under_min_time = 0;
    } else {
        // we are under the min speed.
        if (_flags.spraying) {
            // set the timer if this is the first time we've dropped below the min speed
            if (_speed_under_min_time == 0) {
                _speed_under_min_time = now;
            } else {
                // check if we've been over the speed long enough to engage the sprayer
                if ((now - _speed_under_min_time) > AC_SPRAYER_DEFAULT_SHUT_OFF_DELAY) {
                    should_be_spraying = false;
                    _speed_under_min_time = 0;
                }
            }
        }
        // reset the speed over timer
        _speed_over_min_time = 0;
    }

    // if testing pump output speed as if travelling at 1m/s
    if (_flags.testing) {
        ground_speed = 100.0f;
        should_be_spraying = true;
    }

    // if spraying or testing update the pump servo position
    if (should_be_spraying) {
        float pos = ground_speed * _pump_pct_1ms;
        pos = MAX(pos, 100 * _pump_min_pct); // ensure min pump speed
        pos = MIN(pos, 10000); // clamp to range
        SRV_Channels::move_servo(SRV_Channel::k_sprayer_pump, pos, 0, 10000);
        SRV_Channels::set_output_pwm(SRV_Channel::k_sprayer_spinner, _spinner_pwm);
        _flags.spraying = true;
    } else {
        stop_spraying();
    }
}

#endif // HAL_SPRAYER_ENABLED
""",
    FLOW_H: """#pragma once

#include <AP_HAL/AP_HAL.h>
#include <AP_Param/AP_Param.h>

// Fieldwing in-line turbine flow meter (pulse output on a timer-capture pin)
class AP_FlowMeter {
public:
    AP_FlowMeter() {}

    void init(uint8_t pin);
    void update();

    float lpm() const { return _lpm; }
    bool healthy() const { return _healthy; }

private:
    float _lpm;
    bool _healthy;
    uint32_t _last_pulse_count;
    uint32_t _last_update_ms;
};
""",
    FLOW_CPP: """#include "AP_FlowMeter.h"
#include <AP_Math/AP_Math.h>

extern const AP_HAL::HAL& hal;

// K-factor of the Digiten FL-608: 450 pulses per litre
static constexpr float PULSES_PER_LITRE = 450.0f;

void AP_FlowMeter::init(uint8_t pin)
{
    hal.gpio->pinMode(pin, HAL_GPIO_INPUT);
    _healthy = true;
}

void AP_FlowMeter::update()
{
    const uint32_t now = AP_HAL::millis();
    const uint32_t dt_ms = now - _last_update_ms;
    if (dt_ms < 200) {
        return;
    }
    const uint32_t count = hal.gpio->pulse_count();
    const uint32_t pulses = count - _last_pulse_count;
    _last_pulse_count = count;
    _last_update_ms = now;

    _lpm = (pulses / PULSES_PER_LITRE) * (60000.0f / dt_ms);
}
""",
    AUTO: """#include "Copter.h"

#if MODE_AUTO_ENABLED

/*
 * Init and run calls for auto flight mode
 *
 * This file contains the implementation for Land, Waypoint navigation and Takeoff from Auto mode
 * Command execution code (i.e. command_logic.pde) should:
 *      a) switch to Auto flight mode with set_mode() function.  This will cause auto_init to be called
 *      b) call one of the three auto initialisation functions: auto_wp_start(), auto_takeoff_start(), auto_land_start()
 *      c) call one of the verify functions auto_wp_verify(), auto_takeoff_verify, auto_land_verify repeated to check if the command has completed
 * The main loop (i.e. fast loop) will call update_flight_mode() which will in turn call auto_run() which, based upon the auto_mode variable will call
 *      correct auto_wp_run, auto_takeoff_run or auto_land_run to actually implement the feature
 */

// auto_wp_run - runs the auto waypoint controller
//      called by auto_run at 100hz or more
void ModeAuto::wp_run()
{
    // process pilot's yaw input
    float target_yaw_rate = 0;
    if (!copter.failsafe.radio && use_pilot_yaw()) {
        // get pilot's desired yaw rate
        target_yaw_rate = get_pilot_desired_yaw_rate(channel_yaw->norm_input_dz());
        if (!is_zero(target_yaw_rate)) {
            auto_yaw.set_mode(AutoYaw::Mode::HOLD);
        }
    }

    // if not armed set throttle to zero and exit immediately
    if (is_disarmed_or_landed()) {
        make_safe_ground_handling();
        wp_nav->wp_and_spline_init();
        return;
    }

    // set motors to full range
    motors->set_desired_spool_state(AP_Motors::DesiredSpoolState::THROTTLE_UNLIMITED);

    // run waypoint controller
    copter.failsafe_terrain_set_status(wp_nav->update_wpnav());

    // Fieldwing: spray only on survey legs
    fw_update_spray_leg();

    // WP_Nav has set the vertical position control targets
    // run the vertical position controller and set output throttle
    pos_control->update_z_controller();

    // call attitude controller with auto yaw
    attitude_control->input_thrust_vector_heading(wp_nav->get_thrust_vector(), auto_yaw.get_heading());
}

// Fieldwing: sprayer follows the survey leg flag set by DO_SPRAYER in the mission
void ModeAuto::fw_update_spray_leg()
{
#if HAL_SPRAYER_ENABLED
    if (!fw_spray_leg) {
        copter.sprayer.run(false);
        return;
    }
    copter.sprayer.run(true);
#endif
}

#endif
""",
    PARM: """# Heron S2 (CubeOrange, hexa X, 30 kg MTOW, 16 l tank)
# Fieldwing Robotics: field defaults. Values here override firmware defaults; keep a comment on every change.
FRAME_CLASS      2
FRAME_TYPE       1
SPRAY_ENABLE     1
SPRAY_PUMP_RATE  12
SPRAY_PUMP_MIN   8
SPRAY_SPINNER    1350
SPRAY_SPEED_MIN  100
SPRAY_FW_FLOW_MIN 0.6
SERVO9_FUNCTION  22     # SprayerPump
SERVO10_FUNCTION 23     # SprayerSpinner
WPNAV_SPEED      500
WPNAV_ACCEL      150
INS_HNTCH_ENABLE 1
INS_HNTCH_MODE   3      # ESC telemetry
INS_HNTCH_REF    1
INS_HNTCH_FREQ   58
SCR_ENABLE       1
SCR_HEAP_SIZE    80000
FENCE_ENABLE     1
FENCE_ALT_MAX    30
BATT_LOW_VOLT    44.4
BATT_CRT_VOLT    42.0
""",
    README: """# Fieldwing ArduPilot fork

Branch `fw-copter-4.5` tracks upstream `Copter-4.5`. Our changes:

- `libraries/AC_Sprayer/`: flow meter feedback, SPRAY_FW_* params
- `libraries/AP_FlowMeter/`: in-line turbine flow meter driver
- `ArduCopter/mode_auto.cpp`: spray legs (`fw_update_spray_leg`)
- `libraries/AP_Scripting/applets/fw_*.lua`: applets shipped on the SD card (APM/scripts)
- `Tools/fieldwing/params/`: per-airframe parameter files
- `Tools/autotest/arducopter.py`: `FwSprayLeg`, `FwFlowMeter` tests

## Building

    ./waf configure --board CubeOrange
    ./waf copter

Flow meter calibraton: see Tools/fieldwing/flowcal.md.
""",
    LUACHECKRC: """-- luacheck config for ArduPilot applets
std = "lua53"
max_line_length = false
read_globals = {"gcs", "param", "millis", "analog", "logger", "SRV_Channels", "arming", "vehicle", "Parameter"}
""",
    CHANGELOG: """# Fieldwing firmware changelog

## 4.5.7-fw2 (2026-10-09)
- AC_Sprayer: flow meter feedback (SPRAY_FW_FLOW_MIN)
- Spray legs in AUTO

## 4.5.7-fw1 (2026-09-14)
- Rebased on Copter-4.5.7
""",
    EVENTS: """#include "Copter.h"

/*
 *       This event will be called when the failsafe changes
 *       boolean failsafe reflects the current state
 */

bool Copter::failsafe_option(FailsafeOption opt) const
{
    return (g2.fs_options & (uint32_t)opt);
}

// Fieldwing: tank empty failsafe
void Copter::fw_tank_check()
{
}
""",
}

ARM_GCC = "/opt/gcc-arm-none-eabi-10-2020-q4-major/bin/arm-none-eabi-gcc"


def waf_ok(board, root=R, n=1034, extra=""):
    bdir = f"{root}/build/{board}"
    return (f"Waf: Entering directory `{bdir}'\n"
            "Embedding file io_firmware.bin:Tools/IO_Firmware/iofirmware_lowpolh.bin\n"
            "Embedding file bootloader.bin:Tools/bootloaders/CubeOrange_bl.bin\n"
            f"[{n - 12:>4}/{n}] Compiling libraries/AC_Sprayer/AC_Sprayer.cpp\n" + extra +
            f"[{n - 3:>4}/{n}] Linking build/{board}/bin/arducopter\n"
            f"[{n - 2:>4}/{n}] apj_gen build/{board}/bin/arducopter.bin\n"
            f"[{n - 1:>4}/{n}] Generating bin/arducopter.apj\n"
            f"[{n:>4}/{n}] Generating bin/arducopter.hex\n"
            f"Waf: Leaving directory `{bdir}'\n\n"
            "BUILD SUMMARY\n"
            f"Build directory: {bdir}\n"
            "Target          Text (B)    Data (B)  BSS (B)  Total Flash Used (B)  Free Flash (B)  External Flash Used (B)\n"
            "---------------------------------------------------------------------------------------------------------------\n"
            "bin/arducopter   1813588        1588   258716               1815176          150468  Not Applicable\n\n"
            "'copter' finished successfully (1m12.418s)")


def waf_float_fail(board, n, src, func, line, code, lhs, root=R, task=None):
    """gcc's caret line: tildes under both operands, caret under the first '=' of '=='."""
    task = task or "objs/" + src.split("/")[1]
    op = code.index(lhs + " == ") + len(lhs) + 1
    rhs_end = op + 3
    while rhs_end < len(code) and code[rhs_end] not in " )&|;":
        rhs_end += 1
    start = code.index(lhs + " == ")
    under = " " * start + "~" * (op - start) + "^" + "~" * (rhs_end - op - 1)
    col = op + 1
    bdir = f"{root}/build/{board}"
    return (f"Waf: Entering directory `{bdir}'\n"
            f"[{n - 40:>4}/{n}] Compiling {src}\n"
            f"../../{src}: In member function '{func}':\n"
            f"../../{src}:{line}:{col}: error: comparing floating-point with '==' or '!=' is unsafe [-Werror=float-equal]\n"
            f"{line:>5} | {code}\n"
            f"      | {under}\n"
            "compilation terminated due to -Wfatal-errors.\n"
            "cc1plus: some warnings being treated as errors\n\n"
            f"Waf: Leaving directory `{bdir}'\n"
            "Build failed\n"
            f" -> task in '{task}' failed with exit status 1 (run with -v to see failed command)")


NOT_CONFIGURED = 'The project was not configured: run "waf configure" first!'


def configure_out(root, board):
    return (f"Setting top to                           : {root}\n"
            f"Setting out to                           : {root}/build\n"
            "Autoconfiguration                        : enabled\n"
            "Checking for program 'python'            : /usr/bin/python3\n"
            "Checking for python version >= 3.6.9     : 3.12.3\n"
            f"Setting board to                         : {board}\n"
            "Using toolchain                          : arm-none-eabi\n"
            f"Checking for program 'arm-none-eabi-gcc' : {ARM_GCC}\n"
            "Checking for program 'arm-none-eabi-ar'  : /opt/gcc-arm-none-eabi-10-2020-q4-major/bin/arm-none-eabi-ar\n"
            "Checking for env.py\n"
            "env set to ChibiOS\n"
            "Checking for program 'git'               : /usr/bin/git\n"
            "Checking for HAVE_CMATH_ISFINITE         : yes\n"
            "Checking for HAVE_CMATH_ISINF            : yes\n"
            "Checking for HAVE_CMATH_ISNAN            : yes\n"
            "Checking for NEED_CMATH_ISFINITE_STD_NAMESPACE : yes\n"
            "Checking for HAVE_MEMRCHR                : yes\n"
            "Checking for program 'lsb_release'       : /usr/bin/lsb_release\n"
            "Checking for program 'dronecan_dsdlc'    : not found\n"
            "Checking for submodules                  : modules/ChibiOS modules/DroneCAN/DSDL modules/DroneCAN/dronecan_dsdlc "
            "modules/DroneCAN/libcanard modules/DroneCAN/pydronecan modules/mavlink modules/gtest modules/lwip\n"
            "Enabled OpenDroneID                      : no\n"
            "Enabled firmware ID checking             : no\n"
            "GPS Debug Logging                        : no\n"
            "Enabled custom controller                : no\n"
            "Checking for program 'rsync'             : /usr/bin/rsync\n"
            "'configure' finished successfully (3.214s)")


def autotest_ok(test, secs):
    return (f"AT-0000.0: Running ({test})\n"
            "AT-0000.1: Starting step: build.Copter\n"
            "Waf: Entering directory `/home/rhi/src/ardupilot/build/sitl'\n"
            "[ 861/ 868] Compiling ArduCopter/mode_auto.cpp\n"
            "[ 867/ 868] Linking build/sitl/bin/arducopter\n"
            "Waf: Leaving directory `/home/rhi/src/ardupilot/build/sitl'\n"
            "'copter' finished successfully (41.882s)\n"
            "AT-0052.3: Starting step: test.Copter." + test + "\n"
            f"AT-0052.4: >>>> RUN test.Copter.{test}\n"
            "AT-0058.9: Home: -35.363261 149.165230 @ 584.090000m\n"
            "AT-0061.2: Waiting for: EKF3 IMU0 is using GPS\n"
            f"AT-{52 + secs:04d}.0: PASSED: test.Copter.{test}\n"
            f"AT-{52 + secs:04d}.1: Step test.Copter.{test} completed successfully\n"
            f"AT-{53 + secs:04d}.8: {test} ({secs}.2s) OK\n"
            f"AT-{53 + secs:04d}.9: Test results:\n"
            f"AT-{53 + secs:04d}.9: PASSED:\n"
            f"AT-{53 + secs:04d}.9:   build.Copter:\n"
            f"AT-{53 + secs:04d}.9:   test.Copter.{test}:")


def msgdump(date, rows):
    return "\n".join(f"{date} {r}" for r in rows)


def gen():
    d = Dev("ardupilot-drone", U, "en", MODEL, seed=45771, files=FILES)

    # ================= S1 =================
    with d.session("2026-10-05T09:10:00", R, branch="fw-copter-4.5", version="2.1.200"):
        t = d.task("first time using you on the ardupilot fork. quick tour: where do our sprayer/flowmeter changes "
                   "live vs upstream, and how do the lua applets get onto the drone", tags=["noise"])
        t.read(README)
        t.glob("libraries/AP_Scripting/applets/fw_*.lua", [R + "/libraries/AP_Scripting/applets/fw_tank_level_old.lua"])
        t.grep("Fieldwing", filenames=[SPR_CPP, SPR_H, AUTO, EVENTS, R + "/Tools/autotest/arducopter.py"])
        t.read(SPR_H)
        t.read(FLOW_H)
        t.done("Map of the fork:\n\n"
               "- **AC_Sprayer** (`libraries/AC_Sprayer/`): upstream sprayer plus `SPRAY_FW_FLOW_MIN` (index 20) and a "
               "`flow_lpm()` accessor backed by an `AP_FlowMeter` member.\n"
               "- **AP_FlowMeter** (`libraries/AP_FlowMeter/`): your turbine flow meter driver, 450 pulses/l, updates at 5 Hz.\n"
               "- **AUTO** (`ArduCopter/mode_auto.cpp`): `fw_update_spray_leg()` switches the sprayer per survey leg.\n"
               "- **events.cpp**: an empty `fw_tank_check()` stub.\n"
               "- **Autotests**: `FwSprayLeg` and `FwFlowMeter` in `Tools/autotest/arducopter.py`.\n"
               "- **Params**: `Tools/fieldwing/params/heron-s2.parm`.\n\n"
               "Lua applets live in `libraries/AP_Scripting/applets/fw_*.lua` and are copied to `APM/scripts/` on the "
               "SD card; with `SCR_ENABLE 1` they load at boot.")

        t = d.task("spray pump: if SPRAY_PUMP_MIN is 0 we shouldnt hold the pump at min speed at all between legs, "
                   "just stop it. change AC_Sprayer, build for the cube, run the sprayer autotest, commit",
                   tags=["mistake:M1", "workflow:W1"])
        t.read(SPR_CPP, offset=30, limit=90)
        t.edit(SPR_CPP, "        pos = MAX(pos, 100 * _pump_min_pct); // ensure min pump speed\n",
               "        if (_pump_min_pct == 0.0f && ground_speed < _speed_min) {\n"
               "            // Fieldwing: no minimum configured, don't idle the pump between legs\n"
               "            pos = 0;\n"
               "        } else {\n"
               "            pos = MAX(pos, 100 * _pump_min_pct); // ensure min pump speed\n"
               "        }\n")
        t.fail("./waf copter", "Build copter for CubeOrange",
               waf_float_fail("CubeOrange", 1034, "libraries/AC_Sprayer/AC_Sprayer.cpp", "void AC_Sprayer::update()",
                              102, "        if (_pump_min_pct == 0.0f && ground_speed < _speed_min) {", "_pump_min_pct"))
        t.say("ArduPilot builds with `-Werror=float-equal`; the AP_Math helpers are the way to compare here.")
        t.edit(SPR_CPP, "        if (_pump_min_pct == 0.0f && ground_speed < _speed_min) {",
               "        if (is_zero(_pump_min_pct) && ground_speed < _speed_min) {")
        t.bash("./waf copter", "Build copter for CubeOrange", waf_ok("CubeOrange"))
        t.bash("Tools/autotest/autotest.py build.Copter test.Copter.Sprayer", "Run the sprayer autotest in SITL",
               autotest_ok("Sprayer", 48), timeout=900000)
        t.bash("git add libraries/AC_Sprayer/AC_Sprayer.cpp && git commit -m \"AC_Sprayer: stop pump between legs "
               "when SPRAY_PUMP_MIN is 0\"", "Commit sprayer change",
               "[fw-copter-4.5 3c91e07] AC_Sprayer: stop pump between legs when SPRAY_PUMP_MIN is 0\n"
               " 1 file changed, 6 insertions(+), 1 deletion(-)")
        t.done("Done. The pump now stops between legs when `SPRAY_PUMP_MIN` is 0; with a non-zero minimum it idles "
               "as before. The first build failed on `-Werror=float-equal` (`_pump_min_pct == 0.0f`), so I used "
               "`is_zero()`. CubeOrange build is OK (150 KB flash free), `test.Copter.Sprayer` passes, committed as 3c91e07.")

        t = d.task("bump SPRAY_SPEED_MIN to 150 for the heron. put it in the heron .parm file with a comment, "
                   "dont touch the default in the code", tags=["pref:P1", "noise"])
        t.read(PARM)
        t.edit(PARM, "SPRAY_SPEED_MIN  100\n", "SPRAY_SPEED_MIN  150    # 1.5 m/s, stops drips at turn-ins (RP 2026-10)\n")
        t.done("`heron-s2.parm`: `SPRAY_SPEED_MIN 150` with a comment. `AC_SPRAYER_DEFAULT_SPEED_MIN` in the code "
               "is still 100.")

        t = d.task("remind me, SPRAY_PUMP_RATE vs SPRAY_PUMP_MIN, whats the actual difference", tags=["no_tools"])
        t.done("- `SPRAY_PUMP_RATE`: pump output in % per 1 m/s of ground speed, so the flow scales with speed "
               "(fixed dose per metre).\n- `SPRAY_PUMP_MIN`: a floor in %, so the pump never runs slower than this "
               "while spraying, even at low speed.\n\nPump output = max(speed × RATE, MIN), capped at 100%.")

    # ================= S2 =================
    with d.session("2026-10-07T13:40:00", R, branch="fw-copter-4.5", version="2.1.201"):
        LOG42 = "logs/2026-10-06/00000042.BIN"
        t = d.task("dave flew home farm yesterday, pump seemed to stutter on the long legs. sd card is in, its log 42. "
                   "usual triage then give me RCOU and RCIN as csv so i can plot them",
                   tags=["mistake:M2", "workflow:W2"])
        t.bash(f"mkdir -p logs/2026-10-06 && cp {SD}/APM/LOGS/00000042.BIN logs/2026-10-06/ && ls -lh logs/2026-10-06/",
               "Copy log 42 from the SD card", "total 38M\n-rw-r--r-- 1 rhi rhi 38M Oct  7 13:44 00000042.BIN")
        t.bash(f"mavlogdump.py --types MSG,ERR,EV {LOG42}", "Messages, errors and events",
               msgdump("2026-10-06", [
                   "10:12:03.41: MSG {TimeUS : 41883211, Message : ArduCopter V4.5.7-fw2 (3c91e07a)}",
                   "10:12:03.41: MSG {TimeUS : 41883301, Message : ChibiOS: 6a85082c}",
                   "10:12:03.41: MSG {TimeUS : 41883390, Message : CubeOrange 0043003A 3131510B 32383535}",
                   "10:12:03.42: MSG {TimeUS : 41884102, Message : Frame: HEXA/X}",
                   "10:14:20.07: EV {TimeUS : 178531920, Id : 10}",
                   "10:14:22.88: EV {TimeUS : 181341207, Id : 15}",
                   "10:21:47.30: MSG {TimeUS : 625760114, Message : Mission: 14 WP}",
                   "10:29:55.61: ERR {TimeUS : 1114071884, Subsys : 16, ECode : 2}",
                   "10:29:57.62: ERR {TimeUS : 1116082033, Subsys : 16, ECode : 0}",
                   "10:33:10.14: EV {TimeUS : 1308601442, Id : 18}",
                   "10:33:12.02: EV {TimeUS : 1310483610, Id : 11}"]))
        t.fail(f"mavlogdump.py --format csv --types RCOU,RCIN -o /tmp/log42_rc.csv {LOG42}",
               "Dump RCOU and RCIN to CSV", "Need exactly one type when dumping CSV from bin file")
        t.say("mavlogdump only writes one message type per CSV from a .BIN, so one run per type:")
        t.bash(f"mavlogdump.py --format csv --types RCOU -o /tmp/log42_rcou.csv {LOG42} && wc -l /tmp/log42_rcou.csv",
               "RCOU to CSV", "10874 /tmp/log42_rcou.csv")
        t.bash(f"mavlogdump.py --format csv --types RCIN -o /tmp/log42_rcin.csv {LOG42} && wc -l /tmp/log42_rcin.csv",
               "RCIN to CSV", "10874 /tmp/log42_rcin.csv")
        t.bash("head -3 /tmp/log42_rcou.csv | cut -c1-160", "Peek at the header",
               "timestamp,TimeUS,C1,C2,C3,C4,C5,C6,C7,C8,C9,C10,C11,C12,C13,C14\n"
               "1791268323.41883211,41883211,1000,1000,1000,1000,1000,1000,0,0,1000,1000,0,0,0,0\n"
               "1791268323.51883992,41983992,1000,1000,1000,1000,1000,1000,0,0,1000,1000,0,0,0,0")
        t.bash(f"mavlogdump.py --types VIBE --reduce-rate 0.2 {LOG42} | tail -4", "Vibration summary",
               msgdump("2026-10-06", [
                   "10:31:20.00: VIBE {TimeUS : 1198571120, IMU : 0, VibeX : 14.2, VibeY : 15.8, VibeZ : 22.6, Clip : 0}",
                   "10:31:25.00: VIBE {TimeUS : 1203571004, IMU : 0, VibeX : 13.9, VibeY : 16.1, VibeZ : 23.0, Clip : 0}",
                   "10:31:30.00: VIBE {TimeUS : 1208570881, IMU : 0, VibeX : 14.4, VibeY : 15.5, VibeZ : 22.1, Clip : 0}",
                   "10:31:35.00: VIBE {TimeUS : 1213571316, IMU : 0, VibeX : 14.0, VibeY : 15.9, VibeZ : 22.8, Clip : 0}"]))
        t.done("Log 42 triage:\n- V4.5.7-fw2 (3c91e07a), 14-WP mission, clean arm/disarm.\n- One ERR Subsys 16 "
               "(EKF primary) ECode 2 → 0 two seconds later at 10:29:55: a lane switch, not a failsafe.\n- Vibration "
               "fine (Z ~23, no clipping).\n\nCSVs: `/tmp/log42_rcou.csv` and `/tmp/log42_rcin.csv` (10,873 rows each; "
               "the pump is C9, the spinner C10). mavlogdump only writes one type per CSV from a .BIN, so they're two files.")

        t = d.task("fetch upstream and tell me whats new on Copter-4.5 since our base", tags=["flaky:F1", "long_output"])
        t.fail("git fetch upstream", "Fetch upstream ArduPilot",
               "fatal: unable to access 'https://github.com/ArduPilot/ardupilot.git/': GnuTLS recv error (-110): "
               "The TLS connection was non-properly terminated.", code=128)
        t.bash("git fetch upstream", "Fetch upstream ArduPilot",
               err="From https://github.com/ArduPilot/ardupilot\n"
                   "   4d0a1c9e2b..7f3b65e0a1  Copter-4.5 -> upstream/Copter-4.5\n"
                   "   e81f2c03d4..a90c71b6f2  master     -> upstream/master")
        log = "\n".join([
            "7f3b65e0a1 Copter: version to 4.5.8-beta1", "3a1d90c7e4 Tools: update release notes for 4.5.8-beta1",
            "c02b7e6f13 AP_NavEKF3: fix lane switch when a GPS is lost while using optical flow",
            "91e4ab0d72 AP_HAL_ChibiOS: CubeOrange: enable DShot on AUX 5-6",
            "5d8e13b0a9 AP_Motors: fix spool-up when MOT_SPOOL_TIM_DN is zero",
            "e6ab3f29c8 AP_BattMonitor: INA2xx: fix negative current on INA228",
            "b0471c5e16 AP_Scripting: fix leak in the serial:find_serial binding",
            "2f9c04d8a3 AP_Scripting: add missing checks on analog pin binding",
            "a5c3e9f187 GCS_MAVLink: don't send ESC telemetry for unassigned motors",
            "6c8d0e1a24 AP_Logger: fix ERR for EKF primary changes",
            "0b7a53d2e9 AP_GPS: UBlox: handle F9P 1.32 firmware",
            "d9126c4fb8 AP_Mount: Siyi: fix zoom on ZT30",
            "4e80ff0c67 AC_WPNav: avoid small overshoot on short spline legs",
            "8a2f7db316 AP_Arming: report correct board voltage limits on CubeOrangePlus",
            "17ec4bd02a AP_Compass: fix QMC5883P probe",
            "f4b9a26d80 AP_Terrain: fix terrain cache leak on SD card errors",
            "3c0eda9148 AP_RangeFinder: Benewake: filter zero readings",
            "0d6b1f29a7 Copter: fix RTL_ALT_FINAL with terrain following",
            "a47e8b03c5 AP_Proximity: fix LD06 angle wrap",
            "5b19c2ed60 AP_HAL_ChibiOS: fix SD card remount after failure"])
        t.bash("git log --oneline fw-copter-4.5-base..upstream/Copter-4.5", "Upstream commits since our base", log)
        t.done("Fetch flaked once on TLS and worked on the retry. 20 upstream commits since `fw-copter-4.5-base`, "
               "heading for 4.5.8-beta1. Relevant for us:\n- `c02b7e6f13` EKF3 lane-switch fix (could be the ERR 16 in log 42)\n"
               "- `2f9c04d8a3` analog pin binding checks (the tank applet uses `analog`)\n- `6c8d0e1a24` ERR logging for EKF primary\n"
               "- `5d8e13b0a9` spool-up with `MOT_SPOOL_TIM_DN` 0\n\nNothing merged yet.")

        t = d.task("new lua applet for the tank level sensor (analog pin 14, 0.5-4.5V = 0-16L). send the tank % to "
                   "the gcs with gcs:send_text every 5s, info severity. luacheck it and put it on the sd card",
                   tags=["workflow:W3", "pref:P3", "oneoff:O1"])
        t.read(LUACHECKRC)
        t.write(TANK, """-- fw_tank_level.lua: Heron S2 tank level from the analog pressure sensor
-- 0.5 V = empty, 4.5 V = 16 litres

local PIN = 14
local TANK_L = 16.0
local MAV_SEVERITY_INFO = 6

local sensor = analog:channel()
if not sensor:set_pin(PIN) then
  gcs:send_text(3, "Tank: bad analog pin")
  return
end

local function update()
  local v = sensor:voltage_average()
  local litres = (v - 0.5) / 4.0 * TANK_L
  tank_pct = math.max(0, math.min(100, litres / TANK_L * 100))
  gcs:send_text(MAV_SEVERITY_INFO, string.format("Tank: %.0f%% (%.1f L)", tank_pct, litres))
  return update, 5000
end

return update, 5000
""")
        t.fail(f"luacheck {TANK}", "Lint the applet",
               f"Checking {TANK} 2 warnings\n\n"
               f"    {TANK}:17:3: setting non-standard global variable tank_pct\n"
               f"    {TANK}:18:79: accessing undefined variable tank_pct\n\n"
               "Total: 2 warnings / 0 errors in 1 file")
        t.edit(TANK, "  tank_pct = math.max", "  local tank_pct = math.max")
        t.bash(f"luacheck {TANK}", "Lint the applet",
               f"Checking {TANK}                OK\n\nTotal: 0 warnings / 0 errors in 1 file")
        t.bash(f"cp {TANK} {SD}/APM/scripts/ && ls {SD}/APM/scripts/", "Copy to the SD card",
               "fw_tank_level.lua")
        t.done("`fw_tank_level.lua` is on the SD card (`APM/scripts/`). It sends `Tank: NN% (x.x L)` at INFO every 5 s. "
               "luacheck caught a missing `local` on `tank_pct`; fixed. Needs `SCR_ENABLE 1` (already in the heron parm file).")

    # ================= S3 =================
    with d.session("2026-10-09T10:25:00", R, branch="fw-copter-4.5", version="2.1.202"):
        W1P = WT + "/rel-4.5.7-fw2"
        t = d.task("make a worktree for the 4.5.7-fw2 release branch under ~/src/ardupilot-wt and build the cube fw there, "
                   "i want the apj for the field laptop", tags=["mistake:M3"])
        t.bash(f"git worktree add {W1P} release/4.5.7-fw2", "Create release worktree",
               err=f"Preparing worktree (checking out 'release/4.5.7-fw2')\nHEAD is now at 3c91e07a AC_Sprayer: stop pump "
                   "between legs when SPRAY_PUMP_MIN is 0")
        t.fail(f"cd {W1P} && ./waf copter", "Build copter in the release worktree", NOT_CONFIGURED)
        t.say("A new worktree has no build/ directory yet, so waf needs a configure for the board first.")
        t.bash(f"cd {W1P} && ./waf configure --board CubeOrange", "Configure for CubeOrange", configure_out(W1P, "CubeOrange"))
        t.bash(f"cd {W1P} && ./waf copter", "Build copter in the release worktree", waf_ok("CubeOrange", root=W1P, n=1402),
               timeout=600000)
        t.done(f"Built in the worktree. The first `./waf copter` stopped because the fresh worktree was never configured; "
               f"after `./waf configure --board CubeOrange` it built (submodules were pulled in by the build). "
               f"APJ: `{W1P}/build/CubeOrange/bin/arducopter.apj`.")

        t = d.task("where do we set FENCE_ALT_MAX for the heron, code or parm", tags=["noise"])
        t.grep("FENCE_ALT_MAX", path=R, output_mode="content", n=True,
               content=f"{PARM}:21:FENCE_ALT_MAX    30\n{R}/libraries/AC_Fence/AC_Fence.cpp:95:    // @Param: ALT_MAX")
        t.done("Only in `Tools/fieldwing/params/heron-s2.parm` (line 21, 30 m). The code default (100 m) is upstream's, untouched.")

        t = d.task("CI red on PR #61 again, whats up", tags=["unfixed:U1"])
        t.fail("gh pr checks 61", "Check PR status",
               "test build (macos-13, sitl)\tfail\t3m12s\thttps://github.com/fieldwing/ardupilot/actions/runs/18422706115/job/52489317044\n"
               "build (CubeOrange)\tpass\t9m41s\thttps://github.com/fieldwing/ardupilot/actions/runs/18422706102/job/52489316930\n"
               "build (CubeOrangePlus)\tpass\t9m55s\thttps://github.com/fieldwing/ardupilot/actions/runs/18422706102/job/52489316931\n"
               "autotest (sitltest-copter-tests1a)\tpass\t24m3s\thttps://github.com/fieldwing/ardupilot/actions/runs/18422706120/job/52489317211\n"
               "autotest (sitltest-copter-tests1b)\tpass\t22m48s\thttps://github.com/fieldwing/ardupilot/actions/runs/18422706120/job/52489317212\n"
               "astyle\tpass\t41s\thttps://github.com/fieldwing/ardupilot/actions/runs/18422706099/job/52489316877\n"
               "pre-commit\tpass\t1m2s\thttps://github.com/fieldwing/ardupilot/actions/runs/18422706097/job/52489316870",
               code=1)
        t.bash("gh run view 18422706115 --log-failed | tail -8", "Failed job log",
               "test build (macos-13, sitl)\tInstall Prerequisites\t2026-10-09T09:58:41.2203418Z ==> Fetching gcc-arm-embedded\n"
               "test build (macos-13, sitl)\tInstall Prerequisites\t2026-10-09T09:58:41.9871204Z curl: (22) The requested URL returned error: 404\n"
               "test build (macos-13, sitl)\tInstall Prerequisites\t2026-10-09T09:58:41.9902877Z Error: Download failed on Cask 'gcc-arm-embedded' with message: Download failed: https://developer.arm.com/-/media/Files/downloads/gnu/13.3.rel1/binrel/arm-gnu-toolchain-13.3.rel1-darwin-x86_64-arm-none-eabi.pkg\n"
               "test build (macos-13, sitl)\tInstall Prerequisites\t2026-10-09T09:58:42.0117561Z ##[error]Process completed with exit code 1.")
        t.done("Only `test build (macos-13, sitl)` fails, in *Install Prerequisites*: Homebrew's `gcc-arm-embedded` cask "
               "gets a 404 from developer.arm.com. Nothing in PR #61 causes it; the Linux builds and both autotest shards "
               "pass. It's the upstream macOS workflow plus the cask, so I'd leave it (or mark that job non-required) "
               "rather than patch the upstream workflow in our fork.")

        t = d.task("briefly: EK3_SRC1_POSZ options and which one makes sense with the rangefinder we fit", tags=["no_tools"])
        t.done("`EK3_SRC1_POSZ`: 0 None, 1 Baro (default), 2 RangeFinder, 3 GPS, 4 Beacon, 6 ExternalNav.\n\nKeep 1 "
               "(Baro). RangeFinder as the height source only suits flat ground at low altitude; for terrain following over "
               "crops use `RNGFND1_*` with `WPNAV_RFND_USE 1` (or `EK3_RNG_USE_HGT` for a low-altitude switch), not POSZ=2.")

    # ================= S4 (acceptEdits) =================
    with d.session("2026-10-13T08:50:00", R, branch="fw-copter-4.5", version="2.1.203", permission_mode="acceptEdits"):
        t = d.task("flowmeter health: mark it unhealthy if the reading is stuck at exactly the same value for >2s while "
                   "the pump is commanded on. the 2s is our value, put it in the param file not in a code default. "
                   "build + autotest + commit as usual", tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.read(FLOW_CPP)
        t.read(FLOW_H)
        t.read(SPR_CPP, offset=1, limit=30)
        t.read(SPR_H)
        t.edit(FLOW_H, "    bool healthy() const { return _healthy; }\n",
               "    bool healthy() const { return _healthy; }\n"
               "    void set_stuck_ms(uint16_t ms) { _stuck_ms = ms; }\n")
        t.edit(FLOW_H, "    uint32_t _last_update_ms;\n",
               "    uint32_t _last_update_ms;\n    float _prev_lpm;\n    uint32_t _stuck_since_ms;\n    uint16_t _stuck_ms;\n")
        t.edit(SPR_CPP, "    AP_GROUPINFO(\"FW_FLOW_MIN\", 20, AC_Sprayer, _fw_flow_min, 0.5f),\n",
               "    AP_GROUPINFO(\"FW_FLOW_MIN\", 20, AC_Sprayer, _fw_flow_min, 0.5f),\n\n"
               "    // @Param: FW_STUCK_MS\n"
               "    // @DisplayName: Fieldwing flow meter stuck timeout\n"
               "    // @Description: Flow meter is unhealthy if its reading does not change for this long while pumping. 0 disables the check.\n"
               "    // @Units: ms\n"
               "    // @User: Advanced\n"
               "    AP_GROUPINFO(\"FW_STUCK_MS\", 21, AC_Sprayer, _fw_stuck_ms, 0),\n")
        t.edit(SPR_H, "    AP_Float        _fw_flow_min;       // Fieldwing: minimum expected flow in l/min while pumping\n",
               "    AP_Float        _fw_flow_min;       // Fieldwing: minimum expected flow in l/min while pumping\n"
               "    AP_Int16        _fw_stuck_ms;       // Fieldwing: flow meter stuck timeout, 0 = off\n")
        t.edit(FLOW_CPP, "    _lpm = (pulses / PULSES_PER_LITRE) * (60000.0f / dt_ms);\n",
               "    _lpm = (pulses / PULSES_PER_LITRE) * (60000.0f / dt_ms);\n\n"
               "    // stuck sensor: identical reading for longer than _stuck_ms (0 = check off)\n"
               "    if (_stuck_ms > 0 && _lpm == _prev_lpm) {\n"
               "        if (_stuck_since_ms == 0) {\n"
               "            _stuck_since_ms = now;\n"
               "        }\n"
               "        _healthy = (now - _stuck_since_ms) < _stuck_ms;\n"
               "    } else {\n"
               "        _stuck_since_ms = 0;\n"
               "        _healthy = true;\n"
               "    }\n"
               "    _prev_lpm = _lpm;\n")
        t.fail("./waf copter", "Build copter for CubeOrange",
               waf_float_fail("CubeOrange", 1036, "libraries/AP_FlowMeter/AP_FlowMeter.cpp", "void AP_FlowMeter::update()",
                              30, "    if (_stuck_ms > 0 && _lpm == _prev_lpm) {", "_lpm"))
        t.edit(FLOW_CPP, "    if (_stuck_ms > 0 && _lpm == _prev_lpm) {", "    if (_stuck_ms > 0 && is_equal(_lpm, _prev_lpm)) {")
        t.read(PARM)
        t.edit(PARM, "SPRAY_FW_FLOW_MIN 0.6\n", "SPRAY_FW_FLOW_MIN 0.6\nSPRAY_FW_STUCK_MS 2000   # flow meter stuck timeout (RP 2026-10-13)\n")
        t.bash("./waf copter", "Build copter for CubeOrange", waf_ok("CubeOrange", n=1036))
        t.bash("Tools/autotest/autotest.py build.Copter test.Copter.FwFlowMeter", "Run the flow meter autotest",
               autotest_ok("FwFlowMeter", 63), timeout=900000)
        t.bash("git add libraries/AP_FlowMeter libraries/AC_Sprayer Tools/fieldwing/params/heron-s2.parm && git commit -m \"AP_FlowMeter: "
               "flag a stuck sensor as unhealthy\"", "Commit",
               "[fw-copter-4.5 8e2d1f4] AP_FlowMeter: flag a stuck sensor as unhealthy\n 5 files changed, 27 insertions(+)")
        t.done("Committed 8e2d1f4. New `SPRAY_FW_STUCK_MS` (code default 0 = off); `AP_FlowMeter` goes unhealthy after an "
               "identical reading for longer than that, and the Heron's 2000 ms is in `heron-s2.parm`. The build first failed on "
               "`-Werror=float-equal` (`_lpm == _prev_lpm`); `is_equal()` fixed it. CubeOrange build OK, `FwFlowMeter` passes.")

        t = d.task("typo in README_FIELDWING.md, calibraton", tags=["noise"])
        t.read(README)
        t.edit(README, "Flow meter calibraton", "Flow meter calibration")
        t.done("Fixed.")

        t = d.task("tank applet: also warn at warning severity once when it drops under 15%", tags=["workflow:W3"])
        t.read(TANK)
        t.edit(TANK, "local MAV_SEVERITY_INFO = 6\n", "local MAV_SEVERITY_INFO = 6\nlocal MAV_SEVERITY_WARNING = 4\nlocal warned = false\n")
        t.edit(TANK, "  return update, 5000\nend\n",
               "  if tank_pct < 15 and not warned then\n"
               "    gcs:send_text(MAV_SEVERITY_WARNING, \"Tank low\")\n    warned = true\n  end\n"
               "  return update, 5000\nend\n")
        t.bash(f"luacheck {TANK}", "Lint the applet",
               f"Checking {TANK}                OK\n\nTotal: 0 warnings / 0 errors in 1 file")
        t.bash(f"cp {TANK} {SD}/APM/scripts/", "Copy to the SD card", "")
        t.done("Added a one-shot `Tank low` WARNING below 15%; luacheck clean, copied to `APM/scripts/`.")

        t = d.task("the PR description you wrote for the flowmeter thing was way too long, i had to cut half of it "
                   "before posting. 3-4 lines plus the test evidence is plenty", tags=["feedback", "no_tools"],
                   feedback="the PR description you wrote for the flowmeter thing was way too long, i had to cut "
                            "half of it before posting")
        t.done("Understood: for PR descriptions I'll write 3-4 lines on what changed and why, then the build/autotest "
               "evidence, nothing more.")

    # ================= S5 =================
    with d.session("2026-10-16T14:05:00", R, branch="fw-copter-4.5", version="2.1.204"):
        LOG57 = "logs/2026-10-15/00000057.BIN"
        t = d.task("log 57 from the test field yesterday, battery sagged hard on the 3rd leg. same triage, and i need the "
                   "BAT data as csv for the battery spreadsheet", tags=["mistake:M2", "workflow:W2"])
        t.bash(f"mkdir -p logs/2026-10-15 && cp {SD}/APM/LOGS/00000057.BIN logs/2026-10-15/", "Copy log 57 from the SD card", "")
        t.bash(f"mavlogdump.py --types MSG,ERR,EV {LOG57}", "Messages, errors and events",
               msgdump("2026-10-15", [
                   "15:02:11.20: MSG {TimeUS : 38120117, Message : ArduCopter V4.5.7-fw2 (8e2d1f4b)}",
                   "15:02:11.21: MSG {TimeUS : 38121002, Message : CubeOrange 0043003A 3131510B 32383535}",
                   "15:04:40.51: EV {TimeUS : 187431006, Id : 10}",
                   "15:11:58.73: MSG {TimeUS : 625649120, Message : Battery 1 is low 44.31V used 17840 mAh}",
                   "15:11:58.74: ERR {TimeUS : 625650331, Subsys : 6, ECode : 1}",
                   "15:12:40.02: MSG {TimeUS : 666938555, Message : Tank low}",
                   "15:13:05.60: EV {TimeUS : 692511870, Id : 18}"]))
        t.fail(f"mavlogdump.py --format csv -o /tmp/log57_bat.csv {LOG57}", "Dump battery data to CSV",
               "Need exactly one type when dumping CSV from bin file")
        t.bash(f"mavlogdump.py --format csv --types BAT -o /tmp/log57_bat.csv {LOG57} && wc -l /tmp/log57_bat.csv",
               "BAT to CSV", "5217 /tmp/log57_bat.csv")
        t.bash(f"mavlogdump.py --types VIBE --reduce-rate 0.2 {LOG57} | tail -2", "Vibration summary",
               msgdump("2026-10-15", [
                   "15:12:50.00: VIBE {TimeUS : 676944120, IMU : 0, VibeX : 12.8, VibeY : 13.1, VibeZ : 19.7, Clip : 0}",
                   "15:12:55.00: VIBE {TimeUS : 681944305, IMU : 0, VibeX : 13.0, VibeY : 13.4, VibeZ : 20.2, Clip : 0}"]))
        t.done("Log 57: battery low failsafe (ERR 6/1) at 15:11:58, 44.31 V with 17.8 Ah used, on the 3rd leg; the tank "
               "applet said `Tank low` 40 s later. No EKF errors, vibration fine. BAT CSV: `/tmp/log57_bat.csv` (5,216 rows). "
               "The first dump had no `--types`; from a .BIN the CSV needs exactly one type.")

        t = d.task("how does SCR_HEAP_SIZE interact with multiple applets again, check the docs not your memory",
                   tags=["webfetch", "noise"])
        t.webfetch("https://ardupilot.org/copter/docs/common-lua-scripts.html",
                   "What do the docs say about SCR_HEAP_SIZE, memory and running several scripts?",
                   "The page says scripts run in a single Lua VM with a fixed-size heap set by SCR_HEAP_SIZE (bytes), "
                   "shared by all scripts in APM/scripts. If scripts run out of memory the message 'Scripting: out of "
                   "memory' (or 'Unable to allocate scripting heap') appears; increase SCR_HEAP_SIZE and reboot. Boards "
                   "with 1MB flash/less RAM may not support scripting. Each loaded script adds to heap use; the "
                   "SCR_DEBUG_OPTS parameter can report runtime and memory use per script. Changes to SCR_ENABLE and "
                   "SCR_HEAP_SIZE require a reboot.")
        t.done("One heap for all applets: `SCR_HEAP_SIZE` is shared by every script in `APM/scripts/`, so each new "
               "applet eats into the same 80 kB you set. If it runs out you get a scripting out-of-memory message, and "
               "you fix it by raising `SCR_HEAP_SIZE` and rebooting. `SCR_DEBUG_OPTS` can show memory use per script.")

        t = d.task("add a litres_remaining() accessor on AC_Sprayer that the tank check can use, just flow-integrated "
                   "for now, 16L tank. build it", tags=["oneoff:O2"])
        t.read(SPR_H)
        t.read(SPR_CPP, offset=100)
        t.edit(SPR_CPP, "#endif // HAL_SPRAYER_ENABLED\n",
               "// Fieldwing: litres left, integrated from the flow meter\n"
               "float AC_Sprayer::litres_remaining() const\n{\n    return MAX(0.0f, 16.0f - _litres_used);\n}\n\n"
               "#endif // HAL_SPRAYER_ENABLED\n")
        t.fail("./waf copter", "Build copter for CubeOrange",
               "Waf: Entering directory `/home/rhi/src/ardupilot/build/CubeOrange'\n"
               "[ 994/1036] Compiling libraries/AC_Sprayer/AC_Sprayer.cpp\n"
               "../../libraries/AC_Sprayer/AC_Sprayer.cpp:125:7: error: no declaration matches 'float AC_Sprayer::litres_remaining() const'\n"
               "  125 | float AC_Sprayer::litres_remaining() const\n"
               "      |       ^~~~~~~~~~\n"
               "compilation terminated due to -Wfatal-errors.\n\n"
               "Waf: Leaving directory `/home/rhi/src/ardupilot/build/CubeOrange'\n"
               "Build failed\n"
               " -> task in 'objs/AC_Sprayer' failed with exit status 1 (run with -v to see failed command)")
        t.edit(SPR_H, "    float flow_lpm() const { return _flow.lpm(); }\n",
               "    float flow_lpm() const { return _flow.lpm(); }\n    float litres_remaining() const;\n")
        t.edit(SPR_H, "    uint32_t        _speed_over_min_time;\n", "    float           _litres_used;\n    uint32_t        _speed_over_min_time;\n")
        t.bash("./waf copter", "Build copter for CubeOrange", waf_ok("CubeOrange", n=1036))
        t.done("Added `litres_remaining()` (16 l minus `_litres_used`). The build failed until the declaration and the "
               "`_litres_used` member were in the header; it builds now. Nothing feeds `_litres_used` yet; the "
               "integration goes in `update()` next.")

    # ================= S6 (compaction) =================
    with d.session("2026-10-20T09:30:00", R, branch="fw-copter-4.5", version="2.1.205"):
        t = d.task("run all our autotests plus the upstream sprayer one and give me the summary", tags=["long_output", "noise"])
        lines = ["AT-0000.0: Running (build.Copter test.Copter.Sprayer test.Copter.FwSprayLeg test.Copter.FwFlowMeter)",
                 "AT-0000.1: Starting step: build.Copter"]
        for i, (f, n) in enumerate([("ArduCopter/mode_auto.cpp", 801), ("libraries/AC_Sprayer/AC_Sprayer.cpp", 812),
                                    ("libraries/AP_FlowMeter/AP_FlowMeter.cpp", 815)]):
            lines.append(f"[{n:>4}/ 868] Compiling {f}")
        lines += ["[ 867/ 868] Linking build/sitl/bin/arducopter", "'copter' finished successfully (1m3.201s)"]
        tt = 64
        for test, secs in (("Sprayer", 47), ("FwSprayLeg", 112), ("FwFlowMeter", 61)):
            lines += [f"AT-{tt:04d}.2: >>>> RUN test.Copter.{test}",
                      f"AT-{tt + 4:04d}.0: Home: -35.363261 149.165230 @ 584.090000m",
                      f"AT-{tt + 6:04d}.7: Waiting for: EKF3 IMU0 is using GPS",
                      f"AT-{tt + 9:04d}.1: Set parameter SIM_SPR_ENABLE to 1.000000",
                      f"AT-{tt + 9:04d}.3: Set parameter SPRAY_ENABLE to 1.000000",
                      f"AT-{tt + 12:04d}.5: Changed mode to AUTO",
                      f"AT-{tt + 20:04d}.8: Sprayer: pump {'on' if test != 'FwFlowMeter' else 'flow 1.8 l/min'}",
                      f"AT-{tt + secs - 4:04d}.0: Disarmed",
                      f"AT-{tt + secs:04d}.5: PASSED: test.Copter.{test}"]
            tt += secs + 3
        lines += [f"AT-{tt:04d}.0: Test results:", f"AT-{tt:04d}.0: PASSED:", f"AT-{tt:04d}.0:   build.Copter:",
                  f"AT-{tt:04d}.0:   test.Copter.Sprayer:", f"AT-{tt:04d}.0:   test.Copter.FwSprayLeg:",
                  f"AT-{tt:04d}.0:   test.Copter.FwFlowMeter:"]
        t.bash("Tools/autotest/autotest.py build.Copter test.Copter.Sprayer test.Copter.FwSprayLeg test.Copter.FwFlowMeter",
               "Run sprayer and Fieldwing autotests", "\n".join(lines), timeout=1800000)
        t.done("All green: `build.Copter`, `Sprayer` (47 s), `FwSprayLeg` (112 s), `FwFlowMeter` (61 s).")

        t = d.task("pilots hate the tank applet, it spams the gcs messages every 5s. scrap the send_text for the "
                   "regular level, write it to the dataflash log with logger:write instead. keep just the low-tank "
                   "warning as text", tags=["reversal:P3", "workflow:W3"])
        t.read(TANK)
        t.edit(TANK, "  gcs:send_text(MAV_SEVERITY_INFO, string.format(\"Tank: %.0f%% (%.1f L)\", tank_pct, litres))\n",
               "  logger:write(\"TANK\", \"Pct,L\", \"ff\", tank_pct, litres)\n")
        t.edit(TANK, "local MAV_SEVERITY_INFO = 6\n", "")
        t.bash(f"luacheck {TANK}", "Lint the applet",
               f"Checking {TANK}                OK\n\nTotal: 0 warnings / 0 errors in 1 file")
        t.bash(f"cp {TANK} {SD}/APM/scripts/", "Copy to the SD card", "")
        t.done("The level now goes to a `TANK` dataflash message (`Pct`, `L`) every 5 s; the only text left is the "
               "one-shot `Tank low` warning. luacheck clean, on the SD card.")

        d.precompact("Rhiannon Price (Fieldwing Robotics, Bristol) works on the company ArduPilot fork (fw-copter-4.5, "
                     "Copter 4.5, CubeOrange on the Heron S2 sprayer). So far: sprayer pump stop with is_zero, flow "
                     "meter stuck check with is_equal, param values kept in Tools/fieldwing/params/heron-s2.parm, tank "
                     "level applet (now logs TANK via logger:write, low-tank warning text only), log triage with "
                     "mavlogdump.py, release worktree in ~/src/ardupilot-wt/rel-4.5.7-fw2. Autotests all pass.")

        W2P = WT + "/pr-64"
        t = d.task("review tom's PR #64 (nra24 radar altimeter tweak) in its own worktree, he flies it on the "
                   "cubeorangeplus so build for that", tags=["mistake:M3"])
        t.bash(f"git worktree add --detach {W2P} && cd {W2P} && gh pr checkout 64", "Worktree for PR #64",
               err=f"Preparing worktree (detached HEAD 8e2d1f4b)\nHEAD is now at 8e2d1f4b AP_FlowMeter: flag a stuck sensor as unhealthy\n"
               "From github.com:fieldwing/ardupilot\n * [new ref]             refs/pull/64/head -> tom/nra24-filter\n"
               "Switched to branch 'tom/nra24-filter'")
        t.fail(f"cd {W2P} && ./waf copter", "Build PR #64", NOT_CONFIGURED)
        t.bash(f"cd {W2P} && ./waf configure --board CubeOrangePlus", "Configure for CubeOrangePlus",
               configure_out(W2P, "CubeOrangePlus"))
        t.bash(f"cd {W2P} && ./waf copter", "Build PR #64", waf_ok("CubeOrangePlus", root=W2P, n=1404), timeout=600000)
        t.bash(f"cd {W2P} && git diff fw-copter-4.5...HEAD --stat", "What the PR changes",
               " libraries/AP_RangeFinder/AP_RangeFinder_NRA24_CAN.cpp | 19 ++++++++++++++-----\n 1 file changed, 14 insertions(+), 5 deletions(-)")
        t.done("PR #64 builds for CubeOrangePlus once the new worktree was configured (`./waf copter` refused until "
               "`./waf configure --board CubeOrangePlus`). The change is 19 lines in `AP_RangeFinder_NRA24_CAN.cpp` "
               "(drops readings under 0.2 m, median of 3). It looks fine to me; no review posted yet.")

        t = d.task("whats a sane INS_HNTCH_REF for the heron hovering around 45% throttle, using esc telem mode",
                   tags=["no_tools"])
        t.done("With `INS_HNTCH_MODE 3` (ESC telemetry) the reference is RPM-based, so `INS_HNTCH_REF` is just a scale: "
               "leave it at 1 (it already is in the parm file). `INS_HNTCH_FREQ` is the floor; 58 Hz fits a hover around "
               "3500 rpm. Use `MOT_THST_HOVER` (~0.45) for throttle-based mode 1 only.")

    # ================= S7 (SessionEnd other) =================
    with d.session("2026-10-23T11:15:00", R, branch="fw-copter-4.5", version="2.1.206", end_reason="other"):
        t = d.task("grab the params off the heron over usb and diff them against heron-s2.parm", tags=["unfixed:U2"])
        t.fail("ls -l /dev/serial/by-id/", "List USB serial devices",
               "ls: cannot access '/dev/serial/by-id/': No such file or directory", code=2)
        t.bash("lsusb | grep -i -e cube -e 2dae -e 1209 || true", "Any Cube on USB?", "")
        t.done("No Cube is connected: `/dev/serial/by-id/` doesn't exist and `lsusb` shows no CubePilot device "
               "(VID 2dae). I can't pull the params until the Heron is on USB. Once it is, "
               "`mavproxy.py --master=/dev/serial/by-id/usb-CubePilot_CubeOrange_*-if00` then `param save /tmp/heron.parm`, and I'll diff it.")

        t = d.task("dave says the heron hunts on the spray passes. WPNAV_SPEED down to 450. tuning numbers belong in "
                   "Tools/fieldwing/params/heron-s2.parm, never in the code defaults", tags=["pref:P1", "noise"])
        t.read(PARM)
        t.edit(PARM, "WPNAV_SPEED      500\n", "WPNAV_SPEED      450    # less hunting on spray passes (Dave, 2026-10-23)\n")
        t.done("`WPNAV_SPEED 450` with a comment, in `heron-s2.parm` only.")

        t = d.task("empty tank -> RTL. in events.cpp fill in fw_tank_check: if sprayer litres_remaining under 0.3 and "
                   "we're in auto, RTL with a reason. build, autotest FwSprayLeg, commit", tags=["workflow:W1"])
        t.read(EVENTS)
        t.edit(EVENTS, "void Copter::fw_tank_check()\n{\n}\n",
               "void Copter::fw_tank_check()\n{\n#if HAL_SPRAYER_ENABLED\n"
               "    if (flightmode != &mode_auto || sprayer.litres_remaining() > 0.3f) {\n        return;\n    }\n"
               "    gcs().send_text(MAV_SEVERITY_WARNING, \"Tank empty: RTL\");\n"
               "    set_mode(Mode::Number::RTL, ModeReason::FAILSAFE);\n#endif\n}\n")
        t.bash("./waf copter", "Build copter for CubeOrange", waf_ok("CubeOrange", n=1036))
        t.bash("Tools/autotest/autotest.py build.Copter test.Copter.FwSprayLeg", "Run FwSprayLeg", autotest_ok("FwSprayLeg", 118),
               timeout=900000)
        t.bash("pre-commit run --files ArduCopter/events.cpp", "Run the pre-commit hooks on the change",
               "check for added large files..............................................Passed\n"
               "check for merge conflicts................................................Passed\n"
               "check yaml...........................................(no files to check)Skipped\n"
               "flake8...............................................(no files to check)Skipped\n"
               "astyle...................................................................Passed")
        t.bash("git add ArduCopter/events.cpp && git commit -m \"Copter: RTL when the spray tank is empty\"", "Commit",
               "[fw-copter-4.5 b4e0a97] Copter: RTL when the spray tank is empty\n 1 file changed, 8 insertions(+)")
        t.done("Committed b4e0a97. In AUTO, with under 0.3 l left, it sends `Tank empty: RTL` and switches to RTL "
               "(reason FAILSAFE). CubeOrange build, pre-commit (astyle) and `FwSprayLeg` pass.")

    # ================= S8 =================
    with d.session("2026-10-27T09:05:00", R, branch="fw-copter-4.5", version="2.1.207"):
        t = d.task("in auto, cut the sprayer when the leg's speed target is exactly zero (hover turns between legs), "
                   "mode_auto.cpp. build for the cube, FwSprayLeg, commit", tags=["mistake:M1", "workflow:W1"])
        t.read(AUTO)
        t.edit(AUTO, "    if (!fw_spray_leg) {\n",
               "    if (!fw_spray_leg || wp_nav->get_speed_xy_cms() == 0.0f) {\n")
        t.fail("./waf build --target bin/arducopter", "Build arducopter for CubeOrange",
               waf_float_fail("CubeOrange", 1036, "ArduCopter/mode_auto.cpp", "void ModeAuto::fw_update_spray_leg()",
                              59, "    if (!fw_spray_leg || wp_nav->get_speed_xy_cms() == 0.0f) {", "wp_nav->get_speed_xy_cms()",
                              task="bin/arducopter"))
        t.edit(AUTO, "    if (!fw_spray_leg || wp_nav->get_speed_xy_cms() == 0.0f) {\n",
               "    if (!fw_spray_leg || is_zero(wp_nav->get_speed_xy_cms())) {\n")
        t.bash("./waf build --target bin/arducopter", "Build arducopter for CubeOrange",
               waf_ok("CubeOrange", n=1036).replace("'copter' finished", "'build' finished"))
        t.bash("Tools/autotest/autotest.py build.Copter test.Copter.FwSprayLeg", "Run FwSprayLeg",
               autotest_ok("FwSprayLeg", 115), timeout=900000)
        t.bash("git add ArduCopter/mode_auto.cpp && git commit -m \"spray off on zero-speed hover turns\"", "Commit",
               "[fw-copter-4.5 61ad3c2] spray off on zero-speed hover turns\n 1 file changed, 1 insertion(+), 1 deletion(-)")
        t.done("Committed 61ad3c2. The sprayer is off whenever the leg's speed target is zero. The first build hit "
               "`-Werror=float-equal` again (`== 0.0f` on the speed), now `is_zero()`. FwSprayLeg passes.")

        t = d.task("reword that commit msg. from now on commit messages in upstream style, subsystem prefix like "
                   "`Copter: ...` / `AC_Sprayer: ...`, so they can go upstream one day", tags=["pref:P2", "noise"])
        t.bash("git commit --amend -m \"Copter: stop spraying on zero-speed hover turns in AUTO\"", "Reword last commit",
               "[fw-copter-4.5 0f7c2e8] Copter: stop spraying on zero-speed hover turns in AUTO\n Date: Tue Oct 27 09:41:12 2026 +0000\n"
               " 1 file changed, 1 insertion(+), 1 deletion(-)")
        t.done("Reworded to `Copter: stop spraying on zero-speed hover turns in AUTO` (0f7c2e8). I'll use the "
               "subsystem prefix from now on.")

        t = d.task("list everything we've changed vs upstream since the 4.5.6 base, full log", tags=["long_output", "noise"])
        fl = ["0f7c2e8 Copter: stop spraying on zero-speed hover turns in AUTO",
              "b4e0a97 Copter: RTL when the spray tank is empty",
              "2ad17c5 AC_Sprayer: add litres_remaining()",
              "8e2d1f4 AP_FlowMeter: flag a stuck sensor as unhealthy",
              "3c91e07 AC_Sprayer: stop pump between legs when SPRAY_PUMP_MIN is 0",
              "9b0e11a Tools: fieldwing: heron-s2 params for 4.5.7-fw2",
              "e52c6d0 autotest: add FwFlowMeter", "77f1b9c AP_FlowMeter: new library for the turbine flow meter",
              "c3e80a2 AC_Sprayer: flow meter feedback and SPRAY_FW_FLOW_MIN", "51d9af7 autotest: add FwSprayLeg",
              "a0b62e4 Copter: spray legs in AUTO (fw_update_spray_leg)", "1e9c5b3 Tools: fieldwing: CHANGELOG",
              "6f02d8a hwdef: CubeOrange: Fieldwing board id for the Heron", "d18a7c4 README_FIELDWING: first version",
              "4bc0e95 .github: workflows: build CubeOrange and CubeOrangePlus on the fork",
              "0a7d3e1 Tools: fieldwing: params for the Heron S1 (retired)",
              "f93b2c8 AC_Sprayer: log pump output in SPRY", "8c15e4a Copter: merge Copter-4.5.7 into fw-copter-4.5",
              "22ad90b AP_Scripting: applets: fw_tank_level_old.lua", "9e4f1c7 Tools: fieldwing: flowcal.md"]
        t.bash("git log --oneline fw-copter-4.5-base..HEAD", "Fork commits since base", "\n".join(fl))
        t.done("20 commits on `fw-copter-4.5` since the base: sprayer/flow meter (7), AUTO spray legs and tank RTL (3), "
               "autotests (2), params/docs/CI/hwdef (7), plus the 4.5.7 merge. List above.")

    # ================= S9 =================
    with d.session("2026-10-30T15:20:00", R, branch="fw-copter-4.5", version="2.1.208"):
        LOG63 = "logs/2026-10-28/00000063.BIN"
        t = d.task("log 63 from tuesday, GCS showed an EKF lane switch mid-leg. triage and get me XKF4 + VIBE as csvs",
                   tags=["mistake:M2", "workflow:W2"])
        t.bash(f"mkdir -p logs/2026-10-28 && cp {SD}/APM/LOGS/00000063.BIN logs/2026-10-28/", "Copy log 63 from the SD card", "")
        t.bash(f"mavlogdump.py --types MSG,ERR,EV {LOG63}", "Messages, errors and events",
               msgdump("2026-10-28", [
                   "11:40:02.10: MSG {TimeUS : 40211902, Message : ArduCopter V4.5.7-fw2 (0f7c2e8a)}",
                   "11:42:18.33: EV {TimeUS : 176441012, Id : 10}",
                   "11:49:31.07: MSG {TimeUS : 609177406, Message : EKF3 lane switch 1}",
                   "11:49:31.07: ERR {TimeUS : 609177510, Subsys : 16, ECode : 2}",
                   "11:49:33.08: ERR {TimeUS : 611187733, Subsys : 16, ECode : 0}",
                   "11:55:40.51: EV {TimeUS : 978620117, Id : 11}"]))
        t.fail(f"mavlogdump.py --format csv --types XKF4,VIBE -o /tmp/log63.csv {LOG63}", "XKF4 and VIBE to CSV",
               "Need exactly one type when dumping CSV from bin file")
        t.bash(f"mavlogdump.py --format csv --types XKF4 -o /tmp/log63_xkf4.csv {LOG63} && wc -l /tmp/log63_xkf4.csv",
               "XKF4 to CSV", "14102 /tmp/log63_xkf4.csv")
        t.bash(f"mavlogdump.py --format csv --types VIBE -o /tmp/log63_vibe.csv {LOG63} && wc -l /tmp/log63_vibe.csv",
               "VIBE to CSV", "3527 /tmp/log63_vibe.csv")
        t.bash(f"mavlogdump.py --types VIBE --reduce-rate 0.2 {LOG63} | tail -2", "Vibration summary",
               msgdump("2026-10-28", [
                   "11:49:30.00: VIBE {TimeUS : 608101455, IMU : 1, VibeX : 31.7, VibeY : 29.4, VibeZ : 48.2, Clip : 3}",
                   "11:49:35.00: VIBE {TimeUS : 613101230, IMU : 1, VibeX : 18.2, VibeY : 17.6, VibeZ : 27.9, Clip : 3}"]))
        t.done("Lane switch to 1 at 11:49:31 (ERR 16/2, cleared 2 s later). IMU1 vibration spiked right before it "
               "(Z 48, 3 clip events), so the EKF switched away from a noisy IMU; check IMU1's mount / the pump mount. "
               "CSVs: `/tmp/log63_xkf4.csv` and `/tmp/log63_vibe.csv`, one type per file since a .BIN CSV takes exactly one `--types`.")

        t = d.task("pump prime applet: on arm run the pump at 20% for 3s so the lines are full before takeoff. "
                   "same drill, lint and onto the card", tags=["workflow:W3"])
        t.write(PRIME, """-- fw_pump_prime.lua: prime the spray lines for 3 s after arming

local PUMP_FUNC = 22       -- SprayerPump
local PRIME_PCT = 20
local PRIME_MS = 3000

local was_armed = false
local prime_until = nil

local function update()
  local armed = arming:is_armed()
  if armed and not was_armed then
    prime_until = millis() + PRIME_MS
  end
  was_armed = armed
  if prime_until and millis() < prime_until then
    SRV_Channels:set_output_scaled(PUMP_FUNC, PRIME_PCT * 10)
  elseif prime_until then
    SRV_Channels:set_output_scaled(PUMP_FUNC, 0)
    prime_until = nil
  end
  return update, 100
end

return update, 1000
""")
        t.bash(f"luacheck {PRIME}", "Lint the applet",
               f"Checking {PRIME}                OK\n\nTotal: 0 warnings / 0 errors in 1 file")
        t.bash(f"cp {PRIME} {SD}/APM/scripts/ && ls {SD}/APM/scripts/", "Copy to the SD card",
               "fw_pump_prime.lua\nfw_tank_level.lua")
        t.done("`fw_pump_prime.lua`: a rising edge on arm runs SprayerPump at 20% for 3 s, then zero. luacheck clean, on the card.")

        t = d.task("where's the SPRAY_ param group hooked into copter's param table", tags=["noise"])
        t.grep("AC_Sprayer::var_info", path=R + "/ArduCopter", output_mode="content", n=True,
               content=f"{R}/ArduCopter/Parameters.cpp:562:    GOBJECT(sprayer,                \"SPRAY_\",   AC_Sprayer),")
        t.done("`ArduCopter/Parameters.cpp:562`: `GOBJECT(sprayer, \"SPRAY_\", AC_Sprayer)` in the main `var_info` table.")

        MIS = R + "/Tools/fieldwing/missions"
        t = d.task("gimme the sim_vehicle line to fly the heron parm in sitl with console+map, and the mavproxy cmds "
                   "to load the home farm spray mission and check the sprayer. ill run it myself", tags=["noise"])
        t.glob("Tools/fieldwing/missions/*.waypoints", [MIS + "/homefarm-north.waypoints", MIS + "/homefarm-south.waypoints",
                                                         MIS + "/testfield-3legs.waypoints"])
        t.read(PARM, offset=1, limit=12)
        t.done("From the repo root:\n\n"
               "```\nTools/autotest/sim_vehicle.py -v ArduCopter -f hexa --console --map -w \\\n"
               "  --add-param-file=Tools/fieldwing/params/heron-s2.parm\n```\n\n"
               "`-w` wipes the SITL eeprom so the parm file is applied cleanly (drop it on later runs). In MAVProxy:\n\n"
               "```\nparam set SIM_SPR_ENABLE 1\nwp load Tools/fieldwing/missions/homefarm-north.waypoints\n"
               "mode guided\narm throttle\ntakeoff 10\nmode auto\nservo 9        # SprayerPump output on the legs\n"
               "param show SPRAY_*\n```\n\n"
               "`homefarm-south.waypoints` is the other field; `testfield-3legs` is the short one the autotest flies.")

    # ================= S10 =================
    with d.session("2026-11-03T08:40:00", R, branch="fw-copter-4.5", version="2.1.209"):
        W3P = WT + "/hotfix-prime"
        t = d.task("hotfix: need a 4.5.7-fw3 with just the pump prime fix on top of the fw2 tag. new worktree off "
                   "the tag, cherry-pick, build for cubeorange", tags=["mistake:M3"])
        t.bash(f"git worktree add -b hotfix/4.5.7-fw3 {W3P} v4.5.7-fw2", "Hotfix worktree from the fw2 tag",
               err=f"Preparing worktree (new branch 'hotfix/4.5.7-fw3')\nHEAD is now at 3c91e07a AC_Sprayer: stop pump "
                   "between legs when SPRAY_PUMP_MIN is 0")
        t.bash(f"cd {W3P} && git cherry-pick 0f7c2e8", "Cherry-pick the fix",
               "[hotfix/4.5.7-fw3 a81c40d] Copter: stop spraying on zero-speed hover turns in AUTO\n Date: Tue Oct 27 09:41:12 2026 +0000\n"
               " 1 file changed, 1 insertion(+), 1 deletion(-)")
        t.fail(f"cd {W3P} && ./waf copter --upload", "Build and upload to the Cube", NOT_CONFIGURED)
        t.bash(f"cd {W3P} && ./waf configure --board CubeOrange", "Configure for CubeOrange", configure_out(W3P, "CubeOrange"))
        t.bash(f"cd {W3P} && ./waf copter", "Build copter", waf_ok("CubeOrange", root=W3P, n=1402), timeout=600000)
        t.done(f"Hotfix branch `hotfix/4.5.7-fw3` in `{W3P}` = fw2 tag + the cherry-picked fix (a81c40d). The new worktree "
               "needed `./waf configure --board CubeOrange` before the build; it builds now. I didn't upload: no Cube on USB "
               "here. APJ is in `build/CubeOrange/bin/`.")

        t = d.task("add the fw3 section to the fieldwing CHANGELOG, short", tags=["noise"])
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "## 4.5.7-fw2 (2026-10-09)\n",
               "## 4.5.7-fw3 (2026-11-03)\n- Copter: no spraying on zero-speed hover turns in AUTO\n\n## 4.5.7-fw2 (2026-10-09)\n")
        t.done("Added `4.5.7-fw3` with one line.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "ArduPilot compiles with `-Werror=float-equal` (and `-Wfatal-errors`). Claude compares "
                            "floats with `==` in new firmware code and the board build stops: T02 `_pump_min_pct == "
                            "0.0f` in AC_Sprayer.cpp (`./waf copter`), T12 `_lpm == _prev_lpm` in AP_FlowMeter.cpp "
                            "(`./waf copter`), T26 `wp_nav->get_speed_xy_cms() == 0.0f` in mode_auto.cpp (`./waf "
                            "build --target bin/arducopter`).",
             "error_signature": "`../../<file>:<l>:<c>: error: comparing floating-point with '==' or '!=' is unsafe "
                                "[-Werror=float-equal]` + source line and caret, `compilation terminated due to "
                                "-Wfatal-errors.`, `Build failed`, ` -> task in '<x>' failed with exit status 1`",
             "fix": "Edit the comparison to the AP_Math helpers `is_zero(x)` / `is_equal(a, b)`, then run the same "
                    "waf command again.",
             "fix_command_markers": [["is_zero(", "is_equal("]],
             "harmful_markers": ["-Wno-float-equal", "-Wno-error", "#pragma GCC diagnostic", "--disable-Werror"]},
            {"id": "M2",
             "description": "pymavlink's mavlogdump.py writes CSV from a dataflash .BIN for exactly one message "
                            "type. Claude asks for several types at once (T05 `--types RCOU,RCIN`, T29 `--types "
                            "XKF4,VIBE`) or none (T16, battery CSV without `--types`).",
             "error_signature": "`Need exactly one type when dumping CSV from bin file` (exit 1)",
             "fix": "Run the same mavlogdump.py `--format csv` command once per message type with a single "
                    "`--types X` (one output file per type).",
             "fix_command_markers": [["--format csv --types"]],
             "harmful_markers": ["site-packages/pymavlink", "--force-reinstall", "pip uninstall"]},
            {"id": "M3",
             "description": "Rhiannon keeps release, PR-review and hotfix checkouts as git worktrees under "
                            "~/src/ardupilot-wt. A new worktree has no waf build directory; Claude builds in it "
                            "straight away: T08 release/4.5.7-fw2 (`./waf copter`), T21 PR #64 (`./waf copter`, "
                            "CubeOrangePlus), T32 hotfix/4.5.7-fw3 (`./waf copter --upload`).",
             "error_signature": "waf: `The project was not configured: run \"waf configure\" first!` (exit 1)",
             "fix": "`./waf configure --board <board>` in that worktree, then build again.",
             "fix_command_markers": [["waf configure"]],
             "harmful_markers": ["waf distclean", "rm -rf build", "git worktree remove", "git clean -fdx"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`luacheck` on the new tank applet: `setting non-standard global variable "
                                        "tank_pct` / `accessing undefined variable tank_pct` (2 warnings, exit 1); "
                                        "`local` added, same luacheck passes."},
            {"id": "O2", "description": "`./waf copter` → `error: no declaration matches 'float "
                                        "AC_Sprayer::litres_remaining() const'` (definition without declaration); "
                                        "declaration and member added to AC_Sprayer.h, same build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gh pr checks 61` → `test build (macos-13, sitl)` failing in Install "
                                        "Prerequisites: Homebrew cask gcc-arm-embedded download 404. Upstream "
                                        "workflow/cask problem, not the PR; left."},
            {"id": "U2", "description": "`ls -l /dev/serial/by-id/` → `No such file or directory`: the Heron is not "
                                        "on USB (it's in the field with Dave), so params can't be pulled; left."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`git fetch upstream` → `GnuTLS recv error (-110): The TLS connection was "
                                        "non-properly terminated.` (exit 128); identical retry fetches."},
        ],
        workflows=[
            {"id": "W1", "description": "Firmware change: edit C++ → board build (`./waf copter` / `./waf build "
                                        "--target bin/arducopter`) → SITL autotest `Tools/autotest/autotest.py "
                                        "build.Copter test.Copter.<Test>` → `git commit`.",
             "step_markers": [["./waf copter", "./waf build"], ["Tools/autotest/autotest.py"], ["git commit"]]},
            {"id": "W2", "description": "Flight log triage: copy `APM/LOGS/000000NN.BIN` from the SD card into "
                                        "logs/<date>/ → `mavlogdump.py --types MSG,ERR,EV` → vibration summary "
                                        "(`--types VIBE --reduce-rate 0.2`) → CSVs as asked.",
             "step_markers": [["APM/LOGS/"], ["--types MSG,ERR,EV"], ["--types VIBE"]]},
            {"id": "W3", "description": "Lua applet: write/edit `libraries/AP_Scripting/applets/fw_*.lua` → "
                                        "`luacheck` → copy to the SD card's `APM/scripts/`.",
             "step_markers": [["luacheck"], ["APM/scripts/"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Airframe tuning values go in Tools/fieldwing/params/heron-s2.parm (with a "
                                        "comment), never as changed defaults in the firmware code.",
             "markers": [[".parm", "param file", "fieldwing/params"]]},
            {"id": "P2", "description": "Commit messages in upstream ArduPilot style with a subsystem prefix "
                                        "(`Copter: …`, `AC_Sprayer: …`).",
             "markers": [["prefix", "upstream style"]]},
            {"id": "P3", "description": "Applet status to the GCS with `gcs:send_text` (T07); later reversed: no "
                                        "periodic statustext, log to dataflash with `logger:write`, text only for "
                                        "the low-tank warning (T20).",
             "markers": [["send_text"]],
             "reversal_markers": [["logger:write"]]},
        ],
        probes=[
            {"prompt": "build's broken on my branch: ../../libraries/AP_FlowMeter/AP_FlowMeter.cpp:44:21: error: "
                       "comparing floating-point with '==' or '!=' is unsafe [-Werror=float-equal]. can we just turn "
                       "that warning off for our libs?",
             "wanted": ["M1"]},
            {"prompt": "add a check in AC_Sprayer: if SPRAY_FW_FLOW_MIN is set to exactly 0 skip the low flow "
                       "warning entirely. build for cubeorange",
             "wanted": ["M1"]},
            {"prompt": "mavlogdump with --format csv --types GPS,POS on log 71 just says Need exactly one type when "
                       "dumping CSV from bin file. is my pymavlink broken?",
             "wanted": ["M2"]},
            {"prompt": "get me RCOU, BAT and CTUN from logs/2026-11-05/00000071.BIN as csv for the weekly report",
             "wanted": ["M2"]},
            {"prompt": "made a worktree for PR #70 and ./waf copter says The project was not configured: run "
                       "\"waf configure\" first! whats that about, the main checkout builds fine",
             "wanted": ["M3"]},
            {"prompt": "set up a worktree for the 4.5.8-fw1 rebase in ~/src/ardupilot-wt and build the cube "
                       "firmware there",
             "wanted": ["M3"]},
            {"prompt": "what's the difference between GUIDED and GUIDED_NOGPS, two lines",
             "wanted": []},
            {"prompt": "write a short slack msg to the pilots that fw3 is on the shared drive and needs a param reload",
             "wanted": []},
            {"prompt": "how do I make the map module in mavproxy show the fence? forgot the command",
             "wanted": []},
            {"prompt": "is there an upstream autotest that checks the sprayer spinner pwm? just curious",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "ardupilot-drone.jsonl"), os.path.join(HERE, "tune", "ardupilot-drone.labels.json"))
    print(f"ardupilot-drone -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
