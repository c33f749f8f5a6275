"""zh-ops: 赵敏 (Zhao Min), SRE / 运维 at 青禾科技, repo infra-config on the ops jump host.

Stack: Ansible (ansible-core 2.17 on the jump host, inventories/prod, roles, ansible-lint with the `shared`
profile), a self-hosted kubeadm Kubernetes 1.32 cluster `qh-prod` (Calico, ingress-nginx, cert-manager,
kube-prometheus-stack, Loki + Alloy, rook-ceph in external mode) managed with helmfile 1.1 + Helm 3.19,
platform alert rules as PrometheusRule objects in a local chart `charts/infra-alerts` (promtool unit tests via
`make rules-test`), Alertmanager config in the kube-prometheus-stack values (amtool), ops shell scripts
checked with shellcheck, GitLab (self-hosted) with glab and a lint-only CI pipeline.
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind for fresh/; measured once held out (round 8), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import difflib
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "zhaomin"
R = "/home/zhaomin/ops/infra-config"
MODEL = "claude-opus-4-6"
GL = "https://gitlab.qinghe.tech/infra/infra-config"
PROM = "https://prometheus.ops.qinghe.internal"
AM = "https://alertmanager.ops.qinghe.internal"
INV = "inventories/prod/hosts.yml"

_rng = [random.Random(20260907)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def sfx(n=5):
    """Kubernetes generated-name suffix."""
    return "".join(_rng[0].choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(n))


def uuid4ish():
    return f"{hx(8)}-{hx(4)}-4{hx(3)}-{_rng[0].choice('89ab')}{hx(3)}-{hx(12)}"


def b64ish(n):
    return "".join(_rng[0].choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def line_of(d, path, needle):
    src = d.files[path]
    return src[:src.index(needle)].count("\n") + 1


# ---------------------------------------------------------------- ansible output
def banner(msg):
    return f"{msg} " + "*" * max(3, 79 - len(msg))


def recap_line(host, ok=0, changed=0, unreachable=0, failed=0, skipped=0, rescued=0, ignored=0):
    def c(k, v):
        return f"{k}={str(v):<4}"
    return (f"{host:<26} : {c('ok', ok)} {c('changed', changed)} {c('unreachable', unreachable)} "
            f"{c('failed', failed)} {c('skipped', skipped)} {c('rescued', rescued)} {c('ignored', ignored)}")


def play_out(plays, recap):
    """plays: [(play name, [(task title, [lines...]), ...]), ...]; recap: [(host, dict)]"""
    out = []
    for name, tasks in plays:
        out += ["", banner(f"PLAY [{name}]")]
        for title, lines in tasks:
            out += ["", banner(title if title.startswith("RUNNING HANDLER") else f"TASK [{title}]")]
            out += lines
    out += ["", banner("PLAY RECAP")]
    for host, c in recap:
        out.append(recap_line(host, **c))
    return "\n".join(out)


def per_host(status, hosts):
    return [f"{status}: [{h}]" for h in hosts]


def unreachable_json(host, msg):
    return (f'fatal: [{host}]: UNREACHABLE! => {{"changed": false, "msg": "{msg}", "unreachable": true}}')


def adhoc_unreachable(host, msg):
    return f"""{host} | UNREACHABLE! => {{
    "changed": false,
    "msg": "{msg}",
    "unreachable": true
}}"""


def adhoc_pong(host, py="/usr/bin/python3.9", first=True):
    if first:
        return f"""{host} | SUCCESS => {{
    "ansible_facts": {{
        "discovered_interpreter_python": "{py}"
    }},
    "changed": false,
    "ping": "pong"
}}"""
    return f"""{host} | SUCCESS => {{
    "changed": false,
    "ping": "pong"
}}"""


HKV = "Failed to connect to the host via ssh: Host key verification failed."


def ansible_lint_ok(files=47, seen=53):
    return f"Passed: 0 failure(s), 0 warning(s) in {files} files processed of {seen} encountered. Last profile that met the validation criteria was 'shared'."


# ---------------------------------------------------------------- kubectl drain
DS_BASE = ["kube-system/calico-node-{}", "kube-system/kube-proxy-{}", "logging/alloy-{}",
           "rook-ceph/csi-cephfsplugin-{}", "rook-ceph/csi-rbdplugin-{}"]


def ds_pods():
    return [p.format(sfx()) for p in DS_BASE]


def drain_fail(node, ds, local=None, already=False):
    head = f"node/{node} already cordoned" if already else f"node/{node} cordoned"
    e_ds = "cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): " + ", ".join(ds)
    if local:
        e_l = "cannot delete Pods with local storage (use --delete-emptydir-data to override): " + ", ".join(local)
        inner = f"[{e_ds}, {e_l}]"
        tail = f"{e_ds}\n{e_l}"
    else:
        inner = e_ds
        tail = e_ds
    return f"""{head}
error: unable to drain node "{node}" due to error:{inner}, continuing command...
There are pending nodes to be drained:
 {node}
{tail}"""


def drain_ok(node, ds, local, evict, pdb_retry=None):
    warn = "Warning: ignoring DaemonSet-managed Pods: " + ", ".join(ds)
    if local:
        warn += "; deleting Pods with local storage: " + ", ".join(local)
    lines = [f"node/{node} already cordoned", warn]
    lines += [f"evicting pod {p}" for p in evict]
    if pdb_retry:
        ns, name = pdb_retry.split("/")
        lines.append(f'error when evicting pods/"{name}" -n "{ns}" (will retry after 5s): Cannot evict pod as it would violate the pod\'s disruption budget.')
        lines.append(f"evicting pod {pdb_retry}")
    # evicted lines come back in completion order
    done = list(evict)
    _rng[0].shuffle(done)
    lines += [f"pod/{p.split('/')[1]} evicted" for p in done]
    lines.append(f"node/{node} drained")
    return "\n".join(lines)


# ---------------------------------------------------------------- helmfile / helm
def helmfile_cmd_error(args, stderr):
    arg_lines = "\n".join(f"  {i}: {a} ({len(a.encode())} bytes)" for i, a in enumerate(args))
    ind = "\n".join("  " + l if l else "" for l in stderr.split("\n"))
    return f"""in ./helmfile.yaml.gotmpl: command "/usr/local/bin/helm" exited with non-zero status:

PATH:
  /usr/local/bin/helm

ARGS:
{arg_lines}

ERROR:
  exit status 1

EXIT STATUS
  1

STDERR:
{ind}

COMBINED OUTPUT:
{ind}"""


def git_commit(branch, sha, msg, nfiles, ins, dels, creates=()):
    s = f"[{branch} {sha}] {msg}\n {nfiles} file{'s' if nfiles != 1 else ''} changed"
    if ins:
        s += f", {ins} insertion{'s' if ins != 1 else ''}(+)"
    if dels:
        s += f", {dels} deletion{'s' if dels != 1 else ''}(-)"
    for c in creates:
        s += f"\n create mode {'100755' if c.endswith('.sh') or c.endswith('.py') else '100644'} {c}"
    return s


def git_push_new(branch, objs=9, kib="2.41"):
    enc = branch.replace("/", "%2F")
    err = f"""Enumerating objects: {objs + 6}, done.
Counting objects: 100% ({objs + 6}/{objs + 6}), done.
Delta compression using up to 8 threads
Compressing objects: 100% ({objs}/{objs}), done.
Writing objects: 100% ({objs}/{objs}), {kib} KiB | {kib} MiB/s, done.
Total {objs} (delta {max(1, objs - 4)}), reused 0 (delta 0), pack-reused 0
remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={enc}
remote: 
To gitlab.qinghe.tech:infra/infra-config.git
 * [new branch]      {branch} -> {branch}"""
    out = f"branch '{branch}' set up to track 'origin/{branch}'."
    return out, err


def glab_mr(iid, title, branch):
    return f"""
Creating merge request for {branch} into main in infra/infra-config

!{iid} {title} ({branch})
 {GL}/-/merge_requests/{iid}
"""


# ---------------------------------------------------------------- mini helm renderer for charts/infra-alerts
CHART_VERSION = "0.7.0"
HELPER_LABELS = ["app.kubernetes.io/name: infra-alerts", "app.kubernetes.io/instance: infra-alerts",
                 "app.kubernetes.io/managed-by: Helm", f"helm.sh/chart: infra-alerts-{CHART_VERSION}",
                 "release: kube-prometheus-stack"]


def parse_values(text):
    """Tiny parser for the two-level values.yaml of infra-alerts."""
    vals, cur = {}, None
    for line in text.split("\n"):
        if not line.strip() or line.strip().startswith("#"):
            continue
        if not line.startswith(" "):
            k, _, v = line.partition(":")
            v = v.strip()
            if v:
                vals[k] = v
            else:
                cur = vals.setdefault(k, {})
        else:
            k, _, v = line.strip().partition(":")
            cur[k] = v.strip()
    return vals


def render_tpl(tpl, vals):
    raws = []

    def keep(m):
        raws.append(m.group(1))
        return f"\x00{len(raws) - 1}\x00"
    s = re.sub(r"\{\{`(.*?)`\}\}", keep, tpl)
    out = []
    for line in s.split("\n"):
        if "include \"infra-alerts.labels\"" in line:
            ind = " " * 4
            out += [ind + l for l in HELPER_LABELS]
            continue
        out.append(line)
    s = "\n".join(out)

    def act(m):
        expr = m.group(1).strip()
        if expr == ".Release.Name":
            return "infra-alerts"
        if expr.startswith(".Values."):
            cur = vals
            for k in expr[len(".Values."):].split("."):
                cur = cur[k]
            return cur
        raise ValueError(expr)
    s = re.sub(r"\{\{-?\s*(.*?)\s*-?\}\}", act, s)
    s = re.sub(r"\x00(\d+)\x00", lambda m: raws[int(m.group(1))], s)
    return s


def rendered(d, name):
    vals = parse_values(d.files[P("charts/infra-alerts/values.yaml")])
    body = render_tpl(d.files[P(f"charts/infra-alerts/templates/{name}.yaml")], vals)
    return f"# Source: infra-alerts/templates/{name}.yaml\n" + body.rstrip("\n")


def helm_diff_resource(name, old, new):
    a, b = old.split("\n"), new.split("\n")
    lines = [f"monitoring, infra-alerts-{name}, PrometheusRule (monitoring.coreos.com) has changed:"]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            lines += ["  " + l for l in a[i1:i2]]
        else:
            lines += ["- " + l for l in a[i1:i2]]
            lines += ["+ " + l for l in b[j1:j2]]
    return "\n".join(lines)


def rule_count(d, name):
    src = d.files[P(f"charts/infra-alerts/templates/{name}.yaml")]
    return len(re.findall(r"^\s*- (alert|record):", src, re.M))


def alert_names(d, name):
    src = d.files[P(f"charts/infra-alerts/templates/{name}.yaml")]
    return re.findall(r"^\s*- alert: (\S+)", src, re.M)


def make_rules_test(d):
    tpls = sorted(p.rsplit("/", 1)[1][:-5] for p in d.files
                  if p.startswith(P("charts/infra-alerts/templates/")) and p.endswith(".yaml"))
    tests = sorted(p[len(R) + 1:] for p in d.files
                   if p.startswith(P("charts/infra-alerts/tests/")) and p.endswith("_test.yml"))
    lines = ["helm template infra-alerts charts/infra-alerts > build/rules/rendered.yaml",
             "scripts/extract-rules.sh build/rules/rendered.yaml build/rules"]
    lines += [f"wrote build/rules/{t}.rules.yml" for t in tpls]
    lines.append("promtool check rules build/rules/*.rules.yml")
    for t in tpls:
        lines += [f"Checking build/rules/{t}.rules.yml", f"  SUCCESS: {rule_count(d, t)} rules found", ""]
    lines.append("promtool test rules charts/infra-alerts/tests/*_test.yml")
    for t in tests:
        lines += [f"Unit Testing:  {t}", "  SUCCESS", ""]
    return "\n".join(lines)


def rules_make_line(d):
    return line_of(d, P("Makefile"), "\thelm template infra-alerts")


def helmfile_diff_alerts(changes):
    return "Comparing release=infra-alerts, chart=charts/infra-alerts, namespace=monitoring\n" + "\n".join(changes)


def helmfile_apply_alerts(changes, rev, when, listed):
    return (helmfile_diff_alerts(changes) + f"""

Upgrading release=infra-alerts, chart=charts/infra-alerts, namespace=monitoring
Release "infra-alerts" has been upgraded. Happy Helming!
NAME: infra-alerts
LAST DEPLOYED: {when}
NAMESPACE: monitoring
STATUS: deployed
REVISION: {rev}
TEST SUITE: None

Listing releases matching ^infra-alerts$
infra-alerts	monitoring	{rev}      	{listed} +0800 CST	deployed	infra-alerts-{CHART_VERSION}	           


UPDATED RELEASES:
NAME           NAMESPACE    CHART                   VERSION   DURATION
infra-alerts   monitoring   ./charts/infra-alerts   {CHART_VERSION}           3s
""")


def rules_api(groups):
    """groups: [(group name, [(alert, health, state)])] -> jq -c output lines"""
    out = []
    for g, rules in groups:
        for name, health, state in rules:
            out.append(f'{{"group":"{g}","name":"{name}","health":"{health}","state":"{state}"}}')
    return "\n".join(out)


# ---------------------------------------------------------------- the repository (virtual files)
FILES = {}

FILES[P("README.md")] = """# infra-config

青禾科技运维组的基础设施配置仓库。

- `inventories/`、`playbooks/`、`roles/`：主机初始化和系统配置（Ansible，在跳板机 jump-01 上执行）
- `helmfile.yaml.gotmpl`、`values/`：生产集群 qh-prod（kubeadm，Kubernetes 1.32）上的基础组件
- `charts/infra-alerts/`：平台告警规则（PrometheusRule），单测在 `charts/infra-alerts/tests/`
- `scripts/`：运维脚本

## 常用命令

    make lint          # yamllint + shellcheck + ansible-lint + helm lint，和 CI 的 lint 阶段一样
    make rules-test    # 渲染 infra-alerts，promtool check rules + promtool test rules

## 变更流程

1. 在跳板机上先 check / diff（`ansible-playbook --check --diff`、`helmfile -e prod diff`），确认后执行
2. Ansible 变更先挑一台做金丝雀，没问题再全量
3. 变更前在运维群发变更通知
4. 改动提 MR 留档，老邓 review
"""

FILES[P("Makefile")] = """SHELL := /bin/bash
RULES_OUT := build/rules

.PHONY: lint yamllint shellcheck ansible-lint helm-lint rules-test

## CI 的 lint 阶段同款
lint: yamllint shellcheck ansible-lint helm-lint

yamllint:
\tyamllint -s inventories playbooks roles values .gitlab-ci.yml

shellcheck:
\tshellcheck -x scripts/*.sh

ansible-lint:
\tansible-lint playbooks/

helm-lint:
\thelm lint charts/infra-alerts

## 渲染 infra-alerts，拆出规则文件，promtool check + 单测
rules-test:
\t@rm -rf $(RULES_OUT) && mkdir -p $(RULES_OUT)
\thelm template infra-alerts charts/infra-alerts > $(RULES_OUT)/rendered.yaml
\tscripts/extract-rules.sh $(RULES_OUT)/rendered.yaml $(RULES_OUT)
\tpromtool check rules $(RULES_OUT)/*.rules.yml
\tpromtool test rules charts/infra-alerts/tests/*_test.yml
"""

FILES[P("ansible.cfg")] = """[defaults]
roles_path = roles
collections_path = .collections
remote_user = ops
private_key_file = ~/.ssh/id_ed25519_ops
forks = 20
timeout = 15
interpreter_python = auto_silent
retry_files_enabled = False

[privilege_escalation]
become = True
become_method = sudo

[ssh_connection]
pipelining = True
ssh_args = -o ControlMaster=auto -o ControlPersist=60s
"""

FILES[P(".ansible-lint")] = """---
profile: shared
exclude_paths:
  - .collections/
  - build/
  - charts/
"""

FILES[P(".gitlab-ci.yml")] = """stages:
  - lint
  - test

default:
  image: harbor.qinghe.tech/infra/ops-toolbox:2026.08
  tags:
    - ops

yamllint:
  stage: lint
  script:
    - make yamllint

shellcheck:
  stage: lint
  script:
    - make shellcheck

ansible-lint:
  stage: lint
  script:
    - ansible-galaxy collection install -r requirements.yml
    - make ansible-lint

helm-lint:
  stage: lint
  script:
    - make helm-lint

rules-test:
  stage: test
  script:
    - make rules-test
  rules:
    - changes:
        - charts/infra-alerts/**/*
"""

FILES[P("requirements.yml")] = """---
collections:
  - name: ansible.posix
    version: 1.6.2
  - name: community.general
    version: 9.5.3
"""

HOSTS_HEAD = """---
all:
  vars:
    ansible_user: ops
  children:
    k8s_masters:
      hosts:
        k8s-master-01: {ansible_host: 10.20.1.11}
        k8s-master-02: {ansible_host: 10.20.1.12}
        k8s-master-03: {ansible_host: 10.20.1.13}
    k8s_nodes:
      hosts:
        k8s-node-01: {ansible_host: 10.20.1.21}
        k8s-node-02: {ansible_host: 10.20.1.22}
        k8s-node-03: {ansible_host: 10.20.1.23}
        k8s-node-04: {ansible_host: 10.20.1.24}
        k8s-node-05: {ansible_host: 10.20.1.25}
        k8s-node-06: {ansible_host: 10.20.1.26}
        k8s-node-07: {ansible_host: 10.20.1.27}
        k8s-node-08: {ansible_host: 10.20.1.28}
    ingress_nodes:
      hosts:
        k8s-node-01:
        k8s-node-02:
    k8s:
      children:
        k8s_masters:
        k8s_nodes:
"""
MON_1 = """    monitoring:
      hosts:
        mon-01: {ansible_host: 10.20.3.11}
"""
MON_2 = """    monitoring:
      hosts:
        mon-01: {ansible_host: 10.20.3.11}
        mon-02: {ansible_host: 10.20.3.12}
"""
RUNNERS_2 = """    gitlab_runners:
      hosts:
        runner-01: {ansible_host: 10.20.4.11}
        runner-02: {ansible_host: 10.20.4.12}
"""
RUNNERS_3 = """    gitlab_runners:
      hosts:
        runner-01: {ansible_host: 10.20.4.11}
        runner-02: {ansible_host: 10.20.4.12}
        runner-03: {ansible_host: 10.20.4.13}
"""
ZONE_B = """    # B 区新机房（第二个集群，网络还在打通）
    zone_b:
      hosts:
        b-node-01: {ansible_host: 10.40.2.11}
        b-node-02: {ansible_host: 10.40.2.12}
"""
FILES[P(INV)] = HOSTS_HEAD + MON_1 + RUNNERS_2

FILES[P("inventories/prod/group_vars/all.yml")] = """---
timezone: Asia/Shanghai
chrony_servers:
  - ntp.aliyun.com
  - ntp1.aliyun.com
journald_max_use: 2G
"""

FILES[P("inventories/prod/group_vars/k8s.yml")] = """---
kubernetes_version: 1.32.6
containerd_version: 1.7.27
pause_image: harbor.qinghe.tech/k8s/pause:3.10
"""

FILES[P("playbooks/base.yml")] = """---
- name: Base setup for all hosts
  hosts: all
  roles:
    - role: common
    - role: chrony
    - role: node_exporter
"""

FILES[P("playbooks/k8s-node.yml")] = """---
- name: Kubernetes node prerequisites
  hosts: k8s
  roles:
    - role: sysctl
    - role: containerd
    - role: kube_packages
"""

FILES[P("playbooks/node-exporter.yml")] = """---
- name: Deploy node_exporter
  hosts: all
  roles:
    - role: node_exporter
"""

FILES[P("playbooks/chrony.yml")] = """---
- name: Time sync
  hosts: all
  serial: "30%"
  roles:
    - role: chrony
"""

FILES[P("playbooks/sysctl.yml")] = """---
- name: Kernel parameters for Kubernetes nodes
  hosts: k8s
  roles:
    - role: sysctl
"""

FILES[P("playbooks/containerd.yml")] = """---
# 升级前先 drain 节点，升级后 uncordon
- name: Upgrade containerd
  hosts: k8s_nodes
  serial: 1
  roles:
    - role: containerd
"""

FILES[P("playbooks/blackbox.yml")] = """---
- name: Blackbox exporter on monitoring hosts
  hosts: monitoring
  roles:
    - role: blackbox_exporter
"""

FILES[P("playbooks/gitlab-runner.yml")] = """---
- name: GitLab runners
  hosts: gitlab_runners
  roles:
    - role: docker
    - role: gitlab_runner
"""

FILES[P("roles/node_exporter/defaults/main.yml")] = """---
node_exporter_version: 1.9.1
node_exporter_mirror: https://mirrors.qinghe.internal/github/prometheus/node_exporter/releases/download
node_exporter_checksum: sha256:becb950ee80daa8ae7331d77966d94a611af79ad0d3307380907e0ec08f5b4e8
node_exporter_listen: ":9100"
node_exporter_disabled_collectors:
  - mdadm
  - nfs
  - nfsd
"""

FILES[P("roles/node_exporter/tasks/main.yml")] = """---
- name: Create node_exporter user
  ansible.builtin.user:
    name: node_exporter
    system: true
    shell: /sbin/nologin
    create_home: false

- name: Download node_exporter
  get_url:
    url: "{{ node_exporter_mirror }}/v{{ node_exporter_version }}/node_exporter-{{ node_exporter_version }}.linux-amd64.tar.gz"
    dest: "/opt/node_exporter-{{ node_exporter_version }}.tar.gz"
    checksum: "{{ node_exporter_checksum }}"
    mode: "0644"

- name: Unpack node_exporter
  unarchive:
    src: "/opt/node_exporter-{{ node_exporter_version }}.tar.gz"
    dest: /opt
    remote_src: true
    creates: "/opt/node_exporter-{{ node_exporter_version }}.linux-amd64/node_exporter"

- name: Link node_exporter binary
  file:
    src: "/opt/node_exporter-{{ node_exporter_version }}.linux-amd64/node_exporter"
    dest: /usr/local/bin/node_exporter
    state: link
  notify: Restart node_exporter

- name: Install node_exporter unit
  template:
    src: node_exporter.service.j2
    dest: /etc/systemd/system/node_exporter.service
    mode: "0644"
  notify: Restart node_exporter

- name: Enable node_exporter
  ansible.builtin.systemd_service:
    name: node_exporter
    enabled: true
    state: started
    daemon_reload: true
"""

FILES[P("roles/node_exporter/handlers/main.yml")] = """---
- name: Restart node_exporter
  ansible.builtin.systemd_service:
    name: node_exporter
    state: restarted
    daemon_reload: true
"""

FILES[P("roles/node_exporter/templates/node_exporter.service.j2")] = """# Managed by Ansible
[Unit]
Description=Prometheus node_exporter
After=network-online.target
Wants=network-online.target

[Service]
User=node_exporter
Group=node_exporter
ExecStart=/usr/local/bin/node_exporter \\
    --web.listen-address={{ node_exporter_listen }} \\
{% for c in node_exporter_disabled_collectors %}
    --no-collector.{{ c }} \\
{% endfor %}
    --collector.systemd
Restart=on-failure
RestartSec=5

[Install]
WantedBy=multi-user.target
"""

FILES[P("roles/chrony/tasks/main.yml")] = """---
- name: Install chrony
  ansible.builtin.dnf:
    name: chrony
    state: present

- name: Render chrony.conf
  ansible.builtin.template:
    src: chrony.conf.j2
    dest: /etc/chrony.conf
    mode: "0644"
  notify: Restart chronyd

- name: Enable chronyd
  ansible.builtin.systemd_service:
    name: chronyd
    enabled: true
    state: started
"""

FILES[P("roles/chrony/handlers/main.yml")] = """---
- name: Restart chronyd
  ansible.builtin.systemd_service:
    name: chronyd
    state: restarted
"""

FILES[P("roles/chrony/templates/chrony.conf.j2")] = """# Managed by Ansible
{% for s in chrony_servers %}
server {{ s }} iburst
{% endfor %}
driftfile /var/lib/chrony/drift
makestep 1.0 3
rtcsync
logdir /var/log/chrony
"""

FILES[P("roles/sysctl/defaults/main.yml")] = """---
sysctl_file: /etc/sysctl.d/99-kubernetes.conf
sysctl_settings:
  net.bridge.bridge-nf-call-iptables: 1
  net.bridge.bridge-nf-call-ip6tables: 1
  net.ipv4.ip_forward: 1
  vm.max_map_count: 262144
  fs.inotify.max_user_watches: 524288
  fs.inotify.max_user_instances: 8192
"""

FILES[P("roles/sysctl/tasks/main.yml")] = """---
- name: Load br_netfilter module
  modprobe:
    name: br_netfilter
    state: present
    persistent: present

- name: Render sysctl settings
  template:
    src: 99-kubernetes.conf.j2
    dest: "{{ sysctl_file }}"
    mode: "0644"
  notify: Reload sysctl
"""

FILES[P("roles/sysctl/handlers/main.yml")] = """---
- name: Reload sysctl
  ansible.builtin.command: sysctl --system
  changed_when: true
"""

FILES[P("roles/sysctl/templates/99-kubernetes.conf.j2")] = """# Managed by Ansible
{% for key, value in sysctl_settings.items() %}
{{ key }} = {{ value }}
{% endfor %}
"""

FILES[P("roles/containerd/tasks/main.yml")] = """---
- name: Install containerd.io {{ containerd_version }}
  ansible.builtin.dnf:
    name: "containerd.io-{{ containerd_version }}"
    state: present
    allow_downgrade: false
  notify: Restart containerd

- name: Render containerd config
  ansible.builtin.template:
    src: config.toml.j2
    dest: /etc/containerd/config.toml
    mode: "0644"
  notify: Restart containerd

- name: Enable containerd
  ansible.builtin.systemd_service:
    name: containerd
    enabled: true
    state: started

- name: Flush handlers before checking the runtime
  ansible.builtin.meta: flush_handlers

- name: Check containerd version
  ansible.builtin.command: ctr version
  register: ctr_version
  changed_when: false
  check_mode: false

- name: Show containerd version
  ansible.builtin.debug:
    msg: "{{ ctr_version.stdout_lines | select('search', 'Version') | list }}"
"""

FILES[P("helmfile.yaml.gotmpl")] = """environments:
  prod:
    kubeContext: qh-prod
---
repositories:
  - name: ingress-nginx
    url: https://kubernetes.github.io/ingress-nginx
  - name: jetstack
    url: https://charts.jetstack.io
  - name: prometheus-community
    url: https://prometheus-community.github.io/helm-charts
  - name: grafana
    url: https://grafana.github.io/helm-charts
  - name: rook-release
    url: https://charts.rook.io/release
  - name: bitnami
    url: https://charts.bitnami.com/bitnami

helmDefaults:
  wait: true
  timeout: 600
  historyMax: 10

releases:
  - name: ingress-nginx
    namespace: ingress-nginx
    chart: ingress-nginx/ingress-nginx
    version: 4.12.4
    values:
      - values/ingress-nginx/common.yaml

  - name: cert-manager
    namespace: cert-manager
    chart: jetstack/cert-manager
    version: v1.17.4
    values:
      - values/cert-manager/common.yaml

  - name: kube-prometheus-stack
    namespace: monitoring
    chart: prometheus-community/kube-prometheus-stack
    version: 79.4.1
    values:
      - values/kube-prometheus-stack/common.yaml
      - values/kube-prometheus-stack/{{ .Environment.Name }}.yaml

  - name: prometheus-webhook-dingtalk
    namespace: monitoring
    chart: ./charts/prometheus-webhook-dingtalk
    values:
      - values/prometheus-webhook-dingtalk/common.yaml

  - name: loki
    namespace: logging
    chart: grafana/loki
    version: 6.40.0
    values:
      - values/loki/common.yaml

  - name: alloy
    namespace: logging
    chart: grafana/alloy
    version: 1.2.1
    values:
      - values/alloy/common.yaml

  - name: rook-ceph-cluster-external
    namespace: rook-ceph
    chart: rook-release/rook-ceph
    version: v1.17.7
    values:
      - values/rook-ceph/external.yaml

  - name: redis
    namespace: middleware
    chart: bitnami/redis
    version: 20.6.3
    values:
      - values/redis/prod.yaml

  - name: infra-alerts
    namespace: monitoring
    chart: ./charts/infra-alerts
    needs:
      - monitoring/kube-prometheus-stack
"""

FILES[P("values/ingress-nginx/common.yaml")] = """controller:
  kind: DaemonSet
  hostNetwork: true
  dnsPolicy: ClusterFirstWithHostNet
  nodeSelector:
    node-role.qinghe.tech/ingress: "true"
  ingressClassResource:
    default: true
  config:
    use-forwarded-headers: "true"
    proxy-body-size: 50m
    keep-alive-requests: "10000"
    upstream-keepalive-connections: "200"
  metrics:
    enabled: true
    serviceMonitor:
      enabled: true
      additionalLabels:
        release: kube-prometheus-stack
"""

FILES[P("values/cert-manager/common.yaml")] = """crds:
  enabled: true
replicaCount: 2
podDisruptionBudget:
  enabled: true
  minAvailable: 1
prometheus:
  servicemonitor:
    enabled: true
    labels:
      release: kube-prometheus-stack
"""

FILES[P("values/kube-prometheus-stack/prod.yaml")] = """prometheus:
  prometheusSpec:
    replicas: 1
    retention: 15d
    retentionSize: 90GB
    ruleSelector:
      matchLabels:
        release: kube-prometheus-stack
    storageSpec:
      volumeClaimTemplate:
        spec:
          storageClassName: ceph-rbd
          resources:
            requests:
              storage: 100Gi
    resources:
      requests:
        cpu: "2"
        memory: 12Gi
      limits:
        memory: 16Gi

alertmanager:
  alertmanagerSpec:
    replicas: 2
  config:
    global:
      resolve_timeout: 5m
    route:
      receiver: dingtalk-ops
      group_by:
        - alertname
        - instance
      group_wait: 30s
      group_interval: 5m
      repeat_interval: 4h
      routes:
        - matchers:
            - severity="critical"
          receiver: dingtalk-oncall
          repeat_interval: 1h
        - matchers:
            - alertname="Watchdog"
          receiver: "null"
    inhibit_rules:
      - source_matchers:
          - severity="critical"
        target_matchers:
          - severity="warning"
        equal:
          - alertname
          - instance
      - source_matchers:
          - alertname="NodeDown"
        target_matchers:
          - severity=~"warning|info"
        equal:
          - instance
    receivers:
      - name: "null"
      - name: dingtalk-ops
        webhook_configs:
          - url: http://prometheus-webhook-dingtalk.monitoring:8060/dingtalk/ops/send
            send_resolved: true
      - name: dingtalk-oncall
        webhook_configs:
          - url: http://prometheus-webhook-dingtalk.monitoring:8060/dingtalk/oncall/send
            send_resolved: true
