"""zh-fpga: 陈思远 (Chen Siyuan), FPGA engineer at 澜芯网络 (startup), Ethernet packet-processing core.

Stack: SystemVerilog RTL for a Zynq UltraScale+ ZCU102 (xczu9eg-ffvb1156-2-e), Vivado 2023.2 non-project batch
flow (`vivado -mode batch -source scripts/build.tcl`), Verilator 5.020 lint + simulation, cocotb 1.8.1 testbenches
via per-block Makefiles and pytest (cocotb.runner), Icarus Verilog for quick checks, GTKWave, PetaLinux 2023.2 for
the ARM side, git on Gitee. Prompts and replies in Chinese; tool output as printed.

Written blind for fresh/; measured once held out (round 16), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chensy"
R = "/home/chensy/work/pktproc"
PLNX = "/home/chensy/work/pp-plnx"
MODEL = "claude-opus-4-6"
PART = "xczu9eg-ffvb1156-2-e"
VENV = "/home/chensy/.venvs/fpga/lib/python3.10/site-packages/cocotb"

_rng = [random.Random(20261102)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ---------------------------------------------------------------- output helpers
def vdate(day, hms):
    d = _dt.date.fromisoformat(day)
    return f"{d:%a} {d:%b} {d.day:2d} {hms} 2026"


def vv_banner(script, args=""):
    return ("\n****** Vivado v2023.2 (64-bit)\n"
            "  **** SW Build 4029153 on Fri Oct 13 20:13:54 MDT 2023\n"
            "  **** IP Build 4028589 on Sat Oct 14 00:45:43 MDT 2023\n"
            "  **** SharedData Build 4025554 on Tue Oct 10 17:18:54 MDT 2023\n"
            "    ** Copyright 1986-2022 Xilinx, Inc. All Rights Reserved.\n"
            "    ** Copyright 2022-2023 Advanced Micro Devices, Inc. All Rights Reserved.\n\n"
            f"source {script}" + (f"\n# set stage [lindex $argv 0]" if args else ""))


def vv_exit(day, hms):
    return f"INFO: [Common 17-206] Exiting Vivado at {vdate(day, hms)}..."


def synth_start(pid, peak):
    return f"""# set part {PART}
