"""zh-django: 陈浩 (Chen Hao), Django 5.2 + DRF loyalty-points service with Celery workers.

Stack: Django 5.2 / Django REST Framework 3.16, Celery 5.5 (Redis broker + result backend), PostgreSQL 16,
poetry 2 (in-project .venv, aliyun PyPI mirror), pytest-django (addopts --reuse-db --nomigrations),
factory_boy, mypy + django-stubs, ruff, Docker Compose for the local stack (db, redis, web, worker, beat),
GitLab (glab) merge requests, GitLab CI builds images into Aliyun ACR, Helm deploys to Aliyun ACK.
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind (see README.md next to this file); kept aside for the final measurement.

    cd bench/reflection/traces && python3 gen_zh_django.py && python3 fresh/check_fresh.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chenhao"
R = "/home/chenhao/work/loyalty-api"
MODEL = "claude-opus-4-6"
GL = "https://gitlab.jingxuan.tech/member/loyalty-api"
ORIGIN = "gitlab.jingxuan.tech:member/loyalty-api.git"
ACR = "registry.cn-hangzhou.aliyuncs.com/jingxuan/loyalty-api"
STG = "https://loyalty-api.stg.jingxuan.tech"
VENV = ".venv/lib/python3.12/site-packages"
CVENV = "/usr/local/lib/python3.12/site-packages"

HX = random.Random(61208)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def rid(n):
    return "".join(HX.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
FILES = {
    P("pyproject.toml"): """[project]
name = "loyalty-api"
version = "1.8.0"
description = "鲸选会员积分服务"
authors = [{ name = "member-team", email = "member-team@jingxuan.tech" }]
requires-python = ">=3.12,<3.13"
dependencies = [
    "django (>=5.2.13,<5.3.0)",
    "djangorestframework (>=3.16.0,<3.17.0)",
    "psycopg[binary] (>=3.2.9,<4.0.0)",
    "celery[redis] (>=5.5.3,<6.0.0)",
    "django-redis (>=6.0.0,<7.0.0)",
    "django-environ (>=0.12.0,<0.13.0)",
    "drf-spectacular (>=0.28.0,<0.29.0)",
    "gunicorn (>=23.0.0,<24.0.0)",
    "sentry-sdk[django] (>=2.30.0,<3.0.0)",
]

[tool.poetry]
package-mode = false

[[tool.poetry.source]]
name = "aliyun"
url = "https://mirrors.aliyun.com/pypi/simple/"
priority = "primary"

[tool.poetry.group.dev.dependencies]
pytest = "^8.4.1"
pytest-django = "^4.11.1"
pytest-cov = "^6.2.1"
pytest-mock = "^3.14.1"
factory-boy = "^3.3.3"
mypy = "^1.16.1"
django-stubs = { extras = ["compatible-mypy"], version = "^5.2.1" }
djangorestframework-stubs = { extras = ["compatible-mypy"], version = "^3.16.0" }
celery-types = "^0.23.0"
ruff = "^0.12.2"

[tool.pytest.ini_options]
DJANGO_SETTINGS_MODULE = "config.settings.test"
python_files = ["test_*.py"]
testpaths = ["tests"]
addopts = "--reuse-db --nomigrations --strict-markers"

[tool.mypy]
python_version = "3.12"
plugins = ["mypy_django_plugin.main", "mypy_drf_plugin.main"]
strict_optional = true
warn_unused_ignores = true
exclude = ["migrations/", "tests/"]

[tool.django-stubs]
django_settings_module = "config.settings.test"

[tool.ruff]
line-length = 100
target-version = "py312"
extend-exclude = ["*/migrations/*"]

[tool.ruff.lint]
select = ["E", "F", "I", "UP", "B", "DJ"]
""",
    P("docker-compose.yml"): """services:
  db:
    image: postgres:16-alpine
    environment:
      POSTGRES_DB: loyalty
      POSTGRES_USER: loyalty
      POSTGRES_PASSWORD: loyalty
    ports:
      - "5432:5432"
    volumes:
      - pgdata:/var/lib/postgresql/data

  redis:
    image: redis:7-alpine
    ports:
      - "6379:6379"

  web:
    build: .
    command: python manage.py runserver 0.0.0.0:8000
    env_file: .env.docker
    volumes:
      - .:/app
    ports:
      - "8000:8000"
    depends_on:
      - db
      - redis

  worker:
    build: .
    command: celery -A config worker -l info --concurrency 2
    env_file: .env.docker
    volumes:
      - .:/app
    depends_on:
      - db
      - redis

  beat:
    build: .
    command: celery -A config beat -l info
    env_file: .env.docker
    volumes:
      - .:/app
    depends_on:
      - redis

volumes:
  pgdata:
""",
    P("config/celery.py"): """import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("loyalty")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(bind=True, ignore_result=True)
def debug_task(self):
    print(f"Request: {self.request!r}")
""",
    P("config/settings/base.py"): """from pathlib import Path

import environ
from celery.schedules import crontab

BASE_DIR = Path(__file__).resolve().parent.parent.parent
env = environ.Env()

SECRET_KEY = env("DJANGO_SECRET_KEY")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "common",
    "members",
    "points",
    "rewards",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {"default": env.db("DATABASE_URL")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": env("REDIS_CACHE_URL", default="redis://localhost:6379/2"),
    }
}

LANGUAGE_CODE = "zh-hans"
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["common.auth.GatewayMemberAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "common.pagination.DefaultPagination",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="redis://localhost:6379/0")
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default="redis://localhost:6379/1")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_TIME_LIMIT = 300
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE: dict[str, dict] = {}

POINTS_EXPIRE_DAYS = 365
""",
    P("points/models.py"): """from django.db import models


class PointAccount(models.Model):
    member = models.OneToOneField(
        "members.Member", on_delete=models.PROTECT, related_name="point_account"
    )
    balance = models.IntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"PointAccount<member={self.member_id}> balance={self.balance}"


class PointLedger(models.Model):
    class Reason(models.TextChoices):
        ORDER = "order", "订单返积分"
        REFUND = "refund", "退款扣回"
        REDEEM = "redeem", "积分兑换"
        EXPIRE = "expire", "积分过期"
        ADJUST = "adjust", "人工调整"
        BIRTHDAY = "birthday", "生日礼"

    account = models.ForeignKey(PointAccount, on_delete=models.PROTECT, related_name="ledger")
    change = models.IntegerField()
    balance_after = models.IntegerField()
    reason = models.CharField(max_length=16, choices=Reason.choices)
    source_order_no = models.CharField(max_length=32, blank=True, default="", db_index=True)
    remark = models.CharField(max_length=255, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["account", "-created_at"], name="ledger_account_created_idx")]

    def __str__(self) -> str:
        return f"{self.reason} {self.change:+d} -> {self.balance_after}"
""",
    P("points/services.py"): """from __future__ import annotations

import logging
from decimal import Decimal

from django.db import transaction

from members.models import Member
from points.models import PointAccount, PointLedger

logger = logging.getLogger(__name__)


class InsufficientPoints(Exception):
    pass


def points_for_order(paid_amount_fen: int, member: Member) -> int:
    \"\"\"每满 1 元 1 积分，再乘会员等级倍数（向下取整）。\"\"\"
    base = paid_amount_fen // 100
    multiplier = member.tier.multiplier if member.tier else Decimal("1")
    return int(base * multiplier)


@transaction.atomic
def award_points(
    member_id: int, amount: int, reason: str, *, source_order_no: str = "", remark: str = ""
) -> PointLedger:
    if amount <= 0:
        raise ValueError("amount must be positive")
    account, _ = PointAccount.objects.select_for_update().get_or_create(member_id=member_id)
    account.balance += amount
    account.save(update_fields=["balance", "updated_at"])
    entry = PointLedger.objects.create(
        account=account,
        change=amount,
        balance_after=account.balance,
        reason=reason,
        source_order_no=source_order_no,
        remark=remark,
    )
    logger.info("points awarded member=%s amount=%s reason=%s", member_id, amount, reason)
    return entry


@transaction.atomic
def deduct_points(
    member_id: int, amount: int, reason: str, *, source_order_no: str = "", remark: str = ""
) -> PointLedger:
    if amount <= 0:
        raise ValueError("amount must be positive")
    account = PointAccount.objects.select_for_update().get(member_id=member_id)
    if account.balance < amount:
        raise InsufficientPoints(f"balance {account.balance} < {amount}")
    account.balance -= amount
    account.save(update_fields=["balance", "updated_at"])
    entry = PointLedger.objects.create(
        account=account,
        change=-amount,
        balance_after=account.balance,
        reason=reason,
        source_order_no=source_order_no,
        remark=remark,
    )
    logger.info("points deducted member=%s amount=%s reason=%s", member_id, amount, reason)
    return entry
""",
    P("points/tasks.py"): """import logging

from celery import shared_task

logger = logging.getLogger(__name__)
""",
    P("points/api/views.py"): """from django.db import IntegrityError
from rest_framework import generics, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.auth import OrderCenterSignatureAuthentication
from members.models import Member
from points.api.serializers import OrderPaidEventSerializer, PointLedgerSerializer
from points.models import PointLedger
from points.services import award_points, points_for_order


class MyLedgerListView(generics.ListAPIView):
    serializer_class = PointLedgerSerializer

    def get_queryset(self):
        return PointLedger.objects.filter(account__member=self.request.user.member)


class OrderPaidWebhookView(APIView):
    \"\"\"订单中心支付成功回调：同步给会员记积分。\"\"\"

    authentication_classes = [OrderCenterSignatureAuthentication]
    permission_classes = [AllowAny]

    def post(self, request: Request) -> Response:
        ser = OrderPaidEventSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        event = ser.validated_data
        if PointLedger.objects.filter(source_order_no=event["order_no"]).exists():
            return Response({"duplicate": True}, status=status.HTTP_200_OK)
        member = Member.objects.select_related("tier").get(user_id=event["user_id"])
        amount = points_for_order(event["paid_amount_fen"], member)
        if amount > 0:
            try:
                award_points(
                    member.id, amount, PointLedger.Reason.ORDER, source_order_no=event["order_no"]
                )
            except IntegrityError:
                return Response({"duplicate": True}, status=status.HTTP_200_OK)
        return Response({"awarded": amount}, status=status.HTTP_200_OK)
""",
    P("points/api/serializers.py"): """from rest_framework import serializers

from points.models import PointLedger


class PointLedgerSerializer(serializers.ModelSerializer):
    reason_display = serializers.CharField(source="get_reason_display", read_only=True)

    class Meta:
        model = PointLedger
        fields = ["id", "change", "balance_after", "reason", "reason_display", "created_at"]


class OrderPaidEventSerializer(serializers.Serializer):
    order_no = serializers.CharField(max_length=32)
    user_id = serializers.IntegerField()
    paid_amount_fen = serializers.IntegerField(min_value=0)
    paid_at = serializers.DateTimeField()
""",
    P("points/api/urls.py"): """from django.urls import path

from points.api import views

urlpatterns = [
    path("points/ledger/", views.MyLedgerListView.as_view(), name="my-ledger"),
    path("webhooks/order-paid/", views.OrderPaidWebhookView.as_view(), name="order-paid-webhook"),
]
""",
    P("members/models.py"): """from decimal import Decimal

from django.db import models


class Tier(models.Model):
    code = models.CharField(max_length=16, unique=True)
    name = models.CharField(max_length=32)
    min_points = models.IntegerField(help_text="近 12 个月累计获得积分门槛")
    multiplier = models.DecimalField(max_digits=4, decimal_places=2, default=Decimal("1.00"))

    class Meta:
        ordering = ["min_points"]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    user_id = models.BigIntegerField(unique=True, help_text="用户中心 uid")
    phone = models.CharField(max_length=20, blank=True, default="")
    nickname = models.CharField(max_length=64, blank=True, default="")
    tier = models.ForeignKey(
        Tier, null=True, blank=True, on_delete=models.SET_NULL, related_name="members"
    )
    birthday = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Member<{self.user_id}>"
""",
    P("members/services.py"): """from members.models import Tier


def tier_for_points(points_12m: int) -> Tier | None:
    \"\"\"近 12 个月累计积分对应的等级（门槛从高到低取第一个满足的）。\"\"\"
    return Tier.objects.filter(min_points__lte=points_12m).order_by("-min_points").first()
""",
    P("common/responses.py"): """from typing import Any

from rest_framework.response import Response


class ApiResponse(Response):
    \"\"\"前端统一响应格式：{"code": 0, "message": "ok", "data": ...}。\"\"\"

    def __init__(self, data: Any = None, *, code: int = 0, message: str = "ok", status: int = 200):
        super().__init__({"code": code, "message": message, "data": data}, status=status)
""",
    P("tests/conftest.py"): """import pytest
from rest_framework.test import APIClient

from tests.factories import MemberFactory


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def member(db):
    return MemberFactory()


@pytest.fixture
def member_client(api_client, member):
    api_client.credentials(HTTP_X_MEMBER_ID=str(member.user_id))
    return api_client
""",
    P("tests/factories.py"): """from decimal import Decimal

import factory
from factory.django import DjangoModelFactory

from members.models import Member, Tier
from points.models import PointAccount, PointLedger


class TierFactory(DjangoModelFactory):
    class Meta:
        model = Tier
        django_get_or_create = ("code",)

    code = "silver"
    name = "银卡"
    min_points = 0
    multiplier = Decimal("1.00")


class MemberFactory(DjangoModelFactory):
    class Meta:
        model = Member

    user_id = factory.Sequence(lambda n: 100000 + n)
    phone = factory.Sequence(lambda n: f"138{n:08d}")
    nickname = factory.Faker("name", locale="zh_CN")
    tier = factory.SubFactory(TierFactory)


class PointAccountFactory(DjangoModelFactory):
    class Meta:
        model = PointAccount

    member = factory.SubFactory(MemberFactory)
    balance = 0


class PointLedgerFactory(DjangoModelFactory):
    class Meta:
        model = PointLedger

    account = factory.SubFactory(PointAccountFactory)
    change = 100
    balance_after = 100
    reason = PointLedger.Reason.ORDER
""",
    P("tests/points/test_services.py"): """import pytest

from points.models import PointLedger
from points.services import InsufficientPoints, award_points, deduct_points
from tests.factories import PointAccountFactory

pytestmark = pytest.mark.django_db


def test_award_creates_account_and_ledger(member):
    entry = award_points(member.id, 300, PointLedger.Reason.ORDER, source_order_no="SO1001")

    assert entry.change == 300
    assert entry.balance_after == 300
    assert member.point_account.balance == 300


def test_award_rejects_non_positive(member):
    with pytest.raises(ValueError):
        award_points(member.id, 0, PointLedger.Reason.ORDER)


def test_deduct_insufficient():
    account = PointAccountFactory(balance=50)

    with pytest.raises(InsufficientPoints):
        deduct_points(account.member_id, 80, PointLedger.Reason.REDEEM)
""",
    P("deploy/helm/loyalty-api/values-staging.yaml"): """image:
  repository: registry.cn-hangzhou.aliyuncs.com/jingxuan/loyalty-api
  tag: ""

replicaCount: 2

env:
  DJANGO_SETTINGS_MODULE: config.settings.staging
  DJANGO_ALLOWED_HOSTS: loyalty-api.stg.jingxuan.tech

envFromSecret: loyalty-api-env

worker:
  enabled: true
  replicaCount: 1
  concurrency: 4

beat:
  enabled: true

migrations:
  enabled: true   # pre-upgrade hook Job: python manage.py migrate --noinput

ingress:
  enabled: true
  className: nginx
  host: loyalty-api.stg.jingxuan.tech
""",
    P("README.md"): """# loyalty-api

鲸选会员积分服务：积分账户与流水、会员等级、积分兑换。Django 5.2 + DRF，Celery（Redis），PostgreSQL 16。

## 本地开发

```bash
poetry install
cp .env.example .env
docker compose up -d            # db / redis / web / worker / beat
poetry run python manage.py migrate
poetry run pytest
```

## 目录

| 目录 | 说明 |
|---|---|
| `config/` | settings（base/local/test/staging/prod）、celery、urls |
| `common/` | 网关鉴权、分页、统一响应 |
| `members/` | 会员、等级 |
| `points/` | 积分账户、流水、订单回调 |
| `rewards/` | 兑换商品、兑换单 |
| `deploy/helm/loyalty-api/` | Helm chart（ACK） |
""",
}


# ------------------------------------------------------------------ output helpers
PT_HEAD = """============================= test session starts ==============================
platform linux -- Python 3.12.11, pytest-8.4.1, pluggy-1.6.0
django: version: 5.2.13, settings: config.settings.test (from ini)
rootdir: /home/chenhao/work/loyalty-api
configfile: pyproject.toml
plugins: django-4.11.1, cov-6.2.1, mock-3.14.1"""


def sep(text, ch="="):
    return f" {text} ".center(80, ch)


def pt_lines(mods):
    """mods: list of (path, results-string). Returns progress lines like pytest prints them."""
    total = sum(len(r) for _, r in mods)
    out, done = [], 0
    for path, res in mods:
        done += len(res)
        pct = f"[{int(done * 100 / total):3d}%]"
        s = f"{path} {res}"
        out.append(s + " " * max(1, 80 - len(s) - len(pct)) + pct)
    return out, total


def pt_run(mods, secs, failed=(), errors=(), summary=None, body=""):
    """A whole pytest run (header, progress, optional failure body, summary)."""
    lines, total = pt_lines(mods)
    npass = sum(r.count(".") for _, r in mods)
    nfail = sum(r.count("F") for _, r in mods)
    nerr = sum(r.count("E") for _, r in mods)
    out = [PT_HEAD, f"collected {total} item{'s' if total != 1 else ''}", ""] + lines
    if body:
        out += ["", body.rstrip("\n")]
    if failed or errors:
        out.append(sep("short test summary info"))
        out += [f"FAILED {f}" for f in failed] + [f"ERROR {e}" for e in errors]
    parts = []
    if nfail:
        parts.append(f"{nfail} failed")
    parts.append(f"{npass} passed")
    if nerr:
        parts.append(f"{nerr} error{'s' if nerr > 1 else ''}")
    out.append(sep(summary or f"{', '.join(parts)} in {secs}"))
    return "\n".join(out)


def pt_quiet(mods, secs):
    """pytest -q output (dots wrap at 80 with percentage)."""
    allr = "".join(r for _, r in mods)
    total = len(allr)
    out, done = [], 0
    for i in range(0, total, 70):
        chunk = allr[i:i + 70]
        done += len(chunk)
        pct = f"[{int(done * 100 / total):3d}%]"
        out.append(chunk + " " * (80 - len(chunk) - len(pct)) + pct)
    out.append(f"{allr.count('.')} passed in {secs}")
    return "\n".join(out)


# test modules of the project (grows as tasks add tests): path -> number of tests
SUITE = {
    "tests/api/test_member_api.py": 9,
    "tests/api/test_points_api.py": 14,
    "tests/api/test_webhooks.py": 6,
    "tests/common/test_auth.py": 7,
    "tests/common/test_pagination.py": 3,
    "tests/members/test_models.py": 5,
    "tests/members/test_tiers.py": 8,
    "tests/points/test_services.py": 3,
    "tests/rewards/test_catalog.py": 7,
    "tests/rewards/test_redemption.py": 11,
}


def suite_mods(extra=None):
    s = dict(SUITE)
    s.update(extra or {})
    return [(k, "." * v) for k, v in sorted(s.items())]


def push_new(branch, objs, kib):
    return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({objs // 2}/{objs // 2}), done.
Writing objects: 100% ({objs - 3}/{objs - 3}), {kib} KiB | {kib} MiB/s, done.
Total {objs - 3} (delta {objs // 3}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def glab_mr(branch, title, iid):
    return f"""
Creating merge request for {branch} into develop in member/loyalty-api

!{iid} {title} ({branch})
 {GL}/-/merge_requests/{iid}
"""


def helm_ok(rev, when):
    return f"""Release "loyalty-api" has been upgraded. Happy Helming!
