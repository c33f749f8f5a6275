"""elixir-phoenix: Owen Marsh, the main developer of Harbourline (berth bookings for small marinas, UK + NL).

Stack: Elixir 1.18 / OTP 27, Phoenix 1.7 with LiveView 1.0, Ecto SQL 3.12 on PostgreSQL 16, Oban 2.19,
Swoosh, gettext (en + nl, POT/PO under priv/gettext), ExUnit with the Ecto SQL sandbox, Credo --strict and
`mix format` behind a `mix lint` alias (also run by a .githooks/pre-push hook), Dialyxir, Sobelow,
releases via `mix release` (phx.gen.release Dockerfile) deployed to fly.io (harbourline-staging,
harbourline-prod), a docker-compose.release.yml for running the release image locally, GitHub + gh.

Written blind for fresh/ (see elixir-phoenix.md).

    cd bench/reflection/traces && python3 gen_elixir_phoenix.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "owen"
R = "/home/owen/code/harbourline"
MODEL = "claude-opus-4-6"
GH = "github.com:harbourline/harbourline.git"

HX = random.Random(51907)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


MIX = "mix.exs"
APP = "lib/harbourline/application.ex"
BOOKINGS = "lib/harbourline/bookings.ex"
BOOKING = "lib/harbourline/bookings/booking.ex"
BERTH = "lib/harbourline/berths/berth.ex"
PRICING = "lib/harbourline/bookings/pricing.ex"
SHOW = "lib/harbourline_web/live/booking_live/show.ex"
SHOW_TEST = "test/harbourline_web/live/booking_live_test.exs"
BOOKINGS_TEST = "test/harbourline/bookings_test.exs"
DATA_CASE = "test/support/data_case.ex"
BFIX = "test/support/fixtures/bookings_fixtures.ex"
MFIX = "test/support/fixtures/marinas_fixtures.ex"
RELEASE = "lib/harbourline/release.ex"
LISTENER = "lib/harbourline/billing/invoice_listener.ex"
BILLING = "lib/harbourline/billing.ex"
INV_LIVE = "lib/harbourline_web/live/admin/invoice_live/index.ex"
TEST_CFG = "config/test.exs"
FLY_STG = "fly.staging.toml"
COMPOSE_REL = "docker-compose.release.yml"
HOOK = ".githooks/pre-push"
ROUTER = "lib/harbourline_web/router.ex"

FILES = {
    P(MIX): """defmodule Harbourline.MixProject do
  use Mix.Project

  def project do
    [
      app: :harbourline,
      version: "0.9.0",
      elixir: "~> 1.17",
      elixirc_paths: elixirc_paths(Mix.env()),
      start_permanent: Mix.env() == :prod,
      aliases: aliases(),
      deps: deps(),
      dialyzer: [
        plt_local_path: "priv/plts",
        plt_add_apps: [:mix, :ex_unit]
      ],
      releases: [harbourline: [include_executables_for: [:unix]]]
    ]
  end

  # Configuration for the OTP application.
  #
  # Type `mix help compile.app` for more information.
  def application do
    [
      mod: {Harbourline.Application, []},
      extra_applications: [:logger, :runtime_tools, :os_mon]
    ]
  end

  # Specifies which paths to compile per environment.
  defp elixirc_paths(:test), do: ["lib", "test/support"]
  defp elixirc_paths(_), do: ["lib"]

  # Specifies your project dependencies.
  #
  # Type `mix help deps` for examples and options.
  defp deps do
    [
      {:phoenix, "~> 1.7.21"},
      {:phoenix_ecto, "~> 4.6"},
      {:ecto_sql, "~> 3.12"},
      {:postgrex, ">= 0.0.0"},
      {:phoenix_html, "~> 4.2"},
      {:phoenix_live_reload, "~> 1.5", only: :dev},
      {:phoenix_live_view, "~> 1.0.17"},
      {:floki, ">= 0.36.0", only: :test},
      {:phoenix_live_dashboard, "~> 0.8.6"},
      {:esbuild, "~> 0.9", runtime: Mix.env() == :dev},
      {:tailwind, "~> 0.3", runtime: Mix.env() == :dev},
      {:heroicons,
       github: "tailwindlabs/heroicons",
       tag: "v2.1.1",
       sparse: "optimized",
       app: false,
       compile: false,
       depth: 1},
      {:swoosh, "~> 1.19"},
      {:finch, "~> 0.19"},
      {:oban, "~> 2.19"},
      {:stripity_stripe, "~> 3.2"},
      {:telemetry_metrics, "~> 1.0"},
      {:telemetry_poller, "~> 1.0"},
      {:gettext, "~> 0.26"},
      {:jason, "~> 1.4"},
      {:dns_cluster, "~> 0.1.3"},
      {:bandit, "~> 1.6"},
      {:credo, "~> 1.7", only: [:dev, :test], runtime: false},
      {:dialyxir, "~> 1.4", only: [:dev, :test], runtime: false},
      {:sobelow, "~> 0.13", only: [:dev, :test], runtime: false}
    ]
  end

  # Aliases are shortcuts or tasks specific to the current project.
  #
  # See the documentation for `Mix` for more info on aliases.
  defp aliases do
    [
      setup: [
        "deps.get",
        "ecto.setup",
        "assets.setup",
        "assets.build",
        "cmd git config core.hooksPath .githooks"
      ],
      "ecto.setup": ["ecto.create", "ecto.migrate", "run priv/repo/seeds.exs"],
      "ecto.reset": ["ecto.drop", "ecto.setup"],
      test: ["ecto.create --quiet", "ecto.migrate --quiet", "test"],
      lint: ["format --check-formatted", "credo --strict", "gettext.extract --check-up-to-date"],
      "assets.setup": ["tailwind.install --if-missing", "esbuild.install --if-missing"],
      "assets.build": ["tailwind harbourline", "esbuild harbourline"],
      "assets.deploy": [
        "tailwind harbourline --minify",
        "esbuild harbourline --minify",
        "phx.digest"
      ]
    ]
  end
end
""",
    P(APP): """defmodule Harbourline.Application do
  # See https://hexdocs.pm/elixir/Application.html
  # for more information on OTP Applications
  @moduledoc false

  use Application

  @impl true
  def start(_type, _args) do
    children =
      [
        HarbourlineWeb.Telemetry,
        Harbourline.Repo,
        {DNSCluster, query: Application.get_env(:harbourline, :dns_cluster_query) || :ignore},
        {Phoenix.PubSub, name: Harbourline.PubSub},
        {Finch, name: Harbourline.Finch},
        {Oban, Application.fetch_env!(:harbourline, Oban)}
      ] ++ listeners() ++ [HarbourlineWeb.Endpoint]

    # See https://hexdocs.pm/elixir/Supervisor.html
    # for other strategies and supported options
    opts = [strategy: :one_for_one, name: Harbourline.Supervisor]
    Supervisor.start_link(children, opts)
  end

  # PubSub listeners are off in test (config/test.exs); tests start them when they need them.
  defp listeners do
    if Application.get_env(:harbourline, :start_listeners?, true) do
      [Harbourline.Billing.InvoiceListener]
    else
      []
    end
  end

  # Tell Phoenix to update the endpoint configuration
  # whenever the application is updated.
  @impl true
  def config_change(changed, _new, removed) do
    HarbourlineWeb.Endpoint.config_change(changed, removed)
    :ok
  end
end
""",
    P(BOOKINGS): """defmodule Harbourline.Bookings do
  @moduledoc \"\"\"
  Berth bookings: creating, confirming and cancelling stays at a marina.
  \"\"\"

  import Ecto.Query, warn: false

  alias Harbourline.Berths.Berth
  alias Harbourline.Bookings.Booking
  alias Harbourline.Bookings.Pricing
  alias Harbourline.Repo

  @topic "bookings"

  def subscribe, do: Phoenix.PubSub.subscribe(Harbourline.PubSub, @topic)

  @doc "Bookings on a berth that overlap `[from, to)` and still block it."
  def list_overlapping(%Berth{id: berth_id}, %Date{} = from, %Date{} = to) do
    Booking
    |> where([b], b.berth_id == ^berth_id and b.status in [:pending, :confirmed])
    |> where([b], b.arrives_on < ^to and b.departs_on > ^from)
    |> Repo.all()
  end

  def get_booking!(id), do: Booking |> Repo.get!(id) |> Repo.preload(berth: :marina)

  def get_booking_by_reference!(reference) do
    Booking
    |> Repo.get_by!(reference: reference)
    |> Repo.preload(berth: :marina)
  end

  def create_booking(attrs) do
    %Booking{}
    |> Booking.changeset(attrs)
    |> Repo.insert()
  end

  @doc "Price quote for a stay, shown on the booking form before the skipper commits."
  def quote(%Berth{} = berth, %Date{} = arrives_on, %Date{} = departs_on) do
    case Pricing.total_cents(berth, arrives_on, departs_on) do
      {:ok, cents} -> {:ok, %{nights: Date.diff(departs_on, arrives_on), total_cents: cents}}
      {:error, _reason} = error -> error
    end
  end

  def confirm_booking(%Booking{} = booking) do
    with {:ok, booking} <- booking |> Booking.status_changeset(:confirmed) |> Repo.update() do
      broadcast({:booking_confirmed, booking.id})
      {:ok, booking}
    end
  end

  def cancel_booking(%Booking{} = booking) do
    booking
    |> Booking.status_changeset(:cancelled)
    |> Repo.update()
  end

  defp broadcast(message), do: Phoenix.PubSub.broadcast(Harbourline.PubSub, @topic, message)
end
""",
    P(BOOKING): """defmodule Harbourline.Bookings.Booking do
  use Ecto.Schema
  import Ecto.Changeset

  alias Harbourline.Berths.Berth

  @statuses [:pending, :confirmed, :cancelled]

  schema "bookings" do
    field :reference, :string
    field :skipper_name, :string
    field :skipper_email, :string
    field :boat_name, :string
    field :boat_length_m, :decimal
    field :arrives_on, :date
    field :departs_on, :date
    field :status, Ecto.Enum, values: @statuses, default: :pending
    field :total_cents, :integer

    belongs_to :berth, Berth

    timestamps(type: :utc_datetime)
  end

  @doc false
  def changeset(booking, attrs) do
    booking
    |> cast(attrs, [
      :skipper_name,
      :skipper_email,
      :boat_name,
      :boat_length_m,
      :arrives_on,
      :departs_on,
      :berth_id
    ])
    |> validate_required([
      :skipper_name,
      :skipper_email,
      :boat_name,
      :boat_length_m,
      :arrives_on,
      :departs_on,
      :berth_id
    ])
    |> validate_format(:skipper_email, ~r/^[^\\s]+@[^\\s]+$/,
      message: "must have the @ sign and no spaces"
    )
    |> validate_number(:boat_length_m, greater_than: 0)
    |> validate_dates()
    |> put_reference()
    |> assoc_constraint(:berth)
    |> unique_constraint(:reference)
  end

  def status_changeset(booking, status) when status in @statuses do
    change(booking, status: status)
  end

  defp validate_dates(changeset) do
    arrives_on = get_field(changeset, :arrives_on)
    departs_on = get_field(changeset, :departs_on)

    if arrives_on && departs_on && Date.compare(departs_on, arrives_on) != :gt do
      add_error(changeset, :departs_on, "must be after the arrival date")
    else
      changeset
    end
  end

  defp put_reference(%{valid?: true, data: %{reference: nil}} = changeset) do
    year = Date.utc_today().year
    number = :rand.uniform(9999) |> Integer.to_string() |> String.pad_leading(4, "0")
    put_change(changeset, :reference, "HL-#{year}-#{number}")
  end

  defp put_reference(changeset), do: changeset
end
""",
    P(BERTH): """defmodule Harbourline.Berths.Berth do
  use Ecto.Schema
  import Ecto.Changeset

  schema "berths" do
    field :code, :string
    field :pontoon, :string
    field :nightly_rate_cents, :integer
    field :active, :boolean, default: true

    belongs_to :marina, Harbourline.Marinas.Marina
    has_many :bookings, Harbourline.Bookings.Booking

    timestamps(type: :utc_datetime)
  end

  @doc false
  def changeset(berth, attrs) do
    berth
    |> cast(attrs, [:code, :pontoon, :nightly_rate_cents, :active, :marina_id])
    |> validate_required([:code, :pontoon, :nightly_rate_cents, :marina_id])
    |> validate_number(:nightly_rate_cents, greater_than: 0)
    |> unique_constraint([:marina_id, :code])
  end
end
""",
    P(PRICING): """defmodule Harbourline.Bookings.Pricing do
  @moduledoc \"\"\"
  Berth prices: nightly rate, high-season surcharge (June to September) and
  the 10% discount for stays of a week or longer.
  \"\"\"

  alias Harbourline.Berths.Berth

  @high_season 6..9

  @doc "Total in cents for the nights from `arrives_on` up to (not including) `departs_on`."
  @spec total_cents(%Berth{}, Date.t(), Date.t()) :: non_neg_integer()
  def total_cents(%Berth{} = berth, %Date{} = arrives_on, %Date{} = departs_on) do
    nights = max(Date.diff(departs_on, arrives_on), 0)

    arrives_on
    |> Stream.iterate(&Date.add(&1, 1))
    |> Enum.take(nights)
    |> Enum.map(&nightly_rate(berth, &1))
    |> Enum.sum()
    |> apply_discount(nights)
  end

  @spec nightly_rate(%Berth{}, Date.t()) :: non_neg_integer()
  def nightly_rate(%Berth{nightly_rate_cents: rate}, %Date{month: month}) do
    if month in @high_season, do: div(rate * 125, 100), else: rate
  end

  defp apply_discount(total, nights) when nights >= 7, do: div(total * 90, 100)
  defp apply_discount(total, _nights), do: total
end
""",
    P(SHOW): """defmodule HarbourlineWeb.BookingLive.Show do
  use HarbourlineWeb, :live_view

  alias Harbourline.Bookings

  @impl true
  def mount(%{"reference" => reference}, _session, socket) do
    booking = Bookings.get_booking_by_reference!(reference)

    {:ok,
     socket
     |> assign(:page_title, gettext("Booking %{reference}", reference: booking.reference))
     |> assign(:booking, booking)}
  end

  @impl true
  def render(assigns) do
    ~H\"\"\"
    <.header>
      {gettext("Booking %{reference}", reference: @booking.reference)}
      <:subtitle>{@booking.berth.marina.name} · {gettext("berth")} {@booking.berth.code}</:subtitle>
    </.header>

    <.list>
      <:item title={gettext("Boat")}>{@booking.boat_name} ({@booking.boat_length_m} m)</:item>
      <:item title={gettext("Arrival")}>{Calendar.strftime(@booking.arrives_on, "%d %b %Y")}</:item>
      <:item title={gettext("Departure")}>{Calendar.strftime(@booking.departs_on, "%d %b %Y")}</:item>
      <:item title={gettext("Status")}>{status_label(@booking.status)}</:item>
    </.list>
    \"\"\"
  end

  defp status_label(:pending), do: gettext("Pending")
  defp status_label(:confirmed), do: gettext("Confirmed")
  defp status_label(:cancelled), do: gettext("Cancelled")
end
""",
    P(SHOW_TEST): """defmodule HarbourlineWeb.BookingLiveTest do
  use HarbourlineWeb.ConnCase, async: true

  import Phoenix.LiveViewTest
  import Harbourline.BookingsFixtures

  describe "Show" do
    test "shows the booking", %{conn: conn} do
      booking = booking_fixture()

      {:ok, _view, html} = live(conn, ~p"/bookings/#{booking.reference}")

      assert html =~ "Booking #{booking.reference}"
      assert html =~ "Wavelength"
    end
  end
end
""",
    P(BOOKINGS_TEST): """defmodule Harbourline.BookingsTest do
  use Harbourline.DataCase, async: true

  alias Harbourline.Bookings
  alias Harbourline.Bookings.Booking

  import Harbourline.BookingsFixtures
  import Harbourline.MarinasFixtures

  @valid_attrs %{
    skipper_name: "Grace Hopper",
    skipper_email: "grace@example.com",
    boat_name: "Cobol",
    boat_length_m: "11.2",
    arrives_on: ~D[2026-08-01],
    departs_on: ~D[2026-08-04]
  }

  describe "create_booking/1" do
    test "creates a pending booking with a reference" do
      berth = berth_fixture()

      assert {:ok, %Booking{} = booking} =
               Bookings.create_booking(Map.put(@valid_attrs, :berth_id, berth.id))

      assert booking.status == :pending
      assert booking.reference =~ ~r/^HL-2026-\\d{4}$/
    end

    test "rejects a departure before the arrival" do
      berth = berth_fixture()
      attrs = %{@valid_attrs | arrives_on: ~D[2026-08-04], departs_on: ~D[2026-08-01]}

      assert {:error, changeset} = Bookings.create_booking(Map.put(attrs, :berth_id, berth.id))
      assert "must be after the arrival date" in errors_on(changeset).departs_on
    end
  end

  describe "confirm_booking/1" do
    test "confirms the booking and broadcasts it" do
      Bookings.subscribe()
      booking = booking_fixture()
      booking_id = booking.id

      assert {:ok, %Booking{status: :confirmed}} = Bookings.confirm_booking(booking)
      assert_receive {:booking_confirmed, ^booking_id}
    end
  end

  describe "list_overlapping/3" do
    test "returns bookings that overlap the range" do
      berth = berth_fixture()
      booking = booking_fixture(%{berth: berth})

      assert [%Booking{id: id}] = Bookings.list_overlapping(berth, ~D[2026-08-12], ~D[2026-08-15])
      assert id == booking.id
      assert [] = Bookings.list_overlapping(berth, ~D[2026-08-13], ~D[2026-08-20])
    end
  end
end
""",
    P(DATA_CASE): """defmodule Harbourline.DataCase do
  @moduledoc \"\"\"
  This module defines the setup for tests requiring
  access to the application's data layer.

  You may define functions here to be used as helpers in
  your tests.

  Finally, if the test case interacts with the database,
  we enable the SQL sandbox, so changes done to the database
  are reverted at the end of every test. If you are using
  PostgreSQL, you can even run database tests asynchronously
  by setting `use Harbourline.DataCase, async: true`, although
  this option is not recommended for other databases.
  \"\"\"

  use ExUnit.CaseTemplate

  using do
    quote do
      alias Harbourline.Repo

      import Ecto
      import Ecto.Changeset
      import Ecto.Query
      import Harbourline.DataCase
    end
  end

  setup tags do
    Harbourline.DataCase.setup_sandbox(tags)
    :ok
  end

  @doc \"\"\"
  Sets up the sandbox based on the test tags.
  \"\"\"
  def setup_sandbox(tags) do
    pid = Ecto.Adapters.SQL.Sandbox.start_owner!(Harbourline.Repo, shared: not tags[:async])
    on_exit(fn -> Ecto.Adapters.SQL.Sandbox.stop_owner(pid) end)
  end

  @doc \"\"\"
  A helper that transforms changeset errors into a map of messages.

      assert {:error, changeset} = Accounts.create_user(%{password: "short"})
      assert "password is too short" in errors_on(changeset).password
      assert %{password: ["password is too short"]} = errors_on(changeset)

  \"\"\"
  def errors_on(changeset) do
    Ecto.Changeset.traverse_errors(changeset, fn {message, opts} ->
      Regex.replace(~r"%{(\\w+)}", message, fn _, key ->
        opts |> Keyword.get(String.to_existing_atom(key), key) |> to_string()
      end)
    end)
  end
end
""",
    P(BFIX): """defmodule Harbourline.BookingsFixtures do
  @moduledoc \"\"\"
  This module defines test helpers for creating
  entities via the `Harbourline.Bookings` context.
  \"\"\"

  alias Harbourline.MarinasFixtures

  @doc \"\"\"
  Generate a booking. Pass `berth: berth` to put it on a given berth.
  \"\"\"
  def booking_fixture(attrs \\\\ %{}) do
    berth = Map.get_lazy(attrs, :berth, fn -> MarinasFixtures.berth_fixture() end)

    {:ok, booking} =
      attrs
      |> Map.delete(:berth)
      |> Enum.into(%{
        skipper_name: "Ada Lovelace",
        skipper_email: "skipper#{System.unique_integer([:positive])}@example.com",
        boat_name: "Wavelength",
        boat_length_m: "9.5",
        arrives_on: ~D[2026-08-10],
        departs_on: ~D[2026-08-13],
        berth_id: berth.id
      })
      |> Harbourline.Bookings.create_booking()

    booking
  end
end
""",
    P(MFIX): """defmodule Harbourline.MarinasFixtures do
  @moduledoc \"\"\"
  This module defines test helpers for creating
  entities via the `Harbourline.Marinas` context.
  \"\"\"

  def marina_fixture(attrs \\\\ %{}) do
    {:ok, marina} =
      attrs
      |> Enum.into(%{
        name: "Marina #{System.unique_integer([:positive])}",
        slug: "marina-#{System.unique_integer([:positive])}",
        country: "NL",
        timezone: "Europe/Amsterdam"
      })
      |> Harbourline.Marinas.create_marina()

    marina
  end

  def berth_fixture(attrs \\\\ %{}) do
    marina = Map.get_lazy(attrs, :marina, fn -> marina_fixture() end)

    {:ok, berth} =
      attrs
      |> Map.delete(:marina)
      |> Enum.into(%{
        code: "A#{System.unique_integer([:positive])}",
        pontoon: "A",
        nightly_rate_cents: 3_200,
        marina_id: marina.id
      })
      |> Harbourline.Marinas.create_berth()

    berth
  end
end
""",
    P(RELEASE): """defmodule Harbourline.Release do
  @moduledoc \"\"\"
  Used for executing DB release tasks when run in production without Mix
  installed.
  \"\"\"
  @app :harbourline

  def migrate do
    load_app()

    for repo <- repos() do
      {:ok, _, _} = Ecto.Migrator.with_repo(repo, &Ecto.Migrator.run(&1, :up, all: true))
    end
  end

  def rollback(repo, version) do
    load_app()
    {:ok, _, _} = Ecto.Migrator.with_repo(repo, &Ecto.Migrator.run(&1, :down, to: version))
  end

  defp repos do
    Application.fetch_env!(@app, :ecto_repos)
  end

  defp load_app do
    # Many platforms require SSL when connecting to the database
    Application.ensure_all_started(:ssl)
    Application.ensure_loaded(@app)
  end
end
""",
    P(LISTENER): """defmodule Harbourline.Billing.InvoiceListener do
  @moduledoc \"\"\"
  Listens to booking events and keeps billing in step with them.
  \"\"\"
  use GenServer

  require Logger

  alias Harbourline.Bookings

  def start_link(opts) do
    GenServer.start_link(__MODULE__, opts, name: Keyword.get(opts, :name, __MODULE__))
  end

  @impl true
  def init(_opts) do
    :ok = Bookings.subscribe()
    {:ok, %{}}
  end

  @impl true
  def handle_info({:booking_confirmed, booking_id}, state) do
    Logger.info("booking confirmed, invoicing pending", booking_id: booking_id)
    :telemetry.execute([:harbourline, :billing, :booking_confirmed], %{count: 1}, %{
      booking_id: booking_id
    })
    {:noreply, state}
  end

  def handle_info(_message, state), do: {:noreply, state}
end
""",
    P(BILLING): """defmodule Harbourline.Billing do
  @moduledoc \"\"\"
  Invoices for stays. Stripe only sees an invoice once it is finalised.
  \"\"\"

  import Ecto.Query, warn: false

  alias Harbourline.Billing.Invoice
  alias Harbourline.Repo

  @topic "billing"

  def subscribe, do: Phoenix.PubSub.subscribe(Harbourline.PubSub, @topic)

  def get_invoice!(id), do: Repo.get!(Invoice, id)

  def finalise_invoice(%Invoice{status: :draft} = invoice) do
    invoice
    |> Invoice.changeset(%{status: :open, finalised_at: DateTime.utc_now()})
    |> Repo.update()
  end
