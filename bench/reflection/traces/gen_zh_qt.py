"""zh-qt: 刘洋 (Liu Yang), desktop-application developer at 恒测仪器 (industrial gas analysers).

Stack: Qt 6.6.3 C++17 desktop app `HcStudio` (QML front-end, legacy Qt Widgets dialogs), CMake + Ninja presets on
Windows 11 (MSVC 2022, Claude Code started from the Developer PowerShell, Bash tool = Git Bash) and on a headless
Ubuntu 22.04 build VM `u22-build` (GCC 12, reached over SSH), qt_add_qml_module, lupdate/lrelease via
qt_add_translations (zh_CN, en_US), windeployqt / linuxdeployqt, NSIS installer, Qt Test via ctest, QSerialPort to
the analyser, SQLite via Qt SQL, clang-format, git on a self-hosted Gitea. Prompts and replies in Chinese.

Written blind for fresh/; measured once held out (round 19), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "liuyang"
MODEL = "claude-opus-4-6"
WR = "C:\\Users\\liuyang\\work\\hc-studio"
LR = "/home/liuyang/work/hc-studio"
QTW = "/c/Qt/6.6.3/msvc2019_64/bin"
GITEA = "git.hengce.local"

_rng = [random.Random(20261201)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def W(rel):
    return WR + "\\" + rel.replace("/", "\\")


def L(rel):
    return f"{LR}/{rel}"


def win_session(d):
    s = d.sess
    s["transcript_path"] = f"C:\\Users\\{U}\\.claude\\projects\\C--Users-liuyang-work-hc-studio\\{s['id']}.jsonl"
    d.lines[-1]["hook"]["transcript_path"] = s["transcript_path"]


# ---------------------------------------------------------------- output helpers
def ninja(steps, exe="bin\\HcStudio.exe"):
    n = len(steps) + 1
    out = [f"[{i + 1}/{n}] {s}" for i, s in enumerate(steps)]
    out.append(f"[{n}/{n}] Linking CXX executable {exe}")
    return "\n".join(out)


def ctest_run(builddir, tests, failed=None, fail_kind="Failed", fail_out="", win=True):
    lines = [f"Test project {builddir}"]
    secs_total = 0.0
    nfail = 0
    for i, (name, secs) in enumerate(tests, 1):
        lines.append(f"      Start {i}: {name}")
        if failed and name == failed:
            nfail += 1
            status = "***Failed  " if fail_kind == "Failed" else "Subprocess aborted***Exception: "
            lines.append(f"{i}/{len(tests)} Test #{i}: {name} {'.' * (28 - len(name))}{status}{secs:>6.2f} sec")
            if fail_out:
                lines.append(fail_out)
        else:
            lines.append(f"{i}/{len(tests)} Test #{i}: {name} {'.' * (28 - len(name))}   Passed  {secs:>6.2f} sec")
        secs_total += secs
    pct = int(100 * (len(tests) - nfail) / len(tests))
    lines.append("")
    lines.append(f"{pct}% tests passed, {nfail} tests failed out of {len(tests)}")
    lines.append("")
    lines.append(f"Total Test time (real) = {secs_total + 0.31:>7.2f} sec")
    if failed:
        idx = [n for n, _ in tests].index(failed) + 1
        kind = "Failed" if fail_kind == "Failed" else "Subprocess aborted"
        lines += ["", "The following tests FAILED:", f"\t{idx:>3} - {failed} ({kind})", "Errors while running CTest",
                  f"Output from these tests are in: {builddir}/Testing/Temporary/LastTest.log",
                  'Use "--rerun-failed --output-on-failure" to re-run the failed cases verbosely.']
    return "\n".join(lines)


WIN_TESTS = [("tst_frameparser", 0.07), ("tst_checksum", 0.05), ("tst_seriallink", 0.41), ("tst_measurementstore", 0.12),
             ("tst_calibrationdialog", 0.36), ("tst_qmlsmoke", 0.88)]
LIN_TESTS = [("tst_frameparser", 0.04), ("tst_checksum", 0.03), ("tst_seriallink", 0.33), ("tst_measurementstore", 0.09),
             ("tst_calibrationdialog", 0.21), ("tst_qmlsmoke", 0.64)]
WBD = "C:/Users/liuyang/work/hc-studio/build/win-debug"
LBD = "/home/liuyang/work/hc-studio/build/linux-debug"

XCB_FAIL = ("qt.qpa.xcb: could not connect to display \n"
            "qt.qpa.plugin: Could not load the Qt platform plugin \"xcb\" in \"\" even though it was found.\n"
            "This application failed to start because no Qt platform plugin could be initialized. Reinstalling the "
            "application may fix this problem.\n\n"
            "Available platform plugins are: eglfs, linuxfb, minimal, minimalegl, offscreen, vkkhrdisplay, vnc, "
            "wayland-brcm, wayland-egl, wayland, xcb.\n")


def qtest_cfg(name, win=True):
    plat = ("x86_64-little_endian-llp64 shared (dynamic) debug build; by MSVC 2019), windows 10.0.22631" if win else
            "x86_64-little_endian-lp64 shared (dynamic) debug build; by GCC 12.3.0), ubuntu 22.04")
    return (f"********* Start testing of {name} *********\n"
            f"Config: Using QtTest library 6.6.3, Qt 6.6.3 ({plat})")


def missing_dll(cmd, dll):
    return f"{cmd}: error while loading shared libraries: {dll}: cannot open shared object file: No such file or directory"


def windeploy(exe, kind, deps, debug=False, bindir="build/win-release/bin"):
    sfx = "d" if debug else ""
    dlls = " ".join(deps)
    upd = "\n".join(f"Updating {x}{sfx}.dll." for x in deps)
    return (f"{exe} 64 bit, {kind} executable [QML]\n"
            f"Scanning C:\\Users\\liuyang\\work\\hc-studio\\qml:\nQML imports:\n"
            "  'QtQml' C:\\Qt\\6.6.3\\msvc2019_64\\qml\\QtQml\n"
            "  'QtQuick' C:\\Qt\\6.6.3\\msvc2019_64\\qml\\QtQuick\n"
            "  'QtQuick.Controls' C:\\Qt\\6.6.3\\msvc2019_64\\qml\\QtQuick\\Controls\n"
            "  'QtQuick.Layouts' C:\\Qt\\6.6.3\\msvc2019_64\\qml\\QtQuick\\Layouts\n"
            f"Direct dependencies: {dlls}\nAll dependencies   : {dlls} Qt6Network Qt6OpenGL Qt6QmlModels\n"
            f"To be deployed     : {dlls} Qt6Network Qt6OpenGL Qt6QmlModels\n{upd}\n"
            f"Updating Qt6Network{sfx}.dll.\nUpdating Qt6OpenGL{sfx}.dll.\nUpdating Qt6QmlModels{sfx}.dll.\n"
            "Updating opengl32sw.dll.\nUpdating D3Dcompiler_47.dll.\n"
            f"Creating directory C:/Users/liuyang/work/hc-studio/{bindir}/platforms.\n"
            f"Updating qwindows{sfx}.dll.\nCreating qt_en.qm...\nCreating qt_zh_CN.qm...")


def push_out(branch, n=5):
    return (f"Enumerating objects: {n + 4}, done.\nCounting objects: 100% ({n + 4}/{n + 4}), done.\n"
            f"Delta compression using up to 16 threads\nCompressing objects: 100% ({n}/{n}), done.\n"
            f"Writing objects: 100% ({n}/{n}), 1.{_rng[0].randint(10, 99)} KiB | 1.{_rng[0].randint(10, 99)} MiB/s, done.\n"
            f"Total {n} (delta 3), reused 0 (delta 0), pack-reused 0 (from 0)\nremote: \n"
            f"remote: Create a new pull request for '{branch}':\n"
            f"remote:   https://{GITEA}/desktop/hc-studio/compare/main...{branch}\nremote: \n"
            f"To ssh://{GITEA}:2222/desktop/hc-studio.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def commit_out(branch, msg, nfiles, ins, dels=0):
    s = f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletions(-)"
    return s


def nsis_out(ver, kb):
    return (f"MakeNSIS v3.09 - Copyright 1999-2023 Contributors\nSee the file COPYING for license information.\n"
            "Processing config: C:\\Program Files (x86)\\NSIS\\nsisconf.nsh\n"
            "Processing script file: \"installer/hcstudio.nsi\" (ACP)\n...\n"
            "Processed 1 file, writing output (x86-unicode):\n\n"
            f"Output: \"C:\\Users\\liuyang\\work\\hc-studio\\dist\\HcStudio-{ver}-win64-setup.exe\"\n"
            "Install: 7 pages (448 bytes), 3 sections (1 required) (6216 bytes), 612 instructions (17136 bytes), "
            "288 strings (9842 bytes), 2 language tables (478 bytes).\n"
            "Uninstall: 3 pages (256 bytes), 1 section (2072 bytes), 188 instructions (5264 bytes), 141 strings (3096 bytes), "
            "2 language tables (366 bytes).\n\n"
            "Using zlib compression.\n\n"
            f"Total size:                  {kb * 1024} / {kb * 1380} bytes ({100 * kb // (kb * 138 // 100)}.4%)")


def install_out(prefix, ver):
    return (f"-- Install configuration: \"Release\"\n-- Installing: {prefix}/bin/HcStudio.exe\n"
            f"-- Installing: {prefix}/bin/hc-flash.exe\n"
            f"-- Running Qt deploy tool for {prefix}/bin/HcStudio.exe in working directory '{prefix}'\n"
            f"-- Installing: {prefix}/translations/hcstudio_zh_CN.qm\n-- Installing: {prefix}/translations/hcstudio_en_US.qm\n"
            f"-- Installing: {prefix}/share/hcstudio/VERSION ({ver})")


# ---------------------------------------------------------------- files
CMAKE = """cmake_minimum_required(VERSION 3.21)
project(HcStudio VERSION 1.4.0 LANGUAGES CXX)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)

find_package(Qt6 6.6 REQUIRED COMPONENTS Core Gui Widgets Qml Quick SerialPort Sql LinguistTools Test)
qt_standard_project_setup(REQUIRES 6.5)

add_subdirectory(src/core)
add_subdirectory(src/serial)
add_subdirectory(src/storage)
add_subdirectory(src/dialogs)

qt_add_executable(HcStudio WIN32
    src/main.cpp
    src/app/AppController.cpp src/app/AppController.h
)

qt_add_qml_module(HcStudio
    URI HcStudio
    VERSION 1.0
    QML_FILES
        qml/Main.qml
        qml/pages/DashboardPage.qml
        qml/pages/TrendPage.qml
        qml/pages/SettingsPage.qml
        qml/components/StatusBar.qml
    RESOURCES
        resources/icons/logo.svg
)

target_link_libraries(HcStudio PRIVATE Qt6::Quick Qt6::Widgets hccore hcserial hcstorage hcdialogs)

qt_add_translations(HcStudio
    TS_FILES i18n/hcstudio_zh_CN.ts i18n/hcstudio_en_US.ts
    LUPDATE_OPTIONS -no-obsolete
)

install(TARGETS HcStudio RUNTIME DESTINATION bin)
qt_generate_deploy_qml_app_script(TARGET HcStudio OUTPUT_SCRIPT deploy_script)
install(SCRIPT ${deploy_script})

enable_testing()
add_subdirectory(tests)
"""

README = """# hc-studio

恒测 HC 系列气体分析仪上位机（Qt 6.6，QML 主界面 + 部分 Widgets 旧对话框）。

## 构建

- Windows：在 Developer PowerShell for VS 2022 里 `cmake --preset win-debug` / `win-release`，Qt 在 `C:\\Qt\\6.6.3\\msvc2019_64`
- Linux：构建机 u22-build（Ubuntu 22.04, GCC 12），`cmake --preset linux-debug`，Qt 在 `/opt/Qt/6.6.3/gcc_64`
- 测试：Qt Test，`ctest --test-dir build/<preset> --output-on-failure`
- 自检：`HcStudio.exe --smoke-test` 加载完 QML 立即退出（加载失败返回 -1）；`--replay <file.hcrec> [--bench]` 回放录制的串口数据

## 目录

- `src/core/`     协议帧解析、校验（HC-Link 协议，见 docs/hc-link.md）
- `src/serial/`   QSerialPort 封装（SerialLink）
- `src/storage/`  测量数据 SQLite（Qt SQL）
- `src/dialogs/`  Qt Widgets 旧对话框（标定、串口设置）
- `qml/`          QML 界面，模块 URI `HcStudio`
- `i18n/`         zh_CN / en_US 翻译
- `installer/`    NSIS 脚本
- `tools/`        命令行小工具
"""

MAIN_QML = """import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

ApplicationWindow {
    id: root
    width: 1280
    height: 800
    visible: true
    title: qsTr("HC Studio")

    header: StatusBar {
        portName: appController.portName
        connected: appController.connected
    }

    StackLayout {
        anchors.fill: parent
        currentIndex: nav.currentIndex

        DashboardPage {}
        TrendPage {}
        SettingsPage {}
    }

    footer: TabBar {
        id: nav
        TabButton { text: qsTr("总览") }
        TabButton { text: qsTr("趋势") }
        TabButton { text: qsTr("设置") }
    }
}
"""

DASH_QML = """import QtQuick
import QtQuick.Layouts

