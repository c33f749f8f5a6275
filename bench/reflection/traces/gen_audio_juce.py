"""audio-juce: Owen Hartley, Saltmarsh Audio (two-person plugin company), JUCE 8 synth/effect plugins.

Stack: JUCE 8.0.4 (git submodule) in C++20, CMake 3.30 with Ninja (day to day, Debug) and Xcode generators
(build-xcode, for Xcode/Instruments debugging), clap-juce-extensions, Catch2 v3 via FetchContent + ctest,
pluginval and auval, codesign / pkgbuild / productbuild / notarytool / stapler for signed installers,
a Projucer leftover (Groyne), Python 3.12 preset tools, lldb, GitHub Actions (macOS + Windows) via gh.
macOS 15 on Apple Silicon, Xcode 16.2.

Written blind for fresh/; measured once held out (round 20), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_audio_juce.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "owen"
HOME = "/Users/owen"
DW = f"{HOME}/dev/saltmarsh/driftwood"
BR = f"{HOME}/dev/saltmarsh/brine"
GR = f"{HOME}/dev/saltmarsh/groyne"
MODEL = "claude-opus-4-6"
APP_ID = "Developer ID Application: Saltmarsh Audio Ltd (7QK2M4XW9P)"
INST_ID = "Developer ID Installer: Saltmarsh Audio Ltd (7QK2M4XW9P)"
CXX = "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/c++"
SDK = "/Applications/Xcode.app/Contents/Developer/Platforms/MacOSX.platform/Developer/SDKs/MacOSX15.2.sdk"
HX = random.Random(8080)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def uuidish():
    return f"{hx(8)}-{hx(4)}-4{hx(3)}-{HX.choice('89ab')}{hx(3)}-{hx(12)}"


# ----------------------------------------------------------------------------- files
DW_CMAKE = """cmake_minimum_required(VERSION 3.25)

project(Driftwood VERSION 0.9.4 LANGUAGES C CXX)

set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_OSX_DEPLOYMENT_TARGET "11.0" CACHE STRING "Minimum macOS version")
set(CMAKE_COMPILE_WARNING_AS_ERROR ON)

add_subdirectory(libs/JUCE)
add_subdirectory(libs/clap-juce-extensions EXCLUDE_FROM_ALL)

include(FetchContent)
FetchContent_Declare(Catch2
    GIT_REPOSITORY https://github.com/catchorg/Catch2.git
    GIT_TAG v3.7.1)
FetchContent_MakeAvailable(Catch2)

juce_add_plugin(Driftwood
    COMPANY_NAME "Saltmarsh Audio"
    COMPANY_WEBSITE "https://saltmarsh.audio"
    BUNDLE_ID audio.saltmarsh.driftwood
    PLUGIN_MANUFACTURER_CODE Smsh
    PLUGIN_CODE Drfw
    IS_SYNTH TRUE
    NEEDS_MIDI_INPUT TRUE
    NEEDS_MIDI_OUTPUT FALSE
    COPY_PLUGIN_AFTER_BUILD TRUE
    VST3_CATEGORIES Instrument Synth
    AU_MAIN_TYPE kAudioUnitType_MusicDevice
    FORMATS VST3 Standalone
    PRODUCT_NAME "Driftwood")

clap_juce_extensions_plugin(TARGET Driftwood
    CLAP_ID "audio.saltmarsh.driftwood"
    CLAP_FEATURES instrument synthesizer stereo)

set(DRIFTWOOD_DSP_SOURCES
    Source/dsp/WavetableOscillator.cpp
    Source/dsp/Unison.cpp
    Source/dsp/Voice.cpp)

target_sources(Driftwood PRIVATE
    Source/PluginProcessor.cpp
    Source/PluginEditor.cpp
    Source/Parameters.cpp
    Source/ui/SaltmarshLookAndFeel.cpp
    ${DRIFTWOOD_DSP_SOURCES})

target_compile_definitions(Driftwood PUBLIC
    JUCE_WEB_BROWSER=0
    JUCE_USE_CURL=0
    JUCE_VST3_CAN_REPLACE_VST2=0
    JUCE_DISPLAY_SPLASH_SCREEN=0)

juce_add_binary_data(DriftwoodAssets SOURCES
    assets/wavetables/basic_shapes.wav
    assets/wavetables/glass.wav
    assets/presets/factory.xml)

target_link_libraries(Driftwood
    PRIVATE
        DriftwoodAssets
        juce::juce_audio_utils
        juce::juce_dsp
    PUBLIC
        juce::juce_recommended_config_flags
        juce::juce_recommended_lto_flags
        juce::juce_recommended_warning_flags)

# ---- unit tests (Catch2, registered per tag)
juce_add_console_app(DriftwoodTests PRODUCT_NAME "DriftwoodTests")
target_sources(DriftwoodTests PRIVATE
    tests/WavetableTests.cpp
    tests/ParameterTests.cpp
    tests/PresetTests.cpp
    tests/StateTests.cpp
    ${DRIFTWOOD_DSP_SOURCES}
    Source/Parameters.cpp)
target_include_directories(DriftwoodTests PRIVATE Source)
target_compile_definitions(DriftwoodTests PRIVATE JUCE_WEB_BROWSER=0 JUCE_USE_CURL=0)
target_link_libraries(DriftwoodTests PRIVATE
    Catch2::Catch2WithMain
    DriftwoodAssets
    juce::juce_audio_utils
    juce::juce_dsp
    juce::juce_recommended_config_flags
    juce::juce_recommended_warning_flags)

include(CTest)
add_test(NAME dsp COMMAND DriftwoodTests "[dsp]")
add_test(NAME params COMMAND DriftwoodTests "[params]")
add_test(NAME presets COMMAND DriftwoodTests "[presets]")
add_test(NAME state COMMAND DriftwoodTests "[state]")
"""

WT_H = """#pragma once

#include <juce_audio_basics/juce_audio_basics.h>
#include "Wavetable.h"

namespace driftwood
{

class WavetableOscillator
{
public:
    void prepare (double sampleRate, int maxBlockSize);
    void setTable (const WavetableSet* newTables) noexcept;
    void setFrequency (float hz) noexcept;
    void setPosition (float newPosition) noexcept { positionSmoother.setTargetValue (newPosition); }
    void resetPhase() noexcept { phase = 0.0f; }

    float getNextSample() noexcept;

private:
    const WavetableSet* tables = nullptr;
    double currentSampleRate = 44100.0;
    float phase = 0.0f;
    float phaseIncrement = 0.0f;
    juce::SmoothedValue<float> positionSmoother;
};

} // namespace driftwood
"""

WT_CPP = """#include "WavetableOscillator.h"

namespace driftwood
{

void WavetableOscillator::prepare (double sampleRate, int maxBlockSize)
{
    juce::ignoreUnused (maxBlockSize);
    currentSampleRate = sampleRate;
    positionSmoother.reset (sampleRate, 0.02);
    resetPhase();
}

void WavetableOscillator::setTable (const WavetableSet* newTables) noexcept
{
    tables = newTables;
}

void WavetableOscillator::setFrequency (float hz) noexcept
{
    phaseIncrement = hz / static_cast<float> (currentSampleRate);
}

float WavetableOscillator::getNextSample() noexcept
{
    jassert (tables != nullptr);
    const auto& frame = tables->frameAt (positionSmoother.getNextValue());
    const auto sample = frame.lookup (phase);

    phase += phaseIncrement;
    if (phase >= 1.0f)
        phase -= 1.0f;

    return sample;
}

} // namespace driftwood
"""

UNISON_CPP = """#include "Unison.h"

namespace driftwood
{

void Unison::setVoices (int newNumVoices) noexcept
{
    numVoices = juce::jlimit (1, maxVoices, newNumVoices);
    updateRatios();
}

void Unison::setDetuneCents (float newCents) noexcept
{
    detuneCents = newCents;
    updateRatios();
}

void Unison::updateRatios() noexcept
{
    for (int i = 0; i < numVoices; ++i)
    {
        const auto spread = numVoices == 1 ? 0.0f
                                           : static_cast<float> (i) / static_cast<float> (numVoices) * 2.0f - 1.0f;
        ratios[static_cast<size_t> (i)] = std::exp2 (spread * detuneCents / 1200.0f);
    }
}

} // namespace driftwood
"""

UNISON_H = """#pragma once

#include <array>
#include <cmath>
#include <juce_core/juce_core.h>

namespace driftwood
{

class Unison
{
public:
    static constexpr int maxVoices = 7;

    void setVoices (int newNumVoices) noexcept;
    void setDetuneCents (float newCents) noexcept;

    int getNumVoices() const noexcept { return numVoices; }
    float getRatio (int voice) const noexcept { return ratios[static_cast<size_t> (voice)]; }

private:
    void updateRatios() noexcept;

    int numVoices = 1;
    float detuneCents = 0.0f;
    std::array<float, maxVoices> ratios { 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f };
};

} // namespace driftwood
"""

LNF_CPP = """#include "SaltmarshLookAndFeel.h"
#include "BinaryData.h"

using namespace juce;

namespace driftwood
{

SaltmarshLookAndFeel::SaltmarshLookAndFeel()
{
    setColour (Slider::rotarySliderFillColourId, Colour (0xffd9b26f));
    setColour (Slider::rotarySliderOutlineColourId, Colour (0xff2b3a42));
    setColour (Slider::thumbColourId, Colour (0xfff2ede4));
    setColour (Label::textColourId, Colour (0xfff2ede4));
    setColour (ResizableWindow::backgroundColourId, Colour (0xff17212b));
}

void SaltmarshLookAndFeel::drawRotarySlider (Graphics& g, int x, int y, int width, int height,
                                             float sliderPos, float startAngle, float endAngle, Slider& slider)
{
    auto bounds = Rectangle<int> (x, y, width, height).toFloat().reduced (6.0f);
    auto radius = jmin (bounds.getWidth(), bounds.getHeight()) / 2.0f;
    auto angle = startAngle + sliderPos * (endAngle - startAngle);
    auto centre = bounds.getCentre();

    g.setColour (slider.findColour (Slider::rotarySliderOutlineColourId));
    g.fillEllipse (bounds.withSizeKeepingCentre (radius * 2.0f, radius * 2.0f));

    Path arc;
    arc.addCentredArc (centre.x, centre.y, radius - 3.0f, radius - 3.0f, 0.0f, startAngle, angle, true);
    g.setColour (slider.findColour (Slider::rotarySliderFillColourId));
    g.strokePath (arc, PathStrokeType (3.0f, PathStrokeType::curved, PathStrokeType::rounded));

    Point<float> thumb (centre.x + (radius - 9.0f) * std::sin (angle),
                        centre.y - (radius - 9.0f) * std::cos (angle));
    g.setColour (slider.findColour (Slider::thumbColourId));
    g.fillEllipse (Rectangle<float> (5.0f, 5.0f).withCentre (thumb));
}

Font SaltmarshLookAndFeel::getLabelFont (Label&)
{
    return FontOptions (13.0f);
}

} // namespace driftwood
"""

LNF_CPP_FIXED = LNF_CPP  # replaced by edits

PROC_CPP = """#include "PluginProcessor.h"
#include "PluginEditor.h"
#include "Parameters.h"

namespace driftwood
{

DriftwoodProcessor::DriftwoodProcessor()
    : juce::AudioProcessor (BusesProperties().withOutput ("Output", juce::AudioChannelSet::stereo(), true)),
      apvts (*this, nullptr, "DRIFTWOOD", createParameterLayout())
{
    for (int i = 0; i < 8; ++i)
        synth.addVoice (new DriftwoodVoice (tables));
    synth.addSound (new DriftwoodSound());

    wtPosition = apvts.getRawParameterValue (ParamIDs::wtPosition);
    glideTime = apvts.getRawParameterValue (ParamIDs::glideTime);
    unisonVoices = apvts.getRawParameterValue (ParamIDs::unisonVoices);
    unisonDetune = apvts.getRawParameterValue (ParamIDs::unisonDetune);
}

void DriftwoodProcessor::prepareToPlay (double sampleRate, int samplesPerBlock)
{
    synth.setCurrentPlaybackSampleRate (sampleRate);
    for (int i = 0; i < synth.getNumVoices(); ++i)
        if (auto* v = dynamic_cast<DriftwoodVoice*> (synth.getVoice (i)))
            v->prepare (sampleRate, samplesPerBlock);
}

void DriftwoodProcessor::processBlock (juce::AudioBuffer<float>& buffer, juce::MidiBuffer& midi)
{
    juce::ScopedNoDenormals noDenormals;
    buffer.clear();

    const VoiceParams params { wtPosition->load(),
                               glideTime->load(),
                               static_cast<int> (unisonVoices->load()),
                               unisonDetune->load() };

    for (int i = 0; i < synth.getNumVoices(); ++i)
        if (auto* v = dynamic_cast<DriftwoodVoice*> (synth.getVoice (i)))
            v->setParams (params);

    synth.renderNextBlock (buffer, midi, 0, buffer.getNumSamples());
}

void DriftwoodProcessor::getStateInformation (juce::MemoryBlock& destData)
{
    if (auto xml = apvts.copyState().createXml())
        copyXmlToBinary (*xml, destData);
}

void DriftwoodProcessor::setStateInformation (const void* data, int sizeInBytes)
{
    if (auto xml = getXmlFromBinary (data, sizeInBytes))
        if (xml->hasTagName (apvts.state.getType()))
            apvts.replaceState (juce::ValueTree::fromXml (*xml));
}

juce::AudioProcessorEditor* DriftwoodProcessor::createEditor()
{
    return new DriftwoodEditor (*this);
}

} // namespace driftwood

juce::AudioProcessor* JUCE_CALLTYPE createPluginFilter()
{
    return new driftwood::DriftwoodProcessor();
}
"""

VOICE_CPP = """#include "Voice.h"

namespace driftwood
{

void DriftwoodVoice::prepare (double sampleRate, int maxBlockSize)
{
    for (auto& osc : oscillators)
        osc.prepare (sampleRate, maxBlockSize);
    adsr.setSampleRate (sampleRate);
}

void DriftwoodVoice::setParams (const VoiceParams& p) noexcept
{
    unison.setVoices (p.unisonVoices);
    unison.setDetuneCents (p.unisonDetune);
    for (auto& osc : oscillators)
        osc.setPosition (p.wtPosition);
}

void DriftwoodVoice::startNote (int midiNote, float velocity, juce::SynthesiserSound*, int)
{
    baseFrequency = static_cast<float> (juce::MidiMessage::getMidiNoteInHertz (midiNote));
    level = velocity;
    for (int u = 0; u < unison.getNumVoices(); ++u)
        oscillators[static_cast<size_t> (u)].setFrequency (baseFrequency * unison.getRatio (u));
    adsr.noteOn();
}

void DriftwoodVoice::stopNote (float, bool allowTailOff)
{
    adsr.noteOff();
    if (! allowTailOff)
        clearCurrentNote();
}

void DriftwoodVoice::renderNextBlock (juce::AudioBuffer<float>& out, int startSample, int numSamples)
{
    if (! isVoiceActive())
        return;

    const auto gain = level / static_cast<float> (unison.getNumVoices());

    for (int s = startSample; s < startSample + numSamples; ++s)
    {
        float sample = 0.0f;
        for (int u = 0; u < unison.getNumVoices(); ++u)
            sample += oscillators[static_cast<size_t> (u)].getNextSample();

        sample *= gain * adsr.getNextSample();
        out.addSample (0, s, sample);
        out.addSample (1, s, sample);
    }

    if (! adsr.isActive())
        clearCurrentNote();
}

} // namespace driftwood
"""

TAPE_CPP = """#include "TapeModel.h"

namespace brine
{

void TapeModel::prepare (const juce::dsp::ProcessSpec& spec)
{
    sampleRate = spec.sampleRate;
    delayLine.prepare (spec);
    delayLine.setMaximumDelayInSamples (static_cast<int> (sampleRate * 2.5));
    saturation.prepare (spec);
    toneFilter.prepare (spec);
    toneFilter.setType (juce::dsp::StateVariableTPTFilterType::lowpass);
}

void TapeModel::setDelayTime (float seconds) noexcept
{
    delaySmoother.setTargetValue (seconds * static_cast<float> (sampleRate));
}

void TapeModel::process (juce::dsp::AudioBlock<float>& block) noexcept
{
    for (size_t ch = 0; ch < block.getNumChannels(); ++ch)
    {
        auto* data = block.getChannelPointer (ch);
        for (size_t i = 0; i < block.getNumSamples(); ++i)
        {
            const auto delayed = delayLine.popSample (static_cast<int> (ch), delaySmoother.getNextValue());
            delayLine.pushSample (static_cast<int> (ch), data[i] + delayed * feedback);
            data[i] = toneFilter.processSample (static_cast<int> (ch), saturation.process (delayed));
        }
    }
}

} // namespace brine
"""

TAPE_H = """#pragma once

#include <juce_dsp/juce_dsp.h>
#include "Saturation.h"

namespace brine
{

class TapeModel
{
public:
    void prepare (const juce::dsp::ProcessSpec& spec);
    void setDelayTime (float seconds) noexcept;
    void setFeedback (float newFeedback) noexcept { feedback = newFeedback; }
    void process (juce::dsp::AudioBlock<float>& block) noexcept;

private:
    double sampleRate = 44100.0;
    float feedback = 0.35f;
    juce::SmoothedValue<float> delaySmoother;
    juce::dsp::DelayLine<float, juce::dsp::DelayLineInterpolationTypes::Lagrange3rd> delayLine { 192000 };
    juce::dsp::StateVariableTPTFilter<float> toneFilter;
    Saturation saturation;
};

} // namespace brine
"""

BR_CONVERT = '''#!/usr/bin/env python3
"""Convert Freya's preset sheet (CSV export) into Brine factory preset XML files."""
import argparse
import csv
import json
import pathlib
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).parent


def load_schema():
    return json.loads((HERE / "schema.json").read_text())


def row_to_preset(row, schema):
    root = ET.Element("BRINE", version=schema["version"])
    for column, value in row.items():
        if column in ("name", "category", "author"):
            continue
        spec = schema["params"][column]
        v = float(value)
        if not spec["min"] <= v <= spec["max"]:
            raise ValueError(f"{row['name']}: {column}={v} outside [{spec['min']}, {spec['max']}]")
        ET.SubElement(root, "PARAM", id=spec["id"], value=f"{v:g}")
    return root


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sheet", type=pathlib.Path)
    ap.add_argument("outdir", type=pathlib.Path)
    args = ap.parse_args()
    schema = load_schema()
    args.outdir.mkdir(parents=True, exist_ok=True)
    n = 0
    with args.sheet.open(newline="") as f:
        for row in csv.DictReader(f):
            preset = row_to_preset(row, schema)
            preset.set("name", row["name"])
            preset.set("category", row["category"])
            path = args.outdir / f"{row['category']}_{row['name'].replace(' ', '_')}.xml"
            ET.ElementTree(preset).write(path, encoding="utf-8", xml_declaration=True)
            n += 1
    print(f"wrote {n} presets to {args.outdir}")


if __name__ == "__main__":
    main()
