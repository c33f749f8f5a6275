"""zh-ros1-jetson: 陈思远 (Chen Siyuan), robot software engineer at 凌仓智能 (LingCang Intelligent, Suzhou), a warehouse AGV company.

Stack: ROS1 Noetic catkin workspace `agv_ws` (catkin_tools `catkin build`), roslaunch XML launch files, move_base with
costmap params in YAML (a custom costmap layer `agv_costmap_plugins/ShelfLegLayer`), a docking controller (C++) and
Python tools (rosbag API, rospy), a forked Livox driver (livox_ros_driver2, MID-360), rosbag record/play, rviz,
rostopic/rosnode/rosparam; Jetson AGX Orin robots (JetPack 5.1 / L4T 35.4, Ubuntu 20.04) running the stack in a docker
image `harbor.lingcang.local/agv/agv-ros:<ver>-l4t35.4` from the systemd unit `agv-bringup.service`; images built on the
laptop with buildx for linux/arm64; scp/ssh to the robots (user `agv`) over the warehouse Wi-Fi. Prompts and replies in
Chinese, tool output as printed. cwd /home/chensy/agv_ws.

Written blind for fresh/; measured once held out (round 35), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_ros1_jetson.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chensy"
R = "/home/chensy/agv_ws"
MODEL = "claude-opus-4-6"
GIT = "git@git.lingcang.local:agv/agv_ws.git"
HARBOR = "harbor.lingcang.local/agv/agv-ros"
BASHI = "bash: cannot set terminal process group (-1): Inappropriate ioctl for device\nbash: no job control in this shell"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


README = P("README.md")
COMMON = P("src/agv_nav/config/costmap_common.yaml")
LOCAL = P("src/agv_nav/config/local_costmap.yaml")
MB_LAUNCH = P("src/agv_nav/launch/move_base.launch")
LEG_CPP = P("src/agv_costmap_plugins/src/shelf_leg_layer.cpp")
LEG_TEST = P("src/agv_costmap_plugins/test/test_shelf_leg_layer.cpp")
DOCK_LAUNCH = P("src/agv_dock/launch/dock.launch")
DOCK_YAML = P("src/agv_dock/config/dock.yaml")
DOCK_CPP = P("src/agv_dock/src/dock_controller.cpp")
AGV_LAUNCH = P("src/agv_bringup/launch/agv.launch")
BAG_REPORT = P("src/agv_tools/scripts/bag_report.py")
TF_DELAY = P("src/agv_tools/scripts/tf_delay_check.py")
SNAPSHOT = P("src/agv_tools/scripts/costmap_snapshot.py")
POSE_JUMP = P("src/agv_tools/scripts/pose_jump_monitor.py")
ESTOP_TL = P("src/agv_tools/scripts/estop_timeline.py")
DOCKERFILE = P("docker/Dockerfile.l4t")
UNIT = P("deploy/systemd/agv-bringup.service")
CMAKE_TOOLS = P("src/agv_tools/CMakeLists.txt")

FILES = {}

FILES[README] = """# agv_ws

凌仓智能 仓储 AGV（潜伏顶升式，LC-600）ROS1 工作空间。ROS Noetic，catkin_tools 构建。

## 包

```
src/agv_msgs             自定义消息（DockStatus、EStopEvent、ShelfPose）
src/agv_bringup          整车 launch：agv.launch（底盘、雷达、定位、导航、对接）
src/agv_nav              move_base + costmap 参数（config/*.yaml），launch/move_base.launch
src/agv_costmap_plugins  costmap 插件：ShelfLegLayer（货架腿膨胀）
src/agv_dock             货架对接：dock_controller（C++），dock_detector.py
src/agv_tools            排查脚本：bag_report.py、bag_to_csv.py ...（rosbag API，python3）
src/livox_ros_driver2    Livox MID-360 驱动（fork，lc-devel 分支）
docker/Dockerfile.l4t    车端镜像（l4t-base r35.4.1 + ros-noetic-ros-base），buildx 出 arm64
deploy/systemd/          agv-bringup.service（车上用 docker run 起整车 launch）
```

## 构建

```bash
catkin build                       # 全量
catkin build agv_dock              # 单包
catkin build agv_dock --no-deps --catkin-make-args run_tests && catkin_test_results build/agv_dock
```

## 车

- 车载 Jetson AGX Orin，JetPack 5.1.2（L4T 35.4.1，Ubuntu 20.04），用户 agv
- 仓库 Wi-Fi 网段 10.30.8.0/24：agv-03 = 10.30.8.103，agv-07 = .107，agv-11 = .111，agv-15 = .115（新车）
- 车上 ROS 环境只在交互式 shell 里加载（~/.bashrc 末尾 source /opt/ros/noetic/setup.bash 和 /opt/agv/ros_env.sh）
- 整车由 systemd `agv-bringup.service` 起，镜像 tag 在 `/etc/agv/agv.env` 的 AGV_IMAGE_TAG
- 黑匣子录包在 `/data/bags/`（rosbag record --split --duration=10m），断电时最后一个文件会是 `.bag.active`
- 车端没有外网（仓库 Wi-Fi 只通公司内网和 harbor）
"""

FILES[COMMON] = """# 共用 costmap 参数（global / local 都加载）
footprint: [[0.52, 0.36], [0.52, -0.36], [-0.52, -0.36], [-0.52, 0.36]]
footprint_padding: 0.02

obstacle_layer:
  enabled: true
  observation_sources: livox_scan
  livox_scan: {sensor_frame: livox_frame, data_type: PointCloud2, topic: /livox/points_filtered,
               marking: true, clearing: true, min_obstacle_height: 0.05, max_obstacle_height: 1.8}
  obstacle_range: 4.0
  raytrace_range: 5.0

shelf_leg_layer:
  enabled: true
  leg_radius: 0.04
  match_tolerance: 0.06

inflation_layer:
  enabled: true
  inflation_radius: 0.55
  cost_scaling_factor: 6.0
"""

FILES[LOCAL] = """local_costmap:
  global_frame: odom
  robot_base_frame: base_link
  update_frequency: 8.0
  publish_frequency: 4.0
  rolling_window: true
  width: 5.0
  height: 5.0
  resolution: 0.05
  plugins:
    - {name: obstacle_layer, type: "costmap_2d::ObstacleLayer"}
    - {name: shelf_leg_layer, type: "agv_costmap_plugins::ShelfLegLayer"}
    - {name: inflation_layer, type: "costmap_2d::InflationLayer"}
"""

FILES[MB_LAUNCH] = """<launch>
  <arg name="odom_topic" default="/odom"/>

  <node pkg="move_base" type="move_base" name="move_base" respawn="false" output="log">
    <rosparam file="$(find agv_nav)/config/costmap_common.yaml" command="load" ns="global_costmap"/>
    <rosparam file="$(find agv_nav)/config/costmap_common.yaml" command="load" ns="local_costmap"/>
    <rosparam file="$(find agv_nav)/config/local_costmap.yaml" command="load"/>
    <rosparam file="$(find agv_nav)/config/global_costmap.yaml" command="load"/>
    <rosparam file="$(find agv_nav)/config/dwa_local_planner.yaml" command="load"/>
    <param name="base_local_planner" value="dwa_local_planner/DWAPlannerROS"/>
    <param name="controller_frequency" value="10.0"/>
    <param name="local_costmap/inflation_layer/inflation_radius" value="0.40"/>
    <remap from="odom" to="$(arg odom_topic)"/>
  </node>
</launch>
"""

FILES[LEG_CPP] = """#include <agv_costmap_plugins/shelf_leg_layer.h>
#include <pluginlib/class_list_macros.h>

PLUGINLIB_EXPORT_CLASS(agv_costmap_plugins::ShelfLegLayer, costmap_2d::Layer)

namespace agv_costmap_plugins
{

void ShelfLegLayer::onInitialize()
{
  ros::NodeHandle nh("~/" + name_);
  current_ = true;
  nh.param("enabled", enabled_, true);
  nh.param("leg_radius", leg_radius_, 0.04);
  nh.param("match_tolerance", match_tolerance_, 0.06);
  shelf_sub_ = nh.subscribe("/shelf_detector/shelf_pose", 1, &ShelfLegLayer::shelfCallback, this);
}

void ShelfLegLayer::updateBounds(double robot_x, double robot_y, double robot_yaw,
                                 double* min_x, double* min_y, double* max_x, double* max_y)
{
  if (!enabled_ || !have_shelf_)
    return;
  for (const auto& leg : legs_)
  {
    const double r = leg_radius_ + match_tolerance_;
    *min_x = std::min(*min_x, leg.x - r);
    *min_y = std::min(*min_y, leg.y - r);
    *max_x = std::max(*max_x, leg.x + r);
    *max_y = std::max(*max_y, leg.y + r);
  }
}

void ShelfLegLayer::updateCosts(costmap_2d::Costmap2D& master, int min_i, int min_j, int max_i, int max_j)
{
  if (!enabled_ || !have_shelf_)
    return;
  for (const auto& leg : legs_)
    markLeg(master, leg, leg_radius_ + match_tolerance_, costmap_2d::LETHAL_OBSTACLE);
}

}  // namespace agv_costmap_plugins
"""

FILES[DOCK_LAUNCH] = """<launch>
  <arg name="sim" default="false"/>

  <node pkg="agv_dock" type="dock_controller" name="dock_controller" output="log">
    <rosparam file="$(find agv_dock)/config/dock.yaml" command="load"/>
    <remap from="cmd_vel" to="/nav_vel"/>
  </node>

  <node pkg="agv_dock" type="dock_detector.py" name="dock_detector" output="log">
    <param name="use_sim_time" value="$(arg sim)"/>
  </node>
</launch>
"""

FILES[DOCK_YAML] = """# dock_controller
approach_distance: 0.80      # m, 开始对准的距离
max_linear_speed: 0.25       # m/s
max_angular_speed: 0.40      # rad/s
final_yaw_tolerance: 0.015   # rad
final_xy_tolerance: 0.010    # m
"""

FILES[DOCK_CPP] = """#include <ros/ros.h>
#include <geometry_msgs/Twist.h>
#include <agv_msgs/DockStatus.h>

namespace agv_dock
{

void DockController::loadParams(ros::NodeHandle& pnh)
{
  pnh.param("approach_distance", approach_distance_, 0.80);
  pnh.param("max_linear_speed", max_linear_speed_, 0.25);
  pnh.param("max_angular_speed", max_angular_speed_, 0.40);
  pnh.param("final_yaw_tolerance", final_yaw_tol_, 0.015);
  pnh.param("final_xy_tolerance", final_xy_tol_, 0.010);
}

DockController::Phase DockController::step(const Pose2D& err, geometry_msgs::Twist& cmd)
{
  if (phase_ == Phase::APPROACH && std::hypot(err.x, err.y) < approach_distance_)
    phase_ = Phase::ALIGN;
  if (phase_ == Phase::ALIGN)
  {
    cmd.angular.z = clamp(k_yaw_ * err.yaw, max_angular_speed_);
    cmd.linear.x = clamp(k_x_ * err.x, max_linear_speed_);
    if (std::fabs(err.yaw) < final_yaw_tol_ && std::fabs(err.x) < final_xy_tol_)
      phase_ = Phase::DONE;
  }
  return phase_;
}

}  // namespace agv_dock
"""

FILES[AGV_LAUNCH] = """<launch>
  <arg name="robot_id" default="$(env AGV_ID)"/>
  <arg name="map" default="/data/maps/wh_suzhou_b.yaml"/>

  <include file="$(find agv_bringup)/launch/base.launch"/>
  <include file="$(find livox_ros_driver2)/launch_ROS1/msg_MID360.launch">
    <arg name="rviz_enable" value="false"/>
  </include>
  <include file="$(find agv_bringup)/launch/localization.launch">
    <arg name="map" value="$(arg map)"/>
  </include>
  <include file="$(find agv_nav)/launch/move_base.launch"/>

  <node pkg="rosbag" type="record" name="blackbox" args="--split --duration=10m -o /data/bags/$(arg robot_id) /tf /odom /cmd_vel /nav_vel /livox/imu /scan_merged /agv/estop /move_base/status" output="log"/>
</launch>
"""

FILES[BAG_REPORT] = """#!/usr/bin/env python3
\"\"\"黑匣子包摘要：急停事件、速度、定位跳变。用法: rosrun agv_tools bag_report.py BAG [--estop]\"\"\"
import argparse
import math

import rosbag


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bag")
    ap.add_argument("--estop", action="store_true", help="只列急停前后 5 s")
    args = ap.parse_args()
    bag = rosbag.Bag(args.bag)
    estops = [(t.to_sec(), m.source, m.reason) for _, m, t in bag.read_messages(topics=["/agv/estop"]) if m.active]
    print(f"{args.bag}: {bag.get_start_time():.1f} -> {bag.get_end_time():.1f}, estop x{len(estops)}")
    for ts, src, reason in estops:
        v = [math.hypot(m.linear.x, m.linear.y)
             for _, m, t in bag.read_messages(topics=["/cmd_vel"], start_time=rospy_time(ts - 5), end_time=rospy_time(ts))]
        print(f"  {ts:.2f}  src={src:<10} reason={reason:<22} cmd_v(max,-5s)={max(v) if v else 0:.2f}")


