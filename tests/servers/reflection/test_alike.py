"""Two lessons read off traces are one lesson when their fix agrees and their error messages are alike."""

from __future__ import annotations

from servers.core.errorwords import error_words, frequencies
from servers.reflection.alike import fixes_agree, key_parts, same_lesson
from tests.servers.core.test_errorwords import CREATING, MODULE, PATCHING, PUSH

WORDS = {name: error_words(text) for name, text in {"c": CREATING, "p": PATCHING, "u": PUSH, "m": MODULE}.items()}
COUNTS, TOTAL = frequencies(WORDS.values())


def _same(first: str, a: str, second: str, b: str) -> bool:
    return same_lesson(first, WORDS[a], second, WORDS[b], COUNTS, TOTAL)


def test_keys_split_into_tool_step_phrase_and_fix() -> None:
    parts = key_parts("bash|*|error when creating '…'=>make install")
    assert parts is not None and (parts.tool, parts.step, parts.fix) == ("bash", "*", "make install")
    assert key_parts("no arrow here") is None


def test_other_key_lines_of_one_failure_fixed_the_same_way_are_one_lesson() -> None:
    assert _same("bash|*|error when creating '…'=>make install", "c", "bash|*|tenant in version '…'=>make install", "p")


def test_another_fix_or_another_failure_is_another_lesson() -> None:
    assert not _same("bash|*|error when creating=>make install", "c", "bash|*|tenant in version=>make manifests", "p")
    assert not _same(
        "bash|*|rejected (non-fast-forward)=>make install", "u", "bash|*|modulenotfounderror=>make install", "m"
    )


def test_options_added_to_one_program_agree_when_one_run_has_the_others_options() -> None:
    assert fixes_agree("as:flutter build -f -t", "as:flutter test -f")
    assert not fixes_agree("as:flutter build -f", "as:flutter build -t")
    assert not fixes_agree("as:flutter build", "as:flutter build -f")  # no option added on one side
    assert not fixes_agree("as:kind load -n", "as:helm install -n")
    assert not fixes_agree("as:uv run pytest", "as:.venv/bin/python -m pytest")


def test_a_program_with_or_without_its_default_subcommand_is_one_fix() -> None:
    assert fixes_agree("xcodegen", "xcodegen generate") and fixes_agree("make proto+edited", "make proto+edited")
    assert not fixes_agree("xcodegen", "swiftgen") and not fixes_agree("make install", "make")


def test_a_subcommand_differs_only_when_the_fix_added_options() -> None:
    build = "bash|flutter build|gradle build failed to produce an .apk=>as:flutter build -f -t"
    test = "bash|flutter test|testdeviceexception=>as:flutter test -f"
    assert _same(build, "c", test, "p")  # alike messages, one program, its options added
    assert not _same("bash|kubectl apply|x=>retry", "c", "bash|kubectl patch|y=>retry", "p")


def test_one_value_given_to_an_option_spelled_long_and_short_is_one_fix() -> None:
    """`--target-org staging-hub` and `-o staging-hub`: the usual first-letter convention does not hold, the
    value says it was the same option."""
    long_way, short_way = "ci deploy --target-org staging-hub", "ci deploy -o staging-hub"
    assert fixes_agree("as:ci deploy -t", "as:ci deploy -o", long_way, short_way)
    assert not fixes_agree("as:ci deploy -t", "as:ci deploy -o")  # without the ways, nothing shows it
    assert not fixes_agree("as:ci deploy -t", "as:ci deploy -o", long_way, "ci deploy -o other-hub")
    # A short or numeric value says nothing about which option it was.
    assert not fixes_agree("as:ci deploy -r", "as:ci deploy -j", "ci deploy --retries 4", "ci deploy -j 4")
    key = "bash|ci deploy|nodefaulthub=>as:ci deploy -t"
    other = "bash|ci deploy|nodefaulthub=>as:ci deploy -o"
    assert same_lesson(key, ["nodefaulthub"], other, ["nodefaulthub"], COUNTS, TOTAL, (long_way, short_way))


def test_one_option_given_to_tools_of_one_suite_after_one_error_is_one_lesson() -> None:
    playbook = "bash|ansible-playbook|decryption failed (no vault secrets were found)=>as:ansible-playbook --vault-id"
    vault = "bash|ansible-vault view|decryption failed (no vault secrets were found)=>as:ansible-vault --vault-id"
    assert _same(playbook, "c", vault, "c")
    # Another error, or programs that only share a short prefix, are not one suite's lesson.
    other = "bash|ansible-vault view|input is not vault encrypted data=>as:ansible-vault --vault-id"
    assert not _same(playbook, "c", other, "c")
    assert not fixes_agree("as:go-task --env x", "as:go-bindata --env x")
    assert fixes_agree("as:ansible-playbook --vault-id", "as:ansible-vault --vault-id")


def test_one_entry_point_called_after_one_error_is_one_lesson_whichever_step_failed() -> None:
    """A test script failed in one task, a snippet in another; each then called `numpy.test(...)` with arguments
    of its own: one lesson. Another function of the module, or another program's, is another."""
    script = "bash|python run_tests.py|modulenotfounderror=>as:numpy.test(label=fast, extra_argv=[-k, linalg])"
    snippet = "bash|python|modulenotfounderror=>as:python … -c import numpy; numpy.test(extra_argv=[-k, fft])"
    assert fixes_agree(script.split("=>")[1], snippet.split("=>")[1])
    assert _same(script, "m", snippet, "m")
    assert not _same(script, "m", "bash|python|modulenotfounderror=>as:numpy.show_config()", "m")
    assert not _same(script, "m", "bash|node|modulenotfounderror=>as:numpy.test(label=fast)", "m")


