"""hpc-fortran: Dana Whitfield, research software engineer at a national lab, ocean-circulation model "tidewater".

Stack: modern Fortran (2008/2018), gfortran 13 / Intel ifx, Open MPI 4.1, OpenMP, CMake + Ninja, Spack + Lmod,
Slurm (sbatch/squeue/sacct/salloc/srun), NetCDF-Fortran / HDF5, pFUnit via ctest, Python 3.11 post-processing
(xarray, netCDF4, matplotlib) in .venv, valgrind/gdb, GitLab CI.

Written blind for fresh/; measured once held out (round 19), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "dwhitfield"
R = "/home/dwhitfield/src/tidewater"
MODEL = "claude-opus-4-6"


def P(rel):
    return f"{R}/{rel}"


CMAKELISTS = """cmake_minimum_required(VERSION 3.24)
project(tidewater VERSION 3.4.0 LANGUAGES Fortran C)

option(TW_OPENMP "Build with OpenMP" ON)
option(TW_TESTS "Build pFUnit tests" ON)

set(CMAKE_Fortran_MODULE_DIRECTORY ${CMAKE_BINARY_DIR}/mod)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)

find_package(MPI REQUIRED COMPONENTS Fortran)
find_package(NetCDF_Fortran REQUIRED)
if(TW_OPENMP)
  find_package(OpenMP REQUIRED COMPONENTS Fortran)
endif()

add_subdirectory(external/CVMix-src)
add_subdirectory(external/gsw-fortran)
add_subdirectory(src)
if(TW_TESTS)
  find_package(PFUNIT 4.10 REQUIRED)
  enable_testing()
  add_subdirectory(tests)
endif()
"""

MIXING = """module vertical_mixing
  use, intrinsic :: iso_fortran_env, only: wp => real64
  use cvmix_kpp, only: cvmix_coeffs_kpp
  use grid_mod, only: grid_t
  implicit none
  private
  public :: mixing_init, mixing_step

  real(wp), parameter :: kappa_bg = 1.0e-5_wp

contains

  subroutine mixing_init(grid)
    type(grid_t), intent(in) :: grid
    call log_info('vertical_mixing: KPP with background diffusivity')
  end subroutine mixing_init

  subroutine mixing_step(grid, temp, salt, kappa_t, dt)
    type(grid_t), intent(in) :: grid
    real(wp), intent(in) :: temp(:,:,:), salt(:,:,:)
    real(wp), intent(inout) :: kappa_t(:,:,:)
    real(wp), intent(in) :: dt
    integer :: i, j

    !$omp parallel do collapse(2) private(i, j)
    do j = grid%jsc, grid%jec
      do i = grid%isc, grid%iec
        kappa_t(i, j, :) = max(kappa_t(i, j, :), kappa_bg)
      end do
    end do
    !$omp end parallel do
  end subroutine mixing_step

end module vertical_mixing
"""

ADVECT = """module tracer_advection
  use, intrinsic :: iso_fortran_env, only: wp => real64
  use grid_mod, only: grid_t
  implicit none
  private
  public :: advect_tracers

contains

  subroutine advect_tracers(grid, u, v, tracer, dt)
    type(grid_t), intent(in) :: grid
    real(wp), intent(in) :: u(:,:,:), v(:,:,:)
    real(wp), intent(inout) :: tracer(:,:,:)
    real(wp), intent(in) :: dt
    real(wp) :: flux_x(grid%isd:grid%ied, grid%jsd:grid%jed, grid%nk)
    real(wp) :: flux_y(grid%isd:grid%ied, grid%jsd:grid%jed, grid%nk)
    integer :: i, j, k

    !$omp parallel do private(i, j, k, flux_x, flux_y)
    do k = 1, grid%nk
      do j = grid%jsc, grid%jec
        do i = grid%isc, grid%iec
          flux_x(i, j, k) = 0.5_wp * u(i, j, k) * (tracer(i+1, j, k) + tracer(i, j, k))
          flux_y(i, j, k) = 0.5_wp * v(i, j, k) * (tracer(i, j+1, k) + tracer(i, j, k))
        end do
      end do
    end do
    !$omp end parallel do
    call apply_flux_divergence(grid, flux_x, flux_y, tracer, dt)
  end subroutine advect_tracers

end module tracer_advection
"""

SPINUP = """#!/bin/bash
#SBATCH --job-name=tw-spinup
#SBATCH --account=cli142
#SBATCH --partition=batch
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=32
#SBATCH --cpus-per-task=4
#SBATCH --time=06:00:00
#SBATCH --output=logs/%x-%j.out

module load gcc/13.2.0 openmpi/4.1.6 netcdf-fortran/4.6.1 hdf5/1.14.3
export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK}
export OMP_STACKSIZE=512M
export OMP_PLACES=cores

srun --cpu-bind=cores ./build/bin/tidewater namelists/spinup_1deg.nml
"""

PLOT = """#!/usr/bin/env python3
\"\"\"Plot monthly-mean SST from a tidewater history file.\"\"\"
import argparse

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import xarray as xr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("history")
    ap.add_argument("--out", default="figs/sst.png")
    args = ap.parse_args()
    ds = xr.open_dataset(args.history)
    sst = ds["temp"].isel(zl=0).mean("time")
    fig, ax = plt.subplots(figsize=(9, 4.5))
    sst.plot(ax=ax, cmap="RdYlBu_r", vmin=-2, vmax=30)
    ax.set_title("SST, monthly mean")
    fig.savefig(args.out, dpi=150, bbox_inches="tight")


if __name__ == "__main__":
    main()
"""

GITLAB_CI = """stages: [build, test]

variables:
  GIT_SUBMODULE_STRATEGY: recursive

build-gnu:
  stage: build
  image: registry.gitlab.nl-ocean.gov/ocean/ci-images/fortran-gnu13:2026.08
  script:
    - cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Debug
    - cmake --build build
  artifacts:
    paths: [build/]

test-gnu:
  stage: test
  image: registry.gitlab.nl-ocean.gov/ocean/ci-images/fortran-gnu13:2026.08
  needs: [build-gnu]
  script:
    - ctest --test-dir build --output-on-failure
"""

FILES = {
    P("CMakeLists.txt"): CMAKELISTS,
    P("src/physics/vertical_mixing.F90"): MIXING,
    P("src/dynamics/tracer_advection.F90"): ADVECT,
    P("jobs/spinup_1deg.sbatch"): SPINUP,
    P("post/plot_sst.py"): PLOT,
    P(".gitlab-ci.yml"): GITLAB_CI,
}

MODS = "module load gcc/13.2.0 openmpi/4.1.6 netcdf-fortran/4.6.1 hdf5/1.14.3"


def cmake_ok(bdir, fc="gfortran", ver="13.2.0"):
    return f"""-- The Fortran compiler identification is GNU {ver}
-- The C compiler identification is GNU {ver}
-- Detecting Fortran compiler ABI info
-- Detecting Fortran compiler ABI info - done
-- Check for working Fortran compiler: /opt/spack/opt/linux-rocky9-zen3/gcc-13.2.0/openmpi-4.1.6-q7x2m3d/bin/mpif90 - skipped
-- Found MPI_Fortran: /opt/spack/opt/linux-rocky9-zen3/gcc-13.2.0/openmpi-4.1.6-q7x2m3d/lib/libmpi_usempif08.so (found version "3.1")
-- Found MPI: TRUE (found version "3.1") found components: Fortran
-- Found NetCDF_Fortran: /opt/spack/opt/linux-rocky9-zen3/gcc-13.2.0/netcdf-fortran-4.6.1-5lfhw2k/lib/libnetcdff.so
-- Found OpenMP_Fortran: -fopenmp (found version "4.5")
-- Found OpenMP: TRUE (found version "4.5") found components: Fortran
-- CVMix: building static library cvmix
-- Found PFUNIT: /opt/spack/opt/linux-rocky9-zen3/gcc-13.2.0/pfunit-4.10.0-xk3bqfa/PFUNIT-4.10/cmake (found suitable version "4.10.0", minimum required is "4.10")
-- Configuring done (4.2s)
-- Generating done (0.3s)
-- Build files have been written to: {bdir}"""


def submod_err(root, sub, line):
    return f"""-- The Fortran compiler identification is GNU 13.2.0
-- The C compiler identification is GNU 13.2.0
-- Detecting Fortran compiler ABI info - done
-- Found MPI_Fortran: /opt/spack/opt/linux-rocky9-zen3/gcc-13.2.0/openmpi-4.1.6-q7x2m3d/lib/libmpi_usempif08.so (found version "3.1")
-- Found MPI: TRUE (found version "3.1") found components: Fortran
-- Found NetCDF_Fortran: /opt/spack/opt/linux-rocky9-zen3/gcc-13.2.0/netcdf-fortran-4.6.1-5lfhw2k/lib/libnetcdff.so
CMake Error at CMakeLists.txt:{line} (add_subdirectory):
  The source directory

    {root}/{sub}

  does not contain a CMakeLists.txt file.


