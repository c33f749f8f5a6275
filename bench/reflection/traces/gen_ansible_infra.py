"""ansible-infra: Sam Okafor, SRE at Brightwell (mid-size company), ~200 Linux hosts managed with Ansible.

Stack: ansible-core 2.17 monorepo of roles and collections (`platform/infra-ansible` on GitLab), static inventories
(staging, prod) and the `amazon.aws.aws_ec2` dynamic inventory (with a jsonfile inventory cache), `ansible-galaxy
collection install -r requirements.yml`, Ansible Vault with vault ids, Molecule (Podman driver), ansible-lint,
yamllint, `--check --diff` dry runs, Jinja2 templates, Packer for AMIs, `aws sso` profiles, glab / GitLab CI.

Written blind for fresh/; measured once held out (round 16), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "sam"
R = "/home/sam/src/infra-ansible"
MODEL = "claude-opus-4-6"
VAULT_PROD = "~/.config/ansible/vault-prod.pass"


def P(rel):
    return f"{R}/{rel}"


def hdr(s):
    return s + " " + "*" * max(3, 79 - len(s))


def recap(rows):
    out = [hdr("PLAY RECAP")]
    for h, ok, ch, sk in rows:
        out.append(f"{h:<27}: ok={ok:<4} changed={ch:<4} unreachable=0    failed=0    skipped={sk:<4} rescued=0    ignored=0   ")
    return "\n".join(out)


ANSIBLE_CFG = """[defaults]
inventory = inventories/staging/hosts.yml
roles_path = roles
collections_path = collections
remote_user = sam
host_key_checking = True
forks = 25
interpreter_python = auto_silent
stdout_callback = default
callbacks_enabled = ansible.posix.profile_tasks
vault_identity_list = dev@~/.config/ansible/vault-dev.pass, staging@~/.config/ansible/vault-staging.pass
fact_caching = jsonfile
fact_caching_connection = ~/.cache/ansible/facts
fact_caching_timeout = 7200

[inventory]
cache = True
cache_plugin = ansible.builtin.jsonfile
cache_connection = ~/.cache/ansible/inventory

[ssh_connection]
pipelining = True
ssh_args = -o ControlMaster=auto -o ControlPersist=60s
"""

AWS_EC2 = """# Dynamic inventory for the staging AWS account (eu-west-1).
plugin: amazon.aws.aws_ec2
profile: bw-staging
regions:
  - eu-west-1
filters:
  instance-state-name: running
  tag:Environment: staging
hostnames:
  - tag:Name
  - private-dns-name
compose:
  ansible_host: private_ip_address
keyed_groups:
  - key: tags.Role
    prefix: role
  - key: placement.availability_zone
    prefix: az
cache: true
cache_timeout: 3600
cache_prefix: aws_ec2_staging
"""

REQS = """---
collections:
  - name: amazon.aws
    version: 8.2.1
  - name: community.general
    version: 9.5.2
  - name: ansible.posix
    version: 1.6.2
  - name: community.postgresql
    version: 3.6.1
  - name: containers.podman
    version: 1.16.2
"""


def meta(role, desc):
    return f"""---
galaxy_info:
  author: Platform SRE
  description: {desc}
  company: Brightwell
  license: proprietary
  min_ansible_version: "2.17"
  platforms:
    - name: Debian
      versions:
        - bookworm
    - name: EL
      versions:
        - "9"
dependencies: []
"""


UPSTREAMS_J2 = """{{ ansible_managed | comment }}
{% for pool in nginx_edge_pools %}
upstream {{ pool.name }} {
    least_conn;
{% for member in pool.members %}
    server {{ member.host }}:{{ member.port }} max_fails=3 fail_timeout=10s;
{% endfor %}
    keepalive 32;
}

{% endfor %}
"""

HAPROXY_DEFAULTS = """---
haproxy_maxconn: 20000
haproxy_nbthread: 4
haproxy_stats_port: 8404
haproxy_timeouts:
  connect: 5s
  client: 60s
  server: 60s
haproxy_frontends:
  - name: fe_https
    bind: "*:443"
    default_backend: be_app
"""

GITLAB_CI = """stages: [lint, test, plan, apply]

variables:
  ANSIBLE_FORCE_COLOR: "1"
  PY_COLORS: "1"

default:
  image: registry.brightwell.io/platform/ansible-runner:2.17.6-1

yamllint:
  stage: lint
  script: yamllint .

ansible-lint:
  stage: lint
  script: ansible-lint --profile production

molecule:
  stage: test
  tags: [podman]
  parallel:
    matrix:
      - ROLE: [base, chrony, nginx_edge, haproxy, node_exporter, logrotate_app]
  rules:
    - changes: [roles/$ROLE/**/*]
  script:
    - cd roles/$ROLE && molecule test

prod-check-diff:
  stage: plan
  script:
    - echo "$VAULT_PROD_PASS" > /tmp/vault-prod.pass
    - ansible-playbook -i inventories/prod/hosts.yml site.yml --vault-id prod@/tmp/vault-prod.pass --check --diff | tee plan.txt
  artifacts:
    paths: [plan.txt]
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"

prod-apply:
  stage: apply
  script:
    - echo "$VAULT_PROD_PASS" > /tmp/vault-prod.pass
    - ansible-playbook -i inventories/prod/hosts.yml site.yml --vault-id prod@/tmp/vault-prod.pass
  rules:
    - if: $CI_COMMIT_BRANCH == "main"
      when: manual
"""

PACKER = """packer {
  required_plugins {
    amazon = {
      version = ">= 1.3.2"
      source  = "github.com/hashicorp/amazon"
    }
    ansible = {
      version = ">= 1.1.1"
      source  = "github.com/hashicorp/ansible"
    }
  }
}

variable "profile" {
  type    = string
  default = "bw-staging"
}

source "amazon-ebs" "base" {
  profile       = var.profile
  region        = "eu-west-1"
  instance_type = "t3.small"
  ami_name      = "bw-base-debian12-{{timestamp}}"
  ssh_username  = "admin"
  source_ami_filter {
    filters = {
      name                = "debian-12-amd64-*"
      virtualization-type = "hvm"
    }
    owners      = ["136693071363"]
    most_recent = true
  }
  tags = {
    Role  = "base"
    Built = "packer"
  }
}

build {
  sources = ["source.amazon-ebs.base"]

  provisioner "ansible" {
    playbook_file = "../playbooks/base.yml"
    extra_arguments = ["--extra-vars", "image_build=true"]
  }
}
"""

FILES = {
    P("ansible.cfg"): ANSIBLE_CFG,
    P("inventories/aws-staging/aws_ec2.yml"): AWS_EC2,
    P("requirements.yml"): REQS,
    P("roles/nginx_edge/templates/upstreams.conf.j2"): UPSTREAMS_J2,
    P("roles/haproxy/defaults/main.yml"): HAPROXY_DEFAULTS,
    P(".gitlab-ci.yml"): GITLAB_CI,
    P("packer/base-ami.pkr.hcl"): PACKER,
}

LINT_OK = "Passed: 0 failure(s), 0 warning(s) on {n} files. Last profile that met the validation criteria was 'production'."


def fqrn_fail(role, author="Platform SRE", step="test"):
    matrix = ("dependency, cleanup, destroy, syntax, create, prepare, converge, idempotence, side_effect, verify, cleanup, destroy"
              if step == "test" else "dependency, create, prepare, converge")
    return f"""INFO     default scenario test matrix: {matrix}
INFO     Performing prerun with role_name_check=0...
ERROR    Computed fully qualified role name of {author}.{role} does not follow current galaxy requirements.
Please edit meta/main.yml and assure we can correctly determine full role name:

galaxy_info:
role_name: my_name  # if absent directory name hosting role is used instead
namespace: my_galaxy_namespace  # if absent, author is used instead

Namespace: https://galaxy.ansible.com/docs/contributing/namespaces.html#galaxy-namespace-limitations
Role: https://galaxy.ansible.com/docs/contributing/creating_role.html#role-names

As an alternative, you can add 'role-name' to either skip_list or warn_list."""


def molecule_ok(role, tasks, verify):
    n = len(tasks) + 1
    lines = [
        "INFO     default scenario test matrix: dependency, cleanup, destroy, syntax, create, prepare, converge, idempotence, side_effect, verify, cleanup, destroy",
        "INFO     Performing prerun with role_name_check=0...",
        f"INFO     Set ANSIBLE_LIBRARY=/home/sam/.cache/ansible-compat/{role[:6]}a1/modules:/home/sam/.ansible/plugins/modules:/usr/share/ansible/plugins/modules",
        f"INFO     Set ANSIBLE_COLLECTIONS_PATH=/home/sam/.cache/ansible-compat/{role[:6]}a1/collections:/home/sam/src/infra-ansible/collections",
        f"INFO     Set ANSIBLE_ROLES_PATH=/home/sam/.cache/ansible-compat/{role[:6]}a1/roles:/home/sam/src/infra-ansible/roles",
        f"INFO     Using /home/sam/.cache/ansible-compat/{role[:6]}a1/roles/brightwell.{role} symlink to current repository in order to enable Ansible to find the role using its expected full name.",
        "INFO     Running default > dependency",
        "WARNING  Skipping, missing the requirements file.",
        "WARNING  Skipping, missing the requirements file.",
        "INFO     Running default > cleanup",
        "WARNING  Skipping, cleanup playbook not configured.",
        "INFO     Running default > destroy",
        "INFO     Sanity checks: 'podman'",
        "",
        hdr("PLAY [Destroy]"),
        "",
        hdr("TASK [Destroy molecule instance(s)]"),
        "changed: [localhost] => (item=instance)",
        "",
        recap([("localhost", 3, 1, 0)]),
        "",
        "INFO     Running default > syntax",
        "",
        "playbook: /home/sam/src/infra-ansible/roles/%s/molecule/default/converge.yml" % role,
        "INFO     Running default > create",
        "",
        hdr("PLAY [Create]"),
        "",
        hdr("TASK [Create molecule instance(s)]"),
        "changed: [localhost] => (item=instance)",
        "",
        recap([("localhost", 6, 2, 1)]),
        "",
        "INFO     Running default > prepare",
        "WARNING  Skipping, prepare playbook not configured.",
        "INFO     Running default > converge",
        "",
        hdr("PLAY [Converge]"),
        "",
        hdr("TASK [Gathering Facts]"),
        "ok: [instance]",
    ]
    for t in tasks:
        lines += ["", hdr(f"TASK [brightwell.{role} : {t}]"), "changed: [instance]"]
    lines += ["", recap([("instance", n + 1, len(tasks), 0)]), "",
              "INFO     Running default > idempotence", "",
              hdr("PLAY [Converge]"), "", hdr("TASK [Gathering Facts]"), "ok: [instance]"]
    for t in tasks:
        lines += ["", hdr(f"TASK [brightwell.{role} : {t}]"), "ok: [instance]"]
    lines += ["", recap([("instance", n, 0, 0)]), "",
              "INFO     Idempotence completed successfully.",
              "INFO     Running default > side_effect",
              "WARNING  Skipping, side effect playbook not configured.",
              "INFO     Running default > verify",
              "INFO     Running Ansible Verifier", "",
              hdr("PLAY [Verify]"), ""]
    for v in verify:
        lines += [hdr(f"TASK [{v}]"), "ok: [instance] => {", '    "changed": false,', '    "msg": "All assertions passed"', "}", ""]
    lines += [recap([("instance", len(verify) + 2, 0, 0)]), "",
              "INFO     Verifier completed successfully.",
              "INFO     Running default > cleanup",
              "WARNING  Skipping, cleanup playbook not configured.",
              "INFO     Running default > destroy", "",
              hdr("PLAY [Destroy]"), "",
              hdr("TASK [Destroy molecule instance(s)]"),
              "changed: [localhost] => (item=instance)", "",
              recap([("localhost", 3, 1, 0)]), "",
              "INFO     Pruning extra files from scenario ephemeral directory"]
    return "\n".join(lines)


def git_push(branch, n=9):
    return f"""Enumerating objects: {n + 6}, done.
