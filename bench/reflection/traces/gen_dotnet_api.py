"""dotnet-api: Hannah, backend developer on Tessaro's payouts service (C# / ASP.NET Core 9).

Stack: .NET 9 SDK solution (Payouts.Api, Payouts.Domain, Payouts.Infrastructure, Payouts.Contracts,
tests/Payouts.Api.Tests, tests/Payouts.Domain.Tests), EF Core 9 + Npgsql with dotnet-ef migrations,
xUnit 2 + WebApplicationFactory + Testcontainers (PostgreSQL) against Docker Desktop for Linux,
central package management (Directory.Packages.props), a private Azure Artifacts NuGet feed,
dotnet format, Docker images in ACR, Azure Container Apps (staging) via az, Key Vault, GitHub + gh.

Written blind for fresh/ (see dotnet-api.md).

    cd bench/reflection/traces && python3 fresh/gen_dotnet_api.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "hannah"
R = "/home/hannah/src/payouts-api"
MODEL = "claude-opus-4-6"
GH = "https://github.com/tessaro/payouts-api"
FEED = "https://pkgs.dev.azure.com/tessaro/_packaging/tessaro-internal/nuget/v3/index.json"
FEED_V2 = "https://pkgs.dev.azure.com/tessaro/_packaging/tessaro-internal/nuget/v2/"
ACR = "tessaroacr.azurecr.io"
IMG = f"{ACR}/payouts-api"
CA = "ca-payouts-api-stg"
RG = "rg-payouts-stg"
STG = "https://ca-payouts-api-stg.kindhill-7d1f3a2c.westeurope.azurecontainerapps.io"

# own RNG for hashes / timings so the Dev RNG stays untouched
HX = random.Random(90210)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


API = "src/Payouts.Api"
DOM = "src/Payouts.Domain"
INF = "src/Payouts.Infrastructure"
CON = "src/Payouts.Contracts"
AT = "tests/Payouts.Api.Tests"
DT = "tests/Payouts.Domain.Tests"

FILES = {
    P("Directory.Build.props"): """<Project>
  <PropertyGroup>
    <TargetFramework>net9.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
    <LangVersion>latest</LangVersion>
  </PropertyGroup>
</Project>
""",
    P("Directory.Packages.props"): """<Project>
  <PropertyGroup>
    <ManagePackageVersionsCentrally>true</ManagePackageVersionsCentrally>
  </PropertyGroup>
  <ItemGroup Label="App">
    <PackageVersion Include="EFCore.NamingConventions" Version="9.0.0" />
    <PackageVersion Include="Microsoft.AspNetCore.OpenApi" Version="9.0.15" />
    <PackageVersion Include="Microsoft.EntityFrameworkCore.Design" Version="9.0.15" />
    <PackageVersion Include="Microsoft.Extensions.Diagnostics.HealthChecks.EntityFrameworkCore" Version="9.0.15" />
    <PackageVersion Include="Npgsql.EntityFrameworkCore.PostgreSQL" Version="9.0.4" />
    <PackageVersion Include="Tessaro.Messaging" Version="1.8.0" />
    <PackageVersion Include="Tessaro.Observability" Version="2.3.1" />
  </ItemGroup>
  <ItemGroup Label="Tests">
    <PackageVersion Include="coverlet.collector" Version="6.0.4" />
    <PackageVersion Include="Microsoft.AspNetCore.Mvc.Testing" Version="9.0.15" />
    <PackageVersion Include="Microsoft.NET.Test.Sdk" Version="17.14.1" />
    <PackageVersion Include="Testcontainers.PostgreSql" Version="4.8.1" />
    <PackageVersion Include="xunit" Version="2.9.3" />
    <PackageVersion Include="xunit.runner.visualstudio" Version="3.1.5" />
  </ItemGroup>
</Project>
""",
    P("nuget.config"): """<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
    <add key="tessaro-internal" value="https://pkgs.dev.azure.com/tessaro/_packaging/tessaro-internal/nuget/v3/index.json" />
  </packageSources>
  <packageSourceMapping>
    <packageSource key="tessaro-internal">
      <package pattern="Tessaro.*" />
      <package pattern="Payouts.Contracts" />
    </packageSource>
    <packageSource key="nuget.org">
      <package pattern="*" />
    </packageSource>
  </packageSourceMapping>
</configuration>
""",
    P(f"{API}/Payouts.Api.csproj"): """<Project Sdk="Microsoft.NET.Sdk.Web">

  <PropertyGroup>
    <UserSecretsId>3c0f6c0e-8a0e-4a53-9d61-5b7f0f1e2a44</UserSecretsId>
  </PropertyGroup>

  <ItemGroup>
    <ProjectReference Include="..\\Payouts.Contracts\\Payouts.Contracts.csproj" />
    <ProjectReference Include="..\\Payouts.Infrastructure\\Payouts.Infrastructure.csproj" />
  </ItemGroup>

  <ItemGroup>
    <PackageReference Include="Microsoft.AspNetCore.OpenApi" />
    <PackageReference Include="Microsoft.EntityFrameworkCore.Design">
      <PrivateAssets>all</PrivateAssets>
      <IncludeAssets>runtime; build; native; contentfiles; analyzers; buildtransitive</IncludeAssets>
    </PackageReference>
    <PackageReference Include="Microsoft.Extensions.Diagnostics.HealthChecks.EntityFrameworkCore" />
    <PackageReference Include="Tessaro.Observability" />
  </ItemGroup>

</Project>
""",
    P(f"{INF}/Payouts.Infrastructure.csproj"): """<Project Sdk="Microsoft.NET.Sdk">

  <ItemGroup>
    <ProjectReference Include="..\\Payouts.Domain\\Payouts.Domain.csproj" />
  </ItemGroup>

  <ItemGroup>
    <PackageReference Include="EFCore.NamingConventions" />
    <PackageReference Include="Microsoft.EntityFrameworkCore.Design">
      <PrivateAssets>all</PrivateAssets>
      <IncludeAssets>runtime; build; native; contentfiles; analyzers; buildtransitive</IncludeAssets>
    </PackageReference>
    <PackageReference Include="Npgsql.EntityFrameworkCore.PostgreSQL" />
    <PackageReference Include="Tessaro.Messaging" />
  </ItemGroup>

</Project>
""",
    P(f"{AT}/Payouts.Api.Tests.csproj"): """<Project Sdk="Microsoft.NET.Sdk">

  <PropertyGroup>
    <IsPackable>false</IsPackable>
    <IsTestProject>true</IsTestProject>
  </PropertyGroup>

  <ItemGroup>
    <PackageReference Include="coverlet.collector" />
    <PackageReference Include="Microsoft.AspNetCore.Mvc.Testing" />
    <PackageReference Include="Microsoft.NET.Test.Sdk" />
    <PackageReference Include="Testcontainers.PostgreSql" />
    <PackageReference Include="xunit" />
    <PackageReference Include="xunit.runner.visualstudio" />
  </ItemGroup>

  <ItemGroup>
    <ProjectReference Include="..\\..\\src\\Payouts.Api\\Payouts.Api.csproj" />
  </ItemGroup>

  <ItemGroup>
    <Using Include="Xunit" />
  </ItemGroup>

</Project>
""",
    P(f"{CON}/Payouts.Contracts.csproj"): """<Project Sdk="Microsoft.NET.Sdk">

  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <PackageId>Payouts.Contracts</PackageId>
    <Version>1.3.0</Version>
    <Authors>Tessaro Payouts</Authors>
    <Description>Request/response DTOs of the Tessaro payouts API.</Description>
    <GenerateDocumentationFile>false</GenerateDocumentationFile>
  </PropertyGroup>

</Project>
""",
    P(f"{CON}/PayoutDto.cs"): """namespace Payouts.Contracts;

public sealed record CreatePayoutRequest(string MerchantId, decimal Amount, string Currency, string Reference);

public sealed record PayoutDto(
    Guid Id,
    string MerchantId,
    decimal Amount,
    string Currency,
    string Reference,
    string Status,
    DateTimeOffset CreatedAt,
    DateTimeOffset? SettledAt);

public sealed record PagedResult<T>(IReadOnlyList<T> Items, int Page, int PageSize, int Total);
""",
    P(f"{API}/Program.cs"): """using Payouts.Api.Webhooks;
using Payouts.Infrastructure;
using Payouts.Infrastructure.Persistence;
using Tessaro.Observability;

var builder = WebApplication.CreateBuilder(args);

builder.AddTessaroObservability("payouts-api");
builder.Services.AddControllers();
builder.Services.AddOpenApi();
builder.Services.AddProblemDetails();
builder.Services.AddPayoutsInfrastructure(builder.Configuration);
builder.Services.AddHealthChecks()
    .AddDbContextCheck<PayoutsDbContext>("db", tags: ["ready"]);

var app = builder.Build();

if (app.Environment.IsDevelopment())
{
    app.MapOpenApi();
}

app.UseExceptionHandler();
app.MapControllers();
app.MapMonetaWebhooks();
app.MapHealthChecks("/healthz", new() { Predicate = _ => false });
app.MapHealthChecks("/readyz", new() { Predicate = c => c.Tags.Contains("ready") });

app.Run();

public partial class Program;
""",
    P(f"{API}/Controllers/PayoutsController.cs"): """using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;
using Payouts.Contracts;
using Payouts.Domain;
using Payouts.Infrastructure.Moneta;
using Payouts.Infrastructure.Persistence;

namespace Payouts.Api.Controllers;

[ApiController]
[Route("payouts")]
public sealed class PayoutsController(
    PayoutsDbContext db,
    IMonetaClient moneta,
    ILogger<PayoutsController> log) : ControllerBase
{
    [HttpPost]
    public async Task<ActionResult<PayoutDto>> Create(
        CreatePayoutRequest req,
        [FromHeader(Name = "Idempotency-Key")] string? idempotencyKey,
        CancellationToken ct)
    {
        if (idempotencyKey is not null)
        {
            var existing = await db.Payouts.AsNoTracking()
                .FirstOrDefaultAsync(p => p.IdempotencyKey == idempotencyKey, ct);
            if (existing is not null)
            {
                return Ok(existing.ToDto());
            }
        }

        var payout = Payout.Create(req.MerchantId, new Money(req.Amount, req.Currency), req.Reference,
            idempotencyKey, DateTimeOffset.UtcNow);
        db.Payouts.Add(payout);
        await db.SaveChangesAsync(ct);

        var submission = await moneta.SubmitAsync(payout, ct);
        payout.MarkSubmitted(submission.ProviderId);
        await db.SaveChangesAsync(ct);

        log.LogInformation("Payout {PayoutId} submitted to Moneta as {ProviderId}", payout.Id, submission.ProviderId);
        return CreatedAtAction(nameof(Get), new { id = payout.Id }, payout.ToDto());
    }

    [HttpGet("{id:guid}")]
    public async Task<ActionResult<PayoutDto>> Get(Guid id, CancellationToken ct)
    {
        var payout = await db.Payouts.AsNoTracking().FirstOrDefaultAsync(p => p.Id == id, ct);
        return payout is null ? NotFound() : Ok(payout.ToDto());
    }

    [HttpGet]
    public async Task<ActionResult<PagedResult<PayoutDto>>> List([FromQuery] PayoutListFilter filter, CancellationToken ct)
    {
        var page = await db.ListPayoutsAsync(filter, ct);
        return Ok(new PagedResult<PayoutDto>(page.Items.Select(p => p.ToDto()).ToList(), page.Page, page.PageSize, page.Total));
    }
}
""",
    P(f"{API}/Webhooks/MonetaWebhooks.cs"): """using Microsoft.EntityFrameworkCore;
using Payouts.Infrastructure.Moneta;
using Payouts.Infrastructure.Persistence;

namespace Payouts.Api.Webhooks;

public static class MonetaWebhooks
{
    public static IEndpointRouteBuilder MapMonetaWebhooks(this IEndpointRouteBuilder app)
    {
        app.MapPost("/webhooks/moneta", HandleAsync);
        return app;
    }

    private static async Task<IResult> HandleAsync(HttpRequest request, MonetaSignatureVerifier verifier,
        PayoutsDbContext db, CancellationToken ct)
    {
        var (ok, evt) = await verifier.ReadVerifiedAsync(request, ct);
        if (!ok || evt is null)
        {
            return Results.Unauthorized();
        }

        if (await db.ProcessedWebhookEvents.AnyAsync(e => e.EventId == evt.Id, ct))
        {
            return Results.Ok();
        }

        var payout = await db.Payouts.FirstOrDefaultAsync(p => p.ProviderId == evt.PayoutId, ct);
        if (payout is null)
        {
            return Results.NotFound();
        }

        switch (evt.Type)
        {
            case "payout.settled":
                payout.MarkPaid(evt.OccurredAt);
                break;
            case "payout.failed":
                payout.MarkFailed(evt.FailureReason ?? "unknown");
                break;
        }

        db.ProcessedWebhookEvents.Add(new ProcessedWebhookEvent(evt.Id, evt.OccurredAt));
        await db.SaveChangesAsync(ct);
        return Results.Ok();
    }
}
""",
    P(f"{DOM}/Payout.cs"): """namespace Payouts.Domain;

public sealed class Payout
{
    private Payout()
    {
    }

    public Guid Id { get; private set; }
    public string MerchantId { get; private set; } = null!;
    public Money Amount { get; private set; } = null!;
    public string Reference { get; private set; } = null!;
    public string? IdempotencyKey { get; private set; }
    public PayoutStatus Status { get; private set; }
    public string? ProviderId { get; private set; }
    public Guid? BatchId { get; private set; }
    public DateTimeOffset CreatedAt { get; private set; }
    public DateTimeOffset? SettledAt { get; private set; }
    public string? FailureReason { get; private set; }

    public static Payout Create(string merchantId, Money amount, string reference, string? idempotencyKey,
        DateTimeOffset now)
    {
        if (amount.Amount <= 0)
        {
            throw new DomainException("Payout amount must be positive.");
        }

        return new Payout
        {
            Id = Guid.CreateVersion7(now),
            MerchantId = merchantId,
            Amount = amount,
            Reference = reference,
            IdempotencyKey = idempotencyKey,
            Status = PayoutStatus.Pending,
            CreatedAt = now,
        };
    }

    public void MarkSubmitted(string providerId)
    {
        EnsureStatus(PayoutStatus.Pending);
        ProviderId = providerId;
        Status = PayoutStatus.Submitted;
    }

    public void MarkPaid(DateTimeOffset settledAt)
    {
        EnsureStatus(PayoutStatus.Submitted);
        SettledAt = settledAt;
        Status = PayoutStatus.Paid;
    }

    public void MarkFailed(string reason)
    {
        EnsureStatus(PayoutStatus.Submitted);
        FailureReason = reason;
        Status = PayoutStatus.Failed;
    }

    public void AssignToBatch(Guid batchId)
    {
        EnsureStatus(PayoutStatus.Pending);
        BatchId = batchId;
    }

    private void EnsureStatus(PayoutStatus expected)
    {
        if (Status != expected)
        {
            throw new DomainException($"Payout {Id} is {Status}, expected {expected}.");
        }
    }
}
""",
    P(f"{DOM}/PayoutStatus.cs"): """namespace Payouts.Domain;

public enum PayoutStatus
{
    Pending,
    Submitted,
    Paid,
    Failed,
}
""",
    P(f"{INF}/Persistence/PayoutsDbContext.cs"): """using Microsoft.EntityFrameworkCore;
using Payouts.Domain;

namespace Payouts.Infrastructure.Persistence;

public sealed class PayoutsDbContext(DbContextOptions<PayoutsDbContext> options) : DbContext(options)
{
    public DbSet<Payout> Payouts => Set<Payout>();
    public DbSet<ProcessedWebhookEvent> ProcessedWebhookEvents => Set<ProcessedWebhookEvent>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.HasDefaultSchema("payouts");
        modelBuilder.ApplyConfigurationsFromAssembly(typeof(PayoutsDbContext).Assembly);
    }
}
""",
    P(f"{INF}/Persistence/PayoutQueries.cs"): """using Microsoft.EntityFrameworkCore;
using Payouts.Domain;

namespace Payouts.Infrastructure.Persistence;

public sealed record PayoutListFilter
{
    public const int DefaultPageSize = 50;
    public const int MaxPageSize = 200;

    public string? MerchantId { get; init; }
    public PayoutStatus? Status { get; init; }
    public int Page { get; init; } = 1;
    public int PageSize { get; init; } = DefaultPageSize;
}

public sealed record PayoutPage(IReadOnlyList<Payout> Items, int Page, int PageSize, int Total);

public static class PayoutQueries
{
    public static async Task<PayoutPage> ListPayoutsAsync(this PayoutsDbContext db, PayoutListFilter filter,
        CancellationToken ct)
    {
        var pageSize = Math.Clamp(filter.PageSize, 1, PayoutListFilter.MaxPageSize);
        var page = Math.Max(filter.Page, 1);

        var query = db.Payouts.AsNoTracking();
        if (filter.MerchantId is not null)
        {
            query = query.Where(p => p.MerchantId == filter.MerchantId);
        }

        if (filter.Status is not null)
        {
            query = query.Where(p => p.Status == filter.Status);
        }

        var total = await query.CountAsync(ct);
        var items = await query
            .OrderByDescending(p => p.CreatedAt)
            .Skip((page - 1) * pageSize)
            .Take(pageSize)
            .ToListAsync(ct);

        return new PayoutPage(items, page, pageSize, total);
    }
}
""",
    P(f"{INF}/DependencyInjection.cs"): """using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Payouts.Infrastructure.Moneta;
using Payouts.Infrastructure.Persistence;

namespace Payouts.Infrastructure;

public static class DependencyInjection
{
    public static IServiceCollection AddPayoutsInfrastructure(this IServiceCollection services, IConfiguration config)
    {
        services.AddDbContext<PayoutsDbContext>(o => o
            .UseNpgsql(config.GetConnectionString("Payouts"),
                npgsql => npgsql.MigrationsHistoryTable("__ef_migrations_history", "payouts"))
            .UseSnakeCaseNamingConvention());

        services.AddOptions<MonetaOptions>()
            .Bind(config.GetSection("Moneta"))
            .ValidateDataAnnotations()
            .ValidateOnStart();

        services.AddSingleton<MonetaSignatureVerifier>();
        services.AddHttpClient<IMonetaClient, MonetaClient>((sp, http) =>
        {
            var opts = sp.GetRequiredService<IOptions<MonetaOptions>>().Value;
            http.BaseAddress = opts.BaseUrl;
            http.DefaultRequestHeaders.Add("X-Api-Key", opts.ApiKey);
        });

        return services;
    }
}
""",
    P(f"{INF}/Moneta/MonetaClient.cs"): """using System.Net.Http.Json;
using Payouts.Domain;

namespace Payouts.Infrastructure.Moneta;

public interface IMonetaClient
{
    Task<MonetaSubmission> SubmitAsync(Payout payout, CancellationToken ct);
    Task<MonetaFxQuote> GetFxQuoteAsync(string fromCurrency, string toCurrency, decimal amount, CancellationToken ct);
}

public sealed record MonetaSubmission(string ProviderId);

public sealed record MonetaFxQuote(string QuoteId, decimal Rate, decimal ConvertedAmount);

internal sealed class MonetaClient(HttpClient http) : IMonetaClient
{
    public async Task<MonetaSubmission> SubmitAsync(Payout payout, CancellationToken ct)
    {
        using var req = new HttpRequestMessage(HttpMethod.Post, "v2/payouts")
        {
            Content = JsonContent.Create(new
            {
                merchant_ref = payout.MerchantId,
                amount = payout.Amount.Amount,
                currency = payout.Amount.Currency,
                reference = payout.Reference,
            }),
        };
        req.Headers.Add("Idempotency-Key", payout.Id.ToString());

        using var res = await http.SendAsync(req, ct);
        res.EnsureSuccessStatusCode();
        var body = await res.Content.ReadFromJsonAsync<SubmitResponse>(ct);
        return new MonetaSubmission(body!.Id);
    }

    public async Task<MonetaFxQuote> GetFxQuoteAsync(string fromCurrency, string toCurrency, decimal amount,
        CancellationToken ct)
    {
        var body = await http.GetFromJsonAsync<QuoteResponse>(
            $"v2/fx/quotes?from={fromCurrency}&to={toCurrency}&amount={amount}", ct);
        return new MonetaFxQuote(body!.Id, body.Rate, body.Converted);
    }

    private sealed record SubmitResponse(string Id);

    private sealed record QuoteResponse(string Id, decimal Rate, decimal Converted);
}
""",
    P(f"{AT}/Infrastructure/ApiFactory.cs"): """using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Payouts.Infrastructure.Moneta;
using Payouts.Infrastructure.Persistence;
using Testcontainers.PostgreSql;

namespace Payouts.Api.Tests.Infrastructure;

public sealed class ApiFactory : WebApplicationFactory<Program>, IAsyncLifetime
{
    private readonly PostgreSqlContainer _db = new PostgreSqlBuilder()
        .WithImage("postgres:16-alpine")
        .Build();

