"""nix-flake: Ravi Menon, infrastructure engineer; the team's machines and dev shells as one Nix flake.

Stack: NixOS 24.11 hosts from one flake (`nixosConfigurations`: the laptop `kite` and three Hetzner servers),
home-manager as a NixOS module, sops-nix secrets (age), deploy-rs to fsn-web1 / fsn-db1 (x86_64) and hel-arm1
(aarch64), devShells for the team's Rust and Python projects (direnv + nix-direnv), an overlay that takes a few
packages from nixpkgs-unstable, a Hydra-less GitHub Actions CI with a cachix cache.

Written blind for fresh/; measured once held out (round 11), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import base64
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ravi"
R = "/home/ravi/infra"
MODEL = "claude-opus-4-6"
GH = "https://github.com/halden-io/infra"
HX = random.Random(20261012)
NB32 = "0123456789abcdfghijklmnpqrsvwxyz"
SYS_VER = "24.11.20250630.50ab793"
DIRTY = "warning: Git tree '/home/ravi/infra' is dirty"
UNKNOWN_DEPLOY = "warning: unknown flake output 'deploy'"
HOSTS = {"fsn-web1": "x86_64-linux", "fsn-db1": "x86_64-linux", "hel-arm1": "aarch64-linux"}
FEAT = "{benchmark, big-parallel, kvm, nixos-test}"
NIXPKGS = "/nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source"  # nixos-24.11 is frozen, so its store path never moves


def P(rel):
    return f"{R}/{rel}"


def h32():
    return "".join(HX.choice(NB32) for _ in range(32))


def sp(name):
    return f"/nix/store/{h32()}-{name}"


def srcp():
    return f"/nix/store/{h32()}-source"


def sha():
    return "".join(HX.choice("0123456789abcdef") for _ in range(7))


def sri():
    return "sha256-" + base64.b64encode(bytes(HX.getrandbits(8) for _ in range(32))).decode()


def rev40():
    return "".join(HX.choice("0123456789abcdef") for _ in range(40))


# ------------------------------------------------------------------ virtual repo
FILES = {
    P("flake.nix"): """{
  description = "Halden infra: hosts, dev shells, deploys";

  inputs = {
    nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.11";
    nixpkgs-unstable.url = "github:NixOS/nixpkgs/nixos-unstable";
    home-manager = {
      url = "github:nix-community/home-manager/release-24.11";
      inputs.nixpkgs.follows = "nixpkgs";
    };
    sops-nix = {
      url = "github:Mic92/sops-nix";
      inputs.nixpkgs.follows = "nixpkgs";
    };
    deploy-rs = {
      url = "github:serokell/deploy-rs";
      inputs.nixpkgs.follows = "nixpkgs";
    };
  };

  outputs = { self, nixpkgs, nixpkgs-unstable, home-manager, sops-nix, deploy-rs, ... }@inputs:
    let
      lib = nixpkgs.lib;
      overlays = [ (import ./overlays { inherit nixpkgs-unstable; }) ];
      pkgsFor = system: import nixpkgs {
        inherit system overlays;
        config.allowUnfreePredicate = pkg: builtins.elem (lib.getName pkg) (import ./lib/unfree.nix);
      };
      pkgs = pkgsFor "x86_64-linux";

      mkHost = system: name: lib.nixosSystem {
        inherit system;
        specialArgs = { inherit inputs; };
        modules = [
          ./modules
          ./hosts/${name}
          sops-nix.nixosModules.sops
          home-manager.nixosModules.home-manager
          { nixpkgs.overlays = overlays; networking.hostName = name; }
        ];
      };

      mkNode = name: system: {
        hostname = "${name}.halden.net";
        sshUser = "ravi";
        user = "root";
        profiles.system.path = deploy-rs.lib.${system}.activate.nixos self.nixosConfigurations.${name};
      };
    in
    {
      nixosConfigurations = {
        kite = mkHost "x86_64-linux" "kite";
        fsn-web1 = mkHost "x86_64-linux" "fsn-web1";
        fsn-db1 = mkHost "x86_64-linux" "fsn-db1";
        hel-arm1 = mkHost "aarch64-linux" "hel-arm1";
      };

      deploy.nodes = lib.mapAttrs mkNode {
        fsn-web1 = "x86_64-linux";
        fsn-db1 = "x86_64-linux";
        hel-arm1 = "aarch64-linux";
      };

      # deploy-rs schema + activation checks, x86 nodes only (hel-arm1's system is aarch64)
      checks.x86_64-linux = deploy-rs.lib.x86_64-linux.deployChecks {
        nodes = lib.filterAttrs (n: _: n != "hel-arm1") self.deploy.nodes;
      };

      devShells.x86_64-linux = {
        rust = import ./shells/rust.nix { inherit pkgs; };
        python = import ./shells/python.nix { inherit pkgs; };
        ops = import ./shells/ops.nix { inherit pkgs; };
      };

      packages.x86_64-linux = {
        inherit (pkgs) prometheus-pgbouncer-exporter;
      };

      formatter.x86_64-linux = pkgs.nixpkgs-fmt;
    };
}
""",
    P("lib/unfree.nix"): """# Unfree packages we allow, by lib.getName. Read by the flake's pkgs (dev shells, packages)
# and by every NixOS host (modules/common.nix), so one list covers both.
[
  "spotify"
  "zoom"
  "obsidian"
]
""",
    P("modules/default.nix"): """{
  imports = [
    ./common.nix
    ./users.nix
    ./server.nix
    ./services/web.nix
    ./monitoring/prometheus.nix
  ];
}
""",
    P("modules/common.nix"): """{ lib, pkgs, ... }:
{
  nix.settings = {
    experimental-features = [ "nix-command" "flakes" ];
    trusted-users = [ "root" "@wheel" ];
    substituters = [ "https://cache.nixos.org" "https://halden.cachix.org" ];
    trusted-public-keys = [
      "cache.nixos.org-1:6NCHdD59X431o0gWypbMrAURkbJ16ZPMQFGspcDShjY="
      "halden.cachix.org-1:q3kZ0rO9l5Vx1mJmOqvE1H8d2hXn0s7Yb4c2Z8pQf1w="
    ];
  };

  nixpkgs.config.allowUnfreePredicate = pkg: builtins.elem (lib.getName pkg) (import ../lib/unfree.nix);

  time.timeZone = "Europe/Berlin";
  i18n.defaultLocale = "en_US.UTF-8";

  services.openssh = {
    enable = true;
    settings.PasswordAuthentication = false;
    settings.PermitRootLogin = "no";
  };

  sops.age.sshKeyPaths = [ "/etc/ssh/ssh_host_ed25519_key" ];

  environment.systemPackages = [ pkgs.git pkgs.htop pkgs.jq pkgs.vim ];
}
""",
    P("modules/users.nix"): """{ ... }:
{
  users.users.ravi = {
    isNormalUser = true;
    extraGroups = [ "wheel" ];
    openssh.authorizedKeys.keys = [
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq8vX2kQm7a1c0ZpR3yJ9tW4fN6bL2sD5eU8oK1gC7h ravi@kite"
    ];
  };
  users.users.jonas = {
    isNormalUser = true;
    openssh.authorizedKeys.keys = [
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM2pX7cV9rT4wQ1nL8kH3jF6sD0aZ5yB2eG7uN4iO9mP jonas@halden"
    ];
  };
  security.sudo.wheelNeedsPassword = false;
}
""",
    P("modules/server.nix"): """{ config, lib, pkgs, ... }:
let
  cfg = config.halden.server;
in
{
  options.halden.server = {
    enable = lib.mkEnableOption "baseline for Hetzner servers";
  };

  config = lib.mkIf cfg.enable {
    networking.firewall.enable = true;
    networking.firewall.allowedTCPPorts = [ 22 ];
    services.fail2ban.enable = true;
    nix.gc = {
      automatic = true;
      dates = "weekly";
      options = "--delete-older-than 21d";
    };
    nix.optimise.automatic = true;
    boot.tmp.cleanOnBoot = true;
    documentation.enable = false;
  };
}
""",
    P("modules/services/web.nix"): """{ config, lib, pkgs, ... }:
let
  cfg = config.halden.web;
in
{
  options.halden.web = {
    enable = lib.mkEnableOption "nginx + ACME front for halden.net services";
    grafana.enable = lib.mkEnableOption "Grafana at grafana.halden.net";
  };

  config = lib.mkIf cfg.enable (lib.mkMerge [
    {
      security.acme = {
        acceptTerms = true;
        defaults.email = "ops@halden.io";
      };
      services.nginx = {
        enable = true;
        recommendedProxySettings = true;
        recommendedTlsSettings = true;
        recommendedGzipSettings = true;
      };
      networking.firewall.allowedTCPPorts = [ 80 443 ];
    }

    (lib.mkIf cfg.grafana.enable {
      sops.secrets."grafana/admin_password" = {
        owner = "grafana";
      };
      services.grafana = {
        enable = true;
        settings.server = {
          http_addr = "127.0.0.1";
          http_port = 3000;
          domain = "grafana.halden.net";
          root_url = "https://grafana.halden.net/";
        };
        settings.security.admin_password = "$__file{${config.sops.secrets."grafana/admin_password".path}}";
      };
      services.nginx.virtualHosts."grafana.halden.net" = {
        enableACME = true;
        forceSSL = true;
        locations."/" = {
          proxyPass = "http://127.0.0.1:3000";
          proxyWebsockets = true;
        };
      };
    })
  ]);
}
""",
    P("modules/monitoring/prometheus.nix"): """{ config, lib, pkgs, ... }:
let
  cfg = config.halden.monitoring.prometheus;
in
{
  options.halden.monitoring.prometheus = {
    enable = lib.mkEnableOption "Prometheus + Alertmanager + Loki (the monitoring box)";
    targets = lib.mkOption {
      type = lib.types.listOf lib.types.str;
      default = [ ];
      description = "host:port node exporter targets";
    };
  };

  config = lib.mkIf cfg.enable {
    services.prometheus = {
      enable = true;
      retentionTime = "30d";
      scrapeConfigs = [
        {
          job_name = "node";
          static_configs = [{ targets = cfg.targets; }];
        }
      ];
      alertmanager = {
        enable = true;
        configuration = {
          route.receiver = "ops";
          receivers = [{ name = "ops"; }];
        };
      };
    };
    services.loki = {
      enable = true;
      configFile = ./loki.yaml;
    };
  };
}
""",
    P("hosts/kite/default.nix"): """{ config, pkgs, ... }:
{
  imports = [ ./hardware.nix ];

  boot.loader.systemd-boot.enable = true;
  boot.loader.efi.canTouchEfiVariables = true;

  networking.networkmanager.enable = true;
  services.xserver.enable = true;
  services.xserver.displayManager.gdm.enable = true;
  services.xserver.desktopManager.gnome.enable = true;
  services.pipewire = {
    enable = true;
    pulse.enable = true;
  };
  virtualisation.docker.enable = true;
  users.users.ravi.extraGroups = [ "networkmanager" "docker" ];

  home-manager = {
    useGlobalPkgs = true;
    useUserPackages = true;
    users.ravi = import ../../home/ravi.nix;
  };

  system.stateVersion = "24.11";
}
""",
    P("hosts/fsn-web1/default.nix"): """{ config, pkgs, ... }:
{
  imports = [ ./hardware.nix ];

  halden.server.enable = true;
  halden.web.enable = true;
  halden.web.grafana.enable = true;

  sops.defaultSopsFile = ../../secrets/fsn-web1.yaml;

  services.nginx.virtualHosts."ingest.halden.net" = {
    enableACME = true;
    forceSSL = true;
    locations."/".proxyPass = "http://127.0.0.1:8080";
  };

  system.stateVersion = "24.11";
}
""",
    P("hosts/fsn-db1/default.nix"): """{ config, pkgs, ... }:
{
  imports = [ ./hardware.nix ];

  halden.server.enable = true;

  sops.defaultSopsFile = ../../secrets/fsn-db1.yaml;

  services.postgresql = {
    enable = true;
    package = pkgs.postgresql_16;
    enableTCPIP = true;
    settings = {
      shared_buffers = "2GB";
      work_mem = "16MB";
      max_connections = 200;
    };
    authentication = ''
      host all all 10.0.0.0/16 scram-sha-256
    '';
  };
  networking.firewall.interfaces."enp7s0".allowedTCPPorts = [ 5432 ];

  services.pgbouncer = {
    enable = true;
    settings.pgbouncer = {
      listen_addr = "10.0.1.3";
      listen_port = 6432;
      pool_mode = "transaction";
    };
  };

  system.stateVersion = "24.11";
}
""",
    P("hosts/hel-arm1/default.nix"): """{ config, pkgs, ... }:
{
  imports = [ ./hardware.nix ];

  halden.server.enable = true;
  halden.monitoring.prometheus = {
    enable = true;
    targets = [ "fsn-web1.halden.net:9100" "fsn-db1.halden.net:9100" ];
  };

  sops.defaultSopsFile = ../../secrets/hel-arm1.yaml;

  networking.firewall.interfaces."enp7s0".allowedTCPPorts = [ 3100 9090 ];

  system.stateVersion = "24.11";
}
""",
    P("home/ravi.nix"): """{ pkgs, ... }:
{
  home.username = "ravi";
  home.homeDirectory = "/home/ravi";

  home.packages = [
    pkgs.ripgrep
    pkgs.fd
    pkgs.sops
    pkgs.age
    pkgs.deploy-rs
    pkgs.hcloud
    pkgs.nvd
    pkgs.spotify
    pkgs.obsidian
  ];

  programs.git = {
    enable = true;
    userName = "Ravi Menon";
    userEmail = "ravi@halden.io";
    extraConfig = {
      pull.rebase = true;
      init.defaultBranch = "main";
    };
  };

  programs.ssh = {
    enable = true;
    matchBlocks."*.halden.net" = {
      user = "ravi";
      identityFile = "~/.ssh/id_ed25519";
    };
  };

  programs.direnv = {
    enable = true;
    nix-direnv.enable = true;
  };

  programs.fish.enable = true;

  home.stateVersion = "24.11";
}
""",
    P("shells/ops.nix"): """{ pkgs }:
pkgs.mkShell {
  packages = [
    pkgs.sops
    pkgs.age
    pkgs.ssh-to-age
    pkgs.hcloud
    pkgs.deploy-rs
    pkgs.nixpkgs-fmt
  ];
}
""",
    P("shells/python.nix"): """{ pkgs }:
pkgs.mkShell {
  packages = [
    pkgs.python311
    pkgs.uv
    pkgs.ruff
    pkgs.postgresql_16
  ];
  shellHook = ''
    export UV_PYTHON_DOWNLOADS=never
  '';
}
""",
    P("shells/rust.nix"): """{ pkgs }:
pkgs.mkShell {
  packages = [
    pkgs.cargo
    pkgs.rustc
    pkgs.clippy
    pkgs.rustfmt
    pkgs.rust-analyzer
    pkgs.pkg-config
    pkgs.openssl
    pkgs.sqlx-cli
  ];
  RUST_SRC_PATH = "${pkgs.rustPlatform.rustLibSrc}";
}
""",
    P("overlays/default.nix"): """{ nixpkgs-unstable }:
final: prev:
let
  unstable = import nixpkgs-unstable {
    inherit (prev.stdenv.hostPlatform) system;
    config.allowUnfreePredicate = prev.config.allowUnfreePredicate or (_: false);
  };
