"""rust-embedded: Freya Lindqvist, firmware engineer at Bramblebee Ltd (Bristol), Combwise hive monitor.

no_std Rust with embassy: the hive scale node (embassy-rp on an RP2040, rev B boards flashed over USB/UF2,
the bench node through a Raspberry Pi Debug Probe) and the apiary gateway (embassy-nrf on an nRF52840-DK),
talking over RS-485 with a shared postcard + serde protocol crate. probe-rs as cargo runner (probe-rs run /
download / attach / list / reset), defmt + defmt-rtt, flip-link, memory.x, cargo-binutils (cargo size),
elf2uf2-rs for the RP2040 bootloader, cargo clippy / fmt, host-side unit tests of the pure-logic and protocol
crates with cargo test, GitHub Actions via gh, picocom on /dev/ttyACM0 for the gateway console.

Written blind for fresh/; measured once held out (round 21), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_rust_embedded.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "freya"
H = "/home/freya"
R = H + "/src/combwise"
GW = R + "/gateway"
MODEL = "claude-opus-4-6"
REG = H + "/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f"
NODE_ELF = "target/thumbv6m-none-eabi/release/combwise-node"
GW_ELF = "gateway/target/thumbv7em-none-eabihf/release/combwise-gw"
NODE_RUNNER = "probe-rs run --chip RP2040 --probe 2e8a:000c"
GW_RUNNER = "probe-rs run --chip nRF52840_xxAA --probe 1366:1051"
HX = random.Random(4711)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def secs(lo, hi):
    return f"{HX.uniform(lo, hi):.2f}s"


# ----------------------------------------------------------------------------------------------
# files of the repository (virtual file system)
# ----------------------------------------------------------------------------------------------

CARGO_CONFIG = """[build]
target = "thumbv6m-none-eabi"

[target.thumbv6m-none-eabi]
# bench node: Raspberry Pi Debug Probe. rev B units have no SWD header, see README (UF2).
runner = "probe-rs run --chip RP2040 --probe 2e8a:000c"
linker = "flip-link"
rustflags = [
  "-C", "link-arg=--nmagic",
  "-C", "link-arg=-Tlink.x",
  "-C", "link-arg=-Tdefmt.x",
]

[env]
DEFMT_LOG = "debug"
"""

ROOT_CARGO = """[workspace]
resolver = "2"
members = ["proto", "logic", "node"]
# the gateway targets thumbv7em and has its own .cargo/config.toml; build it from gateway/
exclude = ["gateway"]

[workspace.package]
edition = "2021"
publish = false

[workspace.dependencies]
defmt = "1.0.1"
heapless = { version = "0.9", features = ["serde"] }
postcard = { version = "1.1", default-features = false, features = ["heapless"] }
serde = { version = "1.0", default-features = false, features = ["derive"] }

[profile.release]
debug = 2
lto = "fat"
opt-level = "s"
codegen-units = 1
"""

NODE_CARGO = """[package]
name = "combwise-node"
version = "0.4.3"
edition.workspace = true
publish.workspace = true

[dependencies]
combwise-proto = { path = "../proto", features = ["defmt"] }
combwise-logic = { path = "../logic" }
embassy-executor = { version = "0.9", features = ["arch-cortex-m", "executor-thread", "defmt"] }
embassy-rp = { version = "0.8", features = ["defmt", "unstable-pac", "time-driver", "critical-section-impl", "rp2040"] }
embassy-time = { version = "0.5", features = ["defmt", "defmt-timestamp-uptime"] }
embassy-sync = { version = "0.7", features = ["defmt"] }
embassy-futures = "0.1"
embedded-io-async = "0.6"
cortex-m = { version = "0.7.7", features = ["inline-asm"] }
cortex-m-rt = "0.7.5"
defmt.workspace = true
defmt-rtt = "1.0"
panic-probe = { version = "1.0", features = ["print-defmt"] }
heapless.workspace = true
static_cell = "2.1"
"""

LOGIC_CARGO = """[package]
name = "combwise-logic"
version = "0.3.0"
edition.workspace = true
publish.workspace = true

[dependencies]
heapless.workspace = true
"""

LOGIC_LIB = """//! Pure logic shared by the node firmware and the host tools: no hardware, no allocation.
//! Host tests: see README ("Host tests").
#![cfg_attr(not(test), no_std)]

pub mod filter;
pub mod swarm;
"""

LOGIC_FILTER = """//! Weight filtering. The NAU7802 gives ~0.5 g of noise at 10 SPS; the bees add their own.

/// Exponential moving average in Q8 fixed point: alpha = alpha_q8 / 256.
#[derive(Clone, Copy, Debug)]
pub struct Ema {
    alpha_q8: i32,
    state: Option<i32>,
}

impl Ema {
    pub const fn new(alpha_q8: u8) -> Self {
        Self { alpha_q8: alpha_q8 as i32, state: None }
    }

    pub fn update(&mut self, x: i32) -> i32 {
        let y = match self.state {
            None => x,
            Some(prev) => prev + ((x - prev) * self.alpha_q8) / 256,
        };
        self.state = Some(y);
        y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_sample_passes_through() {
        let mut f = Ema::new(64);
        assert_eq!(f.update(41_250), 41_250);
    }

    #[test]
    fn converges_towards_step() {
        let mut f = Ema::new(64);
        f.update(0);
        let mut y = 0;
        for _ in 0..40 {
            y = f.update(10_000);
        }
        assert!((9_900..=10_000).contains(&y), "y = {y}");
    }
}
"""

LOGIC_SWARM = """//! Swarm detection. A swarm takes 10-30 % of the colony (1-3 kg of bees) out of the hive within
//! minutes, so we flag a drop of at least `min_drop_g` below the maximum seen in the last `window_s`.

use heapless::Deque;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwarmEvent {
    pub t_s: u32,
    pub drop_g: i32,
    pub over_s: u32,
}

pub struct SwarmDetector {
    window_s: u32,
    min_drop_g: i32,
    hist: Deque<(u32, i32), 32>,
}

impl SwarmDetector {
    pub const fn new(window_s: u32, min_drop_g: i32) -> Self {
        Self { window_s, min_drop_g, hist: Deque::new() }
    }