-- Configuring incomplete, errors occurred!"""


def ninja_ok(n, last="bin/tidewater"):
    return f"""[1/{n}] Building Fortran preprocessed src/CMakeFiles/tidewater_core.dir/physics/vertical_mixing.F90-pp.f90
[2/{n}] Generating Fortran dyndep file src/CMakeFiles/tidewater_core.dir/Fortran.dd
[{n - 2}/{n}] Building Fortran object src/CMakeFiles/tidewater_core.dir/physics/vertical_mixing.F90.o
[{n - 1}/{n}] Linking Fortran static library src/libtidewater_core.a
[{n}/{n}] Linking Fortran executable {last}"""


def ctest_out(bdir, n=14, extra=None, secs="6.84"):
    names = ["test_grid_indices", "test_halo_exchange_2d", "test_halo_exchange_3d", "test_eos_teos10",
             "test_eos_linear", "test_kpp_bldepth", "test_kpp_shape", "test_tracer_advection",
             "test_restart_roundtrip", "test_netcdf_history", "test_tides_forcing", "test_timer",
             "test_namelist_parse", "test_diag_sst"][:n]
    if extra:
        names = names + extra
    n = len(names)
    out = [f"Test project {bdir}"]
    for i, nm in enumerate(names, 1):
        t = 0.05 + (i * 37 % 90) / 100
        out.append(f"{i:>6}/{n} Test #{i:<2}: {nm:.<40} Passed {t:>6.2f} sec")
    out.append("")
    out.append(f"100% tests passed, 0 tests failed out of {n}")
    out.append("")
    out.append(f"Total Test time (real) = {secs:>6} sec")
    return "\n".join(out)


def segv_mpirun(rank, f, line, fn, node="dw-ws04"):
    return f"""tidewater 3.4.0-dev  (gfortran 13.2.0, Open MPI 4.1.6, OpenMP 4.5)
 nprocs =  4  threads/rank =  4
 reading namelists/{f}
 grid: 360 x 180 x 50, halo 2
 step      1  t =     0.00 d  max|u| = 0.000E+00
 step      2  t =     0.01 d  max|u| = 3.114E-03

Program received signal SIGSEGV: Segmentation fault - invalid memory reference.

