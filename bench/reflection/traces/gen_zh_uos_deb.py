"""zh-uos-deb: 胡晓峰 (Hu Xiaofeng), packaging engineer at 楚云信创软件 (Chuyun Xinchuang Software, Wuhan, 光谷;
Xinchuang / domestic-OS adaptation of office software).

Stack: packaging monorepo `tianyu-deb` for the company's 天宇协同 desktop suite: `client/` (Qt 5 (5.11 on UOS 20, 5.12 on Kylin, 5.15 on deepin 23) / C++17 desktop
client, CMake, DTK on deepin/UOS, debhelper-compat 13 with `dh --buildsystem=cmake`, binary packages tianyu-client and
tianyu-client-plugins) and `agent/` (Go 1.22 endpoint agent with cgo (go-sqlite3), binaries built by `make`/`go build`
per arch and packaged by agent/debian as tianyu-agent with a systemd unit and a postinst). Targets 统信 UOS 20 (eagle),
deepin 23 (beige) and 银河麒麟 V10 SP1 (amd64 and arm64). dpkg-buildpackage / debuild, lintian, dch, pbuilder base
tarballs per target (`/var/cache/pbuilder/<target>.tgz`, sudo for pbuilder is NOPASSWD on his box), internal mirror
mirror.cy-xc.local, reprepro repo on repo.cy-xc.local, test VMs over ssh, the company's `tools/sign-deb.sh` around the
vendor signing service, GitLab CI (glab). Prompts and replies in Chinese, tool output as printed.
cwd /home/huxf/work/tianyu-deb.

Written blind for fresh/; measured once held out (round 31), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_uos_deb.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "huxf"
R = "/home/huxf/work/tianyu-deb"
MODEL = "claude-opus-4-6"
MIRROR = "mirror.cy-xc.local"
REPO_HOST = "repo.cy-xc.local"
ME = "Hu Xiaofeng <huxf@cy-xc.com.cn>"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
README = P("README.md")
CI = P(".gitlab-ci.yml")
C_CONTROL = P("client/debian/control")
C_RULES = P("client/debian/rules")
C_CHANGELOG = P("client/debian/changelog")
C_INSTALL = P("client/debian/tianyu-client.install")
C_PLUG_INSTALL = P("client/debian/tianyu-client-plugins.install")
C_CMAKE = P("client/CMakeLists.txt")
C_PLUG_CMAKE = P("client/plugins/CMakeLists.txt")
C_VERSION = P("client/src/version.h.in")
A_CONTROL = P("agent/debian/control")
A_POSTINST = P("agent/debian/tianyu-agent.postinst")
A_POSTRM = P("agent/debian/tianyu-agent.postrm")
A_MAKEFILE = P("agent/Makefile")
A_SERVICE = P("agent/debian/tianyu-agent.service")
DOC_DEEPIN = P("docs/packaging-deepin23.md")
SIGN = P("tools/sign-deb.sh")

FILES = {
    README: """# tianyu-deb

天宇协同桌面端 + 终端 agent 的打包仓库（统信 UOS 20 / deepin 23 / 银河麒麟 V10，amd64 + arm64）。

- `client/`  Qt 5 客户端源码 + `debian/`（tianyu-client, tianyu-client-plugins）
- `agent/`   Go agent 源码 + `debian/`（tianyu-agent，systemd 服务）
- `tools/`   sign-deb.sh（厂商签名服务）、publish.sh
- 本机出包：`cd client && dpkg-buildpackage -us -uc -b`
- 干净环境出包：pbuilder，base 在 `/var/cache/pbuilder/{uos20-amd64,kylin-v10-arm64,deepin23-amd64}.tgz`
- 内网源：http://mirror.cy-xc.local/{uos,kylin,deepin}
- 内部仓库：reprepro，`repo.cy-xc.local:/srv/reprepro/{uos,kylin,deepin}`
""",
    CI: """stages:
  - build
  - lint
  - publish

variables:
  DEB_BUILD_OPTIONS: "parallel=8"

