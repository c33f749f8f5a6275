"""ios-kmp: Rafael Duarte, mobile developer at Repwise (fictional Lisbon fitness-tech start-up, 9 people).

Repwise is a strength-training log with coach-made programs. One app for Android and iOS built with Kotlin
Multiplatform on a MacBook Pro (macOS 15, Apple Silicon): a `shared` KMP module (Ktor 3 client, SQLDelight 2 with
verified migrations, Koin 4, kotlinx.serialization, kotlinx-datetime, SKIE for the Swift API), the Android app
in Jetpack Compose (`androidApp`, Compose compiler + Compose Multiplatform plugin), the iOS app in SwiftUI
(`iosApp/iosApp.xcodeproj`, Xcode 16.4, the shared framework built by a "Compile Kotlin Framework" run-script
phase that calls `./gradlew :shared:embedAndSignAppleFrameworkForXcode`), a local Swift package
`iosApp/Packages/RepwiseUI` plus SPM packages Nuke and lottie-spm. Gradle version catalog, detekt + ktlint,
fastlane (one Fastfile for both apps: TestFlight, App Store screenshots, Play internal track), GitHub Actions on
macos-15 runners (`release.yml` on v* tags), gh.

Written blind for fresh/; measured once held out (round 26), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_ios_kmp.py && python3 check.py && python3 fresh/check_fresh.py
"""
import datetime as _dt
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TRACES = os.path.dirname(HERE)
sys.path.insert(0, TRACES)

from tracegen import Dev  # noqa: E402

U = "rafa"
H = "/Users/rafa"
R = H + "/dev/repwise-app"
MODEL = "claude-opus-4-6"
CM = R + "/shared/src/commonMain/kotlin/app/repwise/shared"
AM = R + "/shared/src/androidMain/kotlin/app/repwise/shared"
IM = R + "/shared/src/iosMain/kotlin/app/repwise/shared"
SQD = R + "/shared/src/commonMain/sqldelight"
SQ = SQD + "/app/repwise/shared/db"
AA = R + "/androidApp/src/main/kotlin/app/repwise/android"
IA = R + "/iosApp/iosApp"
RUI = R + "/iosApp/Packages/RepwiseUI"
PBX = R + "/iosApp/iosApp.xcodeproj/project.pbxproj"
RESOLVED = R + "/iosApp/iosApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
DD = H + "/Library/Developer/Xcode/DerivedData/iosApp-dkqfzvbxwmsjhcgrpuyiaotnelqb"
XCB = ("xcodebuild -project iosApp/iosApp.xcodeproj -scheme iosApp -configuration Debug "
       "-destination 'platform=iOS Simulator,name=iPhone 16' -disableAutomaticPackageResolution -quiet build")
XCT = ("xcodebuild test -project iosApp/iosApp.xcodeproj -scheme iosApp "
       "-destination 'platform=iOS Simulator,name=iPhone 16' -disableAutomaticPackageResolution "
       "-only-testing:RepwiseUITests")
XCRES = "xcodebuild -resolvePackageDependencies -project iosApp/iosApp.xcodeproj -scheme iosApp"
LANES = "ios beta, ios screenshots, android internal, android promote"

# ------------------------------------------------------------------ virtual file system

README = """# Repwise app

Strength-training log for Android and iOS. Kotlin Multiplatform: business logic, networking and storage are in
`shared/`, the UI is native on each platform.

| module | what | build |
|---|---|---|
| `shared/` | KMP library: Ktor client (`network/`), SQLDelight `RepwiseDatabase` (`src/commonMain/sqldelight`), Koin modules (`di/`), use cases, kotlinx.serialization DTOs. Targets: `androidTarget`, `iosArm64`, `iosSimulatorArm64`, `iosX64`. SKIE makes flows/suspend functions nice in Swift. | `./gradlew :shared:allTests` |
| `androidApp/` | Jetpack Compose app (Koin view models) | `./gradlew :androidApp:assembleDebug` |
| `iosApp/` | SwiftUI app. The `Compile Kotlin Framework` build phase runs `./gradlew :shared:embedAndSignAppleFrameworkForXcode`, so Xcode always builds the current `Shared` framework. Reusable SwiftUI components live in the local package `iosApp/Packages/RepwiseUI`. | see below |

## Checks

    ./gradlew :shared:allTests            # Android unit tests + iOS simulator tests of shared
    ./gradlew detekt ktlintCheck
    ./gradlew :androidApp:assembleDebug

iOS from the command line, the same way CI builds it (package versions come only from the committed
Package.resolved):

    xcodebuild -project iosApp/iosApp.xcodeproj -scheme iosApp -configuration Debug \\
      -destination 'platform=iOS Simulator,name=iPhone 16' -disableAutomaticPackageResolution -quiet build

## Database

SQLDelight with `verifyMigrations = true`. Schema change = change the `.sq` file, add the next
`src/commonMain/sqldelight/migrations/<n>.sqm`, then `./gradlew :shared:generateCommonMainRepwiseDatabaseSchema`
(writes `databases/<n+1>.db`, commit it) and `./gradlew :shared:verifySqlDelightMigration`.

## Releases

Bump `versionCode`/`versionName` in `androidApp/build.gradle.kts` and `MARKETING_VERSION` in
`iosApp/Configuration/Config.xcconfig`, add a CHANGELOG section, tag `vX.Y.Z` and push the tag.
`.github/workflows/release.yml` (macos-15 runner) then uploads the iOS build to TestFlight and the Android bundle to
the Play internal track with fastlane.
"""

SETTINGS = """rootProject.name = "repwise-app"
enableFeaturePreview("TYPESAFE_PROJECT_ACCESSORS")

pluginManagement {
    repositories {
        google()
        gradlePluginPortal()
        mavenCentral()
    }
}

dependencyResolutionManagement {
    repositories {
        google()
        mavenCentral()
    }
}

include(":androidApp")
include(":shared")
"""

TOML = """[versions]
agp = "8.12.3"
kotlin = "2.4.10"
compose-multiplatform = "1.10.1"
ktor = "3.4.2"
sqldelight = "2.1.0"
koin = "4.1.1"
kotlinx-serialization = "1.9.0"
kotlinx-coroutines = "1.10.2"
kotlinx-datetime = "0.7.1"
skie = "0.10.14"
detekt = "1.23.8"
ktlint-gradle = "13.1.0"
androidx-activity-compose = "1.11.0"
androidx-lifecycle = "2.9.4"
turbine = "1.2.1"

[libraries]
ktor-client-core = { module = "io.ktor:ktor-client-core", version.ref = "ktor" }
ktor-client-okhttp = { module = "io.ktor:ktor-client-okhttp", version.ref = "ktor" }
ktor-client-darwin = { module = "io.ktor:ktor-client-darwin", version.ref = "ktor" }
ktor-client-content-negotiation = { module = "io.ktor:ktor-client-content-negotiation", version.ref = "ktor" }
ktor-client-logging = { module = "io.ktor:ktor-client-logging", version.ref = "ktor" }
ktor-client-mock = { module = "io.ktor:ktor-client-mock", version.ref = "ktor" }
ktor-serialization-kotlinx-json = { module = "io.ktor:ktor-serialization-kotlinx-json", version.ref = "ktor" }
sqldelight-android-driver = { module = "app.cash.sqldelight:android-driver", version.ref = "sqldelight" }
sqldelight-native-driver = { module = "app.cash.sqldelight:native-driver", version.ref = "sqldelight" }
sqldelight-sqlite-driver = { module = "app.cash.sqldelight:sqlite-driver", version.ref = "sqldelight" }
sqldelight-coroutines = { module = "app.cash.sqldelight:coroutines-extensions", version.ref = "sqldelight" }
koin-core = { module = "io.insert-koin:koin-core", version.ref = "koin" }
koin-android = { module = "io.insert-koin:koin-android", version.ref = "koin" }
koin-compose-viewmodel = { module = "io.insert-koin:koin-compose-viewmodel", version.ref = "koin" }
koin-test = { module = "io.insert-koin:koin-test", version.ref = "koin" }
kotlinx-coroutines-core = { module = "org.jetbrains.kotlinx:kotlinx-coroutines-core", version.ref = "kotlinx-coroutines" }
kotlinx-coroutines-test = { module = "org.jetbrains.kotlinx:kotlinx-coroutines-test", version.ref = "kotlinx-coroutines" }
kotlinx-serialization-json = { module = "org.jetbrains.kotlinx:kotlinx-serialization-json", version.ref = "kotlinx-serialization" }
kotlinx-datetime = { module = "org.jetbrains.kotlinx:kotlinx-datetime", version.ref = "kotlinx-datetime" }
androidx-activity-compose = { module = "androidx.activity:activity-compose", version.ref = "androidx-activity-compose" }
androidx-lifecycle-runtime-compose = { module = "androidx.lifecycle:lifecycle-runtime-compose", version.ref = "androidx-lifecycle" }
turbine = { module = "app.cash.turbine:turbine", version.ref = "turbine" }

[plugins]
androidApplication = { id = "com.android.application", version.ref = "agp" }
androidLibrary = { id = "com.android.library", version.ref = "agp" }
kotlinAndroid = { id = "org.jetbrains.kotlin.android", version.ref = "kotlin" }
kotlinMultiplatform = { id = "org.jetbrains.kotlin.multiplatform", version.ref = "kotlin" }
kotlinSerialization = { id = "org.jetbrains.kotlin.plugin.serialization", version.ref = "kotlin" }
composeCompiler = { id = "org.jetbrains.kotlin.plugin.compose", version.ref = "kotlin" }
composeMultiplatform = { id = "org.jetbrains.compose", version.ref = "compose-multiplatform" }
sqldelight = { id = "app.cash.sqldelight", version.ref = "sqldelight" }
skie = { id = "co.touchlab.skie", version.ref = "skie" }
detekt = { id = "io.gitlab.arturbosch.detekt", version.ref = "detekt" }
ktlint = { id = "org.jlleitschuh.gradle.ktlint", version.ref = "ktlint-gradle" }
"""

SHARED_GRADLE = """import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.kotlinMultiplatform)
    alias(libs.plugins.androidLibrary)
    alias(libs.plugins.kotlinSerialization)
    alias(libs.plugins.sqldelight)
    alias(libs.plugins.skie)
}

kotlin {
    androidTarget {
        compilerOptions {
            jvmTarget.set(JvmTarget.JVM_17)
        }
    }

    listOf(iosX64(), iosArm64(), iosSimulatorArm64()).forEach { target ->
        target.binaries.framework {
            baseName = "Shared"
            isStatic = true
        }
    }

    sourceSets {
        commonMain.dependencies {
            implementation(libs.kotlinx.coroutines.core)
            implementation(libs.kotlinx.serialization.json)
            implementation(libs.kotlinx.datetime)
            implementation(libs.ktor.client.core)
            implementation(libs.ktor.client.content.negotiation)
            implementation(libs.ktor.client.logging)
            implementation(libs.ktor.serialization.kotlinx.json)
            implementation(libs.sqldelight.coroutines)
            api(libs.koin.core)
        }
        androidMain.dependencies {
            implementation(libs.ktor.client.okhttp)
            implementation(libs.sqldelight.android.driver)
            implementation(libs.koin.android)
        }
        iosMain.dependencies {
            implementation(libs.ktor.client.darwin)
            implementation(libs.sqldelight.native.driver)
        }
        commonTest.dependencies {
            implementation(kotlin("test"))
            implementation(libs.kotlinx.coroutines.test)
            implementation(libs.ktor.client.mock)
            implementation(libs.turbine)
        }
        androidUnitTest.dependencies {
            implementation(libs.sqldelight.sqlite.driver)
        }
    }
}

android {
    namespace = "app.repwise.shared"
    compileSdk = 36
    defaultConfig {
        minSdk = 26
    }
}

sqldelight {
    databases {
        create("RepwiseDatabase") {
            packageName.set("app.repwise.shared.db")
            schemaOutputDirectory.set(file("src/commonMain/sqldelight/databases"))
            verifyMigrations.set(true)
        }
    }
}

skie {
    features {
        enableSwiftUIObservingPreview = true
    }
}
"""

ANDROID_GRADLE = """plugins {
    alias(libs.plugins.androidApplication)
    alias(libs.plugins.kotlinAndroid)
    alias(libs.plugins.composeCompiler)
    alias(libs.plugins.composeMultiplatform)
}

android {
    namespace = "app.repwise.android"
    compileSdk = 36

    defaultConfig {
        applicationId = "app.repwise.android"
        minSdk = 26
        targetSdk = 36
        versionCode = 61
        versionName = "1.6.2"
    }
    signingConfigs {
        create("upload") {
            storeFile = file(providers.gradleProperty("repwise.upload.storeFile").getOrElse("upload.jks"))
            storePassword = providers.gradleProperty("repwise.upload.storePassword").orNull
            keyAlias = "upload"
            keyPassword = providers.gradleProperty("repwise.upload.keyPassword").orNull
        }
    }
    buildFeatures {
        compose = true
        buildConfig = true
    }
    buildTypes {
        getByName("release") {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
            signingConfig = signingConfigs.getByName("upload")
        }
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
}

dependencies {
    implementation(projects.shared)
    implementation(compose.material3)
    implementation(compose.preview)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.runtime.compose)
    implementation(libs.koin.android)
    implementation(libs.koin.compose.viewmodel)
    debugImplementation(compose.uiTooling)
}
"""

XCCONFIG = """// Shared build settings for the iOS app (Debug and Release include this file).
PRODUCT_NAME = Repwise
PRODUCT_BUNDLE_IDENTIFIER = app.repwise.ios
MARKETING_VERSION = 1.6.2
CURRENT_PROJECT_VERSION = 1
IPHONEOS_DEPLOYMENT_TARGET = 17.0
DEVELOPMENT_TEAM = 7QK2M4XR9D
"""

CHANGELOG = """# Changelog

## 1.6.2 (2026-09-28)
- Fix: rest timer kept running after finishing a workout (iOS).
- Fix: crash when a program had a week without sessions.

## 1.6.1 (2026-09-21)
- Fix: duplicate sets after editing a workout offline.

## 1.6.0 (2026-09-14)
- Coach programs: follow a program, see this week's sessions.
- Workout history grouped by week.
- Android: predictive back.
"""

SHARED_MODULE = """package app.repwise.shared.di

import app.repwise.shared.data.BundledCatalog
import app.repwise.shared.data.ExerciseRepository
import app.repwise.shared.data.ProgramRepository
import app.repwise.shared.data.WorkoutRepository
import app.repwise.shared.db.RepwiseDatabase
import app.repwise.shared.domain.FinishWorkoutUseCase
import app.repwise.shared.domain.ObserveWeekUseCase
import app.repwise.shared.network.RepwiseApi
import app.repwise.shared.network.createHttpClient
import app.repwise.shared.platform.DatabaseDriverFactory
import org.koin.core.module.Module
import org.koin.core.module.dsl.factoryOf
import org.koin.core.module.dsl.singleOf
import org.koin.dsl.module

val sharedModule: Module = module {
    single { createHttpClient(baseUrl = get(BaseUrl)) }
    singleOf(::RepwiseApi)
    single { RepwiseDatabase(get<DatabaseDriverFactory>().create()) }
    singleOf(::WorkoutRepository)
    singleOf(::ProgramRepository)
    single { ExerciseRepository(BundledCatalog.exercises) }
    factoryOf(::ObserveWeekUseCase)
    factoryOf(::FinishWorkoutUseCase)
}
"""

HTTP_CLIENT = """package app.repwise.shared.network

import io.ktor.client.HttpClient
import io.ktor.client.plugins.HttpTimeout
import io.ktor.client.plugins.contentnegotiation.ContentNegotiation
import io.ktor.client.plugins.defaultRequest
import io.ktor.client.plugins.logging.LogLevel
import io.ktor.client.plugins.logging.Logging
import io.ktor.serialization.kotlinx.json.json
import kotlinx.serialization.json.Json

internal val RepwiseJson = Json {
    ignoreUnknownKeys = true
    explicitNulls = false
}

fun createHttpClient(baseUrl: String): HttpClient = HttpClient {
    install(ContentNegotiation) {
        json(RepwiseJson)
    }
    install(HttpTimeout) {
        requestTimeoutMillis = 20_000
        connectTimeoutMillis = 10_000
        socketTimeoutMillis = 15_000
    }
    install(Logging) {
        level = LogLevel.INFO
    }
    defaultRequest {
        url(baseUrl)
    }
}
"""

API = """package app.repwise.shared.network

import app.repwise.shared.network.dto.PersonalRecordDto
import app.repwise.shared.network.dto.ProgramTemplateDto
import app.repwise.shared.network.dto.WorkoutDto
import io.ktor.client.HttpClient
import io.ktor.client.call.body
import io.ktor.client.request.get
import io.ktor.client.request.parameter
import io.ktor.client.request.post
import io.ktor.client.request.setBody
import io.ktor.http.ContentType
import io.ktor.http.contentType

class RepwiseApi(private val client: HttpClient) {
    suspend fun workouts(sinceEpochDay: Long): List<WorkoutDto> =
        client.get("v2/workouts") { parameter("since", sinceEpochDay) }.body()

    suspend fun uploadWorkout(workout: WorkoutDto) {
        client.post("v2/workouts") {
            contentType(ContentType.Application.Json)
            setBody(workout)
        }
    }

    suspend fun programTemplates(): List<ProgramTemplateDto> = client.get("v2/programs/templates").body()

    suspend fun personalRecords(): List<PersonalRecordDto> = client.get("v2/me/records").body()
}
"""

WORKOUT_REPO = """package app.repwise.shared.data

import app.cash.sqldelight.coroutines.asFlow
import app.cash.sqldelight.coroutines.mapToList
import app.repwise.shared.db.RepwiseDatabase
import app.repwise.shared.db.WorkoutSet
import app.repwise.shared.network.RepwiseApi
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.IO
import kotlinx.coroutines.flow.Flow

class WorkoutRepository(
    private val db: RepwiseDatabase,
    private val api: RepwiseApi,
    private val io: CoroutineDispatcher = Dispatchers.IO,
) {
    fun observeSets(workoutId: String): Flow<List<WorkoutSet>> =
        db.workoutSetQueries.setsForWorkout(workoutId).asFlow().mapToList(io)

    fun observeWeek(fromEpochDay: Long, toEpochDay: Long) =
        db.workoutQueries.workoutsBetween(fromEpochDay, toEpochDay).asFlow().mapToList(io)

    suspend fun sync(sinceEpochDay: Long) {
        val remote = api.workouts(sinceEpochDay)
        db.transaction {
            remote.forEach { w ->
                db.workoutQueries.upsert(w.id, w.startedAtEpochMs, w.finishedAtEpochMs, w.programSessionId)
                w.sets.forEach { s ->
                    db.workoutSetQueries.upsert(s.id, w.id, s.exerciseId, s.position.toLong(), s.reps.toLong(), s.weightKg)
                }
            }
        }
    }
}
"""

WORKOUT_SQ = """CREATE TABLE workout (
    id TEXT NOT NULL PRIMARY KEY,
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    program_session_id TEXT
);

CREATE INDEX workout_started_at ON workout(started_at);

upsert:
INSERT OR REPLACE INTO workout(id, started_at, finished_at, program_session_id)
VALUES (?, ?, ?, ?);

workoutsBetween:
SELECT *
FROM workout
WHERE started_at / 86400000 BETWEEN :fromEpochDay AND :toEpochDay
ORDER BY started_at DESC;

finish:
UPDATE workout SET finished_at = :finishedAt WHERE id = :id;
"""

WORKOUT_SET_SQ = """CREATE TABLE workout_set (
    id TEXT NOT NULL PRIMARY KEY,
    workout_id TEXT NOT NULL REFERENCES workout(id) ON DELETE CASCADE,
    exercise_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    reps INTEGER NOT NULL,
    weight_kg REAL NOT NULL
);

CREATE INDEX workout_set_workout ON workout_set(workout_id);

upsert:
INSERT OR REPLACE INTO workout_set(id, workout_id, exercise_id, position, reps, weight_kg)
VALUES (?, ?, ?, ?, ?, ?);

setsForWorkout:
SELECT *
FROM workout_set
WHERE workout_id = ?
ORDER BY position;

bestSetPerExercise:
SELECT exercise_id, MAX(weight_kg) AS best_kg, reps
FROM workout_set
GROUP BY exercise_id;
"""

MIG1 = """ALTER TABLE workout ADD COLUMN program_session_id TEXT;
"""

MIG2 = """CREATE INDEX workout_started_at ON workout(started_at);
"""

DRIVER_COMMON = """package app.repwise.shared.platform

import app.cash.sqldelight.db.SqlDriver

expect class DatabaseDriverFactory {
    fun create(): SqlDriver
}
"""

DRIVER_IOS = """package app.repwise.shared.platform

import app.cash.sqldelight.db.SqlDriver
import app.cash.sqldelight.driver.native.NativeSqliteDriver
import app.repwise.shared.db.RepwiseDatabase

actual class DatabaseDriverFactory {
    actual fun create(): SqlDriver = NativeSqliteDriver(RepwiseDatabase.Schema, "repwise.db")
}
"""

REST_TIMER = """package app.repwise.shared.domain

import kotlin.time.Duration
import kotlin.time.Duration.Companion.seconds

enum class ExerciseKind { COMPOUND, ISOLATION, CARDIO }

class RestTimerPolicy {
    fun defaultRest(kind: ExerciseKind): Duration = DEFAULT_REST

    private companion object {
        val DEFAULT_REST = 120.seconds
    }
}
"""

