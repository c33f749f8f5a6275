"""zh-yocto: 陈浩 (Chen Hao), embedded Linux engineer at 岚芯科技 (Lanxin Tech, Suzhou), product image for an
i.MX8M Plus industrial HMI gateway (LX-HMI800) built with Yocto 5.0 scarthgap / BitBake 2.8.

Stack: poky + meta-openembedded + meta-freescale + meta-imx (NXP lf-6.6.52-2.2.x) + meta-qt6 as git submodules
under sources/, the company layer meta-lanxin (machine imx8mp-lx800, distro lx-wayland, images lx-image /
lx-image-dev, bbappends, the Qt6/QML app recipe lx-hmi, lx-modbusd, config fragments, device-tree patches),
devtool modify/build/finish, the extensible SDK (populate_sdk_ext) for the application team, runqemu on a
qemuarm64 build dir (build-qemu) for quick checks, flashing with uuu (emmc_all), a Jenkins nightly job, shared
downloads/sstate mirror on NFS (/mnt/yocto-share). Prompts and replies in Chinese; tool output as the tools print it.
cwd /home/chenhao/yocto/lx-bsp.

Written blind for fresh/; measured once held out (round 15), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chenhao"
R = "/home/chenhao/yocto/lx-bsp"
B = R + "/build"
BQ = R + "/build-qemu"
ML = R + "/meta-lanxin"
MODEL = "claude-opus-4-6"
ENV = "source sources/poky/oe-init-build-env build > /dev/null && "
ENVQ = "source sources/poky/oe-init-build-env build-qemu > /dev/null && "
MACH = "imx8mp-lx800"
DEPLOY = f"{B}/tmp/deploy/images/{MACH}"
JENKINS = "https://jenkins.lanxin-tech.cn/job/lx-bsp-nightly"
BOARD = "192.168.50.120"
GITSRV = "git.lanxin-tech.cn"
SIG1 = "in branch master even from upstream"
SIG2 = "Setting up tap device failed:"
SIG3 = "ERROR: Source tree is not clean:"

_rng = [random.Random(20261026)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def M(rel):
    return f"{ML}/{rel}"


# ---------------------------------------------------------------- layer revisions (stable for the month)
REV = {
    "poky": "6b1a3e4f8f2a07c9d3e0b15e7c2f9d4a81e6b0c3",
    "oe": "1235dd4ed4a57e67683c045ad76b6a0f9e896b45",
    "fsl": "f3c7d5b2a9e1406d8c2b7e5a1f09d3c6b4e2a718",
    "fsl3": "a1c4e7b9d2f5081e3c6a9b2d5f8e1a4c7b0d3e69",
    "imx": "8e2f4a6c1b3d5e7f9a0c2e4b6d8f1a3c5e7b9d02",
    "qt6": "c79e3f1a5b2d4e6f8a0b1c3d5e7f9a2b4c6d8e10",
}
LANXIN_REV = ["4be91c2d7f0a3e5b8c1d6f2a9e4b7c0d3f5a8e11"]
WS_ON = [False]  # devtool adds its workspace layer to bblayers.conf on first use


def bb_config(machine=MACH, distro="lx-wayland", workspace=False, lanxin=None):
    lx = lanxin or LANXIN_REV[0]
    tune = "aarch64 armv8a crc crypto cortexa53" if machine == MACH else "aarch64 armv8a crc cortexa57"
    lines = [
        "Build Configuration:",
        'BB_VERSION           = "2.8.0"',
        'BUILD_SYS            = "x86_64-linux"',
        'NATIVELSBSTRING      = "ubuntu-22.04"',
        'TARGET_SYS           = "aarch64-poky-linux"',
        f'MACHINE              = "{machine}"',
        f'DISTRO               = "{distro}"',
        'DISTRO_VERSION       = "5.0.6"',
        f'TUNE_FEATURES        = "{tune}"',
        'TARGET_FPU           = ""',
        "%-20s " % "meta",
        '%-20s = "HEAD:%s"' % ("meta-poky", REV["poky"]),
        "%-20s " % "meta-oe",
        "%-20s " % "meta-multimedia",
        '%-20s = "HEAD:%s"' % ("meta-python", REV["oe"]),
        '%-20s = "HEAD:%s"' % ("meta-freescale", REV["fsl"]),
        '%-20s = "HEAD:%s"' % ("meta-freescale-3rdparty", REV["fsl3"]),
        "%-20s " % "meta-imx-bsp",
        "%-20s " % "meta-imx-sdk",
        '%-20s = "HEAD:%s"' % ("meta-imx-ml", REV["imx"]),
        '%-20s = "HEAD:%s"' % ("meta-qt6", REV["qt6"]),
        '%-20s = "scarthgap:%s"' % ("meta-lanxin", lx),
    ]
    if (workspace or WS_ON[0]) and machine == MACH:
        lines.append('%-20s = "<unknown>:<unknown>"' % "workspace")
    return "\n".join(lines)


def bb_parse(cached=3482, parsed=0, total=3482, targets=5217, skipped=538):
    head = "Loading cache...done.\nLoaded 5216 entries from dependency cache.\n"
    if parsed:
        head = "Loading cache...done.\nLoaded 5216 entries from dependency cache.\nParsing recipes...done.\n"
    return (head + f"Parsing of {total} .bb files complete ({cached} cached, {parsed} parsed). {targets} targets, "
            f"{skipped} skipped, 0 masked, 0 errors.\nNOTE: Resolving any missing task queue dependencies\n")


def stale():
    n = _rng[0].randint(0, 9)
    if n < 6:
        return ""
    return f"Removing {n} stale sstate objects for arch cortexa53-crypto-mx8mp...done.\n"


def bb_ok(tasks, reran, sstate, notes="", **kw):
    wanted, local, mirrors, missed, current = sstate
    match = int(round(100.0 * (local + mirrors) / wanted)) if wanted else 100
    return (bb_parse(**{k: v for k, v in kw.items() if k in ("cached", "parsed", "total", "targets", "skipped")})
            + "\n" + bb_config(**{k: v for k, v in kw.items() if k in ("machine", "distro", "workspace", "lanxin")}) + "\n\n"
            f"Sstate summary: Wanted {wanted} Local {local} Mirrors {mirrors} Missed {missed} Current {current} "
            f"({match}% match, 99% complete)\n" + stale() +
            "NOTE: Executing Tasks\n" + (notes + "\n" if notes else "") +
            f"NOTE: Tasks Summary: Attempted {tasks} tasks of which {tasks - reran} didn't need to be rerun and all succeeded.")


def bb_fail(tasks, reran, sstate, errors, summary_tasks, nerr, notes="", **kw):
    wanted, local, mirrors, missed, current = sstate
    match = int(round(100.0 * (local + mirrors) / wanted)) if wanted else 100
    s = (bb_parse(**{k: v for k, v in kw.items() if k in ("cached", "parsed", "total", "targets", "skipped")})
         + "\n" + bb_config(**{k: v for k, v in kw.items() if k in ("machine", "distro", "workspace", "lanxin")}) + "\n\n"
         f"Sstate summary: Wanted {wanted} Local {local} Mirrors {mirrors} Missed {missed} Current {current} "
         f"({match}% match, 99% complete)\nNOTE: Executing Tasks\n" + (notes + "\n" if notes else "") + errors + "\n"
         f"NOTE: Tasks Summary: Attempted {tasks} tasks of which {tasks - reran} didn't need to be rerun and 1 failed.\n\n"
         "Summary: 1 task failed:\n")
    for rt, log in summary_tasks:
        s += f"  {rt}\n    log: {log}\n"
    s += f"Summary: There {'was' if nerr == 1 else 'were'} {nerr} ERROR message{'s' if nerr != 1 else ''} shown, returning a non-zero exit code."
    return s


def task_notes(pn, pv, tasks):
    out = []
    for t in tasks:
        out.append(f"NOTE: recipe {pn}-{pv}: task {t}: Started")
        out.append(f"NOTE: recipe {pn}-{pv}: task {t}: Succeeded")
    return "\n".join(out)


def fetch_branch_fail(pn, pv, url, rev, recipe_rel, pid, arch="cortexa53-crypto-mx8mp-poky-linux"):
    work = f"{B}/tmp/work/{arch}/{pn}/{pv.split('-r')[0]}"
    log = f"{work}/temp/log.do_fetch.{pid}"
    err = (f"NOTE: recipe {pn}-{pv}: task do_fetch: Started\n"
           f"WARNING: {pn}-{pv} do_fetch: Failed to fetch URL {url}, attempting MIRRORS if available\n"
           f"ERROR: {pn}-{pv} do_fetch: Fetcher failure: Unable to find revision {rev} in branch master even from upstream\n"
           f"ERROR: {pn}-{pv} do_fetch: Fetcher failure for URL: '{url}'. Unable to fetch URL from any source.\n"
           f"ERROR: Logfile of failure stored in: {log}\n"
           f"NOTE: recipe {pn}-{pv}: task do_fetch: Failed\n"
           f"ERROR: Task ({ML}/{recipe_rel}:do_fetch) failed with exit code '1'")
    return err, [(f"{ML}/{recipe_rel}:do_fetch", log)]


# ---------------------------------------------------------------- runqemu
def runqemu_head(image, stamp, extra=""):
    dd = f"{BQ}/tmp/deploy/images/qemuarm64"
    return (f"runqemu - INFO - Running bitbake -e ...\n"
            "runqemu - INFO - Continuing with the following parameters:\n"
            f"KERNEL: [{dd}/Image]\n"
            "MACHINE: [qemuarm64]\n"
            "FSTYPE: [ext4]\n"
            f"ROOTFS: [{dd}/{image}-qemuarm64.rootfs-{stamp}.ext4]\n"
            f"CONFFILE: [{dd}/{image}-qemuarm64.rootfs-{stamp}.qemuboot.conf]\n" + extra)


def runqemu_tap_fail(image, stamp, uptime):
    native = f"{BQ}/tmp/work/x86_64-linux/qemu-helper-native/1.0/recipe-sysroot-native/usr/bin"
    return (runqemu_head(image, stamp) + "\n"
            "runqemu - INFO - Setting up tap interface under sudo\n"
            "sudo: a terminal is required to read the password; either use the -S option to read from standard input or "
            "configure an askpass helper\n"
            "sudo: a password is required\n"
            "runqemu - ERROR - Setting up tap device failed:\n"
            f"Command '('sudo', '{R}/sources/poky/scripts/runqemu-ifup', '1000', '1000', '{native}')' returned non-zero "
            "exit status 1.\n"
            "Run runqemu-gen-tapdevs to manually create one.\n"
            "runqemu - INFO - Cleaning up\n"
            f"runqemu - INFO - Host uptime: {uptime}\n\n"
            "tput: No value for $TERM and no -T specified")


def runqemu_slirp_ok(image, stamp, uptime, mem="2048"):
    dd = f"{BQ}/tmp/deploy/images/qemuarm64"
    native = f"{BQ}/tmp/work/x86_64-linux/qemu-helper-native/1.0/recipe-sysroot-native/usr/bin"
    return (runqemu_head(image, stamp) + "\n"
            "runqemu - INFO - Network configuration: ip=10.0.2.15::10.0.2.2:255.255.255.0::eth0:off:10.0.2.3\n"
            "runqemu - INFO - Port forward: hostfwd=tcp:127.0.0.1:2222-:22 hostfwd=tcp:127.0.0.1:2323-:23\n"
            f"runqemu - INFO - Running {native}/qemu-system-aarch64 -device virtio-net-pci,netdev=net0,mac=52:54:00:12:35:02 "
            f"-netdev user,id=net0,hostfwd=tcp:127.0.0.1:2222-:22,hostfwd=tcp:127.0.0.1:2323-:23,tftp={dd} "
            "-object rng-random,filename=/dev/urandom,id=rng0 -device virtio-rng-pci,rng=rng0 "
            f"-drive id=disk0,file={dd}/{image}-qemuarm64.rootfs-{stamp}.ext4,if=none,format=raw "
            f"-device virtio-blk-pci,drive=disk0 -device qemu-xhci -device usb-tablet -device usb-kbd  -machine virt "
            f"-cpu cortex-a57 -smp 4 -m {mem} -snapshot -serial mon:stdio -serial null -nographic -device virtio-gpu-pci "
            f"-kernel {dd}/Image -append 'root=/dev/vda rw  mem={mem}M ip=10.0.2.15::10.0.2.2:255.255.255.0::eth0:off:10.0.2.3 "
            "console=ttyAMA0 console=hvc0  '\n\n"
            f"runqemu - INFO - Host uptime: {uptime}\n\n"
            "[    0.000000] Booting Linux on physical CPU 0x0000000000 [0x411fd070]\n"
            "[    0.000000] Linux version 6.6.54-yocto-standard (oe-user@oe-host) (aarch64-poky-linux-gcc (GCC) 13.3.0, "
            "GNU ld (GNU Binutils) 2.42.0.20240723) #1 SMP PREEMPT Tue Oct  1 08:02:17 UTC 2024\n"
            "[    0.000000] Machine model: linux,dummy-virt\n"
            "[    4.218833] Run /sbin/init as init process\n"
            "[  OK  ] Reached target Multi-User System.\n\n"
            "Lanxin LX-HMI800 (dev) 5.0.6 qemuarm64 ttyAMA0\n\n"
            "qemuarm64 login:")


SSHQ = "ssh -p 2222 -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null root@127.0.0.1"
SSHB = f"ssh -o ConnectTimeout=10 root@{BOARD}"


def uuu_ok(boot, wic, secs):
    return (f"uuu (Universal Update Utility) for nxp imx chips -- libuuu_1.5.182-0-g2a2a5a3\n\n"
            "Wait for Known USB Device Appear...\n"
            "New USB Device Attached at 3:2-1\n"
            f"3:2-1>Start Cmd:SDPS: boot -f {boot}\n"
            "100%3:2-1>Okay (0.521s)\n"
            "New USB Device Attached at 3:2-1\n"
            "3:2-1>Start Cmd:FB: getvar version\n"
            "3:2-1>Okay (0.004s)\n"
            "3:2-1>Start Cmd:FB: ucmd setenv fastboot_dev mmc\n"
            "3:2-1>Okay (0.002s)\n"
            "3:2-1>Start Cmd:FB: ucmd setenv mmcdev ${emmc_dev}\n"
            "3:2-1>Okay (0.001s)\n"
            "3:2-1>Start Cmd:FB: ucmd mmc dev ${emmc_dev}\n"
            "3:2-1>Okay (0.018s)\n"
            f"3:2-1>Start Cmd:FB: flash -raw2sparse all {wic}/*\n"
            f"100%3:2-1>Okay ({secs}s)\n"
            f"3:2-1>Start Cmd:FB: flash bootloader {boot}\n"
            "100%3:2-1>Okay (0.377s)\n"
            "3:2-1>Start Cmd:FB: ucmd if env exists emmc_ack; then ; else setenv emmc_ack 0; fi;\n"
            "3:2-1>Okay (0.001s)\n"
            "3:2-1>Start Cmd:FB: ucmd mmc partconf ${emmc_dev} ${emmc_ack} 1 0\n"
            "3:2-1>Okay (0.002s)\n"
            "3:2-1>Start Cmd:FB: done\n"
            "3:2-1>Okay (0s)")


BOOTBIN = f"imx-boot-{MACH}-sd.bin-flash_evk"


def git_commit_out(branch, sha, msg, files, ins, dels, creates=()):
    s = f"[{branch} {sha}] {msg}\n {files} file{'s' if files != 1 else ''} changed, {ins} insertion{'s' if ins != 1 else ''}(+)"
    if dels:
        s += f", {dels} deletion{'s' if dels != 1 else ''}(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


def push_out(old, new, branch="scarthgap"):
    return (f"To {GITSRV}:bsp/lx-bsp.git\n   {old}..{new}  {branch} -> {branch}")


# ---------------------------------------------------------------- initial files
README = """# lx-bsp

LX-HMI800（i.MX8M Plus）产品镜像，Yocto 5.0 scarthgap。

## 目录

- `sources/`：上游层，git submodule（poky、meta-openembedded、meta-freescale、meta-freescale-3rdparty、meta-imx、meta-qt6），**只读**
- `meta-lanxin/`：我们自己的层（machine `imx8mp-lx800`、distro `lx-wayland`、镜像、应用 recipe、bbappend）
- `build/`：板子的构建目录（`conf/` 由 `meta-lanxin/conf/templates/lx800` 生成）
- `build-qemu/`：qemuarm64 构建目录，只用来快速验证用户态
- `Jenkinsfile`：nightly（每天 01:00，agent `yocto-ci-02`）

## 常用

    git submodule update --init
    source sources/poky/oe-init-build-env build
    bitbake lx-image          # 量产镜像
    bitbake lx-image-dev      # 开发镜像（ssh、gdbserver、调试工具）
    bitbake lx-image -c populate_sdk_ext   # 给应用组的 eSDK

烧录（板子拨到 USB 下载模式）：

    cd build/tmp/deploy/images/imx8mp-lx800
    uuu -b emmc_all imx-boot-imx8mp-lx800-sd.bin-flash_evk lx-image-dev-imx8mp-lx800.rootfs.wic.zst

## 共享缓存

`build/conf/site.conf` 把 `DL_DIR` 指到 NFS `/mnt/yocto-share/downloads`，sstate 镜像是
`/mnt/yocto-share/sstate-cache`（Jenkins nightly 写，大家只读）。
"""

BBLAYERS = """# POKY_BBLAYERS_CONF_VERSION is increased each time build/conf/bblayers.conf
# changes incompatibly
POKY_BBLAYERS_CONF_VERSION = "2"

BBPATH = "${TOPDIR}"
BSPDIR := "${@os.path.abspath(os.path.dirname(d.getVar('FILE', True)) + '/../..')}"

BBFILES ?= ""
BBLAYERS ?= " \\
  ${BSPDIR}/sources/poky/meta \\
  ${BSPDIR}/sources/poky/meta-poky \\
  ${BSPDIR}/sources/meta-openembedded/meta-oe \\
  ${BSPDIR}/sources/meta-openembedded/meta-multimedia \\
  ${BSPDIR}/sources/meta-openembedded/meta-python \\
  ${BSPDIR}/sources/meta-freescale \\
  ${BSPDIR}/sources/meta-freescale-3rdparty \\
  ${BSPDIR}/sources/meta-imx/meta-imx-bsp \\
  ${BSPDIR}/sources/meta-imx/meta-imx-sdk \\
  ${BSPDIR}/sources/meta-imx/meta-imx-ml \\
  ${BSPDIR}/sources/meta-qt6 \\
  ${BSPDIR}/meta-lanxin \\
"
"""

LOCAL_CONF = """MACHINE ??= "imx8mp-lx800"
DISTRO ?= "lx-wayland"
ACCEPT_FSL_EULA = "1"

PACKAGE_CLASSES = "package_rpm"
USER_CLASSES ?= "buildstats"
PATCHRESOLVE = "noop"

BB_NUMBER_THREADS = "16"
PARALLEL_MAKE = "-j 16"

BB_DISKMON_DIRS ??= "\\
    STOPTASKS,${TMPDIR},1G,100K \\
    STOPTASKS,${DL_DIR},1G,100K \\
    STOPTASKS,${SSTATE_DIR},1G,100K \\
    HALT,${TMPDIR},100M,1K \\
    HALT,${DL_DIR},100M,1K \\
    HALT,${SSTATE_DIR},100M,1K"

CONF_VERSION = "2"
"""

SITE_CONF = """DL_DIR = "/mnt/yocto-share/downloads"
SSTATE_DIR = "${TOPDIR}/sstate-cache"
SSTATE_MIRRORS = "file://.* file:///mnt/yocto-share/sstate-cache/PATH"
BB_HASHSERVE = "auto"
BB_SIGNATURE_HANDLER = "OEEquivHash"
"""

MACHINE_CONF = """#@TYPE: Machine
#@NAME: Lanxin LX-HMI800
#@SOC: i.MX8MP
#@DESCRIPTION: LX-HMI800 industrial HMI gateway, i.MX8M Plus Quad, 2GB LPDDR4, 16GB eMMC

require conf/machine/imx8mp-lpddr4-evk.conf

KERNEL_DEVICETREE_BASENAME = "imx8mp-lx800"
KERNEL_DEVICETREE = "freescale/imx8mp-lx800.dtb"

UBOOT_CONFIG_BASENAME = "imx8mp_lx800"
UBOOT_CONFIG[sd] = "${UBOOT_CONFIG_BASENAME}_defconfig,sdcard"

