"""julia-sci: Ellen Marsh, computational plasma physicist, writing the Julia package Larmor.jl.

Stack: Julia 1.11 (juliaup on the laptop, `module load julia/1.11.7` on the cluster), Pkg project environments
(root Project.toml with [extras]/[targets], separate docs/, benchmark/, scripts/ and sysimage/ environments),
OrdinaryDiffEq (DifferentialEquations.jl ecosystem), StaticArrays, CairoMakie through a package extension,
TestItemRunner @testitem tests run by Pkg.test, JuliaFormatter, Documenter.jl deployed to GitHub Pages,
BenchmarkTools, PackageCompiler sysimages for the SLURM cluster (sbatch/srun/squeue/sacct), GitHub Actions
with julia-actions, releases through Registrator and TagBot.

Written blind for fresh/; measured once held out (round 15), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random as _r
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ellen"
R = "/home/ellen/dev/Larmor.jl"          # laptop checkout
C = "/home/ellen/src/Larmor.jl"          # checkout on the cluster login node (kelpie-login2)
MODEL = "claude-opus-4-6"
JL = "~/.julia/juliaup/julia-1.11.7+0.x64.linux.gnu/share/julia"
SCR = "/scratch/ellen/larmor"


def P(rel):
    return f"{R}/{rel}"


def Q(rel):
    return f"{C}/{rel}"


PROJECT_TOML = """name = "Larmor"
uuid = "b3f2c9d4-5e61-4a7f-9c28-7d1e0a4b6f35"
authors = ["Ellen Marsh <ellen.marsh@tern-plasma.org> and contributors"]
version = "0.6.2"

[deps]
JLD2 = "033835bb-8acc-5ee8-8aae-3f567f8a3819"
LinearAlgebra = "37e2e46d-f89d-539d-b4ee-838fcccc9c8e"
OrdinaryDiffEq = "1dea7af3-3e70-54e6-95c3-0bf5283fa5ed"
Random = "9a3f8284-a2c9-5f02-9a11-845980a1fd5c"
StaticArrays = "90137ffa-7385-5640-81b9-e52037218182"
TOML = "fa267f1f-6049-4f14-aa54-33bafae1ed76"

[weakdeps]
Makie = "ee78f7c6-11fb-53f2-987a-cfe4a2b5a57a"

[extensions]
LarmorMakieExt = "Makie"

[compat]
JLD2 = "0.5"
LinearAlgebra = "1.10"
Makie = "0.22, 0.24"
OrdinaryDiffEq = "6.90"
Random = "1.10"
StaticArrays = "1.9"
TOML = "1"
julia = "1.10"

[extras]
StableRNGs = "860ef19b-820b-49d6-a774-d7a799459cd3"
Test = "8dfed614-e22c-5e08-85e1-65c5234f0b40"
TestItemRunner = "f8b46487-2199-4994-9208-9a1283c18c0a"

[targets]
test = ["StableRNGs", "Test", "TestItemRunner"]
"""

LARMOR_JL = """module Larmor

using LinearAlgebra
using Random
using StaticArrays
using OrdinaryDiffEq
using JLD2
using TOML

export ParticleSet, Grid1D
export push_boris!, deposit_cic!, solve_poisson!
export field_energy
export trace_guiding_center
export run_case

include("constants.jl")
include("particles.jl")
include("grid.jl")
include("pusher.jl")
include("deposit.jl")
include("poisson.jl")
include("diagnostics.jl")
include("guiding_center.jl")
include("run.jl")

end # module
"""

PUSHER_JL = """\"\"\"
    push_boris!(ps, E, B, dt)

Advance velocities and positions of `ps` by one leapfrog step with the Boris rotation.
`E` and `B` are the fields interpolated to the particles (`Vector{SVector{3,Float64}}`).
\"\"\"
function push_boris!(ps::ParticleSet, E, B, dt)
    qmdt2 = ps.q / ps.m * dt / 2
    @inbounds for i in eachindex(ps.v)
        vminus = ps.v[i] + qmdt2 * E[i]
        t = qmdt2 * B[i]
        s = 2t / (1 + t ⋅ t)
        vprime = vminus + vminus × t
        vplus = vminus + vprime × s
        ps.v[i] = vplus + qmdt2 * E[i]
        ps.x[i] += ps.v[i][1] * dt
    end
    return ps
end
"""

DIAG_JL = """\"\"\"
    field_energy(grid, E)

Electrostatic field energy per unit area, ``W = ε₀/2 ∑ E² Δx`` in J/m².
\"\"\"
function field_energy(grid::Grid1D, E::AbstractVector)
    return 0.5 * EPS0 * sum(abs2, E) * grid.dx
end
"""

DIAG_TESTS = """@testitem "field energy of a uniform field" tags = [:diagnostics] begin
    grid = Grid1D(0.0, 1.0, 64)
    E = fill(2.0, 64)
    @test field_energy(grid, E) ≈ 0.5 * Larmor.EPS0 * 4.0 * 64 * grid.dx
end
"""

RUNTESTS = """using TestItemRunner

# Pkg.test(test_args=["deposit"]) runs only the items whose file name or tags contain one of the args
@run_package_tests filter = ti -> isempty(ARGS) || any(a -> occursin(a, ti.filename) || Symbol(a) in ti.tags, ARGS)
"""

DEPOSIT_JL = """\"\"\"
    deposit_cic!(rho, grid, ps)

Cloud-in-cell charge deposition on a periodic grid. `rho` is overwritten (C/m³).
\"\"\"
function deposit_cic!(rho::AbstractVector, grid::Grid1D, ps::ParticleSet)
    fill!(rho, 0.0)
    invdx = 1 / grid.dx
    @inbounds for i in eachindex(ps.x)
        s = (ps.x[i] - grid.xmin) * invdx
        j = floor(Int, s)
        f = s - j
        j1 = j + 1
        j2 = j + 2
        rho[j1] += ps.q * ps.w[i] * (1 - f) * invdx
        rho[j2] += ps.q * ps.w[i] * f * invdx
    end
    return rho
end
"""

DEPOSIT_TESTS = """@testitem "deposit_cic! conserves charge on a periodic grid" tags = [:deposit] begin
    using StableRNGs
    rng = StableRNG(7)
    grid = Grid1D(0.0, 1.0, 128)
    ps = ParticleSet(; q = -Larmor.QE, m = Larmor.ME, n = 10_000)
    ps.x .= rand(rng, 10_000)
    ps.x[1:10] .= 1.0 - 1e-9    # right at the upper boundary
    rho = zeros(128)
    deposit_cic!(rho, grid, ps)
    @test sum(rho) * grid.dx ≈ ps.q * sum(ps.w)
end

@testitem "threaded deposition matches serial" tags = [:deposit, :threads] begin
    using StableRNGs
    rng = StableRNG(11)
    grid = Grid1D(0.0, 1.0, 256)
    ps = ParticleSet(; q = -Larmor.QE, m = Larmor.ME, n = 200_000)
    ps.x .= rand(rng, 200_000)
    a = deposit_cic!(zeros(256), grid, ps)
    b = Larmor.deposit_cic_threaded!(zeros(256), grid, ps)
    @test a ≈ b rtol = 1e-12
end
"""

DOCS_MAKE = """using Documenter
using Larmor

DocMeta.setdocmeta!(Larmor, :DocTestSetup, :(using Larmor); recursive = true)

makedocs(;
    modules = [Larmor],
    authors = "Ellen Marsh and contributors",
    sitename = "Larmor.jl",
    format = Documenter.HTML(;
        canonical = "https://tern-plasma.github.io/Larmor.jl",
        edit_link = "main",
        assets = String[],
    ),
    pages = [
        "Home" => "index.md",
        "Physics" => "physics.md",
        "API" => "api.md",
    ],
)

deploydocs(; repo = "github.com/tern-plasma/Larmor.jl", devbranch = "main")
"""

DOCS_PROJECT = """[deps]
Documenter = "e30172f5-a6a5-5a46-863b-614d45cd2de4"
Larmor = "b3f2c9d4-5e61-4a7f-9c28-7d1e0a4b6f35"

[sources]
Larmor = {path = ".."}

[compat]
Documenter = "1"
"""

API_MD = """# API

```@index
Pages = ["api.md"]
```

## Particles and fields

```@docs
ParticleSet
Grid1D
push_boris!
deposit_cic!
solve_poisson!
```

## Orbits

```@docs
trace_guiding_center
```

## Diagnostics

```@docs
field_energy
```

## Running cases

```@docs
run_case
```
"""

PHYSICS_MD = """# Physics

Larmor solves the 1D3V Vlasov–Poisson system with macro-particles (cloud-in-cell
deposition, Boris pusher) and integrates guiding-centre orbits with OrdinaryDiffEq.

## Units

SI throughout, temperatures in eV. Diagnostics are per unit area (J/m²) because
the domain is one-dimensional.

## Guiding-centre orbits

The guiding-centre equations are integrated with `Tsit5()`; a `ContinuousCallback`
terminates the orbit at the wall.
"""

CHANGELOG = """# Changelog

All notable changes to Larmor.jl are documented here.

## [0.6.2] - 2026-11-19

### Fixed
- `trace_guiding_center` no longer loses the last step when the wall callback fires.

## [0.6.1] - 2026-11-05

### Fixed
- Poisson solver sign convention for negative species.
"""

CI_YML = """name: CI
on:
  push:
    branches: [main]
    tags: ['*']
  pull_request:
  workflow_dispatch:
concurrency:
  group: ${{ github.workflow }}-${{ github.ref }}
  cancel-in-progress: ${{ startsWith(github.ref, 'refs/pull/') }}
jobs:
  test:
    name: Julia ${{ matrix.version }} - ${{ matrix.os }}
    runs-on: ${{ matrix.os }}
    timeout-minutes: 60
    permissions:
      actions: write
      contents: read
    strategy:
      fail-fast: false
      matrix:
        version: ['1.10', '1.11', 'nightly']
        os: [ubuntu-latest]
    continue-on-error: ${{ matrix.version == 'nightly' }}
    steps:
      - uses: actions/checkout@v4
      - uses: julia-actions/setup-julia@v2
        with:
          version: ${{ matrix.version }}
      - uses: julia-actions/cache@v2
      - uses: julia-actions/julia-buildpkg@v1
      - uses: julia-actions/julia-runtest@v1
      - uses: julia-actions/julia-processcoverage@v1
      - uses: codecov/codecov-action@v5
        with:
          files: lcov.info
          token: ${{ secrets.CODECOV_TOKEN }}
  docs:
    name: Documentation
    runs-on: ubuntu-latest
    permissions:
      actions: write
      contents: write
      pull-requests: read
      statuses: write
    steps:
      - uses: actions/checkout@v4
      - uses: julia-actions/setup-julia@v2
        with:
          version: '1.11'
      - uses: julia-actions/cache@v2
      - name: Configure doc environment
        shell: julia --project=docs --color=yes {0}
        run: |
          using Pkg
          Pkg.instantiate()
      - uses: julia-actions/julia-buildpkg@v1
      - uses: julia-actions/julia-docdeploy@v1
        env:
          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}
          DOCUMENTER_KEY: ${{ secrets.DOCUMENTER_KEY }}
"""

DISPERSION_JL = """# Ion-acoustic and Langmuir dispersion curves for the README figure.
using Larmor
using CairoMakie

const QE = 1.602176634e-19
const ME = 9.1093837015e-31
const MP = 1.67262192369e-27
const EPS0 = 8.8541878128e-12

ion_acoustic_speed(Te, Ti; gamma_i = 3.0, mi = MP) = sqrt(QE * (Te - gamma_i * Ti) / mi)
plasma_freq(n) = sqrt(n * QE^2 / (EPS0 * ME))

function main()
    n = 1.0e18
    Te, Ti = 10.0, 5.0
    k = range(1.0, 2.0e4; length = 400)
    ωpe = plasma_freq(n)
    vte = sqrt(QE * Te / ME)
    ω_L = @. sqrt(ωpe^2 + 3 * k^2 * vte^2)
    ω_IA = ion_acoustic_speed(Te, Ti) .* k

    fig = Figure(size = (640, 420))
    ax = Axis(fig[1, 1]; xlabel = L"k\\ [\\mathrm{m}^{-1}]", ylabel = L"\\omega\\ [\\mathrm{s}^{-1}]", yscale = log10)
    lines!(ax, k, ω_L; label = "Langmuir")
    lines!(ax, k, ω_IA; label = "ion acoustic")
    axislegend(ax; position = :rb)
    save(joinpath(@__DIR__, "..", "figures", "dispersion.pdf"), fig)
    return fig
end

main()
"""

# ---------------------------------------------------------------- cluster files
RUN_CASE_JL = """# Run one case file on the cluster: julia --project=. scripts/run_case.jl cases/<case>.toml [--debug]
using Larmor
using TOML

function build_collisions(cfg)
    haskey(cfg, "collisions") || return nothing
    c = cfg["collisions"]
    return Larmor.SpitzerCollisions(; lnLambda = c["lnLambda"], Z = c["Z"])
end

function build_radiation(cfg)
    haskey(cfg, "radiation") || return nothing
    r = cfg["radiation"]
    return Larmor.RadiativeCooling(; Zeff = r["Zeff"])
end

function main(args)
    path = first(args)
    debug = "--debug" in args
    cfg = TOML.parsefile(path)
    name = splitext(basename(path))[1]
    outdir = joinpath(get(ENV, "LARMOR_OUT", "/scratch/ellen/larmor"), debug ? name * "_debug" : name)
    mkpath(outdir)
    nsteps = debug ? 400 : cfg["run"]["nsteps"]
    physics = filter(!isnothing, (build_collisions(cfg), build_radiation(cfg)))
    @info "case $(name): $(cfg["grid"]["n"]) cells, $(cfg["particles"]["n"]) particles, $(nsteps) steps" *
          (debug ? " (debug)" : "") threads = Threads.nthreads()
    run_case(cfg; physics, nsteps, outdir)
end

main(ARGS)
"""

RUN_SBATCH = """#!/bin/bash
#SBATCH --job-name=larmor
#SBATCH --account=plasma01
#SBATCH --partition=compute
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=32
#SBATCH --time=08:00:00
#SBATCH --output=logs/%x-%j.out

module load julia/1.11.7
export JULIA_NUM_THREADS=$SLURM_CPUS_PER_TASK
export LARMOR_OUT=/scratch/ellen/larmor

srun julia --project=. --sysimage=sysimage/larmor.so scripts/run_case.jl "$@"
"""

BUILD_SBATCH = """#!/bin/bash
#SBATCH --job-name=larmor-sysimage
#SBATCH --account=plasma01
#SBATCH --partition=compute
#SBATCH --nodes=1
#SBATCH --cpus-per-task=16
#SBATCH --time=00:45:00
#SBATCH --output=logs/%x-%j.out