def rospy_time(sec):
    import rospy
    return rospy.Time.from_sec(sec)


if __name__ == "__main__":
    main()
"""

FILES[DOCKERFILE] = """FROM nvcr.io/nvidia/l4t-base:r35.4.1
ENV DEBIAN_FRONTEND=noninteractive ROS_DISTRO=noetic
RUN apt-get update && apt-get install -y --no-install-recommends curl gnupg2 lsb-release \\
 && curl -sSL https://raw.githubusercontent.com/ros/rosdistro/master/ros.key -o /usr/share/keyrings/ros-archive-keyring.gpg \\
 && echo "deb [signed-by=/usr/share/keyrings/ros-archive-keyring.gpg] http://packages.ros.org/ros/ubuntu focal main" > /etc/apt/sources.list.d/ros1.list \\
 && apt-get update && apt-get install -y --no-install-recommends ros-noetic-ros-base ros-noetic-move-base \\
    ros-noetic-dwa-local-planner ros-noetic-amcl ros-noetic-map-server ros-noetic-pcl-ros python3-catkin-tools \\
 && rm -rf /var/lib/apt/lists/*
COPY docker/livox-sdk2 /opt/livox-sdk2
WORKDIR /opt/agv_ws
COPY src ./src
RUN . /opt/ros/noetic/setup.sh && catkin config --install -DCMAKE_BUILD_TYPE=Release && catkin build --no-status
COPY docker/entrypoint.sh /entrypoint.sh
ENTRYPOINT ["/entrypoint.sh"]
CMD ["roslaunch", "agv_bringup", "agv.launch"]
"""

FILES[UNIT] = """[Unit]
Description=AGV ROS bringup (docker)
After=docker.service network-online.target
Requires=docker.service

[Service]
EnvironmentFile=/etc/agv/agv.env
ExecStartPre=-/usr/bin/docker rm -f agv-ros
ExecStartPre=/usr/bin/docker pull harbor.lingcang.local/agv/agv-ros:${AGV_IMAGE_TAG}
ExecStart=/usr/bin/docker run --rm --name agv-ros --runtime nvidia --network host --privileged \\
  -v /data:/data -v /dev:/dev -e AGV_ID=${AGV_ID} harbor.lingcang.local/agv/agv-ros:${AGV_IMAGE_TAG}
ExecStop=/usr/bin/docker stop -t 15 agv-ros
Restart=on-failure
RestartSec=5

[Install]
WantedBy=multi-user.target
"""

FILES[CMAKE_TOOLS] = """cmake_minimum_required(VERSION 3.0.2)
project(agv_tools)

find_package(catkin REQUIRED COMPONENTS rospy rosbag agv_msgs)
catkin_package()

catkin_install_python(PROGRAMS
  scripts/bag_report.py
  scripts/bag_to_csv.py
  DESTINATION ${CATKIN_PACKAGE_BIN_DESTINATION}
)
"""

# ------------------------------------------------------------------ output helpers

CATKIN_HDR = f"""----------------------------------------------------------------
Profile:                     default
Extending:             [cached] /opt/ros/noetic
Workspace:                   {R}
----------------------------------------------------------------
Build Space:        [exists] {R}/build
Devel Space:        [exists] {R}/devel
Install Space:      [unused] {R}/install
Log Space:          [exists] {R}/logs
Source Space:       [exists] {R}/src
DESTDIR:            [unused] None
----------------------------------------------------------------
Devel Space Layout:          linked
Install Space Layout:        None
----------------------------------------------------------------
Additional CMake Args:       -DCMAKE_BUILD_TYPE=RelWithDebInfo
Additional Make Args:        None
Additional catkin Make Args: None
Internal Make Job Server:    True
Cache Job Environments:      False
----------------------------------------------------------------
Buildlisted Packages:        None
Skiplisted Packages:         None
----------------------------------------------------------------
Workspace configuration appears valid.
----------------------------------------------------------------"""


def catkin_ok(pkgs, total, runtime, extra=""):
    lines = [CATKIN_HDR, f"[build] Found 7 packages in 0.0 seconds.", "[build] Package table is up to date."]
    for p, secs in pkgs:
        lines.append(f"Starting  >>> {p}")
        lines.append(f"Finished  <<< {p:<36}[ {secs} seconds ]")
    if extra:
        lines.append(extra)
    lines.append(f"[build] Summary: All {len(pkgs)} packages succeeded!")
    lines.append(f"[build]   Ignored:   {total - len(pkgs)} packages were skipped or are skiplisted.")
    lines.append("[build]   Warnings:  None.")
    lines.append("[build]   Abandoned: None.")
    lines.append("[build]   Failed:    None.")
    lines.append(f"[build] Runtime: {runtime} seconds total.")
    return "\n".join(lines)


def scp_out(name, size, speed, t):
    return f"{name:<48}100% {size}  {speed}   {t}"


def reindex_out(path, size, t):
    name = os.path.basename(path)
    return f"{name:<40}100% |##################################| {size} {t}"


def journal(host, day, start, lines):
    out = [f"-- Logs begin at Thu 2026-09-03 10:12:44 CST, end at {day} {start} CST. --"]
    for ts, src, msg in lines:
        out.append(f"{day[4:]} {ts} {host} {src}: {msg}")
    return "\n".join(out)


def buildx_out(tag, secs):
    dg = hx(64)
    return f"""#0 building with "orin-cross" instance using docker-container driver

#1 [internal] load build definition from Dockerfile.l4t
#1 transferring dockerfile: 1.31kB done
#1 DONE 0.0s

#2 [internal] load metadata for nvcr.io/nvidia/l4t-base:r35.4.1
#2 DONE 1.4s

#3 [internal] load .dockerignore
#3 transferring context: 112B done
#3 DONE 0.0s

#4 [1/7] FROM nvcr.io/nvidia/l4t-base:r35.4.1@sha256:{hx(64)}
#4 DONE 0.0s

#5 [internal] load build context
#5 transferring context: 1.92MB 0.3s done
#5 DONE 0.4s

#6 [2/7] RUN apt-get update && apt-get install -y --no-install-recommends curl gnupg2 lsb-release ...
#6 CACHED

#7 [3/7] COPY docker/livox-sdk2 /opt/livox-sdk2
#7 CACHED

#8 [4/7] WORKDIR /opt/agv_ws
#8 CACHED

#9 [5/7] COPY src ./src
#9 DONE 0.2s

#10 [6/7] RUN . /opt/ros/noetic/setup.sh && catkin config --install -DCMAKE_BUILD_TYPE=Release && catkin build --no-status
#10 {secs - 40:.1f} [build] Summary: All 7 packages succeeded!
#10 DONE {secs - 38:.1f}s

#11 [7/7] COPY docker/entrypoint.sh /entrypoint.sh
#11 DONE 0.1s

#12 exporting to image
#12 exporting layers 9.8s done
#12 exporting manifest sha256:{hx(64)} done
#12 exporting config sha256:{hx(64)} done
#12 pushing layers 21.4s done
#12 pushing manifest for {HARBOR}:{tag}@sha256:{dg} 0.3s done
#12 DONE 31.9s"""


def commit_out(branch, msg, nfiles, ins, dels=0):
    d = f", {dels} deletion{'s' if dels != 1 else ''}(-)" if dels else ""
    return (f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, "
            f"{ins} insertion{'s' if ins != 1 else ''}(+){d}")


def push_out(branch, n=6, kib=2.1, new=False):
    tail = (f" * [new branch]      {branch} -> {branch}" if new else f"   {hx(7)}..{hx(7)}  {branch} -> {branch}")
    return (f"Enumerating objects: {n + 4}, done.\nCounting objects: 100% ({n + 4}/{n + 4}), done.\n"
            f"Delta compression using up to 12 threads\nCompressing objects: 100% ({n}/{n}), done.\n"
            f"Writing objects: 100% ({n}/{n}), {kib:.2f} KiB | {kib:.2f} MiB/s, done.\n"
            f"Total {n} (delta {n - 3}), reused 0 (delta 0), pack-reused 0\nTo {GIT}\n{tail}")


def test_results(pkg, n):
    return (f"build/{pkg}/test_results/{pkg}/gtest-test_{pkg[4:]}.xml: {n} tests, 0 errors, 0 failures, 0 skipped\n"
            f"Summary: {n} tests, 0 errors, 0 failures, 0 skipped")


ENV_ERR = "/usr/bin/env: \u2018python\u2019: No such file or directory"


def unindexed_tb(script, line, call, bagcall="rosbag.Bag(args.bag)"):
    return f"""Traceback (most recent call last):
  File "{script}", line {line}, in <module>
    {call}
  File "{script}", line {line - 8}, in main
    bag = {bagcall}
  File "/opt/ros/noetic/lib/python3/dist-packages/rosbag/bag.py", line 473, in __init__
    self.open(f, mode, compression, chunk_threshold, allow_unindexed, options, skip_index)
  File "/opt/ros/noetic/lib/python3/dist-packages/rosbag/bag.py", line 495, in open
    if mode == 'r':   self._open_read(f, allow_unindexed)
  File "/opt/ros/noetic/lib/python3/dist-packages/rosbag/bag.py", line 1486, in _open_read
    self._reader.start_reading()
  File "/opt/ros/noetic/lib/python3/dist-packages/rosbag/bag.py", line 2525, in start_reading
    raise ROSBagUnindexedException()
rosbag.bag.ROSBagUnindexedException: Unindexed bag"""


def epoch(s):
    import datetime as dt
    return dt.datetime.fromisoformat(s).replace(tzinfo=dt.timezone(dt.timedelta(hours=8))).timestamp()


def bag_info(path, start_local, dur, size, topics, chunks):
    import datetime as dt
    st = epoch(start_local)
    en = st + dur
    f = lambda e: dt.datetime.fromtimestamp(e, dt.timezone(dt.timedelta(hours=8))).strftime("%b %d %Y %H:%M:%S") + \
        f".{int((e % 1) * 100):02d} ({e:.2f})"
    total = sum(n for _, n, _ in topics)
    types = sorted({t for _, _, t in topics})
    tl = []
    for i, t in enumerate(types):
        tl.append(("types:       " if i == 0 else "             ") + f"{t:<30} [{hx(32)}]")
    pl = []
    w = max(len(n) for n, _, _ in topics)
    for i, (n, c, t) in enumerate(topics):
        pl.append(("topics:      " if i == 0 else "             ") + f"{n:<{w}}  {c:>7} msgs    : {t}")
    m, s = divmod(int(dur), 60)
    return "\n".join([f"path:        {path}", "version:     2.0", f"duration:    {m}:{s:02d}s ({int(dur)}s)",
                      f"start:       {f(st)}", f"end:         {f(en)}", f"size:        {size}",
                      f"messages:    {total}", f"compression: none [{chunks}/{chunks} chunks]"] + tl + pl)


BB_TOPICS = lambda k: [("/agv/estop", 2 * k, "agv_msgs/EStopEvent"), ("/cmd_vel", 5200 * k, "geometry_msgs/Twist"),
                       ("/livox/imu", 104000 * k, "sensor_msgs/Imu"), ("/move_base/status", 2600 * k, "actionlib_msgs/GoalStatusArray"),
                       ("/nav_vel", 5190 * k, "geometry_msgs/Twist"), ("/odom", 26000 * k, "nav_msgs/Odometry"),
                       ("/scan_merged", 5200 * k, "sensor_msgs/LaserScan"), ("/tf", 78000 * k, "tf2_msgs/TFMessage")]


# ================================================================== sessions

def s1(d):
    with d.session("2026-10-12T01:35:00", R, branch="main", version="2.1.201"):
        t = d.task("刚接手这个 ws，带我过一遍结构，重点 nav 和 dock 两块", tags=["noise"])
        t.read(README)
        t.glob("src/*/package.xml", [P(f"src/{p}/package.xml") for p in
                                     ("agv_bringup", "agv_costmap_plugins", "agv_dock", "agv_msgs", "agv_nav", "agv_tools",
                                      "livox_ros_driver2")])
        t.read(AGV_LAUNCH)
        t.read(MB_LAUNCH)
        t.read(COMMON)
        t.read(DOCK_LAUNCH)
        t.done("""过了一遍，`agv_ws` 是标准 catkin_tools 工作空间，7 个包：

**整车入口** `agv_bringup/launch/agv.launch`：依次 include 底盘 `base.launch`、Livox MID-360 驱动（`livox_ros_driver2` 的 `msg_MID360.launch`，rviz 关掉）、定位 `localization.launch`（地图默认 `/data/maps/wh_suzhou_b.yaml`）、导航 `agv_nav/move_base.launch`，最后一个 `rosbag record` 做黑匣子（10 分钟一切，写 `/data/bags/<AGV_ID>_*.bag`）。

**导航** `agv_nav`：
- `move_base.launch` 把 `costmap_common.yaml` 分别 load 到 global / local 两个 ns，再 load local/global/DWA 三个 yaml
- local costmap 三层：`ObstacleLayer`（吃 `/livox/points_filtered`）→ 自家的 `agv_costmap_plugins::ShelfLegLayer`（货架腿按检测到的货架位姿标成 lethal）→ `InflationLayer`
- 注意 launch 里还有一行 `<param name="local_costmap/inflation_layer/inflation_radius" value="0.40"/>`，它会覆盖 yaml 里的 0.55，local 实际生效的是 0.40

**对接** `agv_dock`：`dock_controller`（C++，APPROACH → ALIGN → DONE，参数在 `config/dock.yaml`）+ `dock_detector.py`（货架腿检测）。

车端是 Jetson Orin + docker，systemd `agv-bringup.service` 起镜像，tag 写在 `/etc/agv/agv.env`。""")

        # T02 W3 + M3 #1
        t = d.task("agv-07 昨天下午在 B 区 12 排急停了两次，现场说是突然停的。车上 /data/bags 拉最后那个包下来跑下 bag_report 看看",
                   tags=["workflow:W3", "mistake:M3"])
        t.bash("ssh agv@10.30.8.107 'ls -lh /data/bags | tail -4'", "看车上最近的包",
               out="""-rw-r--r-- 1 agv agv 1.2G Oct 11 15:00 agv-07_2026-10-11-14-50-02_11.bag
-rw-r--r-- 1 agv agv 1.2G Oct 11 15:10 agv-07_2026-10-11-15-00-02_12.bag
-rw-r--r-- 1 agv agv 1.1G Oct 11 15:20 agv-07_2026-10-11-15-10-02_13.bag
-rw-r--r-- 1 agv agv 731M Oct 11 15:26 agv-07_2026-10-11-15-20-03_14.bag.active""")
        bag = "agv-07_2026-10-11-15-20-03_14.bag.active"
        t.bash(f"mkdir -p ~/bags/agv-07 && scp agv@10.30.8.107:/data/bags/{bag} ~/bags/agv-07/", "拉包",
               out=scp_out(bag, "731MB", "9.8MB/s", "01:14"))
        t.fail(f"rosrun agv_tools bag_report.py ~/bags/agv-07/{bag} --estop", "跑急停摘要",
               unindexed_tb(P("src/agv_tools/scripts/bag_report.py"), 30, "main()"))
        t.say("这个包是 `.bag.active`——录包进程没正常收尾（车断电 / 急停后被重启），索引没写进去。先 reindex 再读：")
        t.bash(f"rosbag reindex ~/bags/agv-07/{bag}", "重建索引",
               out=reindex_out(bag, "730.9 MB", "00:19"))
        t.bash(f"rosrun agv_tools bag_report.py ~/bags/agv-07/{bag} --estop", "再跑急停摘要",
               out=f"""/home/chensy/bags/agv-07/{bag}: 1791703203.4 -> 1791703571.9, estop x2
  1791703388.12  src=safety_plc reason=FRONT_FIELD_2           cmd_v(max,-5s)=0.82
  1791703520.57  src=safety_plc reason=FRONT_FIELD_2           cmd_v(max,-5s)=0.79""")
        t.bash(f"rosbag info ~/bags/agv-07/{bag}", "看包信息",
               out=bag_info(f"/home/chensy/bags/agv-07/{bag}", "2026-10-11T15:20:03.41", 368.5, "730.9 MB",
                            [(n, int(c * 0.61), ty) for n, c, ty in BB_TOPICS(1)], 611))
        t.done("""两次急停都是安全 PLC 触发的，不是软件急停：

| 时间 | 来源 | 原因 | 急停前 5 s 最大 cmd_vel |
|---|---|---|---|
| 15:23:08 | safety_plc | FRONT_FIELD_2 | 0.82 m/s |
| 15:25:20 | safety_plc | FRONT_FIELD_2 | 0.79 m/s |

FRONT_FIELD_2 是前向第二级保护区。急停前速度都在 0.8 左右，B 区 12 排是窄通道，如果保护区切换是按速度档来的，0.8 已经进了大保护区，货架腿 / 地面反光很容易触发。建议下一步：rviz 回放 15:23 前后的 `/scan_merged` 看保护区里是什么。

另外：最后这个包是 `.bag.active`（车当时断电重启了），rosbag API 读它会报 `ROSBagUnindexedException`，我先 `rosbag reindex` 了一下才读出来，包本身没坏。""")

        # T03 P1 #1
        t = d.task("local costmap 的 inflation_radius 改成 0.45。参数别在 launch 里写死，都收到 config 下面的 yaml 里去",
                   tags=["pref:P1", "noise"])
        t.read(LOCAL)
        t.edit(MB_LAUNCH, '    <param name="local_costmap/inflation_layer/inflation_radius" value="0.40"/>\n', "")
        t.edit(LOCAL, """    - {name: inflation_layer, type: "costmap_2d::InflationLayer"}
""", """    - {name: inflation_layer, type: "costmap_2d::InflationLayer"}
  inflation_layer:
    inflation_radius: 0.45
""")
        t.bash("roslaunch --nodes agv_nav move_base.launch && rosparam load src/agv_nav/config/local_costmap.yaml /tmp_check "
               "&& rosparam get /tmp_check/local_costmap/inflation_layer/inflation_radius && rosparam delete /tmp_check",
               "检查 launch 能解析、yaml 值正确", out="/move_base\n0.45")
        t.done("改好了：\n- `move_base.launch` 删掉了写死的 `local_costmap/inflation_layer/inflation_radius=0.40`\n"
               "- `local_costmap.yaml` 里 `local_costmap/inflation_layer/inflation_radius: 0.45`（load 顺序在 common 之后，会覆盖 common 的 0.55；global 还是 0.55）\n\n"
               "`roslaunch --nodes` 解析正常，参数读出来是 0.45。")

        # T04 no tools
        t = d.task("问个问题，我们窄通道老是贴着货架走得很犹豫，DWA 换 TEB 值不值？Orin 上算力够不够", tags=["no_tools"])
        t.done("""值得试，但先别全换，理由：

**TEB 的好处**：会把轨迹当成优化问题，能主动规划"贴边转弯 + 倒车微调"，窄通道里比 DWA 的速度采样流畅；对差速底盘支持好。
**代价**：
- CPU：Orin 上单核跑 TEB 10 Hz 没问题（local costmap 5×5 m、0.05 分辨率时大约 15–30% 单核），但如果开 `enable_homotopy_class_planning` 多拓扑会翻倍，窄通道里可以关掉
- 参数多、难调：`min_obstacle_dist`、`inflation_dist`、`weight_obstacle` 和我们的 ShelfLegLayer 叠加后很容易"卡住不走"
- 对 costmap 里的 lethal 点比较敏感，货架腿那层要保证不抖

**建议**：先别换 planner，DWA 的犹豫大多来自 `path_distance_bias` / `occdist_scale` 比例和 inflation 的 `cost_scaling_factor`。先把 cost_scaling_factor 从 6 提到 10 左右（膨胀衰减更快，通道中间代价更低），看一周；不行再在一台车上 A/B TEB。""")


