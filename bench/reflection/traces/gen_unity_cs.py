"""unity-cs: Tomasz Nowak, gameplay programmer on "Driftwood" (Unity 6 / C#) at Lantern Bay Games.

Stack: Unity 6000.0 LTS on the Linux editor, C# assemblies split by asmdef (Driftwood.Core, .Gameplay, .UI,
.Online, .EditorTools + EditMode/PlayMode test assemblies), Unity Test Framework run headless
(`Unity -batchmode -runTests`), Addressables 2.x (Play Mode Script "Use Existing Build"), Input System,
Steamworks.NET, ParrelSync clone for co-op testing, Git LFS for art/audio, self-hosted GitLab with game-ci
runners and glab, dotnet format + Microsoft.Unity.Analyzers on the editor-generated solution, steamcmd uploads.

Written blind for fresh/; measured once held out (round 10), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "tomasz"
R = "/home/tomasz/dev/driftwood"
CLONE = "/home/tomasz/dev/driftwood_clone_0"
MODEL = "claude-opus-4-6"
UNITY = "~/Unity/Hub/Editor/6000.0.58f2/Editor/Unity"
UNITY_ABS = "/home/tomasz/Unity/Hub/Editor/6000.0.58f2/Editor/Unity"
GL = "https://git.lanternbay.games"
PROJ = "lanternbay/driftwood"
APP = "2873410"
DEMO = "2873420"
ADDR_PKG = "Library/PackageCache/com.unity.addressables@6e1a8f2c4b90"
INPUT_PKG = "Library/PackageCache/com.unity.inputsystem@1b7d2e93a0c5"

HX = random.Random(61006)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


GUID_CORE = "5c1b1f4a8e2d4b7c9a3e6f0d2b8c4e11"
GUID_GAMEPLAY = "a41d7e0c93b24f6e8d15c2a7f0b9e363"
GUID_UI = "e83f2a6d1c0b4958b7a4d6c3f2e1a090"
GUID_ONLINE = "3f9c0d7e6b2a41c58e7d1f0a9b4c2d66"
GUID_TMP = "6055be8ebefd69e48b49212b09b47b2f"
GUID_INPUT = "75469ad4d38634e559750d17036d5f7c"
GUID_ADDR = "9e24947de15b9834991c9d8411ea37cf"
GUID_RM = "84651a3751eca9349aac36a66bba901b"
GUID_STEAM = "68bd7fdb68ef2684e982e2a9b0d2d6e1"
GUID_TR = "27619889b8ba8c24980f49ee34dbb44a"
GUID_NUNIT = "0acc523941302664db1f4e527237feb3"


def asmdef(name, refs, extra_top="", test=False):
    r = ",\n".join(f'        "GUID:{g}"' for g in refs)
    if test:
        return f"""{{
    "name": "{name}",
    "rootNamespace": "{name}",
    "references": [
{r}
    ],
    "includePlatforms": [
        "Editor"
    ],
    "excludePlatforms": [],
    "allowUnsafeCode": false,
    "overrideReferences": true,
    "precompiledReferences": [
        "nunit.framework.dll"
    ],
    "autoReferenced": false,
    "defineConstraints": [
        "UNITY_INCLUDE_TESTS"
    ],
    "versionDefines": [],
    "noEngineReferences": false
}}
"""
    return f"""{{
    "name": "{name}",
    "rootNamespace": "{name}",
    "references": [
{r}
    ],
    "includePlatforms": [],
    "excludePlatforms": [],
    "allowUnsafeCode": false,
    "overrideReferences": false,
    "precompiledReferences": [],
    "autoReferenced": true,
    "defineConstraints": [],
    "versionDefines": [],
    "noEngineReferences": false
}}
"""


GAMEPLAY_ASMDEF = "Assets/Scripts/Gameplay/Driftwood.Gameplay.asmdef"
UI_ASMDEF = "Assets/Scripts/UI/Driftwood.UI.asmdef"
ONLINE_ASMDEF = "Assets/Scripts/Online/Driftwood.Online.asmdef"
EDIT_ASMDEF = "Assets/Tests/EditMode/Driftwood.Tests.EditMode.asmdef"
PLAY_ASMDEF = "Assets/Tests/PlayMode/Driftwood.Tests.PlayMode.asmdef"

FILES = {
    P(GAMEPLAY_ASMDEF): asmdef("Driftwood.Gameplay", [GUID_CORE, GUID_ADDR, GUID_RM]),
    P(UI_ASMDEF): asmdef("Driftwood.UI", [GUID_CORE, GUID_GAMEPLAY, GUID_TMP]),
    P(ONLINE_ASMDEF): asmdef("Driftwood.Online", [GUID_CORE, GUID_STEAM]),
    P(ONLINE_ASMDEF + ".meta"): f"""fileFormatVersion: 2
guid: {GUID_ONLINE}
AssemblyDefinitionImporter:
  externalObjects: {{}}
  userData: 
  assetBundleName: 
  assetBundleVariant: 
""",
    P(EDIT_ASMDEF): asmdef("Driftwood.Tests.EditMode", [GUID_TR, GUID_NUNIT, GUID_CORE, GUID_GAMEPLAY, GUID_UI], test=True),
    P(PLAY_ASMDEF): asmdef("Driftwood.Tests.PlayMode", [GUID_TR, GUID_NUNIT, GUID_CORE, GUID_GAMEPLAY, GUID_ADDR, GUID_RM], test=True).replace(
        '    "includePlatforms": [\n        "Editor"\n    ],', '    "includePlatforms": [],'),
    P("Assets/Scripts/Gameplay/Fishing/FishingRod.cs"): """using Driftwood.Core;
using UnityEngine;

namespace Driftwood.Gameplay.Fishing
{
    /// <summary>Cast, wait for a bite, reel. Owns the line state for one player.</summary>
    public sealed class FishingRod : MonoBehaviour
    {
        [SerializeField] private RodDefinition definition;
        [SerializeField] private Transform tip;
        [SerializeField] private Bobber bobberPrefab;

        private Bobber bobber;
        private BiteController bites;
        private RodState state = RodState.Idle;

        public RodState State => state;

        private void Awake()
        {
            bites = GetComponent<BiteController>();
        }

        public void Cast(float charge01)
        {
            if (state != RodState.Idle) return;
            var distance = CastMath.Distance(definition, charge01);
            bobber = Instantiate(bobberPrefab, tip.position, Quaternion.identity);
            bobber.Launch(tip.forward, distance);
            bites.Arm(bobber, definition);
            state = RodState.Waiting;
        }

        public void OnBite(FishInstance fish)
        {
            state = RodState.Hooked;
            GameEvents.Raise(new FishHooked(fish, this));
        }

        public void Reel(float input, float deltaTime)
        {
            if (state != RodState.Hooked) return;
            bites.Current.Pull(input * definition.reelStrength, deltaTime);
            if (bites.Current.Landed)
            {
                GameEvents.Raise(new FishCaught(bites.Current, this));
                ResetLine();
            }
        }

        public void ResetLine()
        {
            if (bobber != null) Destroy(bobber.gameObject);
            bites.Disarm();
            state = RodState.Idle;
        }
    }
}
""",
    P("Assets/Scripts/Gameplay/Fishing/BiteController.cs"): """using Driftwood.Core;
using UnityEngine;

namespace Driftwood.Gameplay.Fishing
{
    /// <summary>Rolls for bites while the bobber sits in a fishing zone.</summary>
    public sealed class BiteController : MonoBehaviour
    {
        [SerializeField] private float rollInterval = 0.5f;

        private Bobber bobber;
        private RodDefinition rod;
        private float nextRoll;

        public FishInstance Current { get; private set; }

        public void Arm(Bobber b, RodDefinition r)
        {
            bobber = b;
            rod = r;
            nextRoll = Time.time + rollInterval;
        }

        public void Disarm()
        {
            bobber = null;
            Current = null;
        }

        private void Update()
        {
            if (bobber == null || Current != null || Time.time < nextRoll) return;
            nextRoll = Time.time + rollInterval;
            var zone = FishingZone.At(bobber.transform.position);
            if (zone == null) return;
            var fish = zone.Table.Roll(rod, WorldClock.Instance.TimeOfDay, Random.value);
            if (fish == null) return;
            Current = FishSpawner.Instance.Hook(fish, bobber.transform.position);
            GetComponent<FishingRod>().OnBite(Current);
        }
    }
}
""",
    P("Assets/Scripts/Gameplay/Fishing/FishSpawner.cs"): """using System.Threading.Tasks;
using Driftwood.Core;
using UnityEngine;
using UnityEngine.AddressableAssets;
using UnityEngine.ResourceManagement.AsyncOperations;

namespace Driftwood.Gameplay.Fishing
{
    /// <summary>Spawns hooked fish from Addressables (group "Fish", address = FishDefinition.address).</summary>
    public sealed class FishSpawner : MonoBehaviour
    {
        public static FishSpawner Instance { get; private set; }

        private void Awake() => Instance = this;

        public FishInstance Hook(FishDefinition def, Vector3 at)
        {
            var instance = new FishInstance(def);
            _ = SpawnAsync(instance, at);
            return instance;
        }

        public async Task<GameObject> SpawnAsync(FishInstance fish, Vector3 at)
        {
            AsyncOperationHandle<GameObject> handle = Addressables.InstantiateAsync(fish.Definition.address, at, Quaternion.identity);
            var go = await handle.Task;
            fish.Bind(go);
            return go;
        }
    }
}
""",
    P("Assets/Scripts/Gameplay/Fishing/FishTable.cs"): """using System;
using UnityEngine;

namespace Driftwood.Gameplay.Fishing
{
    [CreateAssetMenu(menuName = "Driftwood/Fish Table")]
    public sealed class FishTable : ScriptableObject
    {
        [Serializable]
        public struct Entry
        {
            public FishDefinition fish;
            public float weight;
            public TimeWindow window;
            public int minRodTier;
        }

        [SerializeField] private Entry[] entries = Array.Empty<Entry>();

        public FishDefinition Roll(RodDefinition rod, float timeOfDay, float roll01)
        {
            float total = 0f;
            for (int i = 0; i < entries.Length; i++)
                if (Eligible(entries[i], rod, timeOfDay)) total += entries[i].weight;
            if (total <= 0f) return null;
            float pick = roll01 * total;
            for (int i = 0; i < entries.Length; i++)
            {
                if (!Eligible(entries[i], rod, timeOfDay)) continue;
                pick -= entries[i].weight;
                if (pick <= 0f) return entries[i].fish;
            }
            return null;
        }

        private static bool Eligible(in Entry e, RodDefinition rod, float t) =>
            rod.tier >= e.minRodTier && e.window.Contains(t);
    }
}
""",
    P("Assets/Scripts/Gameplay/Fishing/CastMath.cs"): """using UnityEngine;

namespace Driftwood.Gameplay.Fishing
{
    public static class CastMath
    {
        /// <summary>Cast distance in metres for a charge in [0, 1]; ease-out so small taps still reach.</summary>
        public static float Distance(RodDefinition rod, float charge01)
        {
            charge01 = Mathf.Clamp01(charge01);
            float eased = 1f - (1f - charge01) * (1f - charge01);
            return Mathf.Lerp(rod.minCast, rod.maxCast, eased);
        }
    }
}
""",
    P("Assets/Tests/EditMode/Fishing/CastMathTests.cs"): """using Driftwood.Gameplay.Fishing;
using NUnit.Framework;
using UnityEngine;

namespace Driftwood.Tests.EditMode.Fishing
{
    public class CastMathTests
    {
        private static RodDefinition Rod(float min, float max)
        {
            var rod = ScriptableObject.CreateInstance<RodDefinition>();
            rod.minCast = min;
            rod.maxCast = max;
            return rod;
        }

        [Test]
        public void ZeroCharge_IsMinCast() => Assert.That(CastMath.Distance(Rod(2f, 18f), 0f), Is.EqualTo(2f));

        [Test]
        public void FullCharge_IsMaxCast() => Assert.That(CastMath.Distance(Rod(2f, 18f), 1f), Is.EqualTo(18f));

        [Test]
        public void ChargeIsClamped() => Assert.That(CastMath.Distance(Rod(2f, 18f), 3f), Is.EqualTo(18f));
    }
}
""",
    P("Assets/AddressableAssetsData/AddressableAssetSettings.asset"): """%YAML 1.1
%TAG !u! tag:unity3d.com,2011:
--- !u!114 &11400000
MonoBehaviour:
  m_ObjectHideFlags: 0
  m_CorrespondingSourceObject: {fileID: 0}
  m_PrefabInstance: {fileID: 0}
  m_PrefabAsset: {fileID: 0}
  m_GameObject: {fileID: 0}
  m_Enabled: 1
  m_EditorHideFlags: 0
  m_Script: {fileID: 11500000, guid: 468a46d0ae32c3544b7d98094e6448a9, type: 3}
  m_Name: AddressableAssetSettings
  m_EditorClassIdentifier: 
  m_DefaultGroup: 7b3e1f0a6c2d4e8f9a1b2c3d4e5f6a7b
  m_currentHash:
    serializedVersion: 2
    Hash: 00000000000000000000000000000000
  m_OptimizeCatalogSize: 0
  m_BuildRemoteCatalog: 0
  m_CatalogRequestsTimeout: 0
  m_DisableCatalogUpdateOnStart: 0
  m_InternalIdNamingMode: 0
  m_InternalBundleIdMode: 1
  m_AssetLoadMode: 0
  m_BundledAssetProviderType:
    m_AssemblyName: 
    m_ClassName: 
  m_AssetBundleProviderType:
    m_AssemblyName: 
    m_ClassName: 
  m_IgnoreUnsupportedFilesInBuild: 0
  m_UniqueBundleIds: 0
  m_EnableJsonCatalog: 0
  m_NonRecursiveBuilding: 1
  m_CCDEnabled: 0
  m_maxConcurrentWebRequests: 3
  m_UseUWRForLocalBundles: 0
  m_BundleTimeout: 0
  m_BundleRetryCount: 0
  m_BundleRedirectLimit: -1
  m_SharedBundleSettings: 0
  m_SharedBundleSettingsCustomGroupIndex: 0
  m_ContiguousBundles: 1
  m_StripUnityVersionFromBundleBuild: 0
  m_DisableVisibleSubAssetRepresentations: 0
  m_BuiltInBundleNaming: 0
  mBuiltInBundleCustomNaming: 
  m_MonoScriptBundleNaming: 0
  m_CheckForContentUpdateRestrictionsOption: 0
  m_MonoScriptBundleCustomNaming: 
  m_RemoteCatalogBuildPath:
    m_Id: 
  m_RemoteCatalogLoadPath:
    m_Id: 
  m_ContentStateBuildPathProfileVariableName: 
  m_CustomContentStateBuildPath: 
  m_ContentStateBuildPath: 
  m_BuildAddressablesWithPlayerBuild: 1
  m_overridePlayerVersion: '[UnityEditor.PlayerSettings.bundleVersion]'
  m_GroupAssets:
  - {fileID: 11400000, guid: 0f4e6a2b9c1d4e7f8a3b5c6d7e8f9012, type: 2}
  - {fileID: 11400000, guid: 1a2b3c4d5e6f70819a2b3c4d5e6f7081, type: 2}
  - {fileID: 11400000, guid: 2b3c4d5e6f708192a3b4c5d6e7f80912, type: 2}
  - {fileID: 11400000, guid: 3c4d5e6f708192a3b4c5d6e7f8091a2b, type: 2}
  m_BuildSettings:
    m_LogResourceManagerExceptions: 1
    m_BundleBuildPath: Temp/com.unity.addressables/AssetBundles
  m_ProfileSettings:
    m_Profiles:
    - m_InheritedParent: 
      m_Id: 5d1c8a7e3b2f4a6c9e0d1f2a3b4c5d6e
      m_ProfileName: Default
      m_Values: []
  m_LabelTable:
    m_LabelNames:
    - default
    - fish
    - lures
    - boats
    - traps
  m_SchemaTemplates: []
  m_GroupTemplateObjects:
  - {fileID: 11400000, guid: 4d5e6f708192a3b4c5d6e7f8091a2b3c, type: 2}
  m_InitializationObjects: []
  m_CertificateHandlerType:
    m_AssemblyName: 
    m_ClassName: 
  m_ActivePlayerDataBuilderIndex: 3
  m_ActivePlayModeDataBuilderIndex: 2
  m_DataBuilders:
  - {fileID: 11400000, guid: e4d7a1c2b3f04a5b8c6d7e8f9a0b1c2d, type: 2}
  - {fileID: 11400000, guid: f5e8b2d3c4a15b6c9d7e8f9a0b1c2d3e, type: 2}
  - {fileID: 11400000, guid: 06f9c3e4d5b26c7dae8f9a0b1c2d3e4f, type: 2}
  - {fileID: 11400000, guid: 17a0d4f5e6c37d8ebf9a0b1c2d3e4f50, type: 2}
  m_ActiveProfileId: 5d1c8a7e3b2f4a6c9e0d1f2a3b4c5d6e
""",
    P("Assets/Editor/Build/AddressablesBuild.cs"): """using UnityEditor;
using UnityEditor.AddressableAssets.Settings;
using UnityEngine;

namespace Driftwood.EditorTools
{
    /// <summary>Batchmode entry points for Addressables content (CI + local).</summary>
    public static class AddressablesBuild
    {
        // -executeMethod Driftwood.EditorTools.AddressablesBuild.BuildContent
        public static void BuildContent()
        {
            var target = EditorUserBuildSettings.activeBuildTarget;
            Debug.Log($"[AddressablesBuild] Building content for {target}");
            AddressableAssetSettings.BuildPlayerContent(out var result);
            if (!string.IsNullOrEmpty(result.Error))
            {
                Debug.LogError($"[AddressablesBuild] {result.Error}");
                EditorApplication.Exit(1);
                return;
            }
            Debug.Log($"[AddressablesBuild] Done in {result.Duration:F1}s, catalog {result.OutputPath}");
        }
    }
}
""",
    P("steam/scripts/app_build_2873410.vdf"): """"AppBuild"
{
	"AppID" "2873410"
	"Desc" "playtest 2026-09-25"
	"BuildOutput" "../output/"
	"ContentRoot" "../../Builds/"
	"SetLive" "playtest"
	"Preview" "0"

	"Depots"
	{
		"2873411" "depot_build_2873411.vdf"
		"2873412" "depot_build_2873412.vdf"
	}
}
""",
    P("steam/scripts/app_build_2873420.vdf"): """"AppBuild"
{
	"AppID" "2873420"
	"Desc" "demo"
	"BuildOutput" "../output/"
	"ContentRoot" "../../Builds/"
	"SetLive" "beta"
	"Preview" "0"

	"Depots"
	{
		"2873421" "depot_build_2873421.vdf"
	}
}
""",
    P("Assets/Scripts/UI/Inventory/TackleBoxView.cs"): """using System.Collections.Generic;
