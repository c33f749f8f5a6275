"""zh-flutter: 刘洋 (Liu Yang), Flutter 3 / Dart mobile app 「鲜达到家」 (xianda_app) for Android and iOS.

Stack: Flutter 3.32 / Dart 3.8, Riverpod 2 with riverpod_generator, freezed + json_serializable via build_runner,
dio, go_router, flutter_localizations + gen-l10n (ARB), three flavors (dev / staging / prod) as Android
productFlavors and Xcode schemes with lib/main_<flavor>.dart entry points, Firebase (core, messaging,
crashlytics) configured with flutterfire, CocoaPods on macOS, fastlane lanes for TestFlight / Play internal,
lefthook pre-commit (dart format + flutter analyze), GitLab (glab) merge requests.
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind (see README.md next to this file); kept aside for the final measurement.

    cd bench/reflection/traces && python3 gen_zh_flutter.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "liuyang"
R = "/Users/liuyang/work/xianda_app"
MODEL = "claude-opus-4-6"
GL = "https://gitlab.xianda-tech.com/mobile/xianda-app"
EMU = "emulator-5554"

HX = random.Random(88231)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ---------------------------------------------------------------- tool outputs
def analyze_ok(secs, what="xianda_app"):
    return f"Analyzing {what}...\nNo issues found! (ran in {secs}s)"


def analyze_issues(issues, secs, what="xianda_app"):
    body = "\n".join(f"   {sev} • {msg} • {path}:{ln}:{col} • {code}" for sev, msg, path, ln, col, code in issues)
    n = len(issues)
    return f"Analyzing {what}...\n\n{body}\n\n{n} issue{'s' if n != 1 else ''} found. (ran in {secs}s)"


def test_ok(files, total, secs):
    out = []
    t = 0
    k = 0
    for f, n in files:
        out.append(f"00:{t:02d} +{k}: loading {R}/{f}")
        k += n
        t += 1
    out.append(f"00:{secs:02d} +{total}: All tests passed!")
    return "\n".join(out)


def build_runner(outputs, actions, secs):
    return f"""[INFO] Generating build script completed, took 388ms
[INFO] Reading cached asset graph completed, took 104ms
[INFO] Checking for updates since last build completed, took 702ms
[INFO] Running build completed, took {secs}s
[INFO] Caching finalized dependency graph completed, took 58ms
[INFO] Succeeded after {secs}s with {outputs} outputs ({actions} actions)"""


def lefthook_ok(secs, nitems):
    return f"""╭────────────────────────────────────────╮
│ 🥊 lefthook v1.11.13  hook: pre-commit │
╰────────────────────────────────────────╯
┃  format ❯ 

Formatted 0 files (0 changed) in 0.31 seconds.

┃  analyze ❯ 

Analyzing {nitems} items...
No issues found! (ran in {secs}s)

  ────────────────────────────────────
summary: (done in {secs + 1.2:.2f} seconds)
✔️ format
✔️ analyze"""


def commit_out(branch, sha, msg, nfiles, ins, dels, creates=(), lh=None):
    head = (lh + "\n") if lh else ""
    s = f"{head}[{branch} {sha}] {msg}\n {nfiles} file{'s' if nfiles != 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


def push_new(branch):
    enc = branch.replace("/", "%2F")
    return f"""remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={enc}
remote: 
To gitlab.xianda-tech.com:mobile/xianda-app.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def mr_created(n, title, branch):
    return f"""Creating merge request for {branch} into develop in mobile/xianda-app

!{n} {title} ({branch})
 {GL}/-/merge_requests/{n}
"""


def gradle_apk_missing(task, secs):
    return f"""Running Gradle task '{task}'...                              {secs}s
Error: Gradle build failed to produce an .apk file. It's likely that this file was generated under {R}/build, but the tool couldn't find it."""


def pod_incompatible(pod, plugin, locked, plugin_ver, wanted, header):
    return f"""{header}[!] CocoaPods could not find compatible versions for pod "{pod}":
  In snapshot (Podfile.lock):
    {pod} (= {locked})

  In Podfile:
    {plugin} (from `.symlinks/plugins/{plugin}/ios`) was resolved to {plugin_ver}, which depends on
      {pod} (= {wanted})


You have either:
 * out-of-date source repos which you can update with `pod repo update` or with `pod install --repo-update`.
 * changed the constraints of dependency `{pod}` inside your development pod `{plugin}`.
   You should run `pod update {pod}` to apply changes you've made."""


FILES = {
    P("pubspec.yaml"): """name: xianda_app
description: 鲜达到家 App
publish_to: 'none'
version: 2.8.3+2083

environment:
  sdk: ^3.8.0
  flutter: ">=3.32.0"

dependencies:
  flutter:
    sdk: flutter
  flutter_localizations:
    sdk: flutter
  intl: any
  dio: ^5.8.0
  go_router: ^15.1.2
  flutter_riverpod: ^2.6.1
  riverpod_annotation: ^2.6.1
  freezed_annotation: ^3.0.0
  json_annotation: ^4.9.0
  firebase_core: ^3.13.1
  firebase_messaging: ^15.2.6
  firebase_crashlytics: ^4.3.6
  flutter_local_notifications: ^19.2.1
  shared_preferences: ^2.5.3
  cached_network_image: ^3.4.1
  url_launcher: ^6.3.1

dev_dependencies:
  flutter_test:
    sdk: flutter
  integration_test:
    sdk: flutter
  flutter_lints: ^6.0.0
  build_runner: ^2.4.15
  freezed: ^3.0.6
  json_serializable: ^6.9.5
  riverpod_generator: ^2.6.5
  mocktail: ^1.0.4

flutter:
  uses-material-design: true
  generate: true
  assets:
    - assets/images/
""",
    P("lib/main_dev.dart"): """import 'package:flutter/material.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';

import 'bootstrap.dart';
import 'core/config/flavor.dart';
import 'firebase_options_dev.dart';

Future<void> main() async {
  await bootstrap(
    flavor: Flavor.dev,
    firebaseOptions: DefaultFirebaseOptions.currentPlatform,
  );
}
""",
    P("lib/bootstrap.dart"): """import 'dart:async';

import 'package:firebase_core/firebase_core.dart';
import 'package:firebase_crashlytics/firebase_crashlytics.dart';
import 'package:flutter/foundation.dart';
import 'package:flutter/material.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';

import 'app.dart';
import 'core/config/flavor.dart';

Future<void> bootstrap({required Flavor flavor, required FirebaseOptions firebaseOptions}) async {
  WidgetsFlutterBinding.ensureInitialized();
  await Firebase.initializeApp(options: firebaseOptions);
  FlutterError.onError = FirebaseCrashlytics.instance.recordFlutterFatalError;
  PlatformDispatcher.instance.onError = (error, stack) {
    FirebaseCrashlytics.instance.recordError(error, stack, fatal: true);
    return true;
  };
  runApp(ProviderScope(
    overrides: [flavorProvider.overrideWithValue(flavor)],
    child: const XiandaApp(),
  ));
}
""",
    P("lib/app.dart"): """import 'package:flutter/material.dart';
import 'package:flutter_localizations/flutter_localizations.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';

import 'core/router/app_router.dart';
import 'core/theme/app_theme.dart';
import 'l10n/app_localizations.dart';

class XiandaApp extends ConsumerWidget {
  const XiandaApp({super.key});

  @override
  Widget build(BuildContext context, WidgetRef ref) {
    final router = ref.watch(appRouterProvider);
    return MaterialApp.router(
      title: '鲜达到家',
      theme: AppTheme.light(),
      routerConfig: router,
      localizationsDelegates: AppLocalizations.localizationsDelegates,
      supportedLocales: AppLocalizations.supportedLocales,
    );
  }
}
""",
    P("lib/core/router/app_router.dart"): """import 'package:go_router/go_router.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import '../../features/address/presentation/address_list_page.dart';
import '../../features/address/presentation/address_edit_page.dart';
import '../../features/cart/presentation/cart_page.dart';
import '../../features/home/presentation/home_page.dart';
import '../../features/order/presentation/order_detail_page.dart';
import '../auth/auth_state.dart';

part 'app_router.g.dart';

@riverpod
GoRouter appRouter(Ref ref) {
  final auth = ref.watch(authStateProvider);
  return GoRouter(
    initialLocation: '/home',
    redirect: (context, state) {
      final loggedIn = auth.valueOrNull?.isLoggedIn ?? false;
      if (!loggedIn && state.matchedLocation != '/login') return '/login';
      return null;
    },
    routes: [
      GoRoute(path: '/home', builder: (_, __) => const HomePage()),
      GoRoute(path: '/cart', builder: (_, __) => const CartPage()),
      GoRoute(path: '/address', builder: (_, __) => const AddressListPage()),
      GoRoute(
        path: '/address/edit',
        builder: (_, state) => AddressEditPage(addressId: state.uri.queryParameters['id']),
      ),
      GoRoute(path: '/order/:id', builder: (_, state) => OrderDetailPage(orderId: state.pathParameters['id']!)),
    ],
  );
}
""",
    P("lib/core/network/dio_client.dart"): """import 'package:dio/dio.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import '../config/flavor.dart';
import 'auth_interceptor.dart';
import 'error_interceptor.dart';

part 'dio_client.g.dart';

@Riverpod(keepAlive: true)
Dio dio(Ref ref) {
  final flavor = ref.watch(flavorProvider);
  final dio = Dio(BaseOptions(
    baseUrl: flavor.apiBaseUrl,
    connectTimeout: const Duration(seconds: 10),
    receiveTimeout: const Duration(seconds: 15),
  ));
  dio.interceptors
    ..add(AuthInterceptor(ref))
    ..add(ErrorInterceptor());
  return dio;
}
""",
    P("lib/features/address/presentation/address_edit_page.dart"): """import 'package:flutter/material.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';

import '../data/address_repository.dart';
import '../domain/address.dart';
import 'widgets/address_form.dart';

class AddressEditPage extends ConsumerWidget {
  const AddressEditPage({super.key, this.addressId});

  final String? addressId;

  @override
  Widget build(BuildContext context, WidgetRef ref) {
    final formKey = GlobalKey<AddressFormState>();
    return Scaffold(
      appBar: AppBar(title: Text(addressId == null ? '新增收货地址' : '编辑收货地址')),
      body: AddressForm(key: formKey, addressId: addressId),
      bottomNavigationBar: SafeArea(
        minimum: const EdgeInsets.fromLTRB(16, 8, 16, 12),
        child: FilledButton(
          onPressed: () {
            // TODO: 保存
          },
          child: const Text('保存'),
        ),
      ),
    );
  }
}
""",
    P("lib/features/address/data/address_repository.dart"): """import 'package:dio/dio.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import '../../../core/network/dio_client.dart';
import '../domain/address.dart';

part 'address_repository.g.dart';

class AddressRepository {
  AddressRepository(this._dio);

  final Dio _dio;

  Future<List<Address>> list() async {
    final res = await _dio.get<List<dynamic>>('/v2/addresses');
    return res.data!.map((e) => Address.fromJson(e as Map<String, dynamic>)).toList();
  }

  Future<Address> get(String id) async {
    final res = await _dio.get<Map<String, dynamic>>('/v2/addresses/$id');
    return Address.fromJson(res.data!);
  }
}

@riverpod
AddressRepository addressRepository(Ref ref) => AddressRepository(ref.watch(dioProvider));
""",
    P("lib/l10n/app_zh.arb"): """{
  "@@locale": "zh",
  "appTitle": "鲜达到家",
  "commonSave": "保存",
  "commonCancel": "取消",
  "commonConfirm": "确定",
  "cartEmpty": "购物车还是空的",
  "cartCheckout": "去结算（{count}）",
  "@cartCheckout": {
    "placeholders": {
      "count": {"type": "int"}
    }
  }
}
""",
    P("lib/l10n/app_en.arb"): """{
  "@@locale": "en",
  "appTitle": "Xianda",
  "commonSave": "Save",
  "commonCancel": "Cancel",
  "commonConfirm": "OK",
  "cartEmpty": "Your cart is empty",
  "cartCheckout": "Checkout ({count})",
  "@cartCheckout": {
    "placeholders": {
      "count": {"type": "int"}
    }
  }
}
""",
    P("l10n.yaml"): """arb-dir: lib/l10n
template-arb-file: app_zh.arb
output-localization-file: app_localizations.dart
output-dir: lib/l10n
nullable-getter: false
""",
    P("lefthook.yml"): """pre-commit:
  parallel: false
  commands:
    format:
      glob: "*.dart"
      exclude: "*.g.dart|*.freezed.dart|lib/l10n/app_localizations*.dart"
      run: dart format {staged_files}
      stage_fixed: true
    analyze:
      glob: "*.dart"
      exclude: "*.g.dart|*.freezed.dart"
      run: flutter analyze {staged_files}
""",
    P("ios/Podfile"): """platform :ios, '15.0'

ENV['COCOAPODS_DISABLE_STATS'] = 'true'

project 'Runner', {
  'Debug-dev' => :debug,
  'Debug-staging' => :debug,
  'Debug-prod' => :debug,
  'Profile-prod' => :release,
  'Release-dev' => :release,
  'Release-staging' => :release,
  'Release-prod' => :release,
}

def flutter_root
  generated_xcode_build_settings_path = File.expand_path(File.join('..', 'Flutter', 'Generated.xcconfig'), __FILE__)
  unless File.exist?(generated_xcode_build_settings_path)
    raise "#{generated_xcode_build_settings_path} must exist. If you're running pod install manually, make sure flutter pub get is executed first"
  end

  File.foreach(generated_xcode_build_settings_path) do |line|
    matches = line.match(/FLUTTER_ROOT\\=(.*)/)
    return matches[1].strip if matches
  end
  raise "FLUTTER_ROOT not found in #{generated_xcode_build_settings_path}. Try deleting Generated.xcconfig, then run flutter pub get"
end

require File.expand_path(File.join('packages', 'flutter_tools', 'bin', 'podhelper'), flutter_root)

flutter_ios_podfile_setup

target 'Runner' do
  use_frameworks!

  flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))
  target 'RunnerTests' do
    inherit! :search_paths
  end
end

post_install do |installer|
  installer.pods_project.targets.each do |target|
    flutter_additional_ios_build_settings(target)
    target.build_configurations.each do |config|
      config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '15.0'
    end
  end
end
""",
    P("fastlane/Fastfile"): """default_platform(:ios)

platform :ios do
  desc "staging 包上传 TestFlight"
  lane :beta do
    setup_ci if ENV["CI"]
    match(type: "appstore", readonly: true)
    cocoapods(podfile: "ios/Podfile", try_repo_update_on_error: false)
    sh("cd .. && flutter build ipa --flavor staging -t lib/main_staging.dart --export-options-plist=ios/ExportOptions-staging.plist --build-number=#{ENV.fetch('BUILD_NUMBER', latest_testflight_build_number(app_identifier: 'com.xianda.app.staging') + 1)}")
    upload_to_testflight(ipa: "build/ios/ipa/xianda.ipa", skip_waiting_for_build_processing: true)
  end
end

platform :android do
  desc "prod aab 上传 Play 内测轨道"
  lane :internal do
    sh("cd .. && flutter build appbundle --flavor prod -t lib/main_prod.dart")
    upload_to_play_store(track: "internal", aab: "build/app/outputs/bundle/prodRelease/app-prod-release.aab", skip_upload_metadata: true)
  end
end
""",
    P("lib/features/cart/domain/cart_summary.dart"): """import '../../coupon/domain/coupon.dart';
import 'cart_item.dart';

/// 购物车结算汇总（金额单位：元）
class CartSummary {
  const CartSummary({required this.items, this.coupon});

  final List<CartItem> items;
  final Coupon? coupon;

  double get subtotal => items.where((e) => e.selected).fold(0, (sum, e) => sum + e.price * e.quantity);

  double get discount {
    final c = coupon;
    if (c == null || subtotal < c.threshold) return 0;
    return c.amount;
  }

  double get total => subtotal - discount;
}
""",
    P("test/features/cart/cart_summary_test.dart"): """import 'package:flutter_test/flutter_test.dart';
import 'package:xianda_app/features/cart/domain/cart_item.dart';
import 'package:xianda_app/features/cart/domain/cart_summary.dart';

CartItem item(String id, double price, int qty, {bool selected = true}) =>
    CartItem(skuId: id, name: id, price: price, quantity: qty, selected: selected);

void main() {
  test('只算勾选的商品', () {
    final s = CartSummary(items: [item('a', 12.5, 2), item('b', 3, 1, selected: false)]);
    expect(s.subtotal, 25);
    expect(s.total, 25);
  });
}
""",
    P("android/app/build.gradle"): """plugins {
    id "com.android.application"
    id "kotlin-android"
    id "com.google.gms.google-services"
    id "com.google.firebase.crashlytics"
    id "dev.flutter.flutter-gradle-plugin"
}

android {
    namespace "com.xianda.app"
    compileSdk 35
    ndkVersion "27.0.12077973"

    defaultConfig {
        applicationId "com.xianda.app"
        minSdk 24
        targetSdk 35
        versionCode flutter.versionCode
        versionName flutter.versionName
    }

    flavorDimensions += "env"
    productFlavors {
        dev {
            dimension "env"
            applicationIdSuffix ".dev"
            resValue "string", "app_name", "鲜达 Dev"
        }
        staging {
            dimension "env"
            applicationIdSuffix ".staging"
            resValue "string", "app_name", "鲜达 测试"
        }
        prod {
            dimension "env"
            resValue "string", "app_name", "鲜达到家"
        }
    }

    signingConfigs {
        release {
            storeFile file(System.getenv("XIANDA_KEYSTORE") ?: "../keystore/upload.jks")
            storePassword System.getenv("XIANDA_KEYSTORE_PASSWORD")
            keyAlias "upload"
            keyPassword System.getenv("XIANDA_KEY_PASSWORD")
        }
    }

    buildTypes {
        release {
            signingConfig signingConfigs.release
            minifyEnabled true
            shrinkResources true
        }
    }
}

flutter {
    source "../.."
}
""",
}