in
{
  # 24.11 is frozen; these come from unstable
  grafana = unstable.grafana;
  grafana-loki = unstable.grafana-loki;
  uptime-kuma = unstable.uptime-kuma;

  prometheus-pgbouncer-exporter = prev.prometheus-pgbouncer-exporter.overrideAttrs (old: rec {
    version = "0.9.0";
    src = prev.fetchFromGitHub {
      owner = "prometheus-community";
      repo = "pgbouncer_exporter";
      rev = "v${version}";
      hash = "sha256-1GjV9x3s2Nn4lX0d2aQvR5cP8yK6tW7mE3bJ9fH4uZo=";
    };
    vendorHash = "sha256-q8wX2mC5vN7tB1kR4pJ9yL3sD6fG0hZ2aE5uI8oK7nM=";
  });
}
""",
    P(".sops.yaml"): """keys:
  - &ravi age1ravi7l9q0m3x8v2t6k4c5h0s9j2f7d1w8e3r6y5u4i0o9p2a3s4d5f6g7h8j
  - &jonas age1jonas4h2k8v6c0x3z9m1n5b7q2w4e6r8t0y3u5i7o9p1a3s5d7f9g2h4k
  - &fsn-web1 age1fsnweb1w5e8r2t4y6u9i1o3p5a7s0d2f4g6h8j1k3l5z7x9c2v4b6n8m0
  - &fsn-db1 age1fsndb1q2w4e6r8t0y2u4i6o8p0a2s4d6f8g0h2j4k6l8z0x2c4v6b8n0m2
  - &hel-arm1 age1helarm1z3x5c7v9b1n3m5a7s9d1f3g5h7j9k1l3q5w7e9r1t3y5u7i9o1p
creation_rules:
  - path_regex: secrets/fsn-web1\\.yaml$
    key_groups:
      - age: [*ravi, *jonas, *fsn-web1]
  - path_regex: secrets/fsn-db1\\.yaml$
    key_groups:
      - age: [*ravi, *jonas, *fsn-db1]
  - path_regex: secrets/hel-arm1\\.yaml$
    key_groups:
      - age: [*ravi, *jonas, *hel-arm1]
""",
    P(".envrc"): """use flake .#ops
""",
    P(".github/workflows/ci.yml"): """name: ci
on:
  pull_request:
  push:
    branches: [main]
jobs:
  check:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: cachix/install-nix-action@v30
      - uses: cachix/cachix-action@v15
        with:
          name: halden
          authToken: ${{ secrets.CACHIX_AUTH_TOKEN }}
      - run: nix flake check -L
  build:
    runs-on: ubuntu-24.04
    needs: check
    strategy:
      matrix:
        host: [kite, fsn-web1, fsn-db1]
    steps:
      - uses: actions/checkout@v4
      - uses: cachix/install-nix-action@v30
      - uses: cachix/cachix-action@v15
        with:
          name: halden
          authToken: ${{ secrets.CACHIX_AUTH_TOKEN }}
      - run: nix build -L .#nixosConfigurations.${{ matrix.host }}.config.system.build.toplevel
""",
}


# ------------------------------------------------------------------ tool output helpers
def indent(text, n=7):
    return "\n".join((" " * n + l) if l else "" for l in text.split("\n"))


def path_missing(rel, trace):
    """Nix 2.24: a file imported from the flake that git doesn't know about."""
    s = srcp()
    body = "\n\n".join(t.replace("@SRC@", s) for t in trace)
    return (f"{DIRTY}\nerror:\n{indent(body)}\n\n"
            f"       (stack trace truncated; use '--show-trace' to show the full, detailed trace)\n\n"
            f"       error: path '{s}/{rel}' does not exist")


def unfree_err(pkg, name, license_, where, trace, dirty=True):
    s = srcp()
    body = "\n\n".join(t.replace("@SRC@", s) for t in trace)
    ns = NIXPKGS
    return ((DIRTY + "\n" if dirty else "") + f"error:\n{indent(body)}\n\n"
            f"       (stack trace truncated; use '--show-trace' to show the full, detailed trace)\n\n"
            f"       error: Package ‘{pkg}’ in {ns}/{where} has an unfree license (‘{license_}’), refusing to evaluate.\n\n"
            f"       a) To temporarily allow unfree packages, you can use an environment variable\n"
            f"          for a single invocation of the nix tools.\n\n"
            f"            $ export NIXPKGS_ALLOW_UNFREE=1\n\n"
            f"          Note: When using `nix shell`, `nix build`, `nix develop`, etc with a flake,\n"
            f"                then pass `--impure` in order to allow use of environment variables.\n\n"
            f"       b) For `nixos-rebuild` you can set\n"
            f"         {{ nixpkgs.config.allowUnfree = true; }}\n"
            f"       in configuration.nix to override this.\n\n"
            f"       Alternatively you can configure a predicate to allow specific packages:\n"
            f"         {{ nixpkgs.config.allowUnfreePredicate = pkg: builtins.elem (lib.getName pkg) [\n"
            f"             \"{name}\"\n"
            f"           ];\n"
            f"         }}\n\n"
            f"       c) For `nix-env`, `nix-build`, `nix-shell` or any other Nix command you can add\n"
            f"         {{ allowUnfree = true; }}\n"
            f"       to ~/.config/nixpkgs/config.nix.")


TRACE_DEVSHELL = [
    """… while calling the 'derivationStrict' builtin
  at <nix/derivation-internal.nix>:34:12:
    33|
    34|   strict = derivationStrict drvAttrs;
      |            ^
    35|""",
    """… while evaluating derivation 'nix-shell'
  whose name attribute is located at /nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/pkgs/stdenv/generic/make-derivation.nix:336:7""",
    """… while evaluating attribute 'nativeBuildInputs' of derivation 'nix-shell'
  at /nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/pkgs/stdenv/generic/make-derivation.nix:380:7:
   379|       depsBuildBuild              = elemAt (elemAt dependencies 0) 0;
   380|       nativeBuildInputs           = elemAt (elemAt dependencies 0) 1;
      |       ^
   381|       depsBuildTarget             = elemAt (elemAt dependencies 0) 2;""",
]

def frame(msg, path, needle, src="@SRC@"):
    """One Nix error-trace frame pointing at `needle` in a virtual file (line numbers from the file)."""
    lines = FILES_NOW[0][path].split("\n")
    n = next(i for i, l in enumerate(lines, 1) if needle in l)
    col = len(lines[n - 1]) - len(lines[n - 1].lstrip()) + 1
    rel = path[len(R) + 1:]
    out = [msg, f"  at {src}/{rel}:{n}:{col}:"]
    if n > 1:
        out.append(f"{n - 1:>6}| {lines[n - 2]}".rstrip())
    out.append(f"{n:>6}| {lines[n - 1]}".rstrip())
    out.append("      | " + " " * (col - 1) + "^")
    if n < len(lines):
        out.append(f"{n + 1:>6}| {lines[n]}".rstrip())
    return "\n".join(out)


FILES_NOW = [FILES]


def nix_build_lines(drvs, fetch=None):
    out = []
    if drvs:
        out.append(f"these {len(drvs)} derivations will be built:" if len(drvs) > 1 else "this derivation will be built:")
        paths = [sp(x + ".drv") for x in drvs]
        out += ["  " + p for p in paths]
    if fetch:
        out.append(f"these {len(fetch)} paths will be fetched ({HX.randint(20, 300)}.{HX.randint(1, 99):02d} MiB download, "
                   f"{HX.randint(300, 1400)}.{HX.randint(1, 99):02d} MiB unpacked):" if len(fetch) > 1 else
                   f"this path will be fetched ({HX.randint(1, 9)}.{HX.randint(10, 99)} MiB download, {HX.randint(10, 40)}.{HX.randint(10, 99)} MiB unpacked):")
        fps = [sp(x) for x in fetch]
        out += ["  " + p for p in fps]
        for p in fps:
            out.append(f"copying path '{p}' from 'https://cache.nixos.org'...")
    if drvs:
        for p in paths:
            out.append(f"building '{p}'...")
    return "\n".join(out)


def dlog(msg, who="deploy", lvl="INFO"):
    icon = {"deploy": "🚀", "activate": "⭐", "wait": "👀"}[who]
    e = {"INFO": "ℹ️", "ERROR": "❌", "WARN": "⚠️"}[lvl]
    return f"{icon} {e} [{who}] [{lvl}] {msg}"


def deploy_header(nodes, checks=True, dirty=True):
    out = []
    if checks:
        out.append(dlog("Running checks for flake in ."))
        if dirty:
            out.append(DIRTY)
        out.append(UNKNOWN_DEPLOY)
    out.append(dlog("Evaluating flake in ."))
    if dirty:
        out.append(DIRTY)
    toml = []
    for n in nodes:
        toml.append(f"""[{n}.system]
user = "root"
ssh_user = "ravi"
path = "{sp('activatable-nixos-system-' + n + '-' + SYS_VER)}"
hostname = "{n}.halden.net"
ssh_opts = []
""")
    out.append(dlog("The following profiles are going to be deployed:\n" + "\n".join(toml)))
    return "\n".join(out)


def activation(restart=(), reload=(), start=(), stop=(), dry=False):
    """switch-to-configuration output (dry-activate or switch)."""
    out = []
    if dry:
        if stop:
            out.append("would stop the following units: " + ", ".join(stop))
        out.append("would activate the configuration...")
        if reload:
            out.append("would reload the following units: " + ", ".join(reload))
        if restart:
            out.append("would restart the following units: " + ", ".join(restart))
        if start:
            out.append("would start the following units: " + ", ".join(start))
        return "\n".join(out)
    if stop:
        out.append("stopping the following units: " + ", ".join(stop))
    out += ["activating the configuration...", "setting up /etc...",
            "sops-install-secrets: Imported /etc/ssh/ssh_host_ed25519_key as age key with fingerprint age1" + h32()[:20],
            "reloading user units for ravi...", "restarting sysinit-reactivation.target"]
    if reload:
        out.append("reloading the following units: " + ", ".join(reload))
    if restart:
        out.append("restarting the following units: " + ", ".join(restart))
    if start:
        out.append("starting the following units: " + ", ".join(start))
        out.append("the following new units were started: " + ", ".join(start))
    return "\n".join(out)


def deploy_activate(node, units, dry=False):
    out = [dlog(f"Activating profile `system` for node `{node}`")]
    if dry:
        out.append(activation(dry=True, **units))
        out.append(dlog("Completed dry-activate!"))
        return out
    out += [dlog("Creating activation waiter"), dlog("Activating profile", "activate"),
            dlog("Waiting for confirmation event...", "wait"), activation(**units),
            dlog("Activation succeeded!", "activate"),
            dlog("Magic rollback is enabled, setting up confirmation hook...", "activate"),
            dlog("Waiting for confirmation event...", "activate"),
            dlog("Success activating, attempting to confirm activation"),
            dlog("Found canary file, done waiting!", "wait"),
            dlog("Deployment confirmed.")]
    return out


def deploy_ok(nodes, units, remote=False, dry=False, checks=True, dirty=True):
    out = [deploy_header(nodes, checks, dirty)]
    for n in nodes:
        out.append(dlog(f"Building profile `system` for node `{n}`" + (" on remote host" if remote else "")))
    if not remote:
        for n in nodes:
            out.append(dlog(f"Copying profile `system` to node `{n}`"))
    for n in nodes:
        out += deploy_activate(n, units.get(n, {}), dry)
    return "\n".join(out)


def arm_fail(nodes, drvs, checks=True, dirty=True):
    """deploy-rs building an aarch64 profile on the x86 laptop."""
    out = [deploy_header(nodes, checks, dirty)]
    for n in nodes:
        out.append(dlog(f"Building profile `system` for node `{n}`"))
        if HOSTS[n] == "aarch64-linux":
            paths = [sp(x + ".drv") for x in drvs]
            out.append(f"these {len(paths)} derivations will be built:")
            out += ["  " + p for p in paths]
            out.append(f"error: a 'aarch64-linux' with features {{}} is required to build '{paths[0]}', "
                       f"but I am a 'x86_64-linux' with features {FEAT}")
            out.append(dlog(f"Failed to build profile on node {n}: {n}", lvl="ERROR"))
            break
    return "\n".join(out)


def failed_units_ok(host):
    return "  UNIT LOAD ACTIVE SUB DESCRIPTION\n\n0 loaded units listed."


def diff_closures(rows):
    return "\n".join(rows)


def lock_update(changes, dirty=False):
    out = [DIRTY] if dirty else []
    out.append(f"warning: updating lock file '{R}/flake.lock':")
    for name, url, old_d, new_d in changes:
        out.append(f"• Updated input '{name}':")
        out.append(f"    '{url}/{rev40()}?narHash={sri().replace('=', '%3D')}' ({old_d})")
        out.append(f"  → '{url}/{rev40()}?narHash={sri().replace('=', '%3D')}' ({new_d})")
    return "\n".join(out)


def gitlog(entries):
    return "\n".join(f"{sha()} {m}" for m in entries)


def commit_out(branch, msg, files, ins, dels=0, create=()):
    c = sha()
    s = f"[{branch} {c}] {msg}\n {files} file{'s' if files != 1 else ''} changed, {ins} insertion{'s' if ins != 1 else ''}(+)"
    if dels:
        s += f", {dels} deletion{'s' if dels != 1 else ''}(-)"
    for f in create:
        s += f"\n create mode 100644 {f}"
    return s


def push_out(branch, new=False):
    a, b = sha(), sha()
    if new:
        return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\nremote:      "
                f"{GH}/pull/new/{branch}\nremote: \nTo github.com:halden-io/infra.git\n * [new branch]      {branch} -> {branch}\n"
                f"branch '{branch}' set up to track 'origin/{branch}'.")
    return f"To github.com:halden-io/infra.git\n   {a}..{b}  {branch} -> {branch}"


def ssh_reset(host, ip):
    return (f"kex_exchange_identification: read: Connection reset by peer\n"
            f"Connection reset by {ip} port 22")