Item {
    GridLayout {
        anchors.fill: parent
        anchors.margins: 16
        columns: 4
        columnSpacing: 12
        rowSpacing: 12

        Repeater {
            model: appController.channels
            delegate: Rectangle {
                Layout.fillWidth: true
                height: 120
                radius: 6
                color: "#f4f6f8"
                Text { anchors.centerIn: parent; text: modelData.name + ": " + modelData.value.toFixed(2) }
            }
        }
    }
}
"""

TREND_QML = """import QtQuick
import QtQuick.Controls

Item {
    Label {
        anchors.centerIn: parent
        text: qsTr("趋势图（待实现）")
    }
}
"""

CHECKSUM = """#include "Checksum.h"

namespace hc {

// HC-Link: 8-bit sum of address..payload, two's complement
quint8 frameChecksum(const QByteArray &data)
{
    const auto s = std::accumulate(data.cbegin(), data.cend(), 0u,
                                   [](unsigned acc, char c) { return acc + static_cast<quint8>(c); });
    return static_cast<quint8>(0x100 - (s & 0xFF));
}

} // namespace hc
"""

SERIAL = """#include "SerialLink.h"

#include <QDebug>

namespace hc {

SerialLink::SerialLink(QObject *parent)
    : QObject(parent)
{
    connect(&m_port, &QSerialPort::readyRead, this, &SerialLink::onReadyRead);
}

bool SerialLink::open(const QString &portName, qint32 baud)
{
    m_port.setPortName(portName);
    m_port.setBaudRate(baud);
    m_port.setDataBits(QSerialPort::Data8);
    m_port.setParity(QSerialPort::NoParity);
    m_port.setStopBits(QSerialPort::OneStop);
    if (!m_port.open(QIODevice::ReadWrite)) {
        qDebug() << "open failed" << portName << m_port.errorString();
        return false;
    }
    emit connectedChanged(true);
    return true;
}

void SerialLink::onReadyRead()
{
    m_buffer.append(m_port.readAll());
    while (auto frame = m_parser.take(m_buffer))
        emit frameReceived(*frame);
}

} // namespace hc
"""

STORE = """#include "MeasurementStore.h"

#include <QSqlError>
#include <QSqlQuery>

namespace hc {

bool MeasurementStore::open(const QString &path)
{
    m_db = QSqlDatabase::addDatabase("QSQLITE", "measurements");
    m_db.setDatabaseName(path);
    if (!m_db.open())
        return false;
    QSqlQuery q(m_db);
    return q.exec("CREATE TABLE IF NOT EXISTS measurement ("
                  " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                  " channel INTEGER NOT NULL,"
                  " value REAL NOT NULL,"
                  " ts INTEGER NOT NULL)");
}

} // namespace hc
"""

CALIB = """#include "CalibrationDialog.h"
#include "ui_CalibrationDialog.h"

CalibrationDialog::CalibrationDialog(hc::SerialLink *link, QWidget *parent)
    : QDialog(parent)
    , ui(new Ui::CalibrationDialog)
    , m_link(link)
{
    ui->setupUi(this);
    connect(ui->startButton, SIGNAL(clicked()), this, SLOT(startZero()));
    connect(ui->spanButton, SIGNAL(clicked()), this, SLOT(startSpan()));
    connect(m_link, SIGNAL(frameReceived(hc::Frame)), this, SLOT(onFrame(hc::Frame)));
    connect(&m_timeout, SIGNAL(timeout()), this, SLOT(onTimeout()));
}

CalibrationDialog::~CalibrationDialog()
{
    delete ui;
}
"""

TS_ZH = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CalibrationDialog</name>
    <message>
        <location filename="../src/dialogs/CalibrationDialog.cpp" line="58"/>
        <source>Zero calibration finished</source>
        <translation>零点标定完成</translation>
    </message>
</context>
<context>
    <name>SerialLink</name>
    <message>
        <location filename="../src/serial/SerialLink.cpp" line="71"/>
        <source>Connection lost, reconnecting in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../src/serial/SerialLink.cpp" line="84"/>
        <source>Port %1 reconnected</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
"""

NSI = """!define APPNAME "HC Studio"
!ifndef VERSION
  !define VERSION "0.0.0"
!endif
Name "${APPNAME} ${VERSION}"
OutFile "..\\dist\\HcStudio-${VERSION}-win64-setup.exe"
Unicode True
InstallDir "$PROGRAMFILES64\\Hengce\\HC Studio"
RequestExecutionLevel admin

!include "MUI2.nsh"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_LANGUAGE "SimpChinese"
!insertmacro MUI_LANGUAGE "English"

Section "HC Studio" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  File /r "..\\dist\\stage\\*.*"
  WriteUninstaller "$INSTDIR\\uninstall.exe"
SectionEnd
"""

FILES = {
    W("README.md"): README,
    W("CMakeLists.txt"): CMAKE,
    W("qml/Main.qml"): MAIN_QML,
    W("qml/pages/DashboardPage.qml"): DASH_QML,
    W("qml/pages/TrendPage.qml"): TREND_QML,
    W("src/serial/SerialLink.cpp"): SERIAL,
    W("src/storage/MeasurementStore.cpp"): STORE,
    W("src/dialogs/CalibrationDialog.cpp"): CALIB,
    W("i18n/hcstudio_zh_CN.ts"): TS_ZH,
    W("installer/hcstudio.nsi"): NSI,
    L("src/core/protocol/Checksum.cpp"): CHECKSUM,
    L("src/serial/SerialLink.cpp"): SERIAL,
}

BUILD_W = "cmake --build build/win-debug"
BUILD_L = "cmake --build build/linux-debug"
CT_W = "ctest --test-dir build/win-debug --output-on-failure"
SMOKE = "./build/win-debug/bin/HcStudio.exe --smoke-test"
SMOKE_OK = "[smoke] QML loaded: qrc:/qt/qml/HcStudio/qml/Main.qml\n[smoke] root objects: 1, exiting"


def qml_err(path, line, col, typ):
    return f"qrc:/qt/qml/HcStudio/{path}:{line}:{col}: {typ} is not a type"


# ---------------------------------------------------------------- sessions
def s1(d):
    with d.session("2026-12-01T01:36:00", WR, branch="main", version="2.1.150"):
        win_session(d)
        t = d.task("这个 hc-studio 是我从小周那接过来的上位机项目，你先帮我过一遍：CMake 怎么组织的、QML 和 Widgets 各负责哪块、"
                   "串口和数据库在哪", tags=["noise"])
        t.read(W("README.md"))
        t.read(W("CMakeLists.txt"))
        t.glob("**/*.{cpp,qml}", [W("src/main.cpp"), W("src/app/AppController.cpp"), W("src/core/protocol/FrameParser.cpp"),
                                  W("src/core/protocol/Checksum.cpp"), W("src/serial/SerialLink.cpp"),
                                  W("src/storage/MeasurementStore.cpp"), W("src/dialogs/CalibrationDialog.cpp"),
                                  W("src/dialogs/PortSettingsDialog.cpp"), W("qml/Main.qml"), W("qml/pages/DashboardPage.qml"),
                                  W("qml/pages/TrendPage.qml"), W("qml/pages/SettingsPage.qml"), W("qml/components/StatusBar.qml"),
                                  W("tests/tst_frameparser.cpp"), W("tests/tst_qmlsmoke.cpp")], path=WR)
        t.read(W("src/serial/SerialLink.cpp"))
        t.read(W("qml/Main.qml"))
        t.done("""整体结构：

- **CMake**：根 `CMakeLists.txt` 用 `qt_standard_project_setup(REQUIRES 6.5)`，`src/core`（协议帧解析、校验和）、`src/serial`（`SerialLink`，包 QSerialPort）、`src/storage`（`MeasurementStore`，QSQLITE）、`src/dialogs`（Widgets 对话框）各是一个静态库；主程序 `HcStudio` 用 `qt_add_qml_module(URI HcStudio)` 把 `qml/` 下的文件编进模块，`qt_add_translations` 管 zh_CN / en_US 两个 .ts
- **QML**：`Main.qml` 是 ApplicationWindow，三个页面 Dashboard / Trend / Settings，状态栏显示串口状态；数据通过 `appController` 上下文对象给到 QML
- **Widgets**：标定对话框 `CalibrationDialog`、串口设置 `PortSettingsDialog`，还是老式 `.ui` + `SIGNAL/SLOT` 写法
- **串口**：`SerialLink::onReadyRead` 把数据追加到缓冲区，由 `FrameParser::take` 拆出完整 HC-Link 帧后发 `frameReceived`
- **测试**：`tests/` 下 6 个 Qt Test，其中 `tst_qmlsmoke` 会加载整个 QML 模块

注意 `TrendPage.qml` 还是占位。""")

        t = d.task("总览页每个通道现在就是个灰色方块，做一个 ChannelCard.qml 组件：显示通道名、浓度值、单位，超过报警阈值时边框变红，"
                   "在 DashboardPage 里用它替换掉那个 Rectangle。C++ 这边如果要加信号槽，connect 统一用函数指针写法，别再用 SIGNAL/SLOT 宏",
                   tags=["mistake:M1", "pref:P1"])
        t.read(W("qml/pages/DashboardPage.qml"))
        t.write(W("qml/components/ChannelCard.qml"), """import QtQuick
import QtQuick.Layouts

Rectangle {
    id: card
    property string channelName
    property real value
    property string unit: "ppm"
    property real alarmLimit: 0

    readonly property bool alarming: alarmLimit > 0 && value >= alarmLimit

    radius: 6
    color: "#f4f6f8"
    border.width: alarming ? 3 : 1
    border.color: alarming ? "#d32f2f" : "#cfd8dc"

    ColumnLayout {
        anchors.centerIn: parent
        Text { text: card.channelName; font.pixelSize: 14; color: "#546e7a" }
        Text { text: card.value.toFixed(2) + " " + card.unit; font.pixelSize: 28; font.bold: true }
    }
}
""")
        t.edit(W("qml/pages/DashboardPage.qml"), """            delegate: Rectangle {
                Layout.fillWidth: true
                height: 120
                radius: 6
                color: "#f4f6f8"
                Text { anchors.centerIn: parent; text: modelData.name + ": " + modelData.value.toFixed(2) }
            }""", """            delegate: ChannelCard {
                Layout.fillWidth: true
                Layout.preferredHeight: 120
                channelName: modelData.name
                value: modelData.value
                unit: modelData.unit
                alarmLimit: modelData.alarmLimit
            }""")
        t.bash(BUILD_W, "编译",
               out=ninja(["Automatic MOC and UIC for target HcStudio", "Running AUTOMOC file extraction for target HcStudio",
                          "Running qmlcachegen to create cache for qml/pages/DashboardPage.qml",
                          "Building CXX object CMakeFiles/HcStudio.dir/.rcc/qmlcache/HcStudio_qml/pages/DashboardPage_qml.cpp.obj"]))
        t.fail(SMOKE, "用 smoke 模式启动，确认 QML 能加载",
               "QQmlApplicationEngine failed to load component\n" + qml_err("qml/pages/DashboardPage.qml", 13, 23, "ChannelCard"),
               code=255)
        t.say("`ChannelCard.qml` 文件在磁盘上，但没有加进 `qt_add_qml_module` 的 `QML_FILES`，所以没编进 `qrc:/qt/qml/HcStudio/` 模块，"
              "DashboardPage 找不到这个类型。把它加到 CMakeLists.txt 里：")
        t.edit(W("CMakeLists.txt"), "    QML_FILES\n        qml/Main.qml\n",
               "    QML_FILES\n        qml/Main.qml\n        qml/components/ChannelCard.qml\n")
        t.bash(BUILD_W, "重新配置并编译",
               out="[0/2] Re-checking globbed directories...\n[1/2] Re-running CMake...\n-- Configuring done (2.1s)\n"
                   "-- Generating done (0.4s)\n-- Build files have been written to: C:/Users/liuyang/work/hc-studio/build/win-debug\n"
                   + ninja(["Generating .rcc/qmlcache/HcStudio_qml/components/ChannelCard_qml.cpp",
                            "Building CXX object CMakeFiles/HcStudio.dir/.rcc/qmlcache/HcStudio_qml/components/ChannelCard_qml.cpp.obj",
                            "Automatic RCC for qml_HcStudio_raw_qml_0.qrc"]))
        t.bash(SMOKE, "再跑一次 smoke", out=SMOKE_OK)
        t.done("""ChannelCard 做好了，smoke 启动通过。

- 新文件 `qml/components/ChannelCard.qml`：通道名、`value.toFixed(2)` + 单位；`value >= alarmLimit` 时边框 3px 红色 `#d32f2f`
- `DashboardPage.qml` 的 delegate 换成 `ChannelCard`，从 `modelData` 取 `name/value/unit/alarmLimit`
- `CMakeLists.txt` 的 `QML_FILES` 里加了 `qml/components/ChannelCard.qml`——第一次启动报 `ChannelCard is not a type` 就是因为没加进模块
- 这次没动 C++，没有新的 connect""")

        t = d.task("问一下：QSerialPort 的 readyRead 一次可能只来半帧，也可能一次来好几帧，我们 FrameParser 现在那种追加缓冲再 take 的方式靠谱吗？"
                   "要不要改成 waitForReadyRead 同步读", tags=["no_tools"])
        t.done("""现在的做法是对的，不建议改成 `waitForReadyRead`：

1. **readyRead 和帧边界无关**：驱动/USB 转串口芯片按自己的节奏把字节交给 Qt，一次 readyRead 拿到半帧、一帧多、好几帧都正常。追加到 `m_buffer` 后循环 `take()` 直到拆不出完整帧，正是处理这种情况的标准写法
2. **需要注意的点**：
   - `take()` 遇到帧头不对时要丢弃到下一个帧头（0xAA 0x55），否则一个坏字节会卡死缓冲区
   - 缓冲区要有上限（比如 64 KB），防止仪器乱发时无限增长
   - 帧间超时：如果半帧停留超过 200 ms 就清掉
3. **waitForReadyRead** 会阻塞所在线程。在 GUI 线程里用会卡界面；要同步读就得把 SerialLink 挪到单独的 QThread，复杂度更高，收益不大

结论：保留异步 + 缓冲拆包，补上坏帧丢弃和缓冲上限即可。""")