def gen():
    d = Dev("zh-flutter", U, "zh", MODEL, seed=20260713, files=FILES)
    addr_edit = P("lib/features/address/presentation/address_edit_page.dart")
    addr_repo = P("lib/features/address/data/address_repository.dart")
    arb_zh = P("lib/l10n/app_zh.arb")
    arb_en = P("lib/l10n/app_en.arb")
    pubspec = P("pubspec.yaml")

    # ============================================================== S1
    with d.session("2026-07-13T01:40:00", R, branch="develop", version="2.1.88"):
        t = d.task("这个 Flutter 项目我刚从小王那接过来，先帮我过一遍：入口、flavor 怎么区分、路由、网络层和状态管理大概怎么组织的？", tags=["noise"])
        t.read(pubspec)
        t.glob("lib/main_*.dart", [P("lib/main_dev.dart"), P("lib/main_prod.dart"), P("lib/main_staging.dart")], path=R)
        t.read(P("lib/main_dev.dart"))
        t.read(P("lib/bootstrap.dart"))
        t.read(P("lib/app.dart"))
        t.read(P("lib/core/router/app_router.dart"))
        t.read(P("lib/core/network/dio_client.dart"))
        t.done("""整体结构如下：

**入口和 flavor**
- 三个入口 `lib/main_dev.dart` / `main_staging.dart` / `main_prod.dart`，都调 `bootstrap()`，区别只是传入的 `Flavor` 和对应的 `firebase_options_*.dart`
- `bootstrap.dart`：初始化 Firebase、把 Flutter 错误接到 Crashlytics，然后 `ProviderScope` 里用 `flavorProvider.overrideWithValue(flavor)` 注入当前环境
- 原生侧：Android 在 `android/app/build.gradle` 里有 `dev` / `staging` / `prod` 三个 productFlavors（applicationId 后缀不同），iOS 对应三个 scheme

**路由**：`core/router/app_router.dart`，go_router，用 `@riverpod` 生成 `appRouterProvider`，`redirect` 里根据 `authStateProvider` 判断未登录跳 `/login`。

**网络层**：`core/network/dio_client.dart`，`dioProvider`（keepAlive），`baseUrl` 取自 flavor，挂了鉴权和统一错误两个拦截器。

**状态管理**：Riverpod 2 + riverpod_generator，按 feature 分 `data`（repository + provider）/ `domain`（freezed 模型）/ `presentation`（页面和 widget）。模型用 freezed 3 + json_serializable，`*.g.dart` / `*.freezed.dart` 都是 build_runner 生成的，没有提交到仓库。

**其他**：国际化用 gen-l10n（`lib/l10n/*.arb`），lefthook 在 pre-commit 里跑 `dart format` 和 `flutter analyze`，发版走 `fastlane/` 里的 lane。""")

        t = d.task("优惠券中心要接新接口 GET /v2/coupons?status=usable|used|expired，返回 {items:[{id, title, amount, threshold, start_at, end_at, status}], has_more}。"
                   "先把 data 层做了：freezed 模型 + repository + 分页的 provider。状态统一用 @riverpod 注解生成，别再手写 StateNotifierProvider 了。写完跑一下测试和 analyze。",
                   tags=["workflow:W1", "pref:P1"])
        t.glob("lib/features/coupon/**/*.dart", [P("lib/features/coupon/domain/coupon.dart")], path=R)
        t.read(addr_repo)
        t.write(P("lib/features/coupon/domain/coupon_page.dart"), """import 'package:freezed_annotation/freezed_annotation.dart';

import 'coupon.dart';

part 'coupon_page.freezed.dart';
part 'coupon_page.g.dart';

enum CouponStatus { usable, used, expired }

@freezed
abstract class CouponDto with _$CouponDto {
  const factory CouponDto({
    required String id,
    required String title,
    required int amount,
    required int threshold,
    @JsonKey(name: 'start_at') required DateTime startAt,
    @JsonKey(name: 'end_at') required DateTime endAt,
    required CouponStatus status,
  }) = _CouponDto;

  factory CouponDto.fromJson(Map<String, dynamic> json) => _$CouponDtoFromJson(json);
}

@freezed
abstract class CouponPage with _$CouponPage {
  const factory CouponPage({
    required List<CouponDto> items,
    @JsonKey(name: 'has_more') required bool hasMore,
  }) = _CouponPage;

  factory CouponPage.fromJson(Map<String, dynamic> json) => _$CouponPageFromJson(json);
}

extension CouponDtoX on CouponDto {
  /// 金额字段后端按「分」返回
  Coupon toDomain() => Coupon(id: id, title: title, amount: amount / 100, threshold: threshold / 100, endAt: endAt);
}
""")
        t.write(P("lib/features/coupon/data/coupon_repository.dart"), """import 'package:dio/dio.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import '../../../core/network/dio_client.dart';
import '../domain/coupon_page.dart';

part 'coupon_repository.g.dart';

class CouponRepository {
  CouponRepository(this._dio);

  final Dio _dio;

  Future<CouponPage> fetch({required CouponStatus status, int page = 1, int size = 20}) async {
    final res = await _dio.get<Map<String, dynamic>>(
      '/v2/coupons',
      queryParameters: {'status': status.name, 'page': page, 'size': size},
    );
    return CouponPage.fromJson(res.data!);
  }
}

@riverpod
CouponRepository couponRepository(Ref ref) => CouponRepository(ref.watch(dioProvider));

@riverpod
class CouponList extends _$CouponList {
  int _page = 1;
  bool _hasMore = true;

  bool get hasMore => _hasMore;

  @override
  Future<List<CouponDto>> build(CouponStatus status) async {
    _page = 1;
    final first = await ref.watch(couponRepositoryProvider).fetch(status: status);
    _hasMore = first.hasMore;
    return first.items;
  }

  Future<void> loadMore() async {
    if (!_hasMore || state.isLoading) return;
    final current = state.valueOrNull ?? const [];
    final next = await ref.read(couponRepositoryProvider).fetch(status: status, page: _page + 1);
    _page++;
    _hasMore = next.hasMore;
    state = AsyncData([...current, ...next.items]);
  }
}
""")
        t.bash("dart run build_runner build --delete-conflicting-outputs", "生成 freezed / json / riverpod 代码",
               out=build_runner(6, 41, 11.4), timeout=300000)
        t.write(P("test/features/coupon/coupon_repository_test.dart"), """import 'package:dio/dio.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:mocktail/mocktail.dart';
import 'package:xianda_app/features/coupon/data/coupon_repository.dart';
import 'package:xianda_app/features/coupon/domain/coupon_page.dart';

class _MockDio extends Mock implements Dio {}

void main() {
  late _MockDio dio;
  late CouponRepository repo;

  setUp(() {
    dio = _MockDio();
    repo = CouponRepository(dio);
  });

  test('解析分页数据，金额按分转元', () async {
    when(() => dio.get<Map<String, dynamic>>('/v2/coupons', queryParameters: any(named: 'queryParameters')))
        .thenAnswer((_) async => Response(
              requestOptions: RequestOptions(path: '/v2/coupons'),
              data: {
                'items': [
                  {'id': 'c1', 'title': '满 59 减 10', 'amount': 1000, 'threshold': 5900,
                   'start_at': '2026-07-01T00:00:00+08:00', 'end_at': '2026-07-31T23:59:59+08:00', 'status': 'usable'},
                ],
                'has_more': false,
              },
            ));

    final page = await repo.fetch(status: CouponStatus.usable);

    expect(page.hasMore, isFalse);
    expect(page.items.single.status, CouponStatus.usable);
    expect(page.items.single.toDomain().amount, 10);
    expect(page.items.single.toDomain().threshold, 59);
  });

  test('status 作为查询参数传给后端', () async {
    when(() => dio.get<Map<String, dynamic>>(any(), queryParameters: any(named: 'queryParameters')))
        .thenAnswer((_) async => Response(requestOptions: RequestOptions(), data: {'items': [], 'has_more': false}));

    await repo.fetch(status: CouponStatus.expired, page: 2);

    final captured = verify(() => dio.get<Map<String, dynamic>>('/v2/coupons',
        queryParameters: captureAny(named: 'queryParameters'))).captured.single as Map;
    expect(captured['status'], 'expired');
    expect(captured['page'], 2);
  });
}
""")
        t.bash("flutter test test/features/coupon", "运行优惠券相关测试",
               out=test_ok([("test/features/coupon/coupon_repository_test.dart", 2)], 2, 3))
        t.bash("flutter analyze", "静态检查", out=analyze_ok(6.2))
        t.done("""data 层已完成：

- `lib/features/coupon/domain/coupon_page.dart`：`CouponDto`、`CouponPage`（freezed 3 + json_serializable，`start_at` / `end_at` / `has_more` 用 `@JsonKey` 映射），`CouponStatus` 枚举；`toDomain()` 把后端的「分」转成元
- `lib/features/coupon/data/coupon_repository.dart`：
  - `CouponRepository.fetch(status, page, size)`
  - `couponRepositoryProvider`（`@riverpod` 函数式）
  - `CouponList`（`@riverpod` 类，family 参数 `status`），`build` 拉第一页，`loadMore()` 追加下一页；没有手写任何 `StateNotifierProvider`
- `dart run build_runner build --delete-conflicting-outputs`：生成 6 个文件
- `test/features/coupon/coupon_repository_test.dart`：2 个用例（解析 + 查询参数），通过
- `flutter analyze`：No issues found

页面部分等 UI 稿出来再接。""")

        t = d.task("问个问题：freezed 3 跟 2 比，写法上最大的变化是什么？我看小王有的模型前面加了 abstract，有的没加", tags=["noise", "no_tools"])
        t.done("""freezed 3 最大的变化是**不再替你生成类本身**，而是要求你的类是合法的 Dart 类，主要有三点：

1. **必须写 `abstract`（或 `sealed`）**：`@freezed class Foo with _$Foo` 在 3.x 里会报 `Missing concrete implementation`。只有一个工厂构造的普通模型写 `abstract class`；有多个工厂构造（联合类型）的写 `sealed class`。没加 abstract 的那些是还没迁移的旧模型，能编译只是因为它们还没被重新生成过——下次跑 build_runner 就会报错。
2. **`when` / `map` 系列去掉了**：联合类型改用 Dart 3 的 `switch` 模式匹配（`switch (state) { Loading() => …, Data(:final value) => … }`），sealed 类能做穷尽检查。
3. **支持「混合」写法**：可以在 freezed 类里写普通构造函数和字段（`Foo._()` 私有构造 + getter 一直都可以），3.x 里还能直接继承非 freezed 的类。

迁移建议：一个 feature 一个 feature 改，加 `abstract` / `sealed`，把 `.when(` 替换成 `switch`，跑一遍 build_runner 和测试就行。""")

    # ============================================================== S2
    with d.session("2026-07-15T02:05:00", R, branch="feat/address-edit", version="2.1.89"):
        t = d.task("地址编辑页的保存按钮还是个 TODO。接上 POST /v2/addresses（新增）和 PUT /v2/addresses/{id}（编辑），保存成功弹个「已保存」然后返回上一页，失败的提示拦截器会弹，不用管。",
                   tags=["mistake:M3"])
        t.read(addr_edit)
        t.read(addr_repo)
        t.edit(addr_repo, """  Future<Address> get(String id) async {
    final res = await _dio.get<Map<String, dynamic>>('/v2/addresses/$id');
    return Address.fromJson(res.data!);
  }
""", """  Future<Address> get(String id) async {
    final res = await _dio.get<Map<String, dynamic>>('/v2/addresses/$id');
    return Address.fromJson(res.data!);
  }

  Future<Address> save(AddressInput input, {String? id}) async {
    final res = id == null
        ? await _dio.post<Map<String, dynamic>>('/v2/addresses', data: input.toJson())
        : await _dio.put<Map<String, dynamic>>('/v2/addresses/$id', data: input.toJson());
    return Address.fromJson(res.data!);
  }
""")
        t.edit(addr_edit, """          onPressed: () {
            // TODO: 保存
          },""", """          onPressed: () async {
            final input = formKey.currentState?.validateAndCollect();
            if (input == null) return;
            await ref.read(addressRepositoryProvider).save(input, id: addressId);
            ref.invalidate(addressListProvider);
            ScaffoldMessenger.of(context).showSnackBar(const SnackBar(content: Text('已保存')));
            Navigator.of(context).pop();
          },""")
        t.edit(addr_edit, """import '../domain/address.dart';
""", """import '../domain/address.dart';
import 'address_list_page.dart' show addressListProvider;
""")
        t.fail("flutter analyze", "静态检查", analyze_issues([
            ("info", "Don't use 'BuildContext's across async gaps", "lib/features/address/presentation/address_edit_page.dart", 27, 34, "use_build_context_synchronously"),
            ("info", "Don't use 'BuildContext's across async gaps", "lib/features/address/presentation/address_edit_page.dart", 28, 23, "use_build_context_synchronously"),
        ], 5.7))
        t.say("`await save(...)` 之后页面可能已经被关掉了，这时候再用 `context` 取 `ScaffoldMessenger` / `Navigator` 不安全。"
              "在 await 之后先判断 `context.mounted`，不在树上就直接返回。")
        t.edit(addr_edit, """            await ref.read(addressRepositoryProvider).save(input, id: addressId);
            ref.invalidate(addressListProvider);
            ScaffoldMessenger""", """            await ref.read(addressRepositoryProvider).save(input, id: addressId);
            ref.invalidate(addressListProvider);
            if (!context.mounted) return;
            ScaffoldMessenger""")
        t.bash("flutter analyze", "重新静态检查", out=analyze_ok(5.3))
        t.done("""保存已接上：

- `AddressRepository.save(input, {id})`：没有 id 走 `POST /v2/addresses`，有 id 走 `PUT /v2/addresses/{id}`
- `AddressEditPage` 保存按钮：表单校验通过后调用 `save`，成功后刷新地址列表（`ref.invalidate(addressListProvider)`）、弹「已保存」、`pop` 返回；失败交给 dio 的错误拦截器提示

第一次 `flutter analyze` 报了两条 `use_build_context_synchronously`：`await` 之后直接用了 `context`。已在 await 后加 `if (!context.mounted) return;`，再跑 analyze 没有问题了。""")

        t = d.task("早上其他人合了不少东西，帮我把 develop 合进来，依赖也更新一下", tags=["flaky:F1"])
        t.bash("git fetch origin && git merge origin/develop --no-edit", "合并最新 develop", out="""Merge made by the 'ort' strategy.
 lib/features/home/presentation/widgets/banner_carousel.dart   |  42 ++++---
 lib/features/order/data/order_repository.dart                 |  18 ++-
 lib/features/order/presentation/order_detail_page.dart        |  61 ++++++----
 pubspec.lock                                                  |  36 +++---
 pubspec.yaml                                                  |   4 +-
 test/features/order/order_repository_test.dart                |  27 +++++
 6 files changed, 130 insertions(+), 58 deletions(-)""")
        t.fail("flutter pub get", "更新依赖", """Resolving dependencies...
Got socket error trying to find package carousel_slider at https://pub.flutter-io.cn.
Failed to update packages.""", code=69)
        t.say("访问 pub.flutter-io.cn 的时候网络断了一下，不是依赖本身的问题，原样再执行一次。")
        t.bash("flutter pub get", "更新依赖", out="""Resolving dependencies...
Downloading packages...
> carousel_slider 5.1.1 (was 5.0.0)
  dio 5.8.0+1
  firebase_core 3.13.1 (3.15.2 available)
  firebase_messaging 15.2.6 (15.2.10 available)
  go_router 15.1.2 (16.0.0 available)
  riverpod 2.6.1
Changed 1 dependency!
18 packages have newer versions incompatible with dependency constraints.
Try `flutter pub outdated` for more information.""")
        t.done("""已把 `origin/develop` 合进 `feat/address-edit`（没有冲突），主要是首页轮播图和订单详情的改动，`carousel_slider` 升到了 5.1.1。

`flutter pub get` 第一次报 `Got socket error trying to find package carousel_slider at https://pub.flutter-io.cn`，是镜像网络抖了一下，重跑一次就好了。""")

        t = d.task("打个 debug 包装到我插着的测试机上（小米那台），我看下地址编辑页的效果", tags=["mistake:M2"])
        t.bash("adb devices", "查看已连接设备", out="""List of devices attached
8a3f9c21	device""")
        t.fail("flutter build apk --debug", "构建 debug APK", gradle_apk_missing("assembleDebug", "86.4"), timeout=600000)
        t.say("Gradle 其实构建成功了，但项目配置了 productFlavors，产物名带 flavor，flutter 找不到默认的 apk。确认一下有哪些 flavor。")
        t.grep("productFlavors|dimension \"env\"", path=P("android/app/build.gradle"), output_mode="content", n=True,
               content="""25:    productFlavors {
27:            dimension "env"
32:            dimension "env"
37:            dimension "env\"""")
        t.bash("flutter build apk --debug --flavor dev -t lib/main_dev.dart", "按 dev flavor 构建 debug APK", out="""Running Gradle task 'assembleDevDebug'...                           24.9s
✓ Built build/app/outputs/flutter-apk/app-dev-debug.apk""", timeout=600000)
        t.bash("adb -s 8a3f9c21 install -r build/app/outputs/flutter-apk/app-dev-debug.apk", "安装到测试机", out="""Performing Streamed Install
Success""")
        t.done("""已装到小米测试机上了（应用名「鲜达 Dev」，连的是 dev 环境）。

第一次 `flutter build apk --debug` 报 `Gradle build failed to produce an .apk file`：项目有 dev / staging / prod 三个 flavor，不指定的话 Gradle 会把三个 flavor 的 debug 包都打出来，flutter 找不到默认名字的 apk。用 `--flavor dev -t lib/main_dev.dart` 重新构建就好了，产物是 `build/app/outputs/flutter-apk/app-dev-debug.apk`。""")

    # ============================================================== S3
    with d.session("2026-07-17T01:52:00", R, branch="feat/address-edit", version="2.1.89"):
        t = d.task("地址页面上的文案还都是写死的中文，挪到 arb 里：新增/编辑收货地址、已保存、设为默认地址、标签（家/公司/学校）。英文也补上。", tags=["workflow:W2"])
        t.read(arb_zh)
        t.read(arb_en)
        t.edit(arb_zh, """  "cartEmpty": "购物车还是空的",""", """  "cartEmpty": "购物车还是空的",
  "addressAddTitle": "新增收货地址",
  "addressEditTitle": "编辑收货地址",
  "addressSaved": "已保存",
  "addressSetDefault": "设为默认地址",
  "addressTagHome": "家",
  "addressTagCompany": "公司",
  "addressTagSchool": "学校",""")
        t.edit(arb_en, """  "cartEmpty": "Your cart is empty",""", """  "cartEmpty": "Your cart is empty",
  "addressAddTitle": "New address",
  "addressEditTitle": "Edit address",
  "addressSaved": "Saved",
  "addressSetDefault": "Set as default",
  "addressTagHome": "Home",
  "addressTagCompany": "Work",
  "addressTagSchool": "School",""")
        t.bash("flutter gen-l10n", "生成本地化代码", out="")
        t.read(addr_edit)
        t.edit(addr_edit, """import 'package:flutter_riverpod/flutter_riverpod.dart';
""", """import 'package:flutter_riverpod/flutter_riverpod.dart';

import '../../../l10n/app_localizations.dart';
""")
        t.edit(addr_edit, """    final formKey = GlobalKey<AddressFormState>();
    return Scaffold(
      appBar: AppBar(title: Text(addressId == null ? '新增收货地址' : '编辑收货地址')),""", """    final formKey = GlobalKey<AddressFormState>();
    final l10n = AppLocalizations.of(context);
    return Scaffold(
      appBar: AppBar(title: Text(addressId == null ? l10n.addressAddTitle : l10n.addressEditTitle)),""")
        t.edit(addr_edit, """SnackBar(content: Text('已保存'))""", """SnackBar(content: Text(l10n.addressSaved))""")
        t.edit(addr_edit, """          child: const Text('保存'),""", """          child: Text(l10n.commonSave),""")
        t.grep("'(家|公司|学校|设为默认地址)'", path=P("lib/features/address"), output_mode="content", n=True,
               content="""lib/features/address/presentation/widgets/address_form.dart:88:          title: const Text('设为默认地址'),
lib/features/address/presentation/widgets/address_tag_chips.dart:9:  AddressTag.home: '家',
lib/features/address/presentation/widgets/address_tag_chips.dart:10:  AddressTag.company: '公司',
lib/features/address/presentation/widgets/address_tag_chips.dart:11:  AddressTag.school: '学校',""")
        FILES_TAG = P("lib/features/address/presentation/widgets/address_tag_chips.dart")
        d.files[FILES_TAG] = """import 'package:flutter/material.dart';

import '../../domain/address.dart';

const _labels = {
  AddressTag.home: '家',
  AddressTag.company: '公司',
  AddressTag.school: '学校',
};

class AddressTagChips extends StatelessWidget {
  const AddressTagChips({super.key, required this.value, required this.onChanged});

  final AddressTag? value;
  final ValueChanged<AddressTag?> onChanged;

  @override
  Widget build(BuildContext context) {
    return Wrap(
      spacing: 8,
      children: [
        for (final tag in AddressTag.values)
          ChoiceChip(
            label: Text(_labels[tag]!),
            selected: value == tag,
            selectedColor: const Color(0xFFE8F5E9),
            labelStyle: TextStyle(color: value == tag ? const Color(0xFF2E7D32) : const Color(0xFF666666)),
            onSelected: (s) => onChanged(s ? tag : null),
          ),
      ],
    );
  }
}
"""
        d.files[P("lib/features/address/presentation/widgets/address_form.dart")] = "\n".join(
            ["// address_form.dart (片段)"] + ["" for _ in range(86)] + ["          title: const Text('设为默认地址'),", ""])
        t.read(FILES_TAG)
        t.edit(FILES_TAG, """import '../../domain/address.dart';

const _labels = {
  AddressTag.home: '家',
  AddressTag.company: '公司',
  AddressTag.school: '学校',
};
""", """import '../../../../l10n/app_localizations.dart';
import '../../domain/address.dart';

String _label(AppLocalizations l10n, AddressTag tag) => switch (tag) {
      AddressTag.home => l10n.addressTagHome,
      AddressTag.company => l10n.addressTagCompany,
      AddressTag.school => l10n.addressTagSchool,
    };
""")
        t.edit(FILES_TAG, """  Widget build(BuildContext context) {
    return Wrap(""", """  Widget build(BuildContext context) {
    final l10n = AppLocalizations.of(context);
    return Wrap(""")
        t.edit(FILES_TAG, """            label: Text(_labels[tag]!),""", """            label: Text(_label(l10n, tag)),""")
        ff = P("lib/features/address/presentation/widgets/address_form.dart")
        t.read(ff, offset=80, limit=12)
        t.edit(ff, """          title: const Text('设为默认地址'),""", """          title: Text(AppLocalizations.of(context).addressSetDefault),""")
        t.bash("flutter analyze", "静态检查", out=analyze_ok(5.9))
        t.done("""文案都挪到 arb 了：

- `app_zh.arb` / `app_en.arb` 新增 7 个 key：`addressAddTitle`、`addressEditTitle`、`addressSaved`、`addressSetDefault`、`addressTagHome/Company/School`
- `flutter gen-l10n` 重新生成了 `lib/l10n/app_localizations*.dart`
- `address_edit_page.dart`：标题、「已保存」、「保存」按钮改用 `AppLocalizations`
- `address_tag_chips.dart`：原来的 `_labels` 常量表改成按 `l10n` 取文案的 `_label()`
- `address_form.dart`：「设为默认地址」

`flutter analyze` 无问题。`address_tag_chips.dart` 里选中色还是写死的 `Color(0xFF…)`，要不要一起改看你。""")

        t = d.task("要改的，标签选中的颜色别写死 Color(0xFF...)，统一从 Theme.of(context).colorScheme 里取，暗色模式下才不会怪", tags=["pref:P2"])
        t.read(FILES_TAG)
        t.edit(FILES_TAG, """    final l10n = AppLocalizations.of(context);
    return Wrap(""", """    final l10n = AppLocalizations.of(context);
    final scheme = Theme.of(context).colorScheme;
    return Wrap(""")
        t.edit(FILES_TAG, """            selectedColor: const Color(0xFFE8F5E9),
            labelStyle: TextStyle(color: value == tag ? const Color(0xFF2E7D32) : const Color(0xFF666666)),""",
               """            selectedColor: scheme.primaryContainer,
            labelStyle: TextStyle(color: value == tag ? scheme.onPrimaryContainer : scheme.onSurfaceVariant),""")
        t.grep("Color\\(0x", path=P("lib/features/address"), output_mode="files_with_matches", filenames=[])
        t.bash("flutter analyze lib/features/address", "静态检查地址模块", out=analyze_ok(2.8, "address"))
        t.done("""改好了，`AddressTagChips` 现在全部从 `Theme.of(context).colorScheme` 取色：

- 选中背景 `primaryContainer`，选中文字 `onPrimaryContainer`
- 未选中文字 `onSurfaceVariant`

地址模块里已经没有 `Color(0x…)` 了，analyze 通过。""")

        t = d.task("地址这块差不多了，格式化、analyze、测试都过一遍，然后提交推上去开 MR 到 develop", tags=["workflow:W3"])
        t.bash("dart format lib test", "格式化代码", out="Formatted 412 files (2 changed) in 1.84 seconds.")
        t.bash("flutter analyze", "静态检查", out=analyze_ok(6.4))
        t.bash("flutter test", "运行全部测试", out=test_ok([("test/features/address/address_repository_test.dart", 3),
                                                       ("test/features/cart/cart_summary_test.dart", 1),
                                                       ("test/features/coupon/coupon_repository_test.dart", 2),
                                                       ("test/features/order/order_repository_test.dart", 5)], 41, 14))
        t.bash("git status --short", "查看改动", out=""" M lib/features/address/data/address_repository.dart
 M lib/features/address/presentation/address_edit_page.dart
 M lib/features/address/presentation/widgets/address_form.dart
 M lib/features/address/presentation/widgets/address_tag_chips.dart
 M lib/l10n/app_en.arb
 M lib/l10n/app_zh.arb""")
        sha = hx(7)
        t.bash('git add lib && git commit -m "feat(address): 地址新增/编辑保存，文案移入 arb，标签颜色取自主题"', "提交改动",
               out=commit_out("feat/address-edit", sha, "feat(address): 地址新增/编辑保存，文案移入 arb，标签颜色取自主题", 6, 58, 21, lh=lefthook_ok(3.1, 4)))
        t.bash("git push -u origin feat/address-edit", "推送分支", out=push_new("feat/address-edit"))
        t.bash('glab mr create --source-branch feat/address-edit --target-branch develop --title "feat(address): 地址新增/编辑保存" '
               '--description "- 地址新增 POST / 编辑 PUT，保存后刷新列表并返回\n- 地址页文案移入 arb（中英）\n- 标签颜色改用 colorScheme\n- dart format / flutter analyze / flutter test 通过；dev 包真机验证" --remove-source-branch --yes',
               "创建 MR", out=mr_created(87, "feat(address): 地址新增/编辑保存", "feat/address-edit"))
        t.done(f"""都过了，已推送并开 MR：

- `dart format`：2 个文件有格式调整
- `flutter analyze`：无问题
- `flutter test`：41 个用例全部通过
- 提交 `{sha}`（lefthook 的 format + analyze 也通过）
- MR !87 → develop：{GL}/-/merge_requests/87""")

        t = d.task("订单列表 JSON 比较大的时候滑动有点卡，是不是该把解析丢到 isolate 里？compute 和 Isolate.run 有啥区别", tags=["noise", "no_tools"])
        t.done("""先确认是不是解析导致的：用 profile 包 + DevTools 的 Performance 看卡顿那一帧，如果 UI 线程上是 `jsonDecode` / `fromJson` 占大头，再考虑 isolate。一般几十 KB 的 JSON 在主线程解析只要几毫秒，卡顿更常见的原因是列表项构建太重或图片解码。

如果确实是解析：

- **`Isolate.run(() => ...)`**（Dart 2.19+）：起一个短命 isolate 执行闭包，返回结果，结束后销毁。闭包里可以捕获变量（会被复制过去）。
- **`compute(fn, message)`**：Flutter 的封装，现在内部就是 `Isolate.run`，区别只是它要求一个顶层/静态函数 + 一个参数，Web 上会退化为在主线程执行。

新代码直接用 `Isolate.run` 就行：

```dart
final page = await Isolate.run(() => OrderPage.fromJson(jsonDecode(body) as Map<String, dynamic>));
```

注意 dio 默认已经在拿到响应后帮你 `jsonDecode` 了；要把解码也挪走，可以给 dio 设 `Transformer`（`BackgroundTransformer` 在大于 50KB 时会自动用 isolate 解码），这比每个 repository 手写 `Isolate.run` 更省事。""")

    # ============================================================== S4
    with d.session("2026-07-20T02:31:00", R, branch="feat/push-upgrade", version="2.1.90"):
        t = d.task("iOS 上推送点开有时候收不到 onMessageOpenedApp，firebase_messaging 的 changelog 说 15.2.10 修了。把 firebase 这几个插件升到最新的兼容版本，iOS 那边 pod 也更新好。",
                   tags=["mistake:M1"])
        t.read(pubspec)
        t.edit(pubspec, """  firebase_core: ^3.13.1
  firebase_messaging: ^15.2.6
  firebase_crashlytics: ^4.3.6""", """  firebase_core: ^3.15.2
  firebase_messaging: ^15.2.10
  firebase_crashlytics: ^4.3.10""")
        t.bash("flutter pub get", "获取依赖", out="""Resolving dependencies...
Downloading packages...
! firebase_core 3.15.2 (was 3.13.1)
  firebase_core_platform_interface 6.0.0
> firebase_crashlytics 4.3.10 (was 4.3.6)
> firebase_messaging 15.2.10 (was 15.2.6)
> firebase_messaging_platform_interface 4.6.10 (was 4.6.6)
Changed 5 dependencies!""")
        hdr = """Analyzing dependencies
firebase_core: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
firebase_crashlytics: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
firebase_messaging: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
"""
        t.fail("cd ios && pod install", "更新 iOS pods", pod_incompatible("Firebase/Messaging", "firebase_messaging", "11.10.0", "15.2.10", "11.15.0", hdr))
        t.say("Podfile.lock 里锁的是 Firebase 11.10.0，插件要 11.15.0；本地 CocoaPods 的 specs 索引是旧的，里面还没有 11.15.0。带 `--repo-update` 刷新索引再装。")
        t.bash("cd ios && pod install --repo-update", "刷新 specs 索引并安装 pods", out="""Updating local specs repositories
  $ /opt/homebrew/bin/git -C /Users/liuyang/.cocoapods/repos/trunk fetch origin --progress
Analyzing dependencies
firebase_core: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
firebase_crashlytics: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
firebase_messaging: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
Downloading dependencies
Installing Firebase 11.15.0 (was 11.10.0)
Installing FirebaseCore 11.15.0 (was 11.10.0)
Installing FirebaseCoreExtension 11.15.0 (was 11.10.0)
Installing FirebaseCoreInternal 11.15.0 (was 11.10.0)
Installing FirebaseCrashlytics 11.15.0 (was 11.10.0)
Installing FirebaseInstallations 11.15.0 (was 11.10.0)
Installing FirebaseMessaging 11.15.0 (was 11.10.0)
Installing FirebaseSessions 11.15.0 (was 11.10.0)
Installing GoogleDataTransport 10.1.0
Installing GoogleUtilities 8.1.0
Installing firebase_core 3.15.2 (was 3.13.1)
Installing firebase_crashlytics 4.3.10 (was 4.3.6)
Installing firebase_messaging 15.2.10 (was 15.2.6)
Generating Pods project
Integrating client project
Pod installation complete! There are 14 dependencies from the Podfile and 38 total pods installed.""", timeout=600000)
        t.bash("git status --short", "查看改动", out=""" M ios/Podfile.lock
 M pubspec.lock
 M pubspec.yaml""")
        t.done("""升级完成：

- `pubspec.yaml`：`firebase_core` 3.15.2、`firebase_messaging` 15.2.10、`firebase_crashlytics` 4.3.10（三者同属一个 BoM，对应 Firebase iOS SDK 11.15.0）
- `ios/Podfile.lock`：Firebase 相关 pods 从 11.10.0 升到 11.15.0

第一次 `pod install` 报 `CocoaPods could not find compatible versions for pod "Firebase/Messaging"`：插件需要 11.15.0，但本地 specs 索引里还没有这个版本。用 `pod install --repo-update` 刷新索引后安装成功。

改动只有 `pubspec.yaml`、`pubspec.lock`、`ios/Podfile.lock` 三个文件，还没提交；你在真机上验证完推送点击再提。""")

        t = d.task("顺便看下官方文档，前台收到推送的时候 iOS 和 Android 各要怎么处理才能弹通知？我们现在前台是收不到横幅的", tags=["noise", "webfetch"])
        t.webfetch("https://firebase.google.com/docs/cloud-messaging/flutter/receive", "前台消息在 iOS 和 Android 上分别如何显示通知？",
                   """## Foreground messages

By default, messages arriving while the application is in the foreground will not display a visible notification on Android or iOS.

**iOS**: call `setForegroundNotificationPresentationOptions` to update the presentation options for the application:

```dart
await FirebaseMessaging.instance.setForegroundNotificationPresentationOptions(
  alert: true, // Required to display a heads up notification
  badge: true,
  sound: true,
);
```

**Android**: Android apps must create a "High Priority" notification channel. The Firebase Android SDK will block displaying any FCM notification messages when the app is in the foreground. Use the `flutter_local_notifications` package to create the channel and display the message from `FirebaseMessaging.onMessage`.""")
        t.done("""文档的结论：前台默认两端都不弹。

- **iOS**：启动时调用一次
  ```dart
  await FirebaseMessaging.instance.setForegroundNotificationPresentationOptions(alert: true, badge: true, sound: true);
  ```
  之后前台也会显示系统横幅，不需要自己弹。
- **Android**：FCM SDK 在前台会拦下 notification 消息，必须自己显示：用我们已经依赖的 `flutter_local_notifications` 建一个 `Importance.max` 的高优先级 channel，在 `FirebaseMessaging.onMessage.listen` 里 `show()` 出来；AndroidManifest 里的 `default_notification_channel_id` 也要指向这个 channel。

我看了下 `bootstrap.dart`，这两处目前都没做。需要的话我下个任务加上。""")

        t = d.task("推送消息中心的接口也给了：GET /v2/notifications，返回 {items:[{id, title, body, type, read, created_at, deeplink}], unread_count}。"
                   "照着优惠券那套把 data 层写了，provider 还是用 riverpod_generator 生成，别整 ChangeNotifier。测试里的 Dio 用 mocktail 来 mock。",
                   tags=["workflow:W1", "pref:P1", "pref:P3"])
        t.read(P("lib/features/coupon/data/coupon_repository.dart"))
        t.write(P("lib/features/notification/domain/app_notification.dart"), """import 'package:freezed_annotation/freezed_annotation.dart';

part 'app_notification.freezed.dart';
part 'app_notification.g.dart';

enum NotificationType { order, promotion, system }

@freezed
abstract class AppNotification with _$AppNotification {
  const factory AppNotification({
    required String id,
    required String title,
    required String body,
    @JsonKey(unknownEnumValue: NotificationType.system) required NotificationType type,
    required bool read,
    @JsonKey(name: 'created_at') required DateTime createdAt,
    String? deeplink,
  }) = _AppNotification;

  factory AppNotification.fromJson(Map<String, dynamic> json) => _$AppNotificationFromJson(json);
}

@freezed
abstract class NotificationInbox with _$NotificationInbox {
  const factory NotificationInbox({
    required List<AppNotification> items,
    @JsonKey(name: 'unread_count') required int unreadCount,
  }) = _NotificationInbox;

  factory NotificationInbox.fromJson(Map<String, dynamic> json) => _$NotificationInboxFromJson(json);
}
""")
        t.write(P("lib/features/notification/data/notification_repository.dart"), """import 'package:dio/dio.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import '../../../core/network/dio_client.dart';
import '../domain/app_notification.dart';

part 'notification_repository.g.dart';

class NotificationRepository {
  NotificationRepository(this._dio);

  final Dio _dio;

  Future<NotificationInbox> inbox() async {
    final res = await _dio.get<Map<String, dynamic>>('/v2/notifications');
    return NotificationInbox.fromJson(res.data!);
  }

  Future<void> markRead(String id) => _dio.post<void>('/v2/notifications/$id/read');
}

@riverpod
NotificationRepository notificationRepository(Ref ref) => NotificationRepository(ref.watch(dioProvider));

@riverpod
class Inbox extends _$Inbox {
  @override
  Future<NotificationInbox> build() => ref.watch(notificationRepositoryProvider).inbox();

  Future<void> markRead(String id) async {
    await ref.read(notificationRepositoryProvider).markRead(id);
    final cur = state.valueOrNull;
    if (cur == null) return;
    state = AsyncData(cur.copyWith(
      items: [for (final n in cur.items) n.id == id ? n.copyWith(read: true) : n],
      unreadCount: cur.items.any((n) => n.id == id && !n.read) ? cur.unreadCount - 1 : cur.unreadCount,
    ));
  }
}

@riverpod
int unreadCount(Ref ref) => ref.watch(inboxProvider).valueOrNull?.unreadCount ?? 0;
""")
        t.bash("dart run build_runner build --delete-conflicting-outputs", "生成代码", out=build_runner(4, 47, 9.7), timeout=300000)
        t.write(P("test/features/notification/notification_repository_test.dart"), """import 'package:dio/dio.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:mocktail/mocktail.dart';
import 'package:xianda_app/features/notification/data/notification_repository.dart';
import 'package:xianda_app/features/notification/domain/app_notification.dart';

class _MockDio extends Mock implements Dio {}

void main() {
  late _MockDio dio;

  setUp(() => dio = _MockDio());

  test('未知 type 落到 system', () async {
    when(() => dio.get<Map<String, dynamic>>('/v2/notifications')).thenAnswer((_) async => Response(
          requestOptions: RequestOptions(),
          data: {
            'items': [
              {'id': 'n1', 'title': '订单已送达', 'body': '…', 'type': 'order', 'read': false,
               'created_at': '2026-07-20T09:00:00+08:00', 'deeplink': 'xianda://order/1001'},
              {'id': 'n2', 'title': '新功能', 'body': '…', 'type': 'survey', 'read': true,
               'created_at': '2026-07-19T09:00:00+08:00'},
            ],
            'unread_count': 1,
          },
        ));

    final inbox = await NotificationRepository(dio).inbox();

    expect(inbox.unreadCount, 1);
    expect(inbox.items.map((e) => e.type), [NotificationType.order, NotificationType.system]);
    expect(inbox.items.last.deeplink, isNull);
  });

  test('markRead 调用正确的路径', () async {
    when(() => dio.post<void>(any())).thenAnswer((_) async => Response(requestOptions: RequestOptions()));
    await NotificationRepository(dio).markRead('n1');
    verify(() => dio.post<void>('/v2/notifications/n1/read')).called(1);
  });
}
""")
        t.bash("flutter test test/features/notification", "运行消息中心测试",
               out=test_ok([("test/features/notification/notification_repository_test.dart", 2)], 2, 3))
        t.bash("flutter analyze", "静态检查", out=analyze_ok(6.0))
        t.done("""消息中心 data 层完成：

- `domain/app_notification.dart`：`AppNotification`、`NotificationInbox`（freezed + json），`type` 未知值兜底为 `system`
- `data/notification_repository.dart`：`inbox()`、`markRead(id)`；provider 全部是 `@riverpod` 生成的：`notificationRepositoryProvider`、`inboxProvider`（`markRead` 后本地更新已读和未读数）、`unreadCountProvider`（给角标用）
- build_runner 生成 4 个文件
- 测试用 mocktail mock `Dio`，2 个用例通过；`flutter analyze` 无问题""")

    # ============================================================== S5
    with d.session("2026-07-22T06:14:00", R, branch="fix/cart-total", version="2.1.91", end_reason="other"):
        summ = P("lib/features/cart/domain/cart_summary.dart")
        stest = P("test/features/cart/cart_summary_test.dart")
        t = d.task("测试那边报购物车满减后合计偶尔显示 89.89999999999999。给 CartSummary 补个满减的测试复现一下，然后修掉", tags=["oneoff:O1"])
        t.read(summ)
        t.read(stest)
        t.edit(stest, """    expect(s.total, 25);
  });
}
""", """    expect(s.total, 25);
  });

  test('满减后合计', () {
    final s = CartSummary(
      items: [item('a', 39.9, 2), item('b', 20.1, 1)],
      coupon: const Coupon(id: 'c1', title: '满 99 减 10', amount: 10, threshold: 99),
    );
    expect(s.subtotal, 99.9);
    expect(s.total, 89.9);
  });
}
""")
        t.edit(stest, """import 'package:flutter_test/flutter_test.dart';
""", """import 'package:flutter_test/flutter_test.dart';
import 'package:xianda_app/features/coupon/domain/coupon.dart';
""")
        t.fail("flutter test test/features/cart/cart_summary_test.dart", "运行购物车汇总测试", f"""00:00 +0: loading {R}/test/features/cart/cart_summary_test.dart
00:01 +1: 满减后合计
00:01 +1 -1: 满减后合计 [E]
  Expected: <99.9>
    Actual: <99.89999999999999>

  package:matcher                                   expect
  package:flutter_test/src/widget_tester.dart 474:3  expect
  test/features/cart/cart_summary_test.dart 20:5    main.<fn>

00:01 +1 -1: Some tests failed.""")
        t.say("复现了：`39.9 * 2 + 20.1` 在 double 上就是 99.89999999999999。金额改成按「分」用 int 计算，只在对外的 getter 上换算成元。")
        t.edit(summ, """  double get subtotal => items.where((e) => e.selected).fold(0, (sum, e) => sum + e.price * e.quantity);

  double get discount {
    final c = coupon;
    if (c == null || subtotal < c.threshold) return 0;
    return c.amount;
  }

  double get total => subtotal - discount;""", """  static int _cents(double yuan) => (yuan * 100).round();

  int get subtotalCents =>
      items.where((e) => e.selected).fold(0, (sum, e) => sum + _cents(e.price) * e.quantity);

  int get discountCents {
    final c = coupon;
    if (c == null || subtotalCents < _cents(c.threshold)) return 0;
    return _cents(c.amount);
  }

  int get totalCents => subtotalCents - discountCents;

  double get subtotal => subtotalCents / 100;
  double get discount => discountCents / 100;
  double get total => totalCents / 100;""")
        t.bash("flutter test test/features/cart/cart_summary_test.dart", "运行购物车汇总测试",
               out=test_ok([("test/features/cart/cart_summary_test.dart", 2)], 2, 1))
        t.done("""修好了。原因是 `CartSummary` 直接用 `double` 累加金额，`39.9 × 2 + 20.1` 得到 `99.89999999999999`，减 10 后就是页面上的 89.89999999999999。

- 内部改成按分（`int`）计算：`subtotalCents` / `discountCents` / `totalCents`，单价先 `round()` 成分再乘数量
- 原来的 `subtotal` / `discount` / `total` 保留，从分换算回元，调用方不用改
- 新增「满减后合计」用例，2 个测试都通过""")

        t = d.task("登录流程的集成测试 integration_test/login_flow_test.dart 在模拟器上跑一下，最近改过验证码登录，看还能不能过", tags=["mistake:M2"])
        t.bash("flutter devices", "查看可用设备", out=f"""Found 3 connected devices:
  sdk gphone64 arm64 (mobile) • {EMU} • android-arm64  • Android 15 (API 35) (emulator)
  macOS (desktop)             • macos         • darwin-arm64   • macOS 15.5 24F74 darwin-arm64
  Chrome (web)                • chrome        • web-javascript • Google Chrome 138.0.7204.158""")
        t.fail(f"flutter test integration_test/login_flow_test.dart -d {EMU}", "在模拟器上运行登录集成测试", f"""00:00 +0: loading {R}/integration_test/login_flow_test.dart
Running Gradle task 'assembleDebug'...
Gradle build failed to produce an .apk file. It's likely that this file was generated under {R}/build, but the tool couldn't find it.
01:12 +0 -1: loading {R}/integration_test/login_flow_test.dart [E]
  TestDeviceException(The application failed to start on the device.)
  package:flutter_tools/src/test/integration_test_device.dart 72:7  IntegrationTestTestDevice.start

01:13 +0 -1: Some tests failed.""", timeout=900000)
        t.say("和打包一样：有 productFlavors，集成测试构建 apk 时也得指定 flavor。测试连 dev 环境，用 `--flavor dev`。")
        t.bash(f"flutter test integration_test/login_flow_test.dart -d {EMU} --flavor dev", "指定 dev flavor 运行登录集成测试", out=f"""00:00 +0: loading {R}/integration_test/login_flow_test.dart
Running Gradle task 'assembleDevDebug'...                          31.2s
✓ Built build/app/outputs/flutter-apk/app-dev-debug.apk
Installing build/app/outputs/flutter-apk/app-dev-debug.apk...       2,944ms
00:58 +0: 登录流程 手机号 + 验证码登录后进入首页
01:06 +1: 登录流程 验证码错误时提示并停留在登录页
01:11 +2: 登录流程 退出登录后回到登录页
01:15 +3: All tests passed!""", timeout=900000)
        t.done(f"""登录集成测试 3 个用例都通过了（模拟器 `{EMU}`，Android 15，dev 环境）。

第一次没带 flavor，构建阶段就报 `Gradle build failed to produce an .apk file`，测试没跑起来；加上 `--flavor dev` 后正常构建 `app-dev-debug.apk` 并运行。验证码登录的改动没影响这条流程。""")

        t = d.task("依赖好久没整理了，看下 pub outdated 有哪些能升的，先只看不改", tags=["noise", "long_output"])
        t.bash("flutter pub outdated", "查看过期依赖", out="""Showing outdated packages.
[*] indicates versions that are not the latest available.

Package Name                          Current   Upgradable  Resolvable  Latest   

direct dependencies:                 
cached_network_image                  *3.4.1    *3.4.1      *3.4.1      3.5.0    
dio                                   *5.8.0+1  *5.8.0+1    *5.8.0+1    5.9.0    
flutter_local_notifications           *19.2.1   *19.2.1     *19.2.1     19.4.0   
flutter_riverpod                      *2.6.1    *2.6.1      *2.6.1      3.0.0    
go_router                             *15.1.2   *15.1.3     16.1.0      16.1.0   
riverpod_annotation                   *2.6.1    *2.6.1      *2.6.1      3.0.0    
shared_preferences                    *2.5.3    2.5.4       2.5.4       2.5.4    
url_launcher                          *6.3.1    6.3.2       6.3.2       6.3.2    

dev_dependencies:                    
build_runner                          *2.4.15   *2.4.15     *2.4.15     2.7.0    
flutter_lints                         6.0.0     6.0.0       6.0.0       6.0.0    
freezed                               *3.0.6    *3.0.6      *3.0.6      3.2.0    
json_serializable                     *6.9.5    *6.9.5      *6.9.5      6.10.0   
riverpod_generator                    *2.6.5    *2.6.5      *2.6.5      3.0.0    

transitive dependencies:             
_fe_analyzer_shared                   *82.0.0   *82.0.0     *82.0.0     88.0.0   
analyzer                              *7.4.5    *7.4.5      *7.4.5      8.1.1    
characters                            *1.4.0    *1.4.0      *1.4.0      1.4.1    
dart_style                            *3.1.0    *3.1.0      *3.1.0      3.1.2    
material_color_utilities              *0.11.1   *0.11.1     *0.11.1     0.13.0   
meta                                  *1.16.0   *1.16.0     *1.16.0     1.17.0   
source_gen                            *2.0.0    *2.0.0      *2.0.0      4.0.1    
test_api                              *0.7.4    *0.7.4      *0.7.4      0.7.7    
vector_math                           *2.1.4    *2.1.4      *2.1.4      2.2.0    

transitive dev_dependencies:         
riverpod_analyzer_utils               *0.5.10   *0.5.10     *0.5.10     1.0.0    

8  upgradable dependencies are locked (in pubspec.lock) to older versions.
To update these dependencies, use `flutter pub upgrade`.

4 dependencies are constrained to versions that are older than a resolvable version.
To update these dependencies, edit pubspec.yaml, or run `flutter pub upgrade --major-versions`.

1  dependency is constrained to a version that is older than a resolvable version.
To update these dependencies, edit pubspec.yaml, or run `flutter pub upgrade --major-versions`.""")
        t.done("""能升的分三类（只看，没改）：

**可以直接 `flutter pub upgrade` 的小版本**：`shared_preferences` 2.5.4、`url_launcher` 6.3.2、`go_router` 15.1.3，风险低。

**大版本，需要专门排期**
- **Riverpod 3**（`flutter_riverpod` / `riverpod_annotation` / `riverpod_generator` 3.0.0）：三个要一起升，`AsyncValue`、`Ref` 的用法和自动重试有变化，我们全项目都是生成式 provider，改动面大
- **go_router 16**：有路由 API 的破坏性改动，要对照迁移指南
- `build_runner` 2.7 / `analyzer` 8 / `source_gen` 4 被 freezed、json_serializable 和 riverpod_generator 的版本卡着，跟 Riverpod 3 一起动

**不用管**：`material_color_utilities`、`meta`、`test_api`、`vector_math` 等是 Flutter SDK 钉住的，跟 SDK 一起升。

建议：这周先升第一类；Riverpod 3 + 生成器单独开分支做。""")

    # ============================================================== S6
    cc_page = P("lib/features/coupon/presentation/coupon_center_page.dart")
    with d.session("2026-07-27T01:46:00", R, branch="feat/coupon-center", version="2.1.92"):
        t = d.task("优惠券中心页面的文案先准备好放进 arb：标题「我的优惠券」，三个 tab 可使用/已使用/已过期，「满{threshold}元可用」，「有效期至 {date}」，空状态「暂无优惠券」，「删除」「确定删除这张优惠券吗？」，中英都要", tags=["workflow:W2"])
        t.read(arb_zh)
        t.read(arb_en)
        t.edit(arb_zh, """  "addressTagSchool": "学校",""", """  "addressTagSchool": "学校",
  "couponCenterTitle": "我的优惠券",
  "couponTabUsable": "可使用",
  "couponTabUsed": "已使用",
  "couponTabExpired": "已过期",
  "couponThreshold": "满{threshold}元可用",
  "@couponThreshold": {
    "placeholders": {
      "threshold": {"type": "String"}
    }
  },
  "couponValidUntil": "有效期至 {date}",
  "@couponValidUntil": {
    "placeholders": {
      "date": {"type": "DateTime", "format": "yMd"}
    }
  },
  "couponEmpty": "暂无优惠券",
  "couponDelete": "删除",
  "couponDeleteConfirm": "确定删除这张优惠券吗？",""")
        t.edit(arb_en, """  "addressTagSchool": "School",""", """  "addressTagSchool": "School",
  "couponCenterTitle": "My coupons",
  "couponTabUsable": "Available",
  "couponTabUsed": "Used",
  "couponTabExpired": "Expired",
  "couponThreshold": "Min. spend ¥{threshold}",
  "couponValidUntil": "Valid until {date}",
  "couponEmpty": "No coupons yet",
  "couponDelete": "Delete",
  "couponDeleteConfirm": "Delete this coupon?",""")
        t.bash("flutter gen-l10n", "生成本地化代码", out="")
        t.bash("flutter analyze lib/l10n", "检查生成的本地化代码", out=analyze_ok(1.9, "l10n"))
        t.done("""文案已加到 `app_zh.arb` / `app_en.arb`（10 个 key，前缀 `coupon`）：

- `couponThreshold(threshold)`：门槛按字符串传，页面上自己格式化金额（避免 `59.0` 这种显示）
- `couponValidUntil(date)`：`DateTime` 占位符，格式 `yMd`，中文下显示为 `2026/7/31`
- 占位符的元数据只写在模板 `app_zh.arb` 里，英文不用重复

`flutter gen-l10n` 已生成，analyze 通过。""")

        t = d.task("然后把优惠券中心页面写出来：三个 tab 对应三个状态，列表用之前的 CouponList provider，滑到底加载更多；可使用的券长按能删除，先弹确认框，删掉后 toast 一下并刷新列表。DELETE /v2/coupons/{id}",
                   tags=["mistake:M3"])
        t.read(P("lib/features/coupon/data/coupon_repository.dart"))
        t.edit(P("lib/features/coupon/data/coupon_repository.dart"), """    return CouponPage.fromJson(res.data!);
  }
}""", """    return CouponPage.fromJson(res.data!);
  }

  Future<void> delete(String id) => _dio.delete<void>('/v2/coupons/$id');
}""")
        t.write(cc_page, """import 'package:flutter/material.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';

import '../../../l10n/app_localizations.dart';
import '../data/coupon_repository.dart';
import '../domain/coupon_page.dart';
import 'widgets/coupon_card.dart';

class CouponCenterPage extends StatelessWidget {
  const CouponCenterPage({super.key});

  @override
  Widget build(BuildContext context) {
    final l10n = AppLocalizations.of(context);
    return DefaultTabController(
      length: 3,
      child: Scaffold(
        appBar: AppBar(
          title: Text(l10n.couponCenterTitle),
          bottom: TabBar(tabs: [
            Tab(text: l10n.couponTabUsable),
            Tab(text: l10n.couponTabUsed),
            Tab(text: l10n.couponTabExpired),
          ]),
        ),
        body: const TabBarView(children: [
          _CouponTab(status: CouponStatus.usable),
          _CouponTab(status: CouponStatus.used),
          _CouponTab(status: CouponStatus.expired),
        ]),
      ),
    );
  }
}

class _CouponTab extends ConsumerStatefulWidget {
  const _CouponTab({required this.status});

  final CouponStatus status;

  @override
  ConsumerState<_CouponTab> createState() => _CouponTabState();
}

class _CouponTabState extends ConsumerState<_CouponTab> with AutomaticKeepAliveClientMixin {
  @override
  bool get wantKeepAlive => true;

  Future<void> _confirmDelete(CouponDto coupon) async {
    final l10n = AppLocalizations.of(context);
    final ok = await showDialog<bool>(
      context: context,
      builder: (ctx) => AlertDialog(
        content: Text(l10n.couponDeleteConfirm),
        actions: [
          TextButton(onPressed: () => Navigator.pop(ctx, false), child: Text(l10n.commonCancel)),
          TextButton(onPressed: () => Navigator.pop(ctx, true), child: Text(l10n.couponDelete)),
        ],
      ),
    );
    if (ok != true) return;
    await ref.read(couponRepositoryProvider).delete(coupon.id);
    ScaffoldMessenger.of(context).showSnackBar(SnackBar(content: Text('已删除「${coupon.title}」')));
    ref.invalidate(couponListProvider(widget.status));
  }

  @override
  Widget build(BuildContext context) {
    super.build(context);
    final l10n = AppLocalizations.of(context);
    final async = ref.watch(couponListProvider(widget.status));
    return async.when(
      loading: () => const Center(child: CircularProgressIndicator()),
      error: (e, _) => Center(child: Text('$e')),
      data: (items) => items.isEmpty
          ? Center(child: Text(l10n.couponEmpty))
          : NotificationListener<ScrollEndNotification>(
              onNotification: (n) {
                if (n.metrics.extentAfter < 200) {
                  ref.read(couponListProvider(widget.status).notifier).loadMore();
                }
                return false;
              },
              child: RefreshIndicator(
                onRefresh: () => ref.refresh(couponListProvider(widget.status).future),
                child: ListView.separated(
                  padding: const EdgeInsets.all(12),
                  itemCount: items.length,
                  separatorBuilder: (_, __) => const SizedBox(height: 10),
                  itemBuilder: (_, i) => CouponCard(
                    coupon: items[i],
                    onLongPress: widget.status == CouponStatus.usable ? () => _confirmDelete(items[i]) : null,
                  ),
                ),
              ),
            ),
    );
  }
}
""")
        t.fail("flutter analyze lib/features/coupon", "静态检查优惠券模块", analyze_issues([
            ("info", "Don't use 'BuildContext's across async gaps", "lib/features/coupon/presentation/coupon_center_page.dart", 66, 26, "use_build_context_synchronously"),
        ], 3.1, "coupon"))
        t.say("`_confirmDelete` 在 `await delete(...)` 之后用了 State 的 `context`。这里是 State 里的方法，await 之后先检查 `mounted`，页面已经销毁就不再弹提示。")
        t.edit(cc_page, """    await ref.read(couponRepositoryProvider).delete(coupon.id);
    ScaffoldMessenger""", """    await ref.read(couponRepositoryProvider).delete(coupon.id);
    if (!mounted) return;
    ScaffoldMessenger""")
        t.bash("flutter analyze lib/features/coupon", "重新静态检查优惠券模块", out=analyze_ok(2.9, "coupon"))
        t.done("""优惠券中心页面写好了：`lib/features/coupon/presentation/coupon_center_page.dart`

- `DefaultTabController` + 三个 tab（可使用 / 已使用 / 已过期），每个 tab 一个 `_CouponTab`，`AutomaticKeepAliveClientMixin` 保持切换时不重新加载
- 列表：`couponListProvider(status)`，`ScrollEndNotification` 距底部 200 像素内调用 `loadMore()`，支持下拉刷新
- 可使用的券长按 → 确认框 → `DELETE /v2/coupons/{id}` → 提示「已删除…」→ 刷新当前 tab
- `CouponRepository` 新增 `delete(id)`

第一次 analyze 报了 `use_build_context_synchronously`（删除接口 await 之后用了 `context`），已在 await 后加 `if (!mounted) return;`，现在无问题。`CouponCard` 组件下个任务写。""")

        d.precompact("""Analysis: 刘洋在 xianda_app（Flutter 3.32 / Dart 3.8，Riverpod 2 + riverpod_generator，freezed 3 + json_serializable，dio，go_router，gen-l10n，dev/staging/prod 三个 flavor，Firebase，CocoaPods，fastlane，lefthook，GitLab glab）的 feat/coupon-center 分支上做优惠券中心。

Summary:
1. 已完成：优惠券 data 层（CouponDto / CouponPage / CouponRepository / CouponList，build_runner 生成）；地址编辑保存 + arb 文案（MR !87 已合）；firebase 插件升级到 15.2.10 / Firebase iOS SDK 11.15.0；CartSummary 改为按分计算；消息中心 data 层。
2. 本会话：优惠券中心文案已加到 app_zh.arb / app_en.arb 并 flutter gen-l10n；coupon_center_page.dart 已写好（三个 tab、加载更多、长按删除 + 确认框），await 后已加 mounted 检查，flutter analyze lib/features/coupon 通过。
3. 待做：widgets/coupon_card.dart（CouponCard，onLongPress）还没写。
4. 用户偏好：provider 一律 @riverpod 生成；颜色从 colorScheme 取，不写死 Color(0x…)；测试里用 mocktail mock Dio。""")

        fb = "上周 !87 那个 MR 描述写得太长了，老陈 review 的时候说看着累，最后我自己 cut half 才发出去。"
        t = d.task(fb + "以后 MR 描述就两部分：一句话说改了什么，再一两行说怎么验证的，不要列文件、不要贴命令输出。", tags=["feedback", "no_tools"], feedback=fb)
        t.done("""明白，是我写得太多了，文件列表 diff 里本来就有。以后 MR 描述按这个格式：

```
优惠券中心页：三个状态 tab、滚动加载更多、可用券长按删除。
验证：analyze / test 通过，dev 包真机过了删除和空状态。
```

第一行说做了什么；第二行说怎么验证的，有需要后端或测试同学注意的再加一行，其余不写。""")

        t = d.task("prod 环境的 Firebase 配置也要用 flutterfire 重新生成一下，新加了 crashlytics 的 Android 配置：flutterfire configure --project=xianda-prod，输出到 lib/firebase_options_prod.dart", tags=["unfixed:U1"])
        t.bash("firebase login:list", "查看当前 Firebase 登录账号", out="""Logged in as liuyang@xianda-tech.com""")
        t.fail("flutterfire configure --project=xianda-prod --platforms=android,ios --out=lib/firebase_options_prod.dart "
               "--ios-bundle-id=com.xianda.app --android-package-name=com.xianda.app --yes",
               "生成 prod 的 Firebase 配置", """i Found 0 Firebase projects.                                                   
FirebaseCommandException: An error occured on the Firebase CLI when attempting to run a command.
COMMAND: firebase projects:list --json 
ERROR: Failed to list Firebase projects. See firebase-debug.log for more info.""")
        t.bash("tail -n 12 firebase-debug.log", "查看 Firebase CLI 日志", out="""[debug] [2026-07-27T03:12:44.108Z] >>> [apiv2][query] GET https://firebase.googleapis.com/v1beta1/projects pageSize=100
[debug] [2026-07-27T03:12:44.702Z] <<< [apiv2][status] GET https://firebase.googleapis.com/v1beta1/projects 200
[debug] [2026-07-27T03:12:44.703Z] <<< [apiv2][body] GET https://firebase.googleapis.com/v1beta1/projects {"results":[{"projectId":"xianda-dev","displayName":"xianda-dev"},{"projectId":"xianda-staging","displayName":"xianda-staging"}]}
[debug] [2026-07-27T03:12:45.011Z] >>> [apiv2][query] GET https://firebase.googleapis.com/v1beta1/projects/xianda-prod/androidApps pageSize=100
[debug] [2026-07-27T03:12:45.398Z] <<< [apiv2][status] GET https://firebase.googleapis.com/v1beta1/projects/xianda-prod/androidApps 403
[debug] [2026-07-27T03:12:45.399Z] <<< [apiv2][body] GET https://firebase.googleapis.com/v1beta1/projects/xianda-prod/androidApps {"error":{"code":403,"message":"The caller does not have permission","status":"PERMISSION_DENIED"}}
[error] Error: Failed to list Firebase projects. See firebase-debug.log for more info.""")
        t.done("""没生成成功，是权限问题，不是命令写错：

- 当前登录的 `liuyang@xianda-tech.com` 能看到的项目只有 `xianda-dev` 和 `xianda-staging`
- 访问 `xianda-prod` 的 app 列表返回 `403 The caller does not have permission`

需要 Firebase 项目 `xianda-prod` 的 Owner（应该是运维或者老陈）在 IAM 里给你的账号加至少「Firebase 查看者」+「Firebase 管理员 / Firebase Crashlytics 管理员」之类能读写 app 配置的角色。加好之后原命令再跑一次就行。`lib/firebase_options_prod.dart` 目前没动。""")

    # ============================================================== S7
    card = P("lib/features/coupon/presentation/widgets/coupon_card.dart")
    with d.session("2026-07-29T02:20:00", R, branch="feat/coupon-center", version="2.1.93", permission_mode="acceptEdits"):
        t = d.task("把 CouponCard 写了，左边金额右边标题+门槛+有效期，再写个 widget 测试，标题特别长的情况也测一下", tags=["oneoff:O2"])
        t.write(card, """import 'package:flutter/material.dart';

import '../../../../l10n/app_localizations.dart';
import '../../domain/coupon_page.dart';

class CouponCard extends StatelessWidget {
  const CouponCard({super.key, required this.coupon, this.onLongPress});

  final CouponDto coupon;
  final VoidCallback? onLongPress;

  @override
  Widget build(BuildContext context) {
    final l10n = AppLocalizations.of(context);
    final scheme = Theme.of(context).colorScheme;
    final text = Theme.of(context).textTheme;
    return Card(
      child: InkWell(
        onLongPress: onLongPress,
        child: Padding(
          padding: const EdgeInsets.all(12),
          child: Row(
            children: [
              SizedBox(
                width: 84,
                child: Text('¥${coupon.amount ~/ 100}', style: text.headlineMedium?.copyWith(color: scheme.error)),
              ),
              Column(
                crossAxisAlignment: CrossAxisAlignment.start,
                children: [
                  Text(coupon.title, style: text.titleMedium),
                  Text(l10n.couponThreshold('${coupon.threshold ~/ 100}'), style: text.bodySmall),
                  Text(l10n.couponValidUntil(coupon.endAt), style: text.bodySmall),
                ],
              ),
            ],
          ),
        ),
      ),
    );
  }
}
""")
        ct = P("test/features/coupon/coupon_card_test.dart")
        t.write(ct, """import 'package:flutter/material.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:xianda_app/features/coupon/domain/coupon_page.dart';
import 'package:xianda_app/features/coupon/presentation/widgets/coupon_card.dart';
import 'package:xianda_app/l10n/app_localizations.dart';

CouponDto coupon({String title = '满 59 减 10'}) => CouponDto(
      id: 'c1', title: title, amount: 1000, threshold: 5900,
      startAt: DateTime(2026, 7, 1), endAt: DateTime(2026, 7, 31), status: CouponStatus.usable);

Widget host(Widget child) => MaterialApp(
      locale: const Locale('zh'),
      localizationsDelegates: AppLocalizations.localizationsDelegates,
      supportedLocales: AppLocalizations.supportedLocales,
      home: Scaffold(body: SizedBox(width: 360, child: child)),
    );

void main() {
  testWidgets('显示金额、门槛和有效期', (tester) async {
    await tester.pumpWidget(host(CouponCard(coupon: coupon())));
    expect(find.text('¥10'), findsOneWidget);
    expect(find.text('满59元可用'), findsOneWidget);
    expect(find.text('有效期至 2026/7/31'), findsOneWidget);
  });

  testWidgets('超长标题不溢出', (tester) async {
    await tester.pumpWidget(host(CouponCard(coupon: coupon(title: '生鲜水果全品类通用券（限鲜达到家 App 内使用，特价商品除外）'))));
    expect(tester.takeException(), isNull);
  });

  testWidgets('长按触发回调', (tester) async {
    var pressed = 0;
    await tester.pumpWidget(host(CouponCard(coupon: coupon(), onLongPress: () => pressed++)));
    await tester.longPress(find.byType(CouponCard));
    expect(pressed, 1);
  });
}
""")
        t.fail("flutter test test/features/coupon/coupon_card_test.dart", "运行 CouponCard 测试", f"""00:00 +0: loading {R}/test/features/coupon/coupon_card_test.dart
00:01 +1: 超长标题不溢出
══╡ EXCEPTION CAUGHT BY RENDERING LIBRARY ╞═════════════════════════════════════════════════════════
The following assertion was thrown during layout:
A RenderFlex overflowed by 371 pixels on the right.

The relevant error-causing widget was:
  Row Row:file://{card}:23:18

To inspect this error in Flutter DevTools, visit:
http://127.0.0.1:9100/#/inspector?uri=http%3A%2F%2F127.0.0.1%3A0%2F&inspectorRef=inspector-0

The overflowing RenderFlex has an orientation of Axis.horizontal.
The edge of the RenderFlex that is overflowing has been marked in the rendering with a yellow and
black striped pattern. This is usually caused by the contents being too big for the RenderFlex.
◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤◢◤
════════════════════════════════════════════════════════════════════════════════════════════════════
00:01 +1 -1: 超长标题不溢出 [E]
  Test failed. See exception logs above.
  The test description was: 超长标题不溢出

00:01 +2 -1: Some tests failed.""")
        t.say("长标题把 `Row` 撑爆了：右边的 `Column` 没有约束宽度。用 `Expanded` 包起来，标题最多两行、超出省略。")
        t.read(card)
        t.edit(card, """              Column(
                crossAxisAlignment: CrossAxisAlignment.start,
                children: [
                  Text(coupon.title, style: text.titleMedium),
                  Text(l10n.couponThreshold('${coupon.threshold ~/ 100}'), style: text.bodySmall),
                  Text(l10n.couponValidUntil(coupon.endAt), style: text.bodySmall),
                ],
              ),""", """              Expanded(
                child: Column(
                  crossAxisAlignment: CrossAxisAlignment.start,
                  children: [
                    Text(coupon.title, style: text.titleMedium, maxLines: 2, overflow: TextOverflow.ellipsis),
                    Text(l10n.couponThreshold('${coupon.threshold ~/ 100}'), style: text.bodySmall),
                    Text(l10n.couponValidUntil(coupon.endAt), style: text.bodySmall),
                  ],
                ),
              ),""")
        t.bash("flutter test test/features/coupon/coupon_card_test.dart", "运行 CouponCard 测试",
               out=test_ok([("test/features/coupon/coupon_card_test.dart", 3)], 3, 2))
        t.done("""`CouponCard` 写好了，3 个 widget 测试都通过：

- 左侧金额（`colorScheme.error` 色），右侧标题 / 「满X元可用」/「有效期至 …」，文案都走 arb
- 超长标题那条一开始失败：`A RenderFlex overflowed by 371 pixels on the right`。右侧 `Column` 外面加了 `Expanded`，标题 `maxLines: 2` + 省略号，之后通过""")

        t = d.task("优惠券中心可以提 MR 了，老规矩 format / analyze / test 走一遍再推", tags=["workflow:W3"])
        t.bash("dart format lib test", "格式化代码", out="Formatted 421 files (1 changed) in 1.77 seconds.")
        t.bash("flutter analyze", "静态检查", out=analyze_ok(6.6))
        t.bash("flutter test", "运行全部测试", out=test_ok([("test/features/address/address_repository_test.dart", 3),
                                                       ("test/features/cart/cart_summary_test.dart", 2),
                                                       ("test/features/coupon/coupon_card_test.dart", 3),
                                                       ("test/features/coupon/coupon_repository_test.dart", 2),
                                                       ("test/features/notification/notification_repository_test.dart", 2),
                                                       ("test/features/order/order_repository_test.dart", 5)], 48, 16))
        sha = hx(7)
        t.bash('git add lib test && git commit -m "feat(coupon): 优惠券中心页（三状态 tab、加载更多、长按删除）"', "提交改动",
               out=commit_out("feat/coupon-center", sha, "feat(coupon): 优惠券中心页（三状态 tab、加载更多、长按删除）", 7, 341, 2,
                              creates=["lib/features/coupon/presentation/coupon_center_page.dart",
                                       "lib/features/coupon/presentation/widgets/coupon_card.dart",
                                       "test/features/coupon/coupon_card_test.dart"], lh=lefthook_ok(3.4, 5)))
        t.bash("git push -u origin feat/coupon-center", "推送分支", out=push_new("feat/coupon-center"))
        t.bash('glab mr create --source-branch feat/coupon-center --target-branch develop --title "feat(coupon): 优惠券中心页" '
               '--description "优惠券中心页：三个状态 tab、滚动加载更多、可用券长按删除。\n验证：analyze / test 通过，CouponCard 有 widget 测试（含超长标题）。" --remove-source-branch --yes',
               "创建 MR", out=mr_created(91, "feat(coupon): 优惠券中心页", "feat/coupon-center"))
        t.done(f"""MR 已开：!91 → develop，{GL}/-/merge_requests/91

- format（1 个文件调整）/ analyze / test（48 个用例）都通过，提交 `{sha}`
- 描述按你说的两行：改了什么 + 怎么验证的""")

        t = d.task("组里在讨论 iOS 打包要不要从本地 fastlane 挪到 Codemagic，还是用 GitLab CI 配 mac runner。你觉得各有什么坑？", tags=["noise", "no_tools"])
        t.done("""两条路的主要差别在「谁来维护 Mac 和证书」：

**Codemagic**
- 优点：现成的 M 系列 Mac 机器，Flutter / Xcode / CocoaPods 版本可在 `codemagic.yaml` 里指定；自带 App Store Connect API key 集成、自动签名，TestFlight / Play 发布都有内置步骤；flavor 用 `--flavor` + 不同 workflow 就能分
- 坑：按构建分钟收费，iOS 一次完整构建 15～20 分钟，发版频繁时不便宜；CocoaPods 缓存要自己配，不然每次都从 CDN 拉；国内访问偶尔慢

**GitLab CI + 自建 mac runner**
- 优点：和现有 MR 流水线在一起，代码不出公司；可以继续复用现在的 fastlane lane 和 match 证书仓库
- 坑：Mac 要有人维护（Xcode 升级、磁盘清理、钥匙串解锁、runner 断线）；多个分支并发打包要排队；Xcode 大版本升级时很容易整条流水线挂掉

我的建议：如果发版频率不高（每周一两次），Codemagic 省心；如果团队已经有闲置的 Mac mini 且有人愿意维护，GitLab runner + 现有 fastlane 更可控。不管哪种，先把签名换成 App Store Connect API key，别再依赖个人 Apple ID 登录。""")

    # ============================================================== S8
    with d.session("2026-08-03T01:58:00", R, branch="feat/order-tracking", version="2.1.94"):
        t = d.task("骑手取货要扫订单小票上的二维码，加上 mobile_scanner，iOS 权限描述也配一下，先把依赖和原生配置弄好，页面后面再说", tags=["mistake:M1"])
        t.bash("flutter pub add mobile_scanner", "添加 mobile_scanner 依赖", out="""Resolving dependencies...
Downloading packages...
+ mobile_scanner 7.0.1
Changed 1 dependency!""")
        plist = P("ios/Runner/Info.plist")
        d.files[plist] = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDisplayName</key>
	<string>$(APP_DISPLAY_NAME)</string>
	<key>NSLocationWhenInUseUsageDescription</key>
	<string>用于获取您附近的门店和收货地址</string>
	<key>UIBackgroundModes</key>
	<array>
		<string>remote-notification</string>
	</array>
