"""swift-ios: Jordan, iOS developer on Stride (a SwiftUI running app).

Stack: Xcode 16.4 command line (xcodebuild build/test, xcrun simctl), an app target generated with XcodeGen
(project.yml; Stride.xcodeproj is not committed), features in a local Swift package Packages/StrideKit
(StrideCore, StrideUI, StrideFeatures; Swift 6 language mode, iOS-only), Swift Package Manager dependencies
(firebase-ios-sdk), SwiftLint/SwiftFormat, fastlane (match, gym, pilot/TestFlight, run_tests) through bundler,
Firebase (Auth, Firestore rules + emulator tests, Crashlytics, a Cloud Functions codebase), GitHub + gh, macOS/zsh.

Written blind for fresh/ (see swift-ios.md).

    cd bench/reflection/traces && python3 gen_swift_ios.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "jordan"
R = "/Users/jordan/dev/stride-ios"
PK = f"{R}/Packages/StrideKit"
MODEL = "claude-opus-4-5-20251101"
GH = "https://github.com/stride-app/stride-ios"
DD = "/Users/jordan/Library/Developer/Xcode/DerivedData/Stride-fqbzkbnlvwyrqdbxqzgnlxhmjgsd"
DDK = "/Users/jordan/Library/Developer/Xcode/DerivedData/StrideKit-cmrxhwbqzjvgoyaeldtnpfkhsvfa"

# own RNG for hashes / pids so the Dev RNG stays untouched
HX = random.Random(41207)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def pid():
    return HX.randint(30000, 99000)


def P(rel):
    return f"{R}/{rel}"


def K(rel):
    return f"{PK}/{rel}"


FILES = {
    P("README.md"): """# Stride for iOS

Running tracker: GPS runs, HealthKit sync, weekly goals, shared runs. SwiftUI, iOS 17+.

## Getting started

```sh
brew bundle            # xcodegen, swiftlint, swiftformat, xcbeautify, firebase-cli
bundle install         # fastlane
xcodegen generate      # Stride.xcodeproj is generated from project.yml and not committed
open Stride.xcodeproj
```

Ask Jordan or Leo for `fastlane/.env` (App Store Connect API key + match passphrase).

## Layout

- `Stride/` – the app target: app entry point, AppDelegate, App Intents, resources. Keep it thin.
- `StrideWidgets/` – WidgetKit extension.
- `Packages/StrideKit/` – local Swift package with all the real code:
  - `StrideCore` – models, units, formatting, pure logic (no UI).
  - `StrideUI` – design system, reusable views, haptics.
  - `StrideFeatures` – screens and their models, Firestore / HealthKit services.
- `firebase/` – Firestore rules, indexes, rules tests (vitest, run against the emulator), Cloud Functions.
- `fastlane/` – `tests`, `beta` lanes.

## Tests

`bundle exec fastlane tests` runs the UnitTests plan (app + StrideKit test targets) on the iPhone 16 simulator.
UI tests live in the UITests plan.

## Releasing

TestFlight builds come from `main` via `bundle exec fastlane beta`. Write the "What to Test" text to
`fastlane/changelog.txt` first (ignored by git). The lane tags `beta/<version>-<build>`; push the tag.
""",
    P(".gitignore"): """.DS_Store
xcuserdata/
*.xcodeproj
!Packages/**/*.xcodeproj
build/
DerivedData/
.build/
.swiftpm/
fastlane/.env
fastlane/report.xml
fastlane/test_output/
fastlane/changelog.txt
*.ipa
*.dSYM.zip
firebase/**/node_modules/
firebase-debug.log
firestore-debug.log
Pods/
""",
    P("Podfile.lock"): """PODS:
  - GoogleSignIn (7.0.0):
    - AppAuth (~> 1.6)
    - GTMAppAuth (< 3.0, >= 1.3)
    - GTMSessionFetcher/Core (< 4.0, >= 1.1)

DEPENDENCIES:
  - GoogleSignIn (~> 7.0)

SPEC CHECKSUMS:
  GoogleSignIn: b232380cf495a429b8095d3178a8d5855b42e842

PODFILE CHECKSUM: 4c1a0f8e3b3b9d0b6a0c1b8d2e5f7a9c0d1e2f3a

COCOAPODS: 1.15.2
""",
    P("project.yml"): """name: Stride
options:
  bundleIdPrefix: app.stride
  deploymentTarget:
    iOS: "17.0"
  createIntermediateGroups: true
  groupSortPosition: top
settings:
  base:
    SWIFT_VERSION: "6.0"
    MARKETING_VERSION: "2.4.0"
    CURRENT_PROJECT_VERSION: "1"
    DEVELOPMENT_TEAM: 7QK3M9ZL2D
    ENABLE_USER_SCRIPT_SANDBOXING: YES
packages:
  StrideKit:
    path: Packages/StrideKit
  Firebase:
    url: https://github.com/firebase/firebase-ios-sdk
    from: 11.6.0
targets:
  Stride:
    type: application
    platform: iOS
    sources:
      - path: Stride
    info:
      path: Stride/Resources/Info.plist
      properties:
        CFBundleDisplayName: Stride
        UILaunchScreen: {}
        NSHealthShareUsageDescription: Stride reads your workouts and heart rate to show training load.
        NSHealthUpdateUsageDescription: Stride saves your runs to Apple Health.
        NSLocationWhenInUseUsageDescription: Stride uses your location to record the route of your run.
        UIBackgroundModes: [location, remote-notification]
    entitlements:
      path: Stride/Resources/Stride.entitlements
      properties:
        com.apple.developer.healthkit: true
        com.apple.security.application-groups: [group.app.stride]
    dependencies:
      - package: StrideKit
        product: StrideFeatures
      - package: Firebase
        product: FirebaseCrashlytics
      - package: Firebase
        product: FirebaseMessaging
      - target: StrideWidgetsExtension
  StrideWidgetsExtension:
    type: app-extension
    platform: iOS
    sources:
      - path: StrideWidgets
    info:
      path: StrideWidgets/Info.plist
      properties:
        NSExtension:
          NSExtensionPointIdentifier: com.apple.widgetkit-extension
    entitlements:
      path: StrideWidgets/StrideWidgets.entitlements
      properties:
        com.apple.security.application-groups: [group.app.stride]
    dependencies:
      - package: StrideKit
        product: StrideUI
  StrideUITests:
    type: bundle.ui-testing
    platform: iOS
    sources:
      - path: StrideUITests
    dependencies:
      - target: Stride
schemes:
  Stride:
    build:
      targets:
        Stride: all
    test:
      testPlans:
        - path: TestPlans/UnitTests.xctestplan
          defaultPlan: true
        - path: TestPlans/UITests.xctestplan
""",
    K("Package.swift"): """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "StrideKit",
    defaultLocalization: "en",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "StrideCore", targets: ["StrideCore"]),
        .library(name: "StrideUI", targets: ["StrideUI"]),
        .library(name: "StrideFeatures", targets: ["StrideFeatures"]),
    ],
    dependencies: [
        .package(url: "https://github.com/firebase/firebase-ios-sdk", from: "11.6.0"),
    ],
    targets: [
        .target(name: "StrideCore"),
        .target(name: "StrideUI", dependencies: ["StrideCore"]),
        .target(
            name: "StrideFeatures",
            dependencies: [
                "StrideCore",
                "StrideUI",
                .product(name: "FirebaseAuth", package: "firebase-ios-sdk"),
                .product(name: "FirebaseFirestore", package: "firebase-ios-sdk"),
            ]
        ),
        .testTarget(name: "StrideCoreTests", dependencies: ["StrideCore"], resources: [.process("Fixtures")]),
        .testTarget(name: "StrideFeaturesTests", dependencies: ["StrideFeatures"]),
    ]
)
""",
    K("Sources/StrideCore/Run.swift"): """import Foundation

public struct Run: Identifiable, Codable, Hashable, Sendable {
    public var id: String
    public var ownerId: String
    public var startedAt: Date
    public var duration: Duration
    public var distanceMeters: Double
    public var averageHeartRate: Int?
    public var route: [RoutePoint]
    public var notes: String?

    public init(
        id: String,
        ownerId: String,
        startedAt: Date,
        duration: Duration,
        distanceMeters: Double,
        averageHeartRate: Int? = nil,
        route: [RoutePoint] = [],
        notes: String? = nil
    ) {
        self.id = id
        self.ownerId = ownerId
        self.startedAt = startedAt
        self.duration = duration
        self.distanceMeters = distanceMeters
        self.averageHeartRate = averageHeartRate
        self.route = route
        self.notes = notes
    }

    /// Seconds per kilometre, nil for runs shorter than 100 m.
    public var paceSecondsPerKm: Double? {
        guard distanceMeters >= 100 else { return nil }
        return Double(duration.components.seconds) / (distanceMeters / 1000)
    }
}

public struct RoutePoint: Codable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public var timestamp: Date
}
""",
    K("Sources/StrideCore/Units.swift"): """import Foundation

public enum DistanceUnit: String, Codable, CaseIterable, Sendable {
    case kilometers
    case miles

    public var meters: Double {
        switch self {
        case .kilometers: 1000
        case .miles: 1609.344
        }
    }

    public var shortLabel: String {
        switch self {
        case .kilometers: "km"
        case .miles: "mi"
        }
    }
}

public extension Duration {
    var totalSeconds: Int { Int(components.seconds) }
}
""",
    K("Sources/StrideCore/WorkoutKind.swift"): """import Foundation

public enum WorkoutKind: String, Codable, CaseIterable, Sendable {
    case easy
    case tempo
    case intervals
    case long
    case race
}
""",
    K("Sources/StrideUI/Haptics.swift"): """import UIKit

@MainActor
public enum Haptics {
    private static let impact = UIImpactFeedbackGenerator(style: .medium)
    private static let notification = UINotificationFeedbackGenerator()

    public static func tap() {
        impact.impactOccurred()
    }

    public static func success() {
        notification.notificationOccurred(.success)
    }
}
""",
    K("Sources/StrideUI/StatTile.swift"): """import SwiftUI

public struct StatTile: View {
    let title: String
    let value: String
    let systemImage: String

    public init(title: String, value: String, systemImage: String) {
        self.title = title
        self.value = value
        self.systemImage = systemImage
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Label(title, systemImage: systemImage)
                .font(.caption)
                .foregroundStyle(.secondary)
            Text(value)
                .font(.title2.monospacedDigit().weight(.semibold))
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding()
        .background(.fill.tertiary, in: .rect(cornerRadius: 12))
    }
}
""",
    K("Sources/StrideFeatures/Services/RunRepository.swift"): """import FirebaseFirestore
import Foundation
import os
import StrideCore

public protocol RunRepository: Sendable {
    func runs(ownerId: String, since: Date) async throws -> [Run]
    func save(_ run: Run) async throws
}

public final class FirestoreRunRepository: RunRepository {
    private let db: Firestore
    private let logger = Logger(subsystem: "app.stride", category: "RunRepository")

    public init(db: Firestore = .firestore()) {
        self.db = db
    }

    public func runs(ownerId: String, since: Date) async throws -> [Run] {
        let snapshot = try await db.collection("runs")
            .whereField("ownerId", isEqualTo: ownerId)
            .whereField("startedAt", isGreaterThanOrEqualTo: Timestamp(date: since))
            .order(by: "startedAt", descending: true)
            .getDocuments()
        return try snapshot.documents.map { try $0.data(as: RunDTO.self).run }
    }

    public func save(_ run: Run) async throws {
        try db.collection("runs").document(run.id).setData(from: RunDTO(run))
        logger.info("saved run \\(run.id, privacy: .public)")
    }
}
""",
    K("Sources/StrideFeatures/Services/RunDTO.swift"): """import FirebaseFirestore
import Foundation
import StrideCore

/// Firestore shape of a run document (`runs/{runId}`).
struct RunDTO: Codable {
    var ownerId: String
    var startedAt: Timestamp
    var durationSeconds: Int
    var distanceMeters: Double
    var averageHeartRate: Int?
    var notes: String?
    @DocumentID var id: String?

    init(_ run: Run) {
        id = run.id
        ownerId = run.ownerId
        startedAt = Timestamp(date: run.startedAt)
        durationSeconds = run.duration.totalSeconds
        distanceMeters = run.distanceMeters
        averageHeartRate = run.averageHeartRate
        notes = run.notes
    }

    var run: Run {
        Run(
            id: id ?? UUID().uuidString,
            ownerId: ownerId,
            startedAt: startedAt.dateValue(),
            duration: .seconds(durationSeconds),
            distanceMeters: distanceMeters,
            averageHeartRate: averageHeartRate,
            notes: notes
        )
    }
}
""",
    K("Sources/StrideFeatures/Services/HealthKitWriter.swift"): """import Foundation
import HealthKit
import os
import StrideCore

public actor HealthKitWriter {
    private let store = HKHealthStore()
    private let logger = Logger(subsystem: "app.stride", category: "HealthKit")

    public init() {}

    public func save(_ run: Run) async throws {
        let config = HKWorkoutConfiguration()
        config.activityType = .running
        config.locationType = .outdoor
        let builder = HKWorkoutBuilder(healthStore: store, configuration: config, device: .local())
        let end = run.startedAt.addingTimeInterval(TimeInterval(run.duration.totalSeconds))
        try await builder.beginCollection(at: run.startedAt)
        let distance = HKQuantitySample(
            type: HKQuantityType(.distanceWalkingRunning),
            quantity: HKQuantity(unit: .meter(), doubleValue: run.distanceMeters),
            start: run.startedAt,
            end: end
        )
        try await builder.addSamples([distance])
        try await builder.endCollection(at: end)
        _ = try await builder.finishWorkout()
        logger.info("workout written to HealthKit for run \\(run.id, privacy: .public)")
    }
}
""",
    K("Sources/StrideFeatures/Run/RunSessionModel.swift"): """import Foundation
import Observation
import os
import StrideCore

@MainActor
@Observable
public final class RunSessionModel {
    public enum State: Equatable {
        case idle
        case running(startedAt: Date)
        case paused(elapsed: Duration)
        case finished(Run)
    }

    public private(set) var state: State = .idle
    public private(set) var distanceMeters: Double = 0
    public private(set) var saveError: String?

    private let repository: RunRepository
    private let health: HealthKitWriter
    private let ownerId: String
    private let logger = Logger(subsystem: "app.stride", category: "RunSession")

    public init(repository: RunRepository, health: HealthKitWriter, ownerId: String) {
        self.repository = repository
        self.health = health
        self.ownerId = ownerId
    }

    public func start(at date: Date = .now) {
        state = .running(startedAt: date)
    }

    public func add(distance meters: Double) {
        distanceMeters += meters
    }

    public func finish(at date: Date = .now) async {
        guard case let .running(startedAt) = state else { return }
        let run = Run(
            id: UUID().uuidString,
            ownerId: ownerId,
            startedAt: startedAt,
            duration: .seconds(date.timeIntervalSince(startedAt)),
            distanceMeters: distanceMeters
        )
        state = .finished(run)
        do {
            try await repository.save(run)
            try await health.save(run)
        } catch {
            logger.error("saving run failed: \\(error.localizedDescription, privacy: .public)")
            saveError = error.localizedDescription
        }
    }
}
""",
    K("Sources/StrideFeatures/Run/RunSummaryView.swift"): """import StrideCore
import StrideUI
import SwiftUI

public struct RunSummaryView: View {
    let run: Run
    let unit: DistanceUnit

    public init(run: Run, unit: DistanceUnit) {
        self.run = run
        self.unit = unit
    }

    public var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Text("Workout complete")
                    .font(.largeTitle.bold())
                Grid(horizontalSpacing: 12, verticalSpacing: 12) {
                    GridRow {
                        StatTile(title: "Distance", value: distanceText, systemImage: "point.topleft.down.to.point.bottomright.curvepath")
                        StatTile(title: "Time", value: run.duration.formatted(.time(pattern: .hourMinuteSecond)), systemImage: "stopwatch")
                    }
                    GridRow {
                        StatTile(title: "Avg heart rate", value: run.averageHeartRate.map { "\\($0) bpm" } ?? "–", systemImage: "heart")
                        StatTile(title: "Workout", value: "Outdoor run", systemImage: "figure.run")
                    }
                }
            }
            .padding()
        }
        .navigationTitle("Summary")
    }

    private var distanceText: String {
        String(format: "%.2f %@", run.distanceMeters / unit.meters, unit.shortLabel)
    }
}
""",
    K("Sources/StrideFeatures/Home/HomeView.swift"): """import StrideCore
import StrideUI
import SwiftUI

public struct HomeView: View {
    @State private var session: RunSessionModel
    @Environment(\\.distanceUnit) private var unit

    public init(session: RunSessionModel) {
        _session = State(initialValue: session)
    }

    public var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 16) {
                    StartRunButton {
                        Haptics.tap()
                        session.start()
                    }
                }
                .padding()
            }
            .navigationTitle("Stride")
        }
    }
}
""",
    K("Sources/StrideFeatures/Home/StartRunButton.swift"): """import SwiftUI

struct StartRunButton: View {
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            Label("Start run", systemImage: "figure.run")
                .font(.title3.bold())
                .frame(maxWidth: .infinity, minHeight: 56)
        }
        .buttonStyle(.borderedProminent)
        .accessibilityIdentifier("home.startRun")
    }
}
""",
    K("Sources/StrideFeatures/Environment.swift"): """import StrideCore
import SwiftUI

private struct DistanceUnitKey: EnvironmentKey {
    static let defaultValue: DistanceUnit = .kilometers
}

public extension EnvironmentValues {
    var distanceUnit: DistanceUnit {
        get { self[DistanceUnitKey.self] }
        set { self[DistanceUnitKey.self] = newValue }
    }
}
""",
    K("Sources/StrideFeatures/Onboarding/OnboardingView.swift"): """import SwiftUI

public struct OnboardingView: View {
    let onContinue: () -> Void

    public init(onContinue: @escaping () -> Void) {
        self.onContinue = onContinue
    }

    public var body: some View {
        VStack(spacing: 24) {
            Spacer()
            Image(systemName: "figure.run.circle.fill")
                .font(.system(size: 88))
                .foregroundStyle(.tint)
            Text("Run further, one week at a time")
                .font(.largeTitle.bold())
                .multilineTextAlignment(.center)
            Text("Set a weekly goal, track every run and see what you can acheive when you keep showing up.")
                .font(.body)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
            Spacer()
            Button("Get started", action: onContinue)
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                .accessibilityIdentifier("onboarding.continue")
        }
        .padding(32)
    }
}
""",
    K("Tests/StrideCoreTests/RunDecodingTests.swift"): """import Foundation
import Testing
@testable import StrideCore

@Suite struct RunDecodingTests {
    @Test func decodesBasicRun() throws {
        let url = try #require(Bundle.module.url(forResource: "run_basic", withExtension: "json"))
        let run = try JSONDecoder.stride.decode(Run.self, from: Data(contentsOf: url))
        #expect(run.id == "r_01HZX3")
        #expect(run.distanceMeters == 5012.4)
        #expect(run.route.count == 3)
    }
}
""",
    K("Tests/StrideCoreTests/Fixtures/run_basic.json"): """{
  "id": "r_01HZX3",
  "ownerId": "u_jordan",
  "startedAt": "2026-01-11T07:42:10Z",
  "duration": [1654, 0],
  "distanceMeters": 5012.4,
  "averageHeartRate": 151,
  "route": [
    { "latitude": 51.4545, "longitude": -2.5879, "timestamp": "2026-01-11T07:42:10Z" },
    { "latitude": 51.4551, "longitude": -2.5861, "timestamp": "2026-01-11T07:42:40Z" },
    { "latitude": 51.4560, "longitude": -2.5840, "timestamp": "2026-01-11T07:43:10Z" }
  ]
}
""",
    K("Tests/StrideCoreTests/Support/JSONDecoder+Stride.swift"): """import Foundation

extension JSONDecoder {
    static var stride: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
""",
    P("Stride/App/StrideApp.swift"): """import FirebaseCore
import StrideFeatures
import SwiftUI

@main
struct StrideApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @State private var session = RunSessionModel(
        repository: FirestoreRunRepository(),
        health: HealthKitWriter(),
        ownerId: AppDelegate.currentUserId
    )

    var body: some Scene {
        WindowGroup {
            HomeView(session: session)
        }
    }
}
""",
    P("Stride/App/AppDelegate.swift"): """import FirebaseAuth
import FirebaseCore
import FirebaseMessaging
import UIKit
import UserNotifications

final class AppDelegate: NSObject, UIApplicationDelegate {
    static var currentUserId: String { Auth.auth().currentUser?.uid ?? "anonymous" }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        FirebaseApp.configure()
        UNUserNotificationCenter.current().delegate = self
        application.registerForRemoteNotifications()
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        Messaging.messaging().apnsToken = deviceToken
    }
}

extension AppDelegate: UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }
}
""",
    P("Stride/Intents/StrideShortcuts.swift"): """import AppIntents

struct StrideShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: ShowWeeklyProgressIntent(),
            phrases: ["Show my \\(.applicationName) progress", "How far have I run this week in \\(.applicationName)"],
            shortTitle: "Weekly progress",
            systemImageName: "chart.bar"
        )
    }
}
""",
    P("Stride/Intents/ShowWeeklyProgressIntent.swift"): """import AppIntents

struct ShowWeeklyProgressIntent: AppIntent {
    static let title: LocalizedStringResource = "Show weekly progress"
    static let openAppWhenRun = true

    @MainActor
    func perform() async throws -> some IntentResult {
        DeepLinkRouter.shared.open(.weeklyProgress)
        return .result()
    }
}
""",
    P("Stride/App/DeepLinkRouter.swift"): """import Foundation
import Observation

@MainActor
@Observable
final class DeepLinkRouter {
    static let shared = DeepLinkRouter()

    enum Destination: Equatable {
        case weeklyProgress
        case run(id: String)
    }

    var pending: Destination?

    func open(_ destination: Destination) {
        pending = destination
    }
}
""",
    P("StrideWidgets/StrideWidgetsBundle.swift"): """import SwiftUI
import WidgetKit

@main
struct StrideWidgetsBundle: WidgetBundle {
    var body: some Widget {
        WeeklyDistanceWidget()
    }
}
""",
    P("StrideWidgets/WeeklyDistanceWidget.swift"): """import StrideUI
import SwiftUI
import WidgetKit

struct WeeklyDistanceEntry: TimelineEntry {
    let date: Date
    let kilometers: Double
    let goal: Double
}

struct WeeklyDistanceProvider: TimelineProvider {
    func placeholder(in context: Context) -> WeeklyDistanceEntry {
        WeeklyDistanceEntry(date: .now, kilometers: 12.4, goal: 25)
    }

    func getSnapshot(in context: Context, completion: @escaping (WeeklyDistanceEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WeeklyDistanceEntry>) -> Void) {
        let shared = UserDefaults(suiteName: "group.app.stride")
        let entry = WeeklyDistanceEntry(
            date: .now,
            kilometers: shared?.double(forKey: "week.km") ?? 0,
            goal: shared?.double(forKey: "week.goalKm") ?? 20
        )
        completion(Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(30 * 60))))
    }
}