SERIAL_CONSOLES = "115200;ttymxc1"
IMX_DEFAULT_BOOTLOADER = "u-boot-imx"
"""

DISTRO_CONF = """require conf/distro/fsl-imx-wayland.conf

DISTRO = "lx-wayland"
DISTRO_NAME = "Lanxin LX-HMI800"
DISTRO_VERSION = "5.0.6"
MAINTAINER = "Lanxin BSP <bsp@lanxin-tech.cn>"

DISTRO_FEATURES:append = " systemd usrmerge"
DISTRO_FEATURES:remove = "x11 ptest"
VIRTUAL-RUNTIME_init_manager = "systemd"
INIT_MANAGER = "systemd"
"""

LAYER_CONF = """# We have a conf and classes directory, add to BBPATH
BBPATH .= ":${LAYERDIR}"

# We have recipes-* directories, add to BBFILES
BBFILES += "${LAYERDIR}/recipes-*/*/*.bb \\
            ${LAYERDIR}/recipes-*/*/*.bbappend"

BBFILE_COLLECTIONS += "meta-lanxin"
BBFILE_PATTERN_meta-lanxin = "^${LAYERDIR}/"
BBFILE_PRIORITY_meta-lanxin = "10"

LAYERDEPENDS_meta-lanxin = "core freescale-layer fsl-bsp-release qt6-layer openembedded-layer"
LAYERSERIES_COMPAT_meta-lanxin = "scarthgap"
"""

IMAGE_BB = """SUMMARY = "LX-HMI800 production image"
LICENSE = "MIT"

inherit core-image

IMAGE_FEATURES += "splash"

IMAGE_INSTALL:append = " \\
    packagegroup-core-boot \\
    weston weston-init \\
    qtbase qtdeclarative qtwayland \\
    lx-modbusd \\
    can-utils \\
    iproute2 \\
"

IMAGE_FSTYPES = "wic.zst wic.bmap"
"""

IMAGE_DEV_BB = """require lx-image.bb

SUMMARY = "LX-HMI800 development image"

IMAGE_FEATURES += "ssh-server-openssh tools-debug allow-empty-password empty-root-password allow-root-login"

IMAGE_INSTALL:append = " \\
    gdbserver \\
    strace \\
    i2c-tools \\
    memtester \\
"
"""

KERNEL_APPEND = """FILESEXTRAPATHS:prepend := "${THISDIR}/${PN}:"

SRC_URI:append = " \\
    file://0001-arm64-dts-freescale-add-imx8mp-lx800-board.patch \\
"
"""

MODBUSD_BB = """SUMMARY = "Modbus RTU/TCP bridge daemon for LX-HMI800"
LICENSE = "CLOSED"

SRC_URI = "git://git.lanxin-tech.cn/gw/lx-modbusd.git;protocol=ssh;branch=main"
SRCREV = "e5a0c9d3b71f42a8c6d0e9b2f4a1c7d3e8b5f026"

PV = "1.2.0+git"
S = "${WORKDIR}/git"

DEPENDS = "libmodbus systemd"

inherit meson pkgconfig
"""

JENKINSFILE = """pipeline {
    agent { label 'yocto-ci-02' }
    triggers { cron('H 1 * * *') }
    options { timeout(time: 6, unit: 'HOURS'); buildDiscarder(logRotator(numToKeepStr: '30')) }
    stages {
        stage('Checkout') {
            steps {
                checkout scm
                sh 'git submodule update --init'
            }
        }
        stage('Build') {
            steps {
                sh '''
                    source sources/poky/oe-init-build-env build
                    cp ../meta-lanxin/conf/templates/ci/site.conf conf/site.conf
                    bitbake lx-image lx-image-dev
                '''
            }
        }
        stage('Publish sstate') {
            steps {
                sh 'rsync -a --ignore-existing build/sstate-cache/ /mnt/yocto-share/sstate-cache/'
            }
        }
    }
}
"""

DTS_OLD = """// SPDX-License-Identifier: (GPL-2.0+ OR MIT)
/*
 * Copyright 2026 Lanxin Tech
 */

/dts-v1/;

#include <dt-bindings/gpio/gpio.h>
#include <dt-bindings/leds/common.h>
#include "imx8mp.dtsi"

/ {
	model = "Lanxin LX-HMI800";
	compatible = "lanxin,imx8mp-lx800", "fsl,imx8mp";

	chosen {
		stdout-path = &uart2;
	};

	memory@40000000 {
		device_type = "memory";
		reg = <0x0 0x40000000 0 0x80000000>;
	};
};

&uart2 {
	pinctrl-names = "default";
	pinctrl-0 = <&pinctrl_uart2>;
	status = "okay";
};

&uart3 {
	pinctrl-names = "default";
	pinctrl-0 = <&pinctrl_uart3>;
	status = "disabled";
};

&iomuxc {
	pinctrl_uart2: uart2grp {
		fsl,pins = <
			MX8MP_IOMUXC_UART2_RXD__UART2_DCE_RX	0x140
			MX8MP_IOMUXC_UART2_TXD__UART2_DCE_TX	0x140
		>;
	};

	pinctrl_uart3: uart3grp {
		fsl,pins = <
			MX8MP_IOMUXC_ECSPI1_SCLK__UART3_DCE_RX	0x140
			MX8MP_IOMUXC_ECSPI1_MOSI__UART3_DCE_TX	0x140
		>;
	};
};
"""

FILES = {
    P("README.md"): README,
    P("build/conf/bblayers.conf"): BBLAYERS,
    P("build/conf/local.conf"): LOCAL_CONF,
    P("build/conf/site.conf"): SITE_CONF,
    M("conf/layer.conf"): LAYER_CONF,
    M("conf/machine/imx8mp-lx800.conf"): MACHINE_CONF,
    M("conf/distro/lx-wayland.conf"): DISTRO_CONF,
    M("recipes-core/images/lx-image.bb"): IMAGE_BB,
    M("recipes-core/images/lx-image-dev.bb"): IMAGE_DEV_BB,
    M("recipes-kernel/linux/linux-imx_%.bbappend"): KERNEL_APPEND,
    M("recipes-connectivity/lx-modbusd/lx-modbusd_git.bb"): MODBUSD_BB,
    P("Jenkinsfile"): JENKINSFILE,
}


# ---------------------------------------------------------------- recipes written during the month
HMI_REV1 = "9c3e7b14d0a2f6e85b1c7d39a4e0f2b6c8d1a5e7"
HMI_BB = """SUMMARY = "LX-HMI800 front panel application (Qt6/QML)"
LICENSE = "CLOSED"

SRC_URI = "git://git.lanxin-tech.cn/hmi/lx-hmi.git;protocol=ssh"
SRCREV = "9c3e7b14d0a2f6e85b1c7d39a4e0f2b6c8d1a5e7"

PV = "1.0+git"
S = "${WORKDIR}/git"

inherit qt6-cmake

DEPENDS += "qtbase qtdeclarative qtdeclarative-native"
RDEPENDS:${PN} += "qtdeclarative-qmlplugins qtwayland"
"""

SHOW_LAYERS = f"""NOTE: Starting bitbake server...
layer                 path                                                                    priority
========================================================================================================
core                  {R}/sources/poky/meta                                   5
yocto                 {R}/sources/poky/meta-poky                              5
openembedded-layer    {R}/sources/meta-openembedded/meta-oe                   5
multimedia-layer      {R}/sources/meta-openembedded/meta-multimedia           5
meta-python           {R}/sources/meta-openembedded/meta-python               5
freescale-layer       {R}/sources/meta-freescale                              5
freescale-3rdparty    {R}/sources/meta-freescale-3rdparty                     4
fsl-bsp-release       {R}/sources/meta-imx/meta-imx-bsp                       8
fsl-sdk-release       {R}/sources/meta-imx/meta-imx-sdk                       8
imx-machine-learning  {R}/sources/meta-imx/meta-imx-ml                        8
qt6-layer             {R}/sources/meta-qt6                                    20
meta-lanxin           {R}/meta-lanxin                                         10"""


def s1(d):
    with d.session("2026-10-26T01:38:00", R, branch="scarthgap", version="2.1.143"):
        t = d.task("这个 lx-bsp 仓库是我从小刘手上接过来的，他调去做 M7 那边了。你先帮我过一遍：层是怎么组织的、machine 和 distro "
                   "怎么定义的、镜像有哪几个、共享缓存怎么配的", tags=["noise", "long_output"])
        t.read(P("README.md"))
        t.glob("meta-lanxin/**/*", [M("conf/distro/lx-wayland.conf"), M("conf/layer.conf"), M("conf/machine/imx8mp-lx800.conf"),
                                    M("conf/templates/ci/site.conf"), M("conf/templates/lx800/bblayers.conf.sample"),
                                    M("conf/templates/lx800/local.conf.sample"),
                                    M("recipes-connectivity/lx-modbusd/lx-modbusd_git.bb"),
                                    M("recipes-core/images/lx-image-dev.bb"), M("recipes-core/images/lx-image.bb"),
                                    M("recipes-kernel/linux/linux-imx/0001-arm64-dts-freescale-add-imx8mp-lx800-board.patch"),
                                    M("recipes-kernel/linux/linux-imx_%.bbappend")], path=R)
        t.read(M("conf/machine/imx8mp-lx800.conf"))
        t.read(M("conf/distro/lx-wayland.conf"))
        t.read(M("recipes-core/images/lx-image.bb"))
        t.read(P("build/conf/site.conf"))
        t.bash(ENV + "bitbake-layers show-layers", "列出当前启用的层", out=SHOW_LAYERS)
        t.done("""整体结构：

**层**
- `sources/` 下是上游层（git submodule）：poky、meta-openembedded（oe/multimedia/python）、meta-freescale(+3rdparty)、NXP 的 meta-imx（bsp/sdk/ml 三个子层）、meta-qt6
- `meta-lanxin/` 是我们自己的层，优先级 10，高于上游的 5/8（meta-qt6 是 20，注意它的 bbappend 会压过我们同名的变量设置）

**machine / distro**
- `imx8mp-lx800.conf` 直接 `require` NXP 的 `imx8mp-lpddr4-evk.conf`，只覆盖了设备树（`freescale/imx8mp-lx800.dtb`）、u-boot 配置 `imx8mp_lx800_defconfig` 和串口 `ttymxc1`
- `lx-wayland` 基于 `fsl-imx-wayland`，强制 systemd + usrmerge，去掉了 x11 和 ptest

**镜像**
- `lx-image`：量产镜像，weston + Qt6 运行时 + `lx-modbusd`，输出 `wic.zst` + `wic.bmap`
- `lx-image-dev`：在量产镜像上加 ssh、调试工具、root 空密码

**内核**
- `linux-imx_%.bbappend` 只带了一个板级设备树补丁 `0001-arm64-dts-freescale-add-imx8mp-lx800-board.patch`

**共享缓存**
- `build/conf/site.conf`：`DL_DIR` 直接放在 NFS `/mnt/yocto-share/downloads`，sstate 本地一份 + `SSTATE_MIRRORS` 指向 NFS 上 Jenkins 发布的 sstate；`BB_HASHSERVE = "auto"` 是本地 hash 等价服务，没有和 CI 共享

要注意的是 Jenkins 把 sstate `rsync --ignore-existing` 发布到 NFS，本地只读用，不会往回写。""")

        hmi = M("recipes-qt/lx-hmi/lx-hmi_git.bb")
        t = d.task("帮我给 HMI 应用写个 recipe：仓库 git@git.lanxin-tech.cn:hmi/lx-hmi.git，Qt6 + QML，CMake 构建，先用 commit "
                   "9c3e7b14d0a2f6e85b1c7d39a4e0f2b6c8d1a5e7，放到 meta-lanxin/recipes-qt/lx-hmi/ 下面，能编过之后加进 lx-image。"
                   "顺便立个规矩：sources/ 下面的上游层（poky、meta-imx 这些）一律不许直接改，要改什么都在 meta-lanxin 里写 bbappend",
                   tags=["mistake:M1", "pref:P1"])
        t.write(hmi, HMI_BB)
        err, summ = fetch_branch_fail("lx-hmi", "1.0+git-r0", "git://git.lanxin-tech.cn/hmi/lx-hmi.git;protocol=ssh", HMI_REV1,
                                      "recipes-qt/lx-hmi/lx-hmi_git.bb", 2184377)
        t.fail(ENV + "bitbake lx-hmi", "编译 lx-hmi",
               bb_fail(41, 6, (38, 31, 4, 3, 1702), err, summ, 2, parsed=1, cached=3481, total=3483, targets=5218), code=1,
               timeout=3600000)
        t.say("do_fetch 在 `master` 分支里找不到这个 commit。SRC_URI 没写 `branch=` 时 bitbake 的 git fetcher 默认按 master 去校验 SRCREV，"
              "看一下这个仓库实际有哪些分支：")
        t.bash("git ls-remote --symref git@git.lanxin-tech.cn:hmi/lx-hmi.git HEAD 'refs/heads/*'", "查看 lx-hmi 仓库的默认分支",
               out=f"ref: refs/heads/main\tHEAD\n{HMI_REV1}\tHEAD\n3d0b6e2a9f41c7e5d8b2a0f6c4e9d1b7a3f5c820\trefs/heads/develop\n"
                   f"{HMI_REV1}\trefs/heads/main")
        t.say("仓库只有 `main` 和 `develop`，没有 master，commit 在 main 上。在 SRC_URI 里写明分支：")
        t.edit(hmi, 'SRC_URI = "git://git.lanxin-tech.cn/hmi/lx-hmi.git;protocol=ssh"',
               'SRC_URI = "git://git.lanxin-tech.cn/hmi/lx-hmi.git;protocol=ssh;branch=main"')
        t.bash(ENV + "bitbake lx-hmi", "重新编译 lx-hmi",
               out=bb_ok(41, 12, (38, 31, 4, 3, 1702), notes=task_notes("lx-hmi", "1.0+git-r0",
                         ["do_fetch", "do_unpack", "do_patch", "do_configure", "do_compile", "do_install", "do_package",
                          "do_packagedata", "do_package_write_rpm", "do_package_qa"]), parsed=1, cached=3482, total=3483,
                         targets=5218), timeout=3600000)
        t.read(M("recipes-core/images/lx-image.bb"))
        t.edit(M("recipes-core/images/lx-image.bb"), "    lx-modbusd \\\n", "    lx-modbusd \\\n    lx-hmi \\\n")
        t.done("""`lx-hmi` 的 recipe 写好了，已经能编过，并加进了 `lx-image` 的 `IMAGE_INSTALL`。

- 文件：`meta-lanxin/recipes-qt/lx-hmi/lx-hmi_git.bb`，`inherit qt6-cmake`，`DEPENDS` 带 `qtdeclarative-native`（qmlcachegen 要用），运行时依赖 QML 插件和 qtwayland
- 第一次 do_fetch 失败：`Unable to find revision 9c3e7b1… in branch master even from upstream`。SRC_URI 没写 `branch=`，bitbake 默认按 master 校验，而这个仓库默认分支是 `main`。已改成 `;protocol=ssh;branch=main`
- 规矩记下了：`sources/` 下的上游层只读，所有改动放在 `meta-lanxin` 里用 bbappend 做

还没提交，等你看一下 recipe 再 commit。""")

        t = d.task("问个基础的：为什么 local.conf 里写 IMAGE_INSTALL += \"htop\" 有时候不生效，要写成 IMAGE_INSTALL:append？"
                   "这俩到底差在哪", tags=["no_tools"])
        t.done("""差别在**什么时候生效**：

- `+=` 是解析到这一行时立刻拼接。`local.conf` 比镜像 recipe 先解析，而 `core-image.bbclass` / 镜像 recipe 里常见的是 `IMAGE_INSTALL = "..."`（普通赋值）或 `?=`，后面的普通赋值会把你在 local.conf 里 `+=` 的结果整个覆盖掉
- `:append` 是延迟操作，所有赋值都做完之后、变量展开时才追加，所以不管镜像 recipe 怎么赋值都能保留

几个注意点：
1. `:append` 不会自动加空格，要写成 `IMAGE_INSTALL:append = " htop"`（前导空格）
2. 在 local.conf 里用 `IMAGE_INSTALL:append` 会作用到**所有**镜像（包括 SDK 的 target 部分）；只想加给某个镜像就写 `IMAGE_INSTALL:append:pn-lx-image-dev = " htop"`
3. 想确认最终值：`bitbake -e lx-image | grep ^IMAGE_INSTALL=`""")


WS_DTS = f"{B}/workspace/sources/linux-imx/arch/arm64/boot/dts/freescale/imx8mp-lx800.dts"


def devtool_modify_out(pn, srcdir, extra=""):
    return (f"NOTE: Starting bitbake server...\nNOTE: Reconnecting to bitbake server...\n"
            "Loading cache...done.\nLoaded 5216 entries from dependency cache.\nParsing recipes...done.\n"
            "Parsing of 3483 .bb files complete (3483 cached, 0 parsed). 5218 targets, 538 skipped, 0 masked, 0 errors.\n"
            "NOTE: Resolving any missing task queue dependencies\n"
            "Sstate summary: Wanted 0 Local 0 Mirrors 0 Missed 0 Current 0 (0% match, 0% complete)\n"
            "NOTE: Executing Tasks\nNOTE: Tasks Summary: Attempted 4 tasks of which 0 didn't need to be rerun and all succeeded.\n"
            + extra +
            f"INFO: Source tree extracted to {srcdir}\n"
            f"INFO: Recipe {pn} now set up to build from {srcdir}")


def devtool_build_out(pn, pv, tasks, reran):
    return (f"NOTE: Starting bitbake server...\nLoading cache...done.\nLoaded 5217 entries from dependency cache.\n"
            "Parsing recipes...done.\n"
            "Parsing of 3484 .bb files complete (3483 cached, 1 parsed). 5219 targets, 538 skipped, 0 masked, 0 errors.\n"
            "NOTE: Resolving any missing task queue dependencies\n"
            f"Sstate summary: Wanted 3 Local 0 Mirrors 0 Missed 3 Current 214 (0% match, 98% complete)\n"
            "NOTE: Executing Tasks\n"
            + task_notes(pn, pv, ["do_compile", "do_install", "do_populate_sysroot", "do_package", "do_packagedata"]) + "\n"
            f"NOTE: Tasks Summary: Attempted {tasks} tasks of which {tasks - reran} didn't need to be rerun and all succeeded.")


def devtool_finish_dirty(dirty):
    return ("NOTE: Starting bitbake server...\n" + SIG3 + "\n\n" + dirty + "\n\nEnsure you have committed your changes or use "
            "-f/--force if you are sure there's nothing that needs to be committed")


def devtool_finish_ok(pn, recipe_desc, lines):
    return ("NOTE: Starting bitbake server...\nNOTE: Reconnecting to bitbake server...\n"
            "Loading cache...done.\nLoaded 5217 entries from dependency cache.\nParsing recipes...done.\n"
            "Parsing of 3484 .bb files complete (3483 cached, 1 parsed). 5219 targets, 538 skipped, 0 masked, 0 errors.\n"
            + "\n".join(lines) + "\n"
            f"INFO: Cleaning sysroot for recipe {pn}...\n"
            f"INFO: Leaving source tree {B}/workspace/sources/{pn} as-is; if you no longer need it then please delete it "
            "manually")


def s2(d):
    with d.session("2026-10-28T02:05:00", R, branch="scarthgap", version="2.1.144"):
        wic = f"build/tmp/deploy/images/{MACH}/lx-image-dev-{MACH}.rootfs.wic.zst"
        boot = f"build/tmp/deploy/images/{MACH}/{BOOTBIN}"
        t = d.task("lx-image-dev 编一版烧到板子上，板子已经拨到 USB 下载模式、线也接好了。烧完等它起来，看一下系统版本和 lx-hmi 装上没",
                   tags=["workflow:W1"])
        t.bash(ENV + "bitbake lx-image-dev", "编译开发镜像",
               out=bb_ok(6841, 212, (2371, 1980, 270, 121, 4286),
                         notes=task_notes("lx-image-dev", "1.0-r0", ["do_rootfs", "do_image", "do_image_wic",
                                                                     "do_image_complete"]),
                         parsed=0, cached=3483, total=3483, targets=5218), timeout=7200000)
        t.bash(f"ls -lhL build/tmp/deploy/images/{MACH}/ | grep -E 'lx-image-dev-{MACH}.rootfs.wic.zst|flash_evk$'",
               "确认烧录文件",
               out=f"-rw-r--r-- 2 chenhao chenhao 1.9M Oct 28 10:41 {BOOTBIN}\n"
                   f"-rw-r--r-- 2 chenhao chenhao 412M Oct 28 10:47 lx-image-dev-{MACH}.rootfs.wic.zst")
        t.bash(f"uuu -b emmc_all {boot} {wic}", "uuu 烧写 eMMC", out=uuu_ok(boot, wic, "187.406"), timeout=900000)
        t.bash(f"sleep 45 && {SSHB} 'head -4 /etc/os-release; uname -r; rpm -q lx-hmi; systemctl is-system-running'",
               "等板子启动后检查系统",
               out="ID=lx-wayland\nNAME=\"Lanxin LX-HMI800\"\nVERSION=\"5.0.6 (scarthgap)\"\nVERSION_ID=5.0.6\n"
                   "6.6.52-lts-next-gb8a4e3d27c15\nlx-hmi-1.0+git-r0.cortexa53_crypto_mx8mp\nrunning",
               err=f"Warning: Permanently added '{BOARD}' (ED25519) to the list of known hosts.")
        t.done(f"""烧好了，板子已经起来：