</dict>
</plist>
"""
        t.read(plist)
        t.edit(plist, """	<key>NSLocationWhenInUseUsageDescription</key>""", """	<key>NSCameraUsageDescription</key>
	<string>用于扫描订单小票上的二维码</string>
	<key>NSLocationWhenInUseUsageDescription</key>""")
        t.fail("cd ios && pod install", "安装 iOS pods", """Analyzing dependencies
firebase_core: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
firebase_crashlytics: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
firebase_messaging: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
""" + pod_incompatible("GoogleMLKit/BarcodeScanning", "mobile_scanner", "(none)", "7.0.1", "8.0.0", "").replace(
            """  In snapshot (Podfile.lock):
    GoogleMLKit/BarcodeScanning (= (none))

""", ""))
        t.say("mobile_scanner 7 依赖 GoogleMLKit/BarcodeScanning 8.0.0，本地 specs 索引里还没有这个版本。先更新索引再装。")
        t.bash("cd ios && pod repo update && pod install", "更新 specs 索引并安装 pods", out="""Updating spec repo `trunk`
Analyzing dependencies
firebase_core: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
firebase_crashlytics: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
firebase_messaging: Using Firebase SDK version '11.15.0' defined in 'firebase_core'
Downloading dependencies
Installing GoogleMLKit 8.0.0
Installing GoogleToolboxForMac 4.2.1
Installing GoogleUtilitiesComponents 1.1.0
Installing MLImage 1.0.0-beta7
Installing MLKitBarcodeScanning 7.0.0
Installing MLKitCommon 13.0.0
Installing MLKitVision 9.0.0
Installing mobile_scanner 7.0.1
Installing nanopb 3.30910.0
Generating Pods project
Integrating client project
Pod installation complete! There are 15 dependencies from the Podfile and 47 total pods installed.""", timeout=600000)
        t.done("""依赖和原生配置弄好了：