def s2(d):
    with d.session("2026-10-14T02:10:00", R, branch="feat/shelf-leg-gain", version="2.1.203"):
        # T05 M1 #1
        t = d.task("写个小脚本 agv_tools/scripts/tf_delay_check.py，订阅 /tf 统计 base_link->livox_frame 的时间戳延迟，"
                   "跑 10 秒出 mean/p95/max。我这边 roscore 和 bag 已经在放了", tags=["mistake:M1"])
        body = '''"""统计 /tf 中某个变换的时间戳延迟（消息 stamp 与接收时刻之差）。"""
import argparse

import numpy as np
import rospy
from tf2_msgs.msg import TFMessage


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--parent", default="base_link")
    ap.add_argument("--child", default="livox_frame")
    ap.add_argument("--duration", type=float, default=10.0)
    args = ap.parse_args(rospy.myargv()[1:])
    rospy.init_node("tf_delay_check", anonymous=True)
    delays = []

    def cb(msg):
        now = rospy.Time.now()
        for tr in msg.transforms:
            if tr.header.frame_id == args.parent and tr.child_frame_id == args.child:
                delays.append((now - tr.header.stamp).to_sec() * 1000.0)

    rospy.Subscriber("/tf", TFMessage, cb, queue_size=100)
    rospy.sleep(args.duration)
    if not delays:
        print(f"no {args.parent}->{args.child} on /tf in {args.duration:.0f}s")
        return
    d = np.array(delays)
    print(f"{args.parent}->{args.child}: n={len(d)} mean={d.mean():.1f}ms p95={np.percentile(d, 95):.1f}ms max={d.max():.1f}ms")


if __name__ == "__main__":
    main()
'''
        t.write(TF_DELAY, "#!/usr/bin/env python\n" + body)
        t.bash(f"chmod +x {TF_DELAY}", "加可执行权限")
        t.fail("rosrun agv_tools tf_delay_check.py --duration 10", "跑 10 秒统计", ENV_ERR, code=127)
        t.say("Noetic 是纯 Python 3，这台机器上没有 `python` 这个命令，shebang 要写 `python3`：")
        t.edit(TF_DELAY, "#!/usr/bin/env python\n", "#!/usr/bin/env python3\n")
        t.bash("rosrun agv_tools tf_delay_check.py --duration 10", "再跑",
               out="base_link->livox_frame: n=98 mean=41.7ms p95=63.2ms max=88.9ms")
        t.done("脚本在 `src/agv_tools/scripts/tf_delay_check.py`（shebang 用 `#!/usr/bin/env python3`，一开始写成了 `python`，这台机器没有这个命令，改了）。\n\n"
               "结果：`base_link->livox_frame` 10 秒 98 条，**mean 41.7 ms / p95 63.2 ms / max 88.9 ms**。\n\n"
               "这个变换本来应该是静态的（雷达装在车上不动），却在 /tf 上以 ~10 Hz 发、还带 40 ms 延迟，说明有人用动态 TF 发了外参。"
               "建议改成 `static_transform_publisher` 发到 /tf_static，延迟这个问题就没了。")

        # T06 W1 + O2
        t = d.task("ShelfLegLayer 加个参数 leg_inflation_gain，标腿的时候半径乘这个系数，默认 1。改完编一下跑测试",
                   tags=["workflow:W1", "oneoff:O2"])
        t.read(LEG_CPP)
        t.edit(LEG_CPP, '  nh.param("match_tolerance", match_tolerance_, 0.06);\n',
               '  nh.param("match_tolerance", match_tolerance_, 0.06);\n  nh.param("leg_inflation_gain", leg_inflation_gain_, 1);\n')
        t.edit(LEG_CPP, "    markLeg(master, leg, leg_radius_ + match_tolerance_, costmap_2d::LETHAL_OBSTACLE);",
               "    markLeg(master, leg, (leg_radius_ + match_tolerance_) * leg_inflation_gain_, costmap_2d::LETHAL_OBSTACLE);")
        t.bash("grep -n 'match_tolerance_' src/agv_costmap_plugins/include/agv_costmap_plugins/shelf_leg_layer.h",
               "看头文件成员", out="41:  double match_tolerance_{0.06};")
        t.bash("sed -i '41a\\  double leg_inflation_gain_{1.0};' src/agv_costmap_plugins/include/agv_costmap_plugins/shelf_leg_layer.h",
               "头文件加成员")
        err = f"""{CATKIN_HDR}
[build] Found 7 packages in 0.0 seconds.
[build] Package table is up to date.
Starting  >>> agv_msgs
Finished  <<< agv_msgs                            [ 0.9 seconds ]
Starting  >>> agv_costmap_plugins
__________________________________________________________________________________________________________
Errors     << agv_costmap_plugins:make {R}/logs/agv_costmap_plugins/build.make.004.log
{LEG_CPP}: In member function ‘virtual void agv_costmap_plugins::ShelfLegLayer::onInitialize()’:
{LEG_CPP}:16:60: error: no matching function for call to ‘ros::NodeHandle::param(const char [19], double&, int)’
   16 |   nh.param("leg_inflation_gain", leg_inflation_gain_, 1);
      |                                                            ^
In file included from /opt/ros/noetic/include/ros/ros.h:45,
                 from /opt/ros/noetic/include/costmap_2d/layer.h:41,
                 from {R}/src/agv_costmap_plugins/include/agv_costmap_plugins/shelf_leg_layer.h:3,
                 from {LEG_CPP}:1:
/opt/ros/noetic/include/ros/node_handle.h:2123:8: note: candidate: ‘template<class T> bool ros::NodeHandle::param(const string&, T&, const T&) const’
 2123 |   bool param(const std::string& param_name, T& param_val, const T& default_val) const
      |        ^~~~~
/opt/ros/noetic/include/ros/node_handle.h:2123:8: note:   template argument deduction/substitution failed:
{LEG_CPP}:16:60: note:   deduced conflicting types for parameter ‘const T’ (‘double’ and ‘int’)
   16 |   nh.param("leg_inflation_gain", leg_inflation_gain_, 1);
      |                                                            ^
/opt/ros/noetic/include/ros/node_handle.h:2149:5: note: candidate: ‘template<class T> T ros::NodeHandle::param(const string&, const T&) const’
 2149 |   T param(const std::string& param_name, const T& default_val) const
      |     ^~~~~
/opt/ros/noetic/include/ros/node_handle.h:2149:5: note:   template argument deduction/substitution failed:
{LEG_CPP}:16:60: note:   candidate expects 2 arguments, 3 provided
make[2]: *** [CMakeFiles/agv_costmap_plugins.dir/build.make:63: CMakeFiles/agv_costmap_plugins.dir/src/shelf_leg_layer.cpp.o] Error 1
make[1]: *** [CMakeFiles/Makefile2:1041: CMakeFiles/agv_costmap_plugins.dir/all] Error 2
make: *** [Makefile:141: all] Error 2
cd {R}/build/agv_costmap_plugins; catkin build --get-env agv_costmap_plugins | catkin env -si  /usr/bin/make --jobserver-auth=3,4; cd -

..........................................................................................................
Failed     << agv_costmap_plugins:make                   [ Exited with code 2 ]
Failed    <<< agv_costmap_plugins                        [ 11.6 seconds ]
[build] Summary: 1 of 2 packages succeeded.
[build]   Ignored:   5 packages were skipped or are skiplisted.
[build]   Warnings:  None.
[build]   Abandoned: None.
[build]   Failed:    1 packages failed.
[build] Runtime: 12.7 seconds total."""
        t.fail("catkin build agv_costmap_plugins", "编插件", err)
        t.say("默认值 `1` 是 int、成员是 double，`NodeHandle::param` 模板推导冲突，改成 `1.0`：")
        t.edit(LEG_CPP, 'leg_inflation_gain_, 1);', 'leg_inflation_gain_, 1.0);')
        t.bash("catkin build agv_costmap_plugins", "再编",
               out=catkin_ok([("agv_msgs", "0.8"), ("agv_costmap_plugins", "19.4")], 7, "20.6"))
        t.bash("catkin build agv_costmap_plugins --no-deps --catkin-make-args run_tests", "编并跑 gtest",
               out=catkin_ok([("agv_costmap_plugins", "27.9")], 7, "28.3"))
        t.bash("catkin_test_results build/agv_costmap_plugins", "看测试结果", out=test_results("agv_costmap_plugins", 6))
        t.done("加好了：`leg_inflation_gain`（double，默认 1.0），标腿半径 = `(leg_radius + match_tolerance) * leg_inflation_gain`；头文件加了成员。\n\n"
               "第一次编译挂在 `nh.param(\"leg_inflation_gain\", leg_inflation_gain_, 1)`——默认值写成 int 了，模板推导冲突，改成 `1.0` 后通过。gtest 6/6 过。")

        # T07 WebFetch
        t = d.task("cost_scaling_factor 到底是怎么算代价的？官方文档怎么说的，别凭印象", tags=["noise", "webfetch"])
        t.webfetch("http://wiki.ros.org/costmap_2d/hydro/inflation",
                   "How is the inflation cost computed from distance, inflation_radius and cost_scaling_factor?",
                   """The inflation layer propagates cost values out from occupied cells that decrease with distance.
- "Lethal" cost (254): there is an actual obstacle in the cell.
- "Inscribed" cost (253): the cell is less than the robot's inscribed radius away from an obstacle.
- Cells further than the inscribed radius but within inflation_radius get a cost from the exponential decay function:
  exp(-1.0 * cost_scaling_factor * (distance_from_obstacle - inscribed_radius)) * (costmap_2d::INSCRIBED_INFLATED_OBSTACLE - 1)
- Parameters: ~<name>/inflation_radius (double, default: 0.55) - The radius in meters to which the map inflates obstacle cost values.
  ~<name>/cost_scaling_factor (double, default: 10.0) - A scaling factor to apply to cost values during inflation. Since the
  cost_scaling_factor is multiplied by a negative in the formula, increasing the factor will decrease the resulting cost values.""")
        t.done("""wiki.ros.org 的 inflation layer 文档原文公式：

`cost = exp(-cost_scaling_factor × (d − inscribed_radius)) × 252`（252 = INSCRIBED_INFLATED_OBSTACLE − 1）

- d < 内切半径：253（inscribed），障碍本身 254
- 内切半径 < d < `inflation_radius`：按上式指数衰减
- d > `inflation_radius`：0

所以 **cost_scaling_factor 越大，代价衰减越快**（文档也特意提醒这一点），默认 10.0；我们 common 里是 6.0，衰减偏慢，通道中间代价偏高，这也是 DWA 在窄通道里犹豫的原因之一。
我们 footprint 0.52×0.36 的内切半径是 0.36（加 padding 0.38），0.45 的 inflation_radius 留出来的衰减区只有 7 cm，scaling 调大调小影响都不大；要调的话建议 radius 和 scaling 一起看。""")