def s2(d):
    with d.session("2026-12-03T06:12:00", LR, branch="main", version="2.1.151"):
        t = d.task("我在 u22-build 上，先 configure 一下 linux-debug，然后把全部测试跑一遍，看看 Linux 上有没有问题",
                   tags=["mistake:M2"])
        t.bash("cmake --preset linux-debug", "配置 linux-debug",
               out="Preset CMake variables:\n\n  CMAKE_BUILD_TYPE=\"Debug\"\n  CMAKE_CXX_COMPILER=\"/usr/bin/g++-12\"\n"
                   "  CMAKE_PREFIX_PATH=\"/opt/Qt/6.6.3/gcc_64\"\n\n-- The CXX compiler identification is GNU 12.3.0\n"
                   "-- Detecting CXX compiler ABI info\n-- Detecting CXX compiler ABI info - done\n"
                   "-- Check for working CXX compiler: /usr/bin/g++-12 - skipped\n-- Performing Test CMAKE_HAVE_LIBC_PTHREAD\n"
                   "-- Performing Test CMAKE_HAVE_LIBC_PTHREAD - Success\n-- Found Threads: TRUE\n"
                   "-- Configuring done (3.8s)\n-- Generating done (0.2s)\n"
                   f"-- Build files have been written to: {LBD}")
        t.bash(BUILD_L, "编译", out=ninja(["Automatic MOC and UIC for target hccore", "Building CXX object src/core/CMakeFiles/hccore.dir/protocol/FrameParser.cpp.o",
                                           "Building CXX object src/core/CMakeFiles/hccore.dir/protocol/Checksum.cpp.o",
                                           "Building CXX object src/serial/CMakeFiles/hcserial.dir/SerialLink.cpp.o",
                                           "Linking CXX static library src/serial/libhcserial.a"], exe="bin/HcStudio"))
        fo = (XCB_FAIL)
        t.fail("cd build/linux-debug && ctest --output-on-failure", "跑全部测试",
               ctest_run(LBD, LIN_TESTS, failed="tst_calibrationdialog", fail_kind="abort", fail_out=fo), code=8)
        t.say("挂的是 `tst_calibrationdialog`：它是 Widgets 测试，要创建窗口；这台构建机是 SSH 进来的，没有 X 显示，xcb 平台插件连不上 display 就直接 abort 了。"
              "其他纯逻辑测试都过了。在无显示环境下跑要用 offscreen 平台插件：")
        t.bash("cd build/linux-debug && QT_QPA_PLATFORM=offscreen ctest --output-on-failure", "用 offscreen 平台重跑",
               out=ctest_run(LBD, LIN_TESTS))
        t.done("""Linux 上 6 个测试全部通过。

- 第一次 `tst_calibrationdialog` 报 `qt.qpa.xcb: could not connect to display` 后 abort：u22-build 没有图形环境，Widgets/QML 测试拿不到 xcb
- 加 `QT_QPA_PLATFORM=offscreen` 重跑，6/6 通过，代码本身没问题""")

        t = d.task("Linux 下 release 也编一下，发版前要确认 GCC 12 能过", tags=["oneoff:O1"])
        t.bash("cmake --preset linux-release", "配置 linux-release",
               out="Preset CMake variables:\n\n  CMAKE_BUILD_TYPE=\"Release\"\n  CMAKE_CXX_COMPILER=\"/usr/bin/g++-12\"\n"
                   "  CMAKE_PREFIX_PATH=\"/opt/Qt/6.6.3/gcc_64\"\n\n-- Configuring done (3.1s)\n-- Generating done (0.2s)\n"
                   f"-- Build files have been written to: {LR}/build/linux-release")
        t.fail("cmake --build build/linux-release", "编译 release",
               "[1/38] Automatic MOC and UIC for target hccore\n[2/38] Building CXX object src/core/CMakeFiles/hccore.dir/protocol/FrameParser.cpp.o\n"
               "[3/38] Building CXX object src/core/CMakeFiles/hccore.dir/protocol/Checksum.cpp.o\n"
               "FAILED: src/core/CMakeFiles/hccore.dir/protocol/Checksum.cpp.o \n"
               "/usr/bin/g++-12 -DQT_CORE_LIB -DQT_NO_DEBUG -I/home/liuyang/work/hc-studio/build/linux-release/src/core "
               "-isystem /opt/Qt/6.6.3/gcc_64/include/QtCore -O3 -DNDEBUG -std=gnu++17 -fPIC -MD -MT "
               "src/core/CMakeFiles/hccore.dir/protocol/Checksum.cpp.o -MF src/core/CMakeFiles/hccore.dir/protocol/Checksum.cpp.o.d "
               "-o src/core/CMakeFiles/hccore.dir/protocol/Checksum.cpp.o -c /home/liuyang/work/hc-studio/src/core/protocol/Checksum.cpp\n"
               "/home/liuyang/work/hc-studio/src/core/protocol/Checksum.cpp: In function 'quint8 hc::frameChecksum(const QByteArray&)':\n"
               "/home/liuyang/work/hc-studio/src/core/protocol/Checksum.cpp:8:25: error: 'accumulate' is not a member of 'std'\n"
               "    8 |     const auto s = std::accumulate(data.cbegin(), data.cend(), 0u,\n"
               "      |                         ^~~~~~~~~~\n"
               "ninja: build stopped: subcommand failed.")
        t.say("MSVC 下 `<numeric>` 被别的头间接带进来了，GCC 12 没有，`Checksum.cpp` 需要自己 include：")
        t.read(L("src/core/protocol/Checksum.cpp"))
        t.edit(L("src/core/protocol/Checksum.cpp"), '#include "Checksum.h"\n', '#include "Checksum.h"\n\n#include <numeric>\n')
        t.bash("cmake --build build/linux-release", "重新编译 release",
               out="[1/35] Building CXX object src/core/CMakeFiles/hccore.dir/protocol/Checksum.cpp.o\n...\n[35/35] Linking CXX executable bin/HcStudio")
        t.done("Linux release 编译通过。唯一的问题是 `Checksum.cpp` 用了 `std::accumulate` 却没 `#include <numeric>`（MSVC 间接带进来了所以 Windows 没报），已补上。")

        t = d.task("帮我看下 Qt 官方文档里 QSerialPort 在 Linux 上访问 /dev/ttyUSB0 的权限怎么说的，现场有客户用 Ubuntu 工控机",
                   tags=["noise", "webfetch"])
        t.webfetch("https://doc.qt.io/qt-6/qserialport.html", "QSerialPort 在 Linux 上的权限、PermissionError、端口被占用相关说明",
                   "QSerialPort::PermissionError (2): An error occurred while attempting to open an already opened device by another "
                   "process or a user not having enough permission and credentials to open. The class does not manage device "
                   "permissions itself; on Linux access to /dev/ttyUSB* and /dev/ttyS* is governed by the file permissions of the "
                   "device node (typically group dialout). Also documented: QSerialPort uses an exclusive lock (TIOCEXCL) so a "
                   "second open() of the same port fails with PermissionError.")
        t.done("""文档要点：

- Qt 本身不管设备权限，`/dev/ttyUSB0` 能不能打开取决于设备节点权限，Ubuntu 上默认属于 `dialout` 组
- 没权限或者端口被别的进程占着（QSerialPort 会加独占锁），`open()` 都返回 false，`error()` 是 `QSerialPort::PermissionError`

现场处理：`sudo usermod -aG dialout <用户>` 后重新登录；如果要固定设备名，可以加一条 udev 规则按 VID/PID 建 `/dev/hc-analyzer` 软链。
建议我们在 `SerialLink::open` 失败且是 PermissionError 时，提示用户"当前用户无串口权限（dialout 组）"。""")


def s3(d):
    with d.session("2026-12-07T01:58:00", WR, branch="feature/reconnect", version="2.1.152"):
        win_session(d)
        t = d.task("上周加的串口重连提示有两条新字符串，更新一下翻译：zh_CN 补上中文，en_US 那边 source 就是英文不用管。"
                   "另外以后所有界面上能看到的字符串都要用 tr() / qsTr() 包起来，别写死", tags=["workflow:W1", "pref:P2"])
        t.bash(f"{BUILD_W} --target update_translations", "lupdate 扫描新字符串",
               out="[1/2] Running lupdate for target HcStudio\nScanning directory 'C:/Users/liuyang/work/hc-studio/src'...\n"
                   "Scanning directory 'C:/Users/liuyang/work/hc-studio/qml'...\n"
                   "Updating 'i18n/hcstudio_zh_CN.ts'...\n    Found 214 source text(s) (2 new and 212 already existing)\n"
                   "Updating 'i18n/hcstudio_en_US.ts'...\n    Found 214 source text(s) (2 new and 212 already existing)\n"
                   "[2/2] Generating update_translations")
        t.read(W("i18n/hcstudio_zh_CN.ts"))
        t.edit(W("i18n/hcstudio_zh_CN.ts"), """        <source>Connection lost, reconnecting in %1 s</source>
        <translation type="unfinished"></translation>""", """        <source>Connection lost, reconnecting in %1 s</source>
        <translation>连接断开，%1 秒后重连</translation>""")
        t.edit(W("i18n/hcstudio_zh_CN.ts"), """        <source>Port %1 reconnected</source>
        <translation type="unfinished"></translation>""", """        <source>Port %1 reconnected</source>
        <translation>串口 %1 已重新连接</translation>""")
        t.bash(f"{BUILD_W} --target release_translations", "lrelease 生成 .qm",
               out="[1/3] Generating C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_zh_CN.qm\n"
                   "Updating 'C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_zh_CN.qm'...\n"
                   "    Generated 214 translation(s) (214 finished and 0 unfinished)\n"
                   "[2/3] Generating C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_en_US.qm\n"
                   "Updating 'C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_en_US.qm'...\n"
                   "    Generated 2 translation(s) (2 finished and 0 unfinished)\n    Ignored 212 untranslated source text(s)\n"
                   "[3/3] Generating release_translations")
        t.done("""翻译已更新：

- `update_translations`（lupdate）找到 2 条新字符串
- `i18n/hcstudio_zh_CN.ts`：`Connection lost, reconnecting in %1 s` → `连接断开，%1 秒后重连`；`Port %1 reconnected` → `串口 %1 已重新连接`
- `release_translations`（lrelease）：zh_CN 214 条全部完成

界面字符串用 `tr()` / `qsTr()` 包起来，记住了。""")

        t = d.task("客户说大量数据时趋势页卡，我要用 release 版做下性能对比。configure 一个 win-release 编出来，然后用 --replay 跑一下那份 30 万条的录制数据",
                   tags=["mistake:M3"])
        t.bash("cmake --preset win-release", "配置 win-release",
               out="Preset CMake variables:\n\n  CMAKE_BUILD_TYPE=\"Release\"\n  CMAKE_PREFIX_PATH=\"C:/Qt/6.6.3/msvc2019_64\"\n\n"
                   "-- The CXX compiler identification is MSVC 19.38.33135.0\n-- Detecting CXX compiler ABI info\n"
                   "-- Detecting CXX compiler ABI info - done\n-- Check for working CXX compiler: C:/Program Files/Microsoft Visual Studio/2022/"
                   "Professional/VC/Tools/MSVC/14.38.33130/bin/Hostx64/x64/cl.exe - skipped\n"
                   "-- Configuring done (6.4s)\n-- Generating done (0.3s)\n"
                   "-- Build files have been written to: C:/Users/liuyang/work/hc-studio/build/win-release")
        t.bash("cmake --build build/win-release", "编译 release",
               out="[1/96] Automatic MOC and UIC for target hccore\n...\n[96/96] Linking CXX executable bin\\HcStudio.exe")
        rp = "./build/win-release/bin/HcStudio.exe --replay data/recordings/site-b-2026-11-28.hcrec --bench"
        t.fail(rp, "用录制数据回放测性能", missing_dll("./build/win-release/bin/HcStudio.exe", "Qt6Core.dll"), code=127)
        t.say("新的 build/win-release 目录里只有 exe，Qt 的 DLL 和插件还没部署过，Git Bash 的 PATH 里也没有 Qt 的 bin。先用 windeployqt 把依赖部署到 bin 目录：")
        t.bash(f"{QTW}/windeployqt.exe --release --qmldir qml build/win-release/bin/HcStudio.exe", "部署 Qt 运行库到 release 目录",
               out=windeploy("C:\\Users\\liuyang\\work\\hc-studio\\build\\win-release\\bin\\HcStudio.exe", "release",
                             ["Qt6Core", "Qt6Gui", "Qt6Qml", "Qt6Quick", "Qt6SerialPort", "Qt6Sql", "Qt6Widgets"]))
        t.bash(rp, "再跑回放",
               out="[bench] replay site-b-2026-11-28.hcrec: 300000 frames\n[bench] parse: 412 ms, store insert: 2871 ms\n"
                   "[bench] TrendPage model update: 9184 ms (avg 30.6 us/frame), max frame gap 1.9 s\n[bench] done")
        t.done("""release 回放结果（30 万帧）：

| 阶段 | 耗时 |
|---|---|
| 帧解析 | 412 ms |
| SQLite 写入 | 2871 ms |
| 趋势页 model 更新 | **9184 ms**，最长卡顿 1.9 s |

瓶颈在趋势页 model：每来一帧就 `beginInsertRows` 一次，QML 每帧重新布局。建议按 100 ms 批量合并更新、点数超过屏幕宽度时降采样。
另外 SQLite 写入没有用事务，包一层 `transaction()/commit()` 估计能降到几百毫秒。

（第一次启动报缺 `Qt6Core.dll`，是新 build 目录还没 windeployqt，已部署。）""")

        t = d.task("重连这个分支可以提了：格式化一下，跑测试，提交推到 Gitea", tags=["workflow:W3"])
        t.bash("git status --short", "看改动", out=" M i18n/hcstudio_en_US.ts\n M i18n/hcstudio_zh_CN.ts\n M src/serial/SerialLink.cpp\n"
                                                 " M src/serial/SerialLink.h\n M tests/tst_seriallink.cpp")
        t.bash("clang-format -i src/serial/SerialLink.cpp src/serial/SerialLink.h tests/tst_seriallink.cpp && git diff --stat",
               "clang-format 格式化", out=" i18n/hcstudio_en_US.ts     | 10 ++++++\n i18n/hcstudio_zh_CN.ts     | 10 ++++++\n"
                                         " src/serial/SerialLink.cpp  | 46 ++++++++++++++++++++-\n src/serial/SerialLink.h    |  8 ++++\n"
                                         " tests/tst_seriallink.cpp   | 38 +++++++++++++++++\n 5 files changed, 110 insertions(+), 2 deletions(-)")
        t.bash(f"{BUILD_W} && {CT_W}", "编译并跑测试", out=ctest_run(WBD, WIN_TESTS))
        t.bash('git add -A && git commit -m "feat(serial): 串口断线自动重连，指数退避 1s→30s"', "提交",
               out=commit_out("feature/reconnect", "feat(serial): 串口断线自动重连，指数退避 1s→30s", 5, 110, 2))
        t.bash("git push -u origin feature/reconnect", "推送到 Gitea", out=push_out("feature/reconnect"))
        t.done("已推送 `feature/reconnect`：clang-format 过了 3 个文件，6 个测试全过。PR 链接：https://git.hengce.local/desktop/hc-studio/compare/main...feature/reconnect")