- `pubspec.yaml`：`mobile_scanner: ^7.0.1`
- `ios/Runner/Info.plist`：加了 `NSCameraUsageDescription`（「用于扫描订单小票上的二维码」）
- `ios/Podfile.lock`：新增 GoogleMLKit 8.0.0 / MLKitBarcodeScanning 等 9 个 pod。iOS 最低版本我们是 15.0，满足 ML Kit 的要求
- Android 侧 mobile_scanner 自带 CAMERA 权限声明，不用改 Manifest

`pod install` 第一次报 `CocoaPods could not find compatible versions for pod "GoogleMLKit/BarcodeScanning"`，是本地 specs 索引太旧；`pod repo update` 之后再 `pod install` 成功。""")

        t = d.task("订单跟踪的接口：GET /v2/orders/{id}/tracking，返回 {status, rider:{name, phone, lat, lng}?, eta_minutes?, timeline:[{status, at}]}。"
                   "data 层照旧：freezed 模型 + repository，provider 用 @riverpod 代码生成，每 15 秒轮询一次，离开页面自动停", tags=["workflow:W1", "pref:P1"])
        t.read(P("lib/features/notification/data/notification_repository.dart"))
        t.write(P("lib/features/order/domain/order_tracking.dart"), """import 'package:freezed_annotation/freezed_annotation.dart';

