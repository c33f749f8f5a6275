"""android-kt: Maya, Android developer on Tidewatch, a tide-forecast app for surfers and sea swimmers.

Stack: Kotlin multi-module Android app (Jetpack Compose, Material 3), Gradle Kotlin DSL with a version
catalog and build-logic convention plugins, Hilt (KSP), Room (KSP, exported schemas, AutoMigrations),
Retrofit + kotlinx.serialization, DataStore, ktlint (jlleitschuh plugin) + detekt, JUnit4 + Robolectric +
Truth unit tests, Compose UI / Room migration tests on an emulator via adb, fastlane supply for the Play
Console internal track, GitHub Actions CI, gh.

Written blind for fresh/ (see android-kt.md).

    cd bench/reflection/traces && python3 fresh/gen_android_kt.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "maya"
R = "/home/maya/AndroidStudioProjects/Tidewatch"
MODEL = "claude-opus-4-6"
ORIGIN = "https://github.com/tidewatch-app/tidewatch-android.git"
GH = "https://github.com/tidewatch-app/tidewatch-android"
KP = "src/main/kotlin/app/tidewatch"          # main source root below a module
AVD = "Pixel_8_API_35"
AVD_NAME = "Pixel_8_API_35(AVD) - 15"
PHONE = "3A281FDH2000B9"

# own RNG for hashes / timings so the Dev RNG stays untouched
HX = random.Random(4242)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def tail(text, n):
    return "\n".join(text.split("\n")[-n:])


# ---------------------------------------------------------------- gradle output
FEATURES = [":feature:alerts", ":feature:forecast", ":feature:settings", ":feature:spots"]
MODS = {
    ":core:model": dict(kind="jvm", deps=[]),
    ":core:designsystem": dict(kind="lib", ksp=False, deps=[]),
    ":core:network": dict(kind="lib", ksp=True, deps=[":core:model"]),
    ":core:database": dict(kind="lib", ksp=True, deps=[":core:model"]),
    ":core:datastore": dict(kind="lib", ksp=True, deps=[":core:model"]),
    ":core:data": dict(kind="lib", ksp=True, deps=[":core:model", ":core:network", ":core:database", ":core:datastore"]),
    ":core:testing": dict(kind="lib", ksp=False, deps=[":core:data", ":core:model"]),
    ":feature:alerts": dict(kind="lib", ksp=True, deps=[":core:data", ":core:designsystem", ":core:model"]),
    ":feature:forecast": dict(kind="lib", ksp=True, deps=[":core:data", ":core:designsystem", ":core:model"]),
    ":feature:settings": dict(kind="lib", ksp=True, deps=[":core:data", ":core:designsystem", ":core:model"]),
    ":feature:spots": dict(kind="lib", ksp=True, deps=[":core:data", ":core:designsystem", ":core:model"]),
}
ORDER = list(MODS)
LIFECYCLE = ("preBuild", "test", "classes", "assemble", "check")


def closure(mods):
    """Modules needed to build `mods`, dependencies first."""
    need = set()

    def add(m):
        if m in need:
            return
        need.add(m)
        for dep in MODS[m]["deps"]:
            add(dep)
    for m in mods:
        add(m)
    return [m for m in ORDER if m in need]


def compile_tasks(m, v="Debug", changed=()):
    st = "" if m in changed else "UP-TO-DATE"
    if MODS[m]["kind"] == "jvm":
        return [(m, "checkKotlinGradlePluginConfigurationErrors", "SKIPPED"), (m, "compileKotlin", st),
                (m, "compileJava", "NO-SOURCE"), (m, "processResources", "NO-SOURCE"), (m, "classes", "UP-TO-DATE"),
                (m, "jar", st)]
    out = [(m, "preBuild", "UP-TO-DATE"), (m, f"pre{v}Build", "UP-TO-DATE"),
           (m, f"generate{v}ResValues", "UP-TO-DATE"), (m, f"generate{v}Resources", "UP-TO-DATE"),
           (m, f"package{v}Resources", "UP-TO-DATE"), (m, f"parse{v}LocalResources", "UP-TO-DATE"),
           (m, f"generate{v}RFile", "UP-TO-DATE")]
    if MODS[m]["ksp"]:
        out.append((m, f"ksp{v}Kotlin", st))
    out += [(m, f"compile{v}Kotlin", st), (m, f"javaPreCompile{v}", "UP-TO-DATE"),
            (m, f"compile{v}JavaWithJavac", "NO-SOURCE"), (m, f"bundleLibCompileToJar{v}", st)]
    return out


def unit_test_tasks(m, v="Debug", changed=(), ran=True):
    st = "" if m in changed else "UP-TO-DATE"
    out = [(m, f"pre{v}UnitTestBuild", "UP-TO-DATE"), (m, f"generate{v}UnitTestStubRFile", "UP-TO-DATE")]
    if MODS[m].get("ksp"):
        out.append((m, f"ksp{v}UnitTestKotlin", st))
    out += [(m, f"compile{v}UnitTestKotlin", st), (m, f"compile{v}UnitTestJavaWithJavac", "NO-SOURCE"),
            (m, f"process{v}UnitTestJavaRes", "NO-SOURCE"), (m, f"test{v}UnitTest", "" if ran else "UP-TO-DATE")]
    return out


def jvm_test_tasks(m, changed=(), ran=True):
    st = "" if m in changed else "UP-TO-DATE"
    return [(m, "compileTestKotlin", st), (m, "compileTestJava", "NO-SOURCE"), (m, "processTestResources", "NO-SOURCE"),
            (m, "testClasses", "UP-TO-DATE"), (m, "test", "" if ran else "UP-TO-DATE")]


def fmt_tasks(tasks):
    return "\n".join(f"> Task {m}:{n}" + (f" {s}" if s else "") for m, n, s in tasks)


def counts(tasks):
    ex = sum(1 for _, n, s in tasks if s in ("", "FAILED") and not n.startswith(LIFECYCLE))
    up = sum(1 for _, n, s in tasks if s == "UP-TO-DATE" and not n.startswith(LIFECYCLE))
    return ex, up


def dur(secs):
    return f"{secs // 60}m {secs % 60}s" if secs >= 60 else f"{secs}s"


def ok_end(tasks, secs):
    ex, up = counts(tasks)
    return f"BUILD SUCCESSFUL in {dur(secs)}\n{ex + up} actionable tasks: {ex} executed, {up} up-to-date"


def fail_end(tasks, secs):
    ex, up = counts(tasks)
    return f"BUILD FAILED in {dur(secs)}\n{ex + up} actionable tasks: {ex} executed, {up} up-to-date"


TRY_GENERIC = """* Try:
> Run with --stacktrace option to get the stack trace.
> Run with --info or --debug option to get more log output.
> Run with --scan to get full insights.
> Get more help at https://help.gradle.org."""

TRY_COMPILE = """* Try:
> Check your code and dependencies to fix the compilation error(s)
> Run with --scan to get full insights."""

DAEMON = "Starting a Gradle Daemon (subsequent builds will be faster)"


def seq(mods, v="Debug", changed=()):
    out = []
    for m in closure(mods):
        out += compile_tasks(m, v, changed)
    return out


def module_test(m, changed=(), variants=("Debug",), daemon=False, secs=20, extra_end=""):
    """`./gradlew <m>:test...` succeeding. Returns stdout."""
    tasks = []
    for v in variants:
        tasks += seq([m], v, changed)
        tasks += unit_test_tasks(m, v, changed)
    if len(variants) == 2:
        tasks.append((m, "test", ""))
    head = (DAEMON + "\n") if daemon else ""
    return head + fmt_tasks(tasks) + "\n\n" + ok_end(tasks, secs) + extra_end


def all_tests(changed=(), secs=140, daemon=False):
    """`./gradlew test` over the whole build (debug + release unit tests), passing."""
    tasks = []
    done = set()
    for m in ORDER:
        if MODS[m]["kind"] == "jvm":
            for t in compile_tasks(m, "Debug", changed) + jvm_test_tasks(m, changed):
                tasks.append(t)
            done.add(m)
            continue
        for v in ("Debug", "Release"):
            for t in compile_tasks(m, v, changed):
                tasks.append(t)
            tasks += unit_test_tasks(m, v, changed)
        tasks.append((m, "test", ""))
    for v in ("Debug", "Release"):
        tasks += app_front(v, changed, upto="compile")
        tasks += [(":app", f"pre{v}UnitTestBuild", "UP-TO-DATE"), (":app", f"ksp{v}UnitTestKotlin", "UP-TO-DATE"),
                  (":app", f"compile{v}UnitTestKotlin", "UP-TO-DATE"), (":app", f"hiltJavaCompile{v}UnitTest", "UP-TO-DATE"),
                  (":app", f"test{v}UnitTest", "")]
    tasks.append((":app", "test", ""))
    # de-duplicate, keep first occurrence (gradle runs each task once)
    seen, uniq = set(), []
    for t in tasks:
        if (t[0], t[1]) in seen:
            continue
        seen.add((t[0], t[1]))
        uniq.append(t)
    return ((DAEMON + "\n") if daemon else "") + fmt_tasks(uniq) + "\n\n" + ok_end(uniq, secs), uniq


def app_front(v="Debug", changed=(), upto="hilt"):
    a = ":app"
    st = "" if a in changed else "UP-TO-DATE"
    out = [(a, "preBuild", "UP-TO-DATE"), (a, f"pre{v}Build", "UP-TO-DATE"),
           (a, f"merge{v}NativeDebugMetadata", "NO-SOURCE"), (a, "checkKotlinGradlePluginConfigurationErrors", "SKIPPED"),
           (a, f"generate{v}ResValues", "UP-TO-DATE"), (a, f"generate{v}BuildConfig", st),
           (a, f"check{v}AarMetadata", "UP-TO-DATE"), (a, f"map{v}SourceSetPaths", "UP-TO-DATE"),
           (a, f"generate{v}Resources", "UP-TO-DATE"), (a, f"merge{v}Resources", "UP-TO-DATE"),
           (a, f"package{v}Resources", "UP-TO-DATE"), (a, f"parse{v}LocalResources", "UP-TO-DATE"),
           (a, f"process{v}MainManifest", "UP-TO-DATE"), (a, f"process{v}Manifest", "UP-TO-DATE"),
           (a, f"process{v}ManifestForPackage", "UP-TO-DATE"), (a, f"process{v}Resources", "UP-TO-DATE"),
           (a, f"ksp{v}Kotlin", st), (a, f"compile{v}Kotlin", st), (a, f"javaPreCompile{v}", "UP-TO-DATE"),
           (a, f"compile{v}JavaWithJavac", st)]
    if upto == "compile":
        return out
    out += [(a, f"hiltAggregateDeps{v}", st), (a, f"hiltJavaCompile{v}", st)]
    return out


def app_back(v="Debug", goal="assemble"):
    a = ":app"
    if v == "Debug":
        out = [(a, "transformDebugClassesWithAsm", ""), (a, "dexBuilderDebug", ""), (a, "mergeDebugGlobalSynthetics", "UP-TO-DATE"),
               (a, "mergeExtDexDebug", "UP-TO-DATE"), (a, "mergeProjectDexDebug", ""), (a, "mergeDebugJavaResource", "UP-TO-DATE"),
               (a, "mergeDebugJniLibFolders", "UP-TO-DATE"), (a, "mergeDebugNativeLibs", "NO-SOURCE"),
               (a, "stripDebugDebugSymbols", "NO-SOURCE"), (a, "validateSigningDebug", "UP-TO-DATE"),
               (a, "writeDebugAppMetadata", "UP-TO-DATE"), (a, "writeDebugSigningConfigVersions", "UP-TO-DATE"),
               (a, "mergeDebugAssets", "UP-TO-DATE"), (a, "compressDebugAssets", "UP-TO-DATE"), (a, "packageDebug", ""),
               (a, "createDebugApkListingFileRedirect", "UP-TO-DATE")]
        out.append((a, "assembleDebug", "") if goal == "assemble" else (a, "installDebug", ""))
        return out
    return [(a, "transformReleaseClassesWithAsm", ""), (a, "extractProguardFiles", "UP-TO-DATE"),
            (a, "mergeReleaseGeneratedProguardFiles", "UP-TO-DATE"), (a, "mergeReleaseJavaResource", "UP-TO-DATE"),
            (a, "mergeReleaseGlobalSynthetics", "UP-TO-DATE"), (a, "checkReleaseDuplicateClasses", "UP-TO-DATE"),
            (a, "generateReleaseLintVitalModel", "UP-TO-DATE"), (a, "lintVitalAnalyzeRelease", ""),
            (a, "minifyReleaseWithR8", ""), (a, "optimizeReleaseResources", ""), (a, "mergeReleaseAssets", "UP-TO-DATE"),
            (a, "compressReleaseAssets", "UP-TO-DATE"), (a, "buildReleasePreBundle", ""), (a, "packageReleaseBundle", ""),
            (a, "signReleaseBundle", ""), (a, "produceReleaseBundleIdeListingFile", ""),
            (a, "createReleaseBundleListingFileRedirect", ""), (a, "lintVitalReportRelease", ""),
            (a, "lintVitalRelease", ""), (a, "bundleRelease", "")]


def app_build(v="Debug", changed=(), goal="assemble", secs=40, daemon=False, install_on=None):
    tasks = seq(ORDER[1:], v, changed) + app_front(v, changed) + app_back(v, goal)
    txt = fmt_tasks(tasks)
    if install_on:
        txt += f"\nInstalling APK 'app-debug.apk' on '{install_on}' for :app:debug\nInstalled on 1 device."
    return ((DAEMON + "\n") if daemon else "") + txt + "\n\n" + ok_end(tasks, secs)


def hilt_fail(v, changed, missing, injected_at, line, goal_secs, daemon=False, also=None):
    """assemble/install/bundle dying in :app:hiltJavaCompile<V> on a missing Dagger binding."""
    tasks = seq(ORDER[1:], v, changed) + app_front(v, changed)
    tasks[-1] = (":app", f"hiltJavaCompile{v}", "FAILED")
    comp = "app.tidewatch.TidewatchApplication_HiltComponents"
    src = f"{R}/app/build/generated/hilt/component_sources/{v.lower()}/app/tidewatch/TidewatchApplication_HiltComponents.java"
    vm_fqcn, vm_args = injected_at
    vm = vm_fqcn.rsplit(".", 1)[1]
    err = [f"{src}:{line}: error: [Dagger/MissingBinding] {missing} cannot be provided without an @Provides-annotated method.",
           "  public abstract static class SingletonC implements TidewatchApplication_GeneratedInjector,",
           "                         ^",
           "  ",
           f"      {missing} is injected at",
           f"          [{comp}.ViewModelC] {vm_fqcn}({vm_args})",
           f"      {vm_fqcn} is injected at",
           f"          [{comp}.ViewModelC] {vm_fqcn}_HiltModules.BindsModule.binds(vm)",
           "      @dagger.hilt.android.internal.lifecycle.HiltViewModelMap java.util.Map<java.lang.Class<?>,javax.inject.Provider<androidx.lifecycle.ViewModel>> is requested at",
           f"          [{comp}.ViewModelC] dagger.hilt.android.internal.lifecycle.HiltViewModelFactory.ViewModelFactoriesEntryPoint.getHiltViewModelMap() [{comp}.SingletonC → {comp}.ActivityRetainedC → {comp}.ViewModelC]"]
    if also:
        err += ["  ", "  It is also requested at:"] + [f"      {a}" for a in also]
    err.append("1 error")
    text = ((DAEMON + "\n") if daemon else "") + fmt_tasks(tasks) + "\n" + "\n".join(err) + f"""

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:hiltJavaCompile{v}'.
> Compilation failed; see the compiler error output for details.

{TRY_COMPILE}

{fail_end(tasks, goal_secs)}"""
    return text


def tests_option_fail(task_path, secs=1):
    return f"""FAILURE: Build failed with an exception.

* What went wrong:
Problem configuring task {task_path} from command line.
> Unknown command-line option '--tests'.

* Try:
> Run gradle help --task {task_path} to get task usage details.
> Run with --stacktrace option to get the stack trace.
> Run with --info or --debug option to get more log output.
> Run with --scan to get full insights.
> Get more help at https://help.gradle.org.

BUILD FAILED in {secs}s"""


def no_device_fail(tasks, task_path, secs, daemon=False):
    tasks = list(tasks)
    tasks[-1] = (tasks[-1][0], tasks[-1][1], "FAILED")
    return ((DAEMON + "\n") if daemon else "") + fmt_tasks(tasks) + f"""

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task '{task_path}'.
> com.android.builder.testing.api.DeviceException: No connected devices!

{TRY_GENERIC}

{fail_end(tasks, secs)}"""


def android_test_tasks(m, changed=()):
    """compile + package the androidTest APK of a library module and run it."""
    st = "" if m in changed else "UP-TO-DATE"
    out = seq([m], "Debug", changed)
    out += [(m, "preDebugAndroidTestBuild", "SKIPPED"), (m, "generateDebugAndroidTestResValues", "UP-TO-DATE"),
            (m, "processDebugAndroidTestManifest", "UP-TO-DATE"), (m, "processDebugAndroidTestResources", "UP-TO-DATE"),
            (m, "kspDebugAndroidTestKotlin", st), (m, "compileDebugAndroidTestKotlin", st),
            (m, "compileDebugAndroidTestJavaWithJavac", "NO-SOURCE"), (m, "mergeDebugAndroidTestAssets", st),
            (m, "dexBuilderDebugAndroidTest", st), (m, "mergeProjectDexDebugAndroidTest", st),
            (m, "packageDebugAndroidTest", st), (m, "connectedDebugAndroidTest", "")]
    return out


def connected_ok(tasks, tests, secs):
    """tests: number of tests; output as AGP prints it for one device."""
    return (fmt_tasks(tasks) + f"\nStarting {tests} tests on {AVD_NAME}\n\n"
            f"{AVD_NAME} Tests {tests}/{tests} completed. (0 skipped) (0 failed)\n"
            f"Finished {tests} tests on {AVD_NAME}\n\n" + ok_end(tasks, secs))


def lint_tasks(mods):
    tasks = []
    for m in mods:
        tasks += [(m, "runKtlintCheckOverKotlinScripts", "UP-TO-DATE"), (m, "ktlintKotlinScriptCheck", "UP-TO-DATE"),
                  (m, "runKtlintCheckOverMainSourceSet", ""), (m, "ktlintMainSourceSetCheck", ""),
                  (m, "runKtlintCheckOverTestSourceSet", ""), (m, "ktlintTestSourceSetCheck", ""),
                  (m, "ktlintCheck", "UP-TO-DATE"), (m, "detekt", "")]
    return tasks


def ktlint_format(mods, fixed=()):
    tasks = []
    for m in mods:
        tasks += [(m, "runKtlintFormatOverKotlinScripts", "UP-TO-DATE"), (m, "ktlintKotlinScriptFormat", "UP-TO-DATE"),
                  (m, "runKtlintFormatOverMainSourceSet", ""), (m, "ktlintMainSourceSetFormat", ""),
                  (m, "runKtlintFormatOverTestSourceSet", ""), (m, "ktlintTestSourceSetFormat", ""),
                  (m, "ktlintFormat", "UP-TO-DATE")]
    return fmt_tasks(tasks) + "\n\n" + ok_end(tasks, 9)


ALLMODS = [":app"] + ORDER


def git_push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      {GH}/pull/new/{branch}        
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def fl_time(d, add=0):
    import datetime as _dt
    t = d.clock + _dt.timedelta(hours=1, seconds=add)  # Maya's laptop runs on Europe/Lisbon (WEST, UTC+1)
    return t.strftime("%H:%M:%S")


def fastlane_internal(d, version_code, upload_secs):
    T = lambda s: f"[{fl_time(d, s)}]: "  # noqa: E731
    aab = f"{R}/app/build/outputs/bundle/release/app-release.aab"
    return f"""[✔] 🚀 
{T(0)}------------------------------
{T(0)}--- Step: default_platform ---
{T(0)}------------------------------
{T(0)}Driving the lane 'android internal' 🚀
{T(0)}-----------------------------------
{T(0)}--- Step: upload_to_play_store ---
{T(0)}-----------------------------------
{T(2)}Preparing to upload for language 'en-US'...
{T(3)}Preparing aab at path '{aab}' for upload...
{T(upload_secs - 6)}Updating track 'internal'...
{T(upload_secs - 5)}Preparing to upload changelog for version code {version_code} and language 'en-US'...
{T(upload_secs - 4)}Uploading all changes to Google Play...
{T(upload_secs)}Successfully finished the upload to Google Play

+------------------------------------------+
|             fastlane summary             |
+------+----------------------+-------------+
| Step | Action               | Time (in s) |
+------+----------------------+-------------+
| 1    | default_platform     | 0           |
| 2    | upload_to_play_store | {upload_secs:<11} |
+------+----------------------+-------------+

{T(upload_secs)}fastlane.tools finished successfully 🎉"""