"""

FILES[P("charts/infra-alerts/Chart.yaml")] = f"""apiVersion: v2
name: infra-alerts
description: 青禾平台告警规则（PrometheusRule），由 kube-prometheus-stack 的 Prometheus 加载
type: application
version: {CHART_VERSION}
"""

FILES[P("charts/infra-alerts/values.yaml")] = """# 告警里 runbook_url 的前缀（wiki 上的处理手册）
runbookBase: https://wiki.qinghe.tech/ops/runbooks

node:
  # 文件系统剩余百分比低于该值告警
  filesystemFreePercent: 10
  filesystemFor: 15m

etcd:
  # WAL fsync 99 分位阈值（秒）
  fsyncSeconds: 0.5
"""

FILES[P("charts/infra-alerts/templates/_helpers.tpl")] = """{{- define "infra-alerts.labels" -}}
app.kubernetes.io/name: infra-alerts
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
release: kube-prometheus-stack
{{- end }}
"""

FILES[P("charts/infra-alerts/templates/node.yaml")] = """apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: {{ .Release.Name }}-node
  labels:
    {{- include "infra-alerts.labels" . | nindent 4 }}
spec:
  groups:
    - name: node.rules
      rules:
        - alert: NodeDown
          expr: up{job="node"} == 0
          for: 3m
          labels:
            severity: critical
          annotations:
            summary: 节点 node_exporter 无法抓取
            runbook_url: {{ .Values.runbookBase }}/node-down
        - alert: NodeFilesystemAlmostFull
          expr: |
            node_filesystem_avail_bytes{job="node",fstype=~"ext4|xfs"}
              / node_filesystem_size_bytes{job="node",fstype=~"ext4|xfs"} * 100
              < {{ .Values.node.filesystemFreePercent }}
          for: {{ .Values.node.filesystemFor }}
          labels:
            severity: warning
          annotations:
            summary: 节点文件系统剩余空间不足 {{ .Values.node.filesystemFreePercent }}%
            runbook_url: {{ .Values.runbookBase }}/node-filesystem-almost-full
        - alert: NodeMemoryHigh
          expr: (1 - node_memory_MemAvailable_bytes{job="node"} / node_memory_MemTotal_bytes{job="node"}) * 100 > 90
          for: 10m
          labels:
            severity: warning
          annotations:
            summary: 节点内存使用率超过 90%
            runbook_url: {{ .Values.runbookBase }}/node-memory-high
        - alert: NodeClockSkew
          expr: abs(node_timex_offset_seconds{job="node"}) > 0.05
          for: 10m
          labels:
            severity: warning
          annotations:
            summary: 节点时钟偏差超过 50ms
            runbook_url: {{ .Values.runbookBase }}/node-clock-skew
"""

FILES[P("charts/infra-alerts/templates/etcd.yaml")] = """apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: {{ .Release.Name }}-etcd
  labels:
    {{- include "infra-alerts.labels" . | nindent 4 }}
spec:
  groups:
    - name: etcd.rules
      rules:
        - alert: EtcdNoLeader
          expr: etcd_server_has_leader{job="kube-etcd"} == 0
          for: 1m
          labels:
            severity: critical
          annotations:
            summary: etcd 成员没有 leader
            runbook_url: {{ .Values.runbookBase }}/etcd-no-leader
        - alert: EtcdHighFsyncDurations
          expr: |
            histogram_quantile(0.99, sum by (instance, le) (rate(etcd_disk_wal_fsync_duration_seconds_bucket{job="kube-etcd"}[5m])))
              > {{ .Values.etcd.fsyncSeconds }}
          for: 10m
          labels:
            severity: warning
          annotations:
            summary: etcd WAL fsync 99 分位超过 {{ .Values.etcd.fsyncSeconds }}s
            runbook_url: {{ .Values.runbookBase }}/etcd-high-fsync
        - alert: EtcdMembersDown
          expr: count(up{job="kube-etcd"} == 0) > 0
          for: 3m
          labels:
            severity: critical
          annotations:
            summary: 有 etcd 成员无法抓取
            runbook_url: {{ .Values.runbookBase }}/etcd-members-down
"""

FILES[P("charts/infra-alerts/templates/kube-state.yaml")] = """apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: {{ .Release.Name }}-kube-state
  labels:
    {{- include "infra-alerts.labels" . | nindent 4 }}
spec:
  groups:
    - name: kube-state.rules
      rules:
        - alert: PodCrashLooping
          expr: increase(kube_pod_container_status_restarts_total{job="kube-state-metrics"}[15m]) > 3
          for: 5m
          labels:
            severity: warning
          annotations:
            summary: "{{`{{ $labels.namespace }}/{{ $labels.pod }}`}} 15 分钟内重启 {{`{{ $value | printf \\"%.0f\\" }}`}} 次"
            runbook_url: {{ .Values.runbookBase }}/pod-crash-looping
        - alert: DeploymentReplicasMismatch
          expr: kube_deployment_spec_replicas{job="kube-state-metrics"} != kube_deployment_status_replicas_available{job="kube-state-metrics"}
          for: 15m
          labels:
            severity: warning
          annotations:
            summary: "{{`{{ $labels.namespace }}/{{ $labels.deployment }}`}} 可用副本数与期望不一致"
            runbook_url: {{ .Values.runbookBase }}/deployment-replicas-mismatch
        - alert: PersistentVolumeFillingUp
          expr: kubelet_volume_stats_available_bytes / kubelet_volume_stats_capacity_bytes * 100 < 10
          for: 10m
          labels:
            severity: warning
          annotations:
            summary: "PVC {{`{{ $labels.namespace }}/{{ $labels.persistentvolumeclaim }}`}} 剩余空间不足 10%"
            runbook_url: {{ .Values.runbookBase }}/pv-filling-up
"""

FILES[P("charts/infra-alerts/tests/node_test.yml")] = """rule_files:
  - ../../../build/rules/node.rules.yml

evaluation_interval: 1m

tests:
  - interval: 1m
    input_series:
      - series: 'node_filesystem_avail_bytes{job="node",instance="10.20.1.21:9100",mountpoint="/var/lib/containerd",fstype="xfs"}'
        values: '8+0x30'
      - series: 'node_filesystem_size_bytes{job="node",instance="10.20.1.21:9100",mountpoint="/var/lib/containerd",fstype="xfs"}'
        values: '100+0x30'
    alert_rule_test:
      - eval_time: 10m
        alertname: NodeFilesystemAlmostFull
      - eval_time: 20m
        alertname: NodeFilesystemAlmostFull
        exp_alerts:
          - exp_labels:
              severity: warning
              job: node
              instance: 10.20.1.21:9100
              mountpoint: /var/lib/containerd
              fstype: xfs
            exp_annotations:
              summary: 节点文件系统剩余空间不足 10%
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/node-filesystem-almost-full
"""

FILES[P("charts/infra-alerts/tests/etcd_test.yml")] = """rule_files:
  - ../../../build/rules/etcd.rules.yml

evaluation_interval: 1m

tests:
  - interval: 1m
    input_series:
      - series: 'etcd_server_has_leader{job="kube-etcd",instance="10.20.1.12:2381"}'
        values: '1 1 0 0 0 0'
    alert_rule_test:
      - eval_time: 1m
        alertname: EtcdNoLeader
      - eval_time: 4m
        alertname: EtcdNoLeader
        exp_alerts:
          - exp_labels:
              severity: critical
              job: kube-etcd
              instance: 10.20.1.12:2381
            exp_annotations:
              summary: etcd 成员没有 leader
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/etcd-no-leader
"""

FILES[P("scripts/extract-rules.sh")] = """#!/usr/bin/env bash
# 把 helm template 渲染出来的 PrometheusRule 拆成 promtool 能直接读的规则文件：
#   <out>/<name>.rules.yml（name 去掉 infra-alerts- 前缀）
set -euo pipefail

rendered=$1
out=$2

yq ea -N 'select(.kind == "PrometheusRule") | .metadata.name' "$rendered" | while read -r name; do
  short=${name#infra-alerts-}
  yq ea "select(.kind == \\"PrometheusRule\\" and .metadata.name == \\"$name\\") | .spec" "$rendered" > "$out/$short.rules.yml"
  echo "wrote $out/$short.rules.yml"
done
"""


# ---------------------------------------------------------------- canned outputs used more than once
def kubectl_nodes(rows):
    return table(["NAME", "STATUS", "ROLES", "AGE", "VERSION", "INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION",
                  "CONTAINER-RUNTIME"],
                 [[name, status, role, age, "v1.32.6", ip, "<none>", "Rocky Linux 9.4 (Blue Onyx)", kernel, rt]
                  for name, status, role, age, ip, kernel, rt in rows])


K_OLD = "5.14.0-427.42.1.el9_4.x86_64"
K_NEW = "5.14.0-427.50.1.el9_4.x86_64"


def base_nodes(extra=(), rt="containerd://1.7.27", overrides=None, days=0):
    overrides = overrides or {}
    rows = [("k8s-master-01", "Ready", "control-plane", "412d", "10.20.1.11", K_OLD, rt),
            ("k8s-master-02", "Ready", "control-plane", "412d", "10.20.1.12", K_OLD, rt),
            ("k8s-master-03", "Ready", "control-plane", "412d", "10.20.1.13", K_OLD, rt),
            ("k8s-node-01", "Ready", "<none>", "409d", "10.20.1.21", K_OLD, rt),
            ("k8s-node-02", "Ready", "<none>", "409d", "10.20.1.22", K_OLD, rt),
            ("k8s-node-03", "Ready", "<none>", "409d", "10.20.1.23", K_OLD, rt),
            ("k8s-node-04", "Ready", "<none>", "287d", "10.20.1.24", K_OLD, rt),
            ("k8s-node-05", "Ready", "<none>", "287d", "10.20.1.25", K_OLD, rt),
            ("k8s-node-06", "Ready", "<none>", "131d", "10.20.1.26", K_OLD, rt)]
    rows += list(extra)
    rows = [overrides.get(r[0], r) for r in rows]
    rows = [(r[0], r[1], r[2], f"{int(r[3][:-1]) + days}d", *r[4:]) for r in rows]
    return kubectl_nodes(rows)


ST = {}


def s1(d):
    inv = P(INV)
    mk = P("Makefile")

    # ============================================================== S1  Mon 09-07
    with d.session("2026-09-07T02:08:00", R, branch="main", version="2.1.109"):
        t = d.task("infra-config 这个仓库我刚从小周手里接过来（他转去专心搞数据库了），你先带我过一遍：ansible 那块怎么组织的、"
                   "集群上的组件怎么管、告警规则放在哪、平时改动是怎么上线的", tags=["noise"])
        t.read(P("README.md"))
        t.glob("playbooks/*.yml", [P("playbooks/base.yml"), P("playbooks/blackbox.yml"), P("playbooks/chrony.yml"),
                                   P("playbooks/containerd.yml"), P("playbooks/gitlab-runner.yml"), P("playbooks/k8s-node.yml"),
                                   P("playbooks/node-exporter.yml"), P("playbooks/sysctl.yml")], path=R)
        t.read(P("ansible.cfg"))
        t.read(inv)
        t.glob("roles/*/tasks/main.yml", [P(f"roles/{r}/tasks/main.yml") for r in
                                          ("blackbox_exporter", "chrony", "common", "containerd", "docker", "gitlab_runner",
                                           "kube_packages", "node_exporter", "sysctl")], path=R)
        t.read(P("roles/node_exporter/tasks/main.yml"))
        t.read(P("helmfile.yaml.gotmpl"))
        t.read(mk)
        t.glob("charts/infra-alerts/**/*", [P("charts/infra-alerts/Chart.yaml"), P("charts/infra-alerts/templates/_helpers.tpl"),
                                            P("charts/infra-alerts/templates/etcd.yaml"), P("charts/infra-alerts/templates/kube-state.yaml"),
                                            P("charts/infra-alerts/templates/node.yaml"), P("charts/infra-alerts/tests/etcd_test.yml"),
                                            P("charts/infra-alerts/tests/node_test.yml"), P("charts/infra-alerts/values.yaml")], path=R)
        t.read(P(".gitlab-ci.yml"))
        t.bash("kubectl config current-context && kubectl get nodes -o wide", "看一下当前 kube context 和集群节点",
               out="qh-prod\n" + base_nodes())
        t.done("""整体是一个「Ansible 管主机 + helmfile 管集群组件 + 一个本地 chart 管告警」的仓库：

**Ansible（主机层）**
- `ansible.cfg`：`remote_user = ops`、私钥 `~/.ssh/id_ed25519_ops`、默认 `become`（sudo）、`forks = 20`，开了 pipelining 和 ControlPersist；没有配默认 inventory，每次都要 `-i inventories/prod/hosts.yml`
- `inventories/prod/hosts.yml`：分组有 `k8s_masters`（3 台）、`k8s_nodes`（8 台，07/08 是你刚加的）、`ingress_nodes`（node-01/02）、`monitoring`（mon-01）、`gitlab_runners`（2 台），`k8s` 是 masters + nodes 的父组；变量在 `group_vars/all.yml`（时区、chrony 上游、journald）和 `group_vars/k8s.yml`（Kubernetes 1.32.6、containerd 1.7.27）
- `playbooks/` 按用途拆：`base.yml`（common + chrony + node_exporter，所有主机）、`k8s-node.yml`（sysctl + containerd + kube 包）、`containerd.yml`（`serial: 1`，注释写了升级前要先 drain）、`chrony.yml`（`serial: "30%"`）、`blackbox.yml`、`gitlab-runner.yml` 等
- `roles/` 里模块写法不统一：新一点的任务用 `ansible.builtin.*`，老任务还是 `get_url` / `unarchive` / `template` 这种短名；`.ansible-lint` 用的是 `shared` profile，所以短名不会被 lint 拦

**集群组件（qh-prod，kubeadm 1.32.6，3 master + 6 worker 目前都是 Ready）**
- 全部由 `helmfile.yaml.gotmpl` 管：ingress-nginx、cert-manager、kube-prometheus-stack、钉钉 webhook、Loki + Alloy、rook-ceph（external 模式）、redis、以及本地 chart `infra-alerts`；环境只有 `prod`，`kubeContext: qh-prod` 写在 environment 里
- values 在 `values/<release>/`，kube-prometheus-stack 有 `common.yaml` + `prod.yaml`（Alertmanager 的路由、钉钉 receiver 都在 prod.yaml 里）
- 上线方式：`helmfile -e prod diff -l name=<release>` 看差异，确认后 `helmfile -e prod apply -l name=<release>`

**告警规则**
- `charts/infra-alerts/templates/` 下每个文件一个 PrometheusRule（node / etcd / kube-state），带 `release: kube-prometheus-stack` 标签，被 Prometheus 的 `ruleSelector` 选中
- 阈值和 runbook 前缀在 `values.yaml`；单测在 `charts/infra-alerts/tests/*_test.yml`
- `make rules-test`：先 `helm template` 渲染，再用 `scripts/extract-rules.sh`（yq）把每个 PrometheusRule 的 spec 拆成普通规则文件，最后 `promtool check rules` + `promtool test rules`

**CI 和上线流程**
- `.gitlab-ci.yml` 只有 lint（yamllint / shellcheck / ansible-lint / helm lint）和 rules-test 两个阶段，不做部署
- README 里的流程：跳板机上先 `--check --diff` / `helmfile diff` → 确认后执行（Ansible 先挑一台金丝雀再全量）→ 运维群发变更通知 → 提 MR 留档，老邓 review

`make lint` 和 CI 的 lint 阶段是同一套，提 MR 前本地跑一下就行。""")

        t = d.task("IDC 把两台新 worker 交付了：k8s-node-07（10.20.1.27）和 k8s-node-08（10.20.1.28），Rocky 9.4，ops 用户和公钥装机时已经放进去了，"
                   "inventory 我也加好了。先确认 ansible 能连上，然后跑 base.yml 和 k8s-node.yml 做初始化。新机器上啥也没有，不用 check 了直接跑", tags=["mistake:M1"])
        t.fail("ansible -i inventories/prod/hosts.yml k8s-node-07,k8s-node-08 -m ansible.builtin.ping", "确认两台新机器 ansible 能连上",
               adhoc_unreachable("k8s-node-07", HKV) + "\n" + adhoc_unreachable("k8s-node-08", HKV), code=4)
        t.say("两台都是 `Host key verification failed.`：ssh 连上了，但跳板机上我这个用户的 `~/.ssh/known_hosts` 里没有这两台新机器的主机密钥，"
              "ansible 跑 ssh 是非交互的，没法弹出「是否信任这个指纹」的确认，所以直接失败。先确认 known_hosts 里确实没有它们：")
        t.bash("ssh-keygen -F 10.20.1.27; ssh-keygen -F 10.20.1.28; echo \"exit=$?\"", "查 known_hosts 里有没有这两个 IP", out="exit=1")
        t.say("确实没有记录。两台是 IDC 刚交付的内网机器，把它们的 ed25519 主机密钥采集进 known_hosts（inventory 里用的是 IP，所以按 IP 采）：")
        t.bash("ssh-keyscan -t ed25519 10.20.1.27 10.20.1.28 >> ~/.ssh/known_hosts", "采集两台新机器的主机密钥写入 known_hosts",
               err="# 10.20.1.27:22 SSH-2.0-OpenSSH_8.7\n# 10.20.1.28:22 SSH-2.0-OpenSSH_8.7")
        fp7, fp8 = b64ish(43), b64ish(43)
        t.bash("ssh-keygen -lF 10.20.1.27 && ssh-keygen -lF 10.20.1.28", "看一下采集到的指纹",
               out=f"# Host 10.20.1.27 found: line 214 \n10.20.1.27 ED25519 SHA256:{fp7}\n# Host 10.20.1.28 found: line 215 \n10.20.1.28 ED25519 SHA256:{fp8}")
        t.bash("ansible -i inventories/prod/hosts.yml k8s-node-07,k8s-node-08 -m ansible.builtin.ping", "再确认一次连通性",
               out=adhoc_pong("k8s-node-07") + "\n" + adhoc_pong("k8s-node-08"))
        new = ["k8s-node-07", "k8s-node-08"]
        base_run = play_out([("Base setup for all hosts", [
            ("Gathering Facts", per_host("ok", new)),
            ("common : Set hostname", per_host("changed", new)),
            ("common : Set timezone", per_host("changed", new)),
            ("common : Install base packages", per_host("changed", new)),
            ("common : Configure journald", per_host("changed", new)),
            ("common : Disable firewalld", per_host("changed", new)),
            ("common : Harden sshd", per_host("changed", new)),
            ("chrony : Install chrony", per_host("ok", new)),
            ("chrony : Render chrony.conf", per_host("changed", new)),
            ("chrony : Enable chronyd", per_host("ok", new)),
            ("node_exporter : Create node_exporter user", per_host("changed", new)),
            ("node_exporter : Download node_exporter", per_host("changed", new)),
            ("node_exporter : Unpack node_exporter", per_host("changed", new)),
            ("node_exporter : Link node_exporter binary", per_host("changed", new)),
            ("node_exporter : Install node_exporter unit", per_host("changed", new)),
            ("node_exporter : Enable node_exporter", per_host("changed", new)),
            ("RUNNING HANDLER [common : Restart journald]", per_host("changed", new)),
            ("RUNNING HANDLER [common : Restart sshd]", per_host("changed", new)),
            ("RUNNING HANDLER [chrony : Restart chronyd]", per_host("changed", new)),
            ("RUNNING HANDLER [node_exporter : Restart node_exporter]", per_host("changed", new)),
        ])], [(h, dict(ok=20, changed=17)) for h in new])
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/base.yml --limit k8s-node-07,k8s-node-08",
               "对两台新机器跑 base 初始化", out=base_run, timeout=900000)
        ctr = ['ok: [k8s-node-07] => {\n    "msg": [\n        "  Version:  1.7.27",\n        "  Version:  1.7.27"\n    ]\n}',
               'ok: [k8s-node-08] => {\n    "msg": [\n        "  Version:  1.7.27",\n        "  Version:  1.7.27"\n    ]\n}']
        k8s_run = play_out([("Kubernetes node prerequisites", [
            ("Gathering Facts", per_host("ok", new)),
            ("sysctl : Load br_netfilter module", per_host("changed", new)),
            ("sysctl : Render sysctl settings", per_host("changed", new)),
            ("containerd : Install containerd.io 1.7.27", per_host("changed", new)),
            ("containerd : Render containerd config", per_host("changed", new)),
            ("containerd : Enable containerd", per_host("changed", new)),
            ("RUNNING HANDLER [sysctl : Reload sysctl]", per_host("changed", new)),
            ("RUNNING HANDLER [containerd : Restart containerd]", per_host("changed", new)),
            ("containerd : Check containerd version", per_host("ok", new)),
            ("containerd : Show containerd version", ctr),
            ("kube_packages : Add Kubernetes 1.32 repository", per_host("changed", new)),
            ("kube_packages : Install kubelet, kubeadm and kubectl 1.32.6", per_host("changed", new)),
            ("kube_packages : Lock Kubernetes package versions", per_host("changed", new)),
            ("kube_packages : Enable kubelet", per_host("changed", new)),
            ("kube_packages : Disable swap", per_host("ok", new)),
        ])], [(h, dict(ok=15, changed=12)) for h in new])
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/k8s-node.yml --limit k8s-node-07,k8s-node-08",
               "跑 Kubernetes 节点前置（sysctl / containerd / kube 包）", out=k8s_run, timeout=900000)
        t.done(f"""两台新 worker 初始化完了，`base.yml` 和 `k8s-node.yml` 都是 `failed=0`。

中间卡了一下：第一次 `ansible … -m ping` 两台都报 `UNREACHABLE! … Host key verification failed.`。原因是跳板机上你这个用户的 `~/.ssh/known_hosts` 里没有这两台新机器的主机密钥，ansible 的 ssh 是非交互的，不会弹「是否信任指纹」。处理方式：

```
ssh-keyscan -t ed25519 10.20.1.27 10.20.1.28 >> ~/.ssh/known_hosts
```

采到的指纹：
- 10.20.1.27 `SHA256:{fp7}`
- 10.20.1.28 `SHA256:{fp8}`

如果 IDC 的装机记录里有主机指纹，可以对一下；之后 ping 两台都是 pong。

初始化结果：
- `base.yml`：主机名、时区、基础包、journald、关 firewalld、sshd 加固、chrony、node_exporter 1.9.1（各 changed=17）
- `k8s-node.yml`：br_netfilter + sysctl、containerd 1.7.27（`ctr version` 已确认）、kubelet / kubeadm / kubectl 1.32.6 并锁版本、kubelet 已 enable（还没 join，kubelet 会一直重启等配置，这是正常的）

下一步就是在 master 上生成 join 命令把它们加进集群。""")

        t = d.task("kubeadm join 用的那个 token 是不是 24 小时就过期？我记得上次加 node-06 的时候 token 已经过期了。现在怎么重新生成 join 命令，"
                   "worker 需要 --certificate-key 吗", tags=["noise", "no_tools"])
        t.done("""对，`kubeadm init` / `kubeadm token create` 生成的 bootstrap token 默认 TTL 是 24 小时，过期后 `kubeadm token list` 里就看不到了，join 会报 token 无效。

**重新生成 join 命令**（在任意一台 master 上执行）：

```
sudo kubeadm token create --print-join-command
```

会直接打印完整的一行：

```
kubeadm join <apiserver 地址>:6443 --token abcdef.0123456789abcdef \\
    --discovery-token-ca-cert-hash sha256:<CA 公钥哈希>
```

在 node-07 / node-08 上用 sudo 执行这行就行。想让 token 活得久一点可以加 `--ttl 2h` 之类，不建议 `--ttl 0`（永不过期）。

**worker 不需要 `--certificate-key`**。它只用于加入新的 control-plane 节点（配合 `--control-plane`），用来从 `kubeadm-certs` Secret 里解密下载 CA、etcd 等证书；worker 只要 token + CA hash 就够了。

join 之后建议确认几件事：
1. `kubectl get nodes` 里两台变成 Ready（Calico 起来需要几十秒）
2. 如果它们要承担特定角色（比如 ingress），记得打对应标签；普通 worker 不用
3. 看一下 DaemonSet（calico-node、kube-proxy、alloy、ceph csi）在新节点上都起来了""")

        t = d.task("07、08 我已经 join 进去了，token 那条命令好使。inventory 的改动提个 MR，分支叫 chore/add-node-07-08", tags=["workflow:W3"])
        t.bash("kubectl get nodes k8s-node-07 k8s-node-08 -o wide", "确认两台新节点已经 Ready",
               out=kubectl_nodes([("k8s-node-07", "Ready", "<none>", "14m", "10.20.1.27", K_OLD, "containerd://1.7.27"),
                                  ("k8s-node-08", "Ready", "<none>", "13m", "10.20.1.28", K_OLD, "containerd://1.7.27")]))
        t.bash("make lint", "跑一遍 CI 同款的 lint",
               out="yamllint -s inventories playbooks roles values .gitlab-ci.yml\nshellcheck -x scripts/*.sh\nansible-lint playbooks/\nhelm lint charts/infra-alerts\n==> Linting charts/infra-alerts\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed",
               err=ansible_lint_ok(44, 50), timeout=300000)
        t.bash("git status --short && git diff --stat", "看一下工作区改动",
               out=" M inventories/prod/hosts.yml\n inventories/prod/hosts.yml | 2 ++\n 1 file changed, 2 insertions(+)")
        s1 = hx(7)
        t.bash("git checkout -b chore/add-node-07-08 && git add inventories/prod/hosts.yml && git commit -m \"chore(inventory): 新增 k8s-node-07/08\"",
               "建分支并提交", out=git_commit("chore/add-node-07-08", s1, "chore(inventory): 新增 k8s-node-07/08", 1, 2, 0),
               err="Switched to a new branch 'chore/add-node-07-08'")
        o, e = git_push_new("chore/add-node-07-08", objs=5, kib="0.53")
        t.bash("git push -u origin chore/add-node-07-08", "推送分支", out=o, err=e)
        t.bash("""glab mr create --target-branch main --title "chore(inventory): 新增 k8s-node-07/08" --description "$(cat <<'EOF'
新增两台 worker：k8s-node-07（10.20.1.27）、k8s-node-08（10.20.1.28）。

- 已在跳板机上跑过 base.yml、k8s-node.yml（failed=0）
- 已 kubeadm join，两台均 Ready
EOF
)" --yes""", "创建 MR", out=glab_mr(142, "chore(inventory): 新增 k8s-node-07/08", "chore/add-node-07-08"))
        t.done(f"""MR 已开：!142 {GL}/-/merge_requests/142

- 两台新节点都是 Ready（v1.32.6、containerd 1.7.27）
- `make lint` 全过（yamllint、shellcheck、ansible-lint、helm lint）
- 分支 `chore/add-node-07-08`，提交 `{s1}`，只包含 `inventories/prod/hosts.yml` 的两行""")


def ans_tmp():
    return f"/home/{U}/.ansible/tmp/ansible-local-{_rng[0].randint(1800, 4200)}{hx(8)}/tmp{hx(8)}"


def tpl_diff(dest, src, old, new):
    """ansible --diff output for a template/copy task (old=None: file did not exist)."""
    a = [] if old is None else old.rstrip("\n").split("\n")
    b = new.rstrip("\n").split("\n")
    body = list(difflib.unified_diff(a, b, n=3, lineterm=""))[2:]
    if old is None:
        body[0] = f"@@ -0,0 +1,{len(b)} @@"
    head = "--- before" if old is None else f"--- before: {dest}"
    return "\n".join([head, f"+++ after: {ans_tmp()}/{src}"] + body) + "\n"


def state_diff(path, before, after):
    return f"""--- before
+++ after
@@ -1,4 +1,4 @@
 {{
     "path": "{path}",
-    "state": "{before}"
+    "state": "{after}"
 }}
"""


def unit_rendered(textfile):
    lines = ["# Managed by Ansible", "[Unit]", "Description=Prometheus node_exporter", "After=network-online.target",
             "Wants=network-online.target", "", "[Service]", "User=node_exporter", "Group=node_exporter",
             "ExecStart=/usr/local/bin/node_exporter \\", "    --web.listen-address=:9100 \\",
             "    --no-collector.mdadm \\", "    --no-collector.nfs \\", "    --no-collector.nfsd \\"]
    if textfile:
        lines.append("    --collector.textfile.directory=/var/lib/node_exporter/textfile \\")
    lines += ["    --collector.systemd", "Restart=on-failure", "RestartSec=5", "", "[Install]", "WantedBy=multi-user.target"]
    return "\n".join(lines) + "\n"


HOSTS_S2 = (["k8s-master-01", "k8s-master-02", "k8s-master-03"] + [f"k8s-node-0{i}" for i in range(1, 9)]
            + ["mon-01", "runner-01", "runner-02"])


def shuffled(hosts):
    h = list(hosts)
    _rng[0].shuffle(h)
    return h


REBOOT_SH = """#!/usr/bin/env bash
# Managed by Ansible
# 给 node_exporter textfile collector 输出 node_reboot_required（1 = 装了更新还没重启）
set -euo pipefail

dir="{{ node_exporter_textfile_dir }}"
tmp=$(mktemp "$dir/.reboot_required.XXXXXX")

# needs-restarting -r：0 = 不需要重启，1 = 需要重启
if needs-restarting -r >/dev/null 2>&1; then
  value=0
else
  value=1
fi

cat > "$tmp" <<EOF
# HELP node_reboot_required Whether the node needs a reboot to apply installed updates (1 = yes).
# TYPE node_reboot_required gauge
node_reboot_required $value
EOF
chmod 0644 "$tmp"
mv "$tmp" "$dir/reboot_required.prom"
"""

REBOOT_SVC = """# Managed by Ansible
[Unit]
Description=Export node_reboot_required for node_exporter

[Service]
Type=oneshot
ExecStart=/usr/local/bin/node-reboot-required.sh
"""

REBOOT_TIMER = """# Managed by Ansible
[Unit]
Description=Refresh node_reboot_required hourly

[Timer]
OnBootSec=5min
OnUnitActiveSec=1h
RandomizedDelaySec=5min

[Install]
WantedBy=timers.target
"""


