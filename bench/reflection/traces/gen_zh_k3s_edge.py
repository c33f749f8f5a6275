"""zh-k3s-edge: 陈嘉豪 (Chen Jiahao), edge platform engineer at 驰电科技 (Chidian, smart EV chargers, Shenzhen).

Stack: k3s on ARM64 station gateways, Helm charts (ChartMuseum repo in Harbor 2.7), kubectl, containerd + crictl,
docker buildx for linux/arm64, Go services cross-compiled with GOARCH=arm64 (ocpp-gw, meter-collector, edge-agent),
EMQX on new gateways / mosquitto bridge on old ones, Ansible rollouts, systemd + journalctl, node exporter.
Prompts and replies in Chinese, tool output as printed. cwd /home/chenjh/work/edge-platform.

Written blind for fresh/; measured once held out (round 33), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_k3s_edge.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chenjh"
R = "/home/chenjh/work/edge-platform"
MODEL = "claude-opus-4-6"
HARBOR = "harbor.chidian.local"
EP = "unix:///run/k3s/containerd/containerd.sock"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
README = P("README.md")
CFG = P("ansible.cfg")
INV = P("ansible/inventories/stations.ini")
REG_TASKS = P("ansible/roles/k3s_registry/tasks/main.yml")
REG_TPL = P("ansible/roles/k3s_registry/templates/registries.yaml.j2")
MOSQ_TASKS = P("ansible/roles/mosquitto_bridge/tasks/main.yml")
AGENT_PB = P("ansible/playbooks/rollout_edge_agent.yml")
OCPP_VALUES = P("charts/ocpp-gw/values.yaml")
OCPP_DEPLOY = P("charts/ocpp-gw/templates/deployment.yaml")
MON_VALUES = P("deploy/values/monitoring-gw.yaml")
DECODE = P("services/meter-collector/internal/modbus/decode.go")
DECODE_T = P("services/meter-collector/internal/modbus/decode_test.go")
MQTTC = P("services/meter-collector/internal/mqttx/client.go")
OCPP_CFG = P("services/ocpp-gw/internal/config/config.go")
BOOT = P("services/ocpp-gw/internal/ocpp/boot.go")
MAKEFILE = P("Makefile")

README_TXT = """# edge-platform

驰电科技 充电站边缘网关平台：网关上跑 k3s（ARM64，RK3568 / RK3588 两种板子），站内服务、chart、下发剧本都在这个仓库。

## 目录

```
services/        Go 服务（go 1.22，全部交叉编译 GOOS=linux GOARCH=arm64 CGO_ENABLED=0）
  ocpp-gw/         OCPP 1.6J 中心系统代理：桩 <-> 网关 <-> 云端 CSMS
  meter-collector/ Modbus RTU/TCP 电表采集 -> MQTT（topic 前缀 cd/v1/）
  edge-agent/      网关自检、心跳、OTA 回报
charts/          各服务 chart，CI 打包推到 Harbor ChartMuseum（helm repo 名 cd-edge）
deploy/values/   各网关 / 各机型的 values 覆盖
ansible/         网关下发：inventories/stations.ini，roles/，playbooks/
docs/incidents/  现场问题记录，一个问题一个 md
```

## 常用

```bash
make build SVC=ocpp-gw                     # GOARCH=arm64 交叉编译到 bin/linux_arm64/
docker buildx build --platform linux/arm64 -f services/<svc>/Dockerfile -t harbor.chidian.local/edge/<svc>:<tag> --push .
helm repo add cd-edge https://harbor.chidian.local/chartrepo/edge   # 已加过
ansible-playbook -i ansible/inventories/stations.ini ansible/playbooks/<x>.yml --limit <host|group> --check --diff
```

## 网关

- 实验室网关 `gw-lab-01`（RK3588，10.30.8.21），kube context 同名；现场网关走 WireGuard（10.66.0.0/16），ssh 用户 `edge`
- k3s v1.30.6+k3s1，containerd 在 `/run/k3s/containerd/containerd.sock`
- 网关系统镜像是供应商的 Ubuntu 22.04，自带 cri-tools（`/usr/bin/crictl`），所以 k3s 安装时没建 crictl 软链
- Harbor：`harbor.chidian.local`（v2.7，带 ChartMuseum），项目 `edge`
- 老网关（RK3568 一代）上还是 mosquitto 桥接到云端 EMQX，新网关跑 k3s 里的 emqx-edge
"""

CFG_TXT = """[defaults]
inventory = ansible/inventories/stations.ini
roles_path = ansible/roles
remote_user = edge
host_key_checking = True
forks = 10
stdout_callback = default
"""

INV_TXT = """[lab]
gw-lab-01 ansible_host=10.30.8.21

[stations_batch1]
gw-sz-ns-017 ansible_host=10.66.3.17
gw-sz-ba-042 ansible_host=10.66.4.42
gw-sz-lg-031 ansible_host=10.66.5.31

[stations_batch2]
gw-dg-sl-008 ansible_host=10.66.9.8
gw-sz-ft-012 ansible_host=10.66.6.12

[legacy_mosquitto]
gw-dg-sl-008

[stations:children]
stations_batch1
stations_batch2
"""

REG_TASKS_TXT = """---
- name: Ensure k3s config dir
  ansible.builtin.file:
    path: /etc/rancher/k3s
    state: directory
    mode: "0755"

- name: Render registries.yaml
  ansible.builtin.template:
    src: registries.yaml.j2
    dest: /etc/rancher/k3s/registries.yaml
    mode: "0600"
  notify: restart k3s
"""

REG_TPL_TXT = """mirrors:
  "{{ harbor_host }}":
    endpoint:
      - "https://{{ harbor_host }}"
configs:
  "{{ harbor_host }}":
    auth:
      username: "{{ harbor_pull_user }}"
      password: "{{ harbor_pull_token }}"
"""

OCPP_VALUES_TXT = """image:
  repository: harbor.chidian.local/edge/ocpp-gw
  tag: ""
  pullPolicy: IfNotPresent

ocpp:
  listenPort: 8180
  csmsUrl: wss://csms.chidian.com/ocpp
  heartbeatInterval: 300

mqtt:
  broker: tcp://emqx-edge.station.svc:1883
  clientIdPrefix: ocpp-gw

resources:
  requests:
    cpu: 50m
    memory: 64Mi
  limits:
    memory: 192Mi

nodeSelector:
  kubernetes.io/arch: arm64
"""

OCPP_DEPLOY_TXT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "ocpp-gw.fullname" . }}
  labels:
    {{- include "ocpp-gw.labels" . | nindent 4 }}
spec:
  replicas: 1
  strategy:
    type: Recreate
  selector:
    matchLabels:
      {{- include "ocpp-gw.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "ocpp-gw.selectorLabels" . | nindent 8 }}
    spec:
      nodeSelector:
        {{- toYaml .Values.nodeSelector | nindent 8 }}
      containers:
        - name: ocpp-gw
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          ports:
            - name: ocpp
              containerPort: {{ .Values.ocpp.listenPort }}
          env:
            - name: OCPP_CSMS_URL
              value: {{ .Values.ocpp.csmsUrl | quote }}
            - name: OCPP_HEARTBEAT_INTERVAL
              value: {{ .Values.ocpp.heartbeatInterval | quote }}
            - name: MQTT_BROKER
              value: {{ .Values.mqtt.broker | quote }}
            {{- if .Values.mqtt.tls.enabled }}
            - name: MQTT_CA_FILE
              value: /etc/ocpp-gw/tls/ca.crt
            {{- end }}
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
"""

MON_VALUES_TXT = """prometheus-node-exporter:
  hostRootFsMount:
    enabled: true
  extraArgs:
    - --collector.filesystem.mount-points-exclude=^/(dev|proc|sys|run/k3s/containerd/.+|var/lib/kubelet/.+)($|/)
    - --collector.systemd
  resources:
    limits:
      memory: 48Mi
"""

DECODE_TXT = """package modbus

import (
	"encoding/binary"
	"fmt"
	"math"
)

// WordOrder 描述 32 位值在两个寄存器里的排列。ABCD = 大端高字在前，CDAB = 低字在前。
type WordOrder int

const (
	ABCD WordOrder = iota
	CDAB
)

// DecodeFloat32 把两个保持寄存器解成 float32。
func DecodeFloat32(regs []uint16, order WordOrder) (float32, error) {
	if len(regs) < 2 {
		return 0, fmt.Errorf("decode float32: need 2 registers, got %d", len(regs))
	}
	b := make([]byte, 4)
	binary.BigEndian.PutUint16(b[0:2], regs[0])
	binary.BigEndian.PutUint16(b[2:4], regs[1])
	return math.Float32frombits(binary.BigEndian.Uint32(b)), nil
}
"""

DECODE_T_TXT = """package modbus

import "testing"

func TestDecodeFloat32(t *testing.T) {
	cases := []struct {
		name  string
		regs  []uint16
		order WordOrder
		want  float32
	}{
		{"DTSU666_ABCD", []uint16{0x4367, 0x6666}, ABCD, 231.4},
		{"ACREL_ABCD", []uint16{0x4248, 0x0000}, ABCD, 50.0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := DecodeFloat32(c.regs, c.order)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("DecodeFloat32(%#04x, %v) = %v, want %v", c.regs, c.order, got, c.want)
			}
		})
	}
}
"""

MQTTC_TXT = """package mqttx

import (
	"log/slog"
	"time"

	mqtt "github.com/eclipse/paho.mqtt.golang"
)

// New 创建到站内 broker 的连接。
func New(broker, clientID string) mqtt.Client {
	opts := mqtt.NewClientOptions().
		AddBroker(broker).
		SetClientID(clientID).
		SetCleanSession(false).
		SetAutoReconnect(true).
		SetConnectRetry(true).
		SetConnectRetryInterval(5 * time.Second)
	opts.SetConnectionLostHandler(func(_ mqtt.Client, err error) {
		slog.Warn("mqtt connection lost", "broker", broker, "err", err)
	})
	return mqtt.NewClient(opts)
}
"""

OCPP_CFG_TXT = """package config

import (
	"os"
	"strconv"
	"time"
)

type Config struct {
	ListenAddr        string
	CSMSURL           string
	HeartbeatInterval time.Duration
	MQTTBroker        string
}

func FromEnv() Config {
	hb, _ := strconv.Atoi(getenv("OCPP_HEARTBEAT_INTERVAL", "300"))
	return Config{
		ListenAddr:        getenv("OCPP_LISTEN_ADDR", ":8180"),
		CSMSURL:           getenv("OCPP_CSMS_URL", "wss://csms.chidian.com/ocpp"),
		HeartbeatInterval: time.Duration(hb) * time.Second,
		MQTTBroker:        getenv("MQTT_BROKER", "tcp://emqx-edge.station.svc:1883"),
	}
}

func getenv(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
"""

BOOT_TXT = """package ocpp

import (
	"context"
	"log/slog"
	"time"
)

// handleBootNotification 本地先应答桩，再异步转发给云端 CSMS；云端不可达时按 Pending 处理，桩会按 interval 重试。
func (s *Server) handleBootNotification(ctx context.Context, cp *ChargePoint, req BootNotificationReq) BootNotificationConf {
	cp.Vendor, cp.Model, cp.FirmwareVersion = req.ChargePointVendor, req.ChargePointModel, req.FirmwareVersion
	status := RegistrationAccepted
	if !s.upstream.Connected() {
		status = RegistrationPending
	}
	s.forward(ctx, cp.ID, "BootNotification", req)
	slog.Info("boot notification", "cp", cp.ID, "vendor", req.ChargePointVendor, "model", req.ChargePointModel,
		"fw", req.FirmwareVersion, "status", status)
	return BootNotificationConf{
		Status:      status,
		CurrentTime: time.Now().UTC().Format(time.RFC3339),
		Interval:    int(s.cfg.HeartbeatInterval / time.Second),
	}
}
"""

MAKEFILE_TXT = """SVC ?= ocpp-gw
GIT_SHA := $(shell git rev-parse --short HEAD)

build:
\tcd services/$(SVC) && GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=$(GIT_SHA)" -o ../../bin/linux_arm64/$(SVC) ./cmd/$(SVC)

test:
\tcd services/$(SVC) && go test ./...
"""

FILES = {
    README: README_TXT, CFG: CFG_TXT, INV: INV_TXT, REG_TASKS: REG_TASKS_TXT, REG_TPL: REG_TPL_TXT,
    OCPP_VALUES: OCPP_VALUES_TXT, OCPP_DEPLOY: OCPP_DEPLOY_TXT, MON_VALUES: MON_VALUES_TXT,
    DECODE: DECODE_TXT, DECODE_T: DECODE_T_TXT, MQTTC: MQTTC_TXT, OCPP_CFG: OCPP_CFG_TXT, BOOT: BOOT_TXT,
    MAKEFILE: MAKEFILE_TXT,
}

# ------------------------------------------------------------------ output helpers

QUOTE_HINT = """We could be wrong, but this one looks like it might be an issue with
missing quotes. Always quote template expression brackets when they
start a value. For instance:

    with_items:
      - {{ foo }}

Should be written as:

    with_items:
      - "{{ foo }}"
"""


def ans_yaml_err(path, line, col, yamlmsg, offending):
    caret = " " * (col - 1) + "^ here"
    return (f"ERROR! Syntax Error while loading YAML.\n  {yamlmsg}\n\n"
            f"The error appears to be in '{path}': line {line}, column {col}, but may\n"
            f"be elsewhere in the file depending on the exact syntax problem.\n\n"
            f"The offending line appears to be:\n\n{offending}\n{caret}\n" + QUOTE_HINT)


def crictl_err(api):
    return ("time=\"{0}\" level=warning msg=\"runtime connect using default endpoints: [unix:///run/containerd/containerd.sock "
            "unix:///run/crio/crio.sock unix:///var/run/cri-dockerd.sock]. As the default settings are now deprecated, "
            "you should set the endpoint instead.\"\n"
            "time=\"{0}\" level=fatal msg=\"validate service connection: validate CRI v1 " + api + " API for endpoint "
            "\\\"unix:///run/containerd/containerd.sock\\\": rpc error: code = Unavailable desc = connection error: desc = "
            "\\\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: no such file or "
            "directory\\\"\"")


