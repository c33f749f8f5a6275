"""Reports of skills: a signed-in user tells the operator a skill version is malicious, an impersonation,
someone else's work, spam or broken; the operator lists them and resolves each — dismissed, or the version
yanked, or the skill deprecated, as the registry does for its owners.

A user has at most one open report of a skill (a second is refused until the first is resolved), and sends
at most ``CAIRN_REGISTRY__REPORTS_PER_DAY`` a day, so reports cannot be used to flood the operator.
"""

from __future__ import annotations

import secrets

from registry import limits
from registry.settings import RegistrySettings
from registry.storage.rows import Report
from registry.storage.store import RegistryStore
from registry.storage.trust import AlreadyReported, TrustRows

REASONS = {
    "malicious": "Malicious: harmful code or instructions",
    "impersonation": "Impersonation: pretends to be someone else's skill",
    "copyright": "Copyright or licence: someone else's work",
    "spam": "Spam or nonsense",
    "broken": "Broken: does not work as described",
    "other": "Something else",
}
OUTCOMES = ("dismissed", "yanked", "deprecated")
MAX_TEXT = 2000


class ReportError(ValueError):
    def __init__(self, code: str, message: str, status: int = 400, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.status, self.retry_after = code, message, status, retry_after


def file_report(
    store: RegistryStore, settings: RegistrySettings, user: str, name: str, version: str, reason: str, text: str
) -> Report:
    """Record ``user``'s report of ``name`` ``version`` (both checked to exist by the caller)."""
    if reason not in REASONS:
        raise ReportError("bad_reason", f"reason must be one of {', '.join(REASONS)}")
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise ReportError("bad_request", f"say it in at most {MAX_TEXT} characters")
    rows = TrustRows(store)
    if any(r.username == user for r in rows.reports(name=name)):  # before the limit counts it
        raise _already(name)
    try:
        limits.take(store, f"report:{user}", settings.reports_per_day, 86_400)
    except limits.RateLimited as exc:
        raise ReportError(
            "rate_limited",
            f"you sent {settings.reports_per_day} reports within a day; try again in {exc.wait}",
            429,
            exc.retry_after_s,
        ) from None
    try:
        return rows.add_report("rpt_" + secrets.token_hex(6), name, version, user, reason, text)
    except AlreadyReported:
        raise _already(name) from None


def _already(name: str) -> ReportError:
    return ReportError(
        "already_reported", f"you already reported {name}; the operator has not resolved that report yet", 409
    )


def resolve(store: RegistryStore, report_id: str, outcome: str, note: str, by: str) -> Report:
    """Close an open report with ``outcome``; a yank or deprecation is applied to the reported skill."""
    rows = TrustRows(store)
    report = rows.report(report_id)
    if report is None:
        raise ReportError("not_found", f"there is no report {report_id!r}", 404)
    if report.status != "open":
        raise ReportError("resolved", f"report {report_id} was already resolved ({report.outcome})", 409)
    if outcome not in OUTCOMES:
        raise ReportError("bad_outcome", f"outcome must be one of {', '.join(OUTCOMES)}")
    why = note.strip() or REASONS[report.reason].split(":")[0].lower()
    if outcome == "yanked" and store.version(report.name, report.version) is not None:
        store.set_yanked(report.name, report.version, True, f"by the registry's operator after a report: {why}")
    elif outcome == "deprecated":
        store.set_deprecated(report.name, f"by the registry's operator after a report: {why}")
    rows.resolve_report(report_id, outcome, note.strip(), by)
    resolved = rows.report(report_id)
    assert resolved is not None
    return resolved