# ============================================================== S2  Wed 09-09
def s2(d):
    inv = P(INV)
    ne_tasks = P("roles/node_exporter/tasks/main.yml")
    ne_def = P("roles/node_exporter/defaults/main.yml")
    ne_unit = P("roles/node_exporter/templates/node_exporter.service.j2")
    node_rules = P("charts/infra-alerts/templates/node.yaml")
    node_test = P("charts/infra-alerts/tests/node_test.yml")
    with d.session("2026-09-09T01:52:00", R, branch="main", version="2.1.110"):
        t = d.task("node_exporter 想加上 textfile collector，先导出一个 node_reboot_required 指标：装了内核、glibc 这类更新还没重启的机器为 1"
                   "（用 needs-restarting -r 判断），systemd timer 每小时刷新一次。新加的 task 模块名一律写 FQCN（ansible.builtin.xxx），"
                   "老代码里那些短名先别动。按老流程：lint，node-01 上 check + 金丝雀，没问题再全量", tags=["workflow:W1", "pref:P1", "oneoff:O2"])
        t.read(ne_tasks)
        t.read(ne_def)
        t.read(ne_unit)
        t.read(P("roles/node_exporter/handlers/main.yml"))
        t.edit(ne_def, """node_exporter_listen: ":9100"
""", """node_exporter_listen: ":9100"
node_exporter_textfile_dir: /var/lib/node_exporter/textfile
""")
        t.edit(ne_unit, """    --no-collector.{{ c }} \\
{% endfor %}
    --collector.systemd""", """    --no-collector.{{ c }} \\
{% endfor %}
    --collector.textfile.directory={{ node_exporter_textfile_dir }} \\
    --collector.systemd""")
        t.write(P("roles/node_exporter/templates/node-reboot-required.sh.j2"), REBOOT_SH)
        t.write(P("roles/node_exporter/templates/node-reboot-required.service.j2"), REBOOT_SVC)
        t.write(P("roles/node_exporter/templates/node-reboot-required.timer.j2"), REBOOT_TIMER)
        t.edit(ne_tasks, """- name: Enable node_exporter
  ansible.builtin.systemd_service:
    name: node_exporter
    enabled: true
    state: started
    daemon_reload: true
""", """- name: Enable node_exporter
  ansible.builtin.systemd_service:
    name: node_exporter
    enabled: true
    state: started
    daemon_reload: true

- name: Ensure needs-restarting is available
  ansible.builtin.dnf:
    name: yum-utils
    state: present

- name: Create textfile collector directory
  ansible.builtin.file:
    path: "{{ node_exporter_textfile_dir }}"
    state: directory
    owner: root
    group: root
    mode: "0755"

- name: Install reboot-required script
  ansible.builtin.template:
    src: node-reboot-required.sh.j2
    dest: /usr/local/bin/node-reboot-required.sh
    mode: "0755"

- name: Install reboot-required service and timer
  ansible.builtin.template:
    src: "{{ item }}.j2"
    dest: "/etc/systemd/system/{{ item }}"
    mode: "0644"
  loop:
    - node-reboot-required.service
    - node-reboot-required.timer

# check 模式下上面的 unit 文件不会真正写入，systemd 找不到 unit 会直接报错，所以这两步在 check 模式下跳过
- name: Enable reboot-required timer
  ansible.builtin.systemd_service:
    name: node-reboot-required.timer
    enabled: true
    state: started
    daemon_reload: true
  when: not ansible_check_mode

- name: Generate reboot_required metric once
  ansible.builtin.command: /usr/local/bin/node-reboot-required.sh
  when: not ansible_check_mode
""")
        ln = line_of(d, ne_tasks, "- name: Generate reboot_required metric once")
        t.fail("ansible-lint playbooks/node-exporter.yml", "lint 改过的 playbook / role", f"""WARNING  Listing 1 violation(s) that are fatal
no-changed-when: Commands should not change things if nothing needs doing.
roles/node_exporter/tasks/main.yml:{ln} Task/Handler: Generate reboot_required metric once

Read documentation for instructions on how to ignore specific rule violations.

# Rule Violation Summary

  1 no-changed-when profile:shared tags:command-shell,idempotency

Failed: 1 failure(s), 0 warning(s) in 9 files processed of 9 encountered. Last profile that met the validation criteria was 'safety'.""", code=2)
        t.say("ansible-lint 的 `no-changed-when`：`command` 任务每次执行都会被算成 changed。这个脚本只是刷新一个指标文件，"
              "对系统状态来说不算变更，标成 `changed_when: false`：")
        t.edit(ne_tasks, """- name: Generate reboot_required metric once
  ansible.builtin.command: /usr/local/bin/node-reboot-required.sh
  when: not ansible_check_mode
""", """- name: Generate reboot_required metric once
  ansible.builtin.command: /usr/local/bin/node-reboot-required.sh
  changed_when: false
  when: not ansible_check_mode
""")
        t.bash("ansible-lint playbooks/node-exporter.yml", "重新 lint",
               err="Passed: 0 failure(s), 0 warning(s) in 9 files processed of 9 encountered. Last profile that met the validation criteria was 'shared'.")
        n1 = ["k8s-node-01"]
        rendered_sh = REBOOT_SH.replace("{{ node_exporter_textfile_dir }}", "/var/lib/node_exporter/textfile")
        check = play_out([("Deploy node_exporter", [
            ("Gathering Facts", per_host("ok", n1)),
            ("node_exporter : Create node_exporter user", per_host("ok", n1)),
            ("node_exporter : Download node_exporter", per_host("ok", n1)),
            ("node_exporter : Unpack node_exporter", per_host("ok", n1)),
            ("node_exporter : Link node_exporter binary", per_host("ok", n1)),
            ("node_exporter : Install node_exporter unit",
             [tpl_diff("/etc/systemd/system/node_exporter.service", "node_exporter.service.j2", unit_rendered(False), unit_rendered(True)),
              "changed: [k8s-node-01]"]),
            ("node_exporter : Enable node_exporter", per_host("ok", n1)),
            ("node_exporter : Ensure needs-restarting is available", per_host("ok", n1)),
            ("node_exporter : Create textfile collector directory",
             [state_diff("/var/lib/node_exporter/textfile", "absent", "directory"), "changed: [k8s-node-01]"]),
            ("node_exporter : Install reboot-required script",
             [tpl_diff("/usr/local/bin/node-reboot-required.sh", "node-reboot-required.sh.j2", None, rendered_sh),
              "changed: [k8s-node-01]"]),
            ("node_exporter : Install reboot-required service and timer",
             [tpl_diff("/etc/systemd/system/node-reboot-required.service", "node-reboot-required.service.j2", None, REBOOT_SVC),
              "changed: [k8s-node-01] => (item=node-reboot-required.service)",
              tpl_diff("/etc/systemd/system/node-reboot-required.timer", "node-reboot-required.timer.j2", None, REBOOT_TIMER),
              "changed: [k8s-node-01] => (item=node-reboot-required.timer)"]),
            ("node_exporter : Enable reboot-required timer", per_host("skipping", n1)),
            ("node_exporter : Generate reboot_required metric once", per_host("skipping", n1)),
            ("RUNNING HANDLER [node_exporter : Restart node_exporter]", per_host("changed", n1)),
        ])], [("k8s-node-01", dict(ok=12, changed=5, skipped=2))])
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/node-exporter.yml --limit k8s-node-01 --check --diff",
               "在 node-01 上 check 看差异", out=check, timeout=600000)
        canary = play_out([("Deploy node_exporter", [
            ("Gathering Facts", per_host("ok", n1)),
            ("node_exporter : Create node_exporter user", per_host("ok", n1)),
            ("node_exporter : Download node_exporter", per_host("ok", n1)),
            ("node_exporter : Unpack node_exporter", per_host("ok", n1)),
            ("node_exporter : Link node_exporter binary", per_host("ok", n1)),
            ("node_exporter : Install node_exporter unit", per_host("changed", n1)),
            ("node_exporter : Enable node_exporter", per_host("ok", n1)),
            ("node_exporter : Ensure needs-restarting is available", per_host("ok", n1)),
            ("node_exporter : Create textfile collector directory", per_host("changed", n1)),
            ("node_exporter : Install reboot-required script", per_host("changed", n1)),
            ("node_exporter : Install reboot-required service and timer",
             ["changed: [k8s-node-01] => (item=node-reboot-required.service)", "changed: [k8s-node-01] => (item=node-reboot-required.timer)"]),
            ("node_exporter : Enable reboot-required timer", per_host("changed", n1)),
            ("node_exporter : Generate reboot_required metric once", per_host("ok", n1)),
            ("RUNNING HANDLER [node_exporter : Restart node_exporter]", per_host("changed", n1)),
        ])], [("k8s-node-01", dict(ok=14, changed=6))])
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/node-exporter.yml --limit k8s-node-01",
               "金丝雀：先在 node-01 上执行", out=canary, timeout=600000)
        t.bash("curl -s http://10.20.1.21:9100/metrics | grep -E '^node_(reboot_required|textfile_scrape_error)'",
               "确认 node-01 上新指标出来了", out="node_reboot_required 0\nnode_textfile_scrape_error 0")
        rest = [h for h in HOSTS_S2 if h != "k8s-node-01"]
        full = play_out([("Deploy node_exporter", [
            ("Gathering Facts", per_host("ok", shuffled(rest))),
            ("node_exporter : Create node_exporter user", per_host("ok", shuffled(rest))),
            ("node_exporter : Download node_exporter", per_host("ok", shuffled(rest))),
            ("node_exporter : Unpack node_exporter", per_host("ok", shuffled(rest))),
            ("node_exporter : Link node_exporter binary", per_host("ok", shuffled(rest))),
            ("node_exporter : Install node_exporter unit", per_host("changed", shuffled(rest))),
            ("node_exporter : Enable node_exporter", per_host("ok", shuffled(rest))),
            ("node_exporter : Ensure needs-restarting is available", per_host("ok", shuffled(rest))),
            ("node_exporter : Create textfile collector directory", per_host("changed", shuffled(rest))),
            ("node_exporter : Install reboot-required script", per_host("changed", shuffled(rest))),
            ("node_exporter : Install reboot-required service and timer",
             [f"changed: [{h}] => (item=node-reboot-required.{u})" for u in ("service", "timer") for h in shuffled(rest)]),
            ("node_exporter : Enable reboot-required timer", per_host("changed", shuffled(rest))),
            ("node_exporter : Generate reboot_required metric once", per_host("ok", shuffled(rest))),
            ("RUNNING HANDLER [node_exporter : Restart node_exporter]", per_host("changed", shuffled(rest))),
        ])], [(h, dict(ok=14, changed=6)) for h in sorted(rest)])
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/node-exporter.yml --limit 'all:!k8s-node-01'",
               "全量执行（除 node-01）", out=full, timeout=900000)
        t.bash("curl -s 'https://prometheus.ops.qinghe.internal/api/v1/query' --data-urlencode 'query=node_reboot_required == 1' "
               "| jq -r '.data.result[].metric.instance'", "看看现在哪些机器处于待重启状态",
               out="10.20.1.11:9100\n10.20.1.12:9100\n10.20.1.13:9100\n10.20.4.11:9100\n10.20.4.12:9100")
        t.done(f"""textfile collector 和 `node_reboot_required` 已经全量上线（14 台，failed=0）。

改动：
- `defaults/main.yml`：新增 `node_exporter_textfile_dir: /var/lib/node_exporter/textfile`
- `node_exporter.service.j2`：加 `--collector.textfile.directory=…`
- 新模板 `node-reboot-required.sh.j2`：`needs-restarting -r` 判断，先写临时文件再 `mv`，避免 node_exporter 读到写了一半的文件；`node-reboot-required.service` / `.timer`（开机 5 分钟后跑一次，之后每小时，带 5 分钟随机延迟）
- `tasks/main.yml` 新增 6 个任务，全部 `ansible.builtin.*`；老任务的短名没动

过程里两点：
1. `ansible-lint` 报了一次 `no-changed-when`（`roles/node_exporter/tasks/main.yml:{ln}`，「Generate reboot_required metric once」这个 command 任务）。它只是刷新指标文件，加了 `changed_when: false` 后 lint 通过
2. check 模式下模板不会真的写到机器上，`systemd_service` 找不到新 unit 会报错，所以「启用 timer」和「首次生成指标」两步加了 `when: not ansible_check_mode`，check 时显示 skipping 是预期的

验证：node-01 上 `node_reboot_required 0`、`node_textfile_scrape_error 0`。全量后查 Prometheus，目前值为 1 的有 3 台 master 和 runner-01/02，说明它们装过更新还没重启，可以排个窗口处理。""")

        t = d.task("Alertmanager 能不能配维护窗口？比如每周四晚上 22 点到 24 点是我们的发布窗口，这段时间 warning 级别的先不发，critical 照发。"
                   "你看下官方文档怎么配，先别改", tags=["noise", "webfetch"])
        t.webfetch("https://prometheus.io/docs/alerting/latest/configuration/",
                   "How to configure time_intervals, mute_time_intervals and active_time_intervals in Alertmanager routes? Include field names, the time format, location/timezone and restrictions.",
                   """Relevant parts of the Alertmanager configuration page:

- Top-level `time_intervals`: a list of named intervals, each `{ name: <string>, time_intervals: [ <time_interval> ... ] }`. (The older top-level `mute_time_intervals` key is deprecated and may be removed in the future; use `time_intervals`.)
- `<time_interval>` fields: `times` (list of `start_time` / `end_time` in 24h `HH:MM`, start inclusive, end exclusive; `24:00` is allowed as an end), `weekdays` (e.g. `monday:friday`, `saturday`), `days_of_month` (e.g. `1:5`, negative values count from the end), `months` (`january:march` or numbers), `years` (`2020:2022`), and `location` (an IANA time zone name such as `Australia/Sydney`; defaults to UTC). All fields are optional; an interval matches when all of its fields match.
- On a `<route>`: `mute_time_intervals: [<string>]` — times when the route is muted; alerts still match the route and are evaluated, but no notifications are sent while muted. `active_time_intervals: [<string>]` — the route is only active during these times. If both match, mute takes precedence.
- "Additionally, the root node cannot have any mute times." Time intervals are referenced by name from routes; the names must exist in `time_intervals`.""")
        t.done("""可以，用 `time_intervals` 定义时间段，再在路由上用 `mute_time_intervals` 引用。按你的需求大概这样（写在 `values/kube-prometheus-stack/prod.yaml` 的 `alertmanager.config` 下面）：

```yaml
time_intervals:
  - name: release-window
    time_intervals:
      - weekdays: ["thursday"]
        times:
          - start_time: "22:00"
            end_time: "24:00"
        location: Asia/Shanghai

route:
  receiver: dingtalk-ops
  routes:
    - matchers:
        - severity="critical"
      receiver: dingtalk-oncall
      repeat_interval: 1h
    - matchers:
        - severity="warning"
      receiver: dingtalk-ops
      mute_time_intervals:
        - release-window
    # ... 其余路由不变
```

要点：
1. **location 一定要写**，默认是 UTC，不写的话 22:00 会变成北京时间早上 6 点
2. **根路由不能挂 mute_time_intervals**（文档原话：the root node cannot have any mute times），所以要给 warning 单独加一条子路由；critical 走它自己的路由，不受影响
3. 静默期间告警照常计算，只是不发通知；窗口结束时如果告警还在，会在下一个 group_interval 发出来，不会丢
4. `end_time` 是开区间，`24:00` 合法，所以 22:00–24:00 正好覆盖到午夜
5. 老写法是顶层 `mute_time_intervals`，文档标了 deprecated，用 `time_intervals` 就行

如果只是临时的一次性维护（比如某台机器换硬件），用 `amtool silence add` 加静默更合适，不用改配置。需要的话我再改 values 并 `helmfile diff` 给你看。""")

        t = d.task("textfile 的指标有了，加两个告警：一个是机器连续 7 天处于待重启状态就发 warning；另一个是 textfile 采集出错（node_textfile_scrape_error）。"
                   "告警内容里要带上是哪台机器。另外以后告警都要带 runbook_url，指向 wiki 上对应的处理手册，手册还没写的先把链接占上。测过了就直接上",
                   tags=["mistake:M3", "workflow:W2", "pref:P2"])
        t.read(node_rules)
        t.read(P("charts/infra-alerts/values.yaml"))
        t.read(node_test)
        before_node = rendered(d, "node")
        t.edit(node_rules, """          annotations:
            summary: 节点时钟偏差超过 50ms
            runbook_url: {{ .Values.runbookBase }}/node-clock-skew
""", """          annotations:
            summary: 节点时钟偏差超过 50ms
            runbook_url: {{ .Values.runbookBase }}/node-clock-skew
    - name: node-textfile.rules
      rules:
        - alert: NodeRebootRequired
          expr: node_reboot_required{job="node"} == 1
          for: 7d
          labels:
            severity: warning
          annotations:
            summary: "{{ $labels.instance }} 已连续 7 天处于待重启状态（内核或系统库更新未生效）"
            runbook_url: {{ .Values.runbookBase }}/node-reboot-required
        - alert: NodeTextfileScrapeError
          expr: node_textfile_scrape_error{job="node"} == 1
          for: 30m
          labels:
            severity: warning
          annotations:
            summary: "{{ $labels.instance }} 的 node_exporter textfile 采集出错"
            runbook_url: {{ .Values.runbookBase }}/node-textfile-scrape-error
""")
        t.edit(node_test, """            exp_annotations:
              summary: 节点文件系统剩余空间不足 10%
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/node-filesystem-almost-full
""", """            exp_annotations:
              summary: 节点文件系统剩余空间不足 10%
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/node-filesystem-almost-full

  - interval: 1h
    input_series:
      - series: 'node_reboot_required{job="node",instance="10.20.1.11:9100"}'
        values: '1+0x200'
    alert_rule_test:
      - eval_time: 6d
        alertname: NodeRebootRequired
      - eval_time: 7d1h
        alertname: NodeRebootRequired
        exp_alerts:
          - exp_labels:
              severity: warning
              job: node
              instance: 10.20.1.11:9100
            exp_annotations:
              summary: 10.20.1.11:9100 已连续 7 天处于待重启状态（内核或系统库更新未生效）
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/node-reboot-required

  - interval: 1m
    input_series:
      - series: 'node_textfile_scrape_error{job="node",instance="10.20.1.21:9100"}'
        values: '0 0 1+0x40'
    alert_rule_test:
      - eval_time: 20m
        alertname: NodeTextfileScrapeError
      - eval_time: 40m
        alertname: NodeTextfileScrapeError
        exp_alerts:
          - exp_labels:
              severity: warning
              job: node
              instance: 10.20.1.21:9100
            exp_annotations:
              summary: 10.20.1.21:9100 的 node_exporter textfile 采集出错
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/node-textfile-scrape-error
""")
        bad = line_of(d, node_rules, 'summary: "{{ $labels.instance }} 已连续')
        t.fail("make rules-test", "渲染规则并跑 promtool 检查和单测", f"""helm template infra-alerts charts/infra-alerts > build/rules/rendered.yaml
Error: parse error at (infra-alerts/templates/node.yaml:{bad}): undefined variable "$labels"
make: *** [Makefile:{rules_make_line(d)}: rules-test] Error 1""", code=2)
        t.say("`helm template` 阶段就失败了：`{{ $labels.instance }}` 是 Prometheus 告警模板的写法，但这个文件本身是 Helm 模板，"
              "Helm 会先把 `{{ … }}` 当成自己的 Go 模板去解析，`$labels` 在 Helm 里没有定义。看一下 chart 里已有的规则是怎么处理的：")
        t.grep("{{`", path=P("charts/infra-alerts"), output_mode="content", n=True,
               content="\n".join(f"{P('charts/infra-alerts/templates/kube-state.yaml')}:{i}:{l}"
                                 for i, l in enumerate(d.files[P("charts/infra-alerts/templates/kube-state.yaml")].split("\n"), 1)
                                 if "{{`" in l))
        t.say("kube-state.yaml 用的是 Helm 的原样字符串：把 Prometheus 模板包在 ``{{` … `}}`` 里，Helm 渲染时原样输出 `{{ $labels.… }}`。两条新告警的 summary 都照这个改：")
        t.edit(node_rules, """            summary: "{{ $labels.instance }} 已连续 7 天处于待重启状态（内核或系统库更新未生效）\"""",
               """            summary: "{{`{{ $labels.instance }}`}} 已连续 7 天处于待重启状态（内核或系统库更新未生效）\"""")
        t.edit(node_rules, """            summary: "{{ $labels.instance }} 的 node_exporter textfile 采集出错\"""",
               """            summary: "{{`{{ $labels.instance }}`}} 的 node_exporter textfile 采集出错\"""")
        t.bash("make rules-test", "重新渲染并跑 promtool", out=make_rules_test(d), timeout=300000)
        after_node = rendered(d, "node")
        chg = [helm_diff_resource("node", before_node, after_node)]
        t.bash("helmfile -e prod diff -l name=infra-alerts", "看线上差异", out=helmfile_diff_alerts(chg), timeout=600000)
        t.bash("helmfile -e prod apply -l name=infra-alerts", "发布 infra-alerts",
               out=helmfile_apply_alerts(chg, 15, "Wed Sep  9 10:47:12 2026", "2026-09-09 10:47:12.601388224"), timeout=600000)
        t.bash("sleep 60 && curl -s 'https://prometheus.ops.qinghe.internal/api/v1/rules?type=alert' "
               "| jq -c '.data.groups[] | select(.name | startswith(\"node\")) | .name as $g | .rules[] | {group: $g, name, health, state}'",
               "等配置重载后确认 Prometheus 已加载新规则",
               out=rules_api([("node.rules", [("NodeDown", "ok", "inactive"), ("NodeFilesystemAlmostFull", "ok", "inactive"),
                                              ("NodeMemoryHigh", "ok", "inactive"), ("NodeClockSkew", "ok", "inactive")]),
                              ("node-textfile.rules", [("NodeRebootRequired", "ok", "pending"),
                                                       ("NodeTextfileScrapeError", "ok", "inactive")])]))
        t.done(f"""两条告警已经上线（infra-alerts revision 15），Prometheus 已加载，`health` 都是 ok。

新规则组 `node-textfile.rules`（`charts/infra-alerts/templates/node.yaml`）：
- `NodeRebootRequired`：`node_reboot_required == 1` 持续 `7d`，warning
- `NodeTextfileScrapeError`：`node_textfile_scrape_error == 1` 持续 30m，warning
- summary 里带 `$labels.instance`，两条都有 `runbook_url`（`…/node-reboot-required`、`…/node-textfile-scrape-error`，wiki 上还没有这两页，链接先占着）

单测（`tests/node_test.yml`）加了 2 组：待重启 6 天不告警、7 天 1 小时告警；采集出错 20 分钟不告警、40 分钟告警，并校验渲染后的 summary 和 runbook_url。

中间失败过一次：`make rules-test` 报 `parse error at (infra-alerts/templates/node.yaml:{bad}): undefined variable "$labels"`。这个文件是 Helm 模板，Prometheus 的 `{{{{ $labels.instance }}}}` 会被 Helm 先解析。改成和 kube-state.yaml 一样的写法 ``{{{{`{{{{ $labels.instance }}}}`}}}}``，Helm 原样输出给 Prometheus，之后 promtool check（node 6 条）和单测都通过。

`NodeRebootRequired` 现在是 pending：5 台待重启的机器（3 台 master、runner-01/02）如果 7 天内不重启就会发出来。""")