# read_verilog -sv [read_filelist rtl/rtl.f]
# foreach xci [glob -nocomplain build/ip/*/*.xci] {{ read_ip $xci }}
# read_xdc constraints/zcu102.xdc
# synth_design -top pp_top -part $part -flatten_hierarchy rebuilt
Command: synth_design -top pp_top -part {PART} -flatten_hierarchy rebuilt
Starting synth_design
Attempting to get a license for feature 'Synthesis' and/or device 'xczu9eg'
INFO: [Common 17-349] Got license for feature 'Synthesis' and/or device 'xczu9eg'
INFO: [Device 21-403] Loading part {PART}
INFO: [Synth 8-7079] Multithreading enabled for synth_design using a maximum of 8 processes.
INFO: [Synth 8-7078] Launching helper process for spawning children vivado processes
INFO: [Synth 8-7075] Helper process launched with PID {pid}
---------------------------------------------------------------------------------
Starting RTL Elaboration : Time (s): cpu = 00:00:06 ; elapsed = 00:00:07 . Memory (MB): peak = {peak} ; gain = 412.863 ; free physical = 21544 ; free virtual = 40210
---------------------------------------------------------------------------------
INFO: [Synth 8-6157] synthesizing module 'pp_top' [{R}/rtl/top/pp_top.sv:3]"""


def synth_fail_ip(ip, line, day, hms, n_info, pid, peak, extra=""):
    return f"""{vv_banner("scripts/build.tcl", 1)}
{synth_start(pid, peak)}
INFO: [Synth 8-6157] synthesizing module 'eth_rx_path' [{R}/rtl/top/eth_rx_path.sv:4]
INFO: [Synth 8-6155] done synthesizing module 'eth_rx_path' (0#1) [{R}/rtl/top/eth_rx_path.sv:4]{extra}
ERROR: [Synth 8-439] module '{ip}' not found [{R}/rtl/top/pp_top.sv:{line}]
ERROR: [Synth 8-6156] failed synthesizing module 'pp_top' [{R}/rtl/top/pp_top.sv:3]
---------------------------------------------------------------------------------
Finished RTL Elaboration : Time (s): cpu = 00:00:08 ; elapsed = 00:00:09 . Memory (MB): peak = {peak} ; gain = 431.207 ; free physical = 21430 ; free virtual = 40096
---------------------------------------------------------------------------------
RTL Elaboration failed
INFO: [Common 17-83] Releasing license: Synthesis
{n_info} Infos, 0 Warnings, 0 Critical Warnings and 3 Errors encountered.
synth_design failed
ERROR: [Common 17-69] Command failed: Synthesis failed - please see the console or run log file for details

    while executing
"synth_design -top pp_top -part $part -flatten_hierarchy rebuilt"
    invoked from within
"if {{$stage in {{synth impl}}}} {{
    synth_design -top pp_top -part $part -flatten_hierarchy rebuilt
    write_checkpoint -force build/pp_top_synth.dcp
    report_utilization -file build/re..."
    (file "scripts/build.tcl" line 24)
{vv_exit(day, hms)}"""


def synth_ok(day, hms, pid, peak, luts, ffs, bram, wns=None):
    out = f"""{vv_banner("scripts/build.tcl", 1)}
{synth_start(pid, peak)}
INFO: [Synth 8-6155] done synthesizing module 'pp_top' (0#1) [{R}/rtl/top/pp_top.sv:3]
---------------------------------------------------------------------------------
Finished RTL Elaboration : Time (s): cpu = 00:00:11 ; elapsed = 00:00:13 . Memory (MB): peak = {peak} ; gain = 498.112 ; free physical = 21108 ; free virtual = 39772
---------------------------------------------------------------------------------
Start Technology Mapping
Finished Technology Mapping : Time (s): cpu = 00:01:12 ; elapsed = 00:01:19
Report Cell Usage:
+------+-----------+------+
|      |Cell       |Count |
+------+-----------+------+
|1     |LUT6       |{luts // 3:>6}|
|2     |FDRE       |{ffs:>6}|
|3     |RAMB36E2   |{int(bram):>6}|
+------+-----------+------+
Synthesis finished with 0 errors, 0 critical warnings and 41 warnings.
INFO: [Common 17-83] Releasing license: Synthesis
synth_design completed successfully
# write_checkpoint -force build/pp_top_synth.dcp
# report_utilization -file build/reports/pp_top_synth_utilization.rpt"""
    if wns is not None:
        out += f"""
# opt_design
# place_design
INFO: [Place 30-746] Post Placement Timing Summary WNS={wns[0]:.3f}. For the most accurate timing information please run report_timing.
# phys_opt_design
# route_design
INFO: [Route 35-57] Estimated Timing Summary | WNS={wns[1]:.3f}  | TNS=0.000  | WHS={wns[2]:.3f}  | THS=0.000  |
INFO: [Route 35-16] Router Completed Successfully
# write_checkpoint -force build/pp_top_routed.dcp
# report_timing_summary -max_paths 10 -file build/reports/pp_top_timing_summary.rpt
# report_utilization -file build/reports/pp_top_utilization.rpt
# write_bitstream -force build/pp_top.bit
INFO: [Vivado 12-1842] Bitgen Completed Successfully.
INFO: [Common 17-83] Releasing license: Implementation"""
    return out + "\n" + vv_exit(day, hms)


def timing_summary(wns, tns, fail, tot, whs, wpws="0.498"):
    msg = "All user specified timing constraints are met." if tns == "0.000" else \
        "Timing constraints are not met."
    return f"""------------------------------------------------------------------------------------------------
| Design Timing Summary
| ---------------------
------------------------------------------------------------------------------------------------

    WNS(ns)      TNS(ns)  TNS Failing Endpoints  TNS Total Endpoints      WHS(ns)      THS(ns)  THS Failing Endpoints  THS Total Endpoints     WPWS(ns)     TPWS(ns)  TPWS Failing Endpoints  TPWS Total Endpoints
    -------      -------  ---------------------  -------------------      -------      -------  ---------------------  -------------------     --------     --------  ----------------------  --------------------
{wns:>11}  {tns:>11}  {fail:>21}  {tot:>19}  {whs:>11}        0.000                      0  {tot - 56:>19}  {wpws:>11}        0.000                       0                 21033


{msg}"""


def util(luts, ffs, bram, dsp):
    return f"""| CLB LUTs                   | {luts:>6} |     0 |          0 |    274080 | {luts / 2740.8:5.2f} |
| CLB Registers              | {ffs:>6} |     0 |          0 |    548160 | {ffs / 5481.6:5.2f} |
| Block RAM Tile             | {bram:>6} |     0 |          0 |       912 | {float(bram) / 9.12:5.2f} |
| DSPs                       | {dsp:>6} |     0 |          0 |      2520 | {dsp / 25.2:5.2f} |"""


def gen_ip_ok(ips, day, hms):
    lines = [vv_banner("scripts/gen_ip.tcl"), f"# set part {PART}",
             f"# create_project -in_memory -part $part",
             "INFO: [IP_Flow 19-234] Refreshing IP repositories",
             "INFO: [IP_Flow 19-1704] No user IP repositories specified",
             "INFO: [IP_Flow 19-2313] Loaded Vivado IP repository '/tools/Xilinx/Vivado/2023.2/data/ip'."]
    for ip in ips:
        lines += [f"gen_ip: {ip}",
                  f"INFO: [IP_Flow 19-1686] Generating 'Instantiation Template' target for IP '{ip}'...",
                  f"INFO: [IP_Flow 19-1686] Generating 'Synthesis' target for IP '{ip}'...",
                  f"INFO: [IP_Flow 19-1686] Generating 'Simulation' target for IP '{ip}'...",
                  f"INFO: [IP_Flow 19-1686] Generating 'Change Log' target for IP '{ip}'...",
                  f"Command: synth_ip [get_ips {ip}]",
                  f"INFO: [Vivado 12-3435] The checkpoint '{R}/build/ip/{ip}/{ip}.dcp' has been generated."]
    lines.append(vv_exit(day, hms))
    return "\n".join(lines)


def vl_report(nmod, t):
    return (f"- V e r i l a t i o n   R e p o r t: Verilator 5.020 2024-01-01 rev v5.020\n"
            f"- Verilator: Built from 0.{nmod * 37 + 112:03d} MB sources in {nmod} modules, into 0.{nmod * 53 + 201:03d} MB in {nmod + 6} C++ files needing 0.001 MB\n"
            f"- Verilator: Walltime {t} s (elab=0.011, cvt=0.079, bld={float(t) - 0.2:.3f}); cpu 0.148 s on 8 threads; alloced 51.172 MB")


def cocotb_run(module, tests, seed, total_ns, real):
    hdr = [f"     -.--ns INFO     gpi                                ..mbed/gpi_embed.cpp:79   in set_program_name_in_venv        Using Python virtual environment interpreter at /home/chensy/.venvs/fpga/bin/python",
           "     -.--ns INFO     gpi                                ../gpi/GpiCommon.cpp:101  in gpi_print_registered_impl       VPI registered",
           "     0.00ns INFO     cocotb                             Running on Verilator version 5.020 2024-01-01",
           f"     0.00ns INFO     cocotb                             Running tests with cocotb v1.8.1 from {VENV}",
           f"     0.00ns INFO     cocotb                             Seeding Python random module with {seed}"]
    for name, _, _ in tests:
        hdr.append(f"     0.00ns INFO     cocotb.regression                  Found test {module}.{name}")
    t = 0.0
    body = []
    for i, (name, ns, status) in enumerate(tests, 1):
        body.append(f"{t:>9.2f}ns INFO     cocotb.regression                  running {name} ({i}/{len(tests)})")
        t += ns
        body.append(f"{t:>9.2f}ns INFO     cocotb.regression                  {name} {'passed' if status == 'PASS' else 'failed'}")
    w = max(len(module) + 1 + len(n) for n, _, _ in tests) + 2
    star = "*" * (w + 56)
    pad = " " * 56
    tab = [f"{t:>9.2f}ns INFO     cocotb.regression                  {star}",
           f"{pad}** {'TEST':<{w}}STATUS  SIM TIME (ns)  REAL TIME (s)  RATIO (ns/s) **", f"{pad}{star}"]
    for name, ns, status in tests:
        tab.append(f"{pad}** {module + '.' + name:<{w}} {status}  {ns:>13.2f}  {real / len(tests):>13.2f}  {ns / (real / len(tests)):>12.2f}  **")
    npass = sum(1 for x in tests if x[2] == "PASS")
    tab += [f"{pad}{star}",
            f"{pad}** TESTS={len(tests)} PASS={npass} FAIL={len(tests) - npass} SKIP=0{'':<{w - 24}}{t:>13.2f}  {real:>13.2f}  {t / real:>12.2f}  **",
            f"{pad}{star}"]
    return "\n".join(hdr + body + tab)


def make_sim(blk, nmod, t, module, tests, seed, real, waves=True):
    pre = [f"make: Entering directory '{R}/tests/{blk}'",
           f"make -f Makefile results.xml",
           f"make[1]: Entering directory '{R}/tests/{blk}'",
           "mkdir -p sim_build",
           f"/usr/local/bin/verilator -cc --exe -Mdir sim_build -DCOCOTB_SIM=1 --top-module {module.replace('test_', '')} --vpi --public-flat-rw --prefix Vtop -o {module.replace('test_', '')} -LDFLAGS '-Wl,-rpath,{VENV}/libs -L{VENV}/libs -lcocotbvpi_verilator' ... "
           + ("--trace --trace-structs" if waves else ""),
           vl_report(nmod, t),
           f"make -C sim_build -f Vtop.mk",
           f"g++ -Os  -I.  -MMD -I/usr/local/share/verilator/include ... -o {module.replace('test_', '')}",
           f"MODULE={module} TESTCASE= TOPLEVEL={module.replace('test_', '')} TOPLEVEL_LANG=verilog \\",
           f"        sim_build/{module.replace('test_', '')}" + ("  # WAVES=1 -> dump.fst" if waves else "")]
    post = [f"make[1]: Leaving directory '{R}/tests/{blk}'", f"make: Leaving directory '{R}/tests/{blk}'"]
    return "\n".join(pre) + "\n" + cocotb_run(module, tests, seed, 0, real) + "\n" + "\n".join(post)


def make_timing_fail(blk, top, tbfile, line, src, col, what, pkg_mk_line=47):
    return f"""make: Entering directory '{R}/tests/{blk}'
make -f Makefile results.xml
make[1]: Entering directory '{R}/tests/{blk}'
mkdir -p sim_build
/usr/local/bin/verilator -cc --exe -Mdir sim_build -DCOCOTB_SIM=1 --top-module {top} --vpi --public-flat-rw --prefix Vtop -o {top} -LDFLAGS '-Wl,-rpath,{VENV}/libs -L{VENV}/libs -lcocotbvpi_verilator' ... --trace --trace-structs
%Error-NEEDTIMINGOPT: {tbfile}:{line}:{col}: Use --timing or --no-timing to specify how {what} should be handled
   {line} | {src}
      | {' ' * (col - 1)}^
                        ... For error description see https://verilator.org/warn/NEEDTIMINGOPT?v=5.020
%Error: Exiting due to 1 error(s)
make[1]: *** [{VENV}/share/makefiles/simulators/Makefile.verilator:{pkg_mk_line}: sim_build/Vtop.mk] Error 1
make[1]: Leaving directory '{R}/tests/{blk}'
make: *** [{VENV}/share/makefiles/Makefile.inc:40: sim] Error 2
make: Leaving directory '{R}/tests/{blk}'"""


def lint_pkg_fail(f, pkg, errs):
    lines = []
    for (ln, col, txt, src) in errs:
        lines.append(f"%Error: {f}:{ln}:{col}: {txt}")
        lines.append(f"{ln:>4} | {src}")
        lines.append(f"     | {' ' * (col - 1)}^")
    lines.insert(3, "        ... See the manual at https://verilator.org/verilator_doc.html?v=5.020 for more assistance.")
    lines.append(f"%Error: Exiting due to {len(errs)} error(s)")
    return "\n".join(lines)


PKG_ERR = "Package/class '{}' not found, and needs to be predeclared (IEEE 1800-2017 26.3)"


def make_lint_ok(warn=""):
    return ("verilator --lint-only -Wall -f rtl/rtl.f --top-module pp_top" + (("\n" + warn) if warn else "")
            + "\nlint: OK (pp_top)")


# ---------------------------------------------------------------- files
README = """# pktproc — 以太网报文处理核（ZCU102）

10G/25G 以太网报文解析 + 流表 + 统计，运行在 ZCU102（xczu9eg-ffvb1156-2-e）上，PS 侧跑 PetaLinux 2023.2。

## 目录
- `rtl/common/`   公共包和基础模块（`pkt_pkg.sv`、`axis_pkg.sv`、`axis_async_fifo.sv`）
- `rtl/parser/`   报文解析（`eth_parser.sv` 以太网头，`vlan_strip.sv` 等）
- `rtl/crc/`      CRC32（64bit 数据通路）
- `rtl/top/`      顶层 `pp_top.sv`、收发通路
- `rtl/rtl.f`     Verilator / Vivado 共用的文件列表（包文件必须放在最前面）
- `ip/`           只放 .xci（IP 配置），输出产物不进 git
- `scripts/`      Vivado Tcl：`gen_ip.tcl`（生成 IP 到 build/ip）、`build.tcl`（综合/实现/出 bit）、`export_xsa.tcl`、`program.tcl`
- `tests/<块>/`   cocotb 测试，每个块一个 Makefile，`pytest tests` 跑全部
- `constraints/`  XDC

## 常用
    make lint                                   # verilator 全设计 lint
    make -C tests/eth_parser SIM=verilator      # 单个块的 cocotb 测试，WAVES=1 出 dump.fst
    vivado -mode batch -source scripts/gen_ip.tcl               # ip/ 下的 .xci 有变化时先跑
    vivado -mode batch -source scripts/build.tcl -tclargs impl  # 综合+实现+bit
    gtkwave tests/<块>/dump.fst

Vivado/PetaLinux 环境在 ~/.bashrc 里 source 好了。代码托管在 Gitee：https://gitee.com/lanxin-fpga/pktproc
"""

TOP_MAKEFILE = """TOP ?= pp_top

.PHONY: lint regress clean

lint:
\tverilator --lint-only -Wall -f rtl/rtl.f --top-module $(TOP)
\t@echo "lint: OK ($(TOP))"

regress:
\tpytest tests -v

clean:
\trm -rf build tests/*/sim_build tests/*/results.xml tests/*/dump.fst
"""

RTL_F = """rtl/common/pkt_pkg.sv
rtl/common/axis_pkg.sv
rtl/common/axis_async_fifo.sv
rtl/common/sync_2ff.sv
rtl/crc/crc32_d64.sv
rtl/crc/crc_insert.sv
rtl/parser/eth_parser.sv
rtl/parser/l4_parser.sv
rtl/top/eth_rx_path.sv
rtl/top/pp_top.sv
"""

PKT_PKG = """package pkt_pkg;

  localparam int DATA_W = 64;
  localparam int KEEP_W = DATA_W / 8;

  localparam logic [15:0] ETH_TYPE_IPV4 = 16'h0800;
  localparam logic [15:0] ETH_TYPE_ARP  = 16'h0806;
  localparam logic [15:0] ETH_TYPE_VLAN = 16'h8100;
  localparam logic [15:0] ETH_TYPE_QINQ = 16'h88A8;

  typedef struct packed {
    logic [47:0] dst_mac;
    logic [47:0] src_mac;
    logic [15:0] eth_type;
    logic [11:0] vlan_id;
    logic        vlan_valid;
  } eth_hdr_t;

endpackage
"""

ETH_PARSER = """module eth_parser
  import pkt_pkg::*;
(
  input  logic              clk,
  input  logic              rst_n,
  // AXI-Stream in
  input  logic [DATA_W-1:0] s_axis_tdata,
  input  logic [KEEP_W-1:0] s_axis_tkeep,
  input  logic              s_axis_tvalid,
  input  logic              s_axis_tlast,
  output logic              s_axis_tready,
  // header out
  output eth_hdr_t          hdr,
  output logic              hdr_valid
);

  logic [1:0] beat_cnt;
  logic       in_pkt;

  assign s_axis_tready = 1'b1;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      beat_cnt  <= '0;
      in_pkt    <= 1'b0;
      hdr_valid <= 1'b0;
    end else begin
      hdr_valid <= 1'b0;
      if (s_axis_tvalid) begin
        in_pkt <= !s_axis_tlast;
        if (!in_pkt) beat_cnt <= 2'd1; else if (beat_cnt != 2'd3) beat_cnt <= beat_cnt + 2'd1;
        case (in_pkt ? beat_cnt : 2'd0)
          2'd0: begin
            hdr.dst_mac        <= {<<8{s_axis_tdata[47:0]}};
            hdr.src_mac[47:32] <= {<<8{s_axis_tdata[63:48]}};
          end
          2'd1: begin
            hdr.src_mac[31:0] <= {<<8{s_axis_tdata[31:0]}};
            hdr.eth_type      <= {<<8{s_axis_tdata[47:32]}};
            hdr.vlan_valid    <= ({<<8{s_axis_tdata[47:32]}} == ETH_TYPE_VLAN);
            hdr.vlan_id       <= {s_axis_tdata[51:48], s_axis_tdata[63:56]};
            hdr_valid         <= 1'b1;
          end
          default: ;
        endcase
      end
    end
  end

endmodule
"""

CRC32 = """// CRC-32 (IEEE 802.3), 64-bit data path, LSB-first, per-byte tkeep
module crc32_d64
  import pkt_pkg::*;
(
  input  logic              clk,
  input  logic              rst_n,
  input  logic [DATA_W-1:0] data,
  input  logic [KEEP_W-1:0] keep,
  input  logic              valid,
  input  logic              last,
  output logic [31:0]       crc,
  output logic              crc_valid
);

  localparam logic [31:0] POLY = 32'hEDB88320;

  logic [31:0] state;

  function automatic logic [31:0] crc_byte(input logic [31:0] c, input logic [7:0] b);
    logic [31:0] r;
    r = c ^ {24'h0, b};
    for (int i = 0; i < 8; i++) r = r[0] ? (r >> 1) ^ POLY : (r >> 1);
    return r;
  endfunction

  logic [31:0] next;
  always_comb begin
    next = state;
    for (int k = 0; k < KEEP_W; k++)
      if (keep[k]) next = crc_byte(next, data[8*k +: 8]);
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      state     <= 32'hFFFF_FFFF;
      crc_valid <= 1'b0;
    end else begin
      crc_valid <= valid && last;
      if (valid) state <= last ? 32'hFFFF_FFFF : next;
      if (valid && last) crc <= next;
    end
  end

endmodule
"""

BUILD_TCL = """# 非工程模式构建：vivado -mode batch -source scripts/build.tcl -tclargs synth|impl
set stage [lindex $argv 0]
if {$stage eq ""} { set stage impl }
set part xczu9eg-ffvb1156-2-e
file mkdir build/reports

proc read_filelist {f} {
  set fh [open $f r]; set files {}
  foreach l [split [read $fh] "\\n"] { if {[string trim $l] ne ""} { lappend files $l } }
  close $fh; return $files
}

read_verilog -sv [read_filelist rtl/rtl.f]
# IP 输出产物由 scripts/gen_ip.tcl 生成到 build/ip/，这里只读已经生成好的
foreach xci [glob -nocomplain build/ip/*/*.xci] { read_ip $xci }
read_xdc constraints/zcu102.xdc

if {$stage in {synth impl}} {
    synth_design -top pp_top -part $part -flatten_hierarchy rebuilt
    write_checkpoint -force build/pp_top_synth.dcp
    report_utilization -file build/reports/pp_top_synth_utilization.rpt
}
if {$stage eq "impl"} {
    opt_design
    place_design
    phys_opt_design
    route_design
    write_checkpoint -force build/pp_top_routed.dcp
    report_timing_summary -max_paths 10 -file build/reports/pp_top_timing_summary.rpt
    report_utilization -file build/reports/pp_top_utilization.rpt
    write_bitstream -force build/pp_top.bit
}
"""

GEN_IP_TCL = """# 把 ip/<name>/<name>.xci 拷到 build/ip/ 并生成输出产物 + OOC 综合
# 用法：vivado -mode batch -source scripts/gen_ip.tcl [-tclargs <ip 名> ...]，不带参数 = 全部
set part xczu9eg-ffvb1156-2-e
create_project -in_memory -part $part
set names $argv
if {[llength $names] == 0} {
  foreach x [glob ip/*/*.xci] { lappend names [file rootname [file tail $x]] }
}
foreach ip $names {
  puts "gen_ip: $ip"
  file mkdir build/ip/$ip
  file copy -force ip/$ip/$ip.xci build/ip/$ip/
  read_ip build/ip/$ip/$ip.xci
  upgrade_ip [get_ips $ip] -quiet
  generate_target all [get_ips $ip]
  synth_ip [get_ips $ip]
}
"""

PP_TOP_HEAD = """module pp_top
  import pkt_pkg::*;
(
  input  logic        clk_156m25,
  input  logic        rst_n,
  // ... 25G/10G MAC AXIS 接口、AXI-Lite 略
);
"""

TB_MK = """TOPLEVEL_LANG = verilog
SIM ?= verilator
WAVES ?= 0

PROJ := $(abspath ../..)
VERILOG_SOURCES = $(PROJ)/rtl/common/pkt_pkg.sv {srcs}
TOPLEVEL = {top}
MODULE = {module}

ifeq ($(WAVES),1)
EXTRA_ARGS += --trace --trace-structs --trace-fst
endif

include $(shell cocotb-config --makefiles)/Makefile.sim
"""


def tb_mk(srcs, top, module):
    return TB_MK.replace("{srcs}", srcs).replace("{top}", top).replace("{module}", module)


FILES = {
    P("README.md"): README,
    P("Makefile"): TOP_MAKEFILE,
    P("rtl/rtl.f"): RTL_F,
    P("rtl/common/pkt_pkg.sv"): PKT_PKG,
    P("rtl/parser/eth_parser.sv"): ETH_PARSER,
    P("rtl/crc/crc32_d64.sv"): CRC32,
    P("rtl/top/pp_top.sv"): PP_TOP_HEAD,
    P("scripts/build.tcl"): BUILD_TCL,
    P("scripts/gen_ip.tcl"): GEN_IP_TCL,
    P("tests/eth_parser/Makefile"): tb_mk("$(PROJ)/rtl/parser/eth_parser.sv", "eth_parser", "test_eth_parser"),
    P("tests/crc32/Makefile"): tb_mk("$(PROJ)/rtl/crc/crc32_d64.sv", "crc32_d64", "test_crc32"),
}

VLAN_STRIP = """// 去掉单层 802.1Q tag，输出 vlan_id；tag 之后的数据整体前移 4 字节
module vlan_strip
  import pkt_pkg::*;
(
  input  logic              clk,
  input  logic              rst_n,
  input  logic [DATA_W-1:0] s_axis_tdata,
  input  logic [KEEP_W-1:0] s_axis_tkeep,
  input  logic              s_axis_tvalid,
  input  logic              s_axis_tlast,
  output logic              s_axis_tready,
  output logic [DATA_W-1:0] m_axis_tdata,
  output logic [KEEP_W-1:0] m_axis_tkeep,
  output logic              m_axis_tvalid,
  output logic              m_axis_tlast,
  input  logic              m_axis_tready,
  output logic [11:0]       vlan_id,
  output logic              vlan_valid
);

  logic        first_q, second_q;
  logic        tagged;
  logic [31:0] carry;

  assign s_axis_tready = m_axis_tready;
  assign tagged = second_q && ({<<8{s_axis_tdata[47:32]}} == ETH_TYPE_VLAN);

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      first_q    <= 1'b1;
      second_q   <= 1'b0;
      vlan_valid <= 1'b0;
      m_axis_tvalid <= 1'b0;
    end else if (m_axis_tready) begin
      m_axis_tvalid <= s_axis_tvalid;
      if (s_axis_tvalid) begin
        first_q  <= s_axis_tlast;
        second_q <= first_q;
        if (tagged) begin
          vlan_id    <= {s_axis_tdata[51:48], s_axis_tdata[63:56]};
          vlan_valid <= 1'b1;
        end
        m_axis_tdata <= tagged ? {s_axis_tdata[31:0], carry} : s_axis_tdata;
        m_axis_tkeep <= s_axis_tkeep;
        m_axis_tlast <= s_axis_tlast;
        carry        <= s_axis_tdata[63:32];
      end
    end
  end

endmodule
"""

TEST_VLAN = """import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge
from cocotbext.axi import AxiStreamBus, AxiStreamSource, AxiStreamSink, AxiStreamFrame


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk, 6.4, units="ns").start())
    src = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.clk, dut.rst_n, reset_active_level=False)
    sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.clk, dut.rst_n, reset_active_level=False)
    dut.rst_n.value = 0
    for _ in range(4):
        await RisingEdge(dut.clk)
    dut.rst_n.value = 1
    return src, sink


def frame(vlan=None, payload=bytes(range(46))):
    hdr = bytes.fromhex("0200000000010200000000aa")
    if vlan is not None:
        hdr += bytes.fromhex("8100") + vlan.to_bytes(2, "big")
    return hdr + bytes.fromhex("0800") + payload


@cocotb.test()
async def test_untagged_passthrough(dut):
    src, sink = await setup(dut)
    await src.send(AxiStreamFrame(frame()))
    rx = await sink.recv()
    assert bytes(rx.tdata) == frame()
    assert dut.vlan_valid.value == 0


@cocotb.test()
async def test_single_tag_stripped(dut):
    src, sink = await setup(dut)
    await src.send(AxiStreamFrame(frame(vlan=100)))
    rx = await sink.recv()
    assert bytes(rx.tdata) == frame()
    assert dut.vlan_id.value == 100


@cocotb.test()
async def test_back_to_back(dut):
    src, sink = await setup(dut)
    for v in (None, 7, None, 4094):
        await src.send(AxiStreamFrame(frame(vlan=v)))
    for v in (None, 7, None, 4094):
        rx = await sink.recv()
        assert bytes(rx.tdata) == frame()
"""


def s1(d):
    with d.session("2026-11-02T01:36:00", R, branch="main", version="2.1.143"):
        t = d.task("这个 pktproc 仓库我刚从 Gitee 拉到新机器上，你先帮我过一遍：目录结构、仿真怎么跑、Vivado 怎么出 bit，"
                   "有什么坑先说一下", tags=["noise"])
        t.read(P("README.md"))
        t.glob("**/*.{sv,tcl,f}", [P("rtl/rtl.f"), P("rtl/common/pkt_pkg.sv"), P("rtl/common/axis_pkg.sv"),
                                    P("rtl/common/axis_async_fifo.sv"), P("rtl/common/sync_2ff.sv"), P("rtl/crc/crc32_d64.sv"),
                                    P("rtl/crc/crc_insert.sv"), P("rtl/parser/eth_parser.sv"), P("rtl/parser/l4_parser.sv"),
                                    P("rtl/top/eth_rx_path.sv"), P("rtl/top/pp_top.sv"), P("scripts/build.tcl"),
                                    P("scripts/gen_ip.tcl"), P("scripts/export_xsa.tcl"), P("scripts/program.tcl")], path=R)
        t.read(P("Makefile"))
        t.read(P("rtl/rtl.f"))
        t.read(P("scripts/build.tcl"))
        t.read(P("tests/eth_parser/Makefile"))
        t.bash("git log --oneline -8", "看最近的提交",
               out="9f3c2a1 crc: 64bit 数据通路按 tkeep 逐字节计算\n4be07d2 parser: eth_parser 输出 vlan_valid\n"
                   "c71a5e0 top: 接入 xxv_ethernet_0 (10G)\n2d88f13 ip: 新增 xxv_ethernet_0.xci\n"
                   "e0a4b6c tests: eth_parser cocotb 测试\n81f9d3b scripts: 非工程模式 build.tcl\n"
                   "5a21c07 rtl: pkt_pkg / axis_pkg\n0c3e9f2 初始化仓库")
        t.done("""过了一遍，要点如下：

**目录**
- `rtl/`：`common/` 放 `pkt_pkg`/`axis_pkg` 和 async FIFO、2FF 同步器；`parser/`、`crc/`、`top/` 按功能分。`rtl/rtl.f` 是 Verilator 和 Vivado 共用的文件列表，包文件排在最前
- `ip/`：只提交 `.xci`，输出产物不进 git，由 `scripts/gen_ip.tcl` 生成到 `build/ip/`
- `tests/<块>/`：每个块一个 cocotb Makefile（`SIM ?= verilator`，`WAVES=1` 时加 `--trace-fst`），`make regress` 等于 `pytest tests -v`

**仿真**
- `make lint`：`verilator --lint-only -Wall` 以 `pp_top` 为顶层 lint 全设计
- `make -C tests/eth_parser SIM=verilator WAVES=1`，波形 `tests/eth_parser/dump.fst` 用 GTKWave 看

**出 bit**
- 非工程模式：`vivado -mode batch -source scripts/build.tcl -tclargs synth|impl`，报告在 `build/reports/`
- `build.tcl` 只读 `build/ip/` 下已经生成的 IP

**可能的坑**
- 新机器上 `build/` 是空的，IP 产物要先生成
- 各测试 Makefile 是从同一个模板抄的，参数不完全一样，新建测试时注意""")

        t = d.task("写一个 vlan_strip 模块放 rtl/parser/ 下：64bit AXI-Stream，去掉单层 802.1Q tag，把 VLAN ID 单独输出。"
                   "复位统一用同步复位、低有效的 rst_n，别给我写 negedge rst_n 那种异步的。写完 lint 一下再写个 cocotb 测试跑起来",
                   tags=["workflow:W1", "pref:P1"])
        t.read(P("rtl/common/pkt_pkg.sv"))
        t.read(P("rtl/parser/eth_parser.sv"))
        t.write(P("rtl/parser/vlan_strip.sv"), VLAN_STRIP)
        t.edit(P("rtl/rtl.f"), "rtl/parser/eth_parser.sv\n", "rtl/parser/eth_parser.sv\nrtl/parser/vlan_strip.sv\n")
        t.bash("make lint TOP=vlan_strip", "lint vlan_strip",
               out=make_lint_ok().replace("pp_top", "vlan_strip"))
        t.write(P("tests/vlan_strip/Makefile"), tb_mk("$(PROJ)/rtl/parser/vlan_strip.sv", "vlan_strip", "test_vlan_strip"))
        t.write(P("tests/vlan_strip/test_vlan_strip.py"), TEST_VLAN)
        t.bash("make -C tests/vlan_strip SIM=verilator WAVES=1", "跑 vlan_strip 的 cocotb 测试",
               out=make_sim("vlan_strip", 3, "2.318", "test_vlan_strip",
                            [("test_untagged_passthrough", 134.4, "PASS"), ("test_single_tag_stripped", 140.8, "PASS"),
                             ("test_back_to_back", 448.0, "PASS")], 1762051287, 0.41), timeout=300000)
        t.bash("git add rtl/parser/vlan_strip.sv rtl/rtl.f tests/vlan_strip && git commit -q -m 'parser: 新增 vlan_strip，去单层 802.1Q tag' && git log --oneline -1",
               "提交", out="3d1e7b0 parser: 新增 vlan_strip，去单层 802.1Q tag")
        t.done("""`vlan_strip` 完成并提交（3d1e7b0）：

- `rtl/parser/vlan_strip.sv`：`always_ff @(posedge clk)` 里 `if (!rst_n)` 同步低有效复位；第二拍识别 `0x8100`，输出 `vlan_id`/`vlan_valid`，tag 之后的数据用 32bit `carry` 前移 4 字节，`tready` 直通下游
- 已加进 `rtl/rtl.f`，`make lint TOP=vlan_strip` 无告警
- `tests/vlan_strip/`：cocotbext-axi 的 source/sink，3 个用例（不带 tag 直通、单 tag 去除、背靠背混合）全部 PASS，波形在 `tests/vlan_strip/dump.fst`

注意：目前最后一拍的 `tkeep` 没有跟着前移 4 字节修正，帧长不是 8 的倍数时尾部会多 4 字节，测试里的帧刚好没覆盖到，要不要下一步补上？""")

        t = d.task("问一下，64bit AXI-Stream 里 tkeep 在非最后一拍是不是必须全 1？Xilinx 的 10G/25G MAC 出来的数据会不会中间拍出现 tkeep 不全的情况",
                   tags=["no_tools"])
        t.done("""按 AXI4-Stream 协议本身，`tkeep` 在任何一拍都可以不全 1（null byte 允许出现在中间），协议没有强制。

但实际用法上：
- **xxv_ethernet（10G/25G Ethernet Subsystem，PG210）** 的 RX AXIS 输出是「连续」的：只有 `tlast` 那一拍 `tkeep` 可能不全 1，中间拍都是 `8'hFF`，而且 `tkeep` 是低位连续的（`0x01, 0x03, 0x07 … 0xFF`）
- 经过你自己的宽度转换、去 tag、插 CRC 之后，是否还保持这个性质取决于你的实现

建议：
1. 在 `pkt_pkg` 里把「只有最后一拍可以不满、且低位连续」写成约定，所有模块按这个假设处理
2. 在 cocotb 里加一个 monitor 检查这个约定，或者在 RTL 里用 SVA 断言 `s_axis_tvalid && !s_axis_tlast |-> &s_axis_tkeep`
3. 这样 CRC、`vlan_strip` 尾拍修正都只需要处理最后一拍""")


QINQ_OLD = """  assign tagged = second_q && ({<<8{s_axis_tdata[47:32]}} == ETH_TYPE_VLAN);"""
QINQ_NEW = """  assign tagged = second_q && ({<<8{s_axis_tdata[47:32]}} == ETH_TYPE_VLAN ||
                               {<<8{s_axis_tdata[47:32]}} == ETH_TYPE_QINQ);"""


def s2(d):
    with d.session("2026-11-03T02:05:00", R, branch="main", version="2.1.144"):
        t = d.task("vlan_strip 也要认 QinQ 的外层 tag（0x88A8），改一下。只动了这一个文件，你单独 verilator lint 这个文件就行，别跑整个工程",
                   tags=["mistake:M3"])
        t.read(P("rtl/parser/vlan_strip.sv"))
        t.edit(P("rtl/parser/vlan_strip.sv"), QINQ_OLD, QINQ_NEW)
        t.fail("verilator --lint-only -Wall rtl/parser/vlan_strip.sv", "单独 lint vlan_strip",
               lint_pkg_fail("rtl/parser/vlan_strip.sv", "pkt_pkg", [
                   (3, 10, PKG_ERR.format("pkt_pkg"), "  import pkt_pkg::*;"),
                   (7, 16, "Can't find definition of variable: 'DATA_W'", "  input  logic [DATA_W-1:0] s_axis_tdata,")]))
        t.read(P("rtl/rtl.f"))
        t.bash("verilator --lint-only -Wall -f rtl/rtl.f --top-module vlan_strip",
               "带上 rtl.f（pkt_pkg 在最前）再 lint vlan_strip", out="")
        t.done("""QinQ 已支持：`tagged` 现在同时认 `0x8100` 和 `0x88A8`（`ETH_TYPE_QINQ` 在 `pkt_pkg` 里本来就有）。

lint 过程：直接 `verilator --lint-only -Wall rtl/parser/vlan_strip.sv` 报 `Package/class 'pkt_pkg' not found`：单独给一个文件时 Verilator 看不到 `pkt_pkg`，包必须先于用它的模块读入。改成带上 `-f rtl/rtl.f`（`pkt_pkg.sv` 排第一）再用 `--top-module vlan_strip` 只检查这个模块，无错误无告警。

注意目前只剥一层：双层 tag（88A8 + 8100）时内层 8100 会留在数据里，需要的话可以串两级。""")

        t = d.task("跑一遍完整实现看看时序，目标 156.25MHz。时序报告只给我 WNS/TNS/WHS 这几个数的摘要就行，别贴一大堆路径，利用率也看一下",
                   tags=["workflow:W2", "pref:P3", "long_output"])
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs impl", "综合+实现+出 bit",
               out=synth_ok("2026-11-03", "10:31:47", 51204, "2812.441", 41262, 58903, 96.5, (0.318, 0.142, 0.021)),
               timeout=3600000)
        t.bash('grep -A 12 "Design Timing Summary" build/reports/pp_top_timing_summary.rpt', "时序摘要",
               out=timing_summary("0.142", "0.000", 0, 48213, "0.021"))
        t.bash('grep -E "CLB LUTs|CLB Registers|Block RAM Tile|DSPs" build/reports/pp_top_utilization.rpt', "利用率",
               out=util(41262, 58903, "96.5", 0))
        t.done("""实现完成，`build/pp_top.bit` 已生成。

**时序（156.25 MHz）**
- WNS 0.142 ns，TNS 0.000
- WHS 0.021 ns，THS 0.000
- 全部约束满足，但 setup 余量只有 0.14 ns，偏紧

**利用率**：LUT 41262（15.05%），FF 58903（10.75%），BRAM 96.5（10.58%），DSP 0""")

        t = d.task("拉一下 Gitee 上的最新代码，小王说他昨天推了 eth_rx_path 的改动", tags=["flaky:F1"])
        t.fail("git pull --rebase origin main", "拉取远端",
               "fatal: unable to access 'https://gitee.com/lanxin-fpga/pktproc.git/': GnuTLS recv error (-110): The TLS connection was non-properly terminated.",
               code=128)
        t.bash("git pull --rebase origin main", "拉取远端",
               out="""From https://gitee.com/lanxin-fpga/pktproc
 * branch            main       -> FETCH_HEAD
   3d1e7b0..a6c42e9  main       -> origin/main
Successfully rebased and updated refs/heads/main.""")
        t.bash("git log --oneline -3 --stat", "看拉下来的提交",
               out="""a6c42e9 top: eth_rx_path 加 2 级输出寄存器，改善时序
 rtl/top/eth_rx_path.sv | 18 ++++++++++++------
 1 file changed, 12 insertions(+), 6 deletions(-)
3d1e7b0 parser: 新增 vlan_strip，去单层 802.1Q tag
 rtl/parser/vlan_strip.sv            | 58 +++++++++++++
 rtl/rtl.f                           |  1 +
 tests/vlan_strip/Makefile           | 15 ++++
 tests/vlan_strip/test_vlan_strip.py | 57 +++++++++++++
 4 files changed, 131 insertions(+)""")
        t.done("""已同步到 `a6c42e9`。第一次 `git pull` 遇到 Gitee 的 TLS 连接被断开（GnuTLS recv error -110），原样重试一次就好了。

小王的改动：`eth_rx_path.sv` 输出加了 2 级寄存器，只动了这一个文件，你的 QinQ 修改在本地还没提交，没冲突。""")


def export_xsa_ok(day, hms):
    return f"""{vv_banner("scripts/export_xsa.tcl")}
# open_checkpoint build/pp_top_routed.dcp
INFO: [Device 21-403] Loading part {PART}
INFO: [Project 1-479] Netlist was created with Vivado 2023.2
INFO: [Project 1-570] Preparing netlist for logic optimization
INFO: [Timing 38-478] Restoring timing data from binary archive.
INFO: [Project 1-856] Restoring constraints from binary archive.
# write_hw_platform -fixed -include_bit -force build/pp_top.xsa
INFO: [Vivado 12-4895] Creating Hardware Platform: {R}/build/pp_top.xsa ...
INFO: [Vivado 12-12467] The Hardware Platform can be used for Hardware
INFO: [Vivado 12-4896] Successfully created Hardware Platform: {R}/build/pp_top.xsa
{vv_exit(day, hms)}"""


def plnx_config():
    return """[INFO] Sourcing buildtools
[INFO] Getting hardware description...
[INFO] Renaming pp_top.xsa to system.xsa
[INFO] Generating configuration files
[INFO] Generating workspace directory
[INFO] Silentconfig project
[INFO] Generating kconfig for Rootfs
[INFO] Silentconfig rootfs
[INFO] Generating plnxtool conf
[INFO] Adding user layers
[INFO] Generating machine conf file
[INFO] Generating plnxtool conf file
[INFO] Successfully configured project"""


def plnx_build(att, skip):
    return f"""[INFO] Sourcing buildtools
[INFO] Building project
[INFO] Sourcing build environment
[INFO] Generating workspace directory
INFO: bitbake petalinux-image-minimal
NOTE: Started PRServer with DBfile: {PLNX}/build/cache/prserv.sqlite3, Address: 127.0.0.1:41253, PID: 90312
Loading cache: 100% |############################################################| Time: 0:00:01
Loaded 6321 entries from dependency cache.
Parsing recipes: 100% |##########################################################| Time: 0:00:04
Parsing of 4527 .bb files complete (4519 cached, 8 parsed). 6329 targets, 488 skipped, 0 masked, 0 errors.
NOTE: Resolving any missing task queue dependencies
Initialising tasks: 100% |#######################################################| Time: 0:00:05
Sstate summary: Wanted 412 Local 398 Mirrors 0 Missed 14 Current 2731 (96% match, 99% complete)
NOTE: Executing Tasks
NOTE: Tasks Summary: Attempted {att} tasks of which {skip} didn't need to be rerun and all succeeded.
INFO: Failed to copy built images to tftp dir: /tftpboot
[INFO] Successfully built project"""


def plnx_package():
    files = ["zynqmp_fsbl.elf", "pmufw.elf", "system.bit", "bl31.elf", "system.dtb", "u-boot.elf"]
    return ("[INFO] Sourcing buildtools\nINFO: Getting system flash information...\n"
            + "\n".join(f'INFO: File in BOOT BIN: "{PLNX}/images/linux/{f}"' for f in files)
            + """
INFO: Generating zynqmp binary package BOOT.BIN...


****** Bootgen v2023.2
  **** Build date : Oct 13 2023-12:54:19
    ** Copyright 1986-2022 Xilinx, Inc. All Rights Reserved.
    ** Copyright 2022-2023 Advanced Micro Devices, Inc. All Rights Reserved.


[INFO]   : Bootimage generated successfully

INFO: Binary is ready.""")


def w3(t, day, hms, att, skip):
    t.bash("vivado -mode batch -source scripts/export_xsa.tcl", "从 routed dcp 导出 XSA", out=export_xsa_ok(day, hms),
           timeout=900000)
    t.bash(f"cd {PLNX} && petalinux-config --get-hw-description={R}/build/pp_top.xsa --silentconfig",
           "PetaLinux 导入新的硬件描述", out=plnx_config(), timeout=1200000)
    t.bash(f"cd {PLNX} && petalinux-build", "构建 PetaLinux", out=plnx_build(att, skip), timeout=7200000)
    t.bash(f"cd {PLNX} && petalinux-package --boot --fsbl images/linux/zynqmp_fsbl.elf --fpga images/linux/system.bit "
           "--pmufw images/linux/pmufw.elf --u-boot --force", "打包 BOOT.BIN", out=plnx_package(), timeout=600000)
    t.bash(f"cd {PLNX} && ls -l images/linux/BOOT.BIN images/linux/image.ub images/linux/boot.scr", "确认产物",
           out=f"-rw-r--r-- 1 chensy chensy 34915744 Nov {day[-2:]} {hms[:5]} images/linux/BOOT.BIN\n"
               f"-rw-r--r-- 1 chensy chensy     3728 Nov {day[-2:]} {hms[:5]} images/linux/boot.scr\n"
               f"-rw-r--r-- 1 chensy chensy 47382556 Nov {day[-2:]} {hms[:5]} images/linux/image.ub")


IPV4_CSUM = """// IPv4 头校验和检查：头部 20 字节（IHL=5）在第 2、3 拍，输出 csum_ok
module ipv4_csum
  import pkt_pkg::*;
(
  input  logic              clk,
  input  logic              rst_n,
  input  logic [DATA_W-1:0] s_axis_tdata,
  input  logic              s_axis_tvalid,
  input  logic              s_axis_tlast,
  output logic              csum_ok,
  output logic              csum_valid
);

  logic [1:0]  beat;
  logic [3:0]  ihl;
  logic [19:0] acc;

  function automatic logic [19:0] add16x4(input logic [63:0] w);
    return w[15:0] + w[31:16] + w[47:32] + w[63:48];
  endfunction

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      beat       <= '0;
      acc        <= '0;
      csum_valid <= 1'b0;
    end else begin
      csum_valid <= 1'b0;
      if (s_axis_tvalid) begin
        beat <= s_axis_tlast ? 2'd0 : (beat == 2'd3 ? beat : beat + 2'd1);
        case (beat)
          2'd1: begin ihl <= s_axis_tdata[51:48]; acc <= add16x4({s_axis_tdata[63:48], 48'h0}); end
          2'd2: acc <= acc + add16x4(s_axis_tdata);
          2'd3: begin
            csum_ok    <= (ihl_q == 4'd5) && (fold(acc + add16x4({16'h0, s_axis_tdata[47:0]})) == 16'hFFFF);
            csum_valid <= 1'b1;
          end
          default: ;
        endcase
      end
    end
  end

  function automatic logic [15:0] fold(input logic [19:0] s);
    logic [16:0] t;
    t = s[15:0] + s[19:16];
    return t[15:0] + t[16];
  endfunction

endmodule
"""

TEST_IPV4 = """import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge
from cocotbext.axi import AxiStreamBus, AxiStreamSource, AxiStreamFrame
from scapy.all import Ether, IP, UDP


async def run(dut, pkt):
    cocotb.start_soon(Clock(dut.clk, 6.4, units="ns").start())
    src = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.clk, dut.rst_n, reset_active_level=False)
    dut.rst_n.value = 0
    for _ in range(4):
        await RisingEdge(dut.clk)
    dut.rst_n.value = 1
    await src.send(AxiStreamFrame(bytes(pkt)))
    while not dut.csum_valid.value:
        await RisingEdge(dut.clk)
    return int(dut.csum_ok.value)


@cocotb.test()
async def test_good_checksum(dut):
    assert await run(dut, Ether() / IP(src="10.0.0.1", dst="10.0.0.2") / UDP() / bytes(18)) == 1


@cocotb.test()
async def test_bad_checksum(dut):
    assert await run(dut, Ether() / IP(src="10.0.0.1", dst="10.0.0.2", chksum=0x1234) / UDP() / bytes(18)) == 0


@cocotb.test()
async def test_options_rejected(dut):
    assert await run(dut, Ether() / IP(options=b"\\x01\\x01\\x01\\x00") / UDP() / bytes(18)) == 0
"""


def s3(d):
    with d.session("2026-11-05T01:48:00", R, branch="main", version="2.1.145"):
        t = d.task("小王在 pp_top 里加了个 ILA 抓 parser 的信号，刚推上去了。拉下来跑一下综合，看看能不能过", tags=["mistake:M1"])
        t.bash("git pull --rebase origin main", "拉取小王的提交",
               out="""From https://gitee.com/lanxin-fpga/pktproc
 * branch            main       -> FETCH_HEAD
   a6c42e9..f08d3b2  main       -> origin/main
Successfully rebased and updated refs/heads/main.""")
        t.bash("git show --stat HEAD", "看 ILA 那个提交改了什么",
               out=f"""commit f08d3b2c5e71a9d4b06e2f13c8a7d95e4b21c0a6
Author: 王磊 <wanglei@lanxin-net.cn>
Date:   Wed Nov 4 19:22:40 2026 +0800

    debug: pp_top 加 ila_parser，抓 hdr_valid/eth_type/vlan_id

 ip/ila_parser/ila_parser.xci | 212 +++++++++++++++++++++++++++++++++++++++++
 rtl/top/pp_top.sv            |  12 +++
 2 files changed, 224 insertions(+)""")
        t.fail("vivado -mode batch -source scripts/build.tcl -tclargs synth", "综合",
               synth_fail_ip("ila_parser", 141, "2026-11-05", "09:58:12", 17, 48213, "2789.516"), timeout=1800000)
        t.read(P("scripts/gen_ip.tcl"))
        t.bash("vivado -mode batch -source scripts/gen_ip.tcl -tclargs ila_parser", "先生成 ila_parser 的输出产物",
               out=gen_ip_ok(["ila_parser"], "2026-11-05", "10:04:31"), timeout=1800000)
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs synth", "重新综合",
               out=synth_ok("2026-11-05", "10:09:56", 49107, "2803.118", 42918, 61377, 104.0), timeout=1800000)
        t.done("""综合通过了。

失败原因：小王只提交了 `ip/ila_parser/ila_parser.xci`，IP 输出产物不进 git；`build.tcl` 只读 `build/ip/` 下已生成的 IP，所以 `pp_top.sv:141` 实例化的 `ila_parser` 找不到（`[Synth 8-439] module 'ila_parser' not found`）。

处理：先 `vivado -mode batch -source scripts/gen_ip.tcl -tclargs ila_parser` 生成产物并做 OOC 综合，再跑同一条 `build.tcl -tclargs synth` 就过了。加上 ILA 后 LUT 42918、FF 61377、BRAM 104（ILA 的采样深度占了 7.5 个 BRAM）。""")

        t = d.task("bit 更新了，PS 那边也要跟着换：导出 XSA，PetaLinux 工程 ~/work/pp-plnx 导入新硬件、重新编译、打 BOOT.BIN", tags=["workflow:W3"])
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs impl", "先跑完实现出 routed dcp",
               out=synth_ok("2026-11-05", "10:48:20", 50012, "2811.930", 42918, 61377, 104.0, (0.277, 0.118, 0.019)),
               timeout=3600000)
        w3(t, "2026-11-05", "10:52:03", 5247, 5119)
        t.done(f"""PS 侧已更新：

1. `build.tcl -tclargs impl` 出了带 ILA 的 routed dcp 和 bit（WNS 0.118 ns）
2. `scripts/export_xsa.tcl` 导出 `build/pp_top.xsa`（`-include_bit`）
3. `petalinux-config --get-hw-description=… --silentconfig` 导入成功
4. `petalinux-build`：5247 个任务里 5119 个命中 sstate，只重编了 device tree / FSBL / PMU 相关
5. `petalinux-package --boot` 生成 `images/linux/BOOT.BIN`（34.9 MB）

产物在 `{PLNX}/images/linux/`：`BOOT.BIN`、`image.ub`、`boot.scr`，拷到 SD 卡第一个分区即可。""")

        t = d.task("再加个 ipv4_csum 模块：在 parser 后面检查 IPv4 头的 checksum，先只支持 IHL=5，带选项的直接判错。"
                   "复位还是老样子，同步的 rst_n 低有效。提交信息用「模块名: 中文说明」的格式，跟前面的提交保持一致",
                   tags=["workflow:W1", "oneoff:O1", "pref:P2"])
        t.write(P("rtl/parser/ipv4_csum.sv"), IPV4_CSUM)
        t.read(P("rtl/rtl.f"))
        t.edit(P("rtl/rtl.f"), "rtl/parser/vlan_strip.sv\n", "rtl/parser/vlan_strip.sv\nrtl/parser/ipv4_csum.sv\n")
        t.fail("make lint TOP=ipv4_csum", "lint ipv4_csum",
               """verilator --lint-only -Wall -f rtl/rtl.f --top-module ipv4_csum
%Error: rtl/parser/ipv4_csum.sv:35:28: Can't find definition of variable: 'ihl_q'
   35 |             csum_ok    <= (ihl_q == 4'd5) && (fold(acc + add16x4({16'h0, s_axis_tdata[47:0]})) == 16'hFFFF);
      |                            ^~~~~
%Error: Exiting due to 1 error(s)
make: *** [Makefile:6: lint] Error 1""", code=2)
        t.edit(P("rtl/parser/ipv4_csum.sv"), "csum_ok    <= (ihl_q == 4'd5)", "csum_ok    <= (ihl == 4'd5)")
        t.bash("make lint TOP=ipv4_csum", "重新 lint", out=make_lint_ok().replace("pp_top", "ipv4_csum"))
        t.write(P("tests/ipv4_csum/Makefile"), tb_mk("$(PROJ)/rtl/parser/ipv4_csum.sv", "ipv4_csum", "test_ipv4_csum"))
        t.write(P("tests/ipv4_csum/test_ipv4_csum.py"), TEST_IPV4)
        t.bash("make -C tests/ipv4_csum SIM=verilator WAVES=1", "跑 ipv4_csum 测试",
               out=make_sim("ipv4_csum", 2, "2.044", "test_ipv4_csum",
                            [("test_good_checksum", 57.6, "PASS"), ("test_bad_checksum", 57.6, "PASS"),
                             ("test_options_rejected", 64.0, "PASS")], 1762307745, 0.36), timeout=300000)
        t.bash("git add rtl/parser/ipv4_csum.sv rtl/rtl.f tests/ipv4_csum && git commit -q -m 'ipv4_csum: 新增 IPv4 头校验和检查（仅 IHL=5）' && git log --oneline -1",
               "提交", out="7b52e14 ipv4_csum: 新增 IPv4 头校验和检查（仅 IHL=5）")
        t.done("""`ipv4_csum` 完成并提交（7b52e14，提交信息按「模块名: 说明」）：

- 同步低有效 `rst_n`；第 1 拍取 IHL 和头部第一个 16bit 字，第 2、3 拍累加，最后折叠进位判断是否 `0xFFFF`，IHL≠5 直接 `csum_ok=0`
- `make lint` 第一次报 `Can't find definition of variable: 'ihl_q'`，是我写错了寄存器名（应为 `ihl`），改后 lint 干净
- cocotb 用 scapy 构造报文，3 个用例（正确校验和、错误校验和、带选项）全部 PASS""")


