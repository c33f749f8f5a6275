"""dotnet-maui: Dani Moreau, mobile developer at Lakeshore Community Bank (fictional regional bank, Michigan).

Lakeshore Mobile is the bank's retail app for Android and iOS, one .NET MAUI 9 solution built on a MacBook Pro
(Apple Silicon, macOS 15, Xcode 16.4): `src/Lakeshore.Mobile` (MAUI head, net9.0-android;net9.0-ios, XAML pages,
Shell navigation, CommunityToolkit.Maui), `src/Lakeshore.Core` (net9.0 class library: CommunityToolkit.Mvvm view
models, Refit API interfaces, SQLite-net cache, services), `src/Lakeshore.Sentinel.iOS` (binding project for the
SentinelKit fraud/device-check SDK, a fat framework with only arm64 device and x86_64 simulator slices),
`tests/Lakeshore.Core.Tests` (xUnit 2). NuGet lock files in locked mode, dotnet format, Android emulator via adb,
iOS simulators via xcrun simctl, Azure DevOps (Repos, Boards, Pipelines through `az`).

Written blind for fresh/; measured once held out (round 27), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_dotnet_maui.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TRACES = os.path.dirname(HERE)
sys.path.insert(0, TRACES)

from tracegen import Dev  # noqa: E402

U = "dani"
H = "/Users/dani"
R = H + "/src/lakeshore-mobile"
MODEL = "claude-opus-4-6"
MOB = R + "/src/Lakeshore.Mobile"
CORE = R + "/src/Lakeshore.Core"
TST = R + "/tests/Lakeshore.Core.Tests"
MOBPROJ = MOB + "/Lakeshore.Mobile.csproj"
COREPROJ = CORE + "/Lakeshore.Core.csproj"
TSTPROJ = TST + "/Lakeshore.Core.Tests.csproj"
VM = CORE + "/ViewModels"
IOSPACK = "/usr/local/share/dotnet/packs/Microsoft.iOS.Sdk.net9.0_18.5/18.5.9219/targets/Xamarin.Shared.Sdk.targets"
IOSTOOLS = "/usr/local/share/dotnet/packs/Microsoft.iOS.Sdk.net9.0_18.5/18.5.9219/tools/msbuild/iOS/Xamarin.Shared.targets"
ANDPACK = "/usr/local/share/dotnet/packs/Microsoft.Android.Sdk.Darwin/35.0.92/tools/Xamarin.Android.Common.targets"
ADO = "https://dev.azure.com/lakeshorecb/Mobile/_git/lakeshore-mobile"

# ------------------------------------------------------------------ virtual file system

README = """# Lakeshore Mobile

Retail banking app for Lakeshore Community Bank members (Android + iOS), .NET MAUI 9.

| project | what |
|---|---|
| `src/Lakeshore.Mobile` | MAUI head: XAML pages (`Views/`), `AppShell`, `MauiProgram` (DI), platform code (`Platforms/`) |
| `src/Lakeshore.Core` | view models (CommunityToolkit.Mvvm), Refit API interfaces (`Api/`), SQLite-net cache (`Data/`), services |
| `src/Lakeshore.Sentinel.iOS` | binding for the SentinelKit device-check SDK (vendor binary in `lib/ios/`) |
| `tests/Lakeshore.Core.Tests` | xUnit tests for Core (no MAUI dependency, runs anywhere) |

## Build and run

    dotnet workload restore                      # once per SDK update
    dotnet build -t:Run -f net9.0-android        # default emulator (Pixel_8_API_35)
    dotnet build -t:Run -f net9.0-ios            # default simulator
    dotnet test tests/Lakeshore.Core.Tests

SentinelKit ships as an old fat framework (arm64 device + x86_64 simulator only). On Apple Silicon, simulator
builds have to target the x86_64 simulator (Rosetta): add `-p:RuntimeIdentifier=iossimulator-x64`. Device and
CI builds are unaffected. Do not strip or patch the vendor binary; the vendor ships an xcframework in Q1.

## NuGet

Lock files are committed (`packages.lock.json`) and restore runs in locked mode (`Directory.Build.props`), an
audit requirement. When you add or bump a package, refresh the lock file with
`dotnet restore <project> --force-evaluate` and commit it with the change.

## Conventions

- Pages are registered in `MauiProgram.cs`, detail routes in `AppShell.xaml.cs`.
- View models derive from `BaseViewModel` (ObservableObject) and use `[ObservableProperty]` / `[RelayCommand]`.
- `dotnet format --verify-no-changes` runs in the PR pipeline.
- Work items live in Azure Boards (project Mobile); PRs go to `main` via `az repos pr create`.
"""

DBP = """<Project>
  <PropertyGroup>
    <LangVersion>latest</LangVersion>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
    <RestorePackagesWithLockFile>true</RestorePackagesWithLockFile>
    <RestoreLockedMode>true</RestoreLockedMode>
  </PropertyGroup>
</Project>
"""

MOBCSPROJ = """<Project Sdk="Microsoft.NET.Sdk">

  <PropertyGroup>
    <TargetFrameworks>net9.0-android;net9.0-ios</TargetFrameworks>
    <OutputType>Exe</OutputType>
    <RootNamespace>Lakeshore.Mobile</RootNamespace>
    <UseMaui>true</UseMaui>
    <SingleProject>true</SingleProject>
    <MauiEnableXamlCBindingWithSourceCompilation>true</MauiEnableXamlCBindingWithSourceCompilation>

    <ApplicationTitle>Lakeshore</ApplicationTitle>
    <ApplicationId>com.lakeshorecb.mobile</ApplicationId>
    <ApplicationDisplayVersion>2.14.0</ApplicationDisplayVersion>
    <ApplicationVersion>214</ApplicationVersion>

    <SupportedOSPlatformVersion Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'ios'">15.0</SupportedOSPlatformVersion>
    <SupportedOSPlatformVersion Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'android'">26.0</SupportedOSPlatformVersion>
  </PropertyGroup>

  <ItemGroup>
    <MauiIcon Include="Resources\\AppIcon\\appicon.svg" ForegroundFile="Resources\\AppIcon\\appiconfg.svg" Color="#0B4F6C" />
    <MauiSplashScreen Include="Resources\\Splash\\splash.svg" Color="#0B4F6C" BaseSize="128,128" />
    <MauiImage Include="Resources\\Images\\*" />
    <MauiFont Include="Resources\\Fonts\\*" />
  </ItemGroup>

  <ItemGroup>
    <PackageReference Include="Microsoft.Maui.Controls" Version="9.0.110" />
    <PackageReference Include="CommunityToolkit.Maui" Version="12.2.0" />
    <PackageReference Include="Microsoft.Extensions.Logging.Debug" Version="9.0.10" />
  </ItemGroup>

  <ItemGroup>
    <ProjectReference Include="..\\Lakeshore.Core\\Lakeshore.Core.csproj" />
    <ProjectReference Include="..\\Lakeshore.Sentinel.iOS\\Lakeshore.Sentinel.iOS.csproj" Condition="$(TargetFramework.Contains('-ios'))" />
  </ItemGroup>

</Project>
"""

CORECSPROJ = """<Project Sdk="Microsoft.NET.Sdk">

  <PropertyGroup>
    <TargetFramework>net9.0</TargetFramework>
    <RootNamespace>Lakeshore.Core</RootNamespace>
  </PropertyGroup>

  <ItemGroup>
    <PackageReference Include="CommunityToolkit.Mvvm" Version="8.4.0" />
    <PackageReference Include="Refit.HttpClientFactory" Version="8.0.0" />
    <PackageReference Include="sqlite-net-pcl" Version="1.9.172" />
    <PackageReference Include="SQLitePCLRaw.bundle_green" Version="2.1.10" />
    <PackageReference Include="Microsoft.Extensions.Http" Version="9.0.10" />
  </ItemGroup>

  <ItemGroup>
    <InternalsVisibleTo Include="Lakeshore.Core.Tests" />
  </ItemGroup>

</Project>
"""

TSTCSPROJ = """<Project Sdk="Microsoft.NET.Sdk">

  <PropertyGroup>
    <TargetFramework>net9.0</TargetFramework>
    <IsPackable>false</IsPackable>
  </PropertyGroup>

  <ItemGroup>
    <PackageReference Include="Microsoft.NET.Test.Sdk" Version="17.14.1" />
    <PackageReference Include="xunit" Version="2.9.3" />
    <PackageReference Include="xunit.runner.visualstudio" Version="3.1.5" />
    <PackageReference Include="NSubstitute" Version="5.3.0" />
  </ItemGroup>

  <ItemGroup>
    <ProjectReference Include="..\\..\\src\\Lakeshore.Core\\Lakeshore.Core.csproj" />
  </ItemGroup>

</Project>
"""

MAUIPROGRAM = """using CommunityToolkit.Maui;
using Lakeshore.Core;
using Lakeshore.Core.ViewModels;
using Lakeshore.Mobile.Views;
using Microsoft.Extensions.Logging;

namespace Lakeshore.Mobile;

public static class MauiProgram
{
    public static MauiApp CreateMauiApp()
    {
        var builder = MauiApp.CreateBuilder();
        builder
            .UseMauiApp<App>()
            .UseMauiCommunityToolkit()
            .ConfigureFonts(fonts =>
            {
                fonts.AddFont("Inter-Regular.ttf", "InterRegular");
                fonts.AddFont("Inter-SemiBold.ttf", "InterSemiBold");
            });

        builder.Services.AddLakeshoreCore(AppConfig.ApiBaseUrl);

        builder.Services.AddTransient<LoginPage>();
        builder.Services.AddTransient<LoginViewModel>();
        builder.Services.AddTransient<AccountsPage>();
        builder.Services.AddTransient<AccountsViewModel>();
        builder.Services.AddTransient<AccountDetailPage>();
        builder.Services.AddTransient<AccountDetailViewModel>();
        builder.Services.AddTransient<PayeeListPage>();
        builder.Services.AddTransient<PayeeListViewModel>();
        builder.Services.AddTransient<PayeeDetailPage>();

#if DEBUG
        builder.Logging.AddDebug();
#endif
        return builder.Build();
    }
}
"""

APPSHELLCS = """using Lakeshore.Mobile.Views;

namespace Lakeshore.Mobile;

public partial class AppShell : Shell
{
    public AppShell()
    {
        InitializeComponent();

        Routing.RegisterRoute(nameof(AccountDetailPage), typeof(AccountDetailPage));
        Routing.RegisterRoute("payeedetail", typeof(PayeeDetailPage));
    }
}
"""

BASEVM = """using CommunityToolkit.Mvvm.ComponentModel;

namespace Lakeshore.Core.ViewModels;

public abstract partial class BaseViewModel : ObservableObject
{
    [ObservableProperty]
    [NotifyPropertyChangedFor(nameof(IsNotBusy))]
    private bool isBusy;

    [ObservableProperty]
    private string? errorMessage;

    public bool IsNotBusy => !IsBusy;
}
"""

ACCOUNTSVM = """using System.Collections.ObjectModel;
using CommunityToolkit.Mvvm.ComponentModel;
using CommunityToolkit.Mvvm.Input;
using Lakeshore.Core.Api;
using Lakeshore.Core.Data;
using Lakeshore.Core.Navigation;

namespace Lakeshore.Core.ViewModels;

public partial class AccountsViewModel(IAccountsApi api, LocalDb db, INavigationService nav) : BaseViewModel
{
    public ObservableCollection<AccountSummary> Accounts { get; } = [];

    [ObservableProperty]
    private decimal totalAvailable;

    [RelayCommand]
    private async Task LoadAsync(CancellationToken ct)
    {
        IsBusy = true;
        try
        {
            var cached = await db.GetAccountsAsync();
            Replace(cached);
            var fresh = await api.GetAccountsAsync(ct);
            await db.SaveAccountsAsync(fresh);
            Replace(fresh);
        }
        catch (ApiException ex)
        {
            ErrorMessage = ex.StatusCode == System.Net.HttpStatusCode.Unauthorized
                ? "Your session has expired."
                : "We couldn't refresh your accounts.";
        }
        finally
        {
            IsBusy = false;
        }
    }

    [RelayCommand]
    private Task OpenAsync(AccountSummary account) =>
        nav.GoToAsync(Routes.AccountDetail, new Dictionary<string, object> { ["account"] = account });

    private void Replace(IReadOnlyList<AccountSummary> items)
    {
        Accounts.Clear();
        foreach (var a in items) Accounts.Add(a);
        TotalAvailable = items.Sum(a => a.Available);
    }
}
"""

PAYEEVM_OLD = """using System.Collections.ObjectModel;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Windows.Input;
using Lakeshore.Core.Api;
using Lakeshore.Core.Navigation;

namespace Lakeshore.Core.ViewModels;

// Pre-toolkit view model (2023). TODO: move to [ObservableProperty]/[RelayCommand] like the others.
public class PayeeListViewModel : INotifyPropertyChanged
{
    private readonly IPayeesApi api;
    private readonly INavigationService nav;
    private string searchText = "";
    private bool isLoading;

    public PayeeListViewModel(IPayeesApi api, INavigationService nav)
    {
        this.api = api;
        this.nav = nav;
        LoadCommand = new AsyncCommand(LoadAsync);
    }

    public event PropertyChangedEventHandler? PropertyChanged;

    public ObservableCollection<Payee> Payees { get; } = new();

    public ICommand LoadCommand { get; }

    public string SearchText
    {
        get => searchText;
        set
        {
            if (searchText == value) return;
            searchText = value;
            Raise();
        }
    }

    public bool IsLoading
    {
        get => isLoading;
        set
        {
            if (isLoading == value) return;
            isLoading = value;
            Raise();
        }
    }

    public Task OpenPayeeAsync(Payee payee) =>
        nav.GoToAsync("payeedetail", new Dictionary<string, object> { ["payee"] = payee });

    private async Task LoadAsync()
    {
        IsLoading = true;
        try
        {
            var list = await api.GetPayeesAsync(SearchText);
            Payees.Clear();
            foreach (var p in list) Payees.Add(p);
        }
        finally
        {
            IsLoading = false;
        }
    }

    private void Raise([CallerMemberName] string? name = null) =>
        PropertyChanged?.Invoke(this, new PropertyChangedEventArgs(name));
}
"""

ROUTES = """namespace Lakeshore.Core.Navigation;

/// <summary>Shell route names. The MAUI head registers each page under its class name (nameof(Page)).</summary>
public static class Routes
{
    public const string AccountDetail = "AccountDetailPage";
    public const string PayeeDetail = "payeedetail";
}
"""

ITRANSFERS = """using Refit;

namespace Lakeshore.Core.Api;

public interface ITransfersApi
{
    [Post("/mobile/v2/transfers")]
    Task<TransferReceipt> CreateAsync([Body] TransferRequest request, [Header("Idempotency-Key")] string idempotencyKey,
        CancellationToken ct = default);

    [Get("/mobile/v2/transfers/limits")]
    Task<TransferLimits> GetLimitsAsync(CancellationToken ct = default);
}

public sealed record TransferRequest(string FromAccountId, string ToAccountId, decimal Amount, string? Memo);