Counting objects: 100% ({n + 6}/{n + 6}), done.
Delta compression using up to 12 threads
Compressing objects: 100% ({n}/{n}), done.
Writing objects: 100% ({n + 1}/{n + 1}), 2.41 KiB | 2.41 MiB/s, done.
Total {n + 1} (delta 4), reused 0 (delta 0), pack-reused 0
remote: 
remote: To create a merge request for {branch}, visit:
remote:   https://gitlab.brightwell.io/platform/infra-ansible/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}
remote: 
To gitlab.brightwell.io:platform/infra-ansible.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def mr_create(branch, num, title):
    return f"""
Creating merge request for {branch} into main in platform/infra-ansible

!{num} {title} ({branch})
 https://gitlab.brightwell.io/platform/infra-ansible/-/merge_requests/{num}
"""


def ci_status(pid, sha, jobs, state="running"):
    rows = "\n".join(f"({s}) • {t}\t{stage}\t\t{name}" for s, t, stage, name in jobs)
    return f"""{rows}

https://gitlab.brightwell.io/platform/infra-ansible/-/pipelines/{pid}
SHA: {sha}
Pipeline state: {state}"""


def vault_fail(path):
    return f"""
{hdr("PLAY [Base configuration]")}
ERROR! Decryption failed (no vault secrets were found that could decrypt) on {path}"""


def nomatch(host):
    return f"""[WARNING]: Could not match supplied host pattern, ignoring: {host}
ERROR! Specified inventory, host pattern and/or --limit leaves us with no hosts to target."""