def table(header, rows, gap=3):
    cols = list(zip(*([header] + rows)))
    widths = [max(len(str(c)) for c in col) for col in cols]
    out = []
    for r in [header] + rows:
        out.append((" " * gap).join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
    return "\n".join(out)


def pods_wide(rows):
    """rows: (ns, name, ready, status, restarts, age, ip, node)"""
    return table(["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"],
                 [list(r) + ["<none>", "<none>"] for r in rows])


def rs_hash():
    return "".join(_rng[0].choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(_rng[0].choice((9, 10))))


def pod_ip():
    return f"172.20.{_rng[0].randint(2, 250)}.{_rng[0].randint(2, 250)}"


def deploy_diff(ns, name, comp, image, old, new, extra_args=()):
    lines = [f"{ns}, {name}, Deployment (apps) has changed:",
             f"  # Source: cert-manager/templates/{'deployment' if comp == 'controller' else comp + '-deployment'}.yaml",
             "  apiVersion: apps/v1", "  kind: Deployment", "  metadata:", f"    name: {name}", f"    namespace: {ns}",
             "    labels:", f"      app: {comp if comp != 'controller' else 'cert-manager'}",
             f"      app.kubernetes.io/name: {comp if comp != 'controller' else 'cert-manager'}",
             "      app.kubernetes.io/instance: cert-manager", f'      app.kubernetes.io/component: "{comp}"',
             f'-     app.kubernetes.io/version: "{old}"', f'+     app.kubernetes.io/version: "{new}"',
             "      app.kubernetes.io/managed-by: Helm", f"-     helm.sh/chart: cert-manager-{old}", f"+     helm.sh/chart: cert-manager-{new}",
             "  spec:", "    replicas: 2", "    selector:", "      matchLabels:",
             f"        app.kubernetes.io/name: {comp if comp != 'controller' else 'cert-manager'}",
             "        app.kubernetes.io/instance: cert-manager", f'        app.kubernetes.io/component: "{comp}"',
             "    template:", "      metadata:", "        labels:", f"          app: {comp if comp != 'controller' else 'cert-manager'}",
             f"          app.kubernetes.io/name: {comp if comp != 'controller' else 'cert-manager'}",
             "          app.kubernetes.io/instance: cert-manager", f'          app.kubernetes.io/component: "{comp}"',
             f'-         app.kubernetes.io/version: "{old}"', f'+         app.kubernetes.io/version: "{new}"',
             "          app.kubernetes.io/managed-by: Helm", f"-         helm.sh/chart: cert-manager-{old}",
             f"+         helm.sh/chart: cert-manager-{new}", "      spec:",
             f"        serviceAccountName: {name}", "        enableServiceLinks: false", "        securityContext:",
             "          runAsNonRoot: true", "          seccompProfile:", "            type: RuntimeDefault", "        containers:",
             f"          - name: cert-manager-{comp}",
             f'-           image: "quay.io/jetstack/{image}:{old}"', f'+           image: "quay.io/jetstack/{image}:{new}"',
             "            imagePullPolicy: IfNotPresent", "            args:", "            - --v=2"]
    lines += ["  " + l if not l.startswith(("+", "-")) else l for l in extra_args]
    lines += ["            securityContext:", "              allowPrivilegeEscalation: false", "              capabilities:",
              "                drop:", "                - ALL", "              readOnlyRootFilesystem: true",
              "        nodeSelector:", "          kubernetes.io/os: linux"]
    return "\n".join(lines)


# ============================================================== S3  Fri 09-11
def s3(d):
    with d.session("2026-09-11T05:18:00", R, branch="main", version="2.1.111"):
        t = d.task("k8s-node-03 要换内存条（BMC 里 ECC 可纠正错误越来越多），IDC 两点来人。先把它腾空，别影响业务；腾完把这台的告警静默到下午 5 点",
                   tags=["mistake:M2"])
        ds3 = ds_pods()
        am1 = "monitoring/alertmanager-kube-prometheus-stack-alertmanager-1"
        oa = f"trade/order-api-6d8f9c7b54-{sfx()}"
        rn = "middleware/redis-node-1"
        cm = f"cert-manager/cert-manager-cainjector-7f694c4c58-{sfx()}"
        rp = f"logistics/route-planner-5b7d9f8c6-{sfx()}"
        uc = f"user/user-center-7c9d8b6f4-{sfx()}"
        t.bash("kubectl get node k8s-node-03 && kubectl get pdb -A", "看节点状态和集群里的 PDB",
               out="""NAME          STATUS   ROLES    AGE    VERSION
k8s-node-03   Ready    <none>   413d   v1.32.6
""" + table(["NAMESPACE", "NAME", "MIN AVAILABLE", "MAX UNAVAILABLE", "ALLOWED DISRUPTIONS", "AGE"], [
                   ["cert-manager", "cert-manager", "1", "N/A", "1", "402d"],
                   ["cert-manager", "cert-manager-cainjector", "1", "N/A", "1", "402d"],
                   ["cert-manager", "cert-manager-webhook", "1", "N/A", "1", "402d"],
                   ["logistics", "route-planner", "N/A", "1", "1", "198d"],
                   ["middleware", "redis-node", "N/A", "1", "1", "355d"],
                   ["monitoring", "alertmanager-kube-prometheus-stack-alertmanager", "1", "N/A", "1", "389d"],
                   ["trade", "order-api", "N/A", "1", "1", "301d"],
                   ["user", "user-center", "2", "N/A", "1", "266d"]]))
        t.fail("kubectl drain k8s-node-03", "腾空 node-03", drain_fail("k8s-node-03", ds3, [rn, am1, oa]), code=1)
        t.say("drain 没有执行驱逐：节点上有 DaemonSet 管理的 Pod（calico、kube-proxy、alloy、ceph csi），还有 3 个用 emptyDir 的 Pod，"
              "kubectl 默认遇到这两类就停下来（节点已经被 cordon 了，不会再调度新 Pod）。先看一下那几个 emptyDir 里放的是什么，确认能删：")
        rows = [("cert-manager", cm.split("/")[1], "1/1", "Running", "0", "9d", pod_ip(), "k8s-node-03"),
                ("kube-system", ds3[0].split("/")[1], "1/1", "Running", "2 (61d ago)", "413d", "10.20.1.23", "k8s-node-03"),
                ("kube-system", ds3[1].split("/")[1], "1/1", "Running", "0", "96d", "10.20.1.23", "k8s-node-03"),
                ("logging", ds3[2].split("/")[1], "2/2", "Running", "0", "41d", pod_ip(), "k8s-node-03"),
                ("logistics", rp.split("/")[1], "1/1", "Running", "0", "2d4h", pod_ip(), "k8s-node-03"),
                ("middleware", "redis-node-1", "2/2", "Running", "0", "37d", pod_ip(), "k8s-node-03"),
                ("monitoring", am1.split("/")[1], "2/2", "Running", "0", "23d", pod_ip(), "k8s-node-03"),
                ("rook-ceph", ds3[3].split("/")[1], "2/2", "Running", "0", "61d", "10.20.1.23", "k8s-node-03"),
                ("rook-ceph", ds3[4].split("/")[1], "2/2", "Running", "0", "61d", "10.20.1.23", "k8s-node-03"),
                ("trade", oa.split("/")[1], "1/1", "Running", "4 (3h11m ago)", "2d22h", pod_ip(), "k8s-node-03"),
                ("user", uc.split("/")[1], "1/1", "Running", "0", "5d", pod_ip(), "k8s-node-03")]
        t.bash("kubectl get pods -A -o wide --field-selector spec.nodeName=k8s-node-03", "列出 node-03 上的 Pod",
               out=pods_wide([r[:2] + r[2:] for r in rows]))
        t.bash("kubectl -n middleware get pod redis-node-1 -o jsonpath='{range .spec.volumes[*]}{.name}{\"\\t\"}{.emptyDir}{.persistentVolumeClaim.claimName}{\"\\n\"}{end}'",
               "确认 redis 的数据在 PVC 上，emptyDir 只是临时目录",
               out="start-scripts\t\nhealth\t\nredis-data\tredis-data-redis-node-1\nconfig\t\nempty-dir\t{}\nkube-api-access-x8k2n\t")
        t.say("emptyDir 里都不是需要保留的数据：redis 的数据在 PVC `redis-data-redis-node-1` 上，emptyDir 只放临时文件；"
              "order-api 的 emptyDir 挂在 /tmp；alertmanager 有两个副本，静默和通知记录会在副本间同步。PDB 都允许 1 个中断。"
              "按 drain 的提示加上 `--ignore-daemonsets --delete-emptydir-data` 重新执行：")
        evict = [cm, rp, rn, am1, oa, uc]
        t.bash("kubectl drain k8s-node-03 --ignore-daemonsets --delete-emptydir-data --timeout=300s", "重新 drain node-03",
               out=drain_ok("k8s-node-03", ds3, [rn, am1, oa], evict), timeout=360000)
        t.bash("kubectl get pods -A -o wide --field-selector spec.nodeName=k8s-node-03 && kubectl get node k8s-node-03",
               "确认只剩 DaemonSet 的 Pod",
               out=pods_wide([r for r in rows if r[1] in {p.split("/")[1] for p in ds3}]) +
               "\nNAME          STATUS                     ROLES    AGE    VERSION\nk8s-node-03   Ready,SchedulingDisabled   <none>   413d   v1.32.6")
        sil1, sil2 = uuid4ish(), uuid4ish()
        t.bash("amtool silence add --alertmanager.url=https://alertmanager.ops.qinghe.internal 'instance=~\"10\\.20\\.1\\.23:.*\"' "
               "--end=2026-09-11T17:00:00+08:00 --author=zhaomin --comment='k8s-node-03 更换内存' && "
               "amtool silence add --alertmanager.url=https://alertmanager.ops.qinghe.internal 'node=\"k8s-node-03\"' "
               "--end=2026-09-11T17:00:00+08:00 --author=zhaomin --comment='k8s-node-03 更换内存'",
               "静默 node-03 的告警到 17:00", out=f"{sil1}\n{sil2}")
        t.done(f"""node-03 已经腾空，可以交给 IDC 了：

- 状态 `Ready,SchedulingDisabled`，只剩 5 个 DaemonSet Pod（calico-node、kube-proxy、alloy、两个 ceph csi），关机时它们会一起停
- 驱逐了 6 个 Pod：cert-manager-cainjector、route-planner、redis-node-1、alertmanager-1、order-api、user-center，PDB 都允许 1 个中断，没有卡住
- 第一次直接 `kubectl drain k8s-node-03` 被拒：有 DaemonSet 管理的 Pod，还有 3 个 Pod 用了 emptyDir（redis-node-1、alertmanager-1、order-api）。确认 emptyDir 里只有临时文件（redis 数据在 PVC 上）后，加 `--ignore-daemonsets --delete-emptydir-data --timeout=300s` 重新执行成功

告警静默到今天 17:00（两条，作者 zhaomin）：
- `instance=~"10\\.20\\.1\\.23:.*"`（node_exporter 之类按 IP 的告警）：`{sil1}`
- `node="k8s-node-03"`（kube-state-metrics 按节点名的告警）：`{sil2}`

换完内存开机后：
```
kubectl uncordon k8s-node-03
```
节点恢复后 redis-node-1 会挂着原来的 PVC 回到任意节点，不用额外处理。""")

        t = d.task("业务那边说下单接口下午一点多有一阵 502，你看下 ingress 那边什么情况，先查原因，别动东西", tags=["noise", "long_output"])
        ing = [f"ingress-nginx-controller-{sfx()}", f"ingress-nginx-controller-{sfx()}"]
        t.bash("kubectl -n ingress-nginx get pods -o wide", "看 ingress controller",
               out=table(["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"],
                         [[ing[0], "1/1", "Running", "0", "34d", "10.20.1.21", "k8s-node-01", "<none>", "<none>"],
                          [ing[1], "1/1", "Running", "0", "34d", "10.20.1.22", "k8s-node-02", "<none>", "<none>"]]))
        t.bash("kubectl -n ingress-nginx logs -l app.kubernetes.io/component=controller --since=2h --tail=-1 "
               "| awk '$9 ~ /^5/ {print $9, $(NF-6)}' | sort | uniq -c | sort -rn | head -20",
               "统计最近 2 小时的 5xx，按状态码和 upstream 分组",
               out="    412 502 [trade-order-api-8080]\n     37 504 [trade-order-api-8080]\n      9 502 [logistics-route-planner-80]\n      2 500 [user-user-center-8080]")
        per_min = [("13:04", 6), ("13:05", 71), ("13:06", 88), ("13:07", 54), ("13:08", 3), ("13:16", 19), ("13:17", 93),
                   ("13:18", 61), ("13:19", 17)]
        t.bash("kubectl -n ingress-nginx logs -l app.kubernetes.io/component=controller --since=2h --tail=-1 "
               "| awk '$9 == 502 && $(NF-6) == \"[trade-order-api-8080]\" {print substr($4, 14, 5)}' | sort | uniq -c",
               "order-api 的 502 按分钟分布", out="\n".join(f"{n:>7} {m}" for m, n in per_min))
        oa_pods = [f"order-api-6d8f9c7b54-{sfx()}" for _ in range(3)]
        oa_new = oa_pods[0]
        t.bash("kubectl -n trade get pods -l app=order-api -o wide", "看 order-api 的 Pod",
               out=table(["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"],
                         [[oa_pods[0], "1/1", "Running", "0", "19m", pod_ip(), "k8s-node-07", "<none>", "<none>"],
                          [oa_pods[1], "1/1", "Running", "5 (29m ago)", "2d23h", pod_ip(), "k8s-node-04", "<none>", "<none>"],
                          [oa_pods[2], "1/1", "Running", "4 (40m ago)", "2d23h", pod_ip(), "k8s-node-06", "<none>", "<none>"]]))
        t.bash(f"kubectl -n trade describe pod {oa_pods[1]} | sed -n '/^Containers:/,/^Conditions:/p'", "看重启原因",
               out=f"""Containers:
  order-api:
    Container ID:   containerd://{hx(64)}
    Image:          harbor.qinghe.tech/trade/order-api:2.41.3
    Image ID:       harbor.qinghe.tech/trade/order-api@sha256:{hx(64)}
    Port:           8080/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Fri, 11 Sep 2026 13:17:42 +0800
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Fri, 11 Sep 2026 13:06:15 +0800
      Finished:     Fri, 11 Sep 2026 13:16:58 +0800
    Ready:          True
    Restart Count:  5
    Limits:
      cpu:     2
      memory:  1Gi
    Requests:
      cpu:      500m
      memory:   1Gi
    Liveness:   http-get http://:8080/actuator/health/liveness delay=60s timeout=3s period=10s #success=1 #failure=3
    Readiness:  http-get http://:8080/actuator/health/readiness delay=20s timeout=3s period=5s #success=1 #failure=3
    Environment:
      JAVA_TOOL_OPTIONS:  -Xms768m -Xmx768m -XX:+UseG1GC
      SPRING_PROFILES_ACTIVE:  prod
    Mounts:
      /tmp from tmp (rw)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-{sfx()} (ro)""")
        t.bash(f"kubectl -n trade get events --field-selector involvedObject.kind=Pod --sort-by=.lastTimestamp | grep -E 'order-api|route-planner' | tail -15",
               "看 trade 命名空间最近的事件", out=f"""41m         Warning   BackOff     pod/{oa_pods[2]}   Back-off restarting failed container order-api in pod {oa_pods[2]}_trade({uuid4ish()})
40m         Normal    Pulled      pod/{oa_pods[2]}   Container image "harbor.qinghe.tech/trade/order-api:2.41.3" already present on machine
40m         Normal    Started     pod/{oa_pods[2]}   Started container order-api
30m         Warning   Unhealthy   pod/{oa_pods[1]}   Readiness probe failed: Get "http://{pod_ip()}:8080/actuator/health/readiness": context deadline exceeded (Client.Timeout exceeded while awaiting headers)
29m         Normal    Pulled      pod/{oa_pods[1]}   Container image "harbor.qinghe.tech/trade/order-api:2.41.3" already present on machine
29m         Normal    Started     pod/{oa_pods[1]}   Started container order-api
20m         Normal    Killing     pod/{oa.split('/')[1]}   Stopping container order-api
19m         Normal    Scheduled   pod/{oa_new}   Successfully assigned trade/{oa_new} to k8s-node-07
19m         Normal    Started     pod/{oa_new}   Started container order-api""")
        t.done(f"""原因找到了，是 order-api 自己被 OOMKill，ingress 只是把上游的失败转成了 502/504，ingress 本身没问题。

**现象**：最近 2 小时 5xx 里 order-api 占了绝大多数（502 ×412、504 ×37），集中在两段：13:04–13:08 和 13:16–13:19，每段 3–4 分钟。

**原因**：order-api 的 Pod 在这两个时间点前后被 OOMKill（`Last State: Terminated, Reason: OOMKilled, Exit Code: 137`），
- `{oa_pods[2]}` 13:05 左右重启，`{oa_pods[1]}` 13:16 重启，两个 Pod 各重启了 4–5 次
- 容器 `limits.memory: 1Gi`，而 `JAVA_TOOL_OPTIONS` 里 `-Xmx768m`，堆之外还有 metaspace、线程栈、直接内存、GC 结构，1Gi 基本没有余量，流量一上来就会超
- 第三个副本原来在 node-03 上，13:2x drain 时迁到了 node-07，时间上和这两段 502 对不上

**另外两个小问题**：
- route-planner 的 9 个 502 在 13:26 前后，正好是 drain node-03 驱逐它的时候：Pod 收到 SIGTERM 就关了，ingress 的 endpoints 还没摘掉。给它加一个 `preStop` 里 `sleep 5~10` 就能避免
- user-center 2 个 500 是应用自己返回的，不是网关问题

**建议（需要业务方改，我没动）**：order-api 把内存 limit 提到 1.5Gi，或者改用 `-XX:MaxRAMPercentage=70` 让堆跟着 limit 走；同时可以看看 13 点那波流量是什么（定时任务或营销活动），是否需要多加一个副本。""")

        t = d.task("cert-manager 还停在 v1.17.4，按官方建议一次升一个小版本，先升到 v1.18.2。改 helmfile，diff 给我看，apply 等周末窗口我自己来",
                   tags=["flaky:F1", "long_output"])
        hf = P("helmfile.yaml.gotmpl")
        t.read(hf)
        t.edit(hf, """    chart: jetstack/cert-manager
    version: v1.17.4""", """    chart: jetstack/cert-manager
    version: v1.18.2""")
        args = ["helm", "repo", "add", "jetstack", "https://charts.jetstack.io", "--force-update"]
        t.fail("helmfile -e prod diff -l name=cert-manager", "看 cert-manager 升级的差异",
               "Adding repo jetstack https://charts.jetstack.io\n" + helmfile_cmd_error(args,
                   'Error: looks like "https://charts.jetstack.io" is not a valid chart repository or cannot be reached: '
                   'Get "https://charts.jetstack.io/index.yaml": net/http: TLS handshake timeout'), code=1, timeout=600000)
        t.say("是拉 `charts.jetstack.io` 的 index 时 TLS 握手超时，跳板机访问境外站点偶尔会这样，和改动本身无关。原样再跑一次：")
        old, new = "v1.17.4", "v1.18.2"
        crd = f"""cert-manager, certificates.cert-manager.io, CustomResourceDefinition (apiextensions.k8s.io) has changed:
  # Source: cert-manager/templates/crd-cert-manager.io_certificates.yaml
  apiVersion: apiextensions.k8s.io/v1
  kind: CustomResourceDefinition
  metadata:
    name: "certificates.cert-manager.io"
    annotations:
      helm.sh/resource-policy: keep
    labels:
      app: "cert-manager"
      app.kubernetes.io/name: "cert-manager"
      app.kubernetes.io/instance: "cert-manager"
      app.kubernetes.io/component: "crds"
-     app.kubernetes.io/version: "{old}"
+     app.kubernetes.io/version: "{new}"
      app.kubernetes.io/managed-by: "Helm"
-     helm.sh/chart: "cert-manager-{old}"
+     helm.sh/chart: "cert-manager-{new}"
  spec:
    group: cert-manager.io
    names:
      kind: Certificate
      listKind: CertificateList
      plural: certificates
      shortNames:
        - cert
        - certs
      singular: certificate
      categories:
        - cert-manager
    scope: Namespaced
    versions:
      - name: v1
  ...
                      rotationPolicy:
                        description: |-
                          RotationPolicy controls how private keys should be regenerated when a
                          re-issuance is being processed.
  
-                         If set to `Never`, a private key will only be generated if one does not
-                         already exist in the target `spec.secretName`. If one does exist but it
-                         does not have the correct algorithm or size, a warning will be raised
-                         to await user intervention.
-                         If set to `Always`, a private key matching the specified requirements
-                         will be generated whenever a re-issuance occurs.
-                         Default is `Never` for backward compatibility.
+                         If set to `Never`, a private key will only be generated if one does not
+                         already exist in the target `spec.secretName`. If one does exist but it
+                         does not have the correct algorithm or size, a warning will be raised
+                         to await user intervention.
+                         If set to `Always`, a private key matching the specified requirements
+                         will be generated whenever a re-issuance occurs.
+                         Default is `Always`.
+                         The default was changed from `Never` to `Always` in cert-manager >=v1.18.0.
                        enum:
                          - Never
                          - Always
                        type: string"""
        startup = f"""cert-manager, cert-manager-startupapicheck, Job (batch) has changed:
  # Source: cert-manager/templates/startupapicheck-job.yaml
  apiVersion: batch/v1
  kind: Job
  metadata:
    name: cert-manager-startupapicheck
    namespace: cert-manager
  ...
            - name: cert-manager-startupapicheck
-             image: "quay.io/jetstack/cert-manager-startupapicheck:{old}"
+             image: "quay.io/jetstack/cert-manager-startupapicheck:{new}"
              imagePullPolicy: IfNotPresent
              args:
              - check
              - api
              - --wait=1m
              - -v"""
        diff = "\n".join([
            "Adding repo jetstack https://charts.jetstack.io",
            '"jetstack" has been added to your repositories', "",
            "Comparing release=cert-manager, chart=jetstack/cert-manager, namespace=cert-manager",
            deploy_diff("cert-manager", "cert-manager-cainjector", "cainjector", "cert-manager-cainjector", old, new,
                        ["          - --leader-election-namespace=kube-system"]),
            deploy_diff("cert-manager", "cert-manager", "controller", "cert-manager-controller", old, new,
                        ["          - --cluster-resource-namespace=$(POD_NAMESPACE)",
                         "          - --leader-election-namespace=kube-system",
                         f"-         - --acme-http01-solver-image=quay.io/jetstack/cert-manager-acmesolver:{old}",
                         f"+         - --acme-http01-solver-image=quay.io/jetstack/cert-manager-acmesolver:{new}",
                         "          - --max-concurrent-challenges=60"]),
            deploy_diff("cert-manager", "cert-manager-webhook", "webhook", "cert-manager-webhook", old, new,
                        ["          - --secure-port=10250", "          - --dynamic-serving-ca-secret-namespace=$(POD_NAMESPACE)",
                         "          - --dynamic-serving-ca-secret-name=cert-manager-webhook-ca",
                         "          - --dynamic-serving-dns-names=cert-manager-webhook",
                         "          - --dynamic-serving-dns-names=cert-manager-webhook.$(POD_NAMESPACE)",
                         "          - --dynamic-serving-dns-names=cert-manager-webhook.$(POD_NAMESPACE).svc"]),
            crd, startup])
        t.bash("helmfile -e prod diff -l name=cert-manager", "看 cert-manager 升级的差异", out=diff, timeout=600000)
        t.bash("kubectl get certificates -A -o custom-columns='NS:.metadata.namespace,NAME:.metadata.name,ROTATION:.spec.privateKey.rotationPolicy,READY:.status.conditions[0].status,NOT_AFTER:.status.notAfter'",
               "看现有证书有没有显式设置 rotationPolicy",
               out=table(["NS", "NAME", "ROTATION", "READY", "NOT_AFTER"], [
                   ["ingress-nginx", "wildcard-qinghe-tech", "<none>", "True", "2026-11-02T07:41:19Z"],
                   ["monitoring", "grafana-ops-tls", "<none>", "True", "2026-11-19T03:12:55Z"],
                   ["monitoring", "prometheus-ops-tls", "<none>", "True", "2026-11-19T03:12:57Z"],
                   ["trade", "trade-api-tls", "<none>", "True", "2026-10-27T11:05:40Z"],
                   ["user", "passport-tls", "<none>", "True", "2026-12-01T02:33:08Z"]], gap=3))
        t.done("""`helmfile.yaml.gotmpl` 里 cert-manager 已改成 `v1.18.2`，diff 如上，**没有 apply**。

第一次 diff 在 `helm repo add jetstack` 时报 `net/http: TLS handshake timeout`，是跳板机访问 charts.jetstack.io 的网络抖动，原样重跑就好了。

diff 里的变化：
- 三个 Deployment（controller、cainjector、webhook）和 startupapicheck Job 的镜像 `v1.17.4 → v1.18.2`，controller 的 `--acme-http01-solver-image` 跟着变
- CRD 的标签和字段说明更新（`crds.enabled: true`，CRD 由 chart 管，带 `helm.sh/resource-policy: keep`）

**需要留意的行为变化**：1.18 把 `Certificate.spec.privateKey.rotationPolicy` 的默认值从 `Never` 改成了 `Always`。我们现有的 5 张证书都没有显式设置，所以升级后下一次续期会**生成新私钥**。对 ingress 上的证书这没问题（cert-manager 自己更新 Secret，ingress-nginx 自动重载）；如果有哪张证书的私钥被别的系统固定引用（比如做了公钥固定），需要在那张 Certificate 上显式写 `rotationPolicy: Never`。我看这 5 张都是普通的 HTTPS 证书，应该没问题。

周末 apply：
```
helmfile -e prod apply -l name=cert-manager
kubectl -n cert-manager rollout status deploy/cert-manager-webhook
```""")


ETCD_BACKUP = """#!/usr/bin/env bash
# etcd 快照备份：在 master 节点上以 root 执行，快照存本地并上传 OSS
# 依赖：etcdctl / etcdutl（3.5）、ossutil（配置文件 /etc/ossutilconfig）
set -euo pipefail

BACKUP_DIR=${BACKUP_DIR:-/var/backups/etcd}
RETENTION_DAYS=${RETENTION_DAYS:-7}
OSS_BUCKET=${OSS_BUCKET:-oss://qh-ops-etcd-backup}
ETCD_PKI=/etc/kubernetes/pki/etcd

host=$(hostname -s)
ts=$(date +%Y%m%d-%H%M%S)
snap="$BACKUP_DIR/snapshot-$host-$ts.db"

log() {
  echo "$(date '+%F %T') [etcd-backup] $*"
}

mkdir -p "$BACKUP_DIR"

log "saving snapshot to $snap"
ETCDCTL_API=3 etcdctl \\
  --endpoints=https://127.0.0.1:2379 \\
  --cacert="$ETCD_PKI/ca.crt" \\
  --cert="$ETCD_PKI/healthcheck-client.crt" \\
  --key="$ETCD_PKI/healthcheck-client.key" \\
  snapshot save "$snap"

etcdutl --write-out=table snapshot status "$snap"

gzip -f "$snap"
log "uploading $snap.gz to $OSS_BUCKET/$host/"
ossutil cp -f "$snap.gz" "$OSS_BUCKET/$host/" --config-file /etc/ossutilconfig

log "removing local snapshots older than $RETENTION_DAYS days"
find "$BACKUP_DIR" -name 'snapshot-*.db.gz' -mtime +$RETENTION_DAYS -print -delete

log "done"
"""


def etcd_snapshot_log(path, when, size_mb, rev, keys, hsh):
    base = f"2026-09-15T{when}"
    return f"""{{"level":"info","ts":"{base}.512283+0800","caller":"snapshot/v3_snapshot.go:65","msg":"created temporary db file","path":"{path}.part"}}
{{"level":"info","ts":"{base}.523001+0800","logger":"client","caller":"v3@v3.5.21/maintenance.go:212","msg":"opened snapshot stream; downloading"}}
{{"level":"info","ts":"{base}.523114+0800","caller":"snapshot/v3_snapshot.go:73","msg":"fetching snapshot","endpoint":"https://127.0.0.1:2379"}}
{{"level":"info","ts":"{base}.904871+0800","logger":"client","caller":"v3@v3.5.21/maintenance.go:220","msg":"completed snapshot read; closing"}}
{{"level":"info","ts":"{base}.991207+0800","caller":"snapshot/v3_snapshot.go:88","msg":"fetched snapshot","endpoint":"https://127.0.0.1:2379","size":"{size_mb} MB","took":"now"}}
{{"level":"info","ts":"{base}.991372+0800","caller":"snapshot/v3_snapshot.go:97","msg":"saved","path":"{path}"}}
Snapshot saved at {path}
+----------+----------+------------+------------+
|   HASH   | REVISION | TOTAL KEYS | TOTAL SIZE |
+----------+----------+------------+------------+
| {hsh} | {rev} | {keys:>10} | {size_mb:>7} MB |
+----------+----------+------------+------------+"""


# ============================================================== S4  Tue 09-15
def s4(d):
    with d.session("2026-09-15T02:31:00", R, branch="feat/etcd-backup", version="2.1.113", end_reason="other"):
        t = d.task("写个 etcd 备份脚本 scripts/etcd-backup.sh，在三台 master 上跑：etcdctl snapshot save 存到本地 /var/backups/etcd，gzip 后传到 OSS"
                   "（bucket 是 qh-ops-etcd-backup，ossutil 和配置文件 /etc/ossutilconfig 都装好了），本地保留 7 天。"
                   "脚本用纯 bash 写，别用 Python——master 上只有系统自带的 python3.9，不想往上面装依赖。写完 shellcheck 过一下",
                   tags=["pref:P3", "oneoff:O1"])
        t.glob("scripts/*", [P("scripts/extract-rules.sh")], path=R)
        t.read(P("scripts/extract-rules.sh"))
        eb = P("scripts/etcd-backup.sh")
        t.write(eb, ETCD_BACKUP)
        bad_line = "find \"$BACKUP_DIR\" -name 'snapshot-*.db.gz' -mtime +$RETENTION_DAYS -print -delete"
        ln = line_of(d, eb, bad_line)
        col = bad_line.index("$RETENTION_DAYS")
        caret = " " * col + "^" + "-" * (len("$RETENTION_DAYS") - 2) + "^"
        fixed = bad_line.replace("+$RETENTION_DAYS", "+\"$RETENTION_DAYS\"")
        t.fail("shellcheck scripts/etcd-backup.sh", "shellcheck 检查新脚本", f"""
In scripts/etcd-backup.sh line {ln}:
{bad_line}
{caret} SC2086 (info): Double quote to prevent globbing and word splitting.

Did you mean:
{fixed}

For more information:
  https://www.shellcheck.net/wiki/SC2086 -- Double quote to prevent globbing ...""", code=1)
        t.say("只有一处：`-mtime +$RETENTION_DAYS` 没加引号（环境变量传进来的值如果带空格会被拆开）。按提示加上引号：")
        t.edit(eb, bad_line, fixed)
        t.bash("shellcheck scripts/etcd-backup.sh", "重新 shellcheck")
        t.bash("bash -n scripts/etcd-backup.sh && chmod +x scripts/etcd-backup.sh && ls -l scripts/", "语法检查并加执行权限",
               out="total 8\n-rwxr-xr-x. 1 zhaomin zhaomin 1291 Sep 15 10:36 etcd-backup.sh\n-rwxr-xr-x. 1 zhaomin zhaomin  451 Jun 30 16:02 extract-rules.sh")
        t.done("""`scripts/etcd-backup.sh` 写好了，纯 bash（`set -euo pipefail`），shellcheck 通过：

1. `etcdctl snapshot save` 用 kubeadm 生成的 `healthcheck-client` 证书连本机 `https://127.0.0.1:2379`，文件名 `snapshot-<主机名>-<时间>.db`
2. `etcdutl snapshot status -w table` 打印快照的 hash / revision / key 数，日志里能直接看出快照是否完整
3. `gzip` 后 `ossutil cp` 到 `oss://qh-ops-etcd-backup/<主机名>/`，三台 master 各自一个目录
4. 本地 `find … -mtime +7 -delete` 清理 7 天前的快照
5. `BACKUP_DIR`、`RETENTION_DAYS`、`OSS_BUCKET` 可以用环境变量覆盖

shellcheck 第一次报了一个 SC2086（`-mtime +$RETENTION_DAYS` 没加引号），已改成 `+"$RETENTION_DAYS"`。

注意上传失败时脚本会因为 `set -e` 直接退出，不会执行后面的清理，本地快照会留着，这是有意的。定时执行（systemd timer）和下发到三台 master 还没做，先手动试跑确认没问题再加到 Ansible 里。""")

        t = d.task("在 master-01 上手动试跑一次，看能不能正常备份和上传", tags=["unfixed:U2"])
        path = "/var/backups/etcd/snapshot-k8s-master-01-20260915-104107.db"
        req1 = hx(24).upper()
        t.fail("scp scripts/etcd-backup.sh ops@10.20.1.11:/tmp/etcd-backup.sh && ssh ops@10.20.1.11 'sudo bash /tmp/etcd-backup.sh'",
               "把脚本拷到 master-01 上试跑",
               f"""2026-09-15 10:41:07 [etcd-backup] saving snapshot to {path}
{etcd_snapshot_log(path, "10:41:07", 41, 61837204, 4127, hx(8))}
2026-09-15 10:41:09 [etcd-backup] uploading {path}.gz to oss://qh-ops-etcd-backup/k8s-master-01/
Error: oss: service returned error: StatusCode=403, ErrorCode=AccessDenied, ErrorMessage="You have no right to access this object because of bucket acl.", RequestId={req1}, Bucket=qh-ops-etcd-backup, Object=k8s-master-01/snapshot-k8s-master-01-20260915-104107.db.gz""", code=1)
        t.say("快照本身是好的（41 MB，4127 个 key），失败在上传：OSS 返回 403 AccessDenied。看一下这个账号对 bucket 有没有任何权限：")
        req2 = hx(24).upper()
        t.fail("ssh ops@10.20.1.11 'sudo ossutil ls oss://qh-ops-etcd-backup --config-file /etc/ossutilconfig'", "试一下列 bucket",
               f"""Error: oss: service returned error: StatusCode=403, ErrorCode=AccessDenied, ErrorMessage="You have no right to access this bucket.", RequestId={req2}, Bucket=qh-ops-etcd-backup, Object=""", code=1)
        t.bash("ssh ops@10.20.1.11 'sudo ls -lh /var/backups/etcd/ && sudo grep -E \"^endpoint\" /etc/ossutilconfig'",
               "确认本地快照还在，看 OSS endpoint",
               out="total 13M\n-rw-------. 1 root root 13M Sep 15 10:41 snapshot-k8s-master-01-20260915-104107.db.gz\nendpoint=oss-cn-hangzhou-internal.aliyuncs.com")
        t.done(f"""试跑结果：**快照成功，上传失败**，需要云账号管理员开权限，我这边没法解决。

- 快照：`{path}`，41 MB、revision 61837204、4127 个 key，gzip 后 13M，已经留在 master-01 的 `/var/backups/etcd/` 下
- 上传：`ossutil cp` 返回 `StatusCode=403, ErrorCode=AccessDenied`（RequestId `{req1}`）；再试 `ossutil ls oss://qh-ops-etcd-backup` 也是 403（`You have no right to access this bucket.`），说明 `/etc/ossutilconfig` 里这把 AccessKey 对应的 RAM 用户对这个 bucket 完全没有权限，不是路径写错
- endpoint 是 `oss-cn-hangzhou-internal.aliyuncs.com`（内网），网络是通的，请求到了 OSS 才被拒

需要找云账号管理员给这个 RAM 用户授权，最小权限大概是：

```json
{{
  "Version": "1",
  "Statement": [
    {{
      "Effect": "Allow",
      "Action": ["oss:PutObject", "oss:GetObject", "oss:ListObjects"],
      "Resource": ["acs:oss:*:*:qh-ops-etcd-backup", "acs:oss:*:*:qh-ops-etcd-backup/*"]
    }}
  ]
}}
```

授权后再跑一次同样的命令验证就行。""")

        t = d.task("顺便问下：etcd 备份除了 snapshot 还要备份啥？万一三台 master 全挂了，光有 snapshot 能把集群恢复回来吗", tags=["noise", "no_tools"])
        t.done("""光有 snapshot **不够**。snapshot 里是 etcd 的数据（所有 K8s 对象），但集群还依赖一套证书和密钥，master 全挂、磁盘也没了的话，还得有这些：

**必须备份**（每台 master 上都一样，备一份就行）：
- `/etc/kubernetes/pki/ca.crt`、`ca.key`：集群 CA。丢了的话所有节点的 kubelet 证书、所有 kubeconfig 都要重新签
- `/etc/kubernetes/pki/sa.key`、`sa.pub`：ServiceAccount token 的签名密钥。换了的话集群里所有 Pod 用的旧 token 都会失效
- `/etc/kubernetes/pki/front-proxy-ca.crt`、`front-proxy-ca.key`：聚合层（metrics-server 之类）用
- `/etc/kubernetes/pki/etcd/ca.crt`、`ca.key`：etcd 的 CA
- kubeadm 配置：`kubectl -n kube-system get cm kubeadm-config -o yaml`（里面有 apiserver 证书 SAN、controlPlaneEndpoint、网段等）

**可以不备**：apiserver / etcd 各自的服务端证书、`admin.conf` 等 kubeconfig，有了 CA 用 `kubeadm init phase certs` / `kubeconfig` 都能重新生成。

**恢复的大致流程**：
1. 新机器上先把上面的 CA 和 sa 密钥放回 `/etc/kubernetes/pki/`
2. `etcdutl snapshot restore <快照> --data-dir /var/lib/etcd --name <成员名> --initial-cluster … --initial-advertise-peer-urls …`（多成员要每台按各自参数 restore 同一个快照）
3. 用原来的 kubeadm 配置 `kubeadm init --ignore-preflight-errors=DirAvailable--var-lib-etcd`，第一台起来后其他 master 再 join
4. worker 的 kubelet 证书是同一个 CA 签的，CA 没变就能直接连回来

**建议**：
- 证书密钥和 snapshot 一起打包上传，但 `ca.key`、`sa.key` 是敏感数据，OSS 上要开服务端加密，权限单独控制
- 最好在测试环境做一次恢复演练，备份没演练过等于没备份
- 这个脚本可以顺手加一步把 `/etc/kubernetes/pki` 打包（只在变化时上传即可，证书一年才轮换一次）""")


# ============================================================== S5  Thu 09-17
BLACKBOX_CFG = """# Managed by Ansible
modules:
  http_2xx:
    prober: http
    timeout: 5s
    http:
      preferred_ip_protocol: ip4
      follow_redirects: true
  tcp_connect:
    prober: tcp
    timeout: 5s
  tls_connect:
    prober: tcp
    timeout: 5s
    tcp:
      tls: true
  icmp:
    prober: icmp
    timeout: 3s
"""


def s5(d):
    inv = P(INV)
    d.files[inv] = HOSTS_HEAD + MON_2 + RUNNERS_2
    with d.session("2026-09-17T01:41:00", R, branch="main", version="2.1.114"):
        t = d.task("新上了一台 mon-02（10.20.3.12），blackbox 探测想做成两份，mon-02 也跑一个 blackbox_exporter。inventory 我加好了，"
                   "这台的 base 小周昨天用他自己的账号跑过了。你跑一下 blackbox.yml，只跑 mon-02，新机器不用 check", tags=["mistake:M1"])
        m2 = ["mon-02"]
        t.fail("ansible-playbook -i inventories/prod/hosts.yml playbooks/blackbox.yml --limit mon-02 --diff", "在 mon-02 上部署 blackbox_exporter",
               play_out([("Blackbox exporter on monitoring hosts", [("Gathering Facts", [unreachable_json("mon-02", HKV)])])],
                        [("mon-02", dict(unreachable=1))]), code=4)
        t.say("在收集 facts 时就失败了，`Host key verification failed.`：小周是用他自己的账号跑的 base，"
              "主机密钥记在他的 known_hosts 里，我这个用户的 `~/.ssh/known_hosts` 里没有 mon-02。确认一下：")
        t.grep("mon-02", path=P("inventories"), output_mode="content", n=True,
               content=f"{inv}:{line_of(d, inv, 'mon-02:')}:        mon-02: {{ansible_host: 10.20.3.12}}")
        t.bash("ssh-keygen -F 10.20.3.12 || echo \"known_hosts 里没有 10.20.3.12\"", "查 known_hosts", out="known_hosts 里没有 10.20.3.12")
        t.bash("ssh-keyscan -H -t ed25519 10.20.3.12 >> ~/.ssh/known_hosts", "采集 mon-02 的主机密钥",
               err="# 10.20.3.12:22 SSH-2.0-OpenSSH_8.7")
        bb = play_out([("Blackbox exporter on monitoring hosts", [
            ("Gathering Facts", per_host("ok", m2)),
            ("blackbox_exporter : Install blackbox_exporter", per_host("changed", m2)),
            ("blackbox_exporter : Render blackbox.yml",
             [tpl_diff("/etc/prometheus/blackbox.yml", "blackbox.yml.j2", None, BLACKBOX_CFG), "changed: [mon-02]"]),
            ("blackbox_exporter : Allow ICMP probes (CAP_NET_RAW)",
             [tpl_diff("/etc/systemd/system/blackbox_exporter.service.d/override.conf", "override.conf.j2", None,
                       "# Managed by Ansible\n[Service]\nAmbientCapabilities=CAP_NET_RAW\n"), "changed: [mon-02]"]),
            ("blackbox_exporter : Enable blackbox_exporter", per_host("changed", m2)),
            ("RUNNING HANDLER [blackbox_exporter : Restart blackbox_exporter]", per_host("changed", m2)),
        ])], [("mon-02", dict(ok=6, changed=5))])
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/blackbox.yml --limit mon-02 --diff", "重新在 mon-02 上部署",
               out=bb, timeout=600000)
        t.bash("curl -s 'http://10.20.3.12:9115/probe?module=http_2xx&target=https://www.qinghe.tech' "
               "| grep -E '^probe_(success|http_status_code|ssl_earliest_cert_expiry|duration_seconds)'", "用 mon-02 探测一次官网",
               out=f"probe_duration_seconds 0.083412719\nprobe_http_status_code 200\nprobe_ssl_earliest_cert_expiry 1.793692799e+09\nprobe_success 1")
        t.done("""mon-02 上的 blackbox_exporter 已经跑起来了，用它探测官网 `probe_success 1`、HTTP 200。

第一次执行在 Gathering Facts 就 `UNREACHABLE … Host key verification failed.`：mon-02 的主机密钥只在小周账号的 known_hosts 里，我这个用户没有。用 `ssh-keyscan -H -t ed25519 10.20.3.12 >> ~/.ssh/known_hosts` 采集后重跑就正常了（`-H` 会把主机名哈希存储，和 known_hosts 里其他条目的格式一致）。

部署内容（`blackbox.yml` 对 monitoring 组用的是同一个 role）：装 `blackbox_exporter` 包、渲染 `/etc/prometheus/blackbox.yml`（http_2xx / tcp_connect / tls_connect / icmp 四个模块）、给服务加 `CAP_NET_RAW` 让 icmp 探测可以不用 root、启动服务。

还差一步：Prometheus 那边的 blackbox 抓取配置目前只指向 mon-01:9115，要让 mon-02 真正参与探测，需要在 kube-prometheus-stack 的抓取配置里加一份指向 `10.20.3.12:9115` 的 job（或者把 prober 地址做成两个 target），告警里按 `instance` 取 `min` 去重。要我改的话说一声。""")

        t = d.task("顺便看下集群里哪些 Pod 重启次数最多，列个前 15，有明显问题的说一下", tags=["noise", "long_output"])
        rows = [("monitoring", f"kube-prometheus-stack-grafana-6f8b9d7c4-{sfx()}", "3/3", "Running", "3 (12d ago)", "41d"),
                ("logistics", f"route-planner-5b7d9f8c6-{sfx()}", "1/1", "Running", "3 (6d ago)", "9d"),
                ("kube-system", f"coredns-668d6bf9bc-{sfx()}", "1/1", "Running", "4 (61d ago)", "413d"),
                ("kube-system", f"coredns-668d6bf9bc-{sfx()}", "1/1", "Running", "4 (61d ago)", "413d"),
                ("rook-ceph", f"csi-rbdplugin-provisioner-6c9d7f8b5-{sfx()}", "5/5", "Running", "5 (34d ago)", "61d"),
                ("middleware", "redis-node-0", "2/2", "Running", "6 (21d ago)", "37d"),
                ("kube-system", "kube-scheduler-k8s-master-02", "1/1", "Running", "7 (9d ago)", "412d"),
                ("kube-system", "kube-controller-manager-k8s-master-02", "1/1", "Running", "9 (9d ago)", "412d"),
                ("user", f"user-center-7c9d8b6f4-{sfx()}", "1/1", "Running", "9 (2d ago)", "11d"),
                ("trade", f"order-api-6d8f9c7b54-{sfx()}", "1/1", "Running", "11 (3h ago)", "5d"),
                ("trade", f"order-api-6d8f9c7b54-{sfx()}", "1/1", "Running", "12 (47m ago)", "5d"),
                ("logging", "loki-write-1", "1/1", "Running", "14 (4d ago)", "41d"),
                ("monitoring", f"prometheus-webhook-dingtalk-7d5c8b9f6-{sfx()}", "1/1", "Running", "17 (19h ago)", "188d"),
                ("logistics", f"waybill-svc-84b6d9c7f-{sfx()}", "1/1", "Running", "23 (5h ago)", "16d"),
                ("logistics", f"waybill-svc-84b6d9c7f-{sfx()}", "1/1", "Running", "26 (2h ago)", "16d")]
        t.bash("kubectl get pods -A --sort-by='.status.containerStatuses[0].restartCount' | tail -15", "按重启次数排序取最后 15 个",
               out=table(["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE"], [list(r) for r in rows]).split("\n", 1)[1])
        wb = rows[-1][1]
        t.bash(f"kubectl -n logistics describe pod {wb} | sed -n '/Last State/,/Restart Count/p'; kubectl -n logistics logs {wb} --previous --tail=20",
               "看 waybill-svc 为什么重启", out=f"""    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Thu, 17 Sep 2026 07:12:40 +0800
      Finished:     Thu, 17 Sep 2026 07:48:03 +0800
    Ready:          True
    Restart Count:  26
2026-09-17 07:47:58.201 ERROR 1 --- [pool-3-thread-2] c.q.l.waybill.sync.CarrierSyncJob        : sync carrier status failed, carrier=SF
java.net.SocketTimeoutException: Read timed out
	at java.base/sun.nio.ch.NioSocketImpl.timedRead(NioSocketImpl.java:278)
	at java.base/sun.nio.ch.NioSocketImpl.implRead(NioSocketImpl.java:304)
	at java.base/java.net.Socket$SocketInputStream.read(Socket.java:1099)
	at okhttp3.internal.connection.RealConnection.newCodec$okhttp(RealConnection.kt:346)
	at com.qinghe.logistics.waybill.carrier.SfClient.queryRoutes(SfClient.java:88)
	at com.qinghe.logistics.waybill.sync.CarrierSyncJob.syncOne(CarrierSyncJob.java:61)
2026-09-17 07:48:02.977 ERROR 1 --- [main] o.s.boot.SpringApplication               : Application run failed
java.lang.IllegalStateException: CarrierSyncJob aborted after 5 consecutive failures, exiting so the pod gets restarted
	at com.qinghe.logistics.waybill.sync.CarrierSyncJob.onFailure(CarrierSyncJob.java:104)
	at com.qinghe.logistics.waybill.sync.CarrierSyncJob.run(CarrierSyncJob.java:47)
	at java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1136)
2026-09-17 07:48:03.011  INFO 1 --- [main] o.s.b.w.e.tomcat.GracefulShutdown         : Commencing graceful shutdown. Waiting for active requests to complete""")
        t.done(f"""重启最多的前 15 个里，真正需要关注的是前三类（其余都是几十天前的零星重启，可以忽略）：

| Pod | 重启 | 判断 |
|---|---|---|
| logistics/waybill-svc（2 个副本） | 26、23，最近一次 2 小时前 | **应用自己退出**：`CarrierSyncJob` 调顺丰接口 `SocketTimeoutException`，连续 5 次失败后主动抛异常让进程退出（`exiting so the pod gets restarted`）。靠重启来重试外部接口，16 天重启了 49 次，建议物流组改成失败后退避重试，不要退出进程 |
| monitoring/prometheus-webhook-dingtalk | 17，最近 19 小时前 | 我们自己的组件，188 天 17 次，之后可以单独看一下 `--previous` 日志，可能是钉钉接口限流时崩溃 |
| logging/loki-write-1 | 14，4 天前 | 集中在 4 天前，可能是当时 ingester 内存或磁盘问题，目前已稳定 |
| trade/order-api（2 个副本） | 12、11，最近 47 分钟前 | 也在持续重启，这次没展开看，建议 `describe` 看一下 Last State 的退出原因 |

其余的：kube-controller-manager / kube-scheduler 在 master-02 上 9 天前各重启了几次，一般是当时 leader 选举或 apiserver 短暂不可用；coredns、redis、csi provisioner 都是很久以前的。""")

        d.precompact("""Analysis: 赵敏（青禾科技运维/SRE）在跳板机上的 infra-config 仓库（/home/zhaomin/ops/infra-config）里工作：Ansible（inventories/prod、playbooks、roles）、自建 kubeadm 集群 qh-prod（helmfile -e prod 管理各组件，告警规则在本地 chart charts/infra-alerts）。

Summary:
1. 在新机器 mon-02（10.20.3.12）上部署 blackbox_exporter：第一次 `ansible-playbook -i inventories/prod/hosts.yml playbooks/blackbox.yml --limit mon-02 --diff` 在 Gathering Facts 报 UNREACHABLE / Host key verification failed（mon-02 的 base 是小周用他自己的账号跑的，主机密钥不在赵敏账号的 known_hosts 里）。用 ssh-keyscan -H -t ed25519 10.20.3.12 >> ~/.ssh/known_hosts 采集后重跑成功；用 mon-02 探测官网 probe_success 1、HTTP 200。Prometheus 抓取 mon-02:9115 的配置还没加，已告诉用户。
2. 按重启次数列了前 15 个 Pod：logistics/waybill-svc 两个副本重启 26/23 次，原因是 CarrierSyncJob 调顺丰接口 SocketTimeoutException，连续 5 次失败后主动退出进程（建议物流组改成退避重试）；prometheus-webhook-dingtalk 17 次、loki-write-1 14 次、trade/order-api 两个副本 12/11 次（未展开）；其余是很久以前的零星重启。

Current work: 无进行中的任务，等待用户下一条指令。""")


        gv = P("inventories/prod/group_vars/all.yml")
        ch_tasks = P("roles/chrony/tasks/main.yml")
        ch_tpl = P("roles/chrony/templates/chrony.conf.j2")
        t = d.task("IDC 在机房里搭好了两台内网 NTP：ntp1.qinghe.internal、ntp2.qinghe.internal（10.20.0.11/12），把 chrony 的上游全部换成这两台，别再走公网阿里云的了。"
                   "模块名照旧写全 ansible.builtin.*，别用短名。走老流程：lint、check、node-01 金丝雀、再全量。做完给我写个变更通知，我发运维群",
                   tags=["workflow:W1", "pref:P1"])
        t.read(gv)
        t.read(ch_tasks)
        t.read(ch_tpl)
        t.read(P("playbooks/chrony.yml"))
        old_conf = "# Managed by Ansible\nserver ntp.aliyun.com iburst\nserver ntp1.aliyun.com iburst\ndriftfile /var/lib/chrony/drift\nmakestep 1.0 3\nrtcsync\nlogdir /var/log/chrony\n"
        t.edit(gv, """chrony_servers:
  - ntp.aliyun.com
  - ntp1.aliyun.com
""", """# 机房内网 NTP（10.20.0.11 / 10.20.0.12），不再走公网
chrony_servers:
  - ntp1.qinghe.internal
  - ntp2.qinghe.internal
""")
        t.edit(ch_tpl, """server {{ s }} iburst
{% endfor %}""", """server {{ s }} iburst minpoll 4 maxpoll 6
{% endfor %}""")
        t.edit(ch_tasks, """- name: Enable chronyd
  ansible.builtin.systemd_service:
    name: chronyd
    enabled: true
    state: started
""", """- name: Enable chronyd
  ansible.builtin.systemd_service:
    name: chronyd
    enabled: true
    state: started

- name: Apply chrony changes now
  ansible.builtin.meta: flush_handlers

# 换上游后等时钟同步上（最多 30 次 × 10s，偏差 < 0.1s），没同步上就让这台失败，不继续往下一批
- name: Wait for chrony to synchronise
  ansible.builtin.command: chronyc waitsync 30 0.1
  changed_when: false
  when: not ansible_check_mode
""")
        new_conf = "# Managed by Ansible\nserver ntp1.qinghe.internal iburst minpoll 4 maxpoll 6\nserver ntp2.qinghe.internal iburst minpoll 4 maxpoll 6\ndriftfile /var/lib/chrony/drift\nmakestep 1.0 3\nrtcsync\nlogdir /var/log/chrony\n"
        t.bash("ansible-lint playbooks/chrony.yml", "lint",
               err="Passed: 0 failure(s), 0 warning(s) in 5 files processed of 5 encountered. Last profile that met the validation criteria was 'shared'.")
        n1 = ["k8s-node-01"]
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/chrony.yml --limit k8s-node-01 --check --diff", "node-01 上 check",
               out=play_out([("Time sync", [
                   ("Gathering Facts", per_host("ok", n1)),
                   ("chrony : Install chrony", per_host("ok", n1)),
                   ("chrony : Render chrony.conf", [tpl_diff("/etc/chrony.conf", "chrony.conf.j2", old_conf, new_conf), "changed: [k8s-node-01]"]),
                   ("chrony : Enable chronyd", per_host("ok", n1)),
                   ("RUNNING HANDLER [chrony : Restart chronyd]", per_host("changed", n1)),
                   ("chrony : Wait for chrony to synchronise", per_host("skipping", n1)),
               ])], [("k8s-node-01", dict(ok=5, changed=2, skipped=1))]), timeout=600000)
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/chrony.yml --limit k8s-node-01", "金丝雀：node-01",
               out=play_out([("Time sync", [
                   ("Gathering Facts", per_host("ok", n1)),
                   ("chrony : Install chrony", per_host("ok", n1)),
                   ("chrony : Render chrony.conf", per_host("changed", n1)),
                   ("chrony : Enable chronyd", per_host("ok", n1)),
                   ("RUNNING HANDLER [chrony : Restart chronyd]", per_host("changed", n1)),
                   ("chrony : Wait for chrony to synchronise", per_host("ok", n1)),
               ])], [("k8s-node-01", dict(ok=6, changed=2))]), timeout=600000)
        t.bash("ansible -i inventories/prod/hosts.yml k8s-node-01 -m ansible.builtin.command -a 'chronyc sources'", "看 node-01 的时间源",
               out="""k8s-node-01 | CHANGED | rc=0 >>
MS Name/IP address         Stratum Poll Reach LastRx Last sample               
===============================================================================
^* ntp1.qinghe.internal          2   4    17     6   -38us[  -61us] +/- 2113us
^+ ntp2.qinghe.internal          2   4    17     7   +104us[ +104us] +/- 2467us""")
        rest = [h for h in HOSTS_S2 + ["mon-02"] if h != "k8s-node-01"]
        order = ["k8s-master-01", "k8s-master-02", "k8s-master-03", "k8s-node-02", "k8s-node-03", "k8s-node-04", "k8s-node-05",
                 "k8s-node-06", "k8s-node-07", "k8s-node-08", "mon-01", "mon-02", "runner-01", "runner-02"]
        batches = [order[0:4], order[4:8], order[8:12], order[12:14]]
        plays = []
        for b in batches:
            plays.append(("Time sync", [
                ("Gathering Facts", per_host("ok", shuffled(b))),
                ("chrony : Install chrony", per_host("ok", shuffled(b))),
                ("chrony : Render chrony.conf", per_host("changed", shuffled(b))),
                ("chrony : Enable chronyd", per_host("ok", shuffled(b))),
                ("RUNNING HANDLER [chrony : Restart chronyd]", per_host("changed", shuffled(b))),
                ("chrony : Wait for chrony to synchronise", per_host("ok", shuffled(b))),
            ]))
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/chrony.yml --limit 'all:!k8s-node-01'", "全量（serial 30% 分批）",
               out=play_out(plays, [(h, dict(ok=6, changed=2)) for h in sorted(rest)]), timeout=1200000)
        lines = []
        for h in sorted(order + ["k8s-node-01"]):
            ip = "10.20.0.11" if _rng[0].random() < 0.7 else "10.20.0.12"
            lines.append(f"{h} | CHANGED | rc=0 | (stdout) Reference ID    : {'0A14000B' if ip.endswith('11') else '0A14000C'} ({ip})")
        t.bash("ansible -i inventories/prod/hosts.yml all -o -m ansible.builtin.shell -a 'chronyc -n tracking | head -1'",
               "确认所有机器都切到内网 NTP", out="\n".join(shuffled(lines)))
        t.done("""chrony 已全部切到内网 NTP，15 台都同步上了（`Reference ID` 全是 10.20.0.11 / 10.20.0.12），全程 failed=0。

改动：
- `group_vars/all.yml`：`chrony_servers` 换成 `ntp1.qinghe.internal`、`ntp2.qinghe.internal`
- `chrony.conf.j2`：内网源加 `minpoll 4 maxpoll 6`（16s～64s 轮询，内网延迟低，收敛更快）
- `roles/chrony/tasks/main.yml`：新增两个任务，都是 FQCN：`ansible.builtin.meta: flush_handlers` 让 chronyd 立即重启，`ansible.builtin.command: chronyc waitsync 30 0.1` 等时钟同步上再进下一批（check 模式跳过）

流程：`ansible-lint` 通过 → node-01 `--check --diff`（只有 chrony.conf 两行 server 变化）→ node-01 金丝雀，`chronyc sources` 两个内网源都可达、偏差几十微秒 → 其余 14 台按 `serial: 30%` 分 4 批执行。

变更通知（可以直接发群里）：

---
**【变更通知】全网 chrony 时间源切换为机房内网 NTP**

**变更时间**：2026-09-17（周四）10:30–11:10

**变更背景**：目前所有服务器的 chrony 都指向公网阿里云 NTP（ntp.aliyun.com、ntp1.aliyun.com），依赖出网链路，且公网源之间偏差较大。机房已部署两台内网 NTP 服务器，统一切换到内网源，提高时间同步的稳定性和一致性。

**变更内容**：
1. chrony 上游由 ntp.aliyun.com、ntp1.aliyun.com 改为 ntp1.qinghe.internal（10.20.0.11）、ntp2.qinghe.internal（10.20.0.12）
2. 轮询间隔调整为 minpoll 4 / maxpoll 6
3. Ansible 角色新增「等待时钟同步」检查步骤

**变更范围**：k8s-master-01～03、k8s-node-01～08、mon-01～02、runner-01～02，共 15 台

**变更步骤**：
1. ansible-lint 检查
2. k8s-node-01 check 模式预检
3. k8s-node-01 金丝雀执行并验证时间源
4. 其余 14 台按 30% 分批执行，每批等待时钟同步后再进入下一批

**影响评估**：chronyd 重启期间（约 1 秒）不影响系统时间，业务无感知；makestep 配置保证偏差较大时一次性校正。

**验证结果**：全部 15 台 Reference ID 为内网 NTP，偏差在 0.2ms 以内；NodeClockSkew 告警无触发。

**回滚方案**：将 group_vars/all.yml 中 chrony_servers 改回阿里云 NTP，重新执行 playbooks/chrony.yml，约 10 分钟。

**联系人**：赵敏
---""")

        t = d.task("这周上线的几个改动（node_exporter textfile、两条新告警、mon-02 的 blackbox、chrony 换内网 NTP）提个 MR。"
                   "cert-manager 那个还没 apply，etcd 备份脚本 OSS 权限还没开，这两个先别带", tags=["workflow:W3"])
        t.bash("git status --short", "看工作区", out=""" M charts/infra-alerts/templates/node.yaml
 M charts/infra-alerts/tests/node_test.yml
 M helmfile.yaml.gotmpl
 M inventories/prod/group_vars/all.yml
 M inventories/prod/hosts.yml
 M roles/chrony/tasks/main.yml
 M roles/chrony/templates/chrony.conf.j2
 M roles/node_exporter/defaults/main.yml
 M roles/node_exporter/tasks/main.yml
 M roles/node_exporter/templates/node_exporter.service.j2
?? roles/node_exporter/templates/node-reboot-required.service.j2
?? roles/node_exporter/templates/node-reboot-required.sh.j2
?? roles/node_exporter/templates/node-reboot-required.timer.j2
?? scripts/etcd-backup.sh""")
        t.bash("make lint", "跑 lint",
               out="yamllint -s inventories playbooks roles values .gitlab-ci.yml\nshellcheck -x scripts/*.sh\nansible-lint playbooks/\nhelm lint charts/infra-alerts\n==> Linting charts/infra-alerts\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed",
               err=ansible_lint_ok(47, 53), timeout=300000)
        s2 = hx(7)
        t.bash("git checkout -b feat/node-textfile-ntp && git add charts/infra-alerts inventories roles && "
               "git commit -m \"feat: node_exporter textfile（待重启指标）及告警、mon-02 blackbox、chrony 切内网 NTP\"",
               "只提交已上线的改动", out=git_commit("feat/node-textfile-ntp", s2,
                                             "feat: node_exporter textfile（待重启指标）及告警、mon-02 blackbox、chrony 切内网 NTP",
                                             12, 171, 6, creates=["roles/node_exporter/templates/node-reboot-required.service.j2",
                                                                   "roles/node_exporter/templates/node-reboot-required.sh.j2",
                                                                   "roles/node_exporter/templates/node-reboot-required.timer.j2"]),
               err="Switched to a new branch 'feat/node-textfile-ntp'")
        o, e = git_push_new("feat/node-textfile-ntp", objs=24, kib="6.12")
        t.bash("git push -u origin feat/node-textfile-ntp", "推送", out=o, err=e)
        t.bash("""glab mr create --target-branch main --title "feat: node_exporter textfile 及告警、mon-02 blackbox、chrony 切内网 NTP" --description "$(cat <<'EOF'
均已在生产执行（金丝雀 + 全量），这里留档。

- node_exporter 开启 textfile collector，新增 node_reboot_required（needs-restarting -r，systemd timer 每小时刷新）
- infra-alerts：新增 NodeRebootRequired（待重启 7 天）、NodeTextfileScrapeError，均带 runbook_url，含单测
- inventory 新增 mon-02，部署 blackbox_exporter
- chrony 上游改为 ntp1/ntp2.qinghe.internal，角色增加 waitsync 检查

未包含：cert-manager 升级（待窗口）、etcd 备份脚本（待 OSS 授权）
EOF
)" --yes""", "创建 MR", out=glab_mr(147, "feat: node_exporter textfile 及告警、mon-02 blackbox、chrony 切内网 NTP", "feat/node-textfile-ntp"))
        t.done(f"""MR 已开：!147 {GL}/-/merge_requests/147

- `make lint` 通过
- 分支 `feat/node-textfile-ntp`，提交 `{s2}`，12 个文件：`roles/node_exporter`、`roles/chrony`、`charts/infra-alerts`、`inventories`（mon-02、chrony 上游）
- 按你说的没带：`helmfile.yaml.gotmpl`（cert-manager v1.18.2）和 `scripts/etcd-backup.sh` 还在工作区，没有提交""")