- 镜像：`lx-image-dev`，uuu `emmc_all` 写 eMMC 用时约 3 分钟
- 系统：`Lanxin LX-HMI800 5.0.6 (scarthgap)`，内核 `6.6.52-lts-next`，`systemctl is-system-running` 为 `running`
- `lx-hmi-1.0+git-r0` 已安装。目前还没有 systemd service，开机不会自动起来，要自启的话我再加一个 unit

板子 IP 还是 `{BOARD}`。""")

        t = d.task("板子上 UART3 要接 RS485 收发器，DE 脚接的是 GPIO4_IO20（SAI1_MCLK 那个 pad），高有效。设备树里把 uart3 打开并配成 "
                   "rs485。用 devtool modify linux-imx 来改，改完 finish 回 meta-lanxin", tags=["mistake:M3"])
        t.bash(ENV + "devtool modify linux-imx", "把 linux-imx 源码放进 devtool 工作区",
               out=devtool_modify_out("linux-imx", f"{B}/workspace/sources/linux-imx",
                                      "INFO: Adding local source files to srctree...\n"), timeout=1800000)
        WS_ON[0] = True
        d.files[WS_DTS] = DTS_OLD
        t.read(WS_DTS)
        t.edit(WS_DTS, """&uart3 {
	pinctrl-names = "default";
	pinctrl-0 = <&pinctrl_uart3>;
	status = "disabled";
};""", """&uart3 {
	pinctrl-names = "default";
	pinctrl-0 = <&pinctrl_uart3>, <&pinctrl_uart3_de>;
	rts-gpios = <&gpio4 20 GPIO_ACTIVE_HIGH>;
	linux,rs485-enabled-at-boot-time;
	rs485-rts-active-high;
	status = "okay";
};""")
        t.edit(WS_DTS, """			MX8MP_IOMUXC_ECSPI1_MOSI__UART3_DCE_TX	0x140
		>;
	};
""", """			MX8MP_IOMUXC_ECSPI1_MOSI__UART3_DCE_TX	0x140
		>;
	};

	pinctrl_uart3_de: uart3degrp {
		fsl,pins = <
			MX8MP_IOMUXC_SAI1_MCLK__GPIO4_IO20	0x106
		>;
	};
""")
        t.bash(ENV + "devtool build linux-imx", "编译内核（含设备树）",
               out=devtool_build_out("linux-imx", "6.6.52+git-r0", 231, 9), timeout=3600000)
        t.fail(ENV + "devtool finish linux-imx ../meta-lanxin", "把改动导回 meta-lanxin",
               devtool_finish_dirty(" M arch/arm64/boot/dts/freescale/imx8mp-lx800.dts"), code=1)
        t.say("devtool finish 只会把工作区里 `devtool-base` 之后的**提交**导出成补丁，改动还停在工作区没提交，所以被拦下来了。"
              "先在工作区的 git 里提交：")
        t.bash("git -C build/workspace/sources/linux-imx add arch/arm64/boot/dts/freescale/imx8mp-lx800.dts && "
               "git -C build/workspace/sources/linux-imx commit -s -m \"arm64: dts: imx8mp-lx800: enable RS485 on UART3\"",
               "在 devtool 工作区提交设备树改动",
               out="[devtool 5c1e9a0b7d2f] arm64: dts: imx8mp-lx800: enable RS485 on UART3\n 1 file changed, 11 insertions(+), 2 deletions(-)")
        t.bash(ENV + "devtool finish linux-imx ../meta-lanxin", "把改动导回 meta-lanxin",
               out=devtool_finish_ok("linux-imx", "", [
                   "INFO: Adding new patch 0002-arm64-dts-imx8mp-lx800-enable-RS485-on-UART3.patch",
                   f"INFO: Updating append file {ML}/recipes-kernel/linux/linux-imx_%.bbappend"]), timeout=600000)
        d.files[M("recipes-kernel/linux/linux-imx_%.bbappend")] = KERNEL_APPEND.replace(
            "    file://0001-arm64-dts-freescale-add-imx8mp-lx800-board.patch \\\n",
            "    file://0001-arm64-dts-freescale-add-imx8mp-lx800-board.patch \\\n"
            "    file://0002-arm64-dts-imx8mp-lx800-enable-RS485-on-UART3.patch \\\n")
        t.read(M("recipes-kernel/linux/linux-imx_%.bbappend"))
        t.bash("git status --short meta-lanxin", "看 meta-lanxin 的改动",
               out=" M meta-lanxin/recipes-kernel/linux/linux-imx_%.bbappend\n"
                   "?? meta-lanxin/recipes-kernel/linux/linux-imx/0002-arm64-dts-imx8mp-lx800-enable-RS485-on-UART3.patch\n"
                   "?? meta-lanxin/recipes-qt/")
        t.done("""UART3 的 RS485 配好了，已经通过 devtool 收回 meta-lanxin：

- 设备树：`&uart3` 改为 `okay`，`rts-gpios = <&gpio4 20 GPIO_ACTIVE_HIGH>` 作为 DE，开机即启用 RS485（`linux,rs485-enabled-at-boot-time`），新增 `pinctrl_uart3_de`（`SAI1_MCLK__GPIO4_IO20`）
- `devtool build linux-imx` 通过
- 第一次 `devtool finish` 报 `Source tree is not clean`：工作区的改动没提交。在 `build/workspace/sources/linux-imx` 里 `git commit -s` 之后再 finish 就好了
- 结果：新补丁 `0002-arm64-dts-imx8mp-lx800-enable-RS485-on-UART3.patch`，`linux-imx_%.bbappend` 的 SRC_URI 已追加

板子上验证可以用 `stty -F /dev/ttymxc2` + 收发器对发，或者直接跑 lx-modbusd 的 RTU 模式。""")

        t = d.task("uuu 的 emmc_all 那个内置脚本到底做了哪些步骤？会不会把 eMMC 上 u-boot env 也擦掉？我们产线上要保留 env 里写的序列号",
                   tags=["noise", "webfetch"])
        t.webfetch("https://raw.githubusercontent.com/nxp-imx/mfgtools/master/uuu/emmc_burn_all.lst",
                   "emmc_all 内置脚本的每一步命令是什么，是否擦除 u-boot 环境变量",
                   """The built-in script `emmc_all` (emmc_burn_all.lst) takes _flash.bin (bootloader), _image (wic image) and optional _uboot_env:

```
uuu_version 1.4.149
SDPS: boot -f _flash.bin
FB: ucmd setenv fastboot_dev mmc
FB: ucmd setenv mmcdev ${emmc_dev}
FB: ucmd mmc dev ${emmc_dev}
FB: flash -raw2sparse all _image
FB: flash -scanterm -scanlimited 0x800000 bootloader _flash.bin
FB: ucmd if env exists emmc_ack; then ; else setenv emmc_ack 0; fi;
FB: ucmd mmc partconf ${emmc_dev} ${emmc_ack} 1 0
FB: done
```

- The whole user area of the eMMC is written from the wic image (`flash -raw2sparse all`), so anything stored in the user area outside the image's partitions is overwritten.
- The bootloader is written to the boot partition and `mmc partconf` selects boot partition 1.
- There is no explicit erase of the U-Boot environment; whether it survives depends on where CONFIG_ENV_OFFSET places it (user area vs boot partition).""")
        t.done("""`emmc_all` 的步骤（mfgtools 的 `emmc_burn_all.lst`）：

1. `SDPS: boot` 用 USB 把 flash.bin 加载进 RAM 跑起 u-boot（fastboot 模式）
2. `mmc dev ${emmc_dev}` 选 eMMC
3. `flash -raw2sparse all <wic>`：**把整个 user 区**按 wic 镜像写一遍
4. `flash bootloader`：把 flash.bin 写进 eMMC boot 分区
5. `mmc partconf` 把启动分区设成 boot0，然后 `done`

脚本本身没有单独擦 env 的命令，但 env 会不会被覆盖取决于它存在哪：
- 如果 u-boot 配置的 `CONFIG_ENV_OFFSET` 落在 **user 区**（NXP evk 默认是 user 区 0x400000 附近），第 3 步整盘写 wic 时会被覆盖——wic 在那个区间是空洞时 sparse 写入不会写，但这依赖 wks 的布局，不可靠
- 如果 env 放在 **boot1 分区**（`CONFIG_ENV_MMC_EMMC_HW_PARTITION=2` 之类），emmc_all 不会碰它

建议：序列号不要放 u-boot env，产线写到 eMMC boot1 或者 OTP；或者把我们的 u-boot env 明确移到 boot 分区。要的话我去看下现在 `imx8mp_lx800_defconfig` 的 env 配置。""")


HMI_REV2 = "b71f0c3e5a9d2846e1f7c0a3d5b8e2f9c4a6d013"
MODBUSD_NEW = MODBUSD_BB.replace("e5a0c9d3b71f42a8c6d0e9b2f4a1c7d3e8b5f026", "0f6d2b8e4c1a9753d0e6f2b4a8c1d7e3f9b5a264")

QT_SERIAL_FAIL = f"""NOTE: recipe lx-hmi-1.0+git-r0: task do_configure: Started
ERROR: lx-hmi-1.0+git-r0 do_configure: ExecutionError('{B}/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git/temp/run.do_configure.2391047', 1, None, None)
ERROR: Logfile of failure stored in: {B}/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git/temp/log.do_configure.2391047
Log data follows:
| DEBUG: Executing shell function do_configure
| -- The CXX compiler identification is GNU 13.3.0
| -- Detecting CXX compiler ABI info
| -- Detecting CXX compiler ABI info - done
| -- Check for working CXX compiler: {B}/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git/recipe-sysroot-native/usr/bin/aarch64-poky-linux/aarch64-poky-linux-g++ - skipped
| -- Detecting CXX compile features
| -- Detecting CXX compile features - done
| -- Performing Test CMAKE_HAVE_LIBC_PTHREAD
| -- Performing Test CMAKE_HAVE_LIBC_PTHREAD - Success
| -- Found Threads: TRUE
| -- Performing Test HAVE_STDATOMIC
| -- Performing Test HAVE_STDATOMIC - Success
| -- Found WrapAtomic: TRUE
| CMake Error at CMakeLists.txt:14 (find_package):
|   Found package configuration file:
|
|     {B}/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git/recipe-sysroot/usr/lib/cmake/Qt6/Qt6Config.cmake
|
|   but it set Qt6_FOUND to FALSE so package "Qt6" is considered to be NOT
|   FOUND.  Reason given by package:
|
|   Failed to find required Qt component "SerialPort".
|
|   Expected Config file at
|   "{B}/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git/recipe-sysroot/usr/lib/cmake/Qt6SerialPort/Qt6SerialPortConfig.cmake"
|   does NOT exist
|
|
|
| -- Configuring incomplete, errors occurred!
| WARNING: exit code 1 from a shell command.
NOTE: recipe lx-hmi-1.0+git-r0: task do_configure: Failed
ERROR: Task ({ML}/recipes-qt/lx-hmi/lx-hmi_git.bb:do_configure) failed with exit code '1'"""


def jenkins_json(num, result, ts, dur):
    return (f'{{\n  "number": {num},\n  "result": "{result}",\n  "timestamp": {ts},\n  "duration": {dur}\n}}')


CURLJ = "curl -s -u chenhao:$JENKINS_TOKEN"


def s3(d):
    with d.session("2026-10-30T01:52:00", R, branch="scarthgap", version="2.1.145"):
        hmi = M("recipes-qt/lx-hmi/lx-hmi_git.bb")
        t = d.task("lx-hmi 这阵子应用组一天要提交好几次，recipe 里 SRCREV 先别钉死 commit 了，改成 ${AUTOREV} 跟着 main 走，"
                   "nightly 每天就能直接拿到最新的。改完连同前两天的 recipe 和设备树一起提交推上去", tags=["pref:P3"])
        t.read(hmi)
        t.edit(hmi, 'SRCREV = "9c3e7b14d0a2f6e85b1c7d39a4e0f2b6c8d1a5e7"', 'SRCREV = "${AUTOREV}"')
        t.bash(ENV + "bitbake -e lx-hmi | grep -E '^(SRCREV|PV|PKGV|SRC_URI)='", "确认 AUTOREV 展开结果",
               out='PKGV="1.0+git0+b71f0c3e5a"\nPV="1.0+git"\nSRCREV="AUTOINC"\n'
                   'SRC_URI="git://git.lanxin-tech.cn/hmi/lx-hmi.git;protocol=ssh;branch=main"')
        t.bash("git add meta-lanxin/recipes-qt/lx-hmi meta-lanxin/recipes-core/images/lx-image.bb meta-lanxin/recipes-kernel/linux && "
               "git commit -s -m \"lx-hmi: add recipe tracking main, enable RS485 on UART3\"", "提交",
               out=git_commit_out("scarthgap", "d41a7e2", "lx-hmi: add recipe tracking main, enable RS485 on UART3", 4, 88, 0,
                                  creates=["meta-lanxin/recipes-kernel/linux/linux-imx/0002-arm64-dts-imx8mp-lx800-enable-RS485-on-UART3.patch",
                                           "meta-lanxin/recipes-qt/lx-hmi/lx-hmi_git.bb"]))
        t.bash("git push origin scarthgap", "推送", err=push_out("4be91c2", "d41a7e2"))
        LANXIN_REV[0] = "d41a7e2c9b0f4a6e8d1c3b5a7f9e0d2c4b6a8f13"
        t.done("""已改成跟随 main：

- `SRCREV = "${AUTOREV}"`，展开后 `PKGV = 1.0+git0+b71f0c3e5a`，也就是 main 现在的 HEAD `b71f0c3`
- 已提交并推送 `d41a7e2`：lx-hmi recipe、lx-image 加 lx-hmi、RS485 设备树补丁

提醒一下：AUTOREV 每次解析都会 `git ls-remote` 一次，nightly 的构建结果会随应用组的提交变化，不可复现；出问题时要从 `buildhistory` 或 `PKGV` 里的短 hash 反查当时的 commit。""")

        t = d.task("应用组说 lx-hmi main 上加了串口调试页面，你编一下 lx-hmi 看看有没有问题", tags=["oneoff:O2"])
        t.fail(ENV + "bitbake lx-hmi", "编译 lx-hmi（跟随 main）",
               bb_fail(43, 9, (40, 33, 4, 3, 1705), QT_SERIAL_FAIL,
                       [(f"{ML}/recipes-qt/lx-hmi/lx-hmi_git.bb:do_configure",
                         f"{B}/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git/temp/log.do_configure.2391047")], 2,
                       parsed=1, cached=3482, total=3483, targets=5218), code=1, timeout=3600000)
        t.say("新代码 `find_package(Qt6 ... SerialPort)`，但 recipe 的 DEPENDS 里没有 qtserialport，sysroot 里就没有 Qt6SerialPort 的 "
              "CMake 配置。把它加进 DEPENDS：")
        t.read(hmi)
        t.edit(hmi, 'DEPENDS += "qtbase qtdeclarative qtdeclarative-native"',
               'DEPENDS += "qtbase qtdeclarative qtdeclarative-native qtserialport"')
        t.bash(ENV + "bitbake lx-hmi", "编译 lx-hmi（跟随 main）",
               out=bb_ok(58, 24, (55, 46, 5, 4, 1705), notes=task_notes("lx-hmi", "1.0+git-r0",
                         ["do_configure", "do_compile", "do_install", "do_package", "do_packagedata", "do_package_write_rpm",
                          "do_package_qa"]), parsed=1, cached=3482, total=3483, targets=5218), timeout=3600000)
        t.done("""问题在 recipe，不在应用代码：

- main 上新增的串口调试页依赖 `Qt6::SerialPort`，do_configure 报 `Failed to find required Qt component "SerialPort"`
- 已在 `lx-hmi_git.bb` 的 `DEPENDS` 里加上 `qtserialport`，重新编译通过（运行时的 `libQt6SerialPort.so.6` 会通过 shlibs 自动进 RDEPENDS）

这个改动还没提交。""")

        t = d.task("昨晚 nightly 红了，帮我看下什么原因，能修就修掉", tags=["workflow:W3"])
        t.bash(f"{CURLJ} {JENKINS}/lastBuild/api/json | jq '{{number, result, timestamp, duration}}'",
               "查看最近一次 nightly 结果", out=jenkins_json(212, "FAILURE", 1761757203118, 6311842))
        t.bash(f"{CURLJ} {JENKINS}/212/consoleText | grep -n -A4 '^ERROR:' | head -30", "看构建日志里的 ERROR",
               out="""4127:ERROR: lx-modbusd-1.2.0+git-r0 do_package: QA Issue: lx-modbusd: Files/directories were installed but not shipped in any package:
4128-  /usr/lib/systemd/system/lx-modbusd.service
4129-Please set FILES such that these items are packaged. Alternatively if they are unneeded, avoid installing them or delete them within do_install.
4130-lx-modbusd: 1 installed and not shipped files. [installed-vs-shipped]
4131:ERROR: lx-modbusd-1.2.0+git-r0 do_package: Fatal QA errors were found, failing task.
4132:ERROR: Logfile of failure stored in: /data/jenkins/workspace/lx-bsp-nightly/build/tmp/work/cortexa53-crypto-poky-linux/lx-modbusd/1.2.0+git/temp/log.do_package.1187731
4133-NOTE: recipe lx-modbusd-1.2.0+git-r0: task do_package: Failed
4134:ERROR: Task (/data/jenkins/workspace/lx-bsp-nightly/meta-lanxin/recipes-connectivity/lx-modbusd/lx-modbusd_git.bb:do_package) failed with exit code '1'
4135-NOTE: Tasks Summary: Attempted 6790 tasks of which 6602 didn't need to be rerun and 1 failed.""")
        t.bash("git pull --ff-only && git log --oneline -3 -- meta-lanxin/recipes-connectivity/lx-modbusd", "拉最新代码，看 lx-modbusd 的改动",
               out="Updating d41a7e2..6e03b9f\nFast-forward\n meta-lanxin/recipes-connectivity/lx-modbusd/lx-modbusd_git.bb | 2 +-\n"
                   " 1 file changed, 1 insertion(+), 1 deletion(-)\n"
                   "6e03b9f lx-modbusd: bump to 1.2.0 (adds systemd unit)\nb22c8e1 lx-modbusd: add recipe")
        LANXIN_REV[0] = "6e03b9f1d8a2c4e6b0f3a5d7c9e1b3f5a7d9c2e4"
        d.files[M("recipes-connectivity/lx-modbusd/lx-modbusd_git.bb")] = MODBUSD_NEW
        t.read(M("recipes-connectivity/lx-modbusd/lx-modbusd_git.bb"))
        t.say("王磊昨天把 lx-modbusd 升到 1.2.0，新版本的 meson 会安装 `lx-modbusd.service`，但 recipe 没有 `inherit systemd`，"
              "unit 文件没人打包。按 systemd 类的方式处理，顺便开机自启：")
        t.edit(M("recipes-connectivity/lx-modbusd/lx-modbusd_git.bb"), 'inherit meson pkgconfig\n',
               'inherit meson pkgconfig systemd\n\nSYSTEMD_SERVICE:${PN} = "lx-modbusd.service"\nSYSTEMD_AUTO_ENABLE = "enable"\n')
        t.bash(ENV + "bitbake lx-modbusd", "本地验证 lx-modbusd 打包",
               out=bb_ok(402, 14, (21, 15, 2, 4, 1698), notes=task_notes("lx-modbusd", "1.2.0+git-r0",
                         ["do_install", "do_package", "do_packagedata", "do_package_write_rpm", "do_package_qa"]),
                         parsed=1, cached=3482, total=3483, targets=5218, machine=MACH), timeout=3600000)
        t.bash("git add meta-lanxin/recipes-connectivity/lx-modbusd/lx-modbusd_git.bb meta-lanxin/recipes-qt/lx-hmi/lx-hmi_git.bb && "
               "git commit -s -m \"lx-modbusd: package and enable systemd unit; lx-hmi: depend on qtserialport\" && git push origin scarthgap",
               "提交并推送",
               out=git_commit_out("scarthgap", "91d5c47", "lx-modbusd: package and enable systemd unit; lx-hmi: depend on qtserialport", 2, 5, 1),
               err=push_out("6e03b9f", "91d5c47"))
        LANXIN_REV[0] = "91d5c47b3e8f0a2d4c6e8b1a3f5d7c9e2b4a6d81"
        t.bash(f"curl -s -o /dev/null -w '%{{http_code}}\\n' -X POST -u chenhao:$JENKINS_TOKEN {JENKINS}/build",
               "重新触发 nightly", out="201")
        t.done("""nightly #212 挂在 `lx-modbusd do_package`：`installed-vs-shipped`，`/usr/lib/systemd/system/lx-modbusd.service` 没被打包。

- 原因：王磊昨天的 `6e03b9f` 把 lx-modbusd 升到 1.2.0，新版本会安装 systemd unit，recipe 没跟着改
- 修复：`inherit systemd` + `SYSTEMD_SERVICE:${PN} = "lx-modbusd.service"`（默认 enable），本地 `bitbake lx-modbusd` 通过
- 已提交推送 `91d5c47`，顺带把上一个任务里 lx-hmi 加 `qtserialport` 的改动一起提交了

已经手动重新触发了一次 nightly（HTTP 201），大约 1 个半小时出结果。""")