def s3(d):
    with d.session("2026-10-16T06:20:00", R, branch="main", version="2.1.205", permission_mode="acceptEdits"):
        # T08 W2 #1
        t = d.task("0.9.3 打镜像推 harbor，先上 agv-03 试，起来以后看下日志", tags=["workflow:W2"])
        t.bash("git tag -a v0.9.3 -m 'v0.9.3' && git push origin v0.9.3", "打 tag",
               err=f"Enumerating objects: 1, done.\nCounting objects: 100% (1/1), done.\nWriting objects: 100% (1/1), 160 bytes | 160.00 KiB/s, done.\nTotal 1 (delta 0), reused 0 (delta 0), pack-reused 0\nTo {GIT}\n * [new tag]         v0.9.3 -> v0.9.3")
        t.bash(f"docker buildx build --platform linux/arm64 -f docker/Dockerfile.l4t -t {HARBOR}:0.9.3-l4t35.4 --push .",
               "buildx 交叉构建并推送", err=buildx_out("0.9.3-l4t35.4", 412.6), timeout=1800000)
        t.bash("ssh agv@10.30.8.103 \"sudo sed -i 's/^AGV_IMAGE_TAG=.*/AGV_IMAGE_TAG=0.9.3-l4t35.4/' /etc/agv/agv.env "
               "&& grep AGV_ /etc/agv/agv.env && sudo systemctl restart agv-bringup\"", "改 tag 重启服务",
               out="AGV_ID=agv-03\nAGV_IMAGE_TAG=0.9.3-l4t35.4")
        t.bash("ssh agv@10.30.8.103 'journalctl -u agv-bringup -n 14 --no-pager'", "看服务日志",
               out=journal("agv-03", "Fri 2026-10-16", "14:24:31", [
                   ("14:23:02", "systemd[1]", "Stopping AGV ROS bringup (docker)..."),
                   ("14:23:05", "docker[38121]", "agv-ros"),
                   ("14:23:05", "systemd[1]", "agv-bringup.service: Succeeded."),
                   ("14:23:05", "systemd[1]", "Stopped AGV ROS bringup (docker)."),
                   ("14:23:05", "systemd[1]", "Starting AGV ROS bringup (docker)..."),
                   ("14:23:06", "docker[38133]", "0.9.3-l4t35.4: Pulling from agv/agv-ros"),
                   ("14:23:49", "docker[38133]", "Status: Downloaded newer image for harbor.lingcang.local/agv/agv-ros:0.9.3-l4t35.4"),
                   ("14:23:49", "systemd[1]", "Started AGV ROS bringup (docker)."),
                   ("14:23:52", "agv-bringup[38160]", "started roslaunch server http://agv-03:38431/"),
                   ("14:23:52", "agv-bringup[38160]", "ROS_MASTER_URI=http://localhost:11311"),
                   ("14:23:55", "agv-bringup[38160]", "[ INFO] [1792052635.412]: Livox MID-360 192.168.1.12 connected, lidar/imu streaming"),
                   ("14:23:58", "agv-bringup[38160]", "[ INFO] [1792052638.903]: amcl: initial pose restored from /data/maps/last_pose.yaml"),
                   ("14:24:01", "agv-bringup[38160]", "[ INFO] [1792052641.227]: Using plugin \"shelf_leg_layer\""),
                   ("14:24:02", "agv-bringup[38160]", "[ INFO] [1792052642.008]: odom received!")]))
        t.done("0.9.3 上 agv-03 了：tag `v0.9.3` 已推，镜像 `agv-ros:0.9.3-l4t35.4` 推到 harbor（buildx arm64 约 7 分钟），`/etc/agv/agv.env` 改了 tag 并重启 `agv-bringup`。\n\n"
               "日志看起来正常：拉镜像 43 s，roslaunch 起来后 Livox 连上、amcl 恢复了上次位姿、`shelf_leg_layer` 插件加载、odom 有数据。")

        # T09 M2 #1
        t = d.task("agv-03 上现在节点都起全了吗？看下 node 列表", tags=["mistake:M2"])
        t.fail("ssh agv@10.30.8.103 'rosnode list'", "列节点", "bash: rosnode: command not found", code=127)
        t.say("ssh 直接跑命令是非交互 shell，车上的 ~/.bashrc 在开头就 return 了，ROS 环境没加载（README 里写了只在交互式 shell 里 source）。用交互式 bash 跑：")
        t.bash("ssh agv@10.30.8.103 \"bash -ic 'rosnode list'\"", "交互式 shell 里列节点",
               out="/amcl\n/blackbox\n/dock_controller\n/dock_detector\n/livox_lidar_publisher2\n/map_server\n/move_base\n/robot_state_publisher\n/rosout\n/safety_bridge\n/scan_merger\n/base_driver",
               err=BASHI)
        t.done("12 个节点都在：`/base_driver`、`/livox_lidar_publisher2`、`/scan_merger`、`/amcl`、`/map_server`、`/move_base`、`/dock_controller`、`/dock_detector`、`/safety_bridge`、`/robot_state_publisher`、`/blackbox`、`/rosout`，和 agv.launch 对得上。\n\n"
               "（第一次直接 `ssh … 'rosnode list'` 报 command not found，是因为非交互 ssh 不加载车上 .bashrc 里的 ROS 环境，用 `bash -ic` 包一层就好。）")

        # T10 P1 #2
        t = d.task("dock 加个 approach 阶段的最低速度 min_approach_speed=0.05。还是老规矩，不要往 launch 里塞 <param>，进 dock.yaml",
                   tags=["pref:P1", "noise"])
        t.read(DOCK_YAML)
        t.edit(DOCK_YAML, "max_linear_speed: 0.25       # m/s\n",
               "max_linear_speed: 0.25       # m/s\nmin_approach_speed: 0.05     # m/s, APPROACH 阶段速度下限，防止蹭着不走\n")
        t.read(DOCK_CPP)
        t.edit(DOCK_CPP, '  pnh.param("max_linear_speed", max_linear_speed_, 0.25);\n',
               '  pnh.param("max_linear_speed", max_linear_speed_, 0.25);\n  pnh.param("min_approach_speed", min_approach_speed_, 0.05);\n')
        t.done("加好了：`dock.yaml` 新增 `min_approach_speed: 0.05`，`dock_controller.cpp` 的 `loadParams` 里读它（默认 0.05，double）。launch 没动，还是整份 `rosparam load dock.yaml`。\n\n"
               "APPROACH 阶段的速度限幅逻辑我还没接上（现在 APPROACH 走的是 move_base 的速度），要我把它接进 `step()` 吗？")