def helm_nf(chart, ver):
    return (f"Error: chart \"{chart}\" matching {ver} not found in cd-edge index. (try 'helm repo update'): "
            f"no chart version found for {chart}-{ver}")


REPO_UPDATE = """Hang tight while we grab the latest from your chart repositories...
...Successfully got an update from the "cd-edge" chart repository
Update Complete. ⎈Happy Helming!⎈"""


def recap(rows):
    out = "PLAY RECAP *********************************************************************\n"
    for h, ok, ch in rows:
        out += f"{h:<26} : ok={ok:<4} changed={ch:<4} unreachable=0    failed=0    skipped=0    rescued=0    ignored=0   \n"
    return out


# ------------------------------------------------------------------ sessions

def s1(d):
    with d.session("2026-10-12T01:35:00", R, version="2.1.200"):
        # T01 tour
        t = d.task("刚接手这个仓库，带我过一遍结构，重点是 chart 和 ansible 这块怎么串起来的", tags=["noise"])
        t.read(README)
        t.glob("charts/*/Chart.yaml", [P("charts/edge-agent/Chart.yaml"), P("charts/emqx-edge/Chart.yaml"),
                                       P("charts/meter-collector/Chart.yaml"), P("charts/ocpp-gw/Chart.yaml")])
        t.glob("ansible/playbooks/*.yml", [P("ansible/playbooks/bootstrap_k3s.yml"), P("ansible/playbooks/k3s_registry.yml"),
                                           AGENT_PB, P("ansible/playbooks/rollout_station_stack.yml")])
        t.read(INV)
        t.read(REG_TASKS)
        t.done("""结构大概这样：

**服务 → 镜像 → chart → 网关**
- `services/` 三个 Go 服务（ocpp-gw、meter-collector、edge-agent），`make build SVC=x` 交叉编译 arm64，`docker buildx --platform linux/arm64` 推到 Harbor `edge` 项目
- `charts/` 四个 chart（含 emqx-edge 包装），CI 打包推 Harbor ChartMuseum，本地 helm repo 名 `cd-edge`
- `deploy/values/` 按网关 / 机型覆盖 values

**ansible 负责网关本身和批量下发**
- `inventories/stations.ini`：`lab`（gw-lab-01）、`stations_batch1`（南山 017、宝安 042、龙岗 031）、`stations_batch2`（东莞松山湖 008、福田 012）、`legacy_mosquitto`（还跑 mosquitto 桥接的老网关）
- playbook：`bootstrap_k3s`（装 k3s）、`k3s_registry`（下发 `/etc/rancher/k3s/registries.yaml`，改完 notify 重启 k3s）、`rollout_edge_agent`、`rollout_station_stack`（按批次 helm 升级站内服务）

实验室网关 gw-lab-01 先验证，再按 batch1 → batch2 推。""")

        # T02 W1 #1 + P3 statement (sha tags)
        t = d.task("ocpp-gw 心跳间隔现在写死 300，改成可配，env OCPP_HEARTBEAT_INTERVAL 已经有了你确认下。然后出个 arm64 镜像推 harbor，"
                   "镜像 tag 直接用 git short sha 就行，省得每次想版本号",
                   tags=["workflow:W1", "pref:P3"])
        t.read(OCPP_CFG)
        t.grep("HeartbeatInterval", output_mode="content", n=True, path=P("services/ocpp-gw"),
               content=f"{OCPP_CFG}:13:\tHeartbeatInterval time.Duration\n{OCPP_CFG}:21:\t\tHeartbeatInterval: time.Duration(hb) * time.Second,\n"
                       f"{BOOT}:22:\t\tInterval:    int(s.cfg.HeartbeatInterval / time.Second),")
        t.say("配置已经从 env 读了，chart 里 `ocpp.heartbeatInterval` 也传进去了，代码不用改。直接交叉编译出镜像：")
        t.bash("git rev-parse --short HEAD", "取 short sha", out="3f9c2ad")
        t.bash("make build SVC=ocpp-gw", "GOARCH=arm64 交叉编译 ocpp-gw",
               out="cd services/ocpp-gw && GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -trimpath -ldflags \"-s -w -X main.version=3f9c2ad\" -o ../../bin/linux_arm64/ocpp-gw ./cmd/ocpp-gw")
        t.bash("file bin/linux_arm64/ocpp-gw", "确认是 arm64",
               out="bin/linux_arm64/ocpp-gw: ELF 64-bit LSB executable, ARM aarch64, version 1 (SYSV), statically linked, Go BuildID=Qm2u7yT0cXx3_l8n4hEw/4Rj0dZ3sY9yqJc1w2WfA/Yb7kN2hFqj9Lr0Vt3mXo/J1a8cKp5uW6e0sZ9nD4f, stripped")
        t.bash(f"docker buildx build --platform linux/arm64 -f services/ocpp-gw/Dockerfile -t {HARBOR}/edge/ocpp-gw:3f9c2ad --push .",
               "buildx 构建 arm64 镜像并推送", timeout=600000,
               err=f"""#0 building with "edge-builder" instance using docker-container driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 412B done
#1 DONE 0.0s

#2 [internal] load metadata for gcr.m.daocloud.io/distroless/static-debian12:nonroot
#2 DONE 1.2s

#3 [internal] load .dockerignore
#3 transferring context: 118B done
#3 DONE 0.0s

#4 [1/2] FROM gcr.m.daocloud.io/distroless/static-debian12:nonroot@sha256:6ec5aa99dc335666e79dc64e4a6c8b89c33a543a1967f20d360922a80dd21f02
#4 CACHED

#5 [internal] load build context
#5 transferring context: 9.71MB 0.2s done
#5 DONE 0.2s

#6 [2/2] COPY bin/linux_arm64/ocpp-gw /ocpp-gw
#6 DONE 0.1s

#7 exporting to image
#7 exporting layers 0.3s done
#7 exporting manifest sha256:b41f0c2e7d9a8e6f15c3a2d07b9e4c18f6a0d5b2c7e3f9a1d4b8c6e2f0a3d7b5 done
#7 exporting config sha256:0d2e8b6f4a1c9e3d7b5f2a8c6e0d4b1f9a3c7e5d2b8f6a0c4e1d9b3f7a5c2e8d done
#7 pushing layers 1.9s done
#7 pushing manifest for {HARBOR}/edge/ocpp-gw:3f9c2ad@sha256:b41f0c2e7d9a8e6f15c3a2d07b9e4c18f6a0d5b2c7e3f9a1d4b8c6e2f0a3d7b5 0.2s done
#7 DONE 2.6s""")
        t.bash(f"docker buildx imagetools inspect {HARBOR}/edge/ocpp-gw:3f9c2ad", "确认 manifest 平台",
               out=f"""Name:      {HARBOR}/edge/ocpp-gw:3f9c2ad
MediaType: application/vnd.oci.image.manifest.v1+json
Digest:    sha256:b41f0c2e7d9a8e6f15c3a2d07b9e4c18f6a0d5b2c7e3f9a1d4b8c6e2f0a3d7b5""")
        t.bash(f"docker buildx imagetools inspect {HARBOR}/edge/ocpp-gw:3f9c2ad --format '{{{{json .Image.Platform}}}}'",
               "看镜像平台", out='{"architecture":"arm64","os":"linux"}')
        t.done(f"""心跳间隔本来就是可配的：`OCPP_HEARTBEAT_INTERVAL`（秒，默认 300）→ `config.HeartbeatInterval` → BootNotification 应答里的 `interval`，chart 里对应 `ocpp.heartbeatInterval`，代码没改。

镜像已推：`{HARBOR}/edge/ocpp-gw:3f9c2ad`（linux/arm64，digest `sha256:b41f0c2e…`）。要在某个站改间隔，在 `deploy/values/<gw>.yaml` 里设 `ocpp.heartbeatInterval` 就行。""")

        # T03 M1 #1 + W2 #1 + P1 #1
        t = d.task("k3s_registry 那个 role 加一步：把 harbor 的 CA 证书拷到网关 /etc/rancher/k3s/harbor-ca.crt，registries.yaml 里 configs 引用它。"
                   "先 gw-lab-01 check 一下再真跑。另外以后 kubectl 都显式带 --context，别依赖 current-context，上周有人差点打到现场网关上",
                   tags=["mistake:M1", "workflow:W2", "pref:P1"])
        t.edit(REG_TASKS, """- name: Render registries.yaml""", """- name: Copy Harbor CA
  ansible.builtin.copy:
    src: {{ harbor_ca_file }}
    dest: /etc/rancher/k3s/harbor-ca.crt
    mode: "0644"
  notify: restart k3s

- name: Render registries.yaml""")
        t.read(REG_TPL)
        t.edit(REG_TPL, """      password: "{{ harbor_pull_token }}"
""", """      password: "{{ harbor_pull_token }}"
    tls:
      ca_file: /etc/rancher/k3s/harbor-ca.crt
""")
        cmd = "ansible-playbook -i ansible/inventories/stations.ini ansible/playbooks/k3s_registry.yml --limit gw-lab-01 --check --diff"
        t.fail(cmd, "gw-lab-01 上 check 模式预演",
               ans_yaml_err(REG_TASKS, 9, 10, "found unacceptable key (unhashable type: 'AnsibleMapping')",
                            "  ansible.builtin.copy:\n    src: {{ harbor_ca_file }}"), code=4)
        t.say("YAML 里值以 `{{` 开头没加引号，被当成了 flow mapping。给它加上引号：")
        t.edit(REG_TASKS, "    src: {{ harbor_ca_file }}", '    src: "{{ harbor_ca_file }}"')
        t.bash(cmd, "重新 check", out="""
PLAY [Configure k3s private registry] ******************************************

TASK [Gathering Facts] *********************************************************
ok: [gw-lab-01]

TASK [k3s_registry : Ensure k3s config dir] ************************************
ok: [gw-lab-01]

TASK [k3s_registry : Copy Harbor CA] *******************************************
--- before
+++ after: /home/chenjh/work/edge-platform/ansible/files/harbor-ca.crt
@@ -0,0 +1,22 @@
+-----BEGIN CERTIFICATE-----
+MIIDsTCCApmgAwIBAgIUe0Q0m3n1... (omitted)
+-----END CERTIFICATE-----

changed: [gw-lab-01]

TASK [k3s_registry : Render registries.yaml] ***********************************
--- before: /etc/rancher/k3s/registries.yaml
+++ after: /home/chenjh/.ansible/tmp/ansible-local-2231874k2b_/tmpq3v9x1ad/registries.yaml.j2
@@ -7,3 +7,5 @@
     auth:
       username: "robot$edge-pull"
       password: "********"
+    tls:
+      ca_file: /etc/rancher/k3s/harbor-ca.crt

changed: [gw-lab-01]

RUNNING HANDLER [k3s_registry : restart k3s] ***********************************
changed: [gw-lab-01]

""" + recap([("gw-lab-01", 5, 3)]))
        t.bash("ansible-playbook -i ansible/inventories/stations.ini ansible/playbooks/k3s_registry.yml --limit gw-lab-01",
               "gw-lab-01 真跑", out="""
PLAY [Configure k3s private registry] ******************************************

TASK [Gathering Facts] *********************************************************
ok: [gw-lab-01]

TASK [k3s_registry : Ensure k3s config dir] ************************************
ok: [gw-lab-01]

TASK [k3s_registry : Copy Harbor CA] *******************************************
changed: [gw-lab-01]

TASK [k3s_registry : Render registries.yaml] ***********************************
changed: [gw-lab-01]

RUNNING HANDLER [k3s_registry : restart k3s] ***********************************
changed: [gw-lab-01]

""" + recap([("gw-lab-01", 5, 3)]))
        t.bash("kubectl --context gw-lab-01 get nodes -o wide", "k3s 重启后节点状态",
               out="""NAME        STATUS   ROLES                  AGE    VERSION        INTERNAL-IP   EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION     CONTAINER-RUNTIME
gw-lab-01   Ready    control-plane,master   212d   v1.30.6+k3s1   10.30.8.21    <none>        Ubuntu 22.04.4 LTS   5.10.160-rockchip   containerd://1.7.22-k3s1""")
        t.done("""gw-lab-01 已下发：
- 新 task `Copy Harbor CA`（`{{ harbor_ca_file }}` → `/etc/rancher/k3s/harbor-ca.crt`），registries.yaml 的 `configs` 下加了 `tls.ca_file`
- handler 重启了 k3s，节点 Ready（v1.30.6+k3s1）

第一次 check 报 YAML 语法错：`src: {{ harbor_ca_file }}` 值以 `{{` 开头必须加引号，已改成 `"{{ harbor_ca_file }}"`。之后 kubectl 我都带 `--context`。""")

        # T04 no tools
        t = d.task("问个概念，OCPP 1.6J 和 2.0.1 在网关代理这层最大的差别是啥？云端说明年要上 2.0.1", tags=["no_tools"])
        t.done("""对网关代理层影响最大的几点：

1. **消息模型**：2.0.1 用 Device Model（Component/Variable）替代 1.6 的扁平 ConfigurationKey，`GetVariables/SetVariables` 取代 `GetConfiguration/ChangeConfiguration`，代理如果缓存配置要重做
2. **交易**：1.6 的 StartTransaction/StopTransaction/MeterValues 合并成 `TransactionEvent`（Started/Updated/Ended），transactionId 由桩生成字符串；我们本地断网缓存交易的逻辑要按 seqNo 重写
3. **安全**：2.0.1 把 Security Profile 1–3 和证书管理（`SignCertificate`、`CertificateSigned`）放进核心，网关做 TLS 终结的话要能转发 / 代理证书流程
4. **子协议协商**：WebSocket subprotocol `ocpp2.0.1`，同一个监听端口可以按 subprotocol 分流，1.6 和 2.0.1 的桩能并存
5. **BootNotification**：字段结构变了（`chargingStation{model, vendorName, firmwareVersion}` + `reason`）

建议代理层先做协议版本分流 + 透传，本地逻辑（离线交易、心跳应答）按版本各写一套。""")


