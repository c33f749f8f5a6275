"""Lessons from what a host sends: failed calls and the calls that fixed them, promoted by their signature."""

from __future__ import annotations

import pytest

from servers.core.recovery import opens_list
from servers.reflection.models import TaskReport, TraceStep
from servers.reflection.reflect import analyse, feedback_strategies, redundant_calls
from servers.reflection.service import ReflectionService

BACKENDS = ("sqlite", "postgresql")
REJECTED = (
    "Exit code 1\nTo github.com:acme/shop.git\n ! [rejected]        {b} -> {b} (non-fast-forward)\n"
    "error: failed to push some refs to 'github.com:acme/shop.git'"
)
MODIFIED = (
    "File has been modified since read, either by the user or by a linter. Read it again before attempting to write it."
)


def sh(command: str, error: str | None = None) -> TraceStep:
    return TraceStep(tool="Bash", arguments={"command": command, "description": "run"}, ok=error is None, error=error)


def push_task(branch: str, n: int) -> TaskReport:
    return TaskReport(
        task=f"push {branch} and open a PR",
        outcome="success",
        task_id=f"t{n}",
        trace=[
            sh("pnpm test"),
            sh(f"git push origin {branch}", REJECTED.format(b=branch)),
            sh("git status"),
            sh(f"git pull --rebase origin {branch}"),
            sh(f"git push origin {branch}"),
            sh("gh pr create --fill"),
        ],
    )


def test_the_lesson_names_the_error_and_the_fixing_command() -> None:
    _, _, errors, strategies, _ = analyse(push_task("feat/cart", 1), "post_task")
    [lesson] = [s for s in strategies if s.key]
    assert lesson.confidence == "MEDIUM" and lesson.key == "bash|*|rejected (non-fast-forward)=>git pull"
    assert "`git pull --rebase origin feat/cart`" in lesson.strategy
    assert lesson.lesson is not None and lesson.lesson.fix == ["git pull --rebase origin feat/cart"]
    assert errors[0].tool == "Bash"


def test_generic_advice_without_a_fix_never_reaches_promotion() -> None:
    report = TaskReport(task="build it", outcome="failure", trace=[sh("pnpm build", "Exit code 1\nerror TS2345: x")])
    _, _, _, strategies, _ = analyse(report, "post_task")
    assert strategies and all(s.confidence == "LOW" for s in strategies)


def test_a_retry_after_a_failed_edit_is_not_redundant() -> None:
    read = TraceStep(tool="Read", arguments={"file_path": "/a/x.py"})
    edit = TraceStep(tool="Edit", arguments={"file_path": "/a/x.py", "old_string": "a", "new_string": "b"})
    failed = edit.model_copy(update={"ok": False, "error": MODIFIED})
    assert redundant_calls([read, failed, read, edit]) == []
    assert redundant_calls([read, edit, read]) == []  # the file changed in between
    assert redundant_calls([read, TraceStep(tool="Grep", arguments={"pattern": "x"}), read]) == ["Read"]
    _, _, _, strategies, _ = analyse(TaskReport(task="edit x", trace=[read, failed, read, edit]), "post_task")
    assert not any("Reuse the result" in s.strategy for s in strategies)
    assert any("`Read` the file again" in s.strategy for s in strategies)


def test_three_tasks_with_other_branches_make_one_rule_in_general_words(svc: ReflectionService) -> None:
    for n, branch in enumerate(("feat/cart", "feat/search"), 1):
        assert svc.reflect(push_task(branch, n), "u").promoted == []
    third = svc.reflect(push_task("feat/wishlist", 3), "u")
    [rule] = svc.rules.all("u")
    assert third.promoted == [rule.id] and rule.status == "probation"
    assert (
        rule.text
        == 'When `git push` fails with "rejected (non-fast-forward)", run `git pull --rebase origin`, then retry it.'
    )
    assert rule.key == "bash|*|rejected (non-fast-forward)=>git pull" and rule.lesson is not None
    # It keeps what was asked in the tasks it came from, to be found for a task like them.
    assert len(rule.lesson.tasks) == 3 and all(t.startswith("push ") for t in rule.lesson.tasks)
    # A fourth occurrence agrees with it; the same task again does not count twice.
    fourth = svc.reflect(push_task("feat/x", 4), "u")
    assert fourth.promoted == [rule.id]
    svc.reflect(push_task("feat/x", 4), "u")
    assert svc.rules.get("u", rule.id).agrees == 1


def test_a_failure_a_rule_knows_is_found_by_its_signature(svc: ReflectionService) -> None:
    for n, branch in enumerate(("a", "b", "c"), 1):
        svc.reflect(push_task(branch, n), "u")
    found = svc.rules_for_failure("u", "Bash", '{"command": "git push -u origin d"}', REJECTED.format(b="d"))
    assert [r.key for r in found] == ["bash|*|rejected (non-fast-forward)=>git pull"]
    other = "Exit code 128\nfatal: Authentication failed for 'https://github.com/acme/shop.git/'"
    assert svc.rules_for_failure("u", "Bash", {"command": "git push"}, other) == []
    assert svc.rules_for_failure("someone-else", "Bash", {"command": "git push"}, REJECTED.format(b="d")) == []


def test_the_same_error_fixed_another_way_is_another_lesson(svc: ReflectionService) -> None:
    for n in range(1, 4):
        forced = TaskReport(
            task="push",
            task_id=f"f{n}",
            trace=[sh("git push", REJECTED.format(b="main")), sh("git push --force-with-lease")],
        )
        svc.reflect(forced, "u")
    for n, branch in enumerate(("a", "b"), 10):
        svc.reflect(push_task(branch, n), "u")
    [rule] = svc.rules.all("u")  # the force-push lesson; the rebase one has two tasks only
    assert "--force-with-lease" in rule.text and "pull" not in rule.text


def test_complaints_become_a_lesson_as_well_as_a_belief(svc: ReflectionService) -> None:
    report = TaskReport(
        task="summarise the design doc", user_feedback="too long, I had to cut half of it", user_reaction="complained"
    )
    [strategy] = feedback_strategies(report)
    assert strategy.strategy.startswith("Keep answers to this user short") and strategy.confidence == "LOW"
    svc.reflect(report.model_copy(update={"task_id": "c1"}), "u")
    [belief] = svc.users.get("u", include_all=True).beliefs
    assert (belief.dimension, belief.value) == ("verbosity", "concise")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_language_is_about_answers_not_about_what_is_written(svc: ReflectionService, lang: str) -> None:
    text = "Commit messages in English please" if lang == "en" else "以后提交信息请用英文写"
    svc.note_preferences("u", text, "t1")
    assert all(b.dimension != "language" for b in svc.users.get("u", include_all=True).beliefs)


DRIVER = (
    "Exit code 1\nFailures:\n  1) Cart removes a line\n     Failure/Error: accept_confirm { click_on 'Remove' }\n"
    "     Capybara::NotSupportedByDriverError:\n       Capybara::Driver::Base#accept_modal"
)


def driver_task(n: int, spec: str, fix: tuple[str, str]) -> TaskReport:
    old, new = fix
    edit = TraceStep(tool="Edit", arguments={"file_path": spec, "old_string": old, "new_string": new}, ok=True)
    run = f"bundle exec rspec {spec}"
    return TaskReport(task=f"system spec {n}", task_id=f"d{n}", trace=[sh(run, DRIVER), edit, sh(run)])


def test_the_same_edit_fixing_the_same_error_three_times_is_a_lesson(svc: ReflectionService) -> None:
    specs = ["spec/system/cart_spec.rb", "spec/system/checkout_spec.rb", "spec/system/catalog_spec.rb"]
    fixes = [
        ('RSpec.describe "Cart" do', 'RSpec.describe "Cart", js: true do'),
        ('it "pays with a gift card" do', 'it "pays with a gift card", js: true do'),
        ('describe "filters" do', 'describe "filters", js: true do'),
    ]
    for n, (spec, fix) in enumerate(zip(specs, fixes, strict=True), 1):
        svc.reflect(driver_task(n, spec, fix), "u")
    [rule] = svc.rules.all("u")
    assert "NotSupportedByDriverError" in rule.text and "add `js: true`" in rule.text


def test_different_edits_after_one_kind_of_error_are_no_lesson(svc: ReflectionService) -> None:
    fixes = [
        ("expect(total).to eq 10", "expect(total).to eq 12"),
        ("def price = cents", "def price = cents / 100.0"),
        ("has_many :lines", "has_many :lines, dependent: :destroy"),
    ]
    for n, fix in enumerate(fixes, 1):
        svc.reflect(driver_task(n, f"spec/system/s{n}_spec.rb", fix), "u")
    assert svc.rules.all("u") == []