module load julia/1.11.7
cd "$SLURM_SUBMIT_DIR"
julia --project=sysimage -e 'using Pkg; Pkg.instantiate()'
julia --project=sysimage sysimage/build_sysimage.jl
"""

BUILD_SYSIMAGE_JL = """# Builds sysimage/larmor.so for the cluster (skylake-avx512 and zen3 nodes).
using PackageCompiler

create_sysimage(["Larmor", "OrdinaryDiffEq", "StaticArrays", "JLD2"];
    project = joinpath(@__DIR__, ".."),
    sysimage_path = joinpath(@__DIR__, "larmor.so"),
    precompile_execution_file = joinpath(@__DIR__, "precompile_larmor.jl"),
    cpu_target = "generic;skylake-avx512,clone_all;znver3,clone_all",
)
"""

BEAM_TOML = """[grid]
n = 2048
length = 0.05

[particles]
n = 4_200_000
species = ["electron", "beam"]

[beam]
density_ratio = 0.01
velocity = 2.0e7

[run]
dt = 2.5e-12
nsteps = 60_000
"""

FILES = {
    P("Project.toml"): PROJECT_TOML,
    P("src/Larmor.jl"): LARMOR_JL,
    P("src/pusher.jl"): PUSHER_JL,
    P("src/diagnostics.jl"): DIAG_JL,
    P("src/deposit.jl"): DEPOSIT_JL,
    P("test/runtests.jl"): RUNTESTS,
    P("test/diagnostics_tests.jl"): DIAG_TESTS,
    P("test/deposit_tests.jl"): DEPOSIT_TESTS,
    P("docs/make.jl"): DOCS_MAKE,
    P("docs/Project.toml"): DOCS_PROJECT,
    P("docs/src/api.md"): API_MD,
    P("docs/src/physics.md"): PHYSICS_MD,
    P("CHANGELOG.md"): CHANGELOG,
    P(".github/workflows/CI.yml"): CI_YML,
    P("scripts/plot_dispersion.jl"): DISPERSION_JL,
    Q("scripts/run_case.jl"): RUN_CASE_JL,
    Q("jobs/run_case.sbatch"): RUN_SBATCH,
    Q("jobs/build_sysimage.sbatch"): BUILD_SBATCH,
    Q("sysimage/build_sysimage.jl"): BUILD_SYSIMAGE_JL,
    Q("cases/beam_plasma.toml"): BEAM_TOML,
}

# ---------------------------------------------------------------- output helpers
TEST_DEPS = """  [b3f2c9d4] Larmor v{ver} `{root}`
  [033835bb] JLD2 v0.5.15
  [1dea7af3] OrdinaryDiffEq v6.101.0
  [860ef19b] StableRNGs v1.0.3
  [90137ffa] StaticArrays v1.9.15
  [f8b46487] TestItemRunner v1.1.0
  [37e2e46d] LinearAlgebra v1.11.0
  [9a3f8284] Random v1.11.0
  [fa267f1f] TOML v1.0.3
  [8dfed614] Test v1.11.0"""

MANIFEST_HEAD = """  [47edcb42] ADTypes v1.18.0
  [7d9f7c33] Accessors v0.1.42
  [79e6a3ab] Adapt v4.4.0
  [4fba245c] ArrayInterface v7.20.0
  [62783981] BitTwiddlingConvenienceFunctions v0.1.6
  [2a0fbf3d] CPUSummary v0.2.7
  [fb6a15b2] CloseOpenIntervals v0.1.13
  [38540f10] CommonSolve v0.2.4
  [bbf7d656] CommonSubexpressions v0.3.1
  [f70d9fcc] CommonWorldInvalidations v1.0.0
  [34da2185] Compat v4.18.1
  [2569d6c7] ConcreteStructs v0.2.3
  [187b0558] ConstructionBase v1.6.0
  [adafc99b] CpuId v0.3.1
  [864edb3b] DataStructures v0.19.1
  [2b5f629d] DiffEqBase v6.190.2
  [163ba53b] DiffResults v1.1.0
  [b552c78f] DiffRules v1.15.1
  [a0c0ee7d] DifferentiationInterface v0.7.9
  [ffbed154] DocStringExtensions v0.9.5
  [4e289a0a] EnumX v1.0.5
  [f151be2c] EnzymeCore v0.8.14
  [e2ba6199] ExprTools v0.1.10
  [9aa1b823] FastClosures v0.3.2
  [5789e2e9] FileIO v1.17.1
  [1a297f60] FillArrays v1.14.0
  [f6369f11] ForwardDiff v1.2.1
  [069b7b12] FunctionWrappers v1.1.3
  [46192b85] GPUArraysCore v0.2.0
  [615f187c] IfElse v0.1.1
  [3587e190] InverseFunctions v0.1.17
  [82899510] IteratorInterfaceExtensions v1.0.0
  [033835bb] JLD2 v0.5.15
  [692b3bcd] JLLWrappers v1.7.1
  [ef3ab10e] KLU v0.6.0
  [ba0b0d4f] Krylov v0.10.2
  [10f19ff3] LayoutPointers v0.1.17
  [87fe0de2] LineSearch v0.1.4
  [7ed4a6bd] LinearSolve v3.40.1
  [2ab3a3ac] LogExpFunctions v0.3.29
  [bdcacae8] LoopVectorization v0.12.173
  [1914dd2f] MacroTools v0.5.16
  [d125e4d3] ManualMemory v0.1.8
  [bb5d69b7] MaybeInplace v0.1.4
  [46d2c3a1] MuladdMacro v0.2.4
  [d41bc354] NLSolversBase v7.10.0
  [77ba4419] NaNMath v1.1.3
  [8913a72c] NonlinearSolve v4.11.0
  [1dea7af3] OrdinaryDiffEq v6.101.0
  [bbf590c4] OrdinaryDiffEqCore v1.30.0
  [65ce6f38] PackageExtensionCompat v1.0.2
  [f517fe37] Polyester v0.7.18
  [d236fae5] PreallocationTools v0.4.34
  [aea7be01] PrecompileTools v1.3.3
  [21216c6a] Preferences v1.5.0
  [3cdcf5f2] RecipesBase v1.3.4
  [731186ca] RecursiveArrayTools v3.39.0
  [189a3867] Reexport v1.2.2
  [ae029012] Requires v1.3.1
  [7e49a35a] RuntimeGeneratedFunctions v0.5.15
  [94e857df] SIMDTypes v0.1.0
  [0bca4576] SciMLBase v2.122.1
  [19f34311] SciMLJacobianOperators v0.1.11
  [c0aeaf25] SciMLOperators v1.9.0
  [53ae85a6] SciMLStructures v1.7.0
  [efcf1570] Setfield v1.1.2
  [727e6d20] SimpleNonlinearSolve v2.8.0
  [47a9eef4] SparseDiffTools v2.26.0
  [aedffcd0] Static v1.3.1
  [0d7ed370] StaticArrayInterface v1.8.0
  [90137ffa] StaticArrays v1.9.15
  [1e83bf80] StaticArraysCore v1.4.3
  [7792a7ef] StrideArraysCore v0.5.8
  [2efcf032] SymbolicIndexingInterface v0.3.46
  [f8b46487] TestItemRunner v1.1.0
  [1c621080] TestItems v1.0.0
  [8290d209] ThreadingUtilities v0.5.5
  [a759f4b9] TimerOutputs v0.5.29
  [781d530d] TruncatedStacktraces v1.4.0
  [3d5dd08c] VectorizationBase v0.21.72
  [19fa3120] VertexSafeGraphs v0.2.0
  [1986cc42] Unitful v1.25.1
  [0dad84c5] ArgTools v1.1.2
  [56f22d72] Artifacts v1.11.0
  [2a0f44e3] Base64 v1.11.0
  [ade2ca70] Dates v1.11.0
  [8ba89e20] Distributed v1.11.0
  [f43a241f] Downloads v1.6.0
  [7b1f6079] FileWatching v1.11.0
  [b77e0a4c] InteractiveUtils v1.11.0
  [76f85450] LibGit2 v1.11.0
  [8f399da3] Libdl v1.11.0
  [37e2e46d] LinearAlgebra v1.11.0
  [56ddb016] Logging v1.11.0
  [d6f4376e] Markdown v1.11.0
  [a63ad114] Mmap v1.11.0
  [44cfe95a] Pkg v1.11.0
  [de0858da] Printf v1.11.0
  [9a3f8284] Random v1.11.0
  [ea8e919c] SHA v0.7.0
  [9e88b42a] Serialization v1.11.0
  [2f01184e] SparseArrays v1.11.0
  [10745b16] Statistics v1.11.1
  [fa267f1f] TOML v1.0.3
  [8dfed614] Test v1.11.0
  [cf7118a7] UUIDs v1.11.0
  [4ec0a83e] Unicode v1.11.0
  [e66e0078] CompilerSupportLibraries_jll v1.1.1+0
  [4536629a] OpenBLAS_jll v0.3.27+1
  [bea87d4a] SuiteSparse_jll v7.7.0+0
  [8e850b90] libblastrampoline_jll v5.11.0+0"""


def pkg_test(root, ver, tmp, summary, ok=True, full_manifest=False, failed=None, passed=None, errored=0, nfail=0,
             body=""):
    home = root.replace("/home/ellen", "~")
    man = MANIFEST_HEAD if full_manifest else "\n".join(MANIFEST_HEAD.split("\n")[:6]) + "\n  ⋮ (118 more packages)"
    pre = (f"     Testing Larmor\n      Status `/tmp/{tmp}/Project.toml`\n" + TEST_DEPS.format(ver=ver, root=home) +
           f"\n      Status `/tmp/{tmp}/Manifest.toml`\n" + man + "\n     Testing Running tests...\n")
    if ok:
        return pre + body + summary + "\n     Testing Larmor tests passed "
    return (pre + body + summary +
            f"\nERROR: LoadError: Some tests did not pass: {passed} passed, {nfail} failed, {errored} errored, 0 broken.\n"
            f"in expression starting at {root}/test/runtests.jl:4\n"
            "ERROR: Package Larmor errored during testing\n"
            "Stacktrace:\n"
            " [1] pkgerror(msg::String)\n"
            f"   @ Pkg.Types {JL}/stdlib/v1.11/Pkg/src/Types.jl:68\n"
            " [2] test(ctx::Pkg.Types.Context, pkgs::Vector{Pkg.Types.PackageSpec}; coverage::Bool, julia_args::Cmd, test_args::Cmd, test_fn::Nothing, force_latest_compatible_version::Bool, allow_earlier_backwards_compatible_versions::Bool, allow_reresolve::Bool)\n"
            f"   @ Pkg.Operations {JL}/stdlib/v1.11/Pkg/src/Operations.jl:2219\n"
            " [3] test\n"
            f"   @ {JL}/stdlib/v1.11/Pkg/src/Operations.jl:2069 [inlined]\n"
            " [4] test(ctx::Pkg.Types.Context, pkgs::Vector{Pkg.Types.PackageSpec}; coverage::Bool, test_fn::Nothing, julia_args::Cmd, test_args::Cmd, force_latest_compatible_version::Bool, allow_earlier_backwards_compatible_versions::Bool, allow_reresolve::Bool, kwargs::@Kwargs{io::IOContext{IO}})\n"
            f"   @ Pkg.API {JL}/stdlib/v1.11/Pkg/src/API.jl:480\n"
            " [5] test(pkgs::Vector{Pkg.Types.PackageSpec}; io::IOContext{IO}, kwargs::@Kwargs{})\n"
            f"   @ Pkg.API {JL}/stdlib/v1.11/Pkg/src/API.jl:159\n"
            " [6] test(; name::Nothing, uuid::Nothing, version::Nothing, url::Nothing, rev::Nothing, path::Nothing, mode::Pkg.Types.PackageMode, subdir::Nothing, kwargs::@Kwargs{})\n"
            f"   @ Pkg.API {JL}/stdlib/v1.11/Pkg/src/API.jl:174\n"
            " [7] top-level scope\n"
            "   @ none:1")


def summary(npass, secs, nerr=0, nfail=0):
    if nerr or nfail:
        cols = ["Pass"] + (["Fail"] if nfail else []) + (["Error"] if nerr else []) + ["Total", "Time"]
        vals = [npass] + ([nfail] if nfail else []) + ([nerr] if nerr else []) + [npass + nerr + nfail]
        head = "Test Summary: | " + "  ".join(cols)
        row = "Package       | " + "  ".join(f"{v:>{len(c)}}" for v, c in zip(vals, cols)) + f"  {secs:.1f}s"
        return head + "\n" + row
    return ("Test Summary: | Pass  Total   Time\n"
            f"Package       | {npass:>4}  {npass:>5}  {secs:.1f}s")


def not_found_file(pkg, script, line=1):
    return (f"ERROR: LoadError: ArgumentError: Package {pkg} not found in current path.\n"
            f"- Run `import Pkg; Pkg.add(\"{pkg}\")` to install the {pkg} package.\n"
            "Stacktrace:\n"
            "  [1] macro expansion\n    @ ./loading.jl:2299 [inlined]\n"
            "  [2] macro expansion\n    @ ./lock.jl:273 [inlined]\n"
            "  [3] __require(into::Module, mod::Symbol)\n    @ Base ./loading.jl:2274\n"
            "  [4] #invoke_in_world#3\n    @ ./essentials.jl:1089 [inlined]\n"
            "  [5] invoke_in_world\n    @ ./essentials.jl:1086 [inlined]\n"
            "  [6] require(into::Module, mod::Symbol)\n    @ Base ./loading.jl:2267\n"
            "  [7] include(mod::Module, _path::String)\n    @ Base ./Base.jl:557\n"
            "  [8] exec_options(opts::Base.JLOptions)\n    @ Base ./client.jl:323\n"
            "  [9] _start()\n    @ Base ./client.jl:531\n"
            f"in expression starting at {script}:{line}")


def not_found_e(pkg):
    return (f"ERROR: ArgumentError: Package {pkg} not found in current path.\n"
            f"- Run `import Pkg; Pkg.add(\"{pkg}\")` to install the {pkg} package.\n"
            "Stacktrace:\n"
            " [1] macro expansion\n   @ ./loading.jl:2299 [inlined]\n"
            " [2] macro expansion\n   @ ./lock.jl:273 [inlined]\n"
            " [3] __require(into::Module, mod::Symbol)\n   @ Base ./loading.jl:2274\n"
            " [4] #invoke_in_world#3\n   @ ./essentials.jl:1089 [inlined]\n"
            " [5] invoke_in_world\n   @ ./essentials.jl:1086 [inlined]\n"
            " [6] require(into::Module, mod::Symbol)\n   @ Base ./loading.jl:2267\n"
            " [7] top-level scope\n   @ none:1")


DOCS_STEPS = ("[ Info: SetupBuildDirectory: setting up build directory.\n"
              "[ Info: Doctest: running doctests.\n"
              "[ Info: ExpandTemplates: expanding markdown templates.\n"
              "[ Info: CrossReferences: building cross-references.\n"
              "[ Info: CheckDocument: running document checks.\n")


def docs_ok(root, n_pages=3):
    return (DOCS_STEPS +
            "[ Info: Populate: populating indices.\n"
            "[ Info: RenderDocument: rendering document.\n"
            "[ Info: HTMLWriter: rendering HTML pages.\n"
            "┌ Warning: Documenter could not auto-detect the building environment. Skipping deployment.\n"
            "└ @ Documenter ~/.julia/packages/Documenter/iRt2s/src/deployconfig.jl:1055")


def docs_missing(root, items):
    n = len(items)
    lines = "\n".join(f"│     {x}" for x in items)
    home = root.replace("/home/ellen", "~")
    return (DOCS_STEPS +
            f"┌ Error: {n} docstring{'s' if n != 1 else ''} not included in the manual:\n│ \n{lines}\n│ \n"
            "│ These are docstrings in the checked modules (configured with the modules keyword)\n"
            "│ that are not included in canonical @docs or @autodocs blocks.\n"
            "└ @ Documenter ~/.julia/packages/Documenter/iRt2s/src/docchecks.jl:80\n"
            "[ Info: Populate: populating indices.\n"
            "ERROR: LoadError: `makedocs` encountered an error [:missing_docs] -- terminating build before rendering.\n"
            "Stacktrace:\n"
            " [1] error(s::String)\n   @ Base ./error.jl:35\n"
            " [2] runner(::Type{Documenter.Builder.RenderDocument}, doc::Documenter.Document)\n"
            "   @ Documenter ~/.julia/packages/Documenter/iRt2s/src/builder_pipeline.jl:256\n"
            " [3] dispatch(::Type{Documenter.Builder.DocumentPipeline}, x::Documenter.Document)\n"
            "   @ Documenter.Selectors ~/.julia/packages/Documenter/iRt2s/src/utilities/Selectors.jl:170\n"
            " [4] #89\n   @ ~/.julia/packages/Documenter/iRt2s/src/makedocs.jl:283 [inlined]\n"
            " [5] withenv(::Documenter.var\"#89#91\"{Documenter.Document}, ::Pair{String, Nothing}, "
            "::Vararg{Pair{String, Nothing}})\n   @ Base ./env.jl:265\n"
            " [6] #88\n   @ ~/.julia/packages/Documenter/iRt2s/src/makedocs.jl:282 [inlined]\n"
            " [7] cd(f::Documenter.var\"#88#90\"{Documenter.Document}, dir::String)\n"
            "   @ Base.Filesystem ./file.jl:112\n"
            " [8] makedocs(; debug::Bool, format::Documenter.HTMLWriter.HTML, kwargs::@Kwargs{modules::Vector{Module}, "
            "authors::String, sitename::String, pages::Vector{Pair{String, String}}})\n"
            "   @ Documenter ~/.julia/packages/Documenter/iRt2s/src/makedocs.jl:281\n"
            " [9] top-level scope\n"
            f"   @ {home}/docs/make.jl:6\n"
            f"in expression starting at {root}/docs/make.jl:6")


def srun_head(job, wait=True):
    s = f"srun: job {job} queued and waiting for resources\n" if wait else ""
    return s + f"srun: job {job} has been allocated resources\n"


def stale_sysimage(job, node, sym, line, frame_sig, main_line, top):
    return (srun_head(job) +
            f"ERROR: LoadError: UndefVarError: `{sym}` not defined in `Larmor`\n"
            "Suggestion: check for spelling errors or missing imports.\n"
            "Stacktrace:\n"
            " [1] getproperty(x::Module, f::Symbol)\n   @ Base ./Base.jl:42\n"
            f" [2] {frame_sig}\n   @ Main {C}/scripts/run_case.jl:{line}\n"
            f" [3] main(args::Vector{{String}})\n   @ Main {C}/scripts/run_case.jl:{main_line}\n"
            " [4] top-level scope\n"
            f"   @ {C}/scripts/run_case.jl:{top}\n"
            f"in expression starting at {C}/scripts/run_case.jl:{top}\n"
            f"srun: error: {node}: task 0: Exited with exit code 1")


def run_debug(job, case, cells, npart, threads, extra="", wait=True, secs=71):
    steps = []
    w0 = 3.112e-4
    for k, s in enumerate((100, 200, 300, 400)):
        steps.append(f"[ Info: step {s}/400  t = {s * 2.5e-12:.2e} s  W = {w0 * (1 + 1e-6 * (k + 1)):.4e} J/m^2  "
                     f"dW/W0 = {1.1e-6 * (k + 1):.1e}")
    return (srun_head(job, wait) +
            f"┌ Info: case {case}: {cells} cells, {npart} particles, 400 steps (debug)\n"
            f"└   threads = {threads}\n" + extra + "\n".join(steps) +
            f"\n[ Info: wrote {SCR}/{case}_debug/diag.jld2 ({secs} s wall)")


SQ_HEAD = "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)"


def gen():
    d = Dev("julia-sci", U, "en", MODEL, seed=20261201, files=FILES)
    pt_full = "julia --project -e 'using Pkg; Pkg.test()'"
    fmt = "julia -e 'using JuliaFormatter; format(\".\")' && git status --short"
    docs = "julia --project=docs docs/make.jl"

    # ============================================================ S1 Tue 12-01 laptop
    with d.session("2026-12-01T09:12:00", R, branch="main", version="2.1.108"):
        t = d.task("Morning. I'm back on Larmor after the conference. Give me a quick refresher of how the package is laid "
                   "out and where the particle push happens — I've forgotten half of it.", tags=["noise"])
        t.glob("**/*.jl", [P(x) for x in ["src/Larmor.jl", "src/constants.jl", "src/particles.jl", "src/grid.jl",
                                          "src/pusher.jl", "src/deposit.jl", "src/poisson.jl", "src/diagnostics.jl",
                                          "src/guiding_center.jl", "src/run.jl", "ext/LarmorMakieExt.jl",
                                          "test/runtests.jl", "test/diagnostics_tests.jl", "test/deposit_tests.jl",
                                          "test/pusher_tests.jl", "test/poisson_tests.jl", "test/guiding_center_tests.jl",
                                          "docs/make.jl", "benchmark/run.jl", "scripts/plot_dispersion.jl"]])
        t.read(P("Project.toml"))
        t.read(P("src/Larmor.jl"))
        t.read(P("src/pusher.jl"))
        t.read(P("test/runtests.jl"))
        t.done("""Refresher:

- **Package** `Larmor` (v0.6.2): 1D3V electrostatic PIC plus guiding-centre orbits. `src/Larmor.jl` just includes the pieces in order: constants → `ParticleSet` (particles.jl) → `Grid1D` → pusher → CIC deposition → Poisson → diagnostics → guiding-centre ODEs (OrdinaryDiffEq) → `run_case`.
- **Particle push** is `push_boris!` in `src/pusher.jl`: half electric kick, Boris rotation with `t = qΔt/2m·B` and `s = 2t/(1+t²)`, second half kick, then `x += vₓΔt`. Velocities are `SVector{3,Float64}`, positions scalar (1D).
- **Plots** live in a package extension (`ext/LarmorMakieExt.jl`, loaded when Makie is).
- **Tests** are TestItemRunner `@testitem`s in `test/*_tests.jl`, collected by `@run_package_tests` in `test/runtests.jl`. Test-only deps (`Test`, `TestItemRunner`, `StableRNGs`) sit in `[extras]`/`[targets]`.
- Separate environments: `docs/` (Documenter), `benchmark/`, `scripts/`, and on the cluster `sysimage/`.""")

        t = d.task("Quick physics question before I start: for the relativistic beam runs next year, is Boris still fine "
                   "or should I switch to Higuera–Cary / Vay?", tags=["noise", "no_tools"])
        t.done("""For the beam runs I'd switch, but only for the relativistic species.

- **Boris** conserves phase-space volume and is excellent non-relativistically. Relativistically it gets the E×B drift wrong when E ≳ cB in the lab frame: the particle picks up a spurious force and drifts incorrectly.
- **Vay (2008)** fixes the E×B drift but is not volume-preserving.
- **Higuera–Cary (2017)** gets both right (correct E×B velocity and volume-preserving) at roughly the cost of Boris.

So: Higuera–Cary for the beam, keep Boris for the thermal background. The rotation step is the only part that changes, so it could be a second method of `push_boris!` dispatching on a pusher type.""")

        t = d.task("Add a kinetic_energy(ps) diagnostic next to field_energy (J/m², weights included) and a test for it. "
                   "Put the test in a @testitem like the rest, not a @testset in runtests.jl. Then run just the "
                   "diagnostics tests.", tags=["mistake:M2", "pref:P1"])
        t.read(P("src/diagnostics.jl"))
        t.edit(P("src/diagnostics.jl"), """    return 0.5 * EPS0 * sum(abs2, E) * grid.dx
end
""", """    return 0.5 * EPS0 * sum(abs2, E) * grid.dx
end

\"\"\"
    kinetic_energy(ps)

Kinetic energy of the particle set per unit area in J/m² (non-relativistic, macro-particle weights included).
\"\"\"
function kinetic_energy(ps::ParticleSet)
    W = 0.0
    @inbounds for i in eachindex(ps.v)
        W += 0.5 * ps.m * ps.w[i] * sum(abs2, ps.v[i])
    end
    return W
end
""")
        t.edit(P("src/Larmor.jl"), "export field_energy\n", "export field_energy, kinetic_energy\n")
        t.read(P("test/diagnostics_tests.jl"))
        t.edit(P("test/diagnostics_tests.jl"), """    @test field_energy(grid, E) ≈ 0.5 * Larmor.EPS0 * 4.0 * 64 * grid.dx
end
""", """    @test field_energy(grid, E) ≈ 0.5 * Larmor.EPS0 * 4.0 * 64 * grid.dx
end

@testitem "kinetic energy of a cold beam" tags = [:diagnostics] begin
    using StaticArrays
    ps = ParticleSet(; q = -Larmor.QE, m = Larmor.ME, n = 1000)
    fill!(ps.v, SVector(1.0e6, 0.0, 0.0))
    fill!(ps.w, 2.0e8)
    @test kinetic_energy(ps) ≈ 1000 * 0.5 * Larmor.ME * 2.0e8 * 1.0e12
end
""")
        t.fail("julia --project test/runtests.jl diagnostics", "Run only the diagnostics test items",
               not_found_file("TestItemRunner", P("test/runtests.jl")))
        t.say("`TestItemRunner` is a test-only dependency (`[extras]`/`[targets]`), so it isn't in the package "
              "environment that `--project` activates. The test environment only exists inside `Pkg.test`; the "
              "filter in runtests.jl reads the test arguments, so I'll pass the name there.")
        t.bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"diagnostics\"])'", "Run diagnostics items via Pkg.test",
               out=pkg_test(R, "0.6.2", "jl_hF3q0b", summary(2, 7.9)), timeout=600000)
        t.done("Added `kinetic_energy(ps)` in `src/diagnostics.jl` (exported) and a `@testitem` \"kinetic energy of a cold "
               "beam\" tagged `:diagnostics`. Running `test/runtests.jl` directly fails because TestItemRunner is test-only; "
               "through `Pkg.test(test_args=[\"diagnostics\"])` both diagnostics items pass (2/2).")

        t = d.task("Good. Full suite, format, commit to main.", tags=["workflow:W1"])
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.6.2", "jl_0wWb2K", summary(59, 41.7)), timeout=600000)
        t.bash(fmt, "Format with JuliaFormatter", out=" M src/Larmor.jl\n M src/diagnostics.jl\n M test/diagnostics_tests.jl")
        t.bash("git add src/Larmor.jl src/diagnostics.jl test/diagnostics_tests.jl && git commit -m \"Add kinetic_energy diagnostic\"",
               "Commit", out="[main 6c1e9a4] Add kinetic_energy diagnostic\n 3 files changed, 24 insertions(+), 1 deletion(-)")
        t.done("59/59 passing, JuliaFormatter had nothing to change beyond the new code, committed as 6c1e9a4 on main (not pushed).")

    # ============================================================ S2 Thu 12-03 laptop
    with d.session("2026-12-03T10:02:00", R, branch="feat/collisions", version="2.1.109"):
        t = d.task("New feature: Spitzer electron–ion collisions. Add a SpitzerCollisions type (lnLambda, Z), the NRL "
                   "collision frequency, and Te/Ti equilibration as an ODE with OrdinaryDiffEq. Just hardcode Float64 in "
                   "the struct fields, keep it simple, no type parameters for now. Tests too.", tags=["pref:P3"])
        d.files[P("src/collisions.jl")] = ""
        t.read(P("src/collisions.jl"))
        t.write(P("src/collisions.jl"), """\"\"\"
    SpitzerCollisions(; lnLambda = 15.0, Z = 1.0)

Electron–ion Coulomb collisions with a fixed Coulomb logarithm `lnLambda` and ion charge state `Z`.
\"\"\"
struct SpitzerCollisions
    lnLambda::Float64
    Z::Float64
end

SpitzerCollisions(; lnLambda = 15.0, Z = 1.0) = SpitzerCollisions(lnLambda, Z)

\"\"\"
    collision_frequency(c, n, T)

Electron–ion collision frequency in 1/s for density `n` (m⁻³) and electron temperature `T` (eV), NRL formulary.
\"\"\"
collision_frequency(c::SpitzerCollisions, n, T) = 2.91e-12 * c.Z * n * c.lnLambda * T^(-1.5)

\"\"\"
    relax_temperatures(c, n, Te0, Ti0, tspan; mi = MP)

Integrate electron–ion temperature equilibration from `(Te0, Ti0)` (eV) over `tspan` (s); returns the ODE solution.
\"\"\"
function relax_temperatures(c::SpitzerCollisions, n, Te0, Ti0, tspan; mi = MP)
    k = 2 * ME / mi * collision_frequency(c, n, Te0)
    f(u, p, t) = SVector(-k * (u[1] - u[2]), k * (u[1] - u[2]))
    prob = ODEProblem(f, SVector(Te0, Ti0), tspan)
    return solve(prob, Tsit5(); reltol = 1e-8, abstol = 1e-10)
