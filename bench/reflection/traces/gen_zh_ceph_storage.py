"""zh-ceph-storage: 罗建 (Luo Jian), storage operations engineer at 蜀云视讯 (Shuyun Video Cloud, Chengdu).

Stack: Ceph Reef 18.2.4 deployed with cephadm (cluster `syv-prod`, 3 mon/mgr hosts, 8 -> 10 OSD hosts, 2 -> 3 RGW
hosts), `ceph -s`, `ceph orch`, OSD replacement, rbd clients on transcode nodes, CephFS, radosgw S3 buckets tested
with s3cmd and `aws s3 --endpoint-url`, Ansible playbooks for the hosts (Rocky Linux 9), Prometheus rules checked
with promtool, smartctl, kernel upgrades. Prompts and replies in Chinese, tool output as printed.
cwd /home/luojian/storage-ops on the admin host ceph-adm01.

Written blind for fresh/; measured once held out (round 36), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_ceph_storage.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "luojian"
R = "/home/luojian/storage-ops"
MODEL = "claude-opus-4-6"
FSID = "6b1f3c2e-8a4d-11ef-9c21-3cecef5a7d10"
RGW = "http://rgw.syv.local"

SIG1 = "This command has to be run under the root user."
SIG2 = "auth: unable to find a keyring on /etc/ceph/ceph.client.admin.keyring"
SIG3 = "Please make sure that the host is reachable and accepts connections using the cephadm SSH key"


def P(rel):
    return f"{R}/{rel}"


README = P("README.md")
INV = P("inventory/hosts.ini")
KPB = P("playbooks/kernel-upgrade.yml")
KEYPB = P("playbooks/cephadm-ssh-key.yml")
PREP = P("playbooks/host-prep.yml")
RULES = P("rules/ceph-custom.rules.yml")
RTEST = P("tests/ceph-custom_test.yml")
USAGE = P("scripts/rgw_usage_report.py")
TENANTS = P("docs/rgw-tenants.md")
SPEC = P("specs/osd-hdd.yaml")

README_TXT = """# storage-ops

蜀云视讯存储组运维仓库（ceph-adm01:/home/luojian/storage-ops）。

- 集群：syv-prod，Ceph Reef 18.2.4，cephadm 部署，fsid 6b1f3c2e-8a4d-11ef-9c21-3cecef5a7d10
- mon/mgr：ceph-mon01-03；OSD：ceph-osd01-08（每台 12 x 16TB HDD + 2 x 3.84TB NVMe 做 DB/WAL）；RGW：ceph-rgw01-02
- 池：vod-origin.rgw.buckets.data（EC 4+2）、vod-rbd（3 副本，转码节点缓存盘）、cephfs_media_data / cephfs_media_meta
- 客户端：转码节点 tc-node01-12 用 client.transcode（rbd），媒资 NAS 网关 mfs-gw01 用 client.mediafs（CephFS）

## 目录

- inventory/      ansible 主机清单
- playbooks/      主机初始化、内核升级、cephadm 公钥分发
- specs/          ceph orch 的 service spec
- rules/ tests/   Prometheus 自定义告警规则和 promtool 单测
- scripts/        巡检、RGW 用量报表
- docs/           RGW 租户台账等
- changelog/      变更记录（每次变更一个文件）
"""

INV_TXT = """[mons]
ceph-mon01 ansible_host=10.40.1.11
ceph-mon02 ansible_host=10.40.1.12
ceph-mon03 ansible_host=10.40.1.13

[osds]
ceph-osd01 ansible_host=10.40.2.21
ceph-osd02 ansible_host=10.40.2.22
ceph-osd03 ansible_host=10.40.2.23
ceph-osd04 ansible_host=10.40.2.24
ceph-osd05 ansible_host=10.40.2.25
ceph-osd06 ansible_host=10.40.2.26
ceph-osd07 ansible_host=10.40.2.27
ceph-osd08 ansible_host=10.40.2.28

[rgws]
ceph-rgw01 ansible_host=10.40.3.31
ceph-rgw02 ansible_host=10.40.3.32

[transcode]
tc-node[01:12] ansible_host_prefix=10.40.8.

[all:vars]
ansible_user=ops
"""

KPB_TXT = """---
# 单台滚动升级内核：先在 ceph 侧 set-group noout，再跑本剧本，最后 unset
- name: kernel upgrade (one host at a time)
  hosts: all
  serial: 1
  become: true
  tasks:
    - name: upgrade kernel packages
      ansible.builtin.dnf:
        name:
          - kernel
          - kernel-core
          - kernel-modules
        state: latest
      register: kernel_up

    - name: reboot into the new kernel
      ansible.builtin.reboot:
        reboot_timeout: 900
      when: kernel_up.changed

    - name: show running kernel
      ansible.builtin.command: uname -r
      register: uname_r
      changed_when: false

    - ansible.builtin.debug:
        var: uname_r.stdout
"""

KEYPB_TXT = """---
# 把 cephadm 的 SSH 公钥放进新主机 root 的 authorized_keys（root 不允许密码登录）
# 用法：ceph cephadm get-pub-key > /tmp/ceph.pub
#       ansible-playbook -i inventory/hosts.ini playbooks/cephadm-ssh-key.yml -l <host> -e pubkey_file=/tmp/ceph.pub
- name: distribute cephadm ssh key
  hosts: all
  become: true
  tasks:
    - name: authorized_keys for root
      ansible.posix.authorized_key:
        user: root
        key: "{{ lookup('file', pubkey_file) }}"
        state: present
"""

PREP_TXT = """---
- name: ceph host prep (Rocky 9)
  hosts: all
  become: true
  tasks:
    - name: base packages
      ansible.builtin.dnf:
        name: [podman, lvm2, chrony, python3, jq]
        state: present
    - name: chronyd
      ansible.builtin.service:
        name: chronyd
        state: started
        enabled: true
"""

RULES_TXT = """groups:
  - name: syv-ceph-custom
    rules:
      - alert: CephOSDHostDown
        expr: count by (hostname) (ceph_osd_up * on (ceph_daemon) group_left (hostname) ceph_osd_metadata == 0) >= 3
        for: 5m
        labels:
          severity: critical
        annotations:
          summary: "{{ $labels.hostname }} 上 {{ $value }} 个 OSD down"
      - alert: CephPGsDegradedLong
        expr: ceph_pg_degraded > 0
        for: 30m
        labels:
          severity: warning
        annotations:
          summary: "degraded PG 持续 30 分钟: {{ $value }}"
      - alert: CephRGWBucketsPoolHigh
        expr: ceph_pool_percent_used{name="vod-origin.rgw.buckets.data"} > 0.75
        for: 15m
        labels:
          severity: warning
        annotations:
          summary: "vod-origin 数据池使用率 {{ $value | humanizePercentage }}"
"""

RTEST_TXT = """rule_files:
  - ../rules/ceph-custom.rules.yml

evaluation_interval: 1m

tests:
  - interval: 1m
    input_series:
      - series: 'ceph_pg_degraded'
        values: '0 5x40'
    alert_rule_test:
      - eval_time: 35m
        alertname: CephPGsDegradedLong
        exp_alerts:
          - exp_labels:
              severity: warning
            exp_annotations:
              summary: "degraded PG 持续 30 分钟: 5"
"""

USAGE_TXT = """#!/usr/bin/env python3
\"\"\"每周 RGW 用量报表：按 bucket 输出对象数和容量（TiB），给业务方对账用。\"\"\"
import json
import subprocess
import sys

TIB = 1024 ** 4