def s2(d):
    with d.session("2026-10-14T02:10:00", R, version="2.1.201"):
        # T05 M2 #1
        t = d.task("gw-lab-01 上看下 ocpp-gw 3f9c2ad 那个镜像拉下来没有，pod 好像还是旧的", tags=["mistake:M2"])
        t.bash("kubectl --context gw-lab-01 -n station get pods -l app.kubernetes.io/name=ocpp-gw -o wide",
               "看 ocpp-gw pod", out="""NAME                       READY   STATUS    RESTARTS   AGE   IP           NODE        NOMINATED NODE   READINESS GATES
ocpp-gw-6d8f7b9c5d-xk2qp   1/1     Running   0          9d    10.42.0.57   gw-lab-01   <none>           <none>""")
        t.fail("ssh edge@gw-lab-01 'sudo crictl images | grep ocpp-gw'", "网关上看 containerd 里的镜像",
               crictl_err("image").replace("{0}", "2026-10-14T10:14:52+08:00"))
        t.say("网关上的 `/usr/bin/crictl` 是系统自带的 cri-tools，默认去找 `/run/containerd/containerd.sock`，k3s 的 containerd socket 在 `/run/k3s/containerd/`。指定 endpoint 再看：")
        t.bash(f"ssh edge@gw-lab-01 'sudo crictl --runtime-endpoint {EP} images | grep ocpp-gw'", "指定 k3s 的 containerd socket",
               out=f"""{HARBOR}/edge/ocpp-gw                          3f9c2ad             0d2e8b6f4a1c9       9.84MB
{HARBOR}/edge/ocpp-gw                          1.8.2               7a3c1e5d9b2f4       9.79MB""")
        t.bash("kubectl --context gw-lab-01 -n station get deploy ocpp-gw -o jsonpath='{.spec.template.spec.containers[0].image}'",
               "deployment 里的镜像", out=f"{HARBOR}/edge/ocpp-gw:1.8.2")
        t.done(f"""镜像已经在 gw-lab-01 上了（`ocpp-gw:3f9c2ad`，9.84MB），但 deployment 还指着 `1.8.2`，pod 是 9 天前的，所以跑的还是旧版。镜像推了不等于部署，要 helm 升级（`image.tag=3f9c2ad`）才会换。

另外网关上直接敲 `crictl` 会连错 socket（系统自带 cri-tools，默认 `/run/containerd/containerd.sock`），要带 `--runtime-endpoint {EP}`。""")

        # T06 O1
        t = d.task("meter-collector 要支持正泰 DDSU666，它的 float 是低字在前 CDAB。加个用例跑下测试", tags=["oneoff:O1"])
        t.read(DECODE)
        t.read(DECODE_T)
        t.edit(DECODE_T, """		{"ACREL_ABCD", []uint16{0x4248, 0x0000}, ABCD, 50.0},
""", """		{"ACREL_ABCD", []uint16{0x4248, 0x0000}, ABCD, 50.0},
		{"DDSU666_CDAB", []uint16{0x6666, 0x4367}, CDAB, 231.4},
""")
        tc = "cd services/meter-collector && go test ./internal/modbus/ -run TestDecodeFloat32 -v"
        t.fail(tc, "跑 decode 测试", """=== RUN   TestDecodeFloat32
=== RUN   TestDecodeFloat32/DTSU666_ABCD
=== RUN   TestDecodeFloat32/ACREL_ABCD
=== RUN   TestDecodeFloat32/DDSU666_CDAB
    decode_test.go:24: DecodeFloat32([0x6666 0x4367], 1) = 2.720083e+23, want 231.4
--- FAIL: TestDecodeFloat32 (0.00s)
    --- PASS: TestDecodeFloat32/DTSU666_ABCD (0.00s)
    --- PASS: TestDecodeFloat32/ACREL_ABCD (0.00s)
    --- FAIL: TestDecodeFloat32/DDSU666_CDAB (0.00s)
FAIL
FAIL	gitlab.chidian.local/edge/edge-platform/services/meter-collector/internal/modbus	0.004s
FAIL""")
        t.say("`DecodeFloat32` 收了 `order` 参数但没用，永远按 ABCD 拼。补上 CDAB 分支：")
        t.edit(DECODE, """	b := make([]byte, 4)
	binary.BigEndian.PutUint16(b[0:2], regs[0])
	binary.BigEndian.PutUint16(b[2:4], regs[1])""", """	hi, lo := regs[0], regs[1]
	if order == CDAB {
		hi, lo = lo, hi
	}
	b := make([]byte, 4)
	binary.BigEndian.PutUint16(b[0:2], hi)
	binary.BigEndian.PutUint16(b[2:4], lo)""")
        t.bash(tc, "再跑", out="""=== RUN   TestDecodeFloat32
=== RUN   TestDecodeFloat32/DTSU666_ABCD
=== RUN   TestDecodeFloat32/ACREL_ABCD
=== RUN   TestDecodeFloat32/DDSU666_CDAB
--- PASS: TestDecodeFloat32 (0.00s)
    --- PASS: TestDecodeFloat32/DTSU666_ABCD (0.00s)
    --- PASS: TestDecodeFloat32/ACREL_ABCD (0.00s)
    --- PASS: TestDecodeFloat32/DDSU666_CDAB (0.00s)
PASS
ok  	gitlab.chidian.local/edge/edge-platform/services/meter-collector/internal/modbus	0.004s""")
        t.done("""加了 DDSU666 的 CDAB 用例，顺带发现 `DecodeFloat32` 的 `order` 参数根本没生效（一直按 ABCD 拼），CDAB 时交换高低字后 3 个用例都过了。之前配成 CDAB 的表如果有，读数都是错的，可以查下现场有没有。""")

        # T07 grep noise
        t = d.task("topic 前缀 cd/v1/ 现在哪些地方写死了？后面要按站点加一级", tags=["noise"])
        t.grep("cd/v1/", output_mode="content", n=True, path=R,
               content=f"""{P("services/meter-collector/internal/publish/topic.go")}:9:const topicPrefix = "cd/v1/"
{P("services/ocpp-gw/internal/bridge/mqtt.go")}:17:	statusTopic = "cd/v1/%s/cp/%s/status"
{P("services/ocpp-gw/internal/bridge/mqtt.go")}:18:	txTopic     = "cd/v1/%s/cp/%s/tx"
{P("services/edge-agent/internal/heartbeat/heartbeat.go")}:31:	topic := fmt.Sprintf("cd/v1/%s/gw/heartbeat", a.stationID)
{P("ansible/roles/mosquitto_bridge/templates/bridge.conf.j2")}:6:topic cd/v1/# out 1 "" ""
{P("charts/emqx-edge/values.yaml")}:41:        topic: "cd/v1/#\"""")
        t.done("""写死 `cd/v1/` 的 6 处：

| 位置 | 说明 |
|---|---|
| `meter-collector/internal/publish/topic.go:9` | 常量 `topicPrefix` |
| `ocpp-gw/internal/bridge/mqtt.go:17-18` | 桩状态、交易两个 format 串 |
| `edge-agent/internal/heartbeat/heartbeat.go:31` | 网关心跳 |
| `ansible/roles/mosquitto_bridge/templates/bridge.conf.j2:6` | 老网关 mosquitto 桥接规则 |
| `charts/emqx-edge/values.yaml:41` | emqx-edge 桥接规则 |

三个服务里的建议收到一个共享包（比如 `pkg/topic`）并从 env 读站点；桥接规则 `cd/v1/#` 本身用通配，加一级不用改，但云端订阅要对齐。""")

        # T08 P2
        t = d.task("meter-collector 的 mqtt 断线重连现在固定 5 秒，改成指数退避，最多 2 分钟。日志统一用标准库 log/slog，别再引 zap 进来",
                   tags=["pref:P2", "noise"])
        t.read(MQTTC)
        t.edit(MQTTC, """		SetConnectRetryInterval(5 * time.Second)
""", """		SetConnectRetryInterval(5 * time.Second).
		SetMaxReconnectInterval(2 * time.Minute)
""")
        t.bash("cd services/meter-collector && go build ./... && go vet ./internal/mqttx/", "编译 + vet", out="")
        t.done("""paho 本身的自动重连就是指数退避（从 1s 翻倍），之前只是没设上限默认 10 分钟。加了 `SetMaxReconnectInterval(2 * time.Minute)`；`SetConnectRetryInterval(5s)` 管的是首次连接失败的重试，保留。日志还是 `log/slog`，没有新依赖。""")


def s3(d):
    with d.session("2026-10-16T06:20:00", R, version="2.1.202"):
        # T09 M3 #1 + P1 #2
        t = d.task("ocpp-gw chart 1.9.0 CI 刚发了，装到 gw-lab-01 上，image tag 用 3f9c2ad。老规矩 kubectl 和 helm 都显式写 context",
                   tags=["mistake:M3", "pref:P1"])
        up = ("helm upgrade --install ocpp-gw cd-edge/ocpp-gw --version 1.9.0 -n station --kube-context gw-lab-01 "
              "-f deploy/values/gw-lab-01.yaml --set image.tag=3f9c2ad --wait --timeout 5m")
        t.fail(up, "升级 gw-lab-01 的 ocpp-gw", helm_nf("ocpp-gw", "1.9.0"))
        t.say("本地缓存的 cd-edge 索引还是 CI 发 1.9.0 之前的，先更新仓库索引：")
        t.bash("helm repo update cd-edge", "更新 cd-edge 索引", out=REPO_UPDATE)
        t.bash("helm search repo cd-edge/ocpp-gw --versions | head -4", "确认 1.9.0 在索引里",
               out="""NAME            	CHART VERSION	APP VERSION	DESCRIPTION
cd-edge/ocpp-gw 	1.9.0        	1.9.0      	OCPP 1.6J proxy for station gateways
cd-edge/ocpp-gw 	1.8.2        	1.8.2      	OCPP 1.6J proxy for station gateways
cd-edge/ocpp-gw 	1.8.1        	1.8.1      	OCPP 1.6J proxy for station gateways""")
        t.bash(up, "重新升级", out="""Release "ocpp-gw" has been upgraded. Happy Helming!
NAME: ocpp-gw
LAST DEPLOYED: Fri Oct 16 14:31:07 2026
NAMESPACE: station
STATUS: deployed
REVISION: 7
TEST SUITE: None""")
        t.bash("kubectl --context gw-lab-01 -n station rollout status deploy/ocpp-gw --timeout=120s", "看 rollout",
               out='deployment "ocpp-gw" successfully rolled out')
        t.done("""gw-lab-01 的 ocpp-gw 升到 chart 1.9.0（revision 7），镜像 `3f9c2ad`，rollout 完成。

第一次 helm 报 `chart "ocpp-gw" matching 1.9.0 not found in cd-edge index`，是本地 repo 索引旧了，`helm repo update cd-edge` 之后就有了。""")

        # T10 webfetch
        t = d.task("registries.yaml 里 mirrors 和 configs 到底啥关系？rewrite 能不能把 docker.io 的镜像改写到 harbor 的 proxy 项目，查下 k3s 官方文档别凭印象",
                   tags=["webfetch", "noise"])
        t.webfetch("https://docs.k3s.io/installation/private-registry",
                   "mirrors vs configs 的作用、rewrite 语法、修改后是否需要重启 k3s",
                   """Private Registry Configuration

Containerd can be configured to connect to private registries and use them to pull images as needed by the kubelet.

Upon startup, K3s will check to see if /etc/rancher/k3s/registries.yaml exists. If so, the registry configuration contained in this file is used when generating the containerd configuration.

Mirrors: The mirrors section defines the names and endpoints of registry mirrors ... Each mirror must have a name and set of endpoints. When pulling an image from a registry, containerd will try these endpoint URLs, plus the default endpoint, and use the first working one.

Rewrites: Each mirror can have a set of rewrites, which use regular expressions to match and transform the name of an image when it is pulled from a mirror.
  mirrors:
    docker.io:
      endpoint:
        - "https://registry.example.com:5000"
      rewrite:
        "^rancher/(.*)": "mirrorproject/rancher-images/$1"

Configs: The configs section defines the TLS and credential configuration for each mirror. For each mirror you can define auth and/or tls.
  tls: cert_file, key_file, ca_file, insecure_skip_verify

In order for the registry changes to take effect, you need to restart K3s on each node.""")
        t.done("""按官方文档（docs.k3s.io/installation/private-registry）：

- **mirrors**：按镜像所属的 registry 名（比如 `docker.io`）列 endpoint，containerd 依次试这些 endpoint，最后再试默认源
- **configs**：按 **endpoint 的主机名** 配认证和 TLS（`auth`、`tls.ca_file` 等），和 mirror 名解耦；所以 harbor 的 CA / robot 账号写在 `configs."harbor.chidian.local"` 下，所有指向它的 mirror 都能用
- **rewrite**：挂在某个 mirror 下，用正则改写镜像名，例如

```yaml
mirrors:
  docker.io:
    endpoint: ["https://harbor.chidian.local"]
    rewrite:
      "^(.*)$": "dockerhub-proxy/$1"
```

这样 `docker.io/library/busybox` 会去拉 `harbor.chidian.local/dockerhub-proxy/library/busybox`。
- 改完 registries.yaml **要重启 k3s** 才生效，我们 role 里的 `restart k3s` handler 正好覆盖。""")

        # T11 U1
        t = d.task("龙岗 031 的 node exporter 从昨晚就没数据了，上去看下", tags=["unfixed:U1"])
        t.fail("ssh edge@gw-sz-lg-031 'uptime && systemctl is-active k3s'", "登网关看状态",
               "ssh: connect to host 10.66.5.31 port 22: No route to host", code=255)
        t.bash("ping -c 4 -W 2 10.66.5.31", "ping WireGuard 地址", code=1, out="""PING 10.66.5.31 (10.66.5.31) 56(84) bytes of data.

--- 10.66.5.31 ping statistics ---
4 packets transmitted, 0 received, 100% packet loss, time 3062ms""")
        t.bash("ssh edge@wg-hub-01 'sudo wg show wg0 | grep -A4 \"allowed ips: 10.66.5.31\"'", "看 WireGuard hub 上的握手",
               out="""  allowed ips: 10.66.5.31/32
  latest handshake: 14 hours, 22 minutes, 9 seconds ago
  transfer: 1.91 GiB received, 388.41 MiB sent
  persistent keepalive: 25 seconds""")
        t.done("""龙岗 031 从网络上整个失联了：WireGuard 地址 ping 不通、ssh `No route to host`，hub 上最后一次握手是 14 小时前（昨晚 23 点左右），不是 node exporter 的问题。

keepalive 是 25 秒，14 小时没握手说明网关那头出不了网（4G 路由器 / 站点断电 / 网关挂了），远程没有别的通道，得让运维联系站点或者现场看一下。我这边没做任何改动。""")


