"""cpp-cmake: Callum Reid, C++20 developer on tessera (a vector tile encoder + geometry library).

Stack: C++20, CMake 3.31 with CMakePresets.json (dev / asan / release / tidy / coverage, one binaryDir per preset
under build/), Ninja, g++-14 on Ubuntu 24.04, ccache as compiler launcher, vcpkg manifest mode (vcpkg.json with
features, builtin-baseline), GoogleTest + gtest_discover_tests / ctest presets, Google Benchmark (+ the vendored
tools/gbench/compare.py), clang-tidy 18 / clang-format (git clang-format), ASan + UBSan preset, a shared library
built with hidden visibility and a GenerateExportHeader macro, pybind11 module, GitHub Actions + gh.

Written blind for fresh/ (see cpp-cmake.md).

    cd bench/reflection/traces && python3 gen_cpp_cmake.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "callum"
R = "/home/callum/code/tessera"
WT = "/home/callum/code/tessera-0.9"
VCPKG = "/home/callum/vcpkg"
MODEL = "claude-opus-4-6"
GH = "northdrift/tessera"

# own RNG for hashes, timings and ids so the Dev RNG stays untouched
HX = random.Random(90717)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel, root=R):
    return f"{root}/{rel}"


FILES = {
    P("CMakeLists.txt"): """cmake_minimum_required(VERSION 3.25)

project(tessera
  VERSION 0.8.2
  DESCRIPTION "Vector tile encoder and geometry toolkit"
  HOMEPAGE_URL "https://github.com/northdrift/tessera"
  LANGUAGES CXX)

set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)

# The shared library only exports what is marked TESSERA_EXPORT (see src/CMakeLists.txt).
set(CMAKE_CXX_VISIBILITY_PRESET hidden)
set(CMAKE_VISIBILITY_INLINES_HIDDEN ON)

option(TESSERA_BUILD_TESTS "Build the GoogleTest suite" ON)
option(TESSERA_BUILD_BENCH "Build the Google Benchmark suite" OFF)
option(TESSERA_BUILD_PYTHON "Build the pybind11 module" OFF)
option(TESSERA_SANITIZE "Instrument with ASan + UBSan" OFF)
option(TESSERA_WERROR "Treat warnings as errors" ON)

list(APPEND CMAKE_MODULE_PATH ${PROJECT_SOURCE_DIR}/cmake)
include(Warnings)
include(Sanitizers)

find_package(fmt CONFIG REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
find_package(simdjson CONFIG REQUIRED)
find_package(tl-expected CONFIG REQUIRED)
find_package(ZLIB REQUIRED)

message(STATUS "tessera ${PROJECT_VERSION}: ${CMAKE_BUILD_TYPE}, shared=${BUILD_SHARED_LIBS}, sanitizers=${TESSERA_SANITIZE}")

add_subdirectory(src)
add_subdirectory(tools)

if(TESSERA_BUILD_TESTS)
  enable_testing()
  find_package(GTest CONFIG REQUIRED)
  add_subdirectory(tests)
endif()

if(TESSERA_BUILD_BENCH)
  find_package(benchmark CONFIG REQUIRED)
  add_subdirectory(bench)
endif()

if(TESSERA_BUILD_PYTHON)
  add_subdirectory(python)
endif()

include(Install)
""",
    P("CMakePresets.json"): """{
  "version": 6,
  "cmakeMinimumRequired": { "major": 3, "minor": 25, "patch": 0 },
  "configurePresets": [
    {
      "name": "base",
      "hidden": true,
      "generator": "Ninja",
      "binaryDir": "${sourceDir}/build/${presetName}",
      "toolchainFile": "$env{VCPKG_ROOT}/scripts/buildsystems/vcpkg.cmake",
      "cacheVariables": {
        "CMAKE_CXX_COMPILER": "g++-14",
        "CMAKE_CXX_COMPILER_LAUNCHER": "ccache",
        "CMAKE_EXPORT_COMPILE_COMMANDS": "ON",
        "VCPKG_MANIFEST_FEATURES": "tests"
      }
    },
    {
      "name": "dev",
      "inherits": "base",
      "displayName": "Debug, shared, tests + python module",
      "cacheVariables": {
        "CMAKE_BUILD_TYPE": "Debug",
        "BUILD_SHARED_LIBS": "ON",
        "TESSERA_BUILD_PYTHON": "ON"
      }
    },
    {
      "name": "asan",
      "inherits": "dev",
      "displayName": "Debug + AddressSanitizer/UndefinedBehaviorSanitizer",
      "cacheVariables": {
        "TESSERA_SANITIZE": "ON",
        "TESSERA_BUILD_PYTHON": "OFF"
      }
    },
    {
      "name": "release",
      "inherits": "base",
      "displayName": "RelWithDebInfo + benchmarks",
      "cacheVariables": {
        "CMAKE_BUILD_TYPE": "RelWithDebInfo",
        "BUILD_SHARED_LIBS": "ON",
        "TESSERA_BUILD_BENCH": "ON",
        "VCPKG_MANIFEST_FEATURES": "tests;bench"
      }
    },
    {
      "name": "tidy",
      "inherits": "dev",
      "displayName": "dev + clang-tidy on every TU (what CI runs)",
      "cacheVariables": {
        "CMAKE_CXX_CLANG_TIDY": "clang-tidy;--warnings-as-errors=*",
        "TESSERA_BUILD_PYTHON": "OFF"
      }
    },
    {
      "name": "coverage",
      "inherits": "dev",
      "displayName": "Debug + gcov instrumentation",
      "cacheVariables": {
        "CMAKE_CXX_FLAGS_INIT": "--coverage",
        "TESSERA_BUILD_PYTHON": "OFF"
      }
    }
  ],
  "buildPresets": [
    { "name": "dev", "configurePreset": "dev" },
    { "name": "asan", "configurePreset": "asan" },
    { "name": "release", "configurePreset": "release" },
    { "name": "tidy", "configurePreset": "tidy" },
    { "name": "coverage", "configurePreset": "coverage" }
  ],
  "testPresets": [
    {
      "name": "base",
      "hidden": true,
      "output": { "outputOnFailure": true },
      "execution": { "jobs": 8, "noTestsAction": "error" }
    },
    { "name": "dev", "inherits": "base", "configurePreset": "dev" },
    {
      "name": "asan",
      "inherits": "base",
      "configurePreset": "asan",
      "environment": {
        "ASAN_OPTIONS": "detect_leaks=1:strict_string_checks=1",
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"
      }
    },
    { "name": "release", "inherits": "base", "configurePreset": "release" },
    { "name": "coverage", "inherits": "base", "configurePreset": "coverage" }
  ]
}
""",
    P("vcpkg.json"): """{
  "$schema": "https://raw.githubusercontent.com/microsoft/vcpkg-tool/main/docs/vcpkg.schema.json",
  "name": "tessera",
  "version": "0.8.2",
  "dependencies": [
    "cli11",
    "fmt",
    "simdjson",
    "tl-expected",
    "zlib"
  ],
  "features": {
    "tests": {
      "description": "GoogleTest suite",
      "dependencies": [ "gtest" ]
    },
    "bench": {
      "description": "Google Benchmark suite",
      "dependencies": [ "benchmark" ]
    }
  },
  "builtin-baseline": "6f1c0d3b8e4a92c7d5e0b1a4f8c3e6d2a9b7f051"
}
""",
    P(".clangd"): """CompileFlags:
  CompilationDatabase: build/dev
Diagnostics:
  ClangTidy:
    FastCheckFilter: Loose
  UnusedIncludes: Strict
""",
    P(".clang-tidy"): """---
Checks: >
  bugprone-*,
  -bugprone-easily-swappable-parameters,
  performance-*,
  readability-*,
  -readability-magic-numbers,
  -readability-identifier-length,
  -readability-function-cognitive-complexity,
  modernize-*,
  -modernize-use-trailing-return-type,
  -modernize-use-nodiscard
WarningsAsErrors: ''
HeaderFilterRegex: '.*/(include|src)/.*'
FormatStyle: file
...
""",
    P("src/CMakeLists.txt"): """add_library(tessera)
add_library(tessera::tessera ALIAS tessera)

target_sources(tessera
  PRIVATE
    cache/tile_cache.cpp
    geom/clip.cpp
    geom/simplify.cpp
    index/tile_id.cpp
    io/geojson_reader.cpp
    mvt/encoder.cpp
    mvt/geometry_encoder.cpp
    mvt/reader.cpp
)

# TESSERA_EXPORT / TESSERA_NO_EXPORT, generated into build/<preset>/include/tessera/export.hpp.
# Everything else is hidden (CMAKE_CXX_VISIBILITY_PRESET hidden in the top-level CMakeLists.txt).
include(GenerateExportHeader)
generate_export_header(tessera
  BASE_NAME TESSERA
  EXPORT_FILE_NAME ${PROJECT_BINARY_DIR}/include/tessera/export.hpp)

target_include_directories(tessera
  PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>
  PRIVATE
    ${CMAKE_CURRENT_SOURCE_DIR})

target_link_libraries(tessera
  PUBLIC
    tl::expected
  PRIVATE
    fmt::fmt
    simdjson::simdjson
    ZLIB::ZLIB)

target_compile_features(tessera PUBLIC cxx_std_20)
tessera_set_warnings(tessera)
tessera_enable_sanitizers(tessera)

set_target_properties(tessera PROPERTIES
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR})
""",
    P("tests/CMakeLists.txt"): """add_executable(tessera_tests
  cache/tile_cache_test.cpp
  cli/args_test.cpp
  geom/clip_test.cpp
  geom/point_test.cpp
  geom/simplify_test.cpp
  index/tile_id_test.cpp
  io/geojson_reader_test.cpp
  mvt/encoder_test.cpp
  mvt/geometry_encoder_test.cpp
  mvt/pbf_reader_test.cpp
  mvt/pbf_writer_test.cpp
  mvt/zigzag_test.cpp
)

target_link_libraries(tessera_tests
  PRIVATE
    tessera::tessera
    tessera_cli_lib
    GTest::gtest_main
    GTest::gmock)
# internal headers (src/mvt/pbf_*.hpp, zigzag.hpp) are header-only and tested directly
target_include_directories(tessera_tests PRIVATE ${PROJECT_SOURCE_DIR}/src)
tessera_set_warnings(tessera_tests)
tessera_enable_sanitizers(tessera_tests)

include(GoogleTest)
gtest_discover_tests(tessera_tests
  DISCOVERY_MODE PRE_TEST
  PROPERTIES TIMEOUT 30)
""",
    P("tools/CMakeLists.txt"): """add_library(tessera_cli_lib STATIC args.cpp)
target_include_directories(tessera_cli_lib PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(tessera_cli_lib PUBLIC tessera::tessera CLI11::CLI11 fmt::fmt)
tessera_set_warnings(tessera_cli_lib)

add_executable(tessera-cli
  main.cpp
  cmd_encode.cpp
  cmd_info.cpp
)
set_target_properties(tessera-cli PROPERTIES OUTPUT_NAME tessera)
target_link_libraries(tessera-cli PRIVATE tessera_cli_lib)
tessera_set_warnings(tessera-cli)
tessera_enable_sanitizers(tessera-cli)

install(TARGETS tessera-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
""",
    P("tools/main.cpp"): """#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "args.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"tessera - cut GeoJSON into Mapbox Vector Tiles"};
    app.require_subcommand(1);
    app.set_version_flag("--version", TESSERA_VERSION_STRING);

    tessera::cli::EncodeOptions encode;
    auto* encode_cmd = app.add_subcommand("encode", "Encode a GeoJSON file into one tile");
    tessera::cli::add_encode_options(*encode_cmd, encode);

    tessera::cli::InfoOptions info;
    auto* info_cmd = app.add_subcommand("info", "Print the header of an .mvt file");
    tessera::cli::add_info_options(*info_cmd, info);

    CLI11_PARSE(app, argc, argv);

    if (encode_cmd->parsed()) {
        return tessera::cli::run_encode(encode);
    }
    if (info_cmd->parsed()) {
        return tessera::cli::run_info(info);
    }
    return 0;
}
""",
    P("tools/commands.hpp"): """#pragma once

#include <filesystem>
#include <string>

#include <CLI/CLI.hpp>

namespace tessera::cli {

struct EncodeOptions {
    std::filesystem::path input;
    std::filesystem::path output;
    std::string layer = "features";
    unsigned zoom = 14;
    unsigned x = 0;
    unsigned y = 0;
    double simplify = 0.0;
};

struct InfoOptions {
    std::filesystem::path input;
};

void add_encode_options(CLI::App& cmd, EncodeOptions& opts);
void add_info_options(CLI::App& cmd, InfoOptions& opts);

int run_encode(const EncodeOptions& opts);
int run_info(const InfoOptions& opts);

}  // namespace tessera::cli
""",
    P("include/tessera/result.hpp"): """#pragma once

#include <string>
#include <utility>

#include <tl/expected.hpp>

namespace tessera {

enum class ErrorCode {
    invalid_geometry,
    degenerate_ring,
    coordinate_overflow,
    malformed_tile,
    io_error,
};

struct Error {
    ErrorCode code;
    std::string message;
};

/// Library functions report failures through Result; nothing in src/ throws.
template <class T>
using Result = tl::expected<T, Error>;

inline tl::unexpected<Error> make_error(ErrorCode code, std::string message) {
    return tl::unexpected<Error>(Error{code, std::move(message)});
}

}  // namespace tessera
""",
    P("include/tessera/geom/point.hpp"): """#ifndef TESSERA_GEOM_POINT_HPP
#define TESSERA_GEOM_POINT_HPP

#include <cstdint>
#include <vector>

namespace tessera::geom {

/// A point in tile coordinates. Inside the buffer it may be negative or larger than the extent.
struct Point {
    std::int32_t x = 0;
    std::int32_t y = 0;

    friend constexpr bool operator==(const Point&, const Point&) = default;
};

using Ring = std::vector<Point>;

/// Outer ring first, then holes. Rings are closed (front() == back()).
struct Polygon {
    std::vector<Ring> rings;

    friend bool operator==(const Polygon&, const Polygon&) = default;
};

struct Box {
    std::int32_t min_x = 0;
    std::int32_t min_y = 0;
    std::int32_t max_x = 0;
    std::int32_t max_y = 0;
};

}  // namespace tessera::geom

#endif  // TESSERA_GEOM_POINT_HPP
""",
    P("include/tessera/geom/simplify.hpp"): """#pragma once

#include <span>
#include <vector>

#include "tessera/export.hpp"
#include "tessera/geom/point.hpp"

namespace tessera::geom {

/// Douglas-Peucker simplification of an open polyline. Endpoints are always kept.
/// `tolerance` is in tile units; a tolerance <= 0 returns the input unchanged.
TESSERA_EXPORT std::vector<Point> simplify_dp(std::span<const Point> line, double tolerance);

/// simplify_dp for a closed ring; returns an empty ring if fewer than 4 points survive.
TESSERA_EXPORT Ring simplify_ring_dp(std::span<const Point> ring, double tolerance);

}  // namespace tessera::geom
""",
    P("include/tessera/geom/clip.hpp"): """#pragma once

#include <span>
#include <vector>

#include "tessera/export.hpp"
#include "tessera/geom/point.hpp"

namespace tessera::geom {

/// Clips a polygon to `box` (Sutherland-Hodgman, ring by ring). Holes that end up
/// outside the box are dropped; if the outer ring disappears the result has no rings.
/// Throws std::invalid_argument for a ring with fewer than 4 points.
TESSERA_EXPORT Polygon clip_polygon(const Polygon& polygon, const Box& box);

/// Clips an open polyline; a line leaving and re-entering the box comes back in parts.
TESSERA_EXPORT std::vector<std::vector<Point>> clip_line(std::span<const Point> line,
                                                        const Box& box);

}  // namespace tessera::geom
""",
    P("src/geom/clip.cpp"): """#include "tessera/geom/clip.hpp"

#include <cmath>
#include <stdexcept>

namespace tessera::geom {
namespace {

enum class Edge { left, right, bottom, top };

bool inside(const Point& p, Edge edge, const Box& box) {
    switch (edge) {
        case Edge::left:
            return p.x >= box.min_x;
        case Edge::right:
            return p.x <= box.max_x;
        case Edge::bottom:
            return p.y >= box.min_y;
        case Edge::top:
            return p.y <= box.max_y;
    }
    return false;
}

Point intersect(const Point& a, const Point& b, Edge edge, const Box& box) {
    const double dx = static_cast<double>(b.x) - a.x;
    const double dy = static_cast<double>(b.y) - a.y;
    double t = 0.0;
    switch (edge) {
        case Edge::left:
            t = (box.min_x - a.x) / dx;
            break;
        case Edge::right:
            t = (box.max_x - a.x) / dx;
            break;
        case Edge::bottom:
            t = (box.min_y - a.y) / dy;
            break;
        case Edge::top:
            t = (box.max_y - a.y) / dy;
            break;
    }
    return Point{static_cast<std::int32_t>(std::lround(a.x + t * dx)),
                 static_cast<std::int32_t>(std::lround(a.y + t * dy))};
}

Ring clip_ring_edge(const Ring& ring, Edge edge, const Box& box) {
    Ring out;
    if (ring.empty()) {
        return out;
    }
    out.reserve(ring.size() + 4);
    Point prev = ring.back();
    for (const Point& cur : ring) {
        const bool cur_in = inside(cur, edge, box);
        const bool prev_in = inside(prev, edge, box);
        if (cur_in) {
            if (!prev_in) {
                out.push_back(intersect(prev, cur, edge, box));
            }
            out.push_back(cur);
        } else if (prev_in) {
            out.push_back(intersect(prev, cur, edge, box));
        }
        prev = cur;
    }
    return out;
}

Ring clip_ring(const Ring& ring, const Box& box) {
    Ring out = ring;
    for (Edge edge : {Edge::left, Edge::right, Edge::bottom, Edge::top}) {
        out = clip_ring_edge(out, edge, box);
        if (out.empty()) {
            return out;
        }
    }
    if (out.front() != out.back()) {
        out.push_back(out.front());
    }
    return out;
}

}  // namespace

Polygon clip_polygon(const Polygon& polygon, const Box& box) {
    Polygon out;
    for (std::size_t i = 0; i < polygon.rings.size(); ++i) {
        if (polygon.rings[i].size() < 4) {
            throw std::invalid_argument("clip_polygon: ring with fewer than 4 points");
        }
        Ring clipped = clip_ring(polygon.rings[i], box);
        if (clipped.size() < 4) {
            if (i == 0) {
                return {};
            }
            continue;
        }
        out.rings.push_back(std::move(clipped));
    }
    return out;
}

std::vector<std::vector<Point>> clip_line(std::span<const Point> line, const Box& box) {
    std::vector<std::vector<Point>> parts;
    std::vector<Point> current;
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        const Point& a = line[i];
        const Point& b = line[i + 1];
        const bool a_in = a.x >= box.min_x && a.x <= box.max_x && a.y >= box.min_y && a.y <= box.max_y;
        const bool b_in = b.x >= box.min_x && b.x <= box.max_x && b.y >= box.min_y && b.y <= box.max_y;
        if (a_in && current.empty()) {
            current.push_back(a);
        }
        if (b_in) {
            current.push_back(b);
        } else if (!current.empty()) {
            parts.push_back(std::move(current));
            current.clear();
        }
    }
    if (current.size() > 1) {
        parts.push_back(std::move(current));
    }
    return parts;
}

}  // namespace tessera::geom
""",
    P("tests/geom/clip_test.cpp"): """#include "tessera/geom/clip.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tessera::geom {
namespace {

constexpr Box kTile{0, 0, 4096, 4096};

Ring square(std::int32_t x0, std::int32_t y0, std::int32_t size) {
    return {{x0, y0}, {x0 + size, y0}, {x0 + size, y0 + size}, {x0, y0 + size}, {x0, y0}};
}

TEST(ClipTest, RectangleInsideIsUnchanged) {
    const Polygon in{{square(100, 100, 200)}};
    const Polygon out = clip_polygon(in, kTile);
    EXPECT_EQ(out, in);
}

TEST(ClipTest, RectangleOutsideIsDropped) {
    const Polygon out = clip_polygon(Polygon{{square(5000, 5000, 100)}}, kTile);
    EXPECT_TRUE(out.rings.empty());
}

TEST(ClipTest, SquareCrossingLeftEdge) {
    const Polygon out = clip_polygon(Polygon{{square(-100, 100, 200)}}, kTile);
    ASSERT_EQ(out.rings.size(), 1U);
    EXPECT_THAT(out.rings[0], ::testing::Each(::testing::Field(&Point::x, ::testing::Ge(0))));
}

TEST(ClipTest, DegenerateRingThrows) {
    const Polygon in{{Ring{{0, 0}, {10, 0}, {0, 0}}}};
    EXPECT_THROW(clip_polygon(in, kTile), std::invalid_argument);
}

TEST(ClipLineTest, InsideIsOnePart) {
    const std::vector<Point> line{{10, 10}, {20, 20}, {30, 10}};
    EXPECT_THAT(clip_line(line, kTile), ::testing::ElementsAre(line));
}

TEST(ClipLineTest, LeavingAndReenteringGivesTwoParts) {
    const std::vector<Point> line{{10, 10}, {5000, 10}, {20, 20}, {30, 30}};
    EXPECT_EQ(clip_line(line, kTile).size(), 2U);
}

TEST(ClipLineTest, OutsideIsEmpty) {
    const std::vector<Point> line{{5000, 5000}, {6000, 6000}};
    EXPECT_TRUE(clip_line(line, kTile).empty());
}

}  // namespace
}  // namespace tessera::geom
""",
    P("include/tessera/mvt/encoder.hpp"): """#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "tessera/export.hpp"
#include "tessera/geom/point.hpp"
#include "tessera/mvt/feature.hpp"
#include "tessera/result.hpp"

namespace tessera::mvt {

struct EncoderOptions {
    std::uint32_t extent = 4096;
    std::int32_t buffer = 64;
    double simplify_tolerance = 0.0;
};

/// Builds one Mapbox Vector Tile (spec 2.1). Not thread-safe.
class TESSERA_EXPORT Encoder {
public:
    explicit Encoder(EncoderOptions options = {});

    Result<void> add_feature(const std::string& layer_name, const Feature& feature);

    /// Serialises all layers in insertion order; the encoder is empty afterwards.
    std::string finish();

private:
    struct Layer {
        std::string name;
        std::vector<std::string> keys;
        std::vector<Value> values;
        std::vector<std::string> features;  // encoded Feature messages
    };

    Layer& layer_for(const std::string& name);

    EncoderOptions options_;
    geom::Box clip_box_;
    std::unordered_map<std::string, Layer> layers_;
    std::vector<std::string> layer_order_;
};

}  // namespace tessera::mvt
""",
    P("src/mvt/encoder.cpp"): """#include "tessera/mvt/encoder.hpp"

#include <utility>

#include "mvt/geometry_encoder.hpp"
#include "mvt/pbf_writer.hpp"
#include "tessera/geom/clip.hpp"
#include "tessera/geom/simplify.hpp"

namespace tessera::mvt {

Encoder::Encoder(EncoderOptions options)
    : options_(options),
      clip_box_{-options.buffer, -options.buffer,
                static_cast<std::int32_t>(options.extent) + options.buffer,
                static_cast<std::int32_t>(options.extent) + options.buffer} {}

Encoder::Layer& Encoder::layer_for(const std::string& name) {
    auto it = layers_.find(name);
    if (it == layers_.end()) {
        it = layers_.emplace(name, Layer{name, {}, {}, {}}).first;
        layer_order_.push_back(name);
    }
    return it->second;
}

Result<void> Encoder::add_feature(const std::string& layer_name, const Feature& feature) {
    Layer& layer = layer_for(layer_name);
    geom::Polygon clipped = geom::clip_polygon(feature.polygon, clip_box_);
    if (clipped.rings.empty()) {
        return {};
    }
    if (options_.simplify_tolerance > 0.0) {
        for (geom::Ring& ring : clipped.rings) {
            ring = geom::simplify_ring_dp(ring, options_.simplify_tolerance);
        }
    }
    PbfWriter msg;
    if (feature.id) {
        msg.add_uint64(1, *feature.id);
    }
    msg.add_packed_uint32(2, encode_tags(layer.keys, layer.values, feature.properties));
    msg.add_enum(3, static_cast<int>(GeomType::polygon));
    msg.add_packed_uint32(4, encode_polygon(clipped));
    layer.features.push_back(msg.take());
    return {};
}

std::string Encoder::finish() {
    PbfWriter tile;
    for (const std::string& name : layer_order_) {
        const Layer& layer = layers_.at(name);
        PbfWriter msg;
        msg.add_uint32(15, 2);  // version
        msg.add_string(1, layer.name);
        for (const std::string& f : layer.features) {
            msg.add_bytes(2, f);
        }
        for (const std::string& k : layer.keys) {
            msg.add_string(3, k);
        }
        for (const Value& v : layer.values) {
            msg.add_message(4, encode_value(v));
        }
        msg.add_uint32(5, options_.extent);
        tile.add_message(3, msg.take());
    }
    layers_.clear();
    layer_order_.clear();
    const std::string data = tile.take();
    return std::move(data);
}

}  // namespace tessera::mvt
""",
    P("src/mvt/geometry_encoder.cpp"): """#include "mvt/geometry_encoder.hpp"

#include <cstdint>

#include "mvt/zigzag.hpp"

namespace tessera::mvt {
namespace {

constexpr std::uint32_t command(Command cmd, std::uint32_t count) {
    return (count << 3U) | static_cast<std::uint32_t>(cmd);
}

}  // namespace

std::vector<std::uint32_t> encode_polygon(geom::Polygon polygon) {
    std::vector<std::uint32_t> out;
    geom::Point cursor{0, 0};
    for (const geom::Ring& ring : polygon.rings) {
        if (ring.size() < 4) {
            continue;
        }
        // MoveTo the first point, LineTo all but the closing point, ClosePath.
        out.push_back(command(Command::move_to, 1));
        out.push_back(zigzag(ring[0].x - cursor.x));
        out.push_back(zigzag(ring[0].y - cursor.y));
        cursor = ring[0];
        const auto line_count = static_cast<std::uint32_t>(ring.size() - 2);
        out.push_back(command(Command::line_to, line_count));
        for (std::size_t i = 1; i + 1 < ring.size(); ++i) {
            out.push_back(zigzag(ring[i].x - cursor.x));
            out.push_back(zigzag(ring[i].y - cursor.y));
            cursor = ring[i];
        }
        out.push_back(command(Command::close_path, 1));
    }
    return out;
}

std::vector<std::uint32_t> encode_tags(std::vector<std::string>& keys, std::vector<Value>& values,
                                       const Properties& properties) {
    std::vector<std::uint32_t> tags;
    tags.reserve(properties.size() * 2);
    for (const auto& [key, value] : properties) {
        tags.push_back(intern(keys, key));
        tags.push_back(intern(values, value));
    }
    return tags;
}

}  // namespace tessera::mvt
""",
    P("src/mvt/geometry_encoder.hpp"): """#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/geom/point.hpp"
#include "tessera/mvt/feature.hpp"

namespace tessera::mvt {

enum class Command : std::uint32_t { move_to = 1, line_to = 2, close_path = 7 };

std::vector<std::uint32_t> encode_polygon(geom::Polygon polygon);

std::vector<std::uint32_t> encode_tags(std::vector<std::string>& keys, std::vector<Value>& values,
                                       const Properties& properties);

std::string encode_value(const Value& value);

}  // namespace tessera::mvt
""",
    P("src/mvt/pbf_reader.hpp"): """#pragma once

#include <cstdint>
#include <string_view>

namespace tessera::mvt {

/// Minimal protobuf wire-format reader over a borrowed buffer. Header-only (internal).
class PbfReader {
public:
    explicit PbfReader(std::string_view data) : pos_(data.data()), end_(data.data() + data.size()) {}

    /// Advances to the next field; false at the end of the buffer or on malformed input.
    bool next() {
        if (pos_ == end_ || error_) {
            return false;
        }
        const std::uint64_t key = read_varint();
        field_ = static_cast<std::uint32_t>(key >> 3U);
        wire_type_ = static_cast<std::uint32_t>(key & 0x7U);
        return !error_;
    }

    std::uint32_t field() const { return field_; }
    std::uint32_t wire_type() const { return wire_type_; }
    bool error() const { return error_; }

    std::uint64_t read_varint() {
        std::uint64_t value = 0;
        for (unsigned shift = 0; shift < 64; shift += 7) {
            if (pos_ == end_) {
                error_ = true;
                return 0;
            }
            const auto byte = static_cast<std::uint8_t>(*pos_++);
            value |= static_cast<std::uint64_t>(byte & 0x7FU) << shift;
            if ((byte & 0x80U) == 0) {
                return value;
            }
        }
        error_ = true;
        return 0;
    }

    std::string_view read_bytes() {
        const std::uint64_t len = read_varint();
        if (error_ || len > static_cast<std::uint64_t>(end_ - pos_)) {
            error_ = true;
            return {};
        }
        std::string_view out(pos_, static_cast<std::size_t>(len));
        pos_ += len;
        return out;
    }

