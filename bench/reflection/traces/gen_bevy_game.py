"""bevy-game: Camille Ferrand, solo programmer at Brique Lente (fictional two-person studio in Lyon).

Repo /home/camille/dev/cryptfall (github.com/brique-lente/cryptfall): "Cryptfall", a 2D roguelike on Bevy 0.15
(Rust 1.83), bevy_rapier2d 0.28, leafwing-input-manager 0.16, a `dev` default feature with
`bevy/dynamic_linking`, cargo nextest, clippy with -D warnings, wasm builds with trunk for itch.io (butler),
Windows builds with the Steamworks SDK (steamworks 0.11) cross-compiled from Linux with mingw-w64,
GitHub Actions for Linux/macOS release artifacts.

Written blind for fresh/; measured once held out (round 32), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_bevy_game.py && python3 check.py && python3 fresh/check_fresh.py
"""
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "camille"
R = "/home/camille/dev/cryptfall"
MODEL = "claude-opus-4-6"
CARGO = R + "/Cargo.toml"
MAIN = R + "/src/main.rs"
COMBAT = R + "/src/combat/mod.rs"
KNOCK = R + "/src/combat/knockback.rs"
CONTACT = R + "/src/combat/contact.rs"
PLAYER = R + "/src/player/mod.rs"
DASH = R + "/src/player/dash.rs"
ENEMY = R + "/src/enemy/mod.rs"
INPUT = R + "/src/input.rs"
LOOT = R + "/src/plugins/loot.rs"
LOOT2 = R + "/src/loot/mod.rs"
BOSS = R + "/src/enemy/lich.rs"
TRUNK = R + "/Trunk.toml"
CONF = R + "/assets/config/player.ron"
CHANGELOG = R + "/CHANGELOG.md"
CI = R + "/.github/workflows/release.yml"
DEVLOG = R + "/docs/devlog/2026-10-devlog-05.md"
DEVLOG2 = R + "/docs/devlog/2026-10-devlog-05-short.md"
CCONF = R + "/.cargo/config.toml"

FILES = {
    CARGO: """[package]
name = "cryptfall"
version = "0.4.2"
edition = "2021"
rust-version = "1.83"
publish = false

[features]
default = ["dev"]
dev = ["bevy/dynamic_linking", "bevy/file_watcher"]
steam = ["dep:steamworks"]

[dependencies]
bevy = { version = "0.15.1", default-features = false, features = [
    "bevy_asset", "bevy_audio", "bevy_core_pipeline", "bevy_render", "bevy_sprite", "bevy_text",
    "bevy_ui", "bevy_winit", "bevy_state", "multi_threaded", "png", "vorbis", "x11", "wayland", "webgl2",
] }
bevy_rapier2d = "0.28"
leafwing-input-manager = "0.16"
serde = { version = "1", features = ["derive"] }
ron = "0.8"
rand = { version = "0.8", features = ["small_rng"] }
steamworks = { version = "0.11", optional = true }

[dev-dependencies]
approx = "0.5"

[profile.dev]
opt-level = 1

[profile.dev.package."*"]
opt-level = 3

[profile.release]
lto = "thin"

[profile.dist]
inherits = "release"
lto = "fat"
codegen-units = 1
strip = true
""",
    MAIN: """use bevy::prelude::*;
use bevy_rapier2d::prelude::*;

mod combat;
mod enemy;
mod input;
mod player;
#[cfg(feature = "steam")]
mod steam;
mod world;

fn main() {
    App::new()
        .add_plugins(DefaultPlugins.set(ImagePlugin::default_nearest()).set(WindowPlugin {
            primary_window: Some(Window {
                title: "Cryptfall".into(),
                resolution: (1280.0, 720.0).into(),
                fit_canvas_to_parent: true,
                ..default()
            }),
            ..default()
        }))
        .add_plugins(RapierPhysicsPlugin::<NoUserData>::pixels_per_meter(16.0))
        .add_plugins((
            input::InputPlugin,
            world::WorldPlugin,
            player::PlayerPlugin,
            enemy::EnemyPlugin,
            combat::CombatPlugin,
        ))
        .run();
}
""",
    COMBAT: """use bevy::prelude::*;

pub struct CombatPlugin;

#[derive(Component, Debug, Clone, Copy)]
pub struct Health {
    pub current: i32,
    pub max: i32,
}

#[derive(Event, Debug)]
pub struct HitEvent {
    pub attacker: Entity,
    pub target: Entity,
    pub damage: i32,
}

impl Plugin for CombatPlugin {
    fn build(&self, app: &mut App) {
        app.add_event::<HitEvent>()
            .add_systems(Update, (apply_hits, despawn_dead).chain());
    }
}

fn apply_hits(mut hits: EventReader<HitEvent>, mut targets: Query<&mut Health>) {
    for hit in hits.read() {
        let Ok(mut health) = targets.get_mut(hit.target) else {
            continue;
        };
        health.current -= hit.damage;
    }
}

fn despawn_dead(mut commands: Commands, q: Query<(Entity, &Health)>) {
    for (e, h) in &q {
        if h.current <= 0 {
            commands.entity(e).despawn_recursive();
        }
    }
}
""",
    PLAYER: """use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::input::Action;

pub struct PlayerPlugin;

#[derive(Component)]
pub struct Player;

#[derive(Component)]
pub struct MoveSpeed(pub f32);

impl Plugin for PlayerPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, spawn_player)
            .add_systems(Update, move_player);
    }
}

fn spawn_player(mut commands: Commands, assets: Res<AssetServer>) {
    commands.spawn((
        Player,
        MoveSpeed(96.0),
        Sprite::from_image(assets.load("sprites/player/idle.png")),
        RigidBody::KinematicVelocityBased,
        Collider::ball(6.0),
        Velocity::zero(),
        crate::input::default_input_map(),
    ));
}

fn move_player(mut q: Query<(&ActionState<Action>, &MoveSpeed, &mut Velocity), With<Player>>) {
    let Ok((actions, speed, mut vel)) = q.get_single_mut() else {
        return;
    };
    let axis = actions.clamped_axis_pair(&Action::Move);
    vel.linvel = axis * speed.0;
}
""",
    ENEMY: """use bevy::prelude::*;
use bevy_rapier2d::prelude::*;

use crate::combat::Health;

pub struct EnemyPlugin;

#[derive(Component)]
pub struct Enemy;

#[derive(Component)]
pub struct ContactDamage(pub i32);

impl Plugin for EnemyPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, chase_player);
    }
}

pub fn spawn_skeleton(commands: &mut Commands, assets: &AssetServer, at: Vec2) -> Entity {
    commands
        .spawn((
            Enemy,
            ContactDamage(1),
            Health { current: 3, max: 3 },
            Sprite::from_image(assets.load("sprites/enemies/skeleton.png")),
            Transform::from_translation(at.extend(1.0)),
            RigidBody::Dynamic,
            LockedAxes::ROTATION_LOCKED,
            Collider::ball(5.0),
            Velocity::zero(),
        ))
        .id()
}

fn chase_player(
    player: Query<&Transform, With<crate::player::Player>>,
    mut enemies: Query<(&Transform, &mut Velocity), (With<Enemy>, Without<crate::player::Player>)>,
) {
    let Ok(target) = player.get_single() else {
        return;
    };
    for (tf, mut vel) in &mut enemies {
        let dir = (target.translation - tf.translation).truncate().normalize_or_zero();
        vel.linvel = dir * 40.0;
    }
}
""",
    INPUT: """use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub struct InputPlugin;

#[derive(Actionlike, PartialEq, Eq, Hash, Clone, Copy, Debug, Reflect)]
pub enum Action {
    #[actionlike(DualAxis)]
    Move,
    Attack,
    Dash,
    Pause,
}

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(InputManagerPlugin::<Action>::default());
    }
}

pub fn default_input_map() -> InputMap<Action> {
    InputMap::new([
        (Action::Attack, KeyCode::KeyJ),
        (Action::Dash, KeyCode::Space),
        (Action::Pause, KeyCode::Escape),
    ])
    .with_dual_axis(Action::Move, VirtualDPad::wasd())
}
""",
    TRUNK: """[build]
target = "index.html"
dist = "dist"
public_url = "./"

[watch]
ignore = ["assets/raw"]
""",
    CONF: """(
    move_speed: 96.0,
    max_health: 6,
    invuln_secs: 0.8,
)
""",
    CHANGELOG: """# Changelog

## 0.4.2 - 2026-09-28
- Fix skeletons spawning inside walls on small rooms.
- Web: pixel-perfect scaling on HiDPI screens.

## 0.4.1 - 2026-09-19
- Rebindable keys are saved between runs.
""",
    CCONF: """[target.x86_64-unknown-linux-gnu]
linker = "clang"
rustflags = ["-C", "link-arg=-fuse-ld=mold"]

[target.x86_64-pc-windows-gnu]
linker = "x86_64-w64-mingw32-gcc"
""",
    CI: """name: release
on:
  push:
    tags: ["v*"]
jobs:
  linux:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: dtolnay/rust-toolchain@stable
      - run: sudo apt-get update && sudo apt-get install -y libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev
      - run: cargo build --profile dist --no-default-features
      - uses: actions/upload-artifact@v4
        with:
          name: cryptfall-linux-x86_64
          path: target/dist/cryptfall
  macos:
    runs-on: macos-14
    steps:
      - uses: actions/checkout@v4
      - uses: dtolnay/rust-toolchain@stable
        with:
          targets: x86_64-apple-darwin,aarch64-apple-darwin
      - run: ./scripts/macos-universal.sh
      - uses: actions/upload-artifact@v4
        with:
          name: cryptfall-macos-universal
          path: dist/Cryptfall.app
""",
}


# ---------------------------------------------------------------- output helpers
def nextest(passed, failed=(), extra_fail_text="", secs="1.284", binaries=2):
    hx = hashlib.md5(("run" + secs + str(len(passed))).encode()).hexdigest()
    run_id = f"{hx[:8]}-{hx[8:12]}-4{hx[13:16]}-a{hx[17:20]}-{hx[20:32]}"
    names = list(passed)
    total = len(names) + len(failed)
    out = [f"    Finished `test` profile [optimized + debuginfo] target(s) in 6.41s",
           "------------",
           f" Nextest run ID {run_id} with nextest profile: default",
           f"    Starting {total} tests across {binaries} binaries"]
    ms = 7
    for n in names:
        ms = (ms * 37 + 11) % 90 + 3
        out.append(f"        PASS [   0.{ms:03d}s] cryptfall {n}")
    for n in failed:
        out.append(f"        FAIL [   0.041s] cryptfall {n}")
    if failed:
        out.append(extra_fail_text.rstrip("\n"))
    out.append("------------")
    if failed:
        out.append(f"     Summary [   {secs}s] {total} tests run: {len(names)} passed, {len(failed)} failed, 0 skipped")
        for n in failed:
            out.append(f"        FAIL [   0.041s] cryptfall {n}")
        out.append("error: test run failed")
    else:
        out.append(f"     Summary [   {secs}s] {total} tests run: {total} passed, 0 skipped")
    return "\n".join(out)


BASE_TESTS = [
    "combat::tests::hit_reduces_health",
    "combat::tests::dead_entities_despawn",
    "enemy::tests::skeleton_chases_player",
    "input::tests::default_map_has_all_actions",
    "player::tests::move_speed_from_config",
    "world::gen::tests::rooms_do_not_overlap",
    "world::gen::tests::seed_is_deterministic",
    "world::gen::tests::every_room_reachable",
]

CLIPPY_OK = """    Checking cryptfall v{v} (/home/camille/dev/cryptfall)
    Finished `dev` profile [optimized + debuginfo] target(s) in {t}"""

REG = "/home/camille/.cargo/registry/src/index.crates.io-6f17d22bba15001f"