def s4(d):
    with d.session("2026-10-19T01:50:00", R, branch="feat/dock-lateral", version="2.1.208"):
        # T11 W1 #2
        t = d.task("dock ALIGN 阶段加个横向误差保护：|err.y| 超过 max_lateral_error（默认 0.05）就退回 APPROACH 重新对，写个单测，编译跑测",
                   tags=["workflow:W1"])
        t.read(DOCK_CPP)
        t.edit(DOCK_CPP, """  if (phase_ == Phase::ALIGN)
  {
""", """  if (phase_ == Phase::ALIGN && std::fabs(err.y) > max_lateral_error_)
  {
    ROS_WARN_THROTTLE(1.0, "dock: lateral error %.3f > %.3f, back to APPROACH", err.y, max_lateral_error_);
    phase_ = Phase::APPROACH;
    return phase_;
  }
  if (phase_ == Phase::ALIGN)
  {
""")
        t.edit(DOCK_CPP, '  pnh.param("final_xy_tolerance", final_xy_tol_, 0.010);\n',
               '  pnh.param("final_xy_tolerance", final_xy_tol_, 0.010);\n  pnh.param("max_lateral_error", max_lateral_error_, 0.05);\n')
        t.read(DOCK_YAML)
        t.edit(DOCK_YAML, "final_xy_tolerance: 0.010    # m\n",
               "final_xy_tolerance: 0.010    # m\nmax_lateral_error: 0.05      # m, ALIGN 阶段横向误差超过就退回 APPROACH\n")
        t.bash("cat >> src/agv_dock/test/test_dock_controller.cpp <<'EOF'\n\nTEST(DockController, LateralErrorFallsBackToApproach)\n{\n  DockControllerTest c;\n  c.forcePhase(Phase::ALIGN);\n  geometry_msgs::Twist cmd;\n  EXPECT_EQ(c.step(Pose2D{0.02, 0.08, 0.0}, cmd), Phase::APPROACH);\n  c.forcePhase(Phase::ALIGN);\n  EXPECT_EQ(c.step(Pose2D{0.02, 0.03, 0.0}, cmd), Phase::ALIGN);\n}\nEOF",
               "追加单测")
        t.bash("catkin build agv_dock", "编 agv_dock",
               out=catkin_ok([("agv_msgs", "0.7"), ("agv_dock", "23.1")], 7, "24.2"))
        t.bash("catkin build agv_dock --no-deps --catkin-make-args run_tests", "跑 gtest",
               out=catkin_ok([("agv_dock", "31.5")], 7, "31.9"))
        t.bash("catkin_test_results build/agv_dock", "看测试结果", out=test_results("agv_dock", 9))
        t.done("加好了：\n- `step()`：ALIGN 阶段 `|err.y| > max_lateral_error` 时退回 APPROACH，并 `ROS_WARN_THROTTLE` 打一条\n"
               "- 参数 `max_lateral_error` 进 `dock.yaml`（0.05 m），代码里默认值同样 0.05\n"
               "- 单测 `LateralErrorFallsBackToApproach`：0.08 m 退回、0.03 m 保持\n\n`catkin build agv_dock` 通过，gtest 9/9。")

        # T12 U2
        t = d.task("agv-07 上装个 ros-noetic-rosbag-snapshot，想试试触发式录包代替一直录", tags=["unfixed:U2"])
        t.fail("ssh agv@10.30.8.107 'sudo apt-get install -y ros-noetic-rosbag-snapshot'", "车上 apt 安装",
               """Reading package lists...
Building dependency tree...
Reading state information...
E: Unable to locate package ros-noetic-rosbag-snapshot""", code=100)
        t.bash("ssh agv@10.30.8.107 'sudo apt-get update 2>&1 | tail -5'", "看下源能不能通",
               out="""Err:5 http://packages.ros.org/ros/ubuntu focal InRelease
  Temporary failure resolving 'packages.ros.org'
W: Failed to fetch http://packages.ros.org/ros/ubuntu/dists/focal/InRelease  Temporary failure resolving 'packages.ros.org'
W: Failed to fetch http://ports.ubuntu.com/ubuntu-ports/dists/focal/InRelease  Temporary failure resolving 'ports.ubuntu.com'
W: Some index files failed to download. They have been ignored, or old ones used instead.""")
        t.done("装不了：车在仓库 Wi-Fi 上没有外网（README 里也写了），`packages.ros.org` / `ports.ubuntu.com` 都解析不了，apt 找不到包。\n\n"
               "而且整车是跑在 docker 里的，车上宿主机装了 ROS 包容器里也用不到。正确做法是把 `ros-noetic-rosbag-snapshot` 加到 `docker/Dockerfile.l4t` 的 apt 列表里，下个版本镜像带上。"
               "要不要我现在改 Dockerfile？或者你想先在笔记本上用 bag 回放试 snapshot 的触发逻辑。")

        # T13 P3 #1
        t = d.task("dock.launch 里两个节点 output 改成 screen，这阵子调对接要直接看输出，以后新加的节点也默认 output=\"screen\"",
                   tags=["pref:P3", "noise"])
        t.read(DOCK_LAUNCH)
        t.edit(DOCK_LAUNCH, '<node pkg="agv_dock" type="dock_controller" name="dock_controller" output="log">',
               '<node pkg="agv_dock" type="dock_controller" name="dock_controller" output="screen">')
        t.edit(DOCK_LAUNCH, '<node pkg="agv_dock" type="dock_detector.py" name="dock_detector" output="log">',
               '<node pkg="agv_dock" type="dock_detector.py" name="dock_detector" output="screen">')
        t.done("改了，`dock_controller` 和 `dock_detector` 都是 `output=\"screen\"`。之后新加节点默认也用 screen。")

        # T14 no tools
        t = d.task("MID-360 和 Orin 的时间同步，PTP 和 GPS 那种 PPS 哪个靠谱？我们车上没 GPS", tags=["no_tools"])
        t.done("""没 GPS 就用 PTP（IEEE 1588），MID-360 原生支持 gPTP/PTPv2：

- **做法**：Orin 上 `linuxptp` 跑 `ptp4l -i eth1 -m -S`（软件时间戳；Orin 的 eqos 口支持硬件时间戳的话用 `-H` 更好），Orin 当 master；再用 `phc2sys` 把系统时钟和 PHC 对齐（硬件时间戳时）
- **精度**：软件时间戳一般几十 µs，硬件时间戳 1 µs 级，对 10 Hz 点云和 200 Hz IMU 都够
- **确认**：Livox Viewer 2 或驱动日志里看 `time_sync_type`，点云 header.stamp 和 `rospy.Time.now()` 的差应稳定在 ms 级以内
- **PPS**：需要一个秒脉冲源（GPS 或专门的时钟板），没 GPS 就没意义

注意一点：Livox 驱动的 `xfer_format` / 时间戳来源参数要选 PTP 同步后的时间，否则驱动会用收到包的时间，前面你测的 TF 40 ms 延迟那类问题会混进来。""")


def s5(d):
    with d.session("2026-10-22T02:30:00", R, branch="main", version="2.1.211", end_reason="other"):
        # T15 W3 #2 + M3 #2
        t = d.task("agv-11 周二晚上在 C 区充电桩附近也急停了，包在车上，老样子拉下来看，这次顺便按时间线把 /agv/estop 和 /move_base/status 对一下",
                   tags=["workflow:W3", "mistake:M3"])
        t.bash("ssh agv@10.30.8.111 'ls -lh /data/bags | tail -3'", "看车上最近的包",
               out="""-rw-r--r-- 1 agv agv 1.2G Oct 20 21:30 agv-11_2026-10-20-21-20-04_31.bag
-rw-r--r-- 1 agv agv 1.2G Oct 20 21:40 agv-11_2026-10-20-21-30-04_32.bag
-rw-r--r-- 1 agv agv 402M Oct 20 21:43 agv-11_2026-10-20-21-40-04_33.bag.active""")
        bag = "agv-11_2026-10-20-21-40-04_33.bag.active"
        t.bash(f"mkdir -p ~/bags/agv-11 && scp agv@10.30.8.111:/data/bags/{bag} ~/bags/agv-11/", "拉包",
               out=scp_out(bag, "402MB", "8.1MB/s", "00:49"))
        t.write(ESTOP_TL, '''#!/usr/bin/env python3
"""把 /agv/estop 和 /move_base/status 按时间合成一条时间线。"""
import sys

import rosbag

STATUS = {0: "PENDING", 1: "ACTIVE", 2: "PREEMPTED", 3: "SUCCEEDED", 4: "ABORTED", 5: "REJECTED"}


def main():
    bag = rosbag.Bag(sys.argv[1])
    last = None
    for topic, msg, t in bag.read_messages(topics=["/agv/estop", "/move_base/status"]):
        if topic == "/agv/estop":
            print(f"{t.to_sec():.2f}  ESTOP active={msg.active} src={msg.source} reason={msg.reason}")
        else:
            s = STATUS.get(msg.status_list[-1].status, "?") if msg.status_list else "-"
            if s != last:
                print(f"{t.to_sec():.2f}  move_base {s}")
                last = s


if __name__ == "__main__":
    main()
''')
        t.fail(f"python3 src/agv_tools/scripts/estop_timeline.py ~/bags/agv-11/{bag}", "生成时间线",
               unindexed_tb(P("src/agv_tools/scripts/estop_timeline.py"), 25, "main()", "rosbag.Bag(sys.argv[1])"))
        t.say("又是断电留下的 `.bag.active`，先重建索引：")
        t.bash(f"rosbag reindex ~/bags/agv-11/{bag}", "重建索引", out=reindex_out(bag, "401.6 MB", "00:11"))
        t.bash(f"python3 src/agv_tools/scripts/estop_timeline.py ~/bags/agv-11/{bag}", "再生成时间线",
               out="""1792502404.31  move_base ACTIVE
1792502511.88  move_base SUCCEEDED
1792502518.02  move_base ACTIVE
1792502583.47  ESTOP active=True src=software reason=LOCALIZATION_LOST
1792502583.52  move_base ABORTED
1792502590.13  ESTOP active=False src=software reason=LOCALIZATION_LOST""")
        t.bash(f"rosbag info ~/bags/agv-11/{bag}", "包信息",
               out=bag_info(f"/home/chensy/bags/agv-11/{bag}", "2026-10-20T21:40:04.31", 189.9, "401.6 MB",
                            [(n, int(c * 0.32), ty) for n, c, ty in BB_TOPICS(1)], 336))
        t.bash(f"rosrun agv_tools bag_report.py ~/bags/agv-11/{bag} --estop", "急停摘要",
               out=f"/home/chensy/bags/agv-11/{bag}: 1792502404.3 -> 1792502594.2, estop x1\n"
                   "  1792502583.47  src=software   reason=LOCALIZATION_LOST      cmd_v(max,-5s)=0.41")
        t.done("""agv-11 这次和 agv-07 不一样，是**软件急停：定位丢失**。

时间线（21:40 之后）：
- 21:41:44 move_base 接任务 → 21:43:31 SUCCEEDED（到充电桩前的点）
- 21:43:38 接下一个任务 ACTIVE
- **21:44:43 ESTOP src=software reason=LOCALIZATION_LOST**，50 ms 后 move_base ABORTED
- 21:44:50 急停解除（自动恢复）

急停前 5 s 速度只有 0.41 m/s，不是速度问题。C 区充电桩那块是大片空地 + 反光的金属桩，amcl 粒子容易发散。下一步建议回放看 `/amcl_pose` 协方差，或者在那块加反光板特征。

（这个包又是 `.bag.active`，读之前 reindex 了一次。）""")

        # T16 M1 #2
        t = d.task("再写个 costmap_snapshot.py：订阅一帧 /move_base/local_costmap/costmap 存成 png，rosrun 能直接跑，参数 -o 输出路径",
                   tags=["mistake:M1"])
        t.read(CMAKE_TOOLS)
        t.write(SNAPSHOT, '''#!/usr/bin/env python
"""抓一帧 OccupancyGrid（默认 local costmap）存成 png，方便贴到工单里。"""
import argparse

import numpy as np
import rospy
from nav_msgs.msg import OccupancyGrid
from PIL import Image


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--topic", default="/move_base/local_costmap/costmap")
    ap.add_argument("-o", "--output", default="costmap.png")
    args = ap.parse_args(rospy.myargv()[1:])
    rospy.init_node("costmap_snapshot", anonymous=True)
    grid = rospy.wait_for_message(args.topic, OccupancyGrid, timeout=10.0)
    a = np.array(grid.data, dtype=np.int16).reshape(grid.info.height, grid.info.width)
    img = np.where(a < 0, 128, 255 - (a * 255 // 100)).astype(np.uint8)
    Image.fromarray(np.flipud(img)).save(args.output)
    print(f"{args.topic}: {grid.info.width}x{grid.info.height} @ {grid.info.resolution:.2f} m -> {args.output}")


if __name__ == "__main__":
    main()
''')
        t.edit(CMAKE_TOOLS, "  scripts/bag_to_csv.py\n", "  scripts/bag_to_csv.py\n  scripts/costmap_snapshot.py\n")
        t.bash(f"chmod +x {SNAPSHOT}", "可执行权限")
        t.fail("rosrun agv_tools costmap_snapshot.py -o /tmp/local_costmap.png", "抓一帧", ENV_ERR, code=127)
        t.say("shebang 又写成 `python` 了，Noetic 这边只有 python3：")
        t.edit(SNAPSHOT, "#!/usr/bin/env python\n", "#!/usr/bin/env python3\n")
        t.bash("rosrun agv_tools costmap_snapshot.py -o /tmp/local_costmap.png", "再抓",
               out="/move_base/local_costmap/costmap: 100x100 @ 0.05 m -> /tmp/local_costmap.png")
        t.done("好了：`rosrun agv_tools costmap_snapshot.py -o xxx.png`，默认抓 local costmap，`--topic` 可以换 global。也加进了 `catkin_install_python`，镜像里能用。\n\n"
               "第一次跑挂在 `/usr/bin/env: ‘python’`——我 shebang 写成了 `python`，已改成 `python3`。刚抓的一帧在 `/tmp/local_costmap.png`（100×100，0.05 m）。")

        # T17 long output
        t = d.task("全量编一遍，我要看下有没有 warning", tags=["noise", "long_output"])
        warn = f"""Warnings   << livox_ros_driver2:make {R}/logs/livox_ros_driver2/build.make.002.log
{R}/src/livox_ros_driver2/src/lddc.cpp: In member function ‘void livox_ros::Lddc::PublishCustomPointData(const CustomMsg&, uint8_t)’:
{R}/src/livox_ros_driver2/src/lddc.cpp:391:18: warning: unused variable ‘lidar_id’ [-Wunused-variable]
  391 |   const uint32_t lidar_id = index;
      |                  ^~~~~~~~
{R}/src/livox_ros_driver2/src/comm/pub_handler.cpp:212:25: warning: comparison of integer expressions of different signedness: ‘int’ and ‘size_t’ {{aka ‘long unsigned int’}} [-Wsign-compare]
  212 |       for (int i = 0; i < points_num; ++i) {{
      |                       ~~^~~~~~~~~~~~
cd {R}/build/livox_ros_driver2; catkin build --get-env livox_ros_driver2 | catkin env -si  /usr/bin/make --jobserver-auth=3,4; cd -
.........................................................................................................."""
        t.bash("catkin build", "全量构建",
               out=catkin_ok([("agv_msgs", "3.4"), ("livox_ros_driver2", "58.2"), ("agv_costmap_plugins", "21.7"),
                              ("agv_dock", "24.9"), ("agv_nav", "0.6"), ("agv_tools", "0.7"), ("agv_bringup", "0.6")],
                             7, "83.1", extra=warn).replace("[build] Summary: All 7 packages succeeded!\n[build]   Ignored:   0 packages were skipped or are skiplisted.\n[build]   Warnings:  None.",
                                                             "[build] Summary: All 7 packages succeeded!\n[build]   Ignored:   None.\n[build]   Warnings:  1 packages succeeded with warnings."))
        t.done("全量 7 个包都过了，83 s。只有 `livox_ros_driver2`（fork 的驱动）有 2 个 warning：\n"
               "- `lddc.cpp:391` 未使用变量 `lidar_id`\n- `pub_handler.cpp:212` int 和 size_t 比较（`-Wsign-compare`）\n\n我们自己的 5 个包没有 warning。驱动这两个无害，要清的话 fork 里改一下就行。")