def s4(d):
    with d.session("2026-12-09T02:21:00", WR, branch="feature/storage-batch", version="2.1.153", end_reason="other"):
        win_session(d)
        t = d.task("按上次的性能结论改：MeasurementStore 批量写入包事务，SerialLink 收到帧后攒 100ms 再发给趋势页。"
                   "新的信号槽连接一律 connect(&obj, &Class::signal, ...) 这种写法；调试输出先直接 qDebug 打就行，别搞复杂",
                   tags=["pref:P1", "pref:P3"])
        t.read(W("src/storage/MeasurementStore.cpp"))
        t.edit(W("src/storage/MeasurementStore.cpp"), "} // namespace hc\n", """bool MeasurementStore::insertBatch(const QList<Sample> &samples)
{
    if (!m_db.transaction())
        return false;
    QSqlQuery q(m_db);
    q.prepare("INSERT INTO measurement (channel, value, ts) VALUES (?, ?, ?)");
    for (const auto &s : samples) {
        q.addBindValue(s.channel);
        q.addBindValue(s.value);
        q.addBindValue(s.ts);
        if (!q.exec()) {
            qDebug() << "insertBatch failed" << q.lastError();
            m_db.rollback();
            return false;
        }
    }
    return m_db.commit();
}

} // namespace hc
""")
        t.read(W("src/serial/SerialLink.cpp"))
        t.edit(W("src/serial/SerialLink.cpp"), """    connect(&m_port, &QSerialPort::readyRead, this, &SerialLink::onReadyRead);
}""", """    connect(&m_port, &QSerialPort::readyRead, this, &SerialLink::onReadyRead);
    m_flushTimer.setInterval(100);
    connect(&m_flushTimer, &QTimer::timeout, this, &SerialLink::flushPending);
    m_flushTimer.start();
}

void SerialLink::flushPending()
{
    if (m_pending.isEmpty())
        return;
    qDebug() << "flush" << m_pending.size() << "frames";
    emit framesReceived(std::exchange(m_pending, {}));
}""")
        t.bash(f"{BUILD_W} && {CT_W}", "编译并跑测试", out=ninja(["Automatic MOC and UIC for target hcserial",
                                                                  "Building CXX object src/serial/CMakeFiles/hcserial.dir/SerialLink.cpp.obj",
                                                                  "Building CXX object src/storage/CMakeFiles/hcstorage.dir/MeasurementStore.cpp.obj"])
               + "\n" + ctest_run(WBD, WIN_TESTS))
        t.done("""改好了，编译和 6 个测试通过：

- `MeasurementStore::insertBatch`：`transaction()` + 预编译 `INSERT`，失败 `rollback()`
- `SerialLink`：帧先进 `m_pending`，100 ms 的 `QTimer` 触发 `flushPending()` 一次性发 `framesReceived(QList<Frame>)`；connect 都是函数指针写法
- 调试输出直接用 `qDebug()`

趋势页那边还要把槽改成接 `framesReceived`，下一步做。""")

        t = d.task("release/1.4 分支上有个串口默认波特率的 bug，我 cherry-pick 了修复，帮我推上去", tags=["unfixed:U1"])
        t.bash("git log --oneline -3 release/1.4", "看 release 分支",
               out="4c1e9a7 fix(serial): 默认波特率改为 9600\n8d20b3f chore: 1.4.0\n61fa0e2 fix(installer): 卸载时保留用户数据")
        t.fail("git push origin release/1.4", "推送 release/1.4",
               "remote: \nremote: Gitea: User permission denied for writing.\n"
               f"To ssh://{GITEA}:2222/desktop/hc-studio.git\n ! [remote rejected] release/1.4 -> release/1.4 (pre-receive hook declined)\n"
               f"error: failed to push some refs to 'ssh://{GITEA}:2222/desktop/hc-studio.git'")
        t.done("推送被 Gitea 拒绝：`User permission denied for writing.`——`release/1.4` 是受保护分支，你的账号没有直推权限。"
               "我没有改任何设置。可以找仓库管理员（王工）加白名单，或者从这个提交开一个 PR 到 release/1.4 让有权限的人合。")

        t = d.task("趋势页接上 framesReceived，画最近 10 分钟的曲线，先用 Canvas 简单画，做成 TrendChart.qml 组件", tags=["mistake:M1"])
        t.read(W("qml/pages/TrendPage.qml"))
        t.write(W("qml/components/TrendChart.qml"), """import QtQuick

Canvas {
    id: chart
    property var points: []
    property real maxValue: 1000
    property color lineColor: "#1976d2"

    onPointsChanged: requestPaint()

    onPaint: {
        const ctx = getContext("2d")
        ctx.reset()
        if (points.length < 2)
            return
        ctx.strokeStyle = lineColor
        ctx.lineWidth = 1.5
        ctx.beginPath()
        for (let i = 0; i < points.length; ++i) {
            const x = i * width / (points.length - 1)
            const y = height - points[i] / maxValue * height
            if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y)
        }
        ctx.stroke()
    }
}
""")
        t.write(W("qml/pages/TrendPage.qml"), """import QtQuick
import QtQuick.Controls

Item {
    TrendChart {
        anchors.fill: parent
        anchors.margins: 16
        points: appController.trendPoints
        maxValue: appController.trendMax
    }
}
""")
        t.bash(BUILD_W, "编译", out=ninja(["Running qmlcachegen to create cache for qml/pages/TrendPage.qml",
                                          "Building CXX object CMakeFiles/HcStudio.dir/.rcc/qmlcache/HcStudio_qml/pages/TrendPage_qml.cpp.obj"]))
        fo = (qtest_cfg("tst_QmlSmoke") + "\nPASS   : tst_QmlSmoke::initTestCase()\n"
              "QWARN  : tst_QmlSmoke::loadMain() " + qml_err("qml/pages/TrendPage.qml", 5, 5, "TrendChart") + "\n"
              "FAIL!  : tst_QmlSmoke::loadMain() 'component.isReady()' returned FALSE. ("
              + qml_err("qml/pages/TrendPage.qml", 5, 5, "TrendChart") + "\n)\n"
              "   Loc: [C:\\Users\\liuyang\\work\\hc-studio\\tests\\tst_qmlsmoke.cpp(31)]\n"
              "PASS   : tst_QmlSmoke::cleanupTestCase()\nTotals: 2 passed, 1 failed, 0 skipped, 0 blacklisted, 57ms\n"
              "********* Finished testing of tst_QmlSmoke *********")
        t.fail(CT_W + " -R tst_qmlsmoke", "跑 QML 冒烟测试",
               ctest_run(WBD, [("tst_qmlsmoke", 0.91)], failed="tst_qmlsmoke", fail_out=fo), code=8)
        t.say("`TrendChart.qml` 同样没有登记到 QML 模块里，`TrendPage` 解析不到这个类型。加进 `QML_FILES`：")
        t.read(W("CMakeLists.txt"))
        t.edit(W("CMakeLists.txt"), "        qml/components/ChannelCard.qml\n",
               "        qml/components/ChannelCard.qml\n        qml/components/TrendChart.qml\n")
        t.bash(BUILD_W, "重新编译", out="[1/2] Re-running CMake...\n-- Configuring done (2.0s)\n-- Generating done (0.4s)\n"
               + ninja(["Generating .rcc/qmlcache/HcStudio_qml/components/TrendChart_qml.cpp",
                        "Automatic RCC for qml_HcStudio_raw_qml_0.qrc"]))
        t.bash(CT_W + " -R tst_qmlsmoke", "再跑 QML 冒烟测试", out=ctest_run(WBD, [("tst_qmlsmoke", 0.87)]))
        t.done("""趋势页接上了：

- 新组件 `qml/components/TrendChart.qml`（Canvas，`points` 变化时 `requestPaint()`）
- `TrendPage.qml` 用 `appController.trendPoints / trendMax`
- `CMakeLists.txt` 的 `QML_FILES` 加上 `qml/components/TrendChart.qml`，之前 `tst_qmlsmoke` 报 `TrendChart is not a type` 就是因为这个；现在通过""")