struct WeeklyDistanceWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WeeklyDistance", provider: WeeklyDistanceProvider()) { entry in
            Gauge(value: min(entry.kilometers, entry.goal), in: 0...entry.goal) {
                Text("km")
            } currentValueLabel: {
                Text(entry.kilometers, format: .number.precision(.fractionLength(1)))
            }
            .gaugeStyle(.accessoryCircular)
            .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Weekly distance")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
""",
    P("fastlane/Fastfile"): """default_platform(:ios)

platform :ios do
  before_all do
    xcodegen(spec: "project.yml")
  end

  desc "Unit + package tests (UnitTests plan)"
  lane :tests do
    run_tests(
      project: "Stride.xcodeproj",
      scheme: "Stride",
      testplan: "UnitTests",
      device: "iPhone 16",
      result_bundle: true,
      output_types: "junit",
      output_directory: "fastlane/test_output"
    )
  end

  desc "Build from main and upload to TestFlight (internal testers)"
  lane :beta do
    ensure_git_branch(branch: "main")
    ensure_git_status_clean
    api_key = app_store_connect_api_key(
      key_id: ENV["ASC_KEY_ID"],
      issuer_id: ENV["ASC_ISSUER_ID"],
      key_filepath: ENV["ASC_KEY_PATH"]
    )
    match(type: "appstore", readonly: true, api_key: api_key)
    version = get_version_number(xcodeproj: "Stride.xcodeproj", target: "Stride")
    build = latest_testflight_build_number(version: version, api_key: api_key) + 1
    gym(
      project: "Stride.xcodeproj",
      scheme: "Stride",
      configuration: "Release",
      export_method: "app-store",
      output_directory: "build",
      xcargs: "CURRENT_PROJECT_VERSION=#{build}"
    )
    upload_to_testflight(
      api_key: api_key,
      changelog: File.read("changelog.txt"),
      distribute_external: false
    )
    upload_symbols_to_crashlytics(gsp_path: "Stride/Resources/GoogleService-Info.plist")
    add_git_tag(tag: "beta/#{version}-#{build}")
  end
end
""",
    P("fastlane/Appfile"): """app_identifier("app.stride.ios")
team_id("7QK3M9ZL2D")
""",
    P("fastlane/.env"): """ASC_KEY_ID=8QZ4V2L7XK
ASC_ISSUER_ID=69a6de7f-2c1e-47e3-e053-5b8c7c11a4d1
ASC_KEY_PATH=/Users/jordan/.appstoreconnect/AuthKey_8QZ4V2L7XK.p8
APP_STORE_CONNECT_API_KEY_PATH=/Users/jordan/.appstoreconnect/stride_ci.json
MATCH_GIT_URL=git@github.com:stride-app/certificates.git
MATCH_PASSWORD=<from 1Password: "match – stride">
""",
    P(".swiftlint.yml"): """included:
  - Stride
  - StrideWidgets
  - Packages/StrideKit/Sources
  - Packages/StrideKit/Tests
excluded:
  - Packages/StrideKit/.build
opt_in_rules:
  - empty_count
  - first_where
  - sorted_imports
line_length:
  warning: 120
  error: 160
  ignores_urls: true
identifier_name:
  excluded: [id, db, to, x, y]
type_body_length: 300
""",
    P("firebase.json"): """{
  "firestore": {
    "rules": "firebase/firestore.rules",
    "indexes": "firebase/firestore.indexes.json"
  },
  "functions": [
    {
      "source": "firebase/functions",
      "codebase": "default",
      "predeploy": ["npm --prefix \\"$RESOURCE_DIR\\" run build"]
    }
  ],
  "emulators": {
    "firestore": { "port": 8080 },
    "auth": { "port": 9099 },
    "ui": { "enabled": false },
    "singleProjectMode": true
  }
}
""",
    P("firebase/firestore.rules"): """rules_version = '2';

service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() {
      return request.auth != null;
    }

    function isOwner(uid) {
      return signedIn() && request.auth.uid == uid;
    }

    match /users/{uid} {
      allow read, write: if isOwner(uid);
    }

    match /runs/{runId} {
      allow read: if isOwner(resource.data.ownerId);
      allow create: if isOwner(request.resource.data.ownerId);
      allow update, delete: if isOwner(resource.data.ownerId)
        && request.resource.data.ownerId == resource.data.ownerId;
    }
  }
}
""",
    P("firebase/rules-tests/package.json"): """{
  "name": "stride-rules-tests",
  "private": true,
  "type": "module",
  "scripts": {
    "test": "vitest run"
  },
  "devDependencies": {
    "@firebase/rules-unit-testing": "^4.0.1",
    "firebase": "^11.2.0",
    "vitest": "^2.1.8"
  }
}
""",
    P("firebase/rules-tests/setup.ts"): """import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export async function makeEnv(): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({
    projectId: "demo-stride",
    firestore: { rules: readFileSync(resolve(__dirname, "../firestore.rules"), "utf8") },
  });
}
""",
    P("firebase/rules-tests/runs.test.ts"): """import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { doc, getDoc, setDoc } from "firebase/firestore";
import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { makeEnv } from "./setup";

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await makeEnv();
});
afterAll(async () => env.cleanup());
beforeEach(async () => env.clearFirestore());

describe("runs", () => {
  it("owner can create their run", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertSucceeds(setDoc(doc(db, "runs/r1"), { ownerId: "alice", distanceMeters: 5000 }));
  });

  it("cannot create a run for someone else", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertFails(setDoc(doc(db, "runs/r1"), { ownerId: "bob", distanceMeters: 5000 }));
  });

  it("others cannot read a run", async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), "runs/r1"), { ownerId: "alice", distanceMeters: 5000 });
    });
    const db = env.authenticatedContext("bob").firestore();
    await assertFails(getDoc(doc(db, "runs/r1")));
  });
});
""",
}


# ----------------------------------------------------------------------------- helpers

def line_of(d, path, needle, nth=1):
    n = 0
    for i, l in enumerate(d.files[path].split("\n"), 1):
        if needle in l:
            n += 1
            if n == nth:
                return i
    raise KeyError(f"{needle!r} not in {path}")


def src_line(d, path, ln):
    return d.files[path].split("\n")[ln - 1]


def xc_diag(d, path, needle, kind, msg, token=None, nth=1, notes=()):
    """One clang-style diagnostic as xcodebuild prints it: location, source line, caret."""
    ln = line_of(d, path, needle, nth)
    line = src_line(d, path, ln)
    tok = token if token else needle.strip()
    col = line.index(tok) + 1
    mark = " " * (col - 1) + "^" + "~" * (len(tok) - 1)
    out = [f"{path}:{ln}:{col}: {kind}: {msg}", line, mark]
    for n in notes:
        out += [f"{path}:{ln}:{col}: note: {n}", line, mark]
    return "\n".join(out)


def spm_diag(d, path, needle, msg, token=None, note=None, ctx=2):
    """One diagnostic in the swift-syntax style `swift build` uses (Swift 6.x)."""
    ln = line_of(d, path, needle)
    lines = d.files[path].split("\n")
    line = lines[ln - 1]
    col = line.index(token if token else needle.strip()) + 1
    lo, hi = max(1, ln - ctx), min(len(lines), ln + ctx)
    w = len(str(hi))
    out = [f"{path}:{ln}:{col}: error: {msg}"]
    for i in range(lo, hi + 1):
        out.append(f"{i:>{w}} | {lines[i - 1]}".rstrip())
        if i == ln:
            pad = " " * w + " | " + " " * (col - 1)
            if note:
                out.append(pad + "|- error: " + msg)
                out.append(pad + "`- note: " + note)
            else:
                out.append(pad + "`- error: " + msg)
    return "\n".join(out)


def build_failed(cmds):
    return ("** BUILD FAILED **\n\n\nThe following build commands failed:\n" +
            "\n".join("\t" + c for c in cmds) + f"\n({len(cmds)} failure{'s' if len(cmds) != 1 else ''})")


def swiftcompile(files, target, project):
    names = ",\\ ".join(os.path.basename(f) for f in files)
    return (f"SwiftCompile normal arm64 Compiling\\ {names} " + " ".join(files) +
            f" (in target '{target}' from project '{project}')")


class FT:
    """fastlane-style [HH:MM:SS] clock that only moves forward."""

    def __init__(self, hh, mm, ss):
        self.t = hh * 3600 + mm * 60 + ss

    def __call__(self, adv=0):
        self.t += adv
        h, r = divmod(self.t, 3600)
        m, s = divmod(r, 60)
        return f"[{h:02d}:{m:02d}:{s:02d}]"


def step(ft, name, adv=0):
    bar = "-" * (len(name) + 14)
    t = ft(adv)
    return f"{t}: {bar}\n{t}: --- Step: {name} ---\n{t}: {bar}"


def fl_head(ft, lane):
    return "\n".join([
        "[✔] 🚀 ",
        step(ft, "Verifying fastlane version"),
        f"{ft()}: Your fastlane version 2.226.0 matches the minimum requirement of 2.220.0  ✅",
        step(ft, "default_platform"),
        f"{ft()}: Driving the lane 'ios {lane}' 🚀",
        step(ft, "xcodegen"),
        f"{ft()}: $ xcodegen generate --spec project.yml",
        f"{ft(2)}: ▸ ⚙️  Generating plists...",
        f"{ft()}: ▸ ⚙️  Generating project...",
        f"{ft()}: ▸ ⚙️  Writing project...",
        f"{ft()}: ▸ Created project at {R}/Stride.xcodeproj",
    ])


def fl_summary(rows, failed=None):
    w = max(len(r[0]) for r in rows) + 2
    w = max(w, 33)
    head = "fastlane summary"
    total = 4 + 2 + w + 2 + 13
    line = "+------+" + "-" * (w + 2) + "+-------------+"
    out = [line, "|" + head.center(total - 2) + "|", line,
           "| Step | " + "Action".ljust(w) + " | Time (in s) |", line]
    for i, (name, secs) in enumerate(rows, 1):
        num = "💥" if failed and i == len(rows) else str(i)
        out.append(f"| {num:<4} | {name.ljust(w)} | {str(secs):<11} |")
    out.append(line)
    return "\n".join(out)


def fastlane_tests(hh, mm, suites, total_secs, ok=True):
    """Output of `bundle exec fastlane tests` (scan). suites: list of (name, [case names])."""
    ft = FT(hh, mm, 2)
    out = [fl_head(ft, "tests"), step(ft, "run_tests")]
    out.append(f"""
+---------------------------------------------------+
|              Summary for scan 2.226.0             |
+------------------------+--------------------------+
| project                | ./Stride.xcodeproj       |
| scheme                 | Stride                   |
| testplan               | UnitTests                |
| device                 | iPhone 16                |
| result_bundle          | true                     |
| output_types           | junit                    |
| output_directory       | fastlane/test_output     |
| skip_detect_devices    | false                    |
| ensure_devices_found   | false                    |
| force_quit_simulator   | false                    |
| reset_simulator        | false                    |
| disable_slide_to_type  | true                     |
| reinstall_app          | false                    |
| clean                  | false                    |
| open_report            | false                    |
| output_style           | standard                 |
| buildlog_path          | ~/Library/Logs/scan      |
| include_simulator_logs | false                    |
| xcodebuild_formatter   | xcbeautify               |
| should_zip_build_produ | false                    |
| result_bundle_path     |                          |
+------------------------+--------------------------+
""".strip("\n"))
    out.append(f"{ft(3)}: Disabling 'Slide to Type' iPhone 16")
    out.append(f"{ft()}: $ set -o pipefail && env NSUnbufferedIO=YES xcodebuild -scheme Stride -project "
               f"./Stride.xcodeproj -testPlan 'UnitTests' -destination 'platform=iOS Simulator,id=6C1E2F0B-57A4-4B8E-9D2F-"
               f"1E8B0A3C7D51' -resultBundlePath './fastlane/test_output/Stride.xcresult' build test | tee "
               f"'/Users/jordan/Library/Logs/scan/Stride-Stride.log' | xcbeautify")
    out.append(f"{ft(1)}: ▸ ----- xcbeautify -----")
    out.append(f"{ft()}: ▸ Version: 2.25.1")
    out.append(f"{ft()}: ▸ ----------------------")
    out.append(f"{ft(4)}: ▸ Resolving Package Graph")
    out.append(f"{ft(6)}: ▸ Resolved source packages")
    build_secs = min(95, total_secs // 2)
    out.append(f"{ft(build_secs)}: ▸ Build Succeeded")
    n = 0
    for suite, cases in suites:
        out.append(f"{ft(2)}: ▸ Test Suite {suite} started on 'Clone 1 of iPhone 16 - Stride'")
        for c in cases:
            n += 1
            out.append(f"{ft()}: ▸     ✔ {c} ({HX.randint(1, 40) / 1000:.3f} seconds)")
    rest = total_secs - build_secs - 16
    out.append(f"{ft(max(rest, 3))}: ▸ Test Succeeded")
    out.append("""+--------------------+-----+
|      Test Results      |
+--------------------+-----+
| Number of tests    | %-3d |
| Number of failures | 0   |
+--------------------+-----+
""" % n)
    out.append(fl_summary([("Verifying fastlane version", 0), ("default_platform", 0), ("xcodegen", 2),
                           ("run_tests", total_secs)]))
    out.append(f"\n{ft()}: fastlane.tools just saved you {max(1, total_secs // 60)} minutes! 🎉")
    return "\n".join(out), n


def fastlane_beta(hh, mm, date, version, prev, changelog, upload_fail=False, proc_min=4):
    """Output of `bundle exec fastlane beta`."""
    build = prev + 1
    ft = FT(hh, mm, 4)
    o = [fl_head(ft, "beta")]
    o.append(step(ft, "ensure_git_branch"))
    o.append(f"{ft()}: Git branch matches `main`, all good! 💪")
    o.append(step(ft, "ensure_git_status_clean"))
    o.append(f"{ft()}: Git status is clean, all good! 💪")
    o.append(step(ft, "app_store_connect_api_key"))
    o.append(step(ft, "match"))
    o.append(f"{ft()}: Successfully loaded '{R}/fastlane/Matchfile' 📄")
    o.append("""
+------------------------------------------------------------------------------+
|                    Detected Values from './fastlane/Matchfile'               |
+--------------+---------------------------------------------------------------+
| git_url      | git@github.com:stride-app/certificates.git                    |
| storage_mode | git                                                           |
| type         | development                                                   |
+--------------+---------------------------------------------------------------+

+-----------------------------------------------------------------------------------------+
|                                Summary for match 2.226.0                                |
+----------------------------------------+------------------------------------------------+
| type                                   | appstore                                       |
| readonly                               | true                                           |
| api_key                                | ********                                       |
| git_url                                | git@github.com:stride-app/certificates.git     |
| app_identifier                         | ["app.stride.ios", "app.stride.ios.StrideWidge |
|                                        | tsExtension"]                                  |
| storage_mode                           | git                                            |
| git_branch                             | master                                         |
| generate_apple_certs                   | true                                           |
| shallow_clone                          | false                                          |
| clone_branch_directly                  | false                                          |
| skip_docs                              | false                                          |
| platform                               | ios                                            |
+----------------------------------------+------------------------------------------------+
""".strip("\n"))
    o.append(f"{ft(1)}: Cloning remote git repo...")
    o.append(f"{ft(1)}: Checking out branch master...")
    o.append(f"{ft()}: 🔓  Successfully decrypted certificates repo")
    o.append(f"{ft(1)}: Verifying that the certificate and profile are still valid on the Dev Portal...")
    o.append(f"{ft(2)}: Installing certificate...")
    o.append("""
+-------------------+------------------------------------------------------+
|                          Installed Certificate                           |
+-------------------+------------------------------------------------------+
| User ID           | 7QK3M9ZL2D                                           |
| Common Name       | Apple Distribution: Stride Labs Ltd (7QK3M9ZL2D)     |
| Organisation Unit | 7QK3M9ZL2D                                           |
| Organisation      | Stride Labs Ltd                                      |
| Country           | GB                                                   |
| Start Datetime    | 2025-09-18 10:02:11 UTC                              |
| End Datetime      | 2026-09-18 10:02:10 UTC                              |
+-------------------+------------------------------------------------------+
""".strip("\n"))
    o.append(f"{ft()}: All required keys, certificates and provisioning profiles are installed 🙌")
    o.append(step(ft, "get_version_number"))
    o.append(f"{ft(1)}: $ cd {R} && agvtool what-marketing-version -terse")
    o.append(f"{ft()}: ▸ Stride/Resources/Info.plist=$(MARKETING_VERSION)")
    o.append(f"{ft()}: 👉 Version number: {version}")
    o.append(step(ft, "latest_testflight_build_number"))
    o.append(f"{ft(1)}: Fetching the latest build number for version {version}")
    o.append(f"{ft(1)}: Latest upload for version {version} on iOS platform is build: {prev}")
    o.append(step(ft, "gym"))
    o.append(f"""
+---------------------------------------------------------------------+
|                        Summary for gym 2.226.0                      |
+----------------------------------------------------+----------------+
| project                                            | Stride.xcodeproj |
| scheme                                             | Stride         |
| configuration                                      | Release        |
| export_method                                      | app-store      |
| output_directory                                   | build          |
| xcargs                                             | CURRENT_PROJECT_VERSION={build} |
| clean                                              | false          |
| output_name                                        | Stride         |
| silent                                             | false          |
| skip_package_ipa                                   | false          |
| skip_package_pkg                                   | false          |
| build_path                                         | ~/Library/Developer/Xcode/Archives/ |
| result_bundle                                      | false          |
| buildlog_path                                      | ~/Library/Logs/gym |
| destination                                        | generic/platform=iOS |
| xcodebuild_formatter                               | xcbeautify     |
| xcode_path                                         | /Applications/Xcode.app |
+----------------------------------------------------+----------------+
""".strip("\n"))
    o.append(f"{ft(2)}: $ set -o pipefail && xcodebuild -scheme Stride -project Stride.xcodeproj -configuration Release "
             f"-destination 'generic/platform=iOS' -archivePath /Users/jordan/Library/Developer/Xcode/Archives/{date}/"
             f"Stride\\ {date}\\ {hh:02d}.{mm:02d}.{ft.t % 60:02d}.xcarchive CURRENT_PROJECT_VERSION={build} archive | tee "
             f"/Users/jordan/Library/Logs/gym/Stride-Stride.log | xcbeautify")
    o.append(f"{ft(5)}: ▸ Resolved source packages")
    o.append(f"{ft(150)}: ▸ Signing Stride.app (in target 'Stride' from project 'Stride')")
    o.append(f"{ft(9)}: ▸ Archive Succeeded")
    o.append(f"{ft(1)}: Generated plist file with the following values:")
    o.append(f"{ft()}: ▸ -----------------------------------------")
    o.append(f"{ft()}: ▸ {{")
    o.append(f'{ft()}: ▸   "method": "app-store",')
    o.append(f'{ft()}: ▸   "provisioningProfiles": {{')
    o.append(f'{ft()}: ▸     "app.stride.ios": "match AppStore app.stride.ios",')
    o.append(f'{ft()}: ▸     "app.stride.ios.StrideWidgetsExtension": "match AppStore app.stride.ios.StrideWidgetsExtension"')
    o.append(f"{ft()}: ▸   }}")
    o.append(f"{ft()}: ▸ }}")
    o.append(f"{ft()}: ▸ -----------------------------------------")
    o.append(f"{ft(24)}: Successfully exported and compressed dSYM file")
    o.append(f"{ft()}: Successfully exported and signed the ipa file:")
    o.append(f"{ft()}: {R}/build/Stride.ipa")
    o.append(step(ft, "upload_to_testflight"))
    o.append(f"{ft()}: Creating authorization token for App Store Connect API")
    o.append(f"{ft(1)}: Ready to upload new build to TestFlight (App: 6477201934)...")
    o.append(f"{ft(2)}: Going to upload updated app to App Store Connect")
    o.append(f"{ft()}: This might take a few minutes. Please don't interrupt the script.")
    rows = [("Verifying fastlane version", 0), ("default_platform", 0), ("xcodegen", 2), ("ensure_git_branch", 0),
            ("ensure_git_status_clean", 0), ("app_store_connect_api_key", 0), ("match", 6),
            ("get_version_number", 1), ("latest_testflight_build_number", 2), ("gym", 191)]
    if upload_fail:
        t = ft(97)
        o.append(f"{t}: [altool]  *** Error: Error uploading '{R}/build/Stride.ipa'.")
        o.append(f"{t}: [altool]  *** Error: The network connection was lost. (-1005) The network connection was lost. "
                 f"(-1005) Unable to upload archive. (-19232)")
        o.append(f"{t}: Transporter transfer failed.")
        o.append(f"{t}: ")
        o.append(f"{t}: The network connection was lost. (-1005)")
        o.append(f"{t}: Error uploading ipa file: ")
        o.append(f" [Transporter Error Output]: The network connection was lost. (-1005)")
        rows.append(("upload_to_testflight", 100))
        o.append("")
        o.append(fl_summary(rows, failed=True))
        o.append("")
        o.append(f"{ft()}: fastlane finished with errors")
        o.append("")
        o.append("[!] Error uploading ipa file: \n [Transporter Error Output]: The network connection was lost. (-1005)")
        return "\n".join(o), build
    bar = "-" * 104
    o.append(f"{ft(88)}: {bar}")
    o.append(f"{ft()}: Successfully uploaded package to App Store Connect. It might take a few minutes until it's visible online.")
    o.append(f"{ft()}: {bar}")
    o.append(f"{ft()}: Successfully uploaded the new binary to App Store Connect")
    o.append(f"{ft()}: Waiting for processing on... app_id: 6477201934, app_version: {version}, build_version: {build}, platform: IOS")
    o.append(f"{ft(1)}: Waiting for the build to show up in the build list - this may take a few minutes (check your email for processing issues if this continues)")
    for _ in range(proc_min):
        o.append(f"{ft(30 + HX.randint(0, 30))}: Waiting for App Store Connect to finish processing the new build ({version} - {build}) for IOS")
    o.append(f"{ft(41)}: Successfully finished processing the build {version} - {build} for IOS")
    o.append(f"{ft(1)}: Using App Store Connect's default for notifying external testers (which is true) when no value is provided.")
    o.append(f"{ft()}: Setting the following changelog for build {version} - {build}:")
    o.append(changelog.strip("\n"))
    o.append(f"{ft(1)}: Successfully set the changelog for build")
    o.append(f"{ft()}: Successfully distributed build to Internal testers 🚀")
    o.append(step(ft, "upload_symbols_to_crashlytics"))
    o.append(f"{ft(1)}: Uploading '{R}/build/Stride.app.dSYM.zip'...")
    o.append(f"{ft(5)}: Successfully uploaded dSYM files to Crashlytics 💯")
    o.append(step(ft, "add_git_tag"))
    o.append(f"{ft()}: Adding git tag 'beta/{version}-{build}' 🎯.")
    o.append(f"{ft()}: $ git tag -am beta/{version}-{build}\\ \\(fastlane\\) beta/{version}-{build}")
    o.append("")
    rows += [("upload_to_testflight", 420 + proc_min * 40), ("upload_symbols_to_crashlytics", 6), ("add_git_tag", 0)]
    o.append(fl_summary(rows))
    o.append("")
    o.append(f"{ft()}: fastlane.tools finished successfully 🎉")
    return "\n".join(o), build


def emu_exec(body, ok=True):
    head = """i  emulators: Starting emulators: firestore
i  emulators: Detected demo project ID "demo-stride", emulated services will use a demo configuration and attempts to access non-emulated services for this project will fail.
i  firestore: Firestore Emulator logging to firestore-debug.log
✔  firestore: Firestore Emulator UI websocket is running on 9150.
i  Running script: npm --prefix firebase/rules-tests test

> stride-rules-tests@1.0.0 test
> vitest run


 RUN  v2.1.8 /Users/jordan/dev/stride-ios/firebase/rules-tests
"""
    tail_ok = """
✔  Script exited successfully (code 0)
i  emulators: Shutting down emulators.
i  firestore: Stopping Firestore Emulator
i  hub: Stopping emulator hub"""
    tail_fail = """
⚠  Script exited unsuccessfully (code 1)
i  emulators: Shutting down emulators.
i  firestore: Stopping Firestore Emulator
i  hub: Stopping emulator hub
⚠  emulators: Received SIGINT (Ctrl-C) for the first time. Starting a clean shutdown.

Error: Script "npm --prefix firebase/rules-tests test" exited with code 1"""
    return head + body + (tail_ok if ok else tail_fail)


def rules_deploy(project="stride-staging"):
    return f"""
=== Deploying to '{project}'...

i  deploying firestore
i  cloud.firestore: checking firebase/firestore.rules for compilation errors...
✔  cloud.firestore: rules file firebase/firestore.rules compiled successfully
i  firestore: uploading rules firebase/firestore.rules...
✔  firestore: released rules firebase/firestore.rules to cloud.firestore

✔  Deploy complete!

Project Console: https://console.firebase.google.com/project/{project}/overview"""


def push_new_branch(branch):
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\nremote:      "
            f"{GH}/pull/new/{branch}\nremote: \nTo github.com:stride-app/stride-ios.git\n"
            f" * [new branch]      {branch} -> {branch}\nbranch '{branch}' set up to track 'origin/{branch}'.")