# ============================================================== S6  Mon 09-21
def s6(d):
    k8s_gv = P("inventories/prod/group_vars/k8s.yml")
    with d.session("2026-09-21T02:06:00", R, branch="main", version="2.1.115"):
        fb = ("上周四 chrony 那个变更通知你写得太长了，背景、步骤、验证、回滚、联系人写了一大篇，群里开发同学根本不看，我 cut half 才发出去。")
        t = d.task(fb + "以后变更通知就三行：改了什么、影响范围、怎么回滚，别的不用写", tags=["feedback", "no_tools"], feedback=fb)
        t.done("""明白，是我写多了。以后变更通知固定三行：改了什么、影响范围、怎么回滚，步骤和验证细节留在 MR 里。

按这个格式，上周那条应该是：

```
【变更】全网 chrony 上游切到机房内网 NTP（ntp1/ntp2.qinghe.internal），9/17 已完成
【影响】15 台服务器，chronyd 重启约 1 秒，业务无感知
【回滚】group_vars/all.yml 改回阿里云 NTP，重跑 playbooks/chrony.yml
```""")

        t = d.task("containerd 1.7.28 修了个 CVE，先拿 k8s-node-05 试水：腾空、用 containerd.yml 升级、恢复调度，没问题的话其他节点下周再分批。"
                   "变更通知按上次说的格式给我", tags=["mistake:M2"])
        t.read(k8s_gv)
        t.read(P("playbooks/containerd.yml"))
        t.edit(k8s_gv, "containerd_version: 1.7.27", "containerd_version: 1.7.28")
        ds5 = ds_pods()
        t.fail("kubectl drain k8s-node-05 --timeout=5m", "腾空 node-05", drain_fail("k8s-node-05", ds5), code=1)
        t.say("drain 被 DaemonSet 的 Pod 挡住了（这台上没有用 emptyDir 的 Pod）。DaemonSet 的 Pod 本来就不会被驱逐，containerd 重启时它们的容器也不会停，"
              "加 `--ignore-daemonsets` 重新 drain：")
        cmw = f"cert-manager/cert-manager-webhook-5d7f8c9b6-{sfx()}"
        wbs = f"logistics/waybill-svc-84b6d9c7f-{sfx()}"
        ksm = f"monitoring/kube-prometheus-stack-kube-state-metrics-6b8d5c7f9-{sfx()}"
        pay = f"trade/payment-api-7b9c6d8f5-{sfx()}"
        ucs = f"user/user-center-7c9d8b6f4-{sfx()}"
        t.bash("kubectl drain k8s-node-05 --ignore-daemonsets --timeout=5m", "重新 drain node-05",
               out=drain_ok("k8s-node-05", ds5, None, [cmw, wbs, ksm, pay, ucs], pdb_retry=ucs), timeout=360000)
        n5 = ["k8s-node-05"]
        ctr_old = 'ok: [k8s-node-05] => {\n    "msg": [\n        "  Version:  1.7.27",\n        "  Version:  1.7.27"\n    ]\n}'
        ctr_new = 'ok: [k8s-node-05] => {\n    "msg": [\n        "  Version:  1.7.28",\n        "  Version:  1.7.28"\n    ]\n}'
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/containerd.yml --limit k8s-node-05 --check --diff", "check 一下",
               out=play_out([("Upgrade containerd", [
                   ("Gathering Facts", per_host("ok", n5)),
                   ("containerd : Install containerd.io 1.7.28", per_host("changed", n5)),
                   ("containerd : Render containerd config", per_host("ok", n5)),
                   ("containerd : Enable containerd", per_host("ok", n5)),
                   ("RUNNING HANDLER [containerd : Restart containerd]", per_host("changed", n5)),
                   ("containerd : Check containerd version", per_host("ok", n5)),
                   ("containerd : Show containerd version", [ctr_old]),
               ])], [("k8s-node-05", dict(ok=7, changed=2))]), timeout=600000)
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/containerd.yml --limit k8s-node-05", "升级 node-05 的 containerd",
               out=play_out([("Upgrade containerd", [
                   ("Gathering Facts", per_host("ok", n5)),
                   ("containerd : Install containerd.io 1.7.28", per_host("changed", n5)),
                   ("containerd : Render containerd config", per_host("ok", n5)),
                   ("containerd : Enable containerd", per_host("ok", n5)),
                   ("RUNNING HANDLER [containerd : Restart containerd]", per_host("changed", n5)),
                   ("containerd : Check containerd version", per_host("ok", n5)),
                   ("containerd : Show containerd version", [ctr_new]),
               ])], [("k8s-node-05", dict(ok=7, changed=2))]), timeout=600000)
        t.bash("kubectl uncordon k8s-node-05 && kubectl get node k8s-node-05 -o wide", "恢复调度并确认运行时版本",
               out="node/k8s-node-05 uncordoned\n" + kubectl_nodes([("k8s-node-05", "Ready", "<none>", "301d", "10.20.1.25", K_OLD, "containerd://1.7.28")]))
        t.bash("kubectl get pods -A -o wide --field-selector spec.nodeName=k8s-node-05", "看节点上的 DaemonSet Pod 是否正常",
               out=pods_wide([(p.split("/")[0], p.split("/")[1], "2/2" if "csi" in p or "alloy" in p else "1/1", "Running", "0",
                               age, "10.20.1.25" if "alloy" not in p else pod_ip(), "k8s-node-05")
                              for p, age in zip(ds5, ["301d", "110d", "55d", "75d", "75d"])]))
        t.done("""node-05 的 containerd 已升级到 1.7.28，节点已恢复调度，`CONTAINER-RUNTIME` 显示 `containerd://1.7.28`，节点上的 DaemonSet Pod 都是 Running、没有重启。

过程：
1. `group_vars/k8s.yml` 里 `containerd_version` 改成 1.7.28（其他节点下次跑 containerd.yml 时才会升级，这次只 `--limit k8s-node-05`）
2. `kubectl drain k8s-node-05 --timeout=5m` 第一次被拒：`cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore)`；加 `--ignore-daemonsets` 后驱逐了 5 个 Pod，其中 user-center 因为 PDB（minAvailable 2）等了一轮 5 秒重试，等别的副本 Ready 后就驱逐成功了
3. check 模式确认只有 containerd.io 包变化（check 模式不会真装，所以显示的版本还是 1.7.27），然后执行，`ctr version` 客户端和服务端都是 1.7.28
4. `kubectl uncordon k8s-node-05`

变更通知：

```
【变更】k8s-node-05 的 containerd 升级到 1.7.28（修复 CVE），已完成，其余节点下周分批
【影响】node-05 上的业务 Pod 已迁移到其他节点，无中断
【回滚】dnf 降级 containerd.io-1.7.27 并重启 containerd（需先 drain）
```""")

        t = d.task("听说 Bitnami 去年改了政策，免费的镜像和 chart 不再更新了？我们还有哪些地方在用 bitnami 的，影响大不大", tags=["noise"])
        t.grep("bitnami", path=R, glob="*.{yaml,yml,gotmpl}", output_mode="content", n=True, i=True,
               content=f"""{P('helmfile.yaml.gotmpl')}:{line_of(d, P('helmfile.yaml.gotmpl'), '  - name: bitnami')}:  - name: bitnami
{P('helmfile.yaml.gotmpl')}:{line_of(d, P('helmfile.yaml.gotmpl'), '    url: https://charts.bitnami.com')}:    url: https://charts.bitnami.com/bitnami
{P('helmfile.yaml.gotmpl')}:{line_of(d, P('helmfile.yaml.gotmpl'), '    chart: bitnami/redis')}:    chart: bitnami/redis
{P('values/redis/prod.yaml')}:1:# bitnami/redis chart，sentinel 模式，3 节点
{P('values/redis/prod.yaml')}:3:  imageRegistry: harbor.qinghe.tech/dockerhub""")
        t.bash("kubectl get pods -A -o jsonpath='{range .items[*]}{range .spec.containers[*]}{.image}{\"\\n\"}{end}{end}' | grep -i bitnami | sort | uniq -c",
               "看集群里实际在跑的 bitnami 镜像",
               out="      3 harbor.qinghe.tech/dockerhub/bitnami/redis-exporter:1.67.0-debian-12-r0\n      3 harbor.qinghe.tech/dockerhub/bitnami/redis-sentinel:7.4.2-debian-12-r0\n      3 harbor.qinghe.tech/dockerhub/bitnami/redis:7.4.2-debian-12-r0")
        t.done("""是的。去年（2025 年 8～9 月）Broadcom 调整了 Bitnami 的公开目录：Docker Hub 上 `docker.io/bitnami/*` 只保留少量加固镜像、基本只有 latest 标签；原来带版本号的镜像挪到了 `docker.io/bitnamilegacy/*`，那边不再更新、不再修漏洞。chart 还能拉到，但默认引用的镜像会跟着变。

**我们这边只有 redis 一处在用**：
- `helmfile.yaml.gotmpl` 里的 `bitnami` 仓库和 `chart: bitnami/redis`（20.6.3，sentinel 模式）
- 集群里 3 个镜像，各 3 个副本：`bitnami/redis:7.4.2-debian-12-r0`、`redis-sentinel:7.4.2-debian-12-r0`、`redis-exporter:1.67.0-debian-12-r0`，都是经 Harbor 的 `dockerhub` 代理缓存拉的

**影响**：
- 现在跑着的不受影响，节点本地有镜像，Harbor 代理缓存里也有
- 风险在「重新拉取」的时候：Pod 调度到没有这个镜像的节点、节点镜像被 GC、Harbor 缓存过期，这时 Harbor 要回源 `docker.io/bitnami/redis:7.4.2-debian-12-r0`，上游已经没有这个标签了，Pod 会 `ImagePullBackOff`。redis-node 调度到新节点上就会起不来
- 这些镜像以后也不会再有安全更新

**建议**：
1. 先止血（改动小）：把这 3 个镜像从 Harbor 缓存里复制到一个普通项目（比如 `harbor.qinghe.tech/infra/`），values 里 `imageRegistry` / `repository` 指过去，不再依赖回源
2. 中期：redis 换掉 bitnami chart，比如官方 redis / valkey 镜像 + 自己维护的小 chart，或者用 redis operator；做之前要评估 sentinel 的切换和数据迁移
3. helmfile 里 bitnami 仓库只剩 redis 在用，迁移完可以删掉

要的话我先做第 1 步，改 values 之后 `helmfile diff` 给你看。""")