def s5(d):
    with d.session("2026-12-11T07:03:00", LR, branch="main", version="2.1.154"):
        t = d.task("u22-build 上先拉一下最新 main", tags=["flaky:F1"])
        t.fail("git pull --ff-only", "拉取最新代码",
               f"ssh: connect to host {GITEA} port 2222: Connection timed out\nfatal: Could not read from remote repository.\n\n"
               "Please make sure you have the correct access rights\nand the repository exists.", code=1)
        t.bash("git pull --ff-only", "拉取最新代码",
               out=f"From ssh://{GITEA}:2222/desktop/hc-studio\n   9f3c2d1..b71e04a  main       -> origin/main\n"
                   "Updating 9f3c2d1..b71e04a\nFast-forward\n src/dialogs/CalibrationDialog.cpp | 24 ++++++++++++++++--------\n"
                   " tests/tst_calibrationdialog.cpp   | 31 +++++++++++++++++++++++++++++++\n 2 files changed, 47 insertions(+), 8 deletions(-)")
        t.done("已更新到 `b71e04a`：小陈改了 `CalibrationDialog.cpp`（标定超时逻辑）并加了 `tst_calibrationdialog` 的用例。第一次 ssh 连 Gitea 超时，原样重试成功。")

        t = d.task("标定对话框那块测试在 Linux 上跑一下，小陈说他改了超时逻辑", tags=["mistake:M2"])
        t.bash(f"{BUILD_L} --target tst_calibrationdialog", "编译测试",
               out="[1/4] Automatic MOC and UIC for target hcdialogs\n[2/4] Building CXX object src/dialogs/CMakeFiles/hcdialogs.dir/CalibrationDialog.cpp.o\n"
                   "[3/4] Building CXX object tests/CMakeFiles/tst_calibrationdialog.dir/tst_calibrationdialog.cpp.o\n"
                   "[4/4] Linking CXX executable tests/tst_calibrationdialog")
        t.fail("cd build/linux-debug/tests && ./tst_calibrationdialog -v1", "直接运行标定对话框测试",
               XCB_FAIL + "Aborted (core dumped)", code=134)
        t.say("又是无显示的问题：SSH 会话里没有 DISPLAY，xcb 插件初始化失败直接 abort。用 offscreen 平台跑：")
        t.bash("cd build/linux-debug/tests && QT_QPA_PLATFORM=offscreen ./tst_calibrationdialog -v1", "offscreen 运行",
               out=qtest_cfg("tst_CalibrationDialog", win=False) + "\nPASS   : tst_CalibrationDialog::initTestCase()\n"
                   "INFO   : tst_CalibrationDialog::zeroTimeout() entering\nPASS   : tst_CalibrationDialog::zeroTimeout()\n"
                   "INFO   : tst_CalibrationDialog::spanRetry() entering\nPASS   : tst_CalibrationDialog::spanRetry()\n"
                   "INFO   : tst_CalibrationDialog::cancelDuringZero() entering\nPASS   : tst_CalibrationDialog::cancelDuringZero()\n"
                   "PASS   : tst_CalibrationDialog::cleanupTestCase()\nTotals: 5 passed, 0 failed, 0 skipped, 0 blacklisted, 3142ms\n"
                   "********* Finished testing of tst_CalibrationDialog *********")
        t.done("""小陈的超时改动在 Linux 上测试通过（5/5，`zeroTimeout`、`spanRetry`、`cancelDuringZero` 都过）。

- 直接运行测试时 `could not connect to display` abort，加 `QT_QPA_PLATFORM=offscreen` 后正常""")

        t = d.task("在 Linux 上打个 AppImage 给现场 Ubuntu 工控机试用，用 linuxdeployqt", tags=["unfixed:U2"])
        t.bash("cmake --build build/linux-release && cmake --install build/linux-release --prefix appdir/usr",
               "编译并安装到 AppDir",
               out="[1/3] Automatic MOC and UIC for target HcStudio\n[2/3] Building CXX object CMakeFiles/HcStudio.dir/src/app/AppController.cpp.o\n"
                   "[3/3] Linking CXX executable bin/HcStudio\n-- Install configuration: \"Release\"\n"
                   "-- Installing: /home/liuyang/work/hc-studio/appdir/usr/bin/HcStudio")
        t.fail("~/tools/linuxdeployqt-continuous-x86_64.AppImage appdir/usr/share/applications/hcstudio.desktop "
               "-qmake=/opt/Qt/6.6.3/gcc_64/bin/qmake -qmldir=qml -appimage", "用 linuxdeployqt 打包",
               "linuxdeployqt  (commit 2b38449), build 69 built on 2023-11-16 00:54:43 UTC\n"
               "ERROR: The host system is too new.\n"
               "Please run on a system with a glibc version no newer than what comes with the oldest\n"
               "currently still-supported mainstream distribution (xenial), which is glibc 2.23.\n"
               "This is so that the resulting bundle will work on most still-supported Linux distributions.\n"
               "For more information, please see\nhttps://github.com/probonopd/linuxdeployqt/issues/340", code=1)
        t.bash("ldd --version | head -1", "看本机 glibc 版本", out="ldd (Ubuntu GLIBC 2.35-0ubuntu3.8) 2.35")
        t.done("linuxdeployqt 拒绝在这台机器上打包：它要求在 glibc 不高于 2.23 的老系统上构建，u22-build 是 glibc 2.35。"
               "这台机器上打不出来，我没有绕过这个检查。需要一台老系统（或对应的 Docker 镜像）做打包机，或者改用别的打包方式，你定了我再弄。")

        t = d.task("顺便问下，Qt 6 里 QML 的 Canvas 画曲线和 Qt Graphs / QtCharts 比，性能差多少？趋势页以后点数会到几万", tags=["no_tools"])
        t.done("""大致对比：

- **Canvas**：QML 里用 JS 逐点画，默认 `Canvas.Image` 渲染到一张图片再上屏。几千个点还行，几万点每次 `requestPaint()` 都要全量重画，JS 循环是主要开销，帧率会明显掉
- **QtCharts**（`ChartView` + `LineSeries`）：C++ 实现，但基于 Graphics View，QML 里是嵌进去的，万级点可以，更新频繁时 `append` 一个个加会慢，要用 `replace(QList<QPointF>)` 批量替换；开 `useOpenGL: true` 能到十万级
- **Qt Graphs**（6.6 还是技术预览，6.8 才有 2D）：基于 Qt Quick 3D/场景图，目前 6.6 里只有 3D，不适合

建议：短期在 C++ 侧按屏幕像素降采样（每列保留 min/max），Canvas 每次只画 ~2×宽度 个点；长期换 QtCharts + OpenGL，或者自己写一个 `QQuickItem` 用 `QSGGeometryNode` 画折线，性能最好。""")


TS_EN = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Main</name>
    <message>
        <location filename="../qml/Main.qml" line="27"/>
        <source>总览</source>
        <translation>Overview</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="28"/>
        <source>趋势</source>
        <translation>Trend</translation>
    </message>
    <message>
        <location filename="../qml/Main.qml" line="29"/>
        <source>设置</source>
        <translation>Settings</translation>
    </message>
</context>
<context>
    <name>TrendPage</name>
    <message>
        <location filename="../qml/pages/TrendPage.qml" line="14"/>
        <source>最近 10 分钟</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/pages/TrendPage.qml" line="15"/>
        <source>最近 1 小时</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AlarmBanner</name>
    <message>
        <location filename="../qml/components/AlarmBanner.qml" line="22"/>
        <source>通道 %1 浓度超限：%2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../qml/components/AlarmBanner.qml" line="31"/>
        <source>确认报警</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
"""


def package(t, ver, kb):
    stage = "C:/Users/liuyang/work/hc-studio/dist/stage"
    t.bash("cmake --build build/win-release && cmake --install build/win-release --prefix dist/stage",
           "编译 release 并安装到 dist/stage",
           out="[1/12] Automatic MOC and UIC for target HcStudio\n...\n[12/12] Linking CXX executable bin\\HcStudio.exe\n"
               + install_out(stage, ver))
    t.bash(f"makensis -DVERSION={ver} installer/hcstudio.nsi", "NSIS 打安装包", out=nsis_out(ver, kb))
    h = hx(64)
    t.bash(f"sha256sum dist/HcStudio-{ver}-win64-setup.exe", "算校验和", out=f"{h} *dist/HcStudio-{ver}-win64-setup.exe")
    return h


def s6(d):
    with d.session("2026-12-14T02:09:00", WR, branch="main", version="2.1.155", permission_mode="acceptEdits"):
        win_session(d)
        t = d.task("打一个 1.5.0-beta1 的安装包给测试部，老流程：release 编译、install 到 stage、NSIS 打包、算 sha256", tags=["workflow:W2"])
        t.bash("git pull --ff-only && git describe --tags", "同步 main",
               out="Already up to date.\nv1.4.0-23-g" + hx(7))
        h = package(t, "1.5.0-beta1", 31214)
        t.done(f"""安装包已生成：`dist/HcStudio-1.5.0-beta1-win64-setup.exe`（约 30.5 MB）

sha256：`{h}`

stage 目录由 `cmake --install` 生成（Qt 部署脚本已把依赖和 qm 翻译一起装进去）。""")

        t = d.task("测量记录要支持按通道分组查询：measurement 表加一列 group 存分组名，insertBatch 一起写，tst_measurementstore 补用例",
                   tags=["oneoff:O2"])
        t.read(W("src/storage/MeasurementStore.cpp"))
        t.edit(W("src/storage/MeasurementStore.cpp"), """                  " channel INTEGER NOT NULL,"
""", """                  " channel INTEGER NOT NULL,"
                  " group TEXT NOT NULL DEFAULT '',"
