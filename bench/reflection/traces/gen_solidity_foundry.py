"""solidity-foundry: Theo Brandt, smart-contract engineer at Tidepool (small DeFi team), ERC-4626 vaults.

Stack: Solidity 0.8.28 with Foundry (forge build/test/fmt/script/snapshot/coverage, anvil, cast),
OpenZeppelin Contracts 5.x and forge-std as git submodules with remappings.txt, permit2 submodule,
slither, a TypeScript indexer (pnpm, viem, vitest, tsx), GitHub Actions, Etherscan verification.

Written blind for fresh/; measured once held out (round 13), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "theo"
R = "/home/theo/code/tidepool-contracts"
IDX = f"{R}/indexer"
MODEL = "claude-opus-4-6"
GH = "tidepool-fi/tidepool-contracts"
HX = random.Random(8128)

USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
DAI = "0x6B175474E89094C44Da98b954EedeAC495271d0F"
WSTETH = "0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0"
SEP_USDC = "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238"
TEST_ACCT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
DEPLOYER = "0x5E1f0c9ddbA2d7E3c1A8e4B06F2e1c3b9D27a4F1"
LOCAL = "http://127.0.0.1:8545"


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def addr():
    raw = hx(40)
    return "0x" + "".join(c.upper() if c.isalpha() and HX.random() < 0.5 else c for c in raw)


def P(rel):
    return f"{R}/{rel}"


# ---------------------------------------------------------------- files
FOUNDRY_TOML = """[profile.default]
src = "src"
out = "out"
libs = ["lib"]
solc_version = "0.8.28"
evm_version = "cancun"
optimizer = true
optimizer_runs = 200
via_ir = true
bytecode_hash = "none"

[profile.ci]
fuzz = { runs = 1024 }
verbosity = 3

[fmt]
line_length = 110
int_types = "long"
multiline_func_header = "params_first"
quote_style = "double"
number_underscore = "thousands"

[rpc_endpoints]
mainnet = "${MAINNET_RPC_URL}"
sepolia = "${SEPOLIA_RPC_URL}"
base = "${BASE_RPC_URL}"

[etherscan]
mainnet = { key = "${ETHERSCAN_API_KEY}" }
sepolia = { key = "${ETHERSCAN_API_KEY}" }
"""

REMAPPINGS = """@openzeppelin/contracts/=lib/openzeppelin-contracts/contracts/
forge-std/=lib/forge-std/src/
permit2/=lib/permit2/src/
"""

VAULT = """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable2Step, Ownable} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @title TidepoolVault
/// @notice ERC-4626 vault over a single stablecoin; yield comes from the strategy set by the owner.
contract TidepoolVault is ERC4626, Ownable2Step, Pausable {
    error ZeroAddress();
    error FeeTooHigh(uint256 feeBps);

    event PerformanceFeeUpdated(uint256 oldFeeBps, uint256 newFeeBps);
    event FeeRecipientUpdated(address indexed recipient);

    uint256 public constant MAX_FEE_BPS = 2000;

    uint256 public performanceFeeBps;
    address public feeRecipient;

    constructor(IERC20 asset_, address owner_, address feeRecipient_)
        ERC4626(asset_)
        ERC20("Tidepool USDC", "tpUSDC")
        Ownable(owner_)
    {
        if (feeRecipient_ == address(0)) revert ZeroAddress();
        feeRecipient = feeRecipient_;
        performanceFeeBps = 1000;
    }

    function setPerformanceFee(uint256 feeBps) external onlyOwner {
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps);
        emit PerformanceFeeUpdated(performanceFeeBps, feeBps);
        performanceFeeBps = feeBps;
    }

    function setFeeRecipient(address recipient) external onlyOwner {
        if (recipient == address(0)) revert ZeroAddress();
        feeRecipient = recipient;
        emit FeeRecipientUpdated(recipient);
    }

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    function maxDeposit(address) public view override returns (uint256) {
        return paused() ? 0 : type(uint256).max;
    }

    function maxMint(address) public view override returns (uint256) {
        return paused() ? 0 : type(uint256).max;
    }

    function _decimalsOffset() internal pure override returns (uint8) {
        return 6;
    }
}
"""

ROUTER = """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title VaultRouter
/// @notice Deposit helpers for Tidepool vaults: permit deposits and slippage-checked deposits.
contract VaultRouter {
    using SafeERC20 for IERC20;

    error SlippageExceeded(uint256 shares, uint256 minShares);
    error DeadlineExpired(uint256 deadline);

    event RoutedDeposit(address indexed vault, address indexed receiver, uint256 assets, uint256 shares);

    function depositWithPermit(
        IERC4626 vault,
        uint256 assets,
        address receiver,
        uint256 minShares,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 shares) {
        if (block.timestamp > deadline) revert DeadlineExpired(deadline);
        IERC20 asset = IERC20(vault.asset());
        uint256 balanceBefore = vault.balanceOf(receiver);
        try IERC20Permit(address(asset)).permit(
            msg.sender,
            address(this),
            assets,
            deadline,
            v,
            r,
            s
        ) {} catch {}
        asset.safeTransferFrom(msg.sender, address(this), assets);
        asset.forceApprove(address(vault), assets);
        shares = vault.deposit(assets, receiver);
        uint256 received = vault.balanceOf(receiver) - balanceBefore;
        if (received < minShares) revert SlippageExceeded(received, minShares);
        emit RoutedDeposit(address(vault), receiver, assets, shares);
    }

    function depositMin(IERC4626 vault, uint256 assets, address receiver, uint256 minShares)
        external
        returns (uint256 shares)
    {
        IERC20 asset = IERC20(vault.asset());
        asset.safeTransferFrom(msg.sender, address(this), assets);
        asset.forceApprove(address(vault), assets);
        shares = vault.deposit(assets, receiver);
        if (shares < minShares) revert SlippageExceeded(shares, minShares);
        emit RoutedDeposit(address(vault), receiver, assets, shares);
    }
}
"""

VAULT_T = """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {Test} from "forge-std/Test.sol";
import {ERC20Mock} from "@openzeppelin/contracts/mocks/token/ERC20Mock.sol";
import {TidepoolVault} from "../src/TidepoolVault.sol";

contract TidepoolVaultTest is Test {
    ERC20Mock internal usdc;
    TidepoolVault internal vault;

    address internal owner = makeAddr("owner");
    address internal treasury = makeAddr("treasury");
    address internal alice = makeAddr("alice");

    function setUp() public {
        usdc = new ERC20Mock();
        vault = new TidepoolVault(usdc, owner, treasury);
        usdc.mint(alice, 1_000_000e6);
        vm.prank(alice);
        usdc.approve(address(vault), type(uint256).max);
    }

    function test_deposit_mintsShares() public {
        vm.prank(alice);
        uint256 shares = vault.deposit(1000e6, alice);
        assertEq(shares, 1000e12);
        assertEq(vault.balanceOf(alice), shares);
    }

    function testFuzz_depositRedeem_roundTrip(uint96 assets) public {
        assets = uint96(bound(assets, 1, 1_000_000e6));
        vm.startPrank(alice);
        uint256 shares = vault.deposit(assets, alice);
        uint256 out = vault.redeem(shares, alice, alice);
        vm.stopPrank();
        assertLe(out, assets);
    }

    function test_setPerformanceFee_revertsAboveMax() public {
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(TidepoolVault.FeeTooHigh.selector, 2001));
        vault.setPerformanceFee(2001);
    }

    function test_pause_blocksDeposits() public {
        vm.prank(owner);
        vault.pause();
        assertEq(vault.maxDeposit(alice), 0);
    }
}
"""

IDX_PKG = """{
  "name": "@tidepool/indexer",
  "version": "0.4.0",
  "private": true,
  "type": "module",
  "scripts": {
    "abi:gen": "tsx scripts/gen-abis.ts",
    "typecheck": "tsc --noEmit",
    "test": "vitest run",
    "dev": "tsx watch src/main.ts"
  },
  "dependencies": {
    "viem": "2.38.4",
    "pg": "8.16.3",
    "pino": "9.11.0"
  },
  "devDependencies": {
    "@types/node": "22.18.6",
    "@types/pg": "8.15.5",
    "tsx": "4.20.6",
    "typescript": "5.9.3",
    "vitest": "3.2.4"
  },
  "packageManager": "pnpm@10.18.1"
}
"""

IDX_VAULT = """import { type Log, parseEventLogs } from "viem";
import { tidepoolVaultAbi } from "../abis/TidepoolVault.js";
import type { Db } from "../db.js";

export async function handleVaultLogs(db: Db, logs: Log[]) {
  const events = parseEventLogs({ abi: tidepoolVaultAbi, logs });
  for (const ev of events) {
    switch (ev.eventName) {
      case "Deposit":
        await db.insertFlow({
          kind: "deposit",
          owner: ev.args.owner,
          assets: ev.args.assets,
          shares: ev.args.shares,
          block: ev.blockNumber,
          tx: ev.transactionHash,
        });
        break;
      case "Withdraw":
        await db.insertFlow({
          kind: "withdraw",
          owner: ev.args.owner,
          assets: ev.args.assets,
          shares: ev.args.shares,
          block: ev.blockNumber,
          tx: ev.transactionHash,
        });
        break;
      case "PerformanceFeeUpdated":
        await db.setVaultParam("performanceFeeBps", ev.args.newFeeBps, ev.blockNumber);
        break;
    }
  }
}
"""

IDX_APR = """import type { Db } from "./db.js";

const SECONDS_PER_YEAR = 31_536_000;

/** share price as 1e18-scaled bigint at a block */
export async function sharePriceAt(db: Db, block: bigint): Promise<bigint> {
  const s = await db.vaultSnapshot(block);
  if (s.totalSupply === 0n) return 10n ** 18n;
  return (s.totalAssets * 10n ** 18n * 10n ** 6n) / s.totalSupply;
}
"""

CI_YML = """name: ci

on:
  push:
    branches: [main]
  pull_request:

env:
  FOUNDRY_PROFILE: ci

jobs:
  forge:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
        with:
          submodules: recursive
      - uses: foundry-rs/foundry-toolchain@v1
      - run: forge fmt --check
      - run: forge build --sizes
      - run: forge test
        env:
          MAINNET_RPC_URL: ${{ secrets.MAINNET_RPC_URL }}
      - run: forge snapshot --check

  indexer:
    runs-on: ubuntu-latest
    defaults:
      run:
        working-directory: indexer
    steps:
      - uses: actions/checkout@v5
      - uses: pnpm/action-setup@v4
      - uses: actions/setup-node@v5
        with:
          node-version: 22
          cache: pnpm
          cache-dependency-path: indexer/pnpm-lock.yaml
      - run: pnpm install --frozen-lockfile
      - run: pnpm typecheck
      - run: pnpm test
"""

DEPLOY_LOCAL = """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {Script} from "forge-std/Script.sol";
import {ERC20Mock} from "@openzeppelin/contracts/mocks/token/ERC20Mock.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {TidepoolVault} from "../src/TidepoolVault.sol";
import {VaultRouter} from "../src/periphery/VaultRouter.sol";