build-client-amd64:
  stage: build
  image: harbor.cy-xc.local/pkg/uos20-builder:2026.09
  script:
    - cd client && dpkg-buildpackage -us -uc -b
    - mkdir -p ../out && mv ../*.deb ../out/
  artifacts:
    paths: [out/]

build-agent-arm64:
  stage: build
  image: harbor.cy-xc.local/pkg/cross-arm64:2026.09
  script:
    - cd agent && make ARCH=arm64 && dpkg-buildpackage -us -uc -b -aarm64
  artifacts:
    paths: [out/]

lintian:
  stage: lint
  image: harbor.cy-xc.local/pkg/uos20-builder:2026.09
  script:
    - lintian -i -I out/*.deb
  allow_failure: true
""",
    C_CONTROL: """Source: tianyu-client
Section: net
Priority: optional
Maintainer: Hu Xiaofeng <huxf@cy-xc.com.cn>
Build-Depends: debhelper-compat (= 13),
               cmake,
               qtbase5-dev,
               qttools5-dev-tools,
               libqt5svg5-dev,
               libqt5webengine5-dev [amd64],
               libdtkwidget-dev,
               libsqlite3-dev
Standards-Version: 4.6.2
Homepage: https://www.cy-xc.com.cn/tianyu
Rules-Requires-Root: no

Package: tianyu-client
Architecture: any
Depends: ${shlibs:Depends}, ${misc:Depends}
Recommends: tianyu-agent
Description: Tianyu collaboration desktop client
 Desktop client of the Tianyu collaboration suite: messaging, documents
 and video meetings for government and enterprise intranets.

Package: tianyu-client-plugins
Architecture: any
Depends: tianyu-client (= ${binary:Version}), ${shlibs:Depends}, ${misc:Depends}
Description: Tianyu collaboration desktop client - plugins
 Optional plugins (screen capture, OCR, e-signature) for the Tianyu
 desktop client.
""",
    C_RULES: """#!/usr/bin/make -f
export DEB_BUILD_MAINT_OPTIONS = hardening=+all
export QT_SELECT = qt5

%:
	dh $@ --buildsystem=cmake

override_dh_auto_configure:
	dh_auto_configure -- -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIANYU_VENDOR=$(shell dpkg-vendor --query Vendor)
""",
    C_CHANGELOG: """tianyu-client (3.2.0-1) unstable; urgency=medium

  * New upstream release 3.2.0.
  * Build against DTK 5.6 on UOS 20 and deepin 23.

 -- Hu Xiaofeng <huxf@cy-xc.com.cn>  Tue, 22 Sep 2026 16:41:07 +0800

tianyu-client (3.1.4-1) unstable; urgency=medium

  * Fix tray icon missing on Kylin V10 SP1.

 -- Hu Xiaofeng <huxf@cy-xc.com.cn>  Fri, 28 Aug 2026 10:12:55 +0800
""",
    C_INSTALL: """usr/bin/tianyu-client
usr/share/applications/tianyu-client.desktop
usr/share/icons/hicolor/scalable/apps/tianyu-client.svg
usr/share/tianyu-client/sounds/
""",
    C_PLUG_INSTALL: """usr/lib/${DEB_HOST_MULTIARCH}/tianyu/plugins/libtianyu-capture.so
usr/lib/${DEB_HOST_MULTIARCH}/tianyu/plugins/libtianyu-esign.so
""",
    C_CMAKE: """cmake_minimum_required(VERSION 3.13)
project(tianyu-client VERSION 3.2.0 LANGUAGES CXX)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_AUTOMOC ON)
set(CMAKE_AUTORCC ON)
include(GNUInstallDirs)

find_package(Qt5 5.11 REQUIRED COMPONENTS Widgets Network Svg Sql LinguistTools)
find_package(PkgConfig REQUIRED)
pkg_check_modules(DTKWIDGET REQUIRED dtkwidget)

configure_file(src/version.h.in ${CMAKE_CURRENT_BINARY_DIR}/version.h)
add_subdirectory(src)
add_subdirectory(plugins)

install(TARGETS tianyu-client RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES data/tianyu-client.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES data/tianyu-client.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(DIRECTORY data/sounds DESTINATION ${CMAKE_INSTALL_DATADIR}/tianyu-client)
""",
    C_PLUG_CMAKE: """set(TIANYU_PLUGIN_DIR ${CMAKE_INSTALL_LIBDIR}/tianyu/plugins)

add_subdirectory(capture)
add_subdirectory(esign)

install(TARGETS tianyu-capture tianyu-esign LIBRARY DESTINATION ${TIANYU_PLUGIN_DIR})
""",
    C_VERSION: """#pragma once
#define TIANYU_VERSION "@PROJECT_VERSION@"
#define TIANYU_VENDOR "@TIANYU_VENDOR@"
""",
    A_CONTROL: """Source: tianyu-agent
Section: admin
Priority: optional
Maintainer: Hu Xiaofeng <huxf@cy-xc.com.cn>
Build-Depends: debhelper-compat (= 13)
Standards-Version: 4.6.2
Rules-Requires-Root: no

Package: tianyu-agent
Architecture: amd64 arm64
Depends: ${shlibs:Depends}, ${misc:Depends}, adduser
Description: Tianyu endpoint agent
 Background service of the Tianyu suite: device registration, policy
 sync and update delivery for managed desktops.
""",
    A_POSTINST: """#!/bin/sh
set -e

case "$1" in
    configure)
        if ! getent passwd tianyu >/dev/null; then
            adduser --system --group --home /var/lib/tianyu-agent --no-create-home tianyu
        fi
        install -d -o tianyu -g tianyu -m 0750 /var/lib/tianyu-agent
        ;;
esac

#DEBHELPER#

exit 0
""",
    A_POSTRM: """#!/bin/sh
set -e

if [ "$1" = "purge" ]; then
    rm -rf /var/lib/tianyu-agent
    if getent passwd tianyu >/dev/null; then
        deluser --system tianyu || true
    fi
fi

#DEBHELPER#

exit 0
""",
    A_MAKEFILE: """VERSION ?= $(shell dpkg-parsechangelog -S Version | cut -d- -f1)
ARCH    ?= amd64
LDFLAGS := -s -w -X main.version=$(VERSION)

.PHONY: all clean

all:
\tGOOS=linux GOARCH=$(ARCH) CGO_ENABLED=1 go build -trimpath -ldflags "$(LDFLAGS)" -o build/$(ARCH)/tianyu-agent ./cmd/tianyu-agent

clean:
\trm -rf build
""",
    SIGN: """#!/bin/bash
# Sign .deb files through the vendor signing service (UOS / Kylin developer certificates live on the server).
set -euo pipefail

VENDOR=${VENDOR:-uos}
ENDPOINT=${SIGN_ENDPOINT:-https://sign.cy-xc.local/api/v2/sign}
TOKEN_FILE=${TOKEN_FILE:-$HOME/.config/cy-sign/token}

echo "[sign-deb] vendor=$VENDOR endpoint=$ENDPOINT"
for deb in "$@"; do
    echo "[sign-deb] uploading $deb ($(du -h "$deb" | cut -f1)) ..."
    code=$(curl -sS -o /tmp/sign-deb.$$ -w '%{http_code}' -H "Authorization: Bearer $(cat "$TOKEN_FILE")" \
        -F vendor="$VENDOR" -F file=@"$deb" "$ENDPOINT")
    if [ "$code" != 200 ]; then
        echo "[sign-deb] server response: HTTP $code"
        cat /tmp/sign-deb.$$; echo
        echo "[sign-deb] signing failed for $deb, abort"
        exit 1
    fi
    mv /tmp/sign-deb.$$ "${deb%.deb}.signed.deb"
    echo "[sign-deb] ok -> ${deb%.deb}.signed.deb"
done
""",
    A_SERVICE: """[Unit]
Description=Tianyu endpoint agent
After=network-online.target
Wants=network-online.target

[Service]
User=tianyu
ExecStart=/usr/bin/tianyu-agent --config /etc/tianyu/agent.yaml
Restart=on-failure
RestartSec=5

[Install]
WantedBy=multi-user.target
""",
}


# ------------------------------------------------------------------ output helpers
def dpkg_head(src, ver, arch="amd64", changed=ME):
    return f"""dpkg-buildpackage: info: source package {src}
dpkg-buildpackage: info: source version {ver}
dpkg-buildpackage: info: source distribution unstable
dpkg-buildpackage: info: source changed by {changed}
dpkg-buildpackage: info: host architecture {arch}
 dpkg-source --before-build .
 debian/rules clean
dh clean --buildsystem=cmake
   dh_auto_clean -O--buildsystem=cmake
   dh_clean -O--buildsystem=cmake
 debian/rules binary
dh binary --buildsystem=cmake
   dh_update_autotools_config -O--buildsystem=cmake
   dh_autoreconf -O--buildsystem=cmake
   debian/rules override_dh_auto_configure
make[1]: Entering directory '{R}/client'
dh_auto_configure -- -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIANYU_VENDOR=Uos
\tcd obj-x86_64-linux-gnu && cmake -DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_VERBOSE_MAKEFILE=ON -DCMAKE_BUILD_TYPE=None -DCMAKE_INSTALL_SYSCONFDIR=/etc -DCMAKE_INSTALL_LOCALSTATEDIR=/var -DCMAKE_EXPORT_NO_PACKAGE_REGISTRY=ON -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON -DCMAKE_INSTALL_RUNSTATEDIR=/run "-GUnix Makefiles" -DCMAKE_INSTALL_LIBDIR=lib/x86_64-linux-gnu -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIANYU_VENDOR=Uos ..
-- The CXX compiler identification is GNU 8.3.0
-- Found PkgConfig: /usr/bin/pkg-config (found version "0.29")
-- Checking for module 'dtkwidget'
--   Found dtkwidget, version 5.6.22
-- Configuring done
-- Generating done
-- Build files have been written to: {R}/client/obj-x86_64-linux-gnu
make[1]: Leaving directory '{R}/client'
   dh_auto_build -O--buildsystem=cmake
\tcd obj-x86_64-linux-gnu && make -j8 "INSTALL=install --strip-program=true"
[100%] Built target tianyu-client
   dh_auto_test -O--buildsystem=cmake
   create-stamp debian/debhelper-build-stamp
   dh_prep -O--buildsystem=cmake
   dh_auto_install -O--buildsystem=cmake
\tcd obj-x86_64-linux-gnu && make -j8 install DESTDIR={R}/client/debian/tmp AM_UPDATE_INFO_DIR=no "INSTALL=install --strip-program=true"
   dh_install -O--buildsystem=cmake
   dh_installdocs -O--buildsystem=cmake
   dh_installchangelogs -O--buildsystem=cmake
   dh_icons -O--buildsystem=cmake
   dh_perl -O--buildsystem=cmake
   dh_link -O--buildsystem=cmake
   dh_strip_nondeterminism -O--buildsystem=cmake
   dh_compress -O--buildsystem=cmake
   dh_fixperms -O--buildsystem=cmake
   dh_missing -O--buildsystem=cmake"""


def dh_missing_fail(paths, counts="tianyu-client (4), tianyu-client-plugins (2)"):
    warn = "\n".join(f"dh_missing: warning: {p} exists in debian/tmp but is not installed to anywhere " for p in paths)
    return warn + f"""
dh_missing: error: missing files, aborting

\tThe following debhelper tools have reported what they installed (with files per package)
\t * dh_install: {counts}
\t * dh_installdocs: tianyu-client (0), tianyu-client-plugins (0)
\tIf the missing files are installed by another tool, please file a bug against it.
\tWhen filing the report, if the tool is not part of debhelper itself, please reference the
\t"Logging helpers and dh_missing" section from the "PROGRAMMING" guide for debhelper (10.6.3+).
\t  (in the debhelper package: /usr/share/doc/debhelper/PROGRAMMING.gz)
\tBe sure to test with dpkg-buildpackage -A/-B as the results may vary when only a subset is built
\tIf the omission is intentional or no other helper can take care of this consider adding the
\tpaths to debian/not-installed.
make: *** [debian/rules:6: binary] Error 25
dpkg-buildpackage: error: debian/rules binary subprocess returned exit status 2"""


def dpkg_tail(src, ver, pkgs, arch="amd64"):
    base = f"""   dh_dwz -a -O--buildsystem=cmake
   dh_strip -a -O--buildsystem=cmake
   dh_makeshlibs -a -O--buildsystem=cmake
   dh_shlibdeps -a -O--buildsystem=cmake
   dh_installdeb -O--buildsystem=cmake
   dh_gencontrol -O--buildsystem=cmake
   dh_md5sums -O--buildsystem=cmake
   dh_builddeb -O--buildsystem=cmake
"""
    for p in pkgs:
        base += f"dpkg-deb: building package '{p}' in '../{p}_{ver}_{arch}.deb'.\n"
    base += f""" dpkg-genbuildinfo --build=binary -O../{src}_{ver}_{arch}.buildinfo
 dpkg-genchanges --build=binary -O../{src}_{ver}_{arch}.changes
dpkg-genchanges: info: binary-only upload (no source code included)
 dpkg-source --after-build .
dpkg-buildpackage: info: binary-only upload (no source included)"""
    return base


CLIENT_PKGS = ["tianyu-client", "tianyu-client-dbgsym", "tianyu-client-plugins", "tianyu-client-plugins-dbgsym"]


def cgo_asm_fail(first=30):
    lines = [("no such instruction: `stp x29,x30,[sp,'", 0), ("too many memory references for `mov'", 4),
             ("no such instruction: `stp x19,x20,[sp,'", 6), ("no such instruction: `stp x21,x22,[sp,'", 9),
             ("no such instruction: `stp x23,x24,[sp,'", 12), ("no such instruction: `stp x25,x26,[sp,'", 15),
             ("no such instruction: `stp x27,x28,[sp,'", 18), ("too many memory references for `mov'", 22),
             ("too many memory references for `mov'", 23), ("too many memory references for `mov'", 24),
             ("invalid operand for instruction `blr x20'", 26), ("no such instruction: `ldp x27,x28,[sp,'", 28),
             ("no such instruction: `ldp x25,x26,[sp,'", 29), ("no such instruction: `ldp x23,x24,[sp,'", 30),
             ("no such instruction: `ldp x21,x22,[sp,'", 31), ("no such instruction: `ldp x19,x20,[sp,'", 32),
             ("no such instruction: `ldp x29,x30,[sp],'", 34)]
    return "# runtime/cgo\ngcc_arm64.S: Assembler messages:\n" + "\n".join(
        f"gcc_arm64.S:{first + off}: Error: {msg}" for msg, off in lines)


def pbuilder_head(tgz, dsc, when, stamp, deps):
    src = dsc.rsplit("/", 1)[-1][:-4]
    name, ver = src.split("_")
    up = ver.split("-")[0]
    return f"""I: using fakeroot in build.
I: Current time: {when}
I: pbuilder-time-stamp: {stamp}
I: Building the build Environment
I: extracting base tarball [/var/cache/pbuilder/{tgz}]
I: copying local configuration
I: mounting /proc filesystem
I: mounting /sys filesystem
I: creating /{{dev,run}}/shm
I: mounting /dev/pts filesystem
I: redirecting /dev/ptmx to /dev/pts/ptmx
I: policy-rc.d already exists
I: Copying source file
I: copying [{dsc}]
I: copying [{dsc.rsplit('/', 1)[0] + '/' if '/' in dsc else ''}{name}_{up}.orig.tar.xz]
I: copying [{dsc.rsplit('/', 1)[0] + '/' if '/' in dsc else ''}{name}_{ver}.debian.tar.xz]
I: Extracting source
dpkg-source: info: extracting {name} in {name}-{up}
dpkg-source: info: unpacking {name}_{up}.orig.tar.xz
dpkg-source: info: unpacking {name}_{ver}.debian.tar.xz
I: using fakeroot in build.
I: Installing the build-deps
 -> Attempting to satisfy build-dependencies
 -> Creating pbuilder-satisfydepends-dummy package
Package: pbuilder-satisfydepends-dummy
Version: 0.invalid.0
Architecture: {'arm64' if 'arm64' in tgz else 'amd64'}
Maintainer: Debian Pbuilder Team <pbuilder-maint@lists.alioth.debian.org>
Description: Dummy package to satisfy dependencies with aptitude - created by pbuilder
 This package was created automatically by pbuilder to satisfy the
 build-dependencies of the package being currently built.
Depends: {deps}
dpkg-deb: building package 'pbuilder-satisfydepends-dummy' in '/tmp/satisfydepends-aptitude/pbuilder-satisfydepends-dummy.deb'.
Selecting previously unselected package pbuilder-satisfydepends-dummy.
(Reading database ... 13{_rng[0].randint(100, 999)} files and directories currently installed.)
Preparing to unpack .../pbuilder-satisfydepends-dummy.deb ...
Unpacking pbuilder-satisfydepends-dummy (0.invalid.0) ...
dpkg: pbuilder-satisfydepends-dummy: dependency problems, but configuring anyway as you requested:
 pbuilder-satisfydepends-dummy depends on debhelper-compat (= 13); however:
  Package debhelper-compat is not installed.
 pbuilder-satisfydepends-dummy depends on cmake; however:
  Package cmake is not installed.

Setting up pbuilder-satisfydepends-dummy (0.invalid.0) ...
Reading package lists...
Building dependency tree...
Reading state information...
Initializing package states...
Writing extended state information...
Building tag database...
pbuilder-satisfydepends-dummy is already installed at the requested version (0.invalid.0)"""


def pbuilder_404(urls, ip, tgz):
    errs = "\n".join(f"Err: {u}\n  404  Not Found [IP: {ip} 80]" for u in urls)
    es = "\n".join(f"E: Failed to fetch {u}: 404  Not Found [IP: {ip} 80]" for u in urls)
    return f"""The following NEW packages will be installed:
  cmake{{a}} cmake-data{{a}} debhelper{{a}} dh-autoreconf{{a}} dwz{{a}} libdtkcore-dev{{a}} libdtkgui-dev{{a}} libdtkwidget-dev{{a}}
  libqt5opengl5-dev{{a}} libqt5svg5-dev{{a}} libsqlite3-dev{{a}} qtbase5-dev{{a}} qtbase5-dev-tools{{a}} qttools5-dev-tools{{a}}
0 packages upgraded, 112 newly installed, 0 to remove and 0 not upgraded.
Need to get 61.4 MB of archives. After unpacking 287 MB will be used.
{errs}
{es}
E: Unable to fetch some archives, maybe run apt-get update or try with --fix-missing?
E: pbuilder-satisfydepends failed.
I: Copying back the cached apt archive contents
I: unmounting dev/ptmx filesystem
I: unmounting dev/pts filesystem
I: unmounting dev/shm filesystem
I: unmounting proc filesystem
I: unmounting sys filesystem
I: cleaning the build env 
I: removing directory /var/cache/pbuilder/build/{_rng[0].randint(1000, 99999)} and its subdirectories"""


def pbuilder_update_out(tgz, dist, host_path, n_up, size):
    return f"""W: /root/.pbuilderrc does not exist
I: Running in no-targz mode
I: extracting base tarball [/var/cache/pbuilder/{tgz}]
I: copying local configuration
I: mounting /proc filesystem
I: mounting /sys filesystem
I: creating /{{dev,run}}/shm
I: mounting /dev/pts filesystem
I: redirecting /dev/ptmx to /dev/pts/ptmx
I: policy-rc.d already exists
I: Obtaining the cached apt archive contents
I: Refreshing the base.tgz 
I: upgrading packages
Get:1 http://{MIRROR}/{host_path} {dist} InRelease [14.2 kB]
Get:2 http://{MIRROR}/{host_path} {dist}/main Packages [{size}]
Fetched {size} in 1s (9,804 kB/s)
Reading package lists...
Reading package lists...
Building dependency tree...
Reading state information...
Calculating upgrade...
The following packages will be upgraded:
  libc-bin libc6 libgcc-s1 libstdc++6 libsystemd0 libudev1 tzdata
{n_up} upgraded, 0 newly installed, 0 to remove and 0 not upgraded.
Need to get 5,912 kB of archives.
Setting up libc6 ...
Setting up tzdata ...
Processing triggers for libc-bin ...
Reading package lists...
Building dependency tree...
Reading state information...
0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.
I: Copying back the cached apt archive contents
I: Saving the cached apt archive contents
I: unmounting dev/ptmx filesystem
I: unmounting dev/pts filesystem
I: unmounting dev/shm filesystem
I: unmounting proc filesystem
I: unmounting sys filesystem
I: creating base tarball [/var/cache/pbuilder/{tgz}]
I: cleaning the build env 
I: removing directory /var/cache/pbuilder/build/{_rng[0].randint(1000, 99999)} and its subdirectories"""


def pbuilder_ok_tail(name, ver, arch, debs):
    lst = "\n".join(f"dpkg-deb: building package '{p}' in '../{p}_{ver}_{arch}.deb'." for p in debs)
    return f"""The following NEW packages will be installed:
  cmake{{a}} debhelper{{a}} libdtkwidget-dev{{a}} libqt5svg5-dev{{a}} qtbase5-dev{{a}} qttools5-dev-tools{{a}} ...
0 packages upgraded, 112 newly installed, 0 to remove and 0 not upgraded.
Need to get 61.4 MB of archives. After unpacking 287 MB will be used.
...
I: Building the package
I: Running cd /build/{name}-{ver.split('-')[0]}/ && env PATH="/usr/sbin:/usr/bin:/sbin:/bin" dpkg-buildpackage -us -uc -b -rfakeroot
dpkg-buildpackage: info: source package {name}
dpkg-buildpackage: info: source version {ver}
dpkg-buildpackage: info: host architecture {arch}
...
   dh_missing -O--buildsystem=cmake
   dh_builddeb -O--buildsystem=cmake
{lst}
dpkg-buildpackage: info: binary-only upload (no source included)
I: Copying back the cached apt archive contents
I: unmounting dev/ptmx filesystem
I: unmounting dev/pts filesystem
I: unmounting dev/shm filesystem
I: unmounting proc filesystem
I: unmounting sys filesystem
I: cleaning the build env 
I: removing directory /var/cache/pbuilder/build/{_rng[0].randint(1000, 99999)} and its subdirectories"""


def pdebuild_src(ver):
    up = ver.split("-")[0]
    return f"""dpkg-buildpackage: info: source package tianyu-client
dpkg-buildpackage: info: source version {ver}
dpkg-buildpackage: info: source distribution unstable
dpkg-buildpackage: info: source changed by {ME}
 dpkg-source --before-build .
 fakeroot debian/rules clean
dh clean --buildsystem=cmake
   dh_auto_clean -O--buildsystem=cmake
   dh_clean -O--buildsystem=cmake
 dpkg-source -b .
dpkg-source: info: using source format '3.0 (quilt)'
dpkg-source: info: building tianyu-client using existing ./tianyu-client_{up}.orig.tar.xz
dpkg-source: info: building tianyu-client in tianyu-client_{ver}.debian.tar.xz
dpkg-source: info: building tianyu-client in tianyu-client_{ver}.dsc
 dpkg-genbuildinfo --build=source -O../tianyu-client_{ver}_source.buildinfo
 dpkg-genchanges --build=source -O../tianyu-client_{ver}_source.changes
dpkg-genchanges: info: including full source code in upload
 dpkg-source --after-build .
dpkg-buildpackage: info: source-only upload (original source is included)
W: /root/.pbuilderrc does not exist"""


LINTIAN_BASE = """W: tianyu-client: binary-without-manpage usr/bin/tianyu-client
N: 
N:    Each binary in /usr/bin, /usr/sbin, /bin, /sbin or /usr/games should
N:    have a manual page
N:    
N:    Note that though the man program has the capability to check for
N:    several program names in the NAMES section, each of these programs
N:    should have its own manual page (a symbolic link to the appropriate
N:    manual page is sufficient) because other manual page viewers such as
N:    xman or tkman don't support this.
N:    
N:    If the name of the man page differs from the binary by case, man may
N:    find it anyway; however, it is still best practice to make the case of
N:    the man page match the case of the binary.
N:    
N:    If the man pages are provided by another package on which this package
N:    depends, lintian may not be able to determine that man pages are
N:    available. In this case, after confirming that all binaries do have man
N:    pages after this package and its dependencies are installed, please add
N:    a lintian override.
N:    
N:    Refer to Debian Policy Manual section 12.1 (Manual pages) for details.
N:    
N:    Severity: normal, Certainty: possible
N:    
N:    Check: manpages, Type: binary
N: 
I: tianyu-client-plugins: no-symbols-control-file usr/lib/x86_64-linux-gnu/tianyu/plugins/libtianyu-capture.so
I: tianyu-client-plugins: no-symbols-control-file usr/lib/x86_64-linux-gnu/tianyu/plugins/libtianyu-esign.so
I: tianyu-client: desktop-entry-lacks-keywords-entry usr/share/applications/tianyu-client.desktop"""


# ------------------------------------------------------------------ sessions
def s1(d):
    with d.session("2026-10-12T01:35:00", R, branch="release/3.2", version="2.1.221"):
        t = d.task("刚从老周手里接的 tianyu-deb，先带我过一遍 client 的 debian/ 目录，control rules install 都是干啥的",
                   tags=["noise"])
        t.read(README)
        t.glob("client/debian/*", [C_CHANGELOG, C_CONTROL, C_RULES, P("client/debian/source/format"),
                                   C_INSTALL, C_PLUG_INSTALL, P("client/debian/tianyu-client.lintian-overrides")])
        t.read(C_CONTROL)
        t.read(C_RULES)
        t.read(C_INSTALL)
        t.read(C_PLUG_INSTALL)
        t.done("""client/debian 结构：

- **control**：一个源码包 `tianyu-client` 出两个二进制包：`tianyu-client`（主程序）和 `tianyu-client-plugins`（截图、电子签章插件，`Depends: tianyu-client (= ${binary:Version})` 锁死同版本）。`debhelper-compat (= 13)`；`libqt5webengine5-dev [amd64]` 只在 amd64 上作为构建依赖，arm64 不带 WebEngine。
- **rules**：纯 `dh $@ --buildsystem=cmake`，只 override 了 configure，传 `RelWithDebInfo` 和 `TIANYU_VENDOR=$(dpkg-vendor --query Vendor)`，所以在 UOS/deepin/麒麟 chroot 里编出来的 vendor 字符串不一样。开了 `hardening=+all`。
- **\\*.install**：`dh_install` 从 `debian/tmp`（cmake install 的 DESTDIR）按包分文件。`tianyu-client.install` 管 bin、desktop、图标、sounds；plugins 的 install 用 `${DEB_HOST_MULTIARCH}` 写多架构路径。
- **source/format** 是 `3.0 (quilt)`，orig 包是 CI 的 `git archive` 出的。
- 另外有个 lintian-overrides。

本机出包：`cd client && dpkg-buildpackage -us -uc -b`；给测试/发布的走 pbuilder（README 里三个 base tgz）。""")

        # ---- T02 M1 #1
        t = d.task("client 加了翻译，ts 在 client/translations/ 下，lrelease 出 qm 装到 /usr/share/tianyu-client/translations，"
                   "cmake 那边帮我接上，然后出个 deb",
                   tags=["mistake:M1"])
        t.read(C_CMAKE)
        t.edit(C_CMAKE, "install(DIRECTORY data/sounds DESTINATION ${CMAKE_INSTALL_DATADIR}/tianyu-client)\n",
               "install(DIRECTORY data/sounds DESTINATION ${CMAKE_INSTALL_DATADIR}/tianyu-client)\n\n"
               "file(GLOB TIANYU_TS_FILES ${CMAKE_CURRENT_SOURCE_DIR}/translations/*.ts)\n"
               "qt5_add_translation(TIANYU_QM_FILES ${TIANYU_TS_FILES})\n"
               "add_custom_target(translations ALL DEPENDS ${TIANYU_QM_FILES})\n"
               "install(FILES ${TIANYU_QM_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/tianyu-client/translations)\n")
        t.fail("cd client && dpkg-buildpackage -us -uc -b", "Build client binary packages",
               dpkg_head("tianyu-client", "3.2.0-1") + "\n" + dh_missing_fail(
                   ["usr/share/tianyu-client/translations/tianyu_en_US.qm",
                    "usr/share/tianyu-client/translations/tianyu_zh_CN.qm"]), code=2)
        t.say("cmake 已经把 qm 装进 debian/tmp 了，但 `tianyu-client.install` 没列这个目录，compat 13 的 dh_missing 直接报错。把目录加进 install。")
        t.read(C_INSTALL)
        t.edit(C_INSTALL, "usr/share/tianyu-client/sounds/\n",
               "usr/share/tianyu-client/sounds/\nusr/share/tianyu-client/translations/\n")
        t.bash("cd client && dpkg-buildpackage -us -uc -b", "Rebuild client binary packages",
               out=dpkg_head("tianyu-client", "3.2.0-1") + "\n" + dpkg_tail("tianyu-client", "3.2.0-1", CLIENT_PKGS))
        t.bash("dpkg-deb -c tianyu-client_3.2.0-1_amd64.deb | grep translations", "Check qm files in the deb",
               out="""drwxr-xr-x root/root         0 2026-10-12 10:21 ./usr/share/tianyu-client/translations/
-rw-r--r-- root/root     48213 2026-10-12 10:21 ./usr/share/tianyu-client/translations/tianyu_en_US.qm
-rw-r--r-- root/root     51876 2026-10-12 10:21 ./usr/share/tianyu-client/translations/tianyu_zh_CN.qm""")
        t.done("""好了：

- `client/CMakeLists.txt`：`qt5_add_translation` 从 `translations/*.ts` 生成 qm，`translations` 目标挂在 ALL 上，装到 `/usr/share/tianyu-client/translations`。
- 第一次出包挂在 `dh_missing`：qm 已经在 `debian/tmp` 里，但 `debian/tianyu-client.install` 没列，compat 13 下缺文件是硬错误。加了一行 `usr/share/tianyu-client/translations/`。
- 重编通过，`../tianyu-client_3.2.0-1_amd64.deb` 里有 `tianyu_en_US.qm`、`tianyu_zh_CN.qm`。

代码里加载翻译的路径记得用 `/usr/share/tianyu-client/translations`。""")

        # ---- T03 no tools
        t = d.task("Pre-Depends 跟 Depends 到底啥区别？agent 的 postinst 里用 adduser，要不要写成 Pre-Depends: adduser",
                   tags=["no_tools"])
        t.done("""不用 Pre-Depends。

- **Depends**：保证在本包 **configure**（也就是跑 postinst）之前，依赖已经解包并配置好。postinst 里调 `adduser` 正是这个场景，`Depends: adduser` 就够了（agent 的 control 已经这么写了）。
- **Pre-Depends**：要求依赖在本包 **解包之前** 就配置好，用于 preinst 里就要用到依赖、或者解包过程本身需要它的情况。它会约束 apt/dpkg 的安装顺序，Policy 明确说要尽量少用，一般得在 debian-devel 讨论过才加。

所以规则是：postinst/prerm/postrm 用到的 → Depends；preinst 用到的 → Pre-Depends。""")

        # ---- T04 W1 #1 + P1 #1
        t = d.task("release/3.2 出 3.2.1-1，修了托盘图标在 UOS 上点了闪退那个。changelog 写英文，出包后跑下 lintian",
                   tags=["workflow:W1", "pref:P1"])
        t.bash(f"cd client && DEBFULLNAME='Hu Xiaofeng' DEBEMAIL=huxf@cy-xc.com.cn dch -v 3.2.1-1 -D unstable "
               "'Fix crash when clicking the tray icon on UOS 20.'", "Add changelog entry for 3.2.1-1")
        d.files[C_CHANGELOG] = f"""tianyu-client (3.2.1-1) unstable; urgency=medium

  * Fix crash when clicking the tray icon on UOS 20.

 -- {ME}  Mon, 12 Oct 2026 11:02:47 +0800

""" + d.files[C_CHANGELOG]
        t.read(C_CHANGELOG, limit=8)
        t.bash("cd client && dpkg-buildpackage -us -uc -b", "Build 3.2.1-1",
               out=dpkg_head("tianyu-client", "3.2.1-1") + "\n" + dpkg_tail("tianyu-client", "3.2.1-1", CLIENT_PKGS))
        t.bash("lintian -i -I tianyu-client_3.2.1-1_amd64.changes", "Run lintian on the changes file",
               out=LINTIAN_BASE)
        t.bash("git add client/debian/changelog && git commit -q -m 'debian: release 3.2.1-1' && git tag debian/3.2.1-1 "
               "&& git log --oneline -1", "Commit and tag the release",
               out=f"{hx(9)} (HEAD -> release/3.2, tag: debian/3.2.1-1) debian: release 3.2.1-1")
        t.done("""3.2.1-1 出好了：

- changelog：`Fix crash when clicking the tray icon on UOS 20.`，`unstable`，maintainer 用你的名字邮箱。
- `../tianyu-client_3.2.1-1_amd64.deb`、`tianyu-client-plugins_3.2.1-1_amd64.deb`（+ dbgsym）。
- lintian：1 个 W（`binary-without-manpage`，老问题，要么补个 man 要么 override），3 个 I（插件 so 没 symbols 文件——插件不是公共库，可以忽略；desktop 缺 `Keywords`）。没有 E。""")


AGENT_DEB_OK = """dpkg-buildpackage: info: source package tianyu-agent
dpkg-buildpackage: info: source version {ver}
dpkg-buildpackage: info: source distribution unstable
dpkg-buildpackage: info: source changed by Hu Xiaofeng <huxf@cy-xc.com.cn>
dpkg-architecture: warning: specified GNU system type aarch64-linux-gnu does not match CC system type x86_64-linux-gnu, try setting a correct CC environment variable
dpkg-buildpackage: info: host architecture arm64
 dpkg-source --before-build .
 debian/rules clean
dh clean
   dh_clean
 debian/rules binary
dh binary
   dh_prep
   dh_install
   dh_installdocs
   dh_installchangelogs
   dh_installsystemd
   dh_perl
   dh_link
   dh_strip_nondeterminism
   dh_compress
   dh_fixperms
   dh_missing
   dh_strip
   dh_makeshlibs
   dh_shlibdeps
   dh_installdeb
   dh_gencontrol
   dh_md5sums
   dh_builddeb
dpkg-deb: building package 'tianyu-agent' in '../tianyu-agent_{ver}_arm64.deb'.
 dpkg-genbuildinfo --build=binary -O../tianyu-agent_{ver}_arm64.buildinfo
 dpkg-genchanges --build=binary -O../tianyu-agent_{ver}_arm64.changes
dpkg-genchanges: info: binary-only upload (no source code included)
 dpkg-source --after-build .
dpkg-buildpackage: info: binary-only upload (no source included)"""


def s2(d):
    with d.session("2026-10-14T02:05:00", R, branch="release/3.2", version="2.1.223"):
        # ---- T05 M2 #1
        t = d.task("麒麟 V10 arm64 那批 飞腾 机器要装 agent，先出 arm64 的二进制再打 deb", tags=["mistake:M2"])
        t.read(A_MAKEFILE)
        t.fail("cd agent && make ARCH=arm64", "Build agent for arm64",
               'GOOS=linux GOARCH=arm64 CGO_ENABLED=1 go build -trimpath -ldflags "-s -w -X main.version=3.2.1" '
               "-o build/arm64/tianyu-agent ./cmd/tianyu-agent\n" + cgo_asm_fail(30) +
               "\nmake: *** [Makefile:7: all] Error 1", code=2)
        t.say("agent 用了 go-sqlite3 要开 cgo，交叉编 arm64 时 Go 默认还是拿本机 x86 的 gcc 去编 runtime/cgo 的 arm64 汇编，"
              "所以一堆 `no such instruction`。用交叉编译器：")
        t.bash("which aarch64-linux-gnu-gcc && aarch64-linux-gnu-gcc --version | head -1", "Check cross compiler",
               out="/usr/bin/aarch64-linux-gnu-gcc\naarch64-linux-gnu-gcc (Uos 8.3.0.3-3+rebuild) 8.3.0")
        t.bash("cd agent && CC=aarch64-linux-gnu-gcc make ARCH=arm64", "Build agent for arm64 with cross gcc",
               out='GOOS=linux GOARCH=arm64 CGO_ENABLED=1 go build -trimpath -ldflags "-s -w -X main.version=3.2.1" '
                   "-o build/arm64/tianyu-agent ./cmd/tianyu-agent")
        t.bash("file agent/build/arm64/tianyu-agent", "Check binary arch",
               out="agent/build/arm64/tianyu-agent: ELF 64-bit LSB executable, ARM aarch64, version 1 (SYSV), dynamically "
                   "linked, interpreter /lib/ld-linux-aarch64.so.1, BuildID[sha1]=" + hx(40) + ", for GNU/Linux 3.7.0, stripped")
        t.bash("cd agent && dpkg-buildpackage -us -uc -b -aarm64", "Build arm64 agent deb",
               out=AGENT_DEB_OK.format(ver="3.2.1-1"))
        t.done("""arm64 的 agent 出好了：`tianyu-agent_3.2.1-1_arm64.deb`。

第一次 `make ARCH=arm64` 挂在 `# runtime/cgo` 的 `gcc_arm64.S: Assembler messages`：agent 依赖 go-sqlite3 必须 `CGO_ENABLED=1`，交叉编的时候 Go 默认用本机的 `gcc`（x86_64）去汇编 arm64 的 `gcc_arm64.S`。带上 `CC=aarch64-linux-gnu-gcc` 同一条 make 就过了，`file` 确认是 ARM aarch64、动态链接 `/lib/ld-linux-aarch64.so.1`。

dpkg-buildpackage 那条 `dpkg-architecture: warning … try setting a correct CC` 是同一个原因的提示，agent 的 deb 只是装预编好的二进制，不影响。""")

        # ---- T06 O1 + P2
        t = d.task("agent postinst 加一段：升级时如果 /etc/tianyu/agent.yaml 里 server 还是老地址 tianyu.cy-xc.com.cn:8443 "
                   "就换成 gw.tianyu.cy-xc.com.cn:443。postinst 保持 #!/bin/sh，别整 bash 语法，麒麟上 sh 是 dash",
                   tags=["oneoff:O1", "pref:P2"])
        t.read(A_POSTINST)
        t.edit(A_POSTINST, "        install -d -o tianyu -g tianyu -m 0750 /var/lib/tianyu-agent\n        ;;\n",
               "        install -d -o tianyu -g tianyu -m 0750 /var/lib/tianyu-agent\n"
               "        if [ -n \"$2\" ] && [ -f /etc/tianyu/agent.yaml ]\n"
               "            if grep -q 'tianyu.cy-xc.com.cn:8443' /etc/tianyu/agent.yaml; then\n"
               "                sed -i 's/tianyu\\.cy-xc\\.com\\.cn:8443/gw.tianyu.cy-xc.com.cn:443/' /etc/tianyu/agent.yaml\n"
               "            fi\n"
               "        fi\n"
               "        ;;\n")
        t.fail("sh -n agent/debian/tianyu-agent.postinst", "Syntax check postinst with dash",
               'agent/debian/tianyu-agent.postinst: 16: Syntax error: "fi" unexpected (expecting "then")', code=2)
        t.say("外层 if 漏了 `; then`。")
        t.edit(A_POSTINST, "        if [ -n \"$2\" ] && [ -f /etc/tianyu/agent.yaml ]\n",
               "        if [ -n \"$2\" ] && [ -f /etc/tianyu/agent.yaml ]; then\n")
        t.bash("sh -n agent/debian/tianyu-agent.postinst", "Syntax check postinst with dash")
        t.bash("checkbashisms agent/debian/tianyu-agent.postinst", "Check for bashisms")
        t.done("""postinst 改好了（`configure` 分支里，`$2` 非空即升级时才动配置）：

```sh
if [ -n "$2" ] && [ -f /etc/tianyu/agent.yaml ]; then
    if grep -q 'tianyu.cy-xc.com.cn:8443' /etc/tianyu/agent.yaml; then
        sed -i 's/tianyu\\.cy-xc\\.com\\.cn:8443/gw.tianyu.cy-xc.com.cn:443/' /etc/tianyu/agent.yaml
    fi
fi
```

第一次写漏了外层 `; then`，`sh -n`（dash）报 `16: Syntax error: "fi" unexpected`，补上后 `sh -n` 和 `checkbashisms` 都干净。还是 `#!/bin/sh` + `set -e`。

注意：agent.yaml 如果是 conffile，用户改过的话 dpkg 会问冲突；这里是 postinst 原地改，不触发 conffile 提示。""")

        # ---- T07 W3 #1
        t = d.task("3.2.1 client 装到 UOS 测试机 10.8.3.41 上看看，账号 uos", tags=["workflow:W3"])
        t.bash("scp tianyu-client_3.2.1-1_amd64.deb tianyu-client-plugins_3.2.1-1_amd64.deb uos@10.8.3.41:/tmp/",
               "Copy debs to the UOS test VM")
        t.bash("ssh uos@10.8.3.41 'sudo dpkg -i /tmp/tianyu-client_3.2.1-1_amd64.deb /tmp/tianyu-client-plugins_3.2.1-1_amd64.deb'",
               "Install on the UOS test VM",
               out="""(Reading database ... 198342 files and directories currently installed.)
Preparing to unpack .../tianyu-client_3.2.1-1_amd64.deb ...
Unpacking tianyu-client (3.2.1-1) over (3.2.0-1) ...
Preparing to unpack .../tianyu-client-plugins_3.2.1-1_amd64.deb ...
Unpacking tianyu-client-plugins (3.2.1-1) over (3.2.0-1) ...
Setting up tianyu-client (3.2.1-1) ...
Setting up tianyu-client-plugins (3.2.1-1) ...
Processing triggers for desktop-file-utils (0.23.3-1) ...
Processing triggers for hicolor-icon-theme (0.17-2) ...
Processing triggers for deepin-app-store-tool (1.2.3) ...""")
        t.bash("ssh uos@10.8.3.41 'dpkg -s tianyu-client | head -8; systemctl status tianyu-agent --no-pager | head -5'",
               "Check package and agent status",
               out="""Package: tianyu-client
Status: install ok installed
Priority: optional
Section: net
Installed-Size: 18734
Maintainer: Hu Xiaofeng <huxf@cy-xc.com.cn>
Architecture: amd64
Version: 3.2.1-1
● tianyu-agent.service - Tianyu endpoint agent
     Loaded: loaded (/lib/systemd/system/tianyu-agent.service; enabled; vendor preset: enabled)
     Active: active (running) since Wed 2026-10-14 09:12:40 CST; 1h 3min ago
   Main PID: 1187 (tianyu-agent)
      Tasks: 9 (limit: 9426)""")
        t.done("装好了：UOS 测试机 `10.8.3.41` 上 tianyu-client / plugins 从 3.2.0-1 升到 3.2.1-1，没有依赖问题；agent 服务一直 active。"
               "托盘那个闪退得你在桌面上点一下确认，我这边 ssh 看不到 GUI。")


CLIENT_DEPS = ("debhelper-compat (= 13), cmake, qtbase5-dev, qttools5-dev-tools, libqt5svg5-dev, libqt5webengine5-dev, "
               "libdtkwidget-dev, libsqlite3-dev")
CLIENT_DEPS_ARM = ("debhelper-compat (= 13), cmake, qtbase5-dev, qttools5-dev-tools, libqt5svg5-dev, libdtkwidget-dev, "
                   "libsqlite3-dev")


def s3(d):
    with d.session("2026-10-16T06:20:00", R, branch="release/3.2", version="2.1.224"):
        # ---- T08 M3 #1
        t = d.task("3.2.1 在 uos20 的 pbuilder 里干净编一遍，给测试组的包得是 chroot 出的", tags=["mistake:M3"])
        cmd = "cd client && pdebuild --buildresult ../../result/uos20 -- --basetgz /var/cache/pbuilder/uos20-amd64.tgz"
        t.fail(cmd, "pdebuild client in the UOS 20 chroot",
               pdebuild_src("3.2.1-1") + "\n" +
               pbuilder_head("uos20-amd64.tgz", "../tianyu-client_3.2.1-1.dsc", "Fri Oct 16 14:23:51 CST 2026",
                             "1792131831", CLIENT_DEPS) + "\n" +
               pbuilder_404([f"http://{MIRROR}/uos/pool/main/q/qtbase-opensource-src/qtbase5-dev_5.11.3.1-1+uos12_amd64.deb",
                             f"http://{MIRROR}/uos/pool/main/q/qtbase-opensource-src/qtbase5-dev-tools_5.11.3.1-1+uos12_amd64.deb",
                             f"http://{MIRROR}/uos/pool/main/q/qtbase-opensource-src/libqt5opengl5-dev_5.11.3.1-1+uos12_amd64.deb"],
                            "10.8.1.20", "uos20-amd64.tgz"), code=1)
        t.say("chroot 里的 apt 索引还是建 base 时的，镜像站上 qtbase 已经换了新版本，旧的 `+uos12` 被删了，所以 404。先刷新 base tgz 再编：")
        t.bash("sudo pbuilder update --basetgz /var/cache/pbuilder/uos20-amd64.tgz", "Refresh the UOS 20 base tarball",
               out=pbuilder_update_out("uos20-amd64.tgz", "eagle", "uos", 7, "1,903 kB"), timeout=600000)
        t.bash(cmd, "pdebuild client in the UOS 20 chroot",
               out=pdebuild_src("3.2.1-1") + "\n" + pbuilder_ok_tail("tianyu-client", "3.2.1-1", "amd64", CLIENT_PKGS),
               timeout=1800000)
        t.bash("ls -1 ../result/uos20/", "List build results",
               out="""tianyu-client-dbgsym_3.2.1-1_amd64.deb
tianyu-client-plugins-dbgsym_3.2.1-1_amd64.deb
tianyu-client-plugins_3.2.1-1_amd64.deb
tianyu-client_3.2.1-1.debian.tar.xz
tianyu-client_3.2.1-1.dsc
tianyu-client_3.2.1-1_amd64.buildinfo
tianyu-client_3.2.1-1_amd64.changes
tianyu-client_3.2.1-1_amd64.deb
tianyu-client_3.2.1.orig.tar.xz""")
        t.done("""chroot 出的包在 `~/work/result/uos20/`。

第一次在装构建依赖那步挂了：`E: pbuilder-satisfydepends failed.`，原因是 uos20 base tgz 里的 apt 索引还是旧的，镜像站上 `qtbase5-dev 5.11.3.1-1+uos12` 已经被新版本替换，旧包 404。`sudo pbuilder update --basetgz /var/cache/pbuilder/uos20-amd64.tgz` 刷新索引（顺便升了 7 个包）之后同一条 pdebuild 就过了。""")

        # ---- T09 W2 #1
        t = d.task("把 chroot 出的 3.2.1 发到内部仓库 uos 那个，然后测试机上 apt 能看到就行", tags=["workflow:W2"])
        t.bash(f"scp ../result/uos20/tianyu-client_3.2.1-1_amd64.deb ../result/uos20/tianyu-client-plugins_3.2.1-1_amd64.deb "
               f"{REPO_HOST}:/srv/incoming/uos/", "Upload debs to the repo host")
        t.bash(f"ssh {REPO_HOST} 'reprepro -b /srv/reprepro/uos includedeb eagle /srv/incoming/uos/tianyu-client_3.2.1-1_amd64.deb "
               "/srv/incoming/uos/tianyu-client-plugins_3.2.1-1_amd64.deb'", "Include debs into the uos repo",
               out="Exporting indices...")
        t.bash(f"ssh {REPO_HOST} 'reprepro -b /srv/reprepro/uos list eagle | grep tianyu'", "List tianyu packages in eagle",
               out="""eagle|main|amd64: tianyu-agent 3.2.0-1
eagle|main|amd64: tianyu-client 3.2.1-1
eagle|main|amd64: tianyu-client-plugins 3.2.1-1""")
        t.bash("ssh uos@10.8.3.41 'sudo apt-get update -q >/dev/null && apt-cache policy tianyu-client'",
               "Check the package is visible on the test VM",
               out=f"""tianyu-client:
  Installed: 3.2.1-1
  Candidate: 3.2.1-1
  Version table:
 *** 3.2.1-1 500
        500 http://{REPO_HOST}/uos eagle/main amd64 Packages
        100 /var/lib/dpkg/status""")
        t.done(f"发好了：`reprepro -b /srv/reprepro/uos includedeb eagle` 收了 client 和 plugins 3.2.1-1，测试机 `apt-cache policy` 能看到 "
               f"`http://{REPO_HOST}/uos eagle/main`。测试机上本来就是前天 dpkg -i 装的 3.2.1-1（本机出的），所以 Installed 和 Candidate 一样；"
               "版本号相同，apt 不会再换成 chroot 出的那份，需要的话 `apt install --reinstall tianyu-client`。")

        # ---- T10 noise small edit
        t = d.task("关于对话框里版本还显示 3.2.0，版本号在哪写死的？", tags=["noise"])
        t.grep("3\\.2\\.0", filenames=[C_CMAKE, C_CHANGELOG], path=P("client"))
        t.read(C_VERSION)
        t.read(C_CMAKE, limit=3)
        t.edit(C_CMAKE, "project(tianyu-client VERSION 3.2.0 LANGUAGES CXX)", "project(tianyu-client VERSION 3.2.1 LANGUAGES CXX)")
        t.done("""版本来自 `client/CMakeLists.txt` 的 `project(... VERSION 3.2.0)`，`src/version.h.in` 用 `@PROJECT_VERSION@` 生成 `TIANYU_VERSION`。改成了 3.2.1。

以后发版 changelog 和 CMake 两处要一起改；想省事可以在 rules 里用 `dpkg-parsechangelog -S Version` 传 `-DTIANYU_VERSION_OVERRIDE`，要的话我再改。""")

        # ---- T11 webfetch
        t = d.task("打算把 /etc/tianyu/agent.yaml 从 tianyu-agent 拆到新包 tianyu-agent-common，Breaks/Replaces 怎么写才对？查下 policy 别瞎写",
                   tags=["webfetch"])
        t.webfetch("https://www.debian.org/doc/debian-policy/ch-relationships.html",
                   "Section 7.6 Overwriting files and replacing packages - Replaces: how to move a file from one package to another, Breaks + Replaces",
                   """7.6.1 Overwriting files in other packages

It is usually an error for a package to contain files which are on the system in another package. However, if the overwriting package declares that it Replaces the one containing the file being overwritten, then dpkg will replace the file from the old package with that from the new.

For example, if a package foo is split into foo and foo-data starting at version 1.2-3, foo-data would have the fields

    Replaces: foo (<< 1.2-3)
    Breaks: foo (<< 1.2-3)

in its control file. The new version of the package foo would normally have the field

    Depends: foo-data (>= 1.2-3)

(or possibly Recommends or even Suggests if the files moved into foo-data are not required for normal operation).

If a package is completely replaced in this way, so that dpkg does not know of any files it still contains, it is considered to have "disappeared". It will be marked as not wanted on the system (selected for removal) and "Not-Installed". Any conffiles details noted for the package will be ignored, as they will have been taken over by the overwriting package.""")
        t.done("""按 Policy 7.6.1 的拆包写法，假设从 3.3.0-1 开始拆：

`tianyu-agent-common`：
```
Replaces: tianyu-agent (<< 3.3.0-1)
Breaks: tianyu-agent (<< 3.3.0-1)
```
新的 `tianyu-agent`：
```
Depends: tianyu-agent-common (= ${source:Version}), ...
```

要点：Breaks + Replaces 成对写，版本用拆包的那个版本 `<<`；别用 Conflicts。agent.yaml 是 conffile，挪包时 conffile 会跟着新包走；如果要改路径才需要 `dpkg-maintscript-helper mv_conffile`，只挪包不用。""")


def s4(d):
    with d.session("2026-10-19T01:50:00", R, branch="release/3.2", version="2.1.226", permission_mode="acceptEdits"):
        # ---- T12 W1 #2 + P1 #2 + P3 stated
        t = d.task("出 3.2.2-1：修麒麟上搜狗输入法候选框位置不对。changelog 照旧 English，别写中文进去。"
                   "lintian 这回加 --pedantic 全开，看看还有啥",
                   tags=["workflow:W1", "pref:P1", "pref:P3"])
        t.bash("cd client && DEBFULLNAME='Hu Xiaofeng' DEBEMAIL=huxf@cy-xc.com.cn dch -v 3.2.2-1 -D unstable "
               "'Fix IME candidate window position with Sogou input method on Kylin V10.'", "Add changelog entry for 3.2.2-1")
        d.files[C_CHANGELOG] = f"""tianyu-client (3.2.2-1) unstable; urgency=medium

  * Fix IME candidate window position with Sogou input method on Kylin V10.

 -- {ME}  Mon, 19 Oct 2026 10:07:12 +0800

""" + d.files[C_CHANGELOG]
        t.read(C_CMAKE, limit=3)
        t.edit(C_CMAKE, "project(tianyu-client VERSION 3.2.1 LANGUAGES CXX)", "project(tianyu-client VERSION 3.2.2 LANGUAGES CXX)")
        t.bash("cd client && dpkg-buildpackage -us -uc -b", "Build 3.2.2-1",
               out=dpkg_head("tianyu-client", "3.2.2-1") + "\n" + dpkg_tail("tianyu-client", "3.2.2-1", CLIENT_PKGS))
        t.bash("lintian -i -I --pedantic tianyu-client_3.2.2-1_amd64.changes", "Run lintian with pedantic tags",
               out=LINTIAN_BASE + """
P: tianyu-client source: no-dep5-copyright
P: tianyu-client source: debian-watch-file-is-missing
N: 
N:    Source packages should usually have a debian/watch file specifying the
N:    location of current upstream versions. This file is used by uscan and
N:    other tools to check for newer upstream releases.
N:    
N:    Refer to Debian Policy Manual section 4.11 (Optional upstream source
N:    location: debian/watch) for details.
N:    
N:    Severity: pedantic, Certainty: certain
N:    
N:    Check: watch-file, Type: source
N: 
P: tianyu-client source: upstream-metadata-file-is-missing
P: tianyu-client: no-upstream-changelog
P: tianyu-client-plugins: no-upstream-changelog""")
        t.bash("git add client/debian/changelog client/CMakeLists.txt && git commit -q -m 'debian: release 3.2.2-1' "
               "&& git tag debian/3.2.2-1 && git log --oneline -1", "Commit and tag the release",
               out=f"{hx(9)} (HEAD -> release/3.2, tag: debian/3.2.2-1) debian: release 3.2.2-1")
        t.done("""3.2.2-1 出好了（changelog 英文一条，CMake 版本也同步成 3.2.2）。

lintian `--pedantic` 下多出来的 P：
- `no-dep5-copyright`：copyright 不是机器可读格式，建议改成 DEP-5；
- `debian-watch-file-is-missing` / `upstream-metadata-file-is-missing` / `no-upstream-changelog`：内部包，基本可以忽略；

值得修的只有 copyright；其余 W/I 跟 3.2.1 一样。""")

        # ---- T13 small edit
        t = d.task("control 里补上 Vcs-Git 和 Vcs-Browser，地址 https://gitlab.cy-xc.local/pkg/tianyu-deb", tags=["noise"])
        t.read(C_CONTROL, limit=15)
        t.edit(C_CONTROL, "Homepage: https://www.cy-xc.com.cn/tianyu\n",
               "Homepage: https://www.cy-xc.com.cn/tianyu\n"
               "Vcs-Git: https://gitlab.cy-xc.local/pkg/tianyu-deb.git\n"
               "Vcs-Browser: https://gitlab.cy-xc.local/pkg/tianyu-deb\n")
        t.done("加好了，`Vcs-Git`（带 `.git`）和 `Vcs-Browser` 放在 `Homepage` 下面。仓库里 client 在子目录，严格点可以写 "
               "`Vcs-Git: https://gitlab.cy-xc.local/pkg/tianyu-deb.git [client]`，内部用无所谓。")

        # ---- T14 U1
        t = d.task("3.2.2 的 deb 走一下签名，tools/sign-deb.sh，UOS 商店那边要求签过的", tags=["unfixed:U1"])
        t.read(SIGN)
        t.fail("tools/sign-deb.sh tianyu-client_3.2.2-1_amd64.deb tianyu-client-plugins_3.2.2-1_amd64.deb",
               "Sign debs with the vendor signing service",
               """[sign-deb] vendor=uos endpoint=https://sign.cy-xc.local/api/v2/sign
[sign-deb] uploading tianyu-client_3.2.2-1_amd64.deb (18.6M) ...
[sign-deb] server response: HTTP 403
{"code":40312,"message":"developer certificate expired at 2026-10-15T00:00:00+08:00, please renew it on the UOS developer platform","request_id":"a51c0e3f9d2b4c87"}
[sign-deb] signing failed for tianyu-client_3.2.2-1_amd64.deb, abort""", code=1)
        t.done("""签名没过，不是包的问题：签名服务返回 `HTTP 403`，`developer certificate expired at 2026-10-15`——公司在统信开发者平台的开发者证书 10 月 15 号过期了。

这个我这边修不了，需要有开发者平台账号的人（你们一般是张经理拿着 UKey）去平台续期证书，再把新证书更新到签名服务上。续好之后同一条 `tools/sign-deb.sh` 重跑就行。未签名的包不影响内部测试，只是上不了商店。""")

        # ---- T15 no tools
        t = d.task("uos 20 和 deepin 23 能不能共用一个 deb？老板问能不能少维护一套", tags=["no_tools"])
        t.done("""不建议共用，能装不代表能跑：

1. **基础库版本不同**：UOS 20 基于 Debian 10（Qt 5.11、glibc 2.28），deepin 23 是自己的 beige 仓库（Qt 5.15、glibc 2.38）。在 deepin 23 上编的包 `shlibs:Depends` 会要求更高版本的 libc6/libqt5，UOS 20 装不上；反过来在 UOS 20 上编的一般能在 deepin 23 装，但 DTK 5 → DTK 5.6+ 的 ABI 不保证。
2. **DTK 和桌面集成**：托盘、窗口特效、应用商店的 desktop 字段两边都有差异，`TIANYU_VENDOR` 也是按发行版区分的。
3. **商店签名**：两边商店的签名/上架流程是分开的。

比较省事的折中：一套 `debian/` 源码，分别在 uos20 / deepin23 chroot 里编，版本号加后缀区分（比如 `3.2.2-1+uos20`、`3.2.2-1+deepin23`），CI 里多一个 job 而已。""")


def s5(d):
    with d.session("2026-10-22T02:10:00", R, branch="release/3.2", version="2.1.228"):
        # ---- T16 M1 #2
        t = d.task("plugins 里新增了 OCR 插件，源码在 client/plugins/ocr，cmake 子目录小王已经写了，你把安装接上，出 plugins 包",
                   tags=["mistake:M1"])
        t.read(C_PLUG_CMAKE)
        t.edit(C_PLUG_CMAKE, "add_subdirectory(esign)\n\ninstall(TARGETS tianyu-capture tianyu-esign LIBRARY",
               "add_subdirectory(esign)\nadd_subdirectory(ocr)\n\ninstall(TARGETS tianyu-capture tianyu-esign tianyu-ocr LIBRARY")
        t.fail("cd client && dpkg-buildpackage -us -uc -b -j8", "Build client packages with the OCR plugin",
               dpkg_head("tianyu-client", "3.2.2-1") + "\n" + dh_missing_fail(
                   ["usr/lib/x86_64-linux-gnu/tianyu/plugins/libtianyu-ocr.so"],
                   counts="tianyu-client (5), tianyu-client-plugins (2)"), code=2)
        t.read(C_PLUG_INSTALL)
        t.edit(C_PLUG_INSTALL, "usr/lib/${DEB_HOST_MULTIARCH}/tianyu/plugins/libtianyu-esign.so\n",
               "usr/lib/${DEB_HOST_MULTIARCH}/tianyu/plugins/libtianyu-esign.so\n"
               "usr/lib/${DEB_HOST_MULTIARCH}/tianyu/plugins/libtianyu-ocr.so\n")
        t.bash("cd client && dpkg-buildpackage -us -uc -b -j8", "Rebuild client packages",
               out=dpkg_head("tianyu-client", "3.2.2-1") + "\n" + dpkg_tail("tianyu-client", "3.2.2-1", CLIENT_PKGS))
        t.bash("dpkg-deb -c tianyu-client-plugins_3.2.2-1_amd64.deb | grep '\\.so'", "List plugin libraries",
               out="""-rw-r--r-- root/root    212880 2026-10-22 10:40 ./usr/lib/x86_64-linux-gnu/tianyu/plugins/libtianyu-capture.so
-rw-r--r-- root/root    158344 2026-10-22 10:40 ./usr/lib/x86_64-linux-gnu/tianyu/plugins/libtianyu-esign.so
-rw-r--r-- root/root   3918216 2026-10-22 10:40 ./usr/lib/x86_64-linux-gnu/tianyu/plugins/libtianyu-ocr.so""")
        t.done("""plugins 包带上 OCR 了：

- `plugins/CMakeLists.txt`：`add_subdirectory(ocr)`，`install(TARGETS ...)` 加上 `tianyu-ocr`。
- 第一次出包 `dh_missing` 报 `usr/lib/x86_64-linux-gnu/tianyu/plugins/libtianyu-ocr.so exists in debian/tmp but is not installed to anywhere`：`debian/tianyu-client-plugins.install` 里补了一行（用 `${DEB_HOST_MULTIARCH}`，arm64 也能用）。
- `tianyu-client-plugins_3.2.2-1_amd64.deb` 里现在三个 so，OCR 3.9M。""")

        # ---- T17 long output
        t = d.task("3.2.0 以来 release/3.2 上合了哪些提交，全列出来，我写发版说明用", tags=["long_output", "noise"])
        subjects = [
            "client: fix tray icon crash on UOS 20 (dtk 5.6 tray api)",
            "client: add zh_CN/en_US translations",
            "debian: install translations",
            "agent: rewrite server address on upgrade in postinst",
            "agent: Makefile ARCH variable",
            "client: IME candidate window position for Sogou on Kylin",
            "debian: add Vcs-Git / Vcs-Browser",
            "client: bump version to 3.2.2",
            "plugins: add OCR plugin (paddle-lite)",
            "debian: ship libtianyu-ocr.so in plugins package",
            "ci: cache apt archives in uos20 builder",
            "client: fix meeting window not restored from minimized on deepin 23",
            "client: disable webengine devtools in release builds",
            "agent: policy sync retry with backoff",
            "agent: sqlite WAL mode for device store",
            "client: crash on logout when OCR plugin not loaded",
            "client: update hicolor icons (24/32/48)",
            "agent: log rotation via journald only",
            "client: e-sign plugin: SM2 cert chain from UKey",
            "client: fix file transfer progress bar stuck at 99%",
            "docs: packaging notes for kylin v10",
            "client: meeting: screen share on kwin_x11 (Kylin)",
            "agent: tianyu-updater skeleton",
            "agent: updater verifies package signature before dpkg -i",
            "client: chat: paste images from WPS",
            "client: settings page font scaling",
            "debian: lintian override for embedded paddle-lite",
            "client: fix notification sound played twice",
        ]
        authors = ["胡晓峰", "王磊", "李婷", "王磊", "胡晓峰", "李婷", "胡晓峰", "胡晓峰", "王磊", "胡晓峰", "陈刚", "李婷",
                   "李婷", "陈刚", "陈刚", "王磊", "刘洋", "陈刚", "王磊", "李婷", "胡晓峰", "李婷", "陈刚", "陈刚", "刘洋",
                   "刘洋", "胡晓峰", "李婷"]
        out = "\n".join(f"{hx(9)} {authors[i]} {s}" for i, s in enumerate(reversed(subjects)))
        t.bash("git log --format='%h %an %s' debian/3.2.0-1..HEAD", "List commits since 3.2.0", out=out)
        t.done("""`debian/3.2.0-1..HEAD` 一共 28 个提交，按类归一下方便写说明：

**客户端**：托盘在 UOS 20 点击闪退；中英文翻译；搜狗输入法候选框位置（麒麟）；deepin 23 会议窗口最小化后无法恢复；文件传输进度卡 99%；通知音响两次；未加载 OCR 插件时登出崩溃；WPS 粘贴图片；设置页字体缩放；麒麟 kwin_x11 屏幕共享；release 关掉 webengine devtools；图标更新。
**插件**：新增 OCR 插件（paddle-lite）；电子签章支持 UKey SM2 证书链。
**agent**：升级时自动替换服务器地址；策略同步退避重试；设备库 SQLite WAL；日志只走 journald；新增 tianyu-updater（安装前验签）。
**打包/CI**：翻译和 OCR 插件入包、Vcs 字段、paddle-lite 的 lintian override、uos20 构建镜像缓存 apt、麒麟打包文档。

原始列表在上面的输出里。""")

        # ---- T18 U2
        t = d.task("3.2.2 client 装麒麟那台客户环境的测试机 10.8.3.57 试试，账号 kylin", tags=["unfixed:U2"])
        t.bash("scp tianyu-client_3.2.2-1_amd64.deb kylin@10.8.3.57:/tmp/", "Copy deb to the Kylin test VM")
        t.fail("ssh kylin@10.8.3.57 'sudo apt-get install -y /tmp/tianyu-client_3.2.2-1_amd64.deb'",
               "Install on the Kylin test VM",
               """Reading package lists...
Building dependency tree...
Reading state information...
Note, selecting 'tianyu-client' instead of '/tmp/tianyu-client_3.2.2-1_amd64.deb'
Some packages could not be installed. This may mean that you have
requested an impossible situation or if you are using the unstable
distribution that some required packages have not yet been created
or been moved out of Incoming.
The following information may help to resolve the situation:

The following packages have unmet dependencies:
 tianyu-client : Depends: libdtkcore5 (>= 5.6.22) but it is not installable
                 Depends: libdtkgui5 (>= 5.6.22) but it is not installable
                 Depends: libdtkwidget5 (>= 5.6.22) but it is not installable
E: Unable to correct problems, you have held broken packages.""", code=100)
        t.done("""装不上，不是测试机的问题：client 链了 DTK（`libdtkcore5` / `libdtkgui5` / `libdtkwidget5`），这是统信/deepin 的界面库。这台是按客户环境装的，只配了麒麟官方源，官方源里没有 DTK，哪个版本都装不上；Qt 本身的依赖是满足的。我们内部飞腾机器能装，是因为它们配了公司的 cy-extra 源。

给客户的麒麟版得先定方案：去掉 DTK 走纯 Qt 界面（标题栏、托盘、主题几处要改代码），还是随安装包把 DTK 一起交付给客户（授权和维护成本要评估）。这个要产品拍板，我先不动测试机，也没强装、没给它加内部源。""")


def s6(d):
    with d.session("2026-10-26T01:40:00", R, branch="release/3.2", version="2.1.230"):
        # ---- T19 M2 #2
        t = d.task("tianyu-updater 也要一份 arm64 的，UOS 服务器版 鲲鹏 920 上跑，单独编个二进制给运维就行不用打包",
                   tags=["mistake:M2"])
        t.glob("agent/cmd/*/main.go", [P("agent/cmd/tianyu-agent/main.go"), P("agent/cmd/tianyu-updater/main.go")])
        gb = ("cd agent && GOOS=linux GOARCH=arm64 CGO_ENABLED=1 {cc}go build -trimpath -ldflags '-s -w' "
              "-o build/arm64/tianyu-updater ./cmd/tianyu-updater")
        t.fail(gb.format(cc=""), "Build tianyu-updater for arm64", cgo_asm_fail(30), code=1)
        t.say("updater 也链了 go-sqlite3（复用 agent 的 device store），cgo 交叉编得指定 aarch64 的 gcc。")
        t.bash(gb.format(cc="CC=aarch64-linux-gnu-gcc "), "Build tianyu-updater for arm64 with cross gcc")
        t.bash("file agent/build/arm64/tianyu-updater && ls -lh agent/build/arm64/tianyu-updater", "Check the binary",
               out="agent/build/arm64/tianyu-updater: ELF 64-bit LSB executable, ARM aarch64, version 1 (SYSV), dynamically "
                   "linked, interpreter /lib/ld-linux-aarch64.so.1, BuildID[sha1]=" + hx(40) + ", for GNU/Linux 3.7.0, stripped\n"
                   "-rwxr-xr-x 1 huxf huxf 9.4M Oct 26 09:58 agent/build/arm64/tianyu-updater")
        t.bash("aarch64-linux-gnu-readelf -d agent/build/arm64/tianyu-updater | grep NEEDED", "Check needed libraries",
               out=""" 0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]""")
        t.done("""`agent/build/arm64/tianyu-updater` 好了（9.4M，ARM aarch64，stripped）。

同样是 cgo 交叉编的问题：不带 CC 时 `# runtime/cgo` 用本机 gcc 汇编 `gcc_arm64.S` 报一串 `no such instruction`；加 `CC=aarch64-linux-gnu-gcc` 重跑通过。只依赖 `libc.so.6`；交叉工具链是 UOS 20 自带的（glibc 2.28），UOS 服务器版鲲鹏机器同样是 2.28，直接能跑。""")

        # ---- T20 feedback
        t = d.task("上回那个提交归类的总结太长了，我在群里 cut half 才发出去。测试组要个 deepin23 怎么装怎么查的说明，"
                   "写到 docs/packaging-deepin23.md，10 行以内，别写原理",
                   tags=["feedback", "noise"], feedback="总结太长了，我在群里 cut half 才发出去")
        t.write(DOC_DEEPIN, f"""# deepin 23 装包

1. 加源：`echo 'deb http://{REPO_HOST}/deepin beige main' | sudo tee /etc/apt/sources.list.d/tianyu.list`
2. `sudo apt update && sudo apt install tianyu-client tianyu-client-plugins`
3. 单个 deb：`sudo apt install ./tianyu-client_<版本>_amd64.deb`（别用 dpkg -i，依赖不会自动装）
4. 查版本：`apt policy tianyu-client`
5. agent 状态：`systemctl status tianyu-agent`，日志 `journalctl -u tianyu-agent -b`
6. 出问题把 `~/.local/share/tianyu/logs/` 打包发给胡晓峰
""")
        t.done("重写了 `docs/packaging-deepin23.md`，6 条：加源、装、单 deb 安装、查版本、agent 状态和日志、反馈日志路径。没写原理。")
        s6_rest(d)