TB_AFIFO = """`timescale 1ns/1ps
// cocotb 顶层：固定 FIFO 参数，两个异步时钟在这里生成（写 156.25MHz / 读 161.13MHz）
module tb_axis_async_fifo;
  logic wr_clk = 1'b0, rd_clk = 1'b0;
  logic wr_rst_n, rd_rst_n;
  logic [63:0] s_axis_tdata, m_axis_tdata;
  logic [7:0]  s_axis_tkeep, m_axis_tkeep;
  logic        s_axis_tvalid, s_axis_tready, s_axis_tlast;
  logic        m_axis_tvalid, m_axis_tready, m_axis_tlast;

  always #3.2   wr_clk = ~wr_clk;
  always #3.103 rd_clk = ~rd_clk;

  axis_async_fifo #(.DEPTH(512), .DATA_W(64)) dut (.*);
endmodule
"""

TEST_AFIFO = """import random
import cocotb
from cocotb.triggers import RisingEdge, Timer
from cocotbext.axi import AxiStreamBus, AxiStreamSource, AxiStreamSink, AxiStreamFrame


async def reset(dut):
    dut.wr_rst_n.value = 0
    dut.rd_rst_n.value = 0
    await Timer(100, units="ns")
    dut.wr_rst_n.value = 1
    dut.rd_rst_n.value = 1


@cocotb.test()
async def test_random_frames(dut):
    src = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.wr_clk, dut.wr_rst_n, reset_active_level=False)
    sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.rd_clk, dut.rd_rst_n, reset_active_level=False)
    await reset(dut)
    frames = [bytes(random.getrandbits(8) for _ in range(random.randint(60, 1514))) for _ in range(200)]
    for f in frames:
        await src.send(AxiStreamFrame(f))
    for f in frames:
        assert bytes((await sink.recv()).tdata) == f


@cocotb.test()
async def test_backpressure(dut):
    src = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.wr_clk, dut.wr_rst_n, reset_active_level=False)
    sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.rd_clk, dut.rd_rst_n, reset_active_level=False)
    sink.set_pause_generator(iter(lambda: random.random() < 0.6, None))
    await reset(dut)
    frames = [bytes(range(256)) * 4 for _ in range(20)]
    for f in frames:
        await src.send(AxiStreamFrame(f))
    for f in frames:
        assert bytes((await sink.recv()).tdata) == f
"""