# ---------------------------------------------------------------- virtual files (state on 2026-04-06)
FILES = {
    P("settings.gradle.kts"): """pluginManagement {
    includeBuild("build-logic")
    repositories {
        google {
            content {
                includeGroupByRegex("com\\\\.android.*")
                includeGroupByRegex("com\\\\.google.*")
                includeGroupByRegex("androidx.*")
            }
        }
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "Tidewatch"
enableFeaturePreview("TYPESAFE_PROJECT_ACCESSORS")

include(":app")
include(":core:data")
include(":core:database")
include(":core:datastore")
include(":core:designsystem")
include(":core:model")
include(":core:network")
include(":core:testing")
include(":feature:alerts")
include(":feature:forecast")
include(":feature:settings")
include(":feature:spots")
""",
    P("gradle/libs.versions.toml"): """[versions]
agp = "8.13.1"
androidxActivity = "1.11.0"
androidxComposeBom = "2025.12.00"
androidxCore = "1.17.0"
androidxCoreSplashscreen = "1.2.0"
androidxDataStore = "1.1.7"
androidxHiltNavigationCompose = "1.3.0"
androidxLifecycle = "2.9.4"
androidxNavigation = "2.9.5"
androidxTestExt = "1.3.0"
androidxTestRunner = "1.7.0"
androidxWork = "2.10.5"
coil = "3.2.0"
detekt = "1.23.8"
hilt = "2.57.2"
junit4 = "4.13.2"
kotlin = "2.2.21"
kotlinxCoroutines = "1.10.2"
kotlinxSerializationJson = "1.8.1"
ksp = "2.2.21-2.0.4"
ktlintGradle = "13.1.0"
okhttp = "4.12.0"
retrofit = "3.0.0"
robolectric = "4.16"
room = "2.8.3"
truth = "1.4.5"
turbine = "1.2.1"

[libraries]
androidx-activity-compose = { group = "androidx.activity", name = "activity-compose", version.ref = "androidxActivity" }
androidx-compose-bom = { group = "androidx.compose", name = "compose-bom", version.ref = "androidxComposeBom" }
androidx-compose-material3 = { group = "androidx.compose.material3", name = "material3" }
androidx-compose-ui-test = { group = "androidx.compose.ui", name = "ui-test-junit4" }
androidx-compose-ui-testManifest = { group = "androidx.compose.ui", name = "ui-test-manifest" }
androidx-compose-ui-tooling = { group = "androidx.compose.ui", name = "ui-tooling" }
androidx-compose-ui-tooling-preview = { group = "androidx.compose.ui", name = "ui-tooling-preview" }
androidx-core-ktx = { group = "androidx.core", name = "core-ktx", version.ref = "androidxCore" }
androidx-core-splashscreen = { group = "androidx.core", name = "core-splashscreen", version.ref = "androidxCoreSplashscreen" }
androidx-dataStore-preferences = { group = "androidx.datastore", name = "datastore-preferences", version.ref = "androidxDataStore" }
androidx-hilt-navigation-compose = { group = "androidx.hilt", name = "hilt-navigation-compose", version.ref = "androidxHiltNavigationCompose" }
androidx-hilt-work = { group = "androidx.hilt", name = "hilt-work", version.ref = "androidxHiltNavigationCompose" }
androidx-lifecycle-runtimeCompose = { group = "androidx.lifecycle", name = "lifecycle-runtime-compose", version.ref = "androidxLifecycle" }
androidx-lifecycle-viewModelCompose = { group = "androidx.lifecycle", name = "lifecycle-viewmodel-compose", version.ref = "androidxLifecycle" }
androidx-lifecycle-livedata = { group = "androidx.lifecycle", name = "lifecycle-livedata-ktx", version.ref = "androidxLifecycle" }
androidx-compose-runtime-livedata = { group = "androidx.compose.runtime", name = "runtime-livedata" }
androidx-navigation-compose = { group = "androidx.navigation", name = "navigation-compose", version.ref = "androidxNavigation" }
androidx-room-compiler = { group = "androidx.room", name = "room-compiler", version.ref = "room" }
androidx-room-ktx = { group = "androidx.room", name = "room-ktx", version.ref = "room" }
androidx-room-runtime = { group = "androidx.room", name = "room-runtime", version.ref = "room" }
androidx-room-testing = { group = "androidx.room", name = "room-testing", version.ref = "room" }
androidx-test-ext = { group = "androidx.test.ext", name = "junit-ktx", version.ref = "androidxTestExt" }
androidx-test-runner = { group = "androidx.test", name = "runner", version.ref = "androidxTestRunner" }
androidx-work-runtime = { group = "androidx.work", name = "work-runtime-ktx", version.ref = "androidxWork" }
coil-compose = { group = "io.coil-kt.coil3", name = "coil-compose", version.ref = "coil" }
coil-network-okhttp = { group = "io.coil-kt.coil3", name = "coil-network-okhttp", version.ref = "coil" }
hilt-android = { group = "com.google.dagger", name = "hilt-android", version.ref = "hilt" }
hilt-android-testing = { group = "com.google.dagger", name = "hilt-android-testing", version.ref = "hilt" }
hilt-compiler = { group = "com.google.dagger", name = "hilt-compiler", version.ref = "hilt" }
junit4 = { group = "junit", name = "junit", version.ref = "junit4" }
kotlinx-coroutines-test = { group = "org.jetbrains.kotlinx", name = "kotlinx-coroutines-test", version.ref = "kotlinxCoroutines" }
kotlinx-serialization-json = { group = "org.jetbrains.kotlinx", name = "kotlinx-serialization-json", version.ref = "kotlinxSerializationJson" }
okhttp-logging = { group = "com.squareup.okhttp3", name = "logging-interceptor", version.ref = "okhttp" }
retrofit-core = { group = "com.squareup.retrofit2", name = "retrofit", version.ref = "retrofit" }
retrofit-kotlin-serialization = { group = "com.squareup.retrofit2", name = "converter-kotlinx-serialization", version.ref = "retrofit" }
robolectric = { group = "org.robolectric", name = "robolectric", version.ref = "robolectric" }
truth = { group = "com.google.truth", name = "truth", version.ref = "truth" }
turbine = { group = "app.cash.turbine", name = "turbine", version.ref = "turbine" }

[plugins]
android-application = { id = "com.android.application", version.ref = "agp" }
android-library = { id = "com.android.library", version.ref = "agp" }
compose = { id = "org.jetbrains.kotlin.plugin.compose", version.ref = "kotlin" }
detekt = { id = "io.gitlab.arturbosch.detekt", version.ref = "detekt" }
hilt = { id = "com.google.dagger.hilt.android", version.ref = "hilt" }
kotlin-jvm = { id = "org.jetbrains.kotlin.jvm", version.ref = "kotlin" }
kotlin-serialization = { id = "org.jetbrains.kotlin.plugin.serialization", version.ref = "kotlin" }
ksp = { id = "com.google.devtools.ksp", version.ref = "ksp" }
ktlint = { id = "org.jlleitschuh.gradle.ktlint", version.ref = "ktlintGradle" }
room = { id = "androidx.room", version.ref = "room" }

# convention plugins from build-logic/
tidewatch-android-application = { id = "tidewatch.android.application" }
tidewatch-android-application-compose = { id = "tidewatch.android.application.compose" }
tidewatch-android-feature = { id = "tidewatch.android.feature" }
tidewatch-android-library = { id = "tidewatch.android.library" }
tidewatch-android-room = { id = "tidewatch.android.room" }
tidewatch-hilt = { id = "tidewatch.hilt" }
tidewatch-jvm-library = { id = "tidewatch.jvm.library" }
""",
    P("app/build.gradle.kts"): """plugins {
    alias(libs.plugins.tidewatch.android.application)
    alias(libs.plugins.tidewatch.android.application.compose)
    alias(libs.plugins.tidewatch.hilt)
    alias(libs.plugins.kotlin.serialization)
}

android {
    namespace = "app.tidewatch"

    defaultConfig {
        applicationId = "app.tidewatch"
        versionCode = 40
        versionName = "1.6.2"
        testInstrumentationRunner = "app.tidewatch.core.testing.HiltTestRunner"
    }

    signingConfigs {
        create("release") {
            storeFile = providers.gradleProperty("tidewatch.storeFile").map { file(it) }.orNull
            storePassword = providers.gradleProperty("tidewatch.storePassword").orNull
            keyAlias = providers.gradleProperty("tidewatch.keyAlias").orNull
            keyPassword = providers.gradleProperty("tidewatch.keyPassword").orNull
        }
    }

    buildTypes {
        debug {
            applicationIdSuffix = ".debug"
        }
        release {
            isMinifyEnabled = true
            isShrinkResources = true
            signingConfig = signingConfigs.getByName("release")
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }
}

dependencies {
    implementation(projects.feature.alerts)
    implementation(projects.feature.forecast)
    implementation(projects.feature.settings)
    implementation(projects.feature.spots)
    implementation(projects.core.data)
    implementation(projects.core.designsystem)

    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.core.splashscreen)
    implementation(libs.androidx.navigation.compose)
    implementation(libs.androidx.hilt.navigation.compose)
    implementation(libs.androidx.work.runtime)
    implementation(libs.androidx.hilt.work)

    testImplementation(projects.core.testing)
    androidTestImplementation(projects.core.testing)
}
""",
    P(".github/workflows/ci.yml"): """name: CI

on:
  pull_request:
  push:
    branches: [main]

concurrency:
  group: ci-${{ github.ref }}
  cancel-in-progress: true

jobs:
  check:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-java@v4
        with:
          distribution: temurin
          java-version: 17
      - uses: gradle/actions/setup-gradle@v4
      - name: ktlint + detekt
        run: ./gradlew ktlintCheck detekt
      - name: Unit tests
        run: ./gradlew test
""",
    P("fastlane/Appfile"): """json_key_file("~/.config/tidewatch/play-service-account.json")
package_name("app.tidewatch")
""",
    P("fastlane/Fastfile"): """default_platform(:android)

platform :android do
  # Build the bundle first: ./gradlew :app:bundleRelease
  # (release signing reads tidewatch.* from ~/.gradle/gradle.properties)
  desc "Upload the release bundle to the internal testing track"
  lane :internal do
    upload_to_play_store(
      track: "internal",
      aab: "app/build/outputs/bundle/release/app-release.aab",
      skip_upload_metadata: true,
      skip_upload_images: true,
      skip_upload_screenshots: true
    )
  end

  desc "Promote the current internal release to closed testing (alpha)"
  lane :promote_alpha do
    upload_to_play_store(
      track: "internal",
      track_promote_to: "alpha",
      skip_upload_aab: true,
      skip_upload_apk: true,
      skip_upload_metadata: true,
      skip_upload_changelogs: true,
      skip_upload_images: true,
      skip_upload_screenshots: true
    )
  end
end
""",
    P("fastlane/metadata/android/en-US/changelogs/40.txt"): """• Favourite spots now stay on top of the list
• Fixed the tide chart cutting off the last low tide of the day
""",
    P(f"core/model/{KP}/core/model/Spot.kt"): """package app.tidewatch.core.model

data class Spot(
    val id: String,
    val name: String,
    val region: String,
    val latitude: Double,
    val longitude: Double,
    val stationId: String,
    val isFavorite: Boolean,
    val timeZone: String,
)
""",
    P(f"core/model/{KP}/core/model/Forecast.kt"): """package app.tidewatch.core.model

import java.time.Instant

enum class TideType { HIGH, LOW }

data class TideEvent(
    val time: Instant,
    val heightMeters: Double,
    val type: TideType,
)

data class Forecast(
    val spotId: String,
    val events: List<TideEvent>,
    val fetchedAt: Instant,
)
""",
    P(f"core/model/{KP}/core/model/TideAlert.kt"): """package app.tidewatch.core.model

/** Notify when a HIGH tide above / LOW tide below [thresholdCm] is coming at [spotId]. */
data class TideAlert(
    val id: Long,
    val spotId: String,
    val type: TideType,
    val thresholdCm: Int,
    val enabled: Boolean,
)
""",
    P(f"core/network/{KP}/core/network/TidewatchApi.kt"): """package app.tidewatch.core.network

import app.tidewatch.core.network.model.NetworkForecast
import app.tidewatch.core.network.model.NetworkSpot
import retrofit2.http.GET
import retrofit2.http.Path
import retrofit2.http.Query

interface TidewatchApi {
    @GET("spots")
    suspend fun spots(@Query("region") region: String? = null): List<NetworkSpot>

    @GET("stations/{stationId}/tides")
    suspend fun tides(
        @Path("stationId") stationId: String,
        @Query("days") days: Int = 7,
    ): NetworkForecast
}
""",
    P(f"core/network/{KP}/core/network/di/NetworkModule.kt"): """package app.tidewatch.core.network.di

import app.tidewatch.core.network.BuildConfig
import app.tidewatch.core.network.TidewatchApi
import dagger.Module
import dagger.Provides
import dagger.hilt.InstallIn
import dagger.hilt.components.SingletonComponent
import kotlinx.serialization.json.Json
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.logging.HttpLoggingInterceptor
import retrofit2.Retrofit
import retrofit2.converter.kotlinx.serialization.asConverterFactory
import javax.inject.Singleton

@Module
@InstallIn(SingletonComponent::class)
internal object NetworkModule {

    @Provides
    @Singleton
    fun providesJson(): Json = Json { ignoreUnknownKeys = true }

    @Provides
    @Singleton
    fun providesOkHttp(): OkHttpClient = OkHttpClient.Builder()
        .addInterceptor(
            HttpLoggingInterceptor().apply {
                if (BuildConfig.DEBUG) level = HttpLoggingInterceptor.Level.BASIC
            },
        )
        .build()

    @Provides
    @Singleton
    fun providesTidewatchApi(json: Json, client: OkHttpClient): TidewatchApi = Retrofit.Builder()
        .baseUrl(BuildConfig.API_BASE_URL)
        .client(client)
        .addConverterFactory(json.asConverterFactory("application/json".toMediaType()))
        .build()
        .create(TidewatchApi::class.java)
}
""",
    P(f"core/database/{KP}/core/database/TidewatchDatabase.kt"): """package app.tidewatch.core.database

import androidx.room.AutoMigration
import androidx.room.Database
import androidx.room.RoomDatabase
import androidx.room.TypeConverters
import app.tidewatch.core.database.dao.ForecastDao
import app.tidewatch.core.database.dao.SpotDao
import app.tidewatch.core.database.dao.TideAlertDao
import app.tidewatch.core.database.model.ForecastEntity
import app.tidewatch.core.database.model.SpotEntity
import app.tidewatch.core.database.model.TideAlertEntity
import app.tidewatch.core.database.util.InstantConverter

@Database(
    entities = [
        SpotEntity::class,
        ForecastEntity::class,
        TideAlertEntity::class,
    ],
    version = 3,
    autoMigrations = [
        AutoMigration(from = 1, to = 2),
        AutoMigration(from = 2, to = 3),
    ],
    exportSchema = true,
)
@TypeConverters(InstantConverter::class)
internal abstract class TidewatchDatabase : RoomDatabase() {
    abstract fun spotDao(): SpotDao
    abstract fun forecastDao(): ForecastDao
    abstract fun tideAlertDao(): TideAlertDao
}
""",
    P(f"core/database/{KP}/core/database/model/SpotEntity.kt"): """package app.tidewatch.core.database.model

import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.PrimaryKey
import app.tidewatch.core.model.Spot

@Entity(tableName = "spots")
data class SpotEntity(
    @PrimaryKey val id: String,
    val name: String,
    val region: String,
    val latitude: Double,
    val longitude: Double,
    @ColumnInfo(name = "station_id") val stationId: String,
    @ColumnInfo(name = "is_favorite", defaultValue = "0") val isFavorite: Boolean,
    @ColumnInfo(name = "time_zone", defaultValue = "Europe/Lisbon") val timeZone: String,
)

fun SpotEntity.asExternalModel() = Spot(
    id = id,
    name = name,
    region = region,
    latitude = latitude,
    longitude = longitude,
    stationId = stationId,
    isFavorite = isFavorite,
    timeZone = timeZone,
)
""",
    P(f"core/database/{KP}/core/database/model/TideAlertEntity.kt"): """package app.tidewatch.core.database.model

import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index
import androidx.room.PrimaryKey
import app.tidewatch.core.model.TideAlert
import app.tidewatch.core.model.TideType

@Entity(
    tableName = "tide_alerts",
    foreignKeys = [
        ForeignKey(
            entity = SpotEntity::class,
            parentColumns = ["id"],
            childColumns = ["spot_id"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
    indices = [Index("spot_id")],
)
data class TideAlertEntity(
    @PrimaryKey(autoGenerate = true) val id: Long = 0,
    @ColumnInfo(name = "spot_id") val spotId: String,
    val type: String,
    @ColumnInfo(name = "threshold_cm") val thresholdCm: Int,
    @ColumnInfo(defaultValue = "1") val enabled: Boolean = true,
)

fun TideAlertEntity.asExternalModel() = TideAlert(
    id = id,
    spotId = spotId,
    type = TideType.valueOf(type),
    thresholdCm = thresholdCm,
    enabled = enabled,
)

fun TideAlert.asEntity() = TideAlertEntity(
    id = id,
    spotId = spotId,
    type = type.name,
    thresholdCm = thresholdCm,
    enabled = enabled,
)
""",
    P(f"core/database/{KP}/core/database/dao/SpotDao.kt"): """package app.tidewatch.core.database.dao

import androidx.room.Dao
import androidx.room.Query
import androidx.room.Upsert
import app.tidewatch.core.database.model.SpotEntity
import kotlinx.coroutines.flow.Flow

@Dao
interface SpotDao {
    @Query("SELECT * FROM spots ORDER BY name")
    fun observeAll(): Flow<List<SpotEntity>>

    @Query("SELECT * FROM spots WHERE id = :id")
    fun observeById(id: String): Flow<SpotEntity?>

    @Query("SELECT * FROM spots WHERE id = :id")
    suspend fun getById(id: String): SpotEntity?

    @Query("UPDATE spots SET is_favorite = :favorite WHERE id = :id")
    suspend fun setFavorite(id: String, favorite: Boolean)

    @Upsert
    suspend fun upsertAll(spots: List<SpotEntity>)
}
""",
    P(f"core/database/{KP}/core/database/dao/TideAlertDao.kt"): """package app.tidewatch.core.database.dao

import androidx.room.Dao
import androidx.room.Query
import androidx.room.Upsert
import app.tidewatch.core.database.model.TideAlertEntity
import kotlinx.coroutines.flow.Flow

@Dao
interface TideAlertDao {
    @Query("SELECT * FROM tide_alerts ORDER BY spot_id, threshold_cm")
    fun observeAll(): Flow<List<TideAlertEntity>>

    @Upsert
    suspend fun upsert(alert: TideAlertEntity): Long

    @Query("DELETE FROM tide_alerts WHERE id = :id")
    suspend fun delete(id: Long)
}
""",
    P("core/database/src/androidTest/kotlin/app/tidewatch/core/database/MigrationTest.kt"): """package app.tidewatch.core.database

import androidx.room.testing.MigrationTestHelper
import androidx.test.ext.junit.runners.AndroidJUnit4
import androidx.test.platform.app.InstrumentationRegistry
import org.junit.Assert.assertEquals
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith

@RunWith(AndroidJUnit4::class)
class MigrationTest {

    @get:Rule
    val helper = MigrationTestHelper(
        InstrumentationRegistry.getInstrumentation(),
        TidewatchDatabase::class.java,
    )

    @Test
    fun migrate1To2_favoritesDefaultToFalse() {
        helper.createDatabase(DB, 1).use { db ->
            db.execSQL(
                "INSERT INTO spots (id, name, region, latitude, longitude, station_id) " +
                    "VALUES ('ribeira-dilhas', 'Ribeira d''Ilhas', 'Ericeira', 38.9877, -9.4206, 'PT-CASC')",
            )
        }
        helper.runMigrationsAndValidate(DB, 2, true).use { db ->
            db.query("SELECT is_favorite FROM spots WHERE id = 'ribeira-dilhas'").use { c ->
                c.moveToFirst()
                assertEquals(0, c.getInt(0))
            }
        }
    }

    @Test
    fun migrate2To3_createsTideAlerts() {
        helper.createDatabase(DB, 2).close()
        helper.runMigrationsAndValidate(DB, 3, true).use { db ->
            db.query("SELECT count(*) FROM tide_alerts").use { c ->
                c.moveToFirst()
                assertEquals(0, c.getInt(0))
            }
        }
    }

    private companion object {
        const val DB = "migration-test"
    }
}
""",
    P(f"core/data/{KP}/core/data/di/DataModule.kt"): """package app.tidewatch.core.data.di

import app.tidewatch.core.data.repository.ForecastRepository
import app.tidewatch.core.data.repository.OfflineFirstForecastRepository
import app.tidewatch.core.data.repository.OfflineFirstSpotsRepository
import app.tidewatch.core.data.repository.SpotsRepository
import dagger.Binds
import dagger.Module
import dagger.hilt.InstallIn
import dagger.hilt.components.SingletonComponent

@Module
@InstallIn(SingletonComponent::class)
internal abstract class DataModule {

    @Binds
    abstract fun bindsSpotsRepository(
        spotsRepository: OfflineFirstSpotsRepository,
    ): SpotsRepository

    @Binds
    abstract fun bindsForecastRepository(
        forecastRepository: OfflineFirstForecastRepository,
    ): ForecastRepository
}
""",
    P(f"core/data/{KP}/core/data/repository/SpotsRepository.kt"): """package app.tidewatch.core.data.repository

import app.tidewatch.core.model.Spot
import kotlinx.coroutines.flow.Flow

interface SpotsRepository {
    fun observeSpots(): Flow<List<Spot>>

    fun observeSpot(id: String): Flow<Spot?>

    suspend fun setFavorite(id: String, favorite: Boolean)

    /** Pulls the spot list from the API into Room. */
    suspend fun sync(): Result<Unit>
}
""",
    P(f"core/data/{KP}/core/data/repository/OfflineFirstSpotsRepository.kt"): """package app.tidewatch.core.data.repository

import app.tidewatch.core.data.model.asEntity
import app.tidewatch.core.database.dao.SpotDao
import app.tidewatch.core.database.model.SpotEntity
import app.tidewatch.core.database.model.asExternalModel
import app.tidewatch.core.model.Spot
import app.tidewatch.core.network.TidewatchApi
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.map
import javax.inject.Inject

internal class OfflineFirstSpotsRepository @Inject constructor(
    private val api: TidewatchApi,
    private val spotDao: SpotDao,
) : SpotsRepository {

    override fun observeSpots(): Flow<List<Spot>> =
        spotDao.observeAll().map { it.map(SpotEntity::asExternalModel) }

    override fun observeSpot(id: String): Flow<Spot?> =
        spotDao.observeById(id).map { it?.asExternalModel() }

    override suspend fun setFavorite(id: String, favorite: Boolean) = spotDao.setFavorite(id, favorite)

    override suspend fun sync(): Result<Unit> = runCatching {
        val favorites = spotDao.observeAll().first().filter { it.isFavorite }.map { it.id }.toSet()
        spotDao.upsertAll(api.spots().map { it.asEntity(isFavorite = it.id in favorites) })
    }
}
""",
    P(f"core/data/{KP}/core/data/repository/ForecastRepository.kt"): """package app.tidewatch.core.data.repository

import app.tidewatch.core.model.Forecast
import kotlinx.coroutines.flow.Flow

interface ForecastRepository {
    fun observeForecast(spotId: String): Flow<Forecast?>

    suspend fun refresh(spotId: String): Result<Unit>
}
""",
    P(f"core/data/{KP}/core/data/repository/OfflineFirstForecastRepository.kt"): """package app.tidewatch.core.data.repository

import app.tidewatch.core.data.model.asEntity
import app.tidewatch.core.database.dao.ForecastDao
import app.tidewatch.core.database.dao.SpotDao
import app.tidewatch.core.database.model.asExternalModel
import app.tidewatch.core.model.Forecast
import app.tidewatch.core.network.TidewatchApi
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map
import javax.inject.Inject

internal class OfflineFirstForecastRepository @Inject constructor(
    private val api: TidewatchApi,
    private val forecastDao: ForecastDao,
    private val spotDao: SpotDao,
) : ForecastRepository {

    override fun observeForecast(spotId: String): Flow<Forecast?> =
        forecastDao.observeForSpot(spotId).map { rows ->
            if (rows.isEmpty()) null else rows.asExternalModel(spotId)
        }

    override suspend fun refresh(spotId: String): Result<Unit> = runCatching {
        val spot = checkNotNull(spotDao.getById(spotId)) { "unknown spot $spotId" }
        val network = api.tides(spot.stationId)
        forecastDao.replaceForSpot(spotId, network.events.map { it.asEntity(spotId) })
    }
}
""",
    P(f"core/data/{KP}/core/data/util/TideTimeFormatter.kt"): """package app.tidewatch.core.data.util

import app.tidewatch.core.model.Spot
import java.time.Clock
import java.time.Instant
import java.time.ZoneId
import java.time.format.DateTimeFormatter
import javax.inject.Inject

/** Tide times as local clock time at the spot, e.g. "06:42". */
class TideTimeFormatter @Inject constructor(
    private val clock: Clock,
) {
    private val hhmm = DateTimeFormatter.ofPattern("HH:mm")

    fun format(time: Instant, spot: Spot): String {
        val offset = ZoneId.of(spot.timeZone).rules.getOffset(clock.instant())
        return time.atOffset(offset).format(hhmm)
    }

    fun isToday(time: Instant, spot: Spot): Boolean {
        val zone = ZoneId.of(spot.timeZone)
        return time.atZone(zone).toLocalDate() == clock.instant().atZone(zone).toLocalDate()
    }
}
""",
    P(f"core/data/{KP}/core/data/util/UnitsConverter.kt"): """package app.tidewatch.core.data.util

import java.util.Locale

object UnitsConverter {
    private const val FEET_PER_METER = 3.28084

    fun metersToFeet(meters: Double): Double = meters * FEET_PER_METER

    fun formatHeight(meters: Double, imperial: Boolean): String =
        if (imperial) {
            String.format(Locale.ROOT, "%.1f ft", metersToFeet(meters))
        } else {
            String.format(Locale.ROOT, "%.1f m", meters)
        }
}
""",
    P("core/data/src/test/kotlin/app/tidewatch/core/data/util/UnitsConverterTest.kt"): """package app.tidewatch.core.data.util

import com.google.common.truth.Truth.assertThat
import org.junit.Test

class UnitsConverterTest {
    @Test
    fun `one metre is 3 point 3 feet`() {
        assertThat(UnitsConverter.formatHeight(1.0, imperial = true)).isEqualTo("3.3 ft")
    }

    @Test
    fun `metric keeps one decimal`() {
        assertThat(UnitsConverter.formatHeight(2.345, imperial = false)).isEqualTo("2.3 m")
    }
}
""",
    P(f"core/datastore/{KP}/core/datastore/TidewatchPreferencesDataSource.kt"): """package app.tidewatch.core.datastore

import androidx.datastore.core.DataStore
import androidx.datastore.preferences.core.Preferences
import androidx.datastore.preferences.core.booleanPreferencesKey
import androidx.datastore.preferences.core.edit
import androidx.datastore.preferences.core.stringPreferencesKey
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map
import javax.inject.Inject

class TidewatchPreferencesDataSource @Inject constructor(
    private val dataStore: DataStore<Preferences>,
) {
    val lastSelectedSpotId: Flow<String?> = dataStore.data.map { it[LAST_SPOT] }

    val useImperial: Flow<Boolean> = dataStore.data.map { it[USE_IMPERIAL] ?: false }

    suspend fun setLastSelectedSpot(id: String) {
        dataStore.edit { it[LAST_SPOT] = id }
    }

    suspend fun setUseImperial(value: Boolean) {
        dataStore.edit { it[USE_IMPERIAL] = value }
    }

    private companion object {
        val LAST_SPOT = stringPreferencesKey("last_spot_id")
        val USE_IMPERIAL = booleanPreferencesKey("use_imperial")
    }
}
""",
    P(f"core/designsystem/{KP}/core/designsystem/component/TideChart.kt"): """package app.tidewatch.core.designsystem.component

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.material3.MaterialTheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.unit.dp

data class TidePoint(val minuteOfDay: Int, val height: Double)

@Composable
fun TideChart(
    points: List<TidePoint>,
    modifier: Modifier = Modifier,
) {
    val lineColor = MaterialTheme.colorScheme.primary
    Canvas(modifier = modifier.fillMaxWidth().height(160.dp)) {
        if (points.size < 2) return@Canvas
        val maxH = points.maxOf { it.height }
        val minH = points.minOf { it.height }
        val path = Path()
        points.forEachIndexed { i, p ->
            val x = size.width * p.minuteOfDay / MINUTES_PER_DAY
            val y = size.height * (1 - ((p.height - minH) / (maxH - minH)).toFloat())
            if (i == 0) path.moveTo(x, y) else path.lineTo(x, y)
        }
        drawPath(path, color = lineColor, style = Stroke(width = 1.5.dp.toPx()))
    }
}

private const val MINUTES_PER_DAY = 24 * 60f
""",
    P(f"feature/forecast/{KP}/feature/forecast/ForecastUiState.kt"): """package app.tidewatch.feature.forecast

sealed interface ForecastUiState {
    data object Loading : ForecastUiState

    data class Error(val message: String) : ForecastUiState

    data class Success(
        val spotName: String,
        val rows: List<TideRow>,
    ) : ForecastUiState
}

data class TideRow(
    val time: String,
    val height: String,
    val isHigh: Boolean,
)
""",
    P(f"feature/forecast/{KP}/feature/forecast/ForecastViewModel.kt"): """package app.tidewatch.feature.forecast

import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import androidx.navigation.toRoute
import app.tidewatch.core.data.repository.ForecastRepository
import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.data.util.TideTimeFormatter
import app.tidewatch.core.model.TideType
import app.tidewatch.feature.forecast.navigation.ForecastDestination
import dagger.hilt.android.lifecycle.HiltViewModel
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.combine
import kotlinx.coroutines.flow.stateIn
import kotlinx.coroutines.launch
import java.util.Locale
import javax.inject.Inject
import kotlin.math.floor

@HiltViewModel
class ForecastViewModel @Inject constructor(
    savedStateHandle: SavedStateHandle,
    private val forecastRepository: ForecastRepository,
    spotsRepository: SpotsRepository,
    private val timeFormatter: TideTimeFormatter,
) : ViewModel() {

    private val spotId = savedStateHandle.toRoute<ForecastDestination>().spotId
    private val refreshError = MutableStateFlow<String?>(null)

    val uiState: StateFlow<ForecastUiState> = combine(
        spotsRepository.observeSpot(spotId),
        forecastRepository.observeForecast(spotId),
        refreshError,
    ) { spot, forecast, error ->
        when {
            spot == null -> ForecastUiState.Loading
            forecast == null && error != null -> ForecastUiState.Error(error)
            forecast == null -> ForecastUiState.Loading
            else -> ForecastUiState.Success(
                spotName = spot.name,
                rows = forecast.events.map { e ->
                    TideRow(
                        time = timeFormatter.format(e.time, spot),
                        height = String.format(Locale.ROOT, "%.1f m", roundHeight(e.heightMeters)),
                        isHigh = e.type == TideType.HIGH,
                    )
                },
            )
        }
    }.stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), ForecastUiState.Loading)

    init {
        refresh()
    }

    fun refresh() {
        viewModelScope.launch {
            refreshError.value = forecastRepository.refresh(spotId).exceptionOrNull()?.message
        }
    }
}

/** Heights are shown with one decimal; round half up so 1.25 m reads 1.3 m, not 1.2 m. */
internal fun roundHeight(meters: Double): Double = floor(meters * 10 + 0.5) / 10
""",
    P(f"feature/forecast/{KP}/feature/forecast/ForecastScreen.kt"): """package app.tidewatch.feature.forecast

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.ListItem
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import androidx.hilt.navigation.compose.hiltViewModel
import androidx.lifecycle.compose.collectAsStateWithLifecycle

@Composable
internal fun ForecastRoute(
    viewModel: ForecastViewModel = hiltViewModel(),
) {
    val uiState by viewModel.uiState.collectAsStateWithLifecycle()
    ForecastScreen(uiState = uiState, onRetry = viewModel::refresh)
}

@Composable
internal fun ForecastScreen(
    uiState: ForecastUiState,
    onRetry: () -> Unit,
    modifier: Modifier = Modifier,
) {
    when (uiState) {
        ForecastUiState.Loading -> CircularProgressIndicator(modifier.testTag("forecast:loading"))
        is ForecastUiState.Error -> Column(modifier.padding(16.dp)) {
            Text(uiState.message)
            Button(onClick = onRetry, modifier = Modifier.testTag("forecast:retry")) {
                Text(stringResource(R.string.feature_forecast_retry))
            }
        }
        is ForecastUiState.Success -> LazyColumn(modifier.testTag("forecast:list")) {
            items(uiState.rows) { row ->
                ListItem(
                    headlineContent = { Text(row.time) },
                    supportingContent = { Text(row.height) },
                    trailingContent = {
                        Text(stringResource(if (row.isHigh) R.string.feature_forecast_high else R.string.feature_forecast_low))
                    },
                )
            }
        }
    }
}
""",
    P("feature/forecast/src/test/kotlin/app/tidewatch/feature/forecast/ForecastViewModelTest.kt"): """package app.tidewatch.feature.forecast

import androidx.lifecycle.SavedStateHandle
import androidx.navigation.testing.invoke
import app.cash.turbine.test
import app.tidewatch.core.testing.MainDispatcherRule
import app.tidewatch.core.testing.data.TestForecastRepository
import app.tidewatch.core.testing.data.TestSpotsRepository
import app.tidewatch.core.testing.data.ericeira
import app.tidewatch.core.testing.data.forecastFor
import app.tidewatch.core.testing.util.fixedFormatter
import app.tidewatch.feature.forecast.navigation.ForecastDestination
import com.google.common.truth.Truth.assertThat
import kotlinx.coroutines.test.runTest
import org.junit.Rule
import org.junit.Test

class ForecastViewModelTest {
    @get:Rule
    val mainDispatcherRule = MainDispatcherRule()

    private val spots = TestSpotsRepository()
    private val forecasts = TestForecastRepository()

    private fun viewModel() = ForecastViewModel(
        savedStateHandle = SavedStateHandle(route = ForecastDestination(spotId = ericeira.id)),
        forecastRepository = forecasts,
        spotsRepository = spots,
        timeFormatter = fixedFormatter(),
    )

    @Test
    fun `loading until the spot and forecast arrive`() = runTest {
        viewModel().uiState.test {
            assertThat(awaitItem()).isEqualTo(ForecastUiState.Loading)
        }
    }

    @Test
    fun `success maps events to rows`() = runTest {
        spots.send(listOf(ericeira))
        forecasts.send(forecastFor(ericeira, heights = listOf(3.1, 0.6)))
        viewModel().uiState.test {
            val state = expectMostRecentItem() as ForecastUiState.Success
            assertThat(state.rows.map { it.height }).containsExactly("3.1 m", "0.6 m").inOrder()
        }
    }

    @Test
    fun `refresh failure without cached forecast shows error`() = runTest {
        spots.send(listOf(ericeira))
        forecasts.failRefreshWith("timeout")
        viewModel().uiState.test {
            assertThat(expectMostRecentItem()).isEqualTo(ForecastUiState.Error("timeout"))
        }
    }

    @Test
    fun `heights round half up`() {
        assertThat(roundHeight(1.25)).isEqualTo(1.3)
        assertThat(roundHeight(0.04)).isEqualTo(0.0)
    }
}
""",
    P(f"feature/spots/{KP}/feature/spots/SpotsViewModel.kt"): """package app.tidewatch.feature.spots

import androidx.lifecycle.LiveData
import androidx.lifecycle.MutableLiveData
import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.model.Spot
import dagger.hilt.android.lifecycle.HiltViewModel
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.stateIn
import kotlinx.coroutines.launch
import javax.inject.Inject

@HiltViewModel
class SpotsViewModel @Inject constructor(
    private val spotsRepository: SpotsRepository,
) : ViewModel() {

    val uiState: StateFlow<SpotsUiState> = spotsRepository.observeSpots()
        .map<List<Spot>, SpotsUiState> { spots ->
            SpotsUiState.Success(
                favorites = spots.filter { it.isFavorite },
                others = spots.filterNot { it.isFavorite },
            )
        }
        .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), SpotsUiState.Loading)

    // TODO(maya): last LiveData in the app, fold into SpotsUiState
    private val _isRefreshing = MutableLiveData(false)
    val isRefreshing: LiveData<Boolean> = _isRefreshing

    fun refresh() {
        viewModelScope.launch {
            _isRefreshing.value = true
            spotsRepository.sync()
            _isRefreshing.value = false
        }
    }

    fun toggleFavorite(spot: Spot) {
        viewModelScope.launch { spotsRepository.setFavorite(spot.id, !spot.isFavorite) }
    }
}

sealed interface SpotsUiState {
    data object Loading : SpotsUiState

    data class Success(
        val favorites: List<Spot>,
        val others: List<Spot>,
    ) : SpotsUiState
}
""",
    P(f"feature/spots/{KP}/feature/spots/SpotsScreen.kt"): """package app.tidewatch.feature.spots

import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.pulltorefresh.PullToRefreshBox
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.livedata.observeAsState
import androidx.compose.ui.Modifier
import androidx.hilt.navigation.compose.hiltViewModel
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.tidewatch.core.model.Spot

@Composable
internal fun SpotsRoute(
    onSpotClick: (String) -> Unit,
    viewModel: SpotsViewModel = hiltViewModel(),
) {
    val uiState by viewModel.uiState.collectAsStateWithLifecycle()
    val isRefreshing by viewModel.isRefreshing.observeAsState(false)
    SpotsScreen(
        uiState = uiState,
        isRefreshing = isRefreshing,
        onRefresh = viewModel::refresh,
        onSpotClick = onSpotClick,
        onToggleFavorite = viewModel::toggleFavorite,
    )
}

@OptIn(ExperimentalMaterial3Api::class)
@Composable
internal fun SpotsScreen(
    uiState: SpotsUiState,
    isRefreshing: Boolean,
    onRefresh: () -> Unit,
    onSpotClick: (String) -> Unit,
    onToggleFavorite: (Spot) -> Unit,
    modifier: Modifier = Modifier,
) {
    PullToRefreshBox(isRefreshing = isRefreshing, onRefresh = onRefresh, modifier = modifier) {
        when (uiState) {
            SpotsUiState.Loading -> CircularProgressIndicator()
            is SpotsUiState.Success -> LazyColumn {
                items(uiState.favorites + uiState.others, key = { it.id }) { spot ->
                    SpotRow(spot = spot, onClick = { onSpotClick(spot.id) }, onToggleFavorite = { onToggleFavorite(spot) })
                }
            }
        }
    }
}
""",
    P(f"feature/spots/{KP}/feature/spots/detail/SpotDetailViewModel.kt"): """package app.tidewatch.feature.spots.detail

import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import androidx.navigation.toRoute
import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.model.Spot
import app.tidewatch.feature.spots.navigation.SpotDetailDestination
import dagger.hilt.android.lifecycle.HiltViewModel
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.stateIn
import kotlinx.coroutines.launch
import javax.inject.Inject

@HiltViewModel
class SpotDetailViewModel @Inject constructor(
    savedStateHandle: SavedStateHandle,
    private val spotsRepository: SpotsRepository,
) : ViewModel() {

    private val spotId = savedStateHandle.toRoute<SpotDetailDestination>().spotId

    val uiState: StateFlow<SpotDetailUiState> = spotsRepository.observeSpot(spotId)
        .map { spot -> if (spot == null) SpotDetailUiState.NotFound else SpotDetailUiState.Success(spot) }
        .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), SpotDetailUiState.Loading)

    fun toggleFavorite() {
        val spot = (uiState.value as? SpotDetailUiState.Success)?.spot ?: return
        viewModelScope.launch { spotsRepository.setFavorite(spot.id, !spot.isFavorite) }
    }
}

sealed interface SpotDetailUiState {
    data object Loading : SpotDetailUiState

    data object NotFound : SpotDetailUiState

    data class Success(val spot: Spot) : SpotDetailUiState
}
""",
    P(f"feature/spots/{KP}/feature/spots/detail/SpotDetailScreen.kt"): """package app.tidewatch.feature.spots.detail

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import androidx.hilt.navigation.compose.hiltViewModel
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.tidewatch.feature.spots.R

@Composable
internal fun SpotDetailRoute(
    onShowForecast: (String) -> Unit,
    viewModel: SpotDetailViewModel = hiltViewModel(),
) {
    val uiState by viewModel.uiState.collectAsStateWithLifecycle()
    SpotDetailScreen(uiState = uiState, onShowForecast = onShowForecast, onToggleFavorite = viewModel::toggleFavorite)
}

@Composable
internal fun SpotDetailScreen(
    uiState: SpotDetailUiState,
    onShowForecast: (String) -> Unit,
    onToggleFavorite: () -> Unit,
    modifier: Modifier = Modifier,
) {
    when (uiState) {
        SpotDetailUiState.Loading -> CircularProgressIndicator(modifier)
        SpotDetailUiState.NotFound -> Text(stringResource(R.string.feature_spots_not_found), modifier.padding(16.dp))
        is SpotDetailUiState.Success -> Column(modifier.padding(16.dp)) {
            Text(uiState.spot.name, style = MaterialTheme.typography.headlineSmall)
            Text(uiState.spot.region, style = MaterialTheme.typography.bodyMedium)
            FavoriteToggle(isFavorite = uiState.spot.isFavorite, onToggle = onToggleFavorite)
            Button(onClick = { onShowForecast(uiState.spot.id) }) {
                Text(stringResource(R.string.feature_spots_show_forecast))
            }
        }
    }
}
""",
    P(f"app/{KP}/navigation/TidewatchNavHost.kt"): """package app.tidewatch.navigation

import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.navigation.NavHostController
import androidx.navigation.compose.NavHost
import app.tidewatch.BuildConfig
import app.tidewatch.feature.forecast.navigation.forecastScreen
import app.tidewatch.feature.forecast.navigation.navigateToForecast
import app.tidewatch.feature.settings.navigation.settingsScreen
import app.tidewatch.feature.spots.navigation.SpotsDestination
import app.tidewatch.feature.spots.navigation.navigateToSpotDetail
import app.tidewatch.feature.spots.navigation.spotDetailScreen
import app.tidewatch.feature.spots.navigation.spotsScreen

@Composable
fun TidewatchNavHost(
    navController: NavHostController,
    modifier: Modifier = Modifier,
) {
    NavHost(
        navController = navController,
        startDestination = SpotsDestination,
        modifier = modifier,
    ) {
        spotsScreen(onSpotClick = navController::navigateToSpotDetail)
        spotDetailScreen(onShowForecast = navController::navigateToForecast)
        forecastScreen()
        settingsScreen(versionName = BuildConfig.VERSION_NAME)
    }
}
""",
    P("feature/alerts/build.gradle.kts"): """plugins {
    alias(libs.plugins.tidewatch.android.feature)
}

android {
    namespace = "app.tidewatch.feature.alerts"
}
""",
    P(f"feature/settings/{KP}/feature/settings/SettingsScreen.kt"): """package app.tidewatch.feature.settings

import androidx.compose.foundation.layout.Column
import androidx.compose.material3.ListItem
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource

@Composable
internal fun SettingsScreen(
    versionName: String,
    onOpenLicenses: () -> Unit,
    modifier: Modifier = Modifier,
) {
    Column(modifier) {
        ListItem(
            headlineContent = { Text(stringResource(R.string.feature_settings_version)) },
            supportingContent = { Text(versionName) },
        )
        LicensesItem(onClick = onOpenLicenses)
    }
}
""",
    P(f"feature/settings/{KP}/feature/settings/navigation/SettingsNavigation.kt"): """package app.tidewatch.feature.settings.navigation

import androidx.navigation.NavGraphBuilder
import androidx.navigation.compose.composable
import app.tidewatch.feature.settings.SettingsScreen
import kotlinx.serialization.Serializable

@Serializable
data object SettingsDestination

fun NavGraphBuilder.settingsScreen(versionName: String) {
    composable<SettingsDestination> {
        SettingsScreen(versionName = versionName, onOpenLicenses = {})
    }
}
""",
}