contract DeployLocal is Script {
    function run() external {
        IERC20 asset = IERC20(vm.envOr("LOCAL_ASSET", address(0)));
        vm.startBroadcast();
        if (address(asset) == address(0)) asset = new ERC20Mock();
        new TidepoolVault(asset, msg.sender, msg.sender);
        new VaultRouter();
        vm.stopBroadcast();
    }
}
"""

FILES = {
    P("foundry.toml"): FOUNDRY_TOML,
    P("script/DeployLocal.s.sol"): DEPLOY_LOCAL,
    P("remappings.txt"): REMAPPINGS,
    P("src/TidepoolVault.sol"): VAULT,
    P("src/periphery/VaultRouter.sol"): ROUTER,
    P("test/TidepoolVault.t.sol"): VAULT_T,
    P("indexer/package.json"): IDX_PKG,
    P("indexer/src/handlers/vault.ts"): IDX_VAULT,
    P("indexer/src/apr.ts"): IDX_APR,
    P(".github/workflows/ci.yml"): CI_YML,
}


# ---------------------------------------------------------------- output helpers
def compiled(n, secs):
    return (f"[\u280a] Compiling...\n[\u2812] Compiling {n} files with Solc 0.8.28\n"
            f"[\u2822] Solc 0.8.28 finished in {secs}s\nCompiler run successful!")


NOCHANGE = "[\u280a] Compiling...\nNo files changed, compilation skipped"


def suite(path, contract, tests, ms):
    lines = [f"Ran {len(tests)} test{'s' if len(tests) != 1 else ''} for {path}:{contract}"]
    for name, gas in tests:
        if name.startswith("testFuzz"):
            mu = gas
            lines.append(f"[PASS] {name} (runs: 256, \u03bc: {mu}, ~: {mu + 211})")
        elif name.startswith("invariant"):
            lines.append(f"[PASS] {name} (runs: 256, calls: 128000, reverts: {gas})")
        else:
            lines.append(f"[PASS] {name} (gas: {gas})")
    cpu = round(ms * 2.7, 2)
    lines.append(f"Suite result: ok. {len(tests)} passed; 0 failed; 0 skipped; finished in {ms}ms ({cpu}ms CPU time)")
    return "\n".join(lines), len(tests), ms, cpu


def test_out(pre, suites):
    body = [pre, ""]
    total = 0
    ms = 0.0
    cpu = 0.0
    for s in suites:
        body.append(s[0])
        body.append("")
        total += s[1]
        ms += s[2]
        cpu += s[3]
    n = len(suites)
    body.append(f"Ran {n} test suite{'s' if n != 1 else ''} in {round(ms * 1.3, 2)}ms ({round(cpu, 2)}ms CPU time): "
                f"{total} tests passed, 0 failed, 0 skipped ({total} total tests)")
    return "\n".join(body), total


def cov_table(rows):
    def cell(a, b):
        pct = 100.0 if b == 0 else 100.0 * a / b
        return f"{pct:.2f}% ({a}/{b})"
    w = max(len(r[0]) for r in rows) + 2
    w = max(w, 8)
    head = f"| {'File':<{w - 2}} | {'% Lines':<17}| {'% Statements':<17}| {'% Branches':<16}| {'% Funcs':<15}|"
    tot = ["Total", 0, 0, 0, 0, 0, 0, 0, 0]
    out = []
    for r in rows:
        name, la, lb, sa, sb, ba, bb, fa, fb = r
        for k, v in enumerate(r[1:], 1):
            tot[k] += v
        out.append(f"| {name:<{w - 2}} | {cell(la, lb):<17}| {cell(sa, sb):<17}| {cell(ba, bb):<16}| {cell(fa, fb):<15}|")
    out.append(f"| {'Total':<{w - 2}} | {cell(tot[1], tot[2]):<17}| {cell(tot[3], tot[4]):<17}| "
               f"{cell(tot[5], tot[6]):<16}| {cell(tot[7], tot[8]):<15}|")
    width = len(head)
    top = "\u256d" + "-" * (w) + "+" + "-" * 18 + "+" + "-" * 18 + "+" + "-" * 17 + "+" + "-" * 16 + "\u256e"
    sep = "+" + "=" * (width - 2) + "+"
    bot = "\u2570" + "-" * (w) + "+" + "-" * 18 + "+" + "-" * 18 + "+" + "-" * 17 + "+" + "-" * 16 + "\u256f"
    return "\n".join([top, head, sep] + [out[0]] + ["|" + "-" * (w) + "+" + "-" * 18 + "+" + "-" * 18 + "+" + "-" * 17 + "+" + "-" * 16 + "|" + "\n" + o for o in out[1:]] + [bot])


COV_WARN = ("Warning: optimizer settings and `viaIR` have been disabled for accurate coverage reports.\n"
            "If you encounter \"stack too deep\" errors, consider using `--ir-minimum` which enables `viaIR` with "
            "minimum optimization resolving most of the errors")
IRMIN_WARN = ("Warning! \"--ir-minimum\" flag enables `viaIR` with minimum optimization, which can result in inaccurate "
              "source mappings.\nOnly use this flag as a workaround if you are experiencing \"stack too deep\" errors.\n"
              "Note that `viaIR` is production ready since Solidity 0.8.13 and above.\n"
              "See more: https://github.com/foundry-rs/foundry/issues/3357")


def line_of(d, path, snippet):
    content = d.files[path]
    pos = content.index(snippet)
    ln = content[:pos].count("\n") + 1
    text = content.split("\n")[ln - 1]
    col = text.index(snippet.split("\n")[0]) + 1 if snippet.split("\n")[0] in text else 1
    return ln, col, text


def stack_too_deep(d, path, snippet, nfiles, secs):
    ln, col, text = line_of(d, path, snippet)
    token = snippet.split("\n")[0].strip().rstrip(",")
    w = len(str(ln))
    pad = " " * w
    return (COV_WARN + "\n" + f"[\u280a] Compiling...\n[\u2812] Compiling {nfiles} files with Solc 0.8.28\n"
            f"[\u2822] Solc 0.8.28 finished in {secs}s\nError: Compiler run failed:\n"
            "Error: Compiler error (/solidity/libsolidity/codegen/LValue.cpp:51):Stack too deep. Try compiling with "
            "`--via-ir` (cli) or the equivalent `viaIR: true` (standard JSON) while enabling the optimizer. "
            "Otherwise, try removing local variables.\n"
            f"  --> {path[len(R) + 1:]}:{ln}:{col}:\n{pad} |\n{ln} | {text}\n{pad} | {' ' * (col - 1)}{'^' * len(token)}")


def receipt(frm, to, gas, block, logs="[]"):
    return (f"blockHash            0x{hx(64)}\nblockNumber          {block}\ncontractAddress      \n"
            f"cumulativeGasUsed    {gas}\neffectiveGasPrice    1000000000\nfrom                 {frm}\n"
            f"gasUsed              {gas}\nlogs                 {logs}\nlogsBloom            0x{'0' * 128}{hx(16)}{'0' * 368}\n"
            f"root                 \nstatus               1 (success)\ntransactionHash      0x{hx(64)}\n"
            f"transactionIndex     0\ntype                 2\nblobGasPrice         \nblobGasUsed          \n"
            f"to                   {to}")


def pnpm_hdr(script, cmd):
    return f"\n> @tidepool/indexer@0.4.0 {script} {IDX}\n> {cmd}\n"


def vitest_out(files, start):
    lines = [f" RUN  v3.2.4 {IDX}", ""]
    tot = 0
    for f, n, ms in files:
        lines.append(f" \u2713 {f} ({n} tests) {ms}ms")
        tot += n
    lines += ["", f" Test Files  {len(files)} passed ({len(files)})", f"      Tests  {tot} passed ({tot})",
              f"   Start at  {start}",
              f"   Duration  {700 + 37 * tot}ms (transform 212ms, setup 0ms, collect 401ms, tests {sum(x[2] for x in files)}ms, "
              "environment 0ms, prepare 151ms)"]
    return "\n".join(lines)


def script_out(name, chain_id, chain, contracts, logs, gas, price, block, verify=True, pre=NOCHANGE, calls=(), nargs=1):
    """forge script --broadcast --verify output."""
    out = [pre, "Script ran successfully.", "", "== Logs ==", *["  " + l for l in logs], "",
           "## Setting up 1 EVM.", "", "==========================", "", f"Chain {chain_id}", "",
           f"Estimated gas price: {price} gwei", "", f"Estimated total gas used for script: {int(gas * 1.3)}", "",
           f"Estimated amount required: {gas * 1.3 * price / 1e9:.9f} ETH", "", "==========================", "",
           f"##### {chain}"]
    total = 0.0
    for cname, a, g in contracts:
        paid = g * price / 1e9
        total += paid
        out += [f"\u2705  [Success] Hash: 0x{hx(64)}", f"Contract Address: {a}", f"Block: {block}",
                f"Paid: {paid:.12f} ETH ({g} gas * {price} gwei)", ""]
    for g in calls:
        paid = g * price / 1e9
        total += paid
        out += [f"\u2705  [Success] Hash: 0x{hx(64)}", f"Block: {block}",
                f"Paid: {paid:.12f} ETH ({g} gas * {price} gwei)", ""]
    allgas = sum(c[2] for c in contracts) + sum(calls)
    out += ["", f"\u2705 Sequence #1 on {chain} | Total Paid: {total:.12f} ETH ({allgas} gas * avg {price} gwei)",
            "", "", "==========================", "", "ONCHAIN EXECUTION COMPLETE & SUCCESSFUL."]
    if verify:
        out += ["##", f"Start verification for ({len(contracts)}) contracts"]
        for cname, a, g in contracts:
            guid = hx(50)
            out += [f"Start verifying contract `{a}` deployed on {chain}", "EVM version: cancun",
                    "Compiler version: 0.8.28", "Optimizations:    200", f"Constructor args: {hx(64 * nargs)}", "",
                    f"Submitting verification for [{cname}] {a}.", "Submitted contract for verification:",
                    "\tResponse: `OK`", f"\tGUID: `{guid}`", f"\tURL: https://{chain}.etherscan.io/address/{a.lower()}",
                    "Contract verification status:", "Response: `NOTOK`", "Details: `Pending in queue`",
                    "Warning: Verification is still pending...; waiting 15 seconds before trying again (7 tries remaining)",
                    "Contract verification status:", "Response: `OK`", "Details: `Pass - Verified`",
                    "Contract successfully verified"]
        out.append(f"All ({len(contracts)}) contracts were verified!")
    out += ["", f"Transactions saved to: {R}/broadcast/{name}/{chain_id}/run-latest.json", "",
            f"Sensitive values saved to: {R}/cache/{name}/{chain_id}/run-latest.json"]
    return "\n".join(out)


def push_new(branch):
    return ("remote: \nremote: Create a pull request for '" + branch + "' on GitHub by visiting:\n"
            f"remote:      https://github.com/{GH}/pull/new/{branch}\nremote: \n"
            f"To github.com:{GH}.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def slither_out(ncontracts):
    return (f"'forge config --json' running\n'forge build --build-info --skip */test/** */script/** --force' running "
            f"(wd: {R})\nINFO:Slither:. analyzed ({ncontracts} contracts with 100 detectors), 0 result(s) found")


VAULT_TESTS = [("testFuzz_depositRedeem_roundTrip(uint96)", 98412), ("test_deposit_mintsShares()", 81230),
               ("test_pause_blocksDeposits()", 41877), ("test_setPerformanceFee_revertsAboveMax()", 14233)]


# ---------------------------------------------------------------- the month
def gen():
    global HX
    HX = random.Random(8128)
    d = Dev("solidity-foundry", U, "en", MODEL, seed=20261005, files=FILES)
    vault_tests = list(VAULT_TESTS)

    # ============================================================ S1 Mon 10-05
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.92"):
        t = d.task("morning. I'm picking up the vault repo from Marco this sprint. give me a quick tour: what contracts "
                   "are there, how is foundry set up, anything unusual in the config", tags=["noise"])
        t.glob("**/*.sol", [P("src/TidepoolVault.sol"), P("src/periphery/VaultRouter.sol"), P("test/TidepoolVault.t.sol"),
                            P("test/fork/VaultRouterFork.t.sol"), P("test/mocks/MockStrategy.sol"),
                            P("script/DeployLocal.s.sol")], path=R)
        t.read(P("foundry.toml"))
        t.read(P("remappings.txt"))
        t.read(P("src/TidepoolVault.sol"))
        t.read(P("src/periphery/VaultRouter.sol"))
        t.bash("git submodule status", "List the vendored libraries",
               out=f" 3a1b9f0e6f8d2c4e91c7a0d5b2f4e8c6a9d1b3e7 lib/forge-std (v1.11.0)\n"
                   f" 0c8f2d5e7b3a1c9e4f6d8b0a2c4e6f8a1b3d5c7e lib/openzeppelin-contracts (v5.4.0)\n"
                   f" cc56ad0f3439c502c246fc5cfcc3db92bb8b7219 lib/permit2 (heads/main)")
        t.done("""Small codebase, two production contracts:

- **`src/TidepoolVault.sol`** — OpenZeppelin 5.4 `ERC4626` + `Ownable2Step` + `Pausable` over one stablecoin (tpUSDC). Owner sets a performance fee (capped at `MAX_FEE_BPS = 2000`) and the fee recipient. `_decimalsOffset()` returns 6, i.e. virtual shares for inflation-attack protection; shares have 12 decimals on a 6-decimal asset. Pausing zeroes `maxDeposit`/`maxMint`.
- **`src/periphery/VaultRouter.sol`** — stateless helper: `depositWithPermit` (EIP-2612 permit in a `try`, then pull, approve, deposit, check received shares ≥ `minShares`) and `depositMin` (same without permit).
- Tests: `test/TidepoolVault.t.sol` (unit + one fuzz), `test/fork/VaultRouterFork.t.sol` (mainnet fork), `test/mocks/MockStrategy.sol`.

Foundry setup worth knowing:
- `via_ir = true` with the optimizer at 200 runs and `bytecode_hash = "none"`, solc pinned to 0.8.28, `evm_version = "cancun"`.
- A `ci` profile (1024 fuzz runs, `-vvv`), `[fmt]` rules (110 columns, `params_first` headers, underscores in thousands).
- RPC aliases `mainnet`/`sepolia`/`base` and Etherscan keys all come from env vars (`.env` is auto-loaded by forge).
- Libraries are git submodules: forge-std v1.11.0, openzeppelin-contracts v5.4.0, permit2 (main), mapped in `remappings.txt`.

