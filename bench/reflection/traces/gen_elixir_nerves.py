"""elixir-nerves: Henrik Aas, firmware developer at Tilth Labs (fictional agritech, field gateways).

Tilth Labs builds the FG-200 field gateway: a Raspberry Pi 4 with a Quectel EG25-G LTE hat, soil and climate
sensors on I2C / 1-Wire, running Nerves. One umbrella repo, github.com/tilthlabs/fieldgate:
apps/fw (Nerves firmware, MIX_TARGET=rpi4), apps/field_core (Circuits.I2C/GPIO sensor drivers, modem
supervision through VintageNet, an offline reading buffer), apps/dashboard_web (Phoenix LiveView dashboard
served by the gateway for farm techs). ExUnit, Credo (--strict), Dialyzer (dialyxir), asdf (.tool-versions
pinned to the OTP of the Nerves system), GitHub Actions build the firmware artifacts, NervesHub for OTA.
Colleagues: Sigrid Moen (lead), Tomás Ferreira (dashboard).

Written blind for fresh/; measured once held out (round 27), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_elixir_nerves.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "henrik"
H = "/home/henrik"
R = H + "/src/fieldgate"
FW = R + "/apps/fw"
CORE = R + "/apps/field_core"
WEB = R + "/apps/dashboard_web"
MODEL = "claude-opus-4-6"
BENCH = "fg-bench-01.local"

# ------------------------------------------------------------------ virtual file system

FILES = {}
FILES[R + "/mix.exs"] = """defmodule Fieldgate.Umbrella.MixProject do
  use Mix.Project

  def project do
    [
      apps_path: "apps",
      version: "0.14.0",
      start_permanent: Mix.env() == :prod,
      deps: deps(),
      aliases: aliases(),
      dialyzer: [plt_add_apps: [:mix, :ex_unit], flags: [:unmatched_returns, :error_handling]]
    ]
  end

  defp deps do
    [
      {:credo, "~> 1.7", only: [:dev, :test], runtime: false},
      {:dialyxir, "~> 1.4", only: [:dev, :test], runtime: false}
    ]
  end

  defp aliases do
    [check: ["format --check-formatted", "credo --strict", "test", "dialyzer"]]
  end
end
"""
FILES[R + "/.tool-versions"] = "erlang 27.1.2\nelixir 1.17.3-otp-27\n"
FILES[FW + "/mix.exs"] = """defmodule Fw.MixProject do
  use Mix.Project

  @app :fw
  @version "0.14.0"
  @all_targets [:rpi4, :rpi3a]

  def project do
    [
      app: @app,
      version: @version,
      build_path: "../../_build",
      config_path: "../../config/config.exs",
      deps_path: "../../deps",
      lockfile: "../../mix.lock",
      elixir: "~> 1.17",
      archives: [nerves_bootstrap: "~> 1.13"],
      start_permanent: Mix.env() == :prod,
      deps: deps(),
      releases: [{@app, release()}],
      preferred_cli_target: [run: :host, test: :host]
    ]
  end

  def application do
    [mod: {Fw.Application, []}, extra_applications: [:logger, :runtime_tools]]
  end

  defp deps do
    [
      {:nerves, "~> 1.11", runtime: false},
      {:shoehorn, "~> 0.9.1"},
      {:ring_logger, "~> 0.11.0"},
      {:toolshed, "~> 0.4.0"},
      {:field_core, in_umbrella: true},
      {:dashboard_web, in_umbrella: true},

      # Allow Nerves.Runtime on host to support development, testing and CI.
      {:nerves_runtime, "~> 0.13.0"},

      # Dependencies for all targets except :host
      {:nerves_pack, "~> 0.7.1", targets: @all_targets},
      {:nerves_hub_link, "~> 2.5", targets: @all_targets},
      {:vintage_net_wifi, "~> 0.12.5", targets: @all_targets},

      # Dependencies for specific targets
      {:nerves_system_rpi4, "~> 1.29", runtime: false, targets: :rpi4},
      {:nerves_system_rpi3a, "~> 1.29", runtime: false, targets: :rpi3a}
    ]
  end

  def release do
    [
      overwrite: true,
      cookie: "#{@app}_cookie",
      include_erts: &Nerves.Release.erts/0,
      steps: [&Nerves.Release.init/1, :assemble],
      strip_beams: Mix.env() == :prod or [keep: ["Docs"]]
    ]
  end
end
"""
FILES[R + "/config/config.exs"] = """import Config

config :field_core,
  i2c_bus: "i2c-1",
  poll_interval_ms: 10_000,
  buffer_path: "/data/fieldgate/buffer.db"

config :dashboard_web, DashboardWeb.Endpoint,
  url: [host: "localhost"],
  render_errors: [formats: [html: DashboardWeb.ErrorHTML], layout: false],
  pubsub_server: FieldCore.PubSub,
  live_view: [signing_salt: "p7Q0sZ1e"]

config :logger, backends: [RingLogger]

if Mix.target() == :host do
  import_config "host.exs"
else
  import_config "target.exs"
end
"""
FILES[R + "/config/target.exs"] = """import Config

config :shoehorn, init: [:nerves_runtime, :nerves_pack]

config :nerves, :erlinit, update_clock: true

config :nerves_ssh,
  authorized_keys: [
    File.read!(Path.join(System.user_home!(), ".ssh/id_ed25519.pub"))
  ]

config :vintage_net,
  regulatory_domain: "NO",
  config: [
    {"usb0", %{type: VintageNetDirect}},
    {"eth0", %{type: VintageNetEthernet, ipv4: %{method: :dhcp}}},
    {"wlan0", %{type: VintageNetWiFi}}
  ]

config :mdns_lite,
  hosts: [:hostname, "fieldgate"],
  ttl: 120

config :nerves_hub_link,
  host: "devices.nervescloud.com",
  remote_iex: true,
  configurator: NervesHubLink.Configurator.NervesKey

config :field_core, i2c_bus: "i2c-1"
"""
FILES[CORE + "/lib/field_core/application.ex"] = """defmodule FieldCore.Application do
  @moduledoc false
  use Application

  @impl true
  def start(_type, _args) do
    children = [
      {Phoenix.PubSub, name: FieldCore.PubSub},
      FieldCore.Buffer,
      {FieldCore.Sensors.Poller, interval: Application.get_env(:field_core, :poll_interval_ms)},
      FieldCore.Modem.Watch
    ]

    Supervisor.start_link(children, strategy: :one_for_one, name: FieldCore.Supervisor)
  end
end
"""
FILES[CORE + "/lib/field_core/sensors/ads1115.ex"] = """defmodule FieldCore.Sensors.ADS1115 do
  @moduledoc \"\"\"
  TI ADS1115 16-bit ADC, used for the capacitive soil moisture probes (channels 0-3).
  \"\"\"
  alias Circuits.I2C

  @address 0x48
  @reg_conversion 0x00
  @reg_config 0x01

  @spec read_channel(I2C.bus(), 0..3) :: {:ok, integer()} | {:error, term()}
  def read_channel(bus, ch) when ch in 0..3 do
    mux = 0b100 + ch
    config = <<1::1, mux::3, 0b001::3, 1::1, 0b100::3, 0::5>>

    with :ok <- I2C.write(bus, @address, <<@reg_config>> <> config),
         Process.sleep(9),
         {:ok, <<raw::signed-16>>} <- I2C.write_read(bus, @address, <<@reg_conversion>>, 2) do
      {:ok, raw}
    end
  end
end
"""
FILES[CORE + "/lib/field_core/sensors/poller.ex"] = """defmodule FieldCore.Sensors.Poller do
  @moduledoc \"\"\"
  Polls every configured sensor on a fixed interval and broadcasts readings on `\"readings\"`.
  \"\"\"
  use GenServer
  require Logger

  alias FieldCore.Sensors.ADS1115

  def start_link(opts), do: GenServer.start_link(__MODULE__, opts, name: __MODULE__)

  @impl true
  def init(opts) do
    {:ok, bus} = Circuits.I2C.open(Application.fetch_env!(:field_core, :i2c_bus))
    send(self(), :poll)
    {:ok, %{bus: bus, interval: Keyword.fetch!(opts, :interval)}}
  end

  @impl true
  def handle_info(:poll, state) do
    readings =
      for ch <- 0..3, {:ok, raw} <- [ADS1115.read_channel(state.bus, ch)], into: %{} do
        {:"soil_#{ch}", raw}
      end

    Phoenix.PubSub.broadcast(FieldCore.PubSub, "readings", {:readings, readings})
    FieldCore.Buffer.insert(readings)
    Process.send_after(self(), :poll, state.interval)
    {:noreply, state}
  end
end
"""
FILES[CORE + "/lib/field_core/buffer.ex"] = """defmodule FieldCore.Buffer do
  @moduledoc \"\"\"
  Keeps readings on /data while the gateway is offline; drained by the uplink once the modem is back.
  \"\"\"
  use GenServer

  def start_link(_), do: GenServer.start_link(__MODULE__, [], name: __MODULE__)

  def insert(readings), do: GenServer.cast(__MODULE__, {:insert, System.os_time(:second), readings})

  def drain(limit \\\\ 500), do: GenServer.call(__MODULE__, {:drain, limit})

  def size, do: GenServer.call(__MODULE__, :size)

  @impl true
  def init(_), do: {:ok, :queue.new()}

  @impl true
  def handle_cast({:insert, ts, readings}, q), do: {:noreply, :queue.in({ts, readings}, q)}

  @impl true
  def handle_call({:drain, limit}, _from, q) do
    {taken, rest} = :queue.split(min(limit, :queue.len(q)), q)
    {:reply, :queue.to_list(taken), rest}
  end

  def handle_call(:size, _from, q), do: {:reply, :queue.len(q), q}
end
"""
FILES[CORE + "/lib/field_core/modem/watch.ex"] = """defmodule FieldCore.Modem.Watch do
  @moduledoc \"\"\"
  Subscribes to VintageNet properties of the LTE modem (wwan0) and republishes signal and connection state.
  \"\"\"
  use GenServer
  require Logger

  @ifname "wwan0"

  def start_link(_), do: GenServer.start_link(__MODULE__, [], name: __MODULE__)

  @spec signal() :: {:ok, integer()} | {:error, :no_signal}
  def signal do
    case VintageNet.get(["interface", @ifname, "mobile", "signal_4bars"]) do
      nil -> {:error, :no_signal}
      bars -> {:ok, bars}
    end
  end

  @impl true
  def init(_) do
    VintageNet.subscribe(["interface", @ifname, "connection"])
    {:ok, %{connection: :disconnected}}
  end

  @impl true
  def handle_info({VintageNet, ["interface", @ifname, "connection"], _old, new, _meta}, state) do
    Logger.info("modem connection", connection: new)
    Phoenix.PubSub.broadcast(FieldCore.PubSub, "modem", {:connection, new})
    {:noreply, %{state | connection: new}}
  end
end
"""
FILES[WEB + "/lib/dashboard_web/live/overview_live.ex"] = """defmodule DashboardWeb.OverviewLive do
  use DashboardWeb, :live_view

  @impl true
  def mount(_params, _session, socket) do
    if connected?(socket), do: Phoenix.PubSub.subscribe(FieldCore.PubSub, "readings")
    {:ok, assign(socket, readings: %{}, updated_at: nil)}
  end

  @impl true
  def handle_info({:readings, readings}, socket) do
    {:noreply, assign(socket, readings: readings, updated_at: DateTime.utc_now())}
  end

  @impl true
  def render(assigns) do
    ~H\"\"\"
    <div class="p-4 space-y-4">
      <h1 class="text-xl font-semibold">FG-200</h1>
      <table class="w-full text-sm">
        <thead><tr><th class="text-left">Sensor</th><th class="text-right">Value</th></tr></thead>
        <tbody>
          <tr :for={{name, value} <- Enum.sort(@readings)}>
            <td><%= name %></td>
            <td class="text-right tabular-nums"><%= value %></td>
          </tr>
        </tbody>
      </table>
      <p :if={@updated_at} class="text-xs text-gray-500">updated <%= @updated_at %></p>
    </div>
    \"\"\"
  end
end
"""
FILES[FW + "/lib/fw/led.ex"] = """defmodule Fw.Led do
  @moduledoc \"\"\"
  Status LED on GPIO 17: solid when the uplink is connected, slow blink while offline.
  \"\"\"
  use GenServer
  alias Circuits.GPIO

  @pin 17
  @blink_ms 1_000

  def start_link(_), do: GenServer.start_link(__MODULE__, [], name: __MODULE__)

  @impl true
  def init(_) do
    {:ok, gpio} = GPIO.open(@pin, :output)
    Phoenix.PubSub.subscribe(FieldCore.PubSub, "modem")
    {:ok, %{gpio: gpio, on?: false, mode: :blink}, {:continue, :tick}}
  end

  @impl true
  def handle_continue(:tick, state), do: handle_info(:tick, state)

  @impl true
  def handle_info(:tick, %{mode: :blink} = state) do
    GPIO.write(state.gpio, if(state.on?, do: 0, else: 1))
    Process.send_after(self(), :tick, @blink_ms)
    {:noreply, %{state | on?: not state.on?}}
  end

  def handle_info(:tick, state), do: {:noreply, state}

  def handle_info({:connection, :internet}, state) do
    GPIO.write(state.gpio, 1)
    {:noreply, %{state | mode: :solid}}
  end

  def handle_info({:connection, _}, state) do
    send(self(), :tick)
    {:noreply, %{state | mode: :blink}}
  end