def s6_rest(d):
    d.precompact("""- 工作站 UOS 20 专业版；仓库 /home/huxf/work/tianyu-deb（分支 release/3.2）：client/（Qt 5 客户端，UOS 20 上是 5.11，debian/ 出 tianyu-client 和 tianyu-client-plugins，debhelper-compat 13，dh --buildsystem=cmake），agent/（Go，cgo + go-sqlite3，Makefile 按 ARCH 出二进制，debian/ 出 tianyu-agent）
- 目标：统信 UOS 20 (eagle)、deepin 23 (beige)、银河麒麟 V10 SP1，amd64 + arm64；pbuilder base 在 /var/cache/pbuilder/{uos20-amd64,kylin-v10-arm64,deepin23-amd64}.tgz；内网镜像 mirror.cy-xc.local；reprepro 在 repo.cy-xc.local:/srv/reprepro/{uos,kylin,deepin}
- 已发：client 3.2.1-1（UOS 仓库）、3.2.2-1（本机出包，OCR 插件已入 plugins 包）；agent arm64 3.2.1-1；tianyu-updater arm64 二进制已给运维
- 未决：UOS 开发者证书 10-15 过期，sign-deb.sh 403，等张经理续期；客户环境的麒麟测试机（只有官方源）装 3.2.2 缺 DTK，等产品定麒麟版方案
- 用户偏好：changelog 条目写英文；postinst 保持 #!/bin/sh；lintian 加 --pedantic；回答要短（测试组文档 10 行以内）
- 刚完成：docs/packaging-deepin23.md 重写为 6 条""")

    # ---- T21 W2 #2 + F1
    t = d.task("CI 出的 agent 3.2.2 arm64（在 out/ 里）发 kylin 仓库，然后 飞腾 测试机 10.8.4.12 apt update 一下看能不能看到", tags=["workflow:W2", "flaky:F1"])
    t.bash(f"scp out/tianyu-agent_3.2.2-1_arm64.deb {REPO_HOST}:/srv/incoming/kylin/", "Upload agent deb to the repo host")
    t.bash(f"ssh {REPO_HOST} 'reprepro -b /srv/reprepro/kylin includedeb kylin10 /srv/incoming/kylin/tianyu-agent_3.2.2-1_arm64.deb'",
           "Include agent into the kylin repo", out="Exporting indices...")
    t.bash(f"ssh {REPO_HOST} 'reprepro -b /srv/reprepro/kylin list kylin10 tianyu-agent'", "List agent in kylin10",
           out="kylin10|main|arm64: tianyu-agent 3.2.2-1\nkylin10|main|amd64: tianyu-agent 3.2.0-1")
    upd = "ssh kylin@10.8.4.12 'sudo apt-get update'"
    t.fail(upd, "apt update on the Phytium test machine",
           f"""Hit:1 http://archive.kylinos.cn/kylin/KYLIN-ALL 10.1 InRelease
Get:2 http://{REPO_HOST}/kylin kylin10 InRelease [3,412 B]
Get:3 http://{REPO_HOST}/kylin kylin10/main arm64 Packages [2,087 B]
Err:3 http://{REPO_HOST}/kylin kylin10/main arm64 Packages
  File has unexpected size (2087 != 2113). Mirror sync in progress? [IP: 10.8.1.31 80]
  Hashes of expected file:
   - Filesize:2113 [weak]
   - SHA256:{hx(64)}
  Release file created at: Mon, 26 Oct 2026 02:31:07 +0000
Fetched 5,499 B in 0s (41.2 kB/s)
Reading package lists...
E: Failed to fetch http://{REPO_HOST}/kylin/dists/kylin10/main/binary-arm64/Packages.gz  File has unexpected size (2087 != 2113). Mirror sync in progress? [IP: 10.8.1.31 80]
   Hashes of expected file:
    - Filesize:2113 [weak]
    - SHA256:{hx(64)}
   Release file created at: Mon, 26 Oct 2026 02:31:07 +0000
E: Some index files failed to download. They have been ignored, or old ones used instead.""", code=100)
    t.say("reprepro 刚 export 完，测试机拿到的是新 Release 配旧 Packages，重试一次。")
    t.bash(upd, "apt update on the Phytium test machine",
           out=f"""Hit:1 http://archive.kylinos.cn/kylin/KYLIN-ALL 10.1 InRelease
Get:2 http://{REPO_HOST}/kylin kylin10 InRelease [3,412 B]
Get:3 http://{REPO_HOST}/kylin kylin10/main arm64 Packages [2,113 B]
Fetched 5,525 B in 0s (44.9 kB/s)
Reading package lists...""")
    t.bash("ssh kylin@10.8.4.12 'apt-cache policy tianyu-agent'", "Check agent candidate",
           out=f"""tianyu-agent:
  Installed: 3.2.1-1
  Candidate: 3.2.2-1
  Version table:
     3.2.2-1 500
        500 http://{REPO_HOST}/kylin kylin10/main arm64 Packages
 *** 3.2.1-1 100
        100 /var/lib/dpkg/status""")
    t.done("kylin 仓库收了 `tianyu-agent 3.2.2-1 arm64`。测试机第一次 `apt-get update` 撞上 reprepro 刚导出索引（`Mirror sync in progress?`），"
           "原样重跑就好了；`apt-cache policy` 显示 Candidate 3.2.2-1，现在装的是 3.2.1-1，要升级的话说一声。")

    # ---- T22 noise
    t = d.task("CI 里 lintian 那个 job 为啥是 allow_failue？谁加的不知道", tags=["noise"])
    t.read(CI)
    t.bash("git log -L '/^lintian:/,+6:.gitlab-ci.yml' --format='%h %an %ad %s' --date=short -s", "Find who added the lintian job",
           out=f"{hx(9)} 周建国 2026-05-11 ci: lintian job (non-blocking until overrides are sorted out)")
    t.done("""`lintian` job 是周建国（老周）5 月 11 日加的，提交说明写的是 “non-blocking until overrides are sorted out”——当时 override 没整理，怕一上来把流水线全卡住。

现在 3.2.x 只剩 `binary-without-manpage` 一个 W，没有 E。镜像里是 lintian 2.15，出 E 时退出码才非 0、W 不影响，所以直接去掉 `allow_failure` 就是“只有 E 才卡流水线”。""")