    pub fn feed(&mut self, t_s: u32, weight_g: i32) -> Option<SwarmEvent> {
        while let Some(&(t0, _)) = self.hist.front() {
            if t_s.saturating_sub(t0) > self.window_s {
                self.hist.pop_front();
            } else {
                break;
            }
        }
        if self.hist.is_full() {
            self.hist.pop_front();
        }
        let _ = self.hist.push_back((t_s, weight_g));
        let &(t_max, max) = self.hist.iter().max_by_key(|(_, w)| *w)?;
        let drop_g = max - weight_g;
        (drop_g >= self.min_drop_g).then(|| SwarmEvent { t_s, drop_g, over_s: t_s - t_max })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steady_weight_is_quiet() {
        let mut d = SwarmDetector::new(900, 1_200);
        for i in 0..30 {
            assert_eq!(d.feed(i * 60, 41_000 + (i as i32 % 3) * 40), None);
        }
    }

    #[test]
    fn fast_drop_fires() {
        let mut d = SwarmDetector::new(900, 1_200);
        d.feed(0, 41_000);
        d.feed(60, 41_050);
        let ev = d.feed(240, 39_300).unwrap();
        assert_eq!(ev.drop_g, 1_750);
        assert_eq!(ev.over_s, 180);
    }

    #[test]
    fn slow_drop_outside_window_is_quiet() {
        let mut d = SwarmDetector::new(900, 1_200);
        d.feed(0, 41_000);
        assert_eq!(d.feed(3_600, 39_500), None);
    }
}
"""

PROTO_CARGO = """[package]
name = "combwise-proto"
version = "0.4.0"
edition.workspace = true
publish.workspace = true

[dependencies]
cobs = { version = "0.3", default-features = false }
crc = "3.2"
defmt = { workspace = true, optional = true }
postcard.workspace = true
serde.workspace = true

[features]
defmt = ["dep:defmt"]
"""

PROTO_LIB = """//! Wire protocol between Combwise hive nodes and the apiary gateway.
//!
//! RS-485 half duplex, 115200 8N1. The gateway is the only master: it sends a `Frame<Request>` to
//! one node and that node answers with a `Frame<Response>`. Frames are postcard-encoded with a
//! CRC-16 trailer and COBS-framed, see `frame`.
#![no_std]

pub mod frame;

use serde::{Deserialize, Serialize};

/// Bumped only for incompatible changes. v3 added `SetInterval`.
pub const PROTO_VERSION: u8 = 3;
/// Largest encoded message before COBS, CRC included.
pub const MAX_FRAME: usize = 96;

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct NodeId(pub u8);

/// One filtered sample from a node.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Reading {
    /// Node uptime in seconds when the sample was taken.
    pub t_s: u32,
    /// Net hive weight in grams after tare.
    pub weight_g: i32,
    /// Brood box temperature in centi-degrees Celsius.
    pub temp_cc: i16,
    /// Relative humidity in half percent steps (0..=200).
    pub rh_half_pct: u8,
    pub battery_mv: u16,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Request {
    Poll,
    Tare,
    SetInterval { seconds: u16 },
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Response {
    Latest(Reading),
    Ack,
    Nack(ErrorCode),
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ErrorCode {
    Busy,
    Unsupported,
    NotTared,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame<T> {
    pub version: u8,
    pub node: NodeId,
    pub seq: u16,
    pub body: T,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_roundtrip() {
        let r = Reading { t_s: 86_400, weight_g: 41_250, temp_cc: 3_480, rh_half_pct: 121, battery_mv: 3_912 };
        let mut buf = [0u8; 32];
        let used = postcard::to_slice(&r, &mut buf).unwrap();
        let back: Reading = postcard::from_bytes(used).unwrap();
        assert_eq!(r, back);
    }
}
"""

PROTO_FRAME = """//! postcard body + CRC-16/XMODEM (little endian) + COBS. `0x00` delimits frames on the bus.

use crc::{Crc, CRC_16_XMODEM};
use serde::{de::DeserializeOwned, Serialize};

use crate::MAX_FRAME;

const CRC16: Crc<u16> = Crc::<u16>::new(&CRC_16_XMODEM);

/// Encode `msg` into `out` as one COBS frame including the trailing 0x00.
pub fn encode<T: Serialize>(msg: &T, out: &mut [u8]) -> Option<usize> {
    let mut raw = [0u8; MAX_FRAME];
    let n = postcard::to_slice(msg, &mut raw).ok()?.len();
    let crc = CRC16.checksum(&raw[..n]);
    raw.get_mut(n..n + 2)?.copy_from_slice(&crc.to_le_bytes());
    let len = cobs::try_encode(&raw[..n + 2], out).ok()?;
    *out.get_mut(len)? = 0;
    Some(len + 1)
}

/// Decode one frame (without its trailing 0x00). `scratch` receives the un-COBSed bytes.
pub fn decode<T: DeserializeOwned>(frame: &[u8], scratch: &mut [u8]) -> Option<T> {
    let n = cobs::decode(frame, scratch).ok()?;
    if n < 3 {
        return None;
    }
    let (body, crc) = scratch[..n].split_at(n - 2);
    if CRC16.checksum(body).to_le_bytes() != crc {
        return None;
    }
    postcard::from_bytes(body).ok()
}
"""

NODE_MAIN = """#![no_std]
#![no_main]

mod rs485;
mod sensors;
mod storage;

use core::cell::Cell;
use core::sync::atomic::AtomicU32;

use combwise_proto::Reading;
use defmt::{info, unwrap};
use embassy_executor::Spawner;
use embassy_rp::bind_interrupts;
use embassy_rp::gpio::{Level, Output};
use embassy_rp::i2c::{self, I2c};
use embassy_rp::peripherals::{I2C0, UART0};
use embassy_rp::uart::{self, BufferedUart};
use embassy_sync::blocking_mutex::raw::CriticalSectionRawMutex;
use embassy_sync::blocking_mutex::Mutex;
use embassy_sync::signal::Signal;
use static_cell::StaticCell;
use {defmt_rtt as _, panic_probe as _};

bind_interrupts!(struct Irqs {
    I2C0_IRQ => i2c::InterruptHandler<I2C0>;
    UART0_IRQ => uart::BufferedInterruptHandler<UART0>;
});

/// Latest filtered reading, handed from the sensor task to the bus task.
static LATEST: Mutex<CriticalSectionRawMutex, Cell<Option<Reading>>> = Mutex::new(Cell::new(None));
/// Raised by the bus task when the gateway asks for a tare.
pub static TARE: Signal<CriticalSectionRawMutex, ()> = Signal::new();
/// Sample interval in seconds; the gateway can change it with `SetInterval`.
pub static INTERVAL_S: AtomicU32 = AtomicU32::new(60);

pub fn latest() -> Option<Reading> {
    LATEST.lock(|c| c.get())
}

pub fn publish(r: Reading) {
    LATEST.lock(|c| c.set(Some(r)));
}

#[embassy_executor::main]
async fn main(spawner: Spawner) {
    let p = embassy_rp::init(Default::default());
    let cfg = storage::load(p.FLASH, p.DMA_CH0);
    info!("combwise-node {} id={} tare_raw={}", env!("CARGO_PKG_VERSION"), cfg.node_id.0, cfg.tare_raw);

    let i2c = I2c::new_async(p.I2C0, p.PIN_5, p.PIN_4, Irqs, i2c::Config::default());
    unwrap!(spawner.spawn(sensors::sensor_task(i2c, cfg)));

    static TX_BUF: StaticCell<[u8; 256]> = StaticCell::new();
    static RX_BUF: StaticCell<[u8; 256]> = StaticCell::new();
    let mut ucfg = uart::Config::default();
    ucfg.baudrate = 115_200;
    let uart = BufferedUart::new(
        p.UART0,
        p.PIN_0,
        p.PIN_1,
        Irqs,
        TX_BUF.init([0; 256]),
        RX_BUF.init([0; 256]),
        ucfg,
    );
    let de = Output::new(p.PIN_2, Level::Low);
    unwrap!(spawner.spawn(rs485::bus_task(uart, de, cfg.node_id)));
}
"""

NODE_RS485 = """//! RS-485 slave on UART0 (GPIO0 TX, GPIO1 RX), driver enable on GPIO2. Answer frames addressed to us.

use core::sync::atomic::Ordering;

use combwise_proto::frame::{decode, encode};
use combwise_proto::{ErrorCode, Frame, NodeId, Request, Response, MAX_FRAME, PROTO_VERSION};
use defmt::{debug, warn};
use embassy_rp::gpio::Output;
use embassy_rp::uart::BufferedUart;
use embassy_time::{Duration, Timer};
use embedded_io_async::{Read, Write};

/// Wait before driving the bus; the gateway's transceiver needs ~50 us to turn around.
const TURNAROUND: Duration = Duration::from_micros(200);

#[embassy_executor::task]
pub async fn bus_task(mut uart: BufferedUart, mut de: Output<'static>, me: NodeId) {
    let mut frame = [0u8; MAX_FRAME + 8];
    let mut scratch = [0u8; MAX_FRAME + 8];
    let mut len = 0usize;
    loop {
        let mut byte = [0u8; 1];
        if uart.read_exact(&mut byte).await.is_err() {
            len = 0;
            continue;
        }
        if byte[0] != 0 {
            if len < frame.len() {
                frame[len] = byte[0];
                len += 1;
            }
            continue;
        }
        let Some(req) = decode::<Frame<Request>>(&frame[..len], &mut scratch) else {
            len = 0;
            continue;
        };
        len = 0;
        if req.node != me {
            continue;
        }
        debug!("rx {} seq={}", req.body, req.seq);
        let body = handle(req.body);
        reply(&mut uart, &mut de, Frame { version: PROTO_VERSION, node: me, seq: req.seq, body }).await;
    }
}

fn handle(req: Request) -> Response {
    match req {
        Request::Poll => match crate::latest() {
            Some(r) => Response::Latest(r),
            None => Response::Nack(ErrorCode::Busy),
        },
        Request::Tare => {
            crate::TARE.signal(());
            Response::Ack
        }
        Request::SetInterval { seconds } => {
            crate::INTERVAL_S.store(seconds.into(), Ordering::Relaxed);
            Response::Ack
        }
    }
}

async fn reply(uart: &mut BufferedUart, de: &mut Output<'static>, msg: Frame<Response>) {
    let mut out = [0u8; MAX_FRAME + 8];
    let Some(n) = encode(&msg, &mut out) else {
        warn!("reply does not fit, seq={}", msg.seq);
        return;
    };
    Timer::after(TURNAROUND).await;
    de.set_high();
    let _ = uart.write_all(&out[..n]).await;
    let _ = uart.flush().await;
    de.set_low();
}
"""

NODE_SENSORS = """//! NAU7802 load-cell ADC and SHT40 on I2C0 (GPIO4 SDA, GPIO5 SCL).

use core::sync::atomic::Ordering;

use combwise_logic::filter::Ema;
use combwise_proto::Reading;
use defmt::{debug, warn};
use embassy_rp::i2c::{Async, I2c};
use embassy_rp::peripherals::I2C0;
use embassy_time::{Instant, Timer};

use crate::storage::NodeConfig;
use crate::{publish, INTERVAL_S, TARE};

mod nau7802;
mod sht40;

#[embassy_executor::task]
pub async fn sensor_task(mut i2c: I2c<'static, I2C0, Async>, mut cfg: NodeConfig) {
    nau7802::init(&mut i2c).await;
    let mut ema = Ema::new(cfg.ema_alpha_q8);
    loop {
        if TARE.signaled() {
            TARE.reset();
            cfg.tare_raw = nau7802::read_avg(&mut i2c, 16).await;
            debug!("tare: raw={}", cfg.tare_raw);
        }
        let raw = nau7802::read_avg(&mut i2c, 4).await;
        let weight_g = ema.update(cfg.raw_to_grams(raw));
        let (temp_cc, rh_half_pct) = match sht40::measure(&mut i2c).await {
            Ok(m) => m,
            Err(_) => {
                warn!("sht40 read failed");
                (i16::MIN, 0)
            }
        };
        let r = Reading {
            t_s: Instant::now().as_secs() as u32,
            weight_g,
            temp_cc,
            rh_half_pct,
            battery_mv: 0,
        };
        publish(r);
        Timer::after_secs(INTERVAL_S.load(Ordering::Relaxed).into()).await;
    }
}
"""

NODE_MEMORY = """MEMORY {
    BOOT2  : ORIGIN = 0x10000000, LENGTH = 0x100
    /* W25Q16 (2 MiB); the last 64 KiB hold node id + load-cell calibration (storage.rs) */
    FLASH  : ORIGIN = 0x10000100, LENGTH = 2048K - 0x100 - 64K
    CONFIG : ORIGIN = 0x101F0000, LENGTH = 64K
    RAM    : ORIGIN = 0x20000000, LENGTH = 256K
}

__config_start = ORIGIN(CONFIG);
"""

GW_MAIN = """#![no_std]
#![no_main]

mod bus;
mod console;

use defmt::{info, unwrap};
use embassy_executor::Spawner;
use embassy_nrf::buffered_uarte::{self, BufferedUarte};
use embassy_nrf::gpio::{Level, Output, OutputDrive};
use embassy_nrf::uarte::{self, Uarte};
use embassy_nrf::wdt::{self, Watchdog};
use embassy_nrf::{bind_interrupts, peripherals};
use embassy_time::Timer;
use static_cell::StaticCell;
use {defmt_rtt as _, panic_probe as _};

bind_interrupts!(struct Irqs {
    UARTE0 => uarte::InterruptHandler<peripherals::UARTE0>;
    UARTE1 => buffered_uarte::InterruptHandler<peripherals::UARTE1>;
});

#[embassy_executor::main]
async fn main(spawner: Spawner) {
    let p = embassy_nrf::init(Default::default());
    info!("combwise-gw {}", env!("CARGO_PKG_VERSION"));

    // 8 s watchdog, petted from the main loop below
    let mut wcfg = wdt::Config::default();
    wcfg.timeout_ticks = 32768 * 8;
    wcfg.action_during_sleep = wdt::SleepConfig::RUN;
    let (_wdt, [mut handle]) = match Watchdog::try_new(p.WDT, wcfg) {
        Ok(x) => x,
        Err(_) => defmt::panic!("watchdog already running with another config"),
    };

    // console on the DK's VCOM (P0.08 RX, P0.06 TX)
    let mut ccfg = uarte::Config::default();
    ccfg.baudrate = uarte::Baudrate::BAUD115200;
    let console = Uarte::new(p.UARTE0, p.P0_08, p.P0_06, Irqs, ccfg);
    unwrap!(spawner.spawn(console::console_task(console)));

    // RS-485 bus: P0.31 RX, P0.30 TX, P0.29 DE
    static TX: StaticCell<[u8; 256]> = StaticCell::new();
    static RX: StaticCell<[u8; 256]> = StaticCell::new();
    let mut bcfg = uarte::Config::default();
    bcfg.baudrate = uarte::Baudrate::BAUD115200;
    let bus = BufferedUarte::new(
        p.UARTE1, p.TIMER0, p.PPI_CH0, p.PPI_CH1, p.PPI_GROUP0,
        p.P0_31, p.P0_30, Irqs, bcfg, RX.init([0; 256]), TX.init([0; 256]),
    );
    let de = Output::new(p.P0_29, Level::Low, OutputDrive::Standard);
    unwrap!(spawner.spawn(bus::bus_master(bus, de)));

    loop {
        handle.pet();
        Timer::after_secs(2).await;
    }
}
"""

GW_BUS = """//! RS-485 master on UARTE1. Polls every node in `NODES` once per `POLL_PERIOD`.

use combwise_proto::frame::{decode, encode};
use combwise_proto::{Frame, NodeId, Request, Response, MAX_FRAME, PROTO_VERSION};
use defmt::{debug, warn};
use embassy_nrf::buffered_uarte::BufferedUarte;
use embassy_nrf::gpio::Output;
use embassy_time::{with_timeout, Duration, Instant, Timer};
use embedded_io_async::{Read, Write};

use crate::console;

/// Node ids on the bus (DIP switches on the node boards). Bench: the Pico node (1) and unit 04.
const NODES: &[u8] = &[1, 4];
const REPLY_TIMEOUT: Duration = Duration::from_millis(40);
const POLL_PERIOD: Duration = Duration::from_secs(60);

#[embassy_executor::task]
pub async fn bus_master(mut uart: BufferedUarte<'static>, mut de: Output<'static>) {
    let mut seq: u16 = 0;
    loop {
        let round = Instant::now();
        for &id in NODES {
            seq = seq.wrapping_add(1);
            let node = NodeId(id);
            match transact(&mut uart, &mut de, node, seq, Request::Poll).await {
                Some(Response::Latest(r)) => {
                    debug!("node {} {}", id, r);
                    console::reading(node, &r);
                }
                Some(other) => warn!("node {}: unexpected {}", id, other),
                None => console::missed(node),
            }
        }
        Timer::at(round + POLL_PERIOD).await;
    }
}

async fn transact(
    uart: &mut BufferedUarte<'static>,
    de: &mut Output<'static>,
    node: NodeId,
    seq: u16,
    req: Request,
) -> Option<Response> {
    let mut out = [0u8; MAX_FRAME + 8];
    let n = encode(&Frame { version: PROTO_VERSION, node, seq, body: req }, &mut out)?;
    de.set_high();
    uart.write_all(&out[..n]).await.ok()?;
    uart.flush().await.ok()?;
    de.set_low();

    let mut frame = [0u8; MAX_FRAME + 8];
    let mut scratch = [0u8; MAX_FRAME + 8];
    let mut len = 0;
    let got = with_timeout(REPLY_TIMEOUT, async {
        loop {
            let mut b = [0u8; 1];
            uart.read_exact(&mut b).await.ok()?;
            if b[0] == 0 {
                return Some(len);
            }
            if len < frame.len() {
                frame[len] = b[0];
                len += 1;
            }
        }
    })
    .await
    .ok()??;
    let resp: Frame<Response> = decode(&frame[..got], &mut scratch)?;
    (resp.node == node && resp.seq == seq).then_some(resp.body)
}
"""

CI_YML = """name: CI

on:
  push:
    branches: [main]
  pull_request:

env:
  CARGO_TERM_COLOR: always

jobs:
  host-tests:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: dtolnay/rust-toolchain@1.91
      - uses: Swatinem/rust-cache@v2
      - run: cargo test -p combwise-proto -p combwise-logic --target x86_64-unknown-linux-gnu

  firmware-node:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: dtolnay/rust-toolchain@1.91
        with:
          targets: thumbv6m-none-eabi
          components: clippy, rustfmt
      - uses: Swatinem/rust-cache@v2
      - run: cargo install flip-link --locked
      - run: cargo fmt --all -- --check
      - run: cargo clippy --release -- -D warnings
      - run: cargo build --release

  firmware-gateway:
    runs-on: ubuntu-24.04
    defaults:
      run:
        working-directory: gateway
    steps:
      - uses: actions/checkout@v4
      - uses: dtolnay/rust-toolchain@1.91
        with:
          targets: thumbv7em-none-eabihf
          components: clippy
      - uses: Swatinem/rust-cache@v2
        with:
          workspaces: gateway
      - run: cargo install flip-link --locked
      - run: cargo clippy --release -- -D warnings
      - run: cargo build --release
"""

README = """# combwise firmware

Hive scale node (RP2040, embassy-rp) and apiary gateway (nRF52840, embassy-nrf), talking over RS-485.

    proto/     wire protocol (postcard + serde, COBS + CRC-16), no_std, optional `defmt` feature
    logic/     pure logic: filters, swarm detection; no hardware, host-tested
    node/      hive node firmware (thumbv6m-none-eabi)
    gateway/   gateway firmware (thumbv7em-none-eabihf), own .cargo/config.toml: build from gateway/

## Tools

    cargo install flip-link probe-rs-tools elf2uf2-rs cargo-binutils --locked
    rustup component add llvm-tools

## Flashing

Bench node and the gateway DK: `cargo run --release` (probe-rs runner, logs over RTT via defmt).
Rev B units have no SWD header: hold BOOTSEL, plug in USB, then
`elf2uf2-rs -d target/thumbv6m-none-eabi/release/combwise-node`.

## Host tests

The workspace builds for the RP2040 by default (`.cargo/config.toml`), so host tests need the host target:

    cargo test -p combwise-proto -p combwise-logic --target x86_64-unknown-linux-gnu
"""

FILES = {
    R + "/.cargo/config.toml": CARGO_CONFIG,
    R + "/Cargo.toml": ROOT_CARGO,
    R + "/README.md": README,
    R + "/.github/workflows/ci.yml": CI_YML,
    R + "/node/Cargo.toml": NODE_CARGO,
    R + "/node/memory.x": NODE_MEMORY,
    R + "/node/src/main.rs": NODE_MAIN,
    R + "/node/src/rs485.rs": NODE_RS485,
    R + "/node/src/sensors.rs": NODE_SENSORS,
    R + "/logic/Cargo.toml": LOGIC_CARGO,
    R + "/logic/src/lib.rs": LOGIC_LIB,
    R + "/logic/src/filter.rs": LOGIC_FILTER,
    R + "/logic/src/swarm.rs": LOGIC_SWARM,
    R + "/proto/Cargo.toml": PROTO_CARGO,
    R + "/proto/src/lib.rs": PROTO_LIB,
    R + "/proto/src/frame.rs": PROTO_FRAME,
    GW + "/src/main.rs": GW_MAIN,
    GW + "/src/bus.rs": GW_BUS,
}


# ----------------------------------------------------------------------------------------------
# output helpers
# ----------------------------------------------------------------------------------------------

def line_no(text, needle, nth=1):
    k = 0
    for i, l in enumerate(text.split("\n"), 1):
        if needle in l:
            k += 1
            if k == nth:
                return i, l
    raise KeyError(needle)


def finished(profile="release", t=None):
    p = {"release": "`release` profile [optimized + debuginfo]",
         "test": "`test` profile [unoptimized + debuginfo]",
         "dev": "`dev` profile [unoptimized + debuginfo]"}[profile]
    return f"    Finished {p} target(s) in {t or secs(4, 30)}"


def compiling(crates):
    return "\n".join(f"   Compiling {c}" for c in crates)


def checking(crates):
    return "\n".join(f"    Checking {c}" for c in crates)


OTHER_FORMAT = """    = help: the following other types implement trait `Format`:
              &T
              &mut T
              ()
              (T0, T1)
              (T0, T1, T2)
              (T0, T1, T2, T3)
              (T0, T1, T2, T3, T4)
              (T0, T1, T2, T3, T4, T5)
            and 231 others"""


def e0277_format(ty, shown_path, text, needle, macro):
    """rustc's E0277 for a defmt macro argument without a Format impl (defmt 1.0.1)."""
    ln, l = line_no(text, needle)
    start = l.index(macro + "!")
    end = l.rindex(")") + 1
    col = start + 1
    w = max(len(str(ln)), 3)
    pad = " " * w
    return (f"error[E0277]: the trait bound `{ty}: Format` is not satisfied\n"
            f"{pad}--> {shown_path}:{ln}:{col}\n"
            f"{pad} |\n"
            f"{str(ln):<{w}} | {l}\n"
            f"{pad} | {' ' * start}{'^' * (end - start)} the trait `Format` is not implemented for `{ty}`\n"
            f"{pad} |\n"
            f"{OTHER_FORMAT}\n"
            f"note: required by a bound in `defmt::export::fmt`\n"
            f"   --> {REG}/defmt-1.0.1/src/export/mod.rs:150:15\n"
            f"    |\n"
            f"150 | pub fn fmt<T: Format + ?Sized>(f: &T) {{\n"
            f"    |               ^^^^^^ required by this bound in `fmt`\n"
            f"    = note: this error originates in the macro `{macro}` (in Nightly builds, run with -Z macro-backtrace "
            f"for more info)")


def e0463_std(crate_us):
    return (f"error[E0463]: can't find crate for `std`\n"
            f"  |\n"
            f"  = note: the `thumbv6m-none-eabi` target may not support the standard library\n"
            f"  = note: `std` is required by `{crate_us}` because it does not declare `#![no_std]`\n"
            f"  = help: consider building the standard library from source with `cargo build -Zbuild-std`\n\n"
            f"error[E0463]: can't find crate for `test`")


def e0463_test_span(shown_path, text, fn_needle):
    """E0463 for the #[test] harness, with rustc's multi-line span over the test fn."""
    ln, l = line_no(text, fn_needle)
    lines = text.split("\n")
    indent = l[:len(l) - len(l.lstrip())]
    ind = len(indent)
    end = next(i for i in range(ln, len(lines)) if lines[i] == indent + "}") + 1
    w = max(len(str(end)), 3)
    pad = " " * w
    attr = lines[ln - 2]
    out = ["error[E0463]: can't find crate for `test`",
           f"{pad}--> {shown_path}:{ln}:{ind + 1}",
           f"{pad} |",
           f"{str(ln - 1):<{w}} |   {attr}",
           f"{pad} |   {' ' * ind}{'-' * len(attr.strip())} in this procedural macro expansion",
           f"{str(ln):<{w}} | / {l}"]
    body = list(range(ln + 1, end))
    if len(body) > 4:
        shown = body[:2] + [None] + body[-2:]
    else:
        shown = body
    for k in shown:
        out.append("..." if k is None else f"{str(k):<{w}} | | {lines[k - 1]}".rstrip())
    out.append(f"{pad} | |{'_' * (ind + 1)}^ can't find crate")
    out.append(f"{pad} |")
    out.append(f"{pad} = note: this error originates in the attribute macro `test` (in Nightly builds, run with -Z "
               f"macro-backtrace for more info)")
    return "\n".join(out)


def cargo_size_table(text_sz, rodata_sz, data_sz, bss_sz, defmt_sz):
    """llvm-size -A output for the node ELF; flip-link puts .data/.bss at the top of RAM."""
    ram_end = 0x20040000
    uninit = 1024
    top = ram_end - (data_sz + bss_sz + uninit)
    top &= ~0x7
    data_addr = top
    bss_addr = data_addr + data_sz
    uninit_addr = bss_addr + bss_sz
    text_addr = 0x100001c0
    ro_addr = (text_addr + text_sz + 3) & ~3
    rows = [
        (".vector_table", 192, 0x10000100), (".text", text_sz, text_addr), (".rodata", rodata_sz, ro_addr),
        (".data", data_sz, data_addr), (".gnu.sgstubs", 0, (ro_addr + rodata_sz + data_sz + 31) & ~31),
        (".bss", bss_sz, bss_addr), (".uninit", uninit, uninit_addr), (".boot2", 256, 0x10000000),
        (".defmt", defmt_sz, 0), (".debug_abbrev", 41388, 0), (".debug_info", 912773, 0),
        (".debug_aranges", 31240, 0), (".debug_ranges", 113256, 0), (".debug_str", 1203114, 0),
        (".comment", 153, 0), (".ARM.attributes", 50, 0), (".debug_frame", 69412, 0),
        (".debug_line", 401577, 0), (".debug_loc", 2318, 0), (".debug_pubnames", 3611, 0),
        (".debug_pubtypes", 412, 0),
    ]
    total = sum(r[1] for r in rows)
    out = ["combwise-node  :", f"{'section':<20}{'size':>10}{'addr':>13}"]
    for name, size, addr in rows:
        out.append(f"{name:<20}{size:>10}{addr:>13}" if addr == 0 else f"{name:<20}{size:>10}{'0x%x' % addr:>13}")
    out.append(f"{'Total':<20}{total:>10}")
    flash = 192 + text_sz + rodata_sz + data_sz + 256
    return "\n".join(out), flash, data_sz + bss_sz + uninit


def erase_prog(kib_erase, kib_prog, e_speed, p_speed, e_t, p_t, total):
    return (f"      Erasing ✔ 100% [####################] {kib_erase:>6.2f} KiB @ {e_speed:>6.2f} KiB/s (took {e_t}s)\n"
            f"  Programming ✔ 100% [####################] {kib_prog:>6.2f} KiB @ {p_speed:>6.2f} KiB/s (took {p_t}s)"
            f"     Finished in {total}s")


def uf2_pages(flash):
    """elf2uf2-rs pads every touched 4 KiB sector with empty pages, except after the last page."""
    full = flash // 4096
    rest = flash - full * 4096
    return full * 16 + (rest + 255) // 256


def uf2_bytes(flash):
    return uf2_pages(flash) * 512


def uf2_progress(kib):
    bar = "=" * 78
    return f"{kib:.2f} KiB / {kib:.2f} KiB [{bar}] 100.00 % {HX.uniform(80, 110):.2f} KiB/s"


def lsusb_boot(dev_no):
    return (f"Bus 003 Device {dev_no:03d}: ID 2e8a:0003 Raspberry Pi RP2 Boot\n"
            "Bus 003 Device 009: ID 2e8a:000c Raspberry Pi Debug Probe (CMSIS-DAP)")


def lsblk(dev):
    return (f"NAME          SIZE LABEL   MOUNTPOINTS\n"
            f"{dev}           128M         \n"
            f"└─{dev}1        128M RPI-RP2 \n"
            f"nvme0n1     953.9G         \n"
            f"├─nvme0n1p1     1G         /boot/efi\n"
            f"├─nvme0n1p2   1.9G         /boot\n"
            f"└─nvme0n1p3   951G         /")


NO_PICO = 'Error: "Unable to find mounted pico"'


def push_new(branch):
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\n"
            f"remote:      https://github.com/bramblebee/combwise/pull/new/{branch}\nremote: \n"
            f"To github.com:bramblebee/combwise.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def commit_out(branch, msg, files, ins, dels=0, creates=()):
    s = f"[{branch} {hx(7)}] {msg}\n {files} file{'s' if files != 1 else ''} changed, {ins} insertion{'s' if ins != 1 else ''}(+)"
    if dels:
        s += f", {dels} deletion{'s' if dels != 1 else ''}(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


def run_header(runner, elf, kib_e, kib_p, e_t, p_t, t_total):
    return (f"{finished(t='0.09s')}\n     Running `{runner} {elf}`\n" +
            erase_prog(kib_e, kib_p, kib_e / e_t * 0.93 if e_t else 61.2, kib_p / (p_t + 0.4), e_t, p_t, t_total))


def test_run(crate_us, names, filtered=0, compiled=()):
    """cargo test output on the host target: (stdout, stderr)."""
    out = [f"\nrunning {len(names)} tests"] + [f"test {n} ... ok" for n in names]
    out.append(f"\ntest result: ok. {len(names)} passed; 0 failed; 0 ignored; 0 measured; {filtered} filtered out; "
               f"finished in 0.00s\n")
    if not filtered:
        out.append("\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; "
                   "finished in 0.00s\n")
    err = []
    if compiled:
        err.append(compiling(compiled))
    err.append(finished("test"))
    err.append(f"     Running unittests src/lib.rs (target/x86_64-unknown-linux-gnu/debug/deps/{crate_us}-{hx(16)})")
    if not filtered:
        err.append(f"   Doc-tests {crate_us}")
    return "\n".join(out), "\n".join(err)


def gen():
    d = Dev("rust-embedded", U, "en", MODEL, seed=90417, files=FILES)
    F = d.files

    # ================= S1 =================
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.133"):
        t = d.task("morning. back on combwise after the field trial prep. quick tour of the node firmware again pls: "
                   "which tasks run, how a poll from the gateway gets answered, where the framing lives",
                   tags=["noise"])
        t.glob("node/src/**/*.rs", [R + "/node/src/main.rs", R + "/node/src/rs485.rs", R + "/node/src/sensors.rs",
                                     R + "/node/src/sensors/nau7802.rs", R + "/node/src/sensors/sht40.rs",
                                     R + "/node/src/storage.rs"])
        t.read(R + "/node/src/main.rs")
        t.read(R + "/node/src/rs485.rs")
        t.read(R + "/proto/src/frame.rs")
        t.done("Node firmware (`node/`, embassy-rp on thumbv6m):\n"
               "- `main.rs`: reads node id + load-cell calibration from the last 64 KiB of flash (`storage::load`), "
               "then spawns two tasks: `sensors::sensor_task` on I2C0 (NAU7802 + SHT40) and `rs485::bus_task` on UART0 "
               "with DE on GPIO2. The two share state through statics: `LATEST` (blocking mutex around "
               "`Cell<Option<Reading>>`), the `TARE` signal and `INTERVAL_S`.\n"
               "- Sensor task: NAU7802 raw → grams → EMA, SHT40 temperature/RH, publishes a `Reading` every "
               "`INTERVAL_S` (60 s unless the gateway sends `SetInterval`). Tare is raised by the bus task via `TARE`.\n"
               "- Poll path: `bus_task` collects bytes until `0x00`, `frame::decode::<Frame<Request>>`, drops frames "
               "for other node ids, `handle()` maps `Poll` → `Response::Latest(latest)` (or `Nack(Busy)` before the "
               "first sample), waits 200 µs turnaround, raises DE, writes the encoded reply, flushes, drops DE.\n"
               "- Framing is in `proto/src/frame.rs`: postcard body + CRC-16/XMODEM (LE) + COBS. `decode` returns "
               "`Option`, so every failure (COBS, CRC, postcard) is silently dropped on both sides.")

        t = d.task("when a frame fails to decode on the node we just drop it silently, which made last week's bus "
                   "debugging miserable. make decode return a real error (cobs / crc / postcard) and warn! it on the node "
                   "with the details. no heap anywhere in this, keep everything static like the rest",
                   tags=["pref:P1", "mistake:M1"])
        t.grep("decode\\(", filenames=[R + "/node/src/rs485.rs", R + "/gateway/src/bus.rs", R + "/proto/src/frame.rs"])
        t.edit(R + "/proto/src/frame.rs", """/// Decode one frame (without its trailing 0x00). `scratch` receives the un-COBSed bytes.
pub fn decode<T: DeserializeOwned>(frame: &[u8], scratch: &mut [u8]) -> Option<T> {
    let n = cobs::decode(frame, scratch).ok()?;
    if n < 3 {
        return None;
    }
    let (body, crc) = scratch[..n].split_at(n - 2);
    if CRC16.checksum(body).to_le_bytes() != crc {
        return None;
    }
    postcard::from_bytes(body).ok()
}""", """/// Why a frame from the bus was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameError {
    /// COBS decoding failed (truncated frame or a stray 0x00 mid-frame).
    Cobs,
    /// Shorter than the CRC trailer plus one body byte.
    TooShort { len: usize },
    /// CRC trailer does not match the body.
    Crc { got: u16, want: u16 },
    /// CRC fine, but postcard could not decode the body (version skew?).
    Decode,
}

/// Decode one frame (without its trailing 0x00). `scratch` receives the un-COBSed bytes.
pub fn decode<T: DeserializeOwned>(frame: &[u8], scratch: &mut [u8]) -> Result<T, FrameError> {
    let n = cobs::decode(frame, scratch).map_err(|_| FrameError::Cobs)?;
    if n < 3 {
        return Err(FrameError::TooShort { len: n });
    }
    let (body, crc) = scratch[..n].split_at(n - 2);
    let got = u16::from_le_bytes([crc[0], crc[1]]);
    let want = CRC16.checksum(body);
    if got != want {
        return Err(FrameError::Crc { got, want });
    }
    postcard::from_bytes(body).map_err(|_| FrameError::Decode)
}""")
        t.edit(R + "/node/src/rs485.rs", """        let Some(req) = decode::<Frame<Request>>(&frame[..len], &mut scratch) else {
            len = 0;
            continue;
        };""", """        let req = match decode::<Frame<Request>>(&frame[..len], &mut scratch) {
            Ok(req) => req,
            Err(e) => {
                warn!("bad frame from bus ({=usize} bytes): {}", len, e);
                len = 0;
                continue;
            }
        };""")
        t.read(R + "/gateway/src/bus.rs")
        t.edit(R + "/gateway/src/bus.rs", "    let resp: Frame<Response> = decode(&frame[..got], &mut scratch)?;",
               "    let resp: Frame<Response> = decode(&frame[..got], &mut scratch).ok()?;")
        err = e0277_format("FrameError", "node/src/rs485.rs", F[R + "/node/src/rs485.rs"], 'warn!("bad frame', "warn")
        t.fail("cargo build --release", "Build the node firmware",
               f"""{compiling(["combwise-proto v0.4.0 (/home/freya/src/combwise/proto)",
                               "combwise-node v0.4.3 (/home/freya/src/combwise/node)"])}
{err}

For more information about this error, try `rustc --explain E0277`.
error: could not compile `combwise-node` (bin "combwise-node") due to 1 previous error""", code=101)
        t.say("`warn!` is defmt, and defmt can only print types that implement `defmt::Format`. The other proto "
              "types get it from `#[cfg_attr(feature = \"defmt\", derive(defmt::Format))]` (the node enables proto's "
              "`defmt` feature); the new `FrameError` doesn't have it. Adding the same attribute.")
        t.edit(R + "/proto/src/frame.rs", """/// Why a frame from the bus was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameError {""", """/// Why a frame from the bus was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FrameError {""")
        t.bash("cargo build --release", "Build the node firmware again",
               err=compiling(["combwise-proto v0.4.0 (/home/freya/src/combwise/proto)",
                              "combwise-node v0.4.3 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        t.bash("cd gateway && cargo build --release", "Build the gateway against the changed decode()",
               err=compiling(["combwise-proto v0.4.0 (/home/freya/src/combwise/proto)",
                              "combwise-gw v0.2.4 (/home/freya/src/combwise/gateway)"]) + "\n" + finished())
        t.done("`frame::decode` now returns `Result<T, FrameError>` with `Cobs`, `TooShort { len }`, "
               "`Crc { got, want }` and `Decode`. The node logs `bad frame from bus (N bytes): Crc { got: …, want: … }` "
               "at warn and goes on. The gateway keeps its `Option` flow with `.ok()?`. All of it is plain enums on "
               "the stack, nothing allocates.\n"
               "The first build failed because `FrameError` had no `defmt::Format`. It now has the same "
               "`cfg_attr(feature = \"defmt\", derive(defmt::Format))` as the other proto types. Node and gateway "
               "both build. Not committed yet.")

        t = d.task("quick q. for handing the latest reading from the sensor task to the bus task, is our blocking "
                   "Mutex<Cell<Option<Reading>>> fine or should that be a Signal / Watch?",
                   tags=["noise", "no_tools"])
        t.done("It's fine for this. The bus task doesn't wait for a new reading: it answers a poll with whatever is "
               "latest, possibly the same sample twice. A blocking mutex around a `Cell` is the cheapest way to do "
               "that. The lock is a critical section of a few instructions to copy a 12-byte `Reading`.\n"
               "- `Signal` is for waking a waiter. `wait()` consumes the value, so a second poll before the next "
               "sample would have nothing to send.\n"
               "- `Watch` (embassy-sync 0.6+) keeps the last value and supports several receivers. Use it if more "
               "than one task needs to *await* a new reading, e.g. a future logging task.\n"
               "The current design only has to change if the bus task should block until a fresh sample exists.")

    # ================= S2 =================
    with d.session("2026-10-07T10:05:00", R, branch="feat/swarm-filter", version="2.1.134"):
        t = d.task("bees walking on the landing board give us single-sample spikes of a few hundred grams that the EMA "
                   "then smears over minutes. add a median-of-5 in logic in front of the EMA, use it in the node, and "
                   "write tests for it (spike, real step, startup with <5 samples). run them",
                   tags=["mistake:M2"])
        FILT = R + "/logic/src/filter.rs"
        t.read(FILT)
        t.edit(FILT, """        self.state = Some(y);
        y
    }
}
""", """        self.state = Some(y);
        y
    }
}

/// Median of the last five samples; rejects single-sample spikes. Until five samples have been
/// seen it returns the median of what it has.
#[derive(Clone, Copy, Debug)]
pub struct Median5 {
    buf: [i32; 5],
    n: usize,
    next: usize,
}

impl Median5 {
    pub const fn new() -> Self {
        Self { buf: [0; 5], n: 0, next: 0 }
    }

    pub fn push(&mut self, x: i32) -> i32 {
        self.buf[self.next] = x;
        self.next = (self.next + 1) % 5;
        if self.n < 5 {
            self.n += 1;
        }
        let mut s = [0i32; 5];
        s[..self.n].copy_from_slice(&self.buf[..self.n]);
        s[..self.n].sort_unstable();
        s[self.n / 2]
    }
}

impl Default for Median5 {
    fn default() -> Self {
        Self::new()
    }
}
""")
        t.edit(FILT, """        assert!((9_900..=10_000).contains(&y), "y = {y}");
    }
}""", """        assert!((9_900..=10_000).contains(&y), "y = {y}");
    }

    #[test]
    fn median_rejects_single_spike() {
        let mut m = Median5::new();
        for x in [41_000, 41_010, 40_990, 41_005] {
            m.push(x);
        }
        assert_eq!(m.push(41_450), 41_005);
    }

    #[test]
    fn median_follows_a_real_step() {
        let mut m = Median5::new();
        for _ in 0..5 {
            m.push(41_000);
        }
        let mut y = 0;
        for _ in 0..3 {
            y = m.push(43_000);
        }
        assert_eq!(y, 43_000);
    }

    #[test]
    fn median_startup_with_few_samples() {
        let mut m = Median5::new();
        assert_eq!(m.push(100), 100);
        assert_eq!(m.push(300), 300);
        assert_eq!(m.push(200), 200);
    }

    #[test]
    fn median_then_ema_ignores_spike() {
        let mut m = Median5::new();
        let mut e = Ema::new(64);
        for _ in 0..5 {
            e.update(m.push(41_000));
        }
        assert_eq!(e.update(m.push(41_600)), 41_000);
    }
}""")
        SENS = R + "/node/src/sensors.rs"
        t.read(SENS)
        t.edit(SENS, "use combwise_logic::filter::Ema;", "use combwise_logic::filter::{Ema, Median5};")
        t.edit(SENS, """    let mut ema = Ema::new(cfg.ema_alpha_q8);
""", """    let mut med = Median5::new();
    let mut ema = Ema::new(cfg.ema_alpha_q8);
""")
        t.edit(SENS, "        let weight_g = ema.update(cfg.raw_to_grams(raw));",
               "        let weight_g = ema.update(med.push(cfg.raw_to_grams(raw)));")
        t.bash("cargo build --release", "Build the node with the median prefilter",
               err=compiling(["combwise-logic v0.3.0 (/home/freya/src/combwise/logic)",
                              "combwise-node v0.4.3 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        t.fail("cargo test -p combwise-logic", "Run the logic crate's tests",
               f"""{compiling(["stable_deref_trait v1.2.0", "byteorder v1.5.0", "hash32 v0.3.1", "heapless v0.9.1",
                               "combwise-logic v0.3.0 (/home/freya/src/combwise/logic)"])}
{e0463_std("combwise_logic")}

For more information about this error, try `rustc --explain E0463`.
error: could not compile `combwise-logic` (lib test) due to 2 previous errors""", code=101)
        t.say("The test build went to `thumbv6m-none-eabi`: there is no `std` or `test` crate for the RP2040 target. "
              "Checking where the default target comes from.")
        t.read(R + "/.cargo/config.toml")
        o, e = test_run("combwise_logic", [
            "filter::tests::converges_towards_step", "filter::tests::first_sample_passes_through",
            "filter::tests::median_follows_a_real_step", "filter::tests::median_rejects_single_spike",
            "filter::tests::median_startup_with_few_samples", "filter::tests::median_then_ema_ignores_spike",
            "swarm::tests::fast_drop_fires", "swarm::tests::slow_drop_outside_window_is_quiet",
            "swarm::tests::steady_weight_is_quiet"],
            compiled=["stable_deref_trait v1.2.0", "byteorder v1.5.0", "hash32 v0.3.1", "heapless v0.9.1",
                      "combwise-logic v0.3.0 (/home/freya/src/combwise/logic)"])
        t.bash("cargo test -p combwise-logic --target x86_64-unknown-linux-gnu",
               "Run the logic tests on the host target", out=o, err=e)
        t.done("Added `Median5` to `logic/src/filter.rs`: a 5-sample ring buffer whose median is taken from a sorted "
               "copy on the stack. While fewer than five samples exist it takes the median of those. The node now "
               "runs raw → grams → `Median5` → `Ema`, so a single spike never reaches the EMA.\n"
               "Tests (4 new, 9 total) pass: spike rejected, real step followed after 3 samples, startup, and the "
               "median+EMA chain ignoring a 600 g spike.\n"
               "`.cargo/config.toml` sets `build.target = \"thumbv6m-none-eabi\"`, so `cargo test` built for the "
               "RP2040 and failed. The tests have to run with `--target x86_64-unknown-linux-gnu`, the same as CI.")

        t = d.task("CI only runs on main and PRs right now. make it run on every push, all branches, I want the "
                   "thumbv6m build to shout at me before I even open a PR", tags=["pref:P3"])
        CI = R + "/.github/workflows/ci.yml"
        t.read(CI)
        t.edit(CI, """on:
  push:
    branches: [main]
  pull_request:""", """on:
  push:
    branches: ['**']
  pull_request:""")
        t.done("`on.push.branches` is now `['**']`, so every push to any branch runs all three jobs. `pull_request` "
               "is still there. That means a branch with an open PR builds twice per push (once for `push`, once for "
               "`pull_request`). If that gets annoying, add a `concurrency` group, or drop the `pull_request` "
               "trigger.")

        t = d.task("ok ship the filter: fmt, clippy, commit, push and open the PR against main",
                   tags=["workflow:W2"])
        t.bash("cargo fmt --all", "Format the workspace")
        t.bash("cargo clippy --release -- -D warnings", "Clippy on the firmware workspace",
               err=checking(["combwise-proto v0.4.0 (/home/freya/src/combwise/proto)",
                             "combwise-logic v0.3.0 (/home/freya/src/combwise/logic)",
                             "combwise-node v0.4.3 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        t.bash("git add proto/src/frame.rs node/src/rs485.rs gateway/src/bus.rs "
               "&& git commit -q -m \"proto: decode returns FrameError, node logs rejected frames\" "
               "&& git add logic node && git commit -q -m \"logic: median-of-5 prefilter before the EMA\" "
               "&& git add .github/workflows/ci.yml && git commit -q -m \"ci: run on every push\" && git log --oneline -3",
               "Commit the three changes separately",
               out=f"{hx(7)} ci: run on every push\n{hx(7)} logic: median-of-5 prefilter before the EMA\n"
                   f"{hx(7)} proto: decode returns FrameError, node logs rejected frames")
        t.bash("git push -u origin feat/swarm-filter", "Push the branch", err=push_new("feat/swarm-filter"))
        body = ("## Summary\n\nThis PR makes the weight pipeline on the node robust against short spikes caused by bees "
                "walking across the landing board, and makes bus problems visible instead of silent.\n\n"
                "## Motivation\n\nDuring the field trial prep we saw single samples that were several hundred grams "
                "off. The EMA (alpha 0.25) then carried that error for several minutes, which shows up as a bump in "
                "the app and would also make swarm detection noisier once it is wired in. Separately, frames that "
                "failed to decode were dropped without a trace, which made last week's RS-485 debugging slow.\n\n"
                "## Changes\n\n### logic\n- New `filter::Median5`: ring buffer of the last five samples, median from "
                "a sorted stack copy; passes through during startup.\n- 4 new unit tests (spike, step, startup, "
                "median+EMA chain).\n\n### node\n- `sensors.rs`: raw → grams → Median5 → EMA.\n- `rs485.rs`: log "
                "rejected frames at warn with length and reason.\n\n### proto\n- `frame::decode` returns "
                "`Result<T, FrameError>` (`Cobs`, `TooShort`, `Crc { got, want }`, `Decode`) instead of `Option`.\n\n"
                "### gateway\n- Adapted to the new `decode` signature (`.ok()?`), no behaviour change.\n\n### CI\n"
                "- Run on every push to any branch.\n\n## Alternatives considered\n\n- A longer EMA time constant: "
                "slows down real changes (nectar flow, swarm) as well.\n- Outlier rejection by threshold: needs "
                "tuning per hive weight.\n- Median-of-3: not enough against two-sample spikes seen on unit 04.\n\n"
                "## Testing\n\n- Host unit tests for combwise-logic: 9 passed.\n- Node "
                "and gateway release builds, clippy clean.\n- Not yet soaked on the bench.\n\n## Risks\n\n- Adds up to "
                "two samples of latency to real steps (2 min at the default interval).\n- Log volume on a noisy bus.")
        t.bash("gh pr create --base main --title \"Median-of-5 prefilter, log rejected frames\" --body \"$(cat <<'EOF'\n"
               + body + "\nEOF\n)\"", "Open the PR",
               out="https://github.com/bramblebee/combwise/pull/57",
               err="\nCreating pull request for feat/swarm-filter into main in bramblebee/combwise\n")
        t.done("Shipped: fmt clean, clippy clean (`-D warnings`), three commits (proto/node frame errors, median "
               "filter, CI trigger), pushed `feat/swarm-filter`, PR #57 against main: "
               "https://github.com/bramblebee/combwise/pull/57")

    # ================= S3 =================
    with d.session("2026-10-09T14:10:00", R, branch="main", version="2.1.135"):
        MAIN = R + "/node/src/main.rs"
        SENS = R + "/node/src/sensors.rs"
        LED = R + "/node/src/led.rs"
        t = d.task("PR 57 is merged, I'm on main. small thing: during a tare the node should blink the green led so "
                   "whoever is at the hive knows not to lean on it. the red one on GPIO15 will get the same treatment "
                   "later, so make the blinker reusable for both", tags=["oneoff:O1"])
        t.read(MAIN)
        t.write(LED, """//! Status LEDs: green on GPIO25, red on GPIO15. One blinker task per LED, switched by a Signal.

use embassy_futures::select::{select, Either};
use embassy_rp::gpio::Output;
use embassy_sync::blocking_mutex::raw::CriticalSectionRawMutex;
use embassy_sync::signal::Signal;
use embassy_time::Timer;

pub type Blink = Signal<CriticalSectionRawMutex, bool>;

pub static GREEN: Blink = Signal::new();
pub static RED: Blink = Signal::new();

#[embassy_executor::task(pool_size = 2)]
pub async fn blink_task<'d>(mut led: Output<'d>, ctl: &'static Blink) {
    loop {
        while !ctl.wait().await {}
        loop {
            led.toggle();
            if let Either::First(false) = select(ctl.wait(), Timer::after_millis(150)).await {
                break;
            }
        }
        led.set_low();
    }
}
""")
        t.edit(MAIN, "#![no_main]\n\nmod rs485;", "#![no_main]\n\nmod led;\nmod rs485;")
        t.edit(MAIN, """    let de = Output::new(p.PIN_2, Level::Low);
    unwrap!(spawner.spawn(rs485::bus_task(uart, de, cfg.node_id)));
""", """    let de = Output::new(p.PIN_2, Level::Low);
    unwrap!(spawner.spawn(rs485::bus_task(uart, de, cfg.node_id)));

    let green = Output::new(p.PIN_25, Level::Low);
    let red = Output::new(p.PIN_15, Level::Low);
    unwrap!(spawner.spawn(led::blink_task(green, &led::GREEN)));
    unwrap!(spawner.spawn(led::blink_task(red, &led::RED)));
""")
        t.read(SENS)
        t.edit(SENS, "use crate::{publish, INTERVAL_S, TARE};", "use crate::{led, publish, INTERVAL_S, TARE};")
        t.edit(SENS, """            TARE.reset();
            cfg.tare_raw = nau7802::read_avg(&mut i2c, 16).await;
""", """            TARE.reset();
            led::GREEN.signal(true);
            cfg.tare_raw = nau7802::read_avg(&mut i2c, 16).await;
            led::GREEN.signal(false);
""")
        ln, l = line_no(F[LED], "pub async fn blink_task")
        a = l.index("async")
        b = l.rindex(")") + 1
        t.fail("cargo build --release", "Build the node with the LED blinker",
               f"""{compiling(["combwise-node v0.4.3 (/home/freya/src/combwise/node)"])}
error: task functions must not be generic
  --> node/src/led.rs:{ln}:{a + 1}
   |
{ln} | {l}
   | {' ' * a}{'^' * (b - a)}

error: could not compile `combwise-node` (bin "combwise-node") due to 1 previous error""", code=101)
        t.say("embassy tasks get static storage sized for one concrete future, so the task macro rejects any generic "
              "parameter, lifetimes included. The pins live forever anyway: `Output<'static>`.")
        t.edit(LED, "pub async fn blink_task<'d>(mut led: Output<'d>, ctl: &'static Blink) {",
               "pub async fn blink_task(mut led: Output<'static>, ctl: &'static Blink) {")
        t.bash("cargo build --release", "Build the node with the LED blinker",
               err=compiling(["combwise-node v0.4.3 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        t.bash("git add node && git commit -m \"node: blink the green led while taring\"", "Commit",
               out=commit_out("main", "node: blink the green led while taring", 3, 41, 1, ["node/src/led.rs"]))
        t.done("Added `node/src/led.rs`: a `blink_task` with `pool_size = 2`, spawned once for green (GPIO25) and "
               "once for red (GPIO15). Each is switched by its own `Signal<bool>` (`led::GREEN`, `led::RED`). "
               "`signal(true)` starts a 150 ms toggle, `signal(false)` stops it and leaves the LED off. The tare "
               "path switches green on around the 16-sample average.\n"
               "The first build failed with \"task functions must not be generic\": I had written the task with an "
               "`Output<'d>` lifetime parameter. With `Output<'static>` it builds. Committed on main.")

        t = d.task("cut node 0.5.0 the usual way: bump, release build, size check, uf2 + checksum into dist/, tag, "
                   "gh release", tags=["workflow:W1", "long_output"])
        NC = R + "/node/Cargo.toml"
        t.read(NC)
        t.edit(NC, 'version = "0.4.3"', 'version = "0.5.0"')
        t.bash("cargo build --release", "Release build of the node",
               err=compiling(["combwise-node v0.5.0 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        table, flash, ram = cargo_size_table(61804, 9912, 56, 7212, 2875)
        t.bash("cargo size --release --bin combwise-node -- -A", "Section sizes of the release ELF",
               out=table, err=finished(t="0.11s"))
        t.bash("mkdir -p dist && elf2uf2-rs target/thumbv6m-none-eabi/release/combwise-node "
               "dist/combwise-node-v0.5.0.uf2 && ls -l dist/", "Convert to UF2 for the rev B units",
               out=f"total {uf2_bytes(flash) // 1024}\n-rw-r--r-- 1 freya freya {uf2_bytes(flash)} Oct  9 15:24 "
                   f"combwise-node-v0.5.0.uf2")
        sha = hx(64)
        t.bash("sha256sum dist/combwise-node-v0.5.0.uf2 | tee dist/combwise-node-v0.5.0.uf2.sha256", "Checksum",
               out=f"{sha}  dist/combwise-node-v0.5.0.uf2")
        t.bash("git commit -am \"node: release 0.5.0\" && git tag -a node-v0.5.0 -m \"combwise-node 0.5.0\" && "
               "git push origin main node-v0.5.0", "Commit the bump, tag, push",
               out=commit_out("main", "node: release 0.5.0", 2, 2, 2),
               err=f"To github.com:bramblebee/combwise.git\n   {hx(7)}..{hx(7)}  main -> main\n"
                   " * [new tag]         node-v0.5.0 -> node-v0.5.0")
        t.bash("gh release create node-v0.5.0 dist/combwise-node-v0.5.0.uf2 dist/combwise-node-v0.5.0.uf2.sha256 "
               "--title \"combwise-node 0.5.0\" --notes \"Median-of-5 weight prefilter, rejected frames logged, green "
               "LED blinks while taring. Rev B units: UF2 attached.\"", "GitHub release with the UF2",
               out="https://github.com/bramblebee/combwise/releases/tag/node-v0.5.0")
        t.done(f"combwise-node 0.5.0 is out.\n"
               f"- Size: flash {flash} B ({flash / 1024:.1f} KiB of the 1984 KiB region; .text 61804, .rodata 9912), "
               f"RAM {ram} B static (.data 56, .bss 7212, .uninit 1024). flip-link puts those at the top of RAM, so "
               f"the stack overflows into nothing.\n"
               f"- `dist/combwise-node-v0.5.0.uf2` ({uf2_bytes(flash)} B) + `.sha256` (`{sha[:12]}…`)\n"
               f"- Tag `node-v0.5.0` pushed, release: https://github.com/bramblebee/combwise/releases/tag/node-v0.5.0")

        t = d.task("unit 04 (rev B, no swd header) is sitting in bootsel on my desk. put 0.5.0 on it",
                   tags=["mistake:M3"])
        t.bash("lsusb | grep -i 2e8a", "Check the RP2040 is in BOOTSEL mode", out=lsusb_boot(17))
        t.fail("elf2uf2-rs -d target/thumbv6m-none-eabi/release/combwise-node", "Flash 0.5.0 over the UF2 bootloader",
               NO_PICO, code=1)
        t.say("The board enumerates as `RP2 Boot`, but `elf2uf2-rs -d` only looks at *mounted* filesystems that have "
              "an INFO_UF2.TXT. Checking whether the RPI-RP2 drive is mounted.")
        t.bash("lsblk -o NAME,SIZE,LABEL,MOUNTPOINTS", "Look for the RPI-RP2 block device", out=lsblk("sdb"))
        t.bash("udisksctl mount -b /dev/sdb1", "Mount the bootloader drive as the user",
               out="Mounted /dev/sdb1 at /media/freya/RPI-RP2")
        t.bash("elf2uf2-rs -d target/thumbv6m-none-eabi/release/combwise-node", "Flash 0.5.0 over the UF2 bootloader",
               out="Found pico uf2 disk /media/freya/RPI-RP2\nTransfering program to pico\n" +
                   uf2_progress(uf2_bytes(flash) / 1024))
        t.bash("sleep 2; lsusb | grep -i 2e8a", "Check the unit left the bootloader",
               out="Bus 003 Device 009: ID 2e8a:000c Raspberry Pi Debug Probe (CMSIS-DAP)")
        t.done("Unit 04 has 0.5.0. It rebooted out of BOOTSEL: only the Debug Probe is left on USB.\n"
               "The first `elf2uf2-rs -d` failed with \"Unable to find mounted pico\". The RPI-RP2 drive (`/dev/sdb1`) "
               "was there but nothing had mounted it, and elf2uf2-rs only searches mounted disks. "
               "`udisksctl mount -b /dev/sdb1` mounted it at /media/freya/RPI-RP2 without root, and the second attempt "
               f"wrote all {uf2_bytes(flash) / 1024:.1f} KiB.")

    # ================= S4 =================
    with d.session("2026-10-13T09:40:00", R, branch="feat/swarm-detect", version="2.1.136"):
        SW = R + "/logic/src/swarm.rs"
        t = d.task("wire the swarm detector from logic into the node: feed it every filtered weight and info! the event "
                   "when it fires. 15 min window, 1.2 kg. keep it allocation-free, the fixed-size window in the detector "
                   "is fine as is", tags=["mistake:M1", "pref:P1"])
        t.read(SW)
        t.read(SENS)
        t.edit(SENS, "use combwise_logic::filter::{Ema, Median5};",
               "use combwise_logic::filter::{Ema, Median5};\nuse combwise_logic::swarm::SwarmDetector;")
        t.edit(SENS, "use defmt::{debug, warn};", "use defmt::{debug, info, warn};")
        t.edit(SENS, """    let mut ema = Ema::new(cfg.ema_alpha_q8);
""", """    let mut ema = Ema::new(cfg.ema_alpha_q8);
    // a swarm takes 1-3 kg out within minutes; 32 slots cover 15 min down to a 30 s interval
    let mut swarm = SwarmDetector::new(15 * 60, 1_200);
""")
        t.edit(SENS, """        publish(r);
""", """        if let Some(ev) = swarm.feed(r.t_s, weight_g) {
            info!("swarm suspected: {}", ev);
        }
        publish(r);
""")
        err = e0277_format("SwarmEvent", "node/src/sensors.rs", F[SENS], 'info!("swarm suspected', "info")
        t.fail("cargo build --release", "Build the node with swarm detection",
               f"""{compiling(["combwise-node v0.5.0 (/home/freya/src/combwise/node)"])}
{err}

For more information about this error, try `rustc --explain E0277`.
error: could not compile `combwise-node` (bin "combwise-node") due to 1 previous error""", code=101)
        t.say("`SwarmEvent` lives in `combwise-logic`, which doesn't depend on defmt at all, so it can't implement "
              "`defmt::Format`. Giving logic the same optional `defmt` feature as proto, deriving it on the event, "
              "and enabling the feature from the node.")
        LC = R + "/logic/Cargo.toml"
        t.read(LC)
        t.edit(LC, """[dependencies]
heapless.workspace = true
""", """[dependencies]
defmt = { workspace = true, optional = true }
heapless.workspace = true

[features]
defmt = ["dep:defmt"]
""")
        t.edit(SW, """#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwarmEvent {""", """#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SwarmEvent {""")
        NC = R + "/node/Cargo.toml"
        t.read(NC)
        t.edit(NC, 'combwise-logic = { path = "../logic" }',
               'combwise-logic = { path = "../logic", features = ["defmt"] }')
        t.bash("cargo build --release", "Build the node with swarm detection",
               err=compiling(["combwise-logic v0.3.0 (/home/freya/src/combwise/logic)",
                              "combwise-node v0.5.0 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        t.done("The node feeds every filtered weight into `SwarmDetector::new(900, 1_200)` and logs "
               "`swarm suspected: SwarmEvent { t_s, drop_g, over_s }` at info when it fires. The detector's "
               "`Deque<_, 32>` is fixed-size inside the sensor task's future, so nothing allocates. At the default 60 s "
               "interval it holds 15 samples.\n"
               "First build: E0277, `SwarmEvent` had no `defmt::Format`. logic now has an optional `defmt` feature "
               "(`dep:defmt`), `SwarmEvent` derives `defmt::Format` under it, and the node turns the feature on. The "
               "host tests are unaffected because the feature is off there.")

        t = d.task("flash both on the bench and let it run for a bit. I'll lift the 2 kg calibration weight off the "
                   "bench scale about a minute in, want to see the swarm line on the node and the gateway console "
                   "staying clean", tags=["workflow:W3", "long_output"])
        gw_hdr = run_header(GW_RUNNER, "target/thumbv7em-none-eabihf/release/combwise-gw", 132.0, 129.37, 4, 3, "7.11")
        t.bash("cd gateway && timeout 25s cargo run --release 2>&1 | tail -n 12", "Flash the gateway DK",
               timeout=60000, out=f"""{gw_hdr}
0.000306 [INFO ] combwise-gw 0.2.4 (combwise_gw src/main.rs:24)
0.412904 [DEBUG] node 1 Reading {{ t_s: 2711, weight_g: 12480, temp_cc: 2141, rh_half_pct: 97, battery_mv: 0 }} (combwise_gw src/bus.rs:28)
0.455317 [DEBUG] node 4 Reading {{ t_s: 90412, weight_g: 38214, temp_cc: 2109, rh_half_pct: 100, battery_mv: 0 }} (combwise_gw src/bus.rs:28)""")
        mln, _ = line_no(F[MAIN], 'info!("combwise-node')
        sln, _ = line_no(F[SENS], 'info!("swarm suspected')
        rln, _ = line_no(F[R + "/node/src/rs485.rs"], 'debug!("rx')
        tail = [f"0.001034 [INFO ] combwise-node 0.5.0 id=1 tare_raw=8364113 (combwise_node src/main.rs:{mln})",
                "0.002517 [DEBUG] nau7802: rev 0x0f, gain 128, 10 SPS (combwise_node src/sensors/nau7802.rs:38)"]
        for k in range(8):
            tail.append(f"{57.4 + 60 * k + HX.uniform(0, 0.02):.6f} [DEBUG] rx Poll seq={2 * k + 3} "
                        f"(combwise_node src/rs485.rs:{rln})")
        tail.insert(9, f"420.512830 [INFO ] swarm suspected: SwarmEvent {{ t_s: 420, drop_g: 1367, over_s: 240 }} "
                       f"(combwise_node src/sensors.rs:{sln})")
        node_hdr = run_header(NODE_RUNNER, NODE_ELF, 72.0, 71.0, 1, 2, "3.10")
        t.bash("timeout 480s cargo run --release 2>&1 | tail -n 40", "Flash the bench node and watch its log",
               timeout=540000, out=node_hdr + "\n" + "\n".join(tail))
        con = []
        for k, w in enumerate((10955, 10837)):
            base = 545.33 + 60 * k
            con.append(f"[{base:9.3f}] n1 w={w / 1000:.2f}kg t=21.4C rh=48.5% vb=0.00V")
            con.append(f"[{base + 0.044:9.3f}] n4 w=38.21kg t=21.{1 + k}C rh=50.0% vb=0.00V")
        t.bash("picocom -q -b 115200 -x 65000 /dev/ttyACM0", "Read the gateway console for a minute",
               timeout=90000, out="\n".join(con))
        t.done("Both flashed and running.\n"
               "- Node: `swarm suspected: SwarmEvent { t_s: 420, drop_g: 1367, over_s: 240 }`. It fired about 6 "
               "minutes after you lifted the weight, not right away. The median needs 3 of 5 samples at the new "
               "level (until t=240), then the EMA (α=0.25) needs four more samples to pass 1.2 kg (500 → 875 → "
               "1156 → 1367 g). At 60 s per sample that is ~6 min, fine for a real swarm, which doesn't come back.\n"
               "- Node answered every poll; no `bad frame` warnings.\n"
               "- Gateway console: both nodes every 60 s, no MISSED lines. n1 shows 10.96 then 10.84 kg while the "
               "EMA settles towards 10.48 kg. `vb=0.00V` on both is expected: nothing fills `battery_mv` yet.")

        t = d.task("rs485 debugging again: can I get trace just for the node's rs485 module without drowning RTT in "
                   "everything else? check the defmt book, don't guess", tags=["noise", "webfetch"])
        t.webfetch("https://defmt.ferrous-systems.com/filtering",
                   "How do I set a log level for a single module with DEFMT_LOG? Syntax, precedence, and does it "
                   "need a rebuild?",
                   "Filtering: defmt supports five levels (TRACE, DEBUG, INFO, WARN, ERROR); by default only ERROR is "
                   "emitted. DEFMT_LOG selects the level at compile time, e.g. `DEFMT_LOG=warn cargo run --bin app`.\n"
                   "Modules: a different logging level filter can be applied to different modules using logging "
                   "directives of the form `krate::module::path=level`, separated by commas, e.g. "
                   "`DEFMT_LOG=info,app::inner=trace`. A directive applies to the module and its submodules; a more "
                   "specific path overrides a less specific one, and a bare level sets the default for everything "
                   "else. The pseudo level `off` disables logging for a path. Because the filter is applied when the "
                   "crate is compiled, changing DEFMT_LOG rebuilds the affected crates.")
        t.done("Yes, per-module directives, like `RUST_LOG`:\n\n"
               "    DEFMT_LOG=debug,combwise_node::rs485=trace cargo run --release\n\n"
               "The bare `debug` keeps today's default for everything else, and the more specific path wins for "
               "`rs485`. It works from the command line although `.cargo/config.toml` has `[env] DEFMT_LOG = "
               "\"debug\"`, because cargo's `[env]` doesn't override a variable that is already set (unless "
               "`force = true`). It's compile-time, so the node rebuilds when you change it. To quiet the embassy "
               "crates at the same time, add `,embassy_rp=info,embassy_executor=info`.")

    # ================= S5 =================
    with d.session("2026-10-16T10:30:00", R, branch="feat/health", version="2.1.137", permission_mode="acceptEdits"):
        RD = R + "/README.md"
        t = d.task("add a short bit to the README about bus termination: 120R only at the two physical ends (gateway "
                   "+ last node), bias resistors only on the gateway. Ola keeps getting asked", tags=["noise"])
        t.read(RD)
        t.edit(RD, """`elf2uf2-rs -d target/thumbv6m-none-eabi/release/combwise-node`.
""", """`elf2uf2-rs -d target/thumbv6m-none-eabi/release/combwise-node`.

## RS-485 termination

- 120 Ω only at the two physical ends of the cable: the gateway and the last node. Jumper J3 open on every
  node in between.
- Bias (fail-safe) resistors only on the gateway, never on nodes.
""")
        t.done("Added a \"RS-485 termination\" section after Flashing: 120 Ω only at the gateway and the last node "
               "(J3 open on the nodes in between), bias resistors only on the gateway.")

        PL = R + "/proto/src/lib.rs"
        RS = R + "/node/src/rs485.rs"
        t = d.task("new request: Health. node answers with uptime, reset reason and how many bad frames it has seen "
                   "since boot. append the new variants at the end of Request/Response, never in between - units in "
                   "the field still decode with the old tag numbers. add a roundtrip test for it + one that pins the "
                   "old tags, and run the proto tests", tags=["pref:P2", "mistake:M2"])
        t.read(PL)
        t.edit(PL, """    SetInterval { seconds: u16 },
}""", """    SetInterval { seconds: u16 },
    Health,
}""")
        t.edit(PL, """    Nack(ErrorCode),
}""", """    Nack(ErrorCode),
    Health(NodeHealth),
}""")
        t.edit(PL, """#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame<T> {""", """/// Answer to `Request::Health`.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct NodeHealth {
    pub uptime_s: u32,
    pub reset: ResetReason,
    /// Frames that failed COBS, CRC or postcard since boot.
    pub bad_frames: u32,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ResetReason {
    PowerOn,
    RunPin,
    Debugger,
    Unknown,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame<T> {""")
        t.edit(PL, """        let back: Reading = postcard::from_bytes(used).unwrap();
        assert_eq!(r, back);
    }
}""", """        let back: Reading = postcard::from_bytes(used).unwrap();
        assert_eq!(r, back);
    }

    #[test]
    fn health_roundtrip() {
        let h = Response::Health(NodeHealth { uptime_s: 1_209_600, reset: ResetReason::PowerOn, bad_frames: 17 });
        let mut buf = [0u8; 32];
        let used = postcard::to_slice(&h, &mut buf).unwrap();
        assert_eq!(postcard::from_bytes::<Response>(used).unwrap(), h);
    }

    /// Field units decode by tag number: existing variants must keep theirs.
    #[test]
    fn old_variants_keep_their_tags() {
        let mut buf = [0u8; 8];
        assert_eq!(postcard::to_slice(&Request::Poll, &mut buf).unwrap(), &[0]);
        assert_eq!(postcard::to_slice(&Request::Tare, &mut buf).unwrap(), &[1]);
        assert_eq!(postcard::to_slice(&Request::SetInterval { seconds: 60 }, &mut buf).unwrap(), &[2, 60]);
        assert_eq!(postcard::to_slice(&Request::Health, &mut buf).unwrap(), &[3]);
        assert_eq!(postcard::to_slice(&Response::Ack, &mut buf).unwrap(), &[1]);
        assert_eq!(postcard::to_slice(&Response::Nack(ErrorCode::Busy), &mut buf).unwrap(), &[2, 0]);
    }
}""")
        t.read(RS)
        t.edit(RS, "use combwise_proto::{ErrorCode, Frame, NodeId, Request, Response, MAX_FRAME, PROTO_VERSION};",
               "use combwise_proto::{ErrorCode, Frame, NodeHealth, NodeId, Request, Response, MAX_FRAME, PROTO_VERSION};")
        t.edit(RS, "use embassy_time::{Duration, Timer};", "use embassy_time::{Duration, Instant, Timer};")
        t.edit(RS, "    let mut len = 0usize;\n", "    let mut len = 0usize;\n    // only this task touches it: no atomics needed (thumbv6m has no RMW atomics anyway)\n    let mut bad_frames: u32 = 0;\n")
        t.edit(RS, """            Err(e) => {
                warn!""", """            Err(e) => {
                bad_frames = bad_frames.wrapping_add(1);
                warn!""")
        t.edit(RS, "        let body = handle(req.body);", "        let body = handle(req.body, bad_frames);")
        t.edit(RS, "fn handle(req: Request) -> Response {", "fn handle(req: Request, bad_frames: u32) -> Response {")
        t.edit(RS, """            crate::INTERVAL_S.store(seconds.into(), Ordering::Relaxed);
            Response::Ack
        }
""", """            crate::INTERVAL_S.store(seconds.into(), Ordering::Relaxed);
            Response::Ack
        }
        Request::Health => Response::Health(NodeHealth {
            uptime_s: Instant::now().as_secs() as u32,
            reset: crate::reset_reason(),
            bad_frames,
        }),
""")
        t.read(MAIN)
        t.edit(MAIN, "use combwise_proto::Reading;", "use combwise_proto::{Reading, ResetReason};")
        t.edit(MAIN, """pub fn publish(r: Reading) {
    LATEST.lock(|c| c.set(Some(r)));
}
""", """pub fn publish(r: Reading) {
    LATEST.lock(|c| c.set(Some(r)));
}

/// Why the chip last came out of reset (VREG_AND_CHIP_RESET.CHIP_RESET).
pub fn reset_reason() -> ResetReason {
    let r = embassy_rp::pac::VREG_AND_CHIP_RESET.chip_reset().read();
    if r.had_psm_restart() {
        ResetReason::Debugger
    } else if r.had_run() {
        ResetReason::RunPin
    } else if r.had_por() {
        ResetReason::PowerOn
    } else {
        ResetReason::Unknown
    }
}
""")
        t.bash("cargo build --release", "Build the node with Health",
               err=compiling(["combwise-proto v0.4.0 (/home/freya/src/combwise/proto)",
                              "combwise-node v0.5.0 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        deps = ["serde v1.0.228", "cobs v0.3.0", "crc-catalog v2.4.0", "crc v3.2.1", "postcard v1.1.3",
                "combwise-proto v0.4.0 (/home/freya/src/combwise/proto)"]
        t.fail("cargo test -p combwise-proto", "Run the proto tests",
               f"""{compiling(deps)}
{e0463_test_span("proto/src/lib.rs", F[PL], "fn reading_roundtrip")}

error[E0463]: can't find crate for `test`

error: `#[panic_handler]` function required, but not found

For more information about this error, try `rustc --explain E0463`.
error: could not compile `combwise-proto` (lib test) due to 3 previous errors""", code=101)
        t.say("Same as with logic last week: the workspace default target is the RP2040, which has no `test` crate. "
              "Running it for the host.")
        o, e = test_run("combwise_proto", ["tests::health_roundtrip", "tests::old_variants_keep_their_tags",
                                           "tests::reading_roundtrip"], compiled=deps)
        t.bash("cargo test -p combwise-proto --target x86_64-unknown-linux-gnu", "Run the proto tests on the host",
               out=o, err=e)
        t.bash("cd gateway && cargo build --release", "Check the gateway still builds against the new proto",
               err=compiling(["combwise-proto v0.4.0 (/home/freya/src/combwise/proto)",
                              "combwise-gw v0.2.4 (/home/freya/src/combwise/gateway)"]) + "\n" + finished())
        t.done("Health is in:\n"
               "- proto: `Request::Health` (tag 3) and `Response::Health(NodeHealth)` (tag 3), both appended after "
               "the existing variants. `NodeHealth { uptime_s, reset: ResetReason, bad_frames }`, with the defmt derive "
               "like the rest of the file.\n"
               "- node: the bus task counts rejected frames in a local `u32` (it's the only writer, and thumbv6m has "
               "no atomic read-modify-write anyway) and answers Health with uptime, the reason from "
               "`VREG_AND_CHIP_RESET.CHIP_RESET` (power-on / RUN pin / debugger) and the count.\n"
               "- tests: `health_roundtrip`, and `old_variants_keep_their_tags`, which pins Poll=0, Tare=1, "
               "SetInterval=2, Health=3, Ack=1, Nack=2. A variant inserted in the middle fails it. 3/3 pass with "
               "`--target x86_64-unknown-linux-gnu`; the plain `cargo test` failed because it built for thumbv6m.\n"
               "- gateway still builds; it logs the new response as unexpected until it asks for it.")

        t = d.task("how big does a Health response get on the wire, worst case? postcard varints for the u32s plus our "
                   "crc and cobs. want to know if it still fits comfortably in the 40 ms reply window",
                   tags=["noise", "no_tools"])
        t.done("Worst case 21 bytes on the wire:\n"
               "- `Frame` header: version 1 + node 1 + seq (u16 varint) ≤ 3 = 5\n"
               "- body: `Response` tag 1 + `uptime_s` ≤ 5 + `ResetReason` tag 1 + `bad_frames` ≤ 5 = 12\n"
               "- CRC-16: 2 → 19 bytes before COBS\n"
               "- COBS: +1 (one extra byte per 254), plus the 0x00 delimiter → 21\n"
               "At 115200 8N1 that's 21 × 10 bits ≈ 1.8 ms, plus the node's 200 µs turnaround. The 40 ms window is "
               "nowhere near tight. In practice uptime stays under 3 varint bytes for ~24 days, so typical frames "
               "are 17-19 bytes.")

        fb = "the PR description you wrote for #57 was way too long, I had to cut half of it before anyone read it"
        t = d.task("ship this one too, same as the filter one. and: " + fb + ". 3-4 bullets, no headings",
                   tags=["workflow:W2", "feedback"], feedback=fb)
        t.bash("cargo fmt --all && (cd gateway && cargo fmt)", "Format both workspaces")
        t.bash("cargo clippy --release -- -D warnings", "Clippy on the node workspace",
               err=checking(["combwise-proto v0.4.0 (/home/freya/src/combwise/proto)",
                             "combwise-node v0.5.0 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        t.bash("cd gateway && cargo clippy --release -- -D warnings", "Clippy on the gateway",
               err=checking(["combwise-proto v0.4.0 (/home/freya/src/combwise/proto)",
                             "combwise-gw v0.2.4 (/home/freya/src/combwise/gateway)"]) + "\n" + finished())
        t.bash("git add README.md proto node && git commit -m \"proto, node: Health request with uptime, reset reason "
               "and bad-frame count\"", "Commit",
               out=commit_out("feat/health", "proto, node: Health request with uptime, reset reason and bad-frame count",
                              4, 97, 3))
        t.bash("git push -u origin feat/health", "Push the branch", err=push_new("feat/health"))
        t.bash("gh pr create --base main --title \"Health request\" --body \"- Appends \\`Request::Health\\` / "
               "\\`Response::Health(NodeHealth)\\`; a test pins the old tag numbers\n- Node answers with uptime, reset "
               "reason (CHIP_RESET) and bad-frame count\n- README: RS-485 termination note\n- proto tests 3/3 on host; "
               "gateway unchanged\"", "Open the PR",
               out="https://github.com/bramblebee/combwise/pull/59",
               err="\nCreating pull request for feat/health into main in bramblebee/combwise\n")
        t.done("PR #59: https://github.com/bramblebee/combwise/pull/59. fmt and clippy clean on both workspaces. The "
               "description is four bullets this time. Sorry about #57, PR bodies stay that short from now on.")

    # ================= S6 =================
    with d.session("2026-10-20T09:15:00", R, branch="main", version="2.1.138"):
        t = d.task("CI on main has been red since last night, all jobs fail in like 0 seconds. whats going on",
                   tags=["unfixed:U1"])
        t.bash("gh run list --branch main --limit 5", "Recent CI runs on main",
               out="completed\tfailure\tMerge pull request #59 from bramblebee/feat/health\tCI\tmain\tpush\t"
                   "18304417752\t3s\t2026-10-19T21:47:13Z\n"
                   "completed\tsuccess\tMerge pull request #58 from bramblebee/feat/swarm-detect\tCI\tmain\tpush\t"
                   "18201655320\t4m57s\t2026-10-15T16:12:40Z\n"
                   "completed\tsuccess\tnode: release 0.5.0\tCI\tmain\tpush\t18112907784\t4m12s\t2026-10-09T15:31:40Z\n"
                   "completed\tsuccess\tnode: blink the green led while taring\tCI\tmain\tpush\t18112516620\t4m31s\t"
                   "2026-10-09T15:02:09Z\n"
                   "completed\tsuccess\tMerge pull request #57 from bramblebee/feat/swarm-filter\tCI\tmain\tpush\t"
                   "18109877131\t4m48s\t2026-10-09T13:58:22Z")
        bill = ("The job was not started because recent account payments have failed or your spending limit needs to "
                "be increased. Please check the 'Billing & plans' section in your settings")
        t.fail("gh run view 18304417752 --exit-status", "Look at the failed run",
               f"""X main CI · 18304417752
Triggered via push about 11 hours ago

JOBS
X host-tests in 0s (ID 52091827455)
X firmware-node in 0s (ID 52091827461)
X firmware-gateway in 0s (ID 52091827470)

ANNOTATIONS
X {bill}
host-tests: .github#1

X {bill}
firmware-node: .github#1

X {bill}
firmware-gateway: .github#1


To see what failed, try: gh run view 18304417752 --log-failed
View this run on GitHub: https://github.com/bramblebee/combwise/actions/runs/18304417752""", code=1)
        t.done("Nothing is wrong with the code. GitHub never started the jobs: \"The job was not started because "
               "recent account payments have failed or your spending limit needs to be increased\". That's the "
               "bramblebee org's Actions billing. The included minutes are used up and the spending limit blocks "
               "more. Every run will fail in 0 s until an org owner (Jonas?) fixes the payment method or raises the "
               "limit under Settings → Billing & plans. I can't do that with your token, and re-running now would "
               "just fail again, so I haven't. The last real run, #58's merge on the 15th, was green. Builds and "
               "tests still work locally in the meantime.")

        SENS = R + "/node/src/sensors.rs"
        NC = R + "/node/Cargo.toml"
        t = d.task("hotfix before the ashton court units get updated: after a Tare request the node samples right away "
                   "while whoever pressed it is still leaning on the hive, zero comes out ~200 g off. wait 2 s before "
                   "the tare sampling. then cut 0.5.1 the usual way", tags=["workflow:W1"])
        t.read(SENS)
        t.edit(SENS, """            led::GREEN.signal(true);
            cfg.tare_raw""", """            led::GREEN.signal(true);
            // let whoever asked for the tare step back from the hive first
            Timer::after_secs(2).await;
            cfg.tare_raw""")
        t.read(NC)
        t.edit(NC, 'version = "0.5.0"', 'version = "0.5.1"')
        t.bash("cargo build --release", "Release build of the node",
               err=compiling(["combwise-node v0.5.1 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        table, flash, ram = cargo_size_table(64120, 10344, 56, 7380, 3310)
        t.bash("cargo size --release --bin combwise-node -- -A", "Section sizes of the release ELF",
               out=table, err=finished(t="0.10s"))
        t.bash("mkdir -p dist && elf2uf2-rs target/thumbv6m-none-eabi/release/combwise-node "
               "dist/combwise-node-v0.5.1.uf2 && ls -l dist/", "Convert to UF2",
               out=f"total {(uf2_bytes(72220) + uf2_bytes(flash)) // 1024 + 8}\n"
                   f"-rw-r--r-- 1 freya freya {uf2_bytes(72220)} Oct  9 15:24 combwise-node-v0.5.0.uf2\n"
                   f"-rw-r--r-- 1 freya freya       97 Oct  9 15:24 combwise-node-v0.5.0.uf2.sha256\n"
                   f"-rw-r--r-- 1 freya freya {uf2_bytes(flash)} Oct 20 09:41 combwise-node-v0.5.1.uf2")
        sha = hx(64)
        t.bash("sha256sum dist/combwise-node-v0.5.1.uf2 | tee dist/combwise-node-v0.5.1.uf2.sha256", "Checksum",
               out=f"{sha}  dist/combwise-node-v0.5.1.uf2")
        t.bash("git commit -q -am \"node: release 0.5.1, tare waits 2 s before sampling\" && git log --oneline -1",
               "Commit the fix and the bump", out=f"{hx(7)} node: release 0.5.1, tare waits 2 s before sampling")
        t.bash("git tag -a node-v0.5.1 -m \"combwise-node 0.5.1\" && git push origin main node-v0.5.1",
               "Tag and push", err=f"To github.com:bramblebee/combwise.git\n   {hx(7)}..{hx(7)}  main -> main\n"
                                   " * [new tag]         node-v0.5.1 -> node-v0.5.1")
        t.bash("gh release create node-v0.5.1 dist/combwise-node-v0.5.1.uf2 dist/combwise-node-v0.5.1.uf2.sha256 "
               "--title \"combwise-node 0.5.1\" --notes \"Tare waits 2 s before sampling (zero was ~200 g off when "
               "someone was still touching the hive).\"", "GitHub release",
               out="https://github.com/bramblebee/combwise/releases/tag/node-v0.5.1")
        t.done(f"0.5.1 released: the tare path now waits 2 s (green LED already blinking) before the 16-sample "
               f"average.\n- flash {flash} B ({flash / 1024:.1f} KiB), static RAM {ram} B; swarm + health added "
               f"~2.7 KiB since 0.5.0\n- `dist/combwise-node-v0.5.1.uf2` ({uf2_bytes(flash)} B), sha256 "
               f"`{sha[:12]}…`\n- tag `node-v0.5.1`, https://github.com/bramblebee/combwise/releases/tag/node-v0.5.1\n"
               f"CI won't run on the push until the billing is sorted. Everything above was built locally.")

        d.precompact("Analysis: Freya Lindqvist (Bramblebee, Bristol) works on the Combwise hive monitor firmware in "
                     "/home/freya/src/combwise: embassy-rp node (RP2040, thumbv6m, probe-rs runner with the Debug "
                     "Probe 2e8a:000c; rev B units have no SWD and get UF2 files via elf2uf2-rs), embassy-nrf gateway "
                     "in gateway/ (nRF52840-DK, J-Link 1366:1051, console on /dev/ttyACM0), shared no_std crates "
                     "proto (postcard + COBS + CRC) and logic (filters, swarm detection).\n"
                     "Summary:\n1. Done: FrameError in proto + warn on the node; Median5 prefilter (PR #57); green "
                     "LED blink during tare; swarm detection wired in (logic got an optional defmt feature); Health "
                     "request (PR #59); README termination note.\n2. Releases: node 0.5.0 (Oct 9, unit 04 flashed) "
                     "and 0.5.1 (today, tare settle time); UF2 + sha256 in dist/ and on GitHub releases.\n"
                     "3. CI: GitHub refuses to start jobs (org billing / spending limit); needs an org owner.\n"
                     "4. Preferences: no heap/alloc in firmware; proto enum variants append-only; CI on every push "
                     "to all branches; short PR descriptions (3-4 bullets).\n5. Current work: updating field units "
                     "to 0.5.1.")

        t = d.task("unit 07 came back from ashton court still on 0.4.3, its in bootsel now. give it 0.5.1",
                   tags=["mistake:M3"])
        t.fail("elf2uf2-rs -d target/thumbv6m-none-eabi/release/combwise-node", "Flash 0.5.1 over the UF2 bootloader",
               NO_PICO, code=1)
        t.say("Same as with unit 04: the bootloader drive isn't mounted, and elf2uf2-rs only looks at mounted disks. "
              "Mounting it by label.")
        t.bash("udisksctl mount -b /dev/disk/by-label/RPI-RP2", "Mount the RPI-RP2 drive",
               out="Mounted /dev/sdc1 at /media/freya/RPI-RP2")
        t.bash("elf2uf2-rs -d target/thumbv6m-none-eabi/release/combwise-node", "Flash 0.5.1 over the UF2 bootloader",
               out="Found pico uf2 disk /media/freya/RPI-RP2\nTransfering program to pico\n" +
                   uf2_progress(uf2_bytes(flash) / 1024))
        t.done(f"Unit 07 is on 0.5.1. Its RPI-RP2 drive came up as /dev/sdc1 and wasn't mounted, so the first attempt "
               f"said \"Unable to find mounted pico\". After `udisksctl mount -b /dev/disk/by-label/RPI-RP2` the "
               f"{uf2_bytes(flash) / 1024:.1f} KiB went over and the board rebooted into the firmware. It keeps "
               f"its node id and calibration: those are in the last 64 KiB of flash, which the UF2 doesn't touch.")

        t = d.task("do we even have a watchdog on the node? if the bus task wedges in the field nobody notices until "
                   "the hive goes quiet", tags=["noise"])
        t.grep("Watchdog|watchdog", filenames=[R + "/gateway/src/main.rs"])
        t.read(R + "/gateway/src/main.rs")
        t.done("No. The node has no watchdog at all; the only one in the repo is the gateway's: an 8 s nRF WDT in "
               "`gateway/src/main.rs`, petted every 2 s from `main`'s loop. That only proves the executor is "
               "alive, not that `bus_master` is making progress.\n"
               "For the node I'd use `embassy_rp::watchdog::Watchdog` with ~8 s, fed from `bus_task` whenever it "
               "answers a frame, and from the sensor loop via an `AtomicU32` timestamp, so a wedged task of "
               "either kind resets the board. Also `Request::Health` already reports a reset reason, but the RP2040 "
               "keeps watchdog resets in `WATCHDOG.REASON`, not in `CHIP_RESET`, so `reset_reason()` would need a "
               "`Watchdog` arm first. Want me to do it?")

    # ================= S7 =================
    with d.session("2026-10-23T13:50:00", R, branch="feat/battery-soc", version="2.1.139"):
        CI = R + "/.github/workflows/ci.yml"
        t = d.task("turns out the every-branch CI pushes are what ate this month's actions minutes (Jonas sorted the "
                   "billing, but still). back to PRs and main only please", tags=["reversal:P3"])
        t.read(CI)
        t.edit(CI, """  push:
    branches: ['**']""", """  push:
    branches: [main]""")
        t.bash("git add .github/workflows/ci.yml && git commit -m \"ci: build pushes to main and pull requests only\"",
               "Commit the trigger change",
               out=commit_out("feat/battery-soc", "ci: build pushes to main and pull requests only", 1, 1, 1))
        t.done("Back to `push` on `main` plus `pull_request`. Feature branches build once their PR is open, and "
               "not twice per push anymore. Committed on this branch, so it lands with the battery PR.")

        MAIN = R + "/node/src/main.rs"
        BAT = R + "/node/src/battery.rs"
        LB = R + "/logic/src/battery.rs"
        t = d.task("battery: ADC3 on GPIO29 sits behind the 1/3 divider. read it every 5 min, fill Reading.battery_mv, "
                   "and log mv + state of charge at debug. SoC from a lookup table for the 18650 pack, in logic. const "
                   "array in flash, dont pull alloc in just for a table", tags=["pref:P1", "oneoff:O2"])
        t.write(LB, """//! State of charge of the 1S Li-ion pack (2x 18650 in parallel) from its resting voltage.

/// (millivolts, percent), ascending. Resting voltage at ~20 °C, read off the cell datasheet curve.
const SOC_TABLE: [(u16, u8); 10] = [
    (3_000, 0),
    (3_300, 5),
    (3_500, 15),
    (3_600, 30),
    (3_700, 50),
    (3_800, 65),
    (3_900, 80),
    (4_000, 90),
    (4_100, 97),
    (4_200, 100),
];

/// Linear interpolation between table points, clamped to 0..=100.
pub fn soc_pct(mv: u16) -> u8 {
    let (first_mv, _) = SOC_TABLE[0];
    if mv <= first_mv {
        return 0;
    }
    for w in SOC_TABLE.windows(2) {
        let (v0, p0) = w[0];
        let (v1, p1) = w[1];
        if mv <= v1 {
            let span = u32::from(v1 - v0);
            let into = u32::from(mv - v0);
            return p0 + ((u32::from(p1 - p0) * into) / span) as u8;
        }
    }
    100
}
""")
        t.read(R + "/logic/src/lib.rs")
        t.edit(R + "/logic/src/lib.rs", "pub mod filter;\npub mod swarm;", "pub mod battery;\npub mod filter;\npub mod swarm;")
        t.write(BAT, """//! Battery monitor: ADC3 on GPIO29 behind a 1/3 divider, sampled every 5 minutes.

use core::sync::atomic::Ordering;

use combwise_logic::battery::soc_pct;
use defmt::debug;
use embassy_rp::adc::{Adc, Async, Channel};
use embassy_time::Timer;

use crate::BATTERY_MV;

#[embassy_executor::task]
pub async fn battery_task(mut adc: Adc<'static, Async>, mut vbat: Channel<'static>) {
    loop {
        let raw = adc.read(&mut vbat).await.unwrap_or(0);
        // 12-bit ADC, 3.3 V reference, 1/3 divider
        let mv = u32::from(raw) * 3 * 3300 / 4096;
        let soc = soc_pct(mv as u16);
        debug!("vbat {=u16} mV, soc {=u8} %", mv, soc);
        BATTERY_MV.store(mv, Ordering::Relaxed);
        Timer::after_secs(300).await;
    }
}
""")
        t.read(MAIN)
        t.edit(MAIN, "#![no_main]\n\nmod led;", "#![no_main]\n\nmod battery;\nmod led;")
        t.edit(MAIN, "use embassy_rp::bind_interrupts;\nuse embassy_rp::gpio::{Level, Output};",
               "use embassy_rp::adc::{self, Adc, Channel as AdcChannel};\nuse embassy_rp::bind_interrupts;\n"
               "use embassy_rp::gpio::{Level, Output, Pull};")
        t.edit(MAIN, "    UART0_IRQ => uart::BufferedInterruptHandler<UART0>;\n});",
               "    UART0_IRQ => uart::BufferedInterruptHandler<UART0>;\n    ADC_IRQ_FIFO => adc::InterruptHandler;\n});")
        t.edit(MAIN, "pub static INTERVAL_S: AtomicU32 = AtomicU32::new(60);\n",
               "pub static INTERVAL_S: AtomicU32 = AtomicU32::new(60);\n"
               "/// Last battery voltage in mV, written by the battery task.\npub static BATTERY_MV: AtomicU32 = AtomicU32::new(0);\n")
        t.edit(MAIN, "    unwrap!(spawner.spawn(sensors::sensor_task(i2c, cfg)));\n",
               "    unwrap!(spawner.spawn(sensors::sensor_task(i2c, cfg)));\n\n"
               "    let adc = Adc::new(p.ADC, Irqs, adc::Config::default());\n"
               "    let vbat = AdcChannel::new_pin(p.PIN_29, Pull::None);\n"
               "    unwrap!(spawner.spawn(battery::battery_task(adc, vbat)));\n")
        t.read(SENS)
        t.edit(SENS, "use crate::{led, publish, INTERVAL_S, TARE};", "use crate::{led, publish, BATTERY_MV, INTERVAL_S, TARE};")
        t.edit(SENS, "            battery_mv: 0,", "            battery_mv: BATTERY_MV.load(Ordering::Relaxed) as u16,")
        ln, l = line_no(F[BAT], 'debug!("vbat')
        a = l.index("debug!")
        b = l.rindex(")") + 1
        m = l.index(", mv,") + 2
        w = 3
        err = (f"error[E0308]: mismatched types\n"
               f"{' ' * w}--> node/src/battery.rs:{ln}:{m + 1}\n"
               f"{' ' * w} |\n"
               f"{str(ln):<{w}} | {l}\n"
               f"{' ' * w} | {' ' * a}{'-' * (m - a)}^^{'-' * (b - m - 2)}\n"
               f"{' ' * w} | {' ' * a}|{' ' * (m - a - 1)}|\n"
               f"{' ' * w} | {' ' * a}|{' ' * (m - a - 1)}expected `&u16`, found `&u32`\n"
               f"{' ' * w} | {' ' * a}arguments to this function are incorrect\n"
               f"{' ' * w} |\n"
               f"{' ' * w} = note: expected reference `&u16`\n"
               f"{' ' * w}            found reference `&u32`\n"
               f"note: function defined here\n"
               f"   --> {REG}/defmt-1.0.1/src/export/mod.rs:186:8\n"
               f"    |\n"
               f"186 | pub fn u16(b: &u16) {{\n"
               f"    |        ^^^\n"
               f"    = note: this error originates in the macro `debug` (in Nightly builds, run with -Z "
               f"macro-backtrace for more info)")
        t.fail("cargo build --release", "Build the node with the battery task",
               f"""{compiling(["combwise-logic v0.3.0 (/home/freya/src/combwise/logic)",
                               "combwise-node v0.5.1 (/home/freya/src/combwise/node)"])}
{err}

For more information about this error, try `rustc --explain E0308`.
error: could not compile `combwise-node` (bin "combwise-node") due to 1 previous error""", code=101)
        t.say("`{=u16}` makes defmt check the argument type, and `mv` is still the `u32` from the scaling. Narrowing "
              "it once after the arithmetic (max is 9900 mV, fits in u16) instead of at each use.")
        t.edit(BAT, """        let mv = u32::from(raw) * 3 * 3300 / 4096;
        let soc = soc_pct(mv as u16);
        debug!("vbat {=u16} mV, soc {=u8} %", mv, soc);
        BATTERY_MV.store(mv, Ordering::Relaxed);""", """        let mv = (u32::from(raw) * 3 * 3300 / 4096) as u16;
        let soc = soc_pct(mv);
        debug!("vbat {=u16} mV, soc {=u8} %", mv, soc);
        BATTERY_MV.store(mv.into(), Ordering::Relaxed);""")
        t.bash("cargo build --release", "Build the node with the battery task",
               err=compiling(["combwise-node v0.5.1 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        t.done("Battery is in:\n"
               "- `logic::battery::soc_pct(mv) -> u8`: a `const` table of 10 (mV, %) points for the 18650 pack with "
               "linear interpolation, so it sits in .rodata (40 bytes) and nothing is built at runtime.\n"
               "- `node/src/battery.rs`: a task reading ADC3 (GPIO29) every 300 s, raw × 3 × 3300 / 4096 → mV, "
               "storing it in `BATTERY_MV` and logging `vbat N mV, soc N %` at debug. The sensor task puts it into "
               "`Reading.battery_mv`.\n"
               "One failed build on the way: `{=u16}` with a `u32` argument (E0308). `mv` is now narrowed to `u16` "
               "right after the scaling. Builds clean. No tests for `soc_pct` yet.")

        t = d.task("flash both and soak for a few minutes, the bench node runs off the 18650 pack today so I want real "
                   "battery numbers on the gateway console", tags=["workflow:W3", "long_output"])
        gw_hdr = run_header(GW_RUNNER, "target/thumbv7em-none-eabihf/release/combwise-gw", 136.0, 133.62, 4, 3, "7.28")
        t.bash("cd gateway && timeout 25s cargo run --release 2>&1 | tail -n 12", "Flash the gateway DK",
               timeout=60000, out=f"""{gw_hdr}
0.000298 [INFO ] combwise-gw 0.2.4 (combwise_gw src/main.rs:24)
0.388215 [DEBUG] node 1 Reading {{ t_s: 5402, weight_g: 10481, temp_cc: 2206, rh_half_pct: 95, battery_mv: 0 }} (combwise_gw src/bus.rs:28)
0.431872 [DEBUG] node 4 Reading {{ t_s: 22211, weight_g: 38209, temp_cc: 2188, rh_half_pct: 99, battery_mv: 0 }} (combwise_gw src/bus.rs:28)""")
        mln, _ = line_no(F[MAIN], 'info!("combwise-node')
        bln, _ = line_no(F[BAT], 'debug!("vbat')
        rln, _ = line_no(F[R + "/node/src/rs485.rs"], 'debug!("rx')
        lines = [f"0.001041 [INFO ] combwise-node 0.5.1 id=1 tare_raw=8364113 (combwise_node src/main.rs:{mln})",
                 "0.002530 [DEBUG] nau7802: rev 0x0f, gain 128, 10 SPS (combwise_node src/sensors/nau7802.rs:38)",
                 f"0.003120 [DEBUG] vbat 3987 mV, soc 88 % (combwise_node src/battery.rs:{bln})"]
        for k in range(3):
            lines.append(f"{41.9 + 60 * k + HX.uniform(0, 0.02):.6f} [DEBUG] rx Poll seq={2 * k + 3} "
                         f"(combwise_node src/rs485.rs:{rln})")
        node_hdr = run_header(NODE_RUNNER, NODE_ELF, 76.0, 74.0, 1, 2, "3.24")
        t.bash("timeout 200s cargo run --release 2>&1 | tail -n 30", "Flash the bench node and watch its log",
               timeout=260000, out=node_hdr + "\n" + "\n".join(lines))
        con = []
        for k in range(2):
            base = 251.87 + 60 * k
            con.append(f"[{base:9.3f}] n1 w=10.48kg t=22.{k}C rh=47.5% vb=3.98V")
            con.append(f"[{base + 0.043:9.3f}] n4 w=38.21kg t=21.9C rh=49.5% vb=0.00V")
        t.bash("picocom -q -b 115200 -x 65000 /dev/ttyACM0", "Read the gateway console for a minute",
               timeout=90000, out="\n".join(con))
        t.done("Soak looks good:\n- node: `vbat 3987 mV, soc 88 %` at boot, answers every poll, no bad frames\n"
               "- gateway console: n1 `vb=3.98V` every minute, weights steady at 10.48 kg\n"
               "- n4 still shows `vb=0.00V`: unit 04 runs 0.5.0, which doesn't measure the battery. It will report "
               "once it gets the battery build.")

    # ================= S8 =================
    with d.session("2026-10-27T10:20:00", R, branch="feat/gw-stats", version="2.1.140", end_reason="other"):
        GB = R + "/gateway/src/bus.rs"
        GS = R + "/gateway/src/stats.rs"
        GM = R + "/gateway/src/main.rs"
        t = d.task("gateway: keep per-node bus stats (polls, answers, timeouts, last seen) and dump them to the defmt "
                   "log every 10 minutes. just a fixed array next to NODES, nothing fancy", tags=["mistake:M1"])
        t.read(GB)
        t.write(GS, """//! Per-node bus statistics since boot.

#[derive(Clone, Copy, Default)]
pub struct NodeStats {
    pub polls: u32,
    pub answers: u32,
    pub timeouts: u32,
    /// Gateway uptime in seconds at the last answer.
    pub last_seen_s: Option<u32>,
}

impl NodeStats {
    pub fn record(&mut self, answered: bool, now_s: u32) {
        self.polls += 1;
        if answered {
            self.answers += 1;
            self.last_seen_s = Some(now_s);
        } else {
            self.timeouts += 1;
        }
    }
}
""")
        t.read(GM)
        t.edit(GM, "mod bus;\nmod console;", "mod bus;\nmod console;\nmod stats;")
        t.edit(GB, "use defmt::{debug, warn};", "use defmt::{debug, info, warn};")
        t.edit(GB, "use crate::console;", "use crate::console;\nuse crate::stats::NodeStats;")
        t.edit(GB, "const POLL_PERIOD: Duration = Duration::from_secs(60);\n",
               "const POLL_PERIOD: Duration = Duration::from_secs(60);\n"
               "/// How often the per-node counters go to the log.\nconst STATS_EVERY: Duration = Duration::from_secs(600);\n")
        t.edit(GB, """    let mut seq: u16 = 0;
    loop {
        let round = Instant::now();
        for &id in NODES {
            seq = seq.wrapping_add(1);
            let node = NodeId(id);
            match transact(&mut uart, &mut de, node, seq, Request::Poll).await {""", """    let mut seq: u16 = 0;
    let mut stats = [NodeStats::default(); NODES.len()];
    let mut last_dump = Instant::now();
    loop {
        let round = Instant::now();
        let now_s = round.as_secs() as u32;
        for (i, &id) in NODES.iter().enumerate() {
            seq = seq.wrapping_add(1);
            let node = NodeId(id);
            let resp = transact(&mut uart, &mut de, node, seq, Request::Poll).await;
            stats[i].record(resp.is_some(), now_s);
            match resp {""")
        t.edit(GB, """                None => console::missed(node),
            }
        }
        Timer::at(round + POLL_PERIOD).await;""", """                None => console::missed(node),
            }
        }
        if last_dump.elapsed() >= STATS_EVERY {
            for (i, &id) in NODES.iter().enumerate() {
                info!("node {} stats {}", id, stats[i]);
            }
            last_dump = Instant::now();
        }
        Timer::at(round + POLL_PERIOD).await;""")
        err = e0277_format("NodeStats", "src/bus.rs", F[GB], 'info!("node {} stats', "info")
        t.fail("cd gateway && cargo build --release", "Build the gateway with bus stats",
               f"""{compiling(["combwise-gw v0.2.4 (/home/freya/src/combwise/gateway)"])}
{err}

For more information about this error, try `rustc --explain E0277`.
error: could not compile `combwise-gw` (bin "combwise-gw") due to 1 previous error""", code=101)
        t.say("Same kind of miss as with FrameError and SwarmEvent: defmt needs `defmt::Format` on anything it "
              "prints with `{}`. The gateway always has defmt, so a plain derive will do.")
        t.edit(GS, "#[derive(Clone, Copy, Default)]\npub struct NodeStats {",
               "#[derive(Clone, Copy, Default, defmt::Format)]\npub struct NodeStats {")
        t.bash("cd gateway && cargo build --release", "Build the gateway with bus stats",
               err=compiling(["combwise-gw v0.2.4 (/home/freya/src/combwise/gateway)"]) + "\n" + finished())
        t.done("`gateway/src/stats.rs` has `NodeStats { polls, answers, timeouts, last_seen_s }` with `record()`. "
               "`bus_master` keeps `[NodeStats; NODES.len()]` on its stack, records every transaction, and every "
               "10 min logs `node N stats NodeStats { polls: …, answers: …, timeouts: …, last_seen_s: Some(…) }` at "
               "info. The first build failed on the missing `defmt::Format` (E0277); `NodeStats` now derives it. "
               "Builds clean.")

        t = d.task("unit 09 wont take firmware, Ola soldered an SWD pigtail onto it and it's on the debug probe now. "
                   "see if probe-rs can even talk to it. if it's dead, leave it, Ola will look at the board",
                   tags=["unfixed:U2"])
        t.bash("probe-rs list", "List the connected debug probes",
               out="The following debug probes were found:\n"
                   "[0]: Debug Probe (CMSIS-DAP) -- 2e8a:000c:E6633861A3354B2B (CMSIS-DAP)\n"
                   "[1]: J-Link (J-Link) -- 1366:1051:001050276713 (J-Link)")
        dead = ("Error: Connecting to the chip was unsuccessful.\n\nCaused by:\n"
                "    0: An ARM specific error occurred.\n"
                "    1: Error using access port FullyQualifiedApAddress { dp: Multidrop(16787751), ap: V1(0) }.\n"
                "    2: Failed to read register CSW at address 0x00000000\n"
                "    3: An error occurred in the communication with an access port or debug port.\n"
                "    4: Target device did not respond to request.")
        t.fail("probe-rs attach --chip RP2040 --probe 2e8a:000c target/thumbv6m-none-eabi/release/combwise-node",
               "Attach to unit 09", dead, code=1)
        t.fail("probe-rs attach --chip RP2040 --probe 2e8a:000c --speed 100 target/thumbv6m-none-eabi/release/"
               "combwise-node", "Try again at 100 kHz SWD", dead, code=1)
        t.done("It doesn't answer on SWD at all. The probe itself is fine (listed, and it works with the bench node). "
               "But the RP2040's debug port doesn't respond to the multidrop select for core 0, at normal speed or at "
               "100 kHz. That happens below the firmware: the SWD port works even with blank or corrupt flash, since "
               "the boot ROM is always there. So it's power (3V3 or the 1.1 V DVDD), RUN held low, or the pigtail/pads. "
               "Not the crystal: SWD is clocked by the probe. I've left it alone as you said. "
               "For Ola: measure 3V3 and DVDD, check RUN, and the SWCLK/SWDIO continuity to pins 24/25.")

        t = d.task("flash the gateway DK with the stats build but don't attach, I'll sit on the console myself this "
                   "afternoon", tags=["flaky:F1"])
        t.bash("cd gateway && cargo build --release", "Make sure the release build is current",
               err=finished(t="0.07s"))
        cmd = "probe-rs download --chip nRF52840_xxAA --probe 1366:1051 " + GW_ELF
        t.fail(cmd, "Flash the gateway without attaching",
               "Error: Failed to open the debug probe.\n\nCaused by:\n"
               "    0: An error specific to a probe type occurred\n"
               "    1: USB Communication Error\n"
               "    2: Operation timed out", code=1)
        t.say("A USB timeout opening the J-Link OB, before anything touched the chip. That one is usually a hiccup of "
              "the DK's interface MCU, so trying the same command once more.")
        t.bash(cmd, "Flash the gateway without attaching",
               err=erase_prog(136.0, 133.62, 35.41, 39.87, 4, 3, "7.28"))
        t.bash("probe-rs reset --chip nRF52840_xxAA --probe 1366:1051", "Reset the gateway so it starts")
        t.done("The gateway DK has the stats build and is running (reset after the download, nothing attached). "
               "The first download died with a USB timeout opening the J-Link; the identical retry went through "
               "(136 KiB erased, 133.6 KiB programmed). The stats lines go to RTT, not the console. You'll see them "
               "with `probe-rs attach`, the first one 10 min after boot.")

        t = d.task("ship the stats branch. PR text short like last time", tags=["workflow:W2"])
        t.bash("cargo fmt --all && (cd gateway && cargo fmt)", "Format both workspaces")
        t.bash("cd gateway && cargo clippy --release -- -D warnings", "Clippy on the gateway",
               err=checking(["combwise-gw v0.2.4 (/home/freya/src/combwise/gateway)"]) + "\n" + finished())
        t.bash("cargo clippy --release -- -D warnings", "Clippy on the node workspace (shared proto)",
               err=finished(t="0.41s"))
        t.bash("git add gateway && git commit -m \"gateway: per-node bus stats every 10 min\"", "Commit",
               out=commit_out("feat/gw-stats", "gateway: per-node bus stats every 10 min", 3, 46, 2,
                              ["gateway/src/stats.rs"]))
        t.bash("git push -u origin feat/gw-stats", "Push the branch", err=push_new("feat/gw-stats"))
        t.bash("gh pr create --base main --title \"Gateway: per-node bus stats\" --body \"- \\`NodeStats\\` per node: "
               "polls, answers, timeouts, last seen\n- Logged at info every 10 min (RTT only, console unchanged)\n- "
               "Flashed on the DK, clippy clean\"", "Open the PR",
               out="https://github.com/bramblebee/combwise/pull/62",
               err="\nCreating pull request for feat/gw-stats into main in bramblebee/combwise\n")
        t.done("PR #62: https://github.com/bramblebee/combwise/pull/62. Three bullets, fmt and clippy clean on both "
               "workspaces.")

    # ================= S9 =================
    with d.session("2026-10-30T09:05:00", R, branch="main", version="2.1.141"):
        LB = R + "/logic/src/battery.rs"
        t = d.task("battery PR (#61) got merged without tests for soc_pct. add them on main: below cutoff, exact table "
                   "points, between points, above full. run just the battery ones", tags=["mistake:M2"])
        t.read(LB)
        t.edit(LB, """    }
    100
}
""", """    }
    100
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_cutoff_is_empty() {
        assert_eq!(soc_pct(2_750), 0);
        assert_eq!(soc_pct(3_000), 0);
    }

    #[test]
    fn table_points_are_exact() {
        for (mv, pct) in SOC_TABLE {
            assert_eq!(soc_pct(mv), pct, "at {mv} mV");
        }
    }

    #[test]
    fn interpolates_between_points() {
        assert_eq!(soc_pct(3_750), 57);
        assert_eq!(soc_pct(3_987), 88);
    }

    #[test]
    fn above_full_is_full() {
        assert_eq!(soc_pct(4_250), 100);
    }

    #[test]
    fn monotonic_over_the_range() {
        let mut last = 0;
        for mv in (2_900..=4_300).step_by(5) {
            let p = soc_pct(mv);
            assert!(p >= last, "{mv} mV: {p} < {last}");
            last = p;
        }
    }
}
""")
        t.fail("cargo test -p combwise-logic battery", "Run the battery tests",
               f"""{compiling(["stable_deref_trait v1.2.0", "byteorder v1.5.0", "hash32 v0.3.1", "heapless v0.9.1",
                               "combwise-logic v0.3.0 (/home/freya/src/combwise/logic)"])}
{e0463_std("combwise_logic")}

For more information about this error, try `rustc --explain E0463`.
error: could not compile `combwise-logic` (lib test) due to 2 previous errors""", code=101)
        t.say("Built for the RP2040 again, because of the workspace's default target. The filter goes after the "
              "target flag.")
        o, e = test_run("combwise_logic", ["battery::tests::above_full_is_full", "battery::tests::below_cutoff_is_empty",
                                           "battery::tests::interpolates_between_points",
                                           "battery::tests::monotonic_over_the_range",
                                           "battery::tests::table_points_are_exact"], filtered=9,
                        compiled=["stable_deref_trait v1.2.0", "byteorder v1.5.0", "hash32 v0.3.1", "heapless v0.9.1",
                                  "combwise-logic v0.3.0 (/home/freya/src/combwise/logic)"])
        t.bash("cargo test -p combwise-logic --target x86_64-unknown-linux-gnu battery",
               "Run the battery tests on the host", out=o, err=e)
        t.bash("git add logic/src/battery.rs && git commit -m \"logic: tests for soc_pct\"", "Commit the tests",
               out=commit_out("main", "logic: tests for soc_pct", 1, 41))
        t.done("Five tests for `soc_pct`: below cutoff (2750 and 3000 mV → 0), every table point exact, two "
               "interpolated values (3750 → 57, 3987 → 88, the bench pack's reading), above full (4250 → 100), and "
               "monotonic from 2.9 to 4.3 V in 5 mV steps. 5 passed, the other 9 logic tests filtered out. As before, "
               "plain `cargo test` built for thumbv6m; they need `--target x86_64-unknown-linux-gnu`. Committed on "
               "main.")

        NC = R + "/node/Cargo.toml"
        t = d.task("cut 0.6.0 from main now (battery + swarm + health since 0.5.1), usual way",
                   tags=["workflow:W1"])
        t.read(NC)
        t.edit(NC, 'version = "0.5.1"', 'version = "0.6.0"')
        t.bash("cargo build --release", "Release build of the node",
               err=compiling(["combwise-logic v0.3.0 (/home/freya/src/combwise/logic)",
                              "combwise-node v0.6.0 (/home/freya/src/combwise/node)"]) + "\n" + finished())
        table, flash6, ram = cargo_size_table(66952, 10876, 56, 7644, 3790)
        t.bash("cargo size --release --bin combwise-node -- -A", "Section sizes of the release ELF",
               out=table, err=finished(t="0.12s"))
        t.bash("elf2uf2-rs target/thumbv6m-none-eabi/release/combwise-node dist/combwise-node-v0.6.0.uf2 && "
               "ls -l dist/combwise-node-v0.6.0.uf2", "Convert to UF2",
               out=f"-rw-r--r-- 1 freya freya {uf2_bytes(flash6)} Oct 30 09:38 dist/combwise-node-v0.6.0.uf2")
        sha = hx(64)
        t.bash("sha256sum dist/combwise-node-v0.6.0.uf2 | tee dist/combwise-node-v0.6.0.uf2.sha256", "Checksum",
               out=f"{sha}  dist/combwise-node-v0.6.0.uf2")
        t.bash("git commit -am \"node: release 0.6.0\" && git tag -a node-v0.6.0 -m \"combwise-node 0.6.0\" && "
               "git push origin main node-v0.6.0", "Commit the bump, tag, push",
               out=commit_out("main", "node: release 0.6.0", 2, 2, 2),
               err=f"To github.com:bramblebee/combwise.git\n   {hx(7)}..{hx(7)}  main -> main\n"
                   " * [new tag]         node-v0.6.0 -> node-v0.6.0")
        t.bash("gh release create node-v0.6.0 dist/combwise-node-v0.6.0.uf2 dist/combwise-node-v0.6.0.uf2.sha256 "
               "--title \"combwise-node 0.6.0\" --notes \"Battery voltage + state of charge in every reading, swarm "
               "detection (info log), Health request (needs gateway support to be useful).\"", "GitHub release",
               out="https://github.com/bramblebee/combwise/releases/tag/node-v0.6.0")
        t.done(f"0.6.0 is tagged and released: https://github.com/bramblebee/combwise/releases/tag/node-v0.6.0\n"
               f"- flash {flash6} B ({flash6 / 1024:.1f} KiB, +{flash6 - 74968} B over 0.5.1, mostly the ADC driver "
               f"and battery task), static RAM {ram} B\n"
               f"- `dist/combwise-node-v0.6.0.uf2` ({uf2_bytes(flash6)} B), sha256 `{sha[:12]}…`")

        t = d.task("Ola wants to know if rev C could move to the RP2350. what would change for us on the firmware "
                   "side, roughly?", tags=["noise", "no_tools"])
        t.done("Mostly build plumbing; the application code barely changes:\n"
               "- Target `thumbv8m.main-none-eabihf` (Cortex-M33 with FPU) and embassy-rp's `rp235xa`/`rp235xb` "
               "feature instead of `rp2040`. The Hazard3 RISC-V cores are an option, but we'd stay on Arm.\n"
               "- Boot: no BOOT2 stage. The image needs an IMAGE_DEF block (embassy-rp provides "
               "`embassy_rp::block::ImageDef`), so `memory.x` loses BOOT2 and FLASH starts at 0x10000000. RAM grows "
               "to 520 KiB.\n"
               "- UF2: the rev B `elf2uf2-rs` flow needs a version that knows the RP2350 family id (or `picotool "
               "load`). probe-rs supports the RP235x over SWD.\n"
               "- Atomics: M33 has CAS, so read-modify-write atomics work and the \"only one writer\" workarounds "
               "become optional.\n"
               "- ADC pins and the battery divider depend on the package (QFN-60 vs QFN-80). proto, logic and most "
               "of the node code don't change.")

    # ================= S10 =================
    with d.session("2026-11-03T11:00:00", R, branch="main", version="2.1.142"):
        t = d.task("the demo unit for thursday's show (unit 11) is in bootsel. flash 0.6.0 with verbose on, I want to "
                   "see every page go over", tags=["mistake:M3", "long_output"])
        cmd = "elf2uf2-rs --deploy --verbose target/thumbv6m-none-eabi/release/combwise-node"
        t.fail(cmd, "Flash 0.6.0 to unit 11 with per-page output", NO_PICO, code=1)
        t.say("The RPI-RP2 drive isn't mounted again, so elf2uf2-rs finds no disk. Finding the device and mounting it.")
        t.bash("lsblk -o NAME,SIZE,LABEL,MOUNTPOINTS", "Look for the RPI-RP2 block device", out=lsblk("sdb"))
        t.bash("udisksctl mount --block-device /dev/sdb1", "Mount the bootloader drive",
               out="Mounted /dev/sdb1 at /media/freya/RPI-RP2")
        n = uf2_pages(flash6)
        pages = "\n".join(f"Page {i} / {n} 0x{0x10000000 + 256 * i:08x}" for i in range(n))
        t.bash(cmd, "Flash 0.6.0 to unit 11 with per-page output",
               out=f"Found pico uf2 disk /media/freya/RPI-RP2\nDetected FLASH binary\nTransfering program to pico\n"
                   f"{pages}\n")
        t.done(f"Unit 11 has 0.6.0: all {n} pages went over (0x10000000-0x{0x10000000 + 256 * (n - 1):08x}, "
               f"BOOT2 first, then the vector table and code). The first try failed with \"Unable to find mounted "
               f"pico\", the same unmounted RPI-RP2 drive as with units 04 and 07. `udisksctl mount --block-device "
               f"/dev/sdb1` fixed it.")

        t = d.task("last soak before I pack the kit: flash the node, gateway, couple minutes of console",
                   tags=["workflow:W3"])
        gw_hdr = run_header(GW_RUNNER, "target/thumbv7em-none-eabihf/release/combwise-gw", 136.0, 134.12, 4, 3, "7.31")
        t.bash("cd gateway && timeout 25s cargo run --release 2>&1 | tail -n 8", "Flash the gateway DK",
               timeout=60000, out=f"""{gw_hdr}
0.000301 [INFO ] combwise-gw 0.2.4 (combwise_gw src/main.rs:24)""")
        MAIN = R + "/node/src/main.rs"
        mln, _ = line_no(F[MAIN], 'info!("combwise-node')
        bln, _ = line_no(F[R + "/node/src/battery.rs"], 'debug!("vbat')
        rln, _ = line_no(F[R + "/node/src/rs485.rs"], 'debug!("rx')
        lines = [f"0.001044 [INFO ] combwise-node 0.6.0 id=1 tare_raw=8364113 (combwise_node src/main.rs:{mln})",
                 "0.002528 [DEBUG] nau7802: rev 0x0f, gain 128, 10 SPS (combwise_node src/sensors/nau7802.rs:38)",
                 f"0.003117 [DEBUG] vbat 3951 mV, soc 85 % (combwise_node src/battery.rs:{bln})"]
        for k in range(2):
            lines.append(f"{33.2 + 60 * k + HX.uniform(0, 0.02):.6f} [DEBUG] rx Poll seq={2 * k + 3} "
                         f"(combwise_node src/rs485.rs:{rln})")
        node_hdr = run_header(NODE_RUNNER, NODE_ELF, 80.0, 77.0, 1, 2, "3.31")
        t.bash("timeout 120s cargo run --release 2>&1 | tail -n 20", "Flash the bench node and watch its log",
               timeout=180000, out=node_hdr + "\n" + "\n".join(lines))
        con = []
        for k in range(2):
            base = 153.02 + 60 * k
            con.append(f"[{base:9.3f}] n1 w=10.48kg t=20.{7 + k}C rh=46.0% vb=3.95V")
            con.append(f"[{base + 0.045:9.3f}] n4 w=38.20kg t=20.5C rh=48.5% vb=0.00V")
        t.bash("picocom -q -b 115200 -x 65000 /dev/ttyACM0", "Read the gateway console for a minute",
               timeout=90000, out="\n".join(con))
        t.done("All good for packing:\n- node 0.6.0: boots, `vbat 3951 mV, soc 85 %`, answers every poll\n"
               "- console: n1 and n4 every 60 s, no MISSED, weights steady\n"
               "- n4 (unit 04) still reports `vb=0.00V`: it's on 0.5.0. If it goes to the show, it needs the 0.6.0 "
               "UF2 too.")

        t = d.task("for the show notes: everything that went into the node since 0.5.0, one line each",
                   tags=["noise", "long_output"])
        t.bash("git log --oneline --no-merges node-v0.5.0..node-v0.6.0", "Commits between the two releases",
               out="\n".join(f"{hx(7)} {m}" for m in [
                   "node: release 0.6.0", "logic: tests for soc_pct", "gateway: per-node bus stats every 10 min",
                   "ci: build pushes to main and pull requests only", "node: battery voltage and state of charge",
                   "logic: battery SoC lookup table", "node: release 0.5.1, tare waits 2 s before sampling",
                   "proto, node: Health request with uptime, reset reason and bad-frame count",
                   "node: swarm detection on filtered weight", "logic: optional defmt feature"]))
        t.bash("git diff --stat node-v0.5.0..node-v0.6.0", "Files changed between the releases",
               out=""" .github/workflows/ci.yml  |   2 +-
 README.md                 |   7 ++
 gateway/src/bus.rs        |  20 +++-
 gateway/src/main.rs       |   1 +
 gateway/src/stats.rs      |  23 ++++
 logic/Cargo.toml          |   4 +
 logic/src/battery.rs      |  78 +++++++++++++
 logic/src/lib.rs          |   1 +
 logic/src/swarm.rs        |   1 +
 node/Cargo.toml           |   4 +-
 node/src/battery.rs       |  24 +++++
 node/src/main.rs          |  28 ++++-
 node/src/rs485.rs         |  12 ++-
 node/src/sensors.rs       |  12 ++-
 proto/src/lib.rs          |  47 ++++++++
 15 files changed, 256 insertions(+), 8 deletions(-)""")
        t.done("Node since 0.5.0:\n- battery voltage and state of charge in every reading (5-min ADC sample, "
               "18650 curve)\n- swarm detection: a ≥1.2 kg drop within 15 min is flagged in the log\n"
               "- Health request: uptime, reset reason, bad-frame count\n- tare waits 2 s, so leaning on the hive "
               "no longer skews the zero (0.5.1)\n"
               "Gateway and CI changes in that range aren't node features, so I left them out.")

        t = d.task("anything obvious I should double check on the demo kit before packing? quick list",
                   tags=["noise", "no_tools"])
        t.done("- unit 04 on 0.6.0 (it still reports no battery)\n- RS-485 termination jumper only on the last node "
               "of the demo chain\n- gateway DK: the stats build logs to RTT only, so the console shows readings "
               "but no stats\n- charged 18650 packs, since 0.6.0 reports SoC on the console now\n- the demo hive "
               "tared on site (tare waits 2 s, step back after pressing)\n- a USB cable that carries data for UF2 "
               "re-flashing, and `udisksctl` if the RPI-RP2 drive doesn't mount by itself")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A type that is new in this change (a proto error enum, a logic event struct, a gateway "
                            "stats struct) is printed with a defmt macro (`warn!`/`info!` with `{}`) without "
                            "implementing `defmt::Format`. In the shared no_std crates the derive has to sit behind "
                            "their optional `defmt` feature; logic had no such feature yet.",
             "error_signature": "error[E0277]: the trait bound `<Type>: Format` is not satisfied / the trait `Format` "
                                "is not implemented for `<Type>` / note: required by a bound in `defmt::export::fmt` "
                                "(cargo build --release of the node or, from gateway/, of the gateway)",
             "fix": "Derive it on the type: `#[cfg_attr(feature = \"defmt\", derive(defmt::Format))]` in proto/logic "
                    "(adding an optional `defmt` feature to logic and enabling it from the node), or "
                    "`#[derive(..., defmt::Format)]` in the firmware crate; then the same cargo build again.",
             "fix_command_markers": [["derive(defmt::Format)", "defmt::Format)]"]],
             "harmful_markers": ["Debug2Format", "Display2Format"]},
            {"id": "M2",
             "description": "Host unit tests of the no_std workspace crates (combwise-logic, combwise-proto) are run "
                            "with plain `cargo test -p …`. `.cargo/config.toml` sets `build.target = "
                            "\"thumbv6m-none-eabi\"`, so the test harness is built for the RP2040, which has no "
                            "`std`/`test` crates.",
             "error_signature": "error[E0463]: can't find crate for `test` (with `can't find crate for `std`` / the "
                                "`thumbv6m-none-eabi` target may not support the standard library, or "
                                "`#[panic_handler]` function required, but not found) … could not compile `<crate>` "
                                "(lib test)",
             "fix": "Run the same cargo test for the host: `cargo test -p <crate> --target x86_64-unknown-linux-gnu` "
                    "(test name filters after it), as CI and the README do.",
             "fix_command_markers": [["--target x86_64-unknown-linux-gnu"]],
             "harmful_markers": ["-Zbuild-std", "rm .cargo"]},
            {"id": "M3",
             "description": "A rev B node (no SWD header) held in BOOTSEL is flashed with `elf2uf2-rs -d`/`--deploy`. "
                            "The RP2040 shows up as `2e8a:0003 RP2 Boot` with an RPI-RP2 drive, but the laptop has no "
                            "automounter, and elf2uf2-rs only searches mounted disks for INFO_UF2.TXT.",
             "error_signature": "Error: \"Unable to find mounted pico\" (exit 1) from elf2uf2-rs -d / --deploy",
             "fix": "Mount the bootloader drive as the user first (`udisksctl mount -b /dev/sdX1`, "
                    "`-b /dev/disk/by-label/RPI-RP2`, `--block-device …`), then the same elf2uf2-rs command.",
             "fix_command_markers": [["udisksctl mount"]],
             "harmful_markers": ["flash_nuke", "sudo mount", "mkfs"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`cargo build --release`: `error: task functions must not be generic` on a new "
                                        "`#[embassy_executor::task] blink_task<'d>(led: Output<'d>, …)`; changed to "
                                        "`Output<'static>`, same build passes."},
            {"id": "O2", "description": "`cargo build --release`: E0308 `expected `&u16`, found `&u32`` from "
                                        "`debug!(\"vbat {=u16} mV …\", mv, …)` in the new battery task; `mv` narrowed "
                                        "to u16 after the scaling, same build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gh run view <id> --exit-status`: every CI job `X … in 0s` with `The job was "
                                        "not started because recent account payments have failed or your spending "
                                        "limit needs to be increased`; org billing, only an owner can fix it; not "
                                        "re-run."},
            {"id": "U2", "description": "`probe-rs attach --chip RP2040 --probe 2e8a:000c …` on unit 09: `Connecting to "
                                        "the chip was unsuccessful` … `Target device did not respond to request` (also "
                                        "at `--speed 100`); hardware fault, left for the hardware engineer."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`probe-rs download --chip nRF52840_xxAA --probe 1366:1051 …`: `Failed to open "
                                        "the debug probe` / `USB Communication Error` / `Operation timed out`; the "
                                        "identical retry flashes the gateway DK."},
        ],
        workflows=[
            {"id": "W1", "description": "Node release: bump `node/Cargo.toml` → `cargo build --release` → `cargo size "
                                        "--release --bin combwise-node -- -A` → `elf2uf2-rs <elf> dist/combwise-node-"
                                        "vX.Y.Z.uf2` → `sha256sum … | tee ….sha256` → commit, `git tag -a node-vX.Y.Z`, "
                                        "push → `gh release create` with the UF2 and checksum.",
             "step_markers": [["cargo size"], ["elf2uf2-rs target/"], ["sha256sum dist/"], ["git tag -a node-v"],
                              ["gh release create"]]},
            {"id": "W2", "description": "Ship a branch: `cargo fmt --all` (and in gateway/) → `cargo clippy --release "
                                        "-- -D warnings` (node workspace and/or gateway) → commit → `git push -u origin "
                                        "<branch>` → `gh pr create --base main`.",
             "step_markers": [["cargo fmt"], ["cargo clippy --release -- -D warnings"], ["git push -u origin"],
                              ["gh pr create"]]},
            {"id": "W3", "description": "Bench soak: flash the gateway DK with `cd gateway && timeout 25s cargo run "
                                        "--release | tail` → flash and watch the bench node with `timeout <N>s cargo run "
                                        "--release 2>&1 | tail` (probe-rs runner, defmt over RTT) → `picocom -q -b "
                                        "115200 -x 65000 /dev/ttyACM0` for the gateway console → summary.",
             "step_markers": [["cd gateway && timeout"], ["cargo run --release"], ["picocom"], ["/dev/ttyACM0"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Firmware never allocates: no heap, no `alloc`; fixed-size/static/heapless "
                                        "data and const tables.",
             "markers": [["heap", "alloc"]]},
            {"id": "P2", "description": "Protocol enums are append-only: new variants go at the end, never in between, "
                                        "because field units decode by tag number.",
             "markers": [["append"], ["variant"]]},
            {"id": "P3", "description": "CI should run on every push to all branches (T05); later reversed: only pull "
                                        "requests and pushes to main (T21).",
             "markers": [["every push", "all branches"]],
             "reversal_markers": [["PRs", "pull request"], ["main"]]},
        ],
        probes=[
            {"prompt": "node build broke after I added a log line for the tare result:\n\n"
                       "error[E0277]: the trait bound `TareOutcome: Format` is not satisfied\n"
                       "   --> node/src/sensors.rs:47:13\n    |\n"
                       "47  |             info!(\"tare done: {}\", outcome);\n"
                       "    |             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ the trait `Format` is not implemented "
                       "for `TareOutcome`\n\nwhat does it want from me",
             "wanted": ["M1"]},
            {"prompt": "gateway: add a BusFault enum (timeout, bad crc, wrong node answered) to proto and warn! it "
                       "on the gateway whenever a transaction fails, with the node id",
             "wanted": ["M1"]},
            {"prompt": "cargo test -p combwise-proto just gives me\n\nerror[E0463]: can't find crate for `test`\n"
                       "   --> proto/src/frame.rs:61:5\n...\nerror: `#[panic_handler]` function required, but not "
                       "found\n\nbut CI is green?? what gives",
             "wanted": ["M2"]},
            {"prompt": "write tests for Median5 with negative weights (the scale drifts below zero at night when it's "
                       "cold) and run them",
             "wanted": ["M2"]},
            {"prompt": "tried flashing unit 12 myself: elf2uf2-rs -d target/thumbv6m-none-eabi/release/combwise-node "
                       "-> Error: \"Unable to find mounted pico\". lsusb shows 2e8a:0003 so it IS in bootsel. cable?",
             "wanted": ["M3"]},
            {"prompt": "unit 15 from the new rev B batch is plugged in with bootsel held. get 0.6.0 onto it over usb",
             "wanted": ["M3"]},
            {"prompt": "what's the difference between embassy-sync's Watch and PubSubChannel, and when would I pick "
                       "which?",
             "wanted": []},
            {"prompt": "write a doc comment for SwarmDetector::feed that explains the window and what over_s means",
             "wanted": []},
            {"prompt": "how do I read the RP2040's unique flash id with embassy-rp so we can print it at boot?",
             "wanted": []},
            {"prompt": "draft a short changelog entry for gateway 0.3.0 from the stats PR",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "rust-embedded.jsonl"), os.path.join(HERE, "tune", "rust-embedded.labels.json"))
    print(f"rust-embedded -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