def b0001(test, query, system, comp, line, filtered=8):
    return f"""
--- STDOUT:              cryptfall {test} ---

running 1 test
test {test} ... FAILED

failures:

failures:
    {test}

test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; {filtered} filtered out; finished in 0.03s


--- STDERR:              cryptfall {test} ---
thread '{test}' panicked at {REG}/bevy_ecs-0.15.1/src/system/system_param.rs:{line}:5:
error[B0001]: {query} in system {system} accesses component(s) {comp} in a way that conflicts with a previous system parameter. Consider using `Without<T>` to create disjoint Queries or merging conflicting Queries into a `ParamSet`. See: https://bevyengine.org/learn/errors/b0001
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
"""


def ordinal(n, profile, secs):
    return f"""   Compiling bevy_dylib v0.15.1
error: linking with `x86_64-w64-mingw32-gcc` failed: exit status: 1
  |
  = note: LC_ALL="C" PATH="/home/camille/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/lib/rustlib/x86_64-unknown-linux-gnu/bin:/home/camille/.cargo/bin:/usr/local/bin:/usr/bin:/bin" VSLANG="1033" "x86_64-w64-mingw32-gcc" "-fno-use-linker-plugin" "-Wl,--dynamicbase" "-Wl,--disable-auto-image-base" "-m64" "-Wl,--high-entropy-va" "/tmp/rustcX3kq9v/symbols.o" "<2417 object files omitted>" "-Wl,-Bdynamic" "-lkernel32" "-luser32" "-lgdi32" "-lwinspool" "-lntdll" "-lws2_32" "-shared" "-o" "/home/camille/dev/cryptfall/target/x86_64-pc-windows-gnu/{profile}/deps/bevy_dylib-6f0e2b1c9d8a4e73.dll" "-Wl,--gc-sections" "-nodefaultlibs" "<sysroot>/lib/rustlib/x86_64-pc-windows-gnu/lib/self-contained/crt2.o"
  = note: some arguments are omitted. use `--verbose` to show all linker arguments
  = note: /usr/bin/x86_64-w64-mingw32-ld: error: export ordinal too large: {n}
          collect2: error: ld returned 1 exit status


error: could not compile `bevy_dylib` (lib) due to 1 previous error
warning: build failed, waiting for other jobs to finish..."""


def gh_nothing():
    return "no valid artifacts found to download"


