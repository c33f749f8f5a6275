"""angular-nx: Marta Kowalczyk, front-end lead at Routewise Logistics.

Nx 20 monorepo (npm workspaces, Node 22) of Angular 18 apps and libraries: the dispatcher console `shell`
(shipped as an nginx Docker image) and the `carrier-portal`, plus libraries for shipments, tracking, carriers and
a shared ui-kit (Angular Material, Storybook 8, Cypress component tests) and an OpenAPI-generated api-client.
Standalone components and signals, NgRx store + signals, Jest via @nx/jest, Cypress e2e through
@nx/cypress/plugin, ESLint flat config with @nx/enforce-module-boundaries, Nx Cloud remote cache, GitHub Actions.

Written blind for fresh/; measured once held out (round 22), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_angular_nx.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "marta"
H = "/home/marta"
R = H + "/code/routewise-web"
MODEL = "claude-opus-4-6"
DASH = "\u2014" * 98
CLOUD = "https://cloud.nx.app/runs/"

UIKIT = R + "/libs/shared/ui-kit/src/lib/"
SHIP = R + "/libs/shipments/"
TRACK = R + "/libs/tracking/"
CARR = R + "/libs/carriers/"

# ------------------------------------------------------------------ virtual files

PACKAGE_JSON = """{
  "name": "@routewise/source",
  "version": "0.0.0",
  "license": "UNLICENSED",
  "private": true,
  "workspaces": [
    "packages/*"
  ],
  "engines": {
    "node": ">=22.11.0 <23"
  },
  "scripts": {
    "start": "nx serve shell",
    "api:generate": "nx run api-client:generate",
    "prepare": "husky"
  },
  "dependencies": {
    "@angular/animations": "18.2.8",
    "@angular/cdk": "18.2.8",
    "@angular/common": "18.2.8",
    "@angular/compiler": "18.2.8",
    "@angular/core": "18.2.8",
    "@angular/forms": "18.2.8",
    "@angular/localize": "18.2.8",
    "@angular/material": "18.2.8",
    "@angular/platform-browser": "18.2.8",
    "@angular/platform-browser-dynamic": "18.2.8",
    "@angular/router": "18.2.8",
    "@ngrx/effects": "18.0.2",
    "@ngrx/entity": "18.0.2",
    "@ngrx/router-store": "18.0.2",
    "@ngrx/signals": "18.0.2",
    "@ngrx/store": "18.0.2",
    "@ngrx/store-devtools": "18.0.2",
    "maplibre-gl": "4.7.1",
    "rxjs": "~7.8.1",
    "tslib": "^2.6.3",
    "zone.js": "~0.14.10"
  },
  "devDependencies": {
    "@angular-devkit/build-angular": "18.2.9",
    "@angular-devkit/core": "18.2.9",
    "@angular-devkit/schematics": "18.2.9",
    "@angular/cli": "~18.2.9",
    "@angular/compiler-cli": "18.2.8",
    "@angular/language-service": "18.2.8",
    "@nx/angular": "20.0.6",
    "@nx/cypress": "20.0.6",
    "@nx/eslint": "20.0.6",
    "@nx/eslint-plugin": "20.0.6",
    "@nx/jest": "20.0.6",
    "@nx/js": "20.0.6",
    "@nx/storybook": "20.0.6",
    "@nx/workspace": "20.0.6",
    "@openapitools/openapi-generator-cli": "2.13.13",
    "@storybook/angular": "8.3.5",
    "@types/jest": "29.5.13",
    "@types/node": "22.7.5",
    "angular-eslint": "18.4.0",
    "cypress": "13.15.0",
    "eslint": "9.12.0",
    "eslint-plugin-cypress": "3.5.0",
    "husky": "9.1.6",
    "jest": "29.7.0",
    "jest-environment-jsdom": "29.7.0",
    "jest-preset-angular": "14.2.4",
    "nx": "20.0.6",
    "prettier": "3.3.3",
    "storybook": "8.3.5",
    "ts-jest": "29.2.5",
    "typescript": "5.5.4",
    "typescript-eslint": "8.8.1"
  }
}
"""

NX_JSON = """{
  "$schema": "./node_modules/nx/schemas/nx-schema.json",
  "defaultBase": "main",
  "namedInputs": {
    "default": ["{projectRoot}/**/*", "sharedGlobals"],
    "production": [
      "default",
      "!{projectRoot}/**/?(*.)+(spec|test).[jt]s?(x)?(.snap)",
      "!{projectRoot}/tsconfig.spec.json",
      "!{projectRoot}/jest.config.[jt]s",
      "!{projectRoot}/src/test-setup.[jt]s",
      "!{projectRoot}/**/*.stories.@(js|jsx|ts|tsx|mdx)",
      "!{projectRoot}/.storybook/**/*",
      "!{projectRoot}/**/*.cy.[jt]s?(x)",
      "!{projectRoot}/cypress.config.[jt]s"
    ],
    "sharedGlobals": ["{workspaceRoot}/.github/workflows/ci.yml"]
  },
  "targetDefaults": {
    "@angular-devkit/build-angular:application": {
      "cache": true,
      "dependsOn": ["^build"],
      "inputs": ["production", "^production"]
    },
    "@nx/jest:jest": {
      "cache": true,
      "inputs": ["default", "^production", "{workspaceRoot}/jest.preset.js"],
      "options": { "passWithNoTests": true },
      "configurations": { "ci": { "ci": true, "codeCoverage": true } }
    },
    "@nx/eslint:lint": {
      "cache": true,
      "inputs": ["default", "{workspaceRoot}/eslint.config.js"]
    }
  },
  "plugins": [
    {
      "plugin": "@nx/cypress/plugin",
      "options": {
        "targetName": "e2e",
        "openTargetName": "open-cypress",
        "componentTestingTargetName": "component-test",
        "ciTargetName": "e2e-ci"
      }
    },
    {
      "plugin": "@nx/storybook/plugin",
      "options": {
        "serveStorybookTargetName": "storybook",
        "buildStorybookTargetName": "build-storybook",
        "testStorybookTargetName": "test-storybook",
        "staticStorybookTargetName": "static-storybook"
      }
    }
  ],
  "generators": {
    "@nx/angular:component": { "style": "scss", "changeDetection": "OnPush", "prefix": "rw" },
    "@nx/angular:library": { "linter": "eslint", "unitTestRunner": "jest" }
  },
  "nxCloudId": "66e1b7c04f9a2d3b18c5e0aa",
  "defaultProject": "shell"
}
"""

ESLINT_ROOT = """const nx = require('@nx/eslint-plugin');