end
"""
FILES[FW + "/VERSION"] = "0.14.0\n"
FILES[R + "/config/host.exs"] = """import Config

config :nerves_runtime,
  kv_backend:
    {Nerves.Runtime.KVBackend.InMemory,
     contents: %{
       "nerves_fw_active" => "a",
       "a.nerves_fw_version" => "0.0.0-host",
       "a.nerves_fw_platform" => "host"
     }}

config :field_core, i2c_bus: "i2c-test-0", buffer_path: "tmp/buffer.db"
"""

# ------------------------------------------------------------------ output helpers

ERL = {"a": "27.1.2", "b": "27.2", "c": "27.2.1"}
EX = {"a": "1.17.3-otp-27", "b": "1.18.1-otp-27"}


def fw_build(ver, target="rpi4", env="dev", compiled=(("field_core", 2), ("fw", 1))):
    out = ["==> nerves", "==> fieldgate", "", "Nerves environment", f"  MIX_TARGET:   {target}",
           f"  MIX_ENV:      {env}", "", "Checking for prebuilt Nerves artifacts...",
           f"  Found nerves_system_{target} in cache {H}/.nerves/artifacts/nerves_system_{target}-portable-1.29.1",
           f"  Found nerves_toolchain_aarch64_nerves_linux_gnu in cache {H}/.nerves/artifacts/"
           "nerves_toolchain_aarch64_nerves_linux_gnu-linux_x86_64-13.2.0"]
    for app, n in compiled:
        out += [f"==> {app}", f"Compiling {n} file{'s' if n > 1 else ''} (.ex)", f"Generated {app} app"]
    out += [f"* assembling fw-{ver} on MIX_ENV={env}",
            "* skipping runtime configuration (config/runtime.exs not found)",
            "* skipping elixir.bat for windows (bin/elixir.bat not found in the Elixir installation)",
            "* skipping iex.bat for windows (bin/iex.bat not found in the Elixir installation)",
            "|nerves| Building OTP Release...", "",
            "Updating base firmware image with Erlang release...",
            f"Copying rootfs_overlay: {FW}/rootfs_overlay",
            f"Building {R}/_build/{target}_{env}/nerves/images/fw.fw...",
            "Firmware built successfully! \U0001f389", "",
            "Now you may install it to a MicroSD card using `mix burn` or upload it",
            "to a device with `mix upload` or `mix firmware.gen.script`+`./upload.sh`."]
    return "\n".join(out)


def upload_ok(ver, host, uuid, size="32.17"):
    return f"""Path: {R}/_build/rpi4_dev/nerves/images/fw.fw
Product: fw {ver}
UUID: {uuid}
Platform: rpi4

Uploading to {host}...
Running fwup...
fwup: Upgrading partition B
|====================================| 100% ({size} / {size}) MB
Success!
Elapsed time: 7.481 s
Rebooting..."""


def credo(nfiles, mods, issue=None):
    out = [f"Checking {nfiles} source files ...", ""]
    if issue:
        path, mod = issue
        out += ["  Code Readability                                                              ",
                "\u2503 ", "\u2503 [R] \u2192 Modules should have a @moduledoc tag.",
                f"\u2503       {path}:1:11 #({mod})", ""]
    out += ["Please report incorrect results: https://github.com/rrrene/credo/issues", "",
            f"Analysis took 0.5 seconds (0.05s to load, 0.4s running 71 checks on {nfiles} files)"]
    if issue:
        out += [f"{mods} mods/funs, found 1 code readability issue.", "",
                "Showing priority issues: \u2191 \u2197 \u2192 \u2198 \u2193  (use `mix credo explain` to explain issues, "
                "`mix credo --help` for options)."]
    else:
        out += [f"{mods} mods/funs, found no issues."]
    return "\n".join(out)


def dialyzer_head(erl, ex):
    return f"""Finding suitable PLTs
Checking PLT...
[:circuits_gpio, :circuits_i2c, :compiler, :crypto, :eex, :elixir, :ex_unit, :kernel, :logger, :mime,
 :mix, :phoenix, :phoenix_html, :phoenix_live_view, :phoenix_pubsub, :plug, :plug_crypto, :stdlib,
 :telemetry, :vintage_net, :websock, :websock_adapter]
PLT is up to date!
No :ignore_warnings opt specified in mix.exs and default does not exist.

Starting Dialyzer
[
  check_plt: false,
  init_plt: ~c"{R}/_build/dev/dialyxir_erlang-{erl}_elixir-{ex.split('-')[0]}_deps-dev.plt",
  files: [~c"{R}/_build/dev/lib/dashboard_web/ebin/Elixir.DashboardWeb.Endpoint.beam",
   ~c"{R}/_build/dev/lib/dashboard_web/ebin/Elixir.DashboardWeb.OverviewLive.beam", ...],
  warnings: [:unmatched_returns, :error_handling, :unknown]
]"""


def dialyzer_ok(erl, ex, secs="5.27"):
    return dialyzer_head(erl, ex) + f"\nTotal errors: 0, Skipped: 0, Unnecessary Skips: 0\ndone in 0m{secs}s\ndone (passed successfully)"


def exunit(tests, secs="0.4", seed=None, lines=None, failures=0):
    out = list(lines or [])
    out += ["", f"Finished in {secs} seconds (0.1s async, {secs}s sync)",
            f"{tests} tests, {failures} failure{'s' if failures != 1 else ''}", "",
            f"Randomized with seed {seed}"]
    return "\n".join(out)


def asdf_missing(cmd, plugin, want, have):
    return (f"No preset version installed for command {cmd}\n"
            "Please install a version by running one of the following:\n\n"
            f"asdf install {plugin} {want}\n\n"
            f"or add one of the following versions in your config file at {R}/.tool-versions\n"
            f"{plugin} {have}")


def asdf_install_erlang(ver, other):
    return f"""{other} is already installed
asdf_{ver} is not a kerl-managed Erlang/OTP installation
The asdf_{ver} build has been deleted
Extracting source code
Building Erlang/OTP {ver} (asdf_{ver}), please wait...
APPLICATIONS DISABLED (See: {H}/.asdf/plugins/erlang/kerl-home/builds/asdf_{ver}/otp_build_{ver}.log)
 * jinterface     : Java compiler disabled by user
 * odbc           : ODBC library - link check failed

Erlang/OTP {ver} (asdf_{ver}) has been successfully built
Cleaning up compilation products for asdf_{ver}
Cleaned up compilation products for asdf_{ver} under {H}/.asdf/plugins/erlang/kerl-home/builds"""


def ssh_compile_err(errors):
    out = []
    for msg, loc in errors:
        out += [f"error: {msg}", f"\u2514\u2500 nofile:{loc}", ""]
    out += ["** (CompileError) cannot compile code (errors have been logged)"]
    return "\n".join(out)


# ------------------------------------------------------------------ stream

def gen():
    d = Dev("elixir-nerves", U, "en", MODEL, seed=80231, files=FILES)
    CFG = R + "/config/config.exs"
    TGT = R + "/config/target.exs"
    TV = R + "/.tool-versions"
    SHT = CORE + "/lib/field_core/sensors/sht31.ex"
    SHTT = CORE + "/test/field_core/sensors/sht31_test.exs"
    WATCH = CORE + "/lib/field_core/modem/watch.ex"
    OVER = WEB + "/lib/dashboard_web/live/overview_live.ex"
    LED = FW + "/lib/fw/led.ex"
    VER = FW + "/VERSION"
    BUF = CORE + "/lib/field_core/buffer.ex"
    UUIDS = ["0b9e4f7a-2d1c-5e83-9a41-6c2f0e7d1b55", "7c31a8e2-94fd-5b07-8e6a-1d52c9f30a84",
             "e4d27b19-6a0f-5c3e-b8d1-3f90a2c7e641", "91f0c6d3-2b7e-5a48-a3c5-8e17d4b2f906",
             "5a6e2c10-f3b9-5d71-9c08-4b2e7a1d63cf"]

    # ================= S1 =================
    with d.session("2026-10-05T08:50:00", R, branch="main", version="2.1.192"):
        t = d.task("morning. first time using you on fieldgate. give me the lay of the land: umbrella layout, "
                   "where target config lives, how fw pulls in the other apps", tags=["noise"])
        t.glob("apps/*/mix.exs", [CORE + "/mix.exs", WEB + "/mix.exs", FW + "/mix.exs"])
        t.read(R + "/mix.exs")
        t.read(FW + "/mix.exs")
        t.read(CFG)
        t.read(TGT)
        t.read(CORE + "/lib/field_core/application.ex")
        t.done("Layout:\n\n"
               "- **Umbrella root** `mix.exs`: only credo + dialyxir and a `check` alias "
               "(`format --check-formatted`, `credo --strict`, `test`, `dialyzer`).\n"
               "- **apps/field_core**: the hardware side. `FieldCore.Application` starts PubSub, the reading "
               "buffer, the sensor poller (ADS1115 soil probes over Circuits.I2C) and `Modem.Watch` "
               "(VintageNet properties of `wwan0`).\n"
               "- **apps/dashboard_web**: Phoenix LiveView dashboard, subscribes to `\"readings\"` on "
               "`FieldCore.PubSub`.\n"
               "- **apps/fw**: the Nerves app. Targets `rpi4` (FG-200) and `rpi3a`; depends on the other two "
               "with `in_umbrella: true`, so the release bundles everything. nerves_pack, nerves_hub_link and "
               "vintage_net_wifi are target-only.\n"
               "- **config**: `config/config.exs` is shared and imports `host.exs` or `target.exs` by "
               "`Mix.target()`. Target config has VintageNet interfaces, mdns_lite, nerves_ssh keys and "
               "NervesHub (`devices.nervescloud.com`, NervesKey configurator).\n\n"
               "Firmware builds go from `apps/fw` with `MIX_TARGET=rpi4`; `_build` is shared at the root "
               "(`_build/rpi4_dev/nerves/images/fw.fw`).")

        # T02 W2 + M1 + P1
        t = d.task("new driver: SHT31 temp/humidity on i2c-1, addr 0x44, single shot high repeatability. "
                   "put @spec on every public fn. then the usual test/credo/dialyzer",
                   tags=["workflow:W2", "mistake:M1", "pref:P1"])
        t.read(CORE + "/lib/field_core/sensors/ads1115.ex")
        sht_v1 = """defmodule FieldCore.Sensors.SHT31 do
  alias Circuits.I2C

  @address 0x44
  @measure_high <<0x24, 0x00>>

  @spec read(I2C.bus(), I2C.address()) :: {:ok, %{temp_c: float(), rh: float()}} | {:error, term()}
  def read(bus, address \\\\ @address) do
    with :ok <- I2C.write(bus, address, @measure_high),
         :ok <- Process.sleep(16),
         {:ok, <<t::16, t_crc, h::16, h_crc>>} <- I2C.read(bus, address, 6),
         :ok <- check_crc(<<t::16>>, t_crc),
         :ok <- check_crc(<<h::16>>, h_crc) do
      {:ok, %{temp_c: convert_temp(t), rh: convert_rh(h)}}
    end
  end

  @spec convert_temp(0..65_535) :: float()
  def convert_temp(raw), do: -45 + 175 * raw / 65_535

  @spec convert_rh(0..65_535) :: float()
  def convert_rh(raw), do: 100 * raw / 65_535

  @spec crc8(binary()) :: byte()
  def crc8(data) do
    for <<byte <- data>>, reduce: 0xFF do
      crc ->
        Enum.reduce(1..8, Bitwise.bxor(crc, byte), fn _, c ->
          if Bitwise.band(c, 0x80) != 0,
            do: Bitwise.band(Bitwise.bxor(Bitwise.bsl(c, 1), 0x31), 0xFF),
            else: Bitwise.band(Bitwise.bsl(c, 1), 0xFF)
        end)
    end
  end

  defp check_crc(data, crc), do: if(crc8(data) == crc, do: :ok, else: {:error, :crc_mismatch})
end
"""
        t.write(SHT, sht_v1)
        t.write(SHTT, """defmodule FieldCore.Sensors.SHT31Test do
  use ExUnit.Case, async: true
  alias FieldCore.Sensors.SHT31

  test "crc8 matches the datasheet example" do
    assert SHT31.crc8(<<0xBE, 0xEF>>) == 0x92
  end

  test "converts raw temperature" do
    assert_in_delta SHT31.convert_temp(0x6666), 25.0, 0.01
  end

  test "converts raw humidity" do
    assert_in_delta SHT31.convert_rh(0x8000), 50.0, 0.01
  end
