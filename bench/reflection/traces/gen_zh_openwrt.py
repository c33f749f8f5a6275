"""zh-openwrt: 周凯 (Zhou Kai), firmware engineer at 栖岭网络 (Qiling Networks, Hangzhou; enterprise routers and
industrial gateways).

Stack: OpenWrt 23.05.5 buildroot fork `ql-openwrt` (branch `ql-23.05`, target mediatek/filogic, board QL-G300 on
MT7981B, aarch64_cortex-a53, GCC 12.3 / musl); own packages under `package/ql/` (gw-modbusd, ql-ledctl, ql-cloudagent,
ql-netprobe, luci-app-ql-serial) with procd init scripts and uci configs; two company feeds in feeds.conf
(`qlfeed` = ql-feed.git, `qlluci` = ql-luci.git, both src-git on git.qiling-net.com, colleagues push packages there);
LuCI JS views; test routers reached with ssh/scp as root (dropbear, no sftp-server); ubus / uci / logread / opkg /
sysupgrade; Jenkins job `ql-fw-release` triggered by tag `fw-g300-vX.Y.Z`. Prompts and replies in Chinese, tool
output as printed. cwd /home/zhoukai/work/ql-openwrt.

Written blind for fresh/; measured once held out (round 29), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_openwrt.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "zhoukai"
R = "/home/zhoukai/work/ql-openwrt"
MODEL = "claude-opus-4-6"
BR = "ql-23.05"
ARCH = "aarch64_cortex-a53"
BINPK = f"bin/packages/{ARCH}/base"
BINT = "bin/targets/mediatek/filogic"
FWIMG = "openwrt-23.05.5-mediatek-filogic-ql_g300-squashfs-sysupgrade.bin"
JENKINS = "https://jenkins.qiling-net.com/job/ql-fw-release"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
README = P("README.md")
FEEDS = P("feeds.conf")
JENKINSFILE = P("Jenkinsfile")
CHANGELOG = P("CHANGELOG.md")
MB_MK = P("package/ql/gw-modbusd/Makefile")
MB_SRCMK = P("package/ql/gw-modbusd/src/Makefile")
MB_MAIN = P("package/ql/gw-modbusd/src/main.c")
MB_RTU = P("package/ql/gw-modbusd/src/rtu.c")
MB_INIT = P("package/ql/gw-modbusd/files/gw-modbusd.init")
MB_CONF = P("package/ql/gw-modbusd/files/gw-modbusd.config")
LED_MK = P("package/ql/ql-ledctl/Makefile")
LED_C = P("package/ql/ql-ledctl/src/ledctl.c")
LED_SRCMK = P("package/ql/ql-ledctl/src/Makefile")
LED_INIT = P("package/ql/ql-ledctl/files/ql-ledctl.init")
CA_MK = P("package/ql/ql-cloudagent/Makefile")
CA_C = P("package/ql/ql-cloudagent/src/agent.c")
CA_SRCMK = P("package/ql/ql-cloudagent/src/Makefile")
CA_INIT = P("package/ql/ql-cloudagent/files/ql-cloudagent.init")
CA_CONF = P("package/ql/ql-cloudagent/files/ql-cloudagent.config")
NP_MK = P("package/ql/ql-netprobe/Makefile")
NP_C = P("package/ql/ql-netprobe/src/netprobe.c")
NP_SRCMK = P("package/ql/ql-netprobe/src/Makefile")
NP_INIT = P("package/ql/ql-netprobe/files/ql-netprobe.init")
NP_CONF = P("package/ql/ql-netprobe/files/ql-netprobe.config")
SER_ACL = P("package/ql/luci-app-ql-serial/root/usr/share/rpcd/acl.d/luci-app-ql-serial.json")
SER_JS = P("package/ql/luci-app-ql-serial/htdocs/luci-static/resources/view/ql-serial/status.js")
VERSION_MK = P("include/ql-version.mk")

README_TXT = """# ql-openwrt

栖岭网络 QL-G300 工业网关 / QL-R 系列企业路由固件，基于 OpenWrt 23.05.5（分支 `ql-23.05`）。

## 目录

- `package/ql/`：自研软件包（gw-modbusd、ql-ledctl、ql-cloudagent、luci-app-ql-serial ...），每个包一个 Makefile +
  `src/` + `files/`（procd init 脚本、uci 默认配置）
- `feeds.conf`：上游 packages/luci/routing + 公司两个 feed：`qlfeed`（ql-feed.git，其他组的守护进程）、
  `qlluci`（ql-luci.git，LuCI 应用）。feed 里的包要 `./scripts/feeds update <feed>` + `./scripts/feeds install <pkg>`
  之后才会出现在 `package/feeds/` 下面，make 才找得到
- `configs/g300.config`：G300 的 diffconfig（`./scripts/diffconfig.sh` 生成）
- `target/linux/mediatek/dts/mt7981b-ql-g300.dts`：板级 dts
- `include/ql-version.mk`：固件版本号
- `Jenkinsfile`：Jenkins `ql-fw-release`，tag `fw-g300-vX.Y.Z` 触发

## 编译

```bash
cp configs/g300.config .config && make defconfig
make -j$(nproc)                                  # 全量
make package/ql/<pkg>/compile V=s                # 单包，ipk 在 bin/packages/aarch64_cortex-a53/base/
```

## 测试机

- `192.168.1.1`：桌面 G300 测试机（root，dropbear）
- `10.10.8.21`：实验室 G300（接 4G 模块 + RS485 电表）
- `10.10.8.30`：客户借测机（别升级，长稳测试中）
- `10.10.8.45`：高低温箱里的 G300

路由器上是 dropbear，没装 sftp-server。
"""

FEEDS_TXT = """src-git packages https://git.openwrt.org/feed/packages.git^0a2d3f1c6c0e2b0d5e6a4d5b4d3f0b4f0cbe9a31
src-git luci https://git.openwrt.org/project/luci.git^4c6a8c1a6d3b5e90f0d5f2a77a1b1e4d19b0f2c8
src-git routing https://git.openwrt.org/feed/routing.git^e87b55c6a642947ad7e24cd5054a637df63d5dbe
src-git telephony https://git.openwrt.org/feed/telephony.git^2a4541d46199ac96fac214123d8d7a0d3e2f8d2c
src-git qlfeed ssh://git@git.qiling-net.com/fw/ql-feed.git;main
src-git qlluci ssh://git@git.qiling-net.com/fw/ql-luci.git;main
"""

JENKINSFILE_TXT = """pipeline {
    agent { label 'owrt-builder' }
    parameters {
        string(name: 'TAG', defaultValue: '', description: 'fw-g300-vX.Y.Z')
        choice(name: 'BOARD', choices: ['g300'], description: 'board')
    }
    options { timeout(time: 3, unit: 'HOURS') }
    stages {
        stage('checkout') {
            steps { checkout([$class: 'GitSCM', branches: [[name: "refs/tags/${params.TAG}"]], userRemoteConfigs: scm.userRemoteConfigs]) }
        }
        stage('feeds') {
            steps { sh './scripts/feeds update -a && ./scripts/feeds install -a' }
        }
        stage('build') {
            steps {
                sh "cp configs/${params.BOARD}.config .config && make defconfig"
                sh 'make download -j8 && make -j$(nproc) || make -j1 V=s'
            }
        }
        stage('archive') {
            steps {
                sh 'cd bin/targets/mediatek/filogic && sha256sum *.bin > sha256sums.ql'
                archiveArtifacts artifacts: 'bin/targets/mediatek/filogic/*.bin, bin/targets/mediatek/filogic/sha256sums.ql'
            }
        }
    }
}
"""

CHANGELOG_TXT = """# Changelog (QL-G300)

## fw-g300-v2.3.1 (2026-09-28)
- gw-modbusd: RTU 超时从 500ms 调到 800ms，修电表偶发读不到
- ql-cloudagent: 断线重连加指数退避
- base-files: 默认 LAN 改 192.168.10.1

## fw-g300-v2.3.0 (2026-09-10)
- 升级到 OpenWrt 23.05.5
- luci-app-ql-serial: 新增串口状态页
"""

VERSION_TXT = """QL_FW_BOARD:=g300
QL_FW_VERSION:=2.3.1
QL_FW_BUILD_DATE:=$(shell date +%Y%m%d)
"""

MB_MK_TXT = """include $(TOPDIR)/rules.mk

PKG_NAME:=gw-modbusd
PKG_VERSION:=1.6.2
PKG_RELEASE:=1
PKG_LICENSE:=Proprietary
PKG_MAINTAINER:=Zhou Kai <zhoukai@qiling-net.com>

include $(INCLUDE_DIR)/package.mk

define Package/gw-modbusd
  SECTION:=utils
  CATEGORY:=Qiling
  TITLE:=Modbus RTU/TCP gateway daemon
  DEPENDS:=+libubox +libubus +libmodbus
endef

define Package/gw-modbusd/conffiles
/etc/config/gw-modbusd
endef