end
""")
        t.read(P("src/Larmor.jl"))
        t.edit(P("src/Larmor.jl"), "export trace_guiding_center\n",
               "export trace_guiding_center\nexport SpitzerCollisions, collision_frequency, relax_temperatures\n")
        t.edit(P("src/Larmor.jl"), 'include("guiding_center.jl")\n', 'include("guiding_center.jl")\ninclude("collisions.jl")\n')
        d.files[P("test/collisions_tests.jl")] = ""
        t.read(P("test/collisions_tests.jl"))
        t.write(P("test/collisions_tests.jl"), """@testitem "NRL collision frequency" tags = [:collisions] begin
    c = SpitzerCollisions()
    # n = 1e19 m^-3, Te = 100 eV: ν ≈ 4.4e5 1/s
    @test collision_frequency(c, 1.0e19, 100.0) ≈ 2.91e-12 * 1.0e19 * 15 / 1000 rtol = 1e-12
end

@testitem "temperatures relax to the mean" tags = [:collisions] begin
    c = SpitzerCollisions(; lnLambda = 12.0)
    sol = relax_temperatures(c, 1.0e20, 50.0, 10.0, (0.0, 1.0e-2))
    @test sol.retcode == ReturnCode.Success
    @test sol.u[end][1] ≈ 30.0 rtol = 1e-3
    @test sol.u[end][2] ≈ 30.0 rtol = 1e-3
    @test sum(sol.u[end]) ≈ 60.0 rtol = 1e-10
end
""")
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.6.2", "jl_J2vV9m", summary(65, 44.9)), timeout=600000)
        t.done("""`src/collisions.jl`:

- `SpitzerCollisions(lnLambda::Float64, Z::Float64)` with a keyword constructor (defaults 15, 1), plain Float64 fields as asked.
- `collision_frequency(c, n, T)` = 2.91e-12 · Z · n · lnΛ · T^-3/2 (n in m⁻³, T in eV).
- `relax_temperatures(c, n, Te0, Ti0, tspan)` integrates dTe/dt = −k(Te−Ti), dTi/dt = k(Te−Ti) with `Tsit5()` on an `SVector` state (k = 2mₑ/mᵢ·ν, frozen at Te0).

Two `@testitem`s in `test/collisions_tests.jl` (frequency value; relaxation to the mean with Te+Ti conserved). Full suite: 65/65.""")

        t = d.task("Build the docs locally so I can check the collisions section renders.", tags=["mistake:M3"])
        t.fail(docs, "Build the documentation",
               docs_missing(R, ["Larmor.kinetic_energy :: Tuple{ParticleSet}",
                                "Larmor.SpitzerCollisions",
                                "Larmor.collision_frequency :: Tuple{SpitzerCollisions, Any, Any}",
                                "Larmor.relax_temperatures :: Tuple{SpitzerCollisions, Vararg{Any, 4}}"]))
        t.say("Documenter refuses to render because four docstrings aren't placed in any `@docs` block — the new "
              "collisions API plus `kinetic_energy` from Tuesday. I'll add them to the manual pages.")
        t.read(P("docs/src/api.md"))
        t.edit(P("docs/src/api.md"), """## Diagnostics

```@docs
field_energy
```""", """## Diagnostics

```@docs
field_energy
kinetic_energy
```""")
        t.read(P("docs/src/physics.md"))
        t.edit(P("docs/src/physics.md"), """The guiding-centre equations are integrated with `Tsit5()`; a `ContinuousCallback`
terminates the orbit at the wall.
""", """The guiding-centre equations are integrated with `Tsit5()`; a `ContinuousCallback`
terminates the orbit at the wall.

## Collisions

Electron–ion Coulomb collisions use the NRL formulary collision frequency with a
fixed Coulomb logarithm.

