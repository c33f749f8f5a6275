"""godot-gd: Jonah Park, solo indie developer, 2D roguelike "Hollowdeep" in Godot 4.3 (.NET build).

Stack: Godot 4.3 stable mono (GDScript gameplay, a little C# on .NET 8 for Steamworks.NET), editor and
headless CLI (--export-release, --import, --script), export presets for Linux/Windows/macOS/Web, gdUnit4
tests run headless, git + git-lfs for art, Aseprite CLI sprite-sheet exports, steamcmd app builds,
butler pushes to itch.io, GitHub Actions with a Godot CI container.

Written blind for fresh/; measured once held out (round 15), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "jonah"
R = "/home/jonah/dev/hollowdeep"
MODEL = "claude-opus-4-6"
HX = random.Random(9431)
GH = "Godot Engine v4.3.stable.mono.official.77dcf97d8 - https://godotengine.org"
GDUNIT = "godot --headless --path . -s res://addons/gdUnit4/bin/GdUnitCmdTool.gd --ignoreHeadlessMode"
APP = "3215470"
VDF = f"steam/app_build_{APP}.vdf"


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ----------------------------------------------------------------------------- files
PROJECT_GODOT = """; Engine configuration file.
; It's best edited using the editor UI and not directly,
; since the parameters that go here are not all obvious.
;
; Format:
;   [section] ; section goes between []
;   param=value ; assign values to parameters

config_version=5

[application]

config/name="Hollowdeep"
config/version="0.3.2"
run/main_scene="res://scenes/boot.tscn"
config/features=PackedStringArray("4.3", "C#", "GL Compatibility")
config/icon="res://art/icon.svg"

[autoload]

DataDB="*res://src/autoload/data_db.gd"
GameState="*res://src/autoload/game_state.gd"
SteamBridge="*res://src/Steam/SteamBridge.cs"
Smoke="*res://src/autoload/smoke.gd"

[debug]

gdscript/warnings/untyped_declaration=1
gdscript/warnings/inferred_declaration=0

[display]

window/size/viewport_width=480
window/size/viewport_height=270
window/size/window_width_override=1440
window/size/window_height_override=810
window/stretch/mode="viewport"

[dotnet]

project/assembly_name="Hollowdeep"

[editor_plugins]

enabled=PackedStringArray("res://addons/gdUnit4/plugin.cfg")

[rendering]

textures/canvas_textures/default_texture_filter=0
renderer/rendering_method="gl_compatibility"
"""

EXPORT_PRESETS = """[preset.0]

name="Linux"
platform="Linux"
runnable=true
dedicated_server=false
custom_features=""
export_filter="all_resources"
include_filter="data/*.txt"
exclude_filter="test/*, tools/*, addons/gdUnit4/*"
export_path="build/linux/hollowdeep.x86_64"
encryption_include_filters=""
encryption_exclude_filters=""
encrypt_pck=false
encrypt_directory=false
script_export_mode=2

[preset.0.options]

custom_template/debug=""
custom_template/release=""
debug/export_console_wrapper=1
binary_format/embed_pck=false
texture_format/s3tc_bptc=true
texture_format/etc2_astc=false
binary_format/architecture="x86_64"
dotnet/include_scripts_content=false
dotnet/include_debug_symbols=false
dotnet/embed_build_outputs=false

[preset.1]

name="Windows Desktop"
platform="Windows Desktop"
runnable=true
dedicated_server=false
custom_features=""
export_filter="all_resources"
include_filter="data/*.txt"
exclude_filter="test/*, tools/*, addons/gdUnit4/*"
export_path="build/windows/Hollowdeep.exe"
encryption_include_filters=""
encryption_exclude_filters=""
encrypt_pck=false
encrypt_directory=false
script_export_mode=2

[preset.1.options]

custom_template/debug=""
custom_template/release=""
debug/export_console_wrapper=1
binary_format/embed_pck=false
texture_format/s3tc_bptc=true
texture_format/etc2_astc=false
binary_format/architecture="x86_64"
codesign/enable=false
application/icon="res://art/icon.ico"
application/file_version="0.3.2"
application/product_version="0.3.2"
application/company_name="Jonah Park"
application/product_name="Hollowdeep"
dotnet/include_scripts_content=false
dotnet/include_debug_symbols=false
dotnet/embed_build_outputs=false

[preset.2]

name="Web"
platform="Web"
runnable=true
dedicated_server=false
custom_features=""
export_filter="all_resources"
include_filter="data/*.txt"
exclude_filter="test/*, tools/*, addons/gdUnit4/*"
export_path="build/web/index.html"
encryption_include_filters=""
encryption_exclude_filters=""
encrypt_pck=false
encrypt_directory=false
script_export_mode=2

[preset.2.options]

custom_template/debug=""
custom_template/release=""
variant/extensions_support=false
variant/thread_support=false
vram_texture_compression/for_desktop=true
vram_texture_compression/for_mobile=false
html/export_icon=true
html/canvas_resize_policy=2
html/focus_canvas_on_start=true
progressive_web_app/enabled=false
"""

DATA_DB = """extends Node
## Loads the static game data once at startup. Everything under res://data is read here.

const RELICS_PATH := "res://data/relics.json"
const ENEMIES_PATH := "res://data/enemies.json"
const NAMES_PATH := "res://data/names.txt"

var relics: Dictionary = {}
var enemies: Dictionary = {}
var names: PackedStringArray = []
var errors: int = 0


func _ready() -> void:
	relics = _load_json(RELICS_PATH)
	enemies = _load_json(ENEMIES_PATH)
	names = _load_text(NAMES_PATH).split("\\n", false)


func _open(path: String) -> FileAccess:
	var f := FileAccess.open(path, FileAccess.READ)
	if f == null:
		errors += 1
		push_error("DataDB: cannot open %s (%s)" % [path, error_string(FileAccess.get_open_error())])
	return f


func _load_json(path: String) -> Dictionary:
	var f := _open(path)
	if f == null:
		return {}
	var parsed: Variant = JSON.parse_string(f.get_as_text())
	if parsed is Dictionary:
		return parsed
	errors += 1
	push_error("DataDB: %s is not a JSON object" % path)
	return {}


func _load_text(path: String) -> String:
	var f := _open(path)
	return "" if f == null else f.get_as_text()
"""

RELICS = """{
  "ember_heart": {"rarity": "rare", "weight": 6, "effect": "burn_on_hit", "value": 3},
  "glass_fang": {"rarity": "uncommon", "weight": 12, "effect": "crit_chance", "value": 0.08},
  "moth_lantern": {"rarity": "common", "weight": 30, "effect": "light_radius", "value": 24},
  "rusted_key": {"rarity": "common", "weight": 28, "effect": "shop_discount", "value": 0.1},
  "saint_bone": {"rarity": "rare", "weight": 5, "effect": "revive", "value": 1},
  "tar_boots": {"rarity": "uncommon", "weight": 14, "effect": "slow_immune", "value": 1},
  "whisper_coin": {"rarity": "uncommon", "weight": 11, "effect": "gold_gain", "value": 0.15}
}
"""

ENEMIES = """{
  "bat": {"hp": 6, "damage": 2, "speed": 70, "gold": [1, 2]},
  "crawler": {"hp": 14, "damage": 3, "speed": 28, "gold": [1, 3]},
  "husk": {"hp": 22, "damage": 5, "speed": 34, "gold": [2, 4]},
  "spitter": {"hp": 10, "damage": 4, "speed": 40, "gold": [2, 3]},
  "warden": {"hp": 180, "damage": 9, "speed": 30, "gold": [40, 55]}
}
"""

IMPORT_SHEET = """extends SceneTree
## Builds a SpriteFrames resource from an Aseprite JSON export (json-array), one animation per tag.
## godot --headless --script tools/import_sheet.gd -- art/export/<group>/<name>.json

const FPS_FROM_MS := 1000.0


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	if args.is_empty():
		printerr("usage: import_sheet.gd -- <sheet.json>")
		quit(2)
		return
	var json_path: String = args[0]
	var frames := _build_frames(json_path)
	if frames == null:
		printerr("import_sheet: failed to build SpriteFrames for %s" % json_path)
		quit(1)
		return
	var out := "res://" + json_path.get_basename().replace("art/export/", "art/frames/") + ".tres"
	DirAccess.make_dir_recursive_absolute(out.get_base_dir())
	var err := ResourceSaver.save(frames, out)
	print("import_sheet: %s -> %s (%d animations)" % [json_path, out, frames.get_animation_names().size()])
	quit(0 if err == OK else 1)


func _build_frames(json_path: String) -> SpriteFrames:
	var data: Dictionary = JSON.parse_string(FileAccess.get_file_as_string("res://" + json_path))
	var sheet: Texture2D = load("res://" + json_path.get_basename() + ".png")
	var cells: Array = data["frames"]
	var frames := SpriteFrames.new()
	frames.remove_animation("default")
	for tag: Dictionary in data["meta"]["frameTags"]:
		var anim: String = tag["name"]
		frames.add_animation(anim)
		frames.set_animation_loop(anim, anim != "death")
		for i in range(int(tag["from"]), int(tag["to"]) + 1):
			var cell: Dictionary = cells[i]
			var r: Dictionary = cell["frame"]
			var atlas := AtlasTexture.new()
			atlas.atlas = sheet
			atlas.region = Rect2(r["x"], r["y"], r["w"], r["h"])
			frames.add_frame(anim, atlas, float(cell["duration"]) / 100.0)
		frames.set_animation_speed(anim, 10.0)
	return frames
"""

DAMAGE = """class_name Damage
extends RefCounted
## Damage resolution for hits. Pure functions so gdUnit can test them without a scene.

const CRIT_MULT := 1.5


static func resolve(base: int, armor: int, is_crit: bool) -> int:
	var dmg: float = maxf(1.0, float(base - armor))
	if is_crit:
		dmg *= CRIT_MULT
	return int(dmg)
"""

DAMAGE_TEST = """# GdUnit generated TestSuite
class_name DamageTest
extends GdUnitTestSuite


func test_armor_reduces_damage() -> void:
	assert_int(Damage.resolve(10, 3, false)).is_equal(7)


func test_minimum_one_damage() -> void:
	assert_int(Damage.resolve(2, 9, false)).is_equal(1)


func test_crit_multiplies() -> void:
	assert_int(Damage.resolve(10, 0, true)).is_equal(15)
"""

STEAM_STATS = """using Godot;
using Steamworks;

namespace Hollowdeep.Steam;

/// <summary>Thin wrapper over SteamUserStats; a no-op when Steam is not running.</summary>
public partial class SteamStats : Node
{
    public static bool Ready => SteamBridge.Initialized;

    public static void Unlock(string apiName)
    {
        if (!Ready) return;
        SteamUserStats.SetAchievement(apiName);
        SteamUserStats.StoreStats();
    }

    public static void AddToStat(string apiName, int amount)
    {
        if (!Ready) return;
        SteamUserStats.GetStat(apiName, out int current);
        SteamUserStats.SetStat(apiName, current + amount);
        SteamUserStats.StoreStats();
    }
}
"""

APP_VDF = f""""AppBuild"
{{
	"AppID" "{APP}"
	"Desc" "playtest 0.3.2"
	"ContentRoot" "../build/"
	"BuildOutput" "../build/steam-output/"
	"SetLive" "playtest"
	"Depots"
	{{
		"3215471" "depot_build_3215471.vdf"
		"3215472" "depot_build_3215472.vdf"
	}}
}}
"""

RUN_SEED = """class_name RunSeed
extends RefCounted
## Seeds for runs. Daily runs derive their seed from the UTC date so everyone gets the same dungeon.

static func for_daily(unix_time: int) -> int:
	var d := Time.get_date_dict_from_unix_time(unix_time)
	return hash("hollowdeep-daily-%04d-%02d-%02d" % [d.year, d.month, d.day])


static func make_rng(seed_value: int) -> RandomNumberGenerator:
	var rng := RandomNumberGenerator.new()
	rng.seed = seed_value
	return rng
"""

SHOP_PANEL = """extends PanelContainer
## Shop screen opened from the merchant room.

@onready var _items: VBoxContainer = %Items
@onready var _gold_label: Label = %GoldLabel
@onready var _buy_button: Button = %BuyButton

var _selected: String = ""


func _ready() -> void:
	_refresh_gold(GameState.gold)


func _refresh_gold(amount: int) -> void:
	_gold_label.text = "%d g" % amount