    std::uint32_t read_fixed32() {
        if (end_ - pos_ < 4) {
            error_ = true;
            return 0;
        }
        const auto value = *reinterpret_cast<const std::uint32_t*>(pos_);
        pos_ += 4;
        return value;
    }

    std::uint64_t read_fixed64() {
        if (end_ - pos_ < 8) {
            error_ = true;
            return 0;
        }
        const auto value = *reinterpret_cast<const std::uint64_t*>(pos_);
        pos_ += 8;
        return value;
    }

    void skip();

private:
    const char* pos_;
    const char* end_;
    std::uint32_t field_ = 0;
    std::uint32_t wire_type_ = 0;
    bool error_ = false;
};

}  // namespace tessera::mvt
""",
    P("tests/mvt/pbf_reader_test.cpp"): """#include "mvt/pbf_reader.hpp"

#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mvt/pbf_writer.hpp"

namespace tessera::mvt {
namespace {

TEST(PbfReaderTest, ReadsVarint) {
    PbfWriter w;
    w.add_uint64(1, 300);
    const std::string buf = w.take();
    PbfReader r(buf);
    ASSERT_TRUE(r.next());
    EXPECT_EQ(r.field(), 1U);
    EXPECT_EQ(r.read_varint(), 300U);
}

TEST(PbfReaderTest, TruncatedVarintIsError) {
    const std::string buf("\\x08\\xff", 2);
    PbfReader r(buf);
    ASSERT_TRUE(r.next());
    r.read_varint();
    EXPECT_TRUE(r.error());
}

}  // namespace
}  // namespace tessera::mvt
""",
    P("include/tessera/mvt/reader.hpp"): """#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/export.hpp"
#include "tessera/mvt/feature.hpp"
#include "tessera/result.hpp"

namespace tessera::mvt {

struct DecodedFeature {
    std::optional<std::uint64_t> id;
    GeomType type = GeomType::unknown;
    std::vector<std::uint32_t> geometry;  // raw command stream
    Properties properties;
};

struct DecodedLayer {
    std::string name;
    std::uint32_t extent = 4096;
    std::uint32_t version = 2;
    std::vector<DecodedFeature> features;
};

/// Decodes a whole tile. Fails with ErrorCode::malformed_tile on truncated or invalid input.
TESSERA_EXPORT Result<std::vector<DecodedLayer>> decode_tile(std::span<const std::byte> data);

/// Number of vertices encoded in a command stream (MoveTo + LineTo points).
TESSERA_EXPORT std::size_t count_vertices(std::span<const std::uint32_t> geometry);

}  // namespace tessera::mvt
""",
    P("python/src/module.cpp"): """#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "tessera/geom/clip.hpp"
#include "tessera/geom/simplify.hpp"
#include "tessera/mvt/encoder.hpp"

namespace py = pybind11;
using namespace tessera;

PYBIND11_MODULE(tessera, m) {
    m.doc() = "Python bindings for the tessera vector tile encoder";

    py::class_<geom::Point>(m, "Point")
        .def(py::init<std::int32_t, std::int32_t>(), py::arg("x"), py::arg("y"))
        .def_readwrite("x", &geom::Point::x)
        .def_readwrite("y", &geom::Point::y)
        .def("__eq__", [](const geom::Point& a, const geom::Point& b) { return a == b; })
        .def("__repr__", [](const geom::Point& p) {
            return "Point(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
        });

    py::class_<geom::Box>(m, "Box")
        .def(py::init<std::int32_t, std::int32_t, std::int32_t, std::int32_t>(), py::arg("min_x"),
             py::arg("min_y"), py::arg("max_x"), py::arg("max_y"));

    py::class_<geom::Polygon>(m, "Polygon")
        .def(py::init<>())
        .def(py::init<std::vector<geom::Ring>>(), py::arg("rings"))
        .def_readwrite("rings", &geom::Polygon::rings);

    m.def("clip_polygon", &geom::clip_polygon, py::arg("polygon"), py::arg("box"));
    m.def(
        "simplify_dp",
        [](const std::vector<geom::Point>& line, double tolerance) {
            return geom::simplify_dp(line, tolerance);
        },
        py::arg("line"), py::arg("tolerance"));

    py::class_<mvt::EncoderOptions>(m, "EncoderOptions")
        .def(py::init<>())
        .def_readwrite("extent", &mvt::EncoderOptions::extent)
        .def_readwrite("buffer", &mvt::EncoderOptions::buffer)
        .def_readwrite("simplify_tolerance", &mvt::EncoderOptions::simplify_tolerance);

    py::class_<mvt::Encoder>(m, "Encoder")
        .def(py::init<mvt::EncoderOptions>(), py::arg("options") = mvt::EncoderOptions{})
        .def("add_feature",
             [](mvt::Encoder& self, const std::string& layer, const mvt::Feature& feature) {
                 auto r = self.add_feature(layer, feature);
                 if (!r) {
                     throw py::value_error(r.error().message);
                 }
             })
        .def("finish", [](mvt::Encoder& self) { return py::bytes(self.finish()); });
}
""",
    P("python/CMakeLists.txt"): """find_package(Python 3.10 REQUIRED COMPONENTS Interpreter Development.Module)
find_package(pybind11 CONFIG REQUIRED)

pybind11_add_module(tessera_py src/module.cpp)
set_target_properties(tessera_py PROPERTIES OUTPUT_NAME tessera)
target_link_libraries(tessera_py PRIVATE tessera::tessera)
""",
    P("python/pyproject.toml"): """[build-system]
requires = ["scikit-build-core>=0.10", "pybind11>=2.11"]
build-backend = "scikit_build_core.build"

[project]
name = "tessera-tiles"
version = "0.8.2"
description = "Python bindings for the tessera vector tile encoder"
readme = "README.md"
requires-python = ">=3.10"
license = { text = "Apache-2.0" }

[tool.scikit-build]
cmake.source-dir = ".."
cmake.define = { TESSERA_BUILD_PYTHON = "ON", TESSERA_BUILD_TESTS = "OFF", BUILD_SHARED_LIBS = "OFF" }
wheel.packages = []

[tool.pytest.ini_options]
testpaths = ["tests"]
""",
    P("bench/CMakeLists.txt"): """add_executable(tessera_bench
  bench_encode.cpp
  bench_simplify.cpp
)
target_link_libraries(tessera_bench PRIVATE tessera::tessera benchmark::benchmark_main)
tessera_set_warnings(tessera_bench)
""",
    P("bench/bench_simplify.cpp"): """#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

#include "tessera/geom/simplify.hpp"

namespace {

using tessera::geom::Point;

// A noisy coastline-like polyline: a sine wave with jitter, n points across the tile.
std::vector<Point> coastline(int n) {
    std::vector<Point> pts;
    pts.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const double t = static_cast<double>(i) / n;
        const double y = 2048 + 900 * std::sin(t * 12.0) + 40 * std::sin(t * 517.0);
        pts.push_back(Point{static_cast<std::int32_t>(t * 4096), static_cast<std::int32_t>(y)});
    }
    return pts;
}

void BM_SimplifyDP(benchmark::State& state) {
    const auto line = coastline(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        benchmark::DoNotOptimize(tessera::geom::simplify_dp(line, 4.0));
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SimplifyDP)->Arg(1000)->Arg(10000)->Arg(100000);

}  // namespace
""",
    P("CHANGELOG.md"): """# Changelog

