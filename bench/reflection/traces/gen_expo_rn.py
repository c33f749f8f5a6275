"""expo-rn: Rui Carvalho, mobile developer at Pulso (fictional), a small Lisbon startup for booking
fitness classes (studios, yoga, spinning, boxing).

The app is React Native on Expo SDK 52 (RN 0.76, new architecture) with expo-router, TypeScript, pnpm,
jest-expo + React Native Testing Library, Maestro e2e flows in `.maestro/`, EAS Build / Submit / Update
(channels `preview` and `production`), `app.config.ts` with config plugins, GitHub Actions.
Teammates: Inês (product + QA), Tiago (backend, owns eas.json's CI bits), Marta (CEO, Apple account holder).

Written blind for fresh/; measured once held out (round 34), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_expo_rn.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "rui"
R = "/Users/rui/dev/pulso-app"
MODEL = "claude-opus-4-6"
PNPM_RN = "node_modules/.pnpm/react-native@0.76.9_@babel+core@7.26.0_@types+react@18.3.12_react@18.3.1/node_modules/react-native"

PACKAGE_JSON = """{
  "name": "pulso-app",
  "main": "expo-router/entry",
  "version": "1.5.2",
  "private": true,
  "scripts": {
    "start": "expo start --dev-client",
    "ios": "expo run:ios",
    "android": "expo run:android",
    "lint": "expo lint",
    "typecheck": "tsc --noEmit",
    "test": "jest --ci",
    "e2e": "maestro test .maestro/"
  },
  "jest": {
    "preset": "jest-expo",
    "setupFilesAfterEach": [],
    "setupFilesAfterEnv": ["<rootDir>/jest.setup.ts"]
  },
  "dependencies": {
    "@expo/vector-icons": "^14.0.4",
    "@sentry/react-native": "~6.3.0",
    "@stripe/stripe-react-native": "0.38.6",
    "@tanstack/react-query": "^5.59.20",
    "date-fns": "^4.1.0",
    "expo": "~52.0.37",
    "expo-constants": "~17.0.7",
    "expo-dev-client": "~5.0.12",
    "expo-image": "~2.0.6",
    "expo-linking": "~7.0.5",
    "expo-localization": "~16.0.1",
    "expo-notifications": "~0.29.13",
    "expo-router": "~4.0.17",
    "expo-secure-store": "~14.0.1",
    "expo-updates": "~0.26.19",
    "i18next": "^23.16.8",
    "react": "18.3.1",
    "react-i18next": "^15.1.3",
    "react-native": "0.76.9",
    "react-native-safe-area-context": "4.12.0",
    "react-native-screens": "~4.4.0",
    "zustand": "^5.0.1"
  },
  "devDependencies": {
    "@babel/core": "^7.25.2",
    "@testing-library/react-native": "^12.9.0",
    "@types/jest": "^29.5.14",
    "@types/react": "~18.3.12",
    "eslint": "^8.57.0",
    "eslint-config-expo": "~8.0.1",
    "jest": "^29.7.0",
    "jest-expo": "~52.0.6",
    "typescript": "~5.3.3"
  },
  "packageManager": "pnpm@9.15.4"
}
"""

APP_CONFIG = """import type { ExpoConfig, ConfigContext } from 'expo/config';

const IS_DEV = process.env.APP_VARIANT === 'development';
const IS_PREVIEW = process.env.APP_VARIANT === 'preview';

const bundleId = IS_DEV ? 'pt.pulso.app.dev' : IS_PREVIEW ? 'pt.pulso.app.preview' : 'pt.pulso.app';

export default ({ config }: ConfigContext): ExpoConfig => ({
  ...config,
  name: IS_DEV ? 'Pulso (dev)' : IS_PREVIEW ? 'Pulso (preview)' : 'Pulso',
  slug: 'pulso',
  owner: 'pulso-fit',
  version: '1.5.2',
  scheme: 'pulso',
  orientation: 'portrait',
  icon: './assets/icon.png',
  userInterfaceStyle: 'automatic',
  newArchEnabled: true,
  runtimeVersion: { policy: 'appVersion' },
  updates: { url: 'https://u.expo.dev/5b1f0c1e-7a43-4d0e-9b6e-2f3c8d1a9e44' },
  ios: {
    bundleIdentifier: bundleId,
    supportsTablet: false,
    config: { usesNonExemptEncryption: false },
  },
  android: {
    package: bundleId,
    adaptiveIcon: { foregroundImage: './assets/adaptive-icon.png', backgroundColor: '#0E0E10' },
  },
  plugins: [
    'expo-router',
    'expo-localization',
    ['expo-notifications', { icon: './assets/notification-icon.png', color: '#FF4F2E' }],
    ['@stripe/stripe-react-native', { merchantIdentifier: 'merchant.pt.pulso', enableGooglePay: true }],
    ['@sentry/react-native/expo', { organization: 'pulso', project: 'pulso-app' }],
  ],
  experiments: { typedRoutes: true },
  extra: {
    eas: { projectId: '5b1f0c1e-7a43-4d0e-9b6e-2f3c8d1a9e44' },
    apiUrl: process.env.EXPO_PUBLIC_API_URL ?? 'https://api.pulso.pt',
  },
});
"""

EAS_JSON = """{
  "cli": {
    "version": ">= 16.4.0",
    "appVersionSource": "remote"
  },
  "build": {
    "development": {
      "developmentClient": true,
      "distribution": "internal",
      "env": { "APP_VARIANT": "development" }
    },
    "preview": {
      "distribution": "internal",
      "channel": "preview",
      "env": { "APP_VARIANT": "preview", "EXPO_PUBLIC_API_URL": "https://api-staging.pulso.pt" }
    },
    "production": {
      "channel": "production",
      "autoIncrement": true
    }
  },
  "submit": {
    "production": {
      "ios": { "ascAppId": "6504418872", "appleTeamId": "7QK2M9PL4D" },
      "android": { "serviceAccountKeyPath": "./secrets/play-service-account.json", "track": "internal" }
    }
  }
}
"""

JEST_SETUP = """import '@testing-library/react-native/extend-expect';

// i18n: tests render pt-PT strings, same as the default device locale in Lisbon
import './src/i18n';

jest.mock('expo-localization', () => ({
  getLocales: () => [{ languageTag: 'pt-PT', languageCode: 'pt', regionCode: 'PT' }],
}));

jest.mock('@stripe/stripe-react-native', () => require('@stripe/stripe-react-native/jest/mock.js'));
"""

PT = """{
  "tabs": { "today": "Hoje", "explore": "Explorar", "bookings": "Reservas", "profile": "Perfil" },
  "class": {
    "book": "Reservar",
    "spotsLeft_one": "{{count}} lugar livre",
    "spotsLeft_other": "{{count}} lugares livres",
    "full": "Esgotada"
  },
  "common": { "retry": "Tentar de novo", "cancel": "Cancelar" }
}
"""

EN = """{
  "tabs": { "today": "Today", "explore": "Explore", "bookings": "Bookings", "profile": "Profile" },
  "class": {
    "book": "Book",
    "spotsLeft_one": "{{count}} spot left",
    "spotsLeft_other": "{{count}} spots left",
    "full": "Full"
  },
  "common": { "retry": "Try again", "cancel": "Cancel" }
}
"""

CLASS_CARD = """import { Pressable, StyleSheet, Text, View } from 'react-native';
import { useTranslation } from 'react-i18next';

import type { ClassSession } from '@/api/types';
import { formatStartTime } from '@/lib/time';

type Props = { session: ClassSession; onPress: (id: string) => void };

export function ClassCard({ session, onPress }: Props) {
  const { t } = useTranslation();
  const left = session.capacity - session.booked;
  return (
    <Pressable accessibilityRole="button" onPress={() => onPress(session.id)} style={styles.card}>
      <View style={styles.row}>
        <Text style={styles.title}>{session.title}</Text>
        <Text style={styles.time}>{formatStartTime(session.startsAt)}</Text>
      </View>
      <Text style={styles.studio}>{session.studio.name}</Text>
      <Text style={left > 0 ? styles.spots : styles.full}>
        {left > 0 ? t('class.spotsLeft', { count: left }) : t('class.full')}
      </Text>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  card: { padding: 16, borderRadius: 12, backgroundColor: '#1A1A1E', marginBottom: 12 },
  row: { flexDirection: 'row', justifyContent: 'space-between' },
  title: { color: '#FFFFFF', fontSize: 17, fontWeight: '600' },
  time: { color: '#FF4F2E', fontSize: 15 },
  studio: { color: '#A0A0AA', marginTop: 4 },
  spots: { color: '#7BD88F', marginTop: 8 },
  full: { color: '#A0A0AA', marginTop: 8 },
});
"""

TIME_TS = """import { format } from 'date-fns';
import { pt } from 'date-fns/locale';

export function formatStartTime(iso: string): string {
  return format(new Date(iso), 'EEE HH:mm', { locale: pt });
}
"""

MONEY_TS = """export function formatPrice(cents: number, currency = 'EUR'): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}
"""

CLASS_SCREEN = """import { useLocalSearchParams, router } from 'expo-router';
import { ScrollView, StyleSheet, Text } from 'react-native';
import { useTranslation } from 'react-i18next';

import { useClassSession } from '@/api/classes';
import { BookButton } from '@/features/booking/BookButton';
import { formatPrice } from '@/lib/money';

export default function ClassScreen() {
  const { id } = useLocalSearchParams<{ id: string }>();
  const { t } = useTranslation();
  const { data: session } = useClassSession(id);
  if (!session) return null;
  const studioId: string = session.studio?.id;
  return (
    <ScrollView contentContainerStyle={styles.body}>
      <Text style={styles.title}>{session.title}</Text>
      <Text style={styles.price}>{formatPrice(session.priceCents)}</Text>
      <Text style={styles.link} onPress={() => router.push(`/studio/${studioId}`)}>
        {session.studio?.name}
      </Text>
      <BookButton sessionId={session.id} label={t('class.book')} />
    </ScrollView>
  );
}

const styles = StyleSheet.create({
  body: { padding: 20 },
  title: { color: '#FFFFFF', fontSize: 24, fontWeight: '700' },
  price: { color: '#FF4F2E', fontSize: 18, marginTop: 8 },
  link: { color: '#A0A0AA', marginTop: 8, textDecorationLine: 'underline' },
});
"""

LOGIN_FLOW = """appId: pt.pulso.app.dev
---
- launchApp:
    clearState: true
- tapOn: "Email"
- inputText: "qa+maestro@pulso.pt"
- tapOn: "Palavra-passe"
- inputText: "${QA_PASSWORD}"
- tapOn: "Entrar"
- assertVisible: "Hoje"
"""

FILES = {
    R + "/package.json": PACKAGE_JSON,
    R + "/app.config.ts": APP_CONFIG,
    R + "/eas.json": EAS_JSON,
    R + "/jest.setup.ts": JEST_SETUP,
    R + "/src/locales/pt-PT.json": PT,
    R + "/src/locales/en.json": EN,
    R + "/src/components/ClassCard.tsx": CLASS_CARD,
    R + "/src/lib/time.ts": TIME_TS,
    R + "/src/lib/money.ts": MONEY_TS,
    R + "/app/class/[id].tsx": CLASS_SCREEN,
    R + "/.maestro/login.yaml": LOGIN_FLOW,
}

# ------------------------------------------------------------------ output helpers


def jest_ok(suites, tests, snaps=None, secs="2.9"):
    out = "\n".join(f" PASS  {s}" for s in suites)
    snap = f"Snapshots:   {snaps}\n" if snaps else "Snapshots:   0 total\n"
    return (f"\n> pulso-app@1.5.2 test {R}\n> jest --ci {{args}}\n\n{out}\n\n"
            f"Test Suites: {len(suites)} passed, {len(suites)} total\n"
            f"Tests:       {tests} passed, {tests} total\n{snap}Time:        {secs} s\nRan all test suites matching {{pat}}.")


def turbo_fail(args, suite, module, pkg_frame, import_line, code_frame):
    return (f"\n> pulso-app@1.5.2 test {R}\n> jest --ci {args}\n\n"
            f" FAIL  {suite}\n"
            "  ● Test suite failed to run\n\n"
            f"    Invariant Violation: TurboModuleRegistry.getEnforcing(...): '{module}' could not be found. "
            "Verify that a module by this name is registered in the native binary.\n\n"
            f"{code_frame}\n\n"
            "      at invariant (node_modules/.pnpm/invariant@2.2.4/node_modules/invariant/invariant.js:40:15)\n"
            f"      at Object.getEnforcing ({PNPM_RN}/Libraries/TurboModule/TurboModuleRegistry.js:48:3)\n"
            f"      at Object.<anonymous> ({pkg_frame})\n"
            f"      at Object.require ({import_line})\n\n"
            "Test Suites: 1 failed, 1 total\n"
            "Tests:       0 total\n"
            "Snapshots:   0 total\n"
            "Time:        3.412 s\n"
            f"Ran all test suites matching /{args.split()[-1].replace('/', chr(92) + '/')}/i.\n"
            " ELIFECYCLE  Test failed. See above for more details.")


def snap_fail(args, suite, cases, total_tests, secs="2.204"):
    blocks = []
    for name, received in cases:
        blocks.append(f"  ● {name}\n\n"
                      "    New snapshot was not written. The update flag must be explicitly passed to write a new "
                      "snapshot.\n\n"
                      "    This is likely because this test is run in a continuous integration (CI) environment in "
                      "which snapshots are not written by default.\n\n"
                      f"    Received:\n{received}\n")
    n = len(cases)
    return (f"\n> pulso-app@1.5.2 test {R}\n> jest --ci {args}\n\n"
            f" FAIL  {suite}\n" + "\n".join(blocks) + "\n"
            " › " + (f"{n} snapshots" if n > 1 else "1 snapshot") + " failed.\n"
            "Snapshot Summary\n"
            " › " + (f"{n} snapshots" if n > 1 else "1 snapshot") + " failed from 1 test suite. Inspect your code "
            "changes or run `pnpm test -u` to update them.\n\n"
            "Test Suites: 1 failed, 1 total\n"
            f"Tests:       {n} failed, {total_tests - n} passed, {total_tests} total\n"
            f"Snapshots:   {n} failed, {n} total\n"
            f"Time:        {secs} s\n"
            f"Ran all test suites matching /{args.split()[-1].replace('/', chr(92) + '/')}/i.\n"
            " ELIFECYCLE  Test failed. See above for more details.")


def eas_version_fail(installed, constraint):
    return (f"You are on eas-cli@{installed} which does not satisfy the CLI version constraint defined in eas.json "
            f"({constraint}).\n\nThis error probably means that you need update your eas-cli to a newer version.\n"
            "Run npm install -g eas-cli to update the eas-cli to the latest version.")


def npm_g_eas(ver, added, secs):
    return (f"\nchanged {added} packages in {secs}s\n\n61 packages are looking for funding\n  run `npm fund` for details\n"
            f"eas-cli/{ver} darwin-arm64 node-v20.18.1")


def lint_ok():
    return f"\n> pulso-app@1.5.2 lint {R}\n> expo lint\n"


def tsc_ok():
    return f"\n> pulso-app@1.5.2 typecheck {R}\n> tsc --noEmit\n"


def maestro_ok(flow, steps, secs):
    lines = "\n".join(f" ║    ✅   {s}" for s in steps)
    return (f"\n Running on iPhone 16 - iOS 18.2 - 6F3B1A2C-9D0E-4C55-8B1A-31E7C2D4F0A9\n\n"
            f" ║\n ║  > Flow {flow}\n ║\n{lines}\n ║\n\n"
            f"[Passed] {flow} ({secs}s)")


def eas_update_ok(channel, message, group, ios_id, and_id, ver="1.5.2", commit="a1b2c3d"):
    return f"""Starting Metro Bundler