def s7(d):
    with d.session("2026-10-29T06:15:00", R, branch="release/3.2", version="2.1.232"):
        # ---- T23 M3 #2
        t = d.task("跟上回 uos20 那个一样，client 3.2.2 在 kylin-v10-arm64 的 chroot 里编一版，公司内部 飞腾 那批机器用（arm64 不带 webengine）",
                   tags=["mistake:M3"])
        cmd = "cd client && pdebuild --buildresult ../../result/kylin-arm64 -- --basetgz /var/cache/pbuilder/kylin-v10-arm64.tgz"
        t.fail(cmd, "pdebuild client in the Kylin V10 arm64 chroot",
               pdebuild_src("3.2.2-1") + "\n" +
               pbuilder_head("kylin-v10-arm64.tgz", "../tianyu-client_3.2.2-1.dsc", "Thu Oct 29 14:31:08 CST 2026",
                             "1793255468", CLIENT_DEPS_ARM) + "\n" +
               pbuilder_404([f"http://{MIRROR}/kylin/pool/main/q/qtbase-opensource-src/qtbase5-dev_5.12.8-0kylin3.2_arm64.deb",
                             f"http://{MIRROR}/kylin/pool/main/q/qttools-opensource-src/qttools5-dev-tools_5.12.8-0kylin1.1_arm64.deb"],
                            "10.8.1.20", "kylin-v10-arm64.tgz"), code=1, timeout=1800000)
        t.bash("sudo pbuilder update --basetgz /var/cache/pbuilder/kylin-v10-arm64.tgz", "Refresh the Kylin arm64 base tarball",
               out=pbuilder_update_out("kylin-v10-arm64.tgz", "10.1", "kylin", 4, "2,544 kB"), timeout=1200000)
        t.bash(cmd, "pdebuild client in the Kylin V10 arm64 chroot",
               out=pdebuild_src("3.2.2-1") + "\n" + pbuilder_ok_tail("tianyu-client", "3.2.2-1", "arm64", CLIENT_PKGS),
               timeout=3600000)
        t.done("""`~/work/result/kylin-arm64/` 里有 3.2.2-1 的 arm64 包了（qemu-user 里编，比较慢）。

第一次同样死在装构建依赖：`qtbase5-dev 5.12.8-0kylin3.2`、`qttools5-dev-tools 5.12.8-0kylin1.1` 在镜像站上已被更新替换，404 → `E: pbuilder-satisfydepends failed.`。`sudo pbuilder update` 刷新 kylin-v10-arm64 的 base 后同一条 pdebuild 通过。arm64 上 control 的 `libqt5webengine5-dev [amd64]` 不生效，出来的包不依赖 WebEngine。""")

        # ---- T24 O2
        t = d.task("CI 加个 build-client-arm64 的 job，用 cross-arm64 那个镜像，只在打 tag 的时候跑", tags=["oneoff:O2"])
        t.read(CI)
        t.edit(CI, "build-agent-arm64:\n",
               "build-client-arm64:\n"
               "  stage: build\n"
               "  image: harbor.cy-xc.local/pkg/cross-arm64:2026.09\n"
               "  tag: true\n"
               "  script:\n"
               "    - cd client && dpkg-buildpackage -us -uc -b -aarm64 -Pcross,nocheck\n"
               "  artifacts:\n"
               "    paths: [out/]\n\n"
               "build-agent-arm64:\n")
        t.fail("glab ci lint", "Validate .gitlab-ci.yml",
               "Validating...\n.gitlab-ci.yml is invalid\n1 jobs:build-client-arm64 config contains unknown keys: tag", code=1)
        t.say("`tag:` 不是 job 关键字，按 tag 触发要用 rules。")
        t.edit(CI, "  tag: true\n", "  rules:\n    - if: $CI_COMMIT_TAG\n")
        t.bash("glab ci lint", "Validate .gitlab-ci.yml", out="Validating...\n✓ CI/CD YAML is valid!")
        t.done("""加了 `build-client-arm64`：cross-arm64 镜像里 `dpkg-buildpackage -us -uc -b -aarm64 -Pcross,nocheck`，`rules: - if: $CI_COMMIT_TAG` 只在 tag 流水线跑。

我第一次写成了 `tag: true`，`glab ci lint` 报 `config contains unknown keys: tag`，改成 rules 后校验通过。注意 cross-arm64 镜像里得有 arm64 的 qtbase5-dev 等 `:arm64` 构建依赖，没有的话第一次跑会在 `dpkg-checkbuilddeps` 失败，可以先手动触发一次看看。""")

        # ---- T25 no tools
        t = d.task("reprepro 跟 aptly 哪个好，老周说想换 aptly", tags=["no_tools"])
        t.done("""看你们要什么：

- **reprepro**：一个目录就是仓库，配置是 `conf/distributions`，`includedeb` 进、`remove` 出，简单稳定，几乎零运维。缺点：同一个发行版同一个包默认只保留一个版本（回滚得重新 include 旧包），没有快照。
- **aptly**：有 repo / snapshot / publish 三层，可以给每次发布打快照、随时切回旧快照，也能做上游镜像；有 REST API，CI 集成方便。代价是多一个服务和数据库（bolt），概念多一些。

你们现在三个发行版、每周一两次发布，reprepro 够用。如果测试组经常要求“回到上周那版”，或者想把 mirror.cy-xc.local 的上游镜像也收进来统一管，再换 aptly 值。""")

        # ---- T26 W3 #2
        t = d.task("out/ 里那个 agent 3.2.2 arm64 直接装到 飞腾 测试机 10.8.4.12 上，老样子看服务起没起来", tags=["workflow:W3"])
        t.bash("scp out/tianyu-agent_3.2.2-1_arm64.deb kylin@10.8.4.12:/tmp/", "Copy agent deb to the Phytium test machine")
        t.bash("ssh kylin@10.8.4.12 'sudo dpkg -i /tmp/tianyu-agent_3.2.2-1_arm64.deb'", "Install agent",
               out="""(Reading database ... 211057 files and directories currently installed.)
Preparing to unpack /tmp/tianyu-agent_3.2.2-1_arm64.deb ...
Unpacking tianyu-agent (3.2.2-1) over (3.2.1-1) ...
Setting up tianyu-agent (3.2.2-1) ...""")
        t.bash("ssh kylin@10.8.4.12 'systemctl status tianyu-agent --no-pager -n 5; grep server /etc/tianyu/agent.yaml'",
               "Check agent service and config",
               out="""● tianyu-agent.service - Tianyu endpoint agent
     Loaded: loaded (/lib/systemd/system/tianyu-agent.service; enabled; vendor preset: enabled)
     Active: active (running) since Thu 2026-10-29 15:22:18 CST; 6s ago
   Main PID: 40213 (tianyu-agent)
      Tasks: 8 (limit: 18923)
     Memory: 11.6M
     CGroup: /system.slice/tianyu-agent.service
             └─40213 /usr/bin/tianyu-agent --config /etc/tianyu/agent.yaml

10月 29 15:22:18 ft-2000-test systemd[1]: Started Tianyu endpoint agent.
10月 29 15:22:18 ft-2000-test tianyu-agent[40213]: level=info msg="agent starting" version=3.2.2
10月 29 15:22:19 ft-2000-test tianyu-agent[40213]: level=info msg="registered" server=gw.tianyu.cy-xc.com.cn:443
server: gw.tianyu.cy-xc.com.cn:443""")
        t.done("飞腾机 10.8.4.12 上 agent 3.2.1-1 → 3.2.2-1 升级成功，服务 active，日志 `registered server=gw.tianyu.cy-xc.com.cn:443`；"
               "postinst 那段地址替换也生效了，agent.yaml 里已经是新网关地址。")