def s4(d):
    with d.session("2026-11-02T02:11:00", R, branch="scarthgap", version="2.1.146", end_reason="other"):
        t = d.task("板子被测试组借走了。build-qemu 里我周末编了 qemuarm64 的 lx-image-dev，你起个 qemu 看看 lx-modbusd 服务能不能正常起来",
                   tags=["mistake:M2"])
        stamp = "20261101142210"
        t.fail(ENVQ + "runqemu qemuarm64 lx-image-dev ext4 nographic snapshot > /tmp/runqemu.log 2>&1 &\n"
               "sleep 40; tail -n 25 /tmp/runqemu.log; pgrep -a qemu-system", "后台启动 qemu 并查看日志",
               runqemu_tap_fail("lx-image-dev", stamp, "412933.71"), code=1)
        t.say("runqemu 默认用 tap 网络，要用 sudo 调 runqemu-ifup 建 tap 设备；我这边的 shell 没有终端，sudo 没法输密码，qemu 根本没起来。"
              "快速验证用不着 tap，换成 slirp 用户态网络（不需要 root，ssh 走本机 2222 端口转发）：")
        t.bash(ENVQ + "runqemu qemuarm64 lx-image-dev ext4 nographic snapshot slirp > /tmp/runqemu.log 2>&1 &\n"
               "sleep 60; tail -n 8 /tmp/runqemu.log; pgrep -a qemu-system", "用 slirp 网络后台启动 qemu",
               out="\n".join(runqemu_slirp_ok("lx-image-dev", stamp, "413011.02").split("\n")[-8:]) +
                   f"\n3391822 {BQ}/tmp/work/x86_64-linux/qemu-helper-native/1.0/recipe-sysroot-native/usr/bin/qemu-system-aarch64 "
                   "-device virtio-net-pci,netdev=net0,mac=52:54:00:12:35:02 -netdev user,id=net0,hostfwd=tcp:127.0.0.1:2222-:22,"
                   "hostfwd=tcp:127.0.0.1:2323-:23 ...", timeout=180000)
        t.bash(f"{SSHQ} 'systemctl status lx-modbusd --no-pager | head -14'", "在 qemu 里看 lx-modbusd 状态",
               out="""* lx-modbusd.service - Lanxin Modbus RTU/TCP bridge
     Loaded: loaded (/usr/lib/systemd/system/lx-modbusd.service; enabled; preset: enabled)
     Active: active (running) since Mon 2026-11-02 02:21:47 UTC; 41s ago
   Main PID: 311 (lx-modbusd)
      Tasks: 3 (limit: 2339)
     Memory: 1.4M (peak: 1.9M)
        CPU: 38ms
     CGroup: /system.slice/lx-modbusd.service
             `-311 /usr/bin/lx-modbusd -c /etc/lx-modbusd.conf

Nov 02 02:21:47 qemuarm64 systemd[1]: Started Lanxin Modbus RTU/TCP bridge.
Nov 02 02:21:47 qemuarm64 lx-modbusd[311]: tcp: listening on 0.0.0.0:502
Nov 02 02:21:47 qemuarm64 lx-modbusd[311]: rtu: open /dev/ttymxc2 failed: No such file or directory, retry in 5s""",
               err="Warning: Permanently added '[127.0.0.1]:2222' (ED25519) to the list of known hosts.")
        t.bash("kill 3391822", "关掉这次启动的 qemu")
        t.done("""lx-modbusd 在 qemu 里能正常起来：

- `enabled` 且 `active (running)`，TCP 端口 502 在监听
- RTU 报 `open /dev/ttymxc2 failed`，这是 qemu 里没有 i.MX 的 UART，属于预期，板子上才有
- 第一次启动失败是 runqemu 默认的 tap 网络要 sudo，这里没有终端输密码；改用 `slirp` 后正常，ssh 走 `127.0.0.1:2222`

qemu（pid 3391822）已经关掉，`snapshot` 模式下没有改动 rootfs。""")

        frag = M("recipes-kernel/linux/linux-imx/can-mcp251xfd.cfg")
        t = d.task("内核要打开 MCP2518FD 的 SPI-CAN 驱动（CONFIG_CAN_MCP251XFD），还有 CAN_RAW、CAN_BCM。内核配置一律用 .cfg 片段（fragment）"
                   "加，别去动 defconfig，也别 menuconfig 完把整个 .config 拷回来", tags=["pref:P2"])
        t.read(M("recipes-kernel/linux/linux-imx_%.bbappend"))
        t.write(frag, "CONFIG_CAN=y\nCONFIG_CAN_RAW=y\nCONFIG_CAN_BCM=y\nCONFIG_CAN_DEV=y\nCONFIG_CAN_NETLINK=y\n"
                      "CONFIG_CAN_MCP251XFD=m\nCONFIG_CAN_MCP251XFD_SANITY=y\n")
        t.edit(M("recipes-kernel/linux/linux-imx_%.bbappend"),
               "    file://0002-arm64-dts-imx8mp-lx800-enable-RS485-on-UART3.patch \\\n\"\n",
               "    file://0002-arm64-dts-imx8mp-lx800-enable-RS485-on-UART3.patch \\\n    file://can-mcp251xfd.cfg \\\n\"\n\n"
               "DELTA_KERNEL_DEFCONFIG:append = \" can-mcp251xfd.cfg\"\n")
        t.bash(ENV + "bitbake linux-imx -c configure", "重新生成内核配置",
               out=bb_ok(97, 5, (6, 0, 0, 6, 88), notes=task_notes("linux-imx", "6.6.52+git-r0",
                         ["do_fetch", "do_unpack", "do_patch", "do_copy_defconfig", "do_merge_delta_config", "do_kernel_localversion", "do_configure"]),
                         parsed=1, cached=3482, total=3483, targets=5218), timeout=1800000)
        t.bash(f"grep -E '^CONFIG_CAN(_RAW|_BCM|_DEV|_MCP251XFD)?=' build/tmp/work/{MACH.replace('-', '_')}-poky-linux/linux-imx/6.6.52+git/build/.config",
               "确认片段生效",
               out="CONFIG_CAN=y\nCONFIG_CAN_RAW=y\nCONFIG_CAN_BCM=y\nCONFIG_CAN_DEV=y\nCONFIG_CAN_MCP251XFD=m")
        t.bash(ENV + "bitbake linux-imx", "编译内核",
               out=bb_ok(241, 12, (18, 0, 0, 18, 223), notes=task_notes("linux-imx", "6.6.52+git-r0",
                         ["do_compile", "do_compile_kernelmodules", "do_install", "do_deploy", "do_package", "do_package_write_rpm"]),
                         parsed=0, cached=3483, total=3483, targets=5218), timeout=3600000)
        t.done("""CAN 相关配置已经用片段加上了：

- 新增 `meta-lanxin/recipes-kernel/linux/linux-imx/can-mcp251xfd.cfg`（`CAN`/`CAN_RAW`/`CAN_BCM`/`CAN_DEV` 内建，`CAN_MCP251XFD` 编成模块）
- `linux-imx_%.bbappend`：SRC_URI 加上这个文件，并 `DELTA_KERNEL_DEFCONFIG:append`。linux-imx 用的是 meta-freescale 的 `do_merge_delta_config`，它只合并列在这个变量里的片段，光放进 SRC_URI 不会生效
- 生成的 `.config` 里五项都在，内核编译通过

设备树里还没有 MCP2518FD 节点（挂在哪个 ECSPI、中断脚），给我原理图上的连接我再补。以后内核配置都按片段来。""")

        t = d.task("问一下，BB_HASHSERVE 我们现在是 auto，本地起一个 hash 等价服务。有没有必要跟 Jenkins 共用一个 hashserv？"
                   "sstate 镜像命中率会不会高很多", tags=["no_tools"])
        t.done("""有必要，尤其是我们这种"CI 发布 sstate、本地只读镜像"的用法。

**现在的问题**：hash equivalence 的作用是"输入 hash 不同但输出相同"时，把新 hash 映射到已有的等价 hash，让下游任务继续命中 sstate。`BB_HASHSERVE = "auto"` 时每台机器各有一个本地库：Jenkins 上算出来的等价关系你本地不知道，本地的也不知道 CI 的。结果就是 CI 那边因等价而复用的对象，在你本地按原始 hash 找不到，命中率偏低（典型表现：改个不影响输出的 recipe 之后，本地一串下游 `do_package` 重跑）。

**共享的做法**：
1. 在 NFS 那台或者 CI 机上跑一个 `bitbake-hashserv`（scarthgap 自带，`--bind ws://0.0.0.0:8686`，数据库放持久盘）
2. Jenkins 用读写：`BB_HASHSERVE = "ws://hashserv.lanxin-tech.cn:8686"`
3. 开发机只读：同一个地址 + `BB_HASHSERVE_UPSTREAM`，或者服务端开 `--read-only` 给开发机一个单独端口，避免本地的脏结果污染
4. 服务器挂了的话 bitbake 会直接报错，不会自动降级，所以地址要稳定

命中率能提高多少取决于改动类型，改 recipe 元数据但不改输出的情况收益最大；纯新增 recipe 没区别。""")


UBOOT_APPEND = """FILESEXTRAPATHS:prepend := "${THISDIR}/${PN}:"

SRC_URI:append = " \\
    file://0001-imx8mp-add-lx800-board.patch \\
"
"""

UBOOT_DEFCONFIG = """CONFIG_ARM=y
CONFIG_ARCH_IMX8M=y
CONFIG_TEXT_BASE=0x40200000
CONFIG_SYS_MALLOC_LEN=0x2000000
CONFIG_SPL_GPIO=y
CONFIG_SPL_LIBCOMMON_SUPPORT=y
CONFIG_SPL_LIBGENERIC_SUPPORT=y
CONFIG_ENV_SIZE=0x4000
CONFIG_ENV_OFFSET=0x400000
CONFIG_DM_GPIO=y
CONFIG_DEFAULT_DEVICE_TREE="imx8mp-lx800"
CONFIG_TARGET_IMX8MP_LX800=y
CONFIG_SYS_MONITOR_LEN=524288
CONFIG_SPL_MMC=y
CONFIG_SPL_SERIAL=y
CONFIG_SPL_DRIVERS_MISC=y
CONFIG_BOOTDELAY=2
CONFIG_DEFAULT_FDT_FILE="imx8mp-lx800.dtb"
CONFIG_ENV_IS_IN_MMC=y
CONFIG_SYS_RELOC_GD_ENV_ADDR=y
CONFIG_SYS_MMC_ENV_DEV=2
CONFIG_FASTBOOT=y
CONFIG_FASTBOOT_BUF_ADDR=0x42800000
CONFIG_FASTBOOT_BUF_SIZE=0x20000000
CONFIG_FASTBOOT_FLASH=y
CONFIG_FASTBOOT_UUU_SUPPORT=y
"""

WESTON_INI_UP = """[core]
#gbm-format=argb8888
idle-time=0
use-g2d=true
repaint-window=16
#enable-overlay-view=1
xwayland=true

#[shell]
#size=1920x1080

[libinput]
touchscreen_calibrator=true

#[output]
#name=HDMI-A-1
#mode=1920x1080@60
#transform=rotate-90

[screen-share]
command=/usr/bin/weston --backend=rdp-backend.so --shell=fullscreen-shell.so --no-clients-resize
"""

SERIALBRIDGE = """#include "serialbridge.h"

#include <QSerialPort>
#include <QTimer>

namespace {
constexpr int kReadTimeoutMs = 100;
constexpr int kMaxFrame = 256;
}

SerialBridge::SerialBridge(QObject *parent)
    : QObject(parent), m_port(new QSerialPort(this)), m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_port, &QSerialPort::readyRead, this, &SerialBridge::onReadyRead);
    connect(m_timer, &QTimer::timeout, this, &SerialBridge::onFrameTimeout);
    connect(m_port, &QSerialPort::errorOccurred, this, &SerialBridge::onError);
}

bool SerialBridge::open(const QString &device, qint32 baud)
{
    m_port->setPortName(device);
    m_port->setBaudRate(baud);
    m_port->setDataBits(QSerialPort::Data8);
    m_port->setParity(QSerialPort::NoParity);
    m_port->setStopBits(QSerialPort::OneStop);
    return m_port->open(QIODevice::ReadWrite);
}

void SerialBridge::send(const QByteArray &frame)
{
    m_rx.clear();
    m_port->write(frame);
    m_timer->start(kReadTimeoutMs);
}

void SerialBridge::onReadyRead()
{
    m_rx += m_port->readAll();
    if (m_rx.size() >= kMaxFrame)
        onFrameTimeout();
}

void SerialBridge::onFrameTimeout()
{
    if (m_rx.isEmpty()) {
        emit timeout();
        return;
    }
    emit frameReceived(m_rx);
    m_rx.clear();
}

void SerialBridge::onError(QSerialPort::SerialPortError err)
{
    if (err != QSerialPort::NoError)
        emit error(m_port->errorString());
}
"""

FILES.update({
    M("recipes-bsp/u-boot/u-boot-imx_%.bbappend"): UBOOT_APPEND,
    P("sources/meta-imx/meta-imx-bsp/recipes-graphics/wayland/weston-init/imx8mp-lpddr4-evk/weston.ini"): WESTON_INI_UP,
})

WS_UBOOT_DEF = f"{B}/workspace/sources/u-boot-imx/configs/imx8mp_lx800_defconfig"
WS_SERIAL = f"{B}/workspace/sources/lx-hmi/src/serialbridge.cpp"

FACTORY_REV = "4e8a1d6c3b0f92e7a5d8c1f4b7e0a3d6c9f2b581"
FACTORY_BB = """SUMMARY = "LX-HMI800 factory test tool"
LICENSE = "CLOSED"

SRC_URI = "git://git.lanxin-tech.cn/mfg/lx-factory-test.git;protocol=ssh"
SRCREV = "4e8a1d6c3b0f92e7a5d8c1f4b7e0a3d6c9f2b581"

PV = "0.3.1+git"
S = "${WORKDIR}/git"

DEPENDS = "libgpiod"

inherit meson pkgconfig

RDEPENDS:${PN} += "can-utils i2c-tools memtester"
"""

ESDK = "lx-wayland-glibc-x86_64-lx-image-cortexa53-crypto-imx8mp-lx800-toolchain-ext-5.0.6.sh"

ESDK_DOC_LONG = """# LX-HMI800 应用开发 eSDK 使用说明

## 1. 什么是 eSDK

eSDK（Extensible SDK）是 Yocto 生成的可扩展 SDK。和标准 SDK 相比，它除了交叉编译工具链和目标 sysroot 之外，
还带了一份精简的 BitBake 构建环境和 `devtool`，可以在 SDK 里直接新建、修改、编译 recipe，并把结果部署到板子上。
我们的 eSDK 基于 `lx-image` 生成，sysroot 里包含镜像里所有库的开发文件（Qt6 Base/Declarative/SerialPort/Wayland 等）。

## 2. 获取

NFS：`/mnt/yocto-share/sdk/lx-wayland/5.0.6-20261104/`

| 文件 | 说明 |
|---|---|
| `lx-wayland-glibc-x86_64-lx-image-cortexa53-crypto-imx8mp-lx800-toolchain-ext-5.0.6.sh` | 安装脚本 |
| `*.host.manifest` | 主机侧工具清单 |
| `*.target.manifest` | 目标 sysroot 包清单 |

## 3. 安装

```
sh lx-wayland-glibc-x86_64-lx-image-cortexa53-crypto-imx8mp-lx800-toolchain-ext-5.0.6.sh -d ~/lx-esdk
```

安装过程会解压 buildtools、准备构建系统、从 sstate 里恢复 sysroot，大约 5 分钟。安装目录不能有空格；
安装后不能移动目录（路径写死在 sstate 里）。

## 4. 使用

每个新 shell 先执行：

```
. ~/lx-esdk/environment-setup-cortexa53-crypto-poky-linux
```

之后 `$CC`、`$CXX`、`$OE_CMAKE_TOOLCHAIN_FILE` 等都指向交叉工具链。

### 4.1 CMake / Qt 工程

```
cmake -S . -B build -G Ninja -DCMAKE_TOOLCHAIN_FILE=$OE_CMAKE_TOOLCHAIN_FILE
cmake --build build
```

### 4.2 devtool 工作流

- `devtool add <name> <src>`：给新代码生成 recipe
- `devtool modify <recipe>`：把已有 recipe 的源码拿到 workspace
- `devtool build <recipe>`：编译
- `devtool deploy-target <recipe> root@<ip>`：部署到板子
- `devtool undeploy-target <recipe> root@<ip>`：撤销部署
- `devtool finish <recipe> <layer>`：把改动收回层里
- `devtool sdk-update`：从服务器更新 SDK

### 4.3 部署到板子

```
scp build/lx-hmi root@192.168.50.120:/usr/bin/
```

## 5. 常见问题

- `cmake` 找不到 Qt6：确认已经 source 了 environment-setup，且传了 `CMAKE_TOOLCHAIN_FILE`
- 链接报 `cannot find -lxxx`：这个库不在镜像里，找 BSP 组加到 lx-image
- 板子上跑报 `Could not load the Qt platform plugin "wayland"`：设置 `WAYLAND_DISPLAY=wayland-1` 和 `XDG_RUNTIME_DIR=/run/user/0`

## 6. 联系

BSP 组 陈浩
"""

ESDK_DOC_SHORT = """# LX-HMI800 eSDK（5.0.6-20261104）

1. 安装：`sh /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261104/lx-wayland-glibc-x86_64-lx-image-cortexa53-crypto-imx8mp-lx800-toolchain-ext-5.0.6.sh -d ~/lx-esdk`
2. 每个新终端：`. ~/lx-esdk/environment-setup-cortexa53-crypto-poky-linux`
3. 编译：`cmake -S . -B build -G Ninja -DCMAKE_TOOLCHAIN_FILE=$OE_CMAKE_TOOLCHAIN_FILE && cmake --build build`
4. 缺库、装不上、板子跑不起来：找 BSP 组陈浩
"""