# ------------------------------------------------------------------ the month
def gen():
    global HX
    HX = random.Random(20261012)
    d = Dev("nix-flake", U, "en", MODEL, seed=20261012, files=FILES)
    FILES_NOW[0] = d.files

    # ============================================================ S1  Mon 10-12
    with d.session("2026-10-12T09:05:00", R, branch="main", version="2.1.126"):
        t = d.task("morning. first time using you on the infra repo. give me a tour of how the flake is wired: "
                   "hosts, home-manager, sops, deploy nodes, dev shells. I know it, I want to see that you do",
                   tags=["noise", "long_output"])
        t.read(P("flake.nix"))
        t.glob("**/*.nix", [P(x) for x in sorted(k[len(R) + 1:] for k in FILES if k.endswith(".nix"))] +
               [P("hosts/kite/hardware.nix"), P("hosts/fsn-web1/hardware.nix"), P("hosts/fsn-db1/hardware.nix"),
                P("hosts/hel-arm1/hardware.nix")])
        t.read(P("modules/default.nix"))
        t.read(P("modules/common.nix"))
        t.read(P(".sops.yaml"))
        show = f"""git+file:///home/ravi/infra
├───checks
│   └───x86_64-linux
│       ├───deploy-activate: derivation 'deploy-rs-check-activate'
│       └───deploy-schema: derivation 'jsonschema-deploy-system'
├───deploy: unknown
├───devShells
│   └───x86_64-linux
│       ├───ops: development environment 'nix-shell'
│       ├───python: development environment 'nix-shell'
│       └───rust: development environment 'nix-shell'
├───formatter
│   └───x86_64-linux: package 'nixpkgs-fmt-1.3.0'
├───nixosConfigurations
│   ├───fsn-db1: NixOS configuration
│   ├───fsn-web1: NixOS configuration
│   ├───hel-arm1: NixOS configuration
│   └───kite: NixOS configuration
└───packages
    └───x86_64-linux
        └───prometheus-pgbouncer-exporter: package 'prometheus-pgbouncer-exporter-0.9.0'"""
        t.bash("nix flake show", "Show flake outputs", out=show)
        t.done("""Here's how it hangs together:

**Inputs** — `nixpkgs` on `nixos-24.11`, `nixpkgs-unstable` for a handful of packages, `home-manager` `release-24.11`, `sops-nix` and `deploy-rs`, all three following `nixpkgs`.

**Hosts** — `mkHost` builds each `nixosConfigurations.<name>` from `./modules` (always imported: common, users, server baseline, web, prometheus — each behind its own `halden.*.enable` option), `./hosts/<name>`, the sops-nix and home-manager NixOS modules, and the overlay. `kite` is your laptop (GNOME, docker, home-manager for `ravi` with `useGlobalPkgs`). `fsn-web1` and `fsn-db1` are x86_64, `hel-arm1` is aarch64 (Prometheus, Alertmanager, Loki).

**Unfree** — one list, `lib/unfree.nix`, read both by the flake's own `pkgs` (dev shells, packages) and by `modules/common.nix` for the hosts, through `allowUnfreePredicate`.

**Secrets** — sops-nix with age. `.sops.yaml` has you, Jonas and each server's host key (derived from `ssh_host_ed25519_key`), one creation rule per `secrets/<host>.yaml`; hosts point `sops.defaultSopsFile` at their file.

**Deploy** — `deploy.nodes` from `mkNode`: `<name>.halden.net`, ssh as `ravi`, activate as `root`, one `system` profile. `checks.x86_64-linux` is deploy-rs' schema + activation check, with hel-arm1 filtered out because its system is aarch64. (`nix flake show` lists `deploy` as unknown; that's normal.)

**Dev shells** — `rust`, `python`, `ops` in `shells/`, built from the same `pkgs`; the repo's own `.envrc` is `use flake .#ops`.

**Overlay** — Grafana, Loki and uptime-kuma from unstable, and a version override of `prometheus-pgbouncer-exporter` (also exposed as a package). Formatter is `nixpkgs-fmt`.""")

        t = d.task("weekly lock bump. update the inputs, run the checks, build kite and show me what actually changes "
                   "on the laptop, then commit the lock", tags=["workflow:W1", "long_output"])
        t.bash("nix flake update", "Update all flake inputs", err=lock_update([
            ("deploy-rs", "github:serokell/deploy-rs", "2026-08-19", "2026-10-02"),
            ("nixpkgs-unstable", "github:NixOS/nixpkgs", "2026-10-01", "2026-10-10"),
            ("sops-nix", "github:Mic92/sops-nix", "2026-09-21", "2026-10-06"),
        ]), timeout=300000)
        t.bash("nix flake check", "Run flake checks", err=UNKNOWN_DEPLOY, timeout=900000)
        t.bash("nixos-rebuild build --flake .#kite", "Build kite's system without switching",
               err="building the system configuration...\n" + nix_build_lines(
                   ["grafana-11.6.4", "system-path", "etc", "nixos-system-kite-" + SYS_VER],
                   ["sops-install-secrets-0.0.1", "obsidian-1.9.14", "nvd-0.2.4"]), timeout=1800000)
        dc = diff_closures([
            "obsidian: 1.9.12 → 1.9.14, +1204.6 KiB",
            "sops-install-secrets: 0.0.1 → 0.0.1, +8.2 KiB",
            "deploy-rs: 0-unstable-2026-08-19 → 0-unstable-2026-10-02, +31.0 KiB",
            "uptime-kuma: 2.0.0-beta.3 → 2.0.0, +2290.4 KiB",
        ])
        t.bash("nix store diff-closures /run/current-system ./result", "Compare kite's current system with the build",
               out=dc)
        t.bash('git add flake.lock && git commit -m "flake.lock: bump deploy-rs, nixpkgs-unstable, sops-nix"',
               "Commit the lock file", out=commit_out("main", "flake.lock: bump deploy-rs, nixpkgs-unstable, sops-nix", 1, 9, 9))
        t.done("""Lock bumped and committed on `main` (not pushed).

- **Updated:** `deploy-rs` (08-19 → 10-02), `nixpkgs-unstable` (10-01 → 10-10), `sops-nix` (09-21 → 10-06). `nixpkgs` and `home-manager` didn't move — `nixos-24.11` and `release-24.11` are frozen branches now.
- `nix flake check` passes (only the usual `unknown flake output 'deploy'` warning).
- **What changes on kite** (`diff-closures` against `/run/current-system`): obsidian 1.9.12 → 1.9.14, uptime-kuma 2.0.0-beta.3 → 2.0.0 (from unstable — it's in the closure via the overlay), deploy-rs to the 10-02 snapshot, and a rebuilt sops-install-secrets. Nothing in the base system.

`./result` is the built kite system; `sudo nixos-rebuild switch --flake .#kite` when you want it.""")

        t = d.task("next: node exporter on all three servers. I want it as a proper module — "
                   "modules/monitoring/node-exporter.nix with a halden.monitoring.nodeExporter.enable option, and the "
                   "host files only flip the enable. open 9100 only on the private interface. format with nixpkgs-fmt "
                   "like the rest of the repo, then check the flake",
                   tags=["mistake:M1", "pref:P1", "pref:P3"])
        t.read(P("modules/server.nix"))
        t.read(P("hosts/fsn-web1/default.nix"))
        ne = """{ config, lib, ... }:
let
  cfg = config.halden.monitoring.nodeExporter;
in
{
  options.halden.monitoring.nodeExporter = {
    enable = lib.mkEnableOption "Prometheus node exporter on the private interface";
    interface = lib.mkOption {
      type = lib.types.str;
      default = "enp7s0";
      description = "Interface on which 9100 is opened (Hetzner private network).";
    };
  };

  config = lib.mkIf cfg.enable {
    services.prometheus.exporters.node = {
      enable = true;
      port = 9100;
      enabledCollectors = [ "systemd" "processes" ];
    };
    networking.firewall.interfaces.${cfg.interface}.allowedTCPPorts = [ 9100 ];
  };
}
"""
        t.write(P("modules/monitoring/node-exporter.nix"), ne)
        t.read(P("modules/default.nix"))
        t.edit(P("modules/default.nix"), "    ./monitoring/prometheus.nix\n",
               "    ./monitoring/prometheus.nix\n    ./monitoring/node-exporter.nix\n")
        t.edit(P("hosts/fsn-web1/default.nix"), "  halden.web.grafana.enable = true;\n",
               "  halden.web.grafana.enable = true;\n  halden.monitoring.nodeExporter.enable = true;\n")
        t.read(P("hosts/fsn-db1/default.nix"))
        t.edit(P("hosts/fsn-db1/default.nix"), "  halden.server.enable = true;\n",
               "  halden.server.enable = true;\n  halden.monitoring.nodeExporter.enable = true;\n")
        t.read(P("hosts/hel-arm1/default.nix"))
        t.edit(P("hosts/hel-arm1/default.nix"), "  halden.server.enable = true;\n",
               "  halden.server.enable = true;\n  halden.monitoring.nodeExporter.enable = true;\n")
        t.bash("nixpkgs-fmt modules/monitoring/node-exporter.nix modules/default.nix hosts/*/default.nix",
               "Format the touched files", err="0 / 6 have been reformatted")
        t.fail("nix flake check", "Check the flake", path_missing("modules/monitoring/node-exporter.nix", [
            frame("… while checking flake output 'checks'", P("flake.nix"), "checks.x86_64-linux = "),
            "… while checking the derivation 'checks.x86_64-linux.deploy-activate'",
            "… while evaluating derivation 'deploy-rs-check-activate'\n  whose name attribute is located at "
            "/nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/pkgs/stdenv/generic/make-derivation.nix:336:7",
            "… while evaluating the option `system.build.toplevel':",
            "… while evaluating definitions from `@SRC@/modules/default.nix':",
        ]), code=1, timeout=900000)
        t.say("The store copy of the flake doesn't have the new module: Nix only copies files git knows about, and "
              "`node-exporter.nix` is untracked. Marking it intent-to-add so it's visible without staging content.")
        t.bash("git add -N modules/monitoring/node-exporter.nix && git status --short",
               "Make the new module visible to the flake",
               out=" M hosts/fsn-db1/default.nix\n M hosts/fsn-web1/default.nix\n M hosts/hel-arm1/default.nix\n"
                   " M modules/default.nix\n A modules/monitoring/node-exporter.nix")
        t.bash("nix flake check", "Check the flake again", err=DIRTY + "\n" + UNKNOWN_DEPLOY + "\n" + nix_build_lines(
            ["unit-prometheus-node-exporter.service", "system-units", "etc", "nixos-system-fsn-web1-" + SYS_VER,
             "nixos-system-fsn-db1-" + SYS_VER, "deploy-rs-check-activate"],
            ["prometheus-node-exporter-1.8.2"]), timeout=900000)
        t.bash("nix eval .#nixosConfigurations.hel-arm1.config.networking.firewall.interfaces.enp7s0.allowedTCPPorts",
               "Confirm 9100 is on hel-arm1's private interface", out="[ 3100 9090 9100 ]", err=DIRTY)
        t.done("""Done, flake check passes.

- `modules/monitoring/node-exporter.nix`: `halden.monitoring.nodeExporter.enable` (+ an `interface` option defaulting to `enp7s0`, the Hetzner private NIC). Exporter on 9100 with the `systemd` and `processes` collectors on top of the defaults; 9100 opened only on that interface.
- Imported from `modules/default.nix`; the three hosts just set `halden.monitoring.nodeExporter.enable = true;`.
- nixpkgs-fmt: nothing to reformat.

The first check failed with `path '…-source/modules/monitoring/node-exporter.nix' does not exist` — the file was new and untracked, and a git flake only sees tracked files. I ran `git add -N` on it (intent-to-add: visible to Nix, nothing staged), then the check went through. hel-arm1 now has `[ 3100 9090 9100 ]` on `enp7s0`. Not committed, not deployed.""")

        t = d.task("quick q, no need to look at anything: `nix flake update` vs `nix flake lock --update-input` — "
                   "which one is current?", tags=["noise", "no_tools"])
        t.done("""`nix flake update` is the current one. Since Nix 2.19 it takes input names: `nix flake update nixpkgs-unstable sops-nix` updates just those; without arguments it updates everything.

`nix flake lock --update-input X` is the old spelling and is deprecated (it still works on 2.24 with a warning). `nix flake lock` on its own now only fills in missing inputs, it never moves existing ones — useful after adding an input. For a one-off pin there's `nix flake lock --override-input nixpkgs github:NixOS/nixpkgs/<rev>`.""")

    # ============================================================ S2  Wed 10-14
    with d.session("2026-10-14T08:50:00", R, branch="main", version="2.1.127"):
        t = d.task("Jonas says direnv rebuilds his rust shell every time he cd's into ledger-rs, takes ~40s. read the "
                   "nix-direnv README on how the caching works and tell me what he should check",
                   tags=["noise", "webfetch"])
        t.webfetch("https://github.com/nix-community/nix-direnv", "How does nix-direnv cache flake shells, when does it "
                   "re-evaluate, and which files does it watch?",
                   """nix-direnv caches the evaluated shell environment in `.direnv/` next to the `.envrc` and only re-evaluates when a watched file changes. For `use flake` it watches `flake.nix`, `flake.lock` and `devshell.toml` of the flake by default; additional files can be added with `watch_file` (or `nix_direnv_watch_file` in older versions). It also keeps a GC root for the shell's derivation so `nix-collect-garbage` doesn't delete it. If the flake reference points outside the current directory (e.g. `use flake ~/infra#rust`), the files of that flake are not watched automatically. The cache can be forced to refresh with `nix-direnv-reload`. Make sure the `use_flake` function comes from nix-direnv and not direnv's built-in stdlib: enabling nix-direnv through home-manager (`programs.direnv.nix-direnv.enable = true`) sources it from `direnvrc`. If `direnv` reports `using cached dev shell` the cache is used; `renewed cache` means it re-evaluated.""")
        t.read(P("home/ravi.nix"), offset=38, limit=8)
        t.done("""Most likely his direnv isn't using nix-direnv at all, or the cache key keeps changing. What to check on his machine:

1. **Is it nix-direnv?** On `cd`, direnv should print `nix-direnv: using cached dev shell` after the first load. If it never says that, `use flake` is direnv's built-in one (no cache). On NixOS/home-manager it's `programs.direnv.nix-direnv.enable = true` like in your `home/ravi.nix`; otherwise `source` nix-direnv's `direnvrc` from `~/.config/direnv/direnvrc`.
2. **What does his `.envrc` point at?** If it's `use flake ~/infra#rust`, nix-direnv only watches files in the project, not in `~/infra` — fine for speed, but it means he has to run `nix-direnv-reload` after you change `shells/rust.nix`. If he added `watch_file` for files that change on every build (e.g. `target/…`), that invalidates the cache each time.
3. **Is `.direnv/` being wiped?** A `git clean -fdx` or a tool that deletes untracked dirs removes the cache and the GC root.
4. **"renewed cache" every time** even with nothing changed usually means a watched file's mtime is bumped (editors/formatters touching `flake.lock` on save).

Quick test: `cd` in twice and see whether the second time says "using cached dev shell".""")

        t = d.task("fsn-db1 needs a textfile collector so the backup script can drop a last-success timestamp. add a "
                   "textfile dir option to the node-exporter module (default /var/lib/node-exporter) and turn it on "
                   "for fsn-db1 only", tags=["oneoff:O1"])
        t.read(P("modules/monitoring/node-exporter.nix"))
        t.edit(P("modules/monitoring/node-exporter.nix"), """      description = "Interface on which 9100 is opened (Hetzner private network).";
    };
  };
""", """      description = "Interface on which 9100 is opened (Hetzner private network).";
    };
    textfileDir = lib.mkOption {
      type = lib.types.nullOr lib.types.str;
      default = null;
      example = "/var/lib/node-exporter";
      description = "Enable the textfile collector reading *.prom files from this directory.";
    };
  };
""")
        t.edit(P("modules/monitoring/node-exporter.nix"), """      enabledCollectors = [ "systemd" "processes" ];
    };
    networking.firewall.interfaces.${cfg.interface}.allowedTCPPorts = [ 9100 ];
  };""", """      enabledCollectors = [ "systemd" "processes" ] ++ lib.optional (cfg.textfileDir != null) "textfile";
      extraFlags = lib.optionalString (cfg.textfileDir != null)
        "--collector.textfile.directory=${cfg.textfileDir}";
    };
    networking.firewall.interfaces.${cfg.interface}.allowedTCPPorts = [ 9100 ];
    systemd.tmpfiles.rules = lib.optional (cfg.textfileDir != null)
      "d ${cfg.textfileDir} 0775 root root -";
  };""")
        t.read(P("hosts/fsn-db1/default.nix"), limit=8)
        t.edit(P("hosts/fsn-db1/default.nix"), "  halden.monitoring.nodeExporter.enable = true;\n",
               "  halden.monitoring.nodeExporter = {\n    enable = true;\n    textfileDir = \"/var/lib/node-exporter\";\n  };\n")
        s = srcp()
        o1 = "\n\n".join([
            frame("… while checking flake output 'checks'", P("flake.nix"), "checks.x86_64-linux = ", s),
            "… while checking the derivation 'checks.x86_64-linux.deploy-activate'",
            "… while evaluating the option `system.build.toplevel':",
            "… while evaluating definitions from `/nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/nixos/modules/system/activation/top-level.nix':",
            "… while evaluating the option `systemd.services.prometheus-node-exporter.serviceConfig':",
            "… while evaluating definitions from `/nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/nixos/modules/services/monitoring/prometheus/exporters.nix':",
        ])
        t.fail("nix flake check", "Check the flake", f"""{DIRTY}
error:
{indent(o1)}

       (stack trace truncated; use '--show-trace' to show the full, detailed trace)

       error: A definition for option `services.prometheus.exporters.node.extraFlags' is not of type `list of string'. Definition values:
       - In `{s}/modules/monitoring/node-exporter.nix': "--collector.textfile.directory=/var/lib/node-exporter\"""",
               code=1, timeout=900000)
        t.say("`extraFlags` is a list of strings, not a string. Switching to `lib.optional`.")
        t.edit(P("modules/monitoring/node-exporter.nix"), """      extraFlags = lib.optionalString (cfg.textfileDir != null)
        "--collector.textfile.directory=${cfg.textfileDir}";""", """      extraFlags = lib.optional (cfg.textfileDir != null)
        "--collector.textfile.directory=${cfg.textfileDir}";""")
        t.bash("nix flake check", "Check the flake again", err=DIRTY + "\n" + UNKNOWN_DEPLOY + "\n" + nix_build_lines(
            ["unit-prometheus-node-exporter.service", "system-units", "etc", "nixos-system-fsn-db1-" + SYS_VER,
             "deploy-rs-check-activate"]), timeout=900000)
        t.bash("nix eval --raw .#nixosConfigurations.fsn-db1.config.systemd.services.prometheus-node-exporter.serviceConfig.ExecStart",
               "Show the exporter command line on fsn-db1", err=DIRTY,
               out=f"{sp('prometheus-node-exporter-1.8.2')}/bin/node_exporter \\\n  --collector.systemd --collector.processes --collector.textfile \\\n  --web.listen-address 0.0.0.0:9100 --collector.textfile.directory=/var/lib/node-exporter")
        t.done("""Added and checked:

- Module option `halden.monitoring.nodeExporter.textfileDir` (`null` by default). When set, the `textfile` collector is enabled, `--collector.textfile.directory=<dir>` is passed, and a tmpfiles rule creates the dir (`0775 root:root`).
- fsn-db1 sets it to `/var/lib/node-exporter`; the other hosts are unchanged.

First check failed because I passed `extraFlags` as a string — the option is a list of strings; fixed with `lib.optional`. The exporter on fsn-db1 now runs with `--collector.textfile --collector.textfile.directory=/var/lib/node-exporter`. The backup script should write `*.prom` atomically (write a temp file, then `mv`) so the exporter never reads a half-written file.""")

        t = d.task("let's ship the node exporter. start with hel-arm1, it's the least important box",
                   tags=["mistake:M2"])
        arm_drvs = ["unit-prometheus-node-exporter.service", "system-units", "etc", "nixos-system-hel-arm1-" + SYS_VER,
                    "activatable-nixos-system-hel-arm1-" + SYS_VER]
        t.fail("deploy .#hel-arm1", "Deploy hel-arm1", arm_fail(["hel-arm1"], arm_drvs), code=1, timeout=1800000)
        t.say("hel-arm1 is aarch64 and the laptop is x86_64 without emulation, so the profile can't be built here. "
              "deploy-rs can build it on the target instead.")
        t.bash("deploy .#hel-arm1 --remote-build", "Deploy hel-arm1, building on the host", err=deploy_ok(
            ["hel-arm1"], {"hel-arm1": {"start": ["prometheus-node-exporter.service"],
                                        "reload": ["firewall.service"]}}, remote=True), timeout=1800000)
        t.bash("ssh ravi@hel-arm1.halden.net 'systemctl is-active prometheus-node-exporter && curl -s localhost:9100/metrics | grep -c ^node_'",
               "Check the exporter on hel-arm1", out="active\n1184")
        t.done("""hel-arm1 is running the node exporter (`active`, ~1.2k `node_*` series on :9100).

The first `deploy .#hel-arm1` failed at the build: `a 'aarch64-linux' with features {} is required to build …, but I am a 'x86_64-linux'`. The laptop can't build aarch64, so I re-ran it with `--remote-build`, which copies the derivations to hel-arm1 and builds there; activation and the magic-rollback confirmation went through normally. Only the exporter was started and the firewall reloaded.""")

        t = d.task("good. now the two fsn boxes, and do it properly: flake check, dry-activate each one so I see what "
                   "restarts, then the real deploy, then make sure there are no failed units",
                   tags=["workflow:W2"])
        t.bash("nix flake check", "Check the flake", err=DIRTY + "\n" + UNKNOWN_DEPLOY, timeout=900000)
        units_web = {"start": ["prometheus-node-exporter.service"], "reload": ["firewall.service"]}
        units_db = {"start": ["prometheus-node-exporter.service", "systemd-tmpfiles-resetup.service"],
                    "reload": ["firewall.service"]}
        t.bash("deploy .#fsn-web1 --dry-activate", "Dry-activate fsn-web1",
               err=deploy_ok(["fsn-web1"], {"fsn-web1": units_web}, dry=True), timeout=1800000)
        t.bash("deploy .#fsn-db1 --dry-activate", "Dry-activate fsn-db1",
               err=deploy_ok(["fsn-db1"], {"fsn-db1": units_db}, dry=True), timeout=1800000)
        t.say("Both dry runs only start the exporter (+ tmpfiles on db1) and reload the firewall. Deploying.")
        t.bash("deploy .#fsn-web1", "Deploy fsn-web1", err=deploy_ok(["fsn-web1"], {"fsn-web1": units_web}),
               timeout=1800000)
        t.bash("deploy .#fsn-db1", "Deploy fsn-db1", err=deploy_ok(["fsn-db1"], {"fsn-db1": units_db}),
               timeout=1800000)
        t.bash("for h in fsn-web1 fsn-db1; do echo \"== $h\"; ssh ravi@$h.halden.net systemctl --failed; done",
               "Look for failed units on both", out="== fsn-web1\n" + failed_units_ok("fsn-web1") + "\n== fsn-db1\n" +
               failed_units_ok("fsn-db1"))
        t.done("""Both fsn boxes are done.

- `nix flake check`: clean.
- Dry-activate: fsn-web1 would start `prometheus-node-exporter` and reload the firewall; fsn-db1 the same plus `systemd-tmpfiles-resetup` (the new textfile dir). Nothing restarted.
- Deployed fsn-web1, then fsn-db1; both confirmed through magic rollback.
- `systemctl --failed`: 0 units on both.

All three servers now export on :9100 (private interface only). The Prometheus target list on hel-arm1 already had both fsn hosts.""")

    # ============================================================ S3  Fri 10-16
    with d.session("2026-10-16T09:30:00", R, branch="main", version="2.1.128"):
        t = d.task("what landed on main this week? I was out tuesday", tags=["noise", "long_output"])
        t.bash("git log --oneline --since='2026-10-09' --format='%h %an %ad %s' --date=short", "Log since last Friday",
               out="\n".join(f"{sha()} {a} {dt} {m}" for a, dt, m in [
                   ("Ravi Menon", "2026-10-15", "monitoring: node-exporter module, textfile collector on fsn-db1"),
                   ("Jonas Albrecht", "2026-10-14", "shells/rust: add sqlx-cli"),
                   ("Jonas Albrecht", "2026-10-14", "shells/python: uv instead of poetry"),
                   ("Ravi Menon", "2026-10-12", "flake.lock: bump deploy-rs, nixpkgs-unstable, sops-nix"),
                   ("Jonas Albrecht", "2026-10-10", "fsn-web1: ingest vhost proxies to :8080"),
                   ("Mira Kovac", "2026-10-09", "hel-arm1: loki retention 14d -> 30d"),
                   ("Mira Kovac", "2026-10-09", "users: add jonas key"),
               ]))
        t.bash("git show --stat HEAD~1 HEAD~2 | grep -E '^( [a-z]|commit)'", "Files touched by Jonas's shell commits",
               out=f"commit {rev40()}\n shells/rust.nix | 1 +\ncommit {rev40()}\n shells/python.nix | 3 ++-")
        t.done("""Seven commits since last Friday:

- **You:** node-exporter module + the fsn-db1 textfile collector (Wed), the lock bump (Mon).
- **Jonas:** `sqlx-cli` in the rust shell; python shell switched from poetry to `uv` (and `UV_PYTHON_DOWNLOADS=never` so uv uses the Nix python); the `ingest.halden.net` vhost on fsn-web1 proxying to :8080.
- **Mira:** Loki retention on hel-arm1 14d → 30d; Jonas's SSH key in `modules/users.nix`.

Nothing touched secrets or `flake.lock` besides your bump.""")

        t = d.task("I need terraform in the ops shell for the Hetzner DNS records. add it and make sure it actually "
                   "runs. and while you're in there: no `with pkgs;` in new code please, spell out pkgs.whatever",
                   tags=["mistake:M3", "pref:P2"])
        t.read(P("shells/ops.nix"))
        t.edit(P("shells/ops.nix"), "    pkgs.deploy-rs\n", "    pkgs.deploy-rs\n    pkgs.terraform\n")
        t.fail("nix develop .#ops -c terraform version", "Enter the ops shell and run terraform",
               unfree_err("terraform-1.9.8", "terraform",
                          "bsl11", "pkgs/applications/networking/cluster/terraform/default.nix:55", TRACE_DEVSHELL),
               code=1, timeout=600000)
        t.say("terraform is BSL-licensed, so it's unfree in nixpkgs. The repo allows unfree packages by name in one "
              "list; adding it there.")
        t.read(P("lib/unfree.nix"))
        t.edit(P("lib/unfree.nix"), '  "obsidian"\n', '  "obsidian"\n  "terraform"\n')
        t.bash("nix develop .#ops -c terraform version", "Run terraform from the ops shell again",
               err=DIRTY + "\n" + nix_build_lines([], ["terraform-1.9.8"]),
               out="Terraform v1.9.8\non linux_amd64", timeout=600000)
        t.done("""terraform is in the ops shell: `Terraform v1.9.8 on linux_amd64`.

- `shells/ops.nix`: `pkgs.terraform` added (explicit `pkgs.`; that file never used `with pkgs;`).
- `lib/unfree.nix`: `"terraform"` added. It's BSL 1.1 since 1.6, so nixpkgs marks it unfree and the shell refused to evaluate until it was on the list. The list feeds the flake's `pkgs` and the hosts, so this doesn't need anything else.

direnv will pick up the new shell on the next `cd` into the repo (or `direnv reload`). If you'd rather not depend on the BSL build, `opentofu` is free and reads the same HCL.""")

        t = d.task("opinion: should the CI runner's secrets (cachix token etc.) move into sops too, or stay in github "
                   "secrets? short", tags=["noise", "no_tools"])
        t.done("""Keep them in GitHub secrets.

The cachix token is only ever used by Actions, and sops would need a decryption key inside CI to read it — which you'd then store as a GitHub secret anyway, so you'd gain a layer and no security. sops-nix earns its keep for secrets that *hosts* need at runtime (Grafana, Postgres, ingest tokens). The one thing worth doing: scope the cachix token to push on `halden` only, and note in the repo README where it lives and who can rotate it.""")

    # ============================================================ S4  Tue 10-20
    with d.session("2026-10-20T14:10:00", R, branch="main", version="2.1.129", end_reason="other"):
        t = d.task("rotate the grafana admin password on fsn-web1. generate a new one, put it in sops, check that it "
                   "decrypts, commit. don't print the password anywhere", tags=["workflow:W3"])
        t.bash("sops -d --extract '[\"grafana\"]' secrets/fsn-web1.yaml | sed 's/: .*/: <redacted>/'",
               "List the keys under grafana without values", out="admin_password: <redacted>")
        t.bash("sops --set \"[\\\"grafana\\\"][\\\"admin_password\\\"] \\\"$(openssl rand -base64 30 | tr -d '\\n/+=')\\\"\" secrets/fsn-web1.yaml",
               "Generate a new password and write it into the sops file")
        t.bash("sops -d --extract '[\"grafana\"][\"admin_password\"]' secrets/fsn-web1.yaml | wc -c",
               "Check it decrypts (length only)", out="38")
        t.bash("git diff --stat", "What changed", out=" secrets/fsn-web1.yaml | 6 +++---\n 1 file changed, 3 insertions(+), 3 deletions(-)")
        t.bash('git commit -m "secrets(fsn-web1): rotate grafana admin password" secrets/fsn-web1.yaml',
               "Commit the secret", out=commit_out("main", "secrets(fsn-web1): rotate grafana admin password", 1, 3, 3))
        t.done("""Rotated and committed (`secrets(fsn-web1): rotate grafana admin password`), not pushed or deployed.

- New value: 30 random bytes, base64 with `/+=` stripped, written with `sops --set` so it never hit a file or the terminal.
- It decrypts with your key (38 chars). The `sops` metadata (mac, lastmodified) changed with it.

Grafana only reads `admin_password` when it creates the admin user, so after the deploy the running instance keeps the old one. After deploying, set it on the live instance too: `grafana cli admin reset-admin-password` reading the sops path, or change it in the UI.""")

        t = d.task("how much space is left on hel-arm1's data volume? check with hcloud", tags=["unfixed:U1"])
        t.fail("hcloud volume list -o columns=name,size,server,location", "List Hetzner volumes",
               "hcloud: unable to authenticate your token (unauthorized)", code=1)
        t.bash("hcloud context list", "Show hcloud contexts", out="ACTIVE   NAME\n*        halden")
        t.bash("ssh ravi@hel-arm1.halden.net 'df -h /var/lib'", "Check the mount on the box itself",
               out="Filesystem      Size  Used Avail Use% Mounted on\n/dev/sdb         98G   61G   33G  65% /var/lib")
        t.done("""hcloud can't get in: `unable to authenticate your token (unauthorized)` for the active `halden` context — the token in `~/.config/hcloud/cli.toml` has been revoked or rotated. I can't fix that from here; it needs a new API token from the Hetzner console (Security → API tokens) and `hcloud context create halden` again.

From the box itself: the volume on `/var/lib` is **98G, 61G used, 33G free (65%)**. Prometheus (30d) and Loki (30d since Mira's change) both live there.""")

        t = d.task("python shell: bump python to 3.12, ingest-py moved", tags=["noise"])
        t.read(P("shells/python.nix"))
        t.edit(P("shells/python.nix"), "    pkgs.python311\n", "    pkgs.python312\n")
        t.bash("nix develop .#python -c python --version", "Check the python in the shell",
               err=DIRTY + "\n" + nix_build_lines(["nix-shell-env"], ["python3-3.12.8"]), out="Python 3.12.8",
               timeout=600000)
        t.done("Python shell is on 3.12 now (`Python 3.12.8`). With `UV_PYTHON_DOWNLOADS=never`, uv will use that "
               "interpreter; Jonas should delete ingest-py's old `.venv` so uv recreates it against 3.12.")

    # ============================================================ S5  Thu 10-22
    with d.session("2026-10-22T10:00:00", R, branch="main", version="2.1.130"):
        t = d.task("package our halden-motd script (it's in scripts/motd.sh) as a flake package under "
                   "pkgs/halden-motd, and give the servers an option to install it as the login banner. same rule as "
                   "always: the logic lives in a module with an enable option, hosts only switch it on. build the "
                   "package", tags=["mistake:M1", "pref:P1"])
        d.files[P("scripts/motd.sh")] = """#!/usr/bin/env bash
# Print a short status banner: host, uptime, failed units, disk on /var/lib
set -euo pipefail
printf '\\n  %s  ·  up %s\\n' "$(hostname)" "$(uptime -p | sed 's/^up //')"
failed=$(systemctl --failed --no-legend | wc -l)
[ "$failed" -gt 0 ] && printf '  \\e[31m%s failed unit(s)\\e[0m\\n' "$failed"
df -h /var/lib 2>/dev/null | awk 'NR==2 {printf "  /var/lib %s used of %s\\n", $3, $2}'
echo
"""
        t.read(P("scripts/motd.sh"))
        pkg = """{ writeShellApplication, coreutils, gawk, gnused, procps, systemd }:
writeShellApplication {
  name = "halden-motd";
  runtimeInputs = [ coreutils gawk gnused procps systemd ];
  text = builtins.readFile ../../scripts/motd.sh;
}
"""
        t.write(P("pkgs/halden-motd/default.nix"), pkg)
        t.read(P("flake.nix"), offset=70, limit=12)
        t.edit(P("flake.nix"), """      packages.x86_64-linux = {
        inherit (pkgs) prometheus-pgbouncer-exporter;
      };""", """      packages.x86_64-linux = {
        inherit (pkgs) prometheus-pgbouncer-exporter;
        halden-motd = pkgs.callPackage ./pkgs/halden-motd { };
      };""")
        motd_mod = """{ config, lib, pkgs, ... }:
let
  cfg = config.halden.motd;
in
{
  options.halden.motd = {
    enable = lib.mkEnableOption "halden-motd status banner on interactive login";
  };

  config = lib.mkIf cfg.enable {
    environment.systemPackages = [ (pkgs.callPackage ../../pkgs/halden-motd { }) ];
    programs.bash.interactiveShellInit = ''
      [ -n "$SSH_CONNECTION" ] && halden-motd
    '';
  };
}
"""
        t.write(P("modules/services/motd.nix"), motd_mod)
        t.read(P("modules/default.nix"))
        t.edit(P("modules/default.nix"), "    ./services/web.nix\n", "    ./services/web.nix\n    ./services/motd.nix\n")
        t.fail("nix build .#halden-motd", "Build the package", path_missing("pkgs/halden-motd", [
            frame("… while evaluating the attribute 'packages.x86_64-linux.halden-motd'", P("flake.nix"),
                  "halden-motd = pkgs.callPackage"),
            """… while calling the 'import' builtin
  at /nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/lib/customisation.nix:264:28:
   263|     let
   264|       f = if isFunction fn then fn else import fn;
      |                            ^
   265|       auto = intersectAttrs (functionArgs f) autoArgs;""",
        ]), code=1, timeout=600000)
        t.bash("git status --short", "See what git knows about",
               out=" M flake.nix\n M modules/default.nix\n?? modules/services/motd.nix\n?? pkgs/\n?? scripts/motd.sh")
        t.say("Three new files are untracked, so they're missing from the flake's source in the store. Marking them "
              "intent-to-add.")
        t.bash("git add --intent-to-add pkgs/halden-motd/default.nix modules/services/motd.nix scripts/motd.sh",
               "Make the new files visible to Nix")
        t.bash("nix build .#halden-motd", "Build the package again",
               err=DIRTY + "\n" + nix_build_lines(["halden-motd"], ["shellcheck-minimal-0.10.0"]), timeout=600000)
        t.bash("./result/bin/halden-motd", "Run it once locally",
               out="\n  kite  ·  up 2 days, 3 hours, 12 minutes\n  /var/lib 41G used of 468G")
        t.done("""`halden-motd` builds and runs.

- `pkgs/halden-motd/default.nix`: `writeShellApplication` around `scripts/motd.sh`, with coreutils/gawk/gnused/procps/systemd on its PATH (shellcheck runs at build time and passed). Exposed as `packages.x86_64-linux.halden-motd`.
- `modules/services/motd.nix`: `halden.motd.enable` installs it and runs it for interactive SSH logins. Imported from `modules/default.nix`; no host has it on yet — tell me which ones and I'll flip the enables.

The first build failed with `path '…-source/pkgs/halden-motd' does not exist`: the new files were untracked, so they weren't in the flake's source. `git add --intent-to-add` on the three files fixed it; nothing is staged for commit.

Note: the package is only exposed for x86_64-linux; through the module it's built per host, so hel-arm1 gets an aarch64 build.""")

        t = d.task("which ports does each host open in the firewall? table please", tags=["noise"])
        t.grep("allowedTCPPorts", path=R, glob="*.nix", output_mode="content", n=True, content="""/home/ravi/infra/hosts/fsn-db1/default.nix:25:  networking.firewall.interfaces."enp7s0".allowedTCPPorts = [ 5432 ];
/home/ravi/infra/hosts/hel-arm1/default.nix:13:  networking.firewall.interfaces."enp7s0".allowedTCPPorts = [ 3100 9090 ];
/home/ravi/infra/modules/server.nix:11:    networking.firewall.allowedTCPPorts = [ 22 ];
/home/ravi/infra/modules/services/web.nix:23:      networking.firewall.allowedTCPPorts = [ 80 443 ];
/home/ravi/infra/modules/monitoring/node-exporter.nix:28:    networking.firewall.interfaces.${cfg.interface}.allowedTCPPorts = [ 9100 ];""")
        t.grep("pgbouncer|listen_port", path=P("hosts/fsn-db1/default.nix"), output_mode="content", n=True,
               content="28:  services.pgbouncer = {\n32:      listen_port = 6432;")
        t.done("""| host | public | private (`enp7s0`) |
|---|---|---|
| fsn-web1 | 22, 80, 443 | 9100 |
| fsn-db1 | 22 | 5432, 9100 |
| hel-arm1 | 22 | 3100 (Loki), 9090 (Prometheus), 9100 |
| kite | NixOS default (none) | — |

One gap: pgbouncer on fsn-db1 listens on `10.0.1.3:6432`, but 6432 isn't opened on `enp7s0`, so clients on the private network can only reach Postgres directly on 5432. If the apps are meant to go through pgbouncer, 6432 needs adding.""")

        t = d.task("lock bump again, all inputs. check, build kite, diff, commit", tags=["workflow:W1", "flaky:F1",
                                                                                     "long_output"])
        t.fail("nix flake update", "Update all flake inputs", DIRTY + """
warning: error: unable to download 'https://api.github.com/repos/NixOS/nixpkgs/commits/nixos-unstable': HTTP error 502; retrying in 301 ms
warning: error: unable to download 'https://api.github.com/repos/NixOS/nixpkgs/commits/nixos-unstable': HTTP error 502; retrying in 547 ms
warning: error: unable to download 'https://api.github.com/repos/NixOS/nixpkgs/commits/nixos-unstable': HTTP error 502; retrying in 1186 ms
warning: error: unable to download 'https://api.github.com/repos/NixOS/nixpkgs/commits/nixos-unstable': HTTP error 502; retrying in 2498 ms
error:
       … while updating the lock file of flake 'git+file:///home/ravi/infra'

       … while updating the flake input 'nixpkgs-unstable'

       … while fetching the input 'github:NixOS/nixpkgs/nixos-unstable'

       error: unable to download 'https://api.github.com/repos/NixOS/nixpkgs/commits/nixos-unstable': HTTP error 502

       response body:

       {
         "message": "Server Error"
       }""", code=1, timeout=300000)
        t.say("GitHub's API returned 502s; that's on their side. Trying again.")
        t.bash("nix flake update", "Update all flake inputs", err=lock_update([
            ("nixpkgs-unstable", "github:NixOS/nixpkgs", "2026-10-10", "2026-10-20"),
            ("sops-nix", "github:Mic92/sops-nix", "2026-10-06", "2026-10-19"),
        ], dirty=True), timeout=300000)
        t.bash("nix flake check", "Run flake checks", err=DIRTY + "\n" + UNKNOWN_DEPLOY, timeout=900000)
        t.bash("nixos-rebuild build --flake .#kite", "Build kite's system",
               err="building the system configuration...\n" + DIRTY + "\n" + nix_build_lines(
                   ["system-path", "etc", "nixos-system-kite-" + SYS_VER], ["uptime-kuma-2.0.1", "sops-install-secrets-0.0.1"]),
               timeout=1800000)
        t.bash("nix store diff-closures /run/current-system ./result", "What changes on kite", out=diff_closures([
            "grafana: 11.6.4 → 11.6.6, +14.2 KiB",
            "sops-install-secrets: 0.0.1 → 0.0.1, -0.6 KiB",
            "uptime-kuma: 2.0.0 → 2.0.1, +41.9 KiB",
        ]))
        t.bash('git add flake.lock && git commit -m "flake.lock: bump nixpkgs-unstable, sops-nix"', "Commit the lock",
               out=commit_out("main", "flake.lock: bump nixpkgs-unstable, sops-nix", 1, 6, 6))
        t.done("""Lock bumped and committed (`flake.lock: bump nixpkgs-unstable, sops-nix`).

- First `nix flake update` died on HTTP 502s from api.github.com while resolving `nixos-unstable`; the identical retry went through.
- Updated: `nixpkgs-unstable` 10-10 → 10-20, `sops-nix` 10-06 → 10-19. Everything else is unchanged.
- `nix flake check` clean; kite builds.
- On kite: grafana 11.6.4 → 11.6.6 (unstable, via the overlay), uptime-kuma 2.0.0 → 2.0.1, sops-install-secrets rebuilt. The servers will get the same grafana bump on their next deploy.

The uncommitted motd work from earlier is still in the tree, untouched.""")

    # ============================================================ S6  Mon 10-26 (compaction)
    with d.session("2026-10-26T09:15:00", R, branch="main", version="2.1.131"):
        t = d.task("roll last week's lock bump out to all three servers", tags=["mistake:M2"])
        arm2 = ["sops-install-secrets-0.0.1", "system-path", "etc", "nixos-system-hel-arm1-" + SYS_VER,
                "activatable-nixos-system-hel-arm1-" + SYS_VER]
        hdr = deploy_header(["fsn-db1", "fsn-web1", "hel-arm1"], True, True)
        web_b = [dlog("Building profile `system` for node `fsn-db1`"),
                 nix_build_lines(["etc", "nixos-system-fsn-db1-" + SYS_VER, "activatable-nixos-system-fsn-db1-" + SYS_VER]),
                 dlog("Building profile `system` for node `fsn-web1`"),
                 nix_build_lines(["etc", "nixos-system-fsn-web1-" + SYS_VER, "activatable-nixos-system-fsn-web1-" + SYS_VER],
                                 ["grafana-11.6.6"]),
                 dlog("Building profile `system` for node `hel-arm1`")]
        paths = [sp(x + ".drv") for x in arm2]
        fail_txt = "\n".join([hdr] + web_b + [f"these {len(paths)} derivations will be built:"] +
                             ["  " + p for p in paths] +
                             [f"error: a 'aarch64-linux' with features {{}} is required to build '{paths[0]}', but I am a "
                              f"'x86_64-linux' with features {FEAT}",
                              dlog("Failed to build profile on node hel-arm1: hel-arm1", lvl="ERROR")])
        t.fail("deploy .", "Deploy all nodes", fail_txt, code=1, timeout=3600000)
        t.say("fsn-db1 and fsn-web1 built fine; hel-arm1 can't be built on this x86 laptop. deploy-rs builds every "
              "profile before it activates any, so nothing was deployed. Running it again with the builds on the "
              "targets.")
        t.bash("deploy . --remote-build", "Deploy all nodes, building on each host",
               err=deploy_ok(["fsn-db1", "fsn-web1", "hel-arm1"], {
                   "fsn-web1": {"restart": ["grafana.service"]}},
                   remote=True), timeout=3600000)
        t.bash("for h in fsn-db1 fsn-web1 hel-arm1; do printf '%s: ' $h; ssh ravi@$h.halden.net 'systemctl is-system-running'; done",
               "Overall state of each server", out="fsn-db1: running\nfsn-web1: running\nhel-arm1: running")
        t.done("""All three servers are on the new lock; `systemctl is-system-running` says `running` on each.

`deploy .` built fsn-db1 and fsn-web1, then stopped at hel-arm1 (`a 'aarch64-linux' with features {} is required to build …`) — deploy-rs builds all profiles before activating any, so nothing had changed on the servers. Re-ran as `deploy . --remote-build`: each host built its own system (the x86 ones mostly substituted from the caches), then activation and confirmation went through on all three. The only restart was grafana on fsn-web1 (11.6.6 from unstable); fsn-db1 and hel-arm1 just switched generations.""")

        t = d.task("fsn-db1: bump shared_buffers to 4GB and work_mem to 32MB. usual rollout", tags=["workflow:W2"])
        t.read(P("hosts/fsn-db1/default.nix"))
        t.edit(P("hosts/fsn-db1/default.nix"), """      shared_buffers = "2GB";
      work_mem = "16MB";""", """      shared_buffers = "4GB";
      work_mem = "32MB";""")
        t.bash("nix flake check", "Check the flake", err=DIRTY + "\n" + UNKNOWN_DEPLOY, timeout=900000)
        t.bash("deploy .#fsn-db1 --dry-activate", "Dry-activate fsn-db1", err=deploy_ok(
            ["fsn-db1"], {"fsn-db1": {"restart": ["postgresql.service"]}}, dry=True), timeout=1800000)
        t.say("The dry run restarts postgresql (shared_buffers needs a restart; pgbouncer stays up). That's a few "
              "seconds of refused connections on 5432. Going ahead as asked.")
        t.bash("deploy .#fsn-db1", "Deploy fsn-db1", err=deploy_ok(["fsn-db1"], {"fsn-db1": {"restart": ["postgresql.service"]}}),
               timeout=1800000)
        t.bash("ssh ravi@fsn-db1.halden.net 'systemctl --failed; sudo -u postgres psql -Atc \"show shared_buffers\" -c \"show work_mem\"'",
               "Failed units and the live settings", out=failed_units_ok("fsn-db1") + "\n4GB\n32MB")
        t.done("""fsn-db1 is running with `shared_buffers = 4GB` and `work_mem = 32MB`.

- flake check clean → dry-activate showed only `postgresql.service` restarting → deployed, confirmed.
- No failed units; `SHOW` returns the new values.

Postgres was restarted (shared_buffers can't be reloaded), so there were a few seconds of refused connections; pgbouncer kept its listener up. With 200 max_connections, 32MB work_mem is a per-sort ceiling — fine on this box's 16 GB as long as few queries sort in parallel.""")

        d.precompact(f"""Analysis: Ravi Menon (infra engineer, Halden) works in {R}, the team flake: nixosConfigurations kite (his NixOS 24.11 laptop, GNOME, home-manager module for ravi via home/ravi.nix), fsn-web1 and fsn-db1 (x86_64 Hetzner), hel-arm1 (aarch64 Hetzner: Prometheus/Alertmanager/Loki). modules/ holds halden.* options (server, web+grafana, monitoring.prometheus, monitoring.nodeExporter with textfileDir, motd); hosts only flip enables. lib/unfree.nix is the allow-list used by the flake pkgs and by modules/common.nix. sops-nix with age (.sops.yaml: ravi, jonas, host keys; secrets/<host>.yaml). deploy-rs nodes <host>.halden.net, sshUser ravi, user root; checks.x86_64-linux = deployChecks without hel-arm1. devShells rust/python/ops in shells/. Overlay takes grafana, grafana-loki, uptime-kuma from nixpkgs-unstable and overrides prometheus-pgbouncer-exporter (0.9.0). nixpkgs-fmt is the formatter.

Summary of work so far:
1. Lock bumps committed 10-12 and 10-22 (nixpkgs-unstable, sops-nix, deploy-rs); both rolled out to the servers today with deploy-rs.
2. node-exporter module on all servers, textfile collector on fsn-db1; terraform added to the ops shell; python shell on 3.12; grafana admin password rotated in sops (committed).
3. halden-motd package + halden.motd module written, built, not enabled on any host, not committed (files intent-to-add).
4. fsn-db1 postgres shared_buffers 4GB / work_mem 32MB deployed (uncommitted edit in hosts/fsn-db1/default.nix).
5. hcloud token for context `halden` is revoked (Ravi to replace).""")

        t = d.task("how big are the server closures? top offenders on fsn-web1", tags=["noise", "long_output"])
        t.bash("nix path-info -Sh .#nixosConfigurations.fsn-web1.config.system.build.toplevel "
               ".#nixosConfigurations.fsn-db1.config.system.build.toplevel", "Closure sizes of the two x86 servers",
               err=DIRTY, out=f"{sp('nixos-system-fsn-web1-' + SYS_VER)}\t   2.9 GiB\n{sp('nixos-system-fsn-db1-' + SYS_VER)}\t   1.7 GiB")
        rows = [("grafana-11.6.6", "612.4 MiB"), ("glibc-locales-2.40-66", "221.7 MiB"), ("linux-firmware-20250509-zstd", "188.2 MiB"),
                ("go-1.23.8", "171.0 MiB"), ("python3-3.12.8", "118.3 MiB"), ("linux-6.6.94-modules", "99.6 MiB"),
                ("systemd-256.10", "64.9 MiB"), ("perl-5.40.0", "61.2 MiB"), ("gcc-13.3.0-lib", "37.4 MiB"),
                ("nginx-1.26.3", "8.1 MiB"), ("openssl-3.3.3", "7.0 MiB"), ("postgresql-16.9-lib", "5.6 MiB"),
                ("util-linux-2.39.4-bin", "4.2 MiB"), ("coreutils-9.5", "1.7 MiB"), ("bash-5.2p37", "1.6 MiB")]
        t.bash("nix path-info -rsh .#nixosConfigurations.fsn-web1.config.system.build.toplevel | sort -k2 -h | tail -15",
               "Largest individual store paths in fsn-web1's closure", err=DIRTY,
               out="\n".join(f"{sp(n)}\t{s:>10}" for n, s in reversed(rows)))
        t.bash("nix why-depends .#nixosConfigurations.fsn-web1.config.system.build.toplevel "
               + sp("go-1.23.8"), "Why is go in the closure?", err=DIRTY,
               out=f"""{sp('nixos-system-fsn-web1-' + SYS_VER)}
└───{sp('system-path')}
    └───{sp('grafana-11.6.6')}
        └───{sp('go-1.23.8')}""")
        t.done("""fsn-web1's system closure is **2.9 GiB**, fsn-db1's **1.7 GiB**.

Largest paths on fsn-web1:
- **grafana 11.6.6 — 612 MiB**, and it drags in **go 1.23.8 (171 MiB)**: the unstable grafana package keeps a reference to the Go toolchain (it's in `system-path` because the module adds grafana to the system packages). That's ~780 MiB for Grafana alone.
- glibc-locales 222 MiB (all locales; `i18n.supportedLocales = [ "en_US.UTF-8/UTF-8" ]` would cut it to a few MiB).
- linux-firmware 188 MiB — not needed on a Hetzner VM (`hardware.enableRedistributableFirmware = false` if the hardware file doesn't need it).
- python3 118 MiB, kernel modules 100 MiB, systemd, perl.

The locales and firmware are the cheap wins (~400 MiB per server); the Go reference is upstream packaging.""")

        t = d.task("put slack on kite through home-manager, I keep using the browser tab and hate it",
                   tags=["mistake:M3"])
        t.read(P("home/ravi.nix"), limit=17)
        t.edit(P("home/ravi.nix"), "    pkgs.obsidian\n  ];", "    pkgs.obsidian\n    pkgs.slack\n  ];")
        hm_trace = [
            """… while evaluating the attribute 'config.system.build.toplevel'
  at /nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/lib/modules.nix:322:9:
   321|         options = checked options;
   322|         config = checked (removeAttrs config [ "_module" ]);
      |         ^
   323|         _module = checked (config._module);""",
            "… while evaluating the option `system.build.toplevel':",
            "… while evaluating definitions from `/nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/nixos/modules/system/activation/top-level.nix':",
            "… while evaluating the option `home-manager.users.ravi.home.packages':",
            "… while evaluating definitions from `@SRC@/home/ravi.nix':",
        ]
        t.fail("nixos-rebuild build --flake .#kite", "Build kite",
               "building the system configuration...\n" + unfree_err(
                   "slack-4.41.105", "slack", "unfree",
                   "pkgs/applications/networking/instant-messengers/slack/default.nix:79", hm_trace),
               code=1, timeout=1800000)
        t.read(P("lib/unfree.nix"))
        t.edit(P("lib/unfree.nix"), '  "terraform"\n', '  "terraform"\n  "slack"\n')
        t.bash("nixos-rebuild build --flake .#kite", "Build kite again",
               err="building the system configuration...\n" + DIRTY + "\n" + nix_build_lines(
                   ["home-manager-path", "home-manager-generation", "user-environment", "etc",
                    "nixos-system-kite-" + SYS_VER], ["slack-4.41.105"]), timeout=1800000)
        t.bash("ls ./result/etc/profiles/per-user/ravi/bin | grep -i slack", "Check slack is in your profile",
               out="slack")
        t.done("""kite builds with Slack (4.41.105) in your home-manager packages.

It's unfree, so the build first refused to evaluate it; I added `"slack"` to `lib/unfree.nix` next to spotify/zoom/obsidian/terraform. That list is what kite's `nixpkgs.config.allowUnfreePredicate` reads, and home-manager uses the system pkgs (`useGlobalPkgs`), so nothing else was needed.

`sudo nixos-rebuild switch --flake .#kite` to get it. Both edits are uncommitted.""")

    # ============================================================ S7  Thu 10-29 (acceptEdits)
    with d.session("2026-10-29T08:40:00", R, branch="main", version="2.1.132", permission_mode="acceptEdits"):
        t = d.task("heads up, change of plan on formatting: we're moving the repo from nixpkgs-fmt to nixfmt, the "
                   "rfc-style one that nixpkgs uses now. point the flake formatter at nixfmt-rfc-style, swap it in the "
                   "ops shell, reformat everything, one separate commit with only the formatting",
                   tags=["reversal:P3", "long_output"])
        t.bash("git status --short && git log --oneline -3", "Check the tree is clean before a treewide change",
               out=gitlog(["kite: slack via home-manager (unfree list)", "fsn-db1: postgres shared_buffers 4GB, work_mem 32MB",
                           "motd: halden-motd package + halden.motd module"]))
        t.read(P("flake.nix"))
        t.edit(P("flake.nix"), "      formatter.x86_64-linux = pkgs.nixpkgs-fmt;",
               "      formatter.x86_64-linux = pkgs.nixfmt-rfc-style;")
        t.read(P("shells/ops.nix"))
        t.edit(P("shells/ops.nix"), "    pkgs.nixpkgs-fmt\n", "    pkgs.nixfmt-rfc-style\n")
        t.bash("nix fmt", "Format the whole repo with nixfmt-rfc-style", err=DIRTY + "\n" + nix_build_lines(
            [], ["nixfmt-unstable-2024-12-04"]), timeout=600000)
        stat = [("flake.nix", 58), ("home/ravi.nix", 14), ("hosts/fsn-db1/default.nix", 9),
                ("hosts/fsn-web1/default.nix", 6), ("hosts/hel-arm1/default.nix", 12), ("hosts/kite/default.nix", 7),
                ("hosts/kite/hardware.nix", 21), ("hosts/fsn-web1/hardware.nix", 11), ("hosts/fsn-db1/hardware.nix", 11),
                ("hosts/hel-arm1/hardware.nix", 13), ("modules/common.nix", 19), ("modules/monitoring/node-exporter.nix", 8),
                ("modules/monitoring/prometheus.nix", 22), ("modules/server.nix", 4), ("modules/services/motd.nix", 5),
                ("modules/services/web.nix", 17), ("modules/users.nix", 6), ("overlays/default.nix", 15),
                ("pkgs/halden-motd/default.nix", 9), ("shells/ops.nix", 2), ("shells/python.nix", 4), ("shells/rust.nix", 3)]
        t.bash("git diff --stat", "Size of the reformat", out="\n".join(
            f" {f:<38}| {n:>3} {'+' * min(n // 2 + 1, 20)}{'-' * min(n // 2, 20)}" for f, n in stat) +
            f"\n {len(stat)} files changed, 201 insertions(+), 157 deletions(-)")
        t.bash("nix flake check", "Make sure the reformat changed nothing semantically", err=DIRTY + "\n" + UNKNOWN_DEPLOY,
               timeout=900000)
        t.bash('git commit -am "treewide: format with nixfmt-rfc-style (was nixpkgs-fmt)"', "Commit the reformat",
               out=commit_out("main", "treewide: format with nixfmt-rfc-style (was nixpkgs-fmt)", len(stat), 201, 157))
        t.done("""Switched to nixfmt and committed the reformat on its own: `treewide: format with nixfmt-rfc-style (was nixpkgs-fmt)` — 22 files, +201/−157. `nix flake check` is still clean, so nothing changed semantically. The tree was clean before (your motd, postgres and slack commits are in), so the commit is formatting only, plus the two tool swaps:

- `formatter.x86_64-linux = pkgs.nixfmt-rfc-style`, so `nix fmt` uses it.
- The ops shell ships `nixfmt-rfc-style` instead of `nixpkgs-fmt`.

From now on I'll format with `nix fmt`. Anyone with open branches will get conflicts on every touched line. The easiest fix is to run `nix fmt` on their branch before rebasing. CI doesn't call a formatter, so nothing to change there.""")

        fb = ("the incident note you wrote on tuesday for the fsn-db1 restart was way too long — I had to cut half of "
              "it before it went into #ops. 5 lines max: what, impact, cause, fix, follow-up. redo it in that shape")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""**What:** Postgres on fsn-db1 restarted during Monday's deploy (shared_buffers 2GB → 4GB, work_mem 16MB → 32MB).