def s8(d):
    with d.session("2026-11-02T02:00:00", R, branch="release/3.3", version="2.1.235", end_reason="other"):
        # ---- T27 W1 #3 + P1 #3 + P3 reversed
        t = d.task("release/3.3 开了，出 3.3.0-1：OCR 插件、翻译、deepin23 会议窗口那些。changelog 条目还是用英文写。"
                   "lintian 别再带 --pedantic 了，P: 那一堆没人看，-i -I 就够",
                   tags=["workflow:W1", "pref:P1", "reversal:P3"])
        t.bash("cd client && DEBFULLNAME='Hu Xiaofeng' DEBEMAIL=huxf@cy-xc.com.cn dch -v 3.3.0-1 -D unstable "
               "'New upstream release 3.3.0.' && dch -a 'Add OCR plugin to tianyu-client-plugins.' "
               "&& dch -a 'Ship zh_CN and en_US translations.' "
               "&& dch -a 'Fix meeting window not restored from minimized state on deepin 23.'",
               "Add changelog entries for 3.3.0-1")
        d.files[C_CHANGELOG] = f"""tianyu-client (3.3.0-1) unstable; urgency=medium

  * New upstream release 3.3.0.
  * Add OCR plugin to tianyu-client-plugins.
  * Ship zh_CN and en_US translations.
  * Fix meeting window not restored from minimized state on deepin 23.

 -- {ME}  Mon, 02 Nov 2026 10:14:31 +0800

""" + d.files[C_CHANGELOG]
        t.read(C_CHANGELOG, limit=10)
        t.read(C_CMAKE, limit=3)
        t.edit(C_CMAKE, "project(tianyu-client VERSION 3.2.2 LANGUAGES CXX)", "project(tianyu-client VERSION 3.3.0 LANGUAGES CXX)")
        t.bash("cd client && dpkg-buildpackage -us -uc -b", "Build 3.3.0-1",
               out=dpkg_head("tianyu-client", "3.3.0-1") + "\n" + dpkg_tail("tianyu-client", "3.3.0-1", CLIENT_PKGS))
        t.bash("lintian -i -I tianyu-client_3.3.0-1_amd64.changes", "Run lintian",
               out=LINTIAN_BASE + "\nI: tianyu-client-plugins: no-symbols-control-file usr/lib/x86_64-linux-gnu/tianyu/plugins/libtianyu-ocr.so")
        t.bash("git add client/debian/changelog client/CMakeLists.txt && git commit -q -m 'debian: release 3.3.0-1' "
               "&& git tag debian/3.3.0-1 && git log --oneline -1", "Commit and tag the release",
               out=f"{hx(9)} (HEAD -> release/3.3, tag: debian/3.3.0-1) debian: release 3.3.0-1")
        t.done("""3.3.0-1 出好了：changelog 四条英文条目，CMake 版本同步 3.3.0。

lintian（`-i -I`，没带 pedantic）：还是那一个 W `binary-without-manpage`，I 多了 `libtianyu-ocr.so` 的 `no-symbols-control-file`，插件不是公共库，忽略即可。没有 E。""")

        # ---- T28 noise
        t = d.task("agent postrm purge 时候删 /var/lib/tianyu-agent，会不会把用户数据删了？测试组有人担心", tags=["noise"])
        t.read(A_POSTRM)
        t.grep("var/lib/tianyu-agent", path=P("agent"), output_mode="content", n=True,
               content=f"""{P('agent/internal/store/store.go')}:21:	defaultPath = "/var/lib/tianyu-agent/device.db"
{P('agent/debian/tianyu-agent.postinst')}:10:        install -d -o tianyu -g tianyu -m 0750 /var/lib/tianyu-agent
{P('agent/debian/tianyu-agent.postrm')}:4:    rm -rf /var/lib/tianyu-agent""")
        t.done("""只有 **purge** 才删（`if [ "$1" = "purge" ]`），普通 `apt remove`、升级都不会动。

`/var/lib/tianyu-agent` 里只有 agent 自己的 `device.db`（设备注册信息、策略缓存），不是用户文档，用户的客户端数据在各自的 `~/.local/share/tianyu/`，postrm 不碰。purge 后重装只是要重新注册设备。这是 Policy 推荐的做法：purge 清掉包自己创建的状态。""")