def esdk_install_out(dest):
    return (f"Lanxin LX-HMI800 Extensible SDK installer version 5.0.6\n"
            "=======================================================\n"
            f"You are about to install the SDK to \"{dest}\". Proceed [Y/n]? Y\n"
            "Extracting SDK.............................................................done\n"
            "Setting it up...\n"
            "Extracting buildtools...\n"
            "Preparing build system...\n"
            "Parsing recipes: 100% |##########################################################################| Time: 0:00:41\n"
            "Initialising tasks: 100% |#######################################################################| Time: 0:00:03\n"
            "Checking sstate mirror object availability: 100% |###############################################| Time: 0:00:01\n"
            "Loading cache: 100% |############################################################################| Time: 0:00:00\n"
            "Initialising tasks: 100% |#######################################################################| Time: 0:00:02\n"
            "done\n"
            "SDK has been successfully set up and is ready to be used.\n"
            "Each time you wish to use the SDK in a new shell session, you need to source the environment setup script e.g.\n"
            f" $ . {dest}/environment-setup-cortexa53-crypto-poky-linux")


def s5(d):
    with d.session("2026-11-04T01:47:00", R, branch="scarthgap", version="2.1.147"):
        fac = M("recipes-support/lx-factory-test/lx-factory-test_git.bb")
        t = d.task("产线要用的工厂测试程序 lx-factory-test 也做个 recipe：仓库 git@git.lanxin-tech.cn:mfg/lx-factory-test.git，C + meson，"
                   "依赖 libgpiod，用 v0.3.1 那个 commit 4e8a1d6c3b0f92e7a5d8c1f4b7e0a3d6c9f2b581。放 recipes-support，先只装进 lx-image-dev",
                   tags=["mistake:M1"])
        t.write(fac, FACTORY_BB)
        err, summ = fetch_branch_fail("lx-factory-test", "0.3.1+git-r0",
                                      "git://git.lanxin-tech.cn/mfg/lx-factory-test.git;protocol=ssh", FACTORY_REV,
                                      "recipes-support/lx-factory-test/lx-factory-test_git.bb", 1377402,
                                      arch="cortexa53-crypto-poky-linux")
        t.fail(ENV + "bitbake lx-factory-test", "编译 lx-factory-test",
               bb_fail(118, 9, (61, 52, 5, 4, 1704), err, summ, 2, parsed=1, cached=3483, total=3484, targets=5219),
               code=1, timeout=3600000)
        t.say("又是 do_fetch 按默认的 master 分支找 commit 没找到。看一下这个仓库的分支，以及 v0.3.1 在哪个分支上：")
        t.bash("git ls-remote --symref git@git.lanxin-tech.cn:mfg/lx-factory-test.git HEAD 'refs/heads/*' 'refs/tags/v0.3.1*'",
               "查看 lx-factory-test 的分支和 tag",
               out="ref: refs/heads/develop\tHEAD\n8b2d5f0e7a3c1964d2b8e0f5a7c3d9e1b4f6a027\tHEAD\n"
                   "8b2d5f0e7a3c1964d2b8e0f5a7c3d9e1b4f6a027\trefs/heads/develop\n"
                   f"{FACTORY_REV}\trefs/heads/release/0.3\n"
                   "a7c0e3f9b2d5184e6c1a9f3d7b0e2c5a8d4f6b19\trefs/tags/v0.3.1\n"
                   f"{FACTORY_REV}\trefs/tags/v0.3.1^{{}}")
        t.say("默认分支是 `develop`，v0.3.1 打在 `release/0.3` 的 HEAD 上（annotated tag 解引用后就是这个 commit）。SRC_URI 指明 release 分支：")
        t.edit(fac, 'SRC_URI = "git://git.lanxin-tech.cn/mfg/lx-factory-test.git;protocol=ssh"',
               'SRC_URI = "git://git.lanxin-tech.cn/mfg/lx-factory-test.git;protocol=ssh;branch=release/0.3"')
        t.bash(ENV + "bitbake lx-factory-test", "重新编译 lx-factory-test",
               out=bb_ok(118, 21, (61, 52, 5, 4, 1704), notes=task_notes("lx-factory-test", "0.3.1+git-r0",
                         ["do_fetch", "do_unpack", "do_configure", "do_compile", "do_install", "do_package",
                          "do_package_write_rpm", "do_package_qa"]), parsed=1, cached=3483, total=3484, targets=5219),
               timeout=3600000)
        t.read(M("recipes-core/images/lx-image-dev.bb"))
        t.edit(M("recipes-core/images/lx-image-dev.bb"), "    memtester \\\n", "    memtester \\\n    lx-factory-test \\\n")
        t.done("""`lx-factory-test` 的 recipe 加好了：`meta-lanxin/recipes-support/lx-factory-test/lx-factory-test_git.bb`，meson 构建，依赖 libgpiod，运行时带上 can-utils / i2c-tools / memtester，已加进 `lx-image-dev`。

第一次 fetch 失败（`Unable to find revision … in branch master even from upstream`）：这个仓库默认分支是 `develop`，v0.3.1 在 `release/0.3` 上，SRC_URI 已写成 `branch=release/0.3`，编译通过。""")

        wic = f"build/tmp/deploy/images/{MACH}/lx-image-dev-{MACH}.rootfs.wic.zst"
        boot = f"build/tmp/deploy/images/{MACH}/{BOOTBIN}"
        t = d.task("板子测试组还回来了，已经拨到下载模式。把带工厂测试的 lx-image-dev 烧进去，跑一下 lx-factory-test --list 看看识别到哪些测试项",
                   tags=["workflow:W1"])
        t.bash(ENV + "bitbake lx-image-dev", "编译开发镜像",
               out=bb_ok(6902, 61, (88, 70, 6, 12, 4412), notes=task_notes("lx-image-dev", "1.0-r0",
                         ["do_rootfs", "do_image", "do_image_wic", "do_image_complete"]),
                         parsed=0, cached=3484, total=3484, targets=5219), timeout=7200000)
        t.bash(f"uuu -b emmc_all {boot} {wic}", "uuu 烧写 eMMC", out=uuu_ok(boot, wic, "191.882"), timeout=900000)
        t.bash(f"sleep 45 && {SSHB} 'cat /etc/version; lx-factory-test --list'", "板子起来后列出测试项",
               out="""20261104023517
lx-factory-test 0.3.1
  id        group     description
  ddr       memory    memtester 256M x1
  emmc      storage   eMMC read/write 64M
  rs485     serial    /dev/ttymxc2 loopback via test fixture
  can0      can       can0 <-> test fixture, 500 kbit/s
  eth0      network   ping gateway
  eth1      network   ping gateway
  gpio      io        DI x4 / DO x4 loopback
  rtc       misc      rtc0 read/set
  usb       misc      USB host enumerate
9 tests""")
        t.done("""烧好了（镜像版本 `20261104023517`），`lx-factory-test 0.3.1` 识别到 9 个测试项：ddr、emmc、rs485、can0、eth0、eth1、gpio、rtc、usb。

注意 `can0` 这项现在会失败：设备树里还没有 MCP2518FD 的节点，驱动模块编了但没有设备。""")

        t = d.task("应用组要一份 eSDK 自己编 lx-hmi，基于 lx-image 出一版，放到 NFS 的 /mnt/yocto-share/sdk/ 下面，按日期建目录。"
                   "出之前先自己装一遍用它编一下 lx-hmi 确认能用，再写个使用说明放 docs/ 里", tags=["workflow:W2", "long_output"])
        t.bash(ENV + "bitbake lx-image -c populate_sdk_ext", "生成 eSDK",
               out=bb_ok(7488, 846, (2410, 1902, 311, 197, 4901), notes="\n".join([
                   "NOTE: recipe buildtools-tarball-1.0-r0: task do_populate_sdk: Started",
                   "NOTE: recipe buildtools-tarball-1.0-r0: task do_populate_sdk: Succeeded",
                   "NOTE: recipe lx-image-1.0-r0: task do_sdk_depends: Started",
                   "NOTE: recipe lx-image-1.0-r0: task do_sdk_depends: Succeeded",
                   "NOTE: recipe lx-image-1.0-r0: task do_populate_sdk_ext: Started",
                   "NOTE: recipe lx-image-1.0-r0: task do_populate_sdk_ext: Succeeded"]),
                   parsed=0, cached=3484, total=3484, targets=5219), timeout=10800000)
        t.bash("ls -lh build/tmp/deploy/sdk/", "查看生成的 SDK 文件",
               out=f"total 3.1G\n-rw-r--r-- 2 chenhao chenhao  12K Nov  4 11:52 {ESDK[:-3]}.host.manifest\n"
                   f"-rwxr-xr-x 2 chenhao chenhao 3.1G Nov  4 11:58 {ESDK}\n"
                   f"-rw-r--r-- 2 chenhao chenhao 171K Nov  4 11:52 {ESDK[:-3]}.target.manifest\n"
                   f"-rw-r--r-- 2 chenhao chenhao 412K Nov  4 11:52 {ESDK[:-3]}.testdata.json")
        t.bash(f"sh build/tmp/deploy/sdk/{ESDK} -y -d /tmp/esdk-check", "试装 eSDK",
               out=esdk_install_out("/tmp/esdk-check"), timeout=1800000)
        t.bash(". /tmp/esdk-check/environment-setup-cortexa53-crypto-poky-linux && "
               "git clone -q git@git.lanxin-tech.cn:hmi/lx-hmi.git /tmp/hmi-src && "
               "cmake -S /tmp/hmi-src -B /tmp/hmi-build -G Ninja -DCMAKE_TOOLCHAIN_FILE=$OE_CMAKE_TOOLCHAIN_FILE > /dev/null && "
               "cmake --build /tmp/hmi-build 2>&1 | tail -n 3 && file /tmp/hmi-build/lx-hmi",
               "用 eSDK 交叉编译 lx-hmi 验证",
               out="[86/88] Building CXX object CMakeFiles/lx-hmi.dir/src/serialbridge.cpp.o\n"
                   "[87/88] Building CXX object CMakeFiles/lx-hmi.dir/lx-hmi_autogen/mocs_compilation.cpp.o\n"
                   "[88/88] Linking CXX executable lx-hmi\n"
                   "/tmp/hmi-build/lx-hmi: ELF 64-bit LSB pie executable, ARM aarch64, version 1 (SYSV), dynamically linked, "
                   "interpreter /lib/ld-linux-aarch64.so.1, BuildID[sha1]=3e0a9c5d7b1f2e4a6c8d0b9f1e3a5c7d9b2f4e61, "
                   "for GNU/Linux 5.15.0, with debug_info, not stripped", timeout=1800000)
        t.bash("mkdir -p /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261104 && "
               "rsync -a build/tmp/deploy/sdk/ /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261104/ && "
               "ls /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261104/", "发布到 NFS",
               out=f"{ESDK[:-3]}.host.manifest\n{ESDK}\n{ESDK[:-3]}.target.manifest\n{ESDK[:-3]}.testdata.json",
               timeout=1800000)
        t.write(P("docs/esdk-usage.md"), ESDK_DOC_LONG)
        t.done("""eSDK 已发布：`/mnt/yocto-share/sdk/lx-wayland/5.0.6-20261104/`

- 安装包 `lx-wayland-glibc-x86_64-lx-image-cortexa53-crypto-imx8mp-lx800-toolchain-ext-5.0.6.sh`（3.1G）
- 自测：装到 `/tmp/esdk-check`，source 环境后用 CMake 交叉编译 lx-hmi main，产物是 aarch64 ELF，正常
- 使用说明写在 `docs/esdk-usage.md`，包括安装、环境、CMake、devtool 工作流、部署和常见问题

`/tmp/esdk-check` 和 `/tmp/hmi-*` 留着，下次出 SDK 可以对比。""")

        d.precompact("""Analysis: 陈浩（岚芯科技 BSP 工程师）在 /home/chenhao/yocto/lx-bsp 维护 LX-HMI800（i.MX8M Plus）产品镜像：Yocto 5.0 scarthgap，上游层在 sources/（git submodule，只读），自己的层 meta-lanxin（machine imx8mp-lx800、distro lx-wayland、镜像 lx-image / lx-image-dev），bitbake 前先 source sources/poky/oe-init-build-env build；build-qemu 是 qemuarm64 构建目录；烧录用 uuu -b emmc_all；Jenkins nightly lx-bsp-nightly；DL_DIR 和 sstate 镜像在 NFS /mnt/yocto-share。

Summary:
1. 已完成：lx-hmi recipe（Qt6，branch=main，后改为 AUTOREV 跟随 main，加了 qtserialport 依赖）；UART3 RS485 设备树补丁（devtool finish 前要先在 workspace 提交）；lx-modbusd systemd 打包修复（nightly #212）；CAN 内核配置片段 can-mcp251xfd.cfg（DELTA_KERNEL_DEFCONFIG）；lx-factory-test recipe（branch=release/0.3）并装进 lx-image-dev；今天烧了开发镜像，9 个测试项
2. 用户要求：上游层不许改，改动都走 meta-lanxin 的 bbappend；内核配置只用 .cfg 片段；lx-hmi 暂用 AUTOREV
3. 刚完成：eSDK 5.0.6-20261104 发布到 /mnt/yocto-share/sdk/lx-wayland/，说明在 docs/esdk-usage.md
4. 待办：MCP2518FD 设备树节点（等原理图）；u-boot env 挪到 boot 分区（产线序列号）""")

        t = d.task("Jenkins 那边说 NFS 上的 sstate 镜像快把盘占满了，你看下 /mnt/yocto-share/sstate-cache 现在多大", tags=["unfixed:U1"])
        t.fail("du -sh /mnt/yocto-share/sstate-cache", "统计 sstate 镜像大小",
               "du: cannot access '/mnt/yocto-share/sstate-cache': Stale file handle", code=1)
        t.bash("mount | grep yocto-share", "看 NFS 挂载情况",
               out="nas01.lanxin-tech.cn:/export/yocto-share on /mnt/yocto-share type nfs4 "
                   "(rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,"
                   "clientaddr=192.168.20.57,local_lock=none,addr=192.168.20.5)")
        t.fail("df -h /mnt/yocto-share", "看 NFS 容量", "df: /mnt/yocto-share: Stale file handle", code=1)
        t.done("""查不了：NFS 挂载点 `/mnt/yocto-share` 现在是 **Stale file handle**，`du` 和 `df` 都失败。挂载本身还在（`nas01:/export/yocto-share`，nfs4 hard 挂载），一般是 NAS 那边重新导出了或者目录被重建，客户端的文件句柄失效了。

需要 root 重新挂载（`umount -l /mnt/yocto-share && mount /mnt/yocto-share`），我这边没有 sudo，得你自己或者 IT 处理；Jenkins agent 上多半也是同样情况，最好让 IT 一起看一下 NAS 今天是否有变更。

在恢复之前，本机的 bitbake 也会出问题：`DL_DIR` 在这个 NFS 上，一旦需要下载或者访问源码包就会报错。容量的问题等挂载恢复后再统计。""")


HMI_SERVICE = """[Unit]
Description=LX-HMI800 front panel
After=weston.service
Requires=weston.service

[Service]
Environment=WAYLAND_DISPLAY=wayland-1
Environment=XDG_RUNTIME_DIR=/run/user/0
Environment=QT_QPA_PLATFORM=wayland
ExecStart=/usr/bin/lx-hmi
Restart=on-failure
RestartSec=2

[Install]
WantedBy=graphical.target
"""