end
""",
    P(INV_LIVE): """defmodule HarbourlineWeb.Admin.InvoiceLive.Index do
  use HarbourlineWeb, :live_view

  import Ecto.Query

  alias Harbourline.Billing.Invoice
  alias Harbourline.Repo

  @impl true
  def mount(_params, _session, socket) do
    invoices =
      Invoice
      |> where([i], i.marina_id == ^socket.assigns.current_marina.id)
      |> order_by([i], desc: i.inserted_at)
      |> limit(100)
      |> preload(:booking)
      |> Repo.all()

    {:ok,
     socket
     |> assign(:page_title, "Invoices")
     |> stream(:invoices, invoices)}
  end

  @impl true
  def render(assigns) do
    ~H\"\"\"
    <.header>Invoices</.header>

    <.table id="invoices" rows={@streams.invoices}>
      <:col :let={{_id, invoice}} label="Number">{invoice.number || "—"}</:col>
      <:col :let={{_id, invoice}} label="Booking">{invoice.booking.reference}</:col>
      <:col :let={{_id, invoice}} label="Status">{invoice.status}</:col>
      <:col :let={{_id, invoice}} label="Total">{format_cents(invoice.total_cents)}</:col>
    </.table>
    \"\"\"
  end

  defp format_cents(cents), do: :erlang.float_to_binary(cents / 100, decimals: 2)
end
""",
    P(TEST_CFG): """import Config

# Configure your database
#
# The MIX_TEST_PARTITION environment variable can be used
# to provide built-in test partitioning in CI environment.
# Run `mix help test` for more information.
config :harbourline, Harbourline.Repo,
  username: "postgres",
  password: "postgres",
  hostname: "localhost",
  database: "harbourline_test#{System.get_env("MIX_TEST_PARTITION")}",
  pool: Ecto.Adapters.SQL.Sandbox,
  pool_size: System.schedulers_online() * 2

# We don't run a server during test. If one is required,
# you can enable the server option below.
config :harbourline, HarbourlineWeb.Endpoint,
  http: [ip: {127, 0, 0, 1}, port: 4002],
  secret_key_base: "k3Jm0n7Kq4t0L9xw5cN2bYpR8sVf1eHa6uZdGiOjQyTlMrXvBnCwAsEoPhIgUzDk",
  server: false

config :harbourline, Oban, testing: :manual

# PubSub listeners (InvoiceListener) are started by the tests that need them
config :harbourline, start_listeners?: false

# In test we don't send emails
config :harbourline, Harbourline.Mailer, adapter: Swoosh.Adapters.Test

# Disable swoosh api client as it is only required for production adapters
config :swoosh, :api_client, false

# Print only warnings and errors during test
config :logger, level: :warning

# Initialize plugs at runtime for faster test compilation
config :phoenix, :plug_init_mode, :runtime

# Enable helpful, but potentially expensive runtime checks
config :phoenix_live_view,
  enable_expensive_runtime_checks: true
""",
    P(FLY_STG): """# fly.toml app configuration file generated for harbourline-staging
#
# See https://fly.io/docs/reference/configuration/ for information about how to use this file.
#

app = 'harbourline-staging'
primary_region = 'lhr'
kill_signal = 'SIGTERM'

[build]

[deploy]
  release_command = '/app/bin/migrate'

[env]
  PHX_HOST = 'harbourline-staging.fly.dev'
  PORT = '8080'

[http_service]
  internal_port = 8080
  force_https = true
  auto_stop_machines = 'stop'
  auto_start_machines = true
  min_machines_running = 1
  processes = ['app']

  [http_service.concurrency]
    type = 'connections'
    hard_limit = 1000
    soft_limit = 1000

  [[http_service.checks]]
    grace_period = '20s'
    interval = '30s'
    method = 'GET'
    timeout = '5s'
    path = '/healthz'

[[vm]]
  memory = '1gb'
  cpu_kind = 'shared'
  cpus = 1
""",
    P(COMPOSE_REL): """# Runs the production release image locally against its own Postgres.
# docker compose -f docker-compose.release.yml up -d --build
services:
  db:
    image: postgres:16-alpine
    environment:
      POSTGRES_USER: postgres
      POSTGRES_PASSWORD: postgres
      POSTGRES_DB: harbourline_release
    volumes:
      - harbourline_release_pg:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U postgres"]
      interval: 2s
      retries: 20

  mailpit:
    image: axllent/mailpit:v1.21
    ports:
      - "8025:8025"

  app:
    build: .
    image: harbourline:release-local
    depends_on:
      db:
        condition: service_healthy
    env_file: .env.release-local
    environment:
      DATABASE_URL: ecto://postgres:postgres@db/harbourline_release
      PHX_HOST: localhost
      PHX_SERVER: "true"
      SMTP_RELAY: mailpit:1025
    command: ["sh", "-c", "/app/bin/migrate && /app/bin/server"]
    ports:
      - "4040:4000"

volumes:
  harbourline_release_pg:
""",
    P(HOOK): """#!/usr/bin/env sh
# Installed by `mix setup` (git config core.hooksPath .githooks).
# Runs the same lint step as CI before anything leaves the machine.
set -e

echo "pre-push: mix lint"
if ! mix lint; then
  echo "pre-push: lint failed, push aborted" >&2
  exit 1
fi
""",
    P(ROUTER): """defmodule HarbourlineWeb.Router do
  use HarbourlineWeb, :router

  import HarbourlineWeb.UserAuth

  pipeline :browser do
    plug :accepts, ["html"]
    plug :fetch_session
    plug :fetch_live_flash
    plug :put_root_layout, html: {HarbourlineWeb.Layouts, :root}
    plug :protect_from_forgery
    plug :put_secure_browser_headers
    plug :fetch_current_user
    plug HarbourlineWeb.Plugs.Locale
  end

  pipeline :api do
    plug :accepts, ["json"]
  end

  get "/healthz", HarbourlineWeb.HealthController, :show

  scope "/", HarbourlineWeb do
    pipe_through :browser

    get "/", PageController, :home

    live_session :public, on_mount: [{HarbourlineWeb.UserAuth, :mount_current_user}] do
      live "/marinas/:slug", MarinaLive.Show, :show
      live "/marinas/:slug/book", BookingLive.New, :new
      live "/bookings/:reference", BookingLive.Show, :show
    end
  end

  scope "/admin", HarbourlineWeb.Admin, as: :admin do
    pipe_through [:browser, :require_authenticated_user, :require_harbour_staff]

    live_session :admin, on_mount: [{HarbourlineWeb.UserAuth, :ensure_harbour_staff}] do
      live "/", DashboardLive, :index
      live "/bookings", BookingLive.Index, :index
      live "/invoices", InvoiceLive.Index, :index
    end
  end

  # Enable LiveDashboard and Swoosh mailbox preview in development
  if Application.compile_env(:harbourline, :dev_routes) do
    import Phoenix.LiveDashboard.Router

    scope "/dev" do
      pipe_through :browser

      live_dashboard "/dashboard", metrics: HarbourlineWeb.Telemetry
      forward "/mailbox", Plug.Swoosh.MailboxPreview
    end
  end
end
""",
}


# ---------------------------------------------------------------- tool output helpers
SEP = "_" * 80


def line_of(d, path, needle):
    txt = d.files[P(path)]
    return txt[:txt.index(needle)].count("\n") + 1


def compiled(n):
    return f"Compiling {n} file{'s' if n != 1 else ''} (.ex)\nGenerated harbourline app"


def exunit(tests, secs, async_s, sync_s, seed, compile_n=0, failures=0, doctests=0, excluded=0,
           dots=None, blocks="", dots_after="", slowest=None):
    out = []
    if compile_n:
        out.append(compiled(compile_n))
    out.append(f"Running ExUnit with seed: {seed}, max_cases: 16")
    out.append("Excluding tags: [:stripe_live]")
    out.append("")
    body = dots if dots is not None else "." * (tests + doctests - failures)
    if blocks:
        body = body + "\n\n" + blocks.strip("\n") + "\n\n" + dots_after
    out.append(body)
    if slowest:
        out.append(slowest)
    out.append(f"Finished in {secs} seconds ({async_s}s async, {sync_s}s sync)")
    parts = []
    if doctests:
        parts.append(f"{doctests} doctests")
    parts.append(f"{tests} tests")
    parts.append(f"{failures} failure{'s' if failures != 1 else ''}")
    if excluded:
        parts.append(f"{excluded} excluded")
    out.append(", ".join(parts))
    return "\n".join(out)


def credo_ok(files, mods, secs, load):
    return f"""Checking {files} source files (this might take a while) ...

Please report incorrect results: https://github.com/rrrene/credo/issues

Analysis took {secs} seconds ({load}s to load, {round(float(secs) - float(load), 1)}s running 70 checks on {files} files)
{mods} mods/funs, found no issues.

Use `mix credo explain` to explain issues, `mix credo --help` for options."""


def lint_ok(files, mods, secs, load, ncomp):
    return credo_ok(files, mods, secs, load) + "\n" + compiled(ncomp)


def gettext_fail(pots):
    items = "\n".join(f"  * {p}" for p in pots)
    return ("** (Mix) mix gettext.extract failed due to --check-up-to-date.\n"
            "The following POT files were not extracted or are out of date:\n\n" + items)


def merged(locale_pots):
    """locale_pots: list of (pot, [(locale, new, unchanged)])"""
    out = []
    for pot, locs in locale_pots:
        out.append(f"Extracted priv/gettext/{pot}.pot")
    for pot, locs in locale_pots:
        for loc, new, same in locs:
            out.append(f"Wrote priv/gettext/{loc}/LC_MESSAGES/{pot}.po ({new} new message{'s' if new != 1 else ''}, "
                       f"0 removed, {same} unchanged, 0 reworded (fuzzy), 0 marked as obsolete)")
    return "\n".join(out)


def push_new(branch, objs, delta, kib):
    return f"""Enumerating objects: {objs + 9}, done.