""")
        t.edit(W("src/storage/MeasurementStore.cpp"), """    q.prepare("INSERT INTO measurement (channel, value, ts) VALUES (?, ?, ?)");
    for (const auto &s : samples) {
        q.addBindValue(s.channel);""", """    q.prepare("INSERT INTO measurement (channel, group, value, ts) VALUES (?, ?, ?, ?)");
    for (const auto &s : samples) {
        q.addBindValue(s.channel);
        q.addBindValue(s.group);""")
        ct = CT_W + " -R tst_measurementstore"
        fo = (qtest_cfg("tst_MeasurementStore") + "\nPASS   : tst_MeasurementStore::initTestCase()\n"
              "QWARN  : tst_MeasurementStore::insertBatch() QSqlError(\"1\", \"Unable to execute statement\", \"near \\\"group\\\": syntax error\")\n"
              "FAIL!  : tst_MeasurementStore::insertBatch() 'store.open(QStringLiteral(\":memory:\"))' returned FALSE. ()\n"
              "   Loc: [C:\\Users\\liuyang\\work\\hc-studio\\tests\\tst_measurementstore.cpp(22)]\n"
              "PASS   : tst_MeasurementStore::cleanupTestCase()\nTotals: 2 passed, 1 failed, 0 skipped, 0 blacklisted, 12ms\n"
              "********* Finished testing of tst_MeasurementStore *********")
        t.bash(BUILD_W, "编译", out=ninja(["Building CXX object src/storage/CMakeFiles/hcstorage.dir/MeasurementStore.cpp.obj",
                                          "Building CXX object tests/CMakeFiles/tst_measurementstore.dir/tst_measurementstore.cpp.obj"],
                                         exe="tests\\tst_measurementstore.exe"))
        t.fail(ct, "跑存储测试", ctest_run(WBD, [("tst_measurementstore", 0.14)], failed="tst_measurementstore", fail_out=fo), code=8)
        t.say("`GROUP` 是 SQLite 关键字，不能直接当列名。改成 `group_name`：")
        t.edit(W("src/storage/MeasurementStore.cpp"), "                  \" group TEXT NOT NULL DEFAULT '',\"",
               "                  \" group_name TEXT NOT NULL DEFAULT '',\"")
        t.edit(W("src/storage/MeasurementStore.cpp"), "(channel, group, value, ts)", "(channel, group_name, value, ts)")
        t.bash(BUILD_W, "重新编译", out=ninja(["Building CXX object src/storage/CMakeFiles/hcstorage.dir/MeasurementStore.cpp.obj"],
                                            exe="tests\\tst_measurementstore.exe"))
        t.bash(ct, "跑存储测试", out=ctest_run(WBD, [("tst_measurementstore", 0.13)]))
        t.done("加好了：列名用 `group_name`（`group` 是 SQLite 保留字，第一次建表直接语法错误），`insertBatch` 一并写入，测试通过。"
               "注意老数据库是 `CREATE TABLE IF NOT EXISTS`，已有的库不会自动加列，需要的话我再写个 `ALTER TABLE` 迁移。")

        d.precompact("""Analysis: 刘洋（恒测仪器上位机开发）维护 hc-studio：Qt 6.6.3 C++17，QML 主界面（qt_add_qml_module URI HcStudio）+ Widgets 旧对话框，Windows 上 MSVC 2022 + Ninja（Git Bash，build/win-debug、build/win-release），Ubuntu 22.04 构建机 u22-build（GCC 12，无显示）。

Summary:
1. 已完成：ChannelCard / TrendChart QML 组件（都登记进 QML_FILES）；串口断线重连（feature/reconnect 已推）；MeasurementStore 批量事务写入、SerialLink 100ms 合并发帧；翻译 zh_CN 补了重连提示；win-release 性能回放（趋势页 model 是瓶颈）；1.5.0-beta1 安装包
2. 本次会话：打了 1.5.0-beta1 安装包；measurement 表加 group_name 列（group 是保留字），测试通过
3. 未解决：release/1.4 直推被 Gitea 拒绝（无权限）；linuxdeployqt 因 glibc 2.35 过新拒绝打包
4. 用户偏好：connect 用函数指针写法不要 SIGNAL/SLOT 宏；界面字符串用 tr()/qsTr()；调试输出直接 qDebug""")

        t = d.task("标定对话框 CalibrationDialog 里还是老的 SIGNAL()/SLOT() 宏连接，全部换成函数指针版的 connect，编译期能查出签名错误，别留宏",
                   tags=["pref:P1"])
        t.read(W("src/dialogs/CalibrationDialog.cpp"))
        t.edit(W("src/dialogs/CalibrationDialog.cpp"), """    connect(ui->startButton, SIGNAL(clicked()), this, SLOT(startZero()));
    connect(ui->spanButton, SIGNAL(clicked()), this, SLOT(startSpan()));
    connect(m_link, SIGNAL(frameReceived(hc::Frame)), this, SLOT(onFrame(hc::Frame)));
    connect(&m_timeout, SIGNAL(timeout()), this, SLOT(onTimeout()));""", """    connect(ui->startButton, &QPushButton::clicked, this, &CalibrationDialog::startZero);
    connect(ui->spanButton, &QPushButton::clicked, this, &CalibrationDialog::startSpan);
    connect(m_link, &hc::SerialLink::frameReceived, this, &CalibrationDialog::onFrame);
    connect(&m_timeout, &QTimer::timeout, this, &CalibrationDialog::onTimeout);""")
        t.grep("SIGNAL\\(|SLOT\\(", path=WR + "\\src", output_mode="content", n=True,
               content="C:\\Users\\liuyang\\work\\hc-studio\\src\\dialogs\\PortSettingsDialog.cpp:19:    connect(ui->refreshButton, SIGNAL(clicked()), this, SLOT(refreshPorts()));")
        t.bash(f"{BUILD_W} && {CT_W} -R tst_calibrationdialog", "编译并跑标定对话框测试",
               out=ninja(["Automatic MOC and UIC for target hcdialogs",
                          "Building CXX object src/dialogs/CMakeFiles/hcdialogs.dir/CalibrationDialog.cpp.obj"])
               + "\n" + ctest_run(WBD, [("tst_calibrationdialog", 0.38)]))
        t.done("`CalibrationDialog` 的 4 个 connect 已改成函数指针写法，编译和测试通过。"
               "另外 `PortSettingsDialog.cpp:19` 还有一处 `SIGNAL(clicked())`，要不要一起改？")


def s7(d):
    with d.session("2026-12-17T01:44:00", WR, branch="feature/hc-flash", version="2.1.156"):
        win_session(d)
        t = d.task("做个命令行小工具 hc-flash，给产线用串口升级仪器固件：先实现 --list-ports 列出串口（名称、描述、VID:PID），"
                   "放在 tools/hc-flash，编出来跑一下", tags=["mistake:M3"])
        t.write(W("tools/hc-flash/CMakeLists.txt"), """qt_add_executable(hc-flash main.cpp)
target_link_libraries(hc-flash PRIVATE Qt6::Core Qt6::SerialPort hccore hcserial)
install(TARGETS hc-flash RUNTIME DESTINATION bin)
""")
        t.write(W("tools/hc-flash/main.cpp"), """#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSerialPortInfo>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("hc-flash");
    QCoreApplication::setApplicationVersion("0.1.0");

    QCommandLineParser parser;
    parser.setApplicationDescription("HC analyser firmware updater");
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption listPorts("list-ports", "List serial ports.");
    parser.addOption(listPorts);
    parser.process(app);

    QTextStream out(stdout);
    if (parser.isSet(listPorts)) {
        const auto ports = QSerialPortInfo::availablePorts();
        for (const QSerialPortInfo &p : ports) {
            out << p.portName() << '\\t' << p.description() << '\\t'
                << QString::asprintf("%04X:%04X", p.vendorIdentifier(), p.productIdentifier()) << '\\n';
        }
        return 0;
    }
    parser.showHelp(1);
}
""")
        t.read(W("CMakeLists.txt"), offset=34, limit=12)
        t.edit(W("CMakeLists.txt"), "enable_testing()\n", "add_subdirectory(tools/hc-flash)\n\nenable_testing()\n")
        t.bash(f"{BUILD_W} --target hc-flash", "编译 hc-flash",
               out="[1/4] Re-running CMake...\n-- Configuring done (2.3s)\n-- Generating done (0.5s)\n"
                   "[2/4] Automatic MOC and UIC for target hc-flash\n[3/4] Building CXX object tools/hc-flash/CMakeFiles/hc-flash.dir/main.cpp.obj\n"
                   "[4/4] Linking CXX executable tools\\hc-flash\\hc-flash.exe")
        fl = "./build/win-debug/tools/hc-flash/hc-flash.exe --list-ports"
        t.fail(fl, "列出串口", missing_dll("./build/win-debug/tools/hc-flash/hc-flash.exe", "Qt6SerialPortd.dll"), code=127)
        t.say("hc-flash.exe 生成在 `build/win-debug/tools/hc-flash/`，这个目录没部署过 Qt 运行库。用 windeployqt（debug 版）部署一下：")
        t.bash(f"{QTW}/windeployqt.exe --debug --no-translations build/win-debug/tools/hc-flash/hc-flash.exe",
               "部署 debug 运行库到 hc-flash 目录",
               out="C:\\Users\\liuyang\\work\\hc-studio\\build\\win-debug\\tools\\hc-flash\\hc-flash.exe 64 bit, debug executable\n"
                   "Direct dependencies: Qt6Core Qt6SerialPort\n"
                   "All dependencies   : Qt6Core Qt6SerialPort\nTo be deployed     : Qt6Core Qt6SerialPort\n"
                   "Updating Qt6Cored.dll.\nUpdating Qt6SerialPortd.dll.")
        t.bash(fl, "再列一次串口", out="COM1\t通信端口\t0000:0000\nCOM5\tUSB-SERIAL CH340\t1A86:7523\n"
                                         "COM7\tSilicon Labs CP210x USB to UART Bridge\t10C4:EA60")
        t.done("""`hc-flash --list-ports` 可以用了，本机输出：

```
COM1  通信端口                                 0000:0000
COM5  USB-SERIAL CH340                        1A86:7523
COM7  Silicon Labs CP210x USB to UART Bridge  10C4:EA60
```

- `tools/hc-flash/`：`QCommandLineParser` + `QSerialPortInfo::availablePorts()`，根 CMakeLists 加了 `add_subdirectory(tools/hc-flash)`，也加了 install 规则
- 第一次运行缺 `Qt6SerialPortd.dll`：exe 在单独的目录，用 `windeployqt --debug` 部署后正常""")

        d.files[W("i18n/hcstudio_en_US.ts")] = TS_EN
        t = d.task("趋势页和报警条加了几个中文字符串，英文翻译更新一下（QML 里 source 是中文，en_US 要填英文）", tags=["workflow:W1"])
        t.bash(f"{BUILD_W} --target update_translations", "lupdate",
               out="[1/2] Running lupdate for target HcStudio\nScanning directory 'C:/Users/liuyang/work/hc-studio/src'...\n"
                   "Scanning directory 'C:/Users/liuyang/work/hc-studio/qml'...\n"
                   "Updating 'i18n/hcstudio_zh_CN.ts'...\n    Found 220 source text(s) (4 new and 216 already existing)\n"
                   "Updating 'i18n/hcstudio_en_US.ts'...\n    Found 220 source text(s) (4 new and 216 already existing)\n"
                   "[2/2] Generating update_translations")
        t.read(W("i18n/hcstudio_en_US.ts"))
        for src, tr in (("最近 10 分钟", "Last 10 min"), ("最近 1 小时", "Last 1 h"), ("通道 %1 浓度超限：%2 %3", "Channel %1 over limit: %2 %3"),
                        ("确认报警", "Acknowledge")):
            t.edit(W("i18n/hcstudio_en_US.ts"), f"""        <source>{src}</source>
        <translation type="unfinished"></translation>""", f"""        <source>{src}</source>
        <translation>{tr}</translation>""")
        t.bash(f"{BUILD_W} --target release_translations", "lrelease",
               out="[1/3] Generating C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_zh_CN.qm\n"
                   "Updating 'C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_zh_CN.qm'...\n"
                   "    Generated 216 translation(s) (216 finished and 0 unfinished)\n    Ignored 4 untranslated source text(s)\n"
                   "[2/3] Generating C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_en_US.qm\n"
                   "Updating 'C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_en_US.qm'...\n"
                   "    Generated 220 translation(s) (220 finished and 0 unfinished)\n[3/3] Generating release_translations")
        t.done("en_US 4 条补齐（Last 10 min / Last 1 h / Channel %1 over limit: %2 %3 / Acknowledge），lrelease 220 条全部完成。"
               "zh_CN 那 4 条 source 本身就是中文，lrelease 提示 ignored 属正常（显示 source 原文）。")

        fb = ("上次你给 feature/reconnect 写的 PR 描述太长了，每个函数改了啥都列一遍，王工说看不下去，最后我自己 cut half 才贴上去。"
              "这次 storage-batch 的 PR 描述你重新写，短一点")
        t = d.task(fb, tags=["feedback"], feedback=fb)
        t.bash("git log --oneline main..feature/storage-batch", "看分支提交",
               out="c81f2e0 feat(storage): measurement 加 group_name 列\n5a0d7b3 feat(trend): TrendChart 组件接 framesReceived\n"
                   "e24b916 perf(storage): insertBatch 包事务，SerialLink 100ms 合并发帧")
        t.done("""PR 描述（短版）：

**存储批量写入 + 趋势页实时曲线**
- `insertBatch` 包事务；SerialLink 每 100 ms 合并发帧（30 万帧回放写入 2.9 s → 0.3 s）
- 新增 `TrendChart.qml`，趋势页显示最近 10 分钟
- `measurement` 表加 `group_name` 列（老库需迁移，后续 PR）

测试：6/6 通过（Windows）。""")


def s8(d):
    with d.session("2026-12-21T06:40:00", LR, branch="main", version="2.1.157"):
        d.files[L("src/serial/SerialLink.cpp")] = d.files[W("src/serial/SerialLink.cpp")]
        d.files[L("src/storage/MeasurementStore.cpp")] = d.files[W("src/storage/MeasurementStore.cpp")]
        t = d.task("storage-batch 合进 main 了，在 u22-build 上编一下，把存储和 QML 冒烟这两个测试跑了", tags=["mistake:M2"])
        t.bash("git pull --ff-only", "拉 main",
               out=f"From ssh://{GITEA}:2222/desktop/hc-studio\n   b71e04a..3d9a5c7  main       -> origin/main\nUpdating b71e04a..3d9a5c7\n"
                   "Fast-forward\n qml/components/TrendChart.qml     | 27 +++++++++++++\n qml/pages/TrendPage.qml           | 10 ++++-\n"
                   " src/serial/SerialLink.cpp         | 14 +++++++\n src/storage/MeasurementStore.cpp  | 23 ++++++++++-\n"
                   " tests/tst_measurementstore.cpp    | 19 +++++++++\n 5 files changed, 90 insertions(+), 3 deletions(-)")
        rx = '-R "tst_(measurementstore|qmlsmoke)"'
        tests = [("tst_measurementstore", 0.09), ("tst_qmlsmoke", 0.61)]
        t.fail(f"{BUILD_L} && ctest --test-dir build/linux-debug {rx} --output-on-failure", "编译并跑两个测试",
               "[1/9] Automatic MOC and UIC for target hcstorage\n...\n[9/9] Linking CXX executable bin/HcStudio\n"
               + ctest_run(LBD, tests, failed="tst_qmlsmoke", fail_kind="abort", fail_out=XCB_FAIL), code=8)
        t.say("存储测试过了；`tst_qmlsmoke` 要起 QGuiApplication，构建机没有显示，xcb 插件加载失败被 abort。这台机器上跑 GUI 相关测试要指定 offscreen：")
        t.bash(f"{BUILD_L} && QT_QPA_PLATFORM=offscreen ctest --test-dir build/linux-debug {rx} --output-on-failure",
               "offscreen 重跑", out="ninja: no work to do.\n" + ctest_run(LBD, tests))
        t.done("Linux 上两个测试都通过。`tst_qmlsmoke` 第一次因为无显示（`could not connect to display`）abort，加 `QT_QPA_PLATFORM=offscreen` 后正常，说明 TrendChart 在 GCC 版本里也能正常加载。")

        t = d.task("之前说调试输出直接 qDebug 的那个作废：现场日志太乱了，串口和存储都改成 QLoggingCategory，分类叫 hc.serial 和 hc.storage，"
                   "默认只输出 warning 以上", tags=["reversal:P3"])
        t.read(L("src/serial/SerialLink.cpp"))
        t.edit(L("src/serial/SerialLink.cpp"), '#include <QDebug>\n\nnamespace hc {\n',
               '#include <QLoggingCategory>\n\nQ_LOGGING_CATEGORY(lcSerial, "hc.serial", QtWarningMsg)\n\nnamespace hc {\n')
        t.edit(L("src/serial/SerialLink.cpp"), 'qDebug() << "open failed" << portName << m_port.errorString();',
               'qCWarning(lcSerial) << "open failed" << portName << m_port.errorString();')
        t.edit(L("src/serial/SerialLink.cpp"), 'qDebug() << "flush" << m_pending.size() << "frames";',
               'qCDebug(lcSerial) << "flush" << m_pending.size() << "frames";')
        t.read(L("src/storage/MeasurementStore.cpp"))
        t.edit(L("src/storage/MeasurementStore.cpp"), '#include <QSqlError>\n',
               '#include <QLoggingCategory>\n#include <QSqlError>\n')
        t.edit(L("src/storage/MeasurementStore.cpp"), 'namespace hc {\n\nbool MeasurementStore::open',
               'Q_LOGGING_CATEGORY(lcStorage, "hc.storage", QtWarningMsg)\n\nnamespace hc {\n\nbool MeasurementStore::open')
        t.edit(L("src/storage/MeasurementStore.cpp"), 'qDebug() << "insertBatch failed" << q.lastError();',
               'qCWarning(lcStorage) << "insertBatch failed" << q.lastError();')
        t.bash(BUILD_L, "编译",
               out="[1/3] Building CXX object src/serial/CMakeFiles/hcserial.dir/SerialLink.cpp.o\n"
                   "[2/3] Building CXX object src/storage/CMakeFiles/hcstorage.dir/MeasurementStore.cpp.o\n[3/3] Linking CXX executable bin/HcStudio")
        t.done("""改完了，编译通过：

- `hc.serial`、`hc.storage` 两个分类，`Q_LOGGING_CATEGORY(..., QtWarningMsg)` 默认只输出 warning 以上
- 打开失败、写库失败用 `qCWarning`；100 ms 合并发帧的计数用 `qCDebug`，默认不输出
- 现场需要排查时设环境变量 `QT_LOGGING_RULES="hc.serial.debug=true"` 即可""")

        t = d.task("FrameParser 里对坏帧头是怎么处理的？现场有台仪器偶尔发 0x5A 开头的垃圾字节", tags=["noise"])
        t.grep("0xAA|0x55|dropBytes|badHeader", path=LR + "/src/core", output_mode="content", n=True,
               content="/home/liuyang/work/hc-studio/src/core/protocol/FrameParser.cpp:21:    const int start = buf.indexOf(QByteArray(\"\\xAA\\x55\", 2));\n"
                       "/home/liuyang/work/hc-studio/src/core/protocol/FrameParser.cpp:23:        buf.clear();  // no header at all: drop everything\n"
                       "/home/liuyang/work/hc-studio/src/core/protocol/FrameParser.cpp:27:        buf.remove(0, start);  // drop garbage before header\n"
                       "/home/liuyang/work/hc-studio/src/core/protocol/FrameParser.cpp:41:    if (frameChecksum(body) != static_cast<quint8>(buf[len - 1])) {\n"
                       "/home/liuyang/work/hc-studio/src/core/protocol/FrameParser.cpp:42:        buf.remove(0, 2);  // bad checksum: skip this header, resync")
        t.done("""`FrameParser::take` 已经处理了：

1. 找 `0xAA 0x55` 帧头，帧头前的字节（包括 0x5A 这种垃圾）直接丢掉（第 27 行）
2. 缓冲区里完全没有帧头时整个清空（第 23 行）——这里有个小问题：如果最后一个字节恰好是 `0xAA`（帧头的前半），也会被清掉，下一包的 `0x55` 开头就对不上了，建议保留最后 1 个字节
3. 校验失败时跳过这个帧头重新同步（第 42 行）

所以 0x5A 垃圾字节本身不会导致错帧，只是会丢掉。如果现场出现丢帧，更可能是第 2 点。""")


def s9(d):
    with d.session("2026-12-24T02:02:00", WR, branch="feature/logging-category", version="2.1.158"):
        win_session(d)
        t = d.task("logging 分类那个分支在 Windows 上也过一遍：格式化、测试，推上去开 PR", tags=["workflow:W3"])
        t.bash("clang-format -i src/serial/SerialLink.cpp src/storage/MeasurementStore.cpp && git diff --stat",
               "clang-format", out=" src/serial/SerialLink.cpp        | 9 ++++++---\n src/storage/MeasurementStore.cpp | 7 +++++--\n"
                                   " 2 files changed, 11 insertions(+), 5 deletions(-)")
        t.bash(f"{BUILD_W} && {CT_W}", "编译并跑全部测试", out=ctest_run(WBD, WIN_TESTS))
        t.bash('git commit -am "refactor(log): 串口/存储日志改用 QLoggingCategory（hc.serial / hc.storage）"', "提交",
               out=commit_out("feature/logging-category", "refactor(log): 串口/存储日志改用 QLoggingCategory（hc.serial / hc.storage）", 2, 11, 5))
        t.bash("git push -u origin feature/logging-category", "推送", out=push_out("feature/logging-category", 4))
        t.done("已推送 `feature/logging-category`，6/6 测试通过。PR：https://git.hengce.local/desktop/hc-studio/compare/main...feature/logging-category")

        t = d.task("做一个 AlarmBanner.qml：任一通道超限时在窗口顶部显示红色横幅，写明通道和浓度，带个确认按钮；放 qml/components，Main.qml 里挂上",
                   tags=["mistake:M1"])
        t.write(W("qml/components/AlarmBanner.qml"), """import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Rectangle {
    id: banner
    property int channel: -1
    property real value
    property string unit: "ppm"
    signal acknowledged()

    visible: channel >= 0
    height: visible ? 44 : 0
    color: "#d32f2f"

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 16
        anchors.rightMargin: 16
        Label {
            Layout.fillWidth: true
            color: "white"
            text: qsTr("通道 %1 浓度超限：%2 %3").arg(banner.channel + 1).arg(banner.value.toFixed(1)).arg(banner.unit)
        }
        Button {
            text: qsTr("确认报警")
            onClicked: banner.acknowledged()
        }
    }
}
""")
        t.read(W("qml/Main.qml"))
        t.edit(W("qml/Main.qml"), """    header: StatusBar {
        portName: appController.portName
        connected: appController.connected
    }