define Build/Prepare
	mkdir -p $(PKG_BUILD_DIR)
	$(CP) ./src/* $(PKG_BUILD_DIR)/
endef

define Package/gw-modbusd/install
	$(INSTALL_DIR) $(1)/usr/sbin $(1)/etc/init.d $(1)/etc/config
	$(INSTALL_BIN) $(PKG_BUILD_DIR)/gw-modbusd $(1)/usr/sbin/
	$(INSTALL_BIN) ./files/gw-modbusd.init $(1)/etc/init.d/gw-modbusd
	$(INSTALL_CONF) ./files/gw-modbusd.config $(1)/etc/config/gw-modbusd
endef

$(eval $(call BuildPackage,gw-modbusd))
"""

MB_SRCMK_TXT = """CFLAGS += -Wall
LDLIBS += -lubox -lubus -lmodbus

gw-modbusd: main.o rtu.o tcp.o ubus.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

clean:
	rm -f *.o gw-modbusd
"""

MB_MAIN_TXT = """#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <libubox/uloop.h>
#include <libubox/ulog.h>

#include "modbusd.h"

static struct mbd_config cfg = {
	.port = "ttyS1",
	.baudrate = 9600,
	.poll_interval = 1000,
	.tcp_port = 502,
};

static void usage(const char *prog)
{
	fprintf(stderr, "Usage: %s [-p port] [-b baudrate] [-i poll_ms] [-t tcp_port]\\n", prog);
}

int main(int argc, char **argv)
{
	int ch;

	while ((ch = getopt(argc, argv, "p:b:i:t:")) != -1) {
		switch (ch) {
		case 'p':
			strncpy(cfg.port, optarg, sizeof(cfg.port) - 1);
			break;
		case 'b':
			cfg.baudrate = atoi(optarg);
			break;
		case 'i':
			cfg.poll_interval = atoi(optarg);
			break;
		case 't':
			cfg.tcp_port = atoi(optarg);
			break;
		default:
			usage(argv[0]);
			return 1;
		}
	}

	ulog_open(ULOG_SYSLOG, LOG_DAEMON, "gw-modbusd");
	uloop_init();
	if (rtu_open(&cfg) < 0 || tcp_listen(&cfg) < 0 || mbd_ubus_init() < 0)
		return 1;
	ULOG_INFO("started on %s @%d, tcp %d\\n", cfg.port, cfg.baudrate, cfg.tcp_port);
	uloop_run();
	uloop_done();
	return 0;
}
"""

MB_RTU_TXT = """#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <modbus/modbus.h>
#include <libubox/ulog.h>

#include "modbusd.h"

static modbus_t *rtu;

int rtu_open(struct mbd_config *cfg)
{
	char path[64];

	snprintf(path, sizeof(path), "/dev/%s", cfg->port);
	rtu = modbus_new_rtu(path, cfg->baudrate, 'N', 8, 1);
	if (!rtu) {
		ULOG_ERR("modbus_new_rtu %s: %s\\n", path, strerror(errno));
		return -1;
	}
	modbus_set_response_timeout(rtu, 0, 800000);
	if (modbus_connect(rtu) < 0) {
		ULOG_ERR("connect %s: %s\\n", path, modbus_strerror(errno));
		modbus_free(rtu);
		rtu = NULL;
		return -1;
	}
	return 0;
}
"""

MB_INIT_TXT = """#!/bin/sh /etc/rc.common

START=95
STOP=10
USE_PROCD=1

PROG=/usr/sbin/gw-modbusd

start_service() {
	config_load gw-modbusd
	local enabled port baudrate poll_interval tcp_port
	config_get_bool enabled main enabled 1
	[ "$enabled" = "1" ] || return 0
	config_get port main port ttyS1
	config_get baudrate main baudrate 9600
	config_get poll_interval main poll_interval 1000
	config_get tcp_port main tcp_port 502

	procd_open_instance
	procd_set_param command $PROG -p "$port" -b "$baudrate" -i "$poll_interval" -t "$tcp_port"
	procd_set_param respawn
	procd_set_param stderr 1
	procd_close_instance
}

service_triggers() {
	procd_add_reload_trigger "gw-modbusd"
}
"""

MB_CONF_TXT = """config modbusd 'main'
	option enabled '1'
	option port 'ttyS1'
	option baudrate '9600'
	option poll_interval '1000'
	option tcp_port '502'
"""

SER_ACL_TXT = """{
	"luci-app-ql-serial": {
		"description": "Grant access to QL serial status",
		"read": {
			"uci": [ "ql-serial" ],
			"file": {
				"/dev/ttyS1": [ "read" ]
			}
		},
		"write": {
			"uci": [ "ql-serial" ]
		}
	}
}
"""

SER_JS_TXT = """'use strict';
'require view';
'require uci';
'require rpc';

var callPortStatus = rpc.declare({
	object: 'gw-modbusd',
	method: 'status',
	expect: { '': {} }
});

return view.extend({
	load: function() {
		return Promise.all([ uci.load('ql-serial'), callPortStatus() ]);
	},

	render: function(data) {
		var st = data[1] || {};
		var rows = [
			[ _('Port'), st.port || '-' ],
			[ _('State'), st.connected ? _('Connected') : _('Disconnected') ],
			[ _('RX frames'), st.rx_frames || 0 ],
			[ _('Errors'), st.errors || 0 ]
		];

		return E('div', { 'class': 'cbi-map' }, [
			E('h2', _('Serial status')),
			E('table', { 'class': 'table' }, rows.map(function(r) {
				return E('tr', { 'class': 'tr' }, [
					E('td', { 'class': 'td left', 'width': '33%' }, r[0]),
					E('td', { 'class': 'td left' }, String(r[1]))
				]);
			}))
		]);
	},

	handleSaveApply: null,
	handleSave: null,
	handleReset: null
});
"""

FILES = {
    README: README_TXT, FEEDS: FEEDS_TXT, JENKINSFILE: JENKINSFILE_TXT, CHANGELOG: CHANGELOG_TXT,
    VERSION_MK: VERSION_TXT, MB_MK: MB_MK_TXT, MB_SRCMK: MB_SRCMK_TXT, MB_MAIN: MB_MAIN_TXT, MB_RTU: MB_RTU_TXT,
    MB_INIT: MB_INIT_TXT, MB_CONF: MB_CONF_TXT, SER_ACL: SER_ACL_TXT, SER_JS: SER_JS_TXT,
}


# ------------------------------------------------------------------ output helpers
def pkg_fail_missing(pkg, ver, libs, srcdir="package/ql"):
    """make package/<pkg>/compile: the ipkg step finds NEEDED libraries that no DEPENDS provides."""
    mk_line = {"ql-ledctl": 47, "gw-modbusd": 40, "ql-cloudagent": 52}[pkg]
    return (
        f"make[2]: Entering directory '{R}/{srcdir}/{pkg}'\n"
        f"mkdir -p {R}/build_dir/target-{ARCH}_musl/{pkg}-{ver.split('-')[0]}\n"
        f"...\n"
        f"make[3]: Leaving directory '{R}/build_dir/target-{ARCH}_musl/{pkg}-{ver.split('-')[0]}'\n"
        f"touch {R}/build_dir/target-{ARCH}_musl/{pkg}-{ver.split('-')[0]}/.built\n"
        f"mkdir -p {R}/bin/packages/{ARCH}/base {R}/build_dir/target-{ARCH}_musl/{pkg}-{ver.split('-')[0]}/ipkg-{ARCH}/{pkg}\n"
        f"Package {pkg} is missing dependencies for the following libraries:\n"
        + "".join(l + "\n" for l in libs) +
        f"make[2]: *** [Makefile:{mk_line}: {R}/bin/packages/{ARCH}/base/{pkg}_{ver}_{ARCH}.ipk] Error 1\n"
        f"make[2]: Leaving directory '{R}/{srcdir}/{pkg}'\n"
        f"time: {srcdir}/{pkg}/compile#1.84#0.62#2.71\n"
        f"    ERROR: {srcdir}/{pkg} failed to build.\n"
        f"make[1]: *** [package/Makefile:120: {srcdir}/{pkg}/compile] Error 1\n"
        f"make[1]: Leaving directory '{R}'\n"
        f"make: *** [{R}/include/toplevel.mk:232: {srcdir}/{pkg}/compile] Error 2"
    )


def pkg_ok(pkg, ver, srcdir="package/ql", t="2.95#0.81#3.88"):
    base = ver.split("-")[0]
    return (
        f"make[2]: Entering directory '{R}/{srcdir}/{pkg}'\n"
        f"...\n"
        f"touch {R}/build_dir/target-{ARCH}_musl/{pkg}-{base}/.built\n"
        f"mkdir -p {R}/bin/packages/{ARCH}/base {R}/build_dir/target-{ARCH}_musl/{pkg}-{base}/ipkg-{ARCH}/{pkg}\n"
        f"install -d -m0755 {R}/build_dir/target-{ARCH}_musl/{pkg}-{base}/ipkg-{ARCH}/{pkg}/usr/sbin\n"
        f"find {R}/build_dir/target-{ARCH}_musl/{pkg}-{base}/ipkg-{ARCH}/{pkg} -name 'CVS' -o -name '.svn' -o -name '.#*' -o -name '*~'| xargs -r rm -rf\n"
        f"Packaged contents of {R}/build_dir/target-{ARCH}_musl/{pkg}-{base}/ipkg-{ARCH}/{pkg} into "
        f"{R}/bin/packages/{ARCH}/base/{pkg}_{ver}_{ARCH}.ipk\n"
        f"make[2]: Leaving directory '{R}/{srcdir}/{pkg}'\n"
        f"time: {srcdir}/{pkg}/compile#{t}\n"
        f"make[1]: Leaving directory '{R}'"
    )


def feed_pkg_ok(feed, pkg, ver, arch="all", t="0.41#0.22#0.77"):
    return (
        f"make[2]: Entering directory '{R}/feeds/{feed}/{'applications/' if pkg.startswith('luci-app') else ''}{pkg}'\n"
        f"...\n"
        f"Packaged contents of {R}/build_dir/target-{ARCH}_musl/{pkg}/ipkg-{arch}/{pkg} into "
        f"{R}/bin/packages/{ARCH}/{feed}/{pkg}_{ver}_{arch}.ipk\n"
        f"make[2]: Leaving directory '{R}/feeds/{feed}/{'applications/' if pkg.startswith('luci-app') else ''}{pkg}'\n"
        f"time: package/feeds/{feed}/{pkg}/compile#{t}\n"
        f"make[1]: Leaving directory '{R}'"
    )


def no_rule(target):
    return (
        f"make[1]: Entering directory '{R}'\n"
        f"make[1]: *** No rule to make target '{target}'.  Stop.\n"
        f"make[1]: Leaving directory '{R}'\n"
        f"make: *** [{R}/include/toplevel.mk:232: {target}] Error 2"
    )


def feeds_update(feed, repo, old, new, files):
    return (
        f"Updating feed '{feed}' from 'ssh://git@git.qiling-net.com/fw/{repo}.git;main' ...\n"
        f"From ssh://git.qiling-net.com/fw/{repo}\n"
        f"   {old}..{new}  main       -> origin/main\n"
        f"Updating {old}..{new}\n"
        f"Fast-forward\n" + files + "\n"
        f"Create index file './feeds/{feed}.index' \n"
        f"Collecting package info: done\n"
        f"Collecting target info: done"
    )


SCP_SFTP = "ash: /usr/libexec/sftp-server: not found\nscp: Connection closed"


def defconfig_out():
    return "#\n# configuration written to .config\n#"


def board(host_model="Qiling QL-G300", rel="2.3.1", up="4 days"):
    return ('{\n\t"kernel": "5.15.167",\n\t"hostname": "QL-G300",\n\t"system": "ARMv8 Processor rev 4",\n'
            f'\t"model": "{host_model}",\n\t"board_name": "qiling,ql-g300",\n\t"rootfs_type": "squashfs",\n'
            '\t"release": {\n\t\t"distribution": "OpenWrt",\n\t\t"version": "23.05.5",\n'
            '\t\t"revision": "r24106-10cc5fcd00",\n\t\t"target": "mediatek/filogic",\n'
            f'\t\t"description": "QL-G300 fw {rel} (OpenWrt 23.05.5 r24106-10cc5fcd00)"\n\t}}\n}}')


# ------------------------------------------------------------------ sessions
def s1(d):
    with d.session("2026-10-12T01:50:00", R, branch=BR, version="2.1.201"):
        t = d.task("刚接手 ql-openwrt 这个仓库，带我过一遍 package/ql 下面都有啥包、feed 怎么配的", tags=["noise"])
        t.read(README)
        t.glob("package/ql/*/Makefile", [MB_MK, P("package/ql/luci-app-ql-serial/Makefile"),
                                          P("package/ql/ql-cloudagent-legacy/Makefile"),
                                          P("package/ql/ql-sysinfo/Makefile")])
        t.read(FEEDS)
        t.read(MB_MK)
        t.read(MB_INIT)
        t.done("""大致结构：

- **`package/ql/`**：自研包，标准 OpenWrt 包布局（`Makefile` + `src/` + `files/`）。现在有 `gw-modbusd`（Modbus RTU/TCP 网关守护进程，依赖 libubox/libubus/libmodbus）、`luci-app-ql-serial`（串口状态页）、`ql-sysinfo`、还有个 `ql-cloudagent-legacy`（看名字是老版云代理）。
- **init 脚本**：`gw-modbusd.init` 是 procd 风格（`USE_PROCD=1`），`start_service` 里用 `config_get` 从 `/etc/config/gw-modbusd` 读参数再拼命令行，`respawn` 用默认值，`service_triggers` 里注册了 reload trigger，所以 `uci commit gw-modbusd` 后 `reload_config` 会重启它。
- **feeds.conf**：上游 packages/luci/routing/telephony 钉在固定 commit；公司两个 feed `qlfeed`（ql-feed.git，其他组的守护进程）和 `qlluci`（ql-luci.git，LuCI 应用）跟 `main` 分支走。
- **编译**：`cp configs/g300.config .config && make defconfig`，单包 `make package/ql/<pkg>/compile V=s`，ipk 出在 `bin/packages/aarch64_cortex-a53/base/`。
- **测试机**：桌面 `192.168.1.1`，实验室 `10.10.8.21`，`10.10.8.30` 是客户借测机别动。""")

        # ---- T02 W1 #1 + M1 #1 + P3 stated
        t = d.task("新建个包 ql-ledctl：ubus 上暴露 ledctl.set {name, mode}，mode 支持 on/off/blink，"
                   "底层写 /sys/class/leds。procd 起。编译先 -j1 V=s 跑，出错好看",
                   tags=["workflow:W1", "mistake:M1", "pref:P3"])
        t.say("按现有 gw-modbusd 的布局建 Makefile、src、init 脚本。")
        t.write(LED_MK, """include $(TOPDIR)/rules.mk

PKG_NAME:=ql-ledctl
PKG_VERSION:=0.1.0
PKG_RELEASE:=1
PKG_LICENSE:=Proprietary
PKG_MAINTAINER:=Zhou Kai <zhoukai@qiling-net.com>

include $(INCLUDE_DIR)/package.mk

define Package/ql-ledctl
  SECTION:=utils
  CATEGORY:=Qiling
  TITLE:=LED control over ubus
  DEPENDS:=+libubox
endef

define Build/Prepare
	mkdir -p $(PKG_BUILD_DIR)
	$(CP) ./src/* $(PKG_BUILD_DIR)/
endef

define Package/ql-ledctl/install
	$(INSTALL_DIR) $(1)/usr/sbin $(1)/etc/init.d
	$(INSTALL_BIN) $(PKG_BUILD_DIR)/ql-ledctl $(1)/usr/sbin/
	$(INSTALL_BIN) ./files/ql-ledctl.init $(1)/etc/init.d/ql-ledctl
endef

$(eval $(call BuildPackage,ql-ledctl))
""")
        t.write(LED_SRCMK, """CFLAGS += -Wall
LDLIBS += -lubox -lubus

ql-ledctl: ledctl.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

clean:
	rm -f *.o ql-ledctl
""")
        t.write(LED_C, """#include <stdio.h>
#include <string.h>
#include <libubox/uloop.h>
#include <libubox/blobmsg.h>
#include <libubox/ulog.h>
#include <libubus.h>

enum { LED_NAME, LED_MODE, __LED_MAX };

static const struct blobmsg_policy set_policy[__LED_MAX] = {
	[LED_NAME] = { .name = "name", .type = BLOBMSG_TYPE_STRING },
	[LED_MODE] = { .name = "mode", .type = BLOBMSG_TYPE_STRING },
};

static int write_sysfs(const char *led, const char *attr, const char *val)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/leds/%s/%s", led, attr);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(val, f);
	fclose(f);
	return 0;
}

static int led_set(struct ubus_context *ctx, struct ubus_object *obj, struct ubus_request_data *req,
		   const char *method, struct blob_attr *msg)
{
	struct blob_attr *tb[__LED_MAX];
	const char *name, *mode;

	blobmsg_parse(set_policy, __LED_MAX, tb, blob_data(msg), blob_len(msg));
	if (!tb[LED_NAME] || !tb[LED_MODE])
		return UBUS_STATUS_INVALID_ARGUMENT;
	name = blobmsg_get_string(tb[LED_NAME]);
	mode = blobmsg_get_string(tb[LED_MODE]);

	if (!strcmp(mode, "blink")) {
		write_sysfs(name, "trigger", "timer");
		write_sysfs(name, "delay_on", "500");
		write_sysfs(name, "delay_off", "500");
	} else if (!strcmp(mode, "on") || !strcmp(mode, "off")) {
		write_sysfs(name, "trigger", "none");
		if (write_sysfs(name, "brightness", !strcmp(mode, "on") ? "1" : "0"))
			return UBUS_STATUS_NOT_FOUND;
	} else {
		return UBUS_STATUS_INVALID_ARGUMENT;
	}
	ULOG_INFO("led %s -> %s\\n", name, mode);
	return UBUS_STATUS_OK;
}

static const struct ubus_method led_methods[] = {
	UBUS_METHOD("set", led_set, set_policy),
};

static struct ubus_object_type led_type = UBUS_OBJECT_TYPE("ledctl", led_methods);

static struct ubus_object led_obj = {
	.name = "ledctl",
	.type = &led_type,
	.methods = led_methods,
	.n_methods = ARRAY_SIZE(led_methods),
};

int main(void)
{
	struct ubus_context *ctx;

	ulog_open(ULOG_SYSLOG, LOG_DAEMON, "ql-ledctl");
	uloop_init();
	ctx = ubus_connect(NULL);
	if (!ctx) {
		ULOG_ERR("failed to connect to ubus\\n");
		return 1;
	}
	ubus_add_uloop(ctx);
	if (ubus_add_object(ctx, &led_obj)) {
		ULOG_ERR("failed to add ubus object\\n");
		return 1;
	}
	uloop_run();
	ubus_free(ctx);
	uloop_done();
	return 0;
}
""")
        t.write(LED_INIT, """#!/bin/sh /etc/rc.common

START=96
USE_PROCD=1

start_service() {
	procd_open_instance
	procd_set_param command /usr/sbin/ql-ledctl
	procd_set_param respawn
	procd_close_instance
}
""")
        t.bash("echo 'CONFIG_PACKAGE_ql-ledctl=m' >> .config && make defconfig", "选中 ql-ledctl 并刷新 .config",
               out=defconfig_out())
        cmd = "make package/ql/ql-ledctl/compile -j1 V=s"
        t.fail(cmd, "单独编译 ql-ledctl", pkg_fail_missing("ql-ledctl", "0.1.0-1", ["libubus.so.20230605"]), code=2)
        t.say("程序链接了 -lubus，打包时 OpenWrt 检查到 ELF 里 NEEDED 的 libubus.so 没有包在 DEPENDS 里提供。补上 +libubus。")
        t.edit(LED_MK, "  DEPENDS:=+libubox\n", "  DEPENDS:=+libubox +libubus\n")
        t.bash(cmd, "重新编译 ql-ledctl", out=pkg_ok("ql-ledctl", "0.1.0-1"))
        t.done("""`ql-ledctl` 建好了，编译通过，ipk：`bin/packages/aarch64_cortex-a53/base/ql-ledctl_0.1.0-1_aarch64_cortex-a53.ipk`。

- ubus 对象 `ledctl`，方法 `set {name, mode}`；`on/off` 写 `brightness`（trigger 先置 none），`blink` 用 timer trigger 500/500ms；LED 不存在返回 `NOT_FOUND`。
- procd init：`START=96`，带 respawn。
- 第一次编译在打包阶段报 `Package ql-ledctl is missing dependencies for the following libraries: libubus.so.20230605`：程序链接了 libubus 但 Makefile 的 `DEPENDS` 只写了 `+libubox`。已改成 `DEPENDS:=+libubox +libubus`，重编通过。""")

        t = d.task("procd_set_param respawn 后面那三个数啥意思，默认是多少", tags=["no_tools"])
        t.done("""`procd_set_param respawn <threshold> <timeout> <retry>`：

- **threshold**（默认 3600 秒）：进程活过这么久就算"正常退出"，失败计数清零；
- **timeout**（默认 5 秒）：挂了以后等几秒再拉起；
- **retry**（默认 5 次）：在 threshold 时间内连续崩这么多次就不再拉，procd 把实例标成 crashed，`0` 表示无限重试。

只写 `procd_set_param respawn` 就是 `3600 5 5`。工业现场常见写法 `respawn 3600 5 0`，一直拉。""")


