"""Signed-in pages: OAuth sign-in, publishing with a lint preview, yank/deprecate, ratings, API
tokens, and an organisation's scope management. Every form carries a CSRF token."""

from __future__ import annotations

import hashlib
import secrets
from urllib.parse import quote

from pydantic import Field
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from registry import metadata, semver
from registry.api import PROVENANCE_FIELDS, limit_publishes
from registry.api_accounts import change_config, org_skills
from registry.auth import FLOW_COOKIE, pkce_pair
from registry.context import Registry
from registry.http import NAME, ORG, HTTPProblem, multipart
from registry.pages import render
from registry.params import NextQuery, QueryModel, query
from registry.publish import Prepared, PublishError
from registry.reports import MAX_TEXT, ReportError, file_report
from registry.website import load_skill, skill_response
from servers.auth.public import issue_recovery_codes, recovery_codes_left

VERSION_ERRORS = ("bad_version", "version_exists", "version_mismatch")


class CallbackQuery(QueryModel):
    """The issuer's answer to a sign-in (OAuth 2.0 authorization response, RFC 9207's ``iss``)."""

    state: str | None = None
    code: str | None = Field(None, max_length=4096)
    error: str | None = None
    iss: str | None = Field(None, max_length=2000)


class PublishFormQuery(QueryModel):
    """From a skill's page ("publish a new version"): the skill."""

    skill: str | None = None


def _safe_next(value: str | None) -> str:
    # Only same-site paths: an open redirect after sign-in would hand the session to another site.
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/"
    return value