FILES.update({
    P("core/testing/src/main/kotlin/app/tidewatch/core/testing/data/TestSpotsRepository.kt"): """package app.tidewatch.core.testing.data

import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.model.Spot
import kotlinx.coroutines.channels.BufferOverflow
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.MutableSharedFlow
import kotlinx.coroutines.flow.map

class TestSpotsRepository : SpotsRepository {
    private val spots = MutableSharedFlow<List<Spot>>(replay = 1, onBufferOverflow = BufferOverflow.DROP_OLDEST)
    val favoriteCalls = mutableListOf<Pair<String, Boolean>>()
    var syncResult: Result<Unit> = Result.success(Unit)

    fun send(value: List<Spot>) {
        spots.tryEmit(value)
    }

    override fun observeSpots(): Flow<List<Spot>> = spots

    override fun observeSpot(id: String): Flow<Spot?> = spots.map { list -> list.find { it.id == id } }

    override suspend fun setFavorite(id: String, favorite: Boolean) {
        favoriteCalls += id to favorite
    }

    override suspend fun sync(): Result<Unit> = syncResult
}
""",
    P("feature/spots/src/main/res/values/strings.xml"): """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="feature_spots_title">Spots</string>
    <string name="feature_spots_not_found">This spot no longer exists.</string>
    <string name="feature_spots_show_forecast">Tide forecast</string>
    <string name="feature_spots_favorite">Favourite</string>
</resources>
""",
    P("feature/spots/build.gradle.kts"): """plugins {
    alias(libs.plugins.tidewatch.android.feature)
}

android {
    namespace = "app.tidewatch.feature.spots"
}

dependencies {
    implementation(libs.androidx.lifecycle.livedata)
    implementation(libs.androidx.compose.runtime.livedata)

    testImplementation(libs.truth)
    testImplementation(libs.turbine)
}
""",
})

FILES[P("feature/settings/src/main/res/values/strings.xml")] = """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="feature_settings_title">Settings</string>
    <string name="feature_settings_version">Version</string>
    <string name="feature_settings_licenses">Open-source licences</string>
</resources>
"""

DEPS_TREE = """
> Task :app:dependencies

------------------------------------------------------------
Project ':app'
------------------------------------------------------------

releaseRuntimeClasspath - Runtime classpath of '/release'.
+--- project :feature:alerts
|    +--- project :core:data
|    |    +--- project :core:model
|    |    |    \\--- org.jetbrains.kotlin:kotlin-stdlib:2.2.21
|    |    |         \\--- org.jetbrains:annotations:13.0 -> 23.0.0
|    |    +--- project :core:network
|    |    |    +--- project :core:model (*)
|    |    |    +--- com.squareup.retrofit2:retrofit:3.0.0
|    |    |    |    \\--- com.squareup.okhttp3:okhttp:4.12.0
|    |    |    |         +--- com.squareup.okio:okio:3.6.0 -> 3.9.1
|    |    |    |         |    \\--- com.squareup.okio:okio-jvm:3.9.1
|    |    |    |         |         \\--- org.jetbrains.kotlin:kotlin-stdlib:1.9.21 -> 2.2.21 (*)
|    |    |    |         \\--- org.jetbrains.kotlin:kotlin-stdlib-jdk8:1.8.21 -> 2.2.21
|    |    |    +--- com.squareup.retrofit2:converter-kotlinx-serialization:3.0.0
|    |    |    |    +--- com.squareup.retrofit2:retrofit:3.0.0 (*)
|    |    |    |    \\--- org.jetbrains.kotlinx:kotlinx-serialization-core:1.7.3 -> 1.9.0
|    |    |    +--- org.jetbrains.kotlinx:kotlinx-serialization-json:1.9.0
|    |    |    |    \\--- org.jetbrains.kotlinx:kotlinx-serialization-json-jvm:1.9.0
|    |    |    |         +--- org.jetbrains.kotlinx:kotlinx-serialization-bom:1.9.0
|    |    |    |         \\--- org.jetbrains.kotlinx:kotlinx-serialization-core:1.9.0 (*)
|    |    |    \\--- com.squareup.okhttp3:logging-interceptor:4.12.0
|    |    |         \\--- com.squareup.okhttp3:okhttp:4.12.0 (*)
|    |    +--- project :core:database
|    |    |    +--- project :core:model (*)
|    |    |    +--- androidx.room:room-runtime:2.8.3
|    |    |    |    \\--- androidx.room:room-runtime-android:2.8.3
|    |    |    |         +--- androidx.room:room-common:2.8.3
|    |    |    |         +--- androidx.sqlite:sqlite:2.6.1
|    |    |    |         +--- androidx.sqlite:sqlite-framework:2.6.1
|    |    |    |         \\--- org.jetbrains.kotlinx:kotlinx-coroutines-core:1.9.0 -> 1.10.2
|    |    |    |              \\--- org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:1.10.2
|    |    |    |                   +--- org.jetbrains:annotations:23.0.0
|    |    |    |                   +--- org.jetbrains.kotlinx:kotlinx-coroutines-bom:1.10.2
|    |    |    |                   \\--- org.jetbrains.kotlin:kotlin-stdlib:2.1.0 -> 2.2.21 (*)
|    |    |    \\--- androidx.room:room-ktx:2.8.3
|    |    |         +--- androidx.room:room-runtime:2.8.3 (*)
|    |    |         \\--- org.jetbrains.kotlinx:kotlinx-coroutines-android:1.10.2
|    |    |              +--- org.jetbrains.kotlinx:kotlinx-coroutines-core:1.10.2 (*)
|    |    |              \\--- org.jetbrains.kotlinx:kotlinx-coroutines-bom:1.10.2
|    |    +--- project :core:datastore
|    |    |    +--- project :core:model (*)
|    |    |    \\--- androidx.datastore:datastore-preferences:1.1.7
|    |    |         \\--- androidx.datastore:datastore-preferences-android:1.1.7
|    |    |              +--- androidx.datastore:datastore:1.1.7
|    |    |              |    \\--- androidx.datastore:datastore-android:1.1.7
|    |    |              |         \\--- androidx.datastore:datastore-core:1.1.7
|    |    |              |              \\--- androidx.datastore:datastore-core-android:1.1.7
|    |    |              |                   \\--- org.jetbrains.kotlinx:kotlinx-coroutines-core:1.9.0 -> 1.10.2 (*)
|    |    |              \\--- androidx.datastore:datastore-preferences-core:1.1.7
|    |    \\--- com.google.dagger:hilt-android:2.57.2
|    |         +--- com.google.dagger:dagger:2.57.2
|    |         |    +--- jakarta.inject:jakarta.inject-api:2.0.1
|    |         |    \\--- javax.inject:javax.inject:1
|    |         +--- com.google.dagger:dagger-lint-aar:2.57.2
|    |         +--- com.google.dagger:hilt-core:2.57.2
|    |         \\--- androidx.fragment:fragment:1.5.1 -> 1.8.9 (*)
|    +--- project :core:designsystem
|    |    +--- androidx.compose:compose-bom:2025.12.00
|    |    |    +--- androidx.compose.material3:material3:1.4.0 (c)
|    |    |    +--- androidx.compose.ui:ui:1.10.0 (c)
|    |    |    \\--- androidx.compose.foundation:foundation:1.10.0 (c)
|    |    +--- androidx.compose.material3:material3 -> 1.4.0
|    |    \\--- io.coil-kt.coil3:coil-compose:3.3.0
|    |         \\--- io.coil-kt.coil3:coil-compose-android:3.3.0
|    |              \\--- io.coil-kt.coil3:coil-compose-core-android:3.3.0
|    |                   \\--- org.jetbrains.kotlinx:kotlinx-coroutines-core:1.10.2 (*)
|    +--- androidx.lifecycle:lifecycle-runtime-compose:2.9.4
|    +--- androidx.lifecycle:lifecycle-viewmodel-compose:2.9.4
|    \\--- androidx.hilt:hilt-navigation-compose:1.3.0
+--- project :feature:forecast (*)
+--- project :feature:settings (*)
+--- project :feature:spots (*)
+--- project :core:data (*)
+--- project :core:designsystem (*)
+--- androidx.activity:activity-compose:1.11.0
+--- androidx.core:core-splashscreen:1.2.0
+--- androidx.navigation:navigation-compose:2.9.5
+--- androidx.hilt:hilt-navigation-compose:1.3.0 (*)
+--- androidx.work:work-runtime-ktx:2.10.5
|    \\--- androidx.work:work-runtime:2.10.5
|         +--- androidx.room:room-runtime:2.6.1 -> 2.8.3 (*)
|         \\--- org.jetbrains.kotlinx:kotlinx-coroutines-android:1.8.1 -> 1.10.2 (*)
\\--- androidx.hilt:hilt-work:1.3.0
     \\--- androidx.work:work-runtime:2.8.1 -> 2.10.5 (*)

(c) - A dependency constraint, not a dependency. The dependency affected by the constraint occurs elsewhere in the tree.
(*) - Indicates repeated occurrences of a transitive dependency subtree. Gradle expands transitive dependency subtrees only once per project; repeat occurrences only display the root of the subtree, followed by this annotation.

A web-based, searchable dependency report is available by adding the --scan option.

BUILD SUCCESSFUL in 6s
1 actionable task: 1 executed""".strip("\n")


def rw(d, path, *pairs):
    """New content of a virtual file after applying (old, new) replacements, each old exactly once."""
    text = d.files[path]
    for old, new in pairs:
        assert text.count(old) == 1, (path, old[:60])
        text = text.replace(old, new)
    return text


def real_durations(d):
    """tracegen advances the fake clock 1-12 s per Bash call. Builds here take minutes, so stretch the time
    between a tool_use entry and its result by the duration the output itself reports (BUILD ... in 1m 4s,
    fastlane's summary, an emulator boot). Only the clock moves; no RNG draws, so ids are unaffected."""
    import datetime as _dt
    import re as _re
    orig_tick, orig_entry, orig_task = d.tick, d.entry, d.task
    d._slow = d._armed = 0

    def tick(lo=2, hi=20):
        orig_tick(lo, hi)
        if d._armed:
            d.clock += _dt.timedelta(seconds=d._armed)
            d._armed = 0

    def entry(typ, message, **extra):
        e = orig_entry(typ, message, **extra)
        if typ == "assistant" and d._slow and any(b.get("type") == "tool_use" for b in message["content"]):
            d._armed, d._slow = d._slow, 0
        return e

    def secs_of(command, text):
        m = _re.search(r"BUILD (?:SUCCESSFUL|FAILED) in (?:(\d+)m )?(\d+)s", text)
        if m:
            return int(m.group(1) or 0) * 60 + int(m.group(2))
        m = _re.search(r"upload_to_play_store \| (\d+)", text)
        if m:
            return int(m.group(1)) + 2
        if "sys.boot_completed" in command:
            return 41
        if "daemon disappeared" in text:
            return 97
        return 0

    def task(prompt, tags=(), feedback=None):
        t = orig_task(prompt, tags, feedback)
        ob, of = t.bash, t.fail

        def bash(command, description, out="", err="", code=0, timeout=None):
            d._slow = secs_of(command, out + "\n" + err)
            return ob(command, description, out=out, err=err, code=code, timeout=timeout)

        def fail(command, description, printed, code=1, timeout=None):
            d._slow = secs_of(command, printed)
            return of(command, description, printed, code=code, timeout=timeout)
        t.bash, t.fail = bash, fail
        return t

    d.tick, d.entry, d.task = tick, entry, task


def kt_line(d, path, needle):
    for i, l in enumerate(d.files[path].split("\n"), 1):
        if needle in l:
            return i
    raise AssertionError(needle)


def db_ksp(changed=True, secs=9):
    tasks = compile_tasks(":core:model") + compile_tasks(":core:database", "Debug", {":core:database"} if changed else ())[:8]
    return fmt_tasks(tasks) + "\n\n" + ok_end(tasks, secs)


