"""ros2-robot: Sam Okafor, robotics software engineer at Furrow Robotics (agricultural robots), ROS 2 Humble workspace.

Stack: ROS 2 Humble on Ubuntu 22.04, colcon (--symlink-install, --packages-select), rosdep, ament_cmake C++ nodes
(rclcpp components) and ament_python nodes, Python launch files, URDF/xacro, Nav2 + robot_localization YAML params,
ros2 topic/bag, Gazebo (Ignition Fortress) simulation, colcon test (gtest/pytest), Docker images for the Jetson,
GitHub Actions CI, gh.

Written blind for fresh/; measured once held out (round 17), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import datetime as _dt
import os
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "sam"
R = "/home/sam/furrow_ws"
MODEL = "claude-opus-4-6"
IMG = "ghcr.io/furrow-robotics/rowbot"


def P(rel):
    return f"{R}/{rel}"


PERC_CMAKE = """cmake_minimum_required(VERSION 3.8)
project(rowbot_perception)

if(CMAKE_COMPILER_IS_GNUCXX OR CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  add_compile_options(-Wall -Wextra -Wpedantic)
endif()

find_package(ament_cmake REQUIRED)
find_package(rclcpp REQUIRED)
find_package(rclcpp_components REQUIRED)
find_package(sensor_msgs REQUIRED)
find_package(geometry_msgs REQUIRED)
find_package(cv_bridge REQUIRED)
find_package(OpenCV REQUIRED)
find_package(rowbot_msgs REQUIRED)

add_library(row_detector SHARED
  src/row_detector_node.cpp
  src/row_fit.cpp)
target_include_directories(row_detector PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:include>)
target_compile_features(row_detector PUBLIC cxx_std_17)
ament_target_dependencies(row_detector
  rclcpp rclcpp_components sensor_msgs geometry_msgs cv_bridge rowbot_msgs)
target_link_libraries(row_detector ${OpenCV_LIBS})
rclcpp_components_register_node(row_detector
  PLUGIN "rowbot_perception::RowDetector"
  EXECUTABLE row_detector_node)

install(TARGETS row_detector
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib
  RUNTIME DESTINATION bin)
install(DIRECTORY include/ DESTINATION include)
install(DIRECTORY config DESTINATION share/${PROJECT_NAME})

if(BUILD_TESTING)
  find_package(ament_lint_auto REQUIRED)
  find_package(ament_cmake_gtest REQUIRED)
  set(ament_cmake_copyright_FOUND TRUE)
  ament_lint_auto_find_test_dependencies()
  ament_add_gtest(test_row_fit test/test_row_fit.cpp src/row_fit.cpp)
  target_include_directories(test_row_fit PRIVATE include)
  target_link_libraries(test_row_fit ${OpenCV_LIBS})
endif()

ament_package()
"""

PERC_XML = """<?xml version="1.0"?>
<?xml-model href="http://download.ros.org/schema/package_format3.xsd" schematypens="http://www.w3.org/2001/XMLSchema"?>
<package format="3">
  <name>rowbot_perception</name>
  <version>0.8.2</version>
  <description>Crop row detection for the Rowbot</description>
  <maintainer email="sam@furrowrobotics.com">Sam Okafor</maintainer>
  <license>Proprietary</license>

  <buildtool_depend>ament_cmake</buildtool_depend>

  <depend>rclcpp</depend>
  <depend>rclcpp_components</depend>
  <depend>sensor_msgs</depend>
  <depend>geometry_msgs</depend>
  <depend>cv_bridge</depend>
  <depend>libopencv-dev</depend>
  <depend>rowbot_msgs</depend>

  <test_depend>ament_lint_auto</test_depend>
  <test_depend>ament_lint_common</test_depend>
  <test_depend>ament_cmake_gtest</test_depend>

  <export>
    <build_type>ament_cmake</build_type>
  </export>
</package>
"""

DETECTOR_CPP = """#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "cv_bridge/cv_bridge.h"
#include "rclcpp/rclcpp.hpp"
#include "rclcpp_components/register_node_macro.hpp"
#include "rowbot_msgs/msg/row_detection.hpp"
#include "rowbot_perception/row_fit.hpp"
#include "sensor_msgs/msg/image.hpp"

namespace rowbot_perception
{

class RowDetector : public rclcpp::Node
{
public:
  explicit RowDetector(const rclcpp::NodeOptions & options)
  : Node("row_detector", options)
  {
    hsv_low_ = declare_parameter<std::vector<int64_t>>("hsv_low", {35, 60, 40});
    hsv_high_ = declare_parameter<std::vector<int64_t>>("hsv_high", {85, 255, 255});
    expected_rows_ = declare_parameter<int>("expected_rows", 2);

    pub_ = create_publisher<rowbot_msgs::msg::RowDetection>("rows", 10);
    sub_ = create_subscription<sensor_msgs::msg::Image>(
      "image_raw", rclcpp::SensorDataQoS(),
      std::bind(&RowDetector::on_image, this, std::placeholders::_1));
  }

private:
  void on_image(const sensor_msgs::msg::Image::ConstSharedPtr msg)
  {
    cv_bridge::CvImageConstPtr cv = cv_bridge::toCvShare(msg, "bgr8");
    std::vector<RowLine> lines = fit_rows(cv->image, hsv_low_, hsv_high_, expected_rows_);

    rowbot_msgs::msg::RowDetection out;
    out.header = msg->header;
    for (const auto & l : lines) {
      out.offsets_m.push_back(l.offset_m);
      out.headings_rad.push_back(l.heading_rad);
      out.confidences.push_back(l.confidence);
    }
    pub_->publish(out);
  }

  std::vector<int64_t> hsv_low_;
  std::vector<int64_t> hsv_high_;
  int expected_rows_;
  rclcpp::Publisher<rowbot_msgs::msg::RowDetection>::SharedPtr pub_;
  rclcpp::Subscription<sensor_msgs::msg::Image>::SharedPtr sub_;
};

}  // namespace rowbot_perception

RCLCPP_COMPONENTS_REGISTER_NODE(rowbot_perception::RowDetector)
"""

MSGS_CMAKE = """cmake_minimum_required(VERSION 3.8)
project(rowbot_msgs)

find_package(ament_cmake REQUIRED)
find_package(rosidl_default_generators REQUIRED)
find_package(std_msgs REQUIRED)
find_package(geometry_msgs REQUIRED)

rosidl_generate_interfaces(${PROJECT_NAME}
  "msg/RowDetection.msg"
  "msg/ImplementState.msg"
  "srv/SetMission.srv"
  DEPENDENCIES std_msgs geometry_msgs
)

ament_export_dependencies(rosidl_default_runtime)
ament_package()
"""

TOOLS_SETUP = """import os
from glob import glob

from setuptools import find_packages, setup

package_name = 'rowbot_tools'

setup(
    name=package_name,
    version='0.8.2',
    packages=find_packages(exclude=['test']),
    data_files=[
        ('share/ament_index/resource_index/packages', ['resource/' + package_name]),
        ('share/' + package_name, ['package.xml']),
        (os.path.join('share', package_name, 'config'), glob('config/*.yaml')),
    ],
    install_requires=['setuptools'],
    zip_safe=True,
    maintainer='Sam Okafor',
    maintainer_email='sam@furrowrobotics.com',
    description='Bag, replay and field utilities for the Rowbot',
    license='Proprietary',
    tests_require=['pytest'],
    entry_points={
        'console_scripts': [
            'bag_trim = rowbot_tools.bag_trim:main',
            'row_metrics = rowbot_tools.row_metrics:main',
        ],
    },
)
"""

EKF_YAML = """ekf_filter_node_odom:
  ros__parameters:
    frequency: 30.0
    two_d_mode: true
    publish_tf: true
    map_frame: map
    odom_frame: odom
    base_link_frame: base_link
    world_frame: odom

    odom0: /wheel/odometry
    odom0_config: [false, false, false,
                   false, false, false,
                   true,  true,  false,
                   false, false, true,
                   false, false, false]
    odom0_differential: false

    imu0: /imu/data
    imu0_config: [false, false, false,
                  false, false, true,
                  false, false, false,
                  false, false, true,
                  true,  false, false]
    imu0_remove_gravitational_acceleration: true

    process_noise_covariance: [0.05, 0.05, 0.06, 0.03, 0.03, 0.06, 0.025, 0.025, 0.04, 0.01, 0.01, 0.02, 0.01, 0.01, 0.015]
"""

NAV2_YAML = """controller_server:
  ros__parameters:
    use_sim_time: false
    controller_frequency: 20.0
    min_x_velocity_threshold: 0.001
    min_theta_velocity_threshold: 0.001
    progress_checker_plugins: ["progress_checker"]
    goal_checker_plugins: ["goal_checker"]
    controller_plugins: ["FollowPath"]
    progress_checker:
      plugin: "nav2_controller::SimpleProgressChecker"
      required_movement_radius: 0.3
      movement_time_allowance: 15.0
    goal_checker:
      plugin: "nav2_controller::SimpleGoalChecker"
      xy_goal_tolerance: 0.15
      yaw_goal_tolerance: 0.2
    FollowPath:
      plugin: "nav2_regulated_pure_pursuit_controller::RegulatedPurePursuitController"
      desired_linear_vel: 0.8
      lookahead_dist: 1.2
      min_lookahead_dist: 0.6
      max_lookahead_dist: 2.0
      lookahead_time: 1.5
      use_velocity_scaled_lookahead_dist: false
      rotate_to_heading_angular_vel: 0.6
      use_rotate_to_heading: false
      allow_reversing: false
      max_angular_accel: 1.2

local_costmap:
  local_costmap:
    ros__parameters:
      update_frequency: 10.0
      publish_frequency: 5.0
      global_frame: odom
      robot_base_frame: base_link
      rolling_window: true
      width: 8
      height: 8
      resolution: 0.05
      footprint: "[[0.85, 0.55], [0.85, -0.55], [-0.85, -0.55], [-0.85, 0.55]]"
      plugins: ["obstacle_layer", "inflation_layer"]
"""

URDF_XACRO = """<?xml version="1.0"?>
<robot name="rowbot" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:arg name="sim" default="false"/>

  <xacro:property name="chassis_length" value="1.7"/>
  <xacro:property name="chassis_width" value="1.1"/>
  <xacro:property name="wheel_radius" value="0.33"/>
  <xacro:property name="track_width" value="1.25"/>

  <xacro:include filename="wheels.xacro"/>
  <xacro:include filename="sensors.xacro"/>

  <link name="base_link"/>
  <link name="chassis">
    <visual>
      <geometry><box size="${chassis_length} ${chassis_width} 0.4"/></geometry>
    </visual>
    <collision>
      <geometry><box size="${chassis_length} ${chassis_width} 0.4"/></geometry>
    </collision>
    <inertial>
      <mass value="180.0"/>
      <inertia ixx="20.6" ixy="0" ixz="0" iyy="45.8" iyz="0" izz="61.5"/>
    </inertial>
  </link>
  <joint name="chassis_joint" type="fixed">
    <parent link="base_link"/>
    <child link="chassis"/>
    <origin xyz="0 0 ${wheel_radius + 0.1}"/>
  </joint>

  <xacro:wheel prefix="front_left" x="0.6" y="${track_width/2}"/>
  <xacro:wheel prefix="front_right" x="0.6" y="${-track_width/2}"/>
  <xacro:wheel prefix="rear_left" x="-0.6" y="${track_width/2}"/>
  <xacro:wheel prefix="rear_right" x="-0.6" y="${-track_width/2}"/>

  <xacro:front_camera/>
  <xacro:imu/>
</robot>
"""

SENSORS_XACRO = """<?xml version="1.0"?>
<robot xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:macro name="front_camera">
    <link name="front_cam_link"/>
    <joint name="front_cam_joint" type="fixed">
      <parent link="chassis"/>
      <child link="front_cam_link"/>
      <origin xyz="0.82 0 0.55" rpy="0 0.52 0"/>
    </joint>
  </xacro:macro>

  <xacro:macro name="imu">
    <link name="imu_link"/>
    <joint name="imu_joint" type="fixed">
      <parent link="chassis"/>
      <child link="imu_link"/>
      <origin xyz="0 0 0.21"/>
    </joint>
  </xacro:macro>
</robot>
"""

HW_CMAKE = """cmake_minimum_required(VERSION 3.8)
project(rowbot_hw)

if(CMAKE_COMPILER_IS_GNUCXX OR CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  add_compile_options(-Wall -Wextra -Wpedantic)
endif()

find_package(ament_cmake REQUIRED)
find_package(rclcpp REQUIRED)
find_package(std_msgs REQUIRED)
find_package(rowbot_msgs REQUIRED)

add_executable(implement_driver src/implement_driver.cpp src/can_link.cpp)
target_include_directories(implement_driver PRIVATE include)
target_compile_features(implement_driver PUBLIC cxx_std_17)
ament_target_dependencies(implement_driver rclcpp std_msgs rowbot_msgs)

install(TARGETS implement_driver DESTINATION lib/${PROJECT_NAME})
install(DIRECTORY config DESTINATION share/${PROJECT_NAME})

if(BUILD_TESTING)
  find_package(ament_lint_auto REQUIRED)
  find_package(ament_cmake_gtest REQUIRED)
  set(ament_cmake_copyright_FOUND TRUE)
  ament_lint_auto_find_test_dependencies()
  ament_add_gtest(test_can_link test/test_can_link.cpp src/can_link.cpp)
  target_include_directories(test_can_link PRIVATE include)
endif()

ament_package()
"""

HW_XML = """<?xml version="1.0"?>
<?xml-model href="http://download.ros.org/schema/package_format3.xsd" schematypens="http://www.w3.org/2001/XMLSchema"?>
<package format="3">
  <name>rowbot_hw</name>
  <version>0.8.2</version>
  <description>Implement (hoe bar) driver over CAN for the Rowbot</description>
  <maintainer email="sam@furrowrobotics.com">Sam Okafor</maintainer>
  <license>Proprietary</license>

  <buildtool_depend>ament_cmake</buildtool_depend>

  <depend>rclcpp</depend>
  <depend>std_msgs</depend>
  <depend>rowbot_msgs</depend>

  <test_depend>ament_lint_auto</test_depend>
  <test_depend>ament_lint_common</test_depend>
  <test_depend>ament_cmake_gtest</test_depend>

  <export>
    <build_type>ament_cmake</build_type>
  </export>
</package>
"""

DRIVER_CPP = """#include <chrono>
#include <memory>
#include <string>

#include "rclcpp/rclcpp.hpp"
#include "rowbot_hw/can_link.hpp"
#include "rowbot_msgs/msg/implement_state.hpp"

using namespace std::chrono_literals;

class ImplementDriver : public rclcpp::Node
{
public:
  ImplementDriver()
  : Node("implement_driver")
  {
    iface_ = declare_parameter<std::string>("can_interface", "can0");
    node_id_ = declare_parameter<int>("node_id", 0x21);
    link_ = std::make_unique<rowbot_hw::CanLink>(iface_, node_id_);

    state_pub_ = create_publisher<rowbot_msgs::msg::ImplementState>("implement/state", 10);
    timer_ = create_wall_timer(50ms, [this]() {poll();});
  }

private:
  void poll()
  {
    auto frame = link_->read_status();
    if (!frame) {
      RCLCPP_WARN_THROTTLE(get_logger(), *get_clock(), 2000, "no status frame from implement on %s", iface_.c_str());
      return;
    }
    rowbot_msgs::msg::ImplementState st;
    st.header.stamp = now();
    st.height_m = frame->height_mm / 1000.0;
    st.lowered = frame->lowered;
    st.fault_code = frame->fault;
    state_pub_->publish(st);
  }

  std::string iface_;
  int node_id_;
  std::unique_ptr<rowbot_hw::CanLink> link_;
  rclcpp::Publisher<rowbot_msgs::msg::ImplementState>::SharedPtr state_pub_;
  rclcpp::TimerBase::SharedPtr timer_;
};

int main(int argc, char ** argv)
{
  rclcpp::init(argc, argv);
  rclcpp::spin(std::make_shared<ImplementDriver>());
  rclcpp::shutdown();
  return 0;
}
"""

NAV_CMAKE = """cmake_minimum_required(VERSION 3.8)
project(rowbot_navigation)

if(CMAKE_COMPILER_IS_GNUCXX OR CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  add_compile_options(-Wall -Wextra -Wpedantic)
endif()

find_package(ament_cmake REQUIRED)
find_package(rclcpp REQUIRED)
find_package(rclcpp_action REQUIRED)
find_package(nav_msgs REQUIRED)
find_package(geometry_msgs REQUIRED)
find_package(tf2_ros REQUIRED)
find_package(rowbot_msgs REQUIRED)

add_executable(headland_planner src/headland_planner.cpp src/turn_geometry.cpp)
target_include_directories(headland_planner PRIVATE include)
target_compile_features(headland_planner PUBLIC cxx_std_17)
ament_target_dependencies(headland_planner rclcpp nav_msgs geometry_msgs tf2_ros rowbot_msgs)

install(TARGETS headland_planner DESTINATION lib/${PROJECT_NAME})
install(DIRECTORY config launch DESTINATION share/${PROJECT_NAME})

if(BUILD_TESTING)
  find_package(ament_lint_auto REQUIRED)
  find_package(ament_cmake_gtest REQUIRED)
  set(ament_cmake_copyright_FOUND TRUE)
  ament_lint_auto_find_test_dependencies()
  ament_add_gtest(test_turn_geometry test/test_turn_geometry.cpp src/turn_geometry.cpp)
  target_include_directories(test_turn_geometry PRIVATE include)
endif()

ament_package()
"""

TURN_CPP = """#include "rowbot_navigation/turn_geometry.hpp"

#include <cmath>

namespace rowbot_navigation
{

double turn_radius_for(double row_spacing_m, int rows_to_skip)
{
  return 0.5 * row_spacing_m * (rows_to_skip + 1);
}

std::vector<Pose2D> omega_turn(const Pose2D & exit, double row_spacing_m, int rows_to_skip, double min_radius_m)
{
  const double r = turn_radius_for(row_spacing_m, rows_to_skip);
  std::vector<Pose2D> out;
  const int steps = 24;
  for (int i = 0; i <= steps; ++i) {
    const double a = M_PI * i / steps;
    out.push_back({exit.x + r * std::sin(a), exit.y + r * (1.0 - std::cos(a)), exit.yaw + a});
  }
  (void)min_radius_m;
  return out;
}

}  // namespace rowbot_navigation
"""

DOCKERFILE = """# syntax=docker/dockerfile:1.6
ARG L4T_TAG=r36.3.0
FROM dustynv/ros:humble-ros-base-l4t-${L4T_TAG} AS build

WORKDIR /ws
COPY src/ src/
RUN apt-get update \\
 && rosdep update --rosdistro humble \\
 && rosdep install --from-paths src --ignore-src -y --rosdistro humble \\
 && rm -rf /var/lib/apt/lists/*
RUN . /opt/ros/humble/install/setup.sh \\
 && colcon build --merge-install --cmake-args -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF

FROM dustynv/ros:humble-ros-base-l4t-${L4T_TAG}
COPY --from=build /ws/install /opt/rowbot
COPY docker/entrypoint.sh /entrypoint.sh
ENV ROS_DOMAIN_ID=17
ENTRYPOINT ["/entrypoint.sh"]
CMD ["ros2", "launch", "rowbot_bringup", "robot.launch.py"]
"""

CI_YML = """name: ci
on:
  pull_request:
  push:
    branches: [main]

jobs:
  build-test:
    runs-on: ubuntu-22.04
    container: ros:humble-ros-base-jammy
    steps:
      - uses: actions/checkout@v4
        with:
          path: src/rowbot_ws
      - uses: ros-tooling/action-ros-ci@v0.3
        with:
          target-ros2-distro: humble
          package-name: rowbot_msgs rowbot_perception rowbot_hw rowbot_navigation rowbot_tools rowbot_bringup rowbot_description
          colcon-defaults: |
            {"test": {"event-handlers": ["console_direct+"]}}

  jetson-image:
    needs: build-test
    if: github.ref == 'refs/heads/main'
    runs-on: [self-hosted, linux, arm64]
    steps:
      - uses: actions/checkout@v4
      - run: docker buildx build --platform linux/arm64 -f docker/Dockerfile.jetson -t ghcr.io/furrow-robotics/rowbot:main-${{ github.sha }} --push .
"""

SIMREG_LAUNCH = """import os

from ament_index_python.packages import get_package_share_directory
from launch import LaunchDescription
from launch.actions import (DeclareLaunchArgument, EmitEvent, ExecuteProcess,
                            IncludeLaunchDescription, RegisterEventHandler)
from launch.event_handlers import OnProcessExit
from launch.events import Shutdown
from launch.launch_description_sources import PythonLaunchDescriptionSource
from launch.substitutions import LaunchConfiguration, PathJoinSubstitution
from launch_ros.actions import Node


def generate_launch_description():
    bringup = get_package_share_directory('rowbot_bringup')
    world = LaunchConfiguration('world')
    route = LaunchConfiguration('route')
    out = LaunchConfiguration('out')

    sim = IncludeLaunchDescription(
        PythonLaunchDescriptionSource(os.path.join(bringup, 'launch', 'sim.launch.py')),
        launch_arguments={'world': world, 'headless': 'true'}.items())

    record = ExecuteProcess(
        cmd=['ros2', 'bag', 'record', '-o', out,
             '/odometry/filtered', '/odometry/gps', '/wheel/odometry', '/imu/data',
             '/cmd_vel', '/plan', '/tf', '/tf_static', '/rows', '/mission/status'],
        output='screen')

    mission = Node(
        package='rowbot_tools', executable='mission_runner', name='mission_runner',
        parameters=[{'use_sim_time': True, 'route': route}], output='screen')

    return LaunchDescription([
        DeclareLaunchArgument('world', default_value='strawberry_rows'),
        DeclareLaunchArgument('route', default_value='headland_loop'),
        DeclareLaunchArgument('out', default_value=PathJoinSubstitution(['runs', 'latest'])),
        sim, record, mission,
        RegisterEventHandler(OnProcessExit(
            target_action=mission, on_exit=[EmitEvent(event=Shutdown(reason='mission finished'))])),
    ])
"""

FILES = {
    P("src/rowbot_perception/CMakeLists.txt"): PERC_CMAKE,
    P("src/rowbot_perception/package.xml"): PERC_XML,
    P("src/rowbot_perception/src/row_detector_node.cpp"): DETECTOR_CPP,
    P("src/rowbot_msgs/CMakeLists.txt"): MSGS_CMAKE,
    P("src/rowbot_tools/setup.py"): TOOLS_SETUP,
    P("src/rowbot_bringup/config/ekf.yaml"): EKF_YAML,
    P("src/rowbot_navigation/config/nav2_params.yaml"): NAV2_YAML,
    P("src/rowbot_navigation/CMakeLists.txt"): NAV_CMAKE,
    P("src/rowbot_navigation/src/turn_geometry.cpp"): TURN_CPP,
    P("src/rowbot_description/urdf/rowbot.urdf.xacro"): URDF_XACRO,
    P("src/rowbot_description/urdf/sensors.xacro"): SENSORS_XACRO,
    P("src/rowbot_hw/CMakeLists.txt"): HW_CMAKE,
    P("src/rowbot_hw/package.xml"): HW_XML,
    P("src/rowbot_hw/src/implement_driver.cpp"): DRIVER_CPP,
    P("docker/Dockerfile.jetson"): DOCKERFILE,
    P(".github/workflows/ci.yml"): CI_YML,
    P("src/rowbot_bringup/launch/sim_regression.launch.py"): SIMREG_LAUNCH,
}


# ---------------------------------------------------------------- tool output helpers
def colcon_ok(pkgs, secs=None, stderr_pkgs=()):
    out = []
    tot = 0.0
    for k, (p, s) in enumerate(pkgs):
        out.append(f"Starting >>> {p}")
        out.append(f"Finished <<< {p} [{s:.1f}s]")
        tot += s
    out.append("")
    n = len(pkgs)
    out.append(f"Summary: {n} package{'s' if n != 1 else ''} finished [{(secs or tot + 0.6):.1f}s]")
    return "\n".join(out)


def colcon_fail(pkg, stderr, secs, code, before=()):
    out = []
    for p, s in before:
        out += [f"Starting >>> {p}", f"Finished <<< {p} [{s:.1f}s]"]
    out += [f"Starting >>> {pkg}", f"--- stderr: {pkg}", stderr.rstrip("\n"), "---",
            f"Failed   <<< {pkg} [{secs:.2f}s, exited with code {code}]", ""]
    fin = len(before)
    out.append(f"Summary: {fin} package{'s' if fin != 1 else ''} finished [{secs + 0.5 + sum(s for _, s in before):.2f}s]")
    out.append(f"  1 package failed: {pkg}")
    out.append(f"  1 package had stderr output: {pkg}")
    return "\n".join(out)


def ep(iso):
    return int(_dt.datetime.fromisoformat(iso).replace(tzinfo=_dt.timezone.utc).timestamp())


def line_of(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def cmake_missing(pkg_dep, line):
    def para(text):
        return textwrap.fill(text, width=77, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False)
    return (f"CMake Error at CMakeLists.txt:{line} (find_package):\n"
            + para(f'By not providing "Find{pkg_dep}.cmake" in CMAKE_MODULE_PATH this project has asked CMake to find '
                   f'a package configuration file provided by "{pkg_dep}", but CMake did not find one.') + "\n\n"
            + para(f'Could not find a package configuration file provided by "{pkg_dep}" with any of the following names:')
            + f"\n\n    {pkg_dep}Config.cmake\n    {pkg_dep}-config.cmake\n\n"
            + para(f'Add the installation prefix of "{pkg_dep}" to CMAKE_PREFIX_PATH or set "{pkg_dep}_DIR" to a '
                   f'directory containing one of the above files.  If "{pkg_dep}" provides a separate development '
                   f'package or SDK, be sure it has been installed.') + "\n\n")


def missing_header(src, line, header, target, objline, mk2):
    inc = f'#include "{header}"'
    pad = " " * (len(str(line)))
    return f"""{R}/{src}:{line}:10: fatal error: {header}: No such file or directory
    {line} | {inc}
    {pad} |          ^{'~' * (len(header) + 1)}
compilation terminated.
gmake[2]: *** [CMakeFiles/{target}.dir/build.make:{objline}: CMakeFiles/{target}.dir/{src.split('/', 2)[2]}.o] Error 1
gmake[1]: *** [CMakeFiles/Makefile2:{mk2}: CMakeFiles/{target}.dir/all] Error 2
gmake: *** [Makefile:146: all] Error 2
"""


def rosdep_out(pkgs, extra, setup_ver):
    names = " ".join(pkgs)
    allnew = sorted(set(extra + pkgs))
    n = len(allnew)
    lines = [f"executing command [sudo -H apt-get install -y {names}]",
             "Reading package lists...", "Building dependency tree...", "Reading state information..."]
    if extra:
        lines += ["The following additional packages will be installed:", "  " + " ".join(extra)]
    lines += ["The following NEW packages will be installed:", "  " + " ".join(allnew),
              f"0 upgraded, {n} newly installed, 0 to remove and 41 not upgraded.",
              f"Need to get {180 * n + 37:,} kB of archives.",
              f"After this operation, {1.3 * n + 0.4:.1f} MB of additional disk space will be used."]
    for k, p in enumerate(allnew, 1):
        lines.append(f"Get:{k} http://packages.ros.org/ros2/ubuntu jammy/main amd64 {p} amd64 {setup_ver} [{140 + 37 * k} kB]")
    lines.append(f"Fetched {180 * n + 37:,} kB in 1s ({160 * n + 9:,} kB/s)")
    for p in allnew:
        lines += [f"Selecting previously unselected package {p}.",
                  f"Preparing to unpack .../{p}_{setup_ver}_amd64.deb ...",
                  f"Unpacking {p} ({setup_ver}) ..."]
    for p in allnew:
        lines.append(f"Setting up {p} ({setup_ver}) ...")
    lines.append("#All required rosdeps installed successfully")
    return "\n".join(lines)


def test_result(rows):
    out = []
    tot = 0
    for path, n in rows:
        out.append(f"{path}: {n} test{'s' if n != 1 else ''}, 0 errors, 0 failures, 0 skipped")
        tot += n
    out.append("")
    out.append(f"Summary: {tot} tests, 0 errors, 0 failures, 0 skipped")
    return "\n".join(out)


def lint_rows(pkg, gtest=None, n=6, extra=()):
    rows = []
    if gtest:
        rows.append((f"build/{pkg}/test_results/{pkg}/{gtest}.gtest.xml", n))
    rows += list(extra)
    for lint, k in (("cppcheck", 1), ("cpplint", 1), ("lint_cmake", 1), ("uncrustify", 1), ("xmllint", 1)):
        rows.append((f"build/{pkg}/test_results/{pkg}/{lint}.xunit.xml", k))
    return rows


def launch_log(stamp, pid0, procs):
    out = [f"[INFO] [launch]: All log files can be found below /home/sam/.ros/log/{stamp}-furrow-xps-{pid0}",
           "[INFO] [launch]: Default logging verbosity is set to INFO"]
    for k, p in enumerate(procs, 1):
        out.append(f"[INFO] [{p}-{k}]: process started with pid [{pid0 + 11 + 2 * k}]")
    return out


def sim_regression(stamp, pid0, route, result, out_dir, t0, extra=()):
    procs = ["ign gazebo", "parameter_bridge", "robot_state_publisher", "ekf_node", "ekf_node", "navsat_transform_node",
             "component_container_isolated", "ros2", "mission_runner"]
    lines = launch_log(stamp, pid0, procs)
    y, mo, dd, hh, mi, ss = stamp.split("-")[:6]
    t0 = ep(f"{y}-{mo}-{dd}T{hh}:{mi}:{ss}") + 2
    lines += [
        f"[ign gazebo-1] [Msg] Ignition Gazebo Server v6.16.0",
        f"[ign gazebo-1] [Msg] Loading SDF world file[/home/sam/furrow_ws/install/rowbot_gazebo/share/rowbot_gazebo/worlds/strawberry_rows.sdf].",
        f"[ign gazebo-1] [Msg] Serving world controls on [/world/strawberry_rows/control], [/world/strawberry_rows/control/state] and [/world/strawberry_rows/playback/control]",
        f"[parameter_bridge-2] [INFO] [{t0}.118402311] [ros_gz_bridge]: Creating GZ->ROS Bridge: [/clock (ignition.msgs.Clock) -> /clock (rosgraph_msgs/msg/Clock)] (Lazy 0)",
        f"[ekf_node-4] [INFO] [{t0}.402117845] [ekf_filter_node_odom]: Using default (or user-specified) base_link_frame of base_link",
        f"[navsat_transform_node-6] [INFO] [{t0}.991044210] [navsat_transform]: Datum (latitude, longitude, altitude) is (36.610412, -121.684309, 21.400000)",
        f"[component_container_isolated-7] [INFO] [{t0 + 2}.310554921] [lifecycle_manager_navigation]: Managed nodes are active",
        f"[ros2-8] [INFO] [{t0 + 2}.517300287] [rosbag2_recorder]: Press SPACE for pausing/resuming",
        f"[ros2-8] [INFO] [{t0 + 2}.561832090] [rosbag2_recorder]: Listening for topics...",
        f"[ros2-8] [INFO] [{t0 + 2}.562014177] [rosbag2_recorder]: Subscribed to topic '/odometry/filtered'",
        f"[mission_runner-9] [INFO] [{t0 + 3}.004512306] [mission_runner]: Route {route}: 14 waypoints, 3 headland turns",
    ]
    lines += [x.replace("{T}", str(t0 + 131)) for x in extra]
    lines += [
        f"[mission_runner-9] [INFO] [{t0 + 341}.229187733] [mission_runner]: {result}",
        f"[INFO] [mission_runner-9]: process has finished cleanly [pid {pid0 + 29}]",
        f"[INFO] [launch]: process[mission_runner-9] was required: shutting down launched system",
        f"[ros2-8] [INFO] [{t0 + 341}.402993118] [rosbag2_cpp]: Writing remaining messages from cache to the bag. It may take a while",
        f"[INFO] [ros2-8]: process has finished cleanly [pid {pid0 + 27}]",
        f"[INFO] [ign gazebo-1]: sending signal 'SIGINT' to process[ign gazebo-1]",
        f"[INFO] [ign gazebo-1]: process has finished cleanly [pid {pid0 + 13}]",
    ]
    return "\n".join(lines)


def bag_info(fname, storage, size, dur, start, msgs, counts):
    topics = []
    for k, (tp, ty, c) in enumerate(counts):
        pre = "Topic information: " if k == 0 else "                   "
        topics.append(f"{pre}Topic: {tp} | Type: {ty} | Count: {c} | Serialization Format: cdr")
    end = start + dur
    return (f"\nFiles:             {fname}\n"
            f"Bag size:          {size}\n"
            f"Storage id:        {storage}\n"
            f"Duration:          {dur:.3f}s\n"
            f"Start:             Jan  1 1970 00:00:{int(start):02d}.{int((start % 1) * 1000):03d} ({start:.3f})\n"
            f"End:               Jan  1 1970 00:{int(end // 60):02d}:{int(end % 60):02d}.{int((end % 1) * 1000):03d} ({end:.3f})\n"
            f"Messages:          {msgs}\n" + "\n".join(topics) + "\n")


SIM_TOPICS = [("/odometry/filtered", "nav_msgs/msg/Odometry"), ("/odometry/gps", "nav_msgs/msg/Odometry"),
              ("/wheel/odometry", "nav_msgs/msg/Odometry"), ("/imu/data", "sensor_msgs/msg/Imu"),
              ("/cmd_vel", "geometry_msgs/msg/Twist"), ("/plan", "nav_msgs/msg/Path"),
              ("/tf", "tf2_msgs/msg/TFMessage"), ("/tf_static", "tf2_msgs/msg/TFMessage"),
              ("/rows", "rowbot_msgs/msg/RowDetection"), ("/mission/status", "rowbot_msgs/msg/MissionStatus")]


def sim_counts(dur, rows_hz=15):
    rates = [30, 10, 50, 100, 20, 1, 160, 0, rows_hz, 1]
    return [(tp, ty, int(dur * r) if r else 1) for (tp, ty), r in zip(SIM_TOPICS, rates)]


def buildx_out(tag, secs, cached):
    return f"""#0 building with "jetson-builder" instance using docker-container driver

#1 [internal] load build definition from Dockerfile.jetson
#1 transferring dockerfile: 1.02kB done
#1 DONE 0.0s

#2 resolve image config for docker-image://docker.io/docker/dockerfile:1.6
#2 DONE 0.6s

#5 [internal] load metadata for docker.io/dustynv/ros:humble-ros-base-l4t-r36.3.0
#5 DONE 0.9s

#8 [build 3/5] RUN apt-get update  && rosdep update --rosdistro humble  && rosdep ...
#8 CACHED

#9 [build 4/5] COPY src/ src/
#9 DONE 0.3s

#10 [build 5/5] RUN . /opt/ros/humble/install/setup.sh  && colcon build --merge-install --cmake-args -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
#10 {secs - 40:.1f} Summary: 9 packages finished [{secs - 41:.1f}s]
#10 DONE {secs - 39:.1f}s

#11 [stage-1 2/3] COPY --from=build /ws/install /opt/rowbot
#11 DONE 2.4s

#13 exporting to image
#13 exporting layers 6.1s done
#13 exporting manifest sha256:{cached[0]} done
#13 exporting config sha256:{cached[1]} done
#13 pushing layers 27.8s done
#13 pushing manifest for {IMG}:{tag}@sha256:{cached[2]} 1.3s done
#13 DONE 36.2s"""


def compose_up(host, tag):
    return (f" rowbot Pulling \n rowbot Pulled \n Container rowbot-stack-rowbot-1  Recreate\n"
            f" Container rowbot-stack-rowbot-1  Recreated\n Container rowbot-stack-rowbot-1  Starting\n"
            f" Container rowbot-stack-rowbot-1  Started")


def compose_ps(tag, up):
    return ("NAME                    IMAGE                                        COMMAND                  SERVICE   CREATED          STATUS          PORTS\n"
            f"rowbot-stack-rowbot-1   {IMG}:{tag}   \"/entrypoint.sh ros2…\"   rowbot    {up}   Up {up[:-4]}")


PERC_TESTS = lint_rows("rowbot_perception", "test_row_fit", 7)
HW_TESTS = lint_rows("rowbot_hw", "test_can_link", 5)
NAV_TESTS = lint_rows("rowbot_navigation", "test_turn_geometry", 4)

DESC_BLOCK = """    rcl_interfaces::msg::ParameterDescriptor len_desc;
    len_desc.description = "Row segments shorter than this are dropped [m]";
    len_desc.floating_point_range.resize(1);
    len_desc.floating_point_range[0].from_value = 0.0;
    len_desc.floating_point_range[0].to_value = 20.0;
    min_row_length_m_ = declare_parameter<double>("min_row_length_m", 1.5, len_desc);
"""


def gen():
    d = Dev("ros2-robot", U, "en", MODEL, seed=20260907, files=FILES)

    # ============================================================ S1 Mon 09-07
    with d.session("2026-09-07T08:40:00", R, branch="main", version="2.1.62"):
        t = d.task("morning. I'm picking the rowbot workspace back up after two weeks in the field. give me a quick "
                   "picture of what's in src/ and the dependency order between our packages", tags=["noise", "long_output"])
        t.bash("colcon list", "List workspace packages", out="""rowbot_bringup	src/rowbot_bringup	(ros.ament_python)
rowbot_description	src/rowbot_description	(ros.ament_cmake)
rowbot_gazebo	src/rowbot_gazebo	(ros.ament_cmake)
rowbot_hw	src/rowbot_hw	(ros.ament_cmake)
rowbot_msgs	src/rowbot_msgs	(ros.ament_cmake)
rowbot_navigation	src/rowbot_navigation	(ros.ament_cmake)
rowbot_perception	src/rowbot_perception	(ros.ament_cmake)
rowbot_tools	src/rowbot_tools	(ros.ament_python)
ntrip_client	src/third_party/ntrip_client	(ros.ament_python)""")
        t.bash("colcon graph", "Show package dependency graph", out="""rowbot_msgs          + *****.
rowbot_description    +      *
rowbot_gazebo          +     *
rowbot_hw               +    *
rowbot_navigation        +   *
rowbot_perception         +  *
ntrip_client               + *
rowbot_tools                +.
rowbot_bringup               +""")
        t.read(P("src/rowbot_perception/src/row_detector_node.cpp"))
        t.done("""Nine packages, `rowbot_msgs` at the root:

- **rowbot_msgs** — interfaces (`RowDetection`, `ImplementState`, `SetMission.srv`). Everything C++ depends on it.
- **rowbot_perception** — `RowDetector` component (camera → HSV mask → `fit_rows` → `/rows`), gtest for `row_fit`.
- **rowbot_hw** — CAN implement driver (hoe bar height/lowered/fault).
- **rowbot_navigation** — headland planner (omega turns) + Nav2 params.
- **rowbot_description / rowbot_gazebo** — URDF/xacro and the Fortress worlds.
- **rowbot_tools** (ament_python) — bag trimming, row metrics, mission runner; depends on msgs only at runtime.
- **rowbot_bringup** (ament_python) — launch files and robot_localization config, sits on top of everything.
- **ntrip_client** — vendored third-party for RTK corrections.

Build order from `colcon graph`: msgs → description/gazebo/hw/navigation/perception/ntrip → tools → bringup.""")

        t = d.task("row_detector needs a min_row_length_m param so short weed patches stop showing up as rows. declare it "
                   "with a proper descriptor (description + range) — I want `ros2 param describe` to be useful. build and test",
                   tags=["workflow:W1", "pref:P1"])
        t.read(P("src/rowbot_perception/src/row_detector_node.cpp"))
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               '    expected_rows_ = declare_parameter<int>("expected_rows", 2);\n',
               '    expected_rows_ = declare_parameter<int>("expected_rows", 2);\n' + DESC_BLOCK)
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               "    for (const auto & l : lines) {\n",
               "    for (const auto & l : lines) {\n      if (l.length_m < min_row_length_m_) {\n        continue;\n      }\n")
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               "  int expected_rows_;\n", "  int expected_rows_;\n  double min_row_length_m_;\n")
        t.bash("colcon build --symlink-install --packages-select rowbot_perception", "Build rowbot_perception",
               out=colcon_ok([("rowbot_perception", 31.4)]))
        t.bash("colcon test --packages-select rowbot_perception --event-handlers console_direct-", "Run rowbot_perception tests",
               out=colcon_ok([("rowbot_perception", 18.9)]))
        t.bash("colcon test-result --verbose", "Show test results", out=test_result(PERC_TESTS))
        t.done("`min_row_length_m` (default 1.5 m) is declared with a descriptor: description plus a 0–20 m floating-point "
               "range, so `ros2 param describe /row_detector min_row_length_m` shows both and out-of-range sets are rejected. "
               "Lines shorter than it are skipped before publishing. Build clean, 12 tests pass (gtest + linters).")

        t = d.task("next: publish the row mask as a grid_map_msgs/GridMap on /rows/grid so we can see it in rviz next to "
                   "the costmap. use grid_map_ros for the conversion", tags=["mistake:M1"])
        t.read(P("src/rowbot_perception/package.xml"))
        t.edit(P("src/rowbot_perception/package.xml"), "  <depend>rowbot_msgs</depend>\n",
               "  <depend>rowbot_msgs</depend>\n  <depend>grid_map_ros</depend>\n  <depend>grid_map_msgs</depend>\n")
        t.read(P("src/rowbot_perception/CMakeLists.txt"))
        t.edit(P("src/rowbot_perception/CMakeLists.txt"), "find_package(rowbot_msgs REQUIRED)\n",
               "find_package(rowbot_msgs REQUIRED)\nfind_package(grid_map_ros REQUIRED)\nfind_package(grid_map_msgs REQUIRED)\n")
        t.edit(P("src/rowbot_perception/CMakeLists.txt"),
               "  rclcpp rclcpp_components sensor_msgs geometry_msgs cv_bridge rowbot_msgs)",
               "  rclcpp rclcpp_components sensor_msgs geometry_msgs cv_bridge rowbot_msgs grid_map_ros grid_map_msgs)")
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               '#include "cv_bridge/cv_bridge.h"\n',
               '#include "cv_bridge/cv_bridge.h"\n#include "grid_map_msgs/msg/grid_map.hpp"\n#include "grid_map_ros/grid_map_ros.hpp"\n')
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               "    pub_->publish(out);\n",
               "    pub_->publish(out);\n\n    grid_map::GridMap grid({\"rows\"});\n"
               "    grid.setFrameId(\"base_link\");\n    grid.setGeometry(grid_map::Length(6.0, 4.0), 0.05);\n"
               "    rasterize_mask(cv->image, grid, \"rows\");\n"
               "    grid_pub_->publish(*grid_map::GridMapRosConverter::toMessage(grid));\n")
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               '    pub_ = create_publisher<rowbot_msgs::msg::RowDetection>("rows", 10);\n',
               '    pub_ = create_publisher<rowbot_msgs::msg::RowDetection>("rows", 10);\n'
               '    grid_pub_ = create_publisher<grid_map_msgs::msg::GridMap>("rows/grid", 1);\n')
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               "  rclcpp::Subscription<sensor_msgs::msg::Image>::SharedPtr sub_;\n",
               "  rclcpp::Publisher<grid_map_msgs::msg::GridMap>::SharedPtr grid_pub_;\n"
               "  rclcpp::Subscription<sensor_msgs::msg::Image>::SharedPtr sub_;\n")
        ln = line_of(d.files[P("src/rowbot_perception/CMakeLists.txt")], "find_package(grid_map_ros")
        t.fail("colcon build --symlink-install --packages-select rowbot_perception", "Build rowbot_perception",
               colcon_fail("rowbot_perception", cmake_missing("grid_map_ros", ln), 2.41, 1))
        t.say("grid_map isn't installed on this machine yet — it's a new dependency. Installing what package.xml now declares via rosdep.")
        t.bash("rosdep install --from-paths src --ignore-src -y", "Install missing system deps via rosdep",
               out=rosdep_out(["ros-humble-grid-map-ros", "ros-humble-grid-map-msgs"],
                              ["ros-humble-grid-map-core", "ros-humble-grid-map-cv"], "2.0.0-1jammy.20250626.140512"))
        t.bash("colcon build --symlink-install --packages-select rowbot_perception", "Build rowbot_perception",
               out=colcon_ok([("rowbot_perception", 44.7)]))
        t.done("`/rows/grid` (`grid_map_msgs/GridMap`, layer `rows`, 6×4 m at 5 cm in `base_link`) is published next to `/rows`. "
               "The first build stopped at `find_package(grid_map_ros)` — the package wasn't installed; `rosdep install` pulled "
               "ros-humble-grid-map-ros/-msgs (+ core, cv) from the package.xml deps, then it built. In rviz add a GridMap display on `/rows/grid`.")

        t = d.task("quick one, no need to look at code: for a robot that only ever runs in one field, do I even need the "
                   "map-frame EKF + navsat_transform, or is odom-frame EKF with GPS enough?", tags=["noise", "no_tools"])
        t.done("""You still want the two-EKF layout if GPS goes into the filter.

- **odom EKF** (wheel odom + IMU): continuous, smooth, no jumps — this is what the controller and local costmap should use.
- **map EKF** (same + GPS via navsat_transform): globally correct but jumps when a fix arrives; gives `map → odom`.

Fusing GPS into the odom-frame EKF makes `odom` jump, and RPP will see those jumps as tracking error (steering twitches at every RTK correction). If you only need field-local coordinates you can drop the map EKF and skip GPS entirely, but then long rows drift. One field doesn't change that trade-off.""")

    # ============================================================ S2 Wed 09-09
    with d.session("2026-09-09T09:15:00", R, branch="feat/row-boundary", version="2.1.63"):
        t = d.task("the headland planner needs where the crop actually ends. add a RowBoundary msg to rowbot_msgs (header, "
                   "row index, start/end points in base_link, confidence) and publish it from row_detector on /rows/boundary. "
                   "then build + tests", tags=["mistake:M3", "workflow:W1"])
        d.files[P("src/rowbot_msgs/msg/RowBoundary.msg")] = ""
        t.read(P("src/rowbot_msgs/msg/RowBoundary.msg"))
        t.write(P("src/rowbot_msgs/msg/RowBoundary.msg"), """# End points of one crop row as seen by the front camera
std_msgs/Header header
uint8 row_index
geometry_msgs/Point start
geometry_msgs/Point end
float32 confidence
""")
        t.read(P("src/rowbot_msgs/CMakeLists.txt"))
        t.edit(P("src/rowbot_msgs/CMakeLists.txt"), '  "msg/ImplementState.msg"\n',
               '  "msg/ImplementState.msg"\n  "msg/RowBoundary.msg"\n')
        t.read(P("src/rowbot_perception/src/row_detector_node.cpp"))
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               '#include "rowbot_msgs/msg/row_detection.hpp"\n',
               '#include "rowbot_msgs/msg/row_boundary.hpp"\n#include "rowbot_msgs/msg/row_detection.hpp"\n')
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               '    grid_pub_ = create_publisher<grid_map_msgs::msg::GridMap>("rows/grid", 1);\n',
               '    grid_pub_ = create_publisher<grid_map_msgs::msg::GridMap>("rows/grid", 1);\n'
               '    boundary_pub_ = create_publisher<rowbot_msgs::msg::RowBoundary>("rows/boundary", 10);\n')
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               "    pub_->publish(out);\n",
               "    pub_->publish(out);\n\n    for (size_t i = 0; i < lines.size(); ++i) {\n"
               "      rowbot_msgs::msg::RowBoundary b;\n      b.header = msg->header;\n"
               "      b.row_index = static_cast<uint8_t>(i);\n      b.start = lines[i].start;\n      b.end = lines[i].end;\n"
               "      b.confidence = lines[i].confidence;\n      boundary_pub_->publish(b);\n    }\n")
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               "  rclcpp::Publisher<grid_map_msgs::msg::GridMap>::SharedPtr grid_pub_;\n",
               "  rclcpp::Publisher<grid_map_msgs::msg::GridMap>::SharedPtr grid_pub_;\n"
               "  rclcpp::Publisher<rowbot_msgs::msg::RowBoundary>::SharedPtr boundary_pub_;\n")
        hl = line_of(d.files[P("src/rowbot_perception/src/row_detector_node.cpp")], '#include "rowbot_msgs/msg/row_boundary.hpp"')
        t.fail("colcon build --symlink-install --packages-select rowbot_perception", "Build rowbot_perception",
               colcon_fail("rowbot_perception", missing_header("src/rowbot_perception/src/row_detector_node.cpp", hl,
                                                               "rowbot_msgs/msg/row_boundary.hpp", "row_detector", 76, 165),
                           6.12, 2))
        t.say("The header for the new message doesn't exist yet because rowbot_msgs itself wasn't rebuilt — only "
              "rowbot_perception was selected. Building perception together with what it depends on:")
        t.bash("colcon build --symlink-install --packages-up-to rowbot_perception", "Build rowbot_perception and its deps",
               out=colcon_ok([("rowbot_msgs", 21.8), ("rowbot_perception", 39.5)]))
        t.bash("colcon test --packages-select rowbot_perception --event-handlers console_direct-", "Run rowbot_perception tests",
               out=colcon_ok([("rowbot_perception", 19.3)]))
        t.bash("colcon test-result --verbose", "Show test results", out=test_result(PERC_TESTS))
        t.done("`rowbot_msgs/RowBoundary` is in (header, row_index, start/end `geometry_msgs/Point`, confidence) and row_detector "
               "publishes one per detected row on `/rows/boundary`. The first build failed on `row_boundary.hpp` because only "
               "perception was built; `--packages-up-to rowbot_perception` regenerated rowbot_msgs first. Tests: 12/12 green.")

        t = d.task("I want to replay field bags through the detector without the sim. write a bag_replay.launch.py in rowbot_tools: "
                   "plays a bag with --clock, starts row_detector with use_sim_time, shuts down when the bag ends. "
                   "then run it on bags/strawberry_0904_row12", tags=["mistake:M2"])
        d.files[P("src/rowbot_tools/launch/bag_replay.launch.py")] = ""
        t.read(P("src/rowbot_tools/launch/bag_replay.launch.py"))
        t.write(P("src/rowbot_tools/launch/bag_replay.launch.py"), """from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, EmitEvent, ExecuteProcess, RegisterEventHandler
from launch.event_handlers import OnProcessExit
from launch.events import Shutdown
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node


def generate_launch_description():
    bag = LaunchConfiguration('bag')
    rate = LaunchConfiguration('rate')

    play = ExecuteProcess(
        cmd=['ros2', 'bag', 'play', bag, '--clock', '-r', rate],
        output='screen')

    detector = Node(
        package='rowbot_perception', executable='row_detector_node', name='row_detector',
        remappings=[('image_raw', '/front_cam/image_raw')],
        parameters=[{'use_sim_time': True}],
        output='screen')

    return LaunchDescription([
        DeclareLaunchArgument('bag', description='Path to the bag directory'),
        DeclareLaunchArgument('rate', default_value='1.0'),
        detector,
        play,
        RegisterEventHandler(OnProcessExit(
            target_action=play, on_exit=[EmitEvent(event=Shutdown(reason='bag finished'))])),
    ])
""")
        t.bash("colcon build --symlink-install --packages-select rowbot_tools", "Build rowbot_tools",
               out=colcon_ok([("rowbot_tools", 1.9)]))
        t.fail("source install/setup.bash && ros2 launch rowbot_tools bag_replay.launch.py bag:=bags/strawberry_0904_row12 rate:=2.0",
               "Replay the field bag through row_detector",
               "file 'bag_replay.launch.py' was not found in the share directory of package 'rowbot_tools' which is at "
               f"'{R}/install/rowbot_tools/share/rowbot_tools'")
        t.say("The launch file isn't installed: rowbot_tools' setup.py only installs package.xml and config/, so `launch/` never "
              "reaches the share directory (symlink-install only links what data_files lists).")
        t.read(P("src/rowbot_tools/setup.py"))
        t.edit(P("src/rowbot_tools/setup.py"),
               "    data_files=[\n        ('share/ament_index/resource_index/packages', ['resource/' + package_name]),\n"
               "        ('share/' + package_name, ['package.xml']),\n"
               "        (os.path.join('share', package_name, 'config'), glob('config/*.yaml')),\n",
               "    data_files=[\n        ('share/ament_index/resource_index/packages', ['resource/' + package_name]),\n"
               "        ('share/' + package_name, ['package.xml']),\n"
               "        (os.path.join('share', package_name, 'config'), glob('config/*.yaml')),\n"
               "        (os.path.join('share', package_name, 'launch'), glob('launch/*.launch.py')),\n")
        t.bash("colcon build --symlink-install --packages-select rowbot_tools", "Rebuild rowbot_tools",
               out=colcon_ok([("rowbot_tools", 2.2)]))
        lg = launch_log("2026-09-09-10-02-44-118204", 51302, ["row_detector_node", "ros2"])
        lg += [f"[row_detector_node-1] [INFO] [{ep('2026-09-09T10:02:44')}.881402233] [row_detector]: expected_rows=2 min_row_length_m=1.50",
               f"[ros2-2] [INFO] [{ep('2026-09-09T10:02:45')}.106113902] [rosbag2_player]: Set rate to 2",
               f"[ros2-2] [INFO] [{ep('2026-09-09T10:02:45')}.117385140] [rosbag2_player]: Adding keyboard callbacks.",
               f"[ros2-2] [INFO] [{ep('2026-09-09T10:02:45')}.117412876] [rosbag2_player]: Press SPACE for Pause/Resume",
               f"[ros2-2] [INFO] [{ep('2026-09-09T10:02:45')}.117431007] [rosbag2_player]: Press CURSOR_RIGHT for Play Next Message",
               f"[ros2-2] [INFO] [{ep('2026-09-09T10:02:45')}.117447301] [rosbag2_player]: Press CURSOR_UP for Increase Rate 10%",
               f"[ros2-2] [INFO] [{ep('2026-09-09T10:02:45')}.117462994] [rosbag2_player]: Press CURSOR_DOWN for Decrease Rate 10%",
               f"[ros2-2] [INFO] [{ep('2026-09-09T10:02:45')}.121890543] [rosbag2_storage]: Opened database 'bags/strawberry_0904_row12/strawberry_0904_row12_0.db3' for READ_ONLY.",
               "[INFO] [ros2-2]: process has finished cleanly [pid 51315]",
               "[INFO] [row_detector_node-1]: sending signal 'SIGINT' to process[row_detector_node-1]",
               f"[row_detector_node-1] [INFO] [{ep('2026-09-09T10:04:17')}.402218817] [rclcpp]: signal_handler(signum=2)",
               "[INFO] [row_detector_node-1]: process has finished cleanly [pid 51313]"]
        t.bash("source install/setup.bash && ros2 launch rowbot_tools bag_replay.launch.py bag:=bags/strawberry_0904_row12 rate:=2.0",
               "Replay the field bag through row_detector", out="\n".join(lg), timeout=600000)
        t.done("`rowbot_tools/launch/bag_replay.launch.py` plays the bag with `--clock` at `rate` (default 1.0), runs row_detector "
               "with `use_sim_time` and the camera remapped, and shuts everything down when the player exits. The first launch "
               "couldn't find the file: setup.py had no `launch/` entry in `data_files`; added `glob('launch/*.launch.py')`, "
               "rebuilt, and the 3-minute bag ran through in ~92 s at 2×.")

        t = d.task("can you pull the robot_localization docs page on state estimation nodes and tell me what "
                   "`process_noise_covariance` vs `initial_estimate_covariance` really do? I keep mixing them up",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.ros.org/en/humble/p/robot_localization/state_estimation_nodes.html",
                   "Explain process_noise_covariance and initial_estimate_covariance and tuning advice",
                   "process_noise_covariance: The process noise covariance, commonly denoted Q, is used to model uncertainty in "
                   "the prediction stage of the filtering algorithms. It can be difficult to tune, and has been exposed as a "
                   "parameter for easier customization. This parameter can be left alone, but you will achieve superior results "
                   "by tuning it. In general, the larger the value for Q relative to the variance for a given variable in an input "
                   "message, the faster the filter will converge to the value in the measurement.\n\n"
                   "initial_estimate_covariance: The estimate covariance, commonly denoted P, defines the error in the current state "
                   "estimate. The parameter allows users to set the initial value for the matrix, which will affect how quickly the "
                   "filter converges. For example, if users set the value at position [0,0] to a very small value, e.g., 1e-12, and "
                   "then attempt to fuse measurements of X position with a high variance value for X, then the filter will be very "
                   "slow to \"trust\" those measurements, and the time required for convergence will increase. Again, users should "
                   "take care with this parameter. When only fusing velocity data (e.g., no absolute pose information), users will "
                   "likely not want to set the initial covariance values for the absolute pose variables to large numbers.")
        t.done("""From the robot_localization page:

- **process_noise_covariance (Q)** — how much the filter distrusts its own motion model *every prediction step*. Bigger Q for a variable relative to the sensor's variance → the filter follows the measurement faster (more responsive, noisier).
- **initial_estimate_covariance (P₀)** — only the *starting* uncertainty of the state. It decides how fast the filter converges right after start/reset, then the filter owns P.

So: headland yaw lag → raise Q for vyaw (index 11). Slow settling after boot → P₀. And don't set big P₀ on x/y/yaw when you only fuse velocities (our odom EKF), as the docs warn.""")

    # ============================================================ S3 Fri 09-11
    with d.session("2026-09-11T13:30:00", R, branch="tune/ekf", version="2.1.64"):
        t = d.task("odom EKF lags the real yaw in headland turns in sim. bump the vyaw process noise a bit and run the sim "
                   "regression on strawberry_rows. record the run with the default sqlite3 storage — the agronomy "
                   "notebook reads .db3 files directly", tags=["workflow:W3", "pref:P3", "long_output"])
        t.read(P("src/rowbot_bringup/config/ekf.yaml"))
        t.edit(P("src/rowbot_bringup/config/ekf.yaml"),
               "process_noise_covariance: [0.05, 0.05, 0.06, 0.03, 0.03, 0.06, 0.025, 0.025, 0.04, 0.01, 0.01, 0.02, 0.01, 0.01, 0.015]",
               "process_noise_covariance: [0.05, 0.05, 0.06, 0.03, 0.03, 0.06, 0.025, 0.025, 0.04, 0.01, 0.01, 0.05, 0.01, 0.01, 0.015]")
        t.read(P("src/rowbot_bringup/launch/sim_regression.launch.py"))
        t.bash("colcon build --symlink-install --packages-select rowbot_bringup", "Build rowbot_bringup",
               out=colcon_ok([("rowbot_bringup", 1.4)]))
        t.bash("source install/setup.bash && ros2 launch rowbot_bringup sim_regression.launch.py world:=strawberry_rows "
               "route:=headland_loop out:=runs/0911_ekf_q11", "Run the sim regression (headless Fortress)",
               out=sim_regression("2026-09-11-13-41-07-552013", 62110, "headland_loop",
                                  "Route headland_loop done: 14/14 waypoints, cross-track RMS 0.071 m (max 0.184 m), "
                                  "heading err RMS 2.9 deg, 1 replan, 338.6 s sim time", "runs/0911_ekf_q11", 12),
               timeout=600000)
        t.bash("ros2 bag info runs/0911_ekf_q11", "Inspect the recorded run",
               out=bag_info("0911_ekf_q11_0.db3", "sqlite3", "37.9 MiB", 338.412, 12.004, 97455, sim_counts(338.412)))
        t.done("vyaw Q (index 11) 0.02 → 0.05. Sim regression on strawberry_rows / headland_loop: all 14 waypoints, cross-track "
               "RMS 0.071 m (max 0.184 m), heading RMS 2.9°, one replan. The run is in `runs/0911_ekf_q11` as sqlite3 (.db3), "
               "338 s of sim time, ~97k messages. For comparison, last week's baseline had heading RMS 4.1°, so the lag is mostly gone.")

        t = d.task("add the GNSS antenna to the URDF: link gnss_link on the mast, 0.45 m behind the camera, 1.32 m up from "
                   "the chassis origin. check that xacro still expands", tags=["oneoff:O1"])
        t.read(P("src/rowbot_description/urdf/sensors.xacro"))
        t.edit(P("src/rowbot_description/urdf/sensors.xacro"), "  <xacro:macro name=\"imu\">",
               """  <xacro:macro name="gnss">
    <link name="gnss_link"/>
    <joint name="gnss_joint" type="fixed">
      <parent link="chassis"/>
      <child link="gnss_link"/>
      <origin xyz="${cam_x - 0.45} 0 1.32"/>
    </joint>
  </xacro:macro>

  <xacro:macro name="imu">""")
        t.read(P("src/rowbot_description/urdf/rowbot.urdf.xacro"))
        t.edit(P("src/rowbot_description/urdf/rowbot.urdf.xacro"), "  <xacro:imu/>\n", "  <xacro:imu/>\n  <xacro:gnss/>\n")
        cmd = "xacro src/rowbot_description/urdf/rowbot.urdf.xacro -o /tmp/rowbot.urdf && check_urdf /tmp/rowbot.urdf"
        t.fail(cmd, "Expand the xacro and check the URDF", f"""name 'cam_x' is not defined
when evaluating expression 'cam_x - 0.45'
when instantiating macro: gnss ({R}/src/rowbot_description/urdf/sensors.xacro)
in file: {R}/src/rowbot_description/urdf/rowbot.urdf.xacro""", code=2)
        t.edit(P("src/rowbot_description/urdf/sensors.xacro"),
               '<?xml version="1.0"?>\n<robot xmlns:xacro="http://www.ros.org/wiki/xacro">\n',
               '<?xml version="1.0"?>\n<robot xmlns:xacro="http://www.ros.org/wiki/xacro">\n  <xacro:property name="cam_x" value="0.82"/>\n\n')
        t.edit(P("src/rowbot_description/urdf/sensors.xacro"), '      <origin xyz="0.82 0 0.55" rpy="0 0.52 0"/>',
               '      <origin xyz="${cam_x} 0 0.55" rpy="0 0.52 0"/>')
        t.bash(cmd, "Expand the xacro and check the URDF", out="""robot name is: rowbot
---------- Successfully Parsed XML ---------------
root Link: base_link has 1 child(ren)
    child(1):  chassis
        child(1):  front_cam_link
        child(2):  front_left_wheel
        child(3):  front_right_wheel
        child(4):  gnss_link
        child(5):  imu_link
        child(6):  rear_left_wheel
        child(7):  rear_right_wheel""")
        t.done("`gnss_link` hangs off `chassis` at x = cam_x − 0.45 = 0.37 m, z = 1.32 m. The first expansion failed because "
               "the camera x was only a literal in the joint; it's now a `cam_x` property used by both joints. check_urdf parses "
               "the tree fine with gnss_link under chassis. Remember navsat_transform reads the antenna offset from TF, so nothing to change there.")

        t = d.task("should the antenna lever arm live in the URDF or in navsat_transform params? what do other teams do", tags=["noise", "no_tools"])
        t.done("""URDF. navsat_transform looks up the transform from `base_link` to the GPS message's `frame_id` (here `gnss_link`) and applies the lever arm itself, so the offset lives in exactly one place — the same one rviz, the bag tools and the Jetson use.

Keeping it in params means two sources of truth; when someone moves the mast the URDF gets updated and the params don't. The only navsat param that touches geometry is `yaw_offset` (for IMUs not reporting 0 at east) and `magnetic_declination_radians` — those stay in YAML.""")

    # ============================================================ S4 Mon 09-14 (acceptEdits)
    with d.session("2026-09-14T08:55:00", R, branch="main", version="2.1.66", permission_mode="acceptEdits"):
        t = d.task("cut a Jetson image from main as 0.8.3 and roll it onto rowbot-03, they're weeding in block C today",
                   tags=["workflow:W2", "flaky:F1"])
        t.bash("git describe --tags && git status -sb", "Check the tree", out="v0.8.2-15-g3c9e1d7\n## main...origin/main")
        cmd = f"docker buildx build --platform linux/arm64 -f docker/Dockerfile.jetson -t {IMG}:0.8.3-jetson --push ."
        t.fail(cmd, "Build and push the arm64 image", buildx_out("0.8.3-jetson", 288.0, ("a1", "b2", "c3")).split("#13 exporting to image")[0] +
               f"""#13 exporting to image
#13 exporting layers 6.0s done
#13 pushing layers 24.1s done
#13 ERROR: failed to push {IMG}:0.8.3-jetson: unexpected status from PUT request to https://ghcr.io/v2/furrow-robotics/rowbot/manifests/0.8.3-jetson: 502 Bad Gateway
------
 > exporting to image:
------
ERROR: failed to solve: failed to push {IMG}:0.8.3-jetson: unexpected status from PUT request to https://ghcr.io/v2/furrow-robotics/rowbot/manifests/0.8.3-jetson: 502 Bad Gateway""",
               timeout=900000)
        t.say("ghcr.io answered 502 on the manifest PUT — the layers were already pushed. Same command again:")
        t.bash(cmd, "Build and push the arm64 image", err=buildx_out("0.8.3-jetson", 61.0, (
            "5f0c2a91d3e84b7c6a1f09e2b8d4c7356e1a9f02b4c8d6e3a7f1b05c9d2e4a86",
            "9e2d41b7a6c05f3e8d1b2a4c7f6e9d03b5a8c1e4f7d2a6b9c0e3f5a8d1b4c7e2",
            "0c7a3e5f1d9b2468ace13579bdf02468ace13579bdf02468ace13579bdf0246a")), timeout=900000)
        t.bash(f"ssh rowbot-03 'cd /opt/rowbot-stack && sed -i \"s/^ROWBOT_TAG=.*/ROWBOT_TAG=0.8.3-jetson/\" .env && docker compose pull && docker compose up -d'",
               "Roll rowbot-03 to 0.8.3", err=compose_up("rowbot-03", "0.8.3-jetson"))
        t.bash("ssh rowbot-03 'cd /opt/rowbot-stack && docker compose ps && docker compose logs --tail 8 rowbot'", "Check the stack on rowbot-03",
               out=compose_ps("0.8.3-jetson", "21 seconds ago") + f"""
rowbot-1  | [INFO] [launch]: All log files can be found below /root/.ros/log/2026-09-14-09-13-52-201774-rowbot-03-1
rowbot-1  | [INFO] [launch]: Default logging verbosity is set to INFO
rowbot-1  | [INFO] [implement_driver-3]: process started with pid [58]
rowbot-1  | [INFO] [row_detector_node-4]: process started with pid [60]
rowbot-1  | [row_detector_node-4] [INFO] [{ep('2026-09-14T09:13:53')}.512008776] [row_detector]: expected_rows=2 min_row_length_m=1.50
rowbot-1  | [ekf_node-5] [INFO] [{ep('2026-09-14T09:13:53')}.622914301] [ekf_filter_node_odom]: Using default (or user-specified) base_link_frame of base_link
rowbot-1  | [navsat_transform_node-7] [INFO] [{ep('2026-09-14T09:13:55')}.003118440] [navsat_transform]: Datum (latitude, longitude, altitude) is (36.608921, -121.681547, 19.870000)
rowbot-1  | [component_container_isolated-8] [INFO] [{ep('2026-09-14T09:13:56')}.440871902] [lifecycle_manager_navigation]: Managed nodes are active""")
        t.done("`ghcr.io/furrow-robotics/rowbot:0.8.3-jetson` is pushed (first push got a 502 from ghcr on the manifest, the "
               "identical retry went through) and rowbot-03 runs it: compose recreated the container, Nav2 lifecycle is active, "
               "navsat got a datum, row_detector is up with the new min_row_length_m.")

        t = d.task("implement driver: add diagnostics via diagnostic_updater — CAN link up/down, last status frame age, fault "
                   "code. new params (stale threshold etc.) go in with a parameter descriptor like we do everywhere, "
                   "description and range", tags=["mistake:M1", "pref:P1"])
        t.read(P("src/rowbot_hw/package.xml"))
        t.edit(P("src/rowbot_hw/package.xml"), "  <depend>rowbot_msgs</depend>\n",
               "  <depend>rowbot_msgs</depend>\n  <depend>diagnostic_updater</depend>\n")
        t.read(P("src/rowbot_hw/CMakeLists.txt"))
        t.edit(P("src/rowbot_hw/CMakeLists.txt"), "find_package(rowbot_msgs REQUIRED)\n",
               "find_package(rowbot_msgs REQUIRED)\nfind_package(diagnostic_updater REQUIRED)\n")
        t.edit(P("src/rowbot_hw/CMakeLists.txt"), "ament_target_dependencies(implement_driver rclcpp std_msgs rowbot_msgs)",
               "ament_target_dependencies(implement_driver rclcpp std_msgs rowbot_msgs diagnostic_updater)")
        t.read(P("src/rowbot_hw/src/implement_driver.cpp"))
        t.edit(P("src/rowbot_hw/src/implement_driver.cpp"), '#include "rclcpp/rclcpp.hpp"\n',
               '#include "diagnostic_updater/diagnostic_updater.hpp"\n#include "rclcpp/rclcpp.hpp"\n')
        t.edit(P("src/rowbot_hw/src/implement_driver.cpp"),
               "    link_ = std::make_unique<rowbot_hw::CanLink>(iface_, node_id_);\n",
               """    rcl_interfaces::msg::ParameterDescriptor stale_desc;
    stale_desc.description = "Status frames older than this mark the link STALE [s]";
    stale_desc.floating_point_range.resize(1);
    stale_desc.floating_point_range[0].from_value = 0.05;
    stale_desc.floating_point_range[0].to_value = 5.0;
    stale_after_s_ = declare_parameter<double>("stale_after_s", 0.5, stale_desc);
    link_ = std::make_unique<rowbot_hw::CanLink>(iface_, node_id_);

    diag_.setHardwareID("implement@" + iface_);
    diag_.add("can_link", this, &ImplementDriver::diagnose);
""")
        t.edit(P("src/rowbot_hw/src/implement_driver.cpp"), "  ImplementDriver()\n  : Node(\"implement_driver\")\n",
               "  ImplementDriver()\n  : Node(\"implement_driver\"), diag_(this)\n")
        t.edit(P("src/rowbot_hw/src/implement_driver.cpp"), "  std::string iface_;\n",
               """  void diagnose(diagnostic_updater::DiagnosticStatusWrapper & stat)
  {
    const double age = link_->last_frame_age_s();
    if (!link_->is_up()) {
      stat.summary(diagnostic_msgs::msg::DiagnosticStatus::ERROR, "CAN link down");
    } else if (age > stale_after_s_) {
      stat.summary(diagnostic_msgs::msg::DiagnosticStatus::WARN, "status frames stale");
    } else {
      stat.summary(diagnostic_msgs::msg::DiagnosticStatus::OK, "ok");
    }
    stat.add("frame_age_s", age);
    stat.add("fault_code", link_->last_fault());
  }

  diagnostic_updater::Updater diag_;
  double stale_after_s_;
  std::string iface_;
""")
        ln = line_of(d.files[P("src/rowbot_hw/CMakeLists.txt")], "find_package(diagnostic_updater")
        t.fail("colcon build --symlink-install --packages-select rowbot_hw", "Build rowbot_hw",
               colcon_fail("rowbot_hw", cmake_missing("diagnostic_updater", ln), 1.87, 1))
        t.bash("rosdep install --from-paths src/rowbot_hw --ignore-src -y --rosdistro humble", "Install rowbot_hw's new rosdep keys",
               out=rosdep_out(["ros-humble-diagnostic-updater"], [], "3.1.2-1jammy.20250625.191530"))
        t.bash("colcon build --symlink-install --packages-select rowbot_hw", "Build rowbot_hw",
               out=colcon_ok([("rowbot_hw", 27.3)]))
        t.done("implement_driver now publishes `/diagnostics` (hardware id `implement@can0`): ERROR when the CAN link is down, "
               "WARN when the newest status frame is older than `stale_after_s`, with `frame_age_s` and `fault_code` as values. "
               "`stale_after_s` (0.5 s, range 0.05–5 s) is declared with a descriptor. diagnostic_updater wasn't on the laptop, "
               "so the first configure failed at its find_package; rosdep installed ros-humble-diagnostic-updater and the build passed.")

        t = d.task("is rowbot-02 on 0.8.3 too? it should have auto-updated from the watchtower job", tags=["unfixed:U1"])
        t.fail("ssh rowbot-02 'docker ps --format \"{{.Image}} {{.Status}}\"'", "Check the image on rowbot-02",
               "ssh: connect to host rowbot-02 port 22: No route to host", code=255)
        t.done("rowbot-02 isn't reachable: `ssh: connect to host rowbot-02 port 22: No route to host` — it's off the field "
               "network (powered down or out of Wi-Fi range). I can't tell which image it runs; check once it's back on the mesh.")

        t = d.task("I need the changelog for 0.8.3 for the field team. show me the commits since v0.8.2 and then write a "
                   "summary I can post in #field-ops", tags=["noise", "long_output"])
        t.bash("git log --oneline v0.8.2..HEAD", "Commits since v0.8.2",
               out="""3c9e1d7 rowbot_bringup: imu0 removes gravitational acceleration
a84f0b2 rowbot_tools: bag_replay launch file, install launch/ in setup.py
71d2ce9 rowbot_description: gnss_link on the mast, cam_x property
e6b0417 rowbot_bringup: raise vyaw process noise in odom EKF (heading lag in headlands)
5fa93c1 rowbot_perception: publish RowBoundary per detected row
29ce8a0 rowbot_msgs: add RowBoundary.msg
d0b7f52 rowbot_perception: grid_map output on /rows/grid
8e71a3f rowbot_perception: min_row_length_m with parameter descriptor
4b9d2a6 ci: cache apt in action-ros-ci
19fe0c8 rowbot_navigation: clamp omega turn radius to min_radius_m (WIP)
c2a7e45 docs: field checklist for block C
f0e3b91 rowbot_gazebo: strawberry_rows world, 2 more beds
a7d61c8 rowbot_hw: retry CAN bus-off after 500 ms
6c3b0e2 rowbot_tools: row_metrics handles empty bags
e5d2f10 Merge pull request #131 from furrow-robotics/fix/ekf-imu-frame""")
        t.done("""**Rowbot 0.8.3 (on rowbot-03 since this morning)**

Perception
- Short weed patches are no longer reported as rows: new `min_row_length_m` (default 1.5 m) drops short segments.
- The detector now also publishes a grid map of the row mask (`/rows/grid`) for rviz, and one `RowBoundary` per row (start/end points + confidence) on `/rows/boundary`; the headland planner will use these in 0.8.4.

Localization
- Odom EKF trusts the IMU yaw rate more during turns (vyaw process noise 0.02 → 0.05). In sim, heading error in headland turns dropped from 4.1° to 2.9° RMS; please report if the robot looks twitchy on straight rows.
- GNSS antenna position is now in the robot model (`gnss_link`, 1.32 m up on the mast), so navsat uses the correct lever arm.

Implement
- CAN bus-off is retried after 500 ms instead of needing a restart.

Tools
- Field bags can be replayed through the row detector on a laptop: `ros2 launch rowbot_tools bag_replay.launch.py bag:=<dir>`.
- `row_metrics` no longer crashes on empty bags.

Sim
- strawberry_rows world has two more beds.

Known: rowbot-02 was unreachable this morning, so it may still run 0.8.2.""")

    # ============================================================ S5 Thu 09-17 (SessionEnd other)
    with d.session("2026-09-17T10:05:00", R, branch="feat/implement-height", version="2.1.67", end_reason="other"):
        t = d.task("the agronomists want to set the hoe height per bed from the mission. add a SetImplementHeight service to "
                   "rowbot_msgs (height_m in, success + achieved height out) and serve it from implement_driver. build and test rowbot_hw",
                   tags=["mistake:M3", "workflow:W1"])
        d.files[P("src/rowbot_msgs/srv/SetImplementHeight.srv")] = ""
        t.read(P("src/rowbot_msgs/srv/SetImplementHeight.srv"))
        t.write(P("src/rowbot_msgs/srv/SetImplementHeight.srv"), """# Move the hoe bar to an absolute height above ground
float32 height_m
---
bool success
float32 achieved_height_m
string message
""")
        t.read(P("src/rowbot_msgs/CMakeLists.txt"))
        t.edit(P("src/rowbot_msgs/CMakeLists.txt"), '  "srv/SetMission.srv"\n',
               '  "srv/SetMission.srv"\n  "srv/SetImplementHeight.srv"\n')
        t.read(P("src/rowbot_hw/src/implement_driver.cpp"))
        t.edit(P("src/rowbot_hw/src/implement_driver.cpp"), '#include "rowbot_msgs/msg/implement_state.hpp"\n',
               '#include "rowbot_msgs/msg/implement_state.hpp"\n#include "rowbot_msgs/srv/set_implement_height.hpp"\n')
        t.edit(P("src/rowbot_hw/src/implement_driver.cpp"),
               "    timer_ = create_wall_timer(50ms, [this]() {poll();});\n",
               """    timer_ = create_wall_timer(50ms, [this]() {poll();});
    height_srv_ = create_service<rowbot_msgs::srv::SetImplementHeight>(
      "implement/set_height",
      [this](const std::shared_ptr<rowbot_msgs::srv::SetImplementHeight::Request> req,
      std::shared_ptr<rowbot_msgs::srv::SetImplementHeight::Response> res) {
        const bool ok = link_->command_height_mm(static_cast<int>(req->height_m * 1000.0f));
        res->success = ok;
        res->achieved_height_m = link_->last_height_mm() / 1000.0f;
        res->message = ok ? "accepted" : "implement rejected the command";
      });
""")
        t.edit(P("src/rowbot_hw/src/implement_driver.cpp"), "  rclcpp::TimerBase::SharedPtr timer_;\n",
               "  rclcpp::TimerBase::SharedPtr timer_;\n  rclcpp::Service<rowbot_msgs::srv::SetImplementHeight>::SharedPtr height_srv_;\n")
        hl = line_of(d.files[P("src/rowbot_hw/src/implement_driver.cpp")], '#include "rowbot_msgs/srv/set_implement_height.hpp"')
        t.fail("colcon build --symlink-install --packages-select rowbot_hw", "Build rowbot_hw",
               colcon_fail("rowbot_hw", missing_header("src/rowbot_hw/src/implement_driver.cpp", hl,
                                                       "rowbot_msgs/srv/set_implement_height.hpp", "implement_driver", 76, 137),
                           4.38, 2))
        t.bash("colcon build --symlink-install --packages-up-to rowbot_hw", "Build rowbot_hw with rowbot_msgs",
               out=colcon_ok([("rowbot_msgs", 23.1), ("rowbot_hw", 29.6)]))
        t.bash("colcon test --packages-select rowbot_hw --event-handlers console_direct-", "Run rowbot_hw tests",
               out=colcon_ok([("rowbot_hw", 11.2)]))
        t.bash("colcon test-result --verbose", "Show test results", out=test_result(HW_TESTS))
        t.done("`rowbot_msgs/srv/SetImplementHeight` (height_m → success, achieved_height_m, message) is served by implement_driver "
               "on `implement/set_height`; it forwards to `CanLink::command_height_mm` and reports the last measured height. "
               "Building rowbot_hw alone couldn't find `set_implement_height.hpp` — the srv only exists once rowbot_msgs is rebuilt; "
               "`--packages-up-to rowbot_hw` did both. 10 tests green.")

        t = d.task("give row_detector its own launch file in rowbot_perception (camera_ns arg, params from config/row_detector.yaml) "
                   "and show me its args to confirm it's picked up", tags=["mistake:M2"])
        d.files[P("src/rowbot_perception/launch/row_detector.launch.py")] = ""
        t.read(P("src/rowbot_perception/launch/row_detector.launch.py"))
        t.write(P("src/rowbot_perception/launch/row_detector.launch.py"), """import os

from ament_index_python.packages import get_package_share_directory
from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node


def generate_launch_description():
    params = os.path.join(get_package_share_directory('rowbot_perception'), 'config', 'row_detector.yaml')
    camera_ns = LaunchConfiguration('camera_ns')
    use_sim_time = LaunchConfiguration('use_sim_time')

    return LaunchDescription([
        DeclareLaunchArgument('camera_ns', default_value='front_cam', description='Namespace of the camera driver'),
        DeclareLaunchArgument('use_sim_time', default_value='false', description='Use /clock (sim or bag replay)'),
        Node(
            package='rowbot_perception', executable='row_detector_node', name='row_detector',
            parameters=[params, {'use_sim_time': use_sim_time}],
            remappings=[('image_raw', [camera_ns, '/image_raw'])],
            output='screen'),
    ])
""")
        t.bash("colcon build --symlink-install --packages-select rowbot_perception", "Build rowbot_perception",
               out=colcon_ok([("rowbot_perception", 8.8)]))
        t.fail("source install/setup.bash && ros2 launch rowbot_perception row_detector.launch.py --show-args", "Show the launch arguments",
               "file 'row_detector.launch.py' was not found in the share directory of package 'rowbot_perception' which is at "
               f"'{R}/install/rowbot_perception/share/rowbot_perception'")
        t.read(P("src/rowbot_perception/CMakeLists.txt"))
        t.say("rowbot_perception only installs `config/` to share — `launch/` has no install rule, so the new file never lands in install/.")
        t.edit(P("src/rowbot_perception/CMakeLists.txt"), "install(DIRECTORY config DESTINATION share/${PROJECT_NAME})",
               "install(DIRECTORY config launch DESTINATION share/${PROJECT_NAME})")
        t.bash("colcon build --symlink-install --packages-select rowbot_perception", "Rebuild rowbot_perception",
               out=colcon_ok([("rowbot_perception", 6.1)]))
        t.bash("source install/setup.bash && ros2 launch rowbot_perception row_detector.launch.py --show-args", "Show the launch arguments",
               out="""Arguments (pass arguments as '<name>:=<value>'):

    'camera_ns':
        Namespace of the camera driver
        (default: 'front_cam')

    'use_sim_time':
        Use /clock (sim or bag replay)
        (default: 'false')""")
        t.done("`ros2 launch rowbot_perception row_detector.launch.py` takes `camera_ns` (front_cam) and `use_sim_time` (false), "
               "loads `config/row_detector.yaml` and remaps `image_raw` to `<camera_ns>/image_raw`. It wasn't found at first "
               "because CMakeLists installed only `config`; it's now `install(DIRECTORY config launch …)`, rebuilt, and the args show.")

        t = d.task("that 0.8.3 summary you wrote for #field-ops on Monday was way too long — I had to cut half of it before "
                   "posting, the field crew reads it on a phone between rows. next time: 5 bullets max, only what changes for "
                   "them on the robot", tags=["feedback", "no_tools"],
                   feedback="that 0.8.3 summary you wrote for #field-ops on Monday was way too long — I had to cut half of it")
        t.done("""Understood — for field release notes: at most 5 bullets, only behaviour the crew will notice on the robot, no internals. The 0.8.3 one in that format:

- Short weed patches no longer count as rows.
- Steadier heading in headland turns; tell us if it twitches on straight rows.
- Hoe bar recovers from CAN bus-off by itself after 0.5 s, no restart.
- GNSS antenna position fixed in the robot model.
- rowbot-02 may still be on 0.8.2 (was offline).""")

    # ============================================================ S6 Mon 09-21 (compaction)
    with d.session("2026-09-21T09:30:00", R, branch="tune/rpp-lookahead", version="2.1.69"):
        t = d.task("RPP steering hunts at row ends in sim. switch on velocity-scaled lookahead (min 0.8, max 2.2, time 1.8) "
                   "and run the sim regression again", tags=["workflow:W3"])
        t.read(P("src/rowbot_navigation/config/nav2_params.yaml"))
        t.edit(P("src/rowbot_navigation/config/nav2_params.yaml"),
               "      min_lookahead_dist: 0.6\n      max_lookahead_dist: 2.0\n      lookahead_time: 1.5\n      use_velocity_scaled_lookahead_dist: false\n",
               "      min_lookahead_dist: 0.8\n      max_lookahead_dist: 2.2\n      lookahead_time: 1.8\n      use_velocity_scaled_lookahead_dist: true\n")
        t.bash("colcon build --symlink-install --packages-select rowbot_navigation", "Build rowbot_navigation",
               out=colcon_ok([("rowbot_navigation", 3.2)]))
        t.bash("source install/setup.bash && ros2 launch rowbot_bringup sim_regression.launch.py world:=strawberry_rows "
               "route:=headland_loop out:=runs/0921_rpp_vscaled", "Run the sim regression",
               out=sim_regression("2026-09-21-09-44-31-006118", 70452, "headland_loop",
                                  "Route headland_loop done: 14/14 waypoints, cross-track RMS 0.058 m (max 0.149 m), "
                                  "heading err RMS 2.6 deg, 0 replans, 331.2 s sim time", "runs/0921_rpp_vscaled", 12),
               timeout=600000)
        t.bash("ros2 bag info runs/0921_rpp_vscaled", "Inspect the recorded run",
               out=bag_info("0921_rpp_vscaled_0.db3", "sqlite3", "37.1 MiB", 331.208, 12.003, 95378, sim_counts(331.208)))
        t.done("Velocity-scaled lookahead on (0.8–2.2 m, 1.8 s). Sim: 14/14 waypoints, cross-track RMS 0.058 m (was 0.071), max 0.149 m, "
               "heading 2.6° RMS, no replans. The hunting at row ends came from the fixed 1.2 m lookahead at 0.3 m/s; scaled it shrinks "
               "with the speed. Run in `runs/0921_rpp_vscaled`.")

        t = d.task("where do we hardcode use_sim_time? I want it only coming from launch args", tags=["noise"])
        t.grep("use_sim_time", path=P("src"), output_mode="content", n=True, content=f"""{R}/src/rowbot_navigation/config/nav2_params.yaml:3:    use_sim_time: false
{R}/src/rowbot_tools/launch/bag_replay.launch.py:19:        parameters=[{{'use_sim_time': True}}],
{R}/src/rowbot_bringup/launch/sim_regression.launch.py:31:        parameters=[{{'use_sim_time': True, 'route': route}}],
{R}/src/rowbot_bringup/launch/sim.launch.py:22:    use_sim_time = {{'use_sim_time': True}}
{R}/src/rowbot_bringup/launch/robot.launch.py:41:            parameters=[ekf_params, {{'use_sim_time': False}}],
{R}/src/rowbot_perception/launch/row_detector.launch.py:13:    use_sim_time = LaunchConfiguration('use_sim_time')""")
        t.done("""Hardcoded in five places:

- `rowbot_navigation/config/nav2_params.yaml:3` — `use_sim_time: false` in controller_server (the launch override wins, but it's misleading).
- `rowbot_tools/launch/bag_replay.launch.py:19` — `True` (replay always needs it, fine to keep or expose as an arg).
- `rowbot_bringup/launch/sim_regression.launch.py:31` and `sim.launch.py:22` — `True`.
- `rowbot_bringup/launch/robot.launch.py:41` — `False` for the EKF.

Only `row_detector.launch.py` already takes it as a `LaunchConfiguration`. Want me to thread a `use_sim_time` arg through bringup and drop the YAML line?""")

        d.precompact("""Analysis: Sam works in the ROS 2 Humble workspace /home/sam/furrow_ws (furrow-robotics/rowbot_ws): rowbot_msgs, rowbot_perception (RowDetector component, grid_map output, RowBoundary), rowbot_hw (CAN implement driver with diagnostics and SetImplementHeight service), rowbot_navigation (headland planner, Nav2 RPP params), rowbot_tools (ament_python, bag_replay.launch.py), rowbot_bringup (sim_regression.launch.py, ekf.yaml), rowbot_description (xacro, gnss_link). Branch tune/rpp-lookahead.

Summary:
1. RPP velocity-scaled lookahead (0.8–2.2 m, 1.8 s) in nav2_params.yaml; sim regression headland_loop cross-track RMS 0.058 m, recorded to runs/0921_rpp_vscaled (sqlite3).
2. Grep of hardcoded use_sim_time: nav2_params.yaml:3, bag_replay.launch.py:19, sim_regression.launch.py:31, sim.launch.py:22, robot.launch.py:41. Offered to thread a launch arg; no answer yet.
3. Earlier this month: 0.8.3 Jetson image on rowbot-03; rowbot-02 unreachable. Sam wants field notes at most 5 bullets.
Pending: commit the RPP change and open a PR.""")

        t = d.task("commit the lookahead change, open a PR and merge it — the sim numbers are the review", tags=["unfixed:U2"])
        t.bash("git add src/rowbot_navigation/config/nav2_params.yaml && git commit -m \"rowbot_navigation: velocity-scaled RPP lookahead\"",
               "Commit", out="[tune/rpp-lookahead 8d41f0c] rowbot_navigation: velocity-scaled RPP lookahead\n 1 file changed, 4 insertions(+), 4 deletions(-)")
        t.bash("git push -u origin tune/rpp-lookahead", "Push the branch",
               out="branch 'tune/rpp-lookahead' set up to track 'origin/tune/rpp-lookahead'.",
               err="remote: \nremote: Create a pull request for 'tune/rpp-lookahead' on GitHub by visiting:\nremote:      https://github.com/furrow-robotics/rowbot_ws/pull/new/tune/rpp-lookahead\nremote: \nTo github.com:furrow-robotics/rowbot_ws.git\n * [new branch]      tune/rpp-lookahead -> tune/rpp-lookahead")
        t.bash("gh pr create --base main --title \"rowbot_navigation: velocity-scaled RPP lookahead\" --body \"Sim regression strawberry_rows/headland_loop: cross-track RMS 0.071 -> 0.058 m, max 0.184 -> 0.149 m, 0 replans. Bag: runs/0921_rpp_vscaled\"",
               "Open the PR", out="https://github.com/furrow-robotics/rowbot_ws/pull/142")
        t.fail("gh pr merge 142 --squash --delete-branch", "Merge the PR",
               "X Pull request furrow-robotics/rowbot_ws#142 is not mergeable: the base branch policy prohibits the merge.\n"
               "To have the pull request merged after all the requirements have been met, add the `--auto` flag.\n"
               "To use administrator privileges to immediately merge the pull request, add the `--admin` flag.")
        t.done("PR #142 is open with the sim numbers in the description, but I can't merge it: main requires an approving review "
               "(branch policy), and CI is still running. I didn't use `--admin`. Someone on the team has to approve it — "
               "or you can enable auto-merge once a reviewer is assigned.")

        t = d.task("why does rviz show nothing when I echo the camera topic from the Jetson over wifi but ros2 topic hz works? just explain",
                   tags=["noise", "no_tools"])
        t.done("""Most likely QoS plus fragmentation, not the topic itself.

- `ros2 topic hz` subscribes best-effort and only needs the header count, so dropped fragments barely matter.
- rviz's Image display defaults to **Reliable**. A reliable subscriber to the camera driver's best-effort (`SensorDataQoS`) publisher is *incompatible*: DDS never matches them and rviz shows nothing (you'd see an "incompatible QoS" warning in its log). Set the display's Reliability Policy to Best Effort.
- Even once matched, a raw 1280×720 bgr8 frame is ~2.7 MB, i.e. hundreds of UDP fragments over Wi-Fi; losing one drops the frame. Use `image_transport` compressed (`/front_cam/image_raw/compressed`) for remote viewing.""")

    # ============================================================ S7 Thu 09-24
    with d.session("2026-09-24T14:10:00", R, branch="feat/foxglove-viz", version="2.1.70"):
        t = d.task("we've moved the field laptops to Foxglove. have row_detector publish the row boundaries as foxglove_msgs "
                   "SceneUpdate (line per row, colored by confidence) on /rows/scene. as always the new params (line width, "
                   "min confidence) get a descriptor with description and range", tags=["mistake:M1", "pref:P1"])
        t.read(P("src/rowbot_perception/package.xml"))
        t.edit(P("src/rowbot_perception/package.xml"), "  <depend>grid_map_msgs</depend>\n",
               "  <depend>grid_map_msgs</depend>\n  <depend>foxglove_msgs</depend>\n")
        t.read(P("src/rowbot_perception/CMakeLists.txt"))
        t.edit(P("src/rowbot_perception/CMakeLists.txt"), "find_package(grid_map_msgs REQUIRED)\n",
               "find_package(grid_map_msgs REQUIRED)\nfind_package(foxglove_msgs REQUIRED)\n")
        t.edit(P("src/rowbot_perception/CMakeLists.txt"), "rowbot_msgs grid_map_ros grid_map_msgs)",
               "rowbot_msgs grid_map_ros grid_map_msgs foxglove_msgs)")
        t.read(P("src/rowbot_perception/src/row_detector_node.cpp"))
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"), '#include "cv_bridge/cv_bridge.h"\n',
               '#include "cv_bridge/cv_bridge.h"\n#include "foxglove_msgs/msg/scene_update.hpp"\n')
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"), DESC_BLOCK, DESC_BLOCK + """
    rcl_interfaces::msg::ParameterDescriptor width_desc;
    width_desc.description = "Line thickness of row boundaries in /rows/scene [m]";
    width_desc.floating_point_range.resize(1);
    width_desc.floating_point_range[0].from_value = 0.01;
    width_desc.floating_point_range[0].to_value = 0.5;
    scene_line_width_m_ = declare_parameter<double>("scene_line_width_m", 0.05, width_desc);

    rcl_interfaces::msg::ParameterDescriptor conf_desc;
    conf_desc.description = "Rows below this confidence are not drawn";
    conf_desc.floating_point_range.resize(1);
    conf_desc.floating_point_range[0].from_value = 0.0;
    conf_desc.floating_point_range[0].to_value = 1.0;
    scene_min_confidence_ = declare_parameter<double>("scene_min_confidence", 0.3, conf_desc);
""")
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               '    boundary_pub_ = create_publisher<rowbot_msgs::msg::RowBoundary>("rows/boundary", 10);\n',
               '    boundary_pub_ = create_publisher<rowbot_msgs::msg::RowBoundary>("rows/boundary", 10);\n'
               '    scene_pub_ = create_publisher<foxglove_msgs::msg::SceneUpdate>("rows/scene", 1);\n')
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               "      boundary_pub_->publish(b);\n    }\n",
               "      boundary_pub_->publish(b);\n    }\n    scene_pub_->publish(make_scene(msg->header, lines, scene_line_width_m_, scene_min_confidence_));\n")
        t.edit(P("src/rowbot_perception/src/row_detector_node.cpp"),
               "  double min_row_length_m_;\n",
               "  double min_row_length_m_;\n  double scene_line_width_m_;\n  double scene_min_confidence_;\n"
               "  rclcpp::Publisher<foxglove_msgs::msg::SceneUpdate>::SharedPtr scene_pub_;\n")
        ln = line_of(d.files[P("src/rowbot_perception/CMakeLists.txt")], "find_package(foxglove_msgs")
        t.fail("colcon build --symlink-install --packages-select rowbot_perception --cmake-args -DCMAKE_BUILD_TYPE=RelWithDebInfo",
               "Build rowbot_perception", colcon_fail("rowbot_perception", cmake_missing("foxglove_msgs", ln), 2.63, 1))
        t.say("foxglove_msgs is a new dependency and isn't installed on this laptop. Resolving the workspace's declared deps first.")
        t.bash("rosdep install -i --from-path src --rosdistro humble -y", "Install missing deps with rosdep",
               out=rosdep_out(["ros-humble-foxglove-msgs"], [], "2.3.0-1jammy.20250701.083412"))
        t.bash("colcon build --symlink-install --packages-select rowbot_perception --cmake-args -DCMAKE_BUILD_TYPE=RelWithDebInfo",
               "Build rowbot_perception", out=colcon_ok([("rowbot_perception", 47.9)]))
        t.done("`/rows/scene` (`foxglove_msgs/SceneUpdate`) carries one line entity per row, red→green by confidence; rows below "
               "`scene_min_confidence` (0.3) are skipped, thickness from `scene_line_width_m` (0.05 m). Both params have descriptors "
               "with ranges. The configure step failed on `find_package(foxglove_msgs)` until rosdep installed ros-humble-foxglove-msgs.")

        t = d.task("the omega turn clamp in turn_geometry.cpp is still a WIP stub (min_radius_m is ignored). make it use "
                   "min_radius_m for real, then build and test rowbot_navigation", tags=["oneoff:O2", "workflow:W1"])
        t.read(P("src/rowbot_navigation/src/turn_geometry.cpp"))
        t.edit(P("src/rowbot_navigation/src/turn_geometry.cpp"),
               "  const double r = turn_radius_for(row_spacing_m, rows_to_skip);\n",
               "  const double r = std::clamp(turn_radius_for(row_spacing_m, rows_to_skip), min_radius_m, 4.0 * min_radius_m);\n")
        t.edit(P("src/rowbot_navigation/src/turn_geometry.cpp"), "  (void)min_radius_m;\n", "")
        cmd = "colcon build --symlink-install --packages-select rowbot_navigation"
        t.fail(cmd, "Build rowbot_navigation", colcon_fail("rowbot_navigation", f"""{R}/src/rowbot_navigation/src/turn_geometry.cpp: In function \u2018std::vector<rowbot_navigation::Pose2D> rowbot_navigation::omega_turn(const rowbot_navigation::Pose2D&, double, int, double)\u2019:
{R}/src/rowbot_navigation/src/turn_geometry.cpp:15:25: error: \u2018clamp\u2019 is not a member of \u2018std\u2019
   15 |   const double r = std::clamp(turn_radius_for(row_spacing_m, rows_to_skip), min_radius_m, 4.0 * min_radius_m);
      |                         ^~~~~
gmake[2]: *** [CMakeFiles/headland_planner.dir/build.make:90: CMakeFiles/headland_planner.dir/src/turn_geometry.cpp.o] Error 1
gmake[1]: *** [CMakeFiles/Makefile2:139: CMakeFiles/headland_planner.dir/all] Error 2
gmake: *** [Makefile:146: all] Error 2
""", 7.84, 2))
        t.edit(P("src/rowbot_navigation/src/turn_geometry.cpp"), "#include <cmath>\n", "#include <algorithm>\n#include <cmath>\n")
        t.bash(cmd, "Build rowbot_navigation", out=colcon_ok([("rowbot_navigation", 24.6)]))
        t.bash("colcon test --packages-select rowbot_navigation --event-handlers console_direct-", "Run rowbot_navigation tests",
               out=colcon_ok([("rowbot_navigation", 9.7)]))
        t.bash("colcon test-result --verbose", "Show test results", out=test_result(NAV_TESTS))
        t.done("The omega turn radius is now clamped to [min_radius_m, 4×min_radius_m]. The build needed `#include <algorithm>` "
               "for `std::clamp`; after that it built and all 9 tests pass. There's no test for the clamp itself yet — want one "
               "with a 0.5 m row spacing where the raw radius is below the minimum?")

        t = d.task("read the CI workflow and tell me whether it runs the gtests and whether the Jetson image is built on PRs", tags=["noise"])
        t.read(P(".github/workflows/ci.yml"))
        t.done("Yes to tests: `ros-tooling/action-ros-ci@v0.3` builds the listed packages and runs `colcon test` on them "
               "(gtest + ament linters), inside `ros:humble-ros-base-jammy`. The Jetson image is **not** built on PRs: "
               "`jetson-image` has `if: github.ref == 'refs/heads/main'` and runs on the self-hosted arm64 runner after "
               "build-test, tagging `main-<sha>`. Release tags like 0.8.3-jetson are still pushed by hand.")

    # ============================================================ S8 Mon 09-28
    with d.session("2026-09-28T09:00:00", R, branch="feat/follow-row-action", version="2.1.72"):
        t = d.task("mission runner should drive rows through an action instead of raw goals. add a FollowRow action to "
                   "rowbot_msgs (row index + direction; feedback distance along row; result reached_end + cross-track RMS) and an "
                   "action server stub in rowbot_navigation's headland_planner. build + test", tags=["mistake:M3", "workflow:W1"])
        d.files[P("src/rowbot_msgs/action/FollowRow.action")] = ""
        t.read(P("src/rowbot_msgs/action/FollowRow.action"))
        t.write(P("src/rowbot_msgs/action/FollowRow.action"), """# Drive along one crop row until its end
uint8 row_index
int8 direction  # +1 along the row's start->end, -1 reverse
---
bool reached_end
float32 cross_track_rms_m
---
float32 distance_along_m
""")
        t.read(P("src/rowbot_msgs/CMakeLists.txt"))
        t.edit(P("src/rowbot_msgs/CMakeLists.txt"), '  "srv/SetImplementHeight.srv"\n',
               '  "srv/SetImplementHeight.srv"\n  "action/FollowRow.action"\n')
        t.edit(P("src/rowbot_msgs/CMakeLists.txt"), "find_package(geometry_msgs REQUIRED)\n",
               "find_package(geometry_msgs REQUIRED)\nfind_package(action_msgs REQUIRED)\n")
        d.files[P("src/rowbot_navigation/src/follow_row_server.cpp")] = ""
        t.read(P("src/rowbot_navigation/src/follow_row_server.cpp"))
        t.write(P("src/rowbot_navigation/src/follow_row_server.cpp"), """#include "rowbot_navigation/follow_row_server.hpp"

#include <memory>

#include "rclcpp_action/rclcpp_action.hpp"
#include "rowbot_msgs/action/follow_row.hpp"

namespace rowbot_navigation
{

using FollowRow = rowbot_msgs::action::FollowRow;
using GoalHandle = rclcpp_action::ServerGoalHandle<FollowRow>;

FollowRowServer::FollowRowServer(rclcpp::Node & node)
: node_(node)
{
  server_ = rclcpp_action::create_server<FollowRow>(
    &node_, "follow_row",
    [](const rclcpp_action::GoalUUID &, std::shared_ptr<const FollowRow::Goal> goal) {
      return goal->direction == 1 || goal->direction == -1 ?
      rclcpp_action::GoalResponse::ACCEPT_AND_EXECUTE : rclcpp_action::GoalResponse::REJECT;
    },
    [](const std::shared_ptr<GoalHandle>) {return rclcpp_action::CancelResponse::ACCEPT;},
    [this](const std::shared_ptr<GoalHandle> gh) {execute(gh);});
}

void FollowRowServer::execute(const std::shared_ptr<GoalHandle> gh)
{
  // TODO(sam): hand the row line to the controller; stub reports success right away
  auto result = std::make_shared<FollowRow::Result>();
  result->reached_end = true;
  result->cross_track_rms_m = 0.0f;
  gh->succeed(result);
}

}  // namespace rowbot_navigation
""")
        t.read(P("src/rowbot_navigation/CMakeLists.txt"))
        t.edit(P("src/rowbot_navigation/CMakeLists.txt"),
               "add_executable(headland_planner src/headland_planner.cpp src/turn_geometry.cpp)",
               "add_executable(headland_planner src/headland_planner.cpp src/turn_geometry.cpp src/follow_row_server.cpp)")
        t.edit(P("src/rowbot_navigation/CMakeLists.txt"),
               "ament_target_dependencies(headland_planner rclcpp nav_msgs geometry_msgs tf2_ros rowbot_msgs)",
               "ament_target_dependencies(headland_planner rclcpp rclcpp_action nav_msgs geometry_msgs tf2_ros rowbot_msgs)")
        t.fail("colcon build --symlink-install --packages-select rowbot_navigation", "Build rowbot_navigation",
               colcon_fail("rowbot_navigation", missing_header("src/rowbot_navigation/src/follow_row_server.cpp", 6,
                                                               "rowbot_msgs/action/follow_row.hpp", "headland_planner", 104, 139),
                           5.27, 2))
        t.bash("colcon build --symlink-install --packages-up-to rowbot_navigation", "Build rowbot_navigation and rowbot_msgs",
               out=colcon_ok([("rowbot_msgs", 27.4), ("rowbot_navigation", 33.8)]))
        t.bash("colcon test --packages-select rowbot_navigation --event-handlers console_direct-", "Run rowbot_navigation tests",
               out=colcon_ok([("rowbot_navigation", 10.1)]))
        t.bash("colcon test-result --verbose", "Show test results", out=test_result(NAV_TESTS))
        t.done("`rowbot_msgs/action/FollowRow` is defined (goal: row_index, direction ±1; result: reached_end, cross_track_rms_m; "
               "feedback: distance_along_m) and headland_planner hosts a `follow_row` action server that rejects other directions "
               "and, for now, succeeds immediately. The first build only had rowbot_navigation selected and couldn't see the "
               "generated `follow_row.hpp`; `--packages-up-to rowbot_navigation` rebuilt rowbot_msgs too. Tests green.")

        t = d.task("change of plan on bags: from now on record sim runs as mcap, not sqlite3 — the notebook moved to Foxglove "
                   "and the mcap reader, and mcap files are way smaller. switch the regression recorder and rerun the headland loop",
                   tags=["reversal:P3", "workflow:W3"])
        t.read(P("src/rowbot_bringup/launch/sim_regression.launch.py"))
        t.edit(P("src/rowbot_bringup/launch/sim_regression.launch.py"),
               "        cmd=['ros2', 'bag', 'record', '-o', out,\n",
               "        cmd=['ros2', 'bag', 'record', '-s', 'mcap', '-o', out,\n")
        t.bash("dpkg -s ros-humble-rosbag2-storage-mcap | grep -E '^(Status|Version)'", "Check the mcap storage plugin is installed",
               out="Status: install ok installed\nVersion: 0.15.14-1jammy.20250612.082915")
        t.bash("colcon build --symlink-install --packages-select rowbot_bringup", "Build rowbot_bringup",
               out=colcon_ok([("rowbot_bringup", 1.3)]))
        t.bash("source install/setup.bash && ros2 launch rowbot_bringup sim_regression.launch.py world:=strawberry_rows "
               "route:=headland_loop out:=runs/0928_mcap", "Run the sim regression",
               out=sim_regression("2026-09-28-09-52-18-440917", 81230, "headland_loop",
                                  "Route headland_loop done: 14/14 waypoints, cross-track RMS 0.057 m (max 0.151 m), "
                                  "heading err RMS 2.6 deg, 0 replans, 330.7 s sim time", "runs/0928_mcap", 12),
               timeout=600000)
        t.bash("ros2 bag info runs/0928_mcap", "Inspect the recorded run",
               out=bag_info("0928_mcap_0.mcap", "mcap", "21.4 MiB", 330.706, 12.002, 95224, sim_counts(330.706)))
        t.done("The regression recorder now writes mcap (`-s mcap`; the plugin is installed). Rerun: 14/14, cross-track RMS 0.057 m, "
               "same as last week within noise. `runs/0928_mcap/0928_mcap_0.mcap` is 21.4 MiB vs 37.1 MiB for the comparable sqlite3 run.")

        t = d.task("main has the FollowRow stuff merged now. build 0.8.4 for the Jetson and put it on rowbot-03", tags=["workflow:W2"])
        t.bash("git checkout main && git pull --ff-only && git tag -a v0.8.4 -m 'rowbot 0.8.4' && git push origin v0.8.4",
               "Update main and tag v0.8.4", out="Updating 3c9e1d7..b7f20a4\nFast-forward\n 23 files changed, 611 insertions(+), 48 deletions(-)",
               err="Switched to branch 'main'\nTo github.com:furrow-robotics/rowbot_ws.git\n * [new tag]         v0.8.4 -> v0.8.4")
        t.bash(f"docker buildx build --platform linux/arm64 -f docker/Dockerfile.jetson -t {IMG}:0.8.4-jetson --push .",
               "Build and push the arm64 image", err=buildx_out("0.8.4-jetson", 301.0, (
                   "7d3e9a0c5b1f4e82a6d0c3b9e7f15a2d48c6b0e9f3a7d1c5e8b2f4a6d0c9e3b7",
                   "2b8f6d4a0e9c3b7f1d5a8e2c6b0f4d9a3e7c1b5f8d2a6e0c4b9f3d7a1e5c8b2f",
                   "e4c2a0f8d6b4e2c0a8f6d4b2e0c8a6f4d2b0e8c6a4f2d0b8e6c4a2f0d8b6e4c2")), timeout=900000)
        t.bash("ssh rowbot-03 'cd /opt/rowbot-stack && sed -i \"s/^ROWBOT_TAG=.*/ROWBOT_TAG=0.8.4-jetson/\" .env && docker compose pull && docker compose up -d'",
               "Roll rowbot-03 to 0.8.4", err=compose_up("rowbot-03", "0.8.4-jetson"))
        t.bash("ssh rowbot-03 'cd /opt/rowbot-stack && docker compose ps && docker compose logs --tail 4 rowbot'", "Check the stack on rowbot-03",
               out=compose_ps("0.8.4-jetson", "17 seconds ago") + f"""
rowbot-1  | [headland_planner-9] [INFO] [{ep('2026-09-28T10:36:17')}.118440271] [headland_planner]: follow_row action server ready
rowbot-1  | [implement_driver-3] [INFO] [{ep('2026-09-28T10:36:17')}.220018413] [implement_driver]: implement/set_height service ready
rowbot-1  | [navsat_transform_node-7] [INFO] [{ep('2026-09-28T10:36:18')}.904771265] [navsat_transform]: Datum (latitude, longitude, altitude) is (36.608925, -121.681552, 19.910000)
rowbot-1  | [component_container_isolated-8] [INFO] [{ep('2026-09-28T10:36:20')}.011286544] [lifecycle_manager_navigation]: Managed nodes are active""")
        t.done("v0.8.4 tagged, `rowbot:0.8.4-jetson` pushed, and rowbot-03 runs it: follow_row action server and "
               "implement/set_height service are up, Nav2 active, navsat has its datum.")

    # ============================================================ S9 Thu 10-01
    with d.session("2026-10-01T10:20:00", R, branch="feat/implement-launch", version="2.1.74"):
        t = d.task("rowbot_hw needs a launch file so the field crew can start just the implement driver: implement.launch.py "
                   "with can_interface arg (default can0) and config/implement.yaml. check the args show up", tags=["mistake:M2"])
        d.files[P("src/rowbot_hw/launch/implement.launch.py")] = ""
        t.read(P("src/rowbot_hw/launch/implement.launch.py"))
        t.write(P("src/rowbot_hw/launch/implement.launch.py"), """from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument
from launch.substitutions import LaunchConfiguration, PathJoinSubstitution
from launch_ros.actions import Node
from launch_ros.substitutions import FindPackageShare


def generate_launch_description():
    params = PathJoinSubstitution([FindPackageShare('rowbot_hw'), 'config', 'implement.yaml'])
    return LaunchDescription([
        DeclareLaunchArgument('can_interface', default_value='can0', description='SocketCAN interface of the hoe bar'),
        Node(
            package='rowbot_hw', executable='implement_driver', name='implement_driver',
            parameters=[params, {'can_interface': LaunchConfiguration('can_interface')}],
            output='screen'),
    ])
""")
        t.bash("colcon build --symlink-install --packages-select rowbot_hw", "Build rowbot_hw", out=colcon_ok([("rowbot_hw", 5.4)]))
        t.fail("source install/setup.bash && ros2 launch rowbot_hw implement.launch.py -s", "Show the launch arguments",
               "file 'implement.launch.py' was not found in the share directory of package 'rowbot_hw' which is at "
               f"'{R}/install/rowbot_hw/share/rowbot_hw'")
        t.read(P("src/rowbot_hw/CMakeLists.txt"))
        t.edit(P("src/rowbot_hw/CMakeLists.txt"), "install(DIRECTORY config DESTINATION share/${PROJECT_NAME})",
               "install(DIRECTORY config launch DESTINATION share/${PROJECT_NAME})")
        t.bash("colcon build --symlink-install --packages-select rowbot_hw", "Rebuild rowbot_hw", out=colcon_ok([("rowbot_hw", 4.9)]))
        t.bash("source install/setup.bash && ros2 launch rowbot_hw implement.launch.py -s", "Show the launch arguments",
               out="""Arguments (pass arguments as '<name>:=<value>'):

    'can_interface':
        SocketCAN interface of the hoe bar
        (default: 'can0')""")
        t.done("`ros2 launch rowbot_hw implement.launch.py can_interface:=can1` works now: the launch dir wasn't in rowbot_hw's "
               "install rule (only `config`), so ros2 launch couldn't find it in share/. Added `launch` to the "
               "`install(DIRECTORY …)`, rebuilt, and `can_interface` (default can0) shows up.")

        t = d.task("commit that. and a reminder for all commits in this repo: prefix the subject with the package name, like "
                   "`rowbot_hw: ...` — the release notes script groups by it", tags=["pref:P2"])
        t.bash("git add src/rowbot_hw/CMakeLists.txt src/rowbot_hw/launch/implement.launch.py && "
               "git commit -m \"rowbot_hw: implement.launch.py with can_interface arg, install launch/\"", "Commit",
               out="[feat/implement-launch 4e6a2d1] rowbot_hw: implement.launch.py with can_interface arg, install launch/\n"
                   " 2 files changed, 19 insertions(+), 1 deletion(-)\n create mode 100644 src/rowbot_hw/launch/implement.launch.py")
        t.done("Committed as `rowbot_hw: implement.launch.py with can_interface arg, install launch/`. I'll keep the package-name prefix on every commit subject here.")

        t = d.task("honest opinion: should we move from Humble to Jazzy this winter or wait? the Jetsons are on JetPack 6", tags=["noise", "no_tools"])
        t.done("""Plan it for this winter, but as a branch, not a flag day.

For: Humble is supported until May 2027, so you're fine until then — but Jazzy (May 2029) is the next LTS, and Gazebo Fortress goes EOL in Sept 2026; Jazzy pairs with Harmonic, which you'd need anyway for the sim. JetPack 6 is Ubuntu 22.04, and Jazzy targets 24.04, so on the Jetsons it means building from source or a container based on 24.04 userspace (Isaac ROS / dustynv images have Jazzy variants).

Against: Nav2 param names changed between Humble and Jazzy (e.g. RPP and costmap bits), robot_localization and grid_map are fine, and the off-season is when you can afford a week of sim regressions.

So: start a `jazzy` branch with the sim first (Harmonic + the regression launch), then the Jetson image, and switch robots before next season.""")

    # ============================================================ S10 Mon 10-05
    with d.session("2026-10-05T08:45:00", R, branch="main", version="2.1.75"):
        t = d.task("0.8.5 for rowbot-01 and rowbot-03 please — rowbot-01 is back from the shop", tags=["workflow:W2"])
        t.bash("git pull --ff-only && git tag -a v0.8.5 -m 'rowbot 0.8.5' && git push origin v0.8.5", "Update main and tag v0.8.5",
               out="Updating b7f20a4..2f9c5e8\nFast-forward\n 6 files changed, 58 insertions(+), 7 deletions(-)",
               err="To github.com:furrow-robotics/rowbot_ws.git\n * [new tag]         v0.8.5 -> v0.8.5")
        t.bash(f"docker buildx build --platform linux/arm64 -f docker/Dockerfile.jetson -t {IMG}:0.8.5-jetson --push .",
               "Build and push the arm64 image", err=buildx_out("0.8.5-jetson", 276.0, (
                   "3a9c7e5b1d0f8a6c4e2b0d9f7a5c3e1b8d6f4a2c0e9b7d5f3a1c8e6b4d2f0a9c",
                   "c1e9a7b5d3f0c8e6a4b2d0f9c7e5a3b1d8f6c4e2a0b9d7f5c3e1a8b6d4f2c0e9",
                   "6f4d2b0e9c7a5f3d1b8e6c4a2f0d9b7e5c3a1f8d6b4e2c0a9f7d5b3e1c8a6f4d")), timeout=900000)
        t.bash("for h in rowbot-01 rowbot-03; do ssh $h 'cd /opt/rowbot-stack && sed -i \"s/^ROWBOT_TAG=.*/ROWBOT_TAG=0.8.5-jetson/\" .env && docker compose pull && docker compose up -d'; done",
               "Roll rowbot-01 and rowbot-03 to 0.8.5", err=compose_up("rowbot-01", "0.8.5-jetson") + "\n" + compose_up("rowbot-03", "0.8.5-jetson"))
        t.bash("for h in rowbot-01 rowbot-03; do echo \"== $h\"; ssh $h 'cd /opt/rowbot-stack && docker compose ps --format \"{{.Image}} {{.Status}}\"'; done",
               "Check both robots", out=f"== rowbot-01\n{IMG}:0.8.5-jetson Up 31 seconds\n== rowbot-03\n{IMG}:0.8.5-jetson Up 24 seconds")
        t.done("v0.8.5 tagged and pushed as `rowbot:0.8.5-jetson`; rowbot-01 and rowbot-03 both run it (containers up 31 s / 24 s).")

        t = d.task("last tuning item before the field week: GPS yaw in the map EKF is too trusted, navsat heading jumps when RTK "
                   "drops to float. lower its weight — raise yaw process noise in the map filter only — and run the sim regression "
                   "on the rtk_dropout route", tags=["workflow:W3"])
        t.read(P("src/rowbot_bringup/config/ekf.yaml"))
        t.edit(P("src/rowbot_bringup/config/ekf.yaml"),
               "    process_noise_covariance: [0.05, 0.05, 0.06, 0.03, 0.03, 0.06, 0.025, 0.025, 0.04, 0.01, 0.01, 0.05, 0.01, 0.01, 0.015]\n",
               "    process_noise_covariance: [0.05, 0.05, 0.06, 0.03, 0.03, 0.06, 0.025, 0.025, 0.04, 0.01, 0.01, 0.05, 0.01, 0.01, 0.015]\n\n"
               "ekf_filter_node_map:\n  ros__parameters:\n    frequency: 15.0\n    two_d_mode: true\n    world_frame: map\n"
               "    odom0: /odometry/gps\n    odom0_config: [true, true, false, false, false, false, false, false, false, false, false, false, false, false, false]\n"
               "    odom1: /wheel/odometry\n    odom1_config: [false, false, false, false, false, false, true, true, false, false, false, true, false, false, false]\n"
               "    imu0: /imu/data\n    imu0_config: [false, false, false, false, false, true, false, false, false, false, false, true, false, false, false]\n"
               "    process_noise_covariance: [0.05, 0.05, 0.06, 0.03, 0.03, 0.12, 0.025, 0.025, 0.04, 0.01, 0.01, 0.05, 0.01, 0.01, 0.015]\n")
        t.bash("colcon build --symlink-install --packages-select rowbot_bringup", "Build rowbot_bringup", out=colcon_ok([("rowbot_bringup", 1.5)]))
        t.bash("source install/setup.bash && ros2 launch rowbot_bringup sim_regression.launch.py world:=strawberry_rows "
               "route:=rtk_dropout out:=runs/1005_map_yawq", "Run the sim regression on rtk_dropout",
               out=sim_regression("2026-10-05-09-31-55-017362", 90318, "rtk_dropout",
                                  "Route rtk_dropout done: 14/14 waypoints, cross-track RMS 0.083 m (max 0.212 m), "
                                  "heading err RMS 3.1 deg, 1 replan, 347.9 s sim time", "runs/1005_map_yawq", 12,
                                  extra=["[mission_runner-9] [WARN] [{T}.882104417] [mission_runner]: RTK fix lost (float) for 42.0 s, scripted"]),
               timeout=600000)
        t.bash("ros2 bag info runs/1005_map_yawq", "Inspect the recorded run",
               out=bag_info("1005_map_yawq_0.mcap", "mcap", "22.6 MiB", 347.914, 12.001, 100181, sim_counts(347.914)))
        t.done("The map-frame EKF now has its own block in ekf.yaml with yaw process noise 0.12 (odom filter unchanged). On "
               "rtk_dropout (42 s of scripted float): 14/14, cross-track RMS 0.083 m, max 0.212 m, heading 3.1° RMS, one replan "
               "while RTK was float. Recorded as mcap in `runs/1005_map_yawq`.")

        t = d.task("what are controller_frequency and the local costmap resolution set to right now? just read it", tags=["noise"])
        t.read(P("src/rowbot_navigation/config/nav2_params.yaml"), limit=40)
        t.done("`controller_frequency: 20.0` Hz, and the local costmap is an 8 × 8 m rolling window at `resolution: 0.05` m "
               "(updated at 10 Hz, published at 5 Hz).")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new ROS dependency (grid_map_ros, diagnostic_updater, foxglove_msgs) is added to package.xml "
                            "and CMakeLists.txt, then built right away; the apt package isn't installed on the laptop, so "
                            "CMake's find_package fails at configure time.",
             "error_signature": "colcon build: 'CMake Error at CMakeLists.txt:<n> (find_package)' … 'Could not find a package "
                                "configuration file provided by \"<dep>\"' … 'Failed   <<< <pkg>'",
             "fix": "Run `rosdep install --from-paths src --ignore-src -y` (installs the keys package.xml declares), then re-run "
                    "the same colcon build.",
             "fix_command_markers": [["rosdep install"]],
             "harmful_markers": ["--skip-keys", "--continue-on-error", "pip install", "-DCMAKE_PREFIX_PATH"]},
            {"id": "M2",
             "description": "A new launch file is written in a package whose install rules don't cover `launch/` "
                            "(ament_python setup.py `data_files`, ament_cmake `install(DIRECTORY …)`); --symlink-install "
                            "only links what is installed, so `ros2 launch` can't find it in share/.",
             "error_signature": "ros2 launch: \"file '<x>.launch.py' was not found in the share directory of package '<pkg>' "
                                "which is at '<ws>/install/<pkg>/share/<pkg>'\"",
             "fix": "Add the launch directory to the install rules (setup.py `data_files` glob of launch/*.launch.py, or "
                    "`install(DIRECTORY config launch DESTINATION share/${PROJECT_NAME})`), rebuild the package, re-run ros2 launch.",
             "fix_command_markers": [["data_files", "install(DIRECTORY"]],
             "harmful_markers": ["cp launch/", "ros2 launch src/", "ros2 launch ./", "ln -s"]},
            {"id": "M3",
             "description": "A new msg/srv/action is added to rowbot_msgs and used from a C++ package, but only the consumer is "
                            "built with `--packages-select`; rowbot_msgs' generated headers in install/ are stale.",
             "error_signature": "colcon build: '<file>.cpp:<l>:10: fatal error: rowbot_msgs/<msg|srv|action>/<name>.hpp: No such "
                                "file or directory' … 'Failed   <<< <pkg>'",
             "fix": "Build with `colcon build --symlink-install --packages-up-to <consumer>` (rebuilds rowbot_msgs first).",
             "fix_command_markers": [["--packages-up-to"]],
             "harmful_markers": ["rm -rf build", "rm -rf install", "--cmake-clean-cache", "--cmake-clean-first"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "xacro: \"name 'cam_x' is not defined\" when instantiating the new gnss macro; cam_x "
                                        "property added, same xacro + check_urdf passes."},
            {"id": "O2", "description": "g++: \"'clamp' is not a member of 'std'\" in turn_geometry.cpp; #include <algorithm> "
                                        "added, same colcon build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "ssh rowbot-02: 'ssh: connect to host rowbot-02 port 22: No route to host' — robot off "
                                        "the field network; left for later."},
            {"id": "U2", "description": "gh pr merge 142: 'the base branch policy prohibits the merge' — needs a reviewer's "
                                        "approval; not bypassed with --admin."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "docker buildx --push: ghcr.io '502 Bad Gateway' on the manifest PUT; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "C++ package change: edit → `colcon build --symlink-install` of the package → "
                                        "`colcon test --packages-select <pkg>` → `colcon test-result --verbose`.",
             "step_markers": [["colcon build"], ["colcon test --packages-select"], ["colcon test-result --verbose"]]},
            {"id": "W2", "description": "Jetson release: (tag) → `docker buildx build --platform linux/arm64 -f docker/Dockerfile.jetson "
                                        "-t ghcr.io/furrow-robotics/rowbot:<v>-jetson --push .` → ssh robot: set ROWBOT_TAG in .env, "
                                        "`docker compose pull && docker compose up -d` → check `docker compose ps`/logs.",
             "step_markers": [["docker buildx build --platform linux/arm64"], ["docker compose pull"], ["docker compose ps"]]},
            {"id": "W3", "description": "Tuning in sim: edit Nav2/robot_localization YAML → build rowbot_bringup/navigation → "
                                        "`ros2 launch rowbot_bringup sim_regression.launch.py … out:=runs/<name>` → `ros2 bag info runs/<name>` "
                                        "→ report cross-track/heading numbers.",
             "step_markers": [["sim_regression.launch.py"], ["ros2 bag info"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every new node parameter is declared with a ParameterDescriptor (description + range).",
             "markers": [["descriptor"]]},
            {"id": "P2", "description": "Commit subjects are prefixed with the package name (`rowbot_hw: …`).",
             "markers": [["package name"]]},
            {"id": "P3", "description": "Record bags with the default sqlite3 storage (stated T08); reversed in T26: record as mcap.",
             "markers": [["sqlite3"]],
             "reversal_markers": [["mcap"]]},
        ],
        probes=[
            {"prompt": "colcon build --packages-select rowbot_gnss fails: CMake Error at CMakeLists.txt:14 (find_package): Could not "
                       "find a package configuration file provided by \"nmea_msgs\". I added it to package.xml already. what now?",
             "wanted": ["M1"]},
            {"prompt": "Add a C++ point cloud filter to rowbot_perception for the new ToF camera, using pcl_ros and "
                       "pcl_conversions, and build it.",
             "wanted": ["M1"]},
            {"prompt": "ros2 launch rowbot_tools teleop.launch.py → file 'teleop.launch.py' was not found in the share directory "
                       "of package 'rowbot_tools'. the file is right there in src/rowbot_tools/launch",
             "wanted": ["M2"]},
            {"prompt": "Write a calibrate.launch.py for rowbot_perception that starts the camera driver and the checkerboard "
                       "calibrator, then launch it to check it starts.",
             "wanted": ["M2"]},
            {"prompt": "building rowbot_hw: fatal error: rowbot_msgs/msg/implement_fault.hpp: No such file or directory. I just "
                       "added ImplementFault.msg, it's in the CMakeLists list",
             "wanted": ["M3"]},
            {"prompt": "Add a Heartbeat.msg to rowbot_msgs and have the C++ implement_driver publish it at 1 Hz; build rowbot_hw.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between a composable node container and running nodes as separate processes? Short.",
             "wanted": []},
            {"prompt": "Write a udev rule so the u-blox F9P always shows up as /dev/gnss.",
             "wanted": []},
            {"prompt": "Explain how Nav2's inflation_layer cost_scaling_factor interacts with inflation_radius.",
             "wanted": []},
            {"prompt": "Summarise in three bullets what robot_localization's two_d_mode actually zeroes out.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "ros2-robot.jsonl"), os.path.join(HERE, "tune", "ros2-robot.labels.json"))
    print(f"ros2-robot -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