**Impact:** ~6 s of refused connections on 5432; ingest-py retried, no data lost.
**Cause:** shared_buffers needs a full restart; the dry-run showed it and we deployed in working hours.
**Fix:** none needed — settings are live and confirmed with `SHOW`.
**Follow-up:** restarting postgres changes go out after 19:00, and apps connect through pgbouncer (open 6432 on enp7s0).""")

        t = d.task("new secret: basic-auth password for the loki push endpoint on hel-arm1 (the promtail agents will "
                   "use it). generate it, put it in hel-arm1's sops file, verify, commit. I'll wire and deploy it "
                   "later", tags=["workflow:W3"])
        t.bash("sops -d secrets/hel-arm1.yaml | grep -E '^[a-z_]+:' | sed 's/:.*//'", "Top-level keys in hel-arm1's secrets",
               out="alertmanager\nloki")
        t.bash("sops -d --extract '[\"loki\"]' secrets/hel-arm1.yaml | sed 's/: .*/: <redacted>/'",
               "Keys under loki", out="s3_secret_key: <redacted>")
        t.bash("pw=$(openssl rand -base64 24 | tr -d '\\n/+=') && sops --set \"[\\\"loki\\\"][\\\"push_password\\\"] \\\"$pw\\\"\" secrets/hel-arm1.yaml && unset pw",
               "Generate the password and store it in sops")
        t.bash("sops --decrypt --extract '[\"loki\"][\"push_password\"]' secrets/hel-arm1.yaml | wc -c",
               "Verify it decrypts (length only)", out="31")
        t.bash('git commit -m "secrets(hel-arm1): loki push basic-auth password" secrets/hel-arm1.yaml',
               "Commit the secret", out=commit_out("main", "secrets(hel-arm1): loki push basic-auth password", 1, 2, 1))
        t.done("""`loki.push_password` is in `secrets/hel-arm1.yaml` (31 chars, decrypts with your key) and committed on its own: `secrets(hel-arm1): loki push basic-auth password`. Not pushed.