AFIFO_DOC = """# axis_async_fifo 设计说明

## 1. 背景
MAC 侧 RX 时钟（xxv_ethernet rx_clk_out，156.25 MHz）与处理核时钟（161.13 MHz，来自 PS 的 PL 时钟 + MMCM）不同源，
需要一个跨时钟域的 AXI-Stream FIFO。本模块参考了 Cummings 的经典论文《Simulation and Synthesis Techniques for Asynchronous FIFO Design》。

## 2. 接口
| 信号 | 方向 | 时钟域 | 说明 |
|---|---|---|---|
| wr_clk / wr_rst_n | in | 写 | 写时钟、同步低有效复位 |
| s_axis_* | in/out | 写 | tdata[63:0] / tkeep[7:0] / tvalid / tready / tlast |
| rd_clk / rd_rst_n | in | 读 | 读时钟、同步低有效复位 |
| m_axis_* | out/in | 读 | 同上 |

## 3. 结构
### 3.1 存储
深度 DEPTH（默认 512），宽度 DATA_W + KEEP_W + 1（tdata/tkeep/tlast 打包），推断为 RAMB36E2 简单双口。
### 3.2 指针
读写指针都是 log2(DEPTH)+1 位二进制计数器，额外一位用于区分空和满。
### 3.3 格雷码
指针跨时钟域前转成格雷码：gray = bin ^ (bin >> 1)。格雷码每次只变一位，被另一时钟域采样时最多错一拍，不会出现多位同时跳变导致的错误值。
### 3.4 同步器
格雷码指针经 sync_2ff 两级触发器同步，寄存器加 ASYNC_REG 属性，XDC 里对 gray 指针加 set_max_delay -datapath_only。
### 3.5 空满判断
- 空：读侧，rd_gray == 同步过来的 wr_gray
- 满：写侧，wr_gray == {~rd_gray_sync[MSB:MSB-1], rd_gray_sync[MSB-2:0]}
### 3.6 复位
两侧各自同步复位，复位期间 tready 拉低。

## 4. 时序约束
```
set_max_delay -datapath_only -from [get_cells -hier *wr_gray_reg*] -to [get_cells -hier *wr_gray_sync_reg[0]*] 3.0
set_max_delay -datapath_only -from [get_cells -hier *rd_gray_reg*] -to [get_cells -hier *rd_gray_sync_reg[0]*] 3.0
```

## 5. 验证
cocotb 测试两个用例：200 个随机长度帧、下游 60% 反压。tb 顶层 tb_axis_async_fifo.sv 生成两个不相关时钟。

## 6. 资源
DEPTH=512 时 2 个 RAMB36E2，约 180 LUT、160 FF。

## 7. 已知限制
- 不支持 DEPTH 非 2 的幂
- 没有 almost_full / 水位输出
- 不做包模式（store-and-forward），帧可能在 FIFO 里被截断在半途

## 8. 参考
- Cummings, SNUG 2002
- UG949 UltraFast 设计方法，CDC 章节
- UG906 report_cdc
"""


def s4(d):
    with d.session("2026-11-09T02:17:00", R, branch="main", version="2.1.146", end_reason="other"):
        t = d.task("rtl/common/axis_async_fifo.sv 一直没有测试，补一个 cocotb 测试。顶层用一个 SV wrapper "
                   "tests/axis_async_fifo/tb_axis_async_fifo.sv 把参数定死，两个时钟也在 wrapper 里用 always 生成，别在 Python 里管时钟",
                   tags=["mistake:M2"])
        t.write(P("tests/axis_async_fifo/tb_axis_async_fifo.sv"), TB_AFIFO)
        t.write(P("tests/axis_async_fifo/test_axis_async_fifo.py"), TEST_AFIFO)
        t.write(P("tests/axis_async_fifo/Makefile"),
                tb_mk("$(PROJ)/rtl/common/sync_2ff.sv $(PROJ)/rtl/common/axis_async_fifo.sv tb_axis_async_fifo.sv",
                      "tb_axis_async_fifo", "test_axis_async_fifo"))
        t.fail("make -C tests/axis_async_fifo SIM=verilator WAVES=1", "跑 async FIFO 测试",
               make_timing_fail("axis_async_fifo", "tb_axis_async_fifo", "tb_axis_async_fifo.sv", 11, "  always #3.2   wr_clk = ~wr_clk;", 10, "delays"),
               code=2)
        t.read(P("tests/axis_async_fifo/Makefile"))
        t.edit(P("tests/axis_async_fifo/Makefile"), "TOPLEVEL = tb_axis_async_fifo\n",
               "TOPLEVEL = tb_axis_async_fifo\n\n# wrapper 里用 # 延时生成时钟，Verilator 5 需要打开时序支持\nEXTRA_ARGS += --timing\n")
        t.bash("make -C tests/axis_async_fifo SIM=verilator WAVES=1", "重新跑 async FIFO 测试",
               out=make_sim("axis_async_fifo", 4, "3.912", "test_axis_async_fifo",
                            [("test_random_frames", 38211.2, "PASS"), ("test_backpressure", 17324.8, "PASS")], 1762655012, 6.84),
               timeout=600000)
        t.done("""async FIFO 测试补好了，两个用例（200 个随机长度帧、下游 60% 反压）都 PASS。

第一次编译失败：wrapper 里 `always #3.2 wr_clk = ~wr_clk;` 这种 `#` 延时，Verilator 5 默认不知道怎么处理，报 `%Error-NEEDTIMINGOPT`。在 `tests/axis_async_fifo/Makefile` 里加了 `EXTRA_ARGS += --timing`（让 Verilator 按事件驱动真正执行延时），同一条 `make` 再跑就过了。

文件：`tb_axis_async_fifo.sv`（DEPTH=512，写 156.25 MHz / 读约 161.13 MHz）、`test_axis_async_fifo.py`、`Makefile`。""")

        t = d.task("异步 FIFO 的指针为什么要转格雷码再同步？直接二进制指针打两拍不行吗？新同事问我，我想给他讲清楚", tags=["no_tools"])
        t.done("""核心原因：**多位信号跨时钟域时，接收端可能在各位跳变的不同时刻采样**。

- 二进制指针 `0111 → 1000` 四位同时变。两级同步器只能解决亚稳态，解决不了「各位到达时间不同」：接收端可能采到 `0000`、`1111`、`0101` 等任意组合，空/满判断就会错，可能导致读出未写入的数据或覆盖未读数据
- 格雷码相邻值只有一位不同。采样时要么采到旧值，要么采到新值，最多晚一拍。晚一拍对 FIFO 是「保守」的：写侧以为还满、读侧以为还空，只会少吞吐，不会出错
- 所以顺序是：二进制计数 → 本域寄存器里转格雷码（转换必须寄存后再出去，组合逻辑会有毛刺）→ 对端两级同步 → 对端用格雷码比较或转回二进制

补充两点：
1. 这要求指针每拍最多加 1，所以深度取 2 的幂，格雷码才能首尾相接
2. 实现上给同步寄存器加 `ASYNC_REG`，XDC 对格雷码路径加 `set_max_delay -datapath_only`，保证各位之间的偏斜小于一个目的时钟周期""")

        t = d.task("把 axis_async_fifo 的设计说明写成文档放 docs/ 下，新同事入职要看", tags=["noise"])
        t.write(P("docs/axis_async_fifo.md"), AFIFO_DOC)
        t.done("已写到 `docs/axis_async_fifo.md`：背景、接口表、存储/指针/格雷码/同步器/空满/复位的结构说明、CDC 约束、验证、资源和已知限制，还列了参考资料。")


PROGRAM_FAIL = f"""{vv_banner("scripts/program.tcl")}
# open_hw_manager
# connect_hw_server -allow_non_jtag
INFO: [Labtools 27-2285] Connecting to hw_server url TCP:localhost:3121
INFO: [Labtools 27-2222] Launching hw_server...
INFO: [Labtools 27-2221] Launch Output:

****** Xilinx hw_server v2023.2
  **** Build date : Oct 13 2023 at 22:55:24
    ** Copyright 1986-2022 Xilinx, Inc. All Rights Reserved.
    ** Copyright 2022-2023 Advanced Micro Devices, Inc. All Rights Reserved.


INFO: [Labtools 27-3415] Connecting to cs_server url TCP:localhost:3042
INFO: [Labtools 27-3417] Launching cs_server...
INFO: [Labtools 27-2221] Launch Output:


******** Xilinx cs_server v2023.2.0
  ****** Build date   : Oct 13 2023-23:02:21
    **** Build number : 2023.2.1697205741
      ** Copyright 2017-2022 Xilinx, Inc. All Rights Reserved.
      ** Copyright 2022-2023 Advanced Micro Devices, Inc. All Rights Reserved.



# open_hw_target
ERROR: [Labtoolstcl 44-494] There is no active target available for server at localhost.
 Targets(s) ", jsn-DLC10-0000191b3a5c01" may be locked by another hw_server.
    while executing
"open_hw_target"
    (file "scripts/program.tcl" line 3)
{vv_exit("2026-11-11", "14:12:09")}"""

VLAN_DOC = """# vlan_strip

**功能**：去掉一层 802.1Q（0x8100）或 QinQ 外层（0x88A8）tag，后面的数据前移 4 字节，单独输出 `vlan_id`/`vlan_valid`。

**接口**：`clk`、`rst_n`（同步低有效）；`s_axis_*` → `m_axis_*`，64bit，`tready` 直通；`vlan_id[11:0]`、`vlan_valid`。

**时序**：固定 1 拍延迟；`vlan_id` 在帧第 2 拍之后有效，保持到下一帧。

**注意**：只剥一层；尾拍 `tkeep` 暂未随前移修正（帧长非 8 的倍数时尾部多 4 字节）。
"""