public sealed record TransferReceipt(string ConfirmationNumber, DateTimeOffset PostedAt, decimal Amount);

public sealed record TransferLimits(decimal DailyRemaining, decimal PerTransferMax);
"""

ICARDS = """using Refit;

namespace Lakeshore.Core.Api;

public interface ICardsApi
{
    [Get("/mobile/v2/cards")]
    Task<IReadOnlyList<Card>> GetCardsAsync(CancellationToken ct = default);

    [Put("/mobile/v2/cards/{cardId}/lock")]
    Task<CardLockState> SetLockAsync(string cardId, [Body] CardLockRequest request, CancellationToken ct = default);

    [Put("/mobile/v2/cards/{cardId}/limits")]
    Task SetDailyLimitAsync(string cardId, [Body] CardLimitRequest request, CancellationToken ct = default);
}

public sealed record Card(string Id, string Last4, string Network, bool IsLocked, decimal DailyPurchaseLimit);

public sealed record CardLockRequest(bool Locked, string? Reason);

public sealed record CardLockState(string CardId, bool IsLocked, DateTimeOffset ChangedAt);

public sealed record CardLimitRequest(decimal DailyPurchaseLimit);
"""

INTEREST = """namespace Lakeshore.Core.Services;

/// <summary>Interest preview shown on savings accounts. The core banking system posts the real amount.</summary>
public static class InterestCalculator
{
    /// <summary>Simple monthly interest on the average daily balance, rounded to cents.</summary>
    public static decimal MonthlyInterest(decimal averageDailyBalance, decimal apy, int daysInMonth)
    {
        if (averageDailyBalance <= 0 || apy <= 0) return 0m;
        var dailyRate = apy / 365m;
        var raw = averageDailyBalance * dailyRate * daysInMonth;
        return Math.Round(raw, 2);
    }
}
"""

LOCALDB = """using SQLite;

namespace Lakeshore.Core.Data;

/// <summary>Offline cache of what the last successful refresh returned. Never the source of truth.</summary>
public sealed class LocalDb
{
    private readonly SQLiteAsyncConnection conn;

    public LocalDb(string path)
    {
        conn = new SQLiteAsyncConnection(path, SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create |
                                                SQLiteOpenFlags.SharedCache | SQLiteOpenFlags.ProtectionComplete);
    }

    public async Task InitAsync()
    {
        await conn.CreateTableAsync<AccountRow>();
        await conn.CreateTableAsync<PayeeRow>();
        await conn.CreateTableAsync<TransactionRow>();
    }

    public async Task<IReadOnlyList<AccountSummary>> GetAccountsAsync() =>
        (await conn.Table<AccountRow>().OrderBy(a => a.SortOrder).ToListAsync()).Select(r => r.ToModel()).ToList();

    public Task SaveAccountsAsync(IEnumerable<AccountSummary> accounts) =>
        conn.RunInTransactionAsync(tx =>
        {
            tx.DeleteAll<AccountRow>();
            tx.InsertAll(accounts.Select(AccountRow.From));
        });
}
"""

SESSIONOPTS = """namespace Lakeshore.Core.Security;

public sealed class SessionOptions
{
    /// <summary>Idle time after which the app locks and asks for login again (FFIEC guidance, policy MOB-7).</summary>
    public TimeSpan IdleTimeout { get; init; } = TimeSpan.FromMinutes(10);

    /// <summary>Warn this long before the idle timeout fires.</summary>
    public TimeSpan WarningBefore { get; init; } = TimeSpan.FromSeconds(60);
}
"""

PIPELINE = """trigger:
  tags:
    include: [ 'v*' ]
pr: none

pool:
  name: lakeshore-mac   # Mac mini in the server room: signing certs and profiles live here

variables:
  - group: mobile-signing
  - name: dotnetVersion
    value: '9.0.306'

stages:
  - stage: build
    jobs:
      - job: android
        steps:
          - task: UseDotNet@2
            inputs: { version: $(dotnetVersion) }
          - script: dotnet workload restore
          - script: dotnet publish src/Lakeshore.Mobile -f net9.0-android -c Release -p:AndroidKeyStore=true -p:AndroidSigningKeyStore=$(keystorePath)
      - job: ios
        steps:
          - task: InstallAppleCertificate@2
            inputs: { certSecureFile: 'lakeshore-dist.p12', certPwd: $(p12Password) }
          - task: InstallAppleProvisioningProfile@1
            inputs: { provProfileSecureFile: 'Lakeshore_AppStore.mobileprovision' }
          - script: dotnet workload restore
          - script: dotnet publish src/Lakeshore.Mobile -f net9.0-ios -c Release -p:ArchiveOnBuild=true -p:CodesignKey="$(APPLE_CERTIFICATE_SIGNING_IDENTITY)" -p:CodesignProvision="Lakeshore AppStore"
  - stage: distribute
    jobs:
      - job: stores
        steps:
          - script: ./build/upload-testflight.sh && ./build/upload-play-internal.sh
"""

CARDCTL_XAML = """<?xml version="1.0" encoding="utf-8" ?>
<ContentPage xmlns="http://schemas.microsoft.com/dotnet/2021/maui"
             xmlns:x="http://schemas.microsoft.com/winfx/2009/xaml"
             xmlns:vm="clr-namespace:Lakeshore.Core.ViewModels;assembly=Lakeshore.Core"
             x:Class="Lakeshore.Mobile.Views.CardControlsPage"
             x:DataType="vm:CardControlsViewModel"
             Title="Card controls">
    <VerticalStackLayout Padding="20" Spacing="16">
        <Label Text="{Binding CardLabel}" Style="{StaticResource Headline}" />

        <Border CornerRadius="12" Padding="16" BackgroundColor="{StaticResource Surface}">
            <Grid ColumnDefinitions="*,Auto" RowDefinitions="Auto,Auto">
                <Label Text="Daily purchase limit" />
                <Label Grid.Row="1" Text="{Binding DailyLimit, StringFormat='{0:C}'}" Style="{StaticResource Amount}" />
                <Stepper Grid.Column="1" Grid.RowSpan="2" Minimum="100" Maximum="5000" Increment="100"
                         Value="{Binding DailyLimitValue}" />
            </Grid>
        </Border>

        <Button Text="Save limit" Command="{Binding SaveLimitCommand}" IsEnabled="{Binding IsNotBusy}" />
    </VerticalStackLayout>
</ContentPage>
"""

CARDCTL_CS = """namespace Lakeshore.Mobile.Views;

public partial class CardControlsPage : ContentPage
{
    public CardControlsPage(Lakeshore.Core.ViewModels.CardControlsViewModel vm)
    {
        InitializeComponent();
        BindingContext = vm;
    }
}
"""

TRANSFER_XAML = """<?xml version="1.0" encoding="utf-8" ?>
<ContentPage xmlns="http://schemas.microsoft.com/dotnet/2021/maui"
             xmlns:x="http://schemas.microsoft.com/winfx/2009/xaml"
             xmlns:vm="clr-namespace:Lakeshore.Core.ViewModels;assembly=Lakeshore.Core"
             x:Class="Lakeshore.Mobile.Views.TransferPage"
             x:DataType="vm:TransferViewModel"
             Title="Move money">
    <VerticalStackLayout Padding="20" Spacing="12">
        <Picker Title="From" ItemsSource="{Binding Accounts}" SelectedItem="{Binding FromAccount}" ItemDisplayBinding="{Binding DisplayName}" />
        <Picker Title="To" ItemsSource="{Binding Accounts}" SelectedItem="{Binding ToAccount}" ItemDisplayBinding="{Binding DisplayName}" />
        <Entry Placeholder="Amount" Keyboard="Numeric" Text="{Binding AmountText}" />
        <Entry Placeholder="Memo (optional)" Text="{Binding Memo}" MaxLength="40" />
        <Label Text="{Binding ErrorMessage}" TextColor="{StaticResource Error}" IsVisible="{Binding ErrorMessage, Converter={StaticResource IsNotNullConverter}}" />
        <Button Text="Transfer" Command="{Binding SubmitCommand}" />
    </VerticalStackLayout>
</ContentPage>
"""

AUTHHANDLER = """using System.Net.Http.Headers;
using Lakeshore.Core.Security;

namespace Lakeshore.Core.Api;

/// <summary>Adds the bearer token to every Refit call and refreshes it once on 401.</summary>
public sealed class AuthHeaderHandler(ITokenStore tokens, ITokenRefresher refresher) : DelegatingHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken ct)
    {
        var token = await tokens.GetAccessTokenAsync();
        if (token is not null)
            request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token);

        var response = await base.SendAsync(request, ct);
        if (response.StatusCode != System.Net.HttpStatusCode.Unauthorized || token is null)
            return response;

        var refreshed = await refresher.TryRefreshAsync(ct);
        if (refreshed is null)
            return response;

        response.Dispose();
        var retry = await request.CloneAsync();
        retry.Headers.Authorization = new AuthenticationHeaderValue("Bearer", refreshed);
        return await base.SendAsync(retry, ct);
    }
}
"""

FILES = {
    R + "/README.md": README,
    R + "/Directory.Build.props": DBP,
    R + "/azure-pipelines.yml": PIPELINE,
    MOBPROJ: MOBCSPROJ,
    COREPROJ: CORECSPROJ,
    TSTPROJ: TSTCSPROJ,
    MOB + "/MauiProgram.cs": MAUIPROGRAM,
    MOB + "/AppShell.xaml.cs": APPSHELLCS,
    MOB + "/Views/TransferPage.xaml": TRANSFER_XAML,
    VM + "/BaseViewModel.cs": BASEVM,
    VM + "/AccountsViewModel.cs": ACCOUNTSVM,
    VM + "/PayeeListViewModel.cs": PAYEEVM_OLD,
    CORE + "/Navigation/Routes.cs": ROUTES,
    CORE + "/Api/ITransfersApi.cs": ITRANSFERS,
    CORE + "/Api/ICardsApi.cs": ICARDS,
    CORE + "/Api/AuthHeaderHandler.cs": AUTHHANDLER,
    CORE + "/Services/InterestCalculator.cs": INTEREST,
    CORE + "/Data/LocalDb.cs": LOCALDB,
    CORE + "/Security/SessionOptions.cs": SESSIONOPTS,
}


# ------------------------------------------------------------------ tool output helpers

def restore_ok(n_up=3, total=3):
    return f"  Determining projects to restore...\n  All projects are up-to-date for restore."


def dll(proj, tfm):
    name = proj.rsplit("/", 1)[1][:-len(".csproj")]
    base = proj.rsplit("/", 1)[0]
    return f"  {name} -> {base}/bin/Debug/{tfm}/{name}.dll"


def build_ok(lines, secs):
    return (restore_ok() + "\n" + "\n".join(lines) +
            f"\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:{secs}")


def build_failed(errs, secs, warnings=0, restore=True):
    head = (restore_ok() + "\n") if restore else ""
    return (head + "\n".join(errs) + "\n\nBuild FAILED.\n\n" + "\n".join(errs) +
            f"\n    {warnings} Warning(s)\n    {len(errs)} Error(s)\n\nTime Elapsed 00:00:{secs}")


def class_pos(content, decl):
    """(line, column) of the class name in `decl` (e.g. 'public class X')."""
    lines = content.split("\n")
    for i, l in enumerate(lines, 1):
        if l.startswith(decl):
            name = decl.split()[-1]
            return i, l.index(name) + 1
    raise AssertionError(decl)


def cs0260(path, content, decl, proj, tfm=None):
    ln, col = class_pos(content, decl)
    name = decl.split()[-1]
    suffix = f"{proj}::TargetFramework={tfm}" if tfm else proj
    return (f"{path}({ln},{col}): error CS0260: Missing partial modifier on declaration of type '{name}'; "
            f"another partial declaration of this type exists [{suffix}]")


def test_run(passed, dur, extra=""):
    return (restore_ok() + "\n" + dll(COREPROJ, "net9.0") + "\n" + dll(TSTPROJ, "net9.0") + "\n"
            f"Test run for {TST}/bin/Debug/net9.0/Lakeshore.Core.Tests.dll (.NETCoreApp,Version=v9.0)\n"
            "VSTest version 17.14.1 (arm64)\n\nStarting test execution, please wait...\n"
            "A total of 1 test files matched the specified pattern.\n" + extra +
            f"\nPassed!  - Failed:     0, Passed: {passed:>5}, Skipped:     0, Total: {passed:>5}, Duration: {dur} - "
            "Lakeshore.Core.Tests.dll (net9.0)")


def android_run_ok(secs):
    return build_ok([dll(COREPROJ, "net9.0"),
                     f"  Lakeshore.Mobile -> {MOB}/bin/Debug/net9.0-android/Lakeshore.Mobile.dll"], secs)


def ios_ld_fail(rid_obj, secs, dev_arg=""):
    sfx = f"[{MOBPROJ}::TargetFramework=net9.0-ios]"
    errs = [
        f"{IOSPACK}(1773,3): error : clang++ exited with code 1: {sfx}",
        f"{IOSPACK}(1773,3): error : ld: building for 'iOS-simulator', but linking in object file "
        f"({MOB}/obj/Debug/net9.0-ios/iossimulator-arm64/linker-cache/SentinelKit.framework/SentinelKit"
        f"[arm64][{rid_obj[0]}]({rid_obj[1]})) built for 'iOS' {sfx}",
        f"{IOSPACK}(1773,3): error : clang++: error: linker command failed with exit code 1 (use -v to see "
        f"invocation) {sfx}",
    ]
    pre = (restore_ok() + "\n" + dll(COREPROJ, "net9.0") + "\n"
           f"  Lakeshore.Sentinel.iOS -> {R}/src/Lakeshore.Sentinel.iOS/bin/Debug/net9.0-ios/Lakeshore.Sentinel.iOS.dll\n"
           "  Optimizing assemblies for size. This process might take a while.\n")
    return pre + "\n".join(errs) + "\n\nBuild FAILED.\n\n" + "\n".join(errs) + \
        f"\n    0 Warning(s)\n    3 Error(s)\n\nTime Elapsed 00:00:{secs}"


def ios_sim_ok(secs, run=True):
    lines = [dll(COREPROJ, "net9.0"),
             f"  Lakeshore.Sentinel.iOS -> {R}/src/Lakeshore.Sentinel.iOS/bin/Debug/net9.0-ios/Lakeshore.Sentinel.iOS.dll",
             "  Optimizing assemblies for size. This process might take a while.",
             f"  Lakeshore.Mobile -> {MOB}/bin/Debug/net9.0-ios/iossimulator-x64/Lakeshore.Mobile.dll"]
    return build_ok(lines, secs)


def nu1004(proj, reason, secs, others_up=2, total=3):
    sfx = f"[{proj}]"
    err = (f"{proj} : error NU1004: {reason}\n"
           f"The packages lock file is inconsistent with the project dependencies so restore can't be run in locked "
           f"mode. Disable the RestoreLockedMode MSBuild property or pass an explicit --force-evaluate option to run "
           f"restore to update the lock file. {sfx}")
    pre = (f"  Determining projects to restore...\n{err}\n"
           f"  Failed to restore {proj} (in 412 ms).\n"
           f"  {others_up} of {total} projects are up-to-date for restore.\n")
    return pre + "\nBuild FAILED.\n\n" + err + f"\n    0 Warning(s)\n    1 Error(s)\n\nTime Elapsed 00:00:{secs}"


def gen():
    d = Dev("dotnet-maui", U, "en", MODEL, seed=918273, files=FILES)
    SHELL = MOB + "/AppShell.xaml.cs"
    MP = MOB + "/MauiProgram.cs"
    TVM = VM + "/TransferViewModel.cs"
    PVM = VM + "/PayeeListViewModel.cs"
    CCVM = VM + "/CardControlsViewModel.cs"
    CLVM = VM + "/CardLockViewModel.cs"
    STVM = VM + "/StatementsViewModel.cs"
    CCX = MOB + "/Views/CardControlsPage.xaml"
    SIM16 = "4F1C2B7E-93A0-4D55-8C1E-2B6A7D0E9F31"
    SIMSE = "A83D5E10-6C2F-4B9E-9D47-1F0C3E8B2A65"
    SIM16P = "0E7B4C92-D1A3-45F8-B6E0-7A2D9C1F3B84"
    ADBLOG = "adb logcat -d -t 400 -s DOTNET:I lakeshore:V AndroidRuntime:E"

    # ================= S1 =================
    with d.session("2026-10-05T08:55:00", R, branch="main", version="2.1.158"):
        t = d.task("new laptop, first time using you on this repo. quick lay of the land pls: where do the VMs live, "
                   "how does shell nav get registered, where's the sqlite stuff", tags=["noise"])
        t.read(R + "/README.md")
        t.glob("src/**/*.csproj", [MOBPROJ, COREPROJ, R + "/src/Lakeshore.Sentinel.iOS/Lakeshore.Sentinel.iOS.csproj"])
        t.read(MP)
        t.read(SHELL)
        t.read(CORE + "/Data/LocalDb.cs")
        t.done("- **View models** are in `src/Lakeshore.Core/ViewModels/` (plain net9.0 library, so xUnit can test "
               "them without MAUI). They derive from `BaseViewModel` (an `ObservableObject`) and use the toolkit's "
               "`[ObservableProperty]` / `[RelayCommand]`, except `PayeeListViewModel`, which is still hand-rolled.\n"
               "- **Navigation**: `AppShell.xaml` holds the tab/flyout items; detail pages are registered in "
               "`AppShell.xaml.cs` with `Routing.RegisterRoute(...)`. Pages and VMs go into DI in `MauiProgram.cs`. "
               "One route is still a literal string (`\"payeedetail\"`).\n"
               "- **SQLite**: `Lakeshore.Core/Data/LocalDb.cs`, a SQLite-net `SQLiteAsyncConnection` used as an "
               "offline cache (accounts, payees, transactions), never the source of truth.\n"
               "- **Refit** interfaces are in `Lakeshore.Core/Api/`, registered via `AddLakeshoreCore(...)`.\n"
               "- iOS simulator builds need `-p:RuntimeIdentifier=iossimulator-x64` because of the SentinelKit "
               "binary (README).")

        t = d.task("pull main and run it on the pixel emulator, just check the login screen comes up",
                   tags=["workflow:W1", "flaky:F1"])
        t.fail("git pull --ff-only", "Pull latest main",
               f"fatal: unable to access '{ADO}/': Failed to connect to dev.azure.com port 443 after 75012 ms: "
               "Couldn't connect to server", code=1)
        t.say("Network blip talking to dev.azure.com, trying once more.")
        t.bash("git pull --ff-only", "Pull latest main",
               out="Updating 8c41d2e..f07a9b3\nFast-forward\n src/Lakeshore.Core/Api/IAccountsApi.cs          |  4 +++-\n"
                   " src/Lakeshore.Mobile/Views/AccountsPage.xaml     | 12 ++++++++----\n"
                   " 2 files changed, 11 insertions(+), 5 deletions(-)")
        t.bash("adb devices", "List attached devices",
               out="List of devices attached\nemulator-5554\tdevice")
        t.bash("dotnet build -t:Run -f net9.0-android src/Lakeshore.Mobile", "Build and run on the emulator",
               out=android_run_ok("48.17"), timeout=600000)
        t.bash(ADBLOG, "Check app log for startup errors",
               out="--------- beginning of main\n"
                   "10-05 09:12:41.208  6412  6412 I lakeshore: Startup: DI container built in 212 ms\n"
                   "10-05 09:12:41.655  6412  6412 I DOTNET  : [Shell] Navigated to //login\n"
                   "10-05 09:12:42.031  6412  6439 I lakeshore: SentinelStub: device check skipped (android)\n"
                   "10-05 09:12:42.114  6412  6412 I DOTNET  : LoginPage appeared")
        t.done("Pulled (2 files from the accounts change), built and launched on `emulator-5554`. The log shows "
               "Shell navigating to `//login` and `LoginPage appeared`, no exceptions. The first `git pull` timed "
               "out connecting to dev.azure.com; the retry went through.")

        t = d.task("add a TransferViewModel for the move money screen — from/to account, amount, memo, a submit "
                   "command that calls ITransfersApi.CreateAsync with a fresh idempotency key. TransferPage.xaml is "
                   "already there. register the TransferPage route with nameof(TransferPage), no string literals "
                   "for routes pls", tags=["mistake:M1", "pref:P1"])
        t.read(CORE + "/Api/ITransfersApi.cs")
        t.read(MOB + "/Views/TransferPage.xaml")
        t.read(VM + "/AccountsViewModel.cs")
        tvm_bad = """using System.Collections.ObjectModel;