Android Bundled 8473ms node_modules/.pnpm/expo-router@4.0.17_.../node_modules/expo-router/entry.js (2104 modules)
iOS Bundled 8911ms node_modules/.pnpm/expo-router@4.0.17_.../node_modules/expo-router/entry.js (2108 modules)

› Assets (27):
node_modules/@expo/vector-icons/build/vendor/react-native-vector-icons/Fonts/Ionicons.ttf (390 kB)
assets/images/empty-classes.png (48.2 kB)
... 25 more

› android bundles (1):
_expo/static/js/android/entry-3f9c1d2e8a7b6c5d4e3f2a1b0c9d8e7f.hbc (4.61 MB)

› ios bundles (1):
_expo/static/js/ios/entry-9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b.hbc (4.63 MB)

Exported: dist
✔ Uploaded 2 app bundles
✔ Uploaded 1 asset
✔ Channel: {channel} pointed at branch: {channel}
✔ Published!

Branch             {channel}
Runtime version    {ver}
Platform           android, ios
Update group ID    {group}
Android update ID  {and_id}
iOS update ID      {ios_id}
Message            {message}
Commit             {commit}
EAS Dashboard      https://expo.dev/accounts/pulso-fit/projects/pulso/updates/{group}"""


def channel_view(channel, group, message, when):
    return f"""ID      7c2e9a41-5d3b-4f6e-8a1c-{channel[:4].encode().hex()}5e7d9c
Name    {channel}

Branch Mapping
Branch  {channel}

Branch             {channel}
Platforms          android, ios
Runtime Version    1.5.2
Message            "{message}" ({when} by rui-pulso)
Group ID           {group}"""


# ------------------------------------------------------------------ stream