SYNC_SCHEDULER = """package app.repwise.shared.sync

import kotlin.time.Duration
import kotlin.time.Duration.Companion.hours

data class SyncPlan(val interval: Duration, val wifiOnly: Boolean)

class SyncScheduler {
    fun plan(): SyncPlan = SyncPlan(interval = DEFAULT_INTERVAL, wifiOnly = false)

    private companion object {
        val DEFAULT_INTERVAL = 1.hours
    }
}
"""

SYNC_SCHEDULER_TEST = """package app.repwise.shared.sync

import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.time.Duration.Companion.hours

class SyncSchedulerTest {
    @Test
    fun defaultPlanIsHourlyOnAnyNetwork() {
        assertEquals(SyncPlan(1.hours, wifiOnly = false), SyncScheduler().plan())
    }
}
"""

RECORDS_SCREEN = """package app.repwise.android.ui.records

import androidx.compose.foundation.layout.Column
import androidx.compose.material3.Scaffold
import androidx.compose.runtime.Composable

@Composable
fun RecordsRoute() {
    Scaffold { padding ->
        Column {}
    }
}
"""

STRINGS_XML = """<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name">Repwise</string>
    <string name="tab_today">Today</string>
    <string name="tab_history">History</string>
    <string name="tab_programs">Programs</string>
    <string name="onboarding_notifications">You\\'ll recieve a reminder on training days.</string>
</resources>
"""

FASTFILE = """# Repwise: one Fastfile for both apps.
# There is deliberately no default_platform: always say which app (`fastlane ios beta`, `fastlane android internal`).
opt_out_usage

platform :ios do
  desc "Build and upload a build to TestFlight"
  lane :beta do
    app_store_connect_api_key(key_id: ENV["ASC_KEY_ID"], issuer_id: ENV["ASC_ISSUER_ID"], key_filepath: ENV["ASC_KEY_PATH"])
    match(type: "appstore", readonly: true)
    increment_build_number(
      xcodeproj: "iosApp/iosApp.xcodeproj",
      build_number: latest_testflight_build_number(app_identifier: "app.repwise.ios") + 1
    )
    build_app(project: "iosApp/iosApp.xcodeproj", scheme: "iosApp", export_method: "app-store", output_directory: "build/ios")
    upload_to_testflight(skip_waiting_for_build_processing: true)
  end

  desc "App Store screenshots (en-US, de-DE) from the RepwiseScreenshots UI tests"
  lane :screenshots do
    capture_ios_screenshots
  end
end

platform :android do
  desc "Build the release bundle and upload it to the Play internal track"
  lane :internal do
    gradle(task: ":androidApp:bundleRelease")
    upload_to_play_store(
      track: "internal",
      aab: "androidApp/build/outputs/bundle/release/androidApp-release.aab",
      skip_upload_metadata: true, skip_upload_images: true, skip_upload_screenshots: true
    )
  end

  desc "Promote the latest internal build to closed testing"
  lane :promote do
    upload_to_play_store(track: "internal", track_promote_to: "alpha", skip_upload_changelogs: true)
  end
end
"""

RELEASE_YML = """name: release
on:
  push:
    tags: ["v*"]

jobs:
  ios:
    runs-on: macos-15
    timeout-minutes: 60
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-java@v4
        with: { distribution: temurin, java-version: "17" }
      - uses: maxim-lobanov/setup-xcode@v1
        with: { xcode-version: "16.4" }
      - uses: ruby/setup-ruby@v1
        with: { bundler-cache: true }
      - run: bundle exec fastlane ios beta
        env:
          ASC_KEY_ID: ${{ secrets.ASC_KEY_ID }}
          ASC_ISSUER_ID: ${{ secrets.ASC_ISSUER_ID }}
          ASC_KEY_PATH: ${{ runner.temp }}/asc.p8
          MATCH_PASSWORD: ${{ secrets.MATCH_PASSWORD }}

  android:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-java@v4
        with: { distribution: temurin, java-version: "17" }
      - uses: ruby/setup-ruby@v1
        with: { bundler-cache: true }
      - run: bundle exec fastlane android internal
        env:
          SUPPLY_JSON_KEY_DATA: ${{ secrets.PLAY_SERVICE_ACCOUNT_JSON }}
"""

PACKAGE_SWIFT = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RepwiseUI",
    defaultLocalization: "en",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "RepwiseUI", targets: ["RepwiseUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/kean/Nuke.git", from: "12.8.0"),
    ],
    targets: [
        .target(
            name: "RepwiseUI",
            dependencies: [
                .product(name: "NukeUI", package: "Nuke"),
            ]
        ),
        .testTarget(
            name: "RepwiseUITests",
            dependencies: ["RepwiseUI"]
        ),
    ]
)
"""

PBXPROJ = """// !$*UTF8*$!
{
	archiveVersion = 1;
	classes = {
	};
	objectVersion = 77;
	objects = {

/* Begin PBXBuildFile section */
		058557BB273AAA24004C7B11 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 058557BA273AAA24004C7B11 /* Assets.xcassets */; };
		2152FB042600AC8F00CF470E /* RepwiseApp.swift in Sources */ = {isa = PBXBuildFile; fileRef = 2152FB032600AC8F00CF470E /* RepwiseApp.swift */; };
		7A3F1C302C9E4D2B00A1B2C3 /* NukeUI in Frameworks */ = {isa = PBXBuildFile; productRef = 7A3F1C2F2C9E4D2B00A1B2C3 /* NukeUI */; };
		7A3F1C322C9E4D3600A1B2C3 /* Lottie in Frameworks */ = {isa = PBXBuildFile; productRef = 7A3F1C312C9E4D3600A1B2C3 /* Lottie */; };
		7A3F1C342C9E4D4100A1B2C3 /* RepwiseUI in Frameworks */ = {isa = PBXBuildFile; productRef = 7A3F1C332C9E4D4100A1B2C3 /* RepwiseUI */; };
/* End PBXBuildFile section */

/* Begin PBXShellScriptBuildPhase section */
		7555FF7F242A565900829871 /* Compile Kotlin Framework */ = {
			isa = PBXShellScriptBuildPhase;
			buildActionMask = 2147483647;
			files = (
			);
			inputFileListPaths = (
			);
			inputPaths = (
			);
			name = "Compile Kotlin Framework";
			outputFileListPaths = (
			);
			outputPaths = (
			);
			runOnlyForDeploymentPostprocessing = 0;
			shellPath = /bin/sh;
			shellScript = "if [ \\"YES\\" = \\"$OVERRIDE_KOTLIN_BUILD_IDE_SUPPORTED\\" ]; then\\n  echo \\"Skipping Gradle build task invocation due to OVERRIDE_KOTLIN_BUILD_IDE_SUPPORTED environment variable set to \\\\\\"YES\\\\\\"\\"\\n  exit 0\\nfi\\ncd \\"$SRCROOT/..\\"\\n./gradlew :shared:embedAndSignAppleFrameworkForXcode\\n";
		};
/* End PBXShellScriptBuildPhase section */

/* Begin XCLocalSwiftPackageReference section */
		7A3F1C2D2C9E4D1000A1B2C3 /* XCLocalSwiftPackageReference "Packages/RepwiseUI" */ = {
			isa = XCLocalSwiftPackageReference;
			relativePath = Packages/RepwiseUI;
		};
/* End XCLocalSwiftPackageReference section */

/* Begin XCRemoteSwiftPackageReference section */
		7A3F1C2B2C9E4D0100A1B2C3 /* XCRemoteSwiftPackageReference "Nuke" */ = {
			isa = XCRemoteSwiftPackageReference;
			repositoryURL = "https://github.com/kean/Nuke.git";
			requirement = {
				kind = upToNextMajorVersion;
				minimumVersion = 12.8.0;
			};
		};
		7A3F1C2E2C9E4D1A00A1B2C3 /* XCRemoteSwiftPackageReference "lottie-spm" */ = {
			isa = XCRemoteSwiftPackageReference;
			repositoryURL = "https://github.com/airbnb/lottie-spm.git";
			requirement = {
				kind = upToNextMajorVersion;
				minimumVersion = 4.4.3;
			};
		};
/* End XCRemoteSwiftPackageReference section */

/* Begin XCSwiftPackageProductDependency section */
		7A3F1C2F2C9E4D2B00A1B2C3 /* NukeUI */ = {
			isa = XCSwiftPackageProductDependency;
			package = 7A3F1C2B2C9E4D0100A1B2C3 /* XCRemoteSwiftPackageReference "Nuke" */;
			productName = NukeUI;
		};
		7A3F1C312C9E4D3600A1B2C3 /* Lottie */ = {
			isa = XCSwiftPackageProductDependency;
			package = 7A3F1C2E2C9E4D1A00A1B2C3 /* XCRemoteSwiftPackageReference "lottie-spm" */;
			productName = Lottie;
		};
		7A3F1C332C9E4D4100A1B2C3 /* RepwiseUI */ = {
			isa = XCSwiftPackageProductDependency;
			productName = RepwiseUI;
		};
/* End XCSwiftPackageProductDependency section */
	};
	rootObject = 7555FF73242A565900829871 /* Project object */;
}
"""

IOS_APP = """import SwiftUI
import Shared

@main
struct RepwiseApp: App {
    init() {
        KoinIosKt.doInitKoin()
    }

    var body: some Scene {
        WindowGroup {
            RootTabView()
        }
    }
}
"""

ROOT_TAB = """import SwiftUI
import Shared

struct RootTabView: View {
    var body: some View {
        TabView {
            TodayScreen()
                .tabItem { Label("Today", systemImage: "figure.strengthtraining.traditional") }
            HistoryScreen()
                .tabItem { Label("History", systemImage: "calendar") }
            ProgramsScreen()
                .tabItem { Label("Programs", systemImage: "list.bullet.rectangle") }
            RecordsScreen()
                .tabItem { Label("Persnal bests", systemImage: "trophy") }
        }
    }
}
"""

KOIN_IOS = """package app.repwise.shared.di

import app.repwise.shared.platform.DatabaseDriverFactory
import org.koin.core.context.startKoin
import org.koin.core.qualifier.named
import org.koin.dsl.module

val BaseUrl = named("baseUrl")

fun initKoin() {
    startKoin {
        modules(
            module {
                single(BaseUrl) { "https://api.repwise.app/" }
                single { DatabaseDriverFactory() }
            },
            sharedModule,
        )
    }
}
"""

DETEKT_YML = """build:
  maxIssues: 0

complexity:
  LongParameterList:
    functionThreshold: 7
    constructorThreshold: 8

style:
  MagicNumber:
    active: true
    ignorePropertyDeclaration: true
    ignoreCompanionObjectPropertyDeclaration: true
    ignoreNumbers: ['-1', '0', '1', '2']
  WildcardImport:
    active: true
"""

RECORDS_USECASE_TEST = ""  # written in T02

FILES = {
    R + "/README.md": README,
    R + "/settings.gradle.kts": SETTINGS,
    R + "/gradle/libs.versions.toml": TOML,
    R + "/shared/build.gradle.kts": SHARED_GRADLE,
    R + "/androidApp/build.gradle.kts": ANDROID_GRADLE,
    R + "/iosApp/Configuration/Config.xcconfig": XCCONFIG,
    R + "/CHANGELOG.md": CHANGELOG,
    R + "/config/detekt/detekt.yml": DETEKT_YML,
    CM + "/di/SharedModule.kt": SHARED_MODULE,
    IM + "/di/KoinIos.kt": KOIN_IOS,
    CM + "/network/HttpClientFactory.kt": HTTP_CLIENT,
    CM + "/network/RepwiseApi.kt": API,
    CM + "/data/WorkoutRepository.kt": WORKOUT_REPO,
    CM + "/platform/DatabaseDriverFactory.kt": DRIVER_COMMON,
    IM + "/platform/DatabaseDriverFactory.ios.kt": DRIVER_IOS,
    CM + "/domain/RestTimerPolicy.kt": REST_TIMER,
    CM + "/sync/SyncScheduler.kt": SYNC_SCHEDULER,
    R + "/shared/src/commonTest/kotlin/app/repwise/shared/sync/SyncSchedulerTest.kt": SYNC_SCHEDULER_TEST,
    SQ + "/Workout.sq": WORKOUT_SQ,
    SQ + "/WorkoutSet.sq": WORKOUT_SET_SQ,
    SQD + "/migrations/1.sqm": MIG1,
    SQD + "/migrations/2.sqm": MIG2,
    AA + "/ui/records/RecordsRoute.kt": RECORDS_SCREEN,
    R + "/androidApp/src/main/res/values/strings.xml": STRINGS_XML,
    R + "/fastlane/Fastfile": FASTFILE,
    R + "/.github/workflows/release.yml": RELEASE_YML,
    RUI + "/Package.swift": PACKAGE_SWIFT,
    PBX: PBXPROJ,
    IA + "/RepwiseApp.swift": IOS_APP,
    IA + "/Screens/RootTabView.swift": ROOT_TAB,
}

KOIN_ANDROID = """package app.repwise.shared.di

import android.content.Context
import app.repwise.shared.platform.DatabaseDriverFactory
import org.koin.android.ext.koin.androidContext
import org.koin.core.KoinApplication
import org.koin.core.context.startKoin
import org.koin.core.module.Module
import org.koin.dsl.module

fun initKoin(context: Context, baseUrl: String, appModules: List<Module>): KoinApplication =
    startKoin {
        androidContext(context)
        modules(
            module {
                single(BaseUrl) { baseUrl }
                single { DatabaseDriverFactory(get()) }
            },
            sharedModule,
        )
        modules(appModules)
    }
"""

APP_MODULE = """package app.repwise.android.di

import app.repwise.android.ui.history.HistoryViewModel
import app.repwise.android.ui.programs.ProgramsViewModel
import app.repwise.android.ui.today.TodayViewModel
import org.koin.core.module.dsl.viewModelOf
import org.koin.dsl.module

val appModule = module {
    viewModelOf(::TodayViewModel)
    viewModelOf(::HistoryViewModel)
    viewModelOf(::ProgramsViewModel)
}
"""

EXERCISE_REPO = """package app.repwise.shared.data

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flowOf

data class Exercise(val id: String, val name: String, val aliases: List<String>, val kind: String)

class ExerciseRepository(private val bundledCatalog: List<Exercise>) {
    fun observeCatalog(): Flow<List<Exercise>> = flowOf(bundledCatalog)
}
"""

FILES.update({
    AM + "/di/KoinAndroid.kt": KOIN_ANDROID,
    AA + "/di/AppModule.kt": APP_MODULE,
    CM + "/data/ExerciseRepository.kt": EXERCISE_REPO,
})

# ------------------------------------------------------------------ output helpers

TRY = """* Try:
> Run with --stacktrace option to get the stack trace.
> Run with --info or --debug option to get more log output.
> Run with --scan to get full insights.
> Get more help at https://help.gradle.org."""