def s6(d):
    with d.session("2026-10-26T01:20:00", R, branch="main", version="2.1.214"):
        # T18 W2 #2
        t = d.task("0.9.4（横向误差那个）发 agv-07 和 agv-11，流程跟上次一样", tags=["workflow:W2"])
        t.bash("git tag -a v0.9.4 -m 'v0.9.4' && git push origin v0.9.4", "打 tag",
               err=f"Enumerating objects: 1, done.\nCounting objects: 100% (1/1), done.\nWriting objects: 100% (1/1), 161 bytes | 161.00 KiB/s, done.\nTotal 1 (delta 0), reused 0 (delta 0), pack-reused 0\nTo {GIT}\n * [new tag]         v0.9.4 -> v0.9.4")
        t.bash(f"docker buildx build --platform linux/arm64 -f docker/Dockerfile.l4t -t {HARBOR}:0.9.4-l4t35.4 --push .",
               "buildx 构建推送", err=buildx_out("0.9.4-l4t35.4", 398.2), timeout=1800000)
        for ip, host in (("107", "agv-07"), ("111", "agv-11")):
            t.bash(f"ssh agv@10.30.8.{ip} \"sudo sed -i 's/^AGV_IMAGE_TAG=.*/AGV_IMAGE_TAG=0.9.4-l4t35.4/' /etc/agv/agv.env "
                   f"&& sudo systemctl restart agv-bringup\"", f"{host} 切 tag 重启")
            t.bash(f"ssh agv@10.30.8.{ip} 'journalctl -u agv-bringup -n 6 --no-pager'", f"{host} 日志",
                   out=journal(host, "Mon 2026-10-26", "09:41:10", [
                       ("09:40:12", "systemd[1]", "Started AGV ROS bringup (docker)."),
                       ("09:40:15", "agv-bringup[22817]", f"started roslaunch server http://{host}:41027/"),
                       ("09:40:18", "agv-bringup[22817]", "[ INFO] [1792719618.330]: Livox MID-360 192.168.1.12 connected, lidar/imu streaming"),
                       ("09:40:21", "agv-bringup[22817]", "[ INFO] [1792719621.104]: amcl: initial pose restored from /data/maps/last_pose.yaml"),
                       ("09:40:24", "agv-bringup[22817]", "[ INFO] [1792719624.777]: dock_controller: max_lateral_error=0.050"),
                       ("09:40:25", "agv-bringup[22817]", "[ INFO] [1792719625.019]: odom received!")]))
        t.done("0.9.4 已经在 agv-07、agv-11 上跑起来了：tag 推了，镜像 `0.9.4-l4t35.4` 推到 harbor，两台车改 tag 重启后日志都正常，`dock_controller` 读到了 `max_lateral_error=0.050`。")

        # T19 M2 #2
        t = d.task("agv-11 停着的时候 odom 是不是在飘？echo 几帧 twist 看看", tags=["mistake:M2"])
        t.fail("ssh agv@10.30.8.111 'rostopic echo -n 3 /odom/twist/twist'", "看 odom twist",
               "bash: rostopic: command not found", code=127)
        t.say("非交互 ssh 没加载 ROS 环境，和上次一样用交互式 bash：")
        t.bash("ssh agv@10.30.8.111 \"bash -ic 'rostopic echo -n 3 /odom/twist/twist'\"", "交互式 shell 里 echo",
               out="""linear: 
  x: 0.0
  y: 0.0
  z: 0.0
angular: 
  x: 0.0
  y: 0.0
  z: 0.0
---
linear: 
  x: 0.0
  y: 0.0
  z: 0.0
angular: 
  x: 0.0
  y: 0.0
  z: 0.0012217304763960308
---
linear: 
  x: 0.0
  y: 0.0
  z: 0.0
angular: 
  x: 0.0
  y: 0.0
  z: -0.0012217304763960308
---""", err=BASHI)
        t.done("停车时 odom 基本不飘：线速度全 0，角速度在 0 和 ±0.00122 rad/s 之间跳——正好是 1 个编码器脉冲对应的角速度（量化噪声），积分下来一分钟不到 0.1°，不是问题。"
               "如果你看到的是位姿在飘，那更可能是 amcl 在修正，建议看 `/amcl_pose` 而不是 `/odom`。")

        # T20 U1
        t = d.task("新车 agv-15 到了，系统装好了，把 0.9.4 的镜像先拉上去", tags=["unfixed:U1"])
        t.fail(f"ssh agv@10.30.8.115 'docker pull {HARBOR}:0.9.4-l4t35.4'", "新车拉镜像",
               'Error response from daemon: Get "https://harbor.lingcang.local/v2/": x509: certificate signed by unknown authority')
        t.bash("ssh agv@10.30.8.115 'ls /usr/local/share/ca-certificates/ /etc/docker/certs.d/ 2>&1'", "看证书目录",
               out="ls: cannot access '/etc/docker/certs.d/': No such file or directory\n/usr/local/share/ca-certificates/:")
        t.done("agv-15 拉不了：harbor 用的是公司内部 CA 签的证书，这台新车还没装公司根证书（`/usr/local/share/ca-certificates/` 是空的，也没有 `/etc/docker/certs.d/harbor.lingcang.local/`），docker 报 `x509: certificate signed by unknown authority`。\n\n"
               "这个不建议绕（不要把 harbor 加进 insecure-registries），按装车流程让 IT 把根证书装上（放到 `/etc/docker/certs.d/harbor.lingcang.local/ca.crt` 并 `update-ca-certificates`），装好以后再拉。我先不动这台车。")

        d.precompact("""Summary of the session so far:
1. 0.9.4 (dock max_lateral_error) released: tag v0.9.4, image harbor.lingcang.local/agv/agv-ros:0.9.4-l4t35.4 via buildx, agv-07 and agv-11 switched in /etc/agv/agv.env and agv-bringup restarted, journals fine.
2. agv-11 odom twist checked over ssh (needed an interactive bash on the robot for ROS commands): only ±0.0012 rad/s encoder quantisation.
3. New robot agv-15 cannot pull from harbor: x509 certificate signed by unknown authority (company CA not installed yet). Left for IT; nothing changed on the robot.
Workspace: /home/chensy/agv_ws, branch main.""")

        # T21 F1 + noise
        t = d.task("agv-07 今天早上 move_base 的日志拉下来，看看 DWA 有没有报 no valid trajectory", tags=["flaky:F1", "noise"])
        cmd = "scp 'agv@10.30.8.107:/data/ros_log/latest/move_base-*.log' ~/logs/agv-07/"
        t.fail(cmd, "拉 move_base 日志", "client_loop: send disconnect: Broken pipe\nlost connection", code=1)
        t.say("仓库 Wi-Fi 断了一下（车在漫游），原样再拉一次：")
        t.bash(cmd, "拉 move_base 日志", out=scp_out("move_base-9-stdout.log", "18MB", "6.2MB/s", "00:02"))
        t.grep("No valid trajectory|Rotate recovery|Clearing costmap", path="/home/chensy/logs/agv-07", output_mode="content", n=True,
               content="""/home/chensy/logs/agv-07/move_base-9-stdout.log:20931:[ WARN] [1792710412.507]: DWA planner failed to produce path.
/home/chensy/logs/agv-07/move_base-9-stdout.log:20932:[ WARN] [1792710412.508]: No valid trajectories out of 600!
/home/chensy/logs/agv-07/move_base-9-stdout.log:21377:[ WARN] [1792710631.114]: No valid trajectories out of 600!
/home/chensy/logs/agv-07/move_base-9-stdout.log:21378:[ WARN] [1792710631.115]: Clearing costmap to unstuck robot (3.000000m).
/home/chensy/logs/agv-07/move_base-9-stdout.log:21402:[ WARN] [1792710633.902]: Rotate recovery behavior started.""")
        t.done("早上有 2 次 `No valid trajectories out of 600`：07:06:52 一次自己恢复了；07:10:31 一次触发了 clear costmap（3 m）+ 原地旋转恢复。"
               "时间上都在 B 区窄通道，和之前的判断一致：通道里膨胀代价偏高，DWA 采样全被判成碰撞。等 cost_scaling_factor 那个改动上车后再对比。")

        # T22 O1
        t = d.task("agv.launch 里把 dock.launch include 进来，现在是现场手动另起的", tags=["oneoff:O1"])
        t.read(AGV_LAUNCH)
        t.edit(AGV_LAUNCH, '  <include file="$(find agv_nav)/launch/move_base.launch"/>\n',
               '  <include file="$(find agv_nav)/launch/move_base.launch"/>\n  <include file="$(find agv_dock)/launch/dock.launch">\n    <arg name="sim" value="false"/>\n  <include>\n')
        t.fail("roslaunch --nodes agv_bringup agv.launch", "检查 launch 解析",
               "RLException: Invalid roslaunch XML syntax: mismatched tag: line 16, column 2\nThe traceback for the exception was written to the log file")
        t.say("include 的闭合标签写成了 `<include>`，少了斜杠：")
        t.read(AGV_LAUNCH, offset=10, limit=8)
        t.edit(AGV_LAUNCH, '    <arg name="sim" value="false"/>\n  <include>\n', '    <arg name="sim" value="false"/>\n  </include>\n')
        t.bash("roslaunch --nodes agv_bringup agv.launch", "再检查",
               out="/base_driver\n/livox_lidar_publisher2\n/scan_merger\n/amcl\n/map_server\n/move_base\n/dock_controller\n/dock_detector\n/blackbox")
        t.done("`agv.launch` 里加了 `<include file=\"$(find agv_dock)/launch/dock.launch\">`（sim=false）。第一次我把闭合标签写成了 `<include>`，`roslaunch --nodes` 报 mismatched tag，修了以后解析出 9 个节点，dock 两个在里面。\n\n"
               "上车后现场就不用再手动起 dock 了；注意别两边同时起，会有重名节点把对方踢掉。")


def s7(d):
    with d.session("2026-10-29T02:05:00", R, branch="feat/leg-gain-yaml", version="2.1.217"):
        # T23 feedback
        fb = ("上周 agv-11 那个急停分析你写得太长了，我转到现场群之前自己 cut half 才发。以后这种给现场的结论 5 行以内，"
              "先说原因再说建议。按这个把那次重写一下")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""agv-11 10/20 21:44 急停：
1. 原因：软件急停 LOCALIZATION_LOST，amcl 在 C 区充电桩附近定位丢失，不是速度/避障问题（当时 0.41 m/s）
2. 7 秒后自动恢复，任务被 move_base 中止
3. 建议：该区域加反光板特征，或降低那段路线限速，回放 /amcl_pose 协方差确认""")

        # T24 W1 #3 + P1 #3
        t = d.task("leg_inflation_gain 现在 agv 上都是默认值，给 local costmap 配成 1.3。老话，数值放 costmap_common.yaml 那边别散到 launch。顺手编译测一把",
                   tags=["workflow:W1", "pref:P1"])
        t.read(COMMON)
        t.edit(COMMON, "  match_tolerance: 0.06\n", "  match_tolerance: 0.06\n  leg_inflation_gain: 1.3\n")
        t.bash("catkin build agv_costmap_plugins agv_nav", "编插件和 nav",
               out=catkin_ok([("agv_msgs", "0.7"), ("agv_costmap_plugins", "2.1"), ("agv_nav", "0.6")], 7, "3.9"))
        t.bash("catkin build agv_costmap_plugins --no-deps --catkin-make-args run_tests", "跑 gtest",
               out=catkin_ok([("agv_costmap_plugins", "9.8")], 7, "10.1"))
        t.bash("catkin_test_results build/agv_costmap_plugins", "测试结果", out=test_results("agv_costmap_plugins", 6))
        t.bash("roslaunch --nodes agv_nav move_base.launch", "launch 解析", out="/move_base")
        t.done("`costmap_common.yaml` 的 `shelf_leg_layer` 下加了 `leg_inflation_gain: 1.3`（global/local 都会 load 到，global 那边目前没用这层，不受影响）。编译通过，gtest 6/6，launch 解析正常。")

        # T25 M3 #3 + W3 #3
        t = d.task("agv-03 夜班有一次顶升后没走起来，包拉下来用 bag_to_csv 导一下 /cmd_vel 和 /odom 给我，然后照旧出个报告", tags=["workflow:W3", "mistake:M3"])
        t.bash("ssh agv@10.30.8.103 'ls -lh /data/bags | tail -2'", "看包",
               out="""-rw-r--r-- 1 agv agv 1.2G Oct 29 03:10 agv-03_2026-10-29-03-00-01_118.bag