def gen():
    d = Dev("ansible-infra", U, "en", MODEL, seed=20261201, files=FILES)

    # ============================================================ S1 Tue 12-01
    with d.session("2026-12-01T09:12:00", R, branch="main", version="2.1.108"):
        t = d.task("morning. I just inherited the infra-ansible repo from Priya's old team setup. give me the short "
                   "version: how are inventories laid out, where do secrets live, what does CI run?", tags=["noise"])
        t.glob("inventories/**/*.yml", [P(x) for x in [
            "inventories/staging/hosts.yml", "inventories/staging/group_vars/all/main.yml",
            "inventories/staging/group_vars/all/vault.yml", "inventories/prod/hosts.yml",
            "inventories/prod/group_vars/all/main.yml", "inventories/prod/group_vars/all/vault.yml",
            "inventories/prod/group_vars/db/main.yml", "inventories/prod/group_vars/db/vault.yml",
            "inventories/prod/group_vars/lb/vault.yml", "inventories/aws-staging/aws_ec2.yml",
            "inventories/aws-staging/group_vars/all.yml"]])
        t.read(P("ansible.cfg"))
        t.grep("^\\$ANSIBLE_VAULT;1\\.2;AES256;", [P(x) for x in [
            "inventories/staging/group_vars/all/vault.yml", "inventories/prod/group_vars/all/vault.yml",
            "inventories/prod/group_vars/db/vault.yml", "inventories/prod/group_vars/lb/vault.yml"]], path=P("inventories"))
        t.read(P("inventories/aws-staging/aws_ec2.yml"))
        t.read(P(".gitlab-ci.yml"))
        t.glob("roles/*/meta/main.yml", [P(f"roles/{r}/meta/main.yml") for r in
                                         ["base", "bastion", "haproxy", "kafka", "nginx_edge", "postgres"]])
        t.done("""Short version:

- **Inventories**: `inventories/staging/hosts.yml` (default in `ansible.cfg`), `inventories/prod/hosts.yml` (on-prem + static prod, groups like `db`, `lb`, `edge`), and `inventories/aws-staging/aws_ec2.yml`, the `amazon.aws.aws_ec2` plugin on the `bw-staging` profile, grouped by the `Role` tag (`role_web`, `role_kafka`, …) and cached for an hour.
- **Secrets**: one `vault.yml` per group_vars directory, encrypted with vault ids. `ansible.cfg` loads only the `dev` and `staging` passwords by default.
- **CI**: yamllint, `ansible-lint --profile production`, Molecule per changed role, then a prod `--check --diff` on merge requests and a manual prod apply from `main`. Prod changes go through the pipeline.""")

        t = d.task("new role for chrony please, replacing the ntpd bits in base. scaffold it from our skeleton "
                   "(skeletons/role), servers from a chrony_servers list, and every template starts with "
                   "{{ ansible_managed | comment }} so people on the box know not to hand-edit. lint it and run molecule",
                   tags=["mistake:M1", "pref:P1", "workflow:W1"])
        t.bash("ansible-galaxy role init --role-skeleton=skeletons/role --init-path roles chrony",
               "Scaffold the chrony role from the skeleton", out="- Role chrony was created successfully")
        d.files[P("roles/chrony/meta/main.yml")] = meta("chrony", "Chrony NTP client")
        t.write(P("roles/chrony/defaults/main.yml"), """---
chrony_servers:
  - 0.debian.pool.ntp.org
  - 1.debian.pool.ntp.org
chrony_makestep: "1.0 3"
chrony_allow: []
""")
        t.write(P("roles/chrony/tasks/main.yml"), """---
- name: Install chrony
  ansible.builtin.package:
    name: chrony
    state: present

- name: Remove ntp
  ansible.builtin.package:
    name: ntp
    state: absent

- name: Render chrony.conf
  ansible.builtin.template:
    src: chrony.conf.j2
    dest: "{{ '/etc/chrony/chrony.conf' if ansible_os_family == 'Debian' else '/etc/chrony.conf' }}"
    owner: root
    group: root
    mode: "0644"
  notify: Restart chrony

- name: Enable chrony
  ansible.builtin.service:
    name: "{{ 'chrony' if ansible_os_family == 'Debian' else 'chronyd' }}"
    state: started
    enabled: true
""")
        t.write(P("roles/chrony/templates/chrony.conf.j2"), """{{ ansible_managed | comment }}
{% for server in chrony_servers %}
pool {{ server }} iburst
{% endfor %}
driftfile /var/lib/chrony/chrony.drift
makestep {{ chrony_makestep }}
rtcsync
{% for net in chrony_allow %}
allow {{ net }}
{% endfor %}
""")
        t.write(P("roles/chrony/handlers/main.yml"), """---
- name: Restart chrony
  ansible.builtin.service:
    name: "{{ 'chrony' if ansible_os_family == 'Debian' else 'chronyd' }}"
    state: restarted
""")
        t.bash("yamllint roles/chrony", "yamllint the new role")
        t.bash("ansible-lint roles/chrony", "ansible-lint the new role", err=LINT_OK.format(n=9))
        t.fail("cd roles/chrony && molecule test", "Run the Molecule scenario", fqrn_fail("chrony"), code=1)
        t.read(P("roles/chrony/meta/main.yml"))
        t.say("Molecule's prerun derives the role's full name from `galaxy_info`; with no namespace it falls back to the "
              "author `Platform SRE`, which isn't a valid namespace. The other roles set it explicitly, so I'll do the same.")
        t.edit(P("roles/chrony/meta/main.yml"), "galaxy_info:\n  author: Platform SRE\n",
               "galaxy_info:\n  namespace: brightwell\n  role_name: chrony\n  author: Platform SRE\n")
        t.bash("cd roles/chrony && molecule test", "Re-run the Molecule scenario",
               out=molecule_ok("chrony", ["Install chrony", "Remove ntp", "Render chrony.conf", "Enable chrony"],
                               ["Check chronyd is running", "Check chrony.conf has the pool lines"]), timeout=900000)
        t.done("""`roles/chrony` is in place: package swap (chrony in, ntp out), `chrony.conf.j2` with the `ansible_managed` header, servers from `chrony_servers`, restart handler.

yamllint and ansible-lint are clean. The first `molecule test` stopped in the prerun because `meta/main.yml` from the skeleton has no `namespace`. I added `namespace: brightwell` / `role_name: chrony`. After that the full matrix passed: converge, idempotence and verify.

Not wired into `base` yet. Tell me when you want the ntpd tasks removed there.""")

        t = d.task("quick one: serial vs throttle in a play, which one do I want for rolling the chrony change over the db group?",
                   tags=["noise", "no_tools"])
        t.done("""`serial` is what you want. It splits the play into batches of hosts (`serial: 1` or `serial: "25%"`), and each batch runs the whole play before the next one starts, so you never touch every db at once. Add `max_fail_percentage: 0` so one failed batch stops the rollout.

`throttle` only caps how many hosts run one specific task (or block) at the same time. The rest of the play still runs on all hosts in parallel. It's for a rate-limited step like an API call, not for rolling restarts.""")

    # ============================================================ S2 Thu 12-03
    with d.session("2026-12-03T10:04:00", R, branch="feat/nginx-upstreams", version="2.1.108"):
        t = d.task("the checkout pool on the edge nginx needs a weight per member (the new c6i boxes take 2x). add an "
                   "optional weight to nginx_edge_pools members and roll it to stg-edge-01 only: dry run first, then "
                   "apply, then check healthz", tags=["workflow:W2", "oneoff:O1"])
        t.grep("nginx_edge_pools", path=P("inventories"), output_mode="content", n=True, content="""%s/inventories/staging/group_vars/edge.yml:1:nginx_edge_pools:
%s/inventories/prod/group_vars/edge.yml:1:nginx_edge_pools:""" % (R, R))
        t.read(P("roles/nginx_edge/templates/upstreams.conf.j2"))
        t.edit(P("roles/nginx_edge/templates/upstreams.conf.j2"),
               "    server {{ member.host }}:{{ member.port }} max_fails=3 fail_timeout=10s;",
               "    server {{ member.host }}:{{ member.port }} weight={{ member.weight }} max_fails=3 fail_timeout=10s;")
        t.fail("ansible-playbook -i inventories/staging/hosts.yml playbooks/edge.yml --limit stg-edge-01 --check --diff",
               "Dry run the edge playbook on stg-edge-01", f"""
{hdr("PLAY [Edge nginx]")}

{hdr("TASK [Gathering Facts]")}
ok: [stg-edge-01]

{hdr("TASK [nginx_edge : Install nginx]")}
ok: [stg-edge-01]

{hdr("TASK [nginx_edge : Render upstreams]")}
fatal: [stg-edge-01]: FAILED! => {{"changed": false, "msg": "AnsibleUndefinedVariable: 'dict object' has no attribute 'weight'. 'dict object' has no attribute 'weight'"}}

{hdr("PLAY RECAP")}
stg-edge-01                : ok=2    changed=0    unreachable=0    failed=1    skipped=0    rescued=0    ignored=0   """, code=2)
        t.say("Members without a weight break the template. The weight has to stay optional, so I'll default it to 1.")
        t.edit(P("roles/nginx_edge/templates/upstreams.conf.j2"), "weight={{ member.weight }}",
               "weight={{ member.weight | default(1) }}")
        t.bash("ansible-playbook -i inventories/staging/hosts.yml playbooks/edge.yml --limit stg-edge-01 --check --diff",
               "Dry run the edge playbook on stg-edge-01", out=f"""
{hdr("PLAY [Edge nginx]")}

{hdr("TASK [Gathering Facts]")}
ok: [stg-edge-01]

{hdr("TASK [nginx_edge : Install nginx]")}
ok: [stg-edge-01]

{hdr("TASK [nginx_edge : Render upstreams]")}
--- before: /etc/nginx/conf.d/upstreams.conf
+++ after: /home/sam/.ansible/tmp/ansible-local-48211x0q3v_k/tmp7w1c2m4n/upstreams.conf.j2
@@ -4,9 +4,9 @@
 
 upstream checkout {{
     least_conn;
-    server 10.30.4.21:8080 max_fails=3 fail_timeout=10s;
-    server 10.30.4.22:8080 max_fails=3 fail_timeout=10s;
-    server 10.30.4.31:8080 max_fails=3 fail_timeout=10s;
+    server 10.30.4.21:8080 weight=1 max_fails=3 fail_timeout=10s;
+    server 10.30.4.22:8080 weight=1 max_fails=3 fail_timeout=10s;
+    server 10.30.4.31:8080 weight=2 max_fails=3 fail_timeout=10s;
     keepalive 32;
 }}
 
@@ -14,7 +14,7 @@
 upstream catalog {{
     least_conn;
-    server 10.30.5.11:8080 max_fails=3 fail_timeout=10s;
-    server 10.30.5.12:8080 max_fails=3 fail_timeout=10s;
+    server 10.30.5.11:8080 weight=1 max_fails=3 fail_timeout=10s;
+    server 10.30.5.12:8080 weight=1 max_fails=3 fail_timeout=10s;
     keepalive 32;
 }}

changed: [stg-edge-01]

{hdr("TASK [nginx_edge : Validate nginx config]")}
skipping: [stg-edge-01]

{hdr("RUNNING HANDLER [nginx_edge : Reload nginx]")}
changed: [stg-edge-01]

{recap([("stg-edge-01", 4, 2, 1)])}""")
        t.bash("ansible-playbook -i inventories/staging/hosts.yml playbooks/edge.yml --limit stg-edge-01",
               "Apply the edge playbook on stg-edge-01", out=f"""
{hdr("PLAY [Edge nginx]")}

{hdr("TASK [Gathering Facts]")}
ok: [stg-edge-01]

{hdr("TASK [nginx_edge : Install nginx]")}
ok: [stg-edge-01]

{hdr("TASK [nginx_edge : Render upstreams]")}
changed: [stg-edge-01]

{hdr("TASK [nginx_edge : Validate nginx config]")}
ok: [stg-edge-01]

{hdr("RUNNING HANDLER [nginx_edge : Reload nginx]")}
changed: [stg-edge-01]

{recap([("stg-edge-01", 5, 2, 0)])}""")
        t.bash("ansible -i inventories/staging/hosts.yml stg-edge-01 -m ansible.builtin.uri -a 'url=http://127.0.0.1/healthz return_content=true'",
               "Check healthz on stg-edge-01", out="""stg-edge-01 | SUCCESS => {
    "changed": false,
    "connection": "close",
    "content": "ok\\n",
    "content_length": "3",
    "content_type": "text/plain",
    "cookies": {},
    "cookies_string": "",
    "elapsed": 0,
    "msg": "OK (3 bytes)",
    "redirected": false,
    "server": "nginx",
    "status": 200,
    "url": "http://127.0.0.1/healthz"
}""")
        t.done("""stg-edge-01 has the weights.

- The template now renders `weight={{ member.weight | default(1) }}`. The first dry run failed on members without a weight, so the default is needed.
- Diff: every upstream member gets `weight=1`, except `10.30.4.31`, which has `weight: 2` in staging group_vars.
- Applied with `--limit stg-edge-01`, `nginx -t` validated, nginx reloaded, `/healthz` returns 200.""")

        t = d.task("while you're in there: bump community.general to 10.1.0 in requirements.yml and install. pin exact "
                   "versions in requirements.yml, no ranges, I want CI and laptops on the same bits", tags=["pref:P3"])
        t.read(P("requirements.yml"))
        t.edit(P("requirements.yml"), "  - name: community.general\n    version: 9.5.2",
               "  - name: community.general\n    version: 10.1.0")
        t.bash("ansible-galaxy collection install -r requirements.yml", "Install the collections",
               out="""Starting galaxy collection install process
Process install dependency map
Starting collection install process
Downloading https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/artifacts/community-general-10.1.0.tar.gz to /home/sam/.ansible/tmp/ansible-local-50122gk2w9cz/tmpq1x3b8lm/community-general-10.1.0-5y7rls0d
Installing 'community.general:10.1.0' to '/home/sam/src/infra-ansible/collections/ansible_collections/community/general'
community.general:10.1.0 was installed successfully
'amazon.aws:8.2.1' is already installed, skipping.
'ansible.posix:1.6.2' is already installed, skipping.
'community.postgresql:3.6.1' is already installed, skipping.
'containers.podman:1.16.2' is already installed, skipping.""")
        t.done("community.general is pinned to `10.1.0` and installed into `collections/`. The other four were already at their pinned versions. Everything in `requirements.yml` stays an exact version.")

        t = d.task("before I put the chrony role in base for prod: dry run base with --tags chrony against the prod db "
                   "group so I can see the diff", tags=["mistake:M2"])
        t.fail("ansible-playbook -i inventories/prod/hosts.yml playbooks/base.yml --limit db --tags chrony --check --diff",
               "Dry run chrony on the prod db group",
               vault_fail(P("inventories/prod/group_vars/all/vault.yml")), code=1)
        t.read(P("ansible.cfg"))
        t.say("The default vault identities in ansible.cfg are only dev and staging, so the prod vault files can't be "
              "opened. Prod runs need the prod vault id passed explicitly.")
        t.bash(f"ansible-playbook -i inventories/prod/hosts.yml playbooks/base.yml --limit db --tags chrony --check --diff --vault-id prod@{VAULT_PROD}",
               "Dry run chrony on the prod db group with the prod vault id", out=f"""
{hdr("PLAY [Base configuration]")}

{hdr("TASK [Gathering Facts]")}
ok: [db-prod-01]
ok: [db-prod-02]
ok: [db-prod-03]

{hdr("TASK [chrony : Install chrony]")}
changed: [db-prod-01]
changed: [db-prod-02]
changed: [db-prod-03]

{hdr("TASK [chrony : Remove ntp]")}
changed: [db-prod-01]
changed: [db-prod-02]
changed: [db-prod-03]

{hdr("TASK [chrony : Render chrony.conf]")}
--- before
+++ after: /home/sam/.ansible/tmp/ansible-local-51877r2d8x1m/tmpw3k0fzq2/chrony.conf.j2
@@ -0,0 +1,8 @@
+#
+# Ansible managed
+#
+pool 10.10.0.5 iburst
+pool 10.10.0.6 iburst
+driftfile /var/lib/chrony/chrony.drift
+makestep 1.0 3
+rtcsync

changed: [db-prod-01]
changed: [db-prod-02]
changed: [db-prod-03]

{hdr("TASK [chrony : Enable chrony]")}
fatal: [db-prod-01]: FAILED! => {{"changed": false, "msg": "Could not find the requested service chrony: host"}}
...ignoring
fatal: [db-prod-02]: FAILED! => {{"changed": false, "msg": "Could not find the requested service chrony: host"}}
...ignoring
fatal: [db-prod-03]: FAILED! => {{"changed": false, "msg": "Could not find the requested service chrony: host"}}
...ignoring

{hdr("RUNNING HANDLER [chrony : Restart chrony]")}
changed: [db-prod-01]
changed: [db-prod-02]
changed: [db-prod-03]

{hdr("PLAY RECAP")}
db-prod-01                 : ok=6    changed=4    unreachable=0    failed=0    skipped=0    rescued=0    ignored=1   
db-prod-02                 : ok=6    changed=4    unreachable=0    failed=0    skipped=0    rescued=0    ignored=1   
db-prod-03                 : ok=6    changed=4    unreachable=0    failed=0    skipped=0    rescued=0    ignored=1   """)
        t.done("""Dry run on db-prod-01..03 (nothing changed on the hosts):

- chrony would be installed and ntp removed.
- `chrony.conf` would be created with the managed header and the two internal pools `10.10.0.5/6` (prod group_vars override the Debian pool).
- "Enable chrony" only fails because check mode didn't really install the package. It's ignored in check mode and will be fine on a real run.

The first attempt stopped on `group_vars/all/vault.yml`. Prod runs need `--vault-id prod@~/.config/ansible/vault-prod.pass`.""")

    # ============================================================ S3 Mon 12-07 (acceptEdits)
    with d.session("2026-12-07T09:31:00", R, branch="feat/nginx-upstreams", version="2.1.109", permission_mode="acceptEdits"):
        t = d.task("ok ship the nginx weights: commit, push, open the MR and tell me what the pipeline does. commit "
                   "subject starts with the role name, like `nginx_edge: ...`, that's how we grep history",
                   tags=["workflow:W3", "pref:P2"])
        t.bash("git status --short", "See what's changed", out=""" M inventories/staging/group_vars/edge.yml
 M requirements.yml
 M roles/nginx_edge/templates/upstreams.conf.j2""")
        t.bash("git add roles/nginx_edge/templates/upstreams.conf.j2 inventories/staging/group_vars/edge.yml requirements.yml && "
               "git commit -m 'nginx_edge: optional per-member weight in upstream pools' -m 'Defaults to 1. Also pins community.general 10.1.0.'",
               "Commit the change", out="""[feat/nginx-upstreams 8c41d07] nginx_edge: optional per-member weight in upstream pools
 3 files changed, 4 insertions(+), 3 deletions(-)""")
        t.bash("git push -u origin feat/nginx-upstreams", "Push the branch", err=git_push("feat/nginx-upstreams"))
        t.bash("glab mr create --fill --target-branch main --yes", "Open the merge request",
               out=mr_create("feat/nginx-upstreams", 212, "nginx_edge: optional per-member weight in upstream pools"))
        t.bash("glab ci status", "Pipeline status", out=ci_status(48213, "8c41d07e2b9f3a6d1c05e7f4a2b8d9c3e1f60a17", [
            ("success", "00m 21s", "lint", "yamllint"), ("success", "01m 02s", "lint", "ansible-lint"),
            ("running", "00m 48s", "test", "molecule: [nginx_edge]"), ("created", "00m 00s", "plan", "prod-check-diff")]))
        t.done("""!212 is open: https://gitlab.brightwell.io/platform/infra-ansible/-/merge_requests/212

The pipeline is running. yamllint and ansible-lint passed, Molecule for `nginx_edge` is running, and `prod-check-diff` comes after it. Its `plan.txt` artifact is the prod diff to review before merging.""")

        t = d.task("ASG just brought up web-stg-07 in staging. run base.yml on it so it gets users and chrony", tags=["mistake:M3"])
        t.fail("ansible-playbook -i inventories/aws-staging/ playbooks/base.yml --limit web-stg-07",
               "Run base on the new web instance", nomatch("web-stg-07"), code=1)
        t.read(P("inventories/aws-staging/aws_ec2.yml"))
        t.say("The aws_ec2 inventory is cached for an hour, and the cached copy was taken before the ASG launched "
              "web-stg-07. I'll refresh the inventory cache first.")
        t.bash("ansible-inventory -i inventories/aws-staging/ --flush-cache --graph role_web",
               "Refresh the EC2 inventory cache", out="""@role_web:
  |--web-stg-04
  |--web-stg-05
  |--web-stg-06
  |--web-stg-07""")
        t.bash("ansible-playbook -i inventories/aws-staging/ playbooks/base.yml --limit web-stg-07",
               "Run base on the new web instance", out=f"""
{hdr("PLAY [Base configuration]")}

{hdr("TASK [Gathering Facts]")}
ok: [web-stg-07]

{hdr("TASK [base : Create admin users]")}
changed: [web-stg-07] => (item=sam)
changed: [web-stg-07] => (item=priya)
changed: [web-stg-07] => (item=jonas)

{hdr("TASK [base : Authorized keys]")}
changed: [web-stg-07] => (item=sam)
changed: [web-stg-07] => (item=priya)
changed: [web-stg-07] => (item=jonas)

{hdr("TASK [base : Sudoers for admins]")}
changed: [web-stg-07]

{hdr("TASK [chrony : Install chrony]")}
ok: [web-stg-07]

{hdr("TASK [chrony : Remove ntp]")}
ok: [web-stg-07]

{hdr("TASK [chrony : Render chrony.conf]")}
changed: [web-stg-07]

{hdr("TASK [chrony : Enable chrony]")}
ok: [web-stg-07]

{hdr("RUNNING HANDLER [chrony : Restart chrony]")}
changed: [web-stg-07]

{recap([("web-stg-07", 9, 5, 0)])}""")
        t.done("web-stg-07 is done: admin users, keys, sudoers and chrony are in place. The first run didn't find the host because the inventory cache was from before the ASG launched it. I refreshed the cache and the run went through.")

        t = d.task("is there an ansible module for the new deb822 .sources format? the bookworm boxes are getting warnings "
                   "about the old sources.list", tags=["noise", "webfetch"])
        t.webfetch("https://docs.ansible.com/ansible/latest/collections/ansible/builtin/deb822_repository_module.html",
                   "Summarise what the module does, its main parameters, and the minimum version",
                   """ansible.builtin.deb822_repository – Add and remove deb822 formatted repositories (added in ansible-core 2.15).

Writes a `.sources` file under /etc/apt/sources.list.d/. Main parameters: `name` (file name), `types` (deb/deb-src), `uris`, `suites`, `components`, `signed_by` (a URL, file path or inline key), `architectures`, `enabled`, `state` (present/absent). It does not update the apt cache; run ansible.builtin.apt with update_cache afterwards. Requires python3-debian on the target.""")
        t.done("""Yes: `ansible.builtin.deb822_repository`, in ansible-core since 2.15, so we have it on 2.17.

```yaml
- name: Grafana apt repo
  ansible.builtin.deb822_repository:
    name: grafana
    types: deb
    uris: https://apt.grafana.com
    suites: stable
    components: main
    signed_by: https://apt.grafana.com/gpg.key
```

It writes `/etc/apt/sources.list.d/grafana.sources` but doesn't refresh the cache, so follow it with `ansible.builtin.apt: update_cache: true`. The target needs `python3-debian`.""")

        t = d.task("pull the debian12 molecule image ahead of time, I want to test node_exporter next", tags=["flaky:F1"])
        t.fail("podman pull docker.io/geerlingguy/docker-debian12-ansible:latest", "Pull the Molecule base image",
               """Trying to pull docker.io/geerlingguy/docker-debian12-ansible:latest...
Error: initializing source docker://geerlingguy/docker-debian12-ansible:latest: reading manifest latest in docker.io/geerlingguy/docker-debian12-ansible: received unexpected HTTP status: 503 Service Unavailable""", code=125)
        t.bash("podman pull docker.io/geerlingguy/docker-debian12-ansible:latest", "Pull the Molecule base image",
               out="""Trying to pull docker.io/geerlingguy/docker-debian12-ansible:latest...
Getting image source signatures
Copying blob sha256:3b8f0c9a1d2e4b7c6a5f8e9d0c1b2a3f4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b
Copying blob sha256:a1c4e7f2b9d8c3a6f5e0d1b2c3a4f5e6d7c8b9a0f1e2d3c4b5a6f7e8d9c0b1a2
Copying config sha256:7e2c91f0d8a3b6c5f4e1d0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9
Writing manifest to image destination
7e2c91f0d8a3b6c5f4e1d0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9""")
        t.done("Docker Hub answered 503 the first time. The retry pulled it fine, so `geerlingguy/docker-debian12-ansible:latest` is local now.")

    # ============================================================ S4 Wed 12-09
    with d.session("2026-12-09T13:45:00", R, branch="feat/node-exporter", version="2.1.110"):
        t = d.task("node_exporter role next: download the release tarball, systemd unit from a template, textfile "
                   "collector dir. same as always, the ansible_managed comment goes at the top of the unit template. "
                   "converge it in molecule first, then the full lint + test", tags=["mistake:M1", "pref:P1", "workflow:W1"])
        t.bash("ansible-galaxy role init --role-skeleton=skeletons/role --init-path roles node_exporter",
               "Scaffold the role", out="- Role node_exporter was created successfully")
        d.files[P("roles/node_exporter/meta/main.yml")] = meta("node_exporter", "Prometheus node_exporter")
        t.write(P("roles/node_exporter/defaults/main.yml"), """---
node_exporter_version: "1.8.2"
node_exporter_listen: "0.0.0.0:9100"
node_exporter_textfile_dir: /var/lib/node_exporter/textfile
""")
        t.write(P("roles/node_exporter/tasks/main.yml"), """---
- name: Create node_exporter user
  ansible.builtin.user:
    name: node_exporter
    system: true
    shell: /usr/sbin/nologin
    create_home: false

- name: Download and unpack node_exporter
  ansible.builtin.unarchive:
    src: "https://github.com/prometheus/node_exporter/releases/download/v{{ node_exporter_version }}/node_exporter-{{ node_exporter_version }}.linux-amd64.tar.gz"
    dest: /opt
    remote_src: true
    creates: "/opt/node_exporter-{{ node_exporter_version }}.linux-amd64/node_exporter"

- name: Create textfile collector dir
  ansible.builtin.file:
    path: "{{ node_exporter_textfile_dir }}"
    state: directory
    owner: node_exporter
    mode: "0755"

- name: Install systemd unit
  ansible.builtin.template:
    src: node_exporter.service.j2
    dest: /etc/systemd/system/node_exporter.service
    mode: "0644"
  notify: Restart node_exporter

- name: Enable node_exporter
  ansible.builtin.systemd_service:
    name: node_exporter
    state: started
    enabled: true
    daemon_reload: true
""")
        t.write(P("roles/node_exporter/templates/node_exporter.service.j2"), """{{ ansible_managed | comment }}
[Unit]
Description=Prometheus node_exporter
After=network-online.target

[Service]
User=node_exporter
ExecStart=/opt/node_exporter-{{ node_exporter_version }}.linux-amd64/node_exporter \\
  --web.listen-address={{ node_exporter_listen }} \\
  --collector.textfile.directory={{ node_exporter_textfile_dir }}
Restart=on-failure

[Install]
WantedBy=multi-user.target
""")
        t.fail("cd roles/node_exporter && molecule converge", "Converge in Molecule",
               fqrn_fail("node_exporter", step="converge"), code=1)
        t.read(P("roles/node_exporter/meta/main.yml"))
        t.edit(P("roles/node_exporter/meta/main.yml"), "galaxy_info:\n  author: Platform SRE\n",
               "galaxy_info:\n  namespace: brightwell\n  role_name: node_exporter\n  author: Platform SRE\n")
        t.bash("cd roles/node_exporter && molecule converge", "Converge in Molecule", out=f"""INFO     default scenario test matrix: dependency, create, prepare, converge
INFO     Performing prerun with role_name_check=0...
INFO     Running default > dependency
WARNING  Skipping, missing the requirements file.
WARNING  Skipping, missing the requirements file.
INFO     Running default > create

{hdr("PLAY [Create]")}

{hdr("TASK [Create molecule instance(s)]")}
changed: [localhost] => (item=instance)

{recap([("localhost", 6, 2, 1)])}

INFO     Running default > prepare
WARNING  Skipping, prepare playbook not configured.
INFO     Running default > converge

{hdr("PLAY [Converge]")}

{hdr("TASK [Gathering Facts]")}
ok: [instance]

{hdr("TASK [brightwell.node_exporter : Create node_exporter user]")}
changed: [instance]

{hdr("TASK [brightwell.node_exporter : Download and unpack node_exporter]")}
changed: [instance]

{hdr("TASK [brightwell.node_exporter : Create textfile collector dir]")}
changed: [instance]

{hdr("TASK [brightwell.node_exporter : Install systemd unit]")}
changed: [instance]

{hdr("TASK [brightwell.node_exporter : Enable node_exporter]")}
changed: [instance]

{hdr("RUNNING HANDLER [brightwell.node_exporter : Restart node_exporter]")}
changed: [instance]

{recap([("instance", 7, 6, 0)])}""", timeout=600000)
        t.bash("yamllint roles/node_exporter && ansible-lint roles/node_exporter", "Lint the role", err=LINT_OK.format(n=8))
        t.bash("cd roles/node_exporter && molecule test", "Full Molecule test",
               out=molecule_ok("node_exporter", ["Create node_exporter user", "Download and unpack node_exporter",
                                                 "Create textfile collector dir", "Install systemd unit", "Enable node_exporter"],
                               ["Check port 9100 answers", "Check textfile dir exists"]), timeout=900000)
        t.done("""`roles/node_exporter` is done: system user, v1.8.2 tarball into `/opt`, textfile dir, systemd unit from `node_exporter.service.j2` (managed header on top), restart handler.

The first converge hit the same meta problem as chrony: the skeleton leaves out `namespace`. With `namespace: brightwell` / `role_name: node_exporter` it converges, lint is clean and `molecule test` passes, including idempotence and verify (port 9100, textfile dir).""")

        t = d.task("dump the prod inventory graph, I want to see how the groups nest before I decide where node_exporter goes",
                   tags=["noise", "long_output"])
        groups = [("edge", [f"edge-prod-0{i}" for i in range(1, 5)]),
                  ("lb", ["lb-prod-01", "lb-prod-02"]),
                  ("app", [f"app-prod-{i:02d}" for i in range(1, 25)]),
                  ("db", ["db-prod-01", "db-prod-02", "db-prod-03"]),
                  ("kafka", [f"kafka-prod-0{i}" for i in range(1, 6)]),
                  ("mon", ["mon-prod-01", "mon-prod-02"]),
                  ("sftp", ["sftp-prod-01"]),
                  ("build", [f"build-prod-{i:02d}" for i in range(1, 13)]),
                  ("legacy_centos", [f"legacy-prod-{i:02d}" for i in range(1, 9)])]
        g = ["@all:", "  |--@ungrouped:", "  |--@dc_ams:"]
        for name, hosts in groups[:5]:
            g.append(f"  |  |--@{name}:")
            g += [f"  |  |  |--{h}" for h in hosts]
        g.append("  |--@dc_fra:")
        for name, hosts in groups[5:]:
            g.append(f"  |  |--@{name}:")
            g += [f"  |  |  |--{h}" for h in hosts]
        g.append("  |--@debian:")
        for name, hosts in groups[:7]:
            g += [f"  |  |--{h}" for h in hosts]
        g.append("  |--@el9:")
        g += [f"  |  |--{h}" for h in groups[7][1]]
        g.append("  |--@el7:")
        g += [f"  |  |--{h}" for h in groups[8][1]]
        t.bash("ansible-inventory -i inventories/prod/hosts.yml --graph", "Show the prod inventory graph", out="\n".join(g))
        t.done("""Prod has two locations, `dc_ams` (edge, lb, app, db, kafka) and `dc_fra` (mon, sftp, build, legacy_centos). The OS groups cut across them: `debian`, `el9` (build farm), `el7` (the legacy boxes).

For node_exporter I'd put it in `base`, which every host gets, and leave out `el7` with a `when:`. The 1.8.x binaries still run there, but systemd 219 doesn't know some unit options.""")

        t = d.task("can you read the current base AMI id from SSM in prod? /infra/prod/ami/base", tags=["unfixed:U1"])
        t.fail("aws ssm get-parameter --name /infra/prod/ami/base --with-decryption --profile bw-prod-readonly --query Parameter.Value --output text",
               "Read the prod base AMI parameter",
               """
An error occurred (AccessDeniedException) when calling the GetParameter operation: User: arn:aws:sts::418227730194:assumed-role/AWSReservedSSO_ReadOnlyAccess_5c2e8a1f07b3d946/sam.okafor@brightwell.io is not authorized to perform: ssm:GetParameter on resource: arn:aws:ssm:eu-west-1:418227730194:parameter/infra/prod/ami/base because no identity-based policy allows the ssm:GetParameter action""", code=254)
        t.bash("grep -E '^\\[profile ' ~/.aws/config", "List the configured AWS profiles", out="""[profile bw-staging]
[profile bw-prod-readonly]
[profile bw-shared-services]""")
        t.bash("aws sts get-caller-identity --profile bw-prod-readonly", "Check which role the profile uses", out="""{
    "UserId": "AROAWB3KQ7XN2EXAMPLE5:sam.okafor@brightwell.io",
    "Account": "418227730194",
    "Arn": "arn:aws:sts::418227730194:assumed-role/AWSReservedSSO_ReadOnlyAccess_5c2e8a1f07b3d946/sam.okafor@brightwell.io"
}""")
        t.done("I can't read it. The `bw-prod-readonly` SSO role (ReadOnlyAccess permission set) has no `ssm:GetParameter` on `/infra/prod/*`. That path is probably fenced off on purpose because of the SecureStrings next to it. It needs a permission-set change by whoever owns IAM Identity Center, or someone with the prod operator set can read it. I didn't try other profiles.")

    # ============================================================ S5 Fri 12-11 (SessionEnd other)
    with d.session("2026-12-11T10:20:00", R, branch="feat/node-exporter", version="2.1.110", end_reason="other"):
        t = d.task("roll node_exporter to stg-mon-01: dry run, apply, then make sure /metrics answers", tags=["workflow:W2"])
        t.bash("ansible-playbook -i inventories/staging/hosts.yml playbooks/monitoring.yml --limit stg-mon-01 --check --diff",
               "Dry run on stg-mon-01", out=f"""
{hdr("PLAY [Monitoring agents]")}

{hdr("TASK [Gathering Facts]")}
ok: [stg-mon-01]

{hdr("TASK [node_exporter : Create node_exporter user]")}
changed: [stg-mon-01]

{hdr("TASK [node_exporter : Download and unpack node_exporter]")}
skipping: [stg-mon-01]

{hdr("TASK [node_exporter : Create textfile collector dir]")}
--- before
+++ after
@@ -1,4 +1,4 @@
 {{
     "path": "/var/lib/node_exporter/textfile",
-    "state": "absent"
+    "state": "directory"
 }}

changed: [stg-mon-01]

{hdr("TASK [node_exporter : Install systemd unit]")}
--- before
+++ after: /home/sam/.ansible/tmp/ansible-local-61420c8v2b1q/tmpd9w1k0ae/node_exporter.service.j2
@@ -0,0 +1,15 @@
+#
+# Ansible managed
+#
+[Unit]
+Description=Prometheus node_exporter
+After=network-online.target
+
+[Service]
+User=node_exporter
+ExecStart=/opt/node_exporter-1.8.2.linux-amd64/node_exporter \\
+  --web.listen-address=0.0.0.0:9100 \\
+  --collector.textfile.directory=/var/lib/node_exporter/textfile
+Restart=on-failure
+
+[Install]

changed: [stg-mon-01]

{hdr("TASK [node_exporter : Enable node_exporter]")}
fatal: [stg-mon-01]: FAILED! => {{"changed": false, "msg": "Could not find the requested service node_exporter: host"}}
...ignoring

{hdr("RUNNING HANDLER [node_exporter : Restart node_exporter]")}
changed: [stg-mon-01]

{hdr("PLAY RECAP")}
stg-mon-01                 : ok=6    changed=4    unreachable=0    failed=0    skipped=1    rescued=0    ignored=1   """)
        t.bash("ansible-playbook -i inventories/staging/hosts.yml playbooks/monitoring.yml --limit stg-mon-01",
               "Apply on stg-mon-01", out=f"""
{hdr("PLAY [Monitoring agents]")}

{hdr("TASK [Gathering Facts]")}
ok: [stg-mon-01]

{hdr("TASK [node_exporter : Create node_exporter user]")}
changed: [stg-mon-01]

{hdr("TASK [node_exporter : Download and unpack node_exporter]")}
changed: [stg-mon-01]

{hdr("TASK [node_exporter : Create textfile collector dir]")}
changed: [stg-mon-01]

{hdr("TASK [node_exporter : Install systemd unit]")}
changed: [stg-mon-01]

{hdr("TASK [node_exporter : Enable node_exporter]")}
changed: [stg-mon-01]

{hdr("RUNNING HANDLER [node_exporter : Restart node_exporter]")}
changed: [stg-mon-01]

{recap([("stg-mon-01", 7, 6, 0)])}""")
        t.bash("ansible -i inventories/staging/hosts.yml stg-mon-01 -m ansible.builtin.command -a 'curl -fsS http://127.0.0.1:9100/metrics' | grep -E '^node_(exporter_build_info|textfile_scrape_error)'",
               "Check /metrics on stg-mon-01", out="""node_exporter_build_info{branch="HEAD",goarch="amd64",goos="linux",goversion="go1.22.5",revision="f1e0e8360aa60b6cb5e5cc1560bed348fc2c1895",tags="unknown",version="1.8.2"} 1
node_textfile_scrape_error 0""")
        t.done("""node_exporter 1.8.2 is running on stg-mon-01.

**Dry run**: user, textfile dir and unit would be created. "Enable" fails in check mode only because the unit doesn't exist yet, and that error was ignored.
**Apply**: 6 changed, handler restarted the service.
**Check**: `/metrics` on :9100 answers. `node_exporter_build_info` shows version 1.8.2, and `node_textfile_scrape_error 0` means the textfile dir is readable.
**Next**: add the target to the Prometheus scrape config for staging (not in this repo, it's in `monitoring-config`). Then the same roll to the rest of staging with `serial`.""")

        t = d.task("that rollout summary was a wall of text for what is basically 'it works'. cut half of it next time: "
                   "host, changed count, check result, one line each", tags=["feedback", "no_tools"],
                   feedback="that rollout summary was a wall of text for what is basically 'it works'. cut half of it next time")
        t.done("stg-mon-01: node_exporter 1.8.2 applied, 6 changed.\nCheck: /metrics 200, textfile scrape error 0.")

        t = d.task("handlers: if two roles notify 'Restart nginx' does it restart twice? and what's listen: for?",
                   tags=["noise", "no_tools"])
        t.done("""No. A handler runs once per flush, however many tasks notify it. Handlers flush at the end of each play section (`pre_tasks`, `roles`/`tasks`, `post_tasks`) or where you put `meta: flush_handlers`. So it restarts at most once per section.

But handlers are matched by name within the play. If two roles each define their own `Restart nginx`, the later definition wins and only that one runs. `listen:` is the clean fix: give handlers a topic (`listen: restart web stack`) and notify the topic. Every handler listening to it runs once, and roles don't have to know each other's handler names.""")

    # ============================================================ S6 Mon 12-14 (compaction)
    with d.session("2026-12-14T09:05:00", R, branch="feat/haproxy-tuning", version="2.1.111"):
        t = d.task("add the h2 timeouts to haproxy defaults (http-request 10s, http-keep-alive 2s) and run yamllint on the role",
                   tags=["oneoff:O2"])
        t.read(P("roles/haproxy/defaults/main.yml"))
        t.edit(P("roles/haproxy/defaults/main.yml"), "  server: 60s\n",
               "  server: 60s\n  http-request: 10s\n    http-keep-alive: 2s\n")
        t.fail("yamllint roles/haproxy", "yamllint the haproxy role", """roles/haproxy/defaults/main.yml
  10:20     error    syntax error: mapping values are not allowed here (syntax)
""", code=1)
        t.edit(P("roles/haproxy/defaults/main.yml"), "    http-keep-alive: 2s\n", "  http-keep-alive: 2s\n")
        t.bash("yamllint roles/haproxy", "yamllint the haproxy role")
        t.bash("ansible-playbook -i inventories/staging/hosts.yml playbooks/lb.yml --syntax-check", "Syntax check the lb playbook",
               out="\nplaybook: playbooks/lb.yml")
        t.done("The two timeouts are in `haproxy_timeouts`. My edit had indented `http-keep-alive` one level too deep and yamllint caught it. Fixed, and yamllint is clean now.")

        t = d.task("what would that do on lb-prod-01? dry run with diff please", tags=["mistake:M2"])
        t.fail("ansible-playbook -i inventories/prod/hosts.yml playbooks/lb.yml --limit lb-prod-01 --check --diff",
               "Dry run the lb playbook on lb-prod-01", f"""
{hdr("PLAY [Load balancers]")}
ERROR! Decryption failed (no vault secrets were found that could decrypt) on {P("inventories/prod/group_vars/lb/vault.yml")}""", code=1)
        t.say("Prod vault again. Only dev and staging identities are loaded by default. Adding the prod vault id to the run.")
        t.bash(f"ansible-playbook -i inventories/prod/hosts.yml playbooks/lb.yml --limit lb-prod-01 --check --diff --vault-id prod@$HOME/.config/ansible/vault-prod.pass",
               "Dry run the lb playbook on lb-prod-01 with the prod vault id", out=f"""
{hdr("PLAY [Load balancers]")}

{hdr("TASK [Gathering Facts]")}
ok: [lb-prod-01]

{hdr("TASK [haproxy : Install haproxy]")}
ok: [lb-prod-01]

{hdr("TASK [haproxy : Install TLS bundle]")}
ok: [lb-prod-01]

{hdr("TASK [haproxy : Render haproxy.cfg]")}
--- before: /etc/haproxy/haproxy.cfg
+++ after: /home/sam/.ansible/tmp/ansible-local-70133j1f9w2p/tmpm8c3q1vz/haproxy.cfg.j2
@@ -14,6 +14,8 @@
     timeout connect 5s
     timeout client 60s
     timeout server 60s
+    timeout http-request 10s
+    timeout http-keep-alive 2s
 
 frontend fe_https
     bind *:443 ssl crt /etc/haproxy/certs/bundle.pem alpn h2,http/1.1

changed: [lb-prod-01]

{hdr("RUNNING HANDLER [haproxy : Reload haproxy]")}
changed: [lb-prod-01]

{recap([("lb-prod-01", 5, 2, 0)])}""")
        t.done("lb-prod-01: only `haproxy.cfg` changes, adding `timeout http-request 10s` and `timeout http-keep-alive 2s` to `defaults`, followed by a reload (not a restart). The TLS bundle from the prod vault is unchanged.")

        t = d.task("haproxy needs a maintenance page: templates/maintenance.http.j2 (a raw 503 response with a short html body), "
                   "wired as errorfile 503. don't forget the {{ ansible_managed | comment }} line on top, like all our templates. "
                   "then lint + molecule", tags=["pref:P1", "workflow:W1"])
        t.write(P("roles/haproxy/templates/maintenance.http.j2"), """{{ ansible_managed | comment }}
HTTP/1.1 503 Service Unavailable
Cache-Control: no-cache
Connection: close
Content-Type: text/html

<html><body><h1>Brightwell is down for maintenance</h1>
<p>We'll be back in a few minutes. Status: https://status.brightwell.io</p></body></html>
""")
        t.write(P("roles/haproxy/tasks/maintenance.yml"), """---
- name: Install maintenance page
  ansible.builtin.template:
    src: maintenance.http.j2
    dest: /etc/haproxy/errors/503.http
    owner: root
    group: haproxy
    mode: "0644"
  notify: Reload haproxy
""")
        t.bash("yamllint roles/haproxy && ansible-lint roles/haproxy", "Lint the role", err=LINT_OK.format(n=12))
        t.bash("cd roles/haproxy && molecule test", "Molecule test haproxy",
               out=molecule_ok("haproxy", ["Install haproxy", "Install TLS bundle", "Render haproxy.cfg", "Install maintenance page"],
                               ["Check haproxy -c passes", "Check 503 errorfile"]), timeout=900000)
        t.done("""Added `templates/maintenance.http.j2` (managed header, raw 503 with a small HTML body) and `tasks/maintenance.yml`, which installs it as `/etc/haproxy/errors/503.http` and reloads haproxy. `haproxy.cfg.j2` points `errorfile 503` at it. Lint is clean and `molecule test` passed, including verify (`haproxy -c` and the errorfile check).

Careful: the `ansible_managed` comment lines end up inside the HTTP response file. HAProxy sends errorfiles byte for byte, so those `#` lines come before the status line. I kept the header as you asked, but if `curl -i` against the maintenance page looks wrong, this is why.""")

        d.precompact("""Analysis: Sam Okafor (SRE, Brightwell) works in platform/infra-ansible on GitLab: ansible-core 2.17, roles under roles/ (skeleton in skeletons/role), inventories staging/prod (static, vault ids dev/staging/prod) and aws-staging (amazon.aws.aws_ec2, cached), Molecule with Podman, ansible-lint + yamllint, glab, GitLab CI doing prod check-diff and manual apply.
Done so far: chrony role (T02), nginx_edge per-member weights (MR !212), community.general 10.1.0 pinned, node_exporter role + rolled to stg-mon-01, haproxy h2 timeouts (dry-run on lb-prod-01 OK), haproxy maintenance page template.
Conventions: every template starts with {{ ansible_managed | comment }}; commit subject starts with the role name; exact versions in requirements.yml; short rollout summaries (host, changed count, check result).
Current branch feat/haproxy-tuning, not pushed yet.""")

        t = d.task("push haproxy-tuning and open the MR, same drill as last time", tags=["workflow:W3"])
        t.bash("git status --short", "See what's changed", out=""" M roles/haproxy/defaults/main.yml
 M roles/haproxy/templates/haproxy.cfg.j2
?? roles/haproxy/tasks/maintenance.yml
?? roles/haproxy/templates/maintenance.http.j2""")
        t.bash("git add roles/haproxy && git commit -m 'haproxy: h2 timeouts and 503 maintenance errorfile'",
               "Commit", out="""[feat/haproxy-tuning 2d7e9b4] haproxy: h2 timeouts and 503 maintenance errorfile
 4 files changed, 27 insertions(+), 1 deletion(-)
 create mode 100644 roles/haproxy/tasks/maintenance.yml
 create mode 100644 roles/haproxy/templates/maintenance.http.j2""")
        t.bash("git push -u origin feat/haproxy-tuning", "Push", err=git_push("feat/haproxy-tuning", 7))
        t.bash("glab mr create --fill --target-branch main --yes", "Open the MR",
               out=mr_create("feat/haproxy-tuning", 219, "haproxy: h2 timeouts and 503 maintenance errorfile"))
        t.bash("glab ci status", "Pipeline status", out=ci_status(48377, "2d7e9b41c0a8f5e3d9b2c7a6e1f4d0b8c3a5e9f2", [
            ("success", "00m 19s", "lint", "yamllint"), ("success", "00m 58s", "lint", "ansible-lint"),
            ("success", "03m 41s", "test", "molecule: [haproxy]"), ("running", "01m 12s", "plan", "prod-check-diff")]))
        t.done("!219 is open (https://gitlab.brightwell.io/platform/infra-ansible/-/merge_requests/219). Lint and Molecule are green, and `prod-check-diff` is running. Its plan.txt should match the lb-prod-01 dry run: the two timeouts and a reload.")

    # ============================================================ S7 Wed 12-16
    with d.session("2026-12-16T14:10:00", R, branch="main", version="2.1.112"):
        t = d.task("Jonas tagged three new instances Role=kafka in staging this morning (terraform). dry run kafka.yml "
                   "against role_kafka", tags=["mistake:M3"])
        t.glob("playbooks/kafka*.yml", [P("playbooks/kafka.yml")])
        t.fail("ansible-playbook -i inventories/aws-staging/ playbooks/kafka.yml --limit role_kafka --check --diff",
               "Dry run kafka on role_kafka", nomatch("role_kafka"), code=1)
        t.say("`role_kafka` is built from the Role tag, and the cached inventory is older than this morning's tagging, so "
              "the group doesn't exist yet. Refreshing the cache before repeating.")
        t.bash("ansible-inventory -i inventories/aws-staging/aws_ec2.yml --flush-cache --list | jq -r '.role_kafka.hosts[]'",
               "Refresh the EC2 inventory cache and list role_kafka", out="kafka-stg-01\nkafka-stg-02\nkafka-stg-03")
        t.bash("ansible-playbook -i inventories/aws-staging/ playbooks/kafka.yml --limit role_kafka --check --diff",
               "Dry run kafka on role_kafka", out=f"""
{hdr("PLAY [Kafka brokers]")}

{hdr("TASK [Gathering Facts]")}
ok: [kafka-stg-01]
ok: [kafka-stg-02]
ok: [kafka-stg-03]

{hdr("TASK [kafka : Install Temurin 21 JRE]")}
changed: [kafka-stg-01]
changed: [kafka-stg-02]
changed: [kafka-stg-03]

{hdr("TASK [kafka : Unpack Kafka 3.8.1]")}
skipping: [kafka-stg-01]
skipping: [kafka-stg-02]
skipping: [kafka-stg-03]

{hdr("TASK [kafka : Render server.properties]")}
changed: [kafka-stg-01]
changed: [kafka-stg-02]
changed: [kafka-stg-03]

{hdr("TASK [kafka : Install kafka.service]")}
changed: [kafka-stg-01]
changed: [kafka-stg-02]
changed: [kafka-stg-03]

{hdr("PLAY RECAP")}
kafka-stg-01               : ok=4    changed=3    unreachable=0    failed=0    skipped=1    rescued=0    ignored=0   
kafka-stg-02               : ok=4    changed=3    unreachable=0    failed=0    skipped=1    rescued=0    ignored=0   
kafka-stg-03               : ok=4    changed=3    unreachable=0    failed=0    skipped=1    rescued=0    ignored=0   """)
        t.done("kafka-stg-01..03: JRE, server.properties and kafka.service would be created (unpack is skipped in check mode), 3 changed each. The first run didn't see the group because the inventory cache was older than the tags. Refreshed.")

        t = d.task("read me the prod-apply part of the CI config: who can trigger it and does it run the whole site.yml?",
                   tags=["noise"])
        t.grep("when: manual|protected", path=P(".gitlab-ci.yml"), output_mode="content", n=True,
               content="46:      when: manual")
        t.read(P(".gitlab-ci.yml"), offset=39, limit=8)
        t.done("""`prod-apply`:

- runs only on `main` and is `when: manual`, so anyone with Developer rights who can run pipelines on `main` can click it. If `main` is a protected branch with protected manual jobs, that becomes Maintainers.
- runs the **whole** `site.yml` against `inventories/prod/hosts.yml`, with no `--limit` and no `serial` at job level. How far a change reaches depends on the plays themselves.
- writes the prod vault password from the `VAULT_PROD_PASS` CI variable into `/tmp` and passes it with `--vault-id prod@…`.

To keep risky changes small, use a `serial` in the affected play or a separate job with `--limit`.""")

        t = d.task("ping stg-sftp-01, the partner says uploads time out", tags=["unfixed:U2"])
        t.fail("ansible -i inventories/staging/hosts.yml stg-sftp-01 -m ansible.builtin.ping", "Ping stg-sftp-01",
               """stg-sftp-01 | UNREACHABLE! => {
    "changed": false,
    "msg": "Failed to connect to the host via ssh: ssh: connect to host 10.20.8.14 port 22: No route to host",
    "unreachable": true
}""", code=4)
        t.fail("ansible -i inventories/staging/hosts.yml stg-bastion-01 -m ansible.builtin.command -a 'ping -c 3 -W 2 10.20.8.14'",
               "Ping it from the staging bastion", """stg-bastion-01 | FAILED | rc=1 >>
PING 10.20.8.14 (10.20.8.14) 56(84) bytes of data.
From 10.20.8.1 icmp_seq=1 Destination Host Unreachable
From 10.20.8.1 icmp_seq=2 Destination Host Unreachable
From 10.20.8.1 icmp_seq=3 Destination Host Unreachable

--- 10.20.8.14 ping statistics ---
3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2044ms
non-zero return code""", code=2)
        t.done("stg-sftp-01 (10.20.8.14) is gone from the network. ssh gets `No route to host`, and from the bastion the gateway answers `Destination Host Unreachable`, so the VM is down or its NIC is. It's a VMware guest in AMS, so it needs someone with vCenter access (DC on-call). Nothing Ansible can do until it's back.")

    # ============================================================ S8 Fri 12-18
    with d.session("2026-12-18T09:40:00", R, branch="feat/logrotate-app", version="2.1.113"):
        t = d.task("new role logrotate_app: one logrotate snippet per app from a logrotate_apps list (path, rotate, "
                   "size), templated. lint, molecule test", tags=["mistake:M1", "workflow:W1"])
        t.bash("ansible-galaxy role init --role-skeleton=skeletons/role --init-path roles logrotate_app",
               "Scaffold the role", out="- Role logrotate_app was created successfully")
        d.files[P("roles/logrotate_app/meta/main.yml")] = meta("logrotate_app", "Logrotate snippets for applications")
        t.write(P("roles/logrotate_app/defaults/main.yml"), """---
logrotate_apps: []
# - name: checkout
#   path: /var/log/checkout/*.log
#   rotate: 14
#   size: 100M
""")
        t.write(P("roles/logrotate_app/tasks/main.yml"), """---
- name: Install logrotate snippets
  ansible.builtin.template:
    src: app.logrotate.j2
    dest: "/etc/logrotate.d/{{ item.name }}"
    mode: "0644"
    validate: logrotate -d %s
  loop: "{{ logrotate_apps }}"
  loop_control:
    label: "{{ item.name }}"
""")
        t.write(P("roles/logrotate_app/templates/app.logrotate.j2"), """{{ ansible_managed | comment }}
{{ item.path }} {
    size {{ item.size | default('100M') }}
    rotate {{ item.rotate | default(7) }}
    compress
    delaycompress
    missingok
    notifempty
    copytruncate
}
""")
        t.bash("yamllint roles/logrotate_app && ansible-lint roles/logrotate_app", "Lint the role", err=LINT_OK.format(n=6))
        t.fail("cd roles/logrotate_app && molecule test --destroy=always", "Molecule test logrotate_app",
               fqrn_fail("logrotate_app"), code=1)
        t.read(P("roles/logrotate_app/meta/main.yml"))
        t.edit(P("roles/logrotate_app/meta/main.yml"), "galaxy_info:\n  author: Platform SRE\n",
               "galaxy_info:\n  namespace: brightwell\n  role_name: logrotate_app\n  author: Platform SRE\n")
        t.bash("cd roles/logrotate_app && molecule test --destroy=always", "Molecule test logrotate_app",
               out=molecule_ok("logrotate_app", ["Install logrotate snippets"], ["Check logrotate -d on the snippet"]),
               timeout=900000)
        t.done("`roles/logrotate_app` renders one `/etc/logrotate.d/<name>` per entry, checked with `logrotate -d` before it's written. Lint is clean. The skeleton's meta again had no namespace and Molecule stopped in the prerun. Added `namespace: brightwell` / `role_name: logrotate_app`, and the test passes.")

        t = d.task("change of plan on requirements.yml: go to version ranges, >=x,<next-major, so we pick up patch "
                   "releases without an MR each time. exact pins cost us more than they saved", tags=["reversal:P3"])
        t.read(P("requirements.yml"))
        t.write(P("requirements.yml"), """---
collections:
  - name: amazon.aws
    version: ">=8.2.1,<9.0.0"
  - name: community.general
    version: ">=10.1.0,<11.0.0"
  - name: ansible.posix
    version: ">=1.6.2,<2.0.0"
  - name: community.postgresql
    version: ">=3.6.1,<4.0.0"
  - name: containers.podman
    version: ">=1.16.2,<2.0.0"
""")
        t.bash("ansible-galaxy collection install -r requirements.yml --upgrade", "Install with the new ranges",
               out="""Starting galaxy collection install process
Process install dependency map
Starting collection install process
Downloading https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/artifacts/amazon-aws-8.2.1.tar.gz to /home/sam/.ansible/tmp/ansible-local-80214p3c1d8e/tmp0f2k9xq1/amazon-aws-8.2.1-u8c1f3d2
Installing 'amazon.aws:8.2.1' to '/home/sam/src/infra-ansible/collections/ansible_collections/amazon/aws'
amazon.aws:8.2.1 was installed successfully
Downloading https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/artifacts/community-general-10.2.0.tar.gz to /home/sam/.ansible/tmp/ansible-local-80214p3c1d8e/tmp0f2k9xq1/community-general-10.2.0-9wq4m1b0
Installing 'community.general:10.2.0' to '/home/sam/src/infra-ansible/collections/ansible_collections/community/general'
community.general:10.2.0 was installed successfully
Downloading https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/artifacts/ansible-posix-1.6.2.tar.gz to /home/sam/.ansible/tmp/ansible-local-80214p3c1d8e/tmp0f2k9xq1/ansible-posix-1.6.2-3n7v0kqz
Installing 'ansible.posix:1.6.2' to '/home/sam/src/infra-ansible/collections/ansible_collections/ansible/posix'
ansible.posix:1.6.2 was installed successfully
Downloading https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/artifacts/community-postgresql-3.7.0.tar.gz to /home/sam/.ansible/tmp/ansible-local-80214p3c1d8e/tmp0f2k9xq1/community-postgresql-3.7.0-k2r8d1ws
Installing 'community.postgresql:3.7.0' to '/home/sam/src/infra-ansible/collections/ansible_collections/community/postgresql'
community.postgresql:3.7.0 was installed successfully
Downloading https://galaxy.ansible.com/api/v3/plugin/ansible/content/published/collections/artifacts/containers-podman-1.16.3.tar.gz to /home/sam/.ansible/tmp/ansible-local-80214p3c1d8e/tmp0f2k9xq1/containers-podman-1.16.3-c4t0n8ae
Installing 'containers.podman:1.16.3' to '/home/sam/src/infra-ansible/collections/ansible_collections/containers/podman'
containers.podman:1.16.3 was installed successfully""")
        t.done("`requirements.yml` now uses `>=current,<next-major` for all five. `--upgrade` picked up community.general 10.2.0, community.postgresql 3.7.0 and containers.podman 1.16.3. amazon.aws and ansible.posix had no newer release in range, so they stayed. CI's runner image gets the same versions at its next rebuild.")

        t = d.task("serial: '25%' with max_fail_percentage: 10 on a 12 host group, how many failures until it stops?",
                   tags=["noise", "no_tools"])
        t.done("""12 hosts at 25% gives batches of 3. `max_fail_percentage` is checked **per batch**, and the play aborts when the failed share is *greater than* the value. In a batch of 3 a single failure is 33% > 10%, so the **first** failed host stops the rollout after its batch.

If you want it to tolerate exactly one bad host per batch, you'd need a much higher percentage (above 33), or `serial: 1` with `max_fail_percentage: 0`, which is usually what you want for stateful groups anyway.""")

    # ============================================================ S9 Mon 12-21
    with d.session("2026-12-21T10:15:00", R, branch="feat/packer-base", version="2.1.114"):
        t = d.task("build a fresh staging base AMI with packer (packer/base-ami.pkr.hcl) so the ASG picks up chrony + "
                   "node_exporter", tags=["noise", "long_output"])
        t.read(P("packer/base-ami.pkr.hcl"))
        t.bash("cd packer && packer validate base-ami.pkr.hcl", "Validate the template", out="The configuration is valid.")
        build = ["amazon-ebs.base: output will be in this color.", "",
                 "==> amazon-ebs.base: Prevalidating any provided VPC information",
                 "==> amazon-ebs.base: Prevalidating AMI Name: bw-base-debian12-1766312402",
                 "    amazon-ebs.base: Found Image ID: ami-0a8f2c41de7b93e15",
                 "==> amazon-ebs.base: Creating temporary keypair: packer_6947d3d2-7b1e-f0a4-2c9d-3e1b6f8a5c07",
                 "==> amazon-ebs.base: Creating temporary security group for this instance: packer_6947d3d5-0c2a-91e7-6b4f-d8a3e5c1f290",
                 "==> amazon-ebs.base: Authorizing access to port 22 from [0.0.0.0/0] in the temporary security groups...",
                 "==> amazon-ebs.base: Launching a source AWS instance...",
                 "    amazon-ebs.base: Instance ID: i-04c7e1b9a2d8f3065",
                 "==> amazon-ebs.base: Waiting for instance (i-04c7e1b9a2d8f3065) to become ready...",
                 "==> amazon-ebs.base: Using SSH communicator to connect: 10.40.12.87",
                 "==> amazon-ebs.base: Waiting for SSH to become available...",
                 "==> amazon-ebs.base: Connected to SSH!",
                 "==> amazon-ebs.base: Provisioning with Ansible...",
                 "    amazon-ebs.base: Setting up proxy adapter for Ansible....",
                 "==> amazon-ebs.base: Executing Ansible: ansible-playbook -e packer_build_name=\"base\" -e packer_builder_type=amazon-ebs --ssh-extra-args '-o IdentitiesOnly=yes' --extra-vars image_build=true -e ansible_ssh_private_key_file=/tmp/ansible-key2914770310 -i /tmp/packer-provisioner-ansible1288305145 /home/sam/src/infra-ansible/playbooks/base.yml",
                 "    amazon-ebs.base:",
                 "    amazon-ebs.base: PLAY [Base configuration] ******************************************************",
                 "    amazon-ebs.base:",
                 "    amazon-ebs.base: TASK [Gathering Facts] *********************************************************",
                 "    amazon-ebs.base: ok: [default]"]
        for task in ["base : Set timezone", "base : Install base packages", "base : Create admin users", "base : Authorized keys",
                     "base : Sudoers for admins", "base : Harden sshd", "base : Unattended upgrades", "chrony : Install chrony",
                     "chrony : Remove ntp", "chrony : Render chrony.conf", "chrony : Enable chrony",
                     "node_exporter : Create node_exporter user", "node_exporter : Download and unpack node_exporter",
                     "node_exporter : Create textfile collector dir", "node_exporter : Install systemd unit",
                     "node_exporter : Enable node_exporter"]:
            build += ["    amazon-ebs.base:", "    amazon-ebs.base: " + hdr(f"TASK [{task}]"), "    amazon-ebs.base: changed: [default]"]
        build += ["    amazon-ebs.base:",
                  "    amazon-ebs.base: RUNNING HANDLER [chrony : Restart chrony] **************************************",
                  "    amazon-ebs.base: changed: [default]", "    amazon-ebs.base:",
                  "    amazon-ebs.base: RUNNING HANDLER [node_exporter : Restart node_exporter] ************************",
                  "    amazon-ebs.base: changed: [default]", "    amazon-ebs.base:",
                  "    amazon-ebs.base: PLAY RECAP *********************************************************************",
                  "    amazon-ebs.base: default                    : ok=19   changed=18   unreachable=0    failed=0    skipped=0    rescued=0    ignored=0",
                  "    amazon-ebs.base:",
                  "==> amazon-ebs.base: Stopping the source instance...",
                  "    amazon-ebs.base: Stopping instance",
                  "==> amazon-ebs.base: Waiting for the instance to stop...",
                  "==> amazon-ebs.base: Creating AMI bw-base-debian12-1766312402 from instance i-04c7e1b9a2d8f3065",
                  "    amazon-ebs.base: AMI: ami-07d3b9e41f2a86c50",
                  "==> amazon-ebs.base: Waiting for AMI to become ready...",
                  "==> amazon-ebs.base: Skipping Enable AMI deprecation...",
                  "==> amazon-ebs.base: Adding tags to AMI (ami-07d3b9e41f2a86c50)...",
                  "==> amazon-ebs.base: Tagging snapshot: snap-0e9a4c2d71b8f5036",
                  "==> amazon-ebs.base: Creating AMI tags",
                  "    amazon-ebs.base: Adding tag: \"Role\": \"base\"",
                  "    amazon-ebs.base: Adding tag: \"Built\": \"packer\"",
                  "==> amazon-ebs.base: Creating snapshot tags",
                  "==> amazon-ebs.base: Terminating the source AWS instance...",
                  "==> amazon-ebs.base: Cleaning up any extra volumes...",
                  "==> amazon-ebs.base: No volumes to clean up, skipping",
                  "==> amazon-ebs.base: Deleting temporary security group...",
                  "==> amazon-ebs.base: Deleting temporary keypair...",
                  "Build 'amazon-ebs.base' finished after 11 minutes 42 seconds.", "",
                  "==> Wait completed after 11 minutes 42 seconds", "",
                  "==> Builds finished. The artifacts of successful builds are:",
                  "--> amazon-ebs.base: AMIs were created:",
                  "eu-west-1: ami-07d3b9e41f2a86c50"]
        t.bash("cd packer && packer build base-ami.pkr.hcl", "Build the staging base AMI", out="\n".join(build), timeout=1800000)
        t.bash("aws ec2 describe-images --image-ids ami-07d3b9e41f2a86c50 --profile bw-staging --query 'Images[0].[Name,State,CreationDate]' --output text",
               "Confirm the AMI is available", out="bw-base-debian12-1766312402\tavailable\t2026-12-21T10:32:19.000Z")
        t.done("New staging base AMI: **ami-07d3b9e41f2a86c50** (`bw-base-debian12-1766312402`, eu-west-1), built in 11m42s from Debian 12 with `base.yml`, so chrony and node_exporter are baked in. The ASG's launch template still points at the old AMI. That's a Terraform change in `platform-infra` (`base_ami_id`); new instances won't get it until then.")

        t = d.task("what keys are in the prod db vault? names only, no values", tags=["mistake:M2"])
        t.fail("ansible-vault view inventories/prod/group_vars/db/vault.yml | grep -oE '^[a-z_]+:'",
               "List the key names in the prod db vault",
               "ERROR! Decryption failed (no vault secrets were found that could decrypt) on inventories/prod/group_vars/db/vault.yml for inventories/prod/group_vars/db/vault.yml",
               code=1)
        t.bash(f"ansible-vault view --vault-id prod@{VAULT_PROD} inventories/prod/group_vars/db/vault.yml | grep -oE '^[a-z_]+:'",
               "List the key names in the prod db vault with the prod vault id", out="""vault_pg_superuser_password:
vault_pg_replication_password:
vault_pg_exporter_password:
vault_pgbackrest_s3_key:
vault_pgbackrest_s3_secret:""")
        t.done("Five keys: `vault_pg_superuser_password`, `vault_pg_replication_password`, `vault_pg_exporter_password`, `vault_pgbackrest_s3_key`, `vault_pgbackrest_s3_secret`. Values not printed. The prod file needs `--vault-id prod@…` for `ansible-vault` too.")

        t = d.task("roll logrotate_app to stg-app-01 with the checkout entry (path /var/log/checkout/*.log, rotate 14, size 200M): "
                   "check-diff, apply, then logrotate -d on the host", tags=["workflow:W2"])
        t.bash("ansible-playbook -i inventories/staging/hosts.yml playbooks/app.yml --limit stg-app-01 --check --diff",
               "Dry run on stg-app-01", out=f"""
{hdr("PLAY [App servers]")}

{hdr("TASK [Gathering Facts]")}
ok: [stg-app-01]

{hdr("TASK [logrotate_app : Install logrotate snippets]")}
--- before
+++ after: /home/sam/.ansible/tmp/ansible-local-91877k2x0c4v/tmpa8w2e1mq/app.logrotate.j2
@@ -0,0 +1,12 @@
+#
+# Ansible managed
+#
+/var/log/checkout/*.log {{
+    size 200M
+    rotate 14
+    compress
+    delaycompress
+    missingok
+    notifempty
+    copytruncate
+}}

changed: [stg-app-01] => (item=checkout)

{recap([("stg-app-01", 2, 1, 0)])}""")
        t.bash("ansible-playbook -i inventories/staging/hosts.yml playbooks/app.yml --limit stg-app-01",
               "Apply on stg-app-01", out=f"""
{hdr("PLAY [App servers]")}

{hdr("TASK [Gathering Facts]")}
ok: [stg-app-01]

{hdr("TASK [logrotate_app : Install logrotate snippets]")}
changed: [stg-app-01] => (item=checkout)

{recap([("stg-app-01", 2, 1, 0)])}""")
        t.bash("ansible -i inventories/staging/hosts.yml stg-app-01 -b -m ansible.builtin.command -a 'logrotate -d /etc/logrotate.d/checkout'",
               "Debug-run logrotate on the snippet", out="""stg-app-01 | CHANGED | rc=0 >>
warning: logrotate in debug mode does nothing except printing debug messages!  Consider using verbose mode (-v) instead if this is not what you want.

reading config file /etc/logrotate.d/checkout
Reading state from file: /var/lib/logrotate/status
Allocating hash table for state file, size 64 entries

Handling 1 logs

rotating pattern: /var/log/checkout/*.log  209715200 bytes (14 rotations)
empty log files are not rotated, old logs are removed
considering log /var/log/checkout/app.log
  Now: 2026-12-21 10:52
  Last rotated at 2026-12-21 10:00
  log does not need rotating (log size is below the 'size' threshold)""")
        t.done("stg-app-01: checkout logrotate snippet applied, 1 changed.\nCheck: `logrotate -d` parses it (200M, 14 rotations), app.log is below the threshold.")

    # ============================================================ S10 Mon 12-28
    with d.session("2026-12-28T09:50:00", R, branch="feat/logrotate-app", version="2.1.116"):
        t = d.task("bastion-stg-02 replaced the old staging bastion over the weekend (new AMI). run bastion.yml on it",
                   tags=["mistake:M3"])
        t.fail("ansible-playbook -i inventories/aws-staging/ playbooks/bastion.yml --limit bastion-stg-02",
               "Run the bastion playbook on bastion-stg-02", nomatch("bastion-stg-02"), code=1)
        t.bash("ansible-inventory -i inventories/aws-staging/aws_ec2.yml --flush-cache --host bastion-stg-02",
               "Refresh the EC2 inventory cache and look up the host", out="""{
    "ansible_host": "10.40.1.23",
    "instance_id": "i-0b2e8d4f61a7c9035",
    "instance_type": "t3.micro",
    "placement": {
        "availability_zone": "eu-west-1a",
        "region": "eu-west-1"
    },
    "private_ip_address": "10.40.1.23",
    "tags": {
        "Environment": "staging",
        "Name": "bastion-stg-02",
        "Role": "bastion"
    }
}""")
        t.bash("ansible-playbook -i inventories/aws-staging/ playbooks/bastion.yml --limit bastion-stg-02",
               "Run the bastion playbook on bastion-stg-02", out=f"""
{hdr("PLAY [Bastion hosts]")}

{hdr("TASK [Gathering Facts]")}
ok: [bastion-stg-02]

{hdr("TASK [bastion : Install fail2ban]")}
changed: [bastion-stg-02]

{hdr("TASK [bastion : sshd AllowGroups]")}
changed: [bastion-stg-02]

{hdr("TASK [bastion : Session recording (tlog)]")}
changed: [bastion-stg-02]

{hdr("RUNNING HANDLER [bastion : Reload sshd]")}
changed: [bastion-stg-02]

{recap([("bastion-stg-02", 5, 4, 0)])}""")
        t.done("bastion-stg-02 (10.40.1.23): fail2ban, sshd AllowGroups and tlog session recording applied, 4 changed. It only showed up after refreshing the EC2 inventory cache.")

        t = d.task("push logrotate_app + the requirements ranges and open the MR", tags=["workflow:W3"])
        t.bash("git status --short", "See what's changed", out=""" M requirements.yml
?? roles/logrotate_app/""")
        t.bash("git log --oneline -3", "Recent commits on the branch", out="""c91a3fe Merge branch 'feat/haproxy-tuning' into 'main'
2d7e9b4 haproxy: h2 timeouts and 503 maintenance errorfile
7f0e2d1 Merge branch 'feat/nginx-upstreams' into 'main'""")
        t.bash("git add roles/logrotate_app requirements.yml && git commit -m 'logrotate_app: new role for per-app logrotate snippets' "
               "-m 'requirements.yml: collections on >=current,<next-major ranges.'", "Commit",
               out="""[feat/logrotate-app 5b0c8e2] logrotate_app: new role for per-app logrotate snippets
 9 files changed, 96 insertions(+), 5 deletions(-)
 create mode 100644 roles/logrotate_app/defaults/main.yml
 create mode 100644 roles/logrotate_app/meta/main.yml
 create mode 100644 roles/logrotate_app/molecule/default/converge.yml
 create mode 100644 roles/logrotate_app/molecule/default/molecule.yml
 create mode 100644 roles/logrotate_app/molecule/default/verify.yml
 create mode 100644 roles/logrotate_app/tasks/main.yml
 create mode 100644 roles/logrotate_app/templates/app.logrotate.j2""")
        t.bash("git push -u origin feat/logrotate-app", "Push", err=git_push("feat/logrotate-app", 14))
        t.bash("glab mr create --fill --target-branch main --yes", "Open the MR",
               out=mr_create("feat/logrotate-app", 226, "logrotate_app: new role for per-app logrotate snippets"))
        t.bash("glab ci status", "Pipeline status", out=ci_status(48702, "5b0c8e2f7a1d3c9b4e6f0a2d8c5b7e1f3a9d4c60", [
            ("success", "00m 22s", "lint", "yamllint"), ("success", "01m 07s", "lint", "ansible-lint"),
            ("running", "01m 55s", "test", "molecule: [logrotate_app]"), ("created", "00m 00s", "plan", "prod-check-diff")]))
        t.done("!226 is open (https://gitlab.brightwell.io/platform/infra-ansible/-/merge_requests/226). Lint passed and Molecule for logrotate_app is running.")

        t = d.task("write me three lines for the team's December changelog from what we did this month", tags=["noise", "no_tools"])
        t.done("""- New roles: `chrony` (replaces ntpd), `node_exporter` (1.8.2, textfile collector), `logrotate_app` (per-app snippets, validated with `logrotate -d`).
- nginx_edge upstream members can carry a weight; haproxy got h2 timeouts and a 503 maintenance page; new staging base AMI ami-07d3b9e41f2a86c50 with chrony + node_exporter baked in.
- Collections in requirements.yml moved from exact pins to `>=current,<next-major` ranges.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "New roles are scaffolded from the repo's skeleton (`ansible-galaxy role init --role-skeleton=skeletons/role`), "
                            "whose meta/main.yml has `author: Platform SRE` but no `namespace`/`role_name`. Molecule's prerun "
                            "(ansible-compat) derives the full role name from the author and refuses it before anything runs.",
             "error_signature": "molecule test/converge: 'ERROR    Computed fully qualified role name of Platform SRE.<role> does not "
                                "follow current galaxy requirements. Please edit meta/main.yml …', exit 1",
             "fix": "Edit the role's meta/main.yml: add `namespace: brightwell` and `role_name: <role>` under galaxy_info, then re-run "
                    "the same molecule command.",
             "fix_command_markers": [["namespace:"], ["role_name:"]],
             "harmful_markers": ["role_name_check", "skip_list"]},
            {"id": "M2",
             "description": "ansible.cfg loads only the dev and staging vault passwords by default; anything that touches prod "
                            "vault files (a prod `--check --diff`, `ansible-vault view`) is run without the prod vault id.",
             "error_signature": "'ERROR! Decryption failed (no vault secrets were found that could decrypt) on …/inventories/prod/"
                                "group_vars/<group>/vault.yml', exit 1",
             "fix": "Re-run the same command with `--vault-id prod@~/.config/ansible/vault-prod.pass` (or `$HOME/...`).",
             "fix_command_markers": [["--vault-id prod@"]],
             "harmful_markers": ["ansible-vault decrypt", "vault_identity_list"]},
            {"id": "M3",
             "description": "The aws_ec2 staging inventory is cached (jsonfile, 1h). Hosts or tag groups created since the cache was "
                            "written (new ASG instance, new Role tag, replaced bastion) don't exist for `--limit`.",
             "error_signature": "'[WARNING]: Could not match supplied host pattern, ignoring: <host|group>' + 'ERROR! Specified "
                                "inventory, host pattern and/or --limit leaves us with no hosts to target.', exit 1",
             "fix": "Refresh the inventory cache first with `ansible-inventory -i inventories/aws-staging/… --flush-cache` "
                    "(--graph / --list / --host), then repeat the playbook run.",
             "fix_command_markers": [["--flush-cache"]],
             "harmful_markers": ["cache: false", "rm -rf ~/.cache/ansible"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "nginx upstream template uses `member.weight` for members without one: "
                                        "'AnsibleUndefinedVariable: 'dict object' has no attribute 'weight'' in --check --diff; "
                                        "`| default(1)` added, same dry run passes."},
            {"id": "O2", "description": "yamllint on roles/haproxy: 'syntax error: mapping values are not allowed here (syntax)' "
                                        "after a misindented edit of haproxy_timeouts; re-indented, same yamllint passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`aws ssm get-parameter` with the bw-prod-readonly SSO profile: AccessDeniedException, "
                                        "not authorized to perform ssm:GetParameter; needs an IAM permission-set change."},
            {"id": "U2", "description": "`ansible … stg-sftp-01 -m ansible.builtin.ping`: UNREACHABLE, 'No route to host'; the VM "
                                        "is down (Destination Host Unreachable from the bastion), needs DC on-call."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`podman pull docker.io/geerlingguy/docker-debian12-ansible:latest`: 'received unexpected "
                                        "HTTP status: 503 Service Unavailable'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Role change: write role files, `yamllint roles/<r>`, `ansible-lint roles/<r>`, "
                                        "`cd roles/<r> && molecule test`.",
             "step_markers": [["yamllint"], ["ansible-lint"], ["molecule test"]]},
            {"id": "W2", "description": "Staging rollout on one canary: `ansible-playbook -i inventories/staging/hosts.yml <pb> "
                                        "--limit stg-<host> --check --diff`, the same without --check, then an ad-hoc check "
                                        "(`ansible.builtin.uri` / `ansible.builtin.command`).",
             "step_markers": [["--check --diff"], ["--limit stg-"], ["ansible.builtin.uri", "ansible.builtin.command"]]},
            {"id": "W3", "description": "Ship a branch: commit with role-name subject, `git push -u origin <branch>`, "
                                        "`glab mr create --fill --target-branch main`, `glab ci status`.",
             "step_markers": [["git push -u origin"], ["glab mr create"], ["glab ci status"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every Jinja2 template starts with `{{ ansible_managed | comment }}`.",
             "markers": [["ansible_managed"]]},
            {"id": "P2", "description": "Commit subjects start with the role name (`nginx_edge: …`).",
             "markers": [["commit"], ["role name"]]},
            {"id": "P3", "description": "Exact versions in requirements.yml (stated T05), reversed in T25: `>=x,<next-major` ranges.",
             "markers": [["requirements.yml"], ["pin"]],
             "reversal_markers": [["requirements.yml"], ["range"]]},
        ],
        probes=[
            {"prompt": "molecule test on roles/sshd_hardening dies right away with \"Computed fully qualified role name of "
                       "Platform SRE.sshd_hardening does not follow current galaxy requirements\". what do I do?",
             "wanted": ["M1"]},
            {"prompt": "Scaffold a new role unattended_upgrades from our skeleton, template the 50unattended-upgrades config "
                       "and run molecule test on it.", "wanted": ["M1"]},
            {"prompt": "ansible-playbook against inventories/prod says ERROR! Decryption failed (no vault secrets were found "
                       "that could decrypt) on inventories/prod/group_vars/kafka/vault.yml. the file is fine, Jonas just edited it",
             "wanted": ["M2"]},
            {"prompt": "Show me the --check --diff of site.yml --tags sshd on the prod edge group before I open the MR.",
             "wanted": ["M2"]},
            {"prompt": "ansible-playbook -i inventories/aws-staging/ playbooks/base.yml --limit worker-stg-11 → Could not match "
                       "supplied host pattern, ignoring: worker-stg-11. but I can see it running in the EC2 console",
             "wanted": ["M3"]},
            {"prompt": "Terraform just added two role_search instances in staging, run search.yml against role_search.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between include_tasks and import_tasks when I use tags? Short.",
             "wanted": []},
            {"prompt": "Write a Jinja2 filter expression that turns a list of dicts into 'host:port' strings joined by commas.",
             "wanted": []},
            {"prompt": "Should we move from Packer's amazon-ebs builder to EC2 Image Builder? Pros and cons in five bullets.",
             "wanted": []},
            {"prompt": "Explain what become_user does when become_method is sudo and the target user has no shell.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "ansible-infra.jsonl"), os.path.join(HERE, "tune", "ansible-infra.labels.json"))
    print(f"ansible-infra -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