def swiftformat_out(n, total=231, secs="1.37"):
    return (f"Running SwiftFormat...\nReading config file at {R}/.swiftformat\n"
            f"SwiftFormat completed in {secs}s.\n{n}/{total} files formatted.")


def xc_cases(cases, dev="iPhone 16", proc="xctest"):
    p = pid()
    return "\n".join(f"Test case '{c}' passed on 'Clone 1 of {dev} - {proc} ({p})' ({HX.randint(0, 9) / 1000:.3f} seconds)"
                     for c in cases)


def xc_result_tail(project, stamp):
    return (f"Test session results, code coverage, and logs:\n\t"
            f"{DD if project == 'Stride' else DDK}/Logs/Test/Test-{project}-{stamp}-+0000.xcresult\n\n** TEST SUCCEEDED **")


# ----------------------------------------------------------------------------- new files written in tasks

PACE_FORMATTER = """import Foundation

/// Formats a running pace, e.g. "5:12 /km" or "8:23 /mi".
public struct PaceFormatter: Sendable {
    public var unit: DistanceUnit

    public init(unit: DistanceUnit = .kilometers) {
        self.unit = unit
    }

    /// `secondsPerKm` is the pace in seconds per kilometre; nil, zero, negative or non-finite
    /// values (no distance yet, GPS glitch) render as a placeholder.
    public func string(secondsPerKm: Double?) -> String {
        guard let secondsPerKm, secondsPerKm.isFinite, secondsPerKm > 0 else {
            return "–:– /\\(unit.shortLabel)"
        }
        let total = Int((secondsPerKm * unit.meters / 1000).rounded())
        return String(format: "%d:%02d /%@", total / 60, total % 60, unit.shortLabel)
    }
}
"""

PACE_FORMATTER_TESTS = """import Testing
@testable import StrideCore

@Suite struct PaceFormatterTests {
    @Test func formatsMinutesAndSecondsPerKilometer() {
        #expect(PaceFormatter().string(secondsPerKm: 312) == "5:12 /km")
    }

    @Test func roundsToTheNearestSecond() {
        #expect(PaceFormatter().string(secondsPerKm: 299.6) == "5:00 /km")
        #expect(PaceFormatter().string(secondsPerKm: 299.4) == "4:59 /km")
    }

    @Test func convertsToMinutesPerMile() {
        // 5:00 /km is 482.8 s per mile
        #expect(PaceFormatter(unit: .miles).string(secondsPerKm: 300) == "8:03 /mi")
    }

    @Test(arguments: [nil, 0, -12, .infinity] as [Double?])
    func missingPaceShowsAPlaceholder(_ pace: Double?) {
        #expect(PaceFormatter().string(secondsPerKm: pace) == "–:– /km")
    }
}
"""

HR_ZONES = """import Foundation

/// Five heart-rate zones computed with the Karvonen (heart-rate reserve) method.
public struct HeartRateZones: Equatable, Sendable {
    public struct Zone: Equatable, Sendable {
        public let number: Int
        public let lowerBound: Int
        public let upperBound: Int
    }

    /// Lower edges of zones 1...5 as a fraction of heart-rate reserve.
    static let intensities: [Double] = [0.5, 0.6, 0.7, 0.8, 0.9]

    public let resting: Int
    public let maximum: Int
    public let zones: [Zone]

    public init?(resting: Int, maximum: Int) {
        guard resting > 0, maximum > resting else { return nil }
        self.resting = resting
        self.maximum = maximum
        let reserve = Double(maximum - resting)
        let edges = Self.intensities.map { Int((Double(resting) + $0 * reserve).rounded()) } + [maximum]
        zones = (0..<5).map { Zone(number: $0 + 1, lowerBound: edges[$0], upperBound: edges[$0 + 1]) }
    }

    /// Zone number (1...5) for a heart rate; nil below zone 1. Anything above max counts as zone 5.
    public func zone(for bpm: Int) -> Int? {
        guard bpm >= zones[0].lowerBound else { return nil }
        return zones.last { bpm >= $0.lowerBound }?.number
    }

    /// Time spent in each zone. Each sample counts until the next one; the last sample counts for `tail`.
    public func timeInZones(_ samples: [(date: Date, bpm: Int)], tail: Duration = .seconds(5)) -> [Int: Duration] {
        var result: [Int: Duration] = [:]
        let sorted = samples.sorted { $0.date < $1.date }
        for (index, sample) in sorted.enumerated() {
            guard let zone = zone(for: sample.bpm) else { continue }
            let length: Duration = if index + 1 < sorted.count {
                .seconds(sorted[index + 1].date.timeIntervalSince(sample.date))
            } else {
                tail
            }
            result[zone, default: .zero] += length
        }
        return result
    }
}
"""

HR_ZONES_TESTS = """import Foundation
import Testing
@testable import StrideCore

@Suite struct HeartRateZonesTests {
    let zones = HeartRateZones(resting: 50, maximum: 190)!

    @Test func karvonenEdges() {
        #expect(zones.zones.map(\\.lowerBound) == [120, 134, 148, 162, 176])
        #expect(zones.zones.last?.upperBound == 190)
    }

    @Test(arguments: [(119, nil), (120, 1), (147, 2), (148, 3), (175, 4), (176, 5), (201, 5)] as [(Int, Int?)])
    func zoneForHeartRate(bpm: Int, expected: Int?) {
        #expect(zones.zone(for: bpm) == expected)
    }

    @Test func rejectsImpossibleInput() {
        #expect(HeartRateZones(resting: 60, maximum: 60) == nil)
        #expect(HeartRateZones(resting: 0, maximum: 180) == nil)
    }

    @Test func timeInZonesCountsUntilTheNextSample() {
        let start = Date(timeIntervalSince1970: 1_770_000_000)
        let samples: [(date: Date, bpm: Int)] = [
            (start, 125),
            (start.addingTimeInterval(60), 150),
            (start.addingTimeInterval(90), 110),
            (start.addingTimeInterval(100), 180),
        ]
        let result = zones.timeInZones(samples)
        #expect(result[1] == .seconds(60))
        #expect(result[3] == .seconds(30))
        #expect(result[5] == .seconds(5))
        #expect(result[2] == nil)
    }
}
"""


# ----------------------------------------------------------------------------- the month