def s5(d):
    with d.session("2026-11-11T05:52:00", R, branch="main", version="2.1.147"):
        t = d.task("把 build/pp_top.bit 下到实验室那块 ZCU102 上，用 scripts/program.tcl", tags=["unfixed:U1"])
        t.fail("vivado -mode batch -source scripts/program.tcl -tclargs build/pp_top.bit", "JTAG 下载 bit",
               PROGRAM_FAIL, timeout=600000)
        t.bash("ps -ef | grep -E '[h]w_server|[c]s_server'", "看本机有没有别的 hw_server",
               out="chensy   118342      1  0 14:11 ?        00:00:00 /tools/Xilinx/Vivado/2023.2/bin/unwrapped/lnx64.o/hw_server -S -s TCP:localhost:3121\n"
                   "chensy   118360      1  0 14:11 ?        00:00:00 /tools/Xilinx/Vivado/2023.2/bin/unwrapped/lnx64.o/cs_server -S -s TCP:localhost:3042")
        t.done("""没下进去：`open_hw_target` 报 `[Labtoolstcl 44-494] There is no active target available`，提示 JTAG 线 `jsn-DLC10-0000191b3a5c01` 可能被另一个 hw_server 锁住了。

本机只有这次 Vivado 自己拉起来的 hw_server/cs_server，所以占着线的应该是实验室别的机器（DLC10 平台线是共享的，可能是小王那边 Vivado Hardware Manager 还开着）。这个我这边解决不了，需要你确认一下谁连着那块板子、让对方关掉 Hardware Manager 或者断开 target，之后再下载。bit 文件本身没问题。""")

        t = d.task("eth_rx_path 小王又改了一版，重新跑一下实现，看下时序和资源", tags=["workflow:W2"])
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs impl", "综合+实现",
               out=synth_ok("2026-11-11", "15:03:44", 52311, "2815.207", 43106, 61952, 104.0, (0.201, 0.087, 0.018)),
               timeout=3600000)
        t.bash('grep -A 12 "Design Timing Summary" build/reports/pp_top_timing_summary.rpt', "时序摘要",
               out=timing_summary("0.087", "0.000", 0, 49021, "0.018"))
        t.bash('grep -E "CLB LUTs|CLB Registers|Block RAM Tile|DSPs" build/reports/pp_top_utilization.rpt', "利用率",
               out=util(43106, 61952, "104", 0))
        t.done("""实现完成。

**时序摘要**：WNS 0.087 ns，TNS 0.000，WHS 0.018 ns，约束全部满足（比上周的 0.142 又少了 0.055 ns）

**利用率**：LUT 43106（15.73%），FF 61952（11.30%），BRAM 104（11.40%），DSP 0""")

        fb = "上次你写的 docs/axis_async_fifo.md 太长了，新同事根本不看，我自己 cut half 才发出去。"
        t = d.task(fb + "以后模块文档控制在一屏以内：功能、接口、时序、注意事项四块就够了。vlan_strip 的文档按这个写一份",
                   tags=["feedback"], feedback=fb)
        t.read(P("rtl/parser/vlan_strip.sv"))
        t.write(P("docs/vlan_strip.md"), VLAN_DOC)
        t.done("明白，之后模块文档只写功能、接口、时序、注意事项四块，一屏以内。`docs/vlan_strip.md` 已按这个格式写好（包括 QinQ 和尾拍 tkeep 的限制）。")


FLOW_HASH = """// 五元组 -> 12bit 流表索引，CRC16-CCITT 折叠，2 拍流水
module flow_hash
  import pkt_pkg::*;
(
  input  logic         clk,
  input  logic         rst_n,
  input  logic [103:0] tuple,      // {src_ip, dst_ip, src_port, dst_port, proto}
  input  logic         tuple_valid,
  output logic [11:0]  idx,
  output logic         idx_valid
);

  function automatic logic [15:0] crc16(input logic [15:0] c, input logic [7:0] b);
    logic [15:0] r;
    r = c ^ {b, 8'h00};
    for (int i = 0; i < 8; i++) r = r[15] ? (r << 1) ^ 16'h1021 : (r << 1);
    return r;
  endfunction

  logic [15:0] h_lo, h;
  logic        v1;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      v1        <= 1'b0;
      idx_valid <= 1'b0;
    end else begin
      v1        <= tuple_valid;
      idx_valid <= v1;
      if (tuple_valid) begin
        h_lo = 16'hFFFF;
        for (int k = 0; k < 7; k++) h_lo = crc16(h_lo, tuple[8*k +: 8]);
        h <= h_lo;
      end
      if (v1) begin
        h_lo = h;
        for (int k = 7; k < 13; k++) h_lo = crc16(h_lo, tuple[8*k +: 8]);
        idx <= h_lo[15:4] ^ {8'h0, h_lo[3:0]};
      end
    end
  end

endmodule
"""

TEST_FLOW_HASH = """import random
import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge


def crc16(data, c=0xFFFF):
    for b in data:
        c ^= b << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c


def ref(t):
    h = crc16(t.to_bytes(13, "little"))
    return (h >> 4) ^ (h & 0xF)


@cocotb.test()
async def test_against_model(dut):
    cocotb.start_soon(Clock(dut.clk, 6.4, units="ns").start())
    dut.rst_n.value = 0
    dut.tuple_valid.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst_n.value = 1
    for _ in range(500):
        t = random.getrandbits(104)
        dut.tuple.value = t
        dut.tuple_valid.value = 1
        await RisingEdge(dut.clk)
        dut.tuple_valid.value = 0
        await RisingEdge(dut.clk)
        await RisingEdge(dut.clk)
        assert dut.idx_valid.value == 1
        assert int(dut.idx.value) == ref(t)
"""


def s6(d):
    with d.session("2026-11-13T01:29:00", R, branch="main", version="2.1.148"):
        t = d.task("切到 feature/25g 分支，小王把 MAC 换成了 25G 的 xxv_ethernet_25g，跑一下综合看能不能过", tags=["mistake:M1"])
        t.bash("git fetch origin && git switch feature/25g", "切分支",
               out="branch 'feature/25g' set up to track 'origin/feature/25g'.",
               err="Switched to a new branch 'feature/25g'")
        t.bash("git diff --stat main...feature/25g", "看分支改了什么",
               out=""" constraints/zcu102.xdc                   |   6 +-
 ip/xxv_ethernet_25g/xxv_ethernet_25g.xci | 498 +++++++++++++++++++++++++++++++
 rtl/top/pp_top.sv                        |  14 +-
 3 files changed, 511 insertions(+), 7 deletions(-)""")
        t.fail("vivado -mode batch -source scripts/build.tcl -tclargs synth", "综合 25G 分支",
               synth_fail_ip("xxv_ethernet_25g", 96, "2026-11-13", "09:41:37", 16, 47730, "2791.004",
                             extra=""), timeout=1800000)
        t.bash("ls build/ip/", "看已生成的 IP", out="ila_parser\nxxv_ethernet_0")
        t.bash("vivado -mode batch -source scripts/gen_ip.tcl -tclargs xxv_ethernet_25g", "生成 25G MAC 的 IP 产物",
               out=gen_ip_ok(["xxv_ethernet_25g"], "2026-11-13", "09:55:02"), timeout=2400000)
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs synth", "重新综合",
               out=synth_ok("2026-11-13", "10:02:18", 48805, "2830.662", 45390, 64218, 104.0), timeout=1800000)
        t.done("""25G 分支综合通过。

和上次 ILA 一样的原因：分支上新加的是 `ip/xxv_ethernet_25g/xxv_ethernet_25g.xci`，`build/ip/` 里只有 `ila_parser` 和旧的 `xxv_ethernet_0`，所以 `pp_top.sv:96` 报 `[Synth 8-439] module 'xxv_ethernet_25g' not found`。先跑 `gen_ip.tcl -tclargs xxv_ethernet_25g` 生成产物，再综合就过了。LUT 45390、FF 64218，25G MAC 比 10G 多用了约 2.3k LUT。

时钟约束（`zcu102.xdc` 改成了 390.625 MHz 的 GT 参考）要跑完实现才能看出时序，需要的话我再跑 impl。""")

        t = d.task("写个 flow_hash：五元组算 12bit 的流表索引，两拍流水。寄存器复位照旧用同步低有效 rst_n，不要用异步复位，写完走一遍 lint 和 cocotb",
                   tags=["workflow:W1", "pref:P1"])
        t.write(P("rtl/parser/flow_hash.sv"), FLOW_HASH)
        t.read(P("rtl/rtl.f"))
        t.edit(P("rtl/rtl.f"), "rtl/parser/ipv4_csum.sv\n", "rtl/parser/ipv4_csum.sv\nrtl/parser/flow_hash.sv\n")
        t.bash("make lint TOP=flow_hash", "lint flow_hash",
               out=make_lint_ok().replace("pp_top", "flow_hash"))
        t.write(P("tests/flow_hash/Makefile"), tb_mk("$(PROJ)/rtl/parser/flow_hash.sv", "flow_hash", "test_flow_hash"))
        t.write(P("tests/flow_hash/test_flow_hash.py"), TEST_FLOW_HASH)
        t.bash("make -C tests/flow_hash SIM=verilator WAVES=1", "跑 flow_hash 测试",
               out=make_sim("flow_hash", 2, "2.207", "test_flow_hash", [("test_against_model", 9619.2, "PASS")], 1763000170, 1.92),
               timeout=300000)
        t.bash("git add rtl/parser/flow_hash.sv rtl/rtl.f tests/flow_hash && git commit -q -m 'flow_hash: 五元组 CRC16 折叠成 12bit 流表索引' && git log --oneline -1",
               "提交", out="c4e90a7 flow_hash: 五元组 CRC16 折叠成 12bit 流表索引")
        t.done("""`flow_hash` 已提交（c4e90a7，在 feature/25g 分支上）：

- 13 字节五元组用 CRC16-CCITT 分两拍算（第一拍 7 字节，第二拍 6 字节），高 12 位异或低 4 位得到索引；`rst_n` 同步低有效
- `make lint TOP=flow_hash` 干净
- cocotb 用 Python 参考模型对 500 组随机五元组比对，PASS""")

        d.precompact("""Analysis: 陈思远（澜芯网络 FPGA 工程师）在 /home/chensy/work/pktproc 开发 ZCU102 上的以太网报文处理核（SystemVerilog）。
工具：Vivado 2023.2 非工程模式（scripts/build.tcl -tclargs synth|impl，IP 的 .xci 在 ip/，产物由 scripts/gen_ip.tcl 生成到 build/ip/），
Verilator 5.020（make lint，rtl/rtl.f 文件列表，pkt_pkg 在最前），cocotb 1.8.1 + cocotbext-axi（tests/<块>/Makefile，make -C tests/<块> SIM=verilator WAVES=1），
PetaLinux 2023.2 工程 ~/work/pp-plnx，Gitee 远端。

Summary:
1. 已完成：vlan_strip（含 QinQ）、ipv4_csum、flow_hash 模块和测试；axis_async_fifo 测试（wrapper 生成时钟）；docs/vlan_strip.md
2. 用户偏好：同步低有效 rst_n；提交信息「模块名: 中文说明」；时序只给 WNS/TNS/WHS 摘要；模块文档一屏以内（功能/接口/时序/注意事项）
3. 当前在 feature/25g 分支，25G MAC（xxv_ethernet_25g）综合已通过，实现还没跑
4. 实验室 ZCU102 的 JTAG 线被别的 hw_server 占着，bit 还没下到板子上""")

        t = d.task("跑一遍全部回归，把每个块的结果都给我看看", tags=["noise", "long_output"])
        blocks = [("axis_async_fifo", 4, "3.877", "test_axis_async_fifo", [("test_random_frames", 38211.2, "PASS"), ("test_backpressure", 17324.8, "PASS")], 6.71),
                  ("crc32", 2, "1.962", "test_crc32", [("test_single_beat", 44.8, "PASS"), ("test_random_lengths", 5363.2, "PASS"), ("test_tkeep_tail", 371.2, "PASS")], 0.88),
                  ("eth_parser", 2, "2.051", "test_eth_parser", [("test_untagged", 51.2, "PASS"), ("test_vlan", 51.2, "PASS"), ("test_runt_frame", 38.4, "PASS"), ("test_back_to_back", 409.6, "PASS")], 0.52),
                  ("flow_hash", 2, "2.190", "test_flow_hash", [("test_against_model", 9619.2, "PASS")], 1.88),
                  ("ipv4_csum", 2, "2.037", "test_ipv4_csum", [("test_good_checksum", 57.6, "PASS"), ("test_bad_checksum", 57.6, "PASS"), ("test_options_rejected", 64.0, "PASS")], 0.35),
                  ("vlan_strip", 3, "2.301", "test_vlan_strip", [("test_untagged_passthrough", 134.4, "PASS"), ("test_single_tag_stripped", 140.8, "PASS"), ("test_back_to_back", 448.0, "PASS")], 0.40)]
        parts = ["============================= test session starts ==============================",
                 "platform linux -- Python 3.10.12, pytest-7.4.3, pluggy-1.3.0 -- /home/chensy/.venvs/fpga/bin/python",
                 f"rootdir: {R}", "plugins: cocotb-test-0.2.4, xdist-3.5.0", "collecting ... collected 6 items", ""]
        for i, (blk, nm, tt, mod, tests, real) in enumerate(blocks, 1):
            parts.append(f"tests/{blk}/{mod}.py::test_{blk}_runner ")
            parts.append(vl_report(nm, tt))
            parts.append(cocotb_run(mod, tests, 1763001000 + i * 37, 0, real))
            parts.append(f"PASSED{'':>54}[{int(100 * i / 6):>3}%]")
        parts.append("\n======================== 6 passed in 71.84s (0:01:11) =========================")
        t.bash("pytest tests -v -s", "全部 cocotb 回归", out="\n".join(parts), timeout=1800000)
        t.done("""全部回归通过，6 个块、16 个 cocotb 用例：

| 块 | 用例 | 结果 |
|---|---|---|
| axis_async_fifo | 2 | PASS |
| crc32 | 3 | PASS |
| eth_parser | 4 | PASS |
| flow_hash | 1 | PASS |
| ipv4_csum | 3 | PASS |
| vlan_strip | 3 | PASS |

总耗时 71.8 s，大头是 async FIFO 的随机帧用例（仿真 38 µs）。""")

        t = d.task("25G 的 bit 也要给 PS 那边用：实现、导出 XSA、PetaLinux 重新导入编译打包，一套走完", tags=["workflow:W3"])
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs impl", "25G 分支实现",
               out=synth_ok("2026-11-13", "11:31:50", 50877, "2841.305", 45390, 64218, 104.0, (0.156, 0.064, 0.016)),
               timeout=3600000)
        w3(t, "2026-11-13", "11:36:12", 5253, 5102)
        t.done(f"""25G 版本的 PS 侧镜像已更新：

- 实现 WNS 0.064 ns（满足，但余量更小了）
- XSA 导出、`petalinux-config` 导入、`petalinux-build`（5253 个任务，5102 个命中 sstate）、`petalinux-package --boot` 全部成功
- 产物：`{PLNX}/images/linux/BOOT.BIN`、`image.ub`、`boot.scr`

注意 PetaLinux 工程现在是 25G 的硬件描述，如果要回 main 分支的 10G 版本需要重新导入一次 XSA。""")


CRC_INSERT = """// 在帧尾追加 FCS：tlast 拍之后补 4 字节 CRC
module crc_insert (
  input  logic                       clk,
  input  logic                       rst_n,
  input  logic [pkt_pkg::DATA_W-1:0] s_axis_tdata,
  input  logic [pkt_pkg::KEEP_W-1:0] s_axis_tkeep,
  input  logic                       s_axis_tvalid,
  input  logic                       s_axis_tlast,
  output logic                       s_axis_tready,
  output logic [pkt_pkg::DATA_W-1:0] m_axis_tdata,
  output logic [pkt_pkg::KEEP_W-1:0] m_axis_tkeep,
  output logic                       m_axis_tvalid,
  output logic                       m_axis_tlast,
  input  logic                       m_axis_tready
);

  logic [31:0] fcs;
  logic        fcs_valid;
  logic        tail_pending;

  crc32_d64 u_crc (
    .clk, .rst_n,
    .data(s_axis_tdata), .keep(s_axis_tkeep),
    .valid(s_axis_tvalid && s_axis_tready), .last(s_axis_tlast),
    .crc(fcs), .crc_valid(fcs_valid)
  );

  assign s_axis_tready = m_axis_tready && !tail_pending;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      m_axis_tvalid <= 1'b0;
      tail_pending  <= 1'b0;
    end else if (m_axis_tready) begin
      if (tail_pending) begin
        m_axis_tdata  <= {32'h0, fcs};
        m_axis_tkeep  <= 8'h0F;
        m_axis_tlast  <= 1'b1;
        m_axis_tvalid <= 1'b1;
        tail_pending  <= 1'b0;
      end else begin
        m_axis_tdata  <= s_axis_tdata;
        m_axis_tkeep  <= s_axis_tkeep;
        m_axis_tlast  <= 1'b0;
        m_axis_tvalid <= s_axis_tvalid;
        tail_pending  <= s_axis_tvalid && s_axis_tlast;
      end
    end
  end

endmodule
"""