'''

BR_SCHEMA = """{
  "version": "1.3",
  "params": {
    "time_ms": {"id": "delayTime", "min": 20, "max": 2500},
    "feedback": {"id": "feedback", "min": 0, "max": 1.1},
    "wow": {"id": "wowDepth", "min": 0, "max": 1},
    "flutter": {"id": "flutterDepth", "min": 0, "max": 1},
    "drive_db": {"id": "drive", "min": 0, "max": 24},
    "tone_hz": {"id": "tone", "min": 800, "max": 16000},
    "mix": {"id": "mix", "min": 0, "max": 1}
  }
}
"""

GR_JUCER = """<?xml version="1.0" encoding="UTF-8"?>

<JUCERPROJECT id="q7XbnT" name="Groyne" projectType="audioplug" useAppConfig="0"
              addUsingNamespaceToJuceHeader="1" jucerFormatVersion="1" version="2.4.2"
              companyName="Saltmarsh Audio" companyWebsite="https://saltmarsh.audio"
              bundleIdentifier="audio.saltmarsh.groyne" pluginManufacturer="Saltmarsh Audio"
              pluginManufacturerCode="Smsh" pluginCode="Gryn" pluginFormats="buildAU,buildVST3"
              pluginCharacteristicsValue="" pluginAUMainType="'aufx'" cppLanguageStandard="17"
              displaySplashScreen="0" companyCopyright="Saltmarsh Audio Ltd">
  <MAINGROUP id="Mz1PfA" name="Groyne">
    <GROUP id="{5A0A4C70-0D35-2B6E-7C1E-4B1E9E5D2C01}" name="Source">
      <FILE id="aK3mQe" name="PluginProcessor.cpp" compile="1" resource="0" file="Source/PluginProcessor.cpp"/>
      <FILE id="Lr8nTw" name="PluginProcessor.h" compile="0" resource="0" file="Source/PluginProcessor.h"/>
      <FILE id="p2VsXd" name="PluginEditor.cpp" compile="1" resource="0" file="Source/PluginEditor.cpp"/>
      <FILE id="Yh6cBu" name="PluginEditor.h" compile="0" resource="0" file="Source/PluginEditor.h"/>
      <FILE id="d9QwLf" name="Compressor.cpp" compile="1" resource="0" file="Source/Compressor.cpp"/>
      <FILE id="Tj4eRz" name="Compressor.h" compile="0" resource="0" file="Source/Compressor.h"/>
    </GROUP>
  </MAINGROUP>
  <EXPORTFORMATS>
    <XCODE_MAC targetFolder="Builds/MacOSX" hardenedRuntime="1" xcodeValidArchs="arm64,x86_64">
      <CONFIGURATIONS>
        <CONFIGURATION isDebug="1" name="Debug" targetName="Groyne" macOSDeploymentTarget="10.13"/>
        <CONFIGURATION isDebug="0" name="Release" targetName="Groyne" macOSDeploymentTarget="10.13"
                       linkTimeOptimisation="1"/>
      </CONFIGURATIONS>
      <MODULEPATHS>
        <MODULEPATH id="juce_audio_basics" path="../../JUCE/modules"/>
        <MODULEPATH id="juce_audio_processors" path="../../JUCE/modules"/>
        <MODULEPATH id="juce_audio_utils" path="../../JUCE/modules"/>
        <MODULEPATH id="juce_dsp" path="../../JUCE/modules"/>
        <MODULEPATH id="juce_gui_basics" path="../../JUCE/modules"/>
      </MODULEPATHS>
    </XCODE_MAC>
    <VS2022 targetFolder="Builds/VisualStudio2022">
      <CONFIGURATIONS>
        <CONFIGURATION isDebug="1" name="Debug" targetName="Groyne"/>
        <CONFIGURATION isDebug="0" name="Release" targetName="Groyne"/>
      </CONFIGURATIONS>
    </VS2022>
  </EXPORTFORMATS>
  <MODULES>
    <MODULE id="juce_audio_basics" showAllCode="1" useLocalCopy="0" useGlobalPath="0"/>
    <MODULE id="juce_audio_processors" showAllCode="1" useLocalCopy="0" useGlobalPath="0"/>
    <MODULE id="juce_audio_utils" showAllCode="1" useLocalCopy="0" useGlobalPath="0"/>
    <MODULE id="juce_dsp" showAllCode="1" useLocalCopy="0" useGlobalPath="0"/>
    <MODULE id="juce_gui_basics" showAllCode="1" useLocalCopy="0" useGlobalPath="0"/>
  </MODULES>
  <JUCEOPTIONS JUCE_VST3_CAN_REPLACE_VST2="0" JUCE_WEB_BROWSER="0"/>
</JUCERPROJECT>
"""

GR_CMAKE = """cmake_minimum_required(VERSION 3.25)

project(Groyne VERSION 3.0.0 LANGUAGES C CXX)

set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_OSX_DEPLOYMENT_TARGET "11.0" CACHE STRING "Minimum macOS version")
set(CMAKE_COMPILE_WARNING_AS_ERROR ON)

add_subdirectory(JUCE)

juce_add_plugin(Groyne
    COMPANY_NAME "Saltmarsh Audio"
    BUNDLE_ID audio.saltmarsh.groyne3
    PLUGIN_MANUFACTURER_CODE Smsh
    PLUGIN_CODE Gry3
    COPY_PLUGIN_AFTER_BUILD TRUE
    VST3_CATEGORIES Fx Dynamics
    AU_MAIN_TYPE kAudioUnitType_Effect
    FORMATS VST3 AU
    PRODUCT_NAME "Groyne 3")

target_sources(Groyne PRIVATE
    Source/PluginProcessor.cpp
    Source/PluginEditor.cpp
    Source/Compressor.cpp)

target_compile_definitions(Groyne PUBLIC
    JUCE_WEB_BROWSER=0
    JUCE_USE_CURL=0
    JUCE_VST3_CAN_REPLACE_VST2=0)

target_link_libraries(Groyne
    PRIVATE juce::juce_audio_utils juce::juce_dsp
    PUBLIC juce::juce_recommended_config_flags juce::juce_recommended_warning_flags)
"""

FILES = {
    f"{DW}/CMakeLists.txt": DW_CMAKE,
    f"{DW}/Source/dsp/WavetableOscillator.h": WT_H,
    f"{DW}/Source/dsp/WavetableOscillator.cpp": WT_CPP,
    f"{DW}/Source/dsp/Unison.h": UNISON_H,
    f"{DW}/Source/dsp/Unison.cpp": UNISON_CPP,
    f"{DW}/Source/dsp/Voice.cpp": VOICE_CPP,
    f"{DW}/Source/PluginProcessor.cpp": PROC_CPP,
    f"{DW}/Source/ui/SaltmarshLookAndFeel.cpp": LNF_CPP,
    f"{BR}/Source/dsp/TapeModel.h": TAPE_H,
    f"{BR}/Source/dsp/TapeModel.cpp": TAPE_CPP,
    f"{BR}/tools/presets/convert.py": BR_CONVERT,
    f"{BR}/tools/presets/schema.json": BR_SCHEMA,
    f"{GR}/Groyne.jucer": GR_JUCER,
    f"{GR}/CMakeLists.txt": GR_CMAKE,
}

PROC_H = """#pragma once

#include <juce_audio_processors/juce_audio_processors.h>
#include "dsp/Voice.h"
#include "PresetManager.h"

namespace driftwood
{

class DriftwoodProcessor final : public juce::AudioProcessor
{
public:
    DriftwoodProcessor();
    ~DriftwoodProcessor() override = default;

    void prepareToPlay (double sampleRate, int samplesPerBlock) override;
    void releaseResources() override {}
    void processBlock (juce::AudioBuffer<float>&, juce::MidiBuffer&) override;
    using juce::AudioProcessor::processBlock;

    juce::AudioProcessorEditor* createEditor() override;
    bool hasEditor() const override { return true; }

    const juce::String getName() const override { return JucePlugin_Name; }
    bool acceptsMidi() const override { return true; }
    bool producesMidi() const override { return false; }
    double getTailLengthSeconds() const override { return 0.0; }

    int getNumPrograms() override { return 1; }
    int getCurrentProgram() override { return 0; }
    void setCurrentProgram (int) override {}
    const juce::String getProgramName (int) override { return {}; }
    void changeProgramName (int, const juce::String&) override {}

    void getStateInformation (juce::MemoryBlock& destData) override;
    void setStateInformation (const void* data, int sizeInBytes) override;

    juce::AudioProcessorValueTreeState apvts;
    PresetManager presets { apvts };

private:
    juce::Synthesiser synth;
    WavetableLibrary tables;

    std::atomic<float>* wtPosition = nullptr;
    std::atomic<float>* glideTime = nullptr;
    std::atomic<float>* unisonVoices = nullptr;
    std::atomic<float>* unisonDetune = nullptr;

    JUCE_DECLARE_NON_COPYABLE_WITH_LEAK_DETECTOR (DriftwoodProcessor)
};

} // namespace driftwood
"""


# ----------------------------------------------------------------------------- tool output helpers
def ninja(lines, total):
    out = []
    for i, l in enumerate(lines, 1):
        out.append(f"[{i}/{total}] {l}")
    return "\n".join(out)


def cc_fail(root, objdir, src, line, col, msg, flag, code, carets, step, total, target_done=()):
    """Ninja + Apple clang 16 compile error under CMAKE_COMPILE_WARNING_AS_ERROR."""
    obj = f"CMakeFiles/{objdir}.dir/{src}.o"
    pre = "\n".join(f"[{i}/{total}] {l}" for i, l in enumerate(target_done, 1))
    head = (pre + "\n" if pre else "") + f"[{step}/{total}] Building CXX object {obj}\n"
    return (head + f"FAILED: {obj} \n"
            f"{CXX} -DDEBUG=1 -DJUCE_MODULE_AVAILABLE_juce_dsp=1 -DJUCE_WEB_BROWSER=0 -DJUCE_USE_CURL=0 "
            f"-I{root}/Source -I{root}/libs/JUCE/modules -g -std=gnu++20 -arch arm64 -isysroot {SDK} "
            f"-mmacosx-version-min=11.0 -fcolor-diagnostics -Wall -Wshadow-all -Wshorten-64-to-32 -Wconversion "
            f"-Wsign-conversion -Wextra-semi -Wunreachable-code -Werror -MD -MT {obj} -MF {obj}.d "
            f"-o {obj} -c {root}/{src}\n"
            f"{root}/{src}:{line}:{col}: error: {msg} [-Werror,{flag}]\n"
            f"{line:>5} | {code}\n"
            f"      | {carets}\n"
            "1 error generated.\n"
            "ninja: build stopped: subcommand failed.")


def dots(name, width=30):
    return name + " " + "." * max(3, width - len(name))


def ctest_ok(root, tests, total_time, nums=None):
    n = len(tests)
    nums = nums or list(range(1, n + 1))
    out = [f"Test project {root}"]
    for i, ((name, t), num) in enumerate(zip(tests, nums), 1):
        out.append(f"    Start {num}: {name}")
        out.append(f"{i}/{n} Test #{num}: {dots(name)}   Passed    {t:.2f} sec")
    out += ["", f"100% tests passed, 0 tests failed out of {n}", "", f"Total Test time (real) = {total_time:>7.2f} sec"]
    return "\n".join(out)


def ctest_notrun(root, names, nums=None):
    n = len(names)
    nums = nums or list(range(1, n + 1))
    out = [f"Test project {root}"]
    for i, (name, num) in enumerate(zip(names, nums), 1):
        out.append(f"    Start {num}: {name}")
        out.append('Test not available without configuration.  (Missing "-C <config>"?)')
        out.append(f"{i}/{n} Test #{num}: {dots(name)}***Not Run   0.00 sec")
    out += ["", f"0% tests passed, {n} tests failed out of {n}", "", "Total Test time (real) =   0.01 sec", "",
            "The following tests FAILED:"]
    for name, num in zip(names, nums):
        out.append(f"\t{num:>3} - {name} (Not Run)")
    out.append("Errors while running CTest")
    return "\n".join(out)


PV_TESTS_EFFECT = ["Open plugin (cold)", "Open plugin (warm)", "Plugin info", "Plugin programs", "Editor",
                   "Open editor whilst processing", "Audio processing", "Plugin state", "Automation",
                   "Editor Automation", "Automatable Parameters", "Basic bus", "Listing available buses",
                   "Enabling/disabling buses", "Restoring default layout", "Fuzz parameters"]


def pluginval_ok(path, level, seed, started, extra=""):
    out = [f"Started validating: {path}", f"Random seed: 0x{seed}", f"Validation started: {started}", "",
           f"Strictness level: {level}", "-----------------------------------------------------------------",
           f"Starting tests in: pluginval / Scan for plugins located in: {path}...", "Num plugins found: 1",
           "All tests completed successfully"]
    for tname in PV_TESTS_EFFECT:
        out += ["-----------------------------------------------------------------",
                f"Starting tests in: pluginval / {tname}..."]
        if tname == "Plugin info" and extra:
            out.append(extra)
        out.append("All tests completed successfully")
    out += ["", f"Finished validating: {path}", "ALL TESTS PASSED"]
    return "\n".join(out)


AUVAL_HEAD = """
    AU Validation Tool
    Version: 1.10.0 
    Copyright 2003-2019, Apple Inc. All Rights Reserved.
    Specify -h (-help) for command options
"""


def auval_notfound(typ, sub, manu):
    return AUVAL_HEAD + f"""
--------------------------------------------------
VALIDATING AUDIO UNIT: '{typ}' - '{sub}' - '{manu}'
--------------------------------------------------
ERROR: Cannot get Component's Name strings
ERROR: Error from retrieving Component Version: -50

* * FAIL
--------------------------------------------------
TESTING OPEN TIMES:
FATAL ERROR: didn't find the component"""


def auval_ok(typ, sub, manu, name, version, hexver, ins, outs, cold, warm, init, strict=False):
    inscope = (f"Input Scope Bus Configuration:\n Default Bus Count:1\n    Default Format: AudioStreamBasicDescription:"
               f"  {ins} ch,  44100 Hz, Float32, deinterleaved\n\n") if ins else "Input Scope Bus Configuration:\n Default Bus Count:0\n\n"
    props = ["Sample Rate", "Stream Format", "Maximum Frames Per Slice", "Last Render Error"]
    prop_txt = "\n".join(f"  VERIFYING PROPERTY: {p}\n    PASS" for p in props)
    return AUVAL_HEAD + f"""
--------------------------------------------------
VALIDATING AUDIO UNIT: '{typ}' - '{sub}' - '{manu}'
--------------------------------------------------
Manufacturer String: Saltmarsh Audio
AudioUnit Name: {name}
Component Version: {version} ({hexver})

* * PASS
--------------------------------------------------
TESTING OPEN TIMES:
COLD:
Time to open AudioUnit:         {cold} ms
WARM:
Time to open AudioUnit:         {warm}  ms
FIRST TIME:
Time for initialization:        {init} ms

* * PASS
--------------------------------------------------
VERIFYING DEFAULT SCOPE FORMATS:
{inscope}Output Scope Bus Configuration:
 Default Bus Count:1
    Default Format: AudioStreamBasicDescription:  {outs} ch,  44100 Hz, Float32, deinterleaved

* * PASS
--------------------------------------------------
VERIFYING REQUIRED PROPERTIES:
{prop_txt}

* * PASS
--------------------------------------------------
VERIFYING RECOMMENDED PROPERTIES:
  VERIFYING PROPERTY: Latency
    PASS
  VERIFYING PROPERTY: Tail Time
    PASS
  VERIFYING PROPERTY: Bypass Effect
    PASS

* * PASS
--------------------------------------------------
VERIFYING OPTIONAL PROPERTIES:
  VERIFYING PROPERTY Supported Number of Channels
    PASS
  VERIFYING PROPERTY Host Callbacks
    PASS

* * PASS
--------------------------------------------------
VERIFYING SPECIAL PROPERTIES:

VERIFYING CUSTOM UI
Carbon View Components Available: 0

Cocoa Views Available: 1
  JUCE_AUCocoaViewClass_{hx(14)}
    PASS

* * PASS
--------------------------------------------------
PUBLISHED PARAMETER INFO:
* * PASS
--------------------------------------------------
FORMAT TESTS:

Reported Channel Capabilities (implicit):
      [{ins if ins else 0}, {outs}]  

Input/Output Channel Handling:
1-1   1-2   1-4   1-5   1-6   1-7   1-8   2-2   2-4   2-5   2-6   2-7   2-8   4-4   4-5   5-5   6-6   7-7   8-8   
                  

* * PASS
--------------------------------------------------
RENDER TESTS:
Input Format: AudioStreamBasicDescription:  2 ch,  44100 Hz, Float32, deinterleaved
Output Format: AudioStreamBasicDescription:  2 ch,  44100 Hz, Float32, deinterleaved
Render Test at 512 frames
Slicing Render Test at 64 frames
  PASS

Render Test at 64 frames, sample rate: 22050 Hz
Render Test at 137 frames, sample rate: 96000 Hz
Render Test at 4096 frames, sample rate: 48000 Hz
Render Test at 4096 frames, sample rate: 192000 Hz
Render Test at 4096 frames, sample rate: 11025 Hz
Render Test at 512 frames, sample rate: 44100 Hz
  PASS

1 Channel Test:
In and Out Channels are Canonical

2 Channel Test:
In and Out Channels are Canonical
  PASS

Checking connection semantics:
Connection format:
AudioStreamBasicDescription:  2 ch,  44100 Hz, Float32, deinterleaved
  PASS

Bad Max Frames - Render should fail
  PASS

Checking parameter setting
Using AudioUnitSetParameter
Using AudioUnitScheduleParameter
  PASS

* * PASS
--------------------------------------------------
{"STRICT MODE ON: Parameter checks will be stricter" + chr(10) + chr(10) if strict else ""}AU VALIDATION SUCCEEDED.
--------------------------------------------------"""


def codesign_out(paths):
    return "\n".join(f"{p}: replacing existing signature" for p in paths)


def verify_out(paths):
    return "\n".join(f"{p}: valid on disk\n{p}: satisfies its Designated Requirement" for p in paths)


def notary_ok(pkg, abspath, size, sid, dots_n=9):
    return (f"Conducting pre-submission checks for {pkg} and initiating connection to the Apple notary service...\n"
            f"Submission ID received\n  id: {sid}\n"
            f"Upload progress: 100.00% ({size} of {size})    \n"
            f"Successfully uploaded file\n  id: {sid}\n  path: {abspath}\n"
            "Waiting for processing to complete.\n"
            f"Current status: In Progress{'.' * (dots_n // 2)}\nCurrent status: Accepted{'.' * dots_n}\n"
            f"Processing complete\n  id: {sid}\n  status: Accepted")


def staple_ok(abspath):
    return (f"Processing: {abspath}\nProcessing: {abspath}\nThe staple and validate action worked!")


def spctl_ok(pkg):
    return f"{pkg}: accepted\nsource=Notarized Developer ID\norigin={INST_ID}"


def pkgbuild_out(comps):
    out = []
    for root, pkg in comps:
        out += [f"pkgbuild: Inferring bundle components from contents of {root}",
                f"pkgbuild: Adding certificate \"Developer ID Certification Authority\"",
                f"pkgbuild: Adding certificate \"Apple Root CA\"",
                f"pkgbuild: Signing package with identity \"{INST_ID}\" from keychain {HOME}/Library/Keychains/login.keychain-db",
                f"pkgbuild: Wrote package to {pkg}"]
    return "\n".join(out)


def productbuild_out(pkg):
    return (f"productbuild: Adding certificate \"Developer ID Certification Authority\"\n"
            f"productbuild: Adding certificate \"Apple Root CA\"\n"
            f"productbuild: Signing product with identity \"{INST_ID}\" from keychain {HOME}/Library/Keychains/login.keychain-db\n"
            f"productbuild: Wrote product to {pkg}")


def release(t, root, product, version, bundles, comps, size, flaky=False, build_cmd=None, build_out=None):
    """W2: universal Release build -> codesign -> verify -> pkgbuild -> productbuild -> notarytool -> stapler -> spctl."""
    if build_cmd:
        t.bash(build_cmd[0], build_cmd[1], out=build_out, timeout=1200000)
    t.bash(f"codesign --force --sign \"{APP_ID}\" --options runtime --timestamp " + " ".join(bundles),
           "Sign the plug-in bundles with hardened runtime and a secure timestamp", err=codesign_out(bundles))
    t.bash("codesign --verify --deep --strict --verbose=2 " + " ".join(bundles), "Verify the signatures",
           err=verify_out(bundles))
    pk = " && ".join(f"pkgbuild --root {r} --identifier audio.saltmarsh.{product.lower()}.{fmt} --version {version} "
                     f"--install-location \"{loc}\" --sign \"{INST_ID}\" {p}" for (r, p, fmt, loc) in comps)
    t.bash("mkdir -p dist && " + pk, "Build one signed component package per format",
           out=pkgbuild_out([(r, p) for (r, p, _, _) in comps]))
    final = f"dist/{product}-{version}.pkg"
    t.bash(f"productbuild --distribution packaging/distribution.xml --package-path dist --resources packaging/resources "
           f"--sign \"{INST_ID}\" {final}", "Build the signed product installer", out=productbuild_out(final))
    sid = uuidish()
    cmd = f"xcrun notarytool submit {final} --keychain-profile saltmarsh-notary --wait"
    if flaky:
        t.fail(cmd, "Submit the installer for notarization and wait",
               f"Conducting pre-submission checks for {product}-{version}.pkg and initiating connection to the Apple notary service...\n"
               "Error: HTTPError(statusCode: nil, error: Error Domain=NSURLErrorDomain Code=-1001 \"The request timed out.\" "
               "UserInfo={_kCFStreamErrorCodeKey=-2102, NSUnderlyingError=0x600003f1c0f0 {Error Domain=kCFErrorDomainCFNetwork "
               "Code=-1001 \"(null)\" UserInfo={_kCFStreamErrorCodeKey=-2102, _kCFStreamErrorDomainKey=4}}, "
               "NSErrorFailingURLStringKey=https://appstoreconnect.apple.com/notary/v2/submissions, "
               "NSErrorFailingURLKey=https://appstoreconnect.apple.com/notary/v2/submissions, "
               "_kCFStreamErrorDomainKey=4, NSLocalizedDescription=The request timed out.})", code=1, timeout=1800000)
        t.say("The notary service timed out before the upload started (network, not the package). Same submission again.")
    t.bash(cmd, "Submit the installer for notarization and wait",
           out=notary_ok(f"{product}-{version}.pkg", f"{root}/{final}", size, sid), timeout=1800000)
    t.bash(f"xcrun stapler staple {final}", "Staple the notarization ticket", out=staple_ok(f"{root}/{final}"))
    t.bash(f"spctl -a -vvv -t install {final}", "Check Gatekeeper accepts the installer", err=spctl_ok(final))
    return sid


DW_TESTS = ["dsp", "params", "presets", "state"]
BR_TESTS = ["tape", "delay", "params", "state"]


def dw_art(cfg, fmt, name="Driftwood"):
    ext = {"VST3": "vst3", "AU": "component", "CLAP": "clap"}[fmt]
    return f"build/Driftwood_artefacts/{cfg}/{fmt}/{name}.{ext}"


def gen():
    global HX
    HX = random.Random(8080)
    d = Dev("audio-juce", U, "en", MODEL, seed=20261019, files=FILES)

    # ============================================================ S1 Mon 10-19 driftwood
    with d.session("2026-10-19T09:20:00", DW, branch="feat/glide", version="2.1.92"):
        t = d.task("morning. I'm back on Driftwood after two weeks of Brine support. remind me how a note gets from "
                   "the MIDI buffer to the wavetable oscillators in this codebase — which files matter?", tags=["noise"])
        t.glob("Source/**/*.{h,cpp}", [f"{DW}/Source/{x}" for x in [
            "PluginEditor.cpp", "PluginEditor.h", "PluginProcessor.cpp", "PluginProcessor.h", "Parameters.cpp",
            "Parameters.h", "dsp/Unison.cpp", "dsp/Unison.h", "dsp/Voice.cpp", "dsp/Voice.h", "dsp/Wavetable.h",
            "dsp/WavetableOscillator.cpp", "dsp/WavetableOscillator.h", "ui/SaltmarshLookAndFeel.cpp",
            "ui/SaltmarshLookAndFeel.h"]])
        t.read(f"{DW}/Source/PluginProcessor.cpp")
        t.read(f"{DW}/Source/dsp/Voice.cpp")
        t.read(f"{DW}/Source/dsp/WavetableOscillator.cpp")
        t.done("""The chain is short:

1. **`PluginProcessor.cpp`** — `processBlock` clears the buffer, reads the four atomics from the APVTS (`wtPosition`, `glideTime`, `unisonVoices`, `unisonDetune`) into a `VoiceParams`, pushes it to every voice and calls `synth.renderNextBlock`. `juce::Synthesiser` does the MIDI splitting: it walks the `MidiBuffer` and calls `startNote`/`stopNote` on voices at the right sample offsets.
2. **`dsp/Voice.cpp`** — `DriftwoodVoice` owns up to 7 `WavetableOscillator`s (one per unison voice), the `Unison` ratio table and a `juce::ADSR`. `startNote` converts the note to Hz and sets each oscillator to `base * unison.getRatio(u)`; `renderNextBlock` sums the oscillators, scales by `velocity / voices` and the envelope, and adds to both channels.
3. **`dsp/WavetableOscillator.cpp`** — phase accumulator in `[0, 1)`, `setFrequency` computes the increment directly from `hz / sampleRate`, `getNextSample` looks up the current frame (`positionSmoother` smooths the table position over 20 ms).

Note that `glideTime` is read in `processBlock` and passed into `VoiceParams`, but nothing uses it yet: the frequency jumps on every note.""")

        t = d.task("quick one: do I still need juce::ScopedNoDenormals in processBlock on Apple Silicon? someone on the "
                   "JUCE forum said arm64 doesn't have denormal slowdowns", tags=["noise", "no_tools"])
        t.done("""Keep it. It's cheap and it's about portability more than about your Mac.

- On arm64 (Apple Silicon), denormals aren't the big stall they are on x86, but they aren't free either, and `ScopedNoDenormals` sets the FPCR flush-to-zero bit, which is a single register write per block.
- Your Windows builds run on x86-64, where a decaying feedback path or a filter tail that drifts into denormals can cost 10-100× per operation. That's where users would see CPU spikes on silence.
- Hosts don't reliably set FTZ for you, so the plugin should.

The only thing to watch: it applies to the calling thread for the scope, so it belongs at the top of `processBlock` (where you have it), not in `prepareToPlay`.""")

        t = d.task("implement glide (portamento) in the wavetable oscillator: glideTime param is already in VoiceParams, "
                   "0 = off, up to 2 s, exponential in pitch. remember this runs on the audio thread: no allocation, "
                   "no locks, nothing in processBlock that can block. build the tests, run them, then pluginval the VST3",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.read(f"{DW}/Source/dsp/WavetableOscillator.h")
        t.edit(f"{DW}/Source/dsp/WavetableOscillator.h", """    void setFrequency (float hz) noexcept;
""", """    void setFrequency (float hz) noexcept;
    void setGlideTime (double seconds) noexcept;
""")
        t.edit(f"{DW}/Source/dsp/WavetableOscillator.h", """    float phaseIncrement = 0.0f;
    juce::SmoothedValue<float> positionSmoother;""", """    float phaseIncrement = 0.0f;
    double glideSeconds = 0.0;
    juce::SmoothedValue<float> positionSmoother;
    juce::SmoothedValue<float, juce::ValueSmoothingTypes::Multiplicative> frequencySmoother { 440.0f };""")
        t.edit(f"{DW}/Source/dsp/WavetableOscillator.cpp", """    positionSmoother.reset (sampleRate, 0.02);
    resetPhase();
}""", """    positionSmoother.reset (sampleRate, 0.02);
    frequencySmoother.reset (sampleRate, glideSeconds);
    resetPhase();
}

void WavetableOscillator::setGlideTime (double seconds) noexcept
{
    if (juce::approximatelyEqual (seconds, glideSeconds))
        return;

    glideSeconds = seconds;
    const auto current = frequencySmoother.getCurrentValue();
    frequencySmoother.reset (currentSampleRate, glideSeconds);
    frequencySmoother.setCurrentAndTargetValue (current);
}""")
        t.edit(f"{DW}/Source/dsp/WavetableOscillator.cpp", """void WavetableOscillator::setFrequency (float hz) noexcept
{
    phaseIncrement = hz / static_cast<float> (currentSampleRate);
}""", """void WavetableOscillator::setFrequency (float hz) noexcept
{
    if (glideSeconds <= 0.0)
        frequencySmoother.setCurrentAndTargetValue (hz);
    else
        frequencySmoother.setTargetValue (hz);
}""")
        t.edit(f"{DW}/Source/dsp/WavetableOscillator.cpp", """    const auto sample = frame.lookup (phase);

    phase += phaseIncrement;""", """    const auto sample = frame.lookup (phase);

    phaseIncrement = frequencySmoother.getNextValue() / currentSampleRate;
    phase += phaseIncrement;""")
        t.read(f"{DW}/Source/dsp/Voice.cpp")
        t.edit(f"{DW}/Source/dsp/Voice.cpp", """    for (auto& osc : oscillators)
        osc.setPosition (p.wtPosition);
}""", """    for (auto& osc : oscillators)
    {
        osc.setPosition (p.wtPosition);
        osc.setGlideTime (static_cast<double> (p.glideTime));
    }
}""")
        t.fail("cmake --build build --target DriftwoodTests", "Build the unit tests",
               cc_fail(DW, "DriftwoodTests", "Source/dsp/WavetableOscillator.cpp", 46, 20,
                       "implicit conversion loses floating-point precision: 'double' to 'float'",
                       "-Wimplicit-float-conversion",
                       "    phaseIncrement = frequencySmoother.getNextValue() / currentSampleRate;",
                       "                   ~ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~^~~~~~~~~~~~~~~~~~~", 3, 9,
                       ["Building CXX object CMakeFiles/DriftwoodTests.dir/Source/dsp/Voice.cpp.o",
                        "Building CXX object CMakeFiles/DriftwoodTests.dir/tests/WavetableTests.cpp.o"]))
        t.say("The project builds with warnings as errors and JUCE's recommended warning flags, so the float/double "
              "division assigned to a float member is an error. Making the narrowing explicit:")
        t.edit(f"{DW}/Source/dsp/WavetableOscillator.cpp",
               "    phaseIncrement = frequencySmoother.getNextValue() / currentSampleRate;",
               "    phaseIncrement = static_cast<float> (frequencySmoother.getNextValue() / currentSampleRate);")
        t.bash("cmake --build build --target DriftwoodTests", "Build the unit tests",
               out=ninja(["Building CXX object CMakeFiles/DriftwoodTests.dir/Source/dsp/WavetableOscillator.cpp.o",
                          "Building CXX object CMakeFiles/DriftwoodTests.dir/juce_audio_basics.mm.o",
                          "Building CXX object CMakeFiles/DriftwoodTests.dir/juce_dsp.mm.o",
                          "Building CXX object CMakeFiles/DriftwoodTests.dir/tests/PresetTests.cpp.o",
                          "Building CXX object CMakeFiles/DriftwoodTests.dir/tests/StateTests.cpp.o",
                          "Linking CXX executable DriftwoodTests_artefacts/Debug/DriftwoodTests"], 6), timeout=600000)
        t.bash("ctest --test-dir build --output-on-failure", "Run the unit tests",
               out=ctest_ok(f"{DW}/build", list(zip(DW_TESTS, [0.52, 0.04, 0.31, 0.09])), 0.98))
        t.bash("cmake --build build --target Driftwood_VST3", "Build the VST3",
               out=ninja(["Building CXX object CMakeFiles/Driftwood.dir/Source/dsp/WavetableOscillator.cpp.o",
                          "Building CXX object CMakeFiles/Driftwood.dir/Source/dsp/Voice.cpp.o",
                          "Linking CXX static library Driftwood_artefacts/Debug/libDriftwood_SharedCode.a",
                          "Linking CXX shared module Driftwood_artefacts/Debug/VST3/Driftwood.vst3/Contents/MacOS/Driftwood",
                          "Creating Driftwood_VST3 moduleinfo.json",
                          "Creating Driftwood_VST3 copy to ~/Library/Audio/Plug-Ins/VST3"], 6)
               .replace("Creating Driftwood_VST3 moduleinfo.json", "Generating Driftwood_artefacts/Debug/VST3/Driftwood.vst3/Contents/Resources/moduleinfo.json")
               .replace("Creating Driftwood_VST3 copy to ~/Library/Audio/Plug-Ins/VST3", "Copying Driftwood_VST3 to /Users/owen/Library/Audio/Plug-Ins/VST3"),
               timeout=600000)
        t.bash(f"pluginval --strictness-level 5 --validate {dw_art('Debug', 'VST3')}", "Validate the VST3 with pluginval",
               out=pluginval_ok(dw_art('Debug', 'VST3'), 5, "6d2f19a", "19 Oct 2026 10:02:41am"), timeout=600000)
        t.done("""Glide is in and everything passes.

- `WavetableOscillator` now has a multiplicative `SmoothedValue` for the frequency (exponential in pitch, so a glide over an octave takes the same time up and down). `setGlideTime` only re-ramps when the value changes and keeps the current frequency, so turning the knob mid-note doesn't jump. Glide 0 sets current and target at once.
- The increment is computed per sample from the smoothed frequency; the first build failed on the implicit `double`→`float` narrowing of `getNextValue() / currentSampleRate` (the project compiles with warnings as errors), so that line now has an explicit `static_cast<float>`.
- Audio thread: nothing allocates or locks — `SmoothedValue` is plain arithmetic, `setGlideTime` is called from `setParams` with the atomic's value.
- `DriftwoodTests` 4/4 ctest groups pass; pluginval strictness 5 passes on the Debug VST3.""")

        t = d.task("Freya's look-and-feel file has `using namespace juce;` at the top. I don't want that anywhere in "
                   "our code — qualify everything with juce:: instead. fix that file and check it builds",
                   tags=["pref:P2"])
        t.read(f"{DW}/Source/ui/SaltmarshLookAndFeel.cpp")
        d.files[f"{DW}/Source/ui/SaltmarshLookAndFeel.cpp"] = d.files[f"{DW}/Source/ui/SaltmarshLookAndFeel.cpp"]
        new_lnf = (LNF_CPP.replace("using namespace juce;\n\n", "")
                   .replace("(Slider::", "(juce::Slider::").replace("(Label::", "(juce::Label::")
                   .replace("(ResizableWindow::", "(juce::ResizableWindow::").replace("Colour (0x", "juce::Colour (0x")
                   .replace("(Graphics& g", "(juce::Graphics& g").replace("Slider& slider)", "juce::Slider& slider)")
                   .replace("auto bounds = Rectangle<int>", "auto bounds = juce::Rectangle<int>")
                   .replace("auto radius = jmin", "auto radius = juce::jmin")
                   .replace("    Path arc;", "    juce::Path arc;")
                   .replace("PathStrokeType (3.0f, PathStrokeType::curved, PathStrokeType::rounded)",
                            "juce::PathStrokeType (3.0f, juce::PathStrokeType::curved, juce::PathStrokeType::rounded)")
                   .replace("    Point<float> thumb", "    juce::Point<float> thumb")
                   .replace("fillEllipse (Rectangle<float>", "fillEllipse (juce::Rectangle<float>")
                   .replace("Font SaltmarshLookAndFeel::getLabelFont (Label&)", "juce::Font SaltmarshLookAndFeel::getLabelFont (juce::Label&)")
                   .replace("return FontOptions", "return juce::FontOptions"))
        t.write(f"{DW}/Source/ui/SaltmarshLookAndFeel.cpp", new_lnf)
        t.grep("using namespace juce", path=f"{DW}/Source", output_mode="files_with_matches", filenames=[])
        t.bash("cmake --build build --target Driftwood_VST3", "Rebuild the VST3",
               out=ninja(["Building CXX object CMakeFiles/Driftwood.dir/Source/ui/SaltmarshLookAndFeel.cpp.o",
                          "Linking CXX static library Driftwood_artefacts/Debug/libDriftwood_SharedCode.a",
                          "Linking CXX shared module Driftwood_artefacts/Debug/VST3/Driftwood.vst3/Contents/MacOS/Driftwood",
                          "Generating Driftwood_artefacts/Debug/VST3/Driftwood.vst3/Contents/Resources/moduleinfo.json",
                          "Copying Driftwood_VST3 to /Users/owen/Library/Audio/Plug-Ins/VST3"], 5), timeout=600000)
        t.done("Done: `SaltmarshLookAndFeel.cpp` no longer has `using namespace juce;`; every JUCE type and function is "
               "spelled `juce::` (`Slider`, `Label`, `Colour`, `Graphics`, `Rectangle`, `Path`, `PathStrokeType`, `Point`, "
               "`jmin`, `Font`/`FontOptions`). A grep over `Source/` finds no other `using namespace juce`. The VST3 builds.")

    # ============================================================ S2 Wed 10-21 brine
    with d.session("2026-10-21T10:05:00", BR, branch="main", version="2.1.93"):
        t = d.task("what's changed in Brine since 1.2.4? full log, I need it for the 1.3 notes later",
                   tags=["noise", "long_output"])
        subjects = [
            "Tape: add wow and flutter depth params (hidden in UI until 1.3)",
            "Presets: Freya's 'Harbour' bank first pass",
            "UI: new reel animation, respects reduce-motion",
            "Fix: feedback > 100% could run away at 192 kHz",
            "CMake: bump JUCE submodule to 8.0.4",
            "CI: cache FetchContent downloads on macOS",
            "CI: Windows job builds CLAP too",
            "Tape: Lagrange3rd interpolation for the delay line",
            "Fix: tone knob tooltip said kHz for Hz",
            "Presets: rename 'Warm Dub' to 'Dub Warm' to sort with the Dub category",
            "Host sync: tempo-synced delay note values (1/16 .. 1/1, dotted, triplet)",
            "Fix: state restore ignored the sync toggle",
            "Tests: state round-trip for every parameter",
            "Tests: delay time smoothing doesn't zipper",
            "UI: bigger hit area for the sync button",
            "Saturation: asymmetric curve option",
            "Fix: crash in Ableton when the editor was closed during a preset change",
            "Build: clap-juce-extensions 0.26.0",
            "Docs: manual section for tempo sync",
            "Fix: AU reported 0 latency while oversampling was on",
            "Saturation: 2x oversampling behind a switch",
            "CI: pluginval strictness 8 on macOS and Windows",
            "Tape: noise floor option (-70 dBFS hiss)",
            "Presets: 12 new presets from Freya",
            "Fix: denormals in the tone filter on Windows",
            "Release 1.2.4",
        ]
        log_lines = []
        day = 20
        for i, s in enumerate(subjects):
            who = "Freya Lund" if "Preset" in s or "UI" in s else "Owen Hartley"
            log_lines.append(f"{hx(7)} 2026-{'10' if day > 0 else '09'}-{max(day, 1):02d} {who:<13} {s}")
            day -= 1 if i % 2 else 2
        t.bash("git log --date=short --pretty='%h %ad %<(13)%an %s' v1.2.4^..HEAD", "Show the log since 1.2.4",
               out="\n".join(log_lines))
        t.done("25 commits since `v1.2.4` (the last line is the tag itself). Grouped:\n\n"
               "- **Tape / DSP:** wow & flutter depth params, Lagrange3rd interpolation, -70 dBFS hiss option, asymmetric saturation, 2× oversampling switch.\n"
               "- **Host sync:** tempo-synced note values incl. dotted/triplet; state restore now keeps the sync toggle.\n"
               "- **Fixes:** runaway feedback >100% at 192 kHz, Ableton crash closing the editor during a preset change, AU latency with oversampling, Windows tone-filter denormals, a tooltip unit.\n"
               "- **Presets (Freya):** Harbour bank first pass, 12 new presets, one rename.\n"
               "- **UI:** reel animation (reduce-motion aware), bigger sync button.\n"
               "- **Build/CI:** JUCE 8.0.4, clap-juce-extensions 0.26.0, FetchContent cache, CLAP on Windows, pluginval strictness 8.\n"
               "- **Tests/docs:** state round-trip for every parameter, smoothing test, manual section on sync.")

        t = d.task("first time building Brine on the new Mac mini. build the AU and run auval on it", tags=["mistake:M2"])
        t.bash("cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Debug", "Configure the Ninja debug tree",
               out="-- The C compiler identification is AppleClang 16.0.0.16000026\n"
                   "-- The CXX compiler identification is AppleClang 16.0.0.16000026\n"
                   "-- Detecting C compiler ABI info\n-- Detecting C compiler ABI info - done\n"
                   f"-- Check for working C compiler: {CXX[:-3]}cc - skipped\n"
                   "-- Detecting CXX compiler ABI info\n-- Detecting CXX compiler ABI info - done\n"
                   f"-- Check for working CXX compiler: {CXX} - skipped\n"
                   "-- Configuring juceaide\n-- Building juceaide\n-- Exporting juceaide\n"
                   "-- Performing Test HAVE_FLAG__ffile_prefix_map__Users_owen_dev_saltmarsh_brine_build__deps_catch2_src__\n"
                   "-- Performing Test HAVE_FLAG__ffile_prefix_map__Users_owen_dev_saltmarsh_brine_build__deps_catch2_src__ - Success\n"
                   f"-- Configuring done (41.8s)\n-- Generating done (0.4s)\n-- Build files have been written to: {BR}/build",
               timeout=600000)
        t.bash("cmake --build build --target Brine_AU", "Build the AU",
               out=ninja(["Building CXX object CMakeFiles/Brine.dir/Source/PluginProcessor.cpp.o",
                          "Building CXX object CMakeFiles/Brine.dir/Source/PluginEditor.cpp.o",
                          "Building CXX object CMakeFiles/Brine.dir/Source/dsp/TapeModel.cpp.o",
                          "Building CXX object CMakeFiles/Brine.dir/Source/dsp/Saturation.cpp.o",
                          "Building CXX object CMakeFiles/Brine.dir/juce_audio_processors.mm.o",
                          "Building CXX object CMakeFiles/Brine.dir/juce_gui_basics.mm.o",
                          "Building CXX object CMakeFiles/Brine.dir/juce_dsp.mm.o",
                          "Linking CXX static library Brine_artefacts/Debug/libBrine_SharedCode.a",
                          "Building CXX object CMakeFiles/Brine_AU.dir/libs/JUCE/modules/juce_audio_plugin_client/juce_audio_plugin_client_AU.mm.o",
                          "Linking CXX shared module Brine_artefacts/Debug/AU/Brine.component/Contents/MacOS/Brine",
                          "Copying Brine_AU to /Users/owen/Library/Audio/Plug-Ins/Components"], 11), timeout=1200000)
        t.fail("auval -v aufx Brne Smsh", "Validate the AU", auval_notfound("aufx", "Brne", "Smsh"), code=1)
        t.say("The bundle was copied to `~/Library/Audio/Plug-Ins/Components`, but on a machine that has never seen "
              "this component the AudioComponent registrar hasn't picked it up yet. Restarting the registrar, then "
              "checking the component is listed before validating again.")
        t.bash("killall -9 AudioComponentRegistrar", "Restart the AU component registrar")
        t.bash("auval -a 2>/dev/null | grep Smsh", "Check the component is registered now",
               out="aufx Brne Smsh  -  Saltmarsh Audio: Brine")
        t.bash("auval -v aufx Brne Smsh", "Validate the AU",
               out=auval_ok("aufx", "Brne", "Smsh", "Brine", "1.2.4", "0x10204", 2, 2, "61.774", "12.408", "1.037"),
               timeout=600000)
        t.done("AU validation succeeded for `aufx Brne Smsh` (Brine 1.2.4 on this branch).\n\n"
               "The first auval run said *didn't find the component*: the `.component` was already in "
               "`~/Library/Audio/Plug-Ins/Components`, but the AudioComponent registrar on this new machine hadn't "
               "scanned it. After restarting the registrar, `auval -a` lists it and the full validation passes "
               "(open times ~62 ms cold / ~12 ms warm, render tests 11 kHz–192 kHz fine).")

        t = d.task("Freya sent the new Harbour bank as presets/source/harbour_v2.csv. convert it into the factory "
                   "presets, validate them, and commit", tags=["workflow:W3"])
        t.read(f"{BR}/tools/presets/convert.py")
        t.bash("head -4 presets/source/harbour_v2.csv", "Look at the sheet header",
               out="name,category,author,time_ms,feedback,wow,flutter,drive_db,tone_hz,mix\n"
                   "Low Tide,Dub,Freya,375,0.62,0.18,0.07,6,3200,0.35\n"
                   "Breakwater,Dub,Freya,500,0.71,0.22,0.05,9,2600,0.4\n"
                   "Slipway,Slapback,Freya,95,0.12,0.05,0.11,3,9000,0.3")
        t.bash(".venv/bin/python tools/presets/convert.py presets/source/harbour_v2.csv presets/factory/harbour",
               "Convert the sheet to preset XML", out="wrote 14 presets to presets/factory/harbour")
        t.bash(".venv/bin/python tools/presets/validate.py presets/factory", "Validate all factory presets",
               out="presets/factory/dub: 9 ok\npresets/factory/harbour: 14 ok\npresets/factory/lofi: 8 ok\n"
                   "presets/factory/slapback: 7 ok\n38 presets, 0 problems")
        t.bash("git add presets/source/harbour_v2.csv presets/factory/harbour && git commit -m \"Presets: Harbour bank v2 (14 presets from Freya)\"",
               "Commit the new bank", out=f"[main {hx(7)}] Presets: Harbour bank v2 (14 presets from Freya)\n"
                                          " 15 files changed, 169 insertions(+), 118 deletions(-)")
        t.done("Harbour v2 is converted (14 presets in `presets/factory/harbour`), the validator is happy with all 38 "
               "factory presets, and it's committed on main.")

        t = d.task("before I wire Brine up for CLAP properly: what does clap-juce-extensions want for CLAP_FEATURES on an "
                   "effect? check their README", tags=["noise", "webfetch"])
        t.webfetch("https://github.com/free-audio/clap-juce-extensions",
                   "How is clap_juce_extensions_plugin called, and which CLAP_FEATURES are expected for an audio effect?",
                   "The CMake API is `clap_juce_extensions_plugin(TARGET <juce target> CLAP_ID \"com.my-cool-plugs.my-target\" "
                   "CLAP_FEATURES ...)`. It creates a `<target>_CLAP` target next to the JUCE format targets. CLAP_FEATURES "
                   "is a list of feature strings from the CLAP spec: the first should be the main category — "
                   "`instrument`, `audio-effect`, `note-effect`, `analyzer` or `note-detector` — followed by optional "
                   "sub-categories such as `delay`, `reverb`, `distortion`, `filter`, `stereo`, `mono`. Optional arguments "
                   "include `CLAP_MANUAL_URL`, `CLAP_SUPPORT_URL`, `CLAP_MISBEHAVIOUR_HANDLER_LEVEL` (Terminate or "
                   "Ignore) and `CLAP_CHECKING_LEVEL` (None, Minimal, Maximal). Plugins can opt into CLAP-specific "
                   "extensions (note names, direct parameter processing, voice info) by inheriting from "
                   "`clap_juce_extensions::clap_properties` and friends.")
        t.done("For Brine the call would be:\n\n```cmake\nclap_juce_extensions_plugin(TARGET Brine\n"
               "    CLAP_ID \"audio.saltmarsh.brine\"\n    CLAP_FEATURES audio-effect delay distortion stereo)\n```\n\n"
               "`audio-effect` has to come first (it's the main category hosts sort by), then sub-categories; `delay` plus "
               "`distortion` fits a tape delay with saturation. Worth adding `CLAP_MANUAL_URL` / `CLAP_SUPPORT_URL` while "
               "you're there. Nothing else is required for a plain effect.")

    # ============================================================ S3 Fri 10-23 driftwood
    with d.session("2026-10-23T13:40:00", DW, branch="feat/unison", version="2.1.94"):
        t = d.task("I've been in Xcode all morning stepping through the unison code, so build-xcode is the fresh tree. "
                   "run the unit tests from there", tags=["mistake:M3"])
        t.bash("cmake --build build-xcode --target DriftwoodTests --config Debug | tail -1", "Make sure the tests are built in the Xcode tree",
               out="** BUILD SUCCEEDED **", timeout=900000)
        t.fail("ctest --test-dir build-xcode --output-on-failure", "Run the unit tests from the Xcode tree",
               ctest_notrun(f"{DW}/build-xcode", DW_TESTS), code=8)
        t.say("build-xcode comes from the Xcode generator, which is multi-config: ctest doesn't know which "
              "configuration's `DriftwoodTests` to run unless it's told. The Xcode build defaults to Debug.")
        t.bash("ctest --test-dir build-xcode -C Debug --output-on-failure", "Run the Debug tests from the Xcode tree",
               out=ctest_ok(f"{DW}/build-xcode", list(zip(DW_TESTS, [0.61, 0.05, 0.33, 0.10])), 1.12))
        t.done("All 4 test groups pass from `build-xcode` (dsp, params, presets, state). The first run reported every test "
               "as *Not Run*: the Xcode tree is multi-config, so ctest needs the configuration (`-C Debug`).")

        t = d.task("now write Catch2 tests for the unison ratios: 1 voice = no detune, odd voice counts have a centre "
                   "voice at ratio 1, the spread is symmetric (lowest * highest == 1), and max detune matches the "
                   "cents value. put them in one TEST_CASE with a SECTION per property, tag [dsp]. run them",
                   tags=["pref:P3", "oneoff:O1"])
        test_src = """#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_floating_point.hpp>
#include "dsp/Unison.h"

using Catch::Matchers::WithinRel;

TEST_CASE ("Unison ratios", "[dsp][unison]")
{
    driftwood::Unison unison;
    unison.setDetuneCents (25.0f);

    SECTION ("one voice is not detuned")
    {
        unison.setVoices (1);
        REQUIRE (unison.getRatio (0) == 1.0f);
    }

    SECTION ("odd voice counts have a centre voice at ratio 1")
    {
        unison.setVoices (5);
        REQUIRE_THAT (unison.getRatio (2), WithinRel (1.0f, 1.0e-6f));
    }

    SECTION ("spread is symmetric")
    {
        for (int voices = 2; voices <= driftwood::Unison::maxVoices; ++voices)
        {
            unison.setVoices (voices);
            CAPTURE (voices);
            REQUIRE_THAT (unison.getRatio (0) * unison.getRatio (voices - 1), WithinRel (1.0f, 1.0e-5f));
        }
    }

    SECTION ("outer voices are detuned by the cents value")
    {
        unison.setVoices (7);
        REQUIRE_THAT (unison.getRatio (6), WithinRel (std::exp2 (25.0f / 1200.0f), 1.0e-5f));
    }
}
"""
        t.write(f"{DW}/tests/UnisonTests.cpp", test_src)
        t.read(f"{DW}/CMakeLists.txt", offset=72, limit=10)
        t.edit(f"{DW}/CMakeLists.txt", """    tests/StateTests.cpp
    ${DRIFTWOOD_DSP_SOURCES}""", """    tests/StateTests.cpp
    tests/UnisonTests.cpp
    ${DRIFTWOOD_DSP_SOURCES}""")
        t.bash("cmake --build build --target DriftwoodTests", "Build the tests",
               out=ninja(["Re-running CMake...", "Building CXX object CMakeFiles/DriftwoodTests.dir/tests/UnisonTests.cpp.o",
                          "Linking CXX executable DriftwoodTests_artefacts/Debug/DriftwoodTests"], 3)
               .replace("[1/3] Re-running CMake...", "[0/2] Re-running CMake...\n-- Configuring done (1.9s)\n-- Generating done (0.3s)\n"
                        f"-- Build files have been written to: {DW}/build").replace("[2/3]", "[1/2]").replace("[3/3]", "[2/2]"),
               timeout=600000)
        seed = 1739201548
        t.fail("ctest --test-dir build --output-on-failure -R dsp", "Run the dsp tests",
               f"""Test project {DW}/build
    Start 1: dsp
1/1 Test #1: {dots("dsp")}***Failed    0.47 sec
Filters: [dsp]
Randomness seeded to: {seed}

~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
DriftwoodTests is a Catch2 v3.7.1 host application.
Run with -? for options

-------------------------------------------------------------------------------
Unison ratios
  odd voice counts have a centre voice at ratio 1
-------------------------------------------------------------------------------
{DW}/tests/UnisonTests.cpp:18
...............................................................................

{DW}/tests/UnisonTests.cpp:21: FAILED:
  REQUIRE_THAT( unison.getRatio (2), WithinRel (1.0f, 1.0e-6f) )
with expansion:
  0.99712f and 1.0 are within 0.0001% of each other

-------------------------------------------------------------------------------
Unison ratios
  spread is symmetric
-------------------------------------------------------------------------------
{DW}/tests/UnisonTests.cpp:24
...............................................................................

{DW}/tests/UnisonTests.cpp:30: FAILED:
  REQUIRE_THAT( unison.getRatio (0) * unison.getRatio (voices - 1), WithinRel (1.0f, 1.0e-5f) )
with expansion:
  0.98566f and 1.0 are within 0.001% of each other
with message:
  voices := 2

===============================================================================
test cases:  7 |  6 passed | 1 failed
assertions: 58 | 56 passed | 2 failed


0% tests passed, 1 tests failed out of 1

Total Test time (real) =   0.48 sec

The following tests FAILED:
	  1 - dsp (Failed)
Errors while running CTest""", code=8)
        t.say("Two real failures, and they point at the same thing: `updateRatios` divides the voice index by "
              "`numVoices` instead of `numVoices - 1`, so the spread runs from -1 to less than +1. The top voice is "
              "never fully detuned and the \"centre\" voice of an odd stack sits below 1.")
        t.read(f"{DW}/Source/dsp/Unison.cpp")
        t.edit(f"{DW}/Source/dsp/Unison.cpp",
               "static_cast<float> (i) / static_cast<float> (numVoices) * 2.0f - 1.0f;",
               "static_cast<float> (i) / static_cast<float> (numVoices - 1) * 2.0f - 1.0f;")
        t.bash("cmake --build build --target DriftwoodTests", "Rebuild the tests",
               out=ninja(["Building CXX object CMakeFiles/DriftwoodTests.dir/Source/dsp/Unison.cpp.o",
                          "Linking CXX executable DriftwoodTests_artefacts/Debug/DriftwoodTests"], 2), timeout=600000)
        t.bash("ctest --test-dir build --output-on-failure -R dsp", "Run the dsp tests",
               out=ctest_ok(f"{DW}/build", [("dsp", 0.49)], 0.50))
        t.done("The new `Unison ratios` TEST_CASE (4 SECTIONs, tagged `[dsp][unison]`) found a real bug: the spread was "
               "`i / numVoices` instead of `i / (numVoices - 1)`, so stacks were lopsided (the 5-voice centre voice sat "
               "5 cents flat, the top voice never reached the full detune). Fixed in `Unison.cpp`; the dsp group "
               "passes now. `tests/UnisonTests.cpp` is added to the `DriftwoodTests` sources.")

        t = d.task("design question, no code: for the saturator before the filter, 2x or 4x oversampling? it's a tanh "
                   "waveshaper with drive up to +24 dB", tags=["noise", "no_tools"])
        t.done("""I'd go 4× for that curve, with a switch.

- `tanh` driven at +24 dB is close to a hard clipper: it generates strong odd harmonics well past the 5th. At 44.1/48 kHz with 2× the aliasing from a 3–5 kHz lead note still folds back audibly; at 4× most of the energy above the new Nyquist is low enough to be masked.
- Cost: `juce::dsp::Oversampling` with the polyphase IIR filters is cheap; 4× roughly doubles the saturator's cost compared to 2×, and it's a small fraction of the voice's total.
- Latency: the IIR oversampler has a small fractional latency; report it via `setLatencySamples` (rounded) so hosts compensate — or use the FIR half-band filters with `isMaxQuality = true` if you want linear phase.
- If the drive is only +12 dB, 2× is usually enough. A 2×/4× choice (like you did in Brine) is the honest option for a synth where people stack 7 unison voices.""")

        t = d.task("Driftwood crashes in Live when I switch presets fast while a note is held. Live is open with the "
                   "set right now — attach lldb and get me a backtrace of all threads", tags=["unfixed:U1", "long_output"])
        t.bash("pgrep -lx Live", "Find the Ableton Live process", out="81423 Live")
        t.fail("lldb --batch -p 81423 -o 'bt all'", "Attach lldb to Live and dump all thread backtraces",
               "(lldb) process attach --pid 81423\n"
               "error: attach failed: attach failed (Not allowed to attach to process.  Look in the console messages "
               "(Console.app), near the debugserver entries, when the attach failed.  The subsystem that denied the "
               "attach permission will likely have logged an informative message about why it was denied.)", code=1)
        t.say("macOS won't let a debugger attach to Live: it's a hardened-runtime app without the get-task-allow "
              "entitlement. Let me check whether there is already a crash report from the earlier crashes instead.")
        t.bash("ls -t ~/Library/Logs/DiagnosticReports | head -5", "Look for recent crash reports",
               out="Live-2026-10-23-112907.ips\nLive-2026-10-23-104415.ips\n"
                   "AUHostingServiceXPC_arrow-2026-10-22-180233.ips\nBrine Standalone-2026-10-20-093114.ips\n"
                   "Xcode-2026-10-19-165501.ips")
        crash = f"""{{"app_name":"Live","timestamp":"2026-10-23 11:29:07.00 +0100","app_version":"12.1.5","slice_uuid":"{uuidish()}","build_version":"2025-09-30_5a1f3b8c2d","platform":1,"bundleID":"com.ableton.live","share_with_app_devs":0,"is_first_party":0,"bug_type":"309","os_version":"macOS 15.1 (24B83)","roots_installed":0,"name":"Live","incident_id":"{uuidish().upper()}"}}
{{
  "exception" : {{"codes":"0x0000000000000001, 0x0000000000000010","rawCodes":[1,16],"type":"EXC_BAD_ACCESS","signal":"SIGSEGV","subtype":"KERN_INVALID_ADDRESS at 0x0000000000000010"}},
  "termination" : {{"flags":0,"code":11,"namespace":"SIGNAL","indicator":"Segmentation fault: 11","byProc":"exc handler","byPid":81102}},
  "faultingThread" : 31,
  "threads" : [
  {{"id":1702331,"name":"com.apple.main-thread","queue":"com.apple.main-thread","frames":[
    {{"imageOffset":4021,"symbol":"mach_msg2_trap","symbolLocation":8,"imageIndex":3}},
    {{"imageOffset":78432,"symbol":"mach_msg2_internal","symbolLocation":80,"imageIndex":3}},
    {{"imageOffset":3410856,"symbol":"juce::ValueTree::SharedObject::sendPropertyChangeMessage(juce::Identifier const&, juce::ValueTree::Listener*)","symbolLocation":212,"imageIndex":9}},
    {{"imageOffset":3402212,"symbol":"juce::AudioProcessorValueTreeState::replaceState(juce::ValueTree const&)","symbolLocation":396,"imageIndex":9}},
    {{"imageOffset":1288804,"symbol":"driftwood::PresetManager::loadPreset(int)","symbolLocation":340,"imageIndex":9}}]}},
  {{"id":1702498,"name":"AQClient","frames":[]}},
  {{"triggered":true,"id":1702611,"name":"AudioCalc","threadState":{{"x":[{{"value":0}},{{"value":16}}]}},"frames":[
    {{"imageOffset":1309720,"symbol":"driftwood::WavetableOscillator::getNextSample()","symbolLocation":44,"imageIndex":9}},
    {{"imageOffset":1316408,"symbol":"driftwood::DriftwoodVoice::renderNextBlock(juce::AudioBuffer<float>&, int, int)","symbolLocation":196,"imageIndex":9}},
    {{"imageOffset":4180212,"symbol":"juce::Synthesiser::renderVoices(juce::AudioBuffer<float>&, int, int)","symbolLocation":108,"imageIndex":9}},
    {{"imageOffset":4178632,"symbol":"void juce::Synthesiser::processNextBlock<float>(juce::AudioBuffer<float>&, juce::MidiBuffer const&, int, int)","symbolLocation":504,"imageIndex":9}},
    {{"imageOffset":1278196,"symbol":"driftwood::DriftwoodProcessor::processBlock(juce::AudioBuffer<float>&, juce::MidiBuffer&)","symbolLocation":320,"imageIndex":9}},
    {{"imageOffset":2210044,"symbol":"juce::JuceVST3Component::process(Steinberg::Vst::ProcessData&)","symbolLocation":1012,"imageIndex":9}}]}}
  ],
  "usedImages" : [
  {{"source":"P","arch":"arm64","base":4303650816,"size":16384,"name":"Driftwood","path":"\\/Users\\/owen\\/Library\\/Audio\\/Plug-Ins\\/VST3\\/Driftwood.vst3\\/Contents\\/MacOS\\/Driftwood"}}
  ]
}}"""
        t.bash("cat ~/Library/Logs/DiagnosticReports/Live-2026-10-23-112907.ips", "Read the latest Live crash report",
               out=crash)
        t.done("I couldn't attach: `lldb` is refused (*Not allowed to attach to process*) because Live is a "
               "hardened-runtime app that doesn't allow debuggers. I didn't try to get around that.\n\n"
               "The 11:29 crash report already shows the race, though:\n\n"
               "- **Audio thread (crashed, thread 31):** `WavetableOscillator::getNextSample()` reading address `0x10` "
               "→ `DriftwoodVoice::renderNextBlock` → `processBlock`. That's `tables->frameAt(...)` on a null or freed "
               "`WavetableSet`.\n"
               "- **Main thread at the same moment:** `PresetManager::loadPreset` → `replaceState` → a listener that swaps "
               "the wavetable set.\n\n"
               "So the message thread replaces the wavetable set while voices still point at the old one. The fix is to "
               "hand the new table to the audio thread without freeing the old one under it (e.g. an atomic pointer swap "
               "plus release on the message thread after the audio thread has acknowledged it). Want me to sketch that? "
               "For a live backtrace you'd need the Standalone build, a host without hardened runtime, or a host build you're allowed to debug.")

    # ============================================================ S4 Tue 10-27 brine (SessionEnd other)
    with d.session("2026-10-27T09:10:00", BR, branch="release/1.3.0", version="2.1.95", end_reason="other"):
        t = d.task("last feature for 1.3: the wow and flutter depth params exist but do nothing. add a wow LFO (~0.5 Hz) "
                   "and a flutter LFO (~6 Hz) that modulate the delay time, read from a precomputed sine table. tests, "
                   "then pluginval on the VST3 like always", tags=["mistake:M1", "workflow:W1"])
        t.read(f"{BR}/Source/dsp/TapeModel.h")
        t.read(f"{BR}/Source/dsp/TapeModel.cpp")
        t.edit(f"{BR}/Source/dsp/TapeModel.h", """    void setFeedback (float newFeedback) noexcept { feedback = newFeedback; }""",
               """    void setFeedback (float newFeedback) noexcept { feedback = newFeedback; }
    void setWowFlutter (float newWow, float newFlutter) noexcept { wowDepth = newWow; flutterDepth = newFlutter; }""")
        t.edit(f"{BR}/Source/dsp/TapeModel.h", """    float feedback = 0.35f;
""", """    float feedback = 0.35f;
    float wowDepth = 0.0f, flutterDepth = 0.0f;
    float wowPhase = 0.0f, flutterPhase = 0.0f;
    float wowInc = 0.0f, flutterInc = 0.0f;
    std::vector<float> sineTable;

    float lookupSine (float phase) const noexcept;
""")
        t.edit(f"{BR}/Source/dsp/TapeModel.cpp", """    toneFilter.setType (juce::dsp::StateVariableTPTFilterType::lowpass);
}""", """    toneFilter.setType (juce::dsp::StateVariableTPTFilterType::lowpass);

    // table is filled here, never on the audio thread
    sineTable.resize (2048);
    for (size_t i = 0; i < sineTable.size(); ++i)
        sineTable[i] = std::sin (juce::MathConstants<float>::twoPi * static_cast<float> (i) / 2048.0f);

    wowInc = 0.5f / static_cast<float> (sampleRate);
    flutterInc = 6.1f / static_cast<float> (sampleRate);
}

float TapeModel::lookupSine (float phase) const noexcept
{
    const int tableSize = sineTable.size();
    const auto pos = phase * static_cast<float> (tableSize);
    const auto i0 = static_cast<int> (pos);
    const auto frac = pos - static_cast<float> (i0);
    const auto a = sineTable[static_cast<size_t> (i0 % tableSize)];
    const auto b = sineTable[static_cast<size_t> ((i0 + 1) % tableSize)];
    return a + frac * (b - a);
}""")
        t.edit(f"{BR}/Source/dsp/TapeModel.cpp", """            const auto delayed = delayLine.popSample (static_cast<int> (ch), delaySmoother.getNextValue());""",
               """            const auto mod = 1.0f + 0.004f * wowDepth * lookupSine (wowPhase)
                                  + 0.0008f * flutterDepth * lookupSine (flutterPhase);
            const auto delayed = delayLine.popSample (static_cast<int> (ch), delaySmoother.getNextValue() * mod);""")
        t.edit(f"{BR}/Source/dsp/TapeModel.cpp", """            data[i] = toneFilter.processSample (static_cast<int> (ch), saturation.process (delayed));
        }""", """            data[i] = toneFilter.processSample (static_cast<int> (ch), saturation.process (delayed));

            if (ch == 0)
            {
                wowPhase += wowInc;
                flutterPhase += flutterInc;
                wowPhase -= std::floor (wowPhase);
                flutterPhase -= std::floor (flutterPhase);
            }
        }""")
        t.fail("cmake --build build --target BrineTests", "Build the Brine unit tests",
               cc_fail(BR, "BrineTests", "Source/dsp/TapeModel.cpp", 27, 27,
                       "implicit conversion loses integer precision: 'size_type' (aka 'unsigned long') to 'const int'",
                       "-Wshorten-64-to-32", "    const int tableSize = sineTable.size();",
                       "              ~~~~~~~~~   ~~~~~~~~~~^~~~~~", 1, 6))
        t.say("Same strictness as Driftwood: `std::vector::size()` is a 64-bit `size_t` and the project treats the "
              "narrowing warning as an error. Spelling the conversion out (the table is 2048 entries, it fits):")
        t.edit(f"{BR}/Source/dsp/TapeModel.cpp", "    const int tableSize = sineTable.size();",
               "    const auto tableSize = static_cast<int> (sineTable.size());")
        t.bash("cmake --build build --target BrineTests", "Build the Brine unit tests",
               out=ninja(["Building CXX object CMakeFiles/BrineTests.dir/Source/dsp/TapeModel.cpp.o",
                          "Building CXX object CMakeFiles/BrineTests.dir/tests/TapeTests.cpp.o",
                          "Linking CXX executable BrineTests_artefacts/Debug/BrineTests"], 3), timeout=600000)
        t.bash("ctest --test-dir build --output-on-failure", "Run the Brine tests",
               out=ctest_ok(f"{BR}/build", list(zip(BR_TESTS, [0.72, 0.38, 0.04, 0.11])), 1.29))
        t.bash("cmake --build build --target Brine_VST3", "Build the VST3",
               out=ninja(["Building CXX object CMakeFiles/Brine.dir/Source/dsp/TapeModel.cpp.o",
                          "Linking CXX static library Brine_artefacts/Debug/libBrine_SharedCode.a",
                          "Linking CXX shared module Brine_artefacts/Debug/VST3/Brine.vst3/Contents/MacOS/Brine",
                          "Generating Brine_artefacts/Debug/VST3/Brine.vst3/Contents/Resources/moduleinfo.json",
                          "Copying Brine_VST3 to /Users/owen/Library/Audio/Plug-Ins/VST3"], 5), timeout=600000)
        t.bash("pluginval --strictness-level 8 --validate build/Brine_artefacts/Debug/VST3/Brine.vst3",
               "Validate the VST3 with pluginval",
               out=pluginval_ok("build/Brine_artefacts/Debug/VST3/Brine.vst3", 8, "41c09e2", "27 Oct 2026 9:48:03am"),
               timeout=900000)
        t.done("Wow and flutter now move the delay time.\n\n"
               "- `prepare` fills a 2048-point sine table (the only allocation, off the audio thread); `process` reads it "
               "with linear interpolation for a 0.5 Hz wow LFO (±0.4 % of the delay time at full depth) and a 6.1 Hz "
               "flutter LFO (±0.08 %). Phases advance once per sample on channel 0 and wrap with `floor`.\n"
               "- The first test build stopped on `const int tableSize = sineTable.size();` — `size_t` → `int` narrowing is "
               "an error here; it's a `static_cast<int>` now.\n"
               "- BrineTests 4/4 pass, pluginval strictness 8 passes on the Debug VST3.")

        t = d.task("ok, cut the 1.3.0 release: universal Release build, sign, installer pkg, notarize, staple. same as "
                   "1.2.4", tags=["workflow:W2", "flaky:F1", "long_output"])
        t.bash("cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_OSX_ARCHITECTURES=\"arm64;x86_64\"",
               "Configure the universal release tree",
               out=f"-- Configuring juceaide\n-- Building juceaide\n-- Exporting juceaide\n-- Configuring done (12.6s)\n"
                   f"-- Generating done (0.5s)\n-- Build files have been written to: {BR}/build-release", timeout=600000)
        bundles = ["build-release/Brine_artefacts/Release/VST3/Brine.vst3",
                   "build-release/Brine_artefacts/Release/AU/Brine.component",
                   "build-release/Brine_artefacts/Release/CLAP/Brine.clap"]
        bout = [f"Building CXX object CMakeFiles/Brine.dir/{x}" for x in
                ["Source/PluginProcessor.cpp.o", "Source/PluginEditor.cpp.o", "Source/dsp/TapeModel.cpp.o",
                 "Source/dsp/Saturation.cpp.o", "Source/Parameters.cpp.o", "juce_audio_processors.mm.o",
                 "juce_audio_processors_ara.cpp.o", "juce_gui_basics.mm.o", "juce_gui_extra.mm.o", "juce_dsp.mm.o",
                 "juce_audio_utils.mm.o", "juce_graphics.mm.o", "juce_core.mm.o", "BinaryData/BinaryData1.cpp.o"]]
        bout += ["Linking CXX static library Brine_artefacts/Release/libBrine_SharedCode.a",
                 "Linking CXX shared module Brine_artefacts/Release/VST3/Brine.vst3/Contents/MacOS/Brine",
                 "Linking CXX shared module Brine_artefacts/Release/AU/Brine.component/Contents/MacOS/Brine",
                 "Linking CXX shared module Brine_artefacts/Release/CLAP/Brine.clap/Contents/MacOS/Brine",
                 "Generating Brine_artefacts/Release/VST3/Brine.vst3/Contents/Resources/moduleinfo.json"]
        t.bash("cmake --build build-release --target Brine_VST3 Brine_AU Brine_CLAP", "Build the release plug-ins",
               out=ninja(bout, len(bout)), timeout=1800000)
        t.bash("lipo -archs build-release/Brine_artefacts/Release/VST3/Brine.vst3/Contents/MacOS/Brine",
               "Check the binary is universal", out="x86_64 arm64")
        t.bash("rm -rf pkgroot && mkdir -p pkgroot/vst3 pkgroot/au pkgroot/clap && "
               "ditto build-release/Brine_artefacts/Release/VST3/Brine.vst3 pkgroot/vst3/Brine.vst3 && "
               "ditto build-release/Brine_artefacts/Release/AU/Brine.component pkgroot/au/Brine.component && "
               "ditto build-release/Brine_artefacts/Release/CLAP/Brine.clap pkgroot/clap/Brine.clap",
               "Stage the bundles for packaging")
        pk = [("pkgroot/vst3", "dist/brine-vst3.pkg", "vst3", "/Library/Audio/Plug-Ins/VST3"),
              ("pkgroot/au", "dist/brine-au.pkg", "au", "/Library/Audio/Plug-Ins/Components"),
              ("pkgroot/clap", "dist/brine-clap.pkg", "clap", "/Library/Audio/Plug-Ins/CLAP")]
        staged = ["pkgroot/vst3/Brine.vst3", "pkgroot/au/Brine.component", "pkgroot/clap/Brine.clap"]
        sid = release(t, BR, "Brine", "1.3.0", staged, pk, "21.7 MB", flaky=True)
        t.done(f"Brine 1.3.0 is ready: `dist/Brine-1.3.0.pkg`.\n\n"
               f"- Universal (`x86_64 arm64`) Release build of VST3, AU and CLAP.\n"
               f"- Bundles signed with the Developer ID Application identity, hardened runtime, secure timestamp; "
               f"`codesign --verify --deep --strict` clean.\n"
               f"- Three component packages + product archive signed with the Developer ID Installer identity.\n"
               f"- Notarization accepted (submission `{sid}`; the first upload attempt timed out on the network and the "
               f"identical retry went through), ticket stapled, Gatekeeper: *accepted, source=Notarized Developer ID*.")

        t = d.task("write the 1.3.0 release notes for the website and the KVR thread. docs/release-notes/1.3.0.md",
                   tags=["noise"])
        t.write(f"{BR}/docs/release-notes/1.3.0.md", """# Brine 1.3.0 — release notes

Brine 1.3 is a free update for everyone who owns Brine 1.x. It brings the tape character controls many of you have
asked for since launch, host-synced delay times, a new factory bank from Freya, and a long list of fixes.

## New

### Wow and flutter
Two new knobs on the Tape page. **Wow** is a slow (~0.5 Hz) pitch drift, like a reel that isn't quite round;
**Flutter** is the faster (~6 Hz) wobble of a worn capstan. Both modulate the delay time, so they affect only the
repeats, never the dry signal. At zero they are completely off, so existing presets sound exactly as before.

### Tempo sync
The delay time can now follow the host tempo. Pick note values from 1/16 to 1/1, including dotted and triplet
values. The sync state is saved with the project and with presets.

### Saturation
- A new **asymmetric** curve adds even harmonics, closer to a real tape machine driven hard.
- Optional **2× oversampling** for the saturation stage reduces aliasing at high drive settings. Latency is reported
  to the host, so everything stays in time.

### Noise floor
An optional tape hiss at -70 dBFS, for when clean is too clean.

### Harbour preset bank
14 new presets by Freya, from short slapback to long dub feedback, plus 12 additions across the existing banks.

## Improved
- Lagrange interpolation in the delay line: smoother time changes, less zipper noise.
- The reel animation respects the macOS "Reduce motion" setting.
- Larger click area for the Sync button.
- The manual has a new chapter on tempo sync.

## Fixed
- Feedback above 100 % could run away at 192 kHz.
- Crash in Ableton Live when the editor was closed during a preset change.
- The AU reported zero latency while oversampling was on.
- Possible CPU spikes on Windows caused by denormals in the tone filter.
- The tone knob tooltip showed kHz instead of Hz.
- Project state did not restore the Sync toggle.

## Compatibility
- macOS 11 or later (Apple Silicon and Intel, universal), Windows 10 or later (64-bit).
- VST3, AU and CLAP. AAX is not available.
- Presets and projects from 1.x load unchanged.

## Installing
Download the installer from your account page at saltmarsh.audio and run it. It replaces the previous version;
your presets are kept.

Thanks to everyone on the KVR thread and in the beta group for the reports and ideas!
""")
        t.done("Written to `docs/release-notes/1.3.0.md`: intro, New (wow & flutter, tempo sync, saturation, noise floor, "
               "Harbour bank), Improved, Fixed, Compatibility and Installing sections.")

    # ============================================================ S5 Thu 10-29 driftwood (compaction)
    with d.session("2026-10-29T10:15:00", DW, branch="feat/au", version="2.1.96"):
        fb = ("the Brine 1.3 release notes you wrote were way too long, I had to cut half of it before it went on the "
              "site and KVR. nobody reads a compatibility section in a changelog. now Driftwood beta 2 notes for the "
              "testers: docs/beta/beta2.md, 5 bullets max, no headings")
        t = d.task(fb, tags=["feedback"], feedback=fb)
        t.write(f"{DW}/docs/beta/beta2.md", """- Glide: new Glide knob (0–2 s), exponential in pitch, so slides take the same time up and down.
- Unison: stacks are now symmetric; odd voice counts keep a centre voice in tune (5- and 7-voice patches sound wider and less sharp).
- UI: cleaned-up knob drawing and label fonts.
- Known issue: fast preset switching while a note is held can crash; fix in progress, please avoid it in sessions for now.
- Please report with host, OS version and the preset name: beta@saltmarsh.audio.
""")
        t.done("Got it — short. `docs/beta/beta2.md` is five bullets and no headings: glide, unison fix, UI, the known "
               "preset-switch crash, and how to report.")

        t = d.task("Logic users in the beta keep asking for AU. add AU to Driftwood's formats, build it and run auval",
                   tags=["mistake:M2"])
        t.read(f"{DW}/CMakeLists.txt", offset=19, limit=16)
        t.edit(f"{DW}/CMakeLists.txt", "    FORMATS VST3 Standalone\n", "    FORMATS VST3 AU Standalone\n")
        t.bash("cmake --build build --target Driftwood_AU", "Build the AU",
               out="[0/2] Re-running CMake...\n-- Configuring done (2.4s)\n-- Generating done (0.6s)\n"
                   f"-- Build files have been written to: {DW}/build\n" +
               ninja(["Building CXX object CMakeFiles/Driftwood_AU.dir/libs/JUCE/modules/juce_audio_plugin_client/juce_audio_plugin_client_AU.mm.o",
                      "Building CXX object CMakeFiles/Driftwood_AU.dir/libs/JUCE/modules/juce_audio_plugin_client/juce_audio_plugin_client_AU_1.mm.o",
                      "Linking CXX shared module Driftwood_artefacts/Debug/AU/Driftwood.component/Contents/MacOS/Driftwood",
                      "Copying Driftwood_AU to /Users/owen/Library/Audio/Plug-Ins/Components"], 4), timeout=900000)
        t.fail("auval -strict -v aumu Drfw Smsh", "Validate the AU in strict mode", auval_notfound("aumu", "Drfw", "Smsh"), code=1)
        t.say("The component is installed but brand new to this Mac, so the registrar's cache doesn't have it yet. "
              "Restarting the registrar and validating again.")
        t.bash("killall -9 AudioComponentRegistrar && sleep 1 && auval -a 2>/dev/null | grep Smsh",
               "Restart the AU registrar and check the component is listed",
               out="aufx Brne Smsh  -  Saltmarsh Audio: Brine\naumu Drfw Smsh  -  Saltmarsh Audio: Driftwood")
        t.bash("auval -strict -v aumu Drfw Smsh", "Validate the AU in strict mode",
               out=auval_ok("aumu", "Drfw", "Smsh", "Driftwood", "0.9.4", "0x904", 0, 2, "88.102", "17.560", "2.941",
                            strict=True), timeout=600000)
        t.done("Driftwood now builds an AU (`FORMATS VST3 AU Standalone`) and `auval -strict` passes for `aumu Drfw Smsh`.\n\n"
               "As with Brine on the new Mac, the first auval couldn't find the component until the AudioComponent "
               "registrar was restarted; after that it's listed next to Brine and validates (no input bus, stereo out, "
               "render tests up to 192 kHz fine). It's copied to `~/Library/Audio/Plug-Ins/Components` on every build, "
               "so Logic will pick it up after its own plug-in scan.")

        t = d.task("mod wheel should sweep the wavetable position on top of the knob (full wheel = +0.5 position, clamped). "
                   "same rules as always for processBlock: the audio thread never allocates, never locks, never logs. "
                   "tests + pluginval", tags=["workflow:W1", "pref:P1"])
        t.read(f"{DW}/Source/PluginProcessor.cpp")
        t.edit(f"{DW}/Source/PluginProcessor.cpp", """    juce::ScopedNoDenormals noDenormals;
    buffer.clear();

    const VoiceParams params { wtPosition->load(),""", """    juce::ScopedNoDenormals noDenormals;
    buffer.clear();

    for (const auto metadata : midi)
    {
        const auto msg = metadata.getMessage();
        if (msg.isController() && msg.getControllerNumber() == 1)
            modWheel = static_cast<float> (msg.getControllerValue()) / 127.0f;
    }

    const auto position = juce::jlimit (0.0f, 1.0f, wtPosition->load() + 0.5f * modWheel);

    const VoiceParams params { position,""")
        d.files[f"{DW}/Source/PluginProcessor.h"] = PROC_H
        t.read(f"{DW}/Source/PluginProcessor.h", offset=40, limit=25)
        t.edit(f"{DW}/Source/PluginProcessor.h", """    std::atomic<float>* unisonDetune = nullptr;
""", """    std::atomic<float>* unisonDetune = nullptr;
    float modWheel = 0.0f; // touched only on the audio thread
""")
        t.edit(f"{DW}/Source/PluginProcessor.h", """    juce::AudioProcessorValueTreeState apvts;
""", """    juce::AudioProcessorValueTreeState apvts;

    VoiceParams getCurrentVoiceParams() const noexcept { return lastParams; }
""")
        t.edit(f"{DW}/Source/PluginProcessor.h", """    std::atomic<float>* wtPosition = nullptr;""", """    VoiceParams lastParams;
    std::atomic<float>* wtPosition = nullptr;""")
        t.edit(f"{DW}/Source/PluginProcessor.cpp", """                               unisonDetune->load() };
""", """                               unisonDetune->load() };
    lastParams = params;
""")
        t.write(f"{DW}/tests/ModWheelTests.cpp", """#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_floating_point.hpp>
#include "PluginProcessor.h"
#include "Parameters.h"

using Catch::Matchers::WithinAbs;

TEST_CASE ("Mod wheel adds up to half the table to the position", "[params]")
{
    driftwood::DriftwoodProcessor proc;
    proc.prepareToPlay (48000.0, 256);
    proc.getParameters()[0]->setValueNotifyingHost (0.25f);

    juce::AudioBuffer<float> buffer (2, 256);
    juce::MidiBuffer midi;
    midi.addEvent (juce::MidiMessage::controllerEvent (1, 1, 127), 0);
    proc.processBlock (buffer, midi);

    REQUIRE_THAT (proc.getCurrentVoiceParams().wtPosition, WithinAbs (0.75f, 1.0e-6f));

    midi.clear();
    midi.addEvent (juce::MidiMessage::controllerEvent (1, 1, 127), 0);
    proc.getParameters()[0]->setValueNotifyingHost (0.8f);
    proc.processBlock (buffer, midi);

    REQUIRE_THAT (proc.getCurrentVoiceParams().wtPosition, WithinAbs (1.0f, 1.0e-6f));
}
""")
        t.edit(f"{DW}/CMakeLists.txt", """    tests/UnisonTests.cpp
    ${DRIFTWOOD_DSP_SOURCES}""", """    tests/UnisonTests.cpp
    tests/ModWheelTests.cpp
    Source/PluginProcessor.cpp
    ${DRIFTWOOD_DSP_SOURCES}""")
        t.bash("cmake --build build --target DriftwoodTests", "Build the tests",
               out="[0/2] Re-running CMake...\n-- Configuring done (2.2s)\n-- Generating done (0.6s)\n"
                   f"-- Build files have been written to: {DW}/build\n" +
               ninja(["Building CXX object CMakeFiles/DriftwoodTests.dir/Source/PluginProcessor.cpp.o",
                      "Building CXX object CMakeFiles/DriftwoodTests.dir/tests/ModWheelTests.cpp.o",
                      "Linking CXX executable DriftwoodTests_artefacts/Debug/DriftwoodTests"], 3), timeout=600000)
        t.bash("ctest --test-dir build --output-on-failure", "Run the unit tests",
               out=ctest_ok(f"{DW}/build", list(zip(DW_TESTS, [0.66, 0.21, 0.30, 0.09])), 1.29))
        t.bash("cmake --build build --target Driftwood_VST3", "Build the VST3",
               out=ninja(["Building CXX object CMakeFiles/Driftwood.dir/Source/PluginProcessor.cpp.o",
                          "Linking CXX static library Driftwood_artefacts/Debug/libDriftwood_SharedCode.a",
                          "Linking CXX shared module Driftwood_artefacts/Debug/VST3/Driftwood.vst3/Contents/MacOS/Driftwood",
                          "Generating Driftwood_artefacts/Debug/VST3/Driftwood.vst3/Contents/Resources/moduleinfo.json",
                          "Copying Driftwood_VST3 to /Users/owen/Library/Audio/Plug-Ins/VST3"], 5), timeout=600000)
        t.bash(f"pluginval --strictness-level 5 --validate {dw_art('Debug', 'VST3')}", "Validate the VST3 with pluginval",
               out=pluginval_ok(dw_art('Debug', 'VST3'), 5, "1b7e330", "29 Oct 2026 11:21:50am"), timeout=600000)
        t.done("Mod wheel (CC 1) now adds up to +0.5 to the wavetable position, clamped to [0, 1].\n\n"
               "- `processBlock` scans the block's MIDI for CC 1 before rendering and keeps the last value in a plain "
               "`float modWheel` member that only the audio thread touches — no atomics needed, nothing allocated, no "
               "locks, no logging.\n"
               "- New `[params]` test: knob 0.25 + full wheel → 0.75, knob 0.8 + full wheel → clamped to 1.0.\n"
               "- ctest 4/4, pluginval strictness 5 passes.\n\n"
               "It applies per block (the last CC in the block wins), which is fine for a position sweep because "
               "`positionSmoother` ramps it over 20 ms anyway.")

        d.precompact("""Analysis: Owen Hartley (Saltmarsh Audio, two people: Owen code, Freya presets/UI/design) works on JUCE 8 plug-ins on macOS (Apple Silicon, Xcode 16.2). Repos: ~/dev/saltmarsh/driftwood (wavetable synth, CMake: build = Ninja Debug, build-xcode = Xcode generator, build-release = universal Release; Catch2 v3 tests registered per tag as ctest tests dsp/params/presets/state; pluginval), ~/dev/saltmarsh/brine (tape delay, same layout, 1.3.0 released), ~/dev/saltmarsh/groyne (old Projucer compressor). Both CMake projects build with CMAKE_COMPILE_WARNING_AS_ERROR and juce_recommended_warning_flags.

Summary:
1. Driftwood feat/au: Owen's feedback — Brine 1.3 notes were too long (he cut half); Driftwood beta 2 notes written to docs/beta/beta2.md as 5 bullets, no headings.
2. AU added to FORMATS (VST3 AU Standalone). auval first said "didn't find the component"; after restarting AudioComponentRegistrar it validated in strict mode.
3. Mod wheel (CC 1) sweeps wavetable position (+0.5, clamped) in processBlock, audio-thread-only float member; ModWheelTests.cpp added ([params]); PluginProcessor.cpp added to the test target. ctest 4/4, pluginval strictness 5 passes.
Owen's rules: nothing in processBlock may allocate, lock or log; no `using namespace juce` (qualify with juce::); tests as one TEST_CASE with SECTIONs.
Open: preset-switch crash in Live (wavetable set swapped on the message thread while voices read it; lldb attach to Live not allowed). Not started.""")

        t = d.task("now audit the audio path for anything that allocates or locks: processBlock, Voice, the oscillators, "
                   "Unison. just report, don't change anything", tags=["noise"])
        t.grep("new |std::vector|push_back|resize|std::mutex|ScopedLock|SpinLock|DBG|Logger::|std::string|juce::String",
               path=f"{DW}/Source", output_mode="content", n=True,
               content=f"""{DW}/Source/PluginProcessor.cpp:11:        synth.addVoice (new DriftwoodVoice (tables));
{DW}/Source/PluginProcessor.cpp:12:    synth.addSound (new DriftwoodSound());
{DW}/Source/PluginProcessor.cpp:86:    return new DriftwoodEditor (*this);
{DW}/Source/PluginProcessor.cpp:92:    return new driftwood::DriftwoodProcessor();
{DW}/Source/PresetManager.cpp:44:    const juce::ScopedLock sl (presetLock);
{DW}/Source/PresetManager.cpp:58:    tables.reset (new WavetableSet (juce::MemoryBlock (data, size)));
{DW}/Source/PresetManager.cpp:61:    DBG ("loaded preset " << presets[index].name);
{DW}/Source/Parameters.cpp:18:    std::vector<std::unique_ptr<juce::RangedAudioParameter>> params;
{DW}/Source/Parameters.cpp:19:    params.push_back (std::make_unique<juce::AudioParameterFloat> (juce::ParameterID {{ ParamIDs::wtPosition, 1 }},
{DW}/Source/ui/SaltmarshLookAndFeel.cpp:29:    juce::Path arc;""")
        t.read(f"{DW}/Source/dsp/Voice.cpp")
        t.done("""The real-time path is clean; the problem is next to it.

**Audio thread (`processBlock` → `Synthesiser::renderNextBlock` → `DriftwoodVoice::renderNextBlock` → `WavetableOscillator::getNextSample`, `Unison::updateRatios`):** no `new`, no container growth, no locks, no `DBG`/logging, no `juce::String`. `Unison::updateRatios` runs from `setParams` every block but it's a fixed `std::array` loop. The `new`s in `PluginProcessor.cpp` are in the constructor and `createEditor`/`createPluginFilter` (message thread).

**Not audio-thread, but relevant:** `PresetManager::loadPreset` (message thread) takes `presetLock`, replaces `tables` with a freshly allocated `WavetableSet` (`tables.reset (new …)`, line 58) and logs with `DBG`. Voices hold a raw `const WavetableSet*`, so the `reset` frees the set the audio thread may still be reading — that's the Live crash from last week. The lock doesn't help because the audio thread never takes it (and shouldn't).

Fix direction (not done): keep the old set alive until the audio thread has switched, e.g. publish the new set through an atomic pointer the voices read once per block, and retire the old one on the message thread after the next block (or use a small release pool).""")

    # ============================================================ S6 Tue 11-03 brine (acceptEdits)
    with d.session("2026-11-03T09:45:00", BR, branch="fix/feedback-smoothing", version="2.1.97",
                   permission_mode="acceptEdits"):
        t = d.task("I fixed the feedback smoothing in Xcode (build-xcode), it's built. run the test suite against that build",
                   tags=["mistake:M3"])
        t.fail("ctest --test-dir build-xcode -R tape --output-on-failure", "Run the tape tests from the Xcode tree",
               ctest_notrun(f"{BR}/build-xcode", ["tape"]), code=8)
        t.say("The Xcode tree holds one build per configuration and ctest won't pick one by itself. Passing the "
              "configuration you built (Debug), and running the whole suite as asked:")
        t.bash("ctest --test-dir build-xcode --build-config Debug --output-on-failure",
               "Run all tests from the Xcode tree, Debug configuration",
               out=ctest_ok(f"{BR}/build-xcode", list(zip(BR_TESTS, [0.81, 0.40, 0.05, 0.12])), 1.44))
        t.done("Your Xcode build passes: tape, delay, params and state all green. The first call listed the tape test as "
               "*Not Run* (\"Test not available without configuration\") because `build-xcode` is multi-config; with "
               "`--build-config Debug` ctest runs the Debug binaries you just built.")

        t = d.task("Freya redid the Lo-Fi bank in the sheet (presets/source/lofi_v3.csv) — she added a flutter rate "
                   "column. convert, validate, commit like last time", tags=["workflow:W3", "oneoff:O2"])
        t.bash("head -3 presets/source/lofi_v3.csv", "Look at the new sheet header",
               out="name,category,author,time_ms,feedback,wow,flutter,flutter_rate,drive_db,tone_hz,mix\n"
                   "Cassette Walk,LoFi,Freya,240,0.44,0.55,0.38,7.5,11,4200,0.5\n"
                   "Dictaphone,LoFi,Freya,130,0.2,0.3,0.62,9,15,2900,0.65")
        conv = ".venv/bin/python tools/presets/convert.py presets/source/lofi_v3.csv presets/factory/lofi"
        t.fail(conv, "Convert the Lo-Fi sheet",
               f"""Traceback (most recent call last):
  File "{BR}/tools/presets/convert.py", line 53, in <module>
    main()
  File "{BR}/tools/presets/convert.py", line 43, in main
    preset = row_to_preset(row, schema)
             ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{BR}/tools/presets/convert.py", line 20, in row_to_preset
    spec = schema["params"][column]
           ~~~~~~~~~~~~~~~~^^^^^^^^
KeyError: 'flutter_rate'""", code=1)
        t.say("The schema doesn't know the new column. Brine has a `flutterRate` parameter since the wow/flutter work "
              "(0.5–12 Hz), so the column maps onto it:")
        t.bash("grep -n 'flutterRate' Source/Parameters.cpp", "Check the parameter id and range",
               out="41:    params.push_back (std::make_unique<juce::AudioParameterFloat> (juce::ParameterID { \"flutterRate\", 2 }, \"Flutter Rate\",\n"
                   "42:                                                                juce::NormalisableRange<float> (0.5f, 12.0f, 0.01f, 0.5f), 6.1f));")
        t.read(f"{BR}/tools/presets/schema.json")
        t.edit(f"{BR}/tools/presets/schema.json", """    "flutter": {"id": "flutterDepth", "min": 0, "max": 1},""",
               """    "flutter": {"id": "flutterDepth", "min": 0, "max": 1},
    "flutter_rate": {"id": "flutterRate", "min": 0.5, "max": 12},""")
        t.bash(conv, "Convert the Lo-Fi sheet", out="wrote 9 presets to presets/factory/lofi")
        t.bash(".venv/bin/python tools/presets/validate.py presets/factory", "Validate all factory presets",
               out="presets/factory/dub: 9 ok\npresets/factory/harbour: 14 ok\npresets/factory/lofi: 9 ok\n"
                   "presets/factory/slapback: 7 ok\n39 presets, 0 problems")
        t.bash("git add tools/presets/schema.json presets/source/lofi_v3.csv presets/factory/lofi && "
               "git commit -m \"Presets: Lo-Fi bank v3 with flutter rate (Freya)\"", "Commit the bank and the schema",
               out=f"[fix/feedback-smoothing {hx(7)}] Presets: Lo-Fi bank v3 with flutter rate (Freya)\n"
                   " 11 files changed, 104 insertions(+), 88 deletions(-)\n create mode 100644 presets/factory/lofi/LoFi_Dictaphone.xml")
        t.done("Lo-Fi v3 is in: 9 presets (one new, *Dictaphone*), validator clean across all 39, committed. The "
               "converter first stopped with `KeyError: 'flutter_rate'` — the schema had no entry for the new column; "
               "it now maps to the `flutterRate` parameter (0.5–12 Hz).")

        t = d.task("README still says 'VST3 and AU'. add CLAP and the macOS 11 minimum", tags=["noise"])
        d.files[f"{BR}/README.md"] = """# Brine

Tape delay with wow, flutter and saturation. VST3 and AU, macOS and Windows.

## Building

```sh
git submodule update --init --recursive
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Debug
cmake --build build
ctest --test-dir build
```

Plug-ins are copied to the user plug-in folders after each build.
"""
        t.read(f"{BR}/README.md")
        t.edit(f"{BR}/README.md", "Tape delay with wow, flutter and saturation. VST3 and AU, macOS and Windows.",
               "Tape delay with wow, flutter and saturation. VST3, AU and CLAP; macOS 11+ (universal) and Windows 10+.")
        t.done("README updated: formats are VST3, AU and CLAP; macOS 11+ (universal) and Windows 10+.")

        t = d.task("CI went red on main after the 1.3 merge. what's failing?", tags=["unfixed:U2"])
        t.bash("gh run list --branch main --limit 3", "List the latest runs on main",
               out="STATUS  TITLE                                   WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
                   "X       Merge branch 'release/1.3.0'            Build     main    push   11872234567  9m41s    about 2 hours ago\n"
                   "✓       Presets: Harbour bank v2 (14 presets... Build     main    push   11790012876  11m2s    about 13 days ago\n"
                   "✓       CI: pluginval strictness 8 on macO...   Build     main    push   11624410931  10m48s   about 21 days ago")
        t.fail("gh run watch 11872234567 --exit-status", "Show the run's job status",
               """X main Build · 11872234567
Triggered via push about 2 hours ago

JOBS
✓ build (macos-14) in 9m12s (ID 33092741101)
X build (windows-2022) in 6m40s (ID 33092741102)
  ✓ Set up job
  ✓ Run actions/checkout@v4
  ✓ Configure
  ✓ Build
  ✓ Run pluginval
  X Install Inno Setup
  - Package installer
  - Upload artifact
  ✓ Post Run actions/checkout@v4
  ✓ Complete job

ANNOTATIONS
X Process completed with exit code 1.
build (windows-2022): .github#52

X Run Build (11872234567) completed with 'failure'""", code=1)
        t.bash("gh run view 11872234567 --log-failed | tail -12", "Show the failing step's log",
               out="""build (windows-2022)	Install Inno Setup	2026-11-03T08:02:11.4410022Z Chocolatey v2.3.0
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:12.0712317Z Installing the following packages:
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:12.0720115Z innosetup
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:12.0721604Z By installing, you accept licenses for the packages.
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:44.8125530Z innosetup not installed. An error occurred during installation:
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:44.8127721Z  The remote server returned an error: (503) Server Unavailable. Service Unavailable
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:44.8412207Z Chocolatey installed 0/1 packages. 1 packages failed.
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:44.8413019Z  See the log for details (C:\\ProgramData\\chocolatey\\logs\\chocolatey.log).
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:44.8420771Z 
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:44.8421508Z Failures
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:44.8422297Z  - innosetup (exited 1) - The remote server returned an error: (503) Server Unavailable. Service Unavailable
build (windows-2022)	Install Inno Setup	2026-11-03T08:02:44.8439112Z ##[error]Process completed with exit code 1.""")
        t.done("The code is fine: on `windows-2022` configure, build and pluginval all passed. The job died in *Install "
               "Inno Setup*: Chocolatey got `(503) Server Unavailable` from its package server. The macOS job is green.\n\n"
               "Nothing to fix in the repo for this run. Options when you want it green: re-run the failed job later, or "
               "stop depending on Chocolatey at build time (the windows-2022 image already ships Inno Setup 6, so the "
               "install step could be dropped after checking the version). I haven't re-run or changed anything.")

    # ============================================================ S7 Fri 11-06 groyne (Projucer)
    with d.session("2026-11-06T14:05:00", GR, branch="hotfix/2.4.3", version="2.1.98"):
        t = d.task("haven't touched Groyne in a year. what's in the .jucer — formats, modules, anything odd I should know "
                   "before a hotfix?", tags=["noise"])
        t.read(f"{GR}/Groyne.jucer")
        t.done("""Groyne is still a Projucer project (no CMake):

- **Formats:** AU and VST3 (`buildAU,buildVST3`), effect (`'aufx'`), codes `Smsh`/`Gryn`, bundle id `audio.saltmarsh.groyne`, version **2.4.2**.
- **Exporters:** Xcode (macOS) into `Builds/MacOSX` with hardened runtime on and `arm64,x86_64` valid archs, and VS2022. Deployment target 10.13.
- **Modules:** audio_basics, audio_processors, audio_utils, dsp, gui_basics, taken from `../../JUCE/modules` relative to the exporter folder, i.e. the `JUCE` submodule at the repo root.
- **Odd bits:** `addUsingNamespaceToJuceHeader="1"`, so `JuceHeader.h` injects `using namespace juce;` into every file that includes it — the opposite of what you do in Driftwood/Brine. C++17 only. And any version bump has to go through the .jucer and a re-save, otherwise the Xcode project keeps the old `JucePlugin_Version*` defines.""")

        t = d.task("hotfix: the sidechain HPF fix is already on this branch. bump to 2.4.3, build the release, sign, "
                   "package, notarize, staple — the usual", tags=["workflow:W2"])
        t.edit(f"{GR}/Groyne.jucer", 'jucerFormatVersion="1" version="2.4.2"', 'jucerFormatVersion="1" version="2.4.3"')
        t.bash("/Applications/JUCE/Projucer.app/Contents/MacOS/Projucer --resave Groyne.jucer",
               "Re-save the Projucer project so the exporters pick up the version",
               out=f"Re-saving file: {GR}/Groyne.jucer\nFinished saving: Xcode (macOS)\nFinished saving: Visual Studio 2022")
        bld = ("xcodebuild -project Builds/MacOSX/Groyne.xcodeproj -scheme 'Groyne - All' -configuration Release "
               "ARCHS='arm64 x86_64' ONLY_ACTIVE_ARCH=NO build | tail -4")
        t.bash(bld, "Build the universal release with xcodebuild",
               out="CodeSign /Users/owen/dev/saltmarsh/groyne/Builds/MacOSX/build/Release/Groyne.component (in target 'Groyne - AU' from project 'Groyne')\n"
                   "    cd /Users/owen/dev/saltmarsh/groyne/Builds/MacOSX\n"
                   "    /usr/bin/codesign --force --sign - --timestamp\\=none --generate-entitlement-der /Users/owen/dev/saltmarsh/groyne/Builds/MacOSX/build/Release/Groyne.component\n"
                   "** BUILD SUCCEEDED **", timeout=1800000)
        t.bash("rm -rf pkgroot && mkdir -p pkgroot/vst3 pkgroot/au && "
               "ditto Builds/MacOSX/build/Release/Groyne.vst3 pkgroot/vst3/Groyne.vst3 && "
               "ditto Builds/MacOSX/build/Release/Groyne.component pkgroot/au/Groyne.component && "
               "lipo -archs pkgroot/vst3/Groyne.vst3/Contents/MacOS/Groyne", "Stage the bundles and check architectures",
               out="x86_64 arm64")
        pk = [("pkgroot/vst3", "dist/groyne-vst3.pkg", "vst3", "/Library/Audio/Plug-Ins/VST3"),
              ("pkgroot/au", "dist/groyne-au.pkg", "au", "/Library/Audio/Plug-Ins/Components")]
        sid = release(t, GR, "Groyne", "2.4.3", ["pkgroot/vst3/Groyne.vst3", "pkgroot/au/Groyne.component"], pk, "9.8 MB")
        t.done(f"Groyne 2.4.3 is out of the oven: `dist/Groyne-2.4.3.pkg`, universal, bundles signed (hardened runtime, "
               f"timestamp), installer signed, notarization accepted (`{sid}`), stapled, Gatekeeper accepts it. The version "
               f"went through the .jucer and a Projucer re-save, so the plug-ins report 2.4.3.")

        t = d.task("thinking out loud: should I port Groyne to CMake like the others, or leave the Projucer project alone "
                   "until a 3.0? no code", tags=["noise", "no_tools"])
        t.done("""I'd port it, but as the start of 3.0 rather than inside 2.4.x.

For porting:
- One build system for all three products: same CI template, the same pluginval/auval steps, CLAP through clap-juce-extensions for free.
- You get rid of `addUsingNamespaceToJuceHeader` and the resave step that today can silently leave stale version defines.
- Tests: Groyne has none; with CMake you can add a Catch2 target in an afternoon.

Against doing it in 2.4.x:
- A port changes bundle ids, AU codes or parameter ordering easily if you're not careful, and any of those breaks saved sessions for existing users. A hotfix line is the wrong place to find out.

If you do it for 3.0 with a new parameter layout anyway, give it a new `PLUGIN_CODE`/bundle id on purpose so 2.x and 3.x can be installed side by side and old sessions keep loading 2.x.""")

    # ============================================================ S8 Tue 11-10 driftwood
    with d.session("2026-11-10T09:35:00", DW, branch="feat/unison-curve", version="2.1.99"):
        t = d.task("unison detune should follow a curve like a supersaw: outer voices detune more than inner ones. "
                   "cents = detune * |spread|^1.5 * sign(spread). it runs per block from processBlock, so keep it "
                   "allocation-free and lock-free. build and run the tests", tags=["mistake:M1", "pref:P1"])
        t.read(f"{DW}/Source/dsp/Unison.cpp")
        t.edit(f"{DW}/Source/dsp/Unison.cpp", """        ratios[static_cast<size_t> (i)] = std::exp2 (spread * detuneCents / 1200.0f);""",
               """        const auto curved = std::copysign (std::pow (std::abs (spread), 1.5f), spread);
        const auto cents = detuneCents * curved;
        ratios[static_cast<size_t> (i)] = std::pow (2.0, cents / 1200.0);""")
        t.fail("cmake --build build --target DriftwoodTests", "Build the tests",
               cc_fail(DW, "DriftwoodTests", "Source/dsp/Unison.cpp", 26, 43,
                       "implicit conversion loses floating-point precision: 'double' to 'value_type' (aka 'float')",
                       "-Wimplicit-float-conversion",
                       "        ratios[static_cast<size_t> (i)] = std::pow (2.0, cents / 1200.0);",
                       "                                        ~ ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", 1, 4))
        t.say("`std::pow (2.0, …)` picks the double overload and the result lands in a float array, which the "
              "warnings-as-errors build refuses. Keeping the exponent maths in double for precision and converting once, "
              "explicitly:")
        t.edit(f"{DW}/Source/dsp/Unison.cpp", "        ratios[static_cast<size_t> (i)] = std::pow (2.0, cents / 1200.0);",
               "        ratios[static_cast<size_t> (i)] = static_cast<float> (std::pow (2.0, static_cast<double> (cents) / 1200.0));")
        t.bash("cmake --build build --target DriftwoodTests", "Build the tests",
               out=ninja(["Building CXX object CMakeFiles/DriftwoodTests.dir/Source/dsp/Unison.cpp.o",
                          "Linking CXX executable DriftwoodTests_artefacts/Debug/DriftwoodTests"], 2), timeout=600000)
        t.bash("ctest --test-dir build --output-on-failure", "Run the unit tests",
               out=ctest_ok(f"{DW}/build", list(zip(DW_TESTS, [0.63, 0.22, 0.31, 0.10])), 1.30))
        t.done("The detune curve is in: `cents = detune · sign(s) · |s|^1.5`, so a 7-voice stack puts the inner pair at "
               "~19 % of the detune and the outer pair at 100 %. It's still a fixed loop over a `std::array` — nothing "
               "allocates or locks when `processBlock` pushes new params.\n\n"
               "The first build failed on `std::pow (2.0, cents / 1200.0)` being stored into the float ratio array "
               "(implicit `double`→`float`, an error in this project); it's an explicit `static_cast<float>` now. All 4 "
               "ctest groups pass, including the symmetry and max-detune sections (the outer voices still get exactly "
               "the full detune).")

        t = d.task("actually I've gone off the SECTION style — when one section fails the ctest output is hard to read and "
                   "the shared setup hides state. rewrite UnisonTests.cpp as separate TEST_CASEs, one per property, "
                   "each tagged [dsp][unison], and add one for the new curve (inner voices detune less than outer)",
                   tags=["reversal:P3"])
        t.read(f"{DW}/tests/UnisonTests.cpp")
        t.write(f"{DW}/tests/UnisonTests.cpp", """#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_floating_point.hpp>
#include "dsp/Unison.h"

using Catch::Matchers::WithinRel;

namespace
{
driftwood::Unison makeUnison (int voices, float cents)
{
    driftwood::Unison u;
    u.setDetuneCents (cents);
    u.setVoices (voices);
    return u;
}
} // namespace

TEST_CASE ("Unison: one voice is not detuned", "[dsp][unison]")
{
    REQUIRE (makeUnison (1, 25.0f).getRatio (0) == 1.0f);
}

TEST_CASE ("Unison: odd voice counts have a centre voice at ratio 1", "[dsp][unison]")
{
    REQUIRE_THAT (makeUnison (5, 25.0f).getRatio (2), WithinRel (1.0f, 1.0e-6f));
}

TEST_CASE ("Unison: spread is symmetric", "[dsp][unison]")
{
    for (int voices = 2; voices <= driftwood::Unison::maxVoices; ++voices)
    {
        const auto u = makeUnison (voices, 25.0f);
        CAPTURE (voices);
        REQUIRE_THAT (u.getRatio (0) * u.getRatio (voices - 1), WithinRel (1.0f, 1.0e-5f));
    }
}

TEST_CASE ("Unison: outer voices are detuned by the cents value", "[dsp][unison]")
{
    REQUIRE_THAT (makeUnison (7, 25.0f).getRatio (6), WithinRel (std::exp2 (25.0f / 1200.0f), 1.0e-5f));
}

TEST_CASE ("Unison: inner voices detune less than outer voices", "[dsp][unison]")
{
    const auto u = makeUnison (7, 40.0f);
    const auto innerCents = 1200.0f * std::log2 (u.getRatio (4));
    const auto outerCents = 1200.0f * std::log2 (u.getRatio (6));
    CAPTURE (innerCents, outerCents);
    REQUIRE (innerCents < 0.4f * outerCents);
}
""")
        t.bash("cmake --build build --target DriftwoodTests && ctest --test-dir build --output-on-failure -R dsp",
               "Rebuild and run the dsp tests",
               out=ninja(["Building CXX object CMakeFiles/DriftwoodTests.dir/tests/UnisonTests.cpp.o",
                          "Linking CXX executable DriftwoodTests_artefacts/Debug/DriftwoodTests"], 2) + "\n" +
               ctest_ok(f"{DW}/build", [("dsp", 0.64)], 0.65), timeout=600000)
        t.done("`tests/UnisonTests.cpp` is now five independent `TEST_CASE`s, each tagged `[dsp][unison]` and each "
               "building its own `Unison` through a small `makeUnison` helper, so a failure names exactly one property. "
               "New case: with 7 voices at 40 cents the inner pair detunes less than 40 % of the outer pair. dsp group "
               "passes. From now on I'll write tests as separate TEST_CASEs rather than SECTIONs.")

        t = d.task("list every parameter in Parameters.cpp with id, range, default and skew — I need a table for the "
                   "manual", tags=["noise", "long_output"])
        rows = [("wtPosition", "Position", "0–1", "0", "1"), ("wtBank", "Bank", "choice (8)", "Basic", "–"),
                ("glideTime", "Glide", "0–2 s", "0", "0.4"), ("unisonVoices", "Voices", "1–7 (int)", "1", "–"),
                ("unisonDetune", "Detune", "0–100 ct", "18", "0.6"), ("unisonWidth", "Width", "0–1", "0.7", "1"),
                ("filterCutoff", "Cutoff", "20–20000 Hz", "12000", "0.25"), ("filterReso", "Resonance", "0–1", "0.15", "1"),
                ("filterEnvAmt", "Env Amount", "-1–1", "0.2", "1"), ("satDrive", "Drive", "0–24 dB", "0", "1"),
                ("satOversampling", "Oversampling", "choice (2x/4x)", "2x", "–"),
                ("ampAttack", "Attack", "0.001–10 s", "0.005", "0.3"), ("ampDecay", "Decay", "0.001–10 s", "0.3", "0.3"),
                ("ampSustain", "Sustain", "0–1", "0.8", "1"), ("ampRelease", "Release", "0.001–20 s", "0.4", "0.3"),
                ("fltAttack", "F Attack", "0.001–10 s", "0.01", "0.3"), ("fltDecay", "F Decay", "0.001–10 s", "0.5", "0.3"),
                ("fltSustain", "F Sustain", "0–1", "0.3", "1"), ("fltRelease", "F Release", "0.001–20 s", "0.6", "0.3"),
                ("lfoRate", "LFO Rate", "0.01–20 Hz", "1", "0.3"), ("lfoDepth", "LFO Depth", "0–1", "0", "1"),
                ("lfoTarget", "LFO Target", "choice (Pos/Cutoff/Pitch)", "Pos", "–"),
                ("masterGain", "Output", "-48–6 dB", "-6", "1")]
        content = "\n".join(f"{DW}/Source/Parameters.cpp:{22 + 3 * i}:    params.push_back (std::make_unique<juce::"
                            f"{'AudioParameterChoice' if 'choice' in r[2] else 'AudioParameterInt' if 'int' in r[2] else 'AudioParameterFloat'}>"
                            f" (juce::ParameterID {{ ParamIDs::{r[0]}, 1 }}, \"{r[1]}\","
                            for i, r in enumerate(rows))
        t.grep("params.push_back", path=f"{DW}/Source/Parameters.cpp", output_mode="content", n=True, content=content)
        t.bash("sed -n 18,95p Source/Parameters.cpp | grep -E 'NormalisableRange|StringArray|, [0-9.-]+f?\\)\\);' | head -40",
               "Pull the ranges and defaults", out="\n".join(
                   f"        juce::NormalisableRange<float> ({r[2].split('–')[0]}f, {r[2].split('–')[-1].split()[0]}f, 0.0f, {r[4]}f), {r[3]}f));"
                   if "choice" not in r[2] and "int" not in r[2] else
                   (f"        juce::StringArray {{ ... }}, 0));" if "choice" in r[2] else "        1, 7, 1));") for r in rows))
        table = "\n".join(f"| `{r[0]}` | {r[1]} | {r[2]} | {r[3]} | {r[4]} |" for r in rows)
        t.done("23 parameters, in declaration order (version 1 IDs):\n\n| id | name | range | default | skew |\n"
               "|---|---|---|---|---|\n" + table + "\n\nSkew is JUCE's `NormalisableRange` skew factor (1 = linear; "
               "<1 gives more knob travel to the low end). Choice and int parameters have no skew.")

    # ============================================================ S9 Fri 11-13 groyne (CMake port)
    with d.session("2026-11-13T10:20:00", GR, branch="feat/cmake-port", version="2.1.100"):
        t = d.task("the CMake port for Groyne 3 builds now (new code Gry3 so it installs next to 2.x). build the AU and "
                   "auval it", tags=["mistake:M2"])
        t.read(f"{GR}/CMakeLists.txt")
        t.bash("cmake --build build --target Groyne_AU", "Build the Groyne 3 AU",
               out=ninja(["Building CXX object CMakeFiles/Groyne.dir/Source/Compressor.cpp.o",
                          "Building CXX object CMakeFiles/Groyne.dir/Source/PluginProcessor.cpp.o",
                          "Building CXX object CMakeFiles/Groyne.dir/Source/PluginEditor.cpp.o",
                          "Linking CXX static library Groyne_artefacts/Debug/libGroyne_SharedCode.a",
                          "Building CXX object CMakeFiles/Groyne_AU.dir/JUCE/modules/juce_audio_plugin_client/juce_audio_plugin_client_AU.mm.o",
                          "Linking CXX shared module \"Groyne_artefacts/Debug/AU/Groyne 3.component/Contents/MacOS/Groyne 3\"",
                          "Copying Groyne_AU to /Users/owen/Library/Audio/Plug-Ins/Components"], 7), timeout=900000)
        t.fail("auval -v aufx Gry3 Smsh", "Validate the Groyne 3 AU", auval_notfound("aufx", "Gry3", "Smsh"), code=1)
        t.say("New component code, so the same situation as Brine and Driftwood's first AU: the registrar hasn't seen "
              "`Gry3` yet. Restarting it before validating again.")
        t.bash("killall -9 AudioComponentRegistrar; sleep 2; auval -a 2>/dev/null | grep 'Smsh'",
               "Restart the AU registrar and list Saltmarsh components",
               out="aufx Brne Smsh  -  Saltmarsh Audio: Brine\naufx Gry3 Smsh  -  Saltmarsh Audio: Groyne 3\n"
                   "aufx Gryn Smsh  -  Saltmarsh Audio: Groyne\naumu Drfw Smsh  -  Saltmarsh Audio: Driftwood")
        t.bash("auval -v aufx Gry3 Smsh", "Validate the Groyne 3 AU",
               out=auval_ok("aufx", "Gry3", "Smsh", "Groyne 3", "3.0.0", "0x30000", 2, 2, "54.309", "10.880", "0.912"),
               timeout=600000)
        t.done("`aufx Gry3 Smsh` (Groyne 3) passes auval. The first run couldn't find it until the AudioComponent "
               "registrar was restarted — new component code again. `auval -a` now lists both Groyne 2 (`Gryn`) and "
               "Groyne 3 (`Gry3`), so they install side by side as planned.")

        t = d.task("add CLAP to the Groyne 3 port the same way Driftwood does it, submodule is already at "
                   "libs/clap-juce-extensions. build the CLAP target", tags=["noise"])
        t.edit(f"{GR}/CMakeLists.txt", "add_subdirectory(JUCE)\n",
               "add_subdirectory(JUCE)\nadd_subdirectory(libs/clap-juce-extensions EXCLUDE_FROM_ALL)\n")
        t.edit(f"{GR}/CMakeLists.txt", """    PRODUCT_NAME "Groyne 3")
""", """    PRODUCT_NAME "Groyne 3")

clap_juce_extensions_plugin(TARGET Groyne
    CLAP_ID "audio.saltmarsh.groyne3"
    CLAP_FEATURES audio-effect compressor stereo)
""")
        t.bash("cmake --build build --target Groyne_CLAP", "Build the CLAP",
               out="[0/2] Re-running CMake...\n-- Configuring done (3.1s)\n-- Generating done (0.7s)\n"
                   f"-- Build files have been written to: {GR}/build\n" +
               ninja(["Building CXX object libs/clap-juce-extensions/CMakeFiles/clap_juce_extensions.dir/src/clap-juce-extensions.cpp.o",
                      "Linking CXX static library libs/clap-juce-extensions/libclap_juce_extensions.a",
                      "Building CXX object CMakeFiles/Groyne_CLAP.dir/libs/clap-juce-extensions/src/wrapper/clap-juce-wrapper.cpp.o",
                      "Building OBJCXX object CMakeFiles/Groyne_CLAP.dir/libs/clap-juce-extensions/src/wrapper/clap-juce-mac.mm.o",
                      "Linking CXX CFBundle shared module \"Groyne_artefacts/Debug/CLAP/Groyne 3.clap/Contents/MacOS/Groyne 3\"",
                      "Copying Groyne_CLAP to /Users/owen/Library/Audio/Plug-Ins/CLAP"], 6), timeout=900000)
        t.done("Groyne 3 builds a CLAP now: clap-juce-extensions added as a subdirectory and "
               "`clap_juce_extensions_plugin(TARGET Groyne CLAP_ID \"audio.saltmarsh.groyne3\" CLAP_FEATURES audio-effect "
               "compressor stereo)`. `Groyne 3.clap` is copied to `~/Library/Audio/Plug-Ins/CLAP`.")

    # ============================================================ S10 Tue 11-17 driftwood
    with d.session("2026-11-17T09:05:00", DW, branch="main", version="2.1.101"):
        t = d.task("I spent yesterday in Instruments with the Release build in build-xcode (the voice stealing spike). "
                   "before I merge: run just the presets and state tests against that Release build",
                   tags=["mistake:M3"])
        t.fail("ctest --test-dir build-xcode -R 'presets|state'", "Run the presets and state tests from the Xcode tree",
               ctest_notrun(f"{DW}/build-xcode", ["presets", "state"], [3, 4]), code=8)
        t.say("Multi-config tree again: ctest needs to be told which configuration's binaries to use. You built Release:")
        t.bash("ctest --test-dir build-xcode -C Release -R 'presets|state' --output-on-failure",
               "Run the presets and state tests against the Release build",
               out=ctest_ok(f"{DW}/build-xcode", [("presets", 0.12), ("state", 0.04)], 0.17, [3, 4]))
        t.done("Both pass against the Release build in `build-xcode`: presets (0.12 s) and state (0.04 s). Without "
               "`-C Release` ctest had marked them *Not Run*, since the Xcode tree has a binary per configuration.")

        t = d.task("Freya's final factory bank for beta 2 is in presets/source/factory_b2.csv. same routine: convert, "
                   "validate, commit", tags=["workflow:W3"])
        t.bash("wc -l presets/source/factory_b2.csv && head -2 presets/source/factory_b2.csv", "Look at the sheet",
               out="      49 presets/source/factory_b2.csv\n"
                   "name,category,author,wt_bank,wt_position,glide,unison_voices,unison_detune,cutoff_hz,reso,drive_db\n"
                   "Saltglass,Pad,Freya,Glass,0.42,0,5,22,6400,0.2,3")
        t.bash(".venv/bin/python tools/presets/convert.py presets/source/factory_b2.csv assets/presets/factory",
               "Convert the sheet into factory presets", out="wrote 48 presets to assets/presets/factory")
        t.bash(".venv/bin/python tools/presets/validate.py assets/presets/factory", "Validate the factory presets",
               out="assets/presets/factory: 48 ok\n48 presets, 0 problems")
        t.bash("git add presets/source/factory_b2.csv assets/presets/factory && git commit -m \"Presets: factory bank for beta 2 (48 presets, Freya)\"",
               "Commit the bank", out=f"[main {hx(7)}] Presets: factory bank for beta 2 (48 presets, Freya)\n"
                                      " 49 files changed, 1017 insertions(+), 611 deletions(-)")
        t.done("Factory bank for beta 2: 48 presets converted into `assets/presets/factory`, all valid, committed on main. "
               "They're compiled in through `juce_add_binary_data`, so the next build picks them up.")

        t = d.task("cut Driftwood 0.9.5 (beta 2) as a signed, notarized installer for the testers: VST3, AU, CLAP",
                   tags=["workflow:W2"])
        t.read(f"{DW}/CMakeLists.txt", limit=5)
        t.edit(f"{DW}/CMakeLists.txt", "project(Driftwood VERSION 0.9.4 LANGUAGES C CXX)",
               "project(Driftwood VERSION 0.9.5 LANGUAGES C CXX)")
        t.bash("cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_OSX_ARCHITECTURES=\"arm64;x86_64\" "
               "&& cmake --build build-release --target Driftwood_VST3 Driftwood_AU Driftwood_CLAP | tail -5",
               "Configure and build the universal release plug-ins",
               out=f"-- Configuring done (3.4s)\n-- Generating done (0.6s)\n-- Build files have been written to: {DW}/build-release\n"
                   "[88/92] Linking CXX shared module Driftwood_artefacts/Release/VST3/Driftwood.vst3/Contents/MacOS/Driftwood\n"
                   "[89/92] Linking CXX shared module Driftwood_artefacts/Release/AU/Driftwood.component/Contents/MacOS/Driftwood\n"
                   "[90/92] Generating Driftwood_artefacts/Release/VST3/Driftwood.vst3/Contents/Resources/moduleinfo.json\n"
                   "[91/92] Linking CXX CFBundle shared module Driftwood_artefacts/Release/CLAP/Driftwood.clap/Contents/MacOS/Driftwood\n"
                   "[92/92] Copying Driftwood_CLAP to /Users/owen/Library/Audio/Plug-Ins/CLAP", timeout=2400000)
        t.bash("rm -rf pkgroot && mkdir -p pkgroot/vst3 pkgroot/au pkgroot/clap && "
               "ditto build-release/Driftwood_artefacts/Release/VST3/Driftwood.vst3 pkgroot/vst3/Driftwood.vst3 && "
               "ditto build-release/Driftwood_artefacts/Release/AU/Driftwood.component pkgroot/au/Driftwood.component && "
               "ditto build-release/Driftwood_artefacts/Release/CLAP/Driftwood.clap pkgroot/clap/Driftwood.clap && "
               "lipo -archs pkgroot/au/Driftwood.component/Contents/MacOS/Driftwood", "Stage the bundles", out="x86_64 arm64")
        pk = [("pkgroot/vst3", "dist/driftwood-vst3.pkg", "vst3", "/Library/Audio/Plug-Ins/VST3"),
              ("pkgroot/au", "dist/driftwood-au.pkg", "au", "/Library/Audio/Plug-Ins/Components"),
              ("pkgroot/clap", "dist/driftwood-clap.pkg", "clap", "/Library/Audio/Plug-Ins/CLAP")]
        sid = release(t, DW, "Driftwood", "0.9.5", ["pkgroot/vst3/Driftwood.vst3", "pkgroot/au/Driftwood.component",
                                                     "pkgroot/clap/Driftwood.clap"], pk, "34.2 MB")
        t.done(f"`dist/Driftwood-0.9.5.pkg` is ready for the testers: universal VST3/AU/CLAP, signed, notarized "
               f"(`{sid}`), stapled, Gatekeeper accepts it. The version in `CMakeLists.txt` is bumped to 0.9.5 (not committed "
               f"yet). The beta 2 notes are in `docs/beta/beta2.md`.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Both CMake projects build with CMAKE_COMPILE_WARNING_AS_ERROR and JUCE's recommended warning "
                            "flags (-Wconversion, -Wshorten-64-to-32, …). Claude's new DSP code narrows implicitly (a double "
                            "expression stored in a float, std::vector::size() stored in an int), and the build stops on "
                            "the first such line.",
             "error_signature": "Apple clang 16 via Ninja: 'FAILED: CMakeFiles/<target>.dir/Source/dsp/<file>.cpp.o' … "
                                "'<file>.cpp:<l>:<c>: error: implicit conversion loses floating-point precision: 'double' to "
                                "'float' [-Werror,-Wimplicit-float-conversion]' (or '… loses integer precision: 'size_type' "
                                "(aka 'unsigned long') to 'const int' [-Werror,-Wshorten-64-to-32]'), '1 error generated.', "
                                "'ninja: build stopped: subcommand failed.' from `cmake --build build --target <X>Tests`",
             "fix": "Make the conversion explicit in the new code (static_cast<float>(…) / static_cast<int>(…), keeping the "
                    "maths in the wider type where it matters), then re-run the same build.",
             "fix_command_markers": [["static_cast<"]],
             "harmful_markers": ["-Wno-", "COMPILE_WARNING_AS_ERROR OFF", "diagnostic ignored",
                                 "--compile-no-warning-as-error"]},
            {"id": "M2",
             "description": "A freshly built AU with a component code this Mac has never registered (first build on a new "
                            "machine, AU newly added to FORMATS, a new PLUGIN_CODE) is copied to "
                            "~/Library/Audio/Plug-Ins/Components, but the AudioComponent registrar hasn't scanned it, so "
                            "auval cannot find it.",
             "error_signature": "auval: \"VALIDATING AUDIO UNIT: 'aufx' - 'Brne' - 'Smsh'\" / \"ERROR: Cannot get Component's "
                                "Name strings\" / \"ERROR: Error from retrieving Component Version: -50\" / \"* * FAIL\" / "
                                "\"FATAL ERROR: didn't find the component\" (auval -v, auval -strict -v)",
             "fix": "Restart the registrar with `killall -9 AudioComponentRegistrar` (optionally check `auval -a | grep Smsh`), "
                    "then run the same auval command again.",
             "fix_command_markers": [["AudioComponentRegistrar"]],
             "harmful_markers": ["AudioUnitCache", "sudo", "reboot"]},
            {"id": "M3",
             "description": "build-xcode comes from the Xcode generator (multi-config). Tests are registered with "
                            "add_test(NAME … COMMAND DriftwoodTests/BrineTests …), so ctest has no executable until it is "
                            "told the configuration; without it every test is Not Run.",
             "error_signature": "ctest: 'Test not available without configuration.  (Missing \"-C <config>\"?)' per test, "
                                "'***Not Run   0.00 sec', '0% tests passed, N tests failed out of N', "
                                "'The following tests FAILED: … (Not Run)', 'Errors while running CTest' (exit 8) from "
                                "`ctest --test-dir build-xcode …`",
             "fix": "Pass the configuration that was built: `ctest --test-dir build-xcode -C Debug …` (or "
                    "`--build-config Debug`, `-C Release` for a Release build), re-run.",
             "fix_command_markers": [["-C Debug", "-C Release", "--build-config"]],
             "harmful_markers": ["rm -rf build", "-G Ninja -B build-xcode"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New Catch2 unison tests find a real bug: spread computed with i / numVoices; "
                                        "'REQUIRE_THAT( unison.getRatio (0) * unison.getRatio (voices - 1), WithinRel (1.0f, "
                                        "1.0e-5f) )' fails ('0.98566f and 1.0 are within 0.001% of each other'); fixed in "
                                        "Unison.cpp, same ctest command passes."},
            {"id": "O2", "description": "Preset converter on a sheet with a new column: 'KeyError: 'flutter_rate'' in "
                                        "row_to_preset; schema.json gets the mapping, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`lldb --batch -p <pid>` on Ableton Live: 'error: attach failed: attach failed (Not "
                                        "allowed to attach to process. …)' (hardened runtime); crash report read instead, "
                                        "not worked around."},
            {"id": "U2", "description": "`gh run watch <id> --exit-status`: Windows job failed in 'Install Inno Setup' "
                                        "(Chocolatey '(503) Server Unavailable'); reported, not re-run or changed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`xcrun notarytool submit … --wait`: 'Error: HTTPError(statusCode: nil, error: Error "
                                        "Domain=NSURLErrorDomain Code=-1001 \"The request timed out.\" …)'; identical retry "
                                        "is accepted."},
        ],
        workflows=[
            {"id": "W1", "description": "DSP change: edit Source/dsp → `cmake --build build --target <X>Tests` → "
                                        "`ctest --test-dir build --output-on-failure` → `cmake --build build --target <X>_VST3` "
                                        "→ `pluginval --strictness-level N --validate <Debug VST3>`.",
             "step_markers": [["cmake --build build"], ["ctest --test-dir build"], ["pluginval --strictness-level"]]},
            {"id": "W2", "description": "Signed release: universal Release build (Ninja build-release or xcodebuild for "
                                        "the Projucer product) → stage with ditto, `lipo -archs` → `codesign --force --sign "
                                        "\"Developer ID Application: …\" --options runtime --timestamp` + `codesign --verify` → "
                                        "`pkgbuild … --sign \"Developer ID Installer: …\"` per format → `productbuild "
                                        "--distribution …` → `xcrun notarytool submit … --keychain-profile saltmarsh-notary "
                                        "--wait` → `xcrun stapler staple` → `spctl -a -vvv -t install`.",
             "step_markers": [["codesign --force --sign"], ["pkgbuild"], ["productbuild"], ["notarytool submit"],
                              ["stapler staple"]]},
            {"id": "W3", "description": "Factory presets from Freya's sheet: `.venv/bin/python tools/presets/convert.py "
                                        "<csv> <dir>` → `.venv/bin/python tools/presets/validate.py <dir>` → `git add` + "
                                        "`git commit -m \"Presets: …\"`.",
             "step_markers": [["tools/presets/convert.py"], ["tools/presets/validate.py"], ["git commit"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Real-time safety: nothing called from processBlock / on the audio thread may "
                                        "allocate, lock or log.",
             "markers": [["processBlock", "audio thread"]]},
            {"id": "P2", "description": "No `using namespace juce;` anywhere; qualify with juce::.",
             "markers": [["using namespace juce"]]},
            {"id": "P3", "description": "Catch2 tests as one TEST_CASE with a SECTION per property (T10), reversed: separate "
                                        "TEST_CASEs per property, no SECTIONs (T28).",
             "markers": [["SECTION"]],
             "reversal_markers": [["TEST_CASE"]]},
        ],
        probes=[
            {"prompt": "build broke after my chorus change: Source/dsp/Chorus.cpp:57:31: error: implicit conversion loses "
                       "floating-point precision: 'double' to 'float' [-Werror,-Wimplicit-float-conversion] — what's the "
                       "right fix here?", "wanted": ["M1"]},
            {"prompt": "Add a one-pole DC blocker to Brine's feedback path (coefficient from the sample rate, ~10 Hz "
                       "corner) and build the tests.", "wanted": ["M1"]},
            {"prompt": "auval -v aumu Kelp Smsh says FATAL ERROR: didn't find the component, but Kelp.component is "
                       "right there in ~/Library/Audio/Plug-Ins/Components. why?", "wanted": ["M2"]},
            {"prompt": "I added AU to the new Kelp sampler's FORMATS. Build the AU target and validate it with auval.",
             "wanted": ["M2"]},
            {"prompt": "ctest in build-xcode marks every test as Not Run and prints Test not available without "
                       "configuration. The tests built fine in Xcode — what's going on?", "wanted": ["M3"]},
            {"prompt": "I profiled Brine in Instruments from the Xcode tree this morning; run the delay tests from that "
                       "build before I push.", "wanted": ["M3"]},
            {"prompt": "What's the practical difference between juce::SmoothedValue Linear and Multiplicative for a "
                       "cutoff knob? Short answer.", "wanted": []},
            {"prompt": "Write a short paragraph for the Driftwood manual explaining what unison width does.",
             "wanted": []},
            {"prompt": "Which VST3_CATEGORIES string should a tape delay use? One line.", "wanted": []},
            {"prompt": "Explain why the preset-switch crash happens, in three sentences, for Freya.", "wanted": []},
        ],
    )

    # transcript files live under the macOS home, not /home (tracegen assumes Linux)
    for line in d.lines:
        h = line.get("hook")
        if h and h["transcript_path"].startswith(f"/home/{U}/"):
            h["transcript_path"] = "/Users/" + h["transcript_path"][len("/home/"):]
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "audio-juce.jsonl"), os.path.join(HERE, "tune", "audio-juce.labels.json"))
    print(f"audio-juce -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