def s2(d):
    with d.session("2026-10-14T02:10:00", R, branch=BR, version="2.1.203"):
        t = d.task("桌面那台 192.168.1.1 上 gw-modbusd 一直在重启，帮我看下咋回事", tags=["workflow:W2"])
        t.bash("ssh root@192.168.1.1 'ubus call system board'", "看测试机板子和固件版本", out=board())
        t.bash("ssh root@192.168.1.1 'logread -e gw-modbusd | tail -n 12'", "看 gw-modbusd 日志", out="""Wed Oct 14 10:12:41 2026 daemon.err gw-modbusd[8812]: connect /dev/ttyS2: No such file or directory
Wed Oct 14 10:12:41 2026 daemon.info procd: Instance gw-modbusd::instance1 s in a crash loop 6 crashes, 0 seconds since last crash
Wed Oct 14 10:17:47 2026 daemon.info gw-modbusd[9020]: started on ttyS1 @9600, tcp 502
Wed Oct 14 10:21:03 2026 daemon.err gw-modbusd[9020]: connect /dev/ttyS2: No such file or directory
Wed Oct 14 10:21:08 2026 daemon.err gw-modbusd[9101]: connect /dev/ttyS2: No such file or directory
Wed Oct 14 10:21:13 2026 daemon.err gw-modbusd[9177]: connect /dev/ttyS2: No such file or directory
Wed Oct 14 10:21:18 2026 daemon.err gw-modbusd[9243]: connect /dev/ttyS2: No such file or directory
Wed Oct 14 10:21:23 2026 daemon.err gw-modbusd[9318]: connect /dev/ttyS2: No such file or directory
Wed Oct 14 10:21:28 2026 daemon.err gw-modbusd[9390]: connect /dev/ttyS2: No such file or directory
Wed Oct 14 10:21:28 2026 daemon.info procd: Instance gw-modbusd::instance1 s in a crash loop 6 crashes, 0 seconds since last crash""")
        t.bash("ssh root@192.168.1.1 'uci show gw-modbusd; ls /dev/ttyS*'", "看 uci 配置和串口设备", out="""gw-modbusd.main=modbusd
gw-modbusd.main.enabled='1'
gw-modbusd.main.port='ttyS2'
gw-modbusd.main.baudrate='9600'
gw-modbusd.main.poll_interval='1000'
gw-modbusd.main.tcp_port='502'
/dev/ttyS0
/dev/ttyS1""")
        t.done("""原因：这台机器的 uci 里 `gw-modbusd.main.port='ttyS2'`，但 G300 只有 `/dev/ttyS0`（console）和 `/dev/ttyS1`（RS485）。`modbus_connect` 打不开就退出，procd respawn 5 秒拉一次，6 次后进入 crash loop，10:17 那次正常是有人临时改回过 ttyS1。

应该是谁在 LuCI 或者 `uci set` 改过。改回：
```
ssh root@192.168.1.1 'uci set gw-modbusd.main.port=ttyS1 && uci commit gw-modbusd && reload_config'
```
我没动机器，你确认一下要不要我改。""")

        # ---- T05 M2 #1
        t = d.task("ql-ledctl 的 ipk 装到 192.168.1.1 上试下，run 一下 ubus call ledctl set 点个灯", tags=["mistake:M2"])
        ipk = f"ql-ledctl_0.1.0-1_{ARCH}.ipk"
        t.fail(f"cd {BINPK} && scp {ipk} root@192.168.1.1:/tmp/", "把 ipk 传到测试机", SCP_SFTP, code=255)
        t.say("测试机是 dropbear，没装 sftp-server；本机 OpenSSH 9 的 scp 默认走 SFTP 协议。加 -O 用老的 scp 协议传。")
        t.bash(f"cd {BINPK} && scp -O {ipk} root@192.168.1.1:/tmp/", "用 legacy scp 协议传 ipk")
        t.bash("ssh root@192.168.1.1 'opkg install /tmp/ql-ledctl_0.1.0-1_aarch64_cortex-a53.ipk && /etc/init.d/ql-ledctl enable && /etc/init.d/ql-ledctl start'",
               "安装并启动 ql-ledctl", out="""Installing ql-ledctl (0.1.0-1) to root...
Configuring ql-ledctl.""")
        t.bash("ssh root@192.168.1.1 \"ls /sys/class/leds; ubus call ledctl set '{\\\"name\\\":\\\"green:status\\\",\\\"mode\\\":\\\"blink\\\"}' && echo ok\"",
               "列 LED 并让状态灯闪", out="""blue:wlan
green:status
red:alarm
ok""")
        t.done("""装好了，`ledctl set {"name":"green:status","mode":"blink"}` 返回成功，状态灯应该在闪了。

传文件那一步：测试机是 dropbear 没有 `/usr/libexec/sftp-server`，本机 scp（OpenSSH 9）默认走 SFTP，报 `ash: /usr/libexec/sftp-server: not found` / `scp: Connection closed`；用 `scp -O`（老 scp 协议）就能传。

这台机器上有 `blue:wlan`、`green:status`、`red:alarm` 三个灯。""")

        t = d.task("可以，灯在闪了。提交一下，commit -s 带上 Signed-off-by，标题 ql-ledctl: 开头", tags=["pref:P1"])
        t.bash("git status --short", "看改动", out="""?? package/ql/ql-ledctl/""")
        t.bash("git add package/ql/ql-ledctl && git commit -s -m 'ql-ledctl: add ubus LED control daemon' -m 'ledctl.set {name, mode} with on/off/blink over /sys/class/leds, started by procd.'",
               "提交 ql-ledctl", out=f"""[{BR} {hx(7)}] ql-ledctl: add ubus LED control daemon
 4 files changed, 142 insertions(+)
 create mode 100644 package/ql/ql-ledctl/Makefile
 create mode 100644 package/ql/ql-ledctl/files/ql-ledctl.init
 create mode 100644 package/ql/ql-ledctl/src/Makefile
 create mode 100644 package/ql/ql-ledctl/src/ledctl.c""")
        t.done("已提交：`ql-ledctl: add ubus LED control daemon`，带 `Signed-off-by: Zhou Kai <zhoukai@qiling-net.com>`。还没 push。")


def s3(d):
    with d.session("2026-10-16T06:30:00", R, branch=BR, version="2.1.204"):
        t = d.task("gw-modbusd 的 src/Makefile 加上 -Werror，CI 那边要求的，然后编一下", tags=["oneoff:O1"])
        t.read(MB_SRCMK)
        t.edit(MB_SRCMK, "CFLAGS += -Wall\n", "CFLAGS += -Wall -Werror\n")
        cmd = "make package/ql/gw-modbusd/compile -j1 V=s"
        t.fail(cmd, "编译 gw-modbusd", f"""make[3]: Entering directory '{R}/build_dir/target-{ARCH}_musl/gw-modbusd-1.6.2'
aarch64-openwrt-linux-musl-gcc -Os -pipe -mcpu=cortex-a53 -fno-caller-saves -fno-plt -fhonour-copts -fmacro-prefix-map={R}/build_dir/target-{ARCH}_musl/gw-modbusd-1.6.2=gw-modbusd-1.6.2 -Wformat -Werror=format-security -fstack-protector -D_FORTIFY_SOURCE=1 -Wl,-z,now -Wl,-z,relro -Wall -Werror -I{R}/staging_dir/target-{ARCH}_musl/usr/include   -c -o rtu.o rtu.c
rtu.c: In function 'rtu_open':
rtu.c:14:43: error: '%s' directive output may be truncated writing up to 63 bytes into a region of size 59 [-Werror=format-truncation=]
   14 |         snprintf(path, sizeof(path), "/dev/%s", cfg->port);
      |                                           ^~
rtu.c:14:9: note: 'snprintf' output between 6 and 69 bytes into a destination of size 64
   14 |         snprintf(path, sizeof(path), "/dev/%s", cfg->port);
      |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
cc1: all warnings being treated as errors
make[3]: *** [<builtin>: rtu.o] Error 1
make[3]: Leaving directory '{R}/build_dir/target-{ARCH}_musl/gw-modbusd-1.6.2'
make[2]: *** [Makefile:35: {R}/build_dir/target-{ARCH}_musl/gw-modbusd-1.6.2/.built] Error 2
make[2]: Leaving directory '{R}/package/ql/gw-modbusd'
time: package/ql/gw-modbusd/compile#1.12#0.31#1.58
    ERROR: package/ql/gw-modbusd failed to build.
make[1]: *** [package/Makefile:120: package/ql/gw-modbusd/compile] Error 1
make[1]: Leaving directory '{R}'
make: *** [{R}/include/toplevel.mk:232: package/ql/gw-modbusd/compile] Error 2""", code=2)
        t.read(MB_RTU)
        t.say("`cfg->port` 是 char[64]，加上 \"/dev/\" 最长 69 字节，path 只有 64。把 path 放大到 80，并检查截断。")
        t.edit(MB_RTU, """	char path[64];

	snprintf(path, sizeof(path), "/dev/%s", cfg->port);
""", """	char path[80];

	if (snprintf(path, sizeof(path), "/dev/%s", cfg->port) >= (int)sizeof(path)) {
		ULOG_ERR("port name too long: %s\\n", cfg->port);
		return -1;
	}
""")
        t.bash(cmd, "重新编译 gw-modbusd", out=pkg_ok("gw-modbusd", "1.6.2-1"))
        t.done("""`-Werror` 加上了，gw-modbusd 现在能编过。

开了 -Werror 后 GCC 12 的 `-Wformat-truncation` 变成错误：`rtu.c` 里 `char path[64]` 装 `"/dev/" + cfg->port`（port 本身 64 字节），最长可能 69 字节。改成 `path[80]`，并且 snprintf 截断时报错返回，不再静默截断。""")

        t = d.task("procd init 脚本里 reload_service 和 service_triggers 到底怎么配合？uci commit 之后是重启还是 reload？查下 openwrt wiki 别凭印象",
                   tags=["webfetch", "noise"])
        t.webfetch("https://openwrt.org/docs/guide-developer/procd-init-scripts",
                   "How do service_triggers, procd_add_reload_trigger and reload_service interact? What happens on uci commit + reload_config?",
                   """The page describes procd init scripts:

- `service_triggers()` is where triggers are registered. `procd_add_reload_trigger "<config>"` makes procd react when `reload_config` is run after changes to `/etc/config/<config>` (i.e. after `uci commit <config>`).
- When such a trigger fires, procd calls the init script with `reload`. If the script defines `reload_service()`, that function is run; otherwise the default behaviour is to stop and start the service again (`reload` falls back to restart).
- procd compares the new instance definition (command, params) with the running one; if `start_service` produces an identical instance definition, the instance is not restarted.
- `procd_add_interface_trigger` and `procd_add_raw_trigger` allow reacting to interface events or arbitrary ubus events.
- `procd_set_param respawn [threshold timeout retry]` defaults to 3600 5 5.
- Note: `uci commit` alone does not trigger anything; `reload_config` (or `/etc/init.d/<svc> reload`) must be called.""")
        t.done("""按 wiki（procd-init-scripts）：

1. `uci commit gw-modbusd` 本身不会触发任何东西，要再跑 `reload_config`（LuCI 的"保存并应用"会帮你调）。
2. `service_triggers` 里的 `procd_add_reload_trigger "gw-modbusd"` 让 procd 在 reload_config 时发现这个配置变了，就对服务执行 `reload`。
3. 脚本里没写 `reload_service()` 时，reload 默认就是 stop + start；写了就执行你自己的 reload 逻辑（比如给进程发 SIGHUP）。
4. procd 会比较新旧 instance 定义，命令行参数完全一样就不重启。

gw-modbusd 现在没写 `reload_service`，参数是拼到命令行里的，所以改串口参数 → 命令行变了 → 会被重启，符合预期。""")

        t = d.task("gw-modbusd 默认配置 poll_interval 改成 500", tags=["noise"])
        t.read(MB_CONF)
        t.edit(MB_CONF, "\toption poll_interval '1000'\n", "\toption poll_interval '500'\n")
        t.done("`files/gw-modbusd.config` 里 `poll_interval` 改成 `'500'` 了。注意这是 conffile，已经装过的机器升级 ipk 不会覆盖 `/etc/config/gw-modbusd`。")

        t = d.task("hotfix 发 v2.3.2：就是 -Werror 和 rtu 那个修复。版本号、changelog、commit、打 tag 推上去，触发 jenkins",
                   tags=["workflow:W3"])
        t.read(VERSION_MK)
        t.edit(VERSION_MK, "QL_FW_VERSION:=2.3.1\n", "QL_FW_VERSION:=2.3.2\n")
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog (QL-G300)\n\n", """# Changelog (QL-G300)