Counting objects: 100% ({objs + 9}/{objs + 9}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({objs - 2}/{objs - 2}), done.
Writing objects: 100% ({objs}/{objs}), {kib} KiB | {kib} MiB/s, done.
Total {objs} (delta {delta}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% ({delta}/{delta}), completed with {delta - 1} local objects.
remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:
remote:      https://github.com/harbourline/harbourline/pull/new/{branch}
remote: 
To {GH}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def push_existing(branch, objs, delta, kib):
    return f"""Enumerating objects: {objs + 6}, done.
Counting objects: 100% ({objs + 6}/{objs + 6}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({objs - 1}/{objs - 1}), done.
Writing objects: 100% ({objs}/{objs}), {kib} KiB | {kib} MiB/s, done.
Total {objs} (delta {delta}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% ({delta}/{delta}), completed with {delta} local objects.
To {GH}
   {hx(7)}..{hx(7)}  {branch} -> {branch}"""


def hook_lint(files, mods, secs, load, ncomp):
    return "pre-push: mix lint\n" + lint_ok(files, mods, secs, load, ncomp)


def commit_out(branch, msg, files, ins, dels, created=(), sha=None):
    lines = [f"[{branch} {sha or hx(7)}] {msg}",
             f" {files} file{'s' if files != 1 else ''} changed, {ins} insertion{'s' if ins != 1 else ''}(+)"
             + (f", {dels} deletion{'s' if dels != 1 else ''}(-)" if dels else "")]
    for c in created:
        lines.append(f" create mode 100644 {c}")
    return "\n".join(lines)


def migrate_log(entries):
    """entries: list of (hms, text)"""
    return "\n\n".join(f"{hms} [info] {txt}" for hms, txt in entries)


def ssh_head(addr, machine=None, region="lhr"):
    head = ""
    if machine:
        head = f"No machine specified, using {machine} in region {region}\n"
    return head + f"Connecting to {addr}... complete"


def repo_lookup_error(fun):
    return f"""** (RuntimeError) could not lookup Ecto repo Harbourline.Repo because it was not started or it does not exist
    (ecto 3.12.5) lib/ecto/repo/registry.ex:22: Ecto.Repo.Registry.lookup/1
    (ecto 3.12.5) lib/ecto/repo/supervisor.ex:177: Ecto.Repo.Supervisor.tuplet/2
    (harbourline 0.9.0) lib/harbourline/repo.ex:2: Harbourline.Repo.{fun}
    nofile:1: (file)
    (stdlib 6.2.2) erl_eval.erl:919: :erl_eval.do_apply/7
    (elixir 1.18.4) lib/code.ex:572: Code.validated_eval_string/3"""


OWNERSHIP_BODY = """(Harbourline.Repo) using mode :manual.
(Note that a connection's mode reverts to :manual if its owner
terminates.)

When using ownership, you must manage connections in one
of the four ways:

* By explicitly checking out a connection
* By explicitly allowing a spawned process
* By running the pool in shared mode
* By using :caller option with allowed process

The first two options require every new process to explicitly
check a connection out or be allowed by calling checkout or
allow respectively.

The third option requires a {:shared, pid} mode to be set.
If using shared mode in tests, make sure your tests are not
async.

The fourth option requires [caller: pid] to be used when
checking out a connection from the pool. The caller process
should already be allowed on a connection.

If you are reading this error, it means you have not done one
of the steps above or that the owner process has crashed.

See Ecto.Adapters.SQL.Sandbox docs for more information."""


def ownership(pid_label, indent):
    pad = " " * indent
    first = f"** (DBConnection.OwnershipError) cannot find ownership process for {pid_label}"
    return first + "\n" + "\n".join((pad + l) if l else "" for l in OWNERSHIP_BODY.split("\n"))


def fly_deploy(app, version, machines, build_secs, image_id, region="lhr", migrated=None):
    m_lines = "\n".join(f" \u2714 [{i}/{len(machines)}] Machine {m} [app] update succeeded"
                        for i, m in enumerate(machines, 1))
    mig = ""
    if migrated:
        mig = "\n" + migrated
    return f"""==> Verifying app config
Validating {R}/fly.staging.toml
\u2713 Configuration is valid
--> Verified app config
==> Building image
==> Building image with Depot
--> build:  (\u200b)
[+] Building {build_secs}s (27/27) FINISHED
 => [internal] load build definition from Dockerfile                          0.1s
 => => transferring dockerfile: 3.02kB                                        0.0s
 => [internal] load metadata for docker.io/library/debian:bookworm-20250630-slim  0.6s
 => [internal] load metadata for docker.io/hexpm/elixir:1.18.4-erlang-27.3.4-debian-bookworm-20250630-slim  0.6s
 => [internal] load .dockerignore                                             0.0s
 => [builder  1/18] FROM docker.io/hexpm/elixir:1.18.4-erlang-27.3.4-debian-bookworm-20250630-slim  0.0s
 => [internal] load build context                                             0.4s
 => => transferring context: 1.21MB                                           0.4s
 => CACHED [builder  2/18] RUN apt-get update -y && apt-get install -y build-essential git  0.0s
 => CACHED [builder  3/18] WORKDIR /app                                       0.0s
 => CACHED [builder  4/18] RUN mix local.hex --force &&     mix local.rebar --force  0.0s
 => CACHED [builder  7/18] COPY mix.exs mix.lock ./                           0.0s
 => CACHED [builder  8/18] RUN mix deps.get --only prod                       0.0s
 => CACHED [builder 11/18] RUN mix deps.compile                               0.0s
 => [builder 12/18] COPY priv priv                                            0.1s
 => [builder 13/18] COPY lib lib                                              0.1s
 => [builder 14/18] COPY assets assets                                        0.1s
 => [builder 15/18] RUN mix assets.deploy                                     9.8s
 => [builder 16/18] RUN mix compile                                          21.4s
 => [builder 17/18] COPY rel rel                                              0.0s
 => [builder 18/18] RUN mix release                                           6.2s
 => CACHED [stage-1 5/6] WORKDIR /app                                         0.0s
 => [stage-1 6/6] COPY --from=builder --chown=nobody:root /app/_build/prod/rel/harbourline ./  0.4s
 => exporting to image                                                        1.9s
 => => exporting layers                                                       1.8s
 => => writing image sha256:{hx(64)}  0.0s
 => => naming to registry.fly.io/{app}:deployment-{image_id}  0.0s
--> Build Summary:  (\u200b)
--> Building image done
image: registry.fly.io/{app}:deployment-{image_id}
image size: 51 MB

Watch your deployment at https://fly.io/apps/{app}/monitoring

Running {app} release_command: /app/bin/migrate

-------
 \u2714 release_command {hx(14)} completed successfully
-------{mig}
Updating existing machines in '{app}' with rolling strategy

-------
{m_lines}
-------
Checking DNS configuration for {app}.fly.dev

Visit your newly deployed app at https://{app}.fly.dev/"""


def fly_status(app, version, machines, image_id, when):
    rows = "\n".join(f"app    \t{m}\t{version}     \tlhr   \tstarted\t    \t1 total, 1 passing\t{when[i]}"
                     for i, m in enumerate(machines))
    return f"""App
  Name     = {app}
  Owner    = harbourline
  Hostname = {app}.fly.dev
  Image    = {app}:deployment-{image_id}

Machines
PROCESS\tID            \tVERSION\tREGION\tSTATE  \tROLE\tCHECKS            \tLAST UPDATED
{rows}"""


def healthz(sha, version):
    return f'{{"status":"ok","version":"{version}","git_sha":"{sha}","db":"ok","oban":"ok"}}'


def dialyzer_head(modules_checked):
    return f"""Finding suitable PLTs
Checking PLT...
[:asn1, :bandit, :castore, :compiler, :crypto, :db_connection, :decimal, :dns_cluster, :ecto, :ecto_sql, :eex,
 :elixir, :ex_unit, :expo, :finch, :gettext, :hpax, :jason, :kernel, :logger, :mime, :mint, :mix, :nimble_options,
 :nimble_pool, :oban, :os_mon, :phoenix, :phoenix_ecto, :phoenix_html, :phoenix_live_dashboard,
 :phoenix_live_view, :phoenix_pubsub, :phoenix_template, :plug, :plug_crypto, :postgrex, :public_key,
 :runtime_tools, :ssl, :stdlib, :stripity_stripe, :swoosh, :telemetry, :telemetry_metrics, :telemetry_poller,
 :thousand_island, :uri_query, :websock, :websock_adapter]
Looking up modules in dialyxir_erlang-27.3.4_elixir-1.18.4_deps-dev.plt
Finding applications for dialyxir_erlang-27.3.4_elixir-1.18.4_deps-dev.plt
Finding modules for dialyxir_erlang-27.3.4_elixir-1.18.4_deps-dev.plt
Checking {modules_checked} modules in dialyxir_erlang-27.3.4_elixir-1.18.4_deps-dev.plt
Adding 41 modules to dialyxir_erlang-27.3.4_elixir-1.18.4_deps-dev.plt
done in 0m4.87s
No :ignore_warnings opt specified in mix.exs and default does not exist.

Starting Dialyzer
[
  check_plt: false,
  init_plt: ~c"{R}/priv/plts/dialyxir_erlang-27.3.4_elixir-1.18.4_deps-dev.plt",
  files: [~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Application.beam",
   ~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Berths.Berth.beam",
   ~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Berths.HoldReaper.beam",
   ~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Billing.beam",
   ~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Billing.Invoice.beam",
   ~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Billing.InvoiceListener.beam",
   ~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Bookings.beam",
   ~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Bookings.Booking.beam",
   ~c"{R}/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Bookings.Pricing.beam", ...],
  warnings: [:unknown]
]"""


# ---------------------------------------------------------------- the month
SEED_FULL = "Excluding tags: [:stripe_live]"


def gen():
    d = Dev("elixir-phoenix", U, "en", MODEL, seed=20260706, files=FILES)

    # ============================================================ S1  Mon 07-06
    with d.session("2026-07-06T09:05:00", R, branch="main", version="2.1.90"):
        t = d.task("morning. I'm back from two weeks off and Priti merged a lot while I was away. give me a quick "
                   "tour of how bookings work in harbourline right now — context, schema, where the pricing lives",
                   tags=["noise"])
        t.glob("lib/harbourline/**/*.ex", [P(x) for x in [
            APP, "lib/harbourline/berths/berth.ex", "lib/harbourline/billing.ex",
            "lib/harbourline/billing/invoice.ex", LISTENER, BOOKINGS, BOOKING, PRICING,
            "lib/harbourline/mailer.ex", "lib/harbourline/marinas.ex", "lib/harbourline/marinas/marina.ex",
            RELEASE, "lib/harbourline/repo.ex", "lib/harbourline/workers/booking_confirmation_email.ex"]])
        t.read(P(BOOKINGS))
        t.read(P(BOOKING))
        t.read(P(PRICING))
        t.done("""Quick tour of the booking side:

**Context — `Harbourline.Bookings`** (`lib/harbourline/bookings.ex`)
- `create_booking/1` inserts a `:pending` booking through `Booking.changeset/2`.
- `confirm_booking/1` flips it to `:confirmed` and broadcasts `{:booking_confirmed, id}` on the `"bookings"` PubSub topic (the `Billing.InvoiceListener` subscribes to it, currently only logging + a telemetry event).
- `cancel_booking/1`, `get_booking!/1`, `get_booking_by_reference!/1` (both preload `berth: :marina`).
- `list_overlapping/3` — bookings on a berth that overlap a date range and still block it (`:pending`/`:confirmed`).
- `quote/3` — price preview for the booking form, delegating to `Pricing`.

**Schema — `Bookings.Booking`**: skipper name/email, boat name + `boat_length_m` (decimal), `arrives_on`/`departs_on` (dates, departure exclusive), `status` as `Ecto.Enum` (`:pending | :confirmed | :cancelled`), `total_cents`, `belongs_to :berth`. The changeset validates the e-mail format, a positive boat length, departure after arrival, and generates a reference like `HL-2026-0412`.

**Pricing — `Bookings.Pricing`**: `total_cents/3` sums `nightly_rate/2` per night — berth rate, +25% from June to September — and takes 10% off stays of 7+ nights. Integer cents throughout.

Other pieces you'll bump into: `Harbourline.Marinas` (marinas + berths), `Billing` (invoices, Stripe only after finalising), and an Oban worker for the confirmation e-mail.""")

        t = d.task("what went in while I was out? last few weeks of main is enough", tags=["noise", "long_output"])
        log = "\n".join(f"{hx(7)} {m}" for m in [
            "Merge pull request #54 from harbourline/priti/pricing-cents",
            "refactor(pricing): total_cents returns an integer, no more tuples",
            "test(pricing): high season boundaries",
            "Merge pull request #53 from harbourline/priti/marina-photos",
            "feat(marinas): photo import from the old CMS export",
            "fix(marinas): keep photo order stable on re-import",
            "Merge pull request #52 from harbourline/dependabot/hex/oban-2.19.4",
            "chore(deps): bump oban from 2.19.2 to 2.19.4",
            "Merge pull request #51 from harbourline/priti/nl-copy",
            "i18n(nl): translate booking form and confirmation page",
            "chore(gettext): extract",
            "Merge pull request #50 from harbourline/priti/invoice-admin",
            "feat(admin): invoices list for harbour staff",
            "feat(billing): InvoiceListener subscribes to booking events",
            "fix(bookings): departure must be after arrival",
            "Merge pull request #49 from harbourline/dependabot/hex/phoenix_live_view-1.0.17",
            "chore(deps): bump phoenix_live_view from 1.0.14 to 1.0.17",
            "ci: run mix lint as its own job",
            "chore: pre-push hook runs mix lint",
            "Merge pull request #48 from harbourline/owen/healthz",
            "feat: /healthz with db + oban checks for fly",
            "fix(release): migrate before boot in release_command",
            "Merge pull request #47 from harbourline/owen/booking-reference",
            "feat(bookings): human readable references HL-YYYY-NNNN",
            "test: move fixtures to test/support/fixtures",
            "chore(deps): mix deps.update --all (patch releases)",
            "feat(marinas): timezone per marina",
            "docs: README local setup with docker compose postgres"])
        t.bash("git log --oneline -28", "Recent commits on main", out=log)
        t.done("""Highlights from the last ~4 weeks on main:

- **Pricing** (#54, Priti): `Pricing.total_cents/3` now returns a plain integer instead of `{:ok, cents}`; high-season boundary tests added.
- **Marinas** (#53): photo import from the old CMS export, stable ordering on re-import.
- **Dutch copy** (#51): booking form and confirmation page translated; gettext re-extracted.
- **Admin invoices** (#50): an invoices list for harbour staff, and `Billing.InvoiceListener` subscribing to booking events (it only logs for now).
- **Tooling**: `mix lint` runs as its own CI job and as a pre-push hook; Oban 2.19.4 and LiveView 1.0.17 bumps.
- From before you left: `/healthz`, migrations in the fly `release_command`, `HL-YYYY-NNNN` references, fixtures moved to `test/support/fixtures`.

One thing worth a look: after the `total_cents` change in #54, `Bookings.quote/3` still pattern-matches `{:ok, cents}` on its result. I haven't run anything, but that call site looks stale.""")

        t = d.task("conceptual question, no code: for the booking page, should I load the booking in mount or in "
                   "handle_params? Priti does it both ways", tags=["noise", "no_tools"])
        t.done("""Rule of thumb:

- **`handle_params/3`** when what you load depends on the URL *and* the URL can change without remounting — `push_patch`, pagination, filters, tabs, switching between bookings inside the same LiveView. It runs after `mount` on the first render and again on every patch.
- **`mount/3`** for things that are fixed for the lifetime of the LiveView: subscriptions, the current marina/user, and data keyed by a path param that never changes in place.

For `BookingLive.Show` the reference comes from the path and you never patch to a different booking, so `mount` is fine (and that's what it does now). If you ever add tabs like `?tab=invoice`, load the booking in `mount` and the tab-specific bits in `handle_params`.

Either way, keep in mind both run twice on a full page load (static render, then connected), so expensive work or subscriptions belong behind `connected?(socket)`.""")

    # ============================================================ S2  Wed 07-08
    with d.session("2026-07-08T10:10:00", R, branch="feat/berth-holds", version="2.1.91"):
        t = d.task("first feature: berth holds. when a skipper starts checkout we hold the berth for 15 minutes so "
                   "nobody else books it meanwhile. add a :held status and hold_expires_at on bookings, and "
                   "Bookings.hold_berth that creates the held booking and refuses a berth someone else holds. the new "
                   "column is :utc_datetime_usec — we don't add naive datetimes to this schema anymore. tests for the "
                   "context function", tags=["workflow:W1", "pref:P2"])
        mig1 = "priv/repo/migrations/20260708101412_add_hold_expires_at_to_bookings.exs"
        t.bash("mix ecto.gen.migration add_hold_expires_at_to_bookings", "Generate the migration",
               out=f"* creating {mig1}")
        d.files[P(mig1)] = """defmodule Harbourline.Repo.Migrations.AddHoldExpiresAtToBookings do
  use Ecto.Migration

  def change do

  end
end
"""
        t.read(P(mig1))
        t.edit(P(mig1), """  def change do

  end""", """  def change do
    alter table(:bookings) do
      add :hold_expires_at, :utc_datetime_usec
    end

    create index(:bookings, [:hold_expires_at], where: "status = 'held'")
  end""")
        t.read(P(BOOKING))
        t.edit(P(BOOKING), """  @statuses [:pending, :confirmed, :cancelled]""",
               """  @statuses [:pending, :held, :confirmed, :cancelled]""")
        t.edit(P(BOOKING), """    field :total_cents, :integer
""", """    field :total_cents, :integer
    field :hold_expires_at, :utc_datetime_usec
""")
        t.edit(P(BOOKING), """  def status_changeset(booking, status) when status in @statuses do""",
               """  @doc "Turns a new booking changeset into a hold that runs out at `expires_at`."
  def hold_changeset(changeset, %DateTime{} = expires_at) do
    changeset
    |> put_change(:status, :held)
    |> put_change(:hold_expires_at, expires_at)
  end

  def status_changeset(booking, status) when status in @statuses do""")
        t.read(P(BOOKINGS))
        t.edit(P(BOOKINGS), """  @topic "bookings"

  def subscribe, do: Phoenix.PubSub.subscribe(Harbourline.PubSub, @topic)

  @doc "Bookings on a berth that overlap `[from, to)` and still block it."
  def list_overlapping(%Berth{id: berth_id}, %Date{} = from, %Date{} = to) do
    Booking
    |> where([b], b.berth_id == ^berth_id and b.status in [:pending, :confirmed])
    |> where([b], b.arrives_on < ^to and b.departs_on > ^from)
    |> Repo.all()
  end
""", """  @topic "bookings"
  @hold_minutes 15

  def subscribe, do: Phoenix.PubSub.subscribe(Harbourline.PubSub, @topic)

  @doc "Bookings on a berth that overlap `[from, to)` and still block it at `now`."
  def list_overlapping(
        %Berth{id: berth_id},
        %Date{} = from,
        %Date{} = to,
        now \\\\ DateTime.utc_now()
      ) do
    Booking
    |> where([b], b.berth_id == ^berth_id)
    |> where(
      [b],
      b.status in [:pending, :confirmed] or (b.status == :held and b.hold_expires_at > ^now)
    )
    |> where([b], b.arrives_on < ^to and b.departs_on > ^from)
    |> Repo.all()
  end

  @doc \"\"\"
  Holds `berth` for the stay in `attrs` for #{@hold_minutes} minutes while the skipper checks out.

  Returns `{:error, :berth_taken}` when another booking or a running hold blocks the dates.
  \"\"\"
  def hold_berth(%Berth{} = berth, attrs, now \\\\ DateTime.utc_now()) do
    changeset =
      %Booking{}
      |> Booking.changeset(Map.put(attrs, :berth_id, berth.id))
      |> Booking.hold_changeset(DateTime.add(now, @hold_minutes, :minute))

    with %Ecto.Changeset{valid?: true} <- changeset,
         arrives_on = Ecto.Changeset.get_field(changeset, :arrives_on),
         departs_on = Ecto.Changeset.get_field(changeset, :departs_on),
         [] <- list_overlapping(berth, arrives_on, departs_on, now) do
      Repo.insert(changeset)
    else
      %Ecto.Changeset{} = invalid -> {:error, invalid}
      [_ | _] -> {:error, :berth_taken}
    end
  end
""")
        t.read(P(BOOKINGS_TEST))
        t.edit(P(BOOKINGS_TEST), """  describe "list_overlapping/3" do""", """  describe "hold_berth/3" do
    @now ~U[2026-07-08 10:00:00.000000Z]

    test "holds the berth for 15 minutes" do
      berth = berth_fixture()

      assert {:ok, %Booking{status: :held} = booking} =
               Bookings.hold_berth(berth, @valid_attrs, @now)
      assert booking.hold_expires_at == ~U[2026-07-08 10:15:00.000000Z]
    end

    test "refuses a berth another skipper is holding" do
      berth = berth_fixture()
      {:ok, _} = Bookings.hold_berth(berth, @valid_attrs, @now)

      assert {:error, :berth_taken} =
               Bookings.hold_berth(berth, @valid_attrs, DateTime.add(@now, 5, :minute))
    end

    test "an expired hold no longer blocks the berth" do
      berth = berth_fixture()
      {:ok, _} = Bookings.hold_berth(berth, @valid_attrs, @now)

      assert {:ok, %Booking{status: :held}} =
               Bookings.hold_berth(berth, @valid_attrs, DateTime.add(@now, 16, :minute))
    end
  end

  describe "list_overlapping/3" do""")
        t.bash("mix ecto.migrate", "Run the migration on the dev database", out=compiled(3) + "\n\n" + migrate_log([
            ("10:19:44.031", "== Running 20260708101412 Harbourline.Repo.Migrations.AddHoldExpiresAtToBookings.change/0 forward"),
            ("10:19:44.033", "alter table bookings"),
            ("10:19:44.036", "create index bookings_hold_expires_at_index"),
            ("10:19:44.038", "== Migrated 20260708101412 in 0.0s")]))
        t.bash("mix test test/harbourline/bookings_test.exs", "Run the bookings context tests",
               out=exunit(7, "0.2", "0.2", "0.00", 412907, compile_n=2), timeout=300000)
        t.done("""Berth holds are in:

- **Migration** `20260708101412_add_hold_expires_at_to_bookings`: `hold_expires_at :utc_datetime_usec` plus a partial index on it (`WHERE status = 'held'`) for the sweeps we'll need.
- **`Booking`**: `:held` added to the status enum, the new field (also `:utc_datetime_usec`), and `hold_changeset/2`.
- **`Bookings.hold_berth/3`** (`berth, attrs, now \\\\ DateTime.utc_now()`): builds the booking, marks it held until `now + 15 min`, and returns `{:error, :berth_taken}` if anything blocks the dates. `list_overlapping` now counts a hold as blocking only while it hasn't expired, so an abandoned checkout frees the berth without anyone cleaning up.
- **Tests**: held for 15 minutes, refused while someone else holds it, allowed again after expiry (the `now` argument keeps them deterministic).

Migrated locally; `bookings_test.exs` is green (7 tests). Nothing releases expired holds in the database yet — they just stop counting. Something should flip them to `:cancelled` eventually; say if you want that now.""")

        t = d.task("now the booking page: while the booking is held, show how many minutes are left on the hold, "
                   "and once it runs out put up a flash and send them back to the marina page. the LiveView only "
                   "talks to the Bookings context — no Repo calls in there. then the usual before review: lint, full "
                   "suite, push, open the PR", tags=["pref:P1", "mistake:M1", "workflow:W2", "long_output"])
        t.read(P(SHOW))
        t.edit(P(SHOW), """  alias Harbourline.Bookings

  @impl true
  def mount(%{"reference" => reference}, _session, socket) do
    booking = Bookings.get_booking_by_reference!(reference)

    {:ok,
     socket
     |> assign(:page_title, gettext("Booking %{reference}", reference: booking.reference))
     |> assign(:booking, booking)}
  end
""", """  alias Harbourline.Bookings

  @tick_ms 30_000

  @impl true
  def mount(%{"reference" => reference}, _session, socket) do
    booking = Bookings.get_booking_by_reference!(reference)
    now = DateTime.utc_now()

    socket =
      socket
      |> assign(:page_title, gettext("Booking %{reference}", reference: booking.reference))
      |> assign(:booking, booking)
      |> assign_hold(now)

    cond do
      hold_expired?(booking, now) ->
        {:ok, expire_hold(socket)}

      connected?(socket) and booking.status == :held ->
        Process.send_after(self(), :tick, @tick_ms)
        {:ok, socket}

      true ->
        {:ok, socket}
    end
  end

  @impl true
  def handle_info(:tick, socket) do
    booking = Bookings.get_booking!(socket.assigns.booking.id)
    now = DateTime.utc_now()
    socket = socket |> assign(:booking, booking) |> assign_hold(now)

    cond do
      hold_expired?(booking, now) ->
        {:noreply, expire_hold(socket)}

      booking.status == :held ->
        Process.send_after(self(), :tick, @tick_ms)
        {:noreply, socket}

      true ->
        {:noreply, socket}
    end
  end
""")
        t.edit(P(SHOW), """    </.header>

    <.list>""", """    </.header>

    <div :if={@minutes_left} id="hold-banner" class="mb-6 rounded-md bg-amber-50 p-3 text-sm text-amber-800">
      {gettext("Berth %{code} is held for you for %{minutes} more minutes. Confirm to keep it.",
        code: @booking.berth.code,
        minutes: @minutes_left
      )}
    </div>

    <.list>""")
        t.edit(P(SHOW), """  defp status_label(:pending), do: gettext("Pending")
  defp status_label(:confirmed), do: gettext("Confirmed")
  defp status_label(:cancelled), do: gettext("Cancelled")
end""", """  defp status_label(:pending), do: gettext("Pending")
  defp status_label(:held), do: gettext("Held")
  defp status_label(:confirmed), do: gettext("Confirmed")
  defp status_label(:cancelled), do: gettext("Cancelled")

  defp assign_hold(socket, now) do
    case socket.assigns.booking do
      %{status: :held, hold_expires_at: expires_at} ->
        assign(socket, :minutes_left, max(DateTime.diff(expires_at, now, :minute), 1))

      _ ->
        assign(socket, :minutes_left, nil)
    end
  end

  defp hold_expired?(%{status: :held, hold_expires_at: expires_at}, now),
    do: DateTime.compare(expires_at, now) != :gt

  defp hold_expired?(_booking, _now), do: false

  defp expire_hold(socket) do
    %{berth: berth} = socket.assigns.booking

    socket
    |> put_flash(
      :error,
      gettext("Your hold on berth %{code} has expired and the berth has been released.",
        code: berth.code
      )
    )
    |> push_navigate(to: ~p"/marinas/#{berth.marina.slug}")
  end
end""")
        t.read(P(SHOW_TEST))
        t.edit(P(SHOW_TEST), """  import Phoenix.LiveViewTest
  import Harbourline.BookingsFixtures

  describe "Show" do""", """  import Phoenix.LiveViewTest
  import Harbourline.BookingsFixtures
  import Harbourline.MarinasFixtures

  alias Harbourline.Bookings

  @hold_attrs %{
    skipper_name: "Ada Lovelace",
    skipper_email: "ada@example.com",
    boat_name: "Wavelength",
    boat_length_m: "9.5",
    arrives_on: ~D[2026-08-10],
    departs_on: ~D[2026-08-13]
  }

  describe "Show" do""")
        t.edit(P(SHOW_TEST), """      assert html =~ "Wavelength"
    end
  end
end""", """      assert html =~ "Wavelength"
    end

    test "a held booking shows the time left on the hold", %{conn: conn} do
      {:ok, booking} = Bookings.hold_berth(berth_fixture(), @hold_attrs)

      {:ok, view, _html} = live(conn, ~p"/bookings/#{booking.reference}")

      assert has_element?(view, "#hold-banner", "is held for you for")
    end

    test "an expired hold sends the skipper back to the marina", %{conn: conn} do
      twenty_minutes_ago = DateTime.add(DateTime.utc_now(), -20, :minute)
      {:ok, booking} = Bookings.hold_berth(berth_fixture(), @hold_attrs, twenty_minutes_ago)
      booking = Bookings.get_booking!(booking.id)

      assert {:error, {:live_redirect, %{to: to, flash: flash}}} =
               live(conn, ~p"/bookings/#{booking.reference}")

      assert to == ~p"/marinas/#{booking.berth.marina.slug}"
      assert flash["error"] =~ "has expired"
    end
  end
end""")
        t.bash("mix test test/harbourline_web/live/booking_live_test.exs", "Run the booking LiveView tests",
               out=exunit(3, "0.3", "0.3", "0.00", 88214, compile_n=1), timeout=300000)
        credo1 = credo_ok(211, 1187, "2.4", "0.1")
        t.fail("mix lint", "Run format check, credo and the gettext check", credo1 + "\n" + compiled(96) + "\n" +
               gettext_fail(["priv/gettext/default.pot"]), timeout=300000)
        t.say("Format and Credo are clean; the gettext check fails because the three new strings on the booking "
              "page (the hold banner, the expiry flash and the \"Held\" status) aren't in `default.pot` yet. "
              "Extracting and merging them into the en/nl PO files.")
        t.bash("mix gettext.extract --merge", "Extract new gettext messages and merge them into the PO files",
               out=compiled(96) + "\n" + merged([("default", [("en", 3, 87), ("nl", 3, 87)])]), timeout=300000)
        t.bash("git status --short", "See what the extraction changed", out="""M  lib/harbourline/bookings.ex
M  lib/harbourline/bookings/booking.ex
 M lib/harbourline_web/live/booking_live/show.ex
 M priv/gettext/default.pot
 M priv/gettext/en/LC_MESSAGES/default.po
 M priv/gettext/nl/LC_MESSAGES/default.po
?? priv/repo/migrations/20260708101412_add_hold_expires_at_to_bookings.exs
 M test/harbourline/bookings_test.exs
 M test/harbourline_web/live/booking_live_test.exs""")
        t.bash("mix lint", "Run format check, credo and the gettext check again",
               out=lint_ok(211, 1187, "2.3", "0.1", 96), timeout=300000)
        full1 = exunit(394, "6.1", "5.2", "0.9", 301556, doctests=2, excluded=4)
        t.bash("mix test", "Run the full test suite", out=full1, timeout=600000)
        t.bash("git add -A && git commit -m \"feat(bookings): 15-minute berth holds with a countdown on the booking page\"",
               "Commit the berth hold work",
               out=commit_out("feat/berth-holds", "feat(bookings): 15-minute berth holds with a countdown on the booking page",
                              9, 212, 14, created=["priv/repo/migrations/20260708101412_add_hold_expires_at_to_bookings.exs"]))
        t.bash("git push -u origin feat/berth-holds", "Push the branch (pre-push hook runs mix lint)",
               out=hook_lint(211, 1187, "2.5", "0.1", 96), err=push_new("feat/berth-holds", 23, 14, "4.87"),
               timeout=300000)
        t.bash("gh pr create --base main --title \"Berth holds: 15-minute hold during checkout\" --body \"$(cat <<'EOF'\n"
               "## What\n- \\`:held\\` booking status + \\`hold_expires_at\\` (utc_datetime_usec)\n"
               "- \\`Bookings.hold_berth/3\\`: holds a berth for 15 minutes, refuses it while someone else holds it\n"
               "- Booking page shows the minutes left and sends the skipper back to the marina when the hold runs out\n\n"
               "## Notes\n- Expired holds stop blocking the berth immediately; nothing flips them to cancelled yet\n"
               "- nl msgstr for the 3 new messages are empty (falls back to English) — Femke\nEOF\n)\"",
               "Open the pull request",
               out="https://github.com/harbourline/harbourline/pull/57",
               err="\nCreating pull request for feat/berth-holds into main in harbourline/harbourline\n")
        t.done("""PR is up: https://github.com/harbourline/harbourline/pull/57

**Booking page** (`BookingLive.Show`)
- While the booking is `:held`, a banner shows "Berth A12 is held for you for N more minutes. Confirm to keep it." The LiveView re-fetches the booking through `Bookings.get_booking!/1` every 30 s (connected only), so a confirmation elsewhere stops the countdown.
- When the hold has run out — on mount or on a tick — it puts an error flash and `push_navigate`s to the marina page.
- Data access stays in the `Bookings` context; the LiveView has no Repo or query code.
- Tests: held booking shows the banner; an expired hold redirects with the flash.

**Checks**
- `mix lint` failed at first on the gettext check: the 3 new strings weren't in `default.pot`. `mix gettext.extract --merge` added them to the POT and the en/nl PO files; lint is clean now.
- Full suite: 2 doctests, 394 tests, 0 failures (4 `stripe_live` excluded).
- Committed and pushed `feat/berth-holds` (the pre-push lint passed).

The Dutch `msgstr`s for the three new messages are empty, so nl users see English until Femke fills them in — I mentioned it in the PR.""")

    # ============================================================ S3  Fri 07-10
    with d.session("2026-07-10T09:30:00", R, branch="feat/berth-holds", version="2.1.92"):
        t = d.task("expired holds should actually be released in the db even when nobody has the page open. write "
                   "a small GenServer, Harbourline.Berths.HoldReaper, that sweeps every minute and cancels held "
                   "bookings past hold_expires_at; start it from the application. for the tests use the fixture "
                   "modules we already have (BookingsFixtures / MarinasFixtures) — I don't want ExMachina pulled in "
                   "just for this", tags=["pref:P3", "mistake:M2"])
        t.read(P(APP))
        t.read(P(BOOKINGS))
        t.edit(P(BOOKINGS), """  def confirm_booking(%Booking{} = booking) do""", """  @doc "Cancels held bookings whose hold ran out at or before `now`; returns how many."
  def release_expired_holds(%DateTime{} = now) do
    {count, _} =
      Booking
      |> where([b], b.status == :held and b.hold_expires_at <= ^now)
      |> Repo.update_all(set: [status: :cancelled, updated_at: DateTime.truncate(now, :second)])

    count
  end

  def confirm_booking(%Booking{} = booking) do""")
        REAPER = "lib/harbourline/berths/hold_reaper.ex"
        t.write(P(REAPER), """defmodule Harbourline.Berths.HoldReaper do
  @moduledoc \"\"\"
  Releases berth holds that ran out.

  A hold (`status: :held`) stops blocking its berth as soon as `hold_expires_at`
  has passed, because `Bookings.list_overlapping/4` ignores expired holds. The
  row itself stays `:held` though, which is confusing on the admin screens and
  in exports. This process sweeps them: every `:interval` milliseconds (one
  minute by default) it cancels held bookings whose hold has expired.

  Options:

    * `:interval` - milliseconds between sweeps, or `:manual` to switch the
      timer off and drive sweeps with `sweep/1` (config/test.exs does this)
    * `:name` - registered name, defaults to the module; `nil` for none

  The sweep is one `UPDATE`, so it is safe to run on every node of the
  cluster at the same time; the worst case is two nodes cancelling the same
  rows, which is a no-op for the second one.
  \"\"\"
  use GenServer

  require Logger

  alias Harbourline.Bookings

  @default_interval :timer.minutes(1)

  def start_link(opts) do
    {name, opts} = Keyword.pop(opts, :name, __MODULE__)
    gen_opts = if name, do: [name: name], else: []
    GenServer.start_link(__MODULE__, opts, gen_opts)
  end

  @doc "Runs a sweep now and returns how many holds were released."
  def sweep(server \\\\ __MODULE__), do: GenServer.call(server, :sweep)

  @impl true
  def init(opts) do
    state = %{interval: Keyword.get(opts, :interval, @default_interval)}
    schedule(state)
    {:ok, state}
  end

  @impl true
  def handle_call(:sweep, _from, state), do: {:reply, do_sweep(), state}

  @impl true
  def handle_info(:sweep, state) do
    do_sweep()
    schedule(state)
    {:noreply, state}
  end

  defp do_sweep do
    count = Bookings.release_expired_holds(DateTime.utc_now())
    if count > 0, do: Logger.info("released #{count} expired berth hold(s)")
    count
  end

  defp schedule(%{interval: :manual}), do: :ok
  defp schedule(%{interval: ms}), do: Process.send_after(self(), :sweep, ms)
end
""")
        t.edit(P(APP), """        {Oban, Application.fetch_env!(:harbourline, Oban)}
      ] ++ listeners() ++ [HarbourlineWeb.Endpoint]""", """        {Oban, Application.fetch_env!(:harbourline, Oban)},
        {Harbourline.Berths.HoldReaper,
         Application.get_env(:harbourline, Harbourline.Berths.HoldReaper, [])}
      ] ++ listeners() ++ [HarbourlineWeb.Endpoint]""")
        t.read(P(TEST_CFG))
        t.edit(P(TEST_CFG), """config :harbourline, Oban, testing: :manual
""", """config :harbourline, Oban, testing: :manual

# No timer in tests; HoldReaperTest drives sweeps itself
config :harbourline, Harbourline.Berths.HoldReaper, interval: :manual
""")
        RT = "test/harbourline/berths/hold_reaper_test.exs"
        t.write(P(RT), """defmodule Harbourline.Berths.HoldReaperTest do
  use Harbourline.DataCase, async: true

  import Harbourline.MarinasFixtures

  alias Harbourline.Berths.HoldReaper
  alias Harbourline.Bookings

  @attrs %{
    skipper_name: "Ada Lovelace",
    skipper_email: "ada@example.com",
    boat_name: "Wavelength",
    boat_length_m: "9.5",
    arrives_on: ~D[2026-08-10],
    departs_on: ~D[2026-08-13]
  }

  setup do
    %{reaper: start_supervised!({HoldReaper, name: nil, interval: :manual})}
  end

  test "sweep releases holds that have expired", %{reaper: reaper} do
    an_hour_ago = DateTime.add(DateTime.utc_now(), -60, :minute)
    {:ok, expired} = Bookings.hold_berth(berth_fixture(), @attrs, an_hour_ago)

    assert HoldReaper.sweep(reaper) == 1
    assert Bookings.get_booking!(expired.id).status == :cancelled
  end

  test "sweep leaves running holds alone", %{reaper: reaper} do
    {:ok, held} = Bookings.hold_berth(berth_fixture(), @attrs)

    assert HoldReaper.sweep(reaper) == 0
    assert Bookings.get_booking!(held.id).status == :held
  end
end
""")
        rel_line = line_of(d, BOOKINGS, "Repo.update_all(set: [status: :cancelled")
        sweep_line = line_of(d, REAPER, "count = Bookings.release_expired_holds")
        hc_line = line_of(d, REAPER, "def handle_call(:sweep")
        t1_line = line_of(d, RT, 'test "sweep releases holds')
        t2_line = line_of(d, RT, 'test "sweep leaves running')

        def reaper_fail(n, pid, client, code_line, code):
            lab = f"#PID<0.{pid}.0> ({{Harbourline.Berths.HoldReaper, :init, 1}})"
            return f"""  {n}) test {"sweep releases holds that have expired" if n == 1 else "sweep leaves running holds alone"} (Harbourline.Berths.HoldReaperTest)
     test/harbourline/berths/hold_reaper_test.exs:{t1_line if n == 1 else t2_line}
     ** (exit) exited in: GenServer.call(#PID<0.{pid}.0>, :sweep, 5000)
         ** (EXIT) an exception was raised:
             {ownership(lab, 13)}
                 (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1
                 (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:994: Ecto.Adapters.SQL.execute/6
                 (ecto 3.12.5) lib/ecto/repo/queryable.ex:232: Ecto.Repo.Queryable.execute/4
                 (harbourline 0.9.0) lib/harbourline/bookings.ex:{rel_line}: Harbourline.Bookings.release_expired_holds/1
                 (harbourline 0.9.0) lib/harbourline/berths/hold_reaper.ex:{sweep_line}: Harbourline.Berths.HoldReaper.do_sweep/0
                 (harbourline 0.9.0) lib/harbourline/berths/hold_reaper.ex:{hc_line}: Harbourline.Berths.HoldReaper.handle_call/3
                 (stdlib 6.2.2) gen_server.erl:2381: :gen_server.try_handle_call/4
                 (stdlib 6.2.2) gen_server.erl:2410: :gen_server.handle_msg/6
                 (stdlib 6.2.2) proc_lib.erl:329: :proc_lib.init_p_do_apply/3
     code: {code}
     stacktrace:
       (elixir 1.18.4) lib/gen_server.ex:1128: GenServer.call/3
       test/harbourline/berths/hold_reaper_test.exs:{code_line}: (test)
"""
        logged = (f"09:48:02.117 [error] GenServer #PID<0.603.0> terminating\n"
                  + ownership("#PID<0.603.0> ({Harbourline.Berths.HoldReaper, :init, 1})", 0)
                  + f"""
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:994: Ecto.Adapters.SQL.execute/6
    (ecto 3.12.5) lib/ecto/repo/queryable.ex:232: Ecto.Repo.Queryable.execute/4
    (harbourline 0.9.0) lib/harbourline/bookings.ex:{rel_line}: Harbourline.Bookings.release_expired_holds/1
    (harbourline 0.9.0) lib/harbourline/berths/hold_reaper.ex:{sweep_line}: Harbourline.Berths.HoldReaper.do_sweep/0
    (harbourline 0.9.0) lib/harbourline/berths/hold_reaper.ex:{hc_line}: Harbourline.Berths.HoldReaper.handle_call/3
    (stdlib 6.2.2) gen_server.erl:2381: :gen_server.try_handle_call/4
    (stdlib 6.2.2) gen_server.erl:2410: :gen_server.handle_msg/6
Last message (from #PID<0.601.0>): :sweep
State: %{{interval: :manual}}
Client #PID<0.601.0> is alive

    (stdlib 6.2.2) gen.erl:260: :gen.do_call/4
    (elixir 1.18.4) lib/gen_server.ex:1125: GenServer.call/3
    test/harbourline/berths/hold_reaper_test.exs:{t1_line + 4}: Harbourline.Berths.HoldReaperTest."test sweep releases holds that have expired"/1
    (ex_unit 1.18.4) lib/ex_unit/runner.ex:511: ExUnit.Runner.exec_test/2""")
        blocks = (logged + "\n\n\n" + reaper_fail(1, 603, 601, t1_line + 4, "assert HoldReaper.sweep(reaper) == 1")
                  + "\n" + reaper_fail(2, 611, 609, t2_line + 3, "assert HoldReaper.sweep(reaper) == 0"))
        rt_cmd = "mix test test/harbourline/berths/hold_reaper_test.exs"
        t.fail(rt_cmd, "Run the HoldReaper tests",
               exunit(2, "0.2", "0.2", "0.00", 640215, compile_n=4, failures=2, dots="", blocks=blocks),
               code=2, timeout=300000)
        t.say("Both tests fail the same way: the sweep runs inside the reaper process, and that process has no "
              "sandbox connection — only the test process checked one out (the module is `async: true`, so the "
              "sandbox is in manual mode). Let me check how DataCase sets up the sandbox.")
        t.read(P(DATA_CASE))
        t.edit(P(RT), """  setup do
    %{reaper: start_supervised!({HoldReaper, name: nil, interval: :manual})}
  end""", """  setup do
    reaper = start_supervised!({HoldReaper, name: nil, interval: :manual})
    # The sweep queries from the reaper's own process: let it use this test's sandbox connection.
    Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), reaper)
    %{reaper: reaper}
  end""")
        t.bash(rt_cmd, "Run the HoldReaper tests again", out=exunit(2, "0.1", "0.1", "0.00", 187342),
               timeout=300000)
        t.done("""`Harbourline.Berths.HoldReaper` is in and started from `Application` (after Oban):

- Every minute it calls the new `Bookings.release_expired_holds/1`, a single `update_all` that sets expired holds to `:cancelled`. `sweep/1` runs one on demand and returns the count.
- Options `interval:` (ms, or `:manual` for no timer) and `name:`. `config/test.exs` sets `interval: :manual` so the app's instance never fires during tests.
- Tests (`hold_reaper_test.exs`) use `MarinasFixtures.berth_fixture/1` + `Bookings.hold_berth/3` — no new test dependencies.

The first run failed with `DBConnection.OwnershipError` from inside the reaper: the test module is async, so the sandbox connection belongs to the test process only, and the reaper runs the query in its own process. The setup now calls `Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), reaper)` right after `start_supervised!`; both tests pass and the module stays async.""")

        t = d.task("put this branch on staging so Femke can play with holds this afternoon", tags=["workflow:W3", "long_output"])
        t.bash("git add -A && git commit -m \"feat(berths): HoldReaper cancels expired holds every minute\"",
               "Commit the reaper before deploying",
               out=commit_out("feat/berth-holds", "feat(berths): HoldReaper cancels expired holds every minute",
                              5, 131, 3, created=["lib/harbourline/berths/hold_reaper.ex",
                                                  "test/harbourline/berths/hold_reaper_test.exs"]))
        t.bash("fly deploy -c fly.staging.toml", "Deploy the branch to staging",
               out=fly_deploy("harbourline-staging", 41, ["3d8d9e5f190e89", "91851e7fe3d387"], "74.2",
                              "01K02XN7R4C8ZB5W6Y1T3QH9MD"), timeout=900000)
        t.bash("fly status -c fly.staging.toml", "Check the staging machines",
               out=fly_status("harbourline-staging", 41, ["3d8d9e5f190e89", "91851e7fe3d387"],
                              "01K02XN7R4C8ZB5W6Y1T3QH9MD", ["2026-07-10T10:41:22Z", "2026-07-10T10:41:51Z"]))
        t.bash("curl -fsS https://harbourline-staging.fly.dev/healthz", "Hit the staging health check",
               out=healthz("b7c41e9", "0.9.0"))
        t.done("""`feat/berth-holds` is live on staging (release v41):

- `fly deploy -c fly.staging.toml` — the `release_command` ran the `hold_expires_at` migration, both machines updated with the rolling strategy.
- `fly status`: 2 machines started, health checks passing.
- `https://harbourline-staging.fly.dev/healthz` → db ok, oban ok, git sha `b7c41e9`.

Femke can start a checkout on any berth and watch the countdown; abandoned holds get cancelled by the reaper within a minute of expiring. (I committed the reaper on the branch first; it isn't pushed yet.)""")

        t = d.task("next week I want arrival reminder emails — an Oban job the day before arrival. don't build "
                   "anything yet: read the Oban docs on unique jobs and tell me how we avoid sending two reminders "
                   "when a booking gets edited or re-confirmed", tags=["noise", "webfetch"])
        t.webfetch("https://hexdocs.pm/oban/unique_jobs.html",
                   "How unique jobs work: options (period, fields, keys, states, timestamp), what happens on conflict, "
                   "and how to replace/reschedule an existing job",
                   """Unique jobs prevent enqueuing duplicate jobs. Uniqueness is configured per worker with the `unique` option (`use Oban.Worker, unique: [...]`) or per job in `new/2`.

Options:
- `:period` — seconds a job stays unique, or `:infinity` (default 60).
- `:fields` — fields compared for uniqueness: `:args`, `:queue`, `:worker`, `:meta` (default `[:worker, :queue, :args]`).
- `:keys` — compare only a subset of keys within args/meta, e.g. `keys: [:booking_id]`.
- `:states` — job states checked for duplicates; named groups like `:successful`, `:incomplete`, or an explicit list such as `[:available, :scheduled, :executing, :retryable]`.
- `:timestamp` — `:inserted_at` (default) or `:scheduled_at` for the period comparison.

On conflict `Oban.insert/2` returns `{:ok, job}` with `conflict?: true` and the existing job, instead of inserting a new one. Use `replace:` to update fields of the existing job on conflict, per state, e.g. `replace: [scheduled: [:scheduled_at]]` to move an already scheduled job to a new time.

Uniqueness is checked at insert time (on Postgres with Oban 2.19 via a unique index on a generated key for the configured states); it does not prevent a job from running twice if you insert it again after it completed, unless completed states are included in `:states`.""")
        t.done("""Plan for arrival reminders, based on Oban's unique-jobs docs:

1. **One job per booking**: `use Oban.Worker, queue: :mailers, unique: [keys: [:booking_id], period: :infinity, states: [:available, :scheduled, :executing, :retryable, :completed]]`. Uniqueness then ignores the rest of the args, and including `:completed` means a re-confirmation can't produce a second e-mail after the first one went out.
2. **Editing dates** → insert again with `scheduled_at` = day before arrival, 09:00 marina time, and `replace: [scheduled: [:scheduled_at]]`. On conflict Oban updates the existing scheduled job's time instead of adding one.
3. **Cancellation** → don't try to delete the job; `perform/1` reloads the booking and returns `{:cancel, :not_confirmed}` unless it's still `:confirmed`. That also covers a cancel racing the job.
4. Enqueue from `Bookings.confirm_booking/1` (and the date-change path), not from the LiveView.

Caveat: if a booking is moved *after* the reminder was sent, the completed job blocks a new one (by design with `:completed` in `states`). If you'd rather send again for moved stays, drop `:completed` and accept the small re-confirm risk.""")

    # ============================================================ S4  Tue 07-14  (SessionEnd: other)
    with d.session("2026-07-14T14:05:00", R, branch="main", version="2.1.93", end_reason="other"):
        t = d.task("Femke has been clicking around staging since Friday. how many bookings are there per status on "
                   "staging right now, and are any holds past their expiry but still held?", tags=["mistake:M3"])
        q1 = ("import Ecto.Query; Harbourline.Repo.all(from b in Harbourline.Bookings.Booking, group_by: b.status, "
              "select: {b.status, count(b.id)}) |> IO.inspect()")
        addr_stg = "fdaa:9:3b41:a7b:2e4:6f1d:9c0a:2"
        t.fail(f"fly ssh console -a harbourline-staging -C \"/app/bin/harbourline eval '{q1}'\"",
               "Count staging bookings per status",
               ssh_head(addr_stg, machine="3d8d9e5f190e89") + "\n" + repo_lookup_error("all/2")
               + "\nError: ssh shell: Process exited with status 1", timeout=120000)
        t.say("`eval` starts a fresh VM with the release's code loaded but without starting the `:harbourline` "
              "application, so there is no Repo to talk to. The release node on that machine is already running — "
              "`rpc` evaluates the expression inside it instead.")
        t.bash(f"fly ssh console -a harbourline-staging -C \"/app/bin/harbourline rpc '{q1}'\"",
               "Count staging bookings per status inside the running node",
               out=ssh_head(addr_stg, machine="3d8d9e5f190e89") + "\n[pending: 2, held: 1, confirmed: 9, cancelled: 6]",
               timeout=120000)
        q2 = ("import Ecto.Query; now = DateTime.utc_now(); Harbourline.Repo.all(from b in Harbourline.Bookings.Booking, "
              "where: b.status == :held, select: {b.reference, b.hold_expires_at, b.hold_expires_at < ^now}) "
              "|> IO.inspect()")
        t.bash(f"fly ssh console -a harbourline-staging -C \"/app/bin/harbourline rpc '{q2}'\"",
               "List held bookings and whether they are past expiry",
               out=ssh_head(addr_stg, machine="3d8d9e5f190e89")
               + '\n[{"HL-2026-3381", ~U[2026-07-14 14:19:03.557812Z], false}]', timeout=120000)
        t.done("""Staging right now:

| status | bookings |
|---|---|
| pending | 2 |
| held | 1 |
| confirmed | 9 |
| cancelled | 6 |

The one held booking, `HL-2026-3381`, is still inside its window (expires 14:19 UTC), so nothing is stuck — the reaper has been cancelling expired holds; several of the 6 cancellations are probably Femke's abandoned checkouts.

Note for next time: my first attempt used `bin/harbourline eval`, which fails with "could not lookup Ecto repo Harbourline.Repo because it was not started" — `eval` runs in a separate VM where the app isn't started. Querying live data on the box needs `bin/harbourline rpc`, which runs inside the running node.""")

        t = d.task("run sobelow and tell me what it flags. don't change anything, I'll go through it with Priti on "
                   "Thursday", tags=["unfixed:U1"])
        browser_line = line_of(d, ROUTER, "pipeline :browser do")
        t.fail("mix sobelow --exit medium", "Run Sobelow (fail on medium or higher)", f"""##############################################
#                                            #
#          Running Sobelow - v0.13.0         #
#  Created by Griffin Byatt - @griffinbyatt  #
#     NCC Group - https://nccgroup.trust     #
#                                            #
##############################################

Config.CSP: Missing Content-Security-Policy - High Confidence
File: lib/harbourline_web/router.ex
Pipeline: browser
Line: {browser_line}

-----------------------------------------------

XSS.Raw: XSS - Medium Confidence
File: lib/harbourline_web/live/marina_live/show.ex
Line: 58
Variable: description_html

-----------------------------------------------

Traversal.FileModule: Directory Traversal in `File.read!` - Low Confidence
File: lib/harbourline/marinas/photo_import.ex
Line: 31
Function: read_export:27
Variable: path

-----------------------------------------------

... SCAN COMPLETE ...""", code=1, timeout=180000)
        t.read(P(ROUTER), offset=browser_line, limit=12)
        t.grep("description_html", path=P("lib"), output_mode="content", n=True,
               content=f"""{R}/lib/harbourline_web/live/marina_live/show.ex:22:      |> assign(:description_html, Marinas.description_html(marina))
{R}/lib/harbourline_web/live/marina_live/show.ex:58:      <div class="prose">{{raw(@description_html)}}</div>
{R}/lib/harbourline/marinas.ex:88:  def description_html(%Marina{{description_md: md}}), do: Earmark.as_html!(md || "")""")
        t.done(f"""Sobelow flags three things (exit 1 because of the High/Medium ones). Nothing changed.

1. **Config.CSP — High** · `router.ex:{browser_line}`, `:browser` pipeline. `put_secure_browser_headers` is called without a `content-security-policy`, so there's no CSP at all. Fix is a CSP header in that plug call; LiveView needs `connect-src 'self' wss:` etc. — worth testing on staging first.
2. **XSS.Raw — Medium** · `marina_live/show.ex:58`: `raw(@description_html)`. The HTML comes from `Marinas.description_html/1` = `Earmark.as_html!(description_md)`. Earmark doesn't sanitise, so any harbour staff member who can edit a marina description can inject script on the public marina page. Options: sanitise (e.g. `HtmlSanitizeEx`) or escape raw HTML in Earmark.
3. **Traversal.FileModule — Low** · `marinas/photo_import.ex:31`, `File.read!(path)` in `read_export/1`. Only reachable from the CMS import task as far as I can see; probably fine, but the path should be constrained to the export directory.

For Thursday I'd rank them 2 → 1 → 3: #2 is a real stored-XSS path, #1 is defence in depth.""")

        t = d.task("the booking confirmation email: Oban job or just Task.Supervisor.start_child from the context? "
                   "3-4 sentences, we're debating it", tags=["noise", "no_tools"])
        t.done("""Oban. The e-mail is a side effect you want to happen exactly once and survive a deploy or crash: an Oban job is inserted in the same database (ideally in the same transaction as the confirmation), retried with backoff when the mail provider hiccups, and visible afterwards (state, attempts, errors) when a skipper says it never arrived. `Task.Supervisor.start_child` is fire-and-forget in memory — if the node restarts between confirm and send, or the provider returns a 5xx, the e-mail is silently gone. Tasks are fine for best-effort work like warming a cache; anything a customer would notice missing goes through Oban.""")

    # ============================================================ S5  Thu 07-16
    with d.session("2026-07-16T09:15:00", R, branch="feat/berth-dimensions", version="2.1.94"):
        t = d.task("berths need max_length_m and max_beam_m (decimals, nullable for now — Femke fills them in), and a "
                   "booking for a boat longer than the berth must fail with a validation error on boat_length_m. and "
                   "while we're in migrations: bookings wants an index on (berth_id, arrives_on), build it "
                   "concurrently — that table is big in prod", tags=["workflow:W1", "oneoff:O1"])
        migA = "priv/repo/migrations/20260716092210_add_dimensions_to_berths.exs"
        migB = "priv/repo/migrations/20260716092211_add_berth_arrival_index_to_bookings.exs"
        t.bash("mix ecto.gen.migration add_dimensions_to_berths && mix ecto.gen.migration add_berth_arrival_index_to_bookings",
               "Generate both migrations", out=f"* creating {migA}\n* creating {migB}")
        d.files[P(migA)] = """defmodule Harbourline.Repo.Migrations.AddDimensionsToBerths do
  use Ecto.Migration

  def change do

  end
end
"""
        d.files[P(migB)] = """defmodule Harbourline.Repo.Migrations.AddBerthArrivalIndexToBookings do
  use Ecto.Migration

  def change do

  end
end
"""
        t.read(P(migA))
        t.edit(P(migA), """  def change do

  end""", """  def change do
    alter table(:berths) do
      add :max_length_m, :decimal, precision: 5, scale: 2
      add :max_beam_m, :decimal, precision: 5, scale: 2
    end
  end""")
        t.read(P(migB))
        t.edit(P(migB), """  def change do

  end""", """  def change do
    create index(:bookings, [:berth_id, :arrives_on], concurrently: true)
  end""")
        t.read(P(BERTH))
        t.edit(P(BERTH), """    field :active, :boolean, default: true
""", """    field :active, :boolean, default: true
    field :max_length_m, :decimal
    field :max_beam_m, :decimal
""")
        t.edit(P(BERTH), """    |> cast(attrs, [:code, :pontoon, :nightly_rate_cents, :active, :marina_id])
    |> validate_required([:code, :pontoon, :nightly_rate_cents, :marina_id])
    |> validate_number(:nightly_rate_cents, greater_than: 0)""", """    |> cast(attrs, [
      :code,
      :pontoon,
      :nightly_rate_cents,
      :active,
      :max_length_m,
      :max_beam_m,
      :marina_id
    ])
    |> validate_required([:code, :pontoon, :nightly_rate_cents, :marina_id])
    |> validate_number(:nightly_rate_cents, greater_than: 0)
    |> validate_number(:max_length_m, greater_than: 0)
    |> validate_number(:max_beam_m, greater_than: 0)""")
        t.read(P(BOOKING))
        t.edit(P(BOOKING), """  @doc "Turns a new booking changeset into a hold""", """  @doc "Adds an error on `boat_length_m` when the boat is longer than the berth allows."
  def validate_fits(changeset, %Berth{max_length_m: nil}), do: changeset

  def validate_fits(changeset, %Berth{max_length_m: max}) do
    validate_change(changeset, :boat_length_m, fn :boat_length_m, length ->
      if Decimal.compare(length, max) == :gt do
        [boat_length_m: {"is longer than the berth allows (max %{max} m)", max: max}]
      else
        []
      end
    end)
  end

  @doc "Turns a new booking changeset into a hold""")
        t.read(P(BOOKINGS))
        t.edit(P(BOOKINGS), """  def create_booking(attrs) do
    %Booking{}
    |> Booking.changeset(attrs)
    |> Repo.insert()
  end""", """  def create_booking(attrs) do
    %Booking{}
    |> Booking.changeset(attrs)
    |> validate_fits_berth()
    |> Repo.insert()
  end""")
        t.edit(P(BOOKINGS), """      |> Booking.changeset(Map.put(attrs, :berth_id, berth.id))
      |> Booking.hold_changeset""", """      |> Booking.changeset(Map.put(attrs, :berth_id, berth.id))
      |> Booking.validate_fits(berth)
      |> Booking.hold_changeset""")
        t.edit(P(BOOKINGS), """  defp broadcast(message)""", """  defp validate_fits_berth(changeset) do
    case Ecto.Changeset.get_field(changeset, :berth_id) do
      nil -> changeset
      berth_id -> Booking.validate_fits(changeset, Repo.get!(Berth, berth_id))
    end
  end

  defp broadcast(message)""")
        t.read(P(BOOKINGS_TEST))
        t.edit(P(BOOKINGS_TEST), """  describe "confirm_booking/1" do""", """  describe "berth dimensions" do
    test "rejects a boat longer than the berth" do
      berth = berth_fixture(%{max_length_m: "10.0"})

      assert {:error, changeset} =
               Bookings.create_booking(Map.put(@valid_attrs, :berth_id, berth.id))

      assert "is longer than the berth allows (max 10.0 m)" in errors_on(changeset).boat_length_m
    end

    test "a berth without a maximum takes any boat" do
      berth = berth_fixture()

      assert {:ok, %Booking{}} = Bookings.create_booking(Map.put(@valid_attrs, :berth_id, berth.id))
    end

    test "hold_berth applies the same check" do
      berth = berth_fixture(%{max_length_m: "8.0"})

      assert {:error, %Ecto.Changeset{} = changeset} = Bookings.hold_berth(berth, @valid_attrs)
      assert %{boat_length_m: [_]} = errors_on(changeset)
    end
  end

  describe "confirm_booking/1" do""")
        migrate_fail = compiled(3) + "\n\n" + migrate_log([
            ("09:31:07.412", "== Running 20260716092210 Harbourline.Repo.Migrations.AddDimensionsToBerths.change/0 forward"),
            ("09:31:07.414", "alter table berths"),
            ("09:31:07.418", "== Migrated 20260716092210 in 0.0s"),
            ("09:31:07.431", "== Running 20260716092211 Harbourline.Repo.Migrations.AddBerthArrivalIndexToBookings.change/0 forward"),
            ("09:31:07.432", "create index bookings_berth_id_arrives_on_index")]) + """
** (Postgrex.Error) ERROR 25001 (active_sql_transaction) CREATE INDEX CONCURRENTLY cannot run inside a transaction block
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1
    (elixir 1.18.4) lib/enum.ex:1714: Enum."-map/2-lists^map/1-1-"/2
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1203: Ecto.Adapters.SQL.execute_ddl/4
    (ecto_sql 3.12.1) lib/ecto/migration/runner.ex:348: Ecto.Migration.Runner.log_and_execute_ddl/3
    (elixir 1.18.4) lib/enum.ex:1714: Enum."-map/2-lists^map/1-1-"/2
    (ecto_sql 3.12.1) lib/ecto/migration/runner.ex:311: Ecto.Migration.Runner.perform_operation/3
    (stdlib 6.2.2) timer.erl:595: :timer.tc/2
    (ecto_sql 3.12.1) lib/ecto/migration/runner.ex:25: Ecto.Migration.Runner.run/8"""
        t.fail("mix ecto.migrate", "Run both migrations", migrate_fail, code=1)
        t.say("The berths migration went through; the index one didn't. Postgres can't build an index "
              "`CONCURRENTLY` inside a transaction, and Ecto runs each migration in one (and takes a lock on "
              "`schema_migrations`). That migration has to opt out of both.")
        t.edit(P(migB), """  use Ecto.Migration

  def change do""", """  use Ecto.Migration

  @disable_ddl_transaction true
  @disable_migration_lock true

  def change do""")
        t.bash("mix ecto.migrate", "Run the index migration again", out=compiled(1) + "\n\n" + migrate_log([
            ("09:32:40.006", "== Running 20260716092211 Harbourline.Repo.Migrations.AddBerthArrivalIndexToBookings.change/0 forward"),
            ("09:32:40.007", "create index bookings_berth_id_arrives_on_index"),
            ("09:32:40.093", "== Migrated 20260716092211 in 0.0s")]))
        t.bash("mix test test/harbourline/bookings_test.exs", "Run the bookings context tests",
               out=exunit(10, "0.3", "0.3", "0.00", 529018, compile_n=3), timeout=300000)
        t.done("""Done:

- **`20260716092210_add_dimensions_to_berths`**: `max_length_m` and `max_beam_m` as nullable `decimal(5,2)`; `Berth.changeset` casts them and requires them to be positive when set.
- **`Booking.validate_fits/2`**: error on `boat_length_m` ("is longer than the berth allows (max %{max} m)") when the berth has a maximum and the boat exceeds it. `create_booking/1` loads the berth and applies it; `hold_berth/3` applies it with the berth it already has. Berths without a maximum accept any boat. Beam isn't checked — bookings don't record a beam yet.
- **`20260716092211_add_berth_arrival_index_to_bookings`**: `create index(:bookings, [:berth_id, :arrives_on], concurrently: true)`. The first `mix ecto.migrate` failed with `CREATE INDEX CONCURRENTLY cannot run inside a transaction block`; the migration now sets `@disable_ddl_transaction true` and `@disable_migration_lock true`, and it ran.
- 3 new tests; `bookings_test.exs` green (10 tests).""")

        d.files[P("lib/harbourline/berths/hold_reaper.ex")] = d.files[P("lib/harbourline/berths/hold_reaper.ex")].replace(
            """  @moduledoc \"\"\"
  Releases berth holds that ran out.

  A hold (`status: :held`) stops blocking its berth as soon as `hold_expires_at`
  has passed, because `Bookings.list_overlapping/4` ignores expired holds. The
  row itself stays `:held` though, which is confusing on the admin screens and
  in exports. This process sweeps them: every `:interval` milliseconds (one
  minute by default) it cancels held bookings whose hold has expired.

  Options:

    * `:interval` - milliseconds between sweeps, or `:manual` to switch the
      timer off and drive sweeps with `sweep/1` (config/test.exs does this)
    * `:name` - registered name, defaults to the module; `nil` for none

  The sweep is one `UPDATE`, so it is safe to run on every node of the
  cluster at the same time; the worst case is two nodes cancelling the same
  rows, which is a no-op for the second one.
  \"\"\"""", """  @moduledoc \"\"\"
  Cancels held bookings whose hold has expired, every minute
  (`interval: :manual` turns the timer off; see `sweep/1`).
  \"\"\"""")
        fb = ("about the HoldReaper @moduledoc from last week: way too long, I had to cut half of it before I "
              "merged. from now on docs are one or two sentences: what it does plus anything surprising, no "
              "option essays. have a look at what you wrote today with that in mind")
        t = d.task(fb, tags=["feedback"], feedback=fb)
        t.read(P("lib/harbourline/berths/hold_reaper.ex"), limit=8)
        t.edit(P(BOOKINGS), """  @doc \"\"\"
  Holds `berth` for the stay in `attrs` for #{@hold_minutes} minutes while the skipper checks out.

  Returns `{:error, :berth_taken}` when another booking or a running hold blocks the dates.
  \"\"\"""", """  @doc "Holds `berth` for #{@hold_minutes} minutes during checkout; `{:error, :berth_taken}` if the dates are blocked.\"""")
        t.bash("mix compile --warnings-as-errors", "Recompile with warnings as errors", out=compiled(1))
        t.done("""Got it — one or two sentences, what it does and anything non-obvious. I've seen your trimmed HoldReaper doc; that's the target length.

From today's work:
- `Booking.validate_fits/2` already had a one-liner, left as is.
- `Bookings.hold_berth/3` had a two-paragraph doc from last week; it's now one line with the `:berth_taken` return folded in.
- The migrations and `validate_fits_berth/1` (private) have no docs.

Compiles clean with `--warnings-as-errors`.""")

        t = d.task("the fit error needs to be translatable like the other changeset errors (errors domain). then "
                   "commit everything on this branch and push it", tags=["mistake:M1"])
        t.edit(P(BOOKING), """  use Ecto.Schema
  import Ecto.Changeset
""", """  use Ecto.Schema
  use Gettext, backend: HarbourlineWeb.Gettext

  import Ecto.Changeset
""")
        t.edit(P(BOOKING), """        [boat_length_m: {"is longer than the berth allows (max %{max} m)", max: max}]""",
               """        message = dgettext_noop("errors", "is longer than the berth allows (max %{max} m)")
        [boat_length_m: {message, max: max}]""")
        t.bash("mix test test/harbourline/bookings_test.exs", "Run the bookings context tests",
               out=exunit(10, "0.3", "0.3", "0.00", 71603, compile_n=4), timeout=300000)
        dim_sha = hx(7)
        t.bash("git add -A && git commit -m \"feat(berths): berth dimensions, reject boats longer than the berth\"",
               "Commit the berth dimension work",
               out=commit_out("feat/berth-dimensions", "feat(berths): berth dimensions, reject boats longer than the berth",
                              8, 97, 9, created=[migA, migB], sha=dim_sha))
        push_cmd = "git push -u origin feat/berth-dimensions"
        t.fail(push_cmd, "Push the branch (pre-push hook runs mix lint)",
               "pre-push: mix lint\n" + credo_ok(211, 1193, "2.4", "0.1") + "\n" + compiled(97) + "\n"
               + gettext_fail(["priv/gettext/errors.pot"])
               + "\npre-push: lint failed, push aborted\nerror: failed to push some refs to '" + GH + "'",
               code=1, timeout=300000)
        t.say("The pre-push hook stopped the push: `mix lint`'s gettext check says `errors.pot` is out of date — "
              "the `dgettext_noop` message I just added hasn't been extracted.")
        t.bash("git status --short && git log --oneline -2", "Check the working tree and the last commits",
               out=f"{dim_sha} feat(berths): berth dimensions, reject boats longer than the berth\n{hx(7)} Merge pull request #57 from harbourline/feat/berth-holds")
        t.bash("mix gettext.extract --merge && git add priv/gettext && git commit -m \"chore(gettext): extract berth fit error\"",
               "Extract the new message into errors.pot/.po and commit it",
               out=compiled(97) + "\n" + merged([("errors", [("en", 1, 24), ("nl", 1, 24)])]) + "\n"
               + commit_out("feat/berth-dimensions", "chore(gettext): extract berth fit error", 3, 21, 0),
               timeout=300000)
        t.bash(push_cmd, "Push the branch again", out=hook_lint(211, 1193, "2.3", "0.1", 97),
               err=push_new("feat/berth-dimensions", 27, 16, "5.12"), timeout=300000)
        t.done("""Pushed `feat/berth-dimensions` (2 commits):

1. `feat(berths): berth dimensions, reject boats longer than the berth` — migrations, `Berth`/`Booking` changes, tests. The fit error is now declared with `dgettext_noop("errors", …)` (Booking does `use Gettext, backend: HarbourlineWeb.Gettext`), so `translate_error/1` looks it up in the errors domain like the built-in validation messages.
2. `chore(gettext): extract berth fit error` — the first push was rejected by the pre-push hook because `errors.pot` didn't have the new message yet; `mix gettext.extract --merge` added it to `errors.pot` and the en/nl `errors.po`.

The nl `msgstr` is empty for now. No PR opened — say if you want one.""")

        t = d.task("where do we actually send the booking confirmation email from? just point me at it", tags=["noise"])
        t.grep("BookingConfirmationEmail", path=P("lib"), output_mode="content", n=True,
               content=f"""{R}/lib/harbourline/workers/booking_confirmation_email.ex:1:defmodule Harbourline.Workers.BookingConfirmationEmail do
{R}/lib/harbourline_web/live/booking_live/checkout.ex:74:        %{{booking_id: booking.id}} |> Harbourline.Workers.BookingConfirmationEmail.new() |> Oban.insert()""")
        t.done("""Two places:

- **Enqueued** in `lib/harbourline_web/live/booking_live/checkout.ex:74`, after the payment succeeds: `%{booking_id: booking.id} |> BookingConfirmationEmail.new() |> Oban.insert()`.
- **Sent** by `Harbourline.Workers.BookingConfirmationEmail` (`lib/harbourline/workers/booking_confirmation_email.ex`), which builds and delivers the e-mail.

Worth noting: the enqueue lives in the LiveView rather than in `Bookings.confirm_booking/1`, so a booking confirmed any other way (admin, script) doesn't get an e-mail.""")

    # ============================================================ S6  Mon 07-20
    with d.session("2026-07-20T09:40:00", R, branch="feat/occupancy-board", version="2.1.95"):
        t = d.task("harbour masters want an occupancy board at /admin/occupancy: a grid of the marina's berths, "
                   "coloured free / held / booked for today, updating live when bookings change. keep one process "
                   "per marina holding the board (Registry + DynamicSupervisor) so twenty open tabs don't each hit "
                   "Postgres. and the web layer doesn't get to query the database — any Repo call lives in a context "
                   "module. admin pages are english-only like the invoices page. test it",
                   tags=["mistake:M2", "pref:P1"])
        t.read(P(APP))
        t.read(P(ROUTER))
        t.read(P(BOOKINGS))
        OCC = "lib/harbourline/marinas/occupancy.ex"
        OCCS = "lib/harbourline/marinas/occupancy_server.ex"
        OCCL = "lib/harbourline_web/live/admin/occupancy_live.ex"
        OCCT = "test/harbourline_web/live/admin/occupancy_live_test.exs"
        t.write(P(OCC), """defmodule Harbourline.Marinas.Occupancy do
  @moduledoc "Today's berth occupancy per marina, served by one `OccupancyServer` per marina."

  import Ecto.Query, warn: false

  alias Harbourline.Berths.Berth
  alias Harbourline.Bookings.Booking
  alias Harbourline.Marinas.OccupancyServer
  alias Harbourline.Repo

  @registry Harbourline.Marinas.OccupancyRegistry
  @supervisor Harbourline.Marinas.OccupancySupervisor

  def via(marina_id), do: {:via, Registry, {@registry, marina_id}}

  @doc "The board: `%{berth: berth, state: :free | :held | :booked}` per active berth."
  def board(marina_id) do
    {:ok, _pid} = ensure_started(marina_id)
    GenServer.call(via(marina_id), :board)
  end

  def subscribe(marina_id), do: Phoenix.PubSub.subscribe(Harbourline.PubSub, topic(marina_id))

  def broadcast_board(marina_id, board) do
    Phoenix.PubSub.broadcast(Harbourline.PubSub, topic(marina_id), {:occupancy, board})
  end

  def ensure_started(marina_id) do
    case DynamicSupervisor.start_child(@supervisor, {OccupancyServer, marina_id: marina_id}) do
      {:ok, pid} -> {:ok, pid}
      {:error, {:already_started, pid}} -> {:ok, pid}
    end
  end

  @doc false
  def load_board(marina_id, %Date{} = day, now \\\\ DateTime.utc_now()) do
    berths =
      Berth
      |> where([b], b.marina_id == ^marina_id and b.active)
      |> order_by([b], [b.pontoon, b.code])
      |> Repo.all()

    taken =
      Booking
      |> join(:inner, [bk], b in assoc(bk, :berth))
      |> where([bk, b], b.marina_id == ^marina_id and bk.arrives_on <= ^day and bk.departs_on > ^day)
      |> where(
        [bk],
        bk.status in [:pending, :confirmed] or (bk.status == :held and bk.hold_expires_at > ^now)
      )
      |> select([bk], {bk.berth_id, bk.status})
      |> Repo.all()
      |> Map.new()

    Enum.map(berths, &%{berth: &1, state: state(Map.get(taken, &1.id))})
  end

  defp state(nil), do: :free
  defp state(:held), do: :held
  defp state(_pending_or_confirmed), do: :booked

  defp topic(marina_id), do: "occupancy:#{marina_id}"
end
""")
        t.write(P(OCCS), """defmodule Harbourline.Marinas.OccupancyServer do
  @moduledoc "Holds one marina's occupancy board; loads it on first use and reloads on booking events."
  use GenServer

  alias Harbourline.Bookings
  alias Harbourline.Marinas.Occupancy

  @events [:booking_held, :booking_confirmed, :booking_cancelled]

  def start_link(opts) do
    marina_id = Keyword.fetch!(opts, :marina_id)
    GenServer.start_link(__MODULE__, marina_id, name: Occupancy.via(marina_id))
  end

  def child_spec(opts) do
    %{
      id: {__MODULE__, Keyword.fetch!(opts, :marina_id)},
      start: {__MODULE__, :start_link, [opts]},
      restart: :transient
    }
  end

  @impl true
  def init(marina_id) do
    :ok = Bookings.subscribe()
    {:ok, %{marina_id: marina_id, board: nil}}
  end

  @impl true
  def handle_call(:board, _from, %{board: nil} = state) do
    board = Occupancy.load_board(state.marina_id, Date.utc_today())
    {:reply, board, %{state | board: board}}
  end

  def handle_call(:board, _from, state), do: {:reply, state.board, state}

  @impl true
  def handle_info({event, _booking_id}, %{board: board} = state)
      when event in @events and not is_nil(board) do
    board = Occupancy.load_board(state.marina_id, Date.utc_today())
    Occupancy.broadcast_board(state.marina_id, board)
    {:noreply, %{state | board: board}}
  end

  def handle_info(_message, state), do: {:noreply, state}
end
""")
        t.edit(P(BOOKINGS), """         [] <- list_overlapping(berth, arrives_on, departs_on, now) do
      Repo.insert(changeset)
    else""", """         [] <- list_overlapping(berth, arrives_on, departs_on, now) do
      changeset |> Repo.insert() |> tap_broadcast(:booking_held)
    else""")
        t.edit(P(BOOKINGS), """    booking
    |> Booking.status_changeset(:cancelled)
    |> Repo.update()
  end""", """    booking
    |> Booking.status_changeset(:cancelled)
    |> Repo.update()
    |> tap_broadcast(:booking_cancelled)
  end""")
        t.edit(P(BOOKINGS), """  defp broadcast(message)""", """  defp tap_broadcast({:ok, booking} = result, event) do
    broadcast({event, booking.id})
    result
  end

  defp tap_broadcast(error, _event), do: error

  defp broadcast(message)""")
        t.edit(P(APP), """         Application.get_env(:harbourline, Harbourline.Berths.HoldReaper, [])}
      ] ++ listeners()""", """         Application.get_env(:harbourline, Harbourline.Berths.HoldReaper, [])},
        {Registry, keys: :unique, name: Harbourline.Marinas.OccupancyRegistry},
        {DynamicSupervisor, name: Harbourline.Marinas.OccupancySupervisor, strategy: :one_for_one}
      ] ++ listeners()""")
        t.edit(P(ROUTER), """      live "/invoices", InvoiceLive.Index, :index
""", """      live "/invoices", InvoiceLive.Index, :index
      live "/occupancy", OccupancyLive, :index
""")
        t.write(P(OCCL), """defmodule HarbourlineWeb.Admin.OccupancyLive do
  use HarbourlineWeb, :live_view

  alias Harbourline.Marinas.Occupancy

  @impl true
  def mount(_params, _session, socket) do
    marina = socket.assigns.current_marina
    if connected?(socket), do: Occupancy.subscribe(marina.id)

    {:ok,
     socket
     |> assign(:page_title, "Occupancy")
     |> assign(:board, Occupancy.board(marina.id))}
  end

  @impl true
  def handle_info({:occupancy, board}, socket), do: {:noreply, assign(socket, :board, board)}

  @impl true
  def render(assigns) do
    ~H\"\"\"
    <.header>
      Occupancy today
      <:subtitle>{@current_marina.name}</:subtitle>
    </.header>

    <div id="occupancy-board" class="grid grid-cols-6 gap-2 sm:grid-cols-10">
      <div
        :for={%{berth: berth, state: state} <- @board}
        id={"berth-#{berth.id}"}
        data-state={state}
        class={["rounded p-2 text-center text-sm font-medium", state_class(state)]}
      >
        {berth.code}
      </div>
    </div>
    \"\"\"
  end

  defp state_class(:free), do: "bg-emerald-100 text-emerald-900"
  defp state_class(:held), do: "bg-amber-100 text-amber-900"
  defp state_class(:booked), do: "bg-sky-200 text-sky-900"
end
""")
        t.write(P(OCCT), """defmodule HarbourlineWeb.Admin.OccupancyLiveTest do
  use HarbourlineWeb.ConnCase, async: true

  import Phoenix.LiveViewTest
  import Harbourline.MarinasFixtures

  alias Harbourline.Bookings
  alias Harbourline.Marinas.Occupancy

  setup :register_and_log_in_harbour_staff

  defp stay_from_today do
    today = Date.utc_today()

    %{
      skipper_name: "Ada Lovelace",
      skipper_email: "ada@example.com",
      boat_name: "Wavelength",
      boat_length_m: "9.5",
      arrives_on: today,
      departs_on: Date.add(today, 2)
    }
  end

  test "shows free and held berths", %{conn: conn, marina: marina} do
    free = berth_fixture(%{marina: marina, code: "A1"})
    held = berth_fixture(%{marina: marina, code: "A2"})
    {:ok, _} = Bookings.hold_berth(held, stay_from_today())

    {:ok, view, _html} = live(conn, ~p"/admin/occupancy")

    assert has_element?(view, "#berth-#{free.id}[data-state=free]")
    assert has_element?(view, "#berth-#{held.id}[data-state=held]")
  end

  test "updates when a berth gets booked", %{conn: conn, marina: marina} do
    berth = berth_fixture(%{marina: marina})
    {:ok, view, _html} = live(conn, ~p"/admin/occupancy")
    Occupancy.subscribe(marina.id)

    {:ok, booking} = Bookings.hold_berth(berth, stay_from_today())
    {:ok, _} = Bookings.confirm_booking(booking)

    assert_receive {:occupancy, _}
    assert_receive {:occupancy, _}
    assert has_element?(view, "#berth-#{berth.id}[data-state=booked]")
  end
end
""")
        occ_cmd = "mix test test/harbourline_web/live/admin/occupancy_live_test.exs"
        lb_line = line_of(d, OCC, "      |> Repo.all()\n\n    taken")
        hc_occ = line_of(d, OCCS, "board = Occupancy.load_board(state.marina_id, Date.utc_today())\n    {:reply")
        call_line = line_of(d, OCC, "GenServer.call(via(marina_id), :board)")
        mount_line = line_of(d, OCCL, "|> assign(:board, Occupancy.board(marina.id))")
        ta = line_of(d, OCCT, 'test "shows free and held berths"')
        tb = line_of(d, OCCT, 'test "updates when a berth gets booked"')

        def occ_fail(n, title, test_line, code_line, pid, marina_id):
            lab = f"#PID<0.{pid}.0> ({{Harbourline.Marinas.OccupancyServer, :init, 1}})"
            return f"""  {n}) test {title} (HarbourlineWeb.Admin.OccupancyLiveTest)
     test/harbourline_web/live/admin/occupancy_live_test.exs:{test_line}
     ** (exit) exited in: GenServer.call({{:via, Registry, {{Harbourline.Marinas.OccupancyRegistry, {marina_id}}}}}, :board, 5000)
         ** (EXIT) an exception was raised:
             {ownership(lab, 13)}
                 (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1
                 (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:994: Ecto.Adapters.SQL.execute/6
                 (ecto 3.12.5) lib/ecto/repo/queryable.ex:232: Ecto.Repo.Queryable.execute/4
                 (ecto 3.12.5) lib/ecto/repo/queryable.ex:19: Ecto.Repo.Queryable.all/3
                 (harbourline 0.9.0) lib/harbourline/marinas/occupancy.ex:{lb_line}: Harbourline.Marinas.Occupancy.load_board/3
                 (harbourline 0.9.0) lib/harbourline/marinas/occupancy_server.ex:{hc_occ}: Harbourline.Marinas.OccupancyServer.handle_call/3
                 (stdlib 6.2.2) gen_server.erl:2381: :gen_server.try_handle_call/4
                 (stdlib 6.2.2) gen_server.erl:2410: :gen_server.handle_msg/6
                 (stdlib 6.2.2) proc_lib.erl:329: :proc_lib.init_p_do_apply/3
     code: {{:ok, view, _html}} = live(conn, ~p"/admin/occupancy")
     stacktrace:
       (elixir 1.18.4) lib/gen_server.ex:1128: GenServer.call/3
       (harbourline 0.9.0) lib/harbourline/marinas/occupancy.ex:{call_line}: Harbourline.Marinas.Occupancy.board/1
       (harbourline 0.9.0) lib/harbourline_web/live/admin/occupancy_live.ex:{mount_line}: HarbourlineWeb.Admin.OccupancyLive.mount/3
       (phoenix_live_view 1.0.17) lib/phoenix_live_view/utils.ex:348: anonymous fn/6 in Phoenix.LiveView.Utils.maybe_call_live_view_mount!/5
       (telemetry 1.3.0) /home/owen/code/harbourline/deps/telemetry/src/telemetry.erl:324: :telemetry.span/3
       (phoenix_live_view 1.0.17) lib/phoenix_live_view/static.ex:321: Phoenix.LiveView.Static.call_mount_and_handle_params!/5
       (phoenix_live_view 1.0.17) lib/phoenix_live_view/static.ex:155: Phoenix.LiveView.Static.do_render/4
       (phoenix_live_view 1.0.17) lib/phoenix_live_view/controller.ex:39: Phoenix.LiveView.Controller.live_render/3
       (phoenix 1.7.21) lib/phoenix/router.ex:484: Phoenix.Router.__call__/5
       (harbourline 0.9.0) lib/harbourline_web/endpoint.ex:1: HarbourlineWeb.Endpoint.plug_builder_call/2
       (harbourline 0.9.0) lib/harbourline_web/endpoint.ex:1: HarbourlineWeb.Endpoint.call/2
       (phoenix 1.7.21) lib/phoenix/test/conn_test.ex:225: Phoenix.ConnTest.dispatch/5
       test/harbourline_web/live/admin/occupancy_live_test.exs:{code_line}: (test)
"""
        blocks = (occ_fail(1, "updates when a berth gets booked", tb, tb + 2, 934, 2207) + "\n"
                  + occ_fail(2, "shows free and held berths", ta, ta + 5, 951, 2209))
        t.fail(occ_cmd, "Run the occupancy board tests",
               exunit(2, "0.4", "0.4", "0.00", 15524, compile_n=7, failures=2, dots="", blocks=blocks),
               code=2, timeout=300000)
        t.say("The board's queries run in the OccupancyServer, which the app's DynamicSupervisor starts — a process "
              "that has nothing to do with the test, so in an async test it has no sandbox connection. Checking how "
              "the LiveView reaches the server.")
        t.grep("ensure_started|DynamicSupervisor.start_child|via\\(", path=P(OCC), output_mode="content", n=True,
               content=f"""{line_of(d, OCC, "def via(")}:  def via(marina_id), do: {{:via, Registry, {{@registry, marina_id}}}}
{line_of(d, OCC, "{:ok, _pid} = ensure_started")}:    {{:ok, _pid}} = ensure_started(marina_id)
{line_of(d, OCC, "def ensure_started")}:  def ensure_started(marina_id) do
{line_of(d, OCC, "case DynamicSupervisor.start_child")}:    case DynamicSupervisor.start_child(@supervisor, {{OccupancyServer, marina_id: marina_id}}) do""")
        t.edit(P(OCCT), """  alias Harbourline.Bookings
  alias Harbourline.Marinas.Occupancy

  setup :register_and_log_in_harbour_staff
""", """  alias Harbourline.Bookings
  alias Harbourline.Marinas.Occupancy
  alias Harbourline.Marinas.OccupancyServer

  setup :register_and_log_in_harbour_staff

  # The board is loaded by the marina's OccupancyServer, a separate process. Start it under the
  # test (Occupancy.board/1 finds it through the Registry) and let it use this test's connection.
  setup %{marina: marina} do
    server = start_supervised!({OccupancyServer, marina_id: marina.id})
    Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), server)
    :ok
  end
""")
        t.bash(occ_cmd, "Run the occupancy board tests again",
               out=exunit(2, "0.3", "0.3", "0.00", 60281), timeout=300000)
        t.done("""Occupancy board is in, at `/admin/occupancy`:

- **`Harbourline.Marinas.Occupancy`** (context): `board/1`, `subscribe/1`, `ensure_started/1`, and `load_board/3` with the two queries (active berths; today's pending/confirmed bookings and running holds). All Repo access is here.
- **`Marinas.OccupancyServer`**: one per marina, registered in `OccupancyRegistry`, started on demand under `OccupancySupervisor` (both added to `Application`). Loads the board on first call, reloads on `:booking_held | :booking_confirmed | :booking_cancelled` and broadcasts `{:occupancy, board}` on `"occupancy:<marina_id>"`.
- **`Bookings`** now broadcasts `:booking_held` and `:booking_cancelled` too (before, only confirmations).
- **`Admin.OccupancyLive`**: subscribes when connected, renders the grid (green/amber/blue, `data-state` on each cell), plain English strings like the invoices page. The LiveView only calls `Occupancy`.

Tests: both failed first with `DBConnection.OwnershipError` — the server was started by the app's DynamicSupervisor during mount, so it couldn't see the async test's sandbox connection. The test now starts the server itself with `start_supervised!` and `Ecto.Adapters.SQL.Sandbox.allow/3`s it; `ensure_started/1` finds it via the Registry. 2 tests, green.

Caveat: the reaper's bulk cancel doesn't broadcast, so an expired hold stays amber on an open board until the next booking event (a reload shows it correctly).""")

        t = d.task("the suite feels slower lately. run it with the slowest tests listed", tags=["noise", "long_output"])
        slow = """Top 10 slowest (3.07s), 42.6% of total time:

  * test checkout holds, pays and confirms (641.2ms) (HarbourlineWeb.BookingLive.CheckoutTest)
    test/harbourline_web/live/booking_live/checkout_test.exs:38
  * test photo import keeps order on re-import (498.7ms) (Harbourline.Marinas.PhotoImportTest)
    test/harbourline/marinas/photo_import_test.exs:51
  * test photo import reads the CMS export (412.3ms) (Harbourline.Marinas.PhotoImportTest)
    test/harbourline/marinas/photo_import_test.exs:19
  * test register user with valid data (288.0ms) (HarbourlineWeb.UserRegistrationLiveTest)
    test/harbourline_web/live/user_registration_live_test.exs:32
  * test log in with valid credentials (261.5ms) (HarbourlineWeb.UserLoginLiveTest)
    test/harbourline_web/live/user_login_live_test.exs:27
  * test updates password (244.9ms) (HarbourlineWeb.UserSettingsLiveTest)
    test/harbourline_web/live/user_settings_live_test.exs:102
  * test invoices list shows the marina's invoices (219.4ms) (HarbourlineWeb.Admin.InvoiceLiveTest)
    test/harbourline_web/live/admin/invoice_live_test.exs:14
  * test finalise_invoice/1 creates the Stripe invoice (193.6ms) (Harbourline.BillingTest)
    test/harbourline/billing_test.exs:61
  * test updates when a berth gets booked (162.8ms) (HarbourlineWeb.Admin.OccupancyLiveTest)
    test/harbourline_web/live/admin/occupancy_live_test.exs:49
  * test an expired hold sends the skipper back to the marina (151.0ms) (HarbourlineWeb.BookingLiveTest)
    test/harbourline_web/live/booking_live_test.exs:37
"""
        t.bash("mix test --slowest 10", "Run the full suite and list the 10 slowest tests",
               out=exunit(401, "7.2", "6.1", "1.1", 734120, doctests=2, excluded=4, slowest=slow), timeout=600000)
        t.done("""Full suite: 2 doctests, 401 tests, 0 failures (4 `stripe_live` excluded) in 7.2 s — 6.1 s async, 1.1 s sync.

The top 10 take 3.07 s (43% of the time):
- **Checkout flow** (641 ms) — expected, it's an end-to-end LiveView test.
- **Photo import** (499 + 412 ms) — the two `PhotoImportTest` cases from #53 read the sample CMS export from disk each time; that's ~0.9 s for two tests. Sharing the parsed export via `setup_all`, or a smaller fixture, would get most of it back.
- The **auth LiveView tests** (245–288 ms) are the usual bcrypt cost; `config :bcrypt_elixir, :log_rounds, 1` in `config/test.exs` is the standard fix — worth checking it's set.
- The new occupancy test (163 ms) is fine.

So: nothing pathological, but the photo import tests are the cheapest big win.""")

        d.precompact("""Analysis: Owen Marsh works on harbourline (Phoenix 1.7 / LiveView 1.0 / Ecto / Oban, fly.io staging + prod, gettext en+nl, `mix lint` = format + credo --strict + gettext check, also a pre-push hook). Branch feat/occupancy-board.
Summary:
1. Berth holds shipped in PR #57 (held status, hold_expires_at utc_datetime_usec, Bookings.hold_berth/3, countdown on BookingLive.Show) plus Berths.HoldReaper cancelling expired holds every minute.
2. feat/berth-dimensions pushed: berth max_length_m/max_beam_m, Booking.validate_fits/2 (errors-domain message), concurrent index on bookings (berth_id, arrives_on).
3. This session: /admin/occupancy board — Marinas.Occupancy context, OccupancyServer per marina (Registry + DynamicSupervisor), Bookings broadcasts :booking_held/:booking_cancelled, OccupancyLive + tests (green). Full suite: 401 tests, 0 failures; slowest are checkout and photo import tests.
Pending: ship the occupancy board (lint, tests, push, PR).""")

        t = d.task("occupancy board looks good on my machine. ship it: lint, full suite, push, PR",
                   tags=["workflow:W2"])
        t.bash("mix lint", "Run format check, credo and the gettext check",
               out=lint_ok(215, 1214, "2.5", "0.1", 100), timeout=300000)
        t.bash("mix test", "Run the full test suite",
               out=exunit(401, "7.0", "6.0", "1.0", 245961, doctests=2, excluded=4), timeout=600000)
        t.bash("git add -A && git commit -m \"feat(admin): live occupancy board per marina\"",
               "Commit the occupancy board",
               out=commit_out("feat/occupancy-board", "feat(admin): live occupancy board per marina", 7, 298, 4,
                              created=["lib/harbourline/marinas/occupancy.ex", "lib/harbourline/marinas/occupancy_server.ex",
                                       "lib/harbourline_web/live/admin/occupancy_live.ex",
                                       "test/harbourline_web/live/admin/occupancy_live_test.exs"]))
        t.bash("git push -u origin feat/occupancy-board", "Push the branch (pre-push hook runs mix lint)",
               out=hook_lint(215, 1214, "2.4", "0.1", 100), err=push_new("feat/occupancy-board", 19, 9, "4.41"),
               timeout=300000)
        t.bash("gh pr create --base main --title \"Live occupancy board for harbour masters\" --body \"$(cat <<'EOF'\n"
               "## What\n- /admin/occupancy: today's berths as free / held / booked, updating live\n"
               "- One OccupancyServer per marina (Registry + DynamicSupervisor), loaded on first use\n"
               "- Bookings now also broadcasts :booking_held and :booking_cancelled\n\n"
               "## Notes\n- Reaper's bulk cancel doesn't broadcast yet; an expired hold stays amber until the next event\nEOF\n)\"",
               "Open the pull request", out="https://github.com/harbourline/harbourline/pull/61",
               err="\nCreating pull request for feat/occupancy-board into main in harbourline/harbourline\n")
        t.done("""Shipped: https://github.com/harbourline/harbourline/pull/61

- `mix lint`: clean (format, Credo strict, gettext up to date — the board has no translated strings).
- `mix test`: 2 doctests, 401 tests, 0 failures, 4 excluded.
- Committed as `feat(admin): live occupancy board per marina`, pushed `feat/occupancy-board` (pre-push lint passed), PR opened against main with the reaper-broadcast caveat in the notes.""")

    # ============================================================ S7  Thu 07-23  (acceptEdits)
    with d.session("2026-07-23T10:00:00", R, branch="main", version="2.1.96", permission_mode="acceptEdits"):
        t = d.task("a skipper emailed: the confirmation for HL-2026-0412 never arrived. check in prod whether the "
                   "confirmation job actually ran. read only — don't retry or resend anything", tags=["mistake:M3"])
        addr_prod = "fdaa:9:3b41:a7b:1f7:8c2e:77d3:2"
        q3 = ("b = Harbourline.Bookings.get_booking_by_reference!(\\\"HL-2026-0412\\\"); "
              "IO.inspect({b.id, b.status, b.inserted_at})")
        gbr_line = line_of(d, BOOKINGS, "|> Repo.get_by!(reference: reference)")
        err3 = repo_lookup_error("get_by!/3").replace(
            "    nofile:1: (file)",
            f"    (harbourline 0.9.0) lib/harbourline/bookings.ex:{gbr_line}: Harbourline.Bookings.get_booking_by_reference!/1\n"
            "    nofile:1: (file)")
        t.fail(f"fly ssh console -a harbourline-prod -C \"/app/bin/harbourline eval '{q3}'\"",
               "Look up the booking on production",
               ssh_head(addr_prod, machine="5683e9d0b27d48") + "\n" + err3
               + "\nError: ssh shell: Process exited with status 1", timeout=120000)
        t.say("Same trap as on staging last week: `eval` runs in a new VM where the app (and its Repo) isn't "
              "started. Running the read-only lookups inside the live node with `rpc` instead.")
        t.bash(f"fly ssh console -a harbourline-prod -C \"/app/bin/harbourline rpc '{q3}'\"",
               "Look up the booking inside the running production node",
               out=ssh_head(addr_prod, machine="5683e9d0b27d48") + "\n{3127, :confirmed, ~U[2026-07-21 17:58:40Z]}",
               timeout=120000)
        q4 = ("import Ecto.Query; Harbourline.Repo.all(from j in Oban.Job, where: j.worker == "
              "\\\"Harbourline.Workers.BookingConfirmationEmail\\\" and fragment(\\\"?->>?\\\", j.args, "
              "\\\"booking_id\\\") == \\\"3127\\\", select: {j.id, j.state, j.attempt, j.attempted_at, j.completed_at, "
              "j.errors}) |> IO.inspect()")
        t.bash(f"fly ssh console -a harbourline-prod -C \"/app/bin/harbourline rpc '{q4}'\"",
               "Find the confirmation e-mail job for that booking (read only)",
               out=ssh_head(addr_prod, machine="5683e9d0b27d48")
               + '\n[\n  {48213, "completed", 1, ~U[2026-07-21 17:58:41.266019Z],\n   ~U[2026-07-21 17:58:42.904117Z], []}\n]',
               timeout=120000)
        t.done("""The job ran fine on our side:

- Booking `HL-2026-0412` (id 3127) was confirmed on 21 July at 17:58:40 UTC.
- Its `BookingConfirmationEmail` job (Oban id 48213) was attempted once at 17:58:41 and **completed** at 17:58:42, no errors recorded — i.e. the mailer accepted the message.

So the e-mail left Harbourline; the loss is downstream. Next place to look is the provider's activity log for that recipient on 21 July (bounce, spam complaint, or suppression list), and the skipper's spam folder. I didn't retry or enqueue anything.

(For the record: `bin/harbourline eval` on the box fails with "could not lookup Ecto repo Harbourline.Repo because it was not started" — lookups against live data have to go through `bin/harbourline rpc`.)""")

        t = d.task("PRs #59 and #61 are merged. deploy main to staging so Femke can see the occupancy board",
                   tags=["workflow:W3", "flaky:F2"])
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {hx(7)}..{hx(7)}
Fast-forward
 lib/harbourline/berths/berth.ex                    |  16 +++-
 lib/harbourline/bookings.ex                        |  31 +++++-
 lib/harbourline/bookings/booking.ex                |  17 +++
 lib/harbourline/marinas/occupancy.ex               |  72 ++++++++++++++
 lib/harbourline/marinas/occupancy_server.ex        |  49 ++++++++++
 lib/harbourline/application.ex                     |   4 +-
 lib/harbourline_web/live/admin/occupancy_live.ex   |  46 +++++++++
 lib/harbourline_web/router.ex                      |   1 +
 priv/gettext/en/LC_MESSAGES/errors.po              |   4 +
 priv/gettext/errors.pot                            |   4 +
 priv/gettext/nl/LC_MESSAGES/errors.po              |   4 +
 .../20260716092210_add_dimensions_to_berths.exs    |  10 ++
 ...20260716092211_add_berth_arrival_index_to_bookings.exs |  10 ++
 test/harbourline/bookings_test.exs                 |  27 ++++++
 .../live/admin/occupancy_live_test.exs             |  63 ++++++++++++
 15 files changed, 353 insertions(+), 5 deletions(-)
 create mode 100644 lib/harbourline/marinas/occupancy.ex
 create mode 100644 lib/harbourline/marinas/occupancy_server.ex
 create mode 100644 lib/harbourline_web/live/admin/occupancy_live.ex
 create mode 100644 priv/repo/migrations/20260716092210_add_dimensions_to_berths.exs
 create mode 100644 priv/repo/migrations/20260716092211_add_berth_arrival_index_to_bookings.exs
 create mode 100644 test/harbourline_web/live/admin/occupancy_live_test.exs""")
        dep = "fly deploy -c fly.staging.toml"
        t.fail(dep, "Deploy main to staging", f"""==> Verifying app config
Validating {R}/fly.staging.toml
\u2713 Configuration is valid
--> Verified app config
==> Building image
==> Building image with Depot
--> build:  (\u200b)
[+] Building 3.1s (3/27)
 => [internal] load build definition from Dockerfile                          0.1s
 => => transferring dockerfile: 3.02kB                                        0.0s
 => [internal] load metadata for docker.io/hexpm/elixir:1.18.4-erlang-27.3.4-debian-bookworm-20250630-slim  2.9s
Error: failed to fetch an image or build from source: error building: failed to solve: Unavailable: error reading from server: EOF""",
               code=1, timeout=900000)
        t.bash(dep, "Deploy main to staging",
               out=fly_deploy("harbourline-staging", 44, ["3d8d9e5f190e89", "91851e7fe3d387"], "88.6",
                              "01K0T4GQ2J6SVA8X3EFRYD7N5B"), timeout=900000)
        t.bash("fly status -c fly.staging.toml", "Check the staging machines",
               out=fly_status("harbourline-staging", 44, ["3d8d9e5f190e89", "91851e7fe3d387"],
                              "01K0T4GQ2J6SVA8X3EFRYD7N5B", ["2026-07-23T10:52:07Z", "2026-07-23T10:52:38Z"]))
        t.bash("curl -fsS https://harbourline-staging.fly.dev/healthz", "Hit the staging health check",
               out=healthz("e41f0c2", "0.9.0"))
        t.done("""Staging is on current main (release v44, sha `e41f0c2`):

- The first `fly deploy` died in the remote builder (`error reading from server: EOF` while loading base image metadata) — a Depot hiccup; the identical re-run went through.
- The `release_command` ran both berth migrations, including the concurrent index.
- `fly status`: both machines started, checks passing; `/healthz` OK.

Femke can open `https://harbourline-staging.fly.dev/admin/occupancy` with a harbour-staff account.""")

        t = d.task("ok, the fixture modules are getting painful (every new test needs three of them). let's add "
                   "ex_machina after all and a Harbourline.Factory; new tests use factories from now on. do it on a "
                   "branch chore/test-factories and convert the HoldReaper test as the first one",
                   tags=["reversal:P3", "flaky:F1"])
        t.bash("git switch -c chore/test-factories", "Create the branch", err="Switched to a new branch 'chore/test-factories'")
        t.read(P(MIX))
        t.edit(P(MIX), """      {:floki, ">= 0.36.0", only: :test},
""", """      {:floki, ">= 0.36.0", only: :test},
      {:ex_machina, "~> 2.8", only: :test},
""")
        unchanged = """  bandit 1.7.0
  castore 1.0.14
  credo 1.7.12
  db_connection 2.8.0
  decimal 2.3.0
  dialyxir 1.4.5
  dns_cluster 0.1.3
  ecto 3.12.5
  ecto_sql 3.12.1
  esbuild 0.10.0
  expo 1.1.0
  finch 0.19.0
  floki 0.38.0
  gettext 0.26.2
  hpax 1.0.3
  jason 1.4.4
  mime 2.0.7
  mint 1.7.1
  nimble_options 1.1.1
  nimble_pool 1.1.0
  oban 2.19.4
  phoenix 1.7.21
  phoenix_ecto 4.6.5
  phoenix_html 4.2.1
  phoenix_live_dashboard 0.8.7
  phoenix_live_reload 1.6.0
  phoenix_live_view 1.0.17
  phoenix_pubsub 2.1.3
  phoenix_template 1.0.4
  plug 1.18.1
  plug_crypto 2.1.1
  postgrex 0.20.0
  sobelow 0.13.0
  stripity_stripe 3.2.0
  swoosh 1.19.3
  tailwind 0.3.1
  telemetry 1.3.0
  telemetry_metrics 1.1.0
  telemetry_poller 1.2.0
  thousand_island 1.3.14
  websock 0.5.3
  websock_adapter 0.5.8"""
        t.fail("mix deps.get", "Fetch the new dependency", f"""Resolving Hex dependencies...
Resolution completed in 0.196s
New:
  ex_machina 2.8.0
Unchanged:
{unchanged}
* Getting ex_machina (Hex package)
Request failed (:timeout)
** (Mix) Package fetch failed and no cached copy available (https://repo.hex.pm/tarballs/ex_machina-2.8.0.tar)""",
               code=1, timeout=300000)
        t.bash("mix deps.get", "Fetch the new dependency", out=f"""Resolving Hex dependencies...
Resolution completed in 0.171s
New:
  ex_machina 2.8.0
Unchanged:
{unchanged}
* Getting ex_machina (Hex package)""", timeout=300000)
        FACT = "test/support/factory.ex"
        t.write(P(FACT), """defmodule Harbourline.Factory do
  use ExMachina.Ecto, repo: Harbourline.Repo

  def marina_factory do
    %Harbourline.Marinas.Marina{
      name: sequence(:marina_name, &"Marina #{&1}"),
      slug: sequence(:marina_slug, &"marina-#{&1}"),
      country: "NL",
      timezone: "Europe/Amsterdam"
    }
  end

  def berth_factory do
    %Harbourline.Berths.Berth{
      code: sequence(:berth_code, &"A#{&1}"),
      pontoon: "A",
      nightly_rate_cents: 3_200,
      marina: build(:marina)
    }
  end

  def booking_factory do
    %Harbourline.Bookings.Booking{
      reference: sequence(:reference, &"HL-2026-#{String.pad_leading(to_string(&1), 4, "0")}"),
      skipper_name: "Ada Lovelace",
      skipper_email: sequence(:skipper_email, &"skipper#{&1}@example.com"),
      boat_name: "Wavelength",
      boat_length_m: Decimal.new("9.5"),
      arrives_on: ~D[2026-08-10],
      departs_on: ~D[2026-08-13],
      status: :pending,
      berth: build(:berth)
    }
  end

  def held_booking_factory do
    struct!(booking_factory(),
      status: :held,
      hold_expires_at: DateTime.add(DateTime.utc_now(), 15, :minute)
    )
  end
end
""")
        t.read(P(DATA_CASE))
        t.edit(P(DATA_CASE), """      import Ecto.Query
      import Harbourline.DataCase""", """      import Ecto.Query
      import Harbourline.DataCase
      import Harbourline.Factory""")
        RT = "test/harbourline/berths/hold_reaper_test.exs"
        t.read(P(RT))
        t.write(P(RT), """defmodule Harbourline.Berths.HoldReaperTest do
  use Harbourline.DataCase, async: true

  alias Harbourline.Berths.HoldReaper
  alias Harbourline.Bookings

  setup do
    reaper = start_supervised!({HoldReaper, name: nil, interval: :manual})
    # The sweep queries from the reaper's own process: let it use this test's sandbox connection.
    Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), reaper)
    %{reaper: reaper}
  end

  test "sweep releases holds that have expired", %{reaper: reaper} do
    expired = insert(:held_booking, hold_expires_at: DateTime.add(DateTime.utc_now(), -60, :minute))

    assert HoldReaper.sweep(reaper) == 1
    assert Bookings.get_booking!(expired.id).status == :cancelled
  end

  test "sweep leaves running holds alone", %{reaper: reaper} do
    held = insert(:held_booking)

    assert HoldReaper.sweep(reaper) == 0
    assert Bookings.get_booking!(held.id).status == :held
  end
end
""")
        t.bash("mix test test/harbourline/berths/hold_reaper_test.exs", "Run the converted HoldReaper tests",
               out=exunit(2, "0.1", "0.1", "0.00", 402215, compile_n=3) .replace(
                   "Compiling 3 files (.ex)", "==> ex_machina\nCompiling 4 files (.ex)\nGenerated ex_machina app\n==> harbourline\nCompiling 3 files (.ex)"),
               timeout=300000)
        t.done("""On `chore/test-factories`:

- `{:ex_machina, "~> 2.8", only: :test}` in `mix.exs`. The first `mix deps.get` timed out fetching the tarball from hex.pm; the same command a moment later worked.
- **`test/support/factory.ex`** — `Harbourline.Factory` with `marina`, `berth`, `booking` and `held_booking` factories (sequences for names, slugs, codes, references and e-mails; a booking builds its berth and marina).
- `DataCase` imports `Harbourline.Factory`, so `insert/2` and `build/2` are available in every data test.
- **`HoldReaperTest`** now uses `insert(:held_booking, …)` instead of `MarinasFixtures` + `Bookings.hold_berth/3`; still async, still green (2 tests).

The old fixture modules stay for now so existing tests keep working; new tests go through the factory. Not committed yet.""")

        t = d.task("while you're on this branch: run dialyzer, nobody has in a while", tags=["oneoff:O2"])
        q_line = line_of(d, BOOKINGS, "def quote(")
        ok_line = line_of(d, BOOKINGS, "{:ok, cents} -> {:ok, %{nights:")
        er_line = line_of(d, BOOKINGS, "{:error, _reason} = error -> error")
        t.fail("mix dialyzer", "Run Dialyzer", dialyzer_head(2187) + f"""
Total errors: 3, Skipped: 0, Unnecessary Skips: 0
done in 0m9.31s
lib/harbourline/bookings.ex:{q_line}:no_return
Function quote/3 has no local return.
{SEP}
lib/harbourline/bookings.ex:{ok_line}:7:pattern_match
The pattern can never match the type.

Pattern:
{{:ok, _cents}}

Type:
non_neg_integer()

{SEP}
lib/harbourline/bookings.ex:{er_line}:7:pattern_match
The pattern can never match the type.

Pattern:
{{:error, _reason}}

Type:
non_neg_integer()

{SEP}
done (warnings were emitted)
Halting VM with exit status 2""", code=2, timeout=900000)
        t.read(P(BOOKINGS), offset=q_line - 2, limit=10)
        t.edit(P(BOOKINGS), """  def quote(%Berth{} = berth, %Date{} = arrives_on, %Date{} = departs_on) do
    case Pricing.total_cents(berth, arrives_on, departs_on) do
      {:ok, cents} -> {:ok, %{nights: Date.diff(departs_on, arrives_on), total_cents: cents}}
      {:error, _reason} = error -> error
    end
  end""", """  def quote(%Berth{} = berth, %Date{} = arrives_on, %Date{} = departs_on) do
    case Date.diff(departs_on, arrives_on) do
      nights when nights > 0 ->
        {:ok, %{nights: nights, total_cents: Pricing.total_cents(berth, arrives_on, departs_on)}}

      _ ->
        {:error, :invalid_range}
    end
  end""")
        t.bash("mix dialyzer", "Run Dialyzer again", out="""Finding suitable PLTs
Checking PLT...
[:asn1, :bandit, :castore, :compiler, :crypto, :db_connection, :decimal, :dns_cluster, :ecto, :ecto_sql, :eex,
 :elixir, :ex_unit, :expo, :finch, :gettext, :hpax, :jason, :kernel, :logger, :mime, :mint, :mix, :nimble_options,
 :nimble_pool, :oban, :os_mon, :phoenix, :phoenix_ecto, :phoenix_html, :phoenix_live_dashboard,
 :phoenix_live_view, :phoenix_pubsub, :phoenix_template, :plug, :plug_crypto, :postgrex, :public_key,
 :runtime_tools, :ssl, :stdlib, :stripity_stripe, :swoosh, :telemetry, :telemetry_metrics, :telemetry_poller,
 :thousand_island, :uri_query, :websock, :websock_adapter]
PLT is up to date!
No :ignore_warnings opt specified in mix.exs and default does not exist.

Starting Dialyzer
[
  check_plt: false,
  init_plt: ~c"/home/owen/code/harbourline/priv/plts/dialyxir_erlang-27.3.4_elixir-1.18.4_deps-dev.plt",
  files: [~c"/home/owen/code/harbourline/_build/dev/lib/harbourline/ebin/Elixir.Harbourline.Application.beam", ...],
  warnings: [:unknown]
]
Total errors: 0, Skipped: 0, Unnecessary Skips: 0
done in 0m8.97s
done (passed successfully)""", timeout=900000)
        t.bash("mix test test/harbourline/bookings_test.exs", "Run the bookings tests",
               out=exunit(10, "0.3", "0.3", "0.00", 114407, compile_n=1), timeout=300000)
        t.done(f"""Dialyzer found a real bug, now fixed:

- `Bookings.quote/3` (`bookings.ex:{q_line}`) still did `case Pricing.total_cents(...) do {{:ok, cents}} -> …; {{:error, _}} -> … end`, but since #54 `total_cents/3` returns a plain `non_neg_integer()`. Neither clause could ever match, so every call raised `CaseClauseError` — the booking form's price preview would crash. No test covers `quote/3`, which is why the suite stayed green.
- `quote/3` now checks the range itself (`{{:error, :invalid_range}}` for zero or negative nights) and puts `total_cents/3`'s integer straight into the result.

`mix dialyzer`: 0 errors. Bookings tests still green. It'd be worth adding a test for `quote/3` — want me to?""")

    # ============================================================ S8  Tue 07-28
    with d.session("2026-07-28T09:20:00", R, branch="feat/arrival-reminders", version="2.1.97"):
        t = d.task("arrival reminders, as planned: the day before arrival at 09:00 marina local time, Oban worker, "
                   "unique per booking. the email via Swoosh; every line of copy through gettext in its own "
                   "\"emails\" domain — Femke will do the Dutch. schedule it when a booking is confirmed. test the "
                   "worker", tags=["mistake:M1", "long_output"])
        t.read(P(BOOKINGS))
        WRK = "lib/harbourline/workers/arrival_reminder.ex"
        EML = "lib/harbourline/emails/arrival_reminder_email.ex"
        WRKT = "test/harbourline/workers/arrival_reminder_test.exs"
        t.write(P(WRK), """defmodule Harbourline.Workers.ArrivalReminder do
  @moduledoc "E-mails the skipper at 09:00 marina time the day before arrival; one job per booking."
  use Oban.Worker,
    queue: :mailers,
    max_attempts: 5,
    unique: [
      keys: [:booking_id],
      period: :infinity,
      states: [:available, :scheduled, :executing, :retryable, :completed]
    ]

  alias Harbourline.Bookings
  alias Harbourline.Emails.ArrivalReminderEmail
  alias Harbourline.Mailer

  @send_at ~T[09:00:00]

  @doc "Schedules the reminder, or moves an already scheduled one to the new date."
  def schedule(booking) do
    %{booking_id: booking.id}
    |> new(scheduled_at: send_at(booking), replace: [scheduled: [:scheduled_at]])
    |> Oban.insert()
  end

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{"booking_id" => booking_id}}) do
    case Bookings.get_booking!(booking_id) do
      %{status: :confirmed} = booking ->
        with {:ok, _meta} <- booking |> ArrivalReminderEmail.build() |> Mailer.deliver(), do: :ok

      _not_confirmed ->
        {:cancel, :not_confirmed}
    end
  end

  def send_at(booking) do
    booking.arrives_on
    |> Date.add(-1)
    |> DateTime.new!(@send_at, booking.berth.marina.timezone)
    |> DateTime.shift_zone!("Etc/UTC")
  end
end
""")
        t.write(P(EML), """defmodule Harbourline.Emails.ArrivalReminderEmail do
  @moduledoc "The day-before-arrival e-mail; copy lives in the \\"emails\\" gettext domain."
  use Gettext, backend: HarbourlineWeb.Gettext

  import Swoosh.Email

  def build(booking) do
    marina = booking.berth.marina

    Gettext.with_locale(locale(marina), fn ->
      new()
      |> to({booking.skipper_name, booking.skipper_email})
      |> from({"Harbourline", "bookings@harbourline.app"})
      |> subject(dgettext("emails", "See you tomorrow at %{marina}", marina: marina.name))
      |> text_body(body(booking, marina))
    end)
  end

  defp body(booking, marina) do
    Enum.join(
      [
        dgettext("emails", "Hi %{name},", name: booking.skipper_name),
        dgettext("emails", "Berth %{code} at %{marina} is ready for %{boat} tomorrow, %{date}.",
          code: booking.berth.code,
          marina: marina.name,
          boat: booking.boat_name,
          date: Calendar.strftime(booking.arrives_on, "%d-%m-%Y")
        ),
        dgettext("emails", "You can arrive from 14:00. Please check in at the harbour office when you get in."),
        dgettext("emails", "Your booking reference is %{reference}.", reference: booking.reference),
        dgettext("emails", "Fair winds,") <> "\\nHarbourline"
      ],
      "\\n\\n"
    )
  end

  defp locale(%{country: "NL"}), do: "nl"
  defp locale(_marina), do: "en"
end
""")
        t.edit(P(BOOKINGS), """  def confirm_booking(%Booking{} = booking) do
    with {:ok, booking} <- booking |> Booking.status_changeset(:confirmed) |> Repo.update() do
      broadcast({:booking_confirmed, booking.id})
      {:ok, booking}
    end
  end""", """  def confirm_booking(%Booking{} = booking) do
    with {:ok, booking} <- booking |> Booking.status_changeset(:confirmed) |> Repo.update(),
         {:ok, _job} <- booking |> Repo.preload(berth: :marina) |> ArrivalReminder.schedule() do
      broadcast({:booking_confirmed, booking.id})
      {:ok, booking}
    end
  end""")
        t.edit(P(BOOKINGS), """  alias Harbourline.Repo
""", """  alias Harbourline.Repo
  alias Harbourline.Workers.ArrivalReminder
""")
        t.write(P(WRKT), """defmodule Harbourline.Workers.ArrivalReminderTest do
  use Harbourline.DataCase, async: true
  use Oban.Testing, repo: Harbourline.Repo

  import Swoosh.TestAssertions

  alias Harbourline.Workers.ArrivalReminder

  test "e-mails the skipper of a confirmed booking" do
    booking = insert(:booking, status: :confirmed)

    assert :ok = perform_job(ArrivalReminder, %{booking_id: booking.id})
    assert_email_sent(subject: "See you tomorrow at #{booking.berth.marina.name}")
  end

  test "cancels itself when the booking is no longer confirmed" do
    booking = insert(:booking, status: :cancelled)

    assert {:cancel, :not_confirmed} = perform_job(ArrivalReminder, %{booking_id: booking.id})
    assert_no_email_sent()
  end

  test "is scheduled for 09:00 marina time the day before arrival" do
    booking = insert(:booking, status: :confirmed, arrives_on: ~D[2026-08-10])

    assert {:ok, _job} = ArrivalReminder.schedule(booking)

    assert_enqueued(
      worker: ArrivalReminder,
      args: %{booking_id: booking.id},
      scheduled_at: ~U[2026-08-09 07:00:00Z]
    )
  end
end
""")
        t.bash("mix test test/harbourline/workers/arrival_reminder_test.exs", "Run the reminder worker tests",
               out=exunit(3, "0.2", "0.2", "0.00", 339041, compile_n=4), timeout=300000)
        lc = "mix lint && mix test"
        t.fail(lc, "Lint, then the full suite", credo_ok(219, 1241, "2.5", "0.1") + "\n" + compiled(103) + "\n"
               + gettext_fail(["priv/gettext/emails.pot"]), code=1, timeout=600000)
        t.say("Lint stops at the gettext check: the new `emails` domain has no POT file yet, so every "
              "`dgettext(\"emails\", …)` in the reminder e-mail is unextracted. Extracting and merging creates "
              "`emails.pot` and the en/nl `emails.po`.")
        t.bash("mix gettext.extract --merge", "Extract the emails domain and create its PO files",
               out=compiled(103) + "\n" + merged([("emails", [("en", 6, 0), ("nl", 6, 0)])]), timeout=300000)
        full3 = exunit(404, "7.4", "6.3", "1.1", 908233, doctests=2, excluded=4)
        t.bash(lc, "Lint, then the full suite", out=lint_ok(219, 1241, "2.4", "0.1", 103) + "\n" + full3,
               timeout=600000)
        t.done("""Arrival reminders are in (not committed yet):

- **`Workers.ArrivalReminder`** (queue `:mailers`, 5 attempts): unique on `booking_id` across available/scheduled/executing/retryable/completed, period `:infinity`. `schedule/1` sets `scheduled_at` to 09:00 in the marina's timezone the day before arrival (converted to UTC) and, on conflict, moves an already scheduled job (`replace: [scheduled: [:scheduled_at]]`). `perform/1` re-reads the booking and returns `{:cancel, :not_confirmed}` unless it's still confirmed.
- **`Emails.ArrivalReminderEmail`**: plain-text Swoosh e-mail; subject and all five body lines via `dgettext("emails", …)`, rendered in `nl` for Dutch marinas, `en` otherwise.
- **`Bookings.confirm_booking/1`** schedules the reminder in the same `with` as the status update.
- Tests (factories): sends for a confirmed booking, cancels for a cancelled one, scheduled for 07:00 UTC on 9 Aug for an Amsterdam marina.

The first `mix lint` failed on the gettext check (no `emails.pot` yet); `mix gettext.extract --merge` created `priv/gettext/emails.pot` and en/nl `emails.po` with the 6 messages. Then lint clean and full suite green: 2 doctests, 404 tests, 0 failures, 4 excluded. The nl file is ready for Femke (all `msgstr` empty).""")

        t = d.task("before I touch payment links: run the stripe_live tests against our Stripe test account",
                   tags=["unfixed:U2"])
        key_mask = "sk_test_" + "*" * 38 + "Qx7d"

        def stripe_block(n, title, line, code):
            return f"""  {n}) test {title} (Harbourline.Billing.StripeClientTest)
     test/harbourline/billing/stripe_client_test.exs:{line}
     match (=) failed
     code:  {code}
     left:  {{:ok, %Stripe.Customer{{}} = customer}}
     right: {{:error,
             %Stripe.Error{{
               source: :stripe,
               code: :invalid_request_error,
               request_id: {{"Request-Id", "req_{hx(14)}"}},
               extra: %{{
                 http_status: 401,
                 raw_error: %{{
                   "message" => "Invalid API Key provided: {key_mask}",
                   "type" => "invalid_request_error"
                 }}
               }},
               message: "Invalid API Key provided: {key_mask}",
               user_message: nil
             }}}}
     stacktrace:
       test/harbourline/billing/stripe_client_test.exs:{line + 1}: (test)
"""
        sblocks = (stripe_block(1, "customer: creates and fetches a customer", 14,
                                "assert {:ok, %Stripe.Customer{} = customer} = StripeClient.create_customer(\"live-test@harbourline.app\")")
                   + "\n" + stripe_block(2, "invoice: finalises a draft invoice in Stripe", 31,
                                         "assert {:ok, %Stripe.Customer{} = customer} = StripeClient.create_customer(\"invoice-test@harbourline.app\")")
                   + "\n" + stripe_block(3, "customer: updates the customer's name", 22,
                                         "assert {:ok, %Stripe.Customer{} = customer} = StripeClient.create_customer(\"rename-test@harbourline.app\")"))
        t.fail("mix test --only stripe_live", "Run the Stripe live-mode tests", f"""Running ExUnit with seed: 650178, max_cases: 16
Including tags: [:stripe_live]
Excluding tags: [:test]



{sblocks}
.
Finished in 2.3 seconds (0.00s async, 2.3s sync)
4 tests, 3 failures, 406 excluded""", code=2, timeout=300000)
        t.bash("grep -rn \"stripity_stripe\" config/", "See where the Stripe key comes from",
               out="""config/config.exs:64:config :stripity_stripe, json_library: Jason
config/runtime.exs:9:if config_env() == :test and System.get_env("STRIPE_TEST_SECRET_KEY") do
config/runtime.exs:10:  config :stripity_stripe, api_key: System.get_env("STRIPE_TEST_SECRET_KEY")
config/runtime.exs:41:  config :stripity_stripe, api_key: System.fetch_env!("STRIPE_SECRET_KEY")""")
        t.done("""The Stripe live tests can't run: 3 of 4 fail because Stripe rejects the key — `401 invalid_request_error: "Invalid API Key provided: sk_test_…Qx7d"`. The fourth (webhook signature check) doesn't call the API, so it passes.

In test the key comes from `STRIPE_TEST_SECRET_KEY` (`config/runtime.exs:9-10`), i.e. whatever your shell/direnv exports. The key itself is well-formed, so it's most likely been rolled or revoked in the Stripe dashboard (test mode → Developers → API keys).

I haven't changed anything. Once you've put a current test key in your environment, `mix test --only stripe_live` should tell us whether the client code is fine.""")

        t = d.task("booking form: the boat length field triggers a price/fit check on every keystroke. "
                   "phx-debounce or phx-throttle? one paragraph", tags=["noise", "no_tools"])
        t.done("""`phx-debounce`. Debounce waits until the user stops typing for the given time (e.g. `phx-debounce="400"`, or `"blur"` to wait until they leave the field) and sends one event with the final value — exactly what you want for a length like "11.5", where the intermediate values "1" and "11." are meaningless and would flash a "doesn't fit" error. Throttle instead sends at most one event per interval *while* events keep coming, which suits continuous input such as a slider or scroll position. For the boat length, `phx-debounce="400"` on the input (or `"blur"` if the fit check is expensive) is the right call.""")

    # ============================================================ S9  Fri 07-31
    with d.session("2026-07-31T09:50:00", R, branch="feat/draft-invoices", version="2.1.98"):
        t = d.task("when a booking is confirmed we want a draft invoice. InvoiceListener already receives "
                   ":booking_confirmed — make it create the draft through Billing (total from Pricing) and broadcast "
                   "{:invoice_created, invoice} on the billing topic. and the admin invoices LiveView runs its own "
                   "Repo query: move it into Billing. HarbourlineWeb modules never alias Repo, data access goes "
                   "through the context. test the listener", tags=["mistake:M2", "pref:P1"])
        t.read(P(LISTENER))
        t.read(P(BILLING))
        t.read(P(INV_LIVE))
        t.edit(P(BILLING), """  alias Harbourline.Billing.Invoice
  alias Harbourline.Repo

  @topic "billing"

  def subscribe, do: Phoenix.PubSub.subscribe(Harbourline.PubSub, @topic)
""", """  alias Harbourline.Billing.Invoice
  alias Harbourline.Bookings.Booking
  alias Harbourline.Bookings.Pricing
  alias Harbourline.Repo

  @topic "billing"

  def subscribe, do: Phoenix.PubSub.subscribe(Harbourline.PubSub, @topic)

  @doc "A marina's invoices, newest first, with their booking."
  def list_invoices(marina_id, limit \\\\ 100) do
    Invoice
    |> where([i], i.marina_id == ^marina_id)
    |> order_by([i], desc: i.inserted_at)
    |> limit(^limit)
    |> preload(:booking)
    |> Repo.all()
  end

  @doc "Creates the draft invoice for a booking and broadcasts `{:invoice_created, invoice}`."
  def create_draft_invoice(booking_id) do
    case Repo.get(Booking, booking_id) do
      nil ->
        {:error, :booking_not_found}

      booking ->
        booking = Repo.preload(booking, :berth)

        %Invoice{}
        |> Invoice.changeset(%{
          booking_id: booking.id,
          marina_id: booking.berth.marina_id,
          status: :draft,
          total_cents: Pricing.total_cents(booking.berth, booking.arrives_on, booking.departs_on)
        })
        |> Repo.insert()
        |> tap_broadcast()
    end
  end
""")
        t.edit(P(BILLING), """    |> Repo.update()
  end
end""", """    |> Repo.update()
  end

  defp tap_broadcast({:ok, invoice} = result) do
    Phoenix.PubSub.broadcast(Harbourline.PubSub, @topic, {:invoice_created, invoice})
    result
  end

  defp tap_broadcast(error), do: error
end""")
        t.edit(P(LISTENER), """  alias Harbourline.Bookings
""", """  alias Harbourline.Billing
  alias Harbourline.Bookings
""")
        t.edit(P(LISTENER), """  def handle_info({:booking_confirmed, booking_id}, state) do
    Logger.info("booking confirmed, invoicing pending", booking_id: booking_id)
    :telemetry.execute([:harbourline, :billing, :booking_confirmed], %{count: 1}, %{
      booking_id: booking_id
    })
    {:noreply, state}
  end""", """  def handle_info({:booking_confirmed, booking_id}, state) do
    case Billing.create_draft_invoice(booking_id) do
      {:ok, invoice} ->
        Logger.info("draft invoice created", booking_id: booking_id, invoice_id: invoice.id)

      {:error, reason} ->
        Logger.warning("no draft invoice: #{inspect(reason)}", booking_id: booking_id)
    end

    {:noreply, state}
  end""")
        t.edit(P(INV_LIVE), """  import Ecto.Query

  alias Harbourline.Billing.Invoice
  alias Harbourline.Repo

  @impl true
  def mount(_params, _session, socket) do
    invoices =
      Invoice
      |> where([i], i.marina_id == ^socket.assigns.current_marina.id)
      |> order_by([i], desc: i.inserted_at)
      |> limit(100)
      |> preload(:booking)
      |> Repo.all()

    {:ok,""", """  alias Harbourline.Billing

  @impl true
  def mount(_params, _session, socket) do
    invoices = Billing.list_invoices(socket.assigns.current_marina.id)

    {:ok,""")
        LT = "test/harbourline/billing/invoice_listener_test.exs"
        t.write(P(LT), """defmodule Harbourline.Billing.InvoiceListenerTest do
  use Harbourline.DataCase, async: true

  alias Harbourline.Billing
  alias Harbourline.Billing.Invoice
  alias Harbourline.Billing.InvoiceListener
  alias Harbourline.Bookings

  setup do
    # The application doesn't start listeners in test (start_listeners?: false).
    %{listener: start_supervised!(InvoiceListener)}
  end

  test "a confirmed booking gets a draft invoice" do
    Billing.subscribe()
    booking = insert(:booking, arrives_on: ~D[2026-08-10], departs_on: ~D[2026-08-13])
    booking_id = booking.id

    {:ok, _} = Bookings.confirm_booking(booking)

    assert_receive {:invoice_created, %Invoice{booking_id: ^booking_id, status: :draft}}
  end

  test "a cancellation doesn't create an invoice" do
    Billing.subscribe()
    booking = insert(:booking)

    {:ok, _} = Bookings.cancel_booking(booking)

    refute_receive {:invoice_created, _}
  end
end
""")
        get_line = line_of(d, BILLING, "case Repo.get(Booking, booking_id) do")
        hi_line = line_of(d, LISTENER, "case Billing.create_draft_invoice(booking_id) do")
        tl = line_of(d, LT, 'test "a confirmed booking gets a draft invoice"')
        listener_log = ("10:12:44.918 [error] GenServer Harbourline.Billing.InvoiceListener terminating\n"
                        + ownership("#PID<0.688.0> (Harbourline.Billing.InvoiceListener)", 0) + f"""
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:994: Ecto.Adapters.SQL.execute/6
    (ecto 3.12.5) lib/ecto/repo/queryable.ex:232: Ecto.Repo.Queryable.execute/4
    (ecto 3.12.5) lib/ecto/repo/queryable.ex:19: Ecto.Repo.Queryable.all/3
    (ecto 3.12.5) lib/ecto/repo/queryable.ex:151: Ecto.Repo.Queryable.one/3
    (harbourline 0.9.0) lib/harbourline/billing.ex:{get_line}: Harbourline.Billing.create_draft_invoice/1
    (harbourline 0.9.0) lib/harbourline/billing/invoice_listener.ex:{hi_line}: Harbourline.Billing.InvoiceListener.handle_info/2
    (stdlib 6.2.2) gen_server.erl:2345: :gen_server.try_handle_info/3
    (stdlib 6.2.2) gen_server.erl:2433: :gen_server.handle_msg/6
    (stdlib 6.2.2) proc_lib.erl:329: :proc_lib.init_p_do_apply/3
Last message: {{:booking_confirmed, 5208}}
State: %{{}}""")
        lfail = f"""  1) test a confirmed booking gets a draft invoice (Harbourline.Billing.InvoiceListenerTest)
     test/harbourline/billing/invoice_listener_test.exs:{tl}
     Assertion failed, no matching message after 100ms
     The process mailbox is empty.
     code: assert_receive {{:invoice_created, %Invoice{{booking_id: ^booking_id, status: :draft}}}}
     stacktrace:
       test/harbourline/billing/invoice_listener_test.exs:{tl + 7}: (test)
"""
        lcmd = "mix test test/harbourline/billing/invoice_listener_test.exs"
        t.fail(lcmd, "Run the InvoiceListener tests",
               exunit(2, "0.3", "0.3", "0.00", 477190, compile_n=5, failures=1, dots="",
                      blocks=listener_log + "\n\n\n" + lfail, dots_after="."), code=2, timeout=300000)
        t.say("The listener crashed on the confirmation with `DBConnection.OwnershipError`: it runs the Billing "
              "query in its own process, which has no sandbox connection in an async test, so the invoice never got "
              "created and the `assert_receive` timed out. Checking the test config for how listeners are started.")
        t.read(P(TEST_CFG))
        t.edit(P(LT), """  setup do
    # The application doesn't start listeners in test (start_listeners?: false).
    %{listener: start_supervised!(InvoiceListener)}
  end""", """  setup do
    # The application doesn't start listeners in test (start_listeners?: false). The listener
    # queries from its own process, so it gets this test's sandbox connection.
    listener = start_supervised!(InvoiceListener)
    Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), listener)
    %{listener: listener}
  end""")
        t.bash(lcmd, "Run the InvoiceListener tests again",
               out=exunit(2, "0.2", "0.2", "0.00", 31866), timeout=300000)
        t.done("""Draft invoices on confirmation:

- **`Billing.create_draft_invoice/1`**: loads the booking (+ berth), inserts a `:draft` invoice with `total_cents` from `Pricing.total_cents/3`, broadcasts `{:invoice_created, invoice}` on `"billing"`. Unknown booking ids give `{:error, :booking_not_found}` instead of crashing the listener.
- **`InvoiceListener`** calls it on `:booking_confirmed` and logs the outcome.
- **`Billing.list_invoices/2`**: the query that lived in `Admin.InvoiceLive.Index`; the LiveView now just calls it — no `Repo`, `Invoice` alias or `Ecto.Query` import left in the web module.
- **`InvoiceListenerTest`**: confirmation → draft invoice broadcast; cancellation → nothing.

The first run failed with `DBConnection.OwnershipError` logged from the listener: it runs the insert in its own process, and in an async test only the test process owns the sandbox connection. The setup now allows the listener with `Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), listener)` after `start_supervised!`; 2 tests pass and the module stays async. Events from other async tests can reach this listener too, but their booking ids don't exist in this test's transaction, so they're ignored rather than crashing it.""")

        t = d.task("good. ship it — lint, tests, push, PR", tags=["workflow:W2"])
        t.bash("mix lint", "Run format check, credo and the gettext check",
               out=lint_ok(221, 1252, "2.6", "0.1", 105), timeout=300000)
        t.bash("mix test", "Run the full test suite",
               out=exunit(406, "7.3", "6.2", "1.1", 562810, doctests=2, excluded=4), timeout=600000)
        t.bash("git add -A && git commit -m \"feat(billing): draft invoice when a booking is confirmed\"",
               "Commit the draft invoice work",
               out=commit_out("feat/draft-invoices", "feat(billing): draft invoice when a booking is confirmed", 4, 118, 17,
                              created=["test/harbourline/billing/invoice_listener_test.exs"]))
        t.bash("git push -u origin feat/draft-invoices", "Push the branch (pre-push hook runs mix lint)",
               out=hook_lint(221, 1252, "2.5", "0.1", 105), err=push_new("feat/draft-invoices", 14, 8, "3.02"),
               timeout=300000)
        t.bash("gh pr create --base main --title \"Draft invoice when a booking is confirmed\" --body \"$(cat <<'EOF'\n"
               "## What\n- InvoiceListener creates a draft invoice (total from Pricing) on :booking_confirmed\n"
               "- Billing.list_invoices/2; the admin invoices LiveView no longer queries Repo itself\n\n"
               "## Notes\n- Drafts are not sent to Stripe; finalise_invoice/1 is unchanged\nEOF\n)\"",
               "Open the pull request", out="https://github.com/harbourline/harbourline/pull/66",
               err="\nCreating pull request for feat/draft-invoices into main in harbourline/harbourline\n")
        t.done("""Shipped: https://github.com/harbourline/harbourline/pull/66

- `mix lint` clean; full suite 2 doctests, 406 tests, 0 failures (4 excluded).
- Commit `feat(billing): draft invoice when a booking is confirmed`, branch pushed (pre-push lint passed), PR against main.""")

        t = d.task("quick check: does anything under lib/harbourline_web still touch Repo directly?", tags=["noise"])
        t.grep("Repo", path=P("lib/harbourline_web"), output_mode="content", n=True,
               content=f"""{R}/lib/harbourline_web/controllers/health_controller.ex:9:    db = match?({{:ok, _}}, Ecto.Adapters.SQL.query(Harbourline.Repo, "SELECT 1", []))""")
        t.done("""One place left: `HealthController` (`health_controller.ex:9`) runs `SELECT 1` against `Harbourline.Repo` for `/healthz`. Everything else under `lib/harbourline_web` goes through contexts now that the invoices LiveView uses `Billing.list_invoices/2`.

If you want the web layer completely Repo-free, that check could move to a tiny `Harbourline.Health.check_db/0`; it's a two-line change, but not urgent.""")

    # ============================================================ S10  Tue 08-04
    with d.session("2026-08-04T09:10:00", R, branch="main", version="2.1.101"):
        t = d.task("#64 (factories + dialyzer fix), #65 (reminders) and #66 are merged. staging please", tags=["workflow:W3"])
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {hx(7)}..{hx(7)}
Fast-forward
 lib/harbourline/billing.ex                         |  46 +++++++-
 lib/harbourline/billing/invoice_listener.ex        |  13 ++-
 lib/harbourline/bookings.ex                        |  21 ++--
 lib/harbourline/emails/arrival_reminder_email.ex   |  44 +++++++
 lib/harbourline/workers/arrival_reminder.ex        |  47 ++++++++
 lib/harbourline_web/live/admin/invoice_live/index.ex |  14 +--
 mix.exs                                            |   1 +
 mix.lock                                           |   1 +
 priv/gettext/emails.pot                            |  32 ++++++
 priv/gettext/en/LC_MESSAGES/emails.po              |  32 ++++++
 priv/gettext/nl/LC_MESSAGES/emails.po              |  32 ++++++
 test/harbourline/berths/hold_reaper_test.exs       |  25 ++---
 test/harbourline/billing/invoice_listener_test.exs |  36 ++++++
 test/harbourline/workers/arrival_reminder_test.exs |  39 +++++++
 test/support/data_case.ex                          |   1 +
 test/support/factory.ex                            |  45 ++++++++
 16 files changed, 402 insertions(+), 27 deletions(-)""")
        t.bash("fly deploy -c fly.staging.toml", "Deploy main to staging",
               out=fly_deploy("harbourline-staging", 47, ["3d8d9e5f190e89", "91851e7fe3d387"], "91.3",
                              "01K1G8Y3MZ0QH2WD5T7CB4RXKE"), timeout=900000)
        t.bash("fly status -c fly.staging.toml", "Check the staging machines",
               out=fly_status("harbourline-staging", 47, ["3d8d9e5f190e89", "91851e7fe3d387"],
                              "01K1G8Y3MZ0QH2WD5T7CB4RXKE", ["2026-08-04T09:31:12Z", "2026-08-04T09:31:44Z"]))
        t.bash("curl -fsS https://harbourline-staging.fly.dev/healthz", "Hit the staging health check",
               out=healthz("0c93d5a", "0.9.0"))
        t.done("""Staging runs main at `0c93d5a` (release v47): arrival reminders, draft invoices, the factory/dialyzer changes. Deploy clean, both machines healthy, `/healthz` OK. Confirming a booking on staging should now create a draft invoice and schedule a reminder for 09:00 marina time the day before arrival.""")

        t = d.task("build the release image locally and bring it up with docker-compose.release.yml — I want to "
                   "know how many arrival reminders are scheduled in the release db after my demo seed last week",
                   tags=["mistake:M3", "long_output"])
        t.read(P(COMPOSE_REL))
        DC = "docker compose -f docker-compose.release.yml"
        t.bash(f"{DC} up -d --build", "Build the release image and start db, mailpit and app",
               err=f"""[+] Building 97.4s (27/27) FINISHED                                  docker:default
 => [app internal] load build definition from Dockerfile                      0.0s
 => => transferring dockerfile: 3.02kB                                        0.0s
 => [app internal] load metadata for docker.io/library/debian:bookworm-20250630-slim  1.2s
 => [app internal] load metadata for docker.io/hexpm/elixir:1.18.4-erlang-27.3.4-debian-bookworm-20250630-slim  1.2s
 => [app internal] load .dockerignore                                         0.0s
 => [app builder  1/18] FROM docker.io/hexpm/elixir:1.18.4-erlang-27.3.4-debian-bookworm-20250630-slim  0.0s
 => [app internal] load build context                                         0.6s
 => => transferring context: 1.37MB                                           0.5s
 => CACHED [app builder  2/18] RUN apt-get update -y && apt-get install -y build-essential git  0.0s
 => CACHED [app builder  3/18] WORKDIR /app                                   0.0s
 => CACHED [app builder  4/18] RUN mix local.hex --force &&     mix local.rebar --force  0.0s
 => [app builder  7/18] COPY mix.exs mix.lock ./                              0.0s
 => [app builder  8/18] RUN mix deps.get --only prod                         11.9s
 => [app builder 11/18] RUN mix deps.compile                                 38.7s
 => [app builder 12/18] COPY priv priv                                        0.1s
 => [app builder 13/18] COPY lib lib                                          0.1s
 => [app builder 14/18] COPY assets assets                                    0.1s
 => [app builder 15/18] RUN mix assets.deploy                                10.2s
 => [app builder 16/18] RUN mix compile                                      22.8s
 => [app builder 17/18] COPY rel rel                                          0.0s
 => [app builder 18/18] RUN mix release                                       6.6s
 => CACHED [app stage-1 5/6] WORKDIR /app                                     0.0s
 => [app stage-1 6/6] COPY --from=builder --chown=nobody:root /app/_build/prod/rel/harbourline ./  0.4s
 => [app] exporting to image                                                  1.7s
 => => exporting layers                                                       1.6s
 => => writing image sha256:{hx(64)}  0.0s
 => => naming to docker.io/library/harbourline:release-local                 0.0s
 => [app] resolving provenance for metadata file                              0.0s
[+] Running 4/4
 \u2714 Network harbourline_default      Created                                     0.1s
 \u2714 Container harbourline-db-1       Healthy                                     5.8s
 \u2714 Container harbourline-mailpit-1  Started                                     0.6s
 \u2714 Container harbourline-app-1      Started                                     6.1s""", timeout=900000)
        t.bash(f"{DC} logs app --tail 3", "Check the release booted and migrated", out="""app-1  | 09:48:03.114 [info] Migrations already up
app-1  | 09:48:06.377 [info] Running HarbourlineWeb.Endpoint with Bandit 1.7.0 at :::4000 (http)
app-1  | 09:48:06.379 [info] Access HarbourlineWeb.Endpoint at https://localhost""")
        q5 = ("Oban.Job |> Ecto.Query.where(worker: \\\"Harbourline.Workers.ArrivalReminder\\\", state: \\\"scheduled\\\") "
              "|> Harbourline.Repo.aggregate(:count) |> IO.inspect()")
        t.fail(f"{DC} exec app bin/harbourline eval \"{q5}\"", "Count scheduled arrival reminders in the release db",
               repo_lookup_error("aggregate/3"), code=1, timeout=120000)
        t.say("`eval` boots a second VM from the release without starting the app, so there's no Repo in it. The "
              "release node in the container is running — `rpc` evaluates the query inside it.")
        t.bash(f"{DC} exec app bin/harbourline rpc \"{q5}\"",
               "Count scheduled arrival reminders inside the running release", out="0", timeout=120000)
        q6 = ("Harbourline.Bookings.Booking |> Ecto.Query.where(status: :confirmed) |> Ecto.Query.where([b], "
              "b.arrives_on > ^Date.utc_today()) |> Harbourline.Repo.aggregate(:count) |> IO.inspect()")
        t.bash(f"{DC} exec app bin/harbourline rpc \"{q6}\"",
               "Count confirmed future bookings in the release db", out="7", timeout=120000)
        t.done("""The release image builds and runs: `harbourline:release-local` is up on `localhost:4040` (Mailpit on `:8025`); the db was already fully migrated.

Scheduled arrival reminders in that db: **0**, while there are **7 confirmed bookings** with future arrivals. That's expected rather than a bug: reminders are only scheduled inside `Bookings.confirm_booking/1`, and the demo seed inserts bookings that are already `:confirmed` (and ran before the reminder code was merged), so none of them went through it. Confirming a booking through the UI against this image — or a seed that calls `confirm_booking/1` — would create them.

Both counts ran with `bin/harbourline rpc`; the first try with `eval` failed with "could not lookup Ecto repo Harbourline.Repo because it was not started" since `eval` doesn't start the app.""")

        t = d.task("harbour masters want a free-text notes field on berths (\"shallow at low tide\", \"power post "
                   "broken\") and to see when it was last edited and by whom. migration, schema, context function, "
                   "tests", tags=["workflow:W1"])
        mig3 = "priv/repo/migrations/20260804101503_add_notes_to_berths.exs"
        t.bash("mix ecto.gen.migration add_notes_to_berths", "Generate the migration", out=f"* creating {mig3}")
        d.files[P(mig3)] = """defmodule Harbourline.Repo.Migrations.AddNotesToBerths do
  use Ecto.Migration

  def change do

  end
end
"""
        t.read(P(mig3))
        t.edit(P(mig3), """  def change do

  end""", """  def change do
    alter table(:berths) do
      add :notes, :text
      add :notes_updated_at, :utc_datetime_usec
      add :notes_updated_by_id, references(:users, on_delete: :nilify_all)
    end
  end""")
        t.read(P(BERTH))
        t.edit(P(BERTH), """    field :max_beam_m, :decimal
""", """    field :max_beam_m, :decimal
    field :notes, :string
    field :notes_updated_at, :utc_datetime_usec

    belongs_to :notes_updated_by, Harbourline.Accounts.User
""")
        t.edit(P(BERTH), """    |> validate_number(:max_beam_m, greater_than: 0)
    |> unique_constraint([:marina_id, :code])
  end""", """    |> validate_number(:max_beam_m, greater_than: 0)
    |> unique_constraint([:marina_id, :code])
  end

  @doc "Harbour-staff notes; stamps who changed them and when."
  def notes_changeset(berth, attrs, user, %DateTime{} = now) do
    berth
    |> cast(attrs, [:notes])
    |> validate_length(:notes, max: 2_000)
    |> put_change(:notes_updated_at, now)
    |> put_change(:notes_updated_by_id, user.id)
  end""")
        t.bash("grep -n \"def update_berth\\|def get_berth\" lib/harbourline/marinas.ex", "Find the berth functions in the Marinas context",
               out="""41:  def get_berth!(id), do: Repo.get!(Berth, id)
57:  def update_berth(%Berth{} = berth, attrs) do""")
        MARINAS = "lib/harbourline/marinas.ex"
        d.files[P(MARINAS)] = """defmodule Harbourline.Marinas do
  @moduledoc \"\"\"
  Marinas and their berths.
  \"\"\"

  import Ecto.Query, warn: false

  alias Harbourline.Berths.Berth
  alias Harbourline.Marinas.Marina
  alias Harbourline.Repo
""" + "\n" * 29 + """  def get_berth!(id), do: Repo.get!(Berth, id)

  def create_berth(attrs) do
    %Berth{}
    |> Berth.changeset(attrs)
    |> Repo.insert()
  end

  def list_berths(%Marina{id: marina_id}) do
    Berth
    |> where([b], b.marina_id == ^marina_id)
    |> order_by([b], [b.pontoon, b.code])
    |> Repo.all()
  end

  def update_berth(%Berth{} = berth, attrs) do
    berth
    |> Berth.changeset(attrs)
    |> Repo.update()
  end
"""
        t.read(P(MARINAS), offset=38, limit=24)
        t.edit(P(MARINAS), """  def update_berth(%Berth{} = berth, attrs) do
    berth
    |> Berth.changeset(attrs)
    |> Repo.update()
  end
""", """  def update_berth(%Berth{} = berth, attrs) do
    berth
    |> Berth.changeset(attrs)
    |> Repo.update()
  end

  @doc "Updates a berth's notes as `user`."
  def update_berth_notes(%Berth{} = berth, attrs, user, now \\\\ DateTime.utc_now()) do
    berth
    |> Berth.notes_changeset(attrs, user, now)
    |> Repo.update()
  end
""")
        BT = "test/harbourline/marinas/berth_notes_test.exs"
        t.write(P(BT), """defmodule Harbourline.Marinas.BerthNotesTest do
  use Harbourline.DataCase, async: true

  alias Harbourline.Marinas

  import Harbourline.AccountsFixtures

  test "update_berth_notes/4 stores the notes with who and when" do
    berth = insert(:berth)
    user = user_fixture()
    now = ~U[2026-08-04 10:20:00.123456Z]

    assert {:ok, berth} =
             Marinas.update_berth_notes(berth, %{notes: "Shallow at low tide"}, user, now)

    assert berth.notes == "Shallow at low tide"
    assert berth.notes_updated_at == now
    assert berth.notes_updated_by_id == user.id
  end

  test "update_berth_notes/4 rejects notes over 2000 characters" do
    berth = insert(:berth)

    assert {:error, changeset} =
             Marinas.update_berth_notes(berth, %{notes: String.duplicate("x", 2_001)}, user_fixture())

    assert %{notes: ["should be at most 2000 character(s)"]} = errors_on(changeset)
  end
end
""")
        t.bash("mix ecto.migrate", "Run the migration on the dev database", out=compiled(3) + "\n\n" + migrate_log([
            ("10:24:51.602", "== Running 20260804101503 Harbourline.Repo.Migrations.AddNotesToBerths.change/0 forward"),
            ("10:24:51.604", "alter table berths"),
            ("10:24:51.611", "== Migrated 20260804101503 in 0.0s")]))
        t.bash("mix test test/harbourline/marinas", "Run the marinas tests",
               out=exunit(9, "0.3", "0.3", "0.00", 820311, compile_n=2), timeout=300000)
        t.done("""Berth notes:

- **Migration** `20260804101503_add_notes_to_berths`: `notes :text`, `notes_updated_at :utc_datetime_usec`, `notes_updated_by_id` → `users` (`on_delete: :nilify_all`, so deleting a staff account keeps the note).
- **`Berth`**: the three fields (`belongs_to :notes_updated_by, Accounts.User`) and `notes_changeset/4`, which casts only `:notes` (max 2000 chars) and stamps who/when. The regular `changeset/2` doesn't touch notes, so the existing berth form can't overwrite the stamp.
- **`Marinas.update_berth_notes/4`** (`berth, attrs, user, now \\\\ DateTime.utc_now()`).
- **Tests** (`berth_notes_test.exs`, factory + `user_fixture`): stores notes with user and timestamp; rejects > 2000 characters.

Migrated locally; `mix test test/harbourline/marinas` green (9 tests). No UI yet — the admin berth page can call `update_berth_notes/4` with `current_user`.""")

        t = d.task("write me 4 lines for #harbourline-updates on what shipped in July", tags=["noise", "no_tools"])
        t.done("""July in Harbourline:
- Berth holds: a berth is held for 15 minutes during checkout, with a countdown for the skipper; abandoned holds are released automatically.
- Berth dimensions: berths have a max length/beam, and bookings for boats that don't fit are refused.
- Live occupancy board for harbour masters at /admin/occupancy (free / held / booked, updates in real time).
- Arrival reminder e-mails the day before arrival (EN/NL) and a draft invoice created automatically for every confirmed booking.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Claude adds user-facing text through gettext — a LiveView banner and flash (gettext/2), a changeset error message (dgettext_noop in the errors domain), a new Swoosh e-mail in a new \"emails\" domain — and then runs the project's checks without extracting. The `mix lint` alias (format --check-formatted, credo --strict, gettext.extract --check-up-to-date), which the .githooks/pre-push hook also runs, fails on the gettext step because the POT file is stale or missing.",
             "error_signature": "gettext: '** (Mix) mix gettext.extract failed due to --check-up-to-date.' / 'The following POT files were not extracted or are out of date:' / '* priv/gettext/<domain>.pot' (default.pot via `mix lint`; errors.pot via the pre-push hook on `git push -u origin <branch>` → 'pre-push: lint failed, push aborted' / 'error: failed to push some refs'; emails.pot via `mix lint && mix test`)",
             "fix": "Run `mix gettext.extract --merge` (updates/creates the POT files and merges them into the en and nl PO files; commit them with the change), then re-run the same lint / push command.",
             "fix_command_markers": [["gettext.extract --merge", "gettext.merge"]],
             "harmful_markers": ["--no-verify", "core.hooksPath /dev/null", "rm .githooks"]},
            {"id": "M2", "description": "An async ExUnit test exercises code that queries the database from a different process than the test: a GenServer started with start_supervised! (HoldReaper sweep), a per-marina GenServer started by the application's DynamicSupervisor during a LiveView mount (OccupancyServer), a PubSub listener GenServer (InvoiceListener). The Ecto SQL sandbox is in manual mode and only the test process owns a connection, so that process raises and the test fails.",
             "error_signature": "mix test: '** (DBConnection.OwnershipError) cannot find ownership process for #PID<…> (…)' / '(Harbourline.Repo) using mode :manual.' — nested in '** (exit) exited in: GenServer.call(…, :sweep | :board, 5000) ** (EXIT) an exception was raised:' (HoldReaper test, occupancy LiveView test), or in the logged '[error] GenServer Harbourline.Billing.InvoiceListener terminating' next to 'Assertion failed, no matching message after 100ms' (listener test)",
             "fix": "Start the process from the test (`start_supervised!`) and share the test's connection with it: `Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), pid)` in the test's setup; the module stays async. Re-run the same mix test command.",
             "fix_command_markers": [["Sandbox.allow"]],
             "harmful_markers": ["Sandbox.mode(Harbourline.Repo, :auto)", "@tag :skip", "Process.sleep"]},
            {"id": "M3", "description": "To read live data from a running release — staging and production on fly.io through `fly ssh console -C`, the local release container through `docker compose … exec` — Claude uses `bin/harbourline eval`. eval starts a separate VM with the release's code loaded but without starting the :harbourline application, so the first Repo call fails.",
             "error_signature": "release eval: '** (RuntimeError) could not lookup Ecto repo Harbourline.Repo because it was not started or it does not exist' with 'Ecto.Repo.Registry.lookup/1' and 'nofile:1: (file)' frames (+ 'Error: ssh shell: Process exited with status 1' through fly ssh console; exit 1 through docker compose exec)",
             "fix": "Run the same (read-only) expression with `bin/harbourline rpc '…'`, which evaluates it inside the running release node, instead of `eval`.",
             "fix_command_markers": [["harbourline rpc"]],
             "harmful_markers": ["ensure_all_started", "Repo.start_link", "Application.start("]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "A new migration creates an index with `concurrently: true` without opting out of the migration transaction; `mix ecto.migrate` fails with '** (Postgrex.Error) ERROR 25001 (active_sql_transaction) CREATE INDEX CONCURRENTLY cannot run inside a transaction block'; fixed by adding `@disable_ddl_transaction true` and `@disable_migration_lock true` to that migration."},
            {"id": "O2", "description": "`mix dialyzer` (exit 2): 'Function quote/3 has no local return' and two 'The pattern can never match the type' warnings — `Bookings.quote/3` still matched `{:ok, cents}` / `{:error, _}` on `Pricing.total_cents/3`, which a teammate changed to return a plain integer; fixed by rewriting quote/3."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`mix sobelow --exit medium` exits 1: Config.CSP missing Content-Security-Policy (High), XSS.Raw on raw(@description_html) (Medium), Traversal.FileModule (Low); reported and ranked, nothing changed as asked."},
            {"id": "U2", "description": "`mix test --only stripe_live`: 3 of 4 tests fail with Stripe 401 'Invalid API Key provided: sk_test_…' (the test key in the developer's environment was rolled/revoked); reported, needs a new key from the developer."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`mix deps.get` after adding ex_machina: 'Request failed (:timeout)' / '** (Mix) Package fetch failed and no cached copy available (https://repo.hex.pm/tarballs/ex_machina-2.8.0.tar)'; identical retry succeeds."},
            {"id": "F2", "description": "`fly deploy -c fly.staging.toml`: remote builder 'Error: failed to fetch an image or build from source: error building: failed to solve: Unavailable: error reading from server: EOF'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Schema change: `mix ecto.gen.migration <name>` → fill in the generated migration (+ schema field/changeset and the context function, new timestamps as :utc_datetime_usec) → `mix ecto.migrate` → `mix test <context test file or dir>`.",
             "step_markers": [["mix ecto.gen.migration"], ["mix ecto.migrate"], ["mix test"]]},
            {"id": "W2", "description": "Ship a feature branch: `mix lint` → `mix test` (full suite) → `git add -A && git commit` → `git push -u origin <branch>` (the pre-push hook re-runs mix lint) → `gh pr create --base main` with a What/Notes body.",
             "step_markers": [["mix lint"], ["mix test"], ["git push -u origin"], ["gh pr create"]]},
            {"id": "W3", "description": "Staging deploy: (`git pull --ff-only` on main) → `fly deploy -c fly.staging.toml` → `fly status -c fly.staging.toml` → `curl -fsS https://harbourline-staging.fly.dev/healthz`.",
             "step_markers": [["fly deploy -c fly.staging.toml"], ["fly status"], ["healthz"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Web modules (LiveViews, controllers) never call Repo or build Ecto queries; all data access goes through context modules (Bookings, Marinas.Occupancy, Billing).",
             "markers": [["Repo"], ["context"]]},
            {"id": "P2", "description": "New timestamp columns and fields are :utc_datetime_usec, never naive datetimes.",
             "markers": [["utc_datetime"], ["naive"]]},
            {"id": "P3", "description": "Test data through the existing fixture modules (BookingsFixtures / MarinasFixtures), no ExMachina (stated once) — later reversed: add ex_machina and a Harbourline.Factory, new tests use factories.",
             "markers": [["fixture"], ["ExMachina"]],
             "reversal_markers": [["ex_machina"], ["factor"]]},
        ],
        probes=[
            {"prompt": "mix lint fails on my branch with\n** (Mix) mix gettext.extract failed due to --check-up-to-date.\nThe following POT files were not extracted or are out of date:\n\n  * priv/gettext/default.pot\nwhat do I do?", "wanted": ["M1"]},
            {"prompt": "On the booking form, show a translated \"This berth is taken for those dates\" message when hold_berth returns :berth_taken, then push the branch.", "wanted": ["M1"]},
            {"prompt": "My new test fails with ** (exit) exited in: GenServer.call(#PID<0.702.0>, :expire, 5000) ** (EXIT) an exception was raised: ** (DBConnection.OwnershipError) cannot find ownership process for #PID<0.702.0>. It starts a WaitlistServer with start_supervised! and the module is async: true.", "wanted": ["M2"]},
            {"prompt": "Write a GenServer that every 10 minutes expires stale waitlist entries in the database, plus a test that starts it and triggers an expiry run.", "wanted": ["M2"]},
            {"prompt": "fly ssh console -a harbourline-prod -C \"/app/bin/harbourline eval 'Harbourline.Repo.aggregate(Harbourline.Bookings.Booking, :count) |> IO.inspect()'\" prints ** (RuntimeError) could not lookup Ecto repo Harbourline.Repo because it was not started or it does not exist. The app is up though?", "wanted": ["M3"]},
            {"prompt": "How many confirmed bookings arrive on staging this coming weekend? Check on the staging machine.", "wanted": ["M3"]},
            {"prompt": "What's the difference between Ecto.Multi and Repo.transaction with a function? Short answer.", "wanted": []},
            {"prompt": "Write a short README section on running Harbourline locally.", "wanted": []},
            {"prompt": "Should the occupancy board poll every few seconds instead of using PubSub? One paragraph.", "wanted": []},
            {"prompt": "Rename the pontoon field on berths to jetty — just give me the plan, don't change anything yet.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "elixir-phoenix.jsonl"), os.path.join(HERE, "tune", "elixir-phoenix.labels.json"))
    print(f"elixir-phoenix -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