TEST_CRC = """import random
import zlib
import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge


def model(data):
    # 与 RTL 相同：初值 0xFFFFFFFF，LSB first
    return zlib.crc32(data) ^ 0xFFFFFFFF


async def feed(dut, data):
    for i in range(0, len(data), 8):
        chunk = data[i:i + 8]
        dut.data.value = int.from_bytes(chunk.ljust(8, b"\\0"), "little")
        dut.keep.value = (1 << len(chunk)) - 1
        dut.valid.value = 1
        dut.last.value = int(i + 8 >= len(data))
        await RisingEdge(dut.clk)
    dut.valid.value = 0
    await RisingEdge(dut.clk)
    return int(dut.crc.value)


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk, 6.4, units="ns").start())
    dut.rst_n.value = 0
    dut.valid.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst_n.value = 1


@cocotb.test()
async def test_single_beat(dut):
    await setup(dut)
    d = bytes(range(8))
    assert await feed(dut, d) == model(d)


@cocotb.test()
async def test_random_lengths(dut):
    await setup(dut)
    for _ in range(50):
        d = bytes(random.getrandbits(8) for _ in range(random.randint(1, 200)))
        assert await feed(dut, d) == model(d)


@cocotb.test()
async def test_tkeep_tail(dut):
    await setup(dut)
    for n in range(57, 65):
        d = bytes(range(n))
        assert await feed(dut, d) == model(d)


def test_crc32_runner():
    from cocotb.runner import get_runner, get_results
    import os
    proj = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    r = get_runner("verilator")
    r.build(verilog_sources=[f"{proj}/rtl/common/pkt_pkg.sv", f"{proj}/rtl/crc/crc32_d64.sv"],
            hdl_toplevel="crc32_d64", build_dir=os.path.join(os.path.dirname(__file__), "sim_build"))
    xml = r.test(hdl_toplevel="crc32_d64", test_module="test_crc32", test_dir=os.path.dirname(__file__))
    n, failed = get_results(xml)
    assert failed == 0, f"{failed} of {n} cocotb tests failed, see {os.path.relpath(xml)}"
"""

FILES[P("rtl/crc/crc_insert.sv")] = CRC_INSERT
FILES[P("tests/crc32/test_crc32.py")] = TEST_CRC


def pytest_crc(fail):
    tests = [("test_single_beat", 44.8, "PASS"), ("test_random_lengths", 5363.2, "PASS"), ("test_tkeep_tail", 371.2, "PASS"),
             ("test_check_vector", 38.4, "FAIL" if fail else "PASS")]
    head = ["============================= test session starts ==============================",
            "platform linux -- Python 3.10.12, pytest-7.4.3, pluggy-1.3.0 -- /home/chensy/.venvs/fpga/bin/python",
            f"rootdir: {R}", "plugins: cocotb-test-0.2.4, xdist-3.5.0", "collecting ... collected 1 item", ""]
    if not fail:
        return "\n".join(head + ["tests/crc32/test_crc32.py::test_crc32_runner PASSED                        [100%]", "",
                                 "============================== 1 passed in 12.07s =============================="])
    log = cocotb_run("test_crc32", tests, 1763345112, 0, 0.93)
    log = log.replace("test_check_vector failed",
                      "test_check_vector failed\n"
                      "                                                        Traceback (most recent call last):\n"
                      f"                                                          File \"{R}/tests/crc32/test_crc32.py\", line 70, in test_check_vector\n"
                      "                                                            assert got == 0xCBF43926, f\"got {got:#010x}\"\n"
                      "                                                        AssertionError: got 0x340bc6d9")
    return "\n".join(head + ["tests/crc32/test_crc32.py::test_crc32_runner FAILED                        [100%]", "",
                             "=================================== FAILURES ===================================",
                             "______________________________ test_crc32_runner _______________________________", "",
                             "    def test_crc32_runner():",
                             "        ...",
                             "        n, failed = get_results(xml)",
                             ">       assert failed == 0, f\"{failed} of {n} cocotb tests failed, see {os.path.relpath(xml)}\"",
                             "E       AssertionError: 1 of 4 cocotb tests failed, see tests/crc32/sim_build/results.xml",
                             "E       assert 1 == 0", "",
                             "tests/crc32/test_crc32.py:84: AssertionError",
                             "----------------------------- Captured stdout call -----------------------------",
                             log,
                             "=========================== short test summary info ============================",
                             "FAILED tests/crc32/test_crc32.py::test_crc32_runner - AssertionError: 1 of 4 cocotb tests failed, see tests/crc32/sim_build/results.xml",
                             "============================== 1 failed in 12.41s =============================="])


def s7(d):
    with d.session("2026-11-17T02:40:00", R, branch="main", version="2.1.149", permission_mode="acceptEdits"):
        t = d.task("crc32 的测试加一个标准校验向量：ASCII \"123456789\" 的 CRC-32 应该是 0xCBF43926。加完用 pytest 跑 tests/crc32", tags=["oneoff:O2"])
        t.read(P("tests/crc32/test_crc32.py"))
        t.edit(P("tests/crc32/test_crc32.py"), "\n\ndef test_crc32_runner():",
               "\n\n@cocotb.test()\nasync def test_check_vector(dut):\n    await setup(dut)\n    got = await feed(dut, b\"123456789\")\n"
               "    assert got == 0xCBF43926, f\"got {got:#010x}\"\n\n\ndef test_crc32_runner():")
        t.fail("pytest tests/crc32 -v", "跑 crc32 测试", pytest_crc(True))
        t.read(P("rtl/crc/crc32_d64.sv"))
        t.edit(P("rtl/crc/crc32_d64.sv"), "      if (valid && last) crc <= next;", "      if (valid && last) crc <= ~next;  // 802.3：输出取反")
        t.edit(P("tests/crc32/test_crc32.py"), "    # 与 RTL 相同：初值 0xFFFFFFFF，LSB first\n    return zlib.crc32(data) ^ 0xFFFFFFFF",
               "    # IEEE 802.3 CRC-32：初值 0xFFFFFFFF，LSB first，输出取反（即 zlib.crc32）\n    return zlib.crc32(data)")
        t.bash("pytest tests/crc32 -v", "重新跑 crc32 测试", out=pytest_crc(False))
        t.done("""标准向量暴露了一个真 bug，已修：

- `crc32_d64` 最后输出没有按 802.3 做最终取反，`"123456789"` 算出 `0x340bc6d9`，正好是 `0xCBF43926` 按位取反
- 之前的用例没发现，是因为 Python 参考模型里也写了 `zlib.crc32(data) ^ 0xFFFFFFFF`，和 RTL 错得一样
- 修改：RTL 改成 `crc <= ~next;`，参考模型改回 `zlib.crc32(data)`；加了 `test_check_vector`
- `pytest tests/crc32 -v` 现在 4 个用例全过

`crc_insert` 直接用 `crc32_d64` 的输出当 FCS，之前插进去的 FCS 是错的，上板收包应该会被对端 MAC 判 FCS 错误，这次修正后一起解决。""")

        t = d.task("crc_insert 里 FCS 的字节序要再确认一下，顺手把 tail 那一拍的 tkeep 改成只在 fcs_valid 时才输出。改完单独 lint 一下 crc_insert", tags=["mistake:M3"])
        t.read(P("rtl/crc/crc_insert.sv"))
        t.edit(P("rtl/crc/crc_insert.sv"), "      if (tail_pending) begin\n        m_axis_tdata  <= {32'h0, fcs};\n        m_axis_tkeep  <= 8'h0F;",
               "      if (tail_pending && fcs_valid) begin\n        // FCS 低字节先发（802.3 3.2.9）\n        m_axis_tdata  <= {32'h0, fcs};\n        m_axis_tkeep  <= 8'h0F;")
        t.fail("verilator --lint-only -Wall rtl/crc/crc_insert.sv", "单独 lint crc_insert",
               lint_pkg_fail("rtl/crc/crc_insert.sv", "pkt_pkg", [
                   (5, 17, PKG_ERR.format("pkt_pkg"), "  input  logic [pkt_pkg::DATA_W-1:0] s_axis_tdata,"),
                   (6, 17, PKG_ERR.format("pkt_pkg"), "  input  logic [pkt_pkg::KEEP_W-1:0] s_axis_tkeep,")]))
        t.bash("verilator --lint-only -Wall -f rtl/rtl.f --top-module crc_insert", "用 rtl.f 带上 pkt_pkg 和 crc32_d64 再 lint", out="")
        t.done("""改好了，lint 通过：

- 尾拍只有在 `tail_pending && fcs_valid` 时才输出 FCS，`tkeep=8'h0F`
- 字节序：`{32'h0, fcs}` 让 `fcs[7:0]` 落在 byte0，先发低字节，符合 802.3（FCS 按 LSB 先发，取反后的 CRC 低字节在前）

lint：单独给 `rtl/crc/crc_insert.sv` 时 Verilator 没读到 `pkt_pkg`，端口里的 `pkt_pkg::DATA_W` 报 `Package/class 'pkt_pkg' not found`；换成 `-f rtl/rtl.f --top-module crc_insert`（包先读入，`crc32_d64` 也在里面）就干净了。""")

        t = d.task("流表要 4K 项、每项 128bit，放 BRAM 还是 URAM 合适？以后可能扩到 16K 项", tags=["no_tools"])
        t.done("""先说结论：**在 ZCU102 上只能用 BRAM**，因为 xczu9eg 没有 UltraRAM（URAM 只在 ZU4EV/ZU5EV/ZU7EV 以及 ZU11EG 以上这些器件里有）。

BRAM 估算（RAMB36E2 最宽 72bit 简单双口，实际按 36Kb 算）：
- 4K × 128bit = 512 Kb → 约 **16 个 RAMB36**（用 2 列 ×64bit 宽拼），占 912 个里的 1.8%
- 16K × 128bit = 2 Mb → 约 **64 个 RAMB36**，7%，资源上完全没问题

需要注意的：
1. 64 个 BRAM 级联做 16K 深时，地址译码和输出 mux 会变深，156.25 MHz 下建议打开 BRAM 输出寄存器（`DOB_REG=1`，读延迟 2 拍）并在 mux 后再打一拍
2. 流表是「查 + 更新」，建议用真双口：A 口给数据通路查，B 口给 PS 通过 AXI-Lite 更新，避免仲裁
3. 如果以后换到有 URAM 的器件（比如 ZCU106 的 ZU7EV），16K×128 用 4 个 URAM288 就够，可以在 RTL 里用 `(* ram_style = "ultra" *)` 做成可选""")


PATHS = [
    ("0.071", "u_rx/u_fifo/rd_ptr_bin_reg[8]/C", "u_rx/u_fifo/m_axis_tvalid_reg/D", "clk_161m"),
    ("0.088", "u_hash/h_reg[3]/C", "u_hash/idx_reg[11]/D", "clk_161m"),
    ("0.102", "u_hash/h_reg[7]/C", "u_hash/idx_reg[9]/D", "clk_161m"),
    ("0.119", "u_csum/acc_reg[2]/C", "u_csum/csum_ok_reg/D", "clk_161m"),
    ("0.131", "u_csum/acc_reg[0]/C", "u_csum/csum_ok_reg/D", "clk_161m"),
    ("0.146", "u_vlan/second_q_reg/C", "u_vlan/m_axis_tdata_reg[17]/CE", "clk_161m"),
    ("0.152", "u_vlan/second_q_reg/C", "u_vlan/m_axis_tdata_reg[41]/CE", "clk_161m"),
    ("0.167", "u_crcins/u_crc/state_reg[12]/C", "u_crcins/u_crc/crc_reg[30]/D", "clk_161m"),
    ("0.174", "u_crcins/u_crc/state_reg[5]/C", "u_crcins/u_crc/crc_reg[27]/D", "clk_161m"),
    ("0.183", "u_mac/inst/i_xxv_ethernet_25g_top/rx_axis_tdata_reg[22]/C", "u_rx/u_fifo/mem_reg_0/DINADIN[22]", "rx_clk_out_0"),
]

FLOW_TABLE_TB = """`timescale 1ns/1ps
// flow_table 的 cocotb 顶层：外挂一个行为级 BRAM 模型（输出带 1ns 延迟，方便波形里看清楚采样沿）
module tb_flow_table;
  logic clk, rst_n;
  logic [11:0]  lookup_idx;
  logic         lookup_valid;
  logic         hit, hit_valid;
  logic [11:0]  ram_addr;
  logic [127:0] ram_dout, ram_din;
  logic         ram_we;

  flow_table dut (.*);
  bram_model #(.AW(12), .DW(128)) u_ram (.clk, .addr(ram_addr), .din(ram_din), .we(ram_we), .dout(ram_dout));
endmodule
"""

BRAM_MODEL = """`timescale 1ns/1ps
module bram_model #(parameter int AW = 12, parameter int DW = 128) (
  input  logic          clk,
  input  logic [AW-1:0] addr,
  input  logic [DW-1:0] din,
  input  logic          we,
  output logic [DW-1:0] dout
);
  logic [DW-1:0] mem [2**AW];
  always_ff @(posedge clk) begin
    if (we) mem[addr] <= din;
    dout <= #1 mem[addr];
  end
endmodule
"""

FLOW_TABLE = """// 流表查找：idx -> BRAM 读（2 拍）-> 比较 key，命中输出 hit
module flow_table
  import pkt_pkg::*;
(
  input  logic         clk,
  input  logic         rst_n,
  input  logic [11:0]  lookup_idx,
  input  logic         lookup_valid,
  output logic         hit,
  output logic         hit_valid,
  output logic [11:0]  ram_addr,
  input  logic [127:0] ram_dout,
  output logic [127:0] ram_din,
  output logic         ram_we
);
  logic [1:0] v;
  assign ram_addr = lookup_idx;
  assign ram_din  = '0;
  assign ram_we   = 1'b0;
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      v <= '0; hit_valid <= 1'b0;
    end else begin
      v         <= {v[0], lookup_valid};
      hit_valid <= v[1];
      hit       <= ram_dout[127];
    end
  end
endmodule
"""

TEST_FLOW_TABLE = """import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge


@cocotb.test()
async def test_hit_and_miss(dut):
    cocotb.start_soon(Clock(dut.clk, 6.2, units="ns").start())
    dut.rst_n.value = 0
    dut.lookup_valid.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst_n.value = 1
    dut.u_ram.mem[5].value = 1 << 127
    for idx, want in ((5, 1), (6, 0)):
        dut.lookup_idx.value = idx
        dut.lookup_valid.value = 1
        await RisingEdge(dut.clk)
        dut.lookup_valid.value = 0
        while not dut.hit_valid.value:
            await RisingEdge(dut.clk)
        assert int(dut.hit.value) == want
"""


