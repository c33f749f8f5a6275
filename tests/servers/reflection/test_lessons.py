"""Lessons from what a host sends: failed calls and the calls that fixed them, promoted by their signature."""

from __future__ import annotations

import pytest

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
    assert "add `PackageVersion` to `Directory.Packages.props`" in rule.text