def test_one_job_run_on_a_node_or_submitted_to_the_queue_is_one_fix() -> None:
    assert fixes_agree("julia build_sysimage.jl", "sbatch build_sysimage.sbatch")
    assert not fixes_agree("julia build_sysimage.jl", "sbatch run_case.sbatch")
    assert not fixes_agree("python run.py", "sbatch run.sh")  # a name too short to tell one job from another


def test_runs_that_set_a_variable_in_common_agree_whatever_else_each_set() -> None:
    assert fixes_agree("as:OMP_NUM_THREADS=… OMP_STACKSIZE=…", "as:OMP_STACKSIZE=…")
    assert not fixes_agree("as:OMP_NUM_THREADS=…", "as:OMP_STACKSIZE=…")
    # run another way too: not only a variable
    assert not fixes_agree("as:OMP_STACKSIZE=… mpirun", "as:OMP_STACKSIZE=…")


def test_a_script_run_from_anywhere_with_its_option_spelled_short_or_long_is_one_fix() -> None:
    assert fixes_agree("as:./tools/lint.pl -f", "as:~/src/repo/tools/lint.pl -f")
    assert fixes_agree("as:./tools/lint.pl -f", "as:./tools/lint.pl --file")
    assert not fixes_agree("as:./tools/lint.pl -f", "as:./tools/lint.pl --quiet")
    assert not fixes_agree("as:./tools/lint.pl -f -q", "as:./tools/lint.pl --file")  # more than the one option


def test_a_fix_that_needed_one_step_fewer_is_the_same_fix() -> None:
    """After one error, one run took a step the other had already taken (`sudo -v` before the two it shares)."""
    words = error_words("mount: /mnt/data: permission denied")
    counts, total = frequencies([words])
    key = "bash|*|mount: <path>: permission denied=>"
    full, short = (
        ["sudo -v", "sudo mount -a", "sudo systemctl daemon-reload"],
        ["sudo mount -a", "sudo systemctl daemon-reload"],
    )
    assert same_lesson(key + "sudo -v", words, key + "mount", words, counts, total, fixes=(full, short))
    other = ["chmod 777 /mnt/data"]
    assert not same_lesson(key + "sudo -v", words, key + "chmod", words, counts, total, fixes=(full, other))
    assert not same_lesson(key + "sudo -v", words, key + "mount", words, counts, total)  # without the commands


def test_a_phrase_that_stands_whole_in_the_other_message_is_one_failure() -> None:
    """A migration tool wraps the driver's message in its own ("Migration failed; cause: …"), a test run prints the
    driver's message alone: the driver's phrase stands in both, so the two are one failure fixed one way."""
    wrapped = (
        "Applying 0007_orders...\nApplying 0008_refunds...\nMigration failed; cause: FATAL: remaining connection "
        "slots are reserved for non-replication superuser connections\nRolled back 0008_refunds"
    )
    alone = (
        "FAILED tests/test_refunds.py::test_partial - psycopg.OperationalError: FATAL: remaining connection slots are "
        "reserved for non-replication superuser connections\n1 failed, 41 passed in 3.20s"
    )
    tail = "fatal: remaining connection slots are reserved for non-replication superuser connections"
    words = [error_words(wrapped), error_words(alone), error_words(PUSH), error_words(MODULE)]
    counts, total = frequencies(words)
    first = "bash|*|migration failed; cause=>pg_terminate idle"
    second = f"bash|*|{tail}=>pg_terminate idle"
    assert same_lesson(first, words[0], second, words[1], counts, total)
    # A phrase of a few common words in a message is no such sign.
    assert not same_lesson("bash|*|build failed=>make clean", words[2], "bash|*|x=>make clean", words[3], counts, total)


def test_two_clients_of_one_service_given_the_same_options_after_one_error_are_one_lesson() -> None:
    """`mysql` and `mysqldump` each reached the containerised server once given its host and port: one lesson about
    those options. One option in common, or another error, is not enough."""
    client = "bash|mysql|can't connect to local server through socket=>as:mysql -h -P"
    dump = "bash|mysqldump|can't connect to local server through socket=>as:mysqldump -h -P"
    assert _same(client, "c", dump, "c")
    assert fixes_agree("as:mysql -h -P", "as:mysqldump -h -P")
    assert not fixes_agree("as:mysql -h", "as:mysqldump -h")
    other = "bash|mysqldump|access denied for user=>as:mysqldump -h -P"
    assert not _same(client, "c", other, "c")


def test_two_clients_given_one_option_with_the_same_value_after_one_error_are_one_lesson() -> None:
    """`mc` and `warp` each reached the object store once run as the same configured alias: one option in common
    says which alias when both gave it the same value; with values of their own, it says too little."""
    words = ["credentials", "found", "alias"]
    first = "bash|mc|no credentials found for alias=>as:mc --alias"
    second = "bash|warp|no credentials found for alias=>as:warp --alias"
    ways = ("mc --alias minio-lab ls", "warp --alias minio-lab get")
    assert same_lesson(first, words, second, words, COUNTS, TOTAL, ways)
    assert fixes_agree("as:mc --alias", "as:warp --alias", *ways)
    assert not same_lesson(first, words, second, words, COUNTS, TOTAL, ("mc --alias lab1 ls", "warp --alias lab2 x"))