def ln(d, path, needle):
    for i, line in enumerate(d.files[path].split("\n"), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in {path}")


def gradle_ok(tasks, secs, actionable, executed, cc=True):
    head = ["Reusing configuration cache."] if cc else []
    body = [f"> Task {t}" for t in tasks]
    tail = ["", f"BUILD SUCCESSFUL in {secs}",
            f"{actionable} actionable tasks: {executed} executed, {actionable - executed} up-to-date"]
    if cc:
        tail.append("Configuration cache entry reused.")
    return "\n".join(head + body + tail)


def gradle_fail(tasks, failed, errlines, what, secs, actionable, executed):
    body = [f"> Task {t}" for t in tasks] + [f"> Task {failed} FAILED"] + errlines
    return "\n".join(body + ["", "FAILURE: Build failed with an exception.", "", "* What went wrong:",
                             f"Execution failed for task '{failed}'.", what, "", TRY, "",
                             f"BUILD FAILED in {secs}",
                             f"{actionable} actionable tasks: {executed} executed, {actionable - executed} up-to-date"])


ALLTESTS_TASKS = [
    ":shared:compileKotlinIosSimulatorArm64", ":shared:compileTestKotlinIosSimulatorArm64",
    ":shared:linkDebugTestIosSimulatorArm64", ":shared:iosSimulatorArm64Test",
    ":shared:compileKotlinIosX64", ":shared:compileTestKotlinIosX64", ":shared:linkDebugTestIosX64",
    ":shared:iosX64Test", ":shared:compileDebugKotlinAndroid", ":shared:compileDebugUnitTestKotlinAndroid",
    ":shared:testDebugUnitTest", ":shared:compileReleaseKotlinAndroid",
    ":shared:compileReleaseUnitTestKotlinAndroid", ":shared:testReleaseUnitTest", ":shared:allTests",
]


def alltests_ok(secs, executed, sq=True):
    pre = [":shared:generateCommonMainRepwiseDatabaseInterface"] if sq else []
    return gradle_ok(pre + ALLTESTS_TASKS, secs, 71, executed)


ASSEMBLE_TASKS = [
    ":shared:compileDebugKotlinAndroid", ":shared:bundleLibCompileToJarDebug",
    ":androidApp:compileDebugKotlin", ":androidApp:dexBuilderDebug", ":androidApp:mergeProjectDexDebug",
    ":androidApp:packageDebug", ":androidApp:createDebugApkListingFileRedirect", ":androidApp:assembleDebug",
]

LINT_OK = gradle_ok([":shared:detekt", ":androidApp:detekt", ":shared:runKtlintCheckOverCommonMainSourceSet",
                     ":shared:runKtlintCheckOverAndroidMainSourceSet", ":shared:runKtlintCheckOverIosMainSourceSet",
                     ":shared:ktlintCommonMainSourceSetCheck", ":shared:ktlintAndroidMainSourceSetCheck",
                     ":shared:ktlintIosMainSourceSetCheck", ":androidApp:runKtlintCheckOverMainSourceSet",
                     ":androidApp:ktlintMainSourceSetCheck", ":shared:ktlintCheck", ":androidApp:ktlintCheck"],
                    "14s", 26, 12)

SCRIPT_WARN = ("warning: Run script build phase 'Compile Kotlin Framework' will be run during every build because "
               "it does not specify any outputs. To address this issue, either add output dependencies to the "
               "script phase, or configure it to not be based on dependency analysis by unchecking \"Based on "
               "dependency analysis\" in the script phase. (in target 'iosApp' from project 'iosApp')")


def m1_err(path, line, col, name):
    return (f"e: file://{path}:{line}:{col} Expected {name} has no actual declaration in module <commonMain> "
            f"for Native")


def m3_err(reason):
    return ("xcodebuild: error: Could not resolve package dependencies:\n"
            f"  an out-of-date resolved file was detected at {RESOLVED}, which is not allowed when automatic "
            "dependency resolution is disabled; please make sure to update the file to reflect the changes in "
            f"dependencies. Running resolver because {reason}")


def resolve_out(fetched, resolved):
    lines = ["Command line invocation:",
             "    /Applications/Xcode-16.4.0.app/Contents/Developer/usr/bin/xcodebuild -resolvePackageDependencies "
             "-project iosApp/iosApp.xcodeproj -scheme iosApp", "", "Resolve Package Graph", ""]
    for name, url, ver in fetched:
        lines.append(f"Fetching from {url}")
    for name, url, ver in fetched:
        lines.append(f"Creating working copy of package \u2018{name}\u2019")
        lines.append(f"Checking out {ver} of package \u2018{name}\u2019")
    lines += ["", "Resolved source packages:"]
    for name, where in resolved:
        lines.append(f"  {name}: {where}")
    return "\n".join(lines)


def fl_clock(d, add=0):
    t = d.clock + _dt.timedelta(seconds=add)
    # Lisbon: WEST (UTC+1) until the last Sunday of October, then WET (UTC+0)
    off = 1 if t < _dt.datetime(2026, 10, 25, 1, 0) else 0
    return (t + _dt.timedelta(hours=off)).strftime("[%H:%M:%S]: ")


def m2_err(d, lane):
    c = fl_clock(d)
    msg = f"Could not find lane '{lane}'. Available lanes: {LANES}"
    return f"[\u2714] \U0001F680 \n{c}{msg}\n{c}fastlane finished with errors\n\n[!] {msg}"


def fl_summary(d, rows, add):
    w = max(len(r[0]) for r in rows) + 2
    sep = f"+------+{'-' * w}+-------------+"
    out = [sep, "|" + "fastlane summary".center(len(sep) - 2) + "|", sep,
           f"| Step | {'Action'.ljust(w - 1)}| Time (in s) |", sep]
    for i, (a, s) in enumerate(rows, 1):
        out.append(f"| {str(i).ljust(4)} | {a.ljust(w - 1)}| {str(s).ljust(11)} |")
    out.append(sep)
    return "\n".join(["", *out, "", f"{fl_clock(d, add)}fastlane.tools finished successfully \U0001F389"])


def step(d, add, name):
    c = fl_clock(d, add)
    bar = "-" * (len(name) + 12)
    return f"{c}{bar}\n{c}--- Step: {name} ---\n{c}{bar}"


# ------------------------------------------------------------------ the month

def gen():
    d = Dev("ios-kmp", U, "en", MODEL, seed=270411, files=FILES)
    SM = CM + "/di/SharedModule.kt"
    WSQ = SQ + "/WorkoutSet.sq"
    TOMLP = R + "/gradle/libs.versions.toml"
    AGR = R + "/androidApp/build.gradle.kts"
    XCC = R + "/iosApp/Configuration/Config.xcconfig"
    CHL = R + "/CHANGELOG.md"
    PKGS = RUI + "/Package.swift"
    APPMOD = AA + "/di/AppModule.kt"
    CT = R + "/shared/src/commonTest/kotlin/app/repwise/shared"

    # ================= S1 =================
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.142"):
        t = d.task("hey, first session with you in this repo. give me the lay of the land: how shared ends up in "
                   "the ios app, where DI is set up, how db migrations work. keep it short", tags=["noise"])
        t.read(R + "/README.md")
        t.read(R + "/settings.gradle.kts")
        t.read(R + "/shared/build.gradle.kts")
        t.grep("embedAndSignAppleFrameworkForXcode", [PBX], path=R + "/iosApp")
        t.read(CM + "/di/SharedModule.kt")
        t.read(IM + "/di/KoinIos.kt")
        t.glob("shared/src/commonMain/sqldelight/**/*", [
            SQD + "/app/repwise/shared/db/Workout.sq", SQD + "/app/repwise/shared/db/WorkoutSet.sq",
            SQD + "/databases/1.db", SQD + "/databases/2.db", SQD + "/databases/3.db",
            SQD + "/migrations/1.sqm", SQD + "/migrations/2.sqm"])
        t.done("**Shared → iOS**\n"
               "- `shared` is a KMP module with `androidTarget` + `iosArm64` / `iosSimulatorArm64` / `iosX64`. Each "
               "iOS target produces a static framework named `Shared`.\n"
               "- The Xcode project has a *Compile Kotlin Framework* run-script phase that runs `./gradlew "
               ":shared:embedAndSignAppleFrameworkForXcode`. Every Xcode or `xcodebuild` build compiles the current "
               "Kotlin for the architecture Xcode is building, so there is no prebuilt XCFramework to keep in sync.\n"
               "- SKIE is applied to `shared`, so on the Swift side flows show up as `AsyncSequence`s and suspend "
               "functions as `async` functions.\n\n"
               "**DI (Koin)**\n"
               "- `commonMain/.../di/SharedModule.kt`: `sharedModule` with the HTTP client, `RepwiseApi`, the "
               "database, repositories and use cases (mostly `singleOf` / `factoryOf`).\n"
               "- Each platform starts Koin itself and adds the platform bits: `iosMain/.../di/KoinIos.kt` "
               "(`initKoin()`, called from `RepwiseApp.init` as `KoinIosKt.doInitKoin()`) provides the base URL and "
               "`DatabaseDriverFactory`. Android has its own `initKoin(context, …)` in androidMain.\n\n"
               "**Database (SQLDelight 2)**\n"
               "- Tables and queries are in `src/commonMain/sqldelight/app/repwise/shared/db/*.sq` (`Workout.sq`, "
               "`WorkoutSet.sq`).\n"
               "- `verifyMigrations = true`. A schema change means changing the `.sq`, adding the next "
               "`migrations/<n>.sqm`, regenerating the schema snapshot (`generateCommonMainRepwiseDatabaseSchema` → "
               "`databases/<n+1>.db`, committed) and running `verifySqlDelightMigration`. You have `1.sqm`, "
               "`2.sqm` and `1.db`–`3.db`, so the next migration is `3.sqm`.")

        PR = CM + "/domain/ObservePersonalRecordsUseCase.kt"
        WR = CM + "/data/WorkoutRepository.kt"
        t = d.task("personal records: use case in shared that gives best set per exercise + an estimated 1RM "
                   "(the bestSetPerExercise query already exists) and a unit test. register it in koin with "
                   "singleOf/factoryOf like the rest, not the single { X(get()) } lambda style. then the usual checks",
                   tags=["workflow:W1", "pref:P1"])
        t.read(WSQ)
        t.read(WR)
        t.read(SM)
        t.edit(WR, """    fun observeWeek(fromEpochDay: Long, toEpochDay: Long) =
        db.workoutQueries.workoutsBetween(fromEpochDay, toEpochDay).asFlow().mapToList(io)
""", """    fun observeWeek(fromEpochDay: Long, toEpochDay: Long) =
        db.workoutQueries.workoutsBetween(fromEpochDay, toEpochDay).asFlow().mapToList(io)

    fun observeBestSets() =
        db.workoutSetQueries.bestSetPerExercise().asFlow().mapToList(io)
""")
        t.write(PR, """package app.repwise.shared.domain

import app.repwise.shared.data.WorkoutRepository
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map
import kotlin.math.roundToInt

data class PersonalRecord(
    val exerciseId: String,
    val bestKg: Double,
    val reps: Int,
    val estimatedOneRepMaxKg: Double,
)

class ObservePersonalRecordsUseCase(private val workouts: WorkoutRepository) {
    operator fun invoke(): Flow<List<PersonalRecord>> =
        workouts.observeBestSets().map { rows ->
            rows.mapNotNull { row ->
                val best = row.best_kg ?: return@mapNotNull null
                PersonalRecord(row.exercise_id, best, row.reps.toInt(), estimateOneRepMax(best, row.reps.toInt()))
            }.sortedBy { it.exerciseId }
        }
}

/** Epley: 1RM = w * (1 + reps / 30), rounded to 0.5 kg. A single is its own 1RM. */
fun estimateOneRepMax(weightKg: Double, reps: Int): Double {
    if (reps <= 1) return weightKg
    val raw = weightKg * (1 + reps / 30.0)
    return (raw * 2).roundToInt() / 2.0
}
""")
        t.write(CT + "/domain/EstimateOneRepMaxTest.kt", """package app.repwise.shared.domain

import kotlin.test.Test
import kotlin.test.assertEquals

class EstimateOneRepMaxTest {
    @Test
    fun singleIsItsOwnMax() {
        assertEquals(140.0, estimateOneRepMax(140.0, 1))
    }

    @Test
    fun epleyRoundedToHalfKilo() {
        assertEquals(116.5, estimateOneRepMax(100.0, 5))
        assertEquals(81.0, estimateOneRepMax(62.5, 9))
    }
}
""")
        t.edit(SM, "import app.repwise.shared.domain.FinishWorkoutUseCase\n",
               "import app.repwise.shared.domain.FinishWorkoutUseCase\n"
               "import app.repwise.shared.domain.ObservePersonalRecordsUseCase\n")
        t.edit(SM, "    factoryOf(::FinishWorkoutUseCase)\n",
               "    factoryOf(::FinishWorkoutUseCase)\n    factoryOf(::ObservePersonalRecordsUseCase)\n")
        t.bash("./gradlew :shared:allTests", "Run the shared tests (Android + iOS simulator)",
               out=alltests_ok("1m 52s", 19), timeout=600000)
        t.bash("./gradlew detekt ktlintCheck", "Run detekt and ktlint", out=LINT_OK)
        t.bash("./gradlew :androidApp:assembleDebug", "Build the Android debug APK",
               out=gradle_ok(ASSEMBLE_TASKS, "38s", 54, 9), timeout=600000)
        t.bash(XCB, "Build the iOS app for the simulator", out=SCRIPT_WARN, timeout=600000)
        t.done("Added personal records:\n"
               "- `WorkoutRepository.observeBestSets()`: flow over the existing `bestSetPerExercise` query.\n"
               "- `ObservePersonalRecordsUseCase` (`domain/`) maps the rows to `PersonalRecord(exerciseId, bestKg, "
               "reps, estimatedOneRepMaxKg)`. The estimate is Epley rounded to 0.5 kg, and a single counts as its "
               "own 1RM.\n"
               "- `EstimateOneRepMaxTest` covers the formula.\n"
               "- Koin: `factoryOf(::ObservePersonalRecordsUseCase)` in `sharedModule`.\n\n"
               "Checks: `:shared:allTests` (Android + iOS simulator), detekt + ktlint, `:androidApp:assembleDebug` and "
               "the simulator `xcodebuild` all pass. The only warning is the usual one about the Kotlin run-script "
               "phase having no outputs.\n\n"
               "One thing to know: `bestSetPerExercise` returns the heaviest set, not the best estimated 1RM. 100 "
               "kg × 1 beats 95 kg × 8. If you want records by e1RM, that needs a different query.")

        t = d.task("quick q: for one-shot events out of a shared VM (like 'workout saved, close the sheet'), "
                   "SharedFlow or Channel? and how does that look on the swift side with skie", tags=["no_tools"])
        t.done("Use a `Channel` exposed as a flow (`Channel<Event>(Channel.BUFFERED)` + `receiveAsFlow()`). A "
               "`SharedFlow` with `replay = 0` drops events that are emitted while nobody collects, for example "
               "during a configuration change or before the SwiftUI `.task` starts. A channel buffers them until "
               "someone collects, and each event is delivered once.\n\n"
               "Swift side with SKIE: the property is a `SkieSwiftFlow<Event>`, which is an `AsyncSequence`:\n\n"
               "```swift\n.task {\n    for await event in viewModel.events {\n        switch onEnum(of: event) {\n"
               "        case .saved: dismiss()\n        case .failed(let f): errorText = f.message\n        }\n    }\n}\n```\n\n"
               "`.task` cancels the loop when the view goes away, and SKIE cancels the Kotlin collector with it. "
               "Make `Event` a sealed interface so `onEnum(of:)` gives you an exhaustive Swift enum.")

    # ================= S2 =================
    with d.session("2026-10-07T10:05:00", R, branch="feature/weight-format", version="2.1.143"):
        WF = CM + "/format/WeightFormatter.kt"
        t = d.task("german testers say weights show as 62.5 instead of 62,5. make a shared formatter that uses the "
                   "device locale (kg and lb), both apps should use it. add a test", tags=["mistake:M1"])
        t.glob("shared/src/*/kotlin/app/repwise/shared/platform/*", [
            CM + "/platform/DatabaseDriverFactory.kt", AM + "/platform/DatabaseDriverFactory.android.kt",
            IM + "/platform/DatabaseDriverFactory.ios.kt"])
        t.write(WF, """package app.repwise.shared.format

/** Decimal formatting with the device locale's separators ("62.5" in en-US, "62,5" in de-DE). */
expect fun formatDecimal(value: Double, maxFractionDigits: Int): String

enum class WeightUnit(val symbol: String) { KG("kg"), LB("lb") }

fun formatWeight(kg: Double, unit: WeightUnit): String {
    val value = if (unit == WeightUnit.LB) kg * KG_TO_LB else kg
    return "${formatDecimal(value, maxFractionDigits = if (unit == WeightUnit.LB) 1 else 2)} ${unit.symbol}"
}

private const val KG_TO_LB = 2.20462
""")
        t.write(AM + "/format/WeightFormatter.android.kt", """package app.repwise.shared.format

import java.text.NumberFormat

actual fun formatDecimal(value: Double, maxFractionDigits: Int): String =
    NumberFormat.getNumberInstance().apply {
        minimumFractionDigits = 0
        maximumFractionDigits = maxFractionDigits
    }.format(value)
""")
        t.write(CT + "/format/WeightFormatterTest.kt", """package app.repwise.shared.format

import kotlin.test.Test
import kotlin.test.assertTrue

class WeightFormatterTest {
    @Test
    fun kilosKeepTheUnit() {
        assertTrue(formatWeight(62.5, WeightUnit.KG).endsWith(" kg"))
    }

    @Test
    fun poundsAreConvertedAndRoundedToOneDecimal() {
        val text = formatWeight(100.0, WeightUnit.LB)
        assertTrue(text.startsWith("220") && text.endsWith(" lb"), text)
    }
}
""")
        t.fail("./gradlew :shared:allTests", "Run the shared tests",
               gradle_fail([":shared:generateCommonMainRepwiseDatabaseInterface", ":shared:compileDebugKotlinAndroid",
                            ":shared:compileDebugUnitTestKotlinAndroid", ":shared:testDebugUnitTest"],
                           ":shared:compileKotlinIosSimulatorArm64",
                           [m1_err(WF, ln(d, WF, "expect fun formatDecimal"), 12, "formatDecimal")],
                           "> Compilation finished with errors", "47s", 24, 8), timeout=600000)
        t.say("Android compiles and its tests pass, but the iOS compilation fails: `formatDecimal` is declared "
              "`expect` in commonMain and I only wrote the Android `actual`. iosMain needs one too. I'll use "
              "`NSNumberFormatter`, which follows the device locale the same way.")
        t.write(IM + "/format/WeightFormatter.ios.kt", """package app.repwise.shared.format

import platform.Foundation.NSNumber
import platform.Foundation.NSNumberFormatter
import platform.Foundation.NSNumberFormatterDecimalStyle

/** iOS actual: NSNumberFormatter picks up the device locale, like NumberFormat on Android. */
actual fun formatDecimal(value: Double, maxFractionDigits: Int): String =
    NSNumberFormatter().apply {
        numberStyle = NSNumberFormatterDecimalStyle
        minimumFractionDigits = 0u
        maximumFractionDigits = maxFractionDigits.toULong()
    }.stringFromNumber(NSNumber(double = value)) ?: value.toString()
""")
        t.bash("./gradlew :shared:allTests", "Run the shared tests again", out=alltests_ok("1m 38s", 16),
               timeout=600000)
        t.done("Added `format/WeightFormatter.kt` in shared:\n"
               "- `formatWeight(kg, unit)`: converts to lb when needed, at most 2 decimals for kg and 1 for lb, and "
               "appends the unit.\n"
               "- `expect fun formatDecimal(...)` with actuals for Android (`NumberFormat.getNumberInstance()`) and "
               "iOS (`NSNumberFormatter`, decimal style). Both use the device locale, so de-DE gets `62,5 kg`.\n"
               "- `WeightFormatterTest`: unit suffix and lb conversion. It doesn't assert separators because the test "
               "locale differs between the JVM and the simulator.\n\n"
               "My first run failed on iOS: `Expected formatDecimal has no actual declaration in module <commonMain> "
               "for Native`. I had only written the Android actual. With the iOS one added, `:shared:allTests` passes "
               "on both.\n\n"
               "I haven't switched the screens over yet. In Swift it's `WeightFormatterKt.formatWeight(kg:unit:)`, in "
               "Compose `formatWeight(kg, unit)`. Should I replace the existing `String.format` calls?")

        RR = AA + "/ui/records/RecordsRoute.kt"
        RVM = AA + "/ui/records/RecordsViewModel.kt"
        t = d.task("yes android only for now: records screen listing each exercise with best weight + est 1RM using "
                   "the new use case and formatter. just hardcode the english strings for now, no strings.xml "
                   "entries yet, we'll localize after launch", tags=["pref:P3"])
        t.read(RR)
        t.read(APPMOD)
        t.write(RVM, """package app.repwise.android.ui.records

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.repwise.shared.domain.ObservePersonalRecordsUseCase
import app.repwise.shared.domain.PersonalRecord
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.stateIn

class RecordsViewModel(observeRecords: ObservePersonalRecordsUseCase) : ViewModel() {
    val records: StateFlow<List<PersonalRecord>> =
        observeRecords().stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), emptyList())
}
""")
        t.write(RR, """package app.repwise.android.ui.records

import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.ListItem
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.repwise.shared.format.WeightUnit
import app.repwise.shared.format.formatWeight
import org.koin.compose.viewmodel.koinViewModel

@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun RecordsRoute(viewModel: RecordsViewModel = koinViewModel()) {
    val records by viewModel.records.collectAsStateWithLifecycle()
    Scaffold(topBar = { TopAppBar(title = { Text("Personal records") }) }) { padding ->
        if (records.isEmpty()) {
            Text("No records yet. Finish a workout to see your best sets here.", Modifier.padding(padding))
        } else {
            LazyColumn(Modifier.padding(padding)) {
                items(records, key = { it.exerciseId }) { record ->
                    ListItem(
                        headlineContent = { Text(record.exerciseId) },
                        supportingContent = {
                            Text("Best ${formatWeight(record.bestKg, WeightUnit.KG)} x ${record.reps}")
                        },
                        trailingContent = { Text("e1RM ${formatWeight(record.estimatedOneRepMaxKg, WeightUnit.KG)}") },
                    )
                }
            }
        }
    }
}
""")
        t.edit(APPMOD, "import app.repwise.android.ui.programs.ProgramsViewModel\n",
               "import app.repwise.android.ui.programs.ProgramsViewModel\n"
               "import app.repwise.android.ui.records.RecordsViewModel\n")
        t.edit(APPMOD, "    viewModelOf(::ProgramsViewModel)\n",
               "    viewModelOf(::ProgramsViewModel)\n    viewModelOf(::RecordsViewModel)\n")
        t.bash("./gradlew :androidApp:assembleDebug", "Build the Android debug APK",
               out=gradle_ok(ASSEMBLE_TASKS, "29s", 54, 6), timeout=600000)
        t.done("Records screen on Android:\n"
               "- `RecordsViewModel` exposes the use case as a `StateFlow` (`WhileSubscribed(5_000)`), registered with "
               "`viewModelOf(::RecordsViewModel)` in `appModule`.\n"
               "- `RecordsRoute`: top bar \"Personal records\", an empty state, and one `ListItem` per exercise with "
               "\"Best 100 kg x 5\" and \"e1RM 116,5 kg\" through `formatWeight`.\n"
               "- English strings are hardcoded as you asked, no `strings.xml` entries.\n\n"
               "`:androidApp:assembleDebug` passes. The headline shows the raw `exerciseId` for now. The display "
               "names are in the program templates, so tell me if you want them joined in.")

        t = d.task("bump ktor to 3.4.3 (the darwin engine fix for cancelled uploads)", tags=["flaky:F1", "noise"])
        t.read(TOMLP)
        t.edit(TOMLP, 'ktor = "3.4.2"\n', 'ktor = "3.4.3"\n')
        t.fail("./gradlew :shared:allTests", "Run the shared tests with Ktor 3.4.3",
               """Calculating task graph as configuration cache cannot be reused because file 'gradle/libs.versions.toml' has changed.
> Task :shared:generateCommonMainRepwiseDatabaseInterface UP-TO-DATE

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':shared:compileKotlinIosSimulatorArm64'.
> Could not resolve all files for configuration ':shared:iosSimulatorArm64CompileKlibraries'.
   > Could not download ktor-client-darwin-iossimulatorarm64-3.4.3.klib (io.ktor:ktor-client-darwin-iossimulatorarm64:3.4.3)
      > Could not get resource 'https://repo.maven.apache.org/maven2/io/ktor/ktor-client-darwin-iossimulatorarm64/3.4.3/ktor-client-darwin-iossimulatorarm64-3.4.3.klib'.
         > Read timed out

""" + TRY + """

BUILD FAILED in 1m 4s
3 actionable tasks: 1 executed, 2 up-to-date
Configuration cache entry stored.""", timeout=600000)
        t.say("Maven Central timed out while downloading one of the new klibs. That's the network, not the bump. "
              "Running it again.")
        t.bash("./gradlew :shared:allTests", "Run the shared tests with Ktor 3.4.3",
               out=gradle_ok([":shared:generateCommonMainRepwiseDatabaseInterface UP-TO-DATE"] + ALLTESTS_TASKS,
                             "2m 21s", 71, 15), timeout=600000)
        t.done("Ktor is at 3.4.3 in `libs.versions.toml`. The first test run died downloading "
               "`ktor-client-darwin-iossimulatorarm64-3.4.3.klib` from Maven Central (`Read timed out`). The retry "
               "downloaded it, and `:shared:allTests` passes on Android and the iOS simulator.")

    # ================= S3 =================
    with d.session("2026-10-09T09:40:00", R, branch="main", version="2.1.144"):
        PCV = RUI + "/Sources/RepwiseUI/PlateCalculator/PlateCalculatorView.swift"
        PCL = RUI + "/Sources/RepwiseUI/PlateCalculator/PlateCalculator.swift"
        t = d.task("plate calculator on ios: a sheet where you type the target weight and it shows the plates per "
                   "side (bar 20kg, plates 25/20/15/10/5/2.5/1.25). put it in RepwiseUI. swift-algorithms is fine if "
                   "it helps. and every new SwiftUI view gets a #Preview with some fake data pls",
                   tags=["mistake:M3", "pref:P2"])
        t.read(PKGS)
        t.edit(PKGS, """        .package(url: "https://github.com/kean/Nuke.git", from: "12.8.0"),
    ],""", """        .package(url: "https://github.com/kean/Nuke.git", from: "12.8.0"),
        .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.2.0"),
    ],""")
        t.edit(PKGS, """                .product(name: "NukeUI", package: "Nuke"),
            ]
        ),""", """                .product(name: "NukeUI", package: "Nuke"),
                .product(name: "Algorithms", package: "swift-algorithms"),
            ]
        ),""")
        t.write(PCL, """import Algorithms

public struct PlateLoad: Equatable, Sendable {
    public let plate: Double
    public let countPerSide: Int
}

public enum PlateCalculator {
    public static let barKg = 20.0
    public static let platesKg: [Double] = [25, 20, 15, 10, 5, 2.5, 1.25]

    /// Greedy fill per side, heaviest plate first. `remainderKg` is what can't be loaded with the available plates.
    public static func load(targetKg: Double) -> (plates: [PlateLoad], remainderKg: Double) {
        var perSide = max(0, (targetKg - barKg) / 2)
        var picked: [Double] = []
        for plate in platesKg {
            while perSide + 0.0001 >= plate {
                picked.append(plate)
                perSide -= plate
            }
        }
        let grouped = picked.chunked(on: { $0 }).map { PlateLoad(plate: $0.0, countPerSide: $0.1.count) }
        return (grouped, (perSide * 2 * 100).rounded() / 100)
    }
}
""")
        t.write(PCV, """import SwiftUI

public struct PlateCalculatorView: View {
    @State private var targetKg: Double
    private let format: (Double) -> String

    public init(initialKg: Double = 100, format: @escaping (Double) -> String) {
        _targetKg = State(initialValue: initialKg)
        self.format = format
    }

    public var body: some View {
        let result = PlateCalculator.load(targetKg: targetKg)
        Form {
            Section("Target") {
                TextField("Weight", value: $targetKg, format: .number)
                    .keyboardType(.decimalPad)
            }
            Section("Per side (bar \\(format(PlateCalculator.barKg)))") {
                ForEach(result.plates, id: \\.plate) { load in
                    LabeledContent(format(load.plate), value: "\\u{00D7} \\(load.countPerSide)")
                }
                if result.remainderKg > 0 {
                    Text("\\(format(result.remainderKg)) can't be loaded with these plates")
                        .foregroundStyle(.secondary)
                }
            }
        }
    }
}

#Preview("142.5 kg") {
    PlateCalculatorView(initialKg: 142.5, format: { "\\($0) kg" })
}

#Preview("Odd weight") {
    PlateCalculatorView(initialKg: 101, format: { "\\($0) kg" })
}
""")
        t.fail(XCB, "Build the iOS app for the simulator",
               m3_err("the following dependencies were added: 'swift-algorithms' "
                      "(https://github.com/apple/swift-algorithms.git)"), code=74, timeout=600000)
        t.say("The build refuses to resolve packages because of `-disableAutomaticPackageResolution`. I added "
              "swift-algorithms to RepwiseUI's `Package.swift`, but the committed resolved file doesn't pin it yet. "
              "I'll resolve once explicitly to update the pins, then build again with the same command.")
        t.bash(XCRES, "Resolve Swift packages and update the pins",
               out=resolve_out([("swift-algorithms", "https://github.com/apple/swift-algorithms.git", "1.2.1"),
                                ("swift-numerics", "https://github.com/apple/swift-numerics.git", "1.0.3")],
                               [("swift-numerics", "https://github.com/apple/swift-numerics.git @ 1.0.3"),
                                ("Nuke", "https://github.com/kean/Nuke.git @ 12.8.0"),
                                ("RepwiseUI", RUI),
                                ("swift-algorithms", "https://github.com/apple/swift-algorithms.git @ 1.2.1"),
                                ("Lottie", "https://github.com/airbnb/lottie-spm.git @ 4.4.3")]), timeout=600000)
        t.bash(XCB, "Build the iOS app for the simulator again", out=SCRIPT_WARN, timeout=600000)
        t.bash("git status --short", "Show changed files", out=""" M iosApp/Packages/RepwiseUI/Package.swift
 M iosApp/iosApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved
?? iosApp/Packages/RepwiseUI/Sources/RepwiseUI/PlateCalculator/""")
        t.done("Plate calculator is in RepwiseUI (`Sources/RepwiseUI/PlateCalculator/`):\n"
               "- `PlateCalculator.load(targetKg:)` fills each side greedily with 25/20/15/10/5/2.5/1.25 on a 20 kg "
               "bar. It groups the plates with swift-algorithms' `chunked(on:)` and returns whatever can't be "
               "loaded (101 kg leaves 1 kg).\n"
               "- `PlateCalculatorView`: a form with the target field and one row per plate (\"20 kg × 2\"). It takes "
               "a `format` closure so the app can pass the shared `formatWeight`.\n"
               "- Two `#Preview`s with fake data (142.5 kg and an odd 101 kg).\n\n"
               "The first build failed because the committed `Package.resolved` didn't pin swift-algorithms, and CI "
               "flags forbid resolving on the fly. I ran `xcodebuild -resolvePackageDependencies` once. That pinned "
               "swift-algorithms 1.2.1 and swift-numerics 1.0.3 (its dependency), and the build passed. "
               "Commit `Package.resolved` together with `Package.swift` or CI fails the same way. I haven't hooked "
               "up the sheet from the workout screen yet.")

        t = d.task("where do we set the ktor timeouts, and which one fires when the server accepts the connection "
                   "but never answers?", tags=["noise"])
        t.grep("HttpTimeout", [CM + "/network/HttpClientFactory.kt"], path=R + "/shared/src")
        t.read(CM + "/network/HttpClientFactory.kt")
        t.done("In `shared/src/commonMain/.../network/HttpClientFactory.kt`, in the `HttpTimeout` block of "
               "`createHttpClient`:\n"
               "- `connectTimeoutMillis = 10_000`: only for establishing the TCP/TLS connection.\n"
               "- `socketTimeoutMillis = 15_000`: maximum time with no data between two packets.\n"
               "- `requestTimeoutMillis = 20_000`: the whole call, from start to the end of the response.\n\n"
               "If the server accepts the connection and then says nothing, the socket timeout fires first, after "
               "15 s of silence (`SocketTimeoutException`). The request timeout would only fire at 20 s, so it "
               "matters for slow responses that keep trickling data. On iOS the Darwin engine maps these onto "
               "`NSURLSession` timeouts, so the two platforms behave close to the same, but not identically.")

        RT = CM + "/domain/RestTimerPolicy.kt"
        t = d.task("rest timer defaults: compound lifts 3 min, isolation 90s, cardio 60s", tags=["oneoff:O1"])
        t.read(RT)
        t.edit(RT, "    fun defaultRest(kind: ExerciseKind): Duration = DEFAULT_REST\n",
               """    fun defaultRest(kind: ExerciseKind): Duration =
        when (kind) {
            ExerciseKind.COMPOUND -> 180.seconds
            ExerciseKind.ISOLATION -> 90.seconds
            ExerciseKind.CARDIO -> 60.seconds
        }
""")
        t.edit(RT, """    private companion object {
        val DEFAULT_REST = 120.seconds
    }
""", "")
        l0 = ln(d, RT, "ExerciseKind.COMPOUND ->")
        t.fail("./gradlew detekt", "Run detekt", f"""> Task :shared:detekt FAILED
{RT}:{l0}:39: This expression contains a magic number. Consider defining it to a well named constant. [MagicNumber]
{RT}:{l0 + 1}:40: This expression contains a magic number. Consider defining it to a well named constant. [MagicNumber]
{RT}:{l0 + 2}:36: This expression contains a magic number. Consider defining it to a well named constant. [MagicNumber]

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':shared:detekt'.
> Analysis failed with 3 weighted issues.

""" + TRY + """

BUILD FAILED in 6s
3 actionable tasks: 1 executed, 2 up-to-date""")
        t.say("detekt's MagicNumber rule flags the literals. Our config allows them in companion-object constants, "
              "so I'll name them there.")
        t.edit(RT, """            ExerciseKind.COMPOUND -> 180.seconds
            ExerciseKind.ISOLATION -> 90.seconds
            ExerciseKind.CARDIO -> 60.seconds
        }
""", """            ExerciseKind.COMPOUND -> COMPOUND_REST
            ExerciseKind.ISOLATION -> ISOLATION_REST
            ExerciseKind.CARDIO -> CARDIO_REST
        }

    private companion object {
        val COMPOUND_REST = 180.seconds
        val ISOLATION_REST = 90.seconds
        val CARDIO_REST = 60.seconds
    }
""")
        t.bash("./gradlew detekt", "Run detekt again",
               out=gradle_ok([":shared:detekt", ":androidApp:detekt"], "5s", 3, 2, cc=False))
        t.done("`RestTimerPolicy.defaultRest(kind)` now returns 3 min for compound lifts, 90 s for isolation and "
               "60 s for cardio. The values are named constants in the companion object. Inline literals tripped "
               "detekt's `MagicNumber` 3 times, and detekt is clean now. The per-exercise override in the UI still "
               "wins over these defaults.")

        t = d.task("cut 1.7.0: weight formatting, records screen, plate calculator, rest timer defaults, ktor bump. "
                   "write release notes in the changelog too", tags=["workflow:W3"])
        t.bash("git log --oneline v1.6.2..HEAD", "List commits since 1.6.2", out="""9c41e7a ios: plate calculator sheet in RepwiseUI (swift-algorithms)
5b0d2f3 shared: rest timer defaults per exercise kind
e72a9c1 Merge branch 'feature/weight-format'
0d8b5e4 deps: ktor 3.4.3
4a17c90 android: personal records screen
c3e0f58 shared: locale-aware weight formatting (expect/actual)
8f5d1b2 shared: personal records use case + e1RM""")
        t.read(AGR)
        t.edit(AGR, '        versionCode = 61\n        versionName = "1.6.2"\n',
               '        versionCode = 62\n        versionName = "1.7.0"\n')
        t.read(XCC)
        t.edit(XCC, "MARKETING_VERSION = 1.6.2\n", "MARKETING_VERSION = 1.7.0\n")
        t.read(CHL)
        t.edit(CHL, "# Changelog\n\n", """# Changelog

## 1.7.0 (2026-10-09)
- Personal records: a new screen (Android) lists your best set for every exercise together with an estimated
  one-rep max, calculated with the Epley formula and rounded to the nearest half kilo, so you can see at a glance
  how your strength develops over time.
- Weights are now formatted with your device's language and region settings on both Android and iOS, which means
  that users in Germany, Portugal and other countries that use a decimal comma will see 62,5 kg instead of 62.5 kg.
  Pounds are converted from kilograms and rounded to one decimal.
- Plate calculator (iOS): enter the weight you want to lift and Repwise shows which plates to put on each side of a
  standard 20 kg bar, using 25, 20, 15, 10, 5, 2.5 and 1.25 kg plates, and tells you if a weight can't be loaded
  exactly.
- Smarter rest timer defaults: compound lifts such as squats and deadlifts now default to three minutes of rest,
  isolation exercises to 90 seconds and cardio intervals to 60 seconds. Your own per-exercise settings still apply.
- Under the hood: networking library updated (Ktor 3.4.3) with a fix for uploads that were cancelled while the app
  was in the background on iOS, plus code-quality improvements.

""")
        t.bash("git add -A && git commit -m \"release: 1.7.0\"", "Commit the release",
               out="[main 71e3b0a] release: 1.7.0\n 3 files changed, 22 insertions(+), 3 deletions(-)")
        t.bash("git tag -a v1.7.0 -m \"Repwise 1.7.0\"", "Tag the release")
        t.bash("git push origin main --follow-tags", "Push main and the tag", out="", err="""To github.com:repwise/repwise-app.git
   9c41e7a..71e3b0a  main -> main
 * [new tag]         v1.7.0 -> v1.7.0""")
        t.bash("gh run list --workflow release.yml --limit 2", "Check that the release workflow started",
               out="""STATUS  TITLE            WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
*       release: 1.7.0   release   v1.7.0  push   18322407716  12s      less than a minute ago
✓       release: 1.6.2   release   v1.6.2  push   17981043520  31m8s    about 11 days ago""")
        t.done("1.7.0 is out the door:\n"
               "- `versionCode` 62 / `versionName` 1.7.0 (Android), `MARKETING_VERSION = 1.7.0` (iOS).\n"
               "- CHANGELOG section with release notes for the five changes.\n"
               "- Commit `71e3b0a release: 1.7.0`, annotated tag `v1.7.0`, both pushed.\n"
               "- The `release` workflow for `v1.7.0` has started (run 18322407716). It uploads to TestFlight and the "
               "Play internal track when it's done.")

    # ================= S4 (acceptEdits) =================
    with d.session("2026-10-13T09:15:00", R, branch="feature/streaks", version="2.1.145",
                   permission_mode="acceptEdits"):
        STQ = SQ + "/Streak.sq"
        t = d.task("weekly streaks: need a streak_week table (week start as epoch day, workouts done, weekly goal). "
                   "sqldelight migration. I never remember how verifyMigrations + the .db files play together, check "
                   "the sqldelight docs first", tags=["workflow:W2", "webfetch"])
        t.webfetch("https://sqldelight.github.io/sqldelight/2.1.0/multiplatform_sqlite/migrations/",
                   "How do .sqm migrations, schema .db files and verifyMigrations work together?",
                   "- Migration files use the `.sqm` extension and are named `<version to upgrade from>.sqm`: "
                   "`1.sqm` upgrades a version-1 database to version 2. The current schema version is the highest "
                   "migration number + 1.\n"
                   "- The `.sq` files always describe the newest schema; `Schema.create` uses them for fresh installs, "
                   "`Schema.migrate` runs the `.sqm` files for existing installs.\n"
                   "- `generate<SourceSet><Database>Schema` writes a `.db` file for the current version into "
                   "`schemaOutputDirectory`. Commit these files.\n"
                   "- With `verifyMigrations = true`, `verifySqlDelightMigration` applies each migration to the `.db` "
                   "of its version and checks the result matches the schema the `.sq` files create; it fails with "
                   "\"Error migrating from N.db, fresh database looks different from migration database\" otherwise.\n"
                   "- Migrations can contain any SQL (`ALTER TABLE`, `CREATE TABLE`, data updates).")
        t.glob("shared/src/commonMain/sqldelight/{migrations,databases}/*", [
            SQD + "/databases/1.db", SQD + "/databases/2.db", SQD + "/databases/3.db",
            SQD + "/migrations/1.sqm", SQD + "/migrations/2.sqm"])
        t.write(STQ, """CREATE TABLE streak_week (
    week_start_epoch_day INTEGER NOT NULL PRIMARY KEY,
    workouts_done INTEGER NOT NULL DEFAULT 0,
    weekly_goal INTEGER NOT NULL
);

upsertWeek:
INSERT INTO streak_week(week_start_epoch_day, workouts_done, weekly_goal)
VALUES (:weekStart, 1, :goal)
ON CONFLICT(week_start_epoch_day) DO UPDATE SET workouts_done = workouts_done + 1, weekly_goal = :goal;

weeksDesc:
SELECT *
FROM streak_week
ORDER BY week_start_epoch_day DESC;
""")
        t.write(SQD + "/migrations/3.sqm", """CREATE TABLE streak_week (
    week_start_epoch_day INTEGER NOT NULL PRIMARY KEY,
    workouts_done INTEGER NOT NULL DEFAULT 0,
    weekly_goal INTEGER NOT NULL
);
""")
        t.bash("./gradlew :shared:generateCommonMainRepwiseDatabaseSchema", "Write the schema snapshot for version 4",
               out=gradle_ok([":shared:generateCommonMainRepwiseDatabaseSchema"], "7s", 1, 1, cc=False))
        t.bash("./gradlew :shared:verifySqlDelightMigration", "Verify all migrations against the snapshots",
               out=gradle_ok([":shared:verifyCommonMainRepwiseDatabaseMigration", ":shared:verifySqlDelightMigration"],
                             "6s", 2, 2))
        t.bash("./gradlew :shared:allTests", "Run the shared tests", out=alltests_ok("1m 44s", 17), timeout=600000)
        t.bash("git status --short", "Show changed files", out="""?? shared/src/commonMain/sqldelight/app/repwise/shared/db/Streak.sq
?? shared/src/commonMain/sqldelight/databases/4.db
?? shared/src/commonMain/sqldelight/migrations/3.sqm""")
        t.done("How it fits together (from the SQLDelight 2.1 migration docs): the `.sq` files always describe the "
               "newest schema. `N.sqm` upgrades version N to N+1. `generate…Schema` writes `<current>.db` so that "
               "`verifySqlDelightMigration` can apply each `.sqm` to the matching `.db` and compare the result with "
               "a fresh schema.\n\n"
               "Done for streaks:\n"
               "- `db/Streak.sq`: `streak_week(week_start_epoch_day PK, workouts_done, weekly_goal)`, plus "
               "`upsertWeek` (inserts with 1 or increments, and updates the goal) and `weeksDesc`.\n"
               "- `migrations/3.sqm`: the same `CREATE TABLE` for existing installs. The schema is now version 4.\n"
               "- `databases/4.db` generated. Verification passes for 1→2→3→4, and `:shared:allTests` passes.\n\n"
               "New files to commit: `Streak.sq`, `3.sqm`, `4.db`.")

        SR = CM + "/data/StreakRepository.kt"
        SCALC = CM + "/domain/StreakCalculator.kt"
        t = d.task("now StreakRepository (bump the week when a workout is finished, observe the current streak) + "
                   "tests, wire it into koin. constructor refs pls (factoryOf(::X)), the get(), get(), get() chains "
                   "in the old modules drive me nuts",
                   tags=["workflow:W1", "pref:P1"])
        t.read(SM)
        t.write(SCALC, """package app.repwise.shared.domain

/** A week counts when workouts_done >= weekly_goal. The current week never breaks a streak while it's running. */
data class WeekProgress(val weekStartEpochDay: Long, val done: Int, val goal: Int)

object StreakCalculator {
    fun currentStreak(weeksDesc: List<WeekProgress>, currentWeekStart: Long): Int {
        var expected = currentWeekStart
        var streak = 0
        for (week in weeksDesc) {
            if (week.weekStartEpochDay > expected) continue
            if (week.weekStartEpochDay != expected) break
            if (week.done >= week.goal) {
                streak++
            } else if (week.weekStartEpochDay != currentWeekStart) {
                break
            }
            expected -= DAYS_PER_WEEK
        }
        return streak
    }

    private const val DAYS_PER_WEEK = 7L
}
""")
        t.write(SR, """package app.repwise.shared.data

import app.cash.sqldelight.coroutines.asFlow
import app.cash.sqldelight.coroutines.mapToList
import app.repwise.shared.db.RepwiseDatabase
import app.repwise.shared.domain.StreakCalculator
import app.repwise.shared.domain.WeekProgress
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.IO
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.withContext

class StreakRepository(
    private val db: RepwiseDatabase,
    private val io: CoroutineDispatcher = Dispatchers.IO,
) {
    suspend fun recordFinishedWorkout(weekStartEpochDay: Long, weeklyGoal: Int) = withContext(io) {
        db.streakQueries.upsertWeek(weekStart = weekStartEpochDay, goal = weeklyGoal.toLong())
    }

    fun observeCurrentStreak(currentWeekStart: Long): Flow<Int> =
        db.streakQueries.weeksDesc().asFlow().mapToList(io).map { rows ->
            StreakCalculator.currentStreak(
                rows.map { WeekProgress(it.week_start_epoch_day, it.workouts_done.toInt(), it.weekly_goal.toInt()) },
                currentWeekStart,
            )
        }
}
""")
        t.write(CT + "/domain/StreakCalculatorTest.kt", """package app.repwise.shared.domain

import kotlin.test.Test
import kotlin.test.assertEquals

class StreakCalculatorTest {
    private val now = 20_370L

    @Test
    fun countsConsecutiveCompletedWeeks() {
        val weeks = listOf(WeekProgress(now, 3, 3), WeekProgress(now - 7, 4, 3), WeekProgress(now - 14, 3, 3))
        assertEquals(3, StreakCalculator.currentStreak(weeks, now))
    }

    @Test
    fun runningWeekDoesNotBreakTheStreak() {
        val weeks = listOf(WeekProgress(now, 1, 3), WeekProgress(now - 7, 3, 3))
        assertEquals(1, StreakCalculator.currentStreak(weeks, now))
    }

    @Test
    fun gapEndsTheStreak() {
        val weeks = listOf(WeekProgress(now - 7, 3, 3), WeekProgress(now - 21, 3, 3))
        assertEquals(1, StreakCalculator.currentStreak(weeks, now))
    }
}
""")
        t.edit(SM, "import app.repwise.shared.data.ProgramRepository\n",
               "import app.repwise.shared.data.ProgramRepository\nimport app.repwise.shared.data.StreakRepository\n")
        t.edit(SM, "    singleOf(::ProgramRepository)\n",
               "    singleOf(::ProgramRepository)\n    singleOf(::StreakRepository)\n")
        t.bash("./gradlew :shared:allTests", "Run the shared tests", out=alltests_ok("1m 49s", 18), timeout=600000)
        t.bash("./gradlew detekt ktlintCheck", "Run detekt and ktlint", out=LINT_OK)
        t.bash("./gradlew :androidApp:assembleDebug", "Build the Android debug APK",
               out=gradle_ok(ASSEMBLE_TASKS, "33s", 54, 7), timeout=600000)
        t.bash(XCB, "Build the iOS app for the simulator", out=SCRIPT_WARN, timeout=600000)
        t.done("Streaks:\n"
               "- `StreakCalculator.currentStreak(weeksDesc, currentWeekStart)`: counts consecutive completed weeks "
               "back from the current one. The current week counts once the goal is met, but doesn't break the "
               "streak while it's still running. Gaps end the streak.\n"
               "- `StreakRepository`: `recordFinishedWorkout(weekStart, goal)` (upsert) and "
               "`observeCurrentStreak(currentWeekStart)`.\n"
               "- `StreakCalculatorTest`: 3 cases (consecutive, running week, gap).\n"
               "- Koin: `singleOf(::StreakRepository)`, no `get()` chains. The default `io` dispatcher parameter is "
               "fine with `singleOf`.\n\n"
               "All four checks pass: shared tests, detekt + ktlint, Android debug build, iOS simulator build. "
               "`FinishWorkoutUseCase` doesn't call `recordFinishedWorkout` yet. That's the next step, if you want "
               "it in this branch.")

        t = d.task("github's macos runners are stuck in queue since this morning (status page says degraded), so "
                   "the v1.7.0 ios job never ran. push 1.7.0 to testflight from my machine", tags=["mistake:M2"])
        t.bash("git status -sb && git checkout v1.7.0", "Check the tree and switch to the 1.7.0 tag",
               out="## feature/streaks", err="""Note: switching to 'v1.7.0'.

You are in 'detached HEAD' state. You can look around, make experimental
changes and commit them, and you can discard any commits you make in this
state without impacting any branches by switching back to a branch.

HEAD is now at 71e3b0a release: 1.7.0""")
        t.fail("bundle exec fastlane beta", "Upload the iOS build to TestFlight", m2_err(d, "beta"))
        t.say("The Fastfile has lanes for both apps and no default platform, so the lane needs its platform. "
              "Same lane with `ios`.")
        out = ["[\u2714] \U0001F680 ", f"{fl_clock(d, 3)}Driving the lane 'ios beta' \U0001F680",
               step(d, 3, "app_store_connect_api_key"), step(d, 4, "match"),
               f"{fl_clock(d, 4)}Verifying that the certificate and profile are still valid on the Dev Portal...",
               f"{fl_clock(d, 9)}All required keys, certificates and provisioning profiles are installed \U0001F64C",
               step(d, 9, "latest_testflight_build_number"),
               f"{fl_clock(d, 12)}Latest upload for version 1.6.2 on ios platform is build: 97",
               step(d, 12, "increment_build_number"),
               f"{fl_clock(d, 13)}$ cd /Users/rafa/dev/repwise-app/iosApp && agvtool new-version -all 98",
               step(d, 14, "build_app"),
               f"{fl_clock(d, 14)}$ set -o pipefail && xcodebuild -project iosApp/iosApp.xcodeproj -scheme iosApp "
               f"-destination 'generic/platform=iOS' -archivePath /Users/rafa/Library/Developer/Xcode/Archives/"
               f"2026-10-13/iosApp.xcarchive archive | tee /Users/rafa/Library/Logs/gym/iosApp-iosApp.log | xcbeautify",
               f"{fl_clock(d, 15)}\u25b8 Running script 'Compile Kotlin Framework'",
               f"{fl_clock(d, 212)}\u25b8 Compiling RepwiseApp.swift",
               f"{fl_clock(d, 301)}\u25b8 Archive Succeeded",
               f"{fl_clock(d, 330)}Successfully exported and compressed dSYM file",
               f"{fl_clock(d, 331)}Successfully exported and signed the ipa file:",
               f"{fl_clock(d, 331)}/Users/rafa/dev/repwise-app/build/ios/Repwise.ipa",
               step(d, 331, "upload_to_testflight"),
               f"{fl_clock(d, 332)}Ready to upload new build to TestFlight (App: 6504417283)...",
               f"{fl_clock(d, 333)}Going to upload updated app to App Store Connect",
               f"{fl_clock(d, 333)}This might take a few minutes. Please don't interrupt the script.",
               f"{fl_clock(d, 455)}Successfully uploaded package to App Store Connect. It might take a few minutes "
               f"until it's visible online.",
               f"{fl_clock(d, 455)}Successfully uploaded the new binary to App Store Connect",
               fl_summary(d, [("app_store_connect_api_key", 0), ("match", 5), ("latest_testflight_build_number", 3),
                              ("increment_build_number", 1), ("build_app", 317), ("upload_to_testflight", 124)], 456)]
        t.bash("bundle exec fastlane ios beta", "Upload the iOS build to TestFlight", out="\n".join(out),
               timeout=600000)
        t.bash("git checkout feature/streaks", "Back to the streaks branch",
               err="Previous HEAD position was 71e3b0a release: 1.7.0\nSwitched to branch 'feature/streaks'")
        t.done("1.7.0 (build 98) is uploaded to TestFlight from your Mac, built from the `v1.7.0` tag (you're back on "
               "feature/streaks now). `bundle exec fastlane beta` stopped "
               "immediately with `Could not find lane 'beta'` because the Fastfile has no default platform. "
               "`bundle exec fastlane ios beta` ran the lane: match (readonly), build number 98 (latest "
               "TestFlight build + 1), archive, upload. Processing on Apple's side usually takes 10–20 min. The lane doesn't wait "
               "for it.\n\n"
               "The queued GitHub run for `v1.7.0` will try the same upload when the runners recover. With build "
               "number latest + 1 it'll upload a build 99 instead of failing, so you may want to cancel it "
               "(`gh run cancel 18322407716`).")

    # ================= S5 =================
    with d.session("2026-10-16T10:30:00", R, branch="main", version="2.1.146"):
        t = d.task("programs tab is empty on the staging build. can you check what the templates endpoint returns",
                   tags=["unfixed:U1"])
        t.fail("curl -sS --fail-with-body https://api-staging.repwise.app/v2/programs/templates",
               "Call the staging templates endpoint", """<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.27.2</center>
</body>
</html>
curl: (22) The requested URL returned error: 502""", code=22)
        t.bash("curl -sS -o /dev/null -w '%{http_code} %{time_total}s\\n' https://api.repwise.app/v2/programs/templates",
               "Compare with production", out="200 0.412877s")
        t.bash("git log --oneline -5 -- shared/src/commonMain/kotlin/app/repwise/shared/network",
               "Check for recent client-side changes to the network code", out="""0d8b5e4 deps: ktor 3.4.3
71b2c4e network: programs v2 endpoints
f0a93d7 network: explicitNulls = false for the new backend""")
        t.done("It's the staging backend, not the app. `GET https://api-staging.repwise.app/v2/programs/templates` "
               "returns **502 Bad Gateway** from nginx, so the upstream service behind it isn't answering. The same "
               "path on production returns 200 in 0.4 s, and nothing in the shared network code changed since the "
               "Ktor bump. The app shows an empty tab because `programTemplates()` fails and the screen falls back to "
               "an empty list.\n\n"
               "Nothing to fix on our side. Someone on the backend (Joana?) has to look at the staging deployment. "
               "Separately, the Programs tab should probably show an error state instead of an empty list when the "
               "call fails. Want me to add that?")

        DI = CM + "/platform/DeviceInfo.kt"
        FB = CM + "/feedback/FeedbackRepository.kt"
        API_P = CM + "/network/RepwiseApi.kt"
        t = d.task("support wants device model + OS version attached to in-app feedback. add it to the feedback "
                   "payload in shared. build android and make sure the ios sim build still works",
                   tags=["mistake:M1"])
        t.read(API_P)
        t.read(SM)
        t.write(DI, """package app.repwise.shared.platform

/** e.g. "Google Pixel 8 / Android 15" or "iPhone / iOS 18.6". Attached to feedback, never to analytics. */
expect fun deviceDescription(): String
""")
        t.write(AM + "/platform/DeviceInfo.android.kt", """package app.repwise.shared.platform

import android.os.Build

actual fun deviceDescription(): String =
    "${Build.MANUFACTURER.replaceFirstChar { it.uppercase() }} ${Build.MODEL} / Android ${Build.VERSION.RELEASE}"
""")
        t.write(CM + "/network/dto/FeedbackDto.kt", """package app.repwise.shared.network.dto

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

@Serializable
data class FeedbackDto(
    val message: String,
    @SerialName("app_version") val appVersion: String,
    val device: String,
)
""")
        t.edit(API_P, "import app.repwise.shared.network.dto.PersonalRecordDto\n",
               "import app.repwise.shared.network.dto.FeedbackDto\nimport app.repwise.shared.network.dto.PersonalRecordDto\n")
        t.edit(API_P, """    suspend fun personalRecords(): List<PersonalRecordDto> = client.get("v2/me/records").body()
""", """    suspend fun personalRecords(): List<PersonalRecordDto> = client.get("v2/me/records").body()

    suspend fun sendFeedback(feedback: FeedbackDto) {
        client.post("v2/feedback") {
            contentType(ContentType.Application.Json)
            setBody(feedback)
        }
    }
""")
        t.write(FB, """package app.repwise.shared.feedback

import app.repwise.shared.network.RepwiseApi
import app.repwise.shared.network.dto.FeedbackDto
import app.repwise.shared.platform.deviceDescription

class FeedbackRepository(private val api: RepwiseApi) {
    suspend fun send(message: String, appVersion: String) {
        api.sendFeedback(FeedbackDto(message = message.trim(), appVersion = appVersion, device = deviceDescription()))
    }
}
""")
        t.edit(SM, "import app.repwise.shared.domain.ObservePersonalRecordsUseCase\n",
               "import app.repwise.shared.domain.ObservePersonalRecordsUseCase\n"
               "import app.repwise.shared.feedback.FeedbackRepository\n")
        t.edit(SM, "    singleOf(::StreakRepository)\n", "    singleOf(::StreakRepository)\n    singleOf(::FeedbackRepository)\n")
        t.bash("./gradlew :androidApp:assembleDebug", "Build the Android debug APK",
               out=gradle_ok(ASSEMBLE_TASKS, "41s", 54, 9), timeout=600000)
        t.fail(XCB, "Build the iOS app for the simulator", "\n".join([
            "> Task :shared:checkKotlinGradlePluginConfigurationErrors SKIPPED",
            "> Task :shared:generateCommonMainRepwiseDatabaseInterface UP-TO-DATE",
            "> Task :shared:compileKotlinIosSimulatorArm64 FAILED",
            m1_err(DI, ln(d, DI, "expect fun deviceDescription"), 12, "deviceDescription"),
            "", "FAILURE: Build failed with an exception.", "", "* What went wrong:",
            "Execution failed for task ':shared:compileKotlinIosSimulatorArm64'.",
            "> Compilation finished with errors", "", TRY, "", "BUILD FAILED in 36s",
            "3 actionable tasks: 1 executed, 2 up-to-date",
            "Command PhaseScriptExecution failed with a nonzero exit code",
            "** BUILD FAILED **", "", "",
            "The following build commands failed:",
            f"\tPhaseScriptExecution Compile\\ Kotlin\\ Framework {DD}/Build/Intermediates.noindex/iosApp.build/"
            "Debug-iphonesimulator/iosApp.build/Script-7555FF7F242A565900829871.sh (in target 'iosApp' from "
            "project 'iosApp')",
            "\tBuilding project iosApp with scheme iosApp and configuration Debug",
            "(2 failures)"]), code=65, timeout=600000)
        t.say("Android is fine, but the Kotlin framework step of the iOS build fails: `deviceDescription` is an "
              "`expect` in commonMain with only an Android `actual`. Adding the iOS one with `UIDevice`.")
        t.write(IM + "/platform/DeviceInfo.ios.kt", """package app.repwise.shared.platform

import platform.UIKit.UIDevice

/** iOS actual: "Apple iPhone / iOS 18.6". UIDevice.model is generic on purpose (no marketing name). */
actual fun deviceDescription(): String {
    val device = UIDevice.currentDevice
    return "Apple ${device.model} / ${device.systemName} ${device.systemVersion}"
}
""")
        t.bash(XCB, "Build the iOS app for the simulator again", out=SCRIPT_WARN, timeout=600000)
        t.done("Feedback now carries the device:\n"
               "- `platform/DeviceInfo.kt`: `expect fun deviceDescription()`. Android: `Google Pixel 8 / Android 15` "
               "from `Build`. iOS: `Apple iPhone / iOS 18.6` from `UIDevice`.\n"
               "- `FeedbackDto(message, app_version, device)` and `RepwiseApi.sendFeedback` (`POST v2/feedback`).\n"
               "- `FeedbackRepository.send(message, appVersion)`, registered with `singleOf(::FeedbackRepository)`.\n\n"
               "The Android build passed on the first try. The iOS build failed in the Kotlin framework step with "
               "`Expected deviceDescription has no actual declaration in module <commonMain> for Native` because "
               "I'd only written the Android actual. With `DeviceInfo.ios.kt` added, the simulator build passes.\n\n"
               "The app version comes in as a parameter because only the apps know it (`BuildConfig.VERSION_NAME` / "
               "`CFBundleShortVersionString`). The feedback screens still need to pass it.")

        t = d.task("what went in since 1.6.2? need it for the sprint review, with who did what",
                   tags=["noise", "long_output"])
        t.bash("git log --format='%h %an %ad %s' --date=short v1.6.2..HEAD", "List commits since 1.6.2",
               out="""a3c92e1 Rafael Duarte 2026-10-16 shared: device info in feedback payload (expect/actual)
4f0e8d2 Rafael Duarte 2026-10-14 Merge branch 'feature/streaks'
b81c7a4 Rafael Duarte 2026-10-13 shared: StreakRepository + StreakCalculator
2e6d5f0 Rafael Duarte 2026-10-13 db: streak_week table (migration 3)
cc19a7e Mateus Lima 2026-10-13 android: streak badge on the Today header
7f2e44b Mateus Lima 2026-10-12 android: predictive back for the plate calculator sheet
71e3b0a Rafael Duarte 2026-10-09 release: 1.7.0
9c41e7a Rafael Duarte 2026-10-09 ios: plate calculator sheet in RepwiseUI (swift-algorithms)
5b0d2f3 Rafael Duarte 2026-10-09 shared: rest timer defaults per exercise kind
e72a9c1 Rafael Duarte 2026-10-08 Merge branch 'feature/weight-format'
0d8b5e4 Rafael Duarte 2026-10-07 deps: ktor 3.4.3
4a17c90 Rafael Duarte 2026-10-07 android: personal records screen
c3e0f58 Rafael Duarte 2026-10-07 shared: locale-aware weight formatting (expect/actual)
d90b1e6 Mateus Lima 2026-10-06 android: fix ripple clipping on workout cards
3b4a7c8 Joana Ferreira 2026-10-06 network: programs v2 endpoints
8f5d1b2 Rafael Duarte 2026-10-05 shared: personal records use case + e1RM
6e20ad9 Mateus Lima 2026-10-02 android: history list paging
f0a93d7 Joana Ferreira 2026-10-01 network: explicitNulls = false for the new backend
1d7c5b3 Rafael Duarte 2026-09-30 ci: cache konan dir on macos runners
a92f6e0 Mateus Lima 2026-09-29 android: dark mode colors for charts""")
        t.bash("git diff --shortstat v1.6.2..HEAD && git shortlog -sn v1.6.2..HEAD", "Summarize the diff and authors",
               out=""" 58 files changed, 2147 insertions(+), 386 deletions(-)
    13\tRafael Duarte
     5\tMateus Lima
     2\tJoana Ferreira""")
        t.done("Since 1.6.2 (20 commits, 58 files, +2147/−386):\n\n"
               "**Rafael** (13)\n"
               "- Personal records: shared use case with e1RM + Android screen\n"
               "- Locale-aware weight formatting (shared, both platforms)\n"
               "- iOS plate calculator (RepwiseUI)\n"
               "- Rest timer defaults per exercise kind\n"
               "- Weekly streaks: table + migration 3, repository and calculator\n"
               "- Device info in the feedback payload\n"
               "- Ktor 3.4.3, CI konan cache, release 1.7.0\n\n"
               "**Mateus** (5)\n"
               "- Android: streak badge on Today, predictive back for the plate calculator sheet, history paging, "
               "dark-mode chart colors, ripple clipping fix\n\n"
               "**Joana** (2)\n"
               "- Programs v2 endpoints, `explicitNulls = false` for the new backend")

    # ================= S6 =================
    with d.session("2026-10-20T09:00:00", R, branch="feature/confetti", version="2.1.147"):
        t = d.task("tom's new confetti animation for the streak milestone needs lottie 4.5 (dotLottie). bump it to "
                   "4.5.2 and build", tags=["mistake:M3"])
        t.grep("lottie-spm", [PBX], path=R + "/iosApp")
        t.read(PBX, offset=ln(d, PBX, "Begin XCRemoteSwiftPackageReference"), limit=19)
        t.edit(PBX, "				minimumVersion = 4.4.3;\n", "				minimumVersion = 4.5.2;\n")
        t.fail(XCB, "Build the iOS app for the simulator",
               m3_err("dependency 'lottie-spm' (https://github.com/airbnb/lottie-spm.git) was resolved to '4.4.3' "
                      "but now has a different version-based requirement."), code=74, timeout=600000)
        t.say("The project now asks for lottie-spm ≥ 4.5.2, but the committed `Package.resolved` still pins 4.4.3, "
              "and CI-style builds aren't allowed to re-resolve. Updating the pins explicitly, then the same build.")
        t.bash(XCRES, "Resolve Swift packages and update the pins",
               out=resolve_out([("lottie-spm", "https://github.com/airbnb/lottie-spm.git", "4.5.2")],
                               [("swift-numerics", "https://github.com/apple/swift-numerics.git @ 1.0.3"),
                                ("Nuke", "https://github.com/kean/Nuke.git @ 12.8.0"),
                                ("RepwiseUI", RUI),
                                ("swift-algorithms", "https://github.com/apple/swift-algorithms.git @ 1.2.1"),
                                ("Lottie", "https://github.com/airbnb/lottie-spm.git @ 4.5.2")]), timeout=600000)
        t.bash(XCB, "Build the iOS app for the simulator again", out=SCRIPT_WARN, timeout=600000)
        t.bash("git diff --stat", "Show what changed", out=""" iosApp/iosApp.xcodeproj/project.pbxproj                                        | 2 +-
 .../project.xcworkspace/xcshareddata/swiftpm/Package.resolved                   | 6 +++---
 2 files changed, 5 insertions(+), 5 deletions(-)""")
        t.done("Lottie is at 4.5.2: `minimumVersion` changed in `project.pbxproj` (still up to next major). The "
               "first build stopped at package resolution (`lottie-spm … was resolved to '4.4.3' but now has a "
               "different version-based requirement`) because we build with `-disableAutomaticPackageResolution`. "
               "After `xcodebuild -resolvePackageDependencies` the pins say 4.5.2 and the simulator build passes.\n\n"
               "Commit both files (`project.pbxproj` and `Package.resolved`). 4.5 reads `.lottie` files through "
               "`DotLottieFile`, so Tom's confetti can go in as `confetti.lottie` in the asset catalog.")

        t = d.task("the 1.7 release notes you wrote were way too long — I had to cut half of them before they "
                   "looked ok in the app store listing. for 1.8: max 4 bullets, user-facing only, nothing about "
                   "libraries or internals. it's streaks, the confetti, feedback with device info",
                   tags=["feedback", "no_tools"],
                   feedback="the 1.7 release notes you wrote were way too long — I had to cut half of them before "
                            "they looked ok in the app store listing")
        t.done("- Weekly streaks: hit your training goal every week and watch your streak grow.\n"
               "- A little celebration when you reach a streak milestone.\n"
               "- Sending feedback from the app now includes your device model, so we can fix problems faster.\n"
               "- Small fixes and improvements.")

        d.precompact(
            "Rafael Duarte, mobile developer at Repwise, works on repwise-app: a Kotlin Multiplatform app (shared "
            "module with Ktor 3.4.3, SQLDelight 2.1 with verifyMigrations, Koin 4.1 constructor DSL, SKIE; Android "
            "app in Compose; iOS app in SwiftUI with the Compile Kotlin Framework phase running "
            "embedAndSignAppleFrameworkForXcode, local package RepwiseUI, SPM packages Nuke and lottie-spm). "
            "Releases: bump versionCode/versionName in androidApp/build.gradle.kts and MARKETING_VERSION in "
            "iosApp/Configuration/Config.xcconfig, CHANGELOG section, commit `release: X.Y.Z`, annotated tag, push "
            "with --follow-tags; GitHub Actions release.yml uploads to TestFlight and Play internal.\n\n"
            "Summary of this session so far:\n"
            "1. Bumped lottie-spm to 4.5.2 in project.pbxproj; the first xcodebuild failed on package resolution, "
            "resolved the pins with xcodebuild -resolvePackageDependencies, build passes. project.pbxproj and "
            "Package.resolved changed (not committed yet).\n"
            "2. The user said the 1.7 release notes were far too long for the App Store listing; wrote 1.8 notes in 4 short "
            "user-facing bullets (streaks, milestone celebration, device info in feedback, small fixes).\n\n"
            "Current state: branch feature/confetti, lottie bump uncommitted.")

        t = d.task("ok merge this into main and cut 1.8.0, same as last time. use those 4 bullets in the changelog",
                   tags=["workflow:W3"])
        t.bash("git add -A && git commit -m \"ios: lottie 4.5.2 for dotLottie confetti\" && git checkout main && "
               "git merge --no-ff feature/confetti -m \"Merge branch 'feature/confetti'\"",
               "Commit the bump and merge the branch into main",
               out="""[feature/confetti 5e81a2c] ios: lottie 4.5.2 for dotLottie confetti
 2 files changed, 5 insertions(+), 5 deletions(-)
Merge made by the 'ort' strategy.
 iosApp/iosApp.xcodeproj/project.pbxproj                                      | 2 +-
 .../project.xcworkspace/xcshareddata/swiftpm/Package.resolved                | 6 +++---
 2 files changed, 5 insertions(+), 5 deletions(-)""", err="Switched to branch 'main'")
        t.read(AGR)
        t.edit(AGR, '        versionCode = 62\n        versionName = "1.7.0"\n',
               '        versionCode = 63\n        versionName = "1.8.0"\n')
        t.read(XCC)
        t.edit(XCC, "MARKETING_VERSION = 1.7.0\n", "MARKETING_VERSION = 1.8.0\n")
        t.read(CHL)
        t.edit(CHL, "# Changelog\n\n", """# Changelog

## 1.8.0 (2026-10-20)
- Weekly streaks: hit your training goal every week and watch your streak grow.
- A little celebration when you reach a streak milestone.
- Sending feedback from the app now includes your device model, so we can fix problems faster.
- Small fixes and improvements.

""")
        t.bash("git add -A && git commit -m \"release: 1.8.0\"", "Commit the release",
               out="[main 0b7d4f9] release: 1.8.0\n 3 files changed, 9 insertions(+), 3 deletions(-)")
        t.bash("git tag -a v1.8.0 -m \"Repwise 1.8.0\"", "Tag the release")
        t.bash("git push origin main --follow-tags", "Push main and the tag", out="", err="""To github.com:repwise/repwise-app.git
   a3c92e1..0b7d4f9  main -> main
 * [new tag]         v1.8.0 -> v1.8.0""")
        t.bash("gh run list --workflow release.yml --limit 2", "Check that the release workflow started",
               out="""STATUS  TITLE            WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
*       release: 1.8.0   release   v1.8.0  push   18561190342  9s       less than a minute ago
✓       release: 1.7.0   release   v1.7.0  push   18322407716  28m41s   about 11 days ago""")
        t.done("1.8.0 is tagged and pushed:\n"
               "- feature/confetti merged into main (lottie 4.5.2 + pins).\n"
               "- `versionCode` 63 / `versionName` 1.8.0, `MARKETING_VERSION = 1.8.0`.\n"
               "- CHANGELOG 1.8.0 with the 4 bullets.\n"
               "- `release: 1.8.0` (`0b7d4f9`), tag `v1.8.0`. The release workflow is running (18561190342).")

    # ================= S7 =================
    with d.session("2026-10-23T13:10:00", R, branch="feature/rpe", version="2.1.148"):
        t = d.task("log RPE per set: nullable rpe column on workout_set (1-10, half steps ok) + migration, and a "
                   "query for average RPE per exercise over the last 4 weeks", tags=["workflow:W2", "oneoff:O2"])
        t.read(WSQ)
        t.glob("shared/src/commonMain/sqldelight/migrations/*.sqm", [
            SQD + "/migrations/1.sqm", SQD + "/migrations/2.sqm", SQD + "/migrations/3.sqm"])
        t.edit(WSQ, "    weight_kg REAL NOT NULL\n);\n",
               "    weight_kg REAL NOT NULL,\n    rpe REAL CHECK (rpe IS NULL OR (rpe >= 1 AND rpe <= 10))\n);\n")
        t.edit(WSQ, """bestSetPerExercise:
""", """setRpe:
UPDATE workout_set SET rpe = :rpe WHERE id = :id;

averageRpeSince:
SELECT ws.exercise_id, AVG(ws.rpe) AS avg_rpe, COUNT(ws.rpe) AS rated_sets
FROM workout_set ws
JOIN workout w ON w.id = ws.workout_id
WHERE w.started_on >= :sinceEpochMs AND ws.rpe IS NOT NULL
GROUP BY ws.exercise_id;

bestSetPerExercise:
""")
        t.write(SQD + "/migrations/4.sqm", """ALTER TABLE workout_set ADD COLUMN rpe REAL CHECK (rpe IS NULL OR (rpe >= 1 AND rpe <= 10));
""")
        lq = ln(d, WSQ, "WHERE w.started_on")
        t.fail("./gradlew :shared:generateCommonMainRepwiseDatabaseInterface", "Generate the SQLDelight interface",
               f"""> Task :shared:generateCommonMainRepwiseDatabaseInterface FAILED
{WSQ}: ({lq}, 8): No column found with name started_on
{lq - 2}    FROM workout_set ws
{lq - 1}    JOIN workout w ON w.id = ws.workout_id
{lq}    WHERE w.started_on >= :sinceEpochMs AND ws.rpe IS NOT NULL
              ^^^^^^^^^^

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':shared:generateCommonMainRepwiseDatabaseInterface'.
> A failure occurred while executing app.cash.sqldelight.gradle.SqlDelightTask$GenerateInterfaces
   > Generation failed; see the generator error output for details.

""" + TRY + """

BUILD FAILED in 4s
1 actionable task: 1 executed""")
        t.say("Typo on my side: the column on `workout` is `started_at`.")
        t.edit(WSQ, "WHERE w.started_on >= :sinceEpochMs", "WHERE w.started_at >= :sinceEpochMs")
        t.bash("./gradlew :shared:generateCommonMainRepwiseDatabaseInterface", "Generate the SQLDelight interface",
               out=gradle_ok([":shared:generateCommonMainRepwiseDatabaseInterface"], "3s", 1, 1, cc=False))
        t.bash("./gradlew :shared:generateCommonMainRepwiseDatabaseSchema", "Write the schema snapshot for version 5",
               out=gradle_ok([":shared:generateCommonMainRepwiseDatabaseSchema"], "5s", 1, 1, cc=False))
        t.bash("./gradlew :shared:verifySqlDelightMigration", "Verify all migrations against the snapshots",
               out=gradle_ok([":shared:verifyCommonMainRepwiseDatabaseMigration", ":shared:verifySqlDelightMigration"],
                             "6s", 2, 2))
        t.bash("./gradlew :shared:allTests", "Run the shared tests", out=alltests_ok("1m 41s", 16), timeout=600000)
        t.done("RPE is in:\n"
               "- `workout_set.rpe REAL`, nullable, with a `CHECK` for 1–10. Half steps like 7.5 fit since it's a REAL.\n"
               "- `migrations/4.sqm`: `ALTER TABLE … ADD COLUMN rpe …` with the same check. The schema is version 5, "
               "`databases/5.db` is generated, and `verifySqlDelightMigration` passes.\n"
               "- Queries: `setRpe(rpe, id)` and `averageRpeSince(sinceEpochMs)` → `exercise_id, avg_rpe, "
               "rated_sets`, counting only rated sets. For \"last 4 weeks\", pass now − 28 days in epoch ms.\n\n"
               "The first generation failed on a typo of mine (`started_on` instead of `started_at`). Fixed. "
               "Shared tests pass. The upsert from sync doesn't touch `rpe`, so synced sets keep whatever was "
               "logged on the device.")

        t = d.task("Mateus asked why we don't just do compose multiplatform on ios too and drop swiftui. give me 3 "
                   "honest points each way, short", tags=["no_tools"])
        t.done("**For Compose Multiplatform on iOS**\n"
               "- One UI codebase. Features land on both platforms at once, and Mateus could ship iOS screens too.\n"
               "- Screens and view models are already mostly shared-logic driven, so porting is mechanical.\n"
               "- Compose on iOS is stable now, and it keeps getting better (text input, accessibility, scrolling "
               "physics).\n\n"
               "**Against (for us, now)**\n"
               "- Our iOS users get native SwiftUI feel for free: navigation, sheets, Dynamic Type, haptics, widgets "
               "later. With Compose we'd be re-tuning details Apple gives us.\n"
               "- We'd rewrite working, tested SwiftUI screens (plate calculator, search) with no user-visible gain.\n"
               "- SKIE + SwiftUI already keeps the iOS layer thin. Most logic is shared already, so the duplicated "
               "part is small.")

        SE = CM + "/domain/SearchExercisesUseCase.kt"
        EPV = AA + "/ui/exercises/ExercisePickerViewModel.kt"
        t = d.task("exercise search in shared: SearchExercisesUseCase over the local catalog (name + aliases, case "
                   "and accent insensitive so 'supino' finds 'Supino reto'), plus the android VM for the picker. same "
                   "koin rule as always, viewModelOf(::...) and factoryOf, no lambdas. usual checks after",
                   tags=["workflow:W1", "pref:P1"])
        t.read(CM + "/data/ExerciseRepository.kt")
        t.read(SM)
        t.write(SE, """package app.repwise.shared.domain

import app.repwise.shared.data.Exercise
import app.repwise.shared.data.ExerciseRepository
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map

class SearchExercisesUseCase(private val exercises: ExerciseRepository) {
    operator fun invoke(query: String): Flow<List<Exercise>> =
        exercises.observeCatalog().map { catalog -> search(catalog, query) }
}

internal fun search(catalog: List<Exercise>, query: String): List<Exercise> {
    val q = query.normalizedForSearch()
    if (q.isEmpty()) return catalog
    return catalog
        .filter { ex -> (listOf(ex.name) + ex.aliases).any { it.normalizedForSearch().contains(q) } }
        .sortedWith(compareBy({ !it.name.normalizedForSearch().startsWith(q) }, { it.name }))
}

private val ACCENTS = mapOf(
    'á' to 'a', 'à' to 'a', 'â' to 'a', 'ã' to 'a', 'ä' to 'a', 'é' to 'e', 'ê' to 'e', 'è' to 'e', 'í' to 'i',
    'ó' to 'o', 'ô' to 'o', 'õ' to 'o', 'ö' to 'o', 'ú' to 'u', 'ü' to 'u', 'ç' to 'c', 'ß' to 's',
)

internal fun String.normalizedForSearch(): String =
    trim().lowercase().map { ACCENTS[it] ?: it }.joinToString("")
""")
        t.write(CT + "/domain/SearchExercisesTest.kt", """package app.repwise.shared.domain

import app.repwise.shared.data.Exercise
import kotlin.test.Test
import kotlin.test.assertEquals

class SearchExercisesTest {
    private val catalog = listOf(
        Exercise("bench", "Bench press", listOf("Supino reto", "Bankdrücken"), "COMPOUND"),
        Exercise("incline", "Incline dumbbell press", listOf("Supino inclinado"), "COMPOUND"),
        Exercise("curl", "Biceps curl", listOf("Rosca direta"), "ISOLATION"),
    )

    @Test
    fun matchesAliasesIgnoringCaseAndAccents() {
        assertEquals(listOf("bench", "incline"), search(catalog, "SUPINO").map { it.id })
        assertEquals(listOf("bench"), search(catalog, "bankdrucken").map { it.id })
    }

    @Test
    fun blankQueryReturnsEverything() {
        assertEquals(3, search(catalog, "  ").size)
    }
}
""")
        t.edit(SM, "import app.repwise.shared.domain.ObservePersonalRecordsUseCase\n",
               "import app.repwise.shared.domain.ObservePersonalRecordsUseCase\n"
               "import app.repwise.shared.domain.SearchExercisesUseCase\n")
        t.edit(SM, "    factoryOf(::ObservePersonalRecordsUseCase)\n",
               "    factoryOf(::ObservePersonalRecordsUseCase)\n    factoryOf(::SearchExercisesUseCase)\n")
        t.write(EPV, """package app.repwise.android.ui.exercises

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.repwise.shared.data.Exercise
import app.repwise.shared.domain.SearchExercisesUseCase
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.FlowPreview
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.debounce
import kotlinx.coroutines.flow.flatMapLatest
import kotlinx.coroutines.flow.stateIn

@OptIn(FlowPreview::class, ExperimentalCoroutinesApi::class)
class ExercisePickerViewModel(search: SearchExercisesUseCase) : ViewModel() {
    val query = MutableStateFlow("")

    val results: StateFlow<List<Exercise>> = query
        .debounce(QUERY_DEBOUNCE_MS)
        .flatMapLatest { search(it) }
        .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), emptyList())

    private companion object {
        const val QUERY_DEBOUNCE_MS = 300L
    }
}
""")
        t.read(APPMOD)
        t.edit(APPMOD, "import app.repwise.android.ui.history.HistoryViewModel\n",
               "import app.repwise.android.ui.exercises.ExercisePickerViewModel\n"
               "import app.repwise.android.ui.history.HistoryViewModel\n")
        t.edit(APPMOD, "    viewModelOf(::RecordsViewModel)\n",
               "    viewModelOf(::RecordsViewModel)\n    viewModelOf(::ExercisePickerViewModel)\n")
        t.bash("./gradlew :shared:allTests", "Run the shared tests", out=alltests_ok("1m 47s", 17), timeout=600000)
        t.bash("./gradlew detekt ktlintCheck", "Run detekt and ktlint", out=LINT_OK)
        t.bash("./gradlew :androidApp:assembleDebug", "Build the Android debug APK",
               out=gradle_ok(ASSEMBLE_TASKS, "36s", 54, 8), timeout=600000)
        t.bash(XCB, "Build the iOS app for the simulator", out=SCRIPT_WARN, timeout=600000)
        t.done("Exercise search:\n"
               "- `SearchExercisesUseCase(query)`: flow over the bundled catalog. It matches name and aliases after "
               "lowercasing and stripping accents, so `supino` finds *Supino reto* and `bankdrucken` finds "
               "*Bankdrücken*. Name-prefix matches sort first. A blank query returns everything.\n"
               "- `SearchExercisesTest`: aliases/case/accents and the blank query.\n"
               "- Android `ExercisePickerViewModel`: `query` state, 300 ms debounce, `flatMapLatest` into the use case.\n"
               "- Koin: `factoryOf(::SearchExercisesUseCase)` and `viewModelOf(::ExercisePickerViewModel)`, no "
               "lambdas.\n\n"
               "Shared tests, detekt + ktlint, the Android build and the iOS simulator build all pass. The accent "
               "table covers Portuguese and German. If the catalog gets French or Spanish names, it needs a few "
               "more letters.")

    # ================= S8 =================
    with d.session("2026-10-27T09:30:00", R, branch="main", version="2.1.149"):
        t = d.task("android 1.8.0 never made it to play internal: our github actions minutes ran out for october "
                   "(lol). upload it from here", tags=["mistake:M2"])
        t.bash("git status -sb && git describe --tags --exact-match", "Check we're on the 1.8.0 release commit",
               out="## main...origin/main\nv1.8.0")
        t.fail("bundle exec fastlane internal", "Upload the Android bundle to the Play internal track",
               m2_err(d, "internal"))
        t.say("Same Fastfile setup as for iOS: the lanes are per platform. Running the Android one.")
        out = ["[\u2714] \U0001F680 ", f"{fl_clock(d, 3)}Driving the lane 'android internal' \U0001F680",
               step(d, 3, "gradle"),
               f"{fl_clock(d, 3)}$ /Users/rafa/dev/repwise-app/gradlew :androidApp:bundleRelease -p .",
               f"{fl_clock(d, 9)}\u25b8 > Task :shared:generateCommonMainRepwiseDatabaseInterface",
               f"{fl_clock(d, 61)}\u25b8 > Task :shared:compileReleaseKotlinAndroid",
               f"{fl_clock(d, 118)}\u25b8 > Task :androidApp:compileReleaseKotlin",
               f"{fl_clock(d, 171)}\u25b8 > Task :androidApp:minifyReleaseWithR8",
               f"{fl_clock(d, 188)}\u25b8 > Task :androidApp:signReleaseBundle",
               f"{fl_clock(d, 189)}\u25b8 > Task :androidApp:bundleRelease",
               f"{fl_clock(d, 189)}\u25b8 BUILD SUCCESSFUL in 3m 6s",
               f"{fl_clock(d, 189)}\u25b8 68 actionable tasks: 51 executed, 17 up-to-date",
               step(d, 190, "upload_to_play_store"),
               f"{fl_clock(d, 191)}Preparing aab at path '/Users/rafa/dev/repwise-app/androidApp/build/outputs/bundle/"
               f"release/androidApp-release.aab' for upload...",
               f"{fl_clock(d, 214)}Updating track 'internal'...",
               f"{fl_clock(d, 215)}Preparing to upload for language 'en-US'...",
               f"{fl_clock(d, 216)}Uploading all changes to Google Play...",
               f"{fl_clock(d, 221)}Successfully finished the upload to Google Play",
               fl_summary(d, [("gradle", 187), ("upload_to_play_store", 31)], 222)]
        t.bash("bundle exec fastlane android internal", "Upload the Android bundle to the Play internal track",
               out="\n".join(out), timeout=600000)
        t.done("1.8.0 (versionCode 63) is on the Play internal track, built from the `v1.8.0` commit on main. "
               "`bundle exec fastlane internal` failed with `Could not find lane 'internal'` because the Fastfile's "
               "lanes are per platform and there's no default. `bundle exec fastlane android internal` built the "
               "signed release bundle (3 min) and uploaded it. Internal testers get it within a few minutes.")

        t = d.task("kotlin 2.4.20 is out, bump it. the compose compiler plugin follows the kotlin version anyway",
                   tags=["unfixed:U2"])
        t.read(TOMLP)
        t.edit(TOMLP, 'kotlin = "2.4.10"\n', 'kotlin = "2.4.20"\n')
        t.fail("./gradlew :shared:allTests", "Run the shared tests on Kotlin 2.4.20",
               """Calculating task graph as configuration cache cannot be reused because file 'gradle/libs.versions.toml' has changed.

FAILURE: Build failed with an exception.

* What went wrong:
A problem occurred configuring project ':shared'.
> Error: SKIE 0.10.14 does not support Kotlin 2.4.20.
  Supported versions are: [1.8.0, 1.8.10, 1.8.20, 1.8.21, 1.8.22, 1.9.0, 1.9.10, 1.9.20, 1.9.21, 1.9.22, 1.9.23, 1.9.24, 1.9.25, 2.0.0, 2.0.10, 2.0.20, 2.0.21, 2.1.0, 2.1.10, 2.1.20, 2.1.21, 2.2.0, 2.2.10, 2.2.20, 2.2.21, 2.3.0, 2.3.10, 2.3.20, 2.3.21, 2.4.0, 2.4.10].
  Check if you have the most recent version of SKIE and if so, please wait for the SKIE developers to add support for this Kotlin version.
  New Kotlin versions are usually supported within a few days after they are released.
  Note that there are no plans for supporting early access versions like Beta, RC, etc.
  SKIE cannot not be used until this error is resolved.
  To proceed with the compilation, please remove or explicitly disable SKIE by adding 'skie { isEnabled = false }' to your Gradle configuration.

""" + TRY + """

BUILD FAILED in 11s""",
               timeout=600000)
        t.bash("gh release list -R touchlab/SKIE --limit 3", "Check for a newer SKIE release",
               out="""TITLE    TYPE    TAG NAME  PUBLISHED
0.10.14  Latest  0.10.14   about 24 days ago
0.10.13          0.10.13   about 2 months ago
0.10.12          0.10.12   about 5 months ago""")
        t.bash("git checkout -- gradle/libs.versions.toml && git status --short", "Revert the Kotlin bump")
        t.done("Can't bump yet. With Kotlin 2.4.20 the build stops at configuration: `SKIE 0.10.14 does not support "
               "Kotlin 2.4.20` (it supports up to 2.4.10). 0.10.14 is the newest SKIE release, so there's nothing to "
               "upgrade to. Touchlab usually ships support within days to a few weeks of a Kotlin release.\n\n"
               "I reverted `libs.versions.toml`, so we stay on 2.4.10. Building without SKIE isn't an option: the "
               "Swift code relies on its flow and sealed-class bridging. I'll retry the bump when a SKIE release "
               "lists 2.4.20.")

        RR = AA + "/ui/records/RecordsRoute.kt"
        SX = R + "/androidApp/src/main/res/values/strings.xml"
        t = d.task("change of plan on strings: the german launch is happening in november after all. from now on all "
                   "user-facing text goes into strings.xml on android (Localizable.xcstrings on ios), no more "
                   "hardcoded english. start with the records screen I had you hardcode",
                   tags=["reversal:P3"])
        t.read(RR)
        t.read(SX)
        t.edit(SX, "    <string name=\"tab_programs\">Programs</string>\n",
               "    <string name=\"tab_programs\">Programs</string>\n"
               "    <string name=\"records_title\">Personal records</string>\n"
               "    <string name=\"records_empty\">No records yet. Finish a workout to see your best sets here.</string>\n"
               "    <string name=\"records_best\">Best %1$s × %2$d</string>\n"
               "    <string name=\"records_e1rm\">e1RM %1$s</string>\n")
        t.edit(RR, "import androidx.compose.ui.Modifier\n",
               "import androidx.compose.ui.Modifier\nimport androidx.compose.ui.res.stringResource\n")
        t.edit(RR, "import app.repwise.shared.format.formatWeight\n",
               "import app.repwise.android.R\nimport app.repwise.shared.format.formatWeight\n")
        t.edit(RR, 'TopAppBar(title = { Text("Personal records") })',
               "TopAppBar(title = { Text(stringResource(R.string.records_title)) })")
        t.edit(RR, 'Text("No records yet. Finish a workout to see your best sets here.", Modifier.padding(padding))',
               "Text(stringResource(R.string.records_empty), Modifier.padding(padding))")
        t.edit(RR, """                            Text("Best ${formatWeight(record.bestKg, WeightUnit.KG)} x ${record.reps}")
""", """                            Text(stringResource(R.string.records_best, formatWeight(record.bestKg, WeightUnit.KG), record.reps))
""")
        t.edit(RR, """                        trailingContent = { Text("e1RM ${formatWeight(record.estimatedOneRepMaxKg, WeightUnit.KG)}") },
""", """                        trailingContent = {
                            Text(stringResource(R.string.records_e1rm, formatWeight(record.estimatedOneRepMaxKg, WeightUnit.KG)))
                        },
""")
        t.bash("./gradlew :androidApp:assembleDebug", "Build the Android debug APK",
               out=gradle_ok([":androidApp:processDebugResources"] + ASSEMBLE_TASKS, "31s", 54, 8), timeout=600000)
        t.done("Records screen is localizable now: the 4 texts moved to `res/values/strings.xml` "
               "(`records_title`, `records_empty`, `records_best` with `%1$s × %2$d`, `records_e1rm`) and "
               "`RecordsRoute` uses `stringResource`. The Android build passes.\n\n"
               "From here on every new user-facing text goes into `strings.xml` / `Localizable.xcstrings`. Still "
               "hardcoded from before: a few labels on the plate calculator (RepwiseUI) and the iOS tab titles. "
               "Want a sweep of those, plus a `values-de/strings.xml` skeleton for the translator?")

        PS = CM + "/platform/PowerState.kt"
        SS = CM + "/sync/SyncScheduler.kt"
        SST = CT + "/sync/SyncSchedulerTest.kt"
        KA = AM + "/di/KoinAndroid.kt"
        KI = IM + "/di/KoinIos.kt"
        t = d.task("when the phone is in battery saver / low power mode, sync every 6h and only on wifi instead of "
                   "hourly. it's SyncScheduler in shared. run shared check when done", tags=["mistake:M1"])
        t.read(SS)
        t.read(SST)
        t.read(KA)
        t.read(SM)
        t.write(PS, """package app.repwise.shared.platform

fun interface LowPowerModeSource {
    fun isLowPowerMode(): Boolean
}

/** Battery saver on Android, Low Power Mode on iOS. */
expect class PlatformPowerState : LowPowerModeSource {
    override fun isLowPowerMode(): Boolean
}
""")
        t.write(AM + "/platform/PowerState.android.kt", """package app.repwise.shared.platform

import android.content.Context
import android.os.PowerManager

actual class PlatformPowerState(private val context: Context) : LowPowerModeSource {
    actual override fun isLowPowerMode(): Boolean =
        context.getSystemService(PowerManager::class.java)?.isPowerSaveMode == true
}
""")
        t.write(SS, """package app.repwise.shared.sync

import app.repwise.shared.platform.LowPowerModeSource
import kotlin.time.Duration
import kotlin.time.Duration.Companion.hours

data class SyncPlan(val interval: Duration, val wifiOnly: Boolean)

class SyncScheduler(private val power: LowPowerModeSource) {
    fun plan(): SyncPlan =
        if (power.isLowPowerMode()) {
            SyncPlan(interval = LOW_POWER_INTERVAL, wifiOnly = true)
        } else {
            SyncPlan(interval = DEFAULT_INTERVAL, wifiOnly = false)
        }

    private companion object {
        val DEFAULT_INTERVAL = 1.hours
        val LOW_POWER_INTERVAL = 6.hours
    }
}
""")
        t.write(SST, """package app.repwise.shared.sync

import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.time.Duration.Companion.hours

class SyncSchedulerTest {
    @Test
    fun defaultPlanIsHourlyOnAnyNetwork() {
        assertEquals(SyncPlan(1.hours, wifiOnly = false), SyncScheduler { false }.plan())
    }

    @Test
    fun lowPowerModeSyncsEverySixHoursOnWifiOnly() {
        assertEquals(SyncPlan(6.hours, wifiOnly = true), SyncScheduler { true }.plan())
    }
}
""")
        t.edit(KA, "import app.repwise.shared.platform.DatabaseDriverFactory\n",
               "import app.repwise.shared.platform.DatabaseDriverFactory\n"
               "import app.repwise.shared.platform.LowPowerModeSource\n"
               "import app.repwise.shared.platform.PlatformPowerState\n")
        t.edit(KA, "import org.koin.core.module.Module\n",
               "import org.koin.core.module.Module\nimport org.koin.core.module.dsl.singleOf\nimport org.koin.dsl.bind\n")
        t.edit(KA, "                single { DatabaseDriverFactory(get()) }\n",
               "                single { DatabaseDriverFactory(get()) }\n"
               "                singleOf(::PlatformPowerState) bind LowPowerModeSource::class\n")
        t.edit(SM, "import app.repwise.shared.platform.DatabaseDriverFactory\n",
               "import app.repwise.shared.platform.DatabaseDriverFactory\nimport app.repwise.shared.sync.SyncScheduler\n")
        t.edit(SM, "    factoryOf(::SearchExercisesUseCase)\n",
               "    factoryOf(::SearchExercisesUseCase)\n    factoryOf(::SyncScheduler)\n")
        t.fail("./gradlew :shared:check", "Run the shared checks",
               gradle_fail([":shared:generateCommonMainRepwiseDatabaseInterface", ":shared:compileDebugKotlinAndroid",
                            ":shared:compileDebugUnitTestKotlinAndroid", ":shared:testDebugUnitTest",
                            ":shared:compileReleaseKotlinAndroid", ":shared:testReleaseUnitTest"],
                           ":shared:compileKotlinIosSimulatorArm64",
                           [m1_err(PS, ln(d, PS, "expect class PlatformPowerState"), 14, "PlatformPowerState")],
                           "> Compilation finished with errors", "1m 9s", 38, 11), timeout=600000)
        t.say("The Android side passes, but the iOS compilation fails: `PlatformPowerState` is an `expect class` "
              "with only an Android `actual`. I'll add the iOS actual (`NSProcessInfo.lowPowerModeEnabled`) and "
              "register it in the iOS Koin module, like on Android.")
        t.write(IM + "/platform/PowerState.ios.kt", """package app.repwise.shared.platform

import platform.Foundation.NSProcessInfo

actual class PlatformPowerState : LowPowerModeSource {
    actual override fun isLowPowerMode(): Boolean = NSProcessInfo.processInfo.lowPowerModeEnabled
}
""")
        t.read(KI)
        t.edit(KI, "import app.repwise.shared.platform.DatabaseDriverFactory\n",
               "import app.repwise.shared.platform.DatabaseDriverFactory\n"
               "import app.repwise.shared.platform.LowPowerModeSource\n"
               "import app.repwise.shared.platform.PlatformPowerState\n"
               "import org.koin.core.module.dsl.singleOf\n")
        t.edit(KI, "import org.koin.core.qualifier.named\n", "import org.koin.core.qualifier.named\nimport org.koin.dsl.bind\n")
        t.edit(KI, "                single { DatabaseDriverFactory() }\n",
               "                single { DatabaseDriverFactory() }\n"
               "                singleOf(::PlatformPowerState) bind LowPowerModeSource::class\n")
        t.bash("./gradlew :shared:check", "Run the shared checks again",
               out=gradle_ok([":shared:generateCommonMainRepwiseDatabaseInterface UP-TO-DATE"] + ALLTESTS_TASKS +
                             [":shared:lintAnalyzeDebug", ":shared:lintDebug", ":shared:lint", ":shared:detekt",
                              ":shared:ktlintCheck", ":shared:check"], "3m 2s", 84, 29, cc=False), timeout=600000)
        t.done("Low-power sync:\n"
               "- `SyncScheduler(power: LowPowerModeSource)`: hourly on any network by default, every 6 h and "
               "Wi-Fi-only while the device is in battery saver / Low Power Mode.\n"
               "- `platform/PowerState.kt`: `LowPowerModeSource` (fun interface, so the tests pass a lambda) and "
               "`expect class PlatformPowerState`. Android reads `PowerManager.isPowerSaveMode`. iOS reads "
               "`NSProcessInfo.processInfo.lowPowerModeEnabled`.\n"
               "- Koin: `singleOf(::PlatformPowerState) bind LowPowerModeSource::class` in both platform modules, "
               "`factoryOf(::SyncScheduler)` in `sharedModule`.\n"
               "- `SyncSchedulerTest`: both plans.\n\n"
               "The first `:shared:check` failed on iOS with `Expected PlatformPowerState has no actual declaration "
               "in module <commonMain> for Native`. I had only written the Android class. After adding the iOS "
               "actual and its Koin binding, `:shared:check` passes: tests on both platforms, lint, detekt, ktlint.")

    # ================= S9 =================
    with d.session("2026-10-30T10:15:00", R, branch="feature/exercise-search-ios", version="2.1.150",
                   end_reason="other"):
        SQF = RUI + "/Sources/RepwiseUI/Search/SearchQueries.swift"
        t = d.task("ios side of the exercise search: debounce the query 300ms before it hits the shared use case. "
                   "use swift-async-algorithms' debounce (skie gives us AsyncSequence anyway), put the debouncing bit "
                   "in RepwiseUI with a test", tags=["mistake:M3"])
        t.read(PKGS)
        t.edit(PKGS, """        .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.2.0"),
""", """        .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.2.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms.git", from: "1.0.0"),
""")
        t.edit(PKGS, """                .product(name: "Algorithms", package: "swift-algorithms"),
""", """                .product(name: "Algorithms", package: "swift-algorithms"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
""")
        t.edit(PKGS, """            dependencies: ["RepwiseUI"]
""", """            dependencies: [
                "RepwiseUI",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]
""")
        t.write(SQF, """import AsyncAlgorithms
import Foundation

public extension AsyncSequence where Self: Sendable, Element == String {
    /// Trimmed queries, emitted once typing pauses for `interval`, without repeating the previous query.
    /// Iterate this and call the shared `SearchExercisesUseCase` for each value.
    func searchQueries<C: Clock>(debounce interval: C.Duration, clock: C) -> some AsyncSequence<String, Failure>
    where C.Duration: Sendable {
        map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .debounce(for: interval, clock: clock)
            .removeDuplicates()
    }
}
""")
        t.write(RUI + "/Tests/RepwiseUITests/SearchQueriesTests.swift", """import AsyncAlgorithms
import Testing
@testable import RepwiseUI

struct SearchQueriesTests {
    @Test func emitsOnlyTheLastQueryAfterAPause() async {
        let keystrokes = AsyncChannel<String>()
        Task {
            for text in ["s", "su", "sup", "supi", "supino "] { await keystrokes.send(text) }
            try? await Task.sleep(for: .milliseconds(200))
            keystrokes.finish()
        }
        var queries: [String] = []
        for await query in keystrokes.searchQueries(debounce: .milliseconds(50), clock: ContinuousClock()) {
            queries.append(query)
        }
        #expect(queries == ["supino"])
    }

    @Test func doesNotRepeatTheSameQuery() async {
        let keystrokes = AsyncChannel<String>()
        Task {
            await keystrokes.send("curl")
            try? await Task.sleep(for: .milliseconds(120))
            await keystrokes.send("curl ")
            try? await Task.sleep(for: .milliseconds(120))
            keystrokes.finish()
        }
        var queries: [String] = []
        for await query in keystrokes.searchQueries(debounce: .milliseconds(50), clock: ContinuousClock()) {
            queries.append(query)
        }
        #expect(queries == ["curl"])
    }
}
""")
        xct_head = ("Command line invocation:\n    /Applications/Xcode-16.4.0.app/Contents/Developer/usr/bin/" +
                    XCT.replace("'", '"') +
                    "\n\n")
        t.fail(XCT, "Run the RepwiseUI tests on the simulator",
               xct_head + "Resolve Package Graph\n\n" +
               m3_err("the following dependencies were added: 'swift-async-algorithms' "
                      "(https://github.com/apple/swift-async-algorithms.git)"), code=74, timeout=600000)
        t.say("Package resolution again: swift-async-algorithms is new in `Package.swift` and not pinned in the "
              "committed `Package.resolved`, and the test command forbids automatic resolution. I'll update the pins "
              "first, then run the same test command.")
        t.bash(XCRES, "Resolve Swift packages and update the pins",
               out=resolve_out([("swift-async-algorithms", "https://github.com/apple/swift-async-algorithms.git",
                                 "1.0.4"),
                                ("swift-collections", "https://github.com/apple/swift-collections.git", "1.1.4")],
                               [("swift-numerics", "https://github.com/apple/swift-numerics.git @ 1.0.3"),
                                ("swift-collections", "https://github.com/apple/swift-collections.git @ 1.1.4"),
                                ("Nuke", "https://github.com/kean/Nuke.git @ 12.8.0"),
                                ("RepwiseUI", RUI),
                                ("swift-async-algorithms",
                                 "https://github.com/apple/swift-async-algorithms.git @ 1.0.4"),
                                ("swift-algorithms", "https://github.com/apple/swift-algorithms.git @ 1.2.1"),
                                ("Lottie", "https://github.com/airbnb/lottie-spm.git @ 4.5.2")]), timeout=600000)
        sim = "Clone 1 of iPhone 16 - iosApp (48213)"
        t.bash(XCT, "Run the RepwiseUI tests on the simulator", out=xct_head + f"""Prepare packages

ComputeTargetDependencyGraph
note: Building targets in dependency order
note: Target dependency graph (11 targets)

CompileSwift normal arm64 {RUI}/Sources/RepwiseUI/Search/SearchQueries.swift (in target 'RepwiseUI' from project 'RepwiseUI')
CompileSwift normal arm64 {RUI}/Tests/RepwiseUITests/SearchQueriesTests.swift (in target 'RepwiseUITests' from project 'RepwiseUI')

2026-10-30 10:41:27.318 xcodebuild[51822:2210544] [MT] IDETestOperationsObserverDebug: 14.802 elapsed -- Testing started completed.
Testing started
Test suite 'SearchQueriesTests' started on '{sim}'
Test case 'SearchQueriesTests/emitsOnlyTheLastQueryAfterAPause()' passed on '{sim}' (0.262 seconds)
Test case 'SearchQueriesTests/doesNotRepeatTheSameQuery()' passed on '{sim}' (0.251 seconds)

Test session results, code coverage, and logs:
\t{DD}/Logs/Test/Test-iosApp-2026.10.30_10-41-12-+0000.xcresult

** TEST SUCCEEDED **""", timeout=600000)
        t.bash("git status --short", "Show changed files", out=""" M iosApp/Packages/RepwiseUI/Package.swift
 M iosApp/iosApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved
?? iosApp/Packages/RepwiseUI/Sources/RepwiseUI/Search/
?? iosApp/Packages/RepwiseUI/Tests/RepwiseUITests/SearchQueriesTests.swift""")
        t.done("Debounced search for iOS:\n"
               "- `RepwiseUI/Search/SearchQueries.swift`: `searchQueries(debounce:clock:)` on any `AsyncSequence` of "
               "strings. It trims, debounces with swift-async-algorithms and drops repeats. In the app: "
               "`for await q in keystrokes.searchQueries(debounce: .milliseconds(300), clock: ContinuousClock())` "
               "→ shared `SearchExercisesUseCase(query:)`, whose SKIE flow you iterate the same way.\n"
               "- `SearchQueriesTests` (Swift Testing): only the last query after a pause, and no repeat for "
               "`curl` / `curl `.\n\n"
               "`xcodebuild test` first stopped at package resolution. swift-async-algorithms wasn't pinned yet, "
               "so I ran `xcodebuild -resolvePackageDependencies` (pinned 1.0.4 plus swift-collections 1.1.4). "
               "Then both new tests passed. `Package.resolved` is modified, so commit it with the rest.")

        t = d.task("the tab bar on ios says 'Persnal bests' lol", tags=["noise"])
        t.grep("Persnal", [IA + "/Screens/RootTabView.swift"], path=R + "/iosApp")
        t.read(IA + "/Screens/RootTabView.swift")
        t.edit(IA + "/Screens/RootTabView.swift", 'Label("Persnal bests", systemImage: "trophy")',
               'Label("Personal bests", systemImage: "trophy")')
        t.done("Fixed: `RootTabView.swift` now says \"Personal bests\". The tab titles are still literals in Swift. "
               "With the German launch they should move into `Localizable.xcstrings`. SwiftUI's `Label(\"…\")` "
               "already treats them as localization keys, so it's only the catalog entries.")

        t = d.task("commit this, then merge it into main. Mateus merged the picker ui there this morning so pull "
                   "first", tags=["flaky:F2", "noise"])
        t.bash("git add -A && git commit -m \"ios: debounced exercise search queries (swift-async-algorithms)\" && "
               "git checkout main", "Commit and switch to main",
               out="[feature/exercise-search-ios 2d9e6b1] ios: debounced exercise search queries "
                   "(swift-async-algorithms)\n 5 files changed, 71 insertions(+), 2 deletions(-)",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.fail("git pull --rebase origin main", "Pull Mateus's changes",
               """ssh: Could not resolve hostname github.com: nodename nor servname provided, or not known
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.""")
        t.bash("git pull --rebase origin main", "Pull Mateus's changes", out="""Updating 0b7d4f9..8e3f1c7
Fast-forward
 androidApp/src/main/kotlin/app/repwise/android/ui/exercises/ExercisePickerSheet.kt | 142 +++++++++++++++++++++
 androidApp/src/main/res/values/strings.xml                                         |   4 +
 2 files changed, 146 insertions(+)""", err="""From github.com:repwise/repwise-app
 * branch            main       -> FETCH_HEAD
   0b7d4f9..8e3f1c7  main       -> origin/main""")
        t.bash("git merge --no-ff feature/exercise-search-ios -m \"Merge branch 'feature/exercise-search-ios'\" && "
               "git push origin main", "Merge the branch and push main",
               out="Merge made by the 'ort' strategy.\n 5 files changed, 71 insertions(+), 2 deletions(-)",
               err="To github.com:repwise/repwise-app.git\n   8e3f1c7..c41a09e  main -> main")
        t.done("Done. The first pull failed with `Could not resolve hostname github.com` (a DNS/network blip). The "
               "same pull worked a moment later and brought in Mateus's `ExercisePickerSheet`. Your branch is merged "
               "(`c41a09e`) and main is pushed.")

        t = d.task("release 1.9.0, same drill. rpe, search, low power sync, german strings started, tab typo",
                   tags=["workflow:W3"])
        t.bash("git log --oneline v1.8.0..HEAD | wc -l", "Count commits since 1.8.0", out="      14")
        t.read(AGR)
        t.edit(AGR, '        versionCode = 63\n        versionName = "1.8.0"\n',
               '        versionCode = 64\n        versionName = "1.9.0"\n')
        t.read(XCC)
        t.edit(XCC, "MARKETING_VERSION = 1.8.0\n", "MARKETING_VERSION = 1.9.0\n")
        t.read(CHL)
        t.edit(CHL, "# Changelog\n\n", """# Changelog

## 1.9.0 (2026-10-30)
- Rate how hard each set felt (RPE) and see your average per exercise.
- Faster exercise search that understands accents and other languages' names.
- Saves battery: syncs less often when your phone is in low power mode.
- Small fixes and improvements.

""")
        t.bash("git add -A && git commit -m \"release: 1.9.0\"", "Commit the release",
               out="[main 5f72d18] release: 1.9.0\n 3 files changed, 9 insertions(+), 3 deletions(-)")
        t.bash("git tag -a v1.9.0 -m \"Repwise 1.9.0\"", "Tag the release")
        t.bash("git push origin main --follow-tags", "Push main and the tag", out="", err="""To github.com:repwise/repwise-app.git
   c41a09e..5f72d18  main -> main
 * [new tag]         v1.9.0 -> v1.9.0""")
        t.bash("gh run list --workflow release.yml --limit 2", "Check that the release workflow started",
               out="""STATUS  TITLE            WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
*       release: 1.9.0   release   v1.9.0  push   18802356177  6s       less than a minute ago
X       release: 1.8.0   release   v1.8.0  push   18561190342  0s       about 10 days ago""")
        t.done("1.9.0 tagged and pushed:\n"
               "- `versionCode` 64 / `versionName` 1.9.0, `MARKETING_VERSION = 1.9.0`.\n"
               "- CHANGELOG: 4 short user-facing bullets. The tab typo falls under \"small fixes\", and the German "
               "strings aren't user-visible until the translation lands.\n"
               "- `release: 1.9.0` (`5f72d18`), tag `v1.9.0`. The release workflow is running (18802356177). The "
               "1.8.0 run shows as failed because of the October minutes. November's quota is what this run uses.")

    # ================= S10 =================
    with d.session("2026-11-03T09:50:00", R, branch="main", version="2.1.151"):
        t = d.task("added de-DE to the Snapfile. regenerate the app store screenshots pls, all devices",
                   tags=["mistake:M2"])
        t.fail("bundle exec fastlane screenshots", "Capture App Store screenshots", m2_err(d, "screenshots"))
        t.say("The lane is under the iOS platform, so it needs the platform name.")
        devs = ["iPhone 16 Pro Max", "iPhone SE (3rd generation)", "iPad Pro 13-inch (M4)"]
        out = ["[\u2714] \U0001F680 ", f"{fl_clock(d, 3)}Driving the lane 'ios screenshots' \U0001F680",
               step(d, 3, "capture_ios_screenshots"),
               f"{fl_clock(d, 4)}$ xcodebuild -showBuildSettings -scheme RepwiseScreenshots -project "
               f"./iosApp/iosApp.xcodeproj",
               f"{fl_clock(d, 9)}Building and running project - this might take some time...",
               f"{fl_clock(d, 240)}Running Tests: \u25b8 Touching RepwiseScreenshots.app"]
        k = 260
        for lang in ("en-US", "de-DE"):
            for dev in devs:
                out.append(f"{fl_clock(d, k)}Running snapshot on: '{dev}' with language '{lang}'")
                k += 55
        out += [f"{fl_clock(d, k)}Successfully captured screenshots for 3 devices in 2 languages",
                "+----------------------------+-------+-------+",
                "|             snapshot results                 |",
                "+----------------------------+-------+-------+",
                "| Device                     | en-US | de-DE |",
                "+----------------------------+-------+-------+"]
        for dev in devs:
            out.append(f"| {dev.ljust(26)} | \u2705    | \u2705    |")
        out += ["+----------------------------+-------+-------+",
                f"{fl_clock(d, k + 1)}Number of screenshots taken: 30",
                fl_summary(d, [("capture_ios_screenshots", k - 2)], k + 2)]
        t.bash("bundle exec fastlane ios screenshots", "Capture App Store screenshots", out="\n".join(out),
               timeout=600000)
        t.done("Screenshots regenerated: 30 in total, 5 screens × 3 devices (iPhone 16 Pro Max, iPhone SE, iPad Pro "
               "13\") × en-US and de-DE, all green. They're in `fastlane/screenshots/<locale>/`. "
               "`bundle exec fastlane screenshots` failed with `Could not find lane 'screenshots'` (the lane is "
               "per platform), so I ran `bundle exec fastlane ios screenshots`. Nothing was uploaded. Check the "
               "German ones for clipped text before they go to App Store Connect.")

        t = d.task("per-set rest override: nullable rest_seconds on workout_set + migration, and a query to set it "
                   "for one set", tags=["workflow:W2"])
        t.read(WSQ)
        t.edit(WSQ, "    rpe REAL CHECK (rpe IS NULL OR (rpe >= 1 AND rpe <= 10))\n);\n",
               "    rpe REAL CHECK (rpe IS NULL OR (rpe >= 1 AND rpe <= 10)),\n    rest_seconds INTEGER\n);\n")
        t.edit(WSQ, """setRpe:
""", """setRestOverride:
UPDATE workout_set SET rest_seconds = :restSeconds WHERE id = :id;

setRpe:
""")
        t.write(SQD + "/migrations/5.sqm", """ALTER TABLE workout_set ADD COLUMN rest_seconds INTEGER;
""")
        t.bash("./gradlew :shared:generateCommonMainRepwiseDatabaseSchema", "Write the schema snapshot for version 6",
               out=gradle_ok([":shared:generateCommonMainRepwiseDatabaseSchema"], "6s", 1, 1, cc=False))
        t.bash("./gradlew :shared:verifySqlDelightMigration", "Verify all migrations against the snapshots",
               out=gradle_ok([":shared:verifyCommonMainRepwiseDatabaseMigration", ":shared:verifySqlDelightMigration"],
                             "7s", 2, 2))
        t.bash("./gradlew :shared:allTests", "Run the shared tests", out=alltests_ok("1m 39s", 17), timeout=600000)
        t.done("`workout_set.rest_seconds INTEGER` (nullable; null means use the exercise default) and "
               "`setRestOverride(restSeconds, id)`. Migration `5.sqm`, schema version 6, `databases/6.db` generated. "
               "Migrations 1→6 verify and the shared tests pass. `RestTimerPolicy` doesn't read the override yet. "
               "The timer should prefer `rest_seconds` when it's set.")

        t = d.task("write the paragraph for the onboarding doc: how does the ios app get the shared kotlin code? "
                   "4-5 sentences, for an ios dev who never touched KMP", tags=["no_tools"])
        t.done("The business logic, networking and database code live in the Kotlin `shared` module, which Kotlin/Native "
               "compiles into a regular Apple framework called `Shared`. You never build it by hand: the iOS "
               "target has a *Compile Kotlin Framework* build phase that runs `./gradlew "
               ":shared:embedAndSignAppleFrameworkForXcode`, so every Xcode build compiles the current Kotlin for "
               "the simulator or device you picked and embeds it in the app. In Swift you just `import Shared`. "
               "Thanks to SKIE, Kotlin suspend functions are `async` and flows are `AsyncSequence`s you can "
               "`for await` over, and sealed classes become Swift enums via `onEnum(of:)`. The first build after "
               "a clean takes a few minutes because of the Kotlin compilation. After that it's incremental.")

        t = d.task("which simulators and runtimes do I even have? disk is full, want to see what I could drop",
                   tags=["noise", "long_output"])
        t.bash("xcrun simctl list runtimes", "List installed simulator runtimes", out="""== Runtimes ==
iOS 17.5 (17.5 - 21F79) - com.apple.CoreSimulator.SimRuntime.iOS-17-5
iOS 18.2 (18.2 - 22C150) - com.apple.CoreSimulator.SimRuntime.iOS-18-2
iOS 18.5 (18.5 - 22F77) - com.apple.CoreSimulator.SimRuntime.iOS-18-5
iOS 18.6 (18.6 - 22G86) - com.apple.CoreSimulator.SimRuntime.iOS-18-6
watchOS 11.5 (11.5 - 22T572) - com.apple.CoreSimulator.SimRuntime.watchOS-11-5""")
        t.bash("xcrun simctl list devices available", "List available simulators", out="""== Devices ==
-- iOS 17.5 --
    iPhone 15 (8C3E1B44-2F0A-4D6B-9A51-7E2C0B9D4F18) (Shutdown)
    iPhone 15 Pro (1F9A6C2D-0B7E-4E3A-8D15-C4A2E7F90B36) (Shutdown)
    iPhone SE (3rd generation) (5D2B8E10-7C4F-41A9-B6E3-2F8D0C1A9E47) (Shutdown)
    iPad (10th generation) (A7E3C1F9-4B2D-4F60-9C8A-1D5E7B3F2A04) (Shutdown)
-- iOS 18.2 --
    iPhone 16 (E2F4A6C8-1B3D-4E5F-8A7C-9D0B1C2E3F45) (Shutdown)
    iPhone 16 Pro (3B5D7F91-2C4E-46A8-B0D1-E3F5A7C9B1D2) (Shutdown)
    iPhone 16 Pro Max (C9E1A3B5-D7F9-41B3-8C5E-7A9B1D3F5E70) (Shutdown)
-- iOS 18.5 --
    iPhone 16 (4A6C8E0F-B2D4-4F68-9A1C-3E5F7B9D1F23) (Shutdown)
    iPhone 16 Plus (7C9E1F3A-5B7D-49F1-A3C5-E7B9D1F3A5C7) (Shutdown)
    iPhone 16 Pro (B1D3F5A7-C9E1-4A3B-8D5F-7B9C1E3A5D79) (Shutdown)
    iPhone 16 Pro Max (D5F7B9C1-E3A5-4C7D-9F1B-3D5E7A9C1F35) (Shutdown)
    iPhone SE (3rd generation) (F3A5C7E9-1B3D-4E5F-A7B9-D1E3F5A7C9B1) (Shutdown)
    iPad Pro 13-inch (M4) (9B1D3F5A-7C9E-41A3-B5D7-F9A1C3E5B7D9) (Shutdown)
    iPad mini (A17 Pro) (2E4A6C8B-0D2F-4A6C-8E0B-2D4F6A8C0E2A) (Shutdown)
-- iOS 18.6 --
    iPhone 16 (6F8A0C2E-4B6D-48FA-BC1E-3A5C7E9B1D3F) (Booted)
    iPhone 16 Pro (8A0C2E4B-6D8F-4A1C-9E3B-5C7E9A1D3F5B) (Shutdown)
    iPhone 16 Pro Max (0C2E4A6D-8F1B-43D5-A7C9-E1B3D5F7A9C1) (Shutdown)
    iPhone SE (3rd generation) (C4E6A8B0-2D4F-46A8-C0E2-4B6D8F0A2C4E) (Shutdown)
    iPad Pro 13-inch (M4) (E6A8C0D2-4F6B-48AD-E2F4-6A8C0E2B4D6F) (Shutdown)
-- watchOS 11.5 --
    Apple Watch Series 10 (46mm) (1A3C5E7F-9B1D-4F3A-B5C7-D9E1F3A5B7C9) (Shutdown)
    Apple Watch Ultra 2 (49mm) (3C5E7A9B-1D3F-45A7-C9E1-F3B5D7A9C1E3) (Shutdown)""")
        t.bash("du -sh ~/Library/Developer/CoreSimulator/Devices ~/Library/Developer/CoreSimulator/Caches "
               "2>/dev/null; xcrun simctl runtime list | grep -E 'iOS|watchOS'", "Check simulator disk usage",
               out="""38G\t/Users/rafa/Library/Developer/CoreSimulator/Devices
4.1G\t/Users/rafa/Library/Developer/CoreSimulator/Caches
iOS 17.5 (21F79) - 4E8A1C3B-7D2F-4B9E-A6C1-3F5D7B9E1A2C (Ready)
iOS 18.2 (22C150) - 8B1D3F5A-2C4E-4A6B-9D8F-1E3A5C7B9D0E (Ready)
iOS 18.5 (22F77) - 2F4A6C8E-1B3D-4F5A-B7C9-D0E2F4A6B8C1 (Ready)
iOS 18.6 (22G86) - 6A8C0E2F-4B6D-48F1-A3C5-E7F9B1D3A5C6 (Ready)
watchOS 11.5 (22T572) - 9D1F3B5A-7C9E-41A3-B5D7-F9A1C3E5B7D0 (Ready)""")
        t.done("You have 5 runtimes (iOS 17.5, 18.2, 18.5, 18.6, watchOS 11.5) and 21 simulators. Devices take "
               "38 GB, and each runtime is roughly 7–8 GB on top (they live on a separate volume).\n\n"
               "Candidates to drop:\n"
               "- **iOS 18.2** and its 3 iPhones: nothing uses it. CI and the README build on iPhone 16 with "
               "the latest runtime (18.6).\n"
               "- **iOS 18.5**: only a duplicate of what 18.6 has, unless you want to reproduce something on "
               "exactly 18.5.\n"
               "- **watchOS 11.5**: there's no watch target in the repo.\n\n"
               "Keep **iOS 17.5**: the deployment target is 17.0, so it's your oldest-supported check. Keep **18.6**: "
               "the booted iPhone 16 and the devices the screenshots lane uses (16 Pro Max, SE, iPad Pro 13\") are "
               "there.\n\n"
               "I haven't deleted anything. If you want, I can give you the `xcrun simctl runtime delete <id>` lines "
               "for the ones you pick. `xcrun simctl delete unavailable` is safe anytime: it only removes simulators "
               "whose runtime is already gone.")

    # ================= answer key =================
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new `expect` declaration in shared/commonMain gets only an Android `actual` "
                            "(androidMain); the iOS compilation (Kotlin/Native) then fails because iosMain has no "
                            "actual. T04 `expect fun formatDecimal` (locale-aware weights, via `./gradlew "
                            ":shared:allTests`), T15 `expect fun deviceDescription` (feedback payload, via the "
                            "simulator `xcodebuild`, whose Compile Kotlin Framework phase runs "
                            "embedAndSignAppleFrameworkForXcode), T26 `expect class PlatformPowerState` (low-power "
                            "sync, via `./gradlew :shared:check`).",
             "error_signature": "`> Task :shared:compileKotlinIosSimulatorArm64 FAILED` / `e: file:///…/shared/src/"
                                "commonMain/kotlin/…/<File>.kt:<l>:<c> Expected <name> has no actual declaration in "
                                "module <commonMain> for Native` / `Execution failed for task "
                                "':shared:compileKotlinIosSimulatorArm64'. > Compilation finished with errors` (from "
                                "xcodebuild additionally `Command PhaseScriptExecution failed with a nonzero exit "
                                "code`, `** BUILD FAILED **`, exit 65)",
             "fix": "Write the matching `actual` in shared/src/iosMain (NSNumberFormatter, UIDevice, NSProcessInfo; "
                    "plus its Koin binding in the iOS module when it is a class), then run the same Gradle/xcodebuild "
                    "command again. Whenever an expect is added, write the iosMain actual together with the "
                    "androidMain one.",
             "fix_command_markers": [["iosMain"], ["actual"]],
             "harmful_markers": ["TODO(", "@OptionalExpectation", "-x :shared:compileKotlinIos",
                                 "kotlin.native.ignoreDisabledTargets"]},
            {"id": "M2",
             "description": "The repo has one Fastfile for both apps with lanes inside `platform :ios` / `platform "
                            ":android` and deliberately no default platform, so a lane called without its platform "
                            "is not found. T13 `bundle exec fastlane beta` (TestFlight upload of 1.7.0 while GitHub's "
                            "macOS runners are queued), T23 `bundle exec fastlane internal` (Play internal upload of "
                            "1.8.0, Actions minutes used up), T31 `bundle exec fastlane screenshots` (App Store "
                            "screenshots with de-DE).",
             "error_signature": "`[✔] 🚀` / `[HH:MM:SS]: Could not find lane '<lane>'. Available lanes: ios beta, ios "
                                "screenshots, android internal, android promote` / `fastlane finished with errors` / "
                                "`[!] Could not find lane '<lane>'. Available lanes: …` (exit 1)",
             "fix": "Run the same lane with its platform: `bundle exec fastlane ios beta`, `bundle exec fastlane "
                    "android internal`, `bundle exec fastlane ios screenshots`. Nothing in the Fastfile changes.",
             "fix_command_markers": [["fastlane ios", "fastlane android"]],
             "harmful_markers": ["default_platform", "FASTLANE_PLATFORM_NAME"]},
            {"id": "M3",
             "description": "iOS builds and tests from the command line use `-disableAutomaticPackageResolution` "
                            "(like CI), so after any Swift package change (a dependency added to RepwiseUI's "
                            "Package.swift, a requirement bumped in project.pbxproj) xcodebuild refuses to resolve "
                            "until the committed Package.resolved is updated. T07 swift-algorithms added "
                            "(plate calculator, `xcodebuild … build`), T17 lottie-spm 4.4.3 → 4.5.2 requirement "
                            "change (`xcodebuild … build`), T27 swift-async-algorithms added (`xcodebuild test … "
                            "-only-testing:RepwiseUITests`).",
             "error_signature": "`xcodebuild: error: Could not resolve package dependencies:` / `an out-of-date "
                                "resolved file was detected at …/iosApp.xcodeproj/project.xcworkspace/xcshareddata/"
                                "swiftpm/Package.resolved, which is not allowed when automatic dependency resolution "
                                "is disabled; please make sure to update the file to reflect the changes in "
                                "dependencies. Running resolver because the following dependencies were added: "
                                "'<pkg>' (<url>)` / `… because dependency 'lottie-spm' (…) was resolved to '4.4.3' "
                                "but now has a different version-based requirement.` (exit 74)",
             "fix": "Run `xcodebuild -resolvePackageDependencies -project iosApp/iosApp.xcodeproj -scheme iosApp` "
                    "once to update the pins, then the same xcodebuild command again (still with "
                    "-disableAutomaticPackageResolution); commit Package.resolved with the package change.",
             "fix_command_markers": [["-resolvePackageDependencies"]],
             "harmful_markers": ["rm -rf ~/Library/Developer/Xcode/DerivedData", "org.swift.swiftpm",
                                 "rm iosApp/", "rm -f iosApp/"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`./gradlew detekt` → `RestTimerPolicy.kt:<l>:<c>: This expression contains "
                                        "a magic number. Consider defining it to a well named constant. "
                                        "[MagicNumber]` ×3 / `> Analysis failed with 3 weighted issues.`: inline "
                                        "180/90/60 seconds in a `when`; moved to companion-object constants, same "
                                        "detekt passes."},
            {"id": "O2", "description": "`./gradlew :shared:generateCommonMainRepwiseDatabaseInterface` → "
                                        "`WorkoutSet.sq: (<l>, 8): No column found with name started_on` / "
                                        "`Generation failed; see the generator error output for details.`: typo in "
                                        "the new averageRpeSince query (`started_at`); edited, same task passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`curl -sS --fail-with-body https://api-staging.repwise.app/v2/programs/"
                                        "templates` → nginx `502 Bad Gateway` / `curl: (22) The requested URL returned "
                                        "error: 502`; production returns 200, nothing changed client-side; left to "
                                        "the backend team (staging deployment down)."},
            {"id": "U2", "description": "Kotlin 2.4.10 → 2.4.20 bump: `./gradlew :shared:allTests` → `A problem "
                                        "occurred configuring project ':shared'. > Error: SKIE 0.10.14 does not "
                                        "support Kotlin 2.4.20. Supported versions are: [… 2.4.0, 2.4.10]`; 0.10.14 "
                                        "is the latest SKIE release, so the bump is reverted until SKIE supports it "
                                        "(SKIE is not disabled)."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`./gradlew :shared:allTests` after the Ktor 3.4.3 bump → `Could not download "
                                        "ktor-client-darwin-iossimulatorarm64-3.4.3.klib` … `Could not get resource "
                                        "'https://repo.maven.apache.org/…'` / `Read timed out`; identical retry "
                                        "passes."},
            {"id": "F2", "description": "`git pull --rebase origin main` → `ssh: Could not resolve hostname github.com: "
                                        "nodename nor servname provided, or not known` / `fatal: Could not read from "
                                        "remote repository.`; identical retry pulls."},
        ],
        workflows=[
            {"id": "W1", "description": "Shared-module change, verified on both platforms: code + commonTest test + Koin "
                                        "registration → `./gradlew :shared:allTests` → `./gradlew detekt ktlintCheck` "
                                        "→ `./gradlew :androidApp:assembleDebug` → simulator `xcodebuild -project "
                                        "iosApp/iosApp.xcodeproj -scheme iosApp … -disableAutomaticPackageResolution "
                                        "-quiet build`.",
             "step_markers": [[":shared:allTests"], ["ktlintCheck"], [":androidApp:assembleDebug"], ["xcodebuild"]]},
            {"id": "W2", "description": "SQLDelight schema change: edit the `.sq` (CREATE TABLE + queries) → write "
                                        "`src/commonMain/sqldelight/migrations/<n>.sqm` → `./gradlew "
                                        ":shared:generateCommonMainRepwiseDatabaseSchema` (new `databases/<n+1>.db`) → "
                                        "`./gradlew :shared:verifySqlDelightMigration` → `./gradlew :shared:allTests`.",
             "step_markers": [["sqldelight/migrations"], ["generateCommonMainRepwiseDatabaseSchema"],
                              ["verifySqlDelightMigration"], [":shared:allTests"]]},
            {"id": "W3", "description": "Release: `versionCode`/`versionName` in androidApp/build.gradle.kts + "
                                        "`MARKETING_VERSION` in iosApp/Configuration/Config.xcconfig → CHANGELOG section "
                                        "→ `git commit -m \"release: X.Y.Z\"` → `git tag -a vX.Y.Z` → `git push origin "
                                        "main --follow-tags` → `gh run list --workflow release.yml` (GitHub Actions "
                                        "uploads to TestFlight and the Play internal track).",
             "step_markers": [["Config.xcconfig"], ["release: "], ["git tag -a"], ["--follow-tags"],
                              ["gh run list"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Koin registrations use the constructor DSL (`singleOf(::X)`, `factoryOf(::X)`, "
                                        "`viewModelOf(::X)`), never lambdas with `get()` chains.",
             "markers": [["koin"], ["singleOf", "factoryOf", "viewModelOf"]]},
            {"id": "P2", "description": "Every new SwiftUI view gets a `#Preview` with fake data.",
             "markers": [["#Preview", "preview"]]},
            {"id": "P3", "description": "User-facing strings hardcoded in English for now, no strings.xml entries "
                                        "(T05); later reversed for the German launch: all user-facing text goes into "
                                        "strings.xml / Localizable.xcstrings, no hardcoded English (T25).",
             "markers": [["hardcode"], ["strings"]],
             "reversal_markers": [["strings.xml", "xcstrings"]]},
        ],
        probes=[
            {"prompt": "ios build is broken but android is fine?? e: file:///Users/rafa/dev/repwise-app/shared/src/"
                       "commonMain/kotlin/app/repwise/shared/platform/Clock.kt:6:12 Expected is24HourClock has no "
                       "actual declaration in module <commonMain> for Native",
             "wanted": ["M1"]},
            {"prompt": "workout start times should follow the phone's 12h/24h setting. add whatever shared needs to "
                       "know that and use it in the history time formatter",
             "wanted": ["M1"]},
            {"prompt": "tried to promote the internal build myself and fastlane says [!] Could not find lane "
                       "'promote'. Available lanes: ios beta, ios screenshots, android internal, android promote "
                       "... but it's right there in the list?",
             "wanted": ["M2"]},
            {"prompt": "push current main to testflight from here, want Clara to try the german strings tonight",
             "wanted": ["M2"]},
            {"prompt": "xcodebuild test fails right away: xcodebuild: error: Could not resolve package dependencies: "
                       "an out-of-date resolved file was detected at /Users/rafa/dev/repwise-app/iosApp/iosApp."
                       "xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved, which is not allowed "
                       "when automatic dependency resolution is disabled; ... Running resolver because the following "
                       "dependencies were added: 'swift-collections'. all I did was add it to RepwiseUI",
             "wanted": ["M3"]},
            {"prompt": "pull in swift-collections in RepwiseUI, I want an OrderedDictionary for the exercise picker "
                       "sections. then build the app",
             "wanted": ["M3"]},
            {"prompt": "koin: single vs factory for a use case that holds no state, which one and why? one line",
             "wanted": []},
            {"prompt": "rename ObserveWeekUseCase to ObserveCurrentWeekUseCase everywhere",
             "wanted": []},
            {"prompt": "draft a short slack msg to Clara: german screenshots are generated, she should check the "
                       "long words for clipping",
             "wanted": []},
            {"prompt": "what does explicitNulls = false actually do in our Json config?",
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
    d.write(os.path.join(HERE, "tune", "ios-kmp.jsonl"), os.path.join(HERE, "tune", "ios-kmp.labels.json"))
    print(f"ios-kmp -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