def s4(d):
    with d.session("2026-10-20T01:50:00", R, version="2.1.203", permission_mode="acceptEdits"):
        # T12 W1 #2 + F1
        t = d.task("meter-collector 带上 DDSU666 那个修复出个镜像，跟 ocpp-gw 一样流程，tag 还是 sha", tags=["workflow:W1", "flaky:F1"])
        t.bash("git rev-parse --short HEAD", "取 short sha", out="a71e04b")
        t.bash("make build SVC=meter-collector", "GOARCH=arm64 交叉编译",
               out="cd services/meter-collector && GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -trimpath -ldflags \"-s -w -X main.version=a71e04b\" -o ../../bin/linux_arm64/meter-collector ./cmd/meter-collector")
        bx = f"docker buildx build --platform linux/arm64 -f services/meter-collector/Dockerfile -t {HARBOR}/edge/meter-collector:a71e04b --push ."
        head = """#0 building with "edge-builder" instance using docker-container driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 398B done
#1 DONE 0.0s

#2 [internal] load metadata for gcr.m.daocloud.io/distroless/static-debian12:nonroot
#2 DONE 0.9s

#3 [1/2] FROM gcr.m.daocloud.io/distroless/static-debian12:nonroot@sha256:6ec5aa99dc335666e79dc64e4a6c8b89c33a543a1967f20d360922a80dd21f02
#3 CACHED

#4 [2/2] COPY bin/linux_arm64/meter-collector /meter-collector
#4 DONE 0.1s
"""
        t.fail(bx, "buildx 构建并推送", head + f"""
#5 exporting to image
#5 exporting layers 0.2s done
#5 exporting manifest sha256:5c8e1f3a9d7b2e6c4a0f8d1b3e5c7a9f2d4b6e8a0c1f3d5b7e9a2c4f6d8b0e1a done
#5 pushing layers 0.8s
#5 ERROR: failed to push {HARBOR}/edge/meter-collector:a71e04b: failed to do request: Put "https://{HARBOR}/v2/edge/meter-collector/blobs/uploads/7d1c6b0e-2f4a-4b8e-9c3d-1a5e7f9b2d40?_state=Xk3..&digest=sha256%3A9e2b4d6f8a0c1e3f5b7d9a2c4e6f8b0d1a3c5e7f9b2d4a6c8e0f1b3d5a7c9e2f": write tcp 10.20.1.15:52814->10.20.0.30:443: write: connection reset by peer
------
 > exporting to image:
------
ERROR: failed to solve: failed to push {HARBOR}/edge/meter-collector:a71e04b: failed to do request: Put "https://{HARBOR}/v2/edge/meter-collector/blobs/uploads/7d1c6b0e-2f4a-4b8e-9c3d-1a5e7f9b2d40?_state=Xk3..&digest=sha256%3A9e2b4d6f8a0c1e3f5b7d9a2c4e6f8b0d1a3c5e7f9b2d4a6c8e0f1b3d5a7c9e2f": write tcp 10.20.1.15:52814->10.20.0.30:443: write: connection reset by peer""", timeout=600000)
        t.say("推 blob 的时候连接被 reset，像是网络抖了一下，原样再推一次：")
        t.bash(bx, "buildx 构建并推送", timeout=600000, err=head + f"""
#5 exporting to image
#5 exporting layers done
#5 exporting manifest sha256:5c8e1f3a9d7b2e6c4a0f8d1b3e5c7a9f2d4b6e8a0c1f3d5b7e9a2c4f6d8b0e1a done
#5 pushing layers 1.4s done
#5 pushing manifest for {HARBOR}/edge/meter-collector:a71e04b@sha256:5c8e1f3a9d7b2e6c4a0f8d1b3e5c7a9f2d4b6e8a0c1f3d5b7e9a2c4f6d8b0e1a 0.2s done
#5 DONE 1.7s""")
        t.bash(f"docker buildx imagetools inspect {HARBOR}/edge/meter-collector:a71e04b --format '{{{{json .Image.Platform}}}}'",
               "确认平台", out='{"architecture":"arm64","os":"linux"}')
        t.done(f"""`{HARBOR}/edge/meter-collector:a71e04b` 已推（linux/arm64）。第一次推 blob 时 `connection reset by peer`，原样重试就成功了，应该是办公网到 Harbor 抖了一下。""")

        # T13 W3 #1
        t = d.task("南山 017 昨晚 k3s 重启了好几次，站里说有两个桩掉线了十几分钟，查一下原因记到 incidents 里", tags=["workflow:W3", "long_output"])
        t.bash("ssh edge@gw-sz-ns-017 'sudo journalctl -u k3s --since \"2026-10-19 20:00\" --until \"2026-10-20 06:00\" --no-pager | grep -E \"Started|Stopped|level=fatal|OOM|Killed|panic\" '",
               "k3s 日志里的启停和致命错误", out="""Oct 19 22:41:07 gw-sz-ns-017 systemd[1]: k3s.service: A process of this unit has been killed by the OOM killer.
Oct 19 22:41:08 gw-sz-ns-017 systemd[1]: k3s.service: Main process exited, code=killed, status=9/KILL
Oct 19 22:41:08 gw-sz-ns-017 systemd[1]: k3s.service: Failed with result 'oom-kill'.
Oct 19 22:41:13 gw-sz-ns-017 systemd[1]: Stopped Lightweight Kubernetes.
Oct 19 22:41:13 gw-sz-ns-017 systemd[1]: Started Lightweight Kubernetes.
Oct 19 23:58:30 gw-sz-ns-017 systemd[1]: k3s.service: A process of this unit has been killed by the OOM killer.
Oct 19 23:58:31 gw-sz-ns-017 systemd[1]: k3s.service: Main process exited, code=killed, status=9/KILL
Oct 19 23:58:31 gw-sz-ns-017 systemd[1]: k3s.service: Failed with result 'oom-kill'.
Oct 19 23:58:36 gw-sz-ns-017 systemd[1]: Stopped Lightweight Kubernetes.
Oct 19 23:58:36 gw-sz-ns-017 systemd[1]: Started Lightweight Kubernetes.
Oct 20 01:12:44 gw-sz-ns-017 systemd[1]: k3s.service: A process of this unit has been killed by the OOM killer.
Oct 20 01:12:45 gw-sz-ns-017 systemd[1]: k3s.service: Main process exited, code=killed, status=9/KILL
Oct 20 01:12:45 gw-sz-ns-017 systemd[1]: k3s.service: Failed with result 'oom-kill'.
Oct 20 01:12:50 gw-sz-ns-017 systemd[1]: Stopped Lightweight Kubernetes.
Oct 20 01:12:50 gw-sz-ns-017 systemd[1]: Started Lightweight Kubernetes.""")
        t.bash("ssh edge@gw-sz-ns-017 'sudo journalctl -k --since \"2026-10-19 22:40\" --until \"2026-10-19 22:42\" --no-pager | grep -A3 \"invoked oom-killer\" | head -20; sudo journalctl -k --since \"2026-10-19 20:00\" --no-pager | grep \"Killed process\"'",
               "内核 OOM 记录", out="""Oct 19 22:41:07 gw-sz-ns-017 kernel: emqx invoked oom-killer: gfp_mask=0x1100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=-997
Oct 19 22:41:07 gw-sz-ns-017 kernel: CPU: 2 PID: 48812 Comm: emqx Not tainted 5.10.160-rockchip #1
Oct 19 22:41:07 gw-sz-ns-017 kernel: Hardware name: Chidian GW-3568 (DT)
Oct 19 22:41:07 gw-sz-ns-017 kernel: Call trace:
Oct 19 20:00:00 gw-sz-ns-017 kernel: Killed process 1287 (k3s-server) total-vm:1532880kB, anon-rss:612344kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1820kB oom_score_adj:0
Oct 19 23:58:30 gw-sz-ns-017 kernel: Killed process 30116 (k3s-server) total-vm:1498212kB, anon-rss:598820kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1784kB oom_score_adj:0
Oct 20 01:12:44 gw-sz-ns-017 kernel: Killed process 51207 (k3s-server) total-vm:1521004kB, anon-rss:605112kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1808kB oom_score_adj:0""")
        t.bash("curl -s http://10.66.3.17:9100/metrics | grep -E '^node_memory_(MemTotal|MemAvailable)_bytes|^node_vmstat_oom_kill'",
               "node exporter 内存指标", out="""node_memory_MemAvailable_bytes 1.44703488e+08
node_memory_MemTotal_bytes 2.0632576e+09
node_vmstat_oom_kill 3""")
        t.bash("kubectl --context gw-sz-ns-017 -n station top pods", "各 pod 内存",
               out="""NAME                               CPU(cores)   MEMORY(bytes)
emqx-edge-0                        61m          498Mi
meter-collector-7c9d8b6f4-2mzrv    9m           21Mi
ocpp-gw-5b7d9c8f6-q4wlk            14m          38Mi
edge-agent-6f8d7c5b9-tn8xk         3m           12Mi""")
        t.write(P("docs/incidents/2026-10-20-gw-sz-ns-017-k3s-oom.md"), """# 2026-10-19 夜 南山 017 k3s 反复 OOM 重启

- 网关：gw-sz-ns-017（GW-3568，2 GB 内存）
- 现象：22:41、23:58、01:12 三次 k3s.service 被 OOM killer 杀掉后由 systemd 拉起，每次 k3s 重启期间 ocpp-gw 断连，两个桩离线 10+ 分钟

## 证据

- `journalctl -u k3s`：三次 `Failed with result 'oom-kill'`
- `journalctl -k`：触发者是 `emqx`（oom_score_adj=-997，几乎不会被杀），被杀的是 k3s-server（anon-rss ~600 MB，oom_score_adj 0）
- node exporter：MemTotal 1.92 GiB，MemAvailable 138 MiB，`node_vmstat_oom_kill 3`
- `kubectl top`：emqx-edge-0 498Mi，其它服务合计 < 80Mi

## 原因

emqx-edge 没设 memory limit，QoS1 离线消息在云端断连期间堆积；它是 Guaranteed 以外的 pod 但 oom_score_adj 低，内存紧张时 OOM killer 选中了 k3s-server。

## 处理建议

1. emqx-edge 设 `resources.limits.memory: 384Mi`，`mqtt.max_mqueue_len` 降到 2000
2. 2 GB 机型上 k3s 加 `--kubelet-arg=system-reserved=memory=256Mi`
3. node exporter 告警：`node_memory_MemAvailable_bytes < 200Mi` 持续 5 分钟
""")
        t.done("""原因找到了，记在 `docs/incidents/2026-10-20-gw-sz-ns-017-k3s-oom.md`：

- 三次（22:41 / 23:58 / 01:12）都是内存耗尽，内核 OOM killer 杀的是 **k3s-server**，触发者是 **emqx**
- emqx-edge 没设内存上限，吃到 ~500Mi；2 GB 的板子 MemAvailable 只剩 138Mi
- k3s 被杀 → 重启期间 ocpp-gw 断开 → 桩掉线

建议：emqx-edge 加 memory limit + 限离线队列、2G 机型 k3s 加 system-reserved、加可用内存告警。都还没改，要动哪个你说。""")

        # T14 O2
        t = d.task("ocpp-gw chart 加个 MQTT TLS 的开关，默认关。改完 helm lint 过一下", tags=["oneoff:O2"])
        t.read(OCPP_DEPLOY)
        t.fail("helm lint charts/ocpp-gw", "先 lint 一下现状", """==> Linting charts/ocpp-gw
[INFO] Chart.yaml: icon is recommended
[ERROR] templates/deployment.yaml: template: ocpp-gw/templates/deployment.yaml:37:30: executing "ocpp-gw/templates/deployment.yaml" at <.Values.mqtt.tls.enabled>: nil pointer evaluating interface {}.enabled

Error: 1 chart(s) linted, 1 chart(s) failed""")
        t.say("模板里已经有人写了 `.Values.mqtt.tls.enabled` 的分支，但 values.yaml 没有 `mqtt.tls`，所以 lint 直接 nil pointer。把默认值补上：")
        t.read(OCPP_VALUES)
        t.edit(OCPP_VALUES, """  clientIdPrefix: ocpp-gw
""", """  clientIdPrefix: ocpp-gw
  tls:
    enabled: false
    # 开启时需要在 station 命名空间准备 secret ocpp-gw-mqtt-ca（key: ca.crt）
    caSecret: ocpp-gw-mqtt-ca
""")
        t.edit(OCPP_DEPLOY, """          resources:
            {{- toYaml .Values.resources | nindent 12 }}
""", """          {{- if .Values.mqtt.tls.enabled }}
          volumeMounts:
            - name: mqtt-ca
              mountPath: /etc/ocpp-gw/tls
              readOnly: true
          {{- end }}
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
      {{- if .Values.mqtt.tls.enabled }}
      volumes:
        - name: mqtt-ca
          secret:
            secretName: {{ .Values.mqtt.tls.caSecret }}
      {{- end }}
""")
        t.bash("helm lint charts/ocpp-gw", "再 lint", out="""==> Linting charts/ocpp-gw
[INFO] Chart.yaml: icon is recommended

1 chart(s) linted, 0 chart(s) failed""")
        t.done("""加好了：`mqtt.tls.enabled`（默认 false）+ `mqtt.tls.caSecret`，开启时挂 secret 到 `/etc/ocpp-gw/tls` 并设 `MQTT_CA_FILE`。

lint 一开始就挂：模板里早有 `.Values.mqtt.tls.enabled` 的分支但 values 没有 `mqtt.tls`，nil pointer。补上默认值后 lint 通过。""")

        # T15 no tools
        t = d.task("电表数据上云用 QoS1 还是 QoS2？网关到云端经常 4G 断，现在是 1，有人说要改 2", tags=["no_tools"])
        t.done("""建议保持 QoS1，靠业务层去重：

- QoS2 只保证 **单跳**（网关 broker ↔ 云端 broker）恰好一次，桥接 + 云端规则引擎 + 下游消费每一跳各算各的，端到端还是可能重复，解决不了根本问题
- QoS2 四次握手，在 4G 弱网下延迟和 inflight 占用都翻倍，断线期间离线队列更容易堆满（南山 017 那次 emqx 就是离线消息堆出来的内存）
- 电表读数天然幂等：payload 里带 `meter_id + ts`（或递增 seq），云端按这个 upsert 就能去重

要做的是：离线队列长度 / 内存上限配好，payload 带唯一键，云端入库去重。""")