using System.Linq;
using Driftwood.Gameplay.Inventory;
using UnityEngine;

namespace Driftwood.UI.Inventory
{
    public sealed class TackleBoxView : MonoBehaviour
    {
        [SerializeField] private TackleSlotView slotPrefab;
        [SerializeField] private Transform grid;

        private readonly List<TackleSlotView> slots = new();
        private TackleBox box;

        public void Bind(TackleBox tackleBox)
        {
            box = tackleBox;
            box.Changed += Refresh;
            Refresh();
        }

        private void Refresh()
        {
            var sorted = box.Items
                .OrderBy(i => i.Definition.category)
                .ThenByDescending(i => i.Definition.tier)
                .ThenBy(i => i.Definition.displayName)
                .ToList();

            EnsureSlots(sorted.Count);
            for (int i = 0; i < slots.Count; i++)
                slots[i].Show(i < sorted.Count ? sorted[i] : null);
        }

        private void EnsureSlots(int count)
        {
            while (slots.Count < count)
                slots.Add(Instantiate(slotPrefab, grid));
        }

        private void OnDestroy()
        {
            if (box != null) box.Changed -= Refresh;
        }
    }
}
""",
    P("Assets/Scripts/Online/Lobby/LobbyCodeFormatter.cs"): """using System;

namespace Driftwood.Online.Lobby
{
    /// <summary>Six-character join codes from a Steam lobby id (Crockford base32, no I/L/O/U).</summary>
    public static class LobbyCodeFormatter
    {
        private const string Alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

        public static string ToCode(ulong lobbyId)
        {
            Span<char> c = stackalloc char[6];
            ulong v = lobbyId ^ (lobbyId >> 29);
            for (int i = 5; i >= 0; i--)
            {
                c[i] = Alphabet[(int)(v & 31)];
                v >>= 5;
            }
            return new string(c);
        }

        public static bool TryNormalize(string input, out string code)
        {
            code = null;
            if (string.IsNullOrWhiteSpace(input)) return false;
            Span<char> c = stackalloc char[6];
            int n = 0;
            foreach (var ch in input)
            {
                if (ch == '-' || char.IsWhiteSpace(ch)) continue;
                var u = char.ToUpperInvariant(ch);
                u = u switch { 'O' => '0', 'I' => '1', 'L' => '1', _ => u };
                if (Alphabet.IndexOf(u) < 0 || n == 6) return false;
                c[n++] = u;
            }
            if (n != 6) return false;
            code = new string(c);
            return true;
        }
    }
}
""",
    P("Assets/Scripts/Gameplay/Boat/BoatController.cs"): """using UnityEngine;

namespace Driftwood.Gameplay.Boat
{
    [RequireComponent(typeof(Rigidbody))]
    public sealed class BoatController : MonoBehaviour
    {
        [SerializeField] private float thrust = 2400f;
        [SerializeField] private float turnTorque = 900f;
        [SerializeField] private float wakePoolSize = 24;

        private Rigidbody body;
        private float throttle;
        private float rudder;

        public float Speed => body.linearVelocity.magnitude;
        public int WakePoolSize => (int)wakePoolSize;

        private void Awake() => body = GetComponent<Rigidbody>();

        public void SetInput(float throttle01, float rudder11)
        {
            throttle = Mathf.Clamp(throttle01, -0.4f, 1f);
            rudder = Mathf.Clamp(rudder11, -1f, 1f);
        }

        private void FixedUpdate()
        {
            body.AddForce(transform.forward * (throttle * thrust), ForceMode.Force);
            body.AddTorque(Vector3.up * (rudder * turnTorque * Mathf.Clamp01(Speed / 3f)), ForceMode.Force);
        }
    }
}
""",
}


# ------------------------------------------------------------------ Unity output helpers
def unity_head(project, args, rev="92dee566b325"):
    lines = [
        "[Licensing::Module] Trying to connect to existing licensing client channel...",
        "[Licensing::IpcConnector] Successfully connected to: \"LicenseClient-tomasz\"",
        "[Licensing::Module] Licensing Background thread has ended after 0.02s",
        f"Built from '6000.0/staging' branch; Version is '6000.0.58f2 ({rev}) revision 9625061'; Using compiler version '110400'; Build Type 'Release'",
        "OS: 'Ubuntu 24.04.3 LTS' Language: 'en' Physical Memory: 64207 MB",
        "BatchMode: 1, IsHumanControllingUs: false, StartBugReporterOnCrash: false, Is64bit: true",
        "",
        "COMMAND LINE ARGUMENTS:",
        UNITY_ABS,
    ] + args + [
        f"Successfully changed project path to: {project}",
        project,
    ]
    return "\n".join(lines)


def split_args(cmd):
    """argv after the Unity binary, the way Unity echoes it (quotes removed)."""
    out = []
    for tok in cmd.split()[1:]:
        out.append(tok.strip('"'))
    return out


def refresh_lines(project, secs, compiled=()):
    lines = [
        "[Package Manager] Done resolving packages in 1.38s seconds",
        "[Subsystems] No new subsystems found in resolved package list.",
        "Package Manager log level set to [2]",
        "[Package Manager] Registered 61 packages:",
        "  Packages from [https://packages.unity.com]:",
        "    com.unity.addressables@2.7.3 (location: " + project + "/" + ADDR_PKG + ")",
        "    com.unity.inputsystem@1.14.2 (location: " + project + "/" + INPUT_PKG + ")",
        "    com.unity.test-framework@1.5.1 (location: " + project + "/Library/PackageCache/com.unity.test-framework@9c1e2a04f7b3)",
        "    com.unity.render-pipelines.universal@17.0.4 (location: " + project + "/Library/PackageCache/com.unity.render-pipelines.universal@3d8b51f0e2aa)",
        "  Git packages:",
        "    com.rlabrecque.steamworks.net@https://github.com/rlabrecque/Steamworks.NET.git?path=/com.rlabrecque.steamworks.net#2024.8.0 (location: " + project + "/Library/PackageCache/com.rlabrecque.steamworks.net@c42a1b7e55d0)",
        "  Embedded packages:",
        "    com.veriorpies.parrelsync@file:" + project + "/Packages/com.veriorpies.parrelsync",
        "",
        "Refreshing native plugins compatible for Editor in 2.61 ms, found 3 plugins.",
        "Preloading 2 native plugins for Editor in 0.41 ms.",
        "Initialize engine version: 6000.0.58f2 (92dee566b325)",
        "[Subsystems] Discovering subsystems at path " + UNITY_ABS.rsplit("/", 1)[0] + "/Data/Resources/UnitySubsystems",
        "[Subsystems] Discovering subsystems at path " + project + "/Assets",
        "GfxDevice: creating device client; kGfxThreadingModeNonThreaded",
        "NullGfxDevice:",
        "    Version:  NULL 1.0 [1.0]",
        "    Renderer: Null Device",
        "    Vendor:   Unity Technologies",
        "Begin MonoManager ReloadAssembly",
    ]
    for a, s in compiled:
        lines.append(f"- Finished compile Library/ScriptAssemblies/{a}.dll in {s} seconds")
    lines += [
        "Mono: successfully reloaded assembly",
        "- Finished resetting the current domain, in  1.942 seconds",
        "Domain Reload Profiling: 3811ms",
        f"Asset Pipeline Refresh (id=" + hx(32) + f"): Total: {secs} seconds - Initiated by InitialRefreshV2(ForceSynchronousImport)",
    ]
    return "\n".join(lines)


def filter_block(mode, groups=None, names=None):
    return "\n".join([
        "Running tests for ExecutionSettings with details:",
        "targetPlatform = ",
        "playerHeartbeatTimeout = 600",
        "filters[0] = ",
        "   Filter with settings:",
        f"   testMode = {mode}",
        "   targetPlatform = ",
        f"   testNames = {names or 'null'}",
        f"   groupNames = {groups or 'null'}",
        "   categoryNames = null",
        "   assemblyNames = null",
        "runSynchronously = False",
    ])


def test_tail(project, results, code, middle=""):
    status = {0: "Ok). Run completed.", 2: "Failed). One or more tests failed."}[code]
    parts = []
    if middle:
        parts.append(middle)
    parts.append(f"Saving results to: {project}/{results}")
    parts.append(f"Test run completed. Exiting with code {code} ({status}")
    return "\n".join(parts)


def unity_test(cmd, project, mode, results, code=0, groups=None, secs="4.108", compiled=(), middle=""):
    return "\n".join([
        unity_head(project, split_args(cmd)),
        refresh_lines(project, secs, compiled),
        filter_block(mode, groups),
        test_tail(project, results, code, middle),
    ])


def locked(cmd, project=R):
    return "\n".join([
        unity_head(project, split_args(cmd)),
        "",
        "Aborting batchmode due to fatal error:",
        "It looks like another Unity instance is running with this project open.",
        "",
        "Multiple Unity instances cannot open the same project.",
        "",
        f"Project: {project}",
    ])


def compile_errors(cmd, errors, project=R):
    return "\n".join([
        unity_head(project, split_args(cmd)),
        "[Package Manager] Done resolving packages in 1.41s seconds",
        "Initialize engine version: 6000.0.58f2 (92dee566b325)",
        "Begin MonoManager ReloadAssembly",
        "[ScriptCompilation] Requested script compilation because: Assetdatabase observed changes in script compilation related files",
    ] + errors + [
        "Scripts have compiler errors.",
        "",
        "Aborting batchmode due to failure:",
        "Scripts have compiler errors.",
    ])


def run_result(total, passed, failed=0, skipped=0):
    res = "Passed" if failed == 0 else "Failed(Child)"
    return f'result="{res}" total="{total}" passed="{passed}" failed="{failed}" inconclusive="0" skipped="{skipped}"'


def addr_build_out(cmd, target, secs, groups):
    lines = [unity_head(R, split_args(cmd)), refresh_lines(R, "3.870"),
             f"[AddressablesBuild] Building content for {target}",
             "Build Task DeleteCatalogs... ", "Build Task BuildLayoutGenerationTask... "]
    for g, n in groups:
        lines.append(f"  group {g}: {n} bundle(s)")
    lines += [
        f"Addressable content successfully built (duration : {secs})",
        f"[AddressablesBuild] Done in {secs.split(':')[-1]}s, catalog Library/com.unity.addressables/aa/Linux",
        "Exiting batchmode successfully now!",
    ]
    return "\n".join(lines)


def invalid_key(key, typ, test, frames):
    return "\n".join([
        f"UnityEngine.AddressableAssets.InvalidKeyException: Exception of type 'UnityEngine.AddressableAssets.InvalidKeyException' was thrown. No Location found for Key={key}",
        "UnityEngine.Debug:LogException (System.Exception)",
        "UnityEngine.ResourceManagement.Util.DelayedActionManager:LateUpdate () (at ./" + ADDR_PKG + "/Runtime/ResourceManager/Util/DelayedActionManager.cs:159)",
        "UnityEngine.ResourceManagement.AsyncOperations.AsyncOperationBase`1<" + typ + ">:set_OperationException (System.Exception) (at ./" + ADDR_PKG + "/Runtime/ResourceManager/AsyncOperations/AsyncOperationBase.cs:441)",
        "UnityEngine.AddressableAssets.AddressablesImpl:" + frames + " (at ./" + ADDR_PKG + "/Runtime/AddressablesImpl.cs:1012)",
        "",
        f"OperationException : ChainOperation failed because dependent operation failed",
        f"  at {test}",
    ])


def ok_build(cmd, secs):
    return unity_head(R, split_args(cmd)) + "\n" + refresh_lines(R, secs) + "\n" + "\n".join([
        "[SteamBuild] Switching active build target to StandaloneWindows64",
        "[SteamBuild] Building Addressables content (StandaloneWindows64)",
        "Addressable content successfully built (duration : 0:01:12.418)",
        "[SteamBuild] BuildPlayer StandaloneWindows64 -> Builds/windows/Driftwood.exe",
        "Build Finished, Result: Success.",
        "[SteamBuild] Switching active build target to StandaloneLinux64",
        "[SteamBuild] Building Addressables content (StandaloneLinux64)",
        "Addressable content successfully built (duration : 0:01:03.977)",
        "[SteamBuild] BuildPlayer StandaloneLinux64 -> Builds/linux/Driftwood.x86_64",
        "Build Finished, Result: Success.",
        "[SteamBuild] Done: 2 players",
        "Exiting batchmode successfully now!",
    ])


def steam_ok(vdf, build_id, depots=(("2873411", "1843"), ("2873412", "1790")), app=APP):
    lines = [
        "Redirecting stderr to '/home/tomasz/.local/share/Steam/logs/stderr.txt'",
        "Logging directory: '/home/tomasz/.local/share/Steam/logs'",
        "[  0%] Checking for available updates...",
        "[----] Verifying installation...",
        "UpdateUI: skip show logo",
        "Steam Console Client (c) Valve Corporation - version 1759801243",
        "-- type 'quit' to exit --",
        "Loading Steam API...OK",
        "",
        "Logging in using cached credentials.",
        "Logging in user 'lanternbay_build' [U:1:1709423811] to Steam Public...OK",
        "Waiting for client config...OK",
        "Waiting for user info...OK",
    ]
    for d, mb in depots:
        lines += [
            f"Building depot {d}...",
            "",
            "Building file mapping...",
            "Scanning content..........................",
            "Uploading content...",
            f"Successfully finished depot build for depot {d}, manifest {HX.randint(10**18, 9 * 10**18)} ({mb} MB, {HX.randint(200, 900)} MB compressed)",
        ]
    lines += [
        "Uploading build manifest...",
        f"Successfully finished AppID {app} build (BuildID {build_id}).",
        "Unloading Steam API...OK",
    ]
    return "\n".join(lines)


def git_push_new(branch):
    return f"""remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/{PROJ}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}
remote: 
To git.lanternbay.games:{PROJ}.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def mr_out(branch, iid, title):
    return f"""
Creating merge request for {branch} into main in {PROJ}

!{iid} {title} ({branch})
 {GL}/{PROJ}/-/merge_requests/{iid}
"""