end
""")
        t.bash("cd apps/field_core && mix test test/field_core/sensors/sht31_test.exs", "Run SHT31 tests",
               out="==> field_core\nCompiling 1 file (.ex)\nGenerated field_core app\nRunning ExUnit with seed: 482193, max_cases: 16\n\n...\n" +
               exunit(3, "0.03", 482193))
        t.fail("mix credo --strict", "Credo strict on the umbrella",
               credo(47, 212, ("apps/field_core/lib/field_core/sensors/sht31.ex", "FieldCore.Sensors.SHT31")), code=4)
        t.say("Credo wants a module doc on the new driver. Adding one.")
        t.edit(SHT, "defmodule FieldCore.Sensors.SHT31 do\n  alias",
               "defmodule FieldCore.Sensors.SHT31 do\n  @moduledoc \"\"\"\n  Sensirion SHT31 temperature / humidity "
               "sensor (I2C, default address 0x44).\n\n  Single-shot measurement, high repeatability, clock stretching "
               "off; every word is CRC-8 checked.\n  \"\"\"\n  alias")
        t.bash("mix credo --strict", "Credo strict again", out=credo(47, 212))
        t.bash("mix dialyzer", "Dialyzer", out=dialyzer_ok(ERL["a"], EX["a"], "6.02"), timeout=600000)
        t.done("`FieldCore.Sensors.SHT31` is in `apps/field_core/lib/field_core/sensors/sht31.ex`:\n\n"
               "- `read/2` sends the single-shot high-repeatability command (`0x2400`), waits 16 ms, reads 6 bytes "
               "and CRC-checks both words. Returns `{:ok, %{temp_c, rh}}`.\n"
               "- `convert_temp/1`, `convert_rh/1` and `crc8/1` are public, so they can be unit tested. Every "
               "public function has an `@spec`.\n\n"
               "3 tests pass. Credo --strict complained that the module had no `@moduledoc`, so I added one and "
               "it's clean now. Dialyzer passes. It isn't in the poller yet.")

        t = d.task("q: for the sht31, does it matter if I use write_read vs write + sleep + read? "
                   "ads1115 code uses write_read", tags=["no_tools"])
        t.done("For the SHT31 it does matter. `write_read/4` does a repeated start with no delay between the write "
               "and the read. With clock stretching off (command `0x2400`) the sensor NACKs reads until the "
               "measurement is done, which takes up to 15 ms at high repeatability, so a `write_read` right after "
               "the command fails with `{:error, :i2c_nak}`.\n\n"
               "The ADS1115 is different: you write the register pointer and then read the conversion register, "
               "and there's no measurement between the two, so `write_read` is the right call there.\n\n"
               "You could use `write_read` with a clock-stretching command (`0x2C06`), but the Pi's I2C "
               "controller handles clock stretching badly. Keep write + sleep + read.")

        t = d.task("ok build fw and push to the bench pi", tags=["workflow:W1"])
        t.bash("cd apps/fw && MIX_TARGET=rpi4 mix firmware", "Build rpi4 firmware",
               out=fw_build("0.14.0"), timeout=900000)
        t.bash(f"cd apps/fw && MIX_TARGET=rpi4 mix upload {BENCH}", "Upload firmware to bench Pi",
               out=upload_ok("0.14.0", BENCH, UUIDS[0]))
        t.bash(f"sleep 40 && ssh {BENCH} 'Nerves.Runtime.KV.get_active(\"nerves_fw_version\")'",
               "Check firmware version after reboot", out='"0.14.0"')
        t.done("Built `fw.fw` for rpi4 (0.14.0) and uploaded it to fg-bench-01. fwup wrote partition B and the Pi "
               "rebooted. It came back reporting `nerves_fw_version` \"0.14.0\" (UUID 0b9e4f7a…). The SHT31 "
               "driver is in the image, but nothing calls it yet.")

    # ================= S2 =================
    with d.session("2026-10-07T09:15:00", R, branch="main", version="2.1.193"):
        t = d.task("pulled main, sigrid bumped the nerves system to 1.29.2. run the field_core tests",
                   tags=["mistake:M3"])
        t.fail("cd apps/field_core && mix test", "Run field_core tests",
               asdf_missing("erl", "erlang", "27.2", "27.1.2"), code=126)
        t.bash("git diff HEAD@{1} -- .tool-versions", "See what changed in .tool-versions",
               out="diff --git a/.tool-versions b/.tool-versions\nindex 4b1a0c2..9e3d7f1 100644\n--- a/.tool-versions\n"
                   "+++ b/.tool-versions\n@@ -1,2 +1,2 @@\n-erlang 27.1.2\n+erlang 27.2\n elixir 1.17.3-otp-27")
        d.files[TV] = "erlang 27.2\nelixir 1.17.3-otp-27\n"
        t.say("The pull moved `.tool-versions` to Erlang 27.2 (matches the OTP in nerves_system_rpi4 1.29.2), and "
              "it isn't installed here. Installing what .tool-versions asks for.")
        t.bash("asdf install", "Install the versions from .tool-versions",
               out=asdf_install_erlang("27.2", "elixir 1.17.3-otp-27"), timeout=1800000)
        t.bash("cd apps/field_core && mix test", "Run field_core tests again",
               out="==> circuits_i2c\nCompiling 7 files (.ex)\nGenerated circuits_i2c app\n==> vintage_net\n"
                   "Compiling 62 files (.ex)\nGenerated vintage_net app\n==> field_core\nCompiling 9 files (.ex)\n"
                   "Generated field_core app\nRunning ExUnit with seed: 90417, max_cases: 16\n\n..................\n" +
                   exunit(18, "0.2", 90417))
        t.done("The pull changed `.tool-versions` to `erlang 27.2` and that Erlang wasn't installed, so asdf's "
               "`erl` shim refused to run. `asdf install` built OTP 27.2 (Elixir 1.17.3-otp-27 was already "
               "there). Deps recompiled against the new OTP and all 18 field_core tests pass.")

        t = d.task("whats the bench unit been logging about the modem overnight? there's /data/fieldgate/modem.log",
                   tags=["mistake:M2"])
        t.fail(f"ssh {BENCH} 'tail -n 40 /data/fieldgate/modem.log'", "Tail modem log on bench Pi",
               ssh_compile_err([('undefined variable "n"', "1:7"), ('undefined variable "data"', "1:14"),
                                ('undefined function tail/1 (there is no such import)', "1:1")]))
        t.say("The device's SSH doesn't give a shell: nerves_ssh evaluates what you send as Elixir. "
              "Running the shell command through Toolshed's `cmd/1` instead.")
        t.bash(f"ssh {BENCH} 'cmd(\"tail -n 40 /data/fieldgate/modem.log\")'", "Tail modem log via Toolshed cmd",
               out="""2026-10-06T22:14:09Z [info] modem connection connection=:internet
2026-10-06T23:40:51Z [warning] wwan0 qmi: signal_4bars=1 rssi=-103
2026-10-06T23:41:20Z [info] modem connection connection=:lan
2026-10-06T23:41:52Z [info] modem connection connection=:internet
2026-10-07T01:02:17Z [warning] wwan0 qmi: signal_4bars=1 rssi=-105
2026-10-07T01:02:48Z [info] modem connection connection=:disconnected
2026-10-07T01:03:33Z [info] vintage_net_qmi: reset modem (power cycle gpio 26)
2026-10-07T01:04:41Z [info] modem connection connection=:lan
2026-10-07T01:05:02Z [info] modem connection connection=:internet
2026-10-07T03:28:10Z [warning] wwan0 qmi: signal_4bars=1 rssi=-104
2026-10-07T03:28:40Z [info] modem connection connection=:lan
2026-10-07T03:29:09Z [info] modem connection connection=:internet
2026-10-07T06:55:37Z [info] buffer drained rows=212
2026-10-07T07:10:00Z [info] modem connection connection=:internet
0""")
        t.done("Overnight on fg-bench-01 the modem dropped to 1 bar (about -103 to -105 dBm) three times. Twice "
               "it only fell back to `:lan` for about 30 s. At 01:02 it disconnected completely, and "
               "vintage_net_qmi power-cycled the modem (GPIO 26), after which it was back on `:internet` in about "
               "2 min. At 06:55 the buffer drained 212 rows, so nothing was lost. The signal is weak, but "
               "recovery works. (The trailing `0` is cmd's exit status.)")

        t = d.task("bump the default poll interval to 30s in config. just commit it straight to main, "
                   "no PR needed for small config tweaks like this", tags=["pref:P3", "noise"])
        t.read(CFG)
        t.edit(CFG, "  poll_interval_ms: 10_000,", "  poll_interval_ms: 30_000,")
        t.bash("git add config/config.exs && git commit -m \"config: poll sensors every 30s\" && git push origin main",
               "Commit and push to main",
               out="[main 3f8a2c1] config: poll sensors every 30s\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err="To github.com:tilthlabs/fieldgate.git\n   a91c0d4..3f8a2c1  main -> main")
        t.done("`poll_interval_ms` is now 30_000 in `config/config.exs`. Committed it to main as 3f8a2c1 and "
               "pushed.")

        t = d.task("humidity reads fail randomly with :crc_mismatch on the bench unit, temp is fine. i think the "
                   "crc is wrong for some values? add a test with a real frame and fix", tags=["oneoff:O1"])
        t.read(SHT)
        t.read(SHTT)
        t.edit(SHTT, "  test \"converts raw temperature\" do",
               "  test \"crc8 of a captured humidity word\" do\n    # captured on fg-bench-01: <<0x5E, 0xB9, 0x3C>>\n"
               "    assert SHT31.crc8(<<0x5E, 0xB9>>) == 0x3C\n  end\n\n  test \"converts raw temperature\" do")
        t.fail("cd apps/field_core && mix test test/field_core/sensors/sht31_test.exs", "Run SHT31 tests",
               """Running ExUnit with seed: 613004, max_cases: 16

..

  1) test crc8 of a captured humidity word (FieldCore.Sensors.SHT31Test)
     test/field_core/sensors/sht31_test.exs:9
     Assertion with == failed
     code:  assert SHT31.crc8(<<0x5E, 0xB9>>) == 0x3C
     left:  188
     right: 60
     stacktrace:
       test/field_core/sensors/sht31_test.exs:11: (test)

.

Finished in 0.04 seconds (0.04s async, 0.00s sync)
4 tests, 1 failure

Randomized with seed 613004""", code=2)
        t.say("188 vs 60 is 0xBC vs 0x3C: only the top bit differs. The shift isn't masked before the "
              "bit-7 test on the next round, because the mask is only applied after the XOR. Masking right after "
              "the shift.")
        t.edit(SHT, """        Enum.reduce(1..8, Bitwise.bxor(crc, byte), fn _, c ->
          if Bitwise.band(c, 0x80) != 0,
            do: Bitwise.band(Bitwise.bxor(Bitwise.bsl(c, 1), 0x31), 0xFF),
            else: Bitwise.band(Bitwise.bsl(c, 1), 0xFF)
        end)""", """        Enum.reduce(1..8, Bitwise.bxor(crc, byte), fn _, c ->
          shifted = Bitwise.band(Bitwise.bsl(c, 1), 0xFF)
          if Bitwise.band(c, 0x80) != 0, do: Bitwise.bxor(shifted, 0x31), else: shifted
        end)""")
        t.bash("cd apps/field_core && mix test test/field_core/sensors/sht31_test.exs", "Run SHT31 tests",
               out="Compiling 1 file (.ex)\nRunning ExUnit with seed: 201877, max_cases: 16\n\n....\n" +
               exunit(4, "0.03", 201877))
        t.done("The CRC bug was the order of mask and XOR. The shifted value kept bit 8 when the top bit was "
               "set, so some words got the wrong CRC (your captured humidity word `5E B9` gave 0xBC instead of "
               "0x3C). Now it masks right after the shift and then XORs with the polynomial. The new test uses "
               "the captured frame, and all 4 SHT31 tests pass.")

    # ================= S3 =================
    with d.session("2026-10-09T13:30:00", R, branch="main", version="2.1.194"):
        t = d.task("how do I set up vintage_net_qmi for the EG25 with our APN (iot.telenor)? check the docs, "
                   "dont guess", tags=["webfetch", "noise"])
        t.webfetch("https://hexdocs.pm/vintage_net_qmi/readme.html",
                   "How to configure VintageNetQMI: service providers / APN, required kernel modules, example config",
                   "VintageNetQMI: configure a QMI modem interface (usually \"wwan0\") with\n"
                   "`VintageNet.configure(\"wwan0\", %{type: VintageNetQMI, vintage_net_qmi: %{service_providers: "
                   "[%{apn: \"super\"}]}})`, or put the same map in the `:vintage_net` `config:` list.\n"
                   "- `service_providers`: list of maps with `:apn`; optional `:only_iccid_prefixes` to pick an APN by "
                   "SIM.\n- Optional `radio_technologies` (e.g. [:lte]).\n- Requires the kernel `qmi_wwan` driver "
                   "and the `usb_modeswitch` setup your Nerves system provides (rpi4 system includes qmi_wwan).\n"
                   "- Properties published under `[\"interface\", ifname, \"mobile\", ...]`: signal_rssi, signal_asu, "
                   "signal_4bars, iccid, imsi, provider, lac, cid, network, band.\n"
                   "- Add `{:vintage_net_qmi, \"~> 0.4\"}` as a target dependency.")
        t.done("Per the vintage_net_qmi README:\n\n```elixir\n# config/target.exs, in the vintage_net config list\n"
               "{\"wwan0\",\n %{\n   type: VintageNetQMI,\n   vintage_net_qmi: %{service_providers: [%{apn: "
               "\"iot.telenor\"}]}\n }}\n```\n\n"
               "- Add `{:vintage_net_qmi, \"~> 0.4\", targets: @all_targets}` to apps/fw/mix.exs.\n"
               "- nerves_system_rpi4 already has `qmi_wwan`, so no custom system is needed for the EG25-G.\n"
               "- If some units get a SIM from another carrier, use `only_iccid_prefixes` per provider.\n"
               "- Signal then shows up as `[\"interface\", \"wwan0\", \"mobile\", \"signal_4bars\"]` (and "
               "`signal_rssi`), which is what `Modem.Watch.signal/0` reads.")

        t = d.task("add vintage_net_qmi to the fw deps, target only, and put the wwan0 config in target.exs "
                   "like you showed", tags=["flaky:F1"])
        t.read(FW + "/mix.exs")
        t.edit(FW + "/mix.exs", "      {:vintage_net_wifi, \"~> 0.12.5\", targets: @all_targets},\n",
               "      {:vintage_net_wifi, \"~> 0.12.5\", targets: @all_targets},\n"
               "      {:vintage_net_qmi, \"~> 0.4.2\", targets: @all_targets},\n")
        t.read(TGT)
        t.edit(TGT, "    {\"wlan0\", %{type: VintageNetWiFi}}\n",
               "    {\"wlan0\", %{type: VintageNetWiFi}},\n    {\"wwan0\",\n     %{\n       type: VintageNetQMI,\n"
               "       vintage_net_qmi: %{service_providers: [%{apn: \"iot.telenor\"}]}\n     }}\n")
        cmd = "cd apps/fw && MIX_TARGET=rpi4 mix deps.get"
        t.fail(cmd, "Fetch deps for rpi4",
               """Resolving Hex dependencies...