using System.Globalization;
using CommunityToolkit.Mvvm.ComponentModel;
using CommunityToolkit.Mvvm.Input;
using Lakeshore.Core.Api;

namespace Lakeshore.Core.ViewModels;

public class TransferViewModel(ITransfersApi api, IAccountsApi accounts) : BaseViewModel
{
    public ObservableCollection<AccountSummary> Accounts { get; } = [];

    [ObservableProperty]
    private AccountSummary? fromAccount;

    [ObservableProperty]
    private AccountSummary? toAccount;

    [ObservableProperty]
    private string amountText = "";

    [ObservableProperty]
    private string? memo;

    [ObservableProperty]
    private TransferReceipt? receipt;

    [RelayCommand]
    private async Task LoadAsync(CancellationToken ct)
    {
        Accounts.Clear();
        foreach (var a in await accounts.GetAccountsAsync(ct)) Accounts.Add(a);
    }

    [RelayCommand]
    private async Task SubmitAsync(CancellationToken ct)
    {
        ErrorMessage = null;
        if (FromAccount is null || ToAccount is null || FromAccount.Id == ToAccount.Id)
        {
            ErrorMessage = "Pick two different accounts.";
            return;
        }
        if (!decimal.TryParse(AmountText, NumberStyles.Currency, CultureInfo.CurrentCulture, out var amount) || amount <= 0)
        {
            ErrorMessage = "Enter an amount greater than zero.";
            return;
        }

        IsBusy = true;
        try
        {
            var request = new TransferRequest(FromAccount.Id, ToAccount.Id, amount, Memo);
            Receipt = await api.CreateAsync(request, Guid.NewGuid().ToString("N"), ct);
        }
        catch (ApiException ex) when ((int)ex.StatusCode == 422)
        {
            ErrorMessage = "That transfer is over your limit.";
        }
        finally
        {
            IsBusy = false;
        }
    }
}
"""
        t.write(TVM, tvm_bad)
        t.fail("dotnet build src/Lakeshore.Core", "Build Core with the new view model",
               build_failed([cs0260(TVM, tvm_bad, "public class TransferViewModel", COREPROJ)], "03.91"))
        t.say("The toolkit's source generator emits `partial class TransferViewModel` for the `[ObservableProperty]` "
              "fields, so my declaration has to be partial too.")
        t.edit(TVM, "public class TransferViewModel(", "public partial class TransferViewModel(")
        t.bash("dotnet build src/Lakeshore.Core", "Rebuild Core",
               out=build_ok([dll(COREPROJ, "net9.0")], "03.12"))
        t.read(SHELL)
        t.edit(SHELL, """        Routing.RegisterRoute(nameof(AccountDetailPage), typeof(AccountDetailPage));
""", """        Routing.RegisterRoute(nameof(AccountDetailPage), typeof(AccountDetailPage));
        Routing.RegisterRoute(nameof(TransferPage), typeof(TransferPage));
""")
        t.edit(MP, """        builder.Services.AddTransient<PayeeDetailPage>();
""", """        builder.Services.AddTransient<PayeeDetailPage>();
        builder.Services.AddTransient<TransferPage>();
        builder.Services.AddTransient<TransferViewModel>();
""")
        t.bash("dotnet build src/Lakeshore.Mobile -f net9.0-android", "Build the Android head",
               out=android_run_ok("41.66"))
        t.done("`TransferViewModel` is in `Lakeshore.Core/ViewModels/`: pickers bind to `Accounts`, `AmountText` is "
               "parsed as `decimal` with the current culture, and `SubmitCommand` sends a `TransferRequest` with a "
               "new `Guid` idempotency key (a 422 maps to the limit message). The first build failed with CS0260 "
               "because I declared the class without `partial`; the toolkit generator needs it. `TransferPage` is "
               "registered with `nameof(TransferPage)` and both page and VM are in DI. Android build is green.")

        t = d.task("quick one, no code: AddTransient vs AddSingleton for pages in MauiProgram, which do we want and "
                   "why", tags=["no_tools"])
        t.done("Transient for pages and their view models. Shell creates a new page each time you navigate to a "
               "registered route, and a singleton page would keep its old state (entered amounts, scroll position, "
               "stale bindings) and its VM would never be collected. Singletons are for stateless or app-wide "
               "services: the Refit clients' handlers, `LocalDb`, the token store. The only exception is a root tab "
               "page you want kept alive, and even then Shell already keeps it.")

    # ================= S2 =================
    with d.session("2026-10-07T09:30:00", R, branch="feature/card-controls", version="2.1.159"):
        ccvm = """using CommunityToolkit.Mvvm.ComponentModel;
using CommunityToolkit.Mvvm.Input;
using Lakeshore.Core.Api;

namespace Lakeshore.Core.ViewModels;

public partial class CardControlsViewModel(ICardsApi api) : BaseViewModel, IQueryAttributable
{
    private Card? card;

    [ObservableProperty]
    private string cardLabel = "";

    [ObservableProperty]
    [NotifyPropertyChangedFor(nameof(DailyLimit))]
    private double dailyLimitValue;

    public decimal DailyLimit => (decimal)DailyLimitValue;

    public void ApplyQueryAttributes(IDictionary<string, object> query)
    {
        card = (Card)query["card"];
        CardLabel = $"{card.Network} •••• {card.Last4}";
        DailyLimitValue = (double)card.DailyPurchaseLimit;
    }

    [RelayCommand]
    private async Task SaveLimitAsync(CancellationToken ct)
    {
        if (card is null) return;
        IsBusy = true;
        try
        {
            await api.SetDailyLimitAsync(card.Id, new CardLimitRequest(DailyLimit), ct);
        }
        finally
        {
            IsBusy = false;
        }
    }
}
"""
        t = d.task("card controls page: daily purchase limit with a stepper + save. xaml is drafted in "
                   "Views/CardControlsPage.xaml, needs the VM. anything money is decimal, never double — the stepper "
                   "gives you a double, convert at the edge", tags=["oneoff:O2", "pref:P2"])
        d.files[CCX] = CARDCTL_XAML
        d.files[MOB + "/Views/CardControlsPage.xaml.cs"] = CARDCTL_CS
        t.read(CCX)
        t.read(CORE + "/Api/ICardsApi.cs")
        t.write(CCVM, ccvm)
        t.read(MP)
        t.edit(MP, """        builder.Services.AddTransient<TransferViewModel>();
""", """        builder.Services.AddTransient<TransferViewModel>();
        builder.Services.AddTransient<CardControlsPage>();
        builder.Services.AddTransient<CardControlsViewModel>();
""")
        ln = CARDCTL_XAML.split("\n").index('        <Border CornerRadius="12" Padding="16" BackgroundColor="{StaticResource Surface}">') + 1
        xfc = (f"{CCX}({ln},17): XamlC error XFC0009: No property, BindableProperty, or event found for "
               f"\"CornerRadius\", or mismatching type between value and property. [{MOBPROJ}::TargetFramework=net9.0-android]")
        t.fail("dotnet build src/Lakeshore.Mobile -f net9.0-android", "Build the Android head",
               build_failed([xfc], "22.40").replace(restore_ok() + "\n", restore_ok() + "\n" + dll(COREPROJ, "net9.0") + "\n", 1))
        t.say("`Border` has no `CornerRadius` (that was `Frame`); the rounded corners go through `StrokeShape`.")
        t.edit(CCX, '<Border CornerRadius="12" Padding="16"',
               '<Border StrokeShape="RoundRectangle 12" StrokeThickness="0" Padding="16"')
        t.bash("dotnet build src/Lakeshore.Mobile -f net9.0-android", "Build the Android head",
               out=android_run_ok("39.08"))
        t.done("`CardControlsViewModel` takes the card via `IQueryAttributable`, keeps the stepper value as the "
               "double the control needs, and everything that leaves the VM is `decimal` (`DailyLimit`, the "
               "`CardLimitRequest`). The XAML used `CornerRadius` on a `Border`, which XamlC rejects (XFC0009); "
               "switched to `StrokeShape=\"RoundRectangle 12\"`. Android builds.")

        t = d.task("add biometric unlock plumbing: Plugin.Fingerprint 2.1.5 in the app project and an "
                   "IBiometricService wrapper, no UI yet. make sure android still builds", tags=["mistake:M3"])
        t.read(MOBPROJ)
        t.edit(MOBPROJ, """    <PackageReference Include="Microsoft.Extensions.Logging.Debug" Version="9.0.10" />
""", """    <PackageReference Include="Microsoft.Extensions.Logging.Debug" Version="9.0.10" />
    <PackageReference Include="Plugin.Fingerprint" Version="2.1.5" />
""")
        t.write(MOB + "/Services/BiometricService.cs", """using Lakeshore.Core.Security;
using Plugin.Fingerprint;
using Plugin.Fingerprint.Abstractions;

namespace Lakeshore.Mobile.Services;

public sealed class BiometricService : IBiometricService
{
    public Task<bool> IsAvailableAsync() => CrossFingerprint.Current.IsAvailableAsync(allowAlternativeAuthentication: false);