def gen():
    d = Dev("bevy-game", U, "en", MODEL, seed=20261006, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


KNOCK_V1 = """use bevy::prelude::*;

use crate::combat::HitEvent;
use crate::enemy::Enemy;
use crate::player::Player;

/// Pixels pushed per point of damage.
pub const KNOCKBACK_PER_DAMAGE: f32 = 6.0;

#[derive(Component, Default)]
pub struct Knockback {
    pub remaining: Vec2,
}

pub fn apply_knockback(
    mut hits: EventReader<HitEvent>,
    attackers: Query<&Transform, With<Player>>,
    mut targets: Query<(&mut Transform, &mut Knockback), With<Enemy>>,
) {
    for hit in hits.read() {
        let Ok(from) = attackers.get(hit.attacker) else {
            continue;
        };
        let Ok((mut tf, mut kb)) = targets.get_mut(hit.target) else {
            continue;
        };
        let dir = (tf.translation - from.translation).truncate().normalize_or_zero();
        kb.remaining += dir * (hit.damage / 2) as f32 * KNOCKBACK_PER_DAMAGE;
        tf.translation += (kb.remaining * 0.5).extend(0.0);
        kb.remaining *= 0.5;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (App, Entity, Entity) {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_event::<HitEvent>()
            .add_systems(Update, apply_knockback);
        let p = app.world_mut().spawn((Player, Transform::default())).id();
        let e = app
            .world_mut()
            .spawn((Enemy, Knockback::default(), Transform::from_xyz(10.0, 0.0, 0.0)))
            .id();
        (app, p, e)
    }

    #[test]
    fn knockback_pushes_enemy_away() {
        let (mut app, p, e) = setup();
        app.world_mut().send_event(HitEvent { attacker: p, target: e, damage: 4 });
        app.update();
        let x = app.world().get::<Transform>(e).unwrap().translation.x;
        assert!(x > 10.0);
    }
}
"""


def s1(d):
    with d.session("2026-10-05T09:20:00", R, version="2.1.150"):
        t = d.task("hey. new machine, fresh clone. give me a quick tour of how the plugins are wired in cryptfall, "
                   "i want to check nothing's registered twice before i add combat stuff", tags=["noise"])
        t.read(MAIN)
        t.glob("src/**/*.rs", [R + "/src/main.rs", R + "/src/input.rs", R + "/src/combat/mod.rs",
                                R + "/src/enemy/mod.rs", R + "/src/player/mod.rs", R + "/src/world/mod.rs",
                                R + "/src/world/gen.rs", R + "/src/steam.rs"])
        t.grep("add_plugins|InputManagerPlugin|RapierPhysicsPlugin", output_mode="content", n=True, path=R + "/src",
               content=f"{R}/src/main.rs:17:        .add_plugins(DefaultPlugins.set(ImagePlugin::default_nearest()).set(WindowPlugin {{\n"
                       f"{R}/src/main.rs:26:        .add_plugins(RapierPhysicsPlugin::<NoUserData>::pixels_per_meter(16.0))\n"
                       f"{R}/src/main.rs:27:        .add_plugins((\n"
                       f"{R}/src/input.rs:18:        app.add_plugins(InputManagerPlugin::<Action>::default());")
        t.read(COMBAT)
        t.done("Wiring, top to bottom:\n\n- `main.rs` builds the `App`: `DefaultPlugins` (nearest-neighbour images, "
               "1280×720 window that fits the canvas on web), `RapierPhysicsPlugin` at 16 px/m, then a tuple of your "
               "own plugins: `InputPlugin`, `WorldPlugin`, `PlayerPlugin`, `EnemyPlugin`, `CombatPlugin`.\n"
               "- `InputPlugin` is the only place `InputManagerPlugin::<Action>` is added; `default_input_map()` is "
               "inserted on the player entity at spawn.\n- `CombatPlugin` owns `HitEvent` and runs `apply_hits → "
               "despawn_dead` chained in `Update`.\n\nNothing is registered twice. `steam.rs` is only compiled "
               "with `--features steam`. Combat systems can go in `src/combat/` and be added in "
               "`CombatPlugin::build`.")

        t = d.task("ok add knockback: when the player hits an enemy it gets pushed away from the player, scaled by "
                   "damage. put it in combat/knockback.rs with a test. no unwrap()s in systems pls, tests are fine",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.write(KNOCK, KNOCK_V1)
        t.edit(COMBAT, "use bevy::prelude::*;\n\npub struct CombatPlugin;",
               "use bevy::prelude::*;\n\npub mod knockback;\n\npub struct CombatPlugin;")
        t.edit(COMBAT, ".add_systems(Update, (apply_hits, despawn_dead).chain());",
               ".add_systems(Update, (apply_hits, knockback::apply_knockback, despawn_dead).chain());")
        test = "combat::knockback::tests::knockback_pushes_enemy_away"
        t.fail("cargo nextest run", "Run the test suite with nextest",
               "   Compiling cryptfall v0.4.2 (/home/camille/dev/cryptfall)\n" + nextest(
                   BASE_TESTS, [test], b0001(
                       test,
                       "Query<(&mut bevy_transform::components::transform::Transform, &mut cryptfall::combat::knockback::Knockback), bevy_ecs::query::filter::With<cryptfall::enemy::Enemy>>",
                       "cryptfall::combat::knockback::apply_knockback",
                       "bevy_transform::components::transform::Transform", 341), secs="0.512"), code=100)
        t.say("Bevy rejects the system: `attackers` reads `Transform` and `targets` writes it, and nothing stops "
              "one entity from being both `Player` and `Enemy`. Making the target query disjoint with "
              "`Without<Player>`.")
        t.edit(KNOCK, "mut targets: Query<(&mut Transform, &mut Knockback), With<Enemy>>,",
               "mut targets: Query<(&mut Transform, &mut Knockback), (With<Enemy>, Without<Player>)>,")
        t.bash("cargo nextest run", "Re-run the tests",
               "   Compiling cryptfall v0.4.2 (/home/camille/dev/cryptfall)\n" + nextest(BASE_TESTS + [test], secs="0.498"))
        t.bash("cargo clippy --all-targets -- -D warnings", "Clippy with warnings as errors",
               CLIPPY_OK.format(v="0.4.2", t="9.87s"))
        t.done("Knockback is in `src/combat/knockback.rs`, chained between `apply_hits` and `despawn_dead`.\n\n"
               "First run panicked with B0001: the attacker query reads `Transform` and the target query writes it, "
               "so Bevy can't prove they never hit the same entity. The target query is now "
               "`(With<Enemy>, Without<Player>)`. 9/9 tests pass and clippy is clean. No `unwrap()` in the system; "
               "it uses `let … else { continue }`.")

        t = d.task("question: should physics-y gameplay stuff (knockback, dash) run in FixedUpdate or Update "
                   "with rapier? no code just tell me", tags=["no_tools"])
        t.done("With bevy_rapier2d 0.28 the physics step runs in `PostUpdate` by default (you can move it to "
               "`FixedUpdate` with `RapierPhysicsPlugin::in_fixed_schedule()`).\n\n- If you keep the default, "
               "gameplay that sets `Velocity` or nudges `Transform` can stay in `Update`. Scale by "
               "`time.delta_secs()`.\n- If you want deterministic replays or frame-rate-independent dashes, run "
               "rapier in `FixedUpdate` and put the systems that write `Velocity` there too, before "
               "`PhysicsSet::SyncBackend`.\n\nFor a roguelike with seeded runs I'd go fixed. It's one line in "
               "`main.rs` and a schedule change in the two plugins.")


def trunk_ok(ver, secs, ts):
    return f"""{ts}.118403Z  INFO 🚀 Starting trunk 0.21.4
{ts}.121907Z  INFO 📦 starting build
   Compiling cryptfall v{ver} (/home/camille/dev/cryptfall)
    Finished `release` profile [optimized] target(s) in {secs}
{ts}.902114Z  INFO fetching cargo artifacts
{ts}.977260Z  INFO processing WASM for cryptfall
{ts}.981044Z  INFO calling wasm-bindgen for cryptfall
{ts}.655310Z  INFO copying generated wasm-bindgen artifacts
{ts}.699871Z  INFO applying new distribution
{ts}.713902Z  INFO ✅ success"""


def butler_push(ch, mib, files, build, ver, fresh, patch, sav):
    return f"""∙ For channel `{ch}`: last build is {build}, downloading its signature
∙ Pushing {mib} MiB ({files} files, 14 dirs, 0 symlinks)
✓ Added {fresh} MiB fresh data ({patch} MiB patch, {sav}% savings)
✓ {patch} MiB patch ({sav}% savings)
∙ Build is now processing, should be up in a bit.

Use the `butler status brique-lente/cryptfall:{ch}` for more information."""


def butler_status(ch, upload, build, ver):
    return f"""+---------+----------+------------+---------+
| CHANNEL | UPLOAD   | BUILD      | VERSION |
+---------+----------+------------+---------+
| {ch:<7} | #{upload} | √ #{build} | {ver:<7} |
+---------+----------+------------+---------+"""


LOOT_V1 = """use bevy::prelude::*;
use rand::Rng;

use crate::combat::Health;
use crate::enemy::Enemy;

pub struct LootPlugin;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pickup {
    Coin(u32),
    Heart,
}

#[derive(Resource)]
pub struct LootRng(pub rand::rngs::SmallRng);

impl Plugin for LootPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, drop_loot_on_death);
    }
}

fn drop_loot_on_death(
    mut commands: Commands,
    mut rng: ResMut<LootRng>,
    dying: Query<(&Transform, &Health), With<Enemy>>,
) {
    for (tf, health) in &dying {
        if health.current > 0 {
            continue;
        }
        let pickup = if rng.0.gen_ratio(1, 8) { Pickup::Heart } else { Pickup::Coin(rng.0.gen_range(1..=3)) };
        commands.spawn((pickup, Transform::from_translation(tf.translation)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn dead_enemy_drops_one_pickup() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(LootRng(rand::rngs::SmallRng::seed_from_u64(7)))
            .add_plugins(LootPlugin);
        app.world_mut().spawn((Enemy, Health { current: 0, max: 3 }, Transform::default()));
        app.update();
        let n = app.world_mut().query::<&Pickup>().iter(app.world()).count();
        assert_eq!(n, 1);
    }
}
"""


def s2(d):
    with d.session("2026-10-07T10:05:00", R, version="2.1.152"):
        t = d.task("knockback's in, push a web build to itch so Lucas can try it on his laptop",
                   tags=["workflow:W2", "flaky:F1"])
        ts = "2026-10-07T10:11:4"
        t.fail("trunk build --release", "Build the wasm release with trunk",
               f"""{ts}2.118403Z  INFO 🚀 Starting trunk 0.21.4
{ts}2.121907Z  INFO 📦 starting build
    Updating crates.io index
 Downloading crates ...
warning: spurious network error (3 tries remaining): [28] Timeout was reached (Operation too slow. Less than 10 bytes/sec transferred the last 30 seconds)
warning: spurious network error (2 tries remaining): [28] Timeout was reached (Operation too slow. Less than 10 bytes/sec transferred the last 30 seconds)
warning: spurious network error (1 tries remaining): [28] Timeout was reached (Operation too slow. Less than 10 bytes/sec transferred the last 30 seconds)
error: failed to download from `https://static.crates.io/crates/wasm-bindgen-futures/0.4.49/download`

Caused by:
  [28] Timeout was reached (Operation too slow. Less than 10 bytes/sec transferred the last 30 seconds)
2026-10-07T10:13:51.004412Z ERROR ❌ error
error from build pipeline

Caused by:
    0: HTML build pipeline failed (1 errors), showing first
    1: error from asset pipeline
    2: error during cargo build execution
    3: cargo call to executable 'cargo' with args: '["build", "--target=wasm32-unknown-unknown", "--manifest-path", "/home/camille/dev/cryptfall/Cargo.toml", "--release", "--no-default-features"]' returned a bad status: exit status: 101""", timeout=600000)
        t.say("crates.io download timed out (network, not the build). Retrying the same build.")
        t.bash("trunk build --release", "Build the wasm release with trunk", trunk_ok("0.4.2", "2m 03s", "2026-10-07T10:16:0"),
               timeout=600000)
        t.bash("butler push dist brique-lente/cryptfall:html5 --userversion 0.4.2-knockback",
               "Upload the web build to itch.io", butler_push("html5", "38.41", 61, 1187342, "0.4.2", "2.87", "0.94", "97.55"))
        t.bash("butler status brique-lente/cryptfall:html5", "Check the itch build status",
               butler_status("html5", 9801234, 1191207, "0.4.2-knockback"))
        t.done("Web build is live on the `html5` channel as 0.4.2-knockback (build #1191207, processed). The first "
               "trunk build died on a crates.io download timeout. The identical retry went through.")

        t = d.task("next: loot drops. enemies drop coins or sometimes a heart when they die. make it its own plugin, "
                   "one file per plugin under src/plugins/ from now on, that's how i want new plugins laid out",
                   tags=["workflow:W1", "pref:P3"])
        t.write(LOOT, LOOT_V1)
        t.write(R + "/src/plugins/mod.rs", "pub mod loot;\n")
        t.read(MAIN)
        t.edit(MAIN, "mod player;\n", "mod player;\nmod plugins;\n")
        t.edit(MAIN, "            combat::CombatPlugin,\n        ))",
               "            combat::CombatPlugin,\n            plugins::loot::LootPlugin,\n        ))")
        t.bash("cargo nextest run", "Run tests",
               "   Compiling cryptfall v0.4.2 (/home/camille/dev/cryptfall)\n" + nextest(
                   BASE_TESTS + ["combat::knockback::tests::knockback_pushes_enemy_away",
                                 "plugins::loot::tests::dead_enemy_drops_one_pickup"], secs="0.533"))
        t.bash("cargo clippy --all-targets -- -D warnings", "Clippy", CLIPPY_OK.format(v="0.4.2", t="7.02s"))
        t.done("`src/plugins/loot.rs` has `LootPlugin`: a dead `Enemy` spawns a `Pickup`, either `Coin(1..=3)` or "
               "a `Heart` at 1 in 8, from a seeded `LootRng` resource. It's registered in `main.rs` and the tests "
               "and clippy pass. I'll keep new plugins to one file each under `src/plugins/`.\n\nYou still need to "
               "insert `LootRng` at startup (seed it from the run seed in `WorldPlugin`). Want me to do that?")

        t = d.task("what landed since v0.4.0? full log pls i need it for the devlog", tags=["noise", "long_output"])
        log = []
        msgs = ["combat: knockback scaled by damage", "web: fit canvas to parent", "loot: coin and heart drops",
                "world: seed is deterministic per run", "enemy: skeletons lock rotation", "input: save rebinds to ron",
                "ui: pause menu skeleton", "audio: footstep variations", "world: fix rooms overlapping on 3x3",
                "ci: cache cargo registry", "steam: init behind feature flag", "player: 8-dir movement",
                "render: nearest sampling for pixel art", "enemy: chase uses velocity", "web: hidpi scaling",
                "fix: skeleton spawns in walls", "world: corridor carving v2", "ui: health hearts",
                "audio: music crossfade", "chore: bump bevy to 0.15.1", "chore: leafwing 0.16",
                "input: gamepad deadzone tweak", "player: i-frames after hit", "combat: hit flash shader",
                "docs: controls in README", "world: door placement", "enemy: bat prototype",
                "ci: macos universal build", "fix: audio on firefox", "release: v0.4.1", "release: v0.4.2"]
        h = ["a91c2e0", "7f03b1d", "c44e9a2", "19de7f5", "b2a0c61", "5e8f3d4", "0d7c1a9", "e6b24f8", "3a9d0c7",
             "81f5e2b", "d0c37a6", "4b9e1f2", "f28a6c3", "6c1d9b0", "9e07a4f", "2f6b8d1", "c8e5a90", "71a3f4e",
             "0b9c2d7", "e4f1a86", "58d2c3b", "af61e09", "3c7b0e4", "d95a1f2", "6e2c8b7", "b07d4a1", "14f9e3c",
             "8a3e6d5", "c2b1f70", "5d0a9e8", "e9c4b13"]
        for i, (hh, m) in enumerate(zip(h, msgs)):
            who = "Lucas Perrin" if i % 5 == 3 else "Camille Ferrand"
            day = 7 - i // 5
            log.append(f"{hh} 2026-10-{day:02d} {who}  {m}" if day > 0 else f"{hh} 2026-09-{30 + day:02d} {who}  {m}")
        t.bash("git log --date=short --format='%h %ad %an  %s' v0.4.0..HEAD", "Commits since v0.4.0", "\n".join(log))
        t.done(f"{len(log)} commits since v0.4.0 (above), two tagged releases (0.4.1, 0.4.2). For the devlog, the "
               "player-facing ones: knockback, loot drops, health hearts, i-frames, pause menu, gamepad deadzone, "
               "Firefox audio fix, HiDPI web scaling, skeletons no longer spawning in walls.")


def win_ok(ver, profile, secs, pname):
    return f"""   Compiling steamworks-sys v0.11.0
   Compiling steamworks v0.11.0
   Compiling bevy_internal v0.15.1
   Compiling bevy v0.15.1
   Compiling bevy_rapier2d v0.28.0
   Compiling leafwing-input-manager v0.16.0
   Compiling cryptfall v{ver} (/home/camille/dev/cryptfall)
    Finished `{profile}` profile [optimized] target(s) in {secs}"""


def s3(d):
    with d.session("2026-10-09T14:00:00", R, branch="playtest-3", version="2.1.153", permission_mode="acceptEdits"):
        t = d.task("playtest #3 is saturday. need a windows build with steam on for the testers, zip it into "
                   "build/playtest3/", tags=["mistake:M2"])
        t.fail("cargo build --release --target x86_64-pc-windows-gnu --features steam",
               "Cross-compile the Windows release with Steam",
               "   Compiling steamworks-sys v0.11.0\n   Compiling steamworks v0.11.0\n" + ordinal(71844, "release", "3m"),
               code=101)
        t.say("mingw's ld can't export more than 65535 symbols from one DLL, and `bevy_dylib` exports more. That "
              "DLL only exists because the default `dev` feature turns on `bevy/dynamic_linking`. A shipped build "
              "shouldn't have it anyway, so I'm building without default features and adding `steam` back.")
        t.bash("cargo build --release --target x86_64-pc-windows-gnu --no-default-features --features steam",
               "Windows release without the dev (dynamic linking) feature",
               win_ok("0.4.2", "release", "4m 37s", "release"), timeout=900000)
        t.bash("mkdir -p build/playtest3 && cp target/x86_64-pc-windows-gnu/release/cryptfall.exe "
               "~/sdk/steamworks/redistributable_bin/win64/steam_api64.dll build/playtest3/ && "
               "cp -r assets build/playtest3/ && echo 3187420 > build/playtest3/steam_appid.txt && "
               "cd build && zip -qr cryptfall-playtest3-win64.zip playtest3 && ls -lh cryptfall-playtest3-win64.zip",
               "Assemble and zip the playtest folder",
               "-rw-r--r-- 1 camille camille 61M Oct  9 14:31 cryptfall-playtest3-win64.zip")
        t.done("`build/cryptfall-playtest3-win64.zip` (61 MB) has `cryptfall.exe` with Steam on, "
               "`steam_api64.dll`, `assets/` and `steam_appid.txt` (3187420).\n\nThe first build failed at link "
               "time with `export ordinal too large`. With default features on, `bevy/dynamic_linking` builds "
               "`bevy_dylib` as a DLL, and mingw can't export that many symbols. Release builds for Windows need "
               "`--no-default-features --features steam`.")

        t = d.task("knockback should be noticeable even on 1-dmg hits, right now light hits do nothing. add a test "
                   "for it", tags=["oneoff:O1"])
        t.read(KNOCK)
        t.edit(KNOCK, """        assert!(x > 10.0);
    }
}""", """        assert!(x > 10.0);
    }

    #[test]
    fn light_hit_still_pushes() {
        let (mut app, p, e) = setup();
        app.world_mut().send_event(HitEvent { attacker: p, target: e, damage: 1 });
        app.update();
        let x = app.world().get::<Transform>(e).unwrap().translation.x;
        assert!(x > 10.0, "1-dmg hit left the enemy at x = {x}");
    }
}""")
        test = "combat::knockback::tests::light_hit_still_pushes"
        t.fail("cargo nextest run knockback", "Run the knockback tests",
               "   Compiling cryptfall v0.4.2 (/home/camille/dev/cryptfall)\n" + nextest(
                   ["combat::knockback::tests::knockback_pushes_enemy_away"], [test], f"""
--- STDOUT:              cryptfall {test} ---

running 1 test
test {test} ... FAILED

failures:

failures:
    {test}

test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 10 filtered out; finished in 0.02s


--- STDERR:              cryptfall {test} ---
thread '{test}' panicked at src/combat/knockback.rs:68:9:
1-dmg hit left the enemy at x = 10
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
""", secs="0.214", binaries=1), code=100)
        t.say("`hit.damage / 2` is integer division, so 1 damage gives 0 and no push. Switching to a float "
              "scale with a minimum.")
        t.edit(KNOCK, "kb.remaining += dir * (hit.damage / 2) as f32 * KNOCKBACK_PER_DAMAGE;",
               "kb.remaining += dir * (hit.damage as f32 * 0.5).max(1.0) * KNOCKBACK_PER_DAMAGE;")
        t.bash("cargo nextest run knockback", "Re-run the knockback tests",
               "   Compiling cryptfall v0.4.2 (/home/camille/dev/cryptfall)\n" + nextest(
                   ["combat::knockback::tests::knockback_pushes_enemy_away", test], secs="0.198", binaries=1))
        t.done("Fixed. `hit.damage / 2` was integer division, so 1-dmg hits pushed 0 px. Now it's "
               "`(damage as f32 * 0.5).max(1.0) * 6.0`: at least 6 px, 12 px for 4 dmg as before. The new test "
               "`light_hit_still_pushes` passes.")

        t = d.task("gamepad support for the playtest: left stick move, south = attack, east = dash. check the "
                   "leafwing 0.16 docs for how InputMap does gamepad axes, the api changed again", tags=["webfetch"])
        t.webfetch("https://docs.rs/leafwing-input-manager/0.16.0/leafwing_input_manager/input_map/struct.InputMap.html",
                   "How to bind gamepad sticks and buttons in InputMap 0.16 (with_dual_axis, GamepadStick, GamepadButton)",
                   "`InputMap<A>` in 0.16 maps actions to `UserInput`s by kind: `insert` for buttons (`KeyCode`, "
                   "`GamepadButton`, `MouseButton`), `insert_axis` for single axes, `insert_dual_axis` / "
                   "`with_dual_axis` for dual axes such as `GamepadStick::LEFT`, `VirtualDPad::wasd()`. The action "
                   "must be declared `#[actionlike(DualAxis)]` for dual-axis bindings. Gamepad buttons use Bevy's "
                   "`GamepadButton` enum (`South`, `East`, `West`, `North`, …). `InputMap::new` takes an iterator of "
                   "(action, button) pairs. `with_gamepad(Entity)` restricts the map to one gamepad; without it any "
                   "connected gamepad is read. Dead zones are set on the input, e.g. "
                   "`GamepadStick::LEFT.with_circle_deadzone(0.1)`.")
        t.read(INPUT)
        t.edit(INPUT, """        (Action::Pause, KeyCode::Escape),
    ])
    .with_dual_axis(Action::Move, VirtualDPad::wasd())""", """        (Action::Pause, KeyCode::Escape),
    ])
    .with_multiple([
        (Action::Attack, GamepadButton::South),
        (Action::Dash, GamepadButton::East),
        (Action::Pause, GamepadButton::Start),
    ])
    .with_dual_axis(Action::Move, VirtualDPad::wasd())
    .with_dual_axis(Action::Move, GamepadStick::LEFT.with_circle_deadzone(0.12))""")
        t.bash("cargo check", "Type-check", "    Checking cryptfall v0.4.2 (/home/camille/dev/cryptfall)\n"
               "    Finished `dev` profile [optimized + debuginfo] target(s) in 5.77s")
        t.done("Added to `default_input_map()`: left stick → `Move` (circle deadzone 0.12), South → Attack, East → "
               "Dash, Start → Pause. The keyboard bindings are unchanged. In 0.16 dual axes go through "
               "`with_dual_axis` and buttons are Bevy's `GamepadButton`. Without `with_gamepad` any connected pad "
               "drives the player, which is what you want for single-player. `cargo check` passes.")


LICH = """use bevy::prelude::*;
use bevy_rapier2d::prelude::*;

use crate::combat::Health;
use crate::player::Player;

#[derive(Component)]
pub struct Lich {
    pub cast_timer: Timer,
}

#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum LichPhase {
    Summon,
    Barrage,
}

pub fn lich_phase(mut q: Query<(&Health, &mut LichPhase), With<Lich>>) {
    for (health, mut phase) in &mut q {
        if health.current * 2 <= health.max && *phase == LichPhase::Summon {
            *phase = LichPhase::Barrage;
        }
    }
}

pub fn lich_keep_distance(
    time: Res<Time>,
    player: Query<&Transform, With<Player>>,
    mut lich: Query<(&Transform, &mut Velocity, &mut Lich), Without<Player>>,
) {
    let Ok(target) = player.get_single() else {
        return;
    };
    let Ok((tf, mut vel, mut l)) = lich.get_single_mut() else {
        return;
    };
    l.cast_timer.tick(time.delta());
    let to_player = (target.translation - tf.translation).truncate();
    vel.linvel = if to_player.length() < 64.0 { -to_player.normalize_or_zero() * 30.0 } else { Vec2::ZERO };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lich_switches_phase_at_half_health() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_systems(Update, lich_phase);
        let e = app
            .world_mut()
            .spawn((Lich { cast_timer: Timer::from_seconds(2.0, TimerMode::Repeating) },
                    LichPhase::Summon, Health { current: 20, max: 40 }))
            .id();
        app.update();
        assert_eq!(*app.world().get::<LichPhase>(e).unwrap(), LichPhase::Barrage);
    }
}
"""


def s4(d):
    with d.session("2026-10-12T09:40:00", R, branch="feat/lich", version="2.1.155"):
        t = d.task("start the lich boss: two phases (summon, then barrage under 50% hp), and it keeps its distance "
                   "from the player. src/enemy/lich.rs. and dont .unwrap() the queries, let-else and bail out",
                   tags=["workflow:W1", "pref:P1"])
        t.read(ENEMY)
        t.write(BOSS, LICH)
        t.edit(ENEMY, "use crate::combat::Health;\n\npub struct EnemyPlugin;",
               "use crate::combat::Health;\n\npub mod lich;\n\npub struct EnemyPlugin;")
        t.edit(ENEMY, "app.add_systems(Update, chase_player);",
               "app.add_systems(Update, (chase_player, lich::lich_phase, lich::lich_keep_distance));")
        t.bash("cargo nextest run", "Run tests",
               "   Compiling cryptfall v0.4.2 (/home/camille/dev/cryptfall)\n" + nextest(
                   BASE_TESTS + ["combat::knockback::tests::knockback_pushes_enemy_away",
                                 "combat::knockback::tests::light_hit_still_pushes",
                                 "enemy::lich::tests::lich_switches_phase_at_half_health",
                                 "plugins::loot::tests::dead_enemy_drops_one_pickup"], secs="0.611"))
        t.bash("cargo clippy --all-targets -- -D warnings", "Clippy", CLIPPY_OK.format(v="0.4.2", t="8.15s"))
        t.done("`src/enemy/lich.rs`:\n- `LichPhase` goes from `Summon` to `Barrage` once health ≤ 50%.\n- "
               "`lich_keep_distance` backs away at 30 px/s when the player is closer than 64 px and ticks "
               "`cast_timer`. Casting isn't wired up yet.\n\nThe queries use `let Ok(..) else { return }`, no "
               "unwraps. The lich query has `Without<Player>` so it doesn't clash with the player's `Transform`. "
               "13 tests pass and clippy is clean.")

        t = d.task("design q. for the boss phases do i want a LichPhase component like now, or bevy States, or "
                   "one-shot systems? there'll be 3 bosses eventually", tags=["no_tools"])
        t.done("Keep phases as a component on the boss. Don't use `States`:\n\n- `States` are global, one value for "
               "the whole app. Two bosses at once (or a boss plus a mini-boss) would fight over them, and every "
               "transition runs `OnEnter`/`OnExit` for the entire world.\n- A phase component is per entity and "
               "queryable (`With<LichPhase>`). Phase systems can be gated with a run condition like "
               "`any_with_component::<Lich>`.\n- One-shot systems (`commands.run_system`) suit the *transition* "
               "work (spawn adds, play the roar), not the ongoing behaviour.\n\nFor 3 bosses: one `BossPlugin` per "
               "boss with its own phase enum, and a shared `BossHealthBar` UI that only reads `Health` + `Boss` "
               "marker.")

        t = d.task("add an Unreleased section to the changelog with knockback, loot, gamepad, lich wip",
                   tags=["noise"])
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog\n\n## 0.4.2", "# Changelog\n\n## Unreleased\n- Knockback on hit, scaled by "
               "damage (light hits push too).\n- Enemies drop coins and hearts.\n- Gamepad support (left stick, "
               "South attack, East dash).\n- WIP: the Lich boss (two phases).\n\n## 0.4.2")
        t.done("Added `## Unreleased` at the top of CHANGELOG.md with the four entries.")


def release(d, t, old, new, date, notes, commit, nfiles):
    t.read(CARGO)
    t.edit(CARGO, f'version = "{old}"', f'version = "{new}"')
    t.bash("cargo check", "Type-check and refresh Cargo.lock",
           f"    Checking cryptfall v{new} (/home/camille/dev/cryptfall)\n"
           f"    Finished `dev` profile [optimized + debuginfo] target(s) in 4.{nfiles}1s")
    t.read(CHANGELOG)
    cur = d.files[CHANGELOG]
    if "## Unreleased" in cur:
        t.edit(CHANGELOG, "## Unreleased", f"## {new} - {date}")
    else:
        t.edit(CHANGELOG, "# Changelog\n\n", f"# Changelog\n\n## {new} - {date}\n{notes}\n\n")
    t.bash(f"git add Cargo.toml Cargo.lock CHANGELOG.md && git commit -m 'release: v{new}'", "Commit the release",
           f"[main {commit}] release: v{new}\n 3 files changed, {nfiles + 5} insertions(+), 3 deletions(-)")
    t.bash(f"git tag -a v{new} -m 'Cryptfall {new}'", "Annotated tag", "")
    t.bash("git push origin main --follow-tags", "Push main and the tag",
           f"To github.com:brique-lente/cryptfall.git\n   {commit[::-1]}..{commit}  main -> main\n * [new tag]         v{new} -> v{new}")


def gh_list(run, tag, ago, prev="v0.4.2", prev_id="10987102213", prev_age="17 days"):
    return f"""STATUS  TITLE             WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
*       release: {tag}  release   {tag}  push   {run}  {ago}    about 1 minute ago
✓       release: {prev}  release   {prev}  push   {prev_id}  13m51s   about {prev_age} ago"""


def gh_watch(run, tag, j1, j2, linux, mac, ago):
    return f"""✓ {tag} release · {run}
Triggered via push about {ago} minutes ago

JOBS
✓ linux in {linux} (ID {j1})
✓ macos in {mac} (ID {j2})

✓ Run release ({run}) completed with 'success'"""


DEVLOG_TEXT = """# Devlog #5: Knockback, loot, and a lich in the basement

Hi all! It's been a busy three weeks in the crypt, and 0.5.0 is out on itch today, so here's a long look at
what changed, why, and what's coming next.

## Hits that feel like hits

The most common playtest note after #2 was "I can't tell if I hit anything". Enemies now get knocked back
away from you, scaled by the damage of the hit. Even a 1-damage poke pushes a little (that was broken at
first: integer division ate the small hits, which is the kind of bug you only notice with a test).
Combined with the hit flash from 0.4.1 it finally reads.

## Loot

Skeletons and bats now drop coins (1 to 3) and, about one time in eight, a heart. Drops use the run seed,
so the same seed gives the same drops, which will matter for daily runs later.

## Gamepads

Left stick to move, A/Cross to attack, B/Circle to dash. Rebinding comes with the options screen.

## The Lich (work in progress)

The first boss is taking shape. It has two phases: it summons skeletons until it is at half health, then
switches to a projectile barrage. It also keeps its distance, so you have to corner it. Art by Lucas,
still placeholder animations.

## Under the hood

- Bevy 0.15.1, bevy_rapier2d 0.28, leafwing-input-manager 0.16.
- The web build is now built with trunk 0.21 and is about 20% smaller.
- Windows builds are cross-compiled from Linux with Steam support for the playtests.

## What's next

- The Lich's barrage and a proper arena.
- An options screen with rebinding and volume sliders.
- Steam Next Fest demo prep (October 27!).

Thanks for playing, and keep the feedback coming in the Discord!

Camille
"""


def s5(d):
    with d.session("2026-10-15T10:30:00", R, version="2.1.158"):
        t = d.task("lich branch is merged. cut 0.5.0, usual release steps", tags=["workflow:W3"])
        release(d, t, "0.4.2", "0.5.0", "2026-10-15", "", "3be91f4", 4)
        t.done("v0.5.0 is tagged and pushed: version bumped, Cargo.lock refreshed, `## Unreleased` renamed to "
               "`## 0.5.0 - 2026-10-15`, commit `3be91f4`. The release workflow is building Linux and macOS now.")

        t = d.task("grab the linux build from that CI run and put it on the itch linux channel",
                   tags=["mistake:M3"])
        run = "11827345610"
        t.bash("gh run list --workflow release.yml --limit 2", "Find the release run", gh_list(run, "v0.5.0", "1m48s"))
        t.fail(f"gh run download {run} -n cryptfall-linux-x86_64 -D build/linux-0.5.0",
               "Download the Linux artifact", "no valid artifacts found to download")
        t.say("The run is still in progress (the `*` in the list), so the linux job hasn't uploaded its artifact "
              "yet. Waiting for the run to finish first.")
        t.bash(f"gh run watch {run} --exit-status", "Wait for the release run to finish",
               gh_watch(run, "v0.5.0", "33012345671", "33012345672", "9m41s", "13m02s", 14), timeout=1200000)
        t.bash(f"gh run download {run} -n cryptfall-linux-x86_64 -D build/linux-0.5.0 && chmod +x "
               "build/linux-0.5.0/cryptfall && cp -r assets build/linux-0.5.0/ && ls build/linux-0.5.0",
               "Download the Linux artifact and add assets", "assets\ncryptfall")
        t.bash("butler push build/linux-0.5.0 brique-lente/cryptfall:linux --userversion 0.5.0",
               "Upload to the itch linux channel",
               butler_push("linux", "72.16", 204, 1176022, "0.5.0", "9.31", "3.02", "95.81"))
        t.done("Linux 0.5.0 is on the itch `linux` channel. The first download failed with `no valid artifacts "
               "found to download` because the release run was still going. After `gh run watch` the artifact was "
               "there.")
        d.precompact("- Repo /home/camille/dev/cryptfall: Cryptfall, 2D roguelike on Bevy 0.15.1, bevy_rapier2d 0.28, "
                     "leafwing-input-manager 0.16. Plugins registered in src/main.rs (Input, World, Player, Enemy, "
                     "Combat, plugins::loot::LootPlugin). Default feature `dev` = bevy/dynamic_linking + file_watcher.\n"
                     "- Tests with `cargo nextest run`, `cargo clippy --all-targets -- -D warnings`.\n"
                     "- Today: released v0.5.0 (Cargo.toml bump, CHANGELOG, annotated tag, push --follow-tags); the "
                     "release workflow builds linux + macOS artifacts; linux 0.5.0 pushed to itch with butler "
                     "(brique-lente/cryptfall:linux).\n- User prefers no unwrap() in systems; new plugins one file "
                     "each under src/plugins/.")

        t = d.task("web too, same version", tags=["workflow:W2"])
        t.bash("trunk build --release", "Wasm release build", trunk_ok("0.5.0", "1m 58s", "2026-10-15T11:21:1"),
               timeout=600000)
        t.bash("butler push dist brique-lente/cryptfall:html5 --userversion 0.5.0", "Upload the web build",
               butler_push("html5", "39.02", 61, 1191207, "0.5.0", "3.40", "1.12", "97.13"))
        t.bash("butler status brique-lente/cryptfall:html5", "Check processing",
               butler_status("html5", 9822417, 1199530, "0.5.0"))
        t.done("Web 0.5.0 is live on `html5` (build #1199530, processed).")

        t = d.task("write the devlog post for 0.5.0 in docs/devlog/, for the itch page + discord. use the changelog "
                   "and that git log from last week", tags=["noise"])
        t.read(CHANGELOG)
        t.write(DEVLOG, DEVLOG_TEXT)
        t.done("Wrote `docs/devlog/2026-10-devlog-05.md`: intro, knockback, loot, gamepads, the Lich (WIP), under "
               "the hood, what's next. It's written to paste straight into the itch devlog editor (Markdown).")

        t = d.task("rapier 0.30 has the kinematic character controller fixes right? bump bevy_rapier2d to it",
                   tags=["unfixed:U1"])
        t.fail("cargo update -p bevy_rapier2d --precise 0.30.0", "Try to move bevy_rapier2d to 0.30.0",
               """    Updating crates.io index
error: failed to select a version for the requirement `bevy_rapier2d = "^0.28"`
candidate versions found which didn't match: 0.30.0
location searched: crates.io index
required by package `cryptfall v0.5.0 (/home/camille/dev/cryptfall)`
if you are looking for the prerelease package it needs to be specified explicitly
    bevy_rapier2d = { version = "0.28.0-rc.1" }""", code=101)
        t.bash("cargo info bevy_rapier2d@0.30.0 | sed -n '1,20p'", "Check what 0.30 depends on",
               """bevy_rapier2d #physics #bevy #rapier #collision #dynamics
2-dimensional physics engine in Rust, official Bevy plugin.
version: 0.30.0
license: Apache-2.0
rust-version: 1.85
documentation: http://docs.rs/bevy_rapier2d
homepage: http://rapier.rs
repository: https://github.com/dimforge/bevy_rapier
crate-type: lib
features:
 +default          = [dim2, async-collider, debug-render-2d]
  async-collider   = [bevy/bevy_asset, bevy/bevy_scene, bevy/bevy_render]
  debug-render-2d  = [bevy/bevy_gizmos, bevy/bevy_render, rapier2d/debug-render]
  dim2             = []
  parallel         = [rapier2d/parallel]
  serde-serialize  = [rapier2d/serde-serialize, bevy/serialize, serde]
  simd-nightly     = [rapier2d/simd-nightly]
dependencies:
  bevy = "0.16"
  bitflags = "2.4"
""")
        t.done("Not doable on its own. bevy_rapier2d 0.30 depends on `bevy = \"0.16\"` (and Rust 1.85), and "
               "we're on Bevy 0.15.1, so cargo refuses the `--precise` bump against our `^0.28` requirement. "
               "Getting the controller fixes means the Bevy 0.16 migration (leafwing too), and that's too big a "
               "change a week before the Next Fest demo. I left Cargo.toml and Cargo.lock as they were.")


DEVLOG_SHORT = """# Devlog #5: Knockback, loot, and a lich

0.5.0 is out!

- **Knockback**: enemies get pushed away from your hits, harder for heavier hits.
- **Loot**: coins and the odd heart, seeded per run.
- **Gamepads**: stick to move, A to attack, B to dash.
- **The Lich** (WIP): our first boss, two phases. It keeps its distance, so corner it.

Next: the Lich's arena, an options screen, and the Steam Next Fest demo on Oct 27.

Camille
"""

CONTACT_V1 = """use bevy::prelude::*;

use crate::combat::Health;
use crate::enemy::{ContactDamage, Enemy};
use crate::player::Player;

const CONTACT_RADIUS: f32 = 10.0;

pub fn contact_damage(
    mut players: Query<(&Transform, &mut Health), With<Player>>,
    mut enemies: Query<(&Transform, &ContactDamage, &mut Health), With<Enemy>>,
) {
    let Ok((ptf, mut php)) = players.get_single_mut() else {
        return;
    };
    for (etf, dmg, mut ehp) in &mut enemies {
        if ptf.translation.distance(etf.translation) <= CONTACT_RADIUS {
            php.current -= dmg.0;
            ehp.current -= 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_skeleton_hurts_player() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_systems(Update, contact_damage);
        let p = app.world_mut().spawn((Player, Health { current: 6, max: 6 }, Transform::default())).id();
        app.world_mut().spawn((Enemy, ContactDamage(1), Health { current: 3, max: 3 }, Transform::from_xyz(4.0, 0.0, 0.0)));
        app.update();
        assert_eq!(app.world().get::<Health>(p).unwrap().current, 5);
    }
}
"""


def s6(d):
    with d.session("2026-10-19T09:15:00", R, version="2.1.160"):
        t = d.task("that devlog was way too long for itch, nobody reads a wall of text about a patch. i had to cut half "
                   "of it before posting. redo it as a short one in docs/devlog/, bullets, under 150 words",
                   tags=["feedback"], feedback="that devlog was way too long for itch, nobody reads a wall of text about a patch. i had to cut half of it before posting")
        t.write(DEVLOG2, DEVLOG_SHORT)
        t.done("Short version in `docs/devlog/2026-10-devlog-05-short.md`: about 80 words, 4 bullets and one "
               "line about what's next. I'll keep devlogs to that size.")

        t = d.task("enemies should hurt the player on contact (ContactDamage is already on skeletons). "
                   "combat/contact.rs. reminder: a panicking unwrap in a system = a crash on someone's steam deck, "
                   "so none of that outside tests", tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.read(COMBAT)
        t.write(CONTACT, CONTACT_V1)
        t.edit(COMBAT, "pub mod knockback;", "pub mod contact;\npub mod knockback;")
        t.edit(COMBAT, "(apply_hits, knockback::apply_knockback, despawn_dead)",
               "(contact::contact_damage, apply_hits, knockback::apply_knockback, despawn_dead)")
        test = "combat::contact::tests::touching_skeleton_hurts_player"
        tests = BASE_TESTS + ["combat::knockback::tests::knockback_pushes_enemy_away",
                              "combat::knockback::tests::light_hit_still_pushes",
                              "enemy::lich::tests::lich_switches_phase_at_half_health",
                              "plugins::loot::tests::dead_enemy_drops_one_pickup"]
        t.fail("cargo nextest run combat", "Run the combat tests",
               "   Compiling cryptfall v0.5.0 (/home/camille/dev/cryptfall)\n" + nextest(
                   tests[8:10], [test], b0001(
                       test,
                       "Query<(&bevy_transform::components::transform::Transform, &cryptfall::enemy::ContactDamage, &mut cryptfall::combat::Health), bevy_ecs::query::filter::With<cryptfall::enemy::Enemy>>",
                       "cryptfall::combat::contact::contact_damage",
                       "cryptfall::combat::Health", 341, filtered=12),
                   secs="0.188", binaries=1), code=100)
        t.say("Both queries take `&mut Health`, and Bevy can't rule out an entity that is both `Player` and "
              "`Enemy`. Adding `Without<Player>` to the enemy query. I'm also dropping the leftover `ehp` line.")
        t.edit(CONTACT, "    mut enemies: Query<(&Transform, &ContactDamage, &mut Health), With<Enemy>>,",
               "    enemies: Query<(&Transform, &ContactDamage), (With<Enemy>, Without<Player>)>,")
        t.edit(CONTACT, """    for (etf, dmg, mut ehp) in &mut enemies {
        if ptf.translation.distance(etf.translation) <= CONTACT_RADIUS {
            php.current -= dmg.0;
            ehp.current -= 0;
        }""", """    for (etf, dmg) in &enemies {
        if ptf.translation.distance(etf.translation) <= CONTACT_RADIUS {
            php.current -= dmg.0;
        }""")
        t.bash("cargo nextest run combat", "Re-run the combat tests",
               "   Compiling cryptfall v0.5.0 (/home/camille/dev/cryptfall)\n" + nextest(tests[8:10] + [test],
                                                                                     secs="0.179", binaries=1))
        t.bash("cargo clippy --all-targets -- -D warnings", "Clippy", CLIPPY_OK.format(v="0.5.0", t="6.48s"))
        t.done("Contact damage is in `combat/contact.rs` and runs first in the combat chain.\n\nFirst test run: "
               "B0001, two `&mut Health` queries that Bevy can't prove disjoint. The enemy query is now read-only "
               "`(With<Enemy>, Without<Player>)`, since enemies don't take damage from touching you anyway. Tests "
               "and clippy pass. No unwraps in the system.\n\nThere are no i-frames yet, so standing in a skeleton "
               "drains 1 HP per frame. Want me to wire `invuln_secs` from the player config next?")

        t = d.task("yes do the i-frames. and while you're there: dash speed, dash time, i-frame time etc go in "
                   "assets/config/player.ron, i want every tunable in a RON file so Lucas can tweak without "
                   "recompiling, not consts in the code", tags=["pref:P2"])
        t.read(CONF)
        t.edit(CONF, "    invuln_secs: 0.8,\n)", "    invuln_secs: 0.8,\n    dash_speed: 260.0,\n    dash_secs: 0.18,\n"
               "    dash_cooldown_secs: 0.6,\n    contact_radius: 10.0,\n)")
        t.read(CONTACT)
        t.edit(CONTACT, "const CONTACT_RADIUS: f32 = 10.0;\n\npub fn contact_damage(\n",
               "#[derive(Component)]\npub struct Invulnerable(pub Timer);\n\npub fn contact_damage(\n"
               "    mut commands: Commands,\n    cfg: Res<crate::player::PlayerConfig>,\n")
        t.edit(CONTACT, "    mut players: Query<(&Transform, &mut Health), With<Player>>,",
               "    mut players: Query<(Entity, &Transform, &mut Health), (With<Player>, Without<Invulnerable>)>,")
        t.edit(CONTACT, """    let Ok((ptf, mut php)) = players.get_single_mut() else {
        return;
    };
    for (etf, dmg) in &enemies {
        if ptf.translation.distance(etf.translation) <= CONTACT_RADIUS {
            php.current -= dmg.0;
        }""", """    let Ok((pe, ptf, mut php)) = players.get_single_mut() else {
        return;
    };
    for (etf, dmg) in &enemies {
        if ptf.translation.distance(etf.translation) <= cfg.contact_radius {
            php.current -= dmg.0;
            commands.entity(pe).insert(Invulnerable(Timer::from_seconds(cfg.invuln_secs, TimerMode::Once)));
            break;
        }""")
        t.bash("cargo check", "Type-check", "    Checking cryptfall v0.5.0 (/home/camille/dev/cryptfall)\n"
               "    Finished `dev` profile [optimized + debuginfo] target(s) in 5.02s")
        t.done("I-frames: a contact hit inserts `Invulnerable(Timer)` for `invuln_secs`, and the player query skips "
               "invulnerable players. `player.ron` now also has `dash_speed`, `dash_secs`, `dash_cooldown_secs` and "
               "`contact_radius`, read through `PlayerConfig`. No tunable consts are left in contact.rs. The "
               "file watcher in the `dev` feature hot-reloads the RON while the game runs.")


def s7(d):
    with d.session("2026-10-22T15:10:00", R, branch="feat/web-audio", version="2.1.163", end_reason="other"):
        t = d.task("skeltons all move at exactly the same speed, looks robotic. give each one a random speed "
                   "35-45 when it spawns, then clippy", tags=["oneoff:O2"])
        t.read(ENEMY)
        t.edit(ENEMY, "#[derive(Component)]\npub struct ContactDamage(pub i32);",
               "#[derive(Component)]\npub struct ContactDamage(pub i32);\n\n#[derive(Component)]\npub struct ChaseSpeed(pub f32);")
        t.edit(ENEMY, "pub fn spawn_skeleton(commands: &mut Commands, assets: &AssetServer, at: Vec2) -> Entity {",
               "pub fn spawn_skeleton(commands: &mut Commands, assets: &AssetServer, at: Vec2, speed: f32) -> Entity {")
        t.edit(ENEMY, "            ContactDamage(1),\n", "            ContactDamage(1),\n            ChaseSpeed(speed),\n")
        t.edit(ENEMY, """    mut enemies: Query<(&Transform, &mut Velocity), (With<Enemy>, Without<crate::player::Player>)>,""",
               """    mut enemies: Query<(&Transform, &ChaseSpeed, &mut Velocity), (With<Enemy>, Without<crate::player::Player>)>,""")
        t.edit(ENEMY, """    for (tf, mut vel) in &mut enemies {
        let dir = (target.translation - tf.translation).truncate().normalize_or_zero();
        vel.linvel = dir * 40.0;""", """    for (tf, speed, mut vel) in &mut enemies {
        let dir = (target.translation - tf.translation).truncate().normalize_or_zero();
        vel.linvel = dir * speed.0 as f32;""")
        t.grep("spawn_skeleton\\(", output_mode="content", n=True, path=R + "/src",
               content=f"{R}/src/enemy/mod.rs:24:pub fn spawn_skeleton(commands: &mut Commands, assets: &AssetServer, at: Vec2, speed: f32) -> Entity {{\n"
                       f"{R}/src/world/spawn.rs:31:            enemy::spawn_skeleton(&mut commands, &assets, pos, rng.0.gen_range(35.0..=45.0));")
        t.fail("cargo clippy --all-targets -- -D warnings", "Clippy with warnings as errors",
               """    Checking cryptfall v0.5.0 (/home/camille/dev/cryptfall)
error: casting to the same type is unnecessary (`f32` -> `f32`)
  --> src/enemy/mod.rs:51:28
   |
51 |         vel.linvel = dir * speed.0 as f32;
   |                            ^^^^^^^^^^^^^^ help: try: `speed.0`
   |
   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#unnecessary_cast
   = note: `-D clippy::unnecessary-cast` implied by `-D warnings`
   = help: to override `-D warnings` add `#[allow(clippy::unnecessary_cast)]`

error: could not compile `cryptfall` (bin "cryptfall") due to 1 previous error""", code=101)
        t.edit(ENEMY, "vel.linvel = dir * speed.0 as f32;", "vel.linvel = dir * speed.0;")
        t.bash("cargo clippy --all-targets -- -D warnings", "Clippy with warnings as errors",
               CLIPPY_OK.format(v="0.5.0", t="3.90s"))
        t.done("Each skeleton gets a `ChaseSpeed` drawn from 35–45 at spawn (`world/spawn.rs` already had the "
               "rng call site). Clippy flagged a leftover `as f32` on a value that's already f32. Removed it, "
               "clippy is clean.")

        t = d.task("on the itch web build music doesn't start until you click, and Lucas says safari is silent "
                   "even after clicking. is that us or the browser", tags=["no_tools"])
        t.done("Mostly the browser:\n\n- **No music before a click** is the autoplay policy. An `AudioContext` "
               "can't start until a user gesture. Bevy's audio (rodio/cpal on web) creates the context at startup, "
               "so it starts suspended and only resumes after the first input. Itch's \"click to play\" iframe "
               "option gives you that gesture for free.\n- **Safari silent after the click** is more likely us, "
               "and it's a format problem: the music is `.ogg` (Vorbis), and Safari before 17.4 can't decode Ogg "
               "through Web Audio. Shipping an `.mp3`/`.m4a` fallback for web (bevy `mp3` feature behind "
               "`cfg(target_arch = \"wasm32\")`) would fix it.\n\nTell me which Safari version Lucas has and I'll "
               "tell you whether it's the second one.")

        t = d.task("kick the release workflow on this branch (it has workflow_dispatch now) and get me the mac "
                   ".app, i want to send it to Lucas tonight", tags=["mistake:M3"])
        run = "12004417736"
        t.bash("gh workflow run release.yml --ref feat/web-audio", "Dispatch the release workflow on this branch",
               "✓ Created workflow_dispatch event for release.yml at feat/web-audio\n\n"
               "To see runs for this workflow, try: gh run list --workflow=release.yml")
        t.bash("gh run list --workflow release.yml --branch feat/web-audio --limit 1 --json databaseId,status "
               "--jq '.[0]'", "Get the run id", f'{{"databaseId":{run},"status":"queued"}}')
        t.fail(f"gh run download {run} -n cryptfall-macos-universal -D build/mac-webaudio",
               "Download the macOS artifact", "no valid artifacts found to download")
        t.say("The run was only just queued, so nothing has been uploaded yet. Waiting for the run.")
        t.bash(f"gh run watch {run} --exit-status --interval 30", "Wait for the run",
               gh_watch(run, "feat/web-audio", "33602118801", "33602118802", "10m05s", "14m37s", 15).replace(
                   "Triggered via push", "Triggered via workflow_dispatch"), timeout=1500000)
        t.bash(f"gh run download {run} -n cryptfall-macos-universal -D build/mac-webaudio && "
               "cd build && zip -qry Cryptfall-webaudio-mac.zip mac-webaudio && ls -lh Cryptfall-webaudio-mac.zip",
               "Download the .app and zip it",
               "-rw-r--r-- 1 camille camille 94M Oct 22 15:58 Cryptfall-webaudio-mac.zip")
        t.done("`build/Cryptfall-webaudio-mac.zip` (94 MB) has the universal `Cryptfall.app` from run "
               f"{run}. It's unsigned, so Lucas will need right-click → Open the first time.")


DASH_V1 = """use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::enemy::Enemy;
use crate::input::Action;
use crate::player::{Player, PlayerConfig};

#[derive(Component, Default)]
pub struct Dash {
    pub active: Option<Timer>,
    pub cooldown: Option<Timer>,
}

/// Dashing through an enemy shoves it sideways.
pub fn dash(
    time: Res<Time>,
    cfg: Res<PlayerConfig>,
    mut player: Query<(&ActionState<Action>, &Transform, &mut Velocity, &mut Dash), With<Player>>,
    mut shoved: Query<(&Transform, &mut Velocity), With<Enemy>>,
) {
    let Ok((actions, ptf, mut vel, mut dash)) = player.get_single_mut() else {
        return;
    };
    if let Some(cd) = dash.cooldown.as_mut() {
        cd.tick(time.delta());
    }
    let ready = dash.cooldown.as_ref().is_none_or(|cd| cd.finished());
    if actions.just_pressed(&Action::Dash) && ready {
        let dir = vel.linvel.normalize_or_zero();
        vel.linvel = dir * cfg.dash_speed;
        dash.active = Some(Timer::from_seconds(cfg.dash_secs, TimerMode::Once));
        dash.cooldown = Some(Timer::from_seconds(cfg.dash_cooldown_secs, TimerMode::Once));
    }
    if dash.active.is_some() {
        for (etf, mut evel) in &mut shoved {
            let d = (etf.translation - ptf.translation).truncate();
            if d.length() < 12.0 {
                evel.linvel += d.perp().normalize_or_zero() * 80.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dash_shoves_enemy_in_path() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_plugins(InputManagerPlugin::<Action>::default())
            .insert_resource(PlayerConfig::default())
            .add_systems(Update, dash);
        let mut actions = ActionState::<Action>::default();
        actions.press(&Action::Dash);
        app.world_mut().spawn((Player, actions, Transform::default(), Velocity::linear(Vec2::X * 90.0), Dash::default()));
        let e = app.world_mut().spawn((Enemy, Transform::from_xyz(6.0, 0.0, 0.0), Velocity::zero())).id();
        app.update();
        assert!(app.world().get::<Velocity>(e).unwrap().linvel.length() > 0.0);
    }
}
"""


def s8(d):
    with d.session("2026-10-27T08:50:00", R, version="2.1.166"):
        t = d.task("next fest starts today!! build the windows demo w/ the dist profile and steam, into "
                   "build/demo-win64/ like the playtest one", tags=["mistake:M2"])
        t.fail("cargo build --profile dist --target x86_64-pc-windows-gnu --features steam,demo",
               "Windows demo build (dist profile, Steam)",
               "   Compiling steamworks v0.11.0\n   Compiling bevy_internal v0.15.1\n" + ordinal(72019, "dist", "5m"),
               code=101)
        t.say("Same linker limit as the playtest build: the default `dev` feature pulls in `bevy/dynamic_linking`, "
              "and `bevy_dylib` has too many exports for a mingw DLL. Rebuilding without default features.")
        t.bash("cargo build --profile dist --target x86_64-pc-windows-gnu --no-default-features --features steam,demo",
               "Windows demo build without dynamic linking", win_ok("0.5.0", "dist", "9m 12s", "dist"),
               timeout=1200000)
        t.bash("mkdir -p build/demo-win64 && cp target/x86_64-pc-windows-gnu/dist/cryptfall.exe "
               "~/sdk/steamworks/redistributable_bin/win64/steam_api64.dll build/demo-win64/ && "
               "cp -r assets build/demo-win64/ && du -sh build/demo-win64", "Assemble the demo folder",
               "58M\tbuild/demo-win64")
        t.done("`build/demo-win64/` (58 MB): `cryptfall.exe` (dist profile, fat LTO, stripped, `steam` + `demo`), "
               "`steam_api64.dll`, `assets/`. No `steam_appid.txt` this time because Steam launches the demo app "
               "itself.\n\nThe first attempt hit the mingw `export ordinal too large` error again. Builds for "
               "Windows must be `--no-default-features`.")

        t = d.task("Marmotte (publisher) wants the demo on their itch page too: marmotte-games/cryptfall-demo, "
                   "windows channel", tags=["unfixed:U2"])
        t.fail("butler push build/demo-win64 marmotte-games/cryptfall-demo:windows --userversion 0.5.0-demo",
               "Upload the demo to the publisher's itch page",
               """∙ For channel `windows`: pushing first build
∙ Pushing 57.64 MiB (213 files, 15 dirs, 0 symlinks)
✗ itch.io API error (400): /wharf/builds: invalid target (bad user or game)""")
        t.bash("butler status marmotte-games/cryptfall-demo 2>&1 | head -3", "Check whether this account can see the page",
               "✗ itch.io API error (400): /wharf/status: invalid target (bad user or game)")
        t.done("Can't push there from your account: butler says `invalid target (bad user or game)` for "
               "`marmotte-games/cryptfall-demo`, and `butler status` says the same. Either the page is still a "
               "draft under a different URL, or your itch account isn't an admin on Marmotte's game. Someone at "
               "Marmotte has to add you (Edit game → Admins) or send the exact slug. The build itself is ready in "
               "`build/demo-win64/`.")

        t = d.task("btw forget the one-file-per-plugin thing, src/plugins/ is turning into a junk drawer. from now "
                   "on group by feature folder, like combat/ and enemy/ already are. move loot to src/loot/mod.rs",
                   tags=["reversal:P3"])
        t.read(LOOT)
        t.bash("mkdir -p src/loot && git mv src/plugins/loot.rs src/loot/mod.rs && git rm -q src/plugins/mod.rs",
               "Move loot into its own feature folder", "")
        d.files[LOOT2] = d.files.pop(LOOT)
        t.read(MAIN)
        t.edit(MAIN, "mod input;\nmod player;\nmod plugins;", "mod input;\nmod loot;\nmod player;")
        t.edit(MAIN, "plugins::loot::LootPlugin,", "loot::LootPlugin,")
        t.bash("cargo check", "Type-check", "    Checking cryptfall v0.5.0 (/home/camille/dev/cryptfall)\n"
               "    Finished `dev` profile [optimized + debuginfo] target(s) in 4.36s")
        t.done("Loot is in `src/loot/mod.rs` now. `src/plugins/` is gone and `main.rs` registers `loot::LootPlugin`. "
               "New features will get their own folder next to `combat/`, `enemy/`, `loot/`.")

        t = d.task("hotfix: tag 0.5.1 with the contact damage + i-frames stuff for the demo, same release dance",
                   tags=["workflow:W3"])
        release(d, t, "0.5.0", "0.5.1", "2026-10-27", "- Enemies hurt on contact, with i-frames after a hit.\n"
                "- Skeletons move at slightly different speeds.", "9d4e07a", 3)
        t.done("v0.5.1 is tagged and pushed (commit `9d4e07a`), with a changelog section covering contact damage, "
               "i-frames and skeleton speed variance.")


def s9(d):
    with d.session("2026-10-30T13:40:00", R, branch="feat/dash-rework", version="2.1.170"):
        t = d.task("dash rework: dash in player/dash.rs using the ron values, and dashing through an enemy shoves it "
                   "sideways. test + clippy as usual", tags=["workflow:W1", "mistake:M1"])
        t.read(PLAYER)
        t.write(DASH, DASH_V1)
        t.edit(PLAYER, "use crate::input::Action;\n\npub struct PlayerPlugin;",
               "use crate::input::Action;\n\npub mod dash;\n\npub struct PlayerPlugin;")
        t.edit(PLAYER, ".add_systems(Update, move_player);", ".add_systems(Update, (move_player, dash::dash).chain());")
        test = "player::dash::tests::dash_shoves_enemy_in_path"
        t.fail("cargo nextest run dash", "Run the dash test",
               "   Compiling cryptfall v0.5.1 (/home/camille/dev/cryptfall)\n" + nextest(
                   [], [test], b0001(
                       test,
                       "Query<(&bevy_transform::components::transform::Transform, &mut bevy_rapier2d::dynamics::rigid_body::Velocity), bevy_ecs::query::filter::With<cryptfall::enemy::Enemy>>",
                       "cryptfall::player::dash::dash",
                       "bevy_rapier2d::dynamics::rigid_body::Velocity", 341, filtered=17),
                   secs="0.097", binaries=1), code=100)
        t.say("The player and enemy queries both write rapier's `Velocity`. The two halves of the system run one "
              "after the other, so a `ParamSet` fits here better than more filters.")
        t.edit(DASH, """    mut player: Query<(&ActionState<Action>, &Transform, &mut Velocity, &mut Dash), With<Player>>,
    mut shoved: Query<(&Transform, &mut Velocity), With<Enemy>>,
) {
    let Ok((actions, ptf, mut vel, mut dash)) = player.get_single_mut() else {
        return;
    };""", """    mut set: ParamSet<(
        Query<(&ActionState<Action>, &Transform, &mut Velocity, &mut Dash), With<Player>>,
        Query<(&Transform, &mut Velocity), With<Enemy>>,
    )>,
) {
    let (ppos, dashing) = {
        let mut player = set.p0();
        let Ok((actions, ptf, mut vel, mut dash)) = player.get_single_mut() else {
            return;
        };
        let ppos = ptf.translation;""")
        t.edit(DASH, """        dash.cooldown = Some(Timer::from_seconds(cfg.dash_cooldown_secs, TimerMode::Once));
    }
    if dash.active.is_some() {
        for (etf, mut evel) in &mut shoved {
            let d = (etf.translation - ptf.translation).truncate();""", """        dash.cooldown = Some(Timer::from_seconds(cfg.dash_cooldown_secs, TimerMode::Once));
    }
        (ppos, dash.active.is_some())
    };
    if dashing {
        for (etf, mut evel) in &mut set.p1() {
            let d = (etf.translation - ppos).truncate();""")
        t.bash("cargo nextest run dash", "Re-run the dash test",
               "   Compiling cryptfall v0.5.1 (/home/camille/dev/cryptfall)\n" + nextest([test], secs="0.091", binaries=1))
        t.bash("cargo clippy --all-targets -- -D warnings", "Clippy", CLIPPY_OK.format(v="0.5.1", t="7.44s"))
        t.done("Dash lives in `player/dash.rs`, chained after `move_player`, and reads `dash_speed` / `dash_secs` / "
               "`dash_cooldown_secs` from `PlayerConfig`.\n\nThe first test run hit B0001: both queries write "
               "`Velocity`. They're now a `ParamSet`: `p0()` for the player, then `p1()` for the enemies to shove. "
               "The player's `Transform` is copied out between the two. The test passes and clippy is clean.")

        t = d.task("rename Action::Attack to Action::Swing everywhere, Lucas keeps confusing it with the bow",
                   tags=["noise"])
        t.grep("Action::Attack", filenames=[INPUT], path=R + "/src")
        t.read(INPUT)
        t.edit(INPUT, "Action::Attack", "Action::Swing", replace_all=True)
        t.edit(INPUT, "    Move,\n    Attack,", "    Move,\n    Swing,")
        t.bash("cargo check", "Type-check", "    Checking cryptfall v0.5.1 (/home/camille/dev/cryptfall)\n"
               "    Finished `dev` profile [optimized + debuginfo] target(s) in 3.98s")
        t.done("Renamed `Action::Attack` → `Action::Swing` (the enum variant plus both bindings in `input.rs`, the "
               "only file that used it). It compiles. Saved keybinds in players' `keybinds.ron` will still say "
               "`Attack` and will be ignored on load, so they fall back to the defaults.")

        t = d.task("why is the wasm so big. show me duplicate deps", tags=["noise", "long_output"])
        dup = """ahash v0.7.8
└── hashbrown v0.12.3
    └── indexmap v1.9.3
        └── naga v23.1.0
            └── wgpu-core v23.0.1

ahash v0.8.11
├── bevy_utils v0.15.1
└── hashbrown v0.14.5

bitflags v1.3.2
├── ash v0.38.0+1.3.281
└── ogg v0.8.0
    └── lewton v0.10.2
        └── rodio v0.19.0
            └── bevy_audio v0.15.1

bitflags v2.6.0
├── bevy_render v0.15.1
├── naga v23.1.0
├── wgpu-core v23.0.1
└── wgpu-hal v23.0.1

getrandom v0.2.15
└── rand_core v0.6.4
    └── rand v0.8.5
        └── cryptfall v0.5.1 (/home/camille/dev/cryptfall)

getrandom v0.3.1
└── ahash v0.8.11

hashbrown v0.12.3
└── indexmap v1.9.3

hashbrown v0.14.5
├── bevy_utils v0.15.1
└── dashmap v6.1.0

hashbrown v0.15.2
├── indexmap v2.7.0
└── bevy_ecs v0.15.1

indexmap v1.9.3
└── naga v23.1.0

indexmap v2.7.0
├── bevy_reflect v0.15.1
└── toml_edit v0.22.22

thiserror v1.0.69
├── leafwing-input-manager v0.16.0
├── ron v0.8.1
└── rodio v0.19.0

thiserror v2.0.9
├── bevy_asset v0.15.1
├── bevy_ecs v0.15.1
└── bevy_render v0.15.1

windows-sys v0.52.0
└── winit v0.30.7

windows-sys v0.59.0
└── cpal v0.15.3"""
        t.bash("cargo tree -d -e normal --target wasm32-unknown-unknown --depth 4", "Duplicate deps on the wasm target",
               dup)
        t.bash("ls -lh dist/*.wasm", "Current wasm size",
               "-rw-r--r-- 1 camille camille 31M Oct 30 14:22 dist/cryptfall-7b1e9a04c2d3f518_bg.wasm")
        t.done("The duplicates aren't where the size comes from. They're small crates (two `hashbrown`s, two "
               "`thiserror`s, `bitflags` 1 and 2), maybe 300–500 KB together, and most come from wgpu/naga and "
               "rodio, not you.\n\nThe 31 MB wasm is mostly unoptimised codegen:\n1. trunk isn't running "
               "`wasm-opt`. Add `data-wasm-opt=\"z\"` on the `<link data-trunk rel=\"rust\">` in index.html "
               "(usually -30–40%).\n2. A `[profile.wasm-release]` with `opt-level = \"z\"`, `lto = \"fat\"`, "
               "`codegen-units = 1`.\n3. itch serves gzip/brotli, so the download is ~8–9 MB anyway.\n\nWant "
               "1 and 2 in a branch?")


def s10(d):
    with d.session("2026-11-03T09:30:00", R, version="2.1.173"):
        t = d.task("dash rework is merged. 0.6.0 time, same as always", tags=["workflow:W3"])
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog\n\n", "# Changelog\n\n## Unreleased\n- Dash rework: dashing through enemies "
               "shoves them aside.\n- Attack is now called Swing in the controls.\n- Loot code moved (no gameplay "
               "change).\n\n")
        release(d, t, "0.5.1", "0.6.0", "2026-11-03", "", "e27c5b8", 5)
        t.done("v0.6.0 is out: changelog section added and dated, version bumped, tag `v0.6.0` pushed with main "
               "(commit `e27c5b8`). The release workflow is running.")

        t = d.task("put the linux and mac builds from CI on itch", tags=["mistake:M3"])
        run = "12188093154"
        t.bash("gh run list --workflow release.yml --limit 2", "Find the v0.6.0 run", gh_list(run, "v0.6.0", "0m52s", prev="v0.5.1", prev_id="12071530982", prev_age="7 days"))
        t.fail(f"gh run download {run} -n cryptfall-linux-x86_64 -n cryptfall-macos-universal -D build/ci-0.6.0",
               "Download both artifacts", "no valid artifacts found to download")
        t.say("Run still in progress, nothing uploaded yet. Watching it until it finishes.")
        t.bash(f"gh run watch {run} --exit-status", "Wait for the release run",
               gh_watch(run, "v0.6.0", "34110987750", "34110987751", "9m58s", "13m40s", 15), timeout=1200000)
        t.bash(f"gh run download {run} -n cryptfall-linux-x86_64 -n cryptfall-macos-universal -D build/ci-0.6.0 && "
               "ls build/ci-0.6.0/*", "Download both artifacts",
               "build/ci-0.6.0/cryptfall-linux-x86_64:\ncryptfall\n\nbuild/ci-0.6.0/cryptfall-macos-universal:\n"
               "Cryptfall.app")
        t.bash("chmod +x build/ci-0.6.0/cryptfall-linux-x86_64/cryptfall && cp -r assets "
               "build/ci-0.6.0/cryptfall-linux-x86_64/ && butler push build/ci-0.6.0/cryptfall-linux-x86_64 "
               "brique-lente/cryptfall:linux --userversion 0.6.0 && butler push "
               "build/ci-0.6.0/cryptfall-macos-universal brique-lente/cryptfall:mac --userversion 0.6.0",
               "Upload linux and mac to itch",
               butler_push("linux", "72.48", 204, 1199988, "0.6.0", "4.11", "1.37", "98.10") + "\n" +
               butler_push("mac", "96.20", 37, 1199990, "0.6.0", "11.62", "4.05", "95.79"))
        t.done("Linux and mac 0.6.0 are uploaded to `linux` and `mac` on itch. The first download came back with "
               "`no valid artifacts found to download` because the run was less than a minute old. It worked after "
               "waiting with `gh run watch`.")

        t = d.task("and the web one", tags=["workflow:W2"])
        t.bash("trunk build --release", "Wasm release build", trunk_ok("0.6.0", "2m 11s", "2026-11-03T10:09:2"),
               timeout=600000)
        t.bash("butler push dist brique-lente/cryptfall:html5 --userversion 0.6.0", "Upload the web build",
               butler_push("html5", "39.77", 61, 1199530, "0.6.0", "2.96", "1.04", "97.39"))
        t.bash("butler status brique-lente/cryptfall:html5", "Check processing",
               butler_status("html5", 9870012, 1207445, "0.6.0"))
        t.done("Web 0.6.0 is live on `html5` (build #1207445).")

        t = d.task("last one, the steam windows build for 0.6.0 into build/steam-0.6.0/ so i can upload the depot "
                   "tonight", tags=["mistake:M2"])
        t.fail("cargo build --profile dist --target x86_64-pc-windows-gnu --features steam --bin cryptfall",
               "Windows dist build with Steam",
               "   Compiling cryptfall v0.6.0 (/home/camille/dev/cryptfall)\n" + ordinal(71977, "dist", "5m"), code=101)
        t.say("The mingw export-ordinal limit on `bevy_dylib` again. Dropping the default `dev` feature for this "
              "build.")
        t.bash("cargo build --profile dist --target x86_64-pc-windows-gnu --no-default-features --features steam "
               "--bin cryptfall", "Windows dist build without dynamic linking",
               win_ok("0.6.0", "dist", "8m 47s", "dist"), timeout=1200000)
        t.bash("mkdir -p build/steam-0.6.0 && cp target/x86_64-pc-windows-gnu/dist/cryptfall.exe "
               "~/sdk/steamworks/redistributable_bin/win64/steam_api64.dll build/steam-0.6.0/ && "
               "cp -r assets build/steam-0.6.0/ && du -sh build/steam-0.6.0", "Assemble the depot folder",
               "59M\tbuild/steam-0.6.0")
        t.done("`build/steam-0.6.0/` (59 MB) is ready for the depot: `cryptfall.exe` (dist, Steam on, no dynamic "
               "linking), `steam_api64.dll`, `assets/`.")

        t = d.task("ok that's the release. what should i tell the discord in two lines", tags=["no_tools"])
        t.done("**Cryptfall 0.6.0 is out** on itch and Steam: dash through enemies to shove them aside, plus the "
               "Attack button is now \"Swing\".\nThanks for all the Next Fest feedback. The Lich's arena is "
               "next!")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new ECS system takes two queries over the same component, one of them mutable "
                            "(`&mut Transform`, `&mut Health`, rapier `&mut Velocity`), filtered only with "
                            "`With<Player>` / `With<Enemy>`. Bevy can't prove the two queries are disjoint, so "
                            "building the system panics at the first `app.update()` in the nextest run: T02 "
                            "knockback (Transform), T19 contact damage (Health), T29 dash shove (Velocity).",
             "error_signature": "nextest `FAIL … cryptfall <test>` with `error[B0001]: Query<…> in system "
                                "cryptfall::<path> accesses component(s) <Component> in a way that conflicts with a "
                                "previous system parameter. Consider using `Without<T>` to create disjoint Queries or "
                                "merging conflicting Queries into a `ParamSet`.`, `error: test run failed` (exit 100)",
             "fix": "Edit the system so the queries are disjoint: add `Without<Player>` to the other query's filter "
                    "(or drop the mutable access), or put both queries in a `ParamSet`. Then run the same "
                    "`cargo nextest run …` again.",
             "fix_command_markers": [["Without<", "ParamSet"]],
             "harmful_markers": ["get_unchecked", "iter_unsafe", "#[ignore]"]},
            {"id": "M2",
             "description": "Cargo.toml has `default = [\"dev\"]` with `dev = [\"bevy/dynamic_linking\", …]` for "
                            "fast local iteration. Windows builds cross-compiled from Linux with mingw-w64 keep the "
                            "default feature, so `bevy_dylib` is linked as a DLL and GNU ld overflows the 16-bit "
                            "export ordinal table: T07 playtest build (`--release --features steam`), T24 Next Fest "
                            "demo (`--profile dist --features steam,demo`), T34 Steam depot build (`--profile dist "
                            "--features steam --bin cryptfall`).",
             "error_signature": "`error: linking with `x86_64-w64-mingw32-gcc` failed: exit status: 1` … "
                                "`/usr/bin/x86_64-w64-mingw32-ld: error: export ordinal too large: <n>` / "
                                "`collect2: error: ld returned 1 exit status` / `error: could not compile `bevy_dylib` "
                                "(lib)` (exit 101)",
             "fix": "Run the same cargo build with `--no-default-features` (plus the features the build needs, e.g. "
                    "`--features steam`), leaving dynamic linking on for local dev.",
             "fix_command_markers": [["--no-default-features"]],
             "harmful_markers": ["cargo clean", "rm -rf target", "default = []"]},
            {"id": "M3",
             "description": "Right after a tag push or a `gh workflow run`, Claude downloads the release "
                            "workflow's artifacts while the run is still queued or in progress; nothing is "
                            "uploaded yet. T14 linux artifact of v0.5.0, T23 macOS .app of a dispatched branch run, "
                            "T32 linux + mac artifacts of v0.6.0.",
             "error_signature": "`gh run download <id> -n <artifact> …` → `no valid artifacts found to download` "
                                "(exit 1)",
             "fix": "`gh run watch <id> --exit-status` until the run completes, then the same `gh run download`.",
             "fix_command_markers": [["gh run watch"]],
             "harmful_markers": ["gh run cancel", "gh run rerun", "gh run delete"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`cargo nextest run knockback`: new test `light_hit_still_pushes` fails "
                                        "(`1-dmg hit left the enemy at x = 10`) because `hit.damage / 2` is integer "
                                        "division; fixed with a float scale and `.max(1.0)`, same command passes."},
            {"id": "O2", "description": "`cargo clippy --all-targets -- -D warnings`: `casting to the same type is "
                                        "unnecessary (`f32` -> `f32`)` [clippy::unnecessary_cast] on `speed.0 as "
                                        "f32`; cast removed, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`cargo update -p bevy_rapier2d --precise 0.30.0` → `failed to select a "
                                        "version for the requirement `bevy_rapier2d = \"^0.28\"``; 0.30 needs Bevy "
                                        "0.16, and that migration is out of scope before the Next Fest demo. Left "
                                        "as is."},
            {"id": "U2", "description": "`butler push … marmotte-games/cryptfall-demo:windows` → `itch.io API error "
                                        "(400): /wharf/builds: invalid target (bad user or game)`; the publisher "
                                        "has to add Camille as admin or give the right slug."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`trunk build --release`: cargo `spurious network error` ×3 then `failed "
                                        "to download from https://static.crates.io/…` `[28] Timeout was reached`; "
                                        "the identical command succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New gameplay system: write the system (own module) → register it with "
                                        "`add_systems` in the feature's plugin → `cargo nextest run` → `cargo clippy "
                                        "--all-targets -- -D warnings`.",
             "step_markers": [["add_systems"], ["cargo nextest run"], ["cargo clippy --all-targets"]]},
            {"id": "W2", "description": "itch.io web release: `trunk build --release` → `butler push dist "
                                        "brique-lente/cryptfall:html5 --userversion <v>` → `butler status "
                                        "brique-lente/cryptfall:html5`.",
             "step_markers": [["trunk build --release"], ["butler push dist"], ["butler status"]]},
            {"id": "W3", "description": "Release: bump `version` in Cargo.toml → `cargo check` (Cargo.lock) → dated "
                                        "CHANGELOG section → `git commit -m 'release: v<v>'` → `git tag -a v<v>` → "
                                        "`git push origin main --follow-tags`.",
             "step_markers": [["cargo check"], ["release: v"], ["git tag -a"], ["--follow-tags"]]},
        ],
        preferences=[
            {"id": "P1", "description": "No `unwrap()` in ECS systems (tests are fine); queries use `let Ok(..) "
                                        "else { return/continue }`.",
             "markers": [["unwrap"]]},
            {"id": "P2", "description": "Every gameplay tunable lives in a RON config under assets/config/ "
                                        "(hot-reloadable), not as consts in code.",
             "markers": [["RON"]]},
            {"id": "P3", "description": "New plugins one file each under src/plugins/ (T05); reversed in T27: group "
                                        "code by feature folder (src/loot/mod.rs like combat/, enemy/).",
             "markers": [["src/plugins"]],
             "reversal_markers": [["feature folder"]]},
        ],
        probes=[
            {"prompt": "game panics as soon as i enter the room with the new spike traps: error[B0001]: "
                       "Query<&mut bevy_transform::components::transform::Transform, "
                       "bevy_ecs::query::filter::With<cryptfall::traps::Spike>> in system "
                       "cryptfall::traps::retract_spikes accesses component(s) "
                       "bevy_transform::components::transform::Transform in a way that conflicts with a previous "
                       "system parameter. wtf, it compiled fine",
             "wanted": ["M1"]},
            {"prompt": "bats should steal a coin from the player when they touch him and fly off with it, write "
                       "the system in enemy/bat.rs", "wanted": ["M1"]},
            {"prompt": "windows build for the press kit fails at the end: /usr/bin/x86_64-w64-mingw32-ld: error: "
                       "export ordinal too large: 70561 collect2: error: ld returned 1 exit status. "
                       "could not compile bevy_dylib. is my mingw broken?",
             "wanted": ["M2"]},
            {"prompt": "make me a windows build without steam for the itch windows channel, release profile",
             "wanted": ["M2"]},
            {"prompt": "gh run download says no valid artifacts found to download but the run is right there "
                       "in the list?? I just pushed v0.6.1", "wanted": ["M3"]},
            {"prompt": "tagged 0.6.1, pull the mac build off CI and push it to the itch mac channel",
             "wanted": ["M3"]},
            {"prompt": "what does despawn_recursive do differently from despawn in 0.15", "wanted": []},
            {"prompt": "add a README section listing the controls, keyboard and gamepad", "wanted": []},
            {"prompt": "bump the skeleton's max health to 4 in the spawner", "wanted": []},
            {"prompt": "explain rapier's LockedAxes in one paragraph", "wanted": []},
        ],
    )


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "bevy-game.jsonl"), os.path.join(HERE, "tune", "bevy-game.labels.json"))
    print(f"bevy-game -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