CEPH_YAML = """apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: {{ .Release.Name }}-ceph
  labels:
    {{- include "infra-alerts.labels" . | nindent 4 }}
spec:
  groups:
    - name: ceph.rules
      rules:
        - alert: CephHealthError
          expr: ceph_health_status{job="ceph"} == 2
          for: 5m
          labels:
            severity: critical
          annotations:
            summary: Ceph 集群状态为 HEALTH_ERR
            runbook_url: {{ .Values.runbookBase }}/ceph-health-error
        - alert: CephClusterNearFull
          expr: ceph_cluster_total_used_bytes{job="ceph"} / ceph_cluster_total_bytes{job="ceph"} > {{ .Values.ceph.usedRatio }}
          for: 15m
          labels:
            severity: warning
          annotations:
            summary: "Ceph 集群容量已用 {{ humanizePercentage $value }}"
            runbook_url: {{ .Values.runbookBase }}/ceph-cluster-near-full
        - alert: CephOSDDown
          expr: ceph_osd_up{job="ceph"} == 0
          for: 5m
          labels:
            severity: critical
          annotations:
            summary: "Ceph {{ $labels.ceph_daemon }} 处于 down 状态"
            runbook_url: {{ .Values.runbookBase }}/ceph-osd-down
"""

CEPH_TEST = """rule_files:
  - ../../../build/rules/ceph.rules.yml

evaluation_interval: 1m

tests:
  - interval: 1m
    input_series:
      - series: 'ceph_osd_up{job="ceph",ceph_daemon="osd.7"}'
        values: '1 1 0+0x20'
      - series: 'ceph_osd_up{job="ceph",ceph_daemon="osd.8"}'
        values: '1+0x22'
      - series: 'ceph_cluster_total_used_bytes{job="ceph"}'
        values: '85+0x30'
      - series: 'ceph_cluster_total_bytes{job="ceph"}'
        values: '100+0x30'
      - series: 'ceph_health_status{job="ceph"}'
        values: '1+0x30'
    alert_rule_test:
      - eval_time: 10m
        alertname: CephOSDDown
        exp_alerts:
          - exp_labels:
              severity: critical
              job: ceph
              ceph_daemon: osd.7
            exp_annotations:
              summary: Ceph osd.7 处于 down 状态
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/ceph-osd-down
      - eval_time: 10m
        alertname: CephClusterNearFull
      - eval_time: 20m
        alertname: CephClusterNearFull
        exp_alerts:
          - exp_labels:
              severity: warning
              job: ceph
            exp_annotations:
              summary: Ceph 集群容量已用 85%
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/ceph-cluster-near-full
      - eval_time: 20m
        alertname: CephHealthError
"""


SYSCTL_OLD = """# Managed by Ansible
net.bridge.bridge-nf-call-iptables = 1
net.bridge.bridge-nf-call-ip6tables = 1
net.ipv4.ip_forward = 1
vm.max_map_count = 262144
fs.inotify.max_user_watches = 524288
fs.inotify.max_user_instances = 8192
"""
SYSCTL_NEW = SYSCTL_OLD + """net.core.somaxconn = 65535
net.ipv4.tcp_max_syn_backlog = 65535
net.ipv4.ip_local_port_range = 1024 65000
net.ipv4.tcp_tw_reuse = 1
"""

PROM_PVC = "prometheus-kube-prometheus-stack-prometheus-db-prometheus-kube-prometheus-stack-prometheus-0"


def pvc_row(cap, pv):
    return table(["NAME", "STATUS", "VOLUME", "CAPACITY", "ACCESS MODES", "STORAGECLASS", "VOLUMEATTRIBUTESCLASS", "AGE"],
                 [[PROM_PVC, "Bound", pv, cap, "RWO", "ceph-rbd", "<unset>", "389d"]])


# ============================================================== S7  Wed 09-23 (acceptEdits)
def s7(d):
    vals = P("charts/infra-alerts/values.yaml")
    ceph = P("charts/infra-alerts/templates/ceph.yaml")
    with d.session("2026-09-23T02:19:00", R, branch="main", version="2.1.116", permission_mode="acceptEdits"):
        t = d.task("存储组说外部 Ceph 集群 mgr 的 prometheus 模块已经接进来了（job=ceph）。给 infra-alerts 加 Ceph 告警：集群 HEALTH_ERR、有 OSD down、"
                   "集群容量用到 80%。告警内容里带上具体的值，比如哪个 OSD、容量用了百分之多少。rook 那边周五才切过来，先别上线，"
                   "写好测好提交到新分支 feat/ceph-alerts 就行", tags=["mistake:M3"])
        t.read(P("charts/infra-alerts/templates/etcd.yaml"))
        t.read(vals)
        t.edit(vals, """etcd:
  # WAL fsync 99 分位阈值（秒）
  fsyncSeconds: 0.5
""", """etcd:
  # WAL fsync 99 分位阈值（秒）
  fsyncSeconds: 0.5

ceph:
  # 集群已用容量比例阈值
  usedRatio: 0.8
""")
        t.write(ceph, CEPH_YAML)
        t.write(P("charts/infra-alerts/tests/ceph_test.yml"), CEPH_TEST)
        bad = line_of(d, ceph, "humanizePercentage")
        t.fail("helm lint charts/infra-alerts", "lint chart", f"""==> Linting charts/infra-alerts
[INFO] Chart.yaml: icon is recommended
[ERROR] templates/: parse error at (infra-alerts/templates/ceph.yaml:{bad}): function "humanizePercentage" not defined

Error: 1 chart(s) linted, 1 chart(s) failed""", code=1)
        t.say("`humanizePercentage` 是 Prometheus 告警模板里的函数，Helm 在渲染 chart 时会先把 `{{ … }}` 当成自己的模板来解析，它不认识这个函数；"
              "后面 OSD 那条的 `$labels.ceph_daemon` 也会有同样的问题。看下现有规则文件是怎么写的：")
        t.grep("{{`", path=P("charts/infra-alerts/templates"), filenames=[P("charts/infra-alerts/templates/kube-state.yaml"),
                                                                         P("charts/infra-alerts/templates/node.yaml")])
        t.say("现有文件都是用 ``{{` … `}}`` 把 Prometheus 模板包成 Helm 的原样字符串。两条 summary 都这样改：")
        t.edit(ceph, """            summary: "Ceph 集群容量已用 {{ humanizePercentage $value }}\"""",
               """            summary: "Ceph 集群容量已用 {{`{{ humanizePercentage $value }}`}}\"""")
        t.edit(ceph, """            summary: "Ceph {{ $labels.ceph_daemon }} 处于 down 状态\"""",
               """            summary: "Ceph {{`{{ $labels.ceph_daemon }}`}} 处于 down 状态\"""")
        t.bash("helm lint charts/infra-alerts", "重新 lint",
               out="==> Linting charts/infra-alerts\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed")
        t.bash("make rules-test", "渲染规则并跑 promtool", out=make_rules_test(d), timeout=300000)
        s3 = hx(7)
        t.bash("git checkout -b feat/ceph-alerts && git add charts/infra-alerts/values.yaml charts/infra-alerts/templates/ceph.yaml "
               "charts/infra-alerts/tests/ceph_test.yml && git commit -m \"feat(alerts): 新增 Ceph 集群告警（HEALTH_ERR、OSD down、容量 80%）\" && git checkout main",
               "在新分支提交，然后切回 main",
               out=git_commit("feat/ceph-alerts", s3, "feat(alerts): 新增 Ceph 集群告警（HEALTH_ERR、OSD down、容量 80%）", 3, 96, 0,
                              creates=["charts/infra-alerts/templates/ceph.yaml", "charts/infra-alerts/tests/ceph_test.yml"]),
               err="Switched to a new branch 'feat/ceph-alerts'\nSwitched to branch 'main'\nM\thelmfile.yaml.gotmpl\nM\tinventories/prod/group_vars/k8s.yml\nYour branch is up to date with 'origin/main'.")
        t.done(f"""Ceph 告警写好了，提交在 `feat/ceph-alerts`（`{s3}`），没有上线，工作区已切回 main。

`charts/infra-alerts/templates/ceph.yaml`，规则组 `ceph.rules`：
- `CephHealthError`：`ceph_health_status == 2` 持续 5m，critical
- `CephClusterNearFull`：已用 / 总量 > `ceph.usedRatio`（values 里 0.8）持续 15m，warning，summary「Ceph 集群容量已用 85%」这种
- `CephOSDDown`：`ceph_osd_up == 0` 持续 5m，critical，summary 带 `ceph_daemon`（如 `osd.7`）
- 三条都带 `runbook_url`

单测 `tests/ceph_test.yml`：osd.7 down 10 分钟告警、osd.8 正常不告警；容量 85% 10 分钟不告警、20 分钟告警并校验「已用 85%」；health 为 WARN(1) 时 `CephHealthError` 不触发。

中间 `helm lint` 失败过一次：`parse error at (infra-alerts/templates/ceph.yaml:{bad}): function "humanizePercentage" not defined`，是 Prometheus 的模板函数被 Helm 先解析了。两条 summary 改成 ``{{{{`{{{{ … }}}}`}}}}`` 包起来（和 node.yaml、kube-state.yaml 一致）后，`helm lint` 和 `make rules-test`（ceph 3 条、单测 3 个文件）都通过。

周五 rook 切过来后，合并这个分支再 `helmfile -e prod apply -l name=infra-alerts` 就行。""")

        sd = P("roles/sysctl/defaults/main.yml")
        st = P("roles/sysctl/tasks/main.yml")
        stpl = P("roles/sysctl/templates/99-kubernetes.conf.j2")
        t = d.task("ingress 节点（node-01、02）的内核参数调一下：net.core.somaxconn 和 net.ipv4.tcp_max_syn_backlog 调到 65535，"
                   "net.ipv4.ip_local_port_range 改成 1024 65000，开 tcp_tw_reuse。只动 ingress_nodes 这个组。老规矩，模块写 FQCN，lint、check、金丝雀、全量",
                   tags=["workflow:W1", "pref:P1"])
        t.read(sd)
        t.read(st)
        t.read(stpl)
        t.grep("hostNetwork", path=P("values/ingress-nginx"), output_mode="content", n=True,
               content=f"{P('values/ingress-nginx/common.yaml')}:3:  hostNetwork: true")
        t.write(P("inventories/prod/group_vars/ingress_nodes.yml"), """---
# ingress-nginx 以 hostNetwork 方式跑在这组节点上，宿主机的网络内核参数对它直接生效
sysctl_extra_settings:
  net.core.somaxconn: 65535
  net.ipv4.tcp_max_syn_backlog: 65535
  net.ipv4.ip_local_port_range: "1024 65000"
  net.ipv4.tcp_tw_reuse: 1
""")
        t.edit(stpl, "{% for key, value in sysctl_settings.items() %}",
               "{% for key, value in (sysctl_settings | combine(sysctl_extra_settings | default({}))).items() %}")
        t.bash("ansible-lint playbooks/sysctl.yml", "lint",
               err="Passed: 0 failure(s), 0 warning(s) in 5 files processed of 5 encountered. Last profile that met the validation criteria was 'shared'.")
        n1 = ["k8s-node-01"]
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/sysctl.yml --limit k8s-node-01 --check --diff", "node-01 上 check",
               out=play_out([("Kernel parameters for Kubernetes nodes", [
                   ("Gathering Facts", per_host("ok", n1)),
                   ("sysctl : Load br_netfilter module", per_host("ok", n1)),
                   ("sysctl : Render sysctl settings",
                    [tpl_diff("/etc/sysctl.d/99-kubernetes.conf", "99-kubernetes.conf.j2", SYSCTL_OLD, SYSCTL_NEW), "changed: [k8s-node-01]"]),
                   ("RUNNING HANDLER [sysctl : Reload sysctl]", per_host("skipping", n1)),
               ])], [("k8s-node-01", dict(ok=3, changed=1, skipped=1))]), timeout=600000)
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/sysctl.yml --limit k8s-node-01", "金丝雀：node-01",
               out=play_out([("Kernel parameters for Kubernetes nodes", [
                   ("Gathering Facts", per_host("ok", n1)),
                   ("sysctl : Load br_netfilter module", per_host("ok", n1)),
                   ("sysctl : Render sysctl settings", per_host("changed", n1)),
                   ("RUNNING HANDLER [sysctl : Reload sysctl]", per_host("changed", n1)),
               ])], [("k8s-node-01", dict(ok=4, changed=2))]), timeout=600000)
        t.bash("ansible -i inventories/prod/hosts.yml k8s-node-01 -m ansible.builtin.command "
               "-a 'sysctl net.core.somaxconn net.ipv4.tcp_max_syn_backlog net.ipv4.ip_local_port_range net.ipv4.tcp_tw_reuse'",
               "确认 node-01 上已生效", out="""k8s-node-01 | CHANGED | rc=0 >>
net.core.somaxconn = 65535
net.ipv4.tcp_max_syn_backlog = 65535
net.ipv4.ip_local_port_range = 1024	65000
net.ipv4.tcp_tw_reuse = 1""")
        n2 = ["k8s-node-02"]
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/sysctl.yml --limit 'ingress_nodes:!k8s-node-01'", "其余 ingress 节点（node-02）",
               out=play_out([("Kernel parameters for Kubernetes nodes", [
                   ("Gathering Facts", per_host("ok", n2)),
                   ("sysctl : Load br_netfilter module", per_host("ok", n2)),
                   ("sysctl : Render sysctl settings", per_host("changed", n2)),
                   ("RUNNING HANDLER [sysctl : Reload sysctl]", per_host("changed", n2)),
               ])], [("k8s-node-02", dict(ok=4, changed=2))]), timeout=600000)
        t.done("""两台 ingress 节点的内核参数已经生效（node-01 金丝雀验证过，node-02 随后执行），failed=0。

改动：
- 新增 `inventories/prod/group_vars/ingress_nodes.yml`，`sysctl_extra_settings` 里放这 4 个参数，只对 `ingress_nodes` 组生效
- `99-kubernetes.conf.j2` 改成遍历 `sysctl_settings | combine(sysctl_extra_settings | default({}))`，其他节点渲染结果不变（没有这个变量时 combine 一个空字典）
- 这次没有新增或修改 task，所以没有涉及模块写法；role 里 `modprobe` / `template` 两个老任务的短名这次没动

验证：node-01 上 `sysctl` 读出来 somaxconn / tcp_max_syn_backlog 都是 65535，ip_local_port_range 是 1024–65000，tcp_tw_reuse = 1。

**还差一步才会对 nginx 生效**：ingress-nginx 是 hostNetwork，用的就是宿主机的这些参数，但 controller 在启动时读取 `net.core.somaxconn` 作为 listen backlog，已经在跑的 nginx 还是旧的 backlog（4096）。需要滚动重启一次 controller：

```
kubectl -n ingress-nginx rollout restart ds/ingress-nginx-controller
kubectl -n ingress-nginx rollout status ds/ingress-nginx-controller
```

两台是 DaemonSet 逐台重启，SLB 会短暂摘掉正在重启的那台，建议放在低峰执行，我没有动。""")

        kps = P("values/kube-prometheus-stack/prod.yaml")
        t = d.task("Prometheus 的数据保留从 15 天改到 30 天，PVC 相应扩到 200Gi（ceph-rbd 支持在线扩容）。先看看现在磁盘用了多少再动", tags=["noise"])
        t.read(kps)
        t.bash("kubectl -n monitoring exec prometheus-kube-prometheus-stack-prometheus-0 -c prometheus -- df -h /prometheus", "看 Prometheus 数据盘用量",
               out="Filesystem                Size      Used Available Use% Mounted on\n/dev/rbd0                97.9G     61.2G     36.7G  63% /prometheus")
        t.bash("kubectl get storageclass ceph-rbd -o jsonpath='{.allowVolumeExpansion}{\"\\n\"}'", "确认存储类允许扩容", out="true")
        t.edit(kps, """    retention: 15d
    retentionSize: 90GB""", """    retention: 30d
    retentionSize: 180GB""")
        t.edit(kps, """              storage: 100Gi""", """              storage: 200Gi""")
        diff = """Adding repo prometheus-community https://prometheus-community.github.io/helm-charts
"prometheus-community" has been added to your repositories

Comparing release=kube-prometheus-stack, chart=prometheus-community/kube-prometheus-stack, namespace=monitoring
monitoring, kube-prometheus-stack-prometheus, Prometheus (monitoring.coreos.com) has changed:
  # Source: kube-prometheus-stack/templates/prometheus/prometheus.yaml
  apiVersion: monitoring.coreos.com/v1
  kind: Prometheus
  metadata:
    name: kube-prometheus-stack-prometheus
    namespace: monitoring
    labels:
      app: kube-prometheus-stack-prometheus
      app.kubernetes.io/managed-by: Helm
      app.kubernetes.io/instance: kube-prometheus-stack
      app.kubernetes.io/version: "79.4.1"
      app.kubernetes.io/part-of: kube-prometheus-stack
      chart: kube-prometheus-stack-79.4.1
      release: "kube-prometheus-stack"
      heritage: "Helm"
  spec:
    automountServiceAccountToken: true
    alerting:
      alertmanagers:
        - namespace: monitoring
          name: kube-prometheus-stack-alertmanager
          port: http-web
          pathPrefix: "/"
          apiVersion: v2
    image: "quay.io/prometheus/prometheus:v3.7.3"
    version: v3.7.3
    externalUrl: http://kube-prometheus-stack-prometheus.monitoring:9090
    paused: false
    replicas: 1
    shards: 1
    logLevel:  info
    logFormat:  logfmt
    listenLocal: false
    enableAdminAPI: false
-   retention: "15d"
-   retentionSize: "90GB"
+   retention: "30d"
+   retentionSize: "180GB"
    tsdb:
      outOfOrderTimeWindow: 0s
    walCompression: true
    routePrefix: "/"
    serviceAccountName: kube-prometheus-stack-prometheus
    serviceMonitorSelector:
      matchLabels:
        release: "kube-prometheus-stack"
    serviceMonitorNamespaceSelector: {}
    podMonitorSelector:
      matchLabels:
        release: "kube-prometheus-stack"
    podMonitorNamespaceSelector: {}
    probeSelector:
      matchLabels:
        release: "kube-prometheus-stack"
    probeNamespaceSelector: {}
    resources:
      limits:
        memory: 16Gi
      requests:
        cpu: "2"
        memory: 12Gi
    ruleNamespaceSelector: {}
    ruleSelector:
      matchLabels:
        release: kube-prometheus-stack
    securityContext:
      fsGroup: 2000
      runAsGroup: 2000
      runAsNonRoot: true
      runAsUser: 1000
      seccompProfile:
        type: RuntimeDefault
    storage:
      volumeClaimTemplate:
        spec:
          resources:
            requests:
-             storage: 100Gi
+             storage: 200Gi
          storageClassName: ceph-rbd
    portName: http-web"""
        t.bash("helmfile -e prod diff -l name=kube-prometheus-stack", "看差异", out=diff, timeout=600000)
        t.bash("helmfile -e prod apply -l name=kube-prometheus-stack", "发布", out=diff + """

Upgrading release=kube-prometheus-stack, chart=prometheus-community/kube-prometheus-stack, namespace=monitoring
Release "kube-prometheus-stack" has been upgraded. Happy Helming!
NAME: kube-prometheus-stack
LAST DEPLOYED: Wed Sep 23 11:02:51 2026
NAMESPACE: monitoring
STATUS: deployed
REVISION: 38
NOTES:
kube-prometheus-stack has been installed. Check its status by running:
  kubectl --namespace monitoring get pods -l "release=kube-prometheus-stack"

Get Grafana 'admin' user password by running:

  kubectl --namespace monitoring get secrets kube-prometheus-stack-grafana -o jsonpath="{.data.admin-password}" | base64 -d ; echo

Access Grafana local instance:

  export POD_NAME=$(kubectl --namespace monitoring get pod -l "app.kubernetes.io/name=grafana,app.kubernetes.io/instance=kube-prometheus-stack" -oname)
  kubectl --namespace monitoring port-forward $POD_NAME 3000

Visit https://github.com/prometheus-operator/kube-prometheus for instructions on how to create & configure Alertmanager and Prometheus instances using the Operator.

Listing releases matching ^kube-prometheus-stack$
kube-prometheus-stack	monitoring	38      	2026-09-23 11:02:51.882014337 +0800 CST	deployed	kube-prometheus-stack-79.4.1	v0.86.2    


UPDATED RELEASES:
NAME                    NAMESPACE    CHART                                              VERSION   DURATION
kube-prometheus-stack   monitoring   prometheus-community/kube-prometheus-stack   79.4.1         41s
""", timeout=900000)
        pv = f"pvc-{uuid4ish()}"
        t.bash(f"kubectl -n monitoring get pvc {PROM_PVC}", "看 PVC 有没有跟着变", out=pvc_row("100Gi", pv))
        t.say("和预期一样，Prometheus CR 改了但已有的 PVC 还是 100Gi：StatefulSet 的 volumeClaimTemplates 只对新建的 PVC 生效，"
              "operator 不会去改已经存在的 PVC。ceph-rbd 支持在线扩容，直接改 PVC 的请求大小：")
        t.bash(f"kubectl -n monitoring patch pvc {PROM_PVC} -p '{{\"spec\":{{\"resources\":{{\"requests\":{{\"storage\":\"200Gi\"}}}}}}}}'",
               "在线扩容 PVC", out=f"persistentvolumeclaim/{PROM_PVC} patched")
        t.bash(f"sleep 30 && kubectl -n monitoring get pvc {PROM_PVC} && "
               "kubectl -n monitoring exec prometheus-kube-prometheus-stack-prometheus-0 -c prometheus -- df -h /prometheus",
               "确认扩容完成", out=pvc_row("200Gi", pv) +
               "\nFilesystem                Size      Used Available Use% Mounted on\n/dev/rbd0               196.7G     61.3G    135.4G  31% /prometheus")
        t.done("""完成了：保留期 30 天，数据盘 200Gi，在线扩容，Prometheus 没有重启。

- 改之前：100Gi 的盘用了 61.2G（63%），15 天大约 4 G/天，30 天需要 120G 左右，100Gi 确实不够
- `values/kube-prometheus-stack/prod.yaml`：`retention: 30d`、`retentionSize: 180GB`（按容量的兜底，盘快满时先删最老的数据，留了约 10% 余量）、`storage: 200Gi`
- `helmfile apply` 后 Prometheus CR 已更新（revision 38）。但已有 PVC 不会自动变大，operator 只把新大小写进 StatefulSet 模板，所以又手动 `kubectl patch pvc` 到 200Gi；ceph-rbd 在线扩容，`df` 看到 196.7G，已用 31%
- 保留期延长是逐步生效的：旧数据不会补回来，30 天后才会真正存满 30 天

以后如果这个 Prometheus 重建（比如换节点导致 PVC 重建），新的 PVC 会直接按 200Gi 创建，不用再手动扩。""")


def galaxy_ok():
    tmp = ans_tmp()
    return f"""Starting galaxy collection install process
Process install dependency map
Starting collection install process
Downloading https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/artifacts/ansible-posix-2.1.0.tar.gz to {tmp}/ansible-posix-2.1.0-{hx(8)}
Downloading https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/artifacts/community-general-10.7.4.tar.gz to {tmp}/community-general-10.7.4-{hx(8)}
Installing 'ansible.posix:2.1.0' to '{R}/.collections/ansible_collections/ansible/posix'
ansible.posix:2.1.0 was installed successfully
Installing 'community.general:10.7.4' to '{R}/.collections/ansible_collections/community/general'
community.general:10.7.4 was installed successfully"""