def test_an_edit_fix_in_the_same_file_every_time_names_that_file(svc: ReflectionService) -> None:
    nu1008 = "Exit code 1\n{p}.csproj : error NU1008: Projects that use central package version management …"
    for n, (project, package) in enumerate((("Api", "Scalar"), ("Infra", "Polly"), ("Tests", "Bogus")), 1):
        props = TraceStep(
            tool="Edit",
            arguments={
                "file_path": "/repo/Directory.Packages.props",
                "old_string": "  </ItemGroup>",
                "new_string": f'    <PackageVersion Include="{package}" Version="{n}.0.0" />\n  </ItemGroup>',
            },
            ok=True,
        )
        csproj = TraceStep(
            tool="Edit",
            arguments={
                "file_path": f"/repo/src/{project}/{project}.csproj",
                "old_string": f'<PackageReference Include="{package}" Version="{n}.0.0" />',
                "new_string": f'<PackageReference Include="{package}" />',
            },
            ok=True,
        )
        run = f"dotnet build src/{project}"
        trace = [sh(run, nu1008.format(p=project)), csproj, props, sh(run)]
        svc.reflect(TaskReport(task=f"add {package}", task_id=f"p{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    # The line as every task wrote it, each package's name and version left out.
    assert "add `<PackageVersion Include=… Version=… />` to `Directory.Packages.props`" in rule.text


STRICT = (
    'Exit code 1\nError from server (BadRequest): {how}Tenant in version "v1alpha1" cannot be handled as a Tenant: '
    'strict decoding error: unknown field "spec.{field}"'
)
# How kubectl words the first line depends on what it was doing; the cause after it does not change.
STRICT_WAYS = (
    ("kubectl apply -f config/samples/isolated.yaml", 'error when creating "config/samples/isolated.yaml": '),
    ("kubectl apply -f hack/dev/billing.yaml", 'error when applying patch:\n{}\nto:\nerror when patching "b": '),
    ("kubectl patch tenant billing --type merge -p '{}'", ""),
)


def crd_task(n: int, field: str) -> TaskReport:
    command, how = STRICT_WAYS[(n - 1) % 3]
    error = STRICT.format(how=how, field=field)
    trace = [sh("make manifests generate"), sh(command, error), sh("make install"), sh(command)]
    return TaskReport(task=f"add spec.{field} to Tenant", task_id=f"crd{n}", trace=trace)


def test_one_failure_whose_first_line_differs_each_time_is_one_lesson(svc: ReflectionService) -> None:
    keys = set()
    for n, field in enumerate(("networkIsolation", "limits", "suspend"), 1):
        keys.add(next(s.key for s in analyse(crd_task(n, field), "post_task")[3] if s.key))
        svc.reflect(crd_task(n, field), "u")
    assert len(keys) == 3  # three key lines, three keys: equal keys alone would never have made a rule
    [rule] = svc.rules.all("u")
    assert "`make install`" in rule.text and "strict" in rule.text and "decoding" in rule.text
    # The fourth time, worded a fourth way, the hook finds the rule at once.
    fourth = STRICT.format(how='error when replacing "x": ', field="owners")
    assert svc.rules_for_failure("u", "Bash", {"command": "kubectl replace -f x.yaml"}, fourth) == []  # another step
    assert [r.id for r in svc.rules_for_failure("u", "Bash", {"command": "kubectl apply -f x.yaml"}, fourth)] == [
        rule.id
    ]


def test_unlike_failures_fixed_by_the_same_command_stay_apart(svc: ReflectionService) -> None:
    errors = (
        'Exit code 1\nError from server (BadRequest): strict decoding error: unknown field "spec.a"',
        "Exit code 1\nerror: You must be logged in to the server (Unauthorized)",
        "Exit code 1\nThe connection to the server localhost:8080 was refused - did you specify the right host?",
    )
    for n, error in enumerate(errors, 1):
        trace = [sh("kubectl apply -f x.yaml", error), sh("make install"), sh("kubectl apply -f x.yaml")]
        svc.reflect(TaskReport(task=f"apply {n}", task_id=f"k{n}", trace=trace), "u")
    assert svc.rules.all("u") == []


@pytest.mark.parametrize(
    "guards",
    [
        ("if (!context.mounted) return;", "if (!mounted) return;", "if (!context.mounted) return;"),
        # The first task's guard was written inside a State, without `context.`: the rule still shows it as code.
        ("if (!mounted) return;", "if (!context.mounted) return;", "if (!context.mounted) return;"),
    ],
)
def test_an_edit_fix_written_the_same_way_each_time_is_shown_as_written(
    svc: ReflectionService, guards: tuple[str, str, str]
) -> None:
    lint = (
        "Exit code 1\nAnalyzing app...\n\n   info • Don't use 'BuildContext's across async gaps • lib/{page}.dart:27:34"
        " • use_build_context_synchronously\n\n1 issue found."
    )
    # Each edit also leaves a comment: words the edits share, but prose, not the fix.
    for n, (page, guard) in enumerate(zip(("address", "coupon", "order"), guards, strict=True), 1):
        edit = TraceStep(
            tool="Edit",
            arguments={
                "file_path": f"lib/{page}.dart",
                "old_string": f"    await {page}Repo.save();\n    Navigator.pop(context);",
                "new_string": f"    await {page}Repo.save();\n    // The {page} page's context may be gone after it\n"
                f"    {guard}\n    Navigator.pop(context);",
            },
        )
        trace = [sh("flutter analyze", lint.format(page=page)), edit, sh("flutter analyze")]
        svc.reflect(TaskReport(task=f"save the {page}", task_id=f"f{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `if (!context.mounted) return;`" in rule.text and "async gaps" in rule.text


def test_prose_the_edits_share_is_not_the_fix_and_the_code_they_share_is(svc: ReflectionService) -> None:
    ownership = (
        "Exit code 2\n  1) test expires stale holds (Harbourline.Berths.HoldReaperTest)\n"
        "     ** (DBConnection.OwnershipError) cannot find ownership process for #PID<0.702.0>."
    )
    comments = (
        "# The reaper queries from its own process: let it use this test's sandbox connection.",
        "# The board is loaded by a separate process, so let it use this test's connection.",
        "# The listener runs in its own process and gets this test's sandbox connection.",
    )
    for n, (comment, name) in enumerate(zip(comments, ("reaper", "board", "listener"), strict=True), 1):
        new = f"    {comment}\n    Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), {name})\n    :ok"
        edit = TraceStep(
            tool="Edit",
            arguments={"file_path": f"test/{name}_test.exs", "old_string": "    :ok", "new_string": new},
        )
        run = f"mix test test/{name}_test.exs"
        trace = [sh(run, ownership), edit, sh(run)]
        svc.reflect(TaskReport(task=f"a {name} process", task_id=f"o{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), …)`" in rule.text
    assert "The" not in rule.text.split("add", 1)[1]  # none of the comments' words


def test_a_marker_line_whose_values_differ_is_shown_with_its_values_left_out(svc: ReflectionService) -> None:
    """Each edit granted other verbs on other resources: the marker shows, each value a gap (`verbs=…`)."""
    forbidden = (
        'Exit code 1\n  [FAILED] {kind} is forbidden: User "system:serviceaccount:tenant-system:manager" cannot '
        '{verb} resource "{kind}" in API group "" in the namespace "tenant-a"'
    )
    marker = "// +kubebuilder:rbac:groups={group},resources={kind},verbs={verbs}"
    grants = (
        ("networking.k8s.io", "networkpolicies", "get;list;watch;create;update;patch;delete"),
        ("core", "limitranges", "get;list;watch;create;update;patch;delete"),
        ("core", "events", "create;patch"),
    )
    for n, (group, kind, verbs) in enumerate(grants, 1):
        anchor = "// +kubebuilder:rbac:groups=core,resources=resourcequotas,verbs=get;list;watch"
        edit = TraceStep(
            tool="Edit",
            arguments={
                "file_path": "internal/controller/tenant_controller.go",
                "old_string": anchor,
                "new_string": f"{anchor}\n{marker.format(group=group, kind=kind, verbs=verbs)}",
            },
        )
        failing = forbidden.format(kind=kind, verb=verbs.split(";")[0])
        trace = [sh("make test-e2e", failing), edit, sh("make manifests"), sh("make test-e2e")]
        svc.reflect(TaskReport(task=f"reconcile {kind}", task_id=f"k{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `// +kubebuilder:rbac:groups=…,resources=…,verbs=…`" in rule.text, rule.text
    assert "run `make manifests`" in rule.text


@pytest.mark.parametrize(
    ("set_as", "shown"),
    [
        # Every task pointed at the same install: the rule says which.
        (
            ("$HOME/opt/spark-3.5.5", "/home/declan/opt/spark-3.5.5", "~/opt/spark-3.5.5"),
            "SPARK_HOME=$HOME/opt/spark-3.5.5",
        ),
        # Each task chose its own: the name is the lesson, the value is left out.
        (("/opt/spark-a", "/opt/spark-b", "/opt/spark-c"), "SPARK_HOME=…"),
    ],
)
def test_a_variable_set_on_the_retry_is_shown_with_its_value_only_when_every_task_set_the_same(
    svc: ReflectionService, set_as: tuple[str, str, str], shown: str
) -> None:
    error = 'Exit code 2\nException in thread "main" java.lang.NoSuchMethodError: scala.Predef$.refArrayOps'
    for n, (job, home) in enumerate(zip(("Daily", "Anomaly", "Dedup"), set_as, strict=True), 1):
        trace = [sh(f"make spark-local JOB={job}", error), sh(f"make spark-local SPARK_HOME={home} JOB={job}")]
        svc.reflect(TaskReport(task=f"run the {job} job", task_id=f"s{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert f"run it as `make spark-local {shown}`" in rule.text, rule.text


def test_a_way_most_tasks_ran_alike_is_shown_as_they_ran_it(svc: ReflectionService) -> None:
    """Two of three tasks added the dependency to the console's package, one to the shared one: the rule shows
    what most did, a package to name, not only that some package was named."""
    error = (
        "Exit code 1\n ERR_PNPM_ADDING_TO_ROOT  Running this command will add the dependency to the workspace root, "
        "which might not be what you want - if you really meant it, make it explicit by running this command again "
        "with the -w flag (or --workspace-root)."
    )
    runs = (("dayjs", "@hx/admin"), ("@vueuse/core", "@hx/ui"), ("echarts", "@hx/admin"))
    for n, (dependency, package) in enumerate(runs, 1):
        trace = [sh(f"pnpm add {dependency}", error), sh(f"pnpm add --filter {package} {dependency}")]
        svc.reflect(TaskReport(task=f"use {dependency}", task_id=f"p{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "run it as `pnpm add --filter @hx/admin` instead" in rule.text, rule.text


def test_a_type_every_edit_declared_is_shown_as_the_declaration(svc: ReflectionService) -> None:
    """Each edit declared an interface of its own for an untyped object literal: the declaration is the lesson,
    not the words `export interface number` the edits happened to share."""
    error = (
        "Exit code 255\n> hvigor ERROR: ArkTS Compiler Error\n1 ERROR: 10605038 ArkTS Compiler Error\n"
        "Error Message: Object literal must correspond to some explicitly declared class or interface "
        "(arkts-no-untyped-obj-literals) At File: /p/entry/src/main/ets/{0}.ets:54:12"
    )
    shapes = (("CartSummary", "count"), ("OrderLineReq", "qty"), ("PriceCase", "fen"))
    for n, (name, field) in enumerate(shapes, 1):
        edit = TraceStep(
            tool="Edit",
            arguments={
                "file_path": f"entry/src/main/ets/{name}.ets",
                "old_string": "@Observed\nexport class Model {",
                "new_string": f"export interface {name} {{\n  {field}: number;\n}}\n\n@Observed\nexport class Model {{",
            },
        )
        build = "hvigorw assembleHap --mode module -p product=default --no-daemon"
        trace = [sh(build, error.format(name)), edit, sh(build)]
        svc.reflect(TaskReport(task=f"show the {name}", task_id=f"i{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `export interface … {`" in rule.text, rule.text
    assert "object literal must correspond" in rule.text


def test_another_error_of_the_same_long_build_log_fixed_otherwise_does_not_hide_the_lesson(
    svc: ReflectionService,
) -> None:
    """Two compiler errors in one build log share most of its words; a task that fixed the other one by another
    edit must not keep the three declarations from becoming a rule."""
    log = "".join(f"> hvigor Finished :entry:default@{step}... after 12 ms\n" for step in _HVIGOR_STEPS)
    warnings = (
        "1 WARN: ArkTS:WARN: For details about ArkTS syntax errors, see FAQs\n2 WARN: ArkTS:WARN File: "
        "/p/common/src/main/ets/network/HttpClient.ets:54:22\n Function may throw exceptions. Special handling is "
        "required.\n"
    )
    error = (
        log
        + warnings
        + (
            "> hvigor ERROR: ArkTS Compiler Error\n1 ERROR: 10605038 ArkTS Compiler Error\nError Message: {0} At File: "
            "/p/entry/src/main/ets/{1}.ets:54:12\n\nCOMPILE RESULT:FAIL {{ERROR:2 WARN:4}}\n\n* Try:\n> Run with "
            "--stacktrace option to get the stack trace.\n> Run with --debug option to get more log output.\n\n"
            "> hvigor ERROR: BUILD FAILED in 20 s 483 ms"
        )
    )
    untyped = (
        "Object literal must correspond to some explicitly declared class or interface (arkts-no-untyped-obj-literals)"
    )
    build = "hvigorw assembleHap --mode module -p product=default --no-daemon"

    def edit(name: str, added: str) -> TraceStep:
        return TraceStep(
            tool="Edit",
            arguments={
                "file_path": f"entry/src/main/ets/{name}.ets",
                "old_string": f"export class {name}Model {{",
                "new_string": f"{added}\n\nexport class {name}Model {{",
            },
        )

    tasks = [
        ("CartSummary", untyped, "export interface CartSummary {\n  count: number;\n}"),
        ("OrderList", "Property 'total' does not exist on type 'OrderVM'.", "  private total = 0;"),
        ("OrderLineReq", untyped, "export interface OrderLineReq {\n  qty: number;\n}"),
        ("PriceCase", untyped, "export interface PriceCase {\n  fen: number;\n}"),
    ]
    for n, (name, message, added) in enumerate(tasks, 1):
        trace = [sh(build, error.format(message, name)), edit(name, added), sh(build)]
        svc.reflect(TaskReport(task=f"work on {name}", task_id=f"h{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `export interface … {`" in rule.text, rule.text


_HVIGOR_STEPS = (
    "PreBuild CreateModuleInfo GenerateMetadata MergeProfile CreateBuildProfile PreCheckSyscap GeneratePkgContextInfo "
    "ProcessIntegratedHsp MakePackInfo SyscapTransform ProcessProfile ProcessRouterMap ProcessStartupConfig "
    "ProcessResource GenerateLoaderJson ProcessLibs CompileResource BuildJS CacheNativeLibs"
).split()


def test_a_changed_way_of_running_shows_the_option_every_task_added(svc: ReflectionService) -> None:
    """Each drain added the option that fixed it beside options of its own: the rule names the shared one."""
    error = (
        'Exit code 1\nerror: unable to drain node "{node}" due to error: cannot delete DaemonSet-managed Pods '
        "(use --ignore-daemonsets to ignore): kube-system/calico-node-x2x"
    )
    runs = (
        ("k8s-node-03", "", " --ignore-daemonsets --delete-emptydir-data --timeout=300s"),
        ("k8s-node-05", " --timeout=5m", " --ignore-daemonsets --timeout=5m"),
        ("k8s-node-02", " --timeout=10m", " --ignore-daemonsets --force --timeout=10m"),
    )
    for n, (node, before, after) in enumerate(runs, 1):
        trace = [sh(f"kubectl drain {node}{before}", error.format(node=node)), sh(f"kubectl drain {node}{after}")]
        svc.reflect(TaskReport(task=f"drain {node} for a disk swap", task_id=f"d{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "run it as `kubectl drain --ignore-daemonsets` instead" in rule.text, rule.text


def test_a_command_fix_that_always_came_with_an_edit_of_one_file_names_both(svc: ReflectionService) -> None:
    """Each time the topic was created on the broker and added to `topics.txt`: the rule says to do both, the
    listing looked at first (`kcat -L`) is no part of it."""
    error = (
        "Exit code 1\n==> X AlertsIT 60.2s org.apache.kafka.common.errors.TimeoutException: Topic {t} not present in "
        "metadata after 60000 ms."
    )
    for n, topic in enumerate(("meter.alerts.v1", "meter.dlq.v1", "meter.tariffs.v1"), 1):
        create = f"docker compose exec kafka kafka-topics --bootstrap-server localhost:9092 --create --topic {topic}"
        edit = TraceStep(
            tool="Edit",
            arguments={"file_path": "docker/kafka/topics.txt", "old_string": "a:1", "new_string": f"a:1\n{topic}:3"},
        )
        run = f'sbt "it/testOnly *{n}IT"'
        trace = [sh(run, error.format(t=topic)), sh("kcat -b localhost:9092 -L"), sh(create), edit, sh(run)]
        svc.reflect(TaskReport(task=f"publish to {topic}", task_id=f"t{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "run `kafka-topics --bootstrap-server localhost:9092 --create --topic …`" in rule.text, rule.text
    assert "edit `topics.txt`" in rule.text and "kcat" not in rule.text


def test_a_replacement_every_edit_made_is_the_rule(svc: ReflectionService) -> None:
    """Each task wrote a unit the linter forbids; each fix replaced it everywhere in the file it wrote."""
    lint = 'Exit code 2\n{f}\n  3:12   ✖  Unexpected unit "rpx"  unit-disallowed-list\n\n✖ 4 problems (4 errors)'
    for n, page in enumerate(("coupon", "points", "group"), 1):
        path = f"src/pages/{page}/index.scss"
        edit = TraceStep(
            tool="Edit", arguments={"file_path": path, "old_string": "rpx", "new_string": "px", "replace_all": True}
        )
        trace = [sh("pnpm lint", lint.format(f=path)), TraceStep(tool="Read", arguments={"file_path": path}), edit]
        svc.reflect(TaskReport(task=f"style the {page} page", task_id=f"s{n}", trace=[*trace, sh("pnpm lint")]), "u")
    [rule] = svc.rules.all("u")
    assert "replace `rpx` with `px` in `index.scss`" in rule.text


def test_a_reference_added_to_each_task_s_own_file_of_one_kind_names_the_kind(svc: ReflectionService) -> None:
    """Three assemblies each lacked a reference: the files differ, their kind is where the fix goes, and the
    GUID each task looked up is left out."""
    compile_error = (
        "Exit code 1\nAssets/Scripts/{a}/X.cs(3,19): error CS0234: The type or namespace name 'Y' does not exist "
        "in the namespace 'Z' (are you missing an assembly reference?)\nScripts have compiler errors."
    )
    guids = ("9e24947de15b9834991c9d8411ea37cf", "3f9c0d7e6b2a41c58e7d1f0a9b4c2d66", "75469ad4d38634e559750d17036d5f7c")
    for n, (assembly, guid) in enumerate(zip(("UI", "Online", "Gameplay"), guids, strict=True), 1):
        path = f"Assets/Scripts/{assembly}/Game.{assembly}.asmdef"
        old = '    "references": [\n        "GUID:0f1e2d3c4b5a69788796a5b4c3d2e1f0"\n    ],'
        new = old.replace('"\n', f'",\n        "GUID:{guid}"\n')
        edit = TraceStep(tool="Edit", arguments={"file_path": path, "old_string": old, "new_string": new})
        run = "Unity -batchmode -projectPath . -runTests -testPlatform EditMode"
        trace = [sh(run, compile_error.format(a=assembly)), edit, sh(run)]
        svc.reflect(TaskReport(task=f"a feature in {assembly}", task_id=f"a{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    # The files' names share a start (`Game.`): the kind of file is named as closely as they agree.
    assert 'add `"GUID:…"` to the `Game.*.asmdef` file' in rule.text
    assert not any(guid in rule.text for guid in guids)


def test_what_each_error_named_added_to_one_file_is_the_rule(svc: ReflectionService) -> None:
    """Each task met another unfree package and added its name to the one allow-list."""
    unfree = "Exit code 1\nerror: Package ‘{p}-1.2.3’ in /nix/store/x/default.nix:40 has an unfree license"
    before = "obsidian"
    for n, package in enumerate(("terraform", "slack", "ngrok"), 1):
        edit = TraceStep(
            tool="Edit",
            arguments={
                "file_path": "/home/r/infra/lib/unfree.nix",
                "old_string": f'  "{before}"\n',
                "new_string": f'  "{before}"\n  "{package}"\n',
            },
        )
        trace = [sh("nix build .#shell", unfree.format(p=package)), edit, sh("nix build .#shell")]
        svc.reflect(TaskReport(task=f"add {package}", task_id=f"n{n}", trace=trace), "u")
        before = package
    [rule] = svc.rules.all("u")
    assert "add what the error names to `unfree.nix`" in rule.text


def _edit(path: str, old: str, new: str) -> TraceStep:
    return TraceStep(tool="Edit", arguments={"file_path": path, "old_string": old, "new_string": new})


def test_one_name_of_a_family_each_edit_added_is_shown_by_its_stem(svc: ReflectionService) -> None:
    """Each library's build file got the plugin its error named (`babel_plugin_x`, `babel_plugin.y`, …): the
    family, where it goes, and one example, not "retry it"."""
    error = "Exit code 1\nFile \"src/{0}/a.ml\", line 3:\nError: Loader: '{1}' is not a supported plugin"
    runs = (
        ("billing", "json", "babel_plugin_json"),
        ("hooks", "show", "babel_plugin.show"),
        ("mail", "ord", "babel_plugin.ord"),
    )
    for n, (lib, name, plugin) in enumerate(runs, 1):
        edit = _edit(f"/h/app/src/{lib}/build.conf", "  (plugins base)", f"  (plugins base {plugin})")
        trace = [sh("make build", error.format(lib, name)), edit, sh("make build")]
        svc.reflect(TaskReport(task=f"derive {name} in {lib}", task_id=f"f{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    # The list they went into, by a line an edit left it as: where the entry goes.
    shown = "add the `babel_plugin…` it asks for to `plugins` in `build.conf` (as in `(plugins base babel_plugin_"
    assert shown in rule.text


def test_a_place_one_edit_wrote_and_the_others_added_to_is_where_the_fix_goes(svc: ReflectionService) -> None:
    """The first task wrote `allowed_paths = [...]`, the later ones added an entry to it: "add what it names to
    `allowed_paths` in `tool.toml`", not the words every entry happens to have."""
    error = "Exit code 1\nError: script failed: fs.{0}: the path ./{1} is not allowed to be accessed"
    first = _edit("/h/p/tool.toml", "[profile.ci]", 'allowed_paths = [{ mode = "rw", path = "./out" }]\n\n[profile.ci]')
    second = _edit(
        "/h/p/tool.toml",
        'allowed_paths = [{ mode = "rw", path = "./out" }]',
        'allowed_paths = [\n  { mode = "rw", path = "./out" },\n  { mode = "r", path = "./fixtures" },\n]',
    )
    third = _edit(
        "/h/p/tool.toml",
        'allowed_paths = [\n  { mode = "rw", path = "./out" },\n  { mode = "r", path = "./fixtures" },\n]',
        'allowed_paths = [\n  { mode = "rw", path = "./out" },\n  { mode = "r", path = "./fixtures" },\n'
        '  { mode = "r", path = "./config" },\n]',
    )
    for n, (edit, call, path) in enumerate(
        ((first, "write", "out/a.json"), (second, "read", "fixtures/b.json"), (third, "read", "config/c.json")), 1
    ):
        trace = [sh("tool script run", error.format(call, path)), edit, sh("tool script run")]
        svc.reflect(TaskReport(task=f"script {n}", task_id=f"s{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add what it names to `allowed_paths` in `tool.toml`" in rule.text, rule.text


def test_entries_that_differ_under_one_key_are_a_lesson_about_the_key(svc: ReflectionService) -> None:
    """Each task taught the linter another macro under `:lint-as`; the entries share only the namespace of
    their targets (`clojure.core`). The rule names the key and the file, and the error as far as the three
    runs' errors agree ("unresolved symbol: …", not the symbol of one run)."""
    error = "Exit code 3\nsrc/app/{0}.clj:{1}:5: error: Unresolved symbol: {2}\nlinting took 41ms, errors: 1"
    entries = [
        ("db", "app.db/with-conn clojure.core/let", "conn"),
        ("http", "app.http/defroute clojure.core/defn", "req"),
        ("jobs", "app.jobs/with-retry clojure.core/let app.jobs/defjob clojure.core/defn", "attempt"),
    ]
    written = ":lint-as {integrant.core/defmethod clojure.core/defmethod}"
    # Other failures of the month: words every lint error has weigh little only among them.
    for n, branch in enumerate(("feat/a", "feat/b")):
        svc.reflect(push_task(branch, n), "u")
    for n, (ns, entry, symbol) in enumerate(entries, 1):
        edit = _edit("/h/app/.clj-kondo/config.edn", written, written[:-1] + f"\n           {entry}}}")
        trace = [sh("clj-kondo --lint src", error.format(ns, 10 + n, symbol)), edit, sh("clj-kondo --lint src")]
        svc.reflect(TaskReport(task=f"lint {ns}", task_id=f"k{n}", trace=trace), "u")
    [rule] = [r for r in svc.rules.all("u") if "lint" in r.text]
    assert 'fails with "error: unresolved symbol: …"' in rule.text, rule.text
    assert "to `:lint-as` in `" in rule.text and "config.edn`" in rule.text, rule.text
    assert "clojure.core" not in rule.text


def test_a_setting_each_edit_added_with_its_own_value_is_shown_without_it(svc: ReflectionService) -> None:
    """Each recipe's source line got `;branch=` with the branch of that repository: "add `branch=…`"."""
    error = "Exit code 1\nERROR: {0}-1.0+git-r0 do_fetch: Fetcher failure: Unable to find revision {1} in branch master"
    for n, (name, branch) in enumerate((("hmi", "main"), ("probe", "develop"), ("agent", "main")), 1):
        src = f'SRC_URI = "git://git.example.com/{name}.git;protocol=ssh'
        edit = _edit(f"/h/layer/recipes/{name}/{name}_git.bb", src + '"', src + f';branch={branch}"')
        trace = [sh(f"bitbake {name}", error.format(name, f"{n}abc1234def")), edit, sh(f"bitbake {name}")]
        svc.reflect(TaskReport(task=f"recipe {name}", task_id=f"b{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `branch=…` to the `*.bb` file" in rule.text, rule.text


def test_a_fix_spelled_by_a_variant_of_the_same_member_is_one_lesson(svc: ReflectionService) -> None:
    """Two tasks wrapped the callback's body in `vim.schedule(function() … end)`, one wrapped the callback itself in
    `vim.schedule_wrap(…)`: one fix, spelled two ways."""
    error = (
        "Exit code 2\nError executing luv callback:\n...lua/notes/{name}.lua:31: E5560: nvim_buf_set_lines must not be"
        " called in a lua loop callback\nmake: *** [Makefile:9: test] Error 2"
    )
    bodies = {
        "sync": (
            "  on_exit(function(out)\n    render(out)\n  end)",
            "  on_exit(function(out)\n    vim.schedule(function()\n      render(out)\n    end)\n  end)",
        ),
        "watch": (
            "  w:start(path, {}, function()\n    reload()\n  end)",
            "  w:start(path, {}, vim.schedule_wrap(function()\n    reload()\n  end))",
        ),
        "timer": (
            "  t:start(50, 0, function()\n    paint(buf)\n  end)",
            "  t:start(50, 0, function()\n    vim.schedule(function()\n      paint(buf)\n    end)\n  end)",
        ),
    }
    for n, (name, (old, new)) in enumerate(bodies.items(), 1):
        edit = TraceStep(
            tool="Edit", arguments={"file_path": f"lua/notes/{name}.lua", "old_string": old, "new_string": new}
        )
        trace = [sh("make test", error.format(name=name)), edit, sh("make test")]
        svc.reflect(TaskReport(task=f"add the {name} feature", task_id=f"n{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `vim.schedule" in rule.text and "E5560" in rule.text


def test_calls_on_one_receiver_with_different_methods_are_shown_as_calls(svc: ReflectionService) -> None:
    """Each route file got a `$router->…(…)` line for the path its test hit, `get` twice and `post` once: all the
    edits share is the receiver, and "add `$router`" would name no fix; the calls on it do."""
    error = (
        "Exit code 2\n  FAIL  Tests\\Feature\\{0}Test\n  ⨯ it lists {1}\n"
        "  Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException: The route api/{1} could not be found."
    )
    calls = (
        ("Invoice", "invoices", "get", "all"),
        ("Refund", "refunds", "post", "issue"),
        ("Payout", "payouts", "get", "due"),
    )
    for n, (name, path, verb, action) in enumerate(calls, 1):
        old = "<?php\n\n/** @var \\Laravel\\Lumen\\Routing\\Router $router */\n"
        new = old + f"\n$router->{verb}('/{path}', '{name}Controller@{action}');\n"
        edit = _edit(f"/h/shop/routes/api_{path}.php", old, new)
        test = f"php artisan test --filter={name}Test"
        trace = [sh(test, error.format(name, path)), edit, sh(test)]
        svc.reflect(TaskReport(task=f"list {path} over the api", task_id=f"r{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `$router->get(…)` or `$router->post(…)` to " in rule.text, rule.text


def test_one_fix_written_into_different_kinds_of_file_shows_each(svc: ReflectionService) -> None:
    """The wheel lacked the package's `schemas` folder: two projects list package data in `pyproject.toml` (a line
    changed in place), one in `MANIFEST.in` (a line added). "Add `schemas` where it failed" would not say where;
    the line each kind of file took does."""
    error = (
        "Exit code 1\nFAILED tests/test_{0}.py::test_validates - FileNotFoundError: [Errno 2] No such file or "
        "directory: '/tmp/venv/lib/python3.12/site-packages/{0}/schemas/order.json'"
    )
    runs = (
        ("billing", "pyproject.toml", '{0} = ["py.typed"]', '{0} = ["py.typed", "schemas/*.json"]'),
        ("ledger", "MANIFEST.in", "include README.md", "include README.md\nrecursive-include src/{0}/schemas *.json"),
        ("payouts", "pyproject.toml", '{0} = ["py.typed"]', '{0} = ["py.typed", "schemas/*.json"]'),
    )
    for n, (name, file, old, new) in enumerate(runs, 1):
        edit = _edit(f"/h/{name}/{file}", "[x]\n" + old.format(name), "[x]\n" + new.format(name))
        test = "tox -e wheel"
        trace = [sh(test, error.format(name)), edit, sh(test)]
        svc.reflect(TaskReport(task=f"ship the {name} wheel", task_id=f"w{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert (
        'add the same entry where each kind of file takes it: `billing = ["py.typed", "schemas/*.json"]` in '
        "`pyproject.toml`; "
        "`recursive-include src/ledger/schemas *.json` in `MANIFEST.in`" in rule.text
    ), rule.text


def test_a_fix_alike_to_an_earlier_fix_that_is_alike_to_another_joins_both(svc: ReflectionService) -> None:
    """`-n cold` and `--vault cold` give one value to one option spelled two ways; `-n warm` gives the same option
    another value. The third is not alike to the second directly, but to the first, which is: one lesson."""
    error = "Exit code 2\nsealctl: error: no vault selected (missing '--vault <name>'?)"
    runs = ("-n cold", "--vault cold", "-n warm")
    for n, way in enumerate(runs, 1):
        trace = [sh(f"sealctl unseal key{n}", error), sh(f"sealctl unseal key{n} {way}")]
        svc.reflect(TaskReport(task=f"unseal key {n}", task_id=f"s{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "sealctl" in rule.text and "-n" in rule.text, rule.text


NARROWING = (
    "Exit code 2\n{0}.cc:14:18: error: conversion from 'size_t' to 'int' may change value [-Werror=conversion]\n"
    "make[2]: *** [CMakeFiles/core.dir/build.make:76: CMakeFiles/core.dir/{0}.cc.o] Error 1"
)
RACE = (
    "Exit code 8\n==================\nWARNING: ThreadSanitizer: data race (pid=4411)\n"
    "  Write of size 8 at 0x7b0c00000010 by thread T2:\n    #0 engine::{0}::push() src/{0}.cc:31"
)


@pytest.mark.parametrize(
    ("error", "written", "shown"),
    [
        # the type arguments differ from task to task: left out
        (
            NARROWING,
            ("gsl::narrow<int>(v.size())", "gsl::narrow<std::uint16_t>(n)", "gsl::narrow<long>(d.count())"),
            "gsl::narrow<…>(…)",
        ),
        # the same every time, around names of each task's own: part of the fix
        (
            RACE,
            (
                "std::scoped_lock<std::mutex> g(m_)",
                "std::scoped_lock<std::mutex> lock(mu)",
                "std::scoped_lock<std::mutex> held(q_mu_)",
            ),
            "std::scoped_lock<std::mutex>",
        ),
    ],
)
def test_a_name_written_with_type_arguments_is_shown_with_them(
    svc: ReflectionService, error: str, written: tuple[str, ...], shown: str
) -> None:
    """What every edit added is a template (`gsl::narrow<int>(…)`): the bare name says neither that it takes type
    arguments nor that it is called; the rule shows how it is written."""
    for n, (name, code) in enumerate(zip(("queue", "timer", "codec"), written, strict=True), 1):
        edit = _edit(f"/h/engine/src/{name}.cc", "  auto x = value;\n", f"  auto x = value;\n  {code};\n")
        trace = [sh("make -C build core", error.format(name)), edit, sh("make -C build core")]
        svc.reflect(TaskReport(task=f"tidy {name} sizes", task_id=f"g{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert f"add `{shown}`" in rule.text, rule.text


def test_a_one_letter_option_some_task_spelled_long_is_shown_with_its_long_name(svc: ReflectionService) -> None:
    """Two tasks added `-p` and one `--parents` after the same failure: one fix, and the long name says what the
    letter does."""
    error = "Exit code 1\nmkdir: cannot create directory '{0}': No such file or directory"
    runs = (("out/web/img", "-p"), ("dist/docs/api", "--parents"), ("cache/tiles/12", "-p"))
    for n, (path, option) in enumerate(runs, 1):
        trace = [sh(f"mkdir {path}", error.format(path)), sh(f"mkdir {option} {path}"), sh(f"cp -r src {path}")]
        svc.reflect(TaskReport(task=f"stage {path}", task_id=f"m{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "run it as `mkdir -p` (`--parents`)" in rule.text, rule.text


def test_one_name_added_to_a_list_is_shown_with_the_line_it_went_into(svc: ReflectionService) -> None:
    """Each task derived `serde::Serialize` for its own type: the rule says where the name goes, with a line."""
    error = (
        "Exit code 101\nerror[E0277]: the trait bound `{0}: Serialize` is not satisfied\n"
        "  --> src/api.rs:40:17\n   = help: the following other types implement trait `Serialize`:"
    )
    kinds = (("Reading", "Debug, Clone"), ("Alarm", "Debug, Clone, Copy, PartialEq"), ("Batch", "Debug"))
    for n, (name, derived) in enumerate(kinds, 1):
        old = f"#[derive({derived})]\npub struct {name} {{\n"
        new = f"#[derive({derived}, serde::Serialize)]\npub struct {name} {{\n"
        edit = _edit(f"/h/hive/src/{name.lower()}.rs", old, new)
        trace = [sh("cargo build", error.format(name)), edit, sh("cargo build")]
        svc.reflect(TaskReport(task=f"send {name} over the api", task_id=f"s{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `serde::Serialize` to `derive`" in rule.text, rule.text
    assert "(as in `#[derive(Debug, serde::Serialize)]`" in rule.text, rule.text


def test_each_name_the_error_named_added_as_an_entry_of_one_file_is_the_rule(svc: ReflectionService) -> None:
    """A strict schema refused a property by name three times; each time its entry (the name and its type) went
    into the one schema file: the rule is where, not the names."""
    error = (
        "Exit code 1\nconfig/prod.json: Additional properties are not allowed ('{0}' was unexpected)\n"
        "Failed validating 'additionalProperties' in schema"
    )
    # each entry went in after the one the task before added
    names = (("image", "region", "string"), ("region", "replicas", "integer"), ("replicas", "canary_weight", "number"))
    for n, (last, name, kind) in enumerate(names, 1):
        old = f'    "{last}": {{"type": "{"string" if n < 3 else "integer"}"}},\n'
        edit = _edit("/h/deploy/schemas/service.schema.json", old, old + f'    "{name}": {{"type": "{kind}"}},\n')
        check = "check-jsonschema --schemafile schemas/service.schema.json config/prod.json"
        trace = [sh(check, error.format(name)), edit, sh(check)]
        svc.reflect(TaskReport(task=f"set {name} for prod", task_id=f"j{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add what the error names to `service.schema.json`" in rule.text, rule.text


def test_a_property_the_error_names_unquoted_added_as_a_block_or_after_a_comma_is_the_rule(
    svc: ReflectionService,
) -> None:
    """A validator refused a setting by name without quotes; each edit put that setting's entry in the one schema
    file, once as a block of its own settings, once as a line after the last entry (which got its comma). The
    entries share `type` and `integer`, which is no lesson: where the names go is."""
    error = "Exit code 1\nsettings/{0}.json failed against schema: (root): Additional property {1} is not allowed"
    last = '    "timeoutMs": {"type": "integer"}\n'
    runs = (
        ("eu", "retryPolicy", last, last + '    ,"retryPolicy": {\n      "type": "object",\n      "properties": {\n'),
        ("us", "maxBatch", last, '    "timeoutMs": {"type": "integer"},\n    "maxBatch": {"type": "integer"}\n'),
        ("ap", "drainWindow", last, last + '    ,"drainWindow": {\n      "type": "integer",\n      "minimum": 0\n'),
    )
    for n, (region, name, old, new) in enumerate(runs, 1):
        check = f"yajsv -s schema/settings.schema.json settings/{region}.json"
        edit = _edit("/h/relay/schema/settings.schema.json", old, new)
        trace = [sh(check, error.format(region, name)), edit, sh(check)]
        svc.reflect(TaskReport(task=f"add {name} for {region}", task_id=f"y{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add what the error names to `settings.schema.json`" in rule.text, rule.text
    assert "type" not in rule.text.split("names to")[0].split('",')[-1], rule.text


def test_a_new_file_of_one_kind_written_by_every_fix_is_the_rule(svc: ReflectionService) -> None:
    """Each untyped package got a declaration file of its own (`types/csv-sniff.d.ts`, …): the rule says to write
    such a file, with the ones written, though no word was added to a file that was there before."""
    error = (
        "Exit code 2\nsrc/{1}.ts(3,22): error TS7016: Could not find a declaration file for module '{0}'. "
        "'/h/atlas/node_modules/{0}/index.js' implicitly has an 'any' type."
    )
    for n, (package, user) in enumerate((("csv-sniff", "importer"), ("geo-tzlite", "clock"), ("tiny-qr", "badge")), 1):
        write = TraceStep(
            tool="Write",
            arguments={"file_path": f"/h/atlas/types/{package}.d.ts", "content": f'declare module "{package}";\n'},
        )
        trace = [sh("npx tsc --noEmit", error.format(package, user)), write, sh("npx tsc --noEmit")]
        svc.reflect(TaskReport(task=f"use {package} in {user}", task_id=f"d{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "in a new `*.d.ts` file (each fix wrote one: `csv-sniff.d.ts`, `geo-tzlite.d.ts`" in rule.text, rule.text


def test_a_key_the_error_names_declared_with_its_own_description_is_the_rule(svc: ReflectionService) -> None:
    """Each task set an option the profile file never declared; each fix declared it, with a description and a
    default of its own. The words the declarations share (`description: the default:`) are no fix: adding the
    name the error gives to that file is."""
    error = "Exit code 2\nconfig error in profile {0}: option {1} is set but never declared\nAborting."
    runs = (
        ("prod", "retry_budget", "How many retries the sync may spend in the window.", "5"),
        ("prod", "cache_ttl_s", "Seconds the edge keeps the catalogue.", "300"),
        ("prod", "trace_sample", "Fraction of requests traced in the environment.", "0.1"),
    )
    for n, (profile, name, description, default) in enumerate(runs, 1):
        old = "options:\n"
        new = f"options:\n  {name}:\n    description: {description}\n    default: {default}\n"
        check = f"relayctl check --profile {profile}"
        trace = [sh(check, error.format(profile, name)), _edit("/h/relay/config/options.yml", old, new), sh(check)]
        svc.reflect(TaskReport(task=f"set {name} for {profile}", task_id=f"k{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add what the error names to `options.yml`" in rule.text, rule.text


def test_a_word_put_in_as_the_error_listed_what_can_be_run_is_one_lesson(svc: ReflectionService) -> None:
    """The task runner refused a task by its short name and listed the full ones; each retry put in the group the
    list showed for that task. Other tasks, other groups: one lesson, said as the list's way of running them."""
    error = "Exit code 2\nUnknown task '{0}'. Available tasks: db seed, db migrate, cache warm, cache drop"
    for n, (task, group) in enumerate((("seed", "db"), ("warm", "cache"), ("migrate", "db")), 1):
        trace = [sh(f"taskr {task}", error.format(task)), sh(f"taskr {group} {task}")]
        svc.reflect(TaskReport(task=f"{task} the staging stack", task_id=f"l{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "run it as the error lists it (earlier tasks ran `taskr db …`, `taskr cache …`)" in rule.text, rule.text


def test_a_plain_word_of_an_error_is_no_name_it_gave() -> None:
    """`replicas` may be any message's word: only a word written as code counts when the error does not quote it."""
    from servers.core.recovery import find_recoveries

    error = "Exit code 1\nError: replicas must be at least 2 for production"
    edit = TraceStep(
        tool="Edit",
        arguments={"file_path": "/h/app/values.yaml", "old_string": "a: 1\n", "new_string": "a: 1\nreplicas: 2\n"},
    )
    [found] = find_recoveries([sh("helm lint", error).model_dump(), edit.model_dump(), sh("helm lint").model_dump()])
    assert found.kind == "edited" and not found.adds_named


def test_an_api_error_type_is_the_error_whichever_client_exception_carried_it() -> None:
    from servers.core.recovery import error_phrase

    direct = "E   opensearchpy.exceptions.RequestError: RequestError(400, 'version_conflict_engine_exception', 'x')"
    wrapped = "E   app.store.WriteFailed: 2 failed, first: {'type': 'version_conflict_engine_exception', 'reason': 'y'}"
    assert error_phrase(direct) == error_phrase(wrapped) == "version_conflict_engine_exception"


NEEDS_AUTH = (
    "Exit code 1\nnpm error code ENEEDAUTH\nnpm error need auth This command requires you to be logged in to "
    "https://registry.npmjs.org/\nnpm error need auth You need to authorize this machine using `npm adduser`"
)


def publish_task(n: int, package: str, login: str) -> TaskReport:
    return TaskReport(
        task=f"publish {package}",
        outcome="success",
        task_id=f"p{n}",
        trace=[sh("npm publish --access public", NEEDS_AUTH), sh(login), sh("npm publish --access public")],
    )


def test_one_error_fixed_one_way_in_most_of_its_tasks_is_a_lesson(svc: ReflectionService) -> None:
    """The error came back in three tasks; two were fixed by logging in as the team does, one by another command
    that also worked. The way most tasks took is the lesson, shown as they ran it."""
    svc.reflect(publish_task(1, "@acme/ui", "npm login --scope=@acme"), "u")
    svc.reflect(publish_task(2, "@acme/icons", "npm adduser"), "u")
    assert svc.rules.all("u") == []
    third = svc.reflect(publish_task(3, "@acme/tokens", "npm login --scope=@acme"), "u")
    [rule] = svc.rules.all("u")
    assert third.promoted == [rule.id]
    assert "`npm login --scope=@acme`" in rule.text and "adduser`," not in rule.text


def test_an_error_fixed_a_different_way_each_time_teaches_no_way(svc: ReflectionService) -> None:
    """Three tasks, three ways: none of them is what this user does; and a way taken in two of four tasks is not
    yet most of them."""
    token = "npm config set //registry.npmjs.org/:_authToken=${NPM_TOKEN}"
    for n, login in enumerate(("npm login --scope=@acme", "npm adduser", token), 1):
        svc.reflect(publish_task(n, f"pkg{n}", login), "u")
    assert svc.rules.all("u") == []
    svc.reflect(publish_task(4, "pkg4", "npm login --scope=@acme"), "u")
    assert svc.rules.all("u") == []


def vacuum_task(n: int, table: str, why: str) -> TaskReport:
    script = f"maintenance/{table}.sql"
    run = f"psql -v ON_ERROR_STOP=1 -f {script} analytics"
    error = f"Exit code 3\n  * {table} .... psql:{script}:2: ERROR:  VACUUM cannot run inside a transaction block"
    wrapped = f"BEGIN;\nVACUUM (ANALYZE) {table};\nCOMMIT;\n"
    return TaskReport(
        task=f"vacuum {table} on analytics",
        outcome="success",
        task_id=f"v{n}",
        trace=[sh(run, error), _edit(script, wrapped, f"-- {why}\nVACUUM (ANALYZE) {table};\n"), sh(run)],
    )


def test_an_edit_that_only_took_something_out_is_told_by_what_it_removed(svc: ReflectionService) -> None:
    """Each fix took the transaction around the statement out and left a comment saying why, in its own words:
    what was removed is the lesson, not the comment."""
    reasons = (
        "VACUUM refuses to run in a transaction, so no BEGIN/COMMIT around it.",
        "Plain statement: vacuum is not allowed inside BEGIN and COMMIT.",
        "No transaction block here because VACUUM cannot run in one.",
    )
    for n, (table, why) in enumerate(zip(("events", "sessions", "clicks"), reasons, strict=True), 1):
        svc.reflect(vacuum_task(n, table, why), "u")
    [rule] = svc.rules.all("u")
    assert "remove `BEGIN` and `COMMIT`" in rule.text
    assert "vacuum cannot run inside a transaction block" in rule.text


def container_logs_task(n: int, service: str, container: str) -> TaskReport:
    listing = f"CONTAINER ID   IMAGE          STATUS\n{container}   acme/{service}:1.4   Up 3 minutes"
    needs_one = (
        "Exit code 1\n\"docker logs\" requires exactly 1 argument.\nSee 'docker logs --help'.\n\n"
        "Usage:  docker logs [OPTIONS] CONTAINER"
    )
    return TaskReport(
        task=f"why does {service} restart",
        outcome="success",
        task_id=f"c{n}",
        trace=[
            sh("docker logs --tail 50", needs_one),
            TraceStep(tool="Bash", arguments={"command": f"docker ps --filter name={service}"}, result=listing),
            sh(f"docker logs --tail 50 {container}"),
        ],
    )


def test_a_look_whose_output_gave_what_the_retry_added_is_the_fix(svc: ReflectionService) -> None:
    """The retry only added the id the look printed: looking it up is the lesson, the id is each task's own. The
    output travels with the step, as hooks record it."""
    for n, (service, container) in enumerate(
        (("web", "3f2a9c1b7d4e"), ("worker", "a81c0e5f9b22"), ("api", "77d0b3e1c9aa")), 1
    ):
        svc.reflect(container_logs_task(n, service, container), "u")
    [rule] = svc.rules.all("u")
    assert "run `docker ps --filter`" in rule.text, rule.text
    assert "3f2a9c1b7d4e" not in rule.text


def test_a_list_opened_under_a_name_is_a_place_entries_go() -> None:
    assert opens_list("FunctionsToExport = @(") and opens_list('"plugins": [')
    assert not opens_list("FunctionsToExport") and not opens_list("plugins = load()")


def test_an_error_that_asks_for_an_option_is_one_lesson_whichever_option_each_task_gave(svc: ReflectionService) -> None:
    """A prompt the agent's shell cannot answer: each run passed the option its own prompt was about."""
    asked = (
        "Exit code 1\n╭─ error ─────────────────────────────╮\n│  Cannot prompt:  │\n│  {q}  │\n"
        "│  Not an interactive terminal. Pass the value with a flag to continue.  │\n╰──────────────╯"
    )
    for n, (question, option) in enumerate(
        (("Which region?", "--region fra"), ("Team?", "--team core"), ("Plan?", "--plan hobby"))
    ):
        run = "deployctl init --name api"
        trace = [sh(run, asked.format(q=question)), sh(f"{run} {option}")]
        svc.reflect(TaskReport(task=f"set up project {n}", task_id=f"d{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "run it again with the option it asks for" in rule.text, rule.text
    assert all(option in rule.text for option in ("`--region fra`", "`--team core`", "`--plan hobby`"))
    assert "│" not in rule.text


def test_different_options_after_an_error_that_asks_for_none_stay_apart(svc: ReflectionService) -> None:
    for n, option in enumerate(("--region fra", "--team core", "--plan hobby")):
        run = "deployctl init --name api"
        trace = [sh(run, "Exit code 1\nError: quota exceeded for this account"), sh(f"{run} {option}")]
        svc.reflect(TaskReport(task=f"set up project {n}", task_id=f"q{n}", trace=trace), "u")
    assert svc.rules.all("u") == []


def test_one_word_put_into_a_line_is_shown_in_that_line_and_the_files_by_their_shared_name(
    svc: ReflectionService,
) -> None:
    """Each service class was final, so the framework could not proxy it; each fix put `open` in front of its
    `class`. The word alone does not say where it goes (the line does), and the files' shared ending
    (`*Service.kt`) says which files."""
    error = (
        "Exit code 1\nBeanCreationException: Could not generate CGLIB subclass of class com.acme.{0}: "
        "Cannot subclass final class com.acme.{0}"
    )
    for n, name in enumerate(("RefundService", "InvoiceService", "PayoutService"), 1):
        edit = _edit(f"/h/app/src/main/kotlin/{name}.kt", f"class {name}(", f"open class {name}(")
        trace = [sh("./gradlew test", error.format(name)), edit, sh("./gradlew test")]
        svc.reflect(TaskReport(task=f"transactions in {name}", task_id=f"h{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `open` to the `*Service.kt` file (as in `open class " in rule.text


def test_an_entry_of_the_family_already_in_the_list_is_not_where_the_new_one_goes(svc: ReflectionService) -> None:
    """Each service's app module lists the feed modules it loads; each fix added the one its error named. The
    modules already listed share the family's stem, so they are entries beside the new one: the call that holds
    the list is the place."""
    error = "Exit code 1\nLookupError: no feed registered for '{0}' (is its module loaded?)"
    runs = (
        ("orders", '"acme.feeds.rss"', "acme.feeds.atom"),
        ("billing", '"acme.feeds.atom"', "acme.feeds.json"),
        ("search", '"acme.feeds.rss", "acme.feeds.atom"', "acme.feeds.csv"),
    )
    for n, (service, listed, added) in enumerate(runs, 1):
        old = f"load_modules(modules=[{listed}])"
        new = f'load_modules(modules=[{listed}, "{added}"])'
        edit = _edit(f"/h/{service}/{service}_loader.py", old, new)
        run = f"python -m pytest {service}/tests -q"
        trace = [sh(run, error.format(added.rsplit(".", 1)[-1])), edit, sh(run)]
        svc.reflect(TaskReport(task=f"feeds in {service}", task_id=f"e{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    shown = "add the `acme.feeds…` it asks for to `load_modules` in the `*_loader.py` file (as in `load_modules("
    assert shown in rule.text


def test_edits_that_each_added_one_member_of_a_family_are_one_lesson(svc: ReflectionService) -> None:
    """Each board's config lacked the package its build asked for; each fix appended that one option after
    whatever line was last. Nothing else is shared: the family (`BR2_PACKAGE…`) is what makes them one lesson."""
    error = (
        "Exit code 2\nConfig.in:12: gw-agent depends on {0}, which is not set\n"
        "make: *** [Makefile:1209: olddefconfig] Error 1"
    )
    runs = (
        ("edge", "BR2_TARGET_ROOTFS_EXT2=y", "BR2_PACKAGE_LIBCURL"),
        ("relay", 'BR2_SYSTEM_DHCP="eth0"', "BR2_PACKAGE_MOSQUITTO"),
        ("probe", "BR2_LINUX_KERNEL=y", "BR2_PACKAGE_JSON_C"),
    )
    for n, (board, last, needed) in enumerate(runs, 1):
        edit = _edit(f"/h/br/configs/{board}_defconfig", last, f"{last}\n{needed}=y")
        run = f"make BOARD={board} image"
        trace = [sh(run, error.format(needed)), edit, sh(run)]
        svc.reflect(TaskReport(task=f"image for {board}", task_id=f"b{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add the `BR2_PACKAGE…` it asks for to the `*_defconfig` file" in rule.text


def test_a_place_each_edit_added_a_different_entry_to_is_shown_with_a_line_it_was_left_as() -> None:
    """Three packages each lacked a library in their `LIBS:` line; each fix added the one its link step missed.
    The place alone (`LIBS:`) does not say how an entry is written there: a line an edit left it as does."""
    from servers.reflection.models import Lesson
    from servers.reflection.reflect import general_lesson

    runs = (("zstd", "LIBS:=+libc"), ("lzma", "LIBS:=+libc +libssl"), ("yaml", "LIBS:=+libc +libzstd"))
    lessons = [
        Lesson(
            tool="Bash",
            step="make pkg/x/compile",
            phrase="missing dependencies for the following libraries",
            added=[f"lib{name}"],
            around=["LIBS:", "libc"],
            changed_lines=[f"{before} +lib{name}"],
            files=["Makefile"],
        )
        for name, before in runs
    ]
    text = general_lesson(lessons)
    assert "add what it names to `LIBS:` in `Makefile` (as in `LIBS:=+libc +libzstd`;" in text


def test_edits_that_each_wrote_what_their_error_quoted_are_one_lesson(svc: ReflectionService) -> None:
    """A prose linter names the word to use instead each time; each fix, in its own page, rewrote the sentence
    with it. Nothing else is shared: the error said what to write, and that is the lesson."""
    error = "Exit code 1\n docs/{0}.md\n {1}:12  error  Use '{2}' instead of '{3}'.  House.Wordy\n\n✖ 1 error"
    runs = (
        ("install", "because", "due to the fact that", "It fails due to the fact that the port is taken."),
        ("upgrade", "although", "in spite of the fact that", "It works in spite of the fact that the disk is full."),
        ("backup", "usually", "in most cases", "In most cases the snapshot takes a minute."),
    )
    for n, (page, use, wordy, sentence) in enumerate(runs, 1):
        fixed = sentence.replace(wordy, use) if wordy in sentence else sentence.replace("In most cases", "Usually")
        edit = _edit(f"/h/site/docs/{page}.md", sentence, fixed)
        run = f"vale docs/{page}.md"
        trace = [sh(run, error.format(page, n + 10, use, wordy)), edit, sh(run)]
        svc.reflect(TaskReport(task=f"tidy the {page} page", task_id=f"w{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "write what the error says to use where it points (earlier fixes wrote `because`, `although`" in rule.text


def test_edits_that_each_pointed_a_name_at_the_same_member_are_one_lesson_shown_by_the_member(
    svc: ReflectionService,
) -> None:
    """Each report grouped by a field stored twice (as text, and as an `.exact` copy for grouping); each fix pointed
    its own field at the copy. The member is the lesson; each field is that task's own."""
    error = 'Exit code 1\n{{"error": "Grouping by analysed text is not supported, use an exact copy of [{0}]"}}'
    runs = (
        ("region", "reports/by_region.json", "group_by"),
        ("vendor", "scripts/top_vendors.py", "bucket"),
        ("title", "reports/sorted.json", "order"),
    )
    for n, (field, path, key) in enumerate(runs, 1):
        edit = _edit(f"/h/dash/{path}", f'"{key}": "{field}"', f'"{key}": "{field}.exact"')
        run = f"dashq run {path}"
        trace = [sh(run, error.format(field)), edit, sh(run)]
        svc.reflect(TaskReport(task=f"report by {field}", task_id=f"g{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "use the name with `.exact` where it points (as in `region.exact`, `vendor.exact`" in rule.text


def test_shared_words_are_shown_as_a_line_wrote_them() -> None:
    """Each fix made a dependency optional and named it in a feature; the words they share are shown with the
    signs the lines wrote them with (`optional = true`), and a prefix each completed with its own name as a prefix
    (`dep:…`), not as the loose words `optional true dep:`."""
    from servers.reflection.models import Lesson
    from servers.reflection.reflect import shared_edit

    runs = (("redis", '"0.27"'), ("reqwest", '"0.12"'), ("rusqlite", '"0.32"'))
    lessons = [
        Lesson(
            tool="Bash",
            step="trunk build",
            phrase="the target is not supported",
            added=["optional", "true", "dep:", name],
            added_lines=[f'"dep:{name}",'],
            changed_lines=[f"{name} = {{ version = {version}, optional = true }}"],
            files=["Cargo.toml"],
        )
        for name, version in runs
    ]
    assert shared_edit(lessons) == "optional = true` and `dep:…"


def test_each_file_of_one_kind_given_what_its_error_named_is_one_lesson_shown_by_the_kind() -> None:
    """Each package's list got the file its build named; the lists differ (one per package), their kind does not."""
    from servers.reflection.models import Lesson
    from servers.reflection.reflect import general_lesson

    runs = (("core.files", "opt/app/lib/libcore.so"), ("docs.files", "opt/app/share/doc/"), ("core.files", "etc/app/"))
    lessons = [
        Lesson(
            tool="Bash",
            step="pkgbuild",
            phrase="was built but is listed in no package",
            added=path.strip("/").split("/"),
            added_lines=[path],
            files=[f"pkg/{name}"],
            adds_named=True,
        )
        for name, path in runs
    ]
    text = general_lesson(lessons)
    assert "add what the error names to the `pkg/*.files` file (`core.files`, `docs.files`;" in text


def test_an_awaited_call_every_edit_made_is_shown_with_its_block() -> None:
    """Each test loaded the module under test late, after its mocks, with a dynamic import in a setup block: the
    import is the fix and is shown, not only the block around it."""
    from servers.reflection.models import Lesson
    from servers.reflection.reflect import shared_edit

    runs = (("queue", "beforeEach"), ("topic", "beforeEach"), ("bucket", "beforeEach"))
    lessons = [
        Lesson(
            tool="Bash",
            step="vitest",
            phrase="cannot access the runtime before mocks are set",
            added=[hook, "async", f"{name}", "await", "import"],
            added_lines=[f"{hook}(async () => {{", f'{name} = await import("../{name}");', "});"],
            files=[f"test/{name}.test.ts"],
        )
        for name, hook in runs
    ]
    assert "await import(" in shared_edit(lessons)


def test_a_failure_most_occurrences_named_one_way_is_named_that_way(svc: ReflectionService) -> None:
    """Two runs named the failure by its exception, one by a message of its own; the messages share only a stack
    trace's frames. The rule names it as most did, not by frame words."""
    frames = (
        "\n    at createTSError (/h/app/node_modules/ts-node/src/index.ts:859:12)"
        "\n    at Module._extensions..js (node:internal/modules/cjs/loader:1548:10)"
        "\n    at Module.load (node:internal/modules/cjs/loader:1288:32)"
        "\n    at Function.Module._load (node:internal/modules/cjs/loader:1104:12)"
        "\n    at Module.require (node:internal/modules/cjs/loader:1311:19)"
        "\n    at phase (/h/app/node_modules/ts-node/dist/bin.js:331:12)"
    )
    head = "Exit code 1\nSeeding failed before it started.\nTSError: ⨯ Unable to compile TypeScript:\n"
    errors = (
        head + "seed.ts(3,1): error TS2304: Cannot find name 'Tenant'." + frames,
        head + "seed.ts(9,5): error TS2339: Property 'slug' does not exist on type 'Org'." + frames,
        head + "seed.ts(1,10): error TS2305: Module '\"@acme/db\"' has no exported member 'Plan'." + frames,
    )
    # Other failures of the month, each fixed, as a real stream has them: what makes a word rare or common.
    others = (
        ("git push", "Exit code 1\n ! [rejected]  main -> main (non-fast-forward)", "git pull --rebase"),
        ("npx vitest run", "Exit code 1\nError: Cannot find module '@acme/ui' imported from src/a.test.ts", "npm i"),
        ("docker compose up -d", "Exit code 1\nError response from daemon: port is already allocated", "docker ps"),
    )
    for n, (run, error, fix) in enumerate(others, 1):
        trace = [sh(run, error), sh(fix), sh(run)]
        svc.reflect(TaskReport(task=f"other work {n}", task_id=f"o{n}", trace=trace), "u")
    tasks = ("seed the demo tenants", "add slugs to orgs then reseed", "put the pricing plans into the seed")
    for n, (task, error) in enumerate(zip(tasks, errors, strict=True), 1):
        run = "npx ts-node scripts/seed.ts"
        trace = [sh(run, error), sh("npm run build -w @acme/db"), sh(run)]
        svc.reflect(TaskReport(task=task, task_id=f"s{n}", trace=trace), "u")
    [rule] = [r for r in svc.rules.all("u") if "ts-node" in r.text]
    assert 'fails with "TSError"' in rule.text and "npm run build -w @acme/db" in rule.text


def test_edits_that_each_wrote_one_of_the_alternatives_their_error_told_are_one_lesson(svc: ReflectionService) -> None:
    """The error offers two ways ("Consider using `Mutex<T>` … or moving it into an `AtomicUsize`"); two fixes took
    the first, one the second. What the error told is the lesson, not a word the edited lines happen to share."""
    error = (
        "Exit code 101\nerror[R0101]: shared counter `{0}` is written from two threads in src/{1}.rs. "
        "Consider using `Mutex<T>` to guard it or moving it into an `AtomicUsize`. See: racecheck --explain R0101"
    )
    runs = (
        ("HITS", "cache", "static HITS: u64 = 0;", "static HITS: Mutex<u64> = Mutex::new(0);"),
        ("SENT", "mailer", "static SENT: u32 = 0;", "static SENT: Mutex<u32> = Mutex::new(0);"),
        ("MISSES", "lookup", "static MISSES: usize = 0;", "static MISSES: AtomicUsize = AtomicUsize::new(0);"),
    )
    for n, (name, module, before, after) in enumerate(runs, 1):
        edit = _edit(f"/h/svc/src/{module}.rs", before, after)
        run = "cargo racecheck"
        trace = [sh(run, error.format(name, module)), edit, sh(run)]
        svc.reflect(TaskReport(task=f"count {module} calls", task_id=f"r{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    told = "write what the error says to use where it points (earlier fixes wrote `Mutex<T>`, `AtomicUsize`"
    assert told in rule.text


def test_edits_that_each_only_quoted_a_value_are_one_lesson_shown_by_their_lines(svc: ReflectionService) -> None:
    """YAML reads a colon inside an unquoted value as a new key; each fix quoted its own service's command and
    added no word. Quoting the value is the lesson, shown with the lines as they were left."""
    error = "Exit code 15\nyaml: line {0}: mapping values are not allowed in this context"
    runs = (
        ("worker", 12, "    command: sh -c echo started: ok", '    command: "sh -c echo started: ok"'),
        ("beat", 20, "    entrypoint: wait-for db:5432 -- beat", "    entrypoint: 'wait-for db:5432 -- beat'"),
        ("proxy", 7, "    command: caddy run --adapter x: on", '    command: "caddy run --adapter x: on"'),
    )
    for n, (service, line, before, after) in enumerate(runs, 1):
        edit = _edit(f"/h/app/deploy/{service}.compose.yml", before, after)
        run = f"docker compose -f deploy/{service}.compose.yml config -q"
        trace = [sh(run, error.format(line)), edit, sh(run)]
        svc.reflect(TaskReport(task=f"bring up {service}", task_id=f"q{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert 'put the value it points at in quotes (as in `command: "sh -c echo started: ok"`' in rule.text


def test_a_fix_each_task_gave_its_own_value_is_shown_with_the_latest_run(svc: ReflectionService) -> None:
    """Each release's upload refused a version the registry did not have yet; each fix pushed that version's own
    tag. A bare gap (`git push origin …`) leaves open what goes there; the latest run shows it."""
    error = "Exit code 1\nerror: version {0} not found on the remote, push it first"
    for n, version in enumerate(("2.8.0", "2.8.1", "3.0.0-beta.2"), 1):
        run = f"twine-release publish --require-tag {version}"
        trace = [sh(run, error.format(version)), sh(f"git push origin release-{version}"), sh(run)]
        svc.reflect(TaskReport(task=f"publish {version}", task_id=f"v{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "(as in `git push origin release-3.0.0-beta.2`)" in rule.text, rule.text


def test_a_word_replaced_in_a_line_is_shown_in_that_line(svc: ReflectionService) -> None:
    """Three scripts, each started with an interpreter the host lacks, each fixed in its first line: the word
    replaced, and the line as it was left."""
    error = "Exit code 127\n/usr/bin/env: 'node': No such file or directory"
    for n, name in enumerate(("seed", "backfill", "report"), 1):
        path = f"/h/shop/scripts/{name}.ts"
        edit = _edit(path, "#!/usr/bin/env node\n", "#!/usr/bin/env bun\n")
        run = f"./scripts/{name}.ts --dry-run"
        svc.reflect(TaskReport(task=f"run {name}", task_id=f"s{n}", trace=[sh(run, error), edit, sh(run)]), "u")
    [rule] = svc.rules.all("u")
    assert "replace `node` with `bun`" in rule.text and "as in `#!/usr/bin/env bun`" in rule.text, rule.text


def test_a_module_missing_each_time_added_to_one_requirements_file_is_the_rule(svc: ReflectionService) -> None:
    """Jobs install only the listed requirements; each task listed the package its import needed, two by the
    module's own name (`rapid-fuzz` of `rapid_fuzz`, `tabulate`), one under another (`pyyaml` for `yaml`): the
    file they all went to is the rule."""
    error = "Exit code 1\nTraceback (most recent call last):\nModuleNotFoundError: No module named '{0}'"
    old = "pandas==2.2.3\n"
    for n, (module, line) in enumerate(
        (("rapid_fuzz", "rapid-fuzz==3.9.7"), ("tabulate", "tabulate==0.9.0"), ("yaml", "pyyaml==6.0.2")), 1
    ):
        edit = _edit("/h/etl/job/requirements.txt", old, old + line + "\n")
        run = "uv run python -m etl.submit --job nightly"
        trace = [sh(run, error.format(module)), edit, sh(run)]
        svc.reflect(TaskReport(task=f"job {n}", task_id=f"m{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add what the error names to `requirements.txt`" in rule.text, rule.text


def test_several_words_every_edit_added_are_shown_in_a_line_one_edit_wrote() -> None:
    """Each repository method called the async driver without awaiting it; each fix made its method a coroutine and
    awaited the call, each in its own words. `async await` in a row says less than a line that holds them."""
    from servers.reflection.models import Lesson
    from servers.reflection.reflect import general_lesson

    shared = ["async", "await", "self.db"]
    runs = (
        ([*shared, "rows"], ["rows = await self.db.fetch(q)"], ["async def load(self, q):"]),
        ([*shared, "commit"], ["await self.db.commit()"], ["async def save(self, item):"]),
        ([*shared, "execute"], ["async def purge(self):", "await self.db.execute(DELETE)"], []),
    )
    lessons = [
        Lesson(
            tool="Bash",
            step="pytest",
            phrase="runtimewarning: coroutine was never awaited",
            added=added,
            added_lines=lines,
            changed_lines=changed,
            files=["repo.py"],
        )
        for added, lines, changed in runs
    ]
    text = general_lesson(lessons)
    assert "add `async await self.db` to `repo.py` (as in `async def purge(self):`;" in text, text


def test_a_short_word_every_edit_put_on_a_line_of_its_own_is_the_fix(svc: ReflectionService) -> None:
    """Each new Ruby block was left open; each fix added a line holding only `end`. Short as it is, it is the fix."""
    error = "Exit code 1\n{0}:{1}: syntax error, unexpected end-of-input, expecting `end'"
    for n, (name, line) in enumerate((("invoice", 14), ("refund", 22), ("payout", 9)), 1):
        path = f"/h/shop/app/jobs/{name}_job.rb"
        edit = _edit(path, f"    notify(:{name})\n", f"    notify(:{name})\n  end\n")
        run = f"bundle exec rspec spec/jobs/{name}_job_spec.rb"
        trace = [sh(run, error.format(f"app/jobs/{name}_job.rb", line)), edit, sh(run)]
        svc.reflect(TaskReport(task=f"add the {name} job", task_id=f"e{n}", trace=trace), "u")
    [rule] = svc.rules.all("u")
    assert "add `end` to" in rule.text, rule.text