    public async Task<bool> AuthenticateAsync(string reason, CancellationToken ct)
    {
        var request = new AuthenticationRequestConfiguration("Unlock Lakeshore", reason)
        {
            AllowAlternativeAuthentication = false,
            CancelTitle = "Use password",
        };
        var result = await CrossFingerprint.Current.AuthenticateAsync(request, ct);
        return result.Authenticated;
    }
}
""")
        t.fail("dotnet build src/Lakeshore.Mobile -f net9.0-android", "Build the Android head",
               nu1004(MOBPROJ, "A new package reference was found Plugin.Fingerprint for the project target "
                      "framework net9.0-android.", "01.87"))
        t.say("Locked-mode restore: the committed `packages.lock.json` doesn't know the new package yet. Refreshing "
              "the lock file for the app project, as the README describes.")
        t.bash("dotnet restore src/Lakeshore.Mobile --force-evaluate", "Refresh the lock file",
               out=f"  Determining projects to restore...\n  Restored {MOBPROJ} (in 3.9 sec).\n"
                   "  2 of 3 projects are up-to-date for restore.")
        t.bash("dotnet build src/Lakeshore.Mobile -f net9.0-android", "Build the Android head",
               out=android_run_ok("44.71"))
        t.bash("git status --short", "Show changed files",
               out=" M src/Lakeshore.Mobile/Lakeshore.Mobile.csproj\n M src/Lakeshore.Mobile/MauiProgram.cs\n"
                   " M src/Lakeshore.Mobile/packages.lock.json\n?? src/Lakeshore.Core/ViewModels/CardControlsViewModel.cs\n"
                   "?? src/Lakeshore.Mobile/Services/BiometricService.cs\n?? src/Lakeshore.Mobile/Views/CardControlsPage.xaml\n"
                   "?? src/Lakeshore.Mobile/Views/CardControlsPage.xaml.cs")
        t.done("Plugin.Fingerprint 2.1.5 is referenced and `BiometricService` wraps it behind `IBiometricService` "
               "(no UI yet, not registered in DI). The first build failed with NU1004 because restore runs in locked "
               "mode; `dotnet restore src/Lakeshore.Mobile --force-evaluate` updated "
               "`src/Lakeshore.Mobile/packages.lock.json` (commit it with the change) and Android builds.")

        t = d.task("can shell pass a whole object on GoToAsync without it ending up in the query string? check the "
                   "docs, I don't trust my memory", tags=["webfetch", "noise"])
        t.webfetch("https://learn.microsoft.com/en-us/dotnet/maui/fundamentals/shell/navigation?view=net-maui-9.0",
                   "How do you pass objects (not strings) as navigation data in .NET MAUI Shell, and how are they received?",
                   "Pass data as navigation parameters: `GoToAsync` has an overload taking `IDictionary<string, object>`; "
                   "object-based navigation data is passed without being serialized into the URI. Shell also has "
                   "`ShellNavigationQueryParameters`, a single-use dictionary: its values are cleared after navigation "
                   "so the page does not keep references (\"Single use object-based navigation data\"). The receiving "
                   "page or its BindingContext can implement `IQueryAttributable.ApplyQueryAttributes(IDictionary<string, "
                   "object> query)`, or use `[QueryProperty]` attributes. For string data in the URI, values are URL "
                   "encoded and must be decoded.")
        t.done("Yes. `GoToAsync(route, new Dictionary<string, object> { [\"card\"] = card })` passes the object "
               "itself, nothing goes into the URI. If you don't want the page to hold the object after navigating "
               "back, use `ShellNavigationQueryParameters` (single use, cleared after navigation). On the receiving "
               "side implement `IQueryAttributable` on the VM, which is what `CardControlsViewModel` already does.")

        t = d.task("ok ship card controls. format + tests + push + PR. commit messages start with the AB# work item, "
                   "this one is AB#4127", tags=["workflow:W2", "pref:P3"])
        t.bash("dotnet format --verify-no-changes", "Check formatting", out="")
        t.bash("dotnet test tests/Lakeshore.Core.Tests", "Run the Core tests", out=test_run(84, "391 ms"))
        t.bash("git add -A && git commit -m \"AB#4127 Card controls: daily purchase limit, biometric plumbing\"",
               "Commit",
               out="[feature/card-controls 5d2e9a1] AB#4127 Card controls: daily purchase limit, biometric plumbing\n"
                   " 8 files changed, 214 insertions(+), 3 deletions(-)\n"
                   " create mode 100644 src/Lakeshore.Core/ViewModels/CardControlsViewModel.cs\n"
                   " create mode 100644 src/Lakeshore.Mobile/Services/BiometricService.cs\n"
                   " create mode 100644 src/Lakeshore.Mobile/Views/CardControlsPage.xaml\n"
                   " create mode 100644 src/Lakeshore.Mobile/Views/CardControlsPage.xaml.cs")
        t.bash("git push -u origin feature/card-controls", "Push the branch",
               err="remote: \nremote: Create a pull request for 'feature/card-controls' on Azure DevOps by browsing to:\n"
                   f"remote:   {ADO}/pullrequestcreate?sourceRef=feature/card-controls\nremote: \n"
                   f"To {ADO}\n * [new branch]      feature/card-controls -> feature/card-controls\n"
                   "branch 'feature/card-controls' set up to track 'origin/feature/card-controls'.")
        t.bash("az repos pr create --target-branch main --source-branch feature/card-controls --title \"AB#4127 Card "
               "controls: daily purchase limit\" --work-items 4127 --description \"$(cat /tmp/pr-4127.md)\" -o table",
               "Open the pull request",
               out="ID    Created     Creator                      Title                                        Status    IsDraft\n"
                   "----  ----------  ---------------------------  -------------------------------------------  --------  ---------\n"
                   "418   2026-10-07  dani.moreau@lakeshorecb.com  AB#4127 Card controls: daily purchase limit  active    False")
        t.done("PR !418 is open against `main` and linked to AB#4127.\n\n"
               "Description I put in:\n\n"
               "## Summary\nAdds the card controls screen (daily purchase limit) and the biometric unlock plumbing.\n\n"
               "## Changes\n- `CardControlsViewModel` (Core): receives the card via `IQueryAttributable`, exposes "
               "`DailyLimit` as decimal, `SaveLimitCommand` calls `ICardsApi.SetDailyLimitAsync`.\n"
               "- `CardControlsPage.xaml`: stepper 100–5,000 in steps of 100; `Border` uses `StrokeShape` for the "
               "rounded card.\n- `MauiProgram.cs`: page + VM registered as transient.\n"
               "- `BiometricService` (Mobile/Services): wraps Plugin.Fingerprint 2.1.5, no alternative "
               "authentication, not wired into DI yet.\n- `Lakeshore.Mobile.csproj` + `packages.lock.json`: new "
               "package, lock file refreshed with `--force-evaluate`.\n\n"
               "## Why decimal\nThe stepper works in double; the VM converts once at the edge so no money value is "
               "ever a double in Core or on the wire.\n\n"
               "## Testing\n- `dotnet format --verify-no-changes` clean\n- 84/84 Core tests pass\n- Android build "
               "and manual check on the Pixel 8 emulator\n- iOS not run yet (needs the x64 simulator build)\n\n"
               "## Follow-ups\n- Biometric toggle in settings (AB#4131)\n- Unit tests for `CardControlsViewModel` "
               "once the limit rules from AB#4129 are final\n- Accessibility labels for the stepper")

    # ================= S3 =================
    with d.session("2026-10-09T10:10:00", R, branch="feature/card-controls", version="2.1.160"):
        t = d.task("run it on the iPhone 16 sim, want to see card controls on iOS before Priya reviews",
                   tags=["mistake:M2"])
        t.bash("xcrun simctl list devices available | grep -E \"iPhone 16 \\(\"",
               "Find the iPhone 16 simulator",
               out=f"    iPhone 16 ({SIM16}) (Shutdown)")
        t.fail("dotnet build -t:Run -f net9.0-ios src/Lakeshore.Mobile", "Build and run on the iOS simulator",
               ios_ld_fail(("14", "SKDeviceProbe.o"), "01:12.84"), code=1, timeout=600000)
        t.say("The linker picked the arm64 slice of SentinelKit, which is the device slice; the framework has no "
              "arm64 simulator slice. Building for the x86_64 simulator as the README says.")
        t.bash("dotnet build -t:Run -f net9.0-ios src/Lakeshore.Mobile -p:RuntimeIdentifier=iossimulator-x64",
               "Build and run on the x64 simulator", out=ios_sim_ok("01:31.07"), timeout=600000)
        t.done("It's running on the iPhone 16 simulator now (under Rosetta). The plain `-t:Run -f net9.0-ios` "
               "failed at link time: `ld: building for 'iOS-simulator', but linking in object file "
               "(…SentinelKit[arm64]…) built for 'iOS'`. SentinelKit only has device arm64 + simulator x86_64, so "
               "simulator builds need `-p:RuntimeIdentifier=iossimulator-x64`.")

        t = d.task("the savings interest preview shows 12.34 but the statement says 12.35 for the AB#4140 example "
                   "(avg daily balance 4,115.00 @ 3.65%, 30 days). write a test with those numbers and fix it",
                   tags=["oneoff:O1"])
        t.read(CORE + "/Services/InterestCalculator.cs")
        test_path = TST + "/Services/InterestCalculatorTests.cs"
        t.write(test_path, """using Lakeshore.Core.Services;

namespace Lakeshore.Core.Tests.Services;

public class InterestCalculatorTests
{
    [Fact]
    public void MonthlyInterest_RoundsHalfUp_LikeCoreBanking()
    {
        // 4,112.50 * (0.0365 / 365) * 30 = 12.3375: below the midpoint, 12.34 either way
        var result = InterestCalculator.MonthlyInterest(4_112.50m, 0.0365m, 30);

        Assert.Equal(12.34m, result);
    }

    [Fact]
    public void MonthlyInterest_MidpointGoesUp()
    {
        // 4,115.00 * 0.0001 * 30 = 12.345 exactly: the statement shows 12.35
        var result = InterestCalculator.MonthlyInterest(4_115.00m, 0.0365m, 30);

        Assert.Equal(12.35m, result);
    }

    [Theory]
    [InlineData(0, 0.02, 30)]
    [InlineData(-5, 0.02, 30)]
    [InlineData(100, 0, 31)]
    public void MonthlyInterest_ZeroForNoBalanceOrRate(decimal balance, decimal apy, int days) =>
        Assert.Equal(0m, InterestCalculator.MonthlyInterest(balance, apy, days));
}
""")
        filt = "dotnet test tests/Lakeshore.Core.Tests --filter FullyQualifiedName~InterestCalculatorTests"
        t.fail(filt, "Run the interest tests",
               restore_ok() + "\n" + dll(COREPROJ, "net9.0") + "\n" + dll(TSTPROJ, "net9.0") + "\n"
               f"Test run for {TST}/bin/Debug/net9.0/Lakeshore.Core.Tests.dll (.NETCoreApp,Version=v9.0)\n"
               "VSTest version 17.14.1 (arm64)\n\nStarting test execution, please wait...\n"
               "A total of 1 test files matched the specified pattern.\n"
               "[xUnit.net 00:00:00.18]     Lakeshore.Core.Tests.Services.InterestCalculatorTests.MonthlyInterest_MidpointGoesUp [FAIL]\n"
               "  Failed Lakeshore.Core.Tests.Services.InterestCalculatorTests.MonthlyInterest_MidpointGoesUp [3 ms]\n"
               "  Error Message:\n   Assert.Equal() Failure: Values differ\nExpected: 12.35\nActual:   12.34\n"
               "  Stack Trace:\n"
               f"     at Lakeshore.Core.Tests.Services.InterestCalculatorTests.MonthlyInterest_MidpointGoesUp() in {test_path}:line 23\n"
               "   at System.RuntimeMethodHandle.InvokeMethod(Object target, Void** arguments, Signature sig, Boolean isConstructor)\n"
               "   at System.Reflection.MethodBaseInvoker.InvokeWithNoArgs(Object obj, BindingFlags invokeAttr)\n\n"
               "Failed!  - Failed:     1, Passed:     4, Skipped:     0, Total:     5, Duration: 31 ms - "
               "Lakeshore.Core.Tests.dll (net9.0)")
        t.say("`Math.Round(decimal, 2)` uses banker's rounding (to even), so 12.345 becomes 12.34. The core system "
              "rounds half away from zero.")
        t.edit(CORE + "/Services/InterestCalculator.cs", "        return Math.Round(raw, 2);",
               "        return Math.Round(raw, 2, MidpointRounding.AwayFromZero);")
        t.bash(filt, "Run the interest tests", out=test_run(5, "29 ms"))
        t.done("Found it: `Math.Round(raw, 2)` defaults to `MidpointRounding.ToEven`, so an exact half cent "
               "(12.345) rounded down to 12.34 while core banking rounds half up. Now `Math.Round(raw, 2, "
               "MidpointRounding.AwayFromZero)`. Tests cover the ticket example (12.3375 → 12.34), the midpoint case "
               "(12.345 → 12.35) and zero balance/rate; 5/5 pass.")

        t = d.task("who's been touching the sqlite layer lately? git log for the last couple weeks on Core/Data",
                   tags=["noise", "long_output"])
        log = []
        entries = [
            ("f07a9b3", "Priya Nair", "2026-10-02", "AB#4102 Cache account nicknames locally",
             ["src/Lakeshore.Core/Data/AccountRow.cs | 6 ++++--", "src/Lakeshore.Core/Data/LocalDb.cs | 3 ++-"]),
            ("c3e18d0", "Marcus Webb", "2026-09-30", "AB#4098 Protect the cache file with ProtectionComplete on iOS",
             ["src/Lakeshore.Core/Data/LocalDb.cs | 4 ++--"]),
            ("9a7b221", "Priya Nair", "2026-09-29", "AB#4090 TransactionRow: pending flag + index on PostedAt",
             ["src/Lakeshore.Core/Data/TransactionRow.cs | 11 +++++++++--", "src/Lakeshore.Core/Data/LocalDb.cs | 2 +-"]),
            ("51d0e6f", "Dani Moreau", "2026-09-26", "AB#4081 Clear cache on logout",
             ["src/Lakeshore.Core/Data/LocalDb.cs | 14 ++++++++++++++", "src/Lakeshore.Core/Security/SessionManager.cs | 5 +++--"]),
            ("2f88c4a", "Marcus Webb", "2026-09-24", "AB#4077 Payee cache: store nickname and last paid date",
             ["src/Lakeshore.Core/Data/PayeeRow.cs | 9 ++++++---", "src/Lakeshore.Core/Data/LocalDb.cs | 6 ++++--"]),
            ("e1c07b5", "Priya Nair", "2026-09-23", "AB#4071 Run SaveAccountsAsync in one transaction",
             ["src/Lakeshore.Core/Data/LocalDb.cs | 17 +++++++++++------"]),
            ("b6d5a39", "Jon Kowalski", "2026-09-22", "AB#4066 Bump sqlite-net-pcl to 1.9.172, SQLitePCLRaw 2.1.10",
             ["src/Lakeshore.Core/Lakeshore.Core.csproj | 4 ++--", "src/Lakeshore.Core/packages.lock.json | 48 ++++++++++++------------"]),
        ]
        for h, a, dt, msg, files in entries:
            log.append(f"commit {h}{'4c1e0b7a9d2f3e8c6b5a0d1f7e2c9b4a3d6e8f0'[:33]}\nAuthor: {a} <{a.split()[0].lower()}.{a.split()[1].lower()}@lakeshorecb.com>\n"
                       f"Date:   {dt}\n\n    {msg}\n\n " + "\n ".join(files) +
                       f"\n {len(files)} file{'s' if len(files) > 1 else ''} changed\n")
        t.bash("git log --since=2.weeks --stat --date=short -- src/Lakeshore.Core/Data src/Lakeshore.Core/Lakeshore.Core.csproj",
               "Recent history of the data layer", out="\n".join(log))
        t.done("Last two weeks on `Core/Data`: **Priya** (3 commits: nicknames in the account cache, pending flag + "
               "PostedAt index on transactions, one transaction for `SaveAccountsAsync`), **Marcus** (2: "
               "`ProtectionComplete` for the iOS cache file, payee nickname/last-paid), **Jon** (sqlite-net-pcl "
               "1.9.172 / SQLitePCLRaw 2.1.10 bump) and you (clear cache on logout). Priya is the one to ask about "
               "anything schema-related right now.")

        t = d.task("does sqlite-net InsertOrReplaceAsync wipe columns I don't set on the object? don't look anything "
                   "up just tell me", tags=["no_tools"])
        t.done("Yes, effectively. `InsertOrReplace` is SQLite's `INSERT OR REPLACE`: on a primary-key conflict it "
               "deletes the old row and inserts a new one built from *all* mapped properties of the object. Any "
               "property you left at its default goes in as null/0, so the old value is lost. If you only want to "
               "change some columns, load the row first and `UpdateAsync` it, or run an explicit `UPDATE … SET col = ?` "
               "via `ExecuteAsync`.")

    # ================= S4 =================
    with d.session("2026-10-13T09:05:00", R, branch="feature/payees", version="2.1.161", end_reason="other"):
        t = d.task("convert PayeeListViewModel to the toolkit, [ObservableProperty]/[RelayCommand] instead of the "
                   "hand rolled INotifyPropertyChanged. and the payee detail route still uses a magic string, routes "
                   "go through nameof like we agreed", tags=["mistake:M1", "pref:P1"])
        t.read(PVM)
        t.read(CORE + "/Navigation/Routes.cs")
        pvm_bad = """using System.Collections.ObjectModel;