part 'order_tracking.freezed.dart';
part 'order_tracking.g.dart';

enum TrackingStatus { paid, picking, delivering, delivered, cancelled }

@freezed
abstract class Rider with _$Rider {
  const factory Rider({required String name, required String phone, required double lat, required double lng}) = _Rider;

  factory Rider.fromJson(Map<String, dynamic> json) => _$RiderFromJson(json);
}

@freezed
abstract class TimelineEntry with _$TimelineEntry {
  const factory TimelineEntry({required TrackingStatus status, required DateTime at}) = _TimelineEntry;

  factory TimelineEntry.fromJson(Map<String, dynamic> json) => _$TimelineEntryFromJson(json);
}

@freezed
abstract class OrderTracking with _$OrderTracking {
  const factory OrderTracking({
    required TrackingStatus status,
    Rider? rider,
    @JsonKey(name: 'eta_minutes') int? etaMinutes,
    @Default(<TimelineEntry>[]) List<TimelineEntry> timeline,
  }) = _OrderTracking;

  factory OrderTracking.fromJson(Map<String, dynamic> json) => _$OrderTrackingFromJson(json);
}
""")
        t.write(P("lib/features/order/data/order_tracking_repository.dart"), """import 'dart:async';

import 'package:dio/dio.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import '../../../core/network/dio_client.dart';
import '../domain/order_tracking.dart';