def line_of(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def sha():
    return hx(7)


FILES.update({
    P("Assets/Scripts/Gameplay/Lures/LureSlot.cs"): """using System.Threading.Tasks;
using UnityEngine;
using UnityEngine.AddressableAssets;

namespace Driftwood.Gameplay.Lures
{
    /// <summary>The lure currently tied to a rod; its model is an Addressable under Lures/.</summary>
    public sealed class LureSlot : MonoBehaviour
    {
        [SerializeField] private Transform attachPoint;

        private GameObject model;

        public LureDefinition Current { get; private set; }
        public GameObject Model => model;

        public async Task Equip(LureDefinition lure)
        {
            if (model != null) Addressables.ReleaseInstance(model);
            Current = lure;
            model = await Addressables.InstantiateAsync(lure.address, attachPoint).Task;
        }
    }
}
""",
    P("Assets/Scripts/Gameplay/Traps/TrapPlacer.cs"): """using System.Threading.Tasks;
using UnityEngine;
using UnityEngine.AddressableAssets;

namespace Driftwood.Gameplay.Traps
{
    public sealed class TrapPlacer : MonoBehaviour
    {
        [SerializeField] private LayerMask waterMask = ~0;
        [SerializeField] private float maxDistance = 6f;

        public async Task<GameObject> Place(string address, Ray aim)
        {
            if (!Physics.Raycast(aim, out var hit, maxDistance, waterMask)) return null;
            var go = await Addressables.InstantiateAsync(address, hit.point, Quaternion.identity).Task;
            go.name = address.Substring(address.LastIndexOf('/') + 1);
            return go;
        }
    }
}
""",
})


def ut(mode, results, filt=None, proj="."):
    parts = [UNITY, "-batchmode", "-projectPath", proj, "-runTests", "-testPlatform", mode]
    if filt:
        parts += ["-testFilter", f'"{filt}"']
    parts += ["-testResults", results, "-logFile", "-"]
    return " ".join(parts)


def grep_result(path):
    return f"grep -m1 -oE 'result=\"[^\"]+\" total=\"[0-9]+\" passed=\"[0-9]+\" failed=\"[0-9]+\" inconclusive=\"[0-9]+\" skipped=\"[0-9]+\"' {path}"


BUILD_CMD = f"{UNITY} -batchmode -quit -projectPath . -executeMethod Driftwood.EditorTools.SteamBuild.BuildAll -logFile -"
STEAM = f'steamcmd +login lanternbay_build +run_app_build "$PWD/steam/scripts/app_build_{APP}.vdf" +quit'

GAMEPLAY_DLLS = (("Driftwood.Core", "1.84"), ("Driftwood.Gameplay", "3.12"), ("Driftwood.UI", "1.97"),
                 ("Driftwood.Online", "0.88"), ("Driftwood.EditorTools", "1.41"), ("Driftwood.Tests.EditMode", "1.22"),
                 ("Driftwood.Tests.PlayMode", "0.94"))


def gen():
    d = Dev("unity-cs", U, "en", MODEL, seed=20261006, files=FILES)

    # ============================================================ S1  Tue 10-06
    with d.session("2026-10-06T09:10:00", R, branch="main", version="2.1.80"):
        t = d.task("morning. I'm back on gameplay after two weeks of netcode. walk me through the fishing loop again — "
                   "cast → bite → reel → catch, which scripts and who talks to who", tags=["noise"])
        t.glob("Assets/Scripts/Gameplay/Fishing/*.cs", [P(f"Assets/Scripts/Gameplay/Fishing/{x}.cs") for x in [
            "BiteController", "Bobber", "CastMath", "FishDefinition", "FishInstance", "FishSpawner", "FishTable",
            "FishingRod", "FishingZone", "RodDefinition", "RodState", "TimeWindow"]])
        t.read(P("Assets/Scripts/Gameplay/Fishing/FishingRod.cs"))
        t.read(P("Assets/Scripts/Gameplay/Fishing/BiteController.cs"))
        t.read(P("Assets/Scripts/Gameplay/Fishing/FishTable.cs"))
        t.read(P("Assets/Scripts/Gameplay/Fishing/FishSpawner.cs"))
        t.done("""The loop lives in `Assets/Scripts/Gameplay/Fishing/` (assembly `Driftwood.Gameplay`):

1. **Cast** — `FishingRod.Cast(charge01)`: only from `Idle`; distance from `CastMath.Distance(definition, charge)` (ease-out between the rod's `minCast`/`maxCast`), instantiates the `Bobber` at the tip, calls `BiteController.Arm(bobber, definition)`, state → `Waiting`.
2. **Bite** — `BiteController.Update()` rolls every `rollInterval` (0.5 s) while armed and nothing is hooked: finds the `FishingZone` under the bobber, asks its `FishTable.Roll(rod, WorldClock.TimeOfDay, Random.value)` (weighted pick over entries whose time window and `minRodTier` match), then `FishSpawner.Instance.Hook(fish, pos)` and `FishingRod.OnBite(fish)` → state `Hooked`, raises `FishHooked`.
3. **Model** — `FishSpawner.Hook` returns the `FishInstance` immediately and spawns the model in the background via `Addressables.InstantiateAsync(fish.Definition.address)` (group "Fish"), then `fish.Bind(go)`.
4. **Reel / catch** — `FishingRod.Reel(input, dt)` pushes `input * reelStrength` into `FishInstance.Pull`; when `Landed`, raises `FishCaught` and `ResetLine()` (destroys bobber, disarms, back to `Idle`).

Who talks to whom: the rod owns the state machine; `BiteController` is a sibling component that calls back into the rod; everything else (UI, journal, achievements) only listens to `GameEvents` (`FishHooked`, `FishCaught`). There's no line tension yet — reeling can't fail, a hooked fish always lands eventually.""")

        t = d.task("run the editmode tests please, I want a baseline before we start on the pike stuff",
                   tags=["mistake:M2"])
        c = ut("EditMode", "TestResults/editmode.xml")
        t.fail(c, "Run all EditMode tests headless", locked(c), code=1, timeout=600000)
        t.say("Unity refuses to open the project because another instance has it open — most likely your editor. "
              "Let me check what's running before doing anything.")
        t.bash("pgrep -af 'Editor/Unity'", "List running Unity editors",
               out=f"48211 {UNITY_ABS} -projectpath {R} -useHub -hubIPC -cloudEnvironment production -licensingIpc LicenseClient-tomasz -hubSessionId 6f0d9c1e-3b7a-4d1f-a2c8-5e9b0f7d3a14\n"
                   f"48390 {UNITY_ABS.rsplit('/', 1)[0]}/Data/Tools/UnityShaderCompiler {UNITY_ABS.rsplit('/', 1)[0]}/Data/Tools 0 unity-shadercompiler-48211-0 -- 1\n"
                   "49102 /bin/bash -c -l source /home/tomasz/.claude/shell-snapshots/snapshot-bash-1791277841503-q8k2vd.sh && "
                   "{ shopt -u extglob || setopt NO_EXTENDED_GLOB; } 2>/dev/null || true && eval 'pgrep -af '\"'\"'Editor/Unity'\"'\"'' "
                   "\\< /dev/null && pwd -P >| /tmp/claude-5d1e-cwd")
        t.bash("ls -la ..", "Look at the sibling directories", out="""total 20
drwxr-xr-x  5 tomasz tomasz 4096 Sep 18 11:02 .
drwxr-xr-x 38 tomasz tomasz 4096 Oct  5 19:44 ..
drwxr-xr-x 12 tomasz tomasz 4096 Oct  6 08:57 driftwood
drwxr-xr-x  6 tomasz tomasz 4096 Sep 18 11:03 driftwood_clone_0
drwxr-xr-x  9 tomasz tomasz 4096 Aug  2 16:20 steamworks_sdk_161""")
        t.bash("ls -la ../driftwood_clone_0", "Inspect the clone directory", out=f"""total 24
drwxr-xr-x  6 tomasz tomasz 4096 Sep 18 11:03 .
drwxr-xr-x  5 tomasz tomasz 4096 Sep 18 11:02 ..
-rw-r--r--  1 tomasz tomasz    0 Sep 18 11:02 .clone
lrwxrwxrwx  1 tomasz tomasz   33 Sep 18 11:02 Assets -> {R}/Assets
drwxr-xr-x 14 tomasz tomasz 4096 Sep 30 17:21 Library
drwxr-xr-x  2 tomasz tomasz 4096 Sep 30 17:21 Logs
lrwxrwxrwx  1 tomasz tomasz   35 Sep 18 11:02 Packages -> {R}/Packages
lrwxrwxrwx  1 tomasz tomasz   42 Sep 18 11:02 ProjectSettings -> {R}/ProjectSettings
drwxr-xr-x  3 tomasz tomasz 4096 Sep 30 17:19 Temp""")
        t.say("Your editor (pid 48211) has `driftwood` open. `driftwood_clone_0` is the ParrelSync clone: `Assets`, "
              "`Packages` and `ProjectSettings` are symlinks to this checkout and it has its own `Library`, so a "
              "headless run there tests exactly your working tree without touching the open editor. Its Library is "
              "a week old, so the first run will reimport.")
        c2 = ut("EditMode", "TestResults/editmode.xml", proj="../driftwood_clone_0")
        t.bash(c2, "Run all EditMode tests in the ParrelSync clone",
               out=unity_test(c2, CLONE, "EditMode", "TestResults/editmode.xml", secs="71.418", compiled=GAMEPLAY_DLLS),
               timeout=600000)
        t.bash(grep_result("../driftwood_clone_0/TestResults/editmode.xml"), "Summarise the results",
               out=run_result(146, 146))
        t.done("Baseline is green: **146/146 EditMode tests pass**.\n\nI didn't run it in your project directly — "
               "your editor (pid 48211) has it open and Unity won't open the same project twice. I ran the same "
               "command with `-projectPath ../driftwood_clone_0`, the ParrelSync clone whose Assets/Packages/"
               "ProjectSettings are symlinks to this checkout, so it's your current working tree; only its Library "
               "is separate (first run reimported for ~70 s). Results: `../driftwood_clone_0/TestResults/editmode.xml`.")

        t = d.task("quick one: buoyancy forces — FixedUpdate or Update? the boat jitters a bit at 144hz",
                   tags=["noise", "no_tools"])
        t.done("""FixedUpdate. Forces applied in `Update` get integrated at whatever the physics step is, but how many frames land between two steps varies at 144 Hz (with the default 50 Hz fixed step you get 2–3 frames per step), so the force you apply per step is uneven — that alone can look like jitter.

The jitter you see is most likely something else though: the Rigidbody moves at 50 Hz and the camera renders at 144 Hz. Fixes, in order:
1. `Rigidbody.interpolation = RigidbodyInterpolation.Interpolate` on the boat (cheap, usually enough).
2. Move the camera follow to `LateUpdate` and follow the interpolated `transform`, not `rigidbody.position`.
3. Only if it's still visible: raise the fixed timestep to 60–72 Hz (`Time.fixedDeltaTime`), at a physics cost.

Keep buoyancy sampling in FixedUpdate as well, so the wave height and the force come from the same step.""")

    # ============================================================ S2  Wed 10-07
    with d.session("2026-10-07T09:50:00", R, branch="feat/pike-catch", version="2.1.80"):
        t = d.task("add a ReelTension component next to FishingRod: tension goes up with reel input plus the fish's "
                   "pull, bleeds off when the player stops reeling, and the line snaps if it stays above 1.0 for "
                   "0.4s. it ticks every frame, so no LINQ and nothing that allocates in there. editmode tests for it too",
                   tags=["pref:P1"])
        t.read(P("Assets/Scripts/Gameplay/Fishing/FishingRod.cs"))
        t.write(P("Assets/Scripts/Gameplay/Fishing/ReelTension.cs"), """using System;
using UnityEngine;

namespace Driftwood.Gameplay.Fishing
{
    /// <summary>Line tension while a fish is hooked. Plain state + Tick so it can be tested without a scene.</summary>
    [Serializable]
    public sealed class ReelTension
    {
        [SerializeField] private float reelGain = 0.9f;
        [SerializeField] private float pullGain = 0.6f;
        [SerializeField] private float bleedPerSecond = 0.5f;
        [SerializeField] private float snapThreshold = 1f;
        [SerializeField] private float snapAfterSeconds = 0.4f;

        private float overTime;

        public float Value { get; private set; }
        public bool Snapped { get; private set; }

        public void Reset()
        {
            Value = 0f;
            overTime = 0f;
            Snapped = false;
        }

        /// <param name="reelInput">0..1 from the reel button/trigger.</param>
        /// <param name="fishPull">0..1 from the fish's current struggle.</param>
        public void Tick(float reelInput, float fishPull, float deltaTime)
        {
            if (Snapped) return;
            float rise = (reelInput * reelGain + fishPull * pullGain) * deltaTime;
            float bleed = reelInput > 0.01f ? 0f : bleedPerSecond * deltaTime;
            Value = Mathf.Max(0f, Value + rise - bleed);

            overTime = Value > snapThreshold ? overTime + deltaTime : 0f;
            if (overTime >= snapAfterSeconds) Snapped = true;
        }
    }
}
""")
        t.write(P("Assets/Tests/EditMode/Fishing/ReelTensionTests.cs"), """using Driftwood.Gameplay.Fishing;
using NUnit.Framework;

namespace Driftwood.Tests.EditMode.Fishing
{
    public class ReelTensionTests
    {
        private const float Dt = 1f / 60f;

        private static void Run(ReelTension t, float reel, float pull, float seconds)
        {
            for (float s = 0f; s < seconds; s += Dt) t.Tick(reel, pull, Dt);
        }

        [Test]
        public void Rises_WhileReeling()
        {
            var t = new ReelTension();
            Run(t, 1f, 0f, 0.5f);
            Assert.That(t.Value, Is.GreaterThan(0.4f));
        }

        [Test]
        public void BleedsOff_WhenReelingStops()
        {
            var t = new ReelTension();
            Run(t, 1f, 0f, 0.5f);
            float before = t.Value;
            Run(t, 0f, 0f, 0.5f);
            Assert.That(t.Value, Is.LessThan(before));
        }

        [Test]
        public void NeverNegative()
        {
            var t = new ReelTension();
            Run(t, 0f, 0f, 2f);
            Assert.That(t.Value, Is.EqualTo(0f));
        }

        [Test]
        public void Snaps_AfterStayingOverThreshold()
        {
            var t = new ReelTension();
            Run(t, 1f, 1f, 1.5f);
            Assert.That(t.Snapped, Is.True);
        }

        [Test]
        public void DoesNotSnap_OnShortSpike()
        {
            var t = new ReelTension();
            Run(t, 1f, 1f, 0.75f);   // just over 1.0
            Run(t, 0f, 0f, 1f);
            Assert.That(t.Snapped, Is.False);
        }

        [Test]
        public void Reset_ClearsSnap()
        {
            var t = new ReelTension();
            Run(t, 1f, 1f, 2f);
            t.Reset();
            Assert.That(t.Snapped, Is.False);
            Assert.That(t.Value, Is.EqualTo(0f));
        }
    }
}
""")
        c = ut("EditMode", "TestResults/editmode.xml", filt="Driftwood.Tests.EditMode.Fishing")
        t.bash(c, "Run the fishing EditMode tests",
               out=unity_test(c, R, "EditMode", "TestResults/editmode.xml", groups="Driftwood.Tests.EditMode.Fishing",
                              secs="9.842", compiled=(("Driftwood.Gameplay", "3.04"), ("Driftwood.Tests.EditMode", "1.19"))),
               timeout=600000)
        t.bash(grep_result("TestResults/editmode.xml"), "Summarise the results", out=run_result(9, 9))
        t.done("""Added `ReelTension` (`Assets/Scripts/Gameplay/Fishing/ReelTension.cs`) as a `[Serializable]` plain class with a `Tick(reelInput, fishPull, dt)` — so `FishingRod` can own one as a serialized field and the tests don't need a scene.

- rise = `(reel·reelGain + pull·pullGain)·dt`; when the player isn't reeling it bleeds `bleedPerSecond·dt`; clamped at 0.
- snap when `Value > 1.0` continuously for `snapAfterSeconds` (0.4 s); a dip below resets the timer.
- `Tick` only touches floats — no LINQ, no allocations.

Tests: 6 new in `ReelTensionTests` (rise, bleed, never negative, snap, short spike doesn't snap, reset). Fishing EditMode group: 9/9 pass.

Not wired into `FishingRod.Reel` yet — want me to hook it up (snap → `ResetLine()` + a `LineSnapped` event)?""")

        t = d.task("I marked Pike.prefab addressable (Fish group, address Fish/Pike) and added the pike to the harbour "
                   "FishTable. write a playmode test that FishSpawner can actually spawn it and run it",
                   tags=["mistake:M1"])
        t.read(P("Assets/Scripts/Gameplay/Fishing/FishSpawner.cs"))
        t.glob("Assets/Tests/PlayMode/**/*.cs", [P("Assets/Tests/PlayMode/Boat/BuoyancyTests.cs"),
                                                 P("Assets/Tests/PlayMode/Boat/BoatControllerTests.cs"),
                                                 P("Assets/Tests/PlayMode/Tides/TideSystemTests.cs"),
                                                 P("Assets/Tests/PlayMode/PlayModeFixture.cs")])
        t.write(P("Assets/Tests/PlayMode/Fishing/FishSpawnerTests.cs"), """using System.Collections;
using Driftwood.Gameplay.Fishing;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.AddressableAssets;
using UnityEngine.TestTools;

namespace Driftwood.Tests.PlayMode.Fishing
{
    public class FishSpawnerTests
    {
        private GameObject host;
        private GameObject spawned;

        [SetUp]
        public void SetUp()
        {
            host = new GameObject("FishSpawner");
            host.AddComponent<FishSpawner>();
        }

        [UnityTest]
        public IEnumerator SpawnsPike()
        {
            var pike = ScriptableObject.CreateInstance<FishDefinition>();
            pike.address = "Fish/Pike";
            var task = FishSpawner.Instance.SpawnAsync(new FishInstance(pike), new Vector3(0f, -1f, 4f));
            yield return new WaitUntil(() => task.IsCompleted);

            spawned = task.Result;
            Assert.That(spawned, Is.Not.Null);
            Assert.That(spawned.transform.position, Is.EqualTo(new Vector3(0f, -1f, 4f)));
        }

        [TearDown]
        public void TearDown()
        {
            if (spawned != null) Addressables.ReleaseInstance(spawned);
            Object.Destroy(host);
        }
    }
}
""")
        c = ut("PlayMode", "TestResults/playmode.xml", filt="Driftwood.Tests.PlayMode.Fishing")
        mid = invalid_key("Fish/Pike", "UnityEngine.GameObject",
                          "Driftwood.Tests.PlayMode.Fishing.FishSpawnerTests.SpawnsPike ()",
                          "InstantiateAsync (object,UnityEngine.ResourceManagement.ResourceProviders.InstantiationParameters,bool)")
        t.fail(c, "Run the new fishing PlayMode test",
               unity_test(c, R, "PlayMode", "TestResults/playmode.xml", code=2, groups="Driftwood.Tests.PlayMode.Fishing",
                          secs="8.930", compiled=(("Driftwood.Tests.PlayMode", "0.97"),), middle=mid),
               code=2, timeout=600000)
        t.bash("grep -A3 '<failure>' TestResults/playmode.xml", "Show the failure from the results file",
               out="""            <failure>
              <message><![CDATA[Unhandled log message: '[Exception] InvalidKeyException: Exception of type 'UnityEngine.AddressableAssets.InvalidKeyException' was thrown. No Location found for Key=Fish/Pike'. Use UnityEngine.TestTools.LogAssert.Expect]]></message>
              <stack-trace><![CDATA[at Driftwood.Tests.PlayMode.Fishing.FishSpawnerTests+<SpawnsPike>d__3.MoveNext () [0x000b2] in /home/tomasz/dev/driftwood/Assets/Tests/PlayMode/Fishing/FishSpawnerTests.cs:28
]]></stack-trace>""")
        t.say("The address isn't in the catalog the play-mode run loads. Checking how play mode resolves Addressables here.")
        t.read(P("Assets/AddressableAssetsData/AddressableAssetSettings.asset"))
        t.bash("ls -la --time-style=long-iso Library/com.unity.addressables/aa/Linux/", "Check the built catalog's age",
               out="""total 1184
drwxr-xr-x 3 tomasz tomasz    4096 2026-10-02 17:48 .
drwxr-xr-x 3 tomasz tomasz    4096 2026-09-11 10:05 ..
-rw-r--r-- 1 tomasz tomasz 1169113 2026-10-02 17:48 catalog.bin
-rw-r--r-- 1 tomasz tomasz      33 2026-10-02 17:48 catalog.hash
drwxr-xr-x 2 tomasz tomasz    4096 2026-10-02 17:48 StandaloneLinux64
-rw-r--r-- 1 tomasz tomasz    2102 2026-10-02 17:48 settings.json""")
        t.say("The project's Play Mode Script is the packed one (\"Use Existing Build\", data builder index 2), so play "
              "mode and the PlayMode tests read `Library/com.unity.addressables/aa/Linux/catalog.bin` — built on "
              "Oct 2, before Fish/Pike existed. Rebuilding the content with the project's build entry point.")
        b = f"{UNITY} -batchmode -quit -projectPath . -executeMethod Driftwood.EditorTools.AddressablesBuild.BuildContent -logFile -"
        t.bash(b, "Rebuild Addressables content", out=addr_build_out(b, "StandaloneLinux64", "0:00:44.807",
                                                                      [("Fish", 14), ("Lures", 6), ("Boats", 4), ("Default Local Group", 3)]),
               timeout=600000)
        t.bash(c, "Re-run the fishing PlayMode tests",
               out=unity_test(c, R, "PlayMode", "TestResults/playmode.xml", groups="Driftwood.Tests.PlayMode.Fishing",
                              secs="2.214"), timeout=600000)
        t.bash(grep_result("TestResults/playmode.xml"), "Summarise the results", out=run_result(1, 1))
        t.done("""`FishSpawnerTests.SpawnsPike` passes now (`Assets/Tests/PlayMode/Fishing/FishSpawnerTests.cs`): it spawns `Fish/Pike` through `FishSpawner.SpawnAsync`, checks the instance exists at the requested position, and releases it in TearDown.

First run failed with `InvalidKeyException … No Location found for Key=Fish/Pike`. Nothing wrong with your setup — the project's Play Mode Script is "Use Existing Build", so play mode reads the built catalog in `Library/com.unity.addressables/aa/Linux/`, which was from Oct 2. I rebuilt the content with `-executeMethod Driftwood.EditorTools.AddressablesBuild.BuildContent` (45 s) and re-ran the same test command.""")

        t = d.task("nice. format check, run the editmode suite, then push and open an MR for feat/pike-catch",
                   tags=["workflow:W2"])
        t.bash("dotnet format Driftwood.sln --verify-no-changes", "Check formatting and analyzers", out="",
               timeout=300000)
        c = ut("EditMode", "TestResults/editmode.xml")
        t.bash(c, "Run all EditMode tests", out=unity_test(c, R, "EditMode", "TestResults/editmode.xml", secs="3.551"),
               timeout=600000)
        t.bash(grep_result("TestResults/editmode.xml"), "Summarise the results", out=run_result(152, 152))
        t.bash("git status --short", "See what's changed", out="""?? Assets/Scripts/Gameplay/Fishing/ReelTension.cs
?? Assets/Scripts/Gameplay/Fishing/ReelTension.cs.meta
?? Assets/Tests/EditMode/Fishing/ReelTensionTests.cs
?? Assets/Tests/EditMode/Fishing/ReelTensionTests.cs.meta
?? Assets/Tests/PlayMode/Fishing.meta
?? Assets/Tests/PlayMode/Fishing/""")
        c1 = "5d0e9b2"
        t.bash('git add Assets/Scripts/Gameplay/Fishing Assets/Tests && git commit -m "Pike: reel tension + spawn test"',
               "Commit", out=f"""[feat/pike-catch {c1}] Pike: reel tension + spawn test
 7 files changed, 196 insertions(+)
 create mode 100644 Assets/Scripts/Gameplay/Fishing/ReelTension.cs
 create mode 100644 Assets/Scripts/Gameplay/Fishing/ReelTension.cs.meta
 create mode 100644 Assets/Tests/EditMode/Fishing/ReelTensionTests.cs
 create mode 100644 Assets/Tests/EditMode/Fishing/ReelTensionTests.cs.meta
 create mode 100644 Assets/Tests/PlayMode/Fishing.meta
 create mode 100644 Assets/Tests/PlayMode/Fishing/FishSpawnerTests.cs
 create mode 100644 Assets/Tests/PlayMode/Fishing/FishSpawnerTests.cs.meta""")
        t.bash("git push -u origin feat/pike-catch", "Push the branch", err=git_push_new("feat/pike-catch"))
        t.bash('glab mr create --target-branch main --title "Pike catch: reel tension + spawn test" --description '
               '"ReelTension (snap after 0.4s over 1.0) with EditMode tests; PlayMode test that Fish/Pike spawns via '
               'Addressables. Not wired into FishingRod yet." --yes', "Open the merge request",
               out=mr_out("feat/pike-catch", 184, "Pike catch: reel tension + spawn test"))
        t.done("Format check clean, 152/152 EditMode tests pass. Pushed `feat/pike-catch` and opened "
               f"**!184** → {GL}/{PROJ}/-/merge_requests/184")

    # ============================================================ S3  Fri 10-09
    with d.session("2026-10-09T10:05:00", R, branch="main", version="2.1.81"):
        t = d.task("playtest build for today: build both players, upload to the playtest branch on steam and tag it. "
                   "!184 is merged", tags=["workflow:W1", "flaky:F1"])
        m1 = sha()
        t.bash("git pull --ff-only && git status --short && git log -1 --oneline", "Update main and check it's clean",
               out=f"""Updating 3e91c07..{m1}
Fast-forward
 Assets/Scripts/Gameplay/Fishing/ReelTension.cs          | 45 ++++++++++
 Assets/Scripts/Gameplay/Fishing/ReelTension.cs.meta     |  2 +
 Assets/Tests/EditMode/Fishing/ReelTensionTests.cs       | 77 +++++++++++++++++
 Assets/Tests/EditMode/Fishing/ReelTensionTests.cs.meta  |  2 +
 Assets/Tests/PlayMode/Fishing.meta                      |  8 ++
 Assets/Tests/PlayMode/Fishing/FishSpawnerTests.cs       | 47 +++++++++++
 Assets/Tests/PlayMode/Fishing/FishSpawnerTests.cs.meta  |  2 +
 Assets/Art/Fish/Pike/Pike.fbx                           |  3 +
 Assets/Art/Fish/Pike/Pike_Albedo.png                    |  3 +
 9 files changed, 235 insertions(+)
{m1} Merge branch 'feat/pike-catch' into 'main'""")
        lfs = "git lfs pull"
        t.fail(lfs, "Fetch LFS objects for the new art", f"""batch response: Post "{GL}/{PROJ}.git/info/lfs/objects/batch": net/http: TLS handshake timeout
error: failed to fetch some objects from '{GL}/{PROJ}.git/info/lfs'""", code=2)
        t.bash(lfs, "Fetch LFS objects for the new art", out="")
        t.bash(BUILD_CMD, "Build Windows and Linux players", out=ok_build(BUILD_CMD, "4.019"), timeout=600000)
        t.bash("du -sh Builds/windows Builds/linux && ls Builds/linux", "Check the build output", out="""1.9G	Builds/windows
1.8G	Builds/linux
Driftwood.x86_64
Driftwood_Data
GameAssembly.so
UnityPlayer.so
steam_appid.txt""")
        vdf = P(f"steam/scripts/app_build_{APP}.vdf")
        t.read(vdf)
        t.edit(vdf, '"Desc" "playtest 2026-09-25"', '"Desc" "playtest 2026-10-09"')
        t.bash(STEAM, "Upload the build to Steam (playtest branch)", out=steam_ok(vdf, 20531877), timeout=600000)
        t.bash('git commit -am "steam: playtest 2026-10-09" && git tag -a playtest-2026-10-09 -m "Playtest 2026-10-09 '
               '(BuildID 20531877)" && git push origin main playtest-2026-10-09', "Commit the vdf, tag and push",
               out=f"""[main a7c31e0] steam: playtest 2026-10-09
 1 file changed, 1 insertion(+), 1 deletion(-)""", err=f"""To git.lanternbay.games:{PROJ}.git
   {m1}..a7c31e0  main -> main
 * [new tag]         playtest-2026-10-09 -> playtest-2026-10-09""")
        t.done("""Playtest is up: **BuildID 20531877**, set live on the `playtest` branch (Windows depot 2873411, Linux depot 2873412).

- Built from main at `%s` (includes !184). `git lfs pull` timed out once on the TLS handshake; the retry fetched the pike art fine.
- `app_build_2873410.vdf` Desc → "playtest 2026-10-09", committed; tag `playtest-2026-10-09` pushed.""" % m1)

        t = d.task("write the patch notes for this playtest — everything since the last playtest tag",
                   tags=["noise", "long_output"])
        log = """a7c31e0 steam: playtest 2026-10-09
5d0e9b2 Pike: reel tension + spawn test
e18c4a7 Art: pike model + textures
9b2f6d1 Harbour: fix gull flock clipping through the lighthouse
4c7a0e3 UI: journal page shows catch time of day
f3e2b18 Netcode: resend lobby join on Steam timeout
0d91c5a Boat: reduce rudder authority below 1 m/s
77ab3f2 Audio: reel click pitch follows tension placeholder
c5e0a19 Tides: cache tide curve per day instead of per frame
2f8d6b4 Save: v3 -> v4 boat upgrade migration scaffolding
b61e4f7 Fishing: bite roll uses zone table instead of global table
8a03d2c Fishing: FishTable time windows wrap past midnight
1e7c9f5 UI: controller glyphs for Steam Deck
92d4a6e Input: rebindable reel button
6f0b8c1 CI: cache Library per branch on game-ci runners
d3a57e8 Refactor: move GameEvents to Driftwood.Core
40c9e2b Refactor: split Boat assembly out of Gameplay (reverted)
c8e15f3 Revert "Refactor: split Boat assembly out of Gameplay"
e5b2d70 Lighting: bake harbour probes at dusk
37f19a8 Fix: bobber sinks through shallow sand
aa4d0c6 Fix: fish journal duplicated entries after load
58c2e91 Localization: PL strings for the shop
0b9fe3d Build: strip debug symbols from Linux player
c2d7a14 Fix: co-op guest could reel host's fish
91e6b0f Perf: pool bobbers
7d30ac5 Netcode: host migration prototype behind flag
be58f12 Art: dock planks LOD1/LOD2
16ac9d3 Fix: crash when quitting during save
f9e04b7 Docs: ADR-007 addressables groups"""
        t.bash("git log --oneline --no-merges playtest-2026-09-25..playtest-2026-10-09", "List commits since the last playtest",
               out=log)
        t.done("""# Driftwood playtest — October 9

## New
- **Pike** — a new catch in the harbour. Big, strong, and it fights back.
- **Line tension** (behind the scenes for now) — groundwork for snapping lines on big fish.
- **Fish journal** now shows the time of day you caught each fish.
- **Steam Deck**: controller glyphs for Deck buttons.
- **Rebindable reel button** in Input settings.

## Changes
- Bite rolls now use each fishing zone's own fish table, so different spots have different fish.
- Fish that are active at night now correctly show up after midnight.
- The boat's rudder is less twitchy at very low speeds.
- Reel click sound now changes pitch (placeholder until tension is wired up).
- Harbour lighting re-baked at dusk.
- Dock planks have proper LODs — fewer pop-ins when sailing in.
- Polish translation for the shop.

## Fixes
- Gulls no longer fly through the lighthouse.
- The bobber no longer sinks through shallow sand.
- Fish journal no longer duplicates entries after loading a save.
- In co-op, a guest can no longer reel in the host's fish.
- Fixed a crash when quitting while the game was saving.
- Lobby joins retry when Steam times out.

## Under the hood
- Bobbers are pooled (fewer hitches when casting a lot).
- Tide curve is cached per day instead of recomputed every frame.
- Linux build is smaller (debug symbols stripped).
- Save migration groundwork for the upcoming boat upgrades (v4 saves).
- Host migration prototype (disabled in this build).
- CI caching and internal refactors (GameEvents moved to Core; a Boat assembly split was tried and reverted).
- ADR-007 on Addressables groups.""")

        t = d.task("those notes were way too long, I had to cut half of it before posting the Steam event. players "
                   "don't care about refactors or CI. next time: max 6 bullets, player-facing stuff only",
                   tags=["feedback", "no_tools"],
                   feedback="those notes were way too long, I had to cut half of it before posting the Steam event. "
                            "players don't care about refactors or CI. next time: max 6 bullets, player-facing stuff only")
        t.done("""Got it — max 6 bullets, only what a player notices. This one would have been:

- **New fish: the Pike** — big, strong, found in the harbour.
- Different fishing spots now have their own fish, and night fish show up after midnight.
- Fish journal shows when you caught each fish.
- Steam Deck button glyphs + a rebindable reel button.
- Smoother boat handling at low speed.
- Fixes: bobber sinking through sand, duplicated journal entries, a crash when quitting during a save, and co-op guests reeling the host's fish.""")

    # ============================================================ S4  Tue 10-13
    with d.session("2026-10-13T09:00:00", R, branch="feat/bait-shop", version="2.1.83", end_reason="other"):
        t = d.task("bait shop UI: a BaitShopView in Driftwood.UI that loads all bait icons by the 'bait' label from "
                   "Addressables and fills the grid, plus a small BaitPrice formatter (coins, 'x3' bundles). editmode "
                   "tests for the formatter, then run the UI tests", tags=["mistake:M3"])
        t.glob("Assets/Scripts/UI/**/*.cs", [P(f"Assets/Scripts/UI/{x}.cs") for x in [
            "Inventory/TackleBoxView", "Inventory/TackleSlotView", "Journal/JournalPage", "Journal/JournalView",
            "Hud/TensionMeter", "Shop/ShopItemView", "Common/UiPool"]])
        t.write(P("Assets/Scripts/UI/Shop/BaitPrice.cs"), """namespace Driftwood.UI.Shop
{
    public static class BaitPrice
    {
        /// <summary>"12c" for single bait, "30c ×3" for bundles.</summary>
        public static string Format(int coins, int bundle = 1)
        {
            if (coins < 0) coins = 0;
            return bundle > 1 ? $"{coins}c \\u00d7{bundle}" : $"{coins}c";
        }
    }
}
""")
        t.write(P("Assets/Scripts/UI/Shop/BaitShopView.cs"), """using System.Collections.Generic;
using UnityEngine;
using UnityEngine.AddressableAssets;
using UnityEngine.ResourceManagement.AsyncOperations;

namespace Driftwood.UI.Shop
{
    public sealed class BaitShopView : MonoBehaviour
    {
        public ShopItemView itemPrefab;
        public Transform grid;
        public string iconLabel = "bait";

        private AsyncOperationHandle<IList<Sprite>> icons;

        private async void OnEnable()
        {
            icons = Addressables.LoadAssetsAsync<Sprite>(iconLabel, null);
            var sprites = await icons.Task;
            if (!isActiveAndEnabled) return;
            for (int i = 0; i < sprites.Count; i++)
            {
                var item = Instantiate(itemPrefab, grid);
                item.SetIcon(sprites[i]);
            }
        }

        private void OnDisable()
        {
            for (int i = grid.childCount - 1; i >= 0; i--) Destroy(grid.GetChild(i).gameObject);
            if (icons.IsValid()) Addressables.Release(icons);
        }
    }
}
""")
        t.write(P("Assets/Tests/EditMode/UI/BaitPriceTests.cs"), """using Driftwood.UI.Shop;
using NUnit.Framework;

namespace Driftwood.Tests.EditMode.UI
{
    public class BaitPriceTests
    {
        [Test] public void Single() => Assert.That(BaitPrice.Format(12), Is.EqualTo("12c"));
        [Test] public void Bundle() => Assert.That(BaitPrice.Format(30, 3), Is.EqualTo("30c \\u00d73"));
        [Test] public void NegativeIsZero() => Assert.That(BaitPrice.Format(-5), Is.EqualTo("0c"));
    }
}
""")
        c = ut("EditMode", "TestResults/editmode-ui.xml", filt="Driftwood.Tests.EditMode.UI")
        errs = [
            "Assets/Scripts/UI/Shop/BaitShopView.cs(3,19): error CS0234: The type or namespace name 'AddressableAssets' does not exist in the namespace 'UnityEngine' (are you missing an assembly reference?)",
            "Assets/Scripts/UI/Shop/BaitShopView.cs(4,19): error CS0234: The type or namespace name 'ResourceManagement' does not exist in the namespace 'UnityEngine' (are you missing an assembly reference?)",
            "Assets/Scripts/UI/Shop/BaitShopView.cs(14,17): error CS0246: The type or namespace name 'AsyncOperationHandle<>' could not be found (are you missing a using directive or an assembly reference?)",
        ]
        t.fail(c, "Run the UI EditMode tests", compile_errors(c, errs), code=1, timeout=600000)
        t.say("Driftwood.UI doesn't reference the Addressables assemblies — Gameplay does, UI never needed them until now.")
        t.read(P(UI_ASMDEF))
        t.bash("grep -H '^guid' " + ADDR_PKG + "/Runtime/Unity.Addressables.asmdef.meta " + ADDR_PKG +
               "/Runtime/ResourceManager/Unity.ResourceManager.asmdef.meta", "Look up the Addressables assembly GUIDs",
               out=f"""{ADDR_PKG}/Runtime/Unity.Addressables.asmdef.meta:guid: {GUID_ADDR}
{ADDR_PKG}/Runtime/ResourceManager/Unity.ResourceManager.asmdef.meta:guid: {GUID_RM}""")
        t.edit(P(UI_ASMDEF), f'        "GUID:{GUID_TMP}"\n    ],',
               f'        "GUID:{GUID_TMP}",\n        "GUID:{GUID_ADDR}",\n        "GUID:{GUID_RM}"\n    ],')
        t.bash(c, "Re-run the UI EditMode tests",
               out=unity_test(c, R, "EditMode", "TestResults/editmode-ui.xml", groups="Driftwood.Tests.EditMode.UI",
                              secs="11.377", compiled=(("Driftwood.UI", "2.31"), ("Driftwood.Tests.EditMode", "1.26"))),
               timeout=600000)
        t.bash(grep_result("TestResults/editmode-ui.xml"), "Summarise the results", out=run_result(14, 14))
        t.done("""Done, UI EditMode tests 14/14 (3 new `BaitPriceTests`).

- `Assets/Scripts/UI/Shop/BaitShopView.cs` — on enable loads every sprite with the `bait` label (`Addressables.LoadAssetsAsync<Sprite>`), instantiates one `ShopItemView` per icon; on disable clears the grid and releases the handle.
- `Assets/Scripts/UI/Shop/BaitPrice.cs` — `Format(coins, bundle)` → `12c` / `30c ×3`, negatives clamp to 0.

The first run didn't compile: `Driftwood.UI.asmdef` had no reference to `Unity.Addressables` / `Unity.ResourceManager` (CS0234/CS0246). I added both GUID references to `Assets/Scripts/UI/Driftwood.UI.asmdef` (same style as the other entries) and re-ran.""")

        t = d.task("in BaitShopView make those inspector fields [SerializeField] private — we never expose public "
                   "fields just so the inspector can see them", tags=["pref:P2"])
        bs = P("Assets/Scripts/UI/Shop/BaitShopView.cs")
        t.read(bs)
        t.edit(bs, """        public ShopItemView itemPrefab;
        public Transform grid;
        public string iconLabel = "bait";""", """        [SerializeField] private ShopItemView itemPrefab;
        [SerializeField] private Transform grid;
        [SerializeField] private string iconLabel = "bait";""")
        t.done("Done — `itemPrefab`, `grid` and `iconLabel` are `[SerializeField] private` now. Field names are unchanged, "
               "so the serialized references on the prefab stay wired.")

        t = d.task("before I push: run the full editmode suite", tags=["unfixed:U1", "long_output"])
        c = ut("EditMode", "TestResults/editmode.xml")
        fail_out = unity_test(c, R, "EditMode", "TestResults/editmode.xml", code=2, secs="6.802",
                              compiled=(("Driftwood.Core", "1.91"),))
        t.fail(c, "Run all EditMode tests", fail_out, code=2, timeout=600000)
        t.bash("grep -B1 -A6 '<failure>' TestResults/editmode.xml", "Show the failing tests",
               out="""          <test-case id="1418" name="V3ToV4_KeepsBoatUpgrades" fullname="Driftwood.Tests.EditMode.Save.SaveMigrationTests.V3ToV4_KeepsBoatUpgrades" methodname="V3ToV4_KeepsBoatUpgrades" classname="Driftwood.Tests.EditMode.Save.SaveMigrationTests" runstate="Runnable" seed="1187040311" result="Failed" start-time="2026-10-13 07:41:52Z" end-time="2026-10-13 07:41:52Z" duration="0.004118" asserts="0">
            <failure>
              <message><![CDATA[  Expected: 3
  But was:  0
]]></message>
              <stack-trace><![CDATA[at Driftwood.Tests.EditMode.Save.SaveMigrationTests.V3ToV4_KeepsBoatUpgrades () [0x0003e] in /home/tomasz/dev/driftwood/Assets/Tests/EditMode/Save/SaveMigrationTests.cs:58
]]></stack-trace>
            </failure>
--
          <test-case id="1421" name="V3ToV4_UpgradesSurviveRoundTrip" fullname="Driftwood.Tests.EditMode.Save.SaveMigrationTests.V3ToV4_UpgradesSurviveRoundTrip" methodname="V3ToV4_UpgradesSurviveRoundTrip" classname="Driftwood.Tests.EditMode.Save.SaveMigrationTests" runstate="Runnable" seed="1187040311" result="Failed" start-time="2026-10-13 07:41:52Z" end-time="2026-10-13 07:41:52Z" duration="0.003551" asserts="0">
            <failure>
              <message><![CDATA[  Expected: 3
  But was:  0
]]></message>
              <stack-trace><![CDATA[at Driftwood.Tests.EditMode.Save.SaveMigrationTests.V3ToV4_UpgradesSurviveRoundTrip () [0x00051] in /home/tomasz/dev/driftwood/Assets/Tests/EditMode/Save/SaveMigrationTests.cs:74
]]></stack-trace>
            </failure>""")
        t.bash(grep_result("TestResults/editmode.xml"), "Summarise the results",
               out=run_result(169, 167, failed=2))
        t.bash("git log -3 --format='%h %an %ar %s' origin/main -- Assets/Scripts/Core/Save Assets/Tests/EditMode/Save",
               "Who touched the save code recently", out=f"""{hx(7)} Ola Wiśniewska 3 hours ago Save: v4 schema, boat upgrades as list
{hx(7)} Ola Wiśniewska 6 days ago Save: v3 -> v4 boat upgrade migration scaffolding
{hx(7)} Kuba Zieliński 5 weeks ago Save: compress slots with Brotli""")
        t.done("""167/169 pass. The two failures aren't from your branch:

- `SaveMigrationTests.V3ToV4_KeepsBoatUpgrades` and `V3ToV4_UpgradesSurviveRoundTrip` — both expect 3 upgrades after migrating a v3 save and get 0.
- Ola merged "Save: v4 schema, boat upgrades as list" to main 3 hours ago; the migration apparently doesn't map the old upgrade flags into the new list yet. Your branch only touches `Driftwood.UI` (bait shop) and its asmdef.

I haven't touched the save code — that's Ola's in-flight work. Worth pinging her; everything else in the suite (including all the bait shop / UI tests) is green, so pushing your branch is fine from a test point of view.""")

    # ============================================================ S5  Thu 10-15
    with d.session("2026-10-15T10:20:00", R, branch="feat/boat-wake", version="2.1.84"):
        t = d.task("boat wake: a BoatWake component that spawns foam decals from a pool behind the skiff while speed "
                   "> 2 m/s, each one fades out over 1.5s. Update has to stay allocation-free: no LINQ, no lambdas. "
                   "do the fade as a coroutine like the other timed effects in the codebase. run the format check after",
                   tags=["pref:P1", "pref:P3", "oneoff:O2"])
        t.read(P("Assets/Scripts/Gameplay/Boat/BoatController.cs"))
        wake = P("Assets/Scripts/Gameplay/Boat/BoatWake.cs")
        t.write(wake, """using System.Collections;
using UnityEngine;

namespace Driftwood.Gameplay.Boat
{
    /// <summary>Foam decals dropped behind the boat while it moves; pooled, each fades out on its own.</summary>
    [RequireComponent(typeof(BoatController))]
    public sealed class BoatWake : MonoBehaviour
    {
        [SerializeField] private SpriteRenderer foamPrefab;
        [SerializeField] private Transform stern;
        [SerializeField] private float minSpeed = 2f;
        [SerializeField] private float spacing = 0.8f;
        [SerializeField] private float fadeSeconds = 1.5f;

        private BoatController boat;
        private SpriteRenderer[] pool;
        private int next;
        private Vector3 lastDrop;

        private void Awake()
        {
            boat = GetComponent<BoatController>();
            pool = new SpriteRenderer[boat.WakePoolSize];
            for (int i = 0; i < pool.Length; i++)
            {
                pool[i] = Instantiate(foamPrefab);
                pool[i].gameObject.SetActive(false);
            }
            lastDrop = stern.position;
        }

        private void Update()
        {
            if (boat.Speed < minSpeed) return;
            if ((stern.position - lastDrop).sqrMagnitude < spacing * spacing) return;
            lastDrop = stern.position;

            var foam = pool[next];
            next = (next + 1) % pool.Length;
            foam.transform.position = stern.position;
            foam.transform.rotation = Quaternion.Euler(90f, stern.eulerAngles.y, 0f);
            foam.gameObject.SetActive(true);
            StartCoroutine(Fade(foam));
        }

        private IEnumerator Fade(SpriteRenderer foam)
        {
            var color = foam.color;
            for (float t = 0f; t < fadeSeconds; t += Time.deltaTime)
            {
                color.a = 1f - t / fadeSeconds;
                foam.color = color;
                yield return null;
            }
            foam.gameObject.SetActive(false);
        }
    }
}
""")
        fmt = "dotnet format Driftwood.sln --verify-no-changes"
        t.fail(fmt, "Check formatting and analyzers",
               f"{R}/Assets/Scripts/Gameplay/Boat/BoatWake.cs({line_of(d.files[wake], 'foam.transform.position')},13): warning UNT0022: Inefficient position/rotation assignment [{R}/Driftwood.Gameplay.csproj]",
               code=2, timeout=300000)
        t.edit(wake, """            foam.transform.position = stern.position;
            foam.transform.rotation = Quaternion.Euler(90f, stern.eulerAngles.y, 0f);""",
               """            foam.transform.SetPositionAndRotation(stern.position, Quaternion.Euler(90f, stern.eulerAngles.y, 0f));""")
        t.bash(fmt, "Re-run the format check", out="", timeout=300000)
        t.done("""`Assets/Scripts/Gameplay/Boat/BoatWake.cs`:

- Pool of `SpriteRenderer` foam decals (size = `BoatController.WakePoolSize`), created in `Awake`, reused round-robin.
- `Update`: nothing below `minSpeed` (2 m/s); drops a decal every `spacing` metres at the stern (squared-distance check), then starts `Fade`.
- `Fade` is a coroutine: alpha 1 → 0 over `fadeSeconds` (1.5 s), then deactivates the decal.
- No LINQ, no lambdas, no per-frame allocations in `Update` (the coroutine's enumerator is one small allocation per dropped decal, not per frame).

The format check flagged `UNT0022` (separate `position` + `rotation` writes); switched to `SetPositionAndRotation`, now clean.""")

        t = d.task("is Unity 6's Awaitable actually usable for stuff like that fade, or still half-baked? short answer",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.unity3d.com/6000.0/Documentation/Manual/async-await-support.html",
                   "What does Unity 6 Awaitable support, how does it pool, what are the caveats (awaiting twice, cancellation, threads)?",
                   """Unity 6 introduces the Awaitable class for async/await in Unity. Awaitable instances are pooled to limit allocations. Main members: Awaitable.NextFrameAsync, Awaitable.WaitForSecondsAsync, Awaitable.FixedUpdateAsync, Awaitable.EndOfFrameAsync, Awaitable.FromAsyncOperation, Awaitable.BackgroundThreadAsync and Awaitable.MainThreadAsync. Cancellation: all methods accept a CancellationToken; MonoBehaviour.destroyCancellationToken is cancelled when the object is destroyed. Because instances are pooled, an Awaitable must never be awaited more than once; awaiting the same instance twice results in undefined behaviour (exceptions or deadlocks). Unlike Task, continuations run on the main thread by default unless you switch with BackgroundThreadAsync. Compared to coroutines, Awaitable can return values and propagate exceptions, and works with try/catch/finally; coroutines remain supported. Awaitable does not replace all Task APIs (no WhenAll).""")
        t.done("""Usable — it's a solid replacement for that kind of fade, with three caveats:

- **Pooled, await once**: each `Awaitable` is recycled; awaiting the same instance twice is undefined. Don't store them.
- **Cancellation is on you**: pass `destroyCancellationToken` (or your own token) to `WaitForSecondsAsync`/`NextFrameAsync`, or the loop keeps running after the object is destroyed. Coroutines stop automatically with the GameObject; Awaitable doesn't.
- **No `WhenAll`/combinators** — fine for fire-and-forget effects, clunkier for orchestrating many.

Pluses over coroutines: return values, real exceptions/try-finally, and it stays on the main thread by default. For the wake fade the difference is small; I'd switch if you want one style across the codebase.""")

        t = d.task("run the boat playmode tests, I touched the buoyancy prefab", tags=["mistake:M2"])
        c = ut("PlayMode", "TestResults/playmode-boat.xml", filt="Driftwood.Tests.PlayMode.Boat")
        t.fail(c, "Run the boat PlayMode tests", locked(c), code=1, timeout=600000)
        t.bash("ls -d ../driftwood*/ && readlink ../driftwood_clone_0/Assets", "Check for a ParrelSync clone",
               out=f"""../driftwood/
../driftwood_clone_0/
{R}/Assets""")
        t.say("Your editor has the project open. The ParrelSync clone links to the same Assets, so I'll run the tests there.")
        c2 = ut("PlayMode", "TestResults/playmode-boat.xml", filt="Driftwood.Tests.PlayMode.Boat", proj="../driftwood_clone_0")
        t.bash(c2, "Run the boat PlayMode tests in the clone",
               out=unity_test(c2, CLONE, "PlayMode", "TestResults/playmode-boat.xml", groups="Driftwood.Tests.PlayMode.Boat",
                              secs="38.716", compiled=GAMEPLAY_DLLS[:3] + GAMEPLAY_DLLS[5:]), timeout=600000)
        t.bash(grep_result("../driftwood_clone_0/TestResults/playmode-boat.xml"), "Summarise the results",
               out=run_result(7, 7))
        t.done("Boat PlayMode tests: **7/7 pass** (buoyancy + controller), with your buoyancy prefab change.\n\n"
               "The editor has `driftwood` open, so Unity refused to start a second instance on it; I ran the same "
               "tests against `../driftwood_clone_0` (the ParrelSync clone — same Assets via symlink, separate Library).")

        d.precompact("""Analysis: Tomasz (gameplay programmer, Lantern Bay Games) works on Driftwood, a Unity 6000.0.58f2 co-op fishing game at /home/tomasz/dev/driftwood, branch feat/boat-wake.
Summary:
1. Added Assets/Scripts/Gameplay/Boat/BoatWake.cs: pooled foam decals behind the stern above 2 m/s, coroutine fade over 1.5 s; Update allocation-free (no LINQ, no lambdas) as Tomasz asked. dotnet format flagged UNT0022, fixed with SetPositionAndRotation; format check clean.
2. Answered whether Unity 6 Awaitable is usable (yes; pooled/await once, pass destroyCancellationToken, no WhenAll).
3. Ran boat PlayMode tests (Driftwood.Tests.PlayMode.Boat): editor had the project open, so ran them in ../driftwood_clone_0 (ParrelSync clone, symlinked Assets); 7/7 pass.
Pending: nothing open.""")

        t = d.task("where is the wake pool size configured again?", tags=["noise"])
        t.grep("wakePoolSize|WakePoolSize", path="Assets", output_mode="content", n=True,
               content=f"""{R}/Assets/Scripts/Gameplay/Boat/BoatController.cs:10:        [SerializeField] private float wakePoolSize = 24;
{R}/Assets/Scripts/Gameplay/Boat/BoatController.cs:17:        public int WakePoolSize => (int)wakePoolSize;
{R}/Assets/Scripts/Gameplay/Boat/BoatWake.cs:25:            pool = new SpriteRenderer[boat.WakePoolSize];""")
        t.grep("wakePoolSize", path="Assets/Prefabs", output_mode="content", n=True,
               content=f"""{R}/Assets/Prefabs/Boats/Skiff.prefab:412:  wakePoolSize: 32
{R}/Assets/Prefabs/Boats/Dinghy.prefab:388:  wakePoolSize: 16""")
        t.done("On `BoatController` (`Assets/Scripts/Gameplay/Boat/BoatController.cs:10`, `[SerializeField] float "
               "wakePoolSize = 24`), overridden per prefab: **Skiff 32**, **Dinghy 16**. `BoatWake` reads it once in "
               "`Awake` through `WakePoolSize`.\n\nSide note: it's a `float` cast to `int` — probably meant to be an `int`; "
               "changing the type keeps the serialized values.")

    # ============================================================ S6  Mon 10-19 (acceptEdits)
    with d.session("2026-10-19T09:15:00", R, branch="fix/cast-distance", version="2.1.85", permission_mode="acceptEdits"):
        t = d.task("nightly pipeline on main is red, what happened?", tags=["workflow:W3"])
        t.bash("glab ci list --branch main --per-page 5", "List recent main pipelines", out=f"""Showing 5 pipelines on {PROJ} (Page 1)

(failed) • #48213  (#1291)  main  (about 7 hours ago)
(success) • #48177  (#1290)  main  (about 1 day ago)
(success) • #48102  (#1289)  main  (about 2 days ago)
(success) • #48064  (#1288)  main  (about 3 days ago)
(success) • #48011  (#1287)  main  (about 4 days ago)
""")
        t.bash("glab api projects/lanternbay%2Fdriftwood/pipelines/48213/jobs | jq -r '.[] | \"\\(.id)\\t\\(.stage)\\t\\(.name)\\t\\(.status)\"'",
               "List the pipeline's jobs", out="""391822	checkout	lfs-fetch	failed
391823	test	test-editmode	skipped
391824	test	test-playmode	skipped
391825	build	build-linux	skipped
391826	build	build-windows	skipped""")
        t.bash("glab ci trace 391822 | tail -25", "Show the end of the failed job log", out=f"""Running with gitlab-runner 18.3.1 (c4e1b6d2)
  on lb-gameci-02 x3YkQ7bN, system ID: s_4f1a92c0e8d7
Preparing the "docker" executor
Using docker image sha256:1f0c… for unityci/editor:ubuntu-6000.0.58f2-linux-il2cpp-3.1.0 …
Fetching changes with git depth set to 20...
Reinitialized existing Git repository in /builds/{PROJ}/.git/
Checking out 9d4e2a71 as detached HEAD (ref is main)...
Skipping Git submodules setup
$ git lfs pull
Downloading Assets/Audio/Music/harbour_theme.ogg (14 MB)
Error downloading object: Assets/Audio/Music/harbour_theme.ogg (7c41e2a): Smudge error: Error downloading Assets/Audio/Music/harbour_theme.ogg (7c41e2a9b0f3d6e1c58a24f7b9d0e3c6a1f5b8d2e4c7a0f9b3d6e1c4a7f0b2d5): [7c41e2a9b0f3d6e1c58a24f7b9d0e3c6a1f5b8d2e4c7a0f9b3d6e1c4a7f0b2d5] Object does not exist on the server: [404] Object does not exist on the server

Errors logged to '/builds/{PROJ}/.git/lfs/logs/20261019T021144.208311913.log'.
Use `git lfs logs last` to view the log.
Cleaning up project directory and file based variables
ERROR: Job failed: exit code 2""")
        t.bash("git fetch -q && git log -1 --format='%h %an %ad %s' --date=iso origin/main -- Assets/Audio/Music/harbour_theme.ogg",
               "Find who committed the music file",
               out="9d4e2a7 Kuba Zieliński 2026-10-18 23:37:12 +0200 Audio: harbour theme v3 (mastered)")
        t.done("""The nightly died in its first job, before any Unity step: `lfs-fetch` (job 391822) → `git lfs pull` got a **404 for `Assets/Audio/Music/harbour_theme.ogg`** ("Object does not exist on the server"). Everything after it was skipped.

Cause: Kuba's commit `9d4e2a7` "Audio: harbour theme v3 (mastered)" (Sun 23:37) pushed the LFS *pointer* but the object itself never reached GitLab's LFS storage — typical when the push goes through a remote/tool without the LFS pre-push hook, or the LFS upload was interrupted.

Fix is on Kuba's side (he has the file): `git lfs push --all origin main` from his checkout, then re-run the pipeline. Nothing to change in the repo or CI.""")

        t = d.task("I changed CastMath.Distance to a smoothstep and added a test for 0.3 charge, it fails. if the "
                   "math is right fix the test", tags=["oneoff:O1"])
        cm = P("Assets/Scripts/Gameplay/Fishing/CastMath.cs")
        cmt = P("Assets/Tests/EditMode/Fishing/CastMathTests.cs")
        d.files[cm] = d.files[cm].replace("""        /// <summary>Cast distance in metres for a charge in [0, 1]; ease-out so small taps still reach.</summary>
        public static float Distance(RodDefinition rod, float charge01)
        {
            charge01 = Mathf.Clamp01(charge01);
            float eased = 1f - (1f - charge01) * (1f - charge01);
            return Mathf.Lerp(rod.minCast, rod.maxCast, eased);""", """        /// <summary>Cast distance in metres for a charge in [0, 1]; smoothstep so the middle of the bar matters most.</summary>
        public static float Distance(RodDefinition rod, float charge01)
        {
            charge01 = Mathf.Clamp01(charge01);
            float eased = charge01 * charge01 * (3f - 2f * charge01);
            return Mathf.Lerp(rod.minCast, rod.maxCast, eased);""")
        d.files[cmt] = d.files[cmt].replace("""        [Test]
        public void ChargeIsClamped()""", """        [Test]
        public void LowCharge_FollowsSmoothstep() => Assert.That(CastMath.Distance(Rod(2f, 18f), 0.3f), Is.EqualTo(5.456f));

        [Test]
        public void ChargeIsClamped()""")
        t.read(cm)
        t.read(cmt)
        c = ut("EditMode", "TestResults/editmode-cast.xml", filt="Driftwood.Tests.EditMode.Fishing.CastMathTests")
        t.fail(c, "Run the CastMath tests", unity_test(c, R, "EditMode", "TestResults/editmode-cast.xml", code=2,
                                                         groups="Driftwood.Tests.EditMode.Fishing.CastMathTests", secs="7.630",
                                                         compiled=(("Driftwood.Gameplay", "2.97"), ("Driftwood.Tests.EditMode", "1.18"))),
               code=2, timeout=600000)
        t.bash("grep -A3 '<failure>' TestResults/editmode-cast.xml", "Show the failure", out="""            <failure>
              <message><![CDATA[  Expected: 5.45599985f
  But was:  5.45599937f
]]></message>""")
        t.say("The math is right: smoothstep(0.3) = 0.09 × 2.4 = 0.216, and 2 + 16 × 0.216 = 5.456. The two floats differ "
              "in the last bit (5.45599985 vs 5.45599937) because `Mathf.Lerp` computes it in a different order — the "
              "test needs a tolerance.")
        t.edit(cmt, "Is.EqualTo(5.456f));", "Is.EqualTo(5.456f).Within(1e-4f));")
        t.bash(c, "Re-run the CastMath tests", out=unity_test(c, R, "EditMode", "TestResults/editmode-cast.xml",
                                                             groups="Driftwood.Tests.EditMode.Fishing.CastMathTests", secs="5.114",
                                                             compiled=(("Driftwood.Tests.EditMode", "1.15"),)),
               timeout=600000)
        t.bash(grep_result("TestResults/editmode-cast.xml"), "Summarise the results", out=run_result(4, 4))
        t.done("Your smoothstep is correct (0.3 → 0.216 → 5.456 m). The test compared floats exactly and the result is one "
               "ulp off (`5.45599937f` vs `5.45599985f`), so I changed it to `Is.EqualTo(5.456f).Within(1e-4f)`. "
               "CastMathTests: 4/4.")

        t = d.task("ok push it and open the MR", tags=["workflow:W2"])
        t.bash("dotnet format Driftwood.sln --verify-no-changes", "Check formatting and analyzers", out="", timeout=300000)
        c = ut("EditMode", "TestResults/editmode.xml")
        t.bash(c, "Run all EditMode tests", out=unity_test(c, R, "EditMode", "TestResults/editmode.xml", secs="3.904"),
               timeout=600000)
        t.bash(grep_result("TestResults/editmode.xml"), "Summarise the results", out=run_result(171, 171))
        t.bash('git add Assets/Scripts/Gameplay/Fishing/CastMath.cs Assets/Tests/EditMode/Fishing/CastMathTests.cs && '
               'git commit -m "Cast: smoothstep charge curve"', "Commit", out=f"""[fix/cast-distance {sha()}] Cast: smoothstep charge curve
 2 files changed, 5 insertions(+), 2 deletions(-)""")
        t.bash("git push -u origin fix/cast-distance", "Push the branch", err=git_push_new("fix/cast-distance"))
        t.bash('glab mr create --target-branch main --title "Cast: smoothstep charge curve" --description "Cast '
               'distance uses smoothstep instead of ease-out; test for 0.3 charge with float tolerance." --yes',
               "Open the merge request", out=mr_out("fix/cast-distance", 191, "Cast: smoothstep charge curve"))
        t.done(f"Format clean, full EditMode suite 171/171 (the two SaveMigrationTests from last week pass again). MR **!191**: {GL}/{PROJ}/-/merge_requests/191")

    # ============================================================ S7  Thu 10-22
    with d.session("2026-10-22T09:40:00", R, branch="feat/tackle-box", version="2.1.86"):
        t = d.task("write editmode tests for LobbyCodeFormatter — round trip, the O/I/L normalisation, dashes and "
                   "spaces, wrong length — and run them", tags=["mistake:M3"])
        lc = P("Assets/Scripts/Online/Lobby/LobbyCodeFormatter.cs")
        t.read(lc)
        t.write(P("Assets/Tests/EditMode/Online/LobbyCodeFormatterTests.cs"), """using Driftwood.Online.Lobby;
using NUnit.Framework;

namespace Driftwood.Tests.EditMode.Online
{
    public class LobbyCodeFormatterTests
    {
        [TestCase(109775240917155840UL)]
        [TestCase(109775241021402112UL)]
        [TestCase(1UL)]
        public void Code_IsSixChars_AndNormalizesToItself(ulong lobbyId)
        {
            var code = LobbyCodeFormatter.ToCode(lobbyId);
            Assert.That(code, Has.Length.EqualTo(6));
            Assert.That(LobbyCodeFormatter.TryNormalize(code, out var normalized), Is.True);
            Assert.That(normalized, Is.EqualTo(code));
        }

        [TestCase("k7q-2ox", "K7Q201")]
        [TestCase("K7Q 2IL", "K7Q211")]
        [TestCase(" k7q2o1 ", "K7Q201")]
        public void Normalize_HandlesLookalikesDashesAndSpaces(string input, string expected)
        {
            Assert.That(LobbyCodeFormatter.TryNormalize(input, out var code), Is.True);
            Assert.That(code, Is.EqualTo(expected));
        }

        [TestCase("K7Q20")]
        [TestCase("K7Q2011")]
        [TestCase("")]
        [TestCase(null)]
        [TestCase("K7Q2U1")]
        public void Normalize_RejectsBadInput(string input)
        {
            Assert.That(LobbyCodeFormatter.TryNormalize(input, out _), Is.False);
        }
    }
}
""")
        c = ut("EditMode", "TestResults/editmode-online.xml", filt="Driftwood.Tests.EditMode.Online")
        errs = [
            "Assets/Tests/EditMode/Online/LobbyCodeFormatterTests.cs(1,17): error CS0234: The type or namespace name 'Online' does not exist in the namespace 'Driftwood' (are you missing an assembly reference?)",
            "Assets/Tests/EditMode/Online/LobbyCodeFormatterTests.cs(13,24): error CS0103: The name 'LobbyCodeFormatter' does not exist in the current context",
            "Assets/Tests/EditMode/Online/LobbyCodeFormatterTests.cs(15,25): error CS0103: The name 'LobbyCodeFormatter' does not exist in the current context",
            "Assets/Tests/EditMode/Online/LobbyCodeFormatterTests.cs(24,25): error CS0103: The name 'LobbyCodeFormatter' does not exist in the current context",
            "Assets/Tests/EditMode/Online/LobbyCodeFormatterTests.cs(35,25): error CS0103: The name 'LobbyCodeFormatter' does not exist in the current context",
        ]
        t.fail(c, "Run the Online EditMode tests", compile_errors(c, errs), code=1, timeout=600000)
        t.read(P(EDIT_ASMDEF))
        t.bash("grep '^guid' Assets/Scripts/Online/Driftwood.Online.asmdef.meta", "Get the Driftwood.Online GUID",
               out=f"guid: {GUID_ONLINE}")
        t.say("The EditMode test assembly references Core, Gameplay and UI but not Driftwood.Online — adding it.")
        t.edit(P(EDIT_ASMDEF), f'        "GUID:{GUID_UI}"\n    ],',
               f'        "GUID:{GUID_UI}",\n        "GUID:{GUID_ONLINE}"\n    ],')
        t.bash(c, "Re-run the Online EditMode tests",
               out=unity_test(c, R, "EditMode", "TestResults/editmode-online.xml", groups="Driftwood.Tests.EditMode.Online",
                              secs="10.215", compiled=(("Driftwood.Tests.EditMode", "1.31"),)), timeout=600000)
        t.bash(grep_result("TestResults/editmode-online.xml"), "Summarise the results", out=run_result(11, 11))
        t.done("""`Assets/Tests/EditMode/Online/LobbyCodeFormatterTests.cs` — 11 cases, all pass:

- round trip: `ToCode` gives 6 chars that `TryNormalize` accepts unchanged (3 lobby ids);
- normalisation: lower case, `O`→`0`, `I`/`L`→`1`, dashes and spaces ignored;
- rejects 5 and 7 chars, empty, null and `U` (not in the Crockford alphabet).

The first run didn't compile (CS0234 `Driftwood.Online` not found): `Driftwood.Tests.EditMode.asmdef` had no reference to `Driftwood.Online`. I added its GUID to the test assembly's references and re-ran the same command.""")

        t = d.task("TackleBoxView.Refresh runs on every inventory change and the profiler shows GC spikes from it. "
                   "rewrite the sort without System.Linq — that's the rule for anything per-frame or per-event — and "
                   "reuse one list", tags=["pref:P1"])
        tb = P("Assets/Scripts/UI/Inventory/TackleBoxView.cs")
        t.read(tb)
        t.edit(tb, "using System.Collections.Generic;\nusing System.Linq;\n", "using System.Collections.Generic;\n")
        t.edit(tb, """        private readonly List<TackleSlotView> slots = new();
        private TackleBox box;""", """        private static readonly Comparison<TackleItem> ByCategoryTierName = Compare;

        private readonly List<TackleSlotView> slots = new();
        private readonly List<TackleItem> sorted = new();
        private TackleBox box;""")
        t.edit(tb, """            var sorted = box.Items
                .OrderBy(i => i.Definition.category)
                .ThenByDescending(i => i.Definition.tier)
                .ThenBy(i => i.Definition.displayName)
                .ToList();

            EnsureSlots""", """            sorted.Clear();
            var items = box.Items;
            for (int i = 0; i < items.Count; i++) sorted.Add(items[i]);
            sorted.Sort(ByCategoryTierName);

            EnsureSlots""")
        t.edit(tb, """        private void EnsureSlots(int count)""", """        private static int Compare(TackleItem a, TackleItem b)
        {
            int c = a.Definition.category.CompareTo(b.Definition.category);
            if (c != 0) return c;
            c = b.Definition.tier.CompareTo(a.Definition.tier);
            if (c != 0) return c;
            return string.CompareOrdinal(a.Definition.displayName, b.Definition.displayName);
        }

        private void EnsureSlots(int count)""")
        t.edit(tb, "using System.Collections.Generic;\n", "using System;\nusing System.Collections.Generic;\n")
        c = ut("EditMode", "TestResults/editmode-ui.xml", filt="Driftwood.Tests.EditMode.UI")
        t.bash(c, "Run the UI EditMode tests", out=unity_test(c, R, "EditMode", "TestResults/editmode-ui.xml",
                                                              groups="Driftwood.Tests.EditMode.UI", secs="9.006",
                                                              compiled=(("Driftwood.UI", "2.18"),)), timeout=600000)
        t.bash(grep_result("TestResults/editmode-ui.xml"), "Summarise the results", out=run_result(17, 17))
        t.done("""`TackleBoxView.Refresh` no longer allocates per call:

- `System.Linq` is gone; the view keeps one `List<TackleItem> sorted` and refills it (`Clear` + `Add`), capacity is reused.
- `List.Sort` with a cached static `Comparison<TackleItem>` (category ↑, tier ↓, name ordinal ↑ — same order as before; ordinal instead of culture compare, which is also cheaper).
- Caveat: `List.Sort` isn't stable, LINQ's `OrderBy` was. Items with identical category/tier/name could swap places between refreshes; if that matters visually I'll add the item id as a final tiebreaker.

UI EditMode tests 17/17.""")

        t = d.task("what's a sane LFS lock setup for scenes and prefabs with 4 people? we keep stepping on each other "
                   "in Harbour.unity", tags=["noise", "no_tools"])
        t.done("""For 4 people, lock the files that can't be merged and keep everything else mergeable:

1. **`.gitattributes`**: mark `*.unity` and `*.prefab` as `lockable` (they can stay text/YAML, not LFS — `lockable` works without LFS storage). Binary art (`*.fbx`, `*.png`, `*.psd`, `*.wav`) stays `filter=lfs … lockable` too.
2. **Editor side**: lockable files are read-only until locked, so people notice. Lock before opening the scene: `git lfs lock Assets/Scenes/Harbour.unity`, unlock after the push (`git lfs unlock …`). `git lfs locks` shows who holds what.
3. **Server side**: enable lock verification (`git config lfs.<url>.locksverify true`) so a push touching a file someone else locked is refused instead of silently conflicting.
4. **Split Harbour.unity**: the real fix for constant collisions — additive sub-scenes (Harbour_Terrain, Harbour_Props, Harbour_Gameplay, Harbour_Lighting) or prefab-ify the big chunks. Then a lock covers one area, not the whole harbour.
5. Configure **UnityYAMLMerge** as the merge tool for the rare case someone does need to merge a scene.

Start with 1+2+3 this week; 4 pays off the most if the harbour keeps growing.""")

        t = d.task("pipeline on my tackle-box MR failed, can you look", tags=["workflow:W3"])
        t.bash("glab ci list --branch feat/tackle-box --per-page 3", "List the branch pipelines",
               out=f"""Showing 2 pipelines on {PROJ} (Page 1)

(failed) • #48561  (#1322)  feat/tackle-box  (about 25 minutes ago)
(success) • #48490  (#1318)  feat/tackle-box  (about 1 day ago)
""")
        t.bash("glab api projects/lanternbay%2Fdriftwood/pipelines/48561/jobs | jq -r '.[] | \"\\(.id)\\t\\(.stage)\\t\\(.name)\\t\\(.status)\"'",
               "List the pipeline's jobs", out="""392407	test	test-playmode	failed
392406	test	test-editmode	success
392405	lint	dotnet-format	success
392404	checkout	lfs-fetch	success""")
        t.bash("glab ci trace 392407 | tail -20", "Show the end of the failed job log", out=f"""Using docker image sha256:1f0c… for unityci/editor:ubuntu-6000.0.58f2-linux-il2cpp-3.1.0 …
Restoring cache
Checking cache for library-feat-tackle-box-4...
Downloading cache from https://storage.lanternbay.games/gitlab-cache/project/41/library-feat-tackle-box-4 ETag="9f1c0e…"
WARNING: {PROJ}/Library/Bee/artifacts/1900b0aE.dag/Driftwood.Gameplay.dll: write /builds/{PROJ}/Library/Bee/artifacts/1900b0aE.dag/Driftwood.Gameplay.dll: no space left on device (suppressing repeats)
Failed to extract cache
Executing "step_script" stage of the job script
$ /entrypoint.sh
Changing to project directory "/builds/{PROJ}"
[Licensing::Client] Error: Code 28 while writing /root/.cache/unity3d/Licensing/… : No space left on device
ERROR: Job failed: exit code 1""")
        t.bash("glab ci retry 392407", "Retry the job", out=f"""Retried job (id: 392433 ), status: pending , ref: feat/tackle-box , weburl: {GL}/{PROJ}/-/jobs/392433""")
        t.done("""Not your code: **test-playmode (392407) ran out of disk on the runner** — the Library cache extraction hit `no space left on device`, then Unity licensing couldn't even write its cache. EditMode tests and dotnet-format passed in the same pipeline.

I retried the job (new job 392433). If it fails the same way, the runner `lb-gameci-*` needs its docker volumes pruned — that's for whoever owns the runners, not something to change in the repo.""")

    # ============================================================ S8  Tue 10-27
    with d.session("2026-10-27T10:00:00", R, branch="main", version="2.1.88"):
        t = d.task("playtest #3 today. build both players, upload to the playtest branch, tag it — same as last time",
                   tags=["workflow:W1"])
        m3 = sha()
        t.bash("git pull --ff-only && git status --short && git log -1 --oneline", "Update main and check it's clean",
               out=f"""Updating a7c31e0..{m3}
Fast-forward
 (43 files changed, 1984 insertions(+), 402 deletions(-))
{m3} Merge branch 'feat/tackle-box' into 'main'""")
        t.bash("git lfs pull", "Fetch LFS objects", out="")
        t.bash(BUILD_CMD, "Build Windows and Linux players", out=ok_build(BUILD_CMD, "5.881"), timeout=600000)
        vdf = P(f"steam/scripts/app_build_{APP}.vdf")
        t.read(vdf)
        t.edit(vdf, '"Desc" "playtest 2026-10-09"', '"Desc" "playtest 2026-10-27"')
        t.bash(STEAM, "Upload the build to Steam (playtest branch)",
               out=steam_ok(vdf, 20766104, depots=(("2873411", "1911"), ("2873412", "1846"))), timeout=600000)
        t.bash('git commit -am "steam: playtest 2026-10-27" && git tag -a playtest-2026-10-27 -m "Playtest 2026-10-27 '
               '(BuildID 20766104)" && git push origin main playtest-2026-10-27', "Commit the vdf, tag and push",
               out=f"""[main {sha()}] steam: playtest 2026-10-27
 1 file changed, 1 insertion(+), 1 deletion(-)""", err=f"""To git.lanternbay.games:{PROJ}.git
   {m3}..{hx(7)}  main -> main
 * [new tag]         playtest-2026-10-27 -> playtest-2026-10-27""")
        t.done(f"Playtest #3 is live on `playtest`: **BuildID 20766104** (Windows 1.9 GB, Linux 1.8 GB), built from `{m3}` "
               "(tackle box merged). vdf Desc updated and committed, tag `playtest-2026-10-27` pushed.")

        t = d.task("also push the same build to the demo app (2873420) on its beta branch", tags=["unfixed:U2"])
        t.read(P(f"steam/scripts/app_build_{DEMO}.vdf"))
        dc = f'steamcmd +login lanternbay_build +run_app_build "$PWD/steam/scripts/app_build_{DEMO}.vdf" +quit'
        t.fail(dc, "Upload the build to the demo app", """Redirecting stderr to '/home/tomasz/.local/share/Steam/logs/stderr.txt'
Logging directory: '/home/tomasz/.local/share/Steam/logs'
[  0%] Checking for available updates...
[----] Verifying installation...
UpdateUI: skip show logo
Steam Console Client (c) Valve Corporation - version 1759801243
-- type 'quit' to exit --
Loading Steam API...OK

Logging in using cached credentials.
Logging in user 'lanternbay_build' [U:1:1709423811] to Steam Public...OK
Waiting for client config...OK
Waiting for user info...OK
Building depot 2873421...

ERROR! Failed to start depot build for depot 2873421 : Access Denied
ERROR! Failed to commit build for AppID 2873420 : Failure
Unloading Steam API...OK""", code=5, timeout=600000)
        t.done("""The demo upload was refused: **`Access Denied` for depot 2873421 (AppID 2873420)**. Same account (`lanternbay_build`) that just uploaded the main app fine, so it's a permissions thing: in Steamworks that user has "Edit App Metadata / Publish" on 2873410 but evidently not on the demo app.

Someone with admin on the Steamworks partner account (Users & Permissions → lanternbay_build → app permissions) needs to grant it for 2873420. Once that's done the same command will work — the vdf and the build in `Builds/` are ready. I didn't try other accounts or change the vdf.""")

        t = d.task("Lures/Spinner is addressable now (Lures group). write a playmode test that equipping the spinner "
                   "on a LureSlot spawns its model under the attach point, and run it", tags=["mistake:M1"])
        ls = P("Assets/Scripts/Gameplay/Lures/LureSlot.cs")
        t.read(ls)
        t.write(P("Assets/Tests/PlayMode/Lures/LureSlotTests.cs"), """using System.Collections;
using System.Reflection;
using Driftwood.Gameplay.Lures;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.TestTools;

namespace Driftwood.Tests.PlayMode.Lures
{
    public class LureSlotTests
    {
        private GameObject rod;

        [UnityTest]
        public IEnumerator EquipSpinner_SpawnsModelUnderAttachPoint()
        {
            rod = new GameObject("Rod");
            var attach = new GameObject("Attach").transform;
            attach.SetParent(rod.transform);
            var slot = rod.AddComponent<LureSlot>();
            typeof(LureSlot).GetField("attachPoint", BindingFlags.NonPublic | BindingFlags.Instance).SetValue(slot, attach);

            var spinner = ScriptableObject.CreateInstance<LureDefinition>();
            spinner.address = "Lures/Spinner";
            var task = slot.Equip(spinner);
            yield return new WaitUntil(() => task.IsCompleted);

            Assert.That(slot.Model, Is.Not.Null);
            Assert.That(slot.Model.transform.parent, Is.EqualTo(attach));
        }

        [TearDown]
        public void TearDown() => Object.Destroy(rod);
    }
}
""")
        c = ut("PlayMode", "TestResults/playmode-lures.xml", filt="Driftwood.Tests.PlayMode.Lures")
        mid = invalid_key("Lures/Spinner", "UnityEngine.GameObject",
                          "Driftwood.Tests.PlayMode.Lures.LureSlotTests.EquipSpinner_SpawnsModelUnderAttachPoint ()",
                          "InstantiateAsync (object,UnityEngine.Transform,bool,bool)")
        t.fail(c, "Run the lure PlayMode test",
               unity_test(c, R, "PlayMode", "TestResults/playmode-lures.xml", code=2, groups="Driftwood.Tests.PlayMode.Lures",
                          secs="7.455", compiled=(("Driftwood.Tests.PlayMode", "1.02"),), middle=mid),
               code=2, timeout=600000)
        t.bash("ls -la --time-style=long-iso Library/com.unity.addressables/aa/Linux/catalog.bin && git log -1 "
               "--format='%h %ad %s' --date=iso -- Assets/AddressableAssetsData/AssetGroups/Lures.asset",
               "Compare the catalog build time with the Lures group change",
               out="""-rw-r--r-- 1 tomasz tomasz 1204388 2026-10-27 10:41 Library/com.unity.addressables/aa/Linux/catalog.bin
e0b4c17 2026-10-27 13:12:40 +0100 Lures: spinner + spoon addressable""")
        t.say("The Linux catalog is from this morning's player build (10:41); the spinner entry was added at 13:12. "
              "Play mode here uses the existing build, so rebuilding the content first.")
        b = (f"{UNITY} -batchmode -quit -projectPath . -buildTarget StandaloneLinux64 -executeMethod "
             "Driftwood.EditorTools.AddressablesBuild.BuildContent -logFile -")
        t.bash(b, "Rebuild Addressables content for Linux", out=addr_build_out(b, "StandaloneLinux64", "0:00:39.118",
                                                                                [("Fish", 15), ("Lures", 8), ("Boats", 4), ("Default Local Group", 3)]),
               timeout=600000)
        t.bash(c, "Re-run the lure PlayMode test",
               out=unity_test(c, R, "PlayMode", "TestResults/playmode-lures.xml", groups="Driftwood.Tests.PlayMode.Lures",
                              secs="2.380"), timeout=600000)
        t.bash(grep_result("TestResults/playmode-lures.xml"), "Summarise the results", out=run_result(1, 1))
        t.done("""`LureSlotTests.EquipSpinner_SpawnsModelUnderAttachPoint` passes (`Assets/Tests/PlayMode/Lures/LureSlotTests.cs`): equips a `LureDefinition` with address `Lures/Spinner` and checks the model exists and is parented to the attach point.

The first run failed with `InvalidKeyException … Key=Lures/Spinner`: the built Linux catalog dated from this morning's Steam build, before the spinner was made addressable. After `AddressablesBuild.BuildContent` the same test command passes. (The test sets the private `attachPoint` via reflection; if you'd rather, I can add an `internal` setter + `InternalsVisibleTo` for the test assembly.)""")

    # ============================================================ S9  Mon 11-02
    with d.session("2026-11-02T09:20:00", R, branch="feat/awaitable-fade", version="2.1.90"):
        t = d.task("change of plan on coroutines: from now on no new coroutines, we use Unity 6 Awaitable with "
                   "async/await for timed stuff. convert the BoatWake fade to Awaitable (with destroyCancellationToken)",
                   tags=["reversal:P3"])
        wake = P("Assets/Scripts/Gameplay/Boat/BoatWake.cs")
        t.read(wake)
        t.edit(wake, "using System.Collections;\nusing UnityEngine;", "using System;\nusing UnityEngine;")
        t.edit(wake, "            StartCoroutine(Fade(foam));", "            _ = Fade(foam);")
        t.edit(wake, """        private IEnumerator Fade(SpriteRenderer foam)
        {
            var color = foam.color;
            for (float t = 0f; t < fadeSeconds; t += Time.deltaTime)
            {
                color.a = 1f - t / fadeSeconds;
                foam.color = color;
                yield return null;
            }
            foam.gameObject.SetActive(false);
        }""", """        private async Awaitable Fade(SpriteRenderer foam)
        {
            var color = foam.color;
            try
            {
                for (float t = 0f; t < fadeSeconds; t += Time.deltaTime)
                {
                    color.a = 1f - t / fadeSeconds;
                    foam.color = color;
                    await Awaitable.NextFrameAsync(destroyCancellationToken);
                }
                foam.gameObject.SetActive(false);
            }
            catch (OperationCanceledException)
            {
                // boat destroyed mid-fade; the pooled decals go with it
            }
        }""")
        c = ut("EditMode", "TestResults/editmode-boat.xml", filt="Driftwood.Tests.EditMode.Boat")
        t.bash(c, "Run the boat EditMode tests", out=unity_test(c, R, "EditMode", "TestResults/editmode-boat.xml",
                                                                groups="Driftwood.Tests.EditMode.Boat", secs="8.771",
                                                                compiled=(("Driftwood.Gameplay", "3.22"),)), timeout=600000)
        t.bash(grep_result("TestResults/editmode-boat.xml"), "Summarise the results", out=run_result(6, 6))
        t.bash("dotnet format Driftwood.sln --verify-no-changes", "Check formatting and analyzers", out="", timeout=300000)
        t.done("""`BoatWake.Fade` is an `async Awaitable` now:

- waits with `Awaitable.NextFrameAsync(destroyCancellationToken)` each frame, same alpha ramp over `fadeSeconds`;
- if the boat is destroyed mid-fade the token cancels and the `OperationCanceledException` is swallowed (the decals die with it);
- `Update` fires it with `_ = Fade(foam)` — no `StartCoroutine`, `System.Collections` import gone.

Boat EditMode tests 6/6, format check clean. Noted for the future: timed logic goes through Awaitable, no new coroutines.""")

        t = d.task("run editmode and playmode for the tide system before I merge Ola's tide branch into mine",
                   tags=["mistake:M2"])
        c = ut("EditMode", "TestResults/editmode-tides.xml", filt="Driftwood.Tests.EditMode.Tides")
        t.fail(c, "Run the tide EditMode tests", locked(c), code=1, timeout=600000)
        t.bash("pgrep -af 'Editor/Unity' | grep -v ShaderCompiler", "Check which project the running editor has open",
               out=f"51873 {UNITY_ABS} -projectpath {R} -useHub -hubIPC -cloudEnvironment production -licensingIpc LicenseClient-tomasz -hubSessionId 0b6e2f4a-8c1d-4e7b-9a3f-d25c6e1b0a87")
        t.say("Your editor has the project open, so I'll run both suites in the ParrelSync clone (`../driftwood_clone_0`).")
        c2 = ut("EditMode", "TestResults/editmode-tides.xml", filt="Driftwood.Tests.EditMode.Tides", proj="../driftwood_clone_0")
        t.bash(c2, "Run the tide EditMode tests in the clone",
               out=unity_test(c2, CLONE, "EditMode", "TestResults/editmode-tides.xml", groups="Driftwood.Tests.EditMode.Tides",
                              secs="52.960", compiled=GAMEPLAY_DLLS), timeout=600000)
        c3 = ut("PlayMode", "TestResults/playmode-tides.xml", filt="Driftwood.Tests.PlayMode.Tides", proj="../driftwood_clone_0")
        t.bash(c3, "Run the tide PlayMode tests in the clone",
               out=unity_test(c3, CLONE, "PlayMode", "TestResults/playmode-tides.xml", groups="Driftwood.Tests.PlayMode.Tides",
                              secs="3.308"), timeout=600000)
        t.bash("for f in editmode-tides playmode-tides; do echo -n \"$f: \"; " + grep_result("../driftwood_clone_0/TestResults/$f.xml") + "; done",
               "Summarise both result files", out="editmode-tides: " + run_result(12, 12) + "\nplaymode-tides: " + run_result(5, 5))
        t.done("Tides are green on your branch: **EditMode 12/12, PlayMode 5/5**.\n\nRan in `../driftwood_clone_0` "
               "(your editor has `driftwood` open and Unity won't start a second instance on it; the clone shares the "
               "Assets via symlink, so it's the same code). Results are in `../driftwood_clone_0/TestResults/`.")

        t = d.task("push and open the MR, title 'Awaitable wake fade'", tags=["workflow:W2", "flaky:F2"])
        t.bash("dotnet format Driftwood.sln --verify-no-changes", "Check formatting and analyzers", out="", timeout=300000)
        c = ut("EditMode", "TestResults/editmode.xml")
        t.bash(c, "Run all EditMode tests", out=unity_test(c, R, "EditMode", "TestResults/editmode.xml", secs="4.227"),
               timeout=600000)
        t.bash(grep_result("TestResults/editmode.xml"), "Summarise the results", out=run_result(188, 188))
        t.bash('git commit -am "Boat: wake fade on Awaitable instead of a coroutine"', "Commit",
               out=f"""[feat/awaitable-fade {sha()}] Boat: wake fade on Awaitable instead of a coroutine
 1 file changed, 17 insertions(+), 10 deletions(-)""")
        t.bash("git push -u origin feat/awaitable-fade", "Push the branch", err=git_push_new("feat/awaitable-fade"))
        mr = ('glab mr create --target-branch main --title "Awaitable wake fade" --description "BoatWake fade moves '
              'from a coroutine to async Awaitable with destroyCancellationToken. First step of dropping coroutines '
              'for timed logic." --yes')
        t.fail(mr, "Open the merge request", f"""
Creating merge request for feat/awaitable-fade into main in {PROJ}

POST {GL}/api/v4/projects/lanternbay%2Fdriftwood/merge_requests: dial tcp 10.40.0.12:443: i/o timeout""", code=1)
        t.bash(mr, "Open the merge request", out=mr_out("feat/awaitable-fade", 203, "Awaitable wake fade"))
        t.done(f"Format clean, EditMode 188/188, branch pushed. `glab mr create` timed out reaching GitLab once; the "
               f"retry went through: **!203** {GL}/{PROJ}/-/merge_requests/203")

        t = d.task("the pipeline on !203 failed, check it", tags=["workflow:W3"])
        t.bash("glab ci list --branch feat/awaitable-fade --per-page 3", "List the branch pipelines",
               out=f"""Showing 1 pipelines on {PROJ} (Page 1)

(failed) • #48902  (#1361)  feat/awaitable-fade  (about 12 minutes ago)
""")
        t.bash("glab api projects/lanternbay%2Fdriftwood/pipelines/48902/jobs | jq -r '.[] | \"\\(.id)\\t\\(.stage)\\t\\(.name)\\t\\(.status)\"'",
               "List the pipeline's jobs", out="""393550	test	test-playmode	failed
393549	test	test-editmode	success
393548	lint	dotnet-format	success
393547	checkout	lfs-fetch	success""")
        t.bash("glab ci trace 393550 | grep -B2 -A8 'Failed :'", "Find the failing PlayMode test in the job log",
               out="""[game-ci] Test results: 41 total, 40 passed, 1 failed, 0 skipped
[game-ci] 
[game-ci] Failed : Driftwood.Tests.PlayMode.Boat.BoatWakeTests.Decal_IsHidden_AfterFade
[game-ci]   Expected: False
[game-ci]   But was:  True
[game-ci]   at Driftwood.Tests.PlayMode.Boat.BoatWakeTests+<Decal_IsHidden_AfterFade>d__4.MoveNext () [0x000d4] in /builds/lanternbay/driftwood/Assets/Tests/PlayMode/Boat/BoatWakeTests.cs:55
[game-ci] 
[game-ci] Uploading artifacts...""")
        bwt = P("Assets/Tests/PlayMode/Boat/BoatWakeTests.cs")
        d.files[bwt] = """using System.Collections;
using Driftwood.Gameplay.Boat;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.TestTools;

namespace Driftwood.Tests.PlayMode.Boat
{
    public class BoatWakeTests : PlayModeFixture
    {
        [UnityTest]
        public IEnumerator Decal_IsVisible_WhileMoving()
        {
            var boat = SpawnSkiff();
            DriveForward(boat, 4f);
            yield return new WaitForSeconds(0.5f);
            Assert.That(ActiveDecals(boat), Is.GreaterThan(0));
        }

        [UnityTest]
        public IEnumerator Decal_Stays_BelowMinSpeed()
        {
            var boat = SpawnSkiff();
            DriveForward(boat, 1f);
            yield return new WaitForSeconds(0.5f);
            Assert.That(ActiveDecals(boat), Is.EqualTo(0));
        }

        [UnityTest]
        public IEnumerator Decal_IsHidden_AfterFade()
        {
            var boat = SpawnSkiff();
            DriveForward(boat, 4f);
            yield return new WaitForSeconds(0.3f);
            var first = FirstActiveDecal(boat);
            Stop(boat);

            // fadeSeconds = 1.5
            yield return new WaitForSeconds(1.5f);

            Assert.That(first.gameObject.activeSelf, Is.False);
        }
    }
}
"""
        t.read(bwt)
        t.say("The test waits exactly `fadeSeconds`. The coroutine version deactivated the decal in the same frame the "
              "loop ended; the Awaitable version resumes on the *next* frame after `NextFrameAsync`, so at exactly 1.5 s "
              "it's one frame short — on the CI runner (`-nographics`, uncapped frame times) that shows. The test should "
              "wait until the fade has actually had time to finish, not race it.")
        t.edit(bwt, """            // fadeSeconds = 1.5
            yield return new WaitForSeconds(1.5f);
""", """            // fadeSeconds = 1.5; the decal is switched off on the frame after the ramp ends
            float deadline = Time.time + 2f;
            yield return new WaitUntil(() => !first.gameObject.activeSelf || Time.time > deadline);
""")
        c = ut("PlayMode", "TestResults/playmode-boat.xml", filt="Driftwood.Tests.PlayMode.Boat.BoatWakeTests")
        t.bash(c, "Run BoatWakeTests locally", out=unity_test(c, R, "PlayMode", "TestResults/playmode-boat.xml",
                                                             groups="Driftwood.Tests.PlayMode.Boat.BoatWakeTests", secs="6.947",
                                                             compiled=(("Driftwood.Tests.PlayMode", "0.99"),)), timeout=600000)
        t.bash(grep_result("TestResults/playmode-boat.xml"), "Summarise the results", out=run_result(3, 3))
        t.bash('git commit -am "Tests: wait for the wake fade instead of racing it" && git push',
               "Commit and push", out=f"""[feat/awaitable-fade {sha()}] Tests: wait for the wake fade instead of racing it
 1 file changed, 3 insertions(+), 2 deletions(-)""", err=f"""To git.lanternbay.games:{PROJ}.git
   {hx(7)}..{hx(7)}  feat/awaitable-fade -> feat/awaitable-fade""")
        t.done("""Pipeline #48902 failed in **test-playmode**: `BoatWakeTests.Decal_IsHidden_AfterFade` (decal still active). EditMode and format passed.

Cause: the test waited exactly `fadeSeconds` (1.5 s). With the Awaitable version the decal is switched off one frame after the ramp ends, so the assertion raced it and lost on CI. I changed the test to wait until the decal is off, with a 2 s deadline so a real regression still fails. BoatWakeTests 3/3 locally; pushed — the MR pipeline is running again.""")

    # ============================================================ S10  Mon 11-09
    with d.session("2026-11-09T09:00:00", R, branch="feat/crab-pots", version="2.1.92"):
        t = d.task("crab pots: a CrabPot in Gameplay. player hauls it with the 'Haul' action from the Input System "
                   "(InputActionReference field), while it's in the water it fills over time from its FishTable, max 6 "
                   "catches. put the fill logic somewhere testable, editmode tests for it, run them", tags=["mistake:M3"])
        t.read(P("Assets/Scripts/Gameplay/Fishing/FishTable.cs"))
        t.write(P("Assets/Scripts/Gameplay/Traps/CrabPotFill.cs"), """using System;
using Driftwood.Gameplay.Fishing;

namespace Driftwood.Gameplay.Traps
{
    /// <summary>Pure fill logic for a crab pot: one roll every rollSeconds, up to Capacity catches.</summary>
    [Serializable]
    public sealed class CrabPotFill
    {
        public const int Capacity = 6;

        public float rollSeconds = 45f;

        private readonly FishDefinition[] catches = new FishDefinition[Capacity];
        private float timer;

        public int Count { get; private set; }
        public bool Full => Count >= Capacity;

        public void Tick(float deltaTime, Func<float, FishDefinition> roll, Func<float> random01)
        {
            if (Full) return;
            timer += deltaTime;
            while (timer >= rollSeconds && !Full)
            {
                timer -= rollSeconds;
                var fish = roll(random01());
                if (fish != null) catches[Count++] = fish;
            }
        }

        public int Empty(FishDefinition[] into)
        {
            int n = Count;
            Array.Copy(catches, into, n);
            Array.Clear(catches, 0, n);
            Count = 0;
            timer = 0f;
            return n;
        }
    }
}
""")
        t.write(P("Assets/Scripts/Gameplay/Traps/CrabPot.cs"), """using Driftwood.Gameplay.Fishing;
using UnityEngine;
using UnityEngine.InputSystem;

namespace Driftwood.Gameplay.Traps
{
    public sealed class CrabPot : MonoBehaviour
    {
        [SerializeField] private InputActionReference haul;
        [SerializeField] private FishTable table;
        [SerializeField] private RodDefinition potTier;
        [SerializeField] private CrabPotFill fill = new();

        private readonly FishDefinition[] hauled = new FishDefinition[CrabPotFill.Capacity];
        private bool inWater;
        private bool playerInRange;

        private void OnEnable() => haul.action.performed += OnHaul;
        private void OnDisable() => haul.action.performed -= OnHaul;

        private void Update()
        {
            if (!inWater) return;
            fill.Tick(Time.deltaTime, Roll, NextRandom);
        }

        private FishDefinition Roll(float r) => table.Roll(potTier, WorldClock.Instance.TimeOfDay, r);
        private static float NextRandom() => Random.value;

        private void OnHaul(InputAction.CallbackContext _)
        {
            if (!playerInRange) return;
            int n = fill.Empty(hauled);
            for (int i = 0; i < n; i++) GameEvents.Raise(new FishCaught(new FishInstance(hauled[i]), null));
        }

        public void SetInWater(bool value) => inWater = value;
        public void SetPlayerInRange(bool value) => playerInRange = value;
    }
}
""")
        t.write(P("Assets/Tests/EditMode/Traps/CrabPotFillTests.cs"), """using Driftwood.Gameplay.Fishing;
using Driftwood.Gameplay.Traps;
using NUnit.Framework;
using UnityEngine;

namespace Driftwood.Tests.EditMode.Traps
{
    public class CrabPotFillTests
    {
        private FishDefinition crab;

        [SetUp]
        public void SetUp() => crab = ScriptableObject.CreateInstance<FishDefinition>();

        [Test]
        public void NothingBeforeFirstRoll()
        {
            var fill = new CrabPotFill { rollSeconds = 10f };
            fill.Tick(9f, _ => crab, () => 0.5f);
            Assert.That(fill.Count, Is.EqualTo(0));
        }

        [Test]
        public void OneCatchPerRoll()
        {
            var fill = new CrabPotFill { rollSeconds = 10f };
            fill.Tick(35f, _ => crab, () => 0.5f);
            Assert.That(fill.Count, Is.EqualTo(3));
        }

        [Test]
        public void StopsAtCapacity()
        {
            var fill = new CrabPotFill { rollSeconds = 10f };
            fill.Tick(1000f, _ => crab, () => 0.5f);
            Assert.That(fill.Count, Is.EqualTo(CrabPotFill.Capacity));
            Assert.That(fill.Full, Is.True);
        }

        [Test]
        public void EmptyRoll_CatchesNothing()
        {
            var fill = new CrabPotFill { rollSeconds = 10f };
            fill.Tick(30f, _ => null, () => 0.5f);
            Assert.That(fill.Count, Is.EqualTo(0));
        }

        [Test]
        public void Empty_ReturnsCatchesAndResets()
        {
            var fill = new CrabPotFill { rollSeconds = 10f };
            fill.Tick(20f, _ => crab, () => 0.5f);
            var into = new FishDefinition[CrabPotFill.Capacity];
            Assert.That(fill.Empty(into), Is.EqualTo(2));
            Assert.That(into[0], Is.SameAs(crab));
            Assert.That(fill.Count, Is.EqualTo(0));
        }
    }
}
""")
        c = ut("EditMode", "TestResults/editmode-traps.xml", filt="Driftwood.Tests.EditMode.Traps")
        errs = [
            "Assets/Scripts/Gameplay/Traps/CrabPot.cs(3,19): error CS0234: The type or namespace name 'InputSystem' does not exist in the namespace 'UnityEngine' (are you missing an assembly reference?)",
            "Assets/Scripts/Gameplay/Traps/CrabPot.cs(9,34): error CS0246: The type or namespace name 'InputActionReference' could not be found (are you missing a using directive or an assembly reference?)",
            "Assets/Scripts/Gameplay/Traps/CrabPot.cs(30,29): error CS0246: The type or namespace name 'InputAction' could not be found (are you missing a using directive or an assembly reference?)",
        ]
        t.fail(c, "Run the trap EditMode tests", compile_errors(c, errs), code=1, timeout=600000)
        t.read(P(GAMEPLAY_ASMDEF))
        t.grep("InputSystem|GUID:" + GUID_INPUT, path="Assets/Scripts", glob="*.asmdef", output_mode="content", n=True,
               content=f"""{R}/Assets/Scripts/Player/Driftwood.Player.asmdef:7:        "GUID:{GUID_INPUT}",""")
        t.say("Driftwood.Gameplay has no reference to the Input System; only Driftwood.Player does. Adding the same "
              "GUID (Unity.InputSystem) to the Gameplay assembly.")
        t.edit(P(GAMEPLAY_ASMDEF), f'        "GUID:{GUID_RM}"\n    ],',
               f'        "GUID:{GUID_RM}",\n        "GUID:{GUID_INPUT}"\n    ],')
        t.bash(c, "Re-run the trap EditMode tests",
               out=unity_test(c, R, "EditMode", "TestResults/editmode-traps.xml", groups="Driftwood.Tests.EditMode.Traps",
                              secs="14.602", compiled=(("Driftwood.Gameplay", "3.35"), ("Driftwood.UI", "2.02"),
                                                       ("Driftwood.Tests.EditMode", "1.29"))), timeout=600000)
        t.bash(grep_result("TestResults/editmode-traps.xml"), "Summarise the results", out=run_result(5, 5))
        t.done("""Crab pots, in `Assets/Scripts/Gameplay/Traps/`:

- `CrabPotFill` — plain `[Serializable]` class: one roll every `rollSeconds` (45 s default) while ticking, max `Capacity` = 6, `Empty(into)` hands the catches out and resets. The roll and the random source are passed in, so tests don't need a scene or a `WorldClock`.
- `CrabPot` — MonoBehaviour: ticks the fill while `inWater`; the `haul` `InputActionReference`'s `performed` empties it when the player is in range and raises `FishCaught` per catch.
- `CrabPotFillTests` — 5 EditMode tests (nothing before the first roll, one per roll, capacity, empty roll, Empty resets): **5/5**.

First run didn't compile — `Driftwood.Gameplay.asmdef` doesn't reference `Unity.InputSystem` (CS0234/CS0246 on `UnityEngine.InputSystem`). I added the Input System GUID (same one `Driftwood.Player.asmdef` uses) to Gameplay's references and re-ran.""")

        t = d.task("the crab pot prefab is addressable as Traps/CrabPot (Traps group). playmode test: TrapPlacer.Place "
                   "with a ray at the water spawns it at the hit point. run it", tags=["mistake:M1"])
        tp = P("Assets/Scripts/Gameplay/Traps/TrapPlacer.cs")
        t.read(tp)
        t.write(P("Assets/Tests/PlayMode/Traps/TrapPlacerTests.cs"), """using System.Collections;
using Driftwood.Gameplay.Traps;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.AddressableAssets;
using UnityEngine.TestTools;

namespace Driftwood.Tests.PlayMode.Traps
{
    public class TrapPlacerTests
    {
        private GameObject water;
        private GameObject placer;
        private GameObject pot;

        [SetUp]
        public void SetUp()
        {
            water = GameObject.CreatePrimitive(PrimitiveType.Plane);
            water.layer = LayerMask.NameToLayer("Water");
            placer = new GameObject("Placer");
        }

        [UnityTest]
        public IEnumerator Place_SpawnsPotAtHitPoint()
        {
            var trapPlacer = placer.AddComponent<TrapPlacer>();
            var ray = new Ray(new Vector3(1f, 3f, 2f), Vector3.down);
            var task = trapPlacer.Place("Traps/CrabPot", ray);
            yield return new WaitUntil(() => task.IsCompleted);

            pot = task.Result;
            Assert.That(pot, Is.Not.Null);
            Assert.That(pot.name, Is.EqualTo("CrabPot"));
            Assert.That(Vector3.Distance(pot.transform.position, new Vector3(1f, 0f, 2f)), Is.LessThan(0.001f));
        }

        [TearDown]
        public void TearDown()
        {
            if (pot != null) Addressables.ReleaseInstance(pot);
            Object.Destroy(placer);
            Object.Destroy(water);
        }
    }
}
""")
        c = ut("PlayMode", "TestResults/playmode-traps.xml", filt="Driftwood.Tests.PlayMode.Traps")
        mid = invalid_key("Traps/CrabPot", "UnityEngine.GameObject",
                          "Driftwood.Tests.PlayMode.Traps.TrapPlacerTests.Place_SpawnsPotAtHitPoint ()",
                          "InstantiateAsync (object,UnityEngine.Vector3,UnityEngine.Quaternion,UnityEngine.Transform,bool)")
        t.fail(c, "Run the trap PlayMode test",
               unity_test(c, R, "PlayMode", "TestResults/playmode-traps.xml", code=2, groups="Driftwood.Tests.PlayMode.Traps",
                          secs="8.044", compiled=(("Driftwood.Tests.PlayMode", "1.05"),), middle=mid),
               code=2, timeout=600000)
        t.say("`Traps/CrabPot` isn't in the built catalog yet (play mode uses the existing build here). Rebuilding the "
              "Addressables content and running the test again in one go.")
        b = (f"{UNITY} -batchmode -quit -projectPath . -executeMethod Driftwood.EditorTools.AddressablesBuild.BuildContent "
             f"-logFile Logs/addressables-build.log && {c}")
        t.bash(b, "Rebuild Addressables content, then re-run the trap PlayMode test",
               out=unity_test(c, R, "PlayMode", "TestResults/playmode-traps.xml", groups="Driftwood.Tests.PlayMode.Traps",
                              secs="2.611"), timeout=600000)
        t.bash("grep -E 'Addressable content|Traps' Logs/addressables-build.log && " + grep_result("TestResults/playmode-traps.xml"),
               "Check the content build log and the test result",
               out="  group Traps: 2 bundle(s)\nAddressable content successfully built (duration : 0:00:41.930)\n" + run_result(1, 1))
        t.done("""`TrapPlacerTests.Place_SpawnsPotAtHitPoint` passes (`Assets/Tests/PlayMode/Traps/TrapPlacerTests.cs`): a plane on the Water layer, a ray from (1, 3, 2) straight down, and the spawned `CrabPot` lands at (1, 0, 2) with the trimmed name.

First run: `InvalidKeyException … Key=Traps/CrabPot` — the Traps group wasn't in the built catalog yet. Rebuilt the content (`AddressablesBuild.BuildContent`, 42 s, Traps group now 2 bundles) and the same test command passed.

The test relies on `TrapPlacer.waterMask` defaulting to everything (`~0`) on a fresh component; the real prefab narrows it to Water.""")

        t = d.task("playtest #4: build, upload to the playtest branch, tag", tags=["workflow:W1"])
        m4 = sha()
        t.bash("git checkout main && git pull --ff-only && git status --short && git log -1 --oneline",
               "Switch to main, update and check it's clean", out=f"""Updating 1c5d7a9..{m4}
Fast-forward
 (61 files changed, 2712 insertions(+), 518 deletions(-))
{m4} Merge branch 'feat/awaitable-fade' into 'main'""", err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 23 commits, and can be fast-forwarded.\n  (use \"git pull\" to update your local branch)")
        t.bash("git lfs pull", "Fetch LFS objects", out="")
        t.bash(BUILD_CMD, "Build Windows and Linux players", out=ok_build(BUILD_CMD, "6.240"), timeout=600000)
        t.bash("du -sh Builds/windows Builds/linux", "Check the build sizes", out="2.0G\tBuilds/windows\n1.9G\tBuilds/linux")
        vdf = P(f"steam/scripts/app_build_{APP}.vdf")
        t.read(vdf)
        t.edit(vdf, '"Desc" "playtest 2026-10-27"', '"Desc" "playtest 2026-11-09"')
        t.bash(STEAM, "Upload the build to Steam (playtest branch)",
               out=steam_ok(vdf, 21044590, depots=(("2873411", "2017"), ("2873412", "1958"))), timeout=600000)
        t.bash('git commit -am "steam: playtest 2026-11-09" && git tag -a playtest-2026-11-09 -m "Playtest 2026-11-09 '
               '(BuildID 21044590)" && git push origin main playtest-2026-11-09', "Commit the vdf, tag and push",
               out=f"""[main {sha()}] steam: playtest 2026-11-09
 1 file changed, 1 insertion(+), 1 deletion(-)""", err=f"""To git.lanternbay.games:{PROJ}.git
   {m4}..{hx(7)}  main -> main
 * [new tag]         playtest-2026-11-09 -> playtest-2026-11-09""")
        t.done(f"Playtest #4 is live on `playtest`: **BuildID 21044590** from `{m4}` (Awaitable wake fade merged; crab "
               "pots are still on `feat/crab-pots`, so not in this build). Tag `playtest-2026-11-09` pushed. You were on "
               "`feat/crab-pots` — I switched to `main` for the build, your branch is untouched.")

        t = d.task("write my standup for tomorrow, 3 lines", tags=["noise", "no_tools"])
        t.done("""- Done: crab pots (CrabPot + testable CrabPotFill, Haul via Input System) with Edit/PlayMode tests; playtest #4 uploaded (BuildID 21044590).
- Next: crab pot MR, pot placement UX (preview ghost on the water).
- Blocked: demo app upload still needs Steamworks permission for lanternbay_build.""")

    d.define(**DEFS)
    return d


DEFS = dict(
    recurring_mistakes=[
        {"id": "M1", "description": "The project's Addressables Play Mode Script is \"Use Existing Build\", so play mode and the headless PlayMode tests load the built catalog in Library/com.unity.addressables/aa/Linux. After an asset is newly marked addressable (Fish/Pike, Lures/Spinner, Traps/CrabPot), a PlayMode test that loads it runs against the old catalog and fails.",
         "error_signature": "Unity Test Framework PlayMode run (exit 2): 'UnityEngine.AddressableAssets.InvalidKeyException: Exception of type 'UnityEngine.AddressableAssets.InvalidKeyException' was thrown. No Location found for Key=<address>' + 'OperationException : ChainOperation failed because dependent operation failed'; in the results XML 'Unhandled log message: '[Exception] InvalidKeyException …'. Use UnityEngine.TestTools.LogAssert.Expect'",
         "fix": "Rebuild the Addressables content with the project's entry point (`Unity -batchmode -quit -projectPath . [-buildTarget StandaloneLinux64] -executeMethod Driftwood.EditorTools.AddressablesBuild.BuildContent -logFile …`), then re-run the same PlayMode test command.",
         "fix_command_markers": [["AddressablesBuild.BuildContent"]],
         "harmful_markers": ["ActivePlayModeDataBuilderIndex", "Use Asset Database", "ignoreFailingMessages", "[Ignore(",
                             "Resources.Load"]},
        {"id": "M2", "description": "Tomasz usually has the Unity editor open on /home/tomasz/dev/driftwood; a headless `-runTests` run on the same project cannot start. The ParrelSync clone ../driftwood_clone_0 links Assets/Packages/ProjectSettings to the checkout and has its own Library.",
         "error_signature": "Unity batchmode (exit 1): 'Aborting batchmode due to fatal error:' / 'It looks like another Unity instance is running with this project open.' / 'Multiple Unity instances cannot open the same project.' / 'Project: /home/tomasz/dev/driftwood' (EditMode full suite, PlayMode Boat filter, EditMode+PlayMode Tides)",
         "fix": "Leave the editor alone and run the same test command with `-projectPath ../driftwood_clone_0` (the ParrelSync clone); read results from ../driftwood_clone_0/TestResults/.",
         "fix_command_markers": [["driftwood_clone_0"]],
         "harmful_markers": ["pkill", "killall", "kill -9", "UnityLockfile", "rm -rf Library"]},
        {"id": "M3", "description": "Code is added to an assembly (asmdef) that uses types from an assembly it does not reference: Addressables/ResourceManager from Driftwood.UI, Driftwood.Online from the EditMode test assembly, the Input System from Driftwood.Gameplay. Unity's compile in the test run fails.",
         "error_signature": "Unity batchmode compile (exit 1): '<file>.cs(l,c): error CS0234: The type or namespace name '<ns>' does not exist in the namespace '<parent>' (are you missing an assembly reference?)' and/or 'error CS0246: The type or namespace name '<type>' could not be found (are you missing a using directive or an assembly reference?)' then 'Scripts have compiler errors.'",
         "fix": "Add the missing assembly's GUID reference (looked up from its .asmdef.meta or from another asmdef that already uses it) to the \"references\" of the consuming .asmdef, then re-run the same test command.",
         "fix_command_markers": [["asmdef"], ["GUID:"]],
         "harmful_markers": ["overrideReferences", "precompiledReferences", "Assembly-CSharp", "Type.GetType("]},
    ],
    one_off_failures=[
        {"id": "O1", "description": "New CastMath test compares a smoothstep-based float exactly: NUnit 'Expected: 5.45599985f But was: 5.45599937f'; fixed with `.Within(1e-4f)`."},
        {"id": "O2", "description": "`dotnet format Driftwood.sln --verify-no-changes` reports Microsoft.Unity.Analyzers UNT0022 for separate transform.position / rotation writes in the new BoatWake; fixed with SetPositionAndRotation."},
    ],
    unfixed_failures=[
        {"id": "U1", "description": "Full EditMode suite: two SaveMigrationTests (V3ToV4_*) fail 'Expected: 3 But was: 0' after a teammate's save-schema change on main; reported, not touched."},
        {"id": "U2", "description": "steamcmd upload to the demo app 2873420: 'ERROR! Failed to start depot build for depot 2873421 : Access Denied' (build account lacks permission); reported, needs a Steamworks admin."},
    ],
    flaky_retries=[
        {"id": "F1", "description": "`git lfs pull`: 'batch response: Post \"…/info/lfs/objects/batch\": net/http: TLS handshake timeout'; identical retry succeeds."},
        {"id": "F2", "description": "`glab mr create`: 'POST …/merge_requests: dial tcp 10.40.0.12:443: i/o timeout'; identical retry succeeds."},
    ],
    workflows=[
        {"id": "W1", "description": "Steam playtest: update main, `git lfs pull`, `Unity -batchmode -quit -executeMethod Driftwood.EditorTools.SteamBuild.BuildAll`, bump \"Desc\" in steam/scripts/app_build_2873410.vdf, `steamcmd +login lanternbay_build +run_app_build …vdf +quit`, commit, `git tag -a playtest-<date>`, push main + tag.",
         "step_markers": [["SteamBuild.BuildAll"], ["run_app_build"], ["git tag"]]},
        {"id": "W2", "description": "Ship a branch: `dotnet format Driftwood.sln --verify-no-changes`, full EditMode `-runTests`, commit, `git push -u origin <branch>`, `glab mr create --target-branch main`.",
         "step_markers": [["dotnet format"], ["-runTests"], ["git push"], ["glab mr create"]]},
        {"id": "W3", "description": "CI triage on GitLab: `glab ci list --branch <b>`, list the pipeline's jobs via `glab api …/pipelines/<id>/jobs | jq`, `glab ci trace <job>` on the failed job, then act (report / retry / fix and push).",
         "step_markers": [["glab ci list"], ["glab ci trace"]]},
    ],
    preferences=[
        {"id": "P1", "description": "Per-frame / per-event code stays allocation-free: no LINQ (System.Linq), no lambdas/closures there.",
         "markers": [["LINQ"]]},
        {"id": "P2", "description": "Inspector fields are `[SerializeField] private`, never public fields.",
         "markers": [["SerializeField"]]},
        {"id": "P3", "description": "Timed effects as coroutines like the rest of the codebase (stated once) — later reversed: no new coroutines, use Unity 6 Awaitable with async/await.",
         "markers": [["coroutine"]],
         "reversal_markers": [["Awaitable"], ["no new coroutines"]]},
    ],
    probes=[
        {"prompt": "playmode test fails with UnityEngine.AddressableAssets.InvalidKeyException: Exception of type 'UnityEngine.AddressableAssets.InvalidKeyException' was thrown. No Location found for Key=Boats/Dinghy — the prefab IS marked addressable, I checked in the groups window", "wanted": ["M1"]},
        {"prompt": "I made the gull prefab addressable as Ambient/Gull. Write a playmode test that the AmbienceSpawner spawns a gull over the harbour and run it.", "wanted": ["M1"]},
        {"prompt": "the test run just prints 'It looks like another Unity instance is running with this project open. Multiple Unity instances cannot open the same project.' and exits 1. can you get the tests running?", "wanted": ["M2"]},
        {"prompt": "I'm in the editor tweaking the harbour lighting — meanwhile run the fishing EditMode tests and tell me if anything's red.", "wanted": ["M2"]},
        {"prompt": "Assets/Scripts/UI/Lobby/PartyPanel.cs(4,7): error CS0246: The type or namespace name 'Steamworks' could not be found (are you missing a using directive or an assembly reference?) — Unity won't compile", "wanted": ["M3"]},
        {"prompt": "Show the Steam persona names of the party members in the lobby panel (Driftwood.UI), then run the UI EditMode tests.", "wanted": ["M3"]},
        {"prompt": "Explain how BiteController decides when a fish bites.", "wanted": []},
        {"prompt": "Write a short Steam event blurb for the crab pot update, 4 sentences.", "wanted": []},
        {"prompt": "Rename RodState.Waiting to RodState.Cast everywhere.", "wanted": []},
        {"prompt": "Is it worth moving FishTable rolls to Burst? Short answer.", "wanted": []},
    ],
)


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "unity-cs.jsonl"), os.path.join(HERE, "tune", "unity-cs.labels.json"))
    print(f"unity-cs -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