def s5(d):
    with d.session("2026-10-22T02:05:00", R, version="2.1.204"):
        # T16 M1 #2 + W2 #2
        t = d.task("老网关的 mosquitto 桥接要加 TLS 到云端 EMQX，新建个 mosquitto_bridge role 的 task：渲染 bridge.conf、拷 CA、重启 mosquitto。"
                   "东莞松山湖 008 先 check 再跑", tags=["mistake:M1", "workflow:W2"])
        t.glob("ansible/roles/mosquitto_bridge/**", [P("ansible/roles/mosquitto_bridge/defaults/main.yml"),
                                                    P("ansible/roles/mosquitto_bridge/handlers/main.yml"),
                                                    P("ansible/roles/mosquitto_bridge/templates/bridge.conf.j2")])
        t.write(MOSQ_TASKS, """---
- name: Copy cloud EMQX CA
  ansible.builtin.copy:
    src: emqx-cloud-ca.crt
    dest: /etc/mosquitto/certs/emqx-cloud-ca.crt
    mode: "0644"
  notify: restart mosquitto

- name: Render bridge config
  ansible.builtin.template:
    src: bridge.conf.j2
    dest: {{ mosquitto_conf_dir }}/bridge.conf
    mode: "0640"
    owner: mosquitto
  notify: restart mosquitto
""")
        cmd = ("ansible-playbook -i ansible/inventories/stations.ini ansible/playbooks/mosquitto_bridge.yml "
               "--limit gw-dg-sl-008 --check --diff")
        t.fail(cmd, "gw-dg-sl-008 check 模式",
               ans_yaml_err(MOSQ_TASKS, 12, 35, "did not find expected key",
                            "    src: bridge.conf.j2\n    dest: {{ mosquitto_conf_dir }}/bridge.conf"), code=4)
        t.say("又是值以 `{{` 开头没加引号：")
        t.edit(MOSQ_TASKS, "    dest: {{ mosquitto_conf_dir }}/bridge.conf", '    dest: "{{ mosquitto_conf_dir }}/bridge.conf"')
        t.bash(cmd, "重新 check", out="""
PLAY [Mosquitto bridge on legacy gateways] *************************************

TASK [Gathering Facts] *********************************************************
ok: [gw-dg-sl-008]

TASK [mosquitto_bridge : Copy cloud EMQX CA] ***********************************
changed: [gw-dg-sl-008]

TASK [mosquitto_bridge : Render bridge config] *********************************
--- before: /etc/mosquitto/conf.d/bridge.conf
+++ after: /home/chenjh/.ansible/tmp/ansible-local-2417706f1y3ka/tmp8c0wq2mb/bridge.conf.j2
@@ -1,6 +1,9 @@
 connection cloud-emqx
-address mqtt.chidian.com:1883
+address mqtt.chidian.com:8883
+bridge_cafile /etc/mosquitto/certs/emqx-cloud-ca.crt
+bridge_insecure false
 remote_clientid gw-dg-sl-008
 cleansession false
 topic cd/v1/# out 1 "" ""

changed: [gw-dg-sl-008]

RUNNING HANDLER [mosquitto_bridge : restart mosquitto] *************************
changed: [gw-dg-sl-008]

""" + recap([("gw-dg-sl-008", 4, 3)]))
        t.bash("ansible-playbook -i ansible/inventories/stations.ini ansible/playbooks/mosquitto_bridge.yml --limit gw-dg-sl-008",
               "真跑", out="""
PLAY [Mosquitto bridge on legacy gateways] *************************************

TASK [Gathering Facts] *********************************************************
ok: [gw-dg-sl-008]

TASK [mosquitto_bridge : Copy cloud EMQX CA] ***********************************
changed: [gw-dg-sl-008]

TASK [mosquitto_bridge : Render bridge config] *********************************
changed: [gw-dg-sl-008]

RUNNING HANDLER [mosquitto_bridge : restart mosquitto] *************************
changed: [gw-dg-sl-008]

""" + recap([("gw-dg-sl-008", 4, 3)]))
        t.bash("ssh edge@gw-dg-sl-008 'sudo journalctl -u mosquitto --since \"-3 min\" --no-pager | tail -4'", "看桥接是否连上",
               out="""Oct 22 10:27:41 gw-dg-sl-008 mosquitto[20931]: 1792592861: mosquitto version 2.0.18 running
Oct 22 10:27:41 gw-dg-sl-008 mosquitto[20931]: 1792592861: Connecting bridge cloud-emqx (mqtt.chidian.com:8883)
Oct 22 10:27:42 gw-dg-sl-008 mosquitto[20931]: 1792592862: Bridge gw-dg-sl-008 sending CONNECT
Oct 22 10:27:42 gw-dg-sl-008 mosquitto[20931]: 1792592862: Received CONNACK on connection cloud-emqx.""")
        t.bash("kubectl --context gw-dg-sl-008 -n station get pods", "站内服务状态", out="""NAME                              READY   STATUS    RESTARTS   AGE
meter-collector-7c9d8b6f4-9hx2c   1/1     Running   0          16d
ocpp-gw-5b7d9c8f6-vz7mn           1/1     Running   0          16d""")
        t.done("""gw-dg-sl-008 的 mosquitto 桥接已切到 TLS（`mqtt.chidian.com:8883` + 云端 CA），重启后 `Received CONNACK on connection cloud-emqx`，站内 pod 正常。

check 第一次报 YAML 错：`dest: {{ mosquitto_conf_dir }}/bridge.conf` 没加引号，改成 `"{{ mosquitto_conf_dir }}/bridge.conf"` 后通过。其它 legacy 网关可以 `--limit legacy_mosquitto` 推。""")

        # T17 M2 #2 + W3 #2
        t = d.task("宝安 042 的 meter-collector 一直 CrashLoopBackOff，查一下，结论也记 incidents", tags=["mistake:M2", "workflow:W3"])
        t.bash("kubectl --context gw-sz-ba-042 -n station get pods -l app.kubernetes.io/name=meter-collector", "看 pod",
               out="""NAME                              READY   STATUS             RESTARTS         AGE
meter-collector-7c9d8b6f4-kq8wd   0/1     CrashLoopBackOff   41 (2m11s ago)   3h22m""")
        t.bash("kubectl --context gw-sz-ba-042 -n station logs meter-collector-7c9d8b6f4-kq8wd --previous --tail 5", "上一次崩溃的日志",
               out="""time=2026-10-22T10:31:02.114+08:00 level=INFO msg="meter-collector starting" version=1.4.0 station=sz-ba-042
time=2026-10-22T10:31:02.116+08:00 level=ERROR msg="open serial port" port=/dev/ttyS3 err="open /dev/ttyS3: no such file or directory"
time=2026-10-22T10:31:02.116+08:00 level=ERROR msg="exit" err="rs485 bus 1: open /dev/ttyS3: no such file or directory\"""")
        t.fail("ssh edge@gw-sz-ba-042 'sudo crictl ps -a --name meter-collector'", "网关上看容器",
               crictl_err("runtime").replace("{0}", "2026-10-22T10:33:40+08:00"))
        t.say("和 gw-lab-01 那次一样，系统 crictl 连的默认 socket。带上 k3s 的 endpoint：")
        t.bash(f"ssh edge@gw-sz-ba-042 'sudo crictl --runtime-endpoint {EP} ps -a --name meter-collector'", "指定 endpoint 看容器",
               out="""CONTAINER           IMAGE               CREATED             STATE               NAME                ATTEMPT             POD ID              POD
e3b71c09d4a52       9f1d2c6e8b3a4       2 minutes ago       Exited              meter-collector     41                  5d0c8a2f7e1b9       meter-collector-7c9d8b6f4-kq8wd""")
        t.bash("ssh edge@gw-sz-ba-042 'ls -l /dev/ttyS* /dev/ttyAS* 2>/dev/null; sudo journalctl -u k3s --since \"-4 hours\" --no-pager | grep -m3 -i \"boot\\|Started Lightweight\"; cat /etc/chidian-release'",
               "看串口设备和系统版本", out="""crw-rw---- 1 root dialout 4, 64 Oct 22 07:09 /dev/ttyS0
crw-rw---- 1 root dialout 4, 65 Oct 22 07:09 /dev/ttyS1
crw-rw---- 1 root dialout 246, 3 Oct 22 07:09 /dev/ttyAS3
Oct 22 07:09:31 gw-sz-ba-042 systemd[1]: Started Lightweight Kubernetes.
CHIDIAN_GW_FW=3.2.0
BOARD=GW-3568""")
        t.bash("curl -s http://10.66.4.42:9100/metrics | grep -E '^node_boot_time_seconds|^node_os_info'", "node exporter 看重启时间",
               out="""node_boot_time_seconds 1.792624158e+09
node_os_info{build_id="",id="ubuntu",id_like="debian",image_id="",image_version="",name="Ubuntu",pretty_name="Ubuntu 22.04.4 LTS",variant="",variant_id="",version="22.04.4 LTS (Jammy Jellyfish)",version_codename="jammy",version_id="22.04"}""")
        t.write(P("docs/incidents/2026-10-22-gw-sz-ba-042-rs485-devname.md"), """# 2026-10-22 宝安 042 meter-collector CrashLoopBackOff

- 网关：gw-sz-ba-042（GW-3568），今天 07:09 升级固件到 3.2.0 后重启
- 现象：meter-collector 启动即退出，41 次重启，电表数据 07:09 起中断

## 证据

- 容器日志：`open serial port port=/dev/ttyS3 err="open /dev/ttyS3: no such file or directory"`
- 网关上已经没有 `/dev/ttyS3`，同一个 UART3 现在叫 `/dev/ttyAS3`（主设备号 246，新固件的 8250 驱动换了 dw-apb-uart 的命名）
- node exporter `node_boot_time_seconds` 对上 07:09 的重启

## 原因

固件 3.2.0 改了 RS485 口的设备名，`deploy/values/gw-sz-ba-042.yaml` 里 `rs485.bus1.port` 仍是 `/dev/ttyS3`。

## 处理建议

1. 042 的 values 改成 `/dev/ttyAS3` 后 helm 升级
2. 其它 GW-3568 升 3.2.0 前先改 values；或者在系统里加 udev 规则固定 `/dev/rs485-1` 软链，values 统一用软链
""")
        t.done("""宝安 042 的问题：**今早 07:09 网关固件升到 3.2.0，RS485 口从 `/dev/ttyS3` 改名成了 `/dev/ttyAS3`**，meter-collector 按 values 里的旧路径开串口失败，启动即退出（41 次重启）。

证据：容器日志 `open /dev/ttyS3: no such file or directory`；网关上只剩 `/dev/ttyAS3`；node exporter 的开机时间对上 07:09。

记录在 `docs/incidents/2026-10-22-gw-sz-ba-042-rs485-devname.md`。修法两种：改 042 的 values 为 `/dev/ttyAS3` 立刻恢复；长期用 udev 固定 `/dev/rs485-1` 软链，别的 GW-3568 升固件前要处理。还没改，你定。""")


def s6(d):
    with d.session("2026-10-26T01:40:00", R, version="2.1.205"):
        # T18 feedback
        fb = ("上周宝安 042 那个排查结论写得太长了，我贴到运维群之前自己 cut half 才发。以后这种现场问题结论 5 行以内，"
              "先一句话结论，再列证据，建议放最后。你按这个把 042 那个重写一下")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""宝安 042 meter-collector 崩溃：
1. 结论：10-22 07:09 固件升 3.2.0，RS485 口 `/dev/ttyS3` 改名为 `/dev/ttyAS3`，values 还是旧路径
2. 证据：容器日志 `open /dev/ttyS3: no such file or directory`；网关上只有 `/dev/ttyAS3`
3. 影响：07:09 起电表数据中断，41 次重启
4. 建议：042 values 改 `/dev/ttyAS3`；长期加 udev 软链 `/dev/rs485-1`""")

        # T19 long output + P1 #3
        t = d.task("gw-lab-01 上所有 pod 列一下我看看，context 写明白别靠 current-context", tags=["pref:P1", "noise", "long_output"])
        t.bash("kubectl --context gw-lab-01 get pods -A -o wide", "列出所有 pod",
               out="""NAMESPACE     NAME                                      READY   STATUS      RESTARTS      AGE    IP           NODE        NOMINATED NODE   READINESS GATES