## fw-g300-v2.3.2 (2026-10-16)
- gw-modbusd: 编译开启 -Werror；修复串口路径缓冲区可能截断
- gw-modbusd: 默认轮询间隔 1000ms -> 500ms
- ql-ledctl: 新增 ubus LED 控制

""")
        t.bash("git add -A package/ql/gw-modbusd include/ql-version.mk CHANGELOG.md && git commit -s -m 'release: fw-g300-v2.3.2' && git tag -a fw-g300-v2.3.2 -m 'fw-g300-v2.3.2'",
               "提交并打 tag", out=f"""[{BR} {hx(7)}] release: fw-g300-v2.3.2
 5 files changed, 14 insertions(+), 5 deletions(-)""")
        t.bash(f"git push origin {BR} && git push origin fw-g300-v2.3.2", "推分支和 tag", err=f"""To ssh://git.qiling-net.com/fw/ql-openwrt.git
   {hx(7)}..{hx(7)}  {BR} -> {BR}
To ssh://git.qiling-net.com/fw/ql-openwrt.git
 * [new tag]         fw-g300-v2.3.2 -> fw-g300-v2.3.2""")
        t.bash(f"curl -s -o /dev/null -w '%{{http_code}}\\n' -X POST -u \"$JENKINS_USER:$JENKINS_TOKEN\" '{JENKINS}/buildWithParameters?TAG=fw-g300-v2.3.2&BOARD=g300'",
               "触发 Jenkins release job", out="201")
        t.bash(f"curl -s -u \"$JENKINS_USER:$JENKINS_TOKEN\" '{JENKINS}/lastBuild/api/json?tree=number,building,result,displayName'",
               "看 job 状态", out='{"_class":"org.jenkinsci.plugins.workflow.job.WorkflowRun","building":true,"displayName":"#86 fw-g300-v2.3.2","number":86,"result":null}')
        t.done("""v2.3.2 已发：
- `include/ql-version.mk` → 2.3.2，CHANGELOG 加了这一节
- commit `release: fw-g300-v2.3.2`（带 Signed-off-by），tag `fw-g300-v2.3.2` 已推
- Jenkins `ql-fw-release` #86 已开始跑（全量编译大概 40 分钟）""")


def s4(d):
    with d.session("2026-10-19T01:40:00", R, branch=BR, version="2.1.206", permission_mode="acceptEdits"):
        t = d.task("小陈把 luci-app-gwmon 推到 ql-luci 了，帮我编一下看看能不能过", tags=["mistake:M3"])
        cmd = "make package/luci-app-gwmon/compile -j1 V=s"
        t.fail(cmd, "编译 luci-app-gwmon", no_rule("package/luci-app-gwmon/compile"), code=2)
        t.say("make 不认识这个包：新包在 ql-luci 仓库里，本地 feeds/qlluci 还是旧的，也没 install 到 package/feeds 下。先更新 feed 再 install。")
        t.bash("./scripts/feeds update qlluci && ./scripts/feeds install luci-app-gwmon", "更新 qlluci feed 并安装新包",
               out=feeds_update("qlluci", "ql-luci", "3b1e0c9", "c7a54d2", """ applications/luci-app-gwmon/Makefile                          |  16 +++
 applications/luci-app-gwmon/htdocs/luci-static/resources/view/gwmon/overview.js | 118 +++++++++++
 applications/luci-app-gwmon/root/usr/share/luci/menu.d/luci-app-gwmon.json    |  13 ++
 applications/luci-app-gwmon/root/usr/share/rpcd/acl.d/luci-app-gwmon.json     |  14 ++
 4 files changed, 161 insertions(+)""") + "\nInstalling package 'luci-app-gwmon' from qlluci")
        t.bash("echo 'CONFIG_PACKAGE_luci-app-gwmon=m' >> .config && make defconfig", "选中 luci-app-gwmon",
               out=defconfig_out())
        t.bash(cmd, "重新编译 luci-app-gwmon", out=feed_pkg_ok("qlluci", "luci-app-gwmon", "git-26.291.40213-c7a54d2"))
        t.done("""能编过：`bin/packages/aarch64_cortex-a53/qlluci/luci-app-gwmon_git-26.291.40213-c7a54d2_all.ipk`。

第一次是 `No rule to make target 'package/luci-app-gwmon/compile'`：小陈刚推的包本地 feed 里还没有。跑了 `./scripts/feeds update qlluci && ./scripts/feeds install luci-app-gwmon`，再在 .config 里选成 m，就好了。""")

        t = d.task("luci-app-ql-serial 的页面普通账号打开说没权限，acl 里给它加上 gw-modbusd 的 ubus status 读权限", tags=["oneoff:O2"])
        t.read(SER_ACL)
        t.edit(SER_ACL, """			"uci": [ "ql-serial" ],
			"file": {""", """			"uci": [ "ql-serial" ],
			"ubus": {
				"gw-modbusd": [ "status" ]
			}
			"file": {""")
        jcmd = "python3 -m json.tool package/ql/luci-app-ql-serial/root/usr/share/rpcd/acl.d/luci-app-ql-serial.json > /dev/null"
        t.fail(jcmd, "校验 acl JSON", """Expecting ',' delimiter: line 9 column 4 (char 176)""")
        t.edit(SER_ACL, """				"gw-modbusd": [ "status" ]
			}
			"file": {""", """				"gw-modbusd": [ "status" ]
			},
			"file": {""")
        t.bash(jcmd, "再校验一次")
        t.done("""acl 里加了 `"ubus": { "gw-modbusd": [ "status" ] }` 到 read 段。第一次漏了个逗号，json.tool 报 `Expecting ',' delimiter`，已补上，现在 JSON 合法。

装到机器上后要 `/etc/init.d/rpcd reload`（或重新登录）权限才生效。""")

        t = d.task("ql-serial 状态页加一行显示当前波特率，gw-modbusd 的 status 里有 baudrate 字段。"
                   "另外以后 LuCI 页面都用 JS view 写，别再给我弄 Lua CBI 那套", tags=["pref:P2"])
        t.read(SER_JS)
        t.edit(SER_JS, """			[ _('Port'), st.port || '-' ],
""", """			[ _('Port'), st.port || '-' ],
			[ _('Baud rate'), st.baudrate ? st.baudrate + ' bps' : '-' ],
""")
        t.done("状态页在 Port 下面加了 `Baud rate` 一行（`st.baudrate + ' bps'`，没有时显示 `-`）。记住了，LuCI 页面一律 JS view（`view.extend` + rpc），不写 CBI。")


def s5(d):
    with d.session("2026-10-22T02:05:00", R, branch=BR, version="2.1.208"):
        t = d.task("gw-modbusd 改成自己用 libuci 读 /etc/config/gw-modbusd，别让 init 脚本拼命令行了，参数多了太丑", tags=["mistake:M1"])
        t.read(MB_MAIN)
        t.edit(MB_MAIN, """#include <libubox/ulog.h>
""", """#include <libubox/ulog.h>
#include <uci.h>
""")
        t.edit(MB_MAIN, """static void usage(const char *prog)""", """static int load_uci(struct mbd_config *c)
{
	struct uci_context *ctx = uci_alloc_context();
	struct uci_package *pkg = NULL;
	struct uci_section *s;
	const char *v;

	if (!ctx)
		return -1;
	if (uci_load(ctx, "gw-modbusd", &pkg) != UCI_OK) {
		uci_free_context(ctx);
		return -1;
	}
	s = uci_lookup_section(ctx, pkg, "main");
	if (s) {
		if ((v = uci_lookup_option_string(ctx, s, "port")))
			strncpy(c->port, v, sizeof(c->port) - 1);
		if ((v = uci_lookup_option_string(ctx, s, "baudrate")))
			c->baudrate = atoi(v);
		if ((v = uci_lookup_option_string(ctx, s, "poll_interval")))
			c->poll_interval = atoi(v);
		if ((v = uci_lookup_option_string(ctx, s, "tcp_port")))
			c->tcp_port = atoi(v);
	}
	uci_unload(ctx, pkg);
	uci_free_context(ctx);
	return 0;
}

static void usage(const char *prog)""")
        t.edit(MB_MAIN, """	int ch;

""", """	int ch;

	if (load_uci(&cfg) < 0)
		fprintf(stderr, "gw-modbusd: uci config not found, using defaults\\n");

""")
        t.read(MB_SRCMK)
        t.edit(MB_SRCMK, "LDLIBS += -lubox -lubus -lmodbus\n", "LDLIBS += -lubox -lubus -luci -lmodbus\n")
        t.read(MB_INIT)
        t.edit(MB_INIT, """	config_get port main port ttyS1
	config_get baudrate main baudrate 9600
	config_get poll_interval main poll_interval 1000
	config_get tcp_port main tcp_port 502

	procd_open_instance
	procd_set_param command $PROG -p "$port" -b "$baudrate" -i "$poll_interval" -t "$tcp_port"
""", """
	procd_open_instance
	procd_set_param command $PROG
	procd_set_param file /etc/config/gw-modbusd
""")
        cmd = "make package/ql/gw-modbusd/{clean,compile} -j1 V=s"
        t.fail(cmd, "重新编译 gw-modbusd", pkg_fail_missing("gw-modbusd", "1.6.2-1", ["libuci.so.20130104"]), code=2)
        t.say("新链接了 libuci，包的 DEPENDS 没有 +libuci，打包检查不过。补上。")
        t.read(MB_MK)
        t.edit(MB_MK, "  DEPENDS:=+libubox +libubus +libmodbus\n", "  DEPENDS:=+libubox +libubus +libuci +libmodbus\n")
        t.bash(cmd, "再编一次 gw-modbusd", out=pkg_ok("gw-modbusd", "1.6.2-1", t="3.41#0.97#4.52"))
        t.done("""改完了，编译通过：

- `main.c` 新增 `load_uci()`，用 libuci 读 `gw-modbusd.main` 的 port/baudrate/poll_interval/tcp_port，命令行参数仍然能覆盖（调试用）；
- init 脚本不再拼参数，只 `procd_set_param command $PROG`，加了 `procd_set_param file /etc/config/gw-modbusd`，配置文件变了 procd 会重启实例；
- `src/Makefile` 链接 `-luci`；第一次打包报 `missing dependencies ... libuci.so.20130104`，包 Makefile 的 `DEPENDS` 已加 `+libuci`。""")

        t = d.task("实验室 10.10.8.21 那台 4G 老掉线，看一下日志和网络配置", tags=["workflow:W2"])
        t.bash("ssh root@10.10.8.21 'ubus call system board'", "看板子信息", out=board(rel="2.3.2", up="1 day"))
        t.bash("ssh root@10.10.8.21 'logread -e netifd -e modemmanager | tail -n 10'", "看拨号相关日志", out="""Thu Oct 22 09:41:12 2026 daemon.notice netifd: Interface 'wwan' has lost the connection
Thu Oct 22 09:41:13 2026 daemon.info [1603]: <info>  [modem0] state changed (connected -> disconnecting)
Thu Oct 22 09:41:13 2026 daemon.info [1603]: <info>  [modem0] state changed (disconnecting -> registered)
Thu Oct 22 09:41:44 2026 daemon.notice netifd: Interface 'wwan' is setting up now
Thu Oct 22 09:41:51 2026 daemon.info [1603]: <info>  [modem0] state changed (registered -> connected)
Thu Oct 22 09:41:52 2026 daemon.notice netifd: Interface 'wwan' is now up
Thu Oct 22 10:11:12 2026 daemon.notice netifd: Interface 'wwan' has lost the connection
Thu Oct 22 10:11:13 2026 daemon.info [1603]: <info>  [modem0] state changed (connected -> disconnecting)
Thu Oct 22 10:11:44 2026 daemon.notice netifd: Interface 'wwan' is setting up now
Thu Oct 22 10:11:52 2026 daemon.notice netifd: Interface 'wwan' is now up""")
        t.bash("ssh root@10.10.8.21 'uci show network.wwan'", "看 wwan 配置", out="""network.wwan=interface
network.wwan.proto='modemmanager'
network.wwan.device='/sys/devices/platform/11200000.usb/usb1/1-1'
network.wwan.apn='cmiot'
network.wwan.auth='none'
network.wwan.iptype='ipv4'
network.wwan.lowpower='0'
network.wwan.signalrate='30'""")
        t.done("""规律很明显：09:41:12、10:11:12，**正好每 30 分钟掉一次**，30 秒后自动重拨成功。配置本身没问题（modemmanager，APN `cmiot`）。

整点半小时断一次更像运营商侧（物联网卡的会话定时器）或者模块侧的空闲超时，不像我们的配置。建议：
1. 看下 `mmcli -m 0 --3gpp` 的信号和注册状态；
2. 问下运营商这张 cmiot 卡有没有 30 分钟会话限制；
3. 临时可以在 ql-cloudagent 那边加心跳保活验证一下。""")

        t = d.task("mt7981 的 hardware flow offloading 和 software flow offloading 啥区别，工业网关上开哪个", tags=["no_tools"])
        t.done("""**Software flow offloading**：内核 nftables flowtable，连接建立后后续包跳过大部分 netfilter 路径，仍然 CPU 转发，全平台可用。

**Hardware flow offloading**：MT7981 有 PPE（WED/PPE 硬件 NAT），flowtable 把流下发给 PPE，LAN↔WAN 转发基本不占 CPU。但 QoS/SQM、tc、部分防火墙统计、IPsec 和一些 VLAN 组合会绕过或不兼容。

工业网关流量小、更在乎可观测和规则准确：**只开 software**；要跑满千兆 NAT 的企业路由再开 hardware，并回归测一遍 QoS 和流量统计。""")

        t = d.task("gw-modbusd 的改动提交了吧，别忘了 sign-off，上回 review 又被说了", tags=["pref:P1"])
        t.bash("git status --short", "看改动", out=""" M package/ql/gw-modbusd/Makefile
 M package/ql/gw-modbusd/files/gw-modbusd.init
 M package/ql/gw-modbusd/src/Makefile
 M package/ql/gw-modbusd/src/main.c""")
        t.bash("git add package/ql/gw-modbusd && git commit -s -m 'gw-modbusd: read config via libuci' -m 'The init script no longer builds the command line; procd restarts the instance when /etc/config/gw-modbusd changes.'",
               "提交 gw-modbusd 改动", out=f"""[{BR} {hx(7)}] gw-modbusd: read config via libuci
 4 files changed, 38 insertions(+), 8 deletions(-)""")
        t.done("已提交 `gw-modbusd: read config via libuci`，带 Signed-off-by。")