using CommunityToolkit.Mvvm.ComponentModel;
using CommunityToolkit.Mvvm.Input;
using Lakeshore.Core.Api;
using Lakeshore.Core.Navigation;

namespace Lakeshore.Core.ViewModels;

public class PayeeListViewModel(IPayeesApi api, INavigationService nav) : BaseViewModel
{
    public ObservableCollection<Payee> Payees { get; } = [];

    [ObservableProperty]
    private string searchText = "";

    [RelayCommand]
    private async Task LoadAsync(CancellationToken ct)
    {
        IsBusy = true;
        try
        {
            var list = await api.GetPayeesAsync(SearchText, ct);
            Payees.Clear();
            foreach (var p in list) Payees.Add(p);
        }
        finally
        {
            IsBusy = false;
        }
    }

    [RelayCommand]
    private Task OpenPayeeAsync(Payee payee) =>
        nav.GoToAsync(Routes.PayeeDetail, new Dictionary<string, object> { ["payee"] = payee });

    partial void OnSearchTextChanged(string value) => LoadCommand.Execute(null);
}
"""
        t.write(PVM, pvm_bad)
        t.edit(CORE + "/Navigation/Routes.cs", '    public const string PayeeDetail = "payeedetail";',
               '    public const string PayeeDetail = "PayeeDetailPage";')
        t.read(SHELL)
        t.edit(SHELL, '        Routing.RegisterRoute("payeedetail", typeof(PayeeDetailPage));',
               "        Routing.RegisterRoute(nameof(PayeeDetailPage), typeof(PayeeDetailPage));")
        pm_ln, pm_col = class_pos(pvm_bad, "    partial void OnSearchTextChanged")
        t.fail("dotnet test tests/Lakeshore.Core.Tests", "Run the Core tests",
               restore_ok() + "\n" + cs0260(PVM, pvm_bad, "public class PayeeListViewModel", COREPROJ) + "\n"
               f"{PVM}({pm_ln},{pm_col}): error CS0751: A partial member must be declared within a partial type "
               f"[{COREPROJ}]")
        t.say("Same thing as the transfer VM: the generated half is `partial class PayeeListViewModel`, mine isn't "
              "partial (the CS0751 on `OnSearchTextChanged` follows from that).")
        t.edit(PVM, "public class PayeeListViewModel(", "public partial class PayeeListViewModel(")
        t.bash("dotnet test tests/Lakeshore.Core.Tests", "Run the Core tests", out=test_run(87, "402 ms"))
        t.done("`PayeeListViewModel` now derives from `BaseViewModel` with `[ObservableProperty] searchText` "
               "(changing it reloads), `LoadCommand` and `OpenPayeeCommand` via `[RelayCommand]`; `IsLoading` is "
               "gone in favour of the base `IsBusy`, so `PayeeListPage.xaml` needs `IsBusy` instead of `IsLoading` "
               "(one binding). Route: `Routing.RegisterRoute(nameof(PayeeDetailPage), …)` and `Routes.PayeeDetail` "
               "matches it. First test run failed with CS0260 (class not partial); fixed, 87/87 pass.")

        t = d.task("what does AB#4152 actually ask for? pull it from boards", tags=["unfixed:U2"])
        t.fail("az boards work-item show --id 4152 --org https://dev.azure.com/lakeshorecb -o table",
               "Show the work item",
               "ERROR: TF401232: Work item 4152 does not exist, or you do not have permissions to read it.", code=1)
        t.bash("az boards query --wiql \"SELECT [System.Id],[System.Title],[System.AreaPath] FROM workitems WHERE "
               "[System.Id] IN (4150,4151,4153)\" --org https://dev.azure.com/lakeshorecb -o table",
               "Check neighbouring work items",
               out="ID    Title                                         Area Path\n"
                   "----  --------------------------------------------  ------------------\n"
                   "4150  Payees: sort by last paid                     Mobile\\Payments\n"
                   "4151  Payees: nickname max length 30                Mobile\\Payments\n"
                   "4153  Statements tab (e-statements PDF list)        Mobile\\Statements")
        t.done("I can't read AB#4152: `TF401232: Work item 4152 does not exist, or you do not have permissions to "
               "read it.` The neighbours are all readable (4150, 4151 payees, 4153 statements), so it most likely "
               "sits in an area path you don't have, e.g. the fraud/compliance one. Ask Marcus (PO) to share it or "
               "grant you read on that area; I can't fix that from here.")

    # ================= S5 =================
    with d.session("2026-10-16T09:20:00", R, branch="main", version="2.1.163"):
        t = d.task("payees branch got merged. smoke test it on the emulator the usual way", tags=["workflow:W1"])
        t.bash("git pull --ff-only", "Pull main",
               out="Updating f07a9b3..7b0c5e2\nFast-forward\n"
                   " src/Lakeshore.Core/Navigation/Routes.cs              |  2 +-\n"
                   " src/Lakeshore.Core/ViewModels/PayeeListViewModel.cs  | 88 +++++------------\n"
                   " src/Lakeshore.Mobile/AppShell.xaml.cs                |  2 +-\n"
                   " src/Lakeshore.Mobile/Views/PayeeListPage.xaml        |  2 +-\n"
                   " 4 files changed, 27 insertions(+), 67 deletions(-)")
        t.bash("adb devices", "List attached devices", out="List of devices attached\nemulator-5554\tdevice")
        t.bash("dotnet build -t:Run -f net9.0-android src/Lakeshore.Mobile", "Build and run on the emulator",
               out=android_run_ok("51.30"), timeout=600000)
        t.bash("adb shell am start -n com.lakeshorecb.mobile/crc64e7a2c3f5d1b08a9c.MainActivity -d "
               "\"lakeshore://payees\"", "Deep-link to the payee list",
               out="Starting: Intent { dat=lakeshore://payees/... cmp=com.lakeshorecb.mobile/crc64e7a2c3f5d1b08a9c.MainActivity }")
        t.bash(ADBLOG, "Check the log for the payee flow",
               out="--------- beginning of main\n"
                   "10-16 09:41:07.512  7120  7120 I DOTNET  : [Shell] Navigated to //payees\n"
                   "10-16 09:41:08.204  7120  7151 I lakeshore: GET /mobile/v2/payees?search= 200 (312 ms)\n"
                   "10-16 09:41:10.877  7120  7120 I DOTNET  : [Shell] Navigated to //payees/PayeeDetailPage\n"
                   "10-16 09:41:12.031  7120  7120 I DOTNET  : [Shell] Navigated to //payees")
        t.done("Main pulled (the payees merge), app built and running on `emulator-5554`. Deep link to the payee "
               "list loaded 200 from `/mobile/v2/payees`, opening a payee navigates to `//payees/PayeeDetailPage` "
               "(the nameof route) and back. No errors in the log.")

        t = d.task("cut 2.14.1 — just the payees fix + the interest rounding. AB#4150", tags=["workflow:W3"])
        t.read(MOBPROJ)
        t.edit(MOBPROJ, """    <ApplicationDisplayVersion>2.14.0</ApplicationDisplayVersion>
    <ApplicationVersion>214</ApplicationVersion>""", """    <ApplicationDisplayVersion>2.14.1</ApplicationDisplayVersion>
    <ApplicationVersion>215</ApplicationVersion>""")
        t.bash("git switch -c release/2.14.1 && git commit -am \"AB#4150 chore(release): 2.14.1\"", "Release commit",
               out="[release/2.14.1 a91f3c0] AB#4150 chore(release): 2.14.1\n 1 file changed, 2 insertions(+), 2 deletions(-)",
               err="Switched to a new branch 'release/2.14.1'")
        t.bash("git push -u origin release/2.14.1 && git tag -a v2.14.1 -m \"Lakeshore Mobile 2.14.1\" && "
               "git push origin v2.14.1", "Push branch and tag",
               err=f"To {ADO}\n * [new branch]      release/2.14.1 -> release/2.14.1\n"
                   "branch 'release/2.14.1' set up to track 'origin/release/2.14.1'.\n"
                   f"To {ADO}\n * [new tag]         v2.14.1 -> v2.14.1")
        t.bash("az pipelines run --name lakeshore-mobile-release --branch refs/tags/v2.14.1 -o table",
               "Queue the release pipeline",
               out="Run ID    Number      Status       Result    Pipeline ID    Pipeline Name              Source Branch      Queued Time\n"
                   "--------  ----------  -----------  --------  -------------  -------------------------  -----------------  --------------------------\n"
                   "20931     20261016.1  notStarted             37             lakeshore-mobile-release   refs/tags/v2.14.1  2026-10-16 10:02:18.540221")
        t.done("2.14.1 (build 215): version bumped on `release/2.14.1`, tag `v2.14.1` pushed, release pipeline run "
               "20931 queued on the Mac mini agent. It uploads to TestFlight and Play internal when it finishes.")

        d.precompact(
            "Dani Moreau, mobile developer at Lakeshore Community Bank, works on lakeshore-mobile: a .NET MAUI 9 app "
            "(src/Lakeshore.Mobile head for net9.0-android and net9.0-ios, src/Lakeshore.Core with CommunityToolkit.Mvvm "
            "view models, Refit APIs and a SQLite-net cache, src/Lakeshore.Sentinel.iOS binding, tests/Lakeshore.Core.Tests "
            "xUnit). NuGet restore runs in locked mode with committed packages.lock.json. Azure DevOps for repos, "
            "boards and the release pipeline.\n\nSummary of this session so far:\n"
            "1. Pulled main after the payees merge and smoke-tested on emulator-5554 (adb devices, dotnet build "
            "-t:Run -f net9.0-android, deep link to lakeshore://payees, adb logcat): payee list and detail work.\n"
            "2. Cut 2.14.1 (ApplicationVersion 215) on release/2.14.1, tagged v2.14.1 and queued run 20931 of "
            "lakeshore-mobile-release.\n\nCurrent state: branch release/2.14.1, clean working tree.")

        t = d.task("back on main. bump Refit to 8.0.1 in Core (it has the fix for nullable query params) and run "
                   "the tests", tags=["mistake:M3"])
        t.bash("git switch main", "Back to main", err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.read(COREPROJ)
        t.edit(COREPROJ, '<PackageReference Include="Refit.HttpClientFactory" Version="8.0.0" />',
               '<PackageReference Include="Refit.HttpClientFactory" Version="8.0.1" />')
        t.fail("dotnet test tests/Lakeshore.Core.Tests", "Run the Core tests",
               nu1004(COREPROJ, "The package reference Refit.HttpClientFactory version has changed from [8.0.0, ) "
                      "to [8.0.1, ).", "01.22", others_up=0, total=2))
        t.say("The lock file still pins 8.0.0. Refreshing the lock files for the solution, then the same test run.")
        t.bash("dotnet restore --force-evaluate", "Refresh the lock files",
               out=f"  Determining projects to restore...\n  Restored {COREPROJ} (in 1.4 sec).\n"
                   f"  Restored {TSTPROJ} (in 1.4 sec).\n  Restored {MOBPROJ} (in 2.9 sec).\n"
                   f"  1 of 4 projects are up-to-date for restore.")
        t.bash("dotnet test tests/Lakeshore.Core.Tests", "Run the Core tests", out=test_run(89, "418 ms"))
        t.bash("git status --short", "Changed files",
               out=" M src/Lakeshore.Core/Lakeshore.Core.csproj\n M src/Lakeshore.Core/packages.lock.json\n"
                   " M src/Lakeshore.Mobile/packages.lock.json\n M tests/Lakeshore.Core.Tests/packages.lock.json")
        t.done("Refit.HttpClientFactory is 8.0.1 (Refit 8.0.1 comes along). The test run first stopped at NU1004, "
               "since the lock file still had 8.0.0; `dotnet restore --force-evaluate` refreshed the three lock "
               "files that depend on Core, and 89/89 tests pass. Commit the csproj together with the three "
               "`packages.lock.json` files.")

        t = d.task("btw the PR description you wrote for card controls was way too long, Priya said nobody reads "
                   "that and I had to cut half of it before she'd look. from now on: one summary line and max 5 "
                   "bullets, no per-file walkthrough", tags=["feedback", "no_tools"],
                   feedback="the PR description you wrote for card controls was way too long, Priya said nobody reads "
                            "that and I had to cut half of it before she'd look. from now on: one summary line and max 5 "
                            "bullets, no per-file walkthrough")
        t.done("Got it. PR descriptions from now on: one summary line, at most 5 bullets about what changed and how "
               "it was tested, no file-by-file list.")

    # ================= S6 (acceptEdits) =================
    with d.session("2026-10-20T09:40:00", R, branch="feature/statements", version="2.1.165",
                   permission_mode="acceptEdits"):
        t = d.task("AB#4153 statements tab: StatementsPage + VM listing the monthly PDFs from IStatementsApi "
                   "(GET /mobile/v2/statements). detail route to the pdf viewer page registered by nameof — never "
                   "hand typed route strings please", tags=["pref:P1", "noise"])
        t.write(CORE + "/Api/IStatementsApi.cs", """using Refit;

namespace Lakeshore.Core.Api;