def s6(d):
    with d.session("2026-11-06T02:20:00", R, branch="scarthgap", version="2.1.148", permission_mode="acceptEdits"):
        t = d.task("u-boot 两个改动：bootdelay 改成 0；env 从 eMMC user 区挪到 boot1 硬件分区（上次说的产线序列号会被 emmc_all 覆盖的问题）。"
                   "还是那句话，上游层里的东西一个都别碰，用 devtool modify u-boot-imx 改，改完收进 meta-lanxin 的 bbappend",
                   tags=["mistake:M3", "pref:P1"])
        t.bash(ENV + "devtool modify u-boot-imx", "把 u-boot-imx 源码放进 devtool 工作区",
               out=devtool_modify_out("u-boot-imx", f"{B}/workspace/sources/u-boot-imx"), timeout=1800000)
        d.files[WS_UBOOT_DEF] = UBOOT_DEFCONFIG
        t.read(WS_UBOOT_DEF)
        t.edit(WS_UBOOT_DEF, "CONFIG_BOOTDELAY=2\n", "CONFIG_BOOTDELAY=0\n")
        t.edit(WS_UBOOT_DEF, "CONFIG_SYS_MMC_ENV_DEV=2\n", "CONFIG_SYS_MMC_ENV_DEV=2\nCONFIG_SYS_MMC_ENV_PART=2\n")
        t.edit(WS_UBOOT_DEF, "CONFIG_ENV_OFFSET=0x400000\n", "CONFIG_ENV_OFFSET=0x3fc000\n")
        t.bash(ENV + "devtool build u-boot-imx", "编译 u-boot",
               out=devtool_build_out("u-boot-imx", "2024.04+git-r0", 118, 7), timeout=1800000)
        t.fail(ENV + "devtool finish u-boot-imx ../meta-lanxin", "把 u-boot 改动收回 meta-lanxin",
               devtool_finish_dirty(" M configs/imx8mp_lx800_defconfig"), code=1)
        t.say("和上次内核一样，工作区的改动没提交，devtool finish 不会导出。先在 u-boot 的工作区里提交：")
        t.bash("(cd build/workspace/sources/u-boot-imx && git commit -a -s -m \"imx8mp_lx800: bootdelay 0, keep env in eMMC boot1\")",
               "在 devtool 工作区提交 u-boot 改动",
               out="[devtool 2f7b4d19e0c3] imx8mp_lx800: bootdelay 0, keep env in eMMC boot1\n 1 file changed, 3 insertions(+), 2 deletions(-)")
        t.bash(ENV + "devtool finish u-boot-imx ../meta-lanxin", "把 u-boot 改动收回 meta-lanxin",
               out=devtool_finish_ok("u-boot-imx", "", [
                   "INFO: Adding new patch 0002-imx8mp_lx800-bootdelay-0-keep-env-in-eMMC-boot1.patch",
                   f"INFO: Updating append file {ML}/recipes-bsp/u-boot/u-boot-imx_%.bbappend"]), timeout=600000)
        d.files[M("recipes-bsp/u-boot/u-boot-imx_%.bbappend")] = UBOOT_APPEND.replace(
            "    file://0001-imx8mp-add-lx800-board.patch \\\n",
            "    file://0001-imx8mp-add-lx800-board.patch \\\n    file://0002-imx8mp_lx800-bootdelay-0-keep-env-in-eMMC-boot1.patch \\\n")
        t.read(M("recipes-bsp/u-boot/u-boot-imx_%.bbappend"))
        t.done("""u-boot 改好并收回 `meta-lanxin/recipes-bsp/u-boot/`：

- `CONFIG_BOOTDELAY=0`
- `CONFIG_SYS_MMC_ENV_PART=2`：env 存到 eMMC boot1 硬件分区，`CONFIG_ENV_OFFSET` 改成 `0x3fc000`（boot1 末尾 16K），`emmc_all` 写 user 区时不会再覆盖
- 新补丁 `0002-imx8mp_lx800-bootdelay-0-keep-env-in-eMMC-boot1.patch`，`u-boot-imx_%.bbappend` 已追加

第一次 `devtool finish` 又是 `Source tree is not clean`，在 `build/workspace/sources/u-boot-imx` 里提交后重新 finish 通过。上游层没有改动。

注意：已经烧过的板子第一次启动新 u-boot 时 boot1 里没有 env，会用默认 env 并打印 `*** Warning - bad CRC, using default environment`，`saveenv` 一次即可。""")

        t = d.task("lx-hmi 加个 systemd service，开机自动起来，跑在 weston 上（WAYLAND_DISPLAY=wayland-1），root 跑就行，挂了自动重启",
                   tags=["oneoff:O1"])
        hmi = M("recipes-qt/lx-hmi/lx-hmi_git.bb")
        t.write(M("recipes-qt/lx-hmi/lx-hmi/lx-hmi.service"), HMI_SERVICE)
        t.read(hmi)
        t.edit(hmi, 'SRC_URI = "git://git.lanxin-tech.cn/hmi/lx-hmi.git;protocol=ssh;branch=main"',
               'SRC_URI = "git://git.lanxin-tech.cn/hmi/lx-hmi.git;protocol=ssh;branch=main \\\n           file://lx-hmi.service \\\n           "')
        t.edit(hmi, "inherit qt6-cmake\n", "inherit qt6-cmake systemd\n")
        t.edit(hmi, 'RDEPENDS:${PN} += "qtdeclarative-qmlplugins qtwayland"\n',
               'RDEPENDS:${PN} += "qtdeclarative-qmlplugins qtwayland"\n\n'
               'SYSTEMD_SERVICE:${PN} = "lx-hmi.service"\n\n'
               'do_install:append() {\n'
               '    install -m 0644 ${WORKDIR}/lx-hmi.service ${D}${systemd_system_unitdir}/lx-hmi.service\n'
               '}\n')
        work = f"{B}/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git"
        t.fail(ENV + "bitbake lx-hmi", "编译 lx-hmi",
               bb_fail(58, 8, (55, 48, 3, 4, 1707), f"""NOTE: recipe lx-hmi-1.0+git-r0: task do_install: Started
ERROR: lx-hmi-1.0+git-r0 do_install: ExecutionError('{work}/temp/run.do_install.2980112', 1, None, None)
ERROR: Logfile of failure stored in: {work}/temp/log.do_install.2980112
Log data follows:
| DEBUG: Executing shell function do_install
| [0/1] Install the project...
| -- Install configuration: "Release"
| -- Installing: {work}/image/usr/bin/lx-hmi
| -- Set non-toolchain portion of runtime path of "{work}/image/usr/bin/lx-hmi" to ""
| install: cannot create regular file '{work}/image/usr/lib/systemd/system/lx-hmi.service': No such file or directory
| WARNING: exit code 1 from a shell command.
NOTE: recipe lx-hmi-1.0+git-r0: task do_install: Failed
ERROR: Task ({ML}/recipes-qt/lx-hmi/lx-hmi_git.bb:do_install) failed with exit code '1'""",
                       [(f"{hmi}:do_install", f"{work}/temp/log.do_install.2980112")], 2,
                       parsed=1, cached=3483, total=3484, targets=5219), code=1, timeout=3600000)
        t.say("CMake 的 install 只建了 `/usr/bin`，`${systemd_system_unitdir}` 目录不存在，`install` 不会自动建父目录。先 `install -d`：")
        t.edit(hmi, "do_install:append() {\n    install -m 0644",
               "do_install:append() {\n    install -d ${D}${systemd_system_unitdir}\n    install -m 0644")
        t.bash(ENV + "bitbake lx-hmi", "编译 lx-hmi",
               out=bb_ok(58, 10, (55, 48, 3, 4, 1707), notes=task_notes("lx-hmi", "1.0+git-r0",
                         ["do_install", "do_package", "do_packagedata", "do_package_write_rpm", "do_package_qa"]),
                         parsed=1, cached=3483, total=3484, targets=5219), timeout=3600000)
        t.done("""lx-hmi 的 service 加好了：

- `meta-lanxin/recipes-qt/lx-hmi/lx-hmi/lx-hmi.service`：`After/Requires=weston.service`，`WAYLAND_DISPLAY=wayland-1`、`XDG_RUNTIME_DIR=/run/user/0`，`Restart=on-failure`
- recipe：`inherit systemd`，`SYSTEMD_SERVICE:${PN}`，`do_install:append` 安装 unit
- 第一次 do_install 失败是 unit 目录不存在，补了 `install -d ${D}${systemd_system_unitdir}` 后编译通过""")

        t = d.task("lx-hmi 有了串口页和自启动，应用组要新的 eSDK。重新出一版，照上次的目录规则放 NFS，自测一遍",
                   tags=["workflow:W2"])
        t.bash(ENV + "bitbake lx-image -c populate_sdk_ext", "生成 eSDK",
               out=bb_ok(7502, 96, (140, 122, 9, 9, 7281), notes="\n".join([
                   "NOTE: recipe lx-image-1.0-r0: task do_sdk_depends: Started",
                   "NOTE: recipe lx-image-1.0-r0: task do_sdk_depends: Succeeded",
                   "NOTE: recipe lx-image-1.0-r0: task do_populate_sdk_ext: Started",
                   "NOTE: recipe lx-image-1.0-r0: task do_populate_sdk_ext: Succeeded"]),
                   parsed=0, cached=3484, total=3484, targets=5219), timeout=10800000)
        t.bash(f"rm -rf /tmp/esdk-check && sh build/tmp/deploy/sdk/{ESDK} -y -d /tmp/esdk-check", "重新试装 eSDK",
               out=esdk_install_out("/tmp/esdk-check"), timeout=1800000)
        t.bash(". /tmp/esdk-check/environment-setup-cortexa53-crypto-poky-linux && git -C /tmp/hmi-src pull -q && "
               "cmake --build /tmp/hmi-build 2>&1 | tail -n 2", "用新 eSDK 重新编译 lx-hmi",
               out="[23/24] Building CXX object CMakeFiles/lx-hmi.dir/src/pages/SerialDebugPage.cpp.o\n"
                   "[24/24] Linking CXX executable lx-hmi", timeout=1800000)
        t.bash("mkdir -p /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261106 && "
               "rsync -a build/tmp/deploy/sdk/ /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261106/ && "
               "ls -lh /mnt/yocto-share/sdk/lx-wayland/", "发布到 NFS",
               out="total 8.0K\ndrwxr-xr-x 2 chenhao bsp 4.0K Nov  4 12:06 5.0.6-20261104\n"
                   "drwxr-xr-x 2 chenhao bsp 4.0K Nov  6 11:37 5.0.6-20261106", timeout=1800000)
        t.done("""新 eSDK 已发布：`/mnt/yocto-share/sdk/lx-wayland/5.0.6-20261106/`（NFS 今天已经恢复正常）。

自测：重新装到 `/tmp/esdk-check`，拉 lx-hmi main 增量编译通过（含 `SerialDebugPage`）。""")


def s7(d):
    with d.session("2026-11-10T01:33:00", R, branch="scarthgap", version="2.1.150"):
        FB = ("上周你给应用组写的那份 eSDK 使用说明太长了，从 eSDK 原理讲到 devtool 每个子命令，应用组老孙说根本看不下去，"
              "最后我自己 cut half 才发到群里。")
        t = d.task(FB + "以后这种给别的组的说明控制在 5 行以内：怎么装、怎么 source、怎么编、出问题找谁。把 docs/esdk-usage.md 按这个重写",
                   tags=["feedback"], feedback=FB)
        t.read(P("docs/esdk-usage.md"))
        t.write(P("docs/esdk-usage.md"), ESDK_DOC_SHORT)
        t.done("""已重写 `docs/esdk-usage.md`，只剩 4 行：安装命令、source 环境、CMake 编译、出问题找你。原理、devtool、FAQ 都删了。以后给其他组的说明都按这个长度写。""")

        stamp = "20261109201544"
        t = d.task("lx-hmi 的 service 先在 qemu 里验一下能不能跟着 weston 起来，build-qemu 昨晚已经编好了", tags=["mistake:M2"])
        full = runqemu_tap_fail("lx-image-dev", stamp, "1100298.45")
        kept = "\n".join(l for l in full.split("\n") if "runqemu" in l or "sudo" in l)
        t.fail(ENVQ + "runqemu qemuarm64 lx-image-dev nographic snapshot qemuparams=\"-m 2048\" > /tmp/qemu-hmi.log 2>&1 &\n"
               "sleep 50; grep -E 'runqemu|sudo|login:' /tmp/qemu-hmi.log; pgrep -a qemu-system", "后台启动 qemu",
               kept, code=1)
        t.say("还是 tap 网络要 sudo 的问题，qemu 没启动。加上 `slirp`：")
        t.bash(ENVQ + "runqemu qemuarm64 lx-image-dev nographic snapshot slirp qemuparams=\"-m 2048\" > /tmp/qemu-hmi.log 2>&1 &\n"
               "sleep 60; grep -E 'Port forward|login:' /tmp/qemu-hmi.log; pgrep -a qemu-system", "用 slirp 网络后台启动 qemu",
               out="runqemu - INFO - Port forward: hostfwd=tcp:127.0.0.1:2222-:22 hostfwd=tcp:127.0.0.1:2323-:23\n"
                   "qemuarm64 login:\n"
                   f"3402117 {BQ}/tmp/work/x86_64-linux/qemu-helper-native/1.0/recipe-sysroot-native/usr/bin/qemu-system-aarch64 "
                   "-device virtio-net-pci,netdev=net0,mac=52:54:00:12:35:02 -netdev user,id=net0,hostfwd=tcp:127.0.0.1:2222-:22,"
                   "hostfwd=tcp:127.0.0.1:2323-:23 ...", timeout=180000)
        t.bash(f"{SSHQ} 'systemctl is-active weston lx-hmi; journalctl -u lx-hmi -b --no-pager | tail -n 4'",
               "检查 weston 和 lx-hmi 状态",
               out="active\nactive\nNov 10 01:52:31 qemuarm64 systemd[1]: Started LX-HMI800 front panel.\n"
                   "Nov 10 01:52:32 qemuarm64 lx-hmi[402]: qt.qpa.wayland: Wayland display wayland-1 connected\n"
                   "Nov 10 01:52:33 qemuarm64 lx-hmi[402]: SerialBridge: /dev/ttymxc2: No such file or directory\n"
                   "Nov 10 01:52:33 qemuarm64 lx-hmi[402]: main: UI ready (qml load 1184 ms)",
               err="Warning: Permanently added '[127.0.0.1]:2222' (ED25519) to the list of known hosts.")
        t.bash("kill 3402117", "关掉这次启动的 qemu")
        t.done("""在 qemu 里验证通过：weston 和 lx-hmi 都是 `active`，lx-hmi 连上了 `wayland-1`，QML 加载 1.2 s 后 UI ready。`/dev/ttymxc2` 不存在是 qemu 没有这个串口，正常。

第一次启动同样卡在 tap 网络需要 sudo，加 `slirp` 后正常。qemu 已关闭。""")

        t = d.task("nightly 又红了，看一下", tags=["workflow:W3"])
        t.bash(f"{CURLJ} {JENKINS}/lastBuild/api/json | jq '{{number, result, timestamp, duration}}'",
               "查看最近一次 nightly 结果", out=jenkins_json(223, "FAILURE", 1762707917404, 4122337))
        t.bash(f"{CURLJ} {JENKINS}/223/consoleText | grep -n -B1 -A3 'error:' | head -20", "看构建日志里的编译错误",
               out="""5231-| [61/88] Building CXX object CMakeFiles/lx-hmi.dir/src/serialbridge.cpp.o
5232:| FAILED: CMakeFiles/lx-hmi.dir/src/serialbridge.cpp.o
5233-| /data/jenkins/workspace/lx-bsp-nightly/build/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git/git/src/serialbridge.cpp: In constructor 'SerialBridge::SerialBridge(QObject*)':
5234:| /data/jenkins/workspace/lx-bsp-nightly/build/tmp/work/cortexa53-crypto-mx8mp-poky-linux/lx-hmi/1.0+git/git/src/serialbridge.cpp:19:39: error: 'errorOccured' is not a member of 'QSerialPort'; did you mean 'errorOccurred'?
5235-|    19 |     connect(m_port, &QSerialPort::errorOccured, this, &SerialBridge::onError);
5236-|       |                                       ^~~~~~~~~~~~
5237-|       |                                       errorOccurred""")
        t.bash("git ls-remote git@git.lanxin-tech.cn:hmi/lx-hmi.git refs/heads/main && "
               "git -C /tmp/hmi-src fetch -q && git -C /tmp/hmi-src log --oneline -3 origin/main", "看 lx-hmi main 最近的提交",
               out="e2b9d7a14c6f0385d1a7e9c2b4f6d8a0c3e5b719\trefs/heads/main\n"
                   "e2b9d7a fix typo in errorOccurred signal\n6c0f3a8 serial: reconnect on error\n5d81b2e qml: serial debug page layout")
        t.bash(ENV + "bitbake lx-hmi", "本地用 main 最新提交编译 lx-hmi",
               out=bb_ok(58, 14, (55, 46, 5, 4, 1707), notes=task_notes("lx-hmi", "1.0+git-r0",
                         ["do_fetch", "do_unpack", "do_configure", "do_compile", "do_install", "do_package", "do_package_qa"]),
                         parsed=0, cached=3484, total=3484, targets=5219), timeout=3600000)
        t.bash(f"curl -s -o /dev/null -w '%{{http_code}}\\n' -X POST -u chenhao:$JENKINS_TOKEN {JENKINS}/build",
               "重新触发 nightly", out="201")
        t.done("""nightly #223 挂在 lx-hmi do_compile：应用组 `6c0f3a8` 里把 `QSerialPort::errorOccurred` 写成了 `errorOccured`。recipe 是 AUTOREV，nightly 直接拿到了这个坏提交。

应用组今天早上已经修了（`e2b9d7a fix typo in errorOccurred signal`），本地用 main 最新提交编译通过，已经重新触发了 nightly（HTTP 201）。

这类问题会反复出现：AUTOREV 下应用组任何一个没编过的提交都会把整个 nightly 弄红，而且事后很难对上是哪个 commit。""")

        t = d.task("i.MX8MP 上 Qt 应用跑 eglfs 和跑在 weston 上，性能和稳定性差多少？我们后面有没有必要把 weston 去掉", tags=["no_tools"])
        t.done("""简单结论：**我们的场景不建议去掉 weston**，性能差距不大，维护成本差距大。

**性能**
- eglfs（`eglfs_kms`）直接在 DRM/KMS 上全屏渲染，少一次合成，启动快一两百毫秒，满帧动画时 GPU 负载低一点
- weston 上 i.MX8MP 有 `use-g2d=true`，单个全屏 Qt 窗口时 weston 基本是直通（能走 overlay plane 的话几乎没有额外合成），实测帧率通常一致

**稳定性/功能**
- eglfs 只能一个全屏应用，没有窗口管理；要加输入法、弹出第二个进程（比如工厂测试界面、远程桌面 `screen-share`）就做不到
- weston 挂掉应用也跟着挂，但 systemd 的 `Requires=` + `Restart=` 能一起拉起来
- eglfs 下触摸、旋转要在 Qt 侧配（`QT_QPA_EGLFS_ROTATION`、`QT_QPA_EVDEV_TOUCHSCREEN_PARAMETERS`），换屏要改应用环境变量；weston 下在 `weston.ini` 里统一处理

**建议**
保留 weston + kiosk/fullscreen shell。只有当开机时间卡得很死（比如 < 3 s 出画面）或者内存非常紧时，再考虑 eglfs。""")


WESTON_INI_LX = """[core]
idle-time=0
use-g2d=true
repaint-window=16
xwayland=false
shell=kiosk-shell.so

[shell]
cursor-theme=none
cursor-size=0

[libinput]
touchscreen_calibrator=true
rotation=90

[output]
name=DSI-1
mode=800x1280
transform=rotate-90
"""

WESTON_APPEND = """FILESEXTRAPATHS:prepend := "${THISDIR}/${PN}:"
"""


def s8(d):
    with d.session("2026-11-13T02:02:00", R, branch="scarthgap", version="2.1.151"):
        hmi = M("recipes-qt/lx-hmi/lx-hmi_git.bb")
        t = d.task("AUTOREV 不要再用了：上周 nightly 就是被它搞红的，出了问题也对不上是哪个 commit。以后所有 recipe 的 SRCREV 一律钉死具体 commit，"
                   "应用组要更新就提 MR 改 SRCREV。lx-hmi 先钉到 main 现在的 HEAD", tags=["reversal:P3"])
        t.bash("git ls-remote git@git.lanxin-tech.cn:hmi/lx-hmi.git refs/heads/main", "查 lx-hmi main 当前 HEAD",
               out="f08c2e6b4a1d9357c0e8b2a4f6d1c3e5a7b9d024\trefs/heads/main")
        t.read(hmi)
        t.edit(hmi, 'SRCREV = "${AUTOREV}"', 'SRCREV = "f08c2e6b4a1d9357c0e8b2a4f6d1c3e5a7b9d024"')
        t.grep("AUTOREV", filenames=[], path=ML)
        t.bash(ENV + "bitbake lx-hmi", "用钉死的 commit 编译 lx-hmi",
               out=bb_ok(58, 12, (55, 47, 4, 4, 1707), notes=task_notes("lx-hmi", "1.0+git-r0",
                         ["do_fetch", "do_unpack", "do_configure", "do_compile", "do_install", "do_package", "do_package_qa"]),
                         parsed=1, cached=3483, total=3484, targets=5219), timeout=3600000)
        t.bash("git add -A meta-lanxin && git commit -s -m \"lx-hmi: pin SRCREV, add systemd service\" && git push origin scarthgap",
               "提交并推送",
               out=git_commit_out("scarthgap", "3a6e0d5", "lx-hmi: pin SRCREV, add systemd service", 7, 54, 2,
                                  creates=["meta-lanxin/recipes-bsp/u-boot/u-boot-imx/0002-imx8mp_lx800-bootdelay-0-keep-env-in-eMMC-boot1.patch",
                                           "meta-lanxin/recipes-kernel/linux/linux-imx/can-mcp251xfd.cfg",
                                           "meta-lanxin/recipes-qt/lx-hmi/lx-hmi/lx-hmi.service",
                                           "meta-lanxin/recipes-support/lx-factory-test/lx-factory-test_git.bb"]),
               err=push_out("91d5c47", "3a6e0d5"))
        LANXIN_REV[0] = "3a6e0d5f2c8b1e4a7d0c3f6b9e2a5d8c1f4b7e03"
        t.done("""lx-hmi 已改回钉死 commit：`SRCREV = "f08c2e6b4a1d9357c0e8b2a4f6d1c3e5a7b9d024"`（main 当前 HEAD），编译通过。meta-lanxin 里已经没有别的 `AUTOREV`。

已提交推送 `3a6e0d5`，顺带把这周没提交的 u-boot 补丁、CAN 配置片段、lx-hmi service、lx-factory-test recipe 一起提交了。

以后 recipe 都用具体 commit，应用组升级就提 MR 改 SRCREV。""")

        t = d.task("屏幕到了，800x1280 竖屏模组要转 90 度横着用。weston 改成：旋转 90 度、隐藏鼠标光标、kiosk 全屏、关掉 xwayland。weston.ini 是 meta-imx "
                   "里 weston-init 带的——老规矩，上游的文件只读，用 meta-lanxin 里的 bbappend 覆盖", tags=["pref:P1"])
        t.glob("sources/meta-imx/**/weston-init/**/weston.ini",
               [P("sources/meta-imx/meta-imx-bsp/recipes-graphics/wayland/weston-init/imx8mp-lpddr4-evk/weston.ini")], path=R)
        t.read(P("sources/meta-imx/meta-imx-bsp/recipes-graphics/wayland/weston-init/imx8mp-lpddr4-evk/weston.ini"))
        t.write(M("recipes-graphics/wayland/weston-init.bbappend"), WESTON_APPEND)
        t.write(M("recipes-graphics/wayland/weston-init/weston.ini"), WESTON_INI_LX)
        t.bash(ENV + "bitbake-layers show-appends weston-init", "确认 bbappend 生效",
               out=f"NOTE: Starting bitbake server...\nLoading cache...done.\nLoaded 5219 entries from dependency cache.\n"
                   "=== Matched appended recipes ===\n"
                   f"weston-init.bb:\n  {R}/sources/meta-freescale/recipes-graphics/wayland/weston-init.bbappend\n"
                   f"  {R}/sources/meta-imx/meta-imx-bsp/recipes-graphics/wayland/weston-init.bbappend\n"
                   f"  {ML}/recipes-graphics/wayland/weston-init.bbappend")
        t.bash(ENV + "bitbake weston-init && grep -E '^(transform|shell|cursor-size|xwayland)=' "
               f"tmp/work/{MACH.replace('-', '_')}-poky-linux/weston-init/1.0/image/etc/xdg/weston/weston.ini",
               "编译 weston-init 并检查安装的 weston.ini",
               out=bb_ok(31, 8, (9, 0, 0, 9, 412), notes=task_notes("weston-init", "1.0-r0",
                         ["do_fetch", "do_unpack", "do_install", "do_package", "do_package_write_rpm"]),
                         parsed=1, cached=3484, total=3485, targets=5220) +
                   "\nxwayland=false\nshell=kiosk-shell.so\ncursor-size=0\ntransform=rotate-90", timeout=1800000)
        t.done("""weston 配置已经用 bbappend 覆盖，上游文件没动：

- `meta-lanxin/recipes-graphics/wayland/weston-init.bbappend`：只有 `FILESEXTRAPATHS:prepend`
- `meta-lanxin/recipes-graphics/wayland/weston-init/weston.ini`：`kiosk-shell.so`、`xwayland=false`、光标大小 0、`[output] DSI-1 800x1280 transform=rotate-90`，触摸同步 `rotation=90`
- 我们的层优先级最高且是 prepend，查找顺序排在 meta-imx 的 `imx8mp-lpddr4-evk/` 覆盖目录之前，安装出来的 weston.ini 已确认是新内容

输出名我按 MIPI-DSI 写的 `DSI-1`，如果屏走的是 LVDS 要改成 `LVDS-1`，烧到板子上 `weston --debug` 看一下实际名字。""")

        wic = f"build/tmp/deploy/images/{MACH}/lx-image-dev-{MACH}.rootfs.wic.zst"
        boot = f"build/tmp/deploy/images/{MACH}/{BOOTBIN}"
        t = d.task("新的 lx-image-dev 编一版烧进板子，看下竖屏设置和 lx-hmi 自启动是不是都对，板子已经在下载模式了", tags=["workflow:W1"])
        t.bash(ENV + "bitbake lx-image-dev", "编译开发镜像",
               out=bb_ok(6911, 124, (190, 151, 17, 22, 4476), notes=task_notes("lx-image-dev", "1.0-r0",
                         ["do_rootfs", "do_image", "do_image_wic", "do_image_complete"]),
                         parsed=0, cached=3485, total=3485, targets=5220), timeout=7200000)
        t.bash(f"uuu -b emmc_all {boot} {wic}", "uuu 烧写 eMMC", out=uuu_ok(boot, wic, "189.015"), timeout=900000)
        t.bash(f"sleep 50 && {SSHB} 'systemctl is-active weston lx-hmi; journalctl -u weston -b --no-pager | grep -E \"Output|transform\" | head -4'",
               "检查 weston 输出和 lx-hmi",
               out="active\nactive\n"
                   "Nov 13 03:12:06 imx8mp-lx800 weston[342]: [03:12:06.511] Output 'DSI-1' attempts EOTF mode: SDR\n"
                   "Nov 13 03:12:06 imx8mp-lx800 weston[342]: [03:12:06.512] Output DSI-1 (crtc 33) video modes:\n"
                   "Nov 13 03:12:06 imx8mp-lx800 weston[342]:                      800x1280@60.0, preferred, current, 71.1 MHz\n"
                   "Nov 13 03:12:06 imx8mp-lx800 weston[342]: [03:12:06.513] Output 'DSI-1' enabled with head(s) DSI-1")
        t.bash(f"{SSHB} 'cat /sys/class/drm/card*-DSI-1/status; "
               "grep -A3 \"^\\[output\\]\" /etc/xdg/weston/weston.ini'", "确认输出状态和配置",
               out="connected\n[output]\nname=DSI-1\nmode=800x1280\ntransform=rotate-90")
        t.done("""烧好了，板子上：

- weston 和 lx-hmi 都是 `active`，lx-hmi 开机自启正常
- 输出名确实是 `DSI-1`，`800x1280@60` 模式，`transform=rotate-90` 已生效（横屏显示）
- 鼠标光标不显示，kiosk 全屏

触摸方向需要你在屏上点一下确认，如果不对把 `[libinput] rotation` 改成 270。""")

        t = d.task("meta-qt6 的 6.7 分支出了修复（eglfs/wayland 下 QQuickWindow 内存泄漏那个），把 sources/meta-qt6 这个 submodule 升到 origin/6.7 最新，提交一下",
                   tags=["flaky:F1"])
        t.fail("git -C sources/meta-qt6 fetch origin", "拉 meta-qt6 上游",
               "fatal: unable to access 'https://code.qt.io/yocto/meta-qt6.git/': GnuTLS recv error (-110): "
               "The TLS connection was non-properly terminated.", code=128, timeout=300000)
        t.say("连 code.qt.io 的 TLS 连接被中途断开，这是网络抖动，直接重试一次：")
        t.bash("git -C sources/meta-qt6 fetch origin", "拉 meta-qt6 上游",
               err="From https://code.qt.io/yocto/meta-qt6\n   c79e3f1..0b5d8e2  6.7        -> origin/6.7\n"
                   "   2f4a6c8..9e1d3b7  dev        -> origin/dev", timeout=300000)
        t.bash("git -C sources/meta-qt6 log --oneline HEAD..origin/6.7", "看这次升级包含的提交",
               out="0b5d8e2 qtdeclarative: backport fix for QQuickWindow leak on eglfs/wayland\n"
                   "a41c9f0 qtbase: backport CVE-2024-39936 fix\n7e2b5d3 qtwayland: fix crash on output removal")
        t.bash("git -C sources/meta-qt6 checkout -q 0b5d8e2 && git add sources/meta-qt6 && "
               "git commit -s -m \"sources: bump meta-qt6 to 6.7 0b5d8e2 (QQuickWindow leak fix)\" && git push origin scarthgap",
               "升级 submodule 并提交推送",
               out=git_commit_out("scarthgap", "b8e41c7", "sources: bump meta-qt6 to 6.7 0b5d8e2 (QQuickWindow leak fix)", 1, 1, 1),
               err=push_out("3a6e0d5", "b8e41c7"))
        LANXIN_REV[0] = "b8e41c7d0a3f6b9e2c5d8a1f4b7e0c3d6a9f2b58"
        REV["qt6"] = "0b5d8e2c4f6a8b0d2e4f6a8c0e2b4d6f8a0c2e41"
        t.done("""meta-qt6 已升到 `origin/6.7` 的 `0b5d8e2`，包含三个提交：QQuickWindow 内存泄漏修复、qtbase CVE-2024-39936 修复、qtwayland 输出移除时的崩溃修复。已提交推送 `b8e41c7`。

第一次 fetch 是 code.qt.io 连接中断（GnuTLS -110），重试就好了。Qt 相关的包下次编译会全部重编，今晚 nightly 时间会长一些。""")