def s6(d):
    with d.session("2026-10-26T01:55:00", R, branch=BR, version="2.1.210"):
        t = d.task("全量编一版固件刷到 192.168.1.1 测试。别再 -j1 了慢死，直接 -j$(nproc)，哪个包挂了再单独 V=s 看",
                   tags=["reversal:P3", "mistake:M2", "long_output"])
        t.bash("make -j$(nproc)", "全量编译固件", timeout=600000, out=f""" make[1] world
 make[2] package/system/opkg/host/compile
 make[2] tools/install
 make[3] -C tools/flock compile
 make[3] -C tools/m4 compile
 make[2] toolchain/install
 make[2] package/cleanup
 make[2] target/compile
 make[3] -C target/linux compile
 make[2] package/compile
 make[3] -C package/libs/toolchain compile
 make[3] -C package/libs/libjson-c compile
 make[3] -C package/libs/ubox compile
 make[3] -C package/system/ubus compile
 make[3] -C package/system/uci compile
 make[3] -C feeds/packages/libs/libmodbus compile
 make[3] -C package/ql/gw-modbusd compile
 make[3] -C package/ql/ql-ledctl compile
 make[3] -C package/ql/luci-app-ql-serial compile
 make[3] -C package/ql/ql-sysinfo compile
 make[3] -C package/system/procd compile
 make[3] -C package/network/config/netifd compile
 make[3] -C package/network/services/dropbear compile
 make[3] -C package/network/config/firewall4 compile
 make[3] -C feeds/packages/net/modemmanager compile
 make[3] -C feeds/luci/modules/luci-base compile
 make[3] -C feeds/luci/collections/luci compile
 make[3] -C package/kernel/linux compile
 make[3] -C package/firmware/linux-firmware compile
 make[3] -C package/kernel/mt76 compile
 make[2] package/install
 make[3] package/preconfig
 make[2] target/install
 make[3] -C target/linux install
 make[2] package/index
 make[2] json_overview_image_info
 make[2] checksum""")
        t.bash(f"ls -la {BINT}/ && cd {BINT} && sha256sum {FWIMG}", "看产物和校验值", out=f"""total 47204
drwxr-xr-x 3 zhoukai zhoukai     4096 Oct 26 10:31 .
drwxr-xr-x 3 zhoukai zhoukai     4096 Sep 10 15:02 ..
-rw-r--r-- 1 zhoukai zhoukai     1411 Oct 26 10:31 config.buildinfo
-rw-r--r-- 1 zhoukai zhoukai      294 Oct 26 10:31 feeds.buildinfo
-rw-r--r-- 1 zhoukai zhoukai 10227882 Oct 26 10:31 openwrt-23.05.5-mediatek-filogic-ql_g300-initramfs-recovery.itb
-rw-r--r-- 1 zhoukai zhoukai     4712 Oct 26 10:31 openwrt-23.05.5-mediatek-filogic-ql_g300.manifest
-rw-r--r-- 1 zhoukai zhoukai 10749352 Oct 26 10:31 {FWIMG}
-rw-r--r-- 1 zhoukai zhoukai     1602 Oct 26 10:31 profiles.json
-rw-r--r-- 1 zhoukai zhoukai      878 Oct 26 10:31 sha256sums
-rw-r--r-- 1 zhoukai zhoukai       18 Oct 26 10:31 version.buildinfo
drwxr-xr-x 2 zhoukai zhoukai     4096 Oct 26 10:31 packages
{hx(64)}  {FWIMG}""")
        t.fail(f"cd {BINT} && scp {FWIMG} root@192.168.1.1:/tmp/fw.bin", "把固件传到测试机", SCP_SFTP, code=255)
        t.say("还是 dropbear 没 sftp-server 的问题，scp 加 -O 走老协议。")
        t.bash(f"cd {BINT} && scp -O {FWIMG} root@192.168.1.1:/tmp/fw.bin", "用 legacy scp 协议传固件")
        t.bash("ssh root@192.168.1.1 'sysupgrade -T /tmp/fw.bin && echo image ok && (sleep 2; sysupgrade /tmp/fw.bin) >/dev/null 2>&1 </dev/null &'",
               "校验镜像并后台开始升级（保留配置）", out="image ok")
        t.bash("sleep 200 && ssh root@192.168.1.1 'cat /etc/openwrt_version; uptime; /etc/init.d/gw-modbusd status'",
               "等重启完看版本和服务", timeout=300000, out="""r24106-10cc5fcd00
 10:36:02 up 1 min,  load average: 0.61, 0.22, 0.08
running""")
        t.done("""固件编好并刷到 192.168.1.1 了：

- `make -j$(nproc)` 一次过，产物 `openwrt-23.05.5-mediatek-filogic-ql_g300-squashfs-sysupgrade.bin`（10.2 MB）；
- scp 又是 dropbear 没有 sftp-server，`scp -O` 传过去；
- `sysupgrade -T` 校验通过后保留配置升级，重启后 uptime 1 分钟，gw-modbusd `running`。

以后全量直接 `-j$(nproc)`，单包出错再 `V=s` 看。""")

        d.precompact("""- 仓库 /home/zhoukai/work/ql-openwrt（OpenWrt 23.05.5，分支 ql-23.05，target mediatek/filogic，板子 QL-G300），自研包在 package/ql/，公司 feed qlfeed / qlluci
- 已做：新包 ql-ledctl（ubus LED 控制，DEPENDS 补了 +libubus），gw-modbusd 加 -Werror 修 rtu.c 截断、改用 libuci 读配置（DEPENDS 补 +libuci），luci-app-ql-serial acl + 波特率显示，发了 fw-g300-v2.3.2
- 测试机 192.168.1.1 刚刷了本地全量固件（scp -O 传的，dropbear 没有 sftp-server），gw-modbusd running
- 用户偏好：commit 带 Signed-off-by（git commit -s）；LuCI 页面用 JS view 不用 CBI；全量编译直接 -j$(nproc)，单包出错再 V=s""")

        t = d.task("grep 一下哪些包还在用 iniparser，想统一换 uci", tags=["noise"])
        t.grep("iniparser", filenames=[P("package/ql/ql-cloudagent-legacy/Makefile"), P("package/ql/ql-cloudagent-legacy/src/conf.c"),
                                       P("package/ql/ql-sysinfo/src/main.c")], path=P("package/ql"))
        t.grep("iniparser_get", path=P("package/ql"), output_mode="content", n=True, content=f"""{R}/package/ql/ql-cloudagent-legacy/src/conf.c:22:	c->server = iniparser_getstring(ini, "cloud:server", "mqtt.qiling-net.com");
{R}/package/ql/ql-cloudagent-legacy/src/conf.c:23:	c->port = iniparser_getint(ini, "cloud:port", 8883);
{R}/package/ql/ql-cloudagent-legacy/src/conf.c:24:	c->keepalive = iniparser_getint(ini, "cloud:keepalive", 60);
{R}/package/ql/ql-sysinfo/src/main.c:41:	interval = iniparser_getint(ini, "sysinfo:interval", 30);""")
        t.done("""还在用 iniparser 的只有两个：

- `ql-cloudagent-legacy`：`src/conf.c` 读 server/port/keepalive 三项；
- `ql-sysinfo`：`src/main.c:41` 只读一个 interval。

gw-modbusd 已经换成 libuci。ql-sysinfo 只有一项，改起来最快；legacy 那个如果新 ql-cloudagent 要替代它，就不用改了。""")

        t = d.task("小陈说 ql-mqtt-bridge 已经进 ql-feed 了，编个 ipk 给我", tags=["mistake:M3"])
        cmd = "make package/ql-mqtt-bridge/compile V=s"
        t.fail(cmd, "编译 ql-mqtt-bridge", no_rule("package/ql-mqtt-bridge/compile"), code=2)
        t.say("本地的 qlfeed 还没拉到这个包。先 update qlfeed 再 install。")
        t.bash("./scripts/feeds update qlfeed && ./scripts/feeds install ql-mqtt-bridge", "更新 qlfeed 并安装 ql-mqtt-bridge",
               out=feeds_update("qlfeed", "ql-feed", "8d02f6e", "1ac93b7", """ ql-mqtt-bridge/Makefile                 |  42 ++++
 ql-mqtt-bridge/files/ql-mqtt-bridge.config |  9 +
 ql-mqtt-bridge/files/ql-mqtt-bridge.init   | 24 ++
 ql-mqtt-bridge/src/bridge.c             | 387 +++++++++++++++++++++++++++++
 ql-mqtt-bridge/src/Makefile             |  10 +
 5 files changed, 472 insertions(+)""") + "\nInstalling package 'ql-mqtt-bridge' from qlfeed\nInstalling package 'libmosquitto' from packages")
        t.bash("echo 'CONFIG_PACKAGE_ql-mqtt-bridge=m' >> .config && make defconfig", "选中 ql-mqtt-bridge", out=defconfig_out())
        t.bash(cmd, "重新编译 ql-mqtt-bridge", out=feed_pkg_ok("qlfeed", "ql-mqtt-bridge", "0.3.0-1", arch=ARCH, t="6.02#1.88#8.47"))
        t.done("""ipk：`bin/packages/aarch64_cortex-a53/qlfeed/ql-mqtt-bridge_0.3.0-1_aarch64_cortex-a53.ipk`。

一开始 `No rule to make target 'package/ql-mqtt-bridge/compile'`，因为本地 qlfeed 还是旧的；`./scripts/feeds update qlfeed && ./scripts/feeds install ql-mqtt-bridge`（顺带装了依赖 libmosquitto）之后再编就过了。""")