    public FakeMonetaClient Moneta { get; } = new();

    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        builder.UseEnvironment("Testing");
        builder.UseSetting("ConnectionStrings:Payouts", _db.GetConnectionString());
        builder.ConfigureServices(services =>
        {
            services.RemoveAll<IMonetaClient>();
            services.AddSingleton<IMonetaClient>(Moneta);
        });
    }

    public PayoutsDbContext CreateDbContext() =>
        Services.CreateScope().ServiceProvider.GetRequiredService<PayoutsDbContext>();

    public async Task InitializeAsync()
    {
        await _db.StartAsync();
        await using var db = CreateDbContext();
        await db.Database.MigrateAsync();
    }

    public new async Task DisposeAsync() => await _db.DisposeAsync();
}

[CollectionDefinition("api")]
public sealed class ApiCollection : ICollectionFixture<ApiFactory>;
""",
    P(f"{AT}/Payouts/ListPayoutsTests.cs"): """using System.Net.Http.Json;
using Payouts.Api.Tests.Infrastructure;
using Payouts.Contracts;

namespace Payouts.Api.Tests.Payouts;

[Collection("api")]
public sealed class ListPayoutsTests(ApiFactory factory)
{
    private readonly HttpClient _client = factory.CreateClient();

    [Fact]
    public async Task List_is_paged()
    {
        var merchant = $"m-{Guid.NewGuid():N}";
        for (var i = 0; i < 3; i++)
        {
            await _client.CreatePayoutAsync(merchant, 10m + i);
        }

        var page = await _client.GetFromJsonAsync<PagedResult<PayoutDto>>($"/payouts?merchantId={merchant}&pageSize=2");

        Assert.Equal(3, page!.Total);
        Assert.Equal(2, page.Items.Count);
    }

    [Fact]
    public async Task List_filters_by_merchant()
    {
        var a = $"m-{Guid.NewGuid():N}";
        var b = $"m-{Guid.NewGuid():N}";
        await _client.CreatePayoutAsync(a, 12.5m);
        await _client.CreatePayoutAsync(b, 99m);

        var page = await _client.GetFromJsonAsync<PagedResult<PayoutDto>>($"/payouts?merchantId={a}");

        Assert.All(page!.Items, p => Assert.Equal(a, p.MerchantId));
    }
}
""",
    P(f"{AT}/Persistence/PayoutQueriesTests.cs"): """using Payouts.Api.Tests.Infrastructure;
using Payouts.Domain;
using Payouts.Infrastructure.Persistence;

namespace Payouts.Api.Tests.Persistence;

[Collection("api")]
public sealed class PayoutQueriesTests(ApiFactory factory)
{
    [Fact]
    public async Task Pages_newest_first()
    {
        await using var db = factory.CreateDbContext();
        var merchant = $"m-{Guid.NewGuid():N}";
        var t0 = new DateTimeOffset(2026, 5, 1, 8, 0, 0, TimeSpan.Zero);
        for (var i = 0; i < 3; i++)
        {
            db.Payouts.Add(Payout.Create(merchant, new Money(10m, "EUR"), $"ref-{i}", null, t0.AddMinutes(i)));
        }

        await db.SaveChangesAsync();

        var page = await db.ListPayoutsAsync(new PayoutListFilter { MerchantId = merchant, PageSize = 2 }, default);

        Assert.Equal(["ref-2", "ref-1"], page.Items.Select(p => p.Reference));
    }
}
""",
    P(f"{API}/Dockerfile"): """# syntax=docker/dockerfile:1.7
FROM mcr.microsoft.com/dotnet/sdk:9.0 AS build
WORKDIR /src
RUN curl -fsSL https://aka.ms/install-artifacts-credprovider.sh | bash
COPY nuget.config Directory.Build.props Directory.Packages.props global.json ./
COPY src/Payouts.Api/Payouts.Api.csproj src/Payouts.Api/
COPY src/Payouts.Contracts/Payouts.Contracts.csproj src/Payouts.Contracts/
COPY src/Payouts.Domain/Payouts.Domain.csproj src/Payouts.Domain/
COPY src/Payouts.Infrastructure/Payouts.Infrastructure.csproj src/Payouts.Infrastructure/
RUN --mount=type=secret,id=nuget_pat \\
    VSS_NUGET_EXTERNAL_FEED_ENDPOINTS="{\\"endpointCredentials\\":[{\\"endpoint\\":\\"https://pkgs.dev.azure.com/tessaro/_packaging/tessaro-internal/nuget/v3/index.json\\",\\"password\\":\\"$(cat /run/secrets/nuget_pat)\\"}]}" \\
    dotnet restore src/Payouts.Api/Payouts.Api.csproj
COPY src/ src/
RUN dotnet publish src/Payouts.Api/Payouts.Api.csproj -c Release --no-restore -o /app

FROM mcr.microsoft.com/dotnet/aspnet:9.0-noble-chiseled
WORKDIR /app
COPY --from=build /app .
USER $APP_UID
EXPOSE 8080
ENTRYPOINT ["dotnet", "Payouts.Api.dll"]
""",
}

# ------------------------------------------------------------------ dotnet output helpers
ORDER = ["Payouts.Domain", "Payouts.Contracts", "Payouts.Infrastructure", "Payouts.Api",
         "Payouts.Domain.Tests", "Payouts.Api.Tests"]
DEPS = {
    "Payouts.Domain": [],
    "Payouts.Contracts": [],
    "Payouts.Infrastructure": ["Payouts.Domain"],
    "Payouts.Api": ["Payouts.Infrastructure", "Payouts.Contracts"],
    "Payouts.Domain.Tests": ["Payouts.Domain"],
    "Payouts.Api.Tests": ["Payouts.Api"],
}


def closure(targets):
    seen = set()
    todo = list(targets)
    while todo:
        p = todo.pop()
        if p not in seen:
            seen.add(p)
            todo += DEPS[p]
    return [p for p in ORDER if p in seen]


def pdir(p):
    return ("tests/" if p.endswith(".Tests") else "src/") + p


def csproj(p):
    return f"{R}/{pdir(p)}/{p}.csproj"


def dll_line(p, cfg="Debug"):
    tf = "net8.0" if p == "Payouts.Contracts" else "net9.0"
    return f"  {p} -> {R}/{pdir(p)}/bin/{cfg}/{tf}/{p}.dll"


def restore(projs, restored=()):
    out = ["  Determining projects to restore..."]
    if restored:
        for p in restored:
            out.append(f"  Restored {csproj(p)} (in {HX.randint(180, 2400)} ms).")
        out.append(f"  {len(projs) - len(restored)} of {len(projs)} projects are up-to-date for restore.")
    else:
        out.append("  All projects are up-to-date for restore.")
    return "\n".join(out)


def build_ok(targets, secs, restored=(), cfg="Debug"):
    projs = closure(targets)
    return (restore(projs, restored) + "\n" + "\n".join(dll_line(p, cfg) for p in projs) +
            f"\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:{secs}")


def nu1008(targets, bad_proj, pkgs, secs, summary=True):
    projs = closure(targets)
    msg = (f"{csproj(bad_proj)} : error NU1008: Projects that use central package version management should not "
           f"define the version on the PackageReference items but on the PackageVersion items: {';'.join(pkgs)}.")
    out = ["  Determining projects to restore...", msg,
           f"  Failed to restore {csproj(bad_proj)} (in {HX.randint(60, 160)} ms).",
           f"  {len(projs) - 1} of {len(projs)} projects are up-to-date for restore."]
    if summary:
        out += ["", "Build FAILED.", "", msg, "    0 Warning(s)", "    1 Error(s)", "", f"Time Elapsed 00:00:{secs}"]
    return "\n".join(out)


def vstest(p):
    return (f"Test run for {R}/{pdir(p)}/bin/Debug/net9.0/{p}.dll (.NETCoreApp,Version=v9.0)\n"
            "VSTest version 17.14.1 (x64)\n\n"
            "Starting test execution, please wait...\n"
            "A total of 1 test files matched the specified pattern.")


def summary(p, failed, passed, dur):
    word = "Failed!" if failed else "Passed!"
    return (f"{word}  - Failed: {failed:>5}, Passed: {passed:>5}, Skipped: {0:>5}, Total: {failed + passed:>5}, "
            f"Duration: {dur} - {p}.dll (net9.0)")


def test_ok(runs, restored=()):
    """runs: list of (project, passed, duration)."""
    projs = [r[0] for r in runs]
    out = restore(closure(projs), restored) + "\n" + "\n".join(dll_line(p) for p in closure(projs))
    for p, n, dur in runs:
        out += "\n" + vstest(p) + "\n\n" + summary(p, 0, n, dur)
    return out


TC_MSG = ("Docker is either not running or misconfigured. Please ensure that Docker is running and that the endpoint "
          "is properly configured. You can customize your configuration using either the environment variables or "
          "the ~/.testcontainers.properties file. For more information, visit:\n"
          "https://dotnet.testcontainers.org/custom_configuration/")


def factory_line(d):
    lines = d.files[P(f"{AT}/Infrastructure/ApiFactory.cs")].split("\n")
    return next(i for i, l in enumerate(lines, 1) if l.strip() == ".Build();")


def docker_down_block(d, test):
    ln = factory_line(d)
    return f"""  Failed {test} [1 ms]
  Error Message:
   System.AggregateException : One or more errors occurred. ({TC_MSG}) (The following constructor parameters did not have matching fixture data: ApiFactory factory)
---- DotNet.Testcontainers.Builders.DockerUnavailableException : {TC_MSG}
---- The following constructor parameters did not have matching fixture data: ApiFactory factory
  Stack Trace:

----- Inner Stack Trace #1 (DotNet.Testcontainers.Builders.DockerUnavailableException) -----
   at DotNet.Testcontainers.Builders.AbstractBuilder`4.Validate()
   at DotNet.Testcontainers.Builders.ContainerBuilder`3.Validate()
   at Testcontainers.PostgreSql.PostgreSqlBuilder.Validate()
   at Testcontainers.PostgreSql.PostgreSqlBuilder.Build()
   at Payouts.Api.Tests.Infrastructure.ApiFactory..ctor() in {R}/{AT}/Infrastructure/ApiFactory.cs:line {ln}
----- Inner Stack Trace #2 (Xunit.Sdk.TestClassException) -----"""


def docker_down_run(d, tests, dur):
    p = "Payouts.Api.Tests"
    xs = "\n".join(f"[xUnit.net 00:00:00.{41 + i:02d}]     {t} [FAIL]" for i, t in enumerate(tests))
    blocks = "\n".join(docker_down_block(d, t) for t in tests)
    return vstest(p) + "\n" + xs + "\n" + blocks + "\n\n" + summary(p, len(tests), 0, dur)


# test inventory (grows over the month)
API_TESTS = [
    "Payouts.Api.Tests.Health.HealthTests.Healthz_returns_ok",
    "Payouts.Api.Tests.Health.HealthTests.Readyz_checks_database",
    "Payouts.Api.Tests.Payouts.CreatePayoutTests.Post_creates_payout_and_returns_201",
    "Payouts.Api.Tests.Payouts.CreatePayoutTests.Post_is_idempotent_on_idempotency_key",
    "Payouts.Api.Tests.Payouts.CreatePayoutTests.Post_rejects_negative_amount",
    "Payouts.Api.Tests.Payouts.CreatePayoutTests.Post_rejects_unknown_currency",
    "Payouts.Api.Tests.Payouts.GetPayoutTests.Get_returns_404_for_unknown_id",
    "Payouts.Api.Tests.Payouts.GetPayoutTests.Get_returns_payout",
    "Payouts.Api.Tests.Payouts.ListPayoutsTests.List_filters_by_merchant",
    "Payouts.Api.Tests.Payouts.ListPayoutsTests.List_is_paged",
    "Payouts.Api.Tests.Persistence.PayoutQueriesTests.Pages_newest_first",
    "Payouts.Api.Tests.Webhooks.MonetaWebhookTests.Duplicate_event_is_ignored",
    "Payouts.Api.Tests.Webhooks.MonetaWebhookTests.Failed_marks_payout_failed",
    "Payouts.Api.Tests.Webhooks.MonetaWebhookTests.Rejects_bad_signature",
    "Payouts.Api.Tests.Webhooks.MonetaWebhookTests.Settled_marks_payout_paid",
]
DOMAIN_TESTS = 17


def sha():
    return hx(7)


def git_push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      {GH}/pull/new/{branch}        
remote: 
To github.com:tessaro/payouts-api.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def docker_build_out(tag, cached_restore=True):
    n = 16
    rs = "CACHED" if cached_restore else "DONE 38.4s"
    return f"""#0 building with "desktop-linux" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 1.43kB done
#1 DONE 0.0s

#2 resolve image config for docker-image://docker.io/docker/dockerfile:1.7
#2 DONE 0.6s

#3 docker-image://docker.io/docker/dockerfile:1.7@sha256:{hx(64)}
#3 CACHED

#4 [internal] load metadata for mcr.microsoft.com/dotnet/aspnet:9.0-noble-chiseled
#4 DONE 0.4s

#5 [internal] load metadata for mcr.microsoft.com/dotnet/sdk:9.0
#5 DONE 0.4s

#6 [internal] load .dockerignore
#6 transferring context: 214B done
#6 DONE 0.0s

#7 [build 1/10] FROM mcr.microsoft.com/dotnet/sdk:9.0@sha256:{hx(64)}
#7 DONE 0.0s

#8 [stage-1 1/3] FROM mcr.microsoft.com/dotnet/aspnet:9.0-noble-chiseled@sha256:{hx(64)}
#8 DONE 0.0s

#9 [internal] load build context
#9 transferring context: {HX.randint(180, 420)}.{HX.randint(10, 99)}kB 0.1s done
#9 DONE 0.1s

#10 [build 2/10] WORKDIR /src
#10 CACHED

#11 [build 3/10] RUN curl -fsSL https://aka.ms/install-artifacts-credprovider.sh | bash
#11 CACHED

#12 [build 8/10] RUN --mount=type=secret,id=nuget_pat     VSS_NUGET_EXTERNAL_FEED_ENDPOINTS=...     dotnet restore src/Payouts.Api/Payouts.Api.csproj
#12 {rs}

#13 [build 9/10] COPY src/ src/
#13 DONE 0.1s

#14 [build 10/10] RUN dotnet publish src/Payouts.Api/Payouts.Api.csproj -c Release --no-restore -o /app
#14 1.203   Payouts.Domain -> /src/src/Payouts.Domain/bin/Release/net9.0/Payouts.Domain.dll
#14 1.377   Payouts.Contracts -> /src/src/Payouts.Contracts/bin/Release/net8.0/Payouts.Contracts.dll
#14 4.861   Payouts.Infrastructure -> /src/src/Payouts.Infrastructure/bin/Release/net9.0/Payouts.Infrastructure.dll
#14 9.514   Payouts.Api -> /src/src/Payouts.Api/bin/Release/net9.0/Payouts.Api.dll
#14 9.902   Payouts.Api -> /app/
#14 DONE 10.6s

#15 [stage-1 2/3] COPY --from=build /app .
#15 DONE 0.2s

#{n} exporting to image
#{n} exporting layers 0.4s done
#{n} writing image sha256:{hx(64)} done
#{n} naming to {tag} done
#{n} DONE 0.5s"""


def docker_push_out(tag_short):
    layers = "\n".join(f"{hx(12)}: {'Pushed' if i < 2 else 'Layer already exists'}" for i in range(7))
    return f"""The push refers to repository [{IMG}]
{layers}
{tag_short}: digest: sha256:{hx(64)} size: 1996"""


def revision_table(rows):
    out = ["Name                          Active    Traffic    Health    Created",
           "----------------------------  --------  ---------  --------  -------------------------"]
    for name, active, traffic, health, created in rows:
        out.append(f"{name:<28}  {active:<8}  {traffic:<9}  {health:<8}  {created}")
    return "\n".join(out)


def line_of(d, path, needle):
    lines = d.files[path].split("\n")
    return next(i for i, l in enumerate(lines, 1) if needle in l)