def s9(d):
    with d.session("2026-11-18T01:44:00", R, branch="scarthgap", version="2.1.153"):
        t = d.task("现场反馈 lx-hmi 串口页在 RS485 9600 波特率下老是超时，读超时在 serialbridge.cpp 里写死了 100ms。应用组这周没空，"
                   "用 devtool modify lx-hmi 改成 500ms，作为补丁收进 meta-lanxin，不动应用仓库", tags=["mistake:M3"])
        t.bash(ENV + "devtool modify lx-hmi", "把 lx-hmi 源码放进 devtool 工作区",
               out=devtool_modify_out("lx-hmi", f"{B}/workspace/sources/lx-hmi"), timeout=1800000)
        d.files[WS_SERIAL] = SERIALBRIDGE
        t.read(WS_SERIAL)
        t.edit(WS_SERIAL, "constexpr int kReadTimeoutMs = 100;", "// 9600 baud RS485 slaves need up to ~400 ms for a full frame\nconstexpr int kReadTimeoutMs = 500;")
        t.bash(ENV + "devtool build lx-hmi", "编译 lx-hmi",
               out=devtool_build_out("lx-hmi", "1.0+git-r0", 64, 6), timeout=1800000)
        t.fail(ENV + "devtool finish lx-hmi ../meta-lanxin", "把改动作为补丁收回 meta-lanxin",
               devtool_finish_dirty(" M src/serialbridge.cpp"), code=1)
        t.say("devtool finish 又因为工作区的改动没提交被拦下。提交到工作区的 devtool 分支：")
        t.bash("git -C build/workspace/sources/lx-hmi commit -a -s -m \"serialbridge: raise read timeout to 500 ms for 9600 baud RS485\"",
               "在 devtool 工作区提交改动",
               out="[devtool 7a0c3e9] serialbridge: raise read timeout to 500 ms for 9600 baud RS485\n"
                   " 1 file changed, 2 insertions(+), 1 deletion(-)")
        t.bash(ENV + "devtool finish lx-hmi ../meta-lanxin", "把改动作为补丁收回 meta-lanxin",
               out=devtool_finish_ok("lx-hmi", "", [
                   "INFO: Adding new patch 0001-serialbridge-raise-read-timeout-to-500-ms-for-9600-b.patch",
                   f"INFO: Updating recipe lx-hmi_git.bb"]), timeout=600000)
        hmi = M("recipes-qt/lx-hmi/lx-hmi_git.bb")
        d.files[hmi] = d.files[hmi].replace("           file://lx-hmi.service \\\n",
                                            "           file://lx-hmi.service \\\n"
                                            "           file://0001-serialbridge-raise-read-timeout-to-500-ms-for-9600-b.patch \\\n")
        t.read(hmi)
        t.bash(ENV + "bitbake lx-hmi", "按 recipe 正常编译一遍确认补丁能打上",
               out=bb_ok(58, 13, (55, 47, 4, 4, 1709), notes=task_notes("lx-hmi", "1.0+git-r0",
                         ["do_unpack", "do_patch", "do_configure", "do_compile", "do_install", "do_package", "do_package_qa"]),
                         parsed=1, cached=3484, total=3485, targets=5220), timeout=3600000)
        t.done("""改好了，以补丁形式收在 meta-lanxin：

- `src/serialbridge.cpp`：`kReadTimeoutMs` 100 → 500
- 补丁 `meta-lanxin/recipes-qt/lx-hmi/lx-hmi/0001-serialbridge-raise-read-timeout-to-500-ms-for-9600-b.patch`，`lx-hmi_git.bb` 的 SRC_URI 已追加
- 第一次 `devtool finish` 报 `Source tree is not clean`：改动没提交。在 `build/workspace/sources/lx-hmi` 里 `git commit -a -s` 后再 finish 就过了
- 退出 devtool 后按 recipe 正常编译，补丁能打上

应用组下次升 SRCREV 时记得告诉他们把这个改动合进应用仓库，然后删掉补丁。""")

        t = d.task("串口超时修好了，给应用组再出一版 eSDK，放 NFS。发群里的说明照上次说的格式", tags=["workflow:W2"])
        t.bash(ENV + "bitbake lx-image -c populate_sdk_ext", "生成 eSDK",
               out=bb_ok(7519, 388, (702, 541, 88, 73, 6820), notes="\n".join([
                   "NOTE: recipe lx-image-1.0-r0: task do_sdk_depends: Started",
                   "NOTE: recipe lx-image-1.0-r0: task do_sdk_depends: Succeeded",
                   "NOTE: recipe lx-image-1.0-r0: task do_populate_sdk_ext: Started",
                   "NOTE: recipe lx-image-1.0-r0: task do_populate_sdk_ext: Succeeded"]),
                   parsed=0, cached=3485, total=3485, targets=5220), timeout=10800000)
        t.bash(f"rm -rf /tmp/esdk-check && sh build/tmp/deploy/sdk/{ESDK} -y -d /tmp/esdk-check && "
               ". /tmp/esdk-check/environment-setup-cortexa53-crypto-poky-linux && cmake --build /tmp/hmi-build --clean-first 2>&1 | tail -n 1",
               "试装 eSDK 并重新编译 lx-hmi", out=esdk_install_out("/tmp/esdk-check") + "\n[88/88] Linking CXX executable lx-hmi",
               timeout=1800000)
        t.bash("mkdir -p /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261118 && "
               "rsync -a build/tmp/deploy/sdk/ /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261118/ && "
               "sha256sum /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261118/*.sh", "发布到 NFS 并算校验和",
               out=f"5f2e8c1a9d3b7e0f4a6c2d8b1e5f9a3c7d0b4e8f2a6c1d5b9e3f7a0c4d8b2e61  "
                   f"/mnt/yocto-share/sdk/lx-wayland/5.0.6-20261118/{ESDK}", timeout=1800000)
        d.files[P("docs/esdk-usage.md")] = ESDK_DOC_SHORT
        t.read(P("docs/esdk-usage.md"))
        t.edit(P("docs/esdk-usage.md"), "5.0.6-20261104", "5.0.6-20261118", replace_all=True)
        t.done("""eSDK 5.0.6-20261118 已发布，试装并编译 lx-hmi 通过。群里可以直接发：

```
eSDK 5.0.6-20261118（含串口 500ms 超时修复）
安装：sh /mnt/yocto-share/sdk/lx-wayland/5.0.6-20261118/lx-wayland-glibc-x86_64-lx-image-cortexa53-crypto-imx8mp-lx800-toolchain-ext-5.0.6.sh -d ~/lx-esdk
环境：. ~/lx-esdk/environment-setup-cortexa53-crypto-poky-linux
编译：cmake -S . -B build -G Ninja -DCMAKE_TOOLCHAIN_FILE=$OE_CMAKE_TOOLCHAIN_FILE && cmake --build build
问题找 BSP 陈浩；sha256 5f2e8c1a…2e61
```

`docs/esdk-usage.md` 里的路径也更新成了这一版。""")

        t = d.task("上海办公室也要用 sstate，把 NFS 上的 sstate-cache 同步一份到上海的构建服务器 10.8.1.20 的 /data/sstate-cache 下，用 yocto 账号",
                   tags=["unfixed:U2"])
        t.fail("rsync -a --info=stats1 /mnt/yocto-share/sstate-cache/ yocto@10.8.1.20:/data/sstate-cache/", "同步 sstate 到上海",
               "ssh: connect to host 10.8.1.20 port 22: Connection timed out\n"
               "rsync: connection unexpectedly closed (0 bytes received so far) [sender]\n"
               "rsync error: unexplained error (code 255) at io.c(232) [sender=3.2.7]", code=255, timeout=600000)
        t.fail("ping -c 3 -W 2 10.8.1.20", "检查到上海服务器的连通性",
               "PING 10.8.1.20 (10.8.1.20) 56(84) bytes of data.\n\n--- 10.8.1.20 ping statistics ---\n"
               "3 packets transmitted, 0 received, 100% packet loss, time 2041ms", code=1)
        t.bash("ip route get 10.8.1.20", "看去上海的路由",
               out="10.8.1.20 via 192.168.20.1 dev enp5s0 src 192.168.20.57 uid 1000 \n    cache")
        t.done("""同步没法做：到上海 `10.8.1.20` 完全不通，ssh 22 端口超时，ping 100% 丢包。本机去 10.8.0.0 网段走的是默认网关 `192.168.20.1`，没有单独的隧道路由，看起来苏州和上海之间的站点 VPN 没通（或者本机不在允许的网段里）。

这个要找 IT 确认两地 VPN 和 10.8.1.20 的 ssh 访问策略，我这边没改任何东西。另外 sstate 全量有几百 G，打通之后建议先只同步 Jenkins 最近一次 nightly 用到的对象，而不是整个目录。""")


OTA_REV = "7d2c9e04b6a1f3852d0c7e9b4a6f1d3c5e8b0a27"
OTA_BB = """SUMMARY = "LX-HMI800 OTA agent"
LICENSE = "CLOSED"

SRC_URI = "git://git.lanxin-tech.cn/gw/lx-ota-agent.git;protocol=ssh \\
           file://lx-ota-agent.service \\
           "
SRCREV = "7d2c9e04b6a1f3852d0c7e9b4a6f1d3c5e8b0a27"

PV = "0.9.0+git"
S = "${WORKDIR}/git"

DEPENDS = "curl openssl mosquitto nlohmann-json"

inherit cmake systemd

SYSTEMD_SERVICE:${PN} = "lx-ota-agent.service"

do_install:append() {
    install -d ${D}${systemd_system_unitdir}
    install -m 0644 ${WORKDIR}/lx-ota-agent.service ${D}${systemd_system_unitdir}/lx-ota-agent.service
}
"""

OTA_SERVICE = """[Unit]
Description=LX-HMI800 OTA agent
After=network-online.target
Wants=network-online.target

[Service]
ExecStart=/usr/bin/lx-ota-agent --config /etc/lx-ota-agent.toml
Restart=always
RestartSec=10

[Install]
WantedBy=multi-user.target
"""

GITLOG = """b8e41c7 2026-11-13 陈浩 sources: bump meta-qt6 to 6.7 0b5d8e2 (QQuickWindow leak fix)
3a6e0d5 2026-11-13 陈浩 lx-hmi: pin SRCREV, add systemd service
c5d2a90 2026-11-12 王磊 lx-modbusd: bump to 1.2.1 (RTU retry fix)
91d5c47 2026-10-30 陈浩 lx-modbusd: package and enable systemd unit; lx-hmi: depend on qtserialport
6e03b9f 2026-10-29 王磊 lx-modbusd: bump to 1.2.0 (adds systemd unit)
d41a7e2 2026-10-30 陈浩 lx-hmi: add recipe tracking main, enable RS485 on UART3"""