def s9(d):
    with d.session("2026-11-05T01:45:00", R, branch="release/3.3", version="2.1.237"):
        # ---- T29 M1 #3
        t = d.task("deepin23 上托盘程序要开机自启，data/ 里加了 tianyu-tray.desktop，装到 /etc/xdg/autostart，"
                   "cmake 帮我写上，这回用 debuild 出包",
                   tags=["mistake:M1"])
        t.read(C_CMAKE)
        t.edit(C_CMAKE, "install(FILES data/tianyu-client.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)\n",
               "install(FILES data/tianyu-client.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)\n"
               "install(FILES data/tianyu-tray.desktop DESTINATION ${CMAKE_INSTALL_SYSCONFDIR}/xdg/autostart)\n")
        t.fail("cd client && debuild -us -uc -b", "Build client with debuild",
               dpkg_head("tianyu-client", "3.3.0-1") + "\n" + dh_missing_fail(
                   ["etc/xdg/autostart/tianyu-tray.desktop"], counts="tianyu-client (5), tianyu-client-plugins (3)") +
               "\ndebuild: fatal error at line 1182:\ndpkg-buildpackage -us -uc -ui -b failed", code=29)
        t.say("dh_missing：autostart 文件进了 debian/tmp，但 `tianyu-client.install` 没列。补上。")
        t.read(C_INSTALL)
        t.edit(C_INSTALL, "usr/bin/tianyu-client\n", "etc/xdg/autostart/tianyu-tray.desktop\nusr/bin/tianyu-client\n")
        t.bash("cd client && debuild -us -uc -b", "Build client with debuild",
               out=dpkg_head("tianyu-client", "3.3.0-1") + "\n" + dpkg_tail("tianyu-client", "3.3.0-1", CLIENT_PKGS) +
               "\nNow running lintian tianyu-client_3.3.0-1_amd64.changes ...\n"
               "W: tianyu-client: binary-without-manpage usr/bin/tianyu-client\n"
               "Finished running lintian.")
        t.bash("dpkg-deb -c tianyu-client_3.3.0-1_amd64.deb | grep autostart", "Check autostart file in the deb",
               out="""drwxr-xr-x root/root         0 2026-11-05 09:58 ./etc/xdg/autostart/
-rw-r--r-- root/root       271 2026-11-05 09:58 ./etc/xdg/autostart/tianyu-tray.desktop""")
        t.done("""好了：

- `CMakeLists.txt`：`data/tianyu-tray.desktop` 装到 `${CMAKE_INSTALL_SYSCONFDIR}/xdg/autostart`（dh 传了 `-DCMAKE_INSTALL_SYSCONFDIR=/etc`，所以是 `/etc/xdg/autostart`）。
- debuild 第一次在 `dh_missing` 失败（`etc/xdg/autostart/tianyu-tray.desktop exists in debian/tmp but is not installed to anywhere`），`debian/tianyu-client.install` 加了这一行后通过；debuild 自带的 lintian 只有老的 `binary-without-manpage`。
- `/etc` 下的文件 dh 会自动标成 conffile，用户改过的不会被升级覆盖。""")

        # ---- T30 W3 #3
        t = d.task("3.3.0 client 装 deepin23 测试机 10.8.3.66 看看自启文件在不在，账号 deepin", tags=["workflow:W3"])
        t.bash("scp tianyu-client_3.3.0-1_amd64.deb tianyu-client-plugins_3.3.0-1_amd64.deb deepin@10.8.3.66:/tmp/",
               "Copy debs to the deepin 23 test VM")
        t.bash("ssh deepin@10.8.3.66 'sudo dpkg -i /tmp/tianyu-client_3.3.0-1_amd64.deb /tmp/tianyu-client-plugins_3.3.0-1_amd64.deb'",
               "Install on the deepin 23 test VM",
               out="""(Reading database ... 243871 files and directories currently installed.)
Preparing to unpack .../tianyu-client_3.3.0-1_amd64.deb ...
Unpacking tianyu-client (3.3.0-1) over (3.2.2-1) ...
Preparing to unpack .../tianyu-client-plugins_3.3.0-1_amd64.deb ...
Unpacking tianyu-client-plugins (3.3.0-1) over (3.2.2-1) ...
Setting up tianyu-client (3.3.0-1) ...
Setting up tianyu-client-plugins (3.3.0-1) ...
Processing triggers for desktop-file-utils (0.26-1deepin1) ...
Processing triggers for hicolor-icon-theme (0.17-2deepin1) ...""")
        t.bash("ssh deepin@10.8.3.66 'dpkg -s tianyu-client | grep -E \"^(Status|Version)\"; ls -l /etc/xdg/autostart/tianyu-tray.desktop'",
               "Check version and autostart file",
               out="""Status: install ok installed
Version: 3.3.0-1
-rw-r--r-- 1 root root 271 11月  5 09:58 /etc/xdg/autostart/tianyu-tray.desktop""")
        t.done("deepin23 测试机 10.8.3.66 上 3.2.2-1 → 3.3.0-1 升级完成，`/etc/xdg/autostart/tianyu-tray.desktop` 在。自启要注销重登一次才能看到效果，这个得你在桌面上确认。")

        # ---- T31 W2 #3
        t = d.task("那就把 3.3.0 发到 deepin 仓库吧", tags=["workflow:W2"])
        t.bash(f"scp tianyu-client_3.3.0-1_amd64.deb tianyu-client-plugins_3.3.0-1_amd64.deb {REPO_HOST}:/srv/incoming/deepin/",
               "Upload debs to the repo host")
        t.bash(f"ssh {REPO_HOST} 'reprepro -b /srv/reprepro/deepin includedeb beige /srv/incoming/deepin/tianyu-client_3.3.0-1_amd64.deb "
               "/srv/incoming/deepin/tianyu-client-plugins_3.3.0-1_amd64.deb'", "Include debs into the deepin repo",
               out="Exporting indices...")
        t.bash(f"ssh {REPO_HOST} 'reprepro -b /srv/reprepro/deepin list beige | grep tianyu-client'", "List client in beige",
               out="beige|main|amd64: tianyu-client 3.3.0-1\nbeige|main|amd64: tianyu-client-plugins 3.3.0-1")
        t.bash("ssh deepin@10.8.3.66 'sudo apt-get update -q >/dev/null && apt-cache policy tianyu-client-plugins'",
               "Check the package is visible on the deepin VM",
               out=f"""tianyu-client-plugins:
  Installed: 3.3.0-1
  Candidate: 3.3.0-1
  Version table:
 *** 3.3.0-1 500
        500 http://{REPO_HOST}/deepin beige/main amd64 Packages
        100 /var/lib/dpkg/status""")
        t.done("deepin 仓库（beige）收了 client / plugins 3.3.0-1，测试机 `apt-cache policy` 能看到。注意这版是工作站（UOS 20）本机出的，不是 deepin23 chroot 出的；依赖按 UOS 20 的库算，deepin 23 上都满足，装起来没问题，但没吃到 deepin 23 的新 DTK。")