All notable changes to this project are documented here. The format follows
[Keep a Changelog](https://keepachangelog.com/en/1.1.0/) and the project uses
[Semantic Versioning](https://semver.org/) (while on 0.x a minor release may change the API).

## [0.8.2] - 2026-08-24

### Fixed
- `Encoder::finish()` wrote the layer `extent` after the features; some older readers require it
  first. (#39)

## [0.8.1] - 2026-08-10

### Fixed
- GeoJSON reader rejected `MultiPolygon` features with an empty hole list. (#36)

## [0.8.0] - 2026-07-27

### Added
- `tessera info <file.mvt>` prints layers, extent and feature counts.
- Python: `Encoder` and `EncoderOptions` bindings.

### Changed
- `Encoder::add_feature` returns `tessera::Result<void>` instead of `bool`.
""",
    P(".github/workflows/ci.yml"): """name: ci

on:
  push:
    branches: [main, "release/**"]
  pull_request:

jobs:
  build:
    strategy:
      fail-fast: false
      matrix:
        preset: [dev, asan, tidy]
    runs-on: ubuntu-24.04
    env:
      VCPKG_ROOT: ${{ github.workspace }}/vcpkg
    steps:
      - uses: actions/checkout@v4
      - name: Install toolchain
        run: sudo apt-get update && sudo apt-get install -y g++-14 ninja-build ccache clang-tidy-18 pybind11-dev
      - name: Bootstrap vcpkg
        run: |
          git clone https://github.com/microsoft/vcpkg.git "$VCPKG_ROOT"
          "$VCPKG_ROOT/bootstrap-vcpkg.sh" -disableMetrics
      - name: Configure
        run: cmake --preset ${{ matrix.preset }}
      - name: Build
        run: cmake --build --preset ${{ matrix.preset }}
      - name: Test
        if: matrix.preset != 'tidy'
        run: ctest --preset ${{ matrix.preset }}
""",
    P("include/tessera/index/tile_id.hpp"): """#pragma once

#include <compare>
#include <cstdint>
#include <string>

#include "tessera/export.hpp"

namespace tessera::index {

/// A Web Mercator tile address (z/x/y, XYZ scheme: y grows southwards).
struct TileId {
    std::uint8_t z = 0;
    std::uint32_t x = 0;
    std::uint32_t y = 0;

    friend constexpr auto operator<=>(const TileId&, const TileId&) = default;
};

TESSERA_EXPORT std::string to_quadkey(const TileId& tile);
TESSERA_EXPORT TileId from_quadkey(const std::string& quadkey);
TESSERA_EXPORT TileId tile_for_lon_lat(double lon, double lat, std::uint8_t zoom);

}  // namespace tessera::index
""",
}


# ---------------------------------------------------------------- build-system output helpers
GXX = "/usr/bin/g++-14"
CCACHE = "/usr/bin/ccache"
WARN = ("-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor "
        "-Wold-style-cast -Werror")
SAN = "-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
GTEST_MAIN = f"{VCPKG}/buildtrees/gtest/src/v1.17.0-6d2f0e9a1c.clean/googletest/src/gtest_main.cc"

STATE = {"version": "0.8.2", "wt_version": "0.9.0"}


def lib_so(ver=None):
    return f"src/libtessera.so.{ver or STATE['version']}"


def ninja(steps):
    n = len(steps)
    return "\n".join(f"[{i}/{n}] {s}" for i, s in enumerate(steps, 1))


def obj(target, src):
    folder = {"tessera": "src", "tessera_tests": "tests", "tessera-cli": "tools", "tessera_cli_lib": "tools",
              "tessera_py": "python", "tessera_bench": "bench"}[target]
    return f"{folder}/CMakeFiles/{target}.dir/{src}.o"


def cxx(target, src):
    return f"Building CXX object {obj(target, src)}"


def link_lib(ver=None):
    return [f"Linking CXX shared library {lib_so(ver)}", "Creating library symlink src/libtessera.so.0 src/libtessera.so"]


LINK_TESTS = "Linking CXX executable tests/tessera_tests"
LINK_CLI = "Linking CXX executable tools/tessera"
LINK_PY = "Linking CXX shared module python/tessera.cpython-312-x86_64-linux-gnu.so"
LINK_BENCH = "Linking CXX executable bench/tessera_bench"


def compile_cmd(root, preset, target, src, san=False, build_type="Debug"):
    folder = {"tessera": "src", "tessera_tests": "tests", "tessera-cli": "tools", "tessera_bench": "bench"}[target]
    o = obj(target, src)
    defs = "-Dtessera_EXPORTS " if target == "tessera" else ""
    incs = (f"-I{root}/include -I{root}/build/{preset}/include -I{root}/src "
            f"-isystem {root}/build/{preset}/vcpkg_installed/x64-linux/include")
    opt = "-g" if build_type == "Debug" else "-O2 -g -DNDEBUG"
    fpic = " -fPIC" if target == "tessera" else ""
    return (f"{CCACHE} {GXX} {defs}{incs} {opt} -std=c++20{fpic} -fvisibility=hidden -fvisibility-inlines-hidden "
            f"{WARN}{' ' + SAN if san else ''} -MD -MT {o} -MF {o}.d -o {o} -c {root}/{folder}/{src}")


# vcpkg -------------------------------------------------------------------------------
PKGS_OLD = [("cli11", "2.5.0"), ("fmt", "12.0.0"), ("gtest", "1.17.0"), ("simdjson", "4.0.7"),
            ("tl-expected", "1.1.0"), ("zlib", "1.3.1")]
PKGS_NEW = [("cli11", "2.6.0"), ("fmt", "12.1.0"), ("gtest", "1.17.0"), ("simdjson", "4.1.0"),
            ("tl-expected", "1.1.0"), ("zlib", "1.3.1")]
HOST = [("vcpkg-cmake", "2024-04-23"), ("vcpkg-cmake-config", "2024-05-23")]

USAGE = {
    "benchmark": """benchmark provides CMake targets:

  # this is heuristically generated, and may not be correct
  find_package(benchmark CONFIG REQUIRED)
  target_link_libraries(main PRIVATE benchmark::benchmark benchmark::benchmark_main)
""",
    "cli11": """cli11 provides CMake targets:

  # this is heuristically generated, and may not be correct
  find_package(CLI11 CONFIG REQUIRED)
  target_link_libraries(main PRIVATE CLI11::CLI11)
""",
    "fmt": """The package fmt provides CMake targets:

    find_package(fmt CONFIG REQUIRED)
    target_link_libraries(main PRIVATE fmt::fmt)

    # Or use the header-only version
    find_package(fmt CONFIG REQUIRED)
    target_link_libraries(main PRIVATE fmt::fmt-header-only)
""",
    "gtest": """The package gtest is compatible with built-in CMake targets:

    enable_testing()

    find_package(GTest CONFIG REQUIRED)
    target_link_libraries(main PRIVATE GTest::gtest GTest::gtest_main GTest::gmock GTest::gmock_main)

    add_test(AllTestsInMain main)
""",
    "simdjson": """simdjson provides CMake targets:

  # this is heuristically generated, and may not be correct
  find_package(simdjson CONFIG REQUIRED)
  target_link_libraries(main PRIVATE simdjson::simdjson)
""",
    "tl-expected": """tl-expected provides CMake targets:

  # this is heuristically generated, and may not be correct
  find_package(tl-expected CONFIG REQUIRED)
  target_link_libraries(main PRIVATE tl::expected)
""",
    "zlib": """The package zlib is compatible with built-in CMake targets:

    find_package(ZLIB REQUIRED)
    target_link_libraries(main PRIVATE ZLIB::ZLIB)
""",
}


def usage(pkgs):
    return "\n".join(USAGE[name] for name, _ in sorted(pkgs))


def vcpkg_restore(pkgs, ms):
    allp = sorted(pkgs + HOST)
    lines = ["Detecting compiler hash for triplet x64-linux...", "Compiler found: /usr/bin/c++",
             "The following packages will be built and installed:"]
    for name, ver in sorted(pkgs):
        lines.append(f"    {name}:x64-linux@{ver}")
    for name, ver in HOST:
        lines.append(f"  * {name}:x64-linux@{ver}")
    lines.append("Additional packages (*) will be modified to complete this operation.")
    lines.append(f"Restored {len(allp)} package(s) from /home/{U}/.cache/vcpkg/archives in {ms} ms. "
                 "Use --debug to see more details.")
    order = HOST + sorted(pkgs)
    for i, (name, ver) in enumerate(order, 1):
        lines.append(f"Installing {i}/{len(order)} {name}:x64-linux@{ver}...")
        lines.append(f"Elapsed time to handle {name}:x64-linux: {HX.randint(1, 9)}.{HX.randint(10, 99)} ms")
        lines.append(f"{name}:x64-linux package ABI: {hx(64)}")
    lines.append(f"Total install time: {HX.randint(20, 80)}.{HX.randint(1, 9)} ms")
    return "\n".join(lines) + "\n" + usage(pkgs)


def vcpkg_noop(pkgs):
    return ("Detecting compiler hash for triplet x64-linux...\nCompiler found: /usr/bin/c++\n"
            "All requested packages are currently installed.\n"
            f"Total install time: {HX.randint(400, 990)} ns\n" + usage(pkgs))


def preset_vars(preset):
    base = {"CMAKE_CXX_COMPILER": '"g++-14"', "CMAKE_CXX_COMPILER_LAUNCHER": '"ccache"',
            "CMAKE_EXPORT_COMPILE_COMMANDS": '"ON"',
            "CMAKE_TOOLCHAIN_FILE:FILEPATH": f'"{VCPKG}/scripts/buildsystems/vcpkg.cmake"',
            "VCPKG_MANIFEST_FEATURES": '"tests"'}
    if preset in ("dev", "asan"):
        base.update({"CMAKE_BUILD_TYPE": '"Debug"', "BUILD_SHARED_LIBS": '"ON"', "TESSERA_BUILD_PYTHON": '"ON"'})
    if preset == "asan":
        base.update({"TESSERA_SANITIZE": '"ON"', "TESSERA_BUILD_PYTHON": '"OFF"'})
    if preset == "release":
        base.update({"CMAKE_BUILD_TYPE": '"RelWithDebInfo"', "BUILD_SHARED_LIBS": '"ON"',
                     "TESSERA_BUILD_BENCH": '"ON"', "VCPKG_MANIFEST_FEATURES": '"tests;bench"'})
    return "Preset CMake variables:\n\n" + "\n".join(f"  {k}={v}" for k, v in sorted(base.items())) + "\n"


def configure_tail(root, preset, ver, secs, python=False):
    bt = {"dev": "Debug", "asan": "Debug", "release": "RelWithDebInfo"}[preset]
    san = "ON" if preset == "asan" else "OFF"
    out = []
    if python:
        out += ['-- Found Python: /usr/bin/python3 (found suitable version "3.12.3", minimum required is "3.10") '
                'found components: Interpreter Development.Module',
                '-- Performing Test HAS_FLTO',
                '-- Performing Test HAS_FLTO - Success',
                '-- Found pybind11: /usr/include (found version "2.11.1")']
    out += [f"-- tessera {ver}: {bt}, shared=ON, sanitizers={san}",
            f"-- Configuring done ({secs}s)", "-- Generating done (0.1s)",
            f"-- Build files have been written to: {root}/build/{preset}"]
    return "\n".join(out)


def configure_fresh(root, preset, pkgs, ver, secs, ms):
    """`cmake --preset X` into an empty binary dir: vcpkg restores from the binary cache, then the project."""
    python = preset == "dev"
    head = [preset_vars(preset), "-- Running vcpkg install", vcpkg_restore(pkgs, ms).rstrip("\n"),
            "-- Running vcpkg install - done",
            "-- The CXX compiler identification is GNU 14.2.0",
            "-- Detecting CXX compiler ABI info",
            "-- Detecting CXX compiler ABI info - done",
            f"-- Check for working CXX compiler: {GXX} - skipped",
            "-- Detecting CXX compile features",
            "-- Detecting CXX compile features - done",
            "-- Performing Test CMAKE_HAVE_LIBC_PTHREAD",
            "-- Performing Test CMAKE_HAVE_LIBC_PTHREAD - Success",
            "-- Found Threads: TRUE",
            f"-- Found ZLIB: optimized;{root}/build/{preset}/vcpkg_installed/x64-linux/lib/libz.a;debug;"
            f'{root}/build/{preset}/vcpkg_installed/x64-linux/debug/lib/libz.a (found version "1.3.1")']
    return "\n".join(head) + "\n" + configure_tail(root, preset, ver, secs, python)


def rerun_cmake(root, preset, pkgs, ver, secs):
    """What ninja prints when cmake --build re-runs the configure step (CMakeLists.txt / vcpkg.json changed)."""
    return ("[0/1] Re-running CMake...\n-- Running vcpkg install\n" + vcpkg_noop(pkgs).rstrip("\n") +
            "\n-- Running vcpkg install - done\n" + configure_tail(root, preset, ver, secs, python=preset == "dev"))


# tests -------------------------------------------------------------------------------
TESTS = [
    ["cache/tile_cache_test.cpp", "TileCacheTest", ["GetAfterPutHits", "MissReturnsNullopt", "EvictsLeastRecentlyUsed",
                                                     "ConcurrentReadersSeeSameTile", "ClearEmptiesCache"]],
    ["cli/args_test.cpp", "CliArgsTest", ["ParsesZoomRange", "RejectsZoomAbove24", "DefaultsExtentTo4096"]],
    ["geom/clip_test.cpp", "ClipTest", ["RectangleInsideIsUnchanged", "RectangleOutsideIsDropped",
                                        "SquareCrossingLeftEdge", "DegenerateRingThrows"]],
    ["geom/clip_test.cpp", "ClipLineTest", ["InsideIsOnePart", "LeavingAndReenteringGivesTwoParts", "OutsideIsEmpty"]],
    ["geom/point_test.cpp", "PointTest", ["DefaultIsOrigin", "EqualityComparesBothAxes"]],
    ["geom/simplify_test.cpp", "SimplifyTest", ["ToleranceZeroIsIdentity", "KeepsEndpoints", "StraightLineCollapses",
                                                "ZigZagKeepsPeaks", "RingStaysClosed", "RingTooSmallIsEmpty"]],
    ["index/tile_id_test.cpp", "TileIdTest", ["QuadkeyRoundTrip", "Zoom0QuadkeyIsEmpty", "TileForLonLatNullIsland",
                                              "TileForLonLatOslo", "ChildrenCoverParent"]],
    ["io/geojson_reader_test.cpp", "GeoJsonReaderTest", ["ReadsFeatureCollection", "ReadsPolygon", "ReadsMultiPolygon",
                                                         "EmptyHoleListIsAccepted", "RejectsUnknownType",
                                                         "ProjectsToTileCoordinates", "PropertiesKeepTypes",
                                                         "MissingGeometryIsSkipped"]],
    ["mvt/encoder_test.cpp", "EncoderTest", ["EmptyTileHasNoLayers", "OneLayerOneFeature", "LayerOrderIsInsertionOrder",
                                             "KeysAreDeduplicated", "ValuesAreDeduplicated", "FeatureIdIsOptional",
                                             "ClipsToBuffer", "DropsFeatureOutsideTile", "SimplifiesWhenToleranceSet",
                                             "ExtentIsWrittenBeforeFeatures", "VersionIs2"]],
    ["mvt/geometry_encoder_test.cpp", "GeometryEncoderTest", ["MoveToLineToClosePath", "DeltasContinueAcrossRings",
                                                              "SkipsRingsWithFewerThan4Points",
                                                              "CommandCountInHighBits"]],
    ["mvt/pbf_reader_test.cpp", "PbfReaderTest", ["ReadsVarint", "TruncatedVarintIsError"]],
    ["mvt/pbf_writer_test.cpp", "PbfWriterTest", ["Varint1Byte", "Varint10Bytes", "PackedUint32", "Bytes",
                                                  "NestedMessage", "Fixed32", "Fixed64"]],
    ["mvt/zigzag_test.cpp", "ZigZagTest", ["EncodesZero", "EncodesPositive", "EncodesNegative", "RoundTripsInt32Limits"]],
]


def add_suite(after_file, file, suite, names):
    idx = max(i for i, t in enumerate(TESTS) if t[0] == after_file)
    TESTS.insert(idx + 1, [file, suite, list(names)])


def all_tests(tests=None):
    out = []
    for _, suite, names in (tests or TESTS):
        out += [f"{suite}.{n}" for n in names]
    return out


def numbered(pattern=None, tests=None):
    """(number, name) pairs as ctest numbers them; pattern: list of name prefixes (like -R)."""
    alln = all_tests(tests)
    sel = [(i, n) for i, n in enumerate(alln, 1)]
    if pattern:
        sel = [(i, n) for i, n in sel if any(re.search(p, n) for p in pattern)]
    return sel


def ctest(root, preset, sel, slow=1.0, fails=None, extra_time=0.0):
    """ctest output (jobs 8, outputOnFailure). fails: {name: ("Failed"|"Timeout", secs, output)}."""
    fails = fails or {}
    n = len(sel)
    w = len(str(n))
    nw = len(str(max(i for i, _ in sel))) + 1
    width = max(len(name) for _, name in sel) + 3
    out = [f"Test project {root}/build/{preset}"]
    jobs = min(8, n)
    for i, name in sel[:jobs]:
        out.append(f"      Start {i:>{nw - 1}}: {name}")
    total = extra_time
    # results print in completion order: a test that times out finishes last
    order = [x for x in sel if fails.get(x[1], ("",))[0] != "Timeout"] + \
            [x for x in sel if fails.get(x[1], ("",))[0] == "Timeout"]
    for k, (i, name) in enumerate(order, 1):
        head = f"{k:>{w}}/{n} Test {'#' + str(i):>{nw}}: {name} {'.' * (width - len(name))}"
        if name in fails:
            kind, secs, text = fails[name]
            if kind == "Timeout":
                out.append(f"{head}***Timeout {secs:>6.2f} sec")
            else:
                out.append(f"{head}***Failed {secs:>7.2f} sec")
            out.append(text)
            total += secs / 4
        else:
            t = HX.randint(1, 9) / 100 * slow + (HX.random() < 0.1) * HX.randint(10, 40) / 100 * slow
            total += t / 4
            out.append(f"{head}   Passed {t:>7.2f} sec")
        if k + jobs - 1 < n:
            j, nxt = sel[k + jobs - 1]
            out.append(f"      Start {j:>{nw - 1}}: {nxt}")
    nf = len(fails)
    pct = int(100 * (n - nf) / n + 0.5)
    if nf and pct > 99:
        pct = 99
    out += ["", f"{pct}% tests passed, {nf} tests failed out of {n}", "",
            f"Total Test time (real) = {total + 0.3:>7.2f} sec"]
    if fails:
        out += ["", "The following tests FAILED:"]
        for i, name in sel:
            if name in fails:
                out.append(f"\t{i:>3} - {name} ({fails[name][0]})")
        out.append("Errors while running CTest")
    return "\n".join(out)


def gtest_head(name):
    suite = name.split(".")[0]
    return "\n".join([f"Running main() from {GTEST_MAIN}", f"Note: Google Test filter = {name}",
                      "[==========] Running 1 test from 1 test suite.",
                      "[----------] Global test environment set-up.",
                      f"[----------] 1 test from {suite}", f"[ RUN      ] {name}"])


# git / gh ----------------------------------------------------------------------------
def sha():
    return hx(7)


def push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      https://github.com/{GH}/pull/new/{branch}        
remote: 
To github.com:{GH}.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def push_tag(branch, tag):
    return f"""To github.com:{GH}.git
   {hx(7)}..{hx(7)}  {branch} -> {branch}
 * [new tag]         {tag} -> {tag}"""


def run_watch(tag, run_id, jobs):
    lines = [f"✓ {tag} release · {run_id}", "Triggered via push about 7 minutes ago", "", "JOBS"]
    for name, dur in jobs:
        lines.append(f"✓ {name} in {dur} (ID {HX.randint(50000000000, 59999999999)})")
    return "\n".join(lines)


def bench_table(rows, counters=False):
    """Google Benchmark console table. rows: (name, time, cpu, iterations, counter-text or '')."""
    nw = max(len(r[0]) for r in rows)
    head = f"{'Benchmark':<{nw}} {'Time':>13} {'CPU':>15} {'Iterations':>12}" + (" UserCounters..." if counters else "")
    out = ["-" * len(head), head, "-" * len(head)]
    for name, tm, cpu, it, extra in rows:
        if isinstance(tm, float):
            cols = f"{tm:>11.2f} % {cpu:>13.2f} % "
        else:
            cols = f"{tm:>10} ns {cpu:>12} ns "
        out.append(f"{name:<{nw}} {cols}{it:>12}" + (f" {extra}" if extra else ""))
    return "\n".join(out)


def bench_header(binary, date):
    return f"""{date}
Running {binary}
Run on (16 X 4875.41 MHz CPU s)
CPU Caches:
  L1 Data 32 KiB (x8)
  L1 Instruction 32 KiB (x8)
  L2 Unified 1024 KiB (x8)
  L3 Unified 32768 KiB (x1)
Load Average: {HX.randint(40, 140) / 100:.2f}, {HX.randint(40, 140) / 100:.2f}, {HX.randint(40, 140) / 100:.2f}"""


def line_of(d, path, needle, nth=1):
    txt = d.files[path]
    pos = -1
    for _ in range(nth):
        pos = txt.index(needle, pos + 1)
    return txt[:pos].count("\n") + 1


def col_of(d, path, needle, sub):
    """1-based column of `sub` inside the line containing `needle`."""
    txt = d.files[path]
    start = txt.rfind("\n", 0, txt.index(needle)) + 1
    end = txt.find("\n", start)
    return txt[start:end].index(sub) + 1


def src_line(d, path, needle):
    txt = d.files[path]
    start = txt.rfind("\n", 0, txt.index(needle)) + 1
    end = txt.find("\n", start)
    return txt[start:end]


def tidy_no_db(rel, errors):
    """clang-tidy without a compilation database; errors: list of (abs path, line, col, header, source line)."""
    out = ["Error while trying to load a compilation database:",
           f'Could not auto-detect compilation database for file "{rel}"',
           f"No compilation database found in {R}/{os.path.dirname(rel)} or any parent directory",
           "fixed-compilation-database: Error while opening fixed database: No such file or directory",
           "json-compilation-database: Error while opening JSON database: No such file or directory",
           "Running without flags."]
    for path, line, col, header, text in errors:
        out += ["1 error generated.", f"Error while processing {path}.",
                f"{path}:{line}:{col}: error: '{header}' file not found [clang-diagnostic-error]",
                f"{line:>5} | {text}",
                "      | " + " " * (col - 1) + "^" + "~" * (len(header) + 1)]
    out.append("Found compiler error(s).")
    return "\n".join(out)


def tidy_tail(n):
    return (f"Suppressed {n} warnings ({n} in non-user code).\n"
            "Use -header-filter=.* to display errors from all non-system headers. Use -system-headers to display "
            "errors from system headers as well.")


def gen():
    d = Dev("cpp-cmake", U, "en", MODEL, seed=20260907, files=FILES)

    LIB = ["cache/tile_cache.cpp", "geom/clip.cpp", "geom/simplify.cpp", "index/tile_id.cpp", "io/geojson_reader.cpp",
           "mvt/encoder.cpp", "mvt/geometry_encoder.cpp", "mvt/reader.cpp"]
    TSRC = ["cache/tile_cache_test.cpp", "cli/args_test.cpp", "geom/clip_test.cpp", "geom/point_test.cpp",
            "geom/simplify_test.cpp", "index/tile_id_test.cpp", "io/geojson_reader_test.cpp", "mvt/encoder_test.cpp",
            "mvt/geometry_encoder_test.cpp", "mvt/pbf_reader_test.cpp", "mvt/pbf_writer_test.cpp", "mvt/zigzag_test.cpp"]
    CLI = ["main.cpp", "cmd_encode.cpp", "cmd_info.cpp"]
    BENCH = ["bench_encode.cpp", "bench_simplify.cpp"]

    def full_build(python=True, bench=False, tests=True, lib_ver=None, exclude=()):
        steps = [cxx("tessera", s) for s in LIB if s not in exclude]
        steps.append(cxx("tessera_cli_lib", "args.cpp"))
        steps += [cxx("tessera-cli", s) for s in CLI if s not in exclude]
        if tests:
            steps += [cxx("tessera_tests", s) for s in TSRC if s not in exclude]
        if python:
            steps.append(cxx("tessera_py", "src/module.cpp"))
        if bench:
            steps += [cxx("tessera_bench", s) for s in BENCH]
        steps.append("Linking CXX static library tools/libtessera_cli_lib.a")
        steps += link_lib(lib_ver)
        steps.append(LINK_CLI)
        if python:
            steps.append(LINK_PY)
        if bench:
            steps.append(LINK_BENCH)
        if tests:
            steps.append(LINK_TESTS)
        return ninja(steps)

    def test_link_cmd(root, preset, ver=None):
        objs = " ".join(obj("tessera_tests", s) for s in TSRC)
        lib = "debug/lib"
        return (f": && {GXX} -g  {objs} -o tests/tessera_tests  -Wl,-rpath,{root}/build/{preset}/src  "
                f"src/libtessera.so.{ver or STATE['version']}  tools/libtessera_cli_lib.a  "
                f"vcpkg_installed/x64-linux/{lib}/libgtest_maind.a  vcpkg_installed/x64-linux/{lib}/libgmockd.a  "
                f"vcpkg_installed/x64-linux/{lib}/libgtestd.a  vcpkg_installed/x64-linux/{lib}/libfmtd.a && :")

    # ============================================================ S1  Mon 09-07
    with d.session("2026-09-07T09:20:00", R, branch="main", version="2.1.104"):
        t = d.task("first week on tessera, I'm taking it over from Mira. give me the lay of the land: how the build is "
                   "set up, what all the presets are for, and how a feature gets from GeoJSON to an encoded tile",
                   tags=["noise"])
        t.glob("**/CMakeLists.txt", [P(x) for x in ["CMakeLists.txt", "bench/CMakeLists.txt", "python/CMakeLists.txt",
                                                    "src/CMakeLists.txt", "tests/CMakeLists.txt", "tools/CMakeLists.txt"]])
        t.read(P("CMakeLists.txt"))
        t.read(P("CMakePresets.json"))
        t.read(P("src/CMakeLists.txt"))
        t.read(P("include/tessera/mvt/encoder.hpp"))
        t.read(P("src/mvt/encoder.cpp"))
        t.done("""**Build**
- CMake ≥ 3.25, C++20, Ninja; dependencies come from **vcpkg in manifest mode** (`vcpkg.json`: cli11, fmt, simdjson, tl-expected, zlib; feature `tests` → gtest, `bench` → benchmark). The vcpkg toolchain is set in the presets, so configuring runs `vcpkg install` into `build/<preset>/vcpkg_installed`.
- `libtessera` is built as a **shared library with hidden visibility**: only declarations marked `TESSERA_EXPORT` (generated `build/<preset>/include/tessera/export.hpp`) are visible to the CLI, tests and Python module.
- Subdirs: `src/` (library), `tools/` (`tessera` CLI + `tessera_cli_lib`), `tests/` (one `tessera_tests` gtest binary, `gtest_discover_tests`), `bench/` (Google Benchmark, only with `TESSERA_BUILD_BENCH`), `python/` (pybind11 module `tessera`).

**Presets** (`CMakePresets.json`, each with its own binary dir `build/<preset>`, g++-14 + ccache):
| preset | what |
|---|---|
| `dev` | Debug, shared, tests + Python module — the everyday one |
| `asan` | dev + ASan/UBSan, no Python |
| `release` | RelWithDebInfo + benchmarks |
| `tidy` | dev with `CMAKE_CXX_CLANG_TIDY` on every TU (CI's tidy job) |
| `coverage` | dev with `--coverage` |
Build/test presets exist for each; the test presets run 8 jobs, print output on failure and treat "no tests matched" as an error.

**GeoJSON → tile**
1. `io/geojson_reader.cpp` (simdjson) reads features and projects them to tile coordinates (`geom::Point` = int32 x/y).
2. `mvt::Encoder::add_feature(layer, feature)` clips the polygon to the tile plus buffer (`geom::clip_polygon`), optionally simplifies each ring with Douglas-Peucker, then encodes the tags (key/value dedup per layer) and the geometry command stream (`mvt/geometry_encoder.cpp`, zigzag deltas) into a Feature message via the header-only `PbfWriter`.
3. `Encoder::finish()` writes the layers (version 2, name, features, keys, values, extent) into the tile and resets the encoder.

Errors are reported with `tessera::Result<T>` (`tl::expected<T, Error>`), although `clip_polygon` still throws on degenerate rings.""")

        t = d.task("clip_polygon throws std::invalid_argument on a ring with fewer than 4 points, and "
                   "Encoder::add_feature just lets that exception fly through to whoever called it (python turns it "
                   "into a RuntimeError with no context). library code shouldn't do that. make clip_polygon hand back a "
                   "tessera::Result<Polygon> with ErrorCode::degenerate_ring, update the callers and the tests",
                   tags=["pref:P1"])
        t.read(P("include/tessera/geom/clip.hpp"))
        t.read(P("src/geom/clip.cpp"))
        t.grep("clip_polygon", [P("include/tessera/geom/clip.hpp"), P("src/geom/clip.cpp"), P("src/mvt/encoder.cpp"),
                                P("python/src/module.cpp"), P("tests/geom/clip_test.cpp")], path=R)
        t.edit(P("include/tessera/geom/clip.hpp"), """#include "tessera/export.hpp"
#include "tessera/geom/point.hpp"
""", """#include "tessera/export.hpp"
#include "tessera/geom/point.hpp"
#include "tessera/result.hpp"
""")
        t.edit(P("include/tessera/geom/clip.hpp"), """/// outside the box are dropped; if the outer ring disappears the result has no rings.
/// Throws std::invalid_argument for a ring with fewer than 4 points.
TESSERA_EXPORT Polygon clip_polygon(const Polygon& polygon, const Box& box);""",
               """/// outside the box are dropped; if the outer ring disappears the result has no rings.
/// Fails with ErrorCode::degenerate_ring if any ring has fewer than 4 points.
TESSERA_EXPORT Result<Polygon> clip_polygon(const Polygon& polygon, const Box& box);""")
        t.edit(P("src/geom/clip.cpp"), """#include <cmath>
#include <stdexcept>
""", """#include <cmath>

#include <fmt/format.h>
""")
        t.edit(P("src/geom/clip.cpp"), """Polygon clip_polygon(const Polygon& polygon, const Box& box) {
    Polygon out;
    for (std::size_t i = 0; i < polygon.rings.size(); ++i) {
        if (polygon.rings[i].size() < 4) {
            throw std::invalid_argument("clip_polygon: ring with fewer than 4 points");
        }
        Ring clipped = clip_ring(polygon.rings[i], box);
        if (clipped.size() < 4) {
            if (i == 0) {
                return {};
            }
            continue;
        }
        out.rings.push_back(std::move(clipped));
    }
    return out;
}""", """Result<Polygon> clip_polygon(const Polygon& polygon, const Box& box) {
    Polygon out;
    for (std::size_t i = 0; i < polygon.rings.size(); ++i) {
        const Ring ring = polygon.rings[i];
        if (ring.size() < 4) {
            return make_error(ErrorCode::degenerate_ring,
                              fmt::format("ring {} has {} points, a closed ring needs at least 4", i,
                                          ring.size()));
        }
        Ring clipped = clip_ring(ring, box);
        if (clipped.size() < 4) {
            if (i == 0) {
                return Polygon{};
            }
            continue;
        } else {
            out.rings.push_back(std::move(clipped));
        }
    }
    return out;
}""")
        t.edit(P("src/mvt/encoder.cpp"), """    geom::Polygon clipped = geom::clip_polygon(feature.polygon, clip_box_);
    if (clipped.rings.empty()) {""", """    auto clip_result = geom::clip_polygon(feature.polygon, clip_box_);
    if (!clip_result) {
        return tl::unexpected(std::move(clip_result).error());
    }
    geom::Polygon clipped = std::move(*clip_result);
    if (clipped.rings.empty()) {""")
        t.read(P("python/src/module.cpp"))
        t.edit(P("python/src/module.cpp"),
               """    m.def("clip_polygon", &geom::clip_polygon, py::arg("polygon"), py::arg("box"));""",
               """    m.def(
        "clip_polygon",
        [](const geom::Polygon& polygon, const geom::Box& box) {
            auto r = geom::clip_polygon(polygon, box);
            if (!r) {
                throw py::value_error(r.error().message);
            }
            return std::move(*r);
        },
        py::arg("polygon"), py::arg("box"));""")
        t.read(P("tests/geom/clip_test.cpp"))
        t.edit(P("tests/geom/clip_test.cpp"), """    const Polygon in{{square(100, 100, 200)}};
    const Polygon out = clip_polygon(in, kTile);
    EXPECT_EQ(out, in);""", """    const Polygon in{{square(100, 100, 200)}};
    const Polygon out = clip_polygon(in, kTile).value();
    EXPECT_EQ(out, in);""")
        t.edit(P("tests/geom/clip_test.cpp"),
               "    const Polygon out = clip_polygon(Polygon{{square(5000, 5000, 100)}}, kTile);",
               "    const Polygon out = clip_polygon(Polygon{{square(5000, 5000, 100)}}, kTile).value();")
        t.edit(P("tests/geom/clip_test.cpp"),
               "    const Polygon out = clip_polygon(Polygon{{square(-100, 100, 200)}}, kTile);",
               "    const Polygon out = clip_polygon(Polygon{{square(-100, 100, 200)}}, kTile).value();")
        t.edit(P("tests/geom/clip_test.cpp"), """TEST(ClipTest, DegenerateRingThrows) {
    const Polygon in{{Ring{{0, 0}, {10, 0}, {0, 0}}}};
    EXPECT_THROW(clip_polygon(in, kTile), std::invalid_argument);
}""", """TEST(ClipTest, DegenerateRingIsError) {
    const Polygon in{{Ring{{0, 0}, {10, 0}, {0, 0}}}};
    const auto out = clip_polygon(in, kTile);
    ASSERT_FALSE(out.has_value());
    EXPECT_EQ(out.error().code, ErrorCode::degenerate_ring);
}""")
        TESTS[2][2][3] = "DegenerateRingIsError"
        t.bash("cmake --build --preset dev", "Build the dev preset", out=ninja([
            cxx("tessera", "geom/clip.cpp"), cxx("tessera", "mvt/encoder.cpp"), cxx("tessera_py", "src/module.cpp"),
            cxx("tessera_tests", "geom/clip_test.cpp"), *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]), timeout=600000)
        sel = numbered(["Clip", "Encoder"])
        t.bash("ctest --preset dev -R 'Clip|Encoder'", "Run the clip and encoder tests",
               out=ctest(R, "dev", sel))
        t.done(f"""`clip_polygon` now returns `tessera::Result<Polygon>`:

- **`clip.hpp` / `clip.cpp`** — a ring with < 4 points returns `make_error(ErrorCode::degenerate_ring, "ring 1 has 3 points, a closed ring needs at least 4")` instead of throwing; `<stdexcept>` is gone from the file. A fully clipped-away outer ring still gives an empty `Polygon` (success, no rings).
- **`Encoder::add_feature`** forwards the error as its own `Result<void>` instead of letting an exception escape.
- **Python** — the binding unwraps the result and raises `ValueError` with the message, so Python callers get context.
- **Tests** — existing clip tests use `.value()`; `DegenerateRingThrows` became `DegenerateRingIsError` and checks the error code.

Dev build is clean and the {len(sel)} Clip/ClipLine/Encoder/GeometryEncoder tests pass.""")

        t = d.task("quick one, no code: what does DISCOVERY_MODE PRE_TEST actually buy us over the default in "
                   "gtest_discover_tests?", tags=["noise", "no_tools"])
        t.done("""With the default (`POST_BUILD`), CMake adds a post-build step that runs `tessera_tests --gtest_list_tests` right after every link and writes the test list for ctest. That means:
- every build of the test binary also *executes* it once, which fails the build if the binary can't start (missing shared lib, sanitizer runtime problems, a crash in a static initializer), and
- it doesn't work when the binary can't run on the build machine (cross-compiling).

`PRE_TEST` moves the listing to ctest time: the build only links, and ctest runs `--gtest_list_tests` (cached until the binary changes) before running tests. Builds are a bit faster and never fail because of discovery; the cost is that a binary that can't start shows up as a ctest error instead of a build error. For a project that builds with sanitizers and a shared lib, PRE_TEST is the more pleasant choice.""")

    # ============================================================ S2  Wed 09-09
    with d.session("2026-09-09T10:05:00", R, branch="feat/clip-result", version="2.1.105"):
        t = d.task("run clang-tidy on src/geom/clip.cpp, I touched it a lot and CI's tidy job takes forever",
                   tags=["mistake:M3"])
        clip_cpp = P("src/geom/clip.cpp")
        t.fail("clang-tidy src/geom/clip.cpp", "Run clang-tidy on clip.cpp",
               tidy_no_db("src/geom/clip.cpp", [(clip_cpp, 1, 10, "tessera/geom/clip.hpp",
                                                 '#include "tessera/geom/clip.hpp"')]))
        t.say("clang-tidy found no compilation database next to the file, ran without any flags and couldn't even "
              "resolve the project's include path. Checking where the compile commands live.")
        t.read(P(".clangd"))
        t.bash("ls -la build/dev/compile_commands.json", "Check the dev preset exported compile commands",
               out=f"-rw-r--r-- 1 callum callum 61873 Sep  7 10:02 build/dev/compile_commands.json")
        l1 = line_of(d, clip_cpp, "const Ring ring = polygon.rings[i];")
        l2 = line_of(d, clip_cpp, "} else {")
        t.bash("clang-tidy src/geom/clip.cpp -p build/dev", "Run clang-tidy with the dev compile database",
               out=f"""1396 warnings generated.
{clip_cpp}:{l1}:20: warning: the const qualified variable 'ring' is copy-constructed from a const reference; consider making it a const reference [performance-unnecessary-copy-initialization]
{l1:>5} |         const Ring ring = polygon.rings[i];
      |                    ^
      |                   &
{clip_cpp}:{l2}:11: warning: do not use 'else' after 'continue' [readability-else-after-return]
{l2:>5} |         }} else {{
      |           ^~~~
{l2 + 1:>5} |             out.rings.push_back(std::move(clipped));
{l2 + 2:>5} |         }}
      |         ~
{tidy_tail(1394)}""", timeout=300000)
        t.read(clip_cpp, offset=l1 - 4, limit=20)
        t.edit(clip_cpp, "        const Ring ring = polygon.rings[i];", "        const Ring& ring = polygon.rings[i];")
        t.edit(clip_cpp, """            continue;
        } else {
            out.rings.push_back(std::move(clipped));
        }
    }
    return out;""", """            continue;
        }
        out.rings.push_back(std::move(clipped));
    }
    return out;""")
        t.bash("clang-tidy src/geom/clip.cpp -p build/dev", "Re-run clang-tidy after the fixes",
               out="1394 warnings generated.\n" + tidy_tail(1394), timeout=300000)
        t.done("""clang-tidy is clean on `src/geom/clip.cpp` now. It flagged two things in the new `clip_polygon`, both fixed:

1. `performance-unnecessary-copy-initialization` — `const Ring ring = polygon.rings[i];` copied every ring; now a `const Ring&`.
2. `readability-else-after-return` — the `else` after `continue` is gone, the `push_back` follows the `if`.

Note for running it by hand: there's no `compile_commands.json` at the repo root, the presets export it per build dir, so clang-tidy needs `-p build/dev` (same as `.clangd` uses). Without it, it runs with no flags and fails on the first project include.""")

        t = d.task("before I open the PR: build and run the whole test suite under ASan/UBSan (the asan preset). the "
                   "clipping code does a lot of index juggling", tags=["mistake:M1", "long_output"])
        t.fail("cmake --build --preset asan && ctest --preset asan", "Build and test the asan preset",
               f"Error: {R}/build/asan is not a directory")
        t.say("The asan preset has its own binary directory (`build/asan`) and it has never been configured on this "
              "machine; `cmake --build` only builds an existing tree. Configuring it first.")
        t.bash("ls build/ && cmake --preset asan", "Configure the asan preset",
               out="dev\n" + configure_fresh(R, "asan", PKGS_OLD, "0.8.2", "7.4", 468), timeout=600000)
        sel = numbered()
        t.bash("cmake --build --preset asan && ctest --preset asan", "Build and test the asan preset",
               out=full_build(python=False) + "\n" + ctest(R, "asan", sel, slow=3.0), timeout=900000)
        t.done(f"""All {len(sel)} tests pass under AddressSanitizer + UndefinedBehaviorSanitizer (`-fno-sanitize-recover=all`, leak detection on) — no reports from the clipping code or anywhere else.

The first attempt failed because `build/asan` didn't exist yet: each preset has its own build dir, so I ran `cmake --preset asan` once (vcpkg restored the 8 packages from the binary cache) and then the build + `ctest --preset asan`. From now on `cmake --build --preset asan` works directly.""")

        t = d.task("looks good. ship it: format check, tests, push the branch and open a PR against main. title "
                   "'geom: clip_polygon returns Result instead of throwing'", tags=["workflow:W1"])
        t.bash("git status --short", "Show changed files", out=""" M include/tessera/geom/clip.hpp
 M python/src/module.cpp
 M src/geom/clip.cpp
 M src/mvt/encoder.cpp
 M tests/geom/clip_test.cpp""")
        t.bash("git clang-format --diff origin/main", "Check formatting of the changed lines",
               out="clang-format did not modify any files")
        t.bash("cmake --build --preset dev && ctest --preset dev", "Build dev and run the full suite",
               out=ninja([cxx("tessera", "geom/clip.cpp"), *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]) + "\n" +
               ctest(R, "dev", numbered()), timeout=900000)
        s1 = sha()
        t.bash('git add -u && git commit -m "geom: clip_polygon returns Result instead of throwing" '
               '-m "A ring with fewer than 4 points is ErrorCode::degenerate_ring now; Encoder::add_feature forwards it '
               'and the Python binding raises ValueError."', "Commit the change",
               out=f"[feat/clip-result {s1}] geom: clip_polygon returns Result instead of throwing\n"
                   " 5 files changed, 47 insertions(+), 19 deletions(-)")
        t.bash("git push -u origin feat/clip-result", "Push the branch", err=push_new("feat/clip-result"))
        t.bash("gh pr create --base main --title 'geom: clip_polygon returns Result instead of throwing' --body "
               "'clip_polygon no longer throws std::invalid_argument for rings with fewer than 4 points; it returns "
               "tessera::Result<Polygon> with ErrorCode::degenerate_ring.\n\n- Encoder::add_feature forwards the error "
               "(no exception escapes the library)\n- Python: clip_polygon raises ValueError with the message\n- tests "
               "updated; clang-tidy clean; full suite green on dev and asan'", "Open the PR",
               out=f"https://github.com/{GH}/pull/47",
               err=f"\nCreating pull request for feat/clip-result into main in {GH}\n")
        t.done(f"""Shipped:
- `git clang-format --diff origin/main`: nothing to change
- dev build + full `ctest --preset dev`: all green (asan run from before also green)
- committed `{s1}`, pushed `feat/clip-result`
- PR: https://github.com/{GH}/pull/47""")

    # ============================================================ S3  Fri 09-11
    with d.session("2026-09-11T09:40:00", R, branch="feat/simplify-vw", version="2.1.106"):
        t = d.task("new algorithm: Visvalingam-Whyatt simplification as tessera::geom::simplify_vw(line, min_area), "
                   "next to the Douglas-Peucker one. its own header and source please, and put #pragma once at the top "
                   "of the new header — I don't want any more of the old #ifndef include guards like point.hpp has. "
                   "gtest cases in a new test file", tags=["mistake:M2", "pref:P3"])
        t.read(P("include/tessera/geom/simplify.hpp"))
        vw_h = P("include/tessera/geom/simplify_vw.hpp")
        t.write(vw_h, """#pragma once

#include <span>
#include <vector>

#include "tessera/geom/point.hpp"

namespace tessera::geom {

/// Visvalingam-Whyatt simplification of an open polyline: repeatedly removes the point whose
/// triangle with its two neighbours has the smallest area, until every remaining triangle is at
/// least `min_area` (tile units squared). Endpoints are always kept; min_area <= 0 is a no-op.
std::vector<Point> simplify_vw(std::span<const Point> line, double min_area);

}  // namespace tessera::geom
""")
        t.write(P("src/geom/simplify_vw.cpp"), """#include "tessera/geom/simplify_vw.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <queue>
#include <vector>

namespace tessera::geom {
namespace {

double triangle_area(const Point& a, const Point& b, const Point& c) {
    const double cross = (static_cast<double>(b.x) - a.x) * (static_cast<double>(c.y) - a.y) -
                         (static_cast<double>(c.x) - a.x) * (static_cast<double>(b.y) - a.y);
    return std::abs(cross) / 2.0;
}

struct Candidate {
    double area;
    std::size_t index;
    bool operator>(const Candidate& other) const { return area > other.area; }
};

}  // namespace

std::vector<Point> simplify_vw(std::span<const Point> line, double min_area) {
    const std::size_t n = line.size();
    if (min_area <= 0.0 || n < 3) {
        return {line.begin(), line.end()};
    }
    std::vector<std::size_t> prev(n);
    std::vector<std::size_t> next(n);
    std::vector<double> area(n, 0.0);
    std::vector<bool> removed(n, false);
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
    for (std::size_t i = 0; i < n; ++i) {
        prev[i] = i == 0 ? 0 : i - 1;
        next[i] = i + 1 == n ? n - 1 : i + 1;
    }
    for (std::size_t i = 1; i + 1 < n; ++i) {
        area[i] = triangle_area(line[i - 1], line[i], line[i + 1]);
        heap.push({area[i], i});
    }
    while (!heap.empty()) {
        const Candidate c = heap.top();
        heap.pop();
        if (removed[c.index] || c.area != area[c.index]) {
            continue;  // stale heap entry
        }
        if (c.area >= min_area) {
            break;
        }
        removed[c.index] = true;
        const std::size_t p = prev[c.index];
        const std::size_t q = next[c.index];
        next[p] = q;
        prev[q] = p;
        for (const std::size_t j : {p, q}) {
            if (j != 0 && j != n - 1) {
                // a neighbour never gets a smaller area than the point just removed
                area[j] = std::max(c.area, triangle_area(line[prev[j]], line[j], line[next[j]]));
                heap.push({area[j], j});
            }
        }
    }
    std::vector<Point> out;
    for (std::size_t i = 0; i < n; ++i) {
        if (!removed[i]) {
            out.push_back(line[i]);
        }
    }
    return out;
}

}  // namespace tessera::geom
""")
        t.read(P("src/CMakeLists.txt"))
        t.edit(P("src/CMakeLists.txt"), "    geom/simplify.cpp\n", "    geom/simplify.cpp\n    geom/simplify_vw.cpp\n")
        vw_t = P("tests/geom/simplify_vw_test.cpp")
        t.write(vw_t, """#include "tessera/geom/simplify_vw.hpp"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

namespace tessera::geom {
namespace {

TEST(SimplifyVWTest, ToleranceZeroIsIdentity) {
    const std::vector<Point> line{{0, 0}, {10, 3}, {20, 0}, {30, 5}};
    EXPECT_EQ(simplify_vw(line, 0.0), line);
}

TEST(SimplifyVWTest, KeepsEndpoints) {
    const std::vector<Point> line{{0, 0}, {10, 1}, {20, 0}, {30, 1}, {40, 0}};
    const auto out = simplify_vw(line, 1000.0);
    ASSERT_EQ(out.size(), 2U);
    EXPECT_EQ(out.front(), line.front());
    EXPECT_EQ(out.back(), line.back());
}

TEST(SimplifyVWTest, DropsSmallestTriangleFirst) {
    // (10,1) spans a triangle of area 90, (20,20) one of 290
    const std::vector<Point> line{{0, 0}, {10, 1}, {20, 20}, {40, 0}};
    EXPECT_EQ(simplify_vw(line, 100.0), (std::vector<Point>{{0, 0}, {20, 20}, {40, 0}}));
}

TEST(SimplifyVWTest, StraightLineCollapses) {
    const std::vector<Point> line{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}};
    EXPECT_EQ(simplify_vw(line, 0.5).size(), 2U);
}

TEST(SimplifyVWTest, NoisyLineLosesMostPoints) {
    std::vector<Point> line;
    for (std::int32_t i = 0; i < 200; ++i) {
        line.push_back({i * 20, (i % 2) * 3 + (i % 7)});
    }
    EXPECT_LT(simplify_vw(line, 40.0).size(), line.size() / 2);
}

}  // namespace
}  // namespace tessera::geom
""")
        t.read(P("tests/CMakeLists.txt"))
        t.edit(P("tests/CMakeLists.txt"), "  geom/simplify_test.cpp\n",
               "  geom/simplify_test.cpp\n  geom/simplify_vw_test.cpp\n")
        LIB.insert(3, "geom/simplify_vw.cpp")
        TSRC.insert(5, "geom/simplify_vw_test.cpp")
        add_suite("geom/simplify_test.cpp", "geom/simplify_vw_test.cpp", "SimplifyVWTest",
                  ["ToleranceZeroIsIdentity", "KeepsEndpoints", "DropsSmallestTriangleFirst", "StraightLineCollapses",
                   "NoisyLineLosesMostPoints"])
        sig = "tessera::geom::simplify_vw(std::span<tessera::geom::Point const, 18446744073709551615ul>, double)"
        o_vw = obj("tessera_tests", "geom/simplify_vw_test.cpp")
        a1 = line_of(d, vw_t, "EXPECT_EQ(simplify_vw(line, 0.0), line);")
        a2 = line_of(d, vw_t, "const auto out = simplify_vw(line, 1000.0);")
        a3 = line_of(d, vw_t, "EXPECT_EQ(simplify_vw(line, 100.0)")
        t.fail("cmake --build --preset dev", "Build the dev preset", "\n".join([
            rerun_cmake(R, "dev", PKGS_OLD, "0.8.2", "1.8"),
            ninja([cxx("tessera", "geom/simplify_vw.cpp"), cxx("tessera_tests", "geom/simplify_vw_test.cpp"),
                   *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS, "(pending)"]).rsplit("\n", 1)[0],
            "FAILED: tests/tessera_tests ",
            test_link_cmd(R, "dev"),
            f"/usr/bin/ld: {o_vw}: in function `tessera::geom::(anonymous namespace)::SimplifyVWTest_ToleranceZeroIsIdentity_Test::TestBody()':",
            f"{vw_t}:{a1}: undefined reference to `{sig}'",
            f"/usr/bin/ld: {o_vw}: in function `tessera::geom::(anonymous namespace)::SimplifyVWTest_KeepsEndpoints_Test::TestBody()':",
            f"{vw_t}:{a2}: undefined reference to `{sig}'",
            f"/usr/bin/ld: {o_vw}:{vw_t}:{a3}: more undefined references to `{sig}' follow",
            "collect2: error: ld returned 1 exit status",
            "ninja: build stopped: subcommand failed."]), timeout=600000)
        t.say("simplify_vw.cpp compiled into libtessera.so, but the test binary can't resolve the symbol. Checking "
              "what the shared library actually exports.")
        t.bash("nm -DC build/dev/src/libtessera.so | grep simplify", "List exported simplify symbols",
               out="000000000004b6e0 T tessera::geom::simplify_dp(std::span<tessera::geom::Point const, 18446744073709551615ul>, double)\n"
                   "000000000004bb90 T tessera::geom::simplify_ring_dp(std::span<tessera::geom::Point const, 18446744073709551615ul>, double)")
        t.say("Only the Douglas-Peucker functions are in the dynamic symbol table. The library is built with hidden "
              "visibility and simplify.hpp marks its declarations `TESSERA_EXPORT`; my new header doesn't, so "
              "simplify_vw stays internal to the .so. Adding the export macro.")
        t.edit(vw_h, """#include "tessera/geom/point.hpp"
""", """#include "tessera/export.hpp"
#include "tessera/geom/point.hpp"
""")
        t.edit(vw_h, "std::vector<Point> simplify_vw(std::span<const Point> line, double min_area);",
               "TESSERA_EXPORT std::vector<Point> simplify_vw(std::span<const Point> line, double min_area);")
        t.bash("cmake --build --preset dev", "Rebuild the dev preset", out=ninja([
            cxx("tessera", "geom/simplify_vw.cpp"), cxx("tessera_tests", "geom/simplify_vw_test.cpp"), *link_lib(),
            LINK_CLI, LINK_PY, LINK_TESTS]), timeout=600000)
        t.bash("ctest --preset dev -R SimplifyVW", "Run the new tests",
               out=ctest(R, "dev", numbered(["SimplifyVW"])))
        t.done("""`tessera::geom::simplify_vw(line, min_area)` is in:

- `include/tessera/geom/simplify_vw.hpp` (`#pragma once`) and `src/geom/simplify_vw.cpp`: min-heap of triangle areas with lazy invalidation, doubly linked prev/next indices, neighbours never drop below the area of the point just removed (the usual monotonic variant). Endpoints always stay; `min_area <= 0` returns the input.
- added to `target_sources` in `src/CMakeLists.txt`; tests in `tests/geom/simplify_vw_test.cpp` (5 cases), registered in `tests/CMakeLists.txt`.

The first build failed at link time: `undefined reference to tessera::geom::simplify_vw(...)` from the test binary. libtessera is a shared library with hidden visibility, and I had left `TESSERA_EXPORT` off the new declaration, so the symbol wasn't exported (`nm -DC` showed only the DP functions). With the macro (and `tessera/export.hpp` included) it links and the 5 SimplifyVW tests pass.""")

        t = d.task("CI spends ~12 minutes per job rebuilding vcpkg ports from source on every run. look up what vcpkg "
                   "recommends for binary caching on GitHub Actions these days (I think the x-gha provider is gone?) "
                   "and wire it into ci.yml", tags=["noise", "webfetch"])
        t.webfetch("https://learn.microsoft.com/en-us/vcpkg/reference/binarycaching",
                   "Which binary cache providers exist, what is the syntax of VCPKG_BINARY_SOURCES, and what is "
                   "recommended for GitHub Actions now that x-gha is deprecated?",
                   """**Configuration.** Binary caching is configured with the `VCPKG_BINARY_SOURCES` environment variable or `--binarysource=` options: a semicolon-separated list of sources, processed in order. `clear` removes all previous sources including the default one; `default[,<rw>]` is the user cache (`~/.cache/vcpkg/archives` on Linux). `<rw>` is `read`, `write` or `readwrite` (default `read`).

**Providers** (selection): `files,<absolute path>[,<rw>]` stores zip archives in a directory; `nuget,<uri>[,<rw>]` / `nugetconfig,<path>` use a NuGet feed (e.g. GitHub Packages); `http,<url_template>[,<rw>[,<header>]]`; `x-azblob,<url>,<sas>[,<rw>]`; `x-gcs,<prefix>[,<rw>]`; `x-aws,<prefix>[,<rw>]`; `x-cos,<prefix>[,<rw>]`.

**GitHub Actions.** The experimental `x-gha` provider relied on the legacy GitHub Actions cache service API, which has been shut down; it is deprecated and should not be used. Recommended alternatives: use the `files` provider pointing at a directory and persist that directory with `actions/cache`, or use the `nuget` provider with GitHub Packages (`nuget,https://nuget.pkg.github.com/<OWNER>/index.json,readwrite` plus `VCPKG_NUGET_API_KEY` / a nuget.config with the `GITHUB_TOKEN`).

ABI hashes include the compiler, triplet, port version and features, so a cache is only reused when those match.""")
        t.read(P(".github/workflows/ci.yml"))
        t.edit(P(".github/workflows/ci.yml"), """    env:
      VCPKG_ROOT: ${{ github.workspace }}/vcpkg
    steps:
      - uses: actions/checkout@v4
""", """    env:
      VCPKG_ROOT: ${{ github.workspace }}/vcpkg
      # x-gha is gone; keep vcpkg's zip archives in a plain directory and persist it with actions/cache
      VCPKG_BINARY_SOURCES: "clear;files,${{ github.workspace }}/.vcpkg-cache,readwrite"
    steps:
      - uses: actions/checkout@v4
      - name: Restore vcpkg binary cache
        uses: actions/cache@v4
        with:
          path: ${{ github.workspace }}/.vcpkg-cache
          key: vcpkg-${{ runner.os }}-${{ matrix.preset }}-${{ hashFiles('vcpkg.json') }}
          restore-keys: |
            vcpkg-${{ runner.os }}-${{ matrix.preset }}-
            vcpkg-${{ runner.os }}-
""")
        t.done("""You're right: `x-gha` is deprecated — it used the legacy Actions cache API that GitHub shut down. The docs now point to either the `files` provider + `actions/cache`, or NuGet on GitHub Packages.

I went with `files` + `actions/cache` in `.github/workflows/ci.yml` (no token or package feed to manage):
- `VCPKG_BINARY_SOURCES: "clear;files,$GITHUB_WORKSPACE/.vcpkg-cache,readwrite"` at job level
- a `Restore vcpkg binary cache` step (`actions/cache@v4`) before configure, keyed on OS + preset + `hashFiles('vcpkg.json')`, with restore-keys falling back to the same preset and then any preset on that OS

vcpkg only reuses an archive when the ABI hash matches (compiler, triplet, port version, features), so partial hits after a baseline bump are safe: unchanged ports restore, changed ones rebuild and get written back. Expect the first run after this lands to be as slow as today; later runs should drop to a couple of minutes for configure.

One caveat: `actions/cache` only saves at the end of a successful job, so a red build doesn't refresh the cache.""")

        t = d.task("Encoder::add_feature takes const std::string& for the layer name, so the python binding and the "
                   "CLI both build a std::string per feature just to look up the layer. switch it to std::string_view",
                   tags=["oneoff:O2"])
        enc_h = P("include/tessera/mvt/encoder.hpp")
        enc_c = P("src/mvt/encoder.cpp")
        t.read(enc_h)
        t.read(enc_c)
        t.edit(enc_h, "#include <string>\n#include <unordered_map>\n",
               "#include <string>\n#include <string_view>\n#include <unordered_map>\n")
        t.edit(enc_h, "    Result<void> add_feature(const std::string& layer_name, const Feature& feature);",
               "    Result<void> add_feature(std::string_view layer_name, const Feature& feature);")
        t.edit(enc_c, """Result<void> Encoder::add_feature(const std::string& layer_name, const Feature& feature) {
    Layer& layer = layer_for(layer_name);""", """Result<void> Encoder::add_feature(std::string_view layer_name, const Feature& feature) {
    Layer& layer = layer_for(std::string(layer_name));""")
        el = line_of(d, enc_c, "    Layer& layer = layer_for(std::string(layer_name));")
        cmd = "cmake --build --preset dev"
        t.fail(cmd, "Build the dev preset", "\n".join([
            f"[1/12] {cxx('tessera-cli', 'cmd_encode.cpp')}",
            f"[2/12] {cxx('tessera', 'mvt/encoder.cpp')}",
            "FAILED: src/CMakeFiles/tessera.dir/mvt/encoder.cpp.o ",
            compile_cmd(R, "dev", "tessera", "mvt/encoder.cpp"),
            f"{enc_c}: In member function ‘tl::expected<void, tessera::Error> tessera::mvt::Encoder::add_feature("
            "std::string_view, const tessera::mvt::Feature&)’:",
            f"{enc_c}:{el}:12: error: possibly dangling reference to a temporary [-Werror=dangling-reference]",
            f"{el:>5} |     Layer& layer = layer_for(std::string(layer_name));",
            "      |            ^~~~~",
            f"{enc_c}:{el}:29: note: the temporary was destroyed at the end of the full expression "
            "‘((tessera::mvt::Encoder*)this)->tessera::mvt::Encoder::layer_for(std::__cxx11::basic_string<char>("
            "layer_name, std::allocator<char>()))’",
            f"{el:>5} |     Layer& layer = layer_for(std::string(layer_name));",
            "      |                    ~~~~~~~~~^~~~~~~~~~~~~~~~~~~~~~~~~",
            "cc1plus: all warnings being treated as errors",
            f"[3/12] {cxx('tessera_py', 'src/module.cpp')}",
            f"[4/12] {cxx('tessera_tests', 'mvt/encoder_test.cpp')}",
            "ninja: build stopped: subcommand failed."]), timeout=600000)
        t.say("GCC 14's -Wdangling-reference (an error with -Werror): `layer_for` takes `const std::string&` and "
              "returns a reference, and I'm passing it a temporary string. Here it's a false positive — the reference "
              "points into `layers_`, not the temporary — but the real fix is what the change is about anyway: let "
              "`layer_for` take a `std::string_view` and look it up heterogeneously, so no temporary string exists.")
        t.edit(enc_h, """    Layer& layer_for(const std::string& name);

    EncoderOptions options_;
    geom::Box clip_box_;
    std::unordered_map<std::string, Layer> layers_;""", """    // transparent hash so layers_ can be searched with a string_view (C++20 heterogeneous lookup)
    struct StringHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept {
            return std::hash<std::string_view>{}(s);
        }
    };

    Layer& layer_for(std::string_view name);

    EncoderOptions options_;
    geom::Box clip_box_;
    std::unordered_map<std::string, Layer, StringHash, std::equal_to<>> layers_;""")
        t.edit(enc_c, """Encoder::Layer& Encoder::layer_for(const std::string& name) {
    auto it = layers_.find(name);
    if (it == layers_.end()) {
        it = layers_.emplace(name, Layer{name, {}, {}, {}}).first;
        layer_order_.push_back(name);
    }
    return it->second;
}""", """Encoder::Layer& Encoder::layer_for(std::string_view name) {
    auto it = layers_.find(name);
    if (it == layers_.end()) {
        it = layers_.emplace(std::string(name), Layer{std::string(name), {}, {}, {}}).first;
        layer_order_.emplace_back(name);
    }
    return it->second;
}""")
        t.edit(enc_c, "    Layer& layer = layer_for(std::string(layer_name));", "    Layer& layer = layer_for(layer_name);")
        t.bash(cmd, "Build the dev preset", out=ninja([
            cxx("tessera", "mvt/encoder.cpp"), cxx("tessera-cli", "cmd_encode.cpp"), cxx("tessera_py", "src/module.cpp"),
            cxx("tessera_tests", "mvt/encoder_test.cpp"), *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]), timeout=600000)
        t.bash("ctest --preset dev -R Encoder", "Run the encoder tests", out=ctest(R, "dev", numbered(["Encoder"])))
        t.done("""`Encoder::add_feature` now takes `std::string_view layer_name`. Callers didn't need changes: the CLI passes its `std::string`, the Python binding its `const std::string&`, both convert implicitly.

The first build stopped on GCC 14's `-Wdangling-reference` (errors with `-Werror`) because my first version still built a temporary `std::string` to call `layer_for(const std::string&)`. Instead of suppressing it I made the lookup allocation-free:
- `layers_` is `std::unordered_map<std::string, Layer, StringHash, std::equal_to<>>` with a transparent `StringHash`, so `find(std::string_view)` works without constructing a key;
- `layer_for(std::string_view)` only creates a `std::string` when a layer is inserted for the first time.

Build is clean, the 11 Encoder tests and the 4 GeometryEncoder tests pass.""")

    # ============================================================ S4  Tue 09-15  (SessionEnd: other)
    with d.session("2026-09-15T13:10:00", R, branch="main", version="2.1.107", end_reason="other"):
        t = d.task("let's cut 0.9.0 — the clip Result change, VW and the string_view encoder. bump the versions, "
                   "changelog, tag, push, and watch the release workflow. show me what's gone in since 0.8.2 first",
                   tags=["workflow:W3", "long_output"])
        t.bash("git switch main && git pull --ff-only", "Update main", err="Already on 'main'", out=f"""Updating 3c1d2e0..8f4a6b2
Fast-forward
 .github/workflows/ci.yml             |  12 ++++
 include/tessera/geom/clip.hpp        |   5 +-
 include/tessera/geom/simplify_vw.hpp |  17 +++++
 include/tessera/mvt/encoder.hpp      |  14 +++-
 python/src/module.cpp                |  12 +++-
 src/CMakeLists.txt                   |   1 +
 src/geom/clip.cpp                    |  21 +++---
 src/geom/simplify_vw.cpp             |  81 +++++++++++++++++++++++
 src/mvt/encoder.cpp                  |  17 +++--
 tests/CMakeLists.txt                 |   1 +
 tests/geom/clip_test.cpp             |  12 ++--
 tests/geom/simplify_vw_test.cpp      |  49 ++++++++++++++
 12 files changed, 217 insertions(+), 25 deletions(-)
 create mode 100644 include/tessera/geom/simplify_vw.hpp
 create mode 100644 src/geom/simplify_vw.cpp
 create mode 100644 tests/geom/simplify_vw_test.cpp""")
        t.bash("git log v0.8.2..HEAD --oneline", "Commits since v0.8.2", out=f"""8f4a6b2 Merge pull request #49 from northdrift/feat/simplify-vw
71c0e5d mvt: Encoder::add_feature takes the layer name as std::string_view
2be9f14 ci: cache vcpkg binaries with actions/cache (files provider)
a03d6c8 geom: Visvalingam-Whyatt simplification (simplify_vw)
5e7b21a Merge pull request #47 from northdrift/feat/clip-result
{s1} geom: clip_polygon returns Result instead of throwing
0d2a9b3 docs: python usage for EncoderOptions
9e6f8a1 tools: tessera info prints the extent per layer""")
        t.read(P("CMakeLists.txt"))
        t.edit(P("CMakeLists.txt"), "  VERSION 0.8.2\n", "  VERSION 0.9.0\n")
        t.read(P("vcpkg.json"))
        t.edit(P("vcpkg.json"), '  "version": "0.8.2",', '  "version": "0.9.0",')
        t.read(P("python/pyproject.toml"))
        t.edit(P("python/pyproject.toml"), 'version = "0.8.2"', 'version = "0.9.0"')
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "## [0.8.2] - 2026-08-24\n", """## [0.9.0] - 2026-09-15

### Added
- `tessera::geom::simplify_vw` (Visvalingam-Whyatt) next to Douglas-Peucker. (#49)

### Changed
- **Breaking:** `geom::clip_polygon` returns `tessera::Result<Polygon>`; a ring with fewer than 4 points is
  `ErrorCode::degenerate_ring` instead of a thrown `std::invalid_argument`. Python raises `ValueError`. (#47)
- `Encoder::add_feature` takes the layer name as `std::string_view`. (#49)

### CI
- vcpkg binary cache through `actions/cache` and the `files` provider. (#49)

## [0.8.2] - 2026-08-24
""")
        STATE["version"] = "0.9.0"
        t.bash("cmake --build --preset dev && ctest --preset dev", "Build and run the full suite",
               out=rerun_cmake(R, "dev", PKGS_OLD, "0.9.0", "1.9") + "\n" + ninja(
                   [cxx("tessera-cli", "main.cpp"), cxx("tessera-cli", "cmd_encode.cpp"), cxx("tessera-cli", "cmd_info.cpp"),
                    *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]) + "\n" + ctest(R, "dev", numbered()), timeout=900000)
        rel1 = sha()
        t.bash('git commit -am "release: v0.9.0"', "Commit the release",
               out=f"[main {rel1}] release: v0.9.0\n 4 files changed, 17 insertions(+), 3 deletions(-)")
        t.bash('git tag -a v0.9.0 -m "tessera 0.9.0"', "Tag the release")
        t.bash("git push origin main v0.9.0", "Push main and the tag", err=push_tag("main", "v0.9.0"))
        rid = "17893412265"
        t.bash("gh run list --workflow release.yml --limit 1", "Find the release run",
               out=f"in_progress\t\trelease: v0.9.0\trelease\tv0.9.0\tpush\t{rid}\t11s\t2026-09-15T13:31:02Z")
        t.bash(f"gh run watch {rid} --exit-status", "Watch the release workflow",
               out=run_watch("v0.9.0", rid, [("wheels (ubuntu-24.04)", "6m12s"), ("wheels (macos-14)", "7m48s"),
                                             ("sdist + source tarball", "1m03s"), ("github release", "22s")]),
               timeout=1800000)
        t.done(f"""**v0.9.0 is out.**

Since v0.8.2 (8 commits): clip Result change (#47), simplify_vw + string_view layer names + vcpkg CI cache (#49), plus two small commits (python docs, `tessera info` extent).

- Versions bumped to 0.9.0 in `CMakeLists.txt` (`project(VERSION)` → `libtessera.so.0.9.0`), `vcpkg.json` and `python/pyproject.toml`
- `CHANGELOG.md`: 0.9.0 section with Added / Changed (the clip change marked **Breaking**) / CI
- dev build + full suite green, committed `{rel1}`, tagged `v0.9.0`, pushed main + tag
- release workflow run {rid}: wheels (ubuntu, macos), sdist/source tarball and the GitHub release all succeeded""")
        SNAP = {rel: d.files[P(rel)] for rel in ["CMakeLists.txt", "vcpkg.json", "python/pyproject.toml", "CHANGELOG.md"]}
        SNAP_TESTS = [[f, s, list(n)] for f, s, n in TESTS]

        t = d.task("we need a docs page on clipping for the app teams: docs/clipping.md. what the buffer is, what "
                   "happens to rings crossing the tile edge, the degenerate ring error now that it's a Result, and "
                   "any gotchas", tags=["noise"])
        t.glob("docs/*.md", [P("docs/README.md"), P("docs/encoding.md"), P("docs/python.md")])
        t.read(P("include/tessera/geom/clip.hpp"))
        t.write(P("docs/clipping.md"), """# Clipping

Every feature handed to `tessera::mvt::Encoder` is clipped to its tile before it is encoded. This page
explains what that means for the geometry you get back in the tile, and what can go wrong.

## Tile coordinates and the buffer

Tiles use integer coordinates from `0` to `extent` (default `4096`) on both axes, with `y` growing
downwards. Renderers draw each tile separately, so a polygon that ends exactly at the tile edge would
show seams and cut-off strokes at tile boundaries. To avoid that, the encoder keeps a margin around the
tile: the **buffer** (`EncoderOptions::buffer`, default `64` tile units).

The clip box is therefore

```
min = -buffer
max = extent + buffer
```

With the defaults that is `[-64, 4160]` on both axes. Geometry outside the box is removed, geometry
inside it is kept untouched.

Choosing the buffer:

- `0` gives the smallest tiles but visible seams for outlines and wide strokes.
- `64` (default) is enough for line widths up to ~8 px at 512 px tiles.
- Larger buffers mainly help labels and icons placed near edges; they grow tiles noticeably for dense
  layers such as buildings.

## How rings are clipped

`geom::clip_polygon` uses Sutherland-Hodgman clipping ring by ring:

1. The outer ring (the first ring of the polygon) is clipped against each side of the box in turn:
   left, right, bottom, top.
2. Where an edge of the ring crosses the box, a new vertex is inserted at the crossing point, rounded
   to the nearest integer coordinate.
3. The clipped ring is closed again (first point repeated at the end).
4. Holes are clipped the same way.

What you will see in the tile:

- A ring that lies fully inside the box is returned unchanged, vertex for vertex.
- A ring that lies fully outside disappears. If that is the **outer** ring, the whole polygon
  disappears and the feature is not written (this is not an error).
- A hole that ends up outside the box is dropped; the outer ring stays.
- A ring crossing the box edge gets new vertices on the box edge. Along the edge the ring follows the
  box boundary, so a large polygon covering the whole tile becomes the clip box itself.
- Because crossing points are rounded, a clipped ring can contain two consecutive identical points
  in rare cases. The encoder tolerates this.

## The degenerate ring error

A closed ring needs at least 4 points (3 distinct corners plus the closing point). Since 0.9.0,
`clip_polygon` returns `tessera::Result<Polygon>` instead of throwing:

```cpp
auto clipped = tessera::geom::clip_polygon(polygon, box);
if (!clipped) {
    // clipped.error().code == tessera::ErrorCode::degenerate_ring
    // clipped.error().message == "ring 1 has 3 points, a closed ring needs at least 4"
}
```

`Encoder::add_feature` passes the same error through as its own `Result<void>`; nothing is added to
the tile for that feature and the encoder stays usable.

From Python, `tessera.clip_polygon` and `Encoder.add_feature` raise `ValueError` with the same message.

Where degenerate rings usually come from:

- GeoJSON exported by tools that drop the closing point (3-point "triangles" without closure).
- Very small polygons after projection to tile coordinates: several vertices round to the same
  integer point and the ring collapses.
- Simplification upstream of tessera with a large tolerance.

## Gotchas

- **Clipping happens before simplification.** Douglas-Peucker runs on the clipped ring, so the new
  vertices on the box edge are always kept as they are on the ring.
- **Winding order is not fixed by clipping.** The geometry encoder writes outer rings clockwise and
  holes counter-clockwise (in tile coordinates) as the MVT spec requires, regardless of input order.
- **Lines are clipped differently.** `clip_line` splits a line that leaves and re-enters the box into
  several parts; each part becomes its own `LineTo` run in the same feature.
- **Self-intersections are not repaired.** A self-intersecting input ring stays self-intersecting
  after clipping, and renderers may fill it unexpectedly.
- **Huge coordinates.** Points further than about ±2^30 from the tile can overflow when crossings are
  computed; project and pre-filter features per tile before passing them in.

## See also

- `docs/encoding.md` for the geometry command encoding
- `include/tessera/geom/clip.hpp` for the API reference
""")
        t.done("""Added `docs/clipping.md` for the app teams. Sections:

- **Tile coordinates and the buffer** — the clip box `[-buffer, extent + buffer]`, defaults, how to choose the buffer
- **How rings are clipped** — Sutherland-Hodgman per ring, what happens to inside/outside/crossing rings and holes
- **The degenerate ring error** — the 0.9.0 `Result` API with a code example, the Python `ValueError`, where such rings come from
- **Gotchas** — clip before simplify, winding order, lines split into parts, no self-intersection repair, coordinate overflow

It follows the style of `docs/encoding.md`; not linked from `docs/README.md` yet — say if you want that.""")

        t = d.task("how does simplify_vw compare to simplify_dp speed-wise? add a VW benchmark next to the DP one and "
                   "compare the two in a release build (1k / 10k / 100k points)", tags=["mistake:M1", "workflow:W2"])
        t.read(P("bench/bench_simplify.cpp"))
        t.edit(P("bench/bench_simplify.cpp"), '#include "tessera/geom/simplify.hpp"\n',
               '#include "tessera/geom/simplify.hpp"\n#include "tessera/geom/simplify_vw.hpp"\n')
        t.edit(P("bench/bench_simplify.cpp"), """BENCHMARK(BM_SimplifyDP)->Arg(1000)->Arg(10000)->Arg(100000);
""", """BENCHMARK(BM_SimplifyDP)->Arg(1000)->Arg(10000)->Arg(100000);

// min_area 16 removes roughly as many points on this line as DP with tolerance 4
void BM_SimplifyVW(benchmark::State& state) {
    const auto line = coastline(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        benchmark::DoNotOptimize(tessera::geom::simplify_vw(line, 16.0));
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SimplifyVW)->Arg(1000)->Arg(10000)->Arg(100000);
""")
        t.fail("cmake --build --preset release --target tessera_bench", "Build the benchmark in release",
               f"Error: {R}/build/release is not a directory")
        t.bash("ls build/", "See which presets have a build dir", out="asan\ndev")
        t.say("Only `dev` and `asan` have been configured; the release preset's `build/release` tree doesn't exist "
              "yet, and `cmake --build` won't create it. Configuring it (this also installs the `bench` vcpkg "
              "feature).")
        t.bash("cmake --preset release", "Configure the release preset",
               out=configure_fresh(R, "release", PKGS_OLD + [("benchmark", "1.9.4")], "0.9.0", "8.1", 533),
               timeout=600000)
        t.bash("cmake --build --preset release --target tessera_bench", "Build the benchmark in release",
               out=ninja([cxx("tessera", s) for s in LIB] + [cxx("tessera_bench", s) for s in BENCH] +
                         link_lib() + [LINK_BENCH]), timeout=600000)
        rows = [("BM_SimplifyDP/1000", 18411, 38012, "54.3712M/s"), ("BM_SimplifyDP/10000", 214302, 3270, "46.7115M/s"),
                ("BM_SimplifyDP/100000", 2698811, 259, "37.0985M/s"), ("BM_SimplifyVW/1000", 34083, 20566, "29.3789M/s"),
                ("BM_SimplifyVW/10000", 451085, 1551, "22.1949M/s"), ("BM_SimplifyVW/100000", 6239645, 112, "16.0482M/s")]
        table = bench_table([(n, tm, int(tm * 0.9989), it, f"items_per_second={ips}") for n, tm, it, ips in rows],
                            counters=True)
        t.bash("./build/release/bench/tessera_bench --benchmark_filter='BM_Simplify' "
               "--benchmark_out=/tmp/simplify.json --benchmark_out_format=json", "Run the simplify benchmarks",
               out=bench_header("./build/release/bench/tessera_bench", "2026-09-15T14:02:37+01:00") + f"""
***WARNING*** CPU scaling is enabled, the benchmark real time measurements may be noisy and will incur extra overhead.
{table}""", timeout=600000)
        t.bash("python3 tools/gbench/compare.py filters /tmp/simplify.json BM_SimplifyDP BM_SimplifyVW",
               "Compare DP against VW", out="""Comparing BM_SimplifyDP to BM_SimplifyVW (from /tmp/simplify.json)
Benchmark                                               Time             CPU      Time Old      Time New       CPU Old       CPU New
------------------------------------------------------------------------------------------------------------------------------------
[BM_SimplifyDP vs. BM_SimplifyVW]/1000               +0.8512         +0.8507         18411         34083         18392         34038
[BM_SimplifyDP vs. BM_SimplifyVW]/10000              +1.1049         +1.1046        214302        451085        214080        450549
[BM_SimplifyDP vs. BM_SimplifyVW]/100000             +1.3120         +1.3117       2698811       6239645       2695524       6231262
OVERALL_GEOMEAN                                      +1.0812         +1.0808             0             0             0             0""")
        t.done("""VW is about **2× slower** than DP on the same line, and the gap grows with size:

| points | DP | VW | VW vs DP |
|---|---|---|---|
| 1k | 18.4 µs | 34.1 µs | +85% |
| 10k | 214 µs | 451 µs | +110% |
| 100k | 2.70 ms | 6.24 ms | +131% |

(RelWithDebInfo, `coastline()` test line, DP tolerance 4 vs VW min_area 16, which remove a similar number of points.)

Setup notes: I added `BM_SimplifyVW` to `bench/bench_simplify.cpp`. The first build failed because `build/release` had never been configured — each preset has its own binary dir — so I ran `cmake --preset release` once (vcpkg restored the packages incl. `benchmark`), then built `tessera_bench`. Raw numbers are in `/tmp/simplify.json`.

The growing gap suggests the heap: with lazy invalidation every neighbour update pushes a new entry, so the heap holds ~3n entries and most pops are stale. A profile would confirm.""")

        t = d.task("VW being 2x slower than DP is more than I expected. profile the 100k case with perf and tell me "
                   "where the time goes", tags=["unfixed:U2"])
        t.fail("perf record -g -o /tmp/vw.perf.data ./build/release/bench/tessera_bench "
               "--benchmark_filter='BM_SimplifyVW/100000'", "Profile the 100k VW benchmark",
               """Error:
Access to performance monitoring and observability operations is limited.
Consider adjusting /proc/sys/kernel/perf_event_paranoid setting to open
access to performance monitoring and observability operations for processes
without CAP_PERFMON, CAP_SYS_PTRACE or CAP_SYS_ADMIN Linux capability.
More information can be found at 'Perf events and tool security' document:
https://www.kernel.org/doc/html/latest/admin-guide/perf-security.html
perf_event_paranoid setting is 4:
  -1: Allow use of (almost) all events by all users
      Ignore mlock limit after perf_event_mlock_kb without CAP_IPC_LOCK
>= 0: Disallow raw and ftrace function tracepoint access
>= 1: Disallow CPU event access
>= 2: Disallow kernel profiling
To make the adjusted perf_event_paranoid setting permanent preserve it
in /etc/sysctl.conf (e.g. kernel.perf_event_paranoid = <setting>)""", code=255)
        t.bash("cat /proc/sys/kernel/perf_event_paranoid && id -nG", "Check the perf restriction and groups",
               out="4\ncallum adm cdrom sudo dip plugdev users lpadmin")
        t.done("""I couldn't profile: `perf record` is refused because this machine has `kernel.perf_event_paranoid = 4` (Ubuntu's default, which blocks perf for unprivileged users entirely). Changing it needs root, and I can't enter your sudo password.

If you want the profile, run this once in your terminal (resets at reboot):

```
sudo sysctl kernel.perf_event_paranoid=1
```

and then I can run `perf record -g` on `BM_SimplifyVW/100000` and read the report. (Or put `kernel.perf_event_paranoid = 1` in `/etc/sysctl.d/99-perf.conf` to keep it.)

Without a profile, my best guess from the code is the heap: every removal pushes up to two new entries and leaves the old ones as stale, so the heap grows to roughly 3n and most pops are discarded. An indexed heap (decrease-key) or recomputing into a flat array would avoid that — but I'd rather measure before changing it.""")

    # ============================================================ S5  Thu 09-17
    with d.session("2026-09-17T09:55:00", R, branch="feat/tile-stats", version="2.1.108"):
        fb = ("the clipping.md page you wrote on Tuesday was way too long — I had to cut half of it before the app "
              "teams would read it. for docs/simplification.md do it the short way: a paragraph per algorithm (DP and "
              "VW), one small table for when to pick which, and what the tolerance units are. nothing else")
        t = d.task("about docs: " + fb, tags=["feedback"], feedback=fb)
        t.write(P("docs/simplification.md"), """# Simplification

**Douglas-Peucker** (`geom::simplify_dp(line, tolerance)`, `simplify_ring_dp`) keeps the endpoints and
recursively keeps the point furthest from the current segment while it is more than `tolerance` away.
It preserves sharp peaks and is the faster of the two; it is what `EncoderOptions::simplify_tolerance`
uses.

**Visvalingam-Whyatt** (`geom::simplify_vw(line, min_area)`) repeatedly removes the point that forms
the smallest triangle with its neighbours until every remaining triangle has at least `min_area`. It
removes small wiggles evenly and gives smoother-looking coastlines and rivers, at about twice the cost.

| use | pick |
|---|---|
| roads, buildings, anything angular; encoder default | DP |
| natural features (coastlines, rivers, landuse) at low zooms | VW |
| very large inputs where speed matters | DP |

Units: `tolerance` is a distance in tile units (1/4096 of a tile with the default extent);
`min_area` is an area in tile units squared. DP tolerance `t` removes roughly as much as VW
`min_area ≈ t²`.
""")
        t.done("Done — `docs/simplification.md` is one paragraph each for DP and VW, a three-row table for when to "
               "pick which, and a short units note (tolerance in tile units, min_area in tile units², `t` ≈ `√area`). "
               "About 25 lines, nothing else.")

        t = d.task("add `tessera stats <file.mvt>`: per layer the feature count, vertex count and extent, plus totals. "
                   "the counting itself belongs in the library as a TileStats class (python will want it later), and a "
                   "corrupt tile is an expected failure — return it through tl::expected like the rest of the API, "
                   "nothing gets thrown across the library boundary. tests for TileStats too",
                   tags=["mistake:M2", "pref:P1"])
        t.read(P("include/tessera/mvt/reader.hpp"))
        t.read(P("tools/main.cpp"))
        t.read(P("tools/commands.hpp"))
        t.read(P("tools/CMakeLists.txt"))
        st_h = P("include/tessera/stats.hpp")
        t.write(st_h, """#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tessera/result.hpp"

namespace tessera {

struct LayerStats {
    std::string name;
    std::uint32_t extent = 0;
    std::size_t features = 0;
    std::size_t vertices = 0;
};

/// Per-layer counts accumulated over one or more tiles (layers matched by name, in first-seen order).
class TileStats {
public:
    /// Decodes `tile` and adds its layers. A malformed tile fails with ErrorCode::malformed_tile and
    /// leaves the counts unchanged.
    Result<void> add_tile(std::span<const std::byte> tile);

    const std::vector<LayerStats>& layers() const;
    std::size_t total_features() const;
    std::size_t total_vertices() const;

private:
    std::vector<LayerStats> layers_;
};

}  // namespace tessera
""")
        t.write(P("src/stats.cpp"), """#include "tessera/stats.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

#include "tessera/mvt/reader.hpp"

namespace tessera {

Result<void> TileStats::add_tile(std::span<const std::byte> tile) {
    auto decoded = mvt::decode_tile(tile);
    if (!decoded) {
        return tl::unexpected(std::move(decoded).error());
    }
    for (const mvt::DecodedLayer& layer : *decoded) {
        auto it = std::find_if(layers_.begin(), layers_.end(),
                               [&](const LayerStats& s) { return s.name == layer.name; });
        if (it == layers_.end()) {
            layers_.push_back(LayerStats{layer.name, layer.extent, 0, 0});
            it = std::prev(layers_.end());
        }
        it->features += layer.features.size();
        for (const mvt::DecodedFeature& feature : layer.features) {
            it->vertices += mvt::count_vertices(feature.geometry);
        }
    }
    return {};
}

const std::vector<LayerStats>& TileStats::layers() const { return layers_; }

std::size_t TileStats::total_features() const {
    std::size_t n = 0;
    for (const LayerStats& s : layers_) {
        n += s.features;
    }
    return n;
}

std::size_t TileStats::total_vertices() const {
    std::size_t n = 0;
    for (const LayerStats& s : layers_) {
        n += s.vertices;
    }
    return n;
}

}  // namespace tessera
""")
        t.read(P("src/CMakeLists.txt"))
        t.edit(P("src/CMakeLists.txt"), "    mvt/reader.cpp\n)", "    mvt/reader.cpp\n    stats.cpp\n)")
        cs = P("tools/cmd_stats.cpp")
        t.write(cs, """#include <cstdio>
#include <fstream>
#include <iterator>
#include <span>
#include <string>

#include <fmt/core.h>

#include "commands.hpp"
#include "tessera/stats.hpp"

namespace tessera::cli {

void add_stats_options(CLI::App& cmd, StatsOptions& opts) {
    cmd.add_option("input", opts.input, "Tile to inspect (.mvt, not gzipped)")
        ->required()
        ->check(CLI::ExistingFile);
}

int run_stats(const StatsOptions& opts) {
    std::ifstream in(opts.input, std::ios::binary);
    const std::string data{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};

    TileStats stats;
    if (auto r = stats.add_tile(std::as_bytes(std::span(data.data(), data.size()))); !r) {
        fmt::print(stderr, "tessera stats: {}: {}\\n", opts.input.string(), r.error().message);
        return 1;
    }
    fmt::print("{:<12}{:>10}{:>10}{:>8}\\n", "layer", "features", "vertices", "extent");
    for (const LayerStats& layer : stats.layers()) {
        fmt::print("{:<12}{:>10}{:>10}{:>8}\\n", layer.name, layer.features, layer.vertices, layer.extent);
    }
    fmt::print("{:<12}{:>10}{:>10}\\n", "total", stats.total_features(), stats.total_vertices());
    return 0;
}

}  // namespace tessera::cli
""")
        t.edit(P("tools/commands.hpp"), """struct InfoOptions {
    std::filesystem::path input;
};
""", """struct InfoOptions {
    std::filesystem::path input;
};

struct StatsOptions {
    std::filesystem::path input;
};
""")
        t.edit(P("tools/commands.hpp"), """void add_info_options(CLI::App& cmd, InfoOptions& opts);
""", """void add_info_options(CLI::App& cmd, InfoOptions& opts);
void add_stats_options(CLI::App& cmd, StatsOptions& opts);
""")
        t.edit(P("tools/commands.hpp"), "int run_info(const InfoOptions& opts);\n",
               "int run_info(const InfoOptions& opts);\nint run_stats(const StatsOptions& opts);\n")
        t.edit(P("tools/main.cpp"), """    tessera::cli::add_info_options(*info_cmd, info);
""", """    tessera::cli::add_info_options(*info_cmd, info);

    tessera::cli::StatsOptions stats;
    auto* stats_cmd = app.add_subcommand("stats", "Per-layer feature and vertex counts of an .mvt file");
    tessera::cli::add_stats_options(*stats_cmd, stats);
""")
        t.edit(P("tools/main.cpp"), """    if (info_cmd->parsed()) {
        return tessera::cli::run_info(info);
    }
""", """    if (info_cmd->parsed()) {
        return tessera::cli::run_info(info);
    }
    if (stats_cmd->parsed()) {
        return tessera::cli::run_stats(stats);
    }
""")
        t.edit(P("tools/CMakeLists.txt"), "  cmd_info.cpp\n)", "  cmd_info.cpp\n  cmd_stats.cpp\n)")
        st_t = P("tests/stats_test.cpp")
        t.write(st_t, """#include "tessera/stats.hpp"

#include <cstddef>
#include <span>
#include <string>

#include <gtest/gtest.h>

#include "tessera/mvt/encoder.hpp"

namespace tessera {
namespace {

mvt::Feature square_feature(std::int32_t x, std::int32_t y) {
    mvt::Feature f;
    f.polygon.rings.push_back({{x, y}, {x + 10, y}, {x + 10, y + 10}, {x, y + 10}, {x, y}});
    return f;
}

std::span<const std::byte> bytes(const std::string& s) {
    return std::as_bytes(std::span(s.data(), s.size()));
}

TEST(TileStatsTest, EmptyTileHasNoLayers) {
    TileStats stats;
    ASSERT_TRUE(stats.add_tile({}).has_value());
    EXPECT_TRUE(stats.layers().empty());
    EXPECT_EQ(stats.total_features(), 0U);
}

TEST(TileStatsTest, CountsLayersAndFeatures) {
    mvt::Encoder enc;
    ASSERT_TRUE(enc.add_feature("roads", square_feature(10, 10)).has_value());
    ASSERT_TRUE(enc.add_feature("roads", square_feature(100, 10)).has_value());
    ASSERT_TRUE(enc.add_feature("water", square_feature(10, 100)).has_value());
    const std::string tile = enc.finish();

    TileStats stats;
    ASSERT_TRUE(stats.add_tile(bytes(tile)).has_value());
    ASSERT_EQ(stats.layers().size(), 2U);
    EXPECT_EQ(stats.layers()[0].name, "roads");
    EXPECT_EQ(stats.layers()[0].features, 2U);
    EXPECT_EQ(stats.total_features(), 3U);
}

TEST(TileStatsTest, CountsVertices) {
    mvt::Encoder enc;
    ASSERT_TRUE(enc.add_feature("buildings", square_feature(10, 10)).has_value());
    const std::string tile = enc.finish();
    TileStats stats;
    ASSERT_TRUE(stats.add_tile(bytes(tile)).has_value());
    EXPECT_EQ(stats.total_vertices(), 4U);  // MoveTo + 3 LineTo, closing point not encoded
}

TEST(TileStatsTest, MalformedTileIsError) {
    const std::string garbage("\\x1a\\x05broken", 7);
    TileStats stats;
    const auto r = stats.add_tile(bytes(garbage));
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().code, ErrorCode::malformed_tile);
    EXPECT_TRUE(stats.layers().empty());
}

}  // namespace
}  // namespace tessera
""")
        t.read(P("tests/CMakeLists.txt"))
        t.edit(P("tests/CMakeLists.txt"), "  mvt/zigzag_test.cpp\n)", "  mvt/zigzag_test.cpp\n  stats_test.cpp\n)")
        LIB.append("stats.cpp")
        TSRC.append("stats_test.cpp")
        CLI.append("cmd_stats.cpp")
        add_suite("mvt/zigzag_test.cpp", "stats_test.cpp", "TileStatsTest",
                  ["EmptyTileHasNoLayers", "CountsLayersAndFeatures", "CountsVertices", "MalformedTileIsError"])
        o_cs = obj("tessera-cli", "cmd_stats.cpp")
        o_st = obj("tessera_tests", "stats_test.cpp")
        span_sig = "tessera::TileStats::add_tile(std::span<std::byte const, 18446744073709551615ul>)"
        c1 = line_of(d, cs, "if (auto r = stats.add_tile(")
        c2 = line_of(d, cs, "for (const LayerStats& layer : stats.layers())")
        c3 = line_of(d, cs, "stats.total_features(), stats.total_vertices()")
        s1l = line_of(d, st_t, "ASSERT_TRUE(stats.add_tile({}).has_value());")
        s2l = line_of(d, st_t, "EXPECT_TRUE(stats.layers().empty());")
        cli_objs = " ".join(obj("tessera-cli", s) for s in CLI)
        t.fail("cmake --build --preset dev", "Build the dev preset", "\n".join([
            rerun_cmake(R, "dev", PKGS_OLD, "0.9.0", "2.0"),
            "[1/11] " + cxx("tessera", "stats.cpp"),
            "[2/11] " + cxx("tessera-cli", "main.cpp"),
            "[3/11] " + cxx("tessera-cli", "cmd_stats.cpp"),
            "[4/11] " + cxx("tessera_tests", "stats_test.cpp"),
            "[5/11] " + link_lib()[0],
            "[6/11] " + link_lib()[1],
            "[7/11] " + LINK_CLI,
            "FAILED: tools/tessera ",
            f": && {GXX} -g  {cli_objs} -o tools/tessera  -Wl,-rpath,{R}/build/dev/src  tools/libtessera_cli_lib.a  "
            f"{lib_so()}  vcpkg_installed/x64-linux/debug/lib/libfmtd.a && :",
            f"/usr/bin/ld: {o_cs}: in function `tessera::cli::run_stats(tessera::cli::StatsOptions const&)':",
            f"{cs}:{c1}: undefined reference to `{span_sig}'",
            f"/usr/bin/ld: {cs}:{c2}: undefined reference to `tessera::TileStats::layers() const'",
            f"/usr/bin/ld: {cs}:{c3}: undefined reference to `tessera::TileStats::total_features() const'",
            f"/usr/bin/ld: {cs}:{c3}: undefined reference to `tessera::TileStats::total_vertices() const'",
            "collect2: error: ld returned 1 exit status",
            "[8/11] " + LINK_PY,
            "[9/11] " + LINK_TESTS,
            "FAILED: tests/tessera_tests ",
            test_link_cmd(R, "dev"),
            f"/usr/bin/ld: {o_st}: in function `tessera::(anonymous namespace)::TileStatsTest_EmptyTileHasNoLayers_Test::TestBody()':",
            f"{st_t}:{s1l}: undefined reference to `{span_sig}'",
            f"/usr/bin/ld: {st_t}:{s2l}: undefined reference to `tessera::TileStats::layers() const'",
            f"/usr/bin/ld: {o_st}:{st_t}:{s2l + 1}: more undefined references to `tessera::TileStats::total_features() const' follow",
            f"/usr/bin/ld: {o_st}: in function `tessera::(anonymous namespace)::TileStatsTest_CountsLayersAndFeatures_Test::TestBody()':",
            f"{st_t}:{line_of(d, st_t, 'ASSERT_TRUE(stats.add_tile(bytes(tile)).has_value());')}: undefined reference to `{span_sig}'",
            "collect2: error: ld returned 1 exit status",
            "ninja: build stopped: subcommand failed."]), timeout=600000)
        t.say("Both the CLI and the test binary fail to link against TileStats although stats.cpp is in the library. "
              "Checking the shared library's dynamic symbols.")
        t.bash("nm -DC build/dev/src/libtessera.so | grep -E 'TileStats|decode_tile'", "Look for TileStats in the .so",
               out="0000000000061d40 T tessera::mvt::decode_tile(std::span<std::byte const, 18446744073709551615ul>)")
        t.say("`decode_tile` is exported but no `TileStats` member is: reader.hpp marks its API `TESSERA_EXPORT`, my "
              "stats.hpp doesn't, and with hidden visibility an unmarked class stays private to libtessera.so. "
              "Exporting the class.")
        t.edit(st_h, '#include "tessera/result.hpp"\n', '#include "tessera/export.hpp"\n#include "tessera/result.hpp"\n')
        t.edit(st_h, "class TileStats {", "class TESSERA_EXPORT TileStats {")
        t.bash("cmake --build --preset dev", "Rebuild the dev preset", out=ninja([
            cxx("tessera", "stats.cpp"), cxx("tessera-cli", "cmd_stats.cpp"), cxx("tessera_tests", "stats_test.cpp"),
            *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]), timeout=600000)
        t.bash("ctest --preset dev -R TileStats", "Run the TileStats tests", out=ctest(R, "dev", numbered(["TileStats"])))
        t.bash("./build/dev/tools/tessera stats tests/data/tiles/oslo-14-8712-4763.mvt", "Try the new subcommand",
               out="""layer         features  vertices  extent
roads              412      9318    4096
buildings         1873     11204    4096
water               37      2290    4096
landuse            122      4861    4096
total             2444     27673""")
        t.done("""`tessera stats <file.mvt>` works:

```
layer         features  vertices  extent
roads              412      9318    4096
buildings         1873     11204    4096
water               37      2290    4096
landuse            122      4861    4096
total             2444     27673
```

- **Library:** `tessera::TileStats` (`include/tessera/stats.hpp`, `src/stats.cpp`) — `add_tile(std::span<const std::byte>)` returns `Result<void>`; a corrupt tile comes back as `ErrorCode::malformed_tile` from `mvt::decode_tile` and leaves the counts untouched. Layers are merged by name in first-seen order; vertices are counted from the command stream.
- **CLI:** `tools/cmd_stats.cpp` + `StatsOptions`, wired into `main.cpp` and `tools/CMakeLists.txt`; prints the error message and exits 1 on a bad tile.
- **Tests:** `tests/stats_test.cpp`, 4 cases (empty tile, layers/features, vertices, malformed → error), all pass.

The first build failed at link time for both `tools/tessera` and `tessera_tests` (`undefined reference to tessera::TileStats::add_tile(...)` etc.): the class wasn't marked `TESSERA_EXPORT`, so with the library's hidden visibility none of its members were exported from libtessera.so. Adding `class TESSERA_EXPORT TileStats` fixed it.""")

        t = d.task("RelWithDebInfo vs Release for the benchmarks: do the numbers actually differ, and which one should "
                   "we quote in the README?", tags=["noise", "no_tools"])
        t.done("""They can differ, but not because of the debug info.

- **`-g` doesn't change the generated code** with GCC; it only adds DWARF sections. So "WithDebInfo" itself costs nothing at run time.
- The real difference is the optimisation level CMake picks: `Release` = `-O3 -DNDEBUG`, `RelWithDebInfo` = `-O2 -g -DNDEBUG`. GCC's `-O3` adds more aggressive inlining, loop unrolling/versioning and the full-cost vectoriser (since GCC 12, `-O2` vectorises only with the "very cheap" cost model). For tight loops like the simplifiers or the zigzag/varint encoding that can be a few percent either way; for allocation-heavy code like the encoder it's usually noise.

For the README I'd quote **RelWithDebInfo**: it's what our `release` preset builds, it's closer to what distro packages and the wheels use (`-O2`), and you can profile the exact binary you measured. If someone wants `-O3` numbers, add them as a separate column rather than replacing the default.""")

    # ============================================================ S6  Mon 09-21  (acceptEdits)
    with d.session("2026-09-21T10:20:00", R, branch="feat/tile-stats", version="2.1.110", permission_mode="acceptEdits"):
        t = d.task("run clang-tidy with just the bugprone and performance checks over the two encoder sources "
                   "(encoder.cpp and geometry_encoder.cpp) and fix whatever it finds", tags=["mistake:M3"])
        enc_c = P("src/mvt/encoder.cpp")
        ge_c = P("src/mvt/geometry_encoder.cpp")
        tidy_cmd = "clang-tidy --checks='-*,bugprone-*,performance-*' src/mvt/encoder.cpp src/mvt/geometry_encoder.cpp"
        t.fail(tidy_cmd, "clang-tidy (bugprone, performance) on the encoder sources",
               tidy_no_db("src/mvt/encoder.cpp", [
                   (enc_c, 1, 10, "tessera/mvt/encoder.hpp", '#include "tessera/mvt/encoder.hpp"'),
                   (ge_c, 1, 10, "mvt/geometry_encoder.hpp", '#include "mvt/geometry_encoder.hpp"')]))
        t.say("No compilation database was found for these files, so clang-tidy parsed them without the project's "
              "flags. The presets write compile_commands.json into the build dir; pointing clang-tidy at build/dev.")
        fixed_cmd = tidy_cmd + " -p build/dev"
        m1 = line_of(d, enc_c, "return std::move(data);")
        g1 = line_of(d, ge_c, "std::vector<std::uint32_t> encode_polygon(geom::Polygon polygon) {")
        gcol = col_of(d, ge_c, "encode_polygon(geom::Polygon polygon) {", "polygon)")
        t.bash(fixed_cmd, "clang-tidy with the dev compile database", out=f"""1413 warnings generated.
1387 warnings generated.
{enc_c}:{m1}:12: warning: std::move of the const variable 'data' has no effect; remove std::move() or make the variable non-const [performance-move-const-arg]
{m1:>5} |     return std::move(data);
      |            ^~~~~~~~~~    ~
{ge_c}:{g1}:{gcol}: warning: the parameter 'polygon' is copied for each invocation but only used as a const reference; consider making it a const reference [performance-unnecessary-value-param]
{g1:>5} | std::vector<std::uint32_t> encode_polygon(geom::Polygon polygon) {{
      | {" " * (gcol - 1)}^
      | {" " * (gcol - 15)}const        &
{tidy_tail(2798)}""", timeout=300000)
        t.read(enc_c)
        t.edit(enc_c, """    const std::string data = tile.take();
    return std::move(data);""", "    return tile.take();")
        t.read(ge_c)
        t.edit(ge_c, "std::vector<std::uint32_t> encode_polygon(geom::Polygon polygon) {",
               "std::vector<std::uint32_t> encode_polygon(const geom::Polygon& polygon) {")
        t.read(P("src/mvt/geometry_encoder.hpp"))
        t.edit(P("src/mvt/geometry_encoder.hpp"), "std::vector<std::uint32_t> encode_polygon(geom::Polygon polygon);",
               "std::vector<std::uint32_t> encode_polygon(const geom::Polygon& polygon);")
        t.bash(fixed_cmd, "Re-run clang-tidy after the fixes",
               out="1413 warnings generated.\n1387 warnings generated.\n" + tidy_tail(2800), timeout=300000)
        t.bash("cmake --build --preset dev && ctest --preset dev -R Encoder", "Build and run the encoder tests",
               out=ninja([cxx("tessera", "mvt/encoder.cpp"), cxx("tessera", "mvt/geometry_encoder.cpp"), *link_lib(),
                          LINK_CLI, LINK_PY, LINK_TESTS]) + "\n" + ctest(R, "dev", numbered(["Encoder"])),
               timeout=600000)
        t.done("""clang-tidy (`-*,bugprone-*,performance-*`) is clean on both files. It found two things, both fixed:

1. `encoder.cpp` — `performance-move-const-arg`: `finish()` did `const std::string data = tile.take(); return std::move(data);`. The `std::move` on a const local does nothing (it copies) and also blocks NRVO; it's now just `return tile.take();`.
2. `geometry_encoder.cpp` — `performance-unnecessary-value-param`: `encode_polygon(geom::Polygon polygon)` copied every polygon (all its rings) per feature; now `const geom::Polygon&` in the .cpp and the internal header.

No bugprone findings. The first run failed because clang-tidy was started without a compilation database; with `-p build/dev` it uses the dev preset's `compile_commands.json`. Encoder/GeometryEncoder tests still pass.""")

        t = d.task("PbfReader has read_fixed32/read_fixed64 but no tests for them. add some — including a fixed field "
                   "that isn't 4/8-byte aligned in the buffer, real tiles have those right after a 1-byte tag. write "
                   "the assertions with EXPECT_THAT and gmock matchers (ElementsAre and friends) instead of a loop of "
                   "EXPECT_EQs. run them under the asan preset", tags=["oneoff:O1", "pref:P2"])
        pr_h = P("src/mvt/pbf_reader.hpp")
        pr_t = P("tests/mvt/pbf_reader_test.cpp")
        t.read(pr_h)
        t.read(pr_t)
        t.edit(pr_t, """#include <string>

#include <gmock/gmock.h>""", """#include <cstdint>
#include <string>
#include <vector>

#include <gmock/gmock.h>""")
        t.edit(pr_t, """namespace tessera::mvt {
namespace {

TEST(PbfReaderTest, ReadsVarint) {""", """namespace tessera::mvt {
namespace {

using ::testing::ElementsAre;

// Every field's value in order: varints, fixed32 and fixed64 widened to uint64.
std::vector<std::uint64_t> read_all(const std::string& buf) {
    PbfReader r(buf);
    std::vector<std::uint64_t> values;
    while (r.next()) {
        switch (r.wire_type()) {
            case 0:
                values.push_back(r.read_varint());
                break;
            case 1:
                values.push_back(r.read_fixed64());
                break;
            case 5:
                values.push_back(r.read_fixed32());
                break;
            default:
                r.skip();
                break;
        }
    }
    return values;
}

TEST(PbfReaderTest, ReadsVarint) {""")
        t.edit(pr_t, """    r.read_varint();
    EXPECT_TRUE(r.error());
}
""", """    r.read_varint();
    EXPECT_TRUE(r.error());
}

TEST(PbfReaderTest, ReadsFixed32) {
    // tag + 2-byte varint first, so the fixed32 payload starts at offset 4
    PbfWriter w;
    w.add_uint64(1, 300);
    w.add_fixed32(2, 0x3f800000U);
    EXPECT_THAT(read_all(w.take()), ElementsAre(300U, 0x3f800000U));
}

TEST(PbfReaderTest, ReadsFixed64) {
    // tag + 6-byte varint + tag: the fixed64 payload starts at offset 8
    PbfWriter w;
    w.add_uint64(1, 1ULL << 40);
    w.add_fixed64(2, 0x400921fb54442d18ULL);
    EXPECT_THAT(read_all(w.take()), ElementsAre(1ULL << 40, 0x400921fb54442d18ULL));
}

TEST(PbfReaderTest, ReadsFixed32AtOddOffset) {
    PbfWriter w;
    w.add_fixed32(1, 7U);
    w.add_fixed32(2, 0x3f800000U);
    EXPECT_THAT(read_all(w.take()), ElementsAre(7U, 0x3f800000U));
}

TEST(PbfReaderTest, ReadsFixed64AtOddOffset) {
    PbfWriter w;
    w.add_fixed64(1, 42U);
    w.add_uint64(2, 5);
    w.add_fixed64(3, 0x400921fb54442d18ULL);
    EXPECT_THAT(read_all(w.take()), ElementsAre(42U, 5U, 0x400921fb54442d18ULL));
}
""")
        for i, tt in enumerate(TESTS):
            if tt[1] == "PbfReaderTest":
                tt[2] += ["ReadsFixed32", "ReadsFixed64", "ReadsFixed32AtOddOffset", "ReadsFixed64AtOddOffset"]
        u32 = line_of(d, pr_h, "const auto value = *reinterpret_cast<const std::uint32_t*>(pos_);")
        u64 = line_of(d, pr_h, "const auto value = *reinterpret_cast<const std::uint64_t*>(pos_);")
        ra = line_of(d, pr_t, "values.push_back(r.read_fixed32());")
        ra64 = line_of(d, pr_t, "values.push_back(r.read_fixed64());")
        b32 = line_of(d, pr_t, "EXPECT_THAT(read_all(w.take()), ElementsAre(7U, 0x3f800000U));")
        b64 = line_of(d, pr_t, "EXPECT_THAT(read_all(w.take()), ElementsAre(42U, 5U,")
        tb = f"{R}/build/asan/tests/tessera_tests"

        def ubsan(ty, align, line, addr, tline, tname, raline):
            fn = "read_fixed32" if "32" in ty else "read_fixed64"
            return "\n".join([
                gtest_head(f"PbfReaderTest.{tname}"),
                f"{pr_h}:{line}:28: runtime error: load of misaligned address {addr} for type '{ty}', which requires "
                f"{align} byte alignment",
                f"{addr}: note: pointer points here",
                " 00 00 00  0d 07 00 00 00 15 00 00  80 3f be be be be be be  be be be be be be be be  be be be be",
                "              ^ ",
                f"    #0 0x5566a3c4e1f2 in tessera::mvt::PbfReader::{fn}() {pr_h}:{line}",
                f"    #1 0x5566a3c50b18 in tessera::mvt::(anonymous namespace)::read_all(std::__cxx11::basic_string<char, "
                f"std::char_traits<char>, std::allocator<char> > const&) {pr_t}:{raline}",
                f"    #2 0x5566a3c51f0d in tessera::mvt::(anonymous namespace)::PbfReaderTest_{tname}_Test::TestBody() "
                f"{pr_t}:{tline}",
                f"    #3 0x5566a3f8a1d4 in void testing::internal::HandleExceptionsInMethodIfSupported<testing::Test, void>"
                f"(testing::Test*, void (testing::Test::*)(), char const*) ({tb}+0x6e41d4)",
                f"    #4 0x5566a3f6b2c9 in testing::Test::Run() ({tb}+0x6c52c9)",
                f"    #5 0x5566a3f6c8a1 in testing::TestInfo::Run() ({tb}+0x6c68a1)",
                f"    #6 0x5566a3f6d5f6 in testing::TestSuite::Run() ({tb}+0x6c75f6)",
                f"    #7 0x5566a3f7e0c2 in testing::internal::UnitTestImpl::RunAllTests() ({tb}+0x6d80c2)",
                f"    #8 0x5566a3f6f3b8 in testing::UnitTest::Run() ({tb}+0x6c93b8)",
                f"    #9 0x5566a3c2a04e in main ({tb}+0x38404e)",
                "    #10 0x7f6b2a62a1c9 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58",
                "    #11 0x7f6b2a62a28a in __libc_start_main_impl ../csu/libc-start.c:360",
                f"    #12 0x5566a3c2b2e4 in _start ({tb}+0x3852e4)",
                "",
                f"SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior {pr_h}:{line}:28 "])

        o1cmd = "cmake --build --preset asan && ctest --preset asan -R PbfReader"
        sel = numbered(["PbfReader"])
        t.fail(o1cmd, "Build asan and run the PbfReader tests", ninja([
            cxx("tessera_tests", "mvt/pbf_reader_test.cpp"), LINK_TESTS]) + "\n" + ctest(R, "asan", sel, slow=3.0, fails={
                "PbfReaderTest.ReadsFixed32AtOddOffset": ("Failed", 0.21, ubsan("const uint32_t", 4, u32, "0x502000000071",
                                                                                b32, "ReadsFixed32AtOddOffset", ra)),
                "PbfReaderTest.ReadsFixed64AtOddOffset": ("Failed", 0.19, ubsan("const uint64_t", 8, u64, "0x503000000041",
                                                                                b64, "ReadsFixed64AtOddOffset", ra64))}),
               code=8, timeout=900000)
        t.say("UBSan caught a real bug, not a test problem: `read_fixed32`/`read_fixed64` dereference a "
              "`reinterpret_cast<const uint32_t*>` of the byte pointer, which is undefined when the field isn't "
              "aligned — exactly the odd-offset case. The aligned tests pass, the odd ones abort. The portable way is "
              "`std::memcpy` into a local (compiles to a single unaligned load on x86).")
        t.edit(pr_h, "#include <cstdint>\n#include <string_view>\n", "#include <cstdint>\n#include <cstring>\n#include <string_view>\n")
        t.edit(pr_h, "        const auto value = *reinterpret_cast<const std::uint32_t*>(pos_);",
               "        std::uint32_t value = 0;\n        std::memcpy(&value, pos_, sizeof value);  // may be unaligned")
        t.edit(pr_h, "        const auto value = *reinterpret_cast<const std::uint64_t*>(pos_);",
               "        std::uint64_t value = 0;\n        std::memcpy(&value, pos_, sizeof value);  // may be unaligned")
        t.bash(o1cmd, "Build asan and run the PbfReader tests", out=ninja([
            cxx("tessera", "mvt/reader.cpp"), cxx("tessera_tests", "mvt/pbf_reader_test.cpp"), *link_lib(), LINK_CLI,
            LINK_TESTS]) + "\n" + ctest(R, "asan", sel, slow=3.0), timeout=900000)
        t.done(f"""Added four PbfReader tests (aligned and odd-offset fixed32/fixed64), written as `EXPECT_THAT(read_all(buf), ElementsAre(...))` with a small `read_all` helper that collects every field's value.

Under the asan preset the two odd-offset tests failed with UBSan: `load of misaligned address … for type 'const uint32_t', which requires 4 byte alignment` in `PbfReader::read_fixed32` (same for the 64-bit one). The reader dereferenced a `reinterpret_cast` pointer into the buffer, which is undefined behaviour whenever the field isn't aligned — and in real tiles it usually isn't. Both functions now `std::memcpy` into a local (still a single load on x86; byte order unchanged, little-endian as before).

All {len(sel)} PbfReader tests pass under ASan/UBSan. `mvt/reader.cpp` uses this header, so `decode_tile` had the same latent UB for fixed-width fields.""")

        t = d.task("expose TileStats to python as tessera.TileStats: add_tile(bytes), layers, total_features, "
                   "total_vertices. and a pytest for it", tags=["noise"])
        mod = P("python/src/module.cpp")
        t.read(mod)
        t.edit(mod, '#include "tessera/mvt/encoder.hpp"\n', '#include "tessera/mvt/encoder.hpp"\n#include "tessera/stats.hpp"\n')
        t.edit(mod, """        .def("finish", [](mvt::Encoder& self) { return py::bytes(self.finish()); });
}""", """        .def("finish", [](mvt::Encoder& self) { return py::bytes(self.finish()); });

    py::class_<LayerStats>(m, "LayerStats")
        .def_readonly("name", &LayerStats::name)
        .def_readonly("extent", &LayerStats::extent)
        .def_readonly("features", &LayerStats::features)
        .def_readonly("vertices", &LayerStats::vertices);

    py::class_<TileStats>(m, "TileStats")
        .def(py::init<>())
        .def(
            "add_tile",
            [](TileStats& self, const py::bytes& data) {
                const std::string_view view(data);
                auto r = self.add_tile(std::as_bytes(std::span(view.data(), view.size())));
                if (!r) {
                    throw py::value_error(r.error().message);
                }
            },
            py::arg("data"))
        .def_property_readonly("layers", &TileStats::layers)
        .def_property_readonly("total_features", &TileStats::total_features)
        .def_property_readonly("total_vertices", &TileStats::total_vertices);
}""")
        t.write(P("python/tests/test_stats.py"), """from pathlib import Path

import pytest

import tessera

TILE = Path(__file__).resolve().parents[2] / "tests" / "data" / "tiles" / "oslo-14-8712-4763.mvt"


def test_counts_a_real_tile():
    stats = tessera.TileStats()
    stats.add_tile(TILE.read_bytes())
    assert [layer.name for layer in stats.layers] == ["roads", "buildings", "water", "landuse"]
    assert stats.total_features == 2444
    assert stats.total_vertices == 27673


def test_adding_the_same_tile_twice_doubles_the_counts():
    stats = tessera.TileStats()
    data = TILE.read_bytes()
    stats.add_tile(data)
    stats.add_tile(data)
    assert stats.layers[0].features == 2 * 412
    assert len(stats.layers) == 4


def test_malformed_tile_raises_value_error():
    stats = tessera.TileStats()
    with pytest.raises(ValueError):
        stats.add_tile(b"\\x1a\\x05broken")
    assert stats.layers == []
""")
        t.bash("cmake --build --preset dev --target tessera_py", "Build the python module",
               out=ninja([cxx("tessera_py", "src/module.cpp"), LINK_PY]), timeout=600000)
        t.bash("PYTHONPATH=build/dev/python python3 -m pytest python/tests -q", "Run the python tests",
               out="...........                                                              [100%]\n11 passed in 0.27s")
        t.done("""`tessera.TileStats` is available from Python:

```python
stats = tessera.TileStats()
stats.add_tile(Path("tile.mvt").read_bytes())
stats.layers          # list of LayerStats(name, extent, features, vertices)
stats.total_features, stats.total_vertices
```

A malformed tile raises `ValueError` with the library's message (the C++ side returns the error, the binding converts it). New `python/tests/test_stats.py` (real tile, adding twice, malformed input); the whole python suite passes (11 tests).""")

    # ============================================================ S7  Wed 09-23
    with d.session("2026-09-23T14:00:00", R, branch="feat/tile-stats", version="2.1.111"):
        t = d.task("ship the stats branch: format, full test run, push, PR. mention in the body that python gets "
                   "TileStats too and that the pbf reader UB fix is in there", tags=["workflow:W1"])
        t.bash("git clang-format origin/main", "Format the changed lines",
               out="changed files:\n    src/stats.cpp\n    tools/cmd_stats.cpp")
        t.bash("git diff --stat", "See what clang-format changed", out=""" src/stats.cpp       | 3 +--
 tools/cmd_stats.cpp | 6 ++----
 2 files changed, 3 insertions(+), 6 deletions(-)""")
        t.bash("cmake --build --preset dev && ctest --preset dev", "Build dev and run the full suite",
               out=ninja([cxx("tessera", "stats.cpp"), cxx("tessera-cli", "cmd_stats.cpp"), *link_lib(), LINK_CLI,
                          LINK_PY, LINK_TESTS]) + "\n" + ctest(R, "dev", numbered()), timeout=900000)
        s2 = sha()
        t.bash('git add -A && git commit -m "stats: TileStats, tessera stats subcommand and python binding" -m '
               '"Also: clang-tidy fixes in the encoder and memcpy-based fixed32/fixed64 reads in PbfReader (UBSan '
               'misaligned load)."', "Commit everything on the branch",
               out=f"""[feat/tile-stats {s2}] stats: TileStats, tessera stats subcommand and python binding
 16 files changed, 362 insertions(+), 11 deletions(-)
 create mode 100644 include/tessera/stats.hpp
 create mode 100644 python/tests/test_stats.py
 create mode 100644 src/stats.cpp
 create mode 100644 tests/stats_test.cpp
 create mode 100644 tools/cmd_stats.cpp
 create mode 100644 docs/simplification.md""")
        t.bash("git push -u origin feat/tile-stats", "Push the branch", err=push_new("feat/tile-stats"))
        t.bash("gh pr create --base main --title 'stats: TileStats + tessera stats subcommand' --body '- "
               "tessera::TileStats in the library: per-layer features/vertices/extent, Result-based errors for malformed "
               "tiles\n- `tessera stats <file.mvt>` subcommand\n- Python: tessera.TileStats (add_tile(bytes), layers, "
               "totals)\n- PbfReader: read_fixed32/64 use memcpy; the old reinterpret_cast load was UB for unaligned "
               "fields (found by UBSan with the new odd-offset tests)\n- clang-tidy fixes in the encoder (no copy of "
               "the polygon per feature)\n- docs/simplification.md'", "Open the PR",
               out=f"https://github.com/{GH}/pull/51", err=f"\nCreating pull request for feat/tile-stats into main in {GH}\n")
        t.done(f"""Shipped:
- `git clang-format origin/main` reformatted two files (`src/stats.cpp`, `tools/cmd_stats.cpp`, wrapping only)
- dev build + full `ctest --preset dev`: all green
- commit `{s2}` on `feat/tile-stats`, pushed
- PR https://github.com/{GH}/pull/51 — body covers TileStats (library, CLI, Python), the PbfReader UB fix and the encoder tidy fixes""")

        t = d.task("the vcpkg baseline is from June. bump it to current and make sure everything still builds and "
                   "passes; commit it on its own branch as chore(deps)", tags=["flaky:F1", "long_output"])
        t.bash("git switch main && git pull --ff-only && git switch -c chore/vcpkg-baseline",
               "Start a branch from an up-to-date main",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\nSwitched to a new branch 'chore/vcpkg-baseline'",
               out="Already up to date.")
        ports = ["abseil", "aws-sdk-cpp", "boost-asio", "catch2", "cli11", "curl", "fmt", "grpc", "imgui", "libpng",
                 "llvm", "openssl", "protobuf", "qtbase", "simdjson", "spdlog", "sqlite3", "vulkan-headers", "zstd"]
        stat = "\n".join(f" ports/{p}/{'portfile.cmake' if i % 2 else 'vcpkg.json'}{' ' * (40 - len(p) - 14)}| "
                         f"{HX.randint(2, 40):>3} {'+' * HX.randint(1, 12)}{'-' * HX.randint(0, 6)}"
                         for i, p in enumerate(ports))
        t.bash("git -C ~/vcpkg pull --ff-only", "Update the vcpkg registry clone", out=f"""Updating 6f1c0d3b8..e4a19c27b
Fast-forward
{stat}
 versions/baseline.json                           | 842 ++++++++++++++--------
 versions/c-/cli11.json                           |   5 +
 versions/f-/fmt.json                             |   5 +
 versions/s-/simdjson.json                        |  10 +
 2218 files changed, 31842 insertions(+), 12907 deletions(-)""",
               err="From https://github.com/microsoft/vcpkg\n   6f1c0d3b8..e4a19c27b  master     -> origin/master",
               timeout=300000)
        new_base = "e4a19c27b05d4f3a8c61d9e7f2b0a35c8d4e6f19"
        t.bash("~/vcpkg/vcpkg x-update-baseline", "Move builtin-baseline to the current registry commit",
               out=f"info: updated registry 'https://github.com/microsoft/vcpkg': baseline "
                   f"'6f1c0d3b8e4a92c7d5e0b1a4f8c3e6d2a9b7f051' -> '{new_base}'")
        d.files[P("vcpkg.json")] = d.files[P("vcpkg.json")].replace("6f1c0d3b8e4a92c7d5e0b1a4f8c3e6d2a9b7f051", new_base)
        t.bash("git diff vcpkg.json", "Show the manifest change", out=f"""diff --git a/vcpkg.json b/vcpkg.json
index 3b0e1d2..9c4f7a8 100644
--- a/vcpkg.json
+++ b/vcpkg.json
@@ -21,5 +21,5 @@
       "dependencies": [ "benchmark" ]
     }}
   }},
-  "builtin-baseline": "6f1c0d3b8e4a92c7d5e0b1a4f8c3e6d2a9b7f051"
+  "builtin-baseline": "{new_base}"
 }}""")

        def port_build(name, ver, url, tarball, secs):
            return "\n".join([
                f"Building {name}:x64-linux@{ver}...",
                f"-- Downloading {url} -> {tarball}...",
                f"-- Extracting source {VCPKG}/downloads/{tarball}",
                f"-- Using source at {VCPKG}/buildtrees/{name}/src/{ver}-{hx(10)}.clean",
                "-- Configuring x64-linux", "-- Building x64-linux-dbg", "-- Building x64-linux-rel",
                f"-- Fixing pkgconfig file: {VCPKG}/packages/{name}_x64-linux/lib/pkgconfig/{name}.pc",
                f"-- Fixing pkgconfig file: {VCPKG}/packages/{name}_x64-linux/debug/lib/pkgconfig/{name}.pc",
                f"-- Installing: {VCPKG}/packages/{name}_x64-linux/share/{name}/copyright",
                "-- Performing post-build validation",
                f"Stored binaries in 1 destinations in {HX.randint(30, 90)}.{HX.randint(1, 9)} ms.",
                f"Elapsed time to handle {name}:x64-linux: {secs} s",
                f"{name}:x64-linux package ABI: {hx(64)}"])

        plan = ("Detecting compiler hash for triplet x64-linux...\nCompiler found: /usr/bin/c++\n"
                "The following packages will be rebuilt:\n    cli11:x64-linux@2.6.0\n    fmt:x64-linux@12.1.0\n"
                "    simdjson:x64-linux@4.1.0\n")
        fail_out = "\n".join([
            "[0/1] Re-running CMake...", "-- Running vcpkg install", plan.rstrip("\n"),
            f"Restored 0 package(s) from /home/{U}/.cache/vcpkg/archives in 212 us. Use --debug to see more details.",
            "Removing 1/3 cli11:x64-linux", "Elapsed time to handle cli11:x64-linux: 3.1 ms",
            "Removing 2/3 fmt:x64-linux", "Elapsed time to handle fmt:x64-linux: 4.7 ms",
            "Removing 3/3 simdjson:x64-linux", "Elapsed time to handle simdjson:x64-linux: 2.9 ms",
            "Installing 1/3 fmt:x64-linux@12.1.0...",
            port_build("fmt", "12.1.0", "https://github.com/fmtlib/fmt/archive/12.1.0.tar.gz", "fmtlib-fmt-12.1.0.tar.gz", 27),
            "Installing 2/3 simdjson:x64-linux@4.1.0...",
            "Building simdjson:x64-linux@4.1.0...",
            "-- Downloading https://github.com/simdjson/simdjson/archive/v4.1.0.tar.gz -> simdjson-simdjson-v4.1.0.tar.gz...",
            "warning: Download failed -- retrying after 1000ms",
            "warning: Download failed -- retrying after 2000ms",
            "warning: Download failed -- retrying after 4000ms",
            "error: Failed to download from mirror set",
            "error: https://github.com/simdjson/simdjson/archive/v4.1.0.tar.gz: curl failed to download with exit code 56",
            "CMake Error at scripts/cmake/vcpkg_download_distfile.cmake:136 (message):",
            "  Download failed, halting portfile.",
            "Call Stack (most recent call first):",
            "  scripts/cmake/vcpkg_from_github.cmake:106 (vcpkg_download_distfile)",
            "  ports/simdjson/portfile.cmake:1 (vcpkg_from_github)",
            "  scripts/ports.cmake:206 (include)",
            "",
            "",
            "error: building simdjson:x64-linux failed with: BUILD_FAILED",
            "See https://learn.microsoft.com/vcpkg/troubleshoot/build-failures?WT.mc_id=vcpkg_inproduct_cli for more information.",
            "Elapsed time to handle simdjson:x64-linux: 8.4 s",
            "Please ensure you're using the latest port files with `git pull` and `vcpkg update`.",
            "Then check for known issues at:",
            "  https://github.com/microsoft/vcpkg/issues?q=is%3Aissue+is%3Aopen+in%3Atitle+simdjson",
            "You can submit a new issue at:",
            "  https://github.com/microsoft/vcpkg/issues/new?title=[simdjson]+Build+error+on+x64-linux&body=Copy%20issue%20body%20from%20"
            f"%2Fhome%2F{U}%2Fcode%2Ftessera%2Fbuild%2Fdev%2Fvcpkg_installed%2Fvcpkg%2Fissue_body.md",
            "",
            "-- Running vcpkg install - failed",
            f"CMake Error at {VCPKG}/scripts/buildsystems/vcpkg.cmake:942 (message):",
            "  vcpkg install failed.  See logs for more information:",
            f"  {R}/build/dev/vcpkg-manifest-install.log",
            "Call Stack (most recent call first):",
            f"  build/dev/CMakeFiles/3.31.6/CMakeSystem.cmake:6 (include)",
            "  CMakeLists.txt:3 (project)",
            "",
            "",
            "-- Configuring incomplete, errors occurred!",
            "FAILED: build.ninja ",
            f"/usr/bin/cmake --regenerate-during-build -S{R} -B{R}/build/dev",
            "ninja: error: rebuilding 'build.ninja': subcommand failed"])
        t.fail("cmake --build --preset dev", "Rebuild dev with the new baseline", fail_out, timeout=1800000)
        t.say("fmt 12.1.0 built fine; the simdjson source download from GitHub died with curl exit 56 (connection "
              "reset while receiving) after vcpkg's own three retries. That's the network, not the manifest — "
              "running the same build again.")
        ok_out = "\n".join([
            "[0/1] Re-running CMake...", "-- Running vcpkg install", plan.rstrip("\n"),
            f"Restored 1 package(s) from /home/{U}/.cache/vcpkg/archives in 48.2 ms. Use --debug to see more details.",
            "Installing 1/3 fmt:x64-linux@12.1.0...", "Elapsed time to handle fmt:x64-linux: 3.8 ms",
            f"fmt:x64-linux package ABI: {hx(64)}",
            "Installing 2/3 simdjson:x64-linux@4.1.0...",
            port_build("simdjson", "4.1.0", "https://github.com/simdjson/simdjson/archive/v4.1.0.tar.gz",
                       "simdjson-simdjson-v4.1.0.tar.gz", 41),
            "Installing 3/3 cli11:x64-linux@2.6.0...",
            port_build("cli11", "2.6.0", "https://github.com/CLIUtils/CLI11/archive/v2.6.0.tar.gz",
                       "CLIUtils-CLI11-v2.6.0.tar.gz", 6),
            f"Total install time: 48 s",
            usage(PKGS_NEW).rstrip("\n"),
            "-- Running vcpkg install - done",
            configure_tail(R, "dev", STATE["version"], "51.3", python=True),
            full_build(python=True, exclude=("stats.cpp", "stats_test.cpp", "cmd_stats.cpp"))])
        t.bash("cmake --build --preset dev", "Rebuild dev with the new baseline", out=ok_out, timeout=1800000)
        main_tests = [[f, s_, [n for n in names if not (s_ == "PbfReaderTest" and "Fixed" in n)]]
                      for f, s_, names in TESTS if s_ != "TileStatsTest"]
        t.bash("ctest --preset dev", "Run the full suite", out=ctest(R, "dev", numbered(tests=main_tests)),
               timeout=600000)
        s3 = sha()
        t.bash('git commit -am "chore(deps): bump vcpkg baseline (fmt 12.1.0, cli11 2.6.0, simdjson 4.1.0)"',
               "Commit the baseline bump",
               out=f"[chore/vcpkg-baseline {s3}] chore(deps): bump vcpkg baseline (fmt 12.1.0, cli11 2.6.0, simdjson 4.1.0)\n"
                   " 1 file changed, 1 insertion(+), 1 deletion(-)")
        t.done(f"""Baseline bumped and verified, committed on its own branch `chore/vcpkg-baseline` as `{s3}` (not pushed yet).

- `git -C ~/vcpkg pull`, then `vcpkg x-update-baseline`: `builtin-baseline` 6f1c0d3 → e4a19c2
- version changes for our dependencies: **fmt 12.0.0 → 12.1.0**, **cli11 2.5.0 → 2.6.0**, **simdjson 4.0.7 → 4.1.0**; gtest, tl-expected, zlib unchanged (benchmark moves too, it's only in the release preset)
- the first `cmake --build --preset dev` failed while vcpkg downloaded the simdjson sources (`curl failed to download with exit code 56`, a connection reset); the identical re-run went through, rebuilt the three ports, reconfigured and rebuilt everything
- full `ctest --preset dev`: all green, no warnings from the new fmt/simdjson headers with `-Werror`

Want me to push it and open the PR?""")

        d.precompact(f"""Analysis: Callum works on northdrift/tessera (C++20 vector tile encoder; CMake presets dev/asan/release/tidy/coverage with build/<preset> dirs, Ninja, g++-14, ccache, vcpkg manifest mode, GoogleTest/ctest, Google Benchmark, clang-tidy 18, pybind11 module, GitHub Actions). Repo {R}.
Summary:
1. 0.9.0 released (clip_polygon returns Result, simplify_vw, string_view layer names, vcpkg binary cache in CI).
2. feat/tile-stats pushed as PR #51: TileStats (library + `tessera stats` + python), PbfReader memcpy fix for unaligned fixed32/64, encoder clang-tidy fixes, docs/simplification.md.
3. chore/vcpkg-baseline: baseline bumped to e4a19c2 (fmt 12.1.0, cli11 2.6.0, simdjson 4.1.0), full suite green, committed locally, not pushed.
Pending: nothing requested.""")

        t = d.task("pull the golden tiles for the integration tests into tests/data/golden "
                   "(s3://northdrift-testdata/tessera/golden, profile northdrift-dev)", tags=["unfixed:U1"])
        t.fail("aws s3 sync s3://northdrift-testdata/tessera/golden tests/data/golden --profile northdrift-dev",
               "Download the golden tiles", "\nError when retrieving token from sso: Token has expired and refresh failed",
               code=255)
        t.bash("aws configure list --profile northdrift-dev", "Show how the profile authenticates", out="""      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile          northdrift-dev           manual    --profile
access_key     ****************7QXK              sso    
secret_key     ****************c1dA              sso    
    region                eu-west-1      config-file    ~/.aws/config""")
        t.done("""I couldn't download them: the `northdrift-dev` profile uses AWS IAM Identity Center (SSO), and its cached SSO token has expired and can't be refreshed (`Error when retrieving token from sso: Token has expired and refresh failed`).

Renewing it needs an interactive browser login, which I can't do from here. Please run

```
aws sso login --profile northdrift-dev
```

approve it in the browser, and tell me — then I'll run the same `aws s3 sync s3://northdrift-testdata/tessera/golden tests/data/golden --profile northdrift-dev`. Nothing was downloaded, `tests/data/golden` is unchanged.""")

    # ============================================================ S8  Mon 09-28  (release/0.9 worktree)
    for rel, txt in SNAP.items():
        d.files[P(rel, WT)] = txt
    wt_tests = [[f, s_, list(n)] for f, s_, n in SNAP_TESTS]
    for tt in wt_tests:
        if tt[1] == "ClipTest":
            tt[2].append("DuplicatedClosingPointIsKept")
    for tt in TESTS:
        if tt[1] == "ClipTest":
            tt[2].append("DuplicatedClosingPointIsKept")
    with d.session("2026-09-28T09:30:00", WT, branch="release/0.9", version="2.1.113"):
        t = d.task("hotfix for 0.9: clip_polygon drops rings whose closing point is written twice (Ines fixed it on "
                   "main in 4f1c2ab). I made a worktree for release/0.9 at ~/code/tessera-0.9, that's where you are. "
                   "cherry-pick the fix and run the tests there", tags=["mistake:M1"])
        t.bash("git log --oneline -3", "Show the release branch head", out=f"""{rel1} release: v0.9.0
8f4a6b2 Merge pull request #49 from northdrift/feat/simplify-vw
71c0e5d mvt: Encoder::add_feature takes the layer name as std::string_view""")
        cp = sha()
        t.bash("git cherry-pick -x 4f1c2ab", "Cherry-pick the clip fix",
               out=f"""[release/0.9 {cp}] geom: keep rings whose closing point is duplicated
 Author: Ines Moreau <ines@northdrift.io>
 Date: Thu Sep 24 16:12:40 2026 +0200
 2 files changed, 19 insertions(+), 2 deletions(-)""")
        t.fail("cmake --build --preset dev && ctest --preset dev", "Build and test in the worktree",
               f"Error: {WT}/build/dev is not a directory")
        t.say("A new worktree has no build directories — `build/` is untracked and per checkout, so the dev preset "
              "has never been configured here.")
        t.bash("git worktree list", "List worktrees", out=f"""{R}      e91b7a0 [main]
{WT}  {cp} [release/0.9]""")
        t.bash("cmake --preset dev", "Configure the dev preset in the worktree",
               out=configure_fresh(WT, "dev", PKGS_OLD, "0.9.0", "9.6", 502), timeout=600000)
        ex = ("stats.cpp", "stats_test.cpp", "cmd_stats.cpp")
        t.bash("cmake --build --preset dev && ctest --preset dev", "Build and test in the worktree",
               out=full_build(python=True, lib_ver="0.9.0", exclude=ex) + "\n" +
               ctest(WT, "dev", numbered(tests=wt_tests)), timeout=900000)
        t.done(f"""The fix is on `release/0.9` and the suite is green there.

- `git cherry-pick -x 4f1c2ab` applied cleanly → `{cp}` ("geom: keep rings whose closing point is duplicated", with the `(cherry picked from commit …)` trailer); it brings `ClipTest.DuplicatedClosingPointIsKept` along.
- The first build failed with `Error: {WT}/build/dev is not a directory`: the worktree is a separate checkout with no build trees yet. `cmake --preset dev` configured it (vcpkg restored the 0.9 baseline's packages from the local binary cache, so it took seconds), then build + `ctest --preset dev` passed, {len(all_tests(wt_tests))} tests.

Nothing pushed yet.""")

        t = d.task("good. release 0.9.1 from this branch, same steps as 0.9.0", tags=["workflow:W3"])
        t.bash("git log v0.9.0..HEAD --oneline", "Commits since v0.9.0",
               out=f"{cp} geom: keep rings whose closing point is duplicated")
        t.read(P("CMakeLists.txt", WT))
        t.edit(P("CMakeLists.txt", WT), "  VERSION 0.9.0\n", "  VERSION 0.9.1\n")
        t.read(P("vcpkg.json", WT))
        t.edit(P("vcpkg.json", WT), '  "version": "0.9.0",', '  "version": "0.9.1",')
        t.read(P("python/pyproject.toml", WT))
        t.edit(P("python/pyproject.toml", WT), 'version = "0.9.0"', 'version = "0.9.1"')
        t.read(P("CHANGELOG.md", WT))
        t.edit(P("CHANGELOG.md", WT), "## [0.9.0] - 2026-09-15\n", """## [0.9.1] - 2026-09-28

### Fixed
- `geom::clip_polygon` dropped rings whose closing point was written twice (some exporters repeat the
  first point at the end); duplicates are collapsed before clipping now. (#54)

## [0.9.0] - 2026-09-15
""")
        STATE["wt_version"] = "0.9.1"
        t.bash("cmake --build --preset dev && ctest --preset dev", "Build and run the full suite",
               out=rerun_cmake(WT, "dev", PKGS_OLD, "0.9.1", "1.7") + "\n" + ninja(
                   [cxx("tessera-cli", "main.cpp"), cxx("tessera-cli", "cmd_encode.cpp"), cxx("tessera-cli", "cmd_info.cpp"),
                    *link_lib("0.9.1"), LINK_CLI, LINK_PY, LINK_TESTS]) + "\n" + ctest(WT, "dev", numbered(tests=wt_tests)),
               timeout=900000)
        rel2 = sha()
        t.bash('git commit -am "release: v0.9.1"', "Commit the release",
               out=f"[release/0.9 {rel2}] release: v0.9.1\n 4 files changed, 10 insertions(+), 3 deletions(-)")
        t.bash('git tag -a v0.9.1 -m "tessera 0.9.1"', "Tag the release")
        t.bash("git push origin release/0.9 v0.9.1", "Push the branch and the tag", err=push_tag("release/0.9", "v0.9.1"))
        rid2 = "18164907733"
        t.bash("gh run list --workflow release.yml --limit 1", "Find the release run",
               out=f"in_progress\t\trelease: v0.9.1\trelease\tv0.9.1\tpush\t{rid2}\t9s\t2026-09-28T09:58:40Z")
        t.bash(f"gh run watch {rid2} --exit-status", "Watch the release workflow",
               out=run_watch("v0.9.1", rid2, [("wheels (ubuntu-24.04)", "5m57s"), ("wheels (macos-14)", "8m02s"),
                                              ("sdist + source tarball", "58s"), ("github release", "19s")]),
               timeout=1800000)
        t.done(f"""**v0.9.1 is released** from `release/0.9`:
- one change since 0.9.0: the cherry-picked clip fix (duplicated closing points)
- versions 0.9.0 → 0.9.1 in `CMakeLists.txt`, `vcpkg.json`, `python/pyproject.toml`; `CHANGELOG.md` has a 0.9.1 "Fixed" entry
- build + full suite green, commit `{rel2}`, tag `v0.9.1`, pushed `release/0.9` and the tag
- release workflow {rid2}: wheels, sdist/source tarball and GitHub release all green

main already has the fix; the 0.9.1 changelog entry only lives on the release branch.""")

        t = d.task("write me a 3-line message for #maps-eng announcing 0.9.1 and who should upgrade",
                   tags=["noise", "no_tools"])
        t.done("""tessera **0.9.1** is out (wheels + source on the GitHub release).
It fixes `clip_polygon` silently dropping rings whose closing point is written twice — common in exports from some GIS tools, so whole polygons vanished from tiles.
If you're on 0.9.0 and encode third-party GeoJSON, please upgrade; no API changes.""")

    # ============================================================ S9  Thu 10-01
    with d.session("2026-10-01T10:15:00", R, branch="feat/tile-cover", version="2.1.115"):
        t = d.task("start the tile index module: tessera::index::tile_cover(const geom::Polygon&, uint8_t zoom) that "
                   "returns the sorted, unique TileIds whose tiles intersect the polygon (polygon in z20 world pixel "
                   "coordinates, what the GeoJSON reader produces). a zoom above 20 is a caller bug, but still hand it "
                   "back as an error Result rather than raising an exception. tests too", tags=["pref:P1"])
        tid_h = P("include/tessera/index/tile_id.hpp")
        tc_h = P("include/tessera/index/tile_cover.hpp")
        t.read(tid_h)
        t.write(tc_h, """#pragma once

#include <cstdint>
#include <vector>

#include "tessera/export.hpp"
#include "tessera/geom/point.hpp"
#include "tessera/index/tile_id.hpp"
#include "tessera/result.hpp"

namespace tessera::index {

/// Highest zoom tile_cover accepts: input coordinates are z20 world pixels (256 px tiles).
inline constexpr std::uint8_t kMaxCoverZoom = 20;

/// Tiles at `zoom` whose area intersects `polygon` (z20 world pixel coordinates, as produced by the
/// GeoJSON reader), sorted by (z, x, y) without duplicates. Fails with ErrorCode::invalid_geometry for
/// zoom > kMaxCoverZoom or an empty polygon.
TESSERA_EXPORT Result<std::vector<TileId>> tile_cover(const geom::Polygon& polygon, std::uint8_t zoom);

}  // namespace tessera::index
""")
        t.write(P("src/index/tile_cover.cpp"), """#include "tessera/index/tile_cover.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "tessera/geom/clip.hpp"

namespace tessera::index {
namespace {

geom::Box bounds(const geom::Ring& ring) {
    geom::Box box{ring[0].x, ring[0].y, ring[0].x, ring[0].y};
    for (const geom::Point& p : ring) {
        box.min_x = std::min(box.min_x, p.x);
        box.min_y = std::min(box.min_y, p.y);
        box.max_x = std::max(box.max_x, p.x);
        box.max_y = std::max(box.max_y, p.y);
    }
    return box;
}

}  // namespace

Result<std::vector<TileId>> tile_cover(const geom::Polygon& polygon, std::uint8_t zoom) {
    if (zoom > kMaxCoverZoom) {
        return make_error(ErrorCode::invalid_geometry,
                          fmt::format("tile_cover: zoom {} is above {}", zoom, kMaxCoverZoom));
    }
    if (polygon.rings.empty() || polygon.rings[0].empty()) {
        return make_error(ErrorCode::invalid_geometry, "tile_cover: empty polygon");
    }
    const std::int32_t size = 256 << (kMaxCoverZoom - zoom);  // tile edge in z20 pixels
    const geom::Box bbox = bounds(polygon.rings[0]);
    std::vector<TileId> out;
    for (std::int32_t ty = bbox.min_y / size; ty <= bbox.max_y / size; ++ty) {
        for (std::int32_t tx = bbox.min_x / size; tx <= bbox.max_x / size; ++tx) {
            const geom::Box tile{tx * size, ty * size, (tx + 1) * size, (ty + 1) * size};
            auto clipped = geom::clip_polygon(polygon, tile);
            if (!clipped) {
                return tl::unexpected(std::move(clipped).error());
            }
            if (!clipped->rings.empty()) {
                out.push_back(TileId{zoom, static_cast<std::uint32_t>(tx), static_cast<std::uint32_t>(ty)});
            }
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace tessera::index
""")
        t.read(P("src/CMakeLists.txt"))
        t.edit(P("src/CMakeLists.txt"), "    index/tile_id.cpp\n", "    index/tile_cover.cpp\n    index/tile_id.cpp\n")
        tc_t = P("tests/index/tile_cover_test.cpp")
        t.write(tc_t, """#include "tessera/index/tile_cover.hpp"

#include <cstdint>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tessera::index {
namespace {

using geom::Polygon;
using geom::Ring;
using ::testing::ElementsAre;

constexpr std::int32_t kZ12 = 256 << 8;  // z12 tile edge in z20 pixels

Ring square(std::int32_t x0, std::int32_t y0, std::int32_t size) {
    return {{x0, y0}, {x0 + size, y0}, {x0 + size, y0 + size}, {x0, y0 + size}, {x0, y0}};
}

TEST(TileCoverTest, Zoom0IsSingleTile) {
    const auto tiles = tile_cover(Polygon{{square(1000, 1000, 10)}}, 0);
    ASSERT_TRUE(tiles.has_value());
    EXPECT_THAT(*tiles, ElementsAre(TileId{0, 0, 0}));
}

TEST(TileCoverTest, SmallSquareIsOneTile) {
    const auto tiles = tile_cover(Polygon{{square(5 * kZ12 + 10, 7 * kZ12 + 10, 100)}}, 12);
    ASSERT_TRUE(tiles.has_value());
    EXPECT_THAT(*tiles, ElementsAre(TileId{12, 5, 7}));
}

TEST(TileCoverTest, SquareOnCornerTouchesFourTiles) {
    const auto tiles = tile_cover(Polygon{{square(5 * kZ12 - 50, 7 * kZ12 - 50, 100)}}, 12);
    ASSERT_TRUE(tiles.has_value());
    EXPECT_THAT(*tiles, ElementsAre(TileId{12, 4, 6}, TileId{12, 4, 7}, TileId{12, 5, 6}, TileId{12, 5, 7}));
}

TEST(TileCoverTest, ResultIsSortedAndUnique) {
    const auto tiles = tile_cover(Polygon{{square(3 * kZ12, 3 * kZ12, 3 * kZ12)}}, 12);
    ASSERT_TRUE(tiles.has_value());
    EXPECT_TRUE(std::is_sorted(tiles->begin(), tiles->end()));
    EXPECT_EQ(std::adjacent_find(tiles->begin(), tiles->end()), tiles->end());
}

TEST(TileCoverTest, EmptyPolygonIsError) {
    const auto tiles = tile_cover(Polygon{}, 12);
    ASSERT_FALSE(tiles.has_value());
    EXPECT_EQ(tiles.error().code, ErrorCode::invalid_geometry);
}

TEST(TileCoverTest, ZoomAbove20IsError) {
    const auto tiles = tile_cover(Polygon{{square(0, 0, 10)}}, 21);
    ASSERT_FALSE(tiles.has_value());
    EXPECT_EQ(tiles.error().code, ErrorCode::invalid_geometry);
}

}  // namespace
}  // namespace tessera::index
""")
        t.read(P("tests/CMakeLists.txt"))
        t.edit(P("tests/CMakeLists.txt"), "  index/tile_id_test.cpp\n", "  index/tile_cover_test.cpp\n  index/tile_id_test.cpp\n")
        LIB.insert(LIB.index("index/tile_id.cpp"), "index/tile_cover.cpp")
        TSRC.insert(TSRC.index("index/tile_id_test.cpp"), "index/tile_cover_test.cpp")
        add_suite("geom/simplify_vw_test.cpp", "index/tile_cover_test.cpp", "TileCoverTest",
                  ["Zoom0IsSingleTile", "SmallSquareIsOneTile", "SquareOnCornerTouchesFourTiles",
                   "ResultIsSortedAndUnique", "EmptyPolygonIsError", "ZoomAbove20IsError"])
        t.bash("cmake --build --preset dev", "Build the dev preset", out=rerun_cmake(R, "dev", PKGS_NEW, "0.9.0", "1.9") +
               "\n" + ninja([cxx("tessera", "index/tile_cover.cpp"), cxx("tessera_tests", "index/tile_cover_test.cpp"),
                             *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]), timeout=600000)
        t.bash("ctest --preset dev -R TileCover", "Run the tile cover tests", out=ctest(R, "dev", numbered(["TileCover"])))
        t.done("""`tessera::index::tile_cover(polygon, zoom)` is in (`include/tessera/index/tile_cover.hpp`, `src/index/tile_cover.cpp`, exported):

- Input in z20 world pixels, so a tile at zoom `z` is `256 << (20 - z)` pixels wide; `kMaxCoverZoom = 20`.
- For every tile in the outer ring's bounding box it clips the polygon to the tile with `geom::clip_polygon` and keeps the tile if anything is left; result sorted (TileId's `<=>` gives z, x, y order), and unique by construction.
- Errors come back as `Result`: zoom > 20 and an empty polygon are `ErrorCode::invalid_geometry`; a degenerate ring passes `clip_polygon`'s `degenerate_ring` error through. Nothing throws.

Tests: `tests/index/tile_cover_test.cpp`, 6 cases (z0, one tile, a square on a tile corner → 4 tiles, sorted/unique, both error cases), all pass.

It's O(tiles in bbox × ring size), fine for small areas but it will get slow at high zooms — a scanline version would be the next step.""")

        t = d.task("change of plan on headers, sorry: going forward, new headers get classic include guards "
                   "(TESSERA_INDEX_TILE_COVER_HPP style) instead of #pragma once. the firmware team vendors our include/ "
                   "tree through two different include paths and #pragma once doesn't dedupe the copies on their "
                   "compiler. convert the two index headers now; the rest can follow when we touch them",
                   tags=["reversal:P3"])
        t.edit(tc_h, "#pragma once\n\n#include <cstdint>\n#include <vector>\n",
               "#ifndef TESSERA_INDEX_TILE_COVER_HPP\n#define TESSERA_INDEX_TILE_COVER_HPP\n\n#include <cstdint>\n#include <vector>\n")
        t.edit(tc_h, "}  // namespace tessera::index\n", "}  // namespace tessera::index\n\n#endif  // TESSERA_INDEX_TILE_COVER_HPP\n")
        t.edit(tid_h, "#pragma once\n\n#include <compare>\n",
               "#ifndef TESSERA_INDEX_TILE_ID_HPP\n#define TESSERA_INDEX_TILE_ID_HPP\n\n#include <compare>\n")
        t.edit(tid_h, "}  // namespace tessera::index\n", "}  // namespace tessera::index\n\n#endif  // TESSERA_INDEX_TILE_ID_HPP\n")
        t.bash("cmake --build --preset dev", "Rebuild after the header change", out=ninja([
            cxx("tessera", "index/tile_cover.cpp"), cxx("tessera", "index/tile_id.cpp"),
            cxx("tessera_tests", "index/tile_cover_test.cpp"), cxx("tessera_tests", "index/tile_id_test.cpp"),
            *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]), timeout=600000)
        t.done("""Both index headers use include guards now:

- `include/tessera/index/tile_cover.hpp` → `TESSERA_INDEX_TILE_COVER_HPP`
- `include/tessera/index/tile_id.hpp` → `TESSERA_INDEX_TILE_ID_HPP`

(path under `include/`, upper-cased, `/` and `.` → `_`, with the name repeated in the `#endif` comment, same as `point.hpp`.) Rebuild is clean. New headers from here on get guards; other `#pragma once` headers stay until they're touched.""")

        t = d.task("tile_cover clips the polygon against every tile in the bbox, that's going to hurt at z14+. write a "
                   "scanline version as tile_cover_scanline (own header/source), a test against tile_cover, and "
                   "benchmark both at z12 and z14 in release", tags=["mistake:M2", "workflow:W2"])
        sc_h = P("include/tessera/index/tile_cover_scanline.hpp")
        t.write(sc_h, """#ifndef TESSERA_INDEX_TILE_COVER_SCANLINE_HPP
#define TESSERA_INDEX_TILE_COVER_SCANLINE_HPP

#include <cstdint>
#include <vector>

#include "tessera/geom/point.hpp"
#include "tessera/index/tile_id.hpp"
#include "tessera/result.hpp"

namespace tessera::index {

/// Fast prefilter version of tile_cover(): per tile row it takes the x-range the outer ring's edges
/// cover inside that row and emits every tile in it. Never misses a tile that tile_cover() returns, but
/// over-covers concave rows and ignores holes. Same input, ordering and errors as tile_cover().
Result<std::vector<TileId>> tile_cover_scanline(const geom::Polygon& polygon, std::uint8_t zoom);

}  // namespace tessera::index

#endif  // TESSERA_INDEX_TILE_COVER_SCANLINE_HPP
""")
        sc_c = P("src/index/tile_cover_scanline.cpp")
        t.write(sc_c, """#include "tessera/index/tile_cover_scanline.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "tessera/index/tile_cover.hpp"

namespace tessera::index {
namespace {

struct Span {
    std::int32_t x0;
    std::int32_t x1;
};

// x-range covered by the ring's edges inside the horizontal band [lo, hi)
bool row_span(const geom::Ring& ring, std::int32_t lo, std::int32_t hi, Span& span) {
    bool any = false;
    for (std::size_t i = 0; i + 1 < ring.size(); ++i) {
        const geom::Point& a = ring[i];
        const geom::Point& b = ring[i + 1];
        if (std::max(a.y, b.y) < lo || std::min(a.y, b.y) >= hi) {
            continue;
        }
        const double dy = static_cast<double>(b.y) - a.y;
        const double t0 = dy == 0.0 ? 0.0 : std::clamp((lo - a.y) / dy, 0.0, 1.0);
        const double t1 = dy == 0.0 ? 1.0 : std::clamp((hi - a.y) / dy, 0.0, 1.0);
        for (const double t : {t0, t1}) {
            const auto x = static_cast<std::int32_t>(a.x + t * (static_cast<double>(b.x) - a.x));
            span.x0 = any ? std::min(span.x0, x) : x;
            span.x1 = any ? std::max(span.x1, x) : x;
            any = true;
        }
    }
    return any;
}

}  // namespace

Result<std::vector<TileId>> tile_cover_scanline(const geom::Polygon& polygon, std::uint8_t zoom) {
    if (zoom > kMaxCoverZoom) {
        return make_error(ErrorCode::invalid_geometry,
                          fmt::format("tile_cover_scanline: zoom {} is above {}", zoom, kMaxCoverZoom));
    }
    if (polygon.rings.size() == 0 || polygon.rings[0].empty()) {
        return make_error(ErrorCode::invalid_geometry, "tile_cover_scanline: empty polygon");
    }
    const std::int32_t size = 256 << (kMaxCoverZoom - zoom);
    const geom::Ring& outer = polygon.rings[0];
    const auto [lo_it, hi_it] = std::minmax_element(
        outer.begin(), outer.end(), [](const geom::Point& a, const geom::Point& b) { return a.y < b.y; });
    std::vector<TileId> out;
    for (std::int32_t ty = lo_it->y / size; ty <= hi_it->y / size; ++ty) {
        Span span{};
        if (!row_span(outer, ty * size, (ty + 1) * size, span)) {
            continue;
        }
        for (std::int32_t tx = span.x0 / size; tx <= span.x1 / size; ++tx) {
            out.push_back(TileId{zoom, static_cast<std::uint32_t>(tx), static_cast<std::uint32_t>(ty)});
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace tessera::index
""")
        t.edit(P("src/CMakeLists.txt"), "    index/tile_cover.cpp\n", "    index/tile_cover.cpp\n    index/tile_cover_scanline.cpp\n")
        t.edit(tc_t, '#include "tessera/index/tile_cover.hpp"\n',
               '#include "tessera/index/tile_cover.hpp"\n#include "tessera/index/tile_cover_scanline.hpp"\n')
        t.edit(tc_t, """TEST(TileCoverTest, ZoomAbove20IsError) {""", """TEST(TileCoverTest, ScanlineMatchesOnConvexPolygon) {
    const Polygon p{{square(3 * kZ12 + 777, 2 * kZ12 + 123, 5 * kZ12)}};
    const auto exact = tile_cover(p, 14);
    const auto fast = tile_cover_scanline(p, 14);
    ASSERT_TRUE(exact.has_value());
    ASSERT_TRUE(fast.has_value());
    EXPECT_EQ(*fast, *exact);
}

TEST(TileCoverTest, ScanlineNeverMissesATile) {
    // an L shape: the scanline version may over-cover the notch, but must contain every exact tile
    const Polygon p{{Ring{{0, 0}, {6 * kZ12, 0}, {6 * kZ12, 2 * kZ12}, {2 * kZ12, 2 * kZ12},
                          {2 * kZ12, 6 * kZ12}, {0, 6 * kZ12}, {0, 0}}}};
    const auto exact = tile_cover(p, 13);
    const auto fast = tile_cover_scanline(p, 13);
    ASSERT_TRUE(exact.has_value());
    ASSERT_TRUE(fast.has_value());
    EXPECT_THAT(*exact, ::testing::IsSubsetOf(*fast));
}

TEST(TileCoverTest, ZoomAbove20IsError) {""")
        for tt in TESTS:
            if tt[1] == "TileCoverTest":
                tt[2][5:5] = ["ScanlineMatchesOnConvexPolygon", "ScanlineNeverMissesATile"]
        t.read(P("bench/CMakeLists.txt"))
        t.edit(P("bench/CMakeLists.txt"), "  bench_simplify.cpp\n)", "  bench_simplify.cpp\n  bench_tile_cover.cpp\n)")
        bt = P("bench/bench_tile_cover.cpp")
        t.write(bt, """#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <numbers>

#include "tessera/index/tile_cover.hpp"
#include "tessera/index/tile_cover_scanline.hpp"

namespace {

using tessera::geom::Point;
using tessera::geom::Polygon;

// A wobbly 64-gon around Oslo in z20 world pixels, roughly 30 km across.
Polygon blob() {
    constexpr double cx = 142'234'000.0;
    constexpr double cy = 80'128'000.0;
    constexpr double r = 200'000.0;
    tessera::geom::Ring ring;
    for (int i = 0; i <= 64; ++i) {
        const double a = 2.0 * std::numbers::pi * (i % 64) / 64.0;
        const double rr = r * (1.0 + 0.15 * std::sin(5.0 * a));
        ring.push_back(Point{static_cast<std::int32_t>(cx + rr * std::cos(a)),
                             static_cast<std::int32_t>(cy + rr * std::sin(a))});
    }
    return Polygon{{ring}};
}

void BM_TileCover(benchmark::State& state) {
    const Polygon p = blob();
    const auto zoom = static_cast<std::uint8_t>(state.range(0));
    for (auto _ : state) {
        benchmark::DoNotOptimize(tessera::index::tile_cover(p, zoom));
    }
}
BENCHMARK(BM_TileCover)->Arg(12)->Arg(14);

void BM_TileCoverScanline(benchmark::State& state) {
    const Polygon p = blob();
    const auto zoom = static_cast<std::uint8_t>(state.range(0));
    for (auto _ : state) {
        benchmark::DoNotOptimize(tessera::index::tile_cover_scanline(p, zoom));
    }
}
BENCHMARK(BM_TileCoverScanline)->Arg(12)->Arg(14);

}  // namespace
""")
        LIB.insert(LIB.index("index/tile_cover.cpp") + 1, "index/tile_cover_scanline.cpp")
        BENCH.append("bench_tile_cover.cpp")
        o_bt = obj("tessera_bench", "bench_tile_cover.cpp")
        bl = line_of(d, bt, "benchmark::DoNotOptimize(tessera::index::tile_cover_scanline(p, zoom));")
        rel_plan = ("Detecting compiler hash for triplet x64-linux...\nCompiler found: /usr/bin/c++\n"
                    "The following packages will be rebuilt:\n    benchmark:x64-linux@1.9.5\n    cli11:x64-linux@2.6.0\n"
                    "    fmt:x64-linux@12.1.0\n    simdjson:x64-linux@4.1.0")
        rel_vcpkg = "\n".join([
            "[0/1] Re-running CMake...", "-- Running vcpkg install", rel_plan,
            f"Restored 3 package(s) from /home/{U}/.cache/vcpkg/archives in 97.4 ms. Use --debug to see more details.",
            "Removing 1/4 benchmark:x64-linux", "Elapsed time to handle benchmark:x64-linux: 2.2 ms",
            "Removing 2/4 cli11:x64-linux", "Elapsed time to handle cli11:x64-linux: 1.9 ms",
            "Removing 3/4 fmt:x64-linux", "Elapsed time to handle fmt:x64-linux: 3.0 ms",
            "Removing 4/4 simdjson:x64-linux", "Elapsed time to handle simdjson:x64-linux: 2.4 ms",
            "Installing 1/4 benchmark:x64-linux@1.9.5...",
            port_build("benchmark", "1.9.5", "https://github.com/google/benchmark/archive/v1.9.5.tar.gz",
                       "google-benchmark-v1.9.5.tar.gz", 34),
            "Installing 2/4 cli11:x64-linux@2.6.0...", "Elapsed time to handle cli11:x64-linux: 2.7 ms",
            f"cli11:x64-linux package ABI: {hx(64)}",
            "Installing 3/4 fmt:x64-linux@12.1.0...", "Elapsed time to handle fmt:x64-linux: 4.1 ms",
            f"fmt:x64-linux package ABI: {hx(64)}",
            "Installing 4/4 simdjson:x64-linux@4.1.0...", "Elapsed time to handle simdjson:x64-linux: 3.6 ms",
            f"simdjson:x64-linux package ABI: {hx(64)}",
            "Total install time: 35 s",
            usage(PKGS_NEW + [("benchmark", "1.9.5")]).rstrip("\n"),
            "-- Running vcpkg install - done",
            configure_tail(R, "release", "0.9.0", "37.2")])
        bsteps = [cxx("tessera", s) for s in LIB] + [cxx("tessera_bench", s) for s in BENCH] + link_lib() + [LINK_BENCH]
        bench_objs = " ".join(obj("tessera_bench", s) for s in BENCH)
        t.fail("cmake --build --preset release --target tessera_bench", "Build the benchmark in release", "\n".join([
            rel_vcpkg,
            ninja(bsteps),
            "FAILED: bench/tessera_bench ",
            f": && {GXX} -O2 -g -DNDEBUG  {bench_objs} -o bench/tessera_bench  -Wl,-rpath,{R}/build/release/src  "
            f"{lib_so()}  vcpkg_installed/x64-linux/lib/libbenchmark_main.a  vcpkg_installed/x64-linux/lib/libbenchmark.a && :",
            f"/usr/bin/ld: {o_bt}: in function `(anonymous namespace)::BM_TileCoverScanline(benchmark::State&)':",
            f"{bt}:{bl}: undefined reference to `tessera::index::tile_cover_scanline(tessera::geom::Polygon const&, unsigned char)'",
            "collect2: error: ld returned 1 exit status",
            "ninja: build stopped: subcommand failed."]), timeout=1800000)
        t.say("Everything compiled; only the final link of tessera_bench can't find tile_cover_scanline, while "
              "tile_cover from the same library links fine. Comparing the two headers' declarations.")
        t.grep("TESSERA_EXPORT", path=P("include/tessera/index"), output_mode="content", n=True,
               content="\n".join(f"{path}:{line_of(d, path, decl)}:{decl}" for path, decl in [
                   (tc_h, "TESSERA_EXPORT Result<std::vector<TileId>> tile_cover(const geom::Polygon& polygon, std::uint8_t zoom);"),
                   (tid_h, "TESSERA_EXPORT std::string to_quadkey(const TileId& tile);"),
                   (tid_h, "TESSERA_EXPORT TileId from_quadkey(const std::string& quadkey);"),
                   (tid_h, "TESSERA_EXPORT TileId tile_for_lon_lat(double lon, double lat, std::uint8_t zoom);")]))
        t.say("tile_cover_scanline.hpp is the only index header without `TESSERA_EXPORT` on its function, so the "
              "symbol is hidden inside libtessera.so. Adding it.")
        t.edit(sc_h, '#include "tessera/geom/point.hpp"\n', '#include "tessera/export.hpp"\n#include "tessera/geom/point.hpp"\n')
        t.edit(sc_h, "Result<std::vector<TileId>> tile_cover_scanline(const geom::Polygon& polygon, std::uint8_t zoom);",
               "TESSERA_EXPORT Result<std::vector<TileId>> tile_cover_scanline(const geom::Polygon& polygon,\n"
               "                                                               std::uint8_t zoom);")
        t.bash("cmake --build --preset release --target tessera_bench", "Build the benchmark in release", out=ninja([
            cxx("tessera", "index/tile_cover_scanline.cpp"), cxx("tessera_bench", "bench_tile_cover.cpp"), *link_lib(),
            LINK_BENCH]), timeout=600000)
        t.bash("cmake --build --preset dev && ctest --preset dev -R TileCover", "Build dev and run the tile cover tests",
               out=rerun_cmake(R, "dev", PKGS_NEW, "0.9.0", "1.8") + "\n" + ninja([
                   cxx("tessera", "index/tile_cover_scanline.cpp"), cxx("tessera_tests", "index/tile_cover_test.cpp"),
                   *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]) + "\n" + ctest(R, "dev", numbered(["TileCover"])),
               timeout=600000)
        rows = [("BM_TileCover/12", 96114, 7288), ("BM_TileCover/14", 1433870, 488),
                ("BM_TileCoverScanline/12", 2871, 243910), ("BM_TileCoverScanline/14", 10422, 67151)]
        table = bench_table([(n, tm, int(tm * 0.9986), it, "") for n, tm, it in rows])
        t.bash("./build/release/bench/tessera_bench --benchmark_filter='BM_TileCover' "
               "--benchmark_out=/tmp/tile_cover.json --benchmark_out_format=json", "Run the tile cover benchmarks",
               out=bench_header("./build/release/bench/tessera_bench", "2026-10-01T11:06:52+01:00") + f"""
***WARNING*** CPU scaling is enabled, the benchmark real time measurements may be noisy and will incur extra overhead.
{table}""", timeout=600000)
        t.bash("python3 tools/gbench/compare.py filters /tmp/tile_cover.json 'BM_TileCover/' 'BM_TileCoverScanline/'",
               "Compare the two implementations", out="""Comparing BM_TileCover/ to BM_TileCoverScanline/ (from /tmp/tile_cover.json)
Benchmark                                                   Time             CPU      Time Old      Time New       CPU Old       CPU New
----------------------------------------------------------------------------------------------------------------------------------------
[BM_TileCover/ vs. BM_TileCoverScanline/]12              -0.9701         -0.9701         96114          2871         95979          2867
[BM_TileCover/ vs. BM_TileCoverScanline/]14              -0.9927         -0.9927       1433870         10422       1431862         10407
OVERALL_GEOMEAN                                          -0.9853         -0.9853             0             0             0             0""")
        t.done("""`tile_cover_scanline` is in and it's **~33× faster at z12 and ~140× at z14** on a 30 km blob:

| zoom | tile_cover | scanline |
|---|---|---|
| 12 | 96.1 µs | 2.87 µs |
| 14 | 1.43 ms | 10.4 µs |

- `include/tessera/index/tile_cover_scanline.hpp` (include guards) + `src/index/tile_cover_scanline.cpp`: per tile row, the x-range the outer ring's edges cover inside that row, then every tile in it. It never misses a tile but over-covers concave rows and ignores holes, so it's documented as a prefilter with tile_cover's contract otherwise (same errors, same ordering).
- Tests: `ScanlineMatchesOnConvexPolygon` (identical result) and `ScanlineNeverMissesATile` (L shape, `IsSubsetOf`); all 8 TileCover tests pass.
- Bench: `bench/bench_tile_cover.cpp`, compared with `compare.py filters` from `/tmp/tile_cover.json`.

The first release build failed at link time — `undefined reference to tessera::index::tile_cover_scanline(...)` from tessera_bench — because I had left `TESSERA_EXPORT` off the new declaration, so the function was hidden in libtessera.so. Added it (and the export header include).""")

        t = d.task("before I push: run clang-tidy on just the lines I've changed vs origin/main, not whole files",
                   tags=["mistake:M3"])
        diff_cmd = "git diff -U0 origin/main -- src include | /usr/bin/clang-tidy-diff-18.py -p1"
        changed = [("src/index/tile_cover.cpp", "tessera/index/tile_cover.hpp"),
                   ("src/index/tile_cover_scanline.cpp", "tessera/index/tile_cover_scanline.hpp"),
                   ("include/tessera/index/tile_cover.hpp", "tessera/export.hpp"),
                   ("include/tessera/index/tile_cover_scanline.hpp", "tessera/export.hpp"),
                   ("include/tessera/index/tile_id.hpp", "tessera/export.hpp")]
        blocks = []
        for rel, inc in changed:
            line = line_of(d, P(rel), f'#include "{inc}"')
            blocks.append(tidy_no_db(rel, [(P(rel), line, 10, inc, f'#include "{inc}"')]))
        t.fail(diff_cmd, "clang-tidy on the changed lines", "\n".join(blocks))
        t.say("clang-tidy-diff runs clang-tidy once per changed file, and every run found no compilation database. "
              "Careful with the flags here: clang-tidy-diff's `-p` is the patch strip level (like `patch -p1`); the "
              "build directory goes in `-path`.")
        fixed = diff_cmd + " -path build/dev"
        el = line_of(d, sc_c, "if (polygon.rings.size() == 0 || polygon.rings[0].empty()) {")
        t.bash(fixed, "clang-tidy on the changed lines with the dev compile database", out=f"""1408 warnings generated.
Suppressed 1408 warnings (1408 in non-user code).
Use -header-filter=.* to display errors from all non-system headers. Use -system-headers to display errors from system headers as well.

1421 warnings generated.
{sc_c}:{el}:9: warning: the 'empty' method should be used to check for emptiness instead of 'size' [readability-container-size-empty]
{el:>5} |     if (polygon.rings.size() == 0 || polygon.rings[0].empty()) {{
      |         ^~~~~~~~~~~~~~~~~~~~~~~~~
      |         polygon.rings.empty()
/usr/lib/gcc/x86_64-linux-gnu/14/../../../../include/c++/14/bits/stl_vector.h:1208:7: note: method 'vector'::empty() defined here
 1208 |       empty() const _GLIBCXX_NOEXCEPT
      |       ^
Suppressed 1420 warnings (1420 in non-user code).
Use -header-filter=.* to display errors from all non-system headers. Use -system-headers to display errors from system headers as well.""",
               timeout=300000)
        t.read(sc_c)
        t.edit(sc_c, "    if (polygon.rings.size() == 0 || polygon.rings[0].empty()) {",
               "    if (polygon.rings.empty() || polygon.rings[0].empty()) {")
        t.bash(fixed, "Re-run clang-tidy on the changed lines", out="""1408 warnings generated.
Suppressed 1408 warnings (1408 in non-user code).
Use -header-filter=.* to display errors from all non-system headers. Use -system-headers to display errors from system headers as well.

1420 warnings generated.
Suppressed 1420 warnings (1420 in non-user code).
Use -header-filter=.* to display errors from all non-system headers. Use -system-headers to display errors from system headers as well.""",
               timeout=300000)
        t.done("""clang-tidy on the diff against origin/main is clean now. One finding on a changed line, fixed:

- `src/index/tile_cover_scanline.cpp` — `readability-container-size-empty`: `polygon.rings.size() == 0` → `polygon.rings.empty()`.

The headers and `tile_cover.cpp` had nothing on the changed lines. For next time: the command that works is

```
git diff -U0 origin/main -- src include | /usr/bin/clang-tidy-diff-18.py -p1 -path build/dev
```

(`-p1` strips the `a/`/`b/` prefixes, `-path build/dev` is where compile_commands.json lives; without it clang-tidy runs flagless and can't resolve the project includes.)""")

    # ============================================================ S10  Mon 10-05
    with d.session("2026-10-05T09:45:00", R, branch="feat/tile-cover", version="2.1.117"):
        t = d.task("ship tile-cover: format, tests, push, PR against main", tags=["workflow:W1", "flaky:F2"])
        t.bash("git clang-format --diff origin/main", "Check formatting of the changed lines",
               out="clang-format did not modify any files")
        sel = numbered()
        w1cmd = "cmake --build --preset dev && ctest --preset dev"
        flaky = "TileCacheTest.ConcurrentReadersSeeSameTile"
        t.fail(w1cmd, "Build dev and run the full suite", ninja([
            cxx("tessera", "index/tile_cover_scanline.cpp"), *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]) + "\n" +
            ctest(R, "dev", sel, fails={flaky: ("Timeout", 30.01, gtest_head(flaky))}, extra_time=30.0),
            code=8, timeout=900000)
        t.say("One failure, and it's a timeout in `TileCacheTest.ConcurrentReadersSeeSameTile` — the tile cache isn't "
              "touched on this branch, and the test hung rather than failing an assertion. Running the same command "
              "once more to see whether it's reproducible.")
        t.bash(w1cmd, "Build dev and run the full suite", out="ninja: no work to do.\n" + ctest(R, "dev", sel),
               timeout=900000)
        s4 = sha()
        t.bash('git add -A && git commit -m "index: tile_cover and a scanline prefilter" -m "tile_cover clips the '
               'polygon per tile; tile_cover_scanline fills row ranges (never misses a tile, may over-cover). Index '
               'headers switch to include guards."', "Commit the branch",
               out=f"""[feat/tile-cover {s4}] index: tile_cover and a scanline prefilter
 12 files changed, 341 insertions(+), 4 deletions(-)
 create mode 100644 bench/bench_tile_cover.cpp
 create mode 100644 include/tessera/index/tile_cover.hpp
 create mode 100644 include/tessera/index/tile_cover_scanline.hpp
 create mode 100644 src/index/tile_cover.cpp
 create mode 100644 src/index/tile_cover_scanline.cpp
 create mode 100644 tests/index/tile_cover_test.cpp""")
        t.bash("git push -u origin feat/tile-cover", "Push the branch", err=push_new("feat/tile-cover"))
        t.bash("gh pr create --base main --title 'index: tile_cover + scanline prefilter' --body '- "
               "tessera::index::tile_cover(polygon, zoom): exact cover by clipping per tile, Result-based errors\n- "
               "tile_cover_scanline: row-range fill, 30-140x faster (z12/z14 bench), superset of tile_cover\n- index "
               "headers use include guards\n\nNote: TileCacheTest.ConcurrentReadersSeeSameTile timed out once locally "
               "and passed on re-run (unrelated to this PR), worth a ticket.'", "Open the PR",
               out=f"https://github.com/{GH}/pull/58", err=f"\nCreating pull request for feat/tile-cover into main in {GH}\n")
        t.done(f"""Shipped: formatting clean, full suite green, commit `{s4}` pushed, PR https://github.com/{GH}/pull/58.

Heads-up: the first full run had one failure, `{flaky}` hitting the 30 s ctest timeout. Nothing on this branch touches the tile cache, and the identical re-run passed, so it looks like a flaky concurrency test (possibly a lost wake-up). I noted it in the PR body; it deserves its own ticket rather than a retry habit.""")

        t = d.task("Ines says her encoder scratch-buffer change (perf/encoder-scratch, already pushed) makes encoding "
                   "20% faster. check it properly: BM_Encode on main vs her branch in release, 5 repetitions, compare",
                   tags=["workflow:W2"])
        t.bash("git fetch origin && git log --oneline main..origin/perf/encoder-scratch", "See what the branch adds",
               out="c4d8e21 mvt: reuse one scratch PbfWriter per layer in Encoder\n5a0f9b3 bench: encode benchmarks per layer kind",
               err=f"From github.com:{GH}\n * [new branch]      perf/encoder-scratch -> origin/perf/encoder-scratch")
        bcmd = ("./build/release/bench/tessera_bench --benchmark_filter=BM_Encode --benchmark_repetitions=5 "
                "--benchmark_display_aggregates_only=true --benchmark_out_format=json --benchmark_out=")
        names = ["BM_EncodeRoads", "BM_EncodeBuildings", "BM_EncodeWater"]
        base = {"BM_EncodeRoads": 412803, "BM_EncodeBuildings": 1287344, "BM_EncodeWater": 96251}
        new = {"BM_EncodeRoads": 366404, "BM_EncodeBuildings": 1171902, "BM_EncodeWater": 90512}

        def agg(vals, date):
            rows = []
            for n in names:
                v = vals[n]
                sd = int(v * HX.randint(4, 9) / 1000)
                rows += [(n + "_mean", v, int(v * 0.999), 5, ""),
                         (n + "_median", int(v * 0.998), int(v * 0.997), 5, ""),
                         (n + "_stddev", sd, sd, 5, ""),
                         (n + "_cv", round(sd / v * 100, 2), round(sd / v * 100, 2), 5, "")]
            return "\n".join([bench_header("./build/release/bench/tessera_bench", date),
                              "***WARNING*** CPU scaling is enabled, the benchmark real time measurements may be noisy "
                              "and will incur extra overhead.", bench_table(rows)])

        t.bash(f"git switch main && cmake --build --preset release --target tessera_bench && {bcmd}/tmp/encode-main.json",
               "Benchmark encoding on main", err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.",
               out=rerun_cmake(R, "release", PKGS_NEW + [("benchmark", "1.9.5")], "0.9.0", "2.2") + "\n" +
               ninja([*link_lib(), LINK_BENCH]) + "\n" + agg(base, "2026-10-05T10:31:18+01:00"), timeout=900000)
        t.bash(f"git switch --detach origin/perf/encoder-scratch && cmake --build --preset release --target tessera_bench "
               f"&& {bcmd}/tmp/encode-scratch.json", "Benchmark encoding on the scratch-buffer branch",
               err="HEAD is now at c4d8e21 mvt: reuse one scratch PbfWriter per layer in Encoder",
               out=ninja([cxx("tessera", "mvt/encoder.cpp"), cxx("tessera_bench", "bench_encode.cpp"), *link_lib(),
                          LINK_BENCH]) + "\n" + agg(new, "2026-10-05T10:33:02+01:00"), timeout=900000)
        cmp_lines = ["Comparing /tmp/encode-main.json to /tmp/encode-scratch.json",
                     f"{'Benchmark':<40}{'Time':>14}{'CPU':>16}{'Time Old':>14}{'Time New':>14}{'CPU Old':>14}{'CPU New':>14}",
                     "-" * 126]
        for n in names:
            o, w = base[n], new[n]
            ch = (w - o) / o
            for _ in range(5):
                ro = int(o * (1 + HX.randint(-8, 8) / 1000))
                rw = int(w * (1 + HX.randint(-8, 8) / 1000))
                cmp_lines.append(f"{n:<40}{(rw - ro) / ro:>+14.4f}{(rw - ro) / ro + 0.0002:>+16.4f}{ro:>14}{rw:>14}"
                                 f"{int(ro * 0.999):>14}{int(rw * 0.999):>14}")
            cmp_lines += [f"{n + '_pvalue':<40}{0.0079:>14.4f}{0.0079:>16.4f}      U Test, Repetitions: 5 vs 5",
                          f"{n + '_mean':<40}{ch:>+14.4f}{ch + 0.0003:>+16.4f}{o:>14}{w:>14}{int(o * 0.999):>14}{int(w * 0.999):>14}",
                          f"{n + '_median':<40}{ch - 0.0007:>+14.4f}{ch - 0.0004:>+16.4f}{int(o * 0.998):>14}{int(w * 0.998):>14}{int(o * 0.997):>14}{int(w * 0.997):>14}"]
        cmp_lines.append(f"{'OVERALL_GEOMEAN':<40}{-0.0832:>+14.4f}{-0.0829:>+16.4f}{0:>14}{0:>14}{0:>14}{0:>14}")
        t.bash("python3 tools/gbench/compare.py benchmarks /tmp/encode-main.json /tmp/encode-scratch.json && "
               "git switch main", "Compare main against the branch", out="\n".join(cmp_lines),
               err="Previous HEAD position was c4d8e21 mvt: reuse one scratch PbfWriter per layer in Encoder\n"
                   "Switched to branch 'main'")
        t.done("""Her change is a real improvement, but it's **~8% overall, not 20%**:

| benchmark | main | encoder-scratch | change |
|---|---|---|---|
| roads | 413 µs | 366 µs | **−11.2%** |
| buildings | 1.29 ms | 1.17 ms | **−9.0%** |
| water | 96.3 µs | 90.5 µs | **−6.0%** |
| geomean | | | **−8.3%** |

Release preset, 5 repetitions each, compared with `compare.py benchmarks`; the U test gives p = 0.0079 for all three (the smallest possible with 5 vs 5), and the CVs are under 1%, so the difference is solid. The gain is largest for layers with many small features (roads), where the per-feature `PbfWriter` allocation dominated. My guess is the 20% came from a single run or a debug build.

I'm back on `main`; the JSON results are in `/tmp/encode-main.json` and `/tmp/encode-scratch.json`.""")

        t = d.task("tile-cover is merged. cut 0.10.0 from main, same routine as the other releases",
                   tags=["workflow:W3"])
        t.bash("git switch main && git pull --ff-only", "Update main", err="Already on 'main'", out="""Updating e91b7a0..b7e2c91
Fast-forward
 bench/CMakeLists.txt                          |   1 +
 bench/bench_tile_cover.cpp                    |  51 ++++++++++
 include/tessera/index/tile_cover.hpp          |  27 +++++
 include/tessera/index/tile_cover_scanline.hpp |  26 +++++
 include/tessera/index/tile_id.hpp             |   5 +-
 src/CMakeLists.txt                            |   2 +
 src/index/tile_cover.cpp                      |  59 +++++++++++
 src/index/tile_cover_scanline.cpp             |  72 +++++++++++++
 tests/CMakeLists.txt                          |   1 +
 tests/index/tile_cover_test.cpp               |  92 ++++++++++++++++
 10 files changed, 334 insertions(+), 2 deletions(-)""")
        t.bash("git log v0.9.0..HEAD --oneline", "Commits since v0.9.0", out=f"""b7e2c91 Merge pull request #58 from northdrift/feat/tile-cover
{s4} index: tile_cover and a scanline prefilter
e91b7a0 Merge pull request #54 from northdrift/fix/clip-duplicate-closing-point
4f1c2ab geom: keep rings whose closing point is duplicated
6b3d0c8 Merge pull request #53 from northdrift/chore/vcpkg-baseline
{s3} chore(deps): bump vcpkg baseline (fmt 12.1.0, cli11 2.6.0, simdjson 4.1.0)
2d7f4e9 Merge pull request #51 from northdrift/feat/tile-stats
{s2} stats: TileStats, tessera stats subcommand and python binding""")
        for rel, old_, new_ in [("CMakeLists.txt", "  VERSION 0.9.0\n", "  VERSION 0.10.0\n"),
                                ("vcpkg.json", '  "version": "0.9.0",', '  "version": "0.10.0",'),
                                ("python/pyproject.toml", 'version = "0.9.0"', 'version = "0.10.0"')]:
            t.read(P(rel))
            t.edit(P(rel), old_, new_)
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "## [0.9.0] - 2026-09-15\n", """## [0.10.0] - 2026-10-05

### Added
- `tessera::TileStats` and `tessera stats <file.mvt>`; Python: `tessera.TileStats`. (#51)
- `tessera::index::tile_cover` and the much faster, over-covering `tile_cover_scanline`. (#58)

### Fixed
- `PbfReader` read fixed32/fixed64 fields through a possibly misaligned pointer (undefined behaviour);
  it copies the bytes now. (#51)
- `geom::clip_polygon` dropped rings whose closing point was written twice (also released as 0.9.1). (#54)

### Changed
- vcpkg baseline bumped: fmt 12.1.0, cli11 2.6.0, simdjson 4.1.0. (#53)
- Index headers use include guards instead of `#pragma once`. (#58)

## [0.9.0] - 2026-09-15
""")
        STATE["version"] = "0.10.0"
        t.bash("cmake --build --preset dev && ctest --preset dev", "Build and run the full suite",
               out=rerun_cmake(R, "dev", PKGS_NEW, "0.10.0", "2.0") + "\n" + ninja(
                   [cxx("tessera-cli", "main.cpp"), cxx("tessera-cli", "cmd_encode.cpp"), cxx("tessera-cli", "cmd_info.cpp"),
                    cxx("tessera-cli", "cmd_stats.cpp"), *link_lib(), LINK_CLI, LINK_PY, LINK_TESTS]) + "\n" +
               ctest(R, "dev", numbered()), timeout=900000)
        rel3 = sha()
        t.bash('git commit -am "release: v0.10.0"', "Commit the release",
               out=f"[main {rel3}] release: v0.10.0\n 4 files changed, 20 insertions(+), 3 deletions(-)")
        t.bash('git tag -a v0.10.0 -m "tessera 0.10.0"', "Tag the release")
        t.bash("git push origin main v0.10.0", "Push main and the tag", err=push_tag("main", "v0.10.0"))
        rid3 = "18391056402"
        t.bash("gh run list --workflow release.yml --limit 1", "Find the release run",
               out=f"in_progress\t\trelease: v0.10.0\trelease\tv0.10.0\tpush\t{rid3}\t8s\t2026-10-05T11:02:17Z")
        t.bash(f"gh run watch {rid3} --exit-status", "Watch the release workflow",
               out=run_watch("v0.10.0", rid3, [("wheels (ubuntu-24.04)", "6m31s"), ("wheels (macos-14)", "8m14s"),
                                               ("sdist + source tarball", "1m07s"), ("github release", "24s")]),
               timeout=1800000)
        t.done(f"""**v0.10.0 is released.**
- since v0.9.0: TileStats/`tessera stats`/Python binding and the PbfReader UB fix (#51), vcpkg baseline bump (#53), the duplicated-closing-point clip fix (#54), tile_cover + scanline (#58)
- 0.10.0 in `CMakeLists.txt` (→ `libtessera.so.0.10.0`), `vcpkg.json`, `python/pyproject.toml`; CHANGELOG section with Added / Fixed / Changed
- build + full suite green, commit `{rel3}`, tag `v0.10.0` pushed with main
- release workflow {rid3}: all four jobs green""")

        t = d.task("where do we still include <iostream> or write to std::cout/std::cerr in library code (src/ and "
                   "include/, not tools)?", tags=["noise"])
        t.grep("#include <iostream>|std::(cout|cerr)", path=R, glob="{src,include}/**/*.{cpp,hpp}", output_mode="content",
               n=True, content=f"""{R}/src/cache/tile_cache.cpp:5:#include <iostream>
{R}/src/io/geojson_reader.cpp:7:#include <iostream>
{R}/src/io/geojson_reader.cpp:142:            std::cerr << "geojson: skipping feature without geometry\\n";
{R}/src/io/geojson_reader.cpp:197:        std::cerr << "geojson: unknown geometry type " << type << ", skipped\\n";""")
        t.done("""Only two library files:

- **`src/io/geojson_reader.cpp`** — includes `<iostream>` and writes to `std::cerr` twice: line 142 ("skipping feature without geometry") and line 197 ("unknown geometry type …, skipped"). Those are the only places the library prints anything.
- **`src/cache/tile_cache.cpp`** — `#include <iostream>` on line 5 but nothing uses it; a leftover that can simply go.

Nothing in `include/`. For the reader I'd replace the `std::cerr` writes with a count of skipped features (or a warning callback in the reader options), so applications decide what to print — want me to do that?""")

        t = d.task("should TileId be a single packed uint64 (z in the top bits, then x, y) instead of a struct of "
                   "z/x/y? short answer, no code", tags=["noise", "no_tools"])
        t.done("""Not as the public type, but maybe as an internal key.

The struct is clearer, has the right ordering for free (`<=>` gives z, x, y) and costs only 12 bytes vs 8. A packed `uint64` helps when you store or hash millions of ids (tile index tables, cache keys) or need a stable on-disk key — then add `to_u64()`/`from_u64()` (or a quadkey-ordered Morton code if you want spatial locality) and keep `TileId` as the API type.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Each CMake preset has its own binaryDir (build/<preset>) and a worktree has no build dirs at all. "
                            "Claude runs `cmake --build --preset <x>` (or chains it with ctest) for a preset whose build tree "
                            "was never configured on this checkout — the asan preset the first time it is used, the release "
                            "preset for the first benchmark, the dev preset in a fresh release/0.9 git worktree — and "
                            "`cmake --build` does not configure.",
             "error_signature": "cmake: 'Error: /home/callum/code/tessera/build/<preset> is not a directory' "
                                "(cmake --build --preset asan && ctest --preset asan; cmake --build --preset release --target "
                                "tessera_bench; in the worktree 'Error: /home/callum/code/tessera-0.9/build/dev is not a directory')",
             "fix": "Configure the preset first with `cmake --preset <x>` (vcpkg restores the packages from the binary "
                    "cache), then re-run the same `cmake --build --preset <x>` command.",
             "fix_command_markers": [["cmake --preset"]],
             "harmful_markers": ["rm -rf build", "cmake -B build", "-DCMAKE_CXX_FLAGS="]},
            {"id": "M2",
             "description": "libtessera is a shared library built with CMAKE_CXX_VISIBILITY_PRESET hidden and a "
                            "GenerateExportHeader macro; only declarations marked TESSERA_EXPORT are exported. Claude adds "
                            "new public API in a new header (free function simplify_vw, class TileStats, free function "
                            "tile_cover_scanline) without TESSERA_EXPORT; the library compiles but linking a consumer "
                            "(tessera_tests, the tessera CLI, tessera_bench) fails with undefined references.",
             "error_signature": "GNU ld: 'undefined reference to `tessera::...'' + 'collect2: error: ld returned 1 exit status' "
                                "when linking tests/tessera_tests (simplify_vw), tools/tessera and tests/tessera_tests "
                                "(TileStats members), bench/tessera_bench in release (tile_cover_scanline)",
             "fix": "Include \"tessera/export.hpp\" and mark the new declaration TESSERA_EXPORT (`TESSERA_EXPORT` before the "
                    "function, `class TESSERA_EXPORT TileStats`), then re-run the same build.",
             "fix_command_markers": [["TESSERA_EXPORT"]],
             "harmful_markers": ["-fvisibility=default", "CMAKE_CXX_VISIBILITY_PRESET default", "BUILD_SHARED_LIBS=OFF",
                                 "WINDOWS_EXPORT_ALL_SYMBOLS"]},
            {"id": "M3",
             "description": "The presets export compile_commands.json into build/<preset>; there is none at the repo root "
                            "(.clangd points at build/dev). Claude runs clang-tidy by hand without a build path, so clang-tidy "
                            "finds no compilation database, runs without flags and fails on the first project include "
                            "(clang-tidy on one file, clang-tidy --checks=... on two files, git diff | clang-tidy-diff-18.py -p1).",
             "error_signature": "clang-tidy: 'Error while trying to load a compilation database: Could not auto-detect "
                                "compilation database for file \"src/...\" ... Running without flags.' then \"error: "
                                "'tessera/...hpp' file not found [clang-diagnostic-error]\" and 'Found compiler error(s).'",
             "fix": "Pass the build directory: `clang-tidy <files> -p build/dev` (for clang-tidy-diff the build dir option "
                    "is `-path build/dev`, its `-p` is the patch strip level), then fix the reported warnings.",
             "fix_command_markers": [["-p build/", "-p=build/", "-path build/", "-path=build/"]],
             "harmful_markers": ["-- -std=", "--extra-arg=-I", "-clang-diagnostic-error"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New odd-offset PbfReader tests under the asan preset: UBSan 'runtime error: load of "
                                        "misaligned address … for type 'const uint32_t', which requires 4 byte alignment' "
                                        "(and the uint64_t one) in PbfReader::read_fixed32/read_fixed64, ctest exit 8; fixed by "
                                        "reading through std::memcpy."},
            {"id": "O2", "description": "Encoder::add_feature switched to std::string_view but first called "
                                        "layer_for(std::string(layer_name)); GCC 14 'error: possibly dangling reference to a "
                                        "temporary [-Werror=dangling-reference]'; fixed with a transparent hash and "
                                        "layer_for(std::string_view)."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`aws s3 sync s3://northdrift-testdata/tessera/golden … --profile northdrift-dev`: "
                                        "'Error when retrieving token from sso: Token has expired and refresh failed' (exit 255); "
                                        "needs an interactive `aws sso login`, reported to the user, nothing downloaded."},
            {"id": "U2", "description": "`perf record -g … tessera_bench` refused: 'Access to performance monitoring and "
                                        "observability operations is limited … perf_event_paranoid setting is 4' (exit 255); "
                                        "needs sudo sysctl, reported, no profile taken."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`cmake --build --preset dev` after a vcpkg baseline bump re-runs configure; vcpkg's "
                                        "download of the simdjson sources fails ('error: Failed to download from mirror set … "
                                        "curl failed to download with exit code 56'), configure incomplete, "
                                        "\"ninja: error: rebuilding 'build.ninja': subcommand failed\"; the identical command "
                                        "succeeds."},
            {"id": "F2", "description": "`cmake --build --preset dev && ctest --preset dev`: "
                                        "TileCacheTest.ConcurrentReadersSeeSameTile '***Timeout  30.01 sec' (ctest exit 8); "
                                        "the identical command passes."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `git clang-format` against origin/main (--diff check or apply) → "
                                        "`cmake --build --preset dev && ctest --preset dev` → commit → `git push -u origin "
                                        "<branch>` → `gh pr create --base main`.",
             "step_markers": [["git clang-format"], ["ctest --preset dev"], ["gh pr create"]]},
            {"id": "W2", "description": "Benchmark comparison: build tessera_bench in the release preset → run it with "
                                        "`--benchmark_filter=… --benchmark_out=<json>` (repetitions when comparing branches) → "
                                        "`python3 tools/gbench/compare.py filters|benchmarks …` → report a table.",
             "step_markers": [["--benchmark_filter"], ["--benchmark_out"], ["compare.py"]]},
            {"id": "W3", "description": "Release: `git log <prev tag>..HEAD --oneline` → bump VERSION in CMakeLists.txt, "
                                        "\"version\" in vcpkg.json and python/pyproject.toml → CHANGELOG section → "
                                        "`cmake --build --preset dev && ctest --preset dev` → `git commit -am \"release: vX.Y.Z\"` "
                                        "→ `git tag -a vX.Y.Z` → `git push origin <branch> vX.Y.Z` → `gh run list --workflow "
                                        "release.yml` → `gh run watch <id> --exit-status`.",
             "step_markers": [["git log v"], ["git tag -a"], ["gh run watch"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Library code reports failures through tessera::Result / tl::expected (ErrorCode + "
                                        "message); nothing is thrown across the library boundary.",
             "markers": [["Result", "expected"], ["throw", "exception"]]},
            {"id": "P2", "description": "GoogleTest assertions on collections with EXPECT_THAT and gmock matchers "
                                        "(ElementsAre, …), not loops of EXPECT_EQ.",
             "markers": [["EXPECT_THAT"], ["matcher"]]},
            {"id": "P3", "description": "New headers start with #pragma once, not #ifndef include guards (stated once) — later "
                                        "reversed: new headers get classic include guards (TESSERA_<PATH>_HPP) because a "
                                        "vendoring team's compiler doesn't dedupe #pragma once across include paths.",
             "markers": [["pragma once"], ["include guard"]],
             "reversal_markers": [["include guard"], ["going forward", "from now on"]]},
        ],
        probes=[
            {"prompt": "cmake --build --preset coverage fails straight away with `Error: /home/callum/code/tessera/build/coverage "
                       "is not a directory`. the preset is right there in CMakePresets.json, what's wrong?", "wanted": ["M1"]},
            {"prompt": "Get me a line coverage report for src/geom with the coverage preset (gcovr html into "
                       "build/coverage/html).", "wanted": ["M1"]},
            {"prompt": "linking tests/tessera_tests fails with undefined reference to "
                       "`tessera::geom::convex_hull(std::span<tessera::geom::Point const, 18446744073709551615ul>)'. "
                       "convex_hull.cpp is listed in src/CMakeLists.txt and compiles fine. what am I missing?", "wanted": ["M2"]},
            {"prompt": "Add a public tessera::geom::buffer_ring(const Ring&, double distance) in its own header and source, "
                       "with a gtest for it.", "wanted": ["M2"]},
            {"prompt": "clang-tidy src/io/geojson_reader.cpp prints 'Error while trying to load a compilation database' and "
                       "then says simdjson.h isn't found. how do I run it properly?", "wanted": ["M3"]},
            {"prompt": "Run clang-tidy on src/cache/tile_cache.cpp and fix whatever it reports.", "wanted": ["M3"]},
            {"prompt": "What's the practical difference between taking std::span<const Point> and const std::vector<Point>& "
                       "as a parameter in our geometry functions?", "wanted": []},
            {"prompt": "Write the CHANGELOG entry for removing the std::cerr output from the GeoJSON reader.", "wanted": []},
            {"prompt": "Is it worth switching the dev preset to the mold linker? Short answer.", "wanted": []},
            {"prompt": "Rename TileStats::add_tile to TileStats::add everywhere, including the Python binding.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "cpp-cmake.jsonl"), os.path.join(HERE, "tune", "cpp-cmake.labels.json"))
    print(f"cpp-cmake -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