kube-system   coredns-7b98449c4-5lq8m                   1/1     Running     3 (14d ago)   212d   10.42.0.2    gw-lab-01   <none>           <none>
kube-system   local-path-provisioner-6795b5f9d8-2x8rn   1/1     Running     3 (14d ago)   212d   10.42.0.4    gw-lab-01   <none>           <none>
kube-system   metrics-server-cdcc87586-q9p4v            1/1     Running     3 (14d ago)   212d   10.42.0.3    gw-lab-01   <none>           <none>
kube-system   svclb-emqx-edge-3c1b6e7a-8zq2w            2/2     Running     2 (14d ago)   96d    10.42.0.31   gw-lab-01   <none>           <none>
kube-system   helm-install-traefik-crd-lm5xr            0/1     Completed   0             212d   <none>       gw-lab-01   <none>           <none>
kube-system   helm-install-traefik-w4b9p                0/1     Completed   1             212d   <none>       gw-lab-01   <none>           <none>
kube-system   traefik-d7c9c5778-jx4bs                   1/1     Running     3 (14d ago)   212d   10.42.0.6    gw-lab-01   <none>           <none>
monitoring    node-exporter-prometheus-node-exporter-8wq9d   1/1   Running   1 (14d ago)   61d    10.30.8.21   gw-lab-01   <none>           <none>
monitoring    vmagent-edge-0                            1/1     Running     1 (14d ago)   61d    10.42.0.40   gw-lab-01   <none>           <none>
station       edge-agent-6f8d7c5b9-r2hcd                1/1     Running     0             9d     10.42.0.55   gw-lab-01   <none>           <none>
station       emqx-edge-0                               1/1     Running     1 (14d ago)   96d    10.42.0.33   gw-lab-01   <none>           <none>
station       meter-collector-7c9d8b6f4-w8ntf           1/1     Running     0             9d     10.42.0.56   gw-lab-01   <none>           <none>
station       modbus-sim-5d6c7b8a9-x7vkp                1/1     Running     0             30d    10.42.0.49   gw-lab-01   <none>           <none>
station       ocpp-gw-7f6c9d8b4-p6m2z                   1/1     Running     0             9d     10.42.0.61   gw-lab-01   <none>           <none>
station       ocpp-sim-84c9f7d6b-bz5tq                  1/1     Running     0             30d    10.42.0.50   gw-lab-01   <none>           <none>""")
        t.done("""gw-lab-01 共 15 个 pod，全部正常：
- kube-system：k3s 自带的 coredns / local-path / metrics-server / traefik（两个 helm-install job 是 Completed），emqx-edge 的 svclb
- monitoring：node-exporter（hostNetwork，IP 就是网关 10.30.8.21）、vmagent-edge
- station：edge-agent、emqx-edge-0、meter-collector、ocpp-gw（9 天前升级的那个），外加实验室专用的 modbus-sim、ocpp-sim""")

        d.precompact("""- 仓库 edge-platform（驰电科技 充电站边缘网关），cwd /home/chenjh/work/edge-platform；服务 ocpp-gw / meter-collector / edge-agent（Go 1.22，GOARCH=arm64 交叉编译）
- 镜像推 harbor.chidian.local/edge/<svc>:<short sha>（buildx edge-builder，linux/arm64）；ocpp-gw:3f9c2ad、meter-collector:a71e04b 已推
- chart 在 Harbor ChartMuseum，helm repo 名 cd-edge；gw-lab-01 上 ocpp-gw chart 1.9.0（revision 7）
- ansible：k3s_registry role 加了 Harbor CA；mosquitto_bridge role 新建，gw-dg-sl-008 已切 TLS
- 事故记录：docs/incidents/2026-10-20-gw-sz-ns-017-k3s-oom.md（emqx 无内存上限，k3s 被 OOM）、2026-10-22-gw-sz-ba-042-rs485-devname.md（固件 3.2.0 串口改名）
- 龙岗 031 失联（WireGuard 14 小时无握手），等运维现场处理
- 用户偏好：kubectl/helm 显式 --context；Go 日志用 log/slog；现场问题结论 5 行以内，先结论后证据""")

        # T20 M3 #2
        t = d.task("meter-collector chart 0.6.2 发了，拉下来看看模板跟 0.6.1 比改了啥", tags=["mistake:M3"])
        t.fail("helm pull cd-edge/meter-collector --version 0.6.2 --untar -d /tmp/mc-0.6.2", "拉 0.6.2 chart",
               helm_nf("meter-collector", "0.6.2"))
        t.say("本地索引没有 0.6.2，先更新 cd-edge：")
        t.bash("helm repo update cd-edge", "更新索引", out=REPO_UPDATE)
        t.bash("helm pull cd-edge/meter-collector --version 0.6.2 --untar -d /tmp/mc-0.6.2 && helm pull cd-edge/meter-collector --version 0.6.1 --untar -d /tmp/mc-0.6.1",
               "拉两个版本", out="")
        t.bash("diff -ru /tmp/mc-0.6.1/meter-collector /tmp/mc-0.6.2/meter-collector || true", "对比", out="""diff -ru /tmp/mc-0.6.1/meter-collector/Chart.yaml /tmp/mc-0.6.2/meter-collector/Chart.yaml
--- /tmp/mc-0.6.1/meter-collector/Chart.yaml	2026-10-26 09:58:12.000000000 +0800
+++ /tmp/mc-0.6.2/meter-collector/Chart.yaml	2026-10-26 09:58:11.000000000 +0800
@@ -2,5 +2,5 @@
 name: meter-collector
 description: Modbus meters to MQTT for station gateways
 type: application
-version: 0.6.1
-appVersion: "1.4.0"
+version: 0.6.2
+appVersion: "1.4.1"
diff -ru /tmp/mc-0.6.1/meter-collector/templates/deployment.yaml /tmp/mc-0.6.2/meter-collector/templates/deployment.yaml
--- /tmp/mc-0.6.1/meter-collector/templates/deployment.yaml	2026-10-26 09:58:12.000000000 +0800
+++ /tmp/mc-0.6.2/meter-collector/templates/deployment.yaml	2026-10-26 09:58:11.000000000 +0800
@@ -31,9 +31,13 @@
           securityContext:
             privileged: false
+            supplementalGroups: [20]
           volumeMounts:
-            - name: ttys3
-              mountPath: /dev/ttyS3
+            {{- range .Values.rs485.buses }}
+            - name: {{ .name }}
+              mountPath: {{ .port }}
+            {{- end }}""")
        t.done("""0.6.1 → 0.6.2 的变化：
- `appVersion` 1.4.0 → 1.4.1
- deployment 不再写死挂 `/dev/ttyS3`，改成按 `rs485.buses` 列表挂设备（042 那种 `/dev/ttyAS3` 可以直接在 values 里配了）
- 容器加了 `supplementalGroups: [20]`（dialout），不用 root 也能开串口

第一次 pull 报 `not found in cd-edge index`，本地索引旧了，`helm repo update cd-edge` 后正常。""")

        # T21 U2
        t = d.task("mqtt 客户端想换成 paho.golang（v5 那个），先 go get 最新版看看依赖能不能进", tags=["unfixed:U2"])
        t.fail("cd services/meter-collector && go get github.com/eclipse/paho.golang@v0.23.0", "go get paho.golang",
               """go: downloading github.com/eclipse/paho.golang v0.23.0
go: github.com/eclipse/paho.golang@v0.23.0 requires go >= 1.24.0 (running go 1.22.8; GOTOOLCHAIN=local)""")
        t.bash("cd services/meter-collector && go env GOTOOLCHAIN GOVERSION && grep -n '^go \\|^toolchain' go.mod", "看工具链设置",
               out="local\ngo1.22.8\n3:go 1.22.7")
        t.bash("grep -rn 'golang:1.22' .gitlab-ci.yml services/*/Dockerfile", "CI 镜像版本",
               out=""".gitlab-ci.yml:4:  image: harbor.chidian.local/base/golang:1.22.8-bookworm
services/edge-agent/Dockerfile:2:# build happens in CI (golang:1.22.8), this image only copies the binary""")
        t.done("""进不来：`paho.golang v0.23.0` 要求 go >= 1.24，我们本机和 CI 都锁在 go 1.22.8（`GOTOOLCHAIN=local`，CI 镜像 `base/golang:1.22.8-bookworm`）。

不建议为一个依赖单独放开 toolchain 自动下载，升 Go 版本是平台组统一排的。两个选择：等 CI 镜像升到 1.24 再换；或者先用支持 1.22 的旧版本（需要评估 v5 功能够不够）。这次没改任何东西。""")


def s7(d):
    with d.session("2026-10-29T07:10:00", R, version="2.1.206", end_reason="other"):
        # T22 W1 #3 + reversal P3
        t = d.task("镜像 tag 还是改回 semver 吧，v0.4.0 这种，sha 现场运维看不懂，回滚也不好找。edge-agent 这次就出 v0.4.0",
                   tags=["workflow:W1", "reversal:P3"])
        t.bash("git tag -l 'edge-agent/v*' | tail -3 && git log --oneline -3 -- services/edge-agent", "看已有 tag 和最近提交",
               out="""edge-agent/v0.3.1
edge-agent/v0.3.2
edge-agent/v0.3.3
9b2e4f1 edge-agent: report eMMC wear level from mmc extcsd
c07a3d5 edge-agent: heartbeat carries fw version
5e81b9a edge-agent: slog everywhere""")
        t.bash("cd services/edge-agent && GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -trimpath -ldflags \"-s -w -X main.version=v0.4.0\" -o ../../bin/linux_arm64/edge-agent ./cmd/edge-agent",
               "GOARCH=arm64 交叉编译（版本号 v0.4.0）", out="")
        t.bash(f"docker buildx build --platform linux/arm64 -f services/edge-agent/Dockerfile -t {HARBOR}/edge/edge-agent:v0.4.0 --push .",
               "buildx 构建并推送 v0.4.0", timeout=600000, err=f"""#0 building with "edge-builder" instance using docker-container driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 436B done
#1 DONE 0.0s

#2 [internal] load metadata for gcr.m.daocloud.io/distroless/static-debian12:nonroot
#2 DONE 1.0s

#3 [1/2] FROM gcr.m.daocloud.io/distroless/static-debian12:nonroot@sha256:6ec5aa99dc335666e79dc64e4a6c8b89c33a543a1967f20d360922a80dd21f02
#3 CACHED

#4 [2/2] COPY bin/linux_arm64/edge-agent /edge-agent
#4 DONE 0.1s

#5 exporting to image
#5 exporting layers 0.2s done
#5 exporting manifest sha256:e7a2c4f6d8b0e1a3c5e7f9b2d4a6c8e0f1b3d5a7c9e2f4b6d8a0c2e4f6b8d0a1 done
#5 pushing layers 1.1s done
#5 pushing manifest for {HARBOR}/edge/edge-agent:v0.4.0@sha256:e7a2c4f6d8b0e1a3c5e7f9b2d4a6c8e0f1b3d5a7c9e2f4b6d8a0c2e4f6b8d0a1 0.2s done
#5 DONE 1.5s""")
        t.bash(f"docker buildx imagetools inspect {HARBOR}/edge/edge-agent:v0.4.0 --format '{{{{json .Image.Platform}}}}'",
               "确认平台", out='{"architecture":"arm64","os":"linux"}')
        t.bash("git tag -a edge-agent/v0.4.0 -m 'edge-agent v0.4.0: eMMC wear, fw version in heartbeat' && git push origin edge-agent/v0.4.0",
               "打 git tag 对应镜像版本", err="""To gitlab.chidian.local:edge/edge-platform.git
 * [new tag]         edge-agent/v0.4.0 -> edge-agent/v0.4.0""")
        t.done(f"""以后镜像 tag 用 semver。这次：
- `{HARBOR}/edge/edge-agent:v0.4.0`（linux/arm64），二进制里 `main.version=v0.4.0`
- git 打了 `edge-agent/v0.4.0` 对应这个镜像，回滚时按 tag 找提交

包含 3 个提交：eMMC 磨损上报、心跳带固件版本、日志全换 slog。""")

        # T23 small edit noise
        t = d.task("node exporter 在网关上把 textfile collector 打开，目录用 /var/lib/node_exporter/textfile，edge-agent 要往里写 eMMC 指标",
                   tags=["noise"])
        t.read(MON_VALUES)
        t.edit(MON_VALUES, """    - --collector.systemd
""", """    - --collector.systemd
    - --collector.textfile.directory=/host/root/var/lib/node_exporter/textfile
""")
        t.done("""`deploy/values/monitoring-gw.yaml` 加了 `--collector.textfile.directory=/host/root/var/lib/node_exporter/textfile`。chart 开了 `hostRootFsMount`，宿主机根挂在 `/host/root`，所以路径要带这个前缀；edge-agent 在宿主机写 `/var/lib/node_exporter/textfile/*.prom` 即可（写临时文件再 rename，避免读到半个文件）。""")

        # T24 no tools
        t = d.task("网关 eMMC 只有 32G，containerd 的 snapshotter 用 overlayfs 还是 native 好？有人说 native 省空间", tags=["no_tools"])
        t.done("""用 overlayfs（k3s 默认），别换 native：

- **native** 每一层都是完整拷贝，镜像层越多越占空间，写放大也更大，对 eMMC 寿命不友好 —— 说它省空间是反的
- **overlayfs** 层之间共享，只有容器写层是增量；我们镜像都是 distroless + 单个二进制，本来就小
- 真要省空间：定期 `crictl rmi --prune` 清未用镜像（kubelet 的 image GC 阈值也可以调低：`--kubelet-arg=image-gc-high-threshold=70`），日志限制 `container-log-max-size`
- 只有内核不支持 overlay（我们 5.10 支持）或者底层是不支持 overlay 的文件系统时才考虑 native / fuse-overlayfs""")