func _on_buy_button_pressed() -> void:
	pass
"""

FILES = {
    P("project.godot"): PROJECT_GODOT,
    P("export_presets.cfg"): EXPORT_PRESETS,
    P("src/autoload/data_db.gd"): DATA_DB,
    P("data/relics.json"): RELICS,
    P("data/enemies.json"): ENEMIES,
    P("tools/import_sheet.gd"): IMPORT_SHEET,
    P("src/combat/damage.gd"): DAMAGE,
    P("test/combat/damage_test.gd"): DAMAGE_TEST,
    P("src/Steam/SteamStats.cs"): STEAM_STATS,
    P(VDF): APP_VDF,
    P("src/run/run_seed.gd"): RUN_SEED,
    P("src/ui/shop_panel.gd"): SHOP_PANEL,
}


# ----------------------------------------------------------------------------- tool outputs
SUITES = {
    "res://test/combat/damage_test.gd": ["test_armor_reduces_damage", "test_minimum_one_damage", "test_crit_multiplies"],
    "res://test/combat/status_test.gd": ["test_burn_ticks_three_times", "test_burn_does_not_stack", "test_slow_expires",
                                         "test_immune_blocks_slow"],
    "res://test/run/run_seed_test.gd": ["test_daily_seed_is_stable", "test_daily_seed_changes_at_midnight_utc",
                                        "test_make_rng_is_deterministic"],
    "res://test/run/floor_gen_test.gd": ["test_floor_has_exit", "test_floor_rooms_connected", "test_no_overlapping_rooms",
                                         "test_shop_every_third_floor", "test_boss_on_floor_five"],
    "res://test/data/data_db_test.gd": ["test_relics_load", "test_enemies_load", "test_names_not_empty",
                                        "test_every_relic_has_weight"],
    "res://test/player/inventory_test.gd": ["test_add_relic", "test_duplicate_relic_stacks", "test_gold_never_negative",
                                            "test_remove_missing_relic_is_noop"],
    "res://test/player/player_stats_test.gd": ["test_base_stats", "test_relic_modifies_crit", "test_hp_clamped_to_max"],
}


def suite_block(path, tests, failed=None, rng=None):
    lines = [f"Run Test Suite: {path}"]
    nf = 0
    for t in tests:
        ms = rng.randint(2, 60)
        if failed and t in failed:
            nf += 1
            lines.append(f"  Run Test: {path} > {t} :FAILED {ms}ms")
            lines.append(failed[t])
        else:
            lines.append(f"  Run Test: {path} > {t} :PASSED {ms}ms")
    lines.append(f"Statistics: | {len(tests)} tests cases | 0 error | {nf} failed | 0 flaky | 0 skipped | 0 orphans |"
                 f" {'FAILED' if nf else 'PASSED'} {rng.randint(60, 400)}ms")
    return lines, nf


def gdunit_out(suites, report, rng, failed=None):
    out = [GH, "",
           "-" * 98,
           "GdUnit4 Comandline Tool",
           "-" * 98]
    total = fails = 0
    for path, tests in suites:
        blk, nf = suite_block(path, tests, failed, rng)
        out += blk
        out.append("")
        total += len(tests)
        fails += nf
    out += [f"Overall Summary: {total} test cases | 0 errors | {fails} failures | 0 flaky | 0 skipped | 0 orphans |",
            f"Executed test suites: ({len(suites)}/{len(suites)}), 0 skipped",
            f"Executed test cases : ({total}/{total}), 0 skipped",
            f"Total time:           {rng.randint(0, 2)}s {rng.randint(100, 990)}ms",
            f"Open Report at: file://{R}/reports/report_{report}/index.html",
            f"Exit code: {100 if fails else 0}"]
    return "\n".join(out)


def class_missing(test_path, line, typ, report):
    return "\n".join([
        GH, "",
        f'SCRIPT ERROR: Parse Error: Could not find type "{typ}" in the current scope.',
        f"          at: GDScript::reload ({test_path}:{line})",
        f'ERROR: Failed to load script "{test_path}" with error "Parse error".',
        "   at: load (modules/gdscript/gdscript.cpp:2936)",
        "-" * 98,
        "GdUnit4 Comandline Tool",
        "-" * 98,
        f"Can't load test suite '{test_path}': Parse error",
        "Overall Summary: 0 test cases | 1 errors | 0 failures | 0 flaky | 0 skipped | 0 orphans |",
        "Executed test suites: (0/1), 0 skipped",
        "Executed test cases : (0/0), 0 skipped",
        f"Open Report at: file://{R}/reports/report_{report}/index.html",
        "Exit code: 100"])


def import_out(classes):
    lines = [GH, "",
             "[   0% ] first_scan_filesystem | Started Project initialization (5 steps)",
             "[   0% ] first_scan_filesystem | Scanning file structure...",
             "[  16% ] first_scan_filesystem | Loading global class names...",
             "[  33% ] first_scan_filesystem | Verifying GDExtensions...",
             "[  50% ] first_scan_filesystem | Creating autoload scripts...",
             "[  66% ] first_scan_filesystem | Initializing plugin: gdUnit4...",
             "[  83% ] first_scan_filesystem | Starting file scan...",
             "[ DONE ] first_scan_filesystem", "",
             f"[   0% ] update_scripts_classes | Started Registering global classes... ({len(classes)} steps)"]
    for i, c in enumerate(classes):
        lines.append(f"[{int(100 * i / len(classes)):>4}% ] update_scripts_classes | {c}")
    lines.append("[ DONE ] update_scripts_classes")
    return "\n".join(lines)


def export_out(preset, files, rng):
    lines = [GH, "",
             f"[   0% ] export | Started Exporting for {preset} ({files + 5} steps)",
             "[   0% ] export | Building .NET project...",
             "  Determining projects to restore...",
             "  All projects are up-to-date for restore.",
             f"  Hollowdeep -> {R}/.godot/mono/temp/bin/ExportRelease/{'linux' if preset == 'Linux' else 'win'}-x64/Hollowdeep.dll",
             f"  Hollowdeep -> {R}/.godot/mono/temp/bin/ExportRelease/{'linux' if preset == 'Linux' else 'win'}-x64/publish/",
             f"[  {rng.randint(10, 30)}% ] export | Storing File: res://.godot/imported/tiles_crypt.png-{hx(32)}.ctex",
             f"[  {rng.randint(40, 70)}% ] export | Storing File: res://scenes/run/floor.tscn",
             f"[  {rng.randint(80, 97)}% ] export | Storing File: res://.godot/global_script_class_cache.cfg",
             "[ DONE ] export"]
    return "\n".join(lines)


def smoke_ok(n_relics, n_enemies, extra=()):
    return "\n".join([GH, "", "smoke: loading data tables",
                      f"smoke: {n_relics} relics, {n_enemies} enemies, 212 names"] + list(extra) +
                     ["smoke: generating floors 1-5 with seed 424242", "smoke: OK"])


def smoke_missing(path, err="File not found", extra=()):
    return "\n".join([GH, "", "smoke: loading data tables",
                      f"ERROR: DataDB: cannot open {path} ({err})",
                      "   at: push_error (core/variant/variant_utility.cpp:1092)"] + list(extra) +
                     ["smoke: FAILED (1 data error)"])


def butler_out(channel, build, mib, fresh, patch, savings):
    return "\n".join([
        f"\u2219 For channel `{channel}`: last build is {build}, downloading its signature",
        f"\u2219 Pushing {mib} MiB (34 files, 7 dirs, 0 symlinks)",
        f"\u2713 Added {fresh} MiB fresh data",
        f"\u2713 {patch} MiB patch ({savings}% savings)",
        "\u2219 Build is now processing, should be up in a bit.",
        "",
        f"Use the `butler status jonahpark/hollowdeep:{channel}` for more information."])


def steamcmd_out(build_id, day, up_mb):
    return "\n".join([
        "Redirecting stderr to '/home/jonah/.local/share/Steam/logs/stderr.txt'",
        "[  0%] Checking for available updates...",
        "[----] Verifying installation...",
        "Steam Console Client (c) Valve Corporation - version 1733265492",
        "-- type 'quit' to exit --",
        "Loading Steam API...OK",
        "",
        "Logging in using cached credentials.",
        "Logging in user 'hollowdeep_build' [U:1:1893402215] to Steam Public...OK",
        "Waiting for client config...OK",
        "Waiting for user info...OK",
        f"[{day} 16:02:11]: Starting AppID {APP} build (flags 0x0).",
        f"[{day} 16:02:11]: Building depot 3215471...",
        f"[{day} 16:02:13]: Building file mapping...",
        f"[{day} 16:02:13]: Scanning content          61.4 MB ...",
        f"[{day} 16:02:19]: Uploading content          {up_mb} MB ...",
        f"[{day} 16:02:26]: Completed depot build 3215471 (manifest id {HX.randint(10**18, 9 * 10**18)})",
        f"[{day} 16:02:26]: Building depot 3215472...",
        f"[{day} 16:02:28]: Building file mapping...",
        f"[{day} 16:02:28]: Scanning content          64.0 MB ...",
        f"[{day} 16:02:34]: Uploading content          {up_mb} MB ...",
        f"[{day} 16:02:41]: Completed depot build 3215472 (manifest id {HX.randint(10**18, 9 * 10**18)})",
        f"[{day} 16:02:42]: Successfully finished AppID {APP} build (BuildID {build_id}).",
        "Unloading Steam API...OK"])


DOTNET_OK = f"""  Determining projects to restore...
  All projects are up-to-date for restore.
  Hollowdeep -> {R}/.godot/mono/temp/bin/Debug/Hollowdeep.dll

Build succeeded.
    0 Warning(s)
    0 Error(s)

Time Elapsed 00:00:0{{}}.{{}}"""


def dotnet_ok(rng):
    return DOTNET_OK.format(rng.randint(2, 6), rng.randint(10, 99))


def sim_out(runs, seed, rows, rng):
    lines = [GH, "", f"sim_runs: {runs} runs, seed base {seed}, floors 1-5"]
    lines.append("floor  clear%  avg_hp_left  avg_gold  deaths_top")
    tops = ["bat 31%", "spitter 27%", "husk 35%", "husk 29%", "warden 71%"]
    for f, c, hp, g in rows:
        lines.append(f"{f:>5}  {c:>6}  {hp:>11}  {g:>8}  {tops[f - 1]}")
    lines.append(f"win rate: {rows[-1][1]}  (target band 18-26%)")
    lines.append(f"sim_runs: done in {rng.randint(8, 40)}.{rng.randint(0, 9)}s")
    return "\n".join(lines)


def validate_out(n_rel, n_en):
    return "\n".join([GH, "", f"validate_data: relics.json ok ({n_rel} entries, weights sum {HX.randint(100, 120)})",
                      f"validate_data: enemies.json ok ({n_en} entries)", "validate_data: 0 problems"])


def commit_out(branch, msg, files, ins, dels):
    return (f"[{branch} {hx(7)}] {msg}\n {files} file{'s' if files != 1 else ''} changed, "
            f"{ins} insertion{'s' if ins != 1 else ''}(+), {dels} deletion{'s' if dels != 1 else ''}(-)")


def push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      https://github.com/jonahpark/hollowdeep/pull/new/{branch}        
remote: 
To github.com:jonahpark/hollowdeep.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def aseprite_cmd(src, out, list_tags=False):
    flags = " --list-tags" if list_tags else ""
    return (f"aseprite -b {src} --sheet {out}.png --data {out}.json --format json-array "
            f"--sheet-type packed --trim{flags}")


def import_frames_fail(json_path, line=33):
    return "\n".join([GH, "",
                      "SCRIPT ERROR: Invalid access to property or key 'frameTags' on a base object of type 'Dictionary'.",
                      f"          at: _build_frames (res://tools/import_sheet.gd:{line})",
                      f"import_sheet: failed to build SpriteFrames for {json_path}"])


def import_frames_ok(json_path, n):
    out = "res://" + json_path[:-5].replace("art/export/", "art/frames/") + ".tres"
    return "\n".join([GH, "", f"import_sheet: {json_path} -> {out} ({n} animations)"])


# ----------------------------------------------------------------------------- stream
def gen():
    global HX
    HX = random.Random(9431)
    d = Dev("godot-gd", U, "en", MODEL, seed=20261201, files=FILES)
    rng = random.Random(77)

    # ============================================================ S1 Tue 12-01
    with d.session("2026-12-01T09:40:00", R, branch="main", version="2.1.140"):
        t = d.task("hey. before we start: quick tour of how hollowdeep boots and where the data comes from. "
                   "I want to add loot tables today", tags=["noise"])
        t.glob("src/**/*.gd", [P(x) for x in ["src/autoload/data_db.gd", "src/autoload/game_state.gd",
                                              "src/autoload/smoke.gd", "src/combat/damage.gd", "src/combat/status.gd",
                                              "src/player/inventory.gd", "src/player/player.gd",
                                              "src/player/player_stats.gd", "src/run/floor_gen.gd",
                                              "src/run/run_seed.gd", "src/ui/hud.gd", "src/ui/shop_panel.gd"]])
        t.read(P("project.godot"))
        t.read(P("src/autoload/data_db.gd"))
        t.read(P("data/relics.json"))
        t.done("""Boot order is driven by the autoloads in `project.godot`:

1. **`DataDB`** (`src/autoload/data_db.gd`) runs first and reads everything under `res://data` once: `relics.json` and `enemies.json` as dictionaries, `names.txt` as a `PackedStringArray`. Failures go through `push_error` and bump `errors`.
2. **`GameState`** holds the run (gold, floor, inventory).
3. **`SteamBridge`** is the C# autoload (`src/Steam/SteamBridge.cs`) that initialises Steamworks.NET; `SteamStats` is a no-op when it isn't initialised.
4. **`Smoke`** only does something when the game is started with `-- --smoke-test`: it loads the tables, generates floors 1–5 with a fixed seed and quits with 0/1.

Then `run/main_scene` (`scenes/boot.tscn`) takes over. Relics today are a flat dict keyed by id with `rarity`, `weight`, `effect`, `value` — there's no loot-table abstraction yet; `weight` is there but nothing rolls on it. A `LootTable` class that takes entries + weights and rolls with the run's `RandomNumberGenerator` (`RunSeed.make_rng`) would slot in cleanly.""")

        t = d.task("ok let's do it. LootTable class (class_name, RefCounted) with add(id, weight) and roll(rng) "
                   "returning the id, plus a gdUnit suite. fully typed GDScript please, every var and every return. "
                   "run the tests headless when done", tags=["mistake:M1", "pref:P1"])
        t.write(P("src/loot/loot_table.gd"), """class_name LootTable
extends RefCounted
## Weighted table of ids. roll() uses the caller's RNG so runs stay deterministic per seed.

var _ids: PackedStringArray = []
var _weights: PackedFloat32Array = []
var _total: float = 0.0


func add(id: String, weight: float) -> LootTable:
	assert(weight > 0.0, "LootTable: weight must be > 0")
	_ids.append(id)
	_weights.append(weight)
	_total += weight
	return self


func size() -> int:
	return _ids.size()


func roll(rng: RandomNumberGenerator) -> String:
	if _ids.is_empty():
		return ""
	var pick: float = rng.randf() * _total
	for i: int in _ids.size():
		pick -= _weights[i]
		if pick < 0.0:
			return _ids[i]
	return _ids[_ids.size() - 1]
""")
        t.write(P("test/loot/loot_table_test.gd"), """# GdUnit generated TestSuite
class_name LootTableTest
extends GdUnitTestSuite


func _table() -> LootTable:
	return LootTable.new().add("common", 90.0).add("rare", 10.0)


func test_empty_table_rolls_empty_string() -> void:
	var rng: RandomNumberGenerator = RunSeed.make_rng(1)
	assert_str(LootTable.new().roll(rng)).is_empty()


func test_single_entry_always_wins() -> void:
	var rng: RandomNumberGenerator = RunSeed.make_rng(7)
	var table: LootTable = LootTable.new().add("only", 3.0)
	for i: int in 50:
		assert_str(table.roll(rng)).is_equal("only")


func test_weights_are_respected() -> void:
	var rng: RandomNumberGenerator = RunSeed.make_rng(42)
	var table: LootTable = _table()
	var rare: int = 0
	for i: int in 10000:
		if table.roll(rng) == "rare":
			rare += 1
	assert_int(rare).is_between(850, 1150)


func test_same_seed_same_sequence() -> void:
	var a: RandomNumberGenerator = RunSeed.make_rng(99)
	var b: RandomNumberGenerator = RunSeed.make_rng(99)
	var table: LootTable = _table()
	for i: int in 20:
		assert_str(table.roll(a)).is_equal(table.roll(b))
""")
        t.fail(f"{GDUNIT} -a res://test/loot", "Run the new loot tests headless",
               class_missing("res://test/loot/loot_table_test.gd", 6, "LootTable", 31), code=100)
        t.say("The test suite can't resolve `LootTable`: the class was created outside the editor, so it isn't in "
              "the global class cache (`.godot/global_script_class_cache.cfg`) yet. A headless import scan registers it.")
        t.bash("godot --headless --import", "Rescan the project so the new class_name is registered",
               out=import_out(["DataDB", "Damage", "DamageTest", "GameState", "LootTable", "LootTableTest", "RunSeed"]))
        t.bash(f"{GDUNIT} -a res://test/loot", "Re-run the loot tests",
               out=gdunit_out([("res://test/loot/loot_table_test.gd",
                                ["test_empty_table_rolls_empty_string", "test_single_entry_always_wins",
                                 "test_weights_are_respected", "test_same_seed_same_sequence"])], 32, rng))
        t.bash("git add src/loot test/loot && git commit -m \"loot: add weighted LootTable\"",
               "Commit the loot table", out=commit_out("main", "loot: add weighted LootTable", 2, 67, 0))
        t.done("`LootTable` is in `src/loot/loot_table.gd`, fully typed, with a 4-case gdUnit suite "
               "(empty table, single entry, weight distribution over 10k rolls, same seed → same sequence). "
               "All 4 pass and it's committed on main.\n\nThe first run failed with `Could not find type \"LootTable\"` "
               "because the class was new to the project's class cache; `godot --headless --import` registered it and "
               "the same run passed.")

        t = d.task("should item defs be Resources (.tres) or is plain json + dicts fine for a game this size? "
                   "~60 relics eventually", tags=["noise", "no_tools"])
        t.done("""For ~60 relics either works; what decides it is who edits them and how.

- **JSON + dicts (what you have):** diff-friendly, easy to bulk-edit and validate with a script, and your sim tooling already reads it. Downsides: no types, typos in keys fail at runtime, no inspector editing.
- **Custom `Resource` (`class_name RelicData extends Resource` + one `.tres` per relic):** typed fields, `@export` gives you inspector editing with enums and ranges, icons can be real `Texture2D` references that survive renames. Downsides: `.tres` diffs are noisier, bulk edits need a tool script.