# ======================================================================= stream
def gen():
    d = Dev("android-kt", U, "en", MODEL, seed=20260406, files=FILES)
    real_durations(d)
    DB = P(f"core/database/{KP}/core/database/TidewatchDatabase.kt")
    SPOT_E = P(f"core/database/{KP}/core/database/model/SpotEntity.kt")
    ALERT_E = P(f"core/database/{KP}/core/database/model/TideAlertEntity.kt")
    SPOT_DAO = P(f"core/database/{KP}/core/database/dao/SpotDao.kt")
    ALERT_DAO = P(f"core/database/{KP}/core/database/dao/TideAlertDao.kt")
    MIG = P("core/database/src/androidTest/kotlin/app/tidewatch/core/database/MigrationTest.kt")
    DATAMOD = P(f"core/data/{KP}/core/data/di/DataModule.kt")
    REPO = f"core/data/{KP}/core/data/repository"
    FVM = P(f"feature/forecast/{KP}/feature/forecast/ForecastViewModel.kt")
    SVM = P(f"feature/spots/{KP}/feature/spots/SpotsViewModel.kt")
    SDVM = P(f"feature/spots/{KP}/feature/spots/detail/SpotDetailViewModel.kt")
    TESTING = "core/testing/src/main/kotlin/app/tidewatch/core/testing/data"
    SCHEMAS = "core/database/schemas/app.tidewatch.core.database.TidewatchDatabase"
    APPB = P("app/build.gradle.kts")
    CHANGELOGS = "fastlane/metadata/android/en-US/changelogs"

    # ============================================================ S1
    with d.session("2026-04-06T08:40:00", R, branch="main", version="2.1.46"):
        t = d.task("I'm still finding my way around what Rui built before he left. Walk me through how the forecast "
                   "screen gets its data — from the API call to what ForecastScreen draws. Which classes, in what order?",
                   tags=["noise"])
        t.glob("**/*Forecast*.kt", [P(x) for x in [
            f"core/data/{KP}/core/data/repository/ForecastRepository.kt",
            f"core/data/{KP}/core/data/repository/OfflineFirstForecastRepository.kt",
            f"core/database/{KP}/core/database/dao/ForecastDao.kt",
            f"core/database/{KP}/core/database/model/ForecastEntity.kt",
            f"core/model/{KP}/core/model/Forecast.kt",
            f"core/network/{KP}/core/network/model/NetworkForecast.kt",
            f"core/testing/src/main/kotlin/app/tidewatch/core/testing/data/TestForecastRepository.kt",
            f"feature/forecast/{KP}/feature/forecast/ForecastScreen.kt",
            f"feature/forecast/{KP}/feature/forecast/ForecastUiState.kt",
            f"feature/forecast/{KP}/feature/forecast/ForecastViewModel.kt",
            f"feature/forecast/{KP}/feature/forecast/navigation/ForecastNavigation.kt",
            "feature/forecast/src/test/kotlin/app/tidewatch/feature/forecast/ForecastViewModelTest.kt"]], path=R)
        t.read(FVM)
        t.read(P(f"{REPO}/OfflineFirstForecastRepository.kt"))
        t.read(DATAMOD)
        t.read(P(f"feature/forecast/{KP}/feature/forecast/ForecastScreen.kt"))
        t.done("""It's an offline-first setup: the screen only ever reads Room, and the network just refills Room.

1. **`ForecastRoute`** (`feature/forecast/ForecastScreen.kt`) gets `ForecastViewModel` via `hiltViewModel()` and collects `uiState` with `collectAsStateWithLifecycle()`.
2. **`ForecastViewModel`** reads `spotId` from the type-safe nav destination (`savedStateHandle.toRoute<ForecastDestination>()`), then `combine`s three flows: `SpotsRepository.observeSpot`, `ForecastRepository.observeForecast`, and a local `refreshError`. The result becomes `ForecastUiState` (`Loading` / `Error` / `Success(rows)`) via `stateIn(WhileSubscribed(5_000))`. Times go through `TideTimeFormatter`, heights through `roundHeight` (one decimal, half up).
3. `init { refresh() }` calls **`OfflineFirstForecastRepository.refresh`**: looks up the spot's `stationId` in `SpotDao`, calls **`TidewatchApi.tides(stationId)`** (Retrofit), and writes the events with `ForecastDao.replaceForSpot`.
4. Room emits the new rows on `ForecastDao.observeForSpot`, which `observeForecast` maps to the `Forecast` model, and the combine above produces a new `Success` state.
5. **`ForecastScreen`** renders it: spinner (`forecast:loading`), error + retry button (`forecast:retry`), or a `LazyColumn` of time / height / High–Low (`forecast:list`).

Wiring: `DataModule` in core:data binds the interfaces (`ForecastRepository` → `OfflineFirstForecastRepository`, same for spots); the VM only knows the interfaces, which is what the tests in `ForecastViewModelTest` swap for `TestForecastRepository` / `TestSpotsRepository` from core:testing.

One thing worth knowing: if the refresh fails but Room already has a forecast, the error is swallowed and you keep seeing the cached data — `Error` only shows when there's nothing cached.""")

        t = d.task("changed roundHeight in ForecastViewModel on friday (half up now instead of whatever String.format did). "
                   "run just ForecastViewModelTest and tell me if it's green", tags=["mistake:M2"])
        t.fail("./gradlew --console=plain :feature:forecast:test --tests 'app.tidewatch.feature.forecast.ForecastViewModelTest'",
               "Run ForecastViewModelTest only", DAEMON + "\n\n" + tests_option_fail(":feature:forecast:test", 4))
        t.say("In an Android module `test` is only an aggregate over the per-variant unit test tasks, so it doesn't "
              "accept `--tests`. Putting the filter on the debug variant's task instead.")
        t.bash("./gradlew --console=plain :feature:forecast:testDebugUnitTest --tests 'app.tidewatch.feature.forecast.ForecastViewModelTest'",
               "Run ForecastViewModelTest on the debug unit test task",
               out=module_test(":feature:forecast", changed={":feature:forecast"}, secs=38))
        t.bash("grep -o 'tests=\"[0-9]*\" skipped=\"[0-9]*\" failures=\"[0-9]*\" errors=\"[0-9]*\"' "
               "feature/forecast/build/test-results/testDebugUnitTest/TEST-app.tidewatch.feature.forecast.ForecastViewModelTest.xml",
               "Read the test counts from the JUnit XML report", out='tests="4" skipped="0" failures="0" errors="0"')
        t.done("Green: `ForecastViewModelTest` ran 4 tests, 0 failures — including `heights round half up` "
               "(1.25 → 1.3, 0.04 → 0.0), so your `floor(x * 10 + 0.5) / 10` change is covered.\n\n"
               "(`:feature:forecast:test --tests …` doesn't work in Android modules — `test` is just an aggregate "
               "task; the filter has to go on `:feature:forecast:testDebugUnitTest`.)")

        t = d.task("quick q: collectAsStateWithLifecycle vs collectAsState in the Route composables, does it actually matter "
                   "for us or is it cargo cult", tags=["noise", "no_tools"])
        t.done("""It matters, a bit — not cargo cult.

- `collectAsState()` keeps collecting as long as the composable is in the composition, including when the app is in the background (the Activity is stopped but not destroyed).
- `collectAsStateWithLifecycle()` collects only while the lifecycle is at least `STARTED` and cancels the collection when you go to the background.

For us that's the difference between the `stateIn(viewModelScope, WhileSubscribed(5_000), …)` upstream actually stopping or not: with `WithLifecycle`, 5 s after the user leaves the app the subscriber count drops to zero, the `combine` over Room + refresh errors stops, and Room stops re-querying on every table write (e.g. a background sync writing forecasts). With plain `collectAsState` those flows keep running in the background until the screen leaves composition.

So: keep `collectAsStateWithLifecycle()` in the Route composables; plain `collectAsState()` is fine only for flows that don't cost anything to keep alive.""")

        t = d.task("The tide chart line looks really thin on the Pixel 9 Pro. Make it 2dp and use the tertiary color instead of primary.",
                   tags=["noise"])
        chart = P(f"core/designsystem/{KP}/core/designsystem/component/TideChart.kt")
        t.read(chart)
        t.edit(chart, "    val lineColor = MaterialTheme.colorScheme.primary", "    val lineColor = MaterialTheme.colorScheme.tertiary")
        t.edit(chart, "Stroke(width = 1.5.dp.toPx())", "Stroke(width = 2.dp.toPx())")
        tasks = compile_tasks(":core:designsystem", "Debug", {":core:designsystem"})
        t.bash("./gradlew :core:designsystem:compileDebugKotlin", "Compile the design system module",
               out=fmt_tasks(tasks) + "\n\n" + ok_end(tasks, 7))
        t.done("`TideChart` now draws with `colorScheme.tertiary` and a 2.dp stroke (was primary / 1.5.dp). "
               "core:designsystem compiles. It's the only chart, so forecast and spot detail both pick it up.")

    # ============================================================ S2
    with d.session("2026-04-08T09:05:00", R, branch="feat/spot-notes", version="2.1.46"):
        t = d.task("new branch feat/spot-notes. Spots need a free-text note (\"parking behind the chapel, rocks at low tide\" "
                   "kind of thing). Add a nullable `note` column to spots — Room 3→4 as an AutoMigration, export the schema, "
                   "add a migration test and run it on the emulator.", tags=["workflow:W1", "mistake:M1"])
        t.read(DB)
        t.read(SPOT_E)
        t.edit(SPOT_E, """    @ColumnInfo(name = "time_zone", defaultValue = "Europe/Lisbon") val timeZone: String,
)""", """    @ColumnInfo(name = "time_zone", defaultValue = "Europe/Lisbon") val timeZone: String,
    val note: String? = null,
)""")
        t.edit(DB, """    version = 3,
    autoMigrations = [
        AutoMigration(from = 1, to = 2),
        AutoMigration(from = 2, to = 3),
    ],""", """    version = 4,
    autoMigrations = [
        AutoMigration(from = 1, to = 2),
        AutoMigration(from = 2, to = 3),
        AutoMigration(from = 3, to = 4),
    ],""")
        t.bash("./gradlew :core:database:kspDebugKotlin", "Run Room's KSP processor to export the v4 schema",
               out=DAEMON + "\n" + db_ksp(secs=41))
        t.bash(f"git status --short {SCHEMAS}", "Check the exported schema file", out=f"?? {SCHEMAS}/4.json")
        t.read(MIG)
        t.write(MIG, rw(d, MIG,
            ("import org.junit.Assert.assertEquals\n",
             "import org.junit.Assert.assertEquals\nimport org.junit.Assert.assertTrue\n"),
            ("""    private companion object {""",
             """    @Test
    fun migrate3To4_addsNullableNote() {
        helper.createDatabase(DB, 3).use { db ->
            db.execSQL(
                "INSERT INTO spots (id, name, region, latitude, longitude, station_id, is_favorite, time_zone) " +
                    "VALUES ('coxos', 'Coxos', 'Ericeira', 39.0006, -9.4258, 'PT-CASC', 1, 'Europe/Lisbon')",
            )
        }
        helper.runMigrationsAndValidate(DB, 4, true).use { db ->
            db.query("SELECT note, is_favorite FROM spots WHERE id = 'coxos'").use { c ->
                c.moveToFirst()
                assertTrue(c.isNull(0))
                assertEquals(1, c.getInt(1))
            }
        }
    }

    private companion object {""")))
        at = android_test_tasks(":core:database", changed={":core:database"})
        t.fail("./gradlew :core:database:connectedDebugAndroidTest", "Run the Room migration tests on the emulator",
               no_device_fail(at, ":core:database:connectedDebugAndroidTest", 34))
        t.say("The build is fine, there's just no device: the emulator isn't running. Checking adb and starting the "
              "Pixel 8 AVD.")
        t.bash("adb devices", "List attached devices", out="List of devices attached")
        t.bash(f"nohup $ANDROID_HOME/emulator/emulator -avd {AVD} -no-snapshot-load -no-boot-anim > /tmp/emulator.log 2>&1 &",
               "Start the Pixel_8_API_35 emulator in the background")
        t.bash("adb wait-for-device shell 'while [ \"$(getprop sys.boot_completed)\" != \"1\" ]; do sleep 2; done; echo booted'",
               "Wait until the emulator has finished booting", out="booted", timeout=300000)
        at2 = android_test_tasks(":core:database")
        t.bash("./gradlew :core:database:connectedDebugAndroidTest", "Run the Room migration tests on the emulator",
               out=connected_ok(at2, 3, 47), timeout=600000)
        t.done(f"""- `SpotEntity.note: String? = null` (plain nullable TEXT column, no default needed).
- `TidewatchDatabase` → `version = 4` with `AutoMigration(from = 3, to = 4)`.
- Exported `{SCHEMAS}/4.json` (new, untracked — commit it with the change; the AutoMigration is generated from 3.json → 4.json).
- `MigrationTest.migrate3To4_addsNullableNote`: inserts a favourite spot at v3, migrates, checks `note` is NULL and the favourite flag survived.

`connectedDebugAndroidTest` on {AVD}: 3/3 passed. The first run failed with `No connected devices!` because no emulator was running; I started the AVD and left it running.""")

        t = d.task("Now show the note on the spot detail screen under the region, with an edit button that opens a dialog. "
                   "Keep SpotDetailViewModel exposing its one StateFlow<SpotDetailUiState> — no LiveData please, I want "
                   "LiveData gone from this codebase, not more of it.", tags=["pref:P1"])
        spot_m = P(f"core/model/{KP}/core/model/Spot.kt")
        t.read(spot_m)
        t.edit(spot_m, "    val timeZone: String,\n)", "    val timeZone: String,\n    val note: String? = null,\n)")
        t.edit(SPOT_E, "    timeZone = timeZone,\n)", "    timeZone = timeZone,\n    note = note,\n)")
        t.read(SPOT_DAO)
        t.edit(SPOT_DAO, """    suspend fun setFavorite(id: String, favorite: Boolean)
""", """    suspend fun setFavorite(id: String, favorite: Boolean)

    @Query("UPDATE spots SET note = :note WHERE id = :id")
    suspend fun setNote(id: String, note: String?)
""")
        sr = P(f"{REPO}/SpotsRepository.kt")
        t.read(sr)
        t.edit(sr, """    suspend fun setFavorite(id: String, favorite: Boolean)
""", """    suspend fun setFavorite(id: String, favorite: Boolean)

    suspend fun setNote(id: String, note: String?)
""")
        osr = P(f"{REPO}/OfflineFirstSpotsRepository.kt")
        t.read(osr)
        t.say("`sync()` upserts whole rows from the API, which would wipe a local note on every refresh — keeping it "
              "the same way favourites are kept.")
        t.edit(osr, """    override suspend fun setFavorite(id: String, favorite: Boolean) = spotDao.setFavorite(id, favorite)

    override suspend fun sync(): Result<Unit> = runCatching {
        val favorites = spotDao.observeAll().first().filter { it.isFavorite }.map { it.id }.toSet()
        spotDao.upsertAll(api.spots().map { it.asEntity(isFavorite = it.id in favorites) })
    }""", """    override suspend fun setFavorite(id: String, favorite: Boolean) = spotDao.setFavorite(id, favorite)

    override suspend fun setNote(id: String, note: String?) = spotDao.setNote(id, note)

    override suspend fun sync(): Result<Unit> = runCatching {
        // favourites and notes only live on the device; keep them when the API list is written over the rows
        val local = spotDao.observeAll().first().associateBy { it.id }
        spotDao.upsertAll(
            api.spots().map { remote ->
                val mine = local[remote.id]
                remote.asEntity(isFavorite = mine?.isFavorite == true).copy(note = mine?.note)
            },
        )
    }""")
        t.read(SDVM)
        t.edit(SDVM, """    fun toggleFavorite() {
        val spot = (uiState.value as? SpotDetailUiState.Success)?.spot ?: return
        viewModelScope.launch { spotsRepository.setFavorite(spot.id, !spot.isFavorite) }
    }
""", """    fun toggleFavorite() {
        val spot = (uiState.value as? SpotDetailUiState.Success)?.spot ?: return
        viewModelScope.launch { spotsRepository.setFavorite(spot.id, !spot.isFavorite) }
    }

    /** Blank text clears the note. */
    fun saveNote(text: String) {
        val spot = (uiState.value as? SpotDetailUiState.Success)?.spot ?: return
        val note = text.trim().ifEmpty { null }
        viewModelScope.launch { spotsRepository.setNote(spot.id, note) }
    }
""")
        sds = P(f"feature/spots/{KP}/feature/spots/detail/SpotDetailScreen.kt")
        t.read(sds)
        t.write(sds, """package app.tidewatch.feature.spots.detail

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.padding
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.outlined.Edit
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import androidx.hilt.navigation.compose.hiltViewModel
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.tidewatch.feature.spots.R

@Composable
internal fun SpotDetailRoute(
    onShowForecast: (String) -> Unit,
    viewModel: SpotDetailViewModel = hiltViewModel(),
) {
    val uiState by viewModel.uiState.collectAsStateWithLifecycle()
    SpotDetailScreen(
        uiState = uiState,
        onShowForecast = onShowForecast,
        onToggleFavorite = viewModel::toggleFavorite,
        onSaveNote = viewModel::saveNote,
    )
}

@Composable
internal fun SpotDetailScreen(
    uiState: SpotDetailUiState,
    onShowForecast: (String) -> Unit,
    onToggleFavorite: () -> Unit,
    onSaveNote: (String) -> Unit,
    modifier: Modifier = Modifier,
) {
    var editingNote by rememberSaveable { mutableStateOf(false) }
    when (uiState) {
        SpotDetailUiState.Loading -> CircularProgressIndicator(modifier)
        SpotDetailUiState.NotFound -> Text(stringResource(R.string.feature_spots_not_found), modifier.padding(16.dp))
        is SpotDetailUiState.Success -> Column(modifier.padding(16.dp)) {
            Text(uiState.spot.name, style = MaterialTheme.typography.headlineSmall)
            Text(uiState.spot.region, style = MaterialTheme.typography.bodyMedium)
            Row(verticalAlignment = Alignment.CenterVertically) {
                Text(
                    text = uiState.spot.note ?: stringResource(R.string.feature_spots_note_empty),
                    style = MaterialTheme.typography.bodyMedium,
                    modifier = Modifier.weight(1f),
                )
                IconButton(onClick = { editingNote = true }) {
                    Icon(Icons.Outlined.Edit, contentDescription = stringResource(R.string.feature_spots_note_edit))
                }
            }
            FavoriteToggle(isFavorite = uiState.spot.isFavorite, onToggle = onToggleFavorite)
            Button(onClick = { onShowForecast(uiState.spot.id) }) {
                Text(stringResource(R.string.feature_spots_show_forecast))
            }
            if (editingNote) {
                NoteDialog(
                    initial = uiState.spot.note.orEmpty(),
                    onDismiss = { editingNote = false },
                    onSave = {
                        onSaveNote(it)
                        editingNote = false
                    },
                )
            }
        }
    }
}

@Composable
private fun NoteDialog(
    initial: String,
    onDismiss: () -> Unit,
    onSave: (String) -> Unit,
) {
    var text by rememberSaveable { mutableStateOf(initial) }
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(stringResource(R.string.feature_spots_note_title)) },
        text = {
            OutlinedTextField(
                value = text,
                onValueChange = { text = it },
                placeholder = { Text(stringResource(R.string.feature_spots_note_placeholder)) },
                minLines = 3,
            )
        },
        confirmButton = {
            TextButton(onClick = { onSave(text) }) { Text(stringResource(R.string.feature_spots_note_save)) }
        },
        dismissButton = {
            TextButton(onClick = onDismiss) { Text(stringResource(android.R.string.cancel)) }
        },
    )
}
""")
        strings = P("feature/spots/src/main/res/values/strings.xml")
        t.read(strings)
        t.edit(strings, """    <string name="feature_spots_favorite">Favourite</string>
""", """    <string name="feature_spots_favorite">Favourite</string>
    <string name="feature_spots_note_title">Note</string>
    <string name="feature_spots_note_placeholder">Parking, access, hazards…</string>
    <string name="feature_spots_note_save">Save</string>
    <string name="feature_spots_note_edit">Edit note</string>
    <string name="feature_spots_note_empty">No note yet</string>
""")
        tsr = P(f"{TESTING}/TestSpotsRepository.kt")
        t.read(tsr)
        t.edit(tsr, """    override suspend fun sync(): Result<Unit> = syncResult""", """    val noteCalls = mutableListOf<Pair<String, String?>>()

    override suspend fun setNote(id: String, note: String?) {
        noteCalls += id to note
    }

    override suspend fun sync(): Result<Unit> = syncResult""")
        t.bash("./gradlew :feature:spots:test 2>&1 | tail -n 12", "Compile and run the spots unit tests",
               out=tail(module_test(":feature:spots", changed={":core:model", ":core:database", ":core:data", ":core:testing",
                                                                ":feature:spots"}, variants=("Debug", "Release"), secs=71), 12))
        t.done("""Done, all through the existing state:

- `Spot.note` (model) ← `SpotEntity.note`; `SpotDao.setNote`, `SpotsRepository.setNote`.
- `SpotDetailViewModel.saveNote(text)`: trims, blank → `null` (clears the note). State still comes out only through `uiState: StateFlow<SpotDetailUiState>` — the note is just part of `Success.spot`.
- `SpotDetailScreen`: note (or "No note yet") under the region with an edit icon, opening a `NoteDialog` (`OutlinedTextField`, Save / Cancel). Strings in `feature/spots/…/strings.xml`.
- Fixed a trap on the way: `OfflineFirstSpotsRepository.sync()` upserts whole rows from the API, so it would have wiped notes on every pull-to-refresh. It now carries `note` over like it already did for favourites.
- `TestSpotsRepository` implements `setNote` (records calls).

`./gradlew :feature:spots:test` passes.""")

        t = d.task("Add unit tests for saveNote — blank clears it, whitespace gets trimmed, and it actually calls the repo. "
                   "Use Truth's assertThat like the forecast tests, not assertEquals.", tags=["pref:P3"])
        t.write(P("feature/spots/src/test/kotlin/app/tidewatch/feature/spots/detail/SpotDetailViewModelTest.kt"),
                """package app.tidewatch.feature.spots.detail

import androidx.lifecycle.SavedStateHandle
import androidx.navigation.testing.invoke
import app.cash.turbine.test
import app.tidewatch.core.testing.MainDispatcherRule
import app.tidewatch.core.testing.data.TestSpotsRepository
import app.tidewatch.core.testing.data.ericeira
import app.tidewatch.feature.spots.navigation.SpotDetailDestination
import com.google.common.truth.Truth.assertThat
import kotlinx.coroutines.test.runTest
import org.junit.Rule
import org.junit.Test

class SpotDetailViewModelTest {
    @get:Rule
    val mainDispatcherRule = MainDispatcherRule()

    private val spots = TestSpotsRepository()

    private fun viewModel() = SpotDetailViewModel(
        savedStateHandle = SavedStateHandle(route = SpotDetailDestination(spotId = ericeira.id)),
        spotsRepository = spots,
    )

    @Test
    fun `saveNote trims whitespace`() = runTest {
        spots.send(listOf(ericeira))
        val vm = viewModel()
        vm.uiState.test {
            skipItems(1)
            vm.saveNote("  rocks on the left at low tide \\n")
            cancelAndIgnoreRemainingEvents()
        }
        assertThat(spots.noteCalls).containsExactly(ericeira.id to "rocks on the left at low tide")
    }

    @Test
    fun `blank note clears it`() = runTest {
        spots.send(listOf(ericeira.copy(note = "old")))
        val vm = viewModel()
        vm.uiState.test {
            skipItems(1)
            vm.saveNote("   ")
            cancelAndIgnoreRemainingEvents()
        }
        assertThat(spots.noteCalls).containsExactly(ericeira.id to null)
    }

    @Test
    fun `saveNote does nothing while loading`() = runTest {
        viewModel().saveNote("anything")
        assertThat(spots.noteCalls).isEmpty()
    }
}
""")
        t.bash("./gradlew :feature:spots:test 2>&1 | tail -n 8", "Run the spots unit tests",
               out=tail(module_test(":feature:spots", changed={":feature:spots"}, variants=("Debug", "Release"), secs=24), 8))
        t.done("Added `SpotDetailViewModelTest` (Truth + Turbine): trims whitespace, blank → `null`, and no repo call "
               "while the state is still `Loading`. The uiState is collected in the first two so the `WhileSubscribed` "
               "flow is actually running when `saveNote` reads it. `:feature:spots:test` green.")

    # ============================================================ S3
    with d.session("2026-04-10T12:30:00", R, branch="feat/tide-alerts", version="2.1.47", end_reason="other"):
        t = d.task("Before we build alerts: read the WorkManager docs on periodic work. Minimum interval, and how does "
                   "flex work? We want to check the forecast roughly every 6h and notify.", tags=["noise", "webfetch"])
        t.webfetch("https://developer.android.com/develop/background-work/background-tasks/persistent/getting-started/define-work",
                   "Periodic work: minimum repeat interval, flex interval semantics, constraints, and how to enqueue unique periodic work",
                   """**Schedule periodic work**
- Use `PeriodicWorkRequestBuilder<W>(repeatInterval, timeUnit)`. The minimum repeat interval is **15 minutes** (same as JobScheduler). Intervals below that are clamped.
- Execution time is not exact: the work runs at most once per interval, and the system may delay it to optimise battery (Doze, app standby buckets, constraints).

**Flexible run intervals**
- `PeriodicWorkRequestBuilder<W>(repeatInterval, repeatUnit, flexInterval, flexUnit)`: the work is eligible to run only within the **last `flexInterval`** of each repeat period, i.e. in the window `[repeatInterval - flexInterval, repeatInterval]`.
- The minimum flex interval is **5 minutes**.

**Constraints**
- Constraints apply to periodic work as well (e.g. `setRequiredNetworkType(NetworkType.CONNECTED)`, `setRequiresBatteryNotLow(true)`). If constraints aren't met the run is skipped until they are, within that period.

**Unique work**
- Enqueue with `WorkManager.enqueueUniquePeriodicWork(name, ExistingPeriodicWorkPolicy, request)`; `UPDATE` keeps the existing schedule and updates the request, `CANCEL_AND_REENQUEUE` restarts it.

**Note**: periodic work cannot be chained and can't have an initial delay longer than its interval behaving like an alarm — for exact-time work use `AlarmManager`.""")
        t.done("""From the WorkManager docs:

- **Minimum interval: 15 minutes.** 6 h is fine: `PeriodicWorkRequestBuilder<TideCheckWorker>(6, TimeUnit.HOURS)`.
- **Flex:** with `(6, HOURS, flexInterval, flexUnit)` the run is only allowed in the *last* `flexInterval` of each 6 h period. E.g. a 1 h flex → somewhere between 5 h and 6 h after the previous period started. Minimum flex is 5 min.
- Timing is never exact — Doze and standby buckets can push it later. That's fine for "check the forecast and maybe notify", but **not** for "notify exactly 60 min before high tide". For that the worker should compute the next tide event and schedule the notification itself (a one-time `OneTimeWorkRequest` with `setInitialDelay`, or `AlarmManager` if it must be exact).
- Use `enqueueUniquePeriodicWork("tide-check", ExistingPeriodicWorkPolicy.UPDATE, request)` from `TidewatchApplication` so it isn't enqueued twice, with a `NetworkType.CONNECTED` constraint since it refreshes forecasts.

We already have `hilt-work` in the app, so the worker can be a `@HiltWorker` with `@AssistedInject` and get the repositories injected.""")

        t = d.task("OK, alerts screen. I created the :feature:alerts module (empty). Needs: a TideAlertsRepository in core:data "
                   "(interface + impl over TideAlertDao), AlertsViewModel, AlertsScreen listing alerts grouped by spot with an "
                   "enable switch, and a route in the nav host (deep link tidewatch://alerts). Usual rule for the VM: one "
                   "uiState StateFlow with a sealed UiState, no LiveData. VM tests, then build the app so I can click through it.",
                   tags=["mistake:M3", "pref:P1"])
        t.read(ALERT_DAO)
        t.edit(ALERT_DAO, """    @Query("DELETE FROM tide_alerts WHERE id = :id")
    suspend fun delete(id: Long)
""", """    @Query("UPDATE tide_alerts SET enabled = :enabled WHERE id = :id")
    suspend fun setEnabled(id: Long, enabled: Boolean)

    @Query("DELETE FROM tide_alerts WHERE id = :id")
    suspend fun delete(id: Long)
""")
        t.write(P(f"{REPO}/TideAlertsRepository.kt"), """package app.tidewatch.core.data.repository

import app.tidewatch.core.model.TideAlert
import kotlinx.coroutines.flow.Flow

interface TideAlertsRepository {
    fun observeAlerts(): Flow<List<TideAlert>>

    suspend fun save(alert: TideAlert): Long

    suspend fun setEnabled(id: Long, enabled: Boolean)

    suspend fun delete(id: Long)
}
""")
        t.write(P(f"{REPO}/OfflineFirstTideAlertsRepository.kt"), """package app.tidewatch.core.data.repository

import app.tidewatch.core.database.dao.TideAlertDao
import app.tidewatch.core.database.model.TideAlertEntity
import app.tidewatch.core.database.model.asEntity
import app.tidewatch.core.database.model.asExternalModel
import app.tidewatch.core.model.TideAlert
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map
import javax.inject.Inject

internal class OfflineFirstTideAlertsRepository @Inject constructor(
    private val tideAlertDao: TideAlertDao,
) : TideAlertsRepository {

    override fun observeAlerts(): Flow<List<TideAlert>> =
        tideAlertDao.observeAll().map { it.map(TideAlertEntity::asExternalModel) }

    override suspend fun save(alert: TideAlert): Long = tideAlertDao.upsert(alert.asEntity())

    override suspend fun setEnabled(id: Long, enabled: Boolean) = tideAlertDao.setEnabled(id, enabled)

    override suspend fun delete(id: Long) = tideAlertDao.delete(id)
}
""")
        AK = f"feature/alerts/{KP}/feature/alerts"
        t.write(P(f"{AK}/AlertsViewModel.kt"), """package app.tidewatch.feature.alerts

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.data.repository.TideAlertsRepository
import app.tidewatch.core.model.TideAlert
import dagger.hilt.android.lifecycle.HiltViewModel
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.combine
import kotlinx.coroutines.flow.stateIn
import kotlinx.coroutines.launch
import javax.inject.Inject

@HiltViewModel
class AlertsViewModel @Inject constructor(
    private val tideAlertsRepository: TideAlertsRepository,
    spotsRepository: SpotsRepository,
) : ViewModel() {

    val uiState: StateFlow<AlertsUiState> = combine(
        tideAlertsRepository.observeAlerts(),
        spotsRepository.observeSpots(),
    ) { alerts, spots ->
        if (alerts.isEmpty()) {
            AlertsUiState.Empty
        } else {
            val names = spots.associate { it.id to it.name }
            AlertsUiState.Success(
                groups = alerts
                    .groupBy { it.spotId }
                    .map { (spotId, list) -> AlertGroup(spotName = names[spotId] ?: spotId, alerts = list) }
                    .sortedBy { it.spotName },
            )
        }
    }.stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), AlertsUiState.Loading)

    fun setEnabled(alert: TideAlert, enabled: Boolean) {
        viewModelScope.launch { tideAlertsRepository.setEnabled(alert.id, enabled) }
    }
}

sealed interface AlertsUiState {
    data object Loading : AlertsUiState

    data object Empty : AlertsUiState

    data class Success(val groups: List<AlertGroup>) : AlertsUiState
}

data class AlertGroup(
    val spotName: String,
    val alerts: List<TideAlert>,
)
""")
        t.write(P(f"{AK}/AlertsScreen.kt"), """package app.tidewatch.feature.alerts

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.ListItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.hilt.navigation.compose.hiltViewModel
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.tidewatch.core.model.TideAlert
import app.tidewatch.core.model.TideType

@Composable
internal fun AlertsRoute(
    viewModel: AlertsViewModel = hiltViewModel(),
) {
    val uiState by viewModel.uiState.collectAsStateWithLifecycle()
    AlertsScreen(uiState = uiState, onToggle = viewModel::setEnabled)
}

@Composable
internal fun AlertsScreen(
    uiState: AlertsUiState,
    onToggle: (TideAlert, Boolean) -> Unit,
    modifier: Modifier = Modifier,
) {
    when (uiState) {
        AlertsUiState.Loading -> Box(modifier.fillMaxSize(), contentAlignment = Alignment.Center) {
            CircularProgressIndicator()
        }
        AlertsUiState.Empty -> Box(modifier.fillMaxSize(), contentAlignment = Alignment.Center) {
            Text(stringResource(R.string.feature_alerts_empty), style = MaterialTheme.typography.bodyLarge)
        }
        is AlertsUiState.Success -> LazyColumn(modifier) {
            uiState.groups.forEach { group ->
                item(key = "header-${group.spotName}") {
                    Text(group.spotName, style = MaterialTheme.typography.titleSmall)
                }
                items(group.alerts, key = { it.id }) { alert ->
                    ListItem(
                        headlineContent = { Text(alertLabel(alert)) },
                        trailingContent = {
                            Switch(checked = alert.enabled, onCheckedChange = { onToggle(alert, it) })
                        },
                    )
                }
            }
        }
    }
}

@Composable
private fun alertLabel(alert: TideAlert): String = stringResource(
    if (alert.type == TideType.HIGH) R.string.feature_alerts_high_above else R.string.feature_alerts_low_below,
    alert.thresholdCm / 100.0,
)
""")
        t.write(P(f"feature/alerts/src/main/res/values/strings.xml"), """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="feature_alerts_title">Alerts</string>
    <string name="feature_alerts_empty">No alerts yet</string>
    <string name="feature_alerts_high_above">High tide above %1$.1f m</string>
    <string name="feature_alerts_low_below">Low tide below %1$.1f m</string>
</resources>
""")
        t.write(P(f"{AK}/navigation/AlertsNavigation.kt"), """package app.tidewatch.feature.alerts.navigation

import androidx.navigation.NavController
import androidx.navigation.NavGraphBuilder
import androidx.navigation.NavOptions
import androidx.navigation.compose.composable
import androidx.navigation.navDeepLink
import app.tidewatch.feature.alerts.AlertsRoute
import kotlinx.serialization.Serializable

@Serializable
data object AlertsDestination

fun NavController.navigateToAlerts(navOptions: NavOptions? = null) = navigate(AlertsDestination, navOptions)

fun NavGraphBuilder.alertsScreen() {
    composable<AlertsDestination>(
        deepLinks = listOf(navDeepLink<AlertsDestination>(basePath = "tidewatch://alerts")),
    ) {
        AlertsRoute()
    }
}
""")
        nav = P(f"app/{KP}/navigation/TidewatchNavHost.kt")
        t.read(nav)
        t.write(nav, rw(d, nav,
            ("import app.tidewatch.BuildConfig\n",
             "import app.tidewatch.BuildConfig\nimport app.tidewatch.feature.alerts.navigation.alertsScreen\n"),
            ("        forecastScreen()\n",
             "        forecastScreen()\n        alertsScreen()\n")))
        t.write(P(f"{TESTING}/TestTideAlertsRepository.kt"), """package app.tidewatch.core.testing.data

import app.tidewatch.core.data.repository.TideAlertsRepository
import app.tidewatch.core.model.TideAlert
import kotlinx.coroutines.channels.BufferOverflow
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.MutableSharedFlow

class TestTideAlertsRepository : TideAlertsRepository {
    private val alerts = MutableSharedFlow<List<TideAlert>>(replay = 1, onBufferOverflow = BufferOverflow.DROP_OLDEST)
    val enabledCalls = mutableListOf<Pair<Long, Boolean>>()

    fun send(value: List<TideAlert>) {
        alerts.tryEmit(value)
    }

    override fun observeAlerts(): Flow<List<TideAlert>> = alerts

    override suspend fun save(alert: TideAlert): Long = alert.id

    override suspend fun setEnabled(id: Long, enabled: Boolean) {
        enabledCalls += id to enabled
    }

    override suspend fun delete(id: Long) = Unit
}
""")
        t.write(P("feature/alerts/src/test/kotlin/app/tidewatch/feature/alerts/AlertsViewModelTest.kt"), """package app.tidewatch.feature.alerts

import app.cash.turbine.test
import app.tidewatch.core.model.TideAlert
import app.tidewatch.core.model.TideType
import app.tidewatch.core.testing.MainDispatcherRule
import app.tidewatch.core.testing.data.TestSpotsRepository
import app.tidewatch.core.testing.data.TestTideAlertsRepository
import app.tidewatch.core.testing.data.coxos
import app.tidewatch.core.testing.data.ericeira
import com.google.common.truth.Truth.assertThat
import kotlinx.coroutines.test.runTest
import org.junit.Rule
import org.junit.Test

class AlertsViewModelTest {
    @get:Rule
    val mainDispatcherRule = MainDispatcherRule()

    private val alerts = TestTideAlertsRepository()
    private val spots = TestSpotsRepository()
    private val viewModel by lazy { AlertsViewModel(alerts, spots) }

    private val high = TideAlert(id = 1, spotId = ericeira.id, type = TideType.HIGH, thresholdCm = 320, enabled = true)
    private val low = TideAlert(id = 2, spotId = coxos.id, type = TideType.LOW, thresholdCm = 60, enabled = false)

    @Test
    fun `empty when there are no alerts`() = runTest {
        spots.send(listOf(ericeira, coxos))
        alerts.send(emptyList())
        viewModel.uiState.test {
            assertThat(expectMostRecentItem()).isEqualTo(AlertsUiState.Empty)
        }
    }

    @Test
    fun `alerts are grouped by spot name`() = runTest {
        spots.send(listOf(ericeira, coxos))
        alerts.send(listOf(high, low))
        viewModel.uiState.test {
            val state = expectMostRecentItem() as AlertsUiState.Success
            assertThat(state.groups.map { it.spotName }).containsExactly("Coxos", "Ericeira").inOrder()
        }
    }

    @Test
    fun `switch goes to the repository`() = runTest {
        viewModel.setEnabled(low, enabled = true)
        assertThat(alerts.enabledCalls).containsExactly(2L to true)
    }
}
""")
        t.bash("./gradlew :feature:alerts:test 2>&1 | tail -n 10", "Run the alerts unit tests",
               out=tail(module_test(":feature:alerts", changed={":core:database", ":core:data", ":core:testing", ":feature:alerts"},
                                    variants=("Debug", "Release"), daemon=True, secs=83), 10))
        t.fail("./gradlew :app:assembleDebug", "Build the debug APK",
               hilt_fail("Debug", {":feature:forecast", ":feature:settings", ":feature:spots", ":app"},
                         "app.tidewatch.core.data.repository.TideAlertsRepository",
                         ("app.tidewatch.feature.alerts.AlertsViewModel", "tideAlertsRepository, …"), 162, 36))
        t.say("Hilt has no binding for the new `TideAlertsRepository` interface. The impl has an `@Inject` constructor, "
              "but nothing maps the interface to it — the other repositories are bound in core:data's `DataModule`, so "
              "adding it there.")
        t.read(DATAMOD)
        t.write(DATAMOD, """package app.tidewatch.core.data.di

import app.tidewatch.core.data.repository.ForecastRepository
import app.tidewatch.core.data.repository.OfflineFirstForecastRepository
import app.tidewatch.core.data.repository.OfflineFirstSpotsRepository
import app.tidewatch.core.data.repository.OfflineFirstTideAlertsRepository
import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.data.repository.TideAlertsRepository
import dagger.Binds
import dagger.Module
import dagger.hilt.InstallIn
import dagger.hilt.components.SingletonComponent

@Module
@InstallIn(SingletonComponent::class)
internal abstract class DataModule {

    @Binds
    abstract fun bindsSpotsRepository(
        spotsRepository: OfflineFirstSpotsRepository,
    ): SpotsRepository

    @Binds
    abstract fun bindsForecastRepository(
        forecastRepository: OfflineFirstForecastRepository,
    ): ForecastRepository

    @Binds
    abstract fun bindsTideAlertsRepository(
        tideAlertsRepository: OfflineFirstTideAlertsRepository,
    ): TideAlertsRepository
}
""")
        t.bash("./gradlew :app:assembleDebug 2>&1 | tail -n 5", "Build the debug APK again",
               out=tail(app_build("Debug", {":core:data", ":app"}, secs=29), 5))
        t.done(f"""Alerts screen is in and the app builds.

- **core:data**: `TideAlertsRepository` (observe / save / setEnabled / delete) + `OfflineFirstTideAlertsRepository` over `TideAlertDao` (new `setEnabled` query), bound in `DataModule`.
- **feature:alerts**: `AlertsViewModel` → `uiState: StateFlow<AlertsUiState>` (`Loading` / `Empty` / `Success(groups)`), alerts grouped by spot name, sorted; `setEnabled(alert, enabled)`. `AlertsScreen` with a switch per alert, strings in the module.
- **Navigation**: `AlertsDestination` with deep link `tidewatch://alerts`, `alertsScreen()` in `TidewatchNavHost`.
- **Tests**: `AlertsViewModelTest` (empty, grouping order, switch → repo) with a new `TestTideAlertsRepository` in core:testing. Green.

The first `assembleDebug` failed in `:app:hiltJavaCompileDebug` with `[Dagger/MissingBinding] …TideAlertsRepository cannot be provided without an @Provides-annotated method` — the VM tests construct the VM by hand, so only the app build sees the Hilt graph. Fixed with a `@Binds` in `DataModule`; the APK is at `app/build/outputs/apk/debug/app-debug.apk`.""")

        t = d.task("Per-spot alerts will go on the spot detail later, so add a DAO query for one spot's alerts (highest "
                   "threshold first) and expose it through TideAlertsRepository.", tags=["oneoff:O1"])
        t.edit(ALERT_DAO, """    @Upsert
    suspend fun upsert(alert: TideAlertEntity): Long
""", """    @Query("SELECT * FROM tide_alerts WHERE spotId = :spotId ORDER BY threshold_cm DESC")
    fun observeForSpot(spotId: String): Flow<List<TideAlertEntity>>

    @Upsert
    suspend fun upsert(alert: TideAlertEntity): Long
""")
        tar = P(f"{REPO}/TideAlertsRepository.kt")
        t.read(tar)
        t.edit(tar, """    fun observeAlerts(): Flow<List<TideAlert>>
""", """    fun observeAlerts(): Flow<List<TideAlert>>

    /** A spot's alerts, highest threshold first. */
    fun observeAlertsForSpot(spotId: String): Flow<List<TideAlert>>
""")
        otar = P(f"{REPO}/OfflineFirstTideAlertsRepository.kt")
        t.edit(otar, """    override suspend fun save(alert: TideAlert): Long""", """    override fun observeAlertsForSpot(spotId: String): Flow<List<TideAlert>> =
        tideAlertDao.observeForSpot(spotId).map { it.map(TideAlertEntity::asExternalModel) }

    override suspend fun save(alert: TideAlert): Long""")
        ttar = P(f"{TESTING}/TestTideAlertsRepository.kt")
        t.edit(ttar, """    override fun observeAlerts(): Flow<List<TideAlert>> = alerts
""", """    override fun observeAlerts(): Flow<List<TideAlert>> = alerts

    override fun observeAlertsForSpot(spotId: String): Flow<List<TideAlert>> =
        alerts.map { list -> list.filter { it.spotId == spotId }.sortedByDescending { it.thresholdCm } }
""")
        t.edit(ttar, "import kotlinx.coroutines.flow.MutableSharedFlow\n",
               "import kotlinx.coroutines.flow.MutableSharedFlow\nimport kotlinx.coroutines.flow.map\n")
        ln = kt_line(d, ALERT_DAO, "WHERE spotId = :spotId")
        ktasks = compile_tasks(":core:model") + compile_tasks(":core:database", "Debug", {":core:database"})[:8]
        ktasks[-1] = (":core:database", "kspDebugKotlin", "FAILED")
        t.fail("./gradlew :core:data:compileDebugKotlin", "Compile core:data (runs Room's processor on the new query)",
               fmt_tasks(ktasks) + f"""
e: [ksp] {ALERT_DAO}:{ln}: There is a problem with the query: [SQLITE_ERROR] SQL error or missing database (no such column: spotId)

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':core:database:kspDebugKotlin'.
> A failure occurred while executing com.google.devtools.ksp.gradle.KspAAWorkerAction
   > KSP failed with exit code: PROCESSING_ERROR

{TRY_GENERIC}

{fail_end(ktasks, 6)}""")
        t.say("My query used the Kotlin property name; the column is `spot_id` (`@ColumnInfo(name = \"spot_id\")`).")
        t.edit(ALERT_DAO, "WHERE spotId = :spotId ORDER BY threshold_cm DESC", "WHERE spot_id = :spotId ORDER BY threshold_cm DESC")
        ctasks = (compile_tasks(":core:model") + compile_tasks(":core:network") + compile_tasks(":core:database", "Debug", {":core:database"})
                  + compile_tasks(":core:datastore") + compile_tasks(":core:data", "Debug", {":core:data"}))
        t.bash("./gradlew :core:data:compileDebugKotlin", "Compile core:data (runs Room's processor on the new query)",
               out=fmt_tasks(ctasks) + "\n\n" + ok_end(ctasks, 14))
        t.done("Added `TideAlertDao.observeForSpot(spotId)` (`WHERE spot_id = :spotId ORDER BY threshold_cm DESC`) and "
               "`TideAlertsRepository.observeAlertsForSpot`, implemented in the Room repo and in "
               "`TestTideAlertsRepository`. The first compile failed because I wrote `spotId` in the SQL instead of the "
               "column name `spot_id`; Room's KSP check caught it. Compiles now.")

    # ============================================================ S4
    with d.session("2026-04-14T08:50:00", R, branch="feat/tide-alerts", version="2.1.48"):
        t = d.task("Ship the alerts branch — format, lint, tests, push, open the PR against main.",
                   tags=["workflow:W3", "long_output"])
        t.bash("./gradlew ktlintFormat", "Apply ktlint formatting", out=DAEMON + "\n" + ktlint_format(ALLMODS))
        lt = lint_tasks(ALLMODS)
        t.bash("./gradlew ktlintCheck detekt", "ktlint + detekt, as in CI", out=fmt_tasks(lt) + "\n\n" + ok_end(lt, 31))
        out, _ = all_tests(changed={":core:database", ":core:data", ":core:testing", ":feature:alerts", ":feature:spots", ":app"},
                           secs=163)
        t.bash("./gradlew test", "Run all unit tests (debug + release)", out=out, timeout=900000)
        t.bash("git status --short", "See what's going into the commit", out=f"""M  app/src/main/kotlin/app/tidewatch/navigation/TidewatchNavHost.kt
 M core/data/{KP}/core/data/di/DataModule.kt
?? core/data/{KP}/core/data/repository/OfflineFirstTideAlertsRepository.kt
?? core/data/{KP}/core/data/repository/TideAlertsRepository.kt
 M core/database/{KP}/core/database/dao/TideAlertDao.kt
?? core/testing/src/main/kotlin/app/tidewatch/core/testing/data/TestTideAlertsRepository.kt
?? feature/alerts/src/""")
        t.bash("git add -A && git commit -m \"Add tide alerts screen\" -m \"TideAlertsRepository (Room), AlertsViewModel/AlertsScreen "
               "grouped by spot with enable switches, tidewatch://alerts deep link, per-spot alerts query.\"",
               "Commit the alerts work", out="""[feat/tide-alerts 6c1e0b7] Add tide alerts screen
 12 files changed, 391 insertions(+), 2 deletions(-)
 create mode 100644 core/data/src/main/kotlin/app/tidewatch/core/data/repository/OfflineFirstTideAlertsRepository.kt
 create mode 100644 core/data/src/main/kotlin/app/tidewatch/core/data/repository/TideAlertsRepository.kt
 create mode 100644 core/testing/src/main/kotlin/app/tidewatch/core/testing/data/TestTideAlertsRepository.kt
 create mode 100644 feature/alerts/src/main/kotlin/app/tidewatch/feature/alerts/AlertsScreen.kt
 create mode 100644 feature/alerts/src/main/kotlin/app/tidewatch/feature/alerts/AlertsViewModel.kt
 create mode 100644 feature/alerts/src/main/kotlin/app/tidewatch/feature/alerts/navigation/AlertsNavigation.kt
 create mode 100644 feature/alerts/src/main/res/values/strings.xml
 create mode 100644 feature/alerts/src/test/kotlin/app/tidewatch/feature/alerts/AlertsViewModelTest.kt""")
        t.bash("git push -u origin feat/tide-alerts", "Push the branch", err=git_push_new("feat/tide-alerts"))
        t.bash("gh pr create --base main --title \"Tide alerts screen\" --body \"$(cat <<'EOF'\n"
               "- TideAlertsRepository in core:data (Room-backed), bound for Hilt\n"
               "- :feature:alerts: AlertsViewModel (single uiState StateFlow) + AlertsScreen, alerts grouped by spot, enable switch\n"
               "- Route + deep link tidewatch://alerts\n"
               "- TideAlertDao: setEnabled, observeForSpot (highest threshold first)\n\n"
               "Tested: ./gradlew ktlintCheck detekt test, clicked through on the emulator.\nEOF\n)\"",
               "Open the PR against main", out=f"{GH}/pull/19")
        t.done(f"PR is up: {GH}/pull/19\n\nktlintFormat changed nothing, `ktlintCheck detekt` clean, `./gradlew test` "
               "green across all modules (debug + release unit tests). One commit on `feat/tide-alerts` with the "
               "repository, the alerts module, the nav route/deep link and the DAO queries.")

        t = d.task("bump coil to 3.3.0 and kotlinx-serialization-json to 1.9.0 in the catalog, make sure it still builds",
                   tags=["flaky:F1"])
        cat = P("gradle/libs.versions.toml")
        t.read(cat)
        t.edit(cat, 'coil = "3.2.0"', 'coil = "3.3.0"')
        t.edit(cat, 'kotlinxSerializationJson = "1.8.1"', 'kotlinxSerializationJson = "1.9.0"')
        url = "https://repo.maven.apache.org/maven2/io/coil-kt/coil3/coil-core-android/3.3.0/coil-core-android-3.3.0.aar"
        ftasks = compile_tasks(":core:model") + [(":app", "preBuild", "UP-TO-DATE"), (":app", "preDebugBuild", "UP-TO-DATE"),
                                                 (":app", "mergeDebugNativeDebugMetadata", "NO-SOURCE"),
                                                 (":app", "checkKotlinGradlePluginConfigurationErrors", "SKIPPED"),
                                                 (":app", "generateDebugResValues", "UP-TO-DATE"),
                                                 (":app", "checkDebugAarMetadata", "FAILED")]
        t.fail("./gradlew :app:assembleDebug", "Build the debug APK with the bumped versions", fmt_tasks(ftasks) + f"""

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:checkDebugAarMetadata'.
> Could not resolve all files for configuration ':app:debugRuntimeClasspath'.
   > Could not download coil-core-android-3.3.0.aar (io.coil-kt.coil3:coil-core-android:3.3.0)
      > Could not get resource '{url}'.
         > Could not GET '{url}'.
            > Read timed out

{TRY_GENERIC}

{fail_end(ftasks, 74)}""")
        t.say("That's a download timeout from Maven Central, not a resolution problem — the artifact exists. Retrying.")
        t.bash("./gradlew :app:assembleDebug", "Build the debug APK with the bumped versions",
               out=app_build("Debug", set(ORDER[1:]) | {":app"}, secs=96))
        t.done("Bumped `coil` 3.2.0 → 3.3.0 and `kotlinxSerializationJson` 1.8.1 → 1.9.0 in `libs.versions.toml`. "
               "`:app:assembleDebug` builds — the first attempt died on a read timeout downloading "
               "`coil-core-android-3.3.0.aar` from Maven Central; the same command went through on retry.")

        t = d.task("Put this build on my phone (Pixel 8 Pro, it's plugged in) — want to try the alerts on the beach tomorrow.",
                   tags=["unfixed:U1"])
        t.bash("adb devices -l", "List attached devices",
               out=f"List of devices attached\n{PHONE}         device usb:3-2 product:husky model:Pixel_8_Pro device:husky transport_id:4")
        apk = "app/build/outputs/apk/debug/app-debug.apk"
        t.fail(f"adb -s {PHONE} install -r {apk}", "Install the debug APK on the Pixel 8 Pro",
               f"Performing Streamed Install\nadb: failed to install {apk}: Failure [INSTALL_FAILED_UPDATE_INCOMPATIBLE: "
               f"Existing package app.tidewatch.debug signatures do not match newer version; ignoring!]")
        t.bash(f"adb -s {PHONE} shell dumpsys package app.tidewatch.debug | grep -E 'versionName|firstInstallTime|lastUpdateTime'",
               "See which debug build is on the phone", out="""    versionName=1.5.0
    firstInstallTime=2026-02-11 19:02:37
    lastUpdateTime=2026-03-02 21:40:12""")
        t.bash("keytool -list -v -keystore ~/.android/debug.keystore -storepass android -alias androiddebugkey | grep -E 'Valid from|SHA256:'",
               "Check this machine's debug signing key",
               out="Valid from: Mon Mar 09 10:14:52 WET 2026 until: Wed Mar 01 10:14:52 WET 2056\n"
                   "\t SHA256: 5E:0B:91:C4:2A:7D:18:F3:6E:44:09:BA:D2:71:8C:35:0F:9A:E6:13:47:C8:2B:D5:90:6A:1E:73:B4:08:CD:52")
        t.done("""Not installed — I stopped before doing anything destructive.

The phone already has a **debug** build (`app.tidewatch.debug` 1.5.0, installed Feb 11, last updated Mar 2) signed with a different debug key: this laptop's `~/.android/debug.keystore` was created on Mar 9, after that install. Android refuses to update an app whose signature changed (`INSTALL_FAILED_UPDATE_INCOMPATIBLE`).

Options:
1. `adb -s 3A281FDH2000B9 uninstall app.tidewatch.debug`, then install. **This wipes that app's data** — saved spots, favourites, notes, any test alerts on the phone. Say the word if that's fine and I'll do it.
2. If the old build came from another machine (your desktop?), copy its `~/.android/debug.keystore` here and rebuild; the update then installs over it and keeps the data.
3. Use the release app from the internal track instead (different package, `app.tidewatch`), once this branch is in a release.""")

    # ============================================================ S5
    with d.session("2026-04-16T13:10:00", R, branch="main", version="2.1.49"):
        t = d.task("alerts PR got merged. Install main on the emulator and grab me a screenshot of the alerts screen with no "
                   "alerts — Elif wants to redo the empty state.", tags=["mistake:M1"])
        it = seq(ORDER[1:], "Debug", set(ORDER[1:])) + app_front("Debug", {":app"}) + app_back("Debug", "install")
        t.fail("./gradlew installDebug", "Build and install the debug app", no_device_fail(it, ":app:installDebug", 58, daemon=True))
        t.say("Nothing to install to — no emulator or device is connected. Starting the Pixel 8 AVD.")
        t.bash("$ANDROID_HOME/emulator/emulator -list-avds", "List the available AVDs", out=f"{AVD}\nPixel_Tablet_API_34")
        t.bash(f"$ANDROID_HOME/emulator/emulator @{AVD} -no-snapshot-save > /tmp/emulator.log 2>&1 &",
               "Start the Pixel 8 emulator in the background")
        t.bash("adb wait-for-device && until [ \"$(adb shell getprop sys.boot_completed | tr -d '\\r')\" = \"1\" ]; do sleep 2; done; adb devices",
               "Wait for the emulator to boot", out="List of devices attached\nemulator-5554\tdevice", timeout=300000)
        it2 = seq(ORDER[1:], "Debug") + app_front("Debug") + app_back("Debug", "install")
        it2 = [(m, n, "UP-TO-DATE" if s == "" and n != "installDebug" else s) for m, n, s in it2]
        t.bash("./gradlew installDebug", "Build and install the debug app",
               out=fmt_tasks(it2) + f"\nInstalling APK 'app-debug.apk' on '{AVD_NAME}' for :app:debug\nInstalled on 1 device.\n\n"
                   + ok_end(it2, 9))
        t.bash("adb shell am start -W -a android.intent.action.VIEW -d 'tidewatch://alerts' app.tidewatch.debug",
               "Open the alerts screen via its deep link", out="""Starting: Intent { act=android.intent.action.VIEW dat=tidewatch://alerts/... pkg=app.tidewatch.debug }
Status: ok
LaunchState: COLD
Activity: app.tidewatch.debug/app.tidewatch.MainActivity
TotalTime: 1184
WaitTime: 1190
Complete""")
        t.bash("sleep 2 && adb exec-out screencap -p > /tmp/alerts-empty.png && file /tmp/alerts-empty.png",
               "Take the screenshot", out="/tmp/alerts-empty.png: PNG image data, 1080 x 2400, 8-bit/color RGBA, non-interlaced")
        t.done("Screenshot: `/tmp/alerts-empty.png` (1080×2400, Pixel 8 emulator): the "
               "empty state is just the centred \"No alerts yet\" text, no icon or call to action (no alerts are set up on the emulator).\n\n"
               "The first `installDebug` failed with `No connected devices!` — no emulator was running. I started "
               f"`{AVD}` (still running) and opened the screen with the `tidewatch://alerts` deep link.")

        t = d.task("I added a TideAlertsRepositoryTest case for the per-spot ordering. Run only that class, I think the "
                   "sort might be off", tags=["mistake:M2"])
        t.fail("./gradlew -q :core:data:test --tests '*TideAlertsRepositoryTest*'", "Run TideAlertsRepositoryTest only",
               "\n".join(tests_option_fail(":core:data:test").split("\n")[:-2]))
        t.say("`--tests` isn't accepted by `:core:data:test` (Android aggregate task). Same filter on the variant task:")
        t.bash("./gradlew -q :core:data:testDebugUnitTest --tests '*TideAlertsRepositoryTest*'",
               "Run TideAlertsRepositoryTest on the debug unit test task")
        rep = "core/data/build/test-results/testDebugUnitTest/TEST-app.tidewatch.core.data.repository.TideAlertsRepositoryTest.xml"
        t.bash(f"grep -o '<testcase name=\"[^\"]*\"' {rep}; grep -o 'failures=\"[0-9]*\"' {rep} | head -n 1",
               "List the test cases and failures from the report", out="""<testcase name="observeAlerts maps entities to models"
<testcase name="setEnabled updates the row"
<testcase name="observeAlertsForSpot returns highest threshold first"
failures="0\"""")
        t.done("All 3 cases in `TideAlertsRepositoryTest` pass, including your `observeAlertsForSpot returns highest "
               "threshold first` — the sort is right (`ORDER BY threshold_cm DESC` in the DAO). `-q` prints nothing on "
               "success, so I read the counts from the JUnit XML. The `:core:data:test --tests` form doesn't work in "
               "Android modules; it has to be `:core:data:testDebugUnitTest --tests …`.")

        d.precompact("""Analysis: Maya works on Tidewatch, a multi-module Kotlin/Compose Android app (core:model/network/database/datastore/data/designsystem/testing, feature:forecast/spots/alerts/settings, app; Hilt, Room with exported schemas, Retrofit, fastlane supply to the Play internal track) in /home/maya/AndroidStudioProjects/Tidewatch, branch main.
Summary:
1. Installed main on the Pixel_8_API_35 emulator (started it after `installDebug` reported "No connected devices!"), opened tidewatch://alerts, saved a screenshot of the empty alerts state to /tmp/alerts-empty.png.
2. Ran TideAlertsRepositoryTest alone via `./gradlew -q :core:data:testDebugUnitTest --tests '*TideAlertsRepositoryTest*'`: 3/3 pass, per-spot ordering is correct.
Context: alerts PR #19 merged; the emulator is still running. Release notes live in fastlane/metadata/android/en-US/changelogs/<versionCode>.txt; current version 1.6.2 (versionCode 40).
User preferences noted: ViewModels expose a single StateFlow UiState, no LiveData; unit tests use Truth assertThat.""")

        t = d.task("Hotfix: Jonas merged the crash fix for spots without a tide station (#21). Release 1.6.3 to internal — "
                   "bump, release notes, bundle, tag, upload.", tags=["workflow:W2"])
        t.read(APPB)
        t.edit(APPB, "        versionCode = 40\n        versionName = \"1.6.2\"", "        versionCode = 41\n        versionName = \"1.6.3\"")
        t.write(P(f"{CHANGELOGS}/41.txt"), "• Fixed a crash when opening a spot that has no tide station yet\n")
        rb = seq(ORDER[1:], "Release", set(ORDER[1:])) + app_front("Release", {":app"}) + app_back("Release")
        t.bash("./gradlew :app:bundleRelease 2>&1 | tail -n 8", "Build the signed release bundle",
               out=tail(fmt_tasks(rb) + "\n\n" + ok_end(rb, 142), 8), timeout=900000)
        t.bash(f"git add app/build.gradle.kts {CHANGELOGS}/41.txt && git commit -m \"Release 1.6.3\"",
               "Commit the version bump and notes", out="""[main 2d8f6a1] Release 1.6.3
 2 files changed, 3 insertions(+), 2 deletions(-)
 create mode 100644 fastlane/metadata/android/en-US/changelogs/41.txt""")
        t.bash("git tag -a v1.6.3 -m \"1.6.3\"", "Tag the release")
        t.bash("bundle exec fastlane internal", "Upload the bundle to the internal track", out=fastlane_internal(d, 41, 38),
               timeout=600000)
        t.bash("git push origin main --follow-tags", "Push main and the tag", err=f"""To {ORIGIN}
   a90c4e2..2d8f6a1  main -> main
 * [new tag]         v1.6.3 -> v1.6.3""")
        t.done("1.6.3 (versionCode 41) is on the internal track.\n\n"
               "- `app/build.gradle.kts`: 40 → 41, 1.6.2 → 1.6.3\n"
               "- `changelogs/41.txt`: \"Fixed a crash when opening a spot that has no tide station yet\"\n"
               "- `:app:bundleRelease` built and signed, `fastlane internal` uploaded it with the notes\n"
               "- commit `2d8f6a1` + tag `v1.6.3` pushed")

        t = d.task("which kotlinx-coroutines version actually ends up in the release build? Studio shows me 1.9.0 somewhere "
                   "and I thought we were on 1.10.2", tags=["noise", "long_output"])
        t.bash("./gradlew :app:dependencies --configuration releaseRuntimeClasspath", "Print the release runtime dependency tree",
               out=DEPS_TREE)
        t.done("""1.10.2 everywhere at runtime — the 1.9.0 you saw is only a *requested* version.

From the tree, three places ask for older coroutines and Gradle resolves them all up to the catalog's 1.10.2:
- `androidx.room:room-runtime:2.8.3` → `kotlinx-coroutines-core:1.9.0 -> 1.10.2`
- `androidx.datastore:datastore-core-android:1.1.7` → `kotlinx-coroutines-core:1.9.0 -> 1.10.2`
- `androidx.work:work-runtime:2.10.5` → `kotlinx-coroutines-android:1.8.1 -> 1.10.2`

The `->` means "requested X, got Y". Studio's dependency view often shows the requested version of a transitive edge, which is where 1.9.0 comes from. Nothing to do unless you want to see it gone from the view; pinning it with a `strictly` constraint isn't worth it.""")

        t = d.task("naming: the entity is TideAlertEntity but in the UI we say alerts and Elif wants 'tide reminders' "
                   "everywhere. rename the code too or just the strings? one line", tags=["noise", "no_tools"])
        t.done("Just the strings — rename the code only if \"reminder\" becomes a different concept from the `tide_alerts` "
               "table, because renaming the Room entity/table means a migration for zero user value.")

    # ============================================================ S6
    with d.session("2026-04-20T09:30:00", R, branch="feat/settings-units", version="2.1.50", permission_mode="acceptEdits"):
        t = d.task("Settings: add a metric/imperial switch for tide heights. Store it via the existing "
                   "TidewatchPreferencesDataSource but put a UserPreferencesRepository in core:data in front of it "
                   "(interface + impl) and a SettingsViewModel. Every new composable gets a @PreviewLightDark preview. "
                   "Install on the emulator when done.", tags=["mistake:M3", "pref:P2"])
        t.read(P(f"core/datastore/{KP}/core/datastore/TidewatchPreferencesDataSource.kt"))
        sscreen = P(f"feature/settings/{KP}/feature/settings/SettingsScreen.kt")
        snav = P(f"feature/settings/{KP}/feature/settings/navigation/SettingsNavigation.kt")
        t.read(sscreen)
        t.read(snav)
        t.write(P(f"{REPO}/UserPreferencesRepository.kt"), """package app.tidewatch.core.data.repository

import kotlinx.coroutines.flow.Flow

interface UserPreferencesRepository {
    /** Tide heights in feet instead of metres. */
    val useImperial: Flow<Boolean>

    suspend fun setUseImperial(value: Boolean)
}
""")
        t.write(P(f"{REPO}/DataStoreUserPreferencesRepository.kt"), """package app.tidewatch.core.data.repository

import app.tidewatch.core.datastore.TidewatchPreferencesDataSource
import kotlinx.coroutines.flow.Flow
import javax.inject.Inject

internal class DataStoreUserPreferencesRepository @Inject constructor(
    private val preferences: TidewatchPreferencesDataSource,
) : UserPreferencesRepository {

    override val useImperial: Flow<Boolean> = preferences.useImperial

    override suspend fun setUseImperial(value: Boolean) = preferences.setUseImperial(value)
}
""")
        SK = f"feature/settings/{KP}/feature/settings"
        t.write(P(f"{SK}/SettingsViewModel.kt"), """package app.tidewatch.feature.settings

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.tidewatch.core.data.repository.UserPreferencesRepository
import dagger.hilt.android.lifecycle.HiltViewModel
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.stateIn
import kotlinx.coroutines.launch
import javax.inject.Inject

@HiltViewModel
class SettingsViewModel @Inject constructor(
    private val userPreferencesRepository: UserPreferencesRepository,
) : ViewModel() {

    val uiState: StateFlow<SettingsUiState> = userPreferencesRepository.useImperial
        .map<Boolean, SettingsUiState> { SettingsUiState.Success(useImperial = it) }
        .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), SettingsUiState.Loading)

    fun setUseImperial(value: Boolean) {
        viewModelScope.launch { userPreferencesRepository.setUseImperial(value) }
    }
}

sealed interface SettingsUiState {
    data object Loading : SettingsUiState

    data class Success(val useImperial: Boolean) : SettingsUiState
}
""")
        t.write(sscreen, """package app.tidewatch.feature.settings

import androidx.compose.foundation.layout.Column
import androidx.compose.material3.ListItem
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.tooling.preview.PreviewLightDark
import androidx.hilt.navigation.compose.hiltViewModel
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.tidewatch.core.designsystem.theme.TidewatchTheme

@Composable
internal fun SettingsRoute(
    versionName: String,
    onOpenLicenses: () -> Unit,
    viewModel: SettingsViewModel = hiltViewModel(),
) {
    val uiState by viewModel.uiState.collectAsStateWithLifecycle()
    SettingsScreen(
        uiState = uiState,
        versionName = versionName,
        onUseImperialChange = viewModel::setUseImperial,
        onOpenLicenses = onOpenLicenses,
    )
}

@Composable
internal fun SettingsScreen(
    uiState: SettingsUiState,
    versionName: String,
    onUseImperialChange: (Boolean) -> Unit,
    onOpenLicenses: () -> Unit,
    modifier: Modifier = Modifier,
) {
    Column(modifier) {
        if (uiState is SettingsUiState.Success) {
            UnitsItem(useImperial = uiState.useImperial, onChange = onUseImperialChange)
        }
        ListItem(
            headlineContent = { Text(stringResource(R.string.feature_settings_version)) },
            supportingContent = { Text(versionName) },
        )
        LicensesItem(onClick = onOpenLicenses)
    }
}

@Composable
internal fun UnitsItem(
    useImperial: Boolean,
    onChange: (Boolean) -> Unit,
    modifier: Modifier = Modifier,
) {
    ListItem(
        headlineContent = { Text(stringResource(R.string.feature_settings_units)) },
        supportingContent = {
            Text(
                stringResource(
                    if (useImperial) R.string.feature_settings_units_imperial else R.string.feature_settings_units_metric,
                ),
            )
        },
        trailingContent = { Switch(checked = useImperial, onCheckedChange = onChange) },
        modifier = modifier,
    )
}

@PreviewLightDark
@Composable
private fun SettingsScreenPreview() {
    TidewatchTheme {
        SettingsScreen(
            uiState = SettingsUiState.Success(useImperial = false),
            versionName = "1.6.3",
            onUseImperialChange = {},
            onOpenLicenses = {},
        )
    }
}

@PreviewLightDark
@Composable
private fun UnitsItemImperialPreview() {
    TidewatchTheme {
        UnitsItem(useImperial = true, onChange = {})
    }
}
""")
        t.write(snav, d.files[snav].replace("import app.tidewatch.feature.settings.SettingsScreen\n",
                                            "import app.tidewatch.feature.settings.SettingsRoute\n")
                .replace("        SettingsScreen(versionName = versionName, onOpenLicenses = {})",
                         "        SettingsRoute(versionName = versionName, onOpenLicenses = {})"))
        sstr = P("feature/settings/src/main/res/values/strings.xml")
        t.read(sstr)
        t.edit(sstr, """    <string name="feature_settings_version">Version</string>
""", """    <string name="feature_settings_version">Version</string>
    <string name="feature_settings_units">Tide heights</string>
    <string name="feature_settings_units_metric">Metres</string>
    <string name="feature_settings_units_imperial">Feet</string>
""")
        t.write(P(f"{TESTING}/TestUserPreferencesRepository.kt"), """package app.tidewatch.core.testing.data

import app.tidewatch.core.data.repository.UserPreferencesRepository
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow

class TestUserPreferencesRepository(useImperial: Boolean = false) : UserPreferencesRepository {
    private val imperial = MutableStateFlow(useImperial)

    override val useImperial: StateFlow<Boolean> = imperial

    override suspend fun setUseImperial(value: Boolean) {
        imperial.value = value
    }
}
""")
        t.write(P("feature/settings/src/test/kotlin/app/tidewatch/feature/settings/SettingsViewModelTest.kt"), """package app.tidewatch.feature.settings

import app.cash.turbine.test
import app.tidewatch.core.testing.MainDispatcherRule
import app.tidewatch.core.testing.data.TestUserPreferencesRepository
import com.google.common.truth.Truth.assertThat
import kotlinx.coroutines.test.runTest
import org.junit.Rule
import org.junit.Test

class SettingsViewModelTest {
    @get:Rule
    val mainDispatcherRule = MainDispatcherRule()

    private val prefs = TestUserPreferencesRepository()
    private val viewModel = SettingsViewModel(prefs)

    @Test
    fun `metric by default`() = runTest {
        viewModel.uiState.test {
            assertThat(expectMostRecentItem()).isEqualTo(SettingsUiState.Success(useImperial = false))
        }
    }

    @Test
    fun `switching to imperial is stored and shown`() = runTest {
        viewModel.uiState.test {
            skipItems(1)
            viewModel.setUseImperial(true)
            assertThat(expectMostRecentItem()).isEqualTo(SettingsUiState.Success(useImperial = true))
        }
    }
}
""")
        t.bash("./gradlew :feature:settings:test 2>&1 | tail -n 8", "Run the settings unit tests",
               out=tail(module_test(":feature:settings", changed={":core:data", ":core:testing", ":feature:settings"},
                                    variants=("Debug", "Release"), daemon=True, secs=77), 8))
        t.fail("./gradlew installDebug", "Build and install on the emulator",
               hilt_fail("Debug", {":feature:alerts", ":feature:forecast", ":feature:spots", ":app"},
                         "app.tidewatch.core.data.repository.UserPreferencesRepository",
                         ("app.tidewatch.feature.settings.SettingsViewModel", "userPreferencesRepository"), 171, 33))
        t.say("Missing Hilt binding for the new `UserPreferencesRepository` — same as with the alerts repository, "
              "the interface needs a `@Binds` in `DataModule`.")
        t.read(DATAMOD)
        t.edit(DATAMOD, """import app.tidewatch.core.data.repository.TideAlertsRepository
""", """import app.tidewatch.core.data.repository.TideAlertsRepository
import app.tidewatch.core.data.repository.DataStoreUserPreferencesRepository
import app.tidewatch.core.data.repository.UserPreferencesRepository
""")
        t.edit(DATAMOD, """    ): TideAlertsRepository
}""", """    ): TideAlertsRepository

    @Binds
    abstract fun bindsUserPreferencesRepository(
        userPreferencesRepository: DataStoreUserPreferencesRepository,
    ): UserPreferencesRepository
}""")
        t.bash("./gradlew installDebug 2>&1 | tail -n 6", "Build and install on the emulator",
               out=tail(app_build("Debug", {":core:data", ":app"}, goal="install", secs=27, install_on=AVD_NAME), 6))
        t.done("""Units switch is in and installed on the emulator (Settings → "Tide heights", Metres / Feet).

- core:data: `UserPreferencesRepository` (`useImperial: Flow<Boolean>`, `setUseImperial`) + `DataStoreUserPreferencesRepository` over `TidewatchPreferencesDataSource`, bound in `DataModule`.
- feature:settings: `SettingsViewModel` with `uiState: StateFlow<SettingsUiState>`; `SettingsRoute` wires it; `SettingsScreen` + new `UnitsItem`, each with a `@PreviewLightDark` preview (screen, and the item in imperial).
- `TestUserPreferencesRepository` in core:testing; `SettingsViewModelTest` (default metric, toggle) green.

First `installDebug` stopped at `:app:hiltJavaCompileDebug` with the `[Dagger/MissingBinding] …UserPreferencesRepository` error; fixed with the `@Binds` and it installed.""")

        t = d.task("Use that setting in the forecast list too — heights in ft when imperial is on.", tags=["noise"])
        t.read(FVM)
        t.write(FVM, rw(d, FVM,
            ("""import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.data.util.TideTimeFormatter
""",
             """import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.data.repository.UserPreferencesRepository
import app.tidewatch.core.data.util.TideTimeFormatter
import app.tidewatch.core.data.util.UnitsConverter
"""),
            ("""    spotsRepository: SpotsRepository,
    private val timeFormatter: TideTimeFormatter,
) : ViewModel() {""",
             """    spotsRepository: SpotsRepository,
    userPreferencesRepository: UserPreferencesRepository,
    private val timeFormatter: TideTimeFormatter,
) : ViewModel() {"""),
            ("""        refreshError,
    ) { spot, forecast, error ->""",
             """        refreshError,
        userPreferencesRepository.useImperial,
    ) { spot, forecast, error, imperial ->"""),
            ("""                        height = String.format(Locale.ROOT, "%.1f m", roundHeight(e.heightMeters)),""",
             """                        height = UnitsConverter.formatHeight(roundHeight(e.heightMeters), imperial),"""),
            ("import java.util.Locale\n",
             "")))
        fvt = P("feature/forecast/src/test/kotlin/app/tidewatch/feature/forecast/ForecastViewModelTest.kt")
        t.read(fvt)
        t.write(fvt, rw(d, fvt,
            ("import app.tidewatch.core.testing.data.TestSpotsRepository\n",
             "import app.tidewatch.core.testing.data.TestSpotsRepository\nimport app.tidewatch.core.testing.data.TestUserPreferencesRepository\n"),
            ("""    private val forecasts = TestForecastRepository()
""", """    private val forecasts = TestForecastRepository()
    private val prefs = TestUserPreferencesRepository()
"""),
            ("""        spotsRepository = spots,
        timeFormatter = fixedFormatter(),""", """        spotsRepository = spots,
        userPreferencesRepository = prefs,
        timeFormatter = fixedFormatter(),"""),
            ("""    @Test
    fun `refresh failure without cached forecast shows error`()""", """    @Test
    fun `imperial shows feet`() = runTest {
        prefs.setUseImperial(true)
        spots.send(listOf(ericeira))
        forecasts.send(forecastFor(ericeira, heights = listOf(3.1, 0.6)))
        viewModel().uiState.test {
            val state = expectMostRecentItem() as ForecastUiState.Success
            assertThat(state.rows.map { it.height }).containsExactly("10.2 ft", "2.0 ft").inOrder()
        }
    }

    @Test
    fun `refresh failure without cached forecast shows error`()""")))
        t.bash("./gradlew :feature:forecast:test 2>&1 | tail -n 8", "Run the forecast unit tests",
               out=tail(module_test(":feature:forecast", changed={":feature:forecast"}, variants=("Debug", "Release"), secs=31), 8))
        t.done("Forecast rows now follow the setting: `ForecastViewModel` combines `userPreferencesRepository.useImperial` "
               "and formats with `UnitsConverter.formatHeight(roundHeight(m), imperial)` (so rounding still happens in "
               "metres first). New test `imperial shows feet` (3.1 m → 10.2 ft, 0.6 m → 2.0 ft); forecast tests green.")

        t = d.task("Support mail via Elif: someone in Lisbon says that on Mar 27 the tide times for Sunday onwards — after "
                   "the clocks went forward — were an hour off. Fix it, with a regression test.", tags=["oneoff:O2"])
        ttf = P(f"core/data/{KP}/core/data/util/TideTimeFormatter.kt")
        t.read(ttf)
        t.say("`format` takes the zone offset at `clock.instant()` — *now* — and applies it to every tide time. Viewed on "
              "Mar 27 (WET, +0) every tide after the Mar 29 switch gets +0 instead of +1. Writing the test first.")
        tfile = P("core/data/src/test/kotlin/app/tidewatch/core/data/util/TideTimeFormatterTest.kt")
        t.write(tfile, """package app.tidewatch.core.data.util

import app.tidewatch.core.model.Spot
import com.google.common.truth.Truth.assertThat
import org.junit.Test
import java.time.Clock
import java.time.Instant
import java.time.ZoneOffset

class TideTimeFormatterTest {
    private val ericeira = Spot(
        id = "ribeira-dilhas",
        name = "Ribeira d'Ilhas",
        region = "Ericeira",
        latitude = 38.9877,
        longitude = -9.4206,
        stationId = "PT-CASC",
        isFavorite = false,
        timeZone = "Europe/Lisbon",
    )

    private fun viewedAt(now: String) = TideTimeFormatter(Clock.fixed(Instant.parse(now), ZoneOffset.UTC))

    @Test
    fun `winter time in Lisbon is UTC`() {
        val formatter = viewedAt("2026-01-15T10:00:00Z")
        assertThat(formatter.format(Instant.parse("2026-01-16T05:42:00Z"), ericeira)).isEqualTo("05:42")
    }

    @Test
    fun `tide after the March change uses summer time when viewed before it`() {
        // clocks went forward on Sun 29 Mar 2026
        val formatter = viewedAt("2026-03-27T10:00:00Z")
        assertThat(formatter.format(Instant.parse("2026-03-30T05:42:00Z"), ericeira)).isEqualTo("06:42")
    }

    @Test
    fun `tide before the October change viewed after it keeps summer time`() {
        // clocks go back on Sun 25 Oct 2026
        val formatter = viewedAt("2026-10-26T09:00:00Z")
        assertThat(formatter.format(Instant.parse("2026-10-24T17:10:00Z"), ericeira)).isEqualTo("18:10")
    }
}
""")
        l1 = kt_line(d, tfile, '"2026-03-30T05:42:00Z"')
        l2 = kt_line(d, tfile, '"2026-10-24T17:10:00Z"')
        cls = "app.tidewatch.core.data.util.TideTimeFormatterTest"
        ftk = seq([":core:data"], "Debug") + unit_test_tasks(":core:data", "Debug", {":core:data"})
        ftk[-1] = (":core:data", "testDebugUnitTest", "FAILED")
        t.fail("./gradlew :core:data:test", "Run the core:data unit tests", fmt_tasks(ftk) + f"""

TideTimeFormatterTest > tide after the March change uses summer time when viewed before it FAILED
    expected: 06:42
    but was : 05:42
        at {cls}.tide after the March change uses summer time when viewed before it(TideTimeFormatterTest.kt:{l1})

TideTimeFormatterTest > tide before the October change viewed after it keeps summer time FAILED
    expected: 18:10
    but was : 17:10
        at {cls}.tide before the October change viewed after it keeps summer time(TideTimeFormatterTest.kt:{l2})

11 tests completed, 2 failed

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':core:data:testDebugUnitTest'.
> There were failing tests. See the report at: file://{R}/core/data/build/reports/tests/testDebugUnitTest/index.html

{TRY_GENERIC}

{fail_end(ftk, 23)}""")
        t.say("Both DST cases reproduce the bug. Fix: convert each tide instant in the spot's zone, so the offset is "
              "the one valid at that instant.")
        t.edit(ttf, """    fun format(time: Instant, spot: Spot): String {
        val offset = ZoneId.of(spot.timeZone).rules.getOffset(clock.instant())
        return time.atOffset(offset).format(hhmm)
    }""", """    /** Uses the offset in force at [time] itself, not today's — matters across DST changes. */
    fun format(time: Instant, spot: Spot): String = time.atZone(ZoneId.of(spot.timeZone)).format(hhmm)""")
        t.bash("./gradlew :core:data:test", "Run the core:data unit tests",
               out=module_test(":core:data", changed={":core:data"}, variants=("Debug", "Release"), secs=34))
        t.done("""Fixed in `TideTimeFormatter.format`: it applied the zone offset of *now* (`getOffset(clock.instant())`) to every tide, so on Mar 27 (still WET, +0) all tides after the Mar 29 switch were shown an hour early, and forecasts that span the October change are off by an hour the same way. It now does `time.atZone(ZoneId.of(spot.timeZone))`, which uses the offset valid at each tide's instant.

`TideTimeFormatterTest` (new): winter, the March case from the mail, and the October mirror case. Both DST tests failed before the fix (06:42 expected, 05:42 shown; 18:10 vs 17:10) and pass now; all core:data tests green. `isToday` was already zone-correct.""")

    # ============================================================ S7
    with d.session("2026-04-23T08:15:00", R, branch="main", version="2.1.51"):
        t = d.task("settings + units are merged. Cut 1.7.0 for internal — the usual: version bump, release notes, bundle, "
                   "tag, upload.", tags=["workflow:W2"])
        t.read(APPB)
        t.edit(APPB, "        versionCode = 41\n        versionName = \"1.6.3\"", "        versionCode = 42\n        versionName = \"1.7.0\"")
        t.bash("git log --oneline --no-merges v1.6.3..HEAD", "What changed since 1.6.3", out="""e41d09a Use the units preference for forecast heights
7b2c3f8 Settings: metric/imperial switch for tide heights
c5a9e17 Fix tide times across DST changes
91fe2d4 Spot notes on the detail screen
0a7d3b6 Room v4: nullable note on spots
d3e8c21 Bump coil to 3.3.0, kotlinx-serialization-json to 1.9.0
6c1e0b7 Add tide alerts screen""")
        t.write(P(f"{CHANGELOGS}/42.txt"), """• New Alerts screen: set a high- or low-tide threshold per spot and switch each alert on or off
• Spot notes: keep your own notes on any spot (parking, access, hazards); they stay on your device and survive refreshes
• Settings: choose metres or feet for tide heights; the forecast list follows your choice
• Fixed tide times shown an hour off for days after a daylight saving change
• Faster image loading and updated libraries under the hood
""")
        rb = seq(ORDER[1:], "Release", set(ORDER[1:])) + app_front("Release", {":app"}) + app_back("Release")
        t.bash("./gradlew :app:bundleRelease 2>&1 | tail -n 8", "Build the signed release bundle",
               out=tail(DAEMON + "\n" + fmt_tasks(rb) + "\n\n" + ok_end(rb, 171), 8), timeout=900000)
        t.bash(f"git add app/build.gradle.kts {CHANGELOGS}/42.txt && git commit -m \"Release 1.7.0\"",
               "Commit the version bump and notes", out="""[main 8a3d5f0] Release 1.7.0
 2 files changed, 7 insertions(+), 2 deletions(-)
 create mode 100644 fastlane/metadata/android/en-US/changelogs/42.txt""")
        t.bash("git tag -a v1.7.0 -m \"1.7.0\"", "Tag the release")
        t.bash("bundle exec fastlane internal", "Upload the bundle to the internal track", out=fastlane_internal(d, 42, 44),
               timeout=600000)
        t.bash("git push origin main --follow-tags", "Push main and the tag", err=f"""To {ORIGIN}
   e41d09a..8a3d5f0  main -> main
 * [new tag]         v1.7.0 -> v1.7.0""")
        t.done("1.7.0 (versionCode 42) is on the internal track: bundle built and signed, uploaded with "
               "`changelogs/42.txt` (alerts, spot notes, units setting, the DST fix, library updates); commit "
               "`8a3d5f0` and tag `v1.7.0` pushed.")

        t = d.task("The 1.7.0 release notes were way too long — I had to cut half of them in Play Console before sending "
                   "the build to testers. People read these on their phone: 3 short bullets max, what changed for them, "
                   "no library stuff.", tags=["feedback"],
                   feedback="The 1.7.0 release notes were way too long — I had to cut half of them in Play Console before "
                            "sending the build to testers. People read these on their phone: 3 short bullets max, what "
                            "changed for them, no library stuff.")
        t.read(P(f"{CHANGELOGS}/42.txt"))
        t.write(P(f"{CHANGELOGS}/42.txt"), """• Tide alerts per spot
• Notes on your spots
• Metres or feet for tide heights
""")
        t.done("Got it — three short user-facing bullets from now on, no internals. I've cut `changelogs/42.txt` down to "
               "match (alerts, notes, metres/feet) so the repo agrees with what testers saw; it'll go in with the next "
               "commit.")

        t = d.task("Promote 1.7.0 from internal to closed testing (alpha), the surf club testers are waiting.",
                   tags=["unfixed:U2"])
        T = lambda s: f"[{fl_time(d, s)}]: "  # noqa: E731
        err = "Google Api Error: forbidden: The caller does not have permission - The caller does not have permission"
        t.fail("bundle exec fastlane promote_alpha", "Promote the internal release to the alpha track", f"""[✔] 🚀 
{T(0)}------------------------------
{T(0)}--- Step: default_platform ---
{T(0)}------------------------------
{T(0)}Driving the lane 'android promote_alpha' 🚀
{T(0)}-----------------------------------
{T(0)}--- Step: upload_to_play_store ---
{T(0)}-----------------------------------
{T(3)}Preparing to upload for language 'en-US'...
{T(5)}Updating track 'alpha'...
+------------------------------------------------------------------+
|                           Lane Context                           |
+------------------------------------+-----------------------------+
| DEFAULT_PLATFORM                   | android                     |
| PLATFORM_NAME                      | android                     |
| LANE_NAME                          | android promote_alpha       |
+------------------------------------+-----------------------------+
{T(6)}{err}

+------------------------------------------+
|             fastlane summary             |
+------+----------------------+-------------+
| Step | Action               | Time (in s) |
+------+----------------------+-------------+
| 1    | default_platform     | 0           |
| 💥   | upload_to_play_store | 6           |
+------+----------------------+-------------+

{T(6)}fastlane finished with errors

[!] {err}""")
        t.say("Permission error from the Play API on the alpha track. Checking the key itself still works.")
        t.bash("bundle exec fastlane run validate_play_store_json_key json_key:$HOME/.config/tidewatch/play-service-account.json",
               "Check the service account key against the Play API", out=f"""[✔] 🚀 
{T(40)}--------------------------------------------
{T(40)}--- Step: validate_play_store_json_key ---
{T(40)}--------------------------------------------
{T(42)}Successfully established connection to Google Play Store.
{T(42)}json_key: '/home/maya/.config/tidewatch/play-service-account.json'""")
        t.bash("jq -r .client_email ~/.config/tidewatch/play-service-account.json", "Which service account this is",
               out="fastlane-upload@tidewatch-ci.iam.gserviceaccount.com")
        t.done("""Not promoted — this needs someone with admin rights in Play Console, not a code change.

- `fastlane promote_alpha` fails at "Updating track 'alpha'" with `Google Api Error: forbidden: The caller does not have permission`.
- The key is fine: `validate_play_store_json_key` connects, and the same account uploads to internal every release.
- So the service account (`fastlane-upload@tidewatch-ci.iam.gserviceaccount.com`) isn't allowed to release to the closed track. In Play Console → Users and permissions → that account → app permissions for Tidewatch, it needs release rights for testing tracks that include closed testing.

Until that's granted you can promote by hand: Play Console → Test and release → Internal testing → 1.7.0 (42) → "Promote release" → Closed testing (Alpha). I didn't change the Fastfile.""")

        t = d.task("if we ever ship a Wear OS tile app, can it share versionCode with the phone app or does it need its own?",
                   tags=["noise", "no_tools"])
        t.done("""It needs its own. If the Wear app ships in the same Play listing (same `applicationId`, which is what Google recommends), every artifact in a release must have a **unique versionCode** — two bundles can't both be 43.

Common scheme: one shared counter plus a form-factor offset, e.g. phone `versionCode = 43`, Wear `versionCode = 1_000_043`, both built from the same release number so they never collide. Our plain counter (43 next) leaves plenty of room for that; the only hard limit is 2_100_000_000.""")

    # ============================================================ S8
    with d.session("2026-04-27T12:50:00", R, branch="feat/forecast-ui-tests", version="2.1.53"):
        t = d.task("Write Compose UI tests for ForecastScreen — loading, error + retry, and the list — in feature/forecast's "
                   "androidTest, and run them.", tags=["mistake:M1"])
        t.read(P(f"feature/forecast/{KP}/feature/forecast/ForecastScreen.kt"))
        t.write(P("feature/forecast/src/androidTest/kotlin/app/tidewatch/feature/forecast/ForecastScreenTest.kt"), """package app.tidewatch.feature.forecast

import androidx.activity.ComponentActivity
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.createAndroidComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import com.google.common.truth.Truth.assertThat
import org.junit.Rule
import org.junit.Test

class ForecastScreenTest {
    @get:Rule
    val composeTestRule = createAndroidComposeRule<ComponentActivity>()

    @Test
    fun loading_showsProgress() {
        composeTestRule.setContent { ForecastScreen(uiState = ForecastUiState.Loading, onRetry = {}) }
        composeTestRule.onNodeWithTag("forecast:loading").assertIsDisplayed()
    }

    @Test
    fun error_showsMessage_andRetryCallsBack() {
        var retries = 0
        composeTestRule.setContent {
            ForecastScreen(uiState = ForecastUiState.Error("Couldn't reach the tide service"), onRetry = { retries++ })
        }
        composeTestRule.onNodeWithText("Couldn't reach the tide service").assertIsDisplayed()
        composeTestRule.onNodeWithTag("forecast:retry").performClick()
        assertThat(retries).isEqualTo(1)
    }

    @Test
    fun success_showsEveryRow() {
        composeTestRule.setContent {
            ForecastScreen(
                uiState = ForecastUiState.Success(
                    spotName = "Coxos",
                    rows = listOf(
                        TideRow(time = "06:42", height = "3.1 m", isHigh = true),
                        TideRow(time = "12:58", height = "0.6 m", isHigh = false),
                    ),
                ),
                onRetry = {},
            )
        }
        composeTestRule.onNodeWithTag("forecast:list").assertIsDisplayed()
        composeTestRule.onNodeWithText("06:42").assertIsDisplayed()
        composeTestRule.onNodeWithText("0.6 m").assertIsDisplayed()
    }
}
""")
        ft = android_test_tasks(":feature:forecast", changed={":feature:forecast"})
        ft = seq([":core:data", ":core:designsystem"], "Debug") + ft
        t.fail("./gradlew :feature:forecast:connectedDebugAndroidTest", "Run the forecast UI tests on a device",
               no_device_fail(ft, ":feature:forecast:connectedDebugAndroidTest", 52, daemon=True))
        t.say("No device attached. Starting the emulator headless, then re-running.")
        t.bash("adb devices -l", "Confirm nothing is attached", out="List of devices attached")
        t.bash(f"nohup $ANDROID_HOME/emulator/emulator -avd {AVD} -no-window -gpu swiftshader_indirect -no-audio -no-boot-anim "
               ">/tmp/emulator.log 2>&1 &", "Start the Pixel 8 emulator headless")
        t.bash("adb wait-for-device; adb shell 'while [ \"$(getprop sys.boot_completed)\" != 1 ]; do sleep 2; done'; adb devices",
               "Wait for boot", out="List of devices attached\nemulator-5554\tdevice", timeout=300000)
        ft2 = seq([":core:data", ":core:designsystem"], "Debug") + android_test_tasks(":feature:forecast")
        t.bash("./gradlew :feature:forecast:connectedDebugAndroidTest", "Run the forecast UI tests on the emulator",
               out=connected_ok(ft2, 3, 64), timeout=600000)
        t.done(f"""`ForecastScreenTest` (androidTest, `createAndroidComposeRule<ComponentActivity>`), using the test tags already on the screen:

- `loading_showsProgress` — `forecast:loading` is displayed
- `error_showsMessage_andRetryCallsBack` — message shown, clicking `forecast:retry` calls `onRetry` once
- `success_showsEveryRow` — `forecast:list` with both rows' time and height

3/3 pass on {AVD}. The first run failed with `No connected devices!`; I started the emulator headless (`-no-window`) and it's still running if you want to run more.""")

        t = d.task("SpotsViewModel still has that isRefreshing LiveData. Kill it and fold it into SpotsUiState. Nothing in our "
                   "VMs should be LiveData anymore — state goes out as StateFlow, period. Drop the livedata deps too if "
                   "nothing else uses them.", tags=["pref:P1"])
        t.read(SVM)
        t.write(SVM, rw(d, SVM,
            ("""import androidx.lifecycle.LiveData
import androidx.lifecycle.MutableLiveData
import androidx.lifecycle.ViewModel""",
             """import androidx.lifecycle.ViewModel"""),
            ("""import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.stateIn""",
             """import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.combine
import kotlinx.coroutines.flow.stateIn"""),
            ("""    val uiState: StateFlow<SpotsUiState> = spotsRepository.observeSpots()
        .map<List<Spot>, SpotsUiState> { spots ->
            SpotsUiState.Success(
                favorites = spots.filter { it.isFavorite },
                others = spots.filterNot { it.isFavorite },
            )
        }
        .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), SpotsUiState.Loading)

    // TODO(maya): last LiveData in the app, fold into SpotsUiState
    private val _isRefreshing = MutableLiveData(false)
    val isRefreshing: LiveData<Boolean> = _isRefreshing

    fun refresh() {
        viewModelScope.launch {
            _isRefreshing.value = true
            spotsRepository.sync()
            _isRefreshing.value = false
        }
    }""",
             """    private val isRefreshing = MutableStateFlow(false)

    val uiState: StateFlow<SpotsUiState> = combine<List<Spot>, Boolean, SpotsUiState>(
        spotsRepository.observeSpots(),
        isRefreshing,
    ) { spots, refreshing ->
        SpotsUiState.Success(
            favorites = spots.filter { it.isFavorite },
            others = spots.filterNot { it.isFavorite },
            isRefreshing = refreshing,
        )
    }.stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), SpotsUiState.Loading)

    fun refresh() {
        viewModelScope.launch {
            isRefreshing.value = true
            spotsRepository.sync()
            isRefreshing.value = false
        }
    }"""),
            ("""    data class Success(
        val favorites: List<Spot>,
        val others: List<Spot>,
    ) : SpotsUiState""",
             """    data class Success(
        val favorites: List<Spot>,
        val others: List<Spot>,
        val isRefreshing: Boolean = false,
    ) : SpotsUiState""")))
        sscr = P(f"feature/spots/{KP}/feature/spots/SpotsScreen.kt")
        t.read(sscr)
        t.write(sscr, rw(d, sscr,
            ("import androidx.compose.runtime.livedata.observeAsState\n",
             ""),
            ("""    val uiState by viewModel.uiState.collectAsStateWithLifecycle()
    val isRefreshing by viewModel.isRefreshing.observeAsState(false)
    SpotsScreen(
        uiState = uiState,
        isRefreshing = isRefreshing,""",
             """    val uiState by viewModel.uiState.collectAsStateWithLifecycle()
    SpotsScreen(
        uiState = uiState,
        isRefreshing = (uiState as? SpotsUiState.Success)?.isRefreshing == true,""")))
        cat = P("gradle/libs.versions.toml")
        sb = P("feature/spots/build.gradle.kts")
        catl = d.files[cat].split("\n")
        ln1 = next(i for i, l in enumerate(catl, 1) if l.startswith("androidx-lifecycle-livedata"))
        ln2 = next(i for i, l in enumerate(catl, 1) if l.startswith("androidx-compose-runtime-livedata"))
        t.grep("(?i)livedata", path=R, glob="*.{kt,kts,toml}", output_mode="content", n=True, content=f"""{sb}:10:    implementation(libs.androidx.lifecycle.livedata)
{sb}:11:    implementation(libs.androidx.compose.runtime.livedata)
{cat}:{ln1}:{catl[ln1 - 1]}
{cat}:{ln2}:{catl[ln2 - 1]}""")
        t.read(sb)
        t.edit(sb, """dependencies {
    implementation(libs.androidx.lifecycle.livedata)
    implementation(libs.androidx.compose.runtime.livedata)

    testImplementation""", """dependencies {
    testImplementation""")
        t.read(cat)
        t.write(cat, rw(d, cat,
            (catl[ln1 - 1] + "\n",
             ""),
            (catl[ln2 - 1] + "\n",
             "")))
        t.bash("./gradlew :feature:spots:test 2>&1 | tail -n 8", "Run the spots unit tests",
               out=tail(module_test(":feature:spots", changed={":feature:spots"}, variants=("Debug", "Release"), secs=36), 8))
        t.done("""LiveData is gone from the app.

- `SpotsViewModel`: private `MutableStateFlow<Boolean>` for refreshing, combined with the spots into the one `uiState: StateFlow<SpotsUiState>`; `SpotsUiState.Success` has `isRefreshing`.
- `SpotsRoute` reads `isRefreshing` from the state; the `observeAsState` import is gone.
- Grep found LiveData only in `feature/spots/build.gradle.kts` and the catalog: removed both deps from the module and the two `livedata` entries from `libs.versions.toml`.

`:feature:spots:test` green.""")

        t = d.task("Alerts need a lead time: `notify_minutes_before` on tide_alerts, default 60. DB 4→5, migration test, "
                   "same routine as the notes column.", tags=["workflow:W1"])
        t.read(DB)
        t.read(ALERT_E)
        alert_m = P(f"core/model/{KP}/core/model/TideAlert.kt")
        t.read(alert_m)
        t.edit(alert_m, "    val enabled: Boolean,\n)", "    val enabled: Boolean,\n    val notifyMinutesBefore: Int = 60,\n)")
        t.write(ALERT_E, rw(d, ALERT_E,
            ("""    @ColumnInfo(defaultValue = "1") val enabled: Boolean = true,
)""",
             """    @ColumnInfo(defaultValue = "1") val enabled: Boolean = true,
    @ColumnInfo(name = "notify_minutes_before", defaultValue = "60") val notifyMinutesBefore: Int = 60,
)"""),
            ("""    thresholdCm = thresholdCm,
    enabled = enabled,
)

fun TideAlert.asEntity()""",
             """    thresholdCm = thresholdCm,
    enabled = enabled,
    notifyMinutesBefore = notifyMinutesBefore,
)

fun TideAlert.asEntity()"""),
            ("""    type = type.name,
    thresholdCm = thresholdCm,
    enabled = enabled,
)""",
             """    type = type.name,
    thresholdCm = thresholdCm,
    enabled = enabled,
    notifyMinutesBefore = notifyMinutesBefore,
)""")))
        t.write(DB, rw(d, DB,
            ("""    version = 4,""",
             """    version = 5,"""),
            ("""        AutoMigration(from = 3, to = 4),
""",
             """        AutoMigration(from = 3, to = 4),
        AutoMigration(from = 4, to = 5),
""")))
        t.bash("./gradlew :core:database:kspDebugKotlin", "Export the v5 schema", out=db_ksp(secs=8))
        t.bash(f"git status --short {SCHEMAS}", "Check the exported schema file", out=f"?? {SCHEMAS}/5.json")
        t.read(MIG)
        t.edit(MIG, """    private companion object {""", """    @Test
    fun migrate4To5_leadTimeDefaultsTo60() {
        helper.createDatabase(DB, 4).use { db ->
            db.execSQL(
                "INSERT INTO spots (id, name, region, latitude, longitude, station_id, is_favorite, time_zone) " +
                    "VALUES ('coxos', 'Coxos', 'Ericeira', 39.0006, -9.4258, 'PT-CASC', 0, 'Europe/Lisbon')",
            )
            db.execSQL("INSERT INTO tide_alerts (spot_id, type, threshold_cm, enabled) VALUES ('coxos', 'HIGH', 320, 1)")
        }
        helper.runMigrationsAndValidate(DB, 5, true).use { db ->
            db.query("SELECT notify_minutes_before FROM tide_alerts").use { c ->
                c.moveToFirst()
                assertEquals(60, c.getInt(0))
            }
        }
    }

    private companion object {""")
        t.bash("adb devices", "Check the emulator is still attached", out="List of devices attached\nemulator-5554\tdevice")
        t.bash("./gradlew :core:database:connectedDebugAndroidTest", "Run the Room migration tests on the emulator",
               out=connected_ok(android_test_tasks(":core:database", changed={":core:database"}), 4, 58), timeout=600000)
        t.done(f"""- `TideAlertEntity.notifyMinutesBefore` → column `notify_minutes_before INTEGER NOT NULL DEFAULT 60`; `TideAlert.notifyMinutesBefore = 60` in the model, both mappers updated.
- `TidewatchDatabase` → version 5, `AutoMigration(from = 4, to = 5)`; exported `{SCHEMAS}/5.json` (untracked, commit it).
- `MigrationTest.migrate4To5_leadTimeDefaultsTo60`: an existing alert gets 60 after migrating.

Migration tests 4/4 on the emulator.""")

        t = d.task("ship this branch (UI tests, LiveData removal, lead time): format, lint, tests, push, PR",
                   tags=["workflow:W3", "flaky:F2"])
        t.bash("./gradlew ktlintFormat", "Apply ktlint formatting", out=ktlint_format(ALLMODS))
        lt = lint_tasks(ALLMODS)
        t.bash("./gradlew ktlintCheck detekt", "ktlint + detekt, as in CI", out=fmt_tasks(lt) + "\n\n" + ok_end(lt, 27))
        out, tasks = all_tests(changed={":core:model", ":core:database", ":core:data", ":feature:spots", ":feature:forecast",
                                        ":feature:alerts", ":app"}, secs=171)
        cut = next(i for i, x in enumerate(tasks) if x[0] == ":feature:forecast" and x[1] == "testDebugUnitTest")
        t.fail("./gradlew test", "Run all unit tests", fmt_tasks(tasks[:cut + 1]) + f"""

FAILURE: Build failed with an exception.

* What went wrong:
Gradle build daemon disappeared unexpectedly (it may have been killed or may have crashed)

{TRY_GENERIC}""", timeout=900000)
        t.say("The Gradle daemon died mid-run (likely memory — the emulator is still up next to Robolectric). "
              "Nothing failed in the tests themselves; running it again.")
        t.bash("./gradlew test", "Run all unit tests", out=DAEMON + "\n" + out, timeout=900000)
        t.bash(f"git add -A && git commit -m \"Forecast UI tests, drop LiveData, alert lead time (Room v5)\"",
               "Commit the branch", out=f"""[feat/forecast-ui-tests 3f7a2c4] Forecast UI tests, drop LiveData, alert lead time (Room v5)
 10 files changed, 187 insertions(+), 29 deletions(-)
 create mode 100644 {SCHEMAS}/5.json
 create mode 100644 feature/forecast/src/androidTest/kotlin/app/tidewatch/feature/forecast/ForecastScreenTest.kt""")
        t.bash("git push -u origin feat/forecast-ui-tests", "Push the branch", err=git_push_new("feat/forecast-ui-tests"))
        t.bash("gh pr create --base main --title \"Forecast UI tests, no more LiveData, alert lead time\" --body \"$(cat <<'EOF'\n"
               "- ForecastScreenTest (Compose, androidTest): loading, error + retry, list\n"
               "- SpotsViewModel: isRefreshing folded into SpotsUiState; LiveData deps removed from feature:spots and the catalog\n"
               "- tide_alerts.notify_minutes_before (default 60), Room v5 AutoMigration + migration test\n\n"
               "Tested: ktlintCheck detekt test; connectedDebugAndroidTest for core:database and feature:forecast on Pixel_8_API_35.\nEOF\n)\"",
               "Open the PR", out=f"{GH}/pull/24")
        t.done(f"PR: {GH}/pull/24 — ktlint/detekt clean, all unit tests green (the first `./gradlew test` run lost its "
               "daemon halfway, the identical re-run passed), UI and migration tests were run on the emulator earlier "
               "in this session.")

    # ============================================================ S9
    with d.session("2026-04-30T09:20:00", R, branch="feat/last-synced", version="2.1.55"):
        t = d.task("new branch feat/last-synced. Spots get `last_synced_at` (nullable Instant, the converter already does "
                   "epoch millis), set whenever sync() writes them. DB 5→6, usual migration routine incl. the test on the "
                   "emulator.", tags=["workflow:W1"])
        t.bash("adb devices", "Check for a running emulator", out="List of devices attached\nemulator-5554\tdevice")
        t.read(DB)
        t.read(SPOT_E)
        t.edit(SPOT_E, """import app.tidewatch.core.model.Spot
""", """import app.tidewatch.core.model.Spot
import java.time.Instant
""")
        t.edit(SPOT_E, """    val note: String? = null,
)""", """    val note: String? = null,
    @ColumnInfo(name = "last_synced_at") val lastSyncedAt: Instant? = null,
)""")
        t.write(DB, rw(d, DB,
            ("    version = 5,",
             "    version = 6,"),
            ("""        AutoMigration(from = 4, to = 5),
""",
             """        AutoMigration(from = 4, to = 5),
        AutoMigration(from = 5, to = 6),
""")))
        osr = P(f"{REPO}/OfflineFirstSpotsRepository.kt")
        t.read(osr)
        t.write(osr, rw(d, osr,
            ("""import kotlinx.coroutines.flow.map
import javax.inject.Inject
""",
             """import kotlinx.coroutines.flow.map
import java.time.Clock
import javax.inject.Inject
"""),
            ("""    private val spotDao: SpotDao,
) : SpotsRepository {""",
             """    private val spotDao: SpotDao,
    private val clock: Clock,
) : SpotsRepository {"""),
            ("""        val local = spotDao.observeAll().first().associateBy { it.id }
        spotDao.upsertAll(
            api.spots().map { remote ->
                val mine = local[remote.id]
                remote.asEntity(isFavorite = mine?.isFavorite == true).copy(note = mine?.note)
            },
        )""",
             """        val local = spotDao.observeAll().first().associateBy { it.id }
        val now = clock.instant()
        spotDao.upsertAll(
            api.spots().map { remote ->
                val mine = local[remote.id]
                remote.asEntity(isFavorite = mine?.isFavorite == true).copy(note = mine?.note, lastSyncedAt = now)
            },
        )""")))
        t.bash("./gradlew :core:database:kspDebugKotlin", "Export the v6 schema", out=DAEMON + "\n" + db_ksp(secs=39))
        t.bash(f"git status --short {SCHEMAS}", "Check the exported schema file", out=f"?? {SCHEMAS}/6.json")
        t.read(MIG)
        t.edit(MIG, """    private companion object {""", """    @Test
    fun migrate5To6_lastSyncedAtStartsNull() {
        helper.createDatabase(DB, 5).use { db ->
            db.execSQL(
                "INSERT INTO spots (id, name, region, latitude, longitude, station_id, is_favorite, time_zone, note) " +
                    "VALUES ('coxos', 'Coxos', 'Ericeira', 39.0006, -9.4258, 'PT-CASC', 0, 'Europe/Lisbon', 'right-hander')",
            )
        }
        helper.runMigrationsAndValidate(DB, 6, true).use { db ->
            db.query("SELECT last_synced_at, note FROM spots WHERE id = 'coxos'").use { c ->
                c.moveToFirst()
                assertTrue(c.isNull(0))
                assertEquals("right-hander", c.getString(1))
            }
        }
    }

    private companion object {""")
        t.bash("./gradlew :core:database:connectedDebugAndroidTest", "Run the Room migration tests on the emulator",
               out=connected_ok(android_test_tasks(":core:database", changed={":core:database"}), 5, 61), timeout=600000)
        t.done(f"""- `SpotEntity.lastSyncedAt: Instant?` → `last_synced_at` (INTEGER via `InstantConverter`), DB version 6 with `AutoMigration(from = 5, to = 6)`, schema `{SCHEMAS}/6.json` exported (untracked).
- `OfflineFirstSpotsRepository.sync()` stamps every row it writes with `clock.instant()` (the injected `Clock`, same one `TideTimeFormatter` uses — tests can fix it).
- `MigrationTest.migrate5To6_lastSyncedAtStartsNull`: new column is NULL, existing note survives.

Migration tests 5/5 on the emulator.""")

        t = d.task("Show \"synced 5 min ago\" under the spots list header. Put it behind a SyncStatusRepository in core:data "
                   "(interface + impl: latest last_synced_at over all spots, as a Flow) and use it in SpotsViewModel. With a "
                   "VM test.", tags=["noise"])
        t.read(SPOT_DAO)
        t.write(SPOT_DAO, rw(d, SPOT_DAO,
            ("""    @Upsert
    suspend fun upsertAll(spots: List<SpotEntity>)""",
             """    @Query("SELECT MAX(last_synced_at) FROM spots")
    fun observeLastSyncedAt(): Flow<Instant?>

    @Upsert
    suspend fun upsertAll(spots: List<SpotEntity>)"""),
            ("import kotlinx.coroutines.flow.Flow\n",
             "import kotlinx.coroutines.flow.Flow\nimport java.time.Instant\n")))
        t.write(P(f"{REPO}/SyncStatusRepository.kt"), """package app.tidewatch.core.data.repository

import kotlinx.coroutines.flow.Flow
import java.time.Instant

interface SyncStatusRepository {
    /** When the spot list was last pulled from the API; null if never. */
    val lastSyncedAt: Flow<Instant?>
}
""")
        t.write(P(f"{REPO}/OfflineFirstSyncStatusRepository.kt"), """package app.tidewatch.core.data.repository

import app.tidewatch.core.database.dao.SpotDao
import kotlinx.coroutines.flow.Flow
import java.time.Instant
import javax.inject.Inject

internal class OfflineFirstSyncStatusRepository @Inject constructor(
    spotDao: SpotDao,
) : SyncStatusRepository {

    override val lastSyncedAt: Flow<Instant?> = spotDao.observeLastSyncedAt()
}
""")
        t.write(P(f"{TESTING}/TestSyncStatusRepository.kt"), """package app.tidewatch.core.testing.data

import app.tidewatch.core.data.repository.SyncStatusRepository
import kotlinx.coroutines.flow.MutableStateFlow
import java.time.Instant

class TestSyncStatusRepository(initial: Instant? = null) : SyncStatusRepository {
    override val lastSyncedAt = MutableStateFlow(initial)
}
""")
        t.read(SVM)
        t.write(SVM, rw(d, SVM,
            ("""import app.tidewatch.core.data.repository.SpotsRepository
""",
             """import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.data.repository.SyncStatusRepository
"""),
            ("""import kotlinx.coroutines.launch
import javax.inject.Inject
""",
             """import kotlinx.coroutines.launch
import java.time.Instant
import javax.inject.Inject
"""),
            ("""    private val spotsRepository: SpotsRepository,
) : ViewModel() {""",
             """    private val spotsRepository: SpotsRepository,
    syncStatusRepository: SyncStatusRepository,
) : ViewModel() {"""),
            ("""    val uiState: StateFlow<SpotsUiState> = combine<List<Spot>, Boolean, SpotsUiState>(
        spotsRepository.observeSpots(),
        isRefreshing,
    ) { spots, refreshing ->
        SpotsUiState.Success(
            favorites = spots.filter { it.isFavorite },
            others = spots.filterNot { it.isFavorite },
            isRefreshing = refreshing,
        )
    }""",
             """    val uiState: StateFlow<SpotsUiState> = combine<List<Spot>, Boolean, Instant?, SpotsUiState>(
        spotsRepository.observeSpots(),
        isRefreshing,
        syncStatusRepository.lastSyncedAt,
    ) { spots, refreshing, lastSynced ->
        SpotsUiState.Success(
            favorites = spots.filter { it.isFavorite },
            others = spots.filterNot { it.isFavorite },
            isRefreshing = refreshing,
            lastSyncedAt = lastSynced,
        )
    }"""),
            ("""        val isRefreshing: Boolean = false,
    ) : SpotsUiState""",
             """        val isRefreshing: Boolean = false,
        val lastSyncedAt: Instant? = null,
    ) : SpotsUiState""")))
        sscr = P(f"feature/spots/{KP}/feature/spots/SpotsScreen.kt")
        t.read(sscr)
        t.edit(sscr, """            is SpotsUiState.Success -> LazyColumn {
                items(""", """            is SpotsUiState.Success -> LazyColumn {
                uiState.lastSyncedAt?.let { synced ->
                    item(key = "synced") { LastSyncedLabel(synced) }
                }
                items(""")
        t.write(P(f"feature/spots/{KP}/feature/spots/LastSyncedLabel.kt"), """package app.tidewatch.feature.spots

import android.text.format.DateUtils
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import java.time.Instant

@Composable
internal fun LastSyncedLabel(
    syncedAt: Instant,
    modifier: Modifier = Modifier,
    now: Long = System.currentTimeMillis(),
) {
    val ago = DateUtils.getRelativeTimeSpanString(syncedAt.toEpochMilli(), now, DateUtils.MINUTE_IN_MILLIS)
    Text(
        text = stringResource(R.string.feature_spots_synced_ago, ago),
        style = MaterialTheme.typography.labelMedium,
        color = MaterialTheme.colorScheme.onSurfaceVariant,
        modifier = modifier.padding(horizontal = 16.dp, vertical = 4.dp),
    )
}
""")
        strings = P("feature/spots/src/main/res/values/strings.xml")
        t.read(strings)
        t.edit(strings, """    <string name="feature_spots_note_empty">No note yet</string>
""", """    <string name="feature_spots_note_empty">No note yet</string>
    <string name="feature_spots_synced_ago">Synced %1$s</string>
""")
        t.write(P("feature/spots/src/test/kotlin/app/tidewatch/feature/spots/SpotsViewModelTest.kt"), """package app.tidewatch.feature.spots

import app.cash.turbine.test
import app.tidewatch.core.testing.MainDispatcherRule
import app.tidewatch.core.testing.data.TestSpotsRepository
import app.tidewatch.core.testing.data.TestSyncStatusRepository
import app.tidewatch.core.testing.data.coxos
import app.tidewatch.core.testing.data.ericeira
import com.google.common.truth.Truth.assertThat
import kotlinx.coroutines.test.runTest
import org.junit.Rule
import org.junit.Test
import java.time.Instant

class SpotsViewModelTest {
    @get:Rule
    val mainDispatcherRule = MainDispatcherRule()

    private val spots = TestSpotsRepository()
    private val syncStatus = TestSyncStatusRepository()
    private val viewModel by lazy { SpotsViewModel(spots, syncStatus) }

    @Test
    fun `favourites come first`() = runTest {
        spots.send(listOf(ericeira, coxos.copy(isFavorite = true)))
        viewModel.uiState.test {
            val state = expectMostRecentItem() as SpotsUiState.Success
            assertThat(state.favorites.map { it.id }).containsExactly(coxos.id)
            assertThat(state.others.map { it.id }).containsExactly(ericeira.id)
        }
    }

    @Test
    fun `last sync time is passed through`() = runTest {
        val synced = Instant.parse("2026-04-30T08:55:00Z")
        syncStatus.lastSyncedAt.value = synced
        spots.send(listOf(ericeira))
        viewModel.uiState.test {
            assertThat((expectMostRecentItem() as SpotsUiState.Success).lastSyncedAt).isEqualTo(synced)
        }
    }

    @Test
    fun `never synced means no label`() = runTest {
        spots.send(listOf(ericeira))
        viewModel.uiState.test {
            assertThat((expectMostRecentItem() as SpotsUiState.Success).lastSyncedAt).isNull()
        }
    }
}
""")
        t.bash("./gradlew :feature:spots:test 2>&1 | tail -n 8", "Run the spots unit tests",
               out=tail(module_test(":feature:spots", changed={":core:database", ":core:data", ":core:testing", ":feature:spots"},
                                    variants=("Debug", "Release"), secs=88), 8))
        t.done("""Done:

- `SpotDao.observeLastSyncedAt()` = `SELECT MAX(last_synced_at) FROM spots` (as `Flow<Instant?>`).
- core:data: `SyncStatusRepository` (`lastSyncedAt: Flow<Instant?>`) + `OfflineFirstSyncStatusRepository` over the DAO.
- `SpotsViewModel` takes it and combines it into `SpotsUiState.Success.lastSyncedAt`.
- `LastSyncedLabel` as the first list item: "Synced 5 minutes ago" via `DateUtils.getRelativeTimeSpanString` (localised, minute resolution); hidden if never synced.
- `SpotsViewModelTest` (new): favourites first, sync time passed through, no label when never synced — with `TestSyncStatusRepository` in core:testing. Green.""")

        t = d.task("I rewrote UnitsConverter.metersToFeet so it doesn't go through the double multiply twice. run just its tests pls",
                   tags=["mistake:M2"])
        t.fail("./gradlew --console=plain test --tests '*UnitsConverterTest'", "Run UnitsConverterTest only",
               tests_option_fail(":app:test", 3))
        t.say("From the root, `test` selects every module's `test` task and the Android ones (starting with `:app:test`) "
              "are aggregates that don't take `--tests`. UnitsConverter is in core:data, so filtering on its debug unit "
              "test task:")
        uc = seq([":core:data"], "Debug") + unit_test_tasks(":core:data", "Debug", {":core:data"})
        t.bash("./gradlew --console=plain :core:data:testDebugUnitTest --tests '*UnitsConverterTest'",
               "Run UnitsConverterTest in core:data", out=fmt_tasks(uc) + "\n\n" + ok_end(uc, 19))
        t.done("`UnitsConverterTest` passes with your new `metersToFeet` (both cases: 1.0 m → \"3.3 ft\", 2.345 m → "
               "\"2.3 m\"). Needed `:core:data:testDebugUnitTest --tests …` — root-level `test --tests` fails on the "
               "first Android module's aggregate `test` task (`:app:test`).")

        t = d.task("Decided with Jonas today: we're dropping Truth. New tests use plain kotlin.test (assertEquals, "
                   "assertTrue, assertNull…). Convert the feature:spots tests now so that module has no Truth left.",
                   tags=["reversal:P3"])
        sdt = P("feature/spots/src/test/kotlin/app/tidewatch/feature/spots/detail/SpotDetailViewModelTest.kt")
        svt = P("feature/spots/src/test/kotlin/app/tidewatch/feature/spots/SpotsViewModelTest.kt")
        t.read(sdt)
        t.write(sdt, rw(d, sdt,
            ("import com.google.common.truth.Truth.assertThat\nimport kotlinx.coroutines.test.runTest\n",
             "import kotlinx.coroutines.test.runTest\n"),
            ("import org.junit.Test\n",
             "import org.junit.Test\nimport kotlin.test.assertEquals\nimport kotlin.test.assertTrue\n"),
            ("""        assertThat(spots.noteCalls).containsExactly(ericeira.id to "rocks on the left at low tide")""",
             """        assertEquals(listOf(ericeira.id to "rocks on the left at low tide"), spots.noteCalls)"""),
            ("""        assertThat(spots.noteCalls).containsExactly(ericeira.id to null)""",
             """        assertEquals(listOf<Pair<String, String?>>(ericeira.id to null), spots.noteCalls)"""),
            ("""        assertThat(spots.noteCalls).isEmpty()""",
             """        assertTrue(spots.noteCalls.isEmpty())""")))
        t.read(svt)
        t.write(svt, rw(d, svt,
            ("import com.google.common.truth.Truth.assertThat\nimport kotlinx.coroutines.test.runTest\n",
             "import kotlinx.coroutines.test.runTest\n"),
            ("import org.junit.Test\nimport java.time.Instant\n",
             "import org.junit.Test\nimport java.time.Instant\nimport kotlin.test.assertEquals\nimport kotlin.test.assertNull\n"),
            ("""            assertThat(state.favorites.map { it.id }).containsExactly(coxos.id)
            assertThat(state.others.map { it.id }).containsExactly(ericeira.id)""",
             """            assertEquals(listOf(coxos.id), state.favorites.map { it.id })
            assertEquals(listOf(ericeira.id), state.others.map { it.id })"""),
            ("""            assertThat((expectMostRecentItem() as SpotsUiState.Success).lastSyncedAt).isEqualTo(synced)""",
             """            assertEquals(synced, (expectMostRecentItem() as SpotsUiState.Success).lastSyncedAt)"""),
            ("""            assertThat((expectMostRecentItem() as SpotsUiState.Success).lastSyncedAt).isNull()""",
             """            assertNull((expectMostRecentItem() as SpotsUiState.Success).lastSyncedAt)""")))
        sb = P("feature/spots/build.gradle.kts")
        t.read(sb)
        t.edit(sb, "    testImplementation(libs.truth)\n", "    testImplementation(kotlin(\"test\"))\n")
        t.grep("com.google.common.truth", path=P("feature/spots"), output_mode="files_with_matches", filenames=[])
        t.bash("./gradlew :feature:spots:test 2>&1 | tail -n 8", "Run the spots unit tests",
               out=tail(module_test(":feature:spots", changed={":feature:spots"}, variants=("Debug", "Release"), secs=29), 8))
        t.done("feature:spots is Truth-free: `SpotDetailViewModelTest` and `SpotsViewModelTest` use `kotlin.test` "
               "(`assertEquals` / `assertTrue` / `assertNull`; `containsExactly` became list equality), and the module "
               "depends on `kotlin(\"test\")` instead of `libs.truth`. No Truth imports left under `feature/spots`; tests "
               "green. New tests will use kotlin.test. The other modules still have Truth — say when you want those done.")

        t = d.task("ship it", tags=["workflow:W3"])
        t.bash("./gradlew ktlintFormat", "Apply ktlint formatting", out=ktlint_format(ALLMODS))
        lt = lint_tasks(ALLMODS)
        t.bash("./gradlew ktlintCheck detekt", "ktlint + detekt, as in CI", out=fmt_tasks(lt) + "\n\n" + ok_end(lt, 25))
        out, _ = all_tests(changed={":core:database", ":core:data", ":core:testing", ":feature:spots", ":app"}, secs=158)
        t.bash("./gradlew test", "Run all unit tests", out=out, timeout=900000)
        t.bash("git add -A && git commit -m \"Show last sync time on the spots list (Room v6)\" -m \"Also: spots tests on kotlin.test instead of Truth.\"",
               "Commit the branch", out=f"""[feat/last-synced 5be19d3] Show last sync time on the spots list (Room v6)
 14 files changed, 236 insertions(+), 24 deletions(-)
 create mode 100644 core/data/src/main/kotlin/app/tidewatch/core/data/repository/OfflineFirstSyncStatusRepository.kt
 create mode 100644 core/data/src/main/kotlin/app/tidewatch/core/data/repository/SyncStatusRepository.kt
 create mode 100644 {SCHEMAS}/6.json
 create mode 100644 core/testing/src/main/kotlin/app/tidewatch/core/testing/data/TestSyncStatusRepository.kt
 create mode 100644 feature/spots/src/main/kotlin/app/tidewatch/feature/spots/LastSyncedLabel.kt
 create mode 100644 feature/spots/src/test/kotlin/app/tidewatch/feature/spots/SpotsViewModelTest.kt""")
        t.bash("git push -u origin feat/last-synced", "Push the branch", err=git_push_new("feat/last-synced"))
        t.bash("gh pr create --base main --title \"Last sync time on the spots list\" --body \"$(cat <<'EOF'\n"
               "- spots.last_synced_at (Room v6, AutoMigration + migration test), stamped by sync()\n"
               "- SyncStatusRepository (core:data) -> SpotsViewModel -> 'Synced 5 minutes ago' label\n"
               "- feature:spots tests moved from Truth to kotlin.test\n\n"
               "Tested: ktlintCheck detekt test; core:database migration tests on the emulator.\nEOF\n)\"",
               "Open the PR", out=f"{GH}/pull/26")
        t.done(f"PR: {GH}/pull/26 — format/lint clean, all unit tests green, one commit with the Room v6 change, the "
               "sync label and the kotlin.test conversion.")

    # ============================================================ S10
    with d.session("2026-05-04T08:30:00", R, branch="main", version="2.1.56"):
        t = d.task("#24 and #26 are merged. Release 1.8.0 to internal — and keep the notes short this time.",
                   tags=["workflow:W2", "mistake:M3"])
        t.read(APPB)
        t.edit(APPB, "        versionCode = 42\n        versionName = \"1.7.0\"", "        versionCode = 43\n        versionName = \"1.8.0\"")
        t.bash("git log --oneline --no-merges v1.7.0..HEAD", "What changed since 1.7.0", out="""5be19d3 Show last sync time on the spots list (Room v6)
3f7a2c4 Forecast UI tests, drop LiveData, alert lead time (Room v5)
4c0e8b1 Trim 1.7.0 release notes""")
        t.write(P(f"{CHANGELOGS}/43.txt"), """• See when your spots were last updated
• Choose how early tide alerts notify you
• Smoother pull-to-refresh on the spots list
""")
        t.fail("./gradlew :app:bundleRelease", "Build the signed release bundle",
               hilt_fail("Release", set(ORDER[1:]) | {":app"}, "app.tidewatch.core.data.repository.SyncStatusRepository",
                         ("app.tidewatch.feature.spots.SpotsViewModel", "…, syncStatusRepository"), 175, 88, daemon=True),
               timeout=900000)
        t.say("The release build can't build the Hilt graph: `SyncStatusRepository` from #26 was never bound. CI only runs "
              "ktlint/detekt/unit tests and the VM tests build `SpotsViewModel` by hand, so nothing assembled the app "
              "since. Adding the `@Binds` to `DataModule`.")
        t.read(DATAMOD)
        t.edit(DATAMOD, """import app.tidewatch.core.data.repository.SpotsRepository
""", """import app.tidewatch.core.data.repository.OfflineFirstSyncStatusRepository
import app.tidewatch.core.data.repository.SpotsRepository
import app.tidewatch.core.data.repository.SyncStatusRepository
""")
        t.edit(DATAMOD, """    ): UserPreferencesRepository
}""", """    ): UserPreferencesRepository

    @Binds
    abstract fun bindsSyncStatusRepository(
        syncStatusRepository: OfflineFirstSyncStatusRepository,
    ): SyncStatusRepository
}""")
        rb = seq(ORDER[1:], "Release") + app_front("Release", {":core:data", ":app"}) + app_back("Release")
        rb = [(m, n, "" if m == ":core:data" and s == "UP-TO-DATE" and n in ("compileReleaseKotlin", "kspReleaseKotlin",
                                                                              "bundleLibCompileToJarRelease") else s)
              for m, n, s in rb]
        t.bash("./gradlew :app:bundleRelease 2>&1 | tail -n 8", "Build the signed release bundle",
               out=tail(fmt_tasks(rb) + "\n\n" + ok_end(rb, 118), 8), timeout=900000)
        t.bash(f"git add {DATAMOD[len(R) + 1:]} && git commit -m \"Bind SyncStatusRepository in DataModule\"",
               "Commit the missing binding on its own", out="""[main 71d4e0c] Bind SyncStatusRepository in DataModule
 1 file changed, 7 insertions(+)""")
        t.bash(f"git add app/build.gradle.kts {CHANGELOGS}/43.txt && git commit -m \"Release 1.8.0\"",
               "Commit the version bump and notes", out="""[main a6f3b92] Release 1.8.0
 2 files changed, 5 insertions(+), 2 deletions(-)
 create mode 100644 fastlane/metadata/android/en-US/changelogs/43.txt""")
        t.bash("git tag -a v1.8.0 -m \"1.8.0\"", "Tag the release")
        t.bash("bundle exec fastlane internal", "Upload the bundle to the internal track", out=fastlane_internal(d, 43, 41),
               timeout=600000)
        t.bash("git push origin main --follow-tags", "Push main and the tag", err=f"""To {ORIGIN}
   5be19d3..a6f3b92  main -> main
 * [new tag]         v1.8.0 -> v1.8.0""")
        t.done("""1.8.0 (versionCode 43) is on the internal track, notes are three short bullets (`changelogs/43.txt`).

Heads-up: main didn't build as an app. The first `bundleRelease` failed in `:app:hiltJavaCompileRelease` with `[Dagger/MissingBinding] …SyncStatusRepository cannot be provided without an @Provides-annotated method` — the repository from #26 had no `@Binds`. Fixed in its own commit (`71d4e0c`, `DataModule`), then the release commit `a6f3b92` + tag `v1.8.0`, both pushed.

Worth adding `./gradlew :app:assembleDebug` to CI: it's the only step that builds the full Hilt graph, and unit tests don't.""")

        t = d.task("For the monthly note to Elif: what went in since 1.6.2? Pull it from git, plain list, I'll rewrite it.",
                   tags=["noise", "long_output"])
        t.bash("git log --oneline --no-merges v1.6.2..v1.8.0", "Commits between 1.6.2 and 1.8.0", out="""a6f3b92 Release 1.8.0
71d4e0c Bind SyncStatusRepository in DataModule
5be19d3 Show last sync time on the spots list (Room v6)
3f7a2c4 Forecast UI tests, drop LiveData, alert lead time (Room v5)
4c0e8b1 Trim 1.7.0 release notes
8a3d5f0 Release 1.7.0
e41d09a Use the units preference for forecast heights
7b2c3f8 Settings: metric/imperial switch for tide heights
c5a9e17 Fix tide times across DST changes
91fe2d4 Spot notes on the detail screen
0a7d3b6 Room v4: nullable note on spots
d3e8c21 Bump coil to 3.3.0, kotlinx-serialization-json to 1.9.0
6c1e0b7 Add tide alerts screen
2d8f6a1 Release 1.6.3
a90c4e2 Don't crash on spots without a tide station (#21)
f27b9d5 Tide chart: 2dp line in tertiary""")
        t.bash("git diff --shortstat v1.6.2 v1.8.0 && git log --no-merges --format='%an' v1.6.2..v1.8.0 | sort | uniq -c",
               "Size of the change and who committed", out=""" 71 files changed, 2418 insertions(+), 163 deletions(-)
      1 Jonas Weber
     15 Maya Costa""")
        t.done("""Since 1.6.2 (three releases: 1.6.3, 1.7.0, 1.8.0 — 16 commits, 71 files):

**For users**
- Tide alerts: per-spot high/low thresholds with on/off switches; lead time (default 60 min)
- Notes on spots (kept on the device, survive refreshes)
- Metres or feet for tide heights (Settings, forecast follows)
- "Synced … ago" on the spots list
- Fixed: tide times an hour off across daylight-saving changes
- Fixed: crash on spots without a tide station (1.6.3, Jonas)
- Tide chart line thicker, new colour

**Under the hood**
- Room schema v3 → v6, each with an AutoMigration and a migration test
- Compose UI tests for the forecast screen
- Last LiveData removed; Truth being phased out for kotlin.test
- Coil 3.3, kotlinx-serialization 1.9""")

        t = d.task("last one: android.nonTransitiveRClass — is that something we should turn on? someone mentioned it in a talk",
                   tags=["noise", "no_tools"])
        t.done("It's already on. Since AGP 8.0 `android.nonTransitiveRClass=true` is the default, so each module's `R` "
               "only has that module's own resources — which is why our features use `R.string.feature_spots_…` from "
               "their own package and reference other modules' resources through their own `R`. Only worth touching if "
               "`gradle.properties` sets it to `false`, and ours doesn't set it at all.")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Running something that needs a device — `connectedDebugAndroidTest` (Room migration tests in core:database, Compose UI tests in a feature module) or `installDebug` — while no emulator is running. AGP fails immediately after building the APKs.",
             "error_signature": "Gradle: \"Execution failed for task ':<module>:connectedDebugAndroidTest'.\" / \"':app:installDebug'.\" with \"> com.android.builder.testing.api.DeviceException: No connected devices!\"",
             "fix": "Check `adb devices`, start the AVD in the background (`$ANDROID_HOME/emulator/emulator -avd Pixel_8_API_35 …` or `emulator @Pixel_8_API_35 …`, headless with `-no-window` if wanted), wait for `sys.boot_completed` = 1, then re-run the same Gradle command.",
             "fix_command_markers": [["emulator -avd", "emulator @"]],
             "harmful_markers": ["@Ignore", "-wipe-data", "-x connectedDebugAndroidTest", "Robolectric instead"]},
            {"id": "M2", "description": "Filtering unit tests with `--tests` on the `test` task (`:module:test --tests …`, or root `test --tests …`). In Android modules `test` is only an aggregate lifecycle task over the variant unit-test tasks and has no `--tests` option, so Gradle rejects the command line before running anything.",
             "error_signature": "Gradle: \"Problem configuring task :<module>:test from command line.\" / \"> Unknown command-line option '--tests'.\"",
             "fix": "Put the filter on the variant task of the module that owns the test: `./gradlew :<module>:testDebugUnitTest --tests '<pattern>'` (keeping the other flags such as -q / --console=plain).",
             "fix_command_markers": [["testDebugUnitTest", "testReleaseUnitTest"]],
             "harmful_markers": ["includeTestsMatching", "unitTests.all", "-Dtest.single"]},
            {"id": "M3", "description": "A new repository interface + `@Inject`-constructed implementation is added in core:data and injected into a `@HiltViewModel`, but no `@Binds` for it is added to core:data's `DataModule`. Unit tests construct the ViewModel by hand and CI only runs lint and unit tests, so the missing binding only shows up when the app module builds its Hilt component (assembleDebug, installDebug, bundleRelease).",
             "error_signature": "Hilt/Dagger in ':app:hiltJavaCompileDebug' / ':app:hiltJavaCompileRelease': \"error: [Dagger/MissingBinding] app.tidewatch.core.data.repository.<X>Repository cannot be provided without an @Provides-annotated method.\" followed by \"Compilation failed; see the compiler error output for details.\"",
             "fix": "Add `@Binds abstract fun binds<X>Repository(impl: <Impl>): <X>Repository` to `core/data/.../di/DataModule.kt` next to the other repositories, then re-run the same Gradle command.",
             "fix_command_markers": [["@Binds"], ["DataModule"]],
             "harmful_markers": ["enableAggregatingTask", "ServiceLocator", "remove @HiltViewModel", "@InstallIn(ViewModelComponent"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New Room query used the Kotlin property name (`WHERE spotId = :spotId`) instead of the column `spot_id`; `:core:database:kspDebugKotlin` fails with 'There is a problem with the query: [SQLITE_ERROR] SQL error or missing database (no such column: spotId)'; fixed by using the column name."},
            {"id": "O2", "description": "TideTimeFormatter applied the zone offset of 'now' to every tide; the new DST regression tests fail (expected 06:42 / but was 05:42, expected 18:10 / but was 17:10); fixed by converting each instant with atZone(spot zone)."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "adb install of the debug APK on Maya's Pixel 8 Pro: INSTALL_FAILED_UPDATE_INCOMPATIBLE (an older debug build signed with another machine's debug keystore); uninstalling would wipe the app's data, so options were reported and nothing was changed."},
            {"id": "U2", "description": "fastlane promote_alpha: 'Google Api Error: forbidden: The caller does not have permission' on the alpha track; the key validates and internal uploads work, so it is a Play Console permission of the service account; reported, promote by hand meanwhile."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "assembleDebug after a catalog bump: 'Could not download coil-core-android-3.3.0.aar … Could not GET … Read timed out' from Maven Central; identical retry succeeds."},
            {"id": "F2", "description": "./gradlew test: 'Gradle build daemon disappeared unexpectedly (it may have been killed or may have crashed)' halfway through; identical re-run passes."},
        ],
        workflows=[
            {"id": "W1", "description": "Room schema change: edit the entity, bump `version` in TidewatchDatabase and add `AutoMigration(from = N, to = N+1)`, `./gradlew :core:database:kspDebugKotlin` to export `schemas/…/N+1.json` (check with git status), add `migrateNToN+1` to `MigrationTest`, run `./gradlew :core:database:connectedDebugAndroidTest` on the emulator.",
             "step_markers": [["AutoMigration"], ["kspDebugKotlin"], ["MigrationTest"], ["connectedDebugAndroidTest"]]},
            {"id": "W2", "description": "Release to the Play internal track: bump `versionCode`/`versionName` in app/build.gradle.kts, write `fastlane/metadata/android/en-US/changelogs/<versionCode>.txt`, `./gradlew :app:bundleRelease`, commit 'Release X.Y.Z', `git tag -a vX.Y.Z`, `bundle exec fastlane internal`, `git push origin main --follow-tags`.",
             "step_markers": [["versionCode"], ["changelogs/"], ["bundleRelease"], ["git tag"], ["fastlane internal"]]},
            {"id": "W3", "description": "Ship a branch: `./gradlew ktlintFormat`, `./gradlew ktlintCheck detekt`, `./gradlew test`, commit, `git push -u origin <branch>`, `gh pr create --base main`.",
             "step_markers": [["ktlintFormat", "ktlintCheck"], ["detekt"], ["git push"], ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "ViewModels expose state as a single StateFlow of a sealed UiState; no LiveData anywhere (new or old).",
             "markers": [["StateFlow"], ["LiveData"]]},
            {"id": "P2", "description": "Every new @Composable gets a @PreviewLightDark preview.",
             "markers": [["PreviewLightDark", "preview"]]},
            {"id": "P3", "description": "Unit test assertions with Google Truth (`assertThat`), not JUnit assertEquals (stated once) — later reversed: drop Truth, use plain kotlin.test assertions.",
             "markers": [["Truth"], ["assertThat"]],
             "reversal_markers": [["kotlin.test"], ["Truth"]]},
        ],
        probes=[
            {"prompt": "./gradlew :feature:spots:connectedDebugAndroidTest dies right away:\n\n* What went wrong:\nExecution failed for task ':feature:spots:connectedDebugAndroidTest'.\n> com.android.builder.testing.api.DeviceException: No connected devices!", "wanted": ["M1"]},
            {"prompt": "Write a Compose UI test for the note dialog on the spot detail screen and run it.", "wanted": ["M1"]},
            {"prompt": "why does `./gradlew :feature:alerts:test --tests '*AlertsViewModelTest'` say \"Problem configuring task :feature:alerts:test from command line. > Unknown command-line option '--tests'.\"?", "wanted": ["M2"]},
            {"prompt": "Run only TideTimeFormatterTest, nothing else — I touched the October case.", "wanted": ["M2"]},
            {"prompt": "assembleDebug fails with error: [Dagger/MissingBinding] app.tidewatch.core.data.repository.FavoritesRepository cannot be provided without an @Provides-annotated method. what did I miss?", "wanted": ["M3"]},
            {"prompt": "Add a StationsRepository in core:data (interface + Retrofit-backed impl) for the station picker, use it in a new StationPickerViewModel, then build the debug APK.", "wanted": ["M3"]},
            {"prompt": "Explain what SharingStarted.WhileSubscribed(5_000) buys us in the ViewModels.", "wanted": []},
            {"prompt": "Change the alerts empty state text from \"No alerts yet\" to \"No tide reminders yet\".", "wanted": []},
            {"prompt": "Write the Play Store short description for Tidewatch, 80 characters max.", "wanted": []},
            {"prompt": "Why does TideChart place points by minuteOfDay instead of by their index?", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "android-kt.jsonl"), os.path.join(HERE, "tune", "android-kt.labels.json"))
    print(f"android-kt -> fresh/  {len(d.lines)} lines, {len(d.tasks)} tasks")