public interface IStatementsApi
{
    [Get("/mobile/v2/statements")]
    Task<IReadOnlyList<StatementInfo>> GetStatementsAsync([Query] string accountId, CancellationToken ct = default);

    [Get("/mobile/v2/statements/{statementId}/pdf")]
    Task<Stream> GetPdfAsync(string statementId, CancellationToken ct = default);
}

public sealed record StatementInfo(string Id, string AccountId, DateOnly PeriodEnd, long SizeBytes);
""")
        t.write(STVM, """using System.Collections.ObjectModel;
using CommunityToolkit.Mvvm.ComponentModel;
using CommunityToolkit.Mvvm.Input;
using Lakeshore.Core.Api;
using Lakeshore.Core.Navigation;

namespace Lakeshore.Core.ViewModels;

public partial class StatementsViewModel(IStatementsApi api, INavigationService nav) : BaseViewModel
{
    public ObservableCollection<StatementInfo> Statements { get; } = [];

    [ObservableProperty]
    private string? accountId;

    [RelayCommand]
    private async Task LoadAsync(CancellationToken ct)
    {
        if (AccountId is null) return;
        IsBusy = true;
        try
        {
            Statements.Clear();
            foreach (var s in (await api.GetStatementsAsync(AccountId, ct)).OrderByDescending(s => s.PeriodEnd))
                Statements.Add(s);
        }
        finally
        {
            IsBusy = false;
        }
    }

    [RelayCommand]
    private Task OpenAsync(StatementInfo statement) =>
        nav.GoToAsync(Routes.StatementPdf, new Dictionary<string, object> { ["statement"] = statement });
}
""")
        t.write(MOB + "/Views/StatementsPage.xaml", """<?xml version="1.0" encoding="utf-8" ?>
<ContentPage xmlns="http://schemas.microsoft.com/dotnet/2021/maui"
             xmlns:x="http://schemas.microsoft.com/winfx/2009/xaml"
             xmlns:vm="clr-namespace:Lakeshore.Core.ViewModels;assembly=Lakeshore.Core"
             xmlns:api="clr-namespace:Lakeshore.Core.Api;assembly=Lakeshore.Core"
             x:Class="Lakeshore.Mobile.Views.StatementsPage"
             x:DataType="vm:StatementsViewModel"
             Title="Statements">
    <RefreshView IsRefreshing="{Binding IsBusy}" Command="{Binding LoadCommand}">
        <CollectionView ItemsSource="{Binding Statements}" SelectionMode="None">
            <CollectionView.ItemTemplate>
                <DataTemplate x:DataType="api:StatementInfo">
                    <Grid Padding="20,12" ColumnDefinitions="*,Auto">
                        <Label Text="{Binding PeriodEnd, StringFormat='{0:MMMM yyyy}'}" />
                        <Label Grid.Column="1" Text="PDF" Style="{StaticResource Caption}" />
                        <Grid.GestureRecognizers>
                            <TapGestureRecognizer Command="{Binding OpenCommand, Source={RelativeSource AncestorType={x:Type vm:StatementsViewModel}}, x:DataType=vm:StatementsViewModel}"
                                                  CommandParameter="{Binding .}" />
                        </Grid.GestureRecognizers>
                    </Grid>
                </DataTemplate>
            </CollectionView.ItemTemplate>
        </CollectionView>
    </RefreshView>
</ContentPage>
""")
        t.read(CORE + "/Navigation/Routes.cs")
        t.edit(CORE + "/Navigation/Routes.cs", '    public const string PayeeDetail = "PayeeDetailPage";',
               '    public const string PayeeDetail = "PayeeDetailPage";\n    public const string StatementPdf = "StatementPdfPage";')
        t.read(SHELL)
        t.edit(SHELL, "        Routing.RegisterRoute(nameof(PayeeDetailPage), typeof(PayeeDetailPage));",
               "        Routing.RegisterRoute(nameof(PayeeDetailPage), typeof(PayeeDetailPage));\n"
               "        Routing.RegisterRoute(nameof(StatementPdfPage), typeof(StatementPdfPage));")
        t.read(MP)
        t.edit(MP, """        builder.Services.AddTransient<CardControlsViewModel>();
""", """        builder.Services.AddTransient<CardControlsViewModel>();
        builder.Services.AddTransient<StatementsPage>();
        builder.Services.AddTransient<StatementsViewModel>();
        builder.Services.AddTransient<StatementPdfPage>();
""")
        t.bash("dotnet build src/Lakeshore.Mobile -f net9.0-android", "Build the Android head",
               out=android_run_ok("46.93"))
        t.done("Statements tab pieces are in: `IStatementsApi` (list + PDF stream), `StatementsViewModel` (newest "
               "first, pull-to-refresh via `LoadCommand`), `StatementsPage.xaml` with compiled bindings, and the "
               "PDF page registered as `nameof(StatementPdfPage)` (`Routes.StatementPdf` matches). "
               "`StatementPdfPage` itself was already on the branch. Android builds; the `IStatementsApi` Refit "
               "client still needs adding in `AddLakeshoreCore`.")

        t = d.task("ship it, AB#4153", tags=["workflow:W2"])
        t.bash("dotnet format --verify-no-changes", "Check formatting", out="")
        t.bash("dotnet test tests/Lakeshore.Core.Tests", "Run the Core tests", out=test_run(89, "407 ms"))
        t.bash("git add -A && git commit -m \"AB#4153 Statements tab: list monthly statements, open PDF\"", "Commit",
               out="[feature/statements 0c4de71] AB#4153 Statements tab: list monthly statements, open PDF\n"
                   " 6 files changed, 131 insertions(+), 1 deletion(-)\n"
                   " create mode 100644 src/Lakeshore.Core/Api/IStatementsApi.cs\n"
                   " create mode 100644 src/Lakeshore.Core/ViewModels/StatementsViewModel.cs\n"
                   " create mode 100644 src/Lakeshore.Mobile/Views/StatementsPage.xaml")
        t.bash("git push -u origin feature/statements", "Push the branch",
               err=f"To {ADO}\n * [new branch]      feature/statements -> feature/statements\n"
                   "branch 'feature/statements' set up to track 'origin/feature/statements'.")
        t.bash("az repos pr create --target-branch main --source-branch feature/statements --title \"AB#4153 "
               "Statements tab\" --work-items 4153 --description \"Statements tab: monthly PDFs per account.\" "
               "\"- IStatementsApi + StatementsViewModel (newest first, pull to refresh)\" \"- StatementsPage with "
               "compiled bindings; PDF page route via nameof\" \"- Tests: 89/89, Android build + emulator\" -o table",
               "Open the pull request",
               out="ID    Created     Creator                      Title                   Status    IsDraft\n"
                   "----  ----------  ---------------------------  ----------------------  --------  ---------\n"
                   "426   2026-10-20  dani.moreau@lakeshorecb.com  AB#4153 Statements tab  active    False")
        t.done("PR !426 is open, linked to AB#4153. The description is one line plus three bullets.")

        t = d.task("can you build an ad-hoc ipa for my own phone? I want to show the statements tab to Carla "
                   "tomorrow without waiting for testflight", tags=["unfixed:U1"])
        t.fail("dotnet publish src/Lakeshore.Mobile -f net9.0-ios -c Release -p:RuntimeIdentifier=ios-arm64 "
               "-p:ArchiveOnBuild=false", "Publish a device build",
               restore_ok() + "\n" + dll(COREPROJ, "net9.0").replace("Debug", "Release") + "\n"
               f"{IOSTOOLS}(1842,3): "
               "error : No valid iOS code signing keys found in keychain. You need to request a codesigning "
               f"certificate from https://developer.apple.com. [{MOBPROJ}::TargetFramework=net9.0-ios]", code=1,
               timeout=600000)
        t.bash("security find-identity -v -p codesigning", "List signing identities in the keychain",
               out="     0 valid identities found")
        t.done("Can't do it on this Mac: the device build stops at `No valid iOS code signing keys found in keychain`, "
               "and `security find-identity` shows 0 signing identities. The distribution certificate and the "
               "profiles only live on the Mac mini build agent (pipeline variable group `mobile-signing`), and an "
               "ad-hoc build would also need your phone's UDID in an ad-hoc profile. Options: ask Jon to add you "
               "to the dev team with a development cert, or push the branch to TestFlight internal through the "
               "pipeline. I left it there.")

    # ================= S7 =================
    with d.session("2026-10-23T13:15:00", R, branch="feature/move-money-limits", version="2.1.166"):
        t = d.task("QA says on the small iPhone SE the keyboard covers the amount field on move money. run it on the "
                   "SE sim so I can see", tags=["mistake:M2"])
        t.bash("xcrun simctl list devices available | grep \"iPhone SE\"", "Find the SE simulator",
               out=f"    iPhone SE (3rd generation) ({SIMSE}) (Shutdown)")
        t.bash(f"xcrun simctl boot {SIMSE} && open -a Simulator", "Boot the SE simulator", out="")
        cmd = f"dotnet build -t:Run -f net9.0-ios src/Lakeshore.Mobile -p:_DeviceName=:v2:udid={SIMSE}"
        t.fail(cmd, "Build and run on the iPhone SE simulator",
               ios_ld_fail(("9", "SKJailbreakProbe.o"), "01:08.55"), code=1, timeout=600000)
        t.say("Same linker error as on the iPhone 16: arm64 simulator build against the device-only arm64 slice of "
              "SentinelKit. Re-running for the x64 simulator.")
        t.bash(cmd + " -p:RuntimeIdentifier=iossimulator-x64", "Build and run on the SE simulator (x64)",
               out=ios_sim_ok("01:27.40"), timeout=600000)
        t.read(MOB + "/Views/TransferPage.xaml")
        t.edit(MOB + "/Views/TransferPage.xaml", """    <VerticalStackLayout Padding="20" Spacing="12">""",
               """    <ScrollView>
    <VerticalStackLayout Padding="20" Spacing="12">""")
        t.edit(MOB + "/Views/TransferPage.xaml", """    </VerticalStackLayout>
</ContentPage>""", """    </VerticalStackLayout>
    </ScrollView>
</ContentPage>""")
        t.done("Running on the iPhone SE (3rd gen) simulator. The first `-t:Run` hit the SentinelKit linker error "
               "again (`building for 'iOS-simulator', but linking in object file … built for 'iOS'`); with "
               "`-p:RuntimeIdentifier=iossimulator-x64` it builds and launches. I wrapped the transfer form in a "
               "`ScrollView` so iOS can scroll the focused entry above the keyboard; hot reload should pick it up, "
               "otherwise re-run the same command.")

        t = d.task("where do we still have double for money? just list them", tags=["noise"])
        t.grep(r"\bdouble\b", output_mode="content", path=R + "/src", glob="*.cs", n=True,
               content=f"{CCVM}:17:    private double dailyLimitValue;\n"
                       f"{CCVM}:25:        DailyLimitValue = (double)card.DailyPurchaseLimit;\n"
                       f"{R}/src/Lakeshore.Core/Services/ChartSeriesBuilder.cs:31:    public static IReadOnlyList<double> "
                       "ToChartPoints(IEnumerable<decimal> balances) =>\n"
                       f"{R}/src/Lakeshore.Mobile/Controls/BalanceSparkline.cs:12:    public static readonly "
                       "BindableProperty PointsProperty = BindableProperty.Create(nameof(Points), typeof(IReadOnlyList<double>),")
        t.done("Only at the edges: `CardControlsViewModel.dailyLimitValue` (the stepper's value, converted to "
               "`decimal` before anything is sent), and the balance sparkline (`ChartSeriesBuilder.ToChartPoints` → "
               "`BalanceSparkline.Points`), which is drawing only. No money amount in the API records, the cache or "
               "the calculators is a double.")

        t = d.task("name for the setting that hides balances on the home screen until you tap? something short",
                   tags=["no_tools"])
        t.done("\"Hide balances\" as the label, with the subtitle \"Tap an account to reveal its balance\". In code: "
               "`HideBalancesOnHome` (bool) in the preferences, and `BalancesHidden` on the VM.")

    # ================= S8 =================
    with d.session("2026-10-27T09:00:00", R, branch="main", version="2.1.168"):
        t = d.task("cut 2.15.0 for thursday's CAB (statements + move money). and stop putting AB# in the commit "
                   "messages, we link work items on the PR now so the prefix is just noise",
                   tags=["workflow:W3", "reversal:P3"])
        t.bash("git pull --ff-only && git switch -c release/2.15.0", "Pull main and branch",
               out="Updating 7b0c5e2..d4a6e19\nFast-forward\n 19 files changed, 702 insertions(+), 88 deletions(-)",
               err="Switched to a new branch 'release/2.15.0'")
        t.read(MOBPROJ)
        t.edit(MOBPROJ, """    <ApplicationDisplayVersion>2.14.1</ApplicationDisplayVersion>
    <ApplicationVersion>215</ApplicationVersion>""", """    <ApplicationDisplayVersion>2.15.0</ApplicationDisplayVersion>
    <ApplicationVersion>216</ApplicationVersion>""")
        t.bash("git commit -am \"chore(release): 2.15.0\"", "Release commit",
               out="[release/2.15.0 3e7d0b8] chore(release): 2.15.0\n 1 file changed, 2 insertions(+), 2 deletions(-)")
        t.bash("git push -u origin release/2.15.0 && git tag -a v2.15.0 -m \"Lakeshore Mobile 2.15.0\" && "
               "git push origin v2.15.0", "Push branch and tag",
               err=f"To {ADO}\n * [new branch]      release/2.15.0 -> release/2.15.0\n"
                   "branch 'release/2.15.0' set up to track 'origin/release/2.15.0'.\n"
                   f"To {ADO}\n * [new tag]         v2.15.0 -> v2.15.0")
        t.bash("az pipelines run --name lakeshore-mobile-release --branch refs/tags/v2.15.0 -o table",
               "Queue the release pipeline",
               out="Run ID    Number      Status       Result    Pipeline ID    Pipeline Name              Source Branch      Queued Time\n"
                   "--------  ----------  -----------  --------  -------------  -------------------------  -----------------  --------------------------\n"
                   "21188     20261027.1  notStarted             37             lakeshore-mobile-release   refs/tags/v2.15.0  2026-10-27 09:31:44.102937")
        t.done("2.15.0 (build 216) is tagged and run 21188 is queued. The commit is plain `chore(release): 2.15.0`, "
               "no AB# prefix from now on.")

        t = d.task("card freeze: CardLockViewModel deriving from BaseViewModel — IsLocked, LockReason, a toggle "
                   "command calling ICardsApi.SetLockAsync, revert the toggle if the call fails. unit tests with "
                   "NSubstitute", tags=["mistake:M1"])
        t.read(VM + "/BaseViewModel.cs")
        t.read(CORE + "/Api/ICardsApi.cs")
        clvm_bad = """using CommunityToolkit.Mvvm.ComponentModel;
using CommunityToolkit.Mvvm.Input;
using Lakeshore.Core.Api;

namespace Lakeshore.Core.ViewModels;

public sealed class CardLockViewModel(ICardsApi api) : BaseViewModel
{
    private string cardId = "";

    [ObservableProperty]
    private bool isLocked;