part 'order_tracking_repository.g.dart';

class OrderTrackingRepository {
  OrderTrackingRepository(this._dio);

  final Dio _dio;

  Future<OrderTracking> fetch(String orderId) async {
    final res = await _dio.get<Map<String, dynamic>>('/v2/orders/$orderId/tracking');
    return OrderTracking.fromJson(res.data!);
  }
}

@riverpod
OrderTrackingRepository orderTrackingRepository(Ref ref) => OrderTrackingRepository(ref.watch(dioProvider));

/// 每 15 秒轮询一次；没有监听者时 autoDispose 会取消定时器
@riverpod
Stream<OrderTracking> orderTracking(Ref ref, String orderId) async* {
  final repo = ref.watch(orderTrackingRepositoryProvider);
  yield await repo.fetch(orderId);
  await for (final _ in Stream<void>.periodic(const Duration(seconds: 15))) {
    final t = await repo.fetch(orderId);
    yield t;
    if (t.status == TrackingStatus.delivered || t.status == TrackingStatus.cancelled) break;
  }
}
""")
        t.bash("dart run build_runner build --delete-conflicting-outputs", "生成代码", out=build_runner(4, 53, 10.8), timeout=300000)
        t.write(P("test/features/order/order_tracking_repository_test.dart"), """import 'package:dio/dio.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:mocktail/mocktail.dart';