def s8(d):
    with d.session("2026-11-20T01:55:00", R, branch="main", version="2.1.150"):
        t = d.task("feature/25g 已经合到 main 了，跑一遍实现。之前说时序只看摘要，现在改成每次都把最差的 10 条路径也列出来（起点、终点、slack），"
                   "25G 之后余量太小了，光看摘要不够", tags=["workflow:W2", "reversal:P3", "long_output"])
        t.bash("git pull --rebase origin main && git log --oneline -3", "同步 main",
               out="""From https://gitee.com/lanxin-fpga/pktproc
 * branch            main       -> FETCH_HEAD
   7b52e14..e51a0c8  main       -> origin/main
Successfully rebased and updated refs/heads/main.
e51a0c8 Merge branch 'feature/25g'
d2a7f19 crc_insert: 尾拍只在 fcs_valid 时输出 FCS
5b9c3e2 crc32_d64: 输出按 802.3 取反，补标准校验向量""")
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs impl", "综合+实现",
               out=synth_ok("2026-11-20", "10:14:27", 53390, "2846.772", 46842, 66035, 112.0, (0.121, 0.071, 0.015)),
               timeout=3600000)
        t.bash('grep -A 12 "Design Timing Summary" build/reports/pp_top_timing_summary.rpt', "时序摘要",
               out=timing_summary("0.071", "0.000", 0, 51877, "0.015"))
        paths = []
        for s, a, b, c in PATHS:
            paths += [f"Slack (MET) :             {s}ns  (required time - arrival time)",
                      f"  Source:                 {a}", f"  Destination:            {b}",
                      f"  Path Group:             {c}"]
        t.bash('grep -E "^Slack|^  Source:|^  Destination:|^  Path Group:" build/reports/pp_top_timing_summary.rpt | head -40',
               "最差 10 条路径", out="\n".join(paths))
        t.bash('grep -E "CLB LUTs|CLB Registers|Block RAM Tile|DSPs" build/reports/pp_top_utilization.rpt', "利用率",
               out=util(46842, 66035, "112", 0))
        t.done("""实现完成，约束满足但很紧。

**摘要**：WNS 0.071 ns，TNS 0.000，WHS 0.015 ns

**最差 10 条路径**（setup）
| # | slack (ns) | 起点 | 终点 |
|---|---|---|---|
| 1 | 0.071 | u_rx/u_fifo/rd_ptr_bin_reg[8] | u_rx/u_fifo/m_axis_tvalid_reg |
| 2 | 0.088 | u_hash/h_reg[3] | u_hash/idx_reg[11] |
| 3 | 0.102 | u_hash/h_reg[7] | u_hash/idx_reg[9] |
| 4 | 0.119 | u_csum/acc_reg[2] | u_csum/csum_ok_reg |
| 5 | 0.131 | u_csum/acc_reg[0] | u_csum/csum_ok_reg |
| 6 | 0.146 | u_vlan/second_q_reg | u_vlan/m_axis_tdata_reg[17]（CE） |
| 7 | 0.152 | u_vlan/second_q_reg | u_vlan/m_axis_tdata_reg[41]（CE） |
| 8 | 0.167 | u_crcins/u_crc/state_reg[12] | u_crcins/u_crc/crc_reg[30] |
| 9 | 0.174 | u_crcins/u_crc/state_reg[5] | u_crcins/u_crc/crc_reg[27] |
| 10 | 0.183 | MAC rx_axis_tdata_reg[22] | u_rx/u_fifo/mem_reg_0 DIN |

前 9 条都在 `clk_161m`。`flow_hash` 第二拍 6 字节 CRC16 展开、`ipv4_csum` 最后一拍的加法+折叠是逻辑级数最深的，各拆一拍最直接；`vlan_strip` 的 `second_q` 扇出到 64 个 CE，可以复制寄存器。

**利用率**：LUT 46842（17.09%），FF 66035（12.05%），BRAM 112（12.28%）""")

        t = d.task("写 flow_table 的 cocotb 测试，tb 顶层 tests/flow_table/tb_flow_table.sv 外挂 tests/flow_table/bram_model.sv 这个行为级 BRAM 模型，"
                   "模型我已经写好了，输出故意带了 1ns 延迟方便看波形", tags=["mistake:M2"])
        d.files[P("tests/flow_table/bram_model.sv")] = BRAM_MODEL
        d.files[P("rtl/parser/flow_table.sv")] = FLOW_TABLE
        t.read(P("tests/flow_table/bram_model.sv"))
        t.read(P("rtl/parser/flow_table.sv"))
        t.write(P("tests/flow_table/tb_flow_table.sv"), FLOW_TABLE_TB)
        t.write(P("tests/flow_table/test_flow_table.py"), TEST_FLOW_TABLE)
        t.write(P("tests/flow_table/Makefile"),
                tb_mk("$(PROJ)/rtl/parser/flow_table.sv bram_model.sv tb_flow_table.sv", "tb_flow_table", "test_flow_table"))
        t.fail("make -C tests/flow_table SIM=verilator", "跑 flow_table 测试",
               make_timing_fail("flow_table", "tb_flow_table", "bram_model.sv", 12, "    dout <= #1 mem[addr];", 13, "delays"),
               code=2)
        t.read(P("tests/flow_table/Makefile"))
        t.edit(P("tests/flow_table/Makefile"), "MODULE = test_flow_table\n",
               "MODULE = test_flow_table\n\n# bram_model.sv 里有 #1 输出延迟\nEXTRA_ARGS += --timing\n")
        t.bash("make -C tests/flow_table SIM=verilator", "重新跑 flow_table 测试",
               out=make_sim("flow_table", 3, "2.688", "test_flow_table", [("test_hit_and_miss", 62.0, "PASS")], 1763604401, 0.21, waves=False),
               timeout=300000)
        t.done("""`flow_table` 测试跑通了（命中/未命中各一次，PASS）。

`bram_model.sv` 里的 `dout <= #1 mem[addr];` 是带延迟的非阻塞赋值，Verilator 5 默认报 `%Error-NEEDTIMINGOPT`。和 async FIFO 那次一样，在 `tests/flow_table/Makefile` 里加了 `EXTRA_ARGS += --timing`，模型里的 1ns 延迟会按真实时间执行，波形里能看到输出比时钟沿晚 1ns。""")

        t = d.task("xxv_ethernet 的 RX AXIS 里 rx_axis_tuser 具体什么含义？FCS 错的包 MAC 会不会直接丢？查一下 PG210", tags=["noise", "webfetch"])
        t.webfetch("https://docs.amd.com/r/en-US/pg210-25g-ethernet/AXI4-Stream-Interface-Receive",
                   "rx_axis_tuser 的含义，FCS 错误的帧是否会被丢弃，相关配置项",
                   "PG210 (10G/25G High Speed Ethernet Subsystem) — AXI4-Stream receive interface:\n"
                   "- rx_axis_tuser_0: sampled only when rx_axis_tvalid_0 and rx_axis_tlast_0 are both High. When High, it indicates the "
                   "current packet is bad (e.g. FCS error, length error, or packet too long/too short).\n"
                   "- The subsystem does not drop bad packets on the AXI4-Stream interface; the user logic must discard them based on rx_axis_tuser.\n"
                   "- ctl_rx_delete_fcs: when set, the FCS is removed from the received packet before it is presented on the AXIS interface.\n"
                   "- ctl_rx_ignore_fcs: when set, FCS errors are not reported on rx_axis_tuser (stat_rx_bad_fcs still counts them).\n"
                   "- Statistics: stat_rx_bad_fcs_0, stat_rx_packet_bad_fcs_0.")
        t.done("""PG210 的说法：

- `rx_axis_tuser` 只在 `tvalid && tlast` 那一拍有意义，为 1 表示这个包是坏包（FCS 错、长度错、过长/过短）
- **MAC 不会丢坏包**，照样从 AXIS 送出来，要靠用户逻辑看尾拍的 `tuser` 丢弃
- `ctl_rx_delete_fcs=1` 时 FCS 会被剥掉再送出；`ctl_rx_ignore_fcs=1` 会让 FCS 错误不反映到 `tuser`（统计计数 `stat_rx_bad_fcs` 照样计）

对我们的影响：`eth_rx_path` 现在没看 `tuser`，坏包会进 parser 和流表。因为 `tuser` 只在尾拍给出，要丢整包得在 async FIFO 后面做 store-and-forward（或者至少把结果延迟到尾拍再提交流表更新）。""")


PKT_COUNTER = """// 每端口收包/字节/坏包计数，AXI-Lite 读出（读清零）
module pkt_counter
  import pkt_pkg::*;
(
  input  logic              clk,
  input  logic              rst_n,
  input  logic [KEEP_W-1:0] mon_tkeep,
  input  logic              mon_tvalid,
  input  logic              mon_tlast,
  input  logic              mon_tuser,     // 尾拍坏包标志（PG210 rx_axis_tuser）
  input  logic              clr,
  output logic [47:0]       pkt_cnt,
  output logic [63:0]       byte_cnt,
  output logic [31:0]       bad_cnt
);

  logic [3:0] nbytes;
  always_comb begin
    nbytes = '0;
    for (int k = 0; k < KEEP_W; k++) nbytes += mon_tkeep[k];
  end

  always_ff @(posedge clk) begin
    if (!rst_n || clr) begin
      pkt_cnt  <= '0;
      byte_cnt <= '0;
      bad_cnt  <= '0;
    end else if (mon_tvalid) begin
      byte_cnt <= byte_cnt + nbytes;
      if (mon_tlast) begin
        pkt_cnt <= pkt_cnt + 1'b1;
        if (mon_tuser) bad_cnt <= bad_cnt + 1'b1;
      end
    end
  end

endmodule
"""

TEST_PKT_COUNTER = """import random
import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge


@cocotb.test()
async def test_counts(dut):
    cocotb.start_soon(Clock(dut.clk, 6.2, units="ns").start())
    dut.rst_n.value = 0
    dut.clr.value = 0
    dut.mon_tvalid.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst_n.value = 1
    pkts = nbytes = bad = 0
    for _ in range(100):
        n = random.randint(60, 1514)
        is_bad = random.random() < 0.1
        for i in range(0, n, 8):
            dut.mon_tkeep.value = (1 << min(8, n - i)) - 1
            dut.mon_tlast.value = int(i + 8 >= n)
            dut.mon_tuser.value = int(is_bad and i + 8 >= n)
            dut.mon_tvalid.value = 1
            await RisingEdge(dut.clk)
        pkts, nbytes, bad = pkts + 1, nbytes + n, bad + int(is_bad)
    dut.mon_tvalid.value = 0
    await RisingEdge(dut.clk)
    assert int(dut.pkt_cnt.value) == pkts
    assert int(dut.byte_cnt.value) == nbytes
    assert int(dut.bad_cnt.value) == bad
"""

L4_PARSER = """// IPv4 之后的 L4 头：取 TCP/UDP 端口，输出五元组给 flow_hash
module l4_parser
  import pkt_pkg::*;
  import axis_pkg::*;
(
  input  logic     clk,
  input  logic     rst_n,
  input  axis64_t  s_axis,
  input  logic     s_axis_tvalid,
  output logic [103:0] tuple,
  output logic     tuple_valid
);

  logic [2:0] beat;
  logic [7:0] proto;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      beat        <= '0;
      tuple_valid <= 1'b0;
    end else begin
      tuple_valid <= 1'b0;
      if (s_axis_tvalid) begin
        beat <= s_axis.tlast ? '0 : (beat == 3'd5 ? beat : beat + 3'd1);
        case (beat)
          3'd2: begin proto <= s_axis.tdata[63:56]; end
          3'd3: begin tuple[103:40] <= {s_axis.tdata[15:0], s_axis.tdata[63:16]}; end
          3'd4: begin
            tuple[39:8]  <= s_axis.tdata[47:16];
            tuple[7:0]   <= proto;
            tuple_valid  <= (proto == 8'd6) || (proto == 8'd17);
          end
          default: ;
        endcase
      end
    end
  end

endmodule
"""

AXIS_PKG = """package axis_pkg;
  typedef struct packed {
    logic [63:0] tdata;
    logic [7:0]  tkeep;
    logic        tlast;
    logic        tuser;
  } axis64_t;
endpackage
"""

TB_L4 = """`timescale 1ns/1ps
// l4_parser 顶层：把 cocotb 驱动的扁平信号打包成 axis64_t，并在复位释放后等第一个有效拍做个协议检查
module tb_l4_parser;
  import axis_pkg::*;
  logic clk, rst_n;
  logic [63:0] tdata;
  logic [7:0]  tkeep;
  logic        tlast, tvalid;
  logic [103:0] tuple;
  logic         tuple_valid;

  l4_parser dut (.clk, .rst_n, .s_axis('{tdata, tkeep, tlast, 1'b0}), .s_axis_tvalid(tvalid), .tuple, .tuple_valid);

  initial begin
    @(posedge rst_n);
    @(posedge clk iff tvalid);
    assert (tkeep == 8'hFF) else $error("first beat tkeep=%h", tkeep);
  end
endmodule
"""

TEST_L4 = """import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge
from scapy.all import Ether, IP, TCP, UDP


async def send(dut, pkt):
    data = bytes(pkt)
    for i in range(0, len(data), 8):
        chunk = data[i:i + 8]
        dut.tdata.value = int.from_bytes(chunk.ljust(8, b"\\0"), "little")
        dut.tkeep.value = (1 << len(chunk)) - 1
        dut.tlast.value = int(i + 8 >= len(data))
        dut.tvalid.value = 1
        await RisingEdge(dut.clk)
    dut.tvalid.value = 0


@cocotb.test()
async def test_udp_tuple(dut):
    cocotb.start_soon(Clock(dut.clk, 6.2, units="ns").start())
    dut.rst_n.value = 0
    dut.tvalid.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst_n.value = 1
    cocotb.start_soon(send(dut, Ether() / IP(src="10.1.1.1", dst="10.2.2.2") / UDP(sport=5000, dport=4789) / bytes(32)))
    while not dut.tuple_valid.value:
        await RisingEdge(dut.clk)
    assert int(dut.tuple.value) & 0xFF == 17


@cocotb.test()
async def test_tcp_tuple(dut):
    cocotb.start_soon(send(dut, Ether() / IP(src="10.1.1.1", dst="10.2.2.2") / TCP(sport=443, dport=51000) / bytes(20)))
    while not dut.tuple_valid.value:
        await RisingEdge(dut.clk)
    assert int(dut.tuple.value) & 0xFF == 6
"""

FILES[P("rtl/parser/l4_parser.sv")] = L4_PARSER
FILES[P("rtl/common/axis_pkg.sv")] = AXIS_PKG


def s9(d):
    with d.session("2026-11-24T02:11:00", R, branch="main", version="2.1.151"):
        t = d.task("加一个 pkt_counter 统计模块：收包数、字节数、坏包数（看尾拍 tuser），clr 清零。复位规矩不变——同步复位，低有效，名字叫 rst_n。"
                   "lint、测试、提交一条龙", tags=["workflow:W1", "pref:P1"])
        t.write(P("rtl/top/pkt_counter.sv"), PKT_COUNTER)
        t.read(P("rtl/rtl.f"))
        t.edit(P("rtl/rtl.f"), "rtl/top/eth_rx_path.sv\n", "rtl/top/eth_rx_path.sv\nrtl/top/pkt_counter.sv\n")
        t.bash("make lint TOP=pkt_counter", "lint pkt_counter", out=make_lint_ok().replace("pp_top", "pkt_counter"))
        t.write(P("tests/pkt_counter/Makefile"), tb_mk("$(PROJ)/rtl/top/pkt_counter.sv", "pkt_counter", "test_pkt_counter"))
        t.write(P("tests/pkt_counter/test_pkt_counter.py"), TEST_PKT_COUNTER)
        t.bash("make -C tests/pkt_counter SIM=verilator WAVES=1", "跑 pkt_counter 测试",
               out=make_sim("pkt_counter", 2, "1.984", "test_pkt_counter", [("test_counts", 62539.4, "PASS")], 1763950811, 2.77),
               timeout=300000)
        t.bash("git add rtl/top/pkt_counter.sv rtl/rtl.f tests/pkt_counter && git commit -q -m 'pkt_counter: 收包/字节/坏包计数，clr 同步清零' && git push origin main",
               "提交并推送", out="",
               err="remote: Powered by GITEE.COM [1.1.5]\nremote: Set trace flag 4c1f8a2d\nTo https://gitee.com/lanxin-fpga/pktproc.git\n   e51a0c8..0a93d57  main -> main")
        t.done("""`pkt_counter` 已提交并推到 Gitee（0a93d57）：

- 同步低有效 `rst_n`，`clr` 同步清零；`tkeep` 数 1 得到字节数，尾拍 `tuser=1` 计坏包
- `make lint TOP=pkt_counter` 干净
- cocotb：100 个随机长度包、10% 坏包，三个计数全部对上，PASS""")

        t = d.task("新的 BOOT.BIN 和 image.ub 拷到板子上（192.168.10.23，SD 卡挂在 /run/media/mmcblk0p1）", tags=["unfixed:U2"])
        t.fail(f"scp {PLNX}/images/linux/BOOT.BIN {PLNX}/images/linux/image.ub {PLNX}/images/linux/boot.scr root@192.168.10.23:/run/media/mmcblk0p1/",
               "拷镜像到板子", "ssh: connect to host 192.168.10.23 port 22: No route to host\nscp: Connection closed", code=255)
        t.fail("ping -c 3 -W 2 192.168.10.23", "看板子网络通不通",
               """PING 192.168.10.23 (192.168.10.23) 56(84) bytes of data.
From 192.168.10.5 icmp_seq=1 Destination Host Unreachable
From 192.168.10.5 icmp_seq=2 Destination Host Unreachable
From 192.168.10.5 icmp_seq=3 Destination Host Unreachable

--- 192.168.10.23 ping statistics ---
3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2046ms""")
        t.done("""没拷上去：`192.168.10.23` 不可达（`No route to host`，ping 也是 `Destination Host Unreachable`，ARP 都没回应）。

可能是板子没上电、还没启动完，或者网线/交换机口不对；也可能上次换了 25G 的 bit 后 PS 以太网的设备树变了、IP 没起来。这个需要你到实验室看一下串口输出。镜像在 `{0}/images/linux/`，板子起来后我再拷。""".format(PLNX))

        t = d.task("小王把 ila_parser 换成了 system_ila，说能同时抓 AXIS 协议，刚推到 main。拉下来综合一下", tags=["mistake:M1"])
        t.bash("git pull --rebase origin main && git log --oneline -2 --stat", "拉取并看改动",
               out="""From https://gitee.com/lanxin-fpga/pktproc
 * branch            main       -> FETCH_HEAD
   0a93d57..7c1e4b8  main       -> origin/main
Successfully rebased and updated refs/heads/main.
7c1e4b8 debug: ila_parser 换成 system_ila_0，挂在 parser 输入 AXIS 上
 ip/ila_parser/ila_parser.xci     | 212 ------------------
 ip/system_ila_0/system_ila_0.xci | 301 +++++++++++++++++++++++++++
 rtl/top/pp_top.sv                |  19 +-
 3 files changed, 310 insertions(+), 222 deletions(-)
0a93d57 pkt_counter: 收包/字节/坏包计数，clr 同步清零""")
        t.fail("vivado -mode batch -source scripts/build.tcl -tclargs synth", "综合",
               synth_fail_ip("system_ila_0", 152, "2026-11-24", "11:02:51", 17, 51877, "2852.390"), timeout=1800000)
        t.bash("vivado -mode batch -source scripts/gen_ip.tcl -tclargs system_ila_0", "生成 system_ila_0 的产物",
               out=gen_ip_ok(["system_ila_0"], "2026-11-24", "11:09:40"), timeout=1800000)
        t.bash("rm -rf build/ip/ila_parser", "删掉已经不用的 ila_parser 产物，避免 build.tcl 读进去", out="")
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs synth", "重新综合",
               out=synth_ok("2026-11-24", "11:15:22", 52004, "2861.447", 47560, 67311, 112.0), timeout=1800000)
        t.done("""综合通过。

还是 IP 产物的问题：`system_ila_0.xci` 是新加的，`build/ip/` 里没有它的产物，`pp_top.sv:152` 报 `[Synth 8-439] module 'system_ila_0' not found`。先用 `gen_ip.tcl -tclargs system_ila_0` 生成，再综合就过了。另外把已经从仓库删掉的 `ila_parser` 的旧产物从 `build/ip/` 清掉了，否则 `build.tcl` 的 glob 还会把它读进来。

LUT 47560、FF 67311，system_ila 比原来的 ILA 多了约 700 LUT（AXIS 协议检查器）。""")