-rw-r--r-- 1 agv agv 958M Oct 29 03:18 agv-03_2026-10-29-03-10-01_119.bag.active""")
        bag = "agv-03_2026-10-29-03-10-01_119.bag.active"
        t.bash(f"mkdir -p ~/bags/agv-03 && scp agv@10.30.8.103:/data/bags/{bag} ~/bags/agv-03/", "拉包",
               out=scp_out(bag, "958MB", "10.4MB/s", "01:32"))
        t.fail(f"rosrun agv_tools bag_to_csv.py ~/bags/agv-03/{bag} --topics /cmd_vel /odom -o ~/bags/agv-03/csv", "导 csv",
               unindexed_tb(P("src/agv_tools/scripts/bag_to_csv.py"), 52, "main()", "rosbag.Bag(args.bag, 'r')"))
        t.bash(f"rosbag reindex ~/bags/agv-03/{bag}", "重建索引", out=reindex_out(bag, "957.7 MB", "00:24"))
        t.bash(f"rosrun agv_tools bag_to_csv.py ~/bags/agv-03/{bag} --topics /cmd_vel /odom -o ~/bags/agv-03/csv", "再导",
               out="/cmd_vel -> /home/chensy/bags/agv-03/csv/cmd_vel.csv (2489 rows)\n/odom -> /home/chensy/bags/agv-03/csv/odom.csv (12441 rows)")
        t.bash(f"rosbag info ~/bags/agv-03/{bag}", "包信息",
               out=bag_info(f"/home/chensy/bags/agv-03/{bag}", "2026-10-29T03:10:01.77", 478.2, "957.7 MB",
                            [(n, int(c * 0.8), ty) for n, c, ty in BB_TOPICS(1)], 802))
        t.bash(f"rosrun agv_tools bag_report.py ~/bags/agv-03/{bag}", "报告",
               out=f"/home/chensy/bags/agv-03/{bag}: 1793214601.8 -> 1793215080.0, estop x0")
        t.done("""CSV 在 `~/bags/agv-03/csv/`：`cmd_vel.csv` 2489 行、`odom.csv` 12441 行。
结论（5 行内）：
1. 没有急停，`/cmd_vel` 在 03:14:20–03:15:05 一直有 0.2 m/s 指令，但 odom 速度为 0 → 底盘没执行
2. 软件侧正常，问题在底盘/驱动器（顶升后电机使能？），建议查 base_driver 日志和驱动器报警码
（包是断电留下的 .bag.active，已 reindex）""")


def s8(d):
    with d.session("2026-11-03T01:40:00", R, branch="main", version="2.1.220"):
        # T26 M1 #3
        t = d.task("做个定位跳变监控 pose_jump_monitor.py，订阅 /amcl_pose，相邻两帧位移超过阈值就打 warn，--threshold 和 --duration 两个参数。我这边在放 agv-11 那个包，直接跑起来看",
                   tags=["mistake:M1"])
        t.write(POSE_JUMP, '''#!/usr/bin/env python
"""amcl 位姿跳变监控：相邻两帧位移超过阈值时告警。"""
import argparse
import math

import rospy
from geometry_msgs.msg import PoseWithCovarianceStamped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threshold", type=float, default=0.3, help="m")
    ap.add_argument("--duration", type=float, default=0.0, help="s, 0 = 一直跑")
    args = ap.parse_args(rospy.myargv()[1:])
    rospy.init_node("pose_jump_monitor")
    last = [None]
    jumps = [0]

    def cb(msg):
        p = msg.pose.pose.position
        if last[0] is not None:
            dist = math.hypot(p.x - last[0][0], p.y - last[0][1])
            if dist > args.threshold:
                jumps[0] += 1
                rospy.logwarn("pose jump %.2f m at (%.2f, %.2f), cov_xx=%.3f", dist, p.x, p.y, msg.pose.covariance[0])
        last[0] = (p.x, p.y)

    rospy.Subscriber("/amcl_pose", PoseWithCovarianceStamped, cb)
    if args.duration > 0:
        rospy.sleep(args.duration)
        print(f"jumps > {args.threshold:.2f} m: {jumps[0]}")
    else:
        rospy.spin()


if __name__ == "__main__":
    main()
''')
        t.bash(f"chmod +x {POSE_JUMP}", "可执行")
        t.fail("./src/agv_tools/scripts/pose_jump_monitor.py --threshold 0.3 --duration 20", "跑 20 秒", ENV_ERR, code=127)
        t.say("shebang 写错成 `python` 了，改 python3：")
        t.edit(POSE_JUMP, "#!/usr/bin/env python\n", "#!/usr/bin/env python3\n")
        t.bash("./src/agv_tools/scripts/pose_jump_monitor.py --threshold 0.3 --duration 20", "再跑",
               out="jumps > 0.30 m: 2",
               err="[WARN] [1792502579.884]: pose jump 0.47 m at (38.12, 11.63), cov_xx=0.412\n[WARN] [1792502583.301]: pose jump 0.61 m at (38.79, 11.20), cov_xx=0.655")
        t.done("`pose_jump_monitor.py` 写好了（shebang 一开始又写成了 `python`，改成 `python3` 后正常）。\n\n"
               "回放 agv-11 那个包 20 秒：2 次跳变，0.47 m 和 0.61 m，都在急停前 4 秒内，协方差 cov_xx 从 0.41 涨到 0.66——和 LOCALIZATION_LOST 急停对得上，定位是先发散再丢的。")

        # T27 M2 #3
        t = d.task("agv-07 上 local costmap 现在实际生效的 inflation_radius 是多少？我怀疑现场有人动过参数", tags=["mistake:M2"])
        t.fail("ssh agv@10.30.8.107 'rosparam get /move_base/local_costmap/inflation_layer/inflation_radius'", "查参数",
               "bash: rosparam: command not found", code=127)
        t.bash("ssh agv@10.30.8.107 \"bash -ic 'rosparam get /move_base/local_costmap/inflation_layer/inflation_radius; "
               "rosparam get /move_base/local_costmap/inflation_layer/cost_scaling_factor'\"", "交互式 shell 里查",
               out="0.45\n6.0", err=BASHI)
        t.done("agv-07 上 local costmap 实际生效：`inflation_radius = 0.45`、`cost_scaling_factor = 6.0`，和仓库 0.9.4 的 yaml 一致，没人动过。"
               "（非交互 ssh 不带 ROS 环境，用 `bash -ic` 查的。）")

        # T28 noise grep
        t = d.task("仓库里还有哪些地方把 ROS_MASTER_URI 或者车的 IP 写死的？列一下", tags=["noise"])
        t.grep("ROS_MASTER_URI|10\\.30\\.8\\.", path=R + "/src", output_mode="content", n=True,
               content=f"""{R}/src/agv_tools/scripts/fleet_status.sh:4:export ROS_MASTER_URI=http://10.30.8.103:11311
{R}/src/agv_tools/scripts/fleet_status.sh:9:for ip in 10.30.8.103 10.30.8.107 10.30.8.111; do
{R}/src/agv_bringup/launch/remote_rviz.launch:3:  <env name="ROS_MASTER_URI" value="http://10.30.8.107:11311"/>""")
        t.glob("**/*.rviz", [P("src/agv_bringup/rviz/agv.rviz"), P("src/agv_nav/rviz/nav_debug.rviz")])
        t.done("写死的有 3 处：\n- `agv_tools/scripts/fleet_status.sh:4` `ROS_MASTER_URI=http://10.30.8.103:11311`，`:9` 车 IP 列表（少了新车 .115）\n"
               "- `agv_bringup/launch/remote_rviz.launch:3` `<env ROS_MASTER_URI=http://10.30.8.107:11311>`\n\n"
               "rviz 配置里没有。建议 `remote_rviz.launch` 改成 `<arg name=\"robot_ip\"/>` 传进来，fleet_status.sh 读一个 robots.txt。要我改吗？")


def s9(d):
    with d.session("2026-11-06T06:30:00", R, branch="main", version="2.1.223"):
        # T29 W2 #3
        t = d.task("0.9.5 发 agv-03，带上 leg_inflation_gain 和 dock include 那俩改动", tags=["workflow:W2"])
        t.bash("git log --oneline v0.9.4..HEAD", "看这版改了啥",
               out=f"{hx(7)} agv_bringup: include dock.launch in agv.launch\n{hx(7)} agv_nav: leg_inflation_gain 1.3 for shelf_leg_layer\n{hx(7)} agv_tools: pose_jump_monitor, costmap_snapshot")
        t.bash("git tag -a v0.9.5 -m 'v0.9.5' && git push origin v0.9.5", "打 tag",
               err=f"Enumerating objects: 1, done.\nCounting objects: 100% (1/1), done.\nWriting objects: 100% (1/1), 161 bytes | 161.00 KiB/s, done.\nTotal 1 (delta 0), reused 0 (delta 0), pack-reused 0\nTo {GIT}\n * [new tag]         v0.9.5 -> v0.9.5")
        t.bash(f"docker buildx build --platform linux/arm64 -f docker/Dockerfile.l4t -t {HARBOR}:0.9.5-l4t35.4 --push .",
               "buildx 构建推送", err=buildx_out("0.9.5-l4t35.4", 405.9), timeout=1800000)
        t.bash("ssh agv@10.30.8.103 \"sudo sed -i 's/^AGV_IMAGE_TAG=.*/AGV_IMAGE_TAG=0.9.5-l4t35.4/' /etc/agv/agv.env "
               "&& sudo systemctl restart agv-bringup && systemctl is-active agv-bringup\"", "切 tag 重启", out="active")
        t.bash("ssh agv@10.30.8.103 'journalctl -u agv-bringup -n 8 --no-pager'", "日志",
               out=journal("agv-03", "Fri 2026-11-06", "14:52:40", [
                   ("14:51:33", "systemd[1]", "Started AGV ROS bringup (docker)."),
                   ("14:51:36", "agv-bringup[40211]", "started roslaunch server http://agv-03:36619/"),
                   ("14:51:39", "agv-bringup[40211]", "[ INFO] [1793429499.117]: Livox MID-360 192.168.1.12 connected, lidar/imu streaming"),
                   ("14:51:42", "agv-bringup[40211]", "[ INFO] [1793429502.660]: amcl: initial pose restored from /data/maps/last_pose.yaml"),
                   ("14:51:45", "agv-bringup[40211]", "[ INFO] [1793429505.031]: Using plugin \"shelf_leg_layer\""),
                   ("14:51:45", "agv-bringup[40211]", "[ INFO] [1793429505.032]: shelf_leg_layer: leg_inflation_gain=1.30"),
                   ("14:51:46", "agv-bringup[40211]", "[ INFO] [1793429506.488]: dock_controller: max_lateral_error=0.050"),
                   ("14:51:47", "agv-bringup[40211]", "[ INFO] [1793429507.201]: odom received!")]))
        t.done("0.9.5 在 agv-03 上跑起来了：3 个提交（dock include、leg_inflation_gain 1.3、两个工具脚本），镜像 `0.9.5-l4t35.4`，日志里 `leg_inflation_gain=1.30` 和 `dock_controller` 都起来了（dock 现在由 agv.launch 带起，现场别再手动起）。")

        # T30 reversal P3
        t = d.task("dock.launch 那俩节点 output 还是改回 log 吧，screen 在车上全进 journal 了，刷得根本没法看。以后新节点也别用 screen",
                   tags=["reversal:P3", "noise"])
        t.read(DOCK_LAUNCH)
        t.edit(DOCK_LAUNCH, 'name="dock_controller" output="screen">', 'name="dock_controller" output="log">')
        t.edit(DOCK_LAUNCH, 'name="dock_detector" output="screen">', 'name="dock_detector" output="log">')
        t.done("改回去了，两个节点都是 `output=\"log\"`，日志在车上 `~/.ros/log`（容器里挂的 `/data/ros_log`）。以后新节点默认 log。")

        # T31 no tools
        t = d.task("Noetic 明年 5 月就 EOL 了吧，我们这套迁 ROS2 Humble 大概要动哪些？粗略说说", tags=["no_tools"])
        t.done("""Noetic 是 2025 年 5 月 EOL（已经过了），粗略工作量：

1. **构建**：catkin → colcon/ament_cmake，7 个 package.xml 升 format 3，CMakeLists 重写
2. **代码**：roscpp → rclcpp（NodeHandle/param 全改成 declare_parameter），rospy → rclpy；agv_tools 里用 rosbag API 的脚本要换 rosbag2_py
3. **导航**：move_base → Nav2，DWA → DWB 或 RPP；ShelfLegLayer 要按 nav2_costmap_2d 插件接口重写
4. **launch**：XML 可以保留（ROS2 也支持 XML launch），但 `$(find)` → `$(find-pkg-share)`
5. **驱动**：livox_ros_driver2 本身就支持 ROS2
6. **车端**：JetPack 5 是 20.04，Humble 要 22.04 → 得用 JetPack 6 或者容器里跑 22.04
7. **过渡**：ros1_bridge 可以先桥接，逐个节点迁