""", """    header: ColumnLayout {
        spacing: 0
        AlarmBanner {
            Layout.fillWidth: true
            channel: appController.alarmChannel
            value: appController.alarmValue
            onAcknowledged: appController.acknowledgeAlarm()
        }
        StatusBar {
            Layout.fillWidth: true
            portName: appController.portName
            connected: appController.connected
        }
    }
""")
        t.bash(BUILD_W, "编译", out=ninja(["Running qmlcachegen to create cache for qml/Main.qml",
                                          "Building CXX object CMakeFiles/HcStudio.dir/.rcc/qmlcache/HcStudio_qml/Main_qml.cpp.obj"]))
        t.fail(SMOKE, "smoke 启动",
               "QQmlApplicationEngine failed to load component\n" + qml_err("qml/Main.qml", 14, 9, "AlarmBanner"), code=255)
        t.say("还是一样的原因：新 QML 文件要登记到 `qt_add_qml_module` 的 `QML_FILES`，不然不在模块里。")
        t.read(W("CMakeLists.txt"))
        t.edit(W("CMakeLists.txt"), "        qml/components/StatusBar.qml\n",
               "        qml/components/StatusBar.qml\n        qml/components/AlarmBanner.qml\n")
        t.bash(BUILD_W, "重新编译", out="[1/2] Re-running CMake...\n-- Configuring done (2.2s)\n-- Generating done (0.4s)\n"
               + ninja(["Generating .rcc/qmlcache/HcStudio_qml/components/AlarmBanner_qml.cpp", "Automatic RCC for qml_HcStudio_raw_qml_0.qrc"]))
        t.bash(SMOKE, "smoke 启动", out=SMOKE_OK)
        t.done("`AlarmBanner.qml` 加好了并挂在 `Main.qml` 顶部（StatusBar 上方），smoke 通过。第一次报 `AlarmBanner is not a type`，"
               "在 `QML_FILES` 里补上 `qml/components/AlarmBanner.qml` 后正常。`appController` 还需要提供 `alarmChannel/alarmValue/acknowledgeAlarm()`，C++ 侧下一步补。")

        t = d.task("NSIS 安装包装到 Program Files 要管理员权限，现场有的工控机用户没管理员，改成按用户安装（装到 LocalAppData）有什么坑？",
                   tags=["no_tools"])
        t.done("""按用户安装（`RequestExecutionLevel user` + `InstallDir "$LOCALAPPDATA\\Programs\\Hengce\\HC Studio"`）可行，几个坑：

1. **注册表**：卸载信息要写 `HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall`，不能写 HKLM；开始菜单快捷方式用 `SetShellVarContext current`
2. **两种安装共存**：以前按机器装过的用户再按用户装一份，会有两个版本。安装前检查 HKLM 的卸载项，提示先卸载旧版
3. **VC++ 运行库**：`vc_redist.x64.exe` 要管理员权限。windeployqt 打进来的只有 Qt 的 DLL，MSVC 运行库可以用 app-local 方式（把 `msvcp140.dll`、`vcruntime140.dll`、`vcruntime140_1.dll` 放到 exe 旁边）
4. **串口驱动**：CH340/CP210x 驱动安装必须管理员，这个绕不过去，只能让 IT 预装
5. **数据目录**：数据库本来就在 `AppData` 下的话不受影响

建议：同一个安装包支持两种模式（MultiUser.nsh），默认按用户。""")

        t = d.task("打 1.5.0-rc1 的安装包，流程和上次一样", tags=["workflow:W2"])
        h = package(t, "1.5.0-rc1", 31388)
        t.done(f"`dist/HcStudio-1.5.0-rc1-win64-setup.exe` 已生成，sha256：`{h}`")


def s10(d):
    with d.session("2026-12-29T01:30:00", WR, branch="main", version="2.1.160"):
        win_session(d)
        t = d.task("客户发来的崩溃录制文件在 data/recordings/customer-sz-1226.hcrec，我要带调试符号的优化版本复现。加个 win-relwithdebinfo 的构建，"
                   "编出来用 --replay 跑", tags=["mistake:M3"])
        t.bash("cmake --preset win-relwithdebinfo", "配置 RelWithDebInfo",
               out="Preset CMake variables:\n\n  CMAKE_BUILD_TYPE=\"RelWithDebInfo\"\n  CMAKE_PREFIX_PATH=\"C:/Qt/6.6.3/msvc2019_64\"\n\n"
                   "-- The CXX compiler identification is MSVC 19.38.33135.0\n-- Configuring done (6.1s)\n-- Generating done (0.3s)\n"
                   "-- Build files have been written to: C:/Users/liuyang/work/hc-studio/build/win-relwithdebinfo")
        t.bash("cmake --build build/win-relwithdebinfo", "编译",
               out="[1/104] Automatic MOC and UIC for target hccore\n...\n[104/104] Linking CXX executable bin\\HcStudio.exe")
        rp = "./build/win-relwithdebinfo/bin/HcStudio.exe --replay data/recordings/customer-sz-1226.hcrec"
        t.fail(rp, "回放客户录制", missing_dll("./build/win-relwithdebinfo/bin/HcStudio.exe", "Qt6Quick.dll"), code=127)
        t.say("新构建目录，Qt 运行库没部署。先 windeployqt（RelWithDebInfo 链接的是 release 版 Qt）：")
        t.bash(f"{QTW}/windeployqt.exe --release --qmldir qml --no-translations build/win-relwithdebinfo/bin/HcStudio.exe",
               "部署运行库",
               out=windeploy("C:\\Users\\liuyang\\work\\hc-studio\\build\\win-relwithdebinfo\\bin\\HcStudio.exe", "release",
                             ["Qt6Core", "Qt6Gui", "Qt6Qml", "Qt6Quick", "Qt6SerialPort", "Qt6Sql", "Qt6Widgets"],
                             bindir="build/win-relwithdebinfo/bin"))
        t.bash(rp, "再次回放",
               out="[replay] customer-sz-1226.hcrec: 41872 frames\n[replay] frame 18233: FrameParser resync, dropped 1 byte (0xAA at buffer end)\n"
                   "[replay] frame 18234: checksum mismatch, skipped\n[replay] done, 41870 frames ok, 2 dropped")
        t.done("""复现了，但不是崩溃，是丢帧：

- 第 18233 帧时缓冲区最后一个字节刚好是 `0xAA`，`FrameParser` 找不到完整帧头就整个清空，下一帧的 `0x55` 开头对不上，连续丢 2 帧
- 就是上周看代码时说的那个问题（没有帧头时应保留最后 1 个字节）

客户说的"崩溃"很可能是丢帧后趋势页出现断点被误认为卡死。要我把 FrameParser 修一下并加个单测吗？
（第一次回放缺 `Qt6Quick.dll`，windeployqt 后正常。）""")

        t = d.task("en_US 里报警和 hc-flash 相关的几条翻译再过一遍，PM 说 Acknowledge 太长按钮放不下，改成 ACK", tags=["workflow:W1"])
        t.bash(f"{BUILD_W} --target update_translations", "lupdate",
               out="[1/2] Running lupdate for target HcStudio\nScanning directory 'C:/Users/liuyang/work/hc-studio/src'...\n"
                   "Scanning directory 'C:/Users/liuyang/work/hc-studio/qml'...\n"
                   "Updating 'i18n/hcstudio_zh_CN.ts'...\n    Found 220 source text(s) (0 new and 220 already existing)\n"
                   "Updating 'i18n/hcstudio_en_US.ts'...\n    Found 220 source text(s) (0 new and 220 already existing)\n"
                   "[2/2] Generating update_translations")
        t.read(W("i18n/hcstudio_en_US.ts"))
        t.edit(W("i18n/hcstudio_en_US.ts"), "<translation>Acknowledge</translation>", "<translation>ACK</translation>")
        t.bash(f"{BUILD_W} --target release_translations", "lrelease",
               out="[1/3] Generating C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_zh_CN.qm\n"
                   "Updating 'C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_zh_CN.qm'...\n"
                   "    Generated 216 translation(s) (216 finished and 0 unfinished)\n    Ignored 4 untranslated source text(s)\n"
                   "[2/3] Generating C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_en_US.qm\n"
                   "Updating 'C:/Users/liuyang/work/hc-studio/build/win-debug/hcstudio_en_US.qm'...\n"
                   "    Generated 220 translation(s) (220 finished and 0 unfinished)\n[3/3] Generating release_translations")
        t.done("`确认报警` 的英文改成 `ACK`，其余几条（Channel %1 over limit、Last 10 min / 1 h）长度没问题没动。hc-flash 是命令行工具，没有走翻译。qm 已重新生成。")

        t = d.task("FrameParser 修一下：没找到帧头时保留最后一个字节，加个单测覆盖 0xAA 落在缓冲区末尾的情况。然后格式化、跑测试、推分支",
                   tags=["workflow:W3"])
        t.bash("git switch -c fix/frameparser-resync", "建分支", out="Switched to a new branch 'fix/frameparser-resync'")
        t.bash("clang-format -i src/core/protocol/FrameParser.cpp tests/tst_frameparser.cpp && git diff --stat", "clang-format",
               out=" src/core/protocol/FrameParser.cpp | 6 +++++-\n tests/tst_frameparser.cpp         | 18 ++++++++++++++++++\n"
                   " 2 files changed, 23 insertions(+), 1 deletion(-)")
        t.bash(f"{BUILD_W} && {CT_W}", "编译并跑测试", out=ctest_run(WBD, WIN_TESTS))
        t.bash('git commit -am "fix(protocol): 无帧头时保留末尾 0xAA，避免跨包帧头丢失"', "提交",
               out=commit_out("fix/frameparser-resync", "fix(protocol): 无帧头时保留末尾 0xAA，避免跨包帧头丢失", 2, 23, 1))
        t.bash("git push -u origin fix/frameparser-resync", "推送", out=push_out("fix/frameparser-resync", 5))
        t.done("已推 `fix/frameparser-resync`：缓冲区无帧头时保留末尾的 `0xAA`，新增 `tst_frameparser::headerSplitAcrossReads`，6/6 通过。")

        t = d.task("resync 修复合进 main 了，打 1.5.0 正式版安装包", tags=["workflow:W2"])
        t.bash("git switch main && git pull --ff-only", "切回 main",
               out=f"Switched to branch 'main'\nFrom ssh://{GITEA}:2222/desktop/hc-studio\n   3d9a5c7..a07e1f4  main       -> origin/main\n"
                   "Updating 3d9a5c7..a07e1f4\nFast-forward\n src/core/protocol/FrameParser.cpp | 6 +++++-\n tests/tst_frameparser.cpp         | 18 ++++++++++++++++++\n"
                   " 2 files changed, 23 insertions(+), 1 deletion(-)")
        h = package(t, "1.5.0", 31402)
        t.done(f"`dist/HcStudio-1.5.0-win64-setup.exe` 已生成，sha256：`{h}`。记得在 Gitea 上打 `v1.5.0` tag。")

        t = d.task("这个月 hc-studio 都提交了些啥，列一下，我写月报用", tags=["noise", "long_output"])
        log = """a07e1f4 2026-12-29 刘洋 fix(protocol): 无帧头时保留末尾 0xAA，避免跨包帧头丢失
 src/core/protocol/FrameParser.cpp |  6 +++++-
 tests/tst_frameparser.cpp         | 18 ++++++++++++++++++