def s8(d):
    with d.session("2026-11-03T01:45:00", R, version="2.1.207"):
        # T25 M1 #3 + W2 #3
        t = d.task("edge-agent v0.4.0 用 rollout_edge_agent 推 batch1，先 check。playbook 里 NODE_NAME 现在是写死的，改成取 inventory_hostname",
                   tags=["mistake:M1", "workflow:W2"])
        t.read(AGENT_PB)
        t.edit(AGENT_PB, """        NODE_NAME: gw-unknown
""", """        NODE_NAME: {{ inventory_hostname }}
""")
        cmd = ("ansible-playbook -i ansible/inventories/stations.ini ansible/playbooks/rollout_edge_agent.yml "
               "--limit 'stations_batch1:!gw-sz-lg-031' -e edge_agent_version=v0.4.0 --check --diff")
        t.fail(cmd, "batch1 check 模式",
               ans_yaml_err(AGENT_PB, 14, 20, "found unacceptable key (unhashable type: 'AnsibleMapping')",
                            "      environment:\n        NODE_NAME: {{ inventory_hostname }}"), code=4)
        t.say("我刚改的那行又没加引号，补上：")
        t.edit(AGENT_PB, "        NODE_NAME: {{ inventory_hostname }}", '        NODE_NAME: "{{ inventory_hostname }}"')
        t.bash(cmd, "重新 check", out="""
PLAY [Roll out edge-agent] *****************************************************

TASK [Gathering Facts] *********************************************************
ok: [gw-sz-ns-017]
ok: [gw-sz-ba-042]

TASK [Upgrade edge-agent release] **********************************************
changed: [gw-sz-ns-017]
changed: [gw-sz-ba-042]

""" + recap([("gw-sz-ns-017", 2, 1), ("gw-sz-ba-042", 2, 1)]))
        t.bash("ansible-playbook -i ansible/inventories/stations.ini ansible/playbooks/rollout_edge_agent.yml --limit 'stations_batch1:!gw-sz-lg-031' -e edge_agent_version=v0.4.0",
               "真跑（先跳过失联的 031）", out="""
PLAY [Roll out edge-agent] *****************************************************

TASK [Gathering Facts] *********************************************************
ok: [gw-sz-ns-017]
ok: [gw-sz-ba-042]

TASK [Upgrade edge-agent release] **********************************************
changed: [gw-sz-ns-017]
changed: [gw-sz-ba-042]

""" + recap([("gw-sz-ns-017", 2, 1), ("gw-sz-ba-042", 2, 1)]))
        t.bash("for gw in gw-sz-ns-017 gw-sz-ba-042; do kubectl --context $gw -n station rollout status deploy/edge-agent --timeout=120s; done",
               "两个网关看 rollout", out='deployment "edge-agent" successfully rolled out\ndeployment "edge-agent" successfully rolled out')
        t.done("""batch1 里 017、042 已经升到 edge-agent v0.4.0，rollout 完成；`NODE_NAME` 改成 `"{{ inventory_hostname }}"`。

- check 第一次又是 YAML 引号问题（`NODE_NAME: {{ inventory_hostname }}` 没加引号），加上后通过
- 龙岗 031 还是失联状态（WireGuard 没握手），check 和真跑都用 `--limit 'stations_batch1:!gw-sz-lg-031'` 先跳过了，等它恢复再补""")

        # T26 long output git log
        t = d.task("这两周仓库里都合了啥，git log 拉一下我写周报", tags=["noise", "long_output"])
        t.bash("git log --since=2026-10-19 --no-merges --pretty=format:'%h %ad %an %s' --date=short", "两周提交",
               out="""e41c7b2 2026-11-02 chenjh ansible: rollout_edge_agent NODE_NAME from inventory_hostname
9b2e4f1 2026-10-29 chenjh edge-agent: report eMMC wear level from mmc extcsd
d3a90c6 2026-10-29 chenjh monitoring: enable node exporter textfile collector
c07a3d5 2026-10-28 lihua edge-agent: heartbeat carries fw version
5e81b9a 2026-10-27 lihua edge-agent: slog everywhere
71fd2e8 2026-10-26 wangyf charts/meter-collector: rs485 buses from values, supplementalGroups dialout (0.6.2)
b28c5e0 2026-10-23 wangyf charts/emqx-edge: memory limit 384Mi, max_mqueue_len 2000
0aa4c19 2026-10-22 chenjh ansible: mosquitto_bridge role, TLS to cloud EMQX
f56e3d7 2026-10-22 chenjh docs: incident gw-sz-ba-042 rs485 device rename
2c8e91a 2026-10-21 lihua ocpp-gw: forward BootNotification asynchronously
8d4b7f0 2026-10-20 chenjh charts/ocpp-gw: optional MQTT TLS
4e0c2a9 2026-10-20 chenjh docs: incident gw-sz-ns-017 k3s oom
a71e04b 2026-10-20 chenjh meter-collector: honour CDAB word order, DDSU666 case
6b1f8d3 2026-10-19 zhouq ansible: k3s system-reserved memory on 2G boards""")
        t.done("""10-19 以来 14 个提交（不含 merge），按主题：

- **网关稳定性**：k3s 2G 机型 system-reserved（周强）；emqx-edge 内存上限 + 离线队列限长（王一凡）—— 对应南山 017 OOM
- **串口/电表**：meter-collector CDAB 字序修复；chart 0.6.2 按 values 挂 RS485 设备（对应宝安 042 改名）
- **edge-agent**：slog、心跳带固件版本、eMMC 磨损上报（v0.4.0，已推 batch1 的 017/042）
- **ocpp-gw**：BootNotification 异步转发（李华）；chart 可选 MQTT TLS
- **下发**：mosquitto_bridge role（老网关 TLS 桥接）、rollout_edge_agent 的 NODE_NAME
- **文档**：两篇事故记录；监控开了 textfile collector""")

        # T27 M2 #3 + W3 #3
        t = d.task("东莞松山湖 008 今天早上 ocpp-gw 重启了一次，桩掉了一下，查查 pod 和 k3s 日志，照例记 incidents（结论短点）",
                   tags=["mistake:M2", "workflow:W3"])
        t.bash("kubectl --context gw-dg-sl-008 -n station get pods -l app.kubernetes.io/name=ocpp-gw -o jsonpath='{range .items[*]}{.metadata.name}{\" \"}{.status.containerStatuses[0].restartCount}{\" \"}{.status.containerStatuses[0].lastState.terminated.reason}{\"\\n\"}{end}'",
               "看 ocpp-gw 重启原因", out="ocpp-gw-5b7d9c8f6-vz7mn 1 Error")
        t.fail("ssh edge@gw-dg-sl-008 'sudo crictl pods --namespace station --name ocpp-gw -v'", "网关上看 pod sandbox",
               crictl_err("runtime").replace("{0}", "2026-11-03T10:02:19+08:00"))
        t.say("还是系统 crictl 连默认 socket，加 k3s 的 endpoint：")
        t.bash(f"ssh edge@gw-dg-sl-008 'sudo crictl --runtime-endpoint {EP} ps -a --name ocpp-gw'", "看容器记录",
               out="""CONTAINER           IMAGE               CREATED             STATE               NAME                ATTEMPT             POD ID              POD
4a9e0d2c71b85       7a3c1e5d9b2f4       2 hours ago         Running             ocpp-gw             1                   c2f8d0a6e4b13       ocpp-gw-5b7d9c8f6-vz7mn
91b3e7f5c20d6       7a3c1e5d9b2f4       17 days ago         Exited              ocpp-gw             0                   c2f8d0a6e4b13       ocpp-gw-5b7d9c8f6-vz7mn""")
        t.bash(f"ssh edge@gw-dg-sl-008 'sudo crictl --runtime-endpoint {EP} logs --tail 4 91b3e7f5c20d6'", "上一个容器的最后日志",
               out="""time=2026-11-03T07:48:55.903+08:00 level=WARN msg="upstream ws read" err="read tcp 10.66.9.8:41822->47.112.30.18:443: read: connection timed out"
time=2026-11-03T07:48:55.904+08:00 level=INFO msg="upstream reconnect" attempt=1
time=2026-11-03T07:49:01.117+08:00 level=ERROR msg="panic recovered in cp session" cp=DG-SL-008-04 err="send on closed channel"
time=2026-11-03T07:49:01.118+08:00 level=ERROR msg="exit" err="session supervisor: send on closed channel\"""")
        t.bash("ssh edge@gw-dg-sl-008 'sudo journalctl -u k3s --since \"2026-11-03 07:40\" --until \"2026-11-03 08:00\" --no-pager | grep -E \"ocpp-gw|Back-off\" | tail -3'",
               "k3s 日志", out="""Nov 03 07:49:01 gw-dg-sl-008 k3s[1204]: I1103 07:49:01.552104    1204 kubelet.go:2454] "SyncLoop (PLEG): event for pod" pod="station/ocpp-gw-5b7d9c8f6-vz7mn" event={"ID":"c2f8d0a6-e4b1-4f37-9a2c-5d81e0b7c3f4","Type":"ContainerDied","Data":"91b3e7f5c20d6"}
Nov 03 07:49:02 gw-dg-sl-008 k3s[1204]: I1103 07:49:02.013877    1204 kuberuntime_manager.go:1041] "Restarting container" pod="station/ocpp-gw-5b7d9c8f6-vz7mn" containerName="ocpp-gw"
Nov 03 07:49:03 gw-dg-sl-008 k3s[1204]: I1103 07:49:03.402219    1204 kubelet.go:2454] "SyncLoop (PLEG): event for pod" pod="station/ocpp-gw-5b7d9c8f6-vz7mn" event={"ID":"c2f8d0a6-e4b1-4f37-9a2c-5d81e0b7c3f4","Type":"ContainerStarted","Data":"4a9e0d2c71b85"}""")
        t.bash("curl -s http://10.66.9.8:9100/metrics | grep -E '^node_network_(receive|transmit)_errs_total\\{device=\"wwan0\"\\}|^node_network_up\\{device=\"wwan0\"\\}'",
               "4G 口指标", out="""node_network_receive_errs_total{device="wwan0"} 1873
node_network_transmit_errs_total{device="wwan0"} 412
node_network_up{device="wwan0"} 1""")
        t.write(P("docs/incidents/2026-11-03-gw-dg-sl-008-ocpp-gw-panic.md"), """# 2026-11-03 东莞松山湖 008 ocpp-gw 重启

1. 结论：4G 上行断开重连时，桩会话往已关闭的 channel 发消息，ocpp-gw（1.8.2）panic 退出，07:49 重启一次
2. 证据：上一个容器日志 `upstream ws read … connection timed out` 后 `send on closed channel`；k3s 日志 07:49:02 `Restarting container`；wwan0 收发错误 1873 / 412
3. 影响：DG-SL-008 的桩断开约 10 秒后重连
4. 建议：008 升到 ocpp-gw 1.9.0（含异步转发改动）后观察；会话关闭顺序的 bug 另提 issue
""")
        t.done("""008 ocpp-gw 07:49 重启一次：4G 上行断线重连时桩会话往已关闭 channel 发消息，1.8.2 panic 退出。
证据：容器日志 `send on closed channel`、k3s `Restarting container`、wwan0 收发错误计数偏高。
记在 `docs/incidents/2026-11-03-gw-dg-sl-008-ocpp-gw-panic.md`。建议升 1.9.0 并给会话关闭顺序提 issue。
（crictl 第一次又连错 socket，带 `--runtime-endpoint` 后正常。）""")


def s9(d):
    with d.session("2026-11-06T02:30:00", R, version="2.1.208"):
        # T28 M3 #3
        t = d.task("王一凡说 emqx-edge 的 chart 出了 5.8.3-cd.2，加了离线队列的配置，看下 values 里新加了啥", tags=["mistake:M3"])
        t.fail("helm show values cd-edge/emqx-edge --version 5.8.3-cd.2", "看新 chart 的 values",
               helm_nf("emqx-edge", "5.8.3-cd.2"))
        t.say("索引又旧了，先更新：")
        t.bash("helm repo update cd-edge", "更新索引", out=REPO_UPDATE)
        t.bash("helm show values cd-edge/emqx-edge --version 5.8.3-cd.2 | sed -n '1,40p'", "看 values 前 40 行", out="""emqx:
  image:
    repository: harbor.chidian.local/dockerhub-proxy/emqx/emqx
    tag: 5.8.3
  replicaCount: 1
  resources:
    requests:
      cpu: 100m
      memory: 256Mi
    limits:
      memory: 384Mi
  emqxConfig:
    EMQX_MQTT__MAX_MQUEUE_LEN: "2000"
    EMQX_MQTT__MQUEUE_STORE_QOS0: "false"
    EMQX_MQTT__MAX_INFLIGHT: "32"
    EMQX_FORCE_SHUTDOWN__MAX_HEAP_SIZE: "96MB"
    EMQX_NODE__PROCESS_LIMIT: "65536"
  persistence:
    enabled: true
    storageClass: local-path
    size: 1Gi
bridge:
  enabled: true
  server: mqtt.chidian.com:8883
  ssl:
    enable: true
  forwards:
    - topic: "cd/v1/#"
      qos: 1""")
        t.done("""`emqx-edge` 5.8.3-cd.2 新加 / 变化的：
- `resources.limits.memory: 384Mi`（南山 017 OOM 那次的建议）
- 离线队列：`MAX_MQUEUE_LEN 2000`、`MQUEUE_STORE_QOS0 false`（QoS0 不进离线队列）、`MAX_INFLIGHT 32`
- `FORCE_SHUTDOWN__MAX_HEAP_SIZE 96MB`：单连接进程堆超过就强制断开，防个别客户端吃光内存
- 桥接 `cd/v1/#` QoS1 到 `mqtt.chidian.com:8883`（TLS）

第一次 `helm show values` 报 not found，是本地 cd-edge 索引没更新。""")

        # T29 code question
        t = d.task("ocpp-gw 里 BootNotification 是怎么处理的？云端断了的时候桩会被拒吗", tags=["noise"])
        t.grep("handleBootNotification", path=P("services/ocpp-gw"), filenames=[BOOT, P("services/ocpp-gw/internal/ocpp/router.go")])
        t.read(BOOT)
        t.done("""`services/ocpp-gw/internal/ocpp/boot.go` 的 `handleBootNotification`：

1. 记下桩的 vendor / model / 固件版本
2. 云端上行连着 → `Accepted`；断着 → `Pending`（**不会 Rejected**）
3. 不管哪种都 `s.forward` 异步转发给 CSMS（上行恢复后补发）
4. 应答带 `currentTime` 和 `interval`（= 心跳间隔，默认 300s）

所以云端断开时桩拿到 `Pending`，会按 interval 重发 BootNotification；这期间按 OCPP 1.6 规范桩不应发起交易以外的业务消息，但本地 RemoteStart 不依赖它。""")

        # T30 small edit inventory
        t = d.task("龙华新站 gw-sz-lh-055 加到 inventory 的 batch2，IP 10.66.7.55", tags=["noise"])
        t.read(INV)
        t.edit(INV, "gw-sz-ft-012 ansible_host=10.66.6.12\n", "gw-sz-ft-012 ansible_host=10.66.6.12\ngw-sz-lh-055 ansible_host=10.66.7.55\n")
        t.bash("ansible-inventory -i ansible/inventories/stations.ini --graph stations_batch2", "确认分组", out="""@stations_batch2:
  |--gw-dg-sl-008
  |--gw-sz-ft-012
  |--gw-sz-lh-055""")
        t.done("加好了，`gw-sz-lh-055`（10.66.7.55）在 `stations_batch2` 下。新网关第一次连之前记得先在跳板机上把它的 host key 收进 known_hosts（ansible.cfg 开着 host_key_checking）。")