def s7(d):
    with d.session("2026-10-29T02:20:00", R, branch=BR, version="2.1.212"):
        t = d.task("新写个 ql-cloudagent 替掉 legacy：ubus 订阅 gw-modbusd 的数据事件，打包成 JSON 走 MQTT 发到云端（libmosquitto），"
                   "配置走 uci，procd 管", tags=["workflow:W1", "mistake:M1"])
        t.write(CA_MK, """include $(TOPDIR)/rules.mk

PKG_NAME:=ql-cloudagent
PKG_VERSION:=2.0.0
PKG_RELEASE:=1
PKG_LICENSE:=Proprietary
PKG_MAINTAINER:=Zhou Kai <zhoukai@qiling-net.com>

include $(INCLUDE_DIR)/package.mk

define Package/ql-cloudagent
  SECTION:=utils
  CATEGORY:=Qiling
  TITLE:=Qiling cloud agent (ubus -> MQTT)
  DEPENDS:=+libubox +libubus +libuci +libmosquitto-ssl
  CONFLICTS:=ql-cloudagent-legacy
endef

define Package/ql-cloudagent/conffiles
/etc/config/ql-cloudagent
endef

define Build/Prepare
	mkdir -p $(PKG_BUILD_DIR)
	$(CP) ./src/* $(PKG_BUILD_DIR)/
endef

define Package/ql-cloudagent/install
	$(INSTALL_DIR) $(1)/usr/sbin $(1)/etc/init.d $(1)/etc/config
	$(INSTALL_BIN) $(PKG_BUILD_DIR)/ql-cloudagent $(1)/usr/sbin/
	$(INSTALL_BIN) ./files/ql-cloudagent.init $(1)/etc/init.d/ql-cloudagent
	$(INSTALL_CONF) ./files/ql-cloudagent.config $(1)/etc/config/ql-cloudagent
endef

$(eval $(call BuildPackage,ql-cloudagent))
""")
        t.write(CA_SRCMK, """CFLAGS += -Wall -Werror
LDLIBS += -lubox -lubus -luci -lblobmsg_json -lmosquitto

ql-cloudagent: agent.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

clean:
	rm -f *.o ql-cloudagent
""")
        t.write(CA_C, """#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <libubox/uloop.h>
#include <libubox/blobmsg_json.h>
#include <libubox/ulog.h>
#include <libubus.h>
#include <uci.h>
#include <mosquitto.h>

struct agent_cfg {
	char server[128];
	int port;
	int keepalive;
	char topic[128];
};

static struct agent_cfg cfg = { "mqtt.qiling-net.com", 8883, 60, "ql/g300/data" };
static struct mosquitto *mq;
static struct ubus_context *ctx;
static struct ubus_subscriber sub;

static int on_notify(struct ubus_context *c, struct ubus_object *obj, struct ubus_request_data *req,
		     const char *method, struct blob_attr *msg)
{
	char *json = blobmsg_format_json(msg, true);

	if (!json)
		return 0;
	if (mosquitto_publish(mq, NULL, cfg.topic, strlen(json), json, 1, false) != MOSQ_ERR_SUCCESS)
		ULOG_WARN("publish failed, %s\\n", method);
	free(json);
	return 0;
}

static void load_uci(void)
{
	struct uci_context *u = uci_alloc_context();
	struct uci_package *p = NULL;
	struct uci_section *s;
	const char *v;

	if (!u || uci_load(u, "ql-cloudagent", &p) != UCI_OK)
		goto out;
	s = uci_lookup_section(u, p, "main");
	if (s) {
		if ((v = uci_lookup_option_string(u, s, "server")))
			snprintf(cfg.server, sizeof(cfg.server), "%s", v);
		if ((v = uci_lookup_option_string(u, s, "port")))
			cfg.port = atoi(v);
		if ((v = uci_lookup_option_string(u, s, "topic")))
			snprintf(cfg.topic, sizeof(cfg.topic), "%s", v);
	}
	uci_unload(u, p);
out:
	if (u)
		uci_free_context(u);
}

int main(void)
{
	uint32_t id;

	ulog_open(ULOG_SYSLOG, LOG_DAEMON, "ql-cloudagent");
	load_uci();
	mosquitto_lib_init();
	mq = mosquitto_new(NULL, true, NULL);
	mosquitto_tls_set(mq, "/etc/ssl/certs/ca-certificates.crt", NULL, NULL, NULL, NULL);
	mosquitto_connect_async(mq, cfg.server, cfg.port, cfg.keepalive);
	mosquitto_loop_start(mq);

	uloop_init();
	ctx = ubus_connect(NULL);
	if (!ctx)
		return 1;
	ubus_add_uloop(ctx);
	sub.cb = on_notify;
	ubus_register_subscriber(ctx, &sub);
	if (ubus_lookup_id(ctx, "gw-modbusd", &id) == 0)
		ubus_subscribe(ctx, &sub, id);
	ULOG_INFO("connected to %s:%d, topic %s\\n", cfg.server, cfg.port, cfg.topic);
	uloop_run();
	mosquitto_loop_stop(mq, true);
	mosquitto_destroy(mq);
	ubus_free(ctx);
	return 0;
}
""")
        t.write(CA_INIT, """#!/bin/sh /etc/rc.common

START=97
USE_PROCD=1

start_service() {
	procd_open_instance
	procd_set_param command /usr/sbin/ql-cloudagent
	procd_set_param file /etc/config/ql-cloudagent
	procd_set_param respawn 3600 5 0
	procd_close_instance
}
""")
        t.write(CA_CONF, """config agent 'main'
	option server 'mqtt.qiling-net.com'
	option port '8883'
	option topic 'ql/g300/data'
""")
        t.bash("echo 'CONFIG_PACKAGE_ql-cloudagent=m' >> .config && make defconfig", "选中 ql-cloudagent", out=defconfig_out())
        cmd = "make package/ql/ql-cloudagent/compile V=s"
        t.fail(cmd, "编译 ql-cloudagent", pkg_fail_missing("ql-cloudagent", "2.0.0-1", ["libblobmsg_json.so.20230523"]), code=2)
        t.say("blobmsg_format_json 在 libblobmsg-json 里，是单独的包，DEPENDS 里没写。")
        t.edit(CA_MK, "  DEPENDS:=+libubox +libubus +libuci +libmosquitto-ssl\n",
               "  DEPENDS:=+libubox +libubus +libuci +libblobmsg-json +libmosquitto-ssl\n")
        t.bash(cmd, "重新编译 ql-cloudagent", out=pkg_ok("ql-cloudagent", "2.0.0-1", t="4.12#1.20#5.66"))
        t.done("""`ql-cloudagent` 2.0.0 编好了：

- 订阅 ubus 上 `gw-modbusd` 对象的通知，`blobmsg_format_json` 转 JSON，`mosquitto_publish` QoS1 发到 `ql/g300/data`（TLS 8883）；
- uci `/etc/config/ql-cloudagent`（server/port/topic），procd `respawn 3600 5 0` 一直拉，配置文件变了自动重启；
- 和 `ql-cloudagent-legacy` 设了 `CONFLICTS`。
- 首次打包报 `missing dependencies ... libblobmsg_json.so.20230523`：`blobmsg_format_json` 在单独的 libblobmsg-json 包里，已加到 `DEPENDS`。

gw-modbusd 现在还没发 ubus notify，这边订阅了也收不到数据，需要的话下一步在 gw-modbusd 里加 `ubus_notify`。""")

        t = d.task("上周你解释 offloading 那段写得太长了，我贴到周报里自己 cut half 才能用。以后这种问答 5 行以内，先给结论",
                   tags=["feedback", "no_tools"],
                   feedback="上周你解释 offloading 那段写得太长了，我贴到周报里自己 cut half 才能用。以后这种问答 5 行以内，先给结论")
        t.done("收到。以后这类问答先一句结论，总共不超过 5 行，细节你要再展开。")

        t = d.task("G300 发 v2.4.0：cloudagent 新版和 gw-modbusd uci 化。changelog、版本号、commit（Signed-off-by 那行别漏）、tag、推、jenkins 一套",
                   tags=["workflow:W3", "pref:P1"])
        t.read(VERSION_MK)
        t.edit(VERSION_MK, "QL_FW_VERSION:=2.3.2\n", "QL_FW_VERSION:=2.4.0\n")
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog (QL-G300)\n\n", """# Changelog (QL-G300)

## fw-g300-v2.4.0 (2026-10-29)
- ql-cloudagent 2.0.0: ubus 订阅 + MQTT over TLS，替代 ql-cloudagent-legacy
- gw-modbusd: 配置改由 libuci 读取，配置变更自动重启
- luci-app-ql-serial: acl 增加 gw-modbusd status 读权限，状态页显示波特率

""")
        t.bash("git add -A package/ql include/ql-version.mk CHANGELOG.md && git commit -s -m 'release: fw-g300-v2.4.0' && git tag -a fw-g300-v2.4.0 -m 'fw-g300-v2.4.0'",
               "提交并打 tag", out=f"""[{BR} {hx(7)}] release: fw-g300-v2.4.0
 9 files changed, 231 insertions(+), 2 deletions(-)
 create mode 100644 package/ql/ql-cloudagent/Makefile
 create mode 100644 package/ql/ql-cloudagent/files/ql-cloudagent.config
 create mode 100644 package/ql/ql-cloudagent/files/ql-cloudagent.init
 create mode 100644 package/ql/ql-cloudagent/src/Makefile
 create mode 100644 package/ql/ql-cloudagent/src/agent.c""")
        t.bash(f"git push origin {BR} && git push origin fw-g300-v2.4.0", "推分支和 tag", err=f"""To ssh://git.qiling-net.com/fw/ql-openwrt.git
   {hx(7)}..{hx(7)}  {BR} -> {BR}
To ssh://git.qiling-net.com/fw/ql-openwrt.git
 * [new tag]         fw-g300-v2.4.0 -> fw-g300-v2.4.0""")
        t.bash(f"curl -s -o /dev/null -w '%{{http_code}}\\n' -X POST -u \"$JENKINS_USER:$JENKINS_TOKEN\" '{JENKINS}/buildWithParameters?TAG=fw-g300-v2.4.0&BOARD=g300'",
               "触发 Jenkins release job", out="201")
        t.bash(f"curl -s -u \"$JENKINS_USER:$JENKINS_TOKEN\" '{JENKINS}/lastBuild/api/json?tree=number,building,result,displayName'",
               "看 job 状态", out='{"_class":"org.jenkinsci.plugins.workflow.job.WorkflowRun","building":true,"displayName":"#91 fw-g300-v2.4.0","number":91,"result":null}')
        t.done("v2.4.0：版本号、CHANGELOG、commit（Signed-off-by）、tag `fw-g300-v2.4.0` 都推了，Jenkins #91 在跑。")


def s8(d):
    with d.session("2026-11-02T06:10:00", R, branch=BR, version="2.1.214", end_reason="other"):
        t = d.task("10.10.8.30 那台借测机上 ubus call gwmon status 看下，客户说页面没数据", tags=["unfixed:U1"])
        t.fail("ssh root@10.10.8.30 'ubus call gwmon status'", "查 gwmon 状态", "Command failed: Not found", code=4)
        t.bash("ssh root@10.10.8.30 'ubus list | grep -i gw; cat /etc/openwrt_version; opkg list-installed | grep -E \"^(gw-|ql-|luci-app-)\"'",
               "看机器上有哪些 ubus 对象和自研包", out="""gw-modbusd
r23630-842932a63d
gw-modbusd - 1.5.8-1
luci-app-ql-serial - 1.0.1-1
ql-cloudagent-legacy - 1.9.3-2""")
        t.done("""这台上没有 `gwmon` 这个 ubus 对象：它还是老固件（`r23630`，23.05.3 那一版），没装 luci-app-gwmon，gw-modbusd 也是 1.5.8。客户说的"页面没数据"应该是他们看了新版文档找 gwmon 页面。

要解决只能升级固件或者单独装 gwmon 那套包，但这台在长稳测试中，README 也写了别升级。我没动它，你跟客户确认一下要不要等长稳结束再升。""")

        t = d.task("好，那台先不动，等长稳跑完。桌面那台装个 tcpdump-mini 我抓下 502 口的包", tags=["flaky:F1"])
        t.fail("ssh root@192.168.1.1 'opkg update'", "更新 opkg 源", """Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/targets/mediatek/filogic/packages/Packages.gz
Updated list of available packages in /var/opkg-lists/openwrt_core
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/targets/mediatek/filogic/packages/Packages.sig
Signature check passed.
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/base/Packages.gz
*** Failed to download the package list from https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/base/Packages.gz

Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/packages/Packages.gz
Updated list of available packages in /var/opkg-lists/openwrt_packages
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/packages/Packages.sig
Signature check passed.

Collected errors:
 * opkg_download: Failed to download https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/base/Packages.gz, wget returned 4.""")
        t.say("镜像站下载 base 列表时网络错误（wget 返回 4），其他源都好的，像是偶发，原样再跑一次。")
        t.bash("ssh root@192.168.1.1 'opkg update'", "更新 opkg 源", out="""Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/targets/mediatek/filogic/packages/Packages.gz
Updated list of available packages in /var/opkg-lists/openwrt_core
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/targets/mediatek/filogic/packages/Packages.sig
Signature check passed.
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/base/Packages.gz
Updated list of available packages in /var/opkg-lists/openwrt_base
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/base/Packages.sig
Signature check passed.
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/packages/Packages.gz
Updated list of available packages in /var/opkg-lists/openwrt_packages
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/packages/Packages.sig
Signature check passed.""")
        t.bash("ssh root@192.168.1.1 'opkg install tcpdump-mini'", "安装 tcpdump-mini", out="""Installing tcpdump-mini (4.99.4-1) to root...
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/base/tcpdump-mini_4.99.4-1_aarch64_cortex-a53.ipk
Installing libpcap1 (1.10.4-1) to root...
Downloading https://mirrors.ustc.edu.cn/openwrt/releases/23.05.5/packages/aarch64_cortex-a53/base/libpcap1_1.10.4-1_aarch64_cortex-a53.ipk
Configuring libpcap1.
Configuring tcpdump-mini.""")
        t.done("""tcpdump-mini 装好了。抓 502：
```
ssh root@192.168.1.1 'tcpdump -i br-lan -nn -s0 -w - tcp port 502' > modbus.pcap
```
本地用 Wireshark 打开（它认 Modbus/TCP）。`opkg update` 第一次 base 源下载失败，重跑一次就好了。""")

        t = d.task("sysupgarde 的 -n 跟 -c 啥区别", tags=["no_tools"])
        t.done("""- `-n`：不保留任何配置，升级后等于恢复出厂；
- `-c`：除了 `/etc/sysupgrade.conf` 和 conffiles 列表，额外保留 `/etc` 下所有改过的文件；
- 都不加：只保留 conffiles 和 `/etc/sysupgrade.conf` 里列的。""")


def s9(d):
    with d.session("2026-11-05T01:45:00", R, branch=BR, version="2.1.216"):
        t = d.task("桌面那台上 ql-mqtt-bridge 连不上 borker，帮忙看看", tags=["workflow:W2"])
        t.bash("ssh root@192.168.1.1 'ubus call system board'", "看板子和固件", out=board(rel="2.4.0"))
        t.bash("ssh root@192.168.1.1 'logread -e ql-mqtt-bridge | tail -n 6'", "看 bridge 日志", out="""Thu Nov  5 09:52:10 2026 daemon.info ql-mqtt-bridge[3121]: connecting to 10.10.2.15:1883
Thu Nov  5 09:52:10 2026 daemon.err ql-mqtt-bridge[3121]: connect failed: Connection refused
Thu Nov  5 09:52:15 2026 daemon.info ql-mqtt-bridge[3140]: connecting to 10.10.2.15:1883
Thu Nov  5 09:52:15 2026 daemon.err ql-mqtt-bridge[3140]: connect failed: Connection refused
Thu Nov  5 09:52:20 2026 daemon.info ql-mqtt-bridge[3158]: connecting to 10.10.2.15:1883
Thu Nov  5 09:52:20 2026 daemon.err ql-mqtt-bridge[3158]: connect failed: Connection refused""")
        t.bash("ssh root@192.168.1.1 'uci show ql-mqtt-bridge'", "看 bridge 配置", out="""ql-mqtt-bridge.main=bridge
ql-mqtt-bridge.main.enabled='1'
ql-mqtt-bridge.main.host='10.10.2.15'
ql-mqtt-bridge.main.port='1883'
ql-mqtt-bridge.main.tls='1'
ql-mqtt-bridge.main.client_id='g300-desk'""")
        t.done("""配置里 `tls='1'` 但 `port='1883'`：开了 TLS 却连明文端口。10.10.2.15 那边 1883 返回 `Connection refused`，说明 broker 只开了 8883。

改法（你确认后我来改）：
```
ssh root@192.168.1.1 'uci set ql-mqtt-bridge.main.port=8883 && uci commit ql-mqtt-bridge && reload_config'
```
另外这个默认配置是小陈 feed 里带的，建议让他把默认 port 跟 tls 对上。""")

        t = d.task("10.10.8.45 高低温箱那台跑了一晚上，看下有没有 watchdog 重启", tags=["unfixed:U2"])
        t.fail("ssh root@10.10.8.45 'logread -e watchdog; uptime'", "看温箱那台日志",
               "ssh: connect to host 10.10.8.45 port 22: No route to host", code=255)
        t.bash("ping -c 3 -W 2 10.10.8.45", "ping 一下", code=1, out="""PING 10.10.8.45 (10.10.8.45) 56(84) bytes of data.