最大的两块是 Nav2 参数重调和车端 JetPack 升级。""")


def s10(d):
    with d.session("2026-11-10T02:00:00", R, branch="feat/fleet-robots", version="2.1.226"):
        # T32 long output
        t = d.task("10 月中到现在的提交列一下，我要写月报，结论给我 5 行内", tags=["noise", "long_output"])
        msgs = ["agv_tools: pose_jump_monitor", "agv_bringup: include dock.launch in agv.launch",
                "agv_nav: leg_inflation_gain 1.3 for shelf_leg_layer", "agv_tools: costmap_snapshot",
                "agv_tools: estop_timeline", "agv_dock: fall back to APPROACH on lateral error",
                "agv_dock: min_approach_speed param", "agv_costmap_plugins: leg_inflation_gain param",
                "agv_tools: tf_delay_check", "agv_nav: move inflation_radius into local_costmap.yaml",
                "livox_ros_driver2: merge upstream v1.2.4", "agv_bringup: blackbox record /move_base/status",
                "docker: l4t r35.4.1 base", "agv_msgs: EStopEvent.source", "agv_dock: clamp angular in ALIGN",
                "agv_nav: dwa sim_time 1.5", "ci: build arm64 image on tag", "agv_tools: bag_report --estop"]
        days = ["Nov 6", "Nov 3", "Oct 29", "Oct 22", "Oct 22", "Oct 19", "Oct 16", "Oct 14", "Oct 14", "Oct 12",
                "Oct 12", "Oct 10", "Oct 9", "Oct 9", "Oct 8", "Oct 7", "Oct 6", "Oct 5"]
        who = ["陈思远", "陈思远", "陈思远", "陈思远", "陈思远", "陈思远", "陈思远", "陈思远", "陈思远", "陈思远",
               "周航", "周航", "周航", "陈思远", "李可", "李可", "周航", "陈思远"]
        out = "\n".join(f"{hx(7)} {dy} {w:<4} {m}" for m, dy, w in zip(msgs, days, who))
        t.bash("git log --since=2026-10-01 --pretty=format:'%h %ad %<(4)%an %s' --date=format:'%b %-d'", "列提交", out=out)
        t.done("""10 月 5 日以来 18 个提交（我 11、周航 4、李可 2、其他 1），月报 5 行：
1. 急停排查：bag_report/estop_timeline/pose_jump_monitor 工具链，定位到 agv-07 安全 PLC 保护区、agv-11 定位丢失两类原因
2. 对接：横向误差回退 APPROACH、min_approach_speed，dock 并入 agv.launch
3. 导航：ShelfLegLayer leg_inflation_gain（1.3）、local inflation 参数收进 yaml
4. 发布 0.9.3–0.9.5，agv-03/07/11 已升级；agv-15 待 IT 装 harbor 根证书
5. 驱动合入上游 v1.2.4，镜像切到 L4T r35.4.1""")

        # T33 P2 once
        t = d.task("把 fleet_status.sh 里写死的车 IP 改成读 scripts/robots.txt，加上 agv-15。提交一下，commit message 用英文，前面带包名",
                   tags=["pref:P2", "noise"])
        FS = P("src/agv_tools/scripts/fleet_status.sh")
        d.files[FS] = """#!/bin/bash
# 看一眼所有车的 bringup 状态
set -u
export ROS_MASTER_URI=http://10.30.8.103:11311
for ip in 10.30.8.103 10.30.8.107 10.30.8.111; do
  printf '%-14s ' "$ip"
  ssh -o ConnectTimeout=3 agv@"$ip" 'systemctl is-active agv-bringup' 2>/dev/null || echo unreachable
done
"""
        t.read(FS)
        t.write(FS, """#!/bin/bash
# 看一眼所有车的 bringup 状态；车列表在 robots.txt（一行一个：名字 IP）
set -u
ROBOTS="$(dirname "$0")/robots.txt"
while read -r name ip; do
  [[ -z "$name" || "$name" == \\#* ]] && continue
  printf '%-8s %-14s ' "$name" "$ip"
  ssh -n -o ConnectTimeout=3 agv@"$ip" 'systemctl is-active agv-bringup' 2>/dev/null || echo unreachable
done < "$ROBOTS"
""")
        t.write(P("src/agv_tools/scripts/robots.txt"), "# name ip\nagv-03 10.30.8.103\nagv-07 10.30.8.107\nagv-11 10.30.8.111\nagv-15 10.30.8.115\n")
        t.bash("bash src/agv_tools/scripts/fleet_status.sh", "试跑",
               out="agv-03   10.30.8.103    active\nagv-07   10.30.8.107    active\nagv-11   10.30.8.111    active\nagv-15   10.30.8.115    inactive")
        t.bash("git add src/agv_tools/scripts/fleet_status.sh src/agv_tools/scripts/robots.txt && "
               "git commit -m 'agv_tools: read robot list from robots.txt in fleet_status.sh, add agv-15'", "提交",
               out=commit_out("feat/fleet-robots", "agv_tools: read robot list from robots.txt in fleet_status.sh, add agv-15", 2, 13, 4))
        t.done("改好并提交了：`fleet_status.sh` 读同目录 `robots.txt`（`名字 IP` 一行一个，# 注释），去掉了没用的 `ROS_MASTER_URI`；agv-15 加进去了。\n\n"
               "试跑：03/07/11 active，agv-15 inactive（还没装镜像，等 harbor 证书）。commit：`agv_tools: read robot list from robots.txt in fleet_status.sh, add agv-15`，还没 push。")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "New Python ROS scripts in agv_tools are written with the Python 2 era shebang "
                            "`#!/usr/bin/env python`; Noetic on Ubuntu 20.04 has only python3 (no `python` command on the "
                            "laptop), so executing the script fails in env before Python starts. T05 "
                            "`rosrun agv_tools tf_delay_check.py --duration 10`; T16 `rosrun agv_tools costmap_snapshot.py "
                            "-o /tmp/local_costmap.png`; T26 `./src/agv_tools/scripts/pose_jump_monitor.py --threshold 0.3 "
                            "--duration 20` (run directly).",
             "error_signature": "/usr/bin/env: ‘python’: No such file or directory (exit 127)",
             "fix": "Edit the script's first line to `#!/usr/bin/env python3`, then run the same rosrun / ./script "
                    "command again.",
             "fix_command_markers": [["#!/usr/bin/env python3"]],
             "harmful_markers": ["python-is-python3", "ln -s /usr/bin/python3", "alias python=", "update-alternatives"]},
            {"id": "M2",
             "description": "ROS commands run on a robot through a plain `ssh agv@<ip> '<cmd>'`: that is a non-interactive "
                            "shell, and the robot's ~/.bashrc (which sources /opt/ros/noetic/setup.bash and "
                            "/opt/agv/ros_env.sh at the end) returns early, so the ROS tools are not on PATH. T09 "
                            "`rosnode list` on agv-03; T19 `rostopic echo -n 3 /odom/twist/twist` on agv-11; T27 "
                            "`rosparam get /move_base/local_costmap/inflation_layer/inflation_radius` on agv-07.",
             "error_signature": "bash: rosnode|rostopic|rosparam: command not found (exit 127)",
             "fix": "Run the same ROS command through an interactive shell on the robot: "
                    "`ssh agv@<ip> \"bash -ic '<cmd>'\"` (the job-control warnings on stderr are harmless).",
             "fix_command_markers": [["bash -ic", "bash -i -c"]],
             "harmful_markers": [">> ~/.bashrc", "/etc/environment", "PermitUserEnvironment", ".ssh/environment"]},
            {"id": "M3",
             "description": "Black-box bags pulled from a robot that lost power (battery swap, e-stop reset) end in "
                            "`.bag.active`: the recorder never wrote the index. Reading them with the rosbag Python API "
                            "raises. T02 `rosrun agv_tools bag_report.py …agv-07…bag.active --estop`; T15 "
                            "`python3 src/agv_tools/scripts/estop_timeline.py …agv-11…bag.active`; T25 "
                            "`rosrun agv_tools bag_to_csv.py …agv-03…bag.active --topics /cmd_vel /odom -o …`.",
             "error_signature": "Traceback … rosbag/bag.py … in start_reading / raise ROSBagUnindexedException() / "
                                "rosbag.bag.ROSBagUnindexedException: Unindexed bag",
             "fix": "Rebuild the index first with `rosbag reindex <bag>.bag.active`, then run the same script again.",
             "fix_command_markers": [["rosbag reindex"]],
             "harmful_markers": ["rosbag fix", "rm -f ~/bags", "rm ~/bags", "allow_unindexed=True", "truncate -s"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "agv.launch include of dock.launch closed with `<include>` instead of `</include>`: "
                                         "`RLException: Invalid roslaunch XML syntax: mismatched tag: line 16, column 2`; the "
                                         "tag is fixed and the same `roslaunch --nodes agv_bringup agv.launch` parses."},
            {"id": "O2", "description": "`nh.param(\"leg_inflation_gain\", leg_inflation_gain_, 1)` with a double member: "
                                         "`no matching function for call to ‘ros::NodeHandle::param(const char [19], double&, "
                                         "int)’` / `deduced conflicting types for parameter ‘const T’ (‘double’ and ‘int’)`; "
                                         "default changed to 1.0, the same catkin build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "New robot agv-15: `docker pull` from harbor fails with `x509: certificate signed by "
                                         "unknown authority` (company CA not installed yet); left for IT, no insecure registry."},
            {"id": "U2", "description": "`sudo apt-get install -y ros-noetic-rosbag-snapshot` on agv-07: `E: Unable to locate "
                                         "package` — the warehouse Wi-Fi has no internet (`Temporary failure resolving "
                                         "'packages.ros.org'`); the stack runs in docker anyway, so it belongs in the image; left."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "scp of move_base logs from agv-07 over the warehouse Wi-Fi: `client_loop: send "
                                         "disconnect: Broken pipe` / `lost connection` while the robot roamed; the identical "
                                         "scp works."},
        ],
        workflows=[
            {"id": "W1", "description": "C++ package change: edit source (+ param in yaml, + gtest) → `catkin build <pkg>` → "
                                         "`catkin build <pkg> --no-deps --catkin-make-args run_tests` → "
                                         "`catkin_test_results build/<pkg>`.",
             "step_markers": [["catkin build"], ["run_tests"], ["catkin_test_results"]]},
            {"id": "W2", "description": "Release to robots: `git tag -a v0.9.x` + push → `docker buildx build --platform "
                                         "linux/arm64 -f docker/Dockerfile.l4t -t harbor…/agv-ros:<v>-l4t35.4 --push .` → ssh: "
                                         "sed AGV_IMAGE_TAG in /etc/agv/agv.env + `sudo systemctl restart agv-bringup` → "
                                         "`journalctl -u agv-bringup -n N --no-pager`.",
             "step_markers": [["docker buildx build"], ["systemctl restart agv-bringup"], ["journalctl -u agv-bringup"]]},
            {"id": "W3", "description": "Field incident bag: `ssh … ls -lh /data/bags` → `scp agv@<ip>:/data/bags/<bag> "
                                         "~/bags/<robot>/` → analysis script / `rosbag info` → `rosrun agv_tools bag_report.py`.",
             "step_markers": [["scp agv@"], ["rosbag info"], ["bag_report.py"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Parameters go into the package's config/*.yaml (loaded with rosparam), never as "
                                         "inline <param> values in launch files.",
             "markers": [["yaml"], ["launch"]]},
            {"id": "P2", "description": "Commit messages in English, prefixed with the package name (`agv_tools: …`).",
             "markers": [["commit"], ["英文"]]},
            {"id": "P3", "description": "Launch nodes with output=\"screen\" (T13) — reversed in T30: back to output=\"log\", "
                                         "screen floods the robot's journal; new nodes use log too.",
             "markers": [["output"], ["screen"]],
             "reversal_markers": [["output"], ["log"]]},
        ],
        probes=[
            {"prompt": "agv-11 的容器里 rosrun agv_tools imu_bias_check.py 直接报 /usr/bin/env: 'python': No such file or directory，"
                       "镜像里 python3 明明装了啊", "wanted": ["M1"]},
            {"prompt": "写个脚本订阅 /livox/imu 统计丢帧率，放 agv_tools/scripts 下面，rosrun 能跑就行", "wanted": ["M1"]},
            {"prompt": "ssh 上 agv-15 跑 rostopic list 报 bash: rostopic: command not found，车上 ROS 是不是没装好？", "wanted": ["M2"]},
            {"prompt": "看下 agv-03 上 /move_base/DWAPlannerROS/max_vel_x 现在是多少", "wanted": ["M2"]},
            {"prompt": "bag_report 跑 agv-07 今早那个包报 rosbag.bag.ROSBagUnindexedException: Unindexed bag，文件名是 .bag.active 结尾的，包坏了？",
             "wanted": ["M3"]},
            {"prompt": "agv-11 刚才换电池前录的那段包拉下来，用 bag_to_csv 把 /scan_merged 的最近距离导出来", "wanted": ["M3"]},
            {"prompt": "amcl 的 laser_likelihood_field 和 beam 模型在仓库货架环境里哪个合适", "wanted": []},
            {"prompt": "rviz 里 local costmap 显示跟车身对不齐，大概差半个车身，一般是哪的问题", "wanted": []},
            {"prompt": "Orin 的 nvpmodel 开 MAXN 和 30W 对我们这套 CPU 占用影响大吗", "wanted": []},
            {"prompt": "move_base 的 recovery_behaviors 能不能只留 clear_costmap 不要 rotate，窄通道里转圈很危险", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    d = Dev("zh-ros1-jetson", U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-ros1-jetson.jsonl"), os.path.join(HERE, "tune", "zh-ros1-jetson.labels.json"))
    print(f"zh-ros1-jetson -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