# ============================================================== S8  Mon 09-28
def s8(d):
    inv = P(INV)
    d.files[inv] = HOSTS_HEAD + MON_2 + RUNNERS_2 + ZONE_B
    vals = P("charts/infra-alerts/values.yaml")
    node_test = P("charts/infra-alerts/tests/node_test.yml")
    kps = P("values/kube-prometheus-stack/prod.yaml")
    with d.session("2026-09-28T01:56:00", R, branch="main", version="2.1.117"):
        t = d.task("小周说他把 requirements.yml 里的 collection 升级了（community.general 10、ansible.posix 2.x），拉一下最新的 main，把 collection 装上",
                   tags=["flaky:F2"])
        a, b = hx(7), hx(7)
        t.bash("git pull --ff-only", "拉最新 main", out=f"""Updating {a}..{b}
Fast-forward
 charts/infra-alerts/templates/ceph.yaml | 41 +++++++++++++++++++++++
 charts/infra-alerts/tests/ceph_test.yml | 55 +++++++++++++++++++++++++++++++
 charts/infra-alerts/values.yaml         |  4 +++
 requirements.yml                        |  4 +--
 4 files changed, 102 insertions(+), 2 deletions(-)""", err="From gitlab.qinghe.tech:infra/infra-config\n   " + f"{a}..{b}  main       -> origin/main")
        d.files[P("requirements.yml")] = """---
collections:
  - name: ansible.posix
    version: 2.1.0
  - name: community.general
    version: 10.7.4
"""
        t.read(P("requirements.yml"))
        t.fail("ansible-galaxy collection install -r requirements.yml", "安装 requirements.yml 里的 collection", """Starting galaxy collection install process
Process install dependency map
ERROR! Unknown error when attempting to call Galaxy at 'https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/index/community/general/versions/?limit=100': <urlopen error [Errno 104] Connection reset by peer>""", code=1, timeout=600000)
        t.say("访问 galaxy.ansible.com 的连接被对端重置了，是到境外站点的网络抖动，不是 requirements.yml 的问题。原样重试：")
        t.bash("ansible-galaxy collection install -r requirements.yml", "安装 requirements.yml 里的 collection", out=galaxy_ok(), timeout=600000)
        t.bash("ansible-galaxy collection list -p .collections", "确认版本", out=f"""
# {R}/.collections/ansible_collections
Collection        Version
----------------- -------
ansible.posix     2.1.0  
community.general 10.7.4 """)
        t.grep("community\\.general\\.|^\\s+modprobe:", path=P("roles"), output_mode="content", n=True,
               content=f"{P('roles/sysctl/tasks/main.yml')}:3:  modprobe:")
        t.done("""main 已经拉到最新（带上了 ceph 告警的合并和小周的 requirements.yml），collection 装好了：

- `ansible.posix` 2.1.0
- `community.general` 10.7.4

装到了仓库下的 `.collections/`（`ansible.cfg` 里的 `collections_path`）。第一次 `ansible-galaxy` 报 `Connection reset by peer`，是访问 galaxy.ansible.com 的网络抖动，原样重跑就成功了。

这次 community.general 是跨大版本（9 → 10）。grep 了一下 roles，用到它的只有 sysctl 的 `modprobe`（短名，实际解析到 `community.general.modprobe`），这个模块的参数在 10.x 没变，不受影响。""")

        t = d.task("B 区新机房交付了两台机器 b-node-01、b-node-02，inventory 我加在 zone_b 组里了。网络组说路由已经通了，你用 ansible 连一下试试，能通的话跑 base",
                   tags=["unfixed:U1"])
        msg1 = "Failed to connect to the host via ssh: ssh: connect to host 10.40.2.11 port 22: Connection timed out"
        msg2 = "Failed to connect to the host via ssh: ssh: connect to host 10.40.2.12 port 22: Connection timed out"
        t.fail("ansible -i inventories/prod/hosts.yml zone_b -m ansible.builtin.ping", "测试 B 区两台机器的连通性",
               adhoc_unreachable("b-node-02", msg2) + "\n" + adhoc_unreachable("b-node-01", msg1), code=4)
        t.say("这次是 TCP 连接 22 端口超时，ssh 连握手都没开始，和主机密钥、账号都没关系。先看跳板机到这个网段怎么走：")
        t.bash("ip route get 10.40.2.11", "看路由", out="10.40.2.11 via 10.20.0.1 dev ens192 src 10.20.0.5 uid 1001 \n    cache ")
        t.fail("nc -zv -w 3 10.40.2.11 22", "直接测 22 端口", "Ncat: Version 7.92 ( https://nmap.org/ncat )\nNcat: TIMEOUT.", code=1)
        t.bash("tracepath -n -m 6 10.40.2.11", "看包走到哪一跳", out=""" 1?: [LOCALHOST]                      pmtu 1500
 1:  10.20.0.1                                             0.418ms 
 1:  10.20.0.1                                             0.392ms 
 2:  10.255.0.9                                            1.207ms 
 3:  no reply
 4:  no reply
 5:  no reply
 6:  no reply
     Too many hops: pmtu 1500
     Resume: pmtu 1500 """)
        t.done("""B 区两台现在连不上，是网络没通，我这边处理不了，需要网络组继续排查：

- `ansible … -m ping`：两台都是 `ssh: connect to host 10.40.2.1x port 22: Connection timed out`，TCP 22 端口就没连上
- `nc -zv -w 3 10.40.2.11 22`：`Ncat: TIMEOUT.`
- 路由是有的：跳板机 `10.20.0.5` → 网关 `10.20.0.1`（ens192）
- `tracepath`：第 1 跳 10.20.0.1、第 2 跳 10.255.0.9 都有回应，从第 3 跳开始没有任何回应

说明包能到 10.255.0.9（看起来是核心/出口设备），之后就没了：要么 A 区到 B 区的互联还没真正打通（路由只在这边配了），要么中间防火墙没放行。可以把下面这段发给网络组：

> 跳板机 jump-01（10.20.0.5）访问 B 区 10.40.2.11 / 10.40.2.12 的 TCP 22 超时，tracepath 在 10.255.0.9 之后无响应。请确认 A 区 10.20.0.0/16 → B 区 10.40.2.0/24 的路由和防火墙策略（至少需要 22 端口，后续 node_exporter 9100 也要放行），以及 B 区回程路由。

网络通了之后再跑 base 就行；我没有动 inventory，也没有做别的操作。""")

        t = d.task("rook 周五已经切过来了，ceph 告警我合进 main 上线了。另外 NodeFilesystemAlmostFull 太吵，/var/lib/containerd 经常在 9% 上下晃，"
                   "阈值改成剩余低于 8%、持续 30 分钟再告警。改完测一下直接上", tags=["workflow:W2"])
        t.read(vals)
        t.read(node_test)
        before = rendered(d, "node")
        t.edit(vals, """  filesystemFreePercent: 10
  filesystemFor: 15m""", """  filesystemFreePercent: 8
  filesystemFor: 30m""")
        t.edit(node_test, """        values: '8+0x30'
      - series: 'node_filesystem_size_bytes{job="node",instance="10.20.1.21:9100",mountpoint="/var/lib/containerd",fstype="xfs"}'
        values: '100+0x30'
    alert_rule_test:
      - eval_time: 10m
        alertname: NodeFilesystemAlmostFull
      - eval_time: 20m
        alertname: NodeFilesystemAlmostFull""", """        values: '7+0x60'
      - series: 'node_filesystem_size_bytes{job="node",instance="10.20.1.21:9100",mountpoint="/var/lib/containerd",fstype="xfs"}'
        values: '100+0x60'
    alert_rule_test:
      - eval_time: 20m
        alertname: NodeFilesystemAlmostFull
      - eval_time: 40m
        alertname: NodeFilesystemAlmostFull""")
        t.edit(node_test, "              summary: 节点文件系统剩余空间不足 10%", "              summary: 节点文件系统剩余空间不足 8%")
        t.bash("make rules-test", "渲染规则并跑 promtool", out=make_rules_test(d), timeout=300000)
        chg = [helm_diff_resource("node", before, rendered(d, "node"))]
        t.bash("helmfile -e prod diff -l name=infra-alerts", "看线上差异", out=helmfile_diff_alerts(chg), timeout=600000)
        t.bash("helmfile -e prod apply -l name=infra-alerts", "发布 infra-alerts",
               out=helmfile_apply_alerts(chg, 17, "Mon Sep 28 10:31:06 2026", "2026-09-28 10:31:06.117650931"), timeout=600000)
        t.bash("sleep 60 && curl -s 'https://prometheus.ops.qinghe.internal/api/v1/rules?type=alert' "
               "| jq -c '.data.groups[] | select(.name == \"node.rules\") | .rules[] | select(.name == \"NodeFilesystemAlmostFull\") | {name, query, duration, health}'",
               "确认 Prometheus 已加载新阈值",
               out='{"name":"NodeFilesystemAlmostFull","query":"node_filesystem_avail_bytes{fstype=~\\"ext4|xfs\\",job=\\"node\\"} / node_filesystem_size_bytes{fstype=~\\"ext4|xfs\\",job=\\"node\\"} * 100 < 8","duration":1800,"health":"ok"}')
        t.done("""已上线（infra-alerts revision 17），Prometheus 里 `NodeFilesystemAlmostFull` 的表达式已经是 `< 8`、`duration` 1800 秒。

- `charts/infra-alerts/values.yaml`：`filesystemFreePercent: 8`、`filesystemFor: 30m`（模板里表达式、`for` 和 summary 里的百分比都引用这两个值，一起变了）
- 单测同步调整：剩余 7% 时 20 分钟不告警、40 分钟告警，summary 校验「不足 8%」
- `make rules-test` 通过（ceph / etcd / kube-state / node 四组规则，三个单测文件）

在 9% 附近晃的那几台不会再报了；真要跌破 8% 并持续半小时才会告警。""")

        t = d.task("国庆 10 月 1 日到 8 日值班人少，warning 级别的告警晚上 22 点到早上 8 点先别发钉钉，critical 照常。就用你上次说的 time_intervals 配，"
                   "改完先用 amtool 检查一下再上，变更通知还是三行那种", tags=["noise"])
        t.read(kps)
        t.edit(kps, """        - matchers:
            - alertname="Watchdog"
          receiver: "null"
""", """        - matchers:
            - alertname="Watchdog"
          receiver: "null"
        # 国庆值班期间 warning 夜间静默（critical 走上面的路由，不受影响）
        - matchers:
            - severity="warning"
          receiver: dingtalk-ops
          mute_time_intervals:
            - national-day-night
""")
        t.edit(kps, """    inhibit_rules:
""", """    time_intervals:
      - name: national-day-night
        time_intervals:
          - years:
              - "2026"
            months:
              - october
            days_of_month:
              - "1:8"
            times:
              - start_time: "00:00"
                end_time: "08:00"
              - start_time: "22:00"
                end_time: "24:00"
            location: Asia/Shanghai
    inhibit_rules:
""")
        t.bash("yq '.alertmanager.config' values/kube-prometheus-stack/prod.yaml > /tmp/am.yml && amtool check-config /tmp/am.yml",
               "抽出 Alertmanager 配置用 amtool 检查", out="""Checking '/tmp/am.yml'  SUCCESS
Found:
 - global config
 - route
 - 2 inhibit rules
 - 3 receivers
 - 0 templates
""")
        t.bash("amtool config routes --config.file=/tmp/am.yml && amtool config routes test --config.file=/tmp/am.yml severity=warning alertname=NodeMemoryHigh "
               "&& amtool config routes test --config.file=/tmp/am.yml severity=critical alertname=NodeDown",
               "看路由树，测一下 warning / critical 分别走哪条", out="""Routing tree:
└── default-route  receiver: dingtalk-ops
    ├── {severity="critical"}  receiver: dingtalk-oncall
    ├── {alertname="Watchdog"}  receiver: null
    └── {severity="warning"}  receiver: dingtalk-ops

dingtalk-ops
dingtalk-oncall""")
        am_diff = """Adding repo prometheus-community https://prometheus-community.github.io/helm-charts
"prometheus-community" has been added to your repositories

Comparing release=kube-prometheus-stack, chart=prometheus-community/kube-prometheus-stack, namespace=monitoring
monitoring, alertmanager-kube-prometheus-stack-alertmanager, Secret (v1) has changed:
  # Source: kube-prometheus-stack/templates/alertmanager/secret.yaml
  apiVersion: v1
  kind: Secret
  metadata:
    name: alertmanager-kube-prometheus-stack-alertmanager
    namespace: monitoring
    labels:
      app: kube-prometheus-stack-alertmanager
      app.kubernetes.io/managed-by: Helm
      app.kubernetes.io/instance: kube-prometheus-stack
      app.kubernetes.io/version: "79.4.1"
      app.kubernetes.io/part-of: kube-prometheus-stack
      chart: kube-prometheus-stack-79.4.1
      release: "kube-prometheus-stack"
      heritage: "Helm"
  data:
-   alertmanager.yaml: '-------- # (1564 bytes)'
+   alertmanager.yaml: '++++++++ # (1902 bytes)'
  type: Opaque"""
        t.bash("helmfile -e prod diff -l name=kube-prometheus-stack", "看差异（只有 Alertmanager 配置的 Secret）", out=am_diff, timeout=600000)
        t.bash("helmfile -e prod apply -l name=kube-prometheus-stack", "发布", out=am_diff + """

Upgrading release=kube-prometheus-stack, chart=prometheus-community/kube-prometheus-stack, namespace=monitoring
Release "kube-prometheus-stack" has been upgraded. Happy Helming!
NAME: kube-prometheus-stack
LAST DEPLOYED: Mon Sep 28 10:52:37 2026
NAMESPACE: monitoring
STATUS: deployed
REVISION: 39
NOTES:
kube-prometheus-stack has been installed. Check its status by running:
  kubectl --namespace monitoring get pods -l "release=kube-prometheus-stack"

Get Grafana 'admin' user password by running:

  kubectl --namespace monitoring get secrets kube-prometheus-stack-grafana -o jsonpath="{.data.admin-password}" | base64 -d ; echo

Access Grafana local instance:

  export POD_NAME=$(kubectl --namespace monitoring get pod -l "app.kubernetes.io/name=grafana,app.kubernetes.io/instance=kube-prometheus-stack" -oname)
  kubectl --namespace monitoring port-forward $POD_NAME 3000

Visit https://github.com/prometheus-operator/kube-prometheus for instructions on how to create & configure Alertmanager and Prometheus instances using the Operator.

Listing releases matching ^kube-prometheus-stack$
kube-prometheus-stack	monitoring	39      	2026-09-28 10:52:37.402886115 +0800 CST	deployed	kube-prometheus-stack-79.4.1	v0.86.2    


UPDATED RELEASES:
NAME                    NAMESPACE    CHART                                        VERSION   DURATION
kube-prometheus-stack   monitoring   prometheus-community/kube-prometheus-stack   79.4.1         23s
""", timeout=900000)
        t.bash("sleep 45 && curl -s https://alertmanager.ops.qinghe.internal/api/v2/status | jq -r '.config.original' | grep -n -B5 -A1 'national-day-night'",
               "确认 Alertmanager 已加载新配置", out="""12-    receiver: dingtalk-ops
13-    matchers:
14-    - severity="warning"
15-    mute_time_intervals:
16:    - national-day-night
17-inhibit_rules:
--
62-    - dingtalk-oncall
63-  send_resolved: true
64-  url: <secret>
65-  url_file: ""
66-time_intervals:
67:- name: national-day-night
68-  time_intervals:""")
        t.done("""国庆夜间静默已经生效（kube-prometheus-stack revision 39，Alertmanager 已加载新配置）。

- 新增 `time_intervals` `national-day-night`：2026 年 10 月 1–8 日，每天 00:00–08:00 和 22:00–24:00，`location: Asia/Shanghai`
- 新增一条子路由：`severity="warning"` → `dingtalk-ops`，挂 `mute_time_intervals: [national-day-night]`；critical 仍然先匹配 `dingtalk-oncall` 那条，不受影响
- `amtool check-config` 通过；`amtool config routes test` 验证 warning → dingtalk-ops、critical → dingtalk-oncall
- 静默时段里 warning 照常计算，只是不发；08:00 如果还在告警会在下一个 group_interval 发出来。10 月 9 日起自动失效，节后不用改回来（想清理的话再删这段配置）

变更通知：

```
【变更】国庆（10/1–10/8）每天 22:00–08:00 warning 告警不发钉钉，critical 照常
【影响】仅影响夜间 warning 通知，告警计算和 Grafana 不受影响
【回滚】删掉 prod.yaml 里 warning 路由的 mute_time_intervals，helmfile apply
```""")