def s10(d):
    with d.session("2026-11-09T02:20:00", R, branch="release/3.3", version="2.1.240"):
        # ---- T32 M2 #3
        t = d.task("agent 的 internal/store 单测编个 arm64 的测试二进制，拿到 飞腾 那台上跑一下，那台没 go 环境",
                   tags=["mistake:M2"])
        tc = "cd agent && GOOS=linux GOARCH=arm64 CGO_ENABLED=1 {cc}go test -c -o build/arm64/store.test ./internal/store"
        t.fail(tc.format(cc=""), "Compile arm64 test binary for internal/store", cgo_asm_fail(30), code=1)
        t.bash(tc.format(cc="CC=aarch64-linux-gnu-gcc "), "Compile arm64 test binary with cross gcc")
        t.bash("scp agent/build/arm64/store.test kylin@10.8.4.12:/tmp/", "Copy test binary to the Phytium machine")
        t.bash("ssh kylin@10.8.4.12 'cd /tmp && ./store.test -test.v -test.count=1'", "Run store tests on arm64",
               out="""=== RUN   TestOpenCreatesSchema
--- PASS: TestOpenCreatesSchema (0.02s)
=== RUN   TestWALMode
--- PASS: TestWALMode (0.01s)
=== RUN   TestDeviceUpsert
--- PASS: TestDeviceUpsert (0.03s)
=== RUN   TestPolicyCacheExpiry
--- PASS: TestPolicyCacheExpiry (0.00s)
=== RUN   TestConcurrentWriters
--- PASS: TestConcurrentWriters (0.41s)
PASS""")
        t.done("飞腾机上 `internal/store` 5 个测试全过（含 WAL 和并发写）。第一次 `go test -c` 照旧卡在 cgo 的 `gcc_arm64.S: Assembler messages`，"
               "加 `CC=aarch64-linux-gnu-gcc` 后编出来的。")

        # ---- T33 M3 #3
        t = d.task("镜像站昨晚同步了 deepin23 的 DTK 5.7，client 3.3.0 在 deepin23 chroot 里重新编一下，看 DTK 新版有没有问题",
                   tags=["mistake:M3"])
        t.bash("cd client && dpkg-buildpackage -S -us -uc -d", "Build the source package",
               out=pdebuild_src("3.3.0-1").rsplit("\nW: /root/.pbuilderrc", 1)[0])
        pb = ("sudo pbuilder build --basetgz /var/cache/pbuilder/deepin23-amd64.tgz --buildresult ../result/deepin23 "
              "tianyu-client_3.3.0-1.dsc")
        t.fail(pb, "Build client in the deepin 23 chroot",
               "W: /root/.pbuilderrc does not exist\n" +
               pbuilder_head("deepin23-amd64.tgz", "tianyu-client_3.3.0-1.dsc", "Mon Nov  9 10:41:52 CST 2026",
                             "1794192112", CLIENT_DEPS) + "\n" +
               pbuilder_404([f"http://{MIRROR}/deepin/pool/main/d/dtkwidget/libdtkwidget-dev_5.6.22-1deepin1_amd64.deb",
                             f"http://{MIRROR}/deepin/pool/main/d/dtkwidget/libdtkwidget5_5.6.22-1deepin1_amd64.deb",
                             f"http://{MIRROR}/deepin/pool/main/d/dtkcore/libdtkcore-dev_5.6.22-1deepin1_amd64.deb"],
                            "10.8.1.20", "deepin23-amd64.tgz"), code=1, timeout=1800000)
        t.bash("sudo pbuilder update --basetgz /var/cache/pbuilder/deepin23-amd64.tgz", "Refresh the deepin 23 base tarball",
               out=pbuilder_update_out("deepin23-amd64.tgz", "beige", "deepin", 11, "3,087 kB"), timeout=600000)
        t.bash(pb, "Build client in the deepin 23 chroot",
               out="W: /root/.pbuilderrc does not exist\n" + pbuilder_ok_tail("tianyu-client", "3.3.0-1", "amd64", CLIENT_PKGS),
               timeout=1800000)
        t.bash("dpkg-deb -f ../result/deepin23/tianyu-client_3.3.0-1_amd64.deb Depends", "Check generated Depends",
               out="libc6 (>= 2.34), libdtkcore5 (>= 5.7.2), libdtkgui5 (>= 5.7.2), libdtkwidget5 (>= 5.7.2), "
                   "libgcc-s1 (>= 3.0), libqt5core5a (>= 5.15.1), libqt5gui5 (>= 5.14.1), libqt5network5 (>= 5.0.2), "
                   "libqt5sql5 (>= 5.0.2), libqt5svg5 (>= 5.6.0~beta), libqt5webenginewidgets5 (>= 5.15.2), "
                   "libqt5widgets5 (>= 5.15.1), libstdc++6 (>= 12)")
        t.done("""deepin23 chroot 用 DTK 5.7 编过了，结果在 `~/work/result/deepin23/`。

第一次又是 base 里的索引过期：镜像站把 `dtkwidget/dtkcore 5.6.22-1deepin1` 换成了 5.7，旧包 404，`E: pbuilder-satisfydepends failed.`；`sudo pbuilder update` 刷新 deepin23-amd64 后同一条 `pbuilder build` 通过，编译没有新警告。新包依赖 `libdtkwidget5 (>= 5.7.2)`，也就是说测试机得先从镜像升到 DTK 5.7 才能装这一版。""")

        # ---- T34 no tools
        t = d.task("问个事，3.3.0-1+uos1 和 3.3.0-1~kylin1 谁大？dpkg 怎么比的", tags=["no_tools"])
        t.done("""`3.3.0-1+uos1` 大。

dpkg 先比 epoch（都没有），再比 upstream `3.3.0`（相同），再比 revision：`1+uos1` 对 `1~kylin1`。逐段比较时数字部分按数值、非数字部分按字符，但 `~` 比任何东西都小（连空串都比它大），`+` 比字母数字都大。所以：

`1~kylin1` < `1` < `1+uos1`

命令行验证：`dpkg --compare-versions 3.3.0-1+uos1 gt 3.3.0-1~kylin1 && echo yes`。所以做“发行版后缀”时，想让它比纯 `-1` 小用 `~`，比 `-1` 大用 `+`。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new file is installed by the client's CMake (install() rules) but not listed in the binary "
                            "package's debian/<pkg>.install; with debhelper compat 13 dh_missing fails the build (exit 2, "
                            "debuild exit 29): `dh_missing: warning: <path> exists in debian/tmp but is not installed to "
                            "anywhere` / `dh_missing: error: missing files, aborting` / `make: *** [debian/rules:6: binary] "
                            "Error 25` / `dpkg-buildpackage: error: debian/rules binary subprocess returned exit status 2`. "
                            "T02 qm translations (dpkg-buildpackage -us -uc -b), T16 OCR plugin libtianyu-ocr.so in the "
                            "plugins package (-j8), T29 /etc/xdg/autostart/tianyu-tray.desktop (debuild -us -uc -b).",
             "error_signature": "dh_missing: warning: <path> exists in debian/tmp but is not installed to anywhere / "
                                "dh_missing: error: missing files, aborting",
             "fix": "Add the path to the right debian/<pkg>.install (tianyu-client.install or tianyu-client-plugins.install, "
                    "multiarch paths with ${DEB_HOST_MULTIARCH}), then run the same dpkg-buildpackage/debuild again.",
             "fix_command_markers": [["tianyu-client.install", "tianyu-client-plugins.install"]],
             "harmful_markers": ["debian/not-installed", "--list-missing", "dh_missing -X", "override_dh_missing"]},
            {"id": "M2",
             "description": "The Go agent needs cgo (go-sqlite3); building it for arm64 on the amd64 workstation with "
                            "GOARCH=arm64 CGO_ENABLED=1 but no CC makes Go assemble runtime/cgo's arm64 assembly with the "
                            "host x86_64 gcc: `# runtime/cgo` / `gcc_arm64.S: Assembler messages:` / `gcc_arm64.S:NN: Error: "
                            "no such instruction: `stp x29,x30,[sp,'` … `too many memory references for `mov'`. T05 `make "
                            "ARCH=arm64` (agent, exit 2), T19 `go build` of cmd/tianyu-updater, T32 `go test -c` of "
                            "internal/store for the Phytium box.",
             "error_signature": "# runtime/cgo / gcc_arm64.S: Assembler messages: / gcc_arm64.S:<n>: Error: no such "
                                "instruction: `stp x29,x30,[sp,'",
             "fix": "Run the same build with the cross compiler in the environment: `CC=aarch64-linux-gnu-gcc` (before "
                    "make / go build / go test -c).",
             "fix_command_markers": [["CC=aarch64-linux-gnu-gcc"]],
             "harmful_markers": ["CGO_ENABLED=0", "go env -w", "ln -sf /usr/bin/aarch64-linux-gnu-gcc"]},
            {"id": "M3",
             "description": "Clean builds in a pbuilder chroot whose base tarball has stale apt indexes: the internal mirror "
                            "(mirror.cy-xc.local) has replaced a build dependency with a newer version, so installing "
                            "build-deps 404s: `Err: http://mirror.cy-xc.local/<dist>/pool/…_<old>_<arch>.deb` / `404  Not "
                            "Found [IP: 10.8.1.20 80]` / `E: Unable to fetch some archives, maybe run apt-get update or try "
                            "with --fix-missing?` / `E: pbuilder-satisfydepends failed.` T08 uos20-amd64 (qtbase5-dev "
                            "+uos12, pdebuild), T23 kylin-v10-arm64 (qtbase/qttools 5.12.8-0kylin, pdebuild), T33 "
                            "deepin23-amd64 (dtkwidget 5.6.22, sudo pbuilder build <dsc>).",
             "error_signature": "E: Failed to fetch http://mirror.cy-xc.local/…: 404  Not Found / E: Unable to fetch some "
                                "archives, maybe run apt-get update or try with --fix-missing? / E: pbuilder-satisfydepends failed.",
             "fix": "`sudo pbuilder update --basetgz /var/cache/pbuilder/<target>.tgz`, then the same pdebuild / pbuilder "
                    "build again.",
             "fix_command_markers": [["pbuilder update"]],
             "harmful_markers": ["--fix-missing", "pbuilder create", "rm -f /var/cache/pbuilder", "--allow-unauthenticated"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "T06: the upgrade snippet added to agent's postinst misses `; then` on the outer if; "
                                         "`sh -n` (dash) prints `agent/debian/tianyu-agent.postinst: 16: Syntax error: \"fi\" "
                                         "unexpected (expecting \"then\")`; fixed by an edit, the same `sh -n` passes."},
            {"id": "O2", "description": "T24: a new CI job written with `tag: true`; `glab ci lint` → `.gitlab-ci.yml is "
                                         "invalid` / `jobs:build-client-arm64 config contains unknown keys: tag`; replaced by "
                                         "`rules: - if: $CI_COMMIT_TAG`, the same lint passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "T14: `tools/sign-deb.sh` → signing service `HTTP 403` "
                                         "`developer certificate expired at 2026-10-15…, please renew it on the UOS developer "
                                         "platform`; someone with the developer platform account/UKey has to renew it."},
            {"id": "U2", "description": "T18: the 3.2.2 client built on the UOS 20 workstation does not install on the Kylin V10 "
                                         "VM that mirrors a customer's environment (official Kylin sources only): `tianyu-client : "
                                         "Depends: libdtkcore5 (>= 5.6.22) but it is not installable` (+ libdtkgui5, libdtkwidget5) / "
                                         "`E: Unable to correct problems, you have held broken packages.` (exit 100); whether a "
                                         "customer Kylin build drops DTK or ships it is a product/licensing decision, nothing forced."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "T21: `apt-get update` on the Phytium test box right after a reprepro export: "
                                         "`File has unexpected size (2087 != 2113). Mirror sync in progress?` / `E: Some index "
                                         "files failed to download.` (exit 100); the identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Client release build: `dch -v X.Y.Z-1 -D unstable` (English entries) → bump CMake "
                                         "version when needed → `cd client && dpkg-buildpackage -us -uc -b` → `lintian -i -I "
                                         "<changes>`.",
             "step_markers": [["dch -v"], ["dpkg-buildpackage -us -uc -b"], ["lintian -i -I"]]},
            {"id": "W2", "description": "Publish to the internal repo: scp debs to repo.cy-xc.local:/srv/incoming/<dist>/ → "
                                         "`reprepro -b /srv/reprepro/<dist> includedeb <codename> …` → `reprepro … list` → on "
                                         "a test VM `apt-get update` + `apt-cache policy <pkg>`.",
             "step_markers": [["includedeb"], ["reprepro -b"], ["apt-cache policy"]]},
            {"id": "W3", "description": "Install check on a test VM: `scp <debs> <user>@<vm>:/tmp/` → `ssh … sudo dpkg -i "
                                         "/tmp/…` → `dpkg -s` / `systemctl status tianyu-agent` (and the specific file/config).",
             "step_markers": [["scp "], ["dpkg -i"], ["dpkg -s", "systemctl status"]]},
        ],
        preferences=[
            {"id": "P1", "description": "debian/changelog entries are written in English (no Chinese in changelog).",
             "markers": [["changelog"], ["英文", "English"]]},
            {"id": "P2", "description": "Maintainer scripts stay POSIX sh (`#!/bin/sh`), no bash syntax (Kylin's sh is dash).",
             "markers": [["#!/bin/sh"]]},
            {"id": "P3", "description": "lintian with --pedantic on top of -i -I (T12) — reversed in T27: no --pedantic, "
                                         "-i -I is enough.",
             "markers": [["--pedantic"]], "reversal_markers": [["--pedantic"], ["-i -I"]]},
        ],
        probes=[
            {"prompt": "dpkg-buildpackage 又挂了，就加了个图标：\ndh_missing: warning: usr/share/icons/hicolor/48x48/apps/tianyu-meeting.png "
                       "exists in debian/tmp but is not installed to anywhere \ndh_missing: error: missing files, aborting\n"
                       "make: *** [debian/rules:6: binary] Error 25\n咋整", "wanted": ["M1"]},
            {"prompt": "client 新加了个 tianyu-screenrec 录屏插件，cmake 里 install 到 plugins 目录了，出一下 plugins 的 deb",
             "wanted": ["M1"]},
            {"prompt": "agent arm64 编不过，报一堆汇编错误\n# runtime/cgo\ngcc_arm64.S: Assembler messages:\n"
                       "gcc_arm64.S:64: Error: no such instruction: `ldp x29,x30,[sp],'\n昨天还好好的啊", "wanted": ["M2"]},
            {"prompt": "agent 加了个 cmd/tianyu-watchdog，麒麟 arm64 也要一份二进制，编一个", "wanted": ["M2"]},
            {"prompt": "uos20 chroot 编 agent 的时候：E: Failed to fetch http://mirror.cy-xc.local/uos/pool/main/s/sqlite3/"
                       "libsqlite3-dev_3.27.2-3+uos5_amd64.deb: 404  Not Found [IP: 10.8.1.20 80]\nE: pbuilder-satisfydepends failed.\n"
                       "镜像站挂了？", "wanted": ["M3"]},
            {"prompt": "镜像站这周把麒麟的 qt 升了，client 3.3.1 在 kylin-v10-arm64 chroot 里干净编一版", "wanted": ["M3"]},
            {"prompt": "debian/copyright 改成 DEP-5 格式，proprietary 的 License 段怎么写", "wanted": []},
            {"prompt": "UOS 商店上架对 desktop 文件有啥特殊要求吗，X-Deepin 那些字段", "wanted": []},
            {"prompt": "tianyu-agent.service 加个 MemoryMax=200M，会不会影响升级时 updater 起 dpkg", "wanted": []},
            {"prompt": "git tag 要不要跟 debian/changelog 版本对上，gbp 那套 debian/3.3.0-1 的 tag 有必要吗", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    d = Dev("zh-uos-deb", U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-uos-deb.jsonl"), os.path.join(HERE, "tune", "zh-uos-deb.labels.json"))
    print(f"zh-uos-deb -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