Resolution completed in 0.318s
New:
  vintage_net_qmi 0.4.2
Unchanged:
  circuits_gpio 2.1.2
  circuits_i2c 2.0.6
  nerves 1.11.2
  nerves_hub_link 2.5.1
  vintage_net 0.13.5
  vintage_net_wifi 0.12.6
* Getting vintage_net_qmi (Hex package)
Request failed (:timeout)
** (Mix) Package fetch failed and no cached copy available (https://repo.hex.pm/tarballs/vintage_net_qmi-0.4.2.tar)""")
        t.bash(cmd, "Fetch deps for rpi4", out="""Resolving Hex dependencies...
Resolution completed in 0.287s
New:
  vintage_net_qmi 0.4.2
Unchanged:
  circuits_gpio 2.1.2
  circuits_i2c 2.0.6
  nerves 1.11.2
  nerves_hub_link 2.5.1
  vintage_net 0.13.5
  vintage_net_wifi 0.12.6
* Getting vintage_net_qmi (Hex package)""")
        t.done("Added `{:vintage_net_qmi, \"~> 0.4.2\", targets: @all_targets}` to apps/fw/mix.exs and the "
               "`wwan0` QMI config (APN `iot.telenor`) to config/target.exs. The first `deps.get` hit a Hex "
               "timeout on the tarball. The same command worked on retry, and mix.lock now has "
               "vintage_net_qmi 0.4.2.")

        t = d.task("driver for the SCD41 co2 sensor (greenhouse variant), i2c 0x62, periodic measurement mode. "
                   "typespecs on the public API please, dialyzer is only useful if we have them",
                   tags=["workflow:W2", "pref:P1"])
        SCD = CORE + "/lib/field_core/sensors/scd41.ex"
        t.write(SCD, """defmodule FieldCore.Sensors.SCD41 do
  @moduledoc \"\"\"
  Sensirion SCD41 CO2 sensor (I2C 0x62) in periodic measurement mode (one sample every 5 s).
  \"\"\"
  alias Circuits.I2C
  alias FieldCore.Sensors.SHT31

  @address 0x62

  @spec start_periodic(I2C.bus()) :: :ok | {:error, term()}
  def start_periodic(bus), do: I2C.write(bus, @address, <<0x21, 0xB1>>)

  @spec read(I2C.bus()) :: {:ok, %{co2_ppm: non_neg_integer(), temp_c: float(), rh: float()}} | {:error, term()}
  def read(bus) do
    with :ok <- I2C.write(bus, @address, <<0xEC, 0x05>>),
         :ok <- Process.sleep(1),
         {:ok, <<co2::16, c1, t::16, c2, h::16, c3>>} <- I2C.read(bus, @address, 9),
         true <- SHT31.crc8(<<co2::16>>) == c1 and SHT31.crc8(<<t::16>>) == c2 and SHT31.crc8(<<h::16>>) == c3 do
      {:ok, %{co2_ppm: co2, temp_c: -45 + 175 * t / 65_535, rh: 100 * h / 65_535}}
    else
      false -> {:error, :crc_mismatch}
      error -> error
    end
  end
end
""")
        t.write(CORE + "/test/field_core/sensors/scd41_test.exs", """defmodule FieldCore.Sensors.SCD41Test do
  use ExUnit.Case, async: true
  alias FieldCore.Sensors.SCD41

  test "uses the same CRC as the SHT31 (datasheet example)" do
    assert FieldCore.Sensors.SHT31.crc8(<<0xBE, 0xEF>>) == 0x92
  end

  test "read/1 on a bus without the sensor returns an error" do
    {:ok, bus} = Circuits.I2C.open("i2c-test-0")
    assert {:error, _} = SCD41.read(bus)
  end
end
""")
        t.bash("cd apps/field_core && mix test test/field_core/sensors", "Run sensor tests",
               out="Compiling 1 file (.ex)\nGenerated field_core app\nRunning ExUnit with seed: 33410, max_cases: 16\n\n......\n" +
               exunit(6, "0.05", 33410))
        t.bash("mix credo --strict", "Credo strict", out=credo(48, 219))
        t.bash("mix dialyzer", "Dialyzer", out=dialyzer_ok(ERL["b"], EX["a"], "5.88"), timeout=600000)
        t.done("`FieldCore.Sensors.SCD41` added: `start_periodic/1` (`0x21B1`) and `read/1` (`0xEC05`, 9 bytes, "
               "three CRC-checked words, reusing `SHT31.crc8/1`). Both have specs. The tests use the host stub bus "
               "`i2c-test-0`. Sensor tests, credo --strict and dialyzer are all green. The poller doesn't call it "
               "yet; the greenhouse variant needs a config flag first.")

        t = d.task("where do we read the soil moisture adc? still the ads1115 at 0x48 on every board?",
                   tags=["noise"])
        t.grep("0x48|ADS1115", filenames=[CORE + "/lib/field_core/sensors/ads1115.ex",
                                          CORE + "/lib/field_core/sensors/poller.ex"], path=R + "/apps")
        t.read(CORE + "/lib/field_core/sensors/poller.ex")
        t.done("Yes. `FieldCore.Sensors.ADS1115` has a hard-coded `@address 0x48`, and `Sensors.Poller` reads "
               "channels 0–3 from it every poll (`soil_0`…`soil_3`). There's no per-board address config. If a "
               "board has the ADDR pin strapped differently (0x49–0x4B), the address would have to become a "
               "config value.")

    # ================= S4 (acceptEdits) =================
    with d.session("2026-10-13T10:05:00", R, branch="main", version="2.1.196", permission_mode="acceptEdits"):
        t = d.task("dashboard: card with modem signal (bars) that updates live, every 5s is fine", tags=["noise"])
        t.read(OVER)
        t.edit(OVER, """    if connected?(socket), do: Phoenix.PubSub.subscribe(FieldCore.PubSub, "readings")
    {:ok, assign(socket, readings: %{}, updated_at: nil)}
  end
""", """    if connected?(socket) do
      Phoenix.PubSub.subscribe(FieldCore.PubSub, "readings")
      :timer.send_interval(5_000, :signal)
    end

    {:ok, assign(socket, readings: %{}, updated_at: nil, bars: signal_bars())}
  end

  @impl true
  def handle_info(:signal, socket), do: {:noreply, assign(socket, bars: signal_bars())}
""")
        t.edit(OVER, """      <h1 class="text-xl font-semibold">FG-200</h1>
""", """      <h1 class="text-xl font-semibold">FG-200</h1>
      <div class="rounded border p-3 text-sm">
        LTE signal: <span class="font-mono"><%= if @bars, do: String.duplicate("▮", @bars) <> String.duplicate("▯", 4 - @bars), else: "no signal" %></span>
      </div>
""")
        t.edit(OVER, """  @impl true
  def render(assigns) do""", """  defp signal_bars do
    case FieldCore.Modem.Watch.signal() do
      {:ok, bars} -> bars
      {:error, :no_signal} -> nil
    end
  end

  @impl true
  def render(assigns) do""")
        t.bash("cd apps/dashboard_web && mix test", "Run dashboard tests",
               out="==> dashboard_web\nCompiling 1 file (.ex)\nGenerated dashboard_web app\nRunning ExUnit with seed: 7721, max_cases: 16\n\n.......\n" +
               exunit(7, "0.1", 7721))
        t.done("The overview now has an LTE signal card. It reads `Modem.Watch.signal/0` on mount and then every "
               "5 s (`:timer.send_interval` once connected) and shows 4 bars, or \"no signal\" when VintageNet "
               "has no value. The 7 dashboard tests pass. On host there's no wwan0, so you'll see \"no signal\" "
               "locally.")

        t = d.task("I need an image file for the two new FG-200s, I'll flash them with etcher. and for the record: "
                   "never run mix burn or fwup against /dev/sd* from here, SD cards I do by hand",
                   tags=["pref:P2", "workflow:W1"])
        t.bash("cd apps/fw && MIX_TARGET=rpi4 mix firmware", "Build rpi4 firmware",
               out=fw_build("0.14.0", compiled=(("vintage_net_qmi", 14), ("field_core", 3), ("dashboard_web", 1), ("fw", 1))),
               timeout=900000)
        t.bash("cd apps/fw && MIX_TARGET=rpi4 mix firmware.image /tmp/fg200-0.14.0.img",
               "Write firmware to an image file",
               out=f"Nerves environment\n  MIX_TARGET:   rpi4\n  MIX_ENV:      dev\n\nWriting to /tmp/fg200-0.14.0.img...\n"
                   "100% [====================================] 32.51 MB in / 1.05 GB out\nSuccess!\nElapsed time: 3.906 s")
        t.bash("ls -lh /tmp/fg200-0.14.0.img", "Check image size",
               out="-rw-r--r-- 1 henrik henrik 1.1G Oct 13 10:31 /tmp/fg200-0.14.0.img")
        t.done("`/tmp/fg200-0.14.0.img` (1.1 GB, rpi4, 0.14.0 with vintage_net_qmi) is ready for Etcher. "
               "Noted: I won't run `mix burn` or point fwup at a block device. SD cards are yours, I'll only "
               "build `.fw` files or images.")

        t = d.task("quick q: calibration table per probe (4 floats each), :persistent_term or ets? it changes "
                   "maybe once a season", tags=["no_tools"])
        t.done("`:persistent_term`. It's read on every poll and written maybe once a season, which is the case "
               "it's made for: reads are free (no copy, no table lookup). A write triggers a global GC scan, but "
               "once a season that doesn't matter. Store one term (a map of probe => {a, b, c, d}) under one key, "
               "not one key per probe. Use ETS if it ever gets written often or from several processes.")

        t = d.task("push to the bench again and make sure it comes up on wifi and the modem",
                   tags=["workflow:W1", "long_output"])
        t.bash("cd apps/fw && MIX_TARGET=rpi4 mix firmware", "Build rpi4 firmware",
               out=fw_build("0.14.0", compiled=(("dashboard_web", 1), ("fw", 1))), timeout=900000)
        t.bash(f"cd apps/fw && MIX_TARGET=rpi4 mix upload {BENCH}", "Upload to bench Pi",
               out=upload_ok("0.14.0", BENCH, UUIDS[1], "32.51"))
        t.bash(f"sleep 45 && ssh {BENCH} 'Nerves.Runtime.KV.get_active(\"nerves_fw_uuid\")'",
               "Check the new firmware UUID is active", out=f'"{UUIDS[1]}"')
        t.bash(f"ssh {BENCH} 'VintageNet.info'", "VintageNet status on bench Pi", out="""VintageNet 0.13.5

All interfaces:       ["eth0", "lo", "usb0", "wlan0", "wwan0"]
Available interfaces: ["wlan0", "wwan0"]

Interface eth0
  Type: VintageNetEthernet
  Present: false
  State: :retrying (0:41:17)
  Connection: :disconnected
  Configuration:
    %{ipv4: %{method: :dhcp}, type: VintageNetEthernet}

Interface usb0
  Type: VintageNetDirect
  Present: false
  State: :retrying (0:41:17)
  Connection: :disconnected
  Configuration:
    %{type: VintageNetDirect, vintage_net_direct: %{}}

Interface wlan0
  Type: VintageNetWiFi
  Present: true
  State: :configured (0:40:58)
  Connection: :internet (0:40:51)
  Addresses: 192.168.88.41/24, fe80::da3a:ddff:fe4c:11e2/64
  Configuration:
    %{
      ipv4: %{method: :dhcp},
      type: VintageNetWiFi,
      vintage_net_wifi: %{
        networks: [%{key_mgmt: :wpa_psk, mode: :infrastructure, psk: "******", ssid: "tilth-lab"}]
      }
    }

Interface wwan0
  Type: VintageNetQMI
  Present: true
  State: :configured (0:40:31)
  Connection: :internet (0:39:12)
  Addresses: 10.187.44.201/30
  Mobile:
    Provider: Telenor
    ICCID: 8947080037110052219
    Signal: -87 dBm (3 bars)
    Band: LTE B20
  Configuration:
    %{
      type: VintageNetQMI,
      vintage_net_qmi: %{service_providers: [%{apn: "iot.telenor"}]}
    }

:ok""")
        t.done("fg-bench-01 is on the new build (UUID 7c31a8e2…). VintageNet reports:\n\n"
               "- **wlan0**: `:internet` on `tilth-lab`, 192.168.88.41\n"
               "- **wwan0** (QMI): `:internet` on Telenor, band LTE B20, -87 dBm / 3 bars, APN iot.telenor\n"
               "- eth0 and usb0 aren't plugged in (`:retrying`), as expected on the bench.")

    # ================= S5 =================
    with d.session("2026-10-16T14:20:00", R, branch="main", version="2.1.197"):
        t = d.task("the modem sometimes only gives us AT+CSQ output (when qmi is wedged). add a small parser in its "
                   "own module under modem/ that turns +CSQ: 18,99 into dBm, with tests, and run credo",
                   tags=["mistake:M1"])
        CSQ = CORE + "/lib/field_core/modem/csq.ex"
        t.write(CSQ, """defmodule FieldCore.Modem.CSQ do
  @spec parse(String.t()) :: {:ok, integer()} | {:error, :unknown | :invalid}
  def parse(line) do
    case Regex.run(~r/\\+CSQ:\\s*(\\d+),(\\d+)/, line) do
      [_, "99", _] -> {:error, :unknown}
      [_, rssi, _] -> {:ok, to_dbm(String.to_integer(rssi))}
      nil -> {:error, :invalid}
    end
  end

  @spec to_dbm(0..31) :: integer()
  def to_dbm(n) when n in 0..31, do: -113 + 2 * n
end
""")
        t.write(CORE + "/test/field_core/modem/csq_test.exs", """defmodule FieldCore.Modem.CSQTest do
  use ExUnit.Case, async: true
  alias FieldCore.Modem.CSQ

  test "parses a normal reply" do
    assert CSQ.parse("+CSQ: 18,99") == {:ok, -77}
  end

  test "99 means not known" do
    assert CSQ.parse("+CSQ: 99,99") == {:error, :unknown}
  end

  test "garbage" do
    assert CSQ.parse("ERROR") == {:error, :invalid}
  end
end
""")
        t.bash("cd apps/field_core && mix test test/field_core/modem/csq_test.exs", "Run CSQ tests",
               out="Compiling 1 file (.ex)\nGenerated field_core app\nRunning ExUnit with seed: 55120, max_cases: 16\n\n...\n" +
               exunit(3, "0.02", 55120))
        t.fail("mix credo --strict", "Credo strict",
               credo(50, 226, ("apps/field_core/lib/field_core/modem/csq.ex", "FieldCore.Modem.CSQ")), code=4)
        t.edit(CSQ, "defmodule FieldCore.Modem.CSQ do\n  @spec parse",
               "defmodule FieldCore.Modem.CSQ do\n  @moduledoc \"\"\"\n  Parses `AT+CSQ` replies (3GPP TS 27.007) into "
               "dBm. Fallback when the QMI signal properties are missing.\n  \"\"\"\n\n  @spec parse")
        t.bash("mix credo --strict", "Credo strict again", out=credo(50, 226))
        t.done("`FieldCore.Modem.CSQ.parse/1` turns `+CSQ: 18,99` into `{:ok, -77}` (dBm = -113 + 2·n). "
               "`99` gives `{:error, :unknown}` and anything else gives `{:error, :invalid}`. 3 tests pass. "
               "Credo flagged the missing `@moduledoc`, so I added one and credo is clean.")

        t = d.task("is /data on the bench unit filling up? the buffer db shouldnt be big but check", tags=["mistake:M2"])
        t.fail(f"ssh {BENCH} 'df -h /data'", "Check /data usage on bench Pi",
               ssh_compile_err([('undefined variable "h"', "1:5"), ('undefined variable "data"', "1:9"),
                                ('undefined function df/1 (there is no such import)', "1:1")]))
        t.bash(f"ssh {BENCH} 'cmd(\"df -h /data\")'", "Check /data usage via Toolshed cmd",
               out="Filesystem                Size      Used Available Use% Mounted on\n"
                   "/dev/mmcblk0p4           13.9G     41.2M     13.1G   0% /root\n0")
        t.bash(f"ssh {BENCH} 'cmd(\"ls -la /data/fieldgate\")'", "List fieldgate data dir",
               out="total 2312\ndrwxr-xr-x    2 root     root          4096 Oct 16 13:02 .\n"
                   "drwxr-xr-x    5 root     root          4096 Oct  5 09:31 ..\n"
                   "-rw-r--r--    1 root     root       2289664 Oct 16 14:21 buffer.db\n"
                   "-rw-r--r--    1 root     root         61820 Oct 16 14:20 modem.log\n0")
        t.done("Not filling up. The data partition (mounted at /root, /data points to it) is 13.9 G with 41 M "
               "used (0%). buffer.db is 2.2 MB and modem.log 60 KB.")

        t = d.task("the Buffer module has no typespecs on its public functions, add them. dialyzer should stay clean",
                   tags=["pref:P1"])
        t.read(BUF)
        t.edit(BUF, "  def start_link(_), do: GenServer.start_link(__MODULE__, [], name: __MODULE__)\n\n  def insert",
               "  @type reading :: {ts :: integer(), %{optional(atom()) => number()}}\n\n"
               "  @spec start_link(term()) :: GenServer.on_start()\n"
               "  def start_link(_), do: GenServer.start_link(__MODULE__, [], name: __MODULE__)\n\n"
               "  @spec insert(%{optional(atom()) => number()}) :: :ok\n  def insert")
        t.edit(BUF, "  def drain(limit", "  @spec drain(pos_integer()) :: [reading()]\n  def drain(limit")
        t.edit(BUF, "  def size, do:", "  @spec size() :: non_neg_integer()\n  def size, do:")
        t.bash("mix dialyzer", "Dialyzer", out=dialyzer_ok(ERL["b"], EX["a"], "4.71"), timeout=600000)
        t.done("`FieldCore.Buffer` now has a `reading` type and specs on `start_link/1`, `insert/1`, `drain/1` and "
               "`size/0`. Dialyzer passes.")

        t = d.task("the modem setup section you wrote for the README last week was way too long, I had to cut half "
                   "of it before pushing. keep docs short. now a short docs/wiring/sht31.md: pins, address, "
                   "pullups. few lines", tags=["feedback"],
                   feedback="the modem setup section you wrote for the README last week was way too long, I had to "
                            "cut half of it before pushing. keep docs short.")
        t.write(R + "/docs/wiring/sht31.md", """# SHT31 wiring (FG-200)

| SHT31 | Pi header |
|---|---|
| VIN | pin 1 (3V3) |
| GND | pin 9 |
| SDA | pin 3 (GPIO2, i2c-1) |
| SCL | pin 5 (GPIO3, i2c-1) |

- Address 0x44 (ADDR to GND); 0x45 if ADDR is pulled high.
- The breakout has 10k pull-ups; the Pi has 1.8k on-board. Don't add more.
""")
        t.done("Sorry about the length. `docs/wiring/sht31.md` is a pin table plus two notes (address and "
               "pull-ups).")

    # ================= S6 (precompact) =================
    with d.session("2026-10-20T09:40:00", R, branch="main", version="2.1.198"):
        t = d.task("cut v0.15.0 and get it onto the canary deployment in nerveshub", tags=["workflow:W3", "long_output"])
        t.bash("git log v0.14.0..HEAD --oneline", "Commits since v0.14.0", out="""c41d7e9 dashboard: LTE signal card
8ab02f3 core: AT+CSQ fallback parser
5d9e1c0 core: typespecs on Buffer
b7f2a64 docs: sht31 wiring
e18c5a2 fw: vintage_net_qmi on wwan0 (iot.telenor)
2c0f9b8 core: SCD41 driver
1f4e7a3 core: fix SHT31 crc8 masking
3f8a2c1 config: poll sensors every 30s
a91c0d4 core: SHT31 driver
9e3d7f1 chore: nerves_system_rpi4 1.29.2, erlang 27.2""")
        t.read(VER)
        t.write(VER, "0.15.0\n")
        t.bash("git add apps/fw/VERSION && git commit -m \"release: v0.15.0\" && git tag -a v0.15.0 -m \"v0.15.0\" "
               "&& git push origin main v0.15.0", "Commit, tag and push v0.15.0",
               out="[main 77b0e15] release: v0.15.0\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err="To github.com:tilthlabs/fieldgate.git\n   c41d7e9..77b0e15  main -> main\n * [new tag]         v0.15.0 -> v0.15.0")
        t.bash("sleep 20 && gh run list --workflow firmware.yml --limit 1", "Find the firmware workflow run",
               out="STATUS  TITLE            WORKFLOW  BRANCH   EVENT  ID           ELAPSED  AGE\n"
                   "*       release: v0.15.0 firmware  v0.15.0  push   11873402219  14s      less than a minute ago")
        t.bash("gh run watch 11873402219 --exit-status", "Wait for the firmware build", timeout=1800000,
               out="""Refreshing run status every 3 seconds. Press Ctrl+C to quit.

✓ v0.15.0 firmware · 11873402219
Triggered via push about 9 minutes ago

JOBS
✓ check in 3m12s (ID 33106511402)
  ✓ Set up job
  ✓ Checkout
  ✓ Set up BEAM (OTP 27.2, Elixir 1.17.3)
  ✓ Restore deps/_build cache
  ✓ mix deps.get
  ✓ mix format --check-formatted
  ✓ mix credo --strict
  ✓ mix test
  ✓ mix dialyzer
  ✓ Post Checkout
  ✓ Complete job
✓ firmware (rpi4) in 5m47s (ID 33106598813)
  ✓ Set up job
  ✓ Checkout
  ✓ Set up BEAM (OTP 27.2, Elixir 1.17.3)
  ✓ Install nerves_bootstrap
  ✓ Restore ~/.nerves cache
  ✓ MIX_TARGET=rpi4 MIX_ENV=prod mix deps.get
  ✓ MIX_TARGET=rpi4 MIX_ENV=prod mix firmware
  ✓ Sign firmware (fwup --sign)
  ✓ Upload artifact fieldgate-rpi4-fw
  ✓ Complete job
✓ firmware (rpi3a) in 5m21s (ID 33106598977)
  ✓ Set up job
  ✓ Checkout
  ✓ Set up BEAM (OTP 27.2, Elixir 1.17.3)
  ✓ Install nerves_bootstrap
  ✓ Restore ~/.nerves cache
  ✓ MIX_TARGET=rpi3a MIX_ENV=prod mix deps.get
  ✓ MIX_TARGET=rpi3a MIX_ENV=prod mix firmware
  ✓ Sign firmware (fwup --sign)
  ✓ Upload artifact fieldgate-rpi3a-fw
  ✓ Complete job""")
        t.bash("gh run download 11873402219 -n fieldgate-rpi4-fw -D /tmp/fw-v0.15.0", "Download rpi4 firmware artifact",
               out="")
        t.bash("cd apps/fw && mix nerves_hub.firmware publish --org tilthlabs --product fieldgate "
               "/tmp/fw-v0.15.0/fw.fw", "Publish firmware to NervesHub",
               out="""------------
Product:      fieldgate
Version:      0.15.0
Platform:     rpi4
Architecture: aarch64
UUID:         e4d27b19-6a0f-5c3e-b8d1-3f90a2c7e641
------------
Uploading firmware...
Firmware published successfully""")
        t.bash("cd apps/fw && mix nerves_hub.deployment update canary firmware e4d27b19-6a0f-5c3e-b8d1-3f90a2c7e641 "
               "--org tilthlabs --product fieldgate", "Point canary deployment at v0.15.0",
               out="Deployment canary updated")
        t.done("v0.15.0 is out to canary:\n\n- `apps/fw/VERSION` → 0.15.0, commit 77b0e15, annotated tag `v0.15.0`, "
               "both pushed.\n- firmware.yml run 11873402219 is green (check, rpi4, rpi3a; signed in CI).\n"
               "- Published the rpi4 artifact to NervesHub (UUID e4d27b19…), and the `canary` deployment now points "
               "at it. The canary devices will pick it up on their next check-in.")

        t = d.task("CI dialyzer job is red on main since the CSQ thing, something in the modem watch. fix it",
                   tags=["oneoff:O2"])
        t.fail("mix dialyzer", "Dialyzer", dialyzer_head(ERL["b"], EX["a"]) + """
Total errors: 1, Skipped: 0, Unnecessary Skips: 0
done in 0m5.02s
apps/field_core/lib/field_core/modem/watch.ex:17:pattern_match
The pattern can never match the type.

Pattern:
nil

Type:
0 | 1 | 2 | 3 | 4

________________________________________________________________________________
done (warnings were emitted)
Halting VM with exit status 2""", code=2)
        t.read(WATCH)
        t.say("Sigrid's CSQ merge gave `Modem.Watch` a typed wrapper around `VintageNet.get/2`, so `nil` can't "
              "come back anymore; the 2-arity form returns the default instead. Switching to an explicit default.")
        t.edit(WATCH, """    case VintageNet.get(["interface", @ifname, "mobile", "signal_4bars"]) do
      nil -> {:error, :no_signal}
      bars -> {:ok, bars}
    end""", """    case VintageNet.get(["interface", @ifname, "mobile", "signal_4bars"], :none) do
      :none -> {:error, :no_signal}
      bars when is_integer(bars) -> {:ok, bars}
    end""")
        t.bash("mix dialyzer", "Dialyzer again", out=dialyzer_ok(ERL["b"], EX["a"], "4.96"), timeout=600000)
        t.done("Dialyzer thought `nil` could never come back from the signal property lookup. Now "
               "`Modem.Watch.signal/0` passes an explicit default (`:none`) and matches on that. The bars clause "
               "is guarded with `is_integer/1`. Dialyzer passes locally, and the dashboard card behaves the same.")

        d.precompact("Henrik Aas (Tilth Labs) works on fieldgate, an Elixir umbrella (apps/fw Nerves rpi4/rpi3a, "
                     "apps/field_core sensors + modem, apps/dashboard_web LiveView). So far: SHT31, SCD41 drivers and "
                     "CSQ parser with moduledocs/specs; crc8 fix; vintage_net_qmi on wwan0 (APN iot.telenor); LTE "
                     "signal card; Buffer specs; v0.15.0 tagged, built by GitHub Actions firmware.yml and published "
                     "to the NervesHub canary deployment; Modem.Watch dialyzer fix. Bench device fg-bench-01.local "
                     "(ssh gives an Elixir shell, run OS commands with cmd(\"...\")). Henrik wants @spec on public "
                     "functions, short docs, never runs mix burn from here.")

        t = d.task("rebased my branch on main, run the dashboard tests", tags=["mistake:M3"])
        t.fail("cd apps/dashboard_web && mix test", "Run dashboard tests",
               asdf_missing("mix", "elixir", "1.18.1-otp-27", "1.17.3-otp-27"), code=126)
        d.files[TV] = "erlang 27.2\nelixir 1.18.1-otp-27\n"
        t.bash("git log -1 --format='%h %an %s' -- .tool-versions", "Who changed .tool-versions",
               out="4e20b7a Tomás Ferreira chore: elixir 1.18.1")
        t.bash("asdf install", "Install versions from .tool-versions",
               out="erlang 27.2 is already installed\n==> Checking whether specified Elixir release exists...\n"
               "==> Downloading 1.18.1-otp-27 to /home/henrik/.asdf/downloads/elixir/1.18.1-otp-27/elixir-precompiled-1.18.1-otp-27.zip\n"
               "==> Copying release into place", timeout=600000)
        t.bash("cd apps/dashboard_web && mix test", "Run dashboard tests again",
               out="==> phoenix_live_view\nCompiling 41 files (.ex)\nGenerated phoenix_live_view app\n==> dashboard_web\n"
                   "Compiling 14 files (.ex)\nGenerated dashboard_web app\nRunning ExUnit with seed: 412, max_cases: 16\n\n.......\n" +
               exunit(7, "0.1", 412))
        t.done("Tomás bumped `.tool-versions` to Elixir 1.18.1-otp-27 (4e20b7a), so after your rebase asdf had no "
               "`mix` for that version. `asdf install` fetched the precompiled Elixir 1.18.1 (Erlang 27.2 was "
               "already there). Everything recompiled and the 7 dashboard tests pass.")

        t = d.task("where does the device get its nerveshub cert from? is it the NervesKey chip or a file in /data?",
                   tags=["noise"])
        t.grep("configurator|NervesKey|nerves_key", output_mode="content", path=R, n=True,
               content=f"{R}/config/target.exs:31:  configurator: NervesHubLink.Configurator.NervesKey\n"
                       f"{FW}/mix.exs:41:      {{:nerves_hub_link, \"~> 2.5\", targets: @all_targets}},")
        t.read(TGT)
        t.done("From the NervesKey chip. `config/target.exs` sets `configurator: "
               "NervesHubLink.Configurator.NervesKey`, so nerves_hub_link reads the device cert and signer cert "
               "from the ATECC608 over I2C, and the private key never leaves the chip. Nothing is read from /data. "
               "One thing I couldn't find: `nerves_key` isn't listed in apps/fw/mix.exs, so it must be coming in "
               "transitively.")

    # ================= S7 =================
    with d.session("2026-10-23T15:10:00", R, branch="main", version="2.1.200"):
        t = d.task("push the current fw to fg-gw-07 at hollow creek directly, dont want to wait for the deployment",
                   tags=["unfixed:U1"])
        t.bash("cd apps/fw && MIX_TARGET=rpi4 mix firmware", "Build rpi4 firmware",
               out=fw_build("0.15.0", compiled=(("fw", 1),)), timeout=900000)
        t.fail("cd apps/fw && MIX_TARGET=rpi4 mix upload fg-gw-07.local", "Upload to fg-gw-07",
               f"""Path: {R}/_build/rpi4_dev/nerves/images/fw.fw
Product: fw 0.15.0
UUID: 91f0c6d3-2b7e-5a48-a3c5-8e17d4b2f906
Platform: rpi4

Uploading to fg-gw-07.local...
Running fwup...
ssh: Could not resolve hostname fg-gw-07.local: Name or service not known""", code=255)
        t.done("I couldn't upload it. `fg-gw-07.local` doesn't resolve from here. mDNS only works on the same LAN, "
               "and fg-gw-07 is out at Hollow Creek on LTE, behind the carrier's NAT, so there's no direct SSH path "
               "to it at all. A `.fw` can only get there through NervesHub: put the device in a deployment with "
               "this firmware, or use NervesHub's remote console to trigger the update. I didn't change anything.")

        t = d.task("DS18B20 soil temp probe on 1-wire (gpio4, w1-gpio overlay), read it from /sys/bus/w1. module "
                   "+ tests + checks, and dont forget specs on the public functions",
                   tags=["workflow:W2", "pref:P1"])
        DS = CORE + "/lib/field_core/sensors/ds18b20.ex"
        t.write(DS, """defmodule FieldCore.Sensors.DS18B20 do
  @moduledoc \"\"\"
  DS18B20 1-Wire temperature probe read through the kernel w1 driver (`w1-gpio` overlay on GPIO4).
  \"\"\"

  @base "/sys/bus/w1/devices"

  @spec list(Path.t()) :: [String.t()]
  def list(base \\\\ @base) do
    case File.ls(base) do
      {:ok, entries} -> Enum.filter(entries, &String.starts_with?(&1, "28-"))
      {:error, _} -> []
    end
  end

  @spec read(String.t(), Path.t()) :: {:ok, float()} | {:error, term()}
  def read(id, base \\\\ @base) do
    with {:ok, text} <- File.read(Path.join([base, id, "w1_slave"])) do
      parse(text)
    end
  end

  @spec parse(String.t()) :: {:ok, float()} | {:error, :crc | :invalid}
  def parse(text) do
    case String.split(text, "\\n", trim: true) do
      [l1, l2] ->
        cond do
          not String.ends_with?(l1, "YES") -> {:error, :crc}
          [_, milli] = Regex.run(~r/t=(-?\\d+)$/, l2) -> {:ok, String.to_integer(milli) / 1000}
        end

      _ ->
        {:error, :invalid}
    end
  end
end
""")
        t.write(CORE + "/test/field_core/sensors/ds18b20_test.exs", """defmodule FieldCore.Sensors.DS18B20Test do
  use ExUnit.Case, async: true
  alias FieldCore.Sensors.DS18B20

  @ok "72 01 4b 46 7f ff 0e 10 57 : crc=57 YES\\n72 01 4b 46 7f ff 0e 10 57 t=23125\\n"
  @bad "72 01 4b 46 7f ff 0e 10 57 : crc=12 NO\\n72 01 4b 46 7f ff 0e 10 57 t=23125\\n"

  test "parses a good frame", do: assert(DS18B20.parse(@ok) == {:ok, 23.125})
  test "rejects a bad crc", do: assert(DS18B20.parse(@bad) == {:error, :crc})

  @tag :tmp_dir
  test "lists probes", %{tmp_dir: dir} do
    File.mkdir_p!(Path.join(dir, "28-0316a2794aff"))
    File.mkdir_p!(Path.join(dir, "w1_bus_master1"))
    assert DS18B20.list(dir) == ["28-0316a2794aff"]
  end
end
""")
        t.bash("cd apps/field_core && mix test test/field_core/sensors/ds18b20_test.exs", "Run DS18B20 tests",
               out="Compiling 1 file (.ex)\nGenerated field_core app\nRunning ExUnit with seed: 80022, max_cases: 16\n\n...\n" +
               exunit(3, "0.03", 80022))
        t.bash("mix credo --strict", "Credo strict", out=credo(52, 233))
        t.bash("mix dialyzer", "Dialyzer", out=dialyzer_ok(ERL["b"], EX["b"], "5.40"), timeout=600000)
        t.done("`FieldCore.Sensors.DS18B20` reads `/sys/bus/w1/devices/28-*/w1_slave`: `list/1`, `read/2`, "
               "`parse/1`, all with specs. It returns `{:error, :crc}` when the kernel line says NO. 3 tests pass "
               "(one uses a tmp_dir fake sysfs). Credo and dialyzer are clean. The `dtoverlay=w1-gpio` line still "
               "has to go into the fw `config.txt` overlay.")

        t = d.task("3 bullet changelog for 0.15 for the farm techs, plain words, no jargon", tags=["no_tools"])
        t.done("- The gateway now has a backup mobile connection (LTE), so readings keep flowing when farm Wi-Fi "
               "is down.\n- The dashboard shows mobile signal strength so you can see if an antenna needs moving.\n"
               "- Fixed humidity readings that sometimes dropped out, and added support for the greenhouse CO₂ sensor.")

        t = d.task("from now on no more committing straight to main, open a PR for every change, Sigrid wants to "
                   "review all fw changes. start with: status led blinks faster (250ms) while offline",
                   tags=["reversal:P3"])
        t.bash("git switch -c fw/led-fast-blink", "New branch", err="Switched to a new branch 'fw/led-fast-blink'")
        t.read(LED)
        t.edit(LED, "  @blink_ms 1_000", "  @blink_ms 250")
        t.bash("git commit -am \"fw: faster status LED blink while offline\" && git push -u origin fw/led-fast-blink",
               "Commit and push branch",
               out="[fw/led-fast-blink 0d3b6e8] fw: faster status LED blink while offline\n 1 file changed, 1 insertion(+), 1 deletion(-)\n"
                   "branch 'fw/led-fast-blink' set up to track 'origin/fw/led-fast-blink'.",
               err="remote: \nremote: Create a pull request for 'fw/led-fast-blink' on GitHub by visiting:\n"
                   "remote:      https://github.com/tilthlabs/fieldgate/pull/new/fw/led-fast-blink\nremote: \n"
                   "To github.com:tilthlabs/fieldgate.git\n * [new branch]      fw/led-fast-blink -> fw/led-fast-blink")
        t.bash("gh pr create --title \"fw: faster status LED blink while offline\" --body \"Offline blink 1000ms -> "
               "250ms so techs can tell offline from booting at a glance.\" --reviewer sigridmoen",
               "Open PR", out="https://github.com/tilthlabs/fieldgate/pull/58")
        t.done("OK, everything goes through PRs from now on. The LED change (`@blink_ms 250`) is on "
               "`fw/led-fast-blink`: PR #58, with Sigrid as reviewer.")

    # ================= S8 =================
    with d.session("2026-10-27T08:55:00", R, branch="main", version="2.1.201"):
        t = d.task("push to the bench and check uptime and memory on it, it felt sluggish on friday",
                   tags=["workflow:W1", "mistake:M2"])
        t.bash("cd apps/fw && MIX_TARGET=rpi4 mix firmware", "Build rpi4 firmware",
               out=fw_build("0.15.1-dev", compiled=(("field_core", 2), ("fw", 1))), timeout=900000)
        t.bash(f"cd apps/fw && MIX_TARGET=rpi4 mix upload {BENCH}", "Upload to bench Pi",
               out=upload_ok("0.15.1-dev", BENCH, UUIDS[4], "32.66"))
        t.bash(f"sleep 45 && ssh {BENCH} 'Nerves.Runtime.KV.get_active(\"nerves_fw_version\")'",
               "Confirm firmware version", out='"0.15.1-dev"')
        t.fail(f"ssh {BENCH} 'uptime; free -m'", "Uptime and memory on bench Pi",
               ssh_compile_err([('undefined variable "m"', "1:15"),
                                ('undefined function free/1 (there is no such import)', "1:9")]))
        t.say("Same as with df last time: the device SSH is IEx, so the OS tools go through `cmd/1`.")
        t.bash(f"ssh {BENCH} 'cmd(\"uptime; free -m\")'", "Uptime and memory via Toolshed cmd",
               out=" 08:58:02 up 2 min,  load average: 0.61, 0.38, 0.15\n"
                   "              total        used        free      shared  buff/cache   available\n"
                   "Mem:           3794         213        3389           3         192        3530\n"
                   "Swap:             0           0           0\n0")
        t.bash(f"ssh {BENCH} ':erlang.memory() |> Enum.map(fn {{k, v}} -> {{k, div(v, 1_048_576)}} end)'",
               "BEAM memory in MB",
               out="[total: 71, processes: 24, processes_used: 24, system: 46, atom: 1, atom_used: 1, binary: 3,\n code: 22, ets: 4]")
        t.done("The bench unit runs 0.15.1-dev now. It just rebooted, so uptime is 2 min: 213 MB of 3.8 GB used, "
               "and the BEAM is at 71 MB (24 MB processes, 22 MB code). That looks healthy. Friday's sluggishness "
               "is gone after the reboot, so it's either a slow leak or the dashboard. Check "
               "`:erlang.memory()` again in a day or two to compare.")

        t = d.task("move the sensor table out of overview_live into its own function component module, "
                   "DashboardWeb.Components.SensorTable. run credo after", tags=["mistake:M1"])
        t.read(OVER)
        ST = WEB + "/lib/dashboard_web/components/sensor_table.ex"
        t.write(ST, """defmodule DashboardWeb.Components.SensorTable do
  use Phoenix.Component

  attr :readings, :map, required: true
  attr :updated_at, DateTime, default: nil

  @spec sensor_table(map()) :: Phoenix.LiveView.Rendered.t()
  def sensor_table(assigns) do
    ~H\"\"\"
    <table class="w-full text-sm">
      <thead><tr><th class="text-left">Sensor</th><th class="text-right">Value</th></tr></thead>
      <tbody>
        <tr :for={{name, value} <- Enum.sort(@readings)}>
          <td><%= name %></td>
          <td class="text-right tabular-nums"><%= value %></td>
        </tr>
      </tbody>
    </table>
    <p :if={@updated_at} class="text-xs text-gray-500">updated <%= @updated_at %></p>
    \"\"\"
  end
end
""")
        t.edit(OVER, """      <table class="w-full text-sm">
        <thead><tr><th class="text-left">Sensor</th><th class="text-right">Value</th></tr></thead>
        <tbody>
          <tr :for={{name, value} <- Enum.sort(@readings)}>
            <td><%= name %></td>
            <td class="text-right tabular-nums"><%= value %></td>
          </tr>
        </tbody>
      </table>
      <p :if={@updated_at} class="text-xs text-gray-500">updated <%= @updated_at %></p>
""", """      <.sensor_table readings={@readings} updated_at={@updated_at} />
""")
        t.edit(OVER, "  use DashboardWeb, :live_view\n",
               "  use DashboardWeb, :live_view\n  import DashboardWeb.Components.SensorTable\n")
        t.bash("cd apps/dashboard_web && mix test", "Run dashboard tests",
               out="Compiling 2 files (.ex)\nGenerated dashboard_web app\nRunning ExUnit with seed: 30018, max_cases: 16\n\n.......\n" +
               exunit(7, "0.1", 30018))
        t.fail("mix credo --strict", "Credo strict",
               credo(53, 236, ("apps/dashboard_web/lib/dashboard_web/components/sensor_table.ex",
                               "DashboardWeb.Components.SensorTable")), code=4)
        t.edit(ST, "defmodule DashboardWeb.Components.SensorTable do\n  use Phoenix.Component\n",
               "defmodule DashboardWeb.Components.SensorTable do\n  @moduledoc \"\"\"\n  Table of the latest sensor "
               "readings, sorted by sensor name, with the time of the last update.\n  \"\"\"\n  use Phoenix.Component\n")
        t.bash("mix credo --strict", "Credo strict again", out=credo(53, 236))
        t.done("The table is now `DashboardWeb.Components.SensorTable.sensor_table/1` (attrs `readings`, "
               "`updated_at`), and OverviewLive imports it and renders `<.sensor_table …/>`. Dashboard tests "
               "pass. Credo flagged the new module's missing `@moduledoc`. I added it and credo is clean.")

        t = d.task("mix hex.audit fails in the new CI step, see whats up", tags=["unfixed:U2"])
        t.fail("mix hex.audit", "Audit retired Hex packages",
               "Dependency     Version  Retirement reason\n"
               "circuits_gpio  1.2.1    (deprecated) Please upgrade to v2.x, v1 is no longer maintained\n"
               "Found retired packages")
        t.bash("mix deps.tree --format plain | grep -B2 'circuits_gpio'", "Who pulls circuits_gpio 1.x",
               out="├── nerves_pack ~> 0.7.1 (Hex package)\n│   ├── vintage_net_direct ~> 0.10 (Hex package)\n"
                   "├── tilth_hat ~> 0.3.0 (git github.com/tilthlabs/tilth_hat)\n│   └── circuits_gpio ~> 1.0 (Hex package)")
        t.done("`circuits_gpio 1.2.1` is retired (\"upgrade to v2.x\"). It isn't ours directly: the internal "
               "`tilth_hat` dep (modem power / LED board) pins `circuits_gpio ~> 1.0`. Moving it to 2.x changes the "
               "API (`GPIO.open/2` with specs, no `set_interrupts` the old way), so it has to be done in tilth_hat "
               "and released there first. I left it as is. Either hold that CI step until tilth_hat is ported, or "
               "open an issue on tilth_hat.")

    # ================= S9 (SessionEnd other) =================
    with d.session("2026-10-30T11:25:00", R, branch="main", version="2.1.203", end_reason="other"):
        t = d.task("pulled after a few days off. run the core tests before I start anything", tags=["mistake:M3"])
        t.fail("cd apps/field_core && mix test", "Run field_core tests",
               asdf_missing("erl", "erlang", "27.2.1", "27.2"), code=126)
        d.files[TV] = "erlang 27.2.1\nelixir 1.18.1-otp-27\n"
        t.bash("asdf install", "Install versions from .tool-versions",
               out=asdf_install_erlang("27.2.1", "elixir 1.18.1-otp-27"), timeout=1800000)
        t.bash("cd apps/field_core && mix test", "Run field_core tests again",
               out="==> circuits_i2c\nCompiling 7 files (.ex)\nGenerated circuits_i2c app\n==> field_core\n"
                   "Compiling 13 files (.ex)\nGenerated field_core app\nRunning ExUnit with seed: 66190, max_cases: 16\n\n"
                   "............................\n" + exunit(28, "0.3", 66190))
        t.done("main moved `.tool-versions` to Erlang 27.2.1 (to match the next nerves_system_rpi4), and asdf had "
               "no `erl` for it. `asdf install` built 27.2.1, and all 28 field_core tests pass after the recompile.")

        t = d.task("ship 0.15.1 to canary, same as last time", tags=["workflow:W3"])
        t.bash("git log v0.15.0..HEAD --oneline", "Commits since v0.15.0",
               out="b2a90cf Merge pull request #58 from tilthlabs/fw/led-fast-blink\n0d3b6e8 fw: faster status LED blink while offline\n"
                   "6c1e4d2 dashboard: SensorTable component\n5e08a7b core: DS18B20 1-wire probe\n"
                   "4e20b7a chore: elixir 1.18.1\n91aa3c0 chore: erlang 27.2.1")
        t.read(VER)
        t.write(VER, "0.15.1\n")
        t.bash("git switch -c release/v0.15.1 && git commit -am \"release: v0.15.1\" && git push -u origin release/v0.15.1 "
               "&& gh pr create --fill --reviewer sigridmoen", "Release PR",
               out="[release/v0.15.1 aa41c07] release: v0.15.1\n 1 file changed, 1 insertion(+), 1 deletion(-)\n"
                   "branch 'release/v0.15.1' set up to track 'origin/release/v0.15.1'.\nhttps://github.com/tilthlabs/fieldgate/pull/61",
               err="Switched to a new branch 'release/v0.15.1'")
        t.bash("sleep 600 && gh pr view 61 --json state,mergedAt,mergeCommit -q '.state + \" \" + .mergeCommit.oid'",
               "Check whether the release PR was merged", timeout=700000,
               out="MERGED 3d77c9b0e2f45a8d19c0b6e3f2a7d5c1e8b94f06")
        t.bash("git switch main && git pull --ff-only && git tag -a v0.15.1 -m v0.15.1 3d77c9b && git push origin v0.15.1",
               "Tag the merge commit and push the tag",
               out="Updating b2a90cf..3d77c9b\nFast-forward\n apps/fw/VERSION | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err="Switched to branch 'main'\nTo github.com:tilthlabs/fieldgate.git\n * [new tag]         v0.15.1 -> v0.15.1")
        t.bash("sleep 20 && gh run list --workflow firmware.yml --limit 1 --json databaseId -q '.[0].databaseId' | "
               "xargs gh run watch --exit-status", "Wait for firmware build", timeout=1800000,
               out="✓ v0.15.1 firmware · 11990457361\nTriggered via push about 10 minutes ago\n\nJOBS\n"
                   "✓ check in 3m40s (ID 33431800117)\n✓ firmware (rpi4) in 5m52s (ID 33431876540)\n"
                   "✓ firmware (rpi3a) in 5m30s (ID 33431876702)")
        t.bash("gh run download 11990457361 -n fieldgate-rpi4-fw -D /tmp/fw-v0.15.1", "Download rpi4 artifact", out="")
        t.bash("cd apps/fw && mix nerves_hub.firmware publish --org tilthlabs --product fieldgate /tmp/fw-v0.15.1/fw.fw",
               "Publish to NervesHub", out="""------------
Product:      fieldgate
Version:      0.15.1
Platform:     rpi4
Architecture: aarch64
UUID:         c8b5e0a2-71d4-5f96-8a3e-20d6f1b9c457
------------
Uploading firmware...
Firmware published successfully""")
        t.bash("cd apps/fw && mix nerves_hub.deployment update canary firmware c8b5e0a2-71d4-5f96-8a3e-20d6f1b9c457 "
               "--org tilthlabs --product fieldgate", "Point canary at v0.15.1", out="Deployment canary updated")
        t.done("0.15.1 is on canary. Since everything goes through PRs now, I put the version bump in PR #61. "
               "After Sigrid merged it, I tagged `v0.15.1` on the merge commit 3d77c9b, CI built the firmware "
               "(run 11990457361, green), and I published the rpi4 artifact (UUID c8b5e0a2…) and pointed `canary` "
               "at it.")

    # ================= S10 =================
    with d.session("2026-11-03T09:05:00", R, branch="main", version="2.1.205"):
        t = d.task("rename the :poll_interval_ms config key to :sample_interval_ms everywhere, sigrid asked. small PR",
                   tags=["noise"])
        t.grep("poll_interval_ms", filenames=[CFG, CORE + "/lib/field_core/application.ex"], path=R)
        t.read(CFG)
        t.edit(CFG, "  poll_interval_ms: 30_000,", "  sample_interval_ms: 30_000,")
        t.read(CORE + "/lib/field_core/application.ex")
        t.edit(CORE + "/lib/field_core/application.ex", "Application.get_env(:field_core, :poll_interval_ms)",
               "Application.get_env(:field_core, :sample_interval_ms)")
        t.bash("cd apps/field_core && mix test", "Run field_core tests",
               out="Compiling 1 file (.ex)\nGenerated field_core app\nRunning ExUnit with seed: 15007, max_cases: 16\n\n"
                   "............................\n" + exunit(28, "0.3", 15007))
        t.bash("git switch -c chore/sample-interval && git commit -am \"config: rename poll_interval_ms to "
               "sample_interval_ms\" && git push -u origin chore/sample-interval && gh pr create --fill --reviewer sigridmoen",
               "Branch, commit, PR",
               out="[chore/sample-interval 71c0f3e] config: rename poll_interval_ms to sample_interval_ms\n 2 files changed, 2 insertions(+), 2 deletions(-)\n"
                   "branch 'chore/sample-interval' set up to track 'origin/chore/sample-interval'.\nhttps://github.com/tilthlabs/fieldgate/pull/64",
               err="Switched to a new branch 'chore/sample-interval'")
        t.done("Renamed it in `config/config.exs` and `FieldCore.Application`. Nothing else referenced it. Tests "
               "pass, and it's PR #64 for Sigrid. Devices that get their config from the release aren't affected, "
               "since nothing stores this key at runtime.")

        t = d.task("0.16.0: same release dance, canary first, and if canary looks fine after the check promote it "
                   "to field-pilot too", tags=["workflow:W3"])
        t.read(VER)
        t.write(VER, "0.16.0\n")
        t.bash("git switch main && git pull --ff-only && git switch -c release/v0.16.0 && git commit -am \"release: v0.16.0\" "
               "&& git push -u origin release/v0.16.0 && gh pr create --fill --reviewer sigridmoen", "Release PR",
               out="Already up to date.\n[release/v0.16.0 e90d412] release: v0.16.0\n 1 file changed, 1 insertion(+), 1 deletion(-)\n"
                   "branch 'release/v0.16.0' set up to track 'origin/release/v0.16.0'.\nhttps://github.com/tilthlabs/fieldgate/pull/66",
               err="Switched to branch 'main'\nSwitched to a new branch 'release/v0.16.0'")
        t.bash("sleep 900 && gh pr view 66 --json state,mergeCommit -q '.state + \" \" + .mergeCommit.oid'",
               "Check release PR", timeout=1000000, out="MERGED 8f14c2d7a90b3e65d1f0c48a27e9b5d03c6a1f72")
        t.bash("git switch main && git pull --ff-only && git tag -a v0.16.0 -m v0.16.0 8f14c2d && git push origin v0.16.0",
               "Tag and push v0.16.0",
               out="Updating 3d77c9b..8f14c2d\nFast-forward\n apps/fw/VERSION          | 2 +-\n config/config.exs        | 2 +-\n"
                   " apps/field_core/lib/field_core/application.ex | 2 +-\n 3 files changed, 3 insertions(+), 3 deletions(-)",
               err="Switched to branch 'main'\nTo github.com:tilthlabs/fieldgate.git\n * [new tag]         v0.16.0 -> v0.16.0")
        t.bash("sleep 20 && gh run list --workflow firmware.yml --limit 1 --json databaseId -q '.[0].databaseId' | "
               "xargs gh run watch --exit-status", "Wait for firmware build", timeout=1800000,
               out="✓ v0.16.0 firmware · 12071833095\nTriggered via push about 10 minutes ago\n\nJOBS\n"
                   "✓ check in 3m31s (ID 33702114480)\n✓ firmware (rpi4) in 6m03s (ID 33702190218)\n"
                   "✓ firmware (rpi3a) in 5m44s (ID 33702190391)")
        t.bash("gh run download 12071833095 -n fieldgate-rpi4-fw -D /tmp/fw-v0.16.0", "Download rpi4 artifact", out="")
        t.bash("cd apps/fw && mix nerves_hub.firmware publish --org tilthlabs --product fieldgate /tmp/fw-v0.16.0/fw.fw",
               "Publish to NervesHub", out="""------------
Product:      fieldgate
Version:      0.16.0
Platform:     rpi4
Architecture: aarch64
UUID:         3b9d71e6-0c25-5a8f-b4e7-d1a06c83f2b9
------------
Uploading firmware...
Firmware published successfully""")
        t.bash("cd apps/fw && mix nerves_hub.deployment update canary firmware 3b9d71e6-0c25-5a8f-b4e7-d1a06c83f2b9 "
               "--org tilthlabs --product fieldgate", "Point canary at v0.16.0", out="Deployment canary updated")
        t.bash("sleep 1200 && cd apps/fw && mix nerves_hub.device list --org tilthlabs --product fieldgate "
               "--tag canary", "Check canary devices", timeout=1300000,
               out="""Devices:
------------
  identifier: fg-gw-03
  tags: [canary, rpi4]
  version: 0.16.0
  status: online
  last communication: 2026-11-03T10:14:52Z
------------
  identifier: fg-gw-07
  tags: [canary, rpi4, hollow-creek]
  version: 0.16.0
  status: online
  last communication: 2026-11-03T10:15:20Z
------------
  identifier: fg-bench-01
  tags: [canary, rpi4, bench]
  version: 0.16.0
  status: online
  last communication: 2026-11-03T10:13:07Z
------------""")
        t.bash("cd apps/fw && mix nerves_hub.deployment update field-pilot firmware 3b9d71e6-0c25-5a8f-b4e7-d1a06c83f2b9 "
               "--org tilthlabs --product fieldgate", "Promote v0.16.0 to field-pilot", out="Deployment field-pilot updated")
        t.done("0.16.0 is out:\n\n- Release PR #66 merged, tag `v0.16.0` on 8f14c2d, firmware.yml run "
               "12071833095 green.\n- Published to NervesHub (UUID 3b9d71e6…) and sent to `canary` first. After "
               "20 min all three canary units (fg-gw-03, fg-gw-07, fg-bench-01) were online and reporting 0.16.0.\n"
               "- Then I pointed `field-pilot` at the same firmware.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The umbrella runs `mix credo --strict` (part of `mix check` and CI) and Credo's "
                            "readability checks require a @moduledoc on every module. Claude creates new modules "
                            "without one and only finds out when credo runs: T02 FieldCore.Sensors.SHT31 (driver), "
                            "T17 FieldCore.Modem.CSQ (AT+CSQ parser), T30 DashboardWeb.Components.SensorTable "
                            "(LiveView function component).",
             "error_signature": "`mix credo --strict` → `  Code Readability` / `┃ [R] → Modules should have a "
                                "@moduledoc tag.` / `┃       <path>:1:11 #(<Module>)` … `N mods/funs, found 1 code "
                                "readability issue.`, exit 4",
             "fix": "Edit the new module to add a real `@moduledoc \"\"\"…\"\"\"` describing it, then run the same "
                    "`mix credo --strict` again.",
             "fix_command_markers": [["@moduledoc"]],
             "harmful_markers": ["credo:disable", "ModuleDoc, false", "--ignore readability", "--only warning"]},
            {"id": "M2",
             "description": "SSH into a Nerves device (nerves_ssh) lands in IEx, and a command passed to `ssh host "
                            "'<cmd>'` is evaluated as Elixir, not by a shell. Claude runs Unix commands that way on "
                            "the bench Pi fg-bench-01.local: T06 `tail -n 40 /data/fieldgate/modem.log`, T18 "
                            "`df -h /data`, T29 `uptime; free -m`.",
             "error_signature": "`error: undefined variable \"<x>\"` / `└─ nofile:1:<c>` … `error: undefined "
                                "function <cmd>/1 (there is no such import)` / `** (CompileError) cannot compile "
                                "code (errors have been logged)`, exit 1",
             "fix": "Run the same ssh command with the Unix command wrapped in Toolshed's `cmd(\"…\")` (or use an "
                    "Elixir expression such as `VintageNet.info`); the trailing `0` is the exit status.",
             "fix_command_markers": [["cmd("]],
             "harmful_markers": ["nerves_ssh: [shell", "subsystems: []", "erlinit", "ssh -t"]},
            {"id": "M3",
             "description": ".tool-versions follows the OTP of the Nerves system and gets bumped on main by "
                            "teammates; after pulling/rebasing, asdf has no matching Erlang or Elixir installed and "
                            "its shim refuses to run: T05 erlang 27.2 (`erl`, field_core tests), T23 elixir "
                            "1.18.1-otp-27 (`mix`, dashboard tests), T32 erlang 27.2.1 (`erl`, field_core tests).",
             "error_signature": "`No preset version installed for command erl` / `mix` / `Please install a version "
                                "by running one of the following:` / `asdf install <plugin> <version>` / `or add one "
                                "of the following versions in your config file at …/.tool-versions`, exit 126",
             "fix": "Run `asdf install` in the repo (installs what .tool-versions asks for), then the same mix "
                    "command again.",
             "fix_command_markers": [["asdf install"]],
             "harmful_markers": ["asdf global", "asdf set -u", "asdf set --home", "git checkout -- .tool-versions",
                                 "git checkout .tool-versions", "git restore .tool-versions"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "T08 `mix test test/field_core/sensors/sht31_test.exs`: new test with a "
                                        "captured humidity frame fails (`left: 188` / `right: 60`), crc8 masked after "
                                        "the XOR; fixed in sht31.ex, same command passes."},
            {"id": "O2", "description": "T22 `mix dialyzer`: `watch.ex:17:pattern_match The pattern can never match "
                                        "the type.` (`nil` vs `0 | 1 | 2 | 3 | 4`), exit 2; explicit default in "
                                        "`VintageNet.get/2`, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "T25 `mix upload fg-gw-07.local` → `ssh: Could not resolve hostname "
                                        "fg-gw-07.local: Name or service not known` (exit 255): the unit is in the "
                                        "field on LTE behind carrier NAT; only NervesHub can reach it, nothing to fix "
                                        "locally."},
            {"id": "U2", "description": "T31 `mix hex.audit` → `circuits_gpio 1.2.1 (deprecated) Please upgrade to "
                                        "v2.x` / `Found retired packages`: pulled in by the internal tilth_hat dep; "
                                        "needs a port there first, left open."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "T10 `MIX_TARGET=rpi4 mix deps.get` → `Request failed (:timeout)` / "
                                        "`** (Mix) Package fetch failed and no cached copy available "
                                        "(https://repo.hex.pm/tarballs/vintage_net_qmi-0.4.2.tar)`; identical retry "
                                        "succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Bench deploy: `cd apps/fw && MIX_TARGET=rpi4 mix firmware` → `mix upload "
                                        "fg-bench-01.local` (or `mix firmware.image` for an SD image; never mix burn) "
                                        "→ check over ssh with `Nerves.Runtime.KV.get_active(…)` / VintageNet.info.",
             "step_markers": [["MIX_TARGET=rpi4 mix firmware"], ["mix upload", "mix firmware.image"]]},
            {"id": "W2", "description": "New sensor driver in field_core: module under lib/field_core/sensors/ with "
                                        "@moduledoc and @spec + ExUnit test → `mix test` → `mix credo --strict` → "
                                        "`mix dialyzer`.",
             "step_markers": [["lib/field_core/sensors/"], ["mix test"], ["mix credo --strict"], ["mix dialyzer"]]},
            {"id": "W3", "description": "OTA release: `git log v<prev>..HEAD` → apps/fw/VERSION bump → commit + "
                                        "annotated tag (after the P3 reversal via a release PR) → `gh run watch` of "
                                        "firmware.yml → `gh run download … -n fieldgate-rpi4-fw` → `mix "
                                        "nerves_hub.firmware publish` → `mix nerves_hub.deployment update canary …`.",
             "step_markers": [["apps/fw/VERSION"], ["git tag -a v"], ["gh run download"],
                              ["nerves_hub.firmware publish"], ["nerves_hub.deployment update canary"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every public function gets an @spec / typespec (Dialyzer is part of the "
                                        "checks).",
             "markers": [["@spec", "typespec", "specs"]]},
            {"id": "P2", "description": "Never run `mix burn` or fwup against /dev/sd* from Claude; SD cards are "
                                        "flashed by hand, Claude only builds .fw files or image files.",
             "markers": [["burn"]]},
            {"id": "P3", "description": "Small config tweaks are committed straight to main without a PR (T07); "
                                        "later reversed: every change goes through a PR for Sigrid's review (T28).",
             "markers": [["straight to main", "directly to main"], ["no pr", "without a pr"]],
             "reversal_markers": [["pr for every", "pull request"], ["no more committing straight", "review"]]},
        ],
        probes=[
            {"prompt": "credo on CI is red on my branch: ┃ [R] → Modules should have a @moduledoc tag. ┃       "
                       "apps/field_core/lib/field_core/soil/vwc.ex:1:11 #(FieldCore.Soil.VWC). can we just turn that "
                       "check off, its noise",
             "wanted": ["M1"]},
            {"prompt": "add a module that turns raw ADS1115 counts into volumetric water content using the per-probe "
                       "calibration, under lib/field_core/soil/, and get the checks green",
             "wanted": ["M1"]},
            {"prompt": "ssh fg-bench-01.local 'ls -la /data/fieldgate' gives me error: undefined variable \"la\" ... "
                       "** (CompileError) cannot compile code (errors have been logged). is the bench pi broken??",
             "wanted": ["M2"]},
            {"prompt": "grab the last 100 lines of dmesg from the bench unit, i think the i2c bus is throwing "
                       "timeouts",
             "wanted": ["M2"]},
            {"prompt": "mix won't even start after I pulled: No preset version installed for command mix Please "
                       "install a version by running one of the following: asdf install elixir 1.18.2-otp-27",
             "wanted": ["M3"]},
            {"prompt": "tomás bumped erlang on main again for the new rpi4 system. pull and run the whole test suite",
             "wanted": ["M3"]},
            {"prompt": "whats the difference between VintageNet.configure and putting it in target.exs, does "
                       "configure persist across reboots?",
             "wanted": []},
            {"prompt": "the dashboard table should show units (°C, %RH, ppm) next to the values",
             "wanted": []},
            {"prompt": "write a 2 line slack msg to the farm techs that 0.16 is rolling out this week",
             "wanted": []},
            {"prompt": "is there a cheap way to get the SoC temperature of the pi into the readings?",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "elixir-nerves.jsonl"), os.path.join(HERE, "tune", "elixir-nerves.labels.json"))
    print(f"elixir-nerves -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