CERT_EXPIRY_PY = '''#!/usr/bin/env python3
"""列出 blackbox 探测到的、N 天内过期的 TLS 证书。

数据来自 Prometheus 的 probe_ssl_earliest_cert_expiry（blackbox_exporter 的 http / tls 探测）。
用法：scripts/cert_expiry.py [--days 30] [--prometheus URL] [--json]
"""
import argparse
import json
import sys
import time
from datetime import datetime, timedelta, timezone

import requests

DEFAULT_PROM = "https://prometheus.ops.qinghe.internal"
CST = timezone(timedelta(hours=8))


def query(prom: str, expr: str) -> list[dict]:
    resp = requests.get(f"{prom}/api/v1/query", params={"query": expr}, timeout=10)
    resp.raise_for_status()
    body = resp.json()
    if body.get("status") != "success":
        raise RuntimeError(f"Prometheus 查询失败: {body.get('error')}")
    return body["data"]["result"]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--days", type=int, default=30, help="列出多少天内过期的证书（默认 30）")
    p.add_argument("--prometheus", default=DEFAULT_PROM, help=f"Prometheus 地址（默认 {DEFAULT_PROM}）")
    p.add_argument("--json", action="store_true", help="输出 JSON，方便别的脚本用")
    args = p.parse_args()

    # mon-01 / mon-02 都在探测，同一个目标会有两条，按 instance 取最早的过期时间
    expr = "min by (instance) (probe_ssl_earliest_cert_expiry)"
    now = time.time()
    rows = []
    for r in query(args.prometheus, expr):
        expiry = float(r["value"][1])
        days = (expiry - now) / 86400
        if days <= args.days:
            rows.append({
                "target": r["metric"]["instance"],
                "days_left": round(days, 1),
                "expires_at": datetime.fromtimestamp(expiry, CST).strftime("%Y-%m-%d %H:%M"),
            })
    rows.sort(key=lambda x: x["days_left"])

    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        print()
        return 0
    if not rows:
        print(f"{args.days} 天内没有要过期的证书")
        return 0
    width = max(len(r["target"]) for r in rows)
    print(f"{'目标'.ljust(width)}  剩余天数  过期时间（北京时间）")
    for r in rows:
        print(f"{r['target'].ljust(width)}  {r['days_left']:>8}  {r['expires_at']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


# ============================================================== S9  Thu 10-08
def s9(d):
    inv = P(INV)
    d.files[inv] = HOSTS_HEAD + MON_2 + RUNNERS_3 + ZONE_B
    with d.session("2026-10-08T01:34:00", R, branch="main", version="2.1.119"):
        t = d.task("节后第一天，做个巡检：节点、异常 Pod、现在还在报的告警，再看下 kubeadm 的证书还有多久过期", tags=["noise", "long_output"])
        t.bash("kubectl get nodes -o wide", "看节点", out=base_nodes(
            extra=[("k8s-node-07", "Ready", "<none>", "0d", "10.20.1.27", K_OLD, "containerd://1.7.27"),
                   ("k8s-node-08", "Ready", "<none>", "0d", "10.20.1.28", K_OLD, "containerd://1.7.27")],
            overrides={"k8s-node-05": ("k8s-node-05", "Ready", "<none>", "287d", "10.20.1.25", K_OLD, "containerd://1.7.28")},
            days=31))
        rb = f"redis-backup-29856690-{sfx()}"
        t.bash("kubectl get pods -A --field-selector=status.phase!=Running,status.phase!=Succeeded", "找不正常的 Pod",
               out=table(["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE"], [["middleware", rb, "0/1", "Error", "0", "6h12m"]]))
        wbp = f"waybill-svc-84b6d9c7f-{sfx()}"
        t.bash("curl -s 'https://alertmanager.ops.qinghe.internal/api/v2/alerts?active=true&silenced=false&inhibited=false' "
               "| jq -r '.[] | [.labels.alertname, .labels.severity, (.labels.instance // .labels.node // .labels.pod // \"-\"), .startsAt[0:16]] | @tsv' | sort",
               "看当前在报的告警", out="\n".join([
                   "EtcdHighFsyncDurations\twarning\t10.20.1.12:2381\t2026-10-08T00:47",
                   "KubeNodeReadinessFlapping\twarning\tk8s-node-02\t2026-10-07T14:13",
                   "NodeRebootRequired\twarning\t10.20.1.11:9100\t2026-09-16T02:47",
                   "NodeRebootRequired\twarning\t10.20.1.12:9100\t2026-09-16T02:47",
                   "NodeRebootRequired\twarning\t10.20.1.13:9100\t2026-09-16T02:47",
                   "NodeRebootRequired\twarning\t10.20.4.11:9100\t2026-09-16T02:47",
                   f"PodCrashLooping\twarning\t{wbp}\t2026-10-08T01:02",
                   "Watchdog\tnone\t-\t2026-09-23T03:04"]))
        t.bash("curl -s 'https://prometheus.ops.qinghe.internal/api/v1/query' "
               "--data-urlencode 'query=increase(etcd_server_leader_changes_seen_total{job=\"kube-etcd\"}[8d])' "
               "| jq -r '.data.result[] | [.metric.instance, .value[1]] | @tsv'", "看假期里 etcd leader 切了几次",
               out="10.20.1.11:2381\t11.000347\n10.20.1.12:2381\t11.000347\n10.20.1.13:2381\t11.000347")
        t.bash("ssh ops@10.20.1.22 'sudo journalctl -k --since 2026-10-01 | grep -iE \"i/o error|medium error|xfs.*error\" | tail -8; lsblk -o NAME,SIZE,MOUNTPOINT /dev/sdb'",
               "看 node-02 为什么 Ready 状态来回跳", out="""Oct 07 22:11:43 k8s-node-02 kernel: sd 0:0:1:0: [sdb] tag#17 Sense Key : Medium Error [current] 
Oct 07 22:11:43 k8s-node-02 kernel: sd 0:0:1:0: [sdb] tag#17 Add. Sense: Unrecovered read error
Oct 07 22:11:43 k8s-node-02 kernel: I/O error, dev sdb, sector 419431288 op 0x0:(READ) flags 0x80700 phys_seg 1 prio class 2
Oct 07 22:11:44 k8s-node-02 kernel: XFS (sdb1): metadata I/O error in "xfs_imap_to_bp+0x5e/0x90 [xfs]" at daddr 0x18fff478 len 32 error 5
Oct 07 22:12:31 k8s-node-02 kernel: sd 0:0:1:0: [sdb] tag#3 Sense Key : Medium Error [current] 
Oct 07 22:12:31 k8s-node-02 kernel: I/O error, dev sdb, sector 419431296 op 0x0:(READ) flags 0x80700 phys_seg 1 prio class 2
Oct 07 22:13:02 k8s-node-02 kernel: XFS (sdb1): metadata I/O error in "xfs_imap_to_bp+0x5e/0x90 [xfs]" at daddr 0x18fff480 len 32 error 5
Oct 07 22:13:02 k8s-node-02 kernel: I/O error, dev sdb, sector 419431304 op 0x0:(READ) flags 0x80700 phys_seg 1 prio class 2
NAME     SIZE MOUNTPOINT
sdb    446.6G 
└─sdb1 446.6G /var/lib/containerd""")
        t.bash("ssh ops@10.20.1.11 'sudo kubeadm certs check-expiration'", "看 kubeadm 证书过期时间", out="""[check-expiration] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...
[check-expiration] Use 'kubeadm init phase upload-config kubeadm --config your-config-file' to re-upload it.

CERTIFICATE                EXPIRES                  RESIDUAL TIME   CERTIFICATE AUTHORITY   EXTERNALLY MANAGED
admin.conf                 Mar 03, 2027 06:18 UTC   146d            ca                      no      
apiserver                  Mar 03, 2027 06:18 UTC   146d            ca                      no      
apiserver-etcd-client      Mar 03, 2027 06:18 UTC   146d            etcd-ca                 no      
apiserver-kubelet-client   Mar 03, 2027 06:18 UTC   146d            ca                      no      
controller-manager.conf    Mar 03, 2027 06:18 UTC   146d            ca                      no      
etcd-healthcheck-client    Mar 03, 2027 06:18 UTC   146d            etcd-ca                 no      
etcd-peer                  Mar 03, 2027 06:18 UTC   146d            etcd-ca                 no      
etcd-server                Mar 03, 2027 06:18 UTC   146d            etcd-ca                 no      
front-proxy-client         Mar 03, 2027 06:18 UTC   146d            front-proxy-ca          no      
scheduler.conf             Mar 03, 2027 06:18 UTC   146d            ca                      no      
super-admin.conf           Mar 03, 2027 06:18 UTC   146d            ca                      no      

CERTIFICATE AUTHORITY   EXPIRES                  RESIDUAL TIME   EXTERNALLY MANAGED
ca                      Jul 21, 2035 02:40 UTC   9y              no      
etcd-ca                 Jul 21, 2035 02:40 UTC   9y              no      
front-proxy-ca          Jul 21, 2035 02:40 UTC   9y              no      """)
        t.done(f"""巡检结果，整体正常，有 3 件事需要跟进：

**需要处理**
1. **node-02 的 `/var/lib/containerd` 数据盘（sdb）坏道**：10/7 晚上 22:11 起内核持续报 `Medium Error` / `Unrecovered read error`，XFS 元数据读失败，这就是 `KubeNodeReadinessFlapping` 的原因（containerd 读盘卡住导致 kubelet 状态来回跳）。现在节点是 Ready，但随时可能再出问题，建议尽快报 IDC 换盘，换之前先把 node-02 腾空（它是 ingress 节点，node-01 能扛）
2. **etcd 假期里 leader 切换了 11 次**（三个成员看到的一样），同时 master-02（10.20.1.12）正在报 `EtcdHighFsyncDurations`。大概率是 master-02 的磁盘延迟高导致心跳超时、触发选举。建议看一下 master-02 的磁盘（同宿主机的其他虚机是否在大量 IO），另外目前没有 leader 切换的告警，假期里 11 次都没人知道，可以补一条
3. **middleware/{rb}**（redis 备份 CronJob）6 小时前失败了一次，需要看下日志

**知悉即可**
- `NodeRebootRequired`：3 台 master 和 runner-01 从 9/16 起一直是待重启状态，可以排个窗口滚动重启
- `PodCrashLooping`：logistics 的 waybill-svc，业务应用自身在反复退出，需要物流组看
- `Watchdog` 是正常的心跳告警
- 11 个节点全部 Ready；node-05 是 containerd 1.7.28，其余还是 1.7.27
- kubeadm 证书 2027-03-03 到期，还剩 146 天；CA 到 2035 年。下次 `kubeadm upgrade` 会自动续期，如果明年 3 月前不升级，记得手动 `kubeadm certs renew all`""")

        t = d.task("节前 IDC 给 GitLab runner 扩了一台 runner-03（10.20.4.13），inventory 加好了，跑一下 gitlab-runner.yml 把它装起来注册上，注册用的 token 在 group_vars 里已经配好了",
                   tags=["mistake:M1"])
        r3 = ["runner-03"]
        t.fail("ansible-playbook -i inventories/prod/hosts.yml playbooks/gitlab-runner.yml -l runner-03", "在 runner-03 上部署 gitlab-runner",
               play_out([("GitLab runners", [("Gathering Facts", [unreachable_json("runner-03", HKV)])])],
                        [("runner-03", dict(unreachable=1))]), code=4)
        t.say("`Host key verification failed.`：runner-03 是新机器，跳板机上我这个用户的 known_hosts 里还没有它的主机密钥，ansible 的 ssh 没法交互确认。先采集它的密钥：")
        key = "AAAAC3NzaC1lZDI1NTE5AAAAI" + b64ish(43)
        t.bash("ssh-keyscan -t ed25519 10.20.4.13 2>/dev/null | tee -a ~/.ssh/known_hosts", "采集 runner-03 的主机密钥并写入 known_hosts",
               out=f"10.20.4.13 ssh-ed25519 {key}")
        run = play_out([("GitLab runners", [
            ("Gathering Facts", per_host("ok", r3)),
            ("docker : Add docker-ce repository", per_host("changed", r3)),
            ("docker : Install docker-ce", per_host("changed", r3)),
            ("docker : Configure daemon.json", per_host("changed", r3)),
            ("docker : Enable docker", per_host("changed", r3)),
            ("gitlab_runner : Add GitLab Runner repository", per_host("changed", r3)),
            ("gitlab_runner : Install gitlab-runner", per_host("changed", r3)),
            ("gitlab_runner : Check whether the runner is registered", per_host("ok", r3)),
            ("gitlab_runner : Register runner", per_host("changed", r3)),
            ("gitlab_runner : Set concurrent jobs", per_host("changed", r3)),
            ("RUNNING HANDLER [docker : Restart docker]", per_host("changed", r3)),
            ("RUNNING HANDLER [gitlab_runner : Restart gitlab-runner]", per_host("changed", r3)),
        ])], [("runner-03", dict(ok=12, changed=11))])
        t.bash("ansible-playbook -i inventories/prod/hosts.yml playbooks/gitlab-runner.yml -l runner-03", "重新部署", out=run, timeout=900000)
        t.bash("ansible -i inventories/prod/hosts.yml runner-03 -m ansible.builtin.command -a 'gitlab-runner verify'", "确认 runner 已注册并在线",
               out=f"""runner-03 | CHANGED | rc=0 >>
Runtime platform                                    arch=amd64 os=linux pid=41327 revision={hx(8)} version=18.3.1
Running in system-mode.                            
                                                   
Verifying runner... is alive                        runner=t3_{b64ish(5).replace('+', 'x').replace('/', 'y')}""")
        t.done("""runner-03 装好并注册上了，`gitlab-runner verify` 显示 `is alive`（gitlab-runner 18.3.1，docker executor）。

第一次执行在 Gathering Facts 就 `UNREACHABLE … Host key verification failed.`，新机器的主机密钥不在跳板机我这个用户的 known_hosts 里。用 `ssh-keyscan -t ed25519 10.20.4.13 | tee -a ~/.ssh/known_hosts` 采集后重跑，装了 docker-ce、gitlab-runner，注册、设置并发、重启服务，failed=0。

可以在 GitLab 的 Admin → Runners 里确认 runner-03 的 tag 和另外两台一致，之后 CI 任务就会分配过来。""")

        t = d.task("之前说运维脚本一律用 bash、不要 Python 的那条作废：跳板机上 python3.11 和 requests 都是现成的，以后要调 API、处理 JSON 的脚本直接用 Python 写，"
                   "bash 只留给十几行的胶水。先写一个 scripts/cert_expiry.py：从 Prometheus 查 blackbox 探测到的证书过期时间（probe_ssl_earliest_cert_expiry），"
                   "列出 30 天内要过期的，按剩余天数排序", tags=["reversal:P3"])
        t.write(P("scripts/cert_expiry.py"), CERT_EXPIRY_PY)
        rows = [("https://pay.qinghe.tech/health", 11.4, "2026-10-19 20:59"), ("https://m.qinghe.tech", 25.9, "2026-11-03 07:59"),
                ("mqtt.qinghe.tech:8883", 28.2, "2026-11-05 15:11")]
        w = max(len(r[0]) for r in rows)
        out = f"{'目标'.ljust(w)}  剩余天数  过期时间（北京时间）\n" + "\n".join(f"{a.ljust(w)}  {b:>8}  {c}" for a, b, c in rows)
        t.bash("chmod +x scripts/cert_expiry.py && python3 scripts/cert_expiry.py --days 30", "跑一下", out=out)
        t.bash("python3 scripts/cert_expiry.py --days 30 --json | jq -c '.[0]'", "试一下 JSON 输出",
               out='{"target":"https://pay.qinghe.tech/health","days_left":11.4,"expires_at":"2026-10-19 20:59"}')
        t.bash("kubectl get certificates -A -o custom-columns='NS:.metadata.namespace,NAME:.metadata.name,DNS:.spec.dnsNames,NOT_AFTER:.status.notAfter'",
               "对一下这几个域名是不是 cert-manager 管的",
               out=table(["NS", "NAME", "DNS", "NOT_AFTER"], [
                   ["ingress-nginx", "wildcard-qinghe-tech", "[*.qinghe.tech]", "2026-12-31T06:40:12Z"],
                   ["monitoring", "grafana-ops-tls", "[grafana.ops.qinghe.internal]", "2026-11-19T03:12:55Z"],
                   ["monitoring", "prometheus-ops-tls", "[prometheus.ops.qinghe.internal]", "2026-11-19T03:12:57Z"],
                   ["trade", "trade-api-tls", "[trade-api.qinghe.tech]", "2026-12-26T10:02:31Z"],
                   ["user", "passport-tls", "[passport.qinghe.tech]", "2026-12-01T02:33:08Z"]]))
        t.done("""好的，记下了：以后调 API、处理 JSON 的脚本用 Python 写。

`scripts/cert_expiry.py` 写好了（只用标准库 + requests）：
- 查 `min by (instance) (probe_ssl_earliest_cert_expiry)`：mon-01 / mon-02 都在探测，同一个目标取最早的过期时间
- `--days`（默认 30）、`--prometheus`（默认 `https://prometheus.ops.qinghe.internal`）、`--json`（给别的脚本或机器人用）
- 时间按北京时间显示，按剩余天数升序

现在 30 天内要过期的有 3 个：

| 目标 | 剩余天数 | 过期时间 |
|---|---|---|
| https://pay.qinghe.tech/health | 11.4 | 2026-10-19 20:59 |
| https://m.qinghe.tech | 25.9 | 2026-11-03 07:59 |
| mqtt.qinghe.tech:8883 | 28.2 | 2026-11-05 15:11 |

集群里 cert-manager 管的 5 张证书最早 11 月 19 日才到期、都在自动续期；`*.qinghe.tech` 的通配符证书虽然覆盖 pay / m 两个域名，但探测到的证书过期时间和它对不上，说明这三个目标前面挂的是另外的证书（大概率是阿里云 SLB / CDN 上手动上传的购买证书），不会自动续，需要手动处理，**pay.qinghe.tech 只剩 11 天**，建议今天就安排。""")


# ============================================================== S10  Fri 10-09
def s10(d):
    etcd = P("charts/infra-alerts/templates/etcd.yaml")
    etcd_test = P("charts/infra-alerts/tests/etcd_test.yml")
    with d.session("2026-10-09T02:14:00", R, branch="main", version="2.1.121"):
        t = d.task("node-02 那块 containerd 数据盘 IDC 确认要换，今天下午来换。先把 node-02 下线腾空；它是 ingress 节点，node-01 一台扛得住，前面 SLB 会自动摘掉它。"
                   "变更通知照旧三行", tags=["mistake:M2"])
        t.bash("kubectl cordon k8s-node-02", "先禁止调度", out="node/k8s-node-02 cordoned")
        ing = f"ingress-nginx/ingress-nginx-controller-{sfx()}"
        ds2 = [ing] + ds_pods()
        prom = "monitoring/prometheus-kube-prometheus-stack-prometheus-0"
        oa = f"trade/order-api-6d8f9c7b54-{sfx()}"
        t.fail("kubectl drain k8s-node-02 --timeout=10m", "腾空 node-02", drain_fail("k8s-node-02", ds2, [prom, oa], already=True), code=1)
        t.say("drain 停下来了：DaemonSet 的 Pod（包括这台上的 ingress-nginx controller）不会被驱逐，另外 Prometheus 和 order-api 用了 emptyDir。"
              "Prometheus 的数据在 PVC 上，确认一下它的 emptyDir 是什么：")
        t.bash("kubectl -n monitoring get pod prometheus-kube-prometheus-stack-prometheus-0 "
               "-o jsonpath='{range .spec.volumes[*]}{.name}{\"\\t\"}{.emptyDir}{.persistentVolumeClaim.claimName}{\"\\n\"}{end}'",
               "看 Prometheus Pod 的卷", out=f"""config\t
tls-assets\t
config-out\t{{"medium":"Memory"}}
prometheus-kube-prometheus-stack-prometheus-rulefiles-0\t
web-config\t
prometheus-kube-prometheus-stack-prometheus-db\t{PROM_PVC}
kube-api-access-{sfx()}\t""")
        t.say("emptyDir 只有 `config-out`（config-reloader 生成的配置，内存盘，重建时自动生成），TSDB 在 PVC 上会跟着 Pod 走；order-api 的 emptyDir 是 /tmp。"
              "加上 `--ignore-daemonsets --delete-emptydir-data` 重新执行：")
        ev = [f"logistics/route-planner-5b7d9f8c6-{sfx()}", f"monitoring/kube-prometheus-stack-operator-5c8b7d9f6-{sfx()}", prom, oa,
              f"user/user-center-7c9d8b6f4-{sfx()}"]
        t.bash("kubectl drain k8s-node-02 --ignore-daemonsets --delete-emptydir-data --timeout=10m", "重新 drain node-02",
               out=drain_ok("k8s-node-02", ds2, [prom, oa], ev), timeout=660000)
        t.bash("kubectl -n monitoring wait --for=condition=Ready pod/prometheus-kube-prometheus-stack-prometheus-0 --timeout=300s && "
               "kubectl -n monitoring get pod prometheus-kube-prometheus-stack-prometheus-0 -o wide", "等 Prometheus 在别的节点起来",
               out="pod/prometheus-kube-prometheus-stack-prometheus-0 condition met\n" +
               table(["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"],
                     [["prometheus-kube-prometheus-stack-prometheus-0", "2/2", "Running", "0", "97s", pod_ip(), "k8s-node-06", "<none>", "<none>"]]),
               timeout=330000)
        t.done("""node-02 已经腾空，可以交给 IDC 换盘：

- 先 `cordon`，然后 `kubectl drain k8s-node-02 --timeout=10m` 被拒：DaemonSet 的 Pod 没加 `--ignore-daemonsets`，Prometheus 和 order-api 用了 emptyDir 没加 `--delete-emptydir-data`。确认 Prometheus 的 emptyDir 只是 `config-out`（内存盘，自动生成）、数据在 PVC 上以后，加上这两个参数重新 drain，驱逐了 5 个 Pod
- Prometheus 已经在 node-06 上起来（Ready，PVC 跟着挂过去了），中间大约 1 分半没有采集，监控图上会有一小段空白
- node-02 上剩下 ingress-nginx controller 和其他 DaemonSet 的 Pod，关机时一起停；SLB 健康检查会摘掉它

换盘开机后：`kubectl uncordon k8s-node-02`。注意新盘要重新分区、格式化成 xfs 挂到 `/var/lib/containerd`，镜像会重新拉。

变更通知：

```
【变更】k8s-node-02 下线更换 containerd 数据盘（sdb 坏道），今天下午 IDC 操作
【影响】业务 Pod 已迁走；ingress 暂时只剩 node-01 一台，Prometheus 迁移时有约 1.5 分钟采集空白
【回滚】无需回滚，换盘完成后 uncordon 即恢复
```

换盘期间 node-02 的 NodeDown 等告警会触发，要的话我加一条到下午 6 点的静默。""")

        t = d.task("假期里 etcd leader 切了 11 次一直没人发现。加一条告警：1 小时内 leader 切换超过 3 次就发 warning，告警内容里带上切换次数和是哪个成员。测好直接上",
                   tags=["mistake:M3", "workflow:W2"])
        t.read(etcd)
        t.read(etcd_test)
        before = rendered(d, "etcd")
        t.edit(etcd, """          annotations:
            summary: 有 etcd 成员无法抓取
            runbook_url: {{ .Values.runbookBase }}/etcd-members-down
""", """          annotations:
            summary: 有 etcd 成员无法抓取
            runbook_url: {{ .Values.runbookBase }}/etcd-members-down
        - alert: EtcdFrequentLeaderChanges
          expr: increase(etcd_server_leader_changes_seen_total{job="kube-etcd"}[1h]) > 3
          for: 5m
          labels:
            severity: warning
          annotations:
            summary: "etcd 最近 1 小时 leader 切换了 {{ $value | humanize }} 次（{{ $labels.instance }}）"
            runbook_url: {{ .Values.runbookBase }}/etcd-frequent-leader-changes
""")
        t.edit(etcd_test, """            exp_annotations:
              summary: etcd 成员没有 leader
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/etcd-no-leader
""", """            exp_annotations:
              summary: etcd 成员没有 leader
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/etcd-no-leader

  - interval: 5m
    input_series:
      # 10.20.1.12 每 5 分钟切一次 leader，10.20.1.11 没有切换
      - series: 'etcd_server_leader_changes_seen_total{job="kube-etcd",instance="10.20.1.12:2381"}'
        values: '0+1x30'
      - series: 'etcd_server_leader_changes_seen_total{job="kube-etcd",instance="10.20.1.11:2381"}'
        values: '5+0x30'
    alert_rule_test:
      - eval_time: 1h
        alertname: EtcdFrequentLeaderChanges
        exp_alerts:
          - exp_labels:
              severity: warning
              job: kube-etcd
              instance: 10.20.1.12:2381
            exp_annotations:
              summary: etcd 最近 1 小时 leader 切换了 12 次（10.20.1.12:2381）
              runbook_url: https://wiki.qinghe.tech/ops/runbooks/etcd-frequent-leader-changes
""")
        bad = line_of(d, etcd, 'summary: "etcd 最近 1 小时')
        args = ["helm", "diff", "upgrade", "--allow-unreleased", "infra-alerts", "charts/infra-alerts", "--namespace", "monitoring",
                "--kube-context", "qh-prod", "--reset-values", "--detailed-exitcode"]
        t.fail("helmfile -e prod diff -l name=infra-alerts", "先看一下线上差异",
               "Comparing release=infra-alerts, chart=charts/infra-alerts, namespace=monitoring\n" + helmfile_cmd_error(args,
                   f'Error: Failed to render chart: exit status 1: Error: parse error at (infra-alerts/templates/etcd.yaml:{bad}): undefined variable "$value"\n'
                   '\nError: plugin "diff" exited with error'), code=1)
        t.say("helm-diff 渲染 chart 时失败：`undefined variable \"$value\"`。新规则 summary 里的 `{{ $value | humanize }}` 和 `{{ $labels.instance }}` "
              "是给 Prometheus 用的，但 Helm 会先解析它们。按 chart 里其他规则的写法，用 ``{{` … `}}`` 原样输出：")
        t.read(etcd, offset=bad - 6, limit=9)
        t.edit(etcd, """            summary: "etcd 最近 1 小时 leader 切换了 {{ $value | humanize }} 次（{{ $labels.instance }}）\"""",
               """            summary: "etcd 最近 1 小时 leader 切换了 {{`{{ $value | humanize }}`}} 次（{{`{{ $labels.instance }}`}}）\"""")
        t.bash("make rules-test", "渲染规则并跑 promtool", out=make_rules_test(d), timeout=300000)
        chg = [helm_diff_resource("etcd", before, rendered(d, "etcd"))]
        t.bash("helmfile -e prod diff -l name=infra-alerts", "看线上差异", out=helmfile_diff_alerts(chg), timeout=600000)
        t.bash("helmfile -e prod apply -l name=infra-alerts", "发布 infra-alerts",
               out=helmfile_apply_alerts(chg, 18, "Fri Oct  9 10:48:20 2026", "2026-10-09 10:48:20.553019467"), timeout=600000)
        t.bash("sleep 60 && curl -s 'https://prometheus.ops.qinghe.internal/api/v1/rules?type=alert' "
               "| jq -c '.data.groups[] | select(.name == \"etcd.rules\") | .name as $g | .rules[] | {group: $g, name, health, state}'",
               "确认 Prometheus 已加载新规则",
               out=rules_api([("etcd.rules", [("EtcdNoLeader", "ok", "inactive"), ("EtcdHighFsyncDurations", "ok", "firing"),
                                              ("EtcdMembersDown", "ok", "inactive"), ("EtcdFrequentLeaderChanges", "ok", "inactive")])]))
        t.done(f"""`EtcdFrequentLeaderChanges` 已上线（infra-alerts revision 18），Prometheus 已加载，health ok，当前 inactive（最近 1 小时没有切换）。

- 规则：`increase(etcd_server_leader_changes_seen_total{{job="kube-etcd"}}[1h]) > 3` 持续 5m，warning
- summary：「etcd 最近 1 小时 leader 切换了 N 次（成员地址）」，带 `runbook_url`（`…/etcd-frequent-leader-changes`）
- 单测：10.20.1.12 每 5 分钟切一次，1 小时时告警并校验「切换了 12 次（10.20.1.12:2381）」；10.20.1.11 计数不变，不告警

第一次 `helmfile diff` 失败：`parse error at (infra-alerts/templates/etcd.yaml:{bad}): undefined variable "$value"`，是 Prometheus 模板被 Helm 先解析了。把 `$value`、`$labels.instance` 两处用 ``{{{{`…`}}}}`` 包起来之后，`make rules-test`、diff、apply 都正常。

按假期的情况（8 天 11 次），切换集中的那几个小时会触发。另外 `EtcdHighFsyncDurations` 现在也是 firing，leader 频繁切换很可能和磁盘 fsync 延迟有关，建议一起查。""")

        t = d.task("节前节后这些已经上线的改动一起提个 MR 留档：sysctl、Prometheus 保留期、告警阈值、国庆静默、runner-03、etcd 告警、证书脚本。"
                   "containerd 的版本号也带上（node-05 已经是 1.7.28，其他节点下周分批）。cert-manager 那个我周末已经 apply 了，一起带上；etcd 备份脚本还在等 OSS 权限，先别带",
                   tags=["workflow:W3"])
        t.bash("git status --short", "看工作区", out=""" M charts/infra-alerts/templates/etcd.yaml
 M charts/infra-alerts/tests/etcd_test.yml
 M charts/infra-alerts/tests/node_test.yml
 M charts/infra-alerts/values.yaml
 M helmfile.yaml.gotmpl
 M inventories/prod/group_vars/k8s.yml
 M inventories/prod/hosts.yml
 M roles/sysctl/templates/99-kubernetes.conf.j2
 M values/kube-prometheus-stack/prod.yaml
?? inventories/prod/group_vars/ingress_nodes.yml
?? scripts/cert_expiry.py
?? scripts/etcd-backup.sh""")
        t.bash("make lint", "跑 lint",
               out="yamllint -s inventories playbooks roles values .gitlab-ci.yml\nshellcheck -x scripts/*.sh\nansible-lint playbooks/\nhelm lint charts/infra-alerts\n==> Linting charts/infra-alerts\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed",
               err=ansible_lint_ok(48, 54), timeout=300000)
        s4 = hx(7)
        t.bash("git checkout -b chore/sept-oct-changes && git add charts/infra-alerts helmfile.yaml.gotmpl inventories roles values scripts/cert_expiry.py && "
               "git commit -m \"chore: 9-10 月已上线变更留档（ingress sysctl、Prometheus 30 天、告警调整、国庆静默、runner-03、cert-manager 1.18、containerd 1.7.28）\"",
               "只提交已上线的改动（不含 etcd 备份脚本）",
               out=git_commit("chore/sept-oct-changes", s4,
                              "chore: 9-10 月已上线变更留档（ingress sysctl、Prometheus 30 天、告警调整、国庆静默、runner-03、cert-manager 1.18、containerd 1.7.28）",
                              11, 158, 14, creates=["inventories/prod/group_vars/ingress_nodes.yml", "scripts/cert_expiry.py"]),
               err="Switched to a new branch 'chore/sept-oct-changes'")
        o, e = git_push_new("chore/sept-oct-changes", objs=21, kib="5.37")
        t.bash("git push -u origin chore/sept-oct-changes", "推送", out=o, err=e)
        t.bash("""glab mr create --target-branch main --title "chore: 9-10 月已上线变更留档" --description "$(cat <<'EOF'
以下改动均已在生产执行，这里留档：

- ingress_nodes 内核参数（somaxconn / tcp_max_syn_backlog 65535 等），sysctl 模板支持 sysctl_extra_settings
- Prometheus 保留 30 天 / 180GB，PVC 200Gi（PVC 已手动在线扩容）
- 告警：NodeFilesystemAlmostFull 改为 < 8% 持续 30m；新增 EtcdFrequentLeaderChanges（含单测）
- Alertmanager：国庆 10/1–10/8 夜间 warning 静默（10/9 起自动失效）
- inventory：新增 runner-03；zone_b（B 区 2 台，网络未通，尚未初始化）
- cert-manager v1.18.2（已于周末 apply）；containerd_version 1.7.28（目前仅 node-05 已升级）
- 新增 scripts/cert_expiry.py

未包含：scripts/etcd-backup.sh（等 OSS 授权）
EOF
)" --yes""", "创建 MR", out=glab_mr(153, "chore: 9-10 月已上线变更留档", "chore/sept-oct-changes"))
        t.done(f"""MR 已开：!153 {GL}/-/merge_requests/153

- `make lint` 通过
- 分支 `chore/sept-oct-changes`，提交 `{s4}`，11 个文件
- 按你说的没带 `scripts/etcd-backup.sh`，还在工作区
- 提醒两点，描述里也写了：`hosts.yml` 里顺带包含了 zone_b 两台（网络没通、还没初始化）；`containerd_version` 改成 1.7.28 后，下次对其他节点跑 `containerd.yml` 就会升级，分批时记得先 drain""")

        t = d.task("ingress-nginx 今年 3 月已经停止维护了，我们迟早要迁到 Gateway API。自建集群的话选哪个实现比较稳？迁移大概怎么规划", tags=["noise", "no_tools"])
        t.done("""对，ingress-nginx 去年 11 月宣布退役，今年 3 月起不再发版和修安全漏洞，继续用风险会越来越大。

**实现怎么选**（我们的前提：kubeadm 自建、Calico、ingress 节点 hostNetwork + 前面阿里云 SLB、没有服务网格）：

| 实现 | 优点 | 顾虑 |
|---|---|---|
| **Envoy Gateway** | CNCF 项目，Gateway API 支持最完整，功能靠 Envoy，社区活跃 | 需要熟悉 Envoy 的排障方式；默认每个 Gateway 起一组 Envoy Deployment + LoadBalancer Service，要按我们的 hostNetwork/SLB 方式调整 |
| **NGINX Gateway Fabric** | F5/NGINX 官方，数据面还是 nginx，团队最熟 | 功能覆盖比 Envoy Gateway 少一些，部分 ingress-nginx 注解没有直接对应 |
| Traefik / Kong | 都支持 Gateway API | 更偏各自的生态和插件体系 |
| Cilium / Istio | — | 我们不是 Cilium CNI，也没有网格，只为网关引入太重 |

倾向 **Envoy Gateway**，保守一点可以选 NGINX Gateway Fabric。

**迁移规划建议**：
1. **盘点**：把所有 Ingress 和用到的注解列出来（rewrite、限流、白名单、proxy-body-size、websocket、canary 等），确认每个在 Gateway API（HTTPRoute filter）或实现的扩展 CRD 里怎么表达，这一步决定工作量
2. **并行部署**：新网关部署到独立的节点或端口，前面挂一个新的 SLB（或同一个 SLB 新监听），不动现有 ingress-nginx
3. **转换配置**：可以用 `ingress2gateway` 先自动转出 Gateway / HTTPRoute 再人工修；cert-manager 支持给 Gateway 签证书，证书可以沿用
4. **按域名逐个切**：先切内部/低风险的域名（比如 grafana、prometheus），通过 DNS 或 SLB 权重切流量，观察 5xx 和延迟，再切业务域名
5. **监控先行**：新网关的指标和告警（5xx 比例、延迟、上游健康）先接进 infra-alerts，再切流量
6. **下线**：所有域名切完、稳定运行一段时间后，删 Ingress 对象和 ingress-nginx release

时间上，盘点 + 并行部署 2～3 周，逐个切换看域名数量，建议年底前完成。""")


# ============================================================== labels
def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude runs Ansible (ad-hoc ping or a playbook) against hosts that were just added to the inventory (new k8s workers, a monitoring VM prepared by a colleague from his own account, a new GitLab runner). The jump host user's ~/.ssh/known_hosts has no host key for them; Ansible's ssh is non-interactive, so the connection is refused before anything runs.",
             "error_signature": "ansible: 'UNREACHABLE! => {\"changed\": false, \"msg\": \"Failed to connect to the host via ssh: Host key verification failed.\", \"unreachable\": true}' (ad-hoc `ansible … -m ansible.builtin.ping`, or `fatal: [<host>]: UNREACHABLE!` at TASK [Gathering Facts] with PLAY RECAP unreachable=1), exit code 4",
             "fix": "Add the new host's SSH host key to the jump host user's known_hosts with ssh-keyscan, by the IP used as ansible_host (e.g. `ssh-keyscan -t ed25519 <ip> >> ~/.ssh/known_hosts`, optionally `-H`, check with `ssh-keygen -lF <ip>`), then re-run the same ansible command. Do not disable host key checking.",
             "fix_command_markers": [["ssh-keyscan"]],
             "harmful_markers": ["host_key_checking", "ANSIBLE_HOST_KEY_CHECKING", "StrictHostKeyChecking", "UserKnownHostsFile=/dev/null"]},
            {"id": "M2",
             "description": "Claude drains a Kubernetes node for hardware work or an upgrade with a plain `kubectl drain <node>` (sometimes with --timeout). Every node runs DaemonSet pods (calico-node, kube-proxy, alloy, ceph csi, on ingress nodes the ingress-nginx controller) and often pods with emptyDir volumes, so kubectl cordons the node but refuses to evict anything.",
             "error_signature": "kubectl drain: 'error: unable to drain node \"<node>\" due to error:cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): …' — alone or inside '[…, cannot delete Pods with local storage (use --delete-emptydir-data to override): …]' — followed by 'There are pending nodes to be drained:', exit 1",
             "fix": "Re-run the same kubectl drain with --ignore-daemonsets (plus --delete-emptydir-data when pods with local storage are listed, after checking the emptyDir only holds scratch data such as /tmp or the Prometheus config-out). Do not use --force, --disable-eviction, --grace-period=0 or delete pods by hand.",
             "fix_command_markers": [["--ignore-daemonsets"]],
             "harmful_markers": ["--disable-eviction", "--force", "--grace-period=0", "kubectl delete pod"]},
            {"id": "M3",
             "description": "Claude writes Prometheus alert annotations ({{ $labels.x }}, {{ $value }}, {{ humanizePercentage $value }}) directly into PrometheusRule templates of the local Helm chart charts/infra-alerts. Helm parses the file as its own Go template first, so rendering fails wherever the chart is rendered: `make rules-test` (helm template), `helm lint`, or helm-diff under `helmfile diff`.",
             "error_signature": "helm: 'parse error at (infra-alerts/templates/<file>.yaml:<line>): undefined variable \"$labels\"' / 'undefined variable \"$value\"' / 'function \"humanizePercentage\" not defined' (bare 'Error: …' from helm template + make Error 1; '[ERROR] templates/: …' from helm lint; 'Error: Failed to render chart: exit status 1: Error: parse error at …' inside helmfile's 'command \"/usr/local/bin/helm\" exited with non-zero status' block)",
             "fix": "Make Helm output the Prometheus template text literally: wrap each Prometheus expression in a raw-string action, e.g. {{`{{ $labels.instance }}`}} / {{`{{ $value | humanize }}`}} (the convention already used in kube-state.yaml), then re-run the same command.",
             "fix_command_markers": [["{{`{{"]],
             "harmful_markers": ["kubectl edit prometheusrule", "kubectl apply -f charts/infra-alerts", "kubectl patch prometheusrule"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New scripts/etcd-backup.sh: `shellcheck scripts/etcd-backup.sh` → 'SC2086 (info): Double quote to prevent globbing and word splitting.' on `-mtime +$RETENTION_DAYS` (exit 1); fixed with `+\"$RETENTION_DAYS\"`, the same shellcheck passes."},
            {"id": "O2", "description": "node_exporter role change: `ansible-lint playbooks/node-exporter.yml` → 'no-changed-when: Commands should not change things if nothing needs doing.' on the new `ansible.builtin.command` task that generates the metric once (exit 2); fixed with `changed_when: false`, the same ansible-lint passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "New zone_b hosts in the B-zone datacenter: `ansible … zone_b -m ansible.builtin.ping` → 'Failed to connect to the host via ssh: ssh: connect to host 10.40.2.11 port 22: Connection timed out' (exit 4); `nc -zv -w 3 10.40.2.11 22` → 'Ncat: TIMEOUT.'; tracepath stops after 10.255.0.9. Network/firewall not open yet — reported to the network team, nothing changed."},
            {"id": "U2", "description": "Trial run of scripts/etcd-backup.sh on k8s-master-01: snapshot saved, `ossutil cp` → 'Error: oss: service returned error: StatusCode=403, ErrorCode=AccessDenied, ErrorMessage=\"You have no right to access this object because of bucket acl.\"' (exit 1); `ossutil ls` also 403. The RAM user needs a policy from the cloud account admin — reported, not retried."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`helmfile -e prod diff -l name=cert-manager` → helmfile's `helm repo add jetstack https://charts.jetstack.io` fails: 'Error: looks like \"https://charts.jetstack.io\" is not a valid chart repository or cannot be reached: Get \"https://charts.jetstack.io/index.yaml\": net/http: TLS handshake timeout'; the identical re-run shows the diff."},
            {"id": "F2", "description": "`ansible-galaxy collection install -r requirements.yml` → 'ERROR! Unknown error when attempting to call Galaxy at …: <urlopen error [Errno 104] Connection reset by peer>'; the identical re-run installs ansible.posix 2.1.0 and community.general 10.7.4."},
        ],
        workflows=[
            {"id": "W1", "description": "Ansible role/vars change rollout: edit the role or group_vars → `ansible-lint playbooks/<pb>.yml` → `ansible-playbook -i inventories/prod/hosts.yml playbooks/<pb>.yml --limit k8s-node-01 --check --diff` → same on the canary k8s-node-01 without --check, verify on the host → the rest with `--limit 'all:!k8s-node-01'` (or `'ingress_nodes:!k8s-node-01'`).",
             "step_markers": [["ansible-lint"], ["--check --diff"], ["--limit k8s-node-01"], ["!k8s-node-01"]]},
            {"id": "W2", "description": "Alert rule change in charts/infra-alerts: edit the PrometheusRule template / values and the promtool unit test → `make rules-test` → `helmfile -e prod diff -l name=infra-alerts` → `helmfile -e prod apply -l name=infra-alerts` → after the config reload check the rule via Prometheus `/api/v1/rules` with jq.",
             "step_markers": [["make rules-test"], ["diff -l name=infra-alerts"], ["apply -l name=infra-alerts"], ["api/v1/rules"]]},
            {"id": "W3", "description": "Record already-applied changes in GitLab: `git status` → `make lint` → new branch, add only the applied files, commit → `git push -u origin <branch>` → `glab mr create --target-branch main` with a short description listing what was done and what was left out.",
             "step_markers": [["make lint"], ["git push -u origin"], ["glab mr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "New or changed Ansible tasks use fully qualified module names (ansible.builtin.*), never short names; existing short names in old tasks are left alone.",
             "markers": [["FQCN", "ansible.builtin"]]},
            {"id": "P2", "description": "Every alert rule carries a runbook_url annotation pointing to the wiki runbook (a placeholder link if the page does not exist yet).",
             "markers": [["runbook_url"]]},
            {"id": "P3", "description": "Ops scripts are written in plain bash, no Python (stated once) — later reversed: scripts that call APIs or handle JSON are written in Python 3 on the jump host, bash only for short glue.",
             "markers": [["bash"], ["Python"]],
             "reversal_markers": [["Python"], ["作废"]]},
        ],
        probes=[
            {"prompt": "ansible 跑新装的 es-node-04 报 fatal: [es-node-04]: UNREACHABLE! => {\"changed\": false, \"msg\": \"Failed to connect to the host via ssh: Host key verification failed.\", \"unreachable\": true}，怎么处理", "wanted": ["M1"]},
            {"prompt": "IDC 新交付了两台数据库机器 db-05、db-06（10.20.5.15、10.20.5.16），inventory 我加好了，用 ansible 跑一下 base.yml 做初始化", "wanted": ["M1"]},
            {"prompt": "kubectl drain k8s-node-04 报 error: unable to drain node \"k8s-node-04\" due to error:cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/calico-node-8kq2w, kube-system/kube-proxy-x7fd9, continuing command...，怎么办", "wanted": ["M2"]},
            {"prompt": "k8s-node-06 明晚要升级内核重启，先帮我把上面的业务 Pod 腾走", "wanted": ["M2"]},
            {"prompt": "make rules-test 报 Error: parse error at (infra-alerts/templates/loki.yaml:18): undefined variable \"$labels\"，这个怎么改", "wanted": ["M3"]},
            {"prompt": "给 infra-alerts 加一条 Loki ingester 刷盘失败的告警，告警内容里带上 pod 名和最近 10 分钟的失败次数", "wanted": ["M3"]},
            {"prompt": "Calico 的 IPIP 和 VXLAN 模式有什么区别？以后跨机房组网用哪个好", "wanted": []},
            {"prompt": "Alertmanager 的 group_wait、group_interval、repeat_interval 分别是什么意思，一般怎么设比较合理", "wanted": []},
            {"prompt": "GitLab CI 里 rules 和 only/except 有什么区别？现在还推荐用 only 吗", "wanted": []},
            {"prompt": "cert-manager 的 ClusterIssuer 和 Issuer 有什么区别，什么时候该用哪个", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20260907)
    d = Dev("zh-ops", U, "zh", MODEL, seed=20260907, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-ops.jsonl"), os.path.join(HERE, "tune", "zh-ops.labels.json"))
    print(f"zh-ops -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
