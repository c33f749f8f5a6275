"""Seeded near-miss distractors: the same topics and wording as the notes, with other codes, numbers and names.

A distractor is built to *look* like a relevant note (same sentence shape, a sibling error code, a
colleague instead of "the user", another city, another department) while answering none of the
queries. That is what makes identifier queries hard for vectors and paraphrase queries hard for BM25.

| call                                   | gives                                                   |
|----------------------------------------|---------------------------------------------------------|
| ``generate(1200, seed=7)``             | the quality benchmark's distractors (same every run)    |
| ``generate(100_000, seed=1)``          | bulk filler text for the latency benchmark              |

A template is a format string; each ``{slot}`` is drawn from ``SLOTS`` (a slot named twice in one
template gets the same value both times). Every distractor records its template so the latency
benchmark can give texts of one template related vectors. ``FORBIDDEN`` lists the exact identifiers
the queries look for; a distractor containing one as a whole token is discarded, so a distractor can
never be a correct answer by accident.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable
from dataclasses import dataclass

# Identifiers from the notes that identifier/keyword queries ask for: never repeated in a distractor.
FORBIDDEN = (
    "E_TIMEOUT_4102",
    "ERR_QUOTA_EXCEEDED_77",
    "parse_config_v2",
    "normalize_sku_code",
    "ERR_SCHEMA_DRIFT_12",
    "etl_orders_daily",
    "kid-2024-q2",
    "test_refund_partial_capture",
    "new_checkout_flow",
    "E_AUTH_EXPIRED_301",
    "calc_shipping_fee_v3",
    "ERR_LOCK_CONTENTION_9",
    "useDebouncedSearch",
    "OrderService.CreateOrder",
    "products_current",
    "ACME-4471",
    "Checkout SLO",
)
_FORBIDDEN_RE = re.compile("|".join(rf"(?<![\w.-]){re.escape(f)}(?![\w-])" for f in FORBIDDEN), re.IGNORECASE)


@dataclass(frozen=True)
class Distractor:
    id: str
    template: str
    lang: str
    content: str


def _one_of(*options: str) -> Callable[[random.Random], str]:
    return lambda r: r.choice(options)


def _int(lo: int, hi: int, fmt: str = "{}") -> Callable[[random.Random], str]:
    return lambda r: fmt.format(r.randint(lo, hi))


_ZH_NUMS = "一 二 三 四 五 六 七 八 九 十 十一 十二 十三 十四 十五 十六 十七 十八 十九 二十".split()
_ERROR_PREFIXES = (
    "E_TIMEOUT ERR_QUOTA_EXCEEDED ERR_SCHEMA_DRIFT E_AUTH_EXPIRED ERR_LOCK_CONTENTION E_CONN_RESET ERR_RATE_LIMITED "
    "E_UPSTREAM_5XX E_TLS_HANDSHAKE"
).split()

# Vocabulary deliberately disjoint from the distinguishing details of the real notes: colleagues, not
# "the user"; other services, cities, departments, environments, tools.
SLOTS: dict[str, Callable[[random.Random], str]] = {
    "code": lambda r: f"{r.choice(_ERROR_PREFIXES)}_{r.randint(1, 9999)}",
    "name": _one_of(*"Priya Marco Jonas Aiko Tomás Leila Sven Dmitri Grace Omar Hannah Ravi Elena Kofi Mei".split()),
    "service": _one_of(
        *"inventory catalog pricing shipping loyalty notification reporting fraud billing auth media".split(),
        *"recommendation warehouse tax returns coupon".split(),
    ),
    "project": _one_of(
        *"orion kestrel juniper basalt meridian tundra halcyon quartz saffron cobalt ember lumen".split()
    ),
    "vendor": _one_of("geocoding", "SMS", "email", "payments", "address-validation", "currency-rates", "translation"),
    "fn": _one_of(
        *"parse_config parse_manifest load_settings normalize_sku normalize_phone calc_shipping_fee".split(),
        *"calc_tax render_invoice merge_profiles resolve_region".split(),
    ),
    "suffix": _one_of("code", "id", "value", "key"),
    "module": _one_of("config/loader.py", "core/manifest.py", "billing/tax.py", "utils/text.py", "geo/regions.py"),
    "ignored": _one_of("unknown keys", "empty values", "duplicate keys", "comments"),
    "strips": _one_of("leading zeros", "trailing spaces", "dashes", "the country prefix"),
    "db": _one_of("Postgres", "MySQL", "Redis", "MongoDB", "ClickHouse", "Elasticsearch"),
    "db2": _one_of("Postgres", "MySQL", "CockroachDB", "MongoDB", "ClickHouse", "DynamoDB"),
    "env": _one_of("analytics", "qa", "perf-test", "demo", "sandbox", "read-replica", "local"),
    "purpose": _one_of("job queue", "rate limiter", "feature store", "audit log"),
    "compose": _one_of("qa", "ci", "perf", "local"),
    "date": lambda r: f"20{r.randint(19, 25)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
    "tool": _one_of(*"Unleash Envoy OrbStack WireGuard Loki volta pnpm Terraform Zotero Twilio Grafana Sentry".split()),
    "other_tool": _one_of(*"LaunchDarkly HAProxy Colima Tailscale Elastic nvm yarn Pulumi Mendeley Vonage".split()),
    "component": _one_of("event bus", "proxy", "log pipeline", "secrets store", "CI cache"),
    "reason": _one_of("it was already licensed", "the vendor offered support", "latency was lower in tests"),
    "flag": lambda r: (
        f"new_{r.choice(['search', 'cart', 'invoice', 'signup', 'refund'])}_{r.choice(['flow', 'page', 'banner'])}"
    ),
    "pct": _one_of("5", "10", "50", "75", "100"),
    "region": _one_of("US", "APAC", "LATAM", "UK"),
    "test": lambda r: (
        f"test_{r.choice(['refund', 'invoice', 'payout', 'order'])}_"
        f"{r.choice(['full', 'partial', 'double'])}_{r.choice(['void', 'settle', 'retry'])}"
    ),
    "when": _one_of("in parallel", "after midnight UTC", "on ARM runners"),
    "worker": _one_of("pdf", "video", "export", "import", "webhook"),
    "mem_from": _one_of("256Mi", "512Mi", "1Gi"),
    "mem_to": _one_of("2Gi", "3Gi", "4Gi"),
    "board": _one_of("Search", "Login", "Payout", "Catalog"),
    "pctl": _one_of("50", "90", "95", "99"),
    "ms": _int(2, 20, "{}00"),
    "alias": _one_of("orders", "customers", "reviews", "sellers", "articles"),
    "key_kind": _one_of("webhook", "session", "API-token"),
    "days": _one_of("30", "60", "180", "365"),
    "kid": lambda r: f"kid-20{r.randint(19, 25)}-q{r.randint(1, 4)}",
    "rpc": lambda r: (
        f"{r.choice(['Payment', 'Order', 'Cart', 'Stock'])}Service."
        f"{r.choice(['CancelOrder', 'CreatePayment', 'GetOrder', 'Reserve'])}"
    ),
    "hook": _one_of("useDebouncedFilter", "useThrottledSearch", "useDebouncedSave", "useSearchHistory"),
    "wait": _one_of("100", "150", "300", "500"),
    "editor": _one_of("VS Code", "IntelliJ IDEA", "Emacs", "Helix", "Sublime Text", "Zed", "PyCharm"),
    "theme": _one_of("Solarized Light", "Dracula", "Gruvbox", "Nord", "One Dark", "Tokyo Night", "Monokai"),
    "style": _one_of("spaces", "tabs", "unittest", "black"),
    "style2": _one_of("yapf", "nose", "two-space indents", "autopep8"),
    "diet": _one_of("vegan", "vegetarian", "pescatarian"),
    "verb": _one_of("loves", "avoids"),
    "dish": _one_of("pho", "udon", "curry", "pizza", "sushi"),
    "city": _one_of("Lisbon", "Toronto", "Seoul", "Madrid", "Oslo", "Singapore", "Prague", "Austin", "Dublin"),
    "month": _one_of(*"January February March May June July August September October December".split()),
    "near": _one_of("station", "old town", "conference centre"),
    "flight": lambda r: f"{r.choice(['BA', 'AF', 'KL', 'UA', 'SQ'])}{r.randint(100, 999)}",
    "meeting": _one_of("design review", "sprint planning", "retro", "ops sync"),
    "clock": lambda r: f"{r.randint(9, 17)}:{r.choice(['00', '30', '45'])}",
    "weekday": _one_of("Tuesday", "Thursday", "Friday"),
    "call_tool": _one_of("Zoom", "Teams", "Slack huddle"),
    "api": _one_of("internal", "partner", "admin"),
    "mb": _one_of("5", "10", "50", "100"),
    "large": _one_of("multipart upload", "the SFTP drop", "chunked upload"),
    "contract": _one_of("Vonage", "SendGrid", "Mapbox", "Stripe"),
    "day": _int(1, 28),
    "price": lambda r: f"{r.randint(1, 99) / 10000:.4f}",
    "uptime": _one_of("99.9", "99.5", "99.99"),
    "customer": _int(1000, 9999, "ACME-{}"),
    "hours": _int(1, 24),
    "prio": _int(1, 3),
    "package": _one_of("internal-auth", "internal-http", "shared-models", "acme-sdk"),
    "version": lambda r: f"{r.randint(0, 4)}.{r.randint(0, 20)}.{r.randint(0, 9)}",
    "broke": _one_of("retry decorator", "timeout handling", "logging setup"),
    "use": _one_of("local development", "feature flags", "tracing", "networking", "log search"),
    "probe": _one_of("ready", "status", "ping", "livez"),
    "secs": _int(1, 30),
    "switch_day": _one_of("Tuesdays", "Wednesdays", "Fridays"),
    "hour": _int(8, 18, "{:02d}:00"),
    "seat": _one_of("window", "exit-row", "front-row"),
    "habit": _one_of("checks a bag", "flies business", "books refundable fares"),
    "start": _int(6, 10, "{}:00"),
    "end": _int(14, 19, "{}:00"),
    "k": _int(5, 200),
    "port": _int(3000, 9999),
    "port2": _int(3000, 9999),
    "bug": _int(1000, 9999),
    "v": _int(1, 9),
    "n": _int(1, 30),
    # Chinese
    "ren": _one_of(*"同事小张 老刘 小陈 王姐 阿杰 李总 小周 赵老师 孙工 小何 郑经理 老马".split()),
    "food": _one_of(*"葱 蒜 辣椒 洋葱 香菇 芹菜 花生 内脏 羊肉 苦瓜".split()),
    "allergen": _one_of(*"花生 芒果 牛奶 鸡蛋 小麦 坚果".split()),
    "dept": _one_of(*"产品部 市场部 运维组 设计组 法务部 人事部 数据组 客服部".split()),
    "zh_weekday": _one_of("一", "二", "四", "五"),
    "half_day": _one_of("上午", "下午"),
    "zh_hour": lambda r: _ZH_NUMS[r.randint(0, 10)],
    "zh_floor": lambda r: _ZH_NUMS[r.randint(0, 19)],
    "zh_day": lambda r: _ZH_NUMS[r.randint(0, 19)],
    "zh_month": lambda r: _ZH_NUMS[r.randint(0, 11)],
    "doc": _one_of(*"加班申请 考勤表 采购单 差旅申请 合同扫描件 请假条".split()),
    "zh_city": _one_of(*"西安 重庆 广州 深圳 武汉 南京 厦门 青岛 苏州 长沙".split()),
    "landmark": _one_of(*"钟楼 解放碑 天河城 科技园 光谷 新街口 中山路 五四广场 金鸡湖 五一广场".split()),
    "zh_flight": lambda r: f"{r.choice(['MU', 'CZ', 'HU', '3U', 'ZH', 'MF'])}{r.randint(1000, 9999)}",
    "holiday": _one_of("春节", "五一", "端午", "中秋"),
    "trip": _one_of(
        "浙江千岛湖和乌镇", "福建武夷山和鼓浪屿", "四川九寨沟和稻城", "广西桂林和阳朔", "新疆喀纳斯和赛里木湖"
    ),
    "trip_kind": _one_of("自驾游", "跟团游", "徒步"),
    "system": _one_of(*"订单系统 搜索系统 风控系统 消息系统 会员系统 库存系统 物流系统".split()),
    "drink": _one_of(*"拿铁 绿茶 豆浆 燕麦奶 乌龙茶 热可可".split()),
    "drink_how": _one_of("不加糖", "要去冰", "要大杯"),
    "intern": _one_of("小吴", "小郑", "小冯", "小许"),
    "zh_when": _one_of("下周三", "月底", "下个月"),
    "account": _one_of("邮箱", "VPN 账号", "代码仓库权限"),
    "early_late": _one_of("初", "底"),
    "blocker": _one_of("性能测试", "法务审核", "数据迁移"),
    "id_doc": _one_of("身份证", "驾照", "签证", "港澳通行证"),
    "expires": _one_of("今年年底", "下个月", "后年"),
    "spot": _one_of("前台", "会议室", "电梯口"),
    "pet": _one_of("狗叫豆豆", "猫叫橘子", "兔子叫雪球", "猫叫芝麻", "狗叫旺财"),
    "times": lambda r: _ZH_NUMS[r.randint(0, 2)],
    "zh_env": _one_of("预发环境", "开发环境", "演示环境", "压测环境"),
    "reset_day": _one_of("周日", "周六", "月一号"),
    "surname": _one_of("张", "刘", "黄", "吴", "林"),
    "notes_app": _one_of("Notion", "Logseq", "印象笔记", "OneNote", "Bear"),
    "cloud": _one_of("百度网盘", "iCloud", "Dropbox", "OneDrive"),
    "eatery": _one_of("烤鸭店", "烧烤店", "粤菜馆", "日料店"),
    "hotel": _one_of("汉庭", "如家", "锦江之星", "维也纳", "桔子水晶"),
    "cap": _one_of("三百", "四百", "六百", "八百"),
    "language": _one_of("法语", "德语", "韩语", "西班牙语"),
    "minutes": _one_of("十五", "三十", "四十五"),
    "make_target": _one_of("lint", "test-e2e", "schema-check", "build-assets"),
    "confirm": _one_of("测试全部通过", "镜像已经构建", "配置没有遗漏"),
    "mq": _one_of("RabbitMQ", "Kafka", "SQS"),
    "queue": lambda r: f"{r.choice(['sms', 'push', 'audit', 'export'])}_{r.choice(['outbox', 'jobs', 'events'])}",
    "backlog": _int(1, 50, "{}000"),
    "credential": _one_of("access token", "session", "API key"),
    "problem": _one_of("过期了", "被吊销了", "权限不足"),
    "frontend_does": _one_of("提示用户", "重试一次", "跳转到首页"),
    "node": lambda r: f"{r.choice([16, 18, 22])}.{r.randint(0, 20)}",
    "node_tool": _one_of("nvm", "fnm", "asdf"),
    "ci": _one_of("GitLab CI", "Jenkins", "Buildkite"),
    "lockfile": _one_of("package-lock.json", "poetry.lock", "go.sum"),
    "log_store": _one_of("Elastic", "Datadog", "CloudWatch"),
    "registry": _one_of("Harbor", "ECR", "GHCR"),
    "stage": _one_of("dev", "qa", "staging"),
}

# (name, lang, template): each mirrors the shape of one or more real notes.
TEMPLATES: list[tuple[str, str, str]] = [
    (
        "err_timeout",
        "en",
        "{code} means the upstream {service} service did not answer within {n} seconds; retry with backoff.",
    ),
    ("err_quota", "en", "{code} comes from the {vendor} vendor when the daily {k}k-call quota runs out."),
    ("err_checker", "en", "{code} is raised by the contract test when the API spec and the {db} schema disagree."),
    ("fn_replaced", "en", "{fn}_v{v} replaced {fn} in {module}; the old one silently ignored {ignored}."),
    ("fn_bug", "en", "{fn}_{suffix} strips {strips}; bug #{bug} happened because it was called twice."),
    ("port_env", "en", "The {env} {db} listens on {port}, not {port2}, because a legacy instance still holds it."),
    ("port_compose", "en", "{db} for the {purpose} runs on port {port} in docker-compose.{compose}.yml."),
    ("decision_db", "en", "Decided on {date}: the {service} service moves from {db} to {db2}."),
    ("decision_tool", "en", "The {project} team chose {other_tool} over {tool} for the {component} because {reason}."),
    ("flag_rollout", "en", "The flag {flag} is at {pct}% rollout in the {region} region."),
    ("flaky_test", "en", "{test} is flaky when run {when}; mark it serial."),
    ("oom", "en", "The {worker} worker was OOMKilled; its memory limit was raised from {mem_from} to {mem_to}."),
    (
        "slo",
        "en",
        "The Grafana dashboard '{board} SLO' tracks p{pctl} latency; its alert fires above {ms} ms for {n} min.",
    ),
    ("alias", "en", "The OpenSearch alias {alias}_current points to {alias}_v{n} since the last reindex."),
    ("jwt", "en", "The {key_kind} signing key rotates every {days} days; the current key id is {kid}."),
    ("grpc", "en", "The client sets a {n}-second deadline on the gRPC call {rpc}."),
    ("hook", "en", "The {hook} hook in web/src/hooks waits {wait} ms before firing the request."),
    ("colleague_editor", "en", "{name} works in {editor} with the {theme} colour scheme."),
    ("colleague_style", "en", "{name} prefers {style} over {style2} in the {project} repo."),
    ("colleague_food", "en", "{name} is {diet} and {verb} {dish}."),
    ("colleague_trip", "en", "{name}'s {city} trip in {month}: booked a hotel near the {near}, flying {flight}."),
    ("meeting", "en", "The {meeting} is at {clock} every {weekday} on {call_tool}; the link is pinned in #{project}."),
    ("upload", "en", "The {api} API caps request bodies at {mb} MB; larger files go through {large}."),
    ("vendor", "en", "The {contract} contract renews on {day} {month}; each call costs {price} USD."),
    ("sla", "en", "Customer {customer} has a custom SLA: {uptime}% uptime and a {hours}-hour response for P{prio}."),
    ("pin", "en", "{package} is pinned to {version} because the next minor release broke the {broke}."),
    ("tool_eval", "en", "The {project} team tried {tool} for {use} but went back to {other_tool}."),
    (
        "probe",
        "en",
        "The {service} service's readiness probe path is /{probe} and it must answer within {secs} seconds.",
    ),
    (
        "oncall",
        "en",
        "The {project} on-call rotation switches on {switch_day} at {hour}; handover goes in #{project}-ops.",
    ),
    ("colleague_seat", "en", "{name} prefers {seat} seats and always {habit}."),
    ("colleague_hours", "en", "{name} is based in {city} and works from {start} to {end}."),
    ("zh_food", "zh", "{ren}不吃{food}，点外卖时要备注不要{food}。"),
    ("zh_allergy", "zh", "{ren}对{allergen}过敏，聚餐时要提前跟餐厅说。"),
    ("zh_meeting", "zh", "每周{zh_weekday}{half_day}{zh_hour}点开{dept}例会，会议室在{zh_floor}楼。"),
    ("zh_deadline", "zh", "{doc}需要在每月{zh_day}号之前交给{dept}。"),
    ("zh_trip", "zh", "{ren}下个月去{zh_city}出差，住在{landmark}附近的酒店，航班是 {zh_flight}。"),
    ("zh_holiday", "zh", "{ren}{holiday}打算去{trip}{trip_kind}。"),
    ("zh_oncall", "zh", "{ren}负责{system}的值班，出了问题先找他。"),
    ("zh_drink", "zh", "{ren}早上只喝{drink}，{drink_how}。"),
    ("zh_onboard", "zh", "实习生{intern}{zh_when}入职，要提前开通{account}。"),
    ("zh_delay", "zh", "{project} 项目上线推迟到{zh_month}月{early_late}，因为{blocker}还没有完成。"),
    ("zh_document", "zh", "{ren}的{id_doc}{expires}到期，记得提前去办。"),
    ("zh_printer", "zh", "{zh_city}办公室的打印机在{zh_floor}楼{spot}旁边，要刷工卡才能打印。"),
    ("zh_pet", "zh", "{ren}的{pet}，每天需要喂{times}次。"),
    ("zh_env_reset", "zh", "{zh_env}的数据库每{reset_day}凌晨{zh_hour}点自动重置。"),
    ("zh_contact", "zh", "{zh_city}客户的对接人是{surname}经理，发邮件要抄送{dept}。"),
    ("zh_notes_app", "zh", "{ren}用 {notes_app} 记笔记，同步在{cloud}上。"),
    ("zh_restaurant", "zh", "团建常去的{eatery}是{zh_city}{landmark}店，要提前订位。"),
    ("zh_hotel_cap", "zh", "{dept}出差住酒店优先选{hotel}，报销上限每晚{cap}元。"),
    ("zh_language", "zh", "{ren}在学{language}，每天晚上练习{minutes}分钟。"),
    ("mixed_deploy", "mixed", "部署 {service}-api 之前要先跑 make {make_target}，确认{confirm}。"),
    ("mixed_queue", "mixed", "{mq} 队列 {queue} 积压超过 {backlog} 条时要告警。"),
    ("mixed_code", "mixed", "{code} 表示 {credential} {problem}，前端要{frontend_does}。"),
    ("mixed_node", "mixed", "{project} 项目的 Node 版本固定为 {node}，用 {node_tool} 来管理。"),
    ("mixed_ci", "mixed", "{project} 的 CI 跑在 {ci} 上，缓存 key 里包含 {lockfile} 的哈希。"),
    ("mixed_logs", "mixed", "{project} 的日志在 {log_store} 里查，保留{zh_day}天。"),
    ("mixed_registry", "mixed", "{project} 的镜像推送到 {registry}，命名空间是 {project}-{stage}。"),
]


def _slots(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def generate(n: int, *, seed: int = 7, prefix: str = "d") -> list[Distractor]:
    """``n`` distinct distractors; templates are used in turn so every topic is covered evenly."""
    rng = random.Random(seed)
    parsed = [(name, lang, text, list(dict.fromkeys(_slots(text)))) for name, lang, text in TEMPLATES]
    seen: set[str] = set()
    out: list[Distractor] = []
    attempts = 0
    while len(out) < n:
        name, lang, template, slots = parsed[attempts % len(parsed)]
        attempts += 1
        if attempts > n * 50:
            raise RuntimeError(f"only {len(out)} distinct distractors after {attempts} attempts; add vocabulary")
        text = template.format(**{slot: SLOTS[slot](rng) for slot in slots})
        if text in seen or _FORBIDDEN_RE.search(text):
            continue
        seen.add(text)
        out.append(Distractor(id=f"{prefix}{len(out):06d}", template=name, lang=lang, content=text))
    return out


if __name__ == "__main__":
    for d in generate(20):
        print(f"{d.template:<16} {d.content}")