A middle road that works well for roguelikes: keep JSON as the source of truth for numbers (balance passes are much faster in a text file) and wrap each entry in a typed `RelicData` at load time, so gameplay code never touches raw dicts. I'd do that rather than migrate to 60 `.tres` files.""")

        t = d.task("balance pass: bat hp 6 -> 8, spitter damage 4 -> 3. validate + sim 500 runs, commit if the "
                   "win rate stays in band", tags=["workflow:W1"])
        t.read(P("data/enemies.json"))
        t.edit(P("data/enemies.json"), '"bat": {"hp": 6,', '"bat": {"hp": 8,')
        t.edit(P("data/enemies.json"), '"spitter": {"hp": 10, "damage": 4,', '"spitter": {"hp": 10, "damage": 3,')
        t.bash("godot --headless --script tools/validate_data.gd", "Validate the data tables",
               out=validate_out(7, 5))
        t.bash("godot --headless --script tools/sim_runs.gd -- --runs 500 --seed 1000", "Simulate 500 runs",
               out=sim_out(500, 1000, [(1, "97.2%", 41.3, 38), (2, "88.4%", 33.0, 71), (3, "71.6%", 27.9, 109),
                                       (4, "49.8%", 22.1, 150), (5, "23.4%", 18.7, 203)], rng))
        t.bash("git commit -am \"balance: bat hp 8, spitter dmg 3\"", "Commit the balance change",
               out=commit_out("main", "balance: bat hp 8, spitter dmg 3", 1, 2, 2))
        t.done("Validated (0 problems) and simulated 500 runs: win rate 23.4%, inside the 18–26% band "
               "(floor 1 clear 97.2%, floor 4 is still the big drop at 49.8%). Committed as "
               "`balance: bat hp 8, spitter dmg 3`.")

    # ============================================================ S2 Thu 12-03
    with d.session("2026-12-03T10:05:00", R, branch="feat/bat-enemy", version="2.1.141"):
        t = d.task("Kuba pushed art/enemies/bat.aseprite (tags idle, fly, hit, death). export the sheet to "
                   "art/export/enemies/bat and build the SpriteFrames with tools/import_sheet.gd",
                   tags=["mistake:M2"])
        t.bash("git lfs pull --include=\"art/enemies/bat.aseprite\"", "Fetch the LFS art file", out="")
        t.bash(aseprite_cmd("art/enemies/bat.aseprite", "art/export/enemies/bat"), "Export the bat sprite sheet",
               out="")
        t.fail("godot --headless --script tools/import_sheet.gd -- art/export/enemies/bat.json",
               "Build SpriteFrames from the sheet", import_frames_fail("art/export/enemies/bat.json"))
        t.bash("python3 -c \"import json; print(list(json.load(open('art/export/enemies/bat.json'))['meta']))\"",
               "Check which keys the export's meta has",
               out="['app', 'version', 'image', 'format', 'size', 'scale']")
        t.say("The export has no `frameTags`: Aseprite only writes the tags into the JSON when asked to. "
              "Re-exporting with the tag list.")
        t.bash(aseprite_cmd("art/enemies/bat.aseprite", "art/export/enemies/bat", list_tags=True),
               "Re-export the sheet with frame tags in the JSON", out="")
        t.bash("godot --headless --script tools/import_sheet.gd -- art/export/enemies/bat.json",
               "Build SpriteFrames again", out=import_frames_ok("art/export/enemies/bat.json", 4))
        t.done("`art/frames/enemies/bat.tres` is built with 4 animations (idle, fly, hit, death; death doesn't loop). "
               "The first export lacked the tags in its JSON, so the importer crashed on `meta.frameTags`; "
               "re-exporting with `--list-tags` fixed it.")

        t = d.task("ship feat/bat-enemy: build, full tests, push and open a PR", tags=["workflow:W3", "flaky:F2"])
        t.fail("dotnet build", "Build the C# assembly", f"""  Determining projects to restore...
/usr/lib/dotnet/sdk/8.0.404/NuGet.targets(174,5): error NU1301: Unable to load the service index for source https://api.nuget.org/v3/index.json. [{R}/Hollowdeep.csproj]""")
        t.bash("dotnet build", "Build the C# assembly", out=dotnet_ok(rng))
        t.bash(f"{GDUNIT} -a res://test", "Run the full gdUnit suite",
               out=gdunit_out([(k, v) for k, v in SUITES.items()] +
                              [("res://test/loot/loot_table_test.gd",
                                ["test_empty_table_rolls_empty_string", "test_single_entry_always_wins",
                                 "test_weights_are_respected", "test_same_seed_same_sequence"])], 35, rng))
        t.bash("git add art/export/enemies art/frames/enemies scenes/enemies/bat.tscn && "
               "git commit -m \"enemies: bat sprite frames and scene\"", "Commit the bat assets",
               out=commit_out("feat/bat-enemy", "enemies: bat sprite frames and scene", 4, 212, 0))
        t.bash("git push -u origin feat/bat-enemy", "Push the branch", out=push_new("feat/bat-enemy"))
        t.bash("gh pr create --base main --title \"Bat enemy\" --body \"Bat sprite sheet + SpriteFrames + scene. "
               "hp 8 per the last balance pass.\"", "Open the PR",
               out="https://github.com/jonahpark/hollowdeep/pull/41")
        t.done("PR #41 is open: https://github.com/jonahpark/hollowdeep/pull/41. `dotnet build` hit a NuGet "
               "timeout (NU1301) on the first try and passed on the retry; all 30 gdUnit tests pass.")

        t = d.task("how does SetLive in the app build vdf interact with the beta branch password? don't want "
                   "playtest builds to leak to default", tags=["noise", "webfetch"])
        t.read(P(VDF))
        t.webfetch("https://partner.steamgames.com/doc/sdk/uploading",
                   "What does SetLive do in an app build script, and can it set the default branch?",
                   """SetLive: "Optional: set this build live on a beta branch after a successful build. The default branch cannot be set live automatically by SteamPipe; this must be done through the App Admin panel."

Branches: beta branches are created on the SteamPipe > Builds page. Each branch can have an optional password; users enter the password in the Betas tab of the game properties to get access. A build set live on a password-protected branch is only visible to users who entered the password.

BuildOutput / ContentRoot paths are relative to the location of the app build script.""")
        t.done("You're safe: `\"SetLive\" \"playtest\"` can only push the build to a beta branch. Steam refuses to set "
               "the **default** branch live from an upload — that's always a manual click in App Admin → SteamPipe → "
               "Builds. Whether the playtest branch is visible depends only on its password in the Builds page; the "
               "VDF doesn't carry one. Also note your `ContentRoot \"../build/\"` is resolved relative to the VDF's "
               "folder (`steam/`), so it points at the repo's `build/` — correct as is.")

    # ============================================================ S3 Mon 12-07
    with d.session("2026-12-07T09:20:00", R, branch="main", version="2.1.142"):
        t = d.task("what landed last week? last 40 commits please, grouped", tags=["noise", "long_output"])
        msgs = ["loot: add weighted LootTable", "balance: bat hp 8, spitter dmg 3", "enemies: bat sprite frames and scene",
                "Merge pull request #41 from jonahpark/feat/bat-enemy", "ui: hud gold counter pulses on pickup",
                "audio: crypt ambience loop", "run: shop every third floor", "fix: crawler stuck on door tiles",
                "art: crypt tileset v3 (lfs)", "ui: pause menu focus order", "steam: rich presence per floor",
                "balance: warden enrage at 30%", "run: floor gen rejects overlapping rooms", "ci: cache .godot/imported",
                "player: dash i-frames 0.12s", "fix: relic tooltip clipped at 480px", "audio: duck music on boss intro",
                "art: husk death anim", "run: boss on floor five", "status: burn no longer stacks",
                "ui: controller glyphs for xbox/ps", "fix: save on quit during shop", "loc: pt-BR strings pass",
                "player: coyote time 90ms", "enemies: spitter projectile arc", "balance: gold drop +10% floors 3-5",
                "art: ui icons 16px set (lfs)", "fix: camera shake ignored settings", "run: daily seed from UTC date",
                "tools: sim_runs prints deaths_top", "tools: validate_data checks weights", "ui: death screen run summary",
                "steam: achievements for first clear", "fix: burn ticked on dead enemies", "audio: footstep variations",
                "player: knockback scaled by weight", "art: player palette swap shader", "ui: settings scaling 1-4x",
                "fix: export missing app icon on windows", "chore: gdUnit4 4.3.4"]
        log = "\n".join(f"{hx(7)} {m}" for m in msgs)
        t.bash("git log --oneline -40", "Show the last 40 commits", out=log)
        t.done("""Last 40 commits, grouped:

- **Content/art**: bat enemy (#41), husk death anim, crypt tileset v3, 16px UI icon set, player palette-swap shader.
- **Runs/generation**: LootTable, shop every third floor, boss on floor five, overlap rejection in floor gen, daily seed from UTC date.
- **Balance**: bat/spitter pass, warden enrage at 30%, +10% gold on floors 3–5.
- **Player feel**: dash i-frames 0.12 s, coyote time 90 ms, knockback by weight.
- **UI**: HUD gold pulse, pause-menu focus, controller glyphs, death-screen summary, 1–4× scaling, relic tooltip clipping.
- **Steam**: rich presence per floor, first-clear achievements.
- **Tools/CI**: sim `deaths_top`, weight validation, `.godot/imported` cache in CI, gdUnit4 4.3.4.
- **Fixes**: crawler on door tiles, save on quit in shop, camera shake setting, burn on dead enemies, Windows app icon.""")

        t = d.task("add a steam achievement ACH_FIRST_BOSS when the warden dies. SteamStats.Unlock exists, also "
                   "bump the STAT_BOSSES_KILLED stat. build the C# after", tags=["oneoff:O1"])
        t.read(P("src/Steam/SteamStats.cs"))
        t.edit(P("src/Steam/SteamStats.cs"), """    public static void AddToStat(string apiName, int amount)""",
               """    public static void OnBossKilled(int bossIndex)
    {
        Unlock("ACH_FIRST_BOSS");
        AddToStat(bossIndex, 1);
    }

    public static void AddToStat(string apiName, int amount)""")
        t.fail("dotnet build", "Build the C# assembly", f"""  Determining projects to restore...
  All projects are up-to-date for restore.
{R}/src/Steam/SteamStats.cs(19,19): error CS1503: Argument 1: cannot convert from 'int' to 'string' [{R}/Hollowdeep.csproj]

Build FAILED.

{R}/src/Steam/SteamStats.cs(19,19): error CS1503: Argument 1: cannot convert from 'int' to 'string' [{R}/Hollowdeep.csproj]
    0 Warning(s)
    1 Error(s)

Time Elapsed 00:00:02.87""")
        t.edit(P("src/Steam/SteamStats.cs"), """        AddToStat(bossIndex, 1);""", """        AddToStat("STAT_BOSSES_KILLED", 1);""")
        t.edit(P("src/Steam/SteamStats.cs"), """    public static void OnBossKilled(int bossIndex)""",
               """    public static void OnBossKilled()""")
        t.bash("dotnet build", "Build again", out=dotnet_ok(rng))
        t.done("`SteamStats.OnBossKilled()` unlocks `ACH_FIRST_BOSS` and adds 1 to `STAT_BOSSES_KILLED`; call it from "
               "the warden's death handler (from GDScript through `SteamBridge`, which already forwards to the static "
               "helpers). I had passed the boss index as the stat name by mistake (CS1503); fixed, "
               "build is clean. Both API names must exist in Steamworks → Stats & Achievements and be published.")

        t = d.task("cut a playtest build 0.3.3: bump version, export linux + windows, smoke test, push to itch and "
                   "the steam playtest branch, tag it", tags=["workflow:W2", "mistake:M3"])
        t.read(P("project.godot"), limit=20)
        t.edit(P("project.godot"), 'config/version="0.3.2"', 'config/version="0.3.3"')
        t.read(P("export_presets.cfg"))
        t.edit(P("export_presets.cfg"), 'application/file_version="0.3.2"\napplication/product_version="0.3.2"',
               'application/file_version="0.3.3"\napplication/product_version="0.3.3"')
        t.bash("mkdir -p build/linux build/windows && godot --headless --export-release \"Linux\" "
               "build/linux/hollowdeep.x86_64", "Export the Linux build", out=export_out("Linux", 412, rng))
        t.fail("./build/linux/hollowdeep.x86_64 --headless -- --smoke-test", "Smoke test the exported Linux build",
               smoke_missing("res://data/balance.cfg"))
        t.grep("balance.cfg", output_mode="content", n=True, content=f"""{R}/src/autoload/game_state.gd:9:const BALANCE_PATH := "res://data/balance.cfg"
{R}/src/autoload/game_state.gd:31:	if _balance.load(BALANCE_PATH) != OK:""")
        t.say("`data/balance.cfg` (the ConfigFile GameState reads since last week) isn't a resource, so "
              "`all_resources` leaves it out unless the preset's include filter names it. Adding it to both desktop presets.")
        t.edit(P("export_presets.cfg"), 'include_filter="data/*.txt"', 'include_filter="data/*.txt, data/*.cfg"',
               replace_all=True)
        t.bash("godot --headless --export-release \"Linux\" build/linux/hollowdeep.x86_64", "Re-export Linux",
               out=export_out("Linux", 413, rng))
        t.bash("./build/linux/hollowdeep.x86_64 --headless -- --smoke-test", "Smoke test again",
               out=smoke_ok(7, 5, ["smoke: balance.cfg: 4 sections"]))
        t.bash("godot --headless --export-release \"Windows Desktop\" build/windows/Hollowdeep.exe",
               "Export the Windows build", out=export_out("Windows Desktop", 413, rng))
        t.bash("butler push build/linux jonahpark/hollowdeep:linux --userversion 0.3.3", "Push Linux to itch",
               out=butler_out("linux", 1204511, "61.38", "4.11", "2.86", "95.34"))
        t.bash("butler push build/windows jonahpark/hollowdeep:windows --userversion 0.3.3", "Push Windows to itch",
               out=butler_out("windows", 1204512, "64.02", "4.37", "3.02", "95.28"))
        t.read(P(VDF))
        t.edit(P(VDF), '"Desc" "playtest 0.3.2"', '"Desc" "playtest 0.3.3"')
        t.bash(f"steamcmd +login hollowdeep_build +run_app_build \"$PWD/{VDF}\" +quit", "Upload to Steam playtest",
               out=steamcmd_out(16022391, "2026-12-07", "9.8"))
        t.bash("git commit -am \"release: playtest 0.3.3\" && git tag -a v0.3.3 -m \"playtest 0.3.3\" && "
               "git push origin main v0.3.3", "Commit, tag and push",
               out=commit_out("main", "release: playtest 0.3.3", 3, 8, 8) +
               "\nTo github.com:jonahpark/hollowdeep.git\n   " + hx(7) + ".." + hx(7) + "  main -> main\n * [new tag]         v0.3.3 -> v0.3.3")
        t.done("Playtest 0.3.3 is out: itch `linux` and `windows` channels pushed, Steam BuildID 16022391 is live on "
               "the `playtest` branch, `v0.3.3` tagged and pushed.\n\nThe first smoke test failed: the export didn't "
               "contain `data/balance.cfg`. Non-resource files need to be listed in the preset's include filter; I added "
               "`data/*.cfg` to the Linux and Windows presets (and Web), re-exported, and the smoke test passed.")

    # ============================================================ S4 Thu 12-10 (ends: other)
    with d.session("2026-12-10T20:15:00", R, branch="feat/relic-data", version="2.1.143", end_reason="other"):
        t = d.task("let's do the RelicData wrapper you suggested: class_name RelicData (RefCounted), built from the "
                   "json entry, and a RelicPool that rolls by rarity using LootTable. static types on everything, "
                   "no untyped vars. tests too. editor's closed btw", tags=["mistake:M1", "pref:P1"])
        t.write(P("src/loot/relic_data.gd"), """class_name RelicData
extends RefCounted
## Typed view of one entry of data/relics.json.

enum Rarity { COMMON, UNCOMMON, RARE }

var id: String
var rarity: Rarity
var weight: float
var effect: StringName
var value: float


static func from_dict(relic_id: String, d: Dictionary) -> RelicData:
	var r := RelicData.new()
	r.id = relic_id
	r.rarity = Rarity[String(d["rarity"]).to_upper()]
	r.weight = float(d["weight"])
	r.effect = StringName(d["effect"])
	r.value = float(d["value"])
	return r
""")
        t.write(P("src/loot/relic_pool.gd"), """class_name RelicPool
extends RefCounted
## All relics, rolled by rarity with LootTable.

var _by_id: Dictionary = {}
var _tables: Dictionary = {}


func _init(raw: Dictionary) -> void:
	for relic_id: String in raw:
		var r: RelicData = RelicData.from_dict(relic_id, raw[relic_id])
		_by_id[relic_id] = r
		if not _tables.has(r.rarity):
			_tables[r.rarity] = LootTable.new()
		(_tables[r.rarity] as LootTable).add(relic_id, r.weight)


func get_relic(relic_id: String) -> RelicData:
	return _by_id.get(relic_id) as RelicData


func roll(rarity: RelicData.Rarity, rng: RandomNumberGenerator) -> RelicData:
	var table: LootTable = _tables.get(rarity) as LootTable
	if table == null:
		return null
	return get_relic(table.roll(rng))
""")
        t.write(P("test/loot/relic_pool_test.gd"), """# GdUnit generated TestSuite
class_name RelicPoolTest
extends GdUnitTestSuite

const RAW := {
	"a": {"rarity": "common", "weight": 1, "effect": "x", "value": 1},
	"b": {"rarity": "rare", "weight": 1, "effect": "y", "value": 2},
}


func test_from_dict_maps_rarity() -> void:
	var r: RelicData = RelicData.from_dict("b", RAW["b"])
	assert_int(r.rarity).is_equal(RelicData.Rarity.RARE)


func test_roll_stays_in_rarity() -> void:
	var pool := RelicPool.new(RAW)
	var rng: RandomNumberGenerator = RunSeed.make_rng(3)
	for i: int in 30:
		assert_str(pool.roll(RelicData.Rarity.RARE, rng).id).is_equal("b")


func test_roll_missing_rarity_is_null() -> void:
	var pool := RelicPool.new(RAW)
	assert_object(pool.roll(RelicData.Rarity.UNCOMMON, RunSeed.make_rng(3))).is_null()
""")
        t.fail(f"{GDUNIT} -a res://test/loot/relic_pool_test.gd", "Run the new relic pool tests",
               class_missing("res://test/loot/relic_pool_test.gd", 12, "RelicData", 38), code=100)
        t.say("Same situation as with LootTable: `RelicData`/`RelicPool` are new global classes and the cache "
              "doesn't know them while the editor is closed. Importing first.")
        t.bash("godot --headless --import", "Register the new global classes",
               out=import_out(["DataDB", "Damage", "DamageTest", "GameState", "LootTable", "LootTableTest",
                               "RelicData", "RelicPool", "RelicPoolTest", "RunSeed"]))
        t.bash(f"{GDUNIT} -a res://test/loot/relic_pool_test.gd", "Re-run the relic pool tests",
               out=gdunit_out([("res://test/loot/relic_pool_test.gd",
                                ["test_from_dict_maps_rarity", "test_roll_stays_in_rarity",
                                 "test_roll_missing_rarity_is_null"])], 39, rng))
        t.bash("git add src/loot test/loot && git commit -m \"loot: RelicData and RelicPool\"", "Commit",
               out=commit_out("feat/relic-data", "loot: RelicData and RelicPool", 3, 74, 0))
        t.done("`RelicData` (typed view with a `Rarity` enum) and `RelicPool` (one `LootTable` per rarity) are in "
               "`src/loot/`, 3 tests pass, committed on `feat/relic-data`. Nothing reads them yet — DataDB still "
               "exposes the raw dict; wiring the pool into the merchant and chest drops is the next step.\n\nAs with "
               "LootTable the first run couldn't find the new type until `godot --headless --import` had registered it.")

        t = d.task("write the patch notes for 0.3.3 for the itch devlog, as a bullet list grouped by "
                   "new / changed / fixed. save to devlog/0.3.3.md", tags=["pref:P3"])
        t.bash("git log --oneline v0.3.2..v0.3.3", "Commits in 0.3.3", out="\n".join(f"{hx(7)} {m}" for m in [
            "release: playtest 0.3.3", "Merge pull request #41 from jonahpark/feat/bat-enemy",
            "enemies: bat sprite frames and scene", "balance: bat hp 8, spitter dmg 3", "loot: add weighted LootTable",
            "steam: ACH_FIRST_BOSS and bosses-killed stat", "ui: hud gold counter pulses on pickup",
            "fix: burn ticked on dead enemies", "fix: save on quit during shop"]))
        t.write(P("devlog/0.3.3.md"), """# Hollowdeep 0.3.3 — the bats have arrived

Hey everyone! Playtest 0.3.3 is live on itch and the Steam playtest branch. Here's everything that changed.

## New
- **Bats!** A fast, fragile flyer that swoops in from the dark corners of the crypt. They have 8 HP and come in groups of two or three, so keep your dash ready.
- **Loot tables.** Chests and the merchant now roll relics with proper weights, so rare relics actually feel rare. Under the hood this also makes every seeded run reproducible.
- **Steam achievement:** "Warden's End" for defeating the first boss, plus a lifetime stat for bosses killed.
- **HUD polish:** the gold counter now pulses when you pick something up, which makes it much easier to notice gold in the middle of a fight.

## Changed
- Spitters hit a little softer (4 → 3 damage). They were responsible for almost a third of all floor-2 deaths in our simulations.
- Bats went from 6 to 8 HP after the first round of feedback said they died before you could even see them.

## Fixed
- Burn no longer keeps ticking on enemies that are already dead (and no longer gives you gold twice).
- Quitting while the shop is open no longer loses your purchases.

Thanks to everyone who sent feedback on the Discord — keep it coming! Next up: relic rarity rework and the second act.
""")
        t.done("Saved `devlog/0.3.3.md`: bulleted New / Changed / Fixed from the 9 commits in `v0.3.2..v0.3.3`, "
               "with a short intro and outro.")

        t = d.task("push the new art to origin, I added a bunch of tilesets in lfs", tags=["unfixed:U1"])
        t.bash("git lfs status", "Show pending LFS objects", out="""On branch feat/relic-data

Objects to be pushed to origin/feat/relic-data:

	art/tiles/crypt_v4.aseprite (LFS: 3c9b1e0) (18 MB)
	art/tiles/ossuary.aseprite (LFS: 8fe02a4) (22 MB)
	art/tiles/ossuary_props.aseprite (LFS: d41a7c9) (9.4 MB)

Objects to be committed:


Objects not staged for commit:

""")
        t.fail("git push origin feat/relic-data", "Push the branch with the LFS objects", """batch response: This repository is over its data quota. Account responsible for LFS bandwidth should purchase more data packs to restore access.
error: failed to push some refs to 'github.com:jonahpark/hollowdeep.git'""")
        t.bash("gh api /users/jonahpark/settings/billing/shared-storage 2>&1 | head -5", "Check the storage usage",
               out="""{
  "days_left_in_billing_cycle": 21,
  "estimated_paid_storage_for_month": 0,
  "estimated_storage_for_month": 1
}""")
        t.done("The push is blocked by GitHub, not by git: the account is over its **Git LFS data quota** "
               "(`This repository is over its data quota`), so no LFS upload is accepted until a data pack is bought "
               "(Settings → Billing → Git LFS data, $5 for 50 GB) or the cycle resets in 21 days. Nothing was pushed; "
               "the branch and the three tilesets (~49 MB) are safe locally. I didn't try anything else — buying the "
               "pack is your call.")

    # ============================================================ S5 Mon 12-14
    with d.session("2026-12-14T10:10:00", R, branch="main", version="2.1.144"):
        t = d.task("the devlog you wrote for 0.3.3 was way too long, I had to cut half of it before posting. nobody "
                   "reads more than a screen. trim devlog/0.3.3.md to what I actually posted: one line intro, the "
                   "items, no commentary", tags=["feedback"],
                   feedback="the devlog you wrote for 0.3.3 was way too long, I had to cut half of it before posting. "
                            "nobody reads more than a screen.")
        t.read(P("devlog/0.3.3.md"))
        t.write(P("devlog/0.3.3.md"), """# Hollowdeep 0.3.3

Playtest 0.3.3 is live on itch and the Steam playtest branch.

## New
- Bats: fast, fragile flyers (8 HP), in groups of 2–3.
- Weighted loot tables for chests and the merchant.
- Steam achievement "Warden's End".
- Gold counter pulses on pickup.

## Changed
- Spitter damage 4 → 3.

## Fixed
- Burn ticking on dead enemies.
- Purchases lost when quitting in the shop.
""")
        t.done("Trimmed to 17 lines: one-line intro, one short line per item, no commentary or sign-off. "
               "I'll keep devlogs to about a screen from now on.")

        t = d.task("balance again: warden hp 180 -> 165 and bump glass_fang weight 12 -> 16. validate, sim 500, "
                   "commit", tags=["workflow:W1"])
        t.read(P("data/enemies.json"))
        t.read(P("data/relics.json"))
        t.edit(P("data/enemies.json"), '"warden": {"hp": 180,', '"warden": {"hp": 165,')
        t.edit(P("data/relics.json"), '"glass_fang": {"rarity": "uncommon", "weight": 12,',
               '"glass_fang": {"rarity": "uncommon", "weight": 16,')
        t.bash("godot --headless --script tools/validate_data.gd", "Validate the data tables", out=validate_out(7, 5))
        t.bash("godot --headless --script tools/sim_runs.gd -- --runs 500 --seed 2000", "Simulate 500 runs",
               out=sim_out(500, 2000, [(1, "97.0%", 41.1, 38), (2, "88.9%", 33.4, 72), (3, "72.3%", 28.0, 110),
                                       (4, "51.2%", 22.5, 151), (5, "25.6%", 17.9, 204)], rng))
        t.bash("git commit -am \"balance: warden hp 165, glass_fang weight 16\"", "Commit",
               out=commit_out("main", "balance: warden hp 165, glass_fang weight 16", 2, 2, 2))
        t.done("Win rate 25.6% — still in band but near the top (it was 23.4%). Committed. If the next pass makes "
               "anything easier, floor 5 is where I'd take it back.")

        t = d.task("how would you version save files? I'm about to add meta-progression and don't want to brick "
                   "saves from the playtest", tags=["noise", "no_tools"])
        t.done("""Keep it boring and explicit:

1. **A version field at the top of the save** (`{"version": 3, ...}`), written by every save.
2. **One migration function per step**: `_migrate_1_to_2(d: Dictionary) -> Dictionary`, `_migrate_2_to_3`… On load, loop while `d.version < CURRENT` and apply the next step. Never edit an old migration once shipped.
3. **Defaults on read**: every field read with `d.get("key", default)`, so a missing field is a default, not a crash.
4. **Back up before migrating**: copy `user://save.json` to `user://save.v2.bak` before writing the migrated file.
5. **Tests**: keep a real save from each shipped version in `test/fixtures/saves/` and a gdUnit test that loads each and checks the result.

For meta-progression, store it in a separate file from the run save — runs get abandoned and corrupted far more often, and you never want a broken run to take unlocks with it.""")

        t = d.task("player dash anim is in art/player/hero.aseprite now (tag dash next to idle/run/hit). re-export "
                   "hero and rebuild its frames", tags=["mistake:M2"])
        t.bash("aseprite -b art/player/hero.aseprite --sheet art/export/player/hero.png "
               "--data art/export/player/hero.json --format json-array --sheet-pack", "Export the hero sheet", out="")
        t.fail("godot --headless --script tools/import_sheet.gd -- art/export/player/hero.json",
               "Rebuild the hero SpriteFrames", import_frames_fail("art/export/player/hero.json"))
        t.say("Same as the bat sheet: the JSON has no `meta.frameTags` because the export didn't ask for tags.")
        t.bash("aseprite -b art/player/hero.aseprite --list-tags --sheet art/export/player/hero.png "
               "--data art/export/player/hero.json --format json-array --sheet-pack",
               "Re-export with the tags listed", out="")
        t.bash("godot --headless --script tools/import_sheet.gd -- art/export/player/hero.json",
               "Rebuild the hero SpriteFrames", out=import_frames_ok("art/export/player/hero.json", 5))
        t.done("`art/frames/player/hero.tres` rebuilt with 5 animations including `dash`. The first export again "
               "came out without frame tags; with `--list-tags` the importer is happy.")

    # ============================================================ S6 Thu 12-17 (compaction)
    with d.session("2026-12-17T09:00:00", R, branch="fix/crit-rounding", version="2.1.145"):
        t = d.task("crits on odd damage round down (7 * 1.5 = 10). they should round half up. fix + test",
                   tags=["oneoff:O2"])
        t.read(P("src/combat/damage.gd"))
        t.read(P("test/combat/damage_test.gd"))
        t.edit(P("test/combat/damage_test.gd"), """func test_crit_multiplies() -> void:
	assert_int(Damage.resolve(10, 0, true)).is_equal(15)
""", """func test_crit_multiplies() -> void:
	assert_int(Damage.resolve(10, 0, true)).is_equal(15)


func test_crit_rounds_half_up() -> void:
	assert_int(Damage.resolve(7, 0, true)).is_equal(11)
""")
        t.fail(f"{GDUNIT} -a res://test/combat/damage_test.gd", "Run the damage tests (expect the new one to fail)",
               gdunit_out([("res://test/combat/damage_test.gd",
                            ["test_armor_reduces_damage", "test_minimum_one_damage", "test_crit_multiplies",
                             "test_crit_rounds_half_up"])], 44, rng,
                          failed={"test_crit_rounds_half_up":
                                  "    res://test/combat/damage_test.gd:20\n     Expecting:\n      '11'\n     but was\n      '10'"}),
               code=100)
        t.edit(P("src/combat/damage.gd"), "	return int(dmg)", "	return int(roundf(dmg))")
        t.bash(f"{GDUNIT} -a res://test/combat/damage_test.gd", "Run the damage tests again",
               out=gdunit_out([("res://test/combat/damage_test.gd",
                                ["test_armor_reduces_damage", "test_minimum_one_damage", "test_crit_multiplies",
                                 "test_crit_rounds_half_up"])], 45, rng))
        t.done("`Damage.resolve` now returns `int(roundf(dmg))`, so 7 crit = 11 (10.5 rounds half away from zero). "
               "New test `test_crit_rounds_half_up` failed first (10) and passes now with the other 3.")

        t = d.task("ship it — the usual, build + full suite + PR", tags=["workflow:W3", "long_output"])
        t.bash("dotnet build", "Build the C# assembly", out=dotnet_ok(rng))
        suites = [(k, v) for k, v in SUITES.items()]
        suites[0] = ("res://test/combat/damage_test.gd", SUITES["res://test/combat/damage_test.gd"] + ["test_crit_rounds_half_up"])
        suites += [("res://test/loot/loot_table_test.gd", ["test_empty_table_rolls_empty_string",
                                                            "test_single_entry_always_wins", "test_weights_are_respected",
                                                            "test_same_seed_same_sequence"]),
                   ("res://test/loot/relic_pool_test.gd", ["test_from_dict_maps_rarity", "test_roll_stays_in_rarity",
                                                            "test_roll_missing_rarity_is_null"])]
        t.bash(f"{GDUNIT} -a res://test", "Run the full gdUnit suite", out=gdunit_out(suites, 46, rng))
        t.bash("git commit -am \"combat: crits round half up\"", "Commit",
               out=commit_out("fix/crit-rounding", "combat: crits round half up", 2, 6, 1))
        t.bash("git push -u origin fix/crit-rounding", "Push", out=push_new("fix/crit-rounding"))
        t.bash("gh pr create --base main --title \"Crits round half up\" --body \"7 dmg crit was 10, now 11. "
               "Test added.\"", "Open the PR", out="https://github.com/jonahpark/hollowdeep/pull/43")
        t.done("PR #43: https://github.com/jonahpark/hollowdeep/pull/43 — build clean, all 34 tests pass.")

        d.precompact("""Analysis: Jonah Park, solo dev of Hollowdeep (Godot 4.3 .NET, GDScript + a little C# for Steamworks.NET), repo /home/jonah/dev/hollowdeep. Tests: gdUnit4 headless via GdUnitCmdTool.gd --ignoreHeadlessMode. Releases: export Linux/Windows presets, smoke test the Linux binary with -- --smoke-test, butler to itch (jonahpark/hollowdeep:linux|windows), steamcmd with steam/app_build_3215470.vdf to the playtest branch, tag vX.Y.Z.

Summary:
1. Crit rounding: Damage.resolve returns int(roundf(dmg)); new test test_crit_rounds_half_up; failed first, passes now.
2. Shipped fix/crit-rounding: dotnet build OK, full suite 34 tests pass, PR #43 open.
3. Jonah wants fully typed GDScript; devlogs short (about a screen); patch notes as bullets.
Pending: nothing.""")

        t = d.task("shop panel: hook up the buy button. connect signals in code in _ready, not in the scene "
                   "editor — I keep losing connections when I rename nodes. GameState has gold_changed(amount)",
                   tags=["pref:P2"])
        t.read(P("src/ui/shop_panel.gd"))
        t.grep("signal ", path=P("src/autoload/game_state.gd"), output_mode="content", n=True,
               content="3:signal gold_changed(amount: int)\n4:signal relic_added(relic_id: String)")
        t.edit(P("src/ui/shop_panel.gd"), """func _ready() -> void:
	_refresh_gold(GameState.gold)""", """func _ready() -> void:
	_buy_button.pressed.connect(_on_buy_button_pressed)
	GameState.gold_changed.connect(_refresh_gold)
	_refresh_gold(GameState.gold)""")
        t.edit(P("src/ui/shop_panel.gd"), """func _on_buy_button_pressed() -> void:
	pass""", """func _on_buy_button_pressed() -> void:
	if _selected.is_empty():
		return
	var price: int = int(DataDB.relics[_selected].get("price", 0))
	if GameState.gold < price:
		return
	GameState.spend_gold(price)
	GameState.add_relic(_selected)""")
        t.bash("grep -n \"signal_connection\\|\\[connection\" scenes/ui/shop_panel.tscn || true",
               "Check the scene has no editor connections left", out="")
        t.done("The buy button and `GameState.gold_changed` are connected in `_ready()`; the scene has no "
               "`[connection]` entries, so nothing is wired twice. Buying checks the selection and the price, "
               "spends gold and adds the relic; the label updates through the signal.")

    # ============================================================ S7 Tue 12-22 (acceptEdits)
    with d.session("2026-12-22T13:30:00", R, branch="feat/room-templates", version="2.1.146",
                   permission_mode="acceptEdits"):
        t = d.task("new class RoomTemplate (size, door slots, spawn points) + a tools/preview_rooms.gd that loads "
                   "all templates and prints an ascii preview. everything statically typed like the rest. run the "
                   "preview", tags=["mistake:M1", "pref:P1"])
        t.write(P("src/run/room_template.gd"), """class_name RoomTemplate
extends Resource
## A hand-made room shape that floor generation can place.

@export var size: Vector2i = Vector2i(15, 9)
@export var doors: Array[Vector2i] = []
@export var spawns: Array[Vector2i] = []
@export var weight: float = 1.0


func ascii() -> String:
	var rows: PackedStringArray = []
	for y: int in size.y:
		var row: String = ""
		for x: int in size.x:
			var c := Vector2i(x, y)
			if c in doors:
				row += "D"
			elif c in spawns:
				row += "s"
			elif x == 0 or y == 0 or x == size.x - 1 or y == size.y - 1:
				row += "#"
			else:
				row += "."
		rows.append(row)
	return "\\n".join(rows)
""")
        t.write(P("tools/preview_rooms.gd"), """extends SceneTree
## godot --headless --script tools/preview_rooms.gd


func _init() -> void:
	var dir := DirAccess.open("res://data/rooms")
	var count: int = 0
	for file: String in dir.get_files():
		if not file.ends_with(".tres"):
			continue
		var room: RoomTemplate = load("res://data/rooms/" + file) as RoomTemplate
		print("== %s (%dx%d, %d doors)" % [file, room.size.x, room.size.y, room.doors.size()])
		print(room.ascii())
		count += 1
	print("preview_rooms: %d templates" % count)
	quit(0)
""")
        t.fail("godot --headless --script tools/preview_rooms.gd", "Print the room previews", "\n".join([
            GH, "",
            'SCRIPT ERROR: Parse Error: Could not find type "RoomTemplate" in the current scope.',
            "          at: GDScript::reload (res://tools/preview_rooms.gd:11)",
            'ERROR: Failed to load script "res://tools/preview_rooms.gd" with error "Parse error".',
            "   at: load (modules/gdscript/gdscript.cpp:2936)",
            "ERROR: Can't load script: res://tools/preview_rooms.gd",
            "   at: start (main/main.cpp:3771)"]))
        t.bash("godot --headless --import", "Register RoomTemplate in the class cache",
               out=import_out(["DataDB", "Damage", "DamageTest", "GameState", "LootTable", "LootTableTest",
                               "RelicData", "RelicPool", "RelicPoolTest", "RoomTemplate", "RunSeed"]))
        rooms = []
        for name, (w, h), doors in [("crypt_hall.tres", (15, 9), 2), ("crypt_cross.tres", (11, 11), 4),
                                    ("ossuary_nook.tres", (9, 7), 1)]:
            rows = []
            for y in range(h):
                row = ""
                for x in range(w):
                    if (doors >= 1 and y == h // 2 and x == 0) or (doors >= 2 and y == h // 2 and x == w - 1) or \
                            (doors >= 3 and x == w // 2 and y == 0) or (doors >= 4 and x == w // 2 and y == h - 1):
                        row += "D"
                    elif (x, y) in ((2, 2), (w - 3, h - 3)):
                        row += "s"
                    elif x in (0, w - 1) or y in (0, h - 1):
                        row += "#"
                    else:
                        row += "."
                rows.append(row)
            rooms.append(f"== {name} ({w}x{h}, {doors} doors)\n" + "\n".join(rows))
        t.bash("godot --headless --script tools/preview_rooms.gd", "Print the room previews again",
               out=GH + "\n\n" + "\n".join(rooms) + "\npreview_rooms: 3 templates")
        t.done("`RoomTemplate` (typed `@export`s: size, doors, spawns, weight, plus `ascii()`) and "
               "`tools/preview_rooms.gd` are in. The preview prints the 3 templates in `data/rooms/` (hall 15×9, "
               "cross 11×11, nook 9×7). It first failed to parse because `RoomTemplate` wasn't registered yet; "
               "`godot --headless --import` fixed that.")

        t = d.task("playtest 0.3.4 with the lore pages (data/lore/*.md, the codex reads them). same release "
                   "routine as last time", tags=["workflow:W2", "mistake:M3"])
        t.read(P("project.godot"), limit=20)
        t.read(P("export_presets.cfg"))
        t.edit(P("project.godot"), 'config/version="0.3.3"', 'config/version="0.3.4"')
        t.edit(P("export_presets.cfg"), 'application/file_version="0.3.3"\napplication/product_version="0.3.3"',
               'application/file_version="0.3.4"\napplication/product_version="0.3.4"')
        t.bash("godot --headless --export-release \"Linux\" build/linux/hollowdeep.x86_64", "Export Linux",
               out=export_out("Linux", 431, rng))
        t.fail("./build/linux/hollowdeep.x86_64 --headless -- --smoke-test --codex", "Smoke test incl. the codex",
               "\n".join([GH, "", "smoke: loading data tables", "smoke: 7 relics, 5 enemies, 212 names",
                          "smoke: codex: 6 pages listed"] +
                         [x for page in ("abbot", "crypt", "lantern", "ossuary", "saint", "warden") for x in (
                             f"ERROR: DataDB: cannot open res://data/lore/{page}.md (File not found)",
                             "   at: push_error (core/variant/variant_utility.cpp:1092)")] +
                         ["smoke: FAILED (6 data errors)"]))
        t.say("The lore markdown isn't in the pack — `.md` isn't a resource either. Extending the presets' include "
              "filter with the lore folder.")
        t.edit(P("export_presets.cfg"), 'include_filter="data/*.txt, data/*.cfg"',
               'include_filter="data/*.txt, data/*.cfg, data/lore/*.md"', replace_all=True)
        t.bash("godot --headless --export-release \"Linux\" build/linux/hollowdeep.x86_64", "Re-export Linux",
               out=export_out("Linux", 437, rng))
        t.bash("./build/linux/hollowdeep.x86_64 --headless -- --smoke-test --codex", "Smoke test again",
               out=smoke_ok(7, 5, ["smoke: balance.cfg: 4 sections", "smoke: codex: 6 pages listed, 6 loaded"]))
        t.bash("godot --headless --export-release \"Windows Desktop\" build/windows/Hollowdeep.exe", "Export Windows",
               out=export_out("Windows Desktop", 437, rng))
        t.bash("butler push build/linux jonahpark/hollowdeep:linux --userversion 0.3.4", "Push Linux to itch",
               out=butler_out("linux", 1211870, "61.52", "0.38", "0.61", "99.01"))
        t.bash("butler push build/windows jonahpark/hollowdeep:windows --userversion 0.3.4", "Push Windows to itch",
               out=butler_out("windows", 1211871, "64.17", "0.39", "0.64", "99.00"))
        t.read(P(VDF))
        t.edit(P(VDF), '"Desc" "playtest 0.3.3"', '"Desc" "playtest 0.3.4"')
        t.bash(f"steamcmd +login hollowdeep_build +run_app_build \"$PWD/{VDF}\" +quit", "Upload to Steam playtest",
               out=steamcmd_out(16110847, "2026-12-22", "1.2"))
        t.bash("git commit -am \"release: playtest 0.3.4\" && git tag -a v0.3.4 -m \"playtest 0.3.4\" && "
               "git push origin feat/room-templates v0.3.4", "Commit, tag and push",
               out=commit_out("feat/room-templates", "release: playtest 0.3.4", 3, 8, 8) +
               "\nTo github.com:jonahpark/hollowdeep.git\n   " + hx(7) + ".." + hx(7) +
               "  feat/room-templates -> feat/room-templates\n * [new tag]         v0.3.4 -> v0.3.4")
        t.done("0.3.4 is out: itch linux/windows pushed, Steam BuildID 16110847 live on `playtest`, `v0.3.4` "
               "tagged.\n\n- The codex smoke test failed at first: the 6 lore `.md` pages weren't exported. Added "
               "`data/lore/*.md` to the presets' include filter; re-export passed.")

        t = d.task("also make a web demo build for the itch page, the Web preset is there", tags=["unfixed:U2"])
        t.fail("mkdir -p build/web && godot --headless --export-release \"Web\" build/web/index.html",
               "Export the Web build", "\n".join([
                   GH, "",
                   'ERROR: Cannot export project with preset "Web" due to configuration errors:',
                   "Exporting to Web is currently not supported in Godot 4 when using C#/.NET. Use Godot 3 to target "
                   "Web with C#/Mono instead.",
                   "If this project does not use C#, use a non-C# editor build to export the project.",
                   "",
                   "   at: _fs_changed (editor/editor_node.cpp:1047)",
                   'ERROR: Project export for preset "Web" failed.',
                   "   at: _fs_changed (editor/editor_node.cpp:1062)"]))
        t.done("Can't be done with this project as it is: Godot 4.3's .NET build refuses Web exports outright "
               "(`Exporting to Web is currently not supported in Godot 4 when using C#/.NET`). It isn't a setting — "
               "the engine has no C# web runtime in 4.x yet. Options, all yours to decide: drop the web demo, port "
               "`SteamBridge`/`SteamStats` to GDScript (GodotSteam) so the project has no C#, or keep a separate "
               "GDScript-only demo branch exported with the standard editor. I didn't change anything.")

    # ============================================================ S8 Mon 12-28
    with d.session("2026-12-28T11:00:00", R, branch="main", version="2.1.147"):
        t = d.task("where do we seed the rng for daily runs, and does floor gen use the same rng as loot?",
                   tags=["noise"])
        t.grep("RunSeed\\.", output_mode="content", n=True, content=f"""{R}/src/autoload/game_state.gd:44:	run_seed = RunSeed.for_daily(int(Time.get_unix_time_from_system())) if daily else randi()
{R}/src/autoload/game_state.gd:45:	rng = RunSeed.make_rng(run_seed)
{R}/src/run/floor_gen.gd:18:	var rng: RandomNumberGenerator = GameState.rng
{R}/src/ui/shop_panel.gd:27:	var stock_rng: RandomNumberGenerator = GameState.rng""")
        t.read(P("src/run/run_seed.gd"))
        t.done("Daily seed: `GameState` (line 44) calls `RunSeed.for_daily(unix_time)`, which hashes "
               "`hollowdeep-daily-YYYY-MM-DD` from the **UTC** date, then `make_rng` builds one "
               "`RandomNumberGenerator`.\n\nAnd yes — floor gen (`floor_gen.gd:18`) and the shop stock "
               "(`shop_panel.gd:27`) both draw from that same `GameState.rng`. That means anything that rolls an "
               "extra number earlier (e.g. an extra loot roll) shifts every later floor, so two players on the same "
               "daily can get different dungeons once their choices differ. If dailies should have identical "
               "layouts, give floor gen its own RNG seeded from `run_seed + floor_index`.")

        t = d.task("tweak: tar_boots weight 14 -> 10, rusted_key value 0.1 -> 0.15. validate, sim, commit",
                   tags=["workflow:W1"])
        t.read(P("data/relics.json"))
        t.edit(P("data/relics.json"), '"tar_boots": {"rarity": "uncommon", "weight": 14,',
               '"tar_boots": {"rarity": "uncommon", "weight": 10,')
        t.edit(P("data/relics.json"), '"effect": "shop_discount", "value": 0.1}', '"effect": "shop_discount", "value": 0.15}')
        t.bash("godot --headless --script tools/validate_data.gd", "Validate the data tables", out=validate_out(7, 5))
        t.bash("godot --headless --script tools/sim_runs.gd -- --runs 500 --seed 3000", "Simulate 500 runs",
               out=sim_out(500, 3000, [(1, "97.1%", 41.0, 39), (2, "88.6%", 33.1, 74), (3, "72.0%", 27.7, 113),
                                       (4, "50.6%", 22.2, 155), (5, "24.9%", 18.0, 209)], rng))
        t.bash("git commit -am \"balance: tar_boots weight 10, rusted_key 15%\"", "Commit",
               out=commit_out("main", "balance: tar_boots weight 10, rusted_key 15%", 1, 2, 2))
        t.done("Valid, 500-run sim at 24.9% win rate (in band), committed.")

        t = d.task("Kuba finished the ossuary boss: art/enemies/bone_abbot.aseprite with idle, walk, slam, summon, "
                   "death. export + frames please", tags=["mistake:M2"])
        t.bash("git lfs pull --include=\"art/enemies/bone_abbot.aseprite\"", "Fetch the boss art", out="")
        t.bash(aseprite_cmd("art/enemies/bone_abbot.aseprite", "art/export/enemies/bone_abbot").replace(" --trim", ""),
               "Export the boss sheet", out="")
        t.fail("godot --headless --script tools/import_sheet.gd -- art/export/enemies/bone_abbot.json",
               "Build the boss SpriteFrames", import_frames_fail("art/export/enemies/bone_abbot.json"))
        t.bash(aseprite_cmd("art/enemies/bone_abbot.aseprite", "art/export/enemies/bone_abbot",
                            list_tags=True).replace(" --trim", ""),
               "Re-export including frame tags", out="")
        t.bash("godot --headless --script tools/import_sheet.gd -- art/export/enemies/bone_abbot.json",
               "Build the boss SpriteFrames again", out=import_frames_ok("art/export/enemies/bone_abbot.json", 5))
        t.done("`art/frames/enemies/bone_abbot.tres` has all 5 animations (idle, walk, slam, summon, death). The "
               "first export missed the tag list again; re-exported with `--list-tags`.")

        t = d.task("patch notes for 0.3.4 in devlog/0.3.4.md — and this time not bullets: a couple of short prose "
                   "paragraphs, bullet lists read like a corporate changelog. still short", tags=["reversal:P3"])
        t.bash("git log --oneline v0.3.3..v0.3.4", "Commits in 0.3.4", out="\n".join(f"{hx(7)} {m}" for m in [
            "release: playtest 0.3.4", "codex: lore pages", "loot: RelicData and RelicPool",
            "combat: crits round half up", "ui: shop buy button", "enemies: hero dash anim",
            "balance: warden hp 165, glass_fang weight 16"]))
        t.write(P("devlog/0.3.4.md"), """# Hollowdeep 0.3.4

The codex is in: six lore pages you unlock as you go deeper, starting with the Warden and the Ossuary. The shop's buy button finally works the way it should, and the hero has a proper dash animation.

Balance-wise the Warden is a little less tanky (165 HP), Glass Fang shows up more often, and critical hits now round up — a 7-damage crit does 11, not 10.
""")
        t.done("`devlog/0.3.4.md`: two short paragraphs, no bullets — content first (codex, shop, dash), then "
               "balance (Warden HP, Glass Fang, crit rounding).")

    # ============================================================ S9 Thu 12-31
    with d.session("2026-12-31T10:30:00", R, branch="ci/godot-export", version="2.1.148"):
        t = d.task("ship feat/room-templates too — build, suite, push, PR", tags=["workflow:W3", "flaky:F1"])
        t.bash("git switch feat/room-templates", "Switch to the branch",
               out="Switched to branch 'feat/room-templates'\nYour branch is up to date with 'origin/feat/room-templates'.")
        t.bash("dotnet build", "Build the C# assembly", out=dotnet_ok(rng))
        t.bash(f"{GDUNIT} -a res://test", "Run the full gdUnit suite", out=gdunit_out(suites, 52, rng))
        t.fail("git push -u origin feat/room-templates", "Push", """kex_exchange_identification: read: Connection reset by peer
Connection reset by 140.82.121.3 port 22
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.""", code=128)
        t.bash("git push -u origin feat/room-templates", "Push", out="branch 'feat/room-templates' set up to track "
               "'origin/feat/room-templates'.\nEverything up-to-date")
        t.bash("gh pr create --base main --title \"Room templates + preview tool\" --body \"RoomTemplate resource, "
               "tools/preview_rooms.gd, 3 templates. Also carries the 0.3.4 release commit.\"", "Open the PR",
               out="https://github.com/jonahpark/hollowdeep/pull/46")
        t.done("PR #46: https://github.com/jonahpark/hollowdeep/pull/46 — build clean, 34/34 tests pass. The first push "
               "got its SSH connection reset by github.com; the same push went through right after.")

        t = d.task("run-based vs persistent unlocks — for a game like this, should meta-progression give stats "
                   "or only new options? short take", tags=["noise", "no_tools"])
        t.done("Options, mostly. Permanent stat boosts make early runs a grind you have to get through and flatten "
               "your balance bands (your 18–26% win-rate target would drift upward every hour played). Unlocking "
               "new relics, characters and starting loadouts keeps the difficulty honest while still rewarding "
               "time spent — Dead Cells and Slay the Spire both lean this way. If you want some stat progression, "
               "cap it low and make it opt-out (a \"heat\"-style toggle).")

        t = d.task("CI: add .github/workflows/export.yml that runs the tests and exports linux + windows on push "
                   "to main, using the barichello/godot-ci mono 4.3 image. upload the builds as artifacts",
                   tags=["noise"])
        t.bash("git switch -c ci/godot-export origin/main", "Branch off main for the workflow",
               out="Switched to a new branch 'ci/godot-export'\nbranch 'ci/godot-export' set up to track 'origin/main'.")
        t.glob(".github/workflows/*.yml", [P(".github/workflows/tests.yml")])
        t.write(P(".github/workflows/export.yml"), """name: export

on:
  push:
    branches: [main]
  workflow_dispatch:

jobs:
  export:
    runs-on: ubuntu-22.04
    container:
      image: barichello/godot-ci:mono-4.3
    steps:
      - uses: actions/checkout@v4
        with:
          lfs: true
      - name: Move export templates into place
        run: |
          mkdir -p ~/.local/share/godot/export_templates
          mv /root/.local/share/godot/export_templates/4.3.stable.mono ~/.local/share/godot/export_templates/4.3.stable.mono
      - name: Import project
        run: godot --headless --import
      - name: Tests
        run: godot --headless --path . -s res://addons/gdUnit4/bin/GdUnitCmdTool.gd --ignoreHeadlessMode -a res://test
      - name: Export
        run: |
          mkdir -p build/linux build/windows
          godot --headless --export-release "Linux" build/linux/hollowdeep.x86_64
          godot --headless --export-release "Windows Desktop" build/windows/Hollowdeep.exe
      - uses: actions/upload-artifact@v4
        with:
          name: hollowdeep-builds
          path: build/
""")
        t.bash("git add .github/workflows/export.yml && git commit -m \"ci: export linux/windows on main\" && "
               "git push -u origin ci/godot-export", "Commit and push the workflow",
               out=commit_out("ci/godot-export", "ci: export linux/windows on main", 1, 35, 0) + "\n" +
               push_new("ci/godot-export"))
        t.bash("gh workflow run export.yml --ref ci/godot-export && sleep 5 && gh run list --workflow export.yml "
               "--limit 1", "Trigger the workflow once on the branch",
               out="✓ Created workflow_dispatch event for export.yml at ci/godot-export\n\n"
                   "To see runs for this workflow, try: gh run list --workflow=export.yml\n"
                   "STATUS  TITLE                             WORKFLOW  BRANCH           EVENT              ID           ELAPSED  AGE\n"
                   "*       ci: export linux/windows on main  export    ci/godot-export  workflow_dispatch  12554180342  4s       now")
        t.bash("gh run watch 12554180342 --exit-status", "Watch the run", out="""✓ ci/godot-export export · 12554180342
Triggered via workflow_dispatch less than a minute ago

JOBS
✓ export in 6m12s (ID 35012234871)
  ✓ Set up job
  ✓ Initialize containers
  ✓ Run actions/checkout@v4
  ✓ Move export templates into place
  ✓ Import project
  ✓ Tests
  ✓ Export
  ✓ Run actions/upload-artifact@v4
  ✓ Post Run actions/checkout@v4
  ✓ Complete job

ARTIFACTS
hollowdeep-builds""")
        t.done("`.github/workflows/export.yml` runs on pushes to main (and manually): checkout with LFS, moves the "
               "image's export templates under `$HOME` (Actions sets HOME to `/github/home`, the image keeps them "
               "in `/root`), imports, runs the gdUnit suite, exports Linux + Windows and uploads `build/` as the "
               "`hollowdeep-builds` artifact. A manual run on the branch passed in 6m12s.")

    # ============================================================ S10 Mon 01-04
    with d.session("2027-01-04T09:45:00", R, branch="main", version="2.1.150"):
        t = d.task("0.4.0 playtest! levels are LDtk now (levels/*.ldtk, LevelLoader parses them at runtime). bump, "
                   "export, smoke, itch, steam, tag", tags=["workflow:W2", "mistake:M3"])
        t.read(P("project.godot"), limit=20)
        t.read(P("export_presets.cfg"))
        t.edit(P("project.godot"), 'config/version="0.3.4"', 'config/version="0.4.0"')
        t.edit(P("export_presets.cfg"), 'application/file_version="0.3.4"\napplication/product_version="0.3.4"',
               'application/file_version="0.4.0"\napplication/product_version="0.4.0"')
        t.bash("godot --headless --export-release \"Linux\" build/linux/hollowdeep.x86_64", "Export Linux",
               out=export_out("Linux", 468, rng))
        t.fail("./build/linux/hollowdeep.x86_64 --headless -- --smoke-test", "Smoke test the Linux build",
               smoke_missing("res://levels/crypt.ldtk", extra=["smoke: LevelLoader returned 0 levels"]))
        t.say("LDtk files are plain JSON with their own extension; Godot doesn't treat them as resources, so "
              "they need to be in the include filter like the lore pages.")
        t.edit(P("export_presets.cfg"), 'include_filter="data/*.txt, data/*.cfg, data/lore/*.md"',
               'include_filter="data/*.txt, data/*.cfg, data/lore/*.md, levels/*.ldtk"', replace_all=True)
        t.bash("godot --headless --export-release \"Linux\" build/linux/hollowdeep.x86_64", "Re-export Linux",
               out=export_out("Linux", 471, rng))
        t.bash("./build/linux/hollowdeep.x86_64 --headless -- --smoke-test", "Smoke test again",
               out=smoke_ok(7, 5, ["smoke: balance.cfg: 4 sections", "smoke: LevelLoader: 2 worlds, 38 levels"]))
        t.bash("godot --headless --export-release \"Windows Desktop\" build/windows/Hollowdeep.exe", "Export Windows",
               out=export_out("Windows Desktop", 471, rng))
        t.bash("butler push build/linux jonahpark/hollowdeep:linux --userversion 0.4.0", "Push Linux to itch",
               out=butler_out("linux", 1220334, "66.90", "9.84", "6.12", "90.85"))
        t.bash("butler push build/windows jonahpark/hollowdeep:windows --userversion 0.4.0", "Push Windows to itch",
               out=butler_out("windows", 1220335, "69.51", "10.02", "6.31", "90.92"))
        t.read(P(VDF))
        t.edit(P(VDF), '"Desc" "playtest 0.3.4"', '"Desc" "playtest 0.4.0"')
        t.bash(f"steamcmd +login hollowdeep_build +run_app_build \"$PWD/{VDF}\" +quit", "Upload to Steam playtest",
               out=steamcmd_out(16240519, "2027-01-04", "14.6"))
        t.bash("git commit -am \"release: playtest 0.4.0\" && git tag -a v0.4.0 -m \"playtest 0.4.0\" && "
               "git push origin main v0.4.0", "Commit, tag and push",
               out=commit_out("main", "release: playtest 0.4.0", 3, 8, 8) +
               "\nTo github.com:jonahpark/hollowdeep.git\n   " + hx(7) + ".." + hx(7) + "  main -> main\n * [new tag]         v0.4.0 -> v0.4.0")
        t.done("0.4.0 is out on itch (linux/windows) and Steam `playtest` (BuildID 16240519), tagged `v0.4.0`.\n\n"
               "First smoke test: the exported pack had no `levels/*.ldtk`, so LevelLoader found 0 levels. Added "
               "`levels/*.ldtk` to the include filter of the presets; the re-export loads 2 worlds / 38 levels.")

        t = d.task("looking back at this month — what would you automate next in the release routine? a few lines",
                   tags=["noise", "no_tools"])
        t.done("Three things, in order of payoff:\n\n1. **One `tools/release.sh <version>`** that bumps "
               "`config/version` and the Windows file/product versions, exports both presets, runs the smoke test and "
               "stops on failure — that's where every release this month needed a second pass.\n2. **Smoke test in "
               "CI** on the exported Linux binary (the export workflow already builds it), so a missing data file "
               "shows up on the PR, not on release day.\n3. **butler + steamcmd from CI on tags**, with the Steam "
               "build account's config.vdf as a secret — keeps the upload identical every time.")

    # ============================================================ answer key
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new GDScript class with `class_name` is written from outside the editor (the editor is "
                            "closed while Claude works) and then used by a headless run before the project was rescanned; "
                            "the global class cache (.godot/global_script_class_cache.cfg) doesn't know the new name yet, "
                            "so the script that references it fails to parse.",
             "error_signature": "Godot 4.3 headless (gdUnit4 GdUnitCmdTool.gd run, or godot --headless --script <tool>): "
                                "'SCRIPT ERROR: Parse Error: Could not find type \"<NewClass>\" in the current scope.' / "
                                "'at: GDScript::reload (res://…:<line>)' / 'ERROR: Failed to load script \"res://…\" with "
                                "error \"Parse error\".' (gdUnit exit 100, or the tool never starts)",
             "fix": "Run `godot --headless --import` (rescans the file system and registers the new global classes), "
                    "then re-run the same headless command.",
             "fix_command_markers": [["--import"]],
             "harmful_markers": ["rm -rf .godot", "rm -r .godot", "git clean -fdx"]},
            {"id": "M2",
             "description": "Aseprite CLI sprite-sheet exports are run without `--list-tags`; the JSON then has no "
                            "meta.frameTags and tools/import_sheet.gd (which builds one SpriteFrames animation per tag) "
                            "crashes on it.",
             "error_signature": "godot --headless --script tools/import_sheet.gd -- <sheet>.json: 'SCRIPT ERROR: Invalid "
                                "access to property or key 'frameTags' on a base object of type 'Dictionary'.' / 'at: "
                                "_build_frames (res://tools/import_sheet.gd:33)' / 'import_sheet: failed to build "
                                "SpriteFrames for …' (exit 1)",
             "fix": "Re-export the sheet with `aseprite -b … --list-tags` (frame tags into the JSON), then re-run the "
                    "importer.",
             "fix_command_markers": [["--list-tags"]],
             "harmful_markers": ["get(\"frameTags\"", "has(\"frameTags\")"]},
            {"id": "M3",
             "description": "The game reads a new kind of non-resource file at runtime (ConfigFile .cfg, lore .md, LDtk "
                            ".ldtk levels). Export preset filter 'all_resources' leaves such files out of the .pck unless "
                            "the preset's include_filter names them; in the editor everything works, the exported build's "
                            "smoke test fails.",
             "error_signature": "exported Linux build `./build/linux/hollowdeep.x86_64 --headless -- --smoke-test`: "
                                "'ERROR: DataDB: cannot open res://<path> (File not found)' / 'at: push_error "
                                "(core/variant/variant_utility.cpp:1092)' / 'smoke: FAILED (N data error(s))' (exit 1)",
             "fix": "Add the file pattern to include_filter of the export presets in export_presets.cfg, re-export and "
                    "re-run the smoke test.",
             "fix_command_markers": [["include_filter"]],
             "harmful_markers": ["cp -r data", "cp -R data", "cp -r levels"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "dotnet build: 'SteamStats.cs(19,19): error CS1503: Argument 1: cannot convert "
                                        "from 'int' to 'string'' (boss index passed as stat name); fixed in code, same "
                                        "dotnet build succeeds."},
            {"id": "O2", "description": "New gdUnit test test_crit_rounds_half_up fails ('Expecting: '11' but was '10''); "
                                        "Damage.resolve rounds with roundf, same test run passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "git push with LFS objects: 'batch response: This repository is over its data "
                                        "quota. Account responsible for LFS bandwidth should purchase more data packs to "
                                        "restore access.'; left to the developer (buy a data pack)."},
            {"id": "U2", "description": "Web export of the .NET project: 'Exporting to Web is currently not supported in "
                                        "Godot 4 when using C#/.NET.'; engine limitation, options reported, nothing changed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "git push over SSH: 'kex_exchange_identification: read: Connection reset by peer' / "
                                        "'fatal: Could not read from remote repository.' (exit 128); identical retry succeeds."},
            {"id": "F2", "description": "dotnet build: 'error NU1301: Unable to load the service index for source "
                                        "https://api.nuget.org/v3/index.json'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Balance pass: edit numbers in data/enemies.json / data/relics.json, "
                                        "`godot --headless --script tools/validate_data.gd`, `tools/sim_runs.gd -- --runs 500` "
                                        "and check the win rate is in the 18-26% band, `git commit -am \"balance: …\"`.",
             "step_markers": [["validate_data.gd"], ["sim_runs.gd"], ["git commit"]]},
            {"id": "W2", "description": "Playtest release: bump config/version (+ Windows file/product version), "
                                        "`godot --headless --export-release \"Linux\"`, smoke test the exported binary "
                                        "(`-- --smoke-test`), export Windows, `butler push` linux + windows with "
                                        "--userversion, bump Desc in the app build VDF, `steamcmd +login hollowdeep_build "
                                        "+run_app_build`, commit, `git tag -a vX.Y.Z`, push.",
             "step_markers": [["--export-release"], ["--smoke-test"], ["butler push"], ["+run_app_build"],
                              ["git tag -a"]]},
            {"id": "W3", "description": "Ship a branch: `dotnet build`, full gdUnit suite (`-a res://test`), "
                                        "`git push -u origin <branch>`, `gh pr create --base main`.",
             "step_markers": [["dotnet build"], ["-a res://test"], ["git push -u origin"], ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Fully statically typed GDScript: every var, parameter and return type declared.",
             "markers": [["typed", "static type"]]},
            {"id": "P2", "description": "Connect signals in code in _ready(), not through the scene editor.",
             "markers": [["signal"], ["in code"]]},
            {"id": "P3", "description": "Patch notes as a bulleted list (new / changed / fixed), stated T12; reversed in "
                                        "T28 to a couple of short prose paragraphs.",
             "markers": [["patch notes"], ["bullet"]],
             "reversal_markers": [["patch notes"], ["prose", "paragraph"]]},
        ],
        probes=[
            {"prompt": "gdUnit run dies before any test runs: SCRIPT ERROR: Parse Error: Could not find type "
                       "\"StatusEffect\" in the current scope. at: GDScript::reload "
                       "(res://test/combat/status_effect_test.gd:7). the class is right there in src/combat/",
             "wanted": ["M1"]},
            {"prompt": "Add a ShopInventory class (class_name, RefCounted) that restocks from RelicPool each floor, "
                       "with a gdUnit suite, and run it headless.",
             "wanted": ["M1"]},
            {"prompt": "import_sheet.gd crashes on the new slime sheet: SCRIPT ERROR: Invalid access to property or "
                       "key 'frameTags' on a base object of type 'Dictionary'. what's wrong with the export?",
             "wanted": ["M2"]},
            {"prompt": "Kuba dropped art/enemies/wraith.aseprite (tags idle, drift, shriek, death). Export it and "
                       "build the SpriteFrames.",
             "wanted": ["M2"]},
            {"prompt": "a tester says the exported windows build shows an empty quest log and the console has "
                       "ERROR: DataDB: cannot open res://data/quests/act2.yaml (File not found). works fine in the editor",
             "wanted": ["M3"]},
            {"prompt": "The music autoload now reads its cue table from data/music/cues.ini. Make a Linux build "
                       "and smoke test it.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between Area2D and CharacterBody2D for enemy hitboxes? Short answer.",
             "wanted": []},
            {"prompt": "Write a shader for a one-pixel white hit flash on sprites, canvas_item.",
             "wanted": []},
            {"prompt": "How should I price relics in the shop relative to their weight? Give me a formula.",
             "wanted": []},
            {"prompt": "Explain what script_export_mode=2 means in export_presets.cfg in one sentence.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "godot-gd.jsonl"), os.path.join(HERE, "tune", "godot-gd.labels.json"))
    print(f"godot-gd -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