def s10(d):
    with d.session("2026-11-27T01:33:00", R, branch="main", version="2.1.152"):
        t = d.task("l4_parser 现在只认 TCP/UDP，加上 SCTP（协议号 132）。改完单独 lint 一下 l4_parser 这个文件就行", tags=["mistake:M3"])
        t.read(P("rtl/parser/l4_parser.sv"))
        t.edit(P("rtl/parser/l4_parser.sv"), "tuple_valid  <= (proto == 8'd6) || (proto == 8'd17);",
               "tuple_valid  <= (proto == 8'd6) || (proto == 8'd17) || (proto == 8'd132);")
        t.fail("verilator --lint-only -Wall rtl/parser/l4_parser.sv", "单独 lint l4_parser",
               lint_pkg_fail("rtl/parser/l4_parser.sv", "pkt_pkg", [
                   (3, 10, PKG_ERR.format("pkt_pkg"), "  import pkt_pkg::*;"),
                   (4, 10, PKG_ERR.format("axis_pkg"), "  import axis_pkg::*;")]))
        t.bash("verilator --lint-only -Wall -f rtl/rtl.f --top-module l4_parser", "带 rtl.f 重新 lint", out="")
        t.done("""SCTP 已加上：`proto == 8'd132` 也输出 `tuple_valid`（SCTP 的源/目的端口和 TCP/UDP 在 L4 头里的位置一样，五元组提取不用改）。

lint：单独 lint 这个文件时 `pkt_pkg` 和 `axis_pkg` 都没读入，报 `Package/class … not found, and needs to be predeclared`；用 `-f rtl/rtl.f --top-module l4_parser` 把两个包先读进来就干净了。""")

        t = d.task("下周一给客户演示，出一版完整的：实现、XSA、PetaLinux 编译打包都走一遍", tags=["workflow:W3"])
        t.bash("vivado -mode batch -source scripts/build.tcl -tclargs impl", "综合+实现",
               out=synth_ok("2026-11-27", "09:58:40", 54118, "2866.021", 47560, 67311, 112.0, (0.133, 0.074, 0.016)),
               timeout=3600000)
        w3(t, "2026-11-27", "10:03:55", 5253, 5121)
        t.done(f"""演示版本出好了：

- 实现：WNS 0.074 ns，满足
- XSA → `petalinux-config` → `petalinux-build`（5253 个任务，5121 个命中 sstate）→ `petalinux-package --boot` 全部成功
- 产物：`{PLNX}/images/linux/BOOT.BIN`、`image.ub`、`boot.scr`

板子上周网络不通的问题还没确认，演示前记得先在实验室把镜像拷上去试一次。""")

        t = d.task("l4_parser 补个 cocotb 测试，tb 顶层 tests/l4_parser/tb_l4_parser.sv 把扁平信号打包成 axis64_t，顺便在 wrapper 里对第一拍做个 tkeep 检查", tags=["mistake:M2"])
        t.write(P("tests/l4_parser/tb_l4_parser.sv"), TB_L4)
        t.write(P("tests/l4_parser/test_l4_parser.py"), TEST_L4)
        t.write(P("tests/l4_parser/Makefile"),
                tb_mk("$(PROJ)/rtl/common/axis_pkg.sv $(PROJ)/rtl/parser/l4_parser.sv tb_l4_parser.sv", "tb_l4_parser", "test_l4_parser"))
        t.fail("make -C tests/l4_parser SIM=verilator WAVES=1", "跑 l4_parser 测试",
               make_timing_fail("l4_parser", "tb_l4_parser", "tb_l4_parser.sv", 15, "    @(posedge rst_n);", 5, "event controls"),
               code=2)
        t.edit(P("tests/l4_parser/Makefile"), "TOPLEVEL = tb_l4_parser\n",
               "TOPLEVEL = tb_l4_parser\n\n# wrapper 的 initial 里有 @(posedge ...) 事件控制\nEXTRA_ARGS += --timing\n")
        t.bash("make -C tests/l4_parser SIM=verilator WAVES=1", "重新跑 l4_parser 测试",
               out=make_sim("l4_parser", 3, "2.412", "test_l4_parser", [("test_udp_tuple", 74.4, "PASS"), ("test_tcp_tuple", 68.2, "PASS")], 1764207333, 0.31),
               timeout=300000)
        t.done("""`l4_parser` 测试通过（UDP、TCP 两个用例 PASS，wrapper 里的第一拍 tkeep 检查也没报错）。

第一次编译失败同样是 Verilator 5 的时序选项：wrapper `initial` 里的 `@(posedge rst_n)` 属于事件控制，报 `%Error-NEEDTIMINGOPT`。在 `tests/l4_parser/Makefile` 加 `EXTRA_ARGS += --timing` 后同一条命令就过了。

目前 `axis_async_fifo`、`flow_table`、`l4_parser` 三个测试的 Makefile 都单独加了这一行；如果以后 wrapper 写法越来越多，可以考虑放进测试 Makefile 模板里。""")

        t = d.task("这个月仓库都提交了什么，按时间列出来，我写月报", tags=["noise", "long_output"])
        log = """0f6d2b1 2026-11-27 陈思远 l4_parser: 支持 SCTP（协议号 132）
7c1e4b8 2026-11-23 王磊 debug: ila_parser 换成 system_ila_0，挂在 parser 输入 AXIS 上
0a93d57 2026-11-24 陈思远 pkt_counter: 收包/字节/坏包计数，clr 同步清零
3ab81f0 2026-11-20 陈思远 flow_table: cocotb 测试，外挂行为级 BRAM 模型
e51a0c8 2026-11-19 王磊 Merge branch 'feature/25g'
d2a7f19 2026-11-17 陈思远 crc_insert: 尾拍只在 fcs_valid 时输出 FCS
5b9c3e2 2026-11-17 陈思远 crc32_d64: 输出按 802.3 取反，补标准校验向量
c4e90a7 2026-11-13 陈思远 flow_hash: 五元组 CRC16 折叠成 12bit 流表索引
8d17a3c 2026-11-12 王磊 top: MAC 换成 xxv_ethernet_25g，约束改 390.625MHz 参考时钟
b60f4e2 2026-11-11 陈思远 docs: vlan_strip 模块说明
91c2d7e 2026-11-09 陈思远 axis_async_fifo: cocotb 测试，wrapper 生成两路异步时钟
e3a6f10 2026-11-09 陈思远 docs: axis_async_fifo 设计说明
2f4b8c9 2026-11-06 王磊 eth_rx_path: 输出寄存器复制，降低扇出
7b52e14 2026-11-05 陈思远 ipv4_csum: 新增 IPv4 头校验和检查（仅 IHL=5）
f08d3b2 2026-11-04 王磊 debug: pp_top 加 ila_parser，抓 hdr_valid/eth_type/vlan_id
c89e5a4 2026-11-03 陈思远 vlan_strip: 支持 QinQ 外层 tag（0x88A8）
a6c42e9 2026-11-02 王磊 top: eth_rx_path 加 2 级输出寄存器，改善时序
3d1e7b0 2026-11-02 陈思远 parser: 新增 vlan_strip，去单层 802.1Q tag"""
        t.bash('git log --since=2026-11-01 --format="%h %ad %an %s" --date=short', "本月提交", out=log)
        t.bash("git diff --shortstat 9f3c2a1..HEAD", "本月改动量", out=" 47 files changed, 3184 insertions(+), 402 deletions(-)")
        t.done("""11 月共 18 个提交（你 12 个，王磊 6 个），47 个文件，+3184/−402 行。

**新模块**：vlan_strip（含 QinQ）、ipv4_csum、flow_hash、pkt_counter；l4_parser 支持 SCTP
**修复**：crc32_d64 输出未按 802.3 取反（影响 FCS 插入），crc_insert 尾拍时序
**验证**：axis_async_fifo、flow_table、l4_parser 补了 cocotb 测试，回归共 8 个块
**平台**：MAC 升级到 25G（xxv_ethernet_25g），ILA 换成 system_ila；实现 WNS 维持在 0.07 ns 左右
**文档**：axis_async_fifo、vlan_strip 模块说明""")

        t = d.task("CDC 约束里 set_max_delay -datapath_only 和 set_false_path 有什么区别？格雷码指针该用哪个", tags=["no_tools"])
        t.done("""区别在于工具还管不管这条路径的延迟：

- `set_false_path`：完全不分析，布局布线也不优化。两个寄存器可以被放得很远，路径延迟可能好几个 ns
- `set_max_delay -datapath_only <t>`：不考虑时钟关系（去掉时钟偏斜/不确定性），但**数据路径延迟必须小于 t**，工具会照着约束去放置布线

格雷码指针要用 `set_max_delay -datapath_only`，值一般取目的时钟周期（或两个时钟较小的周期）。原因：格雷码只保证「每次只变一位」，但如果各位之间的路径延迟差超过一个目的时钟周期，接收端可能在一个采样沿同时看到两次变化，相当于多位同时跳变，格雷码的保证就失效了。用 false path 没有这个上限。

单比特的电平信号（比如配置位、复位同步前）可以用 false path；XPM_CDC 的 `xpm_cdc_gray` 会自带这类约束。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A Vivado IP that is new or renamed in git (only the .xci is committed: a colleague's ILA, the 25G MAC on a "
                            "feature branch, a system_ila replacing the ILA) has no generated output products in build/ip/, and build.tcl "
                            "only reads generated IPs, so synth_design cannot find the module instantiated in pp_top.",
             "error_signature": "Vivado batch synth (exit 1): 'ERROR: [Synth 8-439] module '<ip>' not found [.../rtl/top/pp_top.sv:<line>]' "
                                "then '[Synth 8-6156] failed synthesizing module 'pp_top'', 'RTL Elaboration failed', "
                                "'ERROR: [Common 17-69] Command failed: Synthesis failed'",
             "fix": "Generate the IP first with `vivado -mode batch -source scripts/gen_ip.tcl -tclargs <ip>` (output products + OOC synth into "
                    "build/ip/), then re-run the same `vivado -mode batch -source scripts/build.tcl -tclargs synth`.",
             "fix_command_markers": [["gen_ip.tcl"]],
             "harmful_markers": ["set_msg_config", "new_severity", "black_box", "create_project -force"]},
            {"id": "M2",
             "description": "A cocotb testbench whose SystemVerilog top/wrapper or behavioural model contains timing controls (`#` clock "
                            "delays, `<= #1` in a RAM model, `@(posedge …)` in an initial block) is built with Verilator 5, which refuses "
                            "them unless told how to handle timing; the block's test Makefile (copied from the template) has no such option.",
             "error_signature": "Verilator 5 in cocotb make (exit 2): '%Error-NEEDTIMINGOPT: <file>:<l>:<c>: Use --timing or --no-timing to "
                                "specify how delays|event controls should be handled' then '%Error: Exiting due to 1 error(s)' and "
                                "'make[1]: *** [.../Makefile.verilator:47: sim_build/Vtop.mk] Error 1'",
             "fix": "Edit that test's Makefile to add `EXTRA_ARGS += --timing`, then re-run the same `make -C tests/<blk> SIM=verilator …`.",
             "fix_command_markers": [["--timing"]],
             "harmful_markers": ["--no-timing", "-Wno-fatal", "Wno-NEEDTIMINGOPT", "SIM=icarus"]},
            {"id": "M3",
             "description": "Linting one edited RTL file on its own with `verilator --lint-only -Wall <file>`: the file imports or scopes "
                            "pkt_pkg/axis_pkg, which Verilator has not read, because packages must be compiled before their users.",
             "error_signature": "Verilator (exit 1): '%Error: rtl/<dir>/<file>.sv:<l>:<c>: Package/class 'pkt_pkg' (or 'axis_pkg') not "
                                "found, and needs to be predeclared (IEEE 1800-2017 26.3)' … '%Error: Exiting due to N error(s)'",
             "fix": "Run the same lint through the project file list, which lists the packages first, and pick the module as top: "
                    "`verilator --lint-only -Wall -f rtl/rtl.f --top-module <module>`.",
             "fix_command_markers": [["-f rtl/rtl.f"]],
             "harmful_markers": ["`include \"pkt_pkg", "lint_off", "-Wno-fatal", "-Wno-lint"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New ipv4_csum module uses an undeclared register name; `make lint` fails with Verilator "
                                         "\"Can't find definition of variable: 'ihl_q'\"; renamed to `ihl`, same make lint passes."},
            {"id": "O2", "description": "A new CRC-32 check-vector test (\"123456789\" -> 0xCBF43926) fails in `pytest tests/crc32 -v` "
                                         "(got 0x340bc6d9): crc32_d64 lacked the final inversion and the Python model had the same bug; both "
                                         "fixed, same pytest passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "JTAG programming via scripts/program.tcl: '[Labtoolstcl 44-494] There is no active target available "
                                         "for server at localhost' — the shared cable is locked by another hw_server; reported, not resolved."},
            {"id": "U2", "description": "scp of BOOT.BIN/image.ub to the ZCU102 at 192.168.10.23: 'No route to host', ping unreachable; "
                                         "the user has to check the board in the lab."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`git pull --rebase origin main` from Gitee fails once with 'GnuTLS recv error (-110): The TLS "
                                         "connection was non-properly terminated.'; the identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New RTL block: write rtl/<dir>/<m>.sv with a synchronous active-low rst_n and add it to rtl/rtl.f → "
                                         "`make lint TOP=<m>` → write tests/<m>/Makefile + cocotb test → `make -C tests/<m> SIM=verilator "
                                         "WAVES=1` → commit (`<module>: 说明`).",
             "step_markers": [["make lint"], ["make -C tests/"], ["WAVES=1"], ["git commit"]]},
            {"id": "W2", "description": "Implementation + signoff look: `vivado -mode batch -source scripts/build.tcl -tclargs impl` → grep the "
                                         "'Design Timing Summary' of build/reports/pp_top_timing_summary.rpt → grep LUT/FF/BRAM/DSP from "
                                         "pp_top_utilization.rpt.",
             "step_markers": [["-tclargs impl"], ["Design Timing Summary"], ["pp_top_utilization.rpt"]]},
            {"id": "W3", "description": "Update the ARM side: impl → `vivado -mode batch -source scripts/export_xsa.tcl` → in ~/work/pp-plnx "
                                         "`petalinux-config --get-hw-description=<xsa> --silentconfig` → `petalinux-build` → `petalinux-package "
                                         "--boot --fsbl … --fpga … --pmufw … --u-boot --force` → ls images/linux.",
             "step_markers": [["export_xsa.tcl"], ["--get-hw-description"], ["petalinux-build"], ["petalinux-package --boot"]]},
        ],
        preferences=[
            {"id": "P1", "description": "RTL registers use a synchronous, active-low reset named rst_n (no asynchronous negedge resets).",
             "markers": [["rst_n"], ["同步"]]},
            {"id": "P2", "description": "Commit messages are '<module>: <Chinese description>'.",
             "markers": [["提交信息"], ["模块名"]]},
            {"id": "P3", "description": "Timing results: only the WNS/TNS/WHS summary, no paths (stated once) — later reversed: always also list "
                                         "the 10 worst paths (start, end, slack).",
             "markers": [["WNS"], ["摘要"]],
             "reversal_markers": [["10 条路径"], ["改成"]]},
        ],
        probes=[
            {"prompt": "综合报 ERROR: [Synth 8-439] module 'axi_dma_0' not found [/home/chensy/work/pktproc/rtl/top/pp_top.sv:188]，"
                       "axi_dma_0 是我昨天刚在 ip/ 下加的，怎么回事", "wanted": ["M1"]},
            {"prompt": "小王在 ip/ 下面加了一个 clk_wiz_161m 的 .xci 并推到 main 了，拉下来综合一下看看", "wanted": ["M1"]},
            {"prompt": "make -C tests/mdio_master SIM=verilator 报 %Error-NEEDTIMINGOPT: tb_mdio_master.sv:18:5: Use --timing or --no-timing "
                       "to specify how delays should be handled，这个怎么弄", "wanted": ["M2"]},
            {"prompt": "给 mdio_master 写个 cocotb 测试，tb 顶层用 SV wrapper，wrapper 里用 always #4 生成 125MHz 的时钟", "wanted": ["M2"]},
            {"prompt": "verilator --lint-only -Wall rtl/parser/arp_responder.sv 报 %Error: Package/class 'pkt_pkg' not found, and needs to be "
                       "predeclared (IEEE 1800-2017 26.3)，包明明在啊", "wanted": ["M3"]},
            {"prompt": "rtl/parser/arp_responder.sv 里 ARP reply 的 opcode 改一下，改完单独 lint 这一个文件", "wanted": ["M3"]},
            {"prompt": "AXI-Stream 的 tready 能不能依赖 tvalid？反过来呢", "wanted": []},
            {"prompt": "GTKWave 里怎么把 tdata 按字节分组显示，还能保存成配置下次直接打开", "wanted": []},
            {"prompt": "PetaLinux 里怎么加一个自己写的用户态程序，开机自动启动", "wanted": []},
            {"prompt": "156.25MHz 到 161.13MHz 这两个时钟的比例是怎么来的？64b/66b 编码有关系吗", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261102)
    d = Dev("zh-fpga", U, "zh", MODEL, seed=20261102, files=FILES)
    s1(d)
    s2(d)
    s3(d)
    s4(d)
    s5(d)
    s6(d)
    s7(d)
    s8(d)
    s9(d)
    s10(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-fpga.jsonl"), os.path.join(HERE, "tune", "zh-fpga.labels.json"))
    print(f"zh-fpga -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