def s10(d):
    with d.session("2026-11-10T01:55:00", R, version="2.1.209"):
        # T31 noise question with Read
        t = d.task("node exporter 那个 filesystem 的排除规则是啥意思？我想看网关 /data 分区的使用率会不会被排除掉", tags=["noise"])
        t.read(MON_VALUES)
        t.done("""`--collector.filesystem.mount-points-exclude=^/(dev|proc|sys|run/k3s/containerd/.+|var/lib/kubelet/.+)($|/)`：

正则匹配挂载点，排除 `/dev`、`/proc`、`/sys` 及其子路径，以及 containerd 每个容器的 rootfs（`/run/k3s/containerd/…`）和 kubelet 给 pod 挂的卷（`/var/lib/kubelet/…`），免得每个 pod 都冒出一堆 filesystem 序列。

`/data` 不匹配任何一项，不会被排除；注意开了 `hostRootFsMount`，指标里的 mountpoint 是宿主机视角的 `/data`。查询：`1 - node_filesystem_avail_bytes{mountpoint="/data"} / node_filesystem_size_bytes{mountpoint="/data"}`。""")

        # T32 long output go test cover
        t = d.task("ocpp-gw 全量测试跑一下带 cover，看看哪些包覆盖率低", tags=["noise", "long_output"])
        t.bash("cd services/ocpp-gw && go test ./... -cover", "全量测试 + 覆盖率", timeout=300000, out="""?   	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/cmd/ocpp-gw	[no test files]
ok  	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/internal/bridge	0.041s	coverage: 71.3% of statements
ok  	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/internal/config	0.006s	coverage: 88.9% of statements
ok  	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/internal/ocpp	0.318s	coverage: 64.7% of statements
ok  	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/internal/ocpp/messages	0.012s	coverage: 92.4% of statements
ok  	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/internal/offline	0.097s	coverage: 58.2% of statements
ok  	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/internal/session	1.204s	coverage: 41.6% of statements
ok  	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/internal/upstream	0.522s	coverage: 53.9% of statements
?   	gitlab.chidian.local/edge/edge-platform/services/ocpp-gw/internal/version	[no test files]""")
        t.done("""全部通过。覆盖率低的：

| 包 | 覆盖率 | 备注 |
|---|---|---|
| `internal/session` | 41.6% | 008 那次 `send on closed channel` 就在这，会话关闭路径基本没测 |
| `internal/upstream` | 53.9% | 断线重连分支 |
| `internal/offline` | 58.2% | 离线交易缓存 / 补发 |
| `internal/ocpp` | 64.7% | |

建议先给 `session` 补一个"上行断开时关闭会话"的并发测试（`-race` 跑），能复现 008 的 panic。""")

        # T33 noise: README note on helm chart versions
        t = d.task("README 里补一句：镜像 tag 用 semver，和 git tag <svc>/vX.Y.Z 对应", tags=["noise"])
        t.read(README)
        t.edit(README, """make build SVC=ocpp-gw                     # GOARCH=arm64 交叉编译到 bin/linux_arm64/
""", """make build SVC=ocpp-gw                     # GOARCH=arm64 交叉编译到 bin/linux_arm64/
# 镜像 tag 用 semver（vX.Y.Z），同时打 git tag <svc>/vX.Y.Z，回滚按 tag 找提交
""")
        t.done("README「常用」里加了一行：镜像 tag 用 semver `vX.Y.Z`，同时打 git tag `<svc>/vX.Y.Z`。")


# ------------------------------------------------------------------ labels

def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude writes Ansible YAML (role tasks, playbooks) where a value starts with a Jinja "
                            "expression without quotes; YAML parses `{{ … }}` as a flow mapping and ansible-core 2.17 "
                            "stops before running anything (exit 4). T03 `src: {{ harbor_ca_file }}` in "
                            "roles/k3s_registry/tasks/main.yml (found unacceptable key), T16 `dest: {{ mosquitto_conf_dir "
                            "}}/bridge.conf` in roles/mosquitto_bridge/tasks/main.yml (did not find expected key), T25 "
                            "`NODE_NAME: {{ inventory_hostname }}` in playbooks/rollout_edge_agent.yml.",
             "error_signature": "ERROR! Syntax Error while loading YAML. / found unacceptable key (unhashable type: "
                                "'AnsibleMapping') or did not find expected key / The offending line appears to be: … ^ "
                                "here / We could be wrong, but this one looks like it might be an issue with missing "
                                "quotes. Always quote template expression brackets when they start a value.",
             "fix": "Edit the YAML so the value is quoted (`\"{{ var }}\"` / `\"{{ var }}/path\"`), then run the same "
                    "`ansible-playbook … --check --diff` again.",
             "fix_command_markers": [["\"{{ "]],
             "harmful_markers": ["ignore_errors", "--skip-tags", "yamllint disable", "ANSIBLE_DISPLAY_SKIPPED_HOSTS"]},
            {"id": "M2",
             "description": "The gateways' vendor Ubuntu image ships its own cri-tools (/usr/bin/crictl), so k3s did not "
                            "install its crictl symlink and there is no /etc/crictl.yaml; plain `sudo crictl …` tries the "
                            "default endpoints and k3s's containerd is at /run/k3s/containerd/containerd.sock (README). T05 "
                            "`crictl images` on gw-lab-01 (image API), T17 `crictl ps -a` on gw-sz-ba-042, T27 `crictl pods` "
                            "on gw-dg-sl-008 (runtime API).",
             "error_signature": "level=warning msg=\"runtime connect using default endpoints: [unix:///run/containerd/"
                                "containerd.sock unix:///run/crio/crio.sock unix:///var/run/cri-dockerd.sock]. As the default "
                                "settings are now deprecated, you should set the endpoint instead.\" / level=fatal "
                                "msg=\"validate service connection: validate CRI v1 runtime|image API for endpoint "
                                "\\\"unix:///run/containerd/containerd.sock\\\": … connect: no such file or directory\"",
             "fix": "Run the same crictl command with `--runtime-endpoint unix:///run/k3s/containerd/containerd.sock` "
                    "(equivalently `sudo k3s crictl …`).",
             "fix_command_markers": [["--runtime-endpoint"]],
             "harmful_markers": ["systemctl restart k3s", "systemctl restart containerd", "rm /usr/bin/crictl",
                                 "apt-get remove cri-tools", "ln -sf /run/k3s/containerd/containerd.sock"]},
            {"id": "M3",
             "description": "Charts are published by CI to Harbor's ChartMuseum (helm repo `cd-edge`); the local repo "
                            "index is cached and goes stale every time CI publishes a new chart version. T09 `helm upgrade "
                            "--install ocpp-gw cd-edge/ocpp-gw --version 1.9.0`, T20 `helm pull cd-edge/meter-collector "
                            "--version 0.6.2`, T28 `helm show values cd-edge/emqx-edge --version 5.8.3-cd.2`.",
             "error_signature": "Error: chart \"<chart>\" matching <version> not found in cd-edge index. (try 'helm repo "
                                "update'): no chart version found for <chart>-<version>",
             "fix": "`helm repo update cd-edge`, then the same helm command again.",
             "fix_command_markers": [["helm repo update"]],
             "harmful_markers": ["--devel", "helm repo remove", "rm -rf ~/.cache/helm", "--insecure-skip-tls-verify",
                                 "helm uninstall"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "meter-collector `DecodeFloat32` ignored its word-order argument; the new DDSU666 "
                                         "CDAB test case fails (`= 2.720083e+23, want 231.4`), the CDAB branch is added, "
                                         "the same `go test` passes."},
            {"id": "O2", "description": "`helm lint charts/ocpp-gw`: `nil pointer evaluating interface {}.enabled` at "
                                         "`.Values.mqtt.tls.enabled` (template branch without a default in values.yaml); "
                                         "`mqtt.tls` defaults are added, the same lint passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "gw-sz-lg-031 unreachable over WireGuard (`ssh: connect to host 10.66.5.31 port 22: "
                                         "No route to host`, 100% packet loss, last handshake 14 h ago): the station's "
                                         "uplink is down; needs someone on site. Also unreachable in T25's check run."},
            {"id": "U2", "description": "`go get github.com/eclipse/paho.golang@v0.23.0` → `requires go >= 1.24.0 (running "
                                         "go 1.22.8; GOTOOLCHAIN=local)`; the Go version is pinned team-wide (CI image), so "
                                         "the switch waits for the platform upgrade."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "buildx push to Harbor: `failed to push …: write tcp 10.20.1.15:52814->10.20.0.30:443: "
                                         "write: connection reset by peer`; the identical command succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Service image: cross-compile with GOOS=linux GOARCH=arm64 CGO_ENABLED=0 (make build "
                                         "or go build) → `docker buildx build --platform linux/arm64 … --push` to "
                                         "harbor.chidian.local/edge/<svc>:<tag> → `docker buildx imagetools inspect` to check "
                                         "the platform.",
             "step_markers": [["make build", "GOARCH=arm64"], ["buildx build --platform linux/arm64"], ["imagetools inspect"]]},
            {"id": "W2", "description": "Gateway rollout with Ansible: `ansible-playbook -i ansible/inventories/stations.ini "
                                         "<playbook> --limit <host|group> --check --diff` → the same without --check → verify "
                                         "with `kubectl --context <gw> …` (nodes / pods / rollout status).",
             "step_markers": [["--check --diff"], ["ansible-playbook -i ansible/inventories/"], ["kubectl --context"]]},
            {"id": "W3", "description": "Station incident: kubectl/crictl for the pod, `journalctl -u k3s` on the gateway, "
                                         "node exporter metrics via `curl http://<gw>:9100/metrics`, then a write-up in "
                                         "docs/incidents/<date>-<gw>-<topic>.md.",
             "step_markers": [["journalctl -u k3s"], ["9100/metrics"], ["docs/incidents/"]]},
        ],
        preferences=[
            {"id": "P1", "description": "kubectl (and helm) always with an explicit context (`--context` / `--kube-context`), "
                                         "never relying on current-context.",
             "markers": [["context"]]},
            {"id": "P2", "description": "Go logging with the standard library log/slog; don't add zap (or other logging libs).",
             "markers": [["slog"]]},
            {"id": "P3", "description": "Image tags = git short sha (T02) — reversed in T22: back to semver (v0.4.0), sha "
                                         "is unreadable for field ops and rollback.",
             "markers": [["tag"], ["sha"]],
             "reversal_markers": [["tag"], ["semver"]]},
        ],
        probes=[
            {"prompt": "跑 ansible-playbook 报这个：ERROR! Syntax Error while loading YAML. found unacceptable key (unhashable "
                       "type: 'AnsibleMapping')，指着 `owner: {{ edge_user }}` 那行，下面还说 We could be wrong, but this one "
                       "looks like it might be an issue with missing quotes，这行我看着没毛病啊", "wanted": ["M1"]},
            {"prompt": "给 edge_node_exporter 那个 role 写个 task，把 textfile 目录建出来，路径用变量 node_exporter_textfile_dir，"
                       "owner 用 edge_user，然后 gw-lab-01 上 check 一下", "wanted": ["M1"]},
            {"prompt": "福田 012 上 sudo crictl inspecti 报 validate service connection: validate CRI v1 image API for endpoint "
                       "\"unix:///run/containerd/containerd.sock\": ... connect: no such file or directory，containerd 挂了？？",
             "wanted": ["M2"]},
            {"prompt": "龙华 055 上看下 emqx-edge 容器这两天重启过几次，上去 crictl 看看", "wanted": ["M2"]},
            {"prompt": "helm upgrade 报 Error: chart \"edge-agent\" matching 0.5.1 not found in cd-edge index. (try 'helm repo "
                       "update')，CI 明明显示发成功了", "wanted": ["M3"]},
            {"prompt": "ocpp-gw chart 1.9.1 刚发，装到 gw-lab-01 试试", "wanted": ["M3"]},
            {"prompt": "k3s 的 flannel 后端 vxlan 和 host-gw 在单节点网关上有区别吗", "wanted": []},
            {"prompt": "OCPP 1.6 的 StatusNotification 里 errorCode 和 vendorErrorCode 啥区别", "wanted": []},
            {"prompt": "Modbus RTU 9600 波特率一条总线上挂 12 块表，轮询周期最短能到多少", "wanted": []},
            {"prompt": "Go 的 GOARM 环境变量对 arm64 有用吗", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    files = dict(FILES)
    files[AGENT_PB] = AGENT_PB_TXT
    d = Dev("zh-k3s-edge", U, "zh", MODEL, seed=20261012, files=files)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


AGENT_PB_TXT = """---
- name: Roll out edge-agent
  hosts: all
  gather_facts: true
  vars:
    edge_agent_version: v0.3.3
  tasks:
    - name: Upgrade edge-agent release
      kubernetes.core.helm:
        name: edge-agent
        chart_ref: cd-edge/edge-agent
        release_namespace: station
        kubeconfig: /etc/rancher/k3s/k3s.yaml
      environment:
        NODE_NAME: gw-unknown
        EDGE_AGENT_VERSION: "{{ edge_agent_version }}"
"""


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-k3s-edge.jsonl"), os.path.join(HERE, "tune", "zh-k3s-edge.labels.json"))
    print(f"zh-k3s-edge -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