import 'package:xianda_app/features/order/data/order_tracking_repository.dart';
import 'package:xianda_app/features/order/domain/order_tracking.dart';

class _MockDio extends Mock implements Dio {}

void main() {
  test('骑手和 eta 可以为空', () async {
    final dio = _MockDio();
    when(() => dio.get<Map<String, dynamic>>('/v2/orders/1001/tracking')).thenAnswer((_) async => Response(
          requestOptions: RequestOptions(),
          data: {'status': 'picking', 'timeline': [{'status': 'paid', 'at': '2026-08-03T10:00:00+08:00'}]},
        ));

    final t = await OrderTrackingRepository(dio).fetch('1001');

    expect(t.status, TrackingStatus.picking);
    expect(t.rider, isNull);
    expect(t.etaMinutes, isNull);
    expect(t.timeline.single.status, TrackingStatus.paid);
  });
}
""")
        t.bash("flutter test test/features/order", "运行订单相关测试",
               out=test_ok([("test/features/order/order_repository_test.dart", 5),
                            ("test/features/order/order_tracking_repository_test.dart", 1)], 6, 4))
        t.bash("flutter analyze", "静态检查", out=analyze_ok(6.3))
        t.done("""订单跟踪 data 层完成：

- `domain/order_tracking.dart`：`OrderTracking`、`Rider`、`TimelineEntry`（freezed + json），`rider` / `eta_minutes` 可空，`timeline` 默认空列表
- `data/order_tracking_repository.dart`：`fetch(orderId)`；`orderTrackingProvider(orderId)` 是 `@riverpod` 生成的 `Stream` provider，先拉一次，之后每 15 秒轮询，已送达 / 已取消就停；默认 autoDispose，页面不再 watch 时流被取消，轮询自动停止
- build_runner 生成 4 个文件；测试 6 个通过，analyze 无问题""")

        t = d.task("测试的写法我改个主意：以后别用 mocktail 了，when/verify 那套读起来太绕，而且 Dio 的泛型 mock 老出问题。改成手写 Fake 类，实现 repository 的接口就行。先把刚才订单跟踪的测试改成这样", tags=["reversal:P3"])
        t.read(P("test/features/order/order_tracking_repository_test.dart"))
        t.read(P("lib/features/order/data/order_tracking_repository.dart"))
        t.write(P("test/features/order/order_tracking_repository_test.dart"), """import 'package:flutter_riverpod/flutter_riverpod.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:xianda_app/features/order/data/order_tracking_repository.dart';
import 'package:xianda_app/features/order/domain/order_tracking.dart';

class FakeOrderTrackingRepository implements OrderTrackingRepository {
  FakeOrderTrackingRepository(this.responses);

  final List<OrderTracking> responses;
  final calls = <String>[];

  @override
  Future<OrderTracking> fetch(String orderId) async {
    calls.add(orderId);
    return responses[calls.length - 1 < responses.length ? calls.length - 1 : responses.length - 1];
  }
}

void main() {
  test('已送达后停止轮询', () async {
    final fake = FakeOrderTrackingRepository([
      const OrderTracking(status: TrackingStatus.delivering, etaMinutes: 8),
      const OrderTracking(status: TrackingStatus.delivered),
    ]);
    final container = ProviderContainer(overrides: [orderTrackingRepositoryProvider.overrideWithValue(fake)]);
    addTearDown(container.dispose);

    final statuses = <TrackingStatus>[];
    final sub = container.listen(orderTrackingProvider('1001'), (_, next) {
      final v = next.valueOrNull;
      if (v != null) statuses.add(v.status);
    });
    addTearDown(sub.close);

    await Future<void>.delayed(Duration.zero);
    expect(statuses, [TrackingStatus.delivering]);
    expect(fake.calls, ['1001']);
  });
}
""")
        t.bash("flutter test test/features/order/order_tracking_repository_test.dart", "运行订单跟踪测试",
               out=test_ok([("test/features/order/order_tracking_repository_test.dart", 1)], 1, 2))
        t.done("""好，之后测试统一用手写 Fake，不再引入 mocktail。

订单跟踪测试已改：
- `FakeOrderTrackingRepository implements OrderTrackingRepository`，按顺序返回预设结果并记录调用
- 通过 `ProviderContainer` 的 `overrideWithValue` 注入，测的是 `orderTrackingProvider` 本身（首次拉取的结果），不再 mock Dio
- 1 个用例通过

之前优惠券和消息中心的两个测试还在用 mocktail，要不要顺手改掉、最后把 `mocktail` 从 dev_dependencies 删了？""")

    # ============================================================== S9
    tp = P("lib/features/order/presentation/order_tracking_page.dart")
    with d.session("2026-08-05T02:37:00", R, branch="feat/order-tracking", version="2.1.95"):
        t = d.task("订单跟踪页要用的文案加一下：待取货、配送中、已送达、已取消、「预计 {minutes} 分钟送达」、联系骑手、拨号失败。中英文", tags=["workflow:W2"])
        t.read(arb_zh)
        t.edit(arb_zh, """  "couponDeleteConfirm": "确定删除这张优惠券吗？",""", """  "couponDeleteConfirm": "确定删除这张优惠券吗？",
  "trackingPicking": "待取货",
  "trackingDelivering": "配送中",
  "trackingDelivered": "已送达",
  "trackingCancelled": "已取消",
  "trackingEta": "预计 {minutes} 分钟送达",
  "@trackingEta": {
    "placeholders": {
      "minutes": {"type": "int"}
    }
  },
  "trackingCallRider": "联系骑手",
  "trackingCallFailed": "拨号失败",""")
        t.read(arb_en)
        t.edit(arb_en, """  "couponDeleteConfirm": "Delete this coupon?",""", """  "couponDeleteConfirm": "Delete this coupon?",
  "trackingPicking": "Awaiting pickup",
  "trackingDelivering": "On the way",
  "trackingDelivered": "Delivered",
  "trackingCancelled": "Cancelled",
  "trackingEta": "Arriving in about {minutes} min",
  "trackingCallRider": "Call rider",
  "trackingCallFailed": "Could not place the call",""")
        t.bash("flutter gen-l10n", "生成本地化代码", out="")
        t.bash("flutter analyze lib/l10n", "检查生成的本地化代码", out=analyze_ok(1.8, "l10n"))
        t.done("""7 个文案已加到 `app_zh.arb` / `app_en.arb`（前缀 `tracking`），`trackingEta(minutes)` 是 int 占位符；`flutter gen-l10n` 已生成，analyze 通过。""")

        t = d.task("订单跟踪页我自己写了个初版（order_tracking_page.dart），你帮我把「联系骑手」按钮接上：url_launcher 拨 tel:，失败了弹「拨号失败」。改完直接提交", tags=["mistake:M3"])
        d.files[tp] = """import 'package:flutter/material.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';

import '../../../l10n/app_localizations.dart';
import '../data/order_tracking_repository.dart';
import '../domain/order_tracking.dart';
import 'widgets/tracking_timeline.dart';

class OrderTrackingPage extends ConsumerWidget {
  const OrderTrackingPage({super.key, required this.orderId});

  final String orderId;

  @override
  Widget build(BuildContext context, WidgetRef ref) {
    final l10n = AppLocalizations.of(context);
    final tracking = ref.watch(orderTrackingProvider(orderId));
    return Scaffold(
      appBar: AppBar(title: Text(l10n.trackingDelivering)),
      body: tracking.when(
        loading: () => const Center(child: CircularProgressIndicator()),
        error: (e, _) => Center(child: Text('$e')),
        data: (t) => ListView(
          padding: const EdgeInsets.all(16),
          children: [
            if (t.etaMinutes != null) Text(l10n.trackingEta(t.etaMinutes!), style: Theme.of(context).textTheme.titleLarge),
            if (t.rider != null)
              ListTile(
                leading: const Icon(Icons.delivery_dining),
                title: Text(t.rider!.name),
                trailing: FilledButton.tonal(
                  onPressed: () {
                    // TODO 联系骑手
                  },
                  child: Text(l10n.trackingCallRider),
                ),
              ),
            TrackingTimeline(entries: t.timeline),
          ],
        ),
      ),
    );
  }
}
"""
        t.read(tp)
        t.edit(tp, """import 'package:flutter_riverpod/flutter_riverpod.dart';
""", """import 'package:flutter_riverpod/flutter_riverpod.dart';
import 'package:url_launcher/url_launcher.dart';
""")
        t.edit(tp, """                  onPressed: () {
                    // TODO 联系骑手
                  },""", """                  onPressed: () async {
                    final ok = await launchUrl(Uri(scheme: 'tel', path: t.rider!.phone));
                    if (!ok) {
                      ScaffoldMessenger.of(context).showSnackBar(SnackBar(content: Text(l10n.trackingCallFailed)));
                    }
                  },""")
        t.bash("git status --short", "查看改动", out=""" M lib/l10n/app_en.arb
 M lib/l10n/app_zh.arb
?? lib/features/order/presentation/order_tracking_page.dart
?? lib/features/order/presentation/widgets/tracking_timeline.dart""")
        t.fail('git add lib/features/order/presentation lib/l10n && git commit -m "feat(order): 订单跟踪页，支持联系骑手"', "提交改动", f"""╭────────────────────────────────────────╮
│ 🥊 lefthook v1.11.13  hook: pre-commit │
╰────────────────────────────────────────╯
┃  format ❯ 

Formatted 2 files (1 changed) in 0.29 seconds.

┃  analyze ❯ 

Analyzing 2 items...

   info • Don't use 'BuildContext's across async gaps • lib/features/order/presentation/order_tracking_page.dart:36:40 • use_build_context_synchronously

1 issue found. (ran in 2.4s)

  ────────────────────────────────────