From 10.10.8.1 icmp_seq=1 Destination Host Unreachable
From 10.10.8.1 icmp_seq=2 Destination Host Unreachable
From 10.10.8.1 icmp_seq=3 Destination Host Unreachable

--- 10.10.8.45 ping statistics ---
3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2031ms""")
        t.done("""10.10.8.45 连不上：ssh `No route to host`，ping 网关回 `Destination Host Unreachable`（ARP 都没回应），机器应该是没电或者网口断了，不是服务问题。

远程这边没法查，得去实验室看下温箱那台是不是停了（测试组说过今早温箱要换程序）。通了以后可以看 `logread` 和 `/sys/class/watchdog`。""")

        t = d.task("ql-cloudagent 的 ipk 和新配置推到 10.10.8.21 上跑起来，配置里 topic 换成 ql/g300/lab21", tags=["mistake:M2"])
        ipk = f"{BINPK}/ql-cloudagent_2.0.0-1_{ARCH}.ipk"
        t.bash("sed 's#ql/g300/data#ql/g300/lab21#' package/ql/ql-cloudagent/files/ql-cloudagent.config > /tmp/ql-cloudagent.lab21",
               "生成 lab21 用的配置")
        t.fail(f"cd /tmp && scp {R}/{ipk} ql-cloudagent.lab21 root@10.10.8.21:/tmp/", "把 ipk 和配置传到 10.10.8.21", SCP_SFTP, code=255)
        t.say("dropbear 上没有 sftp-server，这次也一样，scp -O 传。")
        t.bash(f"cd /tmp && scp -O {R}/{ipk} ql-cloudagent.lab21 root@10.10.8.21:/tmp/", "用 legacy scp 协议传")
        t.bash("ssh root@10.10.8.21 'opkg remove ql-cloudagent-legacy && opkg install /tmp/ql-cloudagent_2.0.0-1_aarch64_cortex-a53.ipk && cp /tmp/ql-cloudagent.lab21 /etc/config/ql-cloudagent && /etc/init.d/ql-cloudagent enable && /etc/init.d/ql-cloudagent restart'",
               "替换 legacy、装新版、放配置、启动", out="""Removing package ql-cloudagent-legacy from root...
Installing ql-cloudagent (2.0.0-1) to root...
Installing libblobmsg-json20230523 (2023.05.23~75a3b870-1) to root...
Installing libmosquitto-ssl (2.0.18-1) to root...
Configuring libblobmsg-json20230523.
Configuring libmosquitto-ssl.
Configuring ql-cloudagent.""")
        t.bash("sleep 5 && ssh root@10.10.8.21 'logread -e ql-cloudagent | tail -n 3'", "看启动日志", out="""Thu Nov  5 10:31:07 2026 daemon.info ql-cloudagent[5120]: connected to mqtt.qiling-net.com:8883, topic ql/g300/lab21""")
        t.done("""10.10.8.21 上 ql-cloudagent 2.0.0 跑起来了：legacy 已卸载，配置 topic 是 `ql/g300/lab21`，日志显示连上 `mqtt.qiling-net.com:8883`。

传文件又碰到 dropbear 没 sftp-server（`ash: /usr/libexec/sftp-server: not found`），`scp -O` 传的。""")

        t = d.task("再来个包 ql-netprobe：定时 ping uci 里配的几个目标，结果挂 ubus 上 netprobe.status，uloop 定时器，跟 cloudagent 一个套路",
                   tags=["workflow:W1"])
        t.write(NP_MK, """include $(TOPDIR)/rules.mk

PKG_NAME:=ql-netprobe
PKG_VERSION:=0.1.0
PKG_RELEASE:=1
PKG_LICENSE:=Proprietary
PKG_MAINTAINER:=Zhou Kai <zhoukai@qiling-net.com>

include $(INCLUDE_DIR)/package.mk

define Package/ql-netprobe
  SECTION:=utils
  CATEGORY:=Qiling
  TITLE:=ICMP reachability probe over ubus
  DEPENDS:=+libubox +libubus +libuci
endef

define Package/ql-netprobe/conffiles
/etc/config/ql-netprobe
endef

define Build/Prepare
	mkdir -p $(PKG_BUILD_DIR)
	$(CP) ./src/* $(PKG_BUILD_DIR)/
endef

define Package/ql-netprobe/install
	$(INSTALL_DIR) $(1)/usr/sbin $(1)/etc/init.d $(1)/etc/config
	$(INSTALL_BIN) $(PKG_BUILD_DIR)/ql-netprobe $(1)/usr/sbin/
	$(INSTALL_BIN) ./files/ql-netprobe.init $(1)/etc/init.d/ql-netprobe
	$(INSTALL_CONF) ./files/ql-netprobe.config $(1)/etc/config/ql-netprobe
endef

$(eval $(call BuildPackage,ql-netprobe))
""")
        t.write(NP_SRCMK, """CFLAGS += -Wall -Werror
LDLIBS += -lubox -lubus -luci

ql-netprobe: netprobe.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

clean:
	rm -f *.o ql-netprobe
""")
        t.write(NP_C, """#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <netinet/ip_icmp.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <libubox/uloop.h>
#include <libubox/blobmsg.h>
#include <libubox/ulog.h>
#include <libubus.h>
#include <uci.h>

#define MAX_TARGETS 8

struct target {
	char host[64];
	int ok;
	int rtt_ms;
};

static struct target targets[MAX_TARGETS];
static int n_targets;
static int interval_s = 30;
static struct uloop_timeout probe_timer;
static struct blob_buf b;

static void probe_one(struct target *t)
{
	char cmd[128];
	FILE *f;
	double rtt = -1;

	snprintf(cmd, sizeof(cmd), "ping -c 1 -W 2 %s 2>/dev/null | sed -n 's/.*time=\\\\([0-9.]*\\\\).*/\\\\1/p'", t->host);
	f = popen(cmd, "r");
	if (f) {
		if (fscanf(f, "%lf", &rtt) != 1)
			rtt = -1;
		pclose(f);
	}
	t->ok = rtt >= 0;
	t->rtt_ms = t->ok ? (int)rtt : -1;
}

static void probe_cb(struct uloop_timeout *tm)
{
	for (int i = 0; i < n_targets; i++)
		probe_one(&targets[i]);
	uloop_timeout_set(tm, interval_s * 1000);
}

static int np_status(struct ubus_context *ctx, struct ubus_object *obj, struct ubus_request_data *req,
		     const char *method, struct blob_attr *msg)
{
	void *a, *t;

	blob_buf_init(&b, 0);
	a = blobmsg_open_array(&b, "targets");
	for (int i = 0; i < n_targets; i++) {
		t = blobmsg_open_table(&b, NULL);
		blobmsg_add_string(&b, "host", targets[i].host);
		blobmsg_add_u8(&b, "ok", targets[i].ok);
		blobmsg_add_u32(&b, "rtt_ms", targets[i].rtt_ms);
		blobmsg_close_table(&b, t);
	}
	blobmsg_close_array(&b, a);
	ubus_send_reply(ctx, req, b.head);
	return 0;
}

static const struct ubus_method np_methods[] = { UBUS_METHOD_NOARG("status", np_status) };
static struct ubus_object_type np_type = UBUS_OBJECT_TYPE("netprobe", np_methods);
static struct ubus_object np_obj = {
	.name = "netprobe", .type = &np_type, .methods = np_methods, .n_methods = ARRAY_SIZE(np_methods),
};

static void load_uci(void)
{
	struct uci_context *u = uci_alloc_context();
	struct uci_package *p = NULL;
	struct uci_element *e;

	if (!u || uci_load(u, "ql-netprobe", &p) != UCI_OK)
		goto out;
	uci_foreach_element(&p->sections, e) {
		struct uci_section *s = uci_to_section(e);
		const char *v;

		if (!strcmp(s->type, "target") && n_targets < MAX_TARGETS &&
		    (v = uci_lookup_option_string(u, s, "host")))
			snprintf(targets[n_targets++].host, sizeof(targets[0].host), "%s", v);
		else if (!strcmp(s->type, "probe") && (v = uci_lookup_option_string(u, s, "interval")))
			interval_s = atoi(v);
	}
	uci_unload(u, p);
out:
	if (u)
		uci_free_context(u);
}

int main(void)
{
	struct ubus_context *ctx;

	ulog_open(ULOG_SYSLOG, LOG_DAEMON, "ql-netprobe");
	load_uci();
	uloop_init();
	ctx = ubus_connect(NULL);
	if (!ctx)
		return 1;
	ubus_add_uloop(ctx);
	ubus_add_object(ctx, &np_obj);
	probe_timer.cb = probe_cb;
	uloop_timeout_set(&probe_timer, 1000);
	ULOG_INFO("%d targets, interval %ds\\n", n_targets, interval_s);
	uloop_run();
	ubus_free(ctx);
	uloop_done();
	return 0;
}
""")
        t.write(NP_INIT, """#!/bin/sh /etc/rc.common

START=97
USE_PROCD=1

start_service() {
	procd_open_instance
	procd_set_param command /usr/sbin/ql-netprobe
	procd_set_param file /etc/config/ql-netprobe
	procd_set_param respawn 3600 5 0
	procd_close_instance
}
""")
        t.write(NP_CONF, """config probe 'main'
	option interval '30'

config target
	option host '114.114.114.114'

config target
	option host 'mqtt.qiling-net.com'
""")
        t.bash("echo 'CONFIG_PACKAGE_ql-netprobe=m' >> .config && make defconfig", "选中 ql-netprobe", out=defconfig_out())
        t.bash("make package/ql/ql-netprobe/compile -j$(nproc) V=s", "编译 ql-netprobe",
               out=pkg_ok("ql-netprobe", "0.1.0-1", t="2.31#0.74#3.02"))
        t.done("""`ql-netprobe` 0.1.0 编译通过（`bin/packages/aarch64_cortex-a53/base/ql-netprobe_0.1.0-1_aarch64_cortex-a53.ipk`）：

- uci：`config probe 'main'`（interval，默认 30s）+ 多个 `config target`（host），最多 8 个；
- uloop 定时器调 busybox ping 取 RTT，`ubus call netprobe status` 返回 `targets[{host, ok, rtt_ms}]`；
- DEPENDS `+libubox +libubus +libuci`；procd `respawn 3600 5 0`，配置变了自动重启。""")


def s10(d):
    with d.session("2026-11-09T02:00:00", R, branch=BR, version="2.1.219"):
        t = d.task("luci-app-ql-vpn 小陈昨天合进 ql-luci 了，编一下看看过不过，过了我放进 2.4.1", tags=["mistake:M3"])
        cmd = "make package/luci-app-ql-vpn/compile V=s"
        t.fail(cmd, "编译 luci-app-ql-vpn", no_rule("package/luci-app-ql-vpn/compile"), code=2)
        t.say("本地 qlluci 还没有这个包，先更新 feed 再 install。")
        t.bash("./scripts/feeds update qlluci && ./scripts/feeds install luci-app-ql-vpn", "更新 qlluci 并安装 luci-app-ql-vpn",
               out=feeds_update("qlluci", "ql-luci", "c7a54d2", "5e09b13", """ applications/luci-app-ql-vpn/Makefile                          |  17 ++
 applications/luci-app-ql-vpn/htdocs/luci-static/resources/view/ql-vpn/wireguard.js | 164 +++++++++++++++
 applications/luci-app-ql-vpn/root/usr/share/luci/menu.d/luci-app-ql-vpn.json  |  13 ++
 applications/luci-app-ql-vpn/root/usr/share/rpcd/acl.d/luci-app-ql-vpn.json   |  17 ++
 4 files changed, 211 insertions(+)""") + "\nInstalling package 'luci-app-ql-vpn' from qlluci\nInstalling package 'wireguard-tools' from base")
        t.bash("echo 'CONFIG_PACKAGE_luci-app-ql-vpn=m' >> .config && make defconfig", "选中 luci-app-ql-vpn", out=defconfig_out())
        t.bash(cmd, "重新编译 luci-app-ql-vpn", out=feed_pkg_ok("qlluci", "luci-app-ql-vpn", "git-26.312.55871-5e09b13", t="0.52#0.25#0.93"))
        t.done("""编过了：`bin/packages/aarch64_cortex-a53/qlluci/luci-app-ql-vpn_git-26.312.55871-5e09b13_all.ipk`。

开始 make 找不到目标（`No rule to make target 'package/luci-app-ql-vpn/compile'`），`./scripts/feeds update qlluci && ./scripts/feeds install luci-app-ql-vpn` 之后就好了，依赖 wireguard-tools 也一起装进来了。要进 2.4.1 的话记得把它加进 `configs/g300.config`。""")

        t = d.task("看下 10 月以来 package/ql 下面都提交了啥，我写月报用", tags=["noise", "long_output"])
        log = "\n".join(f"{hx(7)} {m}" for m in [
            "release: fw-g300-v2.4.0",
            "ql-cloudagent: add ubus -> MQTT cloud agent 2.0.0",
            "luci-app-ql-serial: show baud rate on status page",
            "luci-app-ql-serial: allow gw-modbusd status in acl",
            "gw-modbusd: read config via libuci",
            "release: fw-g300-v2.3.2",
            "gw-modbusd: default poll_interval 500ms",
            "gw-modbusd: build with -Werror, fix path truncation in rtu_open",
            "ql-ledctl: add ubus LED control daemon",
            "ql-sysinfo: report emmc wear level",
            "gw-modbusd: retry RTU read once on CRC error",
            "luci-app-ql-serial: fix i18n of state column",
            "ql-cloudagent-legacy: bump keepalive to 60s",
            "gw-modbusd: expose rx_frames/errors via ubus status",
            "ql-sysinfo: add cpu temperature",
            "gw-modbusd: 1.6.2",
            "gw-modbusd: tcp: close idle clients after 300s",
            "ql-cloudagent-legacy: exponential backoff on reconnect",
            "gw-modbusd: rtu response timeout 800ms",
        ])
        t.bash("git log --oneline --since=2026-10-01 -- package/ql", "列 10 月以来 package/ql 的提交", out=log)
        t.bash("git log --since=2026-10-01 --shortstat --format='%h %an %s' -- package/ql | head -n 40", "带统计的提交列表",
               out="\n".join(f"{hx(7)} {'Zhou Kai' if i % 3 else 'Chen Yu'} {m}\n 2 files changed, {7 + i * 3} insertions(+), {i} deletions(-)\n"
                             for i, m in enumerate(["ql-netprobe: add ICMP probe over ubus",
                                                     "release: fw-g300-v2.4.0",
                                                     "ql-cloudagent: add ubus -> MQTT cloud agent 2.0.0",
                                                     "luci-app-ql-serial: show baud rate on status page",
                                                     "luci-app-ql-serial: allow gw-modbusd status in acl",
                                                     "gw-modbusd: read config via libuci",
                                                     "release: fw-g300-v2.3.2",
                                                     "gw-modbusd: default poll_interval 500ms",
                                                     "gw-modbusd: build with -Werror, fix path truncation in rtu_open",
                                                     "ql-ledctl: add ubus LED control daemon"])))
        t.done("""10 月以来 package/ql 一共 19 个提交，按包归一下：

