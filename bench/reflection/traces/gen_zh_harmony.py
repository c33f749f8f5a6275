"""zh-harmony: 王磊 (Wang Lei), HarmonyOS NEXT app developer at 食刻科技, app 「食刻点餐」 (meal-harmony).

Stack: HarmonyOS NEXT (HarmonyOS 6.0, API 20 target / 5.0.5(17) compatible), ArkTS + ArkUI (state management
V1 in the older pages, V2 — @ComponentV2 / @ObservedV2 / @Trace / @Local / @Param — for new code), Stage model,
modules `entry` (HAP) and `common` (HAR: HttpClient over @kit.NetworkKit http, hilog Logger, PriceUtil),
DevEco command-line tools on Linux (hvigorw, ohpm with the company ohpm-repo for @shike/* packages, codelinter,
hdc), Hypium instrument tests under entry/src/ohosTest run with `hvigorw onDeviceTest`, a Mate 60 Pro over USB,
a MatePad Pro (and later a borrowed Mate X5) over wireless debugging, code review on Gerrit.
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind for fresh/; measured once held out (round 9), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "wanglei"
R = "/home/wanglei/projects/meal-harmony"
MODEL = "claude-opus-4-6"
BUNDLE = "com.shike.meal"
PHONE = "23E0224C19007314"
PAD1 = "192.168.31.87:41235"
PAD2 = "192.168.31.87:35519"
FOLD = "192.168.31.142:40331"
GERRIT_SSH = "ssh://wanglei@gerrit.shike-inc.com:29418/meal-harmony"
GERRIT_WEB = "http://gerrit.shike-inc.com/c/meal-harmony/+"
OHPM_REPO = "https://ohpm.shike-inc.com/repos/ohpm/"
HAP = "entry/build/default/outputs/default/entry-default-signed.hap"
RESULT_TXT = "entry/.test/default/intermediates/ohosTest/coverage_data/test_result.txt"

HX = random.Random(20260921)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def where(d, path, needle, nth=0, delta=0):
    """1-based line:col of the nth occurrence of needle in a virtual file (plus delta chars)."""
    text = d.files[path]
    idx = -1
    for _ in range(nth + 1):
        idx = text.index(needle, idx + 1)
    idx += delta
    line = text[:idx].count("\n") + 1
    col = idx - (text.rfind("\n", 0, idx) + 1) + 1
    return line, col


# ---------------------------------------------------------------- hvigor output
def dur(msv):
    if msv >= 60000:
        m, r = divmod(msv, 60000)
        s, r = divmod(r, 1000)
        return f"{m} min {s} s {r} ms"
    if msv >= 1000:
        s, r = divmod(msv, 1000)
        return f"{s} s {r} ms"
    return f"{msv} ms"


HAP_PRE = [
    ":entry:default@PreBuild", ":common:default@PreBuild", ":entry:default@CreateModuleInfo",
    ":entry:default@GenerateMetadata", ":common:default@CreateHarModuleInfo", ":entry:default@MergeProfile",
    ":entry:default@CreateBuildProfile", ":common:default@CreateHarBuildProfile", ":entry:default@PreCheckSyscap",
    ":entry:default@GeneratePkgContextInfo", ":entry:default@ProcessIntegratedHsp", ":entry:default@MakePackInfo",
    ":entry:default@SyscapTransform", ":entry:default@ProcessProfile", ":entry:default@ProcessRouterMap",
    ":entry:default@ProcessStartupConfig", ":entry:default@ProcessResource", ":entry:default@GenerateLoaderJson",
    ":entry:default@ProcessLibs", ":entry:default@CompileResource",
]
HAP_POST = [
    ":entry:default@BuildJS", ":entry:default@CacheNativeLibs", ":entry:default@GeneratePkgModuleJson",
    ":entry:default@PackageHap", ":entry:default@SignHap", ":entry:default@CollectDebugSymbol",
    ":entry:assembleHap",
]
TEST_TASKS = [
    ":entry:ohosTest@PreBuild", ":entry:ohosTest@MergeProfile", ":entry:ohosTest@CreateBuildProfile",
    ":entry:ohosTest@GenerateLoaderJson", ":entry:ohosTest@ProcessResource", ":entry:ohosTest@CompileResource",
]
TEST_POST = [":entry:ohosTest@PackageHap", ":entry:ohosTest@SignHap"]
INIT = [":common:init", ":entry:init", "::init"]
ALWAYS = {":entry:default@CompileResource", ":entry:default@PackageHap", ":entry:default@SignHap",
          ":entry:default@CollectDebugSymbol", ":entry:assembleHap", ":entry:default@GeneratePkgModuleJson",
          ":entry:ohosTest@CompileResource", ":entry:ohosTest@PackageHap", ":entry:ohosTest@SignHap",
          ":entry:default@PreBuild"}


def _task_ms(n):
    if n.endswith("CompileArkTS"):
        return HX.randint(7200, 19800)
    if n.endswith("CompileResource"):
        return HX.randint(420, 1380)
    if n.endswith("PackageHap") or n.endswith("PackageApp"):
        return HX.randint(610, 1590)
    if n.endswith("SignHap") or n.endswith("SignApp"):
        return HX.randint(290, 880)
    if n.endswith("PreBuild"):
        return HX.randint(140, 460)
    if n.endswith("MergeProfile") or n.endswith("ProcessProfile"):
        return HX.randint(30, 120)
    return HX.randint(1, 48)


def _lines(names, incr):
    out = []
    for n in names:
        if incr and n not in ALWAYS and HX.random() < 0.5:
            out.append(f"> hvigor UP-TO-DATE {n}... ")
        else:
            out.append(f"> hvigor Finished {n}... after {dur(_task_ms(n))} ")
    return out


def warn_block(warns):
    if not warns:
        return []
    out = ["> hvigor WARN: ", "1 WARN: ArkTS:WARN: For details about ArkTS syntax errors, see FAQs"]
    for k, (path, ln, col, msg) in enumerate(warns, 2):
        out.append(f"{k} WARN: ArkTS:WARN File: {path}:{ln}:{col}")
        out.append(f" {msg}")
        out.append("")
    return out


def error_block(errors):
    out = ["> hvigor ERROR: ArkTS Compiler Error"]
    for k, (code, msg, path, ln, col) in enumerate(errors, 1):
        out.append(f"{k} ERROR: {code} ArkTS Compiler Error")
        out.append(f"Error Message: {msg} At File: {path}:{ln}:{col}")
        out.append("")
        out.append("")
    return out


TRY = ["* Try:", "> Run with --stacktrace option to get the stack trace.",
       "> Run with --debug option to get more log output.", ""]


def hap_ok(warns, incr=True, total=None):
    out = _lines(HAP_PRE, incr)
    out += warn_block(warns)
    out.append(f"> hvigor Finished :entry:default@CompileArkTS... after {dur(_task_ms('CompileArkTS'))} ")
    out += _lines(HAP_POST, False)
    out += [f"> hvigor Finished {n}... after {HX.randint(1, 4)} ms " for n in INIT]
    out.append(f"> hvigor BUILD SUCCESSFUL in {dur(total or HX.randint(14200, 31800))} ")
    return "\n".join(out)


def hap_fail(warns, errors, incr=True):
    out = _lines(HAP_PRE, incr)
    out += _lines([":entry:default@BuildJS", ":entry:default@CacheNativeLibs"], incr)
    out.append("> hvigor ERROR: Failed :entry:default@CompileArkTS... ")
    out += warn_block(warns)
    out += error_block(errors)
    out.append(f"COMPILE RESULT:FAIL {{ERROR:{len(errors) + 1} WARN:{len(warns) + 1 if warns else 0}}}")
    out.append("")
    out += TRY
    out.append(f"> hvigor ERROR: BUILD FAILED in {dur(HX.randint(9800, 22400))} ")
    return "\n".join(out)


def test_ok(warns, total=None):
    out = _lines(HAP_PRE, True)
    out += warn_block(warns)
    out.append(f"> hvigor Finished :entry:default@CompileArkTS... after {dur(_task_ms('CompileArkTS'))} ")
    out += _lines(HAP_POST[:-1], False)
    out += _lines(TEST_TASKS, True)
    out.append(f"> hvigor Finished :entry:ohosTest@OhosTestCompileArkTS... after {dur(HX.randint(5200, 9800))} ")
    out += _lines(TEST_POST, False)
    out.append(f"> hvigor Finished :entry:onDeviceTest... after {dur(HX.randint(21000, 47000))} ")
    out += [f"> hvigor Finished {n}... after {HX.randint(1, 4)} ms " for n in INIT]
    out.append(f"> hvigor BUILD SUCCESSFUL in {dur(total or HX.randint(52000, 98000))} ")
    return "\n".join(out)


def test_compile_fail(warns, errors):
    out = _lines(HAP_PRE, True)
    out += warn_block(warns)
    out.append(f"> hvigor Finished :entry:default@CompileArkTS... after {dur(_task_ms('CompileArkTS'))} ")
    out += _lines(HAP_POST[:-1], False)
    out += _lines(TEST_TASKS, True)
    out.append("> hvigor ERROR: Failed :entry:ohosTest@OhosTestCompileArkTS... ")
    out += error_block(errors)
    out.append(f"COMPILE RESULT:FAIL {{ERROR:{len(errors) + 1} WARN:1}}")
    out.append("")
    out += TRY
    out.append(f"> hvigor ERROR: BUILD FAILED in {dur(HX.randint(24000, 39000))} ")
    return "\n".join(out)


def test_multi_device(warns):
    out = _lines(HAP_PRE, True)
    out += warn_block(warns)
    out.append(f"> hvigor Finished :entry:default@CompileArkTS... after {dur(_task_ms('CompileArkTS'))} ")
    out += _lines(HAP_POST[:-1], False)
    out += _lines(TEST_TASKS, True)
    out.append(f"> hvigor Finished :entry:ohosTest@OhosTestCompileArkTS... after {dur(HX.randint(5200, 9800))} ")
    out += _lines(TEST_POST, False)
    out += [
        "> hvigor ERROR: Failed :entry:onDeviceTest... ",
        "> hvigor ERROR: 00507013 Operation Error",
        "Error Message: [Fail]ExecuteCommand need connect-key? please confirm a device by help info.",
        "",
        "* Try the following:",
        "  > Connect the device by referring to https://developer.huawei.com/consumer/cn/doc/harmonyos-guides/ide-run-device and enable USB debugging in Developer options.",
        "  > Remove redundant devices and ensure that only one device is connected.",
        "",
        f"> hvigor ERROR: BUILD FAILED in {dur(HX.randint(31000, 52000))} ",
    ]
    return "\n".join(out)


def app_ok(warns):
    names = [n for n in HAP_PRE] + [":entry:default@CompileArkTS"] + HAP_POST[:-1]
    out = _lines(HAP_PRE, False)
    out += warn_block(warns)
    out.append(f"> hvigor Finished :entry:default@CompileArkTS... after {dur(HX.randint(31000, 52000))} ")
    out += _lines(HAP_POST[:-1], False)
    out += [f"> hvigor Finished ::{n}... after {dur(_task_ms(n))} " for n in
            ("PreBuildApp", "MergeProfile", "PackageApp", "SignApp")]
    out.append(f"> hvigor Finished ::assembleApp... after 1 ms ")
    out += [f"> hvigor Finished {n}... after {HX.randint(1, 4)} ms " for n in INIT]
    out.append(f"> hvigor BUILD SUCCESSFUL in {dur(HX.randint(61000, 94000))} ")
    assert names
    return "\n".join(out)


# ---------------------------------------------------------------- other tool output
def targets(*keys, verbose=False):
    if not keys:
        return "[Empty]"
    if not verbose:
        return "\n".join(keys)
    rows = []
    for k in keys:
        kind = "TCP" if ":" in k else "USB"
        rows.append(f"{k:<32}{kind:<8}Connected       localhost")
    return "\n".join(rows)


def installed():
    return f"[Info]App install path:{R}/{HAP} msg:install bundle successfully.\nAppMod finish"


def result_counts(n, fail=0):
    lines = []
    if fail:
        lines.append(f"{fail:>7} result=Failure")
    lines.append(f"{n:>7} result=Success")
    return "\n".join(lines)


def gerrit_rejected_create(branch, shown, objs):
    n, size, delta = objs
    return f"""Enumerating objects: {n + 9}, done.