NAME: loyalty-api
LAST DEPLOYED: {when}
NAMESPACE: loyalty-staging
STATUS: deployed
REVISION: {rev}
TEST SUITE: None
NOTES:
loyalty-api {STG}
  web:    2 replicas
  worker: 1 replica (concurrency 4)
  beat:   enabled"""


def helm_when(d):
    t = d.clock + _dt.timedelta(hours=8)
    return t.strftime("%a %b %d %H:%M:%S %Y").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("%a %b %d %H:%M:%S %Y")


def clog(d, plus=0.0):
    """Celery log timestamp (container clock, UTC)."""
    t = d.clock + _dt.timedelta(seconds=plus)
    return t.strftime("%Y-%m-%d %H:%M:%S,") + f"{t.microsecond // 1000:03d}"


def worker_banner(d, host, tasks, plus=0.0):
    pre = "worker-1  | "
    lines = [
        " ",
        f" -------------- celery@{host} v5.5.3 (immunity)",
        "--- ***** ----- ",
        f"-- ******* ---- Linux-6.8.0-62-generic-x86_64-with-glibc2.36 {(d.clock + _dt.timedelta(seconds=plus)).strftime('%Y-%m-%d %H:%M:%S')}",
        "- *** --- * --- ",
        "- ** ---------- [config]",
        "- ** ---------- .> app:         loyalty:0x7f2a1c6b3e90",
        "- ** ---------- .> transport:   redis://redis:6379/0",
        "- ** ---------- .> results:     redis://redis:6379/1",
        "- *** --- * --- .> concurrency: 2 (prefork)",
        "-- ******* ---- .> task events: OFF (enable -E to monitor tasks in this worker)",
        "--- ***** ----- ",
        " -------------- [queues]",
        "                .> celery           exchange=celery(direct) key=celery",
        "                ",
        "",
        "[tasks]",
    ] + [f"  . {t}" for t in tasks] + [
        "",
        f"[{clog(d, plus + 1.2)}: INFO/MainProcess] Connected to redis://redis:6379/0",
        f"[{clog(d, plus + 1.21)}: INFO/MainProcess] mingle: searching for neighbors",
        f"[{clog(d, plus + 2.23)}: INFO/MainProcess] mingle: all alone",
        f"[{clog(d, plus + 2.25)}: INFO/MainProcess] celery@{host} ready.",
    ]
    return "\n".join(pre + l for l in lines)


def unregistered(d, task, body, tid, plus=0.0):
    pre = "worker-1  | "
    hdr = ("{'lang': 'py', 'task': '" + task + "', 'id': '" + tid + "', 'shadow': None, 'eta': None, "
           "'expires': None, 'group': None, 'group_index': None, 'retries': 0, 'timelimit': [None, None], "
           "'root_id': '" + tid + "', 'parent_id': None, 'argsrepr': '" + body[0] + "', 'kwargsrepr': '{}', "
           "'origin': 'gen" + str(HX.randint(20, 400)) + "@" + hx(12) + "', 'ignore_result': False, "
           "'replaced_task_nesting': 0, 'stamped_headers': None, 'stamps': {}}")
    lines = [
        f"[{clog(d, plus)}: ERROR/MainProcess] Received unregistered task of type '{task}'.",
        "The message has been ignored and discarded.",
        "",
        "Did you remember to import the module containing this task?",
        "Or maybe you're using relative imports?",
        "",
        "Please see",
        "https://docs.celeryq.dev/en/latest/internals/protocol.html",
        "for more information.",
        "",
        "The full contents of the message body was:",
        f"b'{body[1]}' ({len(body[1])}b)",
        "",
        "The full contents of the message headers:",
        hdr,
        "",
        "The delivery info for this task is:",
        "{'exchange': '', 'routing_key': 'celery'}",
        "Traceback (most recent call last):",
        f'  File "{CVENV}/celery/worker/consumer/consumer.py", line 662, in on_task_received',
        "    strategy = strategies[type_]",
        "               ~~~~~~~~~~^^^^^^^",
        f"KeyError: '{task}'",
    ]
    return "\n".join(pre + l for l in lines)


def celery_timeout(root, shell_line, where="container"):
    """Traceback of AsyncResult.get(timeout=...) run through `manage.py shell -c`."""
    site = CVENV if where == "container" else f"{R}/{VENV}"
    mp = "/app/manage.py" if where == "container" else f"{R}/manage.py"
    mgmt = f"""  File "{mp}", line 22, in <module>
    main()
  File "{mp}", line 18, in main
    execute_from_command_line(sys.argv)
  File "{site}/django/core/management/__init__.py", line 442, in execute_from_command_line
    utility.execute()
  File "{site}/django/core/management/__init__.py", line 436, in execute
    self.fetch_command(subcommand).run_from_argv(self.argv)
  File "{site}/django/core/management/base.py", line 416, in run_from_argv
    self.execute(*args, **cmd_options)
  File "{site}/django/core/management/base.py", line 460, in execute
    output = self.handle(*args, **options)
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{site}/django/core/management/commands/shell.py", line 246, in handle
    exec(options["command"], {{**globals(), **self.get_namespace(**options)}})
  File "<string>", line {shell_line}, in <module>
  File "{site}/celery/result.py", line 251, in get
    return self.backend.wait_for_pending(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{site}/celery/backends/asynchronous.py", line 268, in wait_for_pending
    for _ in self._wait_for_pending(result, **kwargs):
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
    return f"""Traceback (most recent call last):
  File "{site}/celery/backends/asynchronous.py", line 336, in _wait_for_pending
    for _ in self.drain_events_until(
             ^^^^^^^^^^^^^^^^^^^^^^^^
  File "{site}/celery/backends/asynchronous.py", line 54, in drain_events_until
    raise socket.timeout()
TimeoutError

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
{mgmt}
  File "{site}/celery/backends/asynchronous.py", line 343, in _wait_for_pending
    raise TimeoutError('The operation timed out.')
celery.exceptions.TimeoutError: The operation timed out."""


def db_blocked(title, head, sub=True, short=False):
    """pytest-django: DB access from a test (or a fixture) that has no django_db mark.
    head: the test's own frame(s) as pytest prints them; sub: factory goes through a SubFactory first."""
    if sub:
        mid = f"""{VENV}/factory/builder.py:264: in build
    step.resolve(pre)
{VENV}/factory/builder.py:201: in resolve
    self.attributes[field_name] = getattr(self.stub, field_name)
                                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/builder.py:346: in __getattr__
    value = value.evaluate_pre(
{VENV}/factory/declarations.py:48: in evaluate_pre
    return self.evaluate(instance, step, context)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/declarations.py:411: in evaluate
    return step.recurse(subfactory, extra, force_sequence=force_sequence)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/builder.py:227: in recurse
    return builder.build(parent_step=self, force_sequence=force_sequence)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
    else:
        mid = ""
    frames = f"""{VENV}/factory/base.py:43: in __call__
    return cls.create(**kwargs)
           ^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/base.py:539: in create
    return cls._generate(enums.CREATE_STRATEGY, kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/django.py:121: in _generate
    return super()._generate(strategy, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/base.py:468: in _generate
    return step.build()
           ^^^^^^^^^^^^
{mid}
{VENV}/factory/builder.py:272: in build
    instance = self.factory_meta.instantiate(
{VENV}/factory/base.py:317: in instantiate
    return self.factory._create(model, *args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/django.py:167: in _create
    return cls._get_or_create(model_class, *args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/django.py:145: in _get_or_create
    instance, _created = manager.get_or_create(*args, **key_fields)
                         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/manager.py:87: in manager_method
    return getattr(self.get_queryset(), name)(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:948: in get_or_create
    return self.get(**kwargs), False
           ^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:629: in get
    num = len(clone)
          ^^^^^^^^^^
{VENV}/django/db/models/query.py:366: in __len__
    self._fetch_all()
{VENV}/django/db/models/query.py:1949: in _fetch_all
    self._result_cache = list(self._iterable_class(self))
                         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:91: in __iter__
    results = compiler.execute_sql(
{VENV}/django/db/models/sql/compiler.py:1621: in execute_sql
    cursor = self.connection.cursor()
             ^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/utils/asyncio.py:26: in inner
    return func(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/backends/base/base.py:320: in cursor
    return self._cursor()
           ^^^^^^^^^^^^^^""".replace("\n\n", "\n")
    if short:
        return f"""{sep(title, '_')}
{head}
{frames}
{VENV}/django/db/backends/base/base.py:296: in _cursor
    self.ensure_connection()
E   {DB_BLOCKED_SHORT}"""
    return f"""{sep(title, '_')}
{head}
{frames}
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

self = <DatabaseWrapper vendor='postgresql' alias='default'>, name = None

    def _cursor(self, name=None):
        self.close_if_health_check_failed()
>       self.ensure_connection()
E       {DB_BLOCKED_SHORT}

{VENV}/django/db/backends/base/base.py:296: RuntimeError"""


DB_BLOCKED_SHORT = 'RuntimeError: Database access not allowed, use the "django_db" mark, or the "db" or "transactional_db" fixtures to enable it.'


def undefined_column(test, test_src, call_frames, sql, params, pg_msg, pg_line, caret_pad, final_frame):
    """pytest long/auto traceback for psycopg UndefinedColumn wrapped in django ProgrammingError."""
    return f"""{sep(test, '_')}

self = <django.db.backends.utils.CursorWrapper object at 0x7f{hx(10)}>
sql = '{sql}'
params = {params}
ignored_wrapper_args = (False, {{'connection': <DatabaseWrapper vendor='postgresql' alias='default'>, 'cursor': <django.db.backends.utils.CursorWrapper object at 0x7f{hx(10)}>}})

    def _execute(self, sql, params, *ignored_wrapper_args):
        # Raise a warning during app initialization (stored_app_configs is only
        # set during app loading) and not during a test run.
        if self.db.apps.ready and self.db.apps.stored_app_configs:
            warnings.warn(self.APPS_NOT_READY_WARNING_MSG, category=RuntimeWarning)
        self.db.validate_no_broken_transaction()
        with self.db.wrap_database_errors:
            if params is None:
                # params default might be backend specific.
                return self.cursor.execute(sql)
            else:
>               return self.cursor.execute(sql, params)
                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

{VENV}/django/db/backends/utils.py:105: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

self = <django.db.backends.postgresql.base.Cursor [INERROR] (host=localhost user=loyalty database=test_loyalty) at 0x7f{hx(10)}>
query = '{sql}'
params = {params}

    def execute(
        self,
        query: Query,
        params: Params | None = None,
        *,
        prepare: bool | None = None,
        binary: bool | None = None,
    ) -> Self:
        \"\"\"
        Execute a query or command to the database.
        \"\"\"
        try:
            with self._conn.lock:
                self._conn.wait(
                    self._execute_gen(query, params, prepare=prepare, binary=binary)
                )
        except e._NO_TRACEBACK as ex:
>           raise ex.with_traceback(None)
E           psycopg.errors.UndefinedColumn: {pg_msg}
E           LINE 1: {pg_line}
E                   {' ' * caret_pad}^

{VENV}/psycopg/cursor.py:97: UndefinedColumn

The above exception was the direct cause of the following exception:

{test_src}
{call_frames}
{VENV}/django/db/backends/utils.py:100: in _execute_with_wrappers
    return executor(sql, params, many, context)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/backends/utils.py:103: in _execute
    with self.db.wrap_database_errors:
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/utils.py:91: in __exit__
    raise dj_exc_value.with_traceback(traceback) from exc_value
{VENV}/django/db/backends/utils.py:105: in _execute
    return self.cursor.execute(sql, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

self = <django.db.backends.postgresql.base.Cursor [INERROR] (host=localhost user=loyalty database=test_loyalty) at 0x7f{hx(10)}>
query = '{sql}'
params = {params}

    def execute(
        self,
        query: Query,
        params: Params | None = None,
        *,
        prepare: bool | None = None,
        binary: bool | None = None,
    ) -> Self:
        \"\"\"
        Execute a query or command to the database.
        \"\"\"
        try:
            with self._conn.lock:
                self._conn.wait(
                    self._execute_gen(query, params, prepare=prepare, binary=binary)
                )
        except e._NO_TRACEBACK as ex:
>           raise ex.with_traceback(None)
E           django.db.utils.ProgrammingError: {pg_msg}
E           LINE 1: {pg_line}
E                   {' ' * caret_pad}^

{VENV}/psycopg/cursor.py:97: ProgrammingError
{final_frame}"""


def line_of(d, path, needle):
    return d.files[path][:d.files[path].index(needle)].count("\n") + 1


def mypy_ok(n):
    return f"Success: no issues found in {n} source files"


WEBHOOK_TESTS = """import pytest

from points.models import PointLedger
from tests.factories import MemberFactory, PointLedgerFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/webhooks/order-paid/"


@pytest.fixture
def signed_client(api_client, settings):
    settings.ORDER_CENTER_WEBHOOK_TOKEN = "t0ken"
    api_client.credentials(HTTP_X_ORDER_CENTER_TOKEN="t0ken")
    return api_client


def event(**kw):
    data = {"order_no": "SO1", "user_id": 100001, "paid_amount_fen": 25900, "paid_at": "2026-06-01T10:00:00+08:00"}
    data.update(kw)
    return data


def test_rejects_without_token(api_client):
    assert api_client.post(URL, event(), format="json").status_code == 401


def test_awards_points(signed_client):
    member = MemberFactory(user_id=100001)

    resp = signed_client.post(URL, event(), format="json")

    assert resp.status_code == 200
    assert resp.json() == {"awarded": 259}
    assert member.point_account.balance == 259


def test_duplicate_order_is_ignored(signed_client):
    member = MemberFactory(user_id=100001)
    PointLedgerFactory(account__member=member, source_order_no="SO1")

    resp = signed_client.post(URL, event(), format="json")

    assert resp.json() == {"duplicate": True}
    assert PointLedger.objects.filter(source_order_no="SO1").count() == 1


def test_zero_amount_awards_nothing(signed_client):
    MemberFactory(user_id=100001)

    resp = signed_client.post(URL, event(paid_amount_fen=99), format="json")

    assert resp.json() == {"awarded": 0}
    assert not PointLedger.objects.exists()


def test_unknown_member_404(signed_client):
    assert signed_client.post(URL, event(user_id=1), format="json").status_code == 404


def test_invalid_payload(signed_client):
    assert signed_client.post(URL, {"order_no": "SO1"}, format="json").status_code == 400
"""
FILES[P("tests/api/test_webhooks.py")] = WEBHOOK_TESTS


def gen():
    d = Dev("zh-django", U, "zh", MODEL, seed=20260608, files=FILES)

    # ============================================================== S1
    with d.session("2026-06-08T01:35:00", R, branch="feat/points-expiry", version="2.1.74"):
        t = d.task("先带我过一遍积分发放的链路：订单中心支付回调进来，到记账落库，中间都经过哪些代码？我下周要接积分过期，先熟悉一下", tags=["noise"])
        t.glob("points/**/*.py", [P("points/__init__.py"), P("points/admin.py"), P("points/api/serializers.py"),
                                  P("points/api/urls.py"), P("points/api/views.py"), P("points/apps.py"),
                                  P("points/migrations/0001_initial.py"), P("points/migrations/0002_pointledger_source_order_no.py"),
                                  P("points/migrations/0003_alter_pointledger_reason.py"),
                                  P("points/migrations/0004_pointledger_ledger_account_created_idx.py"),
                                  P("points/migrations/0005_alter_pointledger_options.py"),
                                  P("points/migrations/0006_alter_pointledger_source_order_no.py"),
                                  P("points/models.py"), P("points/services.py"), P("points/tasks.py")], path=R)
        t.read(P("points/api/views.py"))
        t.read(P("points/services.py"))
        t.read(P("points/models.py"))
        t.read(P("config/celery.py"))
        t.done("""链路不长，全是同步的：

1. **入口** `points/api/views.py` 的 `OrderPaidWebhookView`（`POST /api/v1/webhooks/order-paid/`）。鉴权用的是 `OrderCenterSignatureAuthentication`，只认订单中心的 token，`permission_classes = [AllowAny]`。
2. **校验和幂等**：`OrderPaidEventSerializer` 校验 `order_no / user_id / paid_amount_fen / paid_at`。先按 `source_order_no` 查一下有没有已经记过的流水，有就直接返回 `{"duplicate": true}`。
3. **算积分**：`services.points_for_order`，每满 1 元 1 分，再乘 `member.tier.multiplier`，向下取整。
4. **记账**：`services.award_points`，整个函数带 `@transaction.atomic`：
   - `PointAccount.objects.select_for_update().get_or_create(member_id=...)` 锁住账户行
   - `balance += amount`，然后写一条 `PointLedger`（`change`、`balance_after`、`reason`、`source_order_no`）
5. 流水表 `PointLedger` 上有 `(account, -created_at)` 联合索引，`source_order_no` 单独有索引，但**没有唯一约束**。所以并发重推的时候，两个请求可能同时通过 `exists()` 检查。view 里 catch 了 `IntegrityError`，但现在其实不会触发。

Celery 这边 `config/celery.py` 是标准写法：`autodiscover_tasks()`，配置走 `CELERY_` 前缀；`points/tasks.py` 目前还是空的。

接积分过期的话，流水上还得有「到期时间」这个维度，现在的模型里没有。""")

        # ---- T02: expires_at (M2 #1)
        t = d.task("PointLedger 加个 expires_at 字段：发放类的流水（change > 0）一年后过期，可空，老数据先不管。"
                   "award_points 里记上到期时间，迁移生成一下、本地库 migrate，然后跑下 points 的测试", tags=["mistake:M2"])
        models = P("points/models.py")
        t.edit(models, """    remark = models.CharField(max_length=255, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
""", """    remark = models.CharField(max_length=255, blank=True, default="")
    expires_at = models.DateTimeField(null=True, blank=True, db_index=True, help_text="发放类流水的到期时间")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
""")
        svc = P("points/services.py")
        t.edit(svc, """import logging
from decimal import Decimal

from django.db import transaction
""", """import logging
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone
""")
        t.edit(svc, """        reason=reason,
        source_order_no=source_order_no,
        remark=remark,
    )
    logger.info("points awarded""", """        reason=reason,
        source_order_no=source_order_no,
        remark=remark,
        expires_at=timezone.now() + timedelta(days=settings.POINTS_EXPIRE_DAYS),
    )
    logger.info("points awarded""")
        ts = P("tests/points/test_services.py")
        t.read(ts)
        t.edit(ts, """import pytest

from points.models import PointLedger""", """from datetime import timedelta

import pytest
from django.utils import timezone

from points.models import PointLedger""")
        t.edit(ts, """def test_award_rejects_non_positive(member):""", """def test_award_sets_expiry_one_year_later(member, settings):
    settings.POINTS_EXPIRE_DAYS = 365
    before = timezone.now()

    entry = award_points(member.id, 100, PointLedger.Reason.ORDER, source_order_no="SO1002")

    assert entry.expires_at is not None
    assert before + timedelta(days=365) <= entry.expires_at <= timezone.now() + timedelta(days=365)


def test_deduct_has_no_expiry(member):
    award_points(member.id, 100, PointLedger.Reason.ORDER)

    entry = deduct_points(member.id, 30, PointLedger.Reason.REDEEM)

    assert entry.expires_at is None


def test_award_rejects_non_positive(member):""")
        t.bash("poetry run python manage.py makemigrations points", "生成 points 迁移", out="""Migrations for 'points':
  points/migrations/0007_pointledger_expires_at.py
    + Add field expires_at to pointledger""")
        t.bash("poetry run python manage.py sqlmigrate points 0007", "查看迁移生成的 SQL", out="""BEGIN;
--
-- Add field expires_at to pointledger
--
ALTER TABLE "points_pointledger" ADD COLUMN "expires_at" timestamp with time zone NULL;
CREATE INDEX "points_pointledger_expires_at_5a1c0e7d" ON "points_pointledger" ("expires_at");
COMMIT;""")
        t.bash("poetry run python manage.py migrate points", "在本地库执行迁移", out="""Operations to perform:
  Apply all migrations: points
Running migrations:
  Applying points.0007_pointledger_expires_at... OK""")
        ins = ('INSERT INTO "points_pointledger" ("account_id", "change", "balance_after", "reason", "source_order_no", '
               '"remark", "expires_at", "created_at") VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING "points_pointledger"."id"')
        line = '..._id", "change", "balance_after", "reason", "source_order_no", "remark", "expires_at", "created_at") VAL...'
        caret = line.index('"expires_at"')
        def award_frames(test_line_no, src):
            return f"""{src}

tests/points/test_services.py:{test_line_no}: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
/usr/lib/python3.12/contextlib.py:81: in inner
    return func(*args, **kwds)
           ^^^^^^^^^^^^^^^^^^^
points/services.py:{line_of(d, svc, "    entry = PointLedger.objects.create(")}: in award_points
    entry = PointLedger.objects.create(
{VENV}/django/db/models/manager.py:87: in manager_method
    return getattr(self.get_queryset(), name)(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:665: in create
    obj.save(force_insert=True, using=self.db)
{VENV}/django/db/models/base.py:902: in save
    self.save_base(
{VENV}/django/db/models/base.py:1008: in save_base
    updated = self._save_table(
{VENV}/django/db/models/base.py:1169: in _save_table
    results = self._do_insert(
{VENV}/django/db/models/base.py:1210: in _do_insert
    return manager._insert(
{VENV}/django/db/models/manager.py:87: in manager_method
    return getattr(self.get_queryset(), name)(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:1873: in _insert
    return query.get_compiler(using=using).execute_sql(returning_fields)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/sql/compiler.py:1882: in execute_sql
    cursor.execute(sql, params)
{VENV}/django/db/backends/utils.py:122: in execute
    return super().execute(sql, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/backends/utils.py:79: in execute
    return self._execute_with_wrappers(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
        fails = []
        body = [sep("FAILURES")]
        for name, ln, src, params in [
            ("test_award_creates_account_and_ledger", line_of(d, ts, "    entry = award_points(member.id, 300"), """    def test_award_creates_account_and_ledger(member):
>       entry = award_points(member.id, 300, PointLedger.Reason.ORDER, source_order_no="SO1001")""",
             "(1, 300, 300, 'order', 'SO1001', '', datetime.datetime(2027, 6, 8, 1, 52, 40, 118734, tzinfo=datetime.timezone.utc), datetime.datetime(2026, 6, 8, 1, 52, 40, 118731, tzinfo=datetime.timezone.utc))"),
            ("test_award_sets_expiry_one_year_later", line_of(d, ts, "    entry = award_points(member.id, 100"), """    def test_award_sets_expiry_one_year_later(member, settings):
        settings.POINTS_EXPIRE_DAYS = 365
        before = timezone.now()
    
>       entry = award_points(member.id, 100, PointLedger.Reason.ORDER, source_order_no="SO1002")""",
             "(2, 100, 100, 'order', 'SO1002', '', datetime.datetime(2027, 6, 8, 1, 52, 40, 201655, tzinfo=datetime.timezone.utc), datetime.datetime(2026, 6, 8, 1, 52, 40, 201650, tzinfo=datetime.timezone.utc))"),
            ("test_deduct_has_no_expiry", line_of(d, ts, "    award_points(member.id, 100, PointLedger.Reason.ORDER)\n"), """    def test_deduct_has_no_expiry(member):
>       award_points(member.id, 100, PointLedger.Reason.ORDER)""",
             "(3, 100, 100, 'order', '', '', datetime.datetime(2027, 6, 8, 1, 52, 40, 233902, tzinfo=datetime.timezone.utc), datetime.datetime(2026, 6, 8, 1, 52, 40, 233899, tzinfo=datetime.timezone.utc))"),
        ]:
            body.append(undefined_column(name, "", award_frames(ln, src), ins, params,
                                         'column "expires_at" of relation "points_pointledger" does not exist',
                                         line, caret, "").replace("\n\n\n", "\n\n"))
            fails.append(f'tests/points/test_services.py::{name} - django.db.utils.ProgrammingError: column "expires_at" of relation "points_pointledger" does not exist')
        out = pt_run([("tests/points/test_services.py", "FFF..")], "1.37s", failed=fails, body="\n".join(body),
                     summary="3 failed, 2 passed in 1.37s")
        t.fail("poetry run pytest tests/points", "运行 points 测试", out)
        t.say("本地库已经有 `expires_at` 列了，但测试库没有。`pyproject.toml` 里 pytest 的 addopts 是 `--reuse-db --nomigrations`："
              "测试库 `test_loyalty` 是按模型直接建表的，而且每次复用，已经存在的表不会再改结构。"
              "所以加字段以后旧测试库里缺这一列。重建一次测试库再跑：")
        out = pt_run([("tests/points/test_services.py", ".....")], "1.92s")
        t.bash("poetry run pytest tests/points --create-db", "重建测试库后运行 points 测试", out=out)
        t.done("""`expires_at` 加好了，points 的 5 个测试全过。

- `PointLedger.expires_at`：`DateTimeField(null=True, blank=True, db_index=True)`。老数据保持 NULL，之后可以单独补。
- `award_points` 写流水时记 `expires_at = now + POINTS_EXPIRE_DAYS`（settings 里已有，365）。`deduct_points` 不记，扣减流水没有到期的概念。
- 迁移 `points/migrations/0007_pointledger_expires_at.py`：加列 + 索引，本地库已 migrate。
- 新增两个测试：发放流水的到期时间是一年后，扣减流水为空。

第一次跑挂的原因：pytest 配置是 `--reuse-db --nomigrations`，测试库不会跟着模型改结构，报了 `psycopg.errors.UndefinedColumn: column "expires_at" of relation "points_pointledger" does not exist`。加 `--create-db` 重建一次测试库之后就正常了，代码没问题。""")

        # ---- T03: expiry tasks (P1 #1)
        t = d.task("写积分过期的 celery 任务：每天凌晨 2 点扫一遍有到期积分的会员，再按会员拆成子任务 expire_member_points 去扣。"
                   "任务参数只传 member_id 这种简单类型，别把 model 实例塞进任务里，任务里自己重新查库。beat 配置也加上，先写代码和测试，不用部署",
                   tags=["pref:P1"])
        t.edit(svc, """class InsufficientPoints(Exception):
    pass
""", """class InsufficientPoints(Exception):
    pass


def expire_key(entry_id: int) -> str:
    return f"EXP-{entry_id}"


@transaction.atomic
def expire_for_member(member_id: int, now: datetime | None = None) -> int:
    \"\"\"扣掉该会员已到期、且还没处理过的发放流水，返回本次扣掉的积分。

    每条到期流水最多扣它当初发放的数额，且不超过当前余额；扣减流水的
    source_order_no 记成 EXP-<原流水 id>，重复执行不会重复扣。
    \"\"\"
    now = now or timezone.now()
    account = PointAccount.objects.select_for_update().get(member_id=member_id)
    handled = set(
        account.ledger.filter(reason=PointLedger.Reason.EXPIRE).values_list(
            "source_order_no", flat=True
        )
    )
    total = 0
    for entry in account.ledger.filter(change__gt=0, expires_at__lte=now).order_by("id"):
        if expire_key(entry.id) in handled:
            continue
        amount = min(entry.change, account.balance)
        if amount <= 0:
            break
        account.balance -= amount
        PointLedger.objects.create(
            account=account,
            change=-amount,
            balance_after=account.balance,
            reason=PointLedger.Reason.EXPIRE,
            source_order_no=expire_key(entry.id),
            remark=f"{entry.expires_at.date()} 到期",
        )
        total += amount
    if total:
        account.save(update_fields=["balance", "updated_at"])
        logger.info("points expired member=%s amount=%s", member_id, total)
    return total
""")
        t.edit(svc, """import logging
from datetime import timedelta
""", """import logging
from datetime import datetime, timedelta
""")
        tasks = P("points/tasks.py")
        t.read(tasks)
        t.write(tasks, """import logging

from celery import shared_task
from django.utils import timezone

from points.models import PointLedger
from points.services import expire_for_member

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def expire_points() -> int:
    \"\"\"每天 02:00（beat）：找出有到期发放流水的会员，按会员分发子任务。\"\"\"
    member_ids = (
        PointLedger.objects.filter(change__gt=0, expires_at__lte=timezone.now())
        .values_list("account__member_id", flat=True)
        .distinct()
    )
    n = 0
    for member_id in member_ids.iterator(chunk_size=2000):
        expire_member_points.delay(member_id)
        n += 1
    logger.info("expire_points dispatched %s members", n)
    return n


@shared_task(acks_late=True, autoretry_for=(Exception,), retry_backoff=True, max_retries=3)
def expire_member_points(member_id: int) -> int:
    return expire_for_member(member_id)
""")
        base = P("config/settings/base.py")
        t.read(base)
        t.edit(base, """CELERY_BEAT_SCHEDULE: dict[str, dict] = {}""", """CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    "expire-points-daily": {
        "task": "points.tasks.expire_points",
        "schedule": crontab(hour=2, minute=0),
    },
}""")
        t.write(P("tests/points/test_tasks.py"), """from datetime import timedelta

import pytest
from django.utils import timezone

from points.tasks import expire_member_points, expire_points
from tests.factories import PointLedgerFactory

pytestmark = pytest.mark.django_db


def test_expire_points_dispatches_one_task_per_member(mocker):
    delay = mocker.patch("points.tasks.expire_member_points.delay")
    past = timezone.now() - timedelta(days=1)
    a = PointLedgerFactory(expires_at=past)
    PointLedgerFactory(account=a.account, expires_at=past)
    b = PointLedgerFactory(expires_at=past)
    PointLedgerFactory(expires_at=timezone.now() + timedelta(days=30))

    assert expire_points() == 2
    delay.assert_has_calls(
        [mocker.call(a.account.member_id), mocker.call(b.account.member_id)], any_order=True
    )


def test_expire_member_points_takes_member_id(mocker):
    svc = mocker.patch("points.tasks.expire_for_member", return_value=80)

    assert expire_member_points(42) == 80
    svc.assert_called_once_with(42)
""")
        out = pt_run([("tests/points/test_services.py", "....."), ("tests/points/test_tasks.py", "..")], "1.41s")
        t.bash("poetry run pytest tests/points", "运行 points 测试", out=out)
        t.bash("poetry run ruff check points config tests/points", "ruff 检查改动的目录", out="All checks passed!")
        t.done("""积分过期的任务写好了，测试通过（points 共 7 个）。

**服务层** `points/services.py` 新增 `expire_for_member(member_id, now=None)`：
- 锁住账户，找 `change > 0 且 expires_at <= now` 的发放流水，按 id 从旧到新处理
- 每条最多扣它当初发的数额，不超过当前余额；余额扣到 0 就停
- 扣减流水 `reason=expire`，`source_order_no = EXP-<原流水 id>`，重复执行会跳过已处理的，不会重复扣

**任务** `points/tasks.py`：
- `expire_points()`：beat 每天 02:00 触发，查出有到期流水的 `member_id`（`values_list` + `iterator`，不把对象载进内存），逐个 `expire_member_points.delay(member_id)`
- `expire_member_points(member_id: int)`：参数只有 `member_id`，任务里调服务层重新查库；`acks_late` + 异常自动重试 3 次（退避）

**beat**：`CELERY_BEAT_SCHEDULE["expire-points-daily"] = crontab(hour=2, minute=0)`，`CELERY_TIMEZONE` 已经是 Asia/Shanghai。

**测试** `tests/points/test_tasks.py`：分发任务按会员去重、只发到期的；子任务只接收 id。`expire_for_member` 本身的用例还没写，建议单独补一组。""")

        t = d.task("expire_member_points 里用了 select_for_update，如果同一个会员这时候刚好在下单加积分，会不会死锁？", tags=["noise", "no_tools"])
        t.done("""不会死锁，只会短暂排队。原因如下：

- 两条路径都只锁**同一行** `PointAccount`（`select_for_update().get(member_id=...)` / `get_or_create`），而且都是事务里第一个加锁的操作。加锁顺序一致，就不会出现 A 等 B、B 等 A 的环。
- 后到的那个事务会在 `SELECT ... FOR UPDATE` 上阻塞，等前一个提交或回滚后拿到**最新的** balance 再继续，所以余额不会算错。

需要注意的几点：

1. **锁持有时间**：`expire_for_member` 在锁内循环写流水。一个会员到期流水很多时（比如几百条小额订单），锁会持有几十毫秒甚至更久，这期间回调记账要等。现在的量没问题，如果以后有大户，可以先把要扣的总数算好，再一次性写一条汇总流水。
2. **别在锁内做外部调用**（发短信、调订单中心），否则锁时间不可控。
3. **以后如果一个事务里要锁多个账户**（比如积分转赠），一定按 `member_id` 排序后再加锁，否则那种场景才真的会死锁。
4. PostgreSQL 检测到死锁时会报 `deadlock detected` 并回滚其中一个事务。`expire_member_points` 配了 `autoretry_for=(Exception,)`，就算真遇到了也会重试。""")

    # ============================================================== S2
    with d.session("2026-06-10T06:10:00", R, branch="feat/points-expiry", version="2.1.74"):
        svc = P("points/services.py")
        # ---- T05: expiry tests (M1 #1, P2)
        t = d.task("expire_for_member 的测试补一下，单独放 tests/points/test_expiry.py：部分到期、余额不够扣、重复跑不重复扣、没到期的不动。"
                   "造数据用 tests/factories.py 里的 factory，别在用例里手写一堆 objects.create", tags=["mistake:M1", "pref:P2"])
        t.read(P("tests/factories.py"))
        t.read(svc, offset=20, limit=45)
        te = P("tests/points/test_expiry.py")
        t.write(te, """from datetime import timedelta

from django.utils import timezone

from points.models import PointLedger
from points.services import expire_for_member
from tests.factories import PointAccountFactory, PointLedgerFactory


def grant(account, change, *, expired=True):
    now = timezone.now()
    return PointLedgerFactory(
        account=account,
        change=change,
        balance_after=account.balance,
        expires_at=now - timedelta(days=1) if expired else now + timedelta(days=30),
    )


def test_expires_only_due_entries():
    account = PointAccountFactory(balance=500)
    grant(account, 200)
    grant(account, 300, expired=False)

    assert expire_for_member(account.member_id) == 200
    account.refresh_from_db()
    assert account.balance == 300


def test_capped_at_current_balance():
    account = PointAccountFactory(balance=120)
    grant(account, 200)

    assert expire_for_member(account.member_id) == 120
    account.refresh_from_db()
    assert account.balance == 0


def test_second_run_does_not_deduct_again():
    account = PointAccountFactory(balance=500)
    grant(account, 200)
    expire_for_member(account.member_id)

    assert expire_for_member(account.member_id) == 0
    assert account.ledger.filter(reason=PointLedger.Reason.EXPIRE).count() == 1


def test_nothing_due():
    account = PointAccountFactory(balance=500)
    grant(account, 500, expired=False)

    assert expire_for_member(account.member_id) == 0
""")
        blocks, fails = [sep("FAILURES")], []
        for name in ("test_expires_only_due_entries", "test_capped_at_current_balance",
                     "test_second_run_does_not_deduct_again", "test_nothing_due"):
            src = d.files[te]
            i = src.index(f"def {name}():")
            j = src.index("\n", src.index("account = PointAccountFactory", i))
            ln = src[:src.index("account = PointAccountFactory", i)].count("\n") + 1
            fn = src[i:j].split("\n")
            head = "\n    " + fn[0] + "\n>   " + fn[1] + f"\n\ntests/points/test_expiry.py:{ln}: \n" + "_ " * 39 + "_ "
            head = head.rstrip()
            blocks.append(db_blocked(name, head))
            fails.append(f"tests/points/test_expiry.py::{name} - {DB_BLOCKED_SHORT}")
        out = pt_run([("tests/points/test_expiry.py", "FFFF")], "0.38s", failed=fails, body="\n".join(blocks),
                     summary="4 failed in 0.38s")
        t.fail("poetry run pytest tests/points/test_expiry.py", "运行新写的过期测试", out)
        t.say("四个用例都在第一次碰数据库的时候被 pytest-django 拦下来了：新文件里没加 `django_db` 标记。"
              "`tests/points/test_services.py` 的写法是在模块顶部声明 `pytestmark = pytest.mark.django_db`，这里照着加上。")
        t.edit(te, """from datetime import timedelta

from django.utils import timezone
""", """from datetime import timedelta

import pytest
from django.utils import timezone
""")
        t.edit(te, """from tests.factories import PointAccountFactory, PointLedgerFactory

""", """from tests.factories import PointAccountFactory, PointLedgerFactory

pytestmark = pytest.mark.django_db

""")
        out = pt_run([("tests/points/test_expiry.py", "....")], "0.96s")
        t.bash("poetry run pytest tests/points/test_expiry.py", "重新运行过期测试", out=out)
        SUITE["tests/points/test_services.py"] = 5
        SUITE["tests/points/test_tasks.py"] = 2
        SUITE["tests/points/test_expiry.py"] = 4
        t.done("""`tests/points/test_expiry.py` 加好了，4 个用例全过：

| 用例 | 场景 |
|---|---|
| `test_expires_only_due_entries` | 一条到期 200、一条未到期 300，只扣 200，余额 300 |
| `test_capped_at_current_balance` | 到期 200 但余额只有 120，扣到 0 为止 |
| `test_second_run_does_not_deduct_again` | 跑两次，第二次返回 0，只有一条 `expire` 流水 |
| `test_nothing_due` | 都没到期，什么都不扣 |

数据全部用 `PointAccountFactory` / `PointLedgerFactory` 造，只加了一个 `grant()` 小工具（包一层 `PointLedgerFactory`，按是否到期给 `expires_at`），没有手写 `objects.create`。

第一次运行 4 个都报 `RuntimeError: Database access not allowed, use the "django_db" mark ...`：新文件漏了 `pytestmark = pytest.mark.django_db`，补上后通过。""")

        # ---- T06: ship (W1 #1, O2)
        t = d.task("积分过期这块可以提 MR 了。老流程：ruff、mypy、全量测试，都过了再提交推送，开 MR 到 develop", tags=["workflow:W1", "oneoff:O2"])
        t.bash("poetry run ruff check . --fix && poetry run ruff format .", "ruff 自动修复并格式化",
               out="Found 1 error (1 fixed, 0 remaining).\n2 files reformatted, 71 files left unchanged")
        ln = line_of(d, svc, "            remark=f\"{entry.expires_at.date()} 到期\",")
        t.fail("poetry run mypy .", "mypy 类型检查", f"""points/services.py:{ln}: error: Item "None" of "datetime | None" has no attribute "date"  [union-attr]
Found 1 error in 1 file (checked 74 source files)""")
        t.say("`expires_at` 是可空字段，django-stubs 推断成 `datetime | None`。查询条件里已经限定了 `expires_at__lte=now`，"
              "运行时不会是 None，但 mypy 看不出来。在循环里显式收窄一下类型：")
        t.read(svc, offset=ln - 14, limit=24)
        t.edit(svc, """        amount = min(entry.change, account.balance)
        if amount <= 0:
            break
        account.balance -= amount""", """        assert entry.expires_at is not None  # 查询条件 expires_at__lte 已排除 NULL
        amount = min(entry.change, account.balance)
        if amount <= 0:
            break
        account.balance -= amount""")
        t.bash("poetry run mypy .", "重新运行 mypy", out=mypy_ok(74))
        out = pt_run(suite_mods(), "8.62s")
        t.bash("poetry run pytest", "运行全量测试", out=out, timeout=300000)
        t.bash("git status --short", "查看改动", out="""M  config/settings/base.py
 M points/models.py
 M points/services.py
 M points/tasks.py
 M tests/points/test_services.py
?? points/migrations/0007_pointledger_expires_at.py
?? tests/points/test_expiry.py
?? tests/points/test_tasks.py""")
        t.bash('git add -A && git commit -m "feat(points): 发放流水一年有效期 + 每日积分过期任务"', "提交",
               out="""[feat/points-expiry 5b2e8c1] feat(points): 发放流水一年有效期 + 每日积分过期任务
 8 files changed, 231 insertions(+), 3 deletions(-)
 create mode 100644 points/migrations/0007_pointledger_expires_at.py
 create mode 100644 tests/points/test_expiry.py
 create mode 100644 tests/points/test_tasks.py""")
        t.bash("git push -u origin feat/points-expiry", "推送分支", err=push_new("feat/points-expiry", 27, "6.84"))
        desc = """## 背景
积分需要一年有效期，到期自动扣减（产品需求 MEM-412）。

## 改动
- `points/models.py`：`PointLedger` 新增 `expires_at`（可空、带索引），迁移 `0007_pointledger_expires_at`
- `points/services.py`：
  - `award_points` 写流水时记 `expires_at = now + POINTS_EXPIRE_DAYS`
  - 新增 `expire_for_member(member_id, now=None)`：锁账户，按 id 顺序处理到期发放流水，每条最多扣发放数额且不超过余额，扣减流水 `source_order_no = EXP-<原流水 id>` 保证幂等
- `points/tasks.py`：
  - `expire_points`：beat 每天 02:00 触发，按会员分发子任务
  - `expire_member_points(member_id)`：只接收 id，`acks_late` + 自动重试 3 次
- `config/settings/base.py`：`CELERY_BEAT_SCHEDULE` 增加 `expire-points-daily`
- 测试：
  - `tests/points/test_services.py`：到期时间相关 2 个用例
  - `tests/points/test_expiry.py`：部分到期 / 余额不足 / 重复执行 / 未到期 4 个用例
  - `tests/points/test_tasks.py`：分发与子任务参数 2 个用例

## 上线注意
- 老数据 `expires_at` 为 NULL，不会被过期任务处理，需要另外回填
- 上线后第一次 02:00 执行前建议先在 staging 观察一天
- 需要确认 beat 只部署一个副本

## 测试
- ruff / mypy 通过
- `pytest` 全量 89 passed"""
        t.bash(f"glab mr create --source-branch feat/points-expiry --target-branch develop "
               f"--title \"feat(points): 积分一年有效期 + 每日过期任务\" --description \"$(cat <<'EOF'\n{desc}\nEOF\n)\" --remove-source-branch",
               "创建 MR", out=glab_mr("feat/points-expiry", "feat(points): 积分一年有效期 + 每日过期任务", 112))
        t.done(f"""MR 已创建：**!112** {GL}/-/merge_requests/112（feat/points-expiry → develop）。

- ruff：自动修了 1 处 import 排序，格式化了 2 个文件
- mypy：报了 1 个错误，`entry.expires_at.date()` 的 `union-attr`（可空字段）。在循环里加了 `assert entry.expires_at is not None` 收窄类型，现在通过了
- 全量测试：89 passed
- 提交 `5b2e8c1`，已推送，MR 描述里写了老数据 `expires_at` 为空、需要回填这件事""")

        # ---- T07: webfetch
        t = d.task("Celery 用 redis 做 broker 的时候，acks_late 和 visibility_timeout 是什么关系？expire_points 这种可能跑很久的任务会不会被重复投递",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.celeryq.dev/en/stable/getting-started/backends-and-brokers/redis.html",
                   "Find the section about visibility timeout and what happens to unacknowledged tasks / acks_late with the Redis broker",
                   """## Visibility Timeout

The visibility timeout defines the number of seconds to wait for the worker to acknowledge the task before the message is redelivered to another worker. Be sure to see Caveats below.

This option is set via the broker_transport_options setting:

    app.conf.broker_transport_options = {'visibility_timeout': 3600}  # 1 hour.

The default visibility timeout for Redis is 1 hour.

## Caveats

### Visibility timeout

If a task isn't acknowledged within the Visibility Timeout the task will be redelivered to another worker and executed.

This causes problems with ETA/countdown/retry tasks where the time to execute exceeds the visibility timeout; in fact if that happens it will be executed again, and again in a loop.

So you have to increase the visibility timeout to match the time of the longest ETA you're planning to use.

Note that Celery will redeliver messages at worker shutdown, so having a long visibility timeout will only delay the redelivery of 'lost' tasks in the event of a power failure or forcefully terminated workers.

Periodic tasks won't be affected by the visibility timeout, as this is a concept separate from ETA/countdown.""")
        t.done("""关系是这样的：

- **`acks_late=True`**：worker **执行完**任务才 ack。默认是取到消息就 ack。
- **Redis 没有真正的 ack 机制**：kombu 把取出但还没 ack 的消息放在一个 unacked 集合里，超过 `visibility_timeout`（默认 **1 小时**）还没 ack，就当作丢失，**重新投递给别的 worker**。

所以两者叠加的风险是：一个 `acks_late` 的任务执行超过 1 小时，会被重新投递，**同时跑两份**。

落到我们的任务上：

| 任务 | 是否 acks_late | 预期耗时 | 风险 |
|---|---|---|---|
| `expire_points`（分发） | 否（默认早 ack） | 几十秒：只查 id + delay | 不受 visibility_timeout 影响。worker 中途挂掉这一天就漏跑，第二天会补上，因为条件是 `expires_at <= now` |
| `expire_member_points` | 是 | 单个会员毫秒级 | 基本不可能超过 1 小时；就算重复投递，`EXP-<id>` 幂等键也保证不会重复扣 |

还有两点要注意：

1. 文档里说的 ETA/countdown/retry 陷阱：我们配了 `retry_backoff=True`，最多 3 次，退避时间远小于 1 小时，没问题。但以后如果有 `countdown` 超过 1 小时的任务（比如「24 小时后提醒」），要么调大 `visibility_timeout`，要么改用 beat 扫表。
2. worker 正常关闭（滚动发布）时，未 ack 的消息会还回队列；但 SIGKILL 或 OOM 时要等 visibility_timeout 到了才会重新投递。

结论：目前的设计不需要改配置。以后加长任务的时候，在 settings 里显式设置 `CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": ...}`，不要依赖默认值。""")

    # ============================================================== S3
    with d.session("2026-06-12T01:50:00", R, branch="feat/order-points-async", version="2.1.76"):
        # ---- T08: staging deploy (W2 #1)
        t = d.task("!112 合了，develop 流水线出的镜像 tag 是 3c9e1f2a，帮我发一下 staging", tags=["workflow:W2"])
        t.bash("kubectl config current-context", "确认当前 kubectl 上下文", out="ack-hz-staging")
        t.bash("helm upgrade --install loyalty-api deploy/helm/loyalty-api -n loyalty-staging "
               "-f deploy/helm/loyalty-api/values-staging.yaml --set image.tag=3c9e1f2a --wait --timeout 10m",
               "用新镜像升级 staging 的 loyalty-api", out=helm_ok(46, helm_when(d)), timeout=660000)
        t.bash("kubectl -n loyalty-staging rollout status deploy/loyalty-api && kubectl -n loyalty-staging rollout status deploy/loyalty-api-worker",
               "确认 web 和 worker 滚动完成", out="""deployment "loyalty-api" successfully rolled out
deployment "loyalty-api-worker" successfully rolled out""")
        t.bash("kubectl -n loyalty-staging logs job/loyalty-api-migrate", "查看 pre-upgrade 迁移 Job 日志", out="""Operations to perform:
  Apply all migrations: admin, auth, contenttypes, members, points, rewards, sessions
Running migrations:
  Applying points.0007_pointledger_expires_at... OK""")
        t.bash(f"curl -fsS {STG}/healthz/", "检查 staging 健康检查接口",
               out='{"status":"ok","db":"ok","redis":"ok","version":"3c9e1f2a"}')
        t.done("""staging 已经升级到 `3c9e1f2a`（helm revision 46）：

- web、worker 两个 deployment 都滚动完成
- 迁移 Job 只执行了 `points.0007_pointledger_expires_at`，正常
- `/healthz/` 返回 db、redis 都 ok，version 是 `3c9e1f2a`

beat 里的 `expire-points-daily` 会在今晚 02:00（Asia/Shanghai）第一次执行。老数据的 `expires_at` 还是空的，所以第一晚应该只会分发 0 个会员。明早可以看一下 worker 日志里的 `expire_points dispatched` 确认一下。""")

        # ---- T09: webhook -> celery task (M3 #1, P1 #2)
        views = P("points/api/views.py")
        tasks = P("points/tasks.py")
        t = d.task("订单支付回调现在是同步记积分的，高峰期回调一慢订单中心就超时重推。改成回调里只做校验和幂等判断，然后丢一个 celery 任务 award_order_points 去记账。"
                   "任务参数还是那个原则：只传订单号、user_id、金额这种基本类型，不要传 Member 对象。改完在本地 docker compose 环境里实际跑一次任务，看看结果对不对",
                   tags=["mistake:M3", "pref:P1"])
        t.read(views)
        t.read(tasks)
        t.edit(tasks, """import logging

from celery import shared_task
from django.utils import timezone

from points.models import PointLedger
from points.services import expire_for_member
""", """import logging

from celery import shared_task
from django.db import IntegrityError
from django.utils import timezone

from members.models import Member
from points.models import PointLedger
from points.services import award_points, expire_for_member, points_for_order
""")
        d.files[tasks] += """

@shared_task(acks_late=True, autoretry_for=(Member.DoesNotExist,), retry_backoff=5, max_retries=5)
def award_order_points(order_no: str, user_id: int, paid_amount_fen: int) -> dict:
    \"\"\"订单支付成功后记积分。参数只有基本类型，会员在任务里重新查。\"\"\"
    if PointLedger.objects.filter(source_order_no=order_no, reason=PointLedger.Reason.ORDER).exists():
        return {"order_no": order_no, "duplicate": True}
    member = Member.objects.select_related("tier").get(user_id=user_id)
    amount = points_for_order(paid_amount_fen, member)
    if amount > 0:
        try:
            award_points(member.id, amount, PointLedger.Reason.ORDER, source_order_no=order_no)
        except IntegrityError:
            return {"order_no": order_no, "duplicate": True}
    return {"order_no": order_no, "awarded": amount}
"""
        # (the line above is what the Edit below writes; undo and do it through the tool)
        added = d.files[tasks][d.files[tasks].index("\n\n@shared_task(acks_late=True, autoretry_for=(Member"):]
        d.files[tasks] = d.files[tasks][:-len(added)]
        t.edit(tasks, """def expire_member_points(member_id: int) -> int:
    return expire_for_member(member_id)
""", """def expire_member_points(member_id: int) -> int:
    return expire_for_member(member_id)
""" + added)
        t.edit(views, """from django.db import IntegrityError
from rest_framework import generics, status""", """from rest_framework import generics, status""")
        t.edit(views, """from members.models import Member
from points.api.serializers import OrderPaidEventSerializer, PointLedgerSerializer
from points.models import PointLedger
from points.services import award_points, points_for_order
""", """from members.models import Member
from points.api.serializers import OrderPaidEventSerializer, PointLedgerSerializer
from points.models import PointLedger
from points.tasks import award_order_points
""")
        t.edit(views, """    \"\"\"订单中心支付成功回调：同步给会员记积分。\"\"\"""", """    \"\"\"订单中心支付成功回调：校验 + 幂等判断后交给 celery 记积分，尽快返回。\"\"\"""")
        t.edit(views, """        if PointLedger.objects.filter(source_order_no=event["order_no"]).exists():
            return Response({"duplicate": True}, status=status.HTTP_200_OK)
        member = Member.objects.select_related("tier").get(user_id=event["user_id"])
        amount = points_for_order(event["paid_amount_fen"], member)
        if amount > 0:
            try:
                award_points(
                    member.id, amount, PointLedger.Reason.ORDER, source_order_no=event["order_no"]
                )
            except IntegrityError:
                return Response({"duplicate": True}, status=status.HTTP_200_OK)
        return Response({"awarded": amount}, status=status.HTTP_200_OK)""", """        if PointLedger.objects.filter(source_order_no=event["order_no"]).exists():
            return Response({"duplicate": True}, status=status.HTTP_200_OK)
        if not Member.objects.filter(user_id=event["user_id"]).exists():
            return Response({"detail": "member not found"}, status=status.HTTP_404_NOT_FOUND)
        award_order_points.delay(event["order_no"], event["user_id"], event["paid_amount_fen"])
        return Response({"accepted": True}, status=status.HTTP_202_ACCEPTED)""")
        tw = P("tests/api/test_webhooks.py")
        t.read(tw)
        t.edit(tw, """def test_awards_points(signed_client):
    member = MemberFactory(user_id=100001)

    resp = signed_client.post(URL, event(), format="json")

    assert resp.status_code == 200
    assert resp.json() == {"awarded": 259}
    assert member.point_account.balance == 259""", """def test_enqueues_award_task(signed_client, mocker):
    delay = mocker.patch("points.api.views.award_order_points.delay")
    MemberFactory(user_id=100001)

    resp = signed_client.post(URL, event(), format="json")

    assert resp.status_code == 202
    delay.assert_called_once_with("SO1", 100001, 25900)""")
        t.edit(tw, """def test_zero_amount_awards_nothing(signed_client):
    MemberFactory(user_id=100001)

    resp = signed_client.post(URL, event(paid_amount_fen=99), format="json")

    assert resp.json() == {"awarded": 0}
    assert not PointLedger.objects.exists()""", """def test_award_task_records_points():
    member = MemberFactory(user_id=100001)

    assert award_order_points("SO1", 100001, 25900) == {"order_no": "SO1", "awarded": 259}
    assert member.point_account.balance == 259


def test_award_task_zero_amount():
    MemberFactory(user_id=100001)

    assert award_order_points("SO1", 100001, 99) == {"order_no": "SO1", "awarded": 0}
    assert not PointLedger.objects.exists()""")
        t.edit(tw, """from points.models import PointLedger
from tests.factories import MemberFactory, PointLedgerFactory""", """from points.models import PointLedger
from points.tasks import award_order_points
from tests.factories import MemberFactory, PointLedgerFactory""")
        out = pt_run([("tests/api/test_webhooks.py", "......."), ("tests/points/test_tasks.py", "..")], "1.64s")
        t.bash("poetry run pytest tests/api/test_webhooks.py tests/points/test_tasks.py", "运行回调和任务测试", out=out)
        SUITE["tests/api/test_webhooks.py"] = 7
        t.bash("docker compose ps", "查看本地 compose 服务状态", out="""NAME                    IMAGE                COMMAND                  SERVICE   CREATED      STATUS        PORTS
loyalty-api-beat-1      loyalty-api-beat     "celery -A config be…"   beat      4 days ago   Up 4 days     
loyalty-api-db-1        postgres:16-alpine   "docker-entrypoint.s…"   db        3 weeks ago  Up 4 days     0.0.0.0:5432->5432/tcp, [::]:5432->5432/tcp
loyalty-api-redis-1     redis:7-alpine       "docker-entrypoint.s…"   redis     3 weeks ago  Up 4 days     0.0.0.0:6379->6379/tcp, [::]:6379->6379/tcp
loyalty-api-web-1       loyalty-api-web      "python manage.py ru…"   web       4 days ago   Up 4 days     0.0.0.0:8000->8000/tcp, [::]:8000->8000/tcp
loyalty-api-worker-1    loyalty-api-worker   "celery -A config wo…"   worker    4 days ago   Up 4 days     """)
        cmd = ("docker compose exec web python manage.py shell -c \"from points.tasks import award_order_points; "
               "r = award_order_points.delay('SO20260612000017', 100023, 25900); print(r.id); print(r.get(timeout=30))\"")
        tid1 = d.uid()
        d.tick(30, 32)
        t.fail(cmd, "在本地 compose 环境里触发一次 award_order_points 并等待结果",
               "14 objects imported automatically (use -v 2 for details).\n\n" + tid1 + "\n" + celery_timeout(R, 1))
        t.say("30 秒没有拿到结果。看一下 worker 那边有没有收到这个任务：")
        logs = unregistered(d, "points.tasks.award_order_points",
                            ("('SO20260612000017', 100023, 25900)",
                             '[["SO20260612000017", 100023, 25900], {}, {"callbacks": null, "errbacks": null, "chain": null, "chord": null}]'),
                            tid1, plus=-31.2)
        t.bash("docker compose logs --tail=40 worker", "查看 worker 最近日志", out=logs)
        t.say("worker 是 4 天前启动的，进程里注册的任务列表还是当时的代码。compose 里的 worker 虽然挂载了源码，但 celery worker 不会自动重载，"
              "新加的 `points.tasks.award_order_points` 不在注册表里，消息被直接丢弃了。重启 worker 让它重新加载代码：")
        t.bash("docker compose restart worker", "重启 celery worker", err=""" Container loyalty-api-worker-1  Restarting
 Container loyalty-api-worker-1  Started""")
        d.tick(3, 5)
        t.bash("docker compose logs --tail=30 worker", "确认 worker 已就绪并注册了新任务",
               out=worker_banner(d, "3f9d2c7a81b4", ["config.celery.debug_task", "points.tasks.award_order_points",
                                                      "points.tasks.expire_member_points", "points.tasks.expire_points"], plus=-4))
        tid2 = d.uid()
        t.bash(cmd, "重新触发 award_order_points 并等待结果",
               out="14 objects imported automatically (use -v 2 for details).\n\n" + tid2 + "\n{'order_no': 'SO20260612000017', 'awarded': 259}")
        t.bash("docker compose exec web python manage.py shell -c \"from points.models import PointLedger; "
               "print(list(PointLedger.objects.filter(source_order_no='SO20260612000017').values('change', 'balance_after', 'reason', 'expires_at')))\"",
               "确认流水已落库", out="14 objects imported automatically (use -v 2 for details).\n\n"
               "[{'change': 259, 'balance_after': 1871, 'reason': 'order', 'expires_at': datetime.datetime(2027, 6, 12, 2, 14, 9, 530412, tzinfo=datetime.timezone.utc)}]")
        t.done("""回调已经改成异步记账，本地 compose 环境里实际跑通了。

**改动**
- `points/tasks.py` 新增 `award_order_points(order_no: str, user_id: int, paid_amount_fen: int)`：参数全是基本类型，任务里按 `user_id` 重新查会员（带 `tier`），算积分后调 `award_points`。任务里再做一次幂等判断（按 `source_order_no`）。`acks_late`；会员不存在时按退避重试 5 次，用来应对用户中心同步慢的情况。
- `OrderPaidWebhookView`：只做签名、参数校验、幂等判断和会员存在性检查，然后 `award_order_points.delay(...)`，返回 **202** `{"accepted": true}`。原来返回 200 和 `awarded`，**订单中心如果依赖这个返回值要同步确认一下**。
- `tests/api/test_webhooks.py`：回调用例改成断言入队（mock `delay`），记账逻辑直接调用任务函数测，共 7 个，加上 tasks 一共 9 个，全部通过。

**本地验证**
- 第一次 `.get(timeout=30)` 超时：compose 里的 worker 是 4 天前启动的，不认识新任务，日志里是 `Received unregistered task of type 'points.tasks.award_order_points'`，消息被丢弃了。
- `docker compose restart worker` 之后注册表里有了 `award_order_points`，再触发一次返回 `{'awarded': 259}`，流水 `change=259`、`expires_at` 是一年后，结果正确。""")

        t = d.task("积分流水表以后量会很大（现在 4000 万行，按现在的增长一年能到 2 亿），按月分区和冷热分离哪个更合适？Django 这边要改什么",
                   tags=["noise", "no_tools"])
        t.done("""我倾向于**先做按月分区**，冷热分离作为分区之后的第二步，不要二选一。

**按月分区（PostgreSQL 声明式分区，`PARTITION BY RANGE (created_at)`）**
- 好处：最常用的查询（「我的流水」按 `account + created_at desc`、过期扫描按 `expires_at`）都带时间范围，能做分区裁剪。删除或归档老数据直接 `DETACH PARTITION`，不用大批量 DELETE，也不会产生表膨胀。
- 代价：
  - 主键必须包含分区键，要改成 `(id, created_at)`。Django 的模型不支持复合主键（5.2 的 `CompositePrimaryKey` 还比较新，DRF 和 admin 支持不完整），通常的做法是模型上仍声明 `id`，表结构用手写迁移（`RunSQL`）建，`managed` 保持 True 但迁移不用 autodetector 生成的那份。
  - 唯一约束也必须带分区键。以后如果想给 `source_order_no` 加唯一约束防重复发放，只能在分区内唯一。这一点和幂等设计有冲突，要另外用一张「订单→流水」幂等表。
  - 分区需要提前建好：可以用 pg_partman，或者加一个 beat 任务每月预建下两个月的分区。

**冷热分离（热表保留近 N 个月，老数据搬到归档表或 OSS）**
- 适合「老流水基本没人查」的场景。但会员查流水通常会翻一年内的（积分有效期就是一年），所以热数据至少要保留 13 个月，单纯冷热分离的收益有限。

**Django 这边要动的地方**
1. 迁移：一次性的数据迁移方案（新建分区表 → 双写或停写窗口搬数据 → 切换表名），不能用普通的 `AlterField` 直接改。
2. 所有查询尽量带上 `created_at` 范围，否则会扫描全部分区。`MyLedgerListView` 可以默认限制为近 12 个月。
3. `ForeignKey` 指向流水表的地方（目前没有）以后也不要加。

另外，4000 万行在 PG 上本身不算大。如果只是「我的流水」慢，可以先看看 `(account_id, created_at desc)` 索引有没有被用上，没必要急着分区。""")

        # ---- T11: django-filter (F1)
        t = d.task("积分流水列表接口加个筛选：按 reason、按时间范围（created_after / created_before）。用 django-filter 吧，依赖加一下", tags=["flaky:F1"])
        t.fail("poetry add django-filter", "添加 django-filter 依赖", """Using version ^25.1 for django-filter

Updating dependencies
Resolving dependencies...

HTTPSConnectionPool(host='mirrors.aliyun.com', port=443): Read timed out. (read timeout=15)""")
        t.say("是阿里云镜像读超时，属于网络抖动，原样再跑一次：")
        t.bash("poetry add django-filter", "添加 django-filter 依赖", out="""Using version ^25.1 for django-filter

Updating dependencies
Resolving dependencies...

Package operations: 1 install, 0 updates, 0 removals

  - Installing django-filter (25.1)

Writing lock file""")
        pp = P("pyproject.toml")
        d.files[pp] = d.files[pp].replace('''    "sentry-sdk[django] (>=2.30.0,<3.0.0)",
]''', '''    "sentry-sdk[django] (>=2.30.0,<3.0.0)",
    "django-filter (>=25.1,<26.0)",
]''')
        base = P("config/settings/base.py")
        t.read(base, limit=40)
        t.edit(base, """    "rest_framework",
    "drf_spectacular",""", """    "rest_framework",
    "django_filters",
    "drf_spectacular",""")
        t.write(P("points/api/filters.py"), """import django_filters

from points.models import PointLedger


class PointLedgerFilter(django_filters.FilterSet):
    reason = django_filters.MultipleChoiceFilter(choices=PointLedger.Reason.choices)
    created_after = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="gte")
    created_before = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="lt")

    class Meta:
        model = PointLedger
        fields = ["reason", "created_after", "created_before"]
""")
        t.edit(views, """from points.api.serializers import OrderPaidEventSerializer, PointLedgerSerializer""",
               """from django_filters.rest_framework import DjangoFilterBackend

from points.api.filters import PointLedgerFilter
from points.api.serializers import OrderPaidEventSerializer, PointLedgerSerializer""")
        t.edit(views, """class MyLedgerListView(generics.ListAPIView):
    serializer_class = PointLedgerSerializer
""", """class MyLedgerListView(generics.ListAPIView):
    serializer_class = PointLedgerSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = PointLedgerFilter
""")
        t.write(P("tests/api/test_ledger_filters.py"), """from datetime import timedelta

import pytest
from django.utils import timezone

from points.models import PointLedger
from tests.factories import PointAccountFactory, PointLedgerFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/points/ledger/"


@pytest.fixture
def ledger(member):
    account = PointAccountFactory(member=member)
    old = PointLedgerFactory(account=account, reason=PointLedger.Reason.ORDER)
    PointLedger.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=40))
    PointLedgerFactory(account=account, reason=PointLedger.Reason.ORDER)
    PointLedgerFactory(account=account, reason=PointLedger.Reason.REDEEM, change=-50)
    PointLedgerFactory(reason=PointLedger.Reason.ORDER)  # 别人的
    return account


def ids(resp):
    return [row["reason"] for row in resp.json()["results"]]


def test_filter_by_reason(member_client, ledger):
    resp = member_client.get(URL, {"reason": "redeem"})

    assert resp.status_code == 200
    assert ids(resp) == ["redeem"]


def test_filter_by_multiple_reasons(member_client, ledger):
    assert sorted(ids(member_client.get(URL, {"reason": ["order", "redeem"]}))) == ["order", "order", "redeem"]


def test_filter_by_created_range(member_client, ledger):
    after = (timezone.now() - timedelta(days=7)).isoformat()

    assert len(ids(member_client.get(URL, {"created_after": after}))) == 2


def test_invalid_reason_is_400(member_client, ledger):
    assert member_client.get(URL, {"reason": "nope"}).status_code == 400
""")
        out = pt_run([("tests/api/test_ledger_filters.py", "...."), ("tests/api/test_points_api.py", "." * 14)], "2.37s")
        t.bash("poetry run pytest tests/api/test_ledger_filters.py tests/api/test_points_api.py", "运行流水接口相关测试", out=out)
        SUITE["tests/api/test_ledger_filters.py"] = 4
        t.done("""流水列表 `GET /api/v1/points/ledger/` 支持筛选了：

- `reason`：可以传多个（`?reason=order&reason=redeem`），非法值返回 400
- `created_after` / `created_before`：ISO 8601 时间，区间是左闭右开 `[after, before)`

改动：
- `poetry add django-filter` → `django-filter (>=25.1,<26.0)`，`poetry.lock` 已更新。第一次阿里云镜像读超时，重跑就好了。
- `INSTALLED_APPS` 加了 `django_filters`
- 新增 `points/api/filters.py` 的 `PointLedgerFilter`，`MyLedgerListView` 挂上 `DjangoFilterBackend`
- `tests/api/test_ledger_filters.py` 4 个用例，和原有流水接口的 14 个一起跑，全部通过

前端如果要按自然日筛选，`created_before` 传次日 00:00（+08:00）就行。""")

    # ============================================================== S4
    with d.session("2026-06-16T02:20:00", R, branch="feat/member-birthday", version="2.1.77", end_reason="other"):
        # teammate's change arrives with the rebase onto develop
        mm = P("members/models.py")
        d.files[mm] = d.files[mm].replace('''    phone = models.CharField(max_length=20, blank=True, default="")
''', '''    mobile = models.CharField(max_length=20, blank=True, default="", db_index=True)
    mobile_verified_at = models.DateTimeField(null=True, blank=True)
''')
        fac = P("tests/factories.py")
        d.files[fac] = d.files[fac].replace('''    phone = factory.Sequence(lambda n: f"138{n:08d}")''', '''    mobile = factory.Sequence(lambda n: f"138{n:08d}")''')

        # ---- T12: after rebase (M2 #2)
        t = d.task("刘洋把 Member 的 phone 拆成了 mobile 和 mobile_verified_at，已经合进 develop 了。我刚把 feat/member-birthday rebase 到 develop 上，你跑一下全量测试看看有没有问题",
                   tags=["mistake:M2"])
        t.bash("git log --oneline -6", "查看 rebase 后的提交", out="""e41a7d2 (HEAD -> feat/member-birthday) wip: 生日字段校验
8c03b5f (origin/develop, develop) Merge branch 'feat/member-mobile' into 'develop'
a7d19e4 feat(members): phone 拆分为 mobile + mobile_verified_at
2f6c0b1 Merge branch 'feat/ledger-filters' into 'develop'
91be3a8 feat(points): 流水列表支持按 reason / 时间筛选
6d7e2a0 Merge branch 'feat/order-points-async' into 'develop'""")
        ins = ('INSERT INTO "members_member" ("user_id", "mobile", "mobile_verified_at", "nickname", "tier_id", "birthday", '
               '"created_at", "updated_at") VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING "members_member"."id"')
        line = '...SERT INTO "members_member" ("user_id", "mobile", "mobile_verifi...'
        fixture_src = f"""
    @pytest.fixture
    def member(db):
>       return MemberFactory()
               ^^^^^^^^^^^^^^^

tests/conftest.py:{line_of(d, P('tests/conftest.py'), '    return MemberFactory()')}: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
{VENV}/factory/base.py:43: in __call__
    return cls.create(**kwargs)
           ^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/base.py:539: in create
    return cls._generate(enums.CREATE_STRATEGY, kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/django.py:121: in _generate
    return super()._generate(strategy, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/base.py:468: in _generate
    return step.build()
           ^^^^^^^^^^^^
{VENV}/factory/builder.py:272: in build
    instance = self.factory_meta.instantiate(
{VENV}/factory/base.py:317: in instantiate
    return self.factory._create(model, *args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/factory/django.py:169: in _create
    return manager.create(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/manager.py:87: in manager_method
    return getattr(self.get_queryset(), name)(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:665: in create
    obj.save(force_insert=True, using=self.db)
{VENV}/django/db/models/base.py:902: in save
    self.save_base(
{VENV}/django/db/models/base.py:1008: in save_base
    updated = self._save_table(
{VENV}/django/db/models/base.py:1169: in _save_table
    results = self._do_insert(
{VENV}/django/db/models/base.py:1210: in _do_insert
    return manager._insert(
{VENV}/django/db/models/manager.py:87: in manager_method
    return getattr(self.get_queryset(), name)(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:1873: in _insert
    return query.get_compiler(using=using).execute_sql(returning_fields)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/sql/compiler.py:1882: in execute_sql
    cursor.execute(sql, params)
{VENV}/django/db/backends/utils.py:122: in execute
    return super().execute(sql, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/backends/utils.py:79: in execute
    return self._execute_with_wrappers(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
        params = ("(100000, '13800000000', None, '严桂英', 1, None, datetime.datetime(2026, 6, 16, 2, 31, 5, 402117, "
                  "tzinfo=datetime.timezone.utc), datetime.datetime(2026, 6, 16, 2, 31, 5, 402124, tzinfo=datetime.timezone.utc))")
        blk = undefined_column("ERROR at setup of test_filter_by_reason", "", fixture_src, ins, params,
                               'column "mobile" of relation "members_member" does not exist', line,
                               line.index('"mobile"'), "").replace("\n\n\n", "\n\n")
        out = ("E\n" + sep("ERRORS") + "\n" + blk + "\n" + sep("short test summary info") + "\n"
               "ERROR tests/api/test_ledger_filters.py::test_filter_by_reason - django.db.utils.ProgrammingError: column \"mobile\" of relation \"members_member\" does not exist\n"
               + sep("stopping after 1 failures", "!") + "\n1 error in 0.71s")
        t.fail("poetry run pytest -x -q", "运行全量测试（遇到第一个失败就停）", out)
        t.say("第一个用例在建会员的时候就挂了：测试库的 `members_member` 表里没有 `mobile` 列。看一下刘洋那次改动带进来的迁移：")
        t.bash("git show --stat a7d19e4", "查看刘洋那次提交改了哪些文件", out="""commit a7d19e4c0b5d2f8e61a39c7d4b20e8f1a6c5d913
Author: 刘洋 <liuyang@jingxuan.tech>
Date:   Mon Jun 15 17:42:08 2026 +0800

    feat(members): phone 拆分为 mobile + mobile_verified_at

 members/api/serializers.py                          |  6 ++--
 members/migrations/0009_member_mobile_split.py      | 41 ++++++++++++++++++++++
 members/models.py                                   |  3 +-
 tests/api/test_member_api.py                        | 12 ++++---
 tests/factories.py                                  |  2 +-
 5 files changed, 55 insertions(+), 9 deletions(-)""")
        t.say("代码和迁移都没问题，是测试库旧了：`--reuse-db --nomigrations` 会复用上次按旧模型建的 `test_loyalty`，表结构不会跟着 rebase 进来的模型变。重建测试库再跑全量：")
        t.bash("poetry run pytest -q --create-db", "重建测试库后运行全量测试", out=pt_quiet(suite_mods(), "9.14s"), timeout=300000)
        t.bash("poetry run python manage.py migrate", "本地开发库也应用 develop 带来的迁移", out="""Operations to perform:
  Apply all migrations: admin, auth, contenttypes, members, points, rewards, sessions
Running migrations:
  Applying members.0009_member_mobile_split... OK""")
        n = sum(SUITE.values())
        t.done(f"""rebase 之后代码没问题，全量 {n} 个测试都过了。

第一次 `pytest -x` 在第一个用例的 setup 阶段报错：`psycopg.errors.UndefinedColumn: column "mobile" of relation "members_member" does not exist`。原因不在代码：`--reuse-db --nomigrations` 复用的是 rebase 之前按旧模型建的测试库，刘洋的 `0009_member_mobile_split` 改了 `members_member` 的列，旧测试库跟不上。用 `--create-db` 重建之后全部通过。

顺手把本地开发库也 migrate 到了 `members.0009`，不然 runserver 和 worker 会报同样的缺列错误。""")

        # ---- T13: backfill command (W3 #1)
        t = d.task("写个管理命令 backfill_expires_at：给历史的发放流水（change > 0 且 expires_at 为空）补上 created_at + 365 天。"
                   "要有 --dry-run 和 --batch-size，按 id 分批 update，别一把全表更新。写测试，然后在本地库上先 dry-run 再真跑一遍",
                   tags=["workflow:W3"])
        t.glob("**/management/commands/*.py", [P("members/management/commands/seed_tiers.py")], path=R)
        t.write(P("points/management/__init__.py"), "")
        t.write(P("points/management/commands/__init__.py"), "")
        cmdf = P("points/management/commands/backfill_expires_at.py")
        t.write(cmdf, """from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db.models import F

from points.models import PointLedger


class Command(BaseCommand):
    help = "给历史发放流水（change > 0 且 expires_at 为空）回填 expires_at = created_at + POINTS_EXPIRE_DAYS"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="只统计，不写库")
        parser.add_argument("--batch-size", type=int, default=1000)

    def handle(self, *args, dry_run: bool, batch_size: int, **options) -> None:
        qs = PointLedger.objects.filter(change__gt=0, expires_at__isnull=True)
        total = qs.count()
        if dry_run:
            self.stdout.write(f"[dry-run] 待回填 {total} 条（batch-size={batch_size}），不写库")
            return
        delta = timedelta(days=settings.POINTS_EXPIRE_DAYS)
        done, last_id = 0, 0
        while True:
            ids = list(
                qs.filter(id__gt=last_id).order_by("id").values_list("id", flat=True)[:batch_size]
            )
            if not ids:
                break
            done += PointLedger.objects.filter(id__in=ids).update(expires_at=F("created_at") + delta)
            last_id = ids[-1]
            self.stdout.write(f"  已回填 {done}/{total}（id <= {last_id}）")
        self.stdout.write(self.style.SUCCESS(f"完成：回填 {done} 条"))
""")
        t.write(P("tests/points/test_backfill_expires_at.py"), """from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command

from points.models import PointLedger
from tests.factories import PointLedgerFactory

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command("backfill_expires_at", *args, stdout=out)
    return out.getvalue()


def test_backfills_grants_only():
    grant = PointLedgerFactory(change=100, expires_at=None)
    spend = PointLedgerFactory(change=-30, expires_at=None)

    run("--batch-size", "1")

    grant.refresh_from_db()
    spend.refresh_from_db()
    assert grant.expires_at == grant.created_at + timedelta(days=365)
    assert spend.expires_at is None


def test_keeps_existing_expiry():
    entry = PointLedgerFactory(change=100)
    PointLedger.objects.filter(pk=entry.pk).update(expires_at=entry.created_at + timedelta(days=10))

    run()

    entry.refresh_from_db()
    assert entry.expires_at == entry.created_at + timedelta(days=10)


def test_dry_run_writes_nothing():
    PointLedgerFactory.create_batch(3, change=100, expires_at=None)

    assert "待回填 3 条" in run("--dry-run")
    assert PointLedger.objects.filter(expires_at__isnull=True).count() == 3
""")
        out = pt_run([("tests/points/test_backfill_expires_at.py", "...")], "0.88s")
        t.bash("poetry run pytest tests/points/test_backfill_expires_at.py", "运行回填命令的测试", out=out)
        SUITE["tests/points/test_backfill_expires_at.py"] = 3
        t.bash("poetry run python manage.py backfill_expires_at --dry-run", "本地库 dry-run",
               out="[dry-run] 待回填 18342 条（batch-size=1000），不写库")
        prog = "\n".join(f"  已回填 {min(k * 5000, 18342)}/18342（id <= {[41877, 83102, 127455, 168930][k - 1]}）" for k in range(1, 5))
        t.bash("poetry run python manage.py backfill_expires_at --batch-size 5000", "本地库正式回填",
               out=prog + "\n完成：回填 18342 条")
        t.bash("poetry run python manage.py backfill_expires_at --dry-run", "再 dry-run 确认没有剩余",
               out="[dry-run] 待回填 0 条（batch-size=1000），不写库")
        t.done("""`backfill_expires_at` 写好了，本地库已经回填完。

- 命令：`python manage.py backfill_expires_at [--dry-run] [--batch-size N]`
  - 条件：`change > 0 且 expires_at IS NULL`，值为 `created_at + POINTS_EXPIRE_DAYS`（用 `F()` 在库里算，不把行读进内存）
  - 按 id 游标分批：每批先取 id，再 `update ... where id in (...)`，不会长时间锁大范围的行，也可以中断后重跑
- 测试 `tests/points/test_backfill_expires_at.py` 3 个（只回填发放流水 / 已有值不覆盖 / dry-run 不写库），通过
- 本地：dry-run 显示 18342 条；`--batch-size 5000` 分 4 批跑完；再次 dry-run 为 0

staging 和生产上跑的时候建议 `--batch-size 2000` 左右，在低峰期执行。执行完之后，今晚 02:00 的 `expire_points` 就会开始处理这些老数据里一年前发放的积分。这一点要跟产品确认，老积分是不是真的要按一年过期。""")

        # ---- T14: prod worker logs (U1)
        t = d.task("生产的 loyalty-worker 昨晚好像有任务失败告警，帮我拉一下最近 12 小时的日志看看", tags=["unfixed:U1"])
        t.fail("kubectl --context ack-hz-prod -n loyalty-prod logs deploy/loyalty-worker --since=12h --tail=500",
               "拉取生产 worker 最近 12 小时日志",
               'Error from server (Forbidden): pods "loyalty-worker-6d8f7c9b54-q2vkx" is forbidden: User "253310245617382911" cannot get resource "pods/log" in API group "" in the namespace "loyalty-prod"')
        t.fail("kubectl --context ack-hz-prod auth can-i get pods/log -n loyalty-prod", "确认当前账号在生产是否有看日志的权限", "no")
        t.bash("kubectl --context ack-hz-prod -n loyalty-prod get pods -l app.kubernetes.io/component=worker", "查看生产 worker pod 状态",
               out="""NAME                              READY   STATUS    RESTARTS      AGE
loyalty-worker-6d8f7c9b54-q2vkx   1/1     Running   2 (9h ago)    4d3h
loyalty-worker-6d8f7c9b54-wz7lm   1/1     Running   0             4d3h""")
        t.done("""日志拉不下来：你的 RAM 账号（`253310245617382911`）在 `loyalty-prod` 命名空间**没有 `pods/log` 权限**，`kubectl auth can-i` 也返回 `no`。能 list pods，说明账号是只读角色，但没包含日志。

目前能看到的信息：
- `loyalty-worker-6d8f7c9b54-q2vkx` **9 小时前重启过 2 次**，另一个副本没重启。时间上跟昨晚的告警对得上，可能是 OOM 或者任务超时被杀，`describe pod` 的 `Last State` 能看出原因（如果你有 describe 权限的话）。

拿日志有两条路：
1. 找 SRE 在 ACK 上给你的账号加 `pods/log` 的 get 权限（RBAC 里加一条 rule 就行）。
2. 生产日志应该采集进了阿里云 SLS，直接在 SLS 控制台按 `loyalty-prod / loyalty-worker` 的 logstore 查最近 12 小时的 ERROR 更快。

我这边没有改任何东西。权限开通后再叫我分析日志。""")

    # ============================================================== S5
    with d.session("2026-06-18T07:05:00", R, branch="feat/member-birthday", version="2.1.78"):
        svc = P("points/services.py")
        base = P("config/settings/base.py")
        # ---- T15: birthday bonus (M1 #2)
        t = d.task("生日积分：Member 上已经有 birthday 了。加个 grant_birthday_bonus(member_id, today)：今天生日的会员送积分，"
                   "数额按等级配在 settings 的 POINTS_BIRTHDAY_BONUS 里（silver 100、gold 300、black 800），同一自然年只送一次。2 月 29 号生日的平年按 2 月 28 号算。测试写上",
                   tags=["mistake:M1"])
        t.read(P("members/models.py"))
        t.read(svc, offset=1, limit=20)
        t.read(base, offset=60)
        t.edit(base, """POINTS_EXPIRE_DAYS = 365
""", """POINTS_EXPIRE_DAYS = 365
# 生日礼积分，按会员等级 code 配置；没有等级的会员按 silver
POINTS_BIRTHDAY_BONUS = {"silver": 100, "gold": 300, "black": 800}
""")
        t.edit(svc, """from datetime import datetime, timedelta
""", """import calendar
from datetime import date, datetime, timedelta
""")
        t.edit(svc, """@transaction.atomic
def deduct_points(""", """def is_birthday(birthday: date, today: date) -> bool:
    if (birthday.month, birthday.day) == (2, 29) and not calendar.isleap(today.year):
        return (today.month, today.day) == (2, 28)
    return (birthday.month, birthday.day) == (today.month, today.day)


def grant_birthday_bonus(member_id: int, today: date) -> PointLedger | None:
    \"\"\"今天生日就按等级送生日积分；同一自然年只送一次。不是生日或已送过返回 None。\"\"\"
    member = Member.objects.select_related("tier").get(pk=member_id)
    if member.birthday is None or not is_birthday(member.birthday, today):
        return None
    if PointLedger.objects.filter(
        account__member_id=member_id,
        reason=PointLedger.Reason.BIRTHDAY,
        source_order_no=f"BDAY-{today.year}",
    ).exists():
        return None
    code = member.tier.code if member.tier else "silver"
    amount = settings.POINTS_BIRTHDAY_BONUS.get(code, settings.POINTS_BIRTHDAY_BONUS["silver"])
    return award_points(
        member_id, amount, PointLedger.Reason.BIRTHDAY, source_order_no=f"BDAY-{today.year}"
    )


@transaction.atomic
def deduct_points(""")
        tb = P("tests/points/test_birthday.py")
        t.write(tb, """from datetime import date

import pytest

from points.models import PointLedger
from points.services import grant_birthday_bonus
from tests.factories import MemberFactory, TierFactory


@pytest.fixture
def gold_member():
    gold = TierFactory(code="gold", name="金卡", min_points=5000)
    return MemberFactory(tier=gold, birthday=date(1990, 6, 18))


@pytest.fixture
def leap_member():
    return MemberFactory(birthday=date(1996, 2, 29))


def test_grants_by_tier_on_birthday(gold_member):
    entry = grant_birthday_bonus(gold_member.id, date(2026, 6, 18))

    assert entry is not None
    assert entry.change == 300
    assert entry.reason == PointLedger.Reason.BIRTHDAY


def test_not_birthday(gold_member):
    assert grant_birthday_bonus(gold_member.id, date(2026, 6, 17)) is None


def test_only_once_per_year(gold_member):
    grant_birthday_bonus(gold_member.id, date(2026, 6, 18))

    assert grant_birthday_bonus(gold_member.id, date(2026, 6, 18)) is None
    assert grant_birthday_bonus(gold_member.id, date(2027, 6, 18)) is not None


def test_feb29_on_common_year(leap_member):
    assert grant_birthday_bonus(leap_member.id, date(2026, 2, 28)).change == 100
""")
        blocks, errs = [sep("ERRORS")], []
        for name, fx in [("test_grants_by_tier_on_birthday", "gold_member"), ("test_not_birthday", "gold_member"),
                         ("test_only_once_per_year", "gold_member"), ("test_feb29_on_common_year", "leap_member")]:
            src = d.files[tb]
            if fx == "gold_member":
                fl = line_of(d, tb, '    gold = TierFactory(code="gold"')
                head = f"""
    @pytest.fixture
    def gold_member():
>       gold = TierFactory(code="gold", name="金卡", min_points=5000)
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

tests/points/test_birthday.py:{fl}: 
""" + "_ " * 40
                blocks.append(db_blocked(f"ERROR at setup of {name}", head.rstrip(), sub=False))
            else:
                fl = line_of(d, tb, '    return MemberFactory(birthday=date(1996, 2, 29))')
                head = f"""
    @pytest.fixture
    def leap_member():
>       return MemberFactory(birthday=date(1996, 2, 29))
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

tests/points/test_birthday.py:{fl}: 
""" + "_ " * 40
                blocks.append(db_blocked(f"ERROR at setup of {name}", head.rstrip(), sub=True))
            errs.append(f"tests/points/test_birthday.py::{name} - {DB_BLOCKED_SHORT}")
        out = pt_run([("tests/points/test_birthday.py", "EEEE")], "0.41s", errors=errs, body="\n".join(blocks),
                      summary="4 errors in 0.41s")
        t.fail("poetry run pytest tests/points/test_birthday.py", "运行生日积分测试", out)
        t.say("4 个用例都是在 fixture 建数据时报错：测试本身没有申请数据库访问（`gold_member` / `leap_member` 这两个 fixture 没有依赖 `db`，测试上也没有标记）。"
              "给用到数据库的测试加上 `django_db` 标记：")
        t.edit(tb, "\ndef test_", "\n@pytest.mark.django_db\ndef test_", replace_all=True)
        out = pt_run([("tests/points/test_birthday.py", "....")], "0.93s")
        t.bash("poetry run pytest tests/points/test_birthday.py", "重新运行生日积分测试", out=out)
        SUITE["tests/points/test_birthday.py"] = 4
        t.done("""生日积分加好了，4 个测试通过。

- `settings.POINTS_BIRTHDAY_BONUS = {"silver": 100, "gold": 300, "black": 800}`，没有等级或者等级 code 不在表里的按 silver。
- `points/services.py`：
  - `is_birthday(birthday, today)`：2 月 29 日出生的，平年按 2 月 28 日算
  - `grant_birthday_bonus(member_id, today)`：不是生日或者今年已经送过就返回 `None`。送的时候走 `award_points`，`reason=birthday`，`source_order_no = BDAY-<年份>` 做同年幂等（发放流水照常带一年有效期）
- 测试 `tests/points/test_birthday.py`：按等级发放 / 非生日 / 同年只送一次、第二年再送 / 2-29 平年。

第一次运行 4 个都是 `ERROR at setup`：`RuntimeError: Database access not allowed, use the "django_db" mark ...`，两个 fixture 里建数据，但用例没有申请数据库，给每个用例加了 `@pytest.mark.django_db` 之后就过了。

还差每天触发的入口（beat 扫当天生日的会员再分发），要不要一起做？""")

        # ---- T16: outdated (long output)
        t = d.task("看下 poetry show --outdated，有没有值得升的，先别升，列一下就行", tags=["noise", "long_output"])
        t.bash("poetry show --outdated", "列出可升级的依赖", out="""asgiref                    3.8.1   3.9.1   ASGI specs, helper code, and adapters
billiard                   4.2.1   4.2.2   Python multiprocessing fork with improvements and bugfixes
certifi                    2025.4.26 2026.6.2 Python package for providing Mozilla's CA Bundle.
charset-normalizer         3.4.2   3.4.3   The Real First Universal Charset Detector. Open, modern and actively maintained alternative to Chardet.
click                      8.2.1   8.2.2   Composable command line interface toolkit
coverage                   7.9.1   7.10.4  Code coverage measurement for Python
django                     5.2.13  5.2.15  A high-level Python web framework that encourages rapid development and clean, pragmatic design.
django-environ             0.12.0  0.12.1  A package that allows you to utilize 12factor inspired environment variables to configure your Django application.
django-redis               6.0.0   6.1.0   Full featured redis cache backend for Django.
django-stubs               5.2.1   5.2.4   Mypy stubs for Django
django-stubs-ext           5.2.1   5.2.4   Monkey-patching and extensions for django-stubs
djangorestframework-stubs  3.16.0  3.16.3  PEP-484 stubs for django-rest-framework
drf-spectacular            0.28.0  0.29.0  Sane and flexible OpenAPI 3 schema generation for Django REST framework
faker                      37.4.0  38.2.0  Faker is a Python package that generates fake data for you.
idna                       3.10    3.11    Internationalized Domain Names in Applications (IDNA)
kombu                      5.5.4   5.5.6   Messaging library for Python.
mypy                       1.16.1  1.18.2  Optional static typing for Python
psycopg                    3.2.9   3.2.12  PostgreSQL database adapter for Python
psycopg-binary             3.2.9   3.2.12  PostgreSQL database adapter for Python -- C optimisation distribution
pytest                     8.4.1   8.4.2   pytest: simple powerful testing with Python
pytest-cov                 6.2.1   7.0.0   Pytest plugin for measuring coverage.
pytest-django              4.11.1  4.11.2  A Django/Pytest plugin.
redis                      6.2.0   6.4.0   Python client for Redis database and key-value store
ruff                       0.12.2  0.13.3  An extremely fast Python linter and code formatter, written in Rust.
sentry-sdk                 2.30.0  2.38.0  Python client for Sentry (https://sentry.io)
sqlparse                   0.5.3   0.5.4   A non-validating SQL parser.
typing-extensions          4.14.0  4.15.0  Backported and Python 3.8+ compatible version of typing_extensions
tzdata                     2025.2  2026.1  Provider of IANA time zone data.
urllib3                    2.4.0   2.5.0   HTTP library with safe and helpful defaults.
vine                       5.1.0   5.1.1   Python promise.""")
        t.done("""29 个可升级，按优先级分一下：

**建议尽快升（补丁版本，安全或 bug 修复）**
- `django` 5.2.13 → 5.2.15：LTS 的补丁版本，一般带安全修复，风险很低
- `urllib3` 2.4 → 2.5、`certifi`、`sqlparse` 0.5.4：都是传递依赖，有过安全公告的类型，顺手升
- `psycopg` / `psycopg-binary` 3.2.9 → 3.2.12：补丁版本
- `kombu` 5.5.4 → 5.5.6、`billiard`、`vine`：Celery 这一套补丁版本，修过 redis 断线重连的问题，值得升

**可以升，要跑一下测试**
- `redis` 6.2 → 6.4、`django-redis` 6.0 → 6.1
- `sentry-sdk` 2.30 → 2.38：小版本多，但兼容性一直不错
- `drf-spectacular` 0.28 → 0.29：OpenAPI 输出可能有细微变化，前端如果按 schema 生成代码要看一下 diff
- `tzdata` 2026.1：时区数据，建议升

**开发依赖，不急**
- `mypy` 1.16 → 1.18、`django-stubs` 5.2.4、`djangorestframework-stubs` 3.16.3：可能会多报一些类型错误，单独找时间升
- `ruff` 0.12 → 0.13：新版本默认规则和格式化可能有变化，会产生一批格式改动，最好单独一个 MR
- `pytest-cov` 7.0 是大版本，看一下 changelog

建议分两个 MR：第一类 + 第二类一起升跑全量测试；开发工具链单独一个。""")

        t = d.task("说个事：上周 !112 那个 MR 描述你写得太长了，峰哥 review 的时候吐槽看不过来，最后我自己 cut half 才改好。"
                   "以后 MR 描述就写改了什么、怎么测的，5 行以内，别再列文件清单了", tags=["feedback", "no_tools"],
                   feedback="上周 !112 那个 MR 描述你写得太长了，峰哥 review 的时候吐槽看不过来，最后我自己 cut half 才改好。以后 MR 描述就写改了什么、怎么测的，5 行以内，别再列文件清单了")
        t.done("""明白，是我写得太啰嗦了。以后 MR 描述按这个来：

- 改了什么：一两行说清楚行为变化
- 怎么测的：一行
- 只有真的需要注意的时候，才加一行上线注意事项

总共不超过 5 行，不列文件清单，文件 reviewer 在 diff 里能看到。""")

    # ============================================================== S6
    with d.session("2026-06-22T01:40:00", R, branch="feat/member-birthday", version="2.1.79"):
        svc = P("points/services.py")
        views = P("points/api/views.py")
        # ---- T18: ship birthday (W1 #2)
        t = d.task("生日积分这块提 MR，描述按上次说的写短点", tags=["workflow:W1"])
        t.bash("poetry run ruff check . --fix", "ruff 检查并自动修复", out="All checks passed!")
        t.bash("poetry run ruff format .", "ruff 格式化", out="1 file reformatted, 76 files left unchanged")
        t.bash("poetry run mypy .", "mypy 类型检查", out=mypy_ok(77))
        t.bash("poetry run pytest -q", "运行全量测试", out=pt_quiet(suite_mods(), "9.47s"), timeout=300000)
        t.bash("git add -A && git commit -m \"feat(points): 会员生日积分\"", "提交", out="""[feat/member-birthday 0c8a4f6] feat(points): 会员生日积分
 4 files changed, 112 insertions(+), 1 deletion(-)
 create mode 100644 tests/points/test_birthday.py""")
        t.bash("git push -u origin feat/member-birthday", "推送分支", err=push_new("feat/member-birthday", 19, "3.27"))
        t.bash("glab mr create --source-branch feat/member-birthday --target-branch develop "
               "--title \"feat(points): 会员生日积分\" --description \"按等级送生日积分（silver 100 / gold 300 / black 800，settings 可配），同一自然年只送一次，2-29 平年按 2-28。\n"
               "测试：新增 4 个用例，全量 pytest / mypy / ruff 通过。\" --remove-source-branch",
               "创建 MR", out=glab_mr("feat/member-birthday", "feat(points): 会员生日积分", 118))
        t.done(f"""MR **!118** 已创建：{GL}/-/merge_requests/118

描述就两行：改了什么（按等级送生日积分、同年一次、2-29 规则），怎么测的（新增 4 个用例，全量 pytest / mypy / ruff 通过）。

ruff 格式化了 1 个文件，已经包含在提交 `0c8a4f6` 里。""")

        # ---- T19: summary endpoint (P3 statement)
        t = d.task("加个接口 GET /api/v1/points/summary/：返回当前会员的余额、30 天内将过期的积分、当前等级名。"
                   "直接返回资源本身就行，不用包 code/message/data 那层，跟现有接口保持一致", tags=["pref:P3", "noise"])
        t.read(views)
        ser = P("points/api/serializers.py")
        t.read(ser)
        t.edit(ser, """class OrderPaidEventSerializer(serializers.Serializer):""", """class PointSummarySerializer(serializers.Serializer):
    balance = serializers.IntegerField()
    expiring_30d = serializers.IntegerField()
    tier_name = serializers.CharField(allow_null=True)


class OrderPaidEventSerializer(serializers.Serializer):""")
        t.grep("def expire_for_member|def expire_key", path=P("points/services.py"), output_mode="content", n=True,
               content=f"{P('points/services.py')}:{line_of(d, svc, 'def expire_key')}:def expire_key(entry_id: int) -> str:\n"
                       f"{P('points/services.py')}:{line_of(d, svc, 'def expire_for_member')}:def expire_for_member(member_id: int, now: datetime | None = None) -> int:")
        t.read(svc, offset=line_of(d, svc, 'def expire_key') - 6, limit=50)
        t.edit(svc, """def expire_key(entry_id: int) -> str:""", """def expiring_within(member_id: int, days: int, now: datetime | None = None) -> int:
    \"\"\"未来 days 天内到期、且还没被过期任务处理的发放积分合计（不超过当前余额）。\"\"\"
    now = now or timezone.now()
    account = PointAccount.objects.filter(member_id=member_id).first()
    if account is None:
        return 0
    handled = account.ledger.filter(reason=PointLedger.Reason.EXPIRE).values_list(
        "source_order_no", flat=True
    )
    due = account.ledger.filter(
        change__gt=0, expires_at__gt=now, expires_at__lte=now + timedelta(days=days)
    ).exclude(id__in=[int(k.removeprefix("EXP-")) for k in handled])
    total = sum(due.values_list("change", flat=True))
    return min(total, account.balance)


def expire_key(entry_id: int) -> str:""")
        t.edit(views, """from points.api.serializers import OrderPaidEventSerializer, PointLedgerSerializer
from points.models import PointLedger
""", """from points.api.serializers import (
    OrderPaidEventSerializer,
    PointLedgerSerializer,
    PointSummarySerializer,
)
from points.models import PointAccount, PointLedger
from points.services import expiring_within
""")
        t.edit(views, """class OrderPaidWebhookView(APIView):""", """class MyPointSummaryView(APIView):
    def get(self, request: Request) -> Response:
        member = request.user.member
        account = PointAccount.objects.filter(member=member).first()
        data = {
            "balance": account.balance if account else 0,
            "expiring_30d": expiring_within(member.id, days=30),
            "tier_name": member.tier.name if member.tier else None,
        }
        return Response(PointSummarySerializer(data).data)


class OrderPaidWebhookView(APIView):""")
        urls = P("points/api/urls.py")
        t.read(urls)
        t.edit(urls, """    path("points/ledger/", views.MyLedgerListView.as_view(), name="my-ledger"),""",
               """    path("points/ledger/", views.MyLedgerListView.as_view(), name="my-ledger"),
    path("points/summary/", views.MyPointSummaryView.as_view(), name="my-point-summary"),""")
        tsum = P("tests/api/test_points_summary.py")
        t.write(tsum, """from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import PointAccountFactory, PointLedgerFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/points/summary/"


def test_summary(member_client, member):
    account = PointAccountFactory(member=member, balance=900)
    now = timezone.now()
    PointLedgerFactory(account=account, change=200, expires_at=now + timedelta(days=10))
    PointLedgerFactory(account=account, change=300, expires_at=now + timedelta(days=60))

    resp = member_client.get(URL)

    assert resp.status_code == 200
    assert resp.json() == {"balance": 900, "expiring_30d": 200, "tier_name": "银卡"}


def test_summary_without_account(member_client):
    assert member_client.get(URL).json() == {"balance": 0, "expiring_30d": 0, "tier_name": "银卡"}


def test_requires_auth(api_client):
    assert api_client.get(URL).status_code == 401
""")
        out = pt_run([("tests/api/test_points_summary.py", "...")], "0.97s")
        t.bash("poetry run pytest tests/api/test_points_summary.py", "运行 summary 接口测试", out=out)
        SUITE["tests/api/test_points_summary.py"] = 3
        t.done("""`GET /api/v1/points/summary/` 加好了，和现有接口一样直接返回资源：

```json
{"balance": 900, "expiring_30d": 200, "tier_name": "银卡"}
```

- `expiring_30d` 来自新的 `services.expiring_within(member_id, days)`：未来 30 天内到期、还没被过期任务处理的发放积分合计，**封顶为当前余额**（和过期任务的扣法保持一致，不会显示比余额还多的「将过期」）
- 没有积分账户的会员返回 0；没有等级时 `tier_name` 为 `null`
- 测试 3 个（正常 / 无账户 / 未登录 401），通过""")

        d.precompact("""Analysis: 陈浩在 loyalty-api（鲸选会员积分服务：Django 5.2 + DRF，Celery + Redis，PostgreSQL 16，poetry，pytest-django `--reuse-db --nomigrations`，factory_boy，mypy + django-stubs，ruff，本地 docker compose：db/redis/web/worker/beat，GitLab glab MR 到 develop，Helm 部署 ACK staging）上工作，当前分支 feat/member-birthday。

Summary:
1. 之前完成：PointLedger.expires_at + 每日过期任务（!112 已合并并发到 staging，revision 46），订单回调改为 celery 任务 award_order_points（只传基本类型参数），流水列表 django-filter 筛选，backfill_expires_at 管理命令（本地已回填），生日积分 grant_birthday_bonus（!118 已提 MR）。
2. 用户偏好：celery 任务参数只传 id/基本类型；测试数据用 tests/factories.py；MR 描述 5 行以内（改了什么 + 怎么测的），不列文件清单。
3. 刚完成：GET /api/v1/points/summary/（balance / expiring_30d / tier_name），按用户要求直接返回资源、不包 code/message/data；services.expiring_within；tests/api/test_points_summary.py 3 个用例通过。
4. 生产 worker 日志没有权限（pods/log Forbidden），已告知找 SRE 或看 SLS。""")

        # ---- T20: admin adjust (O1)
        t = d.task("客服后台要一个手工调积分的接口：POST /api/v1/admin/points/adjust/，参数 member_id、change（可正可负，不能为 0）、remark 必填，"
                   "流水里记上操作人。权限先用 IsAdminUser，认证走 Django session 就行", tags=["oneoff:O1"])
        t.edit(ser, """class OrderPaidEventSerializer(serializers.Serializer):""", """class PointAdjustSerializer(serializers.ModelSerializer):
    member_id = serializers.IntegerField(write_only=True)
    change = serializers.IntegerField()
    remark = serializers.CharField(max_length=200)

    class Meta:
        model = PointLedger
        fields = ["id", "change", "balance_after", "remark", "created_at"]
        read_only_fields = ["id", "balance_after", "created_at"]

    def validate_change(self, value: int) -> int:
        if value == 0:
            raise serializers.ValidationError("调整数额不能为 0")
        return value


class OrderPaidEventSerializer(serializers.Serializer):""")
        t.edit(views, """from rest_framework.permissions import AllowAny""", """from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny, IsAdminUser""")
        t.edit(views, """from points.api.serializers import (
    OrderPaidEventSerializer,
    PointLedgerSerializer,
    PointSummarySerializer,
)""", """from points.api.serializers import (
    OrderPaidEventSerializer,
    PointAdjustSerializer,
    PointLedgerSerializer,
    PointSummarySerializer,
)""")
        t.edit(views, """from points.services import expiring_within
""", """from points.services import InsufficientPoints, award_points, deduct_points, expiring_within
""")
        t.edit(views, """class OrderPaidWebhookView(APIView):""", """class AdminPointAdjustView(APIView):
    \"\"\"客服手工调积分：正数加、负数扣，流水 reason=adjust，remark 里带操作人。\"\"\"

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsAdminUser]

    def post(self, request: Request) -> Response:
        ser = PointAdjustSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        data = ser.validated_data
        remark = f"[{request.user.get_username()}] {data['remark']}"
        try:
            if data["change"] > 0:
                entry = award_points(data["member_id"], data["change"], PointLedger.Reason.ADJUST, remark=remark)
            else:
                entry = deduct_points(data["member_id"], -data["change"], PointLedger.Reason.ADJUST, remark=remark)
        except InsufficientPoints:
            return Response({"detail": "余额不足，无法扣减"}, status=status.HTTP_409_CONFLICT)
        return Response(PointAdjustSerializer(entry).data, status=status.HTTP_201_CREATED)


class OrderPaidWebhookView(APIView):""")
        t.edit(urls, """    path("points/summary/", views.MyPointSummaryView.as_view(), name="my-point-summary"),""",
               """    path("points/summary/", views.MyPointSummaryView.as_view(), name="my-point-summary"),
    path("admin/points/adjust/", views.AdminPointAdjustView.as_view(), name="admin-point-adjust"),""")
        tadj = P("tests/api/test_admin_adjust.py")
        t.write(tadj, """import pytest
from django.contrib.auth.models import User

from points.models import PointLedger
from tests.factories import PointAccountFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/admin/points/adjust/"


@pytest.fixture
def staff_client(api_client):
    staff = User.objects.create_user("kefu01", password="x", is_staff=True)
    api_client.force_login(staff)
    return api_client


def test_add_points(staff_client, member):
    resp = staff_client.post(URL, {"member_id": member.id, "change": 50, "remark": "补偿"}, format="json")

    assert resp.status_code == 201
    entry = PointLedger.objects.get(pk=resp.json()["id"])
    assert entry.reason == PointLedger.Reason.ADJUST
    assert entry.remark == "[kefu01] 补偿"


def test_deduct_points(staff_client):
    account = PointAccountFactory(balance=80)

    resp = staff_client.post(URL, {"member_id": account.member_id, "change": -30, "remark": "误发扣回"}, format="json")

    assert resp.status_code == 201
    assert resp.json()["balance_after"] == 50


def test_deduct_more_than_balance(staff_client):
    account = PointAccountFactory(balance=10)

    resp = staff_client.post(URL, {"member_id": account.member_id, "change": -30, "remark": "x"}, format="json")

    assert resp.status_code == 409


def test_zero_rejected(staff_client, member):
    resp = staff_client.post(URL, {"member_id": member.id, "change": 0, "remark": "x"}, format="json")

    assert resp.status_code == 400


def test_non_staff_forbidden(member_client, member):
    assert member_client.post(URL, {"member_id": member.id, "change": 5, "remark": "x"}, format="json").status_code == 403
""")
        fails, blocks = [], [sep("FAILURES")]
        msg = "AssertionError: The field 'member_id' was declared on serializer PointAdjustSerializer, but has not been included in the 'fields' option."
        sl = line_of(d, views, "        ser.is_valid(raise_exception=True)\n        data = ser.validated_data\n        remark")
        for name, ln_needle in [("test_add_points", "    resp = staff_client.post(URL, {\"member_id\": member.id, \"change\": 50"),
                                ("test_deduct_points", "    resp = staff_client.post(URL, {\"member_id\": account.member_id, \"change\": -30, \"remark\": \"误发"),
                                ("test_deduct_more_than_balance", "    resp = staff_client.post(URL, {\"member_id\": account.member_id, \"change\": -30, \"remark\": \"x\""),
                                ("test_zero_rejected", "    resp = staff_client.post(URL, {\"member_id\": member.id, \"change\": 0")]:
            tl = line_of(d, tadj, ln_needle)
            blocks.append(f"""{sep(name, '_')}
tests/api/test_admin_adjust.py:{tl}: in {name}
{ln_needle}
{VENV}/rest_framework/test.py:296: in post
    response = super().post(
{VENV}/rest_framework/test.py:210: in post
    return self.generic('POST', path, data, content_type, **extra)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/test.py:234: in generic
    return super().generic(
{VENV}/django/test/client.py:676: in generic
    return self.request(**r)
           ^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/test.py:286: in request
    return super().request(**kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/test.py:238: in request
    request = super().request(**kwargs)
              ^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/test/client.py:1092: in request
    self.check_exception(response)
{VENV}/django/test/client.py:805: in check_exception
    raise exc_value
{VENV}/django/core/handlers/exception.py:55: in inner
    response = get_response(request)
               ^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/core/handlers/base.py:197: in _get_response
    response = wrapped_callback(request, *callback_args, **callback_kwargs)
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/views/decorators/csrf.py:65: in _view_wrapper
    return view_func(request, *args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/views/generic/base.py:105: in view
    return self.dispatch(request, *args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/views.py:515: in dispatch
    response = self.handle_exception(exc)
               ^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/views.py:475: in handle_exception
    self.raise_uncaught_exception(exc)
{VENV}/rest_framework/views.py:486: in raise_uncaught_exception
    raise exc
{VENV}/rest_framework/views.py:512: in dispatch
    response = handler(request, *args, **kwargs)
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
points/api/views.py:{sl}: in post
    ser.is_valid(raise_exception=True)
{VENV}/rest_framework/serializers.py:225: in is_valid
    self._validated_data = self.run_validation(self.initial_data)
                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/serializers.py:444: in run_validation
    value = self.to_internal_value(data)
            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/serializers.py:497: in to_internal_value
    fields = self._writable_fields
             ^^^^^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/serializers.py:380: in _writable_fields
    for field in self.fields.values():
                 ^^^^^^^^^^^
{VENV}/rest_framework/serializers.py:368: in fields
    for key, value in self.get_fields().items():
                      ^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/serializers.py:1077: in get_fields
    field_names = self.get_field_names(declared_fields, info)
                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/rest_framework/serializers.py:1200: in get_field_names
    assert field_name in fields, (
E   {msg}""")
            fails.append(f"tests/api/test_admin_adjust.py::{name} - {msg}")
        out = pt_run([("tests/api/test_admin_adjust.py", "FFFF.")], "1.12s", failed=fails, body="\n".join(blocks),
                     summary="4 failed, 1 passed in 1.12s")
        t.fail("poetry run pytest tests/api/test_admin_adjust.py --tb=short", "运行调积分接口测试", out)
        t.say("DRF 的 `ModelSerializer` 要求显式声明的字段必须出现在 `Meta.fields` 里。`member_id` 是只写的输入参数，漏写进 `fields` 了。补上：")
        t.edit(ser, """        fields = ["id", "change", "balance_after", "remark", "created_at"]
        read_only_fields = ["id", "balance_after", "created_at"]

    def validate_change""", """        fields = ["id", "member_id", "change", "balance_after", "remark", "created_at"]
        read_only_fields = ["id", "balance_after", "created_at"]

    def validate_change""")
        out = pt_run([("tests/api/test_admin_adjust.py", ".....")], "1.08s")
        t.bash("poetry run pytest tests/api/test_admin_adjust.py --tb=short", "重新运行调积分接口测试", out=out)
        SUITE["tests/api/test_admin_adjust.py"] = 5
        t.done("""`POST /api/v1/admin/points/adjust/` 加好了，5 个测试通过。

- 入参 `member_id`（只写）、`change`（非 0 整数，正数加、负数扣）、`remark`（必填，最长 200）
- 认证 `SessionAuthentication`，权限 `IsAdminUser`（`is_staff`）；普通会员 403
- 加积分走 `award_points`，扣积分走 `deduct_points`，流水 `reason=adjust`，`remark` 前面带操作人：`[kefu01] 补偿`
- 余额不够扣返回 409；返回 201 和这条流水（`id / member_id / change / balance_after / remark / created_at`）

第一次跑 4 个失败，是 `PointAdjustSerializer` 声明了 `member_id` 但没写进 `Meta.fields`，DRF 直接断言报错。已补上。

注意：人工加分的流水也会带一年有效期。如果客服补偿的积分不该过期，需要再区分一下。""")

        t = d.task("DRF 的 throttle 用 redis 缓存做计数准不准？我们 web 是多副本的", tags=["noise", "no_tools"])
        t.done("""**多副本下是共享计数的，但不是严格精确。**

- DRF 的 `SimpleRateThrottle`（`UserRateThrottle` / `AnonRateThrottle`）把每个 key 的请求时间戳列表存在 Django cache 里。我们的 `CACHES["default"]` 是 django-redis，所有副本读写同一个 Redis，所以**计数是全局的**，不会因为多副本变成 N 倍。
- 不精确的原因：它是「读列表 → 在 Python 里判断 → 写回列表」，**不是原子操作**。两个副本同时处理同一个用户的请求时，都可能读到 9 次、都放行、都写回 10 次，高并发下会多放过几个请求。
- 另外是滑动窗口，实现是存时间戳列表。限额很大（比如 1000/min）的时候列表会很长，每次请求都要序列化整个列表，开销也不小。

适用范围：
- 防刷、粗粒度限流（比如客服调积分接口 `10/min`）：完全够用。
- 需要严格计数的（比如兑换接口按用户每天限 N 次）：**不要用 throttle**，用 Redis 原子操作（`INCR` + `EXPIRE`，或者 Lua 脚本），或者直接用数据库唯一约束或计数来兜底。

另外，`AnonRateThrottle` 按 IP 限流，要确认 ingress 传的 `X-Forwarded-For` 和 DRF 的 `NUM_PROXIES` 配对，否则所有请求看起来都来自 ingress 的 IP。""")

    # ============================================================== S7
    with d.session("2026-06-24T02:10:00", R, branch="feat/tier-recalc", version="2.1.80", permission_mode="acceptEdits"):
        base = P("config/settings/base.py")
        # ---- T22: tier recalc tasks (M3 #2, P1 #3)
        t = d.task("等级重算：每月 1 号凌晨 3 点，按近 12 个月累计获得的积分重算会员等级。拆成两个任务，recalc_all_tiers 负责分发，recalc_member_tier(member_id) 干活。"
                   "老规矩，任务参数只给 member_id，别把 Member 对象传进去。写完在本地 compose 里挑一个会员跑一下看看效果",
                   tags=["mistake:M3", "pref:P1"])
        t.read(P("members/services.py"))
        mt = P("members/tasks.py")
        t.write(mt, """import logging
from datetime import timedelta

from celery import shared_task
from django.db.models import Sum
from django.utils import timezone

from members.models import Member
from members.services import tier_for_points
from points.models import PointLedger

logger = logging.getLogger(__name__)

EARNING_REASONS = [PointLedger.Reason.ORDER, PointLedger.Reason.BIRTHDAY]


@shared_task(ignore_result=True)
def recalc_all_tiers() -> int:
    \"\"\"每月 1 日 03:00（beat）：给每个会员分发一个重算任务。\"\"\"
    n = 0
    for member_id in Member.objects.values_list("id", flat=True).iterator(chunk_size=2000):
        recalc_member_tier.delay(member_id)
        n += 1
    logger.info("recalc_all_tiers dispatched %s members", n)
    return n


@shared_task(acks_late=True)
def recalc_member_tier(member_id: int) -> dict:
    \"\"\"按近 12 个月订单 + 生日获得的积分重算等级（调整、退款不计入）。\"\"\"
    since = timezone.now() - timedelta(days=365)
    earned = (
        PointLedger.objects.filter(
            account__member_id=member_id,
            reason__in=EARNING_REASONS,
            change__gt=0,
            created_at__gte=since,
        ).aggregate(total=Sum("change"))["total"]
        or 0
    )
    member = Member.objects.select_related("tier").get(pk=member_id)
    new_tier = tier_for_points(earned)
    old_code = member.tier.code if member.tier else None
    if member.tier_id != (new_tier.id if new_tier else None):
        member.tier = new_tier
        member.save(update_fields=["tier", "updated_at"])
    return {"member_id": member_id, "earned_12m": earned, "from": old_code, "to": new_tier.code if new_tier else None}
""")
        t.read(base, offset=60)
        t.edit(base, """    "expire-points-daily": {
        "task": "points.tasks.expire_points",
        "schedule": crontab(hour=2, minute=0),
    },
}""", """    "expire-points-daily": {
        "task": "points.tasks.expire_points",
        "schedule": crontab(hour=2, minute=0),
    },
    "recalc-tiers-monthly": {
        "task": "members.tasks.recalc_all_tiers",
        "schedule": crontab(day_of_month=1, hour=3, minute=0),
    },
}""")
        tt = P("tests/members/test_tier_recalc_dispatch.py")
        t.write(tt, """import pytest

from members.tasks import recalc_all_tiers
from tests.factories import MemberFactory

pytestmark = pytest.mark.django_db


def test_dispatches_member_ids(mocker):
    delay = mocker.patch("members.tasks.recalc_member_tier.delay")
    a, b = MemberFactory(), MemberFactory()

    assert recalc_all_tiers() == 2
    delay.assert_has_calls([mocker.call(a.id), mocker.call(b.id)], any_order=True)
""")
        t.bash("poetry run pytest tests/members -q", "运行 members 测试", out=pt_quiet([("a", "." * 14)], "1.21s"))
        SUITE["tests/members/test_tier_recalc_dispatch.py"] = 1
        cmd = ("docker compose exec -T web python manage.py shell -c \"from members.tasks import recalc_member_tier; "
               "r = recalc_member_tier.delay(23); print(r.get(timeout=20))\"")
        tid1 = d.uid()
        t.fail(cmd, "本地对 member 23 触发等级重算并等待结果",
               "14 objects imported automatically (use -v 2 for details).\n" + celery_timeout(R, 1))
        t.bash("docker compose ps worker beat", "查看 worker / beat 状态", out="""NAME                   IMAGE                COMMAND                  SERVICE   CREATED       STATUS       PORTS
loyalty-api-beat-1     loyalty-api-beat     "celery -A config be…"   beat      2 weeks ago   Up 5 days    
loyalty-api-worker-1   loyalty-api-worker   "celery -A config wo…"   worker    2 weeks ago   Up 5 days    """)
        logs = unregistered(d, "members.tasks.recalc_member_tier",
                            ("(23,)", '[[23], {}, {"callbacks": null, "errbacks": null, "chain": null, "chord": null}]'),
                            tid1, plus=-21.5)
        t.bash("docker compose logs --since 10m worker | tail -n 40", "查看 worker 最近 10 分钟日志", out=logs)
        t.say("还是 worker 进程太旧：它 5 天前启动，`members/tasks.py` 是刚新建的模块，当时没被 autodiscover 到，消息被当成未注册任务丢掉了。"
              "beat 也要重新加载新的 `recalc-tiers-monthly` 调度，两个一起重启：")
        t.bash("docker compose restart worker beat", "重启 worker 和 beat", err=""" Container loyalty-api-beat-1  Restarting
 Container loyalty-api-worker-1  Restarting
 Container loyalty-api-beat-1  Started
 Container loyalty-api-worker-1  Started""")
        t.bash("docker compose exec -T worker celery -A config inspect registered", "确认 worker 已注册新任务", out=f"""->  celery@8b1e04d6c2f9: OK
    * config.celery.debug_task
    * members.tasks.recalc_all_tiers
    * members.tasks.recalc_member_tier
    * points.tasks.award_order_points
    * points.tasks.expire_member_points
    * points.tasks.expire_points

1 node online.""")
        t.bash(cmd, "重新对 member 23 触发等级重算",
               out="14 objects imported automatically (use -v 2 for details).\n{'member_id': 23, 'earned_12m': 6120, 'from': 'silver', 'to': 'gold'}")
        t.done("""等级重算两个任务写好了，本地跑通了。

- `members/tasks.py`（新模块）：
  - `recalc_all_tiers()`：按 `id` 分批迭代会员，逐个 `recalc_member_tier.delay(member_id)`
  - `recalc_member_tier(member_id: int)`：参数只有 id。任务里统计近 365 天 `order` + `birthday` 类发放积分（人工调整、退款不计入），用 `tier_for_points` 算新等级，有变化才更新；返回 `from / to` 方便排查
- beat：`recalc-tiers-monthly`，每月 1 日 03:00（Asia/Shanghai），错开 02:00 的过期任务
- 测试：分发任务 1 个用例，members 共 14 个通过

本地验证：第一次 `get(timeout=20)` 超时，worker 日志是 `Received unregistered task of type 'members.tasks.recalc_member_tier'`，因为 worker / beat 是 5 天前启动的，没加载新模块。`docker compose restart worker beat` 后 `inspect registered` 里已经有两个新任务，member 23 近 12 个月获得 6120 分，**silver → gold**，结果符合门槛。

`recalc_member_tier` 本身的用例（升级、降级、窗口外积分不算）还没写。""")

        # ---- T23: staging deploy (W2 #2)
        t = d.task("!118 合了，develop 的镜像 7d41c0b9，发 staging", tags=["workflow:W2"])
        t.bash("helm history loyalty-api -n loyalty-staging --max 3", "查看 staging 最近几次发布", out="""REVISION	UPDATED                 	STATUS    	CHART            	APP VERSION	DESCRIPTION
46      	Fri Jun 12 10:03:12 2026	superseded	loyalty-api-0.9.3	1.8.0      	Upgrade complete
47      	Wed Jun 17 15:40:55 2026	superseded	loyalty-api-0.9.3	1.8.0      	Upgrade complete
48      	Fri Jun 19 11:12:30 2026	deployed  	loyalty-api-0.9.3	1.8.0      	Upgrade complete""")
        t.bash("helm upgrade --install loyalty-api deploy/helm/loyalty-api -n loyalty-staging "
               "-f deploy/helm/loyalty-api/values-staging.yaml --set image.tag=7d41c0b9 --wait --timeout 10m",
               "用 7d41c0b9 升级 staging", out=helm_ok(49, helm_when(d)), timeout=660000)
        t.bash("kubectl -n loyalty-staging rollout status deploy/loyalty-api-worker --timeout=120s", "确认 worker 滚动完成",
               out='deployment "loyalty-api-worker" successfully rolled out')
        t.bash("kubectl -n loyalty-staging logs job/loyalty-api-migrate", "查看迁移 Job 日志", out="""Operations to perform:
  Apply all migrations: admin, auth, contenttypes, members, points, rewards, sessions
Running migrations:
  No migrations to apply.""")
        t.bash(f"curl -fsS {STG}/healthz/", "健康检查", out='{"status":"ok","db":"ok","redis":"ok","version":"7d41c0b9"}')
        t.done("""staging 已升级到 `7d41c0b9`（revision 49）：helm `--wait` 通过，worker 滚动完成，迁移 Job 显示 `No migrations to apply`（这次没有新迁移），`/healthz/` 正常，版本号对得上。

生日积分目前只有服务函数，还没有每日触发的任务，所以 staging 上暂时不会自动发放。""")

        # ---- T24: push wip (F2)
        t = d.task("tier-recalc 还没写完，先提交一下推上去备份", tags=["flaky:F2"])
        t.bash("git add -A && git commit -m \"wip(members): 等级重算任务\"", "提交当前进度", out="""[feat/tier-recalc 4f17b9e] wip(members): 等级重算任务
 3 files changed, 74 insertions(+)
 create mode 100644 members/tasks.py
 create mode 100644 tests/members/test_tier_recalc_dispatch.py""")
        t.fail("git push -u origin feat/tier-recalc", "推送分支", """kex_exchange_identification: read: Connection reset by peer
Connection reset by 10.8.2.15 port 22
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.""", code=128)
        t.say("SSH 握手阶段连接被重置，像是公司到 GitLab 的网络抖了一下，原样再推一次：")
        t.bash("git push -u origin feat/tier-recalc", "推送分支", err=push_new("feat/tier-recalc", 12, "2.41"))
        t.done("已提交 `4f17b9e`（wip），并推到 `origin/feat/tier-recalc`。第一次推送 SSH 握手时连接被重置，重试一次就成功了。")

    # ============================================================== S8
    with d.session("2026-06-29T01:55:00", R, branch="feat/tier-recalc", version="2.1.82"):
        views = P("points/api/views.py")
        # ---- T25: staging deploy fails on pg_trgm (U2)
        t = d.task("develop 上刘洋的会员昵称模糊搜索合进来了，镜像 a18f5e07，发一下 staging", tags=["unfixed:U2"])
        t.fail("helm upgrade --install loyalty-api deploy/helm/loyalty-api -n loyalty-staging "
               "-f deploy/helm/loyalty-api/values-staging.yaml --set image.tag=a18f5e07 --wait --timeout 10m",
               "用 a18f5e07 升级 staging", """Error: UPGRADE FAILED: pre-upgrade hooks failed: 1 error occurred:
	* job loyalty-api-migrate failed: BackoffLimitExceeded""", timeout=660000)
        t.bash("kubectl -n loyalty-staging logs job/loyalty-api-migrate --tail=30", "查看迁移 Job 失败原因", out=f"""Operations to perform:
  Apply all migrations: admin, auth, contenttypes, members, points, rewards, sessions
Running migrations:
  Applying members.0010_trigram_extension...Traceback (most recent call last):
  File "{CVENV}/django/db/backends/utils.py", line 103, in _execute
    return self.cursor.execute(sql)
           ^^^^^^^^^^^^^^^^^^^^^^^^
  File "{CVENV}/psycopg/cursor.py", line 97, in execute
    raise ex.with_traceback(None)
psycopg.errors.InsufficientPrivilege: permission denied to create extension "pg_trgm"
HINT:  Must have CREATE privilege on current database to create this extension.

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/app/manage.py", line 22, in <module>
    main()
  ...
  File "{CVENV}/django/contrib/postgres/operations.py", line 40, in database_forwards
    schema_editor.execute(
  File "{CVENV}/django/db/backends/postgresql/schema.py", line 45, in execute
    return super().execute(sql, None)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{CVENV}/django/db/backends/base/schema.py", line 204, in execute
    cursor.execute(sql, params)
  File "{CVENV}/django/db/backends/utils.py", line 103, in _execute
    return self.cursor.execute(sql)
           ^^^^^^^^^^^^^^^^^^^^^^^^
django.db.utils.ProgrammingError: permission denied to create extension "pg_trgm"
HINT:  Must have CREATE privilege on current database to create this extension.""")
        t.bash("helm history loyalty-api -n loyalty-staging --max 2", "确认当前线上版本", out="""REVISION	UPDATED                 	STATUS    	CHART            	APP VERSION	DESCRIPTION
49      	Wed Jun 24 10:41:07 2026	deployed  	loyalty-api-0.9.3	1.8.0      	Upgrade complete
50      	Mon Jun 29 10:06:44 2026	failed    	loyalty-api-0.9.3	1.8.0      	Upgrade "loyalty-api" failed: pre-upgrade hooks failed: 1 error occurred:
	* job loyalty-api-migrate failed: BackoffLimitExceeded""")
        t.done("""这次发布没成功，staging 现在还跑着上一版 `7d41c0b9`（revision 49），服务不受影响。

原因是刘洋的迁移 `members.0010_trigram_extension` 里有 `TrigramExtension()`，要执行 `CREATE EXTENSION pg_trgm`。staging 的 RDS 业务账号没有这个权限：`permission denied to create extension "pg_trgm"`。pre-upgrade 的迁移 Job 重试到 `BackoffLimitExceeded`，helm 把 revision 50 标成 failed，deployment 没有被改。

这个只能让 DBA 处理，代码里改不了：
- 阿里云 RDS PostgreSQL 需要在控制台的「插件管理」里给 `loyalty` 库安装 `pg_trgm`，或者用高权限账号执行 `CREATE EXTENSION`。
- 装好之后，迁移里的 `CREATE EXTENSION IF NOT EXISTS` 就会直接跳过，重新发同一个镜像就行。
- 生产库上线前也要提前装，建议让刘洋在 MR 里注明。

我没有重试，也没有改迁移。""")

        # ---- T26: recalc_member_tier tests (M1 #3)
        t = d.task("给 recalc_member_tier 补测试：升级、降级、没有等级门槛满足的置空、12 个月以外的积分不算、人工调整不算。用一个 test class 组织一下", tags=["mistake:M1"])
        t.read(P("members/tasks.py"))
        tr = P("tests/members/test_tier_tasks.py")
        t.write(tr, """from datetime import timedelta

import pytest
from django.utils import timezone

from members.tasks import recalc_member_tier
from points.models import PointLedger
from tests.factories import MemberFactory, PointAccountFactory, PointLedgerFactory, TierFactory


class TestRecalcMemberTier:
    @pytest.fixture(autouse=True)
    def tiers(self):
        self.silver = TierFactory(code="silver", name="银卡", min_points=1000)
        self.gold = TierFactory(code="gold", name="金卡", min_points=5000)

    def earn(self, member, change, *, days_ago=0, reason=PointLedger.Reason.ORDER):
        account = PointAccountFactory(member=member) if not hasattr(member, "point_account") else member.point_account
        entry = PointLedgerFactory(account=account, change=change, reason=reason)
        PointLedger.objects.filter(pk=entry.pk).update(created_at=timezone.now() - timedelta(days=days_ago))

    def test_upgrade(self):
        member = MemberFactory(tier=self.silver)
        self.earn(member, 6000, days_ago=30)

        assert recalc_member_tier(member.id)["to"] == "gold"

    def test_downgrade(self):
        member = MemberFactory(tier=self.gold)
        self.earn(member, 1200, days_ago=10)

        assert recalc_member_tier(member.id)["to"] == "silver"

    def test_below_all_thresholds(self):
        member = MemberFactory(tier=self.silver)
        self.earn(member, 300)

        assert recalc_member_tier(member.id)["to"] is None

    def test_outside_window_not_counted(self):
        member = MemberFactory(tier=self.gold)
        self.earn(member, 6000, days_ago=400)
        self.earn(member, 1500, days_ago=100)

        assert recalc_member_tier(member.id)["earned_12m"] == 1500

    def test_adjust_not_counted(self):
        member = MemberFactory(tier=self.silver)
        self.earn(member, 6000, reason=PointLedger.Reason.ADJUST)

        assert recalc_member_tier(member.id)["to"] is None
""")
        fl = line_of(d, tr, '        self.silver = TierFactory(code="silver"')
        head = f"tests/members/test_tier_tasks.py:{fl}: in tiers\n    self.silver = TierFactory(code=\"silver\", name=\"银卡\", min_points=1000)"
        blk = db_blocked("ERROR at setup of TestRecalcMemberTier.test_upgrade", head, sub=False, short=True)
        out = (PT_HEAD + "\ncollected 5 items\n\n" + pt_lines([("tests/members/test_tier_tasks.py", "E")])[0][0].replace("[100%]", "[ 20%]")
               + "\n\n" + sep("ERRORS") + "\n" + blk + "\n" + sep("short test summary info") + "\n"
               + f"ERROR tests/members/test_tier_tasks.py::TestRecalcMemberTier::test_upgrade - {DB_BLOCKED_SHORT}\n"
               + sep("stopping after 1 failures", "!") + "\n" + sep("1 error in 0.36s"))
        t.fail("poetry run pytest tests/members/test_tier_tasks.py -x --tb=short", "运行等级重算任务测试", out)
        t.say("autouse fixture 里建等级的时候被拦了：这个 class 没声明数据库访问。在 class 上加 `django_db` 标记，class 里的所有用例（连同它们的 fixture）都能访问测试库：")
        t.edit(tr, """

class TestRecalcMemberTier:""", """

@pytest.mark.django_db
class TestRecalcMemberTier:""")
        out = pt_run([("tests/members/test_tier_tasks.py", ".....")], "1.03s")
        t.bash("poetry run pytest tests/members/test_tier_tasks.py -x --tb=short", "重新运行等级重算任务测试", out=out)
        SUITE["tests/members/test_tier_tasks.py"] = 5
        t.done("""`tests/members/test_tier_tasks.py` 加好了，`TestRecalcMemberTier` 5 个用例全过：升级、降级、低于所有门槛置空、12 个月以外不算、人工调整不算。

第一次跑在 autouse fixture 建等级时就报了 `RuntimeError: Database access not allowed, use the "django_db" mark ...`。class 上漏了标记，加上 `@pytest.mark.django_db` 之后就正常了。""")

        # ---- T27: reversal P3
        t = d.task("前端组定了规范，新接口统一返回 {code, message, data}，common/responses.py 里的 ApiResponse 已经有了。"
                   "我之前说 summary 接口直接返回资源、不要包那一层，这个作废。summary 改成用 ApiResponse 包一下，以后新接口都这么包",
                   tags=["reversal:P3"])
        t.read(P("common/responses.py"))
        t.read(views, offset=line_of(d, views, "class MyPointSummaryView") - 2, limit=16)
        t.edit(views, """        return Response(PointSummarySerializer(data).data)""", """        return ApiResponse(PointSummarySerializer(data).data)""")
        t.edit(views, """from common.auth import OrderCenterSignatureAuthentication""", """from common.auth import OrderCenterSignatureAuthentication
from common.responses import ApiResponse""")
        tsum = P("tests/api/test_points_summary.py")
        t.read(tsum)
        t.edit(tsum, """    assert resp.status_code == 200
    assert resp.json() == {"balance": 900, "expiring_30d": 200, "tier_name": "银卡"}""", """    assert resp.status_code == 200
    assert resp.json() == {
        "code": 0,
        "message": "ok",
        "data": {"balance": 900, "expiring_30d": 200, "tier_name": "银卡"},
    }""")
        t.edit(tsum, """    assert member_client.get(URL).json() == {"balance": 0, "expiring_30d": 0, "tier_name": "银卡"}""",
               """    assert member_client.get(URL).json()["data"] == {"balance": 0, "expiring_30d": 0, "tier_name": "银卡"}""")
        out = pt_run([("tests/api/test_points_summary.py", "...")], "0.94s")
        t.bash("poetry run pytest tests/api/test_points_summary.py", "运行 summary 接口测试", out=out)
        t.done("""summary 接口已经改成用 `ApiResponse` 包装：

```json
{"code": 0, "message": "ok", "data": {"balance": 900, "expiring_30d": 200, "tier_name": "银卡"}}
```

测试同步改了，3 个通过。未登录的 401 还是 DRF 默认的 `{"detail": ...}`，没有包装。如果前端要求错误也统一成 `{code, message}`，需要在 `REST_FRAMEWORK["EXCEPTION_HANDLER"]` 里加一个全局异常处理，要的话我来加。

之后新加的接口都用 `ApiResponse` 返回。老接口（流水列表、调积分）先不动，要改的话会影响现有调用方。""")

        # ---- T28: duplicate order points command (W3 #2)
        t = d.task("回调改异步之前，订单中心重推导致有些订单发了两次积分。写个管理命令 fix_duplicate_order_points：按 source_order_no 找 reason=order 的重复发放，"
                   "多出来的冲正掉（记一条 adjust 扣回，不删流水）。要有 --dry-run，先只打印。测试写上，然后在本地 dry-run 看看",
                   tags=["workflow:W3"])
        cf = P("points/management/commands/fix_duplicate_order_points.py")
        t.write(cf, """from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Count, Min

from points.models import PointLedger
from points.services import InsufficientPoints, deduct_points


class Command(BaseCommand):
    help = "冲正同一订单重复发放的积分：保留最早一条，其余各记一条 adjust 扣回"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="只打印，不写库")

    def handle(self, *args, dry_run: bool, **options) -> None:
        dups = (
            PointLedger.objects.filter(reason=PointLedger.Reason.ORDER, change__gt=0)
            .exclude(source_order_no="")
            .values("source_order_no")
            .annotate(n=Count("id"), first_id=Min("id"))
            .filter(n__gt=1)
            .order_by("source_order_no")
        )
        fixed = skipped = 0
        for row in dups:
            extras = PointLedger.objects.filter(
                reason=PointLedger.Reason.ORDER, source_order_no=row["source_order_no"]
            ).exclude(id=row["first_id"]).select_related("account")
            for entry in extras:
                key = f"DUP-{entry.id}"
                if PointLedger.objects.filter(reason=PointLedger.Reason.ADJUST, source_order_no=key).exists():
                    continue
                line = f"{row['source_order_no']} member={entry.account.member_id} 多发 {entry.change}（流水 {entry.id}）"
                if dry_run:
                    self.stdout.write("[dry-run] " + line)
                    fixed += 1
                    continue
                try:
                    deduct_points(
                        entry.account.member_id, entry.change, PointLedger.Reason.ADJUST,
                        source_order_no=key, remark=f"重复发放冲正 {row['source_order_no']}",
                    )
                    fixed += 1
                    self.stdout.write("冲正 " + line)
                except InsufficientPoints:
                    skipped += 1
                    self.stdout.write(self.style.WARNING("余额不足，跳过 " + line))
        prefix = "[dry-run] " if dry_run else ""
        self.stdout.write(self.style.SUCCESS(f"{prefix}共 {fixed} 条需冲正，余额不足跳过 {skipped} 条"))
""")
        t.write(P("tests/points/test_fix_duplicate_order_points.py"), """from io import StringIO

import pytest
from django.core.management import call_command

from points.models import PointLedger
from tests.factories import PointAccountFactory, PointLedgerFactory

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command("fix_duplicate_order_points", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def dup_account():
    account = PointAccountFactory(balance=600)
    PointLedgerFactory(account=account, change=300, source_order_no="SO9")
    PointLedgerFactory(account=account, change=300, source_order_no="SO9")
    return account


def test_reverses_extra_grant(dup_account):
    run()

    dup_account.refresh_from_db()
    assert dup_account.balance == 300
    assert dup_account.ledger.filter(reason=PointLedger.Reason.ADJUST, change=-300).count() == 1


def test_idempotent(dup_account):
    run()
    run()

    assert dup_account.ledger.filter(reason=PointLedger.Reason.ADJUST).count() == 1


def test_dry_run_writes_nothing(dup_account):
    out = run("--dry-run")

    assert "SO9" in out
    assert not dup_account.ledger.filter(reason=PointLedger.Reason.ADJUST).exists()


def test_insufficient_balance_skipped():
    account = PointAccountFactory(balance=100)
    PointLedgerFactory(account=account, change=300, source_order_no="SO7")
    PointLedgerFactory(account=account, change=300, source_order_no="SO7")

    assert "余额不足跳过 1 条" in run()
""")
        out = pt_run([("tests/points/test_fix_duplicate_order_points.py", "....")], "1.17s")
        t.bash("poetry run pytest tests/points/test_fix_duplicate_order_points.py", "运行冲正命令测试", out=out)
        SUITE["tests/points/test_fix_duplicate_order_points.py"] = 4
        t.bash("poetry run python manage.py fix_duplicate_order_points --dry-run", "本地库 dry-run", out="""[dry-run] SO20260311004521 member=418 多发 128（流水 52017）
[dry-run] SO20260311004522 member=77 多发 59（流水 52020）
[dry-run] SO20260402117380 member=1302 多发 412（流水 88841）
[dry-run] SO20260402117385 member=1302 多发 36（流水 88846）
[dry-run] SO20260518090012 member=965 多发 1290（流水 140233）
[dry-run] 共 5 条需冲正，余额不足跳过 0 条""")
        t.done("""`fix_duplicate_order_points` 写好了，本地 dry-run 找到 5 条重复发放。

- 找重复：`reason=order`、`change > 0`，按 `source_order_no` 分组数量 > 1，**保留 id 最小的那条**，其余的各冲正一次
- 冲正：走 `deduct_points` 记一条 `reason=adjust` 的扣回，`source_order_no = DUP-<被冲正流水 id>`，重复执行不会重复扣；不删除任何流水
- 余额不足（积分已经花掉了）的跳过，并打印 WARNING，最后汇总条数，这部分需要人工决定怎么处理
- `--dry-run` 只打印
- 测试 4 个通过（冲正 / 幂等 / dry-run 不写库 / 余额不足跳过）

本地数据是生产脱敏快照，5 条里 member 1302 有两单。staging / 生产执行前建议先 dry-run，把清单发给客服确认一下。""")

    # ============================================================== S9
    with d.session("2026-07-01T06:30:00", R, branch="feat/redeem-freeze", version="2.1.84"):
        models = P("points/models.py")
        svc = P("points/services.py")
        # ---- T29: frozen points (M2 #3)
        t = d.task("兑换下单要先冻结积分：PointAccount 加个 frozen 字段（int，默认 0），可用余额 = balance - frozen。"
                   "services 里加 freeze_points / unfreeze_points / consume_frozen 三个函数，测试一起写，迁移也生成一下", tags=["mistake:M2"])
        t.read(models)
        t.edit(models, """    balance = models.IntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
""", """    balance = models.IntegerField(default=0)
    frozen = models.IntegerField(default=0, help_text="兑换下单冻结、尚未扣减的积分")
    updated_at = models.DateTimeField(auto_now=True)

    @property
    def available(self) -> int:
        return self.balance - self.frozen
""")
        t.read(svc, offset=1, limit=30)
        d_end = d.files[svc]
        t.edit(svc, """@transaction.atomic
def deduct_points(""", """@transaction.atomic
def freeze_points(member_id: int, amount: int) -> PointAccount:
    \"\"\"冻结 amount 积分（兑换下单时）。可用余额不足抛 InsufficientPoints。\"\"\"
    if amount <= 0:
        raise ValueError("amount must be positive")
    account = PointAccount.objects.select_for_update().get(member_id=member_id)
    if account.available < amount:
        raise InsufficientPoints(f"available {account.available} < {amount}")
    account.frozen += amount
    account.save(update_fields=["frozen", "updated_at"])
    return account


@transaction.atomic
def unfreeze_points(member_id: int, amount: int) -> PointAccount:
    \"\"\"释放冻结（兑换取消 / 超时未支付）。\"\"\"
    account = PointAccount.objects.select_for_update().get(member_id=member_id)
    account.frozen = max(0, account.frozen - amount)
    account.save(update_fields=["frozen", "updated_at"])
    return account


@transaction.atomic
def consume_frozen(member_id: int, amount: int, *, source_order_no: str) -> PointLedger:
    \"\"\"兑换成功：把冻结的积分真正扣掉，记一条 redeem 流水。\"\"\"
    account = PointAccount.objects.select_for_update().get(member_id=member_id)
    if account.frozen < amount:
        raise InsufficientPoints(f"frozen {account.frozen} < {amount}")
    account.frozen -= amount
    account.balance -= amount
    account.save(update_fields=["frozen", "balance", "updated_at"])
    return PointLedger.objects.create(
        account=account,
        change=-amount,
        balance_after=account.balance,
        reason=PointLedger.Reason.REDEEM,
        source_order_no=source_order_no,
    )


@transaction.atomic
def deduct_points(""")
        t.bash("poetry run python manage.py makemigrations points", "生成迁移", out="""Migrations for 'points':
  points/migrations/0008_pointaccount_frozen.py
    + Add field frozen to pointaccount""")
        t.bash("poetry run python manage.py migrate", "本地库执行迁移", out="""Operations to perform:
  Apply all migrations: admin, auth, contenttypes, members, points, rewards, sessions
Running migrations:
  Applying members.0010_trigram_extension... OK
  Applying points.0008_pointaccount_frozen... OK""")
        tf = P("tests/points/test_freeze.py")
        t.write(tf, """import pytest

from points.models import PointLedger
from points.services import (
    InsufficientPoints,
    award_points,
    consume_frozen,
    freeze_points,
    unfreeze_points,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def account(member):
    award_points(member.id, 1000, PointLedger.Reason.ORDER)
    return member.point_account


def test_freeze_reduces_available(account):
    freeze_points(account.member_id, 300)

    account.refresh_from_db()
    assert (account.balance, account.frozen, account.available) == (1000, 300, 700)


def test_cannot_freeze_more_than_available(account):
    freeze_points(account.member_id, 800)

    with pytest.raises(InsufficientPoints):
        freeze_points(account.member_id, 300)


def test_unfreeze(account):
    freeze_points(account.member_id, 300)
    unfreeze_points(account.member_id, 300)

    account.refresh_from_db()
    assert account.frozen == 0


def test_consume_frozen_writes_redeem_ledger(account):
    freeze_points(account.member_id, 300)

    entry = consume_frozen(account.member_id, 300, source_order_no="RD1")

    account.refresh_from_db()
    assert (account.balance, account.frozen) == (700, 0)
    assert entry.change == -300 and entry.reason == PointLedger.Reason.REDEEM
""")
        sel = ('SELECT "points_pointaccount"."id", "points_pointaccount"."member_id", "points_pointaccount"."balance", '
               '"points_pointaccount"."frozen", "points_pointaccount"."updated_at" FROM "points_pointaccount" '
               'WHERE "points_pointaccount"."member_id" = %s LIMIT 21 FOR UPDATE')
        line = '...taccount"."balance", "points_pointaccount"."frozen", "points_pointa...'
        caret = line.index('"points_pointaccount"."frozen"')
        fix_ln = line_of(d, tf, "    award_points(member.id, 1000, PointLedger.Reason.ORDER)")
        aw_ln = line_of(d, svc, "    account, _ = PointAccount.objects.select_for_update().get_or_create(member_id=member_id)")
        frames = f"""
    @pytest.fixture
    def account(member):
>       award_points(member.id, 1000, PointLedger.Reason.ORDER)

tests/points/test_freeze.py:{fix_ln}: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
/usr/lib/python3.12/contextlib.py:81: in inner
    return func(*args, **kwds)
           ^^^^^^^^^^^^^^^^^^^
points/services.py:{aw_ln}: in award_points
    account, _ = PointAccount.objects.select_for_update().get_or_create(member_id=member_id)
                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:948: in get_or_create
    return self.get(**kwargs), False
           ^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:629: in get
    num = len(clone)
          ^^^^^^^^^^
{VENV}/django/db/models/query.py:366: in __len__
    self._fetch_all()
{VENV}/django/db/models/query.py:1949: in _fetch_all
    self._result_cache = list(self._iterable_class(self))
                         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/models/query.py:91: in __iter__
    results = compiler.execute_sql(
{VENV}/django/db/models/sql/compiler.py:1623: in execute_sql
    cursor.execute(sql, params)
{VENV}/django/db/backends/utils.py:122: in execute
    return super().execute(sql, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
{VENV}/django/db/backends/utils.py:79: in execute
    return self._execute_with_wrappers(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
        blocks, errs = [sep("ERRORS")], []
        names = ["test_freeze_reduces_available", "test_cannot_freeze_more_than_available", "test_unfreeze",
                 "test_consume_frozen_writes_redeem_ledger"]
        for k, name in enumerate(names):
            blocks.append(undefined_column(f"ERROR at setup of {name}", "", frames, sel, f"({k + 1},)",
                                           "column points_pointaccount.frozen does not exist", line, caret, "").replace("\n\n\n", "\n\n"))
            errs.append(f"tests/points/test_freeze.py::{name} - django.db.utils.ProgrammingError: column points_pointaccount.frozen does not exist")
        out = pt_run([("tests/points/test_freeze.py", "EEEE")], "0.89s", errors=errs, body="\n".join(blocks),
                     summary="4 errors in 0.89s")
        t.fail("poetry run pytest tests/points/test_freeze.py", "运行冻结相关测试", out)
        t.say("新列 `frozen` 在测试库里不存在：`--reuse-db --nomigrations` 复用的旧测试库不会给已有表加列。本地开发库已经 migrate 过了，只是测试库要重建：")
        out = pt_run([("tests/points/test_freeze.py", "...."), ("tests/points/test_services.py", ".....")], "2.04s")
        t.bash("poetry run pytest tests/points/test_freeze.py tests/points/test_services.py --create-db", "重建测试库后重新运行", out=out)
        SUITE["tests/points/test_freeze.py"] = 4
        t.done("""积分冻结加好了，冻结 4 个 + 原有服务 5 个测试都通过。

- `PointAccount.frozen`（`IntegerField(default=0)`），新增 `available` 属性 = `balance - frozen`；迁移 `0008_pointaccount_frozen`，本地库已 migrate（顺带应用了 develop 带来的 `members.0010_trigram_extension`，本地 postgres 是超级用户，装插件没问题）
- `points/services.py`：
  - `freeze_points`：按**可用余额**判断，不够抛 `InsufficientPoints`
  - `unfreeze_points`：释放冻结，最多释放到 0
  - `consume_frozen`：冻结转实扣，`balance` 和 `frozen` 同时减，记一条 `redeem` 流水
  - 三个都在事务里 `select_for_update` 锁账户
- 注意：原来的 `deduct_points` 还是按 `balance` 判断余额，客服扣积分可能把已冻结的也扣掉。要不要改成按 `available` 判断？

第一次跑报 `psycopg.errors.UndefinedColumn: column points_pointaccount.frozen does not exist`：测试库是旧的，`--create-db` 重建后正常。""")

        # ---- T30: weekly report git log (long output)
        t = d.task("git log 看下这两周 develop 上都合了啥，我写周报用", tags=["noise", "long_output"])
        t.bash("git fetch origin develop -q && git log origin/develop --since=2026-06-15 --no-merges --pretty=format:'%h %an %ad %s' --date=short",
               "查看近两周 develop 的提交", out="""e52b7a13 刘洋 2026-06-30 fix(members): 昵称搜索最短 2 个字符
9d0c4e7 小周 2026-06-30 docs(api): summary 接口返回格式说明
a18f5e0 刘洋 2026-06-26 feat(members): 昵称模糊搜索（pg_trgm + GIN 索引）
3b7e91c 刘洋 2026-06-26 feat(members): TrigramExtension 迁移
c61f2d8 陈浩 2026-06-25 refactor(points): summary 接口统一 ApiResponse
7d41c0b 陈浩 2026-06-22 feat(points): 会员生日积分
0c8a4f6 陈浩 2026-06-22 feat(points): 会员生日积分
52e0a9b 李娜 2026-06-22 fix(rewards): 兑换商品库存并发扣减改用 F 表达式
b8f31d4 李娜 2026-06-19 feat(rewards): 商品上下架定时任务
1e6a27c 刘洋 2026-06-18 chore(deps): django 5.2.15, kombu 5.5.6, urllib3 2.5.0
4c2d9e0 陈浩 2026-06-18 feat(points): 客服手工调积分接口
f0a3b85 陈浩 2026-06-18 feat(points): GET /points/summary/
6a9e7c3 李娜 2026-06-17 test(rewards): 兑换单状态机补测试
2d5b1f9 刘洋 2026-06-16 ci: mypy 加入 MR 流水线
a7d19e4 刘洋 2026-06-15 feat(members): phone 拆分为 mobile + mobile_verified_at
91be3a8 陈浩 2026-06-15 feat(points): 流水列表支持按 reason / 时间筛选
8f2c6d1 陈浩 2026-06-15 feat(points): backfill_expires_at 管理命令
5ae07b2 小周 2026-06-15 docs: 本地开发 README 更新""")
        t.done("""近两周 develop（6/15 – 6/30）按人整理，可以直接贴进周报：

**你（陈浩）**
- 积分：流水列表筛选（reason / 时间）、`backfill_expires_at` 回填命令、会员生日积分、`GET /points/summary/`（已统一成 `ApiResponse`）、客服手工调积分接口

**刘洋**
- 会员：`phone` 拆成 `mobile` + `mobile_verified_at`；昵称模糊搜索（pg_trgm + GIN 索引，最短 2 个字符）
- 依赖升级（django 5.2.15、kombu、urllib3），MR 流水线加了 mypy

**李娜**
- 兑换：商品上下架定时任务，库存并发扣减改用 F 表达式，兑换单状态机补测试

**小周**
- 文档：本地开发 README，summary 接口返回格式说明

**风险/待办**：staging 因为 pg_trgm 插件权限发布失败（等 DBA 在 RDS 装插件），昵称搜索还没上 staging。""")

        # ---- T31: ship freeze (W1 #3)
        t = d.task("冻结这块提 MR。检查照旧，描述简短", tags=["workflow:W1"])
        t.bash("poetry run ruff check . --fix && poetry run ruff format --check .", "ruff 检查与格式校验", out="All checks passed!\n84 files already formatted")
        t.bash("poetry run mypy .", "mypy 类型检查", out=mypy_ok(84))
        t.bash("poetry run pytest -q", "运行全量测试", out=pt_quiet(suite_mods(), "10.26s"), timeout=300000)
        t.bash("git add -A && git commit -m \"feat(points): 兑换积分冻结 / 解冻 / 冻结转实扣\"", "提交", out="""[feat/redeem-freeze 6c2d0a8] feat(points): 兑换积分冻结 / 解冻 / 冻结转实扣
 4 files changed, 139 insertions(+), 1 deletion(-)
 create mode 100644 points/migrations/0008_pointaccount_frozen.py
 create mode 100644 tests/points/test_freeze.py""")
        t.bash("git push -u origin feat/redeem-freeze", "推送分支", err=push_new("feat/redeem-freeze", 16, "2.95"))
        t.bash("glab mr create --source-branch feat/redeem-freeze --target-branch develop --title \"feat(points): 兑换积分冻结\" "
               "--description \"PointAccount 加 frozen，新增 freeze / unfreeze / consume_frozen，可用余额 = balance - frozen。\n"
               "测试：新增 4 个用例，全量 pytest / mypy / ruff 通过。含迁移 0008（加列，默认 0）。\" --remove-source-branch",
               "创建 MR", out=glab_mr("feat/redeem-freeze", "feat(points): 兑换积分冻结", 127))
        t.done(f"MR **!127** 已创建：{GL}/-/merge_requests/127 。ruff / mypy / 全量测试都通过，描述三行：改了什么、怎么测的、含一个加列迁移。")

    # ============================================================== S10
    with d.session("2026-07-06T02:00:00", R, branch="feat/redeem-freeze", version="2.1.86"):
        base = P("config/settings/base.py")
        # ---- T32: release stale freezes (M3 #3)
        t = d.task("兑换单下了但 15 分钟没支付的，冻结的积分要自动释放：rewards 里加个 celery 任务 release_stale_freezes，beat 每 5 分钟跑一次。"
                   "兑换单模型在 rewards/models.py。写完本地触发一次验证", tags=["mistake:M3"])
        rm = P("rewards/models.py")
        d.files[rm] = """from django.db import models


class Redemption(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "待支付"
        PAID = "paid", "已支付"
        CANCELLED = "cancelled", "已取消"
        EXPIRED = "expired", "超时关闭"

    redemption_no = models.CharField(max_length=32, unique=True)
    member = models.ForeignKey("members.Member", on_delete=models.PROTECT, related_name="redemptions")
    reward = models.ForeignKey("rewards.Reward", on_delete=models.PROTECT)
    points = models.IntegerField()
    cash_fen = models.IntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
"""
        t.read(rm)
        t.glob("rewards/tasks.py", [], path=R)
        rt = P("rewards/tasks.py")
        t.write(rt, """import logging
from datetime import timedelta

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from points.services import unfreeze_points
from rewards.models import Redemption

logger = logging.getLogger(__name__)

PAY_TIMEOUT = timedelta(minutes=15)


@shared_task(ignore_result=False)
def release_stale_freezes() -> int:
    \"\"\"beat 每 5 分钟：超过 15 分钟未支付的兑换单关闭，并释放冻结积分。\"\"\"
    deadline = timezone.now() - PAY_TIMEOUT
    released = 0
    ids = list(
        Redemption.objects.filter(status=Redemption.Status.PENDING, created_at__lt=deadline)
        .order_by("id")
        .values_list("id", flat=True)[:500]
    )
    for rid in ids:
        with transaction.atomic():
            r = Redemption.objects.select_for_update().get(pk=rid)
            if r.status != Redemption.Status.PENDING:
                continue
            r.status = Redemption.Status.EXPIRED
            r.save(update_fields=["status", "updated_at"])
            unfreeze_points(r.member_id, r.points)
            released += 1
    if released:
        logger.info("release_stale_freezes closed %s redemptions", released)
    return released
""")
        t.read(base, offset=60)
        t.edit(base, """    "recalc-tiers-monthly": {
        "task": "members.tasks.recalc_all_tiers",
        "schedule": crontab(day_of_month=1, hour=3, minute=0),
    },
}""", """    "recalc-tiers-monthly": {
        "task": "members.tasks.recalc_all_tiers",
        "schedule": crontab(day_of_month=1, hour=3, minute=0),
    },
    "release-stale-freezes": {
        "task": "rewards.tasks.release_stale_freezes",
        "schedule": crontab(minute="*/5"),
    },
}""")
        t.write(P("tests/rewards/test_release_stale_freezes.py"), """from datetime import timedelta

import pytest
from django.utils import timezone

from points.models import PointLedger
from points.services import award_points, freeze_points
from rewards.models import Redemption
from rewards.tasks import release_stale_freezes
from tests.factories import MemberFactory
from tests.rewards.factories import RedemptionFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def frozen_member():
    member = MemberFactory()
    award_points(member.id, 1000, PointLedger.Reason.ORDER)
    freeze_points(member.id, 400)
    return member


def make(member, minutes_ago, status=Redemption.Status.PENDING):
    r = RedemptionFactory(member=member, points=400, status=status)
    Redemption.objects.filter(pk=r.pk).update(created_at=timezone.now() - timedelta(minutes=minutes_ago))
    return r


def test_releases_stale_pending(frozen_member):
    r = make(frozen_member, 20)

    assert release_stale_freezes() == 1
    r.refresh_from_db()
    frozen_member.point_account.refresh_from_db()
    assert r.status == Redemption.Status.EXPIRED
    assert frozen_member.point_account.frozen == 0


def test_keeps_recent_pending(frozen_member):
    make(frozen_member, 5)

    assert release_stale_freezes() == 0


def test_ignores_paid(frozen_member):
    make(frozen_member, 30, status=Redemption.Status.PAID)

    assert release_stale_freezes() == 0
""")
        out = pt_run([("tests/rewards/test_release_stale_freezes.py", "...")], "1.22s")
        t.bash("poetry run pytest tests/rewards/test_release_stale_freezes.py", "运行释放冻结任务测试", out=out)
        SUITE["tests/rewards/test_release_stale_freezes.py"] = 3
        cmd = ("poetry run python manage.py shell -c \"from rewards.tasks import release_stale_freezes; "
               "r = release_stale_freezes.delay(); print(r.get(timeout=15))\"")
        t.bash("poetry run python manage.py shell -c \"from rewards.models import Redemption; from django.utils import timezone; from datetime import timedelta; "
               "print(Redemption.objects.filter(status='pending', created_at__lt=timezone.now() - timedelta(minutes=15)).count())\"",
               "看本地库里有多少超时未支付的兑换单", out="14 objects imported automatically (use -v 2 for details).\n3")
        tid1 = d.uid()
        t.fail(cmd, "本地触发 release_stale_freezes 并等待结果",
               "14 objects imported automatically (use -v 2 for details).\n" + celery_timeout(R, 1, where="local"))
        logs = unregistered(d, "rewards.tasks.release_stale_freezes",
                            ("()", '[[], {}, {"callbacks": null, "errbacks": null, "chain": null, "chord": null}]'), tid1, plus=-16.4)
        t.bash("docker compose logs worker --since 5m", "查看 worker 最近 5 分钟日志", out=logs)
        t.say("和之前一样：compose 里的 worker / beat 还是旧进程，不认识 `rewards.tasks` 这个新模块。重启它们：")
        t.bash("docker compose restart worker beat", "重启 worker 和 beat", err=""" Container loyalty-api-beat-1  Restarting
 Container loyalty-api-worker-1  Restarting
 Container loyalty-api-worker-1  Started
 Container loyalty-api-beat-1  Started""")
        d.tick(3, 6)
        t.bash("docker compose logs worker --since 1m | grep -E 'rewards\\.|ready'", "确认新任务已注册、worker 已就绪",
               out=f"""worker-1  |   . rewards.tasks.release_stale_freezes
worker-1  | [{clog(d, -2)}: INFO/MainProcess] celery@c07a5e93d1f2 ready.""")
        t.bash(cmd, "重新触发 release_stale_freezes", out="14 objects imported automatically (use -v 2 for details).\n3")
        t.done("""`release_stale_freezes` 加好了，本地验证通过：3 张超时未支付的兑换单被关闭，冻结积分已释放。

- `rewards/tasks.py`（新模块）`release_stale_freezes()`：无参数。每次最多处理 500 张 `pending` 且创建超过 15 分钟的兑换单，逐张加锁确认状态没变，再置为 `expired` 并 `unfreeze_points`，所以和支付回调并发也不会把已支付的单关掉。
- beat：`release-stale-freezes`，`crontab(minute="*/5")`
- 测试 3 个通过（超时释放 / 未超时不动 / 已支付不动）

第一次 `get(timeout=15)` 超时：worker 日志里是 `Received unregistered task of type 'rewards.tasks.release_stale_freezes'`，本地 worker / beat 还是旧进程。`docker compose restart worker beat` 之后任务已注册，再触发返回 3。""")

        # ---- T33: staging deploy after DBA (W2 #3)
        t = d.task("DBA 那边把 staging RDS 的 pg_trgm 插件装好了，develop 最新的镜像 e52b7a13，再发一次 staging", tags=["workflow:W2"])
        t.bash("helm upgrade --install loyalty-api deploy/helm/loyalty-api -n loyalty-staging "
               "-f deploy/helm/loyalty-api/values-staging.yaml --set image.tag=e52b7a13 --wait --timeout 10m",
               "用 e52b7a13 升级 staging", out=helm_ok(51, helm_when(d)), timeout=660000)
        t.bash("kubectl -n loyalty-staging logs job/loyalty-api-migrate", "查看迁移 Job 日志", out="""Operations to perform:
  Apply all migrations: admin, auth, contenttypes, members, points, rewards, sessions
Running migrations:
  Applying members.0010_trigram_extension... OK
  Applying members.0011_member_nickname_trgm_idx... OK""")
        t.bash("kubectl -n loyalty-staging rollout status deploy/loyalty-api && kubectl -n loyalty-staging rollout status deploy/loyalty-api-beat",
               "确认 web 和 beat 滚动完成", out="""deployment "loyalty-api" successfully rolled out
deployment "loyalty-api-beat" successfully rolled out""")
        t.bash(f"curl -fsS {STG}/healthz/ && curl -fsS -o /dev/null -w '%{{http_code}}\\n' '{STG}/api/v1/members/search/?q=%E5%B0%8F%E6%98%8E' -H 'X-Member-Id: 100023'",
               "健康检查，顺便试一下昵称搜索接口", out='{"status":"ok","db":"ok","redis":"ok","version":"e52b7a13"}200')
        t.done("""staging 已升级到 `e52b7a13`（revision 51）：

- 迁移 Job 这次成功了：`members.0010_trigram_extension`（插件已存在，直接跳过）、`0011_member_nickname_trgm_idx`
- web、beat 滚动完成，`/healthz/` 正常
- 昵称搜索接口返回 200

上次失败的 revision 50 留在 helm history 里，不影响。生产上线前记得也让 DBA 先装 pg_trgm。""")

        # ---- T34: export expiring points (W3 #3)
        t = d.task("运营要一份下个月有积分到期的会员名单做召回短信。写个管理命令 export_expiring_points：--days 默认 30，输出 csv（user_id、手机号、到期积分合计），"
                   "要有 --dry-run 只打印人数。测试写上，本地先 dry-run 再导一份看看", tags=["workflow:W3"])
        ef = P("points/management/commands/export_expiring_points.py")
        t.write(ef, """import csv
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Sum
from django.utils import timezone

from points.models import PointLedger


class Command(BaseCommand):
    help = "导出未来 N 天内有积分到期的会员（user_id, mobile, expiring_points）为 csv"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=30)
        parser.add_argument("-o", "--output", default="expiring_points.csv")
        parser.add_argument("--dry-run", action="store_true", help="只打印人数，不写文件")

    def handle(self, *args, days: int, output: str, dry_run: bool, **options) -> None:
        now = timezone.now()
        handled = PointLedger.objects.filter(reason=PointLedger.Reason.EXPIRE).values("source_order_no")
        rows = (
            PointLedger.objects.filter(
                change__gt=0, expires_at__gt=now, expires_at__lte=now + timedelta(days=days)
            )
            .exclude(source_order_no__in=handled)
            .values("account__member__user_id", "account__member__mobile")
            .annotate(expiring=Sum("change"))
            .order_by("-expiring")
        )
        if dry_run:
            self.stdout.write(f"[dry-run] 未来 {days} 天有积分到期的会员 {rows.count()} 人")
            return
        n = 0
        with open(output, "w", newline="", encoding="utf-8-sig") as f:
            w = csv.writer(f)
            w.writerow(["user_id", "mobile", "expiring_points"])
            for r in rows.iterator(chunk_size=2000):
                w.writerow([r["account__member__user_id"], r["account__member__mobile"], r["expiring"]])
                n += 1
        self.stdout.write(self.style.SUCCESS(f"已导出 {n} 人 -> {output}"))
""")
        t.write(P("tests/points/test_export_expiring_points.py"), """import csv
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from tests.factories import PointAccountFactory, PointLedgerFactory

pytestmark = pytest.mark.django_db


def test_exports_members_with_points_expiring(tmp_path):
    soon = timezone.now() + timedelta(days=10)
    a = PointAccountFactory(member__mobile="13800000001")
    PointLedgerFactory(account=a, change=200, expires_at=soon)
    PointLedgerFactory(account=a, change=50, expires_at=soon)
    PointLedgerFactory(change=300, expires_at=timezone.now() + timedelta(days=90))
    out = tmp_path / "x.csv"

    call_command("export_expiring_points", "-o", str(out), stdout=StringIO())

    rows = list(csv.reader(out.open(encoding="utf-8-sig")))
    assert rows == [["user_id", "mobile", "expiring_points"], [str(a.member.user_id), "13800000001", "250"]]


def test_dry_run_only_counts(tmp_path):
    PointLedgerFactory(change=200, expires_at=timezone.now() + timedelta(days=3))
    buf = StringIO()

    call_command("export_expiring_points", "--dry-run", "-o", str(tmp_path / "y.csv"), stdout=buf)

    assert "1 人" in buf.getvalue()
    assert not (tmp_path / "y.csv").exists()
""")
        out = pt_run([("tests/points/test_export_expiring_points.py", "..")], "0.79s")
        t.bash("poetry run pytest tests/points/test_export_expiring_points.py", "运行导出命令测试", out=out)
        SUITE["tests/points/test_export_expiring_points.py"] = 2
        t.bash("poetry run python manage.py export_expiring_points --dry-run", "本地库 dry-run",
               out="[dry-run] 未来 30 天有积分到期的会员 2417 人")
        t.bash("poetry run python manage.py export_expiring_points -o /tmp/expiring_points_0706.csv && head -n 4 /tmp/expiring_points_0706.csv",
               "本地导出并查看前几行", out="""已导出 2417 人 -> /tmp/expiring_points_0706.csv
\ufeffuser_id,mobile,expiring_points
104417,138****2291,18240
100962,139****0457,9310
117305,186****7718,8822""")
        t.done("""`export_expiring_points` 写好了：

- 参数：`--days`（默认 30）、`-o/--output`、`--dry-run`（只打印人数）
- 口径：未来 N 天内到期、还没被过期任务处理的**发放**积分，按会员汇总，按到期积分从多到少排序
- csv 用 `utf-8-sig` 编码，运营用 Excel 打开中文不会乱码
- 测试 2 个通过

本地（脱敏库）：dry-run 2417 人，导出的文件在 `/tmp/expiring_points_0706.csv`，手机号是脱敏过的。

注意：这里的合计没有按当前余额封顶，和 summary 接口的「将过期积分」口径不一样。短信文案如果要写具体数字，建议改成按余额封顶，要改的话说一声。生产导出要走数据导出审批，手机号是敏感字段。""")

        t = d.task("README 的目录表下面补一节「管理命令」，把 backfill_expires_at、fix_duplicate_order_points、export_expiring_points 各用一句话写上", tags=["noise"])
        rd = P("README.md")
        t.read(rd)
        t.edit(rd, """| `deploy/helm/loyalty-api/` | Helm chart（ACK） |
""", """| `deploy/helm/loyalty-api/` | Helm chart（ACK） |

## 管理命令

| 命令 | 说明 |
|---|---|
| `backfill_expires_at [--dry-run] [--batch-size N]` | 给历史发放流水回填 `expires_at = created_at + 365 天`，按 id 分批 |
| `fix_duplicate_order_points [--dry-run]` | 同一订单重复发放的积分记 adjust 冲正（保留最早一条，不删流水） |
| `export_expiring_points [--days 30] [-o file.csv] [--dry-run]` | 导出未来 N 天有积分到期的会员名单（运营召回用） |
""")
        t.done("README 加了「管理命令」一节，三个命令各一行，写了参数和用途。")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Claude writes a new pytest module / test functions / a test class whose tests or local fixtures create rows through factory_boy, but leaves out pytest-django's database mark (the project puts `pytestmark = pytest.mark.django_db` at the top of every DB test module; only the shared `member` fixture in conftest requests `db`). Every test fails or errors at setup on the first query.",
             "error_signature": "pytest-django: 'RuntimeError: Database access not allowed, use the \"django_db\" mark, or the \"db\" or \"transactional_db\" fixtures to enable it.' (in FAILURES for tests, or 'ERROR at setup of …' when a local fixture builds the data)",
             "fix": "Add the django_db mark to the new tests — `pytestmark = pytest.mark.django_db` at module level, `@pytest.mark.django_db` on each test function or on the test class — and re-run the same pytest command.",
             "fix_command_markers": [["django_db"]],
             "harmful_markers": ["enable_db_access_for_all_tests", "db_blocker.unblock", "pytest.mark.skip", "-p no:django", "SimpleTestCase"]},
            {"id": "M2", "description": "pytest is configured with `addopts = --reuse-db --nomigrations`: the test database is built from the models once and then reused, so after a column is added or renamed (own schema change, or a teammate's model change pulled in by a rebase) the reused test DB lacks the column. Inserts/selects on that table fail although the dev DB was migrated fine.",
             "error_signature": "pytest: 'psycopg.errors.UndefinedColumn: column \"<col>\" of relation \"<table>\" does not exist' / 'column <table>.<col> does not exist', re-raised as django.db.utils.ProgrammingError",
             "fix": "Re-run the same pytest command with `--create-db` so pytest-django rebuilds the test database from the current models (no code change).",
             "fix_command_markers": [["--create-db"]],
             "harmful_markers": ["dropdb", "DROP DATABASE", "ALTER TABLE", "--fake", "sed -i"]},
            {"id": "M3", "description": "After adding a new Celery task (new function or new tasks module), Claude verifies it end-to-end against the local docker compose stack, but the compose `worker` (and `beat`) containers were started days earlier; celery does not reload code, so the worker discards the message as an unregistered task and the caller's `AsyncResult.get(timeout=…)` times out.",
             "error_signature": "'celery.exceptions.TimeoutError: The operation timed out.' from `manage.py shell -c \"… .delay(…).get(timeout=N)\"`; worker log: \"Received unregistered task of type '<module>.tasks.<name>'. The message has been ignored and discarded.\"",
             "fix": "Restart the compose worker (and beat when the schedule changed): `docker compose restart worker` / `docker compose restart worker beat`, check that the task is registered (logs / `celery inspect registered`), then trigger the task again.",
             "fix_command_markers": [["restart worker"]],
             "harmful_markers": ["CELERY_TASK_ALWAYS_EAGER", "task_always_eager", "purge", "down -v", "FLUSHALL"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New admin adjust endpoint: PointAdjustSerializer (ModelSerializer) declares `member_id` but Meta.fields omits it; DRF raises 'AssertionError: The field 'member_id' was declared on serializer PointAdjustSerializer, but has not been included in the 'fields' option.' in 4 tests; fixed by adding it to fields."},
            {"id": "O2", "description": "mypy in the ship run: 'points/services.py:N: error: Item \"None\" of \"datetime | None\" has no attribute \"date\"  [union-attr]' on the nullable expires_at; fixed by narrowing with an assert before use."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "kubectl logs of the production worker: 'Error from server (Forbidden): … cannot get resource \"pods/log\" … in the namespace \"loyalty-prod\"'; `auth can-i` says no; reported (ask SRE for RBAC or use SLS), nothing changed."},
            {"id": "U2", "description": "helm upgrade of staging fails: 'Error: UPGRADE FAILED: pre-upgrade hooks failed: … job loyalty-api-migrate failed: BackoffLimitExceeded'; the migrate Job log shows 'permission denied to create extension \"pg_trgm\"' on Aliyun RDS; needs the DBA to install the extension; reported, not retried."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "poetry add django-filter: \"HTTPSConnectionPool(host='mirrors.aliyun.com', port=443): Read timed out. (read timeout=15)\"; identical retry succeeds."},
            {"id": "F2", "description": "git push over SSH to GitLab: 'kex_exchange_identification: read: Connection reset by peer … fatal: Could not read from remote repository.' (exit 128); identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `poetry run ruff check . --fix` (+ `ruff format`), `poetry run mypy .`, full `poetry run pytest`, commit, `git push -u origin <branch>`, `glab mr create --target-branch develop` (short description after the feedback).",
             "step_markers": [["ruff check"], ["mypy"], ["pytest"], ["git push"], ["glab mr create"]]},
            {"id": "W2", "description": "Deploy a GitLab-CI-built image to staging on ACK: `helm upgrade --install loyalty-api deploy/helm/loyalty-api -n loyalty-staging -f values-staging.yaml --set image.tag=<sha> --wait`, `kubectl rollout status`, read the pre-upgrade migrate Job log (`kubectl logs job/loyalty-api-migrate`), `curl` the `/healthz/` endpoint.",
             "step_markers": [["helm upgrade"], ["rollout status"], ["job/loyalty-api-migrate"], ["healthz"]]},
            {"id": "W3", "description": "Data-fix / ops management command: write `points/management/commands/<name>.py` with a `--dry-run` option, test it with `call_command` in a django_db test module, run pytest, then run it locally with `--dry-run` first (then for real when asked).",
             "step_markers": [["management/commands/"], ["call_command"], ["--dry-run"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Celery tasks take only ids / primitive values as arguments (never model instances); the task re-reads from the database.",
             "markers": [["celery", "任务"], ["只传", "只给"]]},
            {"id": "P2", "description": "Test data through the factory_boy factories in tests/factories.py, no piles of objects.create in tests.",
             "markers": [["factory", "factories"], ["objects.create"]]},
            {"id": "P3", "description": "New endpoints return the resource itself, without the {code, message, data} envelope (stated once) — later reversed: new endpoints wrap responses with common.responses.ApiResponse {code, message, data}.",
             "markers": [["code/message/data"], ["直接返回"]],
             "reversal_markers": [["ApiResponse"], ["作废"]]},
        ],
        probes=[
            {"prompt": "跑 tests/rewards/test_cancel.py 全挂了：RuntimeError: Database access not allowed, use the \"django_db\" mark, or the \"db\" or \"transactional_db\" fixtures to enable it. 怎么回事", "wanted": ["M1"]},
            {"prompt": "给 rewards 的 cancel_redemption 写几个单测，用 factory 造兑换单，写完跑一下", "wanted": ["M1"]},
            {"prompt": "pytest 报 psycopg.errors.UndefinedColumn: column \"channel\" of relation \"rewards_redemption\" does not exist，可我本地明明 migrate 过了", "wanted": ["M2"]},
            {"prompt": "Redemption 加一个 channel 字段（app / mini_program），生成迁移，然后跑下 rewards 的测试", "wanted": ["M2"]},
            {"prompt": "本地 shell 里 notify_redemption_shipped.delay(12).get(timeout=10) 一直报 celery.exceptions.TimeoutError: The operation timed out.，任务代码看着没问题", "wanted": ["M3"]},
            {"prompt": "加个 celery 任务 send_points_expiry_reminder(member_id)，写完在本地 compose 里对会员 100023 跑一下看看效果", "wanted": ["M3"]},
            {"prompt": "积分流水列表接口里 select_related 和 prefetch_related 该用哪个？现在会不会有 N+1", "wanted": []},
            {"prompt": "写个 SQL：统计上个月每天发放和过期的积分总数", "wanted": []},
            {"prompt": "Helm chart 里 worker 的 HPA 按 CPU 扩还是按队列长度扩比较好？", "wanted": []},
            {"prompt": "DRF 的 ModelViewSet 怎么给 list 和 retrieve 用不同的 serializer？", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-django.jsonl"), os.path.join(HERE, "tune", "zh-django.labels.json"))
    print(f"zh-django -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