def gen():
    d = Dev("dotnet-api", U, "en", MODEL, seed=20260504, files=FILES)
    api_tests = list(API_TESTS)
    n_dom = DOMAIN_TESTS

    # ============================================================ S1  Mon 05-04
    with d.session("2026-05-04T09:20:00", R, branch="main", version="2.1.60"):
        t = d.task("hey, I'm taking over payouts-api from Ravi this sprint. give me the tour: how does a POST /payouts "
                   "end up at Moneta (the PSP) and how do we find out it got paid?", tags=["noise"])
        t.glob("src/**/*.cs", [P(x) for x in [
            f"{API}/Program.cs", f"{API}/Controllers/PayoutsController.cs", f"{API}/Webhooks/MonetaWebhooks.cs",
            f"{API}/Mapping/PayoutMapping.cs", f"{CON}/PayoutDto.cs", f"{DOM}/DomainException.cs", f"{DOM}/Money.cs",
            f"{DOM}/Payout.cs", f"{DOM}/PayoutStatus.cs", f"{INF}/DependencyInjection.cs",
            f"{INF}/Moneta/MonetaClient.cs", f"{INF}/Moneta/MonetaOptions.cs", f"{INF}/Moneta/MonetaSignatureVerifier.cs",
            f"{INF}/Persistence/PayoutsDbContext.cs", f"{INF}/Persistence/PayoutQueries.cs",
            f"{INF}/Persistence/ProcessedWebhookEvent.cs", f"{INF}/Persistence/Configurations/PayoutConfiguration.cs",
            f"{INF}/Persistence/Configurations/ProcessedWebhookEventConfiguration.cs",
            f"{INF}/Migrations/20260112143005_Initial.cs", f"{INF}/Migrations/20260203091548_AddIdempotencyKey.cs",
            f"{INF}/Migrations/20260317110422_AddPayoutBatchId.cs",
            f"{INF}/Migrations/PayoutsDbContextModelSnapshot.cs"]])
        t.read(P(f"{API}/Program.cs"))
        t.read(P(f"{API}/Controllers/PayoutsController.cs"))
        t.read(P(f"{INF}/Moneta/MonetaClient.cs"))
        t.read(P(f"{API}/Webhooks/MonetaWebhooks.cs"))
        t.read(P(f"{DOM}/Payout.cs"))
        t.done("""Two halves: a synchronous submit and an asynchronous settlement via webhook.

**Submit** — `PayoutsController.Create` (`src/Payouts.Api/Controllers/PayoutsController.cs`):
1. If an `Idempotency-Key` header is present and a payout with that key exists, it returns the existing one (200, not 201).
2. `Payout.Create(...)` (domain, `Payouts.Domain/Payout.cs`) validates amount > 0, creates a v7 GUID, status `Pending`. Saved.
3. `IMonetaClient.SubmitAsync` (`Infrastructure/Moneta/MonetaClient.cs`) POSTs `v2/payouts` with our payout id as Moneta's `Idempotency-Key`, so a retried submit can't double-pay.
4. `MarkSubmitted(providerId)` → status `Submitted`, saved again, 201 with `Location`.

**Settlement** — Moneta calls `POST /webhooks/moneta` (`Webhooks/MonetaWebhooks.cs`, minimal API):
- `MonetaSignatureVerifier` checks the signature (401 otherwise).
- Duplicate events are dropped via `ProcessedWebhookEvents` (keyed by Moneta's event id).
- `payout.settled` → `MarkPaid(occurredAt)`; `payout.failed` → `MarkFailed(reason)`. The domain only allows those from `Submitted`.

Things worth knowing:
- If Moneta's submit throws after the first `SaveChanges`, the payout stays `Pending` with no provider id — there's no sweeper for those yet.
- `CreatedAt` uses `DateTimeOffset.UtcNow` directly in the controller.
- `/healthz` is liveness only; `/readyz` checks the DB.""")

        t = d.task("run the api integration tests pls, want a baseline before I touch anything", tags=["mistake:M1"])
        t.fail("dotnet test tests/Payouts.Api.Tests", "Run the API integration tests",
               test_ok_build := (restore(closure(["Payouts.Api.Tests"])) + "\n" +
                                 "\n".join(dll_line(p) for p in closure(["Payouts.Api.Tests"])) + "\n" +
                                 docker_down_run(d, api_tests, "318 ms")))
        t.say("All 15 fail before any test body runs — the `ApiFactory` collection fixture can't build the Postgres "
              "Testcontainer because it can't reach Docker. Checking the daemon.")
        t.fail("docker info --format '{{.ServerVersion}}'", "Check whether the Docker daemon is reachable",
               "Cannot connect to the Docker daemon at unix:///home/hannah/.docker/desktop/docker.sock. "
               "Is the docker daemon running?")
        t.say("Docker Desktop isn't running. Starting it and waiting for the engine.")
        t.bash("systemctl --user start docker-desktop", "Start Docker Desktop")
        t.bash("until docker info >/dev/null 2>&1; do sleep 3; done; docker info --format '{{.ServerVersion}} {{.OperatingSystem}}'",
               "Wait for the Docker engine to come up", out="29.1.3 Docker Desktop", timeout=180000)
        t.bash("dotnet test tests/Payouts.Api.Tests", "Re-run the API integration tests",
               out=test_ok([("Payouts.Api.Tests", len(api_tests), "41 s")]), timeout=600000)
        t.done(f"Baseline: **{len(api_tests)}/{len(api_tests)} passed** (41 s — the first run pulled `postgres:16-alpine`, later runs are ~9 s).\n\n"
               "The first attempt failed across the board because Docker Desktop wasn't running; the tests need it for "
               "the Testcontainers Postgres. I started it with `systemctl --user start docker-desktop`.")

        t = d.task("AddDbContext vs AddDbContextPool - is pooling worth it for us? we're ~40 rps peak",
                   tags=["noise", "no_tools"])
        t.done("""Probably not worth it at 40 rps.

`AddDbContextPool` reuses `DbContext` instances instead of constructing one per request. It saves the allocation and the setup of the context's internal service provider lookups — measurable at thousands of requests per second, noise at 40. The database round-trips dominate by orders of magnitude.

Costs/constraints of pooling:
- The context must not hold per-request state in fields (ours doesn't, it's a plain primary-constructor context), and `OnModelCreating`-time config can't depend on the request.
- Constructor injection of other services into the context isn't possible — pooled contexts only take `DbContextOptions`.
- Pool size defaults to 1024; contexts are reset on return, so a bug that leaves tracked entities around is hidden less than you'd think, but it's one more thing to reason about.

Note this is *not* the Npgsql connection pool — that's on either way (`Pooling=true` by default in the connection string) and is the pool that matters for you. If you want a cheap win, look at `AsNoTracking` on read paths (already done in `PayoutsController`) and compiled queries for the hot list endpoint before context pooling.""")

    # ============================================================ S2  Tue 05-05
    with d.session("2026-05-05T10:05:00", R, branch="feat/payout-batches", version="2.1.60"):
        t = d.task("payout batches. marketplace wants to pay a merchant's whole week in one transfer. add a PayoutBatch "
                   "entity (id, merchant, currency, status Open/Submitted/Closed, created_at) + config + migration. "
                   "Payout.BatchId already exists from Ravi's spike, wire the FK to it", tags=["mistake:M2"])
        t.read(P(f"{INF}/Persistence/PayoutsDbContext.cs"))
        t.glob("src/Payouts.Infrastructure/Persistence/Configurations/*.cs", [
            P(f"{INF}/Persistence/Configurations/PayoutConfiguration.cs"),
            P(f"{INF}/Persistence/Configurations/ProcessedWebhookEventConfiguration.cs")])
        t.write(P(f"{DOM}/PayoutBatch.cs"), """namespace Payouts.Domain;

public enum PayoutBatchStatus
{
    Open,
    Submitted,
    Closed,
}

public sealed class PayoutBatch
{
    private PayoutBatch()
    {
    }

    public Guid Id { get; private set; }
    public string MerchantId { get; private set; } = null!;
    public string Currency { get; private set; } = null!;
    public PayoutBatchStatus Status { get; private set; }
    public DateTimeOffset CreatedAt { get; private set; }

    public static PayoutBatch Open(string merchantId, string currency, DateTimeOffset now) => new()
    {
        Id = Guid.CreateVersion7(now),
        MerchantId = merchantId,
        Currency = currency,
        Status = PayoutBatchStatus.Open,
        CreatedAt = now,
    };

    public void Add(Payout payout)
    {
        if (Status != PayoutBatchStatus.Open)
        {
            throw new DomainException($"Batch {Id} is {Status}; payouts can only be added to open batches.");
        }

        if (payout.MerchantId != MerchantId || payout.Amount.Currency != Currency)
        {
            throw new DomainException($"Payout {payout.Id} does not match batch merchant/currency.");
        }

        payout.AssignToBatch(Id);
    }
}
""")
        t.write(P(f"{INF}/Persistence/Configurations/PayoutBatchConfiguration.cs"), """using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Payouts.Domain;

namespace Payouts.Infrastructure.Persistence.Configurations;

internal sealed class PayoutBatchConfiguration : IEntityTypeConfiguration<PayoutBatch>
{
    public void Configure(EntityTypeBuilder<PayoutBatch> b)
    {
        b.ToTable("payout_batches");
        b.HasKey(x => x.Id);
        b.Property(x => x.MerchantId).HasMaxLength(64);
        b.Property(x => x.Currency).HasMaxLength(3).IsFixedLength();
        b.Property(x => x.Status).HasConversion<string>().HasMaxLength(16);
        b.HasMany<Payout>().WithOne().HasForeignKey(p => p.BatchId);
    }
}
""")
        t.edit(P(f"{INF}/Persistence/PayoutsDbContext.cs"), """    public DbSet<Payout> Payouts => Set<Payout>();
""", """    public DbSet<Payout> Payouts => Set<Payout>();
    public DbSet<PayoutBatch> PayoutBatches => Set<PayoutBatch>();
""")
        t.fail("dotnet ef migrations add AddPayoutBatches --project src/Payouts.Infrastructure",
               "Generate the AddPayoutBatches migration",
               """Build started...
Build succeeded.
Unable to create a 'DbContext' of type 'PayoutsDbContext'. The exception 'Unable to resolve service for type 'Microsoft.EntityFrameworkCore.DbContextOptions`1[Payouts.Infrastructure.Persistence.PayoutsDbContext]' while attempting to activate 'Payouts.Infrastructure.Persistence.PayoutsDbContext'.' was thrown while attempting to create an instance. For the different patterns supported at design time, see https://go.microsoft.com/fwlink/?linkid=851728""")
        t.say("The tools used Payouts.Infrastructure as the startup project too, and that class library has no host — "
              "the context's options are only registered in the API's `Program.cs` via `AddPayoutsInfrastructure`. "
              "Pointing the startup project at the API:")
        mig = P(f"{INF}/Migrations/20260505102214_AddPayoutBatches.cs")
        t.bash("dotnet ef migrations add AddPayoutBatches --project src/Payouts.Infrastructure --startup-project src/Payouts.Api",
               "Generate the migration using the API as startup project",
               out="Build started...\nBuild succeeded.\nDone. To undo this action, use 'ef migrations remove'")
        d.files[mig] = """using System;
using Microsoft.EntityFrameworkCore.Migrations;

#nullable disable

namespace Payouts.Infrastructure.Migrations
{
    /// <inheritdoc />
    public partial class AddPayoutBatches : Migration
    {
        /// <inheritdoc />
        protected override void Up(MigrationBuilder migrationBuilder)
        {
            migrationBuilder.CreateTable(
                name: "payout_batches",
                schema: "payouts",
                columns: table => new
                {
                    id = table.Column<Guid>(type: "uuid", nullable: false),
                    merchant_id = table.Column<string>(type: "character varying(64)", maxLength: 64, nullable: false),
                    currency = table.Column<string>(type: "character(3)", fixedLength: true, maxLength: 3, nullable: false),
                    status = table.Column<string>(type: "character varying(16)", maxLength: 16, nullable: false),
                    created_at = table.Column<DateTimeOffset>(type: "timestamp with time zone", nullable: false)
                },
                constraints: table =>
                {
                    table.PrimaryKey("pk_payout_batches", x => x.id);
                });

            migrationBuilder.CreateIndex(
                name: "ix_payouts_batch_id",
                schema: "payouts",
                table: "payouts",
                column: "batch_id");

            migrationBuilder.AddForeignKey(
                name: "fk_payouts_payout_batches_batch_id",
                schema: "payouts",
                table: "payouts",
                column: "batch_id",
                principalSchema: "payouts",
                principalTable: "payout_batches",
                principalColumn: "id");
        }

        /// <inheritdoc />
        protected override void Down(MigrationBuilder migrationBuilder)
        {
            migrationBuilder.DropForeignKey(
                name: "fk_payouts_payout_batches_batch_id",
                schema: "payouts",
                table: "payouts");

            migrationBuilder.DropTable(
                name: "payout_batches",
                schema: "payouts");

            migrationBuilder.DropIndex(
                name: "ix_payouts_batch_id",
                schema: "payouts",
                table: "payouts");
        }
    }
}
"""
        t.read(mig)
        t.done("""Added:
- `Payouts.Domain/PayoutBatch.cs` — `PayoutBatch` + `PayoutBatchStatus` (Open/Submitted/Closed). `Add(payout)` only works on open batches and checks merchant + currency match, then calls `payout.AssignToBatch`.
- `PayoutBatchConfiguration` — table `payouts.payout_batches`, status stored as string, FK `payouts.batch_id → payout_batches.id`.
- `DbSet<PayoutBatch> PayoutBatches` on the context.
- Migration `20260505102214_AddPayoutBatches`: creates the table, index `ix_payouts_batch_id` and the FK. Down drops them again.

`dotnet ef` has to be run with `--startup-project src/Payouts.Api`; with only `--project` it can't construct the context.""")

        api_tests += ["Payouts.Api.Tests.Payouts.PayoutBatchesTests.Post_creates_batch_and_assigns_payouts",
                      "Payouts.Api.Tests.Payouts.PayoutBatchesTests.Post_rejects_payout_of_other_merchant",
                      "Payouts.Api.Tests.Payouts.PayoutBatchesTests.Post_returns_404_for_unknown_payout"]
        t = d.task("now the endpoint: POST /payout-batches {merchantId, currency, payoutIds[]} creates the batch and "
                   "assigns the pending payouts. put it in a controller, PayoutBatchesController next to "
                   "PayoutsController — that's how the rest of the api is built and I want it consistent. created_at "
                   "comes from an injected TimeProvider, no DateTime.UtcNow in new code, I want the tests to pin the "
                   "clock. tests: happy path + 2 error cases", tags=["mistake:M3", "pref:P1", "pref:P3"])
        t.read(P(f"{API}/Program.cs"))
        t.edit(P(f"{API}/Program.cs"), """builder.Services.AddControllers();
""", """builder.Services.AddSingleton(TimeProvider.System);
builder.Services.AddControllers();
""")
        t.write(P(f"{API}/Controllers/PayoutBatchesController.cs"), """using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;
using Payouts.Domain;
using Payouts.Infrastructure.Persistence;

namespace Payouts.Api.Controllers;

public sealed record CreatePayoutBatchRequest(string MerchantId, string Currency, IReadOnlyList<Guid> PayoutIds);

public sealed record PayoutBatchResponse(Guid Id, string MerchantId, string Currency, string Status,
    DateTimeOffset CreatedAt, IReadOnlyList<Guid> PayoutIds);

[ApiController]
[Route("payout-batches")]
public sealed class PayoutBatchesController(PayoutsDbContext db, TimeProvider clock) : ControllerBase
{
    [HttpPost]
    public async Task<ActionResult<PayoutBatchResponse>> Create(CreatePayoutBatchRequest req, CancellationToken ct)
    {
        var payouts = await db.Payouts
            .Where(p => req.PayoutIds.Contains(p.Id))
            .ToListAsync(ct);

        var missing = req.PayoutIds.Except(payouts.Select(p => p.Id)).ToList();
        if (missing.Count > 0)
        {
            return Problem(statusCode: StatusCodes.Status404NotFound, title: "Unknown payouts",
                detail: string.Join(", ", missing));
        }

        var batch = PayoutBatch.Open(req.MerchantId, req.Currency, clock.GetUtcNow());
        try
        {
            foreach (var payout in payouts)
            {
                batch.Add(payout);
            }
        }
        catch (DomainException ex)
        {
            return Problem(statusCode: StatusCodes.Status422UnprocessableEntity, title: "Payout not batchable",
                detail: ex.Message);
        }

        db.PayoutBatches.Add(batch);
        await db.SaveChangesAsync(ct);

        var body = new PayoutBatchResponse(batch.Id, batch.MerchantId, batch.Currency, batch.Status.ToString(),
            batch.CreatedAt, payouts.Select(p => p.Id).ToList());
        return Created($"/payout-batches/{batch.Id}", body);
    }
}
""")
        t.read(P(f"{AT}/Infrastructure/ApiFactory.cs"))
        t.edit(P(f"{AT}/Infrastructure/ApiFactory.cs"), """using Microsoft.Extensions.DependencyInjection.Extensions;
""", """using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Time.Testing;
""")
        t.edit(P(f"{AT}/Infrastructure/ApiFactory.cs"), """    public FakeMonetaClient Moneta { get; } = new();
""", """    public FakeMonetaClient Moneta { get; } = new();

    public FakeTimeProvider Clock { get; } = new(new DateTimeOffset(2026, 5, 4, 9, 0, 0, TimeSpan.Zero));
""")
        t.edit(P(f"{AT}/Infrastructure/ApiFactory.cs"), """            services.AddSingleton<IMonetaClient>(Moneta);
""", """            services.AddSingleton<IMonetaClient>(Moneta);
            services.RemoveAll<TimeProvider>();
            services.AddSingleton<TimeProvider>(Clock);
""")
        t.read(P(f"{AT}/Payouts.Api.Tests.csproj"))
        t.edit(P(f"{AT}/Payouts.Api.Tests.csproj"), """    <PackageReference Include="Microsoft.AspNetCore.Mvc.Testing" />
""", """    <PackageReference Include="Microsoft.AspNetCore.Mvc.Testing" />
    <PackageReference Include="Microsoft.Extensions.TimeProvider.Testing" Version="9.10.0" />
""")
        t.write(P(f"{AT}/Payouts/PayoutBatchesTests.cs"), """using System.Net;
using System.Net.Http.Json;
using Payouts.Api.Controllers;
using Payouts.Api.Tests.Infrastructure;

namespace Payouts.Api.Tests.Payouts;

[Collection("api")]
public sealed class PayoutBatchesTests(ApiFactory factory)
{
    private readonly HttpClient _client = factory.CreateClient();

    [Fact]
    public async Task Post_creates_batch_and_assigns_payouts()
    {
        var merchant = $"m-{Guid.NewGuid():N}";
        var p1 = await _client.CreatePayoutAsync(merchant, 120m);
        var p2 = await _client.CreatePayoutAsync(merchant, 80m);
        var now = new DateTimeOffset(2026, 5, 5, 7, 30, 0, TimeSpan.Zero);
        factory.Clock.SetUtcNow(now);

        var res = await _client.PostAsJsonAsync("/payout-batches",
            new CreatePayoutBatchRequest(merchant, "EUR", [p1.Id, p2.Id]));

        Assert.Equal(HttpStatusCode.Created, res.StatusCode);
        var batch = await res.Content.ReadFromJsonAsync<PayoutBatchResponse>();
        Assert.Equal("Open", batch!.Status);
        Assert.Equal(now, batch.CreatedAt);
        Assert.Equal([p1.Id, p2.Id], batch.PayoutIds.Order());
    }

    [Fact]
    public async Task Post_rejects_payout_of_other_merchant()
    {
        var merchant = $"m-{Guid.NewGuid():N}";
        var mine = await _client.CreatePayoutAsync(merchant, 50m);
        var theirs = await _client.CreatePayoutAsync($"m-{Guid.NewGuid():N}", 50m);

        var res = await _client.PostAsJsonAsync("/payout-batches",
            new CreatePayoutBatchRequest(merchant, "EUR", [mine.Id, theirs.Id]));

        Assert.Equal(HttpStatusCode.UnprocessableEntity, res.StatusCode);
    }

    [Fact]
    public async Task Post_returns_404_for_unknown_payout()
    {
        var merchant = $"m-{Guid.NewGuid():N}";

        var res = await _client.PostAsJsonAsync("/payout-batches",
            new CreatePayoutBatchRequest(merchant, "EUR", [Guid.NewGuid()]));

        Assert.Equal(HttpStatusCode.NotFound, res.StatusCode);
    }
}
""")
        t.fail('dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~PayoutBatches"',
               "Run the new batch tests",
               nu1008(["Payouts.Api.Tests"], "Payouts.Api.Tests", ["Microsoft.Extensions.TimeProvider.Testing"], "01.12"))
        t.say("Restore refuses the `Version` on the PackageReference: this repo uses central package management, so "
              "the version belongs in `Directory.Packages.props` and the csproj reference stays bare.")
        t.read(P("Directory.Packages.props"))
        t.edit(P("Directory.Packages.props"), """    <PackageVersion Include="Microsoft.AspNetCore.Mvc.Testing" Version="9.0.15" />
""", """    <PackageVersion Include="Microsoft.AspNetCore.Mvc.Testing" Version="9.0.15" />
    <PackageVersion Include="Microsoft.Extensions.TimeProvider.Testing" Version="9.10.0" />
""")
        t.edit(P(f"{AT}/Payouts.Api.Tests.csproj"),
               """<PackageReference Include="Microsoft.Extensions.TimeProvider.Testing" Version="9.10.0" />""",
               """<PackageReference Include="Microsoft.Extensions.TimeProvider.Testing" />""")
        t.bash('dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~PayoutBatches"',
               "Run the new batch tests",
               out=test_ok([("Payouts.Api.Tests", 3, "7 s")], restored=["Payouts.Api.Tests"]), timeout=600000)
        t.done("""`POST /payout-batches` is in:
- `Controllers/PayoutBatchesController.cs` (`[ApiController]`, same style as `PayoutsController`). Unknown ids → 404 problem with the missing ids; merchant/currency mismatch or non-pending payout → 422; otherwise 201 with the batch and its payout ids.
- `TimeProvider.System` registered in `Program.cs`; the controller takes `TimeProvider` and uses `clock.GetUtcNow()`.
- `ApiFactory` swaps in a `FakeTimeProvider` (`factory.Clock`), so the happy-path test asserts the exact `CreatedAt`.
- `Microsoft.Extensions.TimeProvider.Testing` 9.10.0 added to `Directory.Packages.props` + a bare reference in the test project.

`PayoutBatchesTests`: 3/3 passed.""")

        t = d.task("ok ship it. format, tests, push, PR", tags=["workflow:W1"])
        t.bash("dotnet format", "Format the solution", timeout=300000)
        t.bash("git status --short", "See what formatting touched", out=f""" M {API}/Program.cs
 M {AT}/Infrastructure/ApiFactory.cs
 M {AT}/Payouts.Api.Tests.csproj
 M Directory.Packages.props
 M {INF}/Persistence/PayoutsDbContext.cs
?? {API}/Controllers/PayoutBatchesController.cs
?? {DOM}/PayoutBatch.cs
?? {INF}/Migrations/20260505102214_AddPayoutBatches.Designer.cs
?? {INF}/Migrations/20260505102214_AddPayoutBatches.cs
?? {INF}/Persistence/Configurations/PayoutBatchConfiguration.cs
?? {AT}/Payouts/PayoutBatchesTests.cs""")
        t.bash("dotnet test", "Run the whole test suite", out=test_ok(
            [("Payouts.Domain.Tests", n_dom, "96 ms"), ("Payouts.Api.Tests", len(api_tests), "11 s")]), timeout=600000)
        c = sha()
        t.bash('git add -A && git commit -m "Add payout batches (entity, migration, POST /payout-batches)"',
               "Commit", out=f"""[feat/payout-batches {c}] Add payout batches (entity, migration, POST /payout-batches)
 11 files changed, 1142 insertions(+), 3 deletions(-)
 create mode 100644 {API}/Controllers/PayoutBatchesController.cs
 create mode 100644 {DOM}/PayoutBatch.cs
 create mode 100644 {INF}/Migrations/20260505102214_AddPayoutBatches.Designer.cs
 create mode 100644 {INF}/Migrations/20260505102214_AddPayoutBatches.cs
 create mode 100644 {INF}/Persistence/Configurations/PayoutBatchConfiguration.cs
 create mode 100644 {AT}/Payouts/PayoutBatchesTests.cs""")
        t.bash("git push -u origin feat/payout-batches", "Push the branch", err=git_push_new("feat/payout-batches"))
        t.bash('gh pr create --base main --title "Payout batches" --body "Adds PayoutBatch (Open/Submitted/Closed), '
               'migration AddPayoutBatches (FK payouts.batch_id), and POST /payout-batches. created_at via TimeProvider; '
               'FakeTimeProvider in ApiFactory. 3 new integration tests."', "Open the PR",
               out=f"{GH}/pull/141")
        t.done(f"PR: {GH}/pull/141 — formatted (no changes), {n_dom} domain + {len(api_tests)} API tests green.")

    # ============================================================ S3  Thu 05-07
    with d.session("2026-05-07T13:40:00", R, branch="feat/merchant-rate-limit", version="2.1.61"):
        t = d.task("the marketplace sometimes fires 500 payout requests in a burst when a merchant closes their week. "
                   "what does the built-in asp.net core rate limiter give us? read the docs, I want per-merchant limits",
                   tags=["noise", "webfetch"])
        t.webfetch("https://learn.microsoft.com/en-us/aspnet/core/performance/rate-limit?view=aspnetcore-9.0",
                   "Summarize the rate limiter algorithms, partitioned limiters, rejection status code and how to apply "
                   "policies to controllers/endpoints.",
                   """The Microsoft.AspNetCore.RateLimiting middleware (in the shared framework since .NET 7) provides:

- **Algorithms**: fixed window (`AddFixedWindowLimiter`: PermitLimit per Window), sliding window (window split into segments; permits from expired segments are recycled), token bucket (tokens added per ReplenishmentPeriod up to a limit), and concurrency (limits concurrent requests, no time component).
- **Partitioning**: `RateLimitPartition.GetFixedWindowLimiter(partitionKey, factory)` etc. create one limiter per key — e.g. user name, API key, host header or a request header. `PartitionedRateLimiter.Create` can be used for a global limiter; `AddPolicy(name, httpContext => partition)` for named policies. `RateLimitPartition.GetNoLimiter(key)` exempts a partition.
- **Queueing**: `QueueLimit` and `QueueProcessingOrder`; QueueLimit = 0 rejects immediately.
- **Rejection**: by default rejected requests get 503; set `options.RejectionStatusCode = StatusCodes.Status429TooManyRequests`. `OnRejected` can set `Retry-After` from `MetadataName.RetryAfter` lease metadata.
- **Applying**: `app.UseRateLimiter()` (after `UseRouting` when endpoint-specific limiters are used); `[EnableRateLimiting("policy")]` / `[DisableRateLimiting]` on controllers or actions; `.RequireRateLimiting("policy")` on minimal API endpoints or groups.
- Testing note: limiters use wall-clock timers; tests of window expiry need real delays or a small window.""")
        t.done("""What fits "N payouts per merchant per minute":

- **Fixed window, partitioned by merchant** — `AddPolicy("per-merchant", ctx => RateLimitPartition.GetFixedWindowLimiter(merchantKey, _ => new() { PermitLimit = 60, Window = 1 min, QueueLimit = 0 }))`. Simple, predictable; allows a 2× burst across a window boundary.
- **Sliding window** — same, but smooths that boundary burst (e.g. 6 segments of 10 s). Slightly more memory per partition.
- **Token bucket** — if you'd rather allow a burst of, say, 20 and then a steady 1/s.

For your case I'd do a fixed window keyed on the `X-Merchant-Id` header the marketplace gateway already sends, `QueueLimit = 0`, `RejectionStatusCode = 429` (the default is 503, which the marketplace would retry like an outage), plus a `Retry-After` in `OnRejected`. Requests without the header get `GetNoLimiter` so internal callers aren't throttled. Apply it with `[EnableRateLimiting("per-merchant")]` on `PayoutsController.Create` only — reads and webhooks shouldn't count.

One caveat: limits are per replica (in-memory). With 2 Container Apps replicas a merchant effectively gets 2×; if that matters we'd need a Redis-backed limiter.""")

        api_tests.append("Payouts.Api.Tests.Payouts.RateLimitTests.Post_returns_429_after_limit_per_merchant")
        t = d.task("do it: fixed window 60/min per X-Merchant-Id on POST /payouts only, 429 + Retry-After. add a test. "
                   "and don't pull in FluentAssertions for this, it went commercial with v8 — plain xunit Assert only",
                   tags=["pref:P2"])
        t.read(P(f"{API}/Program.cs"))
        t.edit(P(f"{API}/Program.cs"), """using Payouts.Api.Webhooks;
""", """using System.Globalization;
using System.Threading.RateLimiting;
using Payouts.Api.Webhooks;
""")
        t.edit(P(f"{API}/Program.cs"), """builder.Services.AddProblemDetails();
""", """builder.Services.AddProblemDetails();
builder.Services.AddRateLimiter(o =>
{
    o.RejectionStatusCode = StatusCodes.Status429TooManyRequests;
    o.OnRejected = (ctx, _) =>
    {
        if (ctx.Lease.TryGetMetadata(MetadataName.RetryAfter, out var retryAfter))
        {
            ctx.HttpContext.Response.Headers.RetryAfter =
                ((int)retryAfter.TotalSeconds).ToString(CultureInfo.InvariantCulture);
        }

        return ValueTask.CompletedTask;
    };
    o.AddPolicy("per-merchant", ctx =>
    {
        var merchant = ctx.Request.Headers["X-Merchant-Id"].ToString();
        return string.IsNullOrEmpty(merchant)
            ? RateLimitPartition.GetNoLimiter("internal")
            : RateLimitPartition.GetFixedWindowLimiter(merchant, _ => new FixedWindowRateLimiterOptions
            {
                PermitLimit = 60,
                Window = TimeSpan.FromMinutes(1),
                QueueLimit = 0,
            });
    });
});
""")
        t.edit(P(f"{API}/Program.cs"), """app.UseExceptionHandler();
""", """app.UseExceptionHandler();
app.UseRateLimiter();
""")
        t.read(P(f"{API}/Controllers/PayoutsController.cs"))
        t.edit(P(f"{API}/Controllers/PayoutsController.cs"), """using Microsoft.AspNetCore.Mvc;
""", """using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.RateLimiting;
""")
        t.edit(P(f"{API}/Controllers/PayoutsController.cs"), """    [HttpPost]
    public async Task<ActionResult<PayoutDto>> Create(""", """    [HttpPost]
    [EnableRateLimiting("per-merchant")]
    public async Task<ActionResult<PayoutDto>> Create(""")
        t.write(P(f"{AT}/Payouts/RateLimitTests.cs"), """using System.Net;
using System.Net.Http.Json;
using Payouts.Api.Tests.Infrastructure;
using Payouts.Contracts;

namespace Payouts.Api.Tests.Payouts;

[Collection("api")]
public sealed class RateLimitTests(ApiFactory factory)
{
    [Fact]
    public async Task Post_returns_429_after_limit_per_merchant()
    {
        var merchant = $"m-{Guid.NewGuid():N}";
        var client = factory.CreateClient();
        client.DefaultRequestHeaders.Add("X-Merchant-Id", merchant);

        for (var i = 0; i < 60; i++)
        {
            var ok = await client.PostAsJsonAsync("/payouts", new CreatePayoutRequest(merchant, 1m, "EUR", $"r-{i}"));
            Assert.Equal(HttpStatusCode.Created, ok.StatusCode);
        }

        var res = await client.PostAsJsonAsync("/payouts", new CreatePayoutRequest(merchant, 1m, "EUR", "r-60"));

        Assert.Equal(HttpStatusCode.TooManyRequests, res.StatusCode);
        Assert.True(res.Headers.RetryAfter?.Delta > TimeSpan.Zero);
    }
}
""")
        t.bash('dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~RateLimit"', "Run the rate limit test",
               out=test_ok([("Payouts.Api.Tests", 1, "6 s")]), timeout=600000)
        t.done("""Done:
- `Program.cs`: `AddRateLimiter` with policy `per-merchant` — fixed window, 60 per minute, `QueueLimit = 0`, partitioned on `X-Merchant-Id`; no header → `GetNoLimiter("internal")` so internal callers and the existing tests aren't throttled. Rejections are 429 with `Retry-After` (seconds) from the lease metadata. `app.UseRateLimiter()` after the exception handler.
- `PayoutsController.Create` has `[EnableRateLimiting("per-merchant")]`; GET and the webhook are untouched.
- `RateLimitTests.Post_returns_429_after_limit_per_merchant` (plain `Assert`): 60 × 201, then 429 with a positive `Retry-After`. Passed.""")

        api_tests.append("Payouts.Api.Tests.Payouts.ListPayoutsTests.List_filters_by_status")
        t = d.task("also a test that GET /payouts?status=Failed only returns the failed ones", tags=["oneoff:O2"])
        lp = P(f"{AT}/Payouts/ListPayoutsTests.cs")
        t.read(lp)
        t.edit(lp, """using Payouts.Contracts;
""", """using Payouts.Contracts;
using Payouts.Domain;
""")
        t.edit(lp, """        Assert.All(page!.Items, p => Assert.Equal(a, p.MerchantId));
    }
""", """        Assert.All(page!.Items, p => Assert.Equal(a, p.MerchantId));
    }

    [Fact]
    public async Task List_filters_by_status()
    {
        var merchant = $"m-{Guid.NewGuid():N}";
        var t0 = new DateTimeOffset(2026, 5, 7, 8, 0, 0, TimeSpan.Zero);
        await using (var db = factory.CreateDbContext())
        {
            var failed = Payout.Create(merchant, new Money(30m, "EUR"), "will-fail", null, t0);
            failed.MarkSubmitted("mon_po_fail1");
            failed.MarkFailed("account_closed");
            db.Payouts.Add(failed);
            db.Payouts.Add(Payout.Create(merchant, new Money(40m, "EUR"), "stays-pending", null, t0));
            await db.SaveChangesAsync();
        }

        var page = await _client.GetFromJsonAsync<PagedResult<PayoutDto>>($"/payouts?merchantId={merchant}&status=Failed");

        Assert.Equal(1, page!.Items.Count);
        Assert.Equal("Failed", page.Items[0].Status);
    }
""")
        ln = line_of(d, lp, "Assert.Equal(1, page!.Items.Count);")
        projs = closure(["Payouts.Api"])
        t.fail('dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~ListPayouts"', "Run the list tests",
               restore(closure(["Payouts.Api.Tests"])) + "\n" + "\n".join(dll_line(p) for p in projs) + "\n" +
               f"{lp}({ln},9): error xUnit2013: Do not use Assert.Equal() to check for collection size. Use "
               f"Assert.Single instead. (https://xunit.net/xunit.analyzers/rules/xUnit2013) [{csproj('Payouts.Api.Tests')}]")
        t.say("The xUnit analyzer flags `Assert.Equal(1, ….Count)` and warnings are errors in this repo. "
              "`Assert.Single` also returns the element, so the second assert can use it.")
        t.edit(lp, """        Assert.Equal(1, page!.Items.Count);
        Assert.Equal("Failed", page.Items[0].Status);
""", """        var only = Assert.Single(page!.Items);
        Assert.Equal("Failed", only.Status);
""")
        t.bash('dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~ListPayouts"', "Run the list tests",
               out=test_ok([("Payouts.Api.Tests", 3, "6 s")]), timeout=600000)
        t.done("Added `ListPayoutsTests.List_filters_by_status`: seeds one failed and one pending payout for a fresh "
               "merchant directly through the context, then `GET /payouts?merchantId=…&status=Failed` must return "
               "exactly the failed one (`Assert.Single`). The three ListPayouts tests pass.")

        t = d.task("commit this and put the branch on staging, the marketplace folks want to hammer the limiter",
                   tags=["workflow:W2"])
        c = sha()
        t.bash('git add -A && git commit -m "Per-merchant rate limit on POST /payouts (60/min, 429 + Retry-After)"',
               "Commit the rate limiter", out=f"""[feat/merchant-rate-limit {c}] Per-merchant rate limit on POST /payouts (60/min, 429 + Retry-After)
 4 files changed, 96 insertions(+)
 create mode 100644 {AT}/Payouts/RateLimitTests.cs""")
        tag = f"{IMG}:stg-{c}"
        t.bash(f"docker build -f src/Payouts.Api/Dockerfile --secret id=nuget_pat,env=TESSARO_FEED_PAT -t {tag} .",
               "Build the API image", err=docker_build_out(tag), timeout=600000)
        t.bash("az acr login --name tessaroacr", "Log in to ACR", out="Login Succeeded")
        t.bash(f"docker push {tag}", "Push the image", out=docker_push_out(f"stg-{c}"), timeout=300000)
        t.bash(f"az containerapp update -n {CA} -g {RG} --image {tag} --query properties.latestRevisionName -o tsv",
               "Roll the staging container app to the new image", out=f"{CA}--0000038", timeout=300000)
        t.bash(f'az containerapp revision list -n {CA} -g {RG} --query "[?properties.active].{{name:name, '
               f'traffic:properties.trafficWeight, health:properties.healthState, running:properties.runningState}}" -o table',
               "Check the active revisions", out=f"""Name                        Traffic    Health    Running
--------------------------  ---------  --------  ---------
{CA}--0000038  100        Healthy   Running""")
        t.bash(f"curl -fsS {STG}/healthz", "Hit the staging health endpoint", out="Healthy")
        t.done(f"Staging runs `stg-{c}`: revision `{CA}--0000038` is active with 100 % traffic, healthy, `/healthz` answers. "
               "Limit is 60/min per `X-Merchant-Id` — note it's per replica, staging runs 1.")

    # ============================================================ S4  Mon 05-11
    with d.session("2026-05-11T09:05:00", R, branch="feat/moneta-resilience", version="2.1.62", end_reason="other"):
        t = d.task("Moneta's sandbox 502s a few times a day and we just blow up. add retries on the typed client with "
                   "Microsoft.Extensions.Http.Resilience: 3 retries, exponential backoff + jitter, 10s per attempt, 30s "
                   "total. submit is safe to retry, we already send the idempotency key", tags=["mistake:M3"])
        di = P(f"{INF}/DependencyInjection.cs")
        ic = P(f"{INF}/Payouts.Infrastructure.csproj")
        t.read(di)
        t.read(ic)
        t.edit(ic, """    <PackageReference Include="EFCore.NamingConventions" />
""", """    <PackageReference Include="EFCore.NamingConventions" />
    <PackageReference Include="Microsoft.Extensions.Http.Resilience" Version="9.10.0" />
""")
        t.edit(di, """using Microsoft.Extensions.Options;
""", """using Microsoft.Extensions.Options;
using Polly;
""")
        t.edit(di, """            http.DefaultRequestHeaders.Add("X-Api-Key", opts.ApiKey);
        });
""", """            http.DefaultRequestHeaders.Add("X-Api-Key", opts.ApiKey);
        })
        .AddStandardResilienceHandler(o =>
        {
            // Moneta dedupes on our Idempotency-Key, so retrying POST v2/payouts is safe.
            o.Retry.MaxRetryAttempts = 3;
            o.Retry.BackoffType = DelayBackoffType.Exponential;
            o.Retry.UseJitter = true;
            o.AttemptTimeout.Timeout = TimeSpan.FromSeconds(10);
            o.TotalRequestTimeout.Timeout = TimeSpan.FromSeconds(30);
        });
""")
        t.fail("dotnet build src/Payouts.Infrastructure", "Build the infrastructure project",
               nu1008(["Payouts.Infrastructure"], "Payouts.Infrastructure", ["Microsoft.Extensions.Http.Resilience"], "01.37"))
        t.say("NU1008 — central package management again: drop the version from the csproj and pin it in "
              "`Directory.Packages.props`.")
        t.edit(ic, """<PackageReference Include="Microsoft.Extensions.Http.Resilience" Version="9.10.0" />""",
               """<PackageReference Include="Microsoft.Extensions.Http.Resilience" />""")
        t.read(P("Directory.Packages.props"))
        t.edit(P("Directory.Packages.props"), """    <PackageVersion Include="Microsoft.Extensions.Diagnostics.HealthChecks.EntityFrameworkCore" Version="9.0.15" />
""", """    <PackageVersion Include="Microsoft.Extensions.Diagnostics.HealthChecks.EntityFrameworkCore" Version="9.0.15" />
    <PackageVersion Include="Microsoft.Extensions.Http.Resilience" Version="9.10.0" />
""")
        t.bash("dotnet build src/Payouts.Infrastructure", "Build the infrastructure project",
               out=build_ok(["Payouts.Infrastructure"], "05.82", restored=["Payouts.Infrastructure"]))
        t.bash("dotnet build", "Build the whole solution",
               out=build_ok(ORDER, "09.14", restored=["Payouts.Api", "Payouts.Api.Tests"]))
        t.done("""The Moneta typed client now has `AddStandardResilienceHandler` (`Infrastructure/DependencyInjection.cs`):
- retry: 3 attempts, exponential backoff with jitter (handles 5xx, 408, 429 and `HttpRequestException`/timeouts; honours `Retry-After`)
- attempt timeout 10 s, total timeout 30 s
- the standard pipeline's rate limiter and circuit breaker stay on their defaults (breaker samples 30 s, so it's ≥ 2× the attempt timeout as required)

`Microsoft.Extensions.Http.Resilience` 9.10.0 is pinned in `Directory.Packages.props`, the csproj has a bare reference. Solution builds.

Note: a retried submit relies on Moneta honouring our `Idempotency-Key` within their dedupe window (24 h per their docs) — fine for these timeouts.""")

        t = d.task("Ravi merged the Tessaro.Messaging 1.9 bump. rebase this branch onto main and check it still builds",
                   tags=["flaky:F1"])
        t.bash("git fetch origin && git rebase origin/main", "Rebase onto main",
               out="Successfully rebased and updated refs/heads/feat/moneta-resilience.",
               err=f"From github.com:tessaro/payouts-api\n   {hx(7)}..{hx(7)}  main       -> origin/main")
        d.files[P("Directory.Packages.props")] = d.files[P("Directory.Packages.props")].replace(
            'Include="Tessaro.Messaging" Version="1.8.0"', 'Include="Tessaro.Messaging" Version="1.9.0"')
        fail_url = "https://pkgs.dev.azure.com/tessaro/_packaging/4b2e0c7a-91f3-4a6e-9d1b-7f0c2a8e5d13/nuget/v3/flat2/tessaro.messaging/index.json"
        t.fail("dotnet restore", "Restore after the rebase", f"""  Determining projects to restore...
{csproj('Payouts.Infrastructure')} : error NU1301: Failed to retrieve information about 'Tessaro.Messaging' from remote source '{fail_url}'.
  The HTTP request to 'GET {fail_url}' has timed out after 100000ms. [{R}/Payouts.sln]
  Failed to restore {csproj('Payouts.Infrastructure')} (in 1.67 min).
  4 of 6 projects are up-to-date for restore.""", timeout=300000)
        t.say("Timed out talking to the Azure Artifacts feed — a network hiccup, nothing in the repo. Retrying.")
        t.bash("dotnet restore", "Restore after the rebase", out=f"""  Determining projects to restore...
  Restored {csproj('Payouts.Infrastructure')} (in 3.12 sec).
  Restored {csproj('Payouts.Api')} (in 412 ms).
  4 of 6 projects are up-to-date for restore.""", timeout=300000)
        t.bash("dotnet build --no-restore", "Build", out="\n".join(dll_line(p) for p in ORDER) +
               "\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:11.06")
        t.done("Rebased onto `origin/main` cleanly (Tessaro.Messaging 1.9.0 now). The first `dotnet restore` timed out "
               "against the Azure Artifacts feed; the retry went through. Build is green.")

        t = d.task("quick q: Money is a sealed record class right now. would record struct be better? it's everywhere "
                   "in the domain", tags=["noise", "no_tools"])
        t.done("""I'd leave it a `sealed record` (class).

Arguments for `readonly record struct`: no allocation per `Money`, and equality is value-based either way. But:
- **EF Core mapping**: `Payout.Amount` is mapped as a complex property. Struct complex types are supported in EF 9, but not as nullable, and the change touches every configuration plus the model snapshot. It works, but it's churn for no measurable gain.
- **Default value**: a struct always has `default(Money)` = `(0, null)`, which bypasses your constructor validation. A class makes "no money" a `null` the compiler's nullable analysis tracks for you.
- **Size**: `decimal` (16 bytes) + a string reference is 24 bytes — fine to copy, but not free, and `Money` flows through a lot of method calls.
- Your allocation profile is dominated by EF materialisation and JSON, not `Money`.

If you ever do switch, make it `readonly record struct Money` and add a guard for `Currency is null` where it's consumed.""")

    # ============================================================ S5  Wed 05-13
    d.files[P(f"{AT}/Infrastructure/FakeMonetaClient.cs")] = """using System.Collections.Concurrent;
using Payouts.Domain;
using Payouts.Infrastructure.Moneta;

namespace Payouts.Api.Tests.Infrastructure;

public sealed class FakeMonetaClient : IMonetaClient
{
    public ConcurrentQueue<Payout> Submitted { get; } = new();

    public MonetaFxQuote Quote { get; set; } = new("q_test", 1.0m, 0m);

    public Task<MonetaSubmission> SubmitAsync(Payout payout, CancellationToken ct)
    {
        Submitted.Enqueue(payout);
        return Task.FromResult(new MonetaSubmission($"mon_po_{payout.Id:N}"));
    }

    public Task<MonetaFxQuote> GetFxQuoteAsync(string fromCurrency, string toCurrency, decimal amount,
        CancellationToken ct) => Task.FromResult(Quote);
}
"""
    with d.session("2026-05-13T08:50:00", R, branch="feat/fx-quotes", version="2.1.63"):
        t = d.task("new branch for fx quotes. first run the whole test suite so we know where we stand",
                   tags=["mistake:M1"])
        projs = closure(["Payouts.Domain.Tests", "Payouts.Api.Tests"])
        t.fail("dotnet test", "Run all tests",
               restore(projs) + "\n" + "\n".join(dll_line(p) for p in projs) + "\n" +
               vstest("Payouts.Domain.Tests") + "\n\n" + summary("Payouts.Domain.Tests", 0, n_dom, "88 ms") + "\n" +
               docker_down_run(d, api_tests, "402 ms"), timeout=600000)
        t.say(f"Domain tests pass; all {len(api_tests)} API tests die in the `ApiFactory` fixture — Testcontainers can't "
              "reach Docker. Docker Desktop is stopped again, starting it.")
        t.bash("systemctl --user start docker-desktop && until docker info >/dev/null 2>&1; do sleep 2; done && "
               "docker version --format '{{.Server.Version}}'", "Start Docker Desktop and wait for the engine",
               out="29.1.3", timeout=180000)
        t.bash("dotnet test", "Run all tests", out=test_ok(
            [("Payouts.Domain.Tests", n_dom, "91 ms"), ("Payouts.Api.Tests", len(api_tests), "12 s")]), timeout=600000)
        t.done(f"All green: {n_dom} domain + {len(api_tests)} API tests. (The first run failed only because Docker "
               "Desktop wasn't running — started it with `systemctl --user start docker-desktop`.)")

        api_tests += ["Payouts.Api.Tests.Payouts.FxQuoteTests.Get_returns_404_for_unknown_payout",
                      "Payouts.Api.Tests.Payouts.FxQuoteTests.Get_returns_quote_expiring_in_30s"]
        t = d.task("GET /payouts/{id}/fx-quote?to=USD → asks Moneta for a quote for the payout amount and returns "
                   "quoteId, rate, convertedAmount, expiresAt (30s from now). same deal as batches: now comes from "
                   "the injected TimeProvider, never DateTime.UtcNow, and test the expiry with the fake clock",
                   tags=["pref:P1"])
        fm = P(f"{AT}/Infrastructure/FakeMonetaClient.cs")
        t.read(fm)
        t.read(P(f"{API}/Controllers/PayoutBatchesController.cs"))
        t.write(P(f"{API}/Controllers/FxQuotesController.cs"), """using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;
using Payouts.Infrastructure.Moneta;
using Payouts.Infrastructure.Persistence;

namespace Payouts.Api.Controllers;

public sealed record FxQuoteResponse(string QuoteId, string From, string To, decimal Rate, decimal ConvertedAmount,
    DateTimeOffset ExpiresAt);

[ApiController]
[Route("payouts/{id:guid}/fx-quote")]
public sealed class FxQuotesController(PayoutsDbContext db, IMonetaClient moneta, TimeProvider clock) : ControllerBase
{
    private static readonly TimeSpan QuoteLifetime = TimeSpan.FromSeconds(30);

    [HttpGet]
    public async Task<ActionResult<FxQuoteResponse>> Get(Guid id, [FromQuery] string to, CancellationToken ct)
    {
        var payout = await db.Payouts.AsNoTracking().FirstOrDefaultAsync(p => p.Id == id, ct);
        if (payout is null)
        {
            return NotFound();
        }

        var quote = await moneta.GetFxQuoteAsync(payout.Amount.Currency, to, payout.Amount.Amount, ct);
        return Ok(new FxQuoteResponse(quote.QuoteId, payout.Amount.Currency, to, quote.Rate, quote.ConvertedAmount,
            clock.GetUtcNow().Add(QuoteLifetime)));
    }
}
""")
        t.write(P(f"{AT}/Payouts/FxQuoteTests.cs"), """using System.Net;
using System.Net.Http.Json;
using Payouts.Api.Controllers;
using Payouts.Api.Tests.Infrastructure;
using Payouts.Infrastructure.Moneta;

namespace Payouts.Api.Tests.Payouts;

[Collection("api")]
public sealed class FxQuoteTests(ApiFactory factory)
{
    private readonly HttpClient _client = factory.CreateClient();

    [Fact]
    public async Task Get_returns_quote_expiring_in_30s()
    {
        var payout = await _client.CreatePayoutAsync($"m-{Guid.NewGuid():N}", 200m);
        factory.Moneta.Quote = new MonetaFxQuote("q_123", 1.0842m, 216.84m);
        var now = new DateTimeOffset(2026, 5, 13, 10, 15, 0, TimeSpan.Zero);
        factory.Clock.SetUtcNow(now);

        var quote = await _client.GetFromJsonAsync<FxQuoteResponse>($"/payouts/{payout.Id}/fx-quote?to=USD");

        Assert.Equal("q_123", quote!.QuoteId);
        Assert.Equal(216.84m, quote.ConvertedAmount);
        Assert.Equal(now.AddSeconds(30), quote.ExpiresAt);
    }

    [Fact]
    public async Task Get_returns_404_for_unknown_payout()
    {
        var res = await _client.GetAsync($"/payouts/{Guid.NewGuid()}/fx-quote?to=USD");

        Assert.Equal(HttpStatusCode.NotFound, res.StatusCode);
    }
}
""")
        t.bash('dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~FxQuote"', "Run the fx quote tests",
               out=test_ok([("Payouts.Api.Tests", 2, "6 s")]), timeout=600000)
        t.done("""`GET /payouts/{id}/fx-quote?to=USD`:
- `Controllers/FxQuotesController.cs` — loads the payout (404 if unknown), asks `IMonetaClient.GetFxQuoteAsync(from, to, amount)`, returns `quoteId`, `from`, `to`, `rate`, `convertedAmount`, `expiresAt = clock.GetUtcNow() + 30 s` (`TimeProvider` injected).
- `FxQuoteTests`: canned quote from `FakeMonetaClient.Quote`, clock pinned with `factory.Clock.SetUtcNow`, asserts `expiresAt` exactly; plus the 404. 2/2 passed.

Open question: the 30 s is ours — Moneta's quote payload may carry its own expiry; if it does we should pass theirs through instead.""")

        t = d.task("what landed on main in the last two weeks? I was out half of last week", tags=["noise", "long_output"])
        authors = ["Ravi Kumar", "Hannah Becker", "Ravi Kumar", "Tom Weller", "dependabot[bot]", "Ravi Kumar",
                   "Elena Petrova", "Hannah Becker", "Tom Weller", "Ravi Kumar"]
        subjects = [
            "Merge pull request #149 from tessaro/chore/messaging-1.9",
            "Bump Tessaro.Messaging to 1.9.0",
            "Merge pull request #146 from tessaro/feat/moneta-resilience",
            "Standard resilience handler on the Moneta client",
            "ci: cache ~/.nuget/packages keyed on Directory.Packages.props hash",
            "Bump Npgsql.EntityFrameworkCore.PostgreSQL from 9.0.3 to 9.0.4",
            "Merge pull request #144 from tessaro/feat/merchant-rate-limit",
            "Per-merchant rate limit on POST /payouts (60/min, 429 + Retry-After)",
            "Merge pull request #143 from tessaro/fix/webhook-dup-race",
            "Unique index on processed_webhook_events.event_id, treat 23505 as duplicate",
            "Merge pull request #142 from tessaro/docs/runbook-moneta-outage",
            "docs: runbook for Moneta outages",
            "Merge pull request #141 from tessaro/feat/payout-batches",
            "Add payout batches (entity, migration, POST /payout-batches)",
            "infra: bump staging container app to 1 vCPU / 2Gi",
            "Merge pull request #139 from tessaro/chore/sdk-9.0.311",
            "global.json: SDK 9.0.311",
            "Merge pull request #138 from tessaro/feat/readyz",
            "Split /healthz and /readyz (db check only on ready)",
            "Log Moneta provider id on submit",
            "Merge pull request #136 from tessaro/fix/idempotency-null",
            "Idempotency-Key is optional; don't look up by null",
            "ci: run dotnet format --verify-no-changes",
            "Bump Testcontainers.PostgreSql from 4.7.0 to 4.8.1",
            "Merge pull request #134 from tessaro/feat/payout-batch-id",
            "Spike: nullable BatchId on payouts",
            "Bump coverlet.collector from 6.0.2 to 6.0.4",
            "Merge pull request #133 from tessaro/fix/money-rounding",
            "Round converted amounts half-even to 2 decimals",
            "README: local setup with docker compose + user-secrets",
            "Merge pull request #131 from tessaro/chore/xunit-2.9.3",
            "Bump xunit to 2.9.3, xunit.runner.visualstudio to 3.1.5",
            "Moneta webhook: 404 for unknown provider ids instead of 500",
            "Merge pull request #129 from tessaro/feat/openapi",
            "Built-in OpenAPI document in Development",
            "Drop Swashbuckle",
        ]
        days = ["2026-05-13", "2026-05-12", "2026-05-12", "2026-05-12", "2026-05-12", "2026-05-11", "2026-05-08",
                "2026-05-08", "2026-05-07", "2026-05-07", "2026-05-06", "2026-05-06", "2026-05-06", "2026-05-05",
                "2026-05-05", "2026-05-05", "2026-05-04", "2026-05-04", "2026-05-04", "2026-05-04", "2026-05-01",
                "2026-05-01", "2026-04-30", "2026-04-30", "2026-04-30", "2026-04-29", "2026-04-29", "2026-04-29",
                "2026-04-29", "2026-04-29", "2026-04-29", "2026-04-29", "2026-04-29", "2026-04-29", "2026-04-29",
                "2026-04-29"]
        log = "\n".join(f"{hx(7)} {days[i]} {('dependabot[bot]' if s.startswith('Bump ') and 'Messaging' not in s and 'xunit' not in s else authors[i % len(authors)])}  {s}"
                        for i, s in enumerate(subjects))
        t.bash("git fetch -q origin && git log origin/main --since=2026-04-29 --format='%h %ad %an  %s' --date=short",
               "List main's commits of the last two weeks", out=log)
        t.done("""Main since 29 April, minus the merge noise:

**Features**
- Payout batches (#141, yours) and the per-merchant rate limit (#144, yours)
- Standard resilience handler on the Moneta client (#146, yours)
- `/healthz` vs `/readyz` split (#138), built-in OpenAPI doc in Development, Swashbuckle dropped (#129)

**Fixes**
- Webhook duplicate race: unique index on `processed_webhook_events.event_id`, 23505 treated as duplicate (#143, Ravi)
- Idempotency-Key optional, no lookup by null (#136); unknown provider ids in webhooks → 404 (#133 area); converted amounts rounded half-even (#133)

**Chores / infra**
- SDK pinned to 9.0.311 (#139), Tessaro.Messaging 1.9.0 (#149), Npgsql EF 9.0.4, Testcontainers 4.8.1, xunit 2.9.3, coverlet 6.0.4
- CI: `dotnet format --verify-no-changes` step, NuGet cache keyed on the packages props hash
- Staging container app bumped to 1 vCPU / 2 Gi (Tom); Moneta outage runbook (Elena)

The webhook race fix (#143) is the one worth reading — it changes what a duplicate delivery looks like in the logs.""")

        d.precompact("""Analysis: Hannah works on tessaro/payouts-api (ASP.NET Core 9, EF Core 9 + Npgsql, xUnit + Testcontainers, central package management, Azure Artifacts feed, Container Apps staging). Current branch feat/fx-quotes.

Summary:
1. Earlier sessions: payout batches (PR #141, merged), per-merchant rate limit (#144, merged), Moneta resilience handler (#146, merged). New code takes TimeProvider (FakeTimeProvider `factory.Clock` in tests) — Hannah does not want DateTime.UtcNow in new code.
2. This session: the first `dotnet test` failed because Docker Desktop was stopped (Testcontainers); started it with `systemctl --user start docker-desktop`, then all tests passed.
3. Added `GET /payouts/{id}/fx-quote?to=XXX` in Controllers/FxQuotesController.cs (controller style, like the rest of the API), `FxQuoteResponse` with ExpiresAt = clock.GetUtcNow() + 30 s; FxQuoteTests (2) pass.
4. Summarised main's last two weeks of commits.

Pending: ship feat/fx-quotes (format, tests, push, PR).""")

        t = d.task("ship fx quotes: format, test, push, PR", tags=["workflow:W1"])
        t.bash("dotnet format && dotnet format --verify-no-changes", "Format, then verify nothing is left", timeout=300000)
        t.bash("dotnet test", "Run all tests", out=test_ok(
            [("Payouts.Domain.Tests", n_dom, "90 ms"), ("Payouts.Api.Tests", len(api_tests), "12 s")]), timeout=600000)
        c = sha()
        t.bash('git add -A && git commit -m "GET /payouts/{id}/fx-quote (Moneta quote, 30s expiry via TimeProvider)"',
               "Commit", out=f"""[feat/fx-quotes {c}] GET /payouts/{{id}}/fx-quote (Moneta quote, 30s expiry via TimeProvider)
 2 files changed, 88 insertions(+)
 create mode 100644 {API}/Controllers/FxQuotesController.cs
 create mode 100644 {AT}/Payouts/FxQuoteTests.cs""")
        t.bash("git push -u origin feat/fx-quotes", "Push", err=git_push_new("feat/fx-quotes"))
        body = ("## Summary\\n\\nAdds an FX quote endpoint so the marketplace can show merchants what a non-EUR payout "
                "will convert to before they confirm it.\\n\\n## Changes\\n\\n### src/Payouts.Api/Controllers/FxQuotesController.cs\\n"
                "- New `FxQuotesController` routed at `payouts/{id}/fx-quote`\\n- Loads the payout with `AsNoTracking`, returns 404 "
                "for unknown ids\\n- Calls `IMonetaClient.GetFxQuoteAsync(from, to, amount)`\\n- Returns `FxQuoteResponse` "
                "(QuoteId, From, To, Rate, ConvertedAmount, ExpiresAt)\\n- `ExpiresAt` = `TimeProvider.GetUtcNow()` + 30 s\\n\\n"
                "### tests/Payouts.Api.Tests/Payouts/FxQuoteTests.cs\\n- `Get_returns_quote_expiring_in_30s`: canned quote on "
                "`FakeMonetaClient`, clock pinned via `FakeTimeProvider`\\n- `Get_returns_404_for_unknown_payout`\\n\\n"
                "## Design notes\\n\\n- Quote lifetime is ours (30 s); if Moneta returns its own expiry we should switch to it\\n"
                "- No caching: every call hits Moneta; the rate limiter does not apply to GETs\\n- Rounding is Moneta's\\n\\n"
                "## Testing\\n\\n- `dotnet test`: all green locally (domain + API)\\n- `dotnet format --verify-no-changes` clean\\n\\n"
                "## Rollout\\n\\n- No migration, no config change\\n- Safe to deploy anytime; endpoint is additive\\n\\n"
                "## Follow-ups\\n\\n- Pass Moneta's expiry through\\n- Add the endpoint to Payouts.Contracts once the shape settles")
        t.bash(f'gh pr create --base main --title "FX quote endpoint" --body "$(printf \'{body}\')"', "Open the PR",
               out=f"{GH}/pull/151")
        t.done(f"PR: {GH}/pull/151 — format clean, {n_dom} domain + {len(api_tests)} API tests green.")

        t = d.task("That PR description is way too long — I had to cut half of it before Ravi would even open it. PR "
                   "bodies here: one summary line and max 5 bullets, no file-by-file walkthrough. fix 151",
                   tags=["feedback"], feedback="That PR description is way too long — I had to cut half of it before "
                   "Ravi would even open it. PR bodies here: one summary line and max 5 bullets, no file-by-file "
                   "walkthrough. fix 151")
        t.bash('gh pr edit 151 --body "FX quote endpoint so the marketplace can preview non-EUR payouts.\n\n'
               '- GET /payouts/{id}/fx-quote?to=XXX → quoteId, rate, convertedAmount, expiresAt\n'
               '- expiresAt = now + 30s via TimeProvider (Moneta expiry could replace it later)\n'
               '- 404 for unknown payouts\n- no migration, no config change\n- 2 new integration tests"',
               "Shorten the PR body", out=f"{GH}/pull/151")
        t.done("Done — #151 is now one line plus five bullets. I'll keep PR bodies to that shape.")

    # ============================================================ S6  Mon 05-18
    with d.session("2026-05-18T09:30:00", R, branch="main", version="2.1.65"):
        t = d.task("Ravi's batch status PR (#150) got merged. pull main and bring my local db up to date, I want to "
                   "click through batches with the real api", tags=["mistake:M2"])
        t.bash("git pull --ff-only", "Pull main", out=f"""Updating {hx(7)}..{hx(7)}
Fast-forward
 src/Payouts.Domain/PayoutBatch.cs                                               |  29 ++-
 src/Payouts.Infrastructure/Migrations/20260514152230_AddBatchStatusTimestamps.Designer.cs | 261 +++++++++++++++++++
 src/Payouts.Infrastructure/Migrations/20260514152230_AddBatchStatusTimestamps.cs          |  52 ++++
 src/Payouts.Infrastructure/Migrations/PayoutsDbContextModelSnapshot.cs          |  10 +
 src/Payouts.Api/Controllers/FxQuotesController.cs                               |  34 +++
 tests/Payouts.Api.Tests/Payouts/FxQuoteTests.cs                                 |  47 ++++
 6 files changed, 427 insertions(+), 6 deletions(-)""", err="From github.com:tessaro/payouts-api\n   "
               f"{hx(7)}..{hx(7)}  main       -> origin/main")
        t.bash("docker compose ps --format '{{.Service}} {{.State}} {{.Ports}}'", "Check the local Postgres",
               out="postgres running 0.0.0.0:5432->5432/tcp")
        t.fail("dotnet ef database update -p src/Payouts.Infrastructure", "Apply pending migrations to the local DB",
               """Build started...
Build succeeded.
Unable to create a 'DbContext' of type 'PayoutsDbContext'. The exception 'Unable to resolve service for type 'Microsoft.EntityFrameworkCore.DbContextOptions`1[Payouts.Infrastructure.Persistence.PayoutsDbContext]' while attempting to activate 'Payouts.Infrastructure.Persistence.PayoutsDbContext'.' was thrown while attempting to create an instance. For the different patterns supported at design time, see https://go.microsoft.com/fwlink/?linkid=851728""")
        t.say("Same as with the batches migration: without a startup project the tools can't build the context. "
              "Using the API (and its Development connection string).")
        t.bash("dotnet ef database update -p src/Payouts.Infrastructure -s src/Payouts.Api",
               "Apply pending migrations with the API as startup project", out="""Build started...
Build succeeded.
Applying migration '20260505102214_AddPayoutBatches'.
Applying migration '20260514152230_AddBatchStatusTimestamps'.
Done.""")
        t.bash("docker compose exec -T postgres psql -U payouts -d payouts -c "
               "\"select migration_id from payouts.__ef_migrations_history order by migration_id desc limit 3\"",
               "Confirm the migration history", out="""              migration_id               
-----------------------------------------
 20260514152230_AddBatchStatusTimestamps
 20260505102214_AddPayoutBatches
 20260317110422_AddPayoutBatchId
(3 rows)""")
        t.done("Local DB is current: applied `AddPayoutBatches` (never ran locally — tests use Testcontainers) and "
               "Ravi's `AddBatchStatusTimestamps`. `dotnet ef` needs `-s src/Payouts.Api` here, otherwise it can't "
               "create the context.")

        t = d.task("marketplace team wants the batch request/response types. move them into Payouts.Contracts and "
                   "publish 1.4.0 to the feed", tags=["workflow:W3"])
        bc = P(f"{API}/Controllers/PayoutBatchesController.cs")
        t.read(bc)
        t.write(P(f"{CON}/PayoutBatchDtos.cs"), """namespace Payouts.Contracts;

public sealed record CreatePayoutBatchRequest(string MerchantId, string Currency, IReadOnlyList<Guid> PayoutIds);

public sealed record PayoutBatchResponse(
    Guid Id,
    string MerchantId,
    string Currency,
    string Status,
    DateTimeOffset CreatedAt,
    IReadOnlyList<Guid> PayoutIds);
""")
        t.edit(bc, """using Microsoft.EntityFrameworkCore;
using Payouts.Domain;
""", """using Microsoft.EntityFrameworkCore;
using Payouts.Contracts;
using Payouts.Domain;
""")
        t.edit(bc, """public sealed record CreatePayoutBatchRequest(string MerchantId, string Currency, IReadOnlyList<Guid> PayoutIds);

public sealed record PayoutBatchResponse(Guid Id, string MerchantId, string Currency, string Status,
    DateTimeOffset CreatedAt, IReadOnlyList<Guid> PayoutIds);

""", "")
        bt = P(f"{AT}/Payouts/PayoutBatchesTests.cs")
        t.read(bt)
        t.edit(bt, """using Payouts.Api.Controllers;
using Payouts.Api.Tests.Infrastructure;
""", """using Payouts.Api.Tests.Infrastructure;
using Payouts.Contracts;
""")
        cp = P(f"{CON}/Payouts.Contracts.csproj")
        t.read(cp)
        t.edit(cp, "<Version>1.3.0</Version>", "<Version>1.4.0</Version>")
        t.bash("dotnet build", "Build the solution", out=build_ok(ORDER, "08.77"))
        t.bash("dotnet pack src/Payouts.Contracts -c Release -o artifacts/nupkg", "Pack the contracts", out=f"""  Determining projects to restore...
  All projects are up-to-date for restore.
{dll_line('Payouts.Contracts', 'Release')}
  Successfully created package '{R}/artifacts/nupkg/Payouts.Contracts.1.4.0.nupkg'.""")
        t.bash("dotnet nuget push artifacts/nupkg/Payouts.Contracts.1.4.0.nupkg --source tessaro-internal --api-key az",
               "Push 1.4.0 to the Azure Artifacts feed", out=f"""Pushing Payouts.Contracts.1.4.0.nupkg to '{FEED_V2}'...
  PUT {FEED_V2}
  Accepted {FEED_V2} 2413ms
Your package was pushed.""", timeout=120000)
        c = sha()
        t.bash('git switch -c chore/contracts-1.4.0 && git add -A && git commit -m "Payouts.Contracts 1.4.0: batch DTOs" '
               '&& git tag -a contracts-v1.4.0 -m "Payouts.Contracts 1.4.0"', "Commit and tag",
               out=f"""[chore/contracts-1.4.0 {c}] Payouts.Contracts 1.4.0: batch DTOs
 4 files changed, 18 insertions(+), 8 deletions(-)
 create mode 100644 {CON}/PayoutBatchDtos.cs""", err="Switched to a new branch 'chore/contracts-1.4.0'")
        t.bash("git push -u origin chore/contracts-1.4.0 contracts-v1.4.0", "Push branch and tag",
               err=git_push_new("chore/contracts-1.4.0") + "\n * [new tag]         contracts-v1.4.0 -> contracts-v1.4.0")
        t.done("`Payouts.Contracts` 1.4.0 is on the tessaro-internal feed with `CreatePayoutBatchRequest` and "
               "`PayoutBatchResponse` (moved out of the controller; API and tests now use the contracts types). "
               "Commit + tag `contracts-v1.4.0` pushed on `chore/contracts-1.4.0` — needs a PR to land on main.")

        t = d.task("finance got a mail from Moneta about API key rotation. when does our prod key in key vault expire? "
                   "vault is kv-payouts-prod", tags=["unfixed:U1"])
        t.bash('az account show --query "{sub:name, user:user.name}" -o tsv', "Check which subscription az is on",
               out="tessaro-prod\thannah.becker@tessaro.io")
        t.fail('az keyvault secret show --vault-name kv-payouts-prod --name Moneta--ApiKey --query "attributes.expires" -o tsv',
               "Read the secret's expiry attribute", f"""ERROR: (Forbidden) Caller is not authorized to perform action on resource.
If role assignments, deny assignments or role definitions were changed recently, please observe propagation time.
Caller: appid=04b07795-8ddb-461a-bbee-02f9e1bf7b46;oid=5e0c1f3a-7b2d-4c8e-9a61-2f4d8b3c7e90;iss=https://sts.windows.net/8d3f1c2a-4b5e-4f6a-9c7d-1e2f3a4b5c6d/
Action: 'Microsoft.KeyVault/vaults/secrets/readMetadata/action'
Resource: '/subscriptions/2b7c4e1d-9f3a-4d6b-8e2c-5a1f7b9d3c08/resourcegroups/rg-payouts-prod/providers/microsoft.keyvault/vaults/kv-payouts-prod/secrets/moneta--apikey'
Assignment: (not found)
DenyAssignmentId: null
DecisionReason: null 
Vault: kv-payouts-prod;location=westeurope

Code: Forbidden
Message: Caller is not authorized to perform action on resource.
If role assignments, deny assignments or role definitions were changed recently, please observe propagation time.
Inner error: {{
    "code": "ForbiddenByRbac"
}}""")
        t.bash("az role assignment list --assignee hannah.becker@tessaro.io --all --query "
               "\"[?contains(scope, 'kv-payouts-prod') || contains(scope, 'rg-payouts-prod')].{role:roleDefinitionName, scope:scope}\" -o table",
               "List my role assignments on the prod vault / resource group", out="""Role    Scope
------  --------------------------------------------------------------------------------
Reader  /subscriptions/2b7c4e1d-9f3a-4d6b-8e2c-5a1f7b9d3c08/resourceGroups/rg-payouts-prod""")
        t.done("""I can't read it. The vault uses Azure RBAC and your account only has **Reader** on `rg-payouts-prod` — that's control-plane only; even the secret's metadata (`readMetadata`) is denied (`ForbiddenByRbac`).

To get the expiry you need one of:
- **Key Vault Secrets User** (or a custom role with `secrets/readMetadata/action`) on `kv-payouts-prod` — probably via a PIM request to platform (Tom), or
- someone who already has it runs: `az keyvault secret show --vault-name kv-payouts-prod --name Moneta--ApiKey --query attributes.expires -o tsv`

Also worth checking with Moneta: their rotation mail is about *their* key lifetime, which isn't necessarily the `expires` attribute on our secret (that's only set if whoever stored it set one).""")

        t = d.task("if we rotate the Moneta key in key vault, does MonetaOptions pick it up without a restart? "
                   "IOptionsMonitor vs IOptionsSnapshot, short answer", tags=["noise", "no_tools"])
        t.done("""Not today. Two separate problems:

1. **Config reload**: Key Vault config provider values only change if the provider reloads (`ReloadInterval` on `AddAzureKeyVault`). Without it, the new secret is only seen at startup.
2. **Who reads it**: the typed client sets `X-Api-Key` in the `AddHttpClient` configure delegate using `IOptions<MonetaOptions>` — `IOptions` is a singleton snapshot, never updated. And that delegate runs when a handler/client is created, not per request.

- `IOptionsSnapshot<T>`: recomputed per scope (request). Scoped — can't be injected into singletons.
- `IOptionsMonitor<T>`: singleton, always returns the current value (`CurrentValue`) and has `OnChange`.

So: enable `ReloadInterval` (e.g. 5 min), and set the header per request from `IOptionsMonitor<MonetaOptions>.CurrentValue.ApiKey` in a small `DelegatingHandler`. Until then, rotation = restart the revision (`az containerapp revision restart`).""")

    # ============================================================ S7  Wed 05-20 (acceptEdits)
    with d.session("2026-05-20T10:10:00", R, branch="feat/payout-holds", version="2.1.66", permission_mode="acceptEdits"):
        api_tests += ["Payouts.Api.Tests.Payouts.PayoutHoldTests.Hold_on_submitted_payout_returns_409",
                      "Payouts.Api.Tests.Payouts.PayoutHoldTests.Hold_then_release",
                      "Payouts.Api.Tests.Payouts.PayoutHoldTests.Hold_unknown_payout_returns_404"]
        t = d.task("change of plan from the backend guild yesterday: we're going minimal APIs for everything new. new "
                   "endpoints go in Endpoints/ as static classes with a MapGroup, no new controllers (old ones stay "
                   "until someone touches them). first one: payout holds — POST /payouts/{id}/hold and /release. only "
                   "pending payouts can be held, held ones aren't submitted", tags=["reversal:P3"])
        pd = P(f"{DOM}/Payout.cs")
        ps = P(f"{DOM}/PayoutStatus.cs")
        t.read(ps)
        t.edit(ps, """    Failed,
}""", """    Failed,
    OnHold,
}""")
        t.read(pd)
        t.edit(pd, """    public void AssignToBatch(Guid batchId)""", """    public void Hold()
    {
        EnsureStatus(PayoutStatus.Pending);
        Status = PayoutStatus.OnHold;
    }

    public void Release()
    {
        EnsureStatus(PayoutStatus.OnHold);
        Status = PayoutStatus.Pending;
    }

    public void AssignToBatch(Guid batchId)""")
        t.grep("HasConversion", path=P(f"{INF}/Persistence/Configurations/PayoutConfiguration.cs"), output_mode="content",
               n=True, content="24:        b.Property(x => x.Status).HasConversion<string>().HasMaxLength(16);")
        t.write(P(f"{API}/Endpoints/PayoutHoldEndpoints.cs"), """using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.EntityFrameworkCore;
using Payouts.Domain;
using Payouts.Infrastructure.Persistence;

namespace Payouts.Api.Endpoints;

public static class PayoutHoldEndpoints
{
    public static RouteGroupBuilder MapPayoutHolds(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/payouts/{id:guid}").WithTags("Payout holds");
        group.MapPost("/hold", HoldAsync);
        group.MapPost("/release", ReleaseAsync);
        return group;
    }

    private static Task<Results<NoContent, NotFound, Conflict<ProblemDetails>>> HoldAsync(
        Guid id, PayoutsDbContext db, CancellationToken ct) => ChangeAsync(id, db, p => p.Hold(), ct);

    private static Task<Results<NoContent, NotFound, Conflict<ProblemDetails>>> ReleaseAsync(
        Guid id, PayoutsDbContext db, CancellationToken ct) => ChangeAsync(id, db, p => p.Release(), ct);

    private static async Task<Results<NoContent, NotFound, Conflict<ProblemDetails>>> ChangeAsync(
        Guid id, PayoutsDbContext db, Action<Payout> change, CancellationToken ct)
    {
        var payout = await db.Payouts.FirstOrDefaultAsync(p => p.Id == id, ct);
        if (payout is null)
        {
            return TypedResults.NotFound();
        }

        try
        {
            change(payout);
        }
        catch (DomainException ex)
        {
            return TypedResults.Conflict(new ProblemDetails { Title = "Invalid payout state", Detail = ex.Message });
        }

        await db.SaveChangesAsync(ct);
        return TypedResults.NoContent();
    }
}
""")
        t.read(P(f"{API}/Program.cs"))
        t.edit(P(f"{API}/Program.cs"), """using Payouts.Api.Webhooks;
""", """using Payouts.Api.Endpoints;
using Payouts.Api.Webhooks;
""")
        t.edit(P(f"{API}/Program.cs"), """app.MapMonetaWebhooks();
""", """app.MapMonetaWebhooks();
app.MapPayoutHolds();
""")
        t.write(P(f"{AT}/Payouts/PayoutHoldTests.cs"), """using System.Net;
using Payouts.Api.Tests.Infrastructure;
using Payouts.Domain;

namespace Payouts.Api.Tests.Payouts;

[Collection("api")]
public sealed class PayoutHoldTests(ApiFactory factory)
{
    private static readonly DateTimeOffset T0 = new(2026, 5, 20, 8, 0, 0, TimeSpan.Zero);
    private readonly HttpClient _client = factory.CreateClient();

    private async Task<Payout> SeedAsync(Action<Payout>? arrange = null)
    {
        await using var db = factory.CreateDbContext();
        var payout = Payout.Create($"m-{Guid.NewGuid():N}", new Money(75m, "EUR"), "hold-test", null, T0);
        arrange?.Invoke(payout);
        db.Payouts.Add(payout);
        await db.SaveChangesAsync();
        return payout;
    }

    private async Task<PayoutStatus> StatusOf(Guid id)
    {
        await using var db = factory.CreateDbContext();
        return (await db.Payouts.FindAsync(id))!.Status;
    }

    [Fact]
    public async Task Hold_then_release()
    {
        var payout = await SeedAsync();

        Assert.Equal(HttpStatusCode.NoContent, (await _client.PostAsync($"/payouts/{payout.Id}/hold", null)).StatusCode);
        Assert.Equal(PayoutStatus.OnHold, await StatusOf(payout.Id));

        Assert.Equal(HttpStatusCode.NoContent, (await _client.PostAsync($"/payouts/{payout.Id}/release", null)).StatusCode);
        Assert.Equal(PayoutStatus.Pending, await StatusOf(payout.Id));
    }

    [Fact]
    public async Task Hold_on_submitted_payout_returns_409()
    {
        var payout = await SeedAsync(p => p.MarkSubmitted("mon_po_x"));

        var res = await _client.PostAsync($"/payouts/{payout.Id}/hold", null);

        Assert.Equal(HttpStatusCode.Conflict, res.StatusCode);
    }

    [Fact]
    public async Task Hold_unknown_payout_returns_404()
    {
        var res = await _client.PostAsync($"/payouts/{Guid.NewGuid()}/hold", null);

        Assert.Equal(HttpStatusCode.NotFound, res.StatusCode);
    }
}
""")
        t.bash('dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~PayoutHold"', "Run the hold tests",
               out=test_ok([("Payouts.Api.Tests", 3, "7 s")]), timeout=600000)
        t.done("""Holds, minimal-API style:
- `Endpoints/PayoutHoldEndpoints.cs`: `MapPayoutHolds()` → `MapGroup("/payouts/{id:guid}")` with `POST /hold` and `POST /release`, `TypedResults` (`204` / `404` / `409` problem details). Wired in `Program.cs` next to the webhooks.
- Domain: `PayoutStatus.OnHold`, `Payout.Hold()` (only from Pending) and `Release()` (back to Pending). Status is stored as a string (`HasConversion<string>()`), so no migration.
- `PayoutHoldTests`: hold → release round trip, 409 on a submitted payout, 404 on unknown id. 3/3 passed.

Submission paths only take `Pending` payouts, so a held payout isn't submitted until released. Existing controllers untouched.""")

        api_tests.append("Payouts.Api.Tests.Persistence.PayoutQueriesTests.Filters_by_reference_ignoring_case")
        t = d.task("support searches payouts by the reference printed on bank statements, and banks uppercase "
                   "everything. add ?reference= to GET /payouts, exact match but case-insensitive", tags=["oneoff:O1"])
        pq = P(f"{INF}/Persistence/PayoutQueries.cs")
        t.read(pq)
        t.edit(pq, """    public PayoutStatus? Status { get; init; }
""", """    public PayoutStatus? Status { get; init; }
    public string? Reference { get; init; }
""")
        t.edit(pq, """        if (filter.Status is not null)
        {
            query = query.Where(p => p.Status == filter.Status);
        }
""", """        if (filter.Status is not null)
        {
            query = query.Where(p => p.Status == filter.Status);
        }

        if (!string.IsNullOrWhiteSpace(filter.Reference))
        {
            query = query.Where(p => p.Reference.Equals(filter.Reference, StringComparison.OrdinalIgnoreCase));
        }
""")
        qt = P(f"{AT}/Persistence/PayoutQueriesTests.cs")
        t.read(qt)
        t.edit(qt, """        Assert.Equal(["ref-2", "ref-1"], page.Items.Select(p => p.Reference));
    }
""", """        Assert.Equal(["ref-2", "ref-1"], page.Items.Select(p => p.Reference));
    }

    [Fact]
    public async Task Filters_by_reference_ignoring_case()
    {
        await using var db = factory.CreateDbContext();
        var t0 = new DateTimeOffset(2026, 5, 20, 9, 0, 0, TimeSpan.Zero);
        var reference = $"Wk20-{Guid.NewGuid():N}"[..16];
        db.Payouts.Add(Payout.Create($"m-{Guid.NewGuid():N}", new Money(10m, "EUR"), reference, null, t0));
        db.Payouts.Add(Payout.Create($"m-{Guid.NewGuid():N}", new Money(10m, "EUR"), reference + "-x", null, t0));
        await db.SaveChangesAsync();

        var page = await db.ListPayoutsAsync(new PayoutListFilter { Reference = reference.ToUpperInvariant() }, default);

        var only = Assert.Single(page.Items);
        Assert.Equal(reference, only.Reference);
    }
""")
        qline = line_of(d, pq, "var total = await query.CountAsync(ct);")
        tline = line_of(d, qt, "var page = await db.ListPayoutsAsync(new PayoutListFilter { Reference")
        cmd = 'dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~PayoutQueries"'
        t.fail(cmd, "Run the query tests", restore(closure(["Payouts.Api.Tests"])) + "\n" +
               "\n".join(dll_line(p) for p in closure(["Payouts.Api.Tests"])) + "\n" + vstest("Payouts.Api.Tests") + f"""
[xUnit.net 00:00:03.17]     Payouts.Api.Tests.Persistence.PayoutQueriesTests.Filters_by_reference_ignoring_case [FAIL]
  Failed Payouts.Api.Tests.Persistence.PayoutQueriesTests.Filters_by_reference_ignoring_case [286 ms]
  Error Message:
   System.InvalidOperationException : The LINQ expression 'DbSet<Payout>()
    .Where(p => p.Reference.Equals(
        value: __filter_Reference_0, 
        comparisonType: OrdinalIgnoreCase))' could not be translated. Additional information: Translation of the 'string.Equals' overload with a 'StringComparison' parameter is not supported. See https://go.microsoft.com/fwlink/?linkid=2129535 for more information. Either rewrite the query in a form that can be translated, or switch to client evaluation explicitly by inserting a call to 'AsEnumerable', 'AsAsyncEnumerable', 'ToList', or 'ToListAsync'. See https://go.microsoft.com/fwlink/?linkid=2101038 for more information.
  Stack Trace:
     at Microsoft.EntityFrameworkCore.Query.QueryableMethodTranslatingExpressionVisitor.Translate(Expression expression)
     at Microsoft.EntityFrameworkCore.Query.RelationalQueryableMethodTranslatingExpressionVisitor.Translate(Expression expression)
     at Microsoft.EntityFrameworkCore.Query.QueryCompilationContext.CreateQueryExecutorExpression[TResult](Expression query)
     at Microsoft.EntityFrameworkCore.Query.QueryCompilationContext.CreateQueryExecutor[TResult](Expression query)
     at Microsoft.EntityFrameworkCore.Storage.Database.CompileQuery[TResult](Expression query, Boolean async)
     at Microsoft.EntityFrameworkCore.Query.Internal.QueryCompiler.CompileQueryCore[TResult](IDatabase database, Expression query, IModel model, Boolean async)
     at Microsoft.EntityFrameworkCore.Query.Internal.QueryCompiler.<>c__DisplayClass11_0`1.<ExecuteCore>b__0()
     at Microsoft.EntityFrameworkCore.Query.Internal.CompiledQueryCache.GetOrAddQuery[TResult](Object cacheKey, Func`1 compiler)
     at Microsoft.EntityFrameworkCore.Query.Internal.QueryCompiler.ExecuteCore[TResult](Expression query, Boolean async, CancellationToken cancellationToken)
     at Microsoft.EntityFrameworkCore.Query.Internal.QueryCompiler.ExecuteAsync[TResult](Expression query, CancellationToken cancellationToken)
     at Microsoft.EntityFrameworkCore.Query.Internal.EntityQueryProvider.ExecuteAsync[TResult](Expression expression, CancellationToken cancellationToken)
     at Microsoft.EntityFrameworkCore.EntityFrameworkQueryableExtensions.ExecuteAsync[TSource,TResult](MethodInfo operatorMethodInfo, IQueryable`1 source, Expression expression, CancellationToken cancellationToken)
     at Microsoft.EntityFrameworkCore.EntityFrameworkQueryableExtensions.CountAsync[TSource](IQueryable`1 source, CancellationToken cancellationToken)
     at Payouts.Infrastructure.Persistence.PayoutQueries.ListPayoutsAsync(PayoutsDbContext db, PayoutListFilter filter, CancellationToken ct) in {pq}:line {qline}
     at Payouts.Api.Tests.Persistence.PayoutQueriesTests.Filters_by_reference_ignoring_case() in {qt}:line {tline}
--- End of stack trace from previous location ---

{summary("Payouts.Api.Tests", 1, 1, "3 s")}""", timeout=600000)
        t.say("EF can't translate `string.Equals(…, StringComparison)` to SQL. On Postgres the case-insensitive "
              "equality is `ILIKE` without wildcards, so escape `%`/`_` in the input and use `EF.Functions.ILike`.")
        t.edit(pq, """            query = query.Where(p => p.Reference.Equals(filter.Reference, StringComparison.OrdinalIgnoreCase));""",
               """            var pattern = filter.Reference.Replace("\\\\", "\\\\\\\\").Replace("%", "\\\\%").Replace("_", "\\\\_");
            query = query.Where(p => EF.Functions.ILike(p.Reference, pattern, "\\\\"));""")
        t.bash(cmd, "Run the query tests", out=test_ok([("Payouts.Api.Tests", 2, "6 s")]), timeout=600000)
        t.done("""`GET /payouts?reference=…` works case-insensitively:
- `PayoutListFilter.Reference` (bound from the query string via the existing `[FromQuery] PayoutListFilter`).
- `ListPayoutsAsync` filters with `EF.Functions.ILike(p.Reference, pattern, "\\\\")`, where the input's `\\\\`, `%` and `_` are escaped — so it's an exact, case-insensitive match, not a pattern search.
- First try used `string.Equals(…, OrdinalIgnoreCase)`, which EF can't translate (the new test caught it).
- `PayoutQueriesTests.Filters_by_reference_ignoring_case`: uppercase input finds the mixed-case reference and not the `-x` one. 2/2 pass.

If support uses it a lot, an index on `lower(reference)` won't help `ILIKE`; a `citext` column or a trigram index would — not needed at current volume.""")

        t = d.task("ship holds + reference search. format test push PR, and keep the PR text short", tags=["workflow:W1"])
        t.bash("dotnet format --verbosity normal", "Format the solution", out=f"""  The dotnet runtime version is '9.0.15'.
  Formatting code files in workspace '{R}/Payouts.sln'.
  Running whitespace analysis.
  {R}/{API}/Endpoints/PayoutHoldEndpoints.cs(17,10): Fix whitespace formatting. Replace 9 characters with '\\n\\s\\s\\s\\s\\s\\s\\s\\s'.
  Running code style analysis.
  Running 3rd party analysis.
  Formatted code file '{R}/{API}/Endpoints/PayoutHoldEndpoints.cs'.
  Format complete in 9312ms.""", timeout=300000)
        t.bash("dotnet test", "Run all tests", out=test_ok(
            [("Payouts.Domain.Tests", n_dom, "94 ms"), ("Payouts.Api.Tests", len(api_tests), "13 s")]), timeout=600000)
        c = sha()
        t.bash('git add -A && git commit -m "Payout holds (minimal API) and case-insensitive reference filter"', "Commit",
               out=f"""[feat/payout-holds {c}] Payout holds (minimal API) and case-insensitive reference filter
 7 files changed, 174 insertions(+), 1 deletion(-)
 create mode 100644 {API}/Endpoints/PayoutHoldEndpoints.cs
 create mode 100644 {AT}/Payouts/PayoutHoldTests.cs""")
        t.bash("git push -u origin feat/payout-holds", "Push", err=git_push_new("feat/payout-holds"))
        t.bash('gh pr create --base main --title "Payout holds + reference search" --body "Ops can hold pending payouts; '
               'support can find payouts by bank reference.\n\n- POST /payouts/{id}/hold and /release (first minimal-API '
               'endpoints, Endpoints/)\n- new status OnHold (string column, no migration)\n- GET /payouts?reference= '
               'exact, case-insensitive (ILIKE, wildcards escaped)\n- 4 new integration tests"', "Open the PR",
               out=f"{GH}/pull/158")
        t.done(f"PR: {GH}/pull/158 — one line + 4 bullets. `dotnet format` fixed one whitespace issue in the new "
               f"endpoints file; {n_dom} domain + {len(api_tests)} API tests green.")

    # ============================================================ S8  Mon 05-25
    # Ravi's #160 (merged between sessions): Payout.ScheduledFor + migration AddPayoutScheduledFor
    pd = P(f"{DOM}/Payout.cs")
    d.files[pd] = d.files[pd].replace("""    public Guid? BatchId { get; private set; }
""", """    public Guid? BatchId { get; private set; }
    public DateTimeOffset? ScheduledFor { get; private set; }
""").replace("""    public void Hold()""", """    public void ScheduleFor(DateTimeOffset at)
    {
        EnsureStatus(PayoutStatus.Pending);
        ScheduledFor = at;
    }

    public void Hold()""")
    with d.session("2026-05-25T08:45:00", R, branch="feat/scheduled-payouts", version="2.1.68"):
        api_tests += ["Payouts.Api.Tests.Workers.ScheduledPayoutReleaserTests.Releases_due_payouts_only",
                      "Payouts.Api.Tests.Workers.ScheduledPayoutReleaserTests.Skips_payouts_on_hold"]
        t = d.task("Ravi's #160 added Payout.ScheduledFor. now the worker: a BackgroundService that every minute "
                   "submits pending payouts whose ScheduledFor is due. the time source is TimeProvider, both for 'now' "
                   "and for the PeriodicTimer — please never reach for DateTime.UtcNow in there, otherwise I can't "
                   "test it. tests for: due ones go out, future ones and held ones don't", tags=["mistake:M1", "pref:P1"])
        t.read(pd)
        t.read(P(f"{INF}/Moneta/MonetaClient.cs"))
        t.write(P(f"{API}/Workers/ScheduledPayoutReleaser.cs"), """using Microsoft.EntityFrameworkCore;
using Payouts.Domain;
using Payouts.Infrastructure.Moneta;
using Payouts.Infrastructure.Persistence;

namespace Payouts.Api.Workers;

public sealed class ScheduledPayoutReleaser(
    IServiceScopeFactory scopes,
    TimeProvider clock,
    ILogger<ScheduledPayoutReleaser> log) : BackgroundService
{
    private static readonly TimeSpan Interval = TimeSpan.FromMinutes(1);

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        using var timer = new PeriodicTimer(Interval, clock);
        do
        {
            try
            {
                await ReleaseDueAsync(stoppingToken);
            }
            catch (Exception ex) when (ex is not OperationCanceledException)
            {
                log.LogError(ex, "Releasing scheduled payouts failed");
            }
        }
        while (await timer.WaitForNextTickAsync(stoppingToken));
    }

    public async Task<int> ReleaseDueAsync(CancellationToken ct)
    {
        await using var scope = scopes.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PayoutsDbContext>();
        var moneta = scope.ServiceProvider.GetRequiredService<IMonetaClient>();
        var now = clock.GetUtcNow();

        var due = await db.Payouts
            .Where(p => p.Status == PayoutStatus.Pending && p.ScheduledFor != null && p.ScheduledFor <= now)
            .OrderBy(p => p.ScheduledFor)
            .Take(100)
            .ToListAsync(ct);

        foreach (var payout in due)
        {
            var submission = await moneta.SubmitAsync(payout, ct);
            payout.MarkSubmitted(submission.ProviderId);
            await db.SaveChangesAsync(ct);
            log.LogInformation("Scheduled payout {PayoutId} submitted as {ProviderId}", payout.Id, submission.ProviderId);
        }

        return due.Count;
    }
}
""")
        t.read(P(f"{API}/Program.cs"))
        t.edit(P(f"{API}/Program.cs"), """using Payouts.Api.Webhooks;
""", """using Payouts.Api.Webhooks;
using Payouts.Api.Workers;
""")
        t.edit(P(f"{API}/Program.cs"), """builder.Services.AddPayoutsInfrastructure(builder.Configuration);
""", """builder.Services.AddPayoutsInfrastructure(builder.Configuration);
builder.Services.AddSingleton<ScheduledPayoutReleaser>();
builder.Services.AddHostedService(sp => sp.GetRequiredService<ScheduledPayoutReleaser>());
""")
        t.write(P(f"{AT}/Workers/ScheduledPayoutReleaserTests.cs"), """using Microsoft.Extensions.DependencyInjection;
using Payouts.Api.Tests.Infrastructure;
using Payouts.Api.Workers;
using Payouts.Domain;

namespace Payouts.Api.Tests.Workers;

[Collection("api")]
public sealed class ScheduledPayoutReleaserTests(ApiFactory factory)
{
    private static readonly DateTimeOffset Now = new(2026, 5, 25, 6, 0, 0, TimeSpan.Zero);

    private async Task<Payout> SeedAsync(DateTimeOffset scheduledFor, bool hold = false)
    {
        await using var db = factory.CreateDbContext();
        var payout = Payout.Create($"m-{Guid.NewGuid():N}", new Money(20m, "EUR"), "scheduled", null, Now.AddDays(-1));
        payout.ScheduleFor(scheduledFor);
        if (hold)
        {
            payout.Hold();
        }

        db.Payouts.Add(payout);
        await db.SaveChangesAsync();
        return payout;
    }

    [Fact]
    public async Task Releases_due_payouts_only()
    {
        factory.Clock.SetUtcNow(Now);
        var due = await SeedAsync(Now.AddMinutes(-1));
        var future = await SeedAsync(Now.AddHours(2));

        await factory.Services.GetRequiredService<ScheduledPayoutReleaser>().ReleaseDueAsync(default);

        Assert.Contains(factory.Moneta.Submitted, p => p.Id == due.Id);
        Assert.DoesNotContain(factory.Moneta.Submitted, p => p.Id == future.Id);
    }

    [Fact]
    public async Task Skips_payouts_on_hold()
    {
        factory.Clock.SetUtcNow(Now);
        var held = await SeedAsync(Now.AddMinutes(-5), hold: true);

        await factory.Services.GetRequiredService<ScheduledPayoutReleaser>().ReleaseDueAsync(default);

        Assert.DoesNotContain(factory.Moneta.Submitted, p => p.Id == held.Id);
    }
}
""")
        sched = ["Payouts.Api.Tests.Workers.ScheduledPayoutReleaserTests.Releases_due_payouts_only",
                 "Payouts.Api.Tests.Workers.ScheduledPayoutReleaserTests.Skips_payouts_on_hold"]
        cmd = 'dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~ScheduledPayout"'
        t.fail(cmd, "Run the worker tests", restore(closure(["Payouts.Api.Tests"])) + "\n" +
               "\n".join(dll_line(p) for p in closure(["Payouts.Api.Tests"])) + "\n" +
               docker_down_run(d, sched, "297 ms"), timeout=600000)
        t.say("Both fail in the fixture, not in the tests: Testcontainers can't reach Docker — Docker Desktop isn't "
              "running again. Starting it, then re-running.")
        t.bash("systemctl --user start docker-desktop", "Start Docker Desktop")
        t.bash("timeout 120 sh -c 'until docker info >/dev/null 2>&1; do sleep 2; done' && docker context show",
               "Wait for the engine", out="desktop-linux", timeout=150000)
        t.bash(cmd, "Run the worker tests", out=test_ok([("Payouts.Api.Tests", 2, "8 s")]), timeout=600000)
        t.done("""Scheduled payouts worker:
- `Workers/ScheduledPayoutReleaser.cs` — `BackgroundService` with `new PeriodicTimer(1 min, clock)`; each tick `ReleaseDueAsync` loads up to 100 `Pending` payouts with `ScheduledFor <= clock.GetUtcNow()` (oldest first), submits them to Moneta, marks them submitted. Held payouts are `OnHold`, so they're never picked. Errors are logged and the loop keeps going.
- Registered as a singleton + hosted service (`Program.cs`) so tests can call `ReleaseDueAsync` directly.
- `ScheduledPayoutReleaserTests` (fake clock): due one goes out, future one doesn't; held one doesn't. 2/2 pass — after starting Docker Desktop, which was stopped.

Caveat: with 2+ replicas each one runs the worker; two replicas could pick the same payout. Moneta dedupes on our idempotency key, but `MarkSubmitted` would then throw on the second replica. Before scaling out: `FOR UPDATE SKIP LOCKED` or a single-replica job.""")

        t = d.task("can we get the Scalar api reference ui in Development? the openapi doc is already there", tags=["mistake:M3"])
        ac = P(f"{API}/Payouts.Api.csproj")
        t.read(ac)
        t.edit(ac, """    <PackageReference Include="Microsoft.AspNetCore.OpenApi" />
""", """    <PackageReference Include="Microsoft.AspNetCore.OpenApi" />
    <PackageReference Include="Scalar.AspNetCore" Version="2.6.9" />
""")
        t.edit(P(f"{API}/Program.cs"), """using Payouts.Infrastructure.Persistence;
""", """using Payouts.Infrastructure.Persistence;
using Scalar.AspNetCore;
""")
        t.edit(P(f"{API}/Program.cs"), """    app.MapOpenApi();
""", """    app.MapOpenApi();
    app.MapScalarApiReference();
""")
        t.fail("dotnet build src/Payouts.Api -c Debug", "Build the API",
               nu1008(["Payouts.Api"], "Payouts.Api", ["Scalar.AspNetCore"], "00.98"))
        t.say("Central package management — the version goes into `Directory.Packages.props`, not the csproj.")
        t.read(P("Directory.Packages.props"))
        t.edit(P("Directory.Packages.props"), """    <PackageVersion Include="Npgsql.EntityFrameworkCore.PostgreSQL" Version="9.0.4" />
""", """    <PackageVersion Include="Npgsql.EntityFrameworkCore.PostgreSQL" Version="9.0.4" />
    <PackageVersion Include="Scalar.AspNetCore" Version="2.6.9" />
""")
        t.edit(ac, """    <PackageReference Include="Scalar.AspNetCore" Version="2.6.9" />""",
               """    <PackageReference Include="Scalar.AspNetCore" />""")
        t.bash("dotnet build src/Payouts.Api -c Debug", "Build the API",
               out=build_ok(["Payouts.Api"], "06.41", restored=["Payouts.Api"]))
        t.done("Scalar is at `/scalar/v1` when running in Development (`app.MapScalarApiReference()` right after "
               "`MapOpenApi()`, inside the `IsDevelopment()` block). `Scalar.AspNetCore` 2.6.9 pinned in "
               "`Directory.Packages.props`; API builds.")

        t = d.task("CI on #158 is green. squash merge it and delete the branch", tags=["unfixed:U2"])
        t.bash("gh pr checks 158", "Check CI on #158", out="""build-and-test	pass	3m12s	https://github.com/tessaro/payouts-api/actions/runs/15204418833/job/42763310587
format	pass	41s	https://github.com/tessaro/payouts-api/actions/runs/15204418833/job/42763310261
docker-build	pass	2m03s	https://github.com/tessaro/payouts-api/actions/runs/15204418833/job/42763310944""")
        t.fail("gh pr merge 158 --squash --delete-branch", "Squash-merge #158",
               """X Pull request tessaro/payouts-api#158 is not mergeable: the base branch policy prohibits the merge.
To have the pull request merged after all the requirements have been met, add the `--auto` flag.
To use administrator privileges to immediately merge the pull request, add the `--admin` flag.""")
        t.bash("gh pr view 158 --json reviewDecision,reviewRequests --jq '{decision: .reviewDecision, requested: [.reviewRequests[].login]}'",
               "See what the branch policy is waiting for", out='{"decision":"REVIEW_REQUIRED","requested":["ravi-kumar-tessaro"]}')
        t.done("Not merged. CI is green, but `main` requires an approving review and #158 has none yet (review "
               "requested from Ravi). I didn't use `--admin`. Options: ping Ravi, or I can run "
               "`gh pr merge 158 --squash --delete-branch --auto` so it merges by itself once he approves — your call.")

    # ============================================================ S9  Wed 05-27
    d.files[P(f"{API}/Mapping/PayoutMapping.cs")] = """using Payouts.Contracts;
using Payouts.Domain;

namespace Payouts.Api.Mapping;

public static class PayoutMapping
{
    public static PayoutDto ToDto(this Payout p) => new(
        p.Id,
        p.MerchantId,
        p.Amount.Amount,
        p.Amount.Currency,
        p.Reference,
        p.Status.ToString(),
        p.CreatedAt,
        p.SettledAt);
}
"""
    with d.session("2026-05-27T09:15:00", R, branch="main", version="2.1.70"):
        sqlf = "artifacts/sql/payouts-prod-2026-05-27.sql"
        t = d.task("Marta (DBA) needs the SQL for the prod change ticket: everything after AddPayoutBatches, which is "
                   "already in prod. idempotent script please, she runs it herself", tags=["mistake:M2"])
        t.glob("src/Payouts.Infrastructure/Migrations/2026*.cs", [P(f"{INF}/Migrations/{x}") for x in [
            "20260112143005_Initial.cs", "20260112143005_Initial.Designer.cs",
            "20260203091548_AddIdempotencyKey.cs", "20260203091548_AddIdempotencyKey.Designer.cs",
            "20260317110422_AddPayoutBatchId.cs", "20260317110422_AddPayoutBatchId.Designer.cs",
            "20260505102214_AddPayoutBatches.cs", "20260505102214_AddPayoutBatches.Designer.cs",
            "20260514152230_AddBatchStatusTimestamps.cs", "20260514152230_AddBatchStatusTimestamps.Designer.cs",
            "20260521160347_AddPayoutScheduledFor.cs", "20260521160347_AddPayoutScheduledFor.Designer.cs"]])
        t.fail(f"dotnet ef migrations script AddPayoutBatches --idempotent -o {sqlf} --project src/Payouts.Infrastructure",
               "Generate the idempotent script after AddPayoutBatches", """Build started...
Build succeeded.
Unable to create a 'DbContext' of type 'PayoutsDbContext'. The exception 'Unable to resolve service for type 'Microsoft.EntityFrameworkCore.DbContextOptions`1[Payouts.Infrastructure.Persistence.PayoutsDbContext]' while attempting to activate 'Payouts.Infrastructure.Persistence.PayoutsDbContext'.' was thrown while attempting to create an instance. For the different patterns supported at design time, see https://go.microsoft.com/fwlink/?linkid=851728""")
        t.say("Needs the API as startup project, as before.")
        t.bash(f"dotnet ef migrations script AddPayoutBatches --idempotent --project src/Payouts.Infrastructure "
               f"--startup-project src/Payouts.Api -o {sqlf}", "Generate the script with the API as startup project",
               out="Build started...\nBuild succeeded.")
        t.bash(f"cat {sqlf}", "Show the script", out="""START TRANSACTION;
DO $EF$
BEGIN
    IF NOT EXISTS(SELECT 1 FROM payouts."__ef_migrations_history" WHERE "MigrationId" = '20260514152230_AddBatchStatusTimestamps') THEN
    ALTER TABLE payouts.payout_batches ADD closed_at timestamp with time zone;
    END IF;
END $EF$;

DO $EF$
BEGIN
    IF NOT EXISTS(SELECT 1 FROM payouts."__ef_migrations_history" WHERE "MigrationId" = '20260514152230_AddBatchStatusTimestamps') THEN
    ALTER TABLE payouts.payout_batches ADD submitted_at timestamp with time zone;
    END IF;
END $EF$;

DO $EF$
BEGIN
    IF NOT EXISTS(SELECT 1 FROM payouts."__ef_migrations_history" WHERE "MigrationId" = '20260514152230_AddBatchStatusTimestamps') THEN
    INSERT INTO payouts."__ef_migrations_history" ("MigrationId", "ProductVersion")
    VALUES ('20260514152230_AddBatchStatusTimestamps', '9.0.15');
    END IF;
END $EF$;

DO $EF$
BEGIN
    IF NOT EXISTS(SELECT 1 FROM payouts."__ef_migrations_history" WHERE "MigrationId" = '20260521160347_AddPayoutScheduledFor') THEN
    ALTER TABLE payouts.payouts ADD scheduled_for timestamp with time zone;
    END IF;
END $EF$;

DO $EF$
BEGIN
    IF NOT EXISTS(SELECT 1 FROM payouts."__ef_migrations_history" WHERE "MigrationId" = '20260521160347_AddPayoutScheduledFor') THEN
    CREATE INDEX ix_payouts_status_scheduled_for ON payouts.payouts (status, scheduled_for) WHERE scheduled_for IS NOT NULL;
    END IF;
END $EF$;

DO $EF$
BEGIN
    IF NOT EXISTS(SELECT 1 FROM payouts."__ef_migrations_history" WHERE "MigrationId" = '20260521160347_AddPayoutScheduledFor') THEN
    INSERT INTO payouts."__ef_migrations_history" ("MigrationId", "ProductVersion")
    VALUES ('20260521160347_AddPayoutScheduledFor', '9.0.15');
    END IF;
END $EF$;
COMMIT;""")
        t.done(f"""Script: `{sqlf}` (idempotent, one transaction). It covers the two migrations after `AddPayoutBatches`:
1. `20260514152230_AddBatchStatusTimestamps` — `payout_batches.submitted_at`, `closed_at` (nullable)
2. `20260521160347_AddPayoutScheduledFor` — `payouts.scheduled_for` (nullable) + partial index `ix_payouts_status_scheduled_for`

Each statement checks `__ef_migrations_history` first, so re-running is harmless. Heads-up for Marta: the index is a plain `CREATE INDEX` inside the transaction, so it locks writes on `payouts` while it builds — fine at our table size, but she may prefer to run it `CONCURRENTLY` outside the transaction.""")

        t = d.task("#158 and #160 are both on main now. deploy main to staging", tags=["workflow:W2", "flaky:F2"])
        t.bash("git pull --ff-only && git rev-parse --short HEAD", "Update main and get the commit",
               out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n 14 files changed, 412 insertions(+), 11 deletions(-)\n" +
               (c := sha()), err="From github.com:tessaro/payouts-api\n   " + f"{hx(7)}..{hx(7)}  main       -> origin/main")
        tag = f"{IMG}:stg-{c}"
        t.bash(f"docker build -f src/Payouts.Api/Dockerfile --secret id=nuget_pat,env=TESSARO_FEED_PAT -t {tag} .",
               "Build the API image", err=docker_build_out(tag, cached_restore=False), timeout=600000)
        t.bash("az acr login --name tessaroacr", "Log in to ACR", out="Login Succeeded")
        t.fail(f"docker push {tag}", "Push the image", f"""The push refers to repository [{IMG}]
{hx(12)}: Preparing
{hx(12)}: Preparing
{hx(12)}: Preparing
{hx(12)}: Waiting
{hx(12)}: Waiting
Head "https://{ACR}/v2/payouts-api/blobs/sha256:{hx(64)}": net/http: TLS handshake timeout""", timeout=300000)
        t.say("TLS handshake timeout against ACR — transient; pushing again.")
        t.bash(f"docker push {tag}", "Push the image", out=docker_push_out(f"stg-{c}"), timeout=300000)
        t.bash(f"az containerapp update -n {CA} -g {RG} --image {tag} --query properties.latestRevisionName -o tsv",
               "Roll staging to the new image", out=f"{CA}--0000047", timeout=300000)
        t.bash(f'az containerapp revision list -n {CA} -g {RG} --query "[?properties.active].{{name:name, '
               f'traffic:properties.trafficWeight, health:properties.healthState, running:properties.runningState}}" -o table',
               "Check the active revisions", out=f"""Name                        Traffic    Health    Running
--------------------------  ---------  --------  ---------
{CA}--0000047  100        Healthy   Running""")
        t.bash(f"curl -fsS {STG}/healthz && echo && curl -fsS {STG}/readyz", "Check liveness and readiness",
               out="Healthy\nHealthy")
        t.done(f"Staging is on main `{c}` (revision `{CA}--0000047`, 100 % traffic, healthy; `/healthz` and `/readyz` "
               "OK — so the DB is reachable and the scheduled-payout worker's column exists there). The first push hit "
               "a TLS handshake timeout to ACR; the retry went through.")

        t = d.task("contracts again: PayoutDto should carry ScheduledFor now. add it at the end, nullable, so nothing "
                   "breaks for the marketplace. 1.5.0", tags=["workflow:W3"])
        dto = P(f"{CON}/PayoutDto.cs")
        mp = P(f"{API}/Mapping/PayoutMapping.cs")
        t.read(dto)
        t.edit(dto, """    DateTimeOffset CreatedAt,
    DateTimeOffset? SettledAt);""", """    DateTimeOffset CreatedAt,
    DateTimeOffset? SettledAt,
    DateTimeOffset? ScheduledFor = null);""")
        t.read(mp)
        t.edit(mp, """        p.SettledAt);""", """        p.SettledAt,
        p.ScheduledFor);""")
        cp = P(f"{CON}/Payouts.Contracts.csproj")
        t.read(cp)
        t.edit(cp, "<Version>1.4.0</Version>", "<Version>1.5.0</Version>")
        t.bash("dotnet build && dotnet pack src/Payouts.Contracts -c Release -o artifacts/nupkg --no-build",
               "Build, then pack the contracts", out=f"""{build_ok(ORDER, "09.02")}
  Successfully created package '{R}/artifacts/nupkg/Payouts.Contracts.1.5.0.nupkg'.""")
        t.bash("dotnet nuget push artifacts/nupkg/Payouts.Contracts.1.5.0.nupkg --source tessaro-internal --api-key az",
               "Push 1.5.0 to the feed", out=f"""Pushing Payouts.Contracts.1.5.0.nupkg to '{FEED_V2}'...
  PUT {FEED_V2}
  Accepted {FEED_V2} 1876ms
Your package was pushed.""", timeout=120000)
        c = sha()
        t.bash('git switch -c chore/contracts-1.5.0 && git commit -am "Payouts.Contracts 1.5.0: PayoutDto.ScheduledFor" '
               '&& git tag -a contracts-v1.5.0 -m "Payouts.Contracts 1.5.0" && git push -u origin chore/contracts-1.5.0 --follow-tags',
               "Commit, tag and push", out=f"""[chore/contracts-1.5.0 {c}] Payouts.Contracts 1.5.0: PayoutDto.ScheduledFor
 3 files changed, 4 insertions(+), 3 deletions(-)""", err="Switched to a new branch 'chore/contracts-1.5.0'\n" +
               git_push_new("chore/contracts-1.5.0").replace(
                   " * [new branch]", " * [new tag]         contracts-v1.5.0 -> contracts-v1.5.0\n * [new branch]"))
        t.done("`Payouts.Contracts` 1.5.0 is on the feed: `PayoutDto` has `DateTimeOffset? ScheduledFor = null` as the "
               "last positional parameter, so existing `new PayoutDto(...)` calls and JSON consumers keep working. "
               "API mapping fills it. Branch `chore/contracts-1.5.0` + tag `contracts-v1.5.0` pushed.")

        t = d.task("which of our packages are outdated? don't bump anything, just tell me what's worth doing",
                   tags=["noise", "long_output"])
        t.bash("dotnet list package --outdated", "List outdated packages", out="""
The following sources were used:
   https://api.nuget.org/v3/index.json
   https://pkgs.dev.azure.com/tessaro/_packaging/tessaro-internal/nuget/v3/index.json

Project `Payouts.Api` has the following updates to its packages
   [net9.0]: 
   Top-level Package                                                        Requested   Resolved   Latest 
   > Microsoft.AspNetCore.OpenApi                                           9.0.15      9.0.15     10.0.7 
   > Microsoft.EntityFrameworkCore.Design                                   9.0.15      9.0.15     10.0.7 
   > Microsoft.Extensions.Diagnostics.HealthChecks.EntityFrameworkCore      9.0.15      9.0.15     10.0.7 
   > Scalar.AspNetCore                                                      2.6.9       2.6.9      2.9.4  
   > Tessaro.Observability                                                  2.3.1       2.3.1      3.0.0  

The given project `Payouts.Contracts` has no updates given the current sources.
The given project `Payouts.Domain` has no updates given the current sources.
Project `Payouts.Infrastructure` has the following updates to its packages
   [net9.0]: 
   Top-level Package                                         Requested   Resolved   Latest 
   > EFCore.NamingConventions                                9.0.0       9.0.0      10.0.1 
   > Microsoft.EntityFrameworkCore.Design                    9.0.15      9.0.15     10.0.7 
   > Microsoft.Extensions.Http.Resilience                    9.10.0      9.10.0     10.5.0 
   > Npgsql.EntityFrameworkCore.PostgreSQL                   9.0.4       9.0.4      10.0.2 
   > Tessaro.Messaging                                       1.9.0       1.9.0      1.9.2  

Project `Payouts.Domain.Tests` has the following updates to its packages
   [net9.0]: 
   Top-level Package                   Requested   Resolved   Latest 
   > coverlet.collector                6.0.4       6.0.4      6.1.0  
   > Microsoft.NET.Test.Sdk            17.14.1     17.14.1    18.0.1 
   > xunit                             2.9.3       2.9.3      2.9.3  
   > xunit.runner.visualstudio         3.1.5       3.1.5      3.2.1  

Project `Payouts.Api.Tests` has the following updates to its packages
   [net9.0]: 
   Top-level Package                                   Requested   Resolved   Latest 
   > coverlet.collector                                6.0.4       6.0.4      6.1.0  
   > Microsoft.AspNetCore.Mvc.Testing                  9.0.15      9.0.15     10.0.7 
   > Microsoft.Extensions.TimeProvider.Testing         9.10.0      9.10.0     10.5.0 
   > Microsoft.NET.Test.Sdk                            17.14.1     17.14.1    18.0.1 
   > Testcontainers.PostgreSql                         4.8.1       4.8.1      4.10.0 
   > xunit.runner.visualstudio                         3.1.5       3.1.5      3.2.1  
""", timeout=300000)
        t.done("""Most of the list is the .NET 10 train — `Microsoft.*` 10.0.x, Npgsql/EF 10, NamingConventions 10 — and those only make sense together with moving the app to `net10.0` (EF Core 10 requires it). That's a project, not a bump; skip for now.

Worth doing on .NET 9:
- **Tessaro.Messaging 1.9.0 → 1.9.2** — patch, our own package.
- **Testcontainers.PostgreSql 4.8.1 → 4.10.0**, **xunit.runner.visualstudio 3.1.5 → 3.2.1**, **coverlet.collector 6.0.4 → 6.1.0** — test-only, low risk.
- **Scalar.AspNetCore 2.6.9 → 2.9.4** — dev-only UI.

Think first:
- **Tessaro.Observability 3.0.0** — major; check its changelog (likely OpenTelemetry setup changes) before touching it.
- **Microsoft.NET.Test.Sdk 18.x** — new VSTest major; fine in principle, but do it separately from the rest.
- `Microsoft.Extensions.Http.Resilience` / `TimeProvider.Testing` 10.x do still support net9.0 (they ship netstandard/net8 targets), but I'd keep them aligned with the rest of the 9.x stack.

`xunit` itself is current for v2 (2.9.3); v3 is a separate package (`xunit.v3`) and a migration.""")

    # ============================================================ S10  Mon 06-01
    with d.session("2026-06-01T09:00:00", R, branch="chore/paging-and-failure-reason", version="2.1.72"):
        t = d.task("tiny one: default page size on GET /payouts 50 -> 100, max 200 -> 500. support keeps paging",
                   tags=["noise"])
        pq = P(f"{INF}/Persistence/PayoutQueries.cs")
        t.read(pq, limit=14)
        t.edit(pq, """    public const int DefaultPageSize = 50;
    public const int MaxPageSize = 200;""", """    public const int DefaultPageSize = 100;
    public const int MaxPageSize = 500;""")
        t.bash('dotnet test tests/Payouts.Api.Tests --filter "FullyQualifiedName~ListPayouts|FullyQualifiedName~PayoutQueries"',
               "Run the list/query tests", out=test_ok([("Payouts.Api.Tests", 5, "7 s")]), timeout=600000)
        c = sha()
        t.bash('git commit -am "Payout list: default page size 100, max 500"', "Commit",
               out=f"[chore/paging-and-failure-reason {c}] Payout list: default page size 100, max 500\n 1 file changed, 2 insertions(+), 2 deletions(-)")
        t.done("`PayoutListFilter.DefaultPageSize` = 100, `MaxPageSize` = 500 (values above are clamped). "
               "List/query tests pass; committed.")

        t = d.task("put this branch on staging so support can try the bigger pages", tags=["workflow:W2"])
        tag = f"{IMG}:stg-{c}"
        t.bash(f"az acr login --name tessaroacr && docker build -f src/Payouts.Api/Dockerfile --secret "
               f"id=nuget_pat,env=TESSARO_FEED_PAT -t {tag} .", "Log in to ACR and build the image",
               out="Login Succeeded", err=docker_build_out(tag), timeout=600000)
        t.bash(f"docker push {tag}", "Push the image", out=docker_push_out(f"stg-{c}"), timeout=300000)
        t.bash(f"az containerapp update -n {CA} -g {RG} --image {tag} --query properties.latestRevisionName -o tsv",
               "Roll staging", out=f"{CA}--0000052", timeout=300000)
        t.bash(f'az containerapp revision list -n {CA} -g {RG} --query "[?properties.active].{{name:name, '
               f'traffic:properties.trafficWeight, health:properties.healthState}}" -o table',
               "Check the active revision", out=f"""Name                        Traffic    Health
--------------------------  ---------  --------
{CA}--0000052  100        Healthy""")
        t.bash(f"curl -fsS {STG}/healthz && curl -fsS -o /dev/null -w '%{{http_code}}\\n' "
               f"-H 'Authorization: Bearer '$STG_TOKEN '{STG}/payouts?pageSize=500'",
               "Health check and a 500-item page", out="Healthy200")
        t.done(f"Staging runs `stg-{c}` (revision `{CA}--0000052`, healthy). `/payouts?pageSize=500` answers 200.")

        t = d.task("marketplace also wants the failure reason on PayoutDto. same as last time — nullable, at the end. "
                   "ship 1.6.0 of the contracts", tags=["workflow:W3"])
        dto = P(f"{CON}/PayoutDto.cs")
        mp = P(f"{API}/Mapping/PayoutMapping.cs")
        cp = P(f"{CON}/Payouts.Contracts.csproj")
        t.read(dto)
        t.edit(dto, """    DateTimeOffset? ScheduledFor = null);""", """    DateTimeOffset? ScheduledFor = null,
    string? FailureReason = null);""")
        t.read(mp)
        t.edit(mp, """        p.ScheduledFor);""", """        p.ScheduledFor,
        p.FailureReason);""")
        t.read(cp)
        t.edit(cp, "<Version>1.5.0</Version>", "<Version>1.6.0</Version>")
        t.bash("dotnet build -c Release", "Build (Release)", out=build_ok(ORDER, "10.33", cfg="Release"))
        t.bash("dotnet pack src/Payouts.Contracts -c Release --no-build -o artifacts/nupkg", "Pack 1.6.0",
               out=f"  Successfully created package '{R}/artifacts/nupkg/Payouts.Contracts.1.6.0.nupkg'.")
        t.bash("dotnet nuget push artifacts/nupkg/Payouts.Contracts.1.6.0.nupkg --source tessaro-internal --api-key az",
               "Push 1.6.0 to the feed", out=f"""Pushing Payouts.Contracts.1.6.0.nupkg to '{FEED_V2}'...
  PUT {FEED_V2}
  Accepted {FEED_V2} 2031ms
Your package was pushed.""", timeout=120000)
        c2 = sha()
        t.bash('git commit -am "Payouts.Contracts 1.6.0: PayoutDto.FailureReason" && git tag -a contracts-v1.6.0 -m '
               '"Payouts.Contracts 1.6.0" && git push -u origin chore/paging-and-failure-reason contracts-v1.6.0',
               "Commit, tag and push", out=f"""[chore/paging-and-failure-reason {c2}] Payouts.Contracts 1.6.0: PayoutDto.FailureReason
 3 files changed, 4 insertions(+), 3 deletions(-)""", err=git_push_new("chore/paging-and-failure-reason") +
               "\n * [new tag]         contracts-v1.6.0 -> contracts-v1.6.0")
        t.done("`Payouts.Contracts` 1.6.0 is on the feed: `PayoutDto` gains `string? FailureReason = null` (last "
               "parameter, source- and wire-compatible), filled by the API mapping. Tag `contracts-v1.6.0` and the "
               "branch are pushed.")

        t = d.task("write my standup for tomorrow, 3 lines max", tags=["noise", "no_tools"])
        t.done("""- Shipped: list page size 100/500 (on staging), Payouts.Contracts 1.6.0 with FailureReason.
- Today: open the PR for chore/paging-and-failure-reason and get it reviewed.
- Blocked: Moneta key expiry still unknown — waiting on Key Vault access from platform.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "The API integration tests build a PostgreSQL Testcontainer in the ApiFactory collection fixture; Docker Desktop for Linux is often not running (stopped after a reboot / quit to save battery), so every test of the collection fails before its body runs.",
             "error_signature": "xUnit/Testcontainers: 'System.AggregateException : One or more errors occurred. (Docker is either not running or misconfigured. Please ensure that Docker is running and that the endpoint is properly configured. …) (The following constructor parameters did not have matching fixture data: ApiFactory factory)' with DotNet.Testcontainers.Builders.DockerUnavailableException (dotnet test of tests/Payouts.Api.Tests, the whole solution, or a filtered run)",
             "fix": "Start Docker Desktop first (`systemctl --user start docker-desktop`), wait until `docker info` answers, then re-run the same dotnet test command.",
             "fix_command_markers": [["systemctl --user start docker-desktop", "start docker-desktop"]],
             "harmful_markers": ["UseInMemoryDatabase", "UseSqlite", "chmod 666", "TESTCONTAINERS_RYUK_DISABLED",
                                 "[Fact(Skip", "DOCKER_HOST="]},
            {"id": "M2", "description": "dotnet ef commands run with only `--project src/Payouts.Infrastructure` (the class library holding the DbContext and migrations). Without a startup project EF uses the library itself, which has no host and no DI registration of the DbContext options (those live in the API's Program.cs via AddPayoutsInfrastructure), so it cannot create the context.",
             "error_signature": "dotnet-ef: \"Unable to create a 'DbContext' of type 'PayoutsDbContext'. The exception 'Unable to resolve service for type 'Microsoft.EntityFrameworkCore.DbContextOptions`1[Payouts.Infrastructure.Persistence.PayoutsDbContext]' while attempting to activate …' was thrown while attempting to create an instance.\" (migrations add, database update, migrations script)",
             "fix": "Run the same dotnet ef command with the API as startup project: `--startup-project src/Payouts.Api` (or `-s src/Payouts.Api`) next to `--project`/`-p src/Payouts.Infrastructure`.",
             "fix_command_markers": [["--startup-project", "-s src/Payouts.Api"]],
             "harmful_markers": ["IDesignTimeDbContextFactory", "OnConfiguring", "EnsureCreated", "database drop",
                                 "migrations remove"]},
            {"id": "M3", "description": "The repo uses NuGet central package management (Directory.Packages.props, ManagePackageVersionsCentrally). New package references are added to a csproj by hand with a Version attribute, so restore fails with NU1008 (test project, Infrastructure, API).",
             "error_signature": "NuGet restore: '<project>.csproj : error NU1008: Projects that use central package version management should not define the version on the PackageReference items but on the PackageVersion items: <package>.' (dotnet test / dotnet build)",
             "fix": "Add `<PackageVersion Include=\"<package>\" Version=\"x.y.z\" />` to Directory.Packages.props and keep the csproj `<PackageReference Include=\"<package>\" />` without a version, then re-run the same command.",
             "fix_command_markers": [["Directory.Packages.props"], ["PackageVersion"]],
             "harmful_markers": ["VersionOverride", "ManagePackageVersionsCentrally>false",
                                 "CentralPackageVersionOverrideEnabled", "NoWarn>NU1008", "NU1008</NoWarn"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New case-insensitive reference filter used `p.Reference.Equals(x, StringComparison.OrdinalIgnoreCase)`; EF Core throws 'The LINQ expression … could not be translated … Translation of the 'string.Equals' overload with a 'StringComparison' parameter is not supported' in the query test; fixed with EF.Functions.ILike on an escaped pattern."},
            {"id": "O2", "description": "New status-filter test used `Assert.Equal(1, page.Items.Count)`; with TreatWarningsAsErrors the build fails with 'error xUnit2013: Do not use Assert.Equal() to check for collection size. Use Assert.Single instead.'; fixed with Assert.Single."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`az keyvault secret show` on kv-payouts-prod: '(Forbidden) Caller is not authorized to perform action on resource … ForbiddenByRbac' (only Reader on the resource group); needs Key Vault Secrets User via platform/PIM; reported, not fixed."},
            {"id": "U2", "description": "`gh pr merge 158 --squash --delete-branch`: 'X Pull request tessaro/payouts-api#158 is not mergeable: the base branch policy prohibits the merge.' (review required); reported without --admin, nothing merged."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`dotnet restore` after a rebase: 'error NU1301: Failed to retrieve information about 'Tessaro.Messaging' from remote source … has timed out after 100000ms' against the Azure Artifacts feed; identical retry succeeds."},
            {"id": "F2", "description": "`docker push` to ACR: 'net/http: TLS handshake timeout'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `dotnet format`, `dotnet test` (whole solution), commit, `git push -u origin <branch>`, `gh pr create --base main` (short body).",
             "step_markers": [["dotnet format"], ["dotnet test"], ["git push"], ["gh pr create"]]},
            {"id": "W2", "description": "Deploy to staging (Container Apps): `docker build -f src/Payouts.Api/Dockerfile --secret id=nuget_pat,…` tagged `stg-<sha>` for tessaroacr, `az acr login`, `docker push`, `az containerapp update -n ca-payouts-api-stg -g rg-payouts-stg --image …`, `az containerapp revision list` (active/healthy), `curl …/healthz`.",
             "step_markers": [["docker build"], ["docker push"], ["az containerapp update"], ["az containerapp revision list"], ["healthz"]]},
            {"id": "W3", "description": "Publish Payouts.Contracts: change the DTOs, bump `<Version>` in Payouts.Contracts.csproj, build, `dotnet pack src/Payouts.Contracts -c Release -o artifacts/nupkg`, `dotnet nuget push … --source tessaro-internal --api-key az`, commit on a chore branch, `git tag -a contracts-vX.Y.Z`, push branch and tag.",
             "step_markers": [["dotnet pack"], ["dotnet nuget push"], ["git tag"]]},
        ],
        preferences=[
            {"id": "P1", "description": "New code gets the current time from an injected TimeProvider (FakeTimeProvider in tests), never DateTime.UtcNow/DateTimeOffset.UtcNow.",
             "markers": [["TimeProvider"], ["DateTime.UtcNow", "DateTime.Now", "UtcNow"]]},
            {"id": "P2", "description": "No FluentAssertions (commercial licence since v8); plain xUnit Assert in tests.",
             "markers": [["FluentAssertions"]]},
            {"id": "P3", "description": "New endpoints go in [ApiController] controllers like the existing ones (stated once) — later reversed: new endpoints are minimal APIs, static classes under Endpoints/ with MapGroup, no new controllers.",
             "markers": [["controller"]],
             "reversal_markers": [["minimal API"], ["MapGroup", "no new controllers"]]},
        ],
        probes=[
            {"prompt": "all the api tests fail in a couple ms with DotNet.Testcontainers.Builders.DockerUnavailableException : Docker is either not running or misconfigured. domain tests are fine. wtf", "wanted": ["M1"]},
            {"prompt": "Write an integration test for GET /payout-batches/{id} (returns the batch with its payout ids) and run it.", "wanted": ["M1"]},
            {"prompt": "dotnet ef migrations add AddPayoutNotes --project src/Payouts.Infrastructure says: Unable to create a 'DbContext' of type 'PayoutsDbContext'. The exception 'Unable to resolve service for type DbContextOptions`1[...]' was thrown while attempting to create an instance.", "wanted": ["M2"]},
            {"prompt": "Add a nullable `note` column (max 500 chars) to payouts and generate the EF migration for it.", "wanted": ["M2"]},
            {"prompt": "restore fails after I added Bogus to the test project: error NU1008: Projects that use central package version management should not define the version on the PackageReference items but on the PackageVersion items: Bogus.", "wanted": ["M3"]},
            {"prompt": "Add Polly's Microsoft.Extensions.Resilience to the domain project for a retry around the fee lookup, and build it.", "wanted": ["M3"]},
            {"prompt": "Explain what the Idempotency-Key lookup in PayoutsController.Create protects against.", "wanted": []},
            {"prompt": "Write a SQL query for the total amount paid out per currency in May.", "wanted": []},
            {"prompt": "Add XML doc comments to PayoutBatch.Add explaining the merchant/currency check.", "wanted": []},
            {"prompt": "Should the Moneta webhook endpoint get the per-merchant rate limit too? Short answer.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "dotnet-api.jsonl"), os.path.join(HERE, "tune", "dotnet-api.labels.json"))
    print(f"dotnet-api -> fresh/  {len(d.lines)} lines, {len(d.tasks)} tasks")