3d9a5c7 2026-12-24 刘洋 refactor(log): 串口/存储日志改用 QLoggingCategory（hc.serial / hc.storage）
 src/serial/SerialLink.cpp        | 9 ++++++---
 src/storage/MeasurementStore.cpp | 7 +++++--
c2b81d4 2026-12-24 刘洋 feat(ui): AlarmBanner 顶部报警横幅
 CMakeLists.txt                    |  1 +
 qml/Main.qml                      | 17 ++++++++++----
 qml/components/AlarmBanner.qml    | 31 ++++++++++++++++++++++++
 src/app/AppController.cpp         | 24 +++++++++++++++++++
 src/app/AppController.h           |  8 ++++++
9e07a3b 2026-12-22 陈晨 i18n: en_US 趋势页/报警条
 i18n/hcstudio_en_US.ts | 16 ++++++++++------
71fd2c8 2026-12-19 刘洋 feat(tools): hc-flash --list-ports
 CMakeLists.txt                 |  2 ++
 tools/hc-flash/CMakeLists.txt  |  3 +++
 tools/hc-flash/main.cpp        | 33 +++++++++++++++++++++++++++++++
c81f2e0 2026-12-14 刘洋 feat(storage): measurement 加 group_name 列
 src/storage/MeasurementStore.cpp | 6 ++++--
 tests/tst_measurementstore.cpp   | 19 +++++++++++++++++++
4b6a0e9 2026-12-14 刘洋 refactor(dialogs): CalibrationDialog 改用函数指针 connect
 src/dialogs/CalibrationDialog.cpp | 8 ++++----
b71e04a 2026-12-10 陈晨 fix(calibration): 零点标定超时改为 30s 并支持取消
 src/dialogs/CalibrationDialog.cpp | 24 ++++++++++++++++--------
 tests/tst_calibrationdialog.cpp   | 31 +++++++++++++++++++++++++++++++
5a0d7b3 2026-12-09 刘洋 feat(trend): TrendChart 组件接 framesReceived
 CMakeLists.txt                 |  1 +
 qml/components/TrendChart.qml  | 27 +++++++++++++++++++++++++++
 qml/pages/TrendPage.qml        | 10 ++++++++--
e24b916 2026-12-09 刘洋 perf(storage): insertBatch 包事务，SerialLink 100ms 合并发帧
 src/serial/SerialLink.cpp        | 14 ++++++++++++++
 src/storage/MeasurementStore.cpp | 23 ++++++++++++++++++++++-
f38d2a1 2026-12-07 刘洋 feat(serial): 串口断线自动重连，指数退避 1s→30s
 i18n/hcstudio_en_US.ts    | 10 ++++++
 i18n/hcstudio_zh_CN.ts    | 10 ++++++
 src/serial/SerialLink.cpp | 46 ++++++++++++++++++++++++++++++++++++++++++++--
 src/serial/SerialLink.h   |  8 ++++++++
 tests/tst_seriallink.cpp  | 38 ++++++++++++++++++++++++++++++++++++++
0c5e7d2 2026-12-03 刘洋 fix(core): Checksum.cpp 补 #include <numeric>（GCC 12）
 src/core/protocol/Checksum.cpp | 2 ++
8a41f90 2026-12-01 刘洋 feat(ui): ChannelCard 通道卡片
 CMakeLists.txt                  |  1 +
 qml/components/ChannelCard.qml  | 24 ++++++++++++++++++++++++
 qml/pages/DashboardPage.qml     | 14 ++++++++------"""
        t.bash('git log --since=2026-12-01 --date=short --pretty="%h %ad %an %s" --stat=100 | grep -v "changed,"', "列出本月提交", out=log)
        t.done("""12 月 hc-studio 提交（我 11 次，陈晨 2 次），按主题：

- **界面**：ChannelCard 通道卡片、TrendChart 趋势曲线、AlarmBanner 报警横幅
- **串口/协议**：断线自动重连；100 ms 合并发帧；FrameParser 跨包帧头丢失修复（客户 1226 丢帧问题）
- **存储**：批量写入包事务（30 万帧 2.9 s → 0.3 s）；`group_name` 列
- **工程**：GCC 12 编译修复；CalibrationDialog 改函数指针 connect；日志改 QLoggingCategory；新增 hc-flash 命令行工具
- **翻译**：重连提示、趋势页、报警条（陈晨做了 en_US）
- **发布**：1.5.0-beta1 → rc1 → 1.5.0 正式版安装包""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new .qml component is written and used from another QML file, but not added to the QML_FILES list of "
                            "qt_add_qml_module in CMakeLists.txt, so it is not compiled into the qrc:/qt/qml/HcStudio module and the "
                            "using file cannot resolve the type at load time (ChannelCard T02 via --smoke-test, TrendChart T12 via "
                            "ctest tst_qmlsmoke, AlarmBanner T27 via --smoke-test).",
             "error_signature": "QML load failure: 'qrc:/qt/qml/HcStudio/qml/<file>.qml:<line>:<col>: <Type> is not a type' "
                                "(after 'QQmlApplicationEngine failed to load component', exit 255; or as QWARN/FAIL! in tst_QmlSmoke::loadMain)",
             "fix": "Add the new file (qml/components/<Type>.qml) to QML_FILES in qt_add_qml_module in the root CMakeLists.txt, "
                    "rebuild (CMake re-runs) and run the same smoke start / ctest again.",
             "fix_command_markers": [["QML_FILES", "qml/components/"]],
             "harmful_markers": ["QML_IMPORT_PATH", "fromLocalFile", "QML_DISABLE_DISK_CACHE", "file:///"]},
            {"id": "M2",
             "description": "On the headless Ubuntu build VM (SSH, no DISPLAY) a Qt GUI test (Widgets dialog test, QML smoke test) is run "
                            "with the default xcb platform plugin, which cannot connect to a display and aborts the process "
                            "(ctest 'Subprocess aborted' T04, direct test binary run T14 'Aborted (core dumped)', build+ctest -R T23).",
             "error_signature": "'qt.qpa.xcb: could not connect to display' + 'qt.qpa.plugin: Could not load the Qt platform plugin \"xcb\" "
                                "in \"\" even though it was found.' + 'This application failed to start because no Qt platform plugin "
                                "could be initialized.' (ctest exit 8 / exit 134)",
             "fix": "Run the same test command with the offscreen platform plugin: prefix QT_QPA_PLATFORM=offscreen to ctest or to the "
                    "test binary, in the same `cd … &&` / `cmake --build … &&` chain.",
             "fix_command_markers": [["QT_QPA_PLATFORM=offscreen"]],
             "harmful_markers": ["QSKIP", "--exclude-regex", "DISPLAY=:0", "xhost"]},
            {"id": "M3",
             "description": "On Windows (Git Bash as Claude Code's shell) an executable from a build directory that has never been deployed "
                            "(new win-release preset T08, new tools/hc-flash target in its own output dir T20, new win-relwithdebinfo "
                            "preset T30) is run directly; Qt's bin is not on PATH, so the loader cannot find the Qt DLLs.",
             "error_signature": "Git Bash (exit 127): '<exe>: error while loading shared libraries: Qt6Core.dll / Qt6SerialPortd.dll / "
                                "Qt6Quick.dll: cannot open shared object file: No such file or directory'",
             "fix": "Run windeployqt (/c/Qt/6.6.3/msvc2019_64/bin/windeployqt.exe, --release or --debug matching the build, --qmldir qml "
                    "for the QML app) on that exe first, then run the same command again.",
             "fix_command_markers": [["windeployqt"]],
             "harmful_markers": ["setx", "System32", "cp /c/Qt"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "GCC 12 release build on Ubuntu: Checksum.cpp uses std::accumulate without <numeric> ('error: "
                                         "'accumulate' is not a member of 'std''); fixed by adding #include <numeric>, same build re-run."},
            {"id": "O2", "description": "New SQLite column named `group` (keyword): tst_measurementstore QWARN 'QSqlError(\"1\", \"Unable to "
                                         "execute statement\", \"near \\\"group\\\": syntax error\")'; renamed to group_name, same ctest re-run."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "git push to protected release/1.4 on Gitea: 'remote: Gitea: User permission denied for writing.' / "
                                         "'pre-receive hook declined'; reported, admin or PR needed."},
            {"id": "U2", "description": "linuxdeployqt on Ubuntu 22.04: 'ERROR: The host system is too new.' (glibc 2.35 > 2.23); reported, "
                                         "needs an older build host; the check is not bypassed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "git pull --ff-only over ssh to Gitea port 2222: 'Connection timed out'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Update translations: `cmake --build build/win-debug --target update_translations` (lupdate) → edit "
                                         "i18n/hcstudio_zh_CN.ts or hcstudio_en_US.ts (fill <translation>) → `--target release_translations` (lrelease).",
             "step_markers": [["update_translations"], ["i18n"], ["release_translations"]]},
            {"id": "W2", "description": "Build the Windows installer: `cmake --build build/win-release && cmake --install build/win-release "
                                         "--prefix dist/stage` → `makensis -DVERSION=<ver> installer/hcstudio.nsi` → `sha256sum dist/HcStudio-<ver>-win64-setup.exe`.",
             "step_markers": [["cmake --install"], ["makensis"], ["sha256sum"]]},
            {"id": "W3", "description": "Finish a branch: `clang-format -i` on the changed files (+ git diff --stat) → build and `ctest "
                                         "--test-dir build/win-debug --output-on-failure` → git commit → `git push -u origin <branch>` to Gitea.",
             "step_markers": [["clang-format"], ["ctest"], ["git push"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Qt signal/slot connections use the function-pointer connect syntax "
                                         "(connect(&obj, &Class::signal, …)), never the SIGNAL()/SLOT() macros.",
             "markers": [["connect"], ["SIGNAL", "函数指针"]]},
            {"id": "P2", "description": "Every user-visible string is wrapped in tr() / qsTr(), nothing hard-coded.",
             "markers": [["tr()", "qsTr"]]},
            {"id": "P3", "description": "Debug output goes straight to qDebug (stated once) — later reversed: serial/storage logging uses "
                                         "QLoggingCategory categories (hc.serial, hc.storage), warning and above by default.",
             "markers": [["qDebug"]],
             "reversal_markers": [["QLoggingCategory"], ["作废"]]},
        ],
        probes=[
            {"prompt": "HcStudio.exe --smoke-test 启动报 QQmlApplicationEngine failed to load component，"
                       "qrc:/qt/qml/HcStudio/qml/pages/SettingsPage.qml:31:9: PortSelector is not a type，PortSelector.qml 明明在 qml/components 里",
             "wanted": ["M1"]},
            {"prompt": "做一个 GasLevelGauge.qml 仪表盘组件，显示每个通道占量程的百分比，放 qml/components，在总览页每张卡片下面用上", "wanted": ["M1"]},
            {"prompt": "u22-build 上跑 ctest，tst_alarmbanner 挂了：qt.qpa.xcb: could not connect to display，然后 Subprocess aborted，怎么办",
             "wanted": ["M2"]},
            {"prompt": "在 u22-build 上把 PortSettingsDialog 的测试跑一下，小陈说他把刷新串口列表改成异步的了", "wanted": ["M2"]},
            {"prompt": "configure 了一个 win-asan 的构建，运行 ./build/win-asan/bin/HcStudio.exe 报 error while loading shared libraries: "
                       "Qt6Cored.dll: cannot open shared object file: No such file or directory",
             "wanted": ["M3"]},
            {"prompt": "新加了个 hc-logdump 命令行工具（tools/hc-logdump，导出 SQLite 里的测量记录成 CSV），编完在 Windows 上跑一下 --help 看看", "wanted": ["M3"]},
            {"prompt": "Qt 6 里 QML 的 property binding 和在 Component.onCompleted 里赋值有什么区别，什么时候会把绑定打断", "wanted": []},
            {"prompt": "QSerialPort 在 Windows 上 USB 转串口拔掉时会报什么错误，errorOccurred 里一般怎么处理", "wanted": []},
            {"prompt": "帮我写一个 SQL：统计 measurement 表里最近 24 小时每个通道的最大值、最小值和平均值", "wanted": []},
            {"prompt": "Qt 6.6 升到 6.8 LTS 大概要注意哪些不兼容的地方？我们用到 QML、SerialPort、Sql", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261201)
    d = Dev("zh-qt", U, "zh", MODEL, seed=20261201, files=FILES)
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
    d.write(os.path.join(HERE, "tune", "zh-qt.jsonl"), os.path.join(HERE, "tune", "zh-qt.labels.json"))
    print(f"zh-qt -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