def gen():
    d = Dev("swift-ios", U, "en", MODEL, seed=20260202, files=FILES)

    # ============================================================ S1  Mon 02-02
    with d.session("2026-02-02T09:12:00", R, branch="main", version="2.1.31"):
        t = d.task("morning! I'm picking up Stride iOS from Leo while he moves to the Android rewrite. walk me through "
                   "what happens when a run finishes — from tapping Finish to the run being in Firestore and in "
                   "Apple Health", tags=["noise"])
        t.glob("Packages/StrideKit/Sources/**/*.swift", [K(x) for x in [
            "Sources/StrideCore/Run.swift", "Sources/StrideCore/Units.swift", "Sources/StrideCore/WorkoutKind.swift",
            "Sources/StrideFeatures/Environment.swift", "Sources/StrideFeatures/Home/HomeView.swift",
            "Sources/StrideFeatures/Home/StartRunButton.swift", "Sources/StrideFeatures/Onboarding/OnboardingView.swift",
            "Sources/StrideFeatures/Run/RunSessionModel.swift", "Sources/StrideFeatures/Run/RunSummaryView.swift",
            "Sources/StrideFeatures/Services/HealthKitWriter.swift", "Sources/StrideFeatures/Services/RunDTO.swift",
            "Sources/StrideFeatures/Services/RunRepository.swift", "Sources/StrideUI/Haptics.swift",
            "Sources/StrideUI/StatTile.swift"]])
        t.read(P("README.md"))
        t.read(K("Sources/StrideFeatures/Run/RunSessionModel.swift"))
        t.read(K("Sources/StrideFeatures/Services/RunRepository.swift"))
        t.read(K("Sources/StrideFeatures/Services/RunDTO.swift"))
        t.read(K("Sources/StrideFeatures/Services/HealthKitWriter.swift"))
        t.grep("RunSessionModel\\(", path=R, glob="*.swift", output_mode="content", n=True,
               content=f"{R}/Stride/App/StrideApp.swift:8:    @State private var session = RunSessionModel(")
        t.done("""The whole path lives in `RunSessionModel` (`Packages/StrideKit/Sources/StrideFeatures/Run/RunSessionModel.swift`); the app target only creates it in `StrideApp` and hands it to `HomeView`.

1. **Finish** calls `finish(at:)` (async). It only acts in the `.running(startedAt:)` state, builds a `Run` (new UUID, owner = `AppDelegate.currentUserId`, duration = now − start, the accumulated `distanceMeters`) and switches to `.finished(run)` straight away, so the UI can show the summary before anything is saved.
2. **Firestore**: `repository.save(run)` → `FirestoreRunRepository.save` writes `runs/{run.id}` via `setData(from: RunDTO(run))`. `RunDTO` is the document shape: `ownerId`, `startedAt` as a `Timestamp`, `durationSeconds` as an Int, `distanceMeters`, optional `averageHeartRate`/`notes`. Note `setData(from:)` is not awaited on the server — with offline persistence on (the default) it returns once the write is queued locally.
3. **Apple Health**: `health.save(run)` → `HealthKitWriter` (an `actor`) builds an `HKWorkoutBuilder` for an outdoor run, adds one `distanceWalkingRunning` sample over the whole run, ends collection and `finishWorkout()`. No route or heart-rate samples are written yet.
4. Errors from either step are logged with `os.Logger` (subsystem `app.stride`) and surfaced as `saveError`. Because the two calls are sequential in one `do` block, a Firestore failure means HealthKit is never attempted.

Things worth knowing:
- `RunSessionModel` is `@MainActor @Observable`; the repository is a `Sendable` protocol, HealthKit sits behind an actor — that's how it stays clean under Swift 6 strict concurrency.
- `Stride.xcodeproj` isn't in git: it's generated from `project.yml` with XcodeGen (see README), and almost all code is in the local package `Packages/StrideKit`.""")

        t = d.task("add a PaceFormatter to StrideCore: seconds-per-km -> \"5:12 /km\" (and /mi when the unit is miles), "
                   "rounded to the nearest second, a missing pace shows \"–:–\". tests please, written with Swift Testing "
                   "(@Test / #expect) — not XCTest, we're not adding any more XCTestCase classes",
                   tags=["mistake:M1", "pref:P1"])
        t.read(K("Sources/StrideCore/Units.swift"))
        t.read(K("Tests/StrideCoreTests/RunDecodingTests.swift"))
        t.write(K("Sources/StrideCore/PaceFormatter.swift"), PACE_FORMATTER)
        t.write(K("Tests/StrideCoreTests/PaceFormatterTests.swift"), PACE_FORMATTER_TESTS)
        uik = spm_diag(d, K("Sources/StrideUI/Haptics.swift"), "import UIKit", "no such module 'UIKit'", token="UIKit")
        dur = spm_diag(d, K("Sources/StrideCore/Run.swift"), "public var duration: Duration",
                       "'Duration' is only available in macOS 13.0 or newer", token="Duration",
                       note="add @available attribute to enclosing struct")
        t.fail(f"cd {PK} && swift test --filter PaceFormatterTests", "Run the new PaceFormatter tests",
               f"""[1/1] Planning build
Building for debugging...
[0/16] Write sources
[4/16] Write swift-version--58304C5D6DBC2206.txt
error: emit-module command failed with exit code 1 (use -v to see invocation)
{uik}
[6/22] Emitting module StrideUI
{uik}
[7/22] Compiling StrideUI Haptics.swift
error: emit-module command failed with exit code 1 (use -v to see invocation)
{dur}
[9/22] Emitting module StrideCore
{dur}""")
        t.say("`swift test` builds the package for the Mac it runs on, but StrideKit is iOS-only: `StrideUI` imports "
              "UIKit and the package only declares iOS 17, so macOS availability errors follow in StrideCore too. The "
              "tests have to run on an iOS simulator through xcodebuild. Checking the package's schemes:")
        t.bash(f"cd {PK} && xcodebuild -list", "List the schemes Xcode generates for the package",
               out="""Command line invocation:
    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild -list

User defaults from command line:
    IDEPackageSupportUseBuiltinSCM = YES

Resolve Package Graph


Resolved source packages:
  StrideKit: /Users/jordan/dev/stride-ios/Packages/StrideKit
  Firebase: https://github.com/firebase/firebase-ios-sdk @ 11.7.0
  GoogleAppMeasurement: https://github.com/google/GoogleAppMeasurement.git @ 11.7.0
  GoogleDataTransport: https://github.com/google/GoogleDataTransport.git @ 10.1.0
  GoogleUtilities: https://github.com/google/GoogleUtilities.git @ 8.0.2
  gRPC: https://github.com/google/grpc-binary.git @ 1.69.0
  GTMSessionFetcher: https://github.com/google/gtm-session-fetcher.git @ 4.3.0
  InteropForGoogle: https://github.com/google/interop-ios-for-google-sdks.git @ 101.0.0
  abseil: https://github.com/google/abseil-cpp-binary.git @ 1.2024072200.0
  leveldb: https://github.com/firebase/leveldb.git @ 1.22.5
  nanopb: https://github.com/firebase/nanopb.git @ 2.30910.0
  Promises: https://github.com/google/promises.git @ 2.4.0
  SwiftProtobuf: https://github.com/apple/swift-protobuf.git @ 1.28.2
  AppCheck: https://github.com/google/app-check.git @ 11.2.0

Information about workspace "StrideKit":
    Schemes:
        StrideCore
        StrideFeatures
        StrideKit-Package
        StrideUI""")
        t.bash(f"cd {PK} && xcodebuild test -scheme StrideKit-Package -destination 'platform=iOS Simulator,name=iPhone 16' "
               f"-only-testing:StrideCoreTests/PaceFormatterTests 2>&1 | grep -E \"Test case|error:|\\*\\* TEST\"",
               "Run the PaceFormatter tests on the iOS simulator via the package scheme",
               out=xc_cases(["PaceFormatterTests/formatsMinutesAndSecondsPerKilometer()",
                             "PaceFormatterTests/roundsToTheNearestSecond()",
                             "PaceFormatterTests/convertsToMinutesPerMile()",
                             "PaceFormatterTests/missingPaceShowsAPlaceholder(_:)"]) + "\n** TEST SUCCEEDED **",
               timeout=600000)
        t.done("""Added `PaceFormatter` in `StrideCore/PaceFormatter.swift`:

- `PaceFormatter(unit:)` with `string(secondsPerKm:)` → `"5:12 /km"`, or per mile for `.miles` (converted with `DistanceUnit.meters`), rounded to the nearest second.
- `nil`, 0, negative and non-finite paces render `"–:– /km"` (unit suffix kept so the column doesn't jump).

Tests are in `Tests/StrideCoreTests/PaceFormatterTests.swift`, Swift Testing only (`@Suite`, `@Test`, `#expect`, one parameterised test for the placeholder cases) — 4 tests, all passing.

Note on running them: `swift test` can't build StrideKit — it targets the Mac, and the package is iOS-only (`StrideUI` imports UIKit). I ran them on the simulator with `xcodebuild test -scheme StrideKit-Package -destination 'platform=iOS Simulator,name=iPhone 16' -only-testing:StrideCoreTests/PaceFormatterTests` from `Packages/StrideKit`.""")

        t = d.task("quick one: for an @Observable model that a view owns, @State is the right wrapper, yeah? Leo left a "
                   "couple of @StateObject around from the ObservableObject days", tags=["noise", "no_tools"])
        t.done("""Yes. With the Observation framework:

- **View owns the model** → `@State private var model = Model()` (or `State(initialValue:)` in `init`). `@State` keeps the instance alive across view re-creation, like `@StateObject` did.
- **Passed in, read-only** → a plain `let`/`var` property. Observation tracks whatever `body` reads; no wrapper needed (this replaces `@ObservedObject`).
- **Passed in, need bindings** → `@Bindable var model` to get `$model.field`.
- **Shared through the tree** → `.environment(model)` + `@Environment(Model.self)`.

`@StateObject` only works with `ObservableObject`, so any leftover `@StateObject` must sit on a class that is still an `ObservableObject`. Converting one is mechanical: `@Observable` instead of the protocol, drop `@Published`, `@StateObject` → `@State`, `@ObservedObject` → plain property / `@Bindable`.

One gotcha: `@State` with an `@Observable` class evaluates the initial value on every init of the view struct (it just throws the extra instances away), so keep model initialisers cheap — no network calls in `init`, do those in `.task`.""")

    # ============================================================ S2  Wed 02-04
    with d.session("2026-02-04T10:03:00", R, branch="feat/start-run-shortcut", version="2.1.31"):
        t = d.task("add a \"Start a run\" App Shortcut so people can say \"Start a run in Stride\" to Siri. it should open "
                   "the app and kick off the run session (DeepLinkRouter already has a pending-destination thing)",
                   tags=["mistake:M3"])
        t.read(P("Stride/Intents/StrideShortcuts.swift"))
        t.read(P("Stride/Intents/ShowWeeklyProgressIntent.swift"))
        t.read(P("Stride/App/DeepLinkRouter.swift"))
        t.read(P("Stride/App/StrideApp.swift"))
        t.edit(P("Stride/App/DeepLinkRouter.swift"), """        case weeklyProgress
""", """        case weeklyProgress
        case startRun
""")
        t.write(P("Stride/Intents/StartRunIntent.swift"), """import AppIntents

struct StartRunIntent: AppIntent {
    static let title: LocalizedStringResource = "Start a run"
    static let description = IntentDescription("Opens Stride and starts recording a run.")
    static let openAppWhenRun = true

    @MainActor
    func perform() async throws -> some IntentResult {
        DeepLinkRouter.shared.open(.startRun)
        return .result()
    }
}
""")
        t.edit(P("Stride/Intents/StrideShortcuts.swift"), """    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: ShowWeeklyProgressIntent(),""", """    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: StartRunIntent(),
            phrases: ["Start a run in \\(.applicationName)", "Start running with \\(.applicationName)", "Go for a run with \\(.applicationName)"],
            shortTitle: "Start a run",
            systemImageName: "figure.run"
        )
        AppShortcut(
            intent: ShowWeeklyProgressIntent(),""")
        t.edit(P("Stride/App/StrideApp.swift"), """    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
""", """    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @State private var router = DeepLinkRouter.shared
""")
        t.edit(P("Stride/App/StrideApp.swift"), """            HomeView(session: session)
""", """            HomeView(session: session)
                .onChange(of: router.pending) { _, destination in
                    guard destination == .startRun else { return }
                    router.pending = nil
                    session.start()
                }
""")
        sc = P("Stride/Intents/StrideShortcuts.swift")
        t.fail("xcodebuild -project Stride.xcodeproj -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' build -quiet",
               "Build the app for the simulator",
               xc_diag(d, sc, "intent: StartRunIntent(),", "error", "cannot find 'StartRunIntent' in scope",
                       token="StartRunIntent") + "\n" +
               build_failed([swiftcompile([sc], "Stride", "Stride"), "Building project Stride with scheme Stride"]),
               code=65, timeout=600000)
        t.say("`StartRunIntent.swift` is on disk but the compiler doesn't see it. The project file is generated by "
              "XcodeGen from `project.yml` (it's git-ignored), and this one was generated before the new file existed, so "
              "the Stride target's source list doesn't contain it.")
        t.bash("ls Stride/Intents", "List the intents folder",
               out="ShowWeeklyProgressIntent.swift\nStartRunIntent.swift\nStrideShortcuts.swift")
        t.bash("xcodegen generate", "Regenerate Stride.xcodeproj from project.yml",
               out=f"⚙️  Generating plists...\n⚙️  Generating project...\n⚙️  Writing project...\nCreated project at {R}/Stride.xcodeproj")
        t.bash("xcodebuild -project Stride.xcodeproj -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' build -quiet",
               "Rebuild the app", out="", timeout=600000)
        t.done("""Added the shortcut; the app builds.

- `Stride/Intents/StartRunIntent.swift` — `openAppWhenRun = true`, `perform()` (main actor) calls `DeepLinkRouter.shared.open(.startRun)`.
- `DeepLinkRouter.Destination` gains `.startRun`.
- `StrideShortcuts` registers it first, phrases "Start a run in Stride", "Start running with Stride", "Go for a run with Stride" (every phrase has to contain `\\(.applicationName)`), SF Symbol `figure.run`.
- `StrideApp` watches `router.pending`; on `.startRun` it clears it and calls `session.start()`. (Nothing consumed `.weeklyProgress` before either — I left that as it was.)

The first build failed with `cannot find 'StartRunIntent' in scope`: the new file wasn't in the generated project. `xcodegen generate` fixed it. Siri phrases only get indexed once the app has launched after install, so on the simulator open the app once before trying "Start a run in Stride".""")

        t = d.task("will those shortcut phrases need anything special when we localise to German later? check Apple's docs "
                   "rather than guessing", tags=["noise", "webfetch"])
        t.webfetch("https://developer.apple.com/documentation/appintents/appshortcutsprovider",
                   "How are App Shortcut phrases localized? Limits on phrases / number of shortcuts?",
                   """AppShortcutsProvider: a type that specifies the App Shortcuts your app makes available. Declare `static var appShortcuts: [AppShortcut]` using the result builder; the system reads the shortcuts at build time (metadata extraction), so they're available as soon as the app is installed.

Phrases:
- Every phrase must contain the `\\(.applicationName)` token; phrases may additionally contain one parameter of the intent (an AppEntity or AppEnum).
- Phrases are localized with a String Catalog named `AppShortcuts.xcstrings` (or a legacy `AppShortcuts.strings` file) in the app target; keys are the phrases as written in code.
- Application name synonyms can be provided via `INAlternativeAppNames` in Info.plist.

Limits: an app can provide up to 10 App Shortcuts. Use `shortTitle` and `systemImageName` for display in Spotlight and the Shortcuts app. Call `updateAppShortcutParameters()` when parameter values change.""")
        t.done("""Yes, one thing: App Shortcut phrases don't go through `Localizable.xcstrings`. They're localised in a separate String Catalog called **`AppShortcuts.xcstrings`** in the app target, keyed by the phrase exactly as written in code ("Start a run in ${applicationName}").

Other constraints from the docs worth knowing now:
- Every phrase — in every language — must contain the app-name token, so the German phrases need `${applicationName}` too ("Starte einen Lauf mit ${applicationName}").
- Max 10 App Shortcuts per app (we have 2).
- The phrases are extracted at build time, so no runtime setup is needed; if Stride is called something else in German marketing, add `INAlternativeAppNames` in Info.plist.

Nothing to change today; when German starts, add `AppShortcuts.xcstrings` under `Stride/Resources` (XcodeGen picks it up from the folder).""")

        t = d.task("ok ship it — format, lint, run the tests, push and open the PR", tags=["workflow:W1", "oneoff:O1"])
        t.bash("swiftformat .", "Format the codebase with SwiftFormat", err=swiftformat_out(1, 233, "1.41"))
        sc_line = line_of(d, sc, 'phrases: ["Start a run in')
        sc_len = len(src_line(d, sc, sc_line))
        t.fail("swiftlint lint --strict --quiet", "Lint with SwiftLint in strict mode",
               f"{sc}:{sc_line}:1: error: Line Length Violation: Line should be 120 characters or less; currently it "
               f"has {sc_len} characters (line_length)", code=2)
        t.say("One line-length violation (a warning, but `--strict` fails on warnings) — the phrases line I added. "
              "Wrapping the array:")
        t.edit(sc, """            phrases: ["Start a run in \\(.applicationName)", "Start running with \\(.applicationName)", "Go for a run with \\(.applicationName)"],
""", """            phrases: [
                "Start a run in \\(.applicationName)",
                "Start running with \\(.applicationName)",
                "Go for a run with \\(.applicationName)",
            ],
""")
        t.bash("swiftlint lint --strict --quiet", "Re-run SwiftLint", out="")
        tests_out, ntests = fastlane_tests(10, 48, [
            ("StrideCoreTests.DistanceUnitTests", ["metersPerUnit()", "shortLabels()"]),
            ("StrideCoreTests.PaceFormatterTests", ["formatsMinutesAndSecondsPerKilometer()", "roundsToTheNearestSecond()",
                                                    "convertsToMinutesPerMile()", "missingPaceShowsAPlaceholder(_:)"]),
            ("StrideCoreTests.RunDecodingTests", ["decodesBasicRun()"]),
            ("StrideCoreTests.RunTests", ["paceIsNilBelow100Meters()", "paceUsesWholeSeconds()", "durationTotalSeconds()"]),
            ("StrideFeaturesTests.RunDTOTests", ["testRoundTripKeepsAllFields", "testMissingIdGetsGeneratedId"]),
            ("StrideFeaturesTests.RunSessionModelTests", ["testDistanceAccumulates", "testFinishRecordsSaveError",
                                                          "testFinishSavesToRepositoryAndHealth", "testFinishUsesElapsedTime",
                                                          "testFinishWithoutStartDoesNothing", "testStartMovesToRunning"]),
            ("StrideTests.DeepLinkRouterTests", ["testOpenSetsPending", "testRunDestinationCarriesId"]),
        ], 174)
        t.bash("bundle exec fastlane tests", "Run the unit test plan via fastlane", out=tests_out, timeout=600000)
        t.bash("git add -A && git commit -m \"Add 'Start a run' App Shortcut\"", "Commit the shortcut",
               out=f"[feat/start-run-shortcut {hx(7)}] Add 'Start a run' App Shortcut\n 4 files changed, 36 insertions(+)\n"
                   f" create mode 100644 Stride/Intents/StartRunIntent.swift")
        t.bash("git push -u origin feat/start-run-shortcut", "Push the branch",
               err=push_new_branch("feat/start-run-shortcut"))
        t.bash("gh pr create --base main --title \"Start a run App Shortcut\" --body \"Adds a 'Start a run' App Shortcut "
               "(Siri / Spotlight / Shortcuts app). StartRunIntent opens the app and routes through DeepLinkRouter "
               "(.startRun), StrideApp starts the run session.\n\nTest: build & run once, then say or type 'Start a run "
               "in Stride' in Spotlight.\"", "Open the pull request",
               out=f"{GH}/pull/231", err="\nCreating pull request for feat/start-run-shortcut into main in stride-app/stride-ios\n")
        t.done(f"""PR is up: {GH}/pull/231

- SwiftFormat touched 1 file; SwiftLint `--strict` flagged the long phrases line in `StrideShortcuts.swift` (line_length, {sc_len} > 120) — wrapped the array, lint is clean.
- `bundle exec fastlane tests`: {ntests}/{ntests} passed.
- Committed as "Add 'Start a run' App Shortcut" and pushed `feat/start-run-shortcut`.""")

    # ============================================================ S3  Fri 02-06
    with d.session("2026-02-06T09:40:00", R, branch="feat/weekly-goal", version="2.1.32"):
        t = d.task("weekly goal card on Home: km run this week (week per the user's calendar) vs their goal "
                   "(users/{uid}.weeklyGoalKm, default 20). put the logic in a WeeklyGoalModel in StrideFeatures, and "
                   "write week.km / week.goalKm to the app group for the widget. log failures with os Logger (subsystem "
                   "app.stride) — no print() please, Crashlytics never sees those", tags=["mistake:M2", "pref:P2"])
        t.read(K("Sources/StrideFeatures/Home/HomeView.swift"))
        t.read(K("Sources/StrideFeatures/Services/RunRepository.swift"))
        t.read(K("Sources/StrideUI/StatTile.swift"))
        wg = K("Sources/StrideFeatures/Home/WeeklyGoalModel.swift")
        t.write(wg, """import FirebaseFirestore
import Foundation
import Observation
import os
import StrideCore

@Observable
public final class WeeklyGoalModel {
    public private(set) var kilometersThisWeek: Double = 0
    public private(set) var goalKilometers: Double = WeeklyGoalModel.defaultGoal
    public private(set) var isLoading = false

    static let defaultGoal: Double = 20

    private let repository: RunRepository
    private let db: Firestore
    private let ownerId: String
    private let calendar: Calendar
    private let shared = UserDefaults(suiteName: "group.app.stride")
    private let logger = Logger(subsystem: "app.stride", category: "WeeklyGoal")

    public init(repository: RunRepository, ownerId: String, db: Firestore = .firestore(), calendar: Calendar = .current) {
        self.repository = repository
        self.ownerId = ownerId
        self.db = db
        self.calendar = calendar
    }

    /// 0...1, for the progress ring.
    public var progress: Double {
        guard goalKilometers > 0 else { return 0 }
        return min(kilometersThisWeek / goalKilometers, 1)
    }

    public func load(now: Date = .now) async {
        guard let week = calendar.dateInterval(of: .weekOfYear, for: now) else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let runs = try await repository.runs(ownerId: ownerId, since: week.start)
            kilometersThisWeek = runs.reduce(0) { $0 + $1.distanceMeters } / 1000
            let user = try await db.collection("users").document(ownerId).getDocument()
            goalKilometers = user.get("weeklyGoalKm") as? Double ?? Self.defaultGoal
            shared?.set(kilometersThisWeek, forKey: "week.km")
            shared?.set(goalKilometers, forKey: "week.goalKm")
        } catch {
            logger.error("loading weekly goal failed: \\(error.localizedDescription, privacy: .public)")
        }
    }
}
""")
        t.write(K("Sources/StrideFeatures/Home/WeeklyGoalCard.swift"), """import SwiftUI

struct WeeklyGoalCard: View {
    let kilometers: Double
    let goal: Double
    let progress: Double

    var body: some View {
        HStack(spacing: 16) {
            Gauge(value: progress) {
                Text("Goal")
            } currentValueLabel: {
                Text(progress, format: .percent.precision(.fractionLength(0)))
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .tint(.green)
            VStack(alignment: .leading, spacing: 4) {
                Text("This week")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                Text("\\(kilometers, format: .number.precision(.fractionLength(1))) of \\(goal, format: .number) km")
                    .font(.title3.monospacedDigit().weight(.semibold))
            }
            Spacer()
        }
        .padding()
        .background(.fill.tertiary, in: .rect(cornerRadius: 12))
        .accessibilityElement(children: .combine)
    }
}
""")
        hv = K("Sources/StrideFeatures/Home/HomeView.swift")
        t.edit(hv, """    @State private var session: RunSessionModel
    @Environment(\\.distanceUnit) private var unit

    public init(session: RunSessionModel) {
        _session = State(initialValue: session)
    }
""", """    @State private var session: RunSessionModel
    @State private var goalModel: WeeklyGoalModel
    @Environment(\\.distanceUnit) private var unit

    public init(session: RunSessionModel, goalModel: WeeklyGoalModel) {
        _session = State(initialValue: session)
        _goalModel = State(initialValue: goalModel)
    }
""")
        t.edit(hv, """                VStack(spacing: 16) {
                    StartRunButton {""", """                VStack(spacing: 16) {
                    WeeklyGoalCard(
                        kilometers: goalModel.kilometersThisWeek,
                        goal: goalModel.goalKilometers,
                        progress: goalModel.progress
                    )
                    StartRunButton {""")
        t.edit(hv, """            .navigationTitle("Stride")
        }
""", """            .navigationTitle("Stride")
            .task { await goalModel.load() }
        }
""")
        t.read(P("Stride/App/StrideApp.swift"))
        t.edit(P("Stride/App/StrideApp.swift"), """            HomeView(session: session)
""", """            HomeView(
                session: session,
                goalModel: WeeklyGoalModel(repository: FirestoreRunRepository(), ownerId: AppDelegate.currentUserId)
            )
""")
        t.fail("xcodebuild -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' build -quiet",
               "Build the app",
               xc_diag(d, hv, ".task { await goalModel.load() }", "error", "sending 'self.goalModel' risks causing data races",
                       token="goalModel.load", notes=["sending main actor-isolated 'self.goalModel' to nonisolated instance "
                                                      "method 'load(now:)' risks causing data races between nonisolated "
                                                      "and main actor-isolated uses"]) + "\n" +
               build_failed([swiftcompile([hv, K("Sources/StrideFeatures/Home/StartRunButton.swift")], "StrideFeatures",
                                          "StrideKit"),
                             "Building project Stride with scheme Stride"]),
               code=65, timeout=600000)
        t.say("Swift 6 region checking: `HomeView` is main-actor isolated, but `WeeklyGoalModel` isn't isolated to "
              "anything, so calling its async `load()` from the view's `.task` would hand the main-actor-owned model to "
              "another executor. The model drives UI state, so it belongs on the main actor like `RunSessionModel`:")
        t.edit(wg, """@Observable
public final class WeeklyGoalModel {""", """@MainActor
@Observable
public final class WeeklyGoalModel {""")
        t.bash("xcodebuild -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' build -quiet",
               "Rebuild the app", out="", timeout=600000)
        t.done("""The weekly goal card is on Home and the app builds.

- `StrideFeatures/Home/WeeklyGoalModel.swift` — `@MainActor @Observable`. `load()` takes the current week from the user's `Calendar` (`dateInterval(of: .weekOfYear, …)`, so Monday- or Sunday-start follows their locale), sums `distanceMeters` of this week's runs via `RunRepository`, reads `users/{uid}.weeklyGoalKm` (falls back to 20) and writes `week.km` / `week.goalKm` to the `group.app.stride` defaults for the widget. Failures go to `Logger(subsystem: "app.stride", category: "WeeklyGoal")`, no `print`.
- `WeeklyGoalCard.swift` — capacity gauge + "12.4 of 20 km".
- `HomeView` takes the model, shows the card above Start run and loads it in `.task`; `StrideApp` builds it with the Firestore repository.

The first build failed with `sending 'self.goalModel' risks causing data races`: I had left the model non-isolated; marking it `@MainActor` (like `RunSessionModel`) fixed it.""")

        t = d.task("what landed on main while I was off Wed–Thu? Leo said he merged a bunch", tags=["noise", "long_output"])
        t.bash("git fetch origin --prune", "Fetch from origin",
               err="From github.com:stride-app/stride-ios\n   " + hx(7) + ".." + hx(7) + "  main       -> origin/main\n"
                   " - [deleted]         (none)     -> origin/feat/start-run-shortcut")
        log = [
            ("Leo Okafor", "2026-02-05", "Merge pull request #231 from stride-app/feat/start-run-shortcut"),
            ("Leo Okafor", "2026-02-05", "Crashlytics: upload dSYMs from the beta lane"),
            ("Leo Okafor", "2026-02-05", "HealthKitWriter: request authorization lazily on first save"),
            ("Leo Okafor", "2026-02-05", "Fix onboarding continue button hidden by keyboard on iPhone SE"),
            ("Kwame Mensah", "2026-02-05", "firestore: index runs(ownerId, startedAt desc)"),
            ("Leo Okafor", "2026-02-05", "Bump firebase-ios-sdk to 11.7.0"),
            ("Leo Okafor", "2026-02-04", "RunSessionModel: pause/resume states"),
            ("Leo Okafor", "2026-02-04", "RunSessionModelTests: cover pause/resume"),
            ("Ines Duarte", "2026-02-04", "UITests: onboarding happy path"),
            ("Ines Duarte", "2026-02-04", "UITests: launch argument -uiTestingResetState"),
            ("Leo Okafor", "2026-02-04", "Distance unit setting (km/mi) in Settings"),
            ("Leo Okafor", "2026-02-04", "Settings: persist unit in users/{uid}.unit"),
            ("Kwame Mensah", "2026-02-04", "functions: scaffold codebase (TypeScript, Node 20)"),
            ("Leo Okafor", "2026-02-04", "SwiftLint: enable sorted_imports"),
            ("Leo Okafor", "2026-02-04", "Apply sorted_imports across the project"),
            ("Leo Okafor", "2026-02-04", "RunSummaryView: use StatTile grid"),
            ("Leo Okafor", "2026-02-04", "StatTile: monospaced digits"),
            ("Ines Duarte", "2026-02-04", "TestPlans: split UnitTests / UITests"),
            ("Leo Okafor", "2026-02-04", "fastlane: tests lane uses the UnitTests plan"),
            ("Leo Okafor", "2026-02-04", "README: XcodeGen + package layout"),
            ("Leo Okafor", "2026-02-04", "Remove leftover ObservableObject from SettingsModel"),
            ("Leo Okafor", "2026-02-04", "Settings: @StateObject -> @State"),
        ]
        t.bash("git log origin/main --since=2026-02-04 --no-merges --format='%h %<(13)%an %ad %s' --date=short",
               "List the commits on main since Wednesday",
               out="\n".join(f"{hx(7)} {a:<13} {dt} {s}" for a, dt, s in log if not s.startswith("Merge")))
        t.done("""21 commits since Wednesday, mostly Leo:

**Run tracking**
- `RunSessionModel` gained pause/resume states (+ tests).
- HealthKit authorization is now requested lazily on the first save instead of at launch.
- Distance unit setting (km/mi), persisted in `users/{uid}.unit`.

**Infra / tooling**
- firebase-ios-sdk bumped to 11.7.0.
- Beta lane uploads dSYMs to Crashlytics.
- Test plans split into `UnitTests` / `UITests`; `fastlane tests` runs UnitTests only.
- SwiftLint `sorted_imports` enabled and applied everywhere (expect import-order noise in rebases).
- README documents the XcodeGen + package layout.

**Other people**
- Ines: onboarding UI test + a `-uiTestingResetState` launch argument.
- Kwame: Firestore index on `runs(ownerId, startedAt desc)` and a TypeScript Cloud Functions scaffold.

Your shortcut PR (#231) is merged. Nothing here conflicts with the weekly-goal branch except possibly import order in `HomeView.swift`.""")

        t = d.task("typo in the onboarding copy: 'acheive' → 'achieve'", tags=["noise"])
        t.grep("acheive", path=R, output_mode="content", n=True,
               content=f"{K('Sources/StrideFeatures/Onboarding/OnboardingView.swift')}:{line_of(d, K('Sources/StrideFeatures/Onboarding/OnboardingView.swift'), 'acheive')}:"
                       f"{src_line(d, K('Sources/StrideFeatures/Onboarding/OnboardingView.swift'), line_of(d, K('Sources/StrideFeatures/Onboarding/OnboardingView.swift'), 'acheive'))}")
        ob = K("Sources/StrideFeatures/Onboarding/OnboardingView.swift")
        t.read(ob)
        t.edit(ob, "what you can acheive when", "what you can achieve when")
        t.done("Fixed in `OnboardingView.swift` — it was the only occurrence.")

    # ============================================================ S4  Tue 02-10
    with d.session("2026-02-10T13:20:00", R, branch="main", version="2.1.33"):
        t = d.task("cut a TestFlight build from main for Ines — the weekly goal card and the Start a run shortcut are the "
                   "headline. write the What to Test notes and run the beta lane", tags=["workflow:W2", "long_output"])
        t.bash("git status -sb && git pull --ff-only", "Check the tree and fast-forward main",
               out=f"## main...origin/main [behind 9]\nUpdating {hx(7)}..{hx(7)}\nFast-forward\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Home/HomeView.swift          | 16 ++++--\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Home/WeeklyGoalCard.swift    | 33 +++++++++++\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Home/WeeklyGoalModel.swift   | 57 ++++++++++++++++++\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Onboarding/OnboardingView.swift |  2 +-\n"
                   " Stride/App/StrideApp.swift                                              |  5 +-\n"
                   " 5 files changed, 108 insertions(+), 5 deletions(-)\n"
                   " create mode 100644 Packages/StrideKit/Sources/StrideFeatures/Home/WeeklyGoalCard.swift\n"
                   " create mode 100644 Packages/StrideKit/Sources/StrideFeatures/Home/WeeklyGoalModel.swift")
        long_notes = """Stride 2.4.0 – What to Test

NEW: Weekly goal card on Home
- Open the app: the card above "Start run" shows the km you ran this week against your weekly goal.
- The goal comes from your profile (weeklyGoalKm in Firestore). If you never set one, it defaults to 20 km.
- The week follows your phone's calendar settings, so it starts on Monday or Sunday depending on region.
- Please check: finish a short run, go back to Home — the card should update when you return to the app.
- Under the hood the card reads your runs through RunRepository and writes week.km / week.goalKm to the
  app group, so the Home Screen widget shows the same numbers.

NEW: "Start a run" Siri / Spotlight shortcut
- After installing, open the app once so iOS indexes the shortcut.
- Say "Start a run in Stride", or search "Start a run" in Spotlight.
- The app should open and start recording straight away (check the timer is running).
- Also try it from the Shortcuts app: Stride → Start a run.

FIXED
- Typo on the onboarding screen ("achieve").
- Continue button hidden by the keyboard on iPhone SE.

KNOWN ISSUES
- The widget doesn't refresh until the app has been opened at least once this week.
"""
        t.write(P("fastlane/changelog.txt"), long_notes)
        out, b1 = fastlane_beta(13, 23, "2026-02-10", "2.4.0", 411, long_notes)
        t.bash("bundle exec fastlane beta", "Build and upload to TestFlight with the beta lane", out=out, timeout=600000)
        t.bash("git push origin main --follow-tags", "Push the beta tag",
               err=f"To github.com:stride-app/stride-ios.git\n * [new tag]         beta/2.4.0-{b1} -> beta/2.4.0-{b1}")
        t.done(f"""**2.4.0 ({b1})** is on TestFlight and available to internal testers (Ines included); processing took ~4 min.

- What to Test notes are in `fastlane/changelog.txt` and were set on the build.
- Lane steps: XcodeGen → match (appstore, readonly) → build number {b1} (latest was 411) → gym archive/export → upload + wait for processing → dSYMs to Crashlytics → tag `beta/2.4.0-{b1}`.
- Tag pushed.""")

        t = d.task("the What to Test notes you wrote were way too long — Ines said nobody reads past the third line and I "
                   "had to cut half of it in App Store Connect. keep them to 3-4 short bullets: what to test and where, "
                   "no implementation details. rewrite changelog.txt like that so it matches what's live",
                   tags=["feedback"],
                   feedback="the What to Test notes you wrote were way too long — Ines said nobody reads past the third "
                            "line and I had to cut half of it in App Store Connect. keep them to 3-4 short bullets: what to "
                            "test and where, no implementation details.")
        t.write(P("fastlane/changelog.txt"), """- Home: new weekly goal card — finish a short run and check the km update when you come back.
- Siri/Spotlight: open the app once, then try "Start a run in Stride" — recording should start right away.
- Onboarding: the Continue button stays visible with the keyboard up (iPhone SE).
""")
        t.done("""Rewritten to three bullets, tester-facing only:

- Home: new weekly goal card — finish a short run and check the km update when you come back.
- Siri/Spotlight: open the app once, then try "Start a run in Stride" — recording should start right away.
- Onboarding: the Continue button stays visible with the keyboard up (iPhone SE).

I'll keep future notes in this format: what to try and where, max 3–4 bullets, no internals.""")

        t = d.task("why does the beta lane ask TestFlight for the latest build number instead of just bumping "
                   "CURRENT_PROJECT_VERSION in project.yml?", tags=["noise"])
        t.read(P("fastlane/Fastfile"))
        t.read(P("project.yml"), limit=16)
        t.done("""Because the number that has to be unique lives in App Store Connect, not in the repo.

- `latest_testflight_build_number(version:)` returns the highest build already uploaded for 2.4.0 — by anyone, from any machine or CI — and the lane adds 1. Bumping in `project.yml` would need a commit per build, and two people cutting betas from different commits would pick the same number and the second upload would be rejected as a duplicate.
- The number is passed to gym as `xcargs: "CURRENT_PROJECT_VERSION=#{build}"`, so it only exists in that archive; `project.yml` stays at `1` and `ensure_git_status_clean` never trips over a version bump.
- Traceability comes from the tag instead: `add_git_tag(tag: "beta/#{version}-#{build}")` marks which commit produced which build.

Downside: local Debug builds all say build 1, and if an upload fails after `latest_testflight_build_number` ran, a retry simply gets the same number again — which is what you want.""")

    # ============================================================ S5  Thu 02-12
    with d.session("2026-02-12T10:05:00", R, branch="feat/hr-zones", version="2.1.34"):
        t = d.task("heart rate zones in StrideCore: Karvonen, 5 zones from resting + max HR, plus a function that buckets "
                   "a run's HR samples into time-in-zone. tests again in Swift Testing, #expect not XCTAssert — I don't "
                   "want XCTest in new code", tags=["mistake:M1", "pref:P1"])
        t.read(K("Sources/StrideCore/Run.swift"))
        t.read(K("Tests/StrideCoreTests/PaceFormatterTests.swift"))
        hz = K("Sources/StrideCore/HeartRateZones.swift")
        t.write(hz, HR_ZONES)
        t.write(K("Tests/StrideCoreTests/HeartRateZonesTests.swift"), HR_ZONES_TESTS)
        uik = spm_diag(d, K("Sources/StrideUI/Haptics.swift"), "import UIKit", "no such module 'UIKit'", token="UIKit")
        dur = spm_diag(d, K("Sources/StrideCore/Run.swift"), "public var duration: Duration",
                       "'Duration' is only available in macOS 13.0 or newer", token="Duration",
                       note="add @available attribute to enclosing struct")
        dur2 = spm_diag(d, hz, "public func timeInZones", "'Duration' is only available in macOS 13.0 or newer",
                        token="Duration", note="add @available attribute to enclosing instance method")
        t.fail(f"cd {PK} && swift test --filter HeartRateZonesTests", "Run the heart rate zone tests",
               f"""Building for debugging...
[0/17] Write sources
[4/17] Write swift-version--58304C5D6DBC2206.txt
error: emit-module command failed with exit code 1 (use -v to see invocation)
{uik}
[6/24] Emitting module StrideUI
{uik}
error: emit-module command failed with exit code 1 (use -v to see invocation)
{dur}

{dur2}
[8/24] Emitting module StrideCore
{dur}

{dur2}
[9/24] Compiling StrideCore HeartRateZones.swift""", timeout=300000)
        t.say("Same wall as with the pace formatter: `swift test` compiles StrideKit for macOS, and the package is "
              "iOS-only (UIKit in StrideUI, iOS 17 APIs everywhere). Running the suite on the simulator through the "
              "package's `StrideKit-Package` scheme instead.")
        t.bash(f"cd {PK} && xcodebuild test -scheme StrideKit-Package -destination 'platform=iOS Simulator,name=iPhone 16 Pro' "
               f"-only-testing:StrideCoreTests/HeartRateZonesTests 2>&1 | tail -15",
               "Run the heart rate zone tests on the iOS simulator",
               out="2026-02-12 10:19:47.318 xcodebuild[52116:2210873] [MT] IDETestOperationsObserverDebug: 9.871 elapsed -- Testing started completed.\n"
                   "2026-02-12 10:19:47.318 xcodebuild[52116:2210873] [MT] IDETestOperationsObserverDebug: 0.000 sec, +0.000 sec -- start\n"
                   "2026-02-12 10:19:47.318 xcodebuild[52116:2210873] [MT] IDETestOperationsObserverDebug: 9.871 sec, +9.871 sec -- end\n" +
                   xc_cases(["HeartRateZonesTests/karvonenEdges()", "HeartRateZonesTests/zoneForHeartRate(bpm:expected:)",
                             "HeartRateZonesTests/rejectsImpossibleInput()",
                             "HeartRateZonesTests/timeInZonesCountsUntilTheNextSample()"], dev="iPhone 16 Pro") +
                   "\n\n" + xc_result_tail("StrideKit", "2026.02.12_10-19-35"), timeout=600000)
        t.done("""`StrideCore/HeartRateZones.swift`:

- `HeartRateZones(resting:maximum:)` (failable: resting > 0 and max > resting). Zone lower edges at 50/60/70/80/90 % of heart-rate reserve: `resting + p × (max − resting)`, rounded; zone 5 tops out at max. For 50/190 that's 120 / 134 / 148 / 162 / 176.
- `zone(for:)` → 1…5, `nil` below zone 1, anything above max counts as 5.
- `timeInZones(_:tail:)` sorts the samples, gives each sample the time until the next one (the last one gets `tail`, 5 s by default), skips samples below zone 1 and returns `[zone: Duration]`.

`HeartRateZonesTests` (Swift Testing, with a parameterised `zoneForHeartRate`) — 4 tests, all green on the iPhone 16 Pro simulator via `xcodebuild test -scheme StrideKit-Package` (plain `swift test` can't build the iOS-only package on the Mac).""")

        t = d.task("Ines says the onboarding UI test has been red on her machine since yesterday. can you run the UI tests "
                   "and see?", tags=["flaky:F2"])
        ui = ("set -o pipefail && xcodebuild test -project Stride.xcodeproj -scheme Stride -testPlan UITests "
              "-destination 'platform=iOS Simulator,name=iPhone 16' 2>&1 | tail -25")
        t.fail(ui, "Run the UI test plan",
               f"""2026-02-12 10:41:07.512 xcodebuild[48213:1874410] [MT] IDETestOperationsObserverDebug: 182.408 elapsed -- Testing started completed.
2026-02-12 10:41:07.512 xcodebuild[48213:1874410] [MT] IDETestOperationsObserverDebug: 0.000 sec, +0.000 sec -- start
2026-02-12 10:41:07.512 xcodebuild[48213:1874410] [MT] IDETestOperationsObserverDebug: 182.408 sec, +182.408 sec -- end

Test session results, code coverage, and logs:
	{DD}/Logs/Test/Test-Stride-2026.02.12_10-38-04-+0000.xcresult

Testing failed:
	StrideUITests-Runner (48391) encountered an error (Test runner never began executing tests after launching.  If you believe this error represents a bug, please attach the result bundle at {DD}/Logs/Test/Test-Stride-2026.02.12_10-38-04-+0000.xcresult)

** TEST FAILED **""", code=65, timeout=600000)
        t.say("That isn't a test failure — the UI test runner app never started on the simulator (it sat for three minutes "
              "and timed out), so no test ran at all. That's usually the simulator, not our code. Running the same "
              "command once more:")
        t.bash(ui, "Run the UI test plan", out=f"""Test Suite 'StrideUITests.xctest' started at 2026-02-12 10:43:52.117.
Test Suite 'OnboardingUITests' started at 2026-02-12 10:43:52.118.
Test Case '-[StrideUITests.OnboardingUITests testContinueButtonVisibleWithKeyboard]' started.
Test Case '-[StrideUITests.OnboardingUITests testContinueButtonVisibleWithKeyboard]' passed (9.204 seconds).
Test Case '-[StrideUITests.OnboardingUITests testOnboardingHappyPath]' started.
Test Case '-[StrideUITests.OnboardingUITests testOnboardingHappyPath]' passed (12.871 seconds).
Test Suite 'OnboardingUITests' passed at 2026-02-12 10:44:14.195.
	 Executed 2 tests, with 0 failures (0 unexpected) in 22.075 (22.077) seconds
Test Suite 'RunFlowUITests' started at 2026-02-12 10:44:14.196.
Test Case '-[StrideUITests.RunFlowUITests testStartAndFinishShortRun]' started.
Test Case '-[StrideUITests.RunFlowUITests testStartAndFinishShortRun]' passed (16.540 seconds).
Test Suite 'RunFlowUITests' passed at 2026-02-12 10:44:30.737.
	 Executed 1 test, with 0 failures (0 unexpected) in 16.540 (16.541) seconds
Test Suite 'StrideUITests.xctest' passed at 2026-02-12 10:44:30.738.
	 Executed 3 tests, with 0 failures (0 unexpected) in 38.615 (38.620) seconds
2026-02-12 10:44:31.402 xcodebuild[49022:1879315] [MT] IDETestOperationsObserverDebug: 61.093 elapsed -- Testing started completed.
2026-02-12 10:44:31.402 xcodebuild[49022:1879315] [MT] IDETestOperationsObserverDebug: 0.000 sec, +0.000 sec -- start
2026-02-12 10:44:31.402 xcodebuild[49022:1879315] [MT] IDETestOperationsObserverDebug: 61.093 sec, +61.093 sec -- end

Test session results, code coverage, and logs:
	{DD}/Logs/Test/Test-Stride-2026.02.12_10-42-58-+0000.xcresult

** TEST SUCCEEDED **""", timeout=600000)
        t.done("""Green here: all 3 UI tests pass on this branch (onboarding happy path, keyboard/Continue button, start-and-finish run).

The first run didn't fail a test — `Test runner never began executing tests after launching`: the simulator never launched the runner. The identical second run passed. So I can't reproduce Ines's red test. Could you ask her for the failure message or the `.xcresult`? If hers is the same runner-launch timeout, `xcrun simctl shutdown all` (or erasing that simulator) usually clears it; if it's a real assertion, it's probably local state — her simulator still having a signed-in user from manual testing would skip onboarding entirely.""")

        t = d.task("draft a short Slack msg to Kwame: we want 'shared runs' (a public link to a run summary). needs a "
                   "sharedRuns collection, readable by any signed-in user with the link, only the owner can create or "
                   "delete. ask if he's ok with me writing the rules + tests and him reviewing", tags=["noise", "no_tools"])
        t.done("""Hey Kwame 👋 we're picking up **shared runs** next: a link to a run summary you can send to a friend.

Firestore side I have in mind:
- new `sharedRuns/{shareId}` collection (owner id, run id, created at + the few summary fields the share page shows)
- read: any signed-in user who has the link
- create / delete: only the owner; no updates

OK if I write the rules + emulator tests in `firebase/` and you review the PR? Happy to hand it over if you'd rather own it.""")

    # ============================================================ S6  Mon 02-16
    with d.session("2026-02-16T09:30:00", R, branch="feat/shared-runs", version="2.1.35"):
        t = d.task("Kwame's fine with it. add the sharedRuns rules: any signed-in user can read a shared run doc, only the "
                   "owner can create or delete it, no updates. tests in firebase/rules-tests like runs.test.ts, run them "
                   "against the emulator, then deploy the rules to staging", tags=["workflow:W3", "oneoff:O2"])
        rules = P("firebase/firestore.rules")
        t.read(rules)
        t.read(P("firebase/rules-tests/runs.test.ts"))
        t.edit(rules, """        && request.resource.data.ownerId == resource.data.ownerId;
    }
""", """        && request.resource.data.ownerId == resource.data.ownerId;
    }

    match /sharedRuns/{shareId} {
      allow read: if signedIn();
      allow create: if isOwner(request.resource.data.ownerId)
        && request.resource.data.keys().hasOnly(['ownerId', 'runId', 'createdAt']);
      allow delete: if isOwner(resource.data.ownerId);
    }
""")
        t.write(P("firebase/rules-tests/sharedRuns.test.ts"), """import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { deleteDoc, doc, getDoc, setDoc, updateDoc } from "firebase/firestore";
import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { makeEnv } from "./setup";

let env: RulesTestEnvironment;

const share = {
  ownerId: "alice",
  runId: "r1",
  createdAt: new Date("2026-02-16T09:00:00Z"),
  distanceMeters: 8012,
  durationSeconds: 2710,
};

async function seed() {
  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(ctx.firestore(), "sharedRuns/s1"), share);
  });
}

beforeAll(async () => {
  env = await makeEnv();
});
afterAll(async () => env.cleanup());
beforeEach(async () => env.clearFirestore());

describe("sharedRuns", () => {
  it("owner can share their own run", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertSucceeds(setDoc(doc(db, "sharedRuns/s1"), share));
  });

  it("cannot share a run as someone else", async () => {
    const db = env.authenticatedContext("bob").firestore();
    await assertFails(setDoc(doc(db, "sharedRuns/s1"), share));
  });

  it("any signed-in user can read a share, anonymous visitors cannot", async () => {
    await seed();
    await assertSucceeds(getDoc(doc(env.authenticatedContext("bob").firestore(), "sharedRuns/s1")));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), "sharedRuns/s1")));
  });

  it("shares are immutable", async () => {
    await seed();
    const db = env.authenticatedContext("alice").firestore();
    await assertFails(updateDoc(doc(db, "sharedRuns/s1"), { distanceMeters: 42195 }));
  });

  it("only the owner can unshare", async () => {
    await seed();
    await assertFails(deleteDoc(doc(env.authenticatedContext("bob").firestore(), "sharedRuns/s1")));
    await assertSucceeds(deleteDoc(doc(env.authenticatedContext("alice").firestore(), "sharedRuns/s1")));
  });
});
""")
        emu = "firebase emulators:exec --only firestore --project demo-stride \"npm --prefix firebase/rules-tests test\""
        cl = line_of(d, rules, "allow create: if isOwner(request.resource.data.ownerId)", nth=2)
        t.fail(emu, "Run the rules tests against the Firestore emulator", emu_exec(f"""
 ✓ runs.test.ts (3 tests) 291ms
 ❯ sharedRuns.test.ts (5 tests | 1 failed) 418ms
   × sharedRuns > owner can share their own run 64ms
     → 7 PERMISSION_DENIED: 
false for 'create' @ L{cl}

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  sharedRuns.test.ts > sharedRuns > owner can share their own run
FirebaseError: 7 PERMISSION_DENIED: 
false for 'create' @ L{cl}
 ❯ assertSucceeds node_modules/@firebase/rules-unit-testing/dist/esm/index.esm.js:420:19
 ❯ sharedRuns.test.ts:32:5
     30|   it("owner can share their own run", async () => {{
     31|     const db = env.authenticatedContext("alice").firestore();
     32|     await assertSucceeds(setDoc(doc(db, "sharedRuns/s1"), share));
       |     ^
     33|   }});
     34| 

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯

 Test Files  1 failed | 1 passed (2)
      Tests  1 failed | 7 passed (8)
   Start at  09:47:31
   Duration  1.96s (transform 63ms, setup 0ms, collect 418ms, tests 709ms, environment 0ms, prepare 204ms)
""", ok=False), timeout=180000)
        t.say(f"The create rule on line {cl} rejects the owner's own share: my `hasOnly` list allows only ownerId/runId/"
              "createdAt, but the share document also carries the summary the share page shows (distance, duration). "
              "Adding those two fields to the allowed keys:")
        t.edit(rules, "hasOnly(['ownerId', 'runId', 'createdAt'])",
               "hasOnly(['ownerId', 'runId', 'createdAt', 'distanceMeters', 'durationSeconds'])")
        t.bash(emu, "Re-run the rules tests", out=emu_exec("""
 ✓ runs.test.ts (3 tests) 288ms
 ✓ sharedRuns.test.ts (5 tests) 402ms

 Test Files  2 passed (2)
      Tests  8 passed (8)
   Start at  09:49:02
   Duration  1.88s (transform 60ms, setup 0ms, collect 401ms, tests 690ms, environment 0ms, prepare 199ms)
"""), timeout=180000)
        t.bash("firebase deploy --only firestore:rules --project stride-staging", "Deploy the rules to staging",
               out=rules_deploy(), timeout=180000)
        t.done("""`sharedRuns` rules are live on **stride-staging**.

```
match /sharedRuns/{shareId} {
  allow read: if signedIn();
  allow create: if isOwner(request.resource.data.ownerId)
    && request.resource.data.keys().hasOnly(['ownerId', 'runId', 'createdAt', 'distanceMeters', 'durationSeconds']);
  allow delete: if isOwner(resource.data.ownerId);
}
```
No `update` rule, so shares are immutable.

`firebase/rules-tests/sharedRuns.test.ts` — 5 tests (owner can share, can't share as someone else, signed-in read / anonymous denied, no updates, only the owner can delete). The first emulator run failed the owner-create test because my `hasOnly` list was missing the two summary fields; with them added all 8 rules tests pass.""")

        t = d.task("now the app side: a \"Shared runs\" screen in StrideFeatures (SharedRunsModel + SharedRunsView) listing "
                   "the runs I've shared, newest first, pull to refresh, swipe to unshare", tags=["mistake:M2"])
        t.read(K("Sources/StrideFeatures/Services/RunRepository.swift"))
        t.read(K("Sources/StrideFeatures/Home/WeeklyGoalModel.swift"))
        t.write(K("Sources/StrideFeatures/Services/SharedRunRepository.swift"), """import FirebaseFirestore
import Foundation

public struct SharedRun: Identifiable, Codable, Hashable, Sendable {
    public var id: String
    public var runId: String
    public var ownerId: String
    public var createdAt: Date
    public var distanceMeters: Double
    public var durationSeconds: Int

    public init(id: String, runId: String, ownerId: String, createdAt: Date, distanceMeters: Double, durationSeconds: Int) {
        self.id = id
        self.runId = runId
        self.ownerId = ownerId
        self.createdAt = createdAt
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
    }
}

public protocol SharedRunRepository: Sendable {
    func sharedRuns(ownerId: String) async throws -> [SharedRun]
    func unshare(id: String) async throws
}

public final class FirestoreSharedRunRepository: SharedRunRepository {
    private let db: Firestore

    public init(db: Firestore = .firestore()) {
        self.db = db
    }

    public func sharedRuns(ownerId: String) async throws -> [SharedRun] {
        let snapshot = try await db.collection("sharedRuns")
            .whereField("ownerId", isEqualTo: ownerId)
            .getDocuments()
        return snapshot.documents.compactMap { document in
            let data = document.data()
            guard let runId = data["runId"] as? String,
                  let createdAt = (data["createdAt"] as? Timestamp)?.dateValue(),
                  let distance = data["distanceMeters"] as? Double,
                  let duration = data["durationSeconds"] as? Int
            else { return nil }
            return SharedRun(id: document.documentID, runId: runId, ownerId: ownerId, createdAt: createdAt,
                             distanceMeters: distance, durationSeconds: duration)
        }
    }

    public func unshare(id: String) async throws {
        try await db.collection("sharedRuns").document(id).delete()
    }
}
""")
        srm = K("Sources/StrideFeatures/SharedRuns/SharedRunsModel.swift")
        t.write(srm, """import Foundation
import Observation
import os

@Observable
public final class SharedRunsModel {
    public private(set) var items: [SharedRun] = []
    public private(set) var errorMessage: String?

    private let repository: SharedRunRepository
    private let ownerId: String
    private let logger = Logger(subsystem: "app.stride", category: "SharedRuns")

    public init(repository: SharedRunRepository, ownerId: String) {
        self.repository = repository
        self.ownerId = ownerId
    }

    public func refresh() async {
        do {
            items = try await repository.sharedRuns(ownerId: ownerId).sorted { $0.createdAt > $1.createdAt }
            errorMessage = nil
        } catch {
            logger.error("loading shared runs failed: \\(error.localizedDescription, privacy: .public)")
            errorMessage = "Couldn't load your shared runs."
        }
    }

    public func unshare(_ share: SharedRun) async {
        let before = items
        items.removeAll { $0.id == share.id }
        do {
            try await repository.unshare(id: share.id)
        } catch {
            logger.error("unshare failed: \\(error.localizedDescription, privacy: .public)")
            items = before
            errorMessage = "Couldn't remove that share."
        }
    }
}
""")
        srv = K("Sources/StrideFeatures/SharedRuns/SharedRunsView.swift")
        t.write(srv, """import StrideCore
import SwiftUI

public struct SharedRunsView: View {
    @State private var model: SharedRunsModel
    @Environment(\\.distanceUnit) private var unit

    public init(model: SharedRunsModel) {
        _model = State(initialValue: model)
    }

    public var body: some View {
        List {
            ForEach(model.items) { share in
                VStack(alignment: .leading, spacing: 2) {
                    Text(share.createdAt, format: .dateTime.day().month().year())
                        .font(.headline)
                    Text(String(format: "%.2f %@", share.distanceMeters / unit.meters, unit.shortLabel))
                        .font(.subheadline.monospacedDigit())
                        .foregroundStyle(.secondary)
                }
                .swipeActions {
                    Button("Unshare", role: .destructive) {
                        Task { await model.unshare(share) }
                    }
                }
            }
        }
        .overlay {
            if model.items.isEmpty {
                ContentUnavailableView("No shared runs", systemImage: "square.and.arrow.up",
                                       description: Text("Runs you share will show up here."))
            }
        }
        .navigationTitle("Shared runs")
        .refreshable { await model.refresh() }
        .task { await model.refresh() }
    }
}
""")
        note = lambda m: ["sending main actor-isolated 'self.model' to nonisolated instance method '" + m +
                          "' risks causing data races between nonisolated and main actor-isolated uses"]
        t.fail("xcodebuild -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16 Pro' build -quiet",
               "Build the app with the new screen",
               "\n".join([
                   xc_diag(d, srv, "Task { await model.unshare(share) }", "error",
                           "sending 'self.model' risks causing data races", token="model.unshare", notes=note("unshare(_:)")),
                   xc_diag(d, srv, ".refreshable { await model.refresh() }", "error",
                           "sending 'self.model' risks causing data races", token="model.refresh", notes=note("refresh()")),
                   xc_diag(d, srv, ".task { await model.refresh() }", "error",
                           "sending 'self.model' risks causing data races", token="model.refresh", notes=note("refresh()")),
               ]) + "\n" + build_failed([swiftcompile([srm, srv], "StrideFeatures", "StrideKit"),
                                         "Building project Stride with scheme Stride"]),
               code=65, timeout=600000)
        t.say("Three `sending 'self.model'` errors, all the same cause: `SharedRunsModel` isn't actor-isolated, so each "
              "`await model.…` from the main-actor view sends it off the main actor. It's view state — isolating the "
              "class to the main actor:")
        t.edit(srm, """@Observable
public final class SharedRunsModel {""", """@MainActor
@Observable
public final class SharedRunsModel {""")
        t.bash("xcodebuild -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16 Pro' build -quiet",
               "Rebuild", out="", timeout=600000)
        t.done("""Shared runs screen added; the app builds.

- `Services/SharedRunRepository.swift` — `SharedRun` value type, `SharedRunRepository` protocol and the Firestore implementation (`sharedRuns where ownerId == me`, `delete` to unshare).
- `SharedRuns/SharedRunsModel.swift` — `@MainActor @Observable`; `refresh()` sorts newest first, `unshare(_:)` removes the row optimistically and puts it back (with an error message) if the delete fails. Errors are logged via `Logger`.
- `SharedRuns/SharedRunsView.swift` — list with date + distance in the user's unit, swipe-to-unshare, pull-to-refresh, `.task` initial load, empty state.

The first build failed with three `sending 'self.model' risks causing data races` errors because the model wasn't `@MainActor`; fixed. The view isn't linked from anywhere yet — tell me where you want the entry point (Settings or the run summary).""")

        d.precompact("""Analysis: Jordan works on stride-app/stride-ios (SwiftUI, iOS 17+, Swift 6 mode). App target generated by XcodeGen from project.yml (Stride.xcodeproj git-ignored); almost all code in the local package Packages/StrideKit (StrideCore, StrideUI, StrideFeatures). Tests: Swift Testing for new code; `bundle exec fastlane tests`; betas with `bundle exec fastlane beta`. Firebase rules in firebase/, tests with vitest against the emulator. Current branch feat/shared-runs.

Summary:
1. Earlier sessions: PaceFormatter and HeartRateZones in StrideCore (Swift Testing tests, run on the simulator via the StrideKit-Package scheme), Start a run App Shortcut (PR #231, merged), weekly goal card (WeeklyGoalModel, @MainActor), TestFlight 2.4.0 (412). Jordan wants What to Test notes as 3–4 short tester-facing bullets; failures logged with os.Logger, no print().
2. This session: sharedRuns Firestore rules (read: signed in; create/delete: owner; hasOnly ownerId/runId/createdAt/distanceMeters/durationSeconds), sharedRuns.test.ts (5 tests) green in the emulator, deployed to stride-staging.
3. Added SharedRunRepository (+ SharedRun), SharedRunsModel (@MainActor @Observable, optimistic unshare), SharedRunsView (pull to refresh, swipe to unshare). App builds. Entry point not decided yet.""")

        t = d.task("add tests for SharedRunsModel with a fake repository: newest first, unshare removes the row, a failed "
                   "unshare puts it back. keep the sample shares as a JSON fixture file in Tests/StrideFeaturesTests/"
                   "Fixtures like run_basic.json, not inline in the test", tags=["pref:P3"])
        t.read(K("Package.swift"))
        t.read(K("Tests/StrideCoreTests/Fixtures/run_basic.json"))
        t.edit(K("Package.swift"), """        .testTarget(name: "StrideFeaturesTests", dependencies: ["StrideFeatures"]),""",
               """        .testTarget(name: "StrideFeaturesTests", dependencies: ["StrideFeatures"], resources: [.process("Fixtures")]),""")
        t.write(K("Tests/StrideFeaturesTests/Fixtures/shared_runs.json"), """[
  {
    "id": "s_older",
    "runId": "r_01HZX3",
    "ownerId": "u_jordan",
    "createdAt": "2026-02-09T18:02:00Z",
    "distanceMeters": 5012.4,
    "durationSeconds": 1654
  },
  {
    "id": "s_newest",
    "runId": "r_01J0A1",
    "ownerId": "u_jordan",
    "createdAt": "2026-02-15T08:15:00Z",
    "distanceMeters": 12040.0,
    "durationSeconds": 4102
  },
  {
    "id": "s_middle",
    "runId": "r_01HZZ9",
    "ownerId": "u_jordan",
    "createdAt": "2026-02-12T07:30:00Z",
    "distanceMeters": 8012.0,
    "durationSeconds": 2710
  }
]
""")
        t.write(K("Tests/StrideFeaturesTests/SharedRunsModelTests.swift"), """import Foundation
import Testing
@testable import StrideFeatures

private actor FakeSharedRunRepository: SharedRunRepository {
    let stored: [SharedRun]
    let failUnshare: Bool
    private(set) var unshared: [String] = []

    init(_ stored: [SharedRun], failUnshare: Bool = false) {
        self.stored = stored
        self.failUnshare = failUnshare
    }

    func sharedRuns(ownerId: String) async throws -> [SharedRun] { stored }

    func unshare(id: String) async throws {
        if failUnshare { throw URLError(.notConnectedToInternet) }
        unshared.append(id)
    }
}

private func fixtureShares() throws -> [SharedRun] {
    let url = try #require(Bundle.module.url(forResource: "shared_runs", withExtension: "json"))
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode([SharedRun].self, from: Data(contentsOf: url))
}

@MainActor
@Suite struct SharedRunsModelTests {
    @Test func refreshSortsNewestFirst() async throws {
        let model = SharedRunsModel(repository: FakeSharedRunRepository(try fixtureShares()), ownerId: "u_jordan")
        await model.refresh()
        #expect(model.items.map(\\.id) == ["s_newest", "s_middle", "s_older"])
    }

    @Test func unshareRemovesTheRow() async throws {
        let repository = FakeSharedRunRepository(try fixtureShares())
        let model = SharedRunsModel(repository: repository, ownerId: "u_jordan")
        await model.refresh()
        await model.unshare(model.items[0])
        #expect(model.items.map(\\.id) == ["s_middle", "s_older"])
        #expect(await repository.unshared == ["s_newest"])
    }

    @Test func failedUnsharePutsTheRowBack() async throws {
        let repository = FakeSharedRunRepository(try fixtureShares(), failUnshare: true)
        let model = SharedRunsModel(repository: repository, ownerId: "u_jordan")
        await model.refresh()
        await model.unshare(model.items[1])
        #expect(model.items.count == 3)
        #expect(model.errorMessage != nil)
    }
}
""")
        t.bash("xcodebuild test -project Stride.xcodeproj -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' "
               "-only-testing:StrideFeaturesTests/SharedRunsModelTests 2>&1 | tail -12",
               "Run the new SharedRunsModel tests through the app's unit test plan",
               out="2026-02-16 10:31:12.604 xcodebuild[61377:2581004] [MT] IDETestOperationsObserverDebug: 11.204 elapsed -- Testing started completed.\n"
                   "2026-02-16 10:31:12.604 xcodebuild[61377:2581004] [MT] IDETestOperationsObserverDebug: 0.000 sec, +0.000 sec -- start\n"
                   "2026-02-16 10:31:12.604 xcodebuild[61377:2581004] [MT] IDETestOperationsObserverDebug: 11.204 sec, +11.204 sec -- end\n" +
                   xc_cases(["SharedRunsModelTests/refreshSortsNewestFirst()", "SharedRunsModelTests/unshareRemovesTheRow()",
                             "SharedRunsModelTests/failedUnsharePutsTheRowBack()"], proc="Stride") +
                   "\n\n" + xc_result_tail("Stride", "2026.02.16_10-30-58"), timeout=600000)
        t.done("""`SharedRunsModelTests` (Swift Testing, `@MainActor` suite) — 3 tests, all passing:

- `refreshSortsNewestFirst` — fixture order older/newest/middle comes back newest → oldest.
- `unshareRemovesTheRow` — row gone, repository got the delete.
- `failedUnsharePutsTheRowBack` — delete throws, all 3 rows are back and `errorMessage` is set.

The sample shares are in `Tests/StrideFeaturesTests/Fixtures/shared_runs.json` (ISO-8601 dates, decoded with a plain `JSONDecoder`), and `Package.swift` now processes that `Fixtures` folder as a resource for `StrideFeaturesTests`, like StrideCoreTests already did. The fake repository lives in the test file.""")

    # ============================================================ S7  Wed 02-18  (acceptEdits)
    with d.session("2026-02-18T10:15:00", R, branch="feat/streak-widget", version="2.1.36", permission_mode="acceptEdits"):
        t = d.task("streak widget: a second widget in StrideWidgets showing the current streak (consecutive weeks the goal "
                   "was hit). Kwame's weekly job already writes users/{uid}.streakWeeks — have WeeklyGoalModel copy it to "
                   "the app group as streak.weeks next to week.km", tags=["mistake:M3"])
        wb = P("StrideWidgets/StrideWidgetsBundle.swift")
        t.read(wb)
        t.read(P("StrideWidgets/WeeklyDistanceWidget.swift"))
        wg = K("Sources/StrideFeatures/Home/WeeklyGoalModel.swift")
        t.read(wg)
        t.edit(wg, """    public private(set) var isLoading = false
""", """    public private(set) var streakWeeks = 0
    public private(set) var isLoading = false
""")
        t.edit(wg, """            shared?.set(goalKilometers, forKey: "week.goalKm")
""", """            shared?.set(goalKilometers, forKey: "week.goalKm")
            streakWeeks = user.get("streakWeeks") as? Int ?? 0
            shared?.set(streakWeeks, forKey: "streak.weeks")
""")
        t.write(P("StrideWidgets/StreakWidget.swift"), """import SwiftUI
import WidgetKit

struct StreakEntry: TimelineEntry {
    let date: Date
    let weeks: Int
}

struct StreakProvider: TimelineProvider {
    func placeholder(in context: Context) -> StreakEntry {
        StreakEntry(date: .now, weeks: 6)
    }

    func getSnapshot(in context: Context, completion: @escaping (StreakEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StreakEntry>) -> Void) {
        let weeks = UserDefaults(suiteName: "group.app.stride")?.integer(forKey: "streak.weeks") ?? 0
        let entry = StreakEntry(date: .now, weeks: weeks)
        completion(Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(60 * 60))))
    }
}

struct StreakWidgetView: View {
    let entry: StreakEntry

    var body: some View {
        VStack(spacing: 4) {
            Image(systemName: entry.weeks > 0 ? "flame.fill" : "flame")
                .font(.title)
                .foregroundStyle(entry.weeks > 0 ? .orange : .secondary)
            Text("\\(entry.weeks)")
                .font(.system(.largeTitle, design: .rounded).weight(.bold))
                .contentTransition(.numericText())
            Text(entry.weeks == 1 ? "week streak" : "weeks streak")
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct StreakWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Streak", provider: StreakProvider()) { entry in
            StreakWidgetView(entry: entry)
        }
        .configurationDisplayName("Streak")
        .description("Weeks in a row you hit your goal.")
        .supportedFamilies([.systemSmall])
    }
}
""")
        t.edit(wb, """        WeeklyDistanceWidget()
""", """        WeeklyDistanceWidget()
        StreakWidget()
""")
        t.fail("xcodebuild -project Stride.xcodeproj -scheme Stride -destination 'generic/platform=iOS Simulator' build -quiet",
               "Build the app and the widget extension",
               xc_diag(d, wb, "StreakWidget()", "error", "cannot find 'StreakWidget' in scope") + "\n" +
               build_failed([swiftcompile([wb], "StrideWidgetsExtension", "Stride"),
                             "Building project Stride with scheme Stride"]),
               code=65, timeout=600000)
        t.say("The widget extension can't see `StreakWidget` although the file is in `StrideWidgets/` — checking what "
              "git thinks is new:")
        t.bash("git status --short", "Show changed and untracked files",
               out=" M Packages/StrideKit/Sources/StrideFeatures/Home/WeeklyGoalModel.swift\n"
                   " M StrideWidgets/StrideWidgetsBundle.swift\n?? StrideWidgets/StreakWidget.swift")
        t.say("Right — it's a brand-new file, and `Stride.xcodeproj` is generated by XcodeGen from `project.yml`, so the "
              "extension target only lists the files that existed when it was last generated. Regenerating:")
        t.bash("xcodegen generate --spec project.yml", "Regenerate the Xcode project",
               out=f"⚙️  Generating plists...\n⚙️  Generating project...\n⚙️  Writing project...\nCreated project at {R}/Stride.xcodeproj")
        t.bash("xcodebuild -project Stride.xcodeproj -scheme Stride -destination 'generic/platform=iOS Simulator' build -quiet",
               "Rebuild the app and the widget extension", out="", timeout=600000)
        t.done("""Streak widget added; app + extension build.

- `StrideWidgets/StreakWidget.swift` — small widget: flame + number of weeks (+ "week"/"weeks streak"), reads `streak.weeks` from the `group.app.stride` defaults, refreshes hourly. Registered in `StrideWidgetsBundle` after the weekly distance widget.
- `WeeklyGoalModel` now reads `users/{uid}.streakWeeks` (0 if missing), exposes `streakWeeks` and writes `streak.weeks` to the app group alongside `week.km` / `week.goalKm`.

The first build failed with `cannot find 'StreakWidget' in scope` because the new file wasn't in the generated project; `xcodegen generate --spec project.yml` picked it up. The widget only shows real numbers after the app has loaded Home once (that's when the model writes to the app group).""")

        t = d.task("looks good in the sim. format, lint, test, push and open a PR — say it needs the widget gallery "
                   "screenshot from Ines before merging", tags=["workflow:W1"])
        t.bash("swiftformat .", "Run SwiftFormat", err=swiftformat_out(0, 241, "1.29"))
        t.bash("swiftlint lint --strict --quiet", "Run SwiftLint (strict)", out="")
        tests_out, ntests = fastlane_tests(11, 6, [
            ("StrideCoreTests.DistanceUnitTests", ["metersPerUnit()", "shortLabels()"]),
            ("StrideCoreTests.HeartRateZonesTests", ["karvonenEdges()", "zoneForHeartRate(bpm:expected:)",
                                                     "rejectsImpossibleInput()", "timeInZonesCountsUntilTheNextSample()"]),
            ("StrideCoreTests.PaceFormatterTests", ["formatsMinutesAndSecondsPerKilometer()", "roundsToTheNearestSecond()",
                                                    "convertsToMinutesPerMile()", "missingPaceShowsAPlaceholder(_:)"]),
            ("StrideCoreTests.RunDecodingTests", ["decodesBasicRun()"]),
            ("StrideCoreTests.RunTests", ["paceIsNilBelow100Meters()", "paceUsesWholeSeconds()", "durationTotalSeconds()"]),
            ("StrideFeaturesTests.RunDTOTests", ["testRoundTripKeepsAllFields", "testMissingIdGetsGeneratedId"]),
            ("StrideFeaturesTests.RunSessionModelTests", ["testDistanceAccumulates", "testFinishRecordsSaveError",
                                                          "testFinishSavesToRepositoryAndHealth", "testFinishUsesElapsedTime",
                                                          "testFinishWithoutStartDoesNothing", "testPauseKeepsElapsed",
                                                          "testResumeContinuesFromPause", "testStartMovesToRunning"]),
            ("StrideFeaturesTests.SharedRunsModelTests", ["refreshSortsNewestFirst()", "unshareRemovesTheRow()",
                                                          "failedUnsharePutsTheRowBack()"]),
            ("StrideTests.DeepLinkRouterTests", ["testOpenSetsPending", "testRunDestinationCarriesId", "testStartRunDestination"]),
        ], 188)
        t.bash("bundle exec fastlane tests", "Run the unit test plan", out=tests_out, timeout=600000)
        t.bash("git add -A && git commit -m \"Streak widget\"", "Commit",
               out=f"[feat/streak-widget {hx(7)}] Streak widget\n 3 files changed, 71 insertions(+)\n"
                   f" create mode 100644 StrideWidgets/StreakWidget.swift")
        t.bash("git push -u origin feat/streak-widget", "Push the branch", err=push_new_branch("feat/streak-widget"))
        t.bash("gh pr create --base main --title \"Streak widget\" --body \"Small Home Screen widget with the current weekly "
               "goal streak (users/{uid}.streakWeeks, copied to the app group by WeeklyGoalModel as streak.weeks).\n\n"
               "⚠️ Needs the widget gallery screenshot from Ines before merging.\"", "Open the PR",
               out=f"{GH}/pull/238", err="\nCreating pull request for feat/streak-widget into main in stride-app/stride-ios\n")
        t.done(f"""PR: {GH}/pull/238 — with the note that it needs Ines's widget gallery screenshot before merging.

SwiftFormat changed nothing, SwiftLint strict is clean, `fastlane tests` {ntests}/{ntests} green.""")

        t = d.task("is there anything left from CocoaPods in the repo? we moved GoogleSignIn to SPM in the autumn",
                   tags=["noise"])
        t.glob("**/Pod*", [P("Podfile.lock")])
        t.grep("Pods|CocoaPods|pod install", path=R, filenames=[P(".gitignore"), P("Podfile.lock")])
        t.read(P("Podfile.lock"))
        t.bash("git log --oneline -3 -- Podfile Podfile.lock", "See when the Podfile was removed",
               out=f"{hx(7)} Remove CocoaPods: GoogleSignIn via SPM\n{hx(7)} Bump GoogleSignIn to 7.0\n{hx(7)} Add GoogleSignIn")
        t.bash("git rm -q Podfile.lock", "Remove the orphaned Podfile.lock")
        del d.files[P("Podfile.lock")]
        t.read(P(".gitignore"))
        t.edit(P(".gitignore"), "firestore-debug.log\nPods/\n", "firestore-debug.log\n")
        t.bash("git status --short", "Show the result", out="M  .gitignore\nD  Podfile.lock")
        t.done("""Only two leftovers, both removed (staged, not committed):

- `Podfile.lock` — the autumn commit "Remove CocoaPods: GoogleSignIn via SPM" deleted the `Podfile` but left the lock file behind (still listing GoogleSignIn 7.0.0).
- `Pods/` in `.gitignore`.

No `[CP]` build phases to worry about since the project is generated by XcodeGen, and there's no `.xcworkspace`. Want me to commit it on this branch or separately?""")

    # ============================================================ S8  Mon 02-23  (ends: other)
    with d.session("2026-02-23T09:50:00", R, branch="feat/pace-alerts", version="2.1.38", end_reason="other"):
        t = d.task("audio pace alerts: a PaceAlertPolicy in StrideCore that, given a target pace range and the rolling "
                   "pace, decides whether to say \"speed up\" / \"slow down\" — at most once per 60 s, and nothing in the "
                   "first 2 minutes. unit tests in Swift Testing please, no XCTest", tags=["mistake:M1", "pref:P1"])
        t.read(K("Sources/StrideCore/PaceFormatter.swift"))
        pa = K("Sources/StrideCore/PaceAlertPolicy.swift")
        t.write(pa, """import Foundation

/// Decides when to tell the runner to speed up or slow down.
public struct PaceAlertPolicy: Sendable {
    public enum Alert: Equatable, Sendable {
        case speedUp
        case slowDown
    }

    /// Target pace in seconds per km (lower bound = fastest allowed).
    public var target: ClosedRange<Double>
    public var warmUp: Duration = .seconds(120)
    public var minimumGap: Duration = .seconds(60)

    private var lastAlertAt: Duration?

    public init(target: ClosedRange<Double>) {
        self.target = target
    }

    /// `elapsed` since the run started; `rollingPace` in seconds per km, nil until there is enough distance.
    public mutating func alert(elapsed: Duration, rollingPace: Double?) -> Alert? {
        guard elapsed >= warmUp, let pace = rollingPace else { return nil }
        if let lastAlertAt, elapsed - lastAlertAt < minimumGap { return nil }
        let alert: Alert
        if pace > target.upperBound {
            alert = .speedUp
        } else if pace < target.lowerBound {
            alert = .slowDown
        } else {
            return nil
        }
        lastAlertAt = elapsed
        return alert
    }
}
""")
        t.write(K("Tests/StrideCoreTests/PaceAlertPolicyTests.swift"), """import Testing
@testable import StrideCore

@Suite struct PaceAlertPolicyTests {
    // 5:00–5:30 /km
    var policy = PaceAlertPolicy(target: 300...330)

    @Test mutating func silentDuringWarmUp() {
        #expect(policy.alert(elapsed: .seconds(119), rollingPace: 400) == nil)
    }

    @Test mutating func tooSlowSaysSpeedUp() {
        #expect(policy.alert(elapsed: .seconds(150), rollingPace: 345) == .speedUp)
    }

    @Test mutating func tooFastSaysSlowDown() {
        #expect(policy.alert(elapsed: .seconds(150), rollingPace: 280) == .slowDown)
    }

    @Test mutating func insideTheRangeSaysNothing() {
        #expect(policy.alert(elapsed: .seconds(150), rollingPace: 315) == nil)
        #expect(policy.alert(elapsed: .seconds(150), rollingPace: nil) == nil)
    }

    @Test mutating func atMostOnceAMinute() {
        #expect(policy.alert(elapsed: .seconds(150), rollingPace: 345) == .speedUp)
        #expect(policy.alert(elapsed: .seconds(209), rollingPace: 345) == nil)
        #expect(policy.alert(elapsed: .seconds(210), rollingPace: 345) == .speedUp)
    }
}
""")
        uik = spm_diag(d, K("Sources/StrideUI/Haptics.swift"), "import UIKit", "no such module 'UIKit'", token="UIKit")
        dur = spm_diag(d, K("Sources/StrideCore/Run.swift"), "public var duration: Duration",
                       "'Duration' is only available in macOS 13.0 or newer", token="Duration",
                       note="add @available attribute to enclosing struct")
        dur3 = spm_diag(d, pa, "public var warmUp: Duration", "'Duration' is only available in macOS 13.0 or newer",
                        token="Duration", note="add @available attribute to enclosing struct")
        t.fail(f"cd {PK} && swift test", "Run the StrideKit tests",
               f"""Building for debugging...
[0/18] Write sources
[4/18] Write swift-version--58304C5D6DBC2206.txt
error: emit-module command failed with exit code 1 (use -v to see invocation)
{uik}
[6/26] Emitting module StrideUI
{uik}
error: emit-module command failed with exit code 1 (use -v to see invocation)
{dur}

{dur3}
[8/26] Emitting module StrideCore
{dur}

{dur3}
[9/26] Compiling StrideCore PaceAlertPolicy.swift""", timeout=300000)
        t.say("`swift test` builds for macOS and StrideKit is an iOS-only package (UIKit in StrideUI, iOS-17 APIs like "
              "`Duration` in StrideCore), so it can't compile on the host. The tests need an iOS simulator destination — "
              "checking which simulators this Xcode has:")
        t.bash("xcrun simctl list devices available | grep -E -- '-- iOS|iPhone'", "List available iPhone simulators",
               out="""-- iOS 18.5 --
    iPhone 16 Pro (6C1E2F0B-57A4-4B8E-9D2F-1E8B0A3C7D51) (Shutdown)
    iPhone 16 Pro Max (0F3B9A44-2C61-4E0D-8A17-5B9E2C4D6F08) (Shutdown)
    iPhone 16e (A2D4C6E8-1B3D-4F5A-9C7E-0D2F4A6B8C1E) (Shutdown)
    iPhone 16 (3E5A7C9B-4D6F-48A1-B2C3-D4E5F6A7B8C9) (Booted)
    iPhone 16 Plus (7B9D1F3A-5C7E-4A0B-8D2F-6E1A3C5B7D9F) (Shutdown)""")
        t.bash(f"cd {PK} && xcodebuild test -scheme StrideKit-Package -destination 'platform=iOS Simulator,name=iPhone 16' "
               f"-only-testing:StrideCoreTests 2>&1 | grep -E '^Test case|error:|\\*\\* TEST'",
               "Run all StrideCore tests on the iOS simulator",
               out=xc_cases(["DistanceUnitTests/metersPerUnit()", "DistanceUnitTests/shortLabels()",
                             "HeartRateZonesTests/karvonenEdges()", "HeartRateZonesTests/zoneForHeartRate(bpm:expected:)",
                             "HeartRateZonesTests/rejectsImpossibleInput()",
                             "HeartRateZonesTests/timeInZonesCountsUntilTheNextSample()",
                             "PaceAlertPolicyTests/silentDuringWarmUp()", "PaceAlertPolicyTests/tooSlowSaysSpeedUp()",
                             "PaceAlertPolicyTests/tooFastSaysSlowDown()", "PaceAlertPolicyTests/insideTheRangeSaysNothing()",
                             "PaceAlertPolicyTests/atMostOnceAMinute()",
                             "PaceFormatterTests/formatsMinutesAndSecondsPerKilometer()",
                             "PaceFormatterTests/roundsToTheNearestSecond()", "PaceFormatterTests/convertsToMinutesPerMile()",
                             "PaceFormatterTests/missingPaceShowsAPlaceholder(_:)", "RunDecodingTests/decodesBasicRun()",
                             "RunTests/paceIsNilBelow100Meters()", "RunTests/paceUsesWholeSeconds()",
                             "RunTests/durationTotalSeconds()"]) + "\n** TEST SUCCEEDED **", timeout=600000)
        t.done("""`StrideCore/PaceAlertPolicy.swift`:

- `PaceAlertPolicy(target:)` with the target as a seconds-per-km range (e.g. `300...330` = 5:00–5:30 /km).
- `mutating func alert(elapsed:rollingPace:) -> Alert?` — `nil` during the first 2 min (`warmUp`), when there's no pace yet, inside the range, or within 60 s (`minimumGap`) of the last alert; otherwise `.speedUp` (slower than the range) or `.slowDown` (faster). Only an actual alert resets the 60 s window.
- It's a value type with no audio in it — the speech part (AVSpeechSynthesizer) can live in StrideFeatures and just ask the policy.

`PaceAlertPolicyTests` — 5 Swift Testing tests, and the whole StrideCoreTests target (19) passes on the iPhone 16 simulator via `xcodebuild test -scheme StrideKit-Package` from `Packages/StrideKit`; plain `swift test` can't build the iOS-only package on macOS.""")

        t = d.task("Sam wants 2.4.0 (412) out to the External Beta group for the running club. can you push it there "
                   "with pilot?", tags=["unfixed:U1"])
        t.read(P("fastlane/.env"))
        t.fail("bundle exec fastlane pilot distribute --app_identifier app.stride.ios --app_version 2.4.0 "
               "--build_number 412 --distribute_external true --groups \"External Beta\"",
               "Distribute build 412 to the External Beta group",
               """[✔] 🚀 
[10:34:12]: Creating authorization token for App Store Connect API
[10:34:13]: Fetching builds for app app.stride.ios, version 2.4.0, build 412...
[10:34:15]: Found build 2.4.0 (412), processing state: VALID
[10:34:15]: Distributing new build to testers: 2.4.0 - 412
[10:34:16]: Submitting the build for Beta App Review...

[!] This request is forbidden for security reasons - The API key in use does not allow this request""")
        t.done("""Couldn't do it: App Store Connect rejected the request — **"The API key in use does not allow this request"**. The build is fine (2.4.0 (412) is `VALID`); it failed at the step that submits it for Beta App Review, which external groups require.

Why: fastlane uses the team API key from `fastlane/.env` (`stride_ci.json`, key `8QZ4V2L7XK`). Uploading and internal testing only need the **Developer** role, which is what that key has; submitting to Beta App Review / adding builds to external groups needs **App Manager** (or Admin).

Options for Sam:
1. Do it in App Store Connect directly: TestFlight → External Beta → Builds → + → 2.4.0 (412), fill in the review notes. Takes two minutes.
2. If we want the lane to do this in future, an Admin has to raise that key to App Manager (Users and Access → Integrations → Team Keys). Keys' roles can be changed without regenerating them.

I haven't changed anything. The first external build will need Beta App Review (usually < 24 h).""")

        t = d.task("remind me: .task vs .onAppear { Task { } } — what's the actual difference when the view goes away?",
                   tags=["noise", "no_tools"])
        t.done("""The difference is cancellation (and a bit of timing):

- **`.task { … }`** — SwiftUI owns the task. It starts before the view appears and is **cancelled automatically when the view disappears**. `.task(id:)` also cancels and restarts when the id changes. Awaiting something cancellable (URLSession, `Task.sleep`, an `AsyncSequence`) stops promptly.
- **`.onAppear { Task { … } }`** — you create an unstructured task nobody holds a handle to. It **keeps running after the view is gone** until it finishes on its own. It's also started again every time `onAppear` fires (tab switches, navigation pops), so you can end up with overlapping loads unless you keep the handle and cancel it in `onDisappear`.

Both inherit the main actor from the view, so neither runs your code off the main thread by itself — the awaited calls do the hopping.

Rule of thumb: loading data for a screen or listening to a stream → `.task`. Fire-and-forget work that must outlive the view (e.g. a save triggered by a button) → `Task { }` in the action.""")

    # ============================================================ S9  Wed 02-25
    with d.session("2026-02-25T09:20:00", R, branch="main", version="2.1.40"):
        t = d.task("another TestFlight build for Ines: HR zones, the streak widget and the shared runs screen are in. "
                   "What to Test short this time please", tags=["workflow:W2"])
        t.bash("git pull --ff-only", "Fast-forward main",
               out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n"
                   " Packages/StrideKit/Sources/StrideCore/HeartRateZones.swift           | 52 ++++++++++\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Home/WeeklyGoalModel.swift   |  4 +\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Settings/SettingsView.swift  | 12 ++-\n"
                   " Packages/StrideKit/Tests/StrideCoreTests/HeartRateZonesTests.swift     | 41 ++++++++\n"
                   " StrideWidgets/StreakWidget.swift                                       | 61 ++++++++++++\n"
                   " StrideWidgets/StrideWidgetsBundle.swift                                |  1 +\n"
                   " 6 files changed, 167 insertions(+), 4 deletions(-)")
        t.read(P("fastlane/changelog.txt"))
        notes = """- Home Screen: add the new "Streak" widget — it should show the weeks in a row you hit your goal.
- Settings → Shared runs: share a run from its summary, check it shows up here, swipe to unshare.
- Heart rate zones aren't visible yet — nothing to test there.
"""
        t.write(P("fastlane/changelog.txt"), notes)
        out, b2 = fastlane_beta(9, 24, "2026-02-25", "2.4.0", 417, notes, proc_min=3)
        t.bash("bundle exec fastlane beta", "Build and upload the beta", out=out, timeout=600000)
        t.bash("git push origin main --follow-tags", "Push the beta tag",
               err=f"To github.com:stride-app/stride-ios.git\n * [new tag]         beta/2.4.0-{b2} -> beta/2.4.0-{b2}")
        t.done(f"""**2.4.0 ({b2})** is on TestFlight for internal testers; tag `beta/2.4.0-{b2}` pushed.

What to Test (as set on the build):
- Home Screen: add the new "Streak" widget — it should show the weeks in a row you hit your goal.
- Settings → Shared runs: share a run from its summary, check it shows up here, swipe to unshare.
- Heart rate zones aren't visible yet — nothing to test there.""")

        t = d.task("change of plan on test data: the JSON fixtures are getting out of hand and nobody can tell which fields "
                   "a test actually cares about. no more JSON fixture files — build test data in code with a `static func "
                   "fixture(...)` extension per model (defaults for everything) in the test target. convert the "
                   "SharedRunsModel tests and delete shared_runs.json; leave run_basic.json, that one really is a "
                   "decoding test", tags=["reversal:P3"])
        smt = K("Tests/StrideFeaturesTests/SharedRunsModelTests.swift")
        t.read(smt)
        t.read(K("Package.swift"))
        t.write(K("Tests/StrideFeaturesTests/Support/SharedRun+Fixture.swift"), """import Foundation
@testable import StrideFeatures

extension SharedRun {
    static func fixture(
        id: String = "s_1",
        runId: String = "r_1",
        ownerId: String = "u_jordan",
        createdAt: Date = Date(timeIntervalSince1970: 1_771_000_000),
        distanceMeters: Double = 5000,
        durationSeconds: Int = 1650
    ) -> SharedRun {
        SharedRun(
            id: id,
            runId: runId,
            ownerId: ownerId,
            createdAt: createdAt,
            distanceMeters: distanceMeters,
            durationSeconds: durationSeconds
        )
    }
}
""")
        t.edit(smt, """private func fixtureShares() throws -> [SharedRun] {
    let url = try #require(Bundle.module.url(forResource: "shared_runs", withExtension: "json"))
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode([SharedRun].self, from: Data(contentsOf: url))
}
""", """/// Three shares created on different days, deliberately out of order.
private func sampleShares() -> [SharedRun] {
    let day: TimeInterval = 86_400
    let base = Date(timeIntervalSince1970: 1_771_000_000)
    return [
        .fixture(id: "s_older", createdAt: base),
        .fixture(id: "s_newest", createdAt: base + 6 * day),
        .fixture(id: "s_middle", createdAt: base + 3 * day),
    ]
}
""")
        t.edit(smt, "try fixtureShares()", "sampleShares()", replace_all=True)
        t.edit(K("Package.swift"), """        .testTarget(name: "StrideFeaturesTests", dependencies: ["StrideFeatures"], resources: [.process("Fixtures")]),""",
               """        .testTarget(name: "StrideFeaturesTests", dependencies: ["StrideFeatures"]),""")
        t.bash("git rm -q Packages/StrideKit/Tests/StrideFeaturesTests/Fixtures/shared_runs.json",
               "Delete the JSON fixture")
        del d.files[K("Tests/StrideFeaturesTests/Fixtures/shared_runs.json")]
        t.bash("xcodebuild test -project Stride.xcodeproj -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' "
               "-only-testing:StrideFeaturesTests 2>&1 | tail -18", "Run the StrideFeatures tests",
               out="2026-02-25 10:02:44.917 xcodebuild[70218:3011457] [MT] IDETestOperationsObserverDebug: 13.530 elapsed -- Testing started completed.\n"
                   "2026-02-25 10:02:44.917 xcodebuild[70218:3011457] [MT] IDETestOperationsObserverDebug: 0.000 sec, +0.000 sec -- start\n"
                   "2026-02-25 10:02:44.917 xcodebuild[70218:3011457] [MT] IDETestOperationsObserverDebug: 13.530 sec, +13.530 sec -- end\n" +
                   xc_cases(["RunDTOTests/testMissingIdGetsGeneratedId()", "RunDTOTests/testRoundTripKeepsAllFields()",
                             "RunSessionModelTests/testDistanceAccumulates()", "RunSessionModelTests/testFinishRecordsSaveError()",
                             "RunSessionModelTests/testFinishSavesToRepositoryAndHealth()",
                             "RunSessionModelTests/testFinishUsesElapsedTime()",
                             "RunSessionModelTests/testFinishWithoutStartDoesNothing()",
                             "RunSessionModelTests/testPauseKeepsElapsed()", "RunSessionModelTests/testResumeContinuesFromPause()",
                             "RunSessionModelTests/testStartMovesToRunning()",
                             "SharedRunsModelTests/failedUnsharePutsTheRowBack()",
                             "SharedRunsModelTests/refreshSortsNewestFirst()", "SharedRunsModelTests/unshareRemovesTheRow()"],
                            proc="Stride") +
                   "\n\n" + xc_result_tail("Stride", "2026.02.25_10-02-29"), timeout=600000)
        t.done("""Done — test data for SharedRunsModel is built in code now:

- `Tests/StrideFeaturesTests/Support/SharedRun+Fixture.swift` — `SharedRun.fixture(id:runId:ownerId:createdAt:distanceMeters:durationSeconds:)`, every parameter defaulted, so a test only spells out what it cares about.
- `SharedRunsModelTests` uses `sampleShares()` (three `.fixture(id:createdAt:)` calls, days apart and out of order) instead of decoding JSON.
- `shared_runs.json` deleted and the `Fixtures` resource removed from `StrideFeaturesTests` in `Package.swift`. `run_basic.json` stays as the decoding test's input.

All 13 StrideFeatures tests pass. New models get a `.fixture(...)` extension in their test target's `Support/` folder from here on.""")

        t = d.task("run notes: on the run summary add a Notes row — tap to edit in a sheet, save to the run doc in Firestore "
                   "(the notes field already exists on runs). RunNotesModel in StrideFeatures for the save, max 2000 chars",
                   tags=["mistake:M2"])
        t.bash("git switch -c feat/run-notes", "Create the feature branch", err="Switched to a new branch 'feat/run-notes'")
        rsv = K("Sources/StrideFeatures/Run/RunSummaryView.swift")
        t.read(rsv)
        t.read(K("Sources/StrideFeatures/Services/RunDTO.swift"))
        t.write(K("Sources/StrideFeatures/Services/RunNotesStore.swift"), """import FirebaseFirestore
import Foundation

public protocol RunNotesStore: Sendable {
    func saveNotes(_ notes: String, runId: String) async throws
}

public final class FirestoreRunNotesStore: RunNotesStore {
    private let db: Firestore

    public init(db: Firestore = .firestore()) {
        self.db = db
    }

    public func saveNotes(_ notes: String, runId: String) async throws {
        try await db.collection("runs").document(runId).updateData(["notes": notes])
    }
}
""")
        rnm = K("Sources/StrideFeatures/Run/RunNotesModel.swift")
        t.write(rnm, """import Foundation
import Observation
import os

@Observable
public final class RunNotesModel {
    public static let maxLength = 2000

    public var draft: String
    public private(set) var saved: String
    public private(set) var isSaving = false
    public private(set) var errorMessage: String?

    private let runId: String
    private let store: RunNotesStore
    private let logger = Logger(subsystem: "app.stride", category: "RunNotes")

    public init(runId: String, notes: String?, store: RunNotesStore) {
        self.runId = runId
        self.store = store
        saved = notes ?? ""
        draft = notes ?? ""
    }

    public var canSave: Bool {
        draft != saved && draft.count <= Self.maxLength && !isSaving
    }

    /// Returns true when the notes were saved.
    public func save() async -> Bool {
        let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        isSaving = true
        defer { isSaving = false }
        do {
            try await store.saveNotes(text, runId: runId)
            saved = text
            draft = text
            errorMessage = nil
            return true
        } catch {
            logger.error("saving notes failed: \\(error.localizedDescription, privacy: .public)")
            errorMessage = "Couldn't save your notes. Try again?"
            return false
        }
    }
}
""")
        rns = K("Sources/StrideFeatures/Run/RunNotesSheet.swift")
        t.write(rns, """import SwiftUI

struct RunNotesSheet: View {
    @Bindable var model: RunNotesModel
    @Environment(\\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            VStack(alignment: .trailing, spacing: 8) {
                TextEditor(text: $model.draft)
                    .padding(8)
                    .background(.fill.tertiary, in: .rect(cornerRadius: 12))
                Text("\\(model.draft.count)/\\(RunNotesModel.maxLength)")
                    .font(.caption.monospacedDigit())
                    .foregroundStyle(model.draft.count > RunNotesModel.maxLength ? .red : .secondary)
                if let error = model.errorMessage {
                    Text(error)
                        .font(.footnote)
                        .foregroundStyle(.red)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
            }
            .padding()
            .navigationTitle("Notes")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        Task {
                            if await model.save() { dismiss() }
                        }
                    }
                    .disabled(!model.canSave)
                }
            }
        }
    }
}
""")
        t.edit(rsv, """    let run: Run
    let unit: DistanceUnit

    public init(run: Run, unit: DistanceUnit) {
        self.run = run
        self.unit = unit
    }
""", """    let run: Run
    let unit: DistanceUnit
    @State private var notesModel: RunNotesModel
    @State private var isEditingNotes = false

    public init(run: Run, unit: DistanceUnit, notesStore: RunNotesStore = FirestoreRunNotesStore()) {
        self.run = run
        self.unit = unit
        _notesModel = State(initialValue: RunNotesModel(runId: run.id, notes: run.notes, store: notesStore))
    }
""")
        t.edit(rsv, """                        StatTile(title: "Workout", value: "Outdoor run", systemImage: "figure.run")
                    }
                }
""", """                        StatTile(title: "Workout", value: "Outdoor run", systemImage: "figure.run")
                    }
                }
                Button {
                    isEditingNotes = true
                } label: {
                    Label(notesModel.saved.isEmpty ? "Add notes" : notesModel.saved, systemImage: "note.text")
                        .lineLimit(3)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
                .buttonStyle(.bordered)
                .accessibilityIdentifier("summary.notes")
""")
        t.edit(rsv, """        .navigationTitle("Summary")
""", """        .navigationTitle("Summary")
        .sheet(isPresented: $isEditingNotes) {
            RunNotesSheet(model: notesModel)
        }
""")
        bcmd = ("set -o pipefail; xcodebuild -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' build 2>&1 "
                "| grep -E 'error:|note:|\\*\\* BUILD'")
        ln = line_of(d, rns, "if await model.save() { dismiss() }")
        col = src_line(d, rns, ln).index("model.save") + 1
        t.fail(bcmd, "Build and show only errors",
               f"{rns}:{ln}:{col}: error: sending 'self.model' risks causing data races\n"
               f"{rns}:{ln}:{col}: note: sending main actor-isolated 'self.model' to nonisolated instance method 'save()' "
               f"risks causing data races between nonisolated and main actor-isolated uses\n** BUILD FAILED **",
               code=65, timeout=600000)
        t.say("The Save button's task runs on the main actor (it comes from the view), but `RunNotesModel` has no "
              "isolation, so `await model.save()` would send the view's model to the generic executor. It's UI state "
              "(draft, isSaving, errorMessage) — putting it on the main actor:")
        t.edit(rnm, """@Observable
public final class RunNotesModel {""", """@MainActor
@Observable
public final class RunNotesModel {""")
        t.bash(bcmd, "Rebuild", out="** BUILD SUCCEEDED **", timeout=600000)
        t.done("""Run notes are in; the app builds.

- `Services/RunNotesStore.swift` — `RunNotesStore` protocol + Firestore impl doing `updateData(["notes": …])` on `runs/{runId}` (only that field, so it fits a notes-only update rule).
- `Run/RunNotesModel.swift` — `@MainActor @Observable`: `draft` / `saved`, `canSave` (changed, ≤ 2000 chars, not already saving), `save()` trims, writes, returns whether it worked and logs failures with `Logger`.
- `Run/RunNotesSheet.swift` — `TextEditor`, character counter that turns red over 2000, inline error, Cancel / Save (disabled unless `canSave`); dismisses on success.
- `RunSummaryView` — a Notes row ("Add notes" or the first 3 lines) opening the sheet; the store is injectable for previews/tests.

The first build hit `sending 'self.model' risks causing data races` — I'd left the model without `@MainActor`; added it.

Firestore rules don't allow updating a run yet beyond the owner check, so the 2000-char limit should be enforced there too — next step?""")

        t = d.task("yes — rules for the notes: only the owner can change notes, max 2000 chars, and every other field on "
                   "a run stays as it is on update. tests, emulator, deploy to staging like last time",
                   tags=["workflow:W3"])
        rules = P("firebase/firestore.rules")
        t.read(rules)
        t.edit(rules, """      allow update, delete: if isOwner(resource.data.ownerId)
        && request.resource.data.ownerId == resource.data.ownerId;
""", """      allow update: if isOwner(resource.data.ownerId)
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['notes'])
        && request.resource.data.notes is string
        && request.resource.data.notes.size() <= 2000;
      allow delete: if isOwner(resource.data.ownerId);
""")
        rt = P("firebase/rules-tests/runs.test.ts")
        t.read(rt)
        t.edit(rt, 'import { doc, getDoc, setDoc } from "firebase/firestore";',
               'import { deleteDoc, doc, getDoc, setDoc, updateDoc } from "firebase/firestore";')
        t.edit(rt, """    const db = env.authenticatedContext("bob").firestore();
    await assertFails(getDoc(doc(db, "runs/r1")));
  });
});
""", """    const db = env.authenticatedContext("bob").firestore();
    await assertFails(getDoc(doc(db, "runs/r1")));
  });
});

describe("run notes", () => {
  beforeEach(async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), "runs/r1"), { ownerId: "alice", distanceMeters: 5000 });
    });
  });

  it("owner can update notes", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertSucceeds(updateDoc(doc(db, "runs/r1"), { notes: "windy, legs heavy" }));
  });

  it("notes longer than 2000 characters are rejected", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertFails(updateDoc(doc(db, "runs/r1"), { notes: "x".repeat(2001) }));
  });

  it("other fields cannot change on update", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertFails(updateDoc(doc(db, "runs/r1"), { notes: "ok", distanceMeters: 42195 }));
  });

  it("others cannot edit notes", async () => {
    const db = env.authenticatedContext("bob").firestore();
    await assertFails(updateDoc(doc(db, "runs/r1"), { notes: "hi" }));
  });

  it("owner can still delete a run", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertSucceeds(deleteDoc(doc(db, "runs/r1")));
  });
});
""")
        emu = "firebase emulators:exec --only firestore --project demo-stride \"npm --prefix firebase/rules-tests test\""
        t.bash(emu, "Run the rules tests in the emulator", out=emu_exec("""
 ✓ sharedRuns.test.ts (5 tests) 396ms
 ✓ runs.test.ts (8 tests) 472ms

 Test Files  2 passed (2)
      Tests  13 passed (13)
   Start at  10:51:40
   Duration  2.07s (transform 66ms, setup 0ms, collect 412ms, tests 868ms, environment 0ms, prepare 203ms)
"""), timeout=180000)
        t.bash("firebase deploy --only firestore:rules --project stride-staging", "Deploy the rules to staging",
               out=rules_deploy(), timeout=180000)
        t.done("""Deployed to **stride-staging**.

`runs/{runId}` now has separate update/delete rules:
- `update`: owner only, `diff(...).affectedKeys().hasOnly(['notes'])`, `notes is string`, `size() <= 2000`.
- `delete`: owner only. (The old combined rule compared `request.resource` on delete, where there is none — deleting was effectively denied before.)

5 new tests in `runs.test.ts` (owner edits notes, >2000 rejected, other fields can't change, others can't edit, owner can delete); all 13 rules tests pass in the emulator.

One consequence: `FirestoreRunRepository.save` uses `setData(from:)` for whole runs — fine for new runs, but re-saving an existing run would now be rejected. Nothing does that today.""")

    # ============================================================ S10  Mon 03-02
    with d.session("2026-03-02T09:10:00", R, branch="feat/run-reminders", version="2.1.44"):
        t = d.task("run reminders, app side: Kwame's function sends a push with category RUN_REMINDER. register that "
                   "category with \"Start run\" and \"Snooze 1h\" actions and handle them in the AppDelegate (start → "
                   "DeepLinkRouter .startRun, snooze → local notification in an hour with the same text)",
                   tags=["mistake:M3"])
        ad = P("Stride/App/AppDelegate.swift")
        t.read(ad)
        t.read(P("Stride/App/DeepLinkRouter.swift"))
        t.write(P("Stride/Notifications/NotificationCategories.swift"), """import UserNotifications

enum NotificationCategories {
    static let runReminder = "RUN_REMINDER"

    enum Action: String {
        case startRun = "START_RUN"
        case snooze = "SNOOZE_1H"
    }

    static func register(on center: UNUserNotificationCenter = .current()) {
        let start = UNNotificationAction(identifier: Action.startRun.rawValue, title: "Start run", options: [.foreground])
        let snooze = UNNotificationAction(identifier: Action.snooze.rawValue, title: "Snooze 1h")
        let reminder = UNNotificationCategory(identifier: runReminder, actions: [start, snooze], intentIdentifiers: [])
        center.setNotificationCategories([reminder])
    }

    /// Re-posts the reminder locally in an hour.
    static func scheduleSnoozed(title: String, body: String, center: UNUserNotificationCenter = .current()) async throws {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = body
        content.categoryIdentifier = runReminder
        content.sound = .default
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60 * 60, repeats: false)
        try await center.add(UNNotificationRequest(identifier: "run-reminder-snoozed", content: content, trigger: trigger))
    }
}
""")
        t.edit(ad, """        UNUserNotificationCenter.current().delegate = self
""", """        UNUserNotificationCenter.current().delegate = self
        NotificationCategories.register()
""")
        t.edit(ad, """    ) async -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }
}
""", """    ) async -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let content = response.notification.request.content
        guard content.categoryIdentifier == NotificationCategories.runReminder else { return }
        switch NotificationCategories.Action(rawValue: response.actionIdentifier) {
        case .startRun:
            await DeepLinkRouter.shared.open(.startRun)
        case .snooze:
            try? await NotificationCategories.scheduleSnoozed(title: content.title, body: content.body)
        case nil:
            break
        }
    }
}
""")
        nc = "cannot find 'NotificationCategories' in scope"
        t.fail("xcodebuild -project Stride.xcodeproj -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' build -quiet",
               "Build the app",
               "\n".join([
                   xc_diag(d, ad, "NotificationCategories.register()", "error", nc, token="NotificationCategories"),
                   xc_diag(d, ad, "== NotificationCategories.runReminder", "error", nc, token="NotificationCategories"),
                   xc_diag(d, ad, "switch NotificationCategories.Action", "error", nc, token="NotificationCategories"),
                   xc_diag(d, ad, "try? await NotificationCategories.scheduleSnoozed", "error", nc,
                           token="NotificationCategories"),
               ]) + "\n" + build_failed([swiftcompile([ad], "Stride", "Stride"), "Building project Stride with scheme Stride"]),
               code=65, timeout=600000)
        t.say("`Stride/Notifications/NotificationCategories.swift` is a new file in the app target, and the generated "
              "project predates it. Regenerating the project from project.yml:")
        t.bash("xcodegen", "Regenerate Stride.xcodeproj",
               out=f"⚙️  Generating plists...\n⚙️  Generating project...\n⚙️  Writing project...\nCreated project at {R}/Stride.xcodeproj")
        t.bash("xcodebuild -project Stride.xcodeproj -scheme Stride -destination 'platform=iOS Simulator,name=iPhone 16' build -quiet",
               "Rebuild the app", out="", timeout=600000)
        t.done("""Reminder actions are wired up; the app builds.

- `Stride/Notifications/NotificationCategories.swift` — `RUN_REMINDER` category with `START_RUN` ("Start run", opens the app) and `SNOOZE_1H` ("Snooze 1h", handled in the background); `scheduleSnoozed(title:body:)` re-posts the same text as a local notification in 60 min with the same category, so it can be snoozed again.
- `AppDelegate` registers the category at launch and implements `didReceive`: start → `DeepLinkRouter.shared.open(.startRun)` (StrideApp already starts the session on that), snooze → local notification.

The first build failed with `cannot find 'NotificationCategories' in scope` (new file, project generated before it existed) — `xcodegen` fixed it.

For Kwame: the push payload needs `"category": "RUN_REMINDER"` inside `aps`. To try it without the function, drop an `.apns` file with that payload on the simulator.""")

        t = d.task("ship the reminders branch: format, lint, tests, push, PR. mention in the PR that it depends on Kwame's "
                   "sendRunReminder function", tags=["workflow:W1"])
        t.bash("swiftformat .", "Run SwiftFormat", err=swiftformat_out(1, 249, "1.33"))
        t.bash("swiftlint lint --strict --quiet", "Run SwiftLint (strict)", out="")
        tests_out, ntests = fastlane_tests(9, 41, [
            ("StrideCoreTests.DistanceUnitTests", ["metersPerUnit()", "shortLabels()"]),
            ("StrideCoreTests.HeartRateZonesTests", ["karvonenEdges()", "zoneForHeartRate(bpm:expected:)",
                                                     "rejectsImpossibleInput()", "timeInZonesCountsUntilTheNextSample()"]),
            ("StrideCoreTests.PaceAlertPolicyTests", ["silentDuringWarmUp()", "tooSlowSaysSpeedUp()", "tooFastSaysSlowDown()",
                                                      "insideTheRangeSaysNothing()", "atMostOnceAMinute()"]),
            ("StrideCoreTests.PaceFormatterTests", ["formatsMinutesAndSecondsPerKilometer()", "roundsToTheNearestSecond()",
                                                    "convertsToMinutesPerMile()", "missingPaceShowsAPlaceholder(_:)"]),
            ("StrideCoreTests.RunDecodingTests", ["decodesBasicRun()"]),
            ("StrideCoreTests.RunTests", ["paceIsNilBelow100Meters()", "paceUsesWholeSeconds()", "durationTotalSeconds()"]),
            ("StrideFeaturesTests.RunDTOTests", ["testRoundTripKeepsAllFields", "testMissingIdGetsGeneratedId"]),
            ("StrideFeaturesTests.RunSessionModelTests", ["testDistanceAccumulates", "testFinishRecordsSaveError",
                                                          "testFinishSavesToRepositoryAndHealth", "testFinishUsesElapsedTime",
                                                          "testFinishWithoutStartDoesNothing", "testPauseKeepsElapsed",
                                                          "testResumeContinuesFromPause", "testStartMovesToRunning"]),
            ("StrideFeaturesTests.SharedRunsModelTests", ["refreshSortsNewestFirst()", "unshareRemovesTheRow()",
                                                          "failedUnsharePutsTheRowBack()"]),
            ("StrideTests.DeepLinkRouterTests", ["testOpenSetsPending", "testRunDestinationCarriesId", "testStartRunDestination"]),
        ], 193)
        t.bash("bundle exec fastlane tests", "Run the unit test plan", out=tests_out, timeout=600000)
        t.bash("git add -A && git commit -m \"Run reminder notification actions (start / snooze 1h)\"", "Commit",
               out=f"[feat/run-reminders {hx(7)}] Run reminder notification actions (start / snooze 1h)\n"
                   f" 2 files changed, 49 insertions(+)\n create mode 100644 Stride/Notifications/NotificationCategories.swift")
        t.bash("git push -u origin feat/run-reminders", "Push the branch", err=push_new_branch("feat/run-reminders"))
        t.bash("gh pr create --base main --title \"Run reminder actions\" --body \"Registers the RUN_REMINDER notification "
               "category with Start run / Snooze 1h and handles both in AppDelegate.\n\nDepends on Kwame's "
               "sendRunReminder Cloud Function (sends aps.category = RUN_REMINDER); until that is deployed, test with "
               "an .apns file on the simulator.\"", "Open the PR",
               out=f"{GH}/pull/247", err="\nCreating pull request for feat/run-reminders into main in stride-app/stride-ios\n")
        t.done(f"""PR: {GH}/pull/247 (notes the dependency on Kwame's `sendRunReminder`).

SwiftFormat reformatted 1 file, SwiftLint strict clean, `fastlane tests` {ntests}/{ntests} green.""")

        t = d.task("main has reminders + run notes now (Leo merged both). TestFlight build please, same short What to "
                   "Test format", tags=["workflow:W2", "flaky:F1"])
        t.bash("git switch main && git pull --ff-only", "Switch to main and fast-forward",
               out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Run/RunNotesModel.swift     | 52 +++++++++\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Run/RunNotesSheet.swift     | 46 ++++++++\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Run/RunSummaryView.swift    | 21 +++-\n"
                   " Packages/StrideKit/Sources/StrideFeatures/Services/RunNotesStore.swift | 20 ++++\n"
                   " Stride/App/AppDelegate.swift                                         | 15 +++\n"
                   " Stride/Notifications/NotificationCategories.swift                    | 31 ++++++\n"
                   " 6 files changed, 182 insertions(+), 3 deletions(-)",
               err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 4 commits, and can be fast-forwarded.\n"
                   "  (use \"git pull\" to update your local branch)")
        t.read(P("fastlane/changelog.txt"))
        notes = """- Run summary: tap "Add notes", write something, save — reopen the run and check it's still there.
- Reminders: long-press a run reminder notification — "Start run" should open the app and start recording, "Snooze 1h" should bring it back an hour later.
"""
        t.write(P("fastlane/changelog.txt"), notes)
        out_fail, b3 = fastlane_beta(10, 2, "2026-03-02", "2.4.0", 420, notes, upload_fail=True)
        t.fail("bundle exec fastlane beta", "Build and upload the beta", out_fail, timeout=600000)
        t.say("The archive and export worked; the upload to App Store Connect died with `The network connection was lost "
              "(-1005)` partway through. Nothing reached TestFlight, so `latest_testflight_build_number` will hand out the "
              "same build number again — running the lane once more:")
        out, b3 = fastlane_beta(10, 9, "2026-03-02", "2.4.0", 420, notes, proc_min=3)
        t.bash("bundle exec fastlane beta", "Build and upload the beta", out=out, timeout=600000)
        t.bash("git push origin main --follow-tags", "Push the beta tag",
               err=f"To github.com:stride-app/stride-ios.git\n * [new tag]         beta/2.4.0-{b3} -> beta/2.4.0-{b3}")
        t.done(f"""**2.4.0 ({b3})** is on TestFlight for internal testers; tag `beta/2.4.0-{b3}` pushed.

The first run failed during the upload (`The network connection was lost. (-1005)` from Transporter); the second identical run went through, same build number since nothing had been uploaded.

What to Test on the build:
- Run summary: tap "Add notes", write something, save — reopen the run and check it's still there.
- Reminders: long-press a run reminder notification — "Start run" should open the app and start recording, "Snooze 1h" should bring it back an hour later.""")

        t = d.task("Kwame needs rules for users/{uid}/reminders: owner read/write only (his function uses the admin SDK "
                   "so it bypasses rules anyway). fields: hour (0-23), weekdays (list), enabled (bool), nothing else. "
                   "tests + emulator + deploy to staging", tags=["workflow:W3"])
        rules = P("firebase/firestore.rules")
        t.read(rules)
        t.edit(rules, """    match /users/{uid} {
      allow read, write: if isOwner(uid);
    }
""", """    match /users/{uid} {
      allow read, write: if isOwner(uid);

      match /reminders/{reminderId} {
        allow read, delete: if isOwner(uid);
        allow create, update: if isOwner(uid)
          && request.resource.data.keys().hasOnly(['hour', 'weekdays', 'enabled'])
          && request.resource.data.hour is int
          && request.resource.data.hour >= 0
          && request.resource.data.hour <= 23
          && request.resource.data.weekdays is list
          && request.resource.data.enabled is bool;
      }
    }
""")
        t.write(P("firebase/rules-tests/reminders.test.ts"), """import { assertFails, assertSucceeds, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { doc, getDoc, setDoc } from "firebase/firestore";
import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { makeEnv } from "./setup";

let env: RulesTestEnvironment;

const reminder = { hour: 7, weekdays: [1, 3, 5], enabled: true };

beforeAll(async () => {
  env = await makeEnv();
});
afterAll(async () => env.cleanup());
beforeEach(async () => env.clearFirestore());

describe("reminders", () => {
  it("owner can write and read their reminders", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertSucceeds(setDoc(doc(db, "users/alice/reminders/morning"), reminder));
    await assertSucceeds(getDoc(doc(db, "users/alice/reminders/morning")));
  });

  it("others cannot read or write them", async () => {
    const db = env.authenticatedContext("bob").firestore();
    await assertFails(setDoc(doc(db, "users/alice/reminders/morning"), reminder));
    await assertFails(getDoc(doc(db, "users/alice/reminders/morning")));
  });

  it("hour must be 0-23", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertFails(setDoc(doc(db, "users/alice/reminders/late"), { ...reminder, hour: 24 }));
    await assertFails(setDoc(doc(db, "users/alice/reminders/late"), { ...reminder, hour: "7" }));
  });

  it("no extra fields", async () => {
    const db = env.authenticatedContext("alice").firestore();
    await assertFails(setDoc(doc(db, "users/alice/reminders/morning"), { ...reminder, message: "go!" }));
  });
});
""")
        emu = "firebase emulators:exec --only firestore --project demo-stride \"npm --prefix firebase/rules-tests test\""
        t.bash(emu, "Run all rules tests in the emulator", out=emu_exec("""
 ✓ reminders.test.ts (4 tests) 341ms
 ✓ sharedRuns.test.ts (5 tests) 399ms
 ✓ runs.test.ts (8 tests) 468ms

 Test Files  3 passed (3)
      Tests  17 passed (17)
   Start at  11:31:05
   Duration  2.31s (transform 71ms, setup 0ms, collect 597ms, tests 1.21s, environment 0ms, prepare 288ms)
"""), timeout=180000)
        t.bash("firebase deploy --only firestore:rules --project stride-staging", "Deploy the rules to staging",
               out=rules_deploy(), timeout=180000)
        t.done("""`users/{uid}/reminders/{reminderId}` rules are on **stride-staging**: owner-only read/delete; create/update only with exactly `hour` (int 0–23), `weekdays` (list) and `enabled` (bool).

`reminders.test.ts` (4 tests: owner read/write, others denied, hour range/type, no extra fields) — all 17 rules tests pass. Kwame's function isn't affected (admin SDK).""")

        t = d.task("can you also deploy Kwame's sendRunReminder function to staging so I can test the push end to end? "
                   "it's in firebase/functions", tags=["unfixed:U2"])
        t.fail("firebase deploy --only functions:sendRunReminder --project stride-staging",
               "Deploy the sendRunReminder function to staging",
               """
=== Deploying to 'stride-staging'...

i  deploying functions
Running command: npm --prefix "$RESOURCE_DIR" run build

> functions@1.0.0 build
> tsc

✔  functions: Finished running predeploy script.
i  functions: preparing codebase default for deployment
i  functions: ensuring required API cloudfunctions.googleapis.com is enabled...
i  functions: ensuring required API cloudbuild.googleapis.com is enabled...
i  artifactregistry: ensuring required API artifactregistry.googleapis.com is enabled...
⚠  functions: missing required API cloudbuild.googleapis.com. Enabling now...

Error: Your project stride-staging must be on the Blaze (pay-as-you-go) plan to complete this command. Required API cloudbuild.googleapis.com can't be enabled until the upgrade is complete. To upgrade, visit the following URL:

https://console.firebase.google.com/project/stride-staging/usage/details""", timeout=300000)
        t.done("""Not deployed: **stride-staging is on the free Spark plan**, and Cloud Functions need Blaze — the CLI couldn't enable Cloud Build for the project (`Your project stride-staging must be on the Blaze (pay-as-you-go) plan`). The TypeScript build itself was fine.

This needs whoever owns billing (Sam?) to upgrade staging at https://console.firebase.google.com/project/stride-staging/usage/details — with the free tier it should cost ~nothing at our volume, but a budget alert is worth setting. I didn't try prod.

Until then, to test the app side end to end you can run the function in the Functions emulator, or skip the server and drop an `.apns` file with `"category": "RUN_REMINDER"` onto the simulator.""")

        t = d.task("write my standup for tomorrow, 3 lines max", tags=["noise", "no_tools"])
        t.done("""- Done: run reminder actions (PR #247), TestFlight 2.4.0 (421), reminders Firestore rules on staging.
- Today: address review on #247, pace alerts speech in StrideFeatures.
- Blocked: can't deploy sendRunReminder to staging — project needs the Blaze plan (Sam).""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "StrideKit is a local Swift package that only declares iOS 17 (StrideUI imports UIKit, StrideCore uses iOS-17-era APIs such as Duration). New package code is tested with `swift test` (once `--filter X`, once plain) from Packages/StrideKit; SwiftPM builds for the macOS host, so the build fails before any test runs.",
             "error_signature": "swift test (SwiftPM, macOS host): \"Sources/StrideUI/Haptics.swift:1:8: error: no such module 'UIKit'\" plus \"error: 'Duration' is only available in macOS 13.0 or newer\" in StrideCore files, after \"error: emit-module command failed with exit code 1\"",
             "fix": "Run the package tests on an iOS simulator through xcodebuild and the package's generated scheme: `cd Packages/StrideKit && xcodebuild test -scheme StrideKit-Package -destination 'platform=iOS Simulator,name=iPhone 16…' -only-testing:StrideCoreTests[/Suite]`.",
             "fix_command_markers": [["StrideKit-Package"]],
             "harmful_markers": ["#if canImport(UIKit)", "#if os(iOS)", ".macOS(.v", "@available(macOS", "-Xswiftc"]},
            {"id": "M2", "description": "The project is in Swift 6 language mode. New @Observable view models in StrideFeatures are written without actor isolation; SwiftUI views are main-actor isolated, so `await model.load()` from `.task`, `.refreshable` or a `Task {}` in a button action sends the main-actor-owned model to a nonisolated async method and region-based isolation checking rejects it.",
             "error_signature": "xcodebuild (Swift 6): \"error: sending 'self.<model>' risks causing data races\" with \"note: sending main actor-isolated 'self.<model>' to nonisolated instance method '<load()/refresh()/unshare(_:)/save()>' risks causing data races between nonisolated and main actor-isolated uses\"",
             "fix": "Annotate the new view model class with `@MainActor` (above `@Observable`, like the existing RunSessionModel), then rebuild with the same command.",
             "fix_command_markers": [["@MainActor"]],
             "harmful_markers": ["@unchecked Sendable", "nonisolated(unsafe)", "@preconcurrency", "SWIFT_STRICT_CONCURRENCY",
                                 "swiftLanguageMode", "MainActor.assumeIsolated"]},
            {"id": "M3", "description": "Stride.xcodeproj is generated by XcodeGen from project.yml and git-ignored; the generated project lists the source files that existed at generation time. A new Swift file added to the app or widget target (Stride/, StrideWidgets/) is on disk but not in the project, so the build can't find the new type (the fastlane lanes run xcodegen themselves; raw xcodebuild doesn't).",
             "error_signature": "xcodebuild -project Stride.xcodeproj … build: \"error: cannot find '<NewType>' in scope\" for a type defined in a file created in the same task (StartRunIntent, StreakWidget, NotificationCategories)",
             "fix": "Regenerate the project with XcodeGen (`xcodegen generate`, `xcodegen generate --spec project.yml`, or plain `xcodegen`), then re-run the same xcodebuild command.",
             "fix_command_markers": [["xcodegen"]],
             "harmful_markers": ["project.pbxproj", "Stride.xcodeproj/project", "git add -f"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`swiftlint lint --strict --quiet` in the ship workflow: 'error: Line Length Violation: Line should be 120 characters or less; currently it has N characters (line_length)' on the App Shortcut phrases line written in the previous task; fixed by wrapping the phrases array, same command passes."},
            {"id": "O2", "description": "New sharedRuns rules: the owner-create test fails in the emulator with '7 PERMISSION_DENIED: false for 'create' @ L<n>' because the hasOnly() key list omitted the summary fields (distanceMeters, durationSeconds) the share document carries; fixed by adding them, same emulators:exec command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`bundle exec fastlane pilot distribute … --groups \"External Beta\"`: '[!] This request is forbidden for security reasons - The API key in use does not allow this request' (team key has the Developer role; external distribution / Beta App Review needs App Manager); reported with options, nothing changed."},
            {"id": "U2", "description": "`firebase deploy --only functions:sendRunReminder --project stride-staging`: 'Error: Your project stride-staging must be on the Blaze (pay-as-you-go) plan to complete this command.'; needs a billing upgrade by the owner; reported, not deployed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`bundle exec fastlane beta`: Transporter upload fails with 'The network connection was lost. (-1005)' / '[!] Error uploading ipa file'; the identical lane run succeeds (same build number)."},
            {"id": "F2", "description": "UI test plan via xcodebuild: 'StrideUITests-Runner (…) encountered an error (Test runner never began executing tests after launching. …)' / '** TEST FAILED **' (exit 65); the identical command passes all UI tests."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `swiftformat .`, `swiftlint lint --strict --quiet`, `bundle exec fastlane tests`, commit, `git push -u origin <branch>`, `gh pr create --base main` with a short body.",
             "step_markers": [["swiftformat"], ["swiftlint"], ["fastlane tests"], ["git push"], ["gh pr create"]]},
            {"id": "W2", "description": "TestFlight beta from main: `git pull --ff-only`, write the What to Test text to `fastlane/changelog.txt`, `bundle exec fastlane beta` (xcodegen, match readonly, build number = latest TestFlight + 1, gym, upload_to_testflight, Crashlytics dSYMs, tag beta/<version>-<build>), `git push origin main --follow-tags`.",
             "step_markers": [["changelog.txt"], ["fastlane beta"], ["--follow-tags"]]},
            {"id": "W3", "description": "Firestore rules change: edit firebase/firestore.rules, add/extend vitest tests in firebase/rules-tests, run them with `firebase emulators:exec --only firestore --project demo-stride \"npm --prefix firebase/rules-tests test\"`, then `firebase deploy --only firestore:rules --project stride-staging`.",
             "step_markers": [["firestore.rules"], ["emulators:exec"], ["deploy --only firestore:rules"]]},
        ],
        preferences=[
            {"id": "P1", "description": "New tests are written with Swift Testing (`import Testing`, `@Test`, `#expect`, `@Suite`), never XCTest / XCTestCase / XCTAssert.",
             "markers": [["Swift Testing"], ["XCTest", "XCTAssert"]]},
            {"id": "P2", "description": "Logging goes through os.Logger (subsystem app.stride), never print().",
             "markers": [["Logger"], ["print("]]},
            {"id": "P3", "description": "Test data as JSON fixture files in the test target's Fixtures/ folder (stated once) — later reversed: no more JSON fixture files, test data built in code with `static func fixture(...)` extensions per model (JSON kept only for real decoding tests).",
             "markers": [["JSON"], ["fixture"]],
             "reversal_markers": [["no more JSON"], ["fixture("]]},
        ],
        probes=[
            {"prompt": "swift test in Packages/StrideKit blows up before running anything: Haptics.swift:1:8: error: no such module 'UIKit', then a pile of \"'Duration' is only available in macOS 13.0 or newer\". what's wrong?", "wanted": ["M1"]},
            {"prompt": "Add a SplitCalculator to StrideCore that turns route points into per-km splits, with tests, and run them.", "wanted": ["M1"]},
            {"prompt": "build fails: ChallengesView.swift:28:27: error: sending 'self.model' risks causing data races — note: sending main actor-isolated 'self.model' to nonisolated instance method 'load()'", "wanted": ["M2"]},
            {"prompt": "Add a ChallengesModel (@Observable) in StrideFeatures that loads this month's challenges from Firestore, and a ChallengesView that shows them with pull to refresh. Build it.", "wanted": ["M2"]},
            {"prompt": "xcodebuild says error: cannot find 'RunRecapActivity' in scope, but Stride/LiveActivity/RunRecapActivity.swift is right there. why?", "wanted": ["M3"]},
            {"prompt": "Add a Live Activity for the current run: new file Stride/LiveActivity/RunActivityManager.swift in the app target, start it from StrideApp when a run starts, and build the app.", "wanted": ["M3"]},
            {"prompt": "Explain how RunSessionModel.finish decides between saving to Firestore and HealthKit when one of them fails.", "wanted": []},
            {"prompt": "Write a Firestore query sketch for the 10 longest runs of the current month for one user.", "wanted": []},
            {"prompt": "What's the difference between @Bindable and @Binding? short answer.", "wanted": []},
            {"prompt": "Rename the \"Shared runs\" screen title to \"Your shares\".", "wanted": []},
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
    d.write(os.path.join(HERE, "tune", "swift-ios.jsonl"), os.path.join(HERE, "tune", "swift-ios.labels.json"))
    print(f"swift-ios -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