def routes(reg: Registry) -> list[Route]:
    def signed_in(request: Request) -> str:
        user = reg.identity.web_user(request)
        if user is None:
            raise HTTPProblem(401, "sign_in", "Sign in to do this.", next=request.url.path)
        return user

    async def checked_form(request: Request, form: FormData | None = None) -> tuple[str, FormData]:
        user = signed_in(request)
        form = form if form is not None else await request.form(max_files=0, max_fields=20)
        if not reg.identity.csrf_ok(request, str(form.get("csrf", ""))):
            raise HTTPProblem(
                403, "csrf", "This form has expired or came from another site. Reload the page and retry."
            )
        return user, form

    async def login(request: Request) -> Response:
        if reg.oauth is None:
            raise HTTPProblem(503, "no_issuer", "Sign-in is not configured on this registry.")
        if not reg.oauth.client_id:
            try:
                reg.store.set_meta(f"client:{reg.oauth.issuer}", await reg.oauth.register())
            except (PermissionError, OSError) as exc:
                raise HTTPProblem(503, "no_issuer", f"The sign-in service cannot be reached: {exc}") from None
        state = secrets.token_urlsafe(16)
        verifier, challenge = pkce_pair()
        flow = reg.identity.signer.sign(
            {"state": state, "verifier": verifier, "next": _safe_next(query(request, NextQuery).next)}, 600
        )
        response = RedirectResponse(reg.oauth.authorize_url(state, challenge), status_code=302)
        response.set_cookie(FLOW_COOKIE, flow, max_age=600, httponly=True, samesite="lax", path="/auth")
        return response

    async def callback(request: Request) -> Response:
        flow = reg.identity.signer.verify(request.cookies.get(FLOW_COOKIE))
        answer = query(request, CallbackQuery)
        if reg.oauth is None or flow is None or not secrets.compare_digest(answer.state or "", flow["state"]):
            raise HTTPProblem(400, "sign_in_expired", "This sign-in link has expired. Start again from “Sign in”.")
        if answer.error is not None:
            raise HTTPProblem(403, "sign_in_refused", f"Sign-in was not completed ({answer.error}).")
        if answer.iss and answer.iss.rstrip("/") != reg.oauth.issuer:
            raise HTTPProblem(400, "sign_in_refused", "The sign-in answer came from an unexpected issuer.")
        try:
            tokens = await reg.oauth.exchange(answer.code or "", flow["verifier"])
        except PermissionError as exc:
            raise HTTPProblem(403, "sign_in_refused", f"The issuer refused the sign-in: {exc}") from None
        verified = await reg.identity.verifier.verify_token(tokens["access_token"])
        subject = getattr(verified, "subject", None) if verified else None
        if not subject:
            raise HTTPProblem(403, "sign_in_refused", "The issuer's token could not be verified.")
        response = RedirectResponse(flow["next"], status_code=303)
        reg.identity.start_session(response, str(subject))
        response.delete_cookie(FLOW_COOKIE, path="/auth")
        return response

    async def logout(request: Request) -> Response:
        await checked_form(request)
        response = RedirectResponse("/", status_code=303)
        reg.identity.end_session(response)
        return response

    async def publish_form(request: Request) -> Response:
        user = reg.identity.web_user(request)
        if user is None:
            return RedirectResponse(f"/login?next={quote('/publish')}", status_code=303)
        # From a skill's page ("publish a new version"): offer the version after its highest.
        name = query(request, PublishFormQuery).skill or ""
        version = ""
        if NAME.match(name) and reg.store.skill(name) is not None:
            version = semver.next_patch([v.version for v in reg.store.versions(name)])
        return render(reg, request, "publish.html", version=version, skill_name=name if version else "")

    def prepare_held(
        user: str, org: str | None, version: str | None, data: bytes, given: dict[str, str | None]
    ) -> Prepared:
        return reg.prepare_publish(data, publisher=user, org=org, version=version, suggest=True, given=given)

    def source_fields(form: FormData) -> dict[str, str | None]:
        # The publish form's Source fields; the preview carries them to the confirmation as hidden fields.
        return {k: str(form.get(k) or "").strip()[:300] or None for k in PROVENANCE_FIELDS}

    def preview(
        request: Request,
        user: str,
        org: str | None,
        prepared: Prepared,
        given: dict[str, str | None],
        error: str | None = None,
    ) -> Response:
        new = prepared.new
        upload_id = reg.accounts.hold_upload(user, org, new.sha256, new.format, prepared.data)
        return render(
            reg,
            request,
            "preview.html",
            status=409 if error else 200,
            new=new,
            owner=prepared.owner,
            upload_id=upload_id,
            warnings=prepared.warnings,
            declared=metadata.declared_version(new.frontmatter),
            error=error,
            given=given,
        )

    async def publish_preview(request: Request) -> Response:
        signed_in(request)
        try:
            form = await multipart(request, reg.settings.max_archive_bytes)
        except HTTPProblem as exc:
            return render(reg, request, "publish.html", error=exc.message, status=exc.status)
        user, form = await checked_form(request, form)
        upload = form.get("archive")
        org = str(form.get("org") or "").strip() or None
        version = str(form.get("version") or "").strip() or None
        if not isinstance(upload, UploadFile) or not upload.filename:
            return render(reg, request, "publish.html", error="Choose a .zip or .tar.gz file to upload.", status=400)
        if org and not ORG.match(org):
            return render(
                reg,
                request,
                "publish.html",
                error="Organisation names are lower-case letters, digits, - and _.",
                status=400,
            )
        try:
            limit_publishes(reg, user, count=False)  # said now, not after the preview
        except HTTPProblem as exc:
            return render(reg, request, "publish.html", error=exc.message, status=exc.status, version=version)
        data = await upload.read()
        given = source_fields(form)
        try:
            prepared = prepare_held(user, org, version, data, given)
        except PublishError as exc:
            return render(
                reg,
                request,
                "publish.html",
                error=exc.message,
                findings=exc.findings,
                status=exc.status,
                version=version,
                given=given,
            )
        return preview(request, user, org, prepared, given)

    async def publish_confirm(request: Request) -> Response:
        user, form = await checked_form(request)
        held = reg.accounts.take_upload(str(form.get("upload", "")), user)
        data = held.data if held else None
        if held is None or data is None:
            return render(reg, request, "publish.html", error="That upload has expired; upload it again.", status=410)
        if hashlib.sha256(data).hexdigest() != held.sha256:
            return render(reg, request, "publish.html", error="The held upload changed; upload it again.", status=409)
        version = str(form.get("version") or "").strip() or None
        given = source_fields(form)
        try:
            prepared = prepare_held(user, held.org, version, data, given)
            limit_publishes(reg, user)
            reg.commit_publish(prepared)
        except PublishError as exc:
            if exc.code in VERSION_ERRORS:
                # Only the chosen version was wrong: show the preview again (the upload held anew) to pick another.
                try:
                    again = prepare_held(user, held.org, None, data, given)
                    return preview(request, user, held.org, again, given, exc.message)
                except PublishError:
                    pass
            return render(reg, request, "publish.html", error=exc.message, findings=exc.findings, status=exc.status)
        return RedirectResponse(f"/skills/{prepared.new.name}/v/{quote(prepared.new.version)}", status_code=303)

    async def manage(request: Request) -> Response:
        user, form = await checked_form(request)
        skill, row = load_skill(reg, request.path_params["name"], str(form.get("version") or "") or None)
        owner = skill.owner
        if (skill.owner_kind == "user" and owner != user) or (
            skill.owner_kind == "org" and reg.accounts.role(owner, user) is None
        ):
            raise HTTPProblem(403, "not_owner", f"{skill.name} belongs to {owner}.")
        action = str(form.get("action", ""))
        if action in ("yank", "unyank"):
            reason = str(form.get("reason") or "")[:500] or None
            reg.store.set_yanked(skill.name, row.version, action == "yank", reason)
        elif action == "deprecate":
            reg.store.set_deprecated(skill.name, str(form.get("message") or "")[:500] or "deprecated")
        elif action == "undeprecate":
            reg.store.set_deprecated(skill.name, None)
        else:
            raise HTTPProblem(400, "bad_request", "Unknown action.")
        return RedirectResponse(f"/skills/{skill.name}/v/{quote(row.version)}", status_code=303)

    async def rate(request: Request) -> Response:
        user, form = await checked_form(request)
        skill, _ = load_skill(reg, request.path_params["name"])
        stars = str(form.get("stars", ""))
        if stars not in ("1", "2", "3", "4", "5"):
            raise HTTPProblem(400, "bad_request", "Pick from 1 to 5 stars.")
        reg.accounts.rate(skill.name, user, int(stars), str(form.get("comment") or "")[:2000])
        return RedirectResponse(f"/skills/{skill.name}#ratings", status_code=303)

    async def report(request: Request) -> Response:
        user, form = await checked_form(request)
        skill, row = load_skill(reg, request.path_params["name"], str(form.get("version") or "") or None)
        try:
            file_report(
                reg.store,
                reg.settings,
                user,
                skill.name,
                row.version,
                str(form.get("reason") or ""),
                str(form.get("text") or "")[:MAX_TEXT],
            )
        except ReportError as exc:
            message = "Choose a reason." if exc.code == "bad_reason" else exc.message[0].upper() + exc.message[1:] + "."
            return skill_response(reg, request, skill.name, row.version, status=exc.status, report_error=message)
        return RedirectResponse(f"/skills/{skill.name}/v/{quote(row.version)}#report", status_code=303)

    def account_page(
        request: Request, user: str, new_token: str | None = None, codes: list[str] | None = None, status: int = 200
    ) -> Response:
        # Recovery codes belong to the built-in issuer's accounts; with an external issuer there are none here.
        left = recovery_codes_left(reg.users, user) if reg.users is not None else None
        return render(
            reg,
            request,
            "account.html",
            status=status,
            tokens=reg.accounts.tokens(user),
            new_token=new_token,
            recovery_left=left,
            codes=codes,
        )

    async def account(request: Request) -> Response:
        user = reg.identity.web_user(request)
        if user is None:
            return RedirectResponse("/login?next=/account", status_code=303)
        return account_page(request, user)

    async def tokens(request: Request) -> Response:
        user, form = await checked_form(request)
        if form.get("revoke"):
            reg.accounts.revoke_token(user, str(form["revoke"]))
            return RedirectResponse("/account", status_code=303)
        token, _ = reg.accounts.create_token(user, str(form.get("label") or "cli")[:80])
        return account_page(request, user, new_token=token, status=201)

    async def new_recovery_codes(request: Request) -> Response:
        user, _ = await checked_form(request)
        if reg.users is None:
            raise HTTPProblem(404, "not_found", "Accounts of this registry live with its sign-in service.")
        codes = issue_recovery_codes(reg.users, user)
        response = account_page(request, user, codes=codes, status=201)
        response.headers["Cache-Control"] = "private, no-store"
        return response

    async def org_page(request: Request) -> Response:
        user = signed_in(request)
        org = request.path_params["org"]
        role = reg.accounts.role(org, user) if ORG.match(org) else None
        if role is None:
            raise HTTPProblem(404, "not_found", f"You are not a member of an organisation named “{org}”.")
        if request.method == "POST":
            _, form = await checked_form(request)
            if role != "admin":
                raise HTTPProblem(403, "forbidden", "Only an admin of the organisation can change its skills.")
            change_config(
                reg,
                org,
                str(form.get("action", "")),
                str(form.get("skill", "")),
                str(form.get("override") or "") or None,
            )
            return RedirectResponse(f"/orgs/{org}", status_code=303)
        skills = org_skills(reg, org)
        return render(
            reg,
            request,
            "org.html",
            org=org,
            role=role,
            members=reg.accounts.members(org),
            system=[s for s in skills if s["scope"] == "system"],
            own=[s for s in skills if s["scope"] == "org"],
        )

    return [
        Route("/login", login, methods=["GET"]),
        Route("/auth/callback", callback, methods=["GET"]),
        Route("/logout", logout, methods=["POST"]),
        Route("/publish", publish_form, methods=["GET"]),
        Route("/publish", publish_preview, methods=["POST"]),
        Route("/publish/confirm", publish_confirm, methods=["POST"]),
        Route("/skills/{name}/manage", manage, methods=["POST"]),
        Route("/skills/{name}/rate", rate, methods=["POST"]),
        Route("/skills/{name}/report", report, methods=["POST"]),
        Route("/account", account, methods=["GET"]),
        Route("/account/tokens", tokens, methods=["POST"]),
        Route("/account/recovery-codes", new_recovery_codes, methods=["POST"]),
        Route("/orgs/{org}", org_page, methods=["GET", "POST"]),
    ]