    [ObservableProperty]
    private string? lockReason;

    public void Load(Card card)
    {
        cardId = card.Id;
        IsLocked = card.IsLocked;
    }

    [RelayCommand]
    private async Task ToggleLockAsync(CancellationToken ct)
    {
        var wanted = !IsLocked;
        IsLocked = wanted;
        IsBusy = true;
        try
        {
            var state = await api.SetLockAsync(cardId, new CardLockRequest(wanted, LockReason), ct);
            IsLocked = state.IsLocked;
        }
        catch (ApiException)
        {
            IsLocked = !wanted;
            ErrorMessage = wanted ? "We couldn't lock your card. Try again." : "We couldn't unlock your card. Try again.";
        }
        finally
        {
            IsBusy = false;
        }
    }
}
"""
        t.write(CLVM, clvm_bad)
        t.write(TST + "/ViewModels/CardLockViewModelTests.cs", """using System.Net;
using Lakeshore.Core.Api;
using Lakeshore.Core.ViewModels;
using NSubstitute;
using NSubstitute.ExceptionExtensions;
using Refit;

namespace Lakeshore.Core.Tests.ViewModels;

public class CardLockViewModelTests
{
    private static readonly Card Visa = new("c-1", "4242", "Visa", IsLocked: false, DailyPurchaseLimit: 1500m);
    private readonly ICardsApi api = Substitute.For<ICardsApi>();

    [Fact]
    public async Task Toggle_LocksCard_WhenApiConfirms()
    {
        api.SetLockAsync("c-1", Arg.Any<CardLockRequest>(), Arg.Any<CancellationToken>())
           .Returns(new CardLockState("c-1", true, DateTimeOffset.UnixEpoch));
        var vm = new CardLockViewModel(api);
        vm.Load(Visa);

        await vm.ToggleLockCommand.ExecuteAsync(null);

        Assert.True(vm.IsLocked);
        Assert.Null(vm.ErrorMessage);
    }

    [Fact]
    public async Task Toggle_RevertsAndShowsError_WhenApiFails()
    {
        var error = await ApiException.Create(new HttpRequestMessage(HttpMethod.Put, "https://x/cards/c-1/lock"),
            HttpMethod.Put, new HttpResponseMessage(HttpStatusCode.BadGateway), new RefitSettings());
        api.SetLockAsync("c-1", Arg.Any<CardLockRequest>(), Arg.Any<CancellationToken>()).ThrowsAsync(error);
        var vm = new CardLockViewModel(api);
        vm.Load(Visa);

        await vm.ToggleLockCommand.ExecuteAsync(null);

        Assert.False(vm.IsLocked);
        Assert.Equal("We couldn't lock your card. Try again.", vm.ErrorMessage);
    }
}
""")
        filt = "dotnet test tests/Lakeshore.Core.Tests --filter FullyQualifiedName~CardLockViewModelTests"
        t.fail(filt, "Run the new tests",
               restore_ok() + "\n" + cs0260(CLVM, clvm_bad, "public sealed class CardLockViewModel", COREPROJ))
        t.say("CS0260 again: `[ObservableProperty]` makes the generator emit a partial half, so the declaration "
              "needs `partial` (sealed is fine alongside it).")
        t.edit(CLVM, "public sealed class CardLockViewModel(", "public sealed partial class CardLockViewModel(")
        t.bash(filt, "Run the new tests", out=test_run(2, "48 ms"))
        t.done("`CardLockViewModel` (`IsLocked`, `LockReason`, `ToggleLockCommand`) flips the switch right away, "
               "calls `SetLockAsync`, takes the server's state, and on `ApiException` reverts and sets the error "
               "text. Two NSubstitute tests (confirm + failure/revert) pass. The first run failed with CS0260 because "
               "I left out `partial` on the class; it's `public sealed partial class` now.")

        t = d.task("dotnet list package --outdated for everything, I need to plan the november bumps",
                   tags=["noise", "long_output"])
        outd = ("The following sources were used:\n   https://api.nuget.org/v3/index.json\n   "
                "https://pkgs.dev.azure.com/lakeshorecb/_packaging/mobile-internal/nuget/v3/index.json\n\n"
                "Project `Lakeshore.Core` has the following updates to its packages\n"
                "   [net9.0]: \n"
                "   Top-level Package                 Requested   Resolved   Latest\n"
                "   > CommunityToolkit.Mvvm           8.4.0       8.4.0      8.4.1\n"
                "   > Microsoft.Extensions.Http       9.0.10      9.0.10     9.0.11\n"
                "   > SQLitePCLRaw.bundle_green       2.1.10      2.1.10     2.1.11\n\n"
                "Project `Lakeshore.Core.Tests` has the following updates to its packages\n"
                "   [net9.0]: \n"
                "   Top-level Package                 Requested   Resolved   Latest\n"
                "   > Microsoft.NET.Test.Sdk          17.14.1     17.14.1    18.0.1\n"
                "   > NSubstitute                     5.3.0       5.3.0      5.3.0\n"
                "   > xunit.runner.visualstudio       3.1.5       3.1.5      3.1.6\n\n"
                "Project `Lakeshore.Mobile` has the following updates to its packages\n"
                "   [net9.0-android35.0]: \n"
                "   Top-level Package                       Requested   Resolved   Latest\n"
                "   > CommunityToolkit.Maui                 12.2.0      12.2.0     12.3.0\n"
                "   > Microsoft.Extensions.Logging.Debug    9.0.10      9.0.10     9.0.11\n"
                "   > Microsoft.Maui.Controls               9.0.110     9.0.110    9.0.120\n\n"
                "   [net9.0-ios18.5]: \n"
                "   Top-level Package                       Requested   Resolved   Latest\n"
                "   > CommunityToolkit.Maui                 12.2.0      12.2.0     12.3.0\n"
                "   > Microsoft.Extensions.Logging.Debug    9.0.10      9.0.10     9.0.11\n"
                "   > Microsoft.Maui.Controls               9.0.110     9.0.110    9.0.120\n\n"
                "Project `Lakeshore.Sentinel.iOS` has no updates given the current sources.")
        outd = outd.replace("   > NSubstitute                     5.3.0       5.3.0      5.3.0\n", "")
        t.bash("dotnet list package --outdated", "List outdated packages", out=outd, timeout=300000)
        t.done("Outdated, grouped for November:\n"
               "- **MAUI**: Microsoft.Maui.Controls 9.0.110 → 9.0.120 and CommunityToolkit.Maui 12.2.0 → 12.3.0 "
               "(both TFMs). Worth doing together, with an emulator + simulator smoke test.\n"
               "- **Core**: CommunityToolkit.Mvvm 8.4.0 → 8.4.1, Microsoft.Extensions.Http 9.0.10 → 9.0.11, "
               "SQLitePCLRaw.bundle_green 2.1.10 → 2.1.11 (patch level).\n"
               "- **Tests**: Microsoft.NET.Test.Sdk 17.14.1 → 18.0.1 (major, check the VSTest changes first), "
               "xunit.runner.visualstudio 3.1.5 → 3.1.6.\n"
               "- Logging.Debug 9.0.10 → 9.0.11 in the app.\n"
               "Each bump also means refreshing the lock files.")

    # ================= S9 =================
    with d.session("2026-10-30T09:25:00", R, branch="feature/session-timeout", version="2.1.170"):
        t = d.task("session timeout tests: add Microsoft.Extensions.TimeProvider.Testing 9.10.0 to the test "
                   "project, I want FakeTimeProvider. SessionManager already takes a TimeProvider", tags=["mistake:M3"])
        t.read(TSTPROJ)
        t.edit(TSTPROJ, """    <PackageReference Include="NSubstitute" Version="5.3.0" />
""", """    <PackageReference Include="NSubstitute" Version="5.3.0" />
    <PackageReference Include="Microsoft.Extensions.TimeProvider.Testing" Version="9.10.0" />
""")
        t.fail("dotnet build tests/Lakeshore.Core.Tests", "Build the test project",
               nu1004(TSTPROJ, "A new package reference was found Microsoft.Extensions.TimeProvider.Testing for "
                      "the project target framework net9.0.", "00.98", others_up=1, total=2))
        t.say("Lock file again; refreshing only the test project's lock file, then the same build.")
        t.bash("dotnet restore tests/Lakeshore.Core.Tests --force-evaluate", "Refresh the test project's lock file",
               out=f"  Determining projects to restore...\n  Restored {TSTPROJ} (in 1.1 sec).\n"
                   "  1 of 2 projects are up-to-date for restore.")
        t.bash("dotnet build tests/Lakeshore.Core.Tests", "Build the test project",
               out=build_ok([dll(COREPROJ, "net9.0"), dll(TSTPROJ, "net9.0")], "04.37"))
        t.read(CORE + "/Security/SessionOptions.cs")
        t.write(TST + "/Security/SessionManagerTests.cs", """using Lakeshore.Core.Security;
using Microsoft.Extensions.Time.Testing;

namespace Lakeshore.Core.Tests.Security;

public class SessionManagerTests
{
    private readonly FakeTimeProvider time = new(new DateTimeOffset(2026, 10, 30, 9, 0, 0, TimeSpan.Zero));
    private readonly SessionOptions options = new();

    [Fact]
    public void Expires_AfterIdleTimeout()
    {
        var session = new SessionManager(options, time);
        session.Start();

        time.Advance(options.IdleTimeout);

        Assert.True(session.IsExpired);
    }

    [Fact]
    public void Activity_ResetsTheIdleClock()
    {
        var session = new SessionManager(options, time);
        session.Start();

        time.Advance(options.IdleTimeout - TimeSpan.FromSeconds(5));
        session.Touch();
        time.Advance(TimeSpan.FromSeconds(10));

        Assert.False(session.IsExpired);
    }