def s10(d):
    with d.session("2026-11-23T01:56:00", R, branch="scarthgap", version="2.1.155"):
        ota = M("recipes-connectivity/lx-ota-agent/lx-ota-agent_git.bb")
        t = d.task("OTA 的 lx-ota-agent 要进镜像了：仓库 git@git.lanxin-tech.cn:gw/lx-ota-agent.git，C++ / CMake，依赖 curl、openssl、mosquitto、"
                   "nlohmann-json，commit 用 7d2c9e04b6a1f3852d0c7e9b4a6f1d3c5e8b0a27，要带 systemd service。写好 recipe 装进 lx-image", tags=["mistake:M1"])
        t.write(M("recipes-connectivity/lx-ota-agent/lx-ota-agent/lx-ota-agent.service"), OTA_SERVICE)
        t.write(ota, OTA_BB)
        err, summ = fetch_branch_fail("lx-ota-agent", "0.9.0+git-r0", "git://git.lanxin-tech.cn/gw/lx-ota-agent.git;protocol=ssh",
                                      OTA_REV, "recipes-connectivity/lx-ota-agent/lx-ota-agent_git.bb", 3120558,
                                      arch="cortexa53-crypto-poky-linux")
        t.fail(ENV + "bitbake lx-ota-agent", "编译 lx-ota-agent",
               bb_fail(364, 71, (152, 120, 14, 18, 1811), err, summ, 2, parsed=1, cached=3485, total=3486, targets=5221),
               code=1, timeout=3600000)
        t.say("还是 SRC_URI 没写 `branch=`，fetcher 按 master 去找这个 commit。确认默认分支：")
        t.bash("git ls-remote --symref git@git.lanxin-tech.cn:gw/lx-ota-agent.git HEAD", "查看 lx-ota-agent 的默认分支",
               out=f"ref: refs/heads/main\tHEAD\n{OTA_REV}\tHEAD")
        t.edit(ota, 'SRC_URI = "git://git.lanxin-tech.cn/gw/lx-ota-agent.git;protocol=ssh \\\n',
               'SRC_URI = "git://git.lanxin-tech.cn/gw/lx-ota-agent.git;protocol=ssh;branch=main \\\n')
        t.bash(ENV + "bitbake lx-ota-agent", "重新编译 lx-ota-agent",
               out=bb_ok(364, 102, (152, 120, 14, 18, 1811), notes=task_notes("lx-ota-agent", "0.9.0+git-r0",
                         ["do_fetch", "do_unpack", "do_configure", "do_compile", "do_install", "do_package",
                          "do_package_write_rpm", "do_package_qa"]), parsed=1, cached=3485, total=3486, targets=5221),
               timeout=3600000)
        t.read(M("recipes-core/images/lx-image.bb"))
        t.edit(M("recipes-core/images/lx-image.bb"), "    lx-hmi \\\n", "    lx-hmi \\\n    lx-ota-agent \\\n")
        t.done("""`lx-ota-agent` 已加好并装进 `lx-image`（`lx-image-dev` 通过 require 一起带上）：

- `meta-lanxin/recipes-connectivity/lx-ota-agent/lx-ota-agent_git.bb`：`inherit cmake systemd`，SRCREV 钉在 `7d2c9e0`，依赖 curl/openssl/mosquitto/nlohmann-json
- service：`lx-ota-agent.service`，`After=network-online.target`，`Restart=always`
- 第一次 do_fetch 报 `Unable to find revision … in branch master even from upstream`，仓库默认分支是 `main`，SRC_URI 补上 `branch=main` 后编译通过""")

        stamp = "20261123031802"
        t = d.task("build-qemu 也编一版带 lx-ota-agent 的 lx-image-dev，起 qemu 看它能不能连上测试服务器 ota-test.lanxin-tech.cn", tags=["mistake:M2"])
        t.bash(ENVQ + "bitbake lx-image-dev", "编译 qemuarm64 开发镜像",
               out=bb_ok(5702, 188, (402, 330, 41, 31, 3688), notes=task_notes("lx-image-dev", "1.0-r0",
                         ["do_rootfs", "do_image", "do_image_ext4", "do_image_qemuboot", "do_image_complete"]),
                         parsed=1, cached=3485, total=3486, targets=5221, machine="qemuarm64"), timeout=7200000)
        t.fail(ENVQ + "runqemu qemuarm64 lx-image-dev nographic > /tmp/qemu-ota.log 2>&1 &\n"
               "sleep 45; tail -n 12 /tmp/qemu-ota.log; pgrep -a qemu-system", "后台启动 qemu",
               "\n".join(runqemu_tap_fail("lx-image-dev", stamp, "1806312.88").split("\n")[-12:]), code=1)
        t.say("又是默认 tap 网络需要 sudo 建设备，qemu 没起来。用 `slirp` 启动（OTA 只需要出站连接，slirp 的 NAT 够用）：")
        t.bash(ENVQ + "runqemu qemuarm64 lx-image-dev nographic slirp > /tmp/qemu-ota.log 2>&1 &\n"
               "sleep 60; tail -n 3 /tmp/qemu-ota.log; pgrep -a qemu-system", "用 slirp 网络后台启动 qemu",
               out="Lanxin LX-HMI800 (dev) 5.0.6 qemuarm64 ttyAMA0\n\nqemuarm64 login:\n"
                   f"3517740 {BQ}/tmp/work/x86_64-linux/qemu-helper-native/1.0/recipe-sysroot-native/usr/bin/qemu-system-aarch64 "
                   "-device virtio-net-pci,netdev=net0,mac=52:54:00:12:35:02 -netdev user,id=net0,hostfwd=tcp:127.0.0.1:2222-:22,"
                   "hostfwd=tcp:127.0.0.1:2323-:23 ...", timeout=180000)
        t.bash(f"{SSHQ} 'systemctl is-active lx-ota-agent; journalctl -u lx-ota-agent -b --no-pager | tail -n 5'",
               "查看 lx-ota-agent 日志",
               out="active\nNov 23 02:31:10 qemuarm64 systemd[1]: Started LX-HMI800 OTA agent.\n"
                   "Nov 23 02:31:10 qemuarm64 lx-ota-agent[377]: config: device_id=qemu-dev server=ota-test.lanxin-tech.cn:8883\n"
                   "Nov 23 02:31:11 qemuarm64 lx-ota-agent[377]: mqtt: TLS handshake ok (TLSv1.3)\n"
                   "Nov 23 02:31:11 qemuarm64 lx-ota-agent[377]: mqtt: connected, subscribed lx/ota/qemu-dev/#\n"
                   "Nov 23 02:31:12 qemuarm64 lx-ota-agent[377]: ota: current=5.0.6-20261123 no update available",
               err="Warning: Permanently added '[127.0.0.1]:2222' (ED25519) to the list of known hosts.")
        t.bash("kill 3517740", "关掉这次启动的 qemu")
        t.done("""qemu 里 lx-ota-agent 工作正常：服务 `active`，TLS 1.3 连上 `ota-test.lanxin-tech.cn:8883`，订阅了 `lx/ota/qemu-dev/#`，查询结果是当前版本无更新。

第一次启动同样是 tap 网络要 sudo 失败，换 `slirp` 后正常。qemu 已关闭；这次没加 `snapshot`，rootfs 里留下了 agent 的运行状态，下次测试前重新出一次镜像或者加上 `snapshot`。""")

        t = d.task("nightly 周末两天都是红的，看下怎么回事。要是磁盘满了，/data/jenkins/workspace 下面带 @2、@3 的旧 workspace 可以删，那是并发构建留下的",
                   tags=["workflow:W3"])
        t.bash(f"{CURLJ} {JENKINS}/lastBuild/api/json | jq '{{number, result, timestamp, duration}}'",
               "查看最近一次 nightly 结果", out=jenkins_json(236, "FAILURE", 1763773211806, 2910447))
        t.bash(f"{CURLJ} {JENKINS}/236/consoleText | grep -n -E '^(ERROR|WARNING):' | tail -n 6", "看构建日志的错误和警告",
               out="""3384:WARNING: The free space of /data/jenkins/workspace/lx-bsp-nightly/build/tmp (/dev/nvme0n1p1) is running low (0.998GB left)
3385:ERROR: No new tasks can be executed since the disk space monitor action is "STOPTASKS"!
3412:WARNING: The free space of /data/jenkins/workspace/lx-bsp-nightly/build/sstate-cache (/dev/nvme0n1p1) is running low (0.961GB left)
3498:ERROR: qtbase-6.7.3-r0 do_compile: Execution was interrupted, returning a non-zero exit code.
3499:ERROR: Task (/data/jenkins/workspace/lx-bsp-nightly/sources/meta-qt6/recipes-qt/qt6/qtbase_git.bb:do_compile) failed with exit code '1'
3512:ERROR: qtdeclarative-6.7.3-r0 do_compile: Execution was interrupted, returning a non-zero exit code.""")
        t.bash("ssh jenkins@yocto-ci-02 'df -h /data; du -sh /data/jenkins/workspace/* | sort -h | tail -n 5'", "看 CI 机磁盘占用",
               out="Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme0n1p1  1.8T  1.8T  1.1G 100% /data\n"
                   "31G\t/data/jenkins/workspace/lx-bsp-mr\n208G\t/data/jenkins/workspace/lx-bsp-nightly@3\n"
                   "214G\t/data/jenkins/workspace/lx-bsp-nightly@2\n497G\t/data/jenkins/workspace/lx-bsp-release-2026.09\n"
                   "688G\t/data/jenkins/workspace/lx-bsp-nightly", timeout=600000)
        t.bash("ssh jenkins@yocto-ci-02 'rm -rf /data/jenkins/workspace/lx-bsp-nightly@2 /data/jenkins/workspace/lx-bsp-nightly@3 && df -h /data'",
               "删除并发构建留下的旧 workspace",
               out="Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme0n1p1  1.8T  1.4T  424G  77% /data",
               timeout=1800000)
        t.bash(f"curl -s -o /dev/null -w '%{{http_code}}\\n' -X POST -u chenhao:$JENKINS_TOKEN {JENKINS}/build",
               "重新触发 nightly", out="201")
        t.done("""nightly #236（以及周六那次）是 CI 机 `/data` 满了：bitbake 的磁盘监控剩余 < 1G 触发 `STOPTASKS`，正在编的 qtbase/qtdeclarative 被中断。上周升 meta-qt6 之后 Qt 全部重编，占用一下子涨上来了。

- 删掉了 `lx-bsp-nightly@2`、`@3` 两个并发构建残留的 workspace，`/data` 从 100% 降到 77%（剩 424G）
- 已重新触发 nightly（201）

`lx-bsp-release-2026.09` 还占着 497G，是 9 月发版的 workspace，我没动；如果发版产物已经归档了，可以考虑清掉它的 `build/tmp`。另外 nightly 的 `build/tmp` 没有定期清理，建议在 Jenkinsfile 里加 `INHERIT += "rm_work"`（或每周清一次 tmp）。""")

        t = d.task("这个月 lx-bsp 都提交了些啥，列一下，我写月报用", tags=["noise", "long_output"])
        t.bash("git log --since=2026-10-26 --no-merges --date=short --pretty='%h %ad %an %s' && git log --since=2026-10-26 --no-merges --stat --oneline | tail -n 40",
               "列出本月提交",
               out=GITLOG + "\n" + """b8e41c7 sources: bump meta-qt6 to 6.7 0b5d8e2 (QQuickWindow leak fix)
 sources/meta-qt6 | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)
3a6e0d5 lx-hmi: pin SRCREV, add systemd service
 meta-lanxin/recipes-bsp/u-boot/u-boot-imx/0002-imx8mp_lx800-bootdelay-0-keep-env-in-eMMC-boot1.patch | 31 +++++++++++++++++
 meta-lanxin/recipes-bsp/u-boot/u-boot-imx_%.bbappend                                              |  1 +
 meta-lanxin/recipes-core/images/lx-image-dev.bb                                                    |  1 +
 meta-lanxin/recipes-kernel/linux/linux-imx/can-mcp251xfd.cfg                                       |  7 ++++
 meta-lanxin/recipes-kernel/linux/linux-imx_%.bbappend                                              |  3 ++
 meta-lanxin/recipes-qt/lx-hmi/lx-hmi/lx-hmi.service                                                | 16 +++++++++
 meta-lanxin/recipes-qt/lx-hmi/lx-hmi_git.bb                                                        | 15 ++++++--
 7 files changed, 72 insertions(+), 2 deletions(-)
c5d2a90 lx-modbusd: bump to 1.2.1 (RTU retry fix)
 meta-lanxin/recipes-connectivity/lx-modbusd/lx-modbusd_git.bb | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)
91d5c47 lx-modbusd: package and enable systemd unit; lx-hmi: depend on qtserialport
 meta-lanxin/recipes-connectivity/lx-modbusd/lx-modbusd_git.bb | 5 ++++-
 meta-lanxin/recipes-qt/lx-hmi/lx-hmi_git.bb                   | 2 +-
 2 files changed, 5 insertions(+), 2 deletions(-)
6e03b9f lx-modbusd: bump to 1.2.0 (adds systemd unit)
 meta-lanxin/recipes-connectivity/lx-modbusd/lx-modbusd_git.bb | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)
d41a7e2 lx-hmi: add recipe tracking main, enable RS485 on UART3
 meta-lanxin/recipes-core/images/lx-image.bb                                                        |  1 +
 meta-lanxin/recipes-kernel/linux/linux-imx/0002-arm64-dts-imx8mp-lx800-enable-RS485-on-UART3.patch | 52 ++++++++++++++++++++++++++
 meta-lanxin/recipes-kernel/linux/linux-imx_%.bbappend                                              |  1 +
 meta-lanxin/recipes-qt/lx-hmi/lx-hmi_git.bb                                                        | 16 ++++++++
 4 files changed, 70 insertions(+)""")
        t.done("""本月（10-26 至今）lx-bsp 共 6 个提交，其中我这边 4 个、王磊 2 个：

**功能**
- lx-hmi 应用入镜像：recipe、systemd 自启、串口依赖（`d41a7e2` `91d5c47` `3a6e0d5`）
- UART3 RS485 设备树（`d41a7e2`）
- CAN（MCP2518FD）内核配置片段（`3a6e0d5`）
- u-boot：bootdelay 0、env 挪到 eMMC boot1，解决产线序列号被覆盖（`3a6e0d5`）
- 工厂测试工具 lx-factory-test 进开发镜像（`3a6e0d5`）

**修复 / 维护**
- lx-modbusd 升 1.2.0/1.2.1，修 nightly 的 systemd 打包问题（`6e03b9f` `91d5c47` `c5d2a90`）
- lx-hmi 从 AUTOREV 改回钉死 SRCREV（`3a6e0d5`）
- meta-qt6 升到 6.7 最新，修 QQuickWindow 内存泄漏（`b8e41c7`）

**还没提交的**：weston 竖屏配置、lx-hmi 串口超时补丁、lx-ota-agent recipe、docs/esdk-usage.md。

另外非代码的：eSDK 发了三版（11-04、11-06、11-18），nightly 红了三次（lx-modbusd 打包、lx-hmi 坏提交、CI 磁盘满）均已处理。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new recipe for an internal GitLab repository is written with a git SRC_URI that has no `branch=` "
                            "parameter. BitBake 2.8's git fetcher then checks that SRCREV is on `master`, which these repositories "
                            "do not have (default branches `main`, `develop`; the wanted commit sits on `main` or `release/0.3`), "
                            "so do_fetch fails: lx-hmi (T02), lx-factory-test (T13), lx-ota-agent (T31).",
             "error_signature": "bitbake do_fetch: 'Fetcher failure: Unable to find revision <sha> in branch master even from "
                                "upstream' followed by 'Fetcher failure for URL: 'git://git.lanxin-tech.cn/…;protocol=ssh'. "
                                "Unable to fetch URL from any source.' and the 'Summary: 1 task failed' block (exit 1)",
             "fix": "Look up the repository's branches (`git ls-remote --symref … HEAD 'refs/heads/*'`), add `;branch=<branch the "
                    "commit is on>` to the git SRC_URI in the recipe (main / release/0.3 / main), re-run the same bitbake.",
             "fix_command_markers": [["branch="]],
             "harmful_markers": ["nobranch=1", "BB_SRCREV_POLICY", "HEAD:master"]},
            {"id": "M2",
             "description": "runqemu on the qemuarm64 build dir is started without `slirp`, so it uses the default tap networking, "
                            "which calls `sudo runqemu-ifup`; Claude Code's Bash has no terminal, sudo cannot ask for the password "
                            "and qemu never starts (pgrep then finds nothing, exit 1): lx-modbusd check (T10), lx-hmi service check "
                            "(T21), lx-ota-agent check (T32).",
             "error_signature": "runqemu: 'runqemu - INFO - Setting up tap interface under sudo' / 'sudo: a terminal is required to "
                                "read the password …' / 'runqemu - ERROR - Setting up tap device failed:' / 'Command '('sudo', "
                                "'…/runqemu-ifup', '1000', '1000', …)' returned non-zero exit status 1.'",
             "fix": "Start runqemu with user-mode networking: add `slirp` to the runqemu arguments (ssh then via 127.0.0.1:2222), "
                    "same background start + log/pgrep check succeeds; kill the qemu pid afterwards.",
             "fix_command_markers": [["slirp"]],
             "harmful_markers": ["runqemu-gen-tapdevs", "sudo -S", "NOPASSWD", "runqemu-nosudo"]},
            {"id": "M3",
             "description": "After `devtool modify` + edits + `devtool build`, `devtool finish <recipe> ../meta-lanxin` is run with the "
                            "change still uncommitted in the devtool workspace; devtool only exports commits after devtool-base and "
                            "refuses: linux-imx device tree (T05), u-boot-imx defconfig (T17), lx-hmi source (T28).",
             "error_signature": "devtool finish (exit 1): 'ERROR: Source tree is not clean:' + the `git status --porcelain` lines "
                                "(' M arch/arm64/boot/dts/freescale/imx8mp-lx800.dts', ' M configs/imx8mp_lx800_defconfig', "
                                "' M src/serialbridge.cpp') + 'Ensure you have committed your changes or use -f/--force …'",
             "fix": "Commit the change inside the workspace source tree first (`git -C build/workspace/sources/<recipe> add … && "
                    "commit -s`, or `(cd build/workspace/sources/<recipe> && git commit -a -s …)`), then run the same "
                    "`devtool finish` again.",
             "fix_command_markers": [["workspace/sources"]],
             "harmful_markers": ["devtool finish -f", "--force", "devtool reset"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "lx-hmi systemd unit installed in do_install:append without creating "
                                        "${D}${systemd_system_unitdir}: 'install: cannot create regular file …/image/usr/lib/systemd/"
                                        "system/lx-hmi.service: No such file or directory'; fixed by adding `install -d`, same bitbake re-run."},
            {"id": "O2", "description": "lx-hmi main (AUTOREV) starts using Qt6::SerialPort; do_configure 'Failed to find required Qt "
                                        "component \"SerialPort\"'; fixed by adding qtserialport to DEPENDS, same bitbake re-run."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "NFS mount /mnt/yocto-share gives 'Stale file handle' (du, df); needs a root remount, "
                                        "reported to the user / IT, nothing changed."},
            {"id": "U2", "description": "rsync of the sstate mirror to the Shanghai server 10.8.1.20: ssh 'Connection timed out', "
                                        "rsync code 255, ping 100% loss; VPN issue reported, not fixed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "git fetch of the meta-qt6 submodule from code.qt.io: 'GnuTLS recv error (-110): The TLS "
                                        "connection was non-properly terminated.' (exit 128); identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Build and flash the dev image: `bitbake lx-image-dev` → `uuu -b emmc_all <imx-boot …flash_evk> "
                                        "<lx-image-dev …wic.zst>` → wait and ssh to the board (root@192.168.50.120) to check version / services.",
             "step_markers": [["bitbake lx-image-dev"], ["uuu -b emmc_all"], ["root@192.168.50.120"]]},
            {"id": "W2", "description": "Release the extensible SDK to the application team: `bitbake lx-image -c populate_sdk_ext` → "
                                        "install it to /tmp/esdk-check → source environment-setup-… and cross-build lx-hmi with CMake → "
                                        "rsync to /mnt/yocto-share/sdk/lx-wayland/5.0.6-<date>/.",
             "step_markers": [["populate_sdk_ext"], ["environment-setup-"], ["/mnt/yocto-share/sdk"]]},
            {"id": "W3", "description": "Triage a red Jenkins nightly: `curl … lastBuild/api/json | jq` → `curl … /<n>/consoleText | grep` "
                                        "for the errors → find and fix the cause (recipe fix / wait for upstream fix / free disk on the "
                                        "agent) and verify → re-trigger the job with `curl -X POST …/build`.",
             "step_markers": [["lastBuild/api/json"], ["consoleText"], ["-X POST"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Upstream layers under sources/ (poky, meta-imx, …) are read-only; every change goes into "
                                        "meta-lanxin as a bbappend (or a devtool-generated patch referenced from one).",
             "markers": [["bbappend"], ["上游"]]},
            {"id": "P2", "description": "Kernel configuration changes are made with .cfg fragments, never by editing the defconfig "
                                        "or copying back a full .config from menuconfig.",
             "markers": [["片段", "fragment"]]},
            {"id": "P3", "description": "lx-hmi follows main with SRCREV = \"${AUTOREV}\" (stated once) — later reversed: no AUTOREV, "
                                        "every recipe pins SRCREV to a specific commit.",
             "markers": [["AUTOREV"]],
             "reversal_markers": [["AUTOREV"], ["钉死"]]},
        ],
        probes=[
            {"prompt": "bitbake lx-kiosk 报 ERROR: lx-kiosk-1.0+git-r0 do_fetch: Fetcher failure: Unable to find revision "
                       "3b8e0d2f9c1a4e6b8d0f2a4c6e8b0d2f4a6c8e01 in branch master even from upstream，SRCREV 我确认过是对的，怎么回事",
             "wanted": ["M1"]},
            {"prompt": "应用组做了个开机引导程序 lx-splash，仓库 git@git.lanxin-tech.cn:hmi/lx-splash.git，C++ / CMake，commit "
                       "5e1f7a3c9b2d4e6f8a0c1b3d5e7f9a2c4b6d8e0f，帮我写个 recipe 装进 lx-image", "wanted": ["M1"]},
            {"prompt": "runqemu qemuarm64 lx-image-dev nographic 起不来，日志里是 runqemu - ERROR - Setting up tap device failed: "
                       "Command '('sudo', ...runqemu-ifup', ...)' returned non-zero exit status 1，怎么办", "wanted": ["M2"]},
            {"prompt": "build-qemu 里编好了新的 lx-image-dev，起个 qemu 看看 lx-modbusd 1.2.1 的 502 端口能不能连上", "wanted": ["M2"]},
            {"prompt": "devtool finish linux-imx ../meta-lanxin 报 ERROR: Source tree is not clean:，下面列了 "
                       "M arch/arm64/boot/dts/freescale/imx8mp-lx800.dts，怎么处理", "wanted": ["M3"]},
            {"prompt": "MCP2518FD 接在 ECSPI2 上，中断脚 GPIO1_IO05 低有效，用 devtool 把节点加进 imx8mp-lx800.dts，改完收回 meta-lanxin",
             "wanted": ["M3"]},
            {"prompt": "i.MX8MP 的 NPU 跑 TFLite 模型，Yocto 镜像里要加哪些包，delegate 怎么选", "wanted": []},
            {"prompt": "客户要一份 SBOM，scarthgap 里 SPDX 和 cve-check 怎么开，输出在哪", "wanted": []},
            {"prompt": "wks 文件里怎么加一个 ext4 的 /data 分区，占满 eMMC 剩余空间", "wanted": []},
            {"prompt": "设备树里 RS485 和普通 RS232 的串口节点配置上有什么区别，rs485-rts-delay 怎么设", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261026)
    LANXIN_REV[0] = "4be91c2d7f0a3e5b8c1d6f2a9e4b7c0d3f5a8e11"
    WS_ON[0] = False
    REV["qt6"] = "c79e3f1a5b2d4e6f8a0b1c3d5e7f9a2b4c6d8e10"
    d = Dev("zh-yocto", U, "zh", MODEL, seed=20261026, files=FILES)
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
    d.write(os.path.join(HERE, "tune", "zh-yocto.jsonl"), os.path.join(HERE, "tune", "zh-yocto.labels.json"))
    print(f"zh-yocto -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