def bucket_stats():
    out = subprocess.run(["radosgw-admin", "bucket", "stats"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    rows = []
    for b in bucket_stats():
        main_usage = b["usage"]["rgw.main"]
        rows.append((b["owner"], b["bucket"], main_usage["num_objects"], main_usage["size_actual"] / TIB))
    rows.sort(key=lambda r: r[3], reverse=True)
    print(f"{'owner':<16}{'bucket':<24}{'objects':>14}{'TiB':>10}")
    for owner, bucket, n, tib in rows:
        print(f"{owner:<16}{bucket:<24}{n:>14,}{tib:>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
"""

TENANTS_TXT = """# RGW 租户台账

| 用户 | 业务 | bucket | 用户配额 | 负责人 | 开通日期 |
|---|---|---|---|---|---|
| vod-origin | 点播源站 | vod-origin-* | 600 TiB | 点播组 周航 | 2025-03-11 |
| ugc-team | UGC 上传 | ugc-upload | 80 TiB | UGC 组 沈佳 | 2025-09-02 |
"""

SPEC_TXT = """service_type: osd
service_id: hdd-with-nvme-db
placement:
  label: osd
spec:
  data_devices:
    rotational: 1
  db_devices:
    rotational: 0
  osds_per_device: 1
"""

FILES = {README: README_TXT, INV: INV_TXT, KPB: KPB_TXT, KEYPB: KEYPB_TXT, PREP: PREP_TXT, RULES: RULES_TXT,
         RTEST: RTEST_TXT, USAGE: USAGE_TXT, TENANTS: TENANTS_TXT, SPEC: SPEC_TXT}


# ---------------------------------------------------------------- output helpers
def stars(title):
    return title + " " + "*" * max(3, 79 - len(title) - 1)


def recap(hosts, ok, changed, failed=0):
    return "\n".join(f"{h:<27}: ok={ok:<4} changed={changed:<4} unreachable=0    failed={failed:<4} skipped=0    "
                     f"rescued=0    ignored=0" for h in hosts)


def play(name, hosts, tasks, failed_at=None, fail_msg=None):
    """tasks: list of (task name, status per host 'ok'|'changed'|'skipping')."""
    out = ["", stars(f"PLAY [{name}]"), "", stars("TASK [Gathering Facts]")]
    out += [f"ok: [{h}]" for h in hosts]
    ok = 1
    changed = 0
    for i, (tname, st) in enumerate(tasks):
        out += ["", stars(f"TASK [{tname}]")]
        if failed_at == i:
            out += [f"fatal: [{h}]: FAILED! => {fail_msg}" for h in hosts]
            out += ["", stars("NO MORE HOSTS LEFT")]
            break
        out += [f"{st}: [{h}]" for h in hosts]
        if st in ("ok", "changed"):
            ok += 1
        if st == "changed":
            changed += 1
    out += ["", stars("PLAY RECAP")]
    out.append(recap(hosts, ok, changed, 1 if failed_at is not None else 0))
    return "\n".join(out)


def dnf_fail():
    return '{"changed": false, "msg": "' + SIG1 + '", "results": []}'


def keyring_err(ts, thread, reg, tail):
    kr = "/etc/ceph/ceph.client.admin.keyring,/etc/ceph/ceph.keyring,/etc/ceph/keyring,/etc/ceph/keyring.bin"
    return (f"{ts} {thread} -1 auth: unable to find a keyring on {kr}: (2) No such file or directory\n"
            f"{ts} {thread} -1 AuthRegistry({reg}) no keyring found at {kr}, disabling cephx\n"
            f"{ts} {thread} -1 auth: unable to find a keyring on {kr}: (2) No such file or directory\n"
            f"{ts} {thread} -1 AuthRegistry(0x7ffd3b2e81a0) no keyring found at {kr}, disabling cephx\n"
            f"{tail}")


def host_add_fail(host, ip, local_port):
    return f"""Error EINVAL: Failed to connect to {host} ({ip}). Permission denied
Log: Opening SSH connection to {ip}, port 22
[conn=0] Connected to SSH server at {ip}, port 22
[conn=0]   Local address: 10.40.1.11, port {local_port}
[conn=0]   Peer address: {ip}, port 22
[conn=0] Beginning auth for user root
[conn=0] Auth failed for user root
[conn=0] Connection failure: Permission denied
[conn=0] Aborting connection

{SIG3}

To add the cephadm SSH key to the host:
> ceph cephadm get-pub-key > ~/ceph.pub
> ssh-copy-id -f -i ~/ceph.pub root@{ip}

To check that the host is reachable open a new shell with the --no-hosts flag:
> cephadm shell --no-hosts

Then run the following:
> ceph cephadm get-ssh-config > ssh_config
> ceph config-key get mgr/cephadm/ssh_identity_key > ~/cephadm_private_key
> chmod 0600 ~/cephadm_private_key
> ssh -F ssh_config -i ~/cephadm_private_key root@{ip}"""


def ceph_s(health="HEALTH_OK", osd="96 osds: 96 up (since 2d), 96 in (since 2w)", pgs="2337 active+clean",
           extra_health="", mgr="ceph-mon01.xkqzpa(active, since 3w), standbys: ceph-mon02.bnvtfh, ceph-mon03.qlzrwe",
           hosts_rgw="2 daemons active (2 hosts, 1 zones)", usage="902 TiB used, 498 TiB / 1.4 PiB avail",
           io="client:   1.4 GiB/s rd, 388 MiB/s wr, 4.12k op/s rd, 1.73k op/s wr"):
    hl = f"    health: {health}\n" + (extra_health + "\n" if extra_health else "")
    return f"""  cluster:
    id:     {FSID}
{hl} 
  services:
    mon: 3 daemons, quorum ceph-mon01,ceph-mon02,ceph-mon03 (age 3w)
    mgr: {mgr}
    mds: 1/1 daemons up, 1 hot standby
    osd: {osd}
    rgw: {hosts_rgw}
 
  data:
    volumes: 1/1 healthy
    pools:   11 pools, 2337 pgs
    objects: 418.62M objects, 598 TiB
    usage:   {usage}
    pgs:     {pgs}
 
  io:
    {io}
"""


def smart_ok_lines(model, serial, realloc, pending, unc, result="PASSED"):
    return f"""Device Model:     {model}
Serial Number:    {serial}
SMART overall-health self-assessment test result: {result}
  5 Reallocated_Sector_Ct   0x0033   {100 - realloc // 40:03d}   {100 - realloc // 40:03d}   010    Pre-fail  Always       -       {realloc}
197 Current_Pending_Sector  0x0012   100   100   000    Old_age   Always       -       {pending}
198 Offline_Uncorrectable   0x0010   100   100   000    Old_age   Offline      -       {unc}"""


def osd_replace(t, osd, host, dev, model, serial, realloc, pending, unc, profile, date, pgs, ts):
    """W1: smartctl -> mclock profile -> orch osd rm --replace -> rm status -> changelog."""
    t.bash(f"ssh {host} 'sudo smartctl -H -A /dev/{dev}' | grep -E 'Model|Serial|result|Reallocated|Pending|Uncorrect'",
           f"看 {host} /dev/{dev} 的 SMART", out=smart_ok_lines(model, serial, realloc, pending, unc))
    t.bash(f"ceph device ls-by-host {host} | grep {dev}", f"确认 {dev} 对应的 OSD",
           out=f"ST16000NM001G-2KK103_{serial}  {dev}  osd.{osd}")
    t.bash(f"ceph config set osd osd_mclock_profile {profile} && ceph config get osd osd_mclock_profile",
           f"恢复期间 mclock profile 设为 {profile}", out=profile)
    t.bash(f"ceph orch osd rm {osd} --replace", f"osd.{osd} 标记 destroyed 并排空（保留 id 给新盘）",
           out="Scheduled OSD(s) for removal.")
    t.bash("ceph orch osd rm status", "看排空进度", out=f"""OSD  HOST        STATE     PGS  REPLACE  FORCE  ZAP    DRAIN STARTED AT
{osd:<4} {host}  draining  {pgs:<4} True     False  False  {ts}""")
    t.write(P(f"changelog/{date}-osd.{osd}-replace.md"), f"""# {date} 更换 osd.{osd}（{host} /dev/{dev}）

- 原因：SMART Reallocated {realloc} / Pending {pending} / Offline_Uncorrectable {unc}
- 盘：{model} SN {serial}
- 操作：`ceph config set osd osd_mclock_profile {profile}` → `ceph orch osd rm {osd} --replace`
- 排空开始：{ts}，待迁 PG {pgs}
- 后续：机房换盘后 cephadm 按 specs/osd-hdd.yaml 自动建 OSD（沿用 id {osd}），恢复完把 mclock profile 改回 balanced
""")


MGR2 = "ceph-mon02.bnvtfh(active, since {}), standbys: ceph-mon03.qlzrwe, ceph-mon01.xkqzpa"


def kernel_upgrade(t, host, old, new, n=108, mgr=None, rgw=None):
    """W2: set-group noout -> kernel-upgrade.yml -> ceph -s -> unset-group."""
    t.bash(f"ceph osd set-group noout {host}", f"{host} 上的 OSD 设 noout", out="")
    tasks = [("upgrade kernel packages", "changed"), ("reboot into the new kernel", "changed"),
             ("show running kernel", "ok")]
    out = play("kernel upgrade (one host at a time)", [host], tasks)
    out = out.replace(f"ok: [{host}]\n\n" + stars("PLAY RECAP"),
                      f"ok: [{host}]\n\n" + stars("TASK [ansible.builtin.debug]") + f"\nok: [{host}] => {{\n    \"uname_r.stdout\": \"{new}\"\n}}\n\n" + stars("PLAY RECAP"))
    t.bash(f"ansible-playbook -i inventory/hosts.ini playbooks/kernel-upgrade.yml -l {host}",
           f"{host} 升级内核并重启", out=out.replace("ok=4 ", "ok=5 "), timeout=1800000)
    t.bash("sleep 120; ceph -s | sed -n '1,20p'", "等 OSD 回来后看集群状态", out=ceph_s(
        health="HEALTH_WARN", extra_health=f"            noout flag(s) set on 1 host(s)",
        osd=f"{n} osds: {n} up (since 74s), {n} in (since 2w)", pgs="2337 active+clean",
        **({"mgr": mgr} if mgr else {}), **({"hosts_rgw": rgw} if rgw else {})))
    t.bash(f"ceph osd unset-group noout {host} && ceph health", f"取消 {host} 的 noout", out="HEALTH_OK")
    return old


def rgw_tenant(t, uid, name, bucket, quota_tib, profile):
    """W3: user create -> quota set/enable -> s3cmd mb -> aws s3 cp --endpoint-url -> docs/rgw-tenants.md."""
    ak = {"vod-packager": "K7Q2M9XW4ZC1RB8TN5LE", "live-replay": "P3HV6DJ0QY2KX8MF1SAN",
          "sv-transcode": "Z9LC4TB7NW1QE5XR3GHD"}[uid]
    sk = {"vod-packager": "c1Hx9PzQ2kR7vYbN0sTqW4mLfE8aJdG6uK3oViZr",
          "live-replay": "qW8eR3tY6uI1oP5aS9dF2gH7jK0lZ4xC6vB3nM8m",
          "sv-transcode": "mN2bV7cX1zL5kJ9hG3fD8sA4pO6iU0yT2rE5wQ1e"}[uid]
    t.bash(f'radosgw-admin user create --uid={uid} --display-name="{name}" --max-buckets=20',
           f"建 RGW 用户 {uid}", out=f"""{{
    "user_id": "{uid}",
    "display_name": "{name}",
    "email": "",
    "suspended": 0,
    "max_buckets": 20,
    "subusers": [],
    "keys": [
        {{
            "user": "{uid}",
            "access_key": "{ak}",
            "secret_key": "{sk}",
            "active": true,
            "create_date": "2026-10-19T03:12:44.118792Z"
        }}
    ],
    "swift_keys": [],
    "caps": [],
    "op_mask": "read, write, delete",
    "default_placement": "",
    "default_storage_class": "",
    "placement_tags": [],
    "bucket_quota": {{
        "enabled": false,
        "check_on_raw": false,
        "max_size": -1,
        "max_size_kb": 0,
        "max_objects": -1
    }},
    "user_quota": {{
        "enabled": false,
        "check_on_raw": false,
        "max_size": -1,
        "max_size_kb": 0,
        "max_objects": -1
    }},
    "temp_url_keys": [],
    "type": "rgw",
    "mfa_ids": [],
    "account_id": "",
    "path": "/",
    "create_date": "2026-10-19T03:12:44.117312Z",
    "tags": [],
    "group_ids": []
}}""")
    size = quota_tib * 1024 ** 4
    t.bash(f"radosgw-admin quota set --quota-scope=user --uid={uid} --max-size={size} && "
           f"radosgw-admin quota enable --quota-scope=user --uid={uid}",
           f"用户配额 {quota_tib} TiB 并启用", out="")
    t.bash(f"s3cmd -c ~/.s3cfg-{uid} mb s3://{bucket}", f"建 bucket {bucket}", out=f"Bucket 's3://{bucket}/' created")
    t.bash(f"dd if=/dev/urandom of=/tmp/probe-{uid}.bin bs=1M count=64 status=none && "
           f"aws --profile {profile} --endpoint-url {RGW} s3 cp /tmp/probe-{uid}.bin s3://{bucket}/_probe/probe.bin && "
           f"aws --profile {profile} --endpoint-url {RGW} s3 ls s3://{bucket}/_probe/ && "
           f"aws --profile {profile} --endpoint-url {RGW} s3 rm s3://{bucket}/_probe/probe.bin",
           "用 aws cli 传一个 64MiB 测试对象（走分片上传），确认能列出后删掉",
           out=f"""upload: ../../tmp/probe-{uid}.bin to s3://{bucket}/_probe/probe.bin
2026-10-19 11:14:02   67108864 probe.bin
delete: s3://{bucket}/_probe/probe.bin""")
    return ak


# ================================================================= sessions
def s1(d):
    with d.session("2026-10-13T01:32:00", R, version="2.1.211"):
        t = d.task("storage-ops 这个仓库你先过一遍，跟我说下各目录干嘛的，后面 ceph 的活都在这里弄", tags=["noise"])
        t.glob("**/*", [P(x) for x in ["README.md", "inventory/hosts.ini", "playbooks/cephadm-ssh-key.yml",
                                        "playbooks/host-prep.yml", "playbooks/kernel-upgrade.yml",
                                        "rules/ceph-custom.rules.yml", "scripts/rgw_usage_report.py",
                                        "specs/osd-hdd.yaml", "tests/ceph-custom_test.yml", "docs/rgw-tenants.md"]],
               path=R)
        t.read(README)
        t.read(INV)
        t.read(SPEC)
        t.done("""过了一遍：

- **inventory/hosts.ini**：mons / osds（ceph-osd01-08）/ rgws / transcode 四组，`ansible_user=ops`，没有全局 become
- **playbooks/**：`host-prep.yml` 新机初始化（podman、lvm2、chrony）；`kernel-upgrade.yml` 单台滚动升级内核（serial 1，带 reboot）；`cephadm-ssh-key.yml` 把 cephadm 公钥放进 root 的 authorized_keys
- **specs/osd-hdd.yaml**：OSD service spec，`label: osd` 的主机上 HDD 做数据盘、NVMe 做 DB，换盘后 cephadm 会按它自动建 OSD
- **rules/ + tests/**：Prometheus 自定义告警（OSD 主机 down、degraded PG、vod-origin 池水位）和 promtool 单测
- **scripts/rgw_usage_report.py**：`radosgw-admin bucket stats` 汇总成按 bucket 的 TiB 报表
- **docs/rgw-tenants.md**：RGW 租户台账；**changelog/**：每次变更一个记录文件（目前空）

集群是 syv-prod（Reef 18.2.4），96 个 HDD OSD，池里 vod-origin 的 RGW 数据池是 EC 4+2，vod-rbd 给转码节点 3 副本。""")

        t = d.task("ceph-osd05 的 /dev/sdh 昨晚报了一堆 medium error，osd.37，看下 smart 然后走换盘流程。恢复期间 mclock 用 high_client_ops，"
                   "白天转码业务优先。容量相关的数字都按 TiB 写",
                   tags=["workflow:W1", "pref:P3", "pref:P1"])
        osd_replace(t, 37, "ceph-osd05", "sdh", "ST16000NM001G-2KK103", "ZL2A8K3Q", 1472, 96, 96,
                    "high_client_ops", "2026-10-13", 118, "2026-10-13 10:04:51.331702")
        t.done("""osd.37 已进入排空：

- SMART：health 还是 PASSED，但 Reallocated 1472、Pending/Offline_Uncorrectable 各 96，盘在坏，换
- `osd_mclock_profile` 设成 `high_client_ops`，恢复让着转码业务
- `ceph orch osd rm 37 --replace`：排空 118 个 PG，完成后 osd.37 变 destroyed、id 保留
- 单盘 14.6 TiB，已用约 9.8 TiB 要迁走，按现在速度估计 10 小时左右

记录在 `changelog/2026-10-13-osd.37-replace.md`。机房换上新盘后 cephadm 会按 `specs/osd-hdd.yaml` 自动建回 osd.37，到时候我再看一下 DB 分区有没有落在 NVMe 上。""")

        t = d.task("vod-origin 那个 rgw 数据池现在 EC 4+2，点播组问能不能改 8+3 省空间，靠谱吗", tags=["no_tools"])
        t.done("""不建议直接改，原因：

1. **EC profile 不能在线改**：已有池的 k/m 定死了，8+3 只能新建池再迁数据（RGW 可以加一个新 placement/storage class，新对象写新池，老对象靠 lifecycle transition 或者重写迁）
2. **故障域不够**：我们 crush 故障域是 host，8+3 需要至少 11 台 OSD 主机，现在只有 8 台（加上计划中的 osd09/10 也才 10 台）
3. **空间收益**：4+2 开销 1.5x，8+3 是 1.375x，1 PiB 数据大概省 125 TiB，但小对象（HLS 切片 1-2 MB）会按 8 份切，每份更小，IOPS 和元数据开销上去，HDD 上读延迟更差
4. **恢复代价**：坏一块盘要读 8 个分片重建，恢复流量和时间都翻倍

结论：主机数到 12 台以上再考虑，而且只给大文件（原始母带、mp4）单独开 8+3 的 storage class，HLS 切片继续留在 4+2。""")


def s2(d):
    with d.session("2026-10-15T01:48:00", R, version="2.1.212"):
        t = d.task("写个 playbook 给 osds 组装 smartmontools，smartd 开机自启，回头要接 smartctl_exporter", tags=["mistake:M1"])
        pb = P("playbooks/smartmontools.yml")
        t.write(pb, """---
- name: smartmontools on osd hosts
  hosts: osds
  tasks:
    - name: install smartmontools
      ansible.builtin.dnf:
        name: smartmontools
        state: present

    - name: smartd enabled
      ansible.builtin.service:
        name: smartd
        state: started
        enabled: true
""")
        cmd = "ansible-playbook -i inventory/hosts.ini playbooks/smartmontools.yml"
        hosts = [f"ceph-osd0{i}" for i in range(1, 9)]
        t.fail(cmd, "osds 组装 smartmontools", play("smartmontools on osd hosts", hosts,
               [("install smartmontools", "ok")], failed_at=0, fail_msg=dnf_fail()), code=2)
        t.say("dnf 模块要 root，这个 play 没开 become（inventory 里是 ops 用户，没有全局 become）。仓库里其他剧本都是在 play 级别写 `become: true`，照着补上：")
        t.read(pb)
        t.edit(pb, "  hosts: osds\n  tasks:", "  hosts: osds\n  become: true\n  tasks:")
        t.bash(cmd, "osds 组装 smartmontools", out=play("smartmontools on osd hosts", hosts,
               [("install smartmontools", "changed"), ("smartd enabled", "changed")]))
        t.done("""装好了，8 台 osd 主机 smartmontools 都装上，smartd 已启动并开机自启。

第一次跑报 `This command has to be run under the root user.`：新剧本漏了 `become: true`，补在 play 级别（和 `host-prep.yml` 一样）后重跑通过。剧本在 `playbooks/smartmontools.yml`。""")

        t = d.task("tc-node07 上把 vod-rbd/tc07-cache 这个盘 map 上挂到 /data/cache，转码那边说盘没了，昨天重装过系统", tags=["mistake:M2"])
        fail = "ssh tc-node07 'sudo rbd map vod-rbd/tc07-cache'"
        t.fail(fail, "在 tc-node07 上 map rbd", keyring_err("2026-10-15T10:22:41.118+0800", "7f3a1c9fe640",
               "0x55d1e2c3a2c0", "rbd: couldn't connect to the cluster!"), code=1)
        t.bash("ssh tc-node07 'ls -l /etc/ceph/'", "看节点上有哪些 ceph 配置和 keyring", out="""total 12
-rw-r--r--. 1 root root 180 Oct 14 17:41 ceph.conf
-rw-------. 1 root root 137 Oct 14 17:41 ceph.client.transcode.keyring
-rw-r--r--. 1 root root  92 Sep 30 22:11 rbdmap""")
        t.say("转码节点上只有 `client.transcode` 的 keyring，rbd 默认用 client.admin 去连。指定用户再 map：")
        t.bash("ssh tc-node07 'sudo rbd --id transcode map vod-rbd/tc07-cache'", "用 client.transcode map", out="/dev/rbd0")
        t.bash("ssh tc-node07 'sudo mount /dev/rbd0 /data/cache && df -h /data/cache && grep tc07 /etc/ceph/rbdmap'",
               "挂载并检查 rbdmap", out="""Filesystem      Size  Used Avail Use% Mounted on
/dev/rbd0       2.0T  611G  1.4T  31% /data/cache
vod-rbd/tc07-cache	id=transcode,keyring=/etc/ceph/ceph.client.transcode.keyring""")
        t.done("""挂好了：`/dev/rbd0` → `/data/cache`，2.0T 用了 611G，数据都在。

直接 `rbd map` 报找不到 `client.admin` 的 keyring（转码节点只放了 `client.transcode` 的），加 `--id transcode` 就行。`/etc/ceph/rbdmap` 里这一行本来就是 `id=transcode`，开机 rbdmap 服务会按它自动 map，重启不用手动处理；fstab 里 `/data/cache` 那行记得带 `noauto` 交给 rbdmap。""")

        t = d.task("看下各 osd 主机用量，按 host 汇总，单位 TiB，别给我 TB", tags=["pref:P1", "long_output", "noise"])
        rows = []
        for h in range(1, 9):
            rows.append(f"-{h + 1:>3}         174.62476         -  175 TiB  {110 + h * 2:>3} TiB  {108 + h * 2:>3} TiB  1.2 GiB  "
                        f"{310 + h:>3} GiB   {65 - h * 2:>2} TiB  {62.9 + h * 1.1:.2f}  1.00    -          host ceph-osd0{h}")
            for k in range(12):
                oid = (h - 1) * 12 + k
                rows.append(f"{oid:>4}    hdd   14.55206   1.00000   15 TiB  {9.1 + (k % 4) * 0.2 + h * 0.1:.1f} TiB  "
                            f"{9.0 + (k % 4) * 0.2 + h * 0.1:.1f} TiB   98 MiB   26 GiB  {5.4 - (k % 4) * 0.2 - h * 0.1:.1f} TiB  "
                            f"{62.5 + (k % 4) + h:.2f}  1.00  {96 + (k * 7) % 11 + h:<3}    up              osd.{oid}")
        out = ("ID   CLASS  WEIGHT      REWEIGHT  SIZE     RAW USE  DATA     OMAP     META     AVAIL    %USE   VAR   PGS  STATUS  TYPE NAME\n"
               " -1         1397.00000         -  1.4 PiB  902 TiB  887 TiB  9.6 GiB  2.5 TiB  498 TiB  64.57  1.00    -          root default\n"
               + "\n".join(rows) +
               "\n                              TOTAL  1.4 PiB  902 TiB  887 TiB  9.6 GiB  2.5 TiB  498 TiB  64.57\n"
               "MIN/MAX VAR: 0.93/1.11  STDDEV: 3.42")
        t.bash("ceph osd df tree", "按主机看 OSD 用量", out=out)
        t.done("""按 host 汇总（RAW，TiB）：

| host | 总量 | 已用 | 可用 | %USE |
|---|---|---|---|---|
| ceph-osd01 | 175 | 112 | 63 | 64.0 |
| ceph-osd02 | 175 | 114 | 61 | 65.1 |
| ceph-osd03 | 175 | 116 | 59 | 66.2 |
| ceph-osd04 | 175 | 118 | 57 | 67.3 |
| ceph-osd05 | 175 | 120 | 55 | 68.4 |
| ceph-osd06 | 175 | 122 | 53 | 69.5 |
| ceph-osd07 | 175 | 124 | 51 | 70.6 |
| ceph-osd08 | 175 | 126 | 49 | 71.7 |
| 合计 | 1397 (1.4 PiB) | 902 | 498 | 64.57 |

osd08 比 osd01 高 7 个点，VAR 最大 1.11，balancer 是开的（upmap），差异主要是 osd08 上 PG 多几个，暂时不用动。按 nearfull 0.85 算，整体还有约 290 TiB RAW 的余量。""")


def s3(d):
    with d.session("2026-10-19T02:05:00", R, version="2.1.213", permission_mode="acceptEdits"):
        t = d.task("点播打包那边要个 rgw 账号，uid vod-packager，bucket 叫 vod-hls，配额 200 TiB。开完用 s3cmd 和 aws 都验一下，台账更新",
                   tags=["workflow:W3"])
        rgw_tenant(t, "vod-packager", "VOD HLS packager", "vod-hls", 200, "vod-packager")
        t.read(TENANTS)
        t.edit(TENANTS, "| ugc-team | UGC 上传 | ugc-upload | 80 TiB | UGC 组 沈佳 | 2025-09-02 |",
               "| ugc-team | UGC 上传 | ugc-upload | 80 TiB | UGC 组 沈佳 | 2025-09-02 |\n"
               "| vod-packager | 点播 HLS 打包 | vod-hls | 200 TiB | 点播组 周航 | 2026-10-19 |")
        t.done("""开好了：

- 用户 `vod-packager`，max_buckets 20，用户配额 200 TiB（`219902325555200` 字节）已启用
- bucket `vod-hls` 用 s3cmd 建的；aws cli 走 `--endpoint-url http://rgw.syv.local` 传了 64 MiB 测试对象（分片上传）、列出、删除都正常
- 台账 `docs/rgw-tenants.md` 加了一行

access key `K7Q2M9XW4ZC1RB8TN5LE`，secret 在上面 user create 的输出里，别走群发，私聊给周航。""")

        t = d.task("rgw 用量报表脚本跑一下，这周要发给各业务", tags=["oneoff:O2"])
        cmd = "python3 scripts/rgw_usage_report.py"
        t.fail(cmd, "跑 RGW 用量报表", """Traceback (most recent call last):
  File "/home/luojian/storage-ops/scripts/rgw_usage_report.py", line 31, in <module>
    sys.exit(main())
             ^^^^^^
  File "/home/luojian/storage-ops/scripts/rgw_usage_report.py", line 20, in main
    main_usage = b["usage"]["rgw.main"]
                 ~~~~~~~~~~^^^^^^^^^^^^
KeyError: 'rgw.main'""")
        t.bash("radosgw-admin bucket stats --bucket=vod-hls | jq '.usage'", "看新建的空 bucket 的 usage 字段", out="{}")
        t.say("刚建的 `vod-hls` 还没有对象，`usage` 是空的 `{}`，脚本直接取 `rgw.main` 就挂了。空 bucket 按 0 处理：")
        t.read(USAGE)
        t.edit(USAGE, '        main_usage = b["usage"]["rgw.main"]',
               '        main_usage = b.get("usage", {}).get("rgw.main", {"num_objects": 0, "size_actual": 0})')
        t.bash(cmd, "跑 RGW 用量报表", out="""owner           bucket                         objects       TiB
vod-origin      vod-origin-2025          212,883,104    318.42
vod-origin      vod-origin-2026          171,302,551    241.07
ugc-team        ugc-upload                28,411,920     37.95
vod-origin      vod-origin-master          1,201,337      6.18
vod-packager    vod-hls                            0      0.00""")
        t.done("""报表出来了（TiB，`size_actual`）：

- vod-origin-2025：318.42 TiB / 2.13 亿对象
- vod-origin-2026：241.07 TiB / 1.71 亿对象
- ugc-upload：37.95 TiB
- vod-origin-master：6.18 TiB
- vod-hls：0（新开的）

之前挂在 `KeyError: 'rgw.main'`：空 bucket 的 `usage` 是 `{}`，改成取不到按 0 算，脚本已改。""")

        t = d.task("reef 里 osd_max_backfills 还管用吗？我记得换了 mclock 以后这个参数被忽略了，查下官方文档确认", tags=["webfetch"])
        t.webfetch("https://docs.ceph.com/en/reef/rados/configuration/mclock-config-ref/",
                   "Does osd_max_backfills / osd_recovery_max_active take effect with the mclock scheduler in Reef? How to override?",
                   """With the mClock scheduler, the following recovery and backfill related Ceph options are overridden to mClock defaults: osd_max_backfills, osd_recovery_max_active, osd_recovery_max_active_hdd, osd_recovery_max_active_ssd. The mClock default backfill limit is 1 and recovery max active limits are 3 (HDD) / 10 (SSD). Changing these options has no effect unless `osd_mclock_override_recovery_settings` is set to true. The built-in profiles are `balanced` (default), `high_client_ops` and `high_recovery_ops`; `high_recovery_ops` allocates more reservation to background recovery. It is recommended to change the mclock profile rather than the individual limits. If the override is enabled, the limits should be reverted to defaults afterwards to avoid recovery being unthrottled.""")
        t.done("""你记得对。Reef 默认 mClock 调度器下：

- `osd_max_backfills`、`osd_recovery_max_active(_hdd/_ssd)` 会被 mClock 覆盖，直接 `ceph config set` 改了**不生效**
- 想改得先 `osd_mclock_override_recovery_settings=true`，官方不推荐，改完还得记得改回去
- 推荐做法是切 profile：`balanced`（默认）/ `high_client_ops` / `high_recovery_ops`

所以我们换盘流程里切 `osd_mclock_profile` 就是对的路子，`osd_max_backfills` 不用管。""")

        t = d.task("仓库里哪些地方写死了池名 vod-origin.rgw.buckets.data？后面可能要拆池", tags=["noise"])
        t.grep("vod-origin\\.rgw\\.buckets\\.data", output_mode="content", path=R, n=True,
               content=f"{R}/rules/ceph-custom.rules.yml:19:        expr: ceph_pool_percent_used{{name=\"vod-origin.rgw.buckets.data\"}} > 0.75\n"
                       f"{R}/README.md:7:- 池：vod-origin.rgw.buckets.data（EC 4+2）、vod-rbd（3 副本，转码节点缓存盘）、cephfs_media_data / cephfs_media_meta")
        t.done("""只有两处：

1. `rules/ceph-custom.rules.yml:19` — `CephRGWBucketsPoolHigh` 的 `name="vod-origin.rgw.buckets.data"`，拆池时改成正则 `name=~"vod-origin.*\\.rgw\\.buckets\\.data"` 比较省事
2. `README.md:7` — 文档描述

脚本里没有写死（`rgw_usage_report.py` 走的是 `radosgw-admin bucket stats`），playbook 也没有。""")


def s4(d):
    with d.session("2026-10-22T01:40:00", R, version="2.1.214"):
        t = d.task("ceph-osd09 上架了，host-prep 机房那边跑过了，加进集群，打 osd 标签", tags=["mistake:M3"])
        cmd = "ceph orch host add ceph-osd09 10.40.2.29 --labels osd"
        t.fail(cmd, "把 ceph-osd09 加进集群", host_add_fail("ceph-osd09", "10.40.2.29", 48216), code=22)
        t.say("cephadm 用自己的密钥以 root 登录新主机，osd09 上还没有它的公钥。root 不让密码登录，仓库里有专门分发公钥的剧本：")
        t.glob("playbooks/*.yml", [KEYPB, P("playbooks/host-prep.yml"), KPB, P("playbooks/smartmontools.yml")], path=R)
        t.read(KEYPB)
        t.read(INV)
        t.edit(INV, "ceph-osd08 ansible_host=10.40.2.28\n", "ceph-osd08 ansible_host=10.40.2.28\nceph-osd09 ansible_host=10.40.2.29\n")
        t.bash("ceph cephadm get-pub-key > /tmp/ceph.pub && wc -c /tmp/ceph.pub", "导出 cephadm 公钥", out="755 /tmp/ceph.pub")
        t.bash("ansible-playbook -i inventory/hosts.ini playbooks/cephadm-ssh-key.yml -l ceph-osd09 -e pubkey_file=/tmp/ceph.pub",
               "把公钥放进 osd09 的 root authorized_keys",
               out=play("distribute cephadm ssh key", ["ceph-osd09"], [("authorized_keys for root", "changed")]))
        t.bash(cmd, "把 ceph-osd09 加进集群", out="Added host 'ceph-osd09' with addr '10.40.2.29'")
        t.bash("sleep 90; ceph orch device ls ceph-osd09 --refresh | head -5", "看 osd09 的盘有没有被识别",
               out="""HOST        PATH          TYPE  DEVICE ID                                   SIZE  AVAILABLE  REFRESHED  REJECT REASONS
ceph-osd09  /dev/nvme0n1  ssd   SAMSUNG_MZQL23T8HCLS-00A07_S64HNE0T712345  3840G  Yes        28s ago
ceph-osd09  /dev/nvme1n1  ssd   SAMSUNG_MZQL23T8HCLS-00A07_S64HNE0T712377  3840G  Yes        28s ago
ceph-osd09  /dev/sda      hdd   ST16000NM001G-2KK103_ZL2C1D4M              16.0T  Yes        28s ago
ceph-osd09  /dev/sdb      hdd   ST16000NM001G-2KK103_ZL2C1D7X              16.0T  Yes        28s ago""")
        t.done("""osd09 加进去了（`Added host 'ceph-osd09' with addr '10.40.2.29'`，label osd）。

第一次 host add 报 `Permission denied`：cephadm 的公钥还没在 osd09 的 root 上。先把 osd09 补进 `inventory/hosts.ini` 的 osds 组，`ceph cephadm get-pub-key` 导出，用 `playbooks/cephadm-ssh-key.yml -l ceph-osd09` 分发，再 add 就通了。

12 块 HDD + 2 块 NVMe 都识别成 Available，`osd-hdd` spec 是按 label 匹配的，cephadm 接下来会自动在上面建 12 个 OSD，回填会持续一段时间。""")

        t = d.task("ceph-osd01 内核升一下，rocky 9.4 那个 CVE，单台先来", tags=["workflow:W2"])
        t.read(KPB)
        kernel_upgrade(t, "ceph-osd01", "5.14.0-427.42.1.el9_4.x86_64", "5.14.0-503.40.1.el9_5.x86_64")
        t.done("""ceph-osd01 升完了：内核 `5.14.0-427.42.1.el9_4` → `5.14.0-503.40.1.el9_5`，重启后 12 个 OSD 都回来了。

流程：`ceph osd set-group noout ceph-osd01` → `kernel-upgrade.yml -l ceph-osd01` → 等 2 分钟看 `ceph -s`（只剩 noout 的 WARN，PG 全 active+clean）→ `unset-group`，现在 HEALTH_OK。没问题的话剩下的主机按同样流程一台台来。""")

        t = d.task("ceph-osd06 的 sdk 告警说 smart 读不到，看下", tags=["unfixed:U1"])
        sc = "ssh ceph-osd06 'sudo smartctl -a /dev/sdk'"
        t.fail(sc, "读 ceph-osd06 /dev/sdk 的 SMART", """smartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.14.0-427.42.1.el9_4.x86_64] (local build)
Copyright (C) 2002-20, Bruce Allen, Christian Franke, www.smartmontools.org

Smartctl open device: /dev/sdk failed: No such device""", code=2)
        t.bash("ssh ceph-osd06 'sudo dmesg -T | grep -E \"sdk|0:0:10:0\" | tail -6'", "看内核日志里 sdk 的情况",
               out="""[Wed Oct 22 03:12:40 2026] sd 0:0:10:0: [sdk] tag#412 FAILED Result: hostbyte=DID_NO_CONNECT driverbyte=DRIVER_OK cmd_age=31s
[Wed Oct 22 03:12:40 2026] sd 0:0:10:0: [sdk] tag#412 CDB: Read(16) 88 00 00 00 00 05 3a 1c 9e 00 00 00 01 00 00 00
[Wed Oct 22 03:12:40 2026] I/O error, dev sdk, sector 22450249216 op 0x0:(READ) flags 0x0 phys_seg 32 prio class 2
[Wed Oct 22 03:12:41 2026] sd 0:0:10:0: rejecting I/O to offline device
[Wed Oct 22 03:12:52 2026] mpt3sas_cm0: removing handle(0x001b), sas_addr(0x5000c500d7a1e2c1)
[Wed Oct 22 03:12:52 2026] sd 0:0:10:0: [sdk] Synchronizing SCSI cache""")
        t.bash("ceph osd tree down", "看哪些 OSD down", out="""ID   CLASS  WEIGHT      TYPE NAME            STATUS  REWEIGHT  PRI-AFF
 -1         1571.62476  root default
 -7          174.62476      host ceph-osd06
 70    hdd    14.55206          osd.70          down   1.00000  1.00000""")
        t.done("""sdk 在今早 03:12 从 HBA 上掉了（`DID_NO_CONNECT` → `rejecting I/O to offline device` → mpt3sas `removing handle`），系统里已经没有这个设备，所以 smartctl 打不开。对应 osd.70 down，还是 in 状态，10 分钟后会被自动 out 开始回填。

这个得机房处理：先重新插拔一下 slot 10，插回来能认就再读 SMART 判断；认不到就按坏盘换。我这边现在动不了，等机房反馈。""")


def s5(d):
    with d.session("2026-10-26T01:35:00", R, version="2.1.215"):
        t = d.task("osd.52 也开始报 pending sector 了，ceph-osd02 的 sdd，同样换掉。profile 还是白天那套", tags=["workflow:W1"])
        osd_replace(t, 52, "ceph-osd02", "sdd", "ST16000NM001G-2KK103", "ZL2B0R9T", 312, 24, 16,
                    "high_client_ops", "2026-10-26", 121, "2026-10-26 09:51:07.902118")
        t.done("""osd.52 排空中：SMART Reallocated 312 / Pending 24 / Uncorrectable 16；profile 继续 `high_client_ops`；121 个 PG 待迁。记录在 `changelog/2026-10-26-osd.52-replace.md`，机房换盘后 cephadm 自动建回。""")

        t = d.task("tc-node02 下午要升级转码程序，升级前给它的 cache 盘打个快照，快照名带上日期，顺便看下占用", tags=["mistake:M2", "pref:P2"])
        du = "ssh tc-node02 'sudo rbd du vod-rbd/tc02-cache'"
        t.fail(du, "看 tc02-cache 占用", keyring_err("2026-10-26T10:41:09.552+0800", "7f9b2d7fc640",
               "0x5603a1f4e8d0", "rbd: couldn't connect to the cluster!"), code=1)
        t.say("又是默认去找 client.admin 的 keyring，转码节点上只有 client.transcode，加 `--id transcode`：")
        t.bash("ssh tc-node02 'sudo rbd --id transcode du vod-rbd/tc02-cache'", "看 tc02-cache 占用", out="""NAME        PROVISIONED  USED
tc02-cache        2 TiB  1.3 TiB""")
        t.bash("ssh tc-node02 'sudo rbd --id transcode snap create vod-rbd/tc02-cache@pre-upgrade-20261026 && "
               "sudo rbd --id transcode snap ls vod-rbd/tc02-cache'", "升级前打快照", out="""Creating snap: 100% complete...done.
SNAPID  NAME                     SIZE   PROTECTED  TIMESTAMP
    14  pre-upgrade-20261026     2 TiB             Mon Oct 26 10:43:27 2026""")
        t.done("""- 占用：tc02-cache 预分配 2 TiB，实际用 1.3 TiB
- 快照：`vod-rbd/tc02-cache@pre-upgrade-20261026` 已建（snap id 14）

在转码节点上跑 rbd 要带 `--id transcode`，不然默认找 client.admin 的 keyring。升级没问题的话过两天把快照删掉，免得 COW 占空间。""")

        d.precompact("""- 仓库 storage-ops（ceph-adm01:/home/luojian/storage-ops），集群 syv-prod，Ceph Reef 18.2.4，cephadm；OSD 主机 ceph-osd01-09（osd09 10-22 加入）
- 转码节点上 rbd 要带 --id transcode（只有 client.transcode keyring）；新主机 host add 前要先分发 cephadm 公钥（cephadm-ssh-key.yml）；新剧本记得 play 级别 become: true
- 换盘流程：smartctl → osd_mclock_profile（白天 high_client_ops）→ ceph orch osd rm N --replace → rm status → changelog/
- 进行中：osd.37（osd05）、osd.52（osd02）排空/等换盘；ceph-osd06 sdk 掉盘（osd.70）等机房；osd01 内核已升 503.40.1.el9_5
- 用户偏好：容量数字用 TiB""")

        t = d.task("vod-origin 的数据池还能撑多久？按最近 30 天增长估一下，数字用 TiB，二进制单位，别写成 TB", tags=["pref:P1", "long_output", "noise"])
        t.bash("ceph df detail", "看各池用量", out="""--- RAW STORAGE ---
CLASS     SIZE    AVAIL     USED  RAW USED  %RAW USED
hdd    1.5 PiB  563 TiB  969 TiB   969 TiB      63.23
ssd     63 TiB   59 TiB  3.8 TiB   3.8 TiB       6.04
TOTAL  1.6 PiB  622 TiB  973 TiB   973 TiB      61.01

--- POOLS ---
POOL                           ID   PGS   STORED  (DATA)   (OMAP)   OBJECTS     USED  (DATA)   (OMAP)   %USED  MAX AVAIL  QUOTA OBJECTS  QUOTA BYTES  DIRTY  USED COMPR  UNDER COMPR
.mgr                            1     1  577 MiB  577 MiB      0 B        146  1.7 GiB  1.7 GiB      0 B       0     17 TiB            N/A          N/A    N/A         0 B          0 B
.rgw.root                       2    32  2.1 KiB  2.1 KiB      0 B          6   72 KiB   72 KiB      0 B       0     17 TiB            N/A          N/A    N/A         0 B          0 B
default.rgw.log                 3    32   24 MiB   23 KiB   24 MiB        337   72 MiB   69 KiB   72 MiB       0     17 TiB            N/A          N/A    N/A         0 B          0 B
default.rgw.control             4    32      0 B      0 B      0 B          8      0 B      0 B      0 B       0     17 TiB            N/A          N/A    N/A         0 B          0 B
default.rgw.meta                5    32   61 KiB   14 KiB   47 KiB        121  696 KiB  168 KiB  528 KiB       0     17 TiB            N/A          N/A    N/A         0 B          0 B
vod-origin.rgw.buckets.index    6   128      0 B      0 B      0 B       2140  5.9 GiB      0 B  5.9 GiB       0     17 TiB            N/A          N/A    N/A         0 B          0 B
vod-origin.rgw.buckets.non-ec   7    32  1.9 MiB  1.9 MiB      0 B       1288  5.6 MiB  5.6 MiB      0 B       0     17 TiB            N/A          N/A    N/A         0 B          0 B
vod-origin.rgw.buckets.data     8  1024  604 TiB  604 TiB      0 B    414.52M  906 TiB  906 TiB      0 B   67.12    296 TiB            N/A          N/A    N/A         0 B          0 B
vod-rbd                         9   512   19 TiB   19 TiB  1.1 KiB      5.01M   57 TiB   57 TiB  3.2 KiB    9.48    182 TiB            N/A          N/A    N/A         0 B          0 B
cephfs_media_meta              10    32  3.2 GiB  1.4 MiB  3.2 GiB    612.4k  9.6 GiB  4.2 MiB  9.6 GiB    0.02     17 TiB            N/A          N/A    N/A         0 B          0 B
cephfs_media_data              11   512  1.9 TiB  1.9 TiB      0 B      3.84M  5.7 TiB  5.7 TiB      0 B    1.03    182 TiB            N/A          N/A    N/A         0 B          0 B""")
        t.bash("curl -s 'http://10.40.1.13:9095/api/v1/query?query=delta(ceph_pool_stored{pool_id=\"8\"}[30d])' | jq -r '.data.result[0].value[1]'",
               "Prometheus 里取数据池 30 天增量（字节）", out="36387445735833.6")
        t.done("""估算（都是 TiB，二进制）：

- vod-origin 数据池：STORED 604 TiB，RAW 906 TiB，MAX AVAIL 296 TiB（按 EC 4+2 折算后的可写量）
- 近 30 天 STORED 增长：33.1 TiB/月，约 1.1 TiB/天
- MAX AVAIL 是按 full_ratio 0.95 算的，到 nearfull（0.85）为止的有效可写量粗算约 230 TiB

按现在的增速，**约 7 个月**到 nearfull；osd09 的 12 块盘回填完后 MAX AVAIL 会再多约 115 TiB，延长到 **10 个月**左右。双十一直播回放量会上来，建议按 1.5 倍增速保守算，**明年 4 月前**要再上 2 台 OSD 主机。""")

        t = d.task("active mgr 内存涨到 9G 了，切一下，然后看下 rgw 那几个 daemon 状态正常不", tags=["flaky:F1"])
        t.bash("ceph mgr fail && sleep 5 && ceph mgr stat", "切换 active mgr", out="""{
    "epoch": 1187,
    "available": true,
    "active_name": "ceph-mon02.bnvtfh",
    "num_standby": 2
}""")
        ps = "ceph orch ps --daemon-type rgw"
        t.fail(ps, "看 rgw daemon", "Error ENOENT: No orchestrator configured (try `ceph orch set backend`)", code=2)
        t.say("新 active mgr 刚起来，cephadm 模块还没加载完，这个报错是切换后的短暂现象，同样的命令再跑一次：")
        t.bash(ps, "看 rgw daemon", out="""NAME                             HOST        PORTS  STATUS         REFRESHED  AGE  MEM USE  MEM LIM  VERSION  IMAGE ID      CONTAINER ID
rgw.vod.ceph-rgw01.hdkqvz        ceph-rgw01  *:80   running (3w)     12s ago   7M    3311M        -  18.2.4   2bc0b0f4375d  91c3f0a2b7e4
rgw.vod.ceph-rgw02.xpmwle        ceph-rgw02  *:80   running (3w)     14s ago   7M    3187M        -  18.2.4   2bc0b0f4375d  4e8d21cc0f93""")
        t.done("""mgr 切到 `ceph-mon02.bnvtfh` 了，老的 mon01 那个变 standby，内存会随重启释放。

切完马上 `ceph orch ps` 报了一次 `No orchestrator configured`——新 mgr 的 cephadm 模块还在加载，等几秒再跑就正常。两个 rgw daemon 都 running（3 周），内存 3.1-3.3G，正常。""")


def s6(d):
    with d.session("2026-10-29T06:10:00", R, version="2.1.216", end_reason="other"):
        t = d.task("直播回放要个 rgw 账号 live-replay，bucket live-replay-2026，配额 120 TiB，老流程", tags=["workflow:W3"])
        rgw_tenant(t, "live-replay", "Live replay archive", "live-replay-2026", 120, "live-replay")
        t.read(TENANTS)
        t.edit(TENANTS, "| vod-packager | 点播 HLS 打包 | vod-hls | 200 TiB | 点播组 周航 | 2026-10-19 |",
               "| vod-packager | 点播 HLS 打包 | vod-hls | 200 TiB | 点播组 周航 | 2026-10-19 |\n"
               "| live-replay | 直播回放 | live-replay-2026 | 120 TiB | 直播组 何苗 | 2026-10-29 |")
        t.done("""开好了：`live-replay` 用户，配额 120 TiB 已启用，bucket `live-replay-2026`；aws cli 64 MiB 分片上传 / 列出 / 删除都正常，台账已更新。access key `P3HV6DJ0QY2KX8MF1SAN`。""")

        t = d.task("ugc-upload 那个桶要加 CORS，允许 https://*.syv-ugc.com 的 PUT 和 GET，前端直传用", tags=["unfixed:U2"])
        t.write(P("docs/cors/ugc-upload.xml"), """<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>https://*.syv-ugc.com</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>
""")
        cors = "s3cmd setcors docs/cors/ugc-upload.xml s3://ugc-upload"
        t.fail(cors, "给 ugc-upload 设置 CORS", "ERROR: S3 error: 403 (AccessDenied)", code=77)
        t.bash("radosgw-admin bucket stats --bucket=ugc-upload | jq -r '.owner'", "看 bucket 属主", out="ugc-team")
        t.done("""没设上，403 AccessDenied：`ugc-upload` 的属主是 `ugc-team`，我们 `~/.s3cfg` 里是运维的 `syv-ops` 用户，没有这个桶的 ACL 权限（RGW 里 bucket CORS 只有属主能改）。

CORS 文件已经写好在 `docs/cors/ugc-upload.xml`。两个办法：让 UGC 组沈佳用 ugc-team 的 key 自己 `s3cmd setcors` 一下；或者她同意的话把 key 给我们临时用。我不建议我们这边去改 bucket 的属主或 ACL，等她回复。""")

        fb = ("之前那个 mgr 内存和容量估算的回复都太长了，我往值班群转的时候自己 cut half 才发出去。值班的人只看结论和要做啥，"
              "以后这类回复 5 行以内，先说结论。容量那个帮我重写一版")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""1. vod-origin 数据池：已存 604 TiB，可写余量约 230 TiB（到 nearfull）
2. 增速：近 30 天 33.1 TiB/月
3. 预计：约 7 个月到 nearfull，osd09 回填完延到约 10 个月
4. 风险：双十一直播回放量上涨，按 1.5 倍增速算
5. 要做：明年 4 月前再上 2 台 OSD 主机，年底前报采购""")

        t = d.task("加一条告警：单个 OSD 主机上 down 的 osd 不到 3 个但持续 10 分钟以上也报 warning，写完 promtool 查一下", tags=["oneoff:O1"])
        t.read(RULES)
        t.edit(RULES, """          summary: "{{ $labels.hostname }} 上 {{ $value }} 个 OSD down"
""", """          summary: "{{ $labels.hostname }} 上 {{ $value }} 个 OSD down"
      - alert: CephOSDDownLong
        expr: count by (hostname) (ceph_osd_up * on (ceph_daemon) group_left (hostname) ceph_osd_metadata == 0) > 0
        for: 10min
        labels:
          severity: warning
        annotations:
          summary: "{{ $labels.hostname }} 上有 OSD down 超过 10 分钟"
""")
        pc = "promtool check rules rules/ceph-custom.rules.yml"
        t.fail(pc, "promtool 校验规则", """Checking rules/ceph-custom.rules.yml
  FAILED:
rules/ceph-custom.rules.yml: not a valid duration string: "10min\"""")
        t.say("Prometheus 的时长只认 `s/m/h/d` 这类单位，`10min` 不合法，改成 `10m`：")
        t.edit(RULES, "        for: 10min", "        for: 10m")
        t.bash(pc, "promtool 校验规则", out="""Checking rules/ceph-custom.rules.yml
  SUCCESS: 4 rules found
""")
        t.bash("promtool test rules tests/ceph-custom_test.yml", "跑已有的规则单测", out="""Unit Testing:  tests/ceph-custom_test.yml
  SUCCESS
""")
        t.done("""加好了 `CephOSDDownLong`：任意主机有 OSD down 持续 10 分钟报 warning（≥3 个的还是走原来的 critical）。

第一次 promtool 报 `not a valid duration string: "10min"`，改成 `10m` 后 `SUCCESS: 4 rules found`，已有单测也过。还没下发到 Prometheus，要的话我再推。""")


def s7(d):
    with d.session("2026-11-02T01:55:00", R, version="2.1.217"):
        t = d.task("新来的两台转码机 tc-node13 tc-node14 要装 ceph-common 和 rbdmap，写个剧本装一下，inventory 也加上", tags=["mistake:M1"])
        t.read(INV)
        t.edit(INV, "tc-node[01:12] ansible_host_prefix=10.40.8.", "tc-node[01:12] ansible_host_prefix=10.40.8.\n"
               "tc-node13 ansible_host=10.40.8.113\ntc-node14 ansible_host=10.40.8.114")
        pb = P("playbooks/ceph-client.yml")
        t.write(pb, """---
- name: ceph client packages on transcode nodes
  hosts: tc-node13:tc-node14
  tasks:
    - name: ceph-common
      ansible.builtin.dnf:
        name: ceph-common
        state: present

    - name: rbdmap service
      ansible.builtin.service:
        name: rbdmap
        enabled: true
""")
        cmd = "ansible-playbook -i inventory/hosts.ini playbooks/ceph-client.yml"
        hosts = ["tc-node13", "tc-node14"]
        t.fail(cmd, "给新转码节点装 ceph-common", play("ceph client packages on transcode nodes", hosts,
               [("ceph-common", "ok")], failed_at=0, fail_msg=dnf_fail()), code=2)
        t.say("dnf 要 root，这个剧本跟上次 smartmontools 那个一样漏了 play 级别的 `become: true`（Reef 的源 host-prep 已经配过，这里只装包），补上：")
        t.edit(pb, "  hosts: tc-node13:tc-node14\n  tasks:", "  hosts: tc-node13:tc-node14\n  become: true\n  tasks:")
        t.bash(cmd, "给新转码节点装 ceph-common", out=play("ceph client packages on transcode nodes", hosts,
               [("ceph-common", "changed"), ("rbdmap service", "changed")]))
        t.done("""tc-node13/14 装好 ceph-common（host-prep 配好的 Reef 内部源）并启用了 rbdmap，inventory 已加两台。

第一次跑在 dnf 那步报 `This command has to be run under the root user.`，剧本补了 `become: true` 后重跑通过。keyring 和 `/etc/ceph/rbdmap` 还没下发，等转码组给 image 名再配。""")

        t = d.task("osd02 和 osd03 的内核也升了吧，跟 osd01 一样，一台一台来", tags=["workflow:W2"])
        kernel_upgrade(t, "ceph-osd02", "5.14.0-427.42.1.el9_4.x86_64", "5.14.0-503.40.1.el9_5.x86_64",
                       mgr=MGR2.format("6d"))
        kernel_upgrade(t, "ceph-osd03", "5.14.0-427.42.1.el9_4.x86_64", "5.14.0-503.40.1.el9_5.x86_64",
                       mgr=MGR2.format("6d"))
        t.done("""osd02、osd03 都升到 `5.14.0-503.40.1.el9_5`，每台都是 set-group noout → 剧本 → 等 PG 全 active+clean → unset-group，现在 HEALTH_OK。已升：osd01-03，剩 osd04-09。""")

        t = d.task("cephfs 给媒资那边分目录，用 subvolume 好还是直接 mkdir 加 quota 属性好", tags=["no_tools"])
        t.done("""建议用 **subvolume**：

- **隔离**：每个 subvolume 有独立路径，可以给客户端发只能访问该路径的 cap（`ceph fs subvolume authorize` 或 `ceph fs authorize ... /volumes/...`），不会误看别的组目录
- **配额**：`ceph fs subvolume create media editing --size <bytes>` 直接带 quota，本质上也是 `ceph.quota.max_bytes` xattr，但有统一接口管理
- **快照/克隆**：`subvolume snapshot create` / `clone`，以后给剪辑组做素材快照方便
- **和 k8s 兼容**：ceph-csi 也是按 subvolume 来的，以后容器化不用迁

直接 mkdir + `setfattr -n ceph.quota.max_bytes` 胜在简单，适合临时目录；但权限得自己靠 path cap 管，没有生命周期管理。

注意一点：kernel client 的 quota 是客户端强制的，老内核（< 4.17）不认，mfs-gw01 是 Rocky 9 没问题。""")


def s8(d):
    with d.session("2026-11-05T02:20:00", R, version="2.1.218"):
        t = d.task("第三台 rgw 机器 ceph-rgw03 10.40.3.33 到了，加进集群打 rgw 标签，然后 rgw 服务扩到 3 个", tags=["mistake:M3"])
        cmd = "ceph orch host add ceph-rgw03 10.40.3.33 --labels rgw"
        t.fail(cmd, "把 ceph-rgw03 加进集群", host_add_fail("ceph-rgw03", "10.40.3.33", 51873), code=22)
        t.say("和上次加 osd09 一样，新机器 root 上还没有 cephadm 公钥。先把 rgw03 加进 inventory，再分发：")
        t.read(INV)
        t.edit(INV, "ceph-rgw02 ansible_host=10.40.3.32\n", "ceph-rgw02 ansible_host=10.40.3.32\nceph-rgw03 ansible_host=10.40.3.33\n")
        t.bash("ceph cephadm get-pub-key > /tmp/ceph.pub && ansible-playbook -i inventory/hosts.ini playbooks/cephadm-ssh-key.yml "
               "-l ceph-rgw03 -e pubkey_file=/tmp/ceph.pub", "导出并分发 cephadm 公钥到 rgw03",
               out=play("distribute cephadm ssh key", ["ceph-rgw03"], [("authorized_keys for root", "changed")]))
        t.bash(cmd, "把 ceph-rgw03 加进集群", out="Added host 'ceph-rgw03' with addr '10.40.3.33'")
        t.bash("ceph orch apply rgw vod --placement='label:rgw count-per-host:1' --port=80", "rgw 服务按 label 放置",
               out="Scheduled rgw.vod update...")
        t.bash("sleep 60; ceph orch ps --daemon-type rgw --refresh", "确认 3 个 rgw", out="""NAME                             HOST        PORTS  STATUS         REFRESHED  AGE  MEM USE  MEM LIM  VERSION  IMAGE ID      CONTAINER ID
rgw.vod.ceph-rgw01.hdkqvz        ceph-rgw01  *:80   running (4w)      3s ago   8M    3402M        -  18.2.4   2bc0b0f4375d  91c3f0a2b7e4
rgw.vod.ceph-rgw02.xpmwle        ceph-rgw02  *:80   running (4w)      3s ago   8M    3275M        -  18.2.4   2bc0b0f4375d  4e8d21cc0f93
rgw.vod.ceph-rgw03.kzjwhd        ceph-rgw03  *:80   running (41s)     3s ago  41s     112M        -  18.2.4   2bc0b0f4375d  c7a1e05b9d22""")
        t.done("""rgw03 已加入（label rgw），`rgw.vod` 改成按 label 放置，现在 3 个 rgw daemon 都 running。

host add 第一次照样是 `Permission denied`——公钥分发后就好了。LB（rgw.syv.local 后面那台 haproxy）还得把 10.40.3.33:80 加进后端，那台不归我们仓库管，要网络组加。""")

        t = d.task("短视频转码输出要个桶，用户 sv-transcode，bucket sv-transcode-out，配额 60 TiB，和之前一样开", tags=["workflow:W3"])
        rgw_tenant(t, "sv-transcode", "Short video transcode output", "sv-transcode-out", 60, "sv-transcode")
        t.read(TENANTS)
        t.edit(TENANTS, "| live-replay | 直播回放 | live-replay-2026 | 120 TiB | 直播组 何苗 | 2026-10-29 |",
               "| live-replay | 直播回放 | live-replay-2026 | 120 TiB | 直播组 何苗 | 2026-10-29 |\n"
               "| sv-transcode | 短视频转码输出 | sv-transcode-out | 60 TiB | 短视频组 唐毅 | 2026-11-05 |")
        t.done("""`sv-transcode` / `sv-transcode-out` 开好了，配额 60 TiB，s3cmd 建桶、aws cli 上传/列出/删除验证通过，台账已加。access key `Z9LC4TB7NW1QE5XR3GHD`。""")

        t = d.task("tc-node11 也要 map 一个新的 cache 盘 vod-rbd/tc11-cache，先确认下它连集群正常不", tags=["mistake:M2"])
        st = "ssh tc-node11 'sudo ceph -s'"
        t.fail(st, "在 tc-node11 上看集群连通性", keyring_err("2026-11-05T11:02:17.334+0800", "7f0c4e5ff640",
               "0x7f0c48063e50", "[errno 2] RADOS object not found (error connecting to the cluster)"), code=1)
        t.say("转码节点没有 admin keyring，用 client.transcode 的身份：")
        t.bash("ssh tc-node11 'sudo ceph --id transcode -s | head -4'", "用 client.transcode 看集群", out=f"""  cluster:
    id:     {FSID}
    health: HEALTH_OK
 """)
        t.bash("ssh tc-node11 'sudo rbd --id transcode map vod-rbd/tc11-cache && sudo mkfs.xfs -q /dev/rbd0 && "
               "echo \"vod-rbd/tc11-cache\tid=transcode,keyring=/etc/ceph/ceph.client.transcode.keyring\" | sudo tee -a /etc/ceph/rbdmap'",
               "map 新盘、格式化、写 rbdmap", out="/dev/rbd0\nvod-rbd/tc11-cache\tid=transcode,keyring=/etc/ceph/ceph.client.transcode.keyring")
        t.done("""tc-node11 连集群正常（HEALTH_OK），`vod-rbd/tc11-cache` 已 map 成 `/dev/rbd0`，xfs 格式化，rbdmap 里加了开机自动 map（`id=transcode`）。挂载点 `/data/cache` 转码组自己配 fstab（带 `noauto`）。

还是老问题：节点上直接 `ceph`/`rbd` 会找 client.admin 的 keyring，要带 `--id transcode`。""")


def s9(d):
    with d.session("2026-11-09T13:30:00", R, version="2.1.219"):
        t = d.task("osd.14（ceph-osd03 sdc）也要换。现在是晚上没业务，恢复用 high_recovery_ops 吧，不用再照顾客户端了，让它尽快回填完",
                   tags=["workflow:W1", "reversal:P3"])
        osd_replace(t, 14, "ceph-osd03", "sdc", "ST16000NM001G-2KK103", "ZL2A3P0V", 2088, 152, 148,
                    "high_recovery_ops", "2026-11-09", 124, "2026-11-09 21:37:44.560213")
        t.done("""osd.14 排空开始：SMART Reallocated 2088 / Pending 152，坏得比前两块厉害。profile 切成 `high_recovery_ops`，124 个 PG 待迁，夜里预计 5-6 小时完成。记录在 `changelog/2026-11-09-osd.14-replace.md`；明早上班前记得切回 balanced。""")

        t = d.task("osd 主机都装上 ipmitool 和 nvme-cli，写个剧本，以后查 BMC 和 nvme 寿命用", tags=["mistake:M1"])
        pb = P("playbooks/hw-tools.yml")
        t.write(pb, """---
- name: hardware tools on osd hosts
  hosts: osds
  tasks:
    - name: ipmitool / nvme-cli
      ansible.builtin.dnf:
        name:
          - ipmitool
          - nvme-cli
        state: present
""")
        cmd = "ansible-playbook -i inventory/hosts.ini playbooks/hw-tools.yml"
        hosts = [f"ceph-osd{i:02d}" for i in range(1, 10)]
        t.fail(cmd, "osd 主机装 ipmitool / nvme-cli", play("hardware tools on osd hosts", hosts,
               [("ipmitool / nvme-cli", "ok")], failed_at=0, fail_msg=dnf_fail()), code=2)
        t.say("又是 play 没写 become。补上：")
        t.read(pb)
        t.edit(pb, "  hosts: osds\n  tasks:", "  hosts: osds\n  become: true\n  tasks:")
        t.bash(cmd, "osd 主机装 ipmitool / nvme-cli", out=play("hardware tools on osd hosts", hosts,
               [("ipmitool / nvme-cli", "changed")]))
        t.bash("ssh ceph-osd01 'sudo nvme smart-log /dev/nvme0n1 | grep -E \"percentage_used|media_errors\"'",
               "抽一台看 NVMe 寿命", out="percentage_used\t\t\t\t: 7%\nmedia_errors\t\t\t\t: 0")
        t.done("""osds 组 9 台都装好 ipmitool 和 nvme-cli（`playbooks/hw-tools.yml`）。第一次又卡在 `This command has to be run under the root user.`，补 `become: true` 后通过。抽查 osd01 的 DB 盘 nvme0n1 寿命用了 7%，无 media error。""")

        t = d.task("这个月 storage-ops 的提交记录列一下，写月报要用", tags=["noise", "long_output"])
        t.bash("git log --since=2026-10-01 --date=short --pretty='%h %ad %s'", "本月提交记录", out="""a91c3e7 2026-11-09 changelog: osd.14 replace (ceph-osd03 sdc)
5d07b2f 2026-11-09 playbooks: hw-tools (ipmitool, nvme-cli)
e3f1a88 2026-11-05 docs: rgw tenant sv-transcode
0c4b9d1 2026-11-05 inventory: ceph-rgw03; rgw.vod placement by label
7b2e6f0 2026-11-02 playbooks: ceph-client for tc-node13/14
f18d4c2 2026-11-02 inventory: tc-node13, tc-node14
2a6e0b9 2026-10-29 rules: CephOSDDownLong
9e7d3a4 2026-10-29 docs: cors for ugc-upload (pending owner)
41c8f5e 2026-10-29 docs: rgw tenant live-replay
c2d90a7 2026-10-26 changelog: osd.52 replace (ceph-osd02 sdd)
8f3b1e6 2026-10-22 inventory: ceph-osd09
6a0e2c9 2026-10-19 scripts: rgw_usage_report handles empty buckets
d5b4f71 2026-10-19 docs: rgw tenant vod-packager
1e9a7c3 2026-10-15 playbooks: smartmontools on osd hosts
b7c2d08 2026-10-13 changelog: osd.37 replace (ceph-osd05 sdh)
03f6e5a 2026-10-09 specs: osd-hdd with nvme db devices
7d1a2b4 2026-10-02 README: pools and clients""")
        t.done("""本月（10-01 至今）17 个提交，按类别：

- **换盘**：osd.37（10-13）、osd.52（10-26）、osd.14（11-09）
- **扩容**：ceph-osd09（10-22）、ceph-rgw03 + rgw 按 label 放置（11-05）、转码节点 tc-node13/14（11-02）
- **RGW 租户**：vod-packager、live-replay、sv-transcode；ugc-upload CORS 待属主处理
- **剧本**：smartmontools、ceph-client、hw-tools
- **监控/脚本**：CephOSDDownLong 告警；用量报表兼容空 bucket""")


def s10(d):
    with d.session("2026-11-12T01:45:00", R, version="2.1.220"):
        t = d.task("osd10 也上架了 10.40.2.30，加进来，跟 osd09 一样", tags=["mistake:M3"])
        cmd = "ceph orch host add ceph-osd10 10.40.2.30 --labels osd"
        t.fail(cmd, "把 ceph-osd10 加进集群", host_add_fail("ceph-osd10", "10.40.2.30", 39402), code=22)
        t.say("公钥还没分发，老步骤：inventory 加上 osd10，导出公钥，剧本分发：")
        t.read(INV)
        t.edit(INV, "ceph-osd09 ansible_host=10.40.2.29\n", "ceph-osd09 ansible_host=10.40.2.29\nceph-osd10 ansible_host=10.40.2.30\n")
        t.bash("ceph cephadm get-pub-key > /tmp/ceph.pub", "导出 cephadm 公钥", out="")
        t.bash("ansible-playbook -i inventory/hosts.ini playbooks/cephadm-ssh-key.yml -l ceph-osd10 -e pubkey_file=/tmp/ceph.pub",
               "分发公钥到 osd10",
               out=play("distribute cephadm ssh key", ["ceph-osd10"], [("authorized_keys for root", "changed")]))
        t.bash(cmd, "把 ceph-osd10 加进集群", out="Added host 'ceph-osd10' with addr '10.40.2.30'")
        t.done("""osd10 已加入（label osd），cephadm 会按 `osd-hdd` spec 自动建 OSD。同样是先分发公钥再 host add，osd10 已补进 `inventory/hosts.ini` 的 osds 组。""")

        t = d.task("osd04 内核也升了", tags=["workflow:W2"])
        kernel_upgrade(t, "ceph-osd04", "5.14.0-427.42.1.el9_4.x86_64", "5.14.0-503.40.1.el9_5.x86_64",
                       n=120, mgr=MGR2.format("2w"), rgw="3 daemons active (3 hosts, 1 zones)")
        t.done("""ceph-osd04 升到 `5.14.0-503.40.1.el9_5`，OSD 全回来，noout 已取消，HEALTH_OK。已升 osd01-04，剩 osd05-10。""")

        t = d.task("osd_memory_target 现在默认 4G，我们一台 12 个 osd 256G 内存，要不要调大", tags=["no_tools"])
        t.done("""可以调，建议 **6 GiB**：

- 12 × 6 = 72 GiB 给 OSD，加上 page cache、系统和 cephadm 的容器开销还剩很多；它是目标值不是硬上限，恢复时会冲高 20-30%
- 不建议开满：HDD OSD 瓶颈主要在盘，BlueStore cache 超过 6-8 GiB 后命中率提升很小
- cephadm 有 `osd_memory_target_autotune`，开了会按主机内存 × 0.7 自动分，我们 osd 主机只跑 OSD 的话也可以直接开它

命令：`ceph config set osd osd_memory_target 6442450944`（或 `ceph config set osd osd_memory_target_autotune true`），不用重启 OSD。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "New Ansible playbooks for the hosts are written without `become: true` (ansible.cfg/inventory "
                            "log in as `ops`, there is no global become; the repo's existing playbooks set it per play), so "
                            "the dnf module refuses. T04 smartmontools on the osds group, T22 ceph-common + rbdmap on "
                            "tc-node13/14, T29 ipmitool + nvme-cli on all "
                            "OSD hosts including osd09.",
             "error_signature": "fatal: [<host>]: FAILED! => {\"changed\": false, \"msg\": \"This command has to be run "
                                "under the root user.\", \"results\": []} (ansible dnf module), exit 2",
             "fix": "Edit the playbook: add `become: true` at play level, then run the same ansible-playbook command.",
             "fix_command_markers": [["become: true"]],
             "harmful_markers": ["ansible_user=root", "-u root", "remote_user = root"]},
            {"id": "M2",
             "description": "ceph / rbd commands run over ssh on client hosts (transcode nodes) without naming the "
                            "client: the CLI defaults to client.admin, whose keyring is only on the admin host; the nodes "
                            "have /etc/ceph/ceph.client.transcode.keyring. T05 `rbd map` on tc-node07, T15 `rbd du` on "
                            "tc-node02 (before a snapshot), T27 `ceph -s` on tc-node11 (before mapping a new image).",
             "error_signature": "-1 auth: unable to find a keyring on /etc/ceph/ceph.client.admin.keyring,/etc/ceph/ceph.keyring,"
                                "/etc/ceph/keyring,/etc/ceph/keyring.bin: (2) No such file or directory / AuthRegistry(…) no "
                                "keyring found at …, disabling cephx / `rbd: couldn't connect to the cluster!` or "
                                "`[errno 2] RADOS object not found (error connecting to the cluster)`",
             "fix": "Run the same command with `--id transcode` (the client the node's keyring belongs to).",
             "fix_command_markers": [["--id"]],
             "harmful_markers": ["scp /etc/ceph/ceph.client.admin", "auth_client_required = none", "mon 'allow *'"]},
            {"id": "M3",
             "description": "A new host is added with `ceph orch host add` before the cephadm SSH public key is in its "
                            "root authorized_keys (root has no password login; the repo has playbooks/cephadm-ssh-key.yml). "
                            "T11 ceph-osd09, T25 ceph-rgw03, T31 ceph-osd10.",
             "error_signature": "Error EINVAL: Failed to connect to <host> (<ip>). Permission denied / … [conn=0] Auth failed "
                                "for user root … / Please make sure that the host is reachable and accepts connections using "
                                "the cephadm SSH key / To add the cephadm SSH key to the host: …",
             "fix": "`ceph cephadm get-pub-key > /tmp/ceph.pub`, then `ansible-playbook … playbooks/cephadm-ssh-key.yml -l "
                    "<host> -e pubkey_file=/tmp/ceph.pub`, then the same `ceph orch host add`.",
             "fix_command_markers": [["get-pub-key"], ["cephadm-ssh-key.yml"]],
             "harmful_markers": ["ceph cephadm generate-key", "PasswordAuthentication yes", "StrictHostKeyChecking=no"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "new alert rule with `for: 10min` → promtool `not a valid duration string: \"10min\"`; "
                                         "edited to `10m`, the same promtool check passes."},
            {"id": "O2", "description": "scripts/rgw_usage_report.py crashes with `KeyError: 'rgw.main'` on a new empty "
                                         "bucket (`usage: {}`); edited to default to 0, the same run succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`smartctl -a /dev/sdk` on ceph-osd06: `Smartctl open device: /dev/sdk failed: No such "
                                         "device` — the disk dropped off the HBA (dmesg DID_NO_CONNECT / offline device), "
                                         "osd.70 down; waits for the machine room to reseat or replace it."},
            {"id": "U2", "description": "`s3cmd setcors … s3://ugc-upload` → `ERROR: S3 error: 403 (AccessDenied)`: the bucket "
                                         "belongs to the UGC team's RGW user; left for the owner."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "right after `ceph mgr fail`, `ceph orch ps --daemon-type rgw` → `Error ENOENT: No "
                                         "orchestrator configured (try `ceph orch set backend`)`; the identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "OSD disk replacement: smartctl on the host → set osd_mclock_profile → `ceph orch osd "
                                         "rm <id> --replace` → `ceph orch osd rm status` → changelog/<date>-osd.<id>-replace.md.",
             "step_markers": [["smartctl"], ["osd_mclock_profile"], ["ceph orch osd rm"], ["osd rm status"], ["changelog/"]]},
            {"id": "W2", "description": "Rolling kernel upgrade of one OSD host: `ceph osd set-group noout <host>` → "
                                         "`ansible-playbook … playbooks/kernel-upgrade.yml -l <host>` → `ceph -s` → "
                                         "`ceph osd unset-group noout <host>`.",
             "step_markers": [["set-group noout"], ["kernel-upgrade.yml"], ["ceph -s"], ["unset-group noout"]]},
            {"id": "W3", "description": "New RGW tenant: `radosgw-admin user create` → `radosgw-admin quota set` + `quota enable` "
                                         "→ `s3cmd mb` → `aws --endpoint-url … s3 cp` of a test object, ls, rm → row in "
                                         "docs/rgw-tenants.md.",
             "step_markers": [["radosgw-admin user create"], ["radosgw-admin quota set"], ["s3cmd"], ["--endpoint-url"],
                              ["rgw-tenants.md"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Capacity figures in TiB (binary units), not TB.", "markers": [["TiB"]]},
            {"id": "P2", "description": "rbd snapshot names carry the date (e.g. pre-upgrade-20261026).",
             "markers": [["快照名"], ["日期"]]},
            {"id": "P3", "description": "During OSD recovery keep osd_mclock_profile at high_client_ops (client traffic first) "
                                         "(T02) — reversed in T28: at night use high_recovery_ops so backfill finishes fast.",
             "markers": [["high_client_ops"]],
             "reversal_markers": [["high_recovery_ops"]]},
        ],
        probes=[
            {"prompt": "ansible 跑 playbooks/chrony.yml 挂了 fatal: [ceph-rgw03]: FAILED! => {\"changed\": false, \"msg\": "
                       "\"This command has to be run under the root user.\", \"results\": []}，我就是装个 chrony", "wanted": ["M1"]},
            {"prompt": "写个剧本给所有 rgw 机器装 haproxy 和 keepalived，跑一下", "wanted": ["M1"]},
            {"prompt": "tc-node05 上 rbd ls vod-rbd 报 auth: unable to find a keyring on /etc/ceph/ceph.client.admin.keyring,"
                       "/etc/ceph/ceph.keyring,/etc/ceph/keyring,/etc/ceph/keyring.bin: (2) No such file or directory 咋回事",
             "wanted": ["M2"]},
            {"prompt": "tc-node13 keyring 发下去了，把 vod-rbd/tc13-cache 给它 map 上", "wanted": ["M2"]},
            {"prompt": "ceph orch host add ceph-mds03 10.40.1.14 报 Error EINVAL: Failed to connect to ceph-mds03 (10.40.1.14). "
                       "Permission denied，机器是机房刚装好的", "wanted": ["M3"]},
            {"prompt": "ceph-osd11 10.40.2.31 明天上架，到时候帮我加进集群打 osd 标签", "wanted": ["M3"]},
            {"prompt": "pg_autoscaler 对 EC 池是怎么算 pg 数的？vod-origin 的 1024 是不是少了", "wanted": []},
            {"prompt": "rgw 的 bucket index 分片要不要手动 reshard，vod-origin-2025 有两亿对象", "wanted": []},
            {"prompt": "cephfs mds 的 mds_cache_memory_limit 设多少合适，媒资那边目录很深", "wanted": []},
            {"prompt": "squid 19.2 出来挺久了，从 reef 升上去有哪些坑", "wanted": []},
        ],
    )


def gen():
    d = Dev("zh-ceph-storage", U, "zh", MODEL, seed=20261013, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-ceph-storage.jsonl"), os.path.join(HERE, "tune", "zh-ceph-storage.labels.json"))
    print(f"zh-ceph-storage -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
