"""go-operator: Ines, platform engineer writing tenant-operator (Go, kubebuilder v4 / controller-runtime).

Stack: kubebuilder go/v4 layout (api/v1alpha1, internal/controller, cmd/main.go, config/ kustomize),
controller-gen via `make manifests generate`, envtest + Ginkgo/Gomega via `make test`, the scaffolded
Kind e2e suite (`make test-e2e`), a local kind cluster `tenant-dev`, golangci-lint (`make lint`),
docker buildx images, a hand-written Helm chart in charts/tenant-operator, GitHub Actions + gh, dependabot.

Written blind for fresh/ (see go-operator.md).

    cd bench/reflection/traces && python3 gen_go_operator.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ines"
R = "/home/ines/src/tenant-operator"
MODEL = "claude-opus-4-6"
MOD = "github.com/lumenhq/tenant-operator"
SA = "system:serviceaccount:tenant-operator-system:tenant-operator-controller-manager"

HX = random.Random(7351)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


TYPES = "api/v1alpha1/tenant_types.go"
CTRL = "internal/controller/tenant_controller.go"
E2E = "test/e2e/e2e_test.go"
CHART = "charts/tenant-operator/Chart.yaml"
DOCS = "docs/tenant-api.md"
MAIN = "cmd/main.go"

FILES = {
    P(TYPES): """/*
Copyright 2026 Lumen Platform Team.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
*/

package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TenantSpec defines the desired state of Tenant.
type TenantSpec struct {
	// Owners are the e-mail addresses of the people who own the tenant.
	// +kubebuilder:validation:MinItems=1
	Owners []string `json:"owners"`

	// Quota is applied as a ResourceQuota named tenant-quota in the tenant namespace.
	// +optional
	Quota corev1.ResourceList `json:"quota,omitempty"`
}

// TenantStatus defines the observed state of Tenant.
type TenantStatus struct {
	// Namespace is the namespace provisioned for the tenant.
	// +optional
	Namespace string `json:"namespace,omitempty"`

	// Phase is one of Pending, Ready, Failed.
	// +optional
	Phase string `json:"phase,omitempty"`

	// Message explains a Failed phase.
	// +optional
	Message string `json:"message,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Cluster

// Tenant is the Schema for the tenants API.
type Tenant struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   TenantSpec   `json:"spec,omitempty"`
	Status TenantStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// TenantList contains a list of Tenant.
type TenantList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Tenant `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Tenant{}, &TenantList{})
}
""",
    P(CTRL): """/*
Copyright 2026 Lumen Platform Team.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
*/

package controller

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	platformv1alpha1 "github.com/lumenhq/tenant-operator/api/v1alpha1"
)

// TenantReconciler reconciles a Tenant object
type TenantReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=platform.lumen.dev,resources=tenants,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=platform.lumen.dev,resources=tenants/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=platform.lumen.dev,resources=tenants/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=namespaces,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=resourcequotas,verbs=get;list;watch;create;update;patch;delete

// Reconcile provisions the tenant namespace and its ResourceQuota.
func (r *TenantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	var tenant platformv1alpha1.Tenant
	if err := r.Get(ctx, req.NamespacedName, &tenant); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	nsName := "tenant-" + tenant.Name
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: nsName}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, ns, func() error {
		if ns.Labels == nil {
			ns.Labels = map[string]string{}
		}
		ns.Labels["platform.lumen.dev/tenant"] = tenant.Name
		return controllerutil.SetControllerReference(&tenant, ns, r.Scheme)
	}); err != nil {
		return r.fail(ctx, &tenant, fmt.Errorf("namespace %s: %w", nsName, err))
	}

	if len(tenant.Spec.Quota) > 0 {
		quota := &corev1.ResourceQuota{ObjectMeta: metav1.ObjectMeta{Name: "tenant-quota", Namespace: nsName}}
		if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, quota, func() error {
			quota.Spec.Hard = tenant.Spec.Quota
			return controllerutil.SetControllerReference(&tenant, quota, r.Scheme)
		}); err != nil {
			return r.fail(ctx, &tenant, fmt.Errorf("resource quota: %w", err))
		}
	}

	tenant.Status.Namespace = nsName
	tenant.Status.Phase = "Ready"
	tenant.Status.Message = ""
	if err := r.Status().Update(ctx, &tenant); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		}
		return ctrl.Result{}, err
	}
	log.Info("tenant reconciled", "namespace", nsName)
	return ctrl.Result{}, nil
}

func (r *TenantReconciler) fail(ctx context.Context, tenant *platformv1alpha1.Tenant, err error) (ctrl.Result, error) {
	tenant.Status.Phase = "Failed"
	tenant.Status.Message = err.Error()
	if uerr := r.Status().Update(ctx, tenant); uerr != nil {
		logf.FromContext(ctx).Error(uerr, "status update failed")
	}
	return ctrl.Result{}, err
}

// SetupWithManager sets up the controller with the Manager.
func (r *TenantReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&platformv1alpha1.Tenant{}).
		Owns(&corev1.Namespace{}).
		Owns(&corev1.ResourceQuota{}).
		Named("tenant").
		Complete(r)
}
""",
    P("internal/controller/tenant_controller_test.go"): """package controller

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	platformv1alpha1 "github.com/lumenhq/tenant-operator/api/v1alpha1"
)

var _ = Describe("Tenant Controller", func() {
	ctx := context.Background()

	reconcileTenant := func(name string) {
		r := &TenantReconciler{Client: k8sClient, Scheme: k8sClient.Scheme()}
		_, err := r.Reconcile(ctx, reconcile.Request{NamespacedName: types.NamespacedName{Name: name}})
		Expect(err).NotTo(HaveOccurred())
	}

	It("creates the tenant namespace and quota", func() {
		tenant := &platformv1alpha1.Tenant{
			ObjectMeta: metav1.ObjectMeta{Name: "quota"},
			Spec: platformv1alpha1.TenantSpec{
				Owners: []string{"ops@lumen.dev"},
				Quota:  corev1.ResourceList{corev1.ResourcePods: resource.MustParse("20")},
			},
		}
		Expect(k8sClient.Create(ctx, tenant)).To(Succeed())
		reconcileTenant("quota")

		var ns corev1.Namespace
		Expect(k8sClient.Get(ctx, types.NamespacedName{Name: "tenant-quota"}, &ns)).To(Succeed())
		Expect(ns.Labels).To(HaveKeyWithValue("platform.lumen.dev/tenant", "quota"))

		var q corev1.ResourceQuota
		Expect(k8sClient.Get(ctx, types.NamespacedName{Name: "tenant-quota", Namespace: "tenant-quota"}, &q)).To(Succeed())
		Expect(q.Spec.Hard.Pods().String()).To(Equal("20"))

		Expect(k8sClient.Get(ctx, types.NamespacedName{Name: "quota"}, tenant)).To(Succeed())
		Expect(tenant.Status.Phase).To(Equal("Ready"))
	})
})
""",
    P(MAIN): """	if err = (&controller.TenantReconciler{
		Client: mgr.GetClient(),
		Scheme: mgr.GetScheme(),
	}).SetupWithManager(mgr); err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "Tenant")
		os.Exit(1)
	}
	// +kubebuilder:scaffold:builder

	if metricsCertWatcher != nil {
		setupLog.Info("Adding metrics certificate watcher to manager")
		if err := mgr.Add(metricsCertWatcher); err != nil {
			setupLog.Error(err, "unable to add metrics certificate watcher to manager")
			os.Exit(1)
		}
	}
""",
    P(E2E): """		It("should ensure the metrics endpoint is serving metrics", func() {
			By("creating a ClusterRoleBinding for the service account to allow access to metrics")
			cmd := exec.Command("kubectl", "create", "clusterrolebinding", metricsRoleBindingName,
				"--clusterrole=tenant-operator-metrics-reader",
				fmt.Sprintf("--serviceaccount=%s:%s", namespace, serviceAccountName),
			)
			_, err := utils.Run(cmd)
			Expect(err).NotTo(HaveOccurred(), "Failed to create ClusterRoleBinding")

			By("validating that the metrics service is available")
			cmd = exec.Command("kubectl", "get", "service", metricsServiceName, "-n", namespace)
			_, err = utils.Run(cmd)
			Expect(err).NotTo(HaveOccurred(), "Metrics service should exist")

			By("getting the metrics by checking curl-metrics logs")
			metricsOutput := getMetricsOutput()
			Expect(metricsOutput).To(ContainSubstring(
				"controller_runtime_reconcile_total",
			))
		})

		It("should provision a namespace and quota for a Tenant", func() {
			By("applying a Tenant")
			cmd := exec.Command("kubectl", "apply", "-f", "test/e2e/testdata/tenant-basic.yaml")
			_, err := utils.Run(cmd)
			Expect(err).NotTo(HaveOccurred())

			By("waiting for the tenant namespace")
			Eventually(func(g Gomega) {
				cmd := exec.Command("kubectl", "get", "resourcequota", "tenant-quota", "-n", "tenant-e2e-basic", "-o", "name")
				_, err := utils.Run(cmd)
				g.Expect(err).NotTo(HaveOccurred())
			}, 2*time.Minute, time.Second).Should(Succeed())
		})

		// +kubebuilder:scaffold:e2e-webhooks-checks
	})
})
""",
    P("config/samples/platform_v1alpha1_tenant.yaml"): """apiVersion: platform.lumen.dev/v1alpha1
kind: Tenant
metadata:
  labels:
    app.kubernetes.io/name: tenant-operator
    app.kubernetes.io/managed-by: kustomize
  name: acme
spec:
  owners:
    - platform@lumen.dev
  quota:
    pods: "50"
    requests.cpu: "8"
    requests.memory: 16Gi
""",
    P("hack/dev/tenant-billing.yaml"): """apiVersion: platform.lumen.dev/v1alpha1
kind: Tenant
metadata:
  name: billing
spec:
  owners:
    - ines.duarte@lumen.dev
    - payments-oncall@lumen.dev
  networkIsolation: Namespace
  quota:
    pods: "30"
    requests.cpu: "6"
    requests.memory: 12Gi
""",
    P(CHART): """apiVersion: v2
name: tenant-operator
description: Provisions tenant namespaces, quotas and network policies from Tenant resources
type: application
version: 0.2.0
appVersion: "v0.2.0"
home: https://github.com/lumenhq/tenant-operator
maintainers:
  - name: platform
    email: platform@lumen.dev
""",
    P(DOCS): """# Tenant API (platform.lumen.dev/v1alpha1)

A `Tenant` is cluster-scoped. For a Tenant named `acme` the operator creates the namespace
`tenant-acme`, labels it `platform.lumen.dev/tenant=acme` and applies the quota from `spec.quota`.

```yaml
apiVersion: platform.lumen.dev/v1alpha1
kind: Tenant
metadata:
  name: acme
spec:
  owners: [platform@lumen.dev]
  quota:
    pods: "50"
```

| field | type | notes |
|---|---|---|
| `spec.owners` | `[]string` | required, at least one e-mail |
| `spec.quota` | `ResourceList` | optional, becomes ResourceQuota `tenant-quota` |
""",
    P("config/default/kustomization.yaml"): """namespace: tenant-operator-system
namePrefix: tenant-operator-

resources:
- ../crd
- ../rbac
- ../manager
# [WEBHOOK] To enable webhook, uncomment all the sections with [WEBHOOK] prefix including the one in
# crd/kustomization.yaml
#- ../webhook
# [CERTMANAGER] To enable cert-manager, uncomment all sections with 'CERTMANAGER'. 'WEBHOOK' components are required.
#- ../certmanager
# [PROMETHEUS] To enable prometheus monitor, uncomment all sections with 'PROMETHEUS'.
#- ../prometheus
# [METRICS] Expose the controller manager metrics service.
- metrics_service.yaml

patches:
# [METRICS] The following patch will enable the metrics endpoint using HTTPS and the port :8443.
- path: manager_metrics_patch.yaml
  target:
    kind: Deployment

# [WEBHOOK] To enable webhook, uncomment all the sections with [WEBHOOK] prefix including the one in
# crd/kustomization.yaml
#- path: manager_webhook_patch.yaml
#  target:
#    kind: Deployment
""",
}


# ---------------------------------------------------------------- tool output helpers
CG1 = f'{R}/bin/controller-gen rbac:roleName=manager-role crd webhook paths="./..." output:crd:artifacts:config=config/crd/bases'
CG2 = f'{R}/bin/controller-gen object:headerFile="hack/boilerplate.go.txt" paths="./..."'
GOTEST = f'KUBEBUILDER_ASSETS="{R}/bin/k8s/1.31.0-linux-amd64" go test $(go list ./... | grep -v /e2e) -coverprofile cover.out'


def gen_out():
    return CG1 + "\n" + CG2


def make_test_ok(secs, cov, webhook=False):
    lines = [CG1, CG2, "go fmt ./...", "go vet ./...", "Setting up envtest binaries for Kubernetes version 1.31...", GOTEST,
             f"\t{MOD}/api/v1alpha1\t\tcoverage: 0.0% of statements",
             f"\t{MOD}/cmd\t\tcoverage: 0.0% of statements",
             f"ok  \t{MOD}/internal/controller\t{secs}s\tcoverage: {cov}% of statements"]
    if webhook:
        lines.append(f"ok  \t{MOD}/internal/webhook/v1alpha1\t6.118s\tcoverage: 78.9% of statements")
    lines.append(f"\t{MOD}/test/utils\t\tcoverage: 0.0% of statements")
    return "\n".join(lines)


LINT = f"{R}/bin/golangci-lint run"


def line_of(d, path, needle):
    txt = d.files[P(path)]
    return txt[:txt.index(needle)].count("\n") + 1


def docker_build(tag, cached=True, extra=""):
    h = hx(64)
    go = "CACHED" if cached else "DONE 41.7s"
    return f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 1.31kB done
#1 DONE 0.0s

#2 [internal] load metadata for gcr.io/distroless/static:nonroot
#2 DONE 0.6s

#3 [internal] load metadata for docker.io/library/golang:1.23
#3 DONE 0.7s

#4 [internal] load .dockerignore
#4 transferring context: 2B done
#4 DONE 0.0s

#5 [builder 1/9] FROM docker.io/library/golang:1.23@sha256:{hx(64)}
#5 DONE 0.0s

#6 [internal] load build context
#6 transferring context: 96.12kB 0.0s done
#6 DONE 0.1s

#7 [builder 6/9] RUN go mod download
#7 {go}

#8 [builder 9/9] RUN CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -a -o manager cmd/main.go
#8 DONE 38.4s

#9 [stage-1 2/3] COPY --from=builder /workspace/manager .
#9 DONE 0.1s

#10 exporting to {extra or "image"}
#10 exporting layers 0.4s done
#10 writing image sha256:{h} done
#10 naming to {tag} done
#10 DONE 0.5s"""


def make_deploy(img, crd="unchanged", role="unchanged", webhook=False):
    out = [CG1, f"cd config/manager && {R}/bin/kustomize edit set image controller={img}",
           f"{R}/bin/kustomize build config/default | kubectl apply -f -",
           "namespace/tenant-operator-system unchanged",
           f"customresourcedefinition.apiextensions.k8s.io/tenants.platform.lumen.dev {crd}",
           "serviceaccount/tenant-operator-controller-manager unchanged",
           "role.rbac.authorization.k8s.io/tenant-operator-leader-election-role unchanged",
           f"clusterrole.rbac.authorization.k8s.io/tenant-operator-manager-role {role}",
           "clusterrole.rbac.authorization.k8s.io/tenant-operator-metrics-auth-role unchanged",
           "clusterrole.rbac.authorization.k8s.io/tenant-operator-metrics-reader unchanged",
           "clusterrole.rbac.authorization.k8s.io/tenant-operator-tenant-editor-role unchanged",
           "clusterrole.rbac.authorization.k8s.io/tenant-operator-tenant-viewer-role unchanged",
           "rolebinding.rbac.authorization.k8s.io/tenant-operator-leader-election-rolebinding unchanged",
           "clusterrolebinding.rbac.authorization.k8s.io/tenant-operator-manager-rolebinding unchanged",
           "clusterrolebinding.rbac.authorization.k8s.io/tenant-operator-metrics-auth-rolebinding unchanged",
           "service/tenant-operator-controller-manager-metrics-service unchanged",
           "deployment.apps/tenant-operator-controller-manager configured"]
    return "\n".join(out)