- **gw-modbusd**（8）：RTU 超时 800ms、CRC 错误重试、ubus status 暴露收发计数、TCP 空闲断开、-Werror + rtu 路径截断修复、默认轮询 500ms、改用 libuci 读配置
- **ql-cloudagent**（新 2.0.0）：ubus 订阅 + MQTT TLS，替代 legacy；legacy 本月只修了重连退避和 keepalive
- **ql-ledctl**（新）：ubus LED 控制
- **luci-app-ql-serial**（3）：i18n、acl、波特率显示
- **ql-sysinfo**（2）：CPU 温度、eMMC 磨损
- **发版**：fw-g300-v2.3.2、v2.4.0

（ql-netprobe 还在本地没推。）""")

        t = d.task("发 2.4.1：带上 ql-netprobe 和 luci-app-ql-vpn。流程照旧", tags=["workflow:W3"])
        t.read(VERSION_MK)
        t.edit(VERSION_MK, "QL_FW_VERSION:=2.4.0\n", "QL_FW_VERSION:=2.4.1\n")
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog (QL-G300)\n\n", """# Changelog (QL-G300)

## fw-g300-v2.4.1 (2026-11-09)
- ql-netprobe 0.1.0: 新增链路探测（ubus netprobe.status）
- luci-app-ql-vpn: 新增 WireGuard 配置页（qlluci feed）

""")
        t.bash("echo 'CONFIG_PACKAGE_ql-netprobe=y' >> configs/g300.config && echo 'CONFIG_PACKAGE_luci-app-ql-vpn=y' >> configs/g300.config",
               "把两个包加进 g300 diffconfig")
        t.bash("git add -A package/ql/ql-netprobe configs/g300.config include/ql-version.mk CHANGELOG.md && git commit -s -m 'release: fw-g300-v2.4.1' && git tag -a fw-g300-v2.4.1 -m 'fw-g300-v2.4.1'",
               "提交并打 tag", out=f"""[{BR} {hx(7)}] release: fw-g300-v2.4.1
 8 files changed, 197 insertions(+), 1 deletion(-)
 create mode 100644 package/ql/ql-netprobe/Makefile
 create mode 100644 package/ql/ql-netprobe/files/ql-netprobe.config
 create mode 100644 package/ql/ql-netprobe/files/ql-netprobe.init
 create mode 100644 package/ql/ql-netprobe/src/Makefile
 create mode 100644 package/ql/ql-netprobe/src/netprobe.c""")
        t.bash(f"git push origin {BR} && git push origin fw-g300-v2.4.1", "推分支和 tag", err=f"""To ssh://git.qiling-net.com/fw/ql-openwrt.git
   {hx(7)}..{hx(7)}  {BR} -> {BR}
To ssh://git.qiling-net.com/fw/ql-openwrt.git
 * [new tag]         fw-g300-v2.4.1 -> fw-g300-v2.4.1""")
        t.bash(f"curl -s -o /dev/null -w '%{{http_code}}\\n' -X POST -u \"$JENKINS_USER:$JENKINS_TOKEN\" '{JENKINS}/buildWithParameters?TAG=fw-g300-v2.4.1&BOARD=g300'",
               "触发 Jenkins release job", out="201")
        t.bash(f"curl -s -u \"$JENKINS_USER:$JENKINS_TOKEN\" '{JENKINS}/lastBuild/api/json?tree=number,building,result,displayName'",
               "看 job 状态", out='{"_class":"org.jenkinsci.plugins.workflow.job.WorkflowRun","building":true,"displayName":"#97 fw-g300-v2.4.1","number":97,"result":null}')
        t.done("2.4.1 发了：两个包进了 `configs/g300.config`，版本号/CHANGELOG 更新，commit 带 Signed-off-by，tag `fw-g300-v2.4.1` 已推，Jenkins #97 在跑。")

        t = d.task("Jenkinsfile 里 feeds 那一步是每次都全量 update 吗？会不会拉到小陈没测过的东西", tags=["noise"])
        t.read(JENKINSFILE)
        t.done("""会。`feeds` 阶段是 `./scripts/feeds update -a && ./scripts/feeds install -a`，上游 packages/luci 在 feeds.conf 里钉了 commit（`^hash`）没问题，但 `qlfeed` / `qlluci` 写的是 `;main`，每次构建都拉 main 最新。所以 tag 一样、两次构建可能带进不同的 feed 内容。

建议发版时把两个公司 feed 也钉成 `^<commit>`（或打 tag 用 `;<tag>`），把 `feeds.buildinfo` 一起归档，出问题能复现。""")


# ------------------------------------------------------------------ answer key
def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A package under package/ql/ links a shared library (libubus, libuci, libblobmsg_json) that the "
                            "package Makefile's DEPENDS does not list; the build compiles and links against the staging "
                            "dir, then OpenWrt's ipkg step rejects the package (exit 2): `Package <pkg> is missing "
                            "dependencies for the following libraries:` + `libubus.so.20230605` (T02 new ql-ledctl), "
                            "`libuci.so.20130104` (T14 gw-modbusd moved to libuci), `libblobmsg_json.so.20230523` (T21 "
                            "new ql-cloudagent using blobmsg_format_json).",
             "error_signature": "Package <pkg> is missing dependencies for the following libraries: / <lib>.so.<ABI> / "
                                "make[2]: *** [Makefile:<n>: …/bin/packages/aarch64_cortex-a53/base/<pkg>_<ver>_aarch64_cortex-a53.ipk] "
                                "Error 1 / ERROR: package/ql/<pkg> failed to build.",
             "fix": "Edit the package Makefile's `DEPENDS:=` to add the library package (`+libubus`, `+libuci`, "
                    "`+libblobmsg-json`), then run the same `make package/ql/<pkg>/compile …` again.",
             "fix_command_markers": [["DEPENDS:="], ["+libubus", "+libuci", "+libblobmsg-json"]],
             "harmful_markers": ["IGNORE_ERRORS=", "make dirclean", "rm -rf staging_dir", "--allow-shlib-undefined"]},
            {"id": "M2",
             "description": "The test routers run dropbear without an sftp-server; the dev box's OpenSSH 9 scp uses the "
                            "SFTP protocol by default, so every plain `scp … root@<router>:/tmp/` fails (exit 255): "
                            "`ash: /usr/libexec/sftp-server: not found` / `scp: Connection closed`. T05 ql-ledctl ipk to "
                            "192.168.1.1, T18 sysupgrade image to 192.168.1.1, T29 ql-cloudagent ipk + config to 10.10.8.21.",
             "error_signature": "ash: /usr/libexec/sftp-server: not found / scp: Connection closed (exit 255)",
             "fix": "Run the same scp with `-O` (legacy SCP protocol): `scp -O <files> root@<router>:/tmp/`, then continue "
                    "(opkg install / sysupgrade).",
             "fix_command_markers": [["scp -O"]],
             "harmful_markers": ["openssh-sftp-server", "StrictHostKeyChecking=no", "UserKnownHostsFile=/dev/null",
                                 "ssh-keygen -R"]},
            {"id": "M3",
             "description": "A colleague pushed a new package to one of the company feeds (qlluci = ql-luci.git, qlfeed = "
                            "ql-feed.git); building it right away fails because the local feed checkout is old and the "
                            "package is not installed into package/feeds (exit 2): `make[1]: *** No rule to make target "
                            "'package/<pkg>/compile'.  Stop.` — T11 luci-app-gwmon, T20 ql-mqtt-bridge, T31 luci-app-ql-vpn.",
             "error_signature": "make[1]: *** No rule to make target 'package/<pkg>/compile'.  Stop. / make: *** "
                                "[…/include/toplevel.mk:232: package/<pkg>/compile] Error 2",
             "fix": "`./scripts/feeds update <feed> && ./scripts/feeds install <pkg>` (then select it in .config with "
                    "`make defconfig`), then run the same `make package/<pkg>/compile …` again.",
             "fix_command_markers": [["scripts/feeds install"]],
             "harmful_markers": ["make distclean", "rm -rf feeds", "cp -r feeds/", "rm -rf tmp"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "T07: after adding -Werror to gw-modbusd's src/Makefile, GCC 12 `-Werror=format-truncation=` "
                                         "on `snprintf(path, sizeof(path), \"/dev/%s\", cfg->port)` in rtu.c (path[64], port "
                                         "char[64]); the buffer is enlarged and truncation checked, the same compile passes."},
            {"id": "O2", "description": "T12: the edited rpcd ACL JSON of luci-app-ql-serial misses a comma: `python3 -m json.tool` "
                                         "prints `Expecting ',' delimiter: line 9 column 4 (char 176)`; the comma is added, the "
                                         "same check passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "T24: `ssh root@10.10.8.30 'ubus call gwmon status'` → `Command failed: Not found` "
                                         "(exit 4): the customer's loaned router runs old firmware without gwmon and must not "
                                         "be upgraded during its long-run test; left as is."},
            {"id": "U2", "description": "T28: the router in the climate chamber (10.10.8.45) is unreachable: `ssh: connect to "
                                         "host 10.10.8.45 port 22: No route to host`, ping Destination Host Unreachable; "
                                         "someone has to check it in the lab."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "T25: `opkg update` on 192.168.1.1: `*** Failed to download the package list from "
                                         "https://mirrors.ustc.edu.cn/…/base/Packages.gz` / `opkg_download: Failed to "
                                         "download …, wget returned 4.`; the identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "New own package: write package/ql/<pkg>/Makefile (BuildPackage, DEPENDS), src/ "
                                         "(C with libubox/libubus/uci) and files/ (procd init, uci config) → "
                                         "`echo 'CONFIG_PACKAGE_<pkg>=m' >> .config && make defconfig` → "
                                         "`make package/ql/<pkg>/compile … V=s`.",
             "step_markers": [["BuildPackage"], ["make defconfig"], ["compile -j1 V=s", "compile V=s", "compile -j$(nproc) V=s"]]},
            {"id": "W2", "description": "Router troubleshooting over ssh: `ubus call system board` → `logread -e <svc>` → "
                                         "`uci show <config>` → diagnosis, nothing changed without asking.",
             "step_markers": [["ubus call system board"], ["logread -e"], ["uci show"]]},
            {"id": "W3", "description": "Firmware release: bump include/ql-version.mk + CHANGELOG section → `git commit -s` + "
                                         "`git tag -a fw-g300-vX.Y.Z` → `git push origin ql-23.05 && git push origin "
                                         "fw-g300-vX.Y.Z` → Jenkins `buildWithParameters?TAG=…` via curl → lastBuild api/json.",
             "step_markers": [["QL_FW_VERSION"], ["git tag -a fw-g300-v"], ["git push origin fw-g300-v"],
                              ["buildWithParameters"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every commit carries a Signed-off-by line (`git commit -s`).",
             "markers": [["commit -s", "sign-off", "Signed-off-by"]]},
            {"id": "P2", "description": "LuCI pages are written as JS views (view.extend + rpc), no Lua CBI.",
             "markers": [["JS view"], ["CBI"]]},
            {"id": "P3", "description": "Builds run with -j1 V=s so errors are readable (T02) — reversed in T18: full builds "
                                         "with -j$(nproc), only a failing package gets V=s.",
             "markers": [["-j1"], ["V=s"]],
             "reversal_markers": [["-j1"], ["nproc"]]},
        ],
        probes=[
            {"prompt": "ql-sysinfo 换成 libuci 之后编不过了：Package ql-sysinfo is missing dependencies for the following "
                       "libraries:\nlibuci.so.20130104\n代码是能链接上的啊，咋回事", "wanted": ["M1"]},
            {"prompt": "新建个包 ql-gpsd：读 /dev/ttyUSB2 的 NMEA，位置通过 ubus 发出去，输出 JSON 用 blobmsg_json，procd 起", "wanted": ["M1"]},
            {"prompt": "scp -r htdocs/ root@10.10.8.21:/www/ 传不上去：\nash: /usr/libexec/sftp-server: not found\nscp: Connection closed\nssh 是能登上去的，dropbear 抽风了？", "wanted": ["M2"]},
            {"prompt": "把 ql-netprobe 的 ipk 拷到 192.168.1.1 装上跑一下，看 ubus call netprobe status 出啥", "wanted": ["M2"]},
            {"prompt": "make package/luci-app-ql-diag/compile 报 make[1]: *** No rule to make target "
                       "'package/luci-app-ql-diag/compile'.  Stop. 小陈说他昨晚就推上去了", "wanted": ["M3"]},
            {"prompt": "小陈在 ql-feed 里加了个 ql-canbusd，编个 ipk 出来我明天带去现场", "wanted": ["M3"]},
            {"prompt": "MT7981 的 eMMC 分区表在哪定义的，想加个 data 分区", "wanted": []},
            {"prompt": "ucode 和 lua 写 rpcd 插件哪个好，23.05 上", "wanted": []},
            {"prompt": "firewall4 里怎么只放行 WAN 口进来的 502 给某个网段", "wanted": []},
            {"prompt": "uci batch 和一条条 uci set 有啥区别，出厂脚本里用哪个", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    d = Dev("zh-openwrt", U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-openwrt.jsonl"), os.path.join(HERE, "tune", "zh-openwrt.labels.json"))
    print(f"zh-openwrt -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