Backtrace for this error:
#0  0x7f3a1c623960 in ???
#1  0x7f3a1c622ac5 in ???
#2  0x7f3a1c254dbf in ???
#3  0x4a3f1e in __{fn}
\tat {R}/src/{line}
#4  0x7f3a1c7e1a15 in ???
#5  0x7f3a1c7d8e9d in ???
#6  0x7f3a1c2a1f3a in ???
--------------------------------------------------------------------------
Primary job  terminated normally, but 1 process returned
a non-zero exit code. Per user-direction, the job has been aborted.
--------------------------------------------------------------------------
--------------------------------------------------------------------------
mpirun noticed that process rank {rank} with PID 0 on node {node} exited on signal 11 (Segmentation fault).
--------------------------------------------------------------------------"""


def run_ok(steps, tag):
    return f"""tidewater 3.4.0-dev  (gfortran 13.2.0, Open MPI 4.1.6, OpenMP 4.5)
 nprocs =  4  threads/rank =  4
 reading namelists/{tag}
 grid: 360 x 180 x 50, halo 2
 step      1  t =     0.00 d  max|u| = 0.000E+00
 step      2  t =     0.01 d  max|u| = 3.114E-03
 step    {steps:>3}  t =     {steps * 0.00694:.2f} d  max|u| = 4.871E-01
 wrote output/{tag.replace('.nml', '')}/history_0001.nc
 TIMER  total  {steps * 0.21:.2f} s   dyn 41.2%  tracer 27.9%  mixing 14.6%  io 6.1%
 tidewater: normal termination"""


SBATCH_BAD = """sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified"""


def gen():
    d = Dev("hpc-fortran", U, "en", MODEL, seed=60917, files=FILES)

    # ---------------- S1 ----------------
    with d.session("2026-09-01T08:40:00", R, branch="main", version="2.1.110"):
        t = d.task("morning. I'm back from leave and taking over tidewater's mixing work from Arjun. give me a quick "
                   "tour: where's the physics, how is it built, what does CI run", tags=["noise"])
        t.glob("src/**/*.F90", [P("src/main.F90"), P("src/grid/grid_mod.F90"), P("src/grid/halo_exchange.F90"),
                                P("src/dynamics/barotropic.F90"), P("src/dynamics/tracer_advection.F90"),
                                P("src/physics/eos_teos10.F90"), P("src/physics/vertical_mixing.F90"),
                                P("src/io/history_writer.F90"), P("src/io/restart_io.F90")])
        t.read(P("CMakeLists.txt"))
        t.read(P(".gitlab-ci.yml"))
        t.done("Layout:\n- `src/grid` (decomposition, halo exchange), `src/dynamics` (barotropic solver, tracer advection), "
               "`src/physics` (TEOS-10 EOS, KPP vertical mixing via CVMix), `src/io` (NetCDF history + restarts).\n"
               "- CMake 3.24 + Ninja; MPI, NetCDF-Fortran, OpenMP and pFUnit 4.10 found via Spack; CVMix and gsw-fortran "
               "are git submodules under `external/` pulled in with `add_subdirectory`.\n"
               "- CI: `build-gnu` (Debug build in the fortran-gnu13 image, submodules recursive) then `test-gnu` (ctest).")

        t = d.task("check out feature/kpp-langmuir (Arjun's branch), configure a Debug build in build/ and run the tests",
                   tags=["mistake:M1", "workflow:W1"])
        t.bash("git switch feature/kpp-langmuir", "Switch to Arjun's branch",
               err="Switched to branch 'feature/kpp-langmuir'\nYour branch is up to date with 'origin/feature/kpp-langmuir'.")
        t.fail("cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Debug", "Configure Debug build",
               submod_err(R, "external/CVMix-src", 16))
        t.say("CVMix is a submodule and its checkout is empty on this branch (the branch moved the submodule pointer). "
              "Initialising submodules, then configuring again.")
        t.bash("git submodule update --init --recursive", "Check out the submodules at the recorded commits",
               out="Submodule 'external/CVMix-src' (https://github.com/CVMix/CVMix-src.git) registered for path 'external/CVMix-src'\n"
                   "Cloning into '/home/dwhitfield/src/tidewater/external/CVMix-src'...\n"
                   "Submodule path 'external/CVMix-src': checked out '52ee8c5b4f8e9a3f0f1d7c2b9e4a6d10c3b7f2e1'")
        t.bash("cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Debug", "Configure Debug build",
               out=cmake_ok(P("build")))
        t.bash("cmake --build build -j 8", "Build", out=ninja_ok(142))
        t.bash("ctest --test-dir build --output-on-failure", "Run pFUnit tests", out=ctest_out(P("build")))
        t.done("Configured after `git submodule update --init --recursive` (CVMix-src was empty on this branch), "
               "built (142 steps) and all 14 tests pass.")

        t = d.task("quick one: does `contiguous` on an assumed-shape dummy actually buy anything with gfortran, or is it "
                   "just documentation?", tags=["noise", "no_tools"])
        t.done("It buys something. Without `contiguous` gfortran must assume a stride and carries the descriptor's stride "
               "through the loop, which often blocks vectorisation. With it, the compiler can use unit stride; if the "
               "actual argument is not contiguous, a temporary copy is made at the call (`-Warray-temporaries` shows "
               "where). Worth it on hot kernels that always get whole arrays.")

        t = d.task("add a `mixing_diag(grid, kappa_t, kappa_max)` to vertical_mixing that returns the max diffusivity over "
                   "the compute domain. every dummy argument gets an explicit intent, please, no exceptions",
                   tags=["pref:P1", "workflow:W1"])
        t.read(P("src/physics/vertical_mixing.F90"))
        t.edit(P("src/physics/vertical_mixing.F90"), "  public :: mixing_init, mixing_step\n",
               "  public :: mixing_init, mixing_step, mixing_diag\n")
        t.edit(P("src/physics/vertical_mixing.F90"), "  end subroutine mixing_step\n",
               "  end subroutine mixing_step\n\n"
               "  subroutine mixing_diag(grid, kappa_t, kappa_max)\n"
               "    type(grid_t), intent(in) :: grid\n"
               "    real(wp), intent(in) :: kappa_t(:,:,:)\n"
               "    real(wp), intent(out) :: kappa_max\n\n"
               "    kappa_max = maxval(kappa_t(grid%isc:grid%iec, grid%jsc:grid%jec, :))\n"
               "  end subroutine mixing_diag\n")
        t.bash("cmake --build build -j 8", "Build", out=ninja_ok(6))
        t.bash("ctest --test-dir build -R kpp --output-on-failure", "Run KPP tests",
               out=f"Test project {P('build')}\n    1/2 Test #6: test_kpp_bldepth ...............   Passed    0.41 sec\n"
                   "    2/2 Test #7: test_kpp_shape .................   Passed    0.22 sec\n\n"
                   "100% tests passed, 0 tests failed out of 2\n\nTotal Test time (real) =   0.66 sec")
        t.bash("git add src/physics/vertical_mixing.F90 && git commit -m \"mixing: mixing_diag for max diffusivity\"",
               "Commit", out="[feature/kpp-langmuir b71f0d3] mixing: mixing_diag for max diffusivity\n 1 file changed, 10 insertions(+), 1 deletion(-)")
        t.done("Added `mixing_diag` (all three dummies with intent: in/in/out), exported it, build and KPP tests pass. "
               "Note it is the local max; a global max needs an `MPI_Allreduce` with `MPI_MAX` by the caller.")

    # ---------------- S2 ----------------
    with d.session("2026-09-03T09:15:00", R, branch="feature/kpp-langmuir", version="2.1.111"):
        t = d.task("submit the 1-degree spinup with the current build and tell me when it starts", tags=["workflow:W2", "flaky:F1"])
        t.bash("sbatch jobs/spinup_1deg.sbatch", "Submit spinup job", out="Submitted batch job 4817233")
        t.fail("squeue --me", "Check queue",
               "slurm_load_jobs error: Socket timed out on send/recv operation")
        t.bash("squeue --me", "Check queue",
               out="             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                   "           4817233     batch tw-spinu dwhitfie  R       0:42      4 nid[00412-00415]")
        t.bash("sacct -j 4817233 --format=JobID,JobName%20,State,Elapsed,NNodes", "Job accounting",
               out="JobID                     JobName      State    Elapsed   NNodes \n"
                   "------------ -------------------- ---------- ---------- -------- \n"
                   "4817233                 tw-spinup    RUNNING   00:00:51        4 \n"
                   "4817233.bat+                batch    RUNNING   00:00:51        1 \n"
                   "4817233.0               tidewater    RUNNING   00:00:44        4 ")
        t.done("Job 4817233 is running on nid[00412-00415] (the first `squeue` timed out on the controller, the retry worked).")

        t = d.task("run the langmuir test case locally on my workstation, 4 ranks x 4 threads, short run",
                   tags=["mistake:M2"])
        t.fail("mpirun -np 4 --map-by slot:PE=4 ./build/bin/tidewater namelists/langmuir_test.nml",
               "Run langmuir case, 4 ranks x 4 threads",
               segv_mpirun(2, "langmuir_test.nml", "dynamics/tracer_advection.F90:24",
                           "tracer_advection_MOD_advect_tracers._omp_fn.0"), code=139)
        t.say("The crash is inside the OpenMP region of `advect_tracers`: `flux_x`/`flux_y` are automatic arrays made "
              "private, so each thread gets its own copy on its thread stack, and the default OpenMP thread stack is too "
              "small for a 360x180x50 halo'd field. The job script sets the thread stack size; the interactive run didn't. "
              "Passing it through mpirun:")
        t.bash("mpirun -np 4 --map-by slot:PE=4 -x OMP_NUM_THREADS=4 -x OMP_STACKSIZE=512M ./build/bin/tidewater namelists/langmuir_test.nml",
               "Re-run with a larger OpenMP thread stack", out=run_ok(144, "langmuir_test.nml"))
        t.done("Runs to completion (144 steps) once `OMP_STACKSIZE=512M` is exported to the ranks. The segfault was the "
               "private automatic flux arrays overflowing the default OpenMP thread stack, same as the batch script avoids.")

        t = d.task("what's the right way to turn on deflate for a variable in netcdf-fortran? I want level 4 with shuffle on the 3D fields",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.unidata.ucar.edu/netcdf-fortran/current/f90-variables.html",
                   "How to set deflate/shuffle on a variable (nf90_def_var / nf90_def_var_deflate)",
                   "NF90_DEF_VAR_DEFLATE sets the deflate parameters for a variable in a netCDF-4 file. It must be "
                   "called after NF90_DEF_VAR and before NF90_ENDDEF.\n\nfunction nf90_def_var_deflate(ncid, varid, shuffle, "
                   "deflate, deflate_level)\n  integer, intent(in) :: ncid, varid, shuffle, deflate, deflate_level\n\n"
                   "shuffle: if non-zero, turn on the shuffle filter. deflate: if non-zero, turn on deflate, with "
                   "deflate_level 0-9. The optional arguments shuffle, deflate_level can also be passed to nf90_def_var "
                   "directly. The file must be created with NF90_NETCDF4.")
        t.done("Either pass them at definition: `nf90_def_var(ncid, 'temp', NF90_FLOAT, dims, varid, shuffle=.true., "
               "deflate_level=4)`, or call `nf90_def_var_deflate(ncid, varid, 1, 1, 4)` after `nf90_def_var` and before "
               "`nf90_enddef`. The file has to be opened with `NF90_NETCDF4`, otherwise you get NF90_ENOTNC4.")

    # ---------------- S3 ----------------
    with d.session("2026-09-05T10:05:00", R, branch="feature/kpp-langmuir", version="2.1.112"):
        t = d.task("write a batch script for a 2-node tides test (jobs/tides_test.sbatch) based on the spinup one, 30 min, "
                   "namelists/tides_m2.nml, and submit it", tags=["mistake:M3"])
        t.read(P("jobs/spinup_1deg.sbatch"))
        t.write(P("jobs/tides_test.sbatch"),
                "#!/bin/bash\n#SBATCH --job-name=tw-tides\n#SBATCH --partition=batch\n#SBATCH --nodes=2\n"
                "#SBATCH --ntasks-per-node=32\n#SBATCH --cpus-per-task=4\n#SBATCH --time=00:30:00\n"
                "#SBATCH --output=logs/%x-%j.out\n\n" + MODS + "\nexport OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK}\n"
                "export OMP_PLACES=cores\n\nsrun --cpu-bind=cores ./build/bin/tidewater namelists/tides_m2.nml\n")
        t.fail("sbatch jobs/tides_test.sbatch", "Submit tides test", SBATCH_BAD)
        t.say("Slurm rejects it because the script has no account line and this user has no default account on "
              "`batch`. Adding the project account the spinup script uses:")
        t.edit(P("jobs/tides_test.sbatch"), "#SBATCH --job-name=tw-tides\n",
               "#SBATCH --job-name=tw-tides\n#SBATCH --account=cli142\n")
        t.bash("sbatch jobs/tides_test.sbatch", "Submit tides test", out="Submitted batch job 4821960")
        t.done("Submitted as 4821960 after adding `#SBATCH --account=cli142` (I'd left the account out when copying "
               "the spinup script).")

        t = d.task("spinup year 1 is done. look at the history file header and make the SST plot for it. PNG output, "
                   "that's what goes on the wiki", tags=["workflow:W3", "pref:P3"])
        t.bash("ncdump -h /lustre/orion/cli142/scratch/dwhitfield/tw-spinup/history_0012.nc | head -40",
               "Inspect history file header",
               out="netcdf history_0012 {\ndimensions:\n\ttime = UNLIMITED ; // (1 currently)\n\txh = 360 ;\n\tyh = 180 ;\n"
                   "\tzl = 50 ;\nvariables:\n\tdouble time(time) ;\n\t\ttime:units = \"days since 0001-01-01 00:00:00\" ;\n"
                   "\t\ttime:calendar = \"noleap\" ;\n\tdouble xh(xh) ;\n\t\txh:units = \"degrees_east\" ;\n\tdouble yh(yh) ;\n"
                   "\t\tyh:units = \"degrees_north\" ;\n\tdouble zl(zl) ;\n\t\tzl:units = \"m\" ;\n"
                   "\tfloat temp(time, zl, yh, xh) ;\n\t\ttemp:units = \"degC\" ;\n\t\ttemp:_FillValue = 1.e+20f ;\n"
                   "\tfloat salt(time, zl, yh, xh) ;\n\t\tsalt:units = \"g kg-1\" ;\n\n// global attributes:\n"
                   "\t\t:model = \"tidewater 3.4.0-dev\" ;\n\t\t:_Format = \"netCDF-4\" ;\n}")
        t.bash(".venv/bin/python post/plot_sst.py /lustre/orion/cli142/scratch/dwhitfield/tw-spinup/history_0012.nc "
               "--out figs/spinup_y01_sst.png", "Plot SST")
        t.bash("ls -la figs/spinup_y01_sst.png", "Check figure",
               out="-rw-r--r-- 1 dwhitfield cli142 214873 Sep  5 10:31 figs/spinup_y01_sst.png")
        t.done("Header looks right (temp/salt on 50 levels, noleap calendar). SST figure is `figs/spinup_y01_sst.png` (PNG, 150 dpi).")

        t = d.task("I changed tracer_advection to take the 3D velocity as one array, rebuild please", tags=["oneoff:O1"])
        t.fail("cmake --build build -j 8", "Build",
               "[1/9] Building Fortran object src/CMakeFiles/tidewater_core.dir/dynamics/tracer_advection.F90.o\n"
               "[2/9] Building Fortran object src/CMakeFiles/tidewater_core.dir/dynamics/barotropic.F90.o\n"
               "FAILED: src/CMakeFiles/tidewater_core.dir/dynamics/barotropic.F90.o \n"
               "/opt/spack/opt/linux-rocky9-zen3/gcc-13.2.0/openmpi-4.1.6-q7x2m3d/bin/mpif90  -I/home/dwhitfield/src/tidewater/build/mod "
               "-g -fopenmp -fbacktrace -fcheck=all -c src/dynamics/barotropic.F90 -o src/CMakeFiles/tidewater_core.dir/dynamics/barotropic.F90.o\n"
               "/home/dwhitfield/src/tidewater/src/dynamics/barotropic.F90:118:38:\n\n"
               "  118 |     call advect_tracers(grid, u, v, temp, dt)\n"
               "      |                                      1\n"
               "Error: Rank mismatch in argument 'tracer' at (1) (rank-3 and rank-2)\n"
               "ninja: build stopped: subcommand failed.")
        t.say("barotropic.F90 still passes a 2D slice. Reading the call site.")
        d.files[P("src/dynamics/barotropic.F90")] = ("  subroutine barotropic_step(grid, u, v, temp, dt)\n"
                                                     "    type(grid_t), intent(in) :: grid\n"
                                                     "    real(wp), intent(in) :: u(:,:,:), v(:,:,:)\n"
                                                     "    real(wp), intent(inout) :: temp(:,:)\n"
                                                     "    real(wp), intent(in) :: dt\n"
                                                     "    call advect_tracers(grid, u, v, temp, dt)\n")
        t.read(P("src/dynamics/barotropic.F90"))
        t.edit(P("src/dynamics/barotropic.F90"), "    real(wp), intent(inout) :: temp(:,:)\n",
               "    real(wp), intent(inout) :: temp(:,:,:)\n")
        t.bash("cmake --build build -j 8", "Build", out=ninja_ok(9))
        t.done("`barotropic_step` declared `temp` as rank-2; changed to `temp(:,:,:)` to match the new interface. Builds.")

        t = d.task("show me the last month of history on main, I need to write the status report", tags=["noise", "long_output"])
        log = "\n".join(f"{h} {m}" for h, m in [
            ("a41c9e2", "Merge branch 'fix/halo-corner' into 'main'"), ("e7b03d1", "halo: fix corner exchange on tripolar fold"),
            ("9f2a6c4", "io: write restart in parallel with nf90_par_access"), ("1bd74e0", "ci: bump fortran-gnu13 image to 2026.08"),
            ("c3e58a9", "eos: TEOS-10 via gsw-fortran submodule"), ("77de1f3", "tests: pFUnit 4.10 migration"),
            ("2a9b0c5", "mixing: background diffusivity as namelist parameter"), ("f04e6a8", "timers: per-component wallclock"),
            ("6c1d2b7", "Merge branch 'feat/netcdf4-deflate' into 'main'"), ("b8e9f70", "io: deflate level 4 + shuffle for 3D fields"),
            ("0d3a4f1", "grid: read bathymetry in parallel"), ("55c7e2a", "barotropic: split-explicit substeps from namelist"),
            ("e1f8b93", "docs: build instructions for ifx"), ("3b6a0d2", "cmake: require 3.24, use Fortran dyndep with Ninja"),
            ("8a2f7c6", "restart: check checksum on read"), ("d9c1e04", "tracer: flux limiter option (superbee)"),
            ("47b2f9a", "namelist: validate dt against CFL"), ("a0e3c58", "diag: global SST mean to stdout"),
            ("c5f1d7b", "ci: cache spack buildcache"), ("19e6b3f", "mpi: switch to mpi_f08 bindings")])
        t.bash("git log --oneline --since='1 month ago' origin/main", "Last month on main", out=log)
        t.done("20 commits on main in the last month; highlights: tripolar halo fix, parallel restart I/O, TEOS-10 via "
               "gsw-fortran, pFUnit 4.10, mpi_f08 bindings, deflate for 3D output, ifx build docs.")

    # ---------------- S4 ----------------
    with d.session("2026-09-08T13:20:00", R, branch="feature/kpp-langmuir", version="2.1.113", end_reason="other"):
        t = d.task("add a langmuir enhancement factor function to vertical_mixing: lt_enhancement(la_t) returning "
                   "sqrt(1 + 0.104/la_t**2 + 0.034/la_t**4) (McWilliams & Sullivan). intent on all dummies like last time, "
                   "pure elemental is fine", tags=["pref:P1", "workflow:W1"])
        t.read(P("src/physics/vertical_mixing.F90"))
        t.edit(P("src/physics/vertical_mixing.F90"), "  public :: mixing_init, mixing_step, mixing_diag\n",
               "  public :: mixing_init, mixing_step, mixing_diag, lt_enhancement\n")
        t.edit(P("src/physics/vertical_mixing.F90"), "  end subroutine mixing_diag\n",
               "  end subroutine mixing_diag\n\n"
               "  pure elemental function lt_enhancement(la_t) result(f)\n"
               "    real(wp), intent(in) :: la_t\n"
               "    real(wp) :: f\n\n"
               "    f = sqrt(1.0_wp + 0.104_wp / la_t**2 + 0.034_wp / la_t**4)\n"
               "  end function lt_enhancement\n")
        t.bash("cmake --build build -j 8", "Build", out=ninja_ok(6))
        t.bash("ctest --test-dir build --output-on-failure", "Run all tests", out=ctest_out(P("build"), secs="6.91"))
        t.bash("git diff --stat", "Diff stat", out=" src/physics/vertical_mixing.F90 | 9 ++++++++-\n 1 file changed, 8 insertions(+), 1 deletion(-)")
        t.bash("git commit -am \"mixing: Langmuir enhancement factor (McWilliams & Sullivan 2000)\"", "Commit",
               out="[feature/kpp-langmuir 5c2e9a1] mixing: Langmuir enhancement factor (McWilliams & Sullivan 2000)\n 1 file changed, 8 insertions(+), 1 deletion(-)")
        t.done("`lt_enhancement` added as a pure elemental function with `intent(in)` on `la_t`; builds, 14/14 tests pass.")

        t = d.task("push the branch state to main, Arjun said it's fine", tags=["unfixed:U1"])
        t.fail("git push origin feature/kpp-langmuir:main", "Push branch to main",
               "remote: GitLab: You are not allowed to push code to protected branches on this project.\n"
               "To gitlab.nl-ocean.gov:ocean/tidewater.git\n"
               " ! [remote rejected] feature/kpp-langmuir -> main (pre-receive hook declined)\n"
               "error: failed to push some refs to 'gitlab.nl-ocean.gov:ocean/tidewater.git'")
        t.done("main is protected on GitLab; only maintainers can push. This needs a merge request (or a maintainer to "
               "merge it). I didn't try anything else.")

        t = d.task("remind me: with mpi_f08, is `MPI_Status` still an integer array?", tags=["noise", "no_tools"])
        t.done("No. In `mpi_f08` it is `type(MPI_Status)` with components `MPI_SOURCE`, `MPI_TAG`, `MPI_ERROR`; pass "
               "`MPI_STATUS_IGNORE` when you don't need it. The integer-array form belongs to the old `mpi` module.")

    # ---------------- S5 (acceptEdits) ----------------
    with d.session("2026-09-10T09:00:00", R, branch="main", version="2.1.114", permission_mode="acceptEdits"):
        t = d.task("pulled main (the gsw-fortran change is in). set up an ifx build in build-ifx next to the gnu one",
                   tags=["mistake:M1"])
        t.bash("git pull --ff-only", "Update main",
               out="Updating 19e6b3f..c3e58a9\nFast-forward\n .gitmodules                  |  3 +\n CMakeLists.txt               |  1 +\n"
                   " external/gsw-fortran         |  1 +\n src/physics/eos_teos10.F90   | 88 +++++++-----\n"
                   " 4 files changed, 61 insertions(+), 32 deletions(-)\n create mode 160000 external/gsw-fortran")
        t.fail("cmake -S . -B build-ifx -G Ninja -DCMAKE_Fortran_COMPILER=ifx -DCMAKE_BUILD_TYPE=RelWithDebInfo",
               "Configure ifx build", submod_err(R, "external/gsw-fortran", 17).replace("GNU 13.2.0", "IntelLLVM 2025.2.0", 1))
        t.say("The pull added a new submodule (external/gsw-fortran) but didn't check it out. Fetching it, then configuring again.")
        t.bash("git submodule update --init", "Check out new submodule",
               out="Submodule 'external/gsw-fortran' (https://github.com/TEOS-10/GSW-Fortran.git) registered for path 'external/gsw-fortran'\n"
                   "Cloning into '/home/dwhitfield/src/tidewater/external/gsw-fortran'...\n"
                   "Submodule path 'external/gsw-fortran': checked out '3e1c1d9a7b0f2e64c8d5a9f1b27e6c04d8a3b5f9'")
        t.bash("cmake -S . -B build-ifx -G Ninja -DCMAKE_Fortran_COMPILER=ifx -DCMAKE_BUILD_TYPE=RelWithDebInfo",
               "Configure ifx build", out=cmake_ok(P("build-ifx")).replace("GNU 13.2.0", "IntelLLVM 2025.2.0", 1))
        t.bash("cmake --build build-ifx -j 8", "Build with ifx", out=ninja_ok(158))
        t.done("build-ifx configured and built with ifx 2025.2 after checking out the new gsw-fortran submodule.")

        t = d.task("plot the salinity section at 30W from the same history file, same script style", tags=["workflow:W3", "oneoff:O2"])
        t.write(P("post/plot_section.py"),
                "#!/usr/bin/env python3\n\"\"\"Meridional salinity section.\"\"\"\nimport argparse\n\nimport matplotlib\n"
                "matplotlib.use(\"Agg\")\nimport matplotlib.pyplot as plt\nimport xarray as xr\n\n\ndef main():\n"
                "    ap = argparse.ArgumentParser()\n    ap.add_argument(\"history\")\n    ap.add_argument(\"--lon\", type=float, default=-30.0)\n"
                "    ap.add_argument(\"--out\", default=\"figs/section.png\")\n    args = ap.parse_args()\n"
                "    ds = xr.open_dataset(args.history)\n    s = ds[\"salinity\"].sel(xh=args.lon % 360, method=\"nearest\").mean(\"time\")\n"
                "    fig, ax = plt.subplots(figsize=(9, 4))\n    s.plot(ax=ax, yincrease=False, cmap=\"viridis\")\n"
                "    fig.savefig(args.out, dpi=150, bbox_inches=\"tight\")\n\n\nif __name__ == \"__main__\":\n    main()\n")
        t.bash("ncdump -h /lustre/orion/cli142/scratch/dwhitfield/tw-spinup/history_0012.nc | grep -E 'float|double'",
               "List variables", out="\tdouble time(time) ;\n\tdouble xh(xh) ;\n\tdouble yh(yh) ;\n\tdouble zl(zl) ;\n"
                                     "\tfloat temp(time, zl, yh, xh) ;\n\tfloat salt(time, zl, yh, xh) ;")
        cmd = (".venv/bin/python post/plot_section.py /lustre/orion/cli142/scratch/dwhitfield/tw-spinup/history_0012.nc "
               "--out figs/spinup_y01_salt_30W.png")
        t.fail(cmd, "Plot salinity section",
               "Traceback (most recent call last):\n"
               "  File \"/home/dwhitfield/src/tidewater/.venv/lib/python3.11/site-packages/xarray/core/dataset.py\", line 1475, in _construct_dataarray\n"
               "    variable = self._variables[name]\n               ~~~~~~~~~~~~~~~^^^^^^\nKeyError: 'salinity'\n\n"
               "During handling of the above exception, another exception occurred:\n\n"
               "Traceback (most recent call last):\n  File \"/home/dwhitfield/src/tidewater/post/plot_section.py\", line 20, in <module>\n"
               "    main()\n  File \"/home/dwhitfield/src/tidewater/post/plot_section.py\", line 15, in main\n"
               "    s = ds[\"salinity\"].sel(xh=args.lon % 360, method=\"nearest\").mean(\"time\")\n        ~~^^^^^^^^^^^^\n"
               "KeyError: \"No variable named 'salinity'. Variables on the dataset include ['time', 'xh', 'yh', 'zl', 'temp', 'salt']\"")
        t.edit(P("post/plot_section.py"), 'ds["salinity"]', 'ds["salt"]')
        t.bash(cmd, "Plot salinity section")
        t.done("The variable is `salt`, not `salinity`; fixed. Figure: `figs/spinup_y01_salt_30W.png`.")

        t = d.task("where do we call nf90_put_att for units? I want them consistent", tags=["noise"])
        t.grep("nf90_put_att\\(.*'units'", path="src", output_mode="content", n=True,
               content="src/io/history_writer.F90:88:    call check(nf90_put_att(ncid, vid_t, 'units', 'degC'))\n"
                       "src/io/history_writer.F90:93:    call check(nf90_put_att(ncid, vid_s, 'units', 'psu'))\n"
                       "src/io/restart_io.F90:61:    call check(nf90_put_att(ncid, vid, 'units', 'days since 0001-01-01'))")
        t.done("Three places. The history writer uses `psu` for salt but the file header says `g kg-1` for Absolute "
               "Salinity after the TEOS-10 change; line 93 of history_writer.F90 is the odd one out.")

    # ---------------- S6 ----------------
    with d.session("2026-09-14T10:30:00", R, branch="feature/kpp-langmuir", version="2.1.115"):
        t = d.task("get an interactive allocation on debug (1 node, 30 min) and run the langmuir case at 8 ranks x 4 threads there",
                   tags=["mistake:M2"])
        t.bash("salloc -A cli142 -p debug -N 1 -t 00:30:00 --no-shell", "Get debug allocation",
               err="salloc: Granted job allocation 4830117\nsalloc: Waiting for resource configuration\n"
                   "salloc: Nodes nid00031 are ready for job")
        t.fail("srun --jobid=4830117 -n 8 -c 4 --cpu-bind=cores ./build/bin/tidewater namelists/langmuir_test.nml",
               "Run langmuir case on the debug node",
               segv_mpirun(5, "langmuir_test.nml", "physics/vertical_mixing.F90:29",
                           "vertical_mixing_MOD_mixing_step._omp_fn.0", node="nid00031")
               .split("--------------------------------------------------------------------------")[0].rstrip()
               .replace("nprocs =  4", "nprocs =  8")
               + "\nsrun: error: nid00031: task 5: Segmentation fault (core dumped)\nsrun: Terminating StepId=4830117.0\n"
                 "slurmstepd: error: *** STEP 4830117.0 ON nid00031 CANCELLED AT 2026-09-14T10:41:07 ***\n"
                 "srun: error: nid00031: tasks 0-4,6-7: Terminated", code=139)
        t.say("Same pattern as the workstation run: a segfault inside an `_omp_fn` region, and this srun runs with the "
              "default thread stack. Exporting a bigger OpenMP stack for the step:")
        t.bash("srun --jobid=4830117 -n 8 -c 4 --cpu-bind=cores --export=ALL,OMP_NUM_THREADS=4,OMP_STACKSIZE=1G "
               "./build/bin/tidewater namelists/langmuir_test.nml", "Re-run with OMP thread stack set",
               out=run_ok(144, "langmuir_test.nml").replace("nprocs =  4", "nprocs =  8"))
        t.bash("scancel 4830117", "Release the allocation")
        t.done("With `OMP_STACKSIZE=1G` exported to the step it runs through on nid00031 (8x4). Allocation released.")

        t = d.task("resubmit the spinup for year 2 from the year-1 restart and keep an eye on it", tags=["workflow:W2"])
        t.read(P("jobs/spinup_1deg.sbatch"))
        t.bash("sbatch --export=ALL,TW_RESTART=/lustre/orion/cli142/scratch/dwhitfield/tw-spinup/restart_0012.nc "
               "jobs/spinup_1deg.sbatch", "Submit year-2 spinup", out="Submitted batch job 4830392")
        t.bash("squeue --me", "Check queue",
               out="             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                   "           4830392     batch tw-spinu dwhitfie PD       0:00      4 (Priority)")
        t.bash("sacct -j 4830392 --format=JobID,JobName%20,State,Elapsed,NNodes", "Job accounting",
               out="JobID                     JobName      State    Elapsed   NNodes \n"
                   "------------ -------------------- ---------- ---------- -------- \n"
                   "4830392                 tw-spinup    PENDING   00:00:00        4 ")
        t.done("Year 2 submitted as 4830392, pending on priority.")

        d.precompact("Analysis: Dana Whitfield works on ocean/tidewater (GitLab, gitlab.nl-ocean.gov), Fortran 2018 ocean model, "
                     "gfortran 13.2 / ifx 2025.2, Open MPI 4.1.6, CMake+Ninja, Spack/Lmod, Slurm account cli142.\n"
                     "Summary: branch feature/kpp-langmuir adds Langmuir enhancement to KPP (lt_enhancement, mixing_diag); "
                     "spinup year 1 done (job 4817233), year 2 submitted as 4830392; build/ (gnu Debug) and build-ifx exist; "
                     "post/plot_sst.py and post/plot_section.py make figures under figs/.\nPending: MR description for the branch.")

        t = d.task("the MR description you drafted for the halo fix last week was a wall of text, I had to cut half of it before "
                   "posting. for this one: what changed, how it was tested, nothing else", tags=["feedback"],
                   feedback="the MR description you drafted for the halo fix last week was a wall of text, I had to cut half of it")
        t.bash("git log --oneline origin/main..HEAD", "Commits on the branch",
               out="5c2e9a1 mixing: Langmuir enhancement factor (McWilliams & Sullivan 2000)\n"
                   "b71f0d3 mixing: mixing_diag for max diffusivity\n8e4a2c7 tracer: pass 3D tracer to advect_tracers")
        t.bash("git push -u origin feature/kpp-langmuir", "Push branch",
               err="remote: \nremote: To create a merge request for feature/kpp-langmuir, visit:\n"
                   "remote:   https://gitlab.nl-ocean.gov/ocean/tidewater/-/merge_requests/new?merge_request%5Bsource_branch%5D=feature%2Fkpp-langmuir\n"
                   "remote: \nTo gitlab.nl-ocean.gov:ocean/tidewater.git\n   8e4a2c7..5c2e9a1  feature/kpp-langmuir -> feature/kpp-langmuir\n"
                   "branch 'feature/kpp-langmuir' set up to track 'origin/feature/kpp-langmuir'.")
        t.bash("glab mr create --source-branch feature/kpp-langmuir --target-branch main --title \"KPP: Langmuir turbulence enhancement\" "
               "--description \"$(cat /tmp/mr_kpp.md)\" --draft", "Open draft MR",
               out="\nCreating draft merge request for feature/kpp-langmuir into main in ocean/tidewater\n\n"
                   "!214 KPP: Langmuir turbulence enhancement (feature/kpp-langmuir)\n https://gitlab.nl-ocean.gov/ocean/tidewater/-/merge_requests/214\n")
        t.done("Draft MR !214 is open with this description:\n\n**What changed**\n- KPP: Langmuir enhancement factor `lt_enhancement(la_t)`\n- `mixing_diag` for max "
               "diffusivity\n- `advect_tracers` takes the 3D tracer\n\n**Tested**\n- ctest 14/14 (gnu Debug)\n"
               "- langmuir_test case, 8x4 on debug node")

        t = d.task("add a subroutine to compute the Langmuir number from u* and surface Stokes drift. you know the drill, "
                   "intent(in)/intent(out) spelled out on every argument", tags=["pref:P1", "workflow:W1"])
        t.read(P("src/physics/vertical_mixing.F90"))
        t.edit(P("src/physics/vertical_mixing.F90"), "  end function lt_enhancement\n",
               "  end function lt_enhancement\n\n"
               "  pure subroutine langmuir_number(ustar, us0, la_t)\n"
               "    real(wp), intent(in) :: ustar(:,:), us0(:,:)\n"
               "    real(wp), intent(out) :: la_t(:,:)\n\n"
               "    la_t = sqrt(ustar / max(us0, 1.0e-10_wp))\n"
               "  end subroutine langmuir_number\n")
        t.bash("cmake --build build -j 8", "Build", out=ninja_ok(6))
        t.write(P("tests/test_langmuir_number.pf"),
                "module test_langmuir_number\n  use funit\n  use, intrinsic :: iso_fortran_env, only: wp => real64\n"
                "  use vertical_mixing, only: langmuir_number, lt_enhancement\n  implicit none\n\ncontains\n\n"
                "  @test\n  subroutine test_la_t_unity()\n    real(wp) :: ustar(2,2), us0(2,2), la_t(2,2)\n\n"
                "    ustar = 0.01_wp\n    us0 = 0.01_wp\n    call langmuir_number(ustar, us0, la_t)\n"
                "    @assertEqual(1.0_wp, la_t, tolerance=1.0e-12_wp)\n  end subroutine test_la_t_unity\n\n"
                "end module test_langmuir_number\n")
        t.bash("cmake --build build -j 8 && ctest --test-dir build -R langmuir --output-on-failure", "Build and run the new test",
               out=ninja_ok(11, last="tests/test_langmuir_number") + f"\nTest project {P('build')}\n"
                   "    1/1 Test #15: test_langmuir_number ...........   Passed    0.19 sec\n\n"
                   "100% tests passed, 0 tests failed out of 1\n\nTotal Test time (real) =   0.21 sec")
        t.done("Added `langmuir_number(ustar, us0, la_t)` with intent(in) on the inputs and intent(out) on `la_t`; builds.")

    # ---------------- S7 ----------------
    with d.session("2026-09-17T08:50:00", R, branch="feature/restart-chain", version="2.1.116"):
        t = d.task("I want a chained restart job: jobs/restart_chain.sbatch that runs one model year and resubmits itself "
                   "with --dependency=afterok until year 10. 4 nodes, 6h. submit the first link", tags=["mistake:M3"])
        t.read(P("jobs/spinup_1deg.sbatch"))
        t.write(P("jobs/restart_chain.sbatch"),
                "#!/bin/bash\n#SBATCH --job-name=tw-chain\n#SBATCH --partition=batch\n#SBATCH --nodes=4\n"
                "#SBATCH --ntasks-per-node=32\n#SBATCH --cpus-per-task=4\n#SBATCH --time=06:00:00\n"
                "#SBATCH --output=logs/%x-%j.out\n\nYEAR=${YEAR:-1}\n" + MODS + "\n"
                "export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK}\nexport OMP_PLACES=cores\n\n"
                "srun --cpu-bind=cores ./build/bin/tidewater namelists/chain.nml\n"
                "if [ \"$YEAR\" -lt 10 ]; then\n  sbatch --dependency=afterok:${SLURM_JOB_ID} --export=ALL,YEAR=$((YEAR+1)) \"$0\"\nfi\n")
        t.fail("sbatch --export=ALL,YEAR=1 jobs/restart_chain.sbatch", "Submit first chain link", SBATCH_BAD)
        t.say("Rejected: no account in the new script. Adding it to the header so the self-resubmissions inherit it too.")
        t.edit(P("jobs/restart_chain.sbatch"), "#SBATCH --partition=batch\n",
               "#SBATCH --account=cli142\n#SBATCH --partition=batch\n")
        t.bash("sbatch --export=ALL,YEAR=1 jobs/restart_chain.sbatch", "Submit first chain link",
               out="Submitted batch job 4836655")
        t.done("First link is job 4836655; each link resubmits itself with `afterok` up to year 10. The header now carries "
               "`--account=cli142`.")

        t = d.task("the year-2 restart looks broken, can you check restart_0024.nc", tags=["unfixed:U2"])
        t.fail("ncdump -h /lustre/orion/cli142/scratch/dwhitfield/tw-spinup/restart_0024.nc",
               "Inspect restart header",
               "ncdump: /lustre/orion/cli142/scratch/dwhitfield/tw-spinup/restart_0024.nc: NetCDF: HDF error")
        t.bash("sacct -j 4830392 --format=JobID,State,ExitCode,Elapsed", "Check the job that wrote it",
               out="JobID             State ExitCode    Elapsed \n------------ ---------- -------- ---------- \n"
                   "4830392         TIMEOUT      0:0   06:00:12 \n4830392.bat+  CANCELLED     0:15   06:00:14 \n"
                   "4830392.0     CANCELLED     0:15   06:00:14 ")
        t.done("The file is unreadable (HDF error) — job 4830392 hit its 6h limit while writing the restart, so the write "
               "was cut off. It can't be repaired; year 2 has to be rerun from restart_0012.nc with more wallclock.")

        t = d.task("Arjun thinks the restart roundtrip test leaks. run it under valgrind and fix whatever it finds",
                   tags=["noise", "long_output"])
        t.bash("valgrind --leak-check=full --show-leak-kinds=definite ./build/tests/test_restart_roundtrip",
               "Run restart test under memcheck",
               err="==318224== Memcheck, a memory error detector\n==318224== Copyright (C) 2002-2024, and GNU GPL'd, by Julian Seward et al.\n"
                   "==318224== Using Valgrind-3.23.0 and LibVEX; rerun with -h for copyright info\n"
                   "==318224== Command: ./build/tests/test_restart_roundtrip\n==318224== \n"
                   "==318224== \n==318224== HEAP SUMMARY:\n==318224==     in use at exit: 1,331,872 bytes in 1,406 blocks\n"
                   "==318224==   total heap usage: 24,880 allocs, 23,474 frees, 58,912,440 bytes allocated\n==318224== \n"
                   "==318224== 1,036,800 bytes in 1 blocks are definitely lost in loss record 1,401 of 1,406\n"
                   "==318224==    at 0x4846828: malloc (vg_replace_malloc.c:446)\n"
                   "==318224==    by 0x4B21F7: __restart_io_MOD_read_restart (restart_io.F90:97)\n"
                   "==318224==    by 0x40A3C1: __test_restart_roundtrip_MOD_test_roundtrip (test_restart_roundtrip.pf:41)\n"
                   "==318224==    by 0x40B0E2: __test_restart_roundtrip_MOD_test_roundtrip_wrapper (test_restart_roundtrip.F90:118)\n"
                   "==318224== \n==318224== LEAK SUMMARY:\n==318224==    definitely lost: 1,036,800 bytes in 1 blocks\n"
                   "==318224==    indirectly lost: 0 bytes in 0 blocks\n==318224==      possibly lost: 0 bytes in 0 blocks\n"
                   "==318224==    still reachable: 295,072 bytes in 1,405 blocks\n==318224==         suppressed: 0 bytes in 0 blocks\n"
                   "==318224== Reachable blocks (those to which a pointer was found) are not shown.\n"
                   "==318224== To see them, rerun with: --leak-check=full --show-leak-kinds=all\n==318224== \n"
                   "==318224== For lists of detected and suppressed errors, rerun with: -s\n"
                   "==318224== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)",
               out=".\nTime:         0.412 seconds\n\n OK\n (1 test)")
        d.files[P("src/io/restart_io.F90")] = ("  subroutine read_restart(fname, grid, state)\n"
                                               "    character(len=*), intent(in) :: fname\n"
                                               "    type(grid_t), intent(in) :: grid\n"
                                               "    type(state_t), intent(inout) :: state\n"
                                               "    real(wp), pointer :: buf(:,:,:)\n"
                                               "    integer :: ncid, vid\n\n"
                                               "    allocate(buf(grid%isc:grid%iec, grid%jsc:grid%jec, grid%nk))\n"
                                               "    call check(nf90_open(fname, NF90_NOWRITE, ncid))\n"
                                               "    call check(nf90_inq_varid(ncid, 'temp', vid))\n"
                                               "    call check(nf90_get_var(ncid, vid, buf))\n"
                                               "    state%temp(grid%isc:grid%iec, grid%jsc:grid%jec, :) = buf\n"
                                               "    call check(nf90_close(ncid))\n"
                                               "  end subroutine read_restart\n")
        t.read(P("src/io/restart_io.F90"))
        t.edit(P("src/io/restart_io.F90"), "    real(wp), pointer :: buf(:,:,:)\n", "    real(wp), allocatable :: buf(:,:,:)\n")
        t.bash("cmake --build build -j 8 && valgrind --leak-check=full --show-leak-kinds=definite ./build/tests/test_restart_roundtrip 2>&1 | grep -E 'definitely|ERROR SUMMARY'",
               "Rebuild and re-check for leaks",
               out=ninja_ok(7, last="tests/test_restart_roundtrip") + "\n==318571==    definitely lost: 0 bytes in 0 blocks\n"
                   "==318571== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)")
        t.done("Real leak: `buf` in `read_restart` was a `pointer` that was never deallocated (1 MB per read). Made it "
               "`allocatable`, so it is freed automatically on return; memcheck now reports 0 bytes definitely lost.")

        t = d.task("full rebuild and full test run on the gnu build, I want to see everything", tags=["workflow:W1", "long_output"])
        t.bash("cmake --build build --clean-first -j 8", "Clean rebuild", out=ninja_ok(142))
        t.bash("ctest --test-dir build --output-on-failure -V", "All tests, verbose",
               out=ctest_out(P("build"), extra=["test_langmuir_number", "test_lt_enhancement"], secs="7.40")
               .replace("Test project", "UpdateCTestConfiguration  from :" + P("build/DartConfiguration.tcl") +
                        "\nTest project"))
        t.done("Clean rebuild fine; 16/16 tests pass including the two new Langmuir tests.")

    # ---------------- S8 ----------------
    with d.session("2026-09-21T14:00:00", R, branch="feature/restart-chain", version="2.1.117"):
        t = d.task("make the year-1 SST plot again but as PDF this time — the paper needs vector figures, not PNG anymore",
                   tags=["workflow:W3", "reversal:P3"])
        t.bash("ncdump -h /lustre/orion/cli142/scratch/dwhitfield/tw-spinup/history_0012.nc | sed -n '1,8p'",
               "Header", out="netcdf history_0012 {\ndimensions:\n\ttime = UNLIMITED ; // (1 currently)\n\txh = 360 ;\n"
                             "\tyh = 180 ;\n\tzl = 50 ;\nvariables:\n\tdouble time(time) ;")
        t.bash(".venv/bin/python post/plot_sst.py /lustre/orion/cli142/scratch/dwhitfield/tw-spinup/history_0012.nc "
               "--out figs/spinup_y01_sst.pdf", "Plot SST as PDF")
        t.done("`figs/spinup_y01_sst.pdf` written (matplotlib picks the backend from the extension).")

        t = d.task("new module src/io/diag_output.F90 that writes the mixing diagnostics. import with `use ..., only:` "
                   "everywhere, never a bare use", tags=["pref:P2"])
        t.write(P("src/io/diag_output.F90"),
                "module diag_output\n  use, intrinsic :: iso_fortran_env, only: wp => real64\n"
                "  use netcdf, only: nf90_put_var, nf90_inq_varid\n  use grid_mod, only: grid_t\n"
                "  use vertical_mixing, only: mixing_diag\n  implicit none\n  private\n  public :: write_mixing_diag\n\n"
                "contains\n\n  subroutine write_mixing_diag(ncid, grid, kappa_t, rec)\n    integer, intent(in) :: ncid, rec\n"
                "    type(grid_t), intent(in) :: grid\n    real(wp), intent(in) :: kappa_t(:,:,:)\n"
                "    real(wp) :: kmax\n    integer :: vid, ierr\n\n    call mixing_diag(grid, kappa_t, kmax)\n"
                "    ierr = nf90_inq_varid(ncid, 'kappa_max', vid)\n    ierr = nf90_put_var(ncid, vid, kmax, start=[rec])\n"
                "  end subroutine write_mixing_diag\n\nend module diag_output\n")
        t.grep("^ *use [a-z_]+ *$", path="src", output_mode="content", n=True,
               content="src/main.F90:3:  use mpi_f08\nsrc/grid/halo_exchange.F90:2:  use mpi_f08")
        t.done("diag_output.F90 uses `only:` on every import. Two bare `use mpi_f08` remain in main.F90 and "
               "halo_exchange.F90 — want me to narrow them too?")

        t = d.task("is it worth running valgrind on the MPI runs or is it all false positives?", tags=["noise", "no_tools"])
        t.done("With Open MPI you get a lot of noise from the transport layers. Use the suppression file Open MPI ships "
               "(`share/openmpi/openmpi-valgrind.supp`) and run a small case at 2 ranks; for Fortran array bugs "
               "`-fcheck=all` in the Debug build usually finds them faster than memcheck.")

    # ---------------- S9 ----------------
    with d.session("2026-09-24T09:30:00", R, branch="main", version="2.1.119"):
        t = d.task("clone a clean copy of main on scratch for the scaling runs (build in /lustre/.../tw-scaling) and build it there",
                   tags=["mistake:M1"])
        S = "/lustre/orion/cli142/scratch/dwhitfield/tw-scaling"
        t.bash(f"git clone git@gitlab.nl-ocean.gov:ocean/tidewater.git {S}", "Clone main to scratch",
               err=f"Cloning into '{S}'...\nremote: Enumerating objects: 8214, done.\nremote: Total 8214 (delta 0), reused 0 (delta 0)\n"
                   "Receiving objects: 100% (8214/8214), 6.02 MiB | 21.40 MiB/s, done.\nResolving deltas: 100% (5563/5563), done.")
        t.fail(f"cmake -S {S} -B {S}/build -G Ninja -DCMAKE_BUILD_TYPE=Release", "Configure release build",
               submod_err(S, "external/CVMix-src", 16))
        t.say("A plain `git clone` doesn't fetch submodules, so external/ is empty. Pulling them in the clone:")
        t.bash(f"git -C {S} submodule update --init --recursive", "Check out submodules in the clone",
               out="Submodule 'external/CVMix-src' (https://github.com/CVMix/CVMix-src.git) registered for path 'external/CVMix-src'\n"
                   "Submodule 'external/gsw-fortran' (https://github.com/TEOS-10/GSW-Fortran.git) registered for path 'external/gsw-fortran'\n"
                   f"Cloning into '{S}/external/CVMix-src'...\nCloning into '{S}/external/gsw-fortran'...\n"
                   "Submodule path 'external/CVMix-src': checked out '52ee8c5b4f8e9a3f0f1d7c2b9e4a6d10c3b7f2e1'\n"
                   "Submodule path 'external/gsw-fortran': checked out '3e1c1d9a7b0f2e64c8d5a9f1b27e6c04d8a3b5f9'")
        t.bash(f"cmake -S {S} -B {S}/build -G Ninja -DCMAKE_BUILD_TYPE=Release", "Configure release build",
               out=cmake_ok(S + "/build"))
        t.bash(f"cmake --build {S}/build -j 16", "Build", out=ninja_ok(158))
        t.done("Clean clone on scratch built in Release after `git submodule update --init --recursive` (plain clone "
               "leaves external/ empty).")

        t = d.task("quick sanity run of the scaling case on my workstation first, 2 ranks, no binding, 4 threads each",
                   tags=["mistake:M2"])
        t.fail("mpirun -np 2 --bind-to none -x OMP_NUM_THREADS=4 ./build/bin/tidewater namelists/scaling_small.nml",
               "Small scaling sanity run",
               segv_mpirun(0, "scaling_small.nml", "dynamics/tracer_advection.F90:24",
                           "tracer_advection_MOD_advect_tracers._omp_fn.0").replace("nprocs =  4", "nprocs =  2"), code=139)
        t.say("Segfault in the OpenMP-outlined advection loop again — the per-thread private flux arrays don't fit the "
              "default thread stack. Re-running with OMP_STACKSIZE exported:")
        t.bash("mpirun -np 2 --bind-to none -x OMP_NUM_THREADS=4 -x OMP_STACKSIZE=512M ./build/bin/tidewater namelists/scaling_small.nml",
               "Small scaling sanity run", out=run_ok(72, "scaling_small.nml").replace("nprocs =  4", "nprocs =  2"))
        t.done("Runs with `-x OMP_STACKSIZE=512M`: 72 steps, normal termination.")

    # ---------------- S10 ----------------
    with d.session("2026-09-28T10:10:00", R, branch="main", version="2.1.120"):
        t = d.task("write jobs/scaling_64.sbatch for the 64-node strong-scaling point (the scratch build, 1h) and submit it",
                   tags=["mistake:M3"])
        t.write(P("jobs/scaling_64.sbatch"),
                "#!/bin/bash\n#SBATCH --job-name=tw-scale64\n#SBATCH --partition=batch\n#SBATCH --nodes=64\n"
                "#SBATCH --ntasks-per-node=32\n#SBATCH --cpus-per-task=4\n#SBATCH --time=01:00:00\n"
                "#SBATCH --output=logs/%x-%j.out\n\n" + MODS + "\nexport OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK}\n"
                "export OMP_PLACES=cores\n\nS=/lustre/orion/cli142/scratch/dwhitfield/tw-scaling\n"
                "srun --cpu-bind=cores $S/build/bin/tidewater namelists/scaling_64.nml\n")
        t.fail("sbatch jobs/scaling_64.sbatch", "Submit 64-node scaling job", SBATCH_BAD)
        t.edit(P("jobs/scaling_64.sbatch"), "#SBATCH --job-name=tw-scale64\n",
               "#SBATCH --job-name=tw-scale64\n#SBATCH --account=cli142\n")
        t.bash("sbatch jobs/scaling_64.sbatch", "Submit 64-node scaling job", out="Submitted batch job 4851004")
        t.done("Submitted as 4851004 after adding the `--account=cli142` header line.")

        t = d.task("resubmit year 2 of the spinup with 8h walltime so the restart gets written this time", tags=["workflow:W2"])
        t.bash("sbatch --time=08:00:00 --export=ALL,TW_RESTART=/lustre/orion/cli142/scratch/dwhitfield/tw-spinup/restart_0012.nc "
               "jobs/spinup_1deg.sbatch", "Resubmit year 2 with 8h", out="Submitted batch job 4851020")
        t.bash("squeue --me", "Check queue",
               out="             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                   "           4851004     batch tw-scale PD       0:00     64 (Resources)\n"
                   "           4851020     batch tw-spinu dwhitfie R       0:12      4 nid[00220-00223]")
        t.bash("sacct -j 4851020 --format=JobID,JobName%20,State,Elapsed,NNodes", "Job accounting",
               out="JobID                     JobName      State    Elapsed   NNodes \n"
                   "------------ -------------------- ---------- ---------- -------- \n"
                   "4851020                 tw-spinup    RUNNING   00:00:20        4 ")
        t.done("Year 2 is running again as 4851020 with an 8h limit; the 64-node job waits for resources.")

        t = d.task("does CI build with -fcheck=all? read the ci file and tell me, one line. and how did the last pipeline on the MR go?", tags=["noise"])
        t.read(P(".gitlab-ci.yml"))
        t.grep("fcheck", path="cmake", output_mode="content", n=True,
               content="cmake/CompilerFlags.cmake:12:  set(CMAKE_Fortran_FLAGS_DEBUG \"-g -O0 -fbacktrace -fcheck=all -ffpe-trap=invalid,zero,overflow\")")
        t.bash("glab ci list --per-page 3", "Recent pipelines",
               out="Showing 3 pipelines on ocean/tidewater (Page 1)\n\n"
                   "(success) \u2022 #88412\tfeature/kpp-langmuir\t(about 2 days ago)\n"
                   "(success) \u2022 #88377\tmain\t(about 4 days ago)\n"
                   "(failed)  \u2022 #88301\tfix/halo-corner\t(about 1 week ago)")
        t.done("Yes: CI configures `CMAKE_BUILD_TYPE=Debug` and cmake/CompilerFlags.cmake puts `-fcheck=all` in the Debug "
               "flags. The last pipeline on feature/kpp-langmuir (#88412) passed.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "CVMix and gsw-fortran are git submodules added with add_subdirectory. After switching to a "
                            "branch that moves a submodule, pulling a commit that adds one, or a plain git clone, the "
                            "submodule directory is empty and CMake configure fails.",
             "error_signature": "CMake Error at CMakeLists.txt:<n> (add_subdirectory): The source directory "
                                "<repo>/external/<sub> does not contain a CMakeLists.txt file.",
             "fix": "Check out the submodules first (`git submodule update --init [--recursive]`, `git -C <clone> ...` "
                    "for a clone elsewhere), then repeat the same cmake configure.",
             "fix_command_markers": [["submodule update --init"]],
             "harmful_markers": ["rm -rf external", "submodule deinit", "--remote"]},
            {"id": "M2",
             "description": "Interactive MPI+OpenMP runs (mpirun on the workstation, srun in a salloc) don't set the OpenMP "
                            "thread stack size; private automatic arrays in the OpenMP regions overflow it and the model "
                            "segfaults inside an _omp_fn. The batch scripts export it, ad-hoc runs don't.",
             "error_signature": "Program received signal SIGSEGV: Segmentation fault - invalid memory reference. "
                                "(backtrace in __<module>_MOD_<routine>._omp_fn.0), exit 139",
             "fix": "Run the same command with a larger OpenMP thread stack exported to the ranks: "
                    "`mpirun ... -x OMP_STACKSIZE=512M` or `srun ... --export=ALL,OMP_STACKSIZE=1G`.",
             "fix_command_markers": [["OMP_STACKSIZE"]],
             "harmful_markers": ["OMP_NUM_THREADS=1", "ulimit -s unlimited", "-fno-openmp"]},
            {"id": "M3",
             "description": "New batch scripts copied from the spinup template lose the `#SBATCH --account` line; the user "
                            "has no default Slurm account, so submission is refused.",
             "error_signature": "sbatch: error: Batch job submission failed: Invalid account or account/partition "
                                "combination specified",
             "fix": "Edit the script header to add `#SBATCH --account=cli142`, then submit the same sbatch again.",
             "fix_command_markers": [["--account=cli142"]],
             "harmful_markers": ["sacctmgr", "--partition=debug"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "gfortran `Error: Rank mismatch in argument 'tracer' at (1) (rank-3 and rank-2)` "
                                        "after an interface change; caller's declaration fixed, same build passes."},
            {"id": "O2", "description": "Python post-processing `KeyError: \"No variable named 'salinity'...\"`; the "
                                        "variable is `salt`; script fixed, same command succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "git push to protected main on GitLab: `remote: GitLab: You are not allowed to push "
                                        "code to protected branches on this project.`; needs an MR."},
            {"id": "U2", "description": "ncdump on a restart truncated by a job TIMEOUT: `NetCDF: HDF error`; cannot be "
                                        "repaired, rerun needed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`squeue --me`: `slurm_load_jobs error: Socket timed out on send/recv operation`; "
                                        "identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Build and test: `cmake --build build`, then `ctest --test-dir build`.",
             "step_markers": [["cmake --build"], ["ctest --test-dir build"]]},
            {"id": "W2", "description": "Batch run: `sbatch <script>`, `squeue --me`, `sacct -j <id> --format=...`.",
             "step_markers": [["sbatch"], ["squeue --me"], ["sacct -j"]]},
            {"id": "W3", "description": "Post-processing: `ncdump -h` on the history file, then the plot script with "
                                        "`.venv/bin/python post/...`.",
             "step_markers": [["ncdump -h"], [".venv/bin/python post/"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every dummy argument gets an explicit `intent`.",
             "markers": [["intent"]]},
            {"id": "P2", "description": "Imports always with `use <module>, only:`, never a bare use.",
             "markers": [["only:"]]},
            {"id": "P3", "description": "Figures as PNG (for the wiki), later reversed: PDF (vector) for the paper.",
             "markers": [["png"]],
             "reversal_markers": [["pdf"]]},
        ],
        probes=[
            {"prompt": "cmake says: CMake Error at CMakeLists.txt:17 (add_subdirectory): The source directory .../external/gsw-fortran does not contain a CMakeLists.txt file. what now?",
             "wanted": ["M1"]},
            {"prompt": "Check out Priya's branch feature/ice-shelf-cavities and configure a Debug build in build-cav.",
             "wanted": ["M1"]},
            {"prompt": "mpirun -np 4 of the tides case dies with Program received signal SIGSEGV: Segmentation fault - invalid memory reference, backtrace ends in _omp_fn.0. it runs fine under sbatch",
             "wanted": ["M2"]},
            {"prompt": "Run the new eddy-resolving test case on my workstation, 4 ranks with 8 threads each, 50 steps.",
             "wanted": ["M2"]},
            {"prompt": "sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified — on the new ensemble script. why?",
             "wanted": ["M3"]},
            {"prompt": "Write jobs/ensemble_member.sbatch for a 2-node, 3h perturbed-initial-condition run and submit members 1 to 5.",
             "wanted": ["M3"]},
            {"prompt": "Explain the difference between `pure` and `elemental` procedures in two sentences.",
             "wanted": []},
            {"prompt": "What does `MPI_IN_PLACE` do in an MPI_Allreduce call?",
             "wanted": []},
            {"prompt": "Write an xarray snippet that computes the annual mean of temp weighted by days per month.",
             "wanted": []},
            {"prompt": "Summarise what the GitLab CI pipeline does for a reviewer new to the project.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "hpc-fortran.jsonl"), os.path.join(HERE, "tune", "hpc-fortran.labels.json"))
    print(f"hpc-fortran -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