ROLLOUT = """Waiting for deployment "tenant-operator-controller-manager" rollout to finish: 0 of 1 updated replicas are available...
deployment "tenant-operator-controller-manager" successfully rolled out"""


def make_install(state="configured"):
    return (CG1 + f"\n{R}/bin/kustomize build config/crd | kubectl apply -f -\n"
            f"customresourcedefinition.apiextensions.k8s.io/tenants.platform.lumen.dev {state}")


def kind_loaded(img):
    return (f'Image: "{img}" with ID "sha256:{hx(64)}" not yet present on node "tenant-dev-control-plane", loading...')


E2E_HEAD_NEW = """Creating Kind cluster 'tenant-operator-test-e2e'...
Creating cluster "tenant-operator-test-e2e" ...
 • Ensuring node image (kindest/node:v1.31.2) 🖼  ...
 ✓ Ensuring node image (kindest/node:v1.31.2) 🖼
 • Preparing nodes 📦   ...
 ✓ Preparing nodes 📦 
 • Writing configuration 📜  ...
 ✓ Writing configuration 📜
 • Starting control-plane 🕹️  ...
 ✓ Starting control-plane 🕹️
 • Installing CNI 🔌  ...
 ✓ Installing CNI 🔌
 • Installing StorageClass 💾  ...
 ✓ Installing StorageClass 💾
Set kubectl context to "kind-tenant-operator-test-e2e"
You can now use your cluster with:

kubectl cluster-info --context kind-tenant-operator-test-e2e

Have a nice day! 👋"""


def ginkgo_ts(day, hms):
    return f"06/{day}/26 {hms}"


def e2e_body(day, specs, failed=None, total_secs="0", logs=None, fail_detail=None, fail_line=0, it_line=0,
             seed=1750000000):
    """Ginkgo -v output of the e2e suite. specs: list of (title, secs). failed: title of the failing spec."""
    n = len(specs)
    out = [f"=== RUN   TestE2E", "  Starting tenant-operator integration test suite",
           f"Running Suite: e2e suite - {R}/test/e2e",
           "=" * (len(f"Running Suite: e2e suite - {R}/test/e2e")),
           f"Random Seed: {seed}", "", f"Will run {n} of {n} specs", "------------------------------",
           "[BeforeSuite] ", f"{R}/test/e2e/e2e_suite_test.go:52",
           f"  STEP: building the manager(Operator) image @ {ginkgo_ts(day, '10:41:07.311')}",
           '  running: "make docker-build IMG=example.com/tenant-operator:v0.0.1"',
           f"  STEP: loading the manager(Operator) image on Kind @ {ginkgo_ts(day, '10:42:19.870')}",
           '  running: "kind load docker-image --name tenant-operator-test-e2e example.com/tenant-operator:v0.0.1"',
           f"  STEP: checking if cert manager is installed already @ {ginkgo_ts(day, '10:42:31.402')}",
           '  running: "kubectl get crds"',
           f"  STEP: installing CertManager @ {ginkgo_ts(day, '10:42:31.688')}",
           '  running: "kubectl apply -f https://github.com/cert-manager/cert-manager/releases/download/v1.16.3/cert-manager.yaml"',
           '  running: "kubectl wait deployment.apps/cert-manager-webhook --for condition=Available --namespace cert-manager --timeout 5m"',
           "[BeforeSuite] PASSED [84.512 seconds]", "------------------------------",
           "Manager BeforeAll ", f"{R}/test/e2e/e2e_test.go:62",
           f"  STEP: creating manager namespace @ {ginkgo_ts(day, '10:43:01.113')}",
           '  running: "kubectl create ns tenant-operator-system"',
           f"  STEP: installing CRDs @ {ginkgo_ts(day, '10:43:01.402')}",
           '  running: "make install"',
           f"  STEP: deploying the controller-manager @ {ginkgo_ts(day, '10:43:04.877')}",
           '  running: "make deploy IMG=example.com/tenant-operator:v0.0.1"',
           "------------------------------"]
    for title, secs in specs:
        if title == failed:
            out += [f"• [FAILED] [{secs} seconds]", f"Manager [It] {title}", f"{R}/test/e2e/e2e_test.go:{it_line}", "",
                    "  Timeline >>"]
            out += ["  " + l for l in fail_detail["timeline"]]
            out += [f"  [FAILED] in [It] - {R}/test/e2e/e2e_test.go:{fail_line} @ {ginkgo_ts(day, '10:47:12.540')}",
                    f"  STEP: Fetching controller manager pod logs @ {ginkgo_ts(day, '10:47:12.541')}",
                    '  running: "kubectl logs tenant-operator-controller-manager-6f8d9c7b54-k2xwq -n tenant-operator-system"',
                    "  Controller logs:"]
            out += ["   " + l for l in logs]
            out += [f"  STEP: Fetching Kubernetes events @ {ginkgo_ts(day, '10:47:12.702')}",
                    '  running: "kubectl get events -n tenant-operator-system --sort-by=.lastTimestamp"',
                    "  << Timeline", ""]
            out += ["  " + l for l in fail_detail["message"]]
            out += [f"  In [It] at: {R}/test/e2e/e2e_test.go:{fail_line} @ {ginkgo_ts(day, '10:47:12.540')}",
                    "------------------------------"]
        else:
            out += [f"Manager {title}", f"{R}/test/e2e/e2e_test.go:{100 + len(title)}",
                    f"• [{secs} seconds]", "------------------------------"]
    out += ["[AfterSuite] ", f"{R}/test/e2e/e2e_suite_test.go:71",
            f"  STEP: uninstalling CertManager @ {ginkgo_ts(day, '10:47:30.010')}",
            "[AfterSuite] PASSED [9.611 seconds]", "------------------------------", ""]
    if failed:
        out += ["Summarizing 1 Failure:", f"  [FAIL] Manager [It] {failed}", f"  {R}/test/e2e/e2e_test.go:{fail_line}", "",
                f"Ran {n} of {n} Specs in {total_secs} seconds", f"FAIL! -- {n - 1} Passed | 1 Failed | 0 Pending | 0 Skipped",
                f"--- FAIL: TestE2E ({total_secs[:-1]}s)", "FAIL", f"FAIL\t{MOD}/test/e2e\t{total_secs}s", "FAIL"]
    else:
        out += [f"Ran {n} of {n} Specs in {total_secs} seconds", f"SUCCESS! -- {n} Passed | 0 Failed | 0 Pending | 0 Skipped",
                f"--- PASS: TestE2E ({total_secs[:-1]}s)", "PASS", f"ok  \t{MOD}/test/e2e\t{total_secs}s"]
    return "\n".join(out)


def e2e_make(body, new_cluster=True, fail=False):
    head = [E2E_HEAD_NEW if new_cluster else "Kind cluster 'tenant-operator-test-e2e' already exists. Skipping creation.",
            CG1, CG2, "go fmt ./...", "go vet ./...", "KIND_CLUSTER=tenant-operator-test-e2e go test ./test/e2e/ -v -ginkgo.v"]
    tail = []
    if fail:
        tail = ["make: *** [Makefile:75: test-e2e] Error 1"]
    else:
        tail = ["make cleanup-test-e2e", "make[1]: Entering directory '/home/ines/src/tenant-operator'",
                "kind delete cluster --name tenant-operator-test-e2e",
                'Deleting cluster "tenant-operator-test-e2e" ...',
                "Deleted nodes: [\"tenant-operator-test-e2e-control-plane\"]",
                "make[1]: Leaving directory '/home/ines/src/tenant-operator'"]
    return "\n".join(head + [body] + tail)


def mgr_logs(day, extra):
    return [f"2026-06-{day}T10:43:31Z\tINFO\tsetup\tstarting manager",
            f"2026-06-{day}T10:43:31Z\tINFO\tcontroller-runtime.metrics\tStarting metrics server",
            f"2026-06-{day}T10:43:31Z\tINFO\tstarting server\t{{\"name\": \"health probe\", \"addr\": \"[::]:8081\"}}",
            f"I06{day} 10:43:31.902114       1 leaderelection.go:254] attempting to acquire leader lease tenant-operator-system/8f2c51d4.lumen.dev...",
            f"I06{day} 10:43:31.921877       1 leaderelection.go:268] successfully acquired lease tenant-operator-system/8f2c51d4.lumen.dev",
            f"2026-06-{day}T10:43:31Z\tINFO\tStarting EventSource\t{{\"controller\": \"tenant\", \"controllerGroup\": \"platform.lumen.dev\", \"controllerKind\": \"Tenant\", \"source\": \"kind source: *v1alpha1.Tenant\"}}",
            f"2026-06-{day}T10:43:31Z\tINFO\tStarting Controller\t{{\"controller\": \"tenant\", \"controllerGroup\": \"platform.lumen.dev\", \"controllerKind\": \"Tenant\"}}",
            f"2026-06-{day}T10:43:32Z\tINFO\tcontroller-runtime.metrics\tServing metrics server\t{{\"bindAddress\": \":8443\", \"secure\": true}}"] + extra


def forbidden_list(day, res, kind, group, hms):
    grp = group
    return (f'E06{day} {hms}       1 reflector.go:158] "Unhandled Error" err="pkg/mod/k8s.io/client-go@v0.31.2/tools/cache/reflector.go:243: '
            f'Failed to watch *v1.{kind}: failed to list *v1.{kind}: {res}{"." + grp if grp else ""} is forbidden: User \\"{SA}\\" '
            f'cannot list resource \\"{res}\\" in API group \\"{grp}\\" at the cluster scope" logger="UnhandledError"')


def git_push_tag(branch, tag):
    return f"""To github.com:lumenhq/tenant-operator.git
   {hx(7)}..{hx(7)}  {branch} -> {branch}
 * [new tag]         {tag} -> {tag}"""


def git_push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      https://github.com/lumenhq/tenant-operator/pull/new/{branch}        
remote: 
To github.com:lumenhq/tenant-operator.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def sha():
    return hx(7)