```@docs
SpitzerCollisions
collision_frequency
relax_temperatures
```
""")
        t.bash(docs, "Build the documentation", out=docs_ok(R))
        t.done("Docs build now. The first run stopped on the missing-docstring check: `kinetic_energy` and the three "
               "collisions docstrings weren't in any `@docs` block. I put `kinetic_energy` under Diagnostics in "
               "`api.md` and added a \"Collisions\" section to `physics.md`. Open `docs/build/physics.html` to look at it "
               "(the deploy warning is normal locally).")

        t = d.task("I pushed a deposit test with particles sitting right at the upper boundary and it blows up on CI. "
                   "Reproduce and fix deposit_cic!.", tags=["oneoff:O1"])
        t.bash("git pull --ff-only origin main", "Get the new test",
               out="Updating 6c1e9a4..91b07d2\nFast-forward\n test/deposit_tests.jl | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)",
               err="From github.com:tern-plasma/Larmor.jl\n * branch            main       -> FETCH_HEAD")
        t.fail(pt_full, "Run the full test suite", pkg_test(
            R, "0.6.2", "jl_rQ81xa", summary(64, 43.2, nerr=1), ok=False, passed=64, errored=1,
            body=("deposit_cic! conserves charge on a periodic grid: Error During Test at " + P("test/deposit_tests.jl") + ":1\n"
                  "  Got exception outside of a @test\n"
                  "  BoundsError: attempt to access 128-element Vector{Float64} at index [129]\n"
                  "  Stacktrace:\n"
                  "   [1] setindex!\n     @ ./array.jl:987 [inlined]\n"
                  "   [2] deposit_cic!(rho::Vector{Float64}, grid::Grid1D, ps::ParticleSet)\n"
                  "     @ Larmor ~/dev/Larmor.jl/src/deposit.jl:16\n"
                  "   [3] macro expansion\n     @ ~/dev/Larmor.jl/test/deposit_tests.jl:9 [inlined]\n"
                  "   [4] macro expansion\n     @ " + JL + "/stdlib/v1.11/Test/src/Test.jl:1704 [inlined]\n"
                  "   [5] top-level scope\n     @ ~/dev/Larmor.jl/test/deposit_tests.jl:1\n")), timeout=600000)
        t.read(P("src/deposit.jl"))
        t.edit(P("src/deposit.jl"), """        j1 = j + 1
        j2 = j + 2""", """        j1 = mod1(j + 1, grid.n)
        j2 = mod1(j + 2, grid.n)   # periodic wrap at the upper boundary""")
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.6.2", "jl_7tCkQe", summary(65, 42.8)), timeout=600000)
        t.done("A particle in the last cell deposits its right-hand share into cell n+1, which doesn't exist (`@inbounds` "
               "hid it locally, `Pkg.test` runs with bounds checking on). Both indices now wrap with `mod1(…, grid.n)`, "
               "which is what a periodic grid needs anyway. 65/65 pass.")

        t = d.task("For the guiding-centre orbits: I want the integration to stop when the particle hits the wall at x = L "
                   "and record where. Check the DiffEq callback docs and tell me which callback and how, don't code it yet.",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.sciml.ai/DiffEqDocs/stable/features/callback_functions/",
                   "How to terminate integration at an event (particle hits a wall), ContinuousCallback vs DiscreteCallback, terminate!, save_positions",
                   """**ContinuousCallback** finds the exact event time by root-finding on `condition(u, t, integrator)` crossing zero between steps; use it for events like hitting a boundary. **DiscreteCallback** only checks a boolean after each step.

Terminating: in `affect!(integrator)` call `terminate!(integrator)`. Example from the page:

```julia
condition(u, t, integrator) = u[1]  # event when u[1] crosses 0
affect!(integrator) = terminate!(integrator)
cb = ContinuousCallback(condition, affect!)
sol = solve(prob, Tsit5(), callback = cb)
```

`ContinuousCallback(condition, affect!, affect_neg!)` lets upcrossings and downcrossings act differently; `affect_neg! = nothing` ignores downcrossings. `save_positions = (true, true)` (default) saves the state just before and after the event, so `sol.u[end]` and `sol.t[end]` are at the event. `rootfind = SciMLBase.RightRootFind` is the default. `interp_points` (default 10) controls how densely the interval is checked for sign changes.""")
        t.done("""Use a `ContinuousCallback`, not a `DiscreteCallback`: it root-finds the crossing inside the step, so you get the exact hit time and position.

```julia
hit_wall(u, t, integrator) = u[1] - integrator.p.L       # zero at x = L
stop!(integrator) = terminate!(integrator)
cb = ContinuousCallback(hit_wall, stop!, nothing)         # only upcrossings
sol = solve(prob, Tsit5(); callback = cb)
```

With the default `save_positions = (true, true)`, `sol.t[end]` and `sol.u[end]` are the hit time and state, so "record where" is just `sol.u[end]`. If particles can leave through both walls, put both in one `VectorContinuousCallback`.""")

    # ============================================================ S3 Mon 12-07 cluster
    with d.session("2026-12-07T14:20:00", C, branch="main", version="2.1.110"):
        t = d.task("I'm on kelpie. Pull, do the usual short debug run of cases/beam_plasma.toml, then submit the full run "
                   "and show me the queue.", tags=["workflow:W2", "flaky:F2"])
        t.bash("git pull --ff-only", "Update the cluster checkout",
               out="Updating 5a2e71c..c48d0f3\nFast-forward\n Project.toml               |  2 +-\n docs/src/api.md            |  1 +\n docs/src/physics.md        | 11 ++++++++\n src/Larmor.jl              |  4 +++-\n src/collisions.jl          | 33 ++++++++++++++++++++++\n src/deposit.jl             |  4 ++--\n src/diagnostics.jl         | 13 +++++++++\n test/collisions_tests.jl   | 15 ++++++++++\n test/deposit_tests.jl      |  3 ++-\n test/diagnostics_tests.jl  |  8 ++++++\n 10 files changed, 89 insertions(+), 5 deletions(-)",
               err="From github.com:tern-plasma/Larmor.jl\n   5a2e71c..c48d0f3  main       -> origin/main")
        t.read(Q("jobs/run_case.sbatch"))
        t.bash("srun -p debug -A plasma01 -c 8 -t 00:15:00 julia --project=. --sysimage=sysimage/larmor.so --threads=8 "
               "scripts/run_case.jl cases/beam_plasma.toml --debug", "Short debug run on the debug partition",
               out=run_debug(4809311, "beam_plasma", 2048, "4200000", 8), timeout=600000)
        t.bash("sbatch jobs/run_case.sbatch cases/beam_plasma.toml", "Submit the full run", out="Submitted batch job 4809342")
        t.fail("squeue --me", "Show my jobs",
               "slurm_load_jobs error: Socket timed out on send/recv operation")
        t.bash("squeue --me", "Show my jobs",
               out=SQ_HEAD + "\n           4809342   compute   larmor    ellen PD       0:00      1 (Priority)")
        t.done("Debug run fine (400 steps, dW/W0 ≈ 4e-6, 71 s). Full run submitted as job 4809342, pending on priority. "
               "The first `squeue` timed out talking to slurmctld; the retry went through.")

        t = d.task("How did my jobs from the last two weeks do? Elapsed time vs requested, and memory, I want to right-size "
                   "the requests.", tags=["noise", "long_output"])
        rows = []
        jid = 4771020
        rr = _r.Random(77)
        states = ["COMPLETED"] * 26
        states[9], states[15], states[21] = "TIMEOUT", "FAILED", "CANCELLED+"
        for k in range(26):
            jid += rr.randint(40, 3000)
            st = states[k]
            name = "larmor-scan" if k % 5 == 3 else "larmor"
            if st == "TIMEOUT":
                el = "08:00:14"
            elif st == "FAILED":
                el = "00:00:21"
            else:
                el = f"{rr.randint(3, 7):02d}:{rr.randint(0, 59):02d}:{rr.randint(0, 59):02d}"
            mem = f"{rr.randint(18, 61)}.{rr.randint(0, 9)}G" if st != "FAILED" else "1.2G"
            rows.append(f"{jid:<12} {name:>16} {'compute':>10} {st:>10} {el:>10} {'08:00:00':>10} {32:>9} {'':>10}")
            rows.append(f"{str(jid) + '.bat+':<12} {'batch':>16} {'':>10} {st.rstrip('+'):>10} {el:>10} {'':>10} {32:>9} {mem:>10}")
            rows.append(f"{str(jid) + '.ext+':<12} {'extern':>16} {'':>10} {'COMPLETED':>10} {el:>10} {'':>10} {32:>9} {'0':>10}")
        t.bash("sacct -u ellen -S 2026-11-23 -o JobID,JobName%16,Partition,State,Elapsed,Timelimit,AllocCPUS,MaxRSS --units=G",
               "Job accounting for the last two weeks",
               out="JobID                 JobName  Partition      State    Elapsed  Timelimit AllocCPUS     MaxRSS\n"
                   "------------ ---------------- ---------- ---------- ---------- ---------- --------- ----------\n" +
                   "\n".join(rows))
        t.done("""Over 26 jobs since 11-23:

- **Production `larmor` runs** mostly finish in 3–7 h of the 8 h limit; one hit TIMEOUT at 8 h. Keep 08:00:00 for those, or checkpoint so a timeout isn't lost work.
- **Memory**: MaxRSS tops out around 60 GB, typical 20–40 GB. A compute node has 256 GB, so memory isn't the constraint — you don't need `--mem` beyond the default per-CPU share.
- One FAILED after 21 s (an input error, most likely) and one you cancelled; want me to pull the log of the failed one?""")

        t = d.task("Conceptual: deposition is threaded per particle chunk with private grids. For 2e7 particles on 2048 "
                   "cells, is it worth asking for 64 cores instead of 32, or will the reduction eat it?",
                   tags=["noise", "no_tools"])
        t.done("""Probably not worth 64.

With private grids the reduction costs O(nthreads × ncells) = 64 × 2048 ≈ 1.3e5 additions per step, which is tiny next to 2e7 particle deposits — so the reduction is not what limits you. What does:

- **Memory bandwidth**: the push and deposit stream through ~2e7 × (8 + 24 + 8) bytes ≈ 0.8 GB per step. Beyond one socket's worth of cores you're bandwidth-bound, and kelpie's nodes are 2 × 32 cores, so 64 threads span both sockets and NUMA effects kick in unless particle arrays are first-touched per thread.
- **Serial parts**: the Poisson solve on 2048 cells is negligible, but diagnostics and output are serial.

Measure it: run the debug case at 16, 32 and 64 threads and compare wall time per step. I'd expect 32 → 64 to give 1.2–1.4×, not 2×. If that's what you see, two 32-thread jobs are the better use of the allocation.""")

    # ============================================================ S4 Wed 12-09 laptop (acceptEdits)
    with d.session("2026-12-09T09:40:00", R, branch="feat/radiation", version="2.1.111", permission_mode="acceptEdits"):
        t = d.task("Add bremsstrahlung cooling: a RadiativeCooling type (Zeff, Gaunt factor) and the power density. "
                   "Keep the keyword names ASCII — no Unicode in anything exported or in signatures; Greek letters inside "
                   "function bodies are fine. Tests as @testitem blocks as usual.", tags=["pref:P2", "pref:P1"])
        d.files[P("src/radiation.jl")] = ""
        t.read(P("src/radiation.jl"))
        t.write(P("src/radiation.jl"), """\"\"\"
    RadiativeCooling(; Zeff = 1.0, gaunt = 1.2)

Bremsstrahlung losses for a plasma with effective charge `Zeff` and mean Gaunt factor `gaunt`.
\"\"\"
struct RadiativeCooling
    Zeff::Float64
    gaunt::Float64
end

RadiativeCooling(; Zeff = 1.0, gaunt = 1.2) = RadiativeCooling(Zeff, gaunt)

\"\"\"
    bremsstrahlung_power(r, ne, Te)

Compute the free–free (bremsstrahlung) radiated power density of a Maxwellian plasma.

# Arguments
- `r::RadiativeCooling`: the radiation model; `r.Zeff` is the effective ion charge
  ``Z_\\mathrm{eff} = \\sum_i n_i Z_i^2 / n_e`` and `r.gaunt` the frequency-averaged Gaunt factor.
- `ne`: electron density in m⁻³.
- `Te`: electron temperature in eV.

# Returns
The power density in W/m³.

# Physics
The classical result for a Maxwellian electron distribution, integrated over all
frequencies, is ``P = 1.69 \\times 10^{-38} Z_\\mathrm{eff} n_e^2 \\sqrt{T_e}`` (SI, ``T_e`` in eV) for
a Gaunt factor of about 1.2; we scale linearly with `r.gaunt / 1.2`. The formula assumes
an optically thin plasma, no relativistic corrections (valid for ``T_e \\ll 511`` keV) and
no recombination or line radiation, which dominate for high-Z impurities below a few keV.
Electron–electron bremsstrahlung is neglected; it matters above about 50 keV.

# Notes
For hydrogen at ``n_e = 10^{20}`` m⁻³ and ``T_e = 1`` keV this gives about 5.3 kW/m³.
The cooling rate per electron is ``P / n_e``; divide by ``\\frac{3}{2} n_e e`` to get dT/dt in eV/s.

# Examples
```jldoctest
julia> bremsstrahlung_power(RadiativeCooling(), 1.0e20, 1000.0) ≈ 5.344e3
true
```

See also [`RadiativeCooling`](@ref), [`collision_frequency`](@ref).
\"\"\"
function bremsstrahlung_power(r::RadiativeCooling, ne, Te)
    g = r.gaunt / 1.2
    return 1.69e-38 * r.Zeff * g * ne^2 * sqrt(Te)
end
""")
        t.read(P("src/Larmor.jl"))
        t.edit(P("src/Larmor.jl"), "export SpitzerCollisions, collision_frequency, relax_temperatures\n",
               "export SpitzerCollisions, collision_frequency, relax_temperatures\nexport RadiativeCooling, bremsstrahlung_power\n")
        t.edit(P("src/Larmor.jl"), 'include("collisions.jl")\n', 'include("collisions.jl")\ninclude("radiation.jl")\n')
        d.files[P("test/radiation_tests.jl")] = ""
        t.read(P("test/radiation_tests.jl"))
        t.write(P("test/radiation_tests.jl"), """@testitem "bremsstrahlung reference value" tags = [:radiation] begin
    r = RadiativeCooling()
    @test bremsstrahlung_power(r, 1.0e20, 1000.0) ≈ 1.69e-38 * 1.0e40 * sqrt(1000.0) rtol = 1e-12
end

@testitem "bremsstrahlung scaling" tags = [:radiation] begin
    r = RadiativeCooling(; Zeff = 2.0)
    p1 = bremsstrahlung_power(r, 1.0e19, 100.0)
    @test bremsstrahlung_power(r, 2.0e19, 100.0) ≈ 4p1
    @test bremsstrahlung_power(r, 1.0e19, 400.0) ≈ 2p1
    @test bremsstrahlung_power(RadiativeCooling(), 1.0e19, 100.0) ≈ p1 / 2
end
""")
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.6.2", "jl_Lk2mVd", summary(71, 45.3)), timeout=600000)
        t.done("`src/radiation.jl` adds `RadiativeCooling(; Zeff, gaunt)` and `bremsstrahlung_power(r, ne, Te)` "
               "(1.69e-38 · Zeff · ne² · √Te W/m³, scaled by gaunt/1.2). Keyword and field names are ASCII (`Zeff`, "
               "`gaunt`). Two `@testitem`s (reference value, n² and √T scaling). 71/71 pass.")

        t = d.task("Docs build please, I want to see the radiation docstring rendered with the maths.", tags=["mistake:M3"])
        t.fail(docs, "Build the documentation",
               docs_missing(R, ["Larmor.RadiativeCooling",
                                "Larmor.bremsstrahlung_power :: Tuple{RadiativeCooling, Any, Any}"]))
        t.say("Same check as last week: the two radiation docstrings aren't placed in a `@docs` block yet. They belong "
              "next to Collisions in physics.md.")
        t.read(P("docs/src/physics.md"))
        t.edit(P("docs/src/physics.md"), """```@docs
SpitzerCollisions
collision_frequency
relax_temperatures
```
""", """```@docs
SpitzerCollisions
collision_frequency
relax_temperatures
```

## Radiation

Bremsstrahlung losses of an optically thin Maxwellian plasma.

```@docs
RadiativeCooling
bremsstrahlung_power
```
""")
        t.bash(docs, "Build the documentation", out=docs_ok(R))
        t.done("Built. The check stopped the first run because `RadiativeCooling` and `bremsstrahlung_power` weren't in "
               "the manual; they're now in a \"Radiation\" section of `physics.md` under Collisions. The jldoctest in the "
               "docstring passes. Page: `docs/build/physics.html#Radiation`.")

        t = d.task("Looks right. Run everything, format, commit on the branch.", tags=["workflow:W1"])
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.6.2", "jl_p9QeT1", summary(71, 44.1)), timeout=600000)
        t.bash(fmt, "Format with JuliaFormatter", out=" M docs/src/physics.md\n M src/Larmor.jl\n?? src/radiation.jl\n?? test/radiation_tests.jl")
        t.bash("git add src/radiation.jl src/Larmor.jl test/radiation_tests.jl docs && git commit -m \"Add bremsstrahlung cooling (RadiativeCooling)\"",
               "Commit", out="[feat/radiation 2d7f5b8] Add bremsstrahlung cooling (RadiativeCooling)\n 4 files changed, 88 insertions(+)\n create mode 100644 src/radiation.jl\n create mode 100644 test/radiation_tests.jl")
        t.done("71/71, formatted, committed 2d7f5b8 on feat/radiation.")

        t = d.task("scripts/plot_dispersion.jl crashes since I changed the temperatures to Te=10, Ti=5. Fix it and "
                   "regenerate the figure.", tags=["oneoff:O2"])
        t.fail("julia --project=scripts scripts/plot_dispersion.jl", "Run the dispersion plot script",
               "ERROR: LoadError: DomainError with -4.789416577971818e8:\n"
               "sqrt was called with a negative real argument but will only return a complex result if called with a "
               "complex argument. Try sqrt(Complex(x)).\n"
               "Stacktrace:\n"
               " [1] throw_complex_domainerror(f::Symbol, x::Float64)\n   @ Base.Math ./math.jl:33\n"
               " [2] sqrt\n   @ ./math.jl:608 [inlined]\n"
               " [3] ion_acoustic_speed(Te::Float64, Ti::Float64; gamma_i::Float64, mi::Float64)\n"
               "   @ Main ~/dev/Larmor.jl/scripts/plot_dispersion.jl:10\n"
               " [4] ion_acoustic_speed\n   @ ~/dev/Larmor.jl/scripts/plot_dispersion.jl:10 [inlined]\n"
               " [5] main()\n   @ Main ~/dev/Larmor.jl/scripts/plot_dispersion.jl:20\n"
               " [6] top-level scope\n   @ ~/dev/Larmor.jl/scripts/plot_dispersion.jl:33\n"
               "in expression starting at " + P("scripts/plot_dispersion.jl") + ":33")
        t.read(P("scripts/plot_dispersion.jl"))
        t.edit(P("scripts/plot_dispersion.jl"),
               "ion_acoustic_speed(Te, Ti; gamma_i = 3.0, mi = MP) = sqrt(QE * (Te - gamma_i * Ti) / mi)",
               "ion_acoustic_speed(Te, Ti; gamma_i = 3.0, mi = MP) = sqrt(QE * (Te + gamma_i * Ti) / mi)")
        t.bash("julia --project=scripts scripts/plot_dispersion.jl", "Run the dispersion plot script", out="")
        t.done("Sign bug: the ion-acoustic speed is c_s = √(e(Te + γᵢTi)/mᵢ); the script had `Te − γᵢTi`, which only "
               "stayed positive while Te > 3Ti. With Te=10, Ti=5 it went negative. Fixed, `figures/dispersion.pdf` is "
               "regenerated.")

    # ============================================================ S5 Fri 12-11 cluster
    with d.session("2026-12-11T11:05:00", C, branch="main", version="2.1.112"):
        t = d.task("Collisions are merged. Pull, and run cases/beam_collisional.toml: debug run first, then the full job.",
                   tags=["mistake:M1", "workflow:W2"])
        t.bash("git pull --ff-only", "Update the cluster checkout",
               out="Updating c48d0f3..e0a61b9\nFast-forward\n cases/beam_collisional.toml |  24 ++++\n scripts/run_case.jl         |  17 ++-\n src/Larmor.jl               |   2 +\n src/radiation.jl            |  62 ++++++++\n test/radiation_tests.jl     |  15 ++\n 5 files changed, 117 insertions(+), 3 deletions(-)",
               err="From github.com:tern-plasma/Larmor.jl\n   c48d0f3..e0a61b9  main       -> origin/main")
        t.fail("srun -p debug -A plasma01 -c 8 -t 00:15:00 julia --project=. --sysimage=sysimage/larmor.so --threads=8 "
               "scripts/run_case.jl cases/beam_collisional.toml --debug", "Short debug run on the debug partition",
               stale_sysimage(4812851, "kd0007", "SpitzerCollisions", 8,
                              "build_collisions(cfg::Dict{String, Any})", 25, 31), timeout=600000)
        t.grep("struct SpitzerCollisions", output_mode="content", n=True, path=Q("src"),
               content=Q("src/collisions.jl") + ":6:struct SpitzerCollisions")
        t.bash("ls -l --time-style=long-iso sysimage/larmor.so && git log -1 --format='%h %ci %s' -- src/collisions.jl",
               "Compare the sysimage date with the collisions commit",
               out="-rwxr-xr-x 1 ellen plasma 412337896 2026-11-20 16:48 sysimage/larmor.so\n"
                   "b81c4e2 2026-12-03 11:41:09 +0000 Add Spitzer collisions")
        t.say("The type is in the source, but `larmor.so` was built on 11-20 and has the old Larmor baked in — a module "
              "in the sysimage is used as-is, whatever the source says. The sysimage has to be rebuilt from the current "
              "checkout before the run.")
        t.read(Q("sysimage/build_sysimage.jl"))
        t.bash("srun -p compute -A plasma01 -c 16 -t 00:45:00 julia --project=sysimage sysimage/build_sysimage.jl",
               "Rebuild the sysimage on a compute node",
               out=srun_head(4812877) +
               "[ Info: PackageCompiler: Executing " + C + "/sysimage/precompile_larmor.jl => /tmp/jl_packagecompiler_qZ1oFw/jl_Pm4a7X\n"
               "[ Info: PackageCompiler: Done\n"
               "✔ [08m:52s] PackageCompiler: compiling incremental system image", timeout=600000)
        t.bash("srun -p debug -A plasma01 -c 8 -t 00:15:00 julia --project=. --sysimage=sysimage/larmor.so --threads=8 "
               "scripts/run_case.jl cases/beam_collisional.toml --debug", "Short debug run on the debug partition",
               out=run_debug(4812902, "beam_collisional", 2048, "4200000", 8, wait=False, secs=84,
                             extra="[ Info: physics: SpitzerCollisions(15.0, 1.0)\n"), timeout=600000)
        t.bash("sbatch jobs/run_case.sbatch cases/beam_collisional.toml", "Submit the full run", out="Submitted batch job 4812915")
        t.bash("squeue --me", "Show my jobs",
               out=SQ_HEAD + "\n           4812915   compute   larmor    ellen PD       0:00      1 (Resources)\n"
                   "           4809342   compute   larmor    ellen  R    4:41:07      1 kc0219")
        t.done("The first debug run died with `UndefVarError: SpitzerCollisions not defined in Larmor` although the type "
               "is in `src/collisions.jl`: the sysimage (11-20) predates the collisions commit (12-03), and Larmor from the "
               "sysimage wins over the source. Rebuilt it on a compute node (9 min), the debug run is fine (84 s, "
               "collisions active), full run submitted as 4812915. 4809342 (beam_plasma) is 4 h 41 in.")

        t = d.task("And submit the Zeff scan array too, jobs/scan_zeff.sbatch.", tags=["unfixed:U1"])
        t.fail("sbatch jobs/scan_zeff.sbatch", "Submit the Zeff scan array",
               "sbatch: error: QOSMaxSubmitJobPerUserLimit\n"
               "sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's "
               "size and/or time limits)")
        t.bash("sacctmgr show qos normal format=Name,MaxSubmitPU,MaxJobsPU,MaxWall -P", "Show the QOS limits",
               out="Name|MaxSubmitPU|MaxJobsPU|MaxWall\nnormal|20|8|1-00:00:00")
        t.done("Refused by the QOS: `normal` allows 20 submitted jobs per user, and the 24-task array plus your two running "
               "jobs is over that. Nothing to fix on our side. Either wait until the two runs finish and submit it with "
               "`--array=1-18`, or split it into two halves later. I've left it unsubmitted.")

    # ============================================================ S6 Mon 12-14 laptop (compaction)
    with d.session("2026-12-14T09:25:00", R, branch="main", version="2.1.113"):
        rad = d.files[P("src/radiation.jl")]
        a = rad.index("Compute the free")
        b = rad.index("# Examples")
        d.files[P("src/radiation.jl")] = (rad[:a] + "Bremsstrahlung power density in W/m³ for `ne` in m⁻³ and `Te` in eV "
                                          "(optically thin, non-relativistic).\n\n" + rad[b:])
        t = d.task("The docstring you wrote for bremsstrahlung_power was way too long — I had to cut half of it before "
                   "the merge. Keep docstrings short: signature, one sentence, units, one example at most. Please trim "
                   "the relax_temperatures one the same way.", tags=["feedback"],
                   feedback="The docstring you wrote for bremsstrahlung_power was way too long — I had to cut half of it "
                            "before the merge. Keep docstrings short: signature, one sentence, units, one example at most.")
        t.read(P("src/collisions.jl"))
        t.edit(P("src/collisions.jl"), """Integrate electron–ion temperature equilibration from `(Te0, Ti0)` (eV) over `tspan` (s); returns the ODE solution.""",
               """Te/Ti equilibration from `(Te0, Ti0)` in eV over `tspan` in s; returns the ODE solution.""")
        t.done("Understood — short docstrings from now on: signature, one sentence, units, at most one example. "
               "`relax_temperatures` is now one line (\"Te/Ti equilibration from (Te0, Ti0) in eV over tspan in s; "
               "returns the ODE solution.\"). The other collisions docstrings were already that size.")

        t = d.task("Release time: 0.7.0 with collisions, radiation and the deposit fix. Do the usual.", tags=["workflow:W3"])
        t.bash("git log --oneline v0.6.2..HEAD", "Commits since the last release",
               out="e0a61b9 Merge pull request #41 from tern-plasma/feat/radiation\n2d7f5b8 Add bremsstrahlung cooling (RadiativeCooling)\n"
                   "c48d0f3 Merge pull request #40 from tern-plasma/feat/collisions\nb81c4e2 Add Spitzer collisions\n"
                   "91b07d2 Test deposition at the upper boundary\n3f0d6a1 Fix deposit_cic! index at the periodic boundary\n"
                   "6c1e9a4 Add kinetic_energy diagnostic")
        t.read(P("Project.toml"))
        t.edit(P("Project.toml"), 'version = "0.6.2"', 'version = "0.7.0"')
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), """## [0.6.2] - 2026-11-19""", """## [0.7.0] - 2026-12-14

### Added
- `SpitzerCollisions`, `collision_frequency` and `relax_temperatures` (electron–ion collisions).
- `RadiativeCooling` and `bremsstrahlung_power` (bremsstrahlung losses).
- `kinetic_energy` diagnostic.

### Fixed
- `deposit_cic!` wraps at the periodic upper boundary instead of writing past the grid.

## [0.6.2] - 2026-11-19""")
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.7.0", "jl_c8ZyNs", summary(71, 43.6)), timeout=600000)
        t.bash("git commit -am \"Release v0.7.0\" && git push origin main", "Commit and push the release",
               out="[main 4be1c0a] Release v0.7.0\n 2 files changed, 13 insertions(+), 1 deletion(-)",
               err="To github.com:tern-plasma/Larmor.jl.git\n   e0a61b9..4be1c0a  main -> main")
        t.bash("gh api repos/tern-plasma/Larmor.jl/commits/4be1c0a/comments -f body='@JuliaRegistrator register' --jq .html_url",
               "Ask Registrator to register v0.7.0",
               out="https://github.com/tern-plasma/Larmor.jl/commit/4be1c0a7d2f31e9b8c06a5e4d1f72b3c9a8e0d15#commitcomment-151203344")
        t.done("v0.7.0: version bumped, CHANGELOG section added, 71/71 pass, pushed 4be1c0a, and the `@JuliaRegistrator "
               "register` comment is on the commit. Registrator will open the PR against General; once it merges, TagBot "
               "creates the v0.7.0 tag and release.")

        t = d.task("Run the benchmark suite so I have a baseline for 0.7.0.", tags=["noise", "long_output"])
        bench_lines = []
        br = _r.Random(5)
        for name, base, allocs, mem in [("push_boris!", 38.2, 0, "0 bytes"), ("deposit_cic!", 61.5, 0, "0 bytes"),
                                        ("deposit_cic_threaded!", 14.8, 53, "146.23 KiB"),
                                        ("solve_poisson!", 0.41, 2, "16.12 KiB"), ("field_energy", 0.0021, 0, "0 bytes"),
                                        ("kinetic_energy", 1.9, 0, "0 bytes"),
                                        ("trace_guiding_center", 2.7, 1853, "1.21 MiB"),
                                        ("relax_temperatures", 0.018, 14, "3.55 KiB")]:
            evals = 9 if base < 0.01 else 1
            samples = min(10000, int(5000 / (base * evals)))
            unit = "ms"
            if base < 1:
                unit, base = "μs", base * 1000
            mn = base * (0.97 + 0.01 * br.random())
            med = base
            mean = base * (1.02 + 0.02 * br.random())
            mx = base * (1.3 + 0.5 * br.random())
            gcmax = 0.0 if not allocs else 2 + br.random() * 4
            gcmean = 0.0 if not allocs else br.random()
            bench_lines += [
                f"[ Info: {name}",
                f"BenchmarkTools.Trial: {samples} samples with {evals} evaluation{'s' if evals > 1 else ''} per sample.",
                f" Range (min … max):  {mn:.3f} {unit} … {mx:.3f} {unit}  ┊ GC (min … max): 0.00% … {gcmax:.2f}%",
                f" Time  (median):     {med:.3f} {unit}              ┊ GC (median):    0.00%",
                f" Time  (mean ± σ):   {mean:.3f} {unit} ± {mean * 0.03:.3f} {unit}  ┊ GC (mean ± σ):  {gcmean:.2f}% ± {gcmean / 3:.2f}%",
                "",
                "  ▂▅██▇▅▃▂▁                                                  ",
                "  ██████████▇▆▅▄▄▃▃▃▂▂▂▂▂▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁ ▃",
                f"  {mn:.2f} {unit}        Histogram: frequency by time        {mx * 0.8:.2f} {unit} <",
                "",
                f" Memory estimate: {mem}, allocs estimate: {allocs}.",
                ""]
        t.bash("julia --project=benchmark benchmark/run.jl", "Run the BenchmarkTools suite",
               out="[ Info: Larmor v0.7.0, Julia 1.11.7, 8 threads, 2e6 particles, 2048 cells\n" + "\n".join(bench_lines) +
               "[ Info: saved benchmark/results/v0.7.0.json", timeout=600000)
        t.done("Baseline saved to `benchmark/results/v0.7.0.json` (8 threads, 2e6 particles, 2048 cells). Medians: "
               "`push_boris!` 38.2 ms, `deposit_cic!` 61.5 ms serial / 14.8 ms threaded (4.2×), Poisson 0.41 ms, "
               "guiding-centre orbit 2.7 ms, Te/Ti relaxation 18 µs. Push, serial deposit and the energy diagnostics are allocation-free; "
               "the threaded deposit allocates its per-thread grids and task handles, `trace_guiding_center` its ODE "
               "solution, as expected.")

        d.precompact("""Analysis: Ellen Marsh works on tern-plasma/Larmor.jl (Julia 1.11 plasma PIC package: Boris pusher, CIC deposition, Poisson, guiding-centre orbits with OrdinaryDiffEq, TestItemRunner tests, Documenter docs, BenchmarkTools, PackageCompiler sysimage on the kelpie SLURM cluster).

This session so far:
1. Feedback: docstrings must be short (signature, one sentence, units, ≤1 example); trimmed relax_temperatures.
2. Released v0.7.0: Project.toml version, CHANGELOG section, full Pkg.test (71/71), commit 4be1c0a pushed, `@JuliaRegistrator register` commit comment via gh api.
3. Benchmark baseline saved to benchmark/results/v0.7.0.json (push 38.2 ms, deposit 61.5/14.8 ms threaded).

Files touched: src/collisions.jl, Project.toml, CHANGELOG.md. Branch main, clean.""")

        t = d.task("The threaded deposition test looked odd on CI. Run only the deposit test items with 4 threads.",
                   tags=["mistake:M2"])
        t.fail("julia --project=. --threads=4 test/runtests.jl deposit", "Run the deposit test items with 4 threads",
               not_found_file("TestItemRunner", P("test/runtests.jl")))
        t.read(P("test/runtests.jl"))
        t.say("Running runtests.jl as a script only sees the package environment; TestItemRunner and StableRNGs live in "
              "the test target. `Pkg.test` builds that environment, takes the thread count via `julia_args`, and the "
              "filter reads the test arguments.")
        t.bash("julia --project=. -e 'using Pkg; Pkg.test(julia_args=[\"--threads=4\"], test_args=[\"deposit\"])'",
               "Run the deposit items via Pkg.test with 4 threads",
               out=pkg_test(R, "0.7.0", "jl_Vn0s4P", summary(2, 12.6)), timeout=600000)
        t.done("Both deposit items pass with 4 threads (charge conservation at the boundary and threaded = serial to "
               "1e-12). Note `runtests.jl` can't be run directly — TestItemRunner and StableRNGs are only in the test "
               "target — so it went through `Pkg.test(julia_args=[\"--threads=4\"], test_args=[\"deposit\"])`. If CI "
               "looked odd, it's probably the runner's 2 threads; want me to add a 2-thread case?")

        t = d.task("Makie question: in the extension I use lines! in a loop for each species. Is series! better?",
                   tags=["noise", "no_tools"])
        t.done("""For a handful of species the loop is fine; `series!` is a convenience, not a performance win.

- `series!(ax, x, ys)` takes a matrix (one row per series) or a vector of vectors and cycles colours/labels for you (`labels = [...]`, `color = :tab10`). It still creates one `Lines` per row internally.
- It needs a shared `x` (or vectors of points per series). Your species have different sample counts per step, so you'd have to pad or resample — more work than the loop.

Keep `lines!` in the loop; if you want consistent colours across figures, pass `color = Makie.wong_colors()[k]` per species.""")

    # ============================================================ S7 Wed 12-16 cluster (SessionEnd other)
    with d.session("2026-12-16T15:30:00", C, branch="main", version="2.1.114", end_reason="other"):
        t = d.task("I pushed checkpointing last night (checkpoint_every in the [run] table). Pull and do a debug run of "
                   "cases/beam_plasma_ckpt.toml to see that checkpoints get written.", tags=["mistake:M1"])
        t.bash("git pull --ff-only", "Update the cluster checkout",
               out="Updating 4be1c0a..7a93d20\nFast-forward\n cases/beam_plasma_ckpt.toml |  22 +++++\n scripts/run_case.jl         |  11 ++-\n src/Larmor.jl               |   2 +-\n src/checkpoint.jl           |  48 ++++++++++\n src/run.jl                  |  19 +++-\n test/checkpoint_tests.jl    |  27 ++++++\n 6 files changed, 124 insertions(+), 5 deletions(-)",
               err="From github.com:tern-plasma/Larmor.jl\n   4be1c0a..7a93d20  main       -> origin/main")
        t.fail("srun -p debug -A plasma01 -c 8 -t 00:15:00 julia --project=. --sysimage=sysimage/larmor.so --threads=8 "
               "scripts/run_case.jl cases/beam_plasma_ckpt.toml --debug", "Short debug run on the debug partition",
               stale_sysimage(4815530, "kd0003", "write_checkpoint", 27,
                              "checkpoint_hook(outdir::String, every::Int64)", 42, 48), timeout=600000)
        t.say("`write_checkpoint` is new in `src/checkpoint.jl`, and the sysimage was last built on 12-11 — before "
              "yesterday's push. Stale sysimage again; rebuild first. There's a batch script for it.")
        t.glob("jobs/*.sbatch", [Q("jobs/build_sysimage.sbatch"), Q("jobs/run_case.sbatch"), Q("jobs/scan_zeff.sbatch")], path=C)
        t.read(Q("jobs/build_sysimage.sbatch"))
        t.bash("sbatch --wait jobs/build_sysimage.sbatch", "Rebuild the sysimage as a batch job and wait for it",
               out="Submitted batch job 4815547", timeout=600000)
        t.bash("tail -n 3 logs/larmor-sysimage-4815547.out", "Check the build log",
               out="[ Info: PackageCompiler: Executing " + C + "/sysimage/precompile_larmor.jl => /tmp/jl_packagecompiler_b7TqL2/jl_Fh0q1c\n"
                   "[ Info: PackageCompiler: Done\n✔ [09m:14s] PackageCompiler: compiling incremental system image")
        t.bash("srun -p debug -A plasma01 -c 8 -t 00:15:00 julia --project=. --sysimage=sysimage/larmor.so --threads=8 "
               "scripts/run_case.jl cases/beam_plasma_ckpt.toml --debug", "Short debug run on the debug partition",
               out=run_debug(4815602, "beam_plasma_ckpt", 2048, "4200000", 8, secs=76,
                             extra="[ Info: checkpoints every 100 steps -> " + SCR + "/beam_plasma_ckpt_debug/ckpt\n") +
               "\n[ Info: 4 checkpoints written (ckpt_000100.jld2 … ckpt_000400.jld2)", timeout=600000)
        t.done("Checkpointing works: 4 checkpoints in `/scratch/ellen/larmor/beam_plasma_ckpt_debug/ckpt/`, one every "
               "100 steps. The first attempt failed with `write_checkpoint` not defined in `Larmor` because the sysimage "
               "(12-11) predated your push; I rebuilt it with `sbatch --wait jobs/build_sysimage.sbatch` (9 min) and "
               "re-ran.")

        t = d.task("Now the two-stream case for the paper: same routine, debug run of cases/two_stream.toml, then submit "
                   "it for real.", tags=["workflow:W2"])
        t.bash("srun -p debug -A plasma01 -c 8 -t 00:15:00 julia --project=. --sysimage=sysimage/larmor.so --threads=8 "
               "scripts/run_case.jl cases/two_stream.toml --debug", "Short debug run on the debug partition",
               out=run_debug(4815660, "two_stream", 1024, "2000000", 8, secs=39), timeout=600000)
        t.bash("sbatch jobs/run_case.sbatch cases/two_stream.toml", "Submit the full run", out="Submitted batch job 4815671")
        t.bash("squeue --me", "Show my jobs",
               out=SQ_HEAD + "\n           4815671   compute   larmor    ellen PD       0:00      1 (Priority)")
        t.done("Debug run clean (39 s, energy drift ~4e-6). Two-stream submitted as 4815671, pending on priority; "
               "nothing else of yours is in the queue.")

        t = d.task("Make me the energy history plot from the finished beam_plasma run (job 4809342) as a PDF for the "
                   "group meeting.", tags=["noise"])
        t.bash("ls /scratch/ellen/larmor/beam_plasma/", "List the run output",
               out="ckpt\ndiag.jld2\nfields_060000.jld2\nrun.toml")
        t.bash("julia --project=scripts -e 'using Larmor, CairoMakie, JLD2; d = load(\"/scratch/ellen/larmor/beam_plasma/diag.jld2\"); "
               "fig = Larmor.plot_energy(d); save(\"figures/beam_plasma_energy.pdf\", fig)'",
               "Plot the energy history with CairoMakie", out="", timeout=300000)
        t.done("`figures/beam_plasma_energy.pdf`: field, kinetic and total energy vs time from `diag.jld2` via the "
               "Makie extension's `plot_energy`. Total energy drifts by about 2e-5 relative over 60k steps.")

    # ============================================================ S8 Fri 12-18 laptop
    with d.session("2026-12-18T10:10:00", R, branch="main", version="2.1.115"):
        t = d.task("Patch release 0.7.1 first — it's just the checkpoint feature. Same steps as last time.",
                   tags=["workflow:W3"])
        t.bash("git pull --ff-only && git log --oneline v0.7.0..HEAD", "Update and list commits since v0.7.0",
               out="Updating 4be1c0a..7a93d20\nFast-forward\n 6 files changed, 124 insertions(+), 5 deletions(-)\n"
                   "7a93d20 Add checkpointing (checkpoint_every)\n1e5c2f7 Shorter relax_temperatures docstring")
        t.read(P("Project.toml"))
        t.edit(P("Project.toml"), 'version = "0.7.0"', 'version = "0.7.1"')
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "## [0.7.0] - 2026-12-14", """## [0.7.1] - 2026-12-18

### Added
- Checkpointing: `checkpoint_every` in the `[run]` table writes JLD2 checkpoints.

## [0.7.0] - 2026-12-14""")
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.7.1", "jl_yA3nRk", summary(76, 46.0)), timeout=600000)
        t.bash("git commit -am \"Release v0.7.1\" && git push origin main", "Commit and push the release",
               out="[main b52e0f8] Release v0.7.1\n 2 files changed, 6 insertions(+), 1 deletion(-)",
               err="To github.com:tern-plasma/Larmor.jl.git\n   7a93d20..b52e0f8  main -> main")
        t.bash("gh api repos/tern-plasma/Larmor.jl/commits/b52e0f8/comments -f body='@JuliaRegistrator register' --jq .html_url",
               "Ask Registrator to register v0.7.1",
               out="https://github.com/tern-plasma/Larmor.jl/commit/b52e0f8c41a9d3e07f2b6c15a8e9d4f0b3c7e261#commitcomment-151488120")
        t.done("v0.7.1 is out for registration: version bumped, CHANGELOG entry, 76/76, pushed b52e0f8, Registrator "
               "comment posted. TagBot will tag it once General merges.")

        t = d.task("Change of plan on the Float64-only structs: make SpitzerCollisions and RadiativeCooling parametric, "
                   "T<:AbstractFloat, so we can do Float32 runs on the GPU later. Keyword constructors should promote.",
                   tags=["reversal:P3"])
        t.bash("git checkout -b feat/float32", "New branch", err="Switched to a new branch 'feat/float32'")
        t.read(P("src/collisions.jl"))
        t.edit(P("src/collisions.jl"), """struct SpitzerCollisions
    lnLambda::Float64
    Z::Float64
end

SpitzerCollisions(; lnLambda = 15.0, Z = 1.0) = SpitzerCollisions(lnLambda, Z)""",
               """struct SpitzerCollisions{T<:AbstractFloat}
    lnLambda::T
    Z::T
end

SpitzerCollisions(; lnLambda = 15.0, Z = 1.0) = SpitzerCollisions(promote(float(lnLambda), float(Z))...)""")
        t.read(P("src/radiation.jl"))
        t.edit(P("src/radiation.jl"), """struct RadiativeCooling
    Zeff::Float64
    gaunt::Float64
end

RadiativeCooling(; Zeff = 1.0, gaunt = 1.2) = RadiativeCooling(Zeff, gaunt)""",
               """struct RadiativeCooling{T<:AbstractFloat}
    Zeff::T
    gaunt::T
end

RadiativeCooling(; Zeff = 1.0, gaunt = 1.2) = RadiativeCooling(promote(float(Zeff), float(gaunt))...)""")
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.7.1", "jl_Wm61oD", summary(76, 45.2)), timeout=600000)
        t.done("Both structs are now `{T<:AbstractFloat}`; the keyword constructors `promote(float(…), float(…))`, so "
               "`SpitzerCollisions(lnLambda = 12f0, Z = 1f0)` gives a `SpitzerCollisions{Float32}` and mixed input "
               "promotes. Existing code gets `Float64` as before; 76/76 pass. Note the constants in "
               "`collision_frequency` are Float64 literals, so a Float32 path will promote there — I'll handle that with "
               "the type-stability tests.")

        t = d.task("I added debye_length and plasma_frequency (exported, with docstrings) in src/parameters.jl yesterday. "
                   "Build the docs before I open the PR.", tags=["mistake:M3"])
        t.fail(docs, "Build the documentation",
               docs_missing(R, ["Larmor.debye_length :: Tuple{Any, Any}",
                                "Larmor.plasma_frequency :: Tuple{Any}"]))
        t.say("The two new functions aren't listed in the manual yet. They're plasma parameters, so a short section in "
              "api.md fits.")
        t.read(P("docs/src/api.md"))
        t.edit(P("docs/src/api.md"), """## Diagnostics

```@docs
field_energy
kinetic_energy
```""", """## Plasma parameters

```@docs
debye_length
plasma_frequency
```

## Diagnostics

```@docs
field_energy
kinetic_energy
```""")
        t.bash(docs, "Build the documentation", out=docs_ok(R))
        t.done("Docs build. `debye_length` and `plasma_frequency` weren't in any `@docs` block, so the missing-docs check "
               "stopped the first run; they now have a \"Plasma parameters\" section in `api.md`.")

        t = d.task("Add a Float32 type-stability test: @inferred on collision_frequency and bremsstrahlung_power with "
                   "Float32 inputs should return Float32. Make it its own @testitem, tagged :float32. Fix what it finds, "
                   "then the full suite, format and commit.", tags=["workflow:W1", "pref:P1"])
        d.files[P("test/float32_tests.jl")] = ""
        t.read(P("test/float32_tests.jl"))
        t.write(P("test/float32_tests.jl"), """@testitem "Float32 stays Float32" tags = [:float32] begin
    c = SpitzerCollisions(; lnLambda = 15.0f0, Z = 1.0f0)
    r = RadiativeCooling(; Zeff = 1.0f0, gaunt = 1.2f0)
    @test @inferred(collision_frequency(c, 1.0f19, 100.0f0)) isa Float32
    @test @inferred(bremsstrahlung_power(r, 1.0f19, 100.0f0)) isa Float32
end
""")
        t.edit(P("src/collisions.jl"),
               "collision_frequency(c::SpitzerCollisions, n, T) = 2.91e-12 * c.Z * n * c.lnLambda * T^(-1.5)",
               "collision_frequency(c::SpitzerCollisions{T}, n, Te) where {T} = T(2.91e-12) * c.Z * n * c.lnLambda * Te^T(-1.5)")
        t.edit(P("src/radiation.jl"), """    g = r.gaunt / 1.2
    return 1.69e-38 * r.Zeff * g * ne^2 * sqrt(Te)""", """    g = r.gaunt / 1.2f0
    return oftype(g, 1.69e-38) * r.Zeff * g * ne^2 * sqrt(Te)""")
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.7.1", "jl_5TxqaZ", summary(78, 46.4)), timeout=600000)
        t.bash(fmt, "Format with JuliaFormatter", out=" M docs/src/api.md\n M src/collisions.jl\n M src/radiation.jl\n?? test/float32_tests.jl")
        t.bash("git add -A src test docs && git commit -m \"Parametric collision/radiation types, Float32 stability test\"",
               "Commit", out="[feat/float32 0d4a8e3] Parametric collision/radiation types, Float32 stability test\n 4 files changed, 27 insertions(+), 12 deletions(-)\n create mode 100644 test/float32_tests.jl")
        t.done("New `@testitem` \"Float32 stays Float32\" (tag `:float32`). It caught the Float64 literals: both "
               "functions now convert their constants to the struct's `T` (`T(2.91e-12)`, `oftype(g, 1.69e-38)`), so "
               "Float32 in gives Float32 out. 78/78, formatted, committed 0d4a8e3 on feat/float32.")

        t = d.task("Try the suite on nightly too, I'd like to know if 1.13/1.14 breaks anything.", tags=["unfixed:U2"])
        t.fail("julia +nightly --project -e 'using Pkg; Pkg.test()'", "Run the tests on Julia nightly",
               "     Testing Larmor\n"
               "      Status `/tmp/jl_Ue2Jd8/Project.toml`\n" + TEST_DEPS.format(ver="0.7.1", root="~/dev/Larmor.jl") +
               "\n     Testing Running tests...\n"
               "Precompiling packages...\n"
               "   6118.3 ms  ✓ StaticArraysCore\n"
               "  ✗ StaticArrays\n"
               "  ✗ Larmor\n"
               "  1 dependency successfully precompiled in 19 seconds. 52 already precompiled.\n\n"
               "ERROR: LoadError: The following 1 direct dependency failed to precompile:\n\n"
               "StaticArrays\n\n"
               "Failed to precompile StaticArrays [90137ffa-7385-5640-81b9-e52037218182] to \"/home/ellen/.julia/compiled/v1.14/StaticArrays/jl_2mYHcQ\".\n"
               "ERROR: LoadError: invalid method definition in StaticArrays: function Base.unsafe_convert must be explicitly imported to be extended\n"
               "Stacktrace:\n [1] top-level scope\n   @ ~/.julia/packages/StaticArrays/LSPcF/src/MArray.jl:118\n"
               "in expression starting at /home/ellen/.julia/packages/StaticArrays/LSPcF/src/MArray.jl:118\n"
               "in expression starting at /home/ellen/.julia/packages/StaticArrays/LSPcF/src/StaticArrays.jl:1\n"
               "in expression starting at /home/ellen/dev/Larmor.jl/test/runtests.jl:1\n"
               "ERROR: Package Larmor errored during testing", timeout=600000)
        t.bash("julia +nightly -e 'println(VERSION)'", "Nightly version", out="1.14.0-DEV.1391")
        t.done("Nightly (1.14.0-DEV.1391) fails before our code runs: StaticArrays doesn't precompile because nightly "
               "now requires explicit imports when extending `Base.unsafe_convert`. That's upstream; CI already has "
               "nightly as `continue-on-error`. Nothing to change in Larmor — I'd wait for a StaticArrays release.")

    # ============================================================ S9 Mon 12-21 cluster
    with d.session("2026-12-21T13:45:00", C, branch="main", version="2.1.116"):
        t = d.task("The beam_plasma_ckpt run timed out at 8 h like we feared. I merged restart support (restart_from in "
                   "[run]). Pull, do a debug restart from its last checkpoint, then resubmit.", tags=["mistake:M1"])
        t.bash("git pull --ff-only", "Update the cluster checkout",
               out="Updating 7a93d20..a3f71c5\nFast-forward\n cases/beam_plasma_restart.toml |  23 +++++\n scripts/run_case.jl            |   9 +-\n src/Larmor.jl                  |   2 +-\n src/checkpoint.jl              |  31 ++++++\n src/collisions.jl              |  10 +-\n src/radiation.jl               |  10 +-\n test/checkpoint_tests.jl       |  14 +++\n test/float32_tests.jl          |   7 ++\n 8 files changed, 98 insertions(+), 8 deletions(-)",
               err="From github.com:tern-plasma/Larmor.jl\n   b52e0f8..a3f71c5  main       -> origin/main")
        t.bash("ls /scratch/ellen/larmor/beam_plasma_ckpt/ckpt | tail -n 2", "Latest checkpoints",
               out="ckpt_041000.jld2\nckpt_042000.jld2")
        t.fail("srun -p debug -A plasma01 -c 8 -t 00:15:00 julia --project=. --sysimage=sysimage/larmor.so --threads=8 "
               "scripts/run_case.jl cases/beam_plasma_restart.toml --debug", "Debug restart on the debug partition",
               stale_sysimage(4821176, "kd0011", "load_checkpoint", 33,
                              "initial_state(cfg::Dict{String, Any})", 51, 57), timeout=600000)
        t.say("`load_checkpoint` came in with today's pull; the sysimage is from 12-16. Rebuilding it first.")
        t.bash("sbatch --parsable --wait jobs/build_sysimage.sbatch", "Rebuild the sysimage as a batch job and wait",
               out="4821190", timeout=600000)
        t.bash("tail -n 1 logs/larmor-sysimage-4821190.out", "Check the build log",
               out="✔ [08m:37s] PackageCompiler: compiling incremental system image")
        t.bash("srun -p debug -A plasma01 -c 8 -t 00:15:00 julia --project=. --sysimage=sysimage/larmor.so --threads=8 "
               "scripts/run_case.jl cases/beam_plasma_restart.toml --debug", "Debug restart on the debug partition",
               out=srun_head(4821254, wait=False) +
               "[ Info: restarting from " + SCR + "/beam_plasma_ckpt/ckpt/ckpt_042000.jld2 (t = 1.05e-07 s)\n"
               "┌ Info: case beam_plasma_restart: 2048 cells, 4200000 particles, 400 steps (debug)\n└   threads = 8\n"
               "[ Info: step 42400/60000  t = 1.06e-07 s  W = 3.1121e-04 J/m^2  dW/W0 = 2.1e-05\n"
               "[ Info: wrote " + SCR + "/beam_plasma_restart_debug/diag.jld2 (74 s wall)", timeout=600000)
        t.bash("sbatch jobs/run_case.sbatch cases/beam_plasma_restart.toml", "Resubmit from the checkpoint",
               out="Submitted batch job 4821263")
        t.done("Restart works: the debug run picked up `ckpt_042000.jld2` at t = 1.05e-7 s and continued with the same "
               "energy drift (2.1e-5 relative, matching the original run). The first try failed with `load_checkpoint` "
               "not defined in `Larmor` — sysimage from 12-16, restart code from today — so I rebuilt it "
               "(`sbatch --parsable --wait jobs/build_sysimage.sbatch`, 8.5 min). Full restart submitted as 4821263 "
               "(18k steps left, ~3 h).")

        t = d.task("While that runs: update the scripts environment, CairoMakie there is old.", tags=["flaky:F1"])
        t.fail("julia --project=scripts -e 'using Pkg; Pkg.update()'", "Update the scripts environment",
               "    Updating registry at `~/.julia/registries/General.toml`\n"
               "    Updating `~/src/Larmor.jl/scripts/Project.toml`\n"
               "  [13f3f980] ↑ CairoMakie v0.13.10 ⇒ v0.15.6\n"
               "    Updating `~/src/Larmor.jl/scripts/Manifest.toml`\n"
               "  [159f3aea] ↑ Cairo v1.1.1 ⇒ v1.2.0\n"
               "  [13f3f980] ↑ CairoMakie v0.13.10 ⇒ v0.15.6\n"
               "  [ee78f7c6] ↑ Makie v0.22.10 ⇒ v0.24.6\n"
               "  [83423d85] ↑ Cairo_jll v1.18.2+1 ⇒ v1.18.5+0\n"
               "  Downloading artifact: Cairo\n"
               "ERROR: Unable to automatically download/install artifact 'Cairo' from sources listed in "
               "'/home/ellen/.julia/packages/Cairo_jll/u3Wc2/Artifacts.toml'.\n"
               "Sources attempted:\n"
               "- https://pkg.julialang.org/artifact/7e5c2a9b3f0d41e6a8b2c7d94f15e0a3b6c8d271\n"
               "    Error: RequestError: HTTP/2 502 while requesting https://pkg.julialang.org/artifact/7e5c2a9b3f0d41e6a8b2c7d94f15e0a3b6c8d271\n"
               "- https://github.com/JuliaBinaryWrappers/Cairo_jll.jl/releases/download/Cairo-v1.18.5+0/Cairo.v1.18.5.x86_64-linux-gnu.tar.gz\n"
               "    Error: RequestError: Operation timed out after 30000 milliseconds with 0 bytes received while requesting "
               "https://github.com/JuliaBinaryWrappers/Cairo_jll.jl/releases/download/Cairo-v1.18.5+0/Cairo.v1.18.5.x86_64-linux-gnu.tar.gz",
               timeout=600000)
        t.bash("julia --project=scripts -e 'using Pkg; Pkg.update()'", "Update the scripts environment",
               out="    Updating registry at `~/.julia/registries/General.toml`\n"
                   "    Updating `~/src/Larmor.jl/scripts/Project.toml`\n"
                   "  [13f3f980] ↑ CairoMakie v0.13.10 ⇒ v0.15.6\n"
                   "    Updating `~/src/Larmor.jl/scripts/Manifest.toml`\n"
                   "  [159f3aea] ↑ Cairo v1.1.1 ⇒ v1.2.0\n"
                   "  [13f3f980] ↑ CairoMakie v0.13.10 ⇒ v0.15.6\n"
                   "  [ee78f7c6] ↑ Makie v0.22.10 ⇒ v0.24.6\n"
                   "  [83423d85] ↑ Cairo_jll v1.18.2+1 ⇒ v1.18.5+0\n"
                   "Precompiling project...\n"
                   "  412 dependencies successfully precompiled in 388 seconds. 57 already precompiled.",
               timeout=600000)
        t.done("Updated: CairoMakie 0.13.10 → 0.15.6 (Makie 0.24.6). The first attempt hit a 502 from the package server "
               "and a GitHub timeout fetching the Cairo artifact; the same command went through on retry.")

    # ============================================================ S10 Tue 12-29 laptop
    with d.session("2026-12-29T09:50:00", R, branch="main", version="2.1.118"):
        t = d.task("I added sample_maxwellian!(rng, ps, T) for the initial loading. Check it's reproducible with a fixed "
                   "seed — the sampling test items should cover it.", tags=["mistake:M2"])
        t.fail("julia --project -e 'using Larmor, StableRNGs; ps = ParticleSet(; q = -Larmor.QE, m = Larmor.ME, n = 4); "
               "a = copy(sample_maxwellian!(StableRNG(1), ps, 10.0).v); b = sample_maxwellian!(StableRNG(1), ps, 10.0).v; "
               "println(a == b)'", "Quick reproducibility check with a StableRNG",
               not_found_e("StableRNGs"))
        t.say("StableRNGs is test-only, so it can't be loaded in the package environment. The sampling items already "
              "seed with `StableRNG`; I'll run those through `Pkg.test` with a filter instead.")
        t.grep("@testitem", output_mode="content", n=True, path=P("test/sampling_tests.jl"),
               content='1:@testitem "sample_maxwellian! is reproducible" tags = [:sampling] begin\n'
                       '11:@testitem "sampled temperature matches T" tags = [:sampling] begin')
        t.bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"sampling\"])'", "Run the sampling items via Pkg.test",
               out=pkg_test(R, "0.7.1", "jl_Ex7rQv", summary(4, 9.8)), timeout=600000)
        t.done("`sample_maxwellian!` is reproducible: the two sampling items (same seed → identical velocities; sampled "
               "temperature within 1% of T) pass, 4/4. StableRNGs isn't available outside the test target, so the check "
               "went through `Pkg.test(test_args=[\"sampling\"])`.")

        t = d.task("float32 is merged. Cut 0.8.0 (the parametric types change the struct signatures, so minor bump). "
                   "Usual release steps.", tags=["workflow:W3"])
        t.bash("git pull --ff-only && git log --oneline v0.7.1..HEAD", "Update and list commits since v0.7.1",
               out="Updating b52e0f8..d91c7e4\nFast-forward\n 11 files changed, 171 insertions(+), 20 deletions(-)\n"
                   "d91c7e4 Merge pull request #44 from tern-plasma/feat/sampling\n5b0e7a2 Add sample_maxwellian!\n"
                   "a3f71c5 Merge pull request #43 from tern-plasma/feat/restart\n8e4d1b9 Add restart_from / load_checkpoint\n"
                   "f02c6d1 Merge pull request #42 from tern-plasma/feat/float32\n0d4a8e3 Parametric collision/radiation types, Float32 stability test\n"
                   "c6a9f30 Add debye_length and plasma_frequency")
        t.read(P("Project.toml"))
        t.edit(P("Project.toml"), 'version = "0.7.1"', 'version = "0.8.0"')
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "## [0.7.1] - 2026-12-18", """## [0.8.0] - 2026-12-29

### Changed
- `SpitzerCollisions` and `RadiativeCooling` are parametric (`{T<:AbstractFloat}`); Float32 inputs stay Float32.

### Added
- `restart_from` in the `[run]` table and `load_checkpoint`.
- `sample_maxwellian!` for reproducible initial loading.
- `debye_length`, `plasma_frequency`.

## [0.7.1] - 2026-12-18""")
        t.bash(pt_full, "Run the full test suite", out=pkg_test(R, "0.8.0", "jl_gN4s1C", summary(86, 48.9)), timeout=600000)
        t.bash("git commit -am \"Release v0.8.0\" && git push origin main", "Commit and push the release",
               out="[main 3c8e51d] Release v0.8.0\n 2 files changed, 14 insertions(+), 1 deletion(-)",
               err="To github.com:tern-plasma/Larmor.jl.git\n   d91c7e4..3c8e51d  main -> main")
        t.bash("gh api repos/tern-plasma/Larmor.jl/commits/3c8e51d/comments -f body='@JuliaRegistrator register' --jq .html_url",
               "Ask Registrator to register v0.8.0",
               out="https://github.com/tern-plasma/Larmor.jl/commit/3c8e51d0a7b24f9e61c3d85e2f40b19a7c6d0e38#commitcomment-151902517")
        t.bash("gh release list --limit 3", "Check TagBot releases",
               out="v0.7.1\tLatest\tv0.7.1\t2026-12-18T14:02:51Z\nv0.7.0\t\tv0.7.0\t2026-12-14T13:20:09Z\nv0.6.2\t\tv0.6.2\t2026-11-19T16:44:30Z")
        t.done("v0.8.0 submitted: version bump, CHANGELOG (parametric types under Changed), 86/86, pushed 3c8e51d, "
               "Registrator comment posted. TagBot created the v0.7.0 and v0.7.1 releases, so v0.8.0 will follow once "
               "General's AutoMerge merges the registration PR.")

        t = d.task("Does our CI build the docs on pull requests, or only on main? Just read it and tell me.", tags=["noise"])
        t.read(P(".github/workflows/CI.yml"))
        t.done("Both. The `docs` job has no branch condition, and the workflow runs on `pull_request` as well as pushes "
               "to main and tags. `julia-docdeploy` builds on every run; Documenter's `deploydocs` only deploys for "
               "pushes to `main` (dev docs) and tags (stable/versioned). PR builds are checked but not deployed unless "
               "you pass `push_preview = true`.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Cluster runs use `--sysimage=sysimage/larmor.so`, a PackageCompiler sysimage with Larmor "
                            "baked in. After new Larmor code is pulled, the run script (loaded from source) references "
                            "names the stale sysimage's Larmor doesn't have; a package in the sysimage is used as-is, not "
                            "reloaded from src.",
             "error_signature": "srun debug run: 'ERROR: LoadError: UndefVarError: `<name>` not defined in `Larmor`' "
                                "(SpitzerCollisions, write_checkpoint, load_checkpoint) then 'srun: error: <node>: task 0: "
                                "Exited with exit code 1'",
             "fix": "Rebuild the sysimage from the current checkout first (`srun … julia --project=sysimage "
                    "sysimage/build_sysimage.jl` or `sbatch --wait jobs/build_sysimage.sbatch`), then repeat the same srun.",
             "fix_command_markers": [["build_sysimage"]],
             "harmful_markers": ["rm -rf ~/.julia", "--compiled-modules=no"]},
            {"id": "M2",
             "description": "Claude runs test code directly with the package environment (`julia --project "
                            "test/runtests.jl <filter>`, or a `-e` snippet using StableRNGs). Test-only dependencies "
                            "(TestItemRunner, StableRNGs) are in `[extras]`/`[targets]`, not loadable there.",
             "error_signature": "'ArgumentError: Package TestItemRunner not found in current path.' / 'Package StableRNGs "
                                "not found in current path.' + '- Run `import Pkg; Pkg.add(...)`' hint",
             "fix": "Run through the test entry point instead: `julia --project -e 'using Pkg; "
                    "Pkg.test(test_args=[\"<filter>\"])'` (with `julia_args=[\"--threads=4\"]` when threads matter); "
                    "runtests.jl filters items by the test args.",
             "fix_command_markers": [["test_args"]],
             "harmful_markers": ["Pkg.add", "pkg> add"]},
            {"id": "M3",
             "description": "New exported functions/types get docstrings but are not placed in any `@docs` block of the "
                            "manual; Documenter 1.x fails the build on the missing-docs check.",
             "error_signature": "julia --project=docs docs/make.jl: '┌ Error: N docstrings not included in the manual:' … "
                                "'ERROR: LoadError: `makedocs` encountered an error [:missing_docs] -- terminating build "
                                "before rendering.'",
             "fix": "Edit the manual pages (docs/src/api.md or physics.md): add the names to a ```@docs block, then "
                    "re-run the same docs build.",
             "fix_command_markers": [["docs/src/"], ["@docs"]],
             "harmful_markers": ["warnonly", "checkdocs"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Pkg.test: 'BoundsError: attempt to access 128-element Vector{Float64} at index "
                                        "[129]' in deposit_cic! for particles at the upper boundary; indices wrapped with "
                                        "mod1, same Pkg.test passes."},
            {"id": "O2", "description": "scripts/plot_dispersion.jl: 'DomainError with -4.789416577971818e8: sqrt was called with a "
                                        "negative real argument' (ion-acoustic speed used Te - gamma_i*Ti); sign fixed, same "
                                        "script runs."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "sbatch of the Zeff scan array: 'sbatch: error: QOSMaxSubmitJobPerUserLimit' / "
                                        "'Job violates accounting/QOS policy'; left until running jobs finish."},
            {"id": "U2", "description": "Pkg.test on `julia +nightly`: StaticArrays fails to precompile ('function "
                                        "Base.unsafe_convert must be explicitly imported to be extended'); upstream, left."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "Pkg.update of the scripts env: 'Unable to automatically download/install artifact "
                                        "'Cairo'' (HTTP/2 502, GitHub timeout); identical retry succeeds."},
            {"id": "F2", "description": "squeue --me: 'slurm_load_jobs error: Socket timed out on send/recv operation'; "
                                        "identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Finish a change on the laptop: full `Pkg.test()`, JuliaFormatter `format(\".\")` + "
                                        "`git status --short`, `git commit`.",
             "step_markers": [["Pkg.test()"], ["JuliaFormatter"], ["git commit"]]},
            {"id": "W2", "description": "Cluster run: `srun -p debug … scripts/run_case.jl <case> --debug` short run, then "
                                        "`sbatch jobs/run_case.sbatch <case>`, then `squeue --me`.",
             "step_markers": [["srun -p debug"], ["sbatch jobs/run_case.sbatch"], ["squeue --me"]]},
            {"id": "W3", "description": "Release: `git log --oneline vX..HEAD`, bump `version` in Project.toml, CHANGELOG "
                                        "section, full `Pkg.test()`, commit \"Release vX.Y.Z\" + push, `gh api "
                                        "…/commits/<sha>/comments -f body='@JuliaRegistrator register'` (TagBot tags later).",
             "step_markers": [["Project.toml"], ["CHANGELOG.md"], ["Pkg.test()"], ["@JuliaRegistrator register"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Tests are TestItemRunner `@testitem` blocks in test/*_tests.jl, not `@testset`s "
                                        "in runtests.jl.",
             "markers": [["@testitem"]]},
            {"id": "P2", "description": "ASCII-only names in exported API and signatures (keyword arguments, fields); "
                                        "Unicode/Greek only inside function bodies.",
             "markers": [["ASCII"]]},
            {"id": "P3", "description": "New physics structs with plain Float64 fields, no type parameters (stated T05); "
                                        "reversed in T27: parametric on T<:AbstractFloat for Float32 runs.",
             "markers": [["Float64"]],
             "reversal_markers": [["parametric", "T<:AbstractFloat"]]},
        ],
        probes=[
            {"prompt": "Job 4830012 died in 20 seconds: ERROR: LoadError: UndefVarError: `ion_drag!` not defined in "
                       "`Larmor`. But ion_drag! is right there in src/collisions.jl on the cluster checkout. What's going on?",
             "wanted": ["M1"]},
            {"prompt": "I pushed the new dump_moments option to run_case on the laptop. On kelpie: pull and do a debug run "
                       "of cases/two_stream.toml with dump_moments = true.",
             "wanted": ["M1"]},
            {"prompt": "julia --project test/runtests.jl poisson → ERROR: LoadError: ArgumentError: Package "
                       "TestItemRunner not found in current path. It's in the Project.toml though?",
             "wanted": ["M2"]},
            {"prompt": "Run just the guiding-centre test items, I don't want to wait for the whole suite.",
             "wanted": ["M2"]},
            {"prompt": "Docs CI is red: '1 docstring not included in the manual: Larmor.sound_speed' and then makedocs "
                       "encountered an error [:missing_docs]. Fix it.",
             "wanted": ["M3"]},
            {"prompt": "I exported a new function spitzer_resistivity with a docstring. Build the docs locally before I push.",
             "wanted": ["M3"]},
            {"prompt": "Convert 15 eV to kelvin and tell me the electron thermal speed at that temperature.",
             "wanted": []},
            {"prompt": "What's the difference between @views and @inbounds, and which one matters in push_boris!?",
             "wanted": []},
            {"prompt": "Rename nppc to particles_per_cell in the case TOML files and wherever it's read.",
             "wanted": []},
            {"prompt": "Write a short paragraph for the paper describing the CIC deposition and Boris push.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "julia-sci.jsonl"), os.path.join(HERE, "tune", "julia-sci.labels.json"))
    print(f"julia-sci -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