Counting objects: 100% ({n + 9}/{n + 9}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({n - 2}/{n - 2}), done.
Writing objects: 100% ({n}/{n}), {size} KiB | {size} MiB/s, done.
Total {n} (delta {delta}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% ({delta}/{delta})
remote: error: branch refs/heads/{branch}:
remote: You need 'Create' rights to create new references.
remote: User: wanglei
remote: Contact an administrator to fix the permissions
remote: Processing changes: refs: 1, done    
To {GERRIT_SSH}
 ! [remote rejected] {shown} -> {branch} (prohibited by Gerrit: not permitted: create)
error: failed to push some refs to '{GERRIT_SSH}'"""


def gerrit_rejected_update(branch, shown, objs):
    n, size, delta = objs
    return f"""Enumerating objects: {n + 9}, done.
Counting objects: 100% ({n + 9}/{n + 9}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({n - 2}/{n - 2}), done.
Writing objects: 100% ({n}/{n}), {size} KiB | {size} MiB/s, done.
Total {n} (delta {delta}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% ({delta}/{delta})
remote: error: branch refs/heads/{branch}:
remote: Push to refs/for/{branch} to create a review, or get 'Push' rights to update the branch.
remote: User: wanglei
remote: Contact an administrator to fix the permissions
remote: Processing changes: refs: 1, done    
To {GERRIT_SSH}
 ! [remote rejected] {shown} -> {branch} (prohibited by Gerrit: not permitted: update)
error: failed to push some refs to '{GERRIT_SSH}'"""


def gerrit_ok(change, subject, objs, new=True):
    n, size, delta = objs
    kind = "new: 1" if new else "updated: 1"
    tail = " [NEW]" if new else ""
    return f"""Enumerating objects: {n + 9}, done.
Counting objects: 100% ({n + 9}/{n + 9}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({n - 2}/{n - 2}), done.
Writing objects: 100% ({n}/{n}), {size} KiB | {size} MiB/s, done.
Total {n} (delta {delta}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% ({delta}/{delta})
remote: Processing changes: refs: 1, {kind}, done    
remote: 
remote: SUCCESS
remote: 
remote:   {GERRIT_WEB}/{change} {subject}{tail}
remote: 
To {GERRIT_SSH}
 * [new reference]   HEAD -> refs/for/develop"""


def ohpm_fetch_ok(pkgs):
    out = []
    for name, ver in pkgs:
        short = name.split("/")[-1]
        out.append(f"ohpm INFO: MetaDataFetcher fetching meta info of package '{name}' from https://ohpm.openharmony.cn/ohpm/")
        out.append(f"ohpm INFO: fetch meta info of package '{name}' success https://ohpm.openharmony.cn/ohpm/{name}")
        out.append(f"ohpm INFO: fetch package done 1 {name} from https://ohpm.openharmony.cn/ohpm/{name}/-/{short}-{ver}.har")
    return out


# ---------------------------------------------------------------- virtual files
FILES = {
    P("build-profile.json5"): """{
  "app": {
    "signingConfigs": [
      {
        "name": "default",
        "type": "HarmonyOS",
        "material": {
          "certpath": "/home/wanglei/.ohos/config/default_meal-harmony_kQ3vN0a1.cer",
          "keyAlias": "debugKey",
          "keyPassword": "0000001B7A9C2E4F6D8B1A3C5E7F9D2B4A6C8E0F1D3B5A7C9E2F4D6B8A0C1E3F5D7B",
          "profile": "/home/wanglei/.ohos/config/default_meal-harmony_kQ3vN0a1.p7b",
          "signAlg": "SHA256withECDSA",
          "storeFile": "/home/wanglei/.ohos/config/default_meal-harmony_kQ3vN0a1.p12",
          "storePassword": "0000001B3C5E7F9D2B4A6C8E0F1D3B5A7C9E2F4D6B8A0C1E3F5D7B9A1C3E5F7D9B"
        }
      }
    ],
    "products": [
      {
        "name": "default",
        "signingConfig": "default",
        "targetSdkVersion": "6.0.0(20)",
        "compatibleSdkVersion": "5.0.5(17)",
        "runtimeOS": "HarmonyOS",
        "buildOption": {
          "strictMode": {
            "caseSensitiveCheck": true,
            "useNormalizedOHMUrl": true
          }
        }
      }
    ],
    "buildModeSet": [
      {
        "name": "debug"
      },
      {
        "name": "release"
      }
    ]
  },
  "modules": [
    {
      "name": "entry",
      "srcPath": "./entry",
      "targets": [
        {
          "name": "default",
          "applyToProducts": [
            "default"
          ]
        }
      ]
    },
    {
      "name": "common",
      "srcPath": "./common"
    }
  ]
}
""",
    P("AppScope/app.json5"): """{
  "app": {
    "bundleName": "com.shike.meal",
    "vendor": "shike",
    "versionCode": 1030100,
    "versionName": "1.3.1",
    "icon": "$media:app_icon",
    "label": "$string:app_name"
  }
}
""",
    P("entry/oh-package.json5"): """{
  "name": "entry",
  "version": "1.0.0",
  "description": "食刻点餐 HarmonyOS 客户端",
  "main": "",
  "author": "",
  "license": "",
  "dependencies": {
    "@shike/common": "file:../common",
    "@shike/pay-kit": "2.0.3"
  }
}
""",
    P("entry/src/main/module.json5"): """{
  "module": {
    "name": "entry",
    "type": "entry",
    "description": "$string:module_desc",
    "mainElement": "EntryAbility",
    "deviceTypes": [
      "phone",
      "tablet",
      "2in1"
    ],
    "deliveryWithInstall": true,
    "installationFree": false,
    "pages": "$profile:main_pages",
    "abilities": [
      {
        "name": "EntryAbility",
        "srcEntry": "./ets/entryability/EntryAbility.ets",
        "description": "$string:EntryAbility_desc",
        "icon": "$media:layered_image",
        "label": "$string:EntryAbility_label",
        "startWindowIcon": "$media:startIcon",
        "startWindowBackground": "$color:start_window_background",
        "exported": true,
        "skills": [
          {
            "entities": [
              "entity.system.home"
            ],
            "actions": [
              "ohos.want.action.home"
            ]
          }
        ]
      }
    ],
    "requestPermissions": [
      {
        "name": "ohos.permission.INTERNET",
        "reason": "$string:internet_reason",
        "usedScene": {
          "abilities": [
            "EntryAbility"
          ],
          "when": "inuse"
        }
      },
      {
        "name": "ohos.permission.GET_NETWORK_INFO"
      }
    ]
  }
}
""",
    P("entry/src/main/resources/base/profile/main_pages.json"): """{
  "src": [
    "pages/Index",
    "pages/order/OrderDetailPage",
    "pages/order/PayResultPage",
    "pages/mine/AddressListPage"
  ]
}
""",
    P("entry/src/main/ets/pages/Index.ets"): """import { MenuPage } from './menu/MenuPage';
import { CartPage } from './cart/CartPage';
import { OrderListPage } from './order/OrderListPage';
import { MinePage } from './mine/MinePage';

@Entry
@Component
struct Index {
  @Provide('pageStack') pageStack: NavPathStack = new NavPathStack();
  @State currentTab: number = 0;

  build() {
    Navigation(this.pageStack) {
      Tabs({ index: this.currentTab }) {
        TabContent() {
          MenuPage()
        }
        .tabBar(this.TabItem('点餐', 0, $r('app.media.tab_menu')))

        TabContent() {
          CartPage()
        }
        .tabBar(this.TabItem('购物车', 1, $r('app.media.tab_cart')))

        TabContent() {
          OrderListPage()
        }
        .tabBar(this.TabItem('订单', 2, $r('app.media.tab_order')))

        TabContent() {
          MinePage()
        }
        .tabBar(this.TabItem('我的', 3, $r('app.media.tab_mine')))
      }
      .barPosition(BarPosition.End)
      .onChange((index: number) => {
        this.currentTab = index;
      })
    }
    .hideTitleBar(true)
    .mode(NavigationMode.Stack)
  }

  @Builder
  TabItem(title: string, index: number, icon: Resource) {
    Column({ space: 2 }) {
      Image(icon)
        .width(24)
        .height(24)
        .fillColor(this.currentTab === index ? $r('app.color.brand_primary') : $r('app.color.text_secondary'))
      Text(title)
        .fontSize(10)
        .fontColor(this.currentTab === index ? $r('app.color.brand_primary') : $r('app.color.text_secondary'))
    }
  }
}
""",
    P("entry/src/main/ets/pages/menu/MenuPage.ets"): """import { Logger } from '@shike/common';
import { ShopApi } from '../../api/ShopApi';
import { DishCard } from '../../components/DishCard';
import { CartItem } from '../../model/CartItem';
import { Category, Dish } from '../../model/Dish';
import { Shop } from '../../model/Shop';
import { CartStore } from '../../viewmodel/CartStore';

const TAG = 'MenuPage';

@Component
export struct MenuPage {
  @State shop: Shop = new Shop();
  @State categories: Category[] = [];
  @State dishes: Dish[] = [];
  @State selectedCategory: string = '';
  @State keyword: string = '';
  @State loading: boolean = true;

  aboutToAppear(): void {
    this.load();
  }

  private async load(): Promise<void> {
    try {
      const menu = await ShopApi.getMenu('1001');
      this.shop = menu.shop;
      this.categories = menu.categories;
      this.dishes = menu.dishes;
      this.selectedCategory = menu.categories.length > 0 ? menu.categories[0].id : '';
    } catch (e) {
      Logger.error(TAG, `load menu failed: ${JSON.stringify(e)}`);
    } finally {
      this.loading = false;
    }
  }

  private visibleDishes(): Dish[] {
    const kw = this.keyword.trim();
    return this.dishes.filter((d: Dish) => {
      if (kw.length > 0) {
        return d.name.includes(kw) || d.pinyin.includes(kw.toLowerCase());
      }
      return d.categoryId === this.selectedCategory;
    });
  }

  build() {
    Column() {
      Row() {
        Text(this.shop.name)
          .fontSize(18)
          .fontWeight(FontWeight.Medium)
        Image($r('app.media.ic_arrow_right'))
          .width(16)
          .height(16)
      }
      .width('100%')
      .padding({ left: 16, right: 16, top: 12, bottom: 8 })

      Search({ value: this.keyword, placeholder: '搜索菜品' })
        .margin({ left: 16, right: 16 })
        .onChange((value: string) => {
          this.keyword = value;
        })

      Row() {
        List() {
          ForEach(this.categories, (c: Category) => {
            ListItem() {
              Text(c.name)
                .fontSize(14)
                .fontColor(c.id === this.selectedCategory ? $r('app.color.brand_primary') : $r('app.color.text_secondary'))
                .padding(12)
                .onClick(() => {
                  this.selectedCategory = c.id;
                  this.keyword = '';
                })
            }
          }, (c: Category) => c.id)
        }
        .width(96)
        .height('100%')
        .backgroundColor($r('app.color.page_background'))

        List({ space: 12 }) {
          ForEach(this.visibleDishes(), (d: Dish) => {
            ListItem() {
              DishCard({ dish: d, onAdd: () => this.addToCart(d) })
            }
          }, (d: Dish) => d.id)
        }
        .layoutWeight(1)
        .height('100%')
        .padding({ left: 12, right: 12 })
      }
      .layoutWeight(1)
      .alignItems(VerticalAlign.Top)
    }
    .width('100%')
    .height('100%')
  }

  private addToCart(d: Dish): void {
    CartStore.shared().add(new CartItem(d.skuId, d.name, d.priceFen));
    Logger.info(TAG, `addToCart ${d.skuId}`);
  }
}
""",
    P("entry/src/main/ets/pages/cart/CartPage.ets"): """import { Logger, PriceUtil } from '@shike/common';
import { CartItemRow } from '../../components/CartItemRow';
import { EmptyCart } from '../../components/EmptyCart';
import { CartItem } from '../../model/CartItem';
import { CartStore } from '../../viewmodel/CartStore';
import { CartViewModel } from '../../viewmodel/CartViewModel';

const TAG = 'CartPage';

@ComponentV2
export struct CartPage {
  @Local vm: CartViewModel = CartStore.shared();

  aboutToAppear(): void {
    Logger.info(TAG, `aboutToAppear items=${this.vm.items.length} count=${this.vm.totalCount}`);
  }

  build() {
    Column() {
      if (this.vm.items.length === 0) {
        EmptyCart()
      } else {
        List({ space: 8 }) {
          ForEach(this.vm.items, (item: CartItem) => {
            ListItem() {
              CartItemRow({ item: item, onQtyChange: (qty: number) => this.vm.changeQty(item.skuId, qty) })
            }
          }, (item: CartItem) => item.skuId)
        }
        .layoutWeight(1)
        .padding({ left: 16, right: 16 })

        this.BottomBar()
      }
    }
    .width('100%')
    .height('100%')
    .backgroundColor($r('app.color.page_background'))
  }

  @Builder
  BottomBar() {
    Row() {
      Text(`共 ${this.vm.totalCount} 件`)
        .fontSize(14)
        .fontColor($r('app.color.text_secondary'))
      Blank()
      Text(`合计 ¥${PriceUtil.formatYuan(this.vm.totalFen)}`)
        .fontSize(18)
        .fontWeight(FontWeight.Medium)
      Button('去结算')
        .margin({ left: 12 })
        .backgroundColor($r('app.color.brand_primary'))
        .onClick(() => this.goCheckout())
    }
    .width('100%')
    .height(64)
    .padding({ left: 16, right: 16 })
    .backgroundColor(Color.White)
  }

  private goCheckout(): void {
    Logger.info(TAG, `checkout shop=${this.vm.shopId} fen=${this.vm.totalFen}`);
  }
}
""",
    P("entry/src/main/ets/pages/order/OrderDetailPage.ets"): """import router from '@ohos.router';
import { Logger, PriceUtil } from '@shike/common';
import { OrderQueryApi } from '../../api/OrderQueryApi';
import { Order } from '../../model/Order';

const TAG = 'OrderDetailPage';

class OrderDetailParams {
  orderId: string = '';
}

@Entry
@Component
struct OrderDetailPage {
  @State order: Order | undefined = undefined;

  aboutToAppear(): void {
    const params = router.getParams() as OrderDetailParams;
    this.load(params.orderId);
  }

  private async load(orderId: string): Promise<void> {
    try {
      this.order = await OrderQueryApi.detail(orderId);
    } catch (e) {
      Logger.error(TAG, `load order ${orderId} failed: ${JSON.stringify(e)}`);
    }
  }

  build() {
    Column({ space: 12 }) {
      if (this.order) {
        this.Header(this.order)
        this.Items(this.order)
      } else {
        LoadingProgress()
          .width(48)
          .height(48)
      }
    }
    .width('100%')
    .height('100%')
    .padding(16)
    .backgroundColor($r('app.color.page_background'))
  }

  @Builder
  Header(order: Order) {
    Column({ space: 4 }) {
      Text(order.shopName)
        .fontSize(18)
        .fontWeight(FontWeight.Medium)
      Text(`订单号 ${order.id}`)
        .fontSize(12)
        .fontColor($r('app.color.text_secondary'))
    }
    .alignItems(HorizontalAlign.Start)
    .width('100%')
  }

  @Builder
  Items(order: Order) {
    Column({ space: 8 }) {
      Text(order.itemSummary)
        .fontSize(14)
      Row() {
        Text('实付')
        Blank()
        Text(`¥${PriceUtil.formatYuan(order.payFen)}`)
          .fontWeight(FontWeight.Medium)
      }
      .width('100%')
    }
    .width('100%')
    .padding(16)
    .backgroundColor(Color.White)
    .borderRadius(12)
  }
}
""",
    P("entry/src/main/ets/viewmodel/CartViewModel.ets"): """import { Logger } from '@shike/common';
import { CartItem } from '../model/CartItem';
import { FullReduction } from '../model/Promotion';

const TAG = 'CartViewModel';

@ObservedV2
export class CartViewModel {
  @Trace shopId: string = '';
  @Trace items: CartItem[] = [];
  @Trace fullReductions: FullReduction[] = [];

  add(item: CartItem): void {
    const existing = this.items.find((i: CartItem) => i.skuId === item.skuId);
    if (existing) {
      existing.qty += item.qty;
    } else {
      this.items.push(item);
    }
    Logger.info(TAG, `add sku=${item.skuId} qty=${item.qty}`);
  }

  changeQty(skuId: string, qty: number): void {
    if (qty <= 0) {
      this.remove(skuId);
      return;
    }
    const item = this.items.find((i: CartItem) => i.skuId === skuId);
    if (item) {
      item.qty = qty;
    }
  }

  remove(skuId: string): void {
    this.items = this.items.filter((i: CartItem) => i.skuId !== skuId);
  }

  clear(): void {
    this.items = [];
  }

  get totalCount(): number {
    return this.items.reduce((sum: number, i: CartItem) => sum + i.qty, 0);
  }

  get totalFen(): number {
    return this.items.reduce((sum: number, i: CartItem) => sum + i.priceFen * i.qty, 0);
  }
}
""",
    P("entry/src/main/ets/viewmodel/OrderListViewModel.ets"): """import { Logger } from '@shike/common';
import { OrderQueryApi } from '../api/OrderQueryApi';
import { Order, OrderStatus } from '../model/Order';

const TAG = 'OrderListViewModel';

@ObservedV2
export class OrderListViewModel {
  @Trace orders: Order[] = [];
  @Trace loading: boolean = false;
  @Trace columns: number = 1;

  async refresh(): Promise<void> {
    this.loading = true;
    try {
      this.orders = await OrderQueryApi.list(1, 50);
    } catch (e) {
      Logger.error(TAG, `refresh failed: ${JSON.stringify(e)}`);
    } finally {
      this.loading = false;
    }
  }

  get sortedOrders(): Order[] {
    return this.orders;
  }

  isActive(status: OrderStatus): boolean {
    return status === OrderStatus.PENDING_PAY || status === OrderStatus.PREPARING || status === OrderStatus.READY;
  }

  updateBreakpoint(bp: string): void {
    this.columns = bp === 'lg' ? 2 : 1;
  }
}
""",
    P("entry/src/main/ets/model/CartItem.ets"): """@ObservedV2
export class CartItem {
  skuId: string;
  name: string;
  priceFen: number;
  @Trace qty: number;

  constructor(skuId: string, name: string, priceFen: number, qty: number = 1) {
    this.skuId = skuId;
    this.name = name;
    this.priceFen = priceFen;
    this.qty = qty;
  }
}
""",
    P("entry/src/main/ets/model/Promotion.ets"): """/** 门店满减规则，金额单位：分。例如满 50 减 8：{ thresholdFen: 5000, reduceFen: 800 } */
export interface FullReduction {
  thresholdFen: number;
  reduceFen: number;
}
""",
    P("entry/src/main/ets/model/Dish.ets"): """import { Shop } from './Shop';

export interface Category {
  id: string;
  name: string;
}

export interface Dish {
  id: string;
  skuId: string;
  categoryId: string;
  name: string;
  pinyin: string;
  priceFen: number;
  imageUrl: string;
  soldOut: boolean;
}

export interface MenuData {
  shop: Shop;
  categories: Category[];
  dishes: Dish[];
}
""",
    P("entry/src/main/ets/model/Shop.ets"): """export class Shop {
  id: string = '';
  name: string = '';
  address: string = '';
  phone: string = '';
  openHours: string = '';
  notice: string = '';
}
""",
    P("entry/src/main/ets/model/Order.ets"): """export enum OrderStatus {
  PENDING_PAY = 'PENDING_PAY',
  PREPARING = 'PREPARING',
  READY = 'READY',
  COMPLETED = 'COMPLETED',
  CANCELLED = 'CANCELLED',
  REFUNDED = 'REFUNDED'
}

export interface RefundStep {
  status: string;
  title: string;
  time: number;
}

export interface RefundInfo {
  amountFen: number;
  steps: RefundStep[];
}

export interface Order {
  id: string;
  shopName: string;
  status: OrderStatus;
  createdAt: number;
  payFen: number;
  itemSummary: string;
  refund?: RefundInfo;
}
""",
    P("entry/src/main/ets/api/ShopApi.ets"): """import { http } from '@kit.NetworkKit';
import { HttpClient } from '@shike/common';
import { MenuData } from '../model/Dish';
import { FullReduction } from '../model/Promotion';
import { Shop } from '../model/Shop';

export class ShopApi {
  static getMenu(shopId: string): Promise<MenuData> {
    return HttpClient.request<MenuData>(http.RequestMethod.GET, `/api/v2/shops/${shopId}/menu`);
  }

  static getShop(shopId: string): Promise<Shop> {
    return HttpClient.request<Shop>(http.RequestMethod.GET, `/api/v2/shops/${shopId}`);
  }

  static getPromotions(shopId: string): Promise<FullReduction[]> {
    return HttpClient.request<FullReduction[]>(http.RequestMethod.GET, `/api/v2/shops/${shopId}/promotions`);
  }
}
""",
    P("common/Index.ets"): """export { HttpClient, ApiError, ApiResponse } from './src/main/ets/network/HttpClient';
export { Logger } from './src/main/ets/utils/Logger';
export { PriceUtil } from './src/main/ets/utils/PriceUtil';
""",
    P("common/src/main/ets/network/HttpClient.ets"): """import { http } from '@kit.NetworkKit';
import { BusinessError } from '@kit.BasicServicesKit';
import { Logger } from '../utils/Logger';

const TAG = 'HttpClient';

export interface ApiResponse<T> {
  code: number;
  message: string;
  data: T;
}

export class ApiError extends Error {
  code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export class HttpClient {
  private static baseUrl: string = 'https://api-test.shike-inc.com';
  private static token: string = '';

  static setBaseUrl(url: string): void {
    HttpClient.baseUrl = url;
  }

  static setToken(token: string): void {
    HttpClient.token = token;
  }

  static async request<T>(method: http.RequestMethod, path: string, body?: Object): Promise<T> {
    const header: Record<string, string> = {
      'Content-Type': 'application/json',
      'Authorization': `Bearer ${HttpClient.token}`
    };
    const req = http.createHttp();
    const start = Date.now();
    try {
      const resp = await req.request(HttpClient.baseUrl + path, {
        method: method,
        header: header,
        extraData: body,
        expectDataType: http.HttpDataType.STRING,
        connectTimeout: 10000,
        readTimeout: 15000
      });
      Logger.info(TAG, `${method} ${path} ${resp.responseCode} (${Date.now() - start}ms)`);
      if (resp.responseCode !== 200) {
        throw new ApiError(resp.responseCode, `HTTP ${resp.responseCode}`);
      }
      const parsed = JSON.parse(resp.result as string) as ApiResponse<T>;
      if (parsed.code !== 0) {
        throw new ApiError(parsed.code, parsed.message);
      }
      return parsed.data;
    } catch (e) {
      if (e instanceof ApiError) {
        throw e;
      }
      const err = e as BusinessError;
      Logger.error(TAG, `${method} ${path} failed: ${err.code} ${err.message}`);
      throw new ApiError(err.code, err.message);
    } finally {
      req.destroy();
    }
  }
}
""",
    P("common/src/main/ets/utils/Logger.ets"): """import { hilog } from '@kit.PerformanceAnalysisKit';

const DOMAIN: number = 0x0810;
const APP_TAG: string = 'MealApp';

/**
 * 统一日志出口：hilog，domain 0x0810，tag MealApp，模块名放在消息前缀里。
 * 真机上用 `hilog -T MealApp` 过滤。
 */
export class Logger {
  static debug(tag: string, msg: string): void {
    hilog.debug(DOMAIN, APP_TAG, '[%{public}s] %{public}s', tag, msg);
  }

  static info(tag: string, msg: string): void {
    hilog.info(DOMAIN, APP_TAG, '[%{public}s] %{public}s', tag, msg);
  }

  static warn(tag: string, msg: string): void {
    hilog.warn(DOMAIN, APP_TAG, '[%{public}s] %{public}s', tag, msg);
  }

  static error(tag: string, msg: string): void {
    hilog.error(DOMAIN, APP_TAG, '[%{public}s] %{public}s', tag, msg);
  }
}
""",
    P("common/src/main/ets/utils/PriceUtil.ets"): """export class PriceUtil {
  /** 分 → 元，保留两位小数，例如 1280 → "12.80" */
  static formatYuan(fen: number): string {
    return (fen / 100).toFixed(2);
  }

  /** 带人民币符号，例如 1280 → "¥12.80" */
  static formatYuanWithSymbol(fen: number): string {
    return `¥${PriceUtil.formatYuan(fen)}`;
  }
}
""",
    P("entry/src/ohosTest/ets/test/List.test.ets"): """import abilityTest from './Ability.test';
import orderListViewModelTest from './OrderListViewModel.test';

export default function testsuite() {
  abilityTest();
  orderListViewModelTest();
}
""",
    P("entry/src/ohosTest/ets/test/OrderListViewModel.test.ets"): """import { describe, beforeEach, it, expect } from '@ohos/hypium';
import { Order, OrderStatus } from '../../../main/ets/model/Order';
import { OrderListViewModel } from '../../../main/ets/viewmodel/OrderListViewModel';

function order(id: string, status: OrderStatus, createdAt: number): Order {
  const o: Order = {
    id: id,
    shopName: '食刻·望京店',
    status: status,
    createdAt: createdAt,
    payFen: 3600,
    itemSummary: '宫保鸡丁 x1'
  };
  return o;
}

export default function orderListViewModelTest() {
  describe('OrderListViewModelTest', () => {
    let vm: OrderListViewModel = new OrderListViewModel();

    beforeEach(() => {
      vm = new OrderListViewModel();
    });

    it('isActive_pendingPreparingReady', 0, () => {
      expect(vm.isActive(OrderStatus.PENDING_PAY)).assertTrue();
      expect(vm.isActive(OrderStatus.PREPARING)).assertTrue();
      expect(vm.isActive(OrderStatus.READY)).assertTrue();
      expect(vm.isActive(OrderStatus.COMPLETED)).assertFalse();
    });

    it('sortedOrders_keepsAllOrders', 0, () => {
      vm.orders = [order('a', OrderStatus.COMPLETED, 1), order('b', OrderStatus.PREPARING, 2)];
      expect(vm.sortedOrders.length).assertEqual(2);
    });

    it('updateBreakpoint_sm_oneColumn', 0, () => {
      vm.updateBreakpoint('sm');
      expect(vm.columns).assertEqual(1);
    });

    it('updateBreakpoint_lg_twoColumns', 0, () => {
      vm.updateBreakpoint('lg');
      expect(vm.columns).assertEqual(2);
    });
  });
}
""",
    P("entry/src/ohosTest/ets/test/Ability.test.ets"): """import { describe, it, expect } from '@ohos/hypium';
import { abilityDelegatorRegistry } from '@kit.TestKit';
import { hilog } from '@kit.PerformanceAnalysisKit';

export default function abilityTest() {
  describe('ActsAbilityTest', () => {
    it('assertContain', 0, () => {
      hilog.info(0x0000, 'testTag', '%{public}s', 'it assertContain begin');
      const delegator = abilityDelegatorRegistry.getAbilityDelegator();
      expect(delegator !== undefined).assertTrue();
    });
  });
}
""",
    P("entry/src/main/resources/base/element/string.json"): """{
  "string": [
    {
      "name": "module_desc",
      "value": "食刻点餐"
    },
    {
      "name": "EntryAbility_desc",
      "value": "食刻点餐"
    },
    {
      "name": "EntryAbility_label",
      "value": "食刻点餐"
    },
    {
      "name": "internet_reason",
      "value": "用于加载菜单和提交订单"
    },
    {
      "name": "cart_empty",
      "value": "购物车还是空的"
    },
    {
      "name": "order_empty",
      "value": "还没有订单"
    }
  ]
}
""",
    P("entry/src/main/resources/zh_CN/element/string.json"): """{
  "string": [
    {
      "name": "module_desc",
      "value": "食刻点餐"
    },
    {
      "name": "EntryAbility_desc",
      "value": "食刻点餐"
    },
    {
      "name": "EntryAbility_label",
      "value": "食刻点餐"
    },
    {
      "name": "internet_reason",
      "value": "用于加载菜单和提交订单"
    },
    {
      "name": "cart_empty",
      "value": "购物车还是空的"
    },
    {
      "name": "order_empty",
      "value": "还没有订单"
    }
  ]
}
""",
    P("entry/src/main/resources/en_US/element/string.json"): """{
  "string": [
    {
      "name": "module_desc",
      "value": "Shike Meal"
    },
    {
      "name": "EntryAbility_desc",
      "value": "Shike Meal"
    },
    {
      "name": "EntryAbility_label",
      "value": "Shike Meal"
    },
    {
      "name": "internet_reason",
      "value": "Used to load menus and submit orders"
    },
    {
      "name": "cart_empty",
      "value": "Your cart is empty"
    },
    {
      "name": "order_empty",
      "value": "No orders yet"
    }
  ]
}
""",
    P("code-linter.json5"): """{
  "files": [
    "**/*.ets"
  ],
  "ignore": [
    "**/src/ohosTest/**/*",
    "**/src/test/**/*",
    "**/src/mock/**/*",
    "**/node_modules/**/*",
    "**/oh_modules/**/*",
    "**/build/**/*",
    "**/.preview/**/*"
  ],
  "ruleSet": [
    "plugin:@performance/recommended",
    "plugin:@typescript-eslint/recommended"
  ],
  "rules": {
    "@security/no-unsafe-aes": "error",
    "@typescript-eslint/no-explicit-any": "error"
  }
}
""",
}


# ---------------------------------------------------------------- paths used by the tasks
BUILD_PROFILE = P("build-profile.json5")
APP_JSON = P("AppScope/app.json5")
ENTRY_PKG = P("entry/oh-package.json5")
MODULE = P("entry/src/main/module.json5")
MAIN_PAGES = P("entry/src/main/resources/base/profile/main_pages.json")
ROUTE_MAP = P("entry/src/main/resources/base/profile/route_map.json")
INDEX = P("entry/src/main/ets/pages/Index.ets")
MENU = P("entry/src/main/ets/pages/menu/MenuPage.ets")
CARTPAGE = P("entry/src/main/ets/pages/cart/CartPage.ets")
ORDER_DETAIL = P("entry/src/main/ets/pages/order/OrderDetailPage.ets")
SHOP_DETAIL = P("entry/src/main/ets/pages/shop/ShopDetailPage.ets")
CARTVM = P("entry/src/main/ets/viewmodel/CartViewModel.ets")
MENUVM = P("entry/src/main/ets/viewmodel/MenuViewModel.ets")
ORDERLISTVM = P("entry/src/main/ets/viewmodel/OrderListViewModel.ets")
SUBMITVM = P("entry/src/main/ets/viewmodel/SubmitOrderViewModel.ets")
ORDER_API = P("entry/src/main/ets/api/OrderApi.ets")
SHOP_API = P("entry/src/main/ets/api/ShopApi.ets")
REFUND = P("entry/src/main/ets/components/RefundProgress.ets")
M_CART = P("entry/src/main/ets/model/CartItem.ets")
M_PROMO = P("entry/src/main/ets/model/Promotion.ets")
M_DISH = P("entry/src/main/ets/model/Dish.ets")
M_SHOP = P("entry/src/main/ets/model/Shop.ets")
M_ORDER = P("entry/src/main/ets/model/Order.ets")
HTTP = P("common/src/main/ets/network/HttpClient.ets")
LOGGER = P("common/src/main/ets/utils/Logger.ets")
PRICE = P("common/src/main/ets/utils/PriceUtil.ets")
LIST_TEST = P("entry/src/ohosTest/ets/test/List.test.ets")
ABILITY_TEST = P("entry/src/ohosTest/ets/test/Ability.test.ets")
ORDERLIST_TEST = P("entry/src/ohosTest/ets/test/OrderListViewModel.test.ets")
CART_TEST = P("entry/src/ohosTest/ets/test/CartViewModel.test.ets")
MENU_TEST = P("entry/src/ohosTest/ets/test/MenuViewModel.test.ets")
ORDER_API_TEST = P("entry/src/ohosTest/ets/test/OrderApi.test.ets")
SUBMIT_TEST = P("entry/src/ohosTest/ets/test/SubmitOrderViewModel.test.ets")
PRICE_TEST = P("entry/src/ohosTest/ets/test/PriceUtil.test.ets")
STR_BASE = P("entry/src/main/resources/base/element/string.json")
STR_ZH = P("entry/src/main/resources/zh_CN/element/string.json")
STR_EN = P("entry/src/main/resources/en_US/element/string.json")
COLOR = P("entry/src/main/resources/base/element/color.json")
LINTCFG = P("code-linter.json5")

BUILD_HAP = "hvigorw assembleHap --mode module -p module=entry@default -p product=default -p buildMode=debug --no-daemon"
TEST_ALL = "hvigorw onDeviceTest -p module=entry -p coverage=false --no-daemon"
BUILD_APP = "hvigorw assembleApp --mode project -p product=default -p buildMode=release --no-daemon"
COUNT_RESULTS = f'grep -o "result=[A-Za-z]*" {RESULT_TXT} | sort | uniq -c'
UNTYPED = "Object literal must correspond to some explicitly declared class or interface (arkts-no-untyped-obj-literals)"


def hilog(rows):
    return "\n".join(f"{ts}  {pid}  {tid} {lvl} A00810/MealApp: {msg}" for ts, pid, tid, lvl, msg in rows)


def gen():
    d = Dev("zh-harmony", U, "zh", MODEL, seed=20260921, files=FILES)
    st = {"shop_router": False}

    def warns():
        w = []
        ln, col = where(d, HTTP, "JSON.parse")
        w.append((HTTP, ln, col, "Function may throw exceptions. Special handling is required."))
        ln, col = where(d, ORDER_DETAIL, "getParams")
        w.append((ORDER_DETAIL, ln, col, "'getParams' has been deprecated."))
        w.append((P("entry/src/main/ets/pages/order/OrderListPage.ets"), 58, 16, "'pushUrl' has been deprecated."))
        if st["shop_router"]:
            ln, col = where(d, SHOP_DETAIL, "getParams")
            w.append((SHOP_DETAIL, ln, col, "'getParams' has been deprecated."))
            ln, col = where(d, MENU, "pushUrl")
            w.append((MENU, ln, col, "'pushUrl' has been deprecated."))
        return w

    s1(d, warns)
    s2(d, warns)
    s3(d, warns, st)
    s4(d, warns)
    s5(d, warns)
    s6(d, warns)
    s7(d, warns, st)
    s8(d, warns)
    s9(d, warns)
    s10(d, warns)
    define(d)
    return d


# ============================================================== S1  Mon 09-21
def s1(d, warns):
    with d.session("2026-09-21T01:35:00", R, branch="develop", version="2.1.134"):
        t = d.task("这个鸿蒙项目我刚从小刘手里接过来（他调去后端组了）。先帮我过一遍整体结构：模块怎么分的、页面和路由、网络层、"
                   "状态管理用的哪套、单测怎么跑。", tags=["noise"])
        t.read(BUILD_PROFILE)
        t.glob("**/oh-package.json5", [P("oh-package.json5"), P("common/oh-package.json5"), ENTRY_PKG], path=R)
        t.read(ENTRY_PKG)
        t.read(MODULE)
        t.read(MAIN_PAGES)
        t.read(INDEX)
        t.read(HTTP)
        t.read(CARTVM)
        t.glob("entry/src/ohosTest/**/*.ets", [
            ABILITY_TEST, LIST_TEST, ORDERLIST_TEST,
            P("entry/src/ohosTest/ets/testability/TestAbility.ets"),
            P("entry/src/ohosTest/ets/testability/pages/Index.ets"),
            P("entry/src/ohosTest/ets/testrunner/OpenHarmonyTestRunner.ets"),
        ], path=R)
        t.read(LIST_TEST)
        t.done("""过了一遍，整体是标准的 Stage 模型工程：

**模块**
- `entry`（HAP，入口模块）+ `common`（HAR，包名 `@shike/common`，entry 里用 `file:../common` 引用）
- `common` 导出三样：`HttpClient`（网络）、`Logger`（hilog 封装，domain `0x0810`，tag `MealApp`）、`PriceUtil`（分转元）
- `build-profile.json5`：targetSdk `6.0.0(20)`，compatibleSdk `5.0.5(17)`；签名是 DevEco 自动签名生成的调试证书，材料在 `~/.ohos/config/` 下
- entry 还依赖公司仓库的 `@shike/pay-kit` 2.0.3（支付）

**页面和路由**
- `main_pages.json` 里注册了 Index、OrderDetailPage、PayResultPage、AddressListPage，老页面之间用 `router.pushUrl` 跳转
- `Index.ets` 是 `Navigation(pageStack)` 包着底部 4 个 Tab（点餐 / 购物车 / 订单 / 我的），但 `pageStack` 目前没有页面在用，像是从新模板起的工程、还没迁过去

**网络层**
- `HttpClient.request<T>(method, path, body?)`：baseUrl 是测试环境 `api-test.shike-inc.com`，统一带 Bearer token，响应按 `{code, message, data}` 解析，`code !== 0` 或 HTTP 非 200 抛 `ApiError`，每次请求打一行耗时日志

**状态管理：V1 / V2 混用**
- V1：`Index`、`MenuPage`、`OrderDetailPage`（`@Component` + `@State` / `@Provide`）
- V2：`CartPage`（`@ComponentV2` + `@Local`），`CartViewModel` / `CartItem`（`@ObservedV2` + `@Trace`）
- 看起来小刘在往 V2 迁，购物车是迁完的部分

**单测**
- Hypium 仪器测试，在 `entry/src/ohosTest/ets/test/`，每个测试文件导出一个函数，要在 `List.test.ets` 里注册才会跑
- 现在只有模板自带的 `Ability.test` 和 `OrderListViewModel.test`
- 跑法：`hvigorw onDeviceTest -p module=entry`，会构建主包和测试包、装到连着的设备上执行，所以需要插着真机

构建用 `hvigorw assembleHap --mode module -p module=entry@default -p product=default --no-daemon`，产物在 `entry/build/default/outputs/default/`。""")

        t = d.task("购物车要显示满减。门店的满减规则已经在 CartViewModel.fullReductions 里了（后端按分给的，比如满 50 减 8）。"
                   "在 CartViewModel 里算个汇总：件数、原价合计、能减多少、应付，购物车页底部栏显示「已减 ¥x」和应付金额。"
                   "另外说一下，新写的代码状态管理一律用 V2（@ComponentV2 / @ObservedV2 / @Trace），不要再出现 @State、@Observed 这些 V1 的东西。",
                   tags=["mistake:M1", "pref:P1"])
        t.read(M_PROMO)
        t.read(CARTPAGE)
        t.edit(CARTVM, """  get totalFen(): number {
    return this.items.reduce((sum: number, i: CartItem) => sum + i.priceFen * i.qty, 0);
  }
}
""", """  get totalFen(): number {
    return this.items.reduce((sum: number, i: CartItem) => sum + i.priceFen * i.qty, 0);
  }

  /** 购物车汇总：件数、原价、满减、应付（单位：分） */
  get summary() {
    const originFen = this.totalFen;
    const discountFen = this.bestReduction(originFen);
    return {
      count: this.totalCount,
      originFen: originFen,
      discountFen: discountFen,
      payFen: originFen - discountFen
    };
  }

  /** 多档满减只取能享受的最大一档，不叠加 */
  private bestReduction(originFen: number): number {
    let best = 0;
    for (const rule of this.fullReductions) {
      if (originFen >= rule.thresholdFen && rule.reduceFen > best) {
        best = rule.reduceFen;
      }
    }
    return best;
  }
}
""")
        t.edit(CARTPAGE, """      Text(`合计 ¥${PriceUtil.formatYuan(this.vm.totalFen)}`)
        .fontSize(18)
        .fontWeight(FontWeight.Medium)""", """      Column({ space: 2 }) {
        Text(`应付 ¥${PriceUtil.formatYuan(this.vm.summary.payFen)}`)
          .fontSize(18)
          .fontWeight(FontWeight.Medium)
        if (this.vm.summary.discountFen > 0) {
          Text(`已减 ¥${PriceUtil.formatYuan(this.vm.summary.discountFen)}`)
            .fontSize(12)
            .fontColor($r('app.color.brand_primary'))
        }
      }
      .alignItems(HorizontalAlign.End)""")
        t.edit(CARTPAGE, """    Logger.info(TAG, `checkout shop=${this.vm.shopId} fen=${this.vm.totalFen}`);""",
               """    const s = this.vm.summary;
    Logger.info(TAG, `checkout shop=${this.vm.shopId} origin=${s.originFen} discount=${s.discountFen} pay=${s.payFen}`);""")
        ln, col = where(d, CARTVM, "{\n      count: this.totalCount")
        t.fail(BUILD_HAP, "构建 entry HAP", hap_fail(warns(), [("10605038", UNTYPED, CARTVM, ln, col)], incr=False),
               code=255, timeout=600000)
        t.say("ArkTS 不允许没有对应类型的对象字面量：`summary` 这个 getter 没写返回类型，返回的 `{ count, originFen, ... }` 对应不到任何已声明的 class 或 interface。"
              "给它声明一个 `CartSummary` 接口，getter 标上返回类型。")
        t.edit(CARTVM, """const TAG = 'CartViewModel';
""", """const TAG = 'CartViewModel';

/** 购物车汇总，金额单位：分 */
export interface CartSummary {
  count: number;
  originFen: number;
  discountFen: number;
  payFen: number;
}
""")
        t.edit(CARTVM, "  get summary() {", "  get summary(): CartSummary {")
        t.bash(BUILD_HAP, "重新构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.done("""满减汇总加好了，构建通过。

- `CartViewModel`：
  - 新增 `CartSummary` 接口（`count` / `originFen` / `discountFen` / `payFen`，单位分）和 `get summary(): CartSummary`
  - 满减规则：遍历 `fullReductions`，原价达到门槛的规则里取减免最多的一档，不叠加
- `CartPage` 底部栏：右侧改成「应付 ¥x」，有满减时下面一行小字「已减 ¥x」（品牌色）；结算日志里带上原价 / 满减 / 应付
- 都在已有的 V2 结构里改的（`@ObservedV2` + `@Trace`、`@ComponentV2` + `@Local`），没有引入 V1 装饰器

第一次构建失败：`summary` 没写返回类型，直接返回对象字面量，ArkTS 报 `arkts-no-untyped-obj-literals`。加了 `CartSummary` 接口并标注返回类型后就过了。""")

        t = d.task("问一下：V2 里的 @Monitor 和 V1 的 @Watch 有什么区别？我看小刘有的地方用 @Watch 监听购物车变化，迁 V2 的时候要怎么改", tags=["noise", "no_tools"])
        t.done("""主要区别有四点：

1. **能监听什么**
   - `@Watch` 只能挂在 V1 的状态变量上（`@State` / `@Prop` / `@Link` 等），被装饰的变量本身变了才回调
   - `@Monitor` 可以监听 `@Local` / `@Param` / `@Provider` 等，也能监听 `@ObservedV2` 类里的 `@Trace` 属性，而且支持路径：`@Monitor('vm.items', 'vm.fullReductions')`，数组元素属性用 `'vm.items.0.qty'` 这种写法

2. **一次监听多个**：`@Monitor` 一个方法可以同时列多个路径，任意一个变化都会进同一个回调；`@Watch` 是一个变量一个回调

3. **能拿到变化前后的值**：`@Monitor` 回调参数是 `IMonitor`，`monitor.dirty` 是变化了的路径，`monitor.value(path)?.before / .now` 能拿到旧值和新值；`@Watch` 只告诉你哪个属性名变了，旧值要自己存

4. **触发时机**：`@Watch` 是赋值后同步触发；`@Monitor` 是同一帧里的多次修改合并，只回调一次，拿到的是最终值

**迁移写法**：
```ts
// V1
@State @Watch('onCartChange') items: CartItem[] = [];
onCartChange(): void { ... }

// V2（在 @ComponentV2 或 @ObservedV2 类里）
@Local items: CartItem[] = [];
@Monitor('items')
onCartChange(monitor: IMonitor): void { ... }
```
注意：数组里元素自身属性的变化（比如某个 `CartItem.qty`），需要 `CartItem` 是 `@ObservedV2` 且 `qty` 加了 `@Trace`，再监听到具体路径才会触发；只监听 `'items'` 的话，push / 删除 / 整体赋值会触发，改 qty 不会。""")


# ============================================================== S2  Wed 09-23
CART_TEST_SRC = """import { describe, beforeEach, it, expect } from '@ohos/hypium';
import { CartItem } from '../../../main/ets/model/CartItem';
import { FullReduction } from '../../../main/ets/model/Promotion';
import { CartViewModel } from '../../../main/ets/viewmodel/CartViewModel';

function rule(thresholdFen: number, reduceFen: number): FullReduction {
  const r: FullReduction = { thresholdFen: thresholdFen, reduceFen: reduceFen };
  return r;
}

export default function cartViewModelTest() {
  describe('CartViewModelTest', () => {
    let vm: CartViewModel = new CartViewModel();

    beforeEach(() => {
      vm = new CartViewModel();
      vm.fullReductions = [rule(5000, 800), rule(10000, 2000)];
    });

    it('summary_belowThreshold_noDiscount', 0, () => {
      vm.add(new CartItem('s1', '宫保鸡丁', 2800, 1));
      expect(vm.summary.discountFen).assertEqual(0);
      expect(vm.summary.payFen).assertEqual(2800);
    });

    it('summary_exactlyThreshold_discounts', 0, () => {
      vm.add(new CartItem('s1', '宫保鸡丁', 2500, 2));
      expect(vm.summary.originFen).assertEqual(5000);
      expect(vm.summary.discountFen).assertEqual(800);
      expect(vm.summary.payFen).assertEqual(4200);
    });

    it('summary_multipleRules_takesLargest', 0, () => {
      vm.add(new CartItem('s1', '水煮鱼', 6800, 1));
      vm.add(new CartItem('s2', '米饭', 200, 2));
      vm.add(new CartItem('s3', '酸梅汤', 1200, 3));
      expect(vm.summary.count).assertEqual(6);
      expect(vm.summary.originFen).assertEqual(10800);
      expect(vm.summary.discountFen).assertEqual(2000);
    });

    it('summary_afterClear_isZero', 0, () => {
      vm.add(new CartItem('s1', '水煮鱼', 6800, 1));
      vm.clear();
      expect(vm.summary.count).assertEqual(0);
      expect(vm.summary.discountFen).assertEqual(0);
      expect(vm.summary.payFen).assertEqual(0);
    });
  });
}
"""

LONG_COMMIT = """feat(cart): 购物车底部栏显示满减优惠和应付金额

背景：门店满减规则（fullReductions）之前只下发没有展示，用户在购物车
看不到优惠，结算页金额和预期对不上。

改动：
- CartViewModel 新增 CartSummary 接口和 summary getter，
  返回件数、原价合计、满减金额、应付金额（单位：分）
- 新增 bestReduction()：多档满减只取可享受的最大一档，不叠加
- CartPage 底部栏：右侧改为「应付 ¥x」，有满减时下方显示「已减 ¥x」
- CartPage 结算日志带上原价 / 满减 / 应付，方便排查金额问题
- 新增 CartViewModel.test.ets，覆盖未达门槛、刚好达到门槛、
  多档规则取最大、清空后归零 4 种情况，并在 List.test.ets 注册

测试：
- hvigorw onDeviceTest 在 Mate 60 上全部通过（9/9）
- 真机安装后检查了购物车底部栏显示和满减金额"""


def s2(d, warns):
    with d.session("2026-09-23T02:10:00", R, branch="feat/cart-discount", version="2.1.135"):
        t = d.task("把现在的包装到我 Mate 60 上，我看看购物车底部栏的效果，顺便看下启动日志有没有报错", tags=["workflow:W2"])
        t.bash("hdc list targets", "查看已连接设备", out=targets(PHONE))
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns(), incr=False), timeout=600000)
        t.bash(f"hdc -t {PHONE} install -r {HAP}", "安装到 Mate 60", out=installed())
        t.bash(f"hdc -t {PHONE} shell aa start -a EntryAbility -b {BUNDLE}", "启动应用", out="start ability successfully.")
        t.bash(f'sleep 3 && hdc -t {PHONE} shell "hilog -x -T MealApp | tail -n 12"', "查看应用启动日志", out=hilog([
            ("09-23 10:27:41.206", 30518, 30518, "I", "[EntryAbility] onCreate"),
            ("09-23 10:27:41.219", 30518, 30518, "I", "[EntryAbility] onWindowStageCreate"),
            ("09-23 10:27:41.604", 30518, 30518, "I", "[MenuPage] aboutToAppear"),
            ("09-23 10:27:41.989", 30518, 30541, "I", "[HttpClient] GET /api/v2/shops/1001/menu 200 (362ms)"),
            ("09-23 10:27:42.117", 30518, 30541, "I", "[HttpClient] GET /api/v2/shops/1001/promotions 200 (118ms)"),
            ("09-23 10:27:42.118", 30518, 30518, "I", "[CartStore] promotions loaded shop=1001 rules=2"),
        ]))
        t.done("""已装到 Mate 60 上并启动（`com.shike.meal`）。

启动日志正常，没有报错：
- 菜单接口 `GET /api/v2/shops/1001/menu` 200，362ms
- 满减规则接口 200，门店 1001 有 2 档规则

购物车底部栏要加了菜才会出现：你在点餐页加几道菜，凑到 50 元以上，底部栏右侧应该显示「应付 ¥x」，下面一行「已减 ¥8.00」；过 100 元是「已减 ¥20.00」。""")

        t = d.task("给 CartViewModel 的汇总补几个单测：没满门槛、刚好满门槛、多档规则取最大的、清空购物车后归零。写完在手机上跑一下。", tags=["workflow:W1"])
        t.read(LIST_TEST)
        t.read(ORDERLIST_TEST)
        t.write(CART_TEST, CART_TEST_SRC)
        t.edit(LIST_TEST, """import orderListViewModelTest from './OrderListViewModel.test';
""", """import orderListViewModelTest from './OrderListViewModel.test';
import cartViewModelTest from './CartViewModel.test';
""")
        t.edit(LIST_TEST, """  orderListViewModelTest();
""", """  orderListViewModelTest();
  cartViewModelTest();
""")
        t.bash(TEST_ALL, "在设备上跑 entry 的单测", out=test_ok(warns()), timeout=600000)
        t.bash(COUNT_RESULTS, "统计测试结果", out=result_counts(9))
        t.done("""单测加好了，在 Mate 60 上全部通过（9/9，含原有的 5 个）。

`entry/src/ohosTest/ets/test/CartViewModel.test.ets`，`CartViewModelTest` 4 个用例，规则统一是「满 50 减 8、满 100 减 20」：
- `summary_belowThreshold_noDiscount`：28 元，不减
- `summary_exactlyThreshold_discounts`：刚好 50 元，减 8，应付 42
- `summary_multipleRules_takesLargest`：108 元，两档都满足时只取减 20 那档，件数 6
- `summary_afterClear_isZero`：清空后件数、满减、应付都是 0

已在 `List.test.ets` 里注册。规则对象是用带 `FullReduction` 返回类型的小函数构造的，避开了 ArkTS 对无类型对象字面量的限制。""")

        t = d.task("可以，提交一下推上去，给老赵 review", tags=["mistake:M2"])
        t.bash("git status --short", "查看改动", out=""" M entry/src/main/ets/pages/cart/CartPage.ets
 M entry/src/main/ets/viewmodel/CartViewModel.ets
 M entry/src/ohosTest/ets/test/List.test.ets
?? entry/src/ohosTest/ets/test/CartViewModel.test.ets""")
        t.bash("git add entry/src/main/ets/pages/cart/CartPage.ets entry/src/main/ets/viewmodel/CartViewModel.ets "
               "entry/src/ohosTest/ets/test/List.test.ets entry/src/ohosTest/ets/test/CartViewModel.test.ets && "
               f"git commit -F - <<'EOF'\n{LONG_COMMIT}\nEOF", "提交购物车满减改动",
               out=f"""[feat/cart-discount 8d2f1c4] feat(cart): 购物车底部栏显示满减优惠和应付金额
 4 files changed, 131 insertions(+), 4 deletions(-)
 create mode 100644 entry/src/ohosTest/ets/test/CartViewModel.test.ets""")
        t.fail("git push -u origin feat/cart-discount", "推送分支", gerrit_rejected_create("feat/cart-discount", "feat/cart-discount", (12, "3.41", 7)))
        t.say("远端是 Gerrit（29418 端口），不允许直接在服务器上建分支，提交要推到 `refs/for/<目标分支>` 才会生成 review。确认一下远端和目标分支。")
        t.bash("git remote -v", "查看远端地址", out=f"origin\t{GERRIT_SSH} (fetch)\norigin\t{GERRIT_SSH} (push)")
        t.bash("git push origin HEAD:refs/for/develop", "推送到 Gerrit 生成 review",
               err=gerrit_ok(1142, "feat(cart): 购物车底部栏显示满减优惠和应付金额", (12, "3.41", 7)))
        t.done(f"""已提交并推到 Gerrit，review 链接：{GERRIT_WEB}/1142 ，可以加老赵做 reviewer 了。

第一次我按普通 Git 仓库的习惯 `git push -u origin feat/cart-discount`，被 Gerrit 拒了（`prohibited by Gerrit: not permitted: create`，不允许直接建分支）。改成 `git push origin HEAD:refs/for/develop` 推到 develop 的 review 队列，生成了 change 1142。后面要改的话在本地 `git commit --amend` 再推同一个地址，Change-Id 不变就会变成新的 patch set。""")


# ============================================================== S3  Thu 09-24
MENUVM_SRC = """import { Logger } from '@shike/common';
import { ShopApi } from '../api/ShopApi';
import { Category, Dish, MenuData } from '../model/Dish';
import { Shop } from '../model/Shop';

const TAG = 'MenuViewModel';

@ObservedV2
export class MenuViewModel {
  @Trace shop: Shop = new Shop();
  @Trace categories: Category[] = [];
  @Trace dishes: Dish[] = [];
  @Trace selectedCategory: string = '';
  @Trace keyword: string = '';
  @Trace loading: boolean = false;

  async load(shopId: string): Promise<void> {
    this.loading = true;
    try {
      this.apply(await ShopApi.getMenu(shopId));
    } catch (e) {
      Logger.error(TAG, `load menu failed: ${JSON.stringify(e)}`);
    } finally {
      this.loading = false;
    }
  }

  apply(menu: MenuData): void {
    this.shop = menu.shop;
    this.categories = menu.categories;
    this.dishes = menu.dishes;
    this.selectedCategory = menu.categories.length > 0 ? menu.categories[0].id : '';
    this.keyword = '';
  }

  selectCategory(id: string): void {
    this.selectedCategory = id;
    this.keyword = '';
  }

  search(keyword: string): void {
    this.keyword = keyword;
  }

  /** 有搜索词时跨分类按名称 / 拼音匹配，否则只显示当前分类 */
  get visibleDishes(): Dish[] {
    const kw = this.keyword.trim().toLowerCase();
    if (kw.length > 0) {
      return this.dishes.filter((d: Dish) => d.name.toLowerCase().includes(kw) || d.pinyin.includes(kw));
    }
    return this.dishes.filter((d: Dish) => d.categoryId === this.selectedCategory);
  }
}
"""

MENU_V2_SRC = """import { Logger } from '@shike/common';
import { DishCard } from '../../components/DishCard';
import { CartItem } from '../../model/CartItem';
import { Category, Dish } from '../../model/Dish';
import { CartStore } from '../../viewmodel/CartStore';
import { MenuViewModel } from '../../viewmodel/MenuViewModel';

const TAG = 'MenuPage';
const SHOP_ID = '1001';

@ComponentV2
export struct MenuPage {
  @Local vm: MenuViewModel = new MenuViewModel();
  @Local isWide: boolean = false;

  aboutToAppear(): void {
    this.vm.load(SHOP_ID);
  }

  build() {
    Column() {
      Row() {
        Text(this.vm.shop.name)
          .fontSize(18)
          .fontWeight(FontWeight.Medium)
        Image($r('app.media.ic_arrow_right'))
          .width(16)
          .height(16)
      }
      .width('100%')
      .padding({ left: 16, right: 16, top: 12, bottom: 8 })

      Search({ value: this.vm.keyword, placeholder: '搜索菜品' })
        .margin({ left: 16, right: 16 })
        .onChange((value: string) => {
          this.vm.search(value);
        })

      Row() {
        List() {
          ForEach(this.vm.categories, (c: Category) => {
            ListItem() {
              Text(c.name)
                .fontSize(14)
                .fontColor(c.id === this.vm.selectedCategory ? $r('app.color.brand_primary') : $r('app.color.text_secondary'))
                .padding(12)
                .onClick(() => {
                  this.vm.selectCategory(c.id);
                })
            }
          }, (c: Category) => c.id)
        }
        .width(this.isWide ? 160 : 96)
        .height('100%')
        .backgroundColor($r('app.color.page_background'))

        Grid() {
          ForEach(this.vm.visibleDishes, (d: Dish) => {
            GridItem() {
              DishCard({ dish: d, onAdd: () => this.addToCart(d) })
            }
          }, (d: Dish) => d.id)
        }
        .columnsTemplate(this.isWide ? '1fr 1fr' : '1fr')
        .rowsGap(12)
        .columnsGap(12)
        .layoutWeight(1)
        .height('100%')
        .padding({ left: 12, right: 12 })
      }
      .layoutWeight(1)
      .alignItems(VerticalAlign.Top)
    }
    .width('100%')
    .height('100%')
    .onAreaChange((oldValue: Area, newValue: Area) => {
      this.isWide = Number(newValue.width) >= 600;
    })
  }

  private addToCart(d: Dish): void {
    CartStore.shared().add(new CartItem(d.skuId, d.name, d.priceFen));
    Logger.info(TAG, `addToCart ${d.skuId}`);
  }
}
"""

MENU_TEST_SRC = """import { describe, beforeEach, it, expect } from '@ohos/hypium';
import { Category, Dish, MenuData } from '../../../main/ets/model/Dish';
import { Shop } from '../../../main/ets/model/Shop';
import { MenuViewModel } from '../../../main/ets/viewmodel/MenuViewModel';

function category(id: string, name: string): Category {
  const c: Category = { id: id, name: name };
  return c;
}

function dish(id: string, categoryId: string, name: string, pinyin: string): Dish {
  const d: Dish = {
    id: id,
    skuId: `sku_${id}`,
    categoryId: categoryId,
    name: name,
    pinyin: pinyin,
    priceFen: 2800,
    imageUrl: '',
    soldOut: false
  };
  return d;
}

function menu(): MenuData {
  const m: MenuData = {
    shop: new Shop(),
    categories: [category('hot', '热菜'), category('cold', '凉菜')],
    dishes: [
      dish('1', 'hot', '宫保鸡丁', 'gongbaojiding'),
      dish('2', 'hot', '鱼香肉丝', 'yuxiangrousi'),
      dish('3', 'cold', '拍黄瓜', 'paihuanggua')
    ]
  };
  return m;
}

export default function menuViewModelTest() {
  describe('MenuViewModelTest', () => {
    let vm: MenuViewModel = new MenuViewModel();

    beforeEach(() => {
      vm = new MenuViewModel();
      vm.apply(menu());
    });

    it('apply_selectsFirstCategory', 0, () => {
      expect(vm.selectedCategory).assertEqual('hot');
      expect(vm.visibleDishes.length).assertEqual(2);
    });

    it('selectCategory_filtersDishes', 0, () => {
      vm.selectCategory('cold');
      expect(vm.visibleDishes.length).assertEqual(1);
      expect(vm.visibleDishes[0].name).assertEqual('拍黄瓜');
    });

    it('search_matchesNameAcrossCategories', 0, () => {
      vm.search('黄瓜');
      expect(vm.visibleDishes.length).assertEqual(1);
      expect(vm.visibleDishes[0].categoryId).assertEqual('cold');
    });

    it('search_matchesPinyinIgnoringCase', 0, () => {
      vm.search('YuXiang');
      expect(vm.visibleDishes.length).assertEqual(1);
      expect(vm.visibleDishes[0].id).assertEqual('2');
    });

    it('selectCategory_clearsKeyword', 0, () => {
      vm.search('鸡');
      vm.selectCategory('hot');
      expect(vm.keyword).assertEqual('');
      expect(vm.visibleDishes.length).assertEqual(2);
    });
  });
}
"""

SHOP_DETAIL_ROUTER_SRC = """import router from '@ohos.router';
import { Logger } from '@shike/common';
import { ShopApi } from '../../api/ShopApi';
import { Shop } from '../../model/Shop';

const TAG = 'ShopDetailPage';

export class ShopDetailParams {
  shopId: string = '';
}

@Entry
@ComponentV2
struct ShopDetailPage {
  @Local shop: Shop = new Shop();
  @Local loading: boolean = true;

  aboutToAppear(): void {
    const params = router.getParams() as ShopDetailParams;
    this.load(params.shopId);
  }

  private async load(shopId: string): Promise<void> {
    try {
      this.shop = await ShopApi.getShop(shopId);
    } catch (e) {
      Logger.error(TAG, `load shop ${shopId} failed: ${JSON.stringify(e)}`);
    } finally {
      this.loading = false;
    }
  }

  build() {
    Column({ space: 12 }) {
      Row({ space: 8 }) {
        Image($r('app.media.ic_back'))
          .width(24)
          .height(24)
          .onClick(() => router.back())
        Text('门店详情')
          .fontSize(18)
          .fontWeight(FontWeight.Medium)
      }
      .width('100%')
      .height(56)

      if (this.loading) {
        LoadingProgress()
          .width(48)
          .height(48)
      } else {
        Text(this.shop.name)
          .fontSize(20)
          .fontWeight(FontWeight.Bold)
        this.InfoRow('地址', this.shop.address)
        this.InfoRow('电话', this.shop.phone)
        this.InfoRow('营业时间', this.shop.openHours)
        if (this.shop.notice.length > 0) {
          Text(this.shop.notice)
            .fontSize(14)
            .fontColor($r('app.color.text_secondary'))
            .padding(12)
            .width('100%')
            .backgroundColor($r('app.color.notice_background'))
            .borderRadius(8)
        }
      }
    }
    .width('100%')
    .height('100%')
    .padding({ left: 16, right: 16 })
    .alignItems(HorizontalAlign.Start)
  }

  @Builder
  InfoRow(label: string, value: string) {
    Row() {
      Text(label)
        .fontSize(14)
        .fontColor($r('app.color.text_secondary'))
        .width(72)
      Text(value)
        .fontSize(14)
        .layoutWeight(1)
    }
    .width('100%')
  }
}
"""


def s3(d, warns, st):
    with d.session("2026-09-24T06:20:00", R, branch="feat/menu-pad", version="2.1.136"):
        t = d.task("菜单页在平板上太空了。宽屏的时候改成左边分类、右边菜品两列网格，手机上保持现在的样子。"
                   f"MatePad 开了无线调试，地址 {PAD1}，改完连上装一下看看效果", tags=["noise"])
        t.read(MENU)
        t.edit(MENU, """  @State loading: boolean = true;
""", """  @State loading: boolean = true;
  @State isWide: boolean = false;
""")
        t.edit(MENU, """        .width(96)
        .height('100%')""", """        .width(this.isWide ? 160 : 96)
        .height('100%')""")
        t.edit(MENU, """        List({ space: 12 }) {
          ForEach(this.visibleDishes(), (d: Dish) => {
            ListItem() {
              DishCard({ dish: d, onAdd: () => this.addToCart(d) })
            }
          }, (d: Dish) => d.id)
        }
        .layoutWeight(1)""", """        Grid() {
          ForEach(this.visibleDishes(), (d: Dish) => {
            GridItem() {
              DishCard({ dish: d, onAdd: () => this.addToCart(d) })
            }
          }, (d: Dish) => d.id)
        }
        .columnsTemplate(this.isWide ? '1fr 1fr' : '1fr')
        .rowsGap(12)
        .columnsGap(12)
        .layoutWeight(1)""")
        t.edit(MENU, """    .width('100%')
    .height('100%')
  }

  private addToCart""", """    .width('100%')
    .height('100%')
    .onAreaChange((oldValue: Area, newValue: Area) => {
      this.isWide = Number(newValue.width) >= 600;
    })
  }

  private addToCart""")
        t.bash(f"hdc tconn {PAD1}", "无线连接 MatePad", out="Connect OK")
        t.bash("hdc list targets", "查看已连接设备", out=targets(PHONE, PAD1))
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns(), incr=False), timeout=600000)
        t.bash(f"hdc -t {PAD1} install -r {HAP}", "安装到 MatePad", out=installed())
        t.bash(f"hdc -t {PAD1} shell aa start -a EntryAbility -b {BUNDLE}", "在 MatePad 上启动应用", out="start ability successfully.")
        t.bash(f"sleep 2 && hdc -t {PAD1} shell snapshot_display -f /data/local/tmp/menu_pad.jpeg && "
               f"hdc -t {PAD1} file recv /data/local/tmp/menu_pad.jpeg /tmp/menu_pad.jpeg", "截屏并拉回本地",
               out="""process: set filename to /data/local/tmp/menu_pad.jpeg
process: display 0: width 2800, height 1840
success: snapshot display 0 , write to /data/local/tmp/menu_pad.jpeg as jpeg, width 2800, height 1840
FileTransfer finish, Size:412788, File count = 1, time:137ms rate:3013.05kB/s""")
        t.done(f"""改好了，已经装到 MatePad（{PAD1}）上启动，截图拉到了 `/tmp/menu_pad.jpeg`，你可以打开看看。

改动（`MenuPage.ets`）：
- 根据页面宽度切换：`onAreaChange` 里宽度 ≥ 600vp 视为宽屏
- 宽屏时左侧分类栏从 96 加宽到 160，右侧菜品从单列 `List` 换成 `Grid`，两列（`columnsTemplate('1fr 1fr')`）
- 手机上宽度不到 600，仍是原来的单列样式

说明：`MenuPage` 还是 V1 组件，V1 和 V2 的装饰器不能混用，这次先加了一个 `@State isWide`；整页迁 V2 的时候一起改掉。""")

        t = d.task("分栏可以。菜单页里分类筛选、搜索这些逻辑都堆在页面里，抽到一个 MenuViewModel 里去，页面顺便迁到 V2，然后给 MenuViewModel 写单测跑一下",
                   tags=["mistake:M3", "workflow:W1"])
        t.read(M_DISH)
        t.read(LIST_TEST)
        t.write(MENUVM, MENUVM_SRC)
        t.write(MENU, MENU_V2_SRC)
        t.write(MENU_TEST, MENU_TEST_SRC)
        t.edit(LIST_TEST, """import cartViewModelTest from './CartViewModel.test';
""", """import cartViewModelTest from './CartViewModel.test';
import menuViewModelTest from './MenuViewModel.test';
""")
        t.edit(LIST_TEST, """  cartViewModelTest();
""", """  cartViewModelTest();
  menuViewModelTest();
""")
        t.fail(TEST_ALL, "在设备上跑 entry 的单测", test_multi_device(warns()), code=255, timeout=600000)
        t.say("构建和测试包都打好了，是部署阶段选设备失败：`need connect-key`，说明 hdc 看到不止一台设备。刚才连的 MatePad 还在，看一下。")
        t.bash("hdc list targets -v", "查看已连接设备", out=targets(PHONE, PAD1, verbose=True))
        t.bash(f"hdc tconn {PAD1} -remove", "断开 MatePad 的无线调试连接", out="")
        t.bash("hdc list targets", "确认只剩一台设备", out=targets(PHONE))
        t.bash(TEST_ALL, "重新在设备上跑 entry 的单测", out=test_ok(warns()), timeout=600000)
        t.bash(COUNT_RESULTS, "统计测试结果", out=result_counts(14))
        t.done(f"""抽好了，单测在 Mate 60 上全部通过（14/14，新增 5 个）。

- 新增 `viewmodel/MenuViewModel.ets`（`@ObservedV2` + `@Trace`）：`load` / `apply` / `selectCategory` / `search`，`visibleDishes` 有搜索词时跨分类按名称或拼音（忽略大小写）匹配，否则只显示当前分类
- `MenuPage` 迁到 V2：`@ComponentV2`，`@Local vm: MenuViewModel`、`@Local isWide`，页面里不再有业务逻辑；平板分栏保留
- `MenuViewModel.test.ets`：默认选中第一个分类、切分类过滤、中文名跨分类搜索、拼音搜索、切分类清空搜索词；已在 `List.test.ets` 注册

第一次跑 `onDeviceTest` 在部署阶段失败：`[Fail]ExecuteCommand need connect-key?`，因为 USB 的 Mate 60 和无线的 MatePad 同时连着，测试任务不知道装到哪台。我用 `hdc tconn {PAD1} -remove` 断开了 MatePad，再跑就过了。平板还要看效果的话重新 `hdc tconn {PAD1}` 就行。""")

        t = d.task("再加个门店详情页 ShopDetailPage：门店名、地址、电话、营业时间、公告，菜单页顶部点门店名进去。"
                   "跳转先用 router.pushUrl，跟订单详情那些老页面保持一致，别搞两套。", tags=["pref:P3"])
        t.read(MAIN_PAGES)
        t.read(ORDER_DETAIL)
        t.read(M_SHOP)
        t.read(SHOP_API)
        t.write(SHOP_DETAIL, SHOP_DETAIL_ROUTER_SRC)
        t.edit(MAIN_PAGES, """    "pages/mine/AddressListPage"
""", """    "pages/mine/AddressListPage",
    "pages/shop/ShopDetailPage"
""")
        t.edit(MENU, """import { Logger } from '@shike/common';
""", """import router from '@ohos.router';
import { Logger } from '@shike/common';
""")
        t.edit(MENU, """import { MenuViewModel } from '../../viewmodel/MenuViewModel';
""", """import { MenuViewModel } from '../../viewmodel/MenuViewModel';
import { ShopDetailParams } from '../shop/ShopDetailPage';
""")
        t.edit(MENU, """      .width('100%')
      .padding({ left: 16, right: 16, top: 12, bottom: 8 })
""", """      .width('100%')
      .padding({ left: 16, right: 16, top: 12, bottom: 8 })
      .onClick(() => {
        const params = new ShopDetailParams();
        params.shopId = this.vm.shop.id;
        router.pushUrl({ url: 'pages/shop/ShopDetailPage', params: params });
      })
""")
        st["shop_router"] = True
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.done("""门店详情页加好了，构建通过。

- `pages/shop/ShopDetailPage.ets`：`@Entry @ComponentV2`，进页面用 `ShopApi.getShop(shopId)` 拉详情，显示门店名、地址、电话、营业时间，有公告时显示公告卡片；左上角返回 `router.back()`
- `main_pages.json` 注册了 `pages/shop/ShopDetailPage`
- `MenuPage` 顶部门店名那一行加了点击：`router.pushUrl({ url: 'pages/shop/ShopDetailPage', params })`，参数用 `ShopDetailParams` 类传 `shopId`，和 `OrderDetailPage` 的 `OrderDetailParams` 写法一致

构建里多了两条 `'pushUrl' has been deprecated` / `'getParams' has been deprecated` 的告警：API 18 起全局 `router` 接口标记为废弃，老页面也一样有，不影响运行。""")


# ============================================================== S4  Tue 09-29
def s4(d, warns):
    with d.session("2026-09-29T02:40:00", R, branch="develop", version="2.1.137", end_reason="other"):
        t = d.task("老赵把下单成功的 lottie 动画合到 develop 了，拉一下 develop 最新的代码，依赖也装一下", tags=["flaky:F1"])
        t.bash("git pull --ff-only origin develop", "拉取 develop 最新代码", err=f"""From {GERRIT_SSH}
 * branch            develop    -> FETCH_HEAD
   5c1d0e2..a93f7b8  develop    -> origin/develop""", out="""Updating 5c1d0e2..a93f7b8
Fast-forward
 entry/oh-package.json5                             |  3 +-
 entry/src/main/ets/components/OrderSuccessAnim.ets | 52 ++++++++++++
 entry/src/main/ets/pages/order/PayResultPage.ets   | 19 +++--
 entry/src/main/resources/rawfile/lottie/success.json |  1 +
 oh-package-lock.json5                              | 16 ++++
 5 files changed, 85 insertions(+), 6 deletions(-)
 create mode 100644 entry/src/main/ets/components/OrderSuccessAnim.ets
 create mode 100644 entry/src/main/resources/rawfile/lottie/success.json""")
        d.files[ENTRY_PKG] = d.files[ENTRY_PKG].replace('''    "@shike/pay-kit": "2.0.3"
''', '''    "@shike/pay-kit": "2.0.3",
    "@ohos/lottie": "^2.0.24"
''')
        t.fail("ohpm install", "安装依赖", """ohpm INFO: MetaDataFetcher fetching meta info of package '@ohos/lottie' from https://ohpm.openharmony.cn/ohpm/
ohpm ERROR: Run install command failed 
Error: 00617101 Fetch Pkg Info Failed
Error Message: FetchPackageInfo: "@ohos/lottie" failed
request to https://ohpm.openharmony.cn/ohpm/@ohos/lottie failed, reason: connect ETIMEDOUT 116.205.188.42:443""")
        t.say("是连 ohpm 中心仓超时（ETIMEDOUT），不是依赖本身的问题，原样再装一次。")
        t.bash("ohpm install", "安装依赖", out="\n".join(ohpm_fetch_ok([("@ohos/lottie", "2.0.24")]) +
                                                     ["install completed in 2s 318ms"]))
        t.done("""develop 已经快进到最新（`a93f7b8`），老赵这次合进来的是：
- `components/OrderSuccessAnim.ets` + `rawfile/lottie/success.json`：下单成功动画
- `PayResultPage` 里接上了这个动画
- entry 新增依赖 `@ohos/lottie ^2.0.24`

`ohpm install` 第一次连 ohpm.openharmony.cn 超时（`connect ETIMEDOUT`），原样重试一次就装好了，lottie 装的是 2.0.24。""")

        t = d.task("订单列表排序改一下：进行中的订单（待支付、制作中、待取餐）排最前面，同一组里按下单时间倒序", tags=["oneoff:O1"])
        t.read(ORDERLISTVM)
        t.read(M_ORDER)
        t.edit(ORDERLISTVM, """  get sortedOrders(): Order[] {
    return this.orders;
  }
""", """  /** 进行中的订单（待支付 / 制作中 / 待取餐）在前，同组内按下单时间倒序 */
  get sortedOrders(): Order[] {
    return this.orders.toSorted((a: Order, b: Order) => {
      const ga = this.isActive(a.status) ? 0 : 1;
      const gb = this.isActive(b.status) ? 0 : 1;
      if (ga !== gb) {
        return ga - gb;
      }
      return b.createdAt - a.createdAt;
    });
  }
""")
        ln, col = where(d, ORDERLISTVM, "toSorted")
        t.fail(BUILD_HAP, "构建 entry HAP", hap_fail(warns(), [
            ("10505001", "Property 'toSorted' does not exist on type 'Order[]'.", ORDERLISTVM, ln, col)]),
            code=255, timeout=600000)
        t.say("`toSorted` 是 ES2023 新加的数组方法，当前 ArkTS 的库声明里没有。改成先 `slice()` 拷一份再 `sort`，同样不会改动原数组。")
        t.edit(ORDERLISTVM, "    return this.orders.toSorted((a: Order, b: Order) => {",
               "    return this.orders.slice().sort((a: Order, b: Order) => {")
        t.bash(BUILD_HAP, "重新构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.done("""排序改好了，构建通过。

`OrderListViewModel.sortedOrders`：先按是否进行中分组（待支付 / 制作中 / 待取餐 复用已有的 `isActive()`），进行中的排前面，组内按 `createdAt` 倒序。返回的是拷贝，不改 `orders` 本身。

第一次用了 `toSorted`，ArkTS 报 `Property 'toSorted' does not exist on type 'Order[]'`（SDK 里没有这个 ES2023 的 API），换成 `slice().sort(...)` 就好了。""")

        t = d.task("支付组说 @shike/pay-kit 2.1.0 已经发到公司 ohpm 仓库了，支持数字人民币，把 entry 里的依赖升上去", tags=["unfixed:U1"])
        t.read(ENTRY_PKG)
        t.fail("cd entry && ohpm install @shike/pay-kit@2.1.0", "升级 pay-kit 到 2.1.0", f"""ohpm INFO: MetaDataFetcher fetching meta info of package '@shike/pay-kit' from {OHPM_REPO}
ohpm ERROR: Run install command failed 
Error: 00617101 Fetch Pkg Info Failed
Error Message: FetchPackageInfo: "@shike/pay-kit" failed
NOTFOUND package '@shike/pay-kit@2.1.0' not found from all the registries""")
        t.bash("cat .ohpmrc", "查看 ohpm 仓库配置", out=f"""registry={OHPM_REPO},https://ohpm.openharmony.cn/ohpm/
strict_ssl=true
log_level=info""")
        t.bash("git status --short entry/", "确认 entry 没有被改动", out="")
        t.done(f"""没升成功：公司仓库里没有 `@shike/pay-kit@2.1.0`。

- `ohpm install @shike/pay-kit@2.1.0` 报 `NOTFOUND package '@shike/pay-kit@2.1.0' not found from all the registries`
- `.ohpmrc` 里仓库配的是公司的 `{OHPM_REPO}` 和中心仓，两边都查不到这个版本，所以不是本地配置的问题
- 安装失败时 ohpm 没有改 `oh-package.json5`，entry 目前还是 `2.0.3`，工作区干净

建议找支付组确认一下：2.1.0 是不是还没 publish 成功，或者发的是 `2.1.0-beta.x` 这种预发布版本号。他们确认发好之后再升。""")

        t = d.task("打个 1.3.2 的提测包给周婷：版本号升一下，release 模式出 app 包，打上 tag", tags=["workflow:W3"])
        t.read(APP_JSON)
        t.edit(APP_JSON, """    "versionCode": 1030100,
    "versionName": "1.3.1",""", """    "versionCode": 1030200,
    "versionName": "1.3.2",""")
        t.bash(BUILD_APP, "release 模式构建 app 包", out=app_ok(warns()), timeout=900000)
        t.bash("ls -lh build/outputs/default/", "查看产物", out="""total 9.9M
-rw-rw-r-- 1 wanglei wanglei 5.0M Sep 29 11:52 meal-harmony-default-signed.app
-rw-rw-r-- 1 wanglei wanglei 4.9M Sep 29 11:52 meal-harmony-default-unsigned.app
-rw-rw-r-- 1 wanglei wanglei  12K Sep 29 11:52 pack.info""")
        t.bash('git add AppScope/app.json5 && git commit -m "chore(release): 1.3.2"', "提交版本号",
               out="[develop 3be90d7] chore(release): 1.3.2\n 1 file changed, 2 insertions(+), 2 deletions(-)")
        t.bash('git tag -a v1.3.2 -m "1.3.2 提测"', "打 tag", out="")
        t.done("""1.3.2 提测包好了：

- `AppScope/app.json5`：versionCode 1030100 → 1030200，versionName 1.3.1 → 1.3.2
- release 构建通过，产物：`build/outputs/default/meal-harmony-default-signed.app`（5.0M）
- 本地提交 `chore(release): 1.3.2`，打了附注 tag `v1.3.2`

提交和 tag 都只在本地，推送你来（Gerrit 上推 tag 需要权限）。""")


# ============================================================== S5  Fri 10-09
ORDER_API_SRC = """import { http } from '@kit.NetworkKit';
import { HttpClient } from '@shike/common';
import { CartItem } from '../model/CartItem';

/** POST /api/v2/orders 的返回，金额单位：分 */
export class SubmitOrderResult {
  order_id: string = '';
  pay_amount: number = 0;
}

export class OrderApi {
  /** 组装下单请求体，字段名按后端约定用下划线 */
  static buildRequest(shopId: string, items: CartItem[], remark: string, pickupTime: number) {
    return {
      shop_id: shopId,
      items: items.map((i: CartItem) => ({ sku_id: i.skuId, qty: i.qty })),
      remark: remark,
      pickup_time: pickupTime
    };
  }

  static async submit(shopId: string, items: CartItem[], remark: string, pickupTime: number): Promise<SubmitOrderResult> {
    const body = OrderApi.buildRequest(shopId, items, remark, pickupTime);
    console.info(`[OrderApi] submit shop=${shopId} items=${items.length} pickup=${pickupTime}`);
    const result = await HttpClient.request<SubmitOrderResult>(http.RequestMethod.POST, '/api/v2/orders', body);
    console.info(`[OrderApi] submit ok order=${result.order_id} pay=${result.pay_amount}`);
    return result;
  }
}
"""

SUBMITVM_SRC = """import { ApiError } from '@shike/common';
import { OrderApi, SubmitOrderResult } from '../api/OrderApi';
import { CartItem } from '../model/CartItem';

export enum SubmitState {
  IDLE,
  SUBMITTING,
  SUCCESS,
  FAILED
}

@ObservedV2
export class SubmitOrderViewModel {
  @Trace state: SubmitState = SubmitState.IDLE;
  @Trace errorMessage: string = '';
  @Trace result: SubmitOrderResult | undefined = undefined;

  async submit(shopId: string, items: CartItem[], remark: string, pickupTime: number): Promise<void> {
    if (this.state === SubmitState.SUBMITTING) {
      return;
    }
    if (items.length === 0) {
      this.state = SubmitState.FAILED;
      this.errorMessage = '购物车是空的';
      return;
    }
    this.state = SubmitState.SUBMITTING;
    this.errorMessage = '';
    try {
      this.result = await OrderApi.submit(shopId, items, remark, pickupTime);
      this.state = SubmitState.SUCCESS;
    } catch (e) {
      const err = e as ApiError;
      console.error(`[SubmitOrderViewModel] submit failed: ${err.code} ${err.message}`);
      this.errorMessage = err.message;
      this.state = SubmitState.FAILED;
    }
  }

  reset(): void {
    this.state = SubmitState.IDLE;
    this.errorMessage = '';
    this.result = undefined;
  }
}
"""

FB_COMMIT = ("说个事：上周你给购物车那个 change 写的 commit message 太长了，十几行，老赵在 Gerrit 上吐槽看不过来，"
             "最后我自己在 Gerrit 上 cut half 改了提交说明才合进去的。")


def s5(d, warns):
    with d.session("2026-10-09T01:50:00", R, branch="feat/order-submit", version="2.1.139"):
        cmd = "hvigorw --mode module -p module=entry@default -p product=default assembleHap --no-daemon"
        t = d.task("下单接口后端好了：POST /api/v2/orders，body 是 {shop_id, items:[{sku_id, qty}], remark, pickup_time}，"
                   "返回 {order_id, pay_amount}，金额都是分。在 entry 里加个 OrderApi.submit，再写个 SubmitOrderViewModel 管提交状态"
                   "（提交中 / 成功 / 失败，提交中重复点不能再发）。数据类照旧用 @ObservedV2 + @Trace，以后页面那边也是 @ComponentV2，页面这次先不动。",
                   tags=["mistake:M1", "pref:P1"])
        t.read(HTTP)
        t.read(SHOP_API)
        t.read(M_CART)
        t.write(ORDER_API, ORDER_API_SRC)
        t.write(SUBMITVM, SUBMITVM_SRC)
        l1, c1 = where(d, ORDER_API, "{\n      shop_id")
        l2, c2 = where(d, ORDER_API, "{ sku_id")
        t.fail(cmd, "构建 entry HAP", hap_fail(warns(), [
            ("10605038", UNTYPED, ORDER_API, l1, c1),
            ("10605038", UNTYPED, ORDER_API, l2, c2)], incr=False), code=255, timeout=600000)
        t.say("两处都是 `buildRequest` 里的对象字面量：外层请求体和 `items.map` 里每一项都没有对应的声明类型，ArkTS 不接受。"
              "给请求体和明细各声明一个接口，函数和 map 回调标上返回类型。")
        t.edit(ORDER_API, """/** POST /api/v2/orders 的返回，金额单位：分 */""", """/** 下单明细，字段名按后端约定 */
export interface OrderLineReq {
  sku_id: string;
  qty: number;
}

/** POST /api/v2/orders 请求体，pickup_time 为毫秒时间戳 */
export interface SubmitOrderReq {
  shop_id: string;
  items: OrderLineReq[];
  remark: string;
  pickup_time: number;
}

/** POST /api/v2/orders 的返回，金额单位：分 */""")
        t.edit(ORDER_API, """  static buildRequest(shopId: string, items: CartItem[], remark: string, pickupTime: number) {
    return {
      shop_id: shopId,
      items: items.map((i: CartItem) => ({ sku_id: i.skuId, qty: i.qty })),""",
               """  static buildRequest(shopId: string, items: CartItem[], remark: string, pickupTime: number): SubmitOrderReq {
    return {
      shop_id: shopId,
      items: items.map((i: CartItem): OrderLineReq => ({ sku_id: i.skuId, qty: i.qty })),""")
        t.bash(cmd, "重新构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.done("""下单接口和提交状态管理加好了，构建通过。

- `api/OrderApi.ets`
  - `SubmitOrderReq` / `OrderLineReq` 接口（字段名按后端的下划线风格），`SubmitOrderResult`（`order_id` / `pay_amount`）
  - `OrderApi.buildRequest(...)`：从购物车条目组装请求体；`OrderApi.submit(...)`：`POST /api/v2/orders`，走 `HttpClient`，错误由 `HttpClient` 统一抛 `ApiError`
- `viewmodel/SubmitOrderViewModel.ets`（`@ObservedV2` + `@Trace`）
  - `state`：`IDLE` / `SUBMITTING` / `SUCCESS` / `FAILED`，`SUBMITTING` 时再调 `submit` 直接返回，防重复提交
  - 购物车为空直接失败并给出提示；成功后 `result` 里有订单号和应付金额；`reset()` 回到初始状态

第一次构建失败了 2 处 `arkts-no-untyped-obj-literals`：`buildRequest` 没有返回类型，请求体和 `items.map` 里的明细都是无类型对象字面量。加了两个接口、标注返回类型后通过。页面没动，后面接 `@ComponentV2` 页面时直接用这个 ViewModel。""")

        t = d.task("下单成功后要跳支付结果页，我想新页面用 Navigation 做。帮我看下官方文档里 NavPathStack 怎么传参、怎么拿到下一个页面返回的结果，先别改代码",
                   tags=["noise", "webfetch"])
        t.webfetch("https://developer.huawei.com/consumer/cn/doc/harmonyos-guides/arkts-navigation-navigation",
                   "NavPathStack 页面跳转如何传参、目标页如何获取参数、如何把结果返回给上一页（onPop / pop 带结果）、系统路由表 routerMap 怎么配置",
                   """## 页面跳转与传参
- `pushPathByName(name: string, param: Object, animated?: boolean)`：按 `name` 跳转到 NavDestination，`param` 为传给目标页的参数。
- `pushPathByName(name: string, param: Object, onPop: Callback<PopInfo>, animated?: boolean)`：额外传入 `onPop` 回调，目标页出栈时触发，`PopInfo.result` 为目标页返回的结果，`PopInfo.info.param` 为原始参数。
- `pushDestinationByName(...)` 返回 Promise，可以拿到跳转失败的错误码（如 100005 目标页面未注册）。

## 目标页获取参数
- 在 NavDestination 的 `onReady((context: NavDestinationContext) => { ... })` 中通过 `context.pathInfo.param` 获取参数；`context.pathStack` 可拿到当前的 NavPathStack。
- 也可通过 `this.queryNavigationInfo()` 获取所在 Navigation 的 `pathStack`。

## 返回结果
- `pop(result: Object, animated?: boolean)`：返回上一页并把 `result` 传给 push 时注册的 `onPop` 回调。
- `popToName(name, result)` / `popToIndex(index, result)` 同样支持携带结果。

## 系统路由表
- 在 `module.json5` 中配置 `"routerMap": "$profile:route_map"`，在 `resources/base/profile/route_map.json` 中声明每个页面的 `name`、`pageSourceFile`、`buildFunction`（导出的 `@Builder` 函数）和可选 `data`。
- 使用系统路由表后无需在 Navigation 的 `navDestination` 属性中手写页面映射。""")
        t.done("""文档里的用法整理如下（代码没动）：

**跳转 + 传参**
```ts
const stack = this.queryNavigationInfo()?.pathStack;  // 或者从 Index 传下来的 pageStack
stack?.pushPathByName('PayResult', orderId, (info: PopInfo) => {
  // 支付结果页 pop(result) 时回调到这里，info.result 就是返回的结果
});
```

**目标页拿参数**：在 `NavDestination().onReady((ctx: NavDestinationContext) => { const orderId = ctx.pathInfo.param as string; })` 里取。

**返回结果**：目标页里 `ctx.pathStack.pop(result)`，结果会进上面 `pushPathByName` 的 `onPop` 回调（`PopInfo.result`）。`popToName(name, result)` 也能带结果。

**页面注册**：用系统路由表——`module.json5` 里加 `"routerMap": "$profile:route_map"`，`resources/base/profile/route_map.json` 里写每个页面的 `name` / `pageSourceFile` / `buildFunction`，页面文件导出一个 `@Builder` 函数包住 `NavDestination`。

和现在的 router 比，最大的好处是参数和返回结果都有回调，不用再靠 `router.getParams()` + AppStorage 传来传去。不过现在约定是新页面跟老页面一样用 `router`，要不要改你定。""")

        t = d.task("把 feat/order-submit 装到手机上，启动看下日志有没有报错，下单流程我等会儿自己走", tags=["workflow:W2"])
        t.bash("hdc list targets", "查看已连接设备", out=targets(PHONE))
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.bash(f"hdc -t {PHONE} install -r {HAP}", "安装到 Mate 60", out=installed())
        t.bash(f"hdc -t {PHONE} shell aa start -a EntryAbility -b {BUNDLE}", "启动应用", out="start ability successfully.")
        t.bash(f'sleep 3 && hdc -t {PHONE} shell "hilog -x -T MealApp | tail -n 10"', "查看应用启动日志", out=hilog([
            ("10-09 10:21:07.442", 18823, 18823, "I", "[EntryAbility] onCreate"),
            ("10-09 10:21:07.455", 18823, 18823, "I", "[EntryAbility] onWindowStageCreate"),
            ("10-09 10:21:07.861", 18823, 18823, "I", "[MenuPage] aboutToAppear"),
            ("10-09 10:21:08.207", 18823, 18851, "I", "[HttpClient] GET /api/v2/shops/1001/menu 200 (331ms)"),
            ("10-09 10:21:08.319", 18823, 18851, "I", "[HttpClient] GET /api/v2/shops/1001/promotions 200 (104ms)"),
            ("10-09 10:21:08.320", 18823, 18823, "I", "[CartStore] promotions loaded shop=1001 rules=2"),
        ]))
        t.done("""已装到 Mate 60 并启动，启动日志正常：菜单和满减规则接口都是 200，没有错误日志。

提醒一下：`OrderApi` 里现在是用 `console.info` 打的日志，在 hilog 里 tag 是 `JSAPP`，不是 `MealApp`，用上面这种 `hilog -T MealApp` 过滤看不到下单请求；要看的话用 `hdc -t 23E0224C19007314 shell "hilog -x | grep OrderApi"`。`HttpClient` 自己那行 `POST /api/v2/orders` 的耗时日志是能按 tag 看到的。""")

        t = d.task(FB_COMMIT + "以后 commit message：标题一行（type(scope): 中文说明），正文最多三行，写为什么改、怎么验证的，别列文件清单。",
                   tags=["feedback", "no_tools"], feedback=FB_COMMIT)
        t.done("""明白，是我写多了，改了哪些文件 Gerrit 的 diff 里本来就看得到。以后按这个格式：

```
feat(cart): 购物车底部栏显示满减和应付金额

门店满减规则之前没展示，结算金额和预期对不上。
onDeviceTest 9/9 通过，Mate 60 真机核对过金额。
```

标题一行，正文不超过三行：为什么改 + 怎么验证的，不列文件、不贴命令输出。""")


# ============================================================== S6  Mon 10-12
ORDER_API_TEST_SRC = """import { describe, it, expect } from '@ohos/hypium';
import { OrderApi } from '../../../main/ets/api/OrderApi';
import { CartItem } from '../../../main/ets/model/CartItem';

export default function orderApiTest() {
  describe('OrderApiTest', () => {
    it('buildRequest_mapsCartItems', 0, () => {
      const items: CartItem[] = [new CartItem('sku_1', '宫保鸡丁', 2800, 2), new CartItem('sku_9', '米饭', 200, 1)];
      const req = OrderApi.buildRequest('1001', items, '少辣', 1760239800000);
      expect(req.shop_id).assertEqual('1001');
      expect(req.items.length).assertEqual(2);
      expect(req.items[0].sku_id).assertEqual('sku_1');
      expect(req.items[0].qty).assertEqual(2);
      expect(req.remark).assertEqual('少辣');
      expect(req.pickup_time).assertEqual(1760239800000);
    });

    it('buildRequest_emptyRemark', 0, () => {
      const req = OrderApi.buildRequest('1001', [new CartItem('sku_1', '宫保鸡丁', 2800, 1)], '', 0);
      expect(req.remark).assertEqual('');
      expect(req.items.length).assertEqual(1);
    });
  });
}
"""

SUBMIT_TEST_SRC = """import { describe, beforeEach, it, expect } from '@ohos/hypium';
import { ApiError } from '@shike/common';
import { SubmitOrderResult } from '../../../main/ets/api/OrderApi';
import { CartItem } from '../../../main/ets/model/CartItem';
import { OrderSubmitter, SubmitOrderViewModel, SubmitState } from '../../../main/ets/viewmodel/SubmitOrderViewModel';

class FakeSubmitter implements OrderSubmitter {
  calls: number = 0;
  fail: boolean = false;

  async submit(shopId: string, items: CartItem[], remark: string, pickupTime: number): Promise<SubmitOrderResult> {
    this.calls++;
    if (this.fail) {
      throw new ApiError(40012, '门店已打烊');
    }
    const r = new SubmitOrderResult();
    r.order_id = '2026101200001';
    r.pay_amount = 4200;
    return r;
  }
}

export default function submitOrderViewModelTest() {
  describe('SubmitOrderViewModelTest', () => {
    let fake: FakeSubmitter = new FakeSubmitter();
    let vm: SubmitOrderViewModel = new SubmitOrderViewModel(fake);
    const items: CartItem[] = [new CartItem('sku_1', '宫保鸡丁', 2500, 2)];

    beforeEach(() => {
      fake = new FakeSubmitter();
      vm = new SubmitOrderViewModel(fake);
    });

    it('submit_success_setsResult', 0, async () => {
      await vm.submit('1001', items, '', 0);
      expect(vm.state).assertEqual(SubmitState.SUCCESS);
      expect(vm.result?.order_id).assertEqual('2026101200001');
      expect(vm.result?.pay_amount).assertEqual(4200);
    });

    it('submit_apiError_setsFailed', 0, async () => {
      fake.fail = true;
      await vm.submit('1001', items, '', 0);
      expect(vm.state).assertEqual(SubmitState.FAILED);
      expect(vm.errorMessage).assertEqual('门店已打烊');
    });

    it('submit_twiceWhileSubmitting_callsOnce', 0, async () => {
      const first = vm.submit('1001', items, '', 0);
      const second = vm.submit('1001', items, '', 0);
      await Promise.all([first, second]);
      expect(fake.calls).assertEqual(1);
      expect(vm.state).assertEqual(SubmitState.SUCCESS);
    });
  });
}
"""


def s6(d, warns):
    with d.session("2026-10-12T02:05:00", R, branch="feat/order-submit", version="2.1.140"):
        t = d.task("给 OrderApi 的请求体组装和 SubmitOrderViewModel 的状态流转补单测：成功、接口报错、提交中重复点击只发一次。写完跑一下",
                   tags=["mistake:M3", "workflow:W1"])
        t.read(SUBMITVM)
        t.read(ORDER_API)
        t.say("`SubmitOrderViewModel` 里直接调的 `OrderApi.submit`，单测没法替换网络请求。先把提交能力抽成一个可注入的 `OrderSubmitter`，默认实现还是调 `OrderApi`。")
        t.edit(SUBMITVM, """@ObservedV2
export class SubmitOrderViewModel {
  @Trace state: SubmitState = SubmitState.IDLE;""", """/** 下单提交能力，单测里替换成假实现 */
export interface OrderSubmitter {
  submit(shopId: string, items: CartItem[], remark: string, pickupTime: number): Promise<SubmitOrderResult>;
}

class ApiSubmitter implements OrderSubmitter {
  submit(shopId: string, items: CartItem[], remark: string, pickupTime: number): Promise<SubmitOrderResult> {
    return OrderApi.submit(shopId, items, remark, pickupTime);
  }
}

@ObservedV2
export class SubmitOrderViewModel {
  private submitter: OrderSubmitter;
  @Trace state: SubmitState = SubmitState.IDLE;""")
        t.edit(SUBMITVM, """  @Trace result: SubmitOrderResult | undefined = undefined;
""", """  @Trace result: SubmitOrderResult | undefined = undefined;

  constructor(submitter: OrderSubmitter = new ApiSubmitter()) {
    this.submitter = submitter;
  }
""")
        t.edit(SUBMITVM, "      this.result = await OrderApi.submit(shopId, items, remark, pickupTime);",
               "      this.result = await this.submitter.submit(shopId, items, remark, pickupTime);")
        t.write(ORDER_API_TEST, ORDER_API_TEST_SRC)
        t.write(SUBMIT_TEST, SUBMIT_TEST_SRC)
        t.read(LIST_TEST)
        t.edit(LIST_TEST, """import menuViewModelTest from './MenuViewModel.test';
""", """import menuViewModelTest from './MenuViewModel.test';
import orderApiTest from './OrderApi.test';
import submitOrderViewModelTest from './SubmitOrderViewModel.test';
""")
        t.edit(LIST_TEST, """  menuViewModelTest();
""", """  menuViewModelTest();
  orderApiTest();
  submitOrderViewModelTest();
""")
        t.fail(TEST_ALL, "在设备上跑 entry 的单测", test_multi_device(warns()), code=255, timeout=600000)
        t.say("编译和打包都过了，卡在部署：`need connect-key`，hdc 同时看到了多台设备。查一下现在连着哪些。")
        t.bash("hdc list targets -v", "查看已连接设备", out=targets(PHONE, PAD2, verbose=True))
        t.bash(f"hdc tconn {PAD2} -remove", "断开无线连接的 MatePad", out="")
        t.bash("hdc list targets", "确认只剩 Mate 60", out=targets(PHONE))
        t.bash(TEST_ALL, "重新在设备上跑 entry 的单测", out=test_ok(warns()), timeout=600000)
        t.bash(COUNT_RESULTS, "统计测试结果", out=result_counts(19))
        t.done(f"""单测补好了，Mate 60 上全部通过（19/19，新增 5 个）。

- `SubmitOrderViewModel`：新增 `OrderSubmitter` 接口和默认实现 `ApiSubmitter`（内部还是调 `OrderApi.submit`），构造函数可注入，业务代码不用改调用方式
- `OrderApi.test.ets`：请求体字段映射（`shop_id` / `items[].sku_id` / `qty` / `remark` / `pickup_time`）、空备注
- `SubmitOrderViewModel.test.ets`：用 `FakeSubmitter` 覆盖成功、接口报错（`ApiError` 40012 门店已打烊）、提交中重复调用只发一次
- 两个文件都在 `List.test.ets` 注册了

第一次 `onDeviceTest` 在部署阶段报 `[Fail]ExecuteCommand need connect-key? please confirm a device by help info`：除了 USB 的 Mate 60，MatePad 也通过无线调试连着（{PAD2}，端口和上次不一样，应该是你今天重新开的无线调试）。用 `hdc tconn {PAD2} -remove` 断开后重跑就过了，平板要用的话再连一下。""")

        t = d.task("看下国庆前后这几周 develop 上都合了哪些东西，我周会要讲一下", tags=["noise", "long_output"])
        t.bash("git fetch origin && git log --oneline --no-merges --since=2026-09-14 origin/develop", "查看近几周 develop 的提交",
               err=f"From {GERRIT_SSH}\n   a93f7b8..c41e6f0  develop    -> origin/develop",
               out=f"""c41e6f0 fix(pay): 支付结果页返回键直接回到首页
{hx(7)} feat(mine): 地址列表支持左滑删除
{hx(7)} chore(deps): @ohos/axios 移除，统一走 HttpClient
{hx(7)} fix(order): 订单详情页实付金额在退款后没刷新
{hx(7)} feat(order): 订单列表进行中订单置顶，组内按时间倒序
a93f7b8 feat(pay): 下单成功 lottie 动画
3be90d7 chore(release): 1.3.2
{hx(7)} fix(menu): 售罄菜品仍可加入购物车
{hx(7)} feat(shop): 新增门店详情页
{hx(7)} feat(menu): 平板宽屏左右分栏，菜单逻辑抽到 MenuViewModel（V2）
{hx(7)} test(menu): MenuViewModel 单测
{hx(7)} fix(cart): 购物车角标在清空后不消失
{hx(7)} feat(cart): 购物车底部栏显示满减优惠和应付金额
{hx(7)} refactor(common): HttpClient 错误统一抛 ApiError
{hx(7)} fix(login): 验证码倒计时切后台后不准
{hx(7)} feat(mine): 我的页面接入会员等级展示
{hx(7)} chore: code-linter 规则集升级到 recommended
{hx(7)} fix(order): 订单列表下拉刷新偶现重复数据
{hx(7)} feat(menu): 菜品支持拼音搜索
{hx(7)} chore(ci): 流水线增加 codelinter 检查""")
        t.done("""9/14 到现在 develop 上一共 20 个提交（不含 merge），按模块归一下，周会可以这么讲：

**点餐 / 菜单**
- 平板宽屏左右分栏，菜单逻辑抽到 `MenuViewModel`（V2），补了单测
- 菜品支持拼音搜索；修了售罄菜品还能加购的问题
- 新增门店详情页

**购物车**
- 底部栏展示满减和应付金额；修了清空后角标不消失

**订单 / 支付**
- 订单列表进行中订单置顶
- 下单成功 lottie 动画；支付结果页返回键直接回首页
- 修了退款后实付金额不刷新、下拉刷新偶现重复数据

**我的 / 登录**
- 会员等级展示；地址列表左滑删除
- 修了验证码倒计时切后台不准

**工程**
- `HttpClient` 错误统一成 `ApiError`，去掉了 `@ohos/axios`
- codelinter 规则集升级，CI 流水线加了 codelinter 检查
- 9/29 打了 1.3.2 提测包

正在进行中（还没合）：下单接口 + 提交状态管理（当前分支 feat/order-submit）。""")

        d.precompact("""Analysis: 王磊在 meal-harmony（食刻点餐，HarmonyOS NEXT，ArkTS/ArkUI，entry HAP + common HAR，hvigorw / ohpm / hdc / codelinter 命令行，Hypium 仪器测试用 hvigorw onDeviceTest，Gerrit 做 code review）的 feat/order-submit 分支上开发下单功能。

Summary:
1. 已完成：购物车满减汇总（CartSummary）并在 Gerrit 1142 review；菜单页平板分栏 + MenuViewModel（V2）+ 单测；门店详情页（router 跳转）；订单列表进行中置顶；1.3.2 提测包。
2. 本分支：api/OrderApi.ets（SubmitOrderReq / OrderLineReq / SubmitOrderResult，buildRequest + submit，目前日志用 console.info）；viewmodel/SubmitOrderViewModel.ets（SubmitState，OrderSubmitter 可注入，失败时 console.error）；OrderApi.test.ets、SubmitOrderViewModel.test.ets 已注册，onDeviceTest 19/19 通过（跑之前断开了无线连接的 MatePad）。
3. 设备：Mate 60（USB，23E0224C19007314），MatePad 会不定期通过无线调试连上。
4. 用户偏好：新代码状态管理一律 V2（@ComponentV2 / @ObservedV2 / @Trace）；页面跳转目前跟老页面一致用 router.pushUrl；commit message 标题一行 + 正文最多三行（为什么改、怎么验证），不列文件。
5. 待做：下单相关代码还没提交。""")

        t = d.task("OrderApi 和 SubmitOrderViewModel 里你加的 console.info / console.error 都换成 common 里的 Logger，"
                   "以后也别用 console.log 这些了，真机上 hilog 按 MealApp 过滤看不到", tags=["pref:P2"])
        l1, _ = where(d, ORDER_API, "console.info(`[OrderApi] submit shop")
        l2, _ = where(d, ORDER_API, "console.info(`[OrderApi] submit ok")
        l3, _ = where(d, SUBMITVM, "console.error(")
        t.grep("console\\.(log|info|warn|error|debug)", path=P("entry/src/main/ets"), output_mode="content", n=True,
               content=f"""{ORDER_API}:{l1}:    console.info(`[OrderApi] submit shop=${{shopId}} items=${{items.length}} pickup=${{pickupTime}}`);
{ORDER_API}:{l2}:    console.info(`[OrderApi] submit ok order=${{result.order_id}} pay=${{result.pay_amount}}`);
{SUBMITVM}:{l3}:      console.error(`[SubmitOrderViewModel] submit failed: ${{err.code}} ${{err.message}}`);""")
        t.read(LOGGER)
        t.edit(ORDER_API, """import { HttpClient } from '@shike/common';
import { CartItem } from '../model/CartItem';
""", """import { HttpClient, Logger } from '@shike/common';
import { CartItem } from '../model/CartItem';

const TAG = 'OrderApi';
""")
        t.edit(ORDER_API, "    console.info(`[OrderApi] submit shop=${shopId} items=${items.length} pickup=${pickupTime}`);",
               "    Logger.info(TAG, `submit shop=${shopId} items=${items.length} pickup=${pickupTime}`);")
        t.edit(ORDER_API, "    console.info(`[OrderApi] submit ok order=${result.order_id} pay=${result.pay_amount}`);",
               "    Logger.info(TAG, `submit ok order=${result.order_id} pay=${result.pay_amount}`);")
        t.edit(SUBMITVM, """import { ApiError } from '@shike/common';
import { OrderApi, SubmitOrderResult } from '../api/OrderApi';
import { CartItem } from '../model/CartItem';
""", """import { ApiError, Logger } from '@shike/common';
import { OrderApi, SubmitOrderResult } from '../api/OrderApi';
import { CartItem } from '../model/CartItem';

const TAG = 'SubmitOrderViewModel';
""")
        t.edit(SUBMITVM, "      console.error(`[SubmitOrderViewModel] submit failed: ${err.code} ${err.message}`);",
               "      Logger.error(TAG, `submit failed: ${err.code} ${err.message}`);")
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.done("""换好了，entry 里已经没有 `console.*` 了（刚才 grep 出来的 3 处全部替换），构建通过。

- `OrderApi`：加了 `TAG = 'OrderApi'`，两处 `console.info` → `Logger.info(TAG, ...)`
- `SubmitOrderViewModel`：`console.error` → `Logger.error(TAG, ...)`
- 消息里原来手写的 `[OrderApi]` 前缀去掉了，`Logger` 会自动拼 `[tag]`

以后日志统一走 `Logger`，真机上 `hilog -T MealApp` 就能看到下单的请求日志。""")

        t = d.task("下单这块可以提 review 了，目标合到 develop", tags=["mistake:M2"])
        t.bash("git status --short", "查看改动", out="""?? entry/src/main/ets/api/OrderApi.ets
?? entry/src/main/ets/viewmodel/SubmitOrderViewModel.ets
 M entry/src/ohosTest/ets/test/List.test.ets
?? entry/src/ohosTest/ets/test/OrderApi.test.ets
?? entry/src/ohosTest/ets/test/SubmitOrderViewModel.test.ets""")
        t.bash("git add entry/src/main/ets/api/OrderApi.ets entry/src/main/ets/viewmodel/SubmitOrderViewModel.ets entry/src/ohosTest/ets/test/ && "
               'git commit -m "feat(order): 接入下单接口并管理提交状态" -m "购物车结算需要真正下单，提交中重复点击只发一次请求。" '
               '-m "onDeviceTest 19/19 通过（Mate 60）。"', "提交下单相关改动",
               out="""[feat/order-submit 6e0b9d3] feat(order): 接入下单接口并管理提交状态
 5 files changed, 261 insertions(+), 1 deletion(-)
 create mode 100644 entry/src/main/ets/api/OrderApi.ets
 create mode 100644 entry/src/main/ets/viewmodel/SubmitOrderViewModel.ets
 create mode 100644 entry/src/ohosTest/ets/test/OrderApi.test.ets
 create mode 100644 entry/src/ohosTest/ets/test/SubmitOrderViewModel.test.ets""")
        t.fail("git push origin HEAD:develop", "推送到 develop", gerrit_rejected_update("develop", "HEAD", (14, "4.02", 8)))
        t.say("Gerrit 不允许直接更新 develop，提示里也说了要推到 `refs/for/develop` 生成 review。")
        t.bash("git push origin HEAD:refs/for/develop", "推送到 Gerrit 生成 review",
               err=gerrit_ok(1187, "feat(order): 接入下单接口并管理提交状态", (14, "4.02", 8)))
        t.done(f"""已提交并推到 Gerrit：{GERRIT_WEB}/1187

commit message 按你说的格式：
```
feat(order): 接入下单接口并管理提交状态

购物车结算需要真正下单，提交中重复点击只发一次请求。
onDeviceTest 19/19 通过（Mate 60）。
```

第一次推 `HEAD:develop` 被 Gerrit 拒了（`prohibited by Gerrit: not permitted: update`，develop 不能直接推），改推 `HEAD:refs/for/develop` 生成了 change 1187。""")


# ============================================================== S7  Wed 10-14 (acceptEdits)
REFUND_SRC = """import { PriceUtil } from '@shike/common';
import { RefundInfo, RefundStep } from '../model/Order';

function pad2(n: number): string {
  return n.toString().padStart(2, '0');
}

function formatStepTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** 退款进度：已申请 → 商家处理 → 退款中 → 已到账 */
@ComponentV2
export struct RefundProgress {
  @Param refund: RefundInfo | undefined = undefined;

  build() {
    Column({ space: 12 }) {
      Text('退款进度')
        .fontSize(16)
        .fontWeight(FontWeight.Medium)
      if (this.refund === undefined || this.refund.steps.length === 0) {
        Column({ space: 8 }) {
          Image($r('app.media.ic_refund_empty'))
            .width(120)
            .height(120)
          Text('暂无退款记录')
            .fontSize(14)
            .fontColor($r('app.color.text_secondary'))
        }
        .width('100%')
        .padding(24)
      } else {
        Row() {
          Text('退款金额')
            .fontSize(14)
          Blank()
          Text(`¥${PriceUtil.formatYuan(this.refund.amountFen)}`)
            .fontSize(14)
            .fontWeight(FontWeight.Medium)
        }
        .width('100%')

        ForEach(this.refund.steps, (step: RefundStep, index: number) => {
          this.StepRow(step, index === this.lastIndex())
        }, (step: RefundStep) => step.status)
      }
    }
    .width('100%')
    .padding(16)
    .backgroundColor(Color.White)
    .borderRadius(12)
    .alignItems(HorizontalAlign.Start)
  }

  private lastIndex(): number {
    return this.refund === undefined ? -1 : this.refund.steps.length - 1;
  }

  @Builder
  StepRow(step: RefundStep, current: boolean) {
    Row({ space: 12 }) {
      Circle({ width: 10, height: 10 })
        .fill(current ? $r('app.color.brand_primary') : $r('app.color.divider'))
      Column({ space: 2 }) {
        Text(step.title)
          .fontSize(14)
          .fontColor(current ? $r('app.color.text_primary') : $r('app.color.text_secondary'))
        Text(formatStepTime(step.time))
          .fontSize(12)
          .fontColor($r('app.color.text_secondary'))
      }
      .alignItems(HorizontalAlign.Start)
    }
    .width('100%')
  }
}
"""

ROUTE_MAP_SRC = """{
  "routerMap": [
    {
      "name": "ShopDetail",
      "pageSourceFile": "src/main/ets/pages/shop/ShopDetailPage.ets",
      "buildFunction": "ShopDetailBuilder",
      "data": {
        "description": "门店详情"
      }
    }
  ]
}
"""

SHOP_DETAIL_NAV_SRC = """import { Logger } from '@shike/common';
import { ShopApi } from '../../api/ShopApi';
import { Shop } from '../../model/Shop';

const TAG = 'ShopDetailPage';

/** 系统路由表入口（route_map.json: ShopDetail），param 为门店 id */
@Builder
export function ShopDetailBuilder(name: string, param: Object) {
  ShopDetailPage({ shopId: param as string })
}

@ComponentV2
struct ShopDetailPage {
  @Param shopId: string = '';
  @Local shop: Shop = new Shop();
  @Local loading: boolean = true;

  aboutToAppear(): void {
    this.load();
  }

  private async load(): Promise<void> {
    try {
      this.shop = await ShopApi.getShop(this.shopId);
    } catch (e) {
      Logger.error(TAG, `load shop ${this.shopId} failed: ${JSON.stringify(e)}`);
    } finally {
      this.loading = false;
    }
  }

  build() {
    NavDestination() {
      Column({ space: 12 }) {
        if (this.loading) {
          LoadingProgress()
            .width(48)
            .height(48)
        } else {
          Text(this.shop.name)
            .fontSize(20)
            .fontWeight(FontWeight.Bold)
          this.InfoRow('地址', this.shop.address)
          this.InfoRow('电话', this.shop.phone)
          this.InfoRow('营业时间', this.shop.openHours)
          if (this.shop.notice.length > 0) {
            Text(this.shop.notice)
              .fontSize(14)
              .fontColor($r('app.color.text_secondary'))
              .padding(12)
              .width('100%')
              .backgroundColor($r('app.color.notice_background'))
              .borderRadius(8)
          }
        }
      }
      .width('100%')
      .padding({ left: 16, right: 16, top: 8 })
      .alignItems(HorizontalAlign.Start)
    }
    .title('门店详情')
  }

  @Builder
  InfoRow(label: string, value: string) {
    Row() {
      Text(label)
        .fontSize(14)
        .fontColor($r('app.color.text_secondary'))
        .width(72)
      Text(value)
        .fontSize(14)
        .layoutWeight(1)
    }
    .width('100%')
  }
}
"""


def s7(d, warns, st):
    with d.session("2026-10-14T03:00:00", R, branch="feat/order-refund", version="2.1.141", permission_mode="acceptEdits"):
        t = d.task("订单详情页加个退款进度：步骤条（已申请 → 商家处理 → 退款中 → 已到账），每步带时间，顶上显示退款金额；"
                   "没有退款的时候显示空状态，图用设计给的那张退款插画。做成单独的 RefundProgress 组件，还是 @ComponentV2，入参用 @Param。",
                   tags=["oneoff:O2", "pref:P1"])
        t.read(ORDER_DETAIL)
        t.read(M_ORDER)
        t.write(REFUND, REFUND_SRC)
        t.edit(ORDER_DETAIL, """import { OrderQueryApi } from '../../api/OrderQueryApi';
""", """import { OrderQueryApi } from '../../api/OrderQueryApi';
import { RefundProgress } from '../../components/RefundProgress';
""")
        t.edit(ORDER_DETAIL, """        this.Header(this.order)
        this.Items(this.order)
""", """        this.Header(this.order)
        this.Items(this.order)
        RefundProgress({ refund: this.order.refund })
""")
        ln, col = where(d, REFUND, "$r('app.media.ic_refund_empty')")
        t.fail(BUILD_HAP, "构建 entry HAP", hap_fail(warns(), [
            ("10903329", "Unknown resource name 'ic_refund_empty'.", REFUND, ln, col)], incr=False),
            code=255, timeout=600000)
        t.say("`ic_refund_empty` 是我猜的名字，media 里没有这个资源。看一下设计给的图实际叫什么。")
        t.glob("entry/src/main/resources/base/media/*", [
            P("entry/src/main/resources/base/media/app_icon.png"),
            P("entry/src/main/resources/base/media/ic_arrow_right.svg"),
            P("entry/src/main/resources/base/media/ic_back.svg"),
            P("entry/src/main/resources/base/media/ic_cart_empty.svg"),
            P("entry/src/main/resources/base/media/illus_order_none.png"),
            P("entry/src/main/resources/base/media/illus_refund_none.png"),
            P("entry/src/main/resources/base/media/layered_image.json"),
            P("entry/src/main/resources/base/media/startIcon.png"),
            P("entry/src/main/resources/base/media/tab_cart.svg"),
            P("entry/src/main/resources/base/media/tab_menu.svg"),
            P("entry/src/main/resources/base/media/tab_mine.svg"),
            P("entry/src/main/resources/base/media/tab_order.svg"),
        ], path=R)
        t.edit(REFUND, "          Image($r('app.media.ic_refund_empty'))", "          Image($r('app.media.illus_refund_none'))")
        t.bash(BUILD_HAP, "重新构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.done("""退款进度组件加好了，构建通过。

- `components/RefundProgress.ets`：`@ComponentV2`，`@Param refund: RefundInfo | undefined`
  - 有退款：顶部「退款金额 ¥x」，下面按 `steps` 逐条显示标题和时间（`yyyy-MM-dd HH:mm`），最后一步（当前进度）圆点用品牌色，前面的用分割线灰
  - 没有退款或 `steps` 为空：显示设计给的插画 `illus_refund_none` + 「暂无退款记录」
- `OrderDetailPage`（还是 V1 页面）在商品信息下面加了 `RefundProgress({ refund: this.order.refund })`

第一次构建报 `Unknown resource name 'ic_refund_empty'`：图片名是我猜的，media 目录里实际是 `illus_refund_none.png`，改过来就好了。""")

        t = d.task("页面跳转我改主意了：不用 router 了，官方已经不推荐，而且平板分栏的场景 router 做不了。"
                   "以后新页面一律用 Navigation + NavPathStack（NavDestination + 系统路由表），先把门店详情页改过去，老页面后面再慢慢迁",
                   tags=["reversal:P3"])
        t.read(SHOP_DETAIL)
        t.read(MENU)
        t.read(MODULE)
        t.read(MAIN_PAGES)
        t.write(ROUTE_MAP, ROUTE_MAP_SRC)
        t.edit(MODULE, """    "pages": "$profile:main_pages",
""", """    "pages": "$profile:main_pages",
    "routerMap": "$profile:route_map",
""")
        t.write(SHOP_DETAIL, SHOP_DETAIL_NAV_SRC)
        t.edit(MAIN_PAGES, """    "pages/mine/AddressListPage",
    "pages/shop/ShopDetailPage"
""", """    "pages/mine/AddressListPage"
""")
        t.edit(MENU, """import router from '@ohos.router';
import { Logger } from '@shike/common';
""", """import { Logger } from '@shike/common';
""")
        t.edit(MENU, """import { ShopDetailParams } from '../shop/ShopDetailPage';
""", "")
        t.edit(MENU, """      .onClick(() => {
        const params = new ShopDetailParams();
        params.shopId = this.vm.shop.id;
        router.pushUrl({ url: 'pages/shop/ShopDetailPage', params: params });
      })""", """      .onClick(() => {
        this.queryNavigationInfo()?.pathStack.pushPathByName('ShopDetail', this.vm.shop.id);
      })""")
        st["shop_router"] = False
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.done("""门店详情页已经改成 Navigation，构建通过，两条 router 相关的废弃告警也没了。

- 系统路由表：新增 `resources/base/profile/route_map.json`（`ShopDetail` → `ShopDetailPage.ets` 的 `ShopDetailBuilder`），`module.json5` 加了 `"routerMap": "$profile:route_map"`
- `ShopDetailPage`：去掉 `@Entry` 和 `router.getParams()`，改成 `NavDestination` 页面，`@Param shopId` 由导出的 `@Builder ShopDetailBuilder(name, param)` 传入；标题栏和返回用 NavDestination 自带的
- `main_pages.json` 删掉了 `pages/shop/ShopDetailPage`
- `MenuPage`：点击门店名改成 `this.queryNavigationInfo()?.pathStack.pushPathByName('ShopDetail', shopId)`，用的就是 `Index` 里那个 `Navigation(pageStack)`

老页面（OrderDetailPage、PayResultPage、AddressListPage）还是 router，之后迁的时候同样三步：加到 route_map、页面包 NavDestination + 导出 Builder、调用方换成 `pushPathByName`。""")

        t = d.task("退款进度里的退款金额字号调成 16fp、靠右对齐；已到账那一步的圆点用品牌绿", tags=["noise"])
        t.grep('"name": "brand_', path=COLOR, output_mode="content", n=True, content="""7:      "name": "brand_primary",
11:      "name": "brand_green",""")
        t.edit(REFUND, """          Text(`¥${PriceUtil.formatYuan(this.refund.amountFen)}`)
            .fontSize(14)
            .fontWeight(FontWeight.Medium)""", """          Text(`¥${PriceUtil.formatYuan(this.refund.amountFen)}`)
            .fontSize('16fp')
            .fontWeight(FontWeight.Medium)
            .textAlign(TextAlign.End)""")
        t.edit(REFUND, """        .fill(current ? $r('app.color.brand_primary') : $r('app.color.divider'))""",
               """        .fill(step.status === 'SUCCESS' ? $r('app.color.brand_green') :
          (current ? $r('app.color.brand_primary') : $r('app.color.divider')))""")
        t.done("""改好了：
- 退款金额：`fontSize('16fp')`，`textAlign(TextAlign.End)`（这一行本来是 `Blank()` 撑开的，金额已经在最右边）
- 步骤圆点：状态为 `SUCCESS`（已到账）时用 `app.color.brand_green`，其余还是当前步骤品牌色、历史步骤灰色；`brand_green` 在 `color.json` 里已有定义""")


# ============================================================== S8  Fri 10-16
PRICE_TEST_SRC = """import { describe, it, expect } from '@ohos/hypium';
import { PriceUtil } from '@shike/common';

export default function priceUtilTest() {
  describe('PriceUtilTest', () => {
    it('formatYuan_table', 0, () => {
      const cases = [
        { fen: 0, expected: '0.00' },
        { fen: 5, expected: '0.05' },
        { fen: 1280, expected: '12.80' },
        { fen: -1250, expected: '-12.50' },
        { fen: 1234500, expected: '12,345.00' },
        { fen: 100000000, expected: '1,000,000.00' }
      ];
      for (const c of cases) {
        expect(PriceUtil.formatYuan(c.fen)).assertEqual(c.expected);
      }
    });

    it('formatYuanWithSymbol_negative', 0, () => {
      expect(PriceUtil.formatYuanWithSymbol(990)).assertEqual('¥9.90');
      expect(PriceUtil.formatYuanWithSymbol(-1250)).assertEqual('-¥12.50');
    });
  });
}
"""


def s8(d, warns):
    with d.session("2026-10-16T01:45:00", R, branch="develop", version="2.1.143"):
        scope = "hvigorw onDeviceTest -p module=entry -p coverage=false -p scope=PriceUtilTest --no-daemon"
        t = d.task("测试反馈退款金额和上万的金额显示不对。common 里的 PriceUtil.formatYuan 先补表格驱动的单测，把情况列全"
                   "（0、几分钱、整元、负数退款、上万要千分位、带 ¥ 符号的负数），跑出来看哪些挂，再修", tags=["mistake:M1", "workflow:W1"])
        t.read(PRICE)
        t.read(LIST_TEST)
        t.write(PRICE_TEST, PRICE_TEST_SRC)
        t.edit(LIST_TEST, """import submitOrderViewModelTest from './SubmitOrderViewModel.test';
""", """import submitOrderViewModelTest from './SubmitOrderViewModel.test';
import priceUtilTest from './PriceUtil.test';
""")
        t.edit(LIST_TEST, """  submitOrderViewModelTest();
""", """  submitOrderViewModelTest();
  priceUtilTest();
""")
        errs = []
        ln, col = where(d, PRICE_TEST, "[\n        { fen: 0")
        errs.append(("10605043", "Array literals must contain elements of only inferrable types (arkts-no-noninferrable-arr-literals)",
                      PRICE_TEST, ln, col))
        for k, fen in enumerate(["0", "5", "1280", "-1250", "1234500", "100000000"]):
            ln, col = where(d, PRICE_TEST, "{ fen: " + fen + ",")
            errs.append(("10605038", UNTYPED, PRICE_TEST, ln, col))
        errs = errs[1:] + errs[:1]
        t.fail(scope, "在设备上跑 PriceUtil 的单测", test_compile_fail(warns(), errs), code=255, timeout=600000)
        t.say("测试文件自己没编过：`cases` 里的每个用例都是无类型对象字面量，ArkTS 要求对应到声明过的类型。声明一个 `PriceCase` 接口，数组标成 `PriceCase[]`。")
        t.edit(PRICE_TEST, """import { PriceUtil } from '@shike/common';
""", """import { PriceUtil } from '@shike/common';

export interface PriceCase {
  fen: number;
  expected: string;
}
""")
        t.edit(PRICE_TEST, "      const cases = [", "      const cases: PriceCase[] = [")
        t.bash(scope, "重新在设备上跑 PriceUtil 的单测", out=test_ok(warns()), timeout=600000)
        t.bash(COUNT_RESULTS, "统计测试结果", out=result_counts(0, fail=2).replace("      0 result=Success", "").strip("\n"))
        t.bash(f'grep -B1 -A1 "result=Failure" {RESULT_TXT}', "查看失败用例", out="""test=formatYuan_table
result=Failure
message=expect 12345.00 equals 12,345.00
--
test=formatYuanWithSymbol_negative
result=Failure
message=expect ¥-12.50 equals -¥12.50""")
        t.say("两个问题都复现了：上万没有千分位；负数时 ¥ 拼在了负号前面。修 `PriceUtil`：按分取整后拆整数和角分，整数部分加千分位；带符号版本负号放在 ¥ 前面。")
        t.edit(PRICE, """  /** 分 → 元，保留两位小数，例如 1280 → "12.80" */
  static formatYuan(fen: number): string {
    return (fen / 100).toFixed(2);
  }

  /** 带人民币符号，例如 1280 → "¥12.80" */
  static formatYuanWithSymbol(fen: number): string {
    return `¥${PriceUtil.formatYuan(fen)}`;
  }""", """  /** 分 → 元，保留两位小数，整数部分带千分位，例如 1280 → "12.80"，1234500 → "12,345.00"，-1250 → "-12.50" */
  static formatYuan(fen: number): string {
    const abs = Math.abs(Math.round(fen));
    const yuan = Math.floor(abs / 100).toString().replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',');
    const cents = (abs % 100).toString().padStart(2, '0');
    return `${fen < 0 ? '-' : ''}${yuan}.${cents}`;
  }

  /** 带人民币符号，负数时负号在前，例如 1280 → "¥12.80"，-1250 → "-¥12.50" */
  static formatYuanWithSymbol(fen: number): string {
    return fen < 0 ? `-¥${PriceUtil.formatYuan(-fen)}` : `¥${PriceUtil.formatYuan(fen)}`;
  }""")
        t.bash(scope, "修复后重新跑 PriceUtil 的单测", out=test_ok(warns()), timeout=600000)
        t.bash(COUNT_RESULTS, "统计测试结果", out=result_counts(2))
        t.done("""PriceUtil 修好了，`PriceUtilTest` 2 个用例全部通过。

**单测**（`PriceUtil.test.ets`，已在 `List.test.ets` 注册）
- `formatYuan_table`：0、5 分、12.80、-12.50、12,345.00、1,000,000.00 六种情况
- `formatYuanWithSymbol_negative`：¥9.90、-¥12.50

**修之前挂了 2 个**
- 上万金额没有千分位：`12345.00`，期望 `12,345.00`
- 带符号的负数把 ¥ 拼在负号前：`¥-12.50`，期望 `-¥12.50`

**修复**（`common/src/main/ets/utils/PriceUtil.ets`）
- `formatYuan`：按分四舍五入取整后拆成元和分，元部分加千分位，负号单独拼在最前面，不再依赖浮点 `toFixed`
- `formatYuanWithSymbol`：负数输出 `-¥x`

另外第一次跑测试时测试文件自己没编过：`cases` 数组里的用例是无类型对象字面量（`arkts-no-untyped-obj-literals` ×6），加了 `PriceCase` 接口并把数组标成 `PriceCase[]` 后通过。注意这个改动会影响所有用 `PriceUtil` 的页面（购物车、订单详情、退款金额），上万金额现在都会带逗号。""")

        t = d.task("测试环境的菜单接口好像挂了，周婷说菜单页一直转圈。curl 一下 https://api-test.shike-inc.com/api/v2/shops/1001/menu 看看", tags=["unfixed:U2"])
        t.fail("curl -sS -f -m 10 https://api-test.shike-inc.com/api/v2/shops/1001/menu", "请求测试环境菜单接口",
               "curl: (22) The requested URL returned error: 502", code=22)
        t.bash("curl -sS -m 10 -i https://api-test.shike-inc.com/api/v2/shops/1001/menu | head -n 12", "查看完整响应", out="""HTTP/1.1 502 Bad Gateway
Server: nginx/1.24.0
Date: Fri, 16 Oct 2026 02:31:52 GMT
Content-Type: text/html
Content-Length: 157
Connection: keep-alive

<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.24.0</center>""")
        t.bash("curl -sS -m 10 -o /dev/null -w '%{http_code} %{time_total}s\\n' https://api-test.shike-inc.com/api/v2/shops/1001/promotions",
               "对比另一个接口", out="502 0.047813s")
        t.done("""确认是测试环境后端的问题，不是 App 的问题：

- `GET /api/v2/shops/1001/menu` 返回 `502 Bad Gateway`，响应是 nginx 自己的错误页，说明网关后面的服务没响应
- 同一个服务下的 `/promotions` 也是 502，几十毫秒就返回，不是超时，是上游整个不可用

App 端不用改，菜单页一直转圈是因为接口失败后只打了日志没给提示（`MenuViewModel.load` 失败时只 `Logger.error`），这个可以另外加个失败重试的空状态。服务这边需要小陈看一下测试环境的菜单服务是不是挂了或者在发布。""")

        t = d.task("我们下个月要上架 AppGallery，审核对隐私政策这块有什么要求？帮我列一下要准备的", tags=["noise", "no_tools"])
        t.done("""AppGallery 上架审核里隐私相关的要求，按要准备的东西列一下：

**1. 隐私政策文档**
- 一个可公开访问的隐私政策网页链接（AGC 上架信息里要填），内容和 App 实际行为一致
- 写清楚：收集哪些个人信息（手机号、定位、订单、设备标识等）、用途、存储期限、共享给哪些第三方（支付 SDK、推送、统计）、用户怎么查询 / 更正 / 删除 / 注销账号、联系方式

**2. 首次启动的隐私弹窗**
- 首次打开必须弹隐私声明，用户同意前不能收集个人信息、不能初始化会采集信息的 SDK（包括支付、统计）
- 要有「不同意」的选项，不同意可以退出或进入基础浏览模式，不能强制同意
- 弹窗里能点开完整的隐私政策和用户协议

**3. 权限**
- `module.json5` 里 `user_grant` 权限要写 `reason` 和 `usedScene`，在真正用到的时候再申请，不能启动就一股脑申请
- 用不到的权限删掉；我们现在只有 INTERNET / GET_NETWORK_INFO，后面如果做附近门店要加定位，注意按需申请

**4. 账号相关**
- 有注册登录就必须提供账号注销入口（「我的 → 设置」里），注销流程说明清楚
- 个性化推荐（如果有）要能关闭

**5. 第三方 SDK 清单**
- 隐私政策里要列出集成的第三方 SDK 名称、公司、收集的信息和目的，比如 `@shike/pay-kit` 里接的支付通道

**6. 其他常见退回点**
- 隐私政策链接打不开、或者 App 内找不到隐私政策入口
- 应用内容和截图不一致、测试账号不可用（审核需要能登录的测试账号）

建议先让法务出隐私政策文本，我们这边先做首次启动弹窗和设置页里的隐私政策 / 注销入口。""")

        t = d.task("打 1.4.0 的第一个提测包：版本号 1.4.0，versionCode 1040000，release 出 app，打 tag v1.4.0-rc1", tags=["workflow:W3"])
        t.read(APP_JSON)
        t.edit(APP_JSON, """    "versionCode": 1030200,
    "versionName": "1.3.2",""", """    "versionCode": 1040000,
    "versionName": "1.4.0",""")
        t.bash(BUILD_APP, "release 模式构建 app 包", out=app_ok(warns()), timeout=900000)
        t.bash("ls -lh build/outputs/default/", "查看产物", out="""total 10M
-rw-rw-r-- 1 wanglei wanglei 5.2M Oct 16 10:58 meal-harmony-default-signed.app
-rw-rw-r-- 1 wanglei wanglei 5.1M Oct 16 10:58 meal-harmony-default-unsigned.app
-rw-rw-r-- 1 wanglei wanglei  12K Oct 16 10:58 pack.info""")
        t.bash('git add AppScope/app.json5 && git commit -m "chore(release): 1.4.0-rc1"', "提交版本号",
               out="[develop 7a2c5e8] chore(release): 1.4.0-rc1\n 1 file changed, 2 insertions(+), 2 deletions(-)")
        t.bash('git tag -a v1.4.0-rc1 -m "1.4.0 第一轮提测"', "打 tag", out="")
        t.done("""1.4.0-rc1 提测包好了：

- `app.json5`：versionCode 1030200 → 1040000，versionName 1.3.2 → 1.4.0
- release 构建通过，产物 `build/outputs/default/meal-harmony-default-signed.app`（5.2M）
- 本地提交 `chore(release): 1.4.0-rc1`，tag `v1.4.0-rc1`

这个包里包含今天的 PriceUtil 修复（千分位、负数符号），提测说明里可以让周婷重点看一下金额显示。提交和 tag 还在本地，推送你来。""")


# ============================================================== S9  Tue 10-20
def s9(d, warns):
    with d.session("2026-10-20T02:15:00", R, branch="feat/order-refund", version="2.1.144"):
        t = d.task(f"周婷借了台 Mate X5 给我，开了无线调试，{FOLD}。连上装一下，看看折叠屏展开状态下订单页的布局", tags=["noise"])
        t.bash(f"hdc tconn {FOLD}", "无线连接 Mate X5", out="Connect OK")
        t.bash("hdc list targets", "查看已连接设备", out=targets(PHONE, FOLD))
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns(), incr=False), timeout=600000)
        t.bash(f"hdc -t {FOLD} install -r {HAP}", "安装到 Mate X5", out=installed())
        t.bash(f"hdc -t {FOLD} shell aa start -a EntryAbility -b {BUNDLE}", "在 Mate X5 上启动应用", out="start ability successfully.")
        t.bash(f"sleep 2 && hdc -t {FOLD} shell snapshot_display -f /data/local/tmp/order_fold.jpeg && "
               f"hdc -t {FOLD} file recv /data/local/tmp/order_fold.jpeg /tmp/order_fold.jpeg", "截屏并拉回本地",
               out="""process: set filename to /data/local/tmp/order_fold.jpeg
process: display 0: width 2224, height 2496
success: snapshot display 0 , write to /data/local/tmp/order_fold.jpeg as jpeg, width 2224, height 2496
FileTransfer finish, Size:356104, File count = 1, time:121ms rate:2943.01kB/s""")
        t.read(ORDERLISTVM)
        t.done(f"""Mate X5（{FOLD}）已连上，装好并启动了，展开态截图在 `/tmp/order_fold.jpeg`（2224×2496，接近正方形）。

需要你在手机上切到「订单」tab 看一下：`OrderListViewModel.updateBreakpoint` 现在只有 `lg` 才两列，X5 展开态的宽度断点是 `md`，所以订单列表还是单列，会被拉得很宽，按钮会贴到最右边。要两列的话 `md` 也得算进去。""")

        d.files[ORDERLISTVM] = d.files[ORDERLISTVM].replace("""  updateBreakpoint(bp: string): void {
    this.columns = bp === 'lg' ? 2 : 1;
  }""", """  updateBreakpoint(bp: string): void {
    // md（折叠屏展开、小平板）和 lg 都两列，只有手机竖屏单列
    this.columns = bp === 'sm' ? 1 : 2;
  }""")
        t = d.task("对，展开态单列太宽了。OrderListViewModel 里算列数那块我刚改了（md 也两列），你补个 md 的用例，跑下 OrderListViewModel 的单测确认没改坏",
                   tags=["mistake:M3"])
        scope = "hvigorw onDeviceTest -p module=entry -p coverage=false -p scope=OrderListViewModelTest --no-daemon"
        t.read(ORDERLISTVM)
        t.read(ORDERLIST_TEST)
        t.edit(ORDERLIST_TEST, """    it('updateBreakpoint_lg_twoColumns', 0, () => {""", """    it('updateBreakpoint_md_twoColumns', 0, () => {
      vm.updateBreakpoint('md');
      expect(vm.columns).assertEqual(2);
    });

    it('updateBreakpoint_lg_twoColumns', 0, () => {""")
        t.fail(scope, "在设备上跑 OrderListViewModel 的单测", test_multi_device(warns()), code=255, timeout=600000)
        t.say("又是部署阶段的 `need connect-key`：刚才连的 Mate X5 还在，和 USB 的 Mate 60 一共两台，测试不知道装哪台。")
        t.bash("hdc list targets", "查看已连接设备", out=targets(PHONE, FOLD))
        t.bash(f"hdc tconn {FOLD} -remove", "断开 Mate X5 的无线连接", out="")
        t.bash(scope, "重新跑 OrderListViewModel 的单测", out=test_ok(warns()), timeout=600000)
        t.bash(COUNT_RESULTS, "统计测试结果", out=result_counts(5))
        t.done(f"""补好了，`OrderListViewModelTest` 5 个用例全部通过，你的改动没问题。

- 新增 `updateBreakpoint_md_twoColumns`：`md` 时 `columns` 为 2
- 原有的 `sm` 单列、`lg` 两列用例照样通过

第一次跑在部署阶段失败（`[Fail]ExecuteCommand need connect-key? please confirm a device by help info`），因为上一步连的 Mate X5 和 Mate 60 同时在线。用 `hdc tconn {FOLD} -remove` 断开 X5 后重跑通过。还要在 X5 上看布局的话重新 `hdc tconn {FOLD}` 再装一次。""")

        t = d.task("老赵在 1203（我上周三推的退款进度那个 change）上提了两条意见：退款步骤的时间只显示 MM-dd HH:mm 就行；"
                   "「暂无退款记录」别写死在代码里，走字符串资源，中英文都要。改完更新一下那个 change", tags=["mistake:M2"])
        t.read(REFUND)
        t.read(STR_BASE)
        t.read(STR_ZH)
        t.read(STR_EN)
        t.edit(REFUND, "  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;",
               "  return `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;")
        t.edit(REFUND, "          Text('暂无退款记录')", "          Text($r('app.string.refund_none'))")
        for path, val in ((STR_BASE, "暂无退款记录"), (STR_ZH, "暂无退款记录"), (STR_EN, "No refund records")):
            old_val = "No orders yet" if path == STR_EN else "还没有订单"
            t.edit(path, f"""      "name": "order_empty",
      "value": "{old_val}"
    }}
""", f"""      "name": "order_empty",
      "value": "{old_val}"
    }},
    {{
      "name": "refund_none",
      "value": "{val}"
    }}
""")
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.bash("git add entry/src/main/ets/components/RefundProgress.ets entry/src/main/resources && git commit --amend --no-edit",
               "把修改合并进原提交", out="""[feat/order-refund 5b7e2d9] feat(order): 订单详情页增加退款进度
 Date: Wed Oct 14 16:42:10 2026 +0800
 9 files changed, 214 insertions(+), 9 deletions(-)
 create mode 100644 entry/src/main/ets/components/RefundProgress.ets
 create mode 100644 entry/src/main/resources/base/profile/route_map.json""")
        t.fail("git push origin HEAD", "推送更新", gerrit_rejected_create("feat/order-refund", "HEAD", (11, "2.96", 6)))
        t.say("Gerrit 不接受直接推分支，更新 change 要推到 `refs/for/develop`，只要 Change-Id 没变就会成为 1203 的新 patch set。先确认一下 Change-Id 还在。")
        t.bash("git log -1 --format=%B", "查看提交说明", out="""feat(order): 订单详情页增加退款进度

订单有退款时展示退款金额和进度步骤，无退款显示空状态。
门店详情页改用 Navigation + 系统路由表。

Change-Id: I6f1e2b9c4d7a03e85b1f6c2d9e4a7b0c3f5d8e21""")
        t.bash("git push origin HEAD:refs/for/develop", "更新 Gerrit 上的 change",
               err=gerrit_ok(1203, "feat(order): 订单详情页增加退款进度", (11, "2.96", 6), new=False))
        t.done(f"""两条意见都改了，已更新到 1203（新的 patch set）：{GERRIT_WEB}/1203

- 退款步骤时间：`formatStepTime` 改成 `MM-dd HH:mm`
- 「暂无退款记录」改成 `$r('app.string.refund_none')`，`base` / `zh_CN` 里是「暂无退款记录」，`en_US` 是「No refund records」
- 构建通过；用 `git commit --amend --no-edit` 合进原提交，Change-Id 不变

推送时第一次用了 `git push origin HEAD`，被 Gerrit 拒了（`prohibited by Gerrit: not permitted: create`，不能直接建 feat/order-refund 分支），改推 `HEAD:refs/for/develop` 后成为 1203 的新 patch set。""")

        t = d.task("装到手机上我看一下退款进度的样子，订单 2026101800123 是有退款记录的", tags=["workflow:W2"])
        t.bash("hdc list targets", "查看已连接设备", out=targets(PHONE))
        t.bash(BUILD_HAP, "构建 entry HAP", out=hap_ok(warns()), timeout=600000)
        t.bash(f"hdc -t {PHONE} install -r {HAP}", "安装到 Mate 60", out=installed())
        t.bash(f"hdc -t {PHONE} shell aa start -a EntryAbility -b {BUNDLE}", "启动应用", out="start ability successfully.")
        t.bash(f'sleep 3 && hdc -t {PHONE} shell "hilog -x -T MealApp | tail -n 8"', "查看应用启动日志", out=hilog([
            ("10-20 11:06:29.731", 24417, 24417, "I", "[EntryAbility] onCreate"),
            ("10-20 11:06:29.745", 24417, 24417, "I", "[EntryAbility] onWindowStageCreate"),
            ("10-20 11:06:30.102", 24417, 24417, "I", "[MenuPage] aboutToAppear"),
            ("10-20 11:06:30.463", 24417, 24452, "I", "[HttpClient] GET /api/v2/shops/1001/menu 200 (348ms)"),
            ("10-20 11:06:30.571", 24417, 24452, "I", "[HttpClient] GET /api/v2/shops/1001/promotions 200 (101ms)"),
            ("10-20 11:06:30.572", 24417, 24417, "I", "[CartStore] promotions loaded shop=1001 rules=2"),
        ]))
        t.done("""已装到 Mate 60 并启动，启动日志正常。

订单详情页目前只能从「订单」tab 点进去：找到 2026101800123 点开，商品信息下面就是退款进度卡片（金额靠右 16fp，时间是 `MM-dd HH:mm`，已到账那步是品牌绿）。有问题截图给我。""")


# ============================================================== S10  Fri 10-23
LINT_ROWS = [
    ("entry/src/main/ets/pages/Index.ets", 49, 7, "Warning", "@performance/hp-arkui-use-reusable-component", "Use @Reusable to decorate the custom component in the list."),
    ("entry/src/main/ets/pages/menu/MenuPage.ets", 62, 13, "Warning", "@performance/hp-arkui-use-reusable-component", "Use @Reusable to decorate the custom component in the list."),
    ("entry/src/main/ets/pages/menu/MenuPage.ets", 58, 9, "Warning", "@performance/hp-arkui-use-lazyforeach", "Use LazyForEach or Repeat to render long lists."),
    ("entry/src/main/ets/pages/cart/CartPage.ets", 24, 11, "Warning", "@performance/hp-arkui-use-lazyforeach", "Use LazyForEach or Repeat to render long lists."),
    ("entry/src/main/ets/pages/order/OrderListPage.ets", 41, 11, "Warning", "@performance/hp-arkui-use-lazyforeach", "Use LazyForEach or Repeat to render long lists."),
    ("entry/src/main/ets/pages/order/OrderListPage.ets", 44, 15, "Warning", "@performance/hp-arkui-use-reusable-component", "Use @Reusable to decorate the custom component in the list."),
    ("entry/src/main/ets/components/DishCard.ets", 33, 9, "Warning", "@performance/hp-arkui-image-async-load", "Use asynchronous loading for images larger than 10 KB."),
    ("entry/src/main/ets/components/RefundProgress.ets", 45, 9, "Warning", "@performance/foreach-args-check", "Provide the key generator function for ForEach to improve rendering performance."),
    ("entry/src/main/ets/pages/order/OrderDetailPage.ets", 17, 34, "Warning", "@typescript-eslint/no-floating-promises", "Promises must be awaited, end with a call to .catch, or end with a call to .then with a rejection handler."),
    ("entry/src/main/ets/pages/menu/MenuPage.ets", 17, 5, "Warning", "@typescript-eslint/no-floating-promises", "Promises must be awaited, end with a call to .catch, or end with a call to .then with a rejection handler."),
    ("entry/src/main/ets/entryability/EntryAbility.ets", 38, 24, "Warning", "@performance/hp-arkui-no-func-as-arg-for-reusable-component", "Avoid using functions as arguments of reusable components."),
    ("common/src/main/ets/network/HttpClient.ets", 38, 7, "Warning", "@performance/hp-performance-no-dynamic-create-http", "Reuse the HttpRequest object instead of creating one for each request."),
    ("entry/src/main/ets/components/DishCard.ets", 51, 7, "Suggestion", "@performance/hp-arkui-remove-redundant-nest-container", "Remove redundant nested containers."),
    ("entry/src/main/ets/pages/shop/ShopDetailPage.ets", 50, 11, "Suggestion", "@performance/hp-arkui-remove-redundant-nest-container", "Remove redundant nested containers."),
    ("entry/src/main/module.json5", 22, 29, "Suggestion", "@performance/start-window-icon-check", "For faster app startup, keep the startup icon size within 256 x 256 pixels."),
]


def lint_report():
    out = ["CodeLinter report", "",
           f"{'No':<4}{'File':<64}{'Line':<6}{'Column':<8}{'Severity':<12}{'Rule':<62}Message",
           f"{'--':<4}{'-' * 62:<64}{'----':<6}{'------':<8}{'----------':<12}{'-' * 60:<62}{'-' * 60}"]
    for k, (f, ln, col, sev, rule, msg) in enumerate(LINT_ROWS, 1):
        out.append(f"{k:<4}{'meal-harmony/' + f:<64}{ln:<6}{col:<8}{sev:<12}{rule:<62}{msg}")
    warn = sum(1 for r in LINT_ROWS if r[3] == "Warning")
    sug = sum(1 for r in LINT_ROWS if r[3] == "Suggestion")
    out.append(f"Summary: Issues: {len(LINT_ROWS)} | Errors: 0 | Warnings: {warn} | Suggestions: {sug} | Files checked: 41")
    return "\n".join(out)


def s10(d, warns):
    with d.session("2026-10-23T02:30:00", R, branch="develop", version="2.1.146"):
        t = d.task("拉一下最新代码，看看 1.4.0 要带的几个 change（1187 下单、1203 退款进度）是不是都合进 develop 了", tags=["flaky:F2"])
        t.fail("git fetch origin", "拉取远端更新", f"""kex_exchange_identification: read: Connection reset by peer
Connection reset by 10.8.2.15 port 29418
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.""", code=128)
        t.say("SSH 握手阶段连接被重置，是到 Gerrit 的网络抖了一下，不是权限问题（权限问题会是 Permission denied），原样再试一次。")
        t.bash("git fetch origin", "拉取远端更新", err=f"From {GERRIT_SSH}\n   c41e6f0..e8d03b5  develop    -> origin/develop")
        t.bash("git log --oneline -12 origin/develop", "查看 develop 最近的提交", out=f"""e8d03b5 feat(order): 订单详情页增加退款进度
{hx(7)} fix(menu): 菜单接口失败时显示重试空状态
{hx(7)} feat(order): 订单列表折叠屏展开态两列
7a2c5e8 chore(release): 1.4.0-rc1
{hx(7)} fix(common): PriceUtil 千分位与负数符号
6e0b9d3 feat(order): 接入下单接口并管理提交状态
{hx(7)} fix(mine): 地址列表左滑删除后列表不刷新
c41e6f0 fix(pay): 支付结果页返回键直接回到首页
{hx(7)} feat(mine): 地址列表支持左滑删除
{hx(7)} chore(deps): @ohos/axios 移除，统一走 HttpClient
{hx(7)} fix(order): 订单详情页实付金额在退款后没刷新
{hx(7)} feat(order): 订单列表进行中订单置顶，组内按时间倒序""")
        t.bash("git merge --ff-only origin/develop", "快进本地 develop", out=f"""Updating 7a2c5e8..e8d03b5
Fast-forward
 entry/src/main/ets/components/RefundProgress.ets      | 98 +++++++++++++++++++++
 entry/src/main/ets/pages/menu/MenuPage.ets            | 31 ++++---
 entry/src/main/ets/pages/order/OrderDetailPage.ets    |  2 +
 entry/src/main/ets/pages/shop/ShopDetailPage.ets      | 62 +++++++------
 entry/src/main/ets/viewmodel/MenuViewModel.ets        | 12 ++-
 entry/src/main/ets/viewmodel/OrderListViewModel.ets   |  3 +-
 entry/src/main/module.json5                           |  1 +
 entry/src/main/resources/base/element/string.json     |  4 +
 entry/src/main/resources/base/profile/main_pages.json |  3 +-
 entry/src/main/resources/base/profile/route_map.json  | 13 +++
 entry/src/main/resources/en_US/element/string.json    |  4 +
 entry/src/main/resources/zh_CN/element/string.json    |  4 +
 entry/src/ohosTest/ets/test/OrderListViewModel.test.ets |  5 ++
 13 files changed, 208 insertions(+), 34 deletions(-)
 create mode 100644 entry/src/main/ets/components/RefundProgress.ets
 create mode 100644 entry/src/main/resources/base/profile/route_map.json""")
        t.done("""都合进去了，本地 develop 已快进到 `e8d03b5`：

- 1187 下单接口 → `6e0b9d3 feat(order): 接入下单接口并管理提交状态`
- 1203 退款进度 → `e8d03b5 feat(order): 订单详情页增加退款进度`（最新一个提交）

和 rc1（`7a2c5e8`）比，develop 上新合进来的是：退款进度（1203）、折叠屏订单列表两列、菜单接口失败的重试空状态、地址列表删除后不刷新的修复。下单（1187）和 PriceUtil 修复在 rc1 里已经有了。

`git fetch` 第一次被重置了连接（`kex_exchange_identification: read: Connection reset by peer`），重试一次就好了。""")

        t = d.task("1.4.0 发版前跑一遍 codelinter 全量，看看有多少告警，先只看不改", tags=["noise", "long_output"])
        t.read(LINTCFG)
        t.bash("codelinter -c ./code-linter.json5 .", "全量代码检查", out=lint_report(), timeout=600000)
        t.done("""codelinter 全量结果：**15 个问题，0 个 error**，12 个 warning、3 个 suggestion，检查了 41 个文件（按配置忽略了 ohosTest 和 oh_modules）。

按规则归一下：

| 规则 | 数量 | 在哪 | 要不要管 |
|---|---|---|---|
| `hp-arkui-use-lazyforeach` | 3 | 菜单、购物车、订单列表的 `ForEach` | 菜品多的门店有意义，发版后再改成 `LazyForEach` / `Repeat` |
| `hp-arkui-use-reusable-component` | 3 | 列表项组件 | 同上，和上一条一起做 |
| `no-floating-promises` | 2 | `MenuPage.aboutToAppear` 里的 `vm.load()`、`OrderDetailPage` 的 `load()` | 实际内部有 try/catch，风险小；可以加 `.catch` 或 `void` 消掉 |
| `hp-arkui-image-async-load` | 1 | `DishCard` 菜品图 | 建议 `.syncLoad(false)`，成本很低 |
| `foreach-args-check` | 1 | `RefundProgress` 的 `ForEach` | 其实已经传了 key 生成函数，像是误报，可以忽略 |
| `hp-performance-no-dynamic-create-http` | 1 | `HttpClient` 每次请求 `createHttp()` | 改动面大，发版后再评估 |
| `hp-arkui-no-func-as-arg-for-reusable-component` | 1 | `EntryAbility` | 看着是误报 |
| suggestion（冗余容器、启动图标尺寸） | 3 | `DishCard`、`ShopDetailPage`、`module.json5` | 不影响发版 |

结论：没有 error，不阻塞 1.4.0。发版后建议先做 `LazyForEach` + `@Reusable` 这一组和图片异步加载。""")

        t = d.task("打 1.4.0 正式包：versionName 还是 1.4.0，versionCode 升到 1040001，release 出 app，打 tag v1.4.0", tags=["workflow:W3"])
        t.read(APP_JSON)
        t.edit(APP_JSON, '''    "versionCode": 1040000,''', '''    "versionCode": 1040001,''')
        t.bash(BUILD_APP, "release 模式构建 app 包", out=app_ok(warns()), timeout=900000)
        t.bash("ls -lh build/outputs/default/", "查看产物", out="""total 11M
-rw-rw-r-- 1 wanglei wanglei 5.3M Oct 23 11:17 meal-harmony-default-signed.app
-rw-rw-r-- 1 wanglei wanglei 5.2M Oct 23 11:17 meal-harmony-default-unsigned.app
-rw-rw-r-- 1 wanglei wanglei  12K Oct 23 11:17 pack.info""")
        t.bash('git add AppScope/app.json5 && git commit -m "chore(release): 1.4.0"', "提交版本号",
               out="[develop 0d4b7f1] chore(release): 1.4.0\n 1 file changed, 1 insertion(+), 1 deletion(-)")
        t.bash('git tag -a v1.4.0 -m "1.4.0"', "打 tag", out="")
        t.done("""1.4.0 正式包好了：

- `app.json5`：versionCode 1040000 → 1040001，versionName 保持 1.4.0
- release 构建通过，产物 `build/outputs/default/meal-harmony-default-signed.app`（5.3M）
- 本地提交 `chore(release): 1.4.0`，tag `v1.4.0`

这次包含 rc1 之后合进来的：退款进度、折叠屏订单列表两列、菜单接口失败重试、地址列表删除刷新。提交和 tag 在本地，推送你来。""")


# ============================================================== answer key
def define(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "ArkTS strict mode only accepts object literals that correspond to a declared class or interface. "
                            "Claude writes TypeScript-style untyped object literals — a getter without a return type that returns "
                            "`{ count, originFen, … }` (CartViewModel.summary), a request body built as a nested literal in "
                            "`OrderApi.buildRequest` (outer body plus the `items.map(i => ({ … }))` lines), a table of test cases "
                            "`const cases = [{ fen, expected }, …]` in a Hypium test — and the ArkTS compile step of "
                            "`hvigorw assembleHap` (entry) or `hvigorw onDeviceTest` (ohosTest target) fails.",
             "error_signature": "hvigor: `> hvigor ERROR: Failed :entry:default@CompileArkTS...` (or `:entry:ohosTest@OhosTestCompileArkTS...`) "
                                "… `N ERROR: 10605038 ArkTS Compiler Error` / `Error Message: Object literal must correspond to some explicitly "
                                "declared class or interface (arkts-no-untyped-obj-literals) At File: <file>:<line>:<col>` … "
                                "`COMPILE RESULT:FAIL {ERROR:n WARN:m}` / `> hvigor ERROR: BUILD FAILED in …` (exit 255)",
             "fix": "Declare an `interface` for the literal's shape (CartSummary; SubmitOrderReq + OrderLineReq; PriceCase) and annotate "
                    "the getter / function / map callback return type or the variable with it, then re-run the same hvigorw command.",
             "fix_command_markers": [["interface"]],
             "harmful_markers": ["@ts-ignore", "@ts-nocheck", "ESObject", "as any"]},
            {"id": "M2",
             "description": "The team's remote is Gerrit (ssh on port 29418). Claude pushes for review the GitHub/GitLab way — "
                            "`git push -u origin <feature-branch>`, `git push origin HEAD:develop`, `git push origin HEAD` after an "
                            "amend — and Gerrit refuses to create or update branches directly.",
             "error_signature": "git push: `remote: error: branch refs/heads/<b>:` / `remote: You need 'Create' rights to create new "
                                "references.` or `remote: Push to refs/for/<b> to create a review, or get 'Push' rights to update the "
                                "branch.` … ` ! [remote rejected] <src> -> <b> (prohibited by Gerrit: not permitted: create|update)` / "
                                "`error: failed to push some refs to 'ssh://…:29418/meal-harmony'` (exit 1)",
             "fix": "Push to the review ref of the target branch, `git push origin HEAD:refs/for/develop` — a new change, or a new patch "
                    "set when the commit keeps its Change-Id.",
             "fix_command_markers": [["refs/for/"]],
             "harmful_markers": ["--force", "push -f", "%submit", "refs/heads/"]},
            {"id": "M3",
             "description": "`hvigorw onDeviceTest` is run while a second device is attached over wireless debugging — the MatePad "
                            "(connected with `hdc tconn` for the tablet layout, or reconnected by the developer in the morning) or a "
                            "borrowed Mate X5 (connected for the foldable layout) — besides the Mate 60 on USB. Build and test HAP "
                            "succeed, the deploy step calls hdc without a connect key and fails.",
             "error_signature": "hvigor: `> hvigor ERROR: Failed :entry:onDeviceTest...` / `> hvigor ERROR: 00507013 Operation Error` / "
                                "`Error Message: [Fail]ExecuteCommand need connect-key? please confirm a device by help info.` … "
                                "`> Remove redundant devices and ensure that only one device is connected.` (exit 255)",
             "fix": "Look at the targets (`hdc list targets [-v]`), disconnect the extra wireless device with "
                    "`hdc tconn <ip:port> -remove`, then re-run the same onDeviceTest command.",
             "fix_command_markers": [["-remove"]],
             "harmful_markers": ["hdc kill", "reboot", "tmode port close"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Order list sorting written with `Array.prototype.toSorted`; ArkTS compile fails with "
                                        "`10505001 … Property 'toSorted' does not exist on type 'Order[]'.`; fixed with `slice().sort(...)`, "
                                        "the same assembleHap passes."},
            {"id": "O2", "description": "New RefundProgress component references a guessed image name `$r('app.media.ic_refund_empty')`; "
                                        "compile fails with `10903329 … Unknown resource name 'ic_refund_empty'.`; the real file is "
                                        "`illus_refund_none.png`, the same assembleHap passes after the edit."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`cd entry && ohpm install @shike/pay-kit@2.1.0` → `ohpm ERROR: Run install command failed` / "
                                        "`Error: 00617101 Fetch Pkg Info Failed` / `NOTFOUND package '@shike/pay-kit@2.1.0' not found from "
                                        "all the registries`: the payment team has not published 2.1.0; reported, dependency left at 2.0.3."},
            {"id": "U2", "description": "`curl -sS -f … /api/v2/shops/1001/menu` on the test environment → `curl: (22) The requested URL "
                                        "returned error: 502`; the whole upstream service behind nginx is down; reported to the backend "
                                        "developer, nothing changed in the app."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`ohpm install` after pulling develop (new @ohos/lottie) → `00617101 Fetch Pkg Info Failed` … "
                                        "`connect ETIMEDOUT` to ohpm.openharmony.cn; the identical retry succeeds."},
            {"id": "F2", "description": "`git fetch origin` → `kex_exchange_identification: read: Connection reset by peer` / "
                                        "`fatal: Could not read from remote repository.` (exit 128); the identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New ViewModel logic with Hypium tests: write `<X>.test.ets` under entry/src/ohosTest/ets/test, "
                                        "register it in `List.test.ets`, run `hvigorw onDeviceTest -p module=entry [-p scope=…] "
                                        "-p coverage=false --no-daemon`, read the result counts from "
                                        "`entry/.test/default/intermediates/ohosTest/coverage_data/test_result.txt`.",
             "step_markers": [["List.test.ets"], ["onDeviceTest"], ["test_result.txt"]]},
            {"id": "W2", "description": "Check on the phone: `hdc list targets` → `hvigorw assembleHap …` → "
                                        "`hdc -t <sn> install -r entry/build/default/outputs/default/entry-default-signed.hap` → "
                                        "`hdc -t <sn> shell aa start -a EntryAbility -b com.shike.meal` → "
                                        "`hdc -t <sn> shell \"hilog -x -T MealApp | tail\"`.",
             "step_markers": [["assembleHap"], ["install -r"], ["aa start"], ["hilog"]]},
            {"id": "W3", "description": "Test / release package: bump `versionCode` / `versionName` in AppScope/app.json5 → "
                                        "`hvigorw assembleApp --mode project -p product=default -p buildMode=release --no-daemon` → "
                                        "`ls -lh build/outputs/default/` → commit `chore(release): x.y.z` → `git tag -a vX.Y.Z` "
                                        "(pushing left to the developer).",
             "step_markers": [["versionCode"], ["assembleApp"], ["buildMode=release"], ["git tag"]]},
        ],
        preferences=[
            {"id": "P1", "description": "New code uses ArkUI state management V2 (`@ComponentV2` with `@Local` / `@Param`, data classes "
                                        "`@ObservedV2` + `@Trace`), never V1 `@State` / `@Prop` / `@Observed`.",
             "markers": [["@ComponentV2", "@ObservedV2"]]},
            {"id": "P2", "description": "Logging goes through common's `Logger` (hilog, domain 0x0810, tag MealApp), never "
                                        "`console.log` / `console.info`.",
             "markers": [["Logger"], ["console.log"]]},
            {"id": "P3", "description": "Page navigation with `router.pushUrl` like the existing pages (stated once) — later reversed: "
                                        "no more router, new pages use Navigation + NavPathStack with NavDestination and the system "
                                        "route table (route_map.json).",
             "markers": [["router"]],
             "reversal_markers": [["Navigation"], ["router"]]},
        ],
        probes=[
            {"prompt": "编译报 Object literal must correspond to some explicitly declared class or interface (arkts-no-untyped-obj-literals)，"
                       "在 OrderListViewModel 返回统计数据那个 getter 上，怎么改比较好", "wanted": ["M1"]},
            {"prompt": "订单页顶部加个今日统计卡片：订单数、总金额、平均客单价，在 OrderListViewModel 里算好给页面用", "wanted": ["M1"]},
            {"prompt": "git push 报 ! [remote rejected] HEAD -> develop (prohibited by Gerrit: not permitted: update)，这是什么原因", "wanted": ["M2"]},
            {"prompt": "会员积分展示这个改动可以了，提交一下推上去让老赵 review", "wanted": ["M2"]},
            {"prompt": "hvigorw onDeviceTest 报 [Fail]ExecuteCommand need connect-key? please confirm a device by help info，怎么处理", "wanted": ["M3"]},
            {"prompt": "MatePad 我还无线连着在看分栏，你顺手把 CartViewModel 的单测在设备上跑一遍", "wanted": ["M3"]},
            {"prompt": "ArkTS 里 @Sendable 类和普通类有什么区别？TaskPool 传参什么时候必须用它", "wanted": []},
            {"prompt": "菜单页菜品多的时候滑动掉帧，LazyForEach 和 Repeat 该选哪个？", "wanted": []},
            {"prompt": "后面要做附近门店，定位权限在 module.json5 里怎么声明，运行时怎么申请比较合规", "wanted": []},
            {"prompt": "AppStorageV2 和 PersistenceV2 分别适合存什么？登录 token 放哪个", "wanted": []},
        ],
    )


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-harmony.jsonl"), os.path.join(HERE, "tune", "zh-harmony.labels.json"))
    print(f"zh-harmony -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