def gen():
    d = Dev("go-operator", U, "en", MODEL, seed=20260608, files=FILES)

    # ============================================================ S1  Mon 06-08
    with d.session("2026-06-08T09:10:00", R, branch="main", version="2.1.74"):
        t = d.task("new week, new repo for me. walk me through tenant-operator: what does the Tenant reconciler "
                   "actually create and what does it own?", tags=["noise"])
        t.glob("**/*.go", [P(x) for x in ["api/v1alpha1/groupversion_info.go", TYPES, "api/v1alpha1/zz_generated.deepcopy.go",
                                           MAIN, CTRL, "internal/controller/suite_test.go",
                                           "internal/controller/tenant_controller_test.go", "test/e2e/e2e_suite_test.go",
                                           E2E, "test/utils/utils.go"]])
        t.read(P(TYPES))
        t.read(P(CTRL))
        t.read(P(MAIN))
        t.done("""It's a small kubebuilder (go/v4 layout) operator with one cluster-scoped CRD.

**`Tenant` (platform.lumen.dev/v1alpha1)** — `spec.owners` (≥1 e-mail) and an optional `spec.quota` (a `ResourceList`). Status has `namespace`, `phase` (Pending/Ready/Failed) and `message`.

**`TenantReconciler.Reconcile`** (`internal/controller/tenant_controller.go`):
1. `CreateOrUpdate` the namespace `tenant-<name>`, labelled `platform.lumen.dev/tenant=<name>`, with the Tenant as controller owner.
2. If `spec.quota` is set, `CreateOrUpdate` a ResourceQuota `tenant-quota` in that namespace (also owned).
3. Writes `status.namespace`, `phase=Ready`; any error goes through `fail()` → `phase=Failed` + message.

**Watches:** `For(Tenant)`, `Owns(Namespace)`, `Owns(ResourceQuota)` — deleting the quota by hand gets it recreated, and deleting the Tenant garbage-collects the namespace through the owner reference (no finalizer).

RBAC comes from the `+kubebuilder:rbac` markers above `Reconcile` (tenants, namespaces, resourcequotas). Tests: envtest suite in `internal/controller`, Kind-based e2e in `test/e2e`.""")

        t = d.task("first real change: Tenant status has this Phase string we set to Ready/Failed. I want proper "
                   "conditions instead — []metav1.Condition with a Ready condition set through meta.SetStatusCondition, "
                   "reason + message, observedGeneration. drop the phase and message fields entirely",
                   tags=["pref:P1", "workflow:W1"])
        t.edit(P(TYPES), """	// Phase is one of Pending, Ready, Failed.
	// +optional
	Phase string `json:"phase,omitempty"`

	// Message explains a Failed phase.
	// +optional
	Message string `json:"message,omitempty"`
}""", """	// Conditions represent the latest observations of the tenant's state.
	// The Ready condition is True once the namespace and everything in it are in place.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}""")
        t.edit(P(TYPES), """// +kubebuilder:resource:scope=Cluster
""", """// +kubebuilder:resource:scope=Cluster
// +kubebuilder:printcolumn:name="Namespace",type=string,JSONPath=`.status.namespace`
""")
        t.edit(P(CTRL), """	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1""", """	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1""")
        t.edit(P(CTRL), """	tenant.Status.Namespace = nsName
	tenant.Status.Phase = "Ready"
	tenant.Status.Message = ""
	if err""", """	tenant.Status.Namespace = nsName
	meta.SetStatusCondition(&tenant.Status.Conditions, metav1.Condition{
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		Reason:             "Provisioned",
		Message:            fmt.Sprintf("namespace %s is provisioned", nsName),
		ObservedGeneration: tenant.Generation,
	})
	if err""")
        t.edit(P(CTRL), """	tenant.Status.Phase = "Failed"
	tenant.Status.Message = err.Error()
""", """	meta.SetStatusCondition(&tenant.Status.Conditions, metav1.Condition{
		Type:               "Ready",
		Status:             metav1.ConditionFalse,
		Reason:             "ReconcileError",
		Message:            err.Error(),
		ObservedGeneration: tenant.Generation,
	})
""")
        tt = P("internal/controller/tenant_controller_test.go")
        t.read(tt)
        t.edit(tt, """		Expect(tenant.Status.Phase).To(Equal("Ready"))""", """		ready := meta.FindStatusCondition(tenant.Status.Conditions, "Ready")
		Expect(ready).NotTo(BeNil())
		Expect(ready.Status).To(Equal(metav1.ConditionTrue))
		Expect(ready.Reason).To(Equal("Provisioned"))
		Expect(ready.ObservedGeneration).To(Equal(tenant.Generation))""")
        t.edit(tt, """	"k8s.io/apimachinery/pkg/api/resource"
""", """	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/resource"
""")
        t.bash("make manifests generate", "Regenerate CRD, RBAC and deepcopy", out=gen_out())
        t.bash("git diff --stat", "See what the generators touched", out=""" api/v1alpha1/tenant_types.go                       | 16 +++++------
 api/v1alpha1/zz_generated.deepcopy.go              |  9 +++++-
 config/crd/bases/platform.lumen.dev_tenants.yaml   | 77 ++++++++++++++++++++--
 internal/controller/tenant_controller.go           | 20 ++++++--
 internal/controller/tenant_controller_test.go      |  7 +++-
 5 files changed, 109 insertions(+), 20 deletions(-)""")
        t.bash("make test", "Run the envtest suite", out=make_test_ok("8.904", "69.8"), timeout=600000)
        t.bash("make lint", "Run golangci-lint", out=LINT, timeout=300000)
        t.done("""Status now carries conditions only:

- `TenantStatus.Phase` and `.Message` are gone; `Conditions []metav1.Condition` (`listType=map`, key `type`) replaces them.
- The reconciler sets `Ready=True` / reason `Provisioned` after the namespace and quota are in place, and `fail()` sets `Ready=False` / `ReconcileError` with the error as message — both via `meta.SetStatusCondition` with `ObservedGeneration`.
- Added a `Namespace` printer column so `kubectl get tenants` still shows something useful.
- CRD + deepcopy regenerated (`make manifests generate`), the test asserts the condition instead of the phase. `make test` green (69.8% coverage in the controller package), `make lint` clean.

Heads-up: this is a breaking change of the v1alpha1 status schema; anything reading `.status.phase` (dashboards, scripts) needs to switch to `.status.conditions[?(@.type=="Ready")].status`.""")

        t = d.task("quick q, no code: when should I use Owns() vs Watches() with EnqueueRequestsFromMapFunc? "
                   "we'll need the second for something that isn't owned by the Tenant I think", tags=["noise", "no_tools"])
        t.done("""**`Owns(&X{})`** — when the Tenant is the *controller owner* of X (ownerReference with `controller: true`). controller-runtime maps every event on X to its owner's request. That's your namespace and ResourceQuota today. Free, correct, and it also gives you GC on delete.

**`Watches(&X{}, handler.EnqueueRequestsFromMapFunc(fn))`** — when X is *not* owned by the Tenant, or is related by something other than an owner reference:
- objects you can't own: cluster-scoped things owned by someone else, objects other teams create in the tenant namespace;
- one object affecting many Tenants (e.g. a shared `TenantClass`/ConfigMap — map one event to N requests by listing Tenants that reference it, ideally through a field index);
- relations by label: map `platform.lumen.dev/tenant=<name>` → request for `<name>`.

Two practical notes:
- Every `Owns`/`Watches` starts an informer that lists/watches **that type cluster-wide**, so the manager needs `list`/`watch` RBAC on it at cluster scope, and memory grows with the number of those objects. For something chatty (Pods, Events) consider `builder.WithPredicates` or a metadata-only watch (`builder.OnlyMetadata`).
- Cluster-scoped owner → namespaced child is fine (what you have now); the reverse is not allowed.""")

    # ============================================================ S2  Wed 06-10
    with d.session("2026-06-10T13:30:00", R, branch="feat/network-isolation", version="2.1.75"):
        t = d.task("add spec.networkIsolation to Tenant: enum None | Namespace, default None. only the API for now, "
                   "the NetworkPolicy part comes later. then put an isolated sample on my kind cluster so I can see "
                   "the field is accepted", tags=["mistake:M1"])
        t.read(P(TYPES), offset=14, limit=14)
        t.edit(P(TYPES), """	// Quota is applied as a ResourceQuota named tenant-quota in the tenant namespace.
	// +optional
	Quota corev1.ResourceList `json:"quota,omitempty"`
}""", """	// Quota is applied as a ResourceQuota named tenant-quota in the tenant namespace.
	// +optional
	Quota corev1.ResourceList `json:"quota,omitempty"`

	// NetworkIsolation controls the network policies in the tenant namespace.
	// None leaves traffic alone; Namespace only allows traffic from inside the namespace.
	// +kubebuilder:validation:Enum=None;Namespace
	// +kubebuilder:default=None
	// +optional
	NetworkIsolation NetworkIsolationMode `json:"networkIsolation,omitempty"`
}

// NetworkIsolationMode is the network isolation level of a tenant namespace.
type NetworkIsolationMode string

const (
	NetworkIsolationNone      NetworkIsolationMode = "None"
	NetworkIsolationNamespace NetworkIsolationMode = "Namespace"
)""")
        t.bash("make manifests generate", "Regenerate CRD and deepcopy", out=gen_out())
        t.bash("grep -n -A8 'networkIsolation:' config/crd/bases/platform.lumen.dev_tenants.yaml",
               "Check the generated schema", out="""56:              networkIsolation:
57-                default: None
58-                description: |-
59-                  NetworkIsolation controls the network policies in the tenant namespace.
60-                  None leaves traffic alone; Namespace only allows traffic from inside the namespace.
61-                enum:
62-                - None
63-                - Namespace""")
        sample = "config/samples/platform_v1alpha1_tenant_isolated.yaml"
        t.write(P(sample), """apiVersion: platform.lumen.dev/v1alpha1
kind: Tenant
metadata:
  labels:
    app.kubernetes.io/name: tenant-operator
    app.kubernetes.io/managed-by: kustomize
  name: acme-isolated
spec:
  owners:
    - platform@lumen.dev
  networkIsolation: Namespace
  quota:
    pods: "20"
""")
        t.bash("kubectl config current-context", "Check which cluster kubectl points at", out="kind-tenant-dev")
        t.fail(f"kubectl apply -f {sample}", "Apply the isolated sample",
               f'Error from server (BadRequest): error when creating "{sample}": Tenant in version "v1alpha1" cannot be '
               f'handled as a Tenant: strict decoding error: unknown field "spec.networkIsolation"')
        t.say("The API server still has the old CRD — the schema on the cluster doesn't know `networkIsolation`, and "
              "kubectl's strict field validation rejects it. Installing the regenerated CRD first.")
        t.bash("make install", "Install the regenerated CRDs into the kind cluster", out=make_install())
        t.bash(f"kubectl apply -f {sample}", "Apply the isolated sample again",
               out="tenant.platform.lumen.dev/acme-isolated created")
        t.bash("kubectl get tenant acme-isolated -o jsonpath='{.spec.networkIsolation}{\"\\n\"}' && "
               "kubectl get tenant acme -o jsonpath='{.spec.networkIsolation}{\"\\n\"}'",
               "Check the new field and the default on an existing tenant", out="Namespace\nNone")
        t.done(f"""`spec.networkIsolation` is in: `NetworkIsolationMode` enum (`None` | `Namespace`), default `None`, optional. CRD and deepcopy regenerated.

On kind: the first apply failed with `strict decoding error: unknown field "spec.networkIsolation"` because the cluster still had the previous CRD. `make install` pushed the regenerated CRD, after which `{sample}` applied fine. `acme-isolated` shows `Namespace`; the existing `acme` reads back `None` (defaulting is applied on read).

Nothing acts on the field yet — the controller running in the cluster is the old build anyway.""")

        t = d.task("now build this branch and run it in my kind cluster instead of the old controller image",
                   tags=["mistake:M3"])
        t.bash("make docker-build IMG=tenant-operator:dev", "Build the controller image",
               out="docker build -t tenant-operator:dev .", err=docker_build("docker.io/library/tenant-operator:dev"),
               timeout=600000)
        t.fail("kind load docker-image tenant-operator:dev", "Load the image into the kind cluster",
               'ERROR: no nodes found for cluster "kind"')
        t.say("kind looked for its default cluster name `kind`. Checking what the cluster is called.")
        t.bash("kind get clusters", "List kind clusters", out="tenant-dev")
        t.bash("kind load docker-image tenant-operator:dev --name tenant-dev", "Load the image into tenant-dev",
               out=kind_loaded("tenant-operator:dev"), timeout=300000)
        t.bash("make deploy IMG=tenant-operator:dev", "Deploy the controller with the dev image",
               out=make_deploy("tenant-operator:dev"), timeout=300000)
        t.bash("kubectl -n tenant-operator-system rollout status deploy/tenant-operator-controller-manager --timeout=120s",
               "Wait for the rollout", out=ROLLOUT, timeout=180000)
        t.bash("kubectl get tenants", "Check the tenants reconcile with the new build", out="""NAME            NAMESPACE
acme            tenant-acme
acme-isolated   tenant-acme-isolated
billing         tenant-billing""")
        t.done("""The dev build is running in `tenant-dev`:

- `make docker-build IMG=tenant-operator:dev`
- `kind load docker-image tenant-operator:dev --name tenant-dev` — without `--name` kind looks for a cluster called `kind` ("no nodes found for cluster \\"kind\\"").
- `make deploy IMG=tenant-operator:dev`, rollout finished.

All three tenants show their namespace in the new printer column, so the conditions-based status is being written by the new controller.""")

        t = d.task("owners should be unique. add validation in the CRD with CEL (XValidation marker) — we do validation "
                   "in the schema, I don't want an admission webhook and cert-manager in every cluster for this. "
                   "check the kubebuilder docs for the marker syntax first", tags=["pref:P3", "webfetch", "oneoff:O2"])
        t.webfetch("https://book.kubebuilder.io/reference/markers/crd-validation",
                   "Syntax of the XValidation marker (rule, message, fieldPath) and any notes on cost limits",
                   """`+kubebuilder:validation:XValidation` — marks a field as requiring a CEL validation rule. Arguments: `rule` (string, the CEL expression), `message` (string, optional), `messageExpression` (optional), `reason` (optional: FieldValueInvalid, FieldValueForbidden, FieldValueRequired, FieldValueDuplicate), `fieldPath` (optional). Applies to fields and types. Example: `// +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.maxReplicas",message="min must not exceed max"`.

Related markers: `MaxItems`, `MinItems`, `MaxLength`, `items:MaxLength`, `UniqueItems` (not supported by Kubernetes for CRDs — use `listType=set` instead).

The page does not document cost limits; the API server estimates the cost of each rule from the declared bounds of the data (maxItems, maxLength, maxProperties) and rejects rules whose worst case exceeds the per-expression budget.""")
        t.edit(P(TYPES), """	// Owners are the e-mail addresses of the people who own the tenant.
	// +kubebuilder:validation:MinItems=1
	Owners []string `json:"owners"`""", """	// Owners are the e-mail addresses of the people who own the tenant.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:XValidation:rule="self.all(o, self.exists_one(p, p == o))",message="owners must be unique"
	Owners []string `json:"owners"`""")
        cost = ('unable to install CRDs onto control plane: unable to create CRD instances: unable to create CRD '
                '"tenants.platform.lumen.dev": CustomResourceDefinition.apiextensions.k8s.io "tenants.platform.lumen.dev" '
                'is invalid: spec.validation.openAPIV3Schema.properties[spec].properties[owners].x-kubernetes-validations[0].rule: '
                'Forbidden: estimated rule cost exceeds budget by factor of 2.3x (try simplifying the rule, or adding maxItems, '
                'maxProperties, and maxLength where arrays, maps, and strings are declared)')
        t.fail("make test", "Run the envtest suite", "\n".join([CG1, CG2, "go fmt ./...", "go vet ./...",
               "Setting up envtest binaries for Kubernetes version 1.31...", GOTEST,
               f"\t{MOD}/api/v1alpha1\t\tcoverage: 0.0% of statements",
               f"\t{MOD}/cmd\t\tcoverage: 0.0% of statements",
               "Running Suite: Controller Suite - " + R + "/internal/controller",
               "=" * len("Running Suite: Controller Suite - " + R + "/internal/controller"),
               "Random Seed: 1749562931", "", "Will run 1 of 1 specs",
               "------------------------------", "[BeforeSuite] [FAILED] [1.874 seconds]", "[BeforeSuite] ",
               f"{R}/internal/controller/suite_test.go:59", "", "  Timeline >>",
               "  STEP: bootstrapping test environment @ 06/10/26 15:02:11.204",
               f"  [FAILED] in [BeforeSuite] - {R}/internal/controller/suite_test.go:76 @ 06/10/26 15:02:13.071",
               "  << Timeline", "", "  [FAILED] Unexpected error:", "      <*fmt.wrapError | 0xc000512340>: ",
               "      " + cost, "      {", "          msg: \"" + cost[:60] + "...\",", "          err: <*errors.StatusError | 0xc0004a6280>{...},",
               "      }", "  occurred", f"  In [BeforeSuite] at: {R}/internal/controller/suite_test.go:76 @ 06/10/26 15:02:13.071",
               "------------------------------", "", "Summarizing 1 Failure:", "  [FAIL] [BeforeSuite] ",
               f"  {R}/internal/controller/suite_test.go:76", "", "Ran 0 of 1 Specs in 1.875 seconds",
               "FAIL! -- A BeforeSuite node failed so all tests were skipped.", "--- FAIL: TestControllers (1.88s)", "FAIL",
               "coverage: 2.1% of statements", f"FAIL\t{MOD}/internal/controller\t1.941s",
               f"\t{MOD}/test/utils\t\tcoverage: 0.0% of statements", "FAIL",
               "make: *** [Makefile:68: test] Error 1"]), code=2, timeout=600000)
        t.say("envtest's API server rejects the CRD: `owners` has no maxItems and its strings no maxLength, so the "
              "worst-case cost of the nested `exists_one` is unbounded. Adding bounds (20 owners, 254-char e-mails).")
        t.edit(P(TYPES), """	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:XValidation""", """	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=20
	// +kubebuilder:validation:items:MaxLength=254
	// +kubebuilder:validation:XValidation""")
        t.bash("make test", "Run the envtest suite", out=make_test_ok("8.713", "69.8"), timeout=600000)
        t.done("""`spec.owners` now has a CEL rule in the CRD: `self.all(o, self.exists_one(p, p == o))` with message "owners must be unique" — no webhook involved.

First `make test` failed in BeforeSuite: envtest's API server refused the CRD with `estimated rule cost exceeds budget by factor of 2.3x`. The rule is O(n²) over a list with no declared bounds, so the estimate assumes the maximum request size. Fixed by bounding the list: `MaxItems=20`, `items:MaxLength=254`. With that the CRD installs and the suite passes.

(Side note from the docs: `listType=set` would also enforce uniqueness natively, but it changes the merge semantics of the field for server-side apply, so I kept the explicit rule with a readable message.)""")

    # ============================================================ S3  Fri 06-12
    with d.session("2026-06-12T10:05:00", R, branch="feat/network-isolation", version="2.1.76"):
        t = d.task("implement networkIsolation=Namespace: a default-deny-ingress NetworkPolicy named default-deny in the "
                   "tenant namespace that still allows traffic from the same namespace. owned by the Tenant. report it "
                   "as a NetworkPolicyReady condition — same rule as before, status is conditions only, no phase-like "
                   "strings. envtest test + an e2e spec, then run the e2e", tags=["mistake:M2", "pref:P1"])
        t.read(P(CTRL))
        np = "internal/controller/networkpolicy.go"
        t.write(P(np), """package controller

import (
	"context"

	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	platformv1alpha1 "github.com/lumenhq/tenant-operator/api/v1alpha1"
)

const defaultDenyName = "default-deny"

// reconcileNetworkPolicy makes the default-deny policy match spec.networkIsolation.
func (r *TenantReconciler) reconcileNetworkPolicy(ctx context.Context, tenant *platformv1alpha1.Tenant, ns string) error {
	np := &networkingv1.NetworkPolicy{ObjectMeta: metav1.ObjectMeta{Name: defaultDenyName, Namespace: ns}}
	if tenant.Spec.NetworkIsolation != platformv1alpha1.NetworkIsolationNamespace {
		return client.IgnoreNotFound(r.Delete(ctx, np))
	}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, np, func() error {
		np.Spec = networkingv1.NetworkPolicySpec{
			PodSelector: metav1.LabelSelector{},
			PolicyTypes: []networkingv1.PolicyType{networkingv1.PolicyTypeIngress},
			Ingress: []networkingv1.NetworkPolicyIngressRule{{
				From: []networkingv1.NetworkPolicyPeer{{PodSelector: &metav1.LabelSelector{}}},
			}},
		}
		return controllerutil.SetControllerReference(tenant, np, r.Scheme)
	})
	return err
}
""")
        t.edit(P(CTRL), """	tenant.Status.Namespace = nsName
""", """	if err := r.reconcileNetworkPolicy(ctx, &tenant, nsName); err != nil {
		meta.SetStatusCondition(&tenant.Status.Conditions, metav1.Condition{
			Type: "NetworkPolicyReady", Status: metav1.ConditionFalse, Reason: "ApplyFailed",
			Message: err.Error(), ObservedGeneration: tenant.Generation,
		})
		return r.fail(ctx, &tenant, fmt.Errorf("network policy: %w", err))
	}
	meta.SetStatusCondition(&tenant.Status.Conditions, metav1.Condition{
		Type: "NetworkPolicyReady", Status: metav1.ConditionTrue, Reason: string(tenant.Spec.NetworkIsolation),
		ObservedGeneration: tenant.Generation,
	})

	tenant.Status.Namespace = nsName
""")
        t.edit(P(CTRL), """		Owns(&corev1.ResourceQuota{}).
""", """		Owns(&corev1.ResourceQuota{}).
		Owns(&networkingv1.NetworkPolicy{}).
""")
        t.edit(P(CTRL), """	corev1 "k8s.io/api/core/v1"
	apierrors""", """	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors""")
        npt = "internal/controller/networkpolicy_test.go"
        t.write(P(npt), """package controller

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	platformv1alpha1 "github.com/lumenhq/tenant-operator/api/v1alpha1"
)

var _ = Describe("Tenant network isolation", func() {
	It("creates default-deny for networkIsolation=Namespace and reports NetworkPolicyReady", func() {
		tenant := &platformv1alpha1.Tenant{
			ObjectMeta: metav1.ObjectMeta{Name: "iso"},
			Spec: platformv1alpha1.TenantSpec{
				Owners:           []string{"ops@lumen.dev"},
				NetworkIsolation: platformv1alpha1.NetworkIsolationNamespace,
			},
		}
		Expect(k8sClient.Create(ctx, tenant)).To(Succeed())
		r := &TenantReconciler{Client: k8sClient, Scheme: k8sClient.Scheme()}
		_, err := r.Reconcile(ctx, reconcile.Request{NamespacedName: types.NamespacedName{Name: "iso"}})
		Expect(err).NotTo(HaveOccurred())

		var policies networkingv1.NetworkPolicyList
		Expect(k8sClient.List(ctx, &policies, client.InNamespace("tenant-iso"))).To(Succeed())
		Expect(len(policies.Items)).To(Equal(1))
		Expect(policies.Items[0].Name).To(Equal("default-deny"))

		Expect(k8sClient.Get(ctx, types.NamespacedName{Name: "iso"}, tenant)).To(Succeed())
		Expect(meta.IsStatusConditionTrue(tenant.Status.Conditions, "NetworkPolicyReady")).To(BeTrue())
	})
})
""")
        t.bash("make test", "Run the envtest suite", out=make_test_ok("9.412", "72.6"), timeout=600000)
        t.read(P(E2E))
        t.edit(P(E2E), """		// +kubebuilder:scaffold:e2e-webhooks-checks
""", """		It("should create a default-deny NetworkPolicy for networkIsolation=Namespace", func() {
			By("applying an isolated Tenant")
			cmd := exec.Command("kubectl", "apply", "-f", "test/e2e/testdata/tenant-isolated.yaml")
			_, err := utils.Run(cmd)
			Expect(err).NotTo(HaveOccurred())

			By("waiting for the default-deny NetworkPolicy")
			Eventually(func(g Gomega) {
				cmd := exec.Command("kubectl", "get", "networkpolicy", "default-deny", "-n", "tenant-e2e-iso", "-o", "name")
				_, err := utils.Run(cmd)
				g.Expect(err).NotTo(HaveOccurred())
			}, 2*time.Minute, time.Second).Should(Succeed())
		})

		// +kubebuilder:scaffold:e2e-webhooks-checks
""")
        t.write(P("test/e2e/testdata/tenant-isolated.yaml"), """apiVersion: platform.lumen.dev/v1alpha1
kind: Tenant
metadata:
  name: e2e-iso
spec:
  owners: [e2e@lumen.dev]
  networkIsolation: Namespace
""")
        it_line = line_of(d, E2E, 'It("should create a default-deny')
        ev_line = line_of(d, E2E, '"networkpolicy", "default-deny"') + 3
        specs = [("should run successfully", "2.318"), ("should ensure the metrics endpoint is serving metrics", "21.904"),
                 ("should provision a namespace and quota for a Tenant", "3.117"),
                 ("should create a default-deny NetworkPolicy for networkIsolation=Namespace", "120.006")]
        logs = mgr_logs("12", [
            forbidden_list("12", "networkpolicies", "NetworkPolicy", "networking.k8s.io", "10:43:32.771204"),
            forbidden_list("12", "networkpolicies", "NetworkPolicy", "networking.k8s.io", "10:43:34.102877"),
            forbidden_list("12", "networkpolicies", "NetworkPolicy", "networking.k8s.io", "10:44:39.518830"),
            "2026-06-12T10:45:31Z\tERROR\tCould not wait for Cache to sync\t{\"controller\": \"tenant\", \"controllerGroup\": \"platform.lumen.dev\", \"controllerKind\": \"Tenant\", \"error\": \"failed to wait for tenant caches to sync kind source: *v1.NetworkPolicy: timed out waiting for cache to be synced for Kind *v1.NetworkPolicy\"}"])
        detail = {"timeline": [f"STEP: applying an isolated Tenant @ 06/12/26 10:45:12.530",
                               '  running: "kubectl apply -f test/e2e/testdata/tenant-isolated.yaml"',
                               f"STEP: waiting for the default-deny NetworkPolicy @ 06/12/26 10:45:12.688",
                               '  running: "kubectl get networkpolicy default-deny -n tenant-e2e-iso -o name"'],
                  "message": ["[FAILED] Timed out after 120.001s.",
                              f"The function passed to Eventually failed at {R}/test/e2e/e2e_test.go:{ev_line - 1} with:",
                              "Expected success, but got an error:",
                              "    <*errors.errorString | 0xc0002f4b30>: ",
                              '    kubectl get networkpolicy default-deny -n tenant-e2e-iso -o name failed with error: (exit status 1) Error from server (NotFound): namespaces "tenant-e2e-iso" not found',
                              "    {",
                              '        s: "kubectl get networkpolicy default-deny -n tenant-e2e-iso -o name failed with error: (exit status 1) Error from server (NotFound): namespaces \\"tenant-e2e-iso\\" not found\\n",',
                              "    }"]}
        t.fail("make test-e2e", "Run the Kind e2e suite",
               e2e_make(e2e_body("12", specs, failed=specs[3][0], total_secs="318.466", logs=logs, fail_detail=detail,
                                 fail_line=ev_line, it_line=it_line, seed=1750238410), new_cluster=True, fail=True),
               code=2, timeout=1200000)
        t.say("The manager's service account can't list NetworkPolicies cluster-wide, so the new `Owns(NetworkPolicy)` "
              "informer never syncs and the tenant controller never starts. envtest runs as admin, which is why `make test` "
              "passed. The RBAC marker for networkpolicies is missing; adding it next to the others.")
        t.edit(P(CTRL), """// +kubebuilder:rbac:groups=core,resources=resourcequotas,verbs=get;list;watch;create;update;patch;delete
""", """// +kubebuilder:rbac:groups=core,resources=resourcequotas,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=networking.k8s.io,resources=networkpolicies,verbs=get;list;watch;create;update;patch;delete
""")
        t.bash("make manifests && git diff --stat config/rbac", "Regenerate the ClusterRole",
               out=CG1 + "\n config/rbac/role.yaml | 12 ++++++++++++\n 1 file changed, 12 insertions(+)")
        t.bash("make test-e2e", "Re-run the Kind e2e suite",
               out=e2e_make(e2e_body("12", [(a, b if a != specs[3][0] else "4.882") for a, b in specs], total_secs="201.733",
                                     seed=1750239377), new_cluster=False), timeout=1200000)
        t.done("""`networkIsolation: Namespace` now produces a `default-deny` NetworkPolicy in the tenant namespace (ingress only from pods in the same namespace); switching back to `None` deletes it. It's owned by the Tenant and watched via `Owns(&networkingv1.NetworkPolicy{})`. The outcome is a `NetworkPolicyReady` condition (reason = the isolation mode, or `ApplyFailed`), no extra status strings.

The first e2e run timed out on the new spec. The controller logs showed `networkpolicies.networking.k8s.io is forbidden: User "system:serviceaccount:tenant-operator-system:tenant-operator-controller-manager" cannot list resource "networkpolicies"` — the new watch had no RBAC, so the cache never synced. envtest doesn't enforce RBAC, so `make test` couldn't catch it. Added
`// +kubebuilder:rbac:groups=networking.k8s.io,resources=networkpolicies,verbs=get;list;watch;create;update;patch;delete`, ran `make manifests` (role.yaml +12 lines), and the e2e suite passed 4/4.""")

        t = d.task("lint before I push pls", tags=["oneoff:O1"])
        ln = line_of(d, npt, "Expect(len(policies.Items)).To(Equal(1))")
        t.fail("make lint", "Run golangci-lint", f"""{LINT}
{npt}:{ln}:3: ginkgolinter: wrong length assertion. Consider using `Expect(policies.Items).To(HaveLen(1))` instead (ginkgolinter)
		Expect(len(policies.Items)).To(Equal(1))
		^
1 issues:
* ginkgolinter: 1
make: *** [Makefile:130: lint] Error 1""", code=2, timeout=300000)
        t.edit(P(npt), "		Expect(len(policies.Items)).To(Equal(1))", "		Expect(policies.Items).To(HaveLen(1))")
        t.bash("make lint", "Re-run golangci-lint", out=LINT, timeout=300000)
        t.bash("make test", "Make sure the suite still passes", out=make_test_ok("9.377", "72.6"), timeout=600000)
        c = sha()
        t.bash('git add -A && git commit -m "feat: default-deny NetworkPolicy for networkIsolation=Namespace"',
               "Commit", out=f"""[feat/network-isolation {c}] feat: default-deny NetworkPolicy for networkIsolation=Namespace
 10 files changed, 214 insertions(+), 9 deletions(-)
 create mode 100644 internal/controller/networkpolicy.go
 create mode 100644 internal/controller/networkpolicy_test.go
 create mode 100644 test/e2e/testdata/tenant-isolated.yaml""")
        t.bash("git push -u origin feat/network-isolation", "Push the branch", err=git_push_new("feat/network-isolation"))
        t.done("`make lint` flagged one ginkgolinter issue in the new test (`Expect(len(x)).To(Equal(1))` → "
               "`Expect(policies.Items).To(HaveLen(1))`); fixed, lint clean, tests still green. Committed and pushed "
               "`feat/network-isolation`.")

        t = d.task("add a section on networkIsolation to docs/tenant-api.md so app teams know what they get",
                   tags=["noise"])
        t.read(P(DOCS))
        t.edit(P(DOCS), """| `spec.quota` | `ResourceList` | optional, becomes ResourceQuota `tenant-quota` |
""", """| `spec.quota` | `ResourceList` | optional, becomes ResourceQuota `tenant-quota` |
| `spec.networkIsolation` | `None` \\| `Namespace` | optional, default `None` |

## Network isolation

### Why

Tenant namespaces share one cluster network. By default every pod can reach every other pod in every
namespace, which is fine for development clusters but not what most teams expect in shared staging
and production clusters. `spec.networkIsolation` lets a tenant opt into isolation without writing
NetworkPolicies by hand.

### Modes

- **`None`** (default): the operator creates no policy. If a `default-deny` policy created by an earlier
  `Namespace` setting exists, it is deleted.
- **`Namespace`**: the operator creates a NetworkPolicy `default-deny` in `tenant-<name>`. It selects all
  pods and only allows ingress from pods in the same namespace. Egress is not restricted.

### What this means for your workloads

- Ingress controllers live in `ingress-nginx`, so traffic from the ingress is **blocked** under
  `Namespace` unless you add your own policy that allows it. Example:

```yaml
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-ingress-nginx
spec:
  podSelector: {}
  ingress:
    - from:
        - namespaceSelector:
            matchLabels:
              kubernetes.io/metadata.name: ingress-nginx
```

- Prometheus scrapes from `monitoring`; add a similar policy for the metrics port.
- Policies are additive: your own policies are combined with `default-deny`, you never need to edit it.
- Do not edit or delete `default-deny`; the operator owns it and will recreate it.

### Status

The Tenant reports a `NetworkPolicyReady` condition. `True` with reason `Namespace` or `None` means the
desired state is applied; `False` with reason `ApplyFailed` carries the API error in the message.

```console
$ kubectl get tenant acme -o jsonpath='{.status.conditions[?(@.type=="NetworkPolicyReady")]}'
```

### Switching modes

Changing `spec.networkIsolation` takes effect on the next reconcile (seconds). Switching from `Namespace`
to `None` removes the policy; no pods are restarted in either direction.

### FAQ

- *Does this restrict egress?* No.
- *Can I isolate only some pods?* Not through the Tenant; write your own NetworkPolicy.
- *Does it work on every CNI?* It needs a CNI that enforces NetworkPolicy (Calico on our clusters; kind's
  default kindnet does since kind 0.24).
""")
        t.done("Added `spec.networkIsolation` to the field table and a \"Network isolation\" section to "
               "`docs/tenant-api.md`: why, the two modes, what it means for ingress/Prometheus traffic with an example "
               "allow policy, the `NetworkPolicyReady` condition, switching modes and a short FAQ.")

    # ============================================================ S4  Tue 06-16
    with d.session("2026-06-16T09:40:00", R, branch="main", version="2.1.77", end_reason="other"):
        t = d.task("dependabot #41 (controller-runtime 0.19.1 -> 0.19.3). check it out, make sure go.mod/go.sum are "
                   "tidy and tests pass, then approve and squash it", tags=["workflow:W3", "flaky:F2"])
        br = "dependabot/go_modules/sigs.k8s.io/controller-runtime-0.19.3"
        t.bash("gh pr checkout 41", "Check out the dependabot PR", err=f"""From github.com:lumenhq/tenant-operator
 * [new ref]         refs/pull/41/head -> {br}
Switched to branch '{br}'""")
        tidy = "go mod tidy && git status --short"
        t.fail(tidy, "Tidy the module", f"""go: downloading sigs.k8s.io/controller-runtime v0.19.3
go: sigs.k8s.io/controller-runtime@v0.19.3: verifying module: sigs.k8s.io/controller-runtime@v0.19.3: Get "https://sum.golang.org/lookup/sigs.k8s.io/controller-runtime@v0.19.3": dial tcp 142.251.36.17:443: i/o timeout""")
        t.bash(tidy, "Tidy the module", out="")
        t.bash("make test", "Run the envtest suite", out=make_test_ok("9.208", "72.6"), timeout=600000)
        t.bash('gh pr review 41 --approve --body "go.mod/go.sum tidy, envtest green locally."', "Approve the PR",
               out="✓ Approved pull request lumenhq/tenant-operator#41")
        t.bash("gh pr merge 41 --squash --delete-branch", "Squash-merge the PR",
               out="""✓ Squashed and merged pull request lumenhq/tenant-operator#41 (Bump sigs.k8s.io/controller-runtime from 0.19.1 to 0.19.3)
✓ Deleted local branch dependabot/go_modules/sigs.k8s.io/controller-runtime-0.19.3 and switched to branch main
✓ Deleted remote branch dependabot/go_modules/sigs.k8s.io/controller-runtime-0.19.3""")
        t.done("#41 is merged (squash). `go mod tidy` left nothing to change (the first attempt timed out reaching "
               "sum.golang.org, the retry went through), `make test` green, approved and merged; you're back on `main`.")

        t = d.task("security wants a govulncheck run on the operator before we cut 0.3.0. run it", tags=["unfixed:U2"])
        t.fail("go run golang.org/x/vuln/cmd/govulncheck@latest ./...", "Run govulncheck", """=== Symbol Results ===

Vulnerability #1: GO-2026-4187
    Excessive memory use when merging crafted JSON patches in
    github.com/evanphx/json-patch/v5
  More info: https://pkg.go.dev/vuln/GO-2026-4187
  Module: github.com/evanphx/json-patch/v5
    Found in: github.com/evanphx/json-patch/v5@v5.9.0
    Fixed in: N/A
    Example traces found:
      #1: internal/controller/tenant_controller.go:52:47: controller.TenantReconciler.Reconcile calls controllerutil.CreateOrUpdate, which eventually calls jsonpatch.MergeMergePatches

Your code is affected by 1 vulnerability from 1 module.
This scan also found 0 vulnerabilities in packages you import and 2
vulnerabilities in modules you require, but your code doesn't appear to call
these vulnerabilities.
Use '-show verbose' for more details.""", code=3, timeout=300000)
        t.bash("go mod why -m github.com/evanphx/json-patch/v5", "See why the module is in the build",
               out="""# github.com/evanphx/json-patch/v5
github.com/lumenhq/tenant-operator/internal/controller
sigs.k8s.io/controller-runtime/pkg/client
github.com/evanphx/json-patch/v5""")
        t.done("""govulncheck reports one reachable vulnerability and it has **no fix yet**:

- **GO-2026-4187** in `github.com/evanphx/json-patch/v5@v5.9.0` ("Fixed in: N/A"). We don't import it directly — controller-runtime's client does, and our `CreateOrUpdate` calls reach it.
- 2 more advisories are in required modules but not reachable from our code.

Nothing to bump today. Options for security: accept it for 0.3.0 (the input is our own objects, not user-supplied patches), and re-run when a fixed json-patch and a controller-runtime release picking it up are out. I haven't changed anything.""")

        t = d.task("ok cut v0.3.0: chart version + appVersion, lint the chart, tag, push, and watch the release "
                   "workflow. show me the log since v0.2.0 first", tags=["workflow:W2", "long_output"])
        t.bash("git log v0.2.0..HEAD --oneline", "Commits since v0.2.0", out=f"""{hx(7)} Bump sigs.k8s.io/controller-runtime from 0.19.1 to 0.19.3 (#41)
{hx(7)} feat: default-deny NetworkPolicy for networkIsolation=Namespace (#40)
{hx(7)} docs: network isolation section
{hx(7)} feat(api): spec.networkIsolation (None|Namespace)
{hx(7)} feat(api): CEL rule for unique owners
{hx(7)} feat!: status conditions replace phase/message (#38)
{hx(7)} chore: printer column for the tenant namespace
{hx(7)} Bump github.com/onsi/gomega from 1.34.2 to 1.35.1 (#37)
{hx(7)} ci: cache the envtest binaries
{hx(7)} fix: requeue on status conflict instead of erroring
{hx(7)} Bump docker/build-push-action from 5 to 6 (#35)
{hx(7)} test(e2e): tenant namespace + quota spec
{hx(7)} chore: kubebuilder 4.3 e2e scaffold
{hx(7)} ci: golangci-lint 1.61
{hx(7)} Bump k8s.io/client-go from 0.31.1 to 0.31.2 (#33)
{hx(7)} fix(chart): manager memory limit 128Mi -> 256Mi
{hx(7)} docs: README install section
{hx(7)} Bump sigs.k8s.io/controller-runtime from 0.19.0 to 0.19.1 (#31)""")
        t.read(P(CHART))
        t.edit(P(CHART), 'version: 0.2.0\nappVersion: "v0.2.0"', 'version: 0.3.0\nappVersion: "v0.3.0"')
        t.bash("make chart && helm lint charts/tenant-operator", "Sync CRDs/RBAC into the chart and lint it",
               out=f"""hack/sync-chart.sh
copied config/crd/bases/platform.lumen.dev_tenants.yaml -> charts/tenant-operator/crds/
rendered config/rbac/role.yaml -> charts/tenant-operator/templates/manager-rbac.yaml
==> Linting charts/tenant-operator
[INFO] Chart.yaml: icon is recommended

1 chart(s) linted, 0 chart(s) failed""")
        t.bash('git add -A && git commit -m "chore(release): v0.3.0" && git tag -a v0.3.0 -m "v0.3.0" && '
               "git push origin main v0.3.0", "Commit, tag and push",
               out=f"[main {hx(7)}] chore(release): v0.3.0\n 3 files changed, 41 insertions(+), 6 deletions(-)",
               err=git_push_tag("main", "v0.3.0"))
        t.bash("gh run list --workflow release.yml --limit 1", "Find the release run",
               out="in_progress\t\tv0.3.0\tRelease\tv0.3.0\tpush\t11837465021\t14s\t2026-06-16T10:02:51Z")
        t.bash("gh run watch 11837465021 --exit-status", "Watch the release run", out="""✓ v0.3.0 Release · 11837465021
Triggered via push about 6 minutes ago

JOBS
✓ image in 4m12s (ID 33001234567)
✓ chart in 38s (ID 33001234999)
✓ github-release in 9s (ID 33001235310)""", timeout=900000)
        t.done("""v0.3.0 is out.

- 18 commits since v0.2.0 (conditions replacing phase — breaking for status readers —, networkIsolation + default-deny policy, CEL owners rule, controller-runtime 0.19.3).
- `Chart.yaml`: version 0.3.0, appVersion v0.3.0; `make chart` re-synced CRDs/RBAC into the chart, `helm lint` clean.
- Tagged `v0.3.0`, pushed; Release workflow 11837465021 green (multi-arch image, chart to ghcr, GitHub release).""")

    # ============================================================ S5  Thu 06-18
    with d.session("2026-06-18T09:20:00", R, branch="feat/limits", version="2.1.78"):
        t = d.task("next: spec.limits — default container requests/limits for the tenant namespace (will become a "
                   "LimitRange). API only today. report progress with a LimitsApplied condition later; reminder that "
                   "status stays conditions, never a phase enum. the usual: generate, test, lint",
                   tags=["workflow:W1", "pref:P1"])
        t.read(P(TYPES), offset=14, limit=30)
        t.edit(P(TYPES), """	NetworkIsolation NetworkIsolationMode `json:"networkIsolation,omitempty"`
}""", """	NetworkIsolation NetworkIsolationMode `json:"networkIsolation,omitempty"`

	// Limits are the default container requests and limits in the tenant namespace.
	// +optional
	Limits *TenantLimits `json:"limits,omitempty"`
}

// TenantLimits becomes a LimitRange named tenant-defaults in the tenant namespace.
type TenantLimits struct {
	// DefaultRequest is applied to containers that set no requests.
	// +optional
	DefaultRequest corev1.ResourceList `json:"defaultRequest,omitempty"`
	// Default is applied to containers that set no limits.
	// +optional
	Default corev1.ResourceList `json:"default,omitempty"`
}""")
        t.bash("make manifests generate", "Regenerate CRD and deepcopy", out=gen_out())
        t.bash("make test", "Run the envtest suite", out=make_test_ok("9.530", "72.1"), timeout=600000)
        t.bash("make lint", "Run golangci-lint", out=LINT, timeout=300000)
        t.done("`spec.limits` (`*TenantLimits` with `defaultRequest` and `default` ResourceLists) is in the API, "
               "deepcopy + CRD regenerated, `make test` and `make lint` clean. The `LimitsApplied` condition comes "
               "with the controller part.")

        t = d.task("apply hack/dev/tenant-billing.yaml with a limits block (cpu 100m/500m, memory 128Mi/512Mi) to kind, "
                   "want to see defaulting of the nested fields", tags=["mistake:M1"])
        hb = "hack/dev/tenant-billing.yaml"
        t.read(P(hb))
        t.edit(P(hb), """  networkIsolation: Namespace
""", """  networkIsolation: Namespace
  limits:
    defaultRequest:
      cpu: 100m
      memory: 128Mi
    default:
      cpu: 500m
      memory: 512Mi
""")
        t.fail(f"kubectl apply -f {hb}", "Apply the billing tenant", f"""Error from server (BadRequest): error when applying patch:
{{"metadata":{{"annotations":{{"kubectl.kubernetes.io/last-applied-configuration":"{{\\"apiVersion\\":\\"platform.lumen.dev/v1alpha1\\",\\"kind\\":\\"Tenant\\",\\"metadata\\":{{\\"annotations\\":{{}},\\"name\\":\\"billing\\"}},\\"spec\\":{{\\"limits\\":{{\\"default\\":{{\\"cpu\\":\\"500m\\",\\"memory\\":\\"512Mi\\"}},\\"defaultRequest\\":{{\\"cpu\\":\\"100m\\",\\"memory\\":\\"128Mi\\"}}}},\\"networkIsolation\\":\\"Namespace\\",\\"owners\\":[\\"ines.duarte@lumen.dev\\",\\"payments-oncall@lumen.dev\\"],\\"quota\\":{{\\"pods\\":\\"30\\",\\"requests.cpu\\":\\"6\\",\\"requests.memory\\":\\"12Gi\\"}}}}}}\\n"}}}},"spec":{{"limits":{{"default":{{"cpu":"500m","memory":"512Mi"}},"defaultRequest":{{"cpu":"100m","memory":"128Mi"}}}}}}}}
to:
Resource: "platform.lumen.dev/v1alpha1, Resource=tenants", GroupVersionKind: "platform.lumen.dev/v1alpha1, Kind=Tenant"
Name: "billing", Namespace: ""
for: "{hb}": error when patching "{hb}": Tenant in version "v1alpha1" cannot be handled as a Tenant: strict decoding error: unknown field "spec.limits\"""")
        t.say("The cluster's Tenant CRD predates `spec.limits`, so the API server rejects the unknown field. "
              "Installing the current CRD from config/crd, then applying again.")
        t.bash("make install", "Install the current CRDs into kind", out=make_install())
        t.bash(f"kubectl apply -f {hb}", "Apply the billing tenant again", out="tenant.platform.lumen.dev/billing configured")
        t.bash("kubectl get tenant billing -o jsonpath='{.spec.limits}' | jq .", "Read the limits back", out="""{
  "default": {
    "cpu": "500m",
    "memory": "512Mi"
  },
  "defaultRequest": {
    "cpu": "100m",
    "memory": "128Mi"
  }
}""")
        t.done("Applied. The first `kubectl apply` was rejected with `strict decoding error: unknown field "
               "\"spec.limits\"` because the CRD on `tenant-dev` was older than the branch; `make install` updated it "
               "and the apply went through. The limits read back as written — there are no defaults on the nested "
               "fields, so nothing was added.")

        d.precompact("""Analysis: Ines works on lumenhq/tenant-operator (kubebuilder go/v4, controller-runtime 0.19, envtest, Kind e2e, kind dev cluster tenant-dev, Helm chart, golangci-lint, GitHub Actions). Branch feat/limits.
Summary:
1. Tenant status uses metav1.Condition only (Ready, NetworkPolicyReady); networkIsolation + default-deny NetworkPolicy shipped in v0.3.0.
2. This session: spec.limits (*TenantLimits: defaultRequest/default) added to the API, make manifests generate / make test / make lint clean.
3. hack/dev/tenant-billing.yaml now has a limits block and is applied to tenant-dev after installing the current CRD.
Pending: controller part for limits (LimitRange tenant-defaults + LimitsApplied condition).""")

        t = d.task("Ana wants to try the operator on her M3 mac. build an arm64 image locally to check the Dockerfile "
                   "cross-builds, don't push", tags=["flaky:F1"])
        cmd = "docker buildx build --platform linux/arm64 -t tenant-operator:arm64-check --load ."
        t.fail(cmd, "Build an arm64 image", """#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 1.31kB done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/library/golang:1.23
#2 ERROR: failed to do request: Head "https://registry-1.docker.io/v2/library/golang/manifests/1.23": dial tcp: lookup registry-1.docker.io on 127.0.0.53:53: read udp 127.0.0.1:51622->127.0.0.53:53: i/o timeout

#3 [internal] load metadata for gcr.io/distroless/static:nonroot
#3 CANCELED
------
 > [internal] load metadata for docker.io/library/golang:1.23:
------
Dockerfile:2
--------------------
   1 |     # Build the manager binary
   2 | >>> FROM golang:1.23 AS builder
   3 |     ARG TARGETOS
   4 |     ARG TARGETARCH
--------------------
ERROR: failed to solve: golang:1.23: failed to resolve source metadata for docker.io/library/golang:1.23: failed to do request: Head "https://registry-1.docker.io/v2/library/golang/manifests/1.23": dial tcp: lookup registry-1.docker.io on 127.0.0.53:53: read udp 127.0.0.1:51622->127.0.0.53:53: i/o timeout""",
               timeout=900000)
        t.bash(cmd, "Build an arm64 image", err=docker_build("docker.io/library/tenant-operator:arm64-check", cached=False).replace(
            "GOARCH=amd64", "GOARCH=arm64"), timeout=900000)
        t.bash("docker image inspect tenant-operator:arm64-check --format '{{.Os}}/{{.Architecture}} {{.Size}}'",
               "Check the image platform", out="linux/arm64 71802114")
        t.done("The arm64 build works: `tenant-operator:arm64-check` is `linux/arm64`, ~72 MB. The Dockerfile "
               "cross-compiles via `TARGETARCH`, so nothing to change. (The first attempt hit a DNS timeout resolving "
               "Docker Hub; the identical re-run was fine.) Not pushed.")

    # ============================================================ S6  Mon 06-22  (acceptEdits)
    with d.session("2026-06-22T09:00:00", R, branch="feat/limits", version="2.1.79", permission_mode="acceptEdits"):
        t = d.task("controller part for limits: CreateOrUpdate a LimitRange tenant-defaults from spec.limits, "
                   "delete it when limits is nil, LimitsApplied condition. envtest test, an e2e spec, run both",
                   tags=["mistake:M2"])
        t.read(P(CTRL))
        lim = "internal/controller/limits.go"
        t.write(P(lim), """package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	platformv1alpha1 "github.com/lumenhq/tenant-operator/api/v1alpha1"
)

const limitRangeName = "tenant-defaults"

// reconcileLimits keeps the tenant-defaults LimitRange in line with spec.limits.
func (r *TenantReconciler) reconcileLimits(ctx context.Context, tenant *platformv1alpha1.Tenant, ns string) error {
	lr := &corev1.LimitRange{ObjectMeta: metav1.ObjectMeta{Name: limitRangeName, Namespace: ns}}
	if tenant.Spec.Limits == nil {
		return client.IgnoreNotFound(r.Delete(ctx, lr))
	}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, lr, func() error {
		lr.Spec.Limits = []corev1.LimitRangeItem{{
			Type:           corev1.LimitTypeContainer,
			DefaultRequest: tenant.Spec.Limits.DefaultRequest,
			Default:        tenant.Spec.Limits.Default,
		}}
		return controllerutil.SetControllerReference(tenant, lr, r.Scheme)
	})
	return err
}
""")
        t.edit(P(CTRL), """	tenant.Status.Namespace = nsName
""", """	if err := r.reconcileLimits(ctx, &tenant, nsName); err != nil {
		meta.SetStatusCondition(&tenant.Status.Conditions, metav1.Condition{
			Type: "LimitsApplied", Status: metav1.ConditionFalse, Reason: "ApplyFailed",
			Message: err.Error(), ObservedGeneration: tenant.Generation,
		})
		return r.fail(ctx, &tenant, fmt.Errorf("limit range: %w", err))
	}
	meta.SetStatusCondition(&tenant.Status.Conditions, metav1.Condition{
		Type: "LimitsApplied", Status: metav1.ConditionTrue, Reason: "Applied", ObservedGeneration: tenant.Generation,
	})

	tenant.Status.Namespace = nsName
""")
        t.edit(P(CTRL), """		Owns(&networkingv1.NetworkPolicy{}).
""", """		Owns(&networkingv1.NetworkPolicy{}).
		Owns(&corev1.LimitRange{}).
""")
        t.write(P("internal/controller/limits_test.go"), """package controller

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	platformv1alpha1 "github.com/lumenhq/tenant-operator/api/v1alpha1"
)

var _ = Describe("Tenant limits", func() {
	It("creates tenant-defaults from spec.limits and sets LimitsApplied", func() {
		tenant := &platformv1alpha1.Tenant{
			ObjectMeta: metav1.ObjectMeta{Name: "limits"},
			Spec: platformv1alpha1.TenantSpec{
				Owners: []string{"ops@lumen.dev"},
				Limits: &platformv1alpha1.TenantLimits{
					Default: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("500m")},
				},
			},
		}
		Expect(k8sClient.Create(ctx, tenant)).To(Succeed())
		r := &TenantReconciler{Client: k8sClient, Scheme: k8sClient.Scheme()}
		_, err := r.Reconcile(ctx, reconcile.Request{NamespacedName: types.NamespacedName{Name: "limits"}})
		Expect(err).NotTo(HaveOccurred())

		var lr corev1.LimitRange
		Expect(k8sClient.Get(ctx, types.NamespacedName{Name: "tenant-defaults", Namespace: "tenant-limits"}, &lr)).To(Succeed())
		Expect(lr.Spec.Limits).To(HaveLen(1))
		Expect(lr.Spec.Limits[0].Default.Cpu().String()).To(Equal("500m"))

		Expect(k8sClient.Get(ctx, types.NamespacedName{Name: "limits"}, tenant)).To(Succeed())
		Expect(meta.IsStatusConditionTrue(tenant.Status.Conditions, "LimitsApplied")).To(BeTrue())
	})
})
""")
        t.bash("make test", "Run the envtest suite", out=make_test_ok("10.114", "74.0"), timeout=600000)
        t.read(P(E2E), offset=60)
        t.edit(P(E2E), """		// +kubebuilder:scaffold:e2e-webhooks-checks
""", """		It("should create the tenant-defaults LimitRange from spec.limits", func() {
			cmd := exec.Command("kubectl", "apply", "-f", "test/e2e/testdata/tenant-limits.yaml")
			_, err := utils.Run(cmd)
			Expect(err).NotTo(HaveOccurred())

			Eventually(func(g Gomega) {
				cmd := exec.Command("kubectl", "get", "limitrange", "tenant-defaults", "-n", "tenant-e2e-limits",
					"-o", "jsonpath={.spec.limits[0].default.cpu}")
				out, err := utils.Run(cmd)
				g.Expect(err).NotTo(HaveOccurred())
				g.Expect(out).To(Equal("500m"))
			}, 2*time.Minute, time.Second).Should(Succeed())
		})

		// +kubebuilder:scaffold:e2e-webhooks-checks
""")
        t.write(P("test/e2e/testdata/tenant-limits.yaml"), """apiVersion: platform.lumen.dev/v1alpha1
kind: Tenant
metadata:
  name: e2e-limits
spec:
  owners: [e2e@lumen.dev]
  limits:
    default:
      cpu: 500m
""")
        it_line = line_of(d, E2E, 'It("should create the tenant-defaults LimitRange')
        ev_line = line_of(d, E2E, '"limitrange", "tenant-defaults"') + 6
        specs = [("should run successfully", "2.204"), ("should ensure the metrics endpoint is serving metrics", "22.416"),
                 ("should provision a namespace and quota for a Tenant", "3.350"),
                 ("should create a default-deny NetworkPolicy for networkIsolation=Namespace", "4.517"),
                 ("should create the tenant-defaults LimitRange from spec.limits", "120.004")]
        logs = mgr_logs("22", [
            forbidden_list("22", "limitranges", "LimitRange", "", "10:43:32.690118"),
            forbidden_list("22", "limitranges", "LimitRange", "", "10:43:33.910452"),
            forbidden_list("22", "limitranges", "LimitRange", "", "10:44:41.004317"),
            "2026-06-22T10:45:31Z\tERROR\tCould not wait for Cache to sync\t{\"controller\": \"tenant\", \"controllerGroup\": \"platform.lumen.dev\", \"controllerKind\": \"Tenant\", \"error\": \"failed to wait for tenant caches to sync kind source: *v1.LimitRange: timed out waiting for cache to be synced for Kind *v1.LimitRange\"}"])
        detail = {"timeline": ['running: "kubectl apply -f test/e2e/testdata/tenant-limits.yaml"',
                               'running: "kubectl get limitrange tenant-defaults -n tenant-e2e-limits -o jsonpath={.spec.limits[0].default.cpu}"'],
                  "message": ["[FAILED] Timed out after 120.000s.",
                              f"The function passed to Eventually failed at {R}/test/e2e/e2e_test.go:{ev_line - 1} with:",
                              "Expected success, but got an error:",
                              "    <*errors.errorString | 0xc00041c2a0>: ",
                              '    kubectl get limitrange tenant-defaults -n tenant-e2e-limits -o jsonpath={.spec.limits[0].default.cpu} failed with error: (exit status 1) Error from server (NotFound): namespaces "tenant-e2e-limits" not found']}
        t.fail("make test-e2e", "Run the Kind e2e suite",
               e2e_make(e2e_body("22", specs, failed=specs[4][0], total_secs="344.108", logs=logs, fail_detail=detail,
                                 fail_line=ev_line, it_line=it_line, seed=1750581020), new_cluster=True, fail=True),
               code=2, timeout=1200000)
        t.say("The controller never started: its service account is forbidden to list LimitRanges cluster-wide, so the "
              "new `Owns(LimitRange)` informer can't sync. No RBAC marker for limitranges — adding it.")
        t.edit(P(CTRL), """// +kubebuilder:rbac:groups=core,resources=resourcequotas,verbs=get;list;watch;create;update;patch;delete
""", """// +kubebuilder:rbac:groups=core,resources=resourcequotas,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=limitranges,verbs=get;list;watch;create;update;patch;delete
""")
        t.bash("make manifests && git diff config/rbac/role.yaml | head -20", "Regenerate the ClusterRole",
               out=CG1 + """
diff --git a/config/rbac/role.yaml b/config/rbac/role.yaml
index 4f1c2a9..b83e0d1 100644
--- a/config/rbac/role.yaml
+++ b/config/rbac/role.yaml
@@ -7,6 +7,7 @@ rules:
 - apiGroups:
   - ""
   resources:
+  - limitranges
   - namespaces
   - resourcequotas
   verbs:""")
        t.bash("make test-e2e", "Re-run the Kind e2e suite",
               out=e2e_make(e2e_body("22", [(a, b if a != specs[4][0] else "3.902") for a, b in specs], total_secs="236.514",
                                     seed=1750581702), new_cluster=False), timeout=1200000)
        t.done("""LimitRange support is in: `reconcileLimits` creates/updates `tenant-defaults` (type Container, `defaultRequest` + `default` from `spec.limits`), deletes it when `limits` is nil, and the Tenant gets a `LimitsApplied` condition. Watched via `Owns(&corev1.LimitRange{})`. envtest spec + e2e spec added.

First e2e run: the new spec timed out and the manager logs had `limitranges is forbidden: User "system:serviceaccount:tenant-operator-system:tenant-operator-controller-manager" cannot list resource "limitranges" in API group "" at the cluster scope`. Added `// +kubebuilder:rbac:groups=core,resources=limitranges,verbs=get;list;watch;create;update;patch;delete`, `make manifests` put `limitranges` into role.yaml, and the suite passed 5/5.""")

        t = d.task("about docs: the networkIsolation section you wrote in docs/tenant-api.md was way too long, I had to "
                   "cut half of it before merging. for spec.limits do it the short way: one yaml example and the field "
                   "table rows, nothing else", tags=["feedback"],
                   feedback="the networkIsolation section you wrote in docs/tenant-api.md was way too long, I had to cut half of it before merging. for spec.limits do it the short way: one yaml example and the field table rows, nothing else")
        t.read(P(DOCS))
        t.edit(P(DOCS), """| `spec.networkIsolation` | `None` \\| `Namespace` | optional, default `None` |
""", """| `spec.networkIsolation` | `None` \\| `Namespace` | optional, default `None` |
| `spec.limits.defaultRequest` | `ResourceList` | optional, container requests when unset |
| `spec.limits.default` | `ResourceList` | optional, container limits when unset |
""")
        t.edit(P(DOCS), """## Network isolation
""", """## Limits

```yaml
spec:
  limits:
    defaultRequest: {cpu: 100m, memory: 128Mi}
    default: {cpu: 500m, memory: 512Mi}
```

Becomes the LimitRange `tenant-defaults`; status condition `LimitsApplied`.

## Network isolation
""")
        t.done("Added two rows to the field table and a `## Limits` section with one YAML example and a single "
               "line on what it becomes. Nothing else.")

        t = d.task("explain like I'm tired: finalizer vs just ownerReferences for cleaning up the tenant namespace. "
                   "do we need a finalizer?", tags=["noise", "no_tools"])
        t.done("""You don't need one today.

- **ownerReferences** (what you have): the namespace, quota, policy and LimitRange point at the Tenant. Delete the Tenant → the garbage collector deletes the namespace → the namespace deletes everything in it. No code runs in your controller.
- **finalizer**: you block the Tenant's deletion until your controller has done something the GC can't — clean up *outside* Kubernetes (DNS records, a Vault path, a cloud IAM role, a billing entry) or enforce an order (e.g. drain something before the namespace goes).

Cost of a finalizer: if the controller is down or buggy, Tenants hang in `Terminating` forever and someone has to patch the finalizer off.

So: add one the day the operator creates something outside the cluster. Until then owner references are the simpler, more robust answer.""")

    # ============================================================ S7  Thu 06-25
    with d.session("2026-06-25T10:15:00", R, branch="main", version="2.1.81"):
        t = d.task("dependabot #47, the k8s group (api/apimachinery/client-go 0.31.2 -> 0.31.4). same drill: tidy, "
                   "tests, approve, squash", tags=["workflow:W3"])
        br = "dependabot/go_modules/k8s-4a1b2c7e9f"
        t.bash("gh pr checkout 47", "Check out the dependabot PR", err=f"""From github.com:lumenhq/tenant-operator
 * [new ref]         refs/pull/47/head -> {br}
Switched to branch '{br}'""")
        t.bash("go mod tidy && git status --short", "Tidy the module", out="", timeout=300000)
        t.bash("make test", "Run the envtest suite", out=make_test_ok("10.402", "74.0"), timeout=600000)
        t.bash('gh pr review 47 --approve --body "tidy, envtest green"', "Approve the PR",
               out="✓ Approved pull request lumenhq/tenant-operator#47")
        t.bash("gh pr merge 47 --squash --delete-branch", "Squash-merge the PR",
               out=f"""✓ Squashed and merged pull request lumenhq/tenant-operator#47 (Bump the k8s group with 3 updates)
✓ Deleted local branch {br} and switched to branch main
✓ Deleted remote branch {br}""")
        t.done("#47 merged: go.mod/go.sum already tidy, envtest green on k8s 0.31.4 (envtest stays on 1.31 binaries), "
               "approved + squashed. Back on `main`.")

        t = d.task("put current main on my kind cluster, I want to poke at the LimitRange by hand. build it as a "
                   "tarball this time, docker's image store is full of junk", tags=["mistake:M3"])
        c = sha()
        img = f"tenant-operator:main-{c}"
        t.bash("git rev-parse --short HEAD", "Get the commit", out=c)
        t.bash(f"docker buildx build -o type=docker,dest=/tmp/tenant-operator-main.tar -t {img} .",
               "Build the image into a tarball", err=docker_build(f"docker.io/library/{img}",
                                                                 extra="docker image format").replace(
                   "#10 naming to", "#10 sending tarball 1.9s done\n#10 naming to"), timeout=600000)
        t.fail("kind load image-archive /tmp/tenant-operator-main.tar", "Load the tarball into kind",
               'ERROR: no nodes found for cluster "kind"')
        t.say("kind defaulted to a cluster named `kind`. Checking the current kubectl context for the real name.")
        t.bash("kubectl config current-context", "Current context", out="kind-tenant-dev")
        t.bash("kind load image-archive /tmp/tenant-operator-main.tar --name tenant-dev", "Load the tarball into tenant-dev",
               out="", timeout=300000)
        t.bash(f"make deploy IMG={img}", "Deploy main", out=make_deploy(img, crd="configured", role="configured"),
               timeout=300000)
        t.bash("kubectl -n tenant-operator-system rollout status deploy/tenant-operator-controller-manager --timeout=120s",
               "Wait for the rollout", out=ROLLOUT, timeout=180000)
        t.bash("kubectl -n tenant-billing get limitrange tenant-defaults -o yaml | yq '.spec'", "Check billing's LimitRange",
               out="""limits:
  - default:
      cpu: 500m
      memory: 512Mi
    defaultRequest:
      cpu: 100m
      memory: 128Mi
    type: Container""")
        t.done(f"""`main` ({c}) runs on `tenant-dev`:

- built with buildx into `/tmp/tenant-operator-main.tar`
- `kind load image-archive … --name tenant-dev` (the bare command targets a cluster called `kind` and fails with "no nodes found")
- `make deploy IMG={img}` — CRD and ClusterRole updated, rollout done.

`tenant-billing` already has `tenant-defaults` with your 100m/128Mi requests and 500m/512Mi limits.""")

        t = d.task("cut v0.3.1 with the limits work. same as last time", tags=["workflow:W2"])
        t.bash("git log v0.3.0..HEAD --oneline", "Commits since v0.3.0", out=f"""{hx(7)} Bump the k8s group with 3 updates (#47)
{hx(7)} docs: limits
{hx(7)} feat: tenant-defaults LimitRange from spec.limits (#44)
{hx(7)} feat(api): spec.limits""")
        t.read(P(CHART))
        t.edit(P(CHART), 'version: 0.3.0\nappVersion: "v0.3.0"', 'version: 0.3.1\nappVersion: "v0.3.1"')
        t.bash("make chart && helm lint charts/tenant-operator", "Sync and lint the chart", out=f"""hack/sync-chart.sh
copied config/crd/bases/platform.lumen.dev_tenants.yaml -> charts/tenant-operator/crds/
rendered config/rbac/role.yaml -> charts/tenant-operator/templates/manager-rbac.yaml
==> Linting charts/tenant-operator
[INFO] Chart.yaml: icon is recommended

1 chart(s) linted, 0 chart(s) failed""")
        t.bash('git add -A && git commit -m "chore(release): v0.3.1" && git tag -a v0.3.1 -m "v0.3.1" && '
               "git push origin main v0.3.1", "Commit, tag and push",
               out=f"[main {hx(7)}] chore(release): v0.3.1\n 3 files changed, 52 insertions(+), 3 deletions(-)",
               err=git_push_tag("main", "v0.3.1"))
        t.bash("gh run list --workflow release.yml --limit 1 --json databaseId --jq '.[0].databaseId'",
               "Find the release run", out="11962210874")
        t.bash("gh run watch 11962210874 --exit-status", "Watch the release run", out="""✓ v0.3.1 Release · 11962210874
Triggered via push about 5 minutes ago

JOBS
✓ image in 3m58s (ID 33410022918)
✓ chart in 35s (ID 33410023377)
✓ github-release in 8s (ID 33410023702)""", timeout=900000)
        t.done("v0.3.1 released: chart 0.3.1 / appVersion v0.3.1 (CRD with `spec.limits`, RBAC with limitranges synced "
               "into the chart), `helm lint` clean, tag pushed, release run 11962210874 green.")

    # ============================================================ S8  Mon 06-29
    with d.session("2026-06-29T09:35:00", R, branch="feat/tenant-suspend", version="2.1.83"):
        t = d.task("problem: someone created Tenant 'payments' while a namespace tenant-payments already existed "
                   "(hand-made, not ours) and we adopted it. CEL can't look at other objects. ok, change of plan: we "
                   "add a validating webhook for Tenant after all — cert-manager is on all our clusters now anyway. "
                   "reject create when tenant-<name> exists without our label", tags=["reversal:P3"])
        t.bash("kubebuilder create webhook --group platform --version v1alpha1 --kind Tenant --programmatic-validation",
               "Scaffold a validating webhook", out="""INFO Writing kustomize manifests for you to edit...
INFO Writing scaffold for you to edit...
INFO internal/webhook/v1alpha1/tenant_webhook.go
INFO internal/webhook/v1alpha1/tenant_webhook_test.go
INFO internal/webhook/v1alpha1/webhook_suite_test.go
INFO Update dependencies:
$ go mod tidy
INFO Running make:
$ make generate
""" + CG2 + """
Next: implement your new Webhook and generate the manifests with:
$ make manifests""", timeout=300000)
        wh = "internal/webhook/v1alpha1/tenant_webhook.go"
        d.files[P(wh)] = "// scaffolded by kubebuilder\n"
        t.read(P(wh))
        t.write(P(wh), """package v1alpha1

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	platformv1alpha1 "github.com/lumenhq/tenant-operator/api/v1alpha1"
)

// SetupTenantWebhookWithManager registers the validating webhook for Tenant.
func SetupTenantWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr).For(&platformv1alpha1.Tenant{}).
		WithValidator(&TenantCustomValidator{Reader: mgr.GetAPIReader()}).
		Complete()
}

// +kubebuilder:webhook:path=/validate-platform-lumen-dev-v1alpha1-tenant,mutating=false,failurePolicy=fail,sideEffects=None,groups=platform.lumen.dev,resources=tenants,verbs=create,versions=v1alpha1,name=vtenant-v1alpha1.kb.io,admissionReviewVersions=v1

// TenantCustomValidator rejects Tenants whose namespace already exists and is not ours.
type TenantCustomValidator struct {
	Reader client.Reader
}

var _ webhook.CustomValidator = &TenantCustomValidator{}

// ValidateCreate implements webhook.CustomValidator.
func (v *TenantCustomValidator) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) {
	tenant, ok := obj.(*platformv1alpha1.Tenant)
	if !ok {
		return nil, fmt.Errorf("expected a Tenant object but got %T", obj)
	}
	var ns corev1.Namespace
	err := v.Reader.Get(ctx, types.NamespacedName{Name: "tenant-" + tenant.Name}, &ns)
	if apierrors.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("checking namespace tenant-%s: %w", tenant.Name, err)
	}
	if ns.Labels["platform.lumen.dev/tenant"] != tenant.Name {
		return nil, fmt.Errorf("namespace %s already exists and is not managed by a Tenant", ns.Name)
	}
	return nil, nil
}

// ValidateUpdate implements webhook.CustomValidator.
func (v *TenantCustomValidator) ValidateUpdate(context.Context, runtime.Object, runtime.Object) (admission.Warnings, error) {
	return nil, nil
}

// ValidateDelete implements webhook.CustomValidator.
func (v *TenantCustomValidator) ValidateDelete(context.Context, runtime.Object) (admission.Warnings, error) {
	return nil, nil
}
""")
        kz = "config/default/kustomization.yaml"
        t.read(P(kz))
        t.edit(P(kz), "#- ../webhook\n", "- ../webhook\n")
        t.edit(P(kz), "#- ../certmanager\n", "- ../certmanager\n")
        t.edit(P(kz), """#- path: manager_webhook_patch.yaml
#  target:
#    kind: Deployment""", """- path: manager_webhook_patch.yaml
  target:
    kind: Deployment""")
        t.bash("make manifests generate", "Regenerate the webhook configuration", out=gen_out())
        t.bash("make test", "Run envtest (controller + webhook suites)", out=make_test_ok("10.611", "74.0", webhook=True),
               timeout=600000)
        t.done("""Validating webhook for Tenant is in (the schema-only/CEL approach couldn't see other objects):

- `kubebuilder create webhook … --programmatic-validation` scaffold in `internal/webhook/v1alpha1/`.
- `ValidateCreate` reads `tenant-<name>` through the API reader (uncached) and rejects the Tenant if that namespace exists without `platform.lumen.dev/tenant=<name>`. Update/delete are allowed.
- `config/default/kustomization.yaml`: webhook, certmanager and the manager webhook patch enabled; cert-manager issues the serving cert.
- `make manifests generate` + `make test` green, webhook suite included.

The chart will need the ValidatingWebhookConfiguration and a cert-manager Certificate before the next release.""")

        t = d.task("add spec.suspend (bool): when true the controller stops touching the namespace. API only for now, "
                   "and suspend billing on kind right away with kubectl patch, they're migrating",
                   tags=["mistake:M1"])
        t.read(P(TYPES), offset=28, limit=20)
        t.edit(P(TYPES), """	Limits *TenantLimits `json:"limits,omitempty"`
}""", """	Limits *TenantLimits `json:"limits,omitempty"`

	// Suspend stops the controller from changing anything in the tenant namespace.
	// +optional
	Suspend bool `json:"suspend,omitempty"`
}""")
        t.bash("make manifests generate", "Regenerate CRD and deepcopy", out=gen_out())
        t.fail("kubectl patch tenant billing --type merge -p '{\"spec\":{\"suspend\":true}}'", "Suspend billing",
               'Error from server (BadRequest): Tenant in version "v1alpha1" cannot be handled as a Tenant: strict '
               'decoding error: unknown field "spec.suspend"')
        t.say("The kind cluster still serves the v0.3.1 CRD, which has no `suspend`. Installing the branch's CRD.")
        t.bash("make install", "Install the branch CRDs into kind", out=make_install())
        t.bash("kubectl patch tenant billing --type merge -p '{\"spec\":{\"suspend\":true}}'", "Suspend billing",
               out="tenant.platform.lumen.dev/billing patched")
        t.bash("kubectl get tenant billing -o jsonpath='{.spec.suspend}{\"\\n\"}'", "Check", out="true")
        t.done("`spec.suspend` (bool, optional) is in the API and CRD. The first patch failed with `strict decoding "
               "error: unknown field \"spec.suspend\"` — the cluster CRD was the v0.3.1 one; after `make install` the "
               "patch went through and billing reads `suspend: true`. The running controller (main build) doesn't "
               "know the field yet, so it will keep reconciling billing until the controller part lands.")

        t = d.task("platform wants our chart mirrored under ghcr.io/lumenhq/charts-staging for their ArgoCD tests. "
                   "package 0.3.1 and push it there", tags=["unfixed:U1"])
        t.bash("helm package charts/tenant-operator -d /tmp/charts", "Package the chart",
               out="Successfully packaged chart and saved it to: /tmp/charts/tenant-operator-0.3.1.tgz")
        t.fail("helm push /tmp/charts/tenant-operator-0.3.1.tgz oci://ghcr.io/lumenhq/charts-staging", "Push to ghcr",
               'Error: failed to perform "Push" on destination: POST "https://ghcr.io/v2/lumenhq/charts-staging/tenant-operator/blobs/uploads/": '
               'response status code 403: denied: permission_denied: The token provided does not match expected scopes.')
        t.bash("gh auth status", "Check the token scopes", out="""github.com
  ✓ Logged in to github.com account ines-duarte (keyring)
  - Active account: true
  - Git operations protocol: ssh
  - Token: gho_************************************
  - Token scopes: 'gist', 'read:org', 'repo'""")
        t.done("""Not pushed. ghcr refused the upload: `403: denied: permission_denied: The token provided does not match expected scopes.`

Your gh token has `gist`, `read:org`, `repo` — no `write:packages`, and `charts-staging` doesn't exist yet, so the first push would also create a new org package (only org owners may do that in lumenhq, as far as I can tell from the release workflow using the org's `GITHUB_TOKEN`).

Options: ask platform/org owners to create the package or push it themselves, or run `gh auth refresh -s write:packages` yourself (browser flow) and log helm in with that token. I didn't try to work around it.""")

    # ============================================================ S9  Wed 07-01
    with d.session("2026-07-01T09:05:00", R, branch="feat/tenant-events", version="2.1.84"):
        t = d.task("emit Kubernetes Events on the Tenant: Normal Provisioned when the namespace is ready, Warning "
                   "ReconcileError in fail(). e2e spec that checks the Provisioned event shows up — no time.Sleep in "
                   "there, poll with Eventually. bring up the e2e kind cluster once and iterate with a focused run",
                   tags=["mistake:M2", "pref:P2"])
        t.read(P(CTRL))
        t.edit(P(CTRL), """type TenantReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}""", """type TenantReconciler struct {
	client.Client
	Scheme   *runtime.Scheme
	Recorder record.EventRecorder
}""")
        t.edit(P(CTRL), """	"k8s.io/apimachinery/pkg/runtime"
""", """	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
""")
        t.edit(P(CTRL), """	log.Info("tenant reconciled", "namespace", nsName)""", """	r.Recorder.Eventf(&tenant, corev1.EventTypeNormal, "Provisioned", "namespace %s is ready", nsName)
	log.Info("tenant reconciled", "namespace", nsName)""")
        t.edit(P(CTRL), """func (r *TenantReconciler) fail(ctx context.Context, tenant *platformv1alpha1.Tenant, err error) (ctrl.Result, error) {
""", """func (r *TenantReconciler) fail(ctx context.Context, tenant *platformv1alpha1.Tenant, err error) (ctrl.Result, error) {
	r.Recorder.Event(tenant, corev1.EventTypeWarning, "ReconcileError", err.Error())
""")
        t.read(P(MAIN))
        t.edit(P(MAIN), """		Scheme: mgr.GetScheme(),
	}).SetupWithManager(mgr)""", """		Scheme:   mgr.GetScheme(),
		Recorder: mgr.GetEventRecorderFor("tenant-controller"),
	}).SetupWithManager(mgr)""")
        t.bash("grep -rln 'TenantReconciler{' internal/controller/*_test.go | xargs sed -i "
               "'s/Scheme: k8sClient.Scheme()}/Scheme: k8sClient.Scheme(), Recorder: record.NewFakeRecorder(32)}/' && "
               "goimports -w internal/controller/*_test.go", "Give the envtest reconcilers a fake recorder", out="")
        t.bash("make test", "Run the envtest suite", out=make_test_ok("10.877", "75.2", webhook=True), timeout=600000)
        t.read(P(E2E), offset=90)
        t.edit(P(E2E), """		// +kubebuilder:scaffold:e2e-webhooks-checks
""", """		It("should record a Provisioned event on the Tenant", func() {
			cmd := exec.Command("kubectl", "apply", "-f", "test/e2e/testdata/tenant-events.yaml")
			_, err := utils.Run(cmd)
			Expect(err).NotTo(HaveOccurred())

			Eventually(func(g Gomega) {
				cmd := exec.Command("kubectl", "get", "events", "-A", "--field-selector",
					"involvedObject.kind=Tenant,involvedObject.name=e2e-events,reason=Provisioned", "-o", "name")
				out, err := utils.Run(cmd)
				g.Expect(err).NotTo(HaveOccurred())
				g.Expect(out).NotTo(BeEmpty())
			}, 2*time.Minute, 2*time.Second).Should(Succeed())
		})

		// +kubebuilder:scaffold:e2e-webhooks-checks
""")
        t.write(P("test/e2e/testdata/tenant-events.yaml"), """apiVersion: platform.lumen.dev/v1alpha1
kind: Tenant
metadata:
  name: e2e-events
spec:
  owners: [e2e@lumen.dev]
""")
        t.bash("make setup-test-e2e", "Create the e2e kind cluster", out=E2E_HEAD_NEW, timeout=600000)
        focus = 'KIND_CLUSTER=tenant-operator-test-e2e go test ./test/e2e/ -v -ginkgo.v -ginkgo.focus="Provisioned event"'
        it_line = line_of(d, E2E, 'It("should record a Provisioned event')
        ev_line = line_of(d, E2E, '"involvedObject.kind=Tenant') + 5
        ev = (f'E0701 10:44:02.331870       1 event.go:359] "Server rejected event (will not retry!)" err="events is '
              f'forbidden: User \\"{SA}\\" cannot create resource \\"events\\" in API group \\"\\" in the namespace '
              f'\\"default\\"" event="&Event{{ObjectMeta:{{e2e-events.18a1f2c3d4e5f607  default    0 0001-01-01 00:00:00 +0000 UTC <nil> <nil> map[] map[] [] [] []}},InvolvedObject:ObjectReference{{Kind:Tenant,Namespace:,Name:e2e-events,UID:4b7c1d2e-9a8f-4e61-b0c3-5d2a7e9f1c04,APIVersion:platform.lumen.dev/v1alpha1,ResourceVersion:1873,FieldPath:,}},Reason:Provisioned,Message:namespace tenant-e2e-events is ready,...}}"')
        logs = mgr_logs("01", [
            "2026-07-01T10:44:02Z\tINFO\ttenant reconciled\t{\"controller\": \"tenant\", \"controllerGroup\": \"platform.lumen.dev\", \"controllerKind\": \"Tenant\", \"Tenant\": {\"name\":\"e2e-events\"}, \"namespace\": \"tenant-e2e-events\"}",
            ev]).copy()
        logs = [l.replace("2026-06-01", "2026-07-01").replace("I0601", "I0701") for l in logs]
        specs = [("should run successfully", "2.187"), ("should ensure the metrics endpoint is serving metrics", "0.000"),
                 ("should record a Provisioned event on the Tenant", "120.003")]
        detail = {"timeline": ['running: "kubectl apply -f test/e2e/testdata/tenant-events.yaml"',
                               'running: "kubectl get events -A --field-selector involvedObject.kind=Tenant,involvedObject.name=e2e-events,reason=Provisioned -o name"'],
                  "message": ["[FAILED] Timed out after 120.000s.",
                              f"The function passed to Eventually failed at {R}/test/e2e/e2e_test.go:{ev_line - 1} with:",
                              "Expected",
                              '    <string>: ',
                              "to not be empty"]}
        body = e2e_body("01", specs[2:], failed=specs[2][0], total_secs="211.560", logs=logs, fail_detail=detail,
                        fail_line=ev_line, it_line=it_line, seed=1751360611).replace("06/01/26", "07/01/26")
        body = body.replace("Will run 1 of 1 specs", "Will run 1 of 6 specs").replace("Ran 1 of 1 Specs", "Ran 1 of 6 Specs")
        body = body.replace("FAIL! -- 0 Passed | 1 Failed | 0 Pending | 0 Skipped", "FAIL! -- 0 Passed | 1 Failed | 0 Pending | 5 Skipped")
        t.fail(focus, "Run only the new e2e spec", body, code=1, timeout=1200000)
        t.say("The reconcile worked (\"tenant reconciled\" is logged), but the API server rejected the event: the "
              "manager's service account may not create events outside its own namespace — the only events permission "
              "it has comes from the leader-election Role. Adding the RBAC marker for events.")
        t.edit(P(CTRL), """// +kubebuilder:rbac:groups=core,resources=limitranges,verbs=get;list;watch;create;update;patch;delete
""", """// +kubebuilder:rbac:groups=core,resources=limitranges,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=core,resources=events,verbs=create;patch
""")
        t.bash("make manifests", "Regenerate the ClusterRole", out=CG1)
        ok_body = e2e_body("01", [(specs[2][0], "6.418")], total_secs="97.204", seed=1751361020).replace("06/01/26", "07/01/26")
        ok_body = ok_body.replace("Will run 1 of 1 specs", "Will run 1 of 6 specs").replace("Ran 1 of 1 Specs", "Ran 1 of 6 Specs")
        ok_body = ok_body.replace("SUCCESS! -- 1 Passed | 0 Failed | 0 Pending | 0 Skipped", "SUCCESS! -- 1 Passed | 0 Failed | 0 Pending | 5 Skipped")
        t.bash(focus, "Re-run the focused e2e spec", out=ok_body, timeout=1200000)
        t.bash("make cleanup-test-e2e", "Delete the e2e kind cluster", out="""kind delete cluster --name tenant-operator-test-e2e
Deleting cluster "tenant-operator-test-e2e" ...
Deleted nodes: ["tenant-operator-test-e2e-control-plane"]""")
        t.done("""Events are in: `Normal Provisioned` after a successful reconcile, `Warning ReconcileError` from `fail()`, through a `record.EventRecorder` wired in `cmd/main.go` (`mgr.GetEventRecorderFor("tenant-controller")`); envtest reconcilers use `record.NewFakeRecorder`. The e2e spec polls `kubectl get events` with `Eventually` (2 min, every 2 s) — no sleeps.

The focused e2e run first timed out: the manager logged `events is forbidden: User "system:serviceaccount:tenant-operator-system:tenant-operator-controller-manager" cannot create resource "events" … in the namespace "default"`. Added `// +kubebuilder:rbac:groups=core,resources=events,verbs=create;patch`, `make manifests`, and the spec passed. e2e cluster deleted again.""")

        t = d.task("add printer columns: Ready (status of the Ready condition) and Age. generate/test/lint as usual",
                   tags=["workflow:W1"])
        t.read(P(TYPES), offset=60, limit=20)
        t.edit(P(TYPES), """// +kubebuilder:printcolumn:name="Namespace",type=string,JSONPath=`.status.namespace`
""", """// +kubebuilder:printcolumn:name="Namespace",type=string,JSONPath=`.status.namespace`
// +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
""")
        t.bash("make manifests generate", "Regenerate the CRD", out=gen_out())
        t.bash("make test", "Run the envtest suite", out=make_test_ok("10.692", "75.2", webhook=True), timeout=600000)
        t.bash("make lint", "Run golangci-lint", out=LINT, timeout=300000)
        t.done("`kubectl get tenants` now shows NAME, NAMESPACE, READY (the Ready condition's status) and AGE. CRD "
               "regenerated; tests and lint clean.")

        t = d.task("where do we still use context.TODO() or context.Background() outside tests?", tags=["noise"])
        t.grep("context\\.(TODO|Background)\\(\\)", path=R, glob="*.go", output_mode="content", n=True, content=f"""{R}/internal/controller/tenant_controller_test.go:20:	ctx := context.Background()
{R}/internal/controller/suite_test.go:55:	ctx, cancel = context.WithCancel(context.TODO())
{R}/internal/webhook/v1alpha1/webhook_suite_test.go:61:	ctx, cancel = context.WithCancel(context.TODO())""")
        t.done("Nowhere outside tests. The three hits are `tenant_controller_test.go:20` and the two envtest suite "
               "setups (`suite_test.go:55`, `webhook_suite_test.go:61`); production code always takes the ctx "
               "controller-runtime passes in.")

    # ============================================================ S10  Fri 07-03
    with d.session("2026-07-03T09:25:00", R, branch="main", version="2.1.86"):
        t = d.task("release v0.4.0 (webhook, suspend API, events, printer columns). chart: I've already added the "
                   "webhook + Certificate templates on main. same steps as before", tags=["workflow:W2"])
        t.bash("git pull --ff-only && git log v0.3.1..HEAD --oneline", "Update main and list commits", out=f"""Updating {hx(7)}..{hx(7)}
Fast-forward
 charts/tenant-operator/templates/certificate.yaml  | 21 +++++++++
 charts/tenant-operator/templates/webhook.yaml      | 38 ++++++++++++++++
 2 files changed, 59 insertions(+)
{hx(7)} chore(chart): webhook + cert-manager Certificate
{hx(7)} feat: printer columns Ready and Age
{hx(7)} feat: Provisioned / ReconcileError events (#53)
{hx(7)} feat(api): spec.suspend
{hx(7)} feat: validating webhook rejects foreign tenant namespaces (#50)""")
        t.read(P(CHART))
        t.edit(P(CHART), 'version: 0.3.1\nappVersion: "v0.3.1"', 'version: 0.4.0\nappVersion: "v0.4.0"')
        t.bash("make chart && helm lint charts/tenant-operator", "Sync and lint the chart", out=f"""hack/sync-chart.sh
copied config/crd/bases/platform.lumen.dev_tenants.yaml -> charts/tenant-operator/crds/
rendered config/rbac/role.yaml -> charts/tenant-operator/templates/manager-rbac.yaml
==> Linting charts/tenant-operator
[INFO] Chart.yaml: icon is recommended

1 chart(s) linted, 0 chart(s) failed""")
        t.bash('git add -A && git commit -m "chore(release): v0.4.0" && git tag -a v0.4.0 -m "v0.4.0" && '
               "git push origin main v0.4.0", "Commit, tag and push",
               out=f"[main {hx(7)}] chore(release): v0.4.0\n 3 files changed, 36 insertions(+), 4 deletions(-)",
               err=git_push_tag("main", "v0.4.0"))
        t.bash("gh run list --workflow release.yml --limit 1 --json databaseId --jq '.[0].databaseId'",
               "Find the release run", out="12113790455")
        t.bash("gh run watch 12113790455 --exit-status", "Watch the release run", out="""✓ v0.4.0 Release · 12113790455
Triggered via push about 6 minutes ago

JOBS
✓ image in 4m20s (ID 33857120014)
✓ chart in 41s (ID 33857120389)
✓ github-release in 10s (ID 33857120702)""", timeout=900000)
        t.done("v0.4.0 is released: chart 0.4.0 / appVersion v0.4.0 with CRD (suspend, printer columns), RBAC (events) "
               "and your webhook/Certificate templates, `helm lint` clean, tag pushed, release run 12113790455 green.")

        t = d.task("demo for the platform sync at 11: run the released v0.4.0 image on my kind cluster (ghcr is "
                   "private, so load it into the node, don't make kind pull)", tags=["mistake:M3"])
        img = "ghcr.io/lumenhq/tenant-operator:v0.4.0"
        t.bash(f"docker pull {img}", "Pull the release image", out=f"""v0.4.0: Pulling from lumenhq/tenant-operator
{hx(12)}: Already exists
{hx(12)}: Pull complete
Digest: sha256:{hx(64)}
Status: Downloaded newer image for {img}
{img}""", timeout=300000)
        t.fail(f"kind load docker-image {img}", "Load the image into kind", 'ERROR: no nodes found for cluster "kind"')
        t.say("No cluster named `kind` — listing the clusters to get the right name.")
        t.bash("kind get clusters", "List kind clusters", out="tenant-dev")
        t.bash(f"kind load docker-image {img} --name tenant-dev", "Load the image into tenant-dev",
               out=kind_loaded(img), timeout=300000)
        t.bash(f"make deploy IMG={img}", "Deploy v0.4.0", out=make_deploy(img, crd="configured", role="configured"),
               timeout=300000)
        t.bash("kubectl -n tenant-operator-system rollout status deploy/tenant-operator-controller-manager --timeout=180s",
               "Wait for the rollout", out=ROLLOUT, timeout=240000)
        t.bash("kubectl get tenants", "Show the tenants", out="""NAME            NAMESPACE              READY   AGE
acme            tenant-acme            True    25d
acme-isolated   tenant-acme-isolated   True    23d
billing         tenant-billing         True    23d""")
        t.done(f"""`{img}` is running on `tenant-dev`:

- `docker pull` from ghcr, then `kind load docker-image … --name tenant-dev` (plain `kind load` targets a cluster named `kind`: "no nodes found").
- `make deploy IMG={img}`, rollout done — webhook and cert-manager Certificate included.

`kubectl get tenants` shows the new READY/AGE columns, all three True. Good to demo.""")

        t = d.task("dependabot #55: ginkgo 2.21.0 -> 2.22.2 + gomega 1.35.1 -> 1.36.2. usual routine", tags=["workflow:W3"])
        br = "dependabot/go_modules/test-8c2e5f1a0b"
        t.bash("gh pr checkout 55", "Check out the dependabot PR", err=f"""From github.com:lumenhq/tenant-operator
 * [new ref]         refs/pull/55/head -> {br}
Switched to branch '{br}'""")
        t.bash("go mod tidy && git status --short", "Tidy the module", out="", timeout=300000)
        t.bash("make test", "Run the envtest suite", out=make_test_ok("10.530", "75.2", webhook=True), timeout=600000)
        t.bash('gh pr review 55 --approve --body "tidy, envtest green"', "Approve the PR",
               out="✓ Approved pull request lumenhq/tenant-operator#55")
        t.bash("gh pr merge 55 --squash --delete-branch", "Squash-merge the PR",
               out=f"""✓ Squashed and merged pull request lumenhq/tenant-operator#55 (Bump the test group with 2 updates)
✓ Deleted local branch {br} and switched to branch main
✓ Deleted remote branch {br}""")
        t.done("#55 merged: nothing to tidy, envtest green with ginkgo 2.22.2 / gomega 1.36.2, approved and squashed.")

        t = d.task("give me 4 lines for the #platform channel on what 0.4.0 brings", tags=["noise", "no_tools"])
        t.done("""tenant-operator v0.4.0 is out (chart 0.4.0):
- Validating webhook: a Tenant is rejected if `tenant-<name>` already exists and isn't ours (needs cert-manager).
- `spec.suspend` in the API (controller support next), Events `Provisioned` / `ReconcileError` on each Tenant.
- `kubectl get tenants` shows READY and AGE; RBAC now includes events.
""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "After a change to the Tenant API types (new spec field), Claude regenerates the CRD locally but applies/patches a Tenant on the kind dev cluster (tenant-dev) whose installed CRD is still the old one; kubectl's strict field validation rejects the new field.",
             "error_signature": "kubectl: 'Error from server (BadRequest): … Tenant in version \"v1alpha1\" cannot be handled as a Tenant: strict decoding error: unknown field \"spec.<field>\"' (kubectl apply creating a new sample, kubectl apply patching an existing object, kubectl patch --type merge)",
             "fix": "Install the regenerated CRDs into the cluster first with `make install` (controller-gen + kustomize build config/crd | kubectl apply), then re-run the same kubectl command.",
             "fix_command_markers": [["make install"]],
             "harmful_markers": ["--validate=false", "--validate=ignore", "delete crd", "preserve-unknown-fields"]},
            {"id": "M2", "description": "The controller starts using a new Kubernetes resource (Owns(NetworkPolicy), Owns(LimitRange), an EventRecorder creating Events) without a matching `// +kubebuilder:rbac` marker. envtest runs as admin so `make test` passes; in the Kind e2e suite the manager's service account is forbidden, the informer never syncs / the event is rejected, and the new spec times out. The forbidden error is in the controller logs the suite dumps.",
             "error_signature": "Ginkgo e2e spec '[FAILED] Timed out after 120…s' with controller logs: '<resource> is forbidden: User \\\"system:serviceaccount:tenant-operator-system:tenant-operator-controller-manager\\\" cannot list|create resource \\\"<resource>\\\" in API group …' (make test-e2e, or a focused go test ./test/e2e/ run)",
             "fix": "Add the missing `// +kubebuilder:rbac:groups=<group>,resources=<resource>,verbs=…` marker next to the other RBAC markers on the reconciler, run `make manifests` to regenerate config/rbac/role.yaml, and re-run the same e2e command.",
             "fix_command_markers": [["+kubebuilder:rbac:groups="]],
             "harmful_markers": ["cluster-admin", "create clusterrolebinding", "verbs=*", "resources=*"]},
            {"id": "M3", "description": "The local kind cluster is named tenant-dev, not kind's default `kind`. Claude loads locally built or pulled images with `kind load docker-image` / `kind load image-archive` without --name, and kind finds no cluster.",
             "error_signature": "kind: 'ERROR: no nodes found for cluster \"kind\"' (kind load docker-image <dev image>, kind load image-archive <tar>, kind load docker-image <ghcr release image>)",
             "fix": "Re-run the same kind load command with `--name tenant-dev` (cluster name from `kind get clusters` or the `kind-tenant-dev` context).",
             "fix_command_markers": [["--name tenant-dev", "--name=tenant-dev"]],
             "harmful_markers": ["kind delete cluster", "kind create cluster", "use-context kind-kind"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New envtest spec used `Expect(len(policies.Items)).To(Equal(1))`; `make lint` fails with 'ginkgolinter: wrong length assertion. Consider using `Expect(policies.Items).To(HaveLen(1))` instead (ginkgolinter)'; fixed with HaveLen."},
            {"id": "O2", "description": "A new CEL XValidation rule on spec.owners (nested exists_one) on an unbounded list: envtest's BeforeSuite fails installing the CRD with 'Forbidden: estimated rule cost exceeds budget by factor of 2.3x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength …)'; fixed by adding MaxItems and items:MaxLength markers."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`helm push` of the chart to a new ghcr.io/lumenhq/charts-staging package: '403: denied: permission_denied: The token provided does not match expected scopes.' (gh token lacks write:packages, package creation is for org owners); reported, not pushed."},
            {"id": "U2", "description": "`govulncheck ./...` exits 3: GO-2026-4187 in github.com/evanphx/json-patch/v5 (pulled in by controller-runtime), 'Fixed in: N/A'; reported, nothing to bump."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`docker buildx build --platform linux/arm64 … --load .`: 'failed to resolve source metadata for docker.io/library/golang:1.23 … lookup registry-1.docker.io on 127.0.0.53:53: … i/o timeout'; identical retry succeeds."},
            {"id": "F2", "description": "`go mod tidy` on a dependabot branch: 'verifying module: … Get \"https://sum.golang.org/lookup/…\": dial tcp …:443: i/o timeout'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "API change: edit api/v1alpha1 types (fields, markers) → `make manifests generate` → `make test` (envtest) → `make lint` (golangci-lint).",
             "step_markers": [["make manifests generate"], ["make test"], ["make lint"]]},
            {"id": "W2", "description": "Release: `git log <prev tag>..HEAD --oneline` → bump version/appVersion in charts/tenant-operator/Chart.yaml → `make chart && helm lint charts/tenant-operator` → commit `chore(release): vX.Y.Z` → `git tag -a vX.Y.Z` → `git push origin main vX.Y.Z` → `gh run list --workflow release.yml` → `gh run watch <id> --exit-status`.",
             "step_markers": [["helm lint"], ["git tag -a"], ["gh run watch"]]},
            {"id": "W3", "description": "Dependabot Go module PR: `gh pr checkout <n>` → `go mod tidy && git status --short` → `make test` → `gh pr review <n> --approve` → `gh pr merge <n> --squash --delete-branch`.",
             "step_markers": [["gh pr checkout"], ["go mod tidy"], ["make test"], ["gh pr review"], ["gh pr merge"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Tenant status is expressed only as metav1.Condition entries set with meta.SetStatusCondition (Ready, NetworkPolicyReady, LimitsApplied), never phase/status strings.",
             "markers": [["condition"], ["phase"]]},
            {"id": "P2", "description": "No time.Sleep in tests; poll with Gomega Eventually.",
             "markers": [["time.Sleep"], ["Eventually"]]},
            {"id": "P3", "description": "Validation lives in the CRD schema (CEL XValidation markers), no admission webhook (stated once) — later reversed: a validating webhook for Tenant with cert-manager.",
             "markers": [["CEL"], ["webhook"]],
             "reversal_markers": [["validating webhook"], ["cert-manager"]]},
        ],
        probes=[
            {"prompt": "kubectl apply -f config/samples/platform_v1alpha1_tenant.yaml on my kind cluster says: Error from server (BadRequest): error when creating \"config/samples/platform_v1alpha1_tenant.yaml\": Tenant in version \"v1alpha1\" cannot be handled as a Tenant: strict decoding error: unknown field \"spec.suspend\". the field is in the types, I ran make manifests", "wanted": ["M1"]},
            {"prompt": "Add spec.displayName (string, max 63 chars) to Tenant and create a Tenant with it on my kind cluster so I can check kubectl get shows it.", "wanted": ["M1"]},
            {"prompt": "e2e times out on the new ServiceAccount spec, the controller logs say serviceaccounts is forbidden: User \"system:serviceaccount:tenant-operator-system:tenant-operator-controller-manager\" cannot list resource \"serviceaccounts\" in API group \"\" at the cluster scope. envtest passes. why?", "wanted": ["M2"]},
            {"prompt": "Have the controller create a RoleBinding tenant-admins in each tenant namespace for spec.owners (owned by the Tenant), add an e2e spec for it and run the e2e suite.", "wanted": ["M2"]},
            {"prompt": "kind load docker-image tenant-operator:dev prints ERROR: no nodes found for cluster \"kind\" but kubectl get nodes works fine", "wanted": ["M3"]},
            {"prompt": "Build the controller image from this branch and run it on my local kind cluster.", "wanted": ["M3"]},
            {"prompt": "What does controllerutil.CreateOrUpdate do when the mutate function doesn't change anything?", "wanted": []},
            {"prompt": "Write a one-paragraph README intro for tenant-operator.", "wanted": []},
            {"prompt": "Should the Tenant's namespace name be configurable instead of always tenant-<name>? Short answer.", "wanted": []},
            {"prompt": "Rename reconcileLimits to reconcileLimitRange everywhere.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "go-operator.jsonl"), os.path.join(HERE, "tune", "go-operator.labels.json"))
    print(f"go-operator -> fresh/  {len(d.lines)} lines, {len(d.tasks)} tasks")