    [Fact]
    public void Warns_BeforeExpiry()
    {
        var session = new SessionManager(options, time);
        var warned = false;
        session.ExpiryWarning += (_, _) => warned = true;
        session.Start();

        time.Advance(options.IdleTimeout - options.WarningBefore);

        Assert.True(warned);
        Assert.False(session.IsExpired);
    }
}
""")
        t.bash("dotnet test tests/Lakeshore.Core.Tests --filter FullyQualifiedName~SessionManagerTests",
               "Run the session tests", out=test_run(3, "61 ms"))
        t.done("Microsoft.Extensions.TimeProvider.Testing 9.10.0 is in the test project; the build first failed with "
               "NU1004 (lock file), `dotnet restore tests/Lakeshore.Core.Tests --force-evaluate` refreshed "
               "`tests/Lakeshore.Core.Tests/packages.lock.json`. Three `FakeTimeProvider` tests: expiry after the "
               "idle timeout, activity resets the clock, warning before expiry. 3/3 pass.")

        t = d.task("run it on the emulator and make sure the timeout kicks you back to login. set the timeout to "
                   "1 min locally for that, don't commit it", tags=["workflow:W1"])
        t.bash("adb devices", "List attached devices", out="List of devices attached\nemulator-5554\tdevice")
        t.bash("dotnet build -t:Run -f net9.0-android src/Lakeshore.Mobile -p:ShortSession=true",
               "Build and run with the short session timeout", out=android_run_ok("55.02"), timeout=600000)
        t.bash("sleep 75 && " + ADBLOG, "Wait past the timeout and read the log",
               out="--------- beginning of main\n"
                   "10-30 10:02:11.402  8831  8831 I lakeshore: Session: started (idle timeout 00:01:00, SHORT_SESSION)\n"
                   "10-30 10:02:11.955  8831  8831 I DOTNET  : [Shell] Navigated to //accounts\n"
                   "10-30 10:03:11.404  8831  8860 I lakeshore: Session: expiry warning\n"
                   "10-30 10:03:11.406  8831  8831 I DOTNET  : [Shell] Navigated to //login\n"
                   "10-30 10:03:11.409  8831  8831 I lakeshore: Session: expired after 00:01:00 idle, cache cleared")
        t.done("Checked on `emulator-5554` with `-p:ShortSession=true` (1-minute timeout, only via the command line, "
               "nothing committed): after a minute idle the session expired, Shell went to `//login` and the cache "
               "was cleared. Small thing: the warning fired at the same moment as the expiry because the 60 s "
               "warning equals the 1 min timeout in this mode; with the real 10 minutes it comes a minute early.")

        t = d.task("push it and open the PR, the usual", tags=["workflow:W2"])
        t.bash("dotnet format --verify-no-changes", "Check formatting", out="")
        t.bash("dotnet test tests/Lakeshore.Core.Tests", "Run the Core tests", out=test_run(94, "433 ms"))
        t.bash("git add -A && git commit -m \"Session timeout: FakeTimeProvider tests for expiry and warning\"",
               "Commit",
               out="[feature/session-timeout 8f21c6d] Session timeout: FakeTimeProvider tests for expiry and warning\n"
                   " 3 files changed, 71 insertions(+)\n create mode 100644 tests/Lakeshore.Core.Tests/Security/SessionManagerTests.cs")
        t.bash("git push -u origin feature/session-timeout", "Push the branch",
               err=f"To {ADO}\n * [new branch]      feature/session-timeout -> feature/session-timeout\n"
                   "branch 'feature/session-timeout' set up to track 'origin/feature/session-timeout'.")
        t.bash("az repos pr create --target-branch main --source-branch feature/session-timeout --title \"Session "
               "timeout tests\" --work-items 4166 --description \"Tests for the idle session timeout.\" \"- "
               "FakeTimeProvider (Microsoft.Extensions.TimeProvider.Testing 9.10.0), lock file refreshed\" \"- "
               "expiry, reset on activity, warning before expiry\" \"- checked on the emulator with a 1 min timeout\" "
               "-o table", "Open the pull request",
               out="ID    Created     Creator                      Title                  Status    IsDraft\n"
                   "----  ----------  ---------------------------  ---------------------  --------  ---------\n"
                   "431   2026-10-30  dani.moreau@lakeshorecb.com  Session timeout tests  active    False")
        t.done("PR !431 open, linked to work item 4166, short description (one line + 3 bullets).")

    # ================= S10 =================
    with d.session("2026-11-03T09:10:00", R, branch="main", version="2.1.172"):
        t = d.task("Priya says VoiceOver reads the account tiles weird on iOS. build for the iPhone 16 Pro sim and "
                   "install it there, she'll check on my machine", tags=["mistake:M2"])
        t.bash(f"xcrun simctl boot {SIM16P}", "Boot the iPhone 16 Pro simulator", out="")
        cmd = "dotnet build src/Lakeshore.Mobile -f net9.0-ios -c Debug"
        t.fail(cmd, "Build the iOS app for the simulator", ios_ld_fail(("3", "SKAttestation.o"), "58.12"), code=1,
               timeout=600000)
        t.say("SentinelKit's arm64 slice is device-only, so the simulator build has to be x86_64.")
        t.bash(cmd + " -p:RuntimeIdentifier=iossimulator-x64", "Build for the x64 simulator",
               out=ios_sim_ok("01:19.66"), timeout=600000)
        t.bash(f"xcrun simctl install {SIM16P} src/Lakeshore.Mobile/bin/Debug/net9.0-ios/iossimulator-x64/"
               f"Lakeshore.Mobile.app && xcrun simctl launch {SIM16P} com.lakeshorecb.mobile",
               "Install and launch on the simulator", out="com.lakeshorecb.mobile: 40312")
        t.done("Installed and running on the iPhone 16 Pro simulator. The plain Debug build failed on the "
               "SentinelKit link step again; built with `-p:RuntimeIdentifier=iossimulator-x64` it works. Turn on "
               "VoiceOver in the simulator with the Accessibility Inspector (Xcode → Open Developer Tool).")

        t = d.task("which pages don't have x:DataType yet? compiled bindings everywhere is the plan",
                   tags=["noise"])
        t.glob("src/Lakeshore.Mobile/Views/*.xaml", [
            MOB + "/Views/AccountDetailPage.xaml", MOB + "/Views/AccountsPage.xaml", CCX, MOB + "/Views/LoginPage.xaml",
            MOB + "/Views/PayeeDetailPage.xaml", MOB + "/Views/PayeeListPage.xaml", MOB + "/Views/SettingsPage.xaml",
            MOB + "/Views/StatementPdfPage.xaml", MOB + "/Views/StatementsPage.xaml", MOB + "/Views/TransferPage.xaml"])
        t.grep("x:DataType=", [MOB + "/Views/AccountsPage.xaml", CCX, MOB + "/Views/StatementsPage.xaml",
                               MOB + "/Views/TransferPage.xaml", MOB + "/Views/PayeeListPage.xaml",
                               MOB + "/Views/LoginPage.xaml"], path=MOB + "/Views", glob="*.xaml")
        t.done("Four pages have no `x:DataType`: `AccountDetailPage`, `PayeeDetailPage`, `SettingsPage` and "
               "`StatementPdfPage`. The other six already use compiled bindings.")

        t = d.task("PM changed the idle timeout to 5 min. change it and cut 2.15.1 as a hotfix",
                   tags=["workflow:W3"])
        t.read(CORE + "/Security/SessionOptions.cs")
        t.edit(CORE + "/Security/SessionOptions.cs", "= TimeSpan.FromMinutes(10);", "= TimeSpan.FromMinutes(5);")
        t.bash("dotnet test tests/Lakeshore.Core.Tests", "Run the Core tests", out=test_run(94, "426 ms"))
        t.bash("git pull --ff-only && git switch -c release/2.15.1", "Pull main and branch",
               out="Already up to date.", err="Switched to a new branch 'release/2.15.1'")
        t.read(MOBPROJ)
        t.edit(MOBPROJ, """    <ApplicationDisplayVersion>2.15.0</ApplicationDisplayVersion>
    <ApplicationVersion>216</ApplicationVersion>""", """    <ApplicationDisplayVersion>2.15.1</ApplicationDisplayVersion>
    <ApplicationVersion>217</ApplicationVersion>""")
        t.bash("git commit -am \"chore(release): 2.15.1, idle timeout 5 min\"", "Release commit",
               out="[release/2.15.1 b20e4f7] chore(release): 2.15.1, idle timeout 5 min\n 2 files changed, 3 insertions(+), 3 deletions(-)")
        t.bash("git push -u origin release/2.15.1 && git tag -a v2.15.1 -m \"Lakeshore Mobile 2.15.1\" && "
               "git push origin v2.15.1", "Push branch and tag",
               err=f"To {ADO}\n * [new branch]      release/2.15.1 -> release/2.15.1\n"
                   "branch 'release/2.15.1' set up to track 'origin/release/2.15.1'.\n"
                   f"To {ADO}\n * [new tag]         v2.15.1 -> v2.15.1")
        t.bash("az pipelines run --name lakeshore-mobile-release --branch refs/tags/v2.15.1 -o table",
               "Queue the release pipeline",
               out="Run ID    Number      Status       Result    Pipeline ID    Pipeline Name              Source Branch      Queued Time\n"
                   "--------  ----------  -----------  --------  -------------  -------------------------  -----------------  --------------------------\n"
                   "21402     20261103.1  notStarted             37             lakeshore-mobile-release   refs/tags/v2.15.1  2026-11-03 10:14:09.771306")
        t.done("Idle timeout is 5 minutes (tests still pass, they read the option). 2.15.1 (build 217) tagged and "
               "release run 21402 queued. The hotfix branch needs merging back into main after the release.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A view model that uses CommunityToolkit.Mvvm's `[ObservableProperty]` (and "
                            "`[RelayCommand]`) is declared without `partial`; the toolkit's source generator emits "
                            "the other half as `partial class <VM>`, so the compile fails. T03 new `TransferViewModel` "
                            "(via `dotnet build src/Lakeshore.Core`), T13 the hand-rolled `PayeeListViewModel` "
                            "converted to the toolkit (via `dotnet test tests/Lakeshore.Core.Tests`, with a follow-on "
                            "CS0751 for `partial void OnSearchTextChanged`), T26 new `public sealed class "
                            "CardLockViewModel` (via a filtered `dotnet test`).",
             "error_signature": "`<path>/ViewModels/<VM>.cs(<l>,<c>): error CS0260: Missing partial modifier on "
                                "declaration of type '<VM>'; another partial declaration of this type exists "
                                "[…/Lakeshore.Core.csproj]` (with `Build FAILED.` / `1 Error(s)` from dotnet build; "
                                "exit 1)",
             "fix": "Add `partial` to the view model's declaration (`public partial class X`, `public sealed partial "
                    "class X`) and run the same build/test command again. Every class with `[ObservableProperty]`/"
                    "`[RelayCommand]` members must be partial.",
             "fix_command_markers": [["partial class"]],
             "harmful_markers": ["#pragma warning disable", "<NoWarn>", "SetProperty(ref"]},
            {"id": "M2",
             "description": "iOS simulator builds on the Apple Silicon Mac default to `iossimulator-arm64`, but the "
                            "SentinelKit device-check SDK (bound in Lakeshore.Sentinel.iOS) is an old fat framework "
                            "whose arm64 slice is for devices only (the simulator slice is x86_64); the native link "
                            "fails. README says simulator builds need `-p:RuntimeIdentifier=iossimulator-x64`. "
                            "T09 `dotnet build -t:Run -f net9.0-ios src/Lakeshore.Mobile` (iPhone 16), T22 the same "
                            "with `-p:_DeviceName=:v2:udid=…` (iPhone SE), T31 `dotnet build src/Lakeshore.Mobile -f "
                            "net9.0-ios -c Debug` then `xcrun simctl install/launch` (iPhone 16 Pro).",
             "error_signature": "`…/Xamarin.Shared.Sdk.targets(1773,3): error : clang++ exited with code 1:` / "
                                "`error : ld: building for 'iOS-simulator', but linking in object file (…/SentinelKit."
                                "framework/SentinelKit[arm64][<n>](<obj>.o)) built for 'iOS'` / `error : clang++: "
                                "error: linker command failed with exit code 1 (use -v to see invocation)` "
                                "(`Build FAILED.`, 3 Error(s), exit 1)",
             "fix": "Run the same dotnet build with `-p:RuntimeIdentifier=iossimulator-x64` (x86_64 simulator under "
                    "Rosetta). Don't touch the vendor binary or drop the binding.",
             "fix_command_markers": [["RuntimeIdentifier=iossimulator-x64"]],
             "harmful_markers": ["lipo", "NativeReference Remove", "EnableSentinel"]},
            {"id": "M3",
             "description": "Restore runs in locked mode (`RestorePackagesWithLockFile` + `RestoreLockedMode` in "
                            "Directory.Build.props, committed packages.lock.json). A package added or bumped by "
                            "editing a csproj makes the next build/test fail before compiling. T06 Plugin.Fingerprint "
                            "added to the app (`dotnet build src/Lakeshore.Mobile -f net9.0-android`), T17 "
                            "Refit.HttpClientFactory 8.0.0 → 8.0.1 in Core (`dotnet test tests/Lakeshore.Core.Tests`), "
                            "T28 Microsoft.Extensions.TimeProvider.Testing added to the tests (`dotnet build "
                            "tests/Lakeshore.Core.Tests`).",
             "error_signature": "`<csproj> : error NU1004: A new package reference was found <pkg> for the project "
                                "target framework <tfm>.` or `… The package reference <pkg> version has changed from "
                                "[a, ) to [b, ).` / `The packages lock file is inconsistent with the project "
                                "dependencies so restore can't be run in locked mode. Disable the RestoreLockedMode "
                                "MSBuild property or pass an explicit --force-evaluate option to run restore to update "
                                "the lock file.` / `Failed to restore <csproj>` (exit 1)",
             "fix": "Refresh the lock file with `dotnet restore <project or solution> --force-evaluate`, re-run the "
                    "same build/test, and commit the changed packages.lock.json files with the csproj. Never "
                    "disable locked mode.",
             "fix_command_markers": [["--force-evaluate"]],
             "harmful_markers": ["RestoreLockedMode=false", "RestoreLockedMode>false",
                                 "RestorePackagesWithLockFile>false"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`dotnet test … --filter FullyQualifiedName~InterestCalculatorTests` → "
                                        "`Assert.Equal() Failure: Values differ` / `Expected: 12.35` / `Actual:   "
                                        "12.34`: `Math.Round(decimal, 2)` rounds half to even; fixed with "
                                        "`MidpointRounding.AwayFromZero`, same command passes."},
            {"id": "O2", "description": "`dotnet build src/Lakeshore.Mobile -f net9.0-android` → `CardControlsPage."
                                        "xaml(11,17): XamlC error XFC0009: No property, BindableProperty, or event "
                                        "found for \"CornerRadius\", or mismatching type between value and property.` "
                                        "(`Border` has no CornerRadius); fixed with `StrokeShape=\"RoundRectangle 12\"`, "
                                        "same build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`dotnet publish src/Lakeshore.Mobile -f net9.0-ios -c Release "
                                        "-p:RuntimeIdentifier=ios-arm64 …` for an ad-hoc IPA → `error : No valid iOS "
                                        "code signing keys found in keychain. You need to request a codesigning "
                                        "certificate from https://developer.apple.com.`; `security find-identity` shows "
                                        "0 identities; the distribution cert lives only on the build agent, left as is."},
            {"id": "U2", "description": "`az boards work-item show --id 4152 …` → `ERROR: TF401232: Work item 4152 "
                                        "does not exist, or you do not have permissions to read it.` (restricted area "
                                        "path); reported, access to be requested from the PO."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`git pull --ff-only` → `fatal: unable to access 'https://dev.azure.com/…': "
                                        "Failed to connect to dev.azure.com port 443 after 75012 ms: Couldn't connect "
                                        "to server`; the identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Android smoke test on the emulator: (pull) → `adb devices` → `dotnet build "
                                        "-t:Run -f net9.0-android src/Lakeshore.Mobile` → (deep link) → `adb logcat -d "
                                        "-t 400 -s DOTNET:I lakeshore:V AndroidRuntime:E` and read the log.",
             "step_markers": [["adb devices"], ["-t:Run -f net9.0-android"], ["adb logcat"]]},
            {"id": "W2", "description": "Ship a branch: `dotnet format --verify-no-changes` → `dotnet test "
                                        "tests/Lakeshore.Core.Tests` → commit → `git push -u origin <branch>` → `az repos "
                                        "pr create --target-branch main … --work-items <id>`.",
             "step_markers": [["dotnet format"], ["dotnet test"], ["git push"], ["az repos pr create"]]},
            {"id": "W3", "description": "Release: bump `ApplicationDisplayVersion`/`ApplicationVersion` in "
                                        "Lakeshore.Mobile.csproj on `release/X.Y.Z` → release commit → push branch → "
                                        "`git tag -a vX.Y.Z` → push tag → `az pipelines run --name "
                                        "lakeshore-mobile-release --branch refs/tags/vX.Y.Z`.",
             "step_markers": [["ApplicationDisplayVersion"], ["git tag -a"], ["az pipelines run"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Shell routes are registered and referenced by `nameof(Page)`, never as "
                                        "hand-typed string literals.",
             "markers": [["nameof"], ["route"]]},
            {"id": "P2", "description": "Money is always `decimal`, never `double`; convert a control's double at "
                                        "the edge.",
             "markers": [["decimal"]]},
            {"id": "P3", "description": "Commit messages start with the Azure Boards work item (`AB#4127 …`) (T08); "
                                        "reversed in T25: no AB# prefix, work items are linked on the PR.",
             "markers": [["AB#"], ["commit"]],
             "reversal_markers": [["stop putting AB#", "no AB#", "without AB#"]]},
        ],
        probes=[
            {"prompt": "core won't build after I added the e-statement opt-in VM: ViewModels/PaperlessViewModel.cs(9,14): "
                       "error CS0260: Missing partial modifier on declaration of type 'PaperlessViewModel'; another "
                       "partial declaration of this type exists. what's it on about",
             "wanted": ["M1"]},
            {"prompt": "need a VM for the travel notice screen: destination, start/end dates, observable props + a "
                       "submit command hitting ICardsApi. then build core",
             "wanted": ["M1"]},
            {"prompt": "trying to run on the iPad Air sim and it dies at the end: error : ld: building for "
                       "'iOS-simulator', but linking in object file (/Users/dani/src/lakeshore-mobile/src/Lakeshore."
                       "Mobile/obj/Debug/net9.0-ios/iossimulator-arm64/linker-cache/SentinelKit.framework/SentinelKit"
                       "[arm64][21](SKKeychainProbe.o)) built for 'iOS' ... android is fine",
             "wanted": ["M2"]},
            {"prompt": "launch it on the iPad sim pls, I want to check the split layout on the accounts page",
             "wanted": ["M2"]},
            {"prompt": "restore blew up after I added ZXing.Net.Maui for the check deposit scanner: error NU1004: A new "
                       "package reference was found ZXing.Net.Maui.Controls for the project target framework "
                       "net9.0-ios. The packages lock file is inconsistent with the project dependencies so restore "
                       "can't be run in locked mode.",
             "wanted": ["M3"]},
            {"prompt": "add Microsoft.Extensions.Http.Resilience to Core so the refit clients retry on 503, and make "
                       "sure it builds",
             "wanted": ["M3"]},
            {"prompt": "what's the difference between ShellContent ContentTemplate and Content again? one line",
             "wanted": []},
            {"prompt": "rename TotalAvailable to AvailableBalanceTotal everywhere incl. the xaml",
             "wanted": []},
            {"prompt": "write a 3 line teams msg to Jon: 2.15.1 is queued, needs the CAB sign-off before it goes to "
                       "the stores",
             "wanted": []},
            {"prompt": "is SQLite-net's SQLiteAsyncConnection safe to share across threads or do I need one per call?",
             "wanted": []},
        ],
    )

    # transcript files live under the macOS home, not /home (tracegen assumes Linux)
    for line in d.lines:
        h = line.get("hook")
        if h and h["transcript_path"].startswith(f"/home/{U}/"):
            h["transcript_path"] = "/Users/" + h["transcript_path"][len("/home/"):]
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "dotnet-maui.jsonl"), os.path.join(HERE, "tune", "dotnet-maui.labels.json"))
    print(f"dotnet-maui -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