For the wiring later: nginx wants an htpasswd line, not the plain password, so the simplest route is a sops-nix template on hel-arm1 rendering `promtail:<bcrypt>` — or keep the plain secret for promtail's `basic_auth.password_file` on the agents and generate the htpasswd hash once into a second key (`loki.push_htpasswd`).""")

        t = d.task("small one: grafana vhost should send HSTS (1 year, includeSubDomains)", tags=["noise"])
        t.read(P("modules/services/web.nix"), offset=44, limit=12)
        t.edit(P("modules/services/web.nix"), """      services.nginx.virtualHosts."grafana.halden.net" = {
        enableACME = true;
        forceSSL = true;""", """      services.nginx.virtualHosts."grafana.halden.net" = {
        enableACME = true;
        forceSSL = true;
        extraConfig = ''
          add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;
        '';""")
        t.bash("nix fmt modules/services/web.nix && nix flake check", "Format and check", err=DIRTY + "\n" + UNKNOWN_DEPLOY,
               timeout=900000)
        t.done("Added `Strict-Transport-Security: max-age=31536000; includeSubDomains` (with `always`, so error pages "
               "carry it too) to the grafana vhost via `extraConfig`; formatted, flake check clean. It goes out with "
               "fsn-web1's next deploy. `includeSubDomains` covers every `*.halden.net` name for a year, so make sure "
               "nothing under halden.net still needs plain HTTP.")

    # ============================================================ S8  Tue 11-03
    with d.session("2026-11-03T09:20:00", R, branch="main", version="2.1.134"):
        t = d.task("home/ravi.nix is getting long. split git and ssh out into home/git.nix and home/ssh.nix, import "
                   "them, and build kite to make sure nothing changed", tags=["mistake:M1"])
        t.read(P("home/ravi.nix"))
        git_nix = """{ ... }:
{
  programs.git = {
    enable = true;
    userName = "Ravi Menon";
    userEmail = "ravi@halden.io";
    extraConfig = {
      pull.rebase = true;
      init.defaultBranch = "main";
    };
  };
}
"""
        ssh_nix = """{ ... }:
{
  programs.ssh = {
    enable = true;
    matchBlocks."*.halden.net" = {
      user = "ravi";
      identityFile = "~/.ssh/id_ed25519";
    };
  };
}
"""
        t.write(P("home/git.nix"), git_nix)
        t.write(P("home/ssh.nix"), ssh_nix)
        t.edit(P("home/ravi.nix"), """  programs.git = {
    enable = true;
    userName = "Ravi Menon";
    userEmail = "ravi@halden.io";
    extraConfig = {
      pull.rebase = true;
      init.defaultBranch = "main";
    };
  };

  programs.ssh = {
    enable = true;
    matchBlocks."*.halden.net" = {
      user = "ravi";
      identityFile = "~/.ssh/id_ed25519";
    };
  };

""", "")
        t.edit(P("home/ravi.nix"), """{ pkgs, ... }:
{
  home.username""", """{ pkgs, ... }:
{
  imports = [
    ./git.nix
    ./ssh.nix
  ];

  home.username""")
        t.bash("nix fmt home/", "Format the home files", err=DIRTY)
        t.fail("nixos-rebuild build --flake .#kite", "Build kite",
               "building the system configuration...\n" + path_missing("home/git.nix", [
                   """… while evaluating the attribute 'config.system.build.toplevel'
  at /nix/store/4b9kzg2s0pmjwl1x8q7rdv6fc3ya5nhi-source/lib/modules.nix:322:9:
   321|         options = checked options;
   322|         config = checked (removeAttrs config [ "_module" ]);
      |         ^
   323|         _module = checked (config._module);""",
                   "… while evaluating the option `home-manager.users':",
                   "… while evaluating definitions from `@SRC@/hosts/kite/default.nix':",
                   """… while evaluating the module argument `imports' in "@SRC@/home/ravi.nix":""",
               ]), code=1, timeout=1800000)
        t.say("Same thing as with the motd files: `home/git.nix` and `home/ssh.nix` are new and untracked, so the "
              "flake's store copy doesn't have them.")
        t.bash("git add -N home/git.nix home/ssh.nix", "Intent-to-add the two new home-manager files")
        t.bash("nixos-rebuild build --flake .#kite", "Build kite again",
               err="building the system configuration...\n" + DIRTY + "\n" + nix_build_lines(
                   ["home-manager-files", "home-manager-generation", "etc", "nixos-system-kite-" + SYS_VER]),
               timeout=1800000)
        t.bash("nix store diff-closures /run/current-system ./result", "Compare with the running system")
        t.done("""Split done and kite builds.

- `home/git.nix` (programs.git) and `home/ssh.nix` (programs.ssh) hold exactly what was in `home/ravi.nix`; `ravi.nix` now imports them and keeps packages, direnv, fish.
- `diff-closures` against the running system prints nothing: no package or version changes. Only the home-manager generation derivation was rebuilt, since the module files moved.

The first build failed with `path '…-source/home/git.nix' does not exist` — the two files were new and untracked. `git add -N` on both fixed it (nothing staged). Formatted with `nix fmt`.""")

        t = d.task("CI on #57 (Jonas's shells PR) is red. what's going on?", tags=["unfixed:U2"])
        t.fail("gh pr checks 57", "CI status of PR #57", """Some checks were not successful
0 cancelled, 2 failing, 0 successful, 2 skipped, and 0 pending checks

   NAME              DESCRIPTION  ELAPSED  URL
X  ci/check (pull_request)          41s  https://github.com/halden-io/infra/actions/runs/19288834512/job/55149021876
X  ci/check (push)                  39s  https://github.com/halden-io/infra/actions/runs/19288831077/job/55149010433
-  ci/build (fsn-web1)                   https://github.com/halden-io/infra/actions/runs/19288834512
-  ci/build (kite)                       https://github.com/halden-io/infra/actions/runs/19288834512""", code=1)
        t.bash("gh run view 19288834512 --log-failed | tail -12", "Failed step log", out="""check	Run cachix/cachix-action@v15	2026-11-03T08:51:12.4410928Z Cachix: using cache halden
check	Run cachix/cachix-action@v15	2026-11-03T08:51:12.4415522Z /home/runner/.nix-profile/bin/cachix use halden
check	Run cachix/cachix-action@v15	2026-11-03T08:51:13.2968120Z cachix: FailureResponse (Request {
check	Run cachix/cachix-action@v15	2026-11-03T08:51:13.2968945Z   requestPath = (BaseUrl {baseUrlScheme = Https, baseUrlHost = "app.cachix.org", baseUrlPort = 443, baseUrlPath = "/api/v1"},"/cache/halden")
check	Run cachix/cachix-action@v15	2026-11-03T08:51:13.2969711Z   requestMethod = "GET"
check	Run cachix/cachix-action@v15	2026-11-03T08:51:13.2971004Z }) (Response {responseStatusCode = Status {statusCode = 401, statusMessage = "Unauthorized"}
check	Run cachix/cachix-action@v15	2026-11-03T08:51:13.2971836Z   responseHeaders = ...
check	Run cachix/cachix-action@v15	2026-11-03T08:51:13.2972610Z   responseBody = "{\\"error\\":\\"Auth token has been revoked or expired\\"}"
check	Run cachix/cachix-action@v15	2026-11-03T08:51:13.2973304Z })
check	Run cachix/cachix-action@v15	2026-11-03T08:51:13.3102285Z ##[error]Error: The process '/home/runner/.nix-profile/bin/cachix' failed with exit code 1
check	Post Run actions/checkout@v4	2026-11-03T08:51:13.4461938Z Post job cleanup.""")
        t.bash("gh run list --workflow ci.yml --limit 5", "Recent CI runs", out="""STATUS  TITLE                                 WORKFLOW  BRANCH         EVENT         ID           ELAPSED  AGE
X       shells: add just and cargo-nextest    ci        jonas/shells   pull_request  19288834512  41s      about 28 minutes ago
X       shells: add just and cargo-nextest    ci        jonas/shells   push          19288831077  39s      about 28 minutes ago
X       treewide: format with nixfmt-rfc-s... ci        main           push          19210553781  44s      about 5 days ago
✓       flake.lock: bump nixpkgs-unstable,... ci        main           push          19097712040  14m2s    about 12 days ago
✓       monitoring: node-exporter module, ... ci        main           push          18990411286  11m48s   about 19 days ago""")
        t.done("""It isn't Jonas's change. CI fails in the `cachix/cachix-action` step before Nix runs at all: `cachix use halden` gets **401 Unauthorized — "Auth token has been revoked or expired"**. Every run since your nixfmt commit on 10-29 is red for the same reason; the last green one was the 10-22 lock bump. So the `CACHIX_AUTH_TOKEN` repo secret stopped working somewhere in that week.

I can't fix this from here. It needs a new token in the cachix dashboard for `halden` (write access for pushes), then `gh secret set CACHIX_AUTH_TOKEN` (admin on the repo), then re-run the two #57 runs. #57 itself hasn't been checked yet; the build jobs were skipped.""")

        t = d.task("lock bump, only nixpkgs-unstable this time — sops-nix master has that regression Mira found. check, "
                   "nvd diff for kite, commit", tags=["workflow:W1", "long_output"])
        t.bash("nix flake update nixpkgs-unstable", "Update only nixpkgs-unstable", err=lock_update([
            ("nixpkgs-unstable", "github:NixOS/nixpkgs", "2026-10-20", "2026-11-01")], dirty=True), timeout=300000)
        t.bash("nix flake check", "Run flake checks", err=DIRTY + "\n" + UNKNOWN_DEPLOY, timeout=900000)
        t.bash("nixos-rebuild build --flake .#kite", "Build kite",
               err="building the system configuration...\n" + DIRTY + "\n" + nix_build_lines(
                   ["system-path", "etc", "nixos-system-kite-" + SYS_VER], ["uptime-kuma-2.0.2", "grafana-11.6.7"]),
               timeout=1800000)
        t.bash("nvd diff /run/current-system ./result", "Version diff for kite", out=f"""<<< /run/current-system
>>> ./result
Version changes:
[U.]  #1  grafana      11.6.6 -> 11.6.7
[U.]  #2  uptime-kuma  2.0.1 -> 2.0.2
Closure size: 2913 -> 2917 (31 paths added, 27 paths removed, delta +4, disk usage +3.1MiB).""")
        t.bash('git commit -m "flake.lock: bump nixpkgs-unstable" flake.lock', "Commit only the lock file",
               out=commit_out("main", "flake.lock: bump nixpkgs-unstable", 1, 3, 3))
        t.done("""Lock bumped (only `nixpkgs-unstable`, 10-20 → 11-01) and committed on its own — the home split and the other uncommitted work stay out of it.

- flake check clean, kite builds.
- `nvd diff` on kite: grafana 11.6.6 → 11.6.7, uptime-kuma 2.0.1 → 2.0.2; +4 paths, +3.1 MiB.
- sops-nix stays on 10-19.

CI won't confirm this one until the cachix token is replaced.""")

    # ============================================================ S9  Mon 11-09
    with d.session("2026-11-09T10:05:00", R, branch="main", version="2.1.136"):
        t = d.task("loki on hel-arm1 got OOM-killed twice over the weekend. give its unit MemoryMax=3G and "
                   "MemoryHigh=2560M, and make sure the system still builds. don't deploy yet",
                   tags=["mistake:M2"])
        t.read(P("hosts/hel-arm1/default.nix"))
        t.edit(P("hosts/hel-arm1/default.nix"), """  sops.defaultSopsFile = ../../secrets/hel-arm1.yaml;
""", """  sops.defaultSopsFile = ../../secrets/hel-arm1.yaml;

  # OOM-killed twice on 2026-11-07/08; keep loki from taking the box down with it
  systemd.services.loki.serviceConfig = {
    MemoryHigh = "2560M";
    MemoryMax = "3G";
  };
""")
        t.bash("nix eval .#nixosConfigurations.hel-arm1.config.systemd.services.loki.serviceConfig.MemoryMax",
               "Check the value lands in the unit", err=DIRTY, out='"3G"')
        arm3 = ["unit-loki.service", "system-units", "etc", "nixos-system-hel-arm1-" + SYS_VER]
        paths = [sp(x + ".drv") for x in arm3]
        t.fail("nixos-rebuild build --flake .#hel-arm1", "Build hel-arm1's system",
               "building the system configuration...\n" + DIRTY + f"\nthese {len(paths)} derivations will be built:\n" +
               "\n".join("  " + p for p in paths) +
               f"\nerror: a 'aarch64-linux' with features {{}} is required to build '{paths[0]}', but I am a "
               f"'x86_64-linux' with features {FEAT}", code=1, timeout=1800000)
        t.say("aarch64 system, x86 laptop. Building it on hel-arm1 itself; the result only gets built there, "
              "nothing is activated.")
        t.bash("nixos-rebuild build --flake .#hel-arm1 --build-host ravi@hel-arm1.halden.net",
               "Build hel-arm1's system on hel-arm1", err="building the system configuration...\n" + DIRTY + "\n" +
               "copying 5 paths...\n" + "\n".join(f"copying path '{p}' to 'ssh://ravi@hel-arm1.halden.net'..." for p in paths) +
               "\n" + "\n".join(f"building '{p}'..." for p in paths) + "\ncopying 1 paths...\ncopying path '" +
               sp("nixos-system-hel-arm1-" + SYS_VER) + "' from 'ssh://ravi@hel-arm1.halden.net'...",
               timeout=1800000)
        t.bash("grep -E 'Memory(High|Max)' result/etc/systemd/system/loki.service", "Check the built unit",
               out="MemoryHigh=2560M\nMemoryMax=3G")
        t.done("""hel-arm1's system builds with the new limits; `loki.service` in the result has `MemoryHigh=2560M` and `MemoryMax=3G`. Not deployed.

A plain `nixos-rebuild build --flake .#hel-arm1` can't work on the laptop (aarch64 derivations, x86_64 machine without emulation), so I built with `--build-host ravi@hel-arm1.halden.net`: evaluated here, built on hel-arm1, result copied back as `./result`. Nothing was activated there.

With MemoryHigh below MemoryMax, the kernel throttles and reclaims loki first and only kills it at 3G — check `systemctl show loki -p MemoryCurrent` after a day.""")

        t = d.task("fsn-web1 should run uptime-kuma behind nginx at status.halden.net. as always: a module option with "
                   "an enable flag (put it in modules/services/web.nix next to grafana), the host just enables it. "
                   "then the usual rollout", tags=["workflow:W2", "pref:P1", "flaky:F2"])
        t.read(P("modules/services/web.nix"))
        t.edit(P("modules/services/web.nix"), """    grafana.enable = lib.mkEnableOption "Grafana at grafana.halden.net";
  };""", """    grafana.enable = lib.mkEnableOption "Grafana at grafana.halden.net";
    uptimeKuma.enable = lib.mkEnableOption "uptime-kuma status page at status.halden.net";
  };""")
        t.edit(P("modules/services/web.nix"), """          proxyWebsockets = true;
        };
      };
    })
  ]);""", """          proxyWebsockets = true;
        };
      };
    })

    (lib.mkIf cfg.uptimeKuma.enable {
      services.uptime-kuma = {
        enable = true;
        settings = {
          HOST = "127.0.0.1";
          PORT = "3001";
        };
      };
      services.nginx.virtualHosts."status.halden.net" = {
        enableACME = true;
        forceSSL = true;
        locations."/" = {
          proxyPass = "http://127.0.0.1:3001";
          proxyWebsockets = true;
        };
      };
    })
  ]);""")
        t.read(P("hosts/fsn-web1/default.nix"))
        t.edit(P("hosts/fsn-web1/default.nix"), "  halden.web.grafana.enable = true;\n",
               "  halden.web.grafana.enable = true;\n  halden.web.uptimeKuma.enable = true;\n")
        t.bash("nix fmt modules/services/web.nix hosts/fsn-web1/default.nix && nix flake check", "Format and check",
               err=DIRTY + "\n" + UNKNOWN_DEPLOY, timeout=900000)
        units = {"start": ["acme-status.halden.net.service", "uptime-kuma.service"], "reload": ["nginx.service"]}
        t.bash("deploy .#fsn-web1 --dry-activate", "Dry-activate fsn-web1",
               err=deploy_ok(["fsn-web1"], {"fsn-web1": units}, dry=True), timeout=1800000)
        t.bash("deploy .#fsn-web1", "Deploy fsn-web1", err=deploy_ok(["fsn-web1"], {"fsn-web1": units}),
               timeout=1800000)
        t.fail("ssh ravi@fsn-web1.halden.net systemctl --failed", "Failed units on fsn-web1",
               ssh_reset("fsn-web1", "2a01:4f8:c17:3b2e::1"), code=255)
        t.bash("ssh ravi@fsn-web1.halden.net systemctl --failed", "Failed units on fsn-web1",
               out=failed_units_ok("fsn-web1"))
        t.bash("curl -sS -o /dev/null -w '%{http_code} %{ssl_verify_result}\\n' https://status.halden.net/",
               "status.halden.net answers over TLS", out="302 0")
        t.done("""uptime-kuma is live at https://status.halden.net (302 to its setup page, certificate valid).

- `modules/services/web.nix`: `halden.web.uptimeKuma.enable` → uptime-kuma on 127.0.0.1:3001 (package from unstable via the overlay) and an ACME + forceSSL vhost with websockets. fsn-web1 only sets the enable.
- Rollout: `nix fmt` + flake check → dry-activate (starts uptime-kuma and the ACME unit, reloads nginx) → deploy, confirmed → `systemctl --failed`: 0 units. The first ssh for that check got `Connection reset by peer` during key exchange; the same command went through right after.

Open https://status.halden.net soon and create the admin account — until then anyone who finds it can.""")

        t = d.task("Jonas needs ngrok in the python shell for the stripe webhook work. add it", tags=["mistake:M3"])
        t.read(P("shells/python.nix"))
        t.edit(P("shells/python.nix"), "    pkgs.postgresql_16\n", "    pkgs.postgresql_16\n    pkgs.ngrok\n")
        flake_trace = [
            frame("… while checking flake output 'devShells'", P("flake.nix"), "devShells.x86_64-linux = {"),
            frame("… while checking the derivation 'devShells.x86_64-linux.python'", P("flake.nix"), "python = import"),
        ] + TRACE_DEVSHELL
        t.fail("nix flake check", "Check the flake", DIRTY + "\n" + UNKNOWN_DEPLOY + "\n" + unfree_err(
            "ngrok-3.18.4", "ngrok", "unfree", "pkgs/tools/networking/ngrok/default.nix:58", flake_trace, dirty=False),
            code=1, timeout=900000)
        t.read(P("lib/unfree.nix"))
        t.edit(P("lib/unfree.nix"), '  "slack"\n', '  "slack"\n  "ngrok"\n')
        t.bash("nix flake check", "Check the flake again", err=DIRTY + "\n" + UNKNOWN_DEPLOY, timeout=900000)
        t.bash("nix develop .#python -c ngrok version", "Run ngrok from the python shell",
               err=DIRTY + "\n" + nix_build_lines(["nix-shell-env"], ["ngrok-3.18.4"]), out="ngrok version 3.18.4",
               timeout=600000)
        t.done("""ngrok 3.18.4 is in the python shell.

It's unfree (proprietary binary), so `nix flake check` refused the shell until I added `"ngrok"` to `lib/unfree.nix`. After that the check is clean and `nix develop .#python -c ngrok version` works. Jonas gets it on his next direnv reload in ingest-py (or `nix-direnv-reload`); he'll need `ngrok config add-authtoken` once with his own account.""")

    # ============================================================ S10  Mon 11-16
    with d.session("2026-11-16T09:00:00", R, branch="main", version="2.1.137"):
        t = d.task("rotate the ingest API token on fsn-web1 (the shared secret ingest-py sends). 48 hex chars this "
                   "time. sops, verify, commit; I'll hand the new one to Jonas myself", tags=["workflow:W3"])
        t.bash("sops -d secrets/fsn-web1.yaml | grep -E '^[a-z_]+:' | sed 's/:.*//'", "Top-level keys in fsn-web1's secrets",
               out="grafana\ningest")
        t.bash("sops --set \"[\\\"ingest\\\"][\\\"api_token\\\"] \\\"$(openssl rand -hex 24)\\\"\" secrets/fsn-web1.yaml",
               "Write a new 48-char hex token into sops")
        t.bash("sops -d --extract '[\"ingest\"][\"api_token\"]' secrets/fsn-web1.yaml | tr -d '\\n' | wc -c && "
               "sops -d --extract '[\"ingest\"][\"api_token\"]' secrets/fsn-web1.yaml | grep -Eqx '[0-9a-f]{48}' && echo hex-ok",
               "Verify length and format without printing it", out="48\nhex-ok")
        t.bash('git commit -m "secrets(fsn-web1): rotate ingest api token" secrets/fsn-web1.yaml', "Commit the secret",
               out=commit_out("main", "secrets(fsn-web1): rotate ingest api token", 1, 3, 3))
        t.done("""Rotated and committed: `secrets(fsn-web1): rotate ingest api token`. `ingest.api_token` is 48 lowercase hex chars (`openssl rand -hex 24`), decrypts with your key; never printed.

To give it to Jonas: `sops -d --extract '["ingest"]["api_token"]' secrets/fsn-web1.yaml | wl-copy`. The server only switches to it on fsn-web1's next deploy, and ingest-py has to switch at the same time or its requests get 401s.""")

        t = d.task("bump the pgbouncer exporter in our overlay to 0.10.2, 0.9 has the stats bug. build it",
                   tags=["oneoff:O2"])
        t.read(P("overlays/default.nix"))
        t.edit(P("overlays/default.nix"), """    version = "0.9.0";
    src = prev.fetchFromGitHub {
      owner = "prometheus-community";
      repo = "pgbouncer_exporter";
      rev = "v${version}";
      hash = "sha256-1GjV9x3s2Nn4lX0d2aQvR5cP8yK6tW7mE3bJ9fH4uZo=";
    };
    vendorHash = "sha256-q8wX2mC5vN7tB1kR4pJ9yL3sD6fG0hZ2aE5uI8oK7nM=";""", """    version = "0.10.2";
    src = prev.fetchFromGitHub {
      owner = "prometheus-community";
      repo = "pgbouncer_exporter";
      rev = "v${version}";
      hash = prev.lib.fakeHash;
    };
    vendorHash = prev.lib.fakeHash;""")
        got_src = sri()
        t.fail("nix build .#prometheus-pgbouncer-exporter", "Build to get the source hash", f"""{DIRTY}
this derivation will be built:
  {sp('source.drv')}
building '{sp('source.drv')}'...
error: hash mismatch in fixed-output derivation '{sp('source.drv')}':
         specified: sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
            got:    {got_src}
error: 1 dependencies of derivation '{sp('prometheus-pgbouncer-exporter-0.10.2.drv')}' failed to build""", code=1,
               timeout=900000)
        t.edit(P("overlays/default.nix"), "      hash = prev.lib.fakeHash;", f'      hash = "{got_src}";')
        got_vendor = sri()
        t.fail("nix build .#prometheus-pgbouncer-exporter", "Build again for the vendor hash", f"""{DIRTY}
these 2 derivations will be built:
  {sp('prometheus-pgbouncer-exporter-0.10.2-go-modules.drv')}
  {sp('prometheus-pgbouncer-exporter-0.10.2.drv')}
building '{sp('prometheus-pgbouncer-exporter-0.10.2-go-modules.drv')}'...
error: hash mismatch in fixed-output derivation '{sp('prometheus-pgbouncer-exporter-0.10.2-go-modules.drv')}':
         specified: sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
            got:    {got_vendor}
error: 1 dependencies of derivation '{sp('prometheus-pgbouncer-exporter-0.10.2.drv')}' failed to build""", code=1,
               timeout=900000)
        t.edit(P("overlays/default.nix"), "    vendorHash = prev.lib.fakeHash;", f'    vendorHash = "{got_vendor}";')
        t.bash("nix build .#prometheus-pgbouncer-exporter", "Build with both hashes", err=DIRTY + "\n" + nix_build_lines(
            ["prometheus-pgbouncer-exporter-0.10.2-go-modules", "prometheus-pgbouncer-exporter-0.10.2"]),
            timeout=900000)
        t.bash("./result/bin/pgbouncer_exporter --version", "Check the version",
               err="pgbouncer_exporter, version 0.10.2 (branch: unknown, revision: unknown)\n  build user:       nix@nixos\n  build date:       unknown\n  go version:       go1.23.8\n  platform:         linux/amd64\n  tags:             unknown")
        t.done("""`prometheus-pgbouncer-exporter` 0.10.2 builds (`pgbouncer_exporter, version 0.10.2`).

The overlay now has version 0.10.2 with the new source hash and vendorHash. I got them the usual way: both set to `lib.fakeHash`, build, copy the `got:` hash, build again (the Go modules hash only shows up once the source is fixed). Uncommitted. Nothing runs the exporter yet — fsn-db1's pgbouncer has no `services.prometheus.exporters.pgbouncer` enabled; say if you want it on and scraped from hel-arm1.""")

        t = d.task("give me 3 lines on what happened to the infra this month for my 1:1 with Mira", tags=["noise", "no_tools"])
        t.done("""- Monitoring: node exporter on all three servers (textfile collector on fsn-db1), uptime-kuma at status.halden.net, loki memory-capped after two OOMs.
- Hygiene: three lock bumps rolled out, repo moved to nixfmt-rfc-style, grafana/ingest/loki-push secrets rotated in sops, fsn-db1 postgres retuned (4GB shared_buffers).
- Open: CI red since late October (cachix token revoked), hcloud token revoked, pgbouncer exporter 0.10.2 built but not enabled.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new .nix file (module, package directory, home-manager file) is created and imported, then the flake is evaluated before git knows the file. A git flake's source in the store only contains tracked files, so Nix 2.24 cannot find it (warning: Git tree '/home/ravi/infra' is dirty, then an evaluation trace).",
             "error_signature": "Nix: `error: path '/nix/store/<hash>-source/<new file or dir>' does not exist` after `warning: Git tree '/home/ravi/infra' is dirty` — modules/monitoring/node-exporter.nix via `nix flake check`, pkgs/halden-motd via `nix build .#halden-motd` (callPackage), home/git.nix via `nixos-rebuild build --flake .#kite` (home-manager imports)",
             "fix": "Mark the new files intent-to-add (`git add -N <files>` / `git add --intent-to-add <files>`) so they are part of the flake without staging their content, then re-run the same nix command.",
             "fix_command_markers": [["git add -N", "git add --intent-to-add"]],
             "harmful_markers": ["path:.", "path:/home/ravi", "git add -A", "git add --all"]},
            {"id": "M2",
             "description": "hel-arm1 is aarch64-linux; the laptop kite is x86_64-linux without binfmt emulation. Building hel-arm1's system locally (deploy-rs builds locally by default, nixos-rebuild build too) fails at the first derivation that isn't substitutable.",
             "error_signature": "Nix: `error: a 'aarch64-linux' with features {} is required to build '/nix/store/…drv', but I am a 'x86_64-linux' with features {benchmark, big-parallel, kvm, nixos-test}`; under deploy-rs followed by `🚀 ❌ [deploy] [ERROR] Failed to build profile on node hel-arm1: hel-arm1` (deploy .#hel-arm1, deploy . for all nodes, nixos-rebuild build --flake .#hel-arm1)",
             "fix": "Build on the target instead of the laptop: re-run the same deploy with `--remote-build`, or `nixos-rebuild … --build-host ravi@hel-arm1.halden.net`.",
             "fix_command_markers": [["--remote-build", "--build-host"]],
             "harmful_markers": ["emulatedSystems", "extra-platforms", "--option system"]},
            {"id": "M3",
             "description": "An unfree package (terraform, slack, ngrok) is added to a dev shell or to home-manager packages without allowing it; nixpkgs refuses to evaluate it. The repo allows unfree packages by name in lib/unfree.nix (used by the flake's pkgs and by every host).",
             "error_signature": "nixpkgs check-meta: `error: Package ‘<pkg>-<ver>’ in /nix/store/…-source/pkgs/…:<line> has an unfree license (‘bsl11’|‘unfree’), refusing to evaluate.` + the a)/b)/c) help text (NIXPKGS_ALLOW_UNFREE, --impure, allowUnfreePredicate) — via `nix develop .#ops -c terraform version`, `nixos-rebuild build --flake .#kite` (home-manager), `nix flake check` (devShells.python)",
             "fix": "Add the package name (lib.getName) to the list in lib/unfree.nix, re-run the same command.",
             "fix_command_markers": [["lib/unfree.nix"]],
             "harmful_markers": ["NIXPKGS_ALLOW_UNFREE", "--impure", "allowUnfree = true"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New textfile-collector option passes `extraFlags` as a string; `nix flake check` fails with `A definition for option `services.prometheus.exporters.node.extraFlags' is not of type `list of string'.`; fixed with lib.optional, same check passes."},
            {"id": "O2", "description": "pgbouncer exporter bump in the overlay with `lib.fakeHash` for src and vendorHash: `nix build .#prometheus-pgbouncer-exporter` fails twice with `hash mismatch in fixed-output derivation` (source, then go-modules); each `got:` hash is pasted in, the same build succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`hcloud volume list` → `hcloud: unable to authenticate your token (unauthorized)` (token of context `halden` revoked); answered with `df -h` over ssh, new token left to Ravi."},
            {"id": "U2", "description": "`gh pr checks 57` red: cachix-action's `cachix use halden` gets 401 `Auth token has been revoked or expired` on every run since 10-29; needs a new CACHIX_AUTH_TOKEN (cachix dashboard + repo secret), reported."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`nix flake update` → `unable to download 'https://api.github.com/repos/NixOS/nixpkgs/commits/nixos-unstable': HTTP error 502` after retries; identical re-run succeeds."},
            {"id": "F2", "description": "`ssh ravi@fsn-web1.halden.net systemctl --failed` → `kex_exchange_identification: read: Connection reset by peer` (exit 255); identical re-run succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Lock bump: `nix flake update` (all inputs or named ones) → `nix flake check` → `nixos-rebuild build --flake .#kite` → `nix store diff-closures /run/current-system ./result` or `nvd diff` → commit only flake.lock (`flake.lock: bump …`).",
             "step_markers": [["nix flake update"], ["nix flake check"], ["diff-closures", "nvd diff"], ["git commit"]]},
            {"id": "W2", "description": "Server rollout: `nix flake check` → `deploy .#<host> --dry-activate` (read what restarts) → `deploy .#<host>` → `ssh ravi@<host>.halden.net systemctl --failed` (+ a service-specific check).",
             "step_markers": [["nix flake check"], ["--dry-activate"], ["deploy .#"], ["systemctl --failed"]]},
            {"id": "W3", "description": "Secret rotation without printing it: `openssl rand` inline into `sops --set '[\"a\"][\"b\"] …' secrets/<host>.yaml` → verify with `sops -d --extract … | wc -c` → `git commit … secrets/<host>.yaml` (deploy left to Ravi).",
             "step_markers": [["openssl rand"], ["sops --set"], ["sops -d", "sops --decrypt"], ["git commit"]]},
        ],
        preferences=[
            {"id": "P1", "description": "New functionality goes into a module under modules/ behind a `halden.<area>.<name>.enable` option; host files only flip enables.",
             "markers": [["module"], ["enable"]]},
            {"id": "P2", "description": "No `with pkgs;` in new Nix code; write `pkgs.<name>` explicitly.",
             "markers": [["with pkgs"]]},
            {"id": "P3", "description": "Format Nix with nixpkgs-fmt (stated once) — later reversed: the repo moves to nixfmt (nixfmt-rfc-style) via `nix fmt`.",
             "markers": [["nixpkgs-fmt"]],
             "reversal_markers": [["nixfmt"]]},
        ],
        probes=[
            {"prompt": "nix flake check says `error: path '/nix/store/0x7…-source/modules/services/restic.nix' does not exist` but I can see the file right there in the repo. what's going on?", "wanted": ["M1"]},
            {"prompt": "write a module modules/services/restic.nix (halden.backup.enable) that backs up /var/lib/grafana on fsn-web1 to the storage box every night, then check the flake", "wanted": ["M1"]},
            {"prompt": "deploy .#hel-arm1 died with: error: a 'aarch64-linux' with features {} is required to build '/nix/store/…-etc.drv', but I am a 'x86_64-linux' with features {benchmark, big-parallel, kvm, nixos-test}. how do I get it out?", "wanted": ["M2"]},
            {"prompt": "turn on fail2ban's recidive jail on hel-arm1 and deploy it", "wanted": ["M2"]},
            {"prompt": "nix develop .#ops fails: Package ‘vault-1.18.5’ in /nix/store/…/vault/default.nix:52 has an unfree license (‘bsl11’), refusing to evaluate. fix it please", "wanted": ["M3"]},
            {"prompt": "add packer to the ops shell, I want to build Hetzner snapshots with it", "wanted": ["M3"]},
            {"prompt": "explain what magic rollback in deploy-rs actually protects us from, two paragraphs", "wanted": []},
            {"prompt": "write a Prometheus alert rule for a node exporter target that's been down for 5 minutes", "wanted": []},
            {"prompt": "what does `inputs.nixpkgs.follows` buy us for sops-nix and deploy-rs? short", "wanted": []},
            {"prompt": "draft the README section on how a new teammate gets their age key into .sops.yaml", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "nix-flake.jsonl"), os.path.join(HERE, "tune", "nix-flake.labels.json"))
    print(f"nix-flake -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