summary: (done in 3.67 seconds)
✔️ format
🥊 analyze""")
        t.say("lefthook 的 analyze 拦下来了：`launchUrl` 是 await 之后再用 `context` 弹 SnackBar。这是 `ConsumerWidget` 的回调，用 `context.mounted` 判断。")
        t.read(tp, offset=30, limit=10)
        t.edit(tp, """                    final ok = await launchUrl(Uri(scheme: 'tel', path: t.rider!.phone));
                    if (!ok) {""", """                    final ok = await launchUrl(Uri(scheme: 'tel', path: t.rider!.phone));
                    if (!context.mounted) return;
                    if (!ok) {""")
        sha = hx(7)
        t.bash('git add lib/features/order/presentation lib/l10n && git commit -m "feat(order): 订单跟踪页，支持联系骑手"', "提交改动",
               out=commit_out("feat/order-tracking", sha, "feat(order): 订单跟踪页，支持联系骑手", 4, 167, 0,
                              creates=["lib/features/order/presentation/order_tracking_page.dart",
                                       "lib/features/order/presentation/widgets/tracking_timeline.dart"], lh=lefthook_ok(2.2, 2)))
        t.done(f"""「联系骑手」已接上并提交 `{sha}`：

- `launchUrl(Uri(scheme: 'tel', path: phone))`，返回 false 时弹「拨号失败」

第一次提交被 lefthook 的 `flutter analyze` 拦了：`await launchUrl` 之后直接用 `context`（`use_build_context_synchronously`）。加了 `if (!context.mounted) return;` 后提交通过；lefthook 的 format 顺带格式化了一个文件，已一起提交。""")

        t = d.task("订单跟踪这支也提 MR 吧，流程跟之前一样", tags=["workflow:W3"])
        t.bash("dart format lib test", "格式化代码", out="Formatted 428 files (0 changed) in 1.81 seconds.")
        t.bash("flutter analyze", "静态检查", out=analyze_ok(6.8))
        t.bash("flutter test", "运行全部测试", out=test_ok([("test/features/address/address_repository_test.dart", 3),
                                                       ("test/features/cart/cart_summary_test.dart", 2),
                                                       ("test/features/coupon/coupon_card_test.dart", 3),
                                                       ("test/features/order/order_tracking_repository_test.dart", 1)], 49, 17))
        t.bash("git push -u origin feat/order-tracking", "推送分支", out=push_new("feat/order-tracking"))
        t.bash('glab mr create --source-branch feat/order-tracking --target-branch develop --title "feat(order): 订单跟踪页" '
               '--description "订单跟踪：15 秒轮询状态与骑手位置，送达后停止；支持拨号联系骑手；扫码依赖 mobile_scanner 已接入。\n验证：analyze / test 通过，dev 环境 iOS 模拟器手动走了一单。" --remove-source-branch --yes',
               "创建 MR", out=mr_created(96, "feat(order): 订单跟踪页", "feat/order-tracking"))
        t.done(f"""MR !96 → develop：{GL}/-/merge_requests/96

format 无改动，analyze 无问题，49 个测试通过。描述还是两行。""")

    # ============================================================== S10
    with d.session("2026-08-10T01:49:00", R, branch="release/2.9.0", version="2.1.97"):
        t = d.task("2.9.0 提测：打个 staging 的 release apk 给测试同学，按 abi 拆包，放到 ~/Desktop/2.9.0 下面", tags=["mistake:M2"])
        t.fail("flutter build apk --release --split-per-abi", "构建 release APK（按 ABI 拆分）",
               gradle_apk_missing("assembleRelease", "213.7"), timeout=900000)
        t.say("又是没带 flavor：项目有三个 productFlavors，Gradle 把三个 flavor 的 release 包都打了，flutter 找不到默认产物。提测用 staging。")
        t.bash("flutter build apk --release --split-per-abi --flavor staging -t lib/main_staging.dart", "按 staging flavor 构建 release APK", out="""Running Gradle task 'assembleStagingRelease'...                   96.3s
✓ Built build/app/outputs/flutter-apk/app-armeabi-v7a-staging-release.apk (24.1MB)
✓ Built build/app/outputs/flutter-apk/app-arm64-v8a-staging-release.apk (27.8MB)
✓ Built build/app/outputs/flutter-apk/app-x86_64-staging-release.apk (29.3MB)""", timeout=900000)
        t.bash("mkdir -p ~/Desktop/2.9.0 && cp build/app/outputs/flutter-apk/app-*-staging-release.apk ~/Desktop/2.9.0/ && ls -lh ~/Desktop/2.9.0", "拷贝安装包",
               out="""total 166888
-rw-r--r--  1 liuyang  staff    24M Aug 10 10:02 app-arm64-v8a-staging-release.apk
-rw-r--r--  1 liuyang  staff    23M Aug 10 10:02 app-armeabi-v7a-staging-release.apk
-rw-r--r--  1 liuyang  staff    28M Aug 10 10:02 app-x86_64-staging-release.apk""")
        t.done("""staging 的 release 包打好了，放在 `~/Desktop/2.9.0/`：

- `app-arm64-v8a-staging-release.apk`（大部分真机用这个）
- `app-armeabi-v7a-staging-release.apk`（老 32 位机）
- `app-x86_64-staging-release.apk`（模拟器）

第一次 `flutter build apk --release --split-per-abi` 因为没指定 flavor 报 `Gradle build failed to produce an .apk file`，加 `--flavor staging -t lib/main_staging.dart` 后构建成功。""")

        t = d.task("arm64 那个包直接装到我的小米上吧，手机插着", tags=["unfixed:U2"])
        t.bash("adb devices", "查看已连接设备", out="""List of devices attached
8a3f9c21	device""")
        t.fail("adb -s 8a3f9c21 install -r ~/Desktop/2.9.0/app-arm64-v8a-staging-release.apk", "安装 staging 包到手机",
               """Performing Streamed Install
adb: failed to install /Users/liuyang/Desktop/2.9.0/app-arm64-v8a-staging-release.apk: Failure [INSTALL_FAILED_USER_RESTRICTED: Install canceled by user]""")
        t.done("""没装上：`INSTALL_FAILED_USER_RESTRICTED: Install canceled by user`。这是 MIUI / HyperOS 的限制，通过 USB 安装需要在手机上确认，这次没有确认（或者「USB 安装」开关被关了）。

需要你在手机上操作：
1. 设置 → 更多设置 → 开发者选项 → 打开「USB 安装」（小米要求插 SIM 卡并登录小米账号才能打开）
2. 再装的时候手机上会弹「是否允许安装」，点继续

这一步我这边没法代劳，你弄好后告诉我，我再装。""")

        t = d.task("iOS 也要给测试：跑 fastlane ios beta 传一个 staging 包到 TestFlight。develop 上老陈前两天升了 crashlytics，注意一下", tags=["mistake:M1"])
        t.read(P("fastlane/Fastfile"))
        t.fail("bundle exec fastlane ios beta", "上传 staging 包到 TestFlight", """[✔] 🚀 
[10:14:02]: ------------------------------
[10:14:02]: --- Step: default_platform ---
[10:14:02]: ------------------------------
[10:14:02]: Driving the lane 'ios beta' 🚀
[10:14:03]: -------------------
[10:14:03]: --- Step: match ---
[10:14:03]: -------------------
[10:14:09]: 🔓  Successfully decrypted certificates repo
[10:14:09]: All required keys, certificates and provisioning profiles are installed 🙌
[10:14:09]: ------------------------
[10:14:09]: --- Step: cocoapods ---
[10:14:09]: ------------------------
[10:14:09]: $ cd '/Users/liuyang/work/xianda_app/ios' && bundle exec pod install
[10:14:12]: ▸ Analyzing dependencies
[10:14:12]: ▸ firebase_core: Using Firebase SDK version '12.0.0' defined in 'firebase_core'
[10:14:13]: ▸ [!] CocoaPods could not find compatible versions for pod "FirebaseCrashlytics":
[10:14:13]: ▸   In Podfile:
[10:14:13]: ▸     firebase_crashlytics (from `.symlinks/plugins/firebase_crashlytics/ios`) was resolved to 5.0.0, which depends on
[10:14:13]: ▸       Firebase/Crashlytics (= 12.0.0) was resolved to 12.0.0, which depends on
[10:14:13]: ▸         FirebaseCrashlytics (~> 12.0.0)
[10:14:13]: ▸ You have either:
[10:14:13]: ▸  * out-of-date source repos which you can update with `pod repo update` or with `pod install --repo-update`.
[10:14:13]: ▸  * mistyped the name or version.
[10:14:13]: ▸  * not added the source repo that hosts the Podspec to your Podfile.
+------------------------------------------------------------------------------+
|                               Lane Context                                   |
+------------------------------------------------------------------------------+
| DEFAULT_PLATFORM | ios                                                       |
| PLATFORM_NAME    | ios                                                       |
| LANE_NAME        | ios beta                                                  |
+------------------------------------------------------------------------------+
[10:14:13]: Exit status: 1

+-----------------------------------------------------+
|                  fastlane summary                   |
+------+---------------------+-------------+
| Step | Action              | Time (in s) |
+------+---------------------+-------------+
| 1    | default_platform    | 0           |
| 2    | match               | 6           |
| 💥   | cocoapods           | 4           |
+------+---------------------+-------------+

[10:14:13]: fastlane finished with errors

[!] Exit status: 1""")
        t.say("老陈把 firebase 升到了 Firebase iOS SDK 12.0.0，Podfile.lock 已经是新版本，但我本机的 CocoaPods specs 索引里还没有 FirebaseCrashlytics 12.0.0。先在 ios 目录下带 `--repo-update` 装一次，再重跑 lane。")
        t.bash("cd ios && bundle exec pod install --repo-update", "刷新 specs 索引并安装 pods", out="""Updating local specs repositories
Analyzing dependencies
firebase_core: Using Firebase SDK version '12.0.0' defined in 'firebase_core'
firebase_crashlytics: Using Firebase SDK version '12.0.0' defined in 'firebase_core'
firebase_messaging: Using Firebase SDK version '12.0.0' defined in 'firebase_core'
Downloading dependencies
Installing Firebase 12.0.0 (was 11.15.0)
Installing FirebaseCore 12.0.0 (was 11.15.0)
Installing FirebaseCrashlytics 12.0.0 (was 11.15.0)
Installing FirebaseMessaging 12.0.0 (was 11.15.0)
Installing FirebaseSessions 12.0.0 (was 11.15.0)
Installing firebase_core 4.0.0 (was 3.15.2)
Installing firebase_crashlytics 5.0.0 (was 4.3.10)
Installing firebase_messaging 16.0.0 (was 15.2.10)
Generating Pods project
Integrating client project
Pod installation complete! There are 15 dependencies from the Podfile and 47 total pods installed.""", timeout=600000)
        t.bash("bundle exec fastlane ios beta", "上传 staging 包到 TestFlight", out="""[10:19:40]: Driving the lane 'ios beta' 🚀
[10:19:46]: All required keys, certificates and provisioning profiles are installed 🙌
[10:19:46]: --- Step: cocoapods ---
[10:19:52]: ▸ Pod installation complete! There are 15 dependencies from the Podfile and 47 total pods installed.
[10:19:52]: --- Step: latest_testflight_build_number ---
[10:19:55]: Latest upload for version 2.9.0 on iOS platform is build: 2089
[10:19:55]: --- Step: sh ---
[10:24:31]: ▸ ✓ Built IPA to build/ios/ipa (31.7MB)
[10:24:31]: --- Step: upload_to_testflight ---
[10:26:58]: Successfully uploaded the new binary to App Store Connect
[10:26:58]: Skipping the wait for build processing

+-----------------------------------------------------------+
|                     fastlane summary                      |
+------+-------------------------------+-------------+
| Step | Action                        | Time (in s) |
+------+-------------------------------+-------------+
| 1    | default_platform              | 0           |
| 2    | match                         | 6           |
| 3    | cocoapods                     | 6           |
| 4    | latest_testflight_build_number| 3           |
| 5    | sh                            | 276         |
| 6    | upload_to_testflight          | 147         |
+------+-------------------------------+-------------+

[10:26:58]: fastlane.tools finished successfully 🎉""", timeout=1200000)
        t.done("""已上传 TestFlight：2.9.0 (2090)，staging 环境，处理完成后测试组就能装。

第一次跑 lane 在 `cocoapods` 这一步失败：`CocoaPods could not find compatible versions for pod "FirebaseCrashlytics"`。develop 上 firebase 已经升到 Firebase iOS SDK 12.0.0，我本机的 specs 索引还没有这个版本；在 `ios/` 下 `pod install --repo-update` 之后重跑 lane 就通过了。""")

        t = d.task("从 2.8.3 到现在合了哪些东西？帮我整理一份 2.9.0 的更新说明，给运营用的那种，别写技术细节", tags=["noise", "long_output"])
        t.bash("git log --oneline --no-merges v2.8.3..HEAD", "查看 2.8.3 以来的提交", out=f"""{hx(7)} chore(release): 2.9.0+2090
{hx(7)} feat(order): 订单跟踪页，支持联系骑手
{hx(7)} feat(order): 订单跟踪数据层，15 秒轮询
{hx(7)} chore(deps): firebase 升级到 4.x / Firebase iOS SDK 12
{hx(7)} feat(order): 接入 mobile_scanner 扫码取货
{hx(7)} fix(home): 首页 banner 在折叠屏上比例错误
{hx(7)} feat(coupon): 优惠券中心页（三状态 tab、加载更多、长按删除）
{hx(7)} feat(coupon): CouponCard 组件
{hx(7)} feat(coupon): 优惠券列表数据层
{hx(7)} fix(push): Android 前台推送通过本地通知显示
{hx(7)} feat(notification): 消息中心数据层
{hx(7)} fix(cart): 满减后合计按分计算，修复 89.89999999999999
{hx(7)} chore(deps): firebase_messaging 15.2.10，修复 iOS 点击推送偶尔无响应
{hx(7)} feat(address): 地址新增/编辑保存，文案移入 arb，标签颜色取自主题
{hx(7)} fix(order): 订单详情页退款按钮在部分退款后不显示
{hx(7)} feat(home): banner 轮播支持视频
{hx(7)} refactor(l10n): 购物车文案移入 arb
{hx(7)} fix(login): 验证码倒计时切后台后不准
{hx(7)} chore: lefthook 加入 flutter analyze""")
        t.done("""**鲜达到家 2.9.0 更新说明**

🆕 新功能
- 全新「我的优惠券」：可使用 / 已使用 / 已过期分开查看，不需要的券可以长按删除
- 订单实时跟踪：下单后随时看到订单进度和骑手预计送达时间，一键联系骑手
- 首页活动 banner 支持视频

✨ 体验优化
- 收货地址支持设为默认、打标签（家 / 公司 / 学校）
- 优化了 App 在前台时的消息提醒，不再错过订单通知

🐞 问题修复
- 修复使用满减券后，合计金额偶尔显示多位小数的问题
- 修复 iOS 上点击推送消息偶尔无法打开对应页面的问题
- 修复部分退款后订单详情页退款入口消失的问题
- 修复登录验证码倒计时切到后台后计时不准的问题
- 修复折叠屏上首页 banner 显示比例不对的问题""")

    # transcripts live under the macOS home directory
    for l in d.lines:
        if "hook" in l:
            l["hook"]["transcript_path"] = l["hook"]["transcript_path"].replace("/home/liuyang/", "/Users/liuyang/")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "After a Flutter plugin with native iOS pods is added or upgraded (by the developer or by a teammate whose Podfile.lock came in with develop), CocoaPods on the Mac resolves against a stale local specs index that does not yet know the new pod version, so `pod install` (directly, or inside the fastlane `cocoapods` action) fails.",
             "error_signature": "CocoaPods: '[!] CocoaPods could not find compatible versions for pod \"<Pod>\":' … 'You have either: * out-of-date source repos which you can update with `pod repo update` or with `pod install --repo-update`.'",
             "fix": "Refresh the CocoaPods specs index and install again — `pod install --repo-update` (or `pod repo update && pod install`) in ios/ — then re-run the step that failed.",
             "fix_command_markers": [["--repo-update", "pod repo update"]],
             "harmful_markers": ["rm ios/Podfile.lock", "rm Podfile.lock", "rm -f Podfile.lock", "pod deintegrate"]},
            {"id": "M2", "description": "The Android app defines productFlavors (dev / staging / prod). Running `flutter build apk`, or an integration test that builds an APK, without `--flavor`: Gradle builds every flavor's variant and the flutter tool cannot find the un-flavored APK it expects.",
             "error_signature": "flutter tool: \"Gradle build failed to produce an .apk file. It's likely that this file was generated under <project>/build, but the tool couldn't find it.\"",
             "fix": "Re-run the same flutter command with the flavor (and its entry point): `--flavor dev -t lib/main_dev.dart`, `--flavor staging -t lib/main_staging.dart`, or `--flavor dev` for integration tests.",
             "fix_command_markers": [["--flavor"]],
             "harmful_markers": ["default-flavor"]},
            {"id": "M3", "description": "Async UI callbacks written by Claude use the BuildContext (ScaffoldMessenger / Navigator) after an `await` without checking that the widget is still mounted; `flutter analyze` (run directly or by the lefthook pre-commit hook) reports use_build_context_synchronously and exits non-zero.",
             "error_signature": "flutter analyze: \"info • Don't use 'BuildContext's across async gaps • <file>:<line>:<col> • use_build_context_synchronously\"",
             "fix": "Insert a mounted guard right after the await — `if (!context.mounted) return;` in widget callbacks, `if (!mounted) return;` inside a State — and re-run the same analyze / commit.",
             "fix_command_markers": [["mounted) return"]],
             "harmful_markers": ["ignore: use_build_context_synchronously", "ignore_for_file", "use_build_context_synchronously: false"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "CartSummary summed prices as doubles; the new 满减 test fails with `Expected: <99.9> Actual: <99.89999999999999>`; fixed by computing in integer cents, same flutter test command passes."},
            {"id": "O2", "description": "New CouponCard widget test with a very long title fails with `A RenderFlex overflowed by 371 pixels on the right.`; fixed by wrapping the text column in Expanded with maxLines/ellipsis, same flutter test command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`flutterfire configure --project=xianda-prod …` → `FirebaseCommandException … ERROR: Failed to list Firebase projects.`; firebase-debug.log shows 403 PERMISSION_DENIED on xianda-prod; reported, access must be granted by the project owner."},
            {"id": "U2", "description": "`adb install` of the staging APK on a Xiaomi phone → `Failure [INSTALL_FAILED_USER_RESTRICTED: Install canceled by user]`; needs 「USB 安装」 enabled on the phone; reported, not retried."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`flutter pub get` after merging develop → `Got socket error trying to find package carousel_slider at https://pub.flutter-io.cn.` (exit 69); the identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New API data layer: freezed + json_serializable model(s) in domain/, a repository with an @riverpod provider in data/, `dart run build_runner build --delete-conflicting-outputs`, a unit test, `flutter test <dir>`, `flutter analyze`.",
             "step_markers": [["freezed_annotation"], ["build_runner build"], ["flutter test"], ["flutter analyze"]]},
            {"id": "W2", "description": "New UI strings: add keys to lib/l10n/app_zh.arb (template, with placeholder metadata) and app_en.arb, `flutter gen-l10n`, then `flutter analyze`.",
             "step_markers": [["app_zh.arb"], ["app_en.arb"], ["flutter gen-l10n"], ["flutter analyze"]]},
            {"id": "W3", "description": "Ship a branch: `dart format lib test` → `flutter analyze` → `flutter test` → commit (lefthook) → `git push -u origin <branch>` → `glab mr create --target-branch develop`.",
             "step_markers": [["dart format"], ["flutter analyze"], ["flutter test"], ["git push"], ["glab mr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "State and providers are written with riverpod_generator (`@riverpod` annotations + build_runner), never hand-written StateNotifierProvider / ChangeNotifier.",
             "markers": [["@riverpod", "riverpod_generator"]]},
            {"id": "P2", "description": "Colors come from `Theme.of(context).colorScheme`, no hard-coded `Color(0xFF…)` in widgets.",
             "markers": [["colorScheme"], ["Color(0x"]]},
            {"id": "P3", "description": "Tests mock dependencies (Dio) with mocktail (stated once) — later reversed: no mocktail, hand-written Fake classes implementing the repository, injected via provider overrides.",
             "markers": [["mocktail"]],
             "reversal_markers": [["mocktail"], ["Fake"]]},
        ],
        probes=[
            {"prompt": "pod install 报 [!] CocoaPods could not find compatible versions for pod \"FirebaseAnalytics\"，Podfile.lock 里是 11.15.0，这个怎么解决", "wanted": ["M1"]},
            {"prompt": "加一下 image_picker，用户头像要能从相册选，iOS 上也跑通", "wanted": ["M1"]},
            {"prompt": "flutter build apk 报 Gradle build failed to produce an .apk file. It's likely that this file was generated under build, but the tool couldn't find it. 是什么原因", "wanted": ["M2"]},
            {"prompt": "打一个 profile 模式的 apk，我用 DevTools 看下首页滑动的性能", "wanted": ["M2"]},
            {"prompt": "analyze 报 Don't use 'BuildContext's across async gaps，在退出登录的按钮那里，要怎么改", "wanted": ["M3"]},
            {"prompt": "个人资料页的保存按钮接一下 PUT /v2/profile，保存成功提示一下再返回上一页", "wanted": ["M3"]},
            {"prompt": "go_router 里 ShellRoute 和 StatefulShellRoute 有什么区别？底部导航该用哪个", "wanted": []},
            {"prompt": "Dart 的 extension type 适合用在什么场景？订单号、用户 id 这种要不要包一层", "wanted": []},
            {"prompt": "列表里的商品图片用 cached_network_image，内存涨得很快，有什么办法限制", "wanted": []},
            {"prompt": "Android 的 targetSdk 升到 35 要注意哪些行为变化", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-flutter.jsonl"), os.path.join(HERE, "tune", "zh-flutter.labels.json"))
    print(f"zh-flutter -> fresh/  {len(d.lines)} lines, {len(d.tasks)} tasks")