module.exports = [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', 'libs/shared/api-client/src/generated/**'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:api', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:api', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:api', 'type:util'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:shipments', onlyDependOnLibsWithTags: ['scope:shipments', 'scope:shared'] },
            { sourceTag: 'scope:tracking', onlyDependOnLibsWithTags: ['scope:tracking', 'scope:shared'] },
            { sourceTag: 'scope:carriers', onlyDependOnLibsWithTags: ['scope:carriers', 'scope:shared'] },
          ],
        },
      ],
    },
  },
];
"""

CI_YML = """name: CI

on:
  push:
    branches: [main, 'release/**']
  pull_request:

permissions:
  actions: read
  contents: read

env:
  NX_CLOUD_ACCESS_TOKEN: ${{ secrets.NX_CLOUD_ACCESS_TOKEN }}

jobs:
  main:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
      - uses: actions/setup-node@v4
        with:
          node-version-file: .nvmrc
          cache: npm
      - run: npm ci
      - uses: nrwl/nx-set-shas@v4
      - run: npx nx format:check
      - run: npx nx affected -t lint test build --configuration=ci --parallel=3
      - run: npx nx affected -t e2e-ci --parallel=1
"""

RELEASE_YML = """name: Release shell image

on:
  push:
    tags: ['shell-v*']

permissions:
  contents: read
  packages: write

jobs:
  image:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: ${{ github.actor }}
          password: ${{ secrets.GITHUB_TOKEN }}
      - uses: docker/build-push-action@v6
        with:
          context: .
          file: apps/shell/Dockerfile
          push: true
          tags: ghcr.io/routewise-logistics/dispatch-shell:${{ github.ref_name }}
"""

DOCKERFILE = """FROM node:22.11-alpine AS build
WORKDIR /app
ENV NX_NO_CLOUD=true NX_DAEMON=false
COPY package.json package-lock.json ./
COPY packages ./packages
RUN npm ci
COPY . .
RUN npx nx build shell --configuration=production

FROM nginx:1.27-alpine
COPY apps/shell/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/dist/apps/shell/browser /usr/share/nginx/html
EXPOSE 80
"""

API_PROJECT = """{
  "name": "api-client",
  "$schema": "../../../node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "libs/shared/api-client/src",
  "projectType": "library",
  "tags": ["scope:shared", "type:api"],
  "targets": {
    "generate": {
      "executor": "nx:run-commands",
      "options": {
        "command": "openapi-generator-cli generate -i tools/openapi/tracking-api.json -g typescript-angular -o libs/shared/api-client/src/generated -c tools/openapi/config.json"
      }
    },
    "lint": {
      "executor": "@nx/eslint:lint"
    }
  }
}
"""

UI_TEST_SETUP = """import '@angular/localize/init';
import { setupZoneTestEnv } from 'jest-preset-angular/setup-env/zone';

setupZoneTestEnv({
  errorOnUnknownElements: true,
  errorOnUnknownProperties: true,
});
"""

UI_INDEX = """export * from './lib/button/button.component';
export * from './lib/empty-state/empty-state.component';
export * from './lib/page-header/page-header.component';
"""


def gen_component(name, cls, inline=True):
    if inline:
        return f"""import {{ ChangeDetectionStrategy, Component }} from '@angular/core';
import {{ CommonModule }} from '@angular/common';

@Component({{
  selector: 'rw-{name}',
  standalone: true,
  imports: [CommonModule],
  template: `<p>{name} works!</p>`,
  styles: ``,
  changeDetection: ChangeDetectionStrategy.OnPush,
}})
export class {cls} {{}}
"""
    return f"""import {{ ChangeDetectionStrategy, Component }} from '@angular/core';
import {{ CommonModule }} from '@angular/common';

@Component({{
  selector: 'rw-{name}',
  standalone: true,
  imports: [CommonModule],
  templateUrl: './{name}.component.html',
  styleUrl: './{name}.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
}})
export class {cls} {{}}
"""


def gen_spec(name, cls):
    return f"""import {{ ComponentFixture, TestBed }} from '@angular/core/testing';
import {{ {cls} }} from './{name}.component';

describe('{cls}', () => {{
  let component: {cls};
  let fixture: ComponentFixture<{cls}>;

  beforeEach(async () => {{
    await TestBed.configureTestingModule({{
      imports: [{cls}],
    }}).compileComponents();

    fixture = TestBed.createComponent({cls});
    component = fixture.componentInstance;
    fixture.detectChanges();
  }});

  it('should create', () => {{
    expect(component).toBeTruthy();
  }});
}});
"""


FILTER_TS = """import { ChangeDetectionStrategy, Component, EventEmitter, OnDestroy, Output } from '@angular/core';
import { AsyncPipe } from '@angular/common';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import { BehaviorSubject, combineLatest, Subject, takeUntil } from 'rxjs';
import { map } from 'rxjs/operators';

export interface ShipmentFilter {
  depots: string[];
  statuses: string[];
  overdueOnly: boolean;
}

@Component({
  selector: 'rw-shipment-filter-panel',
  standalone: true,
  imports: [AsyncPipe, FormsModule, MatButtonModule, MatCheckboxModule, MatFormFieldModule, MatSelectModule],
  templateUrl: './filter-panel.component.html',
  styleUrl: './filter-panel.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class FilterPanelComponent implements OnDestroy {
  @Output() filterChange = new EventEmitter<ShipmentFilter>();

  readonly depotOptions = ['HAM-1', 'HAM-2', 'BRE-1', 'WAW-1', 'POZ-1'];
  readonly statusOptions = ['CREATED', 'IN_TRANSIT', 'DELIVERED', 'EXCEPTION', 'RETURNED'];

  readonly depots$ = new BehaviorSubject<string[]>([]);
  readonly statuses$ = new BehaviorSubject<string[]>([]);
  readonly overdueOnly$ = new BehaviorSubject<boolean>(false);

  readonly activeCount$ = combineLatest([this.depots$, this.statuses$, this.overdueOnly$]).pipe(
    map(([depots, statuses, overdueOnly]) => depots.length + statuses.length + (overdueOnly ? 1 : 0)),
  );

  private readonly destroy$ = new Subject<void>();

  constructor() {
    combineLatest([this.depots$, this.statuses$, this.overdueOnly$])
      .pipe(takeUntil(this.destroy$))
      .subscribe(([depots, statuses, overdueOnly]) => this.filterChange.emit({ depots, statuses, overdueOnly }));
  }

  reset(): void {
    this.depots$.next([]);
    this.statuses$.next([]);
    this.overdueOnly$.next(false);
  }

  ngOnDestroy(): void {
    this.destroy$.next();
    this.destroy$.complete();
  }
}
"""

FILTER_HTML = """<form class="filter-panel" data-cy="filter-panel">
  <mat-form-field appearance="outline">
    <mat-label i18n="@@shipments.filter.depot">Depot</mat-label>
    <mat-select multiple name="depots" [ngModel]="depots$ | async" (ngModelChange)="depots$.next($event)" data-cy="filter-depot">
      @for (depot of depotOptions; track depot) {
        <mat-option [value]="depot">{{ depot }}</mat-option>
      }
    </mat-select>
  </mat-form-field>

  <mat-form-field appearance="outline">
    <mat-label i18n="@@shipments.filter.status">Status</mat-label>
    <mat-select multiple name="statuses" [ngModel]="statuses$ | async" (ngModelChange)="statuses$.next($event)" data-cy="filter-status">
      @for (status of statusOptions; track status) {
        <mat-option [value]="status">{{ status }}</mat-option>
      }
    </mat-select>
  </mat-form-field>

  <mat-checkbox name="overdueOnly" [ngModel]="overdueOnly$ | async" (ngModelChange)="overdueOnly$.next($event)" data-cy="filter-overdue" i18n="@@shipments.filter.overdue">
    Overdue only
  </mat-checkbox>

  <button mat-stroked-button type="button" (click)="reset()" [disabled]="(activeCount$ | async) === 0" data-cy="filter-reset">
    <ng-container i18n="@@shipments.filter.reset">Reset</ng-container> ({{ activeCount$ | async }})
  </button>
</form>
"""

TABLE_TS = """import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { DatePipe } from '@angular/common';
import { MatSortModule } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { Store } from '@ngrx/store';
import { StatusChipComponent } from '@routewise/shared/ui-kit';
import { selectSortedShipments, shipmentsFeature } from '@routewise/shipments/data-access';

@Component({
  selector: 'rw-shipment-table',
  standalone: true,
  imports: [DatePipe, MatSortModule, MatTableModule, StatusChipComponent],
  templateUrl: './shipment-table.component.html',
  styleUrl: './shipment-table.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ShipmentTableComponent {
  private readonly store = inject(Store);

  readonly shipments = this.store.selectSignal(selectSortedShipments);
  readonly loading = this.store.selectSignal(shipmentsFeature.selectLoading);
  readonly columns = ['trackingNo', 'status', 'depot', 'eta', 'carrier'];
}
"""

TABLE_HTML = """<div class="table-wrap">
  <table mat-table [dataSource]="shipments()" matSort data-cy="shipment-table">
    <ng-container matColumnDef="trackingNo">
      <th mat-header-cell *matHeaderCellDef mat-sort-header i18n="@@shipments.col.trackingNo">Tracking no.</th>
      <td mat-cell *matCellDef="let s">{{ s.trackingNo }}</td>
    </ng-container>

    <ng-container matColumnDef="status">
      <th mat-header-cell *matHeaderCellDef i18n="@@shipments.col.status">Status</th>
      <td mat-cell *matCellDef="let s"><rw-status-chip [status]="s.status" /></td>
    </ng-container>

    <ng-container matColumnDef="depot">
      <th mat-header-cell *matHeaderCellDef mat-sort-header i18n="@@shipments.col.depot">Depot</th>
      <td mat-cell *matCellDef="let s">{{ s.depot }}</td>
    </ng-container>

    <ng-container matColumnDef="eta">
      <th mat-header-cell *matHeaderCellDef mat-sort-header i18n="@@shipments.col.eta">ETA</th>
      <td mat-cell *matCellDef="let s" [class.overdue]="s.overdue">{{ s.eta | date: 'dd.MM. HH:mm' }}</td>
    </ng-container>

    <ng-container matColumnDef="carrier">
      <th mat-header-cell *matHeaderCellDef i18n="@@shipments.col.carrier">Carrier</th>
      <td mat-cell *matCellDef="let s">{{ s.carrierName }}</td>
    </ng-container>

    <tr mat-header-row *matHeaderRowDef="columns; sticky: true"></tr>
    <tr mat-row *matRowDef="let row; columns: columns" data-cy="shipment-row"></tr>
  </table>
</div>
"""

ACTIONS_TS = """import { createActionGroup, emptyProps, props } from '@ngrx/store';
import { ShipmentListItem } from './shipments.models';

export const ShipmentsPageActions = createActionGroup({
  source: 'Shipments Page',
  events: {
    opened: emptyProps(),
    filterChanged: props<{ depots: string[]; statuses: string[]; overdueOnly: boolean }>(),
  },
});

export const ShipmentsApiActions = createActionGroup({
  source: 'Shipments API',
  events: {
    loadSucceeded: props<{ items: ShipmentListItem[]; total: number }>(),
    loadFailed: props<{ error: string }>(),
  },
});
"""

REDUCER_TS = """import { createEntityAdapter, EntityState } from '@ngrx/entity';
import { createFeature, createReducer, on } from '@ngrx/store';
import { ShipmentsApiActions, ShipmentsPageActions } from './shipments.actions';
import { ShipmentListItem } from './shipments.models';

export interface ShipmentsState extends EntityState<ShipmentListItem> {
  loading: boolean;
  error: string | null;
  totalCount: number;
  filter: { depots: string[]; statuses: string[]; overdueOnly: boolean };
}

export const adapter = createEntityAdapter<ShipmentListItem>({ selectId: (s) => s.trackingNo });

const initialState: ShipmentsState = adapter.getInitialState({
  loading: false,
  error: null,
  totalCount: 0,
  filter: { depots: [], statuses: [], overdueOnly: false },
});

export const shipmentsFeature = createFeature({
  name: 'shipments',
  reducer: createReducer(
    initialState,
    on(ShipmentsPageActions.opened, (state) => ({ ...state, loading: true })),
    on(ShipmentsPageActions.filterChanged, (state, filter) => ({ ...state, filter, loading: true })),
    on(ShipmentsApiActions.loadSucceeded, (state, { items, total }) =>
      adapter.setAll(items, { ...state, totalCount: total, loading: false, error: null }),
    ),
    on(ShipmentsApiActions.loadFailed, (state, { error }) => ({ ...state, loading: false, error })),
  ),
  extraSelectors: ({ selectShipmentsState }) => ({
    ...adapter.getSelectors(selectShipmentsState),
  }),
});
"""

SELECTORS_TS = """import { createSelector } from '@ngrx/store';
import { shipmentsFeature } from './shipments.reducer';

/** Dispatcher default order: overdue shipments first, then by ETA ascending. */
export const selectSortedShipments = createSelector(shipmentsFeature.selectAll, (items) =>
  [...items].sort((a, b) => Number(a.overdue) - Number(b.overdue) || a.eta.localeCompare(b.eta)),
);

export const selectOverdueCount = createSelector(
  shipmentsFeature.selectAll,
  (items) => items.filter((s) => s.overdue).length,
);
"""

SELECTORS_SPEC = """import { selectOverdueCount, selectSortedShipments } from './shipments.selectors';
import { ShipmentListItem } from './shipments.models';

const item = (trackingNo: string, eta: string, overdue = false): ShipmentListItem => ({
  trackingNo,
  eta,
  overdue,
  status: 'IN_TRANSIT',
  depot: 'HAM-1',
  carrierName: 'Nordkurier',
});

describe('shipments selectors', () => {
  it('counts overdue shipments', () => {
    expect(selectOverdueCount.projector([item('A', '2026-09-24T10:00:00Z', true), item('B', '2026-09-24T11:00:00Z')])).toBe(1);
  });
});
"""

NAV_HTML = """<mat-nav-list>
  <a mat-list-item routerLink="/dispatch" routerLinkActive="active" data-cy="nav-dispatch">
    <mat-icon matListItemIcon>local_shipping</mat-icon>
    <span matListItemTitle i18n="@@nav.dispatch">Dispatch</span>
  </a>
  <a mat-list-item routerLink="/tracking" routerLinkActive="active" data-cy="nav-tracking">
    <mat-icon matListItemIcon>travel_explore</mat-icon>
    <span matListItemTitle i18n="@@nav.tracking">Tracking</span>
  </a>
  <a mat-list-item routerLink="/depots" routerLinkActive="active" data-cy="nav-depots">
    <mat-icon matListItemIcon>warehouse</mat-icon>
    <span matListItemTitle i18n="@@nav.depots">Depots</span>
  </a>
</mat-nav-list>
"""

SEARCH_HTML = """<section class="tracking-search">
  <form (ngSubmit)="search()" class="tracking-search__form">
    <mat-form-field appearance="outline" class="tracking-search__field">
      <mat-label i18n="@@tracking.search.label">Tracking number</mat-label>
      <input matInput name="trackingNo" [(ngModel)]="query" autocomplete="off" />
    </mat-form-field>
    <button mat-flat-button color="primary" type="submit" i18n="@@tracking.search.submit">Search</button>
  </form>

  @if (result(); as r) {
    <rw-tracking-result-card [result]="r" />
  } @else if (searched()) {
    <rw-empty-state icon="search_off" i18n-title="@@tracking.search.empty" title="No shipment found" />
  }
</section>
"""

SCAN_EVENT_TS = """export interface ScanEvent {
  trackingNo: string;
  scannedAt: string;
  depot: string;
  kind: 'PICKUP' | 'HUB_IN' | 'HUB_OUT' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'EXCEPTION';
}
"""

RESULT_CARD_HTML = """<mat-card class="result-card" data-cy="tracking-result">
  <mat-card-header>
    <mat-card-title>{{ result().trackingNo }}</mat-card-title>
    <mat-card-subtitle>{{ result().carrierName }}</mat-card-subtitle>
  </mat-card-header>
  <mat-card-content>
    <rw-status-chip [status]="result().status" />
    <dl class="result-card__facts">
      <dt i18n="@@tracking.result.eta">ETA</dt>
      <dd data-cy="tracking-result-eta">{{ result().eta | date: 'dd.MM. HH:mm' }}</dd>
      <dt i18n="@@tracking.result.depot">Depot</dt>
      <dd>{{ result().depot }}</dd>
    </dl>
  </mat-card-content>
</mat-card>
"""

RESULT_CARD_TS = """import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { DatePipe } from '@angular/common';
import { MatCardModule } from '@angular/material/card';
import { TrackingSearchResultDto } from '@routewise/shared/api-client';
import { StatusChipComponent } from '@routewise/shared/ui-kit';

@Component({
  selector: 'rw-tracking-result-card',
  standalone: true,
  imports: [DatePipe, MatCardModule, StatusChipComponent],
  templateUrl: './result-card.component.html',
  styleUrl: './result-card.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ResultCardComponent {
  readonly result = input.required<TrackingSearchResultDto>();
}
"""

INVOICES_DRAFT = """describe('Invoices', () => {
  beforeEach(() => {
    cy.intercept('GET', '/api/v3/carriers/me/invoices*', { fixture: 'invoices-page-1.json' }).as('invoices');
    cy.loginAsCarrier('nordkurier');
    cy.visit('/invoices');
    cy.wait('@invoices');
  });

  it('lists the invoices of the current month', () => {
    cy.get('[data-cy=invoice-row]').should('have.length', 12);
    cy.get('[data-cy=invoice-row]').first().should('contain.text', 'RW-2026-09-0412');
  });

  it('downloads the PDF', () => {
    // TODO(piotr): intercept the pdf endpoint and check the filename
  });
});
"""

FILES = {
    R + "/package.json": PACKAGE_JSON,
    R + "/nx.json": NX_JSON,
    R + "/eslint.config.js": ESLINT_ROOT,
    R + "/.github/workflows/ci.yml": CI_YML,
    R + "/.github/workflows/release-shell.yml": RELEASE_YML,
    R + "/apps/shell/Dockerfile": DOCKERFILE,
    R + "/libs/shared/api-client/project.json": API_PROJECT,
    R + "/libs/shared/ui-kit/src/test-setup.ts": UI_TEST_SETUP,
    R + "/libs/shared/ui-kit/src/index.ts": UI_INDEX,
    SHIP + "feature-list/src/lib/filter-panel/filter-panel.component.ts": FILTER_TS,
    SHIP + "feature-list/src/lib/filter-panel/filter-panel.component.html": FILTER_HTML,
    SHIP + "feature-list/src/lib/shipment-table/shipment-table.component.ts": TABLE_TS,
    SHIP + "feature-list/src/lib/shipment-table/shipment-table.component.html": TABLE_HTML,
    SHIP + "data-access/src/lib/+state/shipments.actions.ts": ACTIONS_TS,
    SHIP + "data-access/src/lib/+state/shipments.reducer.ts": REDUCER_TS,
    SHIP + "data-access/src/lib/+state/shipments.selectors.ts": SELECTORS_TS,
    SHIP + "data-access/src/lib/+state/shipments.selectors.spec.ts": SELECTORS_SPEC,
    R + "/apps/shell/src/app/layout/sidenav/sidenav.component.html": NAV_HTML,
    TRACK + "feature-search/src/lib/tracking-search/tracking-search.component.html": SEARCH_HTML,
    TRACK + "feature-search/src/lib/result-card/result-card.component.html": RESULT_CARD_HTML,
    TRACK + "feature-search/src/lib/result-card/result-card.component.ts": RESULT_CARD_TS,
    TRACK + "data-access/src/lib/models/scan-event.ts": SCAN_EVENT_TS,
    R + "/apps/carrier-portal-e2e/src/e2e/invoices.cy.ts": INVOICES_DRAFT,
}


# ------------------------------------------------------------------ output helpers

def line_of(text, needle):
    for i, l in enumerate(text.split("\n"), 1):
        if needle in l:
            return i
    raise ValueError(needle)


def nx_ok(proj, target, body, secs, flags=None, cfg=None):
    head = f"{proj}:{target}" + (f":{cfg}" if cfg else "")
    fl = (" " + " ".join(flags)) if flags else ""
    out = f"\n> nx run {head}{fl}\n\n{body.strip(chr(10))}\n\n{DASH}\n\n NX   Successfully ran target {target} for project {proj} ({secs}s)"
    if flags:
        out += "\n\n      With additional flags:\n" + "\n".join("        " + f for f in flags)
    return out


def nx_fail(proj, target, body, flags=None, cfg=None):
    head = f"{proj}:{target}" + (f":{cfg}" if cfg else "")
    fl = (" " + " ".join(flags)) if flags else ""
    return (f"\n> nx run {head}{fl}\n\n{body.strip(chr(10))}\n\n{DASH}\n\n"
            f" NX   Running target {target} for project {proj} failed\n\nFailed tasks:\n\n- {head}\n\n"
            f"Hint: run the command with --verbose for more details.")


def jest_body(proj, path, suite, tests, secs, pattern=None):
    lines = [f" PASS   {proj}  {path}", f"  {suite}"]
    for name, ms in tests:
        lines.append(f"    \u2713 {name}" + (f" ({ms} ms)" if ms else ""))
    n = len(tests)
    lines += ["", "Test Suites: 1 passed, 1 total", f"Tests:       {n} passed, {n} total",
              "Snapshots:   0 total", f"Time:        {secs} s"]
    lines.append(f"Ran all test suites matching /{pattern}/i." if pattern else "Ran all test suites.")
    return "\n".join(lines)


def jest_multi(proj, suites, secs):
    """suites: list of (path, n_tests)"""
    lines = [f" PASS   {proj}  {p}" for p, _ in suites]
    n = sum(k for _, k in suites)
    lines += ["", f"Test Suites: {len(suites)} passed, {len(suites)} total", f"Tests:       {n} passed, {n} total",
              "Snapshots:   0 total", f"Time:        {secs} s", "Ran all test suites."]
    return "\n".join(lines)


LINT_OK = 'Linting "{p}"...\n\nAll files pass linting.'


def lint_ok(p):
    return LINT_OK.format(p=p)


def box(rows, width=96):
    top = "  \u250c" + "\u2500" * width + "\u2510"
    bot = "  \u2514" + "\u2500" * width + "\u2518"
    mid = ["  \u2502 " + r.ljust(width - 2) + " \u2502" for r in rows]
    return "\n".join([top] + mid + [bot])


def cypress_run(specs, searched, failed=None, component=False):
    """specs: list of (file, suite, [(title, ms)], secs). failed: {file: (title, message, location)}"""
    failed = failed or {}
    names = ", ".join(s[0] for s in specs)
    out = ["", "=" * 100, "", "  (Run Starting)", "",
           box([f"Cypress:        13.15.0",
                f"Browser:        Electron 118 (headless)",
                f"Node Version:   v22.11.0 ({H}/.nvm/versions/node/v22.11.0/bin/node)",
                f"Specs:          {len(specs)} found ({names})",
                f"Searched:       {searched}"]), ""]
    rows = []
    tot_t = tot_p = tot_f = 0
    tot_secs = 0
    for i, (f, suite, tests, secs) in enumerate(specs, 1):
        out += ["", "\u2500" * 100, " " * 100,
                f"  Running:  {f}".ljust(92) + f"({i} of {len(specs)})", "", "", f"  {suite}"]
        nf = 0
        for title, ms in tests:
            if f in failed and failed[f][0] == title:
                nf += 1
                out.append(f"    {nf}) {title}")
            else:
                out.append(f"    \u2713 {title} ({ms}ms)")
        np_ = len(tests) - nf
        out += ["", "", f"  {np_} passing ({secs}s)"]
        if nf:
            title, msg, loc = failed[f]
            out += [f"  {nf} failing", "", f"  1) {suite}", f"       {title}:", f"     {msg}", f"      at {loc}", ""]
        out += ["", "  (Results)", "",
                box([f"Tests:        {len(tests)}", f"Passing:      {np_}", f"Failing:      {nf}",
                     "Pending:      0", "Skipped:      0", f"Screenshots:  {nf}", "Video:        false",
                     f"Duration:     {secs} seconds", f"Spec Ran:     {f}"]), ""]
        if nf:
            shot = f.replace(".cy.ts", "")
            out += ["", "  (Screenshots)", "",
                    f"  -  {H}/code/routewise-web/dist/cypress/apps/shell-e2e/screenshots/{f}/{suite} -- {failed[f][0]} (failed).png     (1280x720)",
                    ""]
        rows.append((f, secs, len(tests), np_, nf))
        tot_t += len(tests)
        tot_p += np_
        tot_f += nf
        tot_secs += secs
    out += ["", "=" * 100, "", "  (Run Finished)", "", "",
            "       Spec                                              Tests  Passing  Failing  Pending  Skipped  "]
    tbl = []
    for f, secs, t, p, nf in rows:
        mark = "\u2716" if nf else "\u2714"
        tbl.append(f"{mark}  {f:<41}00:{secs:02d}{t:>9}{p:>9}{(nf or '-'):>9}{'-':>9}{'-':>9}")
    out.append(box(tbl))
    if tot_f:
        pct = round(100 * sum(1 for r in rows if r[4]) / len(rows))
        out.append(f"    \u2716  {sum(1 for r in rows if r[4])} of {len(rows)} failed ({pct}%)".ljust(48) +
                   f"00:{tot_secs:02d}{tot_t:>9}{tot_p:>9}{tot_f:>9}{'-':>9}{'-':>9}  ")
    else:
        out.append(f"    \u2714  All specs passed!".ljust(48) +
                   f"00:{tot_secs:02d}{tot_t:>9}{tot_p:>9}{'-':>9}{'-':>9}{'-':>9}  ")
    return "\n".join(out)


def no_specs(abs_pattern):
    return ("Can't run because no spec files were found.\n\n"
            "We searched for specs matching this glob pattern:\n\n"
            f"  > {abs_pattern}")


def ng0304(tag, cls):
    return (f"NG0304: '{tag}' is not a known element (used in the '{cls}' component template):\n"
            f"    1. If '{tag}' is an Angular component, then verify that it is included in the '@Component.imports' of this component.\n"
            f"    2. If '{tag}' is a Web Component then add 'CUSTOM_ELEMENTS_SCHEMA' to the '@Component.schemas' of this component to suppress this message.")


def ng8001(tag, html_rel, hline, hcol, src_line, cls, ts_rel, tline):
    tag_text = src_line.strip()
    under = "~" * (tag_text.index(">") + 1 if ">" in tag_text else len(tag_text))
    return (f"\u2718 [ERROR] NG8001: '{tag}' is not a known element:\n"
            f"1. If '{tag}' is an Angular component, then verify that it is included in the '@Component.imports' of this component.\n"
            f"2. If '{tag}' is a Web Component then add 'CUSTOM_ELEMENTS_SCHEMA' to the '@Component.schemas' of this component to suppress this message. [plugin angular-compiler]\n\n"
            f"    {html_rel}:{hline}:{hcol}:\n"
            f"      {hline} \u2502 {src_line}\n"
            f"      {' ' * len(str(hline))} \u2575 {' ' * hcol}{under}\n\n"
            f"  Error occurs in the template of component {cls}.\n\n"
            f"    {ts_rel}:{tline}:15:\n"
            f"      {tline} \u2502   templateUrl: './{os.path.basename(html_rel)}',\n"
            f"      {' ' * len(str(tline))} \u2575                {'~' * (len(os.path.basename(html_rel)) + 2)}\n")


def ng8002(prop, tag, html_rel, hline, hcol, src_line, cls, ts_rel, tline):
    under = "~" * len(src_line.strip())
    return (f"\u2718 [ERROR] NG8002: Can't bind to '{prop}' since it isn't a known property of '{tag}'.\n"
            f"1. If '{tag}' is an Angular component and it has '{prop}' input, then verify that it is included in the '@Component.imports' of this component.\n"
            f"2. If '{tag}' is a Web Component then add 'CUSTOM_ELEMENTS_SCHEMA' to the '@Component.schemas' of this component to suppress this message.\n"
            f"3. To allow any property add 'NO_ERRORS_SCHEMA' to the '@Component.schemas' of this component. [plugin angular-compiler]\n\n"
            f"    {html_rel}:{hline}:{hcol}:\n"
            f"      {hline} \u2502 {src_line}\n"
            f"      {' ' * len(str(hline))} \u2575 {' ' * hcol}{under}\n\n"
            f"  Error occurs in the template of component {cls}.\n\n"
            f"    {ts_rel}:{tline}:15:\n"
            f"      {tline} \u2502   templateUrl: './{os.path.basename(html_rel)}',\n"
            f"      {' ' * len(str(tline))} \u2575                {'~' * (len(os.path.basename(html_rel)) + 2)}\n")


def npm_eusage(lines, log):
    body = "\n".join(f"npm error {l}" for l in lines)
    return f"""npm error code EUSAGE
npm error
npm error `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.
npm error
{body}
npm error
npm error Clean install a project
npm error
npm error Usage:
npm error npm ci
npm error
npm error Options:
npm error [--install-strategy <hoisted|nested|shallow|linked>] [--legacy-bundling]
npm error [--global-style] [--omit <dev|optional|peer> [--omit <dev|optional|peer> ...]]
npm error [--include <prod|dev|optional|peer> [--include <prod|dev|optional|peer> ...]]
npm error [--strict-peer-deps] [--foreground-scripts] [--ignore-scripts] [--no-audit]
npm error [--no-bin-links] [--no-fund] [--dry-run]
npm error [-w|--workspace <workspace-name> [-w|--workspace <workspace-name> ...]]
npm error [-ws|--workspaces] [--include-workspace-root] [--install-links]
npm error
npm error aliases: clean-install, ic, install-clean, isntall-clean
npm error
npm error Run "npm help ci" for more info
npm error A complete log of this run can be found in: {log}"""


NPM_DEPRECATED = """npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory. Do not use it. Check out lru-cache if you want a good and tested way to coalesce async requests by a key value, which is much more comprehensive and powerful.
npm warn deprecated rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported
npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported
npm warn deprecated abab@2.0.6: Use your platform's native atob() and btoa() methods instead
npm warn deprecated domexception@4.0.0: Use your platform's native DOMException instead"""


def npm_ci_ok(added, audited, secs, funding, vulns="found 0 vulnerabilities"):
    return f"""{NPM_DEPRECATED}

> @routewise/source@0.0.0 prepare
> husky


added {added} packages, and audited {audited} packages in {secs}s

{funding} packages are looking for funding
  run `npm fund` for details

{vulns}"""


def build_table(rows_initial, rows_lazy, secs, outdir):
    w0 = max(len(r[0]) for r in rows_initial + rows_lazy + [("Lazy chunk files", "", "", "")]) + 1
    w1 = max(len(r[1]) for r in rows_initial + rows_lazy + [("", "Initial total", "", "")]) + 1
    lines = [f"{'Initial chunk files':<{w0}}| {'Names':<{w1}}|  Raw size | Estimated transfer size"]
    for f, n, raw, tr in rows_initial:
        lines.append(f"{f:<{w0}}| {n:<{w1}}| {raw:>9} | {tr:>23}")
    lines.append("")
    tot_raw = sum(float(r[2].split()[0]) for r in rows_initial)
    tot_tr = sum(float(r[3].split()[0]) for r in rows_initial)
    lines.append(f"{'':<{w0}}| {'Initial total':<{w1}}| {tot_raw:>6.2f} kB | {tot_tr:>20.2f} kB")
    if rows_lazy:
        lines += ["", f"{'Lazy chunk files':<{w0}}| {'Names':<{w1}}|  Raw size | Estimated transfer size"]
        for f, n, raw, tr in rows_lazy:
            lines.append(f"{f:<{w0}}| {n:<{w1}}| {raw:>9} | {tr:>23}")
    lines += ["", f"Application bundle generation complete. [{secs} seconds]", "", f"Output location: {outdir}"]
    return "\n".join(lines)


def dev_table(initial, total, lazy, secs, outdir):
    w0 = max(len(r[0]) for r in initial + lazy + [("Initial chunk files", "", "")]) + 1
    w1 = max(len(r[1]) for r in initial + lazy + [("", "Initial total", "")]) + 1
    lines = [f"{'Initial chunk files':<{w0}}| {'Names':<{w1}}|  Raw size"]
    lines += [f"{f:<{w0}}| {n:<{w1}}| {raw:>9} |" for f, n, raw in initial]
    lines += ["", f"{'':<{w0}}| {'Initial total':<{w1}}| {total:>9}", "",
              f"{'Lazy chunk files':<{w0}}| {'Names':<{w1}}|  Raw size"]
    lines += [f"{f:<{w0}}| {n:<{w1}}| {raw:>9} |" for f, n, raw in lazy]
    lines += ["", f"Application bundle generation complete. [{secs} seconds]", "", f"Output location: {outdir}"]
    return "\n".join(lines)


SHELL_INITIAL = [
    ("main-5XK3QHBQ.js", "main", "742.18 kB", "176.43 kB"),
    ("polyfills-FFHMD2TL.js", "polyfills", "34.52 kB", "11.28 kB"),
    ("styles-6EMWPJQN.css", "styles", "101.37 kB", "10.02 kB"),
]
SHELL_LAZY = [
    ("chunk-ZD6AGQ2Y.js", "maplibre-gl", "801.62 kB", "215.09 kB"),
    ("chunk-Q2R7MZ4D.js", "shipments-routes", "241.37 kB", "45.12 kB"),
    ("chunk-H3OTX6LU.js", "tracking-routes", "184.02 kB", "37.41 kB"),
    ("chunk-7LJ2XWQK.js", "depots-routes", "96.55 kB", "19.84 kB"),
    ("chunk-BCV4TF2N.js", "-", "31.20 kB", "7.95 kB"),
]


def docker_prefix(ctx_mb, cached_deps=False):
    return f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 463B done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/library/nginx:1.27-alpine
#2 DONE 1.2s

#3 [internal] load metadata for docker.io/library/node:22.11-alpine
#3 DONE 1.3s

#4 [internal] load .dockerignore
#4 transferring context: 164B done
#4 DONE 0.0s

#5 [build 1/7] FROM docker.io/library/node:22.11-alpine@sha256:b64ced2e7cd0a4816699fe308ce6e8a08ccba463c757c00c14cd372e3d2c763e
#5 CACHED

#6 [stage-1 1/3] FROM docker.io/library/nginx:1.27-alpine@sha256:2140dad235c130ac861018a4e13a6bc8aea3a35f3a40e20c1b060d51a7efd250
#6 CACHED

#7 [internal] load build context
#7 transferring context: {ctx_mb}MB 0.4s done
#7 DONE 0.5s

#8 [build 2/7] WORKDIR /app
#8 CACHED

#9 [build 3/7] COPY package.json package-lock.json ./
#9 DONE 0.1s

#10 [build 4/7] COPY packages ./packages
#10 DONE 0.0s
"""


EFFECTS_TS = """import { inject } from '@angular/core';
import { Actions, createEffect, ofType } from '@ngrx/effects';
import { Store } from '@ngrx/store';
import { ShipmentsService } from '@routewise/shared/api-client';
import { catchError, map, of, switchMap, withLatestFrom } from 'rxjs';
import { ShipmentsApiActions, ShipmentsPageActions } from './shipments.actions';
import { shipmentsFeature } from './shipments.reducer';

export const loadShipments = createEffect(
  (actions$ = inject(Actions), store = inject(Store), api = inject(ShipmentsService)) =>
    actions$.pipe(
      ofType(ShipmentsPageActions.opened, ShipmentsPageActions.filterChanged),
      withLatestFrom(store.select(shipmentsFeature.selectFilter)),
      switchMap(([, filter]) =>
        api.listShipments(filter.depots, filter.statuses, filter.overdueOnly).pipe(
          map((res) => ShipmentsApiActions.loadSucceeded({ items: res.items, total: res.total })),
          catchError((err) => of(ShipmentsApiActions.loadFailed({ error: String(err?.message ?? err) }))),
        ),
      ),
    ),
  { functional: true },
);
"""

FILTER_SPEC = """import { ComponentFixture, TestBed } from '@angular/core/testing';
import { NoopAnimationsModule } from '@angular/platform-browser/animations';
import { FilterPanelComponent, ShipmentFilter } from './filter-panel.component';

describe('FilterPanelComponent', () => {
  let fixture: ComponentFixture<FilterPanelComponent>;
  let component: FilterPanelComponent;
  let emitted: ShipmentFilter[];

  beforeEach(async () => {
    await TestBed.configureTestingModule({
      imports: [FilterPanelComponent, NoopAnimationsModule],
    }).compileComponents();

    fixture = TestBed.createComponent(FilterPanelComponent);
    component = fixture.componentInstance;
    emitted = [];
    component.filterChange.subscribe((f) => emitted.push(f));
    fixture.detectChanges();
  });

  it('emits the combined filter when a depot is picked', () => {
    component.depots$.next(['HAM-1']);
    expect(emitted.at(-1)).toEqual({ depots: ['HAM-1'], statuses: [], overdueOnly: false });
  });

  it('reset clears everything', () => {
    component.depots$.next(['HAM-1']);
    component.overdueOnly$.next(true);
    component.reset();
    expect(emitted.at(-1)).toEqual({ depots: [], statuses: [], overdueOnly: false });
  });
});
"""

FILES.update({
    SHIP + "data-access/src/lib/+state/shipments.effects.ts": EFFECTS_TS,
    SHIP + "feature-list/src/lib/filter-panel/filter-panel.component.spec.ts": FILTER_SPEC,
})


def run_many(target_label, tasks, secs, cloud=None, cached=None, header_projects=None, total_tasks=None):
    """tasks: list of (head, body, cache_tag or None)."""
    projs = header_projects or []
    out = [""]
    if projs:
        plural = "targets" if "," in target_label else "target"
        out += [f" NX   Running {plural} {target_label} for {len(projs)} projects:", ""]
        out += [f"- {p}" for p in projs]
        out += ["", DASH, ""]
    for head, body, tag in tasks:
        out.append(f"> nx run {head}" + (f"  [{tag}]" if tag else ""))
        out.append("")
        if body:
            out.append(body.strip("\n"))
            out.append("")
    out += [DASH, ""]
    plural = "targets" if "," in target_label else "target"
    n = len(projs) if projs else len(tasks)
    out.append(f" NX   Successfully ran {plural} {target_label} for {n} projects ({secs}s)")
    if cached:
        out += ["", f"Nx read the output from the cache instead of running the command for {cached} out of "
                    f"{total_tasks or len(tasks)} tasks."]
    if cloud:
        out += ["", f"View logs and investigate cache misses at {CLOUD}{cloud}"]
    return "\n".join(out)


def git_push_new(branch):
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:        \n"
            f"remote:      https://github.com/routewise-logistics/routewise-web/pull/new/{branch}        \n"
            f"remote: \nTo github.com:routewise-logistics/routewise-web.git\n"
            f" * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def openapi_gen(version, files):
    lines = [
        "> openapi-generator-cli generate -i tools/openapi/tracking-api.json -g typescript-angular -o "
        "libs/shared/api-client/src/generated -c tools/openapi/config.json",
        "",
        "[main] INFO  o.o.codegen.DefaultGenerator - Generating with dryRun=false",
        "[main] INFO  o.o.codegen.DefaultGenerator - OpenAPI Generator: typescript-angular (client)",
        "[main] INFO  o.o.codegen.DefaultGenerator - Generator 'typescript-angular' is considered stable.",
        "[main] INFO  o.o.c.l.AbstractTypeScriptClientCodegen - Hint: Environment variable 'TS_POST_PROCESS_FILE' "
        "(optional) not defined. E.g. to format the source code, please try 'export "
        "TS_POST_PROCESS_FILE=\"/usr/local/bin/prettier --write\"' (Linux/Mac)",
        "[main] INFO  o.o.c.l.AbstractTypeScriptClientCodegen - Note: To enable file post-processing, "
        "'enablePostProcessFile' must be set to `true` (--enable-post-process-file for CLI).",
        f"[main] INFO  o.o.c.languages.TypeScriptAngularClientCodegen - generating code for Angular 18.2.0 ...",
    ]
    for f in files:
        lines.append(f"[main] INFO  o.o.codegen.TemplateManager - writing file {R}/libs/shared/api-client/src/generated/{f}")
    lines += [
        f"[main] INFO  o.o.codegen.TemplateManager - Skipped {R}/libs/shared/api-client/src/generated/.openapi-generator-ignore (Skipped by supportingFiles options supplied by user.)",
        f"[main] INFO  o.o.codegen.TemplateManager - writing file {R}/libs/shared/api-client/src/generated/.openapi-generator/VERSION",
        f"[main] INFO  o.o.codegen.TemplateManager - writing file {R}/libs/shared/api-client/src/generated/.openapi-generator/FILES",
        "################################################################################",
        "# Thanks for using OpenAPI Generator.                                          #",
        "# Please consider donation to help us maintain this project \U0001f64f                 #",
        "# https://opencollective.com/openapi_generator/donate                          #",
        "################################################################################",
    ]
    return "\n".join(lines)


STATUS_CHIP_TS = """import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

export type ShipmentStatus = 'CREATED' | 'IN_TRANSIT' | 'DELIVERED' | 'EXCEPTION' | 'RETURNED';

const LABELS: Record<ShipmentStatus, string> = {
  CREATED: $localize`:@@ui.status.created:Created`,
  IN_TRANSIT: $localize`:@@ui.status.inTransit:In transit`,
  DELIVERED: $localize`:@@ui.status.delivered:Delivered`,
  EXCEPTION: $localize`:@@ui.status.exception:Exception`,
  RETURNED: $localize`:@@ui.status.returned:Returned`,
};

@Component({
  selector: 'rw-status-chip',
  standalone: true,
  template: `
    <mat-chip-set aria-label="Shipment status">
      <mat-chip [class]="'status-chip status-chip--' + tone()" data-cy="status-chip">{{ label() }}</mat-chip>
    </mat-chip-set>
  `,
  styles: `
    .status-chip--ok { --mdc-chip-elevated-container-color: var(--rw-green-100); }
    .status-chip--busy { --mdc-chip-elevated-container-color: var(--rw-blue-100); }
    .status-chip--warn { --mdc-chip-elevated-container-color: var(--rw-amber-100); }
    .status-chip--neutral { --mdc-chip-elevated-container-color: var(--rw-grey-100); }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class StatusChipComponent {
  readonly status = input.required<ShipmentStatus>();

  readonly label = computed(() => LABELS[this.status()]);
  readonly tone = computed(() => {
    switch (this.status()) {
      case 'DELIVERED':
        return 'ok';
      case 'IN_TRANSIT':
        return 'busy';
      case 'EXCEPTION':
        return 'warn';
      default:
        return 'neutral';
    }
  });
}
"""

STATUS_CHIP_SPEC = """import { ComponentFixture, TestBed } from '@angular/core/testing';
import { By } from '@angular/platform-browser';
import { StatusChipComponent } from './status-chip.component';

describe('StatusChipComponent', () => {
  let fixture: ComponentFixture<StatusChipComponent>;

  beforeEach(async () => {
    await TestBed.configureTestingModule({
      imports: [StatusChipComponent],
    }).compileComponents();

    fixture = TestBed.createComponent(StatusChipComponent);
    fixture.componentRef.setInput('status', 'IN_TRANSIT');
    fixture.detectChanges();
  });

  const chip = () => fixture.debugElement.query(By.css('[data-cy=status-chip]')).nativeElement as HTMLElement;

  it('should create', () => {
    expect(fixture.componentInstance).toBeTruthy();
  });

  it('renders the label for DELIVERED', () => {
    fixture.componentRef.setInput('status', 'DELIVERED');
    fixture.detectChanges();
    expect(chip().textContent?.trim()).toBe('Delivered');
  });

  it('uses the warn tone for EXCEPTION', () => {
    fixture.componentRef.setInput('status', 'EXCEPTION');
    fixture.detectChanges();
    expect(chip().classList).toContain('status-chip--warn');
  });
});
"""

FILTER_TS_NEW = """import { ChangeDetectionStrategy, Component, computed, output, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';

export interface ShipmentFilter {
  depots: string[];
  statuses: string[];
  overdueOnly: boolean;
}

@Component({
  selector: 'rw-shipment-filter-panel',
  standalone: true,
  imports: [FormsModule, MatButtonModule, MatCheckboxModule, MatFormFieldModule, MatSelectModule],
  templateUrl: './filter-panel.component.html',
  styleUrl: './filter-panel.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class FilterPanelComponent {
  readonly filterChange = output<ShipmentFilter>();

  readonly depotOptions = ['HAM-1', 'HAM-2', 'BRE-1', 'WAW-1', 'POZ-1'];
  readonly statusOptions = ['CREATED', 'IN_TRANSIT', 'DELIVERED', 'EXCEPTION', 'RETURNED'];

  readonly depots = signal<string[]>([]);
  readonly statuses = signal<string[]>([]);
  readonly overdueOnly = signal(false);

  readonly filter = computed<ShipmentFilter>(() => ({
    depots: this.depots(),
    statuses: this.statuses(),
    overdueOnly: this.overdueOnly(),
  }));
  readonly activeCount = computed(() => this.depots().length + this.statuses().length + (this.overdueOnly() ? 1 : 0));

  setDepots(depots: string[]): void {
    this.depots.set(depots);
    this.emit();
  }

  setStatuses(statuses: string[]): void {
    this.statuses.set(statuses);
    this.emit();
  }

  setOverdueOnly(overdueOnly: boolean): void {
    this.overdueOnly.set(overdueOnly);
    this.emit();
  }

  reset(): void {
    this.depots.set([]);
    this.statuses.set([]);
    this.overdueOnly.set(false);
    this.emit();
  }

  private emit(): void {
    this.filterChange.emit(this.filter());
  }
}
"""

FILTER_HTML_NEW = """<form class="filter-panel" data-cy="filter-panel">
  <mat-form-field appearance="outline">
    <mat-label i18n="@@shipments.filter.depot">Depot</mat-label>
    <mat-select multiple name="depots" [ngModel]="depots()" (ngModelChange)="setDepots($event)" data-cy="filter-depot">
      @for (depot of depotOptions; track depot) {
        <mat-option [value]="depot">{{ depot }}</mat-option>
      }
    </mat-select>
  </mat-form-field>

  <mat-form-field appearance="outline">
    <mat-label i18n="@@shipments.filter.status">Status</mat-label>
    <mat-select multiple name="statuses" [ngModel]="statuses()" (ngModelChange)="setStatuses($event)" data-cy="filter-status">
      @for (status of statusOptions; track status) {
        <mat-option [value]="status">{{ status }}</mat-option>
      }
    </mat-select>
  </mat-form-field>

  <mat-checkbox name="overdueOnly" [ngModel]="overdueOnly()" (ngModelChange)="setOverdueOnly($event)" data-cy="filter-overdue" i18n="@@shipments.filter.overdue">
    Overdue only
  </mat-checkbox>

  <button mat-stroked-button type="button" (click)="reset()" [disabled]="activeCount() === 0" data-cy="filter-reset">
    <ng-container i18n="@@shipments.filter.reset">Reset</ng-container> ({{ activeCount() }})
  </button>
</form>
"""

FILTER_SPEC_NEW = """import { ComponentFixture, TestBed } from '@angular/core/testing';
import { NoopAnimationsModule } from '@angular/platform-browser/animations';
import { FilterPanelComponent, ShipmentFilter } from './filter-panel.component';

describe('FilterPanelComponent', () => {
  let fixture: ComponentFixture<FilterPanelComponent>;
  let component: FilterPanelComponent;
  let emitted: ShipmentFilter[];

  beforeEach(async () => {
    await TestBed.configureTestingModule({
      imports: [FilterPanelComponent, NoopAnimationsModule],
    }).compileComponents();

    fixture = TestBed.createComponent(FilterPanelComponent);
    component = fixture.componentInstance;
    emitted = [];
    component.filterChange.subscribe((f) => emitted.push(f));
    fixture.detectChanges();
  });

  it('emits the combined filter when a depot is picked', () => {
    component.setDepots(['HAM-1']);
    expect(emitted.at(-1)).toEqual({ depots: ['HAM-1'], statuses: [], overdueOnly: false });
  });

  it('counts active criteria', () => {
    component.setDepots(['HAM-1', 'BRE-1']);
    component.setOverdueOnly(true);
    expect(component.activeCount()).toBe(3);
  });

  it('reset clears everything', () => {
    component.setDepots(['HAM-1']);
    component.setOverdueOnly(true);
    component.reset();
    expect(emitted.at(-1)).toEqual({ depots: [], statuses: [], overdueOnly: false });
    expect(component.activeCount()).toBe(0);
  });
});
"""

E2E_TRACKING = """describe('Tracking search', () => {
  beforeEach(() => {
    cy.intercept('GET', '/api/v3/tracking/search*', (req) => {
      if (req.query['q'] === 'RW7734120045DE') {
        req.reply({ fixture: 'tracking/RW7734120045DE.json' });
      } else {
        req.reply({ statusCode: 404, body: { code: 'NOT_FOUND' } });
      }
    }).as('search');
    cy.loginAsDispatcher();
    cy.visit('/tracking');
  });

  it('finds a shipment by tracking number', () => {
    cy.get('[data-cy=tracking-search-input]').type('RW7734120045DE');
    cy.get('[data-cy=tracking-search-submit]').click();
    cy.wait('@search');
    cy.get('[data-cy=tracking-result]').should('contain.text', 'RW7734120045DE');
    cy.get('[data-cy=tracking-result-eta]').should('not.be.empty');
  });

  it('shows the empty state for an unknown number', () => {
    cy.get('[data-cy=tracking-search-input]').type('RW0000000000XX');
    cy.get('[data-cy=tracking-search-submit]').click();
    cy.wait('@search');
    cy.get('[data-cy=tracking-empty]').should('be.visible');
  });
});
"""

E2E_FIXTURE = """{
  "trackingNo": "RW7734120045DE",
  "status": "IN_TRANSIT",
  "carrierName": "Nordkurier",
  "depot": "HAM-2",
  "eta": "2026-09-18T15:40:00Z",
  "lastScan": { "trackingNo": "RW7734120045DE", "scannedAt": "2026-09-18T09:12:00Z", "depot": "HAM-2", "kind": "HUB_OUT" }
}
"""

ETA_TS = """import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { map, timer } from 'rxjs';

@Component({
  selector: 'rw-eta-countdown',
  standalone: true,
  template: `
    @if (remaining(); as r) {
      <span class="eta-countdown" [class.eta-countdown--late]="r.late" data-cy="eta-countdown">{{ r.text }}</span>
    }
  `,
  styles: `
    .eta-countdown { font: var(--mat-sys-label-medium); color: var(--rw-grey-700); }
    .eta-countdown--late { color: var(--rw-red-700); }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class EtaCountdownComponent {
  readonly eta = input.required<string>();

  /** Wall clock as a signal, ticking every 30 s; toSignal unsubscribes when the component is destroyed. */
  private readonly now = toSignal(timer(0, 30_000).pipe(map(() => Date.now())), { initialValue: Date.now() });

  readonly remaining = computed(() => {
    const ms = Date.parse(this.eta()) - this.now();
    const late = ms < 0;
    const mins = Math.round(Math.abs(ms) / 60_000);
    const span = mins >= 60 ? `${Math.floor(mins / 60)}h ${mins % 60}m` : `${mins}m`;
    const text = late
      ? $localize`:@@tracking.eta.late:${span}:span: late`
      : $localize`:@@tracking.eta.in:arrives in ${span}:span:`;
    return { late, text };
  });
}
"""

ETA_SPEC = """import { ComponentFixture, TestBed } from '@angular/core/testing';
import { EtaCountdownComponent } from './eta-countdown.component';

describe('EtaCountdownComponent', () => {
  let fixture: ComponentFixture<EtaCountdownComponent>;
  const text = () => (fixture.nativeElement as HTMLElement).textContent?.trim();

  beforeEach(async () => {
    jest.useFakeTimers().setSystemTime(new Date('2026-09-22T10:00:00Z'));
    await TestBed.configureTestingModule({ imports: [EtaCountdownComponent] }).compileComponents();
    fixture = TestBed.createComponent(EtaCountdownComponent);
  });

  afterEach(() => jest.useRealTimers());

  it('shows hours and minutes until the ETA', () => {
    fixture.componentRef.setInput('eta', '2026-09-22T12:10:00Z');
    fixture.detectChanges();
    expect(text()).toBe('arrives in 2h 10m');
  });

  it('marks a missed ETA as late', () => {
    fixture.componentRef.setInput('eta', '2026-09-22T09:35:00Z');
    fixture.detectChanges();
    expect(text()).toBe('25m late');
  });

  it('counts down as time passes', () => {
    fixture.componentRef.setInput('eta', '2026-09-22T10:45:00Z');
    fixture.detectChanges();
    jest.advanceTimersByTime(30 * 60_000);
    fixture.detectChanges();
    expect(text()).toBe('arrives in 15m');
  });
});
"""


DATE_RANGE_TS = """import { ChangeDetectionStrategy, Component, computed, input, model } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { provideNativeDateAdapter } from '@angular/material/core';
import { MatDatepickerModule } from '@angular/material/datepicker';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';

export interface DateRange {
  start: Date | null;
  end: Date | null;
}

@Component({
  selector: 'rw-date-range-field',
  standalone: true,
  imports: [FormsModule, MatDatepickerModule, MatFormFieldModule, MatInputModule],
  providers: [provideNativeDateAdapter()],
  template: `
    <mat-form-field appearance="outline" subscriptSizing="dynamic">
      <mat-label>{{ label() }}</mat-label>
      <mat-date-range-input [rangePicker]="picker" [max]="max()">
        <input matStartDate [ngModel]="range().start" (ngModelChange)="setStart($event)" data-cy="date-range-start" />
        <input matEndDate [ngModel]="range().end" (ngModelChange)="setEnd($event)" data-cy="date-range-end" />
      </mat-date-range-input>
      <mat-datepicker-toggle matIconSuffix [for]="picker" data-cy="date-range-toggle" />
      <mat-date-range-picker #picker />
      @if (invalid()) {
        <mat-hint class="date-range-field__invalid" data-cy="date-range-invalid" i18n="@@ui.dateRange.invalid">End date is before the start date</mat-hint>
      }
    </mat-form-field>
  `,
  styles: `
    :host { display: block; }
    .date-range-field__invalid { color: var(--mat-sys-error); }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DateRangeFieldComponent {
  readonly label = input('Date range');
  readonly max = input<Date | null>(null);
  readonly range = model<DateRange>({ start: null, end: null });

  readonly invalid = computed(() => {
    const { start, end } = this.range();
    return !!start && !!end && end < start;
  });

  setStart(start: Date | null): void {
    this.range.update((r) => ({ ...r, start }));
  }

  setEnd(end: Date | null): void {
    this.range.update((r) => ({ ...r, end }));
  }
}
"""

DATE_RANGE_CY = """import { DateRangeFieldComponent } from './date-range-field.component';

describe('DateRangeFieldComponent', () => {
  beforeEach(() => {
    cy.mount(DateRangeFieldComponent);
  });

  it('accepts a typed range', () => {
    cy.get('[data-cy=date-range-start]').type('9/29/2026');
    cy.get('[data-cy=date-range-end]').type('10/3/2026').blur();
    cy.get('[data-cy=date-range-invalid]').should('not.exist');
  });

  it('flags an end date before the start date', () => {
    cy.get('[data-cy=date-range-start]').type('10/3/2026');
    cy.get('[data-cy=date-range-end]').type('9/29/2026').blur();
    cy.get('[data-cy=date-range-invalid]').should('be.visible');
  });

  it('opens the range picker from the toggle', () => {
    cy.get('[data-cy=date-range-toggle] button').click();
    cy.get('[role=dialog]').should('be.visible');
  });
});
"""


RATING_TS = """import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { MatIconModule } from '@angular/material/icon';

type Star = 'star' | 'star_half' | 'star_border';

@Component({
  selector: 'rw-rating-stars',
  standalone: true,
  imports: [MatIconModule],
  templateUrl: './rating-stars.component.html',
  styleUrl: './rating-stars.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { role: 'img', '[attr.aria-label]': 'ariaLabel()' },
})
export class RatingStarsComponent {
  readonly rating = input.required<number>();
  readonly max = input(5);

  /** Rounded to the nearest half star and clamped to 0..max. */
  readonly value = computed(() => Math.min(this.max(), Math.max(0, Math.round(this.rating() * 2) / 2)));

  readonly stars = computed<Star[]>(() =>
    Array.from({ length: this.max() }, (_, i) => {
      const rest = this.value() - i;
      return rest >= 1 ? 'star' : rest >= 0.5 ? 'star_half' : 'star_border';
    }),
  );

  readonly ariaLabel = computed(() => $localize`:@@ui.rating.aria:${this.value()}:rating: of ${this.max()}:max: stars`);
}
"""

RATING_HTML = """@for (star of stars(); track $index) {
  <mat-icon class="rating-stars__icon" [class.rating-stars__icon--empty]="star === 'star_border'" aria-hidden="true">{{ star }}</mat-icon>
}
<span class="rating-stars__value" data-cy="rating-value">{{ value() }}</span>
"""

RATING_SCSS = """:host {
  display: inline-flex;
  align-items: center;
  gap: 2px;
}

.rating-stars__icon {
  width: 18px;
  height: 18px;
  font-size: 18px;
  color: var(--rw-amber-500);
}

.rating-stars__icon--empty {
  color: var(--rw-grey-400);
}

.rating-stars__value {
  margin-left: 4px;
  font: var(--mat-sys-label-medium);
}
"""

RATING_SPEC = """import { ComponentFixture, TestBed } from '@angular/core/testing';
import { RatingStarsComponent } from './rating-stars.component';

describe('RatingStarsComponent', () => {
  let fixture: ComponentFixture<RatingStarsComponent>;
  const icons = () =>
    Array.from((fixture.nativeElement as HTMLElement).querySelectorAll('mat-icon')).map((i) => i.textContent?.trim());

  beforeEach(async () => {
    await TestBed.configureTestingModule({ imports: [RatingStarsComponent] }).compileComponents();
    fixture = TestBed.createComponent(RatingStarsComponent);
  });

  it('renders full, half and empty stars', () => {
    fixture.componentRef.setInput('rating', 3.5);
    fixture.detectChanges();
    expect(icons()).toEqual(['star', 'star', 'star', 'star_half', 'star_border']);
  });

  it('rounds to the nearest half and clamps to max', () => {
    fixture.componentRef.setInput('rating', 4.8);
    fixture.detectChanges();
    expect(fixture.componentInstance.value()).toBe(5);
    fixture.componentRef.setInput('rating', -1);
    fixture.detectChanges();
    expect(fixture.componentInstance.value()).toBe(0);
  });

  it('labels the rating for screen readers', () => {
    fixture.componentRef.setInput('rating', 4.5);
    fixture.detectChanges();
    expect((fixture.nativeElement as HTMLElement).getAttribute('aria-label')).toBe('4.5 of 5 stars');
  });
});
"""

NOTIFY_TS = """import { ChangeDetectionStrategy, Component, effect, inject } from '@angular/core';
import { NonNullableFormBuilder, ReactiveFormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { CarrierSettingsStore, NotificationPrefs } from '@routewise/carriers/data-access';

type EventKey = keyof NotificationPrefs;

@Component({
  selector: 'rw-notification-settings',
  standalone: true,
  imports: [MatButtonModule, ReactiveFormsModule],
  templateUrl: './notification-settings.component.html',
  styleUrl: './notification-settings.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class NotificationSettingsComponent {
  private readonly fb = inject(NonNullableFormBuilder);
  readonly store = inject(CarrierSettingsStore);

  readonly events: { key: EventKey; label: string }[] = [
    { key: 'pickup', label: $localize`:@@carriers.notify.pickup:Pickup scheduled` },
    { key: 'delay', label: $localize`:@@carriers.notify.delay:Delivery delayed` },
    { key: 'delivered', label: $localize`:@@carriers.notify.delivered:Delivered` },
  ];

  readonly form = this.fb.group({
    pickup: this.channels(),
    delay: this.channels(),
    delivered: this.channels(),
  });

  constructor() {
    this.store.loadNotificationPrefs();
    // the form API is imperative, so syncing store -> form is a side effect
    effect(() => {
      const prefs = this.store.notificationPrefs();
      if (prefs) {
        this.form.reset(prefs, { emitEvent: false });
      }
    });
  }

  save(): void {
    this.store.saveNotificationPrefs(this.form.getRawValue());
    this.form.markAsPristine();
  }

  private channels() {
    return this.fb.group({ email: true, sms: false, push: false });
  }
}
"""

NOTIFY_HTML = """<form [formGroup]="form" (ngSubmit)="save()" class="notification-settings" data-cy="notification-settings">
  <h2 i18n="@@carriers.notify.title">Notifications</h2>
  @for (event of events; track event.key) {
    <fieldset [formGroupName]="event.key" class="notification-settings__row" [attr.data-cy]="'notify-' + event.key">
      <legend>{{ event.label }}</legend>
      <mat-slide-toggle formControlName="email" data-cy="notify-email" i18n="@@carriers.notify.email">E-mail</mat-slide-toggle>
      <mat-slide-toggle formControlName="sms" data-cy="notify-sms" i18n="@@carriers.notify.sms">SMS</mat-slide-toggle>
      <mat-slide-toggle formControlName="push" data-cy="notify-push" i18n="@@carriers.notify.push">Push</mat-slide-toggle>
    </fieldset>
  }
  <button mat-flat-button color="primary" type="submit" [disabled]="store.saving() || form.pristine" data-cy="notify-save" i18n="@@carriers.notify.save">
    Save
  </button>
</form>
"""

NOTIFY_SCSS = """.notification-settings {
  display: grid;
  gap: 16px;
  max-width: 640px;
}

.notification-settings__row {
  display: flex;
  gap: 24px;
  border: 1px solid var(--rw-grey-200);
  border-radius: 8px;
  padding: 12px 16px;
}
"""

SETTINGS_ROUTES = """import { Routes } from '@angular/router';

export const settingsRoutes: Routes = [
  { path: '', pathMatch: 'full', redirectTo: 'profile' },
  { path: 'profile', loadComponent: () => import('./profile/profile-form.component').then((m) => m.ProfileFormComponent) },
];
"""

CARRIER_STORE = """import { inject } from '@angular/core';
import { patchState, signalStore, withMethods, withState } from '@ngrx/signals';
import { CarrierProfile, CarriersApi } from './carriers.api';

interface CarrierSettingsState {
  profile: CarrierProfile | null;
  saving: boolean;
}

export const CarrierSettingsStore = signalStore(
  { providedIn: 'root' },
  withState<CarrierSettingsState>({ profile: null, saving: false }),
  withMethods((store, api = inject(CarriersApi)) => ({
    async loadProfile(): Promise<void> {
      patchState(store, { profile: await api.getProfile() });
    },
    async saveProfile(profile: CarrierProfile): Promise<void> {
      patchState(store, { saving: true });
      try {
        patchState(store, { profile: await api.updateProfile(profile) });
      } finally {
        patchState(store, { saving: false });
      }
    },
  })),
);
"""

FILES.update({
    CARR + "feature-settings/src/lib/settings.routes.ts": SETTINGS_ROUTES,
    CARR + "data-access/src/lib/carrier-settings.store.ts": CARRIER_STORE,
})


SUITES = {
    "ui-kit": ([("libs/shared/ui-kit/src/lib/status-chip/status-chip.component.spec.ts", 3),
                ("libs/shared/ui-kit/src/lib/empty-state/empty-state.component.spec.ts", 2),
                ("libs/shared/ui-kit/src/lib/page-header/page-header.component.spec.ts", 2),
                ("libs/shared/ui-kit/src/lib/button/button.component.spec.ts", 4)], "7.311"),
    "tracking-data-access": ([("libs/tracking/data-access/src/lib/+state/tracking.effects.spec.ts", 6),
                              ("libs/tracking/data-access/src/lib/+state/tracking.reducer.spec.ts", 9),
                              ("libs/tracking/data-access/src/lib/tracking-search.store.spec.ts", 7)], "6.412"),
    "tracking-feature-search": ([("libs/tracking/feature-search/src/lib/result-card/result-card.component.spec.ts", 3),
                                 ("libs/tracking/feature-search/src/lib/tracking-search/tracking-search.component.spec.ts", 5)],
                                "6.027"),
    "tracking-feature-map": ([("libs/tracking/feature-map/src/lib/route-panel/route-panel.component.spec.ts", 4),
                              ("libs/tracking/feature-map/src/lib/map-legend/map-legend.component.spec.ts", 2),
                              ("libs/tracking/feature-map/src/lib/depot-map/depot-map.component.spec.ts", 3)], "8.226"),
    "shipments-data-access": ([("libs/shipments/data-access/src/lib/+state/shipments.selectors.spec.ts", 1),
                               ("libs/shipments/data-access/src/lib/+state/shipments.effects.spec.ts", 4),
                               ("libs/shipments/data-access/src/lib/+state/shipments.reducer.spec.ts", 8)], "5.913"),
    "shipments-feature-list": ([("libs/shipments/feature-list/src/lib/filter-panel/filter-panel.component.spec.ts", 3),
                                ("libs/shipments/feature-list/src/lib/shipment-table/shipment-table.component.spec.ts", 4),
                                ("libs/shipments/feature-list/src/lib/shipment-detail/shipment-detail.component.spec.ts", 5),
                                ("libs/shipments/feature-list/src/lib/shipments-page/shipments-page.component.spec.ts", 3)],
                               "9.904"),
    "carriers-data-access": ([("libs/carriers/data-access/src/lib/carrier-settings.store.spec.ts", 5)], "3.144"),
    "carriers-feature-settings": ([("libs/carriers/feature-settings/src/lib/profile/profile-form.component.spec.ts", 4)],
                                  "4.318"),
    "shell": ([("apps/shell/src/app/app.component.spec.ts", 2),
               ("apps/shell/src/app/layout/sidenav/sidenav.component.spec.ts", 3),
               ("apps/shell/src/app/auth/auth.guard.spec.ts", 4),
               ("apps/shell/src/app/depots/depot-detail.component.spec.ts", 3)], "8.650"),
    "carrier-portal": ([("apps/carrier-portal/src/app/app.component.spec.ts", 2),
                        ("apps/carrier-portal/src/app/invoices/invoices-page.component.spec.ts", 4)], "5.318"),
}


def lt(p, tag=None):
    return (f"{p}:lint", lint_ok(p), tag)


def tt(p, tag=None, suites=None, secs=None):
    su, sc = SUITES[p]
    return (f"{p}:test", jest_multi(p, suites or su, secs or sc), tag)


def gen():
    d = Dev("angular-nx", U, "en", MODEL, seed=91827, files=FILES)

    # ================= S1 =================
    with d.session("2026-09-14T09:05:00", R, branch="feat/status-chip", version="2.1.112"):
        t = d.task("morning. first time using you on this repo. give me the lay of the land — apps vs libs, how the "
                   "tags / module boundaries are set up, and whether nx cloud is actually wired in",
                   tags=["noise"])
        t.glob("**/project.json", [
            R + "/apps/shell/project.json", R + "/apps/shell-e2e/project.json", R + "/apps/carrier-portal/project.json",
            R + "/apps/carrier-portal-e2e/project.json", R + "/libs/shared/ui-kit/project.json",
            R + "/libs/shared/api-client/project.json", R + "/libs/shared/util-dates/project.json",
            R + "/libs/shipments/data-access/project.json", R + "/libs/shipments/feature-list/project.json",
            R + "/libs/tracking/data-access/project.json", R + "/libs/tracking/feature-search/project.json",
            R + "/libs/tracking/feature-map/project.json", R + "/libs/carriers/data-access/project.json",
            R + "/libs/carriers/feature-settings/project.json"])
        t.read(R + "/nx.json")
        t.grep("sourceTag", path=R + "/eslint.config.js", output_mode="content", n=True, content="""
16:            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:api', 'type:util'] },
17:            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:api', 'type:util'] },
18:            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:api', 'type:util'] },
19:            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
20:            { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:util'] },
21:            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
22:            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
23:            { sourceTag: 'scope:shipments', onlyDependOnLibsWithTags: ['scope:shipments', 'scope:shared'] },
24:            { sourceTag: 'scope:tracking', onlyDependOnLibsWithTags: ['scope:tracking', 'scope:shared'] },
25:            { sourceTag: 'scope:carriers', onlyDependOnLibsWithTags: ['scope:carriers', 'scope:shared'] },""")
        t.bash("npx nx show projects --type lib --json | jq -r '.[]' && echo --- && npx nx show projects --type app",
               "List libraries and applications",
               out="util-dates\nui-kit\napi-client\ntracking-feature-search\ntracking-feature-map\ntracking-data-access\n"
                   "shipments-feature-list\nshipments-data-access\ncarriers-feature-settings\ncarriers-data-access\n---\n"
                   "shell\nshell-e2e\ncarrier-portal\ncarrier-portal-e2e")
        t.grep("NX_CLOUD", path=R + "/.github/workflows", output_mode="content", n=True,
               content=".github/workflows/ci.yml:13:  NX_CLOUD_ACCESS_TOKEN: ${{ secrets.NX_CLOUD_ACCESS_TOKEN }}")
        t.done("Quick map:\n\n"
               "**Apps** (4): `shell` (dispatcher console) and `carrier-portal`, each with a Cypress e2e project "
               "(`shell-e2e`, `carrier-portal-e2e`).\n\n"
               "**Libs** (10), grouped by domain folder:\n"
               "- `libs/shared`: `ui-kit` (presentational Material wrappers), `api-client` (OpenAPI-generated, has a "
               "`generate` target), `util-dates`\n"
               "- `libs/shipments`, `libs/tracking`, `libs/carriers`: a `data-access` lib (NgRx) plus `feature-*` libs\n\n"
               "**Module boundaries** (`eslint.config.js`, `@nx/enforce-module-boundaries`) use two tag axes:\n"
               "- `type:` — app → feature → ui / data-access → api → util. `type:ui` may only use `ui` and `util`, so "
               "ui-kit can't import from a data-access lib.\n"
               "- `scope:` — each domain may use itself and `scope:shared`. Nothing may cross between shipments, "
               "tracking and carriers.\n\n"
               "**Targets**: Jest and ESLint are explicit executors with `cache: true` in `targetDefaults`. `e2e`, "
               "`component-test` and the Storybook targets are inferred by the `@nx/cypress` and `@nx/storybook` "
               "plugins. `defaultBase` is `main`.\n\n"
               "**Nx Cloud**: yes. `nxCloudId` is in nx.json, and CI passes `NX_CLOUD_ACCESS_TOKEN` from a repo secret "
               "(ci.yml line 13), so local runs read from the remote cache too.")

        t = d.task("need a status chip in ui-kit for the shipment states (CREATED, IN_TRANSIT, DELIVERED, EXCEPTION, "
                   "RETURNED) built on mat-chip. use the nx generator. keep template + styles inline, these ui-kit "
                   "bits are tiny. spec too, then test and lint ui-kit",
                   tags=["workflow:W1", "pref:P3", "mistake:M1"])
        CHIP = UIKIT + "status-chip/status-chip.component.ts"
        CHIP_SPEC = UIKIT + "status-chip/status-chip.component.spec.ts"
        t.bash("npx nx g @nx/angular:component libs/shared/ui-kit/src/lib/status-chip/status-chip --inlineTemplate "
               "--inlineStyle --export", "Generate the component in ui-kit",
               out=" NX  Generating @nx/angular:component\n\n"
                   "CREATE libs/shared/ui-kit/src/lib/status-chip/status-chip.component.spec.ts\n"
                   "CREATE libs/shared/ui-kit/src/lib/status-chip/status-chip.component.ts\n"
                   "UPDATE libs/shared/ui-kit/src/index.ts")
        d.files[CHIP] = gen_component("status-chip", "StatusChipComponent")
        d.files[CHIP_SPEC] = gen_spec("status-chip", "StatusChipComponent")
        d.files[R + "/libs/shared/ui-kit/src/index.ts"] = UI_INDEX + "export * from './lib/status-chip/status-chip.component';\n"
        t.read(CHIP)
        t.write(CHIP, STATUS_CHIP_TS)
        t.read(CHIP_SPEC)
        t.write(CHIP_SPEC, STATUS_CHIP_SPEC)
        cl = line_of(STATUS_CHIP_SPEC, "TestBed.createComponent")
        sl = STATUS_CHIP_SPEC.split("\n")
        frame = "\n".join(
            (f"    > {i:>2} | {sl[i - 1]}" if i == cl else f"      {i:>2} | {sl[i - 1]}".rstrip()) +
            (f"\n         | {' ' * 22}^" if i == cl else "")
            for i in range(cl - 2, cl + 4))
        block = (f"{ng0304('mat-chip-set', 'StatusChipComponent')}\n\n{frame}\n\n"
                 "      at handleUnknownElementError (../../../node_modules/@angular/core/fesm2022/core.mjs:11102:11)\n"
                 "      at validateElementIsKnown (../../../node_modules/@angular/core/fesm2022/core.mjs:11079:9)\n"
                 "      at ɵɵelementStart (../../../node_modules/@angular/core/fesm2022/core.mjs:23817:9)\n"
                 "      at StatusChipComponent_Template (ng:///StatusChipComponent.js:13:9)\n"
                 "      at executeTemplate (../../../node_modules/@angular/core/fesm2022/core.mjs:11412:9)\n"
                 "      at renderView (../../../node_modules/@angular/core/fesm2022/core.mjs:12615:13)\n"
                 "      at ComponentFactory.create (../../../node_modules/@angular/core/fesm2022/core.mjs:16688:13)\n"
                 "      at initComponent (../../../node_modules/@angular/core/fesm2022/testing.mjs:2094:51)\n"
                 f"      at src/lib/status-chip/status-chip.component.spec.ts:{cl}:23")
        t.fail("npx nx test ui-kit --testFile=status-chip", "Run the status chip spec",
               nx_fail("ui-kit", "test", f"""
 FAIL   ui-kit  libs/shared/ui-kit/src/lib/status-chip/status-chip.component.spec.ts
  StatusChipComponent
    \u2715 should create (61 ms)
    \u2715 renders the label for DELIVERED (12 ms)
    \u2715 uses the warn tone for EXCEPTION (9 ms)

  \u25cf StatusChipComponent \u203a should create

    {block}

  \u25cf StatusChipComponent \u203a renders the label for DELIVERED

    {block}

  \u25cf StatusChipComponent \u203a uses the warn tone for EXCEPTION

    {block}

Test Suites: 1 failed, 1 total
Tests:       3 failed, 3 total
Snapshots:   0 total
Time:        4.207 s
Ran all test suites matching /status-chip/i.""", flags=["--testFile=status-chip"]))
        t.say("The template uses `mat-chip-set` and `mat-chip`, but the standalone component doesn't import the chips "
              "module, and ui-kit's test setup turns unknown elements into errors. Adding `MatChipsModule` to the "
              "component's `imports`.")
        t.edit(CHIP, "import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';\n",
               "import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';\n"
               "import { MatChipsModule } from '@angular/material/chips';\n")
        t.edit(CHIP, "  standalone: true,\n  template: `", "  standalone: true,\n  imports: [MatChipsModule],\n  template: `")
        t.bash("npx nx test ui-kit --testFile=status-chip", "Run the spec again",
               out=nx_ok("ui-kit", "test", jest_body("ui-kit", "libs/shared/ui-kit/src/lib/status-chip/status-chip.component.spec.ts",
                                                     "StatusChipComponent",
                                                     [("should create", 57), ("renders the label for DELIVERED", 14),
                                                      ("uses the warn tone for EXCEPTION", 8)], "3.981", "status-chip"),
                         6, flags=["--testFile=status-chip"]))
        t.bash("npx nx lint ui-kit", "Lint ui-kit", out=nx_ok("ui-kit", "lint", lint_ok("ui-kit"), 5))
        t.done("`rw-status-chip` is in ui-kit and exported from the index. It has a required signal input `status`, "
               "computed `label` (via `$localize`, ids `ui.status.*`) and `tone`, and OnPush. Template and styles are "
               "inline.\n\n"
               "The first test run failed with NG0304 on `mat-chip-set`: I'd used the chip elements without importing "
               "`MatChipsModule` into the standalone component. With the import, all 3 specs pass and lint is clean.\n\n"
               "The tone colours use `--rw-*-100` custom properties. Check the theme defines all four.")

        t = d.task("quick q: input() vs @Input() with a setter. any reason left to use the setter version on 18?",
                   tags=["noise", "no_tools"])
        t.done("Very few. The setter pattern existed to react to changes. With `input()` you get a signal and derive "
               "from it with `computed()`, or use `effect()` for side effects. That composes better and works with "
               "OnPush without `markForCheck`.\n\n"
               "Cases where `@Input()` can still make sense:\n"
               "- A **model-like input you write to from inside** the component. Signal inputs are read-only; use "
               "`model()` for two-way, or keep internal state in a separate `signal`.\n"
               "- **Libraries that set inputs imperatively** on older APIs. `componentRef.setInput()` works with both, "
               "but direct property assignment (`instance.foo = x`) doesn't with `input()`.\n"
               "- **Decorator-based tooling** you don't control, e.g. some older Storybook arg setups.\n\n"
               "For new components in this repo I'd go with `input()` / `input.required()` everywhere. `transform` "
               "covers what setters were mostly used for (coercing `'true'` to booleans and the like).")

    # ================= S2 =================
    with d.session("2026-09-16T08:40:00", R, branch="chore/ngrx-18.1", version="2.1.113"):
        t = d.task("ngrx 18.1 is out. bump all the @ngrx packages in package.json to 18.1.0 (they have to move in "
                   "lockstep), then do a clean install and run the data-access tests",
                   tags=["mistake:M3"])
        t.read(R + "/package.json")
        t.edit(R + "/package.json",
               '    "@ngrx/effects": "18.0.2",\n    "@ngrx/entity": "18.0.2",\n    "@ngrx/router-store": "18.0.2",\n'
               '    "@ngrx/signals": "18.0.2",\n    "@ngrx/store": "18.0.2",\n    "@ngrx/store-devtools": "18.0.2",\n',
               '    "@ngrx/effects": "18.1.0",\n    "@ngrx/entity": "18.1.0",\n    "@ngrx/router-store": "18.1.0",\n'
               '    "@ngrx/signals": "18.1.0",\n    "@ngrx/store": "18.1.0",\n    "@ngrx/store-devtools": "18.1.0",\n')
        t.fail("npm ci", "Clean install", npm_eusage([
            "Invalid: lock file's @ngrx/effects@18.0.2 does not satisfy @ngrx/effects@18.1.0",
            "Invalid: lock file's @ngrx/entity@18.0.2 does not satisfy @ngrx/entity@18.1.0",
            "Invalid: lock file's @ngrx/router-store@18.0.2 does not satisfy @ngrx/router-store@18.1.0",
            "Invalid: lock file's @ngrx/signals@18.0.2 does not satisfy @ngrx/signals@18.1.0",
            "Invalid: lock file's @ngrx/store@18.0.2 does not satisfy @ngrx/store@18.1.0",
            "Invalid: lock file's @ngrx/store-devtools@18.0.2 does not satisfy @ngrx/store-devtools@18.1.0"],
            H + "/.npm/_logs/2026-09-16T06_43_51_204Z-debug-0.log"))
        t.say("`npm ci` installs exactly what package-lock.json says and refuses when package.json asks for something "
              "else. The lock file still pins 18.0.2. Updating only the lock file first, then the clean install.")
        t.bash("npm install --package-lock-only", "Resolve the new versions into package-lock.json",
               out="\nchanged 6 packages, and audited 1849 packages in 8s\n\n271 packages are looking for funding\n"
                   "  run `npm fund` for details\n\nfound 0 vulnerabilities")
        t.bash("npm ci", "Clean install from the updated lock file", timeout=600000,
               out=npm_ci_ok(1846, 1849, 44, 271))
        t.bash("npx nx run-many -t test -p shipments-data-access tracking-data-access carriers-data-access",
               "Run the data-access tests",
               out=run_many("test", [
                   ("tracking-data-access:test", jest_multi("tracking-data-access", [
                       ("libs/tracking/data-access/src/lib/+state/tracking.effects.spec.ts", 6),
                       ("libs/tracking/data-access/src/lib/+state/tracking.reducer.spec.ts", 9),
                       ("libs/tracking/data-access/src/lib/tracking-search.store.spec.ts", 7)], "6.802"), None),
                   ("carriers-data-access:test", jest_multi("carriers-data-access", [
                       ("libs/carriers/data-access/src/lib/carrier-settings.store.spec.ts", 5)], "3.144"), None),
                   ("shipments-data-access:test", jest_multi("shipments-data-access", [
                       ("libs/shipments/data-access/src/lib/+state/shipments.selectors.spec.ts", 1),
                       ("libs/shipments/data-access/src/lib/+state/shipments.effects.spec.ts", 4),
                       ("libs/shipments/data-access/src/lib/+state/shipments.reducer.spec.ts", 8)], "5.913"), None)],
                   14, cloud="Vq3nT8bLkW", header_projects=["shipments-data-access", "tracking-data-access",
                                                           "carriers-data-access"]))
        t.bash("git diff --stat", "What changed",
               out=" package-lock.json | 48 ++++++++++++++++++++++++------------------------\n"
                   " package.json      | 12 ++++++------\n 2 files changed, 30 insertions(+), 30 deletions(-)")
        t.done("All six `@ngrx/*` packages are on 18.1.0 in package.json and package-lock.json. The first `npm ci` "
               "refused because the lock file still had 18.0.2. `npm install --package-lock-only` updated the lock, "
               "then the clean install went through. Tests: 40 pass across the three data-access libs. Not committed yet.")

        t = d.task("the filter panel in shipments-feature-list still keeps its state in BehaviorSubjects. convert it — "
                   "component state lives in signals, not subjects, that's the rule now. filterChange output stays as "
                   "is for the parent",
                   tags=["pref:P1", "noise"])
        FP = SHIP + "feature-list/src/lib/filter-panel/filter-panel.component"
        t.read(FP + ".ts")
        t.read(FP + ".html")
        t.read(FP + ".spec.ts")
        t.write(FP + ".ts", FILTER_TS_NEW)
        t.write(FP + ".html", FILTER_HTML_NEW)
        t.write(FP + ".spec.ts", FILTER_SPEC_NEW)
        t.bash("npx nx test shipments-feature-list --testFile=filter-panel", "Run the filter panel spec",
               out=nx_ok("shipments-feature-list", "test", jest_body(
                   "shipments-feature-list", "libs/shipments/feature-list/src/lib/filter-panel/filter-panel.component.spec.ts",
                   "FilterPanelComponent", [("emits the combined filter when a depot is picked", 88),
                                            ("counts active criteria", 21), ("reset clears everything", 19)],
                   "4.566", "filter-panel"), 7, flags=["--testFile=filter-panel"]))
        t.done("The filter panel now uses signals only:\n"
               "- `depots`, `statuses`, `overdueOnly` are `signal`s, with `filter` and `activeCount` as `computed`.\n"
               "- The template calls `setDepots()` / `setStatuses()` / `setOverdueOnly()`. No `async` pipe, no "
               "`destroy$`, no `ngOnDestroy`.\n"
               "- `filterChange` has the same name and payload, now declared with `output()`.\n\n"
               "One behaviour change: the BehaviorSubject version emitted once on creation with the empty filter. "
               "This one only emits on user changes and on reset. The shipments page dispatches `opened` itself, so "
               "it didn't need that first emission. Spec updated (3 tests, passing).")

    # ================= S3 =================
    with d.session("2026-09-18T10:12:00", R, branch="feat/tracking-search", version="2.1.113"):
        t = d.task("tracking-api published the v3 spec on staging: https://tracking-api.staging.routewise.io/v3/openapi.json "
                   "— regenerate libs/shared/api-client from it, make sure it compiles, commit it as a chore",
                   tags=["workflow:W3"])
        t.bash("curl -fsSL https://tracking-api.staging.routewise.io/v3/openapi.json -o tools/openapi/tracking-api.json "
               "&& jq -r '.info.version, (.paths | keys | length)' tools/openapi/tracking-api.json",
               "Download the v3 spec", out="3.0.0\n14")
        t.bash("npx nx run api-client:generate", "Regenerate the Angular client",
               out=nx_ok("api-client", "generate", openapi_gen("3.0.0", [
                   "model/scanEventDto.ts", "model/shipmentDto.ts", "model/shipmentPageDto.ts",
                   "model/trackingSearchResultDto.ts", "model/models.ts", "api/shipments.service.ts",
                   "api/tracking.service.ts", "api/api.ts", "index.ts", "api.module.ts", "configuration.ts",
                   "variables.ts", "encoder.ts", "param.ts"]), 9))
        t.bash("git status --short -- libs/shared/api-client tools/openapi", "What the generator changed",
               out=" M libs/shared/api-client/src/generated/.openapi-generator/FILES\n"
                   " M libs/shared/api-client/src/generated/api/tracking.service.ts\n"
                   " M libs/shared/api-client/src/generated/model/models.ts\n"
                   " M libs/shared/api-client/src/generated/model/shipmentDto.ts\n"
                   " M tools/openapi/tracking-api.json\n"
                   "?? libs/shared/api-client/src/generated/model/scanEventDto.ts\n"
                   "?? libs/shared/api-client/src/generated/model/trackingSearchResultDto.ts")
        t.bash("npx tsc -p libs/shared/api-client/tsconfig.lib.json --noEmit", "Type-check the client")
        t.bash("git add libs/shared/api-client tools/openapi && git commit -m \"chore(api-client): regenerate from "
               "tracking-api 3.0.0\"", "Commit the regenerated client",
               out="[feat/tracking-search 4e1a9c2] chore(api-client): regenerate from tracking-api 3.0.0\n"
                   " 7 files changed, 318 insertions(+), 42 deletions(-)\n"
                   " create mode 100644 libs/shared/api-client/src/generated/model/scanEventDto.ts\n"
                   " create mode 100644 libs/shared/api-client/src/generated/model/trackingSearchResultDto.ts")
        t.done("Client regenerated from tracking-api 3.0.0 (14 paths) and committed as 4e1a9c2. New: "
               "`TrackingSearchResultDto` and `ScanEventDto`, and `TrackingService.searchTracking(q)`. `ShipmentDto` "
               "gained `lastScan`. It type-checks cleanly (`tsc --noEmit` on the lib).")

        t = d.task("now the cypress e2e for the tracking search in the shell: search by tracking number + the empty "
                   "state. select things by data-cy attributes only, no css classes or mat-* selectors in e2e, those "
                   "break on every material bump. run just that spec",
                   tags=["mistake:M2", "pref:P2"])
        SH = TRACK + "feature-search/src/lib/tracking-search/tracking-search.component.html"
        t.grep("data-cy", path=R + "/libs/tracking/feature-search/src", output_mode="content", n=True,
               content="libs/tracking/feature-search/src/lib/result-card/result-card.component.html:1:<mat-card class=\"result-card\" data-cy=\"tracking-result\">\n"
                       "libs/tracking/feature-search/src/lib/result-card/result-card.component.html:10:      <dd data-cy=\"tracking-result-eta\">{{ result().eta | date: 'dd.MM. HH:mm' }}</dd>")
        t.read(SH)
        t.edit(SH, '<input matInput name="trackingNo" [(ngModel)]="query" autocomplete="off" />',
               '<input matInput name="trackingNo" [(ngModel)]="query" autocomplete="off" data-cy="tracking-search-input" />')
        t.edit(SH, '<button mat-flat-button color="primary" type="submit" i18n="@@tracking.search.submit">Search</button>',
               '<button mat-flat-button color="primary" type="submit" data-cy="tracking-search-submit" i18n="@@tracking.search.submit">Search</button>')
        t.edit(SH, 'title="No shipment found" />', 'title="No shipment found" data-cy="tracking-empty" />')
        t.write(R + "/apps/shell-e2e/src/fixtures/tracking/RW7734120045DE.json", E2E_FIXTURE)
        t.write(R + "/apps/shell-e2e/src/e2e/tracking-search.cy.ts", E2E_TRACKING)
        t.fail("npx nx e2e shell-e2e --spec=apps/shell-e2e/src/e2e/tracking-search.cy.ts", "Run only the new spec",
               nx_fail("shell-e2e", "e2e",
                       "> cypress run --spec=apps/shell-e2e/src/e2e/tracking-search.cy.ts\n\n" +
                       no_specs(R + "/apps/shell-e2e/apps/shell-e2e/src/e2e/tracking-search.cy.ts") +
                       "\n\nWarning: command \"cypress run --spec=apps/shell-e2e/src/e2e/tracking-search.cy.ts\" exited "
                       "with non-zero status code",
                       flags=["--spec=apps/shell-e2e/src/e2e/tracking-search.cy.ts"]))
        t.say("The inferred `e2e` target runs `cypress run` inside `apps/shell-e2e`, so the `--spec` path is taken "
              "relative to that folder and ended up doubled. Passing it relative to the e2e project instead.")
        t.bash("npx nx e2e shell-e2e --spec=src/e2e/tracking-search.cy.ts", "Run only the new spec, project-relative path",
               timeout=600000,
               out=nx_ok("shell-e2e", "e2e", "> cypress run --spec=src/e2e/tracking-search.cy.ts\n" + cypress_run(
                   [("tracking-search.cy.ts", "Tracking search",
                     [("finds a shipment by tracking number", 1843), ("shows the empty state for an unknown number", 612)], 3)],
                   "src/e2e/tracking-search.cy.ts"), 41, flags=["--spec=src/e2e/tracking-search.cy.ts"]))
        t.done("`apps/shell-e2e/src/e2e/tracking-search.cy.ts` covers the found case and the empty state, with a "
               "fixture for RW7734120045DE and a 404 for everything else. Selectors are `data-cy` only. I added "
               "`tracking-search-input`, `tracking-search-submit` and `tracking-empty` to the search template; the "
               "result card already had `tracking-result` and `tracking-result-eta`. Both tests pass.\n\n"
               "Note for running single specs: with the inferred target, `--spec` is relative to `apps/shell-e2e`, so "
               "it's `--spec=src/e2e/…`. The repo-root path found nothing.")

        t = d.task("the status chip in the tracking result card should show the last scan (depot + time) as a "
                   "tooltip on hover", tags=["oneoff:O1"])
        CHIP = UIKIT + "status-chip/status-chip.component.ts"
        RC = TRACK + "feature-search/src/lib/result-card/result-card.component.html"
        t.read(CHIP)
        t.read(TRACK + "data-access/src/lib/models/scan-event.ts")
        t.edit(CHIP, "import { MatChipsModule } from '@angular/material/chips';\n",
               "import { MatChipsModule } from '@angular/material/chips';\nimport { MatTooltipModule } from '@angular/material/tooltip';\n"
               "import { ScanEvent } from '@routewise/tracking/data-access';\n")
        t.edit(CHIP, "  imports: [MatChipsModule],", "  imports: [MatChipsModule, MatTooltipModule],")
        t.edit(CHIP, '<mat-chip [class]="\'status-chip status-chip--\' + tone()" data-cy="status-chip">',
               '<mat-chip [class]="\'status-chip status-chip--\' + tone()" [matTooltip]="tooltip()" [matTooltipDisabled]="!tooltip()" data-cy="status-chip">')
        t.edit(CHIP, "  readonly status = input.required<ShipmentStatus>();\n",
               "  readonly status = input.required<ShipmentStatus>();\n  readonly lastScan = input<ScanEvent | null>(null);\n")
        t.edit(CHIP, "  readonly label = computed(() => LABELS[this.status()]);\n",
               "  readonly label = computed(() => LABELS[this.status()]);\n"
               "  readonly tooltip = computed(() => {\n    const scan = this.lastScan();\n"
               "    return scan ? `${scan.depot} \u00b7 ${scan.scannedAt.slice(11, 16)}` : '';\n  });\n")
        ln = line_of(d.files[CHIP], "@routewise/tracking/data-access")
        t.fail("npx nx lint ui-kit", "Lint ui-kit",
               nx_fail("ui-kit", "lint", f"""Linting "ui-kit"...

{CHIP}
  {ln}:1  error  A project tagged with "type:ui" can only depend on libs tagged with "type:ui", "type:util"  @nx/enforce-module-boundaries

\u2716 1 problem (1 error, 0 warnings)

Lint errors found in the listed files."""))
        t.say("Right, ui-kit is `type:ui` and may not import tracking's data-access. The chip only needs depot and "
              "time, so I'll give it its own small input type, and the tracking feature passes the scan in.")
        t.edit(CHIP, "import { ScanEvent } from '@routewise/tracking/data-access';\n", "")
        t.edit(CHIP, "export type ShipmentStatus = 'CREATED' | 'IN_TRANSIT' | 'DELIVERED' | 'EXCEPTION' | 'RETURNED';\n",
               "export type ShipmentStatus = 'CREATED' | 'IN_TRANSIT' | 'DELIVERED' | 'EXCEPTION' | 'RETURNED';\n\n"
               "/** What the chip shows in its tooltip; structurally compatible with tracking's ScanEvent. */\n"
               "export interface StatusChipScan {\n  depot: string;\n  scannedAt: string;\n}\n")
        t.edit(CHIP, "input<ScanEvent | null>(null)", "input<StatusChipScan | null>(null)")
        t.bash("npx nx lint ui-kit", "Lint ui-kit again", out=nx_ok("ui-kit", "lint", lint_ok("ui-kit"), 4))
        t.read(RC)
        t.edit(RC, '<rw-status-chip [status]="result().status" />',
               '<rw-status-chip [status]="result().status" [lastScan]="result().lastScan" />')
        t.bash("npx nx run-many -t test lint -p ui-kit tracking-feature-search", "Tests and lint for both projects",
               out=run_many("test, lint", [
                   ("ui-kit:lint", lint_ok("ui-kit"), "local cache"),
                   ("tracking-feature-search:lint", lint_ok("tracking-feature-search"), None),
                   ("ui-kit:test", jest_multi("ui-kit", [
                       ("libs/shared/ui-kit/src/lib/status-chip/status-chip.component.spec.ts", 3),
                       ("libs/shared/ui-kit/src/lib/empty-state/empty-state.component.spec.ts", 2),
                       ("libs/shared/ui-kit/src/lib/page-header/page-header.component.spec.ts", 2),
                       ("libs/shared/ui-kit/src/lib/button/button.component.spec.ts", 4)], "7.311"), None),
                   ("tracking-feature-search:test", jest_multi("tracking-feature-search", [
                       ("libs/tracking/feature-search/src/lib/result-card/result-card.component.spec.ts", 3),
                       ("libs/tracking/feature-search/src/lib/tracking-search/tracking-search.component.spec.ts", 5)],
                       "6.027"), None)],
                   17, cloud="pR7cW2mZsN", cached=1, total_tasks=4,
                   header_projects=["ui-kit", "tracking-feature-search"]))
        t.done("The chip has an optional `lastScan` input and shows `HAM-2 · 09:12` as a Material tooltip. The tooltip "
               "is disabled when there's no scan. The result card passes `result().lastScan`.\n\n"
               "First attempt failed lint: I'd typed the input with tracking's `ScanEvent`, and "
               "`@nx/enforce-module-boundaries` doesn't allow ui-kit (`type:ui`) to import a data-access lib. The chip "
               "now declares its own `StatusChipScan { depot, scannedAt }`. `ScanEvent` fits it structurally, so no "
               "mapping is needed. Lint and tests pass for ui-kit and tracking-feature-search.")

    # ================= S4 =================
    with d.session("2026-09-22T09:20:00", R, branch="feat/tracking-search", version="2.1.114"):
        t = d.task("ok ship the tracking search branch. format check, affected lint + test, push, and open a draft PR "
                   "against main", tags=["workflow:W2", "long_output"])
        t.bash("npx nx format:check", "Prettier check on changed files")
        t.bash("npx nx affected -t lint test", "Lint and test affected projects", timeout=600000,
               out=run_many("lint, test", [
                   lt("ui-kit"), lt("api-client"), lt("tracking-data-access", "remote cache"),
                   lt("tracking-feature-search"), lt("tracking-feature-map", "remote cache"),
                   lt("shipments-data-access", "remote cache"), lt("shipments-feature-list"),
                   lt("carriers-feature-settings", "remote cache"), lt("shell", "remote cache"),
                   lt("carrier-portal", "remote cache"), lt("shell-e2e"), lt("carrier-portal-e2e", "remote cache"),
                   tt("ui-kit"), tt("tracking-data-access"), tt("tracking-feature-search"), tt("tracking-feature-map"),
                   tt("shipments-data-access"), tt("shipments-feature-list"), tt("carriers-feature-settings"),
                   tt("shell"), tt("carrier-portal")],
                   58, cloud="hT4xL9dQaE", cached=7, total_tasks=21,
                   header_projects=["ui-kit", "api-client", "tracking-data-access", "tracking-feature-search",
                                    "tracking-feature-map", "shipments-data-access", "shipments-feature-list",
                                    "carriers-feature-settings", "shell", "carrier-portal", "shell-e2e",
                                    "carrier-portal-e2e"]))
        t.bash("git push -u origin feat/tracking-search", "Push the branch", err=git_push_new("feat/tracking-search"))
        t.bash("gh pr create --draft --base main --title \"feat(tracking): search by tracking number\" --body "
               "\"$(cat <<'EOF'\n## What\nTracking search in the dispatcher shell: search by tracking number, result card "
               "with status chip (last-scan tooltip) and ETA, empty state for unknown numbers.\n\n## Why\nDispatchers "
               "currently look shipments up in the carrier portals one by one (RW-1184).\n\n## Changes\n"
               "- `api-client`: regenerated from tracking-api 3.0.0 (`TrackingService.searchTracking`, "
               "`TrackingSearchResultDto`, `ScanEventDto`, `ShipmentDto.lastScan`)\n- `ui-kit`: new `rw-status-chip` "
               "(signal inputs, OnPush, `$localize` labels) with optional last-scan tooltip; `StatusChipScan` type so "
               "ui-kit stays independent of tracking\n- `tracking-feature-search`: `data-cy` hooks on the search form "
               "and empty state; result card passes `lastScan`\n- `shipments-feature-list`: filter panel state moved "
               "from BehaviorSubjects to signals, `output()` instead of `@Output`; no initial emission any more\n"
               "- `shell-e2e`: `tracking-search.cy.ts` with fixture\n\n## Notes for reviewers\n- The filter panel no "
               "longer emits an empty filter on init — the page already dispatches `opened`, please double-check the "
               "shipments page still loads once.\n- Chip tone colours rely on `--rw-*-100` tokens from the theme.\n"
               "- `@ngrx/*` 18.1.0 bump is on a separate branch (`chore/ngrx-18.1`).\n\n## How to test\n1. `npx nx "
               "serve shell`, log in as a dispatcher\n2. Tracking → search `RW7734120045DE` (staging data) → card with "
               "status chip, hover shows last scan\n3. Search `RW0000000000XX` → empty state\n4. `npx nx e2e shell-e2e`\n"
               "\n## Screenshots\n_to be added_\nEOF\n)\"", "Open a draft PR",
               out="https://github.com/routewise-logistics/routewise-web/pull/588",
               err="\nCreating draft pull request for feat/tracking-search into main in routewise-logistics/routewise-web\n")
        t.done("Draft PR #588 is open: https://github.com/routewise-logistics/routewise-web/pull/588\n\n"
               "- `nx format:check` clean\n- `nx affected -t lint test`: 12 projects (ui-kit and api-client pull in almost "
               "everything), 21 tasks, all green, 7 lint results from the remote cache\n- branch pushed with upstream tracking\n\n"
               "The description covers what/why, the per-lib changes, reviewer notes (the filter panel's dropped "
               "initial emission, theme tokens) and manual test steps.")

        t = d.task("does withComputed in a signalStore recompute eagerly on every state change, or lazily? check the "
                   "ngrx docs, dont guess", tags=["noise", "webfetch"])
        t.webfetch("https://ngrx.io/guide/signals/signal-store",
                   "How does withComputed work? Are computed signals evaluated eagerly or lazily, and when are they "
                   "recomputed?",
                   "The SignalStore guide describes `withComputed` as a feature that receives the store's signals (state "
                   "signals and previously defined computed signals) and returns a dictionary of computed signals, "
                   "e.g. `withComputed(({ books, filter }) => ({ booksCount: computed(() => books().length) }))`. The "
                   "values are created with Angular's `computed()` function. The page itself does not discuss "
                   "evaluation timing; it defers to Angular's signals: computed signals are lazily evaluated and "
                   "memoized — the derivation runs the first time the signal is read, and after a dependency changes "
                   "it is only marked dirty and recomputed on the next read. State updates via `patchState` update "
                   "the underlying state signal; computed signals that depend on unchanged slices are not "
                   "recomputed because each state property is exposed as its own signal (DeepSignal).")
        t.done("Lazily. `withComputed` just builds normal Angular `computed()` signals. Those run the first time "
               "someone reads them, then only get marked dirty when a dependency changes, and recompute on the next "
               "read. Nothing reads them → nothing runs.\n\n"
               "Also, each state slice is its own signal. A `patchState` that touches `filter` doesn't dirty a "
               "computed that only reads `items`. Expensive derivations in `withComputed` are fine, as long as they "
               "don't read the whole state object.")

        t = d.task("new component in tracking-feature-search: eta countdown (\"arrives in 2h 10m\" / \"25m late\") "
                   "next to the result card eta. generator pls. keep it reactive with signal/computed, I dont want an "
                   "interval subscription dangling around in the component",
                   tags=["workflow:W1", "pref:P1"])
        ETA = TRACK + "feature-search/src/lib/eta-countdown/eta-countdown.component"
        t.bash("npx nx g @nx/angular:component libs/tracking/feature-search/src/lib/eta-countdown/eta-countdown "
               "--inlineTemplate --inlineStyle", "Generate the countdown component",
               out=" NX  Generating @nx/angular:component\n\n"
                   "CREATE libs/tracking/feature-search/src/lib/eta-countdown/eta-countdown.component.spec.ts\n"
                   "CREATE libs/tracking/feature-search/src/lib/eta-countdown/eta-countdown.component.ts")
        d.files[ETA + ".ts"] = gen_component("eta-countdown", "EtaCountdownComponent")
        d.files[ETA + ".spec.ts"] = gen_spec("eta-countdown", "EtaCountdownComponent")
        t.read(ETA + ".ts")
        t.write(ETA + ".ts", ETA_TS)
        t.read(ETA + ".spec.ts")
        t.write(ETA + ".spec.ts", ETA_SPEC)
        t.read(TRACK + "feature-search/src/lib/result-card/result-card.component.html")
        t.edit(TRACK + "feature-search/src/lib/result-card/result-card.component.html",
               "<dd data-cy=\"tracking-result-eta\">{{ result().eta | date: 'dd.MM. HH:mm' }}</dd>",
               "<dd data-cy=\"tracking-result-eta\">\n        {{ result().eta | date: 'dd.MM. HH:mm' }}\n"
               "        <rw-eta-countdown [eta]=\"result().eta\" />\n      </dd>")
        RCT = TRACK + "feature-search/src/lib/result-card/result-card.component.ts"
        t.read(RCT)
        t.edit(RCT, "import { StatusChipComponent } from '@routewise/shared/ui-kit';\n",
               "import { StatusChipComponent } from '@routewise/shared/ui-kit';\n"
               "import { EtaCountdownComponent } from '../eta-countdown/eta-countdown.component';\n")
        t.edit(RCT, "imports: [DatePipe, MatCardModule, StatusChipComponent],",
               "imports: [DatePipe, EtaCountdownComponent, MatCardModule, StatusChipComponent],")
        t.bash("npx nx test tracking-feature-search --testFile=eta-countdown", "Run the countdown spec",
               out=nx_ok("tracking-feature-search", "test", jest_body(
                   "tracking-feature-search",
                   "libs/tracking/feature-search/src/lib/eta-countdown/eta-countdown.component.spec.ts",
                   "EtaCountdownComponent", [("shows hours and minutes until the ETA", 64), ("marks a missed ETA as late", 12),
                                             ("counts down as time passes", 15)], "3.702", "eta-countdown"), 6,
                   flags=["--testFile=eta-countdown"]))
        t.bash("npx nx lint tracking-feature-search", "Lint the feature lib",
               out=nx_ok("tracking-feature-search", "lint", lint_ok("tracking-feature-search"), 5))
        t.done("`rw-eta-countdown` takes a required `eta` input. The clock is a signal from `toSignal(timer(0, 30_000))`: "
               "it ticks every 30 s and is unsubscribed automatically when the component is destroyed, so the "
               "component holds no subscription. `remaining` is a `computed` giving \"arrives in 2h 10m\" or "
               "\"25m late\" (`$localize` ids `tracking.eta.in` / `tracking.eta.late`). The result card now shows "
               "it next to the ETA (the card's `imports` include the new component).\n\n"
               "The spec uses Jest fake timers for the 30 s tick. 3 tests pass, lint is clean.")

        t = d.task("whats the actual difference between effect() and computed() for deriving state? I keep seeing "
                   "people in PRs set signals inside effects", tags=["noise", "no_tools"])
        t.done("`computed()` **derives** a value: pure, lazy, memoized, read-only. `effect()` **reacts** with a side "
               "effect: it runs after change detection whenever something it read changes, and returns nothing.\n\n"
               "Setting a signal inside an effect to \"derive\" state is the anti-pattern you're seeing:\n"
               "- it runs **after** the render, so for a moment the UI shows the stale value, and often renders twice\n"
               "- it's eager: it runs even if nobody reads the result\n"
               "- Angular 18 needs `allowSignalWrites: true` for it, and that flag is the hint\n"
               "- it can loop if the effect reads what it writes\n\n"
               "Rule of thumb for reviews: if you can write it as `x = computed(() => f(a(), b()))`, it must be a "
               "`computed`. Effects are for leaving the signal world: localStorage, logging, imperative DOM or "
               "third-party APIs (the maplibre instance, for example), or dispatching to the store. "
               "For \"reset this local state when an input changes\" there's `linkedSignal` in 19+; on 18 a "
               "`computed` over the input plus an explicit setter is the clean way.")

    # ================= S5 (acceptEdits) =================
    with d.session("2026-09-24T13:35:00", R, branch="feat/shipment-table-paging", version="2.1.115",
                   permission_mode="acceptEdits"):
        t = d.task("shipment table needs paging, server side (the list endpoint takes page + size). mat-paginator "
                   "under the table, page index/size in the shipments state, effect passes them to the api. then a "
                   "prod build of the shell so we know nothing's off",
                   tags=["mistake:M1", "long_output"])
        TB = SHIP + "feature-list/src/lib/shipment-table/shipment-table.component"
        ST = SHIP + "data-access/src/lib/+state/shipments."
        t.read(TB + ".ts")
        t.read(TB + ".html")
        t.read(ST + "actions.ts")
        t.read(ST + "reducer.ts")
        t.read(ST + "effects.ts")
        t.edit(ST + "actions.ts",
               "    filterChanged: props<{ depots: string[]; statuses: string[]; overdueOnly: boolean }>(),\n",
               "    filterChanged: props<{ depots: string[]; statuses: string[]; overdueOnly: boolean }>(),\n"
               "    pageChanged: props<{ pageIndex: number; pageSize: number }>(),\n")
        t.edit(ST + "reducer.ts", "  filter: { depots: string[]; statuses: string[]; overdueOnly: boolean };\n}",
               "  filter: { depots: string[]; statuses: string[]; overdueOnly: boolean };\n"
               "  page: { pageIndex: number; pageSize: number };\n}")
        t.edit(ST + "reducer.ts", "  filter: { depots: [], statuses: [], overdueOnly: false },\n});",
               "  filter: { depots: [], statuses: [], overdueOnly: false },\n  page: { pageIndex: 0, pageSize: 50 },\n});")
        t.edit(ST + "reducer.ts",
               "    on(ShipmentsPageActions.filterChanged, (state, filter) => ({ ...state, filter, loading: true })),\n",
               "    on(ShipmentsPageActions.filterChanged, (state, filter) => ({\n      ...state,\n      filter,\n"
               "      page: { ...state.page, pageIndex: 0 },\n      loading: true,\n    })),\n"
               "    on(ShipmentsPageActions.pageChanged, (state, page) => ({ ...state, page, loading: true })),\n")
        t.edit(ST + "effects.ts",
               "      ofType(ShipmentsPageActions.opened, ShipmentsPageActions.filterChanged),\n"
               "      withLatestFrom(store.select(shipmentsFeature.selectFilter)),\n"
               "      switchMap(([, filter]) =>\n"
               "        api.listShipments(filter.depots, filter.statuses, filter.overdueOnly).pipe(\n",
               "      ofType(ShipmentsPageActions.opened, ShipmentsPageActions.filterChanged, ShipmentsPageActions.pageChanged),\n"
               "      withLatestFrom(store.select(shipmentsFeature.selectFilter), store.select(shipmentsFeature.selectPage)),\n"
               "      switchMap(([, filter, page]) =>\n"
               "        api.listShipments(filter.depots, filter.statuses, filter.overdueOnly, page.pageIndex, page.pageSize).pipe(\n")
        t.edit(TB + ".ts", "import { MatSortModule } from '@angular/material/sort';\n",
               "import { PageEvent } from '@angular/material/paginator';\nimport { MatSortModule } from '@angular/material/sort';\n")
        t.edit(TB + ".ts", "import { selectSortedShipments, shipmentsFeature } from '@routewise/shipments/data-access';",
               "import { selectSortedShipments, shipmentsFeature, ShipmentsPageActions } from '@routewise/shipments/data-access';")
        t.edit(TB + ".ts", "  readonly loading = this.store.selectSignal(shipmentsFeature.selectLoading);\n",
               "  readonly loading = this.store.selectSignal(shipmentsFeature.selectLoading);\n"
               "  readonly total = this.store.selectSignal(shipmentsFeature.selectTotalCount);\n"
               "  readonly page = this.store.selectSignal(shipmentsFeature.selectPage);\n")
        t.edit(TB + ".ts", "  readonly columns = ['trackingNo', 'status', 'depot', 'eta', 'carrier'];\n}",
               "  readonly columns = ['trackingNo', 'status', 'depot', 'eta', 'carrier'];\n\n"
               "  onPage({ pageIndex, pageSize }: PageEvent): void {\n"
               "    this.store.dispatch(ShipmentsPageActions.pageChanged({ pageIndex, pageSize }));\n  }\n}")
        t.edit(TB + ".html", "  </table>\n</div>\n",
               "  </table>\n\n  <mat-paginator\n    [length]=\"total()\"\n    [pageIndex]=\"page().pageIndex\"\n"
               "    [pageSize]=\"page().pageSize\"\n    [pageSizeOptions]=\"[25, 50, 100]\"\n"
               "    (page)=\"onPage($event)\"\n    data-cy=\"shipment-paginator\"\n  />\n</div>\n")
        html = d.files[TB + ".html"]
        html_rel = "libs/shipments/feature-list/src/lib/shipment-table/shipment-table.component.html"
        ts_rel = "libs/shipments/feature-list/src/lib/shipment-table/shipment-table.component.ts"
        tl = line_of(d.files[TB + ".ts"], "templateUrl:")
        pl = line_of(html, "<mat-paginator")
        errs = [ng8001("mat-paginator", html_rel, pl, 2, "  <mat-paginator",
                       "ShipmentTableComponent", ts_rel, tl)]
        for prop in ("length", "pageIndex", "pageSize", "pageSizeOptions"):
            ll = line_of(html, f"[{prop}]=")
            src = html.split("\n")[ll - 1]
            errs.append(ng8002(prop, "mat-paginator", html_rel, ll, 4, src, "ShipmentTableComponent", ts_rel, tl))
        t.fail("npx nx build shell --configuration=production", "Production build of the shell",
               nx_fail("shell", "build", "\n".join(errs) + "\nApplication bundle generation failed. [8.114 seconds]",
                       cfg="production"))
        t.say("The template uses `mat-paginator`, but I only imported the `PageEvent` type, not `MatPaginatorModule`, "
              "so the standalone component doesn't know the element. The four NG8002 errors follow from that. Adding "
              "the module to `imports`.")
        t.edit(TB + ".ts", "import { PageEvent } from '@angular/material/paginator';",
               "import { MatPaginatorModule, PageEvent } from '@angular/material/paginator';")
        t.edit(TB + ".ts", "  imports: [DatePipe, MatSortModule, MatTableModule, StatusChipComponent],",
               "  imports: [DatePipe, MatPaginatorModule, MatSortModule, MatTableModule, StatusChipComponent],")
        lazy = [("chunk-ZD6AGQ2Y.js", "maplibre-gl", "801.62 kB", "215.09 kB"),
                ("chunk-K5NW3RJH.js", "shipments-routes", "268.90 kB", "50.37 kB"),
                ("chunk-H3OTX6LU.js", "tracking-routes", "186.75 kB", "37.92 kB"),
                ("chunk-7LJ2XWQK.js", "depots-routes", "96.55 kB", "19.84 kB"),
                ("chunk-BCV4TF2N.js", "-", "31.20 kB", "7.95 kB")]
        t.bash("npx nx build shell --configuration=production", "Production build again", timeout=600000,
               out=nx_ok("shell", "build", build_table(SHELL_INITIAL, lazy, "22.306", R + "/dist/apps/shell"), 27,
                         cfg="production"))
        t.bash("npx nx run-many -t test -p shipments-data-access shipments-feature-list", "Unit tests for both libs",
               out=run_many("test", [
                   ("shipments-data-access:test", jest_multi("shipments-data-access", [
                       ("libs/shipments/data-access/src/lib/+state/shipments.selectors.spec.ts", 1),
                       ("libs/shipments/data-access/src/lib/+state/shipments.effects.spec.ts", 4),
                       ("libs/shipments/data-access/src/lib/+state/shipments.reducer.spec.ts", 8)], "5.588"), None),
                   ("shipments-feature-list:test", jest_multi("shipments-feature-list", [
                       ("libs/shipments/feature-list/src/lib/filter-panel/filter-panel.component.spec.ts", 3),
                       ("libs/shipments/feature-list/src/lib/shipment-table/shipment-table.component.spec.ts", 4),
                       ("libs/shipments/feature-list/src/lib/shipments-page/shipments-page.component.spec.ts", 3)],
                       "9.112"), None)],
                   13, cloud="Zm6bR1yKcP", header_projects=["shipments-data-access", "shipments-feature-list"]))
        t.done("Paging is wired end to end:\n"
               "- state: `page { pageIndex, pageSize }` (default 0/50), new `pageChanged` action. A filter change "
               "resets `pageIndex` to 0.\n"
               "- effect: also listens to `pageChanged` and passes `page.pageIndex` / `page.pageSize` to "
               "`listShipments`.\n"
               "- table: `mat-paginator` (25/50/100, `data-cy=shipment-paginator`) bound to `totalCount` and `page` "
               "via `selectSignal`, dispatching on `(page)`.\n\n"
               "The first prod build failed: NG8001 `'mat-paginator' is not a known element` plus four NG8002 "
               "bindings. I'd imported only `PageEvent`, not `MatPaginatorModule`, into the standalone component. "
               "With the module added, the prod build passes (initial 878 kB raw / 198 kB transfer). The shipments "
               "chunk grew ~27 kB from the paginator. Unit tests for both libs pass.\n\n"
               "Not covered yet: a reducer spec for `pageChanged` and an e2e for paging.")

        t = d.task("warehouse wants camera barcode scanning in the shell, spike first. add @zxing/browser 0.1.5 and "
                   "@zxing/library 0.21.3 to dependencies in package.json, then npm ci and make sure the shell still "
                   "builds",
                   tags=["mistake:M3"])
        t.read(R + "/package.json")
        t.edit(R + "/package.json", '    "maplibre-gl": "4.7.1",\n',
               '    "@zxing/browser": "0.1.5",\n    "@zxing/library": "0.21.3",\n    "maplibre-gl": "4.7.1",\n')
        t.fail("npm ci", "Clean install with the new dependencies", npm_eusage([
            "Missing: @zxing/browser@0.1.5 from lock file",
            "Missing: @zxing/library@0.21.3 from lock file",
            "Missing: ts-custom-error@3.3.1 from lock file",
            "Missing: @zxing/text-encoding@0.9.0 from lock file"],
            H + "/.npm/_logs/2026-09-24T11_58_09_771Z-debug-0.log"))
        t.say("Same as with the NgRx bump: the packages are in package.json but not in package-lock.json, and `npm ci` "
              "won't resolve anything itself. Writing them into the lock file first.")
        t.bash("npm i --package-lock-only", "Add the new packages to package-lock.json",
               out="\nadded 4 packages, and audited 1853 packages in 7s\n\n271 packages are looking for funding\n"
                   "  run `npm fund` for details\n\nfound 0 vulnerabilities")
        t.bash("npm ci", "Clean install", timeout=600000, out=npm_ci_ok(1850, 1853, 46, 271))
        t.bash("npx nx build shell --configuration=development", "Development build of the shell",
               out=nx_ok("shell", "build", dev_table([("main.js", "main", "3.41 MB"), ("polyfills.js", "polyfills", "89.11 kB"),
                                                        ("styles.css", "styles", "118.64 kB")], "3.61 MB",
                                                       [("chunk-MPLBR4GL.js", "maplibre-gl", "2.87 MB"),
                                                        ("chunk-SHPRT5Q2.js", "shipments-routes", "1.02 MB"),
                                                        ("chunk-TRCK9XAE.js", "tracking-routes", "744.30 kB"),
                                                        ("chunk-DPT3LQ7C.js", "depots-routes", "301.46 kB")],
                                                       "9.418", R + "/dist/apps/shell"), 12, cfg="development"))
        t.done("`@zxing/browser` 0.1.5 and `@zxing/library` 0.21.3 are in `dependencies`. package-lock.json now "
               "includes them and their two transitive deps (`ts-custom-error`, `@zxing/text-encoding`). The first "
               "`npm ci` refused because the lock file didn't have them yet. Clean install is done and the shell "
               "builds. Nothing imports zxing yet, so bundle sizes are unchanged. It will be its own lazy chunk once "
               "the scanner route uses it.")

        t = d.task("dispatchers say the 'overdue first' default sort is backwards, overdue shipments end up at the "
                   "bottom. fix it + a test", tags=["oneoff:O2"])
        t.read(ST + "selectors.ts")
        t.read(ST + "selectors.spec.ts")
        t.edit(ST + "selectors.spec.ts", "    expect(selectOverdueCount.projector([item('A', '2026-09-24T10:00:00Z', true), "
               "item('B', '2026-09-24T11:00:00Z')])).toBe(1);\n  });\n",
               "    expect(selectOverdueCount.projector([item('A', '2026-09-24T10:00:00Z', true), "
               "item('B', '2026-09-24T11:00:00Z')])).toBe(1);\n  });\n\n"
               "  it('puts overdue shipments first, then sorts by ETA', () => {\n"
               "    const sorted = selectSortedShipments.projector([\n"
               "      item('A', '2026-09-24T12:00:00Z'),\n      item('B', '2026-09-24T09:00:00Z', true),\n"
               "      item('C', '2026-09-24T08:00:00Z'),\n      item('D', '2026-09-24T07:30:00Z', true),\n    ]);\n"
               "    expect(sorted.map((s) => s.trackingNo)).toEqual(['D', 'B', 'C', 'A']);\n  });\n")
        spec = d.files[ST + "selectors.spec.ts"]
        el = line_of(spec, "toEqual(['D', 'B', 'C', 'A'])")
        sl = spec.split("\n")
        frame = "\n".join((f"    > {i} | {sl[i - 1]}" if i == el else f"      {i} | {sl[i - 1]}".rstrip()) +
                          (f"\n         | {' ' * 44}^" if i == el else "") for i in range(el - 2, el + 3))
        t.fail("npx nx test shipments-data-access --testFile=shipments.selectors", "Run the selector spec",
               nx_fail("shipments-data-access", "test", f"""
 FAIL   shipments-data-access  libs/shipments/data-access/src/lib/+state/shipments.selectors.spec.ts
  shipments selectors
    \u2713 counts overdue shipments (3 ms)
    \u2715 puts overdue shipments first, then sorts by ETA (6 ms)

  \u25cf shipments selectors \u203a puts overdue shipments first, then sorts by ETA

    expect(received).toEqual(expected) // deep equality

    - Expected  - 2
    + Received  + 2

      Array [
    -   "D",
    -   "B",
        "C",
        "A",
    +   "D",
    +   "B",
      ]

{frame}

      at src/lib/+state/shipments.selectors.spec.ts:{el}:45

Test Suites: 1 failed, 1 total
Tests:       1 failed, 1 passed, 2 total
Snapshots:   0 total
Time:        2.884 s
Ran all test suites matching /shipments.selectors/i.""", flags=["--testFile=shipments.selectors"]))
        t.say("The test confirms it: the comparator is `a - b` on the overdue flag, which puts `false` (0) before "
              "`true` (1). Flipping it to `b - a`.")
        t.edit(ST + "selectors.ts", "Number(a.overdue) - Number(b.overdue)", "Number(b.overdue) - Number(a.overdue)")
        t.bash("npx nx test shipments-data-access --testFile=shipments.selectors", "Run the selector spec again",
               out=nx_ok("shipments-data-access", "test", jest_body(
                   "shipments-data-access", "libs/shipments/data-access/src/lib/+state/shipments.selectors.spec.ts",
                   "shipments selectors", [("counts overdue shipments", 2), ("puts overdue shipments first, then sorts by ETA", 2)],
                   "2.671", "shipments.selectors"), 4, flags=["--testFile=shipments.selectors"]))
        t.done("Fixed. `selectSortedShipments` compared the overdue flag as `a - b`, which sorts non-overdue first. "
               "It's now `b - a`, with ETA ascending as the tie-breaker. New spec case: overdue D (07:30), "
               "B (09:00), then C (08:00), A (12:00). It failed before the fix and passes now.\n\n"
               "This only affects the client-side order within the loaded page. Since today's paging change, the API "
               "sorts across pages. If the backend default isn't also overdue-first, the dispatchers will still see "
               "it wrong on page 2+. Worth checking `listShipments`' default `sort`.")

        t = d.task("tiny one: rename the 'Dispatch' nav item to 'Dispatch board' in the shell sidenav, keep the i18n "
                   "id, and re-extract the messages so the translators see it", tags=["noise"])
        NAV = R + "/apps/shell/src/app/layout/sidenav/sidenav.component.html"
        t.grep("@@nav.dispatch", path=R + "/apps/shell/src", filenames=[
            NAV, R + "/apps/shell/src/locale/messages.xlf", R + "/apps/shell/src/locale/messages.de.xlf",
            R + "/apps/shell/src/locale/messages.pl.xlf"])
        t.read(NAV)
        t.edit(NAV, 'i18n="@@nav.dispatch">Dispatch</span>', 'i18n="@@nav.dispatch">Dispatch board</span>')
        t.bash("npx nx extract-i18n shell", "Re-extract the shell messages",
               out=nx_ok("shell", "extract-i18n", "", 11))
        t.bash("git diff -- apps/shell/src/locale/messages.xlf", "Check the source file change",
               out="""diff --git a/apps/shell/src/locale/messages.xlf b/apps/shell/src/locale/messages.xlf
index 5b7e0d1..c93a4f2 100644
--- a/apps/shell/src/locale/messages.xlf
+++ b/apps/shell/src/locale/messages.xlf
@@ -12,7 +12,7 @@
         </context-group>
       </trans-unit>
       <trans-unit id="nav.dispatch" datatype="html">
-        <source>Dispatch</source>
+        <source>Dispatch board</source>
         <context-group purpose="location">
           <context context-type="sourcefile">apps/shell/src/app/layout/sidenav/sidenav.component.html</context>
           <context context-type="linenumber">4</context>""")
        t.done("Renamed, and `messages.xlf` now has `<source>Dispatch board</source>` under the unchanged id "
               "`nav.dispatch`.\n\n"
               "Because the id is custom, the de/pl files still match it and keep showing their old translations "
               "(\"Disposition\" / \"Dyspozycja\") until the translators update them. Nothing flags the unit as "
               "changed, so tell them explicitly, or change the id if you want it to show up as missing.")

    # ================= S6 =================
    with d.session("2026-09-29T09:02:00", R, branch="feat/eta-endpoint", version="2.1.116"):
        t = d.task("tracking-api 3.1 is on staging, has the eta endpoint. regen the client, same as last time",
                   tags=["workflow:W3"])
        t.bash("curl -fsSL https://tracking-api.staging.routewise.io/v3/openapi.json -o tools/openapi/tracking-api.json "
               "&& jq -r '.info.version, (.paths | keys | length)' tools/openapi/tracking-api.json",
               "Download the current v3 spec", out="3.1.0\n16")
        t.bash("npx nx run api-client:generate", "Regenerate the Angular client",
               out=nx_ok("api-client", "generate", openapi_gen("3.1.0", [
                   "model/etaPredictionDto.ts", "model/etaConfidence.ts", "model/scanEventDto.ts", "model/shipmentDto.ts",
                   "model/shipmentPageDto.ts", "model/trackingSearchResultDto.ts", "model/models.ts",
                   "api/eta.service.ts", "api/shipments.service.ts", "api/tracking.service.ts", "api/api.ts", "index.ts",
                   "api.module.ts", "configuration.ts", "variables.ts", "encoder.ts", "param.ts"]), 10))
        t.bash("git status --short -- libs/shared/api-client tools/openapi", "What the generator changed",
               out=" M libs/shared/api-client/src/generated/.openapi-generator/FILES\n"
                   " M libs/shared/api-client/src/generated/api/api.ts\n"
                   " M libs/shared/api-client/src/generated/model/models.ts\n"
                   " M tools/openapi/tracking-api.json\n"
                   "?? libs/shared/api-client/src/generated/api/eta.service.ts\n"
                   "?? libs/shared/api-client/src/generated/model/etaConfidence.ts\n"
                   "?? libs/shared/api-client/src/generated/model/etaPredictionDto.ts")
        t.bash("npx tsc -p libs/shared/api-client/tsconfig.lib.json --noEmit", "Type-check the client")
        t.bash("git add libs/shared/api-client tools/openapi && git commit -m \"chore(api-client): regenerate from "
               "tracking-api 3.1.0\"", "Commit the regenerated client",
               out="[feat/eta-endpoint 91c0d7e] chore(api-client): regenerate from tracking-api 3.1.0\n"
                   " 7 files changed, 204 insertions(+), 3 deletions(-)\n"
                   " create mode 100644 libs/shared/api-client/src/generated/api/eta.service.ts\n"
                   " create mode 100644 libs/shared/api-client/src/generated/model/etaConfidence.ts\n"
                   " create mode 100644 libs/shared/api-client/src/generated/model/etaPredictionDto.ts")
        t.done("Regenerated from tracking-api 3.1.0 (16 paths, was 14) and committed as 91c0d7e. New: "
               "`EtaService.getEtaPrediction(trackingNo)` returning `EtaPredictionDto` (`eta`, `windowStart`, "
               "`windowEnd`, `confidence: EtaConfidence` = LOW/MEDIUM/HIGH). Existing models are unchanged, so "
               "nothing else in the repo needs touching. Type-checks clean.")

        t = d.task("run the whole shell e2e suite before I rebase, the eta stuff touched the tracking page",
                   tags=["flaky:F1", "long_output"])
        specs = [("navigation.cy.ts", "Navigation", [("shows the sidenav entries for a dispatcher", 1204),
                                                    ("keeps the active route highlighted", 688)], 3),
                 ("shipments-list.cy.ts", "Shipments list", [("loads the first page", 1931), ("filters by depot", 1277),
                                                             ("shows overdue shipments first", 842),
                                                             ("pages through the results", 1106)], 6),
                 ("tracking-search.cy.ts", "Tracking search", [("finds a shipment by tracking number", 1783),
                                                              ("shows the empty state for an unknown number", 604)], 3)]
        fail_specs = [specs[0], specs[1], ("tracking-search.cy.ts", "Tracking search",
                                           [("finds a shipment by tracking number", 0),
                                            ("shows the empty state for an unknown number", 598)], 7)]
        t.fail("npx nx e2e shell-e2e", "Full shell e2e run",
               nx_fail("shell-e2e", "e2e", "> cypress run\n" + cypress_run(
                   fail_specs, "src/**/*.cy.{js,jsx,ts,tsx}",
                   failed={"tracking-search.cy.ts": (
                       "finds a shipment by tracking number",
                       "AssertionError: Timed out retrying after 4000ms: Expected to find element: "
                       "`[data-cy=tracking-result]`, but never found it.",
                       "Context.eval (webpack:///./src/e2e/tracking-search.cy.ts:18:8)")}) +
                   "\n\nWarning: command \"cypress run\" exited with non-zero status code"), timeout=900000)
        t.say("One timeout, in the first tracking test: the result card never appeared within 4 s, although the "
              "intercept answers from a fixture. The empty-state test right after it passed, and so did everything else. "
              "That points to the dev server still compiling the lazy tracking chunk rather than a real regression. "
              "Running the same suite again before reading more into it.")
        t.bash("npx nx e2e shell-e2e", "Full shell e2e run", timeout=900000,
               out=nx_ok("shell-e2e", "e2e", "> cypress run\n" + cypress_run(specs, "src/**/*.cy.{js,jsx,ts,tsx}"), 64))
        t.done("Second run is green: 8/8 across navigation, shipments-list and tracking-search.\n\n"
               "The first run had one failure, `Tracking search › finds a shipment by tracking number`: a 4 s timeout "
               "waiting for `[data-cy=tracking-result]`. The identical rerun passed without changes, so I'm treating "
               "it as a flake (first visit to the lazily compiled tracking route on a cold dev server). If it shows up "
               "again in CI, `e2e-ci` against the static build would be the place to look, not the ETA code.")

        t = d.task("quick: how many templates still use *ngIf / *ngFor? want a number before I plan the control-flow "
                   "migration", tags=["noise"])
        t.grep("\\*ngIf|\\*ngFor|\\*ngSwitchCase", path=R, glob="**/*.html", output_mode="count", content="""apps/carrier-portal/src/app/layout/shell-layout.component.html:3
apps/carrier-portal/src/app/shipments/carrier-shipments.component.html:7
apps/carrier-portal/src/app/invoices/invoices-page.component.html:5
apps/shell/src/app/depots/depot-detail.component.html:9
apps/shell/src/app/depots/depot-list.component.html:4
libs/carriers/feature-settings/src/lib/profile/profile-form.component.html:6
libs/shipments/feature-list/src/lib/shipment-detail/shipment-detail.component.html:11
libs/tracking/feature-map/src/lib/map-legend/map-legend.component.html:2
libs/tracking/feature-map/src/lib/route-panel/route-panel.component.html:8""")
        t.grep("\\*ngIf|\\*ngFor", path=R, glob="**/*.ts", output_mode="files_with_matches",
               filenames=[R + "/libs/tracking/feature-map/src/lib/map-popup/map-popup.component.ts"])
        t.done("55 structural directives in 9 `.html` templates, plus the inline template of one component:\n"
               "- templates: shell depots (13), shipment-detail (11), carrier-portal shipments/invoices/"
               "layout (15), carriers profile form (6), tracking map route-panel + legend (10)\n"
               "- inline: `map-popup.component.ts` (tracking map)\n\n"
               "All new code already uses `@if`/`@for`. The built-in migration "
               "(`npx nx g @angular/core:control-flow --path=<dir>`) handles these mechanically. The "
               "`depot-detail` and `shipment-detail` templates have `ngIf … else` with template refs, so review those "
               "by hand afterwards.")

        d.precompact("Analysis: Marta Kowalczyk, front-end lead at Routewise Logistics, repo ~/code/routewise-web: Nx 20.0.6 "
                     "monorepo (npm workspaces, Node 22.11) with Angular 18.2 apps `shell` (dispatcher console, nginx "
                     "Docker image) and `carrier-portal`, Cypress e2e projects, libs under libs/shared (ui-kit, "
                     "api-client generated by openapi-generator, util-dates), libs/shipments, libs/tracking, "
                     "libs/carriers. Module boundaries via type:/scope: tags.\n"
                     "Summary:\n1. Done so far: status chip in ui-kit (inline template), filter panel on signals, "
                     "NgRx 18.1 bump (lock file updated with --package-lock-only before npm ci), tracking search + "
                     "e2e (`--spec` is relative to the e2e project), PR #588, ETA countdown, server-side paging for "
                     "the shipment table (MatPaginatorModule import fix), zxing deps, overdue sort fix, api-client "
                     "regenerated from tracking-api 3.1.0 (commit 91c0d7e on feat/eta-endpoint).\n"
                     "2. Preferences: component state in signals, not subjects; e2e selectors only data-cy; inline "
                     "template/styles for small ui-kit components.\n"
                     "3. Last: full shell e2e suite green on a second identical run (one timeout flake); count of "
                     "legacy *ngIf/*ngFor usages (55 in 9 templates + 1 inline).\n4. Next: ship feat/eta-endpoint.")

        fb = ("the PR description you wrote for the tracking search was way too long, I had to cut half of it before "
              "anyone would review it.")
        t = d.task("before you ship this one: " + fb + " keep them short — couple of lines what/why, how to test, "
                   "thats it. now same routine as last week for feat/eta-endpoint, normal PR not draft",
                   tags=["workflow:W2", "feedback"], feedback=fb)
        t.bash("npx nx format:check", "Prettier check on changed files")
        t.bash("npx nx affected -t lint test", "Lint and test affected projects", timeout=600000,
               out=run_many("lint, test", [
                   lt("api-client"), lt("tracking-data-access", "remote cache"),
                   lt("tracking-feature-search", "remote cache"), lt("tracking-feature-map", "remote cache"),
                   lt("shipments-data-access", "remote cache"), lt("shipments-feature-list", "remote cache"),
                   lt("shell", "remote cache"), lt("carrier-portal", "remote cache"),
                   lt("shell-e2e", "remote cache"), lt("carrier-portal-e2e", "remote cache"),
                   tt("tracking-data-access"),
                   tt("tracking-feature-search", suites=[
                       ("libs/tracking/feature-search/src/lib/eta-countdown/eta-countdown.component.spec.ts", 3),
                       ("libs/tracking/feature-search/src/lib/result-card/result-card.component.spec.ts", 3),
                       ("libs/tracking/feature-search/src/lib/tracking-search/tracking-search.component.spec.ts", 5)],
                      secs="6.880"),
                   tt("tracking-feature-map"),
                   tt("shipments-data-access", suites=[
                       ("libs/shipments/data-access/src/lib/+state/shipments.selectors.spec.ts", 2),
                       ("libs/shipments/data-access/src/lib/+state/shipments.effects.spec.ts", 4),
                       ("libs/shipments/data-access/src/lib/+state/shipments.reducer.spec.ts", 8)], secs="5.588"),
                   tt("shipments-feature-list"), tt("shell"), tt("carrier-portal")],
                   46, cloud="Gk2sY7nVwB", cached=9, total_tasks=17,
                   header_projects=["api-client", "tracking-data-access", "tracking-feature-search",
                                    "tracking-feature-map", "shipments-data-access", "shipments-feature-list",
                                    "shell", "carrier-portal", "shell-e2e", "carrier-portal-e2e"]))
        t.bash("git push -u origin feat/eta-endpoint", "Push the branch", err=git_push_new("feat/eta-endpoint"))
        t.bash("gh pr create --base main --title \"chore(api-client): tracking-api 3.1.0 (ETA endpoint)\" --body "
               "\"$(cat <<'EOF'\nRegenerates the api-client from tracking-api 3.1.0: adds `EtaService.getEtaPrediction` "
               "+ `EtaPredictionDto`, no changes to existing models. Needed for the ETA window in tracking (RW-1207).\n\n"
               "**Test:** `npx nx affected -t lint test`; nothing consumes the new service yet.\nEOF\n)\"",
               "Open the PR", out="https://github.com/routewise-logistics/routewise-web/pull/597",
               err="\nCreating pull request for feat/eta-endpoint into main in routewise-logistics/routewise-web\n")
        t.done("PR #597 is open: https://github.com/routewise-logistics/routewise-web/pull/597. Format check clean, "
               "affected lint + test green (10 projects; everything that depends on api-client reran its tests), branch pushed.\n\n"
               "Point taken on the length. This description is two lines of what/why plus one line on how to test, "
               "and I'll keep them that short from now on.")

        t = d.task("security dashboard is red for routewise-web. run npm audit and tell me what's actually high, and "
                   "whether we can fix it without doing the angular upgrade",
                   tags=["unfixed:U1"])
        t.fail("npm audit --audit-level=high", "Audit all dependencies", """# npm audit report

http-proxy-middleware  <2.0.9
Severity: high
http-proxy-middleware allows fixRequestBody to proceed even if bodyParser has failed - https://github.com/advisories/GHSA-9gqv-wp59-fq42
http-proxy-middleware can call writeBody twice because "else if" is not used - https://github.com/advisories/GHSA-4www-5p9h-95mh
fix available via `npm audit fix --force`
Will install @angular-devkit/build-angular@21.2.4, which is a breaking change
node_modules/http-proxy-middleware
  @angular-devkit/build-angular  >=15.0.0-next.0
  Depends on vulnerable versions of http-proxy-middleware
  Depends on vulnerable versions of webpack-dev-server
  node_modules/@angular-devkit/build-angular

on-headers  <1.1.0
Severity: low
on-headers is vulnerable to http response header manipulation - https://github.com/advisories/GHSA-76c9-3jph-rj3q
fix available via `npm audit fix --force`
Will install @angular-devkit/build-angular@21.2.4, which is a breaking change
node_modules/on-headers
  compression  1.0.3 - 1.8.0
  Depends on vulnerable versions of on-headers
  node_modules/compression

webpack-dev-server  <=5.2.0
Severity: moderate
webpack-dev-server users' source code may be stolen when they access a malicious web site with non-Chromium based browser - https://github.com/advisories/GHSA-4v9v-hfq4-rm2v
webpack-dev-server users' source code may be stolen when they access a malicious web site - https://github.com/advisories/GHSA-9jgg-88mc-972h
fix available via `npm audit fix --force`
Will install @angular-devkit/build-angular@21.2.4, which is a breaking change
node_modules/webpack-dev-server

5 vulnerabilities (1 low, 1 moderate, 3 high)

To address all issues (including breaking changes), run:
  npm audit fix --force""")
        t.bash("npm audit --omit=dev --audit-level=high", "Audit only what ships to the browser",
               out="found 0 vulnerabilities")
        t.bash("npm explain http-proxy-middleware | head -n 16", "Where the vulnerable package comes from",
               out="""http-proxy-middleware@2.0.6 dev
node_modules/http-proxy-middleware
  http-proxy-middleware@"^2.0.3" from webpack-dev-server@5.0.4
  node_modules/webpack-dev-server
    webpack-dev-server@"5.0.4" from @angular-devkit/build-angular@18.2.9
    node_modules/@angular-devkit/build-angular
      dev @angular-devkit/build-angular@"18.2.9" from the root project
    webpack-dev-server@"^5.0.4" from @nx/webpack@20.0.6
    node_modules/@nx/webpack
      @nx/webpack@"20.0.6" from @nx/angular@20.0.6
      node_modules/@nx/angular
        dev @nx/angular@"20.0.6" from the root project""")
        t.bash("npm view @angular-devkit/build-angular@18 version --json | tail -n 3", "Latest 18.x of the builder",
               out='  "18.2.20",\n  "18.2.21"\n]')
        t.done("Nothing we ship is affected, and we can't make the dashboard green without the upgrade.\n\n"
               "- `npm audit --omit=dev` finds **0** vulnerabilities. Everything flagged is build tooling.\n"
               "- The 3 high and 1 moderate come from `webpack-dev-server` 5.0.4 and its `http-proxy-middleware` "
               "2.0.6, pulled in by `@angular-devkit/build-angular` 18.2.9 (and `@nx/webpack`). They only matter "
               "while the dev server runs locally. The low one (`on-headers` via `compression`) is the same chain.\n"
               "- The fix npm offers is `@angular-devkit/build-angular` 21, i.e. the Angular major upgrade. The "
               "last 18.x (18.2.21) still pins the vulnerable dev-server range, since Angular 18 is out of LTS. A "
               "patch bump won't help.\n\n"
               "Options until the upgrade: record an exception for these four advisories (dev-only, not in the image), "
               "or add an npm `overrides` pin for `http-proxy-middleware`. The override is untested against "
               "build-angular 18 and I wouldn't do it without you saying so. I've left it as is.")

    # ================= S7 =================
    with d.session("2026-10-01T10:25:00", R, branch="feat/date-range-filter", version="2.1.117"):
        t = d.task("ui-kit needs a date range field (wrapper around mat-date-range-input) for the pickup window "
                   "filter. generator, inline like the other ui-kit bits, and a cypress component test for it — "
                   "run only that one",
                   tags=["mistake:M2"])
        DR = UIKIT + "date-range-field/date-range-field.component"
        t.bash("npx nx g @nx/angular:component libs/shared/ui-kit/src/lib/date-range-field/date-range-field "
               "--inlineTemplate --inlineStyle --export", "Generate the component",
               out=" NX  Generating @nx/angular:component\n\n"
                   "CREATE libs/shared/ui-kit/src/lib/date-range-field/date-range-field.component.spec.ts\n"
                   "CREATE libs/shared/ui-kit/src/lib/date-range-field/date-range-field.component.ts\n"
                   "UPDATE libs/shared/ui-kit/src/index.ts")
        d.files[DR + ".ts"] = gen_component("date-range-field", "DateRangeFieldComponent")
        d.files[DR + ".spec.ts"] = gen_spec("date-range-field", "DateRangeFieldComponent")
        t.read(DR + ".ts")
        t.write(DR + ".ts", DATE_RANGE_TS)
        t.write(UIKIT + "date-range-field/date-range-field.cy.ts", DATE_RANGE_CY)
        t.fail("npx nx component-test ui-kit --spec=libs/shared/ui-kit/src/lib/date-range-field/date-range-field.cy.ts",
               "Run only the new component test",
               nx_fail("ui-kit", "component-test",
                       "> cypress run --component --spec=libs/shared/ui-kit/src/lib/date-range-field/date-range-field.cy.ts\n\n" +
                       no_specs(R + "/libs/shared/ui-kit/libs/shared/ui-kit/src/lib/date-range-field/date-range-field.cy.ts") +
                       "\n\nWarning: command \"cypress run --component --spec=libs/shared/ui-kit/src/lib/date-range-field/"
                       "date-range-field.cy.ts\" exited with non-zero status code",
                       flags=["--spec=libs/shared/ui-kit/src/lib/date-range-field/date-range-field.cy.ts"]))
        t.say("Same trap as the shell e2e: the inferred `component-test` target runs Cypress inside "
              "`libs/shared/ui-kit`, so the spec path has to be relative to the library.")
        t.bash("npx nx component-test ui-kit --spec=src/lib/date-range-field/date-range-field.cy.ts",
               "Run the component test with a library-relative path", timeout=600000,
               out=nx_ok("ui-kit", "component-test",
                         "> cypress run --component --spec=src/lib/date-range-field/date-range-field.cy.ts\n" + cypress_run(
                             [("date-range-field.cy.ts", "DateRangeFieldComponent",
                               [("accepts a typed range", 932), ("flags an end date before the start date", 688),
                                ("opens the range picker from the toggle", 471)], 2)],
                             "src/lib/date-range-field/date-range-field.cy.ts"), 38,
                         flags=["--spec=src/lib/date-range-field/date-range-field.cy.ts"]))
        t.done("`rw-date-range-field` is in ui-kit, exported, with inline template and styles:\n"
               "- `range` is a `model<DateRange>()`, so the filter can use `[(range)]`\n"
               "- `label` and `max` are signal inputs; `invalid` is a `computed` (end before start) shown as a hint\n"
               "- `provideNativeDateAdapter()` is on the component, so consumers need no adapter setup\n"
               "- imports `MatDatepickerModule`, `MatFormFieldModule`, `MatInputModule`, `FormsModule`\n\n"
               "Component test (`date-range-field.cy.ts`, data-cy selectors, the picker found via its dialog role): "
               "3/3 pass. The first attempt passed a repo-root `--spec` path, which the target resolves from "
               "`libs/shared/ui-kit`, so Cypress found no spec.")

        t = d.task("ok I take back the inline thing. with the tooltip the status chip template is already a mess and "
                   "the date range one is worse. from now on components get a separate .html and .scss file — move "
                   "status-chip, eta-countdown and date-range-field out of inline too",
                   tags=["reversal:P3"])
        for path, name, proj in ((UIKIT + "status-chip/status-chip.component", "status-chip", "ui-kit"),
                                 (TRACK + "feature-search/src/lib/eta-countdown/eta-countdown.component", "eta-countdown",
                                  "tracking-feature-search"),
                                 (DR, "date-range-field", "ui-kit")):
            t.read(path + ".ts")
            src = d.files[path + ".ts"]
            a = src.index("  template: `")
            b = src.index("  styles: `")
            c = src.index("`,\n", b) + 3
            tpl = src[a + len("  template: `"):src.index("`,\n", a)]
            sty = src[b + len("  styles: `"):c - 3]
            tpl_lines = [l[4:] if l.startswith("    ") else l for l in tpl.split("\n") if l.strip()]
            sty_lines = [l[4:] if l.startswith("    ") else l for l in sty.split("\n") if l.strip()]
            t.write(path + ".html", "\n".join(tpl_lines) + "\n")
            t.write(path + ".scss", "\n".join(sty_lines) + "\n")
            t.edit(path + ".ts", src[a:c],
                   f"  templateUrl: './{name}.component.html',\n  styleUrl: './{name}.component.scss',\n")
        t.bash("npx nx run-many -t test lint -p ui-kit tracking-feature-search", "Tests and lint for both projects",
               out=run_many("test, lint", [
                   ("ui-kit:lint", lint_ok("ui-kit"), None),
                   ("tracking-feature-search:lint", lint_ok("tracking-feature-search"), None),
                   ("ui-kit:test", jest_multi("ui-kit", [
                       ("libs/shared/ui-kit/src/lib/status-chip/status-chip.component.spec.ts", 3),
                       ("libs/shared/ui-kit/src/lib/date-range-field/date-range-field.component.spec.ts", 1),
                       ("libs/shared/ui-kit/src/lib/empty-state/empty-state.component.spec.ts", 2),
                       ("libs/shared/ui-kit/src/lib/page-header/page-header.component.spec.ts", 2),
                       ("libs/shared/ui-kit/src/lib/button/button.component.spec.ts", 4)], "8.046"), None),
                   ("tracking-feature-search:test", jest_multi("tracking-feature-search", [
                       ("libs/tracking/feature-search/src/lib/eta-countdown/eta-countdown.component.spec.ts", 3),
                       ("libs/tracking/feature-search/src/lib/result-card/result-card.component.spec.ts", 3),
                       ("libs/tracking/feature-search/src/lib/tracking-search/tracking-search.component.spec.ts", 5)],
                       "6.904"), None)],
                   19, cloud="Lw8dF3qHrT", header_projects=["ui-kit", "tracking-feature-search"]))
        t.done("All three now use `templateUrl` + `styleUrl` with their own `.html` / `.scss` files. The markup "
               "and styles moved unchanged, just de-indented. Tests and lint pass for ui-kit and "
               "tracking-feature-search. New components get separate files from now on.\n\n"
               "If you want the generator to do that by default, drop `--inlineTemplate --inlineStyle`. The "
               "`@nx/angular:component` defaults in nx.json don't set them, so plain `nx g` already gives separate "
               "files.")

        t = d.task("is it worth flipping the shell to zoneless on 18 (provideExperimentalZonelessChangeDetection) or "
                   "should we wait?", tags=["noise", "no_tools"])
        t.done("On 18 I'd wait, for three reasons:\n\n"
               "1. **It's experimental in 18.** The API name says so, and it changed in 19/20 "
               "(`provideZonelessChangeDetection` became stable in 20). You'd touch it again during the upgrade anyway.\n"
               "2. **The ecosystem has to be ready.** Angular Material 18 mostly works zoneless. maplibre callbacks, "
               "the NgRx effects that update state from websockets, and any `setTimeout`-based code only refresh "
               "the view if they end in a signal write or `markForCheck`. Today zone.js covers for them.\n"
               "3. **The test setup.** `setupZoneTestEnv` and fakeAsync-based specs would need to move to the "
               "zoneless variants.\n\n"
               "What pays off now, and makes the later switch cheap: OnPush everywhere (mostly done), state in "
               "signals or `selectSignal`, and no reliance on zone-triggered CD in third-party callbacks. Do the "
               "switch as part of the Angular upgrade, starting with carrier-portal (smaller, no map).")

    # ================= S8 =================
    with d.session("2026-10-05T08:55:00", R, branch="release/2026.10", version="2.1.118"):
        t = d.task("material 18.2.14 has the datepicker overlay fix we need for the pickup filter. bump "
                   "@angular/material + cdk to that in package.json, then build the shell docker image locally as "
                   "dispatch-shell:2026.10.0-rc1 and smoke test it on :8080",
                   tags=["mistake:M3", "long_output"])
        t.read(R + "/package.json")
        t.edit(R + "/package.json", '    "@angular/cdk": "18.2.8",\n', '    "@angular/cdk": "18.2.14",\n')
        t.edit(R + "/package.json", '    "@angular/material": "18.2.8",\n', '    "@angular/material": "18.2.14",\n')
        log = "/root/.npm/_logs/2026-10-05T07_02_17_408Z-debug-0.log"
        eus = npm_eusage(["Invalid: lock file's @angular/cdk@18.2.8 does not satisfy @angular/cdk@18.2.14",
                          "Invalid: lock file's @angular/material@18.2.8 does not satisfy @angular/material@18.2.14"], log)
        ts0 = 1.402
        eus_lines = eus.split("\n")
        stamped = "\n".join(f"#11 {ts0 + (0.001 if i > 2 else 0):.3f} {l}" for i, l in enumerate(eus_lines))
        tail = "\n".join(f"{ts0 + 0.001:.3f} {l}" for l in eus_lines[-5:])
        t.fail("docker build -f apps/shell/Dockerfile -t dispatch-shell:2026.10.0-rc1 .", "Build the shell image",
               docker_prefix("3.86") + f"""
#11 [build 5/7] RUN npm ci
{stamped}
#11 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1

#12 [stage-1 2/3] COPY apps/shell/nginx.conf /etc/nginx/conf.d/default.conf
#12 CACHED
------
 > [build 5/7] RUN npm ci:
{tail}
------
Dockerfile:6
--------------------
   4 |     COPY package.json package-lock.json ./
   5 |     COPY packages ./packages
   6 | >>> RUN npm ci
   7 |     COPY . .
   8 |     RUN npx nx build shell --configuration=production
--------------------
ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1""")
        t.say("The image's `npm ci` sees the bumped package.json but the old package-lock.json (Material and CDK "
              "still at 18.2.8), so it stops. The lock file has to be updated on this side before building.")
        t.bash("npm install --package-lock-only", "Update package-lock.json for the Material bump",
               out="\nchanged 2 packages, and audited 1853 packages in 6s\n\n271 packages are looking for funding\n"
                   "  run `npm fund` for details\n\n5 vulnerabilities (1 low, 1 moderate, 3 high)\n\n"
                   "To address all issues (including breaking changes), run:\n  npm audit fix --force\n\n"
                   "Run `npm audit` for details.")
        build_lines = build_table(SHELL_INITIAL, [
            ("chunk-ZD6AGQ2Y.js", "maplibre-gl", "801.62 kB", "215.09 kB"),
            ("chunk-N4TY6GQE.js", "shipments-routes", "284.13 kB", "53.06 kB"),
            ("chunk-EU2HR8MX.js", "tracking-routes", "191.48 kB", "38.85 kB"),
            ("chunk-7LJ2XWQK.js", "depots-routes", "96.55 kB", "19.84 kB"),
            ("chunk-BCV4TF2N.js", "-", "31.20 kB", "7.95 kB")], "27.914", "/app/dist/apps/shell").split("\n")
        build_log = "\n".join(f"#14 {31.2 + i * 0.01:.2f} {l}".rstrip() for i, l in enumerate(build_lines))
        deprec = "\n".join(f"#11 {4.81 + i * 0.2:.3f} {l}" for i, l in enumerate(NPM_DEPRECATED.split("\n")))
        ok_build = docker_prefix("3.86") + f"""
#11 [build 5/7] RUN npm ci
{deprec}
#11 50.91 
#11 50.91 > @routewise/source@0.0.0 prepare
#11 50.91 > husky
#11 50.91 
#11 50.95 .git can't be found
#11 51.02 
#11 51.02 added 1850 packages, and audited 1853 packages in 51s
#11 51.02 
#11 51.02 271 packages are looking for funding
#11 51.02   run `npm fund` for details
#11 51.05 
#11 51.05 5 vulnerabilities (1 low, 1 moderate, 3 high)
#11 51.05 
#11 51.05 To address all issues (including breaking changes), run:
#11 51.05   npm audit fix --force
#11 51.05 
#11 51.05 Run `npm audit` for details.
#11 51.06 npm notice
#11 51.06 npm notice New major version of npm available! 10.9.0 -> 11.6.1
#11 51.06 npm notice To update run: npm install -g npm@11.6.1
#11 51.06 npm notice
#11 DONE 54.8s

#12 [stage-1 2/3] COPY apps/shell/nginx.conf /etc/nginx/conf.d/default.conf
#12 CACHED

#13 [build 6/7] COPY . .
#13 DONE 1.7s

#14 [build 7/7] RUN npx nx build shell --configuration=production
#14 3.114 
#14 3.115 > nx run shell:build:production
#14 3.115 
{build_log}
#14 31.38 
#14 31.38 {DASH}
#14 31.38 
#14 31.42  NX   Successfully ran target build for project shell (28s)
#14 DONE 32.6s

#15 [stage-1 3/3] COPY --from=build /app/dist/apps/shell/browser /usr/share/nginx/html
#15 DONE 0.1s

#16 exporting to image
#16 exporting layers
#16 exporting layers 0.4s done
#16 writing image sha256:3f9d0c6b27e1a8845fd0b7c2e9a6d13b5cf08e4a7d21b9f6c0e35a8d74b1e962 done
#16 naming to docker.io/library/dispatch-shell:2026.10.0-rc1 done
#16 DONE 0.4s"""
        t.bash("docker build -f apps/shell/Dockerfile -t dispatch-shell:2026.10.0-rc1 .", "Build the shell image again",
               timeout=900000, err=ok_build)
        t.bash("docker run -d --rm -p 8080:80 --name dispatch-shell-rc dispatch-shell:2026.10.0-rc1 && sleep 2 && "
               "curl -fsS -o /dev/null -w '%{http_code}\\n' http://localhost:8080/ && "
               "curl -fsS -o /dev/null -w '%{http_code}\\n' http://localhost:8080/tracking && "
               "curl -fsS http://localhost:8080/ | grep -o '<title>[^<]*</title>'; docker stop dispatch-shell-rc",
               "Run the image and smoke test it",
               out="b7e41c09d2f35a6e8c1d47f02ab96e3d5c08f17a24be93d6c5f0e1a7b38d4c2e\n200\n200\n"
                   "<title>Routewise Dispatch</title>\ndispatch-shell-rc")
        t.bash("git diff --stat", "What changed", out=" package-lock.json | 12 ++++++------\n package.json      |  4 ++--\n"
                                                    " 2 files changed, 8 insertions(+), 8 deletions(-)")
        t.done("`@angular/material` and `@angular/cdk` are on 18.2.14, and `dispatch-shell:2026.10.0-rc1` is built "
               "and smoke-tested: `/` and the deep link `/tracking` both return 200 from nginx, title \"Routewise "
               "Dispatch\". The container is stopped again.\n\n"
               "First build attempt: the image's `npm ci` rejected the bumped package.json against the old lock file. "
               "After `npm install --package-lock-only` here, it went through. package.json and package-lock.json are "
               "changed but not committed. The `npm audit` line in the build is the dev-tooling issue from last week.")

        t = d.task("looks good. build it again as dispatch-shell:2026.10.0 for the release, nothing else changes",
                   tags=["flaky:F2"])
        cmd = "docker build -f apps/shell/Dockerfile -t dispatch-shell:2026.10.0 ."
        t.fail(cmd, "Build the release image", timeout=900000, printed="""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 463B done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/library/nginx:1.27-alpine
#2 ERROR: failed to do request: Head "https://registry-1.docker.io/v2/library/nginx/manifests/1.27-alpine": net/http: TLS handshake timeout

#3 [internal] load metadata for docker.io/library/node:22.11-alpine
#3 CANCELED
------
 > [internal] load metadata for docker.io/library/nginx:1.27-alpine:
------
Dockerfile:10
--------------------
   8 |     RUN npx nx build shell --configuration=production
   9 |     
  10 | >>> FROM nginx:1.27-alpine
  11 |     COPY apps/shell/nginx.conf /etc/nginx/conf.d/default.conf
  12 |     COPY --from=build /app/dist/apps/shell/browser /usr/share/nginx/html
--------------------
ERROR: failed to solve: nginx:1.27-alpine: failed to resolve source metadata for docker.io/library/nginx:1.27-alpine: failed to do request: Head "https://registry-1.docker.io/v2/library/nginx/manifests/1.27-alpine": net/http: TLS handshake timeout""")
        t.say("That's Docker Hub not answering the TLS handshake while checking the nginx base image. Nothing in the "
              "build itself. Same command again.")
        cached = docker_prefix("3.86").replace("#9 [build 3/7] COPY package.json package-lock.json ./\n#9 DONE 0.1s",
                                               "#9 [build 3/7] COPY package.json package-lock.json ./\n#9 CACHED") \
            .replace("#10 [build 4/7] COPY packages ./packages\n#10 DONE 0.0s",
                     "#10 [build 4/7] COPY packages ./packages\n#10 CACHED")
        t.bash(cmd, "Build the release image", timeout=900000, err=cached + """
#11 [build 5/7] RUN npm ci
#11 CACHED

#12 [stage-1 2/3] COPY apps/shell/nginx.conf /etc/nginx/conf.d/default.conf
#12 CACHED

#13 [build 6/7] COPY . .
#13 CACHED

#14 [build 7/7] RUN npx nx build shell --configuration=production
#14 CACHED

#15 [stage-1 3/3] COPY --from=build /app/dist/apps/shell/browser /usr/share/nginx/html
#15 CACHED

#16 exporting to image
#16 exporting layers done
#16 writing image sha256:3f9d0c6b27e1a8845fd0b7c2e9a6d13b5cf08e4a7d21b9f6c0e35a8d74b1e962 done
#16 naming to docker.io/library/dispatch-shell:2026.10.0 done
#16 DONE 0.0s""")
        t.done("`dispatch-shell:2026.10.0` is built. It's the same image as rc1 (sha256:3f9d0c6b27e1…), every layer "
               "came from the cache. The first attempt died on a TLS handshake timeout to Docker Hub while resolving "
               "`nginx:1.27-alpine`. The identical rerun went through.")

        t = d.task("push 2026.10.0 to ghcr.io/routewise-logistics/dispatch-shell", tags=["unfixed:U2"])
        t.bash("docker tag dispatch-shell:2026.10.0 ghcr.io/routewise-logistics/dispatch-shell:2026.10.0",
               "Tag for GHCR")
        t.fail("docker push ghcr.io/routewise-logistics/dispatch-shell:2026.10.0", "Push to GHCR",
               """The push refers to repository [ghcr.io/routewise-logistics/dispatch-shell]
a1c7e35d0f92: Preparing
6d2b84f10e7c: Preparing
e8f3c0a17b45: Preparing
5f4a9d7c2e81: Preparing
9c03b6e1d4f7: Preparing
c2e1f0b7a934: Preparing
78a1d2c5f0e6: Preparing
a1c7e35d0f92: Waiting
denied: permission_denied: write_package""")
        t.read(R + "/.github/workflows/release-shell.yml")
        t.done("Not pushed. GHCR refused with `denied: permission_denied: write_package`: your login can read the "
               "`dispatch-shell` package but not write it.\n\n"
               "`.github/workflows/release-shell.yml` is how images get there. On a `shell-v*` tag the workflow "
               "builds `apps/shell/Dockerfile` and pushes with the repo's `GITHUB_TOKEN` (`packages: write`). So the "
               "package grants write to the repo's Actions, not to people.\n\n"
               "Two ways forward, both yours to decide:\n"
               "- tag the release commit `shell-v2026.10.0` and let the workflow push. The image will be named after "
               "the tag, `dispatch-shell:shell-v2026.10.0`, not `2026.10.0`.\n"
               "- ask an org admin for write access to the package if you want manual pushes.\n\n"
               "I haven't tagged anything.")

        t = d.task("new ui-kit piece: carrier rating stars (0-5, half stars, read-only) for the carrier list. "
                   "generator as usual. state via signals/computed like everything else — no subjects and no "
                   "ngOnChanges please",
                   tags=["workflow:W1", "pref:P1"])
        RS = UIKIT + "rating-stars/rating-stars.component"
        t.bash("npx nx g @nx/angular:component libs/shared/ui-kit/src/lib/rating-stars/rating-stars --export",
               "Generate the component with separate template and styles",
               out=" NX  Generating @nx/angular:component\n\n"
                   "CREATE libs/shared/ui-kit/src/lib/rating-stars/rating-stars.component.scss\n"
                   "CREATE libs/shared/ui-kit/src/lib/rating-stars/rating-stars.component.html\n"
                   "CREATE libs/shared/ui-kit/src/lib/rating-stars/rating-stars.component.spec.ts\n"
                   "CREATE libs/shared/ui-kit/src/lib/rating-stars/rating-stars.component.ts\n"
                   "UPDATE libs/shared/ui-kit/src/index.ts")
        d.files[RS + ".ts"] = gen_component("rating-stars", "RatingStarsComponent", inline=False)
        d.files[RS + ".html"] = "<p>rating-stars works!</p>\n"
        d.files[RS + ".scss"] = ""
        d.files[RS + ".spec.ts"] = gen_spec("rating-stars", "RatingStarsComponent")
        t.read(RS + ".ts")
        t.write(RS + ".ts", RATING_TS)
        t.read(RS + ".html")
        t.write(RS + ".html", RATING_HTML)
        t.read(RS + ".scss")
        t.write(RS + ".scss", RATING_SCSS)
        t.read(RS + ".spec.ts")
        t.write(RS + ".spec.ts", RATING_SPEC)
        t.bash("npx nx test ui-kit --testFile=rating-stars", "Run the rating spec",
               out=nx_ok("ui-kit", "test", jest_body("ui-kit", "libs/shared/ui-kit/src/lib/rating-stars/rating-stars.component.spec.ts",
                                                     "RatingStarsComponent",
                                                     [("renders full, half and empty stars", 71),
                                                      ("rounds to the nearest half and clamps to max", 13),
                                                      ("labels the rating for screen readers", 9)], "3.655", "rating-stars"),
                         6, flags=["--testFile=rating-stars"]))
        t.bash("npx nx lint ui-kit", "Lint ui-kit", out=nx_ok("ui-kit", "lint", lint_ok("ui-kit"), 5))
        t.done("`rw-rating-stars` is in ui-kit and exported, with separate `.html`/`.scss`:\n"
               "- `rating` (required) and `max` (default 5) are signal inputs. `value` is a `computed` rounded to "
               "the nearest half and clamped to 0..max, and `stars` is a `computed` list of `star` / `star_half` / "
               "`star_border` Material icons.\n"
               "- No subjects, no lifecycle hooks. `role=\"img\"` with a localized `aria-label` (\"4.5 of 5 stars\"); "
               "the icons are `aria-hidden`.\n\n"
               "3 specs pass, lint is clean.")

    # ================= S9 =================
    with d.session("2026-10-08T14:10:00", R, branch="feat/carrier-notifications", version="2.1.119",
                   end_reason="other"):
        t = d.task("carrier portal: notification settings page under settings — toggles for email / sms / push per "
                   "event (pickup scheduled, delay, delivered). mat-slide-toggle + reactive form, load/save through "
                   "CarrierSettingsStore. build carrier-portal when done",
                   tags=["mistake:M1"])
        FS = CARR + "feature-settings/src/lib/"
        NS = FS + "notifications/notification-settings.component"
        STORE = CARR + "data-access/src/lib/carrier-settings.store.ts"
        t.read(FS + "settings.routes.ts")
        t.read(STORE)
        t.grep("NotificationPrefs", path=CARR + "data-access/src", output_mode="content", n=True,
               content="libs/carriers/data-access/src/lib/carriers.api.ts:14:export interface NotificationPrefs {\n"
                       "libs/carriers/data-access/src/lib/carriers.api.ts:38:  getNotificationPrefs(): Promise<NotificationPrefs> {\n"
                       "libs/carriers/data-access/src/lib/carriers.api.ts:42:  updateNotificationPrefs(prefs: NotificationPrefs): Promise<NotificationPrefs> {\n"
                       "libs/carriers/data-access/src/index.ts:2:export { CarriersApi, CarrierProfile, NotificationPrefs } from './lib/carriers.api';")
        t.edit(STORE, "import { CarrierProfile, CarriersApi } from './carriers.api';",
               "import { CarrierProfile, CarriersApi, NotificationPrefs } from './carriers.api';")
        t.edit(STORE, "  profile: CarrierProfile | null;\n  saving: boolean;\n}",
               "  profile: CarrierProfile | null;\n  notificationPrefs: NotificationPrefs | null;\n  saving: boolean;\n}")
        t.edit(STORE, "withState<CarrierSettingsState>({ profile: null, saving: false }),",
               "withState<CarrierSettingsState>({ profile: null, notificationPrefs: null, saving: false }),")
        t.edit(STORE, "  })),\n);", """    async loadNotificationPrefs(): Promise<void> {
      patchState(store, { notificationPrefs: await api.getNotificationPrefs() });
    },
    async saveNotificationPrefs(prefs: NotificationPrefs): Promise<void> {
      patchState(store, { saving: true });
      try {
        patchState(store, { notificationPrefs: await api.updateNotificationPrefs(prefs) });
      } finally {
        patchState(store, { saving: false });
      }
    },
  })),
);""")
        t.write(NS + ".ts", NOTIFY_TS)
        t.write(NS + ".html", NOTIFY_HTML)
        t.write(NS + ".scss", NOTIFY_SCSS)
        t.edit(FS + "settings.routes.ts", "  { path: 'profile', loadComponent: () => import('./profile/profile-form.component').then((m) => m.ProfileFormComponent) },\n",
               "  { path: 'profile', loadComponent: () => import('./profile/profile-form.component').then((m) => m.ProfileFormComponent) },\n"
               "  {\n    path: 'notifications',\n    loadComponent: () =>\n"
               "      import('./notifications/notification-settings.component').then((m) => m.NotificationSettingsComponent),\n  },\n")
        html_rel = "libs/carriers/feature-settings/src/lib/notifications/notification-settings.component.html"
        ts_rel = "libs/carriers/feature-settings/src/lib/notifications/notification-settings.component.ts"
        tl = line_of(NOTIFY_TS, "templateUrl:")
        hl = NOTIFY_HTML.split("\n")
        errs = []
        for i, l in enumerate(hl, 1):
            if "<mat-slide-toggle" in l:
                errs.append(ng8001("mat-slide-toggle", html_rel, i, l.index("<"), l, "NotificationSettingsComponent",
                                   ts_rel, tl))
        t.fail("npx nx build carrier-portal", "Build the carrier portal",
               nx_fail("carrier-portal", "build", "\n".join(errs) + "\nApplication bundle generation failed. [6.377 seconds]",
                       cfg="production"))
        t.say("`mat-slide-toggle` isn't known to the new standalone component. Its `imports` have the button module "
              "and `ReactiveFormsModule`, but not the slide-toggle module. Adding `MatSlideToggleModule`.")
        t.edit(NS + ".ts", "import { MatButtonModule } from '@angular/material/button';\n",
               "import { MatButtonModule } from '@angular/material/button';\n"
               "import { MatSlideToggleModule } from '@angular/material/slide-toggle';\n")
        t.edit(NS + ".ts", "  imports: [MatButtonModule, ReactiveFormsModule],",
               "  imports: [MatButtonModule, MatSlideToggleModule, ReactiveFormsModule],")
        t.bash("npx nx build carrier-portal", "Build the carrier portal again", timeout=600000,
               out=nx_ok("carrier-portal", "build", build_table([
                   ("main-QJ7TZ3KD.js", "main", "521.44 kB", "131.87 kB"),
                   ("polyfills-FFHMD2TL.js", "polyfills", "34.52 kB", "11.28 kB"),
                   ("styles-2WRP5NFA.css", "styles", "96.08 kB", "9.61 kB")], [
                   ("chunk-V3GQ8M2L.js", "invoices-page-component", "143.27 kB", "29.90 kB"),
                   ("chunk-R6DKX1PB.js", "carrier-shipments-component", "118.92 kB", "24.18 kB"),
                   ("chunk-J8CN4WAT.js", "profile-form-component", "61.30 kB", "13.44 kB"),
                   ("chunk-4FHYQ0SE.js", "notification-settings-component", "38.71 kB", "8.92 kB")],
                   "14.082", R + "/dist/apps/carrier-portal"), 17, cfg="production"))
        t.bash("npx nx test carriers-data-access", "Store tests",
               out=nx_ok("carriers-data-access", "test", jest_multi("carriers-data-access", [
                   ("libs/carriers/data-access/src/lib/carrier-settings.store.spec.ts", 5)], "3.027"), 5))
        t.done("Notification settings are at `settings/notifications` in the carrier portal (lazy route, own chunk, "
               "~9 kB transfer):\n"
               "- reactive form: one group per event (`pickup`, `delay`, `delivered`) with `email`/`sms`/`push` "
               "toggles, `data-cy` on each row and on save\n"
               "- `CarrierSettingsStore` got `notificationPrefs` plus `loadNotificationPrefs()` / "
               "`saveNotificationPrefs()` on top of the existing `CarriersApi` methods. The component loads on init "
               "and copies the prefs into the form with an `effect`.\n"
               "- Save is disabled while saving or while the form is pristine.\n\n"
               "The first build failed with three NG8001 `'mat-slide-toggle' is not a known element` errors, one per "
               "toggle. I'd left `MatSlideToggleModule` out of the component's `imports`. With it, the production "
               "build passes and the store tests are green. The store has no spec for the new methods yet.")

        t = d.task("ship it, usual routine, PR into main", tags=["workflow:W2"])
        t.bash("npx nx format:check", "Prettier check on changed files")
        t.bash("npx nx affected -t lint test", "Lint and test affected projects", timeout=600000,
               out=run_many("lint, test", [
                   lt("carriers-data-access"), lt("carriers-feature-settings"),
                   lt("carrier-portal", "remote cache"), lt("carrier-portal-e2e", "remote cache"),
                   tt("carriers-data-access", "local cache", secs="3.027"), tt("carriers-feature-settings"),
                   tt("carrier-portal")],
                   14, cloud="Bx5kQ2wJnM", cached=3, total_tasks=7,
                   header_projects=["carriers-data-access", "carriers-feature-settings", "carrier-portal",
                                    "carrier-portal-e2e"]))
        t.bash("git push -u origin feat/carrier-notifications", "Push the branch",
               err=git_push_new("feat/carrier-notifications"))
        t.bash("gh pr create --base main --title \"feat(carriers): notification settings\" --body \"$(cat <<'EOF'\n"
               "Carriers can switch e-mail/SMS/push per event (pickup, delay, delivered) under Settings → Notifications "
               "(RW-1233). Store gets load/save for the prefs; API already existed.\n\n"
               "**Test:** carrier portal → Settings → Notifications, toggle, save, reload.\nEOF\n)\"",
               "Open the PR", out="https://github.com/routewise-logistics/routewise-web/pull/611",
               err="\nCreating pull request for feat/carrier-notifications into main in routewise-logistics/routewise-web\n")
        t.done("PR #611: https://github.com/routewise-logistics/routewise-web/pull/611. Format check clean, affected "
               "lint + test green for the four carrier projects, branch pushed. Description kept to two lines plus "
               "the test step.")

        t = d.task("PM asks if we can ship the carrier portal in polish by end of october. roughly what's involved "
                   "on our side given the shell already does de/en?", tags=["noise", "no_tools"])
        t.done("Doable by end of October if translations arrive by mid-month. Our part is small. The work is "
               "mostly translation and QA:\n\n"
               "1. **Build config**: add `pl` to the carrier-portal `i18n.locales` in its project.json (source "
               "file `src/locale/messages.pl.xlf`) and to `localize` in the production configuration. Same setup as "
               "the shell.\n"
               "2. **Extraction**: run the extract-i18n target for carrier-portal and hand `messages.pl.xlf` to "
               "the translators. The feature libs it uses (carriers/*, ui-kit) come along because extraction works "
               "on the built app.\n"
               "3. **Locale data**: `registerLocaleData(localePl)` isn't needed with the application builder's "
               "localize, but check hand-rolled formatting (`toLocaleString` calls, the date-range field's native "
               "adapter). Polish uses `dd.MM.yyyy` and a comma as the decimal separator.\n"
               "4. **Plurals**: Polish has four plural categories (one/few/many/other). Every ICU plural in "
               "carrier-facing text needs all of them, otherwise you get wrong forms like \"5 przesyłki\".\n"
               "5. **Deployment**: the nginx config needs a `/pl/` location with the same SPA fallback as `/de/`.\n"
               "6. **QA**: text overflow in tables and buttons (Polish strings run ~20–30 % longer than English), "
               "plus an e2e smoke in `pl`.\n\n"
               "Rough estimate: 1–2 days of dev work plus translation time.")

    # ================= S10 =================
    with d.session("2026-10-12T09:30:00", R, branch="feat/carrier-invoices", version="2.1.120"):
        t = d.task("invoices e2e for the carrier portal — Piotr left a draft in apps/carrier-portal-e2e/src/e2e/invoices.cy.ts. "
                   "finish the pdf download test and run only that spec",
                   tags=["mistake:M2"])
        INV = R + "/apps/carrier-portal-e2e/src/e2e/invoices.cy.ts"
        t.read(INV)
        t.grep("invoice-download", path=R + "/apps/carrier-portal/src", output_mode="content", n=True,
               content="apps/carrier-portal/src/app/invoices/invoices-page.component.html:31:          "
                       "<button mat-icon-button (click)=\"download(invoice)\" data-cy=\"invoice-download\" "
                       "i18n-aria-label=\"@@invoices.download\" aria-label=\"Download PDF\">")
        t.glob("apps/carrier-portal-e2e/src/fixtures/*", [R + "/apps/carrier-portal-e2e/src/fixtures/invoice-sample.pdf",
                                                           R + "/apps/carrier-portal-e2e/src/fixtures/invoices-page-1.json"])
        t.edit(INV, "  it('downloads the PDF', () => {\n    // TODO(piotr): intercept the pdf endpoint and check the filename\n  });",
               """  it('downloads the PDF', () => {
    cy.intercept('GET', '/api/v3/carriers/me/invoices/RW-2026-09-0412/pdf', {
      statusCode: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="RW-2026-09-0412.pdf"',
      },
      fixture: 'invoice-sample.pdf,binary',
    }).as('pdf');

    cy.get('[data-cy=invoice-row]').first().find('[data-cy=invoice-download]').click();
    cy.wait('@pdf');
    cy.readFile(`${Cypress.config('downloadsFolder')}/RW-2026-09-0412.pdf`, 'binary', { timeout: 10000 })
      .its('length')
      .should('be.greaterThan', 1000);
  });""")
        t.fail("npx nx e2e carrier-portal-e2e --spec=apps/carrier-portal-e2e/src/e2e/invoices.cy.ts",
               "Run only the invoices spec",
               nx_fail("carrier-portal-e2e", "e2e",
                       "> cypress run --spec=apps/carrier-portal-e2e/src/e2e/invoices.cy.ts\n\n" +
                       no_specs(R + "/apps/carrier-portal-e2e/apps/carrier-portal-e2e/src/e2e/invoices.cy.ts") +
                       "\n\nWarning: command \"cypress run --spec=apps/carrier-portal-e2e/src/e2e/invoices.cy.ts\" exited "
                       "with non-zero status code",
                       flags=["--spec=apps/carrier-portal-e2e/src/e2e/invoices.cy.ts"]))
        t.say("Repo-root path again. The e2e target runs Cypress in `apps/carrier-portal-e2e`, so the spec has to be "
              "given relative to that project.")
        t.bash("npx nx e2e carrier-portal-e2e --spec src/e2e/invoices.cy.ts", "Run the invoices spec, project-relative",
               timeout=600000,
               out=nx_ok("carrier-portal-e2e", "e2e", "> cypress run --spec=src/e2e/invoices.cy.ts\n" + cypress_run(
                   [("invoices.cy.ts", "Invoices", [("lists the invoices of the current month", 1518),
                                                    ("downloads the PDF", 1374)], 4)],
                   "src/e2e/invoices.cy.ts"), 37, flags=["--spec=src/e2e/invoices.cy.ts"]))
        t.done("The download test is done and both invoice tests pass. It stubs "
               "`/api/v3/carriers/me/invoices/RW-2026-09-0412/pdf` with the `invoice-sample.pdf` fixture and a "
               "`content-disposition` filename, clicks `[data-cy=invoice-download]` on the first row, and checks that "
               "`RW-2026-09-0412.pdf` lands in Cypress' downloads folder with more than 1 kB.\n\n"
               "The first run used the repo-root spec path, which the target resolves from "
               "`apps/carrier-portal-e2e`, so nothing matched. `--spec src/e2e/invoices.cy.ts` works.")

        t = d.task("tracking-api 3.2 dropped (proof of delivery). regen the client pls", tags=["workflow:W3"])
        t.bash("curl -fsSL https://tracking-api.staging.routewise.io/v3/openapi.json -o tools/openapi/tracking-api.json "
               "&& jq -r '.info.version, (.paths | keys | length)' tools/openapi/tracking-api.json",
               "Download the current v3 spec", out="3.2.0\n17")
        t.bash("npx nx run api-client:generate", "Regenerate the Angular client",
               out=nx_ok("api-client", "generate", openapi_gen("3.2.0", [
                   "model/etaPredictionDto.ts", "model/etaConfidence.ts", "model/proofOfDeliveryDto.ts",
                   "model/scanEventDto.ts", "model/shipmentDto.ts", "model/shipmentPageDto.ts",
                   "model/trackingSearchResultDto.ts", "model/models.ts", "api/eta.service.ts",
                   "api/shipments.service.ts", "api/tracking.service.ts", "api/api.ts", "index.ts", "api.module.ts",
                   "configuration.ts", "variables.ts", "encoder.ts", "param.ts"]), 9))
        t.bash("git status --short -- libs/shared/api-client tools/openapi", "What the generator changed",
               out=" M libs/shared/api-client/src/generated/.openapi-generator/FILES\n"
                   " M libs/shared/api-client/src/generated/api/shipments.service.ts\n"
                   " M libs/shared/api-client/src/generated/model/models.ts\n"
                   " M libs/shared/api-client/src/generated/model/shipmentDto.ts\n"
                   " M tools/openapi/tracking-api.json\n"
                   "?? libs/shared/api-client/src/generated/model/proofOfDeliveryDto.ts")
        t.bash("npx tsc -p libs/shared/api-client/tsconfig.lib.json --noEmit", "Type-check the client")
        t.bash("git add libs/shared/api-client tools/openapi && git commit -m \"chore(api-client): regenerate from "
               "tracking-api 3.2.0\"", "Commit the regenerated client",
               out="[feat/carrier-invoices 2d8f6b1] chore(api-client): regenerate from tracking-api 3.2.0\n"
                   " 6 files changed, 131 insertions(+), 2 deletions(-)\n"
                   " create mode 100644 libs/shared/api-client/src/generated/model/proofOfDeliveryDto.ts")
        t.done("Regenerated from tracking-api 3.2.0 (17 paths) and committed as 2d8f6b1 on feat/carrier-invoices. "
               "New: `ShipmentsService.getProofOfDelivery(trackingNo)` → `ProofOfDeliveryDto` (`signedBy`, "
               "`signedAt`, `photoUrl`, `geo`). `ShipmentDto` has an optional `hasProofOfDelivery` flag. The change "
               "is additive, and the client type-checks.\n\n"
               "It's on the invoices branch now. Cherry-pick it onto its own branch if you'd rather keep the PRs "
               "separate.")

        t = d.task("release notes for 2026.10 please, from the git log since the 2026.09.2 tag, grouped by app. "
                   "short bullets", tags=["noise", "long_output"])
        t.bash("git fetch origin --tags && git log --oneline --no-merges 2026.09.2..origin/release/2026.10",
               "Commits in the release since 2026.09.2",
               err="From github.com:routewise-logistics/routewise-web\n * [new tag]         2026.10.0-rc1 -> 2026.10.0-rc1",
               out="""e41b9a7 chore(deps): @angular/material + cdk 18.2.14
8c3f2d1 fix(shipments): overdue shipments sort first again
b72e0c5 feat(shipments): server-side paging in the shipment table
5a9d41e chore(deps): add @zxing/browser and @zxing/library for scanner spike
f03c8b2 feat(shell): rename nav entry to "Dispatch board"
1d6e7f9 chore(api-client): regenerate from tracking-api 3.1.0
c88a0e4 feat(tracking): ETA countdown next to the result card ETA
47b2f1a feat(ui-kit): date range field
9e15c6d refactor(ui-kit): status chip, eta countdown, date range field use separate template files
d20a7b3 feat(ui-kit): rating stars
3f7c9e8 feat(tracking): last-scan tooltip on the status chip
a6e4d02 test(shell-e2e): tracking search spec
71c0b5f feat(tracking): search by tracking number
4e1a9c2 chore(api-client): regenerate from tracking-api 3.0.0
b5d3a86 feat(ui-kit): status chip
0c9f4e1 refactor(shipments): filter panel state in signals
2a8e6b7 chore(deps): @ngrx/* 18.1.0
ee41d09 fix(carrier-portal): invoice totals rounded per line, not per invoice
93b7c2a feat(carrier-portal): invoice list filters by month
6fd2a18 fix(shell): depot detail crashed on depots without opening hours
19c8e5b chore(ci): e2e-ci with --parallel=1
d4a0f73 feat(tracking): map clusters at zoom < 9
7e2b1c6 fix(tracking): map legend overlapped the zoom controls on small screens
a30d9f5 chore: nx 20.0.6""")
        t.done("**Routewise 2026.10**\n\n"
               "**Dispatcher console (shell)**\n"
               "- Tracking search by tracking number, with status chip, last-scan tooltip and ETA countdown\n"
               "- Shipment list: server-side paging; overdue shipments sort first again\n"
               "- Map: clusters below zoom 9; legend no longer covers the zoom controls\n"
               "- Depot detail no longer crashes for depots without opening hours\n"
               "- Nav entry renamed to \"Dispatch board\"\n\n"
               "**Carrier portal**\n"
               "- Invoice list can be filtered by month\n"
               "- Invoice totals rounded per line instead of per invoice\n\n"
               "**Under the hood**\n"
               "- ui-kit: status chip, date range field, rating stars; components use separate template files\n"
               "- api-client on tracking-api 3.1.0 (ETA prediction)\n"
               "- Angular Material/CDK 18.2.14, NgRx 18.1.0, Nx 20.0.6; zxing added for the scanner spike\n\n"
               "Not in this release: carrier notification settings (#611) and the api-client 3.2.0 regen are "
               "on branches that aren't merged into release/2026.10.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude writes a standalone component whose template uses Angular Material elements "
                            "(mat-chip-set/mat-chip, mat-paginator, mat-slide-toggle) but leaves the matching Material "
                            "module out of the component's `imports` (at most a type such as `PageEvent` is imported). "
                            "The Angular compiler in the application builder rejects the unknown element; ui-kit's Jest "
                            "setup (`errorOnUnknownElements: true`) turns it into a failing test.",
             "error_signature": "NG8001: '<mat-…>' is not a known element: (esbuild `✘ [ERROR]` from `nx build`, with "
                                "NG8002 `Can't bind to '<input>' since it isn't a known property of '<mat-…>'` for "
                                "bound inputs) / NG0304: '<mat-…>' is not a known element (used in the '<Cmp>' "
                                "component template): (Jest via `nx test`)",
             "fix": "Import the Material module for the element (`MatChipsModule` from '@angular/material/chips', "
                    "`MatPaginatorModule` from '@angular/material/paginator', `MatSlideToggleModule` from "
                    "'@angular/material/slide-toggle') and add it to the component's `imports` array, then run the "
                    "same build/test again.",
             "fix_command_markers": [["@angular/material/", "imports: ["]],
             "harmful_markers": ["CUSTOM_ELEMENTS_SCHEMA", "NO_ERRORS_SCHEMA", "errorOnUnknownElements: false"]},
            {"id": "M2",
             "description": "A single Cypress spec is run through Nx with its path relative to the repo root. The "
                            "`e2e` and `component-test` targets are inferred by @nx/cypress/plugin and run `cypress "
                            "run` inside the project folder, so the path is resolved twice and matches nothing.",
             "error_signature": "Can't run because no spec files were found. / We searched for specs matching this "
                                "glob pattern: / > <repo>/apps/<proj>/apps/<proj>/src/e2e/<spec>.cy.ts (doubled "
                                "project path); Nx: Running target e2e|component-test for project <proj> failed",
             "fix": "Run the same `npx nx e2e <proj>` / `npx nx component-test <proj>` with `--spec` relative to the "
                    "project root (`--spec=src/e2e/<spec>.cy.ts`, `--spec=src/lib/<dir>/<spec>.cy.ts`).",
             "fix_command_markers": [["--spec=src/", "--spec src/"]],
             "harmful_markers": ["specPattern", "excludeSpecPattern", "it.skip", "describe.skip"]},
            {"id": "M3",
             "description": "Claude changes dependencies by editing package.json directly (NgRx lockstep bump, new "
                            "zxing dependencies, Material/CDK bump) and then runs something that does `npm ci` — "
                            "locally or in the shell's Docker build stage — while package-lock.json still has the old "
                            "resolution.",
             "error_signature": "npm error code EUSAGE / `npm ci` can only install packages when your package.json "
                                "and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock "
                                "file with `npm install` before continuing. / Invalid: lock file's <pkg>@<old> does "
                                "not satisfy <pkg>@<new> | Missing: <pkg>@<ver> from lock file (in docker: `#11 ERROR: "
                                "process \"/bin/sh -c npm ci\" did not complete successfully: exit code: 1`)",
             "fix": "Update the lock file first with `npm install --package-lock-only` (or `npm i "
                    "--package-lock-only`), then run the same `npm ci` / `docker build` again.",
             "fix_command_markers": [["--package-lock-only"]],
             "harmful_markers": ["rm package-lock.json", "rm -f package-lock.json", "npm install --force",
                                 "npm ci --force", "--no-package-lock", "--legacy-peer-deps"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`npx nx lint ui-kit` after the status chip got a `lastScan` input typed with "
                                        "tracking's `ScanEvent`: `A project tagged with \"type:ui\" can only depend on "
                                        "libs tagged with \"type:ui\", \"type:util\"  @nx/enforce-module-boundaries`; "
                                        "ui-kit gets its own `StatusChipScan` interface, same lint passes."},
            {"id": "O2", "description": "`npx nx test shipments-data-access --testFile=shipments.selectors` with a new "
                                        "spec case: overdue shipments sorted last (`Number(a.overdue) - "
                                        "Number(b.overdue)`); comparator flipped, same test passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`npm audit --audit-level=high`: 5 vulnerabilities (1 low, 1 moderate, 3 "
                                        "high) in webpack-dev-server / http-proxy-middleware / on-headers via "
                                        "@angular-devkit/build-angular 18.2.9; dev-only (`--omit=dev` finds 0), the "
                                        "only fix is the Angular major upgrade, which the user excluded. Left as is."},
            {"id": "U2", "description": "`docker push ghcr.io/routewise-logistics/dispatch-shell:2026.10.0`: "
                                        "`denied: permission_denied: write_package`; the package is written by the "
                                        "release workflow on `shell-v*` tags, tagging is the user's call. Not pushed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`npx nx e2e shell-e2e` (full suite): `Tracking search › finds a shipment by "
                                        "tracking number` times out (`Timed out retrying after 4000ms: Expected to find "
                                        "element: [data-cy=tracking-result], but never found it.`); the identical "
                                        "rerun passes 8/8."},
            {"id": "F2", "description": "`docker build -f apps/shell/Dockerfile -t dispatch-shell:2026.10.0 .`: "
                                        "`failed to resolve source metadata for docker.io/library/nginx:1.27-alpine: "
                                        "… net/http: TLS handshake timeout`; the identical rerun builds from cache."},
        ],
        workflows=[
            {"id": "W1", "description": "New component with the Nx generator: `npx nx g @nx/angular:component "
                                        "<lib>/src/lib/<name>/<name> [--export]` → Read + Write the component (signal "
                                        "inputs, computed, OnPush) and its spec → `npx nx test <proj> --testFile=<name>` "
                                        "→ `npx nx lint <proj>`.",
             "step_markers": [["nx g @nx/angular:component"], ["nx test "], ["nx lint "]]},
            {"id": "W2", "description": "Ship a branch: `npx nx format:check` → `npx nx affected -t lint test` → "
                                        "`git push -u origin <branch>` → `gh pr create --base main` (draft the first "
                                        "time).",
             "step_markers": [["nx format:check"], ["nx affected -t lint test"], ["git push -u origin"],
                              ["gh pr create"]]},
            {"id": "W3", "description": "Regenerate the OpenAPI client: `curl -fsSL …/v3/openapi.json -o "
                                        "tools/openapi/tracking-api.json` + `jq` version → `npx nx run "
                                        "api-client:generate` → `git status --short` → `npx tsc -p "
                                        "libs/shared/api-client/tsconfig.lib.json --noEmit` → commit "
                                        "`chore(api-client): regenerate from tracking-api <ver>`.",
             "step_markers": [["openapi.json"], ["nx run api-client:generate"], ["tsconfig.lib.json --noEmit"],
                              ["chore(api-client)"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Component state is held in signals (signal/computed/output), never in "
                                        "BehaviorSubjects or other subjects, and without ngOnChanges.",
             "markers": [["signal"]]},
            {"id": "P2", "description": "Cypress selectors use `data-cy` attributes only, never CSS classes or "
                                        "mat-* selectors.",
             "markers": [["data-cy"]]},
            {"id": "P3", "description": "Small ui-kit components keep template and styles inline (T02); reversed in "
                                        "T23: every component gets separate .html and .scss files, and the inline ones "
                                        "are moved out.",
             "markers": [["inline"], ["template"]],
             "reversal_markers": [["inline"], ["separate"]]},
        ],
        probes=[
            {"prompt": "build's red on the route planner: \"✘ [ERROR] NG8001: 'mat-button-toggle-group' is not a known "
                       "element:\" at libs/tracking/feature-map/src/lib/route-planner/route-planner.component.html:22:4, "
                       "plus Can't bind to 'value' since it isn't a known property of 'mat-button-toggle-group'. I only "
                       "added the toggle group yesterday. what's wrong?",
             "wanted": ["M1"]},
            {"prompt": "add a mat-stepper onboarding wizard for new carriers in carriers-feature-settings (3 steps: "
                       "company, contacts, payout details) and make sure carrier-portal still builds",
             "wanted": ["M1"]},
            {"prompt": "cypress just says Can't run because no spec files were found, searched for "
                       "> /home/marta/code/routewise-web/apps/shell-e2e/apps/shell-e2e/src/e2e/depots.cy.ts — the file "
                       "is definitely there?? ran npx nx e2e shell-e2e --spec=apps/shell-e2e/src/e2e/depots.cy.ts",
             "wanted": ["M2"]},
            {"prompt": "I wrote a returns-flow e2e at apps/shell-e2e/src/e2e/returns.cy.ts, run just that one, not "
                       "the whole suite",
             "wanted": ["M2"]},
            {"prompt": "CI install step failed on my branch: npm error `npm ci` can only install packages when your "
                       "package.json and package-lock.json or npm-shrinkwrap.json are in sync ... Missing: "
                       "ngx-mask@18.0.3 from lock file. I only added ngx-mask to package.json by hand. fix?",
             "wanted": ["M3"]},
            {"prompt": "bump nx and all the @nx/* packages to 20.0.12 in package.json (lockstep) and rebuild the "
                       "shell docker image to check the build stage",
             "wanted": ["M3"]},
            {"prompt": "whats the practical difference between providedIn: 'root' for a signalStore and putting it "
                       "in the component's providers?",
             "wanted": []},
            {"prompt": "write a short ADR paragraph on why shipments stays on the classic NgRx store while carrier "
                       "settings use signalStore",
             "wanted": []},
            {"prompt": "explain how nx affected picks base and head in our CI workflow (nx-set-shas), in two paragraphs",
             "wanted": []},
            {"prompt": "how should I structure the maplibre depot cluster layer so it doesn't get rebuilt on every "
                       "store emission?",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "angular-nx.jsonl"), os.path.join(HERE, "tune", "angular-nx.labels.json"))
    print(f"angular-nx -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