Nothing unusual except `via_ir` — it means builds are slower and the router's permit function relies on it.""")

        t = d.task("theoretical question before I touch deposits: with OZ 5's ERC4626 and our _decimalsOffset of 6, "
                   "do we still need a dead-shares seed deposit at deploy time against the donation/inflation attack?",
                   tags=["noise", "no_tools"])
        t.done("""Not strictly, but it's cheap insurance.

- OZ 5's `ERC4626` uses virtual assets/shares: conversions behave as if there are `10**offset` extra shares and 1 extra asset. With an offset of 6, an attacker who front-runs the first depositor and donates `X` assets can only make the victim lose a fraction of roughly `1 / 10**6` of what the attacker donates — the attack becomes unprofitable by many orders of magnitude.
- What the offset does **not** fix: rounding griefing for tiny first deposits (someone can still make a 1-wei deposit round to 0 shares), and integrations that read `totalAssets()/totalSupply()` directly as a price — a donation still moves that ratio.
- A seed deposit (e.g. 1 USDC minted to a dead address in the deploy script) removes the empty-vault state entirely, so the first real user never faces those edge cases and price oracles built on the vault see a sane ratio from block one.

So: offset 6 is enough against the classic attack; I'd still add a small seed deposit to the deploy script for the rounding/oracle cases.""")

        t = d.task("add a TVL deposit cap to the vault: owner-settable, maxDeposit/maxMint respect it, emit an event on "
                   "change. use custom errors please, no require with strings. tests for the cap and run the suite",
                   tags=["pref:P1", "long_output"])
        t.edit(P("src/TidepoolVault.sol"), """    error ZeroAddress();
    error FeeTooHigh(uint256 feeBps);
""", """    error ZeroAddress();
    error FeeTooHigh(uint256 feeBps);
    error CapBelowTotalAssets(uint256 cap, uint256 totalAssets);
""")
        t.edit(P("src/TidepoolVault.sol"), """    event FeeRecipientUpdated(address indexed recipient);
""", """    event FeeRecipientUpdated(address indexed recipient);
    event DepositCapUpdated(uint256 oldCap, uint256 newCap);
""")
        t.edit(P("src/TidepoolVault.sol"), """    uint256 public performanceFeeBps;
    address public feeRecipient;
""", """    uint256 public performanceFeeBps;
    address public feeRecipient;

    /// @notice Upper bound on `totalAssets()` that deposits and mints may reach.
    /// @dev Defaults to `type(uint256).max` (no cap). The cap is checked through `maxDeposit` and
    ///      `maxMint`, which OpenZeppelin's `deposit`/`mint` consult before pulling assets, so a deposit
    ///      over the cap reverts with `ERC4626ExceededMaxDeposit` and no extra check is needed here.
    ///      Lowering the cap below the current `totalAssets()` is rejected so that `maxDeposit` never
    ///      underflows and withdrawals are never affected by a cap change; to stop deposits entirely
    ///      use `pause()` instead, which also blocks mints and is what the runbook expects.
    uint256 public depositCap = type(uint256).max;
""")
        t.edit(P("src/TidepoolVault.sol"), """    function pause() external onlyOwner {""", """    /// @notice Sets the TVL cap for deposits and mints.
    /// @dev Emits `DepositCapUpdated` with the previous and the new cap. Reverts with
    ///      `CapBelowTotalAssets` if `cap` is below the assets currently held, because a cap under the
    ///      current TVL would make `maxDeposit` meaningless and confuse integrators reading it. The owner
    ///      is expected to be the team multisig; there is no timelock on this setter because raising or
    ///      lowering the cap cannot move user funds.
    /// @param cap The new cap in asset units (6 decimals for USDC).
    function setDepositCap(uint256 cap) external onlyOwner {
        uint256 assets = totalAssets();
        if (cap < assets) revert CapBelowTotalAssets(cap, assets);
        emit DepositCapUpdated(depositCap, cap);
        depositCap = cap;
    }

    function pause() external onlyOwner {""")
        t.edit(P("src/TidepoolVault.sol"), """    function maxDeposit(address) public view override returns (uint256) {
        return paused() ? 0 : type(uint256).max;
    }

    function maxMint(address) public view override returns (uint256) {
        return paused() ? 0 : type(uint256).max;
    }""", """    function maxDeposit(address) public view override returns (uint256) {
        if (paused()) return 0;
        uint256 cap = depositCap;
        if (cap == type(uint256).max) return cap;
        uint256 assets = totalAssets();
        return cap > assets ? cap - assets : 0;
    }

    function maxMint(address receiver) public view override returns (uint256) {
        uint256 room = maxDeposit(receiver);
        return room == type(uint256).max ? room : _convertToShares(room, Math.Rounding.Floor);
    }""")
        t.edit(P("src/TidepoolVault.sol"), """import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
""", """import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
""")
        t.read(P("test/TidepoolVault.t.sol"))
        t.edit(P("test/TidepoolVault.t.sol"), """    function test_pause_blocksDeposits() public {""", """    function test_depositCap_limitsDeposit() public {
        vm.prank(owner);
        vault.setDepositCap(5000e6);
        vm.prank(alice);
        vault.deposit(4000e6, alice);
        assertEq(vault.maxDeposit(alice), 1000e6);
        vm.prank(alice);
        vm.expectRevert(
            abi.encodeWithSelector(ERC4626.ERC4626ExceededMaxDeposit.selector, alice, 1001e6, 1000e6)
        );
        vault.deposit(1001e6, alice);
    }

    function test_setDepositCap_revertsBelowTotalAssets() public {
        vm.prank(alice);
        vault.deposit(3000e6, alice);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(TidepoolVault.CapBelowTotalAssets.selector, 2000e6, 3000e6));
        vault.setDepositCap(2000e6);
    }

    function testFuzz_maxMint_matchesMaxDeposit(uint64 cap, uint64 deposited) public {
        cap = uint64(bound(cap, 1e6, 1_000_000e6));
        deposited = uint64(bound(deposited, 0, cap));
        vm.prank(owner);
        vault.setDepositCap(cap);
        if (deposited > 0) {
            vm.prank(alice);
            vault.deposit(deposited, alice);
        }
        assertEq(vault.maxMint(alice), vault.previewDeposit(vault.maxDeposit(alice)));
    }

    function test_pause_blocksDeposits() public {""")
        t.edit(P("test/TidepoolVault.t.sol"), """import {ERC20Mock} from "@openzeppelin/contracts/mocks/token/ERC20Mock.sol";
""", """import {ERC20Mock} from "@openzeppelin/contracts/mocks/token/ERC20Mock.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
""")
        vault_tests += [("test_depositCap_limitsDeposit()", 118904), ("test_setDepositCap_revertsBelowTotalAssets()", 96551),
                        ("testFuzz_maxMint_matchesMaxDeposit(uint64,uint64)", 121877)]
        vault_tests.sort()
        fork = suite("test/fork/VaultRouterFork.t.sol", "VaultRouterForkTest",
                     [("test_depositWithPermit_mainnetUSDC()", 231455), ("test_depositMin_revertsOnSlippage()", 189302)], 2841.07)
        out, n = test_out(compiled(4, "38.92"), [suite("test/TidepoolVault.t.sol", "TidepoolVaultTest", vault_tests, 96.41), fork])
        t.bash("forge test", "Run the full forge test suite", out=out, timeout=600000)
        t.done(f"Deposit cap is in; all {n} tests pass (including the mainnet fork suite).\n\n"
               "- `depositCap` (default `type(uint256).max` = no cap) and `setDepositCap(uint256)` (owner only), emitting `DepositCapUpdated(oldCap, newCap)`.\n"
               "- Custom error `CapBelowTotalAssets(cap, totalAssets)` when the cap would sit below current TVL; deposits over the cap already revert with OZ's custom `ERC4626ExceededMaxDeposit`, so no string reverts anywhere.\n"
               "- `maxDeposit` returns the remaining room (0 when paused), `maxMint` converts that room to shares (floor).\n"
               "- Tests: cap enforcement with the exact revert payload, the below-TVL revert, and a fuzz test that `maxMint == previewDeposit(maxDeposit)`.")

        t = d.task("what's our coverage now? want a summary table per file", tags=["mistake:M1", "long_output"])
        t.fail("forge coverage --report summary", "Run coverage with a per-file summary",
               stack_too_deep(d, P("src/periphery/VaultRouter.sol"), "deadline,\n            v,", 64, "7.84"), timeout=900000)
        t.say("Coverage turns the optimizer and `viaIR` off to keep source maps accurate, and without via-IR the "
              "permit `try` call in `VaultRouter.depositWithPermit` (eight parameters plus locals) doesn't fit in the "
              "16 stack slots. The build itself is fine with `via_ir = true`. `--ir-minimum` re-enables via-IR with "
              "minimal optimization just for the coverage build — re-running with it.")
        rows = [("script/DeployLocal.s.sol", 0, 9, 0, 11, 0, 0, 0, 1),
                ("src/TidepoolVault.sol", 31, 33, 36, 38, 9, 10, 11, 12),
                ("src/periphery/VaultRouter.sol", 19, 22, 23, 27, 3, 5, 2, 2),
                ("test/mocks/MockStrategy.sol", 4, 8, 4, 8, 0, 0, 2, 4)]
        out2, n2 = test_out(IRMIN_WARN + "\n" + compiled(64, "22.71") + "\nAnalysing contracts...\nRunning tests...",
                            [suite("test/TidepoolVault.t.sol", "TidepoolVaultTest", vault_tests, 131.2), fork])
        t.bash("forge coverage --ir-minimum --report summary", "Coverage with minimal via-IR to avoid stack too deep",
               out=out2 + "\n\n" + cov_table(rows), timeout=900000)
        t.done("""Coverage (built with `--ir-minimum`, so line attribution can be slightly off inside via-IR-inlined code):

| file | lines | branches | funcs |
|---|---|---|---|
| `src/TidepoolVault.sol` | 93.9% (31/33) | 90% (9/10) | 91.7% (11/12) |
| `src/periphery/VaultRouter.sol` | 86.4% (19/22) | 60% (3/5) | 100% |
| `script/DeployLocal.s.sol` | 0% | – | 0% |

Gaps: the vault's `unpause()` and the `setFeeRecipient(address(0))` branch have no test; in the router the `DeadlineExpired` revert and the permit `catch` path (permit already used / front-run) aren't exercised — the latter is the one I'd add first. The deploy script isn't meant to be covered.""")

    # ============================================================ S2 Wed 10-07
    with d.session("2026-10-07T10:05:00", R, branch="feat/sepolia-deploy", version="2.1.93"):
        t = d.task("we need the vault on sepolia for Kemi's frontend. write script/DeployVault.s.sol: deploy the vault on "
                   "Circle's sepolia USDC, owner + fee recipient from env, seed deposit of 1 USDC to a dead address like "
                   "we discussed, and write the addresses to deployments/<chainid>.json so the indexer can pick them up. "
                   "pin the pragma exactly, pragma solidity 0.8.28 like the rest, no caret. dry-run it against sepolia first",
                   tags=["pref:P3", "mistake:M2"])
        t.glob("script/*.s.sol", [P("script/DeployLocal.s.sol")], path=R)
        FILES_SCRIPT = """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {Script, console} from "forge-std/Script.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {TidepoolVault} from "../src/TidepoolVault.sol";

contract DeployVault is Script {
    address internal constant DEAD = 0x000000000000000000000000000000000000dEaD;
    uint256 internal constant SEED_ASSETS = 1e6;

    function run() external returns (TidepoolVault vault) {
        IERC20 asset = IERC20(vm.envAddress("VAULT_ASSET"));
        address owner = vm.envAddress("VAULT_OWNER");
        address feeRecipient = vm.envAddress("VAULT_FEE_RECIPIENT");

        vm.startBroadcast();
        vault = new TidepoolVault(asset, owner, feeRecipient);
        asset.approve(address(vault), SEED_ASSETS);
        vault.deposit(SEED_ASSETS, DEAD);
        vm.stopBroadcast();

        console.log("TidepoolVault deployed at", address(vault));

        string memory obj = "deployment";
        vm.serializeAddress(obj, "asset", address(asset));
        vm.serializeUint(obj, "block", block.number);
        string memory json = vm.serializeAddress(obj, "TidepoolVault", address(vault));
        vm.writeJson(json, string.concat("./deployments/", vm.toString(block.chainid), ".json"));
    }
}
"""
        t.write(P("script/DeployVault.s.sol"), FILES_SCRIPT)
        t.bash("mkdir -p deployments && grep -E '^VAULT_|^SEPOLIA_RPC_URL|^ETH_FROM' .env | sed 's/=.*/=…/'",
               "Check which env vars the script needs are set (values hidden)",
               out="SEPOLIA_RPC_URL=…\nETH_FROM=…\nVAULT_ASSET=…\nVAULT_OWNER=…\nVAULT_FEE_RECIPIENT=…")
        t.fail(f"forge script script/DeployVault.s.sol --rpc-url sepolia --account tidepool-deployer --sender {DEPLOYER}",
               "Dry-run the deploy script against Sepolia (no broadcast)",
               compiled(1, "3.47") + "\nError: script failed: vm.writeJson: the path ./deployments/11155111.json is not "
               "allowed to be accessed for write operations")
        t.say("The simulation got through the deployment and failed on writing the JSON: forge's cheatcodes can only "
              "touch paths allowed in `fs_permissions`, and `foundry.toml` has none. Allowing read-write on "
              "`./deployments` only.")
        t.read(P("foundry.toml"))
        t.edit(P("foundry.toml"), "[profile.ci]", 'fs_permissions = [{ access = "read-write", path = "./deployments" }]\n\n[profile.ci]')
        va = addr()
        t.bash(f"forge script script/DeployVault.s.sol --rpc-url sepolia --account tidepool-deployer --sender {DEPLOYER}",
               "Dry-run again with deployments/ writable",
               out=NOCHANGE + "\nScript ran successfully.\n\n== Return ==\nvault: contract TidepoolVault " + va +
               f"\n\n== Logs ==\n  TidepoolVault deployed at {va}\n\n## Setting up 1 EVM.\n\n==========================\n\n"
               "Chain 11155111\n\nEstimated gas price: 1.873 gwei\n\nEstimated total gas used for script: 3208874\n\n"
               "Estimated amount required: 0.006010221002 ETH\n\n==========================\n\n"
               "SIMULATION COMPLETE. To broadcast these transactions, add --broadcast and wallet configuration(s) to the previous command. "
               f"See forge script --help for more.\n\nTransactions saved to: {R}/broadcast/DeployVault.s.sol/11155111/dry-run/run-latest.json\n\n"
               f"Sensitive values saved to: {R}/cache/DeployVault.s.sol/11155111/dry-run/run-latest.json", timeout=300000)
        t.bash("cat deployments/11155111.json", "Check the written deployment file",
               out='{"TidepoolVault":"' + va + '","asset":"' + SEP_USDC + '","block":9384411}')
        t.done("Dry run is green: 3 transactions (deploy, approve, 1 USDC seed deposit to `0x…dEaD`), ~3.2M gas, about "
               "0.006 ETH at current Sepolia prices.\n\n- `script/DeployVault.s.sol` with `pragma solidity 0.8.28;` (exact pin), "
               "owner/fee recipient/asset from `VAULT_*` env vars, signing with the `tidepool-deployer` keystore.\n"
               "- It writes `deployments/11155111.json` (`TidepoolVault`, `asset`, `block`). That needed `fs_permissions` "
               "in `foundry.toml`: read-write on `./deployments` only.\n\nThe dry-run file has a simulated address; the real "
               "one is written when you broadcast.")

        t = d.task("looks right. broadcast it and verify on etherscan, then sanity check the deployed vault",
                   tags=["workflow:W2"])
        va = addr()
        t.bash(f"forge script script/DeployVault.s.sol --rpc-url sepolia --account tidepool-deployer --sender {DEPLOYER} "
               "--broadcast --verify", "Deploy the vault to Sepolia and verify it on Etherscan",
               out=script_out("DeployVault.s.sol", 11155111, "sepolia", [("src/TidepoolVault.sol:TidepoolVault", va, 2468119)],
                              [f"TidepoolVault deployed at {va}"], 2468119 + 46109 + 118244, 1.912, 9384502,
                              calls=(46109, 118244), nargs=3), timeout=900000)
        t.bash(f"cast call {va} \"asset()(address)\" --rpc-url sepolia && cast call {va} \"owner()(address)\" --rpc-url sepolia "
               f"&& cast call {va} \"totalSupply()(uint256)\" --rpc-url sepolia && cast call {va} \"depositCap()(uint256)\" --rpc-url sepolia",
               "Read back asset, owner, supply and cap from the deployed vault",
               out=f"{SEP_USDC}\n0x9b4F1a2c6E0d3B5a7C8e1F2d4A6b8C0e2D4f6A81\n1000000000000 [1e12]\n"
                   "115792089237316195423570985008687907853269984665640564039457584007913129639935 [1.157e77]")
        t.bash("git add script/DeployVault.s.sol foundry.toml deployments/11155111.json && git commit -q -m "
               "\"feat(script): DeployVault for sepolia, write deployments/<chainid>.json\" && git log --oneline -1",
               "Commit the script, config and deployment file", out=f"{hx(7)} feat(script): DeployVault for sepolia, write deployments/<chainid>.json")
        t.done(f"Deployed and verified on Sepolia:\n\n- TidepoolVault: `{va}` (block 9384502) — Etherscan says `Pass - Verified`.\n"
               "- `asset()` is Circle's Sepolia USDC, `owner()` is the test multisig from `.env`, `totalSupply()` is 1e12 "
               "(the 1 USDC seed deposit with the 6-decimal offset), `depositCap()` is unlimited.\n"
               "- `deployments/11155111.json` has the real address now; committed with the script.")

        t = d.task("can we verify on base with the same etherscan key or do we need a basescan one? check the foundry docs, "
                   "don't guess", tags=["noise", "webfetch"])
        t.webfetch("https://getfoundry.sh/forge/reference/forge-verify-contract",
                   "Does forge verify-contract support Etherscan API V2 multichain keys? How is the chain selected and which key is used for Base?",
                   "forge verify-contract [OPTIONS] <ADDRESS> <CONTRACT> [ARGS]... Verify smart contracts on Etherscan. "
                   "--chain <CHAIN>: the chain name or EIP-155 chain ID. --etherscan-api-key <KEY>: the Etherscan (or equivalent) "
                   "API key [env: ETHERSCAN_API_KEY]. --verifier <VERIFIER>: etherscan, sourcify, blockscout, oklink, custom [default: etherscan]. "
                   "Etherscan API V2 is used by default: a single Etherscan key works for all chains supported by Etherscan's "
                   "V2 multichain API; the chain is selected via the chainid parameter derived from --chain. "
                   "Keys can also be configured per chain in the [etherscan] table of foundry.toml, e.g. base = { key = \"${ETHERSCAN_API_KEY}\", chain = 8453 }.")
        t.done("Same key works. Foundry talks to Etherscan's **API V2** by default, where one Etherscan key covers every "
               "chain Etherscan supports (Base included); the chain is picked from `--chain` (`base` / `8453`).\n\n"
               "For our config that means adding `base = { key = \"${ETHERSCAN_API_KEY}\", chain = 8453 }` under "
               "`[etherscan]` when we deploy there — no separate Basescan key needed.")

    # ============================================================ S3 Mon 10-12
    with d.session("2026-10-12T09:40:00", R, branch="feat/indexer-caps", version="2.1.94"):
        t = d.task("the indexer should track DepositCapUpdated so the frontend can show remaining room. regen the ABIs, "
                   "handle the event, test it", tags=["workflow:W3"])
        t.bash("forge build", "Build contracts so out/ has fresh artifacts", out=NOCHANGE)
        t.bash("pnpm -C indexer abi:gen", "Regenerate the indexer's typed ABIs from out/",
               out=pnpm_hdr("abi:gen", "tsx scripts/gen-abis.ts") + "\nwrote src/abis/TidepoolVault.ts (61 entries)\n"
               "wrote src/abis/VaultRouter.ts (9 entries)")
        t.read(P("indexer/src/handlers/vault.ts"))
        t.edit(P("indexer/src/handlers/vault.ts"), """      case "PerformanceFeeUpdated":
        await db.setVaultParam("performanceFeeBps", ev.args.newFeeBps, ev.blockNumber);
        break;""", """      case "PerformanceFeeUpdated":
        await db.setVaultParam("performanceFeeBps", ev.args.newFeeBps, ev.blockNumber);
        break;
      case "DepositCapUpdated":
        await db.setVaultParam("depositCap", ev.args.newCap, ev.blockNumber);
        break;""")
        t.write(P("indexer/test/handlers/depositCap.test.ts"), """import { describe, expect, it } from "vitest";
import { encodeEventTopics, encodeAbiParameters } from "viem";
import { tidepoolVaultAbi } from "../../src/abis/TidepoolVault.js";
import { handleVaultLogs } from "../../src/handlers/vault.js";
import { memoryDb, fakeLog } from "../helpers.js";

describe("DepositCapUpdated", () => {
  it("stores the new cap as a vault param", async () => {
    const db = memoryDb();
    const topics = encodeEventTopics({ abi: tidepoolVaultAbi, eventName: "DepositCapUpdated" });
    const data = encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [2n ** 256n - 1n, 5_000_000n * 10n ** 6n]);
    await handleVaultLogs(db, [fakeLog({ topics, data, blockNumber: 9_400_000n })]);
    expect(db.params.get("depositCap")).toEqual({ value: 5_000_000_000_000n, block: 9_400_000n });
  });
});
""")
        t.bash("pnpm -C indexer typecheck", "Typecheck the indexer", out=pnpm_hdr("typecheck", "tsc --noEmit"))
        t.bash("pnpm -C indexer exec vitest run", "Run the indexer tests",
               out=vitest_out([("test/handlers/vault.test.ts", 6, 38), ("test/handlers/depositCap.test.ts", 1, 7),
                               ("test/apr.test.ts", 4, 9)], "09:52:31"))
        t.done("Indexer now stores `DepositCapUpdated` as the `depositCap` vault param (same table as the fee). ABIs "
               "regenerated from `out/` (the vault ABI has the new event and `setDepositCap`), typecheck is clean and "
               "all 11 vitest tests pass, including the new one for the event.")

        t = d.task("add a trailing 7-day APR to indexer/src/apr.ts from two share-price snapshots, returned as a plain "
                   "number percentage for the API", tags=["oneoff:O2"])
        t.read(P("indexer/src/apr.ts"))
        t.edit(P("indexer/src/apr.ts"), """  return (s.totalAssets * 10n ** 18n * 10n ** 6n) / s.totalSupply;
}
""", """  return (s.totalAssets * 10n ** 18n * 10n ** 6n) / s.totalSupply;
}

/** trailing APR in percent between two blocks, from share-price growth */
export async function trailingApr(db: Db, fromBlock: bigint, toBlock: bigint, seconds: number): Promise<number> {
  const p0 = await sharePriceAt(db, fromBlock);
  const p1 = await sharePriceAt(db, toBlock);
  const growth = (p1 - p0) * 10n ** 18n / p0;
  return (growth * SECONDS_PER_YEAR) / seconds / 1e16;
}
""")
        t.fail("pnpm -C indexer typecheck", "Typecheck the indexer",
               pnpm_hdr("typecheck", "tsc --noEmit") + "\nsrc/apr.ts(18,11): error TS2365: Operator '*' cannot be applied to types 'bigint' and 'number'.\n"
               " ELIFECYCLE  Command failed with exit code 2.", code=2)
        t.say("Mixing bigint and number: the growth is a bigint, the year/seconds are numbers. Converting the growth to a "
              "number once (it's a small 1e18-scaled ratio, safe as a float) and doing the rest in floating point.")
        t.edit(P("indexer/src/apr.ts"), """  const growth = (p1 - p0) * 10n ** 18n / p0;
  return (growth * SECONDS_PER_YEAR) / seconds / 1e16;""", """  const growth = Number(((p1 - p0) * 10n ** 18n) / p0) / 1e18;
  return growth * (SECONDS_PER_YEAR / seconds) * 100;""")
        t.bash("pnpm -C indexer typecheck", "Typecheck the indexer", out=pnpm_hdr("typecheck", "tsc --noEmit"))
        t.done("`trailingApr(db, fromBlock, toBlock, seconds)` returns a plain percentage number (simple annualisation "
               "of share-price growth, not compounded). The first version multiplied a bigint by a number (TS2365); the "
               "growth is now converted to a float once, after the bigint division, so precision is kept where it matters.")

        t = d.task("I've got an anvil mainnet fork running on 8545 for Kemi's UI work. give the test account (anvil #1, "
                   "0x7099…79C8) 50k USDC from a whale so she can click through deposits", tags=["mistake:M3"])
        whale = "0x37305B1cD40574E4C5Ce33f8e8306Be057fD7341"
        t.bash(f"cast call {USDC} \"balanceOf(address)(uint256)\" {whale} --rpc-url {LOCAL}",
               "Check the whale's USDC balance on the fork", out="1184402913377052 [1.184e15]")
        t.fail(f"cast send {USDC} \"transfer(address,uint256)\" {TEST_ACCT} 50000000000 --from {whale} --unlocked --rpc-url {LOCAL}",
               "Transfer 50k USDC from the whale to the test account",
               "Error: server returned an error response: error code -32602: No Signer available")
        t.say("`--unlocked` only works for accounts anvil is impersonating, and this fork hasn't been told about the "
              "whale. Impersonating it first, then the same transfer.")
        t.bash(f"cast rpc anvil_impersonateAccount {whale} --rpc-url {LOCAL}", "Let anvil sign for the whale", out="null")
        t.bash(f"cast send {USDC} \"transfer(address,uint256)\" {TEST_ACCT} 50000000000 --from {whale} --unlocked --rpc-url {LOCAL}",
               "Transfer 50k USDC from the whale to the test account", out=receipt(whale, USDC, 40212, 23541877))
        t.bash(f"cast call {USDC} \"balanceOf(address)(uint256)\" {TEST_ACCT} --rpc-url {LOCAL}",
               "Confirm the test account's USDC", out="50000000000 [5e10]")
        t.done(f"Test account `{TEST_ACCT}` now has 50,000 USDC on the fork (tx mined in block 23541877). The whale is "
               "impersonated for the lifetime of this anvil process, so further transfers from it work directly; if you "
               "restart anvil it has to be impersonated again.")

        t = d.task("quick one: why do people insist on SafeERC20 for USDT on mainnet but not for USDC?",
                   tags=["noise", "no_tools"])
        t.done("""Because USDT (mainnet) doesn't follow the ERC-20 interface: its `transfer`, `transferFrom` and `approve` return **nothing**. Solidity 0.8 decodes the return data against `returns (bool)`, finds zero bytes, and reverts — so a plain `IERC20(usdt).transfer(...)` always fails. `SafeERC20` makes a low-level call and accepts either no return data or `true`.

USDT also reverts on `approve` from a non-zero allowance to another non-zero value, which is why OZ 5 has `forceApprove` (set to 0, then to the amount, when needed).

USDC returns `bool` properly and has no approve quirk, so raw calls work — but using `SafeERC20` everywhere costs a few hundred gas and removes the question entirely, which is why our router already does.""")

    # ============================================================ S4 Thu 10-15
    with d.session("2026-10-15T09:10:00", R, branch="feat/withdraw-queue", version="2.1.95"):
        WQ = """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable2Step, Ownable} from "@openzeppelin/contracts/access/Ownable2Step.sol";

/// @title WithdrawQueue
/// @notice FIFO queue for large redemptions that the vault settles in batches once liquidity is pulled back.
contract WithdrawQueue is Ownable2Step {
    using SafeERC20 for IERC20;

    error NotRequestOwner(uint256 id, address caller);
    error AlreadySettled(uint256 id);
    error NotSettled(uint256 id);
    error DelayNotElapsed(uint256 id, uint64 readyAt);

    event WithdrawRequested(uint256 indexed id, address indexed owner, uint256 shares);
    event BatchSettled(uint256 fromId, uint256 toId, uint256 assets);
    event WithdrawClaimed(uint256 indexed id, address indexed owner, uint256 assets);

    struct Request {
        address owner;
        uint64 requestedAt;
        uint128 shares;
        uint128 assets;
        bool settled;
    }

    IERC4626 public immutable vault;
    uint64 public withdrawDelay = 3 days;
    uint256 public nextId;
    uint256 public nextToSettle;
    mapping(uint256 => Request) public requests;

    constructor(IERC4626 vault_, address owner_) Ownable(owner_) {
        vault = vault_;
    }

    function requestWithdraw(uint256 shares) external returns (uint256 id) {
        IERC20(address(vault)).safeTransferFrom(msg.sender, address(this), shares);
        id = nextId++;
        requests[id] = Request({owner: msg.sender, requestedAt: uint64(block.timestamp), shares: shares, assets: 0, settled: false});
        emit WithdrawRequested(id, msg.sender, shares);
    }

    function settle(uint256 count) external onlyOwner {
        uint256 from = nextToSettle;
        uint256 to = from + count;
        if (to > nextId) to = nextId;
        uint256 total;
        for (uint256 id = from; id < to; ++id) {
            Request storage r = requests[id];
            if (block.timestamp < r.requestedAt + withdrawDelay) revert DelayNotElapsed(id, r.requestedAt + withdrawDelay);
            uint256 assets = vault.redeem(r.shares, address(this), address(this));
            r.assets = assets;
            r.settled = true;
            total += assets;
        }
        nextToSettle = to;
        emit BatchSettled(from, to, total);
    }

    function claim(uint256 id) external {
        Request storage r = requests[id];
        if (r.owner != msg.sender) revert NotRequestOwner(id, msg.sender);
        if (!r.settled) revert NotSettled(id);
        uint256 assets = r.assets;
        if (assets == 0) revert AlreadySettled(id);
        r.assets = 0;
        IERC20(vault.asset()).safeTransfer(msg.sender, assets);
        emit WithdrawClaimed(id, msg.sender, assets);
    }

    function setWithdrawDelay(uint64 delay) external onlyOwner {
        withdrawDelay = delay;
    }
}
"""
        t = d.task("withdraw queue: users hand in vault shares, we settle FIFO in batches after a delay (3 days default), "
                   "they claim assets after. new src/WithdrawQueue.sol. revert with a custom error like the rest of the "
                   "vault — no string reasons. build it", tags=["pref:P1", "oneoff:O1"])
        t.write(P("src/WithdrawQueue.sol"), WQ)
        ln, col, text = line_of(d, P("src/WithdrawQueue.sol"), "shares: shares, assets: 0")
        c2 = text.index("shares: shares") + 1
        t.fail("forge build", "Compile the new contract",
               "[\u280a] Compiling...\n[\u2812] Compiling 1 files with Solc 0.8.28\n[\u2822] Solc 0.8.28 finished in 2.96s\n"
               "Error: Compiler run failed:\nError (9553): Invalid type for argument in function call. Invalid implicit "
               "conversion from uint256 to uint128 requested.\n"
               f"  --> src/WithdrawQueue.sol:{ln}:{c2 + 8}:\n   |\n{ln} | {text}\n   | {' ' * (c2 + 7)}{'^' * 6}")
        t.say("`shares` is a `uint256` parameter going into the packed `uint128` field, and the settled `assets` has the "
              "same problem further down. Using OZ's `SafeCast` so an absurd value reverts instead of truncating.")
        t.edit(P("src/WithdrawQueue.sol"), "shares: shares, assets: 0", "shares: shares.toUint128(), assets: 0")
        t.edit(P("src/WithdrawQueue.sol"), "            r.assets = assets;\n", "            r.assets = assets.toUint128();\n")
        t.edit(P("src/WithdrawQueue.sol"), """    using SafeERC20 for IERC20;
""", """    using SafeERC20 for IERC20;
    using SafeCast for uint256;
""")
        t.edit(P("src/WithdrawQueue.sol"), """import {Ownable2Step, Ownable} from "@openzeppelin/contracts/access/Ownable2Step.sol";
""", """import {Ownable2Step, Ownable} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
""")
        t.bash("forge build", "Compile the new contract", out=compiled(1, "3.12"))
        t.done("`src/WithdrawQueue.sol` compiles.\n\n- `requestWithdraw(shares)` escrows vault shares and returns a request id; "
               "`settle(count)` (owner) redeems the next `count` requests FIFO once `withdrawDelay` (3 days) has passed; "
               "`claim(id)` pays out the assets.\n- Reverts are custom errors only: `NotRequestOwner`, `NotSettled`, "
               "`AlreadySettled`, `DelayNotElapsed(id, readyAt)`.\n- Shares/assets are packed as `uint128` and converted "
               "with `SafeCast` (the first build failed on the implicit `uint256 → uint128`).\n\nNo tests yet — next step.")

        t = d.task("btw the NatSpec you wrote on the deposit cap last week was way too long, I had to cut half of it "
                   "before review. one @notice line, @dev only when there's a real gotcha. fix whatever is still long in "
                   "TidepoolVault and keep WithdrawQueue short", tags=["feedback"],
                   feedback="btw the NatSpec you wrote on the deposit cap last week was way too long, I had to cut half of it "
                            "before review. one @notice line, @dev only when there's a real gotcha.")
        t.read(P("src/TidepoolVault.sol"))
        t.edit(P("src/TidepoolVault.sol"), """    /// @notice Sets the TVL cap for deposits and mints.
    /// @dev Emits `DepositCapUpdated` with the previous and the new cap. Reverts with
    ///      `CapBelowTotalAssets` if `cap` is below the assets currently held, because a cap under the
    ///      current TVL would make `maxDeposit` meaningless and confuse integrators reading it. The owner
    ///      is expected to be the team multisig; there is no timelock on this setter because raising or
    ///      lowering the cap cannot move user funds.
    /// @param cap The new cap in asset units (6 decimals for USDC).
""", """    /// @notice Sets the TVL cap for deposits and mints, in asset units.
""")
        t.edit(P("src/TidepoolVault.sol"), """    /// @notice Upper bound on `totalAssets()` that deposits and mints may reach.
    /// @dev Defaults to `type(uint256).max` (no cap). The cap is checked through `maxDeposit` and
    ///      `maxMint`, which OpenZeppelin's `deposit`/`mint` consult before pulling assets, so a deposit
    ///      over the cap reverts with `ERC4626ExceededMaxDeposit` and no extra check is needed here.
    ///      Lowering the cap below the current `totalAssets()` is rejected so that `maxDeposit` never
    ///      underflows and withdrawals are never affected by a cap change; to stop deposits entirely
    ///      use `pause()` instead, which also blocks mints and is what the runbook expects.
""", """    /// @notice Upper bound on `totalAssets()` that deposits and mints may reach; max = no cap.
""")
        t.read(P("src/WithdrawQueue.sol"))
        t.edit(P("src/WithdrawQueue.sol"), """    function settle(uint256 count) external onlyOwner {""", """    /// @notice Redeems up to `count` pending requests in FIFO order.
    /// @dev Reverts the whole batch if any request in it is younger than `withdrawDelay`.
    function settle(uint256 count) external onlyOwner {""")
        t.bash("forge fmt src/TidepoolVault.sol src/WithdrawQueue.sol && git diff --stat", "Format and show the diff size",
               out=" src/TidepoolVault.sol  | 18 ++----------------\n src/WithdrawQueue.sol  | 89 +++++++++++++++++++++++++++++++++++++++++++++++++\n 2 files changed, 91 insertions(+), 16 deletions(-)")
        t.done("Trimmed. In `TidepoolVault` the `depositCap` variable and the cap setter are down to one `@notice` "
               "line each. `WithdrawQueue.settle` gets one `@notice` and a single `@dev` for the real "
               "gotcha (one young request reverts the whole batch). I'll keep NatSpec to that shape from now on.")

        t = d.task("Lena exported last month's mainnet withdraw requests to test/fixtures/withdraw-requests.json "
                   "(array of {owner, shares, requestedAt}). write a test that replays them through the queue and checks "
                   "every request can be claimed for the right amount", tags=["mistake:M2", "long_output"])
        t.bash("head -c 400 test/fixtures/withdraw-requests.json && echo && jq length test/fixtures/withdraw-requests.json",
               "Peek at the fixture format",
               out='[{"owner":"0x1f3a6E0b2cC0d7a4f1E8b3a9D5c2e7F0a4B6d8C1","shares":"412000000000000000","requestedAt":1757289143},'
                   '{"owner":"0x8aE2c4F6b1D3e5A7c9B0d2E4f6A8b0C2d4E6f8A0","shares":"25000000000000","requestedAt":1757302261},'
                   '{"owner":"0xC0d2E4f6A8b0C2d4E6f8A0b2C4d6E8f0A2b4C6d8","shares":"1080000000000000000","requestedAt":1757388415},'
                   '{"owner":"0x3b5D7f9A1c3E5a7B9d1F3a5C7e9B1d3F5a7C9e1B","sha\n47')
        t.write(P("test/WithdrawQueueReplay.t.sol"), """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {Test, stdJson} from "forge-std/Test.sol";
import {ERC20Mock} from "@openzeppelin/contracts/mocks/token/ERC20Mock.sol";
import {TidepoolVault} from "../src/TidepoolVault.sol";
import {WithdrawQueue} from "../src/WithdrawQueue.sol";

contract WithdrawQueueReplayTest is Test {
    using stdJson for string;

    struct Req {
        address owner;
        uint256 requestedAt;
        uint256 shares;
    }

    ERC20Mock internal usdc;
    TidepoolVault internal vault;
    WithdrawQueue internal queue;
    Req[] internal reqs;
    address internal owner = makeAddr("owner");

    function setUp() public {
        string memory json = vm.readFile("./test/fixtures/withdraw-requests.json");
        Req[] memory parsed = abi.decode(json.parseRaw("$"), (Req[]));
        for (uint256 i; i < parsed.length; ++i) {
            reqs.push(parsed[i]);
        }
        usdc = new ERC20Mock();
        vault = new TidepoolVault(usdc, owner, makeAddr("treasury"));
        queue = new WithdrawQueue(vault, owner);
    }

    function test_replay_allRequestsClaimable() public {
        vm.warp(reqs[0].requestedAt);
        uint256[] memory expected = new uint256[](reqs.length);
        for (uint256 i; i < reqs.length; ++i) {
            Req memory r = reqs[i];
            uint256 assets = vault.previewMint(r.shares);
            usdc.mint(r.owner, assets);
            vm.startPrank(r.owner);
            usdc.approve(address(vault), assets);
            vault.mint(r.shares, r.owner);
            vault.approve(address(queue), r.shares);
            vm.warp(r.requestedAt);
            queue.requestWithdraw(r.shares);
            vm.stopPrank();
            expected[i] = vault.previewRedeem(r.shares);
        }
        vm.warp(reqs[reqs.length - 1].requestedAt + queue.withdrawDelay());
        vm.prank(owner);
        queue.settle(reqs.length);
        for (uint256 i; i < reqs.length; ++i) {
            uint256 before = usdc.balanceOf(reqs[i].owner);
            vm.prank(reqs[i].owner);
            queue.claim(i);
            assertEq(usdc.balanceOf(reqs[i].owner) - before, expected[i], "claimed assets");
        }
    }
}
""")
        t.fail("forge test --match-contract WithdrawQueueReplayTest -vv", "Run the replay test",
               compiled(2, "4.41") + "\n\nRan 1 test for test/WithdrawQueueReplay.t.sol:WithdrawQueueReplayTest\n"
               "[FAIL: vm.readFile: the path ./test/fixtures/withdraw-requests.json is not allowed to be accessed for read operations] setUp() (gas: 0)\n"
               "Suite result: FAILED. 0 passed; 1 failed; 0 skipped; finished in 1.92ms (0.00ns CPU time)\n\n"
               "Ran 1 test suite in 4.87ms (1.92ms CPU time): 0 tests passed, 1 failed, 0 skipped (1 total tests)\n\n"
               "Failing tests:\nEncountered 1 failing test in test/WithdrawQueueReplay.t.sol:WithdrawQueueReplayTest\n"
               "[FAIL: vm.readFile: the path ./test/fixtures/withdraw-requests.json is not allowed to be accessed for read operations] setUp() (gas: 0)\n\n"
               "Encountered a total of 1 failing tests, 0 tests succeeded")
        t.say("Same cheatcode sandbox as the deploy script: `fs_permissions` only allows `./deployments`. Adding "
              "read-only access to `./test/fixtures`.")
        t.read(P("foundry.toml"))
        t.edit(P("foundry.toml"), 'fs_permissions = [{ access = "read-write", path = "./deployments" }]',
               'fs_permissions = [\n    { access = "read-write", path = "./deployments" },\n    { access = "read", path = "./test/fixtures" },\n]')
        t.bash("forge test --match-contract WithdrawQueueReplayTest -vv", "Run the replay test",
               out=NOCHANGE + "\n\nRan 1 test for test/WithdrawQueueReplay.t.sol:WithdrawQueueReplayTest\n"
               "[PASS] test_replay_allRequestsClaimable() (gas: 9412087)\n"
               "Suite result: ok. 1 passed; 0 failed; 0 skipped; finished in 41.37ms (38.02ms CPU time)\n\n"
               "Ran 1 test suite in 44.91ms (41.37ms CPU time): 1 tests passed, 0 failed, 0 skipped (1 total tests)", timeout=300000)
        t.done("Replay passes: all 47 requests from Lena's export are minted, queued at their original timestamps, settled "
               "in one batch after the delay and claimed for exactly `previewRedeem(shares)` each.\n\n"
               "The first run failed in `setUp` because forge's file cheatcodes only allowed `./deployments`; "
               "`foundry.toml` now also grants **read** on `./test/fixtures` (nothing else).")

        t = d.task("ship it: PR against main", tags=["workflow:W1"])
        t.bash("forge fmt --check", "Check formatting", out="")
        wq_tests = [("test_claim_revertsForOtherOwner()", 187220), ("test_requestWithdraw_escrowsShares()", 121008),
                    ("test_settle_revertsBeforeDelay()", 140331), ("testFuzz_settle_fifo(uint8)", 512877)]
        out, n = test_out(compiled(3, "31.06"), [
            suite("test/TidepoolVault.t.sol", "TidepoolVaultTest", vault_tests, 97.3),
            suite("test/WithdrawQueue.t.sol", "WithdrawQueueTest", wq_tests, 402.55),
            suite("test/WithdrawQueueReplay.t.sol", "WithdrawQueueReplayTest", [("test_replay_allRequestsClaimable()", 9412087)], 41.02),
            fork])
        t.bash("forge test", "Run the full suite", out=out, timeout=600000)
        t.bash("forge snapshot", "Update .gas-snapshot", out=out.replace(compiled(3, "31.06"), NOCHANGE), timeout=600000)
        t.bash("slither . --config-file slither.config.json", "Static analysis", out="", err=slither_out(51), timeout=600000)
        t.bash("git add -A && git commit -q -m \"feat: WithdrawQueue with FIFO batch settlement\" && git push -u origin feat/withdraw-queue",
               "Commit and push the branch", out="", err=push_new("feat/withdraw-queue"))
        t.bash("gh pr create --base main --title \"feat: WithdrawQueue with FIFO batch settlement\" --body "
               "\"Adds src/WithdrawQueue.sol: shares escrowed on request, owner settles FIFO after withdrawDelay (3d), "
               "users claim. Replay test over last month's 47 mainnet requests (fixture dir readable by tests).\"",
               "Open the PR", out=f"https://github.com/{GH}/pull/41")
        t.done(f"PR #41 is open: https://github.com/{GH}/pull/41 — fmt clean, {n} tests green, `.gas-snapshot` updated, "
               "slither reports 0 results.")

    # ============================================================ S5 Mon 10-19
    with d.session("2026-10-19T10:30:00", R, branch="feat/withdraw-queue", version="2.1.96"):
        t = d.task("what landed on main while I was reviewing audits last week? last 25 commits", tags=["noise", "long_output"])
        msgs = ["Merge pull request #44 from tidepool-fi/fix/router-deadline", "fix(router): check deadline before permit",
                "chore(deps): bump lib/forge-std to v1.11.0", "Merge pull request #43 from tidepool-fi/feat/indexer-caps",
                "feat(indexer): track DepositCapUpdated", "feat(indexer): trailing 7d APR", "test(fork): pin fork block 23500000",
                "ci: cache foundry build output", "Merge pull request #42 from tidepool-fi/feat/sepolia-deploy",
                "feat(script): DeployVault for sepolia, write deployments/<chainid>.json", "docs: README deploy section",
                "chore(indexer): pnpm 10.18", "fix(indexer): reorg depth 12 on mainnet", "test: fuzz maxMint vs maxDeposit",
                "feat(vault): TVL deposit cap", "chore: slither.config.json filter lib/ and test/",
                "Merge pull request #39 from tidepool-fi/chore/oz-5.4", "chore(deps): bump openzeppelin-contracts to v5.4.0",
                "refactor(vault): Ownable2Step", "feat(vault): pause blocks maxMint too", "ci: forge snapshot --check",
                "chore(indexer): viem 2.38", "test(router): depositMin slippage revert", "docs: audit scope v2",
                "feat(router): depositMin"]
        t.bash("git fetch -q origin && git log --oneline -25 origin/main", "Show the last 25 commits on main",
               out="\n".join(f"{hx(7)} {m}" for m in msgs))
        t.done("Last 25 on main, grouped:\n\n- **Vault**: deposit cap (#43 area), `Ownable2Step`, pause also zeroes "
               "`maxMint`, fuzz test maxMint vs maxDeposit.\n- **Router**: `depositMin`, and #44 moves the deadline check "
               "before the permit call.\n- **Deploy**: `DeployVault` + `deployments/<chainid>.json` (#42), README deploy section.\n"
               "- **Indexer**: `DepositCapUpdated`, trailing 7d APR, reorg depth 12, viem 2.38, pnpm 10.18.\n"
               "- **Deps/CI**: OZ v5.4.0 (#39), forge-std v1.11.0, slither config filters `lib/` and `test/`, build cache "
               "and `forge snapshot --check` in CI, fork tests pinned to block 23500000.\n- Docs: audit scope v2.")

        t = d.task("auditors want the coverage of WithdrawQueue specifically, as lcov so they can load it in their tool",
                   tags=["mistake:M1"])
        t.fail("forge coverage --match-path \"test/WithdrawQueue*.t.sol\" --report lcov --report-file coverage/withdraw-queue.lcov",
               "Coverage for the queue tests as lcov",
               stack_too_deep(d, P("src/periphery/VaultRouter.sol"), "deadline,\n            v,", 71, "8.35"), timeout=900000)
        t.say("Same as two weeks ago: coverage compiles everything without via-IR, and the router's permit call runs out "
              "of stack even though we only want the queue tests. Adding `--ir-minimum`.")
        out, _ = test_out(IRMIN_WARN + "\n" + compiled(71, "24.09") + "\nAnalysing contracts...\nRunning tests...",
                          [suite("test/WithdrawQueue.t.sol", "WithdrawQueueTest", wq_tests, 388.1),
                           suite("test/WithdrawQueueReplay.t.sol", "WithdrawQueueReplayTest", [("test_replay_allRequestsClaimable()", 9412087)], 44.8)])
        t.bash("forge coverage --ir-minimum --match-path \"test/WithdrawQueue*.t.sol\" --report lcov --report-file coverage/withdraw-queue.lcov",
               "Coverage for the queue tests as lcov, with minimal via-IR",
               out=out + "\nWrote LCOV report.", timeout=900000)
        t.bash("grep -A3 'SF:src/WithdrawQueue.sol' coverage/withdraw-queue.lcov; grep -E '^(LF|LH|BRF|BRH|FNF|FNH):' coverage/withdraw-queue.lcov | tail -6",
               "Summarise the queue's lcov record",
               out="SF:src/WithdrawQueue.sol\nFN:43,WithdrawQueue.constructor\nFNDA:5,WithdrawQueue.constructor\nDA:44,5\n"
                   "LF:38\nLH:36\nBRF:10\nBRH:9\nFNF:5\nFNH:5")
        t.done("`coverage/withdraw-queue.lcov` is ready for the auditors. WithdrawQueue: 36/38 lines, 9/10 branches, 5/5 "
               "functions. The uncovered branch is `claim` on an already-claimed request (`AlreadySettled`). Note for them: "
               "it was built with `--ir-minimum` (via-IR, minimal optimization), so a few line hits may be attributed to "
               "neighbouring lines.")

        d.precompact("""Analysis: Theo works on tidepool-fi/tidepool-contracts (Solidity 0.8.28, Foundry with via_ir, OZ 5.4 + forge-std + permit2 submodules, TS indexer under indexer/ with pnpm + viem + vitest). Branch feat/withdraw-queue.

Summary:
1. Vault: TVL deposit cap added (setDepositCap, DepositCapUpdated, CapBelowTotalAssets). Custom errors only, no require strings. Short NatSpec (one @notice, @dev only for real gotchas) after Theo's complaint.
2. Sepolia: script/DeployVault.s.sol deployed and verified the vault; deployments/11155111.json; fs_permissions in foundry.toml allows read-write ./deployments and read ./test/fixtures.
3. WithdrawQueue (src/WithdrawQueue.sol) with FIFO settle, SafeCast to uint128, replay test over 47 mainnet requests; PR #41 open.
4. Coverage: produced with --ir-minimum (plain forge coverage hits stack too deep in VaultRouter.depositWithPermit); lcov for auditors at coverage/withdraw-queue.lcov.
5. Indexer tracks DepositCapUpdated, trailing APR added.

Pending: nothing blocking; Theo may do sepolia admin calls next.""")

        t = d.task("set withdrawDelay to 1 day on the sepolia vault's queue so QA doesn't wait 3 days. the queue is at "
                   "0x4c2E8d1b7A3f9C0e5D6a2B8c4E1f7A9d3C5b0E6f, deployer key is in .env as DEPLOYER_PK", tags=["unfixed:U1"])
        q = "0x4c2E8d1b7A3f9C0e5D6a2B8c4E1f7A9d3C5b0E6f"
        t.bash(f"cast call {q} \"owner()(address)\" --rpc-url sepolia && cast call {q} \"withdrawDelay()(uint64)\" --rpc-url sepolia",
               "Check owner and current delay", out=f"{DEPLOYER}\n259200")
        t.fail(f"source .env && cast send {q} \"setWithdrawDelay(uint64)\" 86400 --private-key $DEPLOYER_PK --rpc-url sepolia",
               "Set the delay to one day",
               "Error: server returned an error response: error code -32000: insufficient funds for gas * price + value: "
               "balance 412870113000000, tx cost 611340000000000, overshot 198469887000000")
        t.bash(f"cast balance {DEPLOYER} --rpc-url sepolia --ether", "Deployer's Sepolia ETH", out="0.000412870113000000")
        t.done(f"Not done: the deployer `{DEPLOYER}` has only 0.00041 Sepolia ETH and the call needs ~0.0006 at current "
               "gas prices (the vault and queue deployments used most of it). Someone needs to top it up — the Alchemy/"
               "Google faucets give 0.05–0.1 per day — or the owner has to be moved to an account with funds. I didn't "
               "retry; the delay is still 259200 (3 days).")

        t = d.task("should we switch our ReentrancyGuard to ReentrancyGuardTransient now that we're on cancun? pros/cons, short",
                   tags=["noise", "no_tools"])
        t.done("""Short version: yes for new contracts, no rush for deployed ones.

**Pros**
- `ReentrancyGuardTransient` (OZ 5.1+) keeps the lock in transient storage (EIP-1153 `TSTORE`/`TLOAD`): ~100 gas per guarded call instead of ~2,900–5,000 for the SSTORE dance on a cold slot.
- No storage slot used, so no layout concerns if a contract is later made upgradeable.

**Cons**
- Requires `evm_version = "cancun"` and a chain with 1153 — fine for mainnet, Base and Sepolia; check any L2 we might add.
- Slightly newer code path for auditors; a few tools (older slither versions) understand it less well.
- Not a drop-in for deployed contracts — it's a redeploy.

For WithdrawQueue and the rewards work: use the transient one.""")

    # ============================================================ S6 Thu 10-22 (acceptEdits)
    with d.session("2026-10-22T09:00:00", R, branch="feat/router-permit2", version="2.1.97", permission_mode="acceptEdits"):
        t = d.task("before I design the permit2 route: check Uniswap's docs on SignatureTransfer — does "
                   "permitTransferFrom need the spender to be msg.sender, and what's the witness variant for?",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.uniswap.org/contracts/permit2/reference/signature-transfer",
                   "For permitTransferFrom: who must be the caller/spender, how are nonces handled, and what does permitWitnessTransferFrom add?",
                   "SignatureTransfer: permitTransferFrom(PermitTransferFrom memory permit, SignatureTransferDetails calldata "
                   "transferDetails, address owner, bytes calldata signature). The spender in the signed permit is msg.sender: "
                   "the signature is validated against a hash that includes the caller's address, so only the intended spender "
                   "can use it. Nonces are unordered: a bitmap per owner (word position and bit position), each nonce can be used once; "
                   "invalidateUnorderedNonces lets users cancel. permitWitnessTransferFrom additionally takes a witness (bytes32 hash of "
                   "arbitrary typed data) and witnessTypeString, so the signature also commits to extra data validated by the calling "
                   "contract (e.g. order parameters). Transfers happen in the same call; signatures are one-time.")
        t.done("From the Permit2 docs:\n\n- **Spender = `msg.sender`**: the signed hash includes the caller, so only our "
               "router can consume a permit signed for it.\n- **Nonces are unordered** (bitmap per owner); each is single-use, "
               "users can cancel via `invalidateUnorderedNonces`.\n- **Witness variant** (`permitWitnessTransferFrom`) makes "
               "the signature also commit to extra typed data — for us that would bind the vault, receiver and `minShares`, "
               "so a relayer can't submit the user's permit with a different receiver. Worth it if we ever allow relayed "
               "deposits; for self-submitted deposits the plain version is enough.")

        t = d.task("ok, add depositWithPermit2 to the router using the plain SignatureTransfer. tests: name them "
                   "test_RevertWhen_<condition> for reverts and testFuzz_ for fuzz, that's the convention I want from now. "
                   "run the router tests", tags=["pref:P2"])
        t.read(P("src/periphery/VaultRouter.sol"))
        t.edit(P("src/periphery/VaultRouter.sol"), """import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
""", """import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ISignatureTransfer} from "permit2/interfaces/ISignatureTransfer.sol";
""")
        t.edit(P("src/periphery/VaultRouter.sol"), """    event RoutedDeposit(address indexed vault, address indexed receiver, uint256 assets, uint256 shares);
""", """    error AssetMismatch(address token, address asset);

    event RoutedDeposit(address indexed vault, address indexed receiver, uint256 assets, uint256 shares);
    event Permit2Deposit(address indexed vault, address indexed owner, uint256 nonce);

    ISignatureTransfer public immutable permit2;

    constructor(ISignatureTransfer permit2_) {
        permit2 = permit2_;
    }
""")
        t.edit(P("src/periphery/VaultRouter.sol"), """    function depositMin(""", """    /// @notice Deposits with a Permit2 SignatureTransfer signed for this router.
    function depositWithPermit2(
        IERC4626 vault,
        ISignatureTransfer.PermitTransferFrom calldata permit,
        address receiver,
        uint256 minShares,
        bytes calldata signature
    ) external returns (uint256 shares) {
        shares = _depositPermit2(vault, permit, receiver, minShares, signature);
    }

    function _depositPermit2(
        IERC4626 vault,
        ISignatureTransfer.PermitTransferFrom calldata permit,
        address receiver,
        uint256 minShares,
        bytes calldata signature
    ) internal returns (uint256 shares) {
        address asset = vault.asset();
        if (permit.permitted.token != asset) revert AssetMismatch(permit.permitted.token, asset);
        uint256 amount = permit.permitted.amount;
        permit2.permitTransferFrom(
            permit,
            ISignatureTransfer.SignatureTransferDetails({to: address(this), requestedAmount: amount}),
            msg.sender,
            signature
        );
        IERC20(asset).forceApprove(address(vault), amount);
        shares = vault.deposit(amount, receiver);
        if (shares < minShares) revert SlippageExceeded(shares, minShares);
        emit Permit2Deposit(address(vault), msg.sender, permit.nonce);
        emit RoutedDeposit(address(vault), receiver, amount, shares);
    }

    function depositMin(""")
        t.grep("new VaultRouter\\(", path=R, glob="{script,test}/**/*.sol", filenames=[P("script/DeployLocal.s.sol")])
        t.read(P("script/DeployLocal.s.sol"))
        t.edit(P("script/DeployLocal.s.sol"), "        new VaultRouter();",
               "        new VaultRouter(ISignatureTransfer(0x000000000022D473030F116dDEE9F6B43aC78BA3));")
        t.edit(P("script/DeployLocal.s.sol"), """import {VaultRouter} from "../src/periphery/VaultRouter.sol";
""", """import {VaultRouter} from "../src/periphery/VaultRouter.sol";
import {ISignatureTransfer} from "permit2/interfaces/ISignatureTransfer.sol";
""")
        t.write(P("test/VaultRouterPermit2.t.sol"), """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {Test} from "forge-std/Test.sol";
import {ERC20Mock} from "@openzeppelin/contracts/mocks/token/ERC20Mock.sol";
import {ISignatureTransfer} from "permit2/interfaces/ISignatureTransfer.sol";
import {DeployPermit2} from "permit2/test/utils/DeployPermit2.sol";
import {TidepoolVault} from "../src/TidepoolVault.sol";
import {VaultRouter} from "../src/periphery/VaultRouter.sol";
import {Permit2Signer} from "./utils/Permit2Signer.sol";

contract VaultRouterPermit2Test is Test, DeployPermit2, Permit2Signer {
    ERC20Mock internal usdc;
    TidepoolVault internal vault;
    VaultRouter internal router;
    ISignatureTransfer internal permit2;
    uint256 internal alicePk = 0xA11CE;
    address internal alice = vm.addr(alicePk);

    function setUp() public {
        permit2 = ISignatureTransfer(deployPermit2());
        usdc = new ERC20Mock();
        vault = new TidepoolVault(usdc, makeAddr("owner"), makeAddr("treasury"));
        router = new VaultRouter(permit2);
        usdc.mint(alice, 1_000_000e6);
        vm.prank(alice);
        usdc.approve(address(permit2), type(uint256).max);
    }

    function test_depositWithPermit2_mintsToReceiver() public {
        (ISignatureTransfer.PermitTransferFrom memory p, bytes memory sig) =
            signPermit(permit2, alicePk, address(usdc), 1000e6, 0, address(router));
        vm.prank(alice);
        uint256 shares = router.depositWithPermit2(vault, p, alice, 0, sig);
        assertEq(vault.balanceOf(alice), shares);
    }

    function test_RevertWhen_tokenIsNotVaultAsset() public {
        ERC20Mock other = new ERC20Mock();
        (ISignatureTransfer.PermitTransferFrom memory p, bytes memory sig) =
            signPermit(permit2, alicePk, address(other), 1000e6, 0, address(router));
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(VaultRouter.AssetMismatch.selector, address(other), address(usdc)));
        router.depositWithPermit2(vault, p, alice, 0, sig);
    }

    function test_RevertWhen_nonceReused() public {
        (ISignatureTransfer.PermitTransferFrom memory p, bytes memory sig) =
            signPermit(permit2, alicePk, address(usdc), 10e6, 7, address(router));
        vm.startPrank(alice);
        router.depositWithPermit2(vault, p, alice, 0, sig);
        vm.expectRevert(bytes4(keccak256("InvalidNonce()")));
        router.depositWithPermit2(vault, p, alice, 0, sig);
        vm.stopPrank();
    }

    function test_RevertWhen_sharesBelowMin() public {
        (ISignatureTransfer.PermitTransferFrom memory p, bytes memory sig) =
            signPermit(permit2, alicePk, address(usdc), 10e6, 1, address(router));
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(VaultRouter.SlippageExceeded.selector, 10e12, 10e12 + 1));
        router.depositWithPermit2(vault, p, alice, 10e12 + 1, sig);
    }

    function testFuzz_depositWithPermit2_amounts(uint64 amount, uint248 nonce) public {
        amount = uint64(bound(amount, 1, 1_000_000e6));
        (ISignatureTransfer.PermitTransferFrom memory p, bytes memory sig) =
            signPermit(permit2, alicePk, address(usdc), amount, nonce, address(router));
        vm.prank(alice);
        uint256 shares = router.depositWithPermit2(vault, p, alice, 0, sig);
        assertEq(shares, vault.previewDeposit(amount));
    }
}
""")
        router_tests = [("testFuzz_depositWithPermit2_amounts(uint64,uint248)", 171204),
                        ("test_RevertWhen_nonceReused()", 189311), ("test_RevertWhen_sharesBelowMin()", 163870),
                        ("test_RevertWhen_tokenIsNotVaultAsset()", 74112), ("test_depositWithPermit2_mintsToReceiver()", 158233)]
        out, n = test_out(compiled(6, "34.51"), [suite("test/VaultRouterPermit2.t.sol", "VaultRouterPermit2Test", router_tests, 212.4)])
        t.bash("forge test --match-path test/VaultRouterPermit2.t.sol", "Run the Permit2 router tests", out=out, timeout=600000)
        t.done(f"`depositWithPermit2` is in the router and all {n} tests pass.\n\n- The router now takes the Permit2 "
               "address in its constructor (`permit2` immutable); `script/DeployLocal.s.sol` passes the canonical "
               "Permit2 address (same on mainnet forks and Sepolia).\n"
               "- New custom error `AssetMismatch(token, asset)`, new event `Permit2Deposit(vault, owner, nonce)`.\n"
               "- Tests follow the convention: `test_RevertWhen_tokenIsNotVaultAsset`, `test_RevertWhen_nonceReused`, "
               "`test_RevertWhen_sharesBelowMin`, `testFuzz_depositWithPermit2_amounts`, plus the happy path.")

        t = d.task("Kemi needs to see a real DAI deposit through the router on the fork. I restarted anvil this morning "
                   "(fork of mainnet, same 8545) and deployed the router + a DAI vault with DeployLocal. take 10k DAI "
                   "from a whale, approve the router and deposit for the test account", tags=["mistake:M3"])
        dwhale = "0x40ec5B33f54e0E8A33A975908C5BA1c14e5BbbDf"
        lrouter = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"
        lvault = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"
        t.bash(f"cast call {DAI} \"balanceOf(address)(uint256)\" {dwhale} --rpc-url {LOCAL}",
               "Whale's DAI on the fork", out="178209331029941887112334501 [1.782e26]")
        t.fail(f"cast send {DAI} \"approve(address,uint256)\" {lrouter} 10000000000000000000000 --from {dwhale} --unlocked --rpc-url {LOCAL}",
               "Approve the router from the whale",
               "Error: server returned an error response: error code -32602: No Signer available")
        t.say("Fresh anvil process, so the impersonation from last week is gone. Impersonating the DAI whale first.")
        t.bash(f"cast rpc anvil_impersonateAccount {dwhale} --rpc-url {LOCAL}", "Impersonate the DAI whale", out="null")
        t.bash(f"cast send {DAI} \"approve(address,uint256)\" {lrouter} 10000000000000000000000 --from {dwhale} --unlocked --rpc-url {LOCAL}",
               "Approve the router from the whale", out=receipt(dwhale, DAI, 46321, 23578012))
        t.bash(f"cast send {lrouter} \"depositMin(address,uint256,address,uint256)\" {lvault} 10000000000000000000000 {TEST_ACCT} 0 "
               f"--from {dwhale} --unlocked --rpc-url {LOCAL}",
               "Deposit 10k DAI through the router for the test account", out=receipt(dwhale, lrouter, 151877, 23578013))
        t.bash(f"cast call {lvault} \"balanceOf(address)(uint256)\" {TEST_ACCT} --rpc-url {LOCAL}",
               "Test account's vault shares", out="10000000000000000000000000000 [1e28]")
        t.done(f"Done on the fork: 10,000 DAI from the whale went through `VaultRouter.depositMin` into the local DAI vault "
               f"(`{lvault}`), receiver the test account, which now holds 1e28 shares (18-decimal asset + 6 offset). "
               "The first approve failed with `No Signer available` because the restarted anvil wasn't impersonating the "
               "whale; after `anvil_impersonateAccount` everything went through.")

        t = d.task("indexer: pick up Permit2Deposit from the router (store the nonce on the flow row). usual abi regen + tests",
                   tags=["workflow:W3"])
        t.bash("forge build", "Build so out/ has the new router ABI", out=NOCHANGE)
        t.bash("pnpm -C indexer abi:gen", "Regenerate typed ABIs",
               out=pnpm_hdr("abi:gen", "tsx scripts/gen-abis.ts") + "\nwrote src/abis/TidepoolVault.ts (61 entries)\n"
               "wrote src/abis/VaultRouter.ts (14 entries)")
        t.write(P("indexer/src/handlers/router.ts"), """import { type Log, parseEventLogs } from "viem";
import { vaultRouterAbi } from "../abis/VaultRouter.js";
import type { Db } from "../db.js";

export async function handleRouterLogs(db: Db, logs: Log[]) {
  const events = parseEventLogs({ abi: vaultRouterAbi, logs, eventName: "Permit2Deposit" });
  for (const ev of events) {
    await db.tagFlow(ev.transactionHash, { via: "permit2", permit2Nonce: ev.args.nonce });
  }
}
""")
        t.write(P("indexer/test/handlers/router.test.ts"), """import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeEventTopics } from "viem";
import { vaultRouterAbi } from "../../src/abis/VaultRouter.js";
import { handleRouterLogs } from "../../src/handlers/router.js";
import { fakeLog, memoryDb } from "../helpers.js";

describe("Permit2Deposit", () => {
  it("tags the deposit flow with the permit2 nonce", async () => {
    const db = memoryDb();
    const topics = encodeEventTopics({
      abi: vaultRouterAbi,
      eventName: "Permit2Deposit",
      args: { vault: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", owner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
    });
    const data = encodeAbiParameters([{ type: "uint256" }], [7n]);
    await handleRouterLogs(db, [fakeLog({ topics, data, transactionHash: "0xabc" })]);
    expect(db.flowTags.get("0xabc")).toEqual({ via: "permit2", permit2Nonce: 7n });
  });
});
""")
        t.bash("pnpm -C indexer typecheck", "Typecheck", out=pnpm_hdr("typecheck", "tsc --noEmit"))
        t.bash("pnpm -C indexer exec vitest run", "Run indexer tests",
               out=vitest_out([("test/handlers/vault.test.ts", 6, 40), ("test/handlers/depositCap.test.ts", 1, 6),
                               ("test/handlers/router.test.ts", 1, 8), ("test/apr.test.ts", 5, 10)], "10:41:07"))
        t.done("Router logs are handled in `indexer/src/handlers/router.ts`: each `Permit2Deposit` tags the flow row of "
               "its transaction with `via: \"permit2\"` and the nonce. ABIs regenerated (router ABI now has the constructor "
               "arg, `depositWithPermit2`, `AssetMismatch`, `Permit2Deposit`), typecheck clean, 13 vitest tests pass. "
               "You'll still need to register `handleRouterLogs` with the router address in `src/main.ts` once it's deployed.")

    # ============================================================ S7 Tue 10-27
    with d.session("2026-10-27T13:15:00", R, branch="feat/router-permit2", version="2.1.98"):
        t = d.task("change of plan on the pragma: integrators import the router and its interfaces into their own "
                   "projects and an exact pin forces their compiler version. for everything under src/periphery use "
                   "pragma solidity ^0.8.24 from now on. core contracts stay pinned. build after",
                   tags=["reversal:P3"])
        t.grep("^pragma solidity", path=P("src"), output_mode="content", n=True,
               content=f"{P('src/TidepoolVault.sol')}:2:pragma solidity 0.8.28;\n{P('src/WithdrawQueue.sol')}:2:pragma solidity 0.8.28;\n"
                       f"{P('src/periphery/VaultRouter.sol')}:2:pragma solidity 0.8.28;\n{P('src/periphery/IVaultRouter.sol')}:2:pragma solidity 0.8.28;")
        t.read(P("src/periphery/VaultRouter.sol"), limit=5)
        t.edit(P("src/periphery/VaultRouter.sol"), "pragma solidity 0.8.28;", "pragma solidity ^0.8.24;")
        d.files[P("src/periphery/IVaultRouter.sol")] = ("// SPDX-License-Identifier: MIT\npragma solidity 0.8.28;\n\n"
                                                         "import {IERC4626} from \"@openzeppelin/contracts/interfaces/IERC4626.sol\";\n")
        t.read(P("src/periphery/IVaultRouter.sol"), limit=5)
        t.edit(P("src/periphery/IVaultRouter.sol"), "pragma solidity 0.8.28;", "pragma solidity ^0.8.24;")
        t.bash("forge build", "Build with the floating periphery pragmas", out=compiled(9, "33.80"))
        t.done("`src/periphery/VaultRouter.sol` and `src/periphery/IVaultRouter.sol` now say `pragma solidity ^0.8.24;` "
               "(0.8.24 is the first with transient storage opcodes in inline assembly, which OZ 5.4 can use); "
               "`TidepoolVault` and `WithdrawQueue` stay on the exact `0.8.28`. Our own builds still use solc 0.8.28 from "
               "`foundry.toml`, so bytecode doesn't change. New periphery files will get the caret.")

        t = d.task("deploy the router to sepolia. new script/DeployRouter.s.sol that reads the vault + permit2 addresses "
                   "from config/sepolia.json (Ravi set that file up for all our addresses) and appends the router to "
                   "deployments/11155111.json. broadcast + verify, then check it", tags=["workflow:W2", "mistake:M2"])
        t.bash("cat config/sepolia.json", "See the config layout",
               out='{\n  "permit2": "0x000000000022D473030F116dDEE9F6B43aC78BA3",\n  "vault": "' + va + '",\n  "usdc": "' + SEP_USDC + '"\n}')
        t.write(P("script/DeployRouter.s.sol"), """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {Script, console} from "forge-std/Script.sol";
import {stdJson} from "forge-std/StdJson.sol";
import {ISignatureTransfer} from "permit2/interfaces/ISignatureTransfer.sol";
import {VaultRouter} from "../src/periphery/VaultRouter.sol";

contract DeployRouter is Script {
    using stdJson for string;

    function run() external returns (VaultRouter router) {
        string memory cfg = vm.readFile(string.concat("./config/", vm.envString("NETWORK"), ".json"));
        ISignatureTransfer permit2 = ISignatureTransfer(cfg.readAddress(".permit2"));

        vm.startBroadcast();
        router = new VaultRouter(permit2);
        vm.stopBroadcast();

        console.log("VaultRouter deployed at", address(router));
        string memory path = string.concat("./deployments/", vm.toString(block.chainid), ".json");
        vm.writeJson(vm.toString(address(router)), path, ".VaultRouter");
    }
}
""")
        t.fail(f"NETWORK=sepolia forge script script/DeployRouter.s.sol --rpc-url sepolia --account tidepool-deployer "
               f"--sender {DEPLOYER} --broadcast --verify", "Deploy and verify the router on Sepolia",
               compiled(1, "3.18") + "\nError: script failed: vm.readFile: the path ./config/sepolia.json is not allowed "
               "to be accessed for read operations", timeout=900000)
        t.say("Nothing was broadcast — the simulation stopped at reading the config, which isn't in `fs_permissions` "
              "yet. Adding read access for `./config`.")
        t.read(P("foundry.toml"))
        t.edit(P("foundry.toml"), 'fs_permissions = [\n    { access = "read-write", path = "./deployments" },\n    { access = "read", path = "./test/fixtures" },\n]',
               'fs_permissions = [\n    { access = "read-write", path = "./deployments" },\n    { access = "read", path = "./test/fixtures" },\n    { access = "read", path = "./config" },\n]')
        ra = addr()
        t.bash(f"NETWORK=sepolia forge script script/DeployRouter.s.sol --rpc-url sepolia --account tidepool-deployer "
               f"--sender {DEPLOYER} --broadcast --verify", "Deploy and verify the router on Sepolia",
               out=script_out("DeployRouter.s.sol", 11155111, "sepolia", [("src/periphery/VaultRouter.sol:VaultRouter", ra, 1291880)],
                              [f"VaultRouter deployed at {ra}"], 1291880, 2.204, 9455120), timeout=900000)
        t.bash(f"cast call {ra} \"permit2()(address)\" --rpc-url sepolia && jq . deployments/11155111.json",
               "Check the router's permit2 and the deployments file",
               out='0x000000000022D473030F116dDEE9F6B43aC78BA3\n{\n  "TidepoolVault": "' + va + '",\n  "asset": "' + SEP_USDC +
                   '",\n  "block": 9384502,\n  "VaultRouter": "' + ra + '"\n}')
        t.done(f"Router is live and verified on Sepolia: `{ra}` (block 9455120), `permit2()` points at the canonical "
               "Permit2, and `deployments/11155111.json` now has `VaultRouter` next to the vault.\n\nThe first run stopped "
               "in simulation (nothing sent) because the script reads `config/sepolia.json`; `fs_permissions` now has "
               "read on `./config` as well.")

        t = d.task("run the fork tests, I want to make sure the router still behaves against real mainnet USDC",
                   tags=["flaky:F1"])
        fork_fail = (NOCHANGE + "\n\nRan 1 test for test/fork/VaultRouterFork.t.sol:VaultRouterForkTest\n"
                     "[FAIL: vm.createSelectFork: could not instantiate forked environment with provider eth-mainnet.g.alchemy.com; "
                     "failed to get latest block number; HTTP error 429 with body: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":429,"
                     "\"message\":\"Your app has exceeded its compute units per second capacity. If you have retries enabled, you can "
                     "safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput\"}}] setUp() (gas: 0)\n"
                     "Suite result: FAILED. 0 passed; 1 failed; 0 skipped; finished in 612.40ms (0.00ns CPU time)\n\n"
                     "Ran 1 test suite in 618.02ms (612.40ms CPU time): 0 tests passed, 1 failed, 0 skipped (1 total tests)\n\n"
                     "Failing tests:\nEncountered 1 failing test in test/fork/VaultRouterFork.t.sol:VaultRouterForkTest\n"
                     "[FAIL: vm.createSelectFork: could not instantiate forked environment with provider eth-mainnet.g.alchemy.com; "
                     "failed to get latest block number; HTTP error 429] setUp() (gas: 0)\n\n"
                     "Encountered a total of 1 failing tests, 0 tests succeeded")
        t.fail("forge test --match-path \"test/fork/*\"", "Run the mainnet fork tests", fork_fail, timeout=600000)
        t.say("HTTP 429 from Alchemy — compute-units rate limit, not our code. Running the same command again.")
        fk = suite("test/fork/VaultRouterFork.t.sol", "VaultRouterForkTest",
                   [("test_depositWithPermit_mainnetUSDC()", 231455), ("test_depositMin_revertsOnSlippage()", 189302)], 3104.5)
        out, _ = test_out(NOCHANGE, [fk])
        t.bash("forge test --match-path \"test/fork/*\"", "Run the mainnet fork tests", out=out, timeout=600000)
        t.done("Both fork tests pass against mainnet USDC (pinned block 23500000). The first attempt hit Alchemy's "
               "compute-unit rate limit (HTTP 429) while creating the fork; the identical re-run went through.")

        t = d.task("last thing for this branch: owner-only sweep(token, to) on the router for tokens people send to it by "
                   "mistake. again: custom errors, not string reverts. then ship the branch as a PR", tags=["pref:P1", "workflow:W1"])
        t.read(P("src/periphery/VaultRouter.sol"))
        t.edit(P("src/periphery/VaultRouter.sol"), """contract VaultRouter {
    using SafeERC20 for IERC20;
""", """contract VaultRouter is Ownable2Step {
    using SafeERC20 for IERC20;
""")
        t.edit(P("src/periphery/VaultRouter.sol"), """    error AssetMismatch(address token, address asset);
""", """    error AssetMismatch(address token, address asset);
    error ZeroRecipient();
""")
        t.edit(P("src/periphery/VaultRouter.sol"), """    constructor(ISignatureTransfer permit2_) {
        permit2 = permit2_;
    }
""", """    constructor(ISignatureTransfer permit2_, address owner_) Ownable(owner_) {
        permit2 = permit2_;
    }

    /// @notice Sends the router's whole balance of `token` to `to`.
    function sweep(IERC20 token, address to) external onlyOwner {
        if (to == address(0)) revert ZeroRecipient();
        token.safeTransfer(to, token.balanceOf(address(this)));
    }
""")
        t.edit(P("src/periphery/VaultRouter.sol"), """import {ISignatureTransfer} from "permit2/interfaces/ISignatureTransfer.sol";
""", """import {ISignatureTransfer} from "permit2/interfaces/ISignatureTransfer.sol";
import {Ownable2Step, Ownable} from "@openzeppelin/contracts/access/Ownable2Step.sol";
""")
        t.read(P("script/DeployRouter.s.sol"))
        t.edit(P("script/DeployRouter.s.sol"), "router = new VaultRouter(permit2);",
               "router = new VaultRouter(permit2, cfg.readAddress(\".owner\"));")
        t.read(P("script/DeployLocal.s.sol"))
        t.edit(P("script/DeployLocal.s.sol"), "ISignatureTransfer(0x000000000022D473030F116dDEE9F6B43aC78BA3));",
               "ISignatureTransfer(0x000000000022D473030F116dDEE9F6B43aC78BA3), msg.sender);")
        t.bash("forge fmt && forge fmt --check", "Format and check", out="")
        router_tests += [("test_RevertWhen_sweepByNonOwner()", 13877), ("test_RevertWhen_sweepToZero()", 11204),
                         ("test_sweep_sendsWholeBalance()", 58123)]
        router_tests.sort()
        out, n = test_out(compiled(8, "35.22"), [
            suite("test/TidepoolVault.t.sol", "TidepoolVaultTest", vault_tests, 95.8),
            suite("test/VaultRouterPermit2.t.sol", "VaultRouterPermit2Test", router_tests, 230.1),
            suite("test/WithdrawQueue.t.sol", "WithdrawQueueTest", wq_tests, 399.4),
            suite("test/WithdrawQueueReplay.t.sol", "WithdrawQueueReplayTest", [("test_replay_allRequestsClaimable()", 9412087)], 42.6),
            fk])
        t.bash("forge test", "Full suite", out=out, timeout=600000)
        t.bash("forge snapshot", "Update the gas snapshot", out=out.replace(compiled(8, "35.22"), NOCHANGE), timeout=600000)
        t.bash("slither . --config-file slither.config.json", "Static analysis", out="", err=slither_out(58), timeout=600000)
        t.bash("git add -A && git commit -q -m \"feat(router): Permit2 deposits, sweep, ^0.8.24 periphery pragma\" && "
               "git push -u origin feat/router-permit2", "Commit and push", out="", err=push_new("feat/router-permit2"))
        t.bash("gh pr create --base main --title \"feat(router): Permit2 deposits + sweep\" --body \"depositWithPermit2 "
               "(SignatureTransfer, spender = router), owner-only sweep, router is Ownable2Step now (constructor takes owner). "
               "Periphery pragma ^0.8.24. Sepolia deploy of the pre-sweep version: see deployments/11155111.json.\"",
               "Open the PR", out=f"https://github.com/{GH}/pull/47")
        t.done(f"`sweep(token, to)` added (owner only, `ZeroRecipient` custom error), router is `Ownable2Step` with the "
               f"owner passed in the constructor (DeployRouter reads `.owner` from the config). fmt clean, {n} tests pass, "
               f"snapshot updated, slither 0 results. PR #47: https://github.com/{GH}/pull/47\n\nNote: the router on Sepolia "
               "is the pre-sweep build; redeploy after merge.")

    # ============================================================ S8 Fri 10-30 (ends with reason other)
    with d.session("2026-10-30T08:45:00", R, branch="ci/coverage", version="2.1.99", end_reason="other"):
        t = d.task("let's get coverage into CI: a coverage job that uploads lcov to codecov. run it locally first so we "
                   "know the command works", tags=["mistake:M1"])
        t.fail("forge coverage --report lcov", "Generate lcov.info locally like CI would",
               stack_too_deep(d, P("src/periphery/VaultRouter.sol"), "permit,\n            ISignatureTransfer.SignatureTransferDetails", 83, "9.02"),
               timeout=900000)
        t.say("Stack too deep again, this time in the new `_depositPermit2` — coverage builds without via-IR. "
              "`--ir-minimum` is what works locally, so the CI job needs it too.")
        cov_rows = [("script/DeployLocal.s.sol", 0, 9, 0, 11, 0, 0, 0, 1), ("script/DeployRouter.s.sol", 0, 8, 0, 10, 0, 0, 0, 1),
                    ("script/DeployVault.s.sol", 0, 13, 0, 16, 0, 0, 0, 1),
                    ("src/TidepoolVault.sol", 33, 35, 38, 40, 10, 10, 12, 12), ("src/WithdrawQueue.sol", 36, 38, 41, 43, 9, 10, 5, 5),
                    ("src/periphery/VaultRouter.sol", 41, 44, 49, 53, 8, 9, 5, 5)]
        out, _ = test_out(IRMIN_WARN + "\n" + compiled(83, "27.64") + "\nAnalysing contracts...\nRunning tests...", [
            suite("test/TidepoolVault.t.sol", "TidepoolVaultTest", vault_tests, 133.0),
            suite("test/VaultRouterPermit2.t.sol", "VaultRouterPermit2Test", router_tests, 301.7),
            suite("test/WithdrawQueue.t.sol", "WithdrawQueueTest", wq_tests, 455.2),
            suite("test/WithdrawQueueReplay.t.sol", "WithdrawQueueReplayTest", [("test_replay_allRequestsClaimable()", 9412087)], 51.9),
            fk])
        t.bash("forge coverage --report lcov --ir-minimum", "Generate lcov.info with minimal via-IR",
               out=out + "\nWrote LCOV report.", timeout=900000)
        t.read(P(".github/workflows/ci.yml"))
        t.edit(P(".github/workflows/ci.yml"), """      - run: forge snapshot --check

""", """      - run: forge snapshot --check

  coverage:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
        with:
          submodules: recursive
      - uses: foundry-rs/foundry-toolchain@v1
      # plain coverage builds without viaIR and hits "stack too deep" in VaultRouter
      - run: forge coverage --ir-minimum --report lcov --no-match-path "test/fork/*"
      - uses: codecov/codecov-action@v5
        with:
          files: lcov.info
          token: ${{ secrets.CODECOV_TOKEN }}
          fail_ci_if_error: true

""")
        t.bash("git add .github/workflows/ci.yml && git commit -q -m \"ci: coverage job with --ir-minimum, upload to codecov\" && git log --oneline -1",
               "Commit the workflow change", out=f"{hx(7)} ci: coverage job with --ir-minimum, upload to codecov")
        t.done("Works locally with `--ir-minimum` (plain `forge coverage` dies with stack too deep in "
               "`VaultRouter._depositPermit2`). The new `coverage` job in `ci.yml` runs `forge coverage --ir-minimum "
               "--report lcov` without the fork tests (no RPC secret needed) and uploads `lcov.info` with "
               "`codecov/codecov-action@v5`. You'll need a `CODECOV_TOKEN` repo secret. Committed on `ci/coverage`.")

        t = d.task("someone's mainnet deposit through the old router reverted: 0x8f3c1e7a2b9d4f60c1e5a7b3d9f2c4e6a8b0d2f4e6a8c0b2d4f6a8c0e2b4d6f8. "
                   "can you trace it locally and tell me why?", tags=["unfixed:U2"])
        txh = "0x8f3c1e7a2b9d4f60c1e5a7b3d9f2c4e6a8b0d2f4e6a8c0b2d4f6a8c0e2b4d6f8"
        t.bash(f"cast tx {txh} --rpc-url mainnet", "Look at the transaction",
               out=f"\nblockHash            0x{hx(64)}\nblockNumber          23611408\nfrom                 0x6aB3c5D7e9F1a3B5c7D9e1F3a5B7c9D1e3F5a7B9\n"
                   "transactionIndex     87\neffectiveGasPrice    2318442771\n\naccessList           []\nchainId              1\n"
                   "gasLimit             310000\nhash                 " + txh + "\ninput                0x8d8a2c55" + hx(64 * 4) +
                   "\nmaxFeePerGas         3400000000\nmaxPriorityFeePerGas 1000000\nnonce                41\nr                    0x" + hx(64) +
                   "\ns                    0x" + hx(64) + "\nto                   0x2C4e6A8b0D2f4E6a8B0c2D4e6F8a0B2c4D6e8F0a\ntype                 2\nvalue                0\nyParity              1")
        t.fail(f"cast run {txh} --rpc-url mainnet", "Replay the transaction locally with a trace",
               "Executing previous transactions from the block.\nError: failed to replay transaction\n\nContext:\n"
               "- Error #0: server returned an error response: error code -32000: missing trie node "
               f"{hx(64)} (path ) state 0x{hx(64)} is not available, not found")
        t.bash(f"cast receipt {txh} status --rpc-url mainnet", "Confirm it reverted", out="0 (failed)")
        t.done("Couldn't trace it. `cast run` replays the block's earlier transactions on top of the parent state, and our "
               "mainnet RPC (Alchemy, non-archive tier on this key) no longer serves state from block 23611408 — `missing "
               "trie node`. The receipt confirms status 0.\n\nOptions: an archive endpoint (Alchemy's archive add-on, or "
               "Tenderly/Phalcon's UI which trace it for free), then `cast run` works as is. I haven't guessed a cause from "
               "calldata alone; the selector `0x8d8a2c55` is `depositWithPermit`, so a consumed/front-run permit hitting the "
               "`catch` and then failing `transferFrom` is plausible, but it needs the trace to confirm.")

        t = d.task("where do we use onlyOwner across src? I want the list for the multisig handover doc", tags=["noise"])
        t.grep("onlyOwner", path=P("src"), output_mode="content", n=True,
               content=f"{P('src/TidepoolVault.sol')}:36:    function setPerformanceFee(uint256 feeBps) external onlyOwner {{\n"
                       f"{P('src/TidepoolVault.sol')}:42:    function setFeeRecipient(address recipient) external onlyOwner {{\n"
                       f"{P('src/TidepoolVault.sol')}:49:    function setDepositCap(uint256 cap) external onlyOwner {{\n"
                       f"{P('src/TidepoolVault.sol')}:56:    function pause() external onlyOwner {{\n"
                       f"{P('src/TidepoolVault.sol')}:60:    function unpause() external onlyOwner {{\n"
                       f"{P('src/WithdrawQueue.sol')}:54:    function settle(uint256 count) external onlyOwner {{\n"
                       f"{P('src/WithdrawQueue.sol')}:85:    function setWithdrawDelay(uint64 delay) external onlyOwner {{\n"
                       f"{P('src/periphery/VaultRouter.sol')}:39:    function sweep(IERC20 token, address to) external onlyOwner {{")
        t.done("""Owner-only functions (all `Ownable2Step`, so the multisig must call `acceptOwnership()` after each transfer):

**TidepoolVault** — `setPerformanceFee`, `setFeeRecipient`, `setDepositCap`, `pause`, `unpause`
**WithdrawQueue** — `settle` (operational, called often), `setWithdrawDelay`
**VaultRouter** — `sweep`

`settle` is the only one that's routine; you may want a separate keeper role for it rather than routing every batch through the multisig.""")

    # ============================================================ S9 Tue 11-03
    with d.session("2026-11-03T09:30:00", R, branch="feat/rewards", version="2.1.100"):
        t = d.task("rewards: src/rewards/RewardsDistributor.sol, merkle-based weekly epochs (owner posts root + total, "
                   "users claim(epoch, amount, proof)), wstETH as reward token. Ravi already pushed "
                   "test/RewardsDistributor.t.sol against the interface we agreed on — make it pass", tags=["noise"])
        t.bash("git pull -q --rebase origin feat/rewards && sed -n '1,40p' test/RewardsDistributor.t.sol",
               "Get Ravi's test file and look at the expected interface",
               out=("// SPDX-License-Identifier: BUSL-1.1\npragma solidity 0.8.28;\n\nimport {Test} from \"forge-std/Test.sol\";\n"
                    "import {ERC20Mock} from \"@openzeppelin/contracts/mocks/token/ERC20Mock.sol\";\n"
                    "import {Merkle} from \"murky/Merkle.sol\";\n"
                    "import {RewardsDistributor} from \"../src/rewards/RewardsDistributor.sol\";\n\n"
                    "contract RewardsDistributorTest is Test {\n    ERC20Mock internal wsteth;\n    RewardsDistributor internal dist;\n"
                    "    Merkle internal m = new Merkle();\n    address internal owner = makeAddr(\"owner\");\n\n"
                    "    function setUp() public {\n        wsteth = new ERC20Mock();\n"
                    "        dist = new RewardsDistributor(wsteth, owner);\n        wsteth.mint(owner, 1000 ether);\n"
                    "        vm.prank(owner);\n        wsteth.approve(address(dist), type(uint256).max);\n    }\n\n"
                    "    function _leaf(address account, uint256 amount) internal pure returns (bytes32) {\n"
                    "        return keccak256(bytes.concat(keccak256(abi.encode(account, amount))));\n    }\n\n"
                    "    function test_postEpoch_pullsTotal() public {\n        bytes32[] memory leaves = new bytes32[](2);\n"
                    "        leaves[0] = _leaf(makeAddr(\"a\"), 1 ether);\n        leaves[1] = _leaf(makeAddr(\"b\"), 2 ether);\n"
                    "        vm.prank(owner);\n        dist.postEpoch(1, m.getRoot(leaves), 3 ether);\n"
                    "        assertEq(wsteth.balanceOf(address(dist)), 3 ether);\n    }"))
        t.write(P("src/rewards/RewardsDistributor.sol"), """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {Ownable2Step, Ownable} from "@openzeppelin/contracts/access/Ownable2Step.sol";

/// @title RewardsDistributor
/// @notice Weekly merkle distributions of one reward token to vault depositors.
contract RewardsDistributor is Ownable2Step {
    using SafeERC20 for IERC20;

    error EpochExists(uint256 epoch);
    error UnknownEpoch(uint256 epoch);
    error AlreadyClaimed(uint256 epoch, address account);
    error InvalidProof();

    event EpochPosted(uint256 indexed epoch, bytes32 root, uint256 total);
    event Claimed(uint256 indexed epoch, address indexed account, uint256 amount);

    IERC20 public immutable rewardToken;
    mapping(uint256 => bytes32) public roots;
    mapping(uint256 => mapping(address => bool)) public claimed;

    constructor(IERC20 rewardToken_, address owner_) Ownable(owner_) {
        rewardToken = rewardToken_;
    }

    function postEpoch(uint256 epoch, bytes32 root, uint256 total) external onlyOwner {
        if (roots[epoch] != bytes32(0)) revert EpochExists(epoch);
        roots[epoch] = root;
        rewardToken.safeTransferFrom(msg.sender, address(this), total);
        emit EpochPosted(epoch, root, total);
    }

    function claim(uint256 epoch, uint256 amount, bytes32[] calldata proof) external {
        bytes32 root = roots[epoch];
        if (root == bytes32(0)) revert UnknownEpoch(epoch);
        if (claimed[epoch][msg.sender]) revert AlreadyClaimed(epoch, msg.sender);
        bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(msg.sender, amount))));
        if (!MerkleProof.verifyCalldata(proof, root, leaf)) revert InvalidProof();
        claimed[epoch][msg.sender] = true;
        rewardToken.safeTransfer(msg.sender, amount);
        emit Claimed(epoch, msg.sender, amount);
    }
}
""")
        rw_tests = [("testFuzz_claim_randomAmounts(uint96)", 96210), ("test_RevertWhen_claimTwice()", 88431),
                    ("test_RevertWhen_invalidProof()", 41907), ("test_RevertWhen_unknownEpoch()", 12233),
                    ("test_claim_paysAmount()", 84077), ("test_postEpoch_pullsTotal()", 71560)]
        out, n = test_out(compiled(3, "29.47"), [suite("test/RewardsDistributor.t.sol", "RewardsDistributorTest", rw_tests, 88.2)])
        t.bash("forge test --match-path test/RewardsDistributor.t.sol", "Run the rewards tests", out=out, timeout=600000)
        t.done(f"`RewardsDistributor` is in and all {n} of Ravi's tests pass.\n\n"
               "- `postEpoch(epoch, root, total)` (owner) pulls the epoch's total in wstETH; `claim(epoch, amount, proof)` "
               "checks the double-hashed leaf `keccak256(bytes.concat(keccak256(abi.encode(account, amount))))` — the "
               "format OZ's merkle-tree JS library produces.\n- Custom errors: `EpochExists`, `UnknownEpoch`, "
               "`AlreadyClaimed`, `InvalidProof`.")

        t = d.task("indexer needs the rewards events (EpochPosted, Claimed). you know the drill", tags=["workflow:W3"])
        t.bash("forge build", "Build so out/ has the distributor ABI", out=NOCHANGE)
        t.bash("pnpm -C indexer abi:gen", "Regenerate typed ABIs",
               out=pnpm_hdr("abi:gen", "tsx scripts/gen-abis.ts") + "\nwrote src/abis/TidepoolVault.ts (61 entries)\n"
               "wrote src/abis/VaultRouter.ts (21 entries)\nwrote src/abis/RewardsDistributor.ts (24 entries)")
        t.write(P("indexer/src/handlers/rewards.ts"), """import { type Log, parseEventLogs } from "viem";
import { rewardsDistributorAbi } from "../abis/RewardsDistributor.js";
import type { Db } from "../db.js";

export async function handleRewardsLogs(db: Db, logs: Log[]) {
  const events = parseEventLogs({ abi: rewardsDistributorAbi, logs });
  for (const ev of events) {
    if (ev.eventName === "EpochPosted") {
      await db.upsertEpoch({ epoch: ev.args.epoch, root: ev.args.root, total: ev.args.total, block: ev.blockNumber });
    } else if (ev.eventName === "Claimed") {
      await db.insertClaim({ epoch: ev.args.epoch, account: ev.args.account, amount: ev.args.amount, tx: ev.transactionHash });
    }
  }
}
""")
        t.write(P("indexer/test/handlers/rewards.test.ts"), """import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeEventTopics } from "viem";
import { rewardsDistributorAbi } from "../../src/abis/RewardsDistributor.js";
import { handleRewardsLogs } from "../../src/handlers/rewards.js";
import { fakeLog, memoryDb } from "../helpers.js";

const acct = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("rewards handlers", () => {
  it("stores posted epochs", async () => {
    const db = memoryDb();
    const topics = encodeEventTopics({ abi: rewardsDistributorAbi, eventName: "EpochPosted", args: { epoch: 3n } });
    const data = encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [`0x${"ab".repeat(32)}`, 10n ** 20n]);
    await handleRewardsLogs(db, [fakeLog({ topics, data, blockNumber: 23_700_000n })]);
    expect(db.epochs.get(3n)?.total).toBe(10n ** 20n);
  });

  it("stores claims", async () => {
    const db = memoryDb();
    const topics = encodeEventTopics({ abi: rewardsDistributorAbi, eventName: "Claimed", args: { epoch: 3n, account: acct } });
    const data = encodeAbiParameters([{ type: "uint256" }], [5n * 10n ** 17n]);
    await handleRewardsLogs(db, [fakeLog({ topics, data, transactionHash: "0xdef" })]);
    expect(db.claims).toHaveLength(1);
  });
});
""")
        t.bash("pnpm -C indexer typecheck", "Typecheck", out=pnpm_hdr("typecheck", "tsc --noEmit"))
        t.bash("pnpm -C indexer exec vitest run", "Run indexer tests",
               out=vitest_out([("test/handlers/vault.test.ts", 6, 37), ("test/handlers/depositCap.test.ts", 1, 6),
                               ("test/handlers/router.test.ts", 1, 7), ("test/handlers/rewards.test.ts", 2, 11),
                               ("test/apr.test.ts", 5, 9)], "10:18:52"))
        t.done("`indexer/src/handlers/rewards.ts` stores `EpochPosted` (epoch, root, total, block) and `Claimed` "
               "(epoch, account, amount, tx). ABIs regenerated with the new `RewardsDistributor.ts`, typecheck clean, "
               "15 vitest tests pass. The `epochs`/`claims` tables need Ravi's migration before this runs against the real DB.")

        t = d.task("on my anvil fork (8545, fresh from this morning) give the test account 5 wstETH from a whale — I "
                   "want to post a test epoch from it", tags=["mistake:M3"])
        wwhale = "0x0B925eD163218f6662a35e0f0371Ac234f9E9371"
        t.bash(f"cast call {WSTETH} \"balanceOf(address)(uint256)\" {wwhale} --rpc-url {LOCAL}",
               "Whale's wstETH on the fork", out="28413902557120043311290 [2.841e22]")
        t.bash(f"cast balance {wwhale} --rpc-url {LOCAL} --ether", "Whale's ETH for gas", out="0.412093311840552117")
        t.fail(f"cast send {WSTETH} \"transfer(address,uint256)\" {TEST_ACCT} 5ether --from {wwhale} --unlocked --rpc-url {LOCAL}",
               "Send 5 wstETH to the test account",
               "Error: server returned an error response: error code -32602: No Signer available")
        t.say("New anvil process again — the whale has to be impersonated before `--unlocked` can send from it.")
        t.bash(f"cast rpc anvil_impersonateAccount {wwhale} --rpc-url {LOCAL}", "Impersonate the wstETH whale", out="null")
        t.bash(f"cast send {WSTETH} \"transfer(address,uint256)\" {TEST_ACCT} 5ether --from {wwhale} --unlocked --rpc-url {LOCAL}",
               "Send 5 wstETH to the test account", out=receipt(wwhale, WSTETH, 52481, 23702244))
        t.bash(f"cast call {WSTETH} \"balanceOf(address)(uint256)\" {TEST_ACCT} --rpc-url {LOCAL}",
               "Confirm", out="5000000000000000000 [5e18]")
        t.done(f"Test account `{TEST_ACCT}` has 5 wstETH on the fork now (block 23702244). The whale stays impersonated "
               "until anvil restarts, so you can pull more from it directly.")

    # ============================================================ S10 Thu 11-05
    with d.session("2026-11-05T10:10:00", R, branch="feat/rewards", version="2.1.101"):
        t = d.task("rewards is reviewed on my side, ship it as a PR", tags=["workflow:W1"])
        t.bash("forge fmt --check", "Check formatting", out="")
        out, n = test_out(NOCHANGE, [
            suite("test/RewardsDistributor.t.sol", "RewardsDistributorTest", rw_tests, 90.1),
            suite("test/TidepoolVault.t.sol", "TidepoolVaultTest", vault_tests, 94.6),
            suite("test/VaultRouterPermit2.t.sol", "VaultRouterPermit2Test", router_tests, 228.8),
            suite("test/WithdrawQueue.t.sol", "WithdrawQueueTest", wq_tests, 401.3),
            suite("test/WithdrawQueueReplay.t.sol", "WithdrawQueueReplayTest", [("test_replay_allRequestsClaimable()", 9412087)], 42.1),
            fk])
        t.bash("forge test", "Full suite", out=out, timeout=600000)
        t.bash("forge snapshot", "Update the gas snapshot", out=out, timeout=600000)
        t.bash("slither . --config-file slither.config.json", "Static analysis", out="", err=slither_out(63), timeout=600000)
        t.bash("git add -A && git commit -q -m \"feat(rewards): merkle RewardsDistributor + indexer handlers\" && "
               "git push -u origin feat/rewards", "Commit and push", out="", err=push_new("feat/rewards"))
        t.bash("gh pr create --base main --title \"feat(rewards): merkle RewardsDistributor\" --body \"Weekly merkle epochs "
               "paid in wstETH: owner posts root + total, users claim with proof (OZ double-hashed leaves). Indexer stores "
               "EpochPosted/Claimed; needs Ravi's epochs/claims migration.\"", "Open the PR", out=f"https://github.com/{GH}/pull/52")
        t.done(f"PR #52: https://github.com/{GH}/pull/52 — fmt clean, {n} tests green, gas snapshot updated, slither "
               "0 results.")

        t = d.task("and put the distributor on sepolia for QA, with the usual verify + check. reward token on sepolia is "
                   "our mock wstETH from config/sepolia.json (.wsteth), owner .owner", tags=["workflow:W2"])
        t.write(P("script/DeployRewards.s.sol"), """// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.28;

import {Script, console} from "forge-std/Script.sol";
import {stdJson} from "forge-std/StdJson.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {RewardsDistributor} from "../src/rewards/RewardsDistributor.sol";

contract DeployRewards is Script {
    using stdJson for string;

    function run() external returns (RewardsDistributor distributor) {
        string memory cfg = vm.readFile(string.concat("./config/", vm.envString("NETWORK"), ".json"));
        vm.startBroadcast();
        distributor = new RewardsDistributor(IERC20(cfg.readAddress(".wsteth")), cfg.readAddress(".owner"));
        vm.stopBroadcast();
        console.log("RewardsDistributor deployed at", address(distributor));
        string memory path = string.concat("./deployments/", vm.toString(block.chainid), ".json");
        vm.writeJson(vm.toString(address(distributor)), path, ".RewardsDistributor");
    }
}
""")
        da = addr()
        t.bash(f"NETWORK=sepolia forge script script/DeployRewards.s.sol --rpc-url sepolia --account tidepool-deployer "
               f"--sender {DEPLOYER} --broadcast --verify", "Deploy and verify the distributor on Sepolia",
               out=script_out("DeployRewards.s.sol", 11155111, "sepolia", [("src/rewards/RewardsDistributor.sol:RewardsDistributor", da, 1034227)],
                              [f"RewardsDistributor deployed at {da}"], 1034227, 1.655, 9541876, pre=compiled(1, "3.05"), nargs=2), timeout=900000)
        t.bash(f"cast call {da} \"rewardToken()(address)\" --rpc-url sepolia && cast call {da} \"owner()(address)\" --rpc-url sepolia",
               "Check reward token and owner", out="0xB82381A3fBD3FaFA77B3a7bE693342618240067b\n0x9b4F1a2c6E0d3B5a7C8e1F2d4A6b8C0e2D4f6A81")
        t.done(f"RewardsDistributor is on Sepolia and verified: `{da}` (block 9541876). `rewardToken()` is the mock wstETH "
               "from the config, `owner()` the test multisig; the address is in `deployments/11155111.json`. "
               "(The deployer had been topped up since last week's failed `setWithdrawDelay`.)")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The project compiles with via_ir = true (VaultRouter's permit paths need it). `forge coverage` "
                            "disables the optimizer and viaIR for accurate source maps, so the coverage build fails with "
                            "stack too deep in the router; Claude runs plain `forge coverage` each time.",
             "error_signature": "forge coverage: 'Warning: optimizer settings and `viaIR` have been disabled for accurate "
                                "coverage reports.' … 'Error: Compiler run failed:' / 'Error: Compiler error "
                                "(/solidity/libsolidity/codegen/LValue.cpp:51):Stack too deep. Try compiling with `--via-ir` "
                                "(cli) or the equivalent `viaIR: true` (standard JSON) while enabling the optimizer. Otherwise, "
                                "try removing local variables.' + '--> src/periphery/VaultRouter.sol:<l>:<c>:'",
             "fix": "Run coverage with `--ir-minimum` (viaIR with minimal optimization), same report options; in CI too.",
             "fix_command_markers": [["--ir-minimum"]],
             "harmful_markers": ["--no-match-coverage", "via_ir = false", "optimizer = false"]},
            {"id": "M2",
             "description": "Scripts and tests use file cheatcodes (vm.writeJson / vm.readFile) on a path that "
                            "foundry.toml's fs_permissions does not grant; forge refuses the access.",
             "error_signature": "'vm.writeJson: the path ./deployments/<chainid>.json is not allowed to be accessed for write "
                                "operations' (forge script: 'Error: script failed: …') / '[FAIL: vm.readFile: the path "
                                "./test/fixtures/<f>.json is not allowed to be accessed for read operations] setUp() (gas: 0)' / "
                                "'vm.readFile: the path ./config/sepolia.json … read operations'",
             "fix": "Edit foundry.toml [profile.default] fs_permissions to grant the narrowest access for that directory "
                    "(read-write ./deployments, read ./test/fixtures, read ./config), then re-run the same command.",
             "fix_command_markers": [["fs_permissions"]],
             "harmful_markers": ["path = \"/\"", "path = \".\" }", "path = \"./\" }"]},
            {"id": "M3",
             "description": "On a local anvil mainnet fork, Claude sends tokens from a whale with `cast send --from <whale> "
                            "--unlocked` without impersonating it first; every new anvil process forgets impersonations.",
             "error_signature": "cast send … --unlocked: 'Error: server returned an error response: error code -32602: No "
                                "Signer available'",
             "fix": "`cast rpc anvil_impersonateAccount <whale> --rpc-url http://127.0.0.1:8545` first, then the same "
                    "`cast send … --unlocked`.",
             "fix_command_markers": [["anvil_impersonateAccount"]],
             "harmful_markers": ["anvil_setStorageAt", "anvil_setCode"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New WithdrawQueue packs shares into uint128: forge build 'Error (9553): Invalid type "
                                        "for argument in function call. Invalid implicit conversion from uint256 to uint128 "
                                        "requested.'; fixed with SafeCast.toUint128, same build passes."},
            {"id": "O2", "description": "Indexer APR helper multiplies bigint by number: tsc 'error TS2365: Operator '*' cannot "
                                        "be applied to types 'bigint' and 'number'.'; converted to Number after the bigint "
                                        "division, same typecheck passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "cast send setWithdrawDelay on Sepolia: 'insufficient funds for gas * price + value' — "
                                        "the deployer needs faucet ETH; reported, not retried."},
            {"id": "U2", "description": "cast run on a reverted mainnet tx: 'missing trie node … is not available' — the RPC "
                                        "key is not archive; reported, needs an archive endpoint."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "forge fork tests: vm.createSelectFork fails with Alchemy 'HTTP error 429' (compute "
                                        "units per second); identical re-run passes."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `forge fmt --check`, full `forge test`, `forge snapshot` (CI runs "
                                        "`--check`), `slither . --config-file slither.config.json`, commit + `git push -u "
                                        "origin <branch>`, `gh pr create --base main` with a short body.",
             "step_markers": [["forge fmt"], ["forge test"], ["forge snapshot"], ["slither"], ["gh pr create"]]},
            {"id": "W2", "description": "Testnet deploy: `forge script script/Deploy<X>.s.sol --rpc-url sepolia --account "
                                        "tidepool-deployer --sender <addr> --broadcast --verify` (writes deployments/11155111.json), "
                                        "then read the deployed contract back with `cast call … --rpc-url sepolia`.",
             "step_markers": [["forge script"], ["--broadcast"], ["--verify"], ["cast call"]]},
            {"id": "W3", "description": "Sync the indexer with contract events: `forge build` → `pnpm -C indexer abi:gen` → "
                                        "handler + vitest test → `pnpm -C indexer typecheck` → `pnpm -C indexer exec vitest run`.",
             "step_markers": [["forge build"], ["abi:gen"], ["typecheck"], ["vitest"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Reverts use custom errors, never require/revert with string reasons.",
             "markers": [["custom error"]]},
            {"id": "P2", "description": "Test naming: test_RevertWhen_<condition> for revert tests, testFuzz_ for fuzz tests.",
             "markers": [["test_RevertWhen_"], ["testFuzz_"]]},
            {"id": "P3", "description": "Exact pragma pin `pragma solidity 0.8.28;` (stated T05), reversed for src/periphery: "
                                        "floating `^0.8.24` because integrators import those files (core stays pinned).",
             "markers": [["pragma"], ["0.8.28"]],
             "reversal_markers": [["pragma"], ["^0.8.24"]]},
        ],
        probes=[
            {"prompt": "forge coverage --report summary fails with: Error: Compiler error (/solidity/libsolidity/codegen/LValue.cpp:51):Stack too deep. Try compiling with `--via-ir` (cli) ... --> src/rewards/RewardsDistributor.sol. but forge build works fine?",
             "wanted": ["M1"]},
            {"prompt": "The auditors want a per-file coverage summary for the rewards contracts before Thursday's call, can you produce it?",
             "wanted": ["M1"]},
            {"prompt": "my deploy script dies with: Error: script failed: vm.writeJson: the path ./deployments/8453.json is not allowed to be accessed for write operations — it worked on sepolia",
             "wanted": ["M2"]},
            {"prompt": "Write a forge test that loads the round-4 merkle tree from test/merkle/rewards-round-4.json and checks every proof claims correctly, then run it.",
             "wanted": ["M2"]},
            {"prompt": "cast send ... --from 0x0B92...9371 --unlocked on my anvil fork just says No Signer available, why?",
             "wanted": ["M3"]},
            {"prompt": "On the local mainnet fork (anvil on 8545, just restarted), move 1,000 WETH from a whale to the test account so Kemi can try large withdrawals.",
             "wanted": ["M3"]},
            {"prompt": "What's the practical difference between ERC-4626 previewRedeem and convertToAssets when fees are involved?",
             "wanted": []},
            {"prompt": "Write a one-paragraph summary of the WithdrawQueue design for the audit scope doc.",
             "wanted": []},
            {"prompt": "Should the RewardsDistributor use a bitmap for claimed flags instead of a nested mapping? Short answer with gas numbers.",
             "wanted": []},
            {"prompt": "Explain what bytecode_hash = \"none\" in foundry.toml changes for Etherscan verification.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "solidity-foundry.jsonl"), os.path.join(HERE, "tune", "solidity-foundry.labels.json"))
    print(f"solidity-foundry -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