def gen():
    d = Dev("expo-rn", U, "en", MODEL, seed=52041, files=FILES)
    PKG = R + "/package.json"
    CFG = R + "/app.config.ts"
    EAS = R + "/eas.json"
    JS = R + "/jest.setup.ts"
    PTJ = R + "/src/locales/pt-PT.json"
    ENJ = R + "/src/locales/en.json"
    CC = R + "/src/components/ClassCard.tsx"
    TIME = R + "/src/lib/time.ts"
    MONEY = R + "/src/lib/money.ts"
    CLS = R + "/app/class/[id].tsx"

    # ================= S1 =================
    with d.session("2026-10-05T09:40:00", R, branch="main", version="2.1.190"):
        t = d.task("morning. first time using you on the pulso app, give me the 2 min tour: routing, where api "
                   "calls live, how builds/updates are set up. short pls", tags=["noise"])
        t.glob("app/**/*.tsx", [R + "/app/_layout.tsx", R + "/app/(tabs)/_layout.tsx", R + "/app/(tabs)/index.tsx",
                                R + "/app/(tabs)/explore.tsx", R + "/app/(tabs)/bookings.tsx",
                                R + "/app/(tabs)/profile.tsx", R + "/app/class/[id].tsx",
                                R + "/app/studio/[id].tsx", R + "/app/(auth)/login.tsx", R + "/app/+not-found.tsx"])
        t.read(PKG)
        t.read(CFG)
        t.read(EAS)
        t.glob("src/api/*.ts", [R + "/src/api/client.ts", R + "/src/api/classes.ts", R + "/src/api/bookings.ts",
                                R + "/src/api/studios.ts", R + "/src/api/types.ts"])
        t.done("Quick tour:\n\n"
               "- **Routing**: expo-router 4 under `app/`. `(tabs)` holds Hoje / Explorar / Reservas / Perfil, "
               "`class/[id]` and `studio/[id]` are pushed on top, `(auth)/login` is the signed-out stack. Typed "
               "routes are on (`experiments.typedRoutes`).\n"
               "- **API**: `src/api/*` — one `client.ts` (fetch wrapper, base URL from `extra.apiUrl` / "
               "`EXPO_PUBLIC_API_URL`) and TanStack Query hooks per resource (`useClassSession`, bookings, studios).\n"
               "- **Variants**: `APP_VARIANT` in `app.config.ts` gives three bundle ids (`pt.pulso.app.dev`, "
               "`.preview`, prod), so all three install side by side.\n"
               "- **EAS**: `eas.json` has `development` (dev client), `preview` (internal, channel `preview`, "
               "staging API) and `production` (channel `production`, remote versioning with autoIncrement). "
               "Runtime version policy is `appVersion`, so OTA updates only reach builds with the same `version`.\n"
               "- **Tests**: `pnpm test` is `jest --ci` on jest-expo; e2e are Maestro flows in `.maestro/`.")

        # T02 W3 + P1
        FAV = R + "/app/(tabs)/favorites.tsx"
        FAVF = R + "/.maestro/favorites.yaml"
        t = d.task("new tab: favourite studios. list of studios the user hearted (GET /me/favorites, hook in "
                   "src/api/studios.ts), tap goes to the studio page. plus a maestro flow for it. and all user "
                   "facing copy goes through i18n, pt-PT and en, no literal strings in the jsx",
                   tags=["workflow:W3", "pref:P1"])
        t.read(R + "/.maestro/login.yaml")
        t.read(PTJ)
        t.edit(PTJ, '  "common": {', '  "favorites": {\n    "title": "Favoritos",\n    "empty": "Ainda não tens '
               'estúdios favoritos."\n  },\n  "common": {')
        t.read(ENJ)
        t.edit(ENJ, '  "common": {', '  "favorites": {\n    "title": "Favourites",\n    "empty": "No favourite '
               'studios yet."\n  },\n  "common": {')
        t.write(FAV, """import { router } from 'expo-router';
import { FlatList, Pressable, StyleSheet, Text } from 'react-native';
import { useTranslation } from 'react-i18next';

import { useFavoriteStudios } from '@/api/studios';

export default function FavoritesScreen() {
  const { t } = useTranslation();
  const { data = [] } = useFavoriteStudios();
  return (
    <FlatList
      data={data}
      keyExtractor={(s) => s.id}
      contentContainerStyle={styles.list}
      ListEmptyComponent={<Text style={styles.empty}>{t('favorites.empty')}</Text>}
      renderItem={({ item }) => (
        <Pressable accessibilityRole="button" onPress={() => router.push(`/studio/${item.id}`)} style={styles.row}>
          <Text style={styles.name}>{item.name}</Text>
          <Text style={styles.area}>{item.neighbourhood}</Text>
        </Pressable>
      )}
    />
  );
}

const styles = StyleSheet.create({
  list: { padding: 16 },
  row: { paddingVertical: 14, borderBottomWidth: StyleSheet.hairlineWidth, borderColor: '#2A2A30' },
  name: { color: '#FFFFFF', fontSize: 17 },
  area: { color: '#A0A0AA', marginTop: 2 },
  empty: { color: '#A0A0AA', textAlign: 'center', marginTop: 40 },
});
""")
        t.write(FAVF, """appId: pt.pulso.app.dev
---
- runFlow: login.yaml
- tapOn: "Favoritos"
- assertVisible: "Estúdio Alma Yoga"
- tapOn: "Estúdio Alma Yoga"
- assertVisible: "Aulas desta semana"
""")
        t.bash("maestro test -e QA_PASSWORD=$PULSO_QA_PASSWORD .maestro/favorites.yaml", "Run the favourites Maestro flow on the booted simulator",
               out=maestro_ok("favorites", ['Run login.yaml', 'Tap on "Favoritos"', 'Assert that "Estúdio Alma Yoga" is visible',
                                            'Tap on "Estúdio Alma Yoga"', 'Assert that "Aulas desta semana" is visible'], "21.4"))
        t.bash("pnpm typecheck", "Type-check the project", out=tsc_ok())
        t.done("Added the Favoritos tab (`app/(tabs)/favorites.tsx`) using `useFavoriteStudios()`; rows push "
               "`/studio/[id]`. Copy is in `favorites.title` / `favorites.empty` in both `pt-PT.json` and `en.json`, "
               "nothing literal in the JSX. `.maestro/favorites.yaml` logs in, opens the tab and taps through to "
               "Alma Yoga: passes on the iPhone 16 sim. Typecheck clean.")

        # T03 M1 #1
        OB = R + "/src/components/OfflineBanner.tsx"
        OBT = R + "/src/components/__tests__/OfflineBanner.test.tsx"
        t = d.task("people book in the gym basement with no signal and get a silent spinner. add an offline banner "
                   "on top of the tabs (netinfo), with a test", tags=["mistake:M1"])
        t.bash("npx expo install @react-native-community/netinfo", "Install netinfo at the SDK 52 version",
               out="› Installing 1 SDK 52.0.0 compatible native module using pnpm\n> pnpm add "
                   "@react-native-community/netinfo@11.4.1\nPackages: +1\n+\nProgress: resolved 1187, reused 1123, "
                   "downloaded 1, added 1, done\n\ndependencies:\n+ @react-native-community/netinfo 11.4.1\n\n"
                   "Done in 3.8s")
        t.read(PTJ)
        t.edit(PTJ, '  "common": { "retry"', '  "offline": "Sem ligação. As reservas ficam em espera.",\n  "common": { "retry"')
        t.read(ENJ)
        t.edit(ENJ, '  "common": { "retry"', '  "offline": "You\'re offline. Bookings will wait.",\n  "common": { "retry"')
        t.write(OB, """import { useNetInfo } from '@react-native-community/netinfo';
import { StyleSheet, Text, View } from 'react-native';
import { useTranslation } from 'react-i18next';

export function OfflineBanner() {
  const { t } = useTranslation();
  const { isConnected } = useNetInfo();
  if (isConnected !== false) return null;
  return (
    <View accessibilityRole="alert" style={styles.banner}>
      <Text style={styles.text}>{t('offline')}</Text>
    </View>
  );
}

const styles = StyleSheet.create({
  banner: { backgroundColor: '#3A1C14', paddingVertical: 8, paddingHorizontal: 16 },
  text: { color: '#FFB4A1', fontSize: 14 },
});
""")
        t.write(OBT, """import { useNetInfo } from '@react-native-community/netinfo';
import { render, screen } from '@testing-library/react-native';

import { OfflineBanner } from '../OfflineBanner';

jest.mocked(useNetInfo);

describe('OfflineBanner', () => {
  it('renders nothing while connected', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
""")
        t.fail("pnpm test src/components/__tests__/OfflineBanner", "Run the banner test",
               turbo_fail("src/components/__tests__/OfflineBanner", "src/components/__tests__/OfflineBanner.test.tsx",
                          "RNCNetInfo",
                          "node_modules/.pnpm/@react-native-community+netinfo@11.4.1_react-native@0.76.9/node_modules/"
                          "@react-native-community/netinfo/src/internal/NativeRNCNetInfo.ts:38:15",
                          "src/components/OfflineBanner.tsx:1:1",
                          "    > 1 | import { useNetInfo } from '@react-native-community/netinfo';\n"
                          "        | ^\n"
                          "      2 | import { StyleSheet, Text, View } from 'react-native';\n"
                          "      3 | import { useTranslation } from 'react-i18next';"))
        t.say("The native NetInfo TurboModule doesn't exist under Jest, and nothing mocks it yet. netinfo ships a "
              "Jest mock; I'll register it in the shared setup file next to the Stripe one.")
        t.read(JS)
        t.edit(JS, "jest.mock('@stripe/stripe-react-native', () => require('@stripe/stripe-react-native/jest/mock.js'));",
               "jest.mock('@stripe/stripe-react-native', () => require('@stripe/stripe-react-native/jest/mock.js'));\n\n"
               "jest.mock('@react-native-community/netinfo', () =>\n"
               "  require('@react-native-community/netinfo/jest/netinfo-mock.js'),\n);")
        t.edit(OBT, """jest.mocked(useNetInfo);

describe('OfflineBanner', () => {
  it('renders nothing while connected', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});""", """describe('OfflineBanner', () => {
  it('renders nothing while connected', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the pt-PT message when offline', () => {
    jest.mocked(useNetInfo).mockReturnValueOnce({ isConnected: false } as ReturnType<typeof useNetInfo>);
    render(<OfflineBanner />);
    expect(screen.getByRole('alert')).toHaveTextContent('Sem ligação. As reservas ficam em espera.');
  });
});""")
        t.bash("pnpm test src/components/__tests__/OfflineBanner", "Re-run the banner test",
               out=jest_ok(["src/components/__tests__/OfflineBanner.test.tsx"], 2).replace(
                   "{args}", "src/components/__tests__/OfflineBanner").replace(
                   "{pat}", "/src\\/components\\/__tests__\\/OfflineBanner/i"))
        t.done("Added `OfflineBanner` (netinfo `useNetInfo`, renders only when `isConnected === false`, role "
               "`alert`, copy in both locale files). The first test run died with `TurboModuleRegistry.getEnforcing"
               "(...): 'RNCNetInfo' could not be found`: Jest has no native binary, so every native module needs a "
               "mock. I registered netinfo's own Jest mock in `jest.setup.ts`; both tests pass now. I haven't mounted "
               "it in the tabs layout yet. Want it above the tab bar or under the header?")

        t = d.task("quick q, whats the actual difference between an eas update channel and a branch? inês keeps "
                   "asking me and I explain it badly", tags=["noise", "no_tools"])
        t.done("- A **branch** is a list of updates, like a git branch of JS bundles. `eas update --branch x` adds an "
               "update to it.\n- A **channel** is baked into the binary at build time (`channel` in the eas.json build "
               "profile). The app asks its channel for updates.\n- The channel **points at** a branch. Usually "
               "`preview` → `preview`, but you can repoint `production` at another branch to roll back or roll out "
               "without touching the binaries.\n\nFor Inês: the build decides the channel, the channel decides which "
               "branch's latest update it gets, and with our `appVersion` policy only builds of the same version "
               "take it.")

    # ================= S2 =================
    with d.session("2026-10-07T10:15:00", R, branch="feat/offline-banner", version="2.1.191"):
        t = d.task("mounted the banner under the header myself. ship it: checks + PR", tags=["workflow:W1", "long_output"])
        t.bash("pnpm lint", "Lint", out=lint_ok())
        t.bash("pnpm typecheck", "Type-check", out=tsc_ok())
        suites = ["src/lib/__tests__/time.test.ts", "src/lib/__tests__/money.test.ts",
                  "src/components/__tests__/ClassCard.test.tsx", "src/components/__tests__/OfflineBanner.test.tsx",
                  "src/api/__tests__/client.test.ts", "src/api/__tests__/classes.test.ts",
                  "src/features/booking/__tests__/BookButton.test.tsx",
                  "src/features/booking/__tests__/useBookClass.test.ts",
                  "src/features/auth/__tests__/session.test.ts", "app/__tests__/favorites.test.tsx"]
        t.bash("pnpm test", "Run the whole Jest suite",
               out=jest_ok(suites, 41, "6 passed, 6 total", "7.814").replace(" {args}", "").replace(
                   "Ran all test suites matching {pat}.", "Ran all test suites."))
        t.bash("git add -A && git commit -m 'feat: offline banner above the tabs' && git push -u origin feat/offline-banner",
               "Commit and push the branch",
               out="[feat/offline-banner 4e1d0a7] feat: offline banner above the tabs\n 7 files changed, 96 insertions(+), 2 deletions(-)\n create mode 100644 src/components/OfflineBanner.tsx\n create mode 100644 src/components/__tests__/OfflineBanner.test.tsx",
               err="remote: \nremote: Create a pull request for 'feat/offline-banner' on GitHub by visiting:\nremote:      https://github.com/pulso-fit/pulso-app/pull/new/feat/offline-banner\nremote: \nTo github.com:pulso-fit/pulso-app.git\n * [new branch]      feat/offline-banner -> feat/offline-banner\nbranch 'feat/offline-banner' set up to track 'origin/feat/offline-banner'.")
        t.bash("gh pr create --base main --title 'Offline banner' --body 'Shows a banner when NetInfo reports no "
               "connection (gym basements), copy in pt-PT and en.'", "Open the PR",
               out="https://github.com/pulso-fit/pulso-app/pull/212",
               err="\nCreating pull request for feat/offline-banner into main in pulso-fit/pulso-app\n")
        t.done("Lint, typecheck and all 10 suites (41 tests, 6 snapshots) green. Pushed `feat/offline-banner` and "
               "opened #212.")

        # T06 M2 #1 + P2
        SH = R + "/src/features/studio/StudioHero.tsx"
        SHT = R + "/src/features/studio/__tests__/StudioHero.test.tsx"
        t = d.task("studio page needs a hero: cover photo, name, rating, neighbourhood. use expo-image for the "
                   "photo, not RN Image (caching + blurhash). snapshot test is fine for this one",
                   tags=["mistake:M2", "pref:P2"])
        t.write(SH, """import { Image } from 'expo-image';
import { StyleSheet, Text, View } from 'react-native';

import type { Studio } from '@/api/types';

type Props = { studio: Studio };

export function StudioHero({ studio }: Props) {
  return (
    <View>
      <Image
        source={{ uri: studio.coverUrl }}
        placeholder={{ blurhash: studio.coverBlurhash }}
        contentFit="cover"
        transition={200}
        style={styles.cover}
      />
      <View style={styles.meta}>
        <Text style={styles.name}>{studio.name}</Text>
        <Text style={styles.sub}>
          ★ {studio.rating.toFixed(1)} · {studio.neighbourhood}
        </Text>
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  cover: { width: '100%', height: 220 },
  meta: { padding: 16 },
  name: { color: '#FFFFFF', fontSize: 24, fontWeight: '700' },
  sub: { color: '#A0A0AA', marginTop: 4 },
});
""")
        t.write(SHT, """import { render } from '@testing-library/react-native';

import { StudioHero } from '../StudioHero';

const studio = {
  id: 'st_alma',
  name: 'Estúdio Alma Yoga',
  rating: 4.8,
  neighbourhood: 'Arroios',
  coverUrl: 'https://cdn.pulso.pt/studios/alma/cover.jpg',
  coverBlurhash: 'LKO2?U%2Tw=w]~RBVZRi};RPxuwH',
};

describe('StudioHero', () => {
  it('renders cover, name and rating', () => {
    expect(render(<StudioHero studio={studio} />).toJSON()).toMatchSnapshot();
  });

  it('renders a studio without decimals in the rating', () => {
    expect(render(<StudioHero studio={{ ...studio, rating: 5 }} />).toJSON()).toMatchSnapshot();
  });
});
""")
        recv = ("      <View>\n        <View\n          style={\n            {\n              \"height\": 220,\n"
                "              \"width\": \"100%\",\n            }\n          }\n        >\n      ...")
        t.fail("pnpm test src/features/studio/__tests__/StudioHero", "Run the new snapshot test",
               snap_fail("src/features/studio/__tests__/StudioHero", "src/features/studio/__tests__/StudioHero.test.tsx",
                         [("StudioHero › renders cover, name and rating", recv),
                          ("StudioHero › renders a studio without decimals in the rating", recv)], 2))
        t.say("Our `test` script is `jest --ci`, and in CI mode Jest refuses to write snapshots that don't exist "
              "yet. The snapshot file has to be written once with CI mode off, and then the normal run compares "
              "against it.")
        t.bash("pnpm test --ci=false src/features/studio/__tests__/StudioHero", "Write the two new snapshots once (CI mode off)",
               out=(f"\n> pulso-app@1.5.2 test {R}\n> jest --ci --ci=false src/features/studio/__tests__/StudioHero\n\n"
                    " PASS  src/features/studio/__tests__/StudioHero.test.tsx\n › 2 snapshots written.\n"
                    "Snapshot Summary\n › 2 snapshots written from 1 test suite.\n\n"
                    "Test Suites: 1 passed, 1 total\nTests:       2 passed, 2 total\n"
                    "Snapshots:   2 written, 2 total\nTime:        2.118 s\n"
                    "Ran all test suites matching /src\\/features\\/studio\\/__tests__\\/StudioHero/i."))
        t.bash("cat src/features/studio/__tests__/__snapshots__/StudioHero.test.tsx.snap | head -40",
               "Check the written snapshot", out="""// Jest Snapshot v1, https://goo.gl/fbAQLP

exports[`StudioHero renders a studio without decimals in the rating 1`] = `
<View>
  <View
    style={
      {
        "height": 220,
        "width": "100%",
      }
    }
  >
    <ExpoImage
      contentFit="cover"
      placeholder={
        [
          {
            "blurhash": "LKO2?U%2Tw=w]~RBVZRi};RPxuwH",
          },
        ]
      }
      source={
        [
          {
            "uri": "https://cdn.pulso.pt/studios/alma/cover.jpg",
          },
        ]
      }
      transition={
        {
          "duration": 200,
        }
      }
    />
  </View>
  <View
    style={
      {
        "padding": 16,
      }""")
        t.bash("pnpm test src/features/studio/__tests__/StudioHero", "Run it again the normal (CI) way",
               out=jest_ok(["src/features/studio/__tests__/StudioHero.test.tsx"], 2, "2 passed, 2 total", "1.977").replace(
                   "{args}", "src/features/studio/__tests__/StudioHero").replace(
                   "{pat}", "/src\\/features\\/studio\\/__tests__\\/StudioHero/i"))
        t.done("`StudioHero` uses `expo-image` with the blurhash placeholder and a 200 ms transition. The first run "
               "failed because `pnpm test` runs `jest --ci`, which never writes new snapshots. I wrote them once with "
               "`pnpm test --ci=false …`, checked the `.snap` looks sane (ExpoImage with cover + blurhash), and the "
               "normal CI-mode run passes 2/2. Commit the `__snapshots__` file with the component.")

        # T07 O1
        t = d.task("tsc is yelling on the class screen since tiago made studio optional in the api types, fix",
                   tags=["oneoff:O1"])
        t.fail("pnpm typecheck", "Type-check",
               f"\n> pulso-app@1.5.2 typecheck {R}\n> tsc --noEmit\n\n"
               "app/class/[id].tsx:15:9 - error TS2322: Type 'string | undefined' is not assignable to type 'string'.\n"
               "  Type 'undefined' is not assignable to type 'string'.\n\n"
               "15   const studioId: string = session.studio?.id;\n"
               "           ~~~~~~~~\n\n\nFound 1 error in app/class/[id].tsx:15\n\n ELIFECYCLE  Command failed with exit code 2.",
               code=2)
        t.read(CLS)
        t.edit(CLS, """  const studioId: string = session.studio?.id;
  return (""", """  const studioId = session.studio?.id;
  return (""")
        t.edit(CLS, """      <Text style={styles.link} onPress={() => router.push(`/studio/${studioId}`)}>
        {session.studio?.name}
      </Text>""", """      {studioId ? (
        <Text style={styles.link} onPress={() => router.push(`/studio/${studioId}`)}>
          {session.studio?.name}
        </Text>
      ) : null}""")
        t.bash("pnpm typecheck", "Type-check again", out=tsc_ok())
        t.done("Online classes (no studio) were the case tsc caught. `studioId` is now `string | undefined` and the "
               "studio link only renders when there is one, so no `/studio/undefined` push. Typecheck clean.")

        # T08 M3 #1
        t = d.task("inês needs an android preview build of the offline banner branch to try in the basement at "
                   "Alma. kick it off, don't wait for it", tags=["mistake:M3"])
        t.fail("eas build --profile preview --platform android --non-interactive --no-wait",
               "Start an internal Android preview build on EAS", eas_version_fail("16.3.3", ">= 16.4.0"))
        t.say("The eas-cli on this machine is older than the floor in `eas.json`. Updating the global CLI, then the "
              "same build command.")
        t.bash("npm install -g eas-cli && eas --version", "Update the global eas-cli",
               out=npm_g_eas("16.6.2", 412, "38"))
        t.bash("eas build --profile preview --platform android --non-interactive --no-wait",
               "Start the Android preview build again", out="""Resolved "preview" environment for the build. Learn more: https://docs.expo.dev/eas/environment-variables/#setting-the-environment-for-your-builds
Environment variables with visibility "Plain text" and "Sensitive" loaded from the "preview" environment on EAS: SENTRY_DSN.
Environment variables loaded from the "preview" build profile "env" configuration: APP_VARIANT, EXPO_PUBLIC_API_URL.

✔ Incremented versionCode from 84 to 85.
✔ Using remote Android credentials (Expo server)
✔ Using Keystore from configuration: Build Credentials Xq9LmT2pRw (default)

Compressing project files and uploading to EAS Build. Learn more: https://expo.fyi/eas-build-archive
✔ Uploaded to EAS 3s
✔ Computed project fingerprint

See logs: https://expo.dev/accounts/pulso-fit/projects/pulso/builds/8d2f41c7-0b9e-4a6d-9c35-71e0a2b4f6d1

Build queued...""")
        t.done("Build queued (versionCode 85, preview profile → staging API, channel `preview`): "
               "https://expo.dev/accounts/pulso-fit/projects/pulso/builds/8d2f41c7-0b9e-4a6d-9c35-71e0a2b4f6d1. "
               "The first attempt stopped because the global eas-cli was 16.3.3 and `eas.json` asks for `>= 16.4.0`. "
               "I updated it with `npm install -g eas-cli` (now 16.6.2). Inês gets the install link on the build page "
               "when it finishes.")

    # ================= S3 =================
    with d.session("2026-10-09T14:05:00", R, branch="main", version="2.1.192"):
        t = d.task("merged the studio hero + banner. push an OTA to preview so inês gets it without reinstalling",
                   tags=["workflow:W2", "flaky:F1"])
        t.bash("git pull --ff-only && pnpm typecheck", "Update main and type-check",
               out="Updating 4e1d0a7..c90b3e2\nFast-forward\n src/features/studio/StudioHero.tsx | 41 +++++\n "
                   "app/studio/[id].tsx | 6 +-\n 2 files changed, 45 insertions(+), 2 deletions(-)\n" + tsc_ok())
        cmd = "eas update --channel preview --message 'studio hero + offline banner' --non-interactive"
        t.fail(cmd, "Publish an OTA update to the preview channel",
               "Starting Metro Bundler\nAndroid Bundled 8512ms node_modules/.pnpm/expo-router@4.0.17_.../node_modules/"
               "expo-router/entry.js (2111 modules)\niOS Bundled 8803ms node_modules/.pnpm/expo-router@4.0.17_.../"
               "node_modules/expo-router/entry.js (2115 modules)\n\nExported: dist\n✖ Failed to upload\n"
               "request to https://api.expo.dev/graphql failed, reason: read ECONNRESET\n"
               "    Error: update command failed.")
        t.say("Network reset talking to api.expo.dev mid-upload; nothing in the project changed. Same command again.")
        t.bash(cmd, "Publish an OTA update to the preview channel",
               out=eas_update_ok("preview", "studio hero + offline banner", "0f3c7a12-9e44-4b1d-8a52-6c0d9e1f2b37",
                                 "2b7e91c0-4d3a-4f6e-b812-90a1c5d7e3f4", "6e1a0c9d-8b72-4e35-a1f4-3c5d7b9e2a08",
                                 commit="c90b3e2"))
        t.bash("eas channel:view preview", "Confirm what the preview channel serves",
               out=channel_view("preview", "0f3c7a12-9e44-4b1d-8a52-6c0d9e1f2b37", "studio hero + offline banner", "1 minute ago"))
        t.done("Published to `preview` (runtime 1.5.2, group `0f3c7a12…`). The first upload died on a "
               "`read ECONNRESET` from api.expo.dev; the identical retry went through. Inês needs to open the app "
               "twice (the first launch downloads, the second runs it).")

        t = d.task("where do we register the push token with the backend? want to know if we do it on every launch",
                   tags=["noise"])
        t.grep("getExpoPushTokenAsync", path=R + "/src", output_mode="content", n=True,
               content="src/notifications/register.ts:18:  const { data: token } = await Notifications.getExpoPushTokenAsync({ projectId });")
        NR = R + "/src/notifications/register.ts"
        d.files[NR] = """import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';
import * as SecureStore from 'expo-secure-store';

import { api } from '@/api/client';

const KEY = 'push-token-v1';

export async function registerForPush() {
  const { status } = await Notifications.requestPermissionsAsync();
  if (status !== 'granted') return;
  const projectId = Constants.expoConfig?.extra?.eas?.projectId;
  const last = await SecureStore.getItemAsync(KEY);
  const { data: token } = await Notifications.getExpoPushTokenAsync({ projectId });
  if (token === last) return;
  await api.post('/me/devices', { token, platform: Constants.platform?.ios ? 'ios' : 'android' });
  await SecureStore.setItemAsync(KEY, token);
}
"""
        t.read(NR)
        t.grep("registerForPush", path=R + "/app", filenames=[R + "/app/_layout.tsx"])
        t.done("`src/notifications/register.ts`. It runs from `app/_layout.tsx` on every launch, but it only POSTs "
               "`/me/devices` when the token differs from the one cached in SecureStore (`push-token-v1`). So: "
               "permission prompt check + token fetch every launch, backend call only on change. One gap: if the "
               "user logs into another account on the same phone the token is the same, so the new account never "
               "gets it registered.")

        # T11 P3 date-fns
        t = d.task("class cards should say 'começa em 2h' / 'starts in 2h' when it's today instead of the weekday. "
                   "use date-fns for it, we already have it", tags=["pref:P3"])
        t.read(TIME)
        t.edit(TIME, """import { format } from 'date-fns';
import { pt } from 'date-fns/locale';

export function formatStartTime(iso: string): string {
  return format(new Date(iso), 'EEE HH:mm', { locale: pt });
}""", """import { differenceInMinutes, format, formatDistanceToNowStrict, isToday } from 'date-fns';
import { enGB, pt } from 'date-fns/locale';

import i18n from '@/i18n';

export function formatStartTime(iso: string, now = new Date()): string {
  const start = new Date(iso);
  const locale = i18n.language.startsWith('pt') ? pt : enGB;
  if (isToday(start) && differenceInMinutes(start, now) > 0) {
    return i18n.t('class.startsIn', { in: formatDistanceToNowStrict(start, { locale }) });
  }
  return format(start, 'EEE HH:mm', { locale });
}""")
        t.read(PTJ)
        t.edit(PTJ, '    "full": "Esgotada"', '    "full": "Esgotada",\n    "startsIn": "começa em {{in}}"')
        t.read(ENJ)
        t.edit(ENJ, '    "full": "Full"', '    "full": "Full",\n    "startsIn": "starts in {{in}}"')
        t.bash("pnpm test src/lib", "Run the lib tests",
               out=jest_ok(["src/lib/__tests__/time.test.ts", "src/lib/__tests__/money.test.ts"], 9).replace(
                   "{args}", "src/lib").replace("{pat}", "/src\\/lib/i"))
        t.done("`formatStartTime` now returns `começa em 2 horas` / `starts in 2 hours` for classes later today "
               "(date-fns `formatDistanceToNowStrict` with the pt / enGB locale) and keeps `qua 18:30` otherwise. "
               "Strings live in both locale files. Lib tests pass; ClassCard's snapshot isn't affected because its "
               "fixture is a future weekday.")

        t = d.task("we're still on runtimeVersion appVersion. read the expo docs on runtime versions and tell me "
                   "if fingerprint would've saved us the march incident (ota with a native dep that crashed old builds)",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.expo.dev/eas-update/runtime-versions/",
                   "Runtime version policies: appVersion vs fingerprint, what each protects against",
                   "Runtime versions guarantee compatibility between a build's native code and an update. Policies: "
                   "`appVersion` uses the app's version (e.g. 1.0.0) as the runtime version; you must remember to bump "
                   "the version whenever native code changes. `nativeVersion` uses version + build number. "
                   "`fingerprint` calculates a hash of the project's native characteristics (native dependencies, "
                   "config plugins, app config fields that affect native code) using @expo/fingerprint, and the "
                   "runtime version changes automatically whenever any of them change. With fingerprint, an update "
                   "that requires new native code is published for a new runtime version that existing builds will "
                   "not receive. You can check a fingerprint with `npx expo-updates fingerprint:generate`.")
        t.done("Yes. In March the OTA added a native module without bumping `version`, so under `appVersion` the "
               "update kept runtime 1.3.0 and went to builds that didn't have the module. With `fingerprint` the new "
               "native dep changes the hash, so the update gets a new runtime version and old binaries never see "
               "it. The cost: any native change (a config plugin tweak too) means a new build before OTAs reach "
               "people. Worth switching at the next store release, since the first fingerprint build starts a new "
               "runtime.")

    # ================= S4 (acceptEdits) =================
    with d.session("2026-10-13T09:30:00", R, branch="feat/studio-map", version="2.1.193", permission_mode="acceptEdits"):
        SM = R + "/src/features/studio/StudioMap.tsx"
        SMT = R + "/src/features/studio/__tests__/StudioMap.test.tsx"
        t = d.task("studio page: small map under the hero with a pin, tap opens apple/google maps directions. "
                   "react-native-maps. test that the tap builds the right url", tags=["mistake:M1"])
        t.bash("npx expo install react-native-maps", "Install react-native-maps at the SDK 52 version",
               out="› Installing 1 SDK 52.0.0 compatible native module using pnpm\n> pnpm add react-native-maps@1.18.0\n"
                   "Packages: +1\n+\nProgress: resolved 1188, reused 1124, downloaded 1, added 1, done\n\n"
                   "dependencies:\n+ react-native-maps 1.18.0\n\nDone in 4.1s")
        t.write(SM, """import { Linking, Platform, Pressable, StyleSheet } from 'react-native';
import MapView, { Marker } from 'react-native-maps';

type Props = { name: string; lat: number; lng: number };

export function directionsUrl({ name, lat, lng }: Props) {
  const q = encodeURIComponent(name);
  return Platform.OS === 'ios'
    ? `http://maps.apple.com/?daddr=${lat},${lng}&q=${q}`
    : `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

export function StudioMap(props: Props) {
  const region = { latitude: props.lat, longitude: props.lng, latitudeDelta: 0.006, longitudeDelta: 0.006 };
  return (
    <Pressable accessibilityRole="link" onPress={() => Linking.openURL(directionsUrl(props))}>
      <MapView style={styles.map} initialRegion={region} scrollEnabled={false} zoomEnabled={false} pointerEvents="none">
        <Marker coordinate={{ latitude: props.lat, longitude: props.lng }} />
      </MapView>
    </Pressable>
  );
}

const styles = StyleSheet.create({ map: { height: 160, borderRadius: 12, marginHorizontal: 16 } });
""")
        t.write(SMT, """import { fireEvent, render, screen } from '@testing-library/react-native';
import { Linking } from 'react-native';

import { StudioMap } from '../StudioMap';

describe('StudioMap', () => {
  it('opens directions to the studio', () => {
    const open = jest.spyOn(Linking, 'openURL').mockResolvedValue(true);
    render(<StudioMap name="Box Lab Intendente" lat={38.7223} lng={-9.1354} />);
    fireEvent.press(screen.getByRole('link'));
    expect(open).toHaveBeenCalledWith('http://maps.apple.com/?daddr=38.7223,-9.1354&q=Box%20Lab%20Intendente');
  });
});
""")
        t.fail("pnpm test src/features/studio", "Run the studio feature tests",
               turbo_fail("src/features/studio", "src/features/studio/__tests__/StudioMap.test.tsx", "RNMapsAirModule",
                          "node_modules/.pnpm/react-native-maps@1.18.0_react-native@0.76.9_react@18.3.1/node_modules/"
                          "react-native-maps/src/specs/NativeAirMapsModule.ts:54:16",
                          "src/features/studio/StudioMap.tsx:2:1",
                          "      1 | import { Linking, Platform, Pressable, StyleSheet } from 'react-native';\n"
                          "    > 2 | import MapView, { Marker } from 'react-native-maps';\n"
                          "        | ^\n"
                          "      3 |\n"
                          "      4 | type Props = { name: string; lat: number; lng: number };").replace(
                   "Test Suites: 1 failed, 1 total\nTests:       0 total\nSnapshots:   0 total",
                   " PASS  src/features/studio/__tests__/StudioHero.test.tsx\n\n"
                   "Test Suites: 1 failed, 1 passed, 2 total\nTests:       2 passed, 2 total\nSnapshots:   2 passed, 2 total"))
        t.read(JS)
        t.edit(JS, """jest.mock('@react-native-community/netinfo', () =>
  require('@react-native-community/netinfo/jest/netinfo-mock.js'),
);""", """jest.mock('@react-native-community/netinfo', () =>
  require('@react-native-community/netinfo/jest/netinfo-mock.js'),
);

// react-native-maps has no Jest mock of its own: plain host components are enough for our tests
jest.mock('react-native-maps', () => {
  const { View } = require('react-native');
  const MockMapView = (props: object) => <View {...props} />;
  const MockMarker = (props: object) => <View {...props} />;
  return { __esModule: true, default: MockMapView, Marker: MockMarker };
});""")
        t.fail("pnpm test src/features/studio", "Re-run the studio tests",
               f"\n> pulso-app@1.5.2 test {R}\n> jest --ci src/features/studio\n\n"
               " FAIL  src/features/studio/__tests__/StudioMap.test.tsx\n  ● Test suite failed to run\n\n"
               "    SyntaxError: /Users/rui/dev/pulso-app/jest.setup.ts: Unexpected token, expected \",\" (19:40)\n\n"
               "      17 | jest.mock('react-native-maps', () => {\n      18 |   const { View } = require('react-native');\n"
               "    > 19 |   const MockMapView = (props: object) => <View {...props} />;\n"
               "         |                                         ^\n\n"
               " PASS  src/features/studio/__tests__/StudioHero.test.tsx\n\n"
               "Test Suites: 1 failed, 1 passed, 2 total\nTests:       2 passed, 2 total\n"
               "Snapshots:   2 passed, 2 total\nTime:        2.870 s\n ELIFECYCLE  Test failed. See above for more details.")
        t.say("JSX in a `.ts` file: the setup file isn't parsed as TSX. `React.createElement` keeps it a plain .ts.")
        t.edit(JS, """  const { View } = require('react-native');
  const MockMapView = (props: object) => <View {...props} />;
  const MockMarker = (props: object) => <View {...props} />;""", """  const React = require('react');
  const { View } = require('react-native');
  const MockMapView = (props: object) => React.createElement(View, props);
  const MockMarker = (props: object) => React.createElement(View, props);""")
        t.bash("pnpm test src/features/studio", "Re-run the studio tests",
               out=jest_ok(["src/features/studio/__tests__/StudioHero.test.tsx",
                            "src/features/studio/__tests__/StudioMap.test.tsx"], 3, "2 passed, 2 total").replace(
                   "{args}", "src/features/studio").replace("{pat}", "/src\\/features\\/studio/i"))
        t.done("`StudioMap`: static 160 px map with a pin, the whole card opens Apple Maps / Google Maps directions. "
               "Jest first failed with `'RNMapsAirModule' could not be found` (native module, no binary under Jest). "
               "react-native-maps ships no Jest mock, so I added a small one in `jest.setup.ts` (MapView/Marker as "
               "plain Views, written with createElement since the setup file is .ts). Studio tests 3/3. Note: the "
               "map needs a new dev client / preview build; an OTA alone won't carry it.")

        # T14 W3 #2 + P1
        WL = R + "/app/class/[id]/waitlist.tsx"
        WLF = R + "/.maestro/waitlist.yaml"
        t = d.task("waitlist screen for full classes: position in the queue + leave waitlist button. maestro flow "
                   "too. no hardcoded copy, everything in the locale files, both languages",
                   tags=["workflow:W3", "pref:P1"])
        t.read(PTJ)
        t.edit(PTJ, '  "common": { "retry"', '  "waitlist": {\n    "position": "És o {{n}}.º na lista de espera",\n'
               '    "leave": "Sair da lista de espera"\n  },\n  "common": { "retry"')
        t.read(ENJ)
        t.edit(ENJ, '  "common": { "retry"', '  "waitlist": {\n    "position": "You\'re #{{n}} on the waitlist",\n'
               '    "leave": "Leave waitlist"\n  },\n  "common": { "retry"')
        t.write(WL, """import { router, useLocalSearchParams } from 'expo-router';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { useTranslation } from 'react-i18next';

import { useLeaveWaitlist, useWaitlistEntry } from '@/api/bookings';

export default function WaitlistScreen() {
  const { id } = useLocalSearchParams<{ id: string }>();
  const { t } = useTranslation();
  const { data: entry } = useWaitlistEntry(id);
  const leave = useLeaveWaitlist(id);
  if (!entry) return null;
  return (
    <View style={styles.body}>
      <Text style={styles.position}>{t('waitlist.position', { n: entry.position })}</Text>
      <Pressable
        accessibilityRole="button"
        style={styles.leave}
        onPress={() => leave.mutate(undefined, { onSuccess: () => router.back() })}
      >
        <Text style={styles.leaveText}>{t('waitlist.leave')}</Text>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  body: { padding: 24, gap: 24 },
  position: { color: '#FFFFFF', fontSize: 22, fontWeight: '600' },
  leave: { borderColor: '#FF4F2E', borderWidth: 1, borderRadius: 10, padding: 14, alignItems: 'center' },
  leaveText: { color: '#FF4F2E', fontSize: 16 },
});
""")
        t.write(WLF, """appId: pt.pulso.app.dev
---
- runFlow: login.yaml
- tapOn: "Explorar"
- tapOn: "Spinning 19:00 · Ride Club"
- tapOn: "Entrar na lista de espera"
- assertVisible: "És o .*º na lista de espera"
- tapOn: "Sair da lista de espera"
- assertVisible: "Spinning 19:00"
""")
        t.bash("maestro test -e QA_PASSWORD=$PULSO_QA_PASSWORD .maestro/waitlist.yaml", "Run the waitlist flow",
               out=maestro_ok("waitlist", ['Run login.yaml', 'Tap on "Explorar"', 'Tap on "Spinning 19:00 · Ride Club"',
                                           'Tap on "Entrar na lista de espera"',
                                           'Assert that "És o .*º na lista de espera" is visible',
                                           'Tap on "Sair da lista de espera"', 'Assert that "Spinning 19:00" is visible'],
                              "33.8"))
        t.bash("pnpm typecheck", "Type-check", out=tsc_ok())
        t.done("`app/class/[id]/waitlist.tsx` shows the position and a leave button (goes back on success). Copy "
               "in `waitlist.*` in both locale files. `.maestro/waitlist.yaml` joins and leaves the waitlist of the "
               "seeded full Ride Club class on staging: passes. Typecheck clean.")

        # T15 O2
        t = d.task("the price test broke on the CI runner but not on my mac?? money.test", tags=["oneoff:O2"])
        t.read(MONEY)
        d.files[R + "/src/lib/__tests__/money.test.ts"] = """import { formatPrice } from '../money';

describe('formatPrice', () => {
  it('formats euros the Portuguese way', () => {
    expect(formatPrice(1250)).toBe('12,50\u00a0€');
  });
  it('formats zero', () => {
    expect(formatPrice(0)).toBe('0,00\u00a0€');
  });
});
"""
        t.read(R + "/src/lib/__tests__/money.test.ts")
        t.fail("LANG=en_US.UTF-8 pnpm test src/lib/__tests__/money", "Reproduce with the runner's locale",
               f"\n> pulso-app@1.5.2 test {R}\n> jest --ci src/lib/__tests__/money\n\n"
               " FAIL  src/lib/__tests__/money.test.ts\n  ● formatPrice › formats euros the Portuguese way\n\n"
               "    expect(received).toBe(expected) // Object.is equality\n\n    Expected: \"12,50 €\"\n"
               "    Received: \"€12.50\"\n\n      3 | describe('formatPrice', () => {\n"
               "      4 |   it('formats euros the Portuguese way', () => {\n"
               "    > 5 |     expect(formatPrice(1250)).toBe('12,50 €');\n        |                               ^\n"
               "      6 |   });\n\n      at Object.toBe (src/lib/__tests__/money.test.ts:5:31)\n\n"
               "  ● formatPrice › formats zero\n\n    expect(received).toBe(expected) // Object.is equality\n\n"
               "    Expected: \"0,00 €\"\n    Received: \"€0.00\"\n\n"
               "Test Suites: 1 failed, 1 total\nTests:       2 failed, 2 total\nSnapshots:   0 total\n"
               "Time:        0.912 s\n ELIFECYCLE  Test failed. See above for more details.")
        t.say("`Intl.NumberFormat(undefined, …)` follows the process locale: pt_PT on your Mac, en_US on the "
              "runner. Prices should follow the app language, not the machine's.")
        t.edit(MONEY, """export function formatPrice(cents: number, currency = 'EUR'): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}""", """import i18n from '@/i18n';

export function formatPrice(cents: number, currency = 'EUR', locale = i18n.language || 'pt-PT'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}""")
        t.bash("LANG=en_US.UTF-8 pnpm test src/lib/__tests__/money", "Same command with the runner's locale",
               out=jest_ok(["src/lib/__tests__/money.test.ts"], 2).replace("{args}", "src/lib/__tests__/money").replace(
                   "{pat}", "/src\\/lib\\/__tests__\\/money/i"))
        t.done("`formatPrice` used `Intl.NumberFormat(undefined)`, i.e. the machine locale (pt_PT on your Mac, "
               "en_US on ubuntu-latest). It now takes the i18n language (default pt-PT), so `12,50 €` everywhere and "
               "`€12.50` only when the app is in English. Reproduced with `LANG=en_US.UTF-8`, passes now.")

        t = d.task("honest opinion, should we jump to SDK 53 before black friday or wait til january?",
                   tags=["noise", "no_tools"])
        t.done("Wait until January. SDK 53 moves to RN 0.79 and React 19, and expo-router / Stripe / Sentry all "
               "need matching bumps. That's a new binary and a new runtime version for everyone in the middle of "
               "your busiest weeks, and OTA fixes wouldn't reach people who haven't updated from the store. Do the "
               "upgrade on a branch in December, ship it as 1.7 in early January.")

    # ================= S5 =================
    with d.session("2026-10-16T10:00:00", R, branch="feat/studio-map", version="2.1.194"):
        t = d.task("ship the map + waitlist branch, same routine as usual", tags=["workflow:W1", "long_output"])
        t.bash("pnpm lint", "Lint", out=lint_ok())
        t.bash("pnpm typecheck", "Type-check", out=tsc_ok())
        suites2 = ["src/lib/__tests__/time.test.ts", "src/lib/__tests__/money.test.ts",
                   "src/components/__tests__/ClassCard.test.tsx", "src/components/__tests__/OfflineBanner.test.tsx",
                   "src/api/__tests__/client.test.ts", "src/api/__tests__/classes.test.ts",
                   "src/features/booking/__tests__/BookButton.test.tsx",
                   "src/features/booking/__tests__/useBookClass.test.ts",
                   "src/features/auth/__tests__/session.test.ts", "src/features/studio/__tests__/StudioHero.test.tsx",
                   "src/features/studio/__tests__/StudioMap.test.tsx", "app/__tests__/favorites.test.tsx"]
        t.bash("pnpm test", "Whole Jest suite",
               out=jest_ok(suites2, 46, "8 passed, 8 total", "8.402").replace(" {args}", "").replace(
                   "Ran all test suites matching {pat}.", "Ran all test suites."))
        t.bash("git add -A && git commit -m 'feat: studio map and class waitlist' && git push -u origin feat/studio-map",
               "Commit and push",
               out="[feat/studio-map 77ab0e3] feat: studio map and class waitlist\n 11 files changed, 214 insertions(+), 6 deletions(-)",
               err="To github.com:pulso-fit/pulso-app.git\n * [new branch]      feat/studio-map -> feat/studio-map\nbranch 'feat/studio-map' set up to track 'origin/feat/studio-map'.")
        t.bash("gh pr create --base main --title 'Studio map + waitlist' --body 'Map with directions on the studio "
               "page (react-native-maps, needs a new build), waitlist screen + Maestro flow, formatPrice follows the "
               "app language.'", "Open the PR", out="https://github.com/pulso-fit/pulso-app/pull/215",
               err="\nCreating pull request for feat/studio-map into main in pulso-fit/pulso-app\n")
        t.done("Lint, typecheck, 12 suites / 46 tests green. PR #215 is open and says the map needs a new binary.")

        t = d.task("1.5.2 build 131 is on testflight since yesterday. submit it to app review (eas submit, latest)",
                   tags=["unfixed:U1"])
        t.fail("eas submit --platform ios --profile production --latest --non-interactive",
               "Submit the latest iOS production build to App Store Connect", """✔ Using remote iOS credentials (Expo server)
Looking up latest build for platform ios...
✔ Found build 2c9e04b1-6f7a-4d3e-b1a0-9e58c7d2f614 (1.5.2 (131))

ASC App ID:                 6504418872
Project ID:                 5b1f0c1e-7a43-4d0e-9b6e-2f3c8d1a9e44
App Store Connect API Key:  Key ID: 9W4J7XKQ2M (Name: [Expo] EAS Submit)

✔ Scheduled iOS submission

Submission details: https://expo.dev/accounts/pulso-fit/projects/pulso/submissions/51d7e2a3-0c84-4b9f-a6e1-3d2f9c07b58e

Waiting for submission to complete. You can press Ctrl+C to exit.
✖ Something went wrong when submitting your app to Apple App Store Connect.
[logs] Error: A required agreement is missing or has expired. This request requires an in-effect agreement that has not been signed or has expired. Ensure your team has signed the necessary legal agreements and that they are not expired.
    Error: submit command failed.""")
        t.bash("eas build:view 2c9e04b1-6f7a-4d3e-b1a0-9e58c7d2f614",
               "Check the build itself is fine", out="""ID                            2c9e04b1-6f7a-4d3e-b1a0-9e58c7d2f614
Platform                      iOS
Status                        finished
Profile                       production
Distribution                  store
Enterprise Provisioning       -
Release Channel               -
Channel                       production
SDK Version                   52.0.0
Runtime Version               1.5.2
Version                       1.5.2
Build number                  131
Commit                        b71d3f0
Logs                          https://expo.dev/accounts/pulso-fit/projects/pulso/builds/2c9e04b1-6f7a-4d3e-b1a0-9e58c7d2f614
Artifact                      https://expo.dev/artifacts/eas/kPq2rXvN8mYd3Lz6TjBw1.ipa""")
        t.done("Apple rejected the submission: `A required agreement is missing or has expired`. That's the updated "
               "Apple Developer Program License Agreement; only the Account Holder can accept it (Marta, under "
               "developer.apple.com → Account → Agreements). The build itself is fine (1.5.2 (131), finished, "
               "channel production). Nothing to change on our side; once she accepts, the same `eas submit "
               "--latest` should go through. I didn't retry.")

        RN = R + "/docs/release-notes/1.6.0.md"
        t = d.task("write release notes for 1.6.0 (favourites, offline banner, studio hero + map, waitlist). put "
                   "them in docs/release-notes, inês sends them to studio partners", tags=["noise"])
        t.bash("git log --oneline v1.5.2..main", "Commits since 1.5.2",
               out="c90b3e2 Merge pull request #214 from pulso-fit/feat/studio-hero\n"
                   "5da2e71 feat(studio): hero with expo-image\n"
                   "4e1d0a7 feat: offline banner above the tabs\n"
                   "0c8b3f5 fix(class): optional studio for online classes\n"
                   "a73e2d9 feat: favourites tab\n"
                   "19f0c44 fix: price formatting follows app language")
        t.write(RN, """# Pulso 1.6.0: release notes for studio partners

## Overview

Pulso 1.6.0 is our biggest update this autumn. It focuses on making it easier for members to find your studio,
to get to it, and to hold on to a spot in popular classes even when they are full. This document describes each
change, what members will see, what it means for you as a partner, and what you might want to do about it.

## 1. Favourite studios

### What members see
Members can now heart a studio and find all their favourite studios in a new "Favoritos" tab.

### What it means for you
Members who favourite your studio see your classes first. Over time we expect favourites to become one of the
main ways members come back to studios they like.

### What you can do
Encourage members at the front desk to favourite your studio in the app.

## 2. Offline banner

### What members see
When there's no signal (basements, changing rooms) the app now says so clearly instead of loading forever.

### What it means for you
Fewer "the app didn't work" complaints at reception. Bookings made offline are not lost; they are sent when the
connection comes back.

## 3. New studio page

### What members see
A large cover photo, your rating and neighbourhood, and a map with directions.

### What it means for you
Your cover photo now matters much more. We recommend a landscape photo of at least 1600 px wide.

### What you can do
Send us a new cover photo if yours is old or low resolution.

## 4. Waitlist

### What members see
When a class is full members can join a waitlist and see their position. If someone cancels, the first person on
the waitlist gets the spot automatically and a notification.

### What it means for you
Fewer empty spots from late cancellations.

### What you can do
Nothing. Waitlists are on for every class with a capacity.

## Rollout

1.6.0 will be submitted to the App Store and Google Play next week. Members update through the stores as usual.

## Questions

Reply to this email or talk to Inês.
""")
        t.done("Wrote `docs/release-notes/1.6.0.md`: overview, then per feature what members see, what it means "
               "for the studio, what they can do (cover photo ≥ 1600 px, favouriting at the front desk), plus "
               "rollout and contact.")

        # T20 M2 #2
        CD = R + "/src/features/booking/CancelPolicy.tsx"
        CDT = R + "/src/features/booking/__tests__/CancelPolicy.test.tsx"
        t = d.task("booking confirmation needs the cancellation policy box (free until 12h before, then credit is "
                   "lost). 3 variants: free, late, no-refund class. snapshot each", tags=["mistake:M2"])
        t.read(PTJ)
        t.edit(PTJ, '  "common": { "retry"', '  "policy": {\n    "free": "Cancelamento grátis até {{time}}",\n'
               '    "late": "Se cancelares agora perdes o crédito",\n    "none": "Esta aula não tem reembolso"\n  },\n'
               '  "common": { "retry"')
        t.read(ENJ)
        t.edit(ENJ, '  "common": { "retry"', '  "policy": {\n    "free": "Free cancellation until {{time}}",\n'
               '    "late": "Cancelling now loses the credit",\n    "none": "This class is non-refundable"\n  },\n'
               '  "common": { "retry"')
        t.write(CD, """import { StyleSheet, Text, View } from 'react-native';
import { useTranslation } from 'react-i18next';

import { formatStartTime } from '@/lib/time';

type Props = { refundable: boolean; freeUntil: string; now?: Date };

export function CancelPolicy({ refundable, freeUntil, now = new Date() }: Props) {
  const { t } = useTranslation();
  const key = !refundable ? 'none' : new Date(freeUntil) > now ? 'free' : 'late';
  return (
    <View style={[styles.box, key !== 'free' && styles.warn]}>
      <Text style={styles.text}>{t(`policy.${key}`, { time: formatStartTime(freeUntil, now) })}</Text>
    </View>
  );
}

const styles = StyleSheet.create({
  box: { borderRadius: 10, padding: 12, backgroundColor: '#17261B' },
  warn: { backgroundColor: '#2B1A12' },
  text: { color: '#E6E6EA', fontSize: 14 },
});
""")
        t.write(CDT, """import { render } from '@testing-library/react-native';

import { CancelPolicy } from '../CancelPolicy';

const now = new Date('2026-10-19T08:00:00Z');

describe('CancelPolicy', () => {
  it('free cancellation window', () => {
    expect(render(<CancelPolicy refundable freeUntil="2026-10-21T06:30:00Z" now={now} />).toJSON()).toMatchSnapshot();
  });
  it('late cancellation', () => {
    expect(render(<CancelPolicy refundable freeUntil="2026-10-18T18:00:00Z" now={now} />).toJSON()).toMatchSnapshot();
  });
  it('non-refundable class', () => {
    expect(render(<CancelPolicy refundable={false} freeUntil="2026-10-21T06:30:00Z" now={now} />).toJSON()).toMatchSnapshot();
  });
});
""")
        recv2 = ("      <View\n        style={\n          [\n            {\n              \"backgroundColor\": \"#17261B\",\n"
                 "              \"borderRadius\": 10,\n      ...")
        t.fail("pnpm test src/features/booking/__tests__/CancelPolicy.test.tsx", "Run the new policy tests",
               snap_fail("src/features/booking/__tests__/CancelPolicy.test.tsx",
                         "src/features/booking/__tests__/CancelPolicy.test.tsx",
                         [("CancelPolicy › free cancellation window", recv2), ("CancelPolicy › late cancellation", recv2),
                          ("CancelPolicy › non-refundable class", recv2)], 3, "2.611"))
        t.say("Same as the StudioHero snapshots: `jest --ci` won't create new snapshot files. Writing them once "
              "with `--ci=false`, then the normal run.")
        t.bash("pnpm test --ci=false src/features/booking/__tests__/CancelPolicy.test.tsx", "Write the 3 new snapshots",
               out=(f"\n> pulso-app@1.5.2 test {R}\n> jest --ci --ci=false src/features/booking/__tests__/CancelPolicy.test.tsx\n\n"
                    " PASS  src/features/booking/__tests__/CancelPolicy.test.tsx\n › 3 snapshots written.\n"
                    "Snapshot Summary\n › 3 snapshots written from 1 test suite.\n\n"
                    "Test Suites: 1 passed, 1 total\nTests:       3 passed, 3 total\n"
                    "Snapshots:   3 written, 3 total\nTime:        2.340 s\n"
                    "Ran all test suites matching /src\\/features\\/booking\\/__tests__\\/CancelPolicy.test.tsx/i."))
        t.bash("grep -n 'exports\\|Cancel\\|crédito\\|reembolso' src/features/booking/__tests__/__snapshots__/CancelPolicy.test.tsx.snap",
               "Check the texts in the written snapshots",
               out="3:exports[`CancelPolicy free cancellation window 1`] = `\n"
                   "21:    Cancelamento grátis até qua 07:30\n"
                   "26:exports[`CancelPolicy late cancellation 1`] = `\n"
                   "49:    Se cancelares agora perdes o crédito\n"
                   "54:exports[`CancelPolicy non-refundable class 1`] = `\n"
                   "77:    Esta aula não tem reembolso")
        t.bash("pnpm test src/features/booking", "Booking tests the normal way",
               out=jest_ok(["src/features/booking/__tests__/BookButton.test.tsx",
                            "src/features/booking/__tests__/useBookClass.test.ts",
                            "src/features/booking/__tests__/CancelPolicy.test.tsx"], 12, "3 passed, 3 total", "3.105").replace(
                   "{args}", "src/features/booking").replace("{pat}", "/src\\/features\\/booking/i"))
        t.done("`CancelPolicy` picks free / late / none and uses the locale strings (`policy.*`, both files). The "
               "three snapshots were written with `--ci=false` (the CI-mode run refuses to create them); texts in the "
               ".snap look right (`Cancelamento grátis até qua 07:30`, …). Booking tests 12/12 in normal mode.")

    # ================= S6 (precompact) =================
    with d.session("2026-10-20T09:10:00", R, branch="main", version="2.1.195"):
        t = d.task("those 1.6.0 release notes were way too long, I had to cut half of it before inês could send it. "
                   "studios read this on their phone between classes. next time: 5 bullets max, one line each, no "
                   "headers", tags=["feedback", "no_tools"],
                   feedback="those 1.6.0 release notes were way too long, I had to cut half of it before inês could send it")
        t.done("Got it. Partner release notes from now on: at most 5 one-line bullets, no headers, only what "
               "changes for the studio. For 1.6.0 that would have been favourites, studio page + map, waitlist, "
               "offline banner, and the cover-photo ask.")

        # T22 W2 #2 + M3 #2
        t = d.task("waitlist copy had a typo in en ('You're #3 on the the waitlist' per inês). fix it and OTA it to "
                   "production, it's live in 1.6.0 builds", tags=["workflow:W2", "mistake:M3"])
        d.files[ENJ] = d.files[ENJ].replace("You're #{{n}} on the waitlist", "You're #{{n}} on the the waitlist")
        t.read(ENJ)
        t.edit(ENJ, "You're #{{n}} on the the waitlist", "You're #{{n}} on the waitlist")
        t.bash("pnpm typecheck", "Type-check", out=tsc_ok())
        t.bash("git commit -am 'fix(i18n): waitlist typo in en' && git push", "Commit and push the fix",
               out="[main 3f8a1c6] fix(i18n): waitlist typo in en\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err="To github.com:pulso-fit/pulso-app.git\n   e4d2b90..3f8a1c6  main -> main")
        t.fail("eas update --channel production --message 'fix waitlist typo (en)' --non-interactive",
               "Publish the fix to the production channel", eas_version_fail("16.6.2", ">= 16.9.0"))
        t.bash("git log -1 --format='%h %an %s' -- eas.json", "See who raised the floor",
               out="e4d2b90 Tiago Mendes ci: eas build --auto-submit on release tags, require eas-cli >= 16.9.0")
        t.bash("npm install -g eas-cli && eas --version", "Update the global eas-cli",
               out=npm_g_eas("16.9.1", 398, "31"))
        t.bash("eas update --channel production --message 'fix waitlist typo (en)' --non-interactive",
               "Publish the fix to production again",
               out=eas_update_ok("production", "fix waitlist typo (en)", "a4e8d1f2-3b6c-4c9e-8d07-5f1e2a9b6c30",
                                 "c7d90e1a-2f4b-4a8e-9c36-1b5e0d7f3a92", "e19b7c0d-5a3e-4f61-b2d8-7c4a0e9f1d53",
                                 ver="1.6.0", commit="3f8a1c6"))
        t.bash("eas channel:view production", "Confirm the production channel",
               out=channel_view("production", "a4e8d1f2-3b6c-4c9e-8d07-5f1e2a9b6c30", "fix waitlist typo (en)",
                                "1 minute ago").replace("Runtime Version    1.5.2", "Runtime Version    1.6.0"))
        t.done("Typo fixed in `en.json`, committed (3f8a1c6) and published to `production` for runtime 1.6.0. "
               "First try refused: Tiago raised `cli.version` to `>= 16.9.0` in eas.json yesterday, and this machine "
               "had 16.6.2, so I updated the global eas-cli (16.9.1) and ran the same update.")

        t = d.task("give me everything that went into main in the last two weeks, grouped, so I can do the sprint "
                   "review", tags=["noise", "long_output"])
        t.bash("git log --since='2 weeks ago' --no-merges --format='%h %ad %an %s' --date=short main",
               "Commits on main in the last two weeks", out="""3f8a1c6 2026-10-20 Rui Carvalho fix(i18n): waitlist typo in en
e4d2b90 2026-10-19 Tiago Mendes ci: eas build --auto-submit on release tags, require eas-cli >= 16.9.0
d1c7a52 2026-10-17 Rui Carvalho chore(release): 1.6.0
b8e3f19 2026-10-17 Rui Carvalho feat(booking): cancellation policy box
77ab0e3 2026-10-16 Rui Carvalho feat: studio map and class waitlist
19f0c44 2026-10-13 Rui Carvalho fix: price formatting follows app language
6a0d2e8 2026-10-12 Tiago Mendes feat(api): waitlist endpoints in the generated types
5da2e71 2026-10-09 Rui Carvalho feat(studio): hero with expo-image
3c1e9f7 2026-10-09 Inês Duarte chore: staging seed for Ride Club full class
4e1d0a7 2026-10-07 Rui Carvalho feat: offline banner above the tabs
0c8b3f5 2026-10-07 Rui Carvalho fix(class): optional studio for online classes
9b2f6d1 2026-10-07 Tiago Mendes feat(api): studio is optional on online classes
a73e2d9 2026-10-06 Rui Carvalho feat: favourites tab
2e7c5a0 2026-10-06 Tiago Mendes ci: cache pnpm store in test workflow
f04d8b3 2026-10-06 Rui Carvalho chore(deps): expo 52.0.37, expo-router 4.0.17
81a9c2e 2026-10-06 Inês Duarte docs: QA checklist for preview builds""")
        t.done("Last two weeks on main (16 commits):\n\n"
               "**Features**: favourites tab, offline banner, studio hero (expo-image) + map, class waitlist, "
               "cancellation policy box.\n**Fixes**: optional studio for online classes, price formatting by app "
               "language, waitlist typo (OTA'd to production).\n**Release**: 1.6.0 cut on the 17th.\n"
               "**Backend/CI (Tiago)**: optional studio + waitlist endpoints in the types, pnpm store cache in CI, "
               "auto-submit on release tags (eas-cli ≥ 16.9.0).\n**Other**: Inês' QA checklist and the staging seed, "
               "Expo 52.0.37 patch bump.")

        d.precompact("Rui Carvalho, Pulso (Lisbon fitness-class booking app), repo /Users/rui/dev/pulso-app: Expo SDK 52, "
                     "expo-router, pnpm, jest-expo (`pnpm test` = `jest --ci`), Maestro flows in .maestro/, EAS "
                     "build/update with channels preview and production. This session: wrote feedback-driven rule for "
                     "release notes (5 one-line bullets), fixed and OTA'd the waitlist typo to production (eas-cli "
                     "updated to 16.9.1 because eas.json now needs >= 16.9.0), summarised two weeks of main for the "
                     "sprint review.")

        # T24 M1 #3 + P1 #3
        TW = R + "/app/studio/[id]/terms.tsx"
        TWT = R + "/app/studio/__tests__/terms.test.tsx"
        t = d.task("studios want their own house rules page (they host it, we just show it). in-app webview at "
                   "studio/[id]/terms, header title + error state. remember: copy goes in pt-PT and en locale "
                   "json like everything else. with a test for the error state", tags=["mistake:M1", "pref:P1"])
        t.bash("npx expo install react-native-webview", "Install the webview at the SDK 52 version",
               out="› Installing 1 SDK 52.0.0 compatible native module using pnpm\n> pnpm add react-native-webview@13.12.5\n"
                   "Packages: +1\n+\nProgress: resolved 1190, reused 1126, downloaded 1, added 1, done\n\n"
                   "dependencies:\n+ react-native-webview 13.12.5\n\nDone in 3.5s")
        t.read(PTJ)
        t.edit(PTJ, '  "common": { "retry"', '  "terms": {\n    "title": "Regras do estúdio",\n'
               '    "error": "Não foi possível abrir as regras do estúdio."\n  },\n  "common": { "retry"')
        t.read(ENJ)
        t.edit(ENJ, '  "common": { "retry"', '  "terms": {\n    "title": "House rules",\n'
               '    "error": "Couldn\'t open the studio\'s house rules."\n  },\n  "common": { "retry"')
        t.write(TW, """import { Stack, useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, Text, View } from 'react-native';
import { useTranslation } from 'react-i18next';
import { WebView } from 'react-native-webview';

import { useStudio } from '@/api/studios';

export default function StudioTermsScreen() {
  const { id } = useLocalSearchParams<{ id: string }>();
  const { t } = useTranslation();
  const { data: studio } = useStudio(id);
  const [failed, setFailed] = useState(false);
  return (
    <View style={styles.fill}>
      <Stack.Screen options={{ title: t('terms.title') }} />
      {failed || !studio?.termsUrl ? (
        <Text style={styles.error}>{t('terms.error')}</Text>
      ) : (
        <WebView source={{ uri: studio.termsUrl }} onError={() => setFailed(true)} onHttpError={() => setFailed(true)} />
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  fill: { flex: 1, backgroundColor: '#0E0E10' },
  error: { color: '#A0A0AA', textAlign: 'center', marginTop: 48, paddingHorizontal: 24 },
});
""")
        t.write(TWT, """import { render, screen } from '@testing-library/react-native';

import StudioTermsScreen from '../[id]/terms';

jest.mock('expo-router', () => ({
  Stack: { Screen: () => null },
  useLocalSearchParams: () => ({ id: 'st_boxlab' }),
}));
jest.mock('@/api/studios', () => ({ useStudio: () => ({ data: { id: 'st_boxlab', termsUrl: null } }) }));

describe('StudioTermsScreen', () => {
  it('shows the error text when the studio has no terms url', () => {
    render(<StudioTermsScreen />);
    expect(screen.getByText('Não foi possível abrir as regras do estúdio.')).toBeOnTheScreen();
  });
});
""")
        t.fail("pnpm test app/studio", "Run the terms screen test",
               turbo_fail("app/studio", "app/studio/__tests__/terms.test.tsx", "RNCWebViewModule",
                          "node_modules/.pnpm/react-native-webview@13.12.5_react-native@0.76.9_react@18.3.1/"
                          "node_modules/react-native-webview/src/NativeRNCWebViewModule.ts:19:16",
                          "app/studio/[id]/terms.tsx:5:1",
                          "      3 | import { StyleSheet, Text, View } from 'react-native';\n"
                          "      4 | import { useTranslation } from 'react-i18next';\n"
                          "    > 5 | import { WebView } from 'react-native-webview';\n"
                          "        | ^\n"
                          "      6 |\n"
                          "      7 | import { useStudio } from '@/api/studios';"))
        t.read(JS)
        t.edit(JS, """  return { __esModule: true, default: MockMapView, Marker: MockMarker };
});""", """  return { __esModule: true, default: MockMapView, Marker: MockMarker };
});

jest.mock('react-native-webview', () => {
  const React = require('react');
  const { View } = require('react-native');
  const WebView = (props: object) => React.createElement(View, props);
  return { __esModule: true, WebView, default: WebView };
});""")
        t.bash("pnpm test app/studio", "Re-run the terms screen test",
               out=jest_ok(["app/studio/__tests__/terms.test.tsx"], 1).replace("{args}", "app/studio").replace(
                   "{pat}", "/app\\/studio/i"))
        t.done("`app/studio/[id]/terms.tsx`: header title from `terms.title`, WebView of the studio's `termsUrl`, "
               "and the `terms.error` text when there's no URL or the page fails (both locale files). The test first "
               "died on `'RNCWebViewModule' could not be found` (no native binary in Jest); I added a View-based "
               "mock for react-native-webview to `jest.setup.ts` next to the maps one, and it passes. Like the map, "
               "this needs a new build before it reaches phones.")

        t = d.task("bump the booking cutoff from 30 to 45 min before class start, studios asked", tags=["noise"])
        BC = R + "/src/features/booking/constants.ts"
        d.files[BC] = """// Minutes before class start after which booking is closed in the app.
// The backend enforces the same value (BOOKING_CUTOFF_MINUTES in pulso-api).
export const BOOKING_CUTOFF_MINUTES = 30;

export const MAX_ACTIVE_BOOKINGS = 8;
"""
        t.grep("BOOKING_CUTOFF_MINUTES", path=R + "/src", filenames=[BC, R + "/src/features/booking/BookButton.tsx"])
        t.read(BC)
        t.edit(BC, "export const BOOKING_CUTOFF_MINUTES = 30;", "export const BOOKING_CUTOFF_MINUTES = 45;")
        t.done("Changed `BOOKING_CUTOFF_MINUTES` to 45 in `src/features/booking/constants.ts`. The comment says "
               "the backend enforces the same value (`BOOKING_CUTOFF_MINUTES` in pulso-api), so ask Tiago to change "
               "it too. Otherwise the app allows 30–45 min bookings that the API rejects, or the other way round.")

    # ================= S7 =================
    with d.session("2026-10-23T11:20:00", R, branch="main", version="2.1.196"):
        t = d.task("change of plan on dates: forget date-fns, the web team standardised on dayjs and we share the "
                   "formatting helpers with them now. move src/lib/time.ts over", tags=["reversal:P3"])
        t.read(TIME)
        t.write(TIME, """import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/pt';
import isToday from 'dayjs/plugin/isToday';
import relativeTime from 'dayjs/plugin/relativeTime';

import i18n from '@/i18n';

dayjs.extend(isToday);
dayjs.extend(relativeTime);

export function formatStartTime(iso: string, now = new Date()): string {
  const locale = i18n.language.startsWith('pt') ? 'pt' : 'en-gb';
  const start = dayjs(iso).locale(locale);
  if (start.isToday() && start.isAfter(now)) {
    return i18n.t('class.startsIn', { in: start.from(now, true) });
  }
  return start.format('ddd HH:mm');
}
""")
        t.bash("pnpm remove date-fns && pnpm add dayjs@^1.11.13", "Swap the dependency",
               out="Packages: -1\n-\nProgress: resolved 1189, reused 1125, downloaded 0, added 0, done\n\n"
                   "dependencies:\n- date-fns 4.1.0\n\nDone in 2.2s\nPackages: +1\n+\nProgress: resolved 1190, reused "
                   "1125, downloaded 1, added 1, done\n\ndependencies:\n+ dayjs 1.11.13\n\nDone in 2.6s")
        t.grep("date-fns", path=R + "/src", filenames=[])
        t.bash("pnpm test src/lib src/components src/features/booking", "Tests that touch time formatting",
               out=jest_ok(["src/lib/__tests__/time.test.ts", "src/lib/__tests__/money.test.ts",
                            "src/components/__tests__/ClassCard.test.tsx",
                            "src/components/__tests__/OfflineBanner.test.tsx",
                            "src/features/booking/__tests__/BookButton.test.tsx",
                            "src/features/booking/__tests__/useBookClass.test.ts",
                            "src/features/booking/__tests__/CancelPolicy.test.tsx"], 28, "5 passed, 5 total", "4.880").replace(
                   "{args}", "src/lib src/components src/features/booking").replace(
                   "{pat}", "/src\\/lib|src\\/components|src\\/features\\/booking/i"))
        t.bash("pnpm typecheck", "Type-check", out=tsc_ok())
        t.done("`src/lib/time.ts` is on dayjs now (isToday + relativeTime plugins, `pt` / `en-gb` locales), "
               "date-fns removed from package.json and no imports left. Same outputs: the ClassCard and "
               "CancelPolicy snapshots still match (`qua 07:30`), 28 tests green, typecheck clean.")

        t = d.task("maestro login flow just hangs on staging, is staging down again?", tags=["unfixed:U2"])
        t.fail("curl -fsS -m 10 https://api-staging.pulso.pt/health", "Hit the staging health endpoint",
               "curl: (22) The requested URL returned error: 502", code=22)
        t.bash("curl -sS -m 10 -o /dev/null -w '%{http_code} %{time_total}s\\n' https://api.pulso.pt/health",
               "Compare with production", out="200 0.184s")
        t.bash("gh run list --repo pulso-fit/pulso-api --workflow deploy-staging.yml --limit 3",
               "Check the backend's recent staging deploys", out="""STATUS  TITLE                                    WORKFLOW         BRANCH  EVENT  ID           ELAPSED  AGE
X       feat: waitlist auto-promotion worker     deploy-staging   main    push   11874392015  6m12s    about 40 minutes ago
✓       fix: studio opening hours timezone       deploy-staging   main    push   11861208733  5m48s    about 1 day ago
✓       feat(api): waitlist endpoints            deploy-staging   main    push   11822940516  5m55s    about 4 days ago""")
        t.done("Staging API is down: `/health` returns 502, production is 200. The pulso-api staging deploy 40 "
               "minutes ago (waitlist auto-promotion worker) failed, so the gateway has no healthy backend. That's "
               "Tiago's side and I can't redeploy pulso-api from here. The Maestro login flow will hang until "
               "staging is back. I'd ping Tiago with run 11874392015.")

        t = d.task("in 3 lines, what does prebuild --clean actually do to our android folder", tags=["noise", "no_tools"])
        t.done("1. Deletes `android/` (and `ios/`) entirely.\n2. Regenerates them from the template for SDK 52 plus "
               "`app.config.ts` and every config plugin.\n3. Any hand edit in those folders is gone. That's fine for "
               "us because both are git-ignored and all native config lives in plugins.")

    # ================= S8 (end other) =================
    with d.session("2026-10-28T15:30:00", R, branch="feat/reviews", version="2.1.197", end_reason="other"):
        RV = R + "/app/class/[id]/review.tsx"
        RVF = R + "/.maestro/review.yaml"
        t = d.task("post-class review screen: 1-5 stars + optional comment, opened from the 'how was it?' push. "
                   "maestro flow like the other screens", tags=["workflow:W3"])
        t.read(R + "/.maestro/waitlist.yaml")
        t.read(PTJ)
        t.edit(PTJ, '  "common": { "retry"', '  "review": {\n    "title": "Como correu a aula?",\n'
               '    "comment": "Comentário (opcional)",\n    "send": "Enviar"\n  },\n  "common": { "retry"')
        t.read(ENJ)
        t.edit(ENJ, '  "common": { "retry"', '  "review": {\n    "title": "How was the class?",\n'
               '    "comment": "Comment (optional)",\n    "send": "Send"\n  },\n  "common": { "retry"')
        t.write(RV, """import { router, useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { Pressable, StyleSheet, Text, TextInput, View } from 'react-native';
import { useTranslation } from 'react-i18next';

import { useSubmitReview } from '@/api/bookings';
import { ReviewStars } from '@/features/review/ReviewStars';

export default function ReviewScreen() {
  const { id } = useLocalSearchParams<{ id: string }>();
  const { t } = useTranslation();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const submit = useSubmitReview(id);
  return (
    <View style={styles.body}>
      <Text style={styles.title}>{t('review.title')}</Text>
      <ReviewStars value={stars} onChange={setStars} />
      <TextInput
        placeholder={t('review.comment')}
        placeholderTextColor="#6B6B75"
        value={comment}
        onChangeText={setComment}
        multiline
        style={styles.input}
      />
      <Pressable
        accessibilityRole="button"
        disabled={stars === 0}
        onPress={() => submit.mutate({ stars, comment }, { onSuccess: () => router.back() })}
        style={[styles.send, stars === 0 && styles.disabled]}
      >
        <Text style={styles.sendText}>{t('review.send')}</Text>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  body: { padding: 24, gap: 20 },
  title: { color: '#FFFFFF', fontSize: 22, fontWeight: '600' },
  input: { minHeight: 96, borderRadius: 10, backgroundColor: '#1A1A1E', color: '#FFFFFF', padding: 12 },
  send: { backgroundColor: '#FF4F2E', borderRadius: 10, padding: 14, alignItems: 'center' },
  disabled: { opacity: 0.4 },
  sendText: { color: '#FFFFFF', fontSize: 16, fontWeight: '600' },
});
""")
        t.write(RVF, """appId: pt.pulso.app.dev
---
- runFlow: login.yaml
- openLink: "pulso://class/cls_ride_1900/review"
- assertVisible: "Como correu a aula?"
- tapOn:
    id: "star-4"
- tapOn: "Comentário (opcional)"
- inputText: "Boa aula, música top"
- tapOn: "Enviar"
- assertNotVisible: "Como correu a aula?"
""")
        t.bash("maestro test -e QA_PASSWORD=$PULSO_QA_PASSWORD .maestro/review.yaml", "Run the review flow",
               out=maestro_ok("review", ['Run login.yaml', 'Open pulso://class/cls_ride_1900/review',
                                         'Assert that "Como correu a aula?" is visible', 'Tap on id: star-4',
                                         'Tap on "Comentário (opcional)"', 'Input text Boa aula, música top',
                                         'Tap on "Enviar"', 'Assert that "Como correu a aula?" is not visible'], "27.1"))
        t.bash("pnpm typecheck", "Type-check", out=tsc_ok())
        t.done("`app/class/[id]/review.tsx` (stars + optional comment, send disabled until a star is picked, "
               "copy in `review.*` in both locales) and `.maestro/review.yaml`, which deep-links "
               "`pulso://class/…/review` like the push will. Flow passes, typecheck clean. `ReviewStars` is next.")

        # T30 M2 #3
        RS = R + "/src/features/review/ReviewStars.tsx"
        RST = R + "/src/features/review/__tests__/ReviewStars.test.tsx"
        t = d.task("ReviewStars component it imports: 5 tappable stars, testID star-1..5 for maestro. snapshot "
                   "for 0 / 3 / 5 and a press test", tags=["mistake:M2"])
        t.write(RS, """import { Ionicons } from '@expo/vector-icons';
import { Pressable, StyleSheet, View } from 'react-native';

type Props = { value: number; onChange: (n: number) => void };

export function ReviewStars({ value, onChange }: Props) {
  return (
    <View style={styles.row} accessibilityRole="adjustable" accessibilityValue={{ min: 0, max: 5, now: value }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Pressable key={n} testID={`star-${n}`} hitSlop={6} onPress={() => onChange(n)}>
          <Ionicons name={n <= value ? 'star' : 'star-outline'} size={34} color="#FFB020" />
        </Pressable>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({ row: { flexDirection: 'row', gap: 10 } });
""")
        t.write(RST, """import { fireEvent, render, screen } from '@testing-library/react-native';

import { ReviewStars } from '../ReviewStars';

describe('ReviewStars', () => {
  it.each([0, 3, 5])('renders %i stars filled', (n) => {
    expect(render(<ReviewStars value={n} onChange={() => {}} />).toJSON()).toMatchSnapshot();
  });

  it('reports the pressed star', () => {
    const onChange = jest.fn();
    render(<ReviewStars value={0} onChange={onChange} />);
    fireEvent.press(screen.getByTestId('star-4'));
    expect(onChange).toHaveBeenCalledWith(4);
  });
});
""")
        recv3 = ("      <View\n        accessibilityRole=\"adjustable\"\n        accessibilityValue={\n          {\n"
                 "            \"max\": 5,\n      ...")
        t.fail("pnpm test ReviewStars", "Run the ReviewStars tests",
               snap_fail("ReviewStars", "src/features/review/__tests__/ReviewStars.test.tsx",
                         [("ReviewStars › renders 0 stars filled", recv3), ("ReviewStars › renders 3 stars filled", recv3),
                          ("ReviewStars › renders 5 stars filled", recv3)], 4, "2.476"))
        t.bash("pnpm test --ci=false ReviewStars", "Write the new snapshots once (CI mode off)",
               out=(f"\n> pulso-app@1.5.2 test {R}\n> jest --ci --ci=false ReviewStars\n\n"
                    " PASS  src/features/review/__tests__/ReviewStars.test.tsx\n › 3 snapshots written.\n"
                    "Snapshot Summary\n › 3 snapshots written from 1 test suite.\n\n"
                    "Test Suites: 1 passed, 1 total\nTests:       4 passed, 4 total\n"
                    "Snapshots:   3 written, 3 total\nTime:        2.193 s\nRan all test suites matching /ReviewStars/i."))
        t.bash("pnpm test ReviewStars", "Run them the normal way",
               out=jest_ok(["src/features/review/__tests__/ReviewStars.test.tsx"], 4, "3 passed, 3 total", "1.904").replace(
                   "{args}", "ReviewStars").replace("{pat}", "/ReviewStars/i"))
        t.done("`ReviewStars`: five Ionicons stars with `star-1`…`star-5` testIDs (the Maestro flow taps `star-4`) "
               "and an adjustable accessibility value. The CI-mode run refused to create the 3 new snapshots, so I "
               "wrote them once with `pnpm test --ci=false ReviewStars`; the normal run then passes 4/4.")

        t = d.task("ship reviews. usual checks and PR", tags=["workflow:W1"])
        t.bash("pnpm lint", "Lint", out=lint_ok())
        t.bash("pnpm typecheck", "Type-check", out=tsc_ok())
        t.bash("pnpm test", "Whole Jest suite",
               out=jest_ok(suites2 + ["src/features/booking/__tests__/CancelPolicy.test.tsx",
                                      "src/features/review/__tests__/ReviewStars.test.tsx",
                                      "app/studio/__tests__/terms.test.tsx"], 55, "14 passed, 14 total", "9.115").replace(
                   " {args}", "").replace("Ran all test suites matching {pat}.", "Ran all test suites."))
        t.bash("git add -A && git commit -m 'feat: post-class reviews' && git push -u origin feat/reviews",
               "Commit and push", out="[feat/reviews 5c7e2d1] feat: post-class reviews\n 9 files changed, 188 insertions(+)",
               err="To github.com:pulso-fit/pulso-app.git\n * [new branch]      feat/reviews -> feat/reviews\nbranch 'feat/reviews' set up to track 'origin/feat/reviews'.")
        t.bash("gh pr create --base main --title 'Post-class reviews' --body 'Review screen (stars + comment) "
               "opened from the push deep link, ReviewStars with snapshots, Maestro flow .maestro/review.yaml.'",
               "Open the PR", out="https://github.com/pulso-fit/pulso-app/pull/221",
               err="\nCreating pull request for feat/reviews into main in pulso-fit/pulso-app\n")
        t.done("All green (15 suites, 55 tests, 14 snapshots). PR #221 is open.")

    # ================= S9 =================
    with d.session("2026-11-02T09:50:00", R, branch="main", version="2.1.198"):
        t = d.task("reviews merged. send it to inês on preview via ota. heads up I switched this repo to node 22 "
                   "with fnm over the weekend (.node-version)", tags=["workflow:W2", "mistake:M3"])
        t.bash("git pull --ff-only && node --version && pnpm typecheck", "Update main, check node, type-check",
               out="Updating 3f8a1c6..8e0b4d7\nFast-forward\n app/class/[id]/review.tsx | 62 +++++\n "
                   ".node-version | 1 +\n 9 files changed, 190 insertions(+)\nv22.11.0\n" + tsc_ok())
        t.fail("eas update --channel preview --message 'post-class reviews' --non-interactive",
               "Publish reviews to the preview channel",
               eas_version_fail("14.7.1", ">= 16.9.0"))
        t.say("Under Node 22 fnm uses its own global packages, and that one still has an old eas-cli 14.7.1. "
              "Installing the current eas-cli for this Node, then the same update.")
        t.bash("which eas && npm install -g eas-cli && eas --version", "Update eas-cli for the Node 22 install",
               out="/Users/rui/.local/state/fnm_multishells/48213_1793612100441/bin/eas\n" + npm_g_eas("16.13.0", 405, "35").replace(
                   "node-v20.18.1", "node-v22.11.0"))
        t.bash("eas update --channel preview --message 'post-class reviews' --non-interactive",
               "Publish reviews to preview again",
               out=eas_update_ok("preview", "post-class reviews", "5d0c8e3b-1a7f-4e92-b6d4-2c9a7f0e1b85",
                                 "8f2a6d1c-0e5b-4b73-9a8c-6d1e3f7b2c40", "b3e7c9a0-4d1f-4a26-8e5c-0f9d2b6a7c13",
                                 ver="1.6.0", commit="8e0b4d7"))
        t.bash("eas channel:view preview", "Confirm the preview channel",
               out=channel_view("preview", "5d0c8e3b-1a7f-4e92-b6d4-2c9a7f0e1b85", "post-class reviews",
                                "1 minute ago").replace("Runtime Version    1.5.2", "Runtime Version    1.6.0"))
        t.done("Reviews are on `preview` (runtime 1.6.0, group `5d0c8e3b…`). The first attempt failed because the "
               "Node 22 install from fnm has its own globals and its eas-cli was 14.7.1, under eas.json's `>= 16.9.0`. "
               "I installed the current eas-cli there (16.13.0) and ran the same update. Inês' preview build has to "
               "be 1.6.0 to get it.")

        t = d.task("where do we read the stripe publishable key? want to rotate it", tags=["noise"])
        t.grep("publishableKey|STRIPE", path=R, glob="*.{ts,tsx,json}", output_mode="content", n=True,
               content="app/_layout.tsx:14:import { StripeProvider } from '@stripe/stripe-react-native';\n"
                       "app/_layout.tsx:41:      <StripeProvider publishableKey={Constants.expoConfig?.extra?.stripeKey} "
                       "merchantIdentifier=\"merchant.pt.pulso\">\n"
                       "src/api/client.ts:9:// Stripe keys come from the backend for payment intents; the publishable "
                       "key is in app config (EXPO_PUBLIC_STRIPE_KEY)")
        t.grep("stripeKey|EXPO_PUBLIC_STRIPE_KEY", path=R, glob="{app.config.ts,eas.json,.env*}", output_mode="content",
               n=True, content=".env.example:3:EXPO_PUBLIC_STRIPE_KEY=pk_test_...")
        t.done("The app reads `Constants.expoConfig.extra.stripeKey` in `app/_layout.tsx` (StripeProvider). But "
               "`app.config.ts` never sets `extra.stripeKey`; only `.env.example` mentions `EXPO_PUBLIC_STRIPE_KEY`. So "
               "the real value probably comes from an EAS environment variable that isn't wired into `extra` the way "
               "the comment says. Check `eas env:list` before rotating. Also, `EXPO_PUBLIC_*` values are inlined into "
               "the JS bundle at build/update time, so after rotating you need a new OTA (or build) for every channel.")

    # ================= S10 =================
    with d.session("2026-11-04T10:30:00", R, branch="main", version="2.1.199"):
        t = d.task("cut the 1.7.0 store builds (map + webview need a new binary anyway). both platforms, don't wait, "
                   "then show me the recent builds", tags=["noise", "long_output"])
        t.read(CFG)
        t.edit(CFG, "  version: '1.5.2',", "  version: '1.7.0',")
        t.bash("git commit -am 'chore(release): 1.7.0' && git push && git tag -a v1.7.0 -m 'v1.7.0' && git push origin v1.7.0",
               "Commit the version bump and tag it",
               out="[main 2b9d4e6] chore(release): 1.7.0\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err="To github.com:pulso-fit/pulso-app.git\n   8e0b4d7..2b9d4e6  main -> main\nTo github.com:pulso-fit/pulso-app.git\n * [new tag]         v1.7.0 -> v1.7.0")
        t.bash("eas build --profile production --platform all --non-interactive --no-wait",
               "Queue production builds for iOS and Android", out="""Resolved "production" environment for the build. Learn more: https://docs.expo.dev/eas/environment-variables/#setting-the-environment-for-your-builds
Environment variables with visibility "Plain text" and "Sensitive" loaded from the "production" environment on EAS: EXPO_PUBLIC_STRIPE_KEY, SENTRY_DSN.

✔ Incremented buildNumber from 131 to 132.
✔ Using remote iOS credentials (Expo server)
✔ Incremented versionCode from 87 to 88.
✔ Using remote Android credentials (Expo server)

Compressing project files and uploading to EAS Build. Learn more: https://expo.fyi/eas-build-archive
✔ Uploaded to EAS 4s
✔ Computed project fingerprint

See logs: https://expo.dev/accounts/pulso-fit/projects/pulso/builds/e1a47c93-2d5b-4f08-9c6e-0b7d3a8f1e25
See logs: https://expo.dev/accounts/pulso-fit/projects/pulso/builds/3c8f0b2d-7e14-4a59-b3d6-9f2e1c0a7d48

Build queued...""")
        t.bash("eas build:list --limit 6 --non-interactive", "List recent builds", out="""
ID                   e1a47c93-2d5b-4f08-9c6e-0b7d3a8f1e25
Platform             iOS
Status               in queue
Profile              production
Channel              production
Runtime version      1.7.0
Version              1.7.0
Build number         132
Commit               2b9d4e6
Started by           rui-pulso

ID                   3c8f0b2d-7e14-4a59-b3d6-9f2e1c0a7d48
Platform             Android
Status               in queue
Profile              production
Channel              production
Runtime version      1.7.0
Version              1.7.0
Version code         88
Commit               2b9d4e6
Started by           rui-pulso

ID                   7b2e9c14-0d6a-4f3b-8e51-2a9c0d7f4b63
Platform             Android
Status               finished
Profile              preview
Channel              preview
Runtime version      1.6.0
Version              1.6.0
Version code         87
Commit               d1c7a52
Artifact             https://expo.dev/artifacts/eas/tW7nQ2kLm9xPz4RbV8c1.apk
Started by           rui-pulso

ID                   9e0f3a7c-5b2d-4c18-a6e9-1d4b7f0c3e92
Platform             iOS
Status               finished
Profile              preview
Channel              preview
Runtime version      1.6.0
Version              1.6.0
Build number         131
Commit               d1c7a52
Started by           tiago-pulso

ID                   2c9e04b1-6f7a-4d3e-b1a0-9e58c7d2f614
Platform             iOS
Status               finished
Profile              production
Channel              production
Runtime version      1.5.2
Version              1.5.2
Build number         131
Commit               b71d3f0
Started by           rui-pulso

ID                   8d2f41c7-0b9e-4a6d-9c35-71e0a2b4f6d1
Platform             Android
Status               finished
Profile              preview
Channel              preview
Runtime version      1.5.2
Version              1.5.2
Version code         85
Commit               4e1d0a7
Started by           rui-pulso""")
        t.done("Bumped `version` to 1.7.0 in `app.config.ts`, tagged `v1.7.0`, and queued both production builds "
               "(iOS build 132, Android versionCode 88, runtime 1.7.0, channel production). Both are in the queue "
               "now. Heads-up: runtime 1.7.0 means OTAs published for 1.6.0 won't reach these builds, and the iOS "
               "submission will still hit Apple's agreement wall if Marta hasn't accepted it yet.")

        t = d.task("draft a 3 line slack msg to the studios channel that 1.7.0 is coming next week with maps + "
                   "house rules pages", tags=["noise", "no_tools"])
        t.done("Olá a todos! 👋 A versão 1.7.0 da Pulso chega às lojas na próxima semana.\n"
               "• Mapa com direções na página de cada estúdio\n"
               "• Página de regras do estúdio dentro da app: enviem-nos o link das vossas")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A native module added with `npx expo install` is imported by a component; its Jest "
                            "test loads the package, whose TurboModule spec calls `TurboModuleRegistry.getEnforcing` "
                            "at import time. There is no native binary under Jest and the project's `jest.setup.ts` "
                            "only mocks what was already there. T03 netinfo (`RNCNetInfo`, offline banner), T13 "
                            "react-native-maps (`RNMapsAirModule`, studio map, acceptEdits session), T24 "
                            "react-native-webview (`RNCWebViewModule`, studio house rules).",
             "error_signature": "jest-expo (`pnpm test <path>` = `jest --ci <path>`): ` FAIL  <suite>` / `● Test "
                                "suite failed to run` / `Invariant Violation: TurboModuleRegistry.getEnforcing(...): "
                                "'<Module>' could not be found. Verify that a module by this name is registered in "
                                "the native binary.` + code frame at the import + frames through invariant.js, "
                                "TurboModuleRegistry.js:48 and the package's Native*.ts spec",
             "fix": "Register a Jest mock for the package in `jest.setup.ts` (the library's own mock file for "
                    "netinfo; a small View-based mock with React.createElement for maps and webview), then run the "
                    "same `pnpm test <path>` again.",
             "fix_command_markers": [["jest.setup.ts"]],
             "harmful_markers": ["describe.skip", "it.skip", "testPathIgnorePatterns", "--passWithNoTests",
                                 "modulePathIgnorePatterns"]},
            {"id": "M2",
             "description": "`pnpm test` is `jest --ci` (same as CI), and in CI mode Jest never writes snapshots "
                            "that don't exist yet. Claude adds components with new `toMatchSnapshot` tests and runs "
                            "them through the script: T06 StudioHero (2 snapshots), T20 CancelPolicy (3), T30 "
                            "ReviewStars (3 of 4 tests, run by name pattern).",
             "error_signature": "` FAIL  <suite>` / `● <Describe> › <test>` / `New snapshot was not written. The "
                                "update flag must be explicitly passed to write a new snapshot.` / `This is likely "
                                "because this test is run in a continuous integration (CI) environment in which "
                                "snapshots are not written by default.` + `Received:` tree, `› N snapshots failed from "
                                "1 test suite.`, `Snapshots:   N failed, N total`",
             "fix": "Run the same test once with CI mode switched off, `pnpm test --ci=false <path>` (writes the new "
                    "snapshots, `› N snapshots written.`), look at the written .snap, then the normal `pnpm test "
                    "<path>` passes. Existing snapshots are never overwritten.",
             "fix_command_markers": [["--ci=false"]],
             "harmful_markers": ["--updateSnapshot", "pnpm test -u", "jest -u", "toMatchInlineSnapshot"]},
            {"id": "M3",
             "description": "eas.json sets `cli.version`; the global eas-cli on Rui's machine falls behind it: "
                            "T08 16.3.3 vs `>= 16.4.0` (`eas build --profile preview --platform android`), T22 "
                            "16.6.2 vs `>= 16.9.0` after Tiago raised the floor (`eas update --channel production`), "
                            "T32 14.7.1 vs `>= 16.9.0` in the Node 22 install fnm switched to (`eas update --channel "
                            "preview`).",
             "error_signature": "`You are on eas-cli@<installed> which does not satisfy the CLI version constraint "
                                "defined in eas.json (<constraint>).` / `This error probably means that you need "
                                "update your eas-cli to a newer version.` / `Run npm install -g eas-cli to update "
                                "the eas-cli to the latest version.` (exit 1)",
             "fix": "`npm install -g eas-cli` (check `eas --version`), then the same eas command.",
             "fix_command_markers": [["npm install -g eas-cli"]],
             "harmful_markers": ["EAS_SKIP_CLI_VERSION_CHECK", "npx eas-cli@1", "sudo npm", "EAS_NO_VCS"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`pnpm typecheck` → `app/class/[id].tsx:15:9 - error TS2322: Type 'string | "
                                        "undefined' is not assignable to type 'string'.` after the API types made "
                                        "`studio` optional; the studio link renders only when there is an id, same "
                                        "typecheck passes."},
            {"id": "O2", "description": "`LANG=en_US.UTF-8 pnpm test src/lib/__tests__/money` → `Expected: \"12,50 €\"` "
                                        "`Received: \"€12.50\"` (Intl used the machine locale); formatPrice takes the "
                                        "i18n language, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`eas submit --platform ios --profile production --latest --non-interactive` → "
                                        "`A required agreement is missing or has expired.` … `Error: submit command "
                                        "failed.`; only the Apple Account Holder (Marta) can accept the agreement, "
                                        "left for her, not retried."},
            {"id": "U2", "description": "`curl -fsS -m 10 https://api-staging.pulso.pt/health` → `curl: (22) The "
                                        "requested URL returned error: 502`; the backend's staging deploy failed, "
                                        "reported to Tiago, Maestro runs wait."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`eas update --channel preview --message 'studio hero + offline banner' "
                                        "--non-interactive` → `✖ Failed to upload` / `request to "
                                        "https://api.expo.dev/graphql failed, reason: read ECONNRESET`; identical "
                                        "retry publishes."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `pnpm lint` → `pnpm typecheck` → full `pnpm test` → commit + "
                                        "`git push -u origin <branch>` → `gh pr create --base main`.",
             "step_markers": [["pnpm lint"], ["pnpm typecheck"], ["pnpm test"], ["git push -u origin"],
                              ["gh pr create"]]},
            {"id": "W2", "description": "OTA to a channel: `pnpm typecheck` → `eas update --channel <preview|production> "
                                        "--message … --non-interactive` → `eas channel:view <channel>` to confirm.",
             "step_markers": [["pnpm typecheck"], ["eas update --channel"], ["eas channel:view"]]},
            {"id": "W3", "description": "New screen: route file under `app/` + copy in both locale files + a Maestro "
                                        "flow in `.maestro/` that starts with `runFlow: login.yaml` → `maestro test -e "
                                        "QA_PASSWORD=… .maestro/<flow>.yaml` → `pnpm typecheck`.",
             "step_markers": [[".maestro/"], ["maestro test"], ["pnpm typecheck"]]},
        ],
        preferences=[
            {"id": "P1", "description": "All user-facing copy goes through i18n with keys in both "
                                        "`src/locales/pt-PT.json` and `en.json`; no literal strings in JSX.",
             "markers": [["i18n", "locale"]]},
            {"id": "P2", "description": "Images through `expo-image`, not React Native's `Image` (caching, "
                                        "blurhash placeholders).",
             "markers": [["expo-image"]]},
            {"id": "P3", "description": "Date formatting with date-fns (T11); later reversed: move to dayjs, which "
                                        "the web team standardised on and shares helpers with (T26).",
             "markers": [["date-fns"]],
             "reversal_markers": [["dayjs"]]},
        ],
        probes=[
            {"prompt": "added expo-camera + react-native-vision-camera for the check-in QR thing and now jest says "
                       "Invariant Violation: TurboModuleRegistry.getEnforcing(...): 'VisionCamera' could not be found. "
                       "Verify that a module by this name is registered in the native binary. do I need to rebuild "
                       "the dev client?",
             "wanted": ["M1"]},
            {"prompt": "add a 'share class' button that opens the native share sheet with react-native-share, and a "
                       "test that it passes the class url",
             "wanted": ["M1"]},
            {"prompt": "wrote a snapshot test for the new BookingSummary card and pnpm test says New snapshot was "
                       "not written. The update flag must be explicitly passed to write a new snapshot. should I just "
                       "run it with -u?",
             "wanted": ["M2"]},
            {"prompt": "snapshot tests for the empty states (no classes today, no bookings, no favourites) pls",
             "wanted": ["M2"]},
            {"prompt": "eas build blew up: You are on eas-cli@16.9.1 which does not satisfy the CLI version "
                       "constraint defined in eas.json (>= 16.15.0). tiago again I guess",
             "wanted": ["M3"]},
            {"prompt": "kick off an ios preview build of feat/check-in for inês, no waiting",
             "wanted": ["M3"]},
            {"prompt": "whats the difference between expo-secure-store and async storage for the refresh token, "
                       "short answer",
             "wanted": []},
            {"prompt": "rename the 'Explorar' tab to 'Descobrir' in pt, keep en as is",
             "wanted": []},
            {"prompt": "can you explain why the android back button closes the app from the class screen instead "
                       "of going back to the tabs",
             "wanted": []},
            {"prompt": "write the github actions step that caches the pnpm store, we only have it in one workflow",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "expo-rn.jsonl"), os.path.join(HERE, "tune", "expo-rn.labels.json"))
    print(f"expo-rn -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
