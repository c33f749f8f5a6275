"""zh-spider: 孙涛 (Sun Tao), data engineer running the price-monitoring crawlers of 价眼科技.

Stack: Scrapy 2.11 + scrapy-redis (distributed queue in redis on crawler-01), scrapy-playwright / Playwright
for JS-rendered pages (plus two sync-Playwright tools: scripts/snapshot.py and tools/refresh_cookies.py),
MongoDB through pymongo (local docker compose mongo + redis; production replica set rs0 behind crawler-01),
Poetry 1.8 with an in-project .venv and the tuna PyPI mirror, pytest, Docker Compose, cron on crawler-01 /
crawler-02 reached by ssh, GitLab with glab. Prompts and assistant replies in Chinese; tool output as printed.

Written blind for fresh/; measured once held out (round 8), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import datetime as _dt
import os
import pprint
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "suntao"
R = "/home/suntao/work/price-spider"
SRV = "/opt/price-spider"
MODEL = "claude-opus-4-6"
GL = "https://git.jiayan.tech/data/price-spider"
ORIGIN = "git.jiayan.tech:data/price-spider.git"
VENV = ".venv/lib/python3.11/site-packages"
AVENV = f"{R}/{VENV}"
SVENV = f"{SRV}/{VENV}"
PYLIB = "/home/suntao/.pyenv/versions/3.11.9/lib/python3.11"
MONGO_RS = "10.0.3.21:27017,10.0.3.22:27017,10.0.3.23:27017"
UA = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
      "Chrome/130.0.0.0 Safari/537.36")

HX = random.Random(20260914)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
FILES = {
    P("pyproject.toml"): r'''[tool.poetry]
name = "price-spider"
version = "0.14.0"
description = "电商价格监测爬虫（Scrapy + scrapy-redis + Playwright）"
authors = ["价眼数据组 <data@jiayan.tech>"]
readme = "README.md"
packages = [{ include = "price_spider" }]

[tool.poetry.dependencies]
python = "^3.11"
scrapy = "2.11.2"
scrapy-redis = "^0.9.1"
scrapy-playwright = "0.0.41"
playwright = "1.47.0"
pymongo = "^4.9.1"
redis = "^5.0.8"
python-dotenv = "^1.0.1"
itemloaders = "^1.3.1"

[tool.poetry.group.dev.dependencies]
pytest = "^8.3.3"
ruff = "^0.6.9"

[[tool.poetry.source]]
name = "tuna"
url = "https://pypi.tuna.tsinghua.edu.cn/simple"
priority = "primary"

[tool.pytest.ini_options]
testpaths = ["tests"]

[tool.ruff]
line-length = 110
target-version = "py311"

[build-system]
requires = ["poetry-core"]
build-backend = "poetry.core.masonry.api"
''',
    P("scrapy.cfg"): r'''[settings]
default = price_spider.settings

[deploy]
project = price_spider
''',
    P("price_spider/settings.py"): r'''import os

from dotenv import load_dotenv

load_dotenv()

BOT_NAME = "price_spider"
SPIDER_MODULES = ["price_spider.spiders"]
NEWSPIDER_MODULE = "price_spider.spiders"

ROBOTSTXT_OBEY = False
CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 4
DOWNLOAD_DELAY = 1.5
DOWNLOAD_TIMEOUT = 30
RETRY_TIMES = 3
RETRY_HTTP_CODES = [500, 502, 503, 504, 522, 524, 408, 429, 403]

# ---- scrapy-redis：crawler-01 / crawler-02 共用一个队列 ----
SCHEDULER = "scrapy_redis.scheduler.Scheduler"
DUPEFILTER_CLASS = "scrapy_redis.dupefilter.RFPDupeFilter"
SCHEDULER_PERSIST = True  # 多台 worker 共用队列，别让先退出的那台把队列和指纹清掉（tools/seed.py 每天清 dupefilter）
REDIS_URL = os.getenv("REDIS_URL", "redis://localhost:6379/0")
REDIS_START_URLS_BATCH_SIZE = 16
MAX_IDLE_TIME_BEFORE_CLOSE = 300  # 队列空闲 5 分钟 worker 自己退出，cron 每天再拉起

# ---- Playwright：只有 meta["playwright"] = True 的请求走浏览器，其余照常走 Scrapy 下载器 ----
DOWNLOAD_HANDLERS = {
    "http": "scrapy_playwright.handler.ScrapyPlaywrightDownloadHandler",
    "https": "scrapy_playwright.handler.ScrapyPlaywrightDownloadHandler",
}
TWISTED_REACTOR = "twisted.internet.asyncioreactor.AsyncioSelectorReactor"
PLAYWRIGHT_BROWSER_TYPE = "chromium"
PLAYWRIGHT_LAUNCH_OPTIONS = {"headless": True, "args": ["--disable-blink-features=AutomationControlled"]}
PLAYWRIGHT_MAX_CONTEXTS = 4
PLAYWRIGHT_MAX_PAGES_PER_CONTEXT = 4
PLAYWRIGHT_DEFAULT_NAVIGATION_TIMEOUT = 30_000

DOWNLOADER_MIDDLEWARES = {
    "price_spider.middlewares.RandomUserAgentMiddleware": 400,
    "price_spider.middlewares.ProxyMiddleware": 410,
    "price_spider.middlewares.SiteCookiesMiddleware": 700,
}

ITEM_PIPELINES = {
    "price_spider.pipelines.NormalizePipeline": 200,
    "price_spider.pipelines.MongoPipeline": 800,
}

MONGO_URI = os.getenv("MONGO_URI", "mongodb://localhost:27017/")
MONGO_DB = os.getenv("MONGO_DB", "prices")

PROXY_API_URL = os.getenv("PROXY_API_URL", "")  # 为空时不走代理（本地开发）

LOG_LEVEL = "INFO"
REQUEST_FINGERPRINTER_IMPLEMENTATION = "2.7"
FEED_EXPORT_ENCODING = "utf-8"
''',
    P("price_spider/items.py"): r'''import scrapy


class OfferItem(scrapy.Item):
    """一条价格快照：某个渠道的某个 sku 在某一时刻的价格。金额一律是整数分。"""

    channel = scrapy.Field()  # jd / dangdang / suning / vip
    sku_id = scrapy.Field()
    url = scrapy.Field()
    title = scrapy.Field()
    brand = scrapy.Field()
    shop = scrapy.Field()
    spec = scrapy.Field()  # 规格文本，如 "500g*2袋"
    price_fen = scrapy.Field()  # 页面主价格
    list_price_fen = scrapy.Field()  # 划线价 / 定价
    crawled_at = scrapy.Field()  # UTC datetime，NormalizePipeline 填
''',
    P("price_spider/loaders.py"): r'''from itemloaders.processors import MapCompose, TakeFirst
from scrapy.loader import ItemLoader

from price_spider.items import OfferItem
from price_spider.utils.price import parse_price_fen


class OfferLoader(ItemLoader):
    default_item_class = OfferItem
    default_input_processor = MapCompose(str.strip)
    default_output_processor = TakeFirst()

    price_fen_in = MapCompose(str.strip, parse_price_fen)
    list_price_fen_in = MapCompose(str.strip, parse_price_fen)
''',
    P("price_spider/utils/__init__.py"): "",
    P("price_spider/utils/price.py"): r'''import re
from decimal import ROUND_HALF_UP, Decimal

_NUM = re.compile(r"\d+(?:\.\d+)?")


def parse_price_fen(text):
    """'¥4299.00' / '4299' / '￥ 19.9' -> 整数分；解析不出来返回 None。"""
    if text is None:
        return None
    m = _NUM.search(str(text))
    if not m:
        return None
    return int((Decimal(m.group()) * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))
''',
    P("price_spider/pipelines.py"): r'''from datetime import datetime, timedelta, timezone

import pymongo
from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem

CST = timezone(timedelta(hours=8))


class NormalizePipeline:
    """统一清洗：文本去多余空白，补 crawled_at，没价格的丢掉。"""

    def process_item(self, item, spider):
        adapter = ItemAdapter(item)
        for key in ("title", "brand", "shop", "spec"):
            value = adapter.get(key)
            if isinstance(value, str):
                adapter[key] = " ".join(value.split())
        if adapter.get("price_fen") is None:
            raise DropItem(f"no price: {adapter.get('channel')} {adapter.get('sku_id')}")
        adapter["crawled_at"] = datetime.now(timezone.utc)
        return item


class MongoPipeline:
    """按 (channel, sku_id, date) upsert：每个 sku 每天一条，当天后抓到的覆盖先抓到的。date 是北京时间。"""

    collection_name = "offers"

    def __init__(self, mongo_uri, mongo_db):
        self.mongo_uri = mongo_uri
        self.mongo_db = mongo_db

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler.settings.get("MONGO_URI"), crawler.settings.get("MONGO_DB"))

    def open_spider(self, spider):
        self.client = pymongo.MongoClient(self.mongo_uri, tz_aware=True)
        self.coll = self.client[self.mongo_db][self.collection_name]

    def close_spider(self, spider):
        self.client.close()

    def process_item(self, item, spider):
        doc = ItemAdapter(item).asdict()
        day = doc["crawled_at"].astimezone(CST).strftime("%Y-%m-%d")
        self.coll.update_one(
            {"channel": doc["channel"], "sku_id": doc["sku_id"], "date": day},
            {"$set": {**doc, "date": day}},
            upsert=True,
        )
        return item
''',
    P("price_spider/middlewares.py"): r'''import json
import logging
import random
import time
import urllib.error
import urllib.request

import redis

logger = logging.getLogger(__name__)

USER_AGENTS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
]


class RandomUserAgentMiddleware:
    def process_request(self, request, spider):
        if not request.meta.get("playwright"):
            request.headers["User-Agent"] = random.choice(USER_AGENTS)


class ProxyMiddleware:
    """从代理商 API 批量提取 IP（按机器出口 IP 白名单鉴权），轮换着给请求用。PROXY_API_URL 为空就不走代理。"""

    def __init__(self, api_url, batch=20, ttl=120):
        self.api_url = api_url
        self.batch = batch
        self.ttl = ttl
        self.pool = []
        self.fetched_at = 0.0

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler.settings.get("PROXY_API_URL"))

    def _refill(self):
        url = f"{self.api_url}&num={self.batch}&format=json"
        try:
            with urllib.request.urlopen(url, timeout=10) as resp:
                data = json.load(resp)
        except urllib.error.HTTPError as e:
            logger.warning("proxy api http %s: %s", e.code, e.read()[:200].decode("utf-8", "replace"))
            return
        except Exception as e:  # noqa: BLE001
            logger.warning("proxy api error: %r", e)
            return
        self.pool = [f"http://{p['ip']}:{p['port']}" for p in data["data"]["proxy_list"]]
        self.fetched_at = time.monotonic()

    def process_request(self, request, spider):
        if not self.api_url or request.meta.get("playwright"):
            return None
        if not self.pool or time.monotonic() - self.fetched_at > self.ttl:
            self._refill()
        if self.pool:
            request.meta["proxy"] = random.choice(self.pool)


class SiteCookiesMiddleware:
    """把 tools/refresh_cookies.py 存在 redis 里的 cookies:<site> 带上（苏宁 / 唯品会的反爬 cookie）。"""

    SITES = {"suning": "suning.com", "vip": "vip.com"}

    def __init__(self, redis_url):
        self.r = redis.Redis.from_url(redis_url)
        self.cache = {}

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler.settings.get("REDIS_URL"))

    def process_request(self, request, spider):
        for site, domain in self.SITES.items():
            if domain in request.url:
                if site not in self.cache:
                    raw = self.r.get(f"cookies:{site}")
                    self.cache[site] = json.loads(raw) if raw else []
                request.cookies = {c["name"]: c["value"] for c in self.cache[site]}
                break
''',
    P("price_spider/db.py"): r'''from pymongo import MongoClient
from scrapy.utils.project import get_project_settings


def get_db():
    """按项目 settings（.env 里的 MONGO_URI / MONGO_DB）连库，tools/ 下的脚本都用这个。"""
    s = get_project_settings()
    return MongoClient(s["MONGO_URI"], tz_aware=True)[s["MONGO_DB"]]
''',
    P("price_spider/spiders/__init__.py"): "",
    P("price_spider/spiders/jd.py"): r'''import json

import scrapy
from scrapy_redis.spiders import RedisSpider

from price_spider.items import OfferItem
from price_spider.utils.price import parse_price_fen

PRICE_API = (
    "https://api.m.jd.com/?appid=pc-item-soa&functionId=pc_detailpage_wareBusiness&client=pc"
    "&clientVersion=1.0.0&body=%7B%22skuId%22%3A{sku}%2C%22area%22%3A%221_72_2799_0%22%7D"
)


class JdPriceSpider(RedisSpider):
    """京东：商品页拿标题 / 品牌 / 店铺 / 规格，价格走 wareBusiness 接口。

    线上从 redis 的 jd_price:start_urls 取商品页 URL（tools/seed.py 每天灌）；
    本地调试：scrapy crawl jd_price -a skus=100012043978,100038004353，不读 redis，跑完就退出。
    """

    name = "jd_price"
    redis_key = "jd_price:start_urls"
    allowed_domains = ["item.jd.com", "api.m.jd.com"]

    def __init__(self, skus=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.skus = [s for s in (skus or "").split(",") if s]

    def start_requests(self):
        if self.skus:
            for sku in self.skus:
                yield scrapy.Request(f"https://item.jd.com/{sku}.html", dont_filter=True)
        else:
            yield from super().start_requests()

    def spider_idle(self):
        if self.skus:  # 本地调试：不等 redis，直接结束
            return
        super().spider_idle()

    def parse(self, response):
        sku = response.url.rsplit("/", 1)[-1].removesuffix(".html")
        item = OfferItem(
            channel="jd",
            sku_id=sku,
            url=response.url,
            title=response.xpath("normalize-space(//div[@class='sku-name'])").get(),
            brand=response.xpath("//ul[@id='parameter-brand']/li/@title").get(),
            shop=response.xpath("//div[@class='popbox-inner']//h3/a/@title").get(),
            spec=response.xpath("//div[@id='choose-attr-1']//div[contains(@class,'selected')]/@data-value").get(),
        )
        yield scrapy.Request(
            PRICE_API.format(sku=sku),
            callback=self.parse_price,
            cb_kwargs={"item": item},
            headers={"Referer": response.url},
        )

    def parse_price(self, response, item):
        data = json.loads(response.text)
        price = data.get("price") or {}
        item["price_fen"] = parse_price_fen(price.get("p"))
        item["list_price_fen"] = parse_price_fen(price.get("op"))
        yield item
''',
    P("price_spider/spiders/dangdang.py"): r'''import scrapy
from scrapy_redis.spiders import RedisSpider

from price_spider.items import OfferItem
from price_spider.utils.price import parse_price_fen


class DangdangPriceSpider(RedisSpider):
    """当当：商品页是服务端渲染的，直接解析 HTML。本地调试：-a pids=29735112,29648032"""

    name = "dangdang_price"
    redis_key = "dangdang_price:start_urls"
    allowed_domains = ["product.dangdang.com"]

    def __init__(self, pids=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pids = [p for p in (pids or "").split(",") if p]

    def start_requests(self):
        if self.pids:
            for pid in self.pids:
                yield scrapy.Request(f"https://product.dangdang.com/{pid}.html", dont_filter=True)
        else:
            yield from super().start_requests()

    def spider_idle(self):
        if self.pids:
            return
        super().spider_idle()

    def parse(self, response):
        yield OfferItem(
            channel="dangdang",
            sku_id=response.url.rsplit("/", 1)[-1].removesuffix(".html"),
            url=response.url,
            title=response.xpath("normalize-space(//div[@class='name_info']/h1/@title)").get(),
            brand=response.xpath("//span[@id='author']/a[1]/text()").get(),
            shop="当当自营",
            price_fen=parse_price_fen(response.xpath("normalize-space(//p[@id='dd-price'])").get()),
            list_price_fen=parse_price_fen(response.xpath("normalize-space(//div[@id='original-price'])").get()),
        )
''',
    P("price_spider/spiders/suning.py"): r'''import scrapy
from scrapy_playwright.page import PageMethod
from scrapy_redis.spiders import RedisSpider

from price_spider.loaders import OfferLoader


class SuningPriceSpider(RedisSpider):
    """苏宁：价格是 JS 渲染的，走 Playwright。本地调试：-a urls=<商品页>,<商品页>"""

    name = "suning_price"
    redis_key = "suning_price:start_urls"
    allowed_domains = ["product.suning.com"]

    def __init__(self, urls=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.urls = [u for u in (urls or "").split(",") if u]

    def start_requests(self):
        if self.urls:
            for url in self.urls:
                yield self.item_request(url)
        else:
            yield from super().start_requests()

    def make_request_from_data(self, data):
        return self.item_request(data.decode("utf-8"))

    def spider_idle(self):
        if self.urls:
            return
        super().spider_idle()

    def item_request(self, url):
        return scrapy.Request(
            url,
            callback=self.parse_item,
            dont_filter=True,
            meta={
                "playwright": True,
                "playwright_page_methods": [PageMethod("wait_for_selector", "span.mainprice", timeout=15_000)],
            },
        )

    def parse_item(self, response):
        loader = OfferLoader(response=response)
        loader.add_value("channel", "suning")
        loader.add_value("sku_id", response.url.rsplit("/", 1)[-1].removesuffix(".html"))
        loader.add_value("url", response.url)
        loader.add_css("title", "h1#itemDisplayName::text")
        loader.add_xpath("brand", "//ul[contains(@class,'cnt')]/li[starts-with(.,'品牌')]/@title")
        loader.add_css("shop", "a#curShopName::text")
        loader.add_css("price_fen", "span.mainprice::text")
        loader.add_css("list_price_fen", "del.mainprice-old::text")
        yield loader.load_item()
''',
    P("price_spider/spiders/vip.py"): r'''import scrapy
from scrapy_playwright.page import PageMethod
from scrapy_redis.spiders import RedisSpider

from price_spider.loaders import OfferLoader


class VipPriceSpider(RedisSpider):
    """唯品会：详情页 JS 渲染，走 Playwright。"""

    name = "vip_price"
    redis_key = "vip_price:start_urls"
    allowed_domains = ["detail.vip.com"]

    def make_request_from_data(self, data):
        return scrapy.Request(
            data.decode("utf-8"),
            callback=self.parse_item,
            dont_filter=True,
            meta={
                "playwright": True,
                "playwright_page_methods": [
                    PageMethod("wait_for_selector", "xpath=//span[contains(@class,'sp-price')]", timeout=15_000)
                ],
            },
        )

    def parse_item(self, response):
        loader = OfferLoader(response=response)
        loader.add_value("channel", "vip")
        loader.add_value("sku_id", response.url.rsplit("-", 1)[-1].removesuffix(".html"))
        loader.add_value("url", response.url)
        loader.add_xpath("title", "normalize-space(//p[contains(@class,'pib-title-detail')])")
        loader.add_xpath("brand", "//a[contains(@class,'pib-title-brand')]/text()")
        loader.add_value("shop", "唯品会")
        loader.add_xpath("price_fen", "normalize-space(//span[contains(@class,'sp-price')])")
        loader.add_xpath("list_price_fen", "normalize-space(//span[contains(@class,'marketPrice')])")
        yield loader.load_item()
''',
    P("price_spider/tools/__init__.py"): "",
    P("price_spider/tools/seed.py"): r'''"""把 targets 集合里启用的商品灌进 scrapy-redis 的 <spider>:start_urls，并清掉上一轮的 dupefilter。

    python -m price_spider.tools.seed jd_price dangdang_price suning_price vip_price
"""
import argparse
import logging

import redis
from scrapy.utils.project import get_project_settings

from price_spider.db import get_db

CHANNEL = {
    "jd_price": "jd",
    "dangdang_price": "dangdang",
    "suning_price": "suning",
    "vip_price": "vip",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("spiders", nargs="+", choices=sorted(CHANNEL))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    r = redis.Redis.from_url(get_project_settings()["REDIS_URL"])
    db = get_db()
    for spider in args.spiders:
        urls = [t["url"] for t in db.targets.find({"channel": CHANNEL[spider], "enabled": True}, {"url": 1})]
        pipe = r.pipeline()
        pipe.delete(f"{spider}:dupefilter", f"{spider}:start_urls")
        for i in range(0, len(urls), 1000):
            pipe.lpush(f"{spider}:start_urls", *urls[i : i + 1000])
        pipe.execute()
        logging.info("%s: seeded %d urls", spider, len(urls))


if __name__ == "__main__":
    main()
''',
    P("price_spider/tools/stats.py"): r'''"""按渠道统计某一天（北京时间）入库的价格条数和对 targets 的覆盖率，巡检 / 日报用。

    python -m price_spider.tools.stats --date 2026-09-13
    python -m price_spider.tools.stats --yesterday
"""
import argparse
from datetime import date, timedelta

from price_spider.db import get_db


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--date")
    g.add_argument("--yesterday", action="store_true")
    args = ap.parse_args()
    day = (date.today() - timedelta(days=1)).isoformat() if args.yesterday else args.date

    db = get_db()
    targets = {
        r["_id"]: r["n"]
        for r in db.targets.aggregate([{"$match": {"enabled": True}}, {"$group": {"_id": "$channel", "n": {"$sum": 1}}}])
    }
    rows = db.offers.aggregate(
        [
            {"$match": {"date": day}},
            {"$group": {"_id": "$channel", "items": {"$sum": 1}, "last": {"$max": "$crawled_at"}}},
            {"$sort": {"_id": 1}},
        ]
    )
    print(f"date={day} (Asia/Shanghai)")
    print(f"{'channel':<10}{'items':>8}{'targets':>9}{'coverage':>10}  last_crawled")
    for r in rows:
        n = targets.get(r["_id"], 0)
        cov = f"{r['items'] / n:.1%}" if n else "-"
        last = r["last"].astimezone().strftime("%Y-%m-%d %H:%M")
        print(f"{r['_id']:<10}{r['items']:>8}{n:>9}{cov:>10}  {last}")


if __name__ == "__main__":
    main()
''',
    P("price_spider/tools/refresh_cookies.py"): r'''"""用真浏览器打开站点首页拿反爬 cookie，存进 redis 的 cookies:<site>，SiteCookiesMiddleware 会带上。

cron 每 6 小时跑一次：python -m price_spider.tools.refresh_cookies --site suning
"""
import argparse
import json
import logging

import redis
from playwright.sync_api import sync_playwright
from scrapy.utils.project import get_project_settings

SITES = {
    "suning": "https://www.suning.com/",
    "vip": "https://www.vip.com/",
}
UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"
LAUNCH_ARGS = ["--disable-blink-features=AutomationControlled"]

log = logging.getLogger("refresh_cookies")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True, choices=sorted(SITES))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    log.info("refreshing cookies for %s", args.site)
    with sync_playwright() as p:
        browser = p.chromium.launch(headless=True, args=LAUNCH_ARGS)
        context = browser.new_context(user_agent=UA, locale="zh-CN")
        page = context.new_page()
        page.goto(SITES[args.site], wait_until="networkidle", timeout=60_000)
        cookies = context.cookies()
        browser.close()

    r = redis.Redis.from_url(get_project_settings()["REDIS_URL"])
    r.set(f"cookies:{args.site}", json.dumps(cookies), ex=8 * 3600)
    log.info("saved %d cookies for %s", len(cookies), args.site)


if __name__ == "__main__":
    main()
''',
    P("scripts/snapshot.py"): r'''"""用 Playwright 打开页面，保存渲染后的 HTML 和整页截图：写选择器、做测试 fixture 用。

    poetry run python scripts/snapshot.py URL -o /tmp/snap [--browser firefox] [--wait-for SELECTOR] [--headed]
"""
import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("-o", "--out", default="/tmp/snap")
    ap.add_argument("--browser", choices=["chromium", "firefox", "webkit"], default="chromium")
    ap.add_argument("--wait-for", help="等这个选择器出现再保存（css 或 xpath=...）")
    ap.add_argument("--headed", action="store_true")
    args = ap.parse_args()

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        launcher = getattr(p, args.browser)
        browser = launcher.launch(headless=not args.headed)
        page = browser.new_page(user_agent=UA, locale="zh-CN", viewport={"width": 1366, "height": 900})
        page.goto(args.url, wait_until="domcontentloaded", timeout=45_000)
        try:
            if args.wait_for:
                page.wait_for_selector(args.wait_for, timeout=15_000)
            else:
                page.wait_for_load_state("networkidle", timeout=15_000)
        finally:
            html = page.content()
            (out / "page.html").write_text(html, encoding="utf-8")
            page.screenshot(path=str(out / "page.png"), full_page=True)
            print(f"saved {out / 'page.html'} ({len(html)} chars), {out / 'page.png'}")
        browser.close()


if __name__ == "__main__":
    main()
''',
    P("bin/crawl"): r'''#!/usr/bin/env bash
# cron 入口：bin/crawl <spider> [scrapy 参数...]，日志写到 logs/<spider>/<日期_时分>.log
set -euo pipefail
cd "$(dirname "$0")/.."
spider="$1"
shift
mkdir -p "logs/$spider"
exec .venv/bin/scrapy crawl "$spider" -s LOG_FILE="logs/$spider/$(date +%F_%H%M).log" "$@"
''',
    P("deploy/crontab"): r'''# price-spider 定时任务（crawler-01，用户 spider）。改完在服务器上：crontab deploy/crontab
SHELL=/bin/bash
PATH=/home/spider/.local/bin:/usr/local/bin:/usr/bin:/bin
MAILTO=""
PS=/opt/price-spider

# 反爬 cookie，每 6 小时刷新
10 */6 * * * cd $PS && .venv/bin/python -m price_spider.tools.refresh_cookies --site suning >> logs/cron/cookies.log 2>&1
# 种子：每天凌晨从 targets 灌进 redis（同时清 dupefilter）
30 1 * * * cd $PS && .venv/bin/python -m price_spider.tools.seed jd_price dangdang_price suning_price vip_price >> logs/cron/seed.log 2>&1
# 抓取（crawler-02 另有 jd_price / dangdang_price 的 worker，共用 redis 队列）
0 2 * * * $PS/bin/crawl jd_price
0 3 * * * $PS/bin/crawl dangdang_price
0 4 * * * $PS/bin/crawl suning_price
30 4 * * * $PS/bin/crawl vip_price
# 日报数据
0 8 * * * cd $PS && .venv/bin/python -m price_spider.tools.stats --yesterday >> logs/cron/stats.log 2>&1
''',
    P("docker-compose.yml"): r'''# 本地开发用：mongo + redis。线上 mongo 是 rs0 副本集，redis 在 crawler-01。
services:
  mongo:
    image: mongo:7.0.12
    container_name: ps-mongo
    environment:
      MONGO_INITDB_ROOT_USERNAME: spider
      MONGO_INITDB_ROOT_PASSWORD: spider123
    ports:
      - "27017:27017"
    volumes:
      - mongo-data:/data/db

  redis:
    image: redis:7.2.4
    container_name: ps-redis
    ports:
      - "6379:6379"

volumes:
  mongo-data:
''',
    P("tests/__init__.py"): "",
    P("tests/utils.py"): r'''from pathlib import Path

from scrapy.http import HtmlResponse, Request

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_response(relpath, url, meta=None, cls=HtmlResponse):
    """把 tests/fixtures/ 下保存的页面包成 Scrapy Response，直接喂给 spider 的回调。"""
    body = (FIXTURES / relpath).read_bytes()
    return cls(url=url, request=Request(url=url, meta=meta or {}), body=body, encoding="utf-8")
''',
    P("tests/spiders/__init__.py"): "",
    P("tests/spiders/test_jd.py"): r'''from scrapy.http import TextResponse

from price_spider.items import OfferItem
from price_spider.spiders.jd import JdPriceSpider
from tests.utils import fixture_response


def test_parse_item_page():
    response = fixture_response("jd/item_100038004353.html", url="https://item.jd.com/100038004353.html")

    req = next(JdPriceSpider().parse(response))

    item = req.cb_kwargs["item"]
    assert item["sku_id"] == "100038004353"
    assert item["brand"] == "九阳（Joyoung）"
    assert item["shop"] == "九阳京东自营旗舰店"
    assert "skuId%22%3A100038004353" in req.url


def test_parse_price():
    response = fixture_response(
        "jd/price_100038004353.json", url="https://api.m.jd.com/?functionId=pc_detailpage_wareBusiness", cls=TextResponse
    )

    item = next(JdPriceSpider().parse_price(response, item=OfferItem(channel="jd", sku_id="100038004353")))

    assert item["price_fen"] == 59900
    assert item["list_price_fen"] == 79900
''',
    P("tests/spiders/test_suning.py"): r'''from price_spider.spiders.suning import SuningPriceSpider
from tests.utils import fixture_response


def test_parse_item():
    response = fixture_response(
        "suning/11001203721.html", url="https://product.suning.com/0000000000/11001203721.html"
    )

    item = next(SuningPriceSpider().parse_item(response))

    assert item["sku_id"] == "11001203721"
    assert item["brand"] == "美的(Midea)"
    assert item["price_fen"] == 429900
    assert item["list_price_fen"] == 499900
''',
    P("tests/spiders/test_dangdang.py"): r'''from price_spider.spiders.dangdang import DangdangPriceSpider
from tests.utils import fixture_response


def test_parse_book():
    response = fixture_response("dangdang/29735112.html", url="https://product.dangdang.com/29735112.html")

    item = next(DangdangPriceSpider().parse(response))

    assert item["sku_id"] == "29735112"
    assert item["title"].startswith("深入理解计算机系统")
    assert item["price_fen"] == 9900
    assert item["list_price_fen"] == 13900


def test_parse_shop_name_is_self_operated():
    response = fixture_response("dangdang/29735112.html", url="https://product.dangdang.com/29735112.html")

    item = next(DangdangPriceSpider().parse(response))

    assert item["shop"] == "当当自营"
''',
    P("tests/test_price.py"): r'''import pytest

from price_spider.utils.price import parse_price_fen


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("¥4299.00", 429900),
        ("4299", 429900),
        ("￥ 19.9", 1990),
        ("¥0.99", 99),
    ],
)
def test_parse_price_fen(text, expected):
    assert parse_price_fen(text) == expected


@pytest.mark.parametrize("text", [None, "", "暂无报价"])
def test_parse_price_fen_none(text):
    assert parse_price_fen(text) is None
''',
    P("tests/test_pipelines.py"): r'''from datetime import datetime, timezone

import pytest
from scrapy.exceptions import DropItem

from price_spider.items import OfferItem
from price_spider.pipelines import NormalizePipeline


def make_item(**kw):
    base = {"channel": "jd", "sku_id": "100038004353", "title": "  九阳 破壁机\n L18-P395 ", "price_fen": 59900}
    base.update(kw)
    return OfferItem(**base)


def test_normalize_collapses_whitespace():
    item = NormalizePipeline().process_item(make_item(), spider=None)
    assert item["title"] == "九阳 破壁机 L18-P395"


def test_normalize_sets_crawled_at_utc():
    item = NormalizePipeline().process_item(make_item(), spider=None)
    assert item["crawled_at"].tzinfo is timezone.utc
    assert (datetime.now(timezone.utc) - item["crawled_at"]).total_seconds() < 5


def test_normalize_drops_item_without_price():
    with pytest.raises(DropItem):
        NormalizePipeline().process_item(make_item(price_fen=None), spider=None)
''',
    P("README.md"): r'''# price-spider

价眼科技的电商价格监测爬虫：京东、当当、苏宁、唯品会。Scrapy 2.11 + scrapy-redis（多机共用队列）+
scrapy-playwright（JS 渲染的站点），结果写 MongoDB `prices.offers`（每个 sku 每天一条）。

## 本地开发

```bash
poetry install
docker compose up -d mongo redis
cp .env.example .env            # MONGO_URI / REDIS_URL / PROXY_API_URL
poetry run pytest -q
poetry run scrapy crawl jd_price -a skus=100012043978 -O /tmp/jd.jsonl
```

写选择器时先用 `scripts/snapshot.py` 把渲染后的页面存下来，再挑一份放进 `tests/fixtures/<站点>/` 写测试。

## 线上

- crawler-01（10.0.3.31）：redis、cron、各站点 worker；crawler-02（10.0.3.32）：jd / dangdang 的额外 worker
- 代码在 `/opt/price-spider`（用户 spider），`.venv` 由 poetry 管理
- 定时任务见 `deploy/crontab`；日志在 `logs/<spider>/`、`logs/cron/`
- MongoDB：rs0（mongo-01/02/03），只能从 crawler 机器访问

部署：

```bash
ssh crawler-01
cd /opt/price-spider && git pull --ff-only && poetry install --only main --sync
```
''',
    P(".env.example"): r'''MONGO_URI=mongodb://spider:spider123@localhost:27017/?authSource=admin
MONGO_DB=prices
REDIS_URL=redis://localhost:6379/0
PROXY_API_URL=
''',
}


# ------------------------------------------------------------------ output helpers
def cst(d, plus=0.0):
    """Local wall clock (Asia/Shanghai) of the dev box and the servers."""
    return d.clock + _dt.timedelta(hours=8, seconds=plus)


def wait(d, secs):
    """Time that passes while a long command runs / while the developer is away (keeps printed times consistent)."""
    d.clock += _dt.timedelta(seconds=secs)


def stamp(d, plus=0.0):
    return cst(d, plus).strftime("%Y-%m-%d %H:%M:%S")


def utc_repr(d, plus=0.0):
    t = d.clock + _dt.timedelta(seconds=plus)
    return (f"datetime.datetime({t.year}, {t.month}, {t.day}, {t.hour}, {t.minute}, {t.second}, "
            f"{HX.randint(1000, 999999)}, tzinfo=datetime.timezone.utc)")


def sep(text, ch="="):
    return f" {text} ".center(80, ch)


SEP_ = "_ " * 40


def line_of(d, path, needle):
    return d.files[path][:d.files[path].index(needle)].count("\n") + 1


def frame_src(d, path, start_needle, fail_needle, deindent=0):
    """pytest long-format source block: from the line containing start_needle to the failing line."""
    lines = d.files[path].split("\n")
    s = next(i for i, l in enumerate(lines) if start_needle in l)
    f = next(i for i, l in enumerate(lines) if i >= s and fail_needle in l)
    out = []
    for i in range(s, f + 1):
        src = lines[i][deindent:]
        out.append((">   " if i == f else "    ") + src)
    return "\n".join(out), f + 1


def ellipsize(s, maxsize=240):
    if len(s) <= maxsize:
        return s
    i = max(0, (maxsize - 3) // 2)
    j = max(0, maxsize - 3 - i)
    return s[:i] + "..." + s[len(s) - j:]


def item_repr(fields):
    return ellipsize(pprint.pformat(fields))


def pytest_escape(s):
    return s.encode("unicode_escape").decode("ascii")


def pq(results, secs, body=None, failed=()):
    """pytest -q output."""
    out = [results + " " * (80 - len(results) - 6) + "[100%]"]
    if body:
        out += [sep("FAILURES"), body.rstrip("\n")]
    if failed:
        out.append(sep("short test summary info"))
        out += [f"FAILED {f}" for f in failed]
    np_, nf = results.count("."), results.count("F")
    out.append((f"{nf} failed, " if nf else "") + f"{np_} passed in {secs}")
    return "\n".join(out)


ITEM_SETITEM = """    def __setitem__(self, key, value):
        if key in self.fields:
            self._values[key] = value
        else:
>           raise KeyError(f"{self.__class__.__name__} does not support field: {key}")
E           KeyError: 'OfferItem does not support field: FIELD'

.venv/lib/python3.11/site-packages/scrapy/item.py:85: KeyError"""


def item_keyerror(fields, key, value):
    """Last (long) traceback entry: scrapy.Item.__setitem__ refusing an undeclared field."""
    return (f"self = {item_repr(fields)}\nkey = {key!r}, value = {value!r}\n\n"
            + ITEM_SETITEM.replace("FIELD", key))


ADAPTER_FRAMES = f"""{VENV}/itemadapter/adapter.py:398: in __setitem__
    self.adapter.__setitem__(field_name, value)
{VENV}/itemadapter/adapter.py:99: in __setitem__
    self.item[field_name] = value"""


PW_BOX = """╔════════════════════════════════════════════════════════════╗
║ Looks like Playwright was just installed or updated.       ║
║ Please run the following command to download new browsers: ║
║                                                            ║
║     playwright install                                     ║
║                                                            ║
║ <3 Playwright Team                                         ║
╚════════════════════════════════════════════════════════════╝"""


def pw_launch_error(site, script_frames, exe):
    """Traceback of a sync-Playwright script whose browser build is not downloaded."""
    return f"""Traceback (most recent call last):
{script_frames}
  File "{site}/playwright/sync_api/_generated.py", line 14461, in launch
    self._sync(
  File "{site}/playwright/_impl/_sync_base.py", line 115, in _sync
    return task.result()
           ^^^^^^^^^^^^^
  File "{site}/playwright/_impl/_browser_type.py", line 96, in launch
    Browser, from_channel(await self._channel.send("launch", params))
                                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{site}/playwright/_impl/_connection.py", line 61, in send
    return await self._connection.wrap_api_call(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{site}/playwright/_impl/_connection.py", line 528, in wrap_api_call
    raise rewrite_error(error, f"{{parsed_st['apiName']}}: {{error}}") from None
playwright._impl._errors.Error: BrowserType.launch: Executable doesn't exist at {exe}
{PW_BOX}"""


def pw_progress(total):
    bars = []
    for pct in range(0, 101, 10):
        fill = "■" * (pct * 80 // 100)
        bars.append(f"|{fill}{' ' * (80 - len(fill))}| {pct:>3}% of {total}")
    return "\n".join(bars)


def pw_install(home, browsers, host="https://playwright.azureedge.net", removed=()):
    out = []
    for label, rev, zipname, size, dirname in browsers:
        out.append(f"Downloading {label} (playwright build v{rev}) from {host}/builds/{zipname}")
        out.append(pw_progress(size))
        out.append(f"{label} (playwright build v{rev}) downloaded to {home}/.cache/ms-playwright/{dirname}")
    for r in removed:
        out.append(f"Removing unused browser at {home}/.cache/ms-playwright/{r}")
    return "\n".join(out)


CHROMIUM_1140 = ("Chromium 130.0.6723.31", 1140, "chromium/1140/chromium-linux.zip", "164.5 MiB", "chromium-1140")

SCRAPY_VERSIONS_LOCAL = ("Versions: lxml 5.3.0.0, libxml2 2.12.9, cssselect 1.2.0, parsel 1.9.1, w3lib 2.2.1, "
                         "Twisted 24.7.0, Python 3.11.9 (main, Sep  2 2026, 10:14:27) [GCC 13.2.0], pyOpenSSL 24.2.1 "
                         "(OpenSSL 3.3.2 3 Sep 2024), cryptography 43.0.1, Platform Linux-6.8.0-45-generic-x86_64-with-glibc2.39")
SCRAPY_VERSIONS_SRV = ("Versions: lxml 5.3.0.0, libxml2 2.12.9, cssselect 1.2.0, parsel 1.9.1, w3lib 2.2.1, "
                       "Twisted 24.7.0, Python 3.11.10 (main, Sep  7 2024, 18:35:41) [GCC 11.4.0], pyOpenSSL 24.2.1 "
                       "(OpenSSL 3.3.2 3 Sep 2024), cryptography 43.0.1, Platform Linux-5.15.0-119-generic-x86_64-with-glibc2.35")

DL_MW = """['scrapy.downloadermiddlewares.offsite.OffsiteMiddleware',
 'scrapy.downloadermiddlewares.httpauth.HttpAuthMiddleware',
 'scrapy.downloadermiddlewares.downloadtimeout.DownloadTimeoutMiddleware',
 'scrapy.downloadermiddlewares.defaultheaders.DefaultHeadersMiddleware',
 'price_spider.middlewares.RandomUserAgentMiddleware',
 'price_spider.middlewares.ProxyMiddleware',
 'scrapy.downloadermiddlewares.useragent.UserAgentMiddleware',
 'scrapy.downloadermiddlewares.retry.RetryMiddleware',
 'scrapy.downloadermiddlewares.redirect.MetaRefreshMiddleware',
 'scrapy.downloadermiddlewares.httpcompression.HttpCompressionMiddleware',
 'scrapy.downloadermiddlewares.redirect.RedirectMiddleware',
 'scrapy.downloadermiddlewares.cookies.CookiesMiddleware',
 'price_spider.middlewares.SiteCookiesMiddleware',
 'scrapy.downloadermiddlewares.httpproxy.HttpProxyMiddleware',
 'scrapy.downloadermiddlewares.stats.DownloaderStats']"""
SP_MW = """['scrapy.spidermiddlewares.httperror.HttpErrorMiddleware',
 'scrapy.spidermiddlewares.offsite.OffsiteMiddleware',
 'scrapy.spidermiddlewares.referer.RefererMiddleware',
 'scrapy.spidermiddlewares.urllength.UrlLengthMiddleware',
 'scrapy.spidermiddlewares.depth.DepthMiddleware']"""


def crawl_log(d, spider, overridden, pipelines, stats, body=(), feed=None, secs=10.0, server=False,
              playwright=False, reason="finished", tail=None):
    """An INFO-level `scrapy crawl` log as Scrapy 2.11 prints it to stderr; `tail` keeps the last N lines."""
    t0 = 0.0
    L = []

    def log(off, name, msg):
        L.append(f"{stamp(d, off)} [{name}] INFO: {msg}")
    log(t0, "scrapy.utils.log", "Scrapy 2.11.2 started (bot: price_spider)")
    log(t0, "scrapy.utils.log", SCRAPY_VERSIONS_SRV if server else SCRAPY_VERSIONS_LOCAL)
    log(t0, spider, f"Reading start URLs from redis key '{spider}:start_urls' (batch size: 16, encoding: utf-8)")
    log(t0, "scrapy.addons", "Enabled addons:\n[]")
    log(t0, "scrapy.extensions.telnet", f"Telnet Password: {hx(16)}")
    exts = ["scrapy.extensions.corestats.CoreStats", "scrapy.extensions.telnet.TelnetConsole",
            "scrapy.extensions.memusage.MemoryUsage", "scrapy.extensions.closespider.CloseSpider"]
    if feed:
        exts.append("scrapy.extensions.feedexport.FeedExporter")
    exts.append("scrapy.extensions.logstats.LogStats")
    log(t0, "scrapy.middleware", "Enabled extensions:\n[" + ",\n ".join(f"'{e}'" for e in exts) + "]")
    ov = {"BOT_NAME": "'price_spider'", "CONCURRENT_REQUESTS_PER_DOMAIN": "4", "DOWNLOAD_DELAY": "1.5",
          "DOWNLOAD_TIMEOUT": "30", "DUPEFILTER_CLASS": "'scrapy_redis.dupefilter.RFPDupeFilter'",
          "FEED_EXPORT_ENCODING": "'utf-8'", "LOG_LEVEL": "'INFO'", "NEWSPIDER_MODULE": "'price_spider.spiders'",
          "REQUEST_FINGERPRINTER_IMPLEMENTATION": "'2.7'",
          "RETRY_HTTP_CODES": "[500, 502, 503, 504, 522, 524, 408, 429, 403]",
          "SCHEDULER": "'scrapy_redis.scheduler.Scheduler'", "SPIDER_MODULES": "['price_spider.spiders']",
          "TWISTED_REACTOR": "'twisted.internet.asyncioreactor.AsyncioSelectorReactor'"}
    ov.update(overridden)
    keys = sorted(ov)
    log(t0, "scrapy.crawler", "Overridden settings:\n{" + ",\n ".join(f"'{k}': {ov[k]}" for k in keys) + "}")
    log(t0, "scrapy.middleware", "Enabled downloader middlewares:\n" + DL_MW)
    log(t0, "scrapy.middleware", "Enabled spider middlewares:\n" + SP_MW)
    log(t0, "scrapy.middleware", "Enabled item pipelines:\n[" + ",\n ".join(f"'{p}'" for p in pipelines) + "]")
    log(t0 + 0.01, "scrapy.core.engine", "Spider opened")
    log(t0 + 0.01, "scrapy.extensions.logstats", "Crawled 0 pages (at 0 pages/min), scraped 0 items (at 0 items/min)")
    log(t0 + 0.01, "scrapy.extensions.telnet", "Telnet console listening on 127.0.0.1:6023")
    if playwright:
        log(t0 + 0.02, "scrapy-playwright", "Starting download handler")
        log(t0 + 0.9, "scrapy-playwright", "Launching browser chromium")
        log(t0 + 1.4, "scrapy-playwright", "Browser chromium launched")
    for off, name, msg in body:
        L.append(f"{stamp(d, off)} [{name}] {msg}")
    log(secs, "scrapy.core.engine", f"Closing spider ({reason})")
    if playwright:
        log(secs, "scrapy-playwright", "Closing download handler")
        log(secs + 0.05, "scrapy-playwright", "Closing browser")
    if feed:
        log(secs + 0.1, "scrapy.extensions.feedexport", f"Stored jsonlines feed ({feed[1]} items) in: {feed[0]}")
    st = dict(stats)
    st["elapsed_time_seconds"] = f"{secs + 0.1 + HX.randint(1000, 9999) / 1e6:.6f}"
    st["finish_reason"] = f"'{reason}'"
    st["finish_time"] = utc_repr(d, secs + 0.11)
    st["start_time"] = utc_repr(d, 0.0)
    if feed:
        st["feedexport/success_count/FileFeedStorage"] = "1"
    sk = sorted(st)
    log(secs + 0.11, "scrapy.statscollectors", "Dumping Scrapy stats:\n{" + ",\n ".join(f"'{k}': {st[k]}" for k in sk) + "}")
    log(secs + 0.11, "scrapy.core.engine", f"Spider closed ({reason})")
    text = "\n".join(L)
    if tail:
        text = "\n".join(text.split("\n")[-tail:])
    return text


def base_stats(req, resp_bytes, items, redis_n=None, mem=101_482_496):
    st = {
        "downloader/request_bytes": str(req * 742 + HX.randint(0, 400)),
        "downloader/request_count": str(req),
        "downloader/request_method_count/GET": str(req),
        "downloader/response_bytes": str(resp_bytes),
        "downloader/response_count": str(req),
        "downloader/response_status_count/200": str(req),
        "httpcompression/response_bytes": str(resp_bytes * 4 + HX.randint(0, 9999)),
        "httpcompression/response_count": str(req),
        "log_count/INFO": str(16 + HX.randint(0, 4)),
        "memusage/max": str(mem + HX.randint(0, 9) * 262144),
        "memusage/startup": str(mem),
        "response_received_count": str(req),
        "scheduler/dequeued/redis": str(redis_n if redis_n is not None else req),
        "scheduler/enqueued/redis": str(redis_n if redis_n is not None else req),
    }
    if items:
        st["item_scraped_count"] = str(items)
    return st


def pw_stats(st, pages, ctx=1):
    st = dict(st)
    st.update({
        "playwright/browser_count": "1",
        "playwright/context_count": str(ctx),
        "playwright/context_count/max_concurrent": str(ctx),
        "playwright/context_count/persistent/False": str(ctx),
        "playwright/context_count/remote/False": str(ctx),
        "playwright/page_count": str(pages),
        "playwright/page_count/max_concurrent": str(min(pages, 4)),
        "playwright/request_count": str(pages * 64 + HX.randint(30, 40)),
        "playwright/request_count/method/GET": str(pages * 60 + HX.randint(0, 20)),
        "playwright/request_count/navigation": str(pages),
        "playwright/request_count/resource_type/document": str(pages),
        "playwright/response_count": str(pages * 56 + HX.randint(0, 20)),
    })
    return st


def push_new(branch, objs, kib):
    return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 12 threads
Compressing objects: 100% ({objs // 2}/{objs // 2}), done.
Writing objects: 100% ({objs - 2}/{objs - 2}), {kib} KiB | {kib} MiB/s, done.
Total {objs - 2} (delta {objs // 3}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def glab_mr(branch, title, iid):
    return f"""
Creating merge request for {branch} into main in data/price-spider

!{iid} {title} ({branch})
 {GL}/-/merge_requests/{iid}
"""


JD_SKU_A = "100012043978"   # 美的空调，有到手价
JD_SKU_B = "100038004353"   # 九阳破壁机，无到手价
JD_API = ("https://api.m.jd.com/?appid=pc-item-soa&functionId=pc_detailpage_wareBusiness&client=pc"
          "&clientVersion=1.0.0&body=%7B%22skuId%22%3A{sku}%2C%22area%22%3A%221_72_2799_0%22%7D")
SN_A = "https://product.suning.com/0000000000/11001203721.html"
SN_B = "https://product.suning.com/0000000000/12237754131.html"
MIDEA_TITLE = "美的(Midea)新一级能效 变频冷暖 壁挂式空调挂机 1.5匹 KFR-35GW/N8MJA3"
PIPES = ["price_spider.pipelines.NormalizePipeline", "price_spider.pipelines.MongoPipeline"]


def gen():
    d = Dev("zh-spider", U, "zh", MODEL, seed=20260914, files=FILES)

    # ============================================================== S1  2026-09-14 (Mon)
    with d.session("2026-09-14T01:52:00", R, branch="main", version="2.1.112"):
        # ---- T01: code tour
        t = d.task("scrapy-redis 这块当时是小林搭的，我一直没细看。带我过一遍：一个商品从种子进 redis 到价格落进 mongo，"
                   "中间经过哪些代码？cron 又是怎么排的", tags=["noise"])
        t.glob("price_spider/**/*.py", [P("price_spider/__init__.py"), P("price_spider/db.py"), P("price_spider/items.py"),
                                        P("price_spider/loaders.py"), P("price_spider/middlewares.py"),
                                        P("price_spider/pipelines.py"), P("price_spider/settings.py"),
                                        P("price_spider/spiders/__init__.py"), P("price_spider/spiders/dangdang.py"),
                                        P("price_spider/spiders/jd.py"), P("price_spider/spiders/suning.py"),
                                        P("price_spider/spiders/vip.py"), P("price_spider/tools/__init__.py"),
                                        P("price_spider/tools/refresh_cookies.py"), P("price_spider/tools/seed.py"),
                                        P("price_spider/tools/stats.py"), P("price_spider/utils/__init__.py"),
                                        P("price_spider/utils/price.py")])
        t.read(P("price_spider/tools/seed.py"))
        t.read(P("price_spider/settings.py"))
        t.read(P("price_spider/spiders/jd.py"))
        t.read(P("price_spider/pipelines.py"))
        t.read(P("deploy/crontab"))
        t.read(P("bin/crawl"))
        t.done("""整条链路分三段：灌种子 → 分布式抓取 → 落库。

**1. 灌种子**（`price_spider/tools/seed.py`，cron 每天 01:30）
- 从 mongo 的 `targets` 集合取 `enabled: true` 的商品 URL，按渠道 `LPUSH` 进 `<spider>:start_urls`（比如 `jd_price:start_urls`）
- 同一个 pipeline 里先 `DEL <spider>:dupefilter` 和旧的 `start_urls`，所以每天的指纹集合是从空开始的

**2. 抓取**（`bin/crawl <spider>`，cron 02:00 起按站点错开）
- `bin/crawl` 只是 `cd` 到项目目录，用 `.venv/bin/scrapy crawl` 启动，日志写到 `logs/<spider>/<日期_时分>.log`
- spider 都继承 `scrapy_redis.spiders.RedisSpider`：启动后按 `REDIS_START_URLS_BATCH_SIZE = 16` 一批批从 `start_urls` 里 pop URL
- `SCHEDULER` / `DUPEFILTER_CLASS` 换成了 scrapy-redis 的实现：请求队列在 `<spider>:requests`（有序集合），指纹在 `<spider>:dupefilter`。crawler-01 和 crawler-02 上的 worker 连的是同一个 redis（crawler-01 上），所以两台机器自然分摊
- 队列空了以后 worker 不会马上退出，`MAX_IDLE_TIME_BEFORE_CLOSE = 300`：空闲 5 分钟才结束，避免另一台还在往队列里加请求时提前退出
- 京东是两步：`parse` 解析商品页（标题 / 品牌 / 店铺 / 规格），再用 `cb_kwargs` 带着半成品 item 请求 `wareBusiness` 价格接口，`parse_price` 填价格后 yield
- 苏宁、唯品会带 `meta["playwright"] = True`，走 scrapy-playwright 的浏览器；其他请求仍走普通下载器（`DOWNLOAD_HANDLERS` 换成了 playwright 的 handler，但它对非 playwright 请求会回落到默认实现）

**3. 落库**（`pipelines.py`）
- `NormalizePipeline`（200）：文本去空白，没价格的 `DropItem`，补 `crawled_at`（UTC）
- `MongoPipeline`（800）：按 `(channel, sku_id, date)` upsert 到 `prices.offers`，`date` 是北京时间的日期。所以一个 sku 一天只有一条，当天后抓的覆盖先抓的

**cron**（`deploy/crontab`，装在 crawler-01 的 spider 用户下）：
| 时间 | 任务 |
|---|---|
| 每 6 小时 :10 | `refresh_cookies --site suning`（Playwright 拿反爬 cookie 存 redis） |
| 01:30 | seed 四个站点 |
| 02:00 / 03:00 / 04:00 / 04:30 | jd / dangdang / suning / vip |
| 08:00 | `tools.stats --yesterday`，日报数据 |

crontab 里写了 `PATH` 和 `SHELL`，命令都用 `.venv/bin/...` 的绝对路径，不依赖 poetry 在 cron 环境里能不能找到。crawler-02 的 crontab 不在仓库里，按注释它只跑 jd / dangdang 的额外 worker。""")

        # ---- T02: morning check (W3 #1)
        t = d.task("早上巡检一下昨晚的抓取：各站点结束原因、抓了多少条、报错数，入库覆盖率，redis 里有没有积压。有问题的列出来",
                   tags=["workflow:W3"])
        t.bash("ssh crawler-01 'cd /opt/price-spider && for f in logs/*/2026-09-14_*.log; do echo \"== $f\"; "
               "grep -E \"finish_reason|item_scraped_count|log_count/ERROR|elapsed_time_seconds\" \"$f\"; done'",
               "crawler-01 上昨晚各 spider 的结束统计", out="""== logs/dangdang_price/2026-09-14_0300.log
 'elapsed_time_seconds': 1734.218814,
 'finish_reason': 'finished',
 'item_scraped_count': 4466,
 'log_count/ERROR': 2,
== logs/jd_price/2026-09-14_0200.log
 'elapsed_time_seconds': 5472.90114,
 'finish_reason': 'finished',
 'item_scraped_count': 9233,
 'log_count/ERROR': 14,
== logs/suning_price/2026-09-14_0400.log
 'elapsed_time_seconds': 3312.550971,
 'finish_reason': 'finished',
 'item_scraped_count': 6388,
 'log_count/ERROR': 57,
== logs/vip_price/2026-09-14_0430.log
 'elapsed_time_seconds': 2840.07716,
 'finish_reason': 'finished',
 'item_scraped_count': 2915,
 'log_count/ERROR': 96,""")
        t.bash("ssh crawler-02 'cd /opt/price-spider && for f in logs/*/2026-09-14_*.log; do echo \"== $f\"; "
               "grep -E \"finish_reason|item_scraped_count|log_count/ERROR|elapsed_time_seconds\" \"$f\"; done'",
               "crawler-02 上的 worker 统计", out="""== logs/dangdang_price/2026-09-14_0305.log
 'elapsed_time_seconds': 1421.663027,
 'finish_reason': 'finished',
 'item_scraped_count': 4652,
 'log_count/ERROR': 1,
== logs/jd_price/2026-09-14_0205.log
 'elapsed_time_seconds': 5169.30482,
 'finish_reason': 'finished',
 'item_scraped_count': 9109,
 'log_count/ERROR': 11,""")
        t.bash("ssh crawler-01 'cd /opt/price-spider && .venv/bin/python -m price_spider.tools.stats --date 2026-09-14'",
               "按渠道统计今天入库条数和覆盖率", out="""date=2026-09-14 (Asia/Shanghai)
channel      items  targets  coverage  last_crawled
dangdang      9118     9204     99.1%  2026-09-14 03:29
jd           18342    18610     98.6%  2026-09-14 03:33
suning        6388     6850     93.3%  2026-09-14 04:55
vip           2915     3390     86.0%  2026-09-14 05:17""")
        t.bash("ssh crawler-01 'for k in jd_price dangdang_price suning_price vip_price; do "
               "printf \"%-15s start_urls=%-6s requests=%s\\n\" $k $(redis-cli llen $k:start_urls) $(redis-cli zcard $k:requests); done'",
               "看 redis 队列有没有积压", out="""jd_price        start_urls=0      requests=0
dangdang_price  start_urls=0      requests=0
suning_price    start_urls=0      requests=0
vip_price       start_urls=0      requests=0""")
        t.bash("ssh crawler-01 'cd /opt/price-spider && grep -h \" ERROR: \" logs/vip_price/2026-09-14_0430.log logs/suning_price/2026-09-14_0400.log "
               "| cut -d\" \" -f3- | sed -E \"s/<GET [^>]+>/<GET ...>/\" | sort | uniq -c | sort -rn | head'",
               "苏宁和唯品会的报错按类型归类", out="""     71 [scrapy.core.scraper] ERROR: Error downloading <GET ...>
     44 [scrapy.downloadermiddlewares.retry] ERROR: Gave up retrying <GET ...> (failed 4 times): 403 Forbidden
     38 [scrapy.core.scraper] ERROR: Error downloading <GET ...>: Page.wait_for_selector: Timeout 15000ms exceeded.""")
        t.done("""昨晚的抓取都正常结束了（`finish_reason` 全部是 `finished`），redis 里没有积压（`start_urls` / `requests` 都是 0）。

| 站点 | 条数（01 + 02） | 报错 | 覆盖率 | 最后入库 |
|---|---|---|---|---|
| 京东 | 9233 + 9109 = 18342 | 14 + 11 | 98.6% | 03:33 |
| 当当 | 4466 + 4652 = 9118 | 2 + 1 | 99.1% | 03:29 |
| 苏宁 | 6388 | 57 | 93.3% | 04:55 |
| 唯品会 | 2915 | 96 | **86.0%** | 05:17 |

需要关注的：
1. **唯品会**覆盖率只有 86%，报错最多。苏宁和唯品会的报错合起来看，主要是三类：`Error downloading`（71，浏览器下载失败）、重试 4 次仍然 `403 Forbidden`（44）、等价格元素 15 秒超时（38）。403 和等不到价格元素，一般是被风控拦了，落到了验证页。
2. **苏宁** 93.3%，同样有 `wait_for_selector` 超时，也可能是页面结构有变化。

京东和当当没问题。唯品会如果明天还是这个水平，建议拿几个失败的 URL 用 `scripts/snapshot.py` 看一下实际返回的页面。""")

        # ---- T03: no tools
        t = d.task("问个问题：我们 SCHEDULER_PERSIST = True，那 dupefilter 不会越攒越大吗？每天同样的 URL 再灌进去，会不会被当成重复的过滤掉？",
                   tags=["noise", "no_tools"])
        t.done("""不会，这里有两层保护。

**1. 种子请求本身不过滤。** scrapy-redis 0.9 的 `RedisSpider.make_request_from_data` 把 redis 里取出的 URL 构造成请求时，带的是 `dont_filter=True`。所以 `start_urls` 里的商品页，就算指纹已经在 dupefilter 里也照样会抓（本地 `-a skus=` 的调试路径也显式写了 `dont_filter=True`）。

**2. 会被过滤的是派生请求。** 比如京东从商品页发出去的 `wareBusiness` 价格接口，这类请求要过 dupefilter。如果指纹一直留着，第二天同一个 sku 的价格接口就会被当成重复丢掉，只剩商品页，`parse_price` 不执行，也就没有 item。所以 `tools/seed.py` 每天灌种子之前会先 `DEL <spider>:dupefilter`。指纹集合的生命周期等于一天，大小大约就是「当天的请求数」（京东一天 3.7 万条指纹，每条 40 字节的十六进制 sha1，几 MB），不会无限增长。

**为什么要 `SCHEDULER_PERSIST = True`：** 设成 False 的话，scheduler 在 spider 关闭时会 flush 队列和 dupefilter。我们两台机器共用一个队列，先空闲超时退出的那台会把指纹清掉，另一台还在跑的就可能重复抓。所以改成持久化，由 seed 统一在每天开始前清理。

另外顺带一提：seed 灌的是纯 URL 字符串，scrapy-redis 0.9 对每条字符串种子都会打一条 `String request is deprecated, please use JSON data format` 的 WARNING。线上日志里那一大片 WARNING 基本都是它，不影响抓取。以后想去掉的话，可以把种子改成 JSON（`{"url": ...}`），或者在 spider 里覆盖 `make_request_from_data`（苏宁、唯品会已经覆盖了）。""")

    # ============================================================== S2  2026-09-16 (Wed)
    with d.session("2026-09-16T02:21:00", R, branch="feat/jd-coupon", version="2.1.113"):
        jd = P("price_spider/spiders/jd.py")
        tjd = P("tests/spiders/test_jd.py")
        items = P("price_spider/items.py")
        # ---- T04: JD coupon price (M3 #1, W2 #1, P1 #1)
        t = d.task("京东商品页上那个「到手价」（券后价）运营也要。价格接口返回里 finalPrice 那块就是，存成 coupon_price_fen。"
                   "价格一律存整数分，别用 float。先拿 100012043978 的接口返回存个 fixture 写测试，测完本地跑两个 sku 看看",
                   tags=["mistake:M3", "workflow:W2", "pref:P1"])
        t.read(jd)
        t.read(tjd)
        fx = f"tests/fixtures/jd/ware_business_{JD_SKU_A}.json"
        t.bash(f"mkdir -p tests/fixtures/jd && curl -s -A '{UA}' -H 'Referer: https://item.jd.com/{JD_SKU_A}.html' "
               f"'{JD_API.format(sku=JD_SKU_A)}' | python3 -m json.tool --no-ensure-ascii > {fx} && wc -c {fx}",
               "把 100012043978 的价格接口返回存成 fixture", out=f"18734 {fx}")
        t.bash(f"python3 -c \"import json; d = json.load(open('{fx}')); "
               "print(json.dumps({k: d[k] for k in ('price', 'finalPrice')}, ensure_ascii=False, indent=2))\"",
               "看价格相关字段的结构", out="""{
  "price": {
    "epp": "",
    "id": "100012043978",
    "op": "4999.00",
    "p": "4299.00",
    "plusTag": false
  },
  "finalPrice": {
    "price": "3999.00",
    "priceContent": "到手价"
  }
}""")
        t.edit(jd, """        item["list_price_fen"] = parse_price_fen(price.get("op"))
        yield item""", """        item["list_price_fen"] = parse_price_fen(price.get("op"))
        # 到手价（券后价）：没有券的商品接口里没有 finalPrice，这时存 None
        item["coupon_price_fen"] = parse_price_fen((data.get("finalPrice") or {}).get("price"))
        yield item""")
        t.edit(tjd, """    assert item["price_fen"] == 59900
    assert item["list_price_fen"] == 79900
""", """    assert item["price_fen"] == 59900
    assert item["list_price_fen"] == 79900


def test_parse_price_with_coupon():
    response = fixture_response(
        "jd/ware_business_100012043978.json",
        url="https://api.m.jd.com/?functionId=pc_detailpage_wareBusiness",
        cls=TextResponse,
    )

    item = next(JdPriceSpider().parse_price(response, item=OfferItem(channel="jd", sku_id="100012043978")))

    assert item["price_fen"] == 429900
    assert item["list_price_fen"] == 499900
    assert item["coupon_price_fen"] == 399900
""")
        src1, ln1 = frame_src(d, tjd, "def test_parse_price():", "item = next(JdPriceSpider().parse_price")
        src2, ln2 = frame_src(d, tjd, "def test_parse_price_with_coupon():", "item = next(JdPriceSpider().parse_price")
        jl = line_of(d, jd, '        item["coupon_price_fen"]')
        mid = f"""price_spider/spiders/jd.py:{jl}: in parse_price
    item["coupon_price_fen"] = parse_price_fen((data.get("finalPrice") or {{}}).get("price"))"""
        body = "\n".join([
            sep("test_parse_price", "_"), "", src1, "", f"tests/spiders/test_jd.py:{ln1}: ", SEP_, mid, SEP_, "",
            item_keyerror({"channel": "jd", "sku_id": JD_SKU_B, "price_fen": 59900, "list_price_fen": 79900},
                          "coupon_price_fen", None),
            sep("test_parse_price_with_coupon", "_"), "", src2, "", f"tests/spiders/test_jd.py:{ln2}: ", SEP_, mid, SEP_, "",
            item_keyerror({"channel": "jd", "sku_id": JD_SKU_A, "price_fen": 429900, "list_price_fen": 499900},
                          "coupon_price_fen", 399900),
        ])
        t.fail("poetry run pytest tests/spiders/test_jd.py -q", "运行京东 spider 的测试", pq(
            ".FF", "0.38s", body, failed=[
                "tests/spiders/test_jd.py::test_parse_price - KeyError: 'OfferItem does not support field: coupon_price_fen'",
                "tests/spiders/test_jd.py::test_parse_price_with_coupon - KeyError: 'OfferItem does not support field: coupon_price_fen'"]))
        t.say("`OfferItem` 是 `scrapy.Item`，只能设置声明过的字段，`coupon_price_fen` 还没在 `items.py` 里声明。加上：")
        t.read(items)
        t.edit(items, """    list_price_fen = scrapy.Field()  # 划线价 / 定价
""", """    list_price_fen = scrapy.Field()  # 划线价 / 定价
    coupon_price_fen = scrapy.Field()  # 到手价 / 券后价（京东 finalPrice），没有券时为 None
""")
        t.bash("poetry run pytest tests/spiders/test_jd.py -q", "重新运行京东 spider 的测试", out=pq("...", "0.35s"))
        st = base_stats(4, 391_226, 2)
        t.bash(f"poetry run scrapy crawl jd_price -a skus={JD_SKU_A},{JD_SKU_B} -s CLOSESPIDER_PAGECOUNT=10 "
               "-O /tmp/jd.jsonl 2>&1 | tail -n 32", "本地跑两个 sku", out=crawl_log(
                   d, "jd_price", {"CLOSESPIDER_PAGECOUNT": "'10'"}, PIPES, st, feed=("/tmp/jd.jsonl", 2),
                   secs=9.6, tail=32), timeout=180000)
        wait(d, 10)
        t.bash("jq -c '{sku_id, price_fen, list_price_fen, coupon_price_fen}' /tmp/jd.jsonl", "看导出的价格字段",
               out=f"""{{"sku_id":"{JD_SKU_A}","price_fen":429900,"list_price_fen":499900,"coupon_price_fen":399900}}
{{"sku_id":"{JD_SKU_B}","price_fen":59900,"list_price_fen":79900,"coupon_price_fen":null}}""")
        t.bash("git add -A && git commit -m \"feat(jd): 抓取到手价 coupon_price_fen\"", "提交", out="""[feat/jd-coupon 5d2a9c4] feat(jd): 抓取到手价 coupon_price_fen
 4 files changed, 636 insertions(+)
 create mode 100644 tests/fixtures/jd/ware_business_100012043978.json""")
        t.bash("git push -u origin feat/jd-coupon", "推送分支", err=push_new("feat/jd-coupon", 14, "4.81"))
        t.bash("glab mr create --source-branch feat/jd-coupon --target-branch main --title \"feat(jd): 抓取到手价 coupon_price_fen\" "
               "--description \"价格接口 finalPrice.price 存为 coupon_price_fen（整数分，没有券时为 null）。"
               "新增 wareBusiness fixture 和测试；本地跑 2 个 sku 验证。\" --remove-source-branch",
               "创建 MR", out=glab_mr("feat/jd-coupon", "feat(jd): 抓取到手价 coupon_price_fen", 37))
        t.done(f"""到手价加好了，MR **!37**：{GL}/-/merge_requests/37

- `jd.py` 的 `parse_price` 读接口里的 `finalPrice.price`，用 `parse_price_fen` 转成整数分存到 `coupon_price_fen`；没有券的商品接口里没有 `finalPrice`，存 `None`
- `items.py` 的 `OfferItem` 新增 `coupon_price_fen` 字段。第一次跑测试时漏了这一步，`scrapy.Item` 不接受未声明的字段，报了 `KeyError: 'OfferItem does not support field: coupon_price_fen'`，声明之后 3 个测试全过
- fixture：`tests/fixtures/jd/ware_business_100012043978.json`（接口原样返回，`p` 4299.00 / `op` 4999.00 / 到手价 3999.00）

本地跑两个 sku 的结果：

| sku | price_fen | list_price_fen | coupon_price_fen |
|---|---|---|---|
| 100012043978 | 429900 | 499900 | 399900 |
| 100038004353 | 59900 | 79900 | null |

全程没有 float，接口里的字符串价格直接走 `Decimal` 转分。""")

        # ---- T05: local mongo check (M1 #1)
        t = d.task("刚才本地跑的那两条京东数据进 mongo 了吗？看下 offers 里这两个 sku 今天的记录，coupon_price_fen 有没有值",
                   tags=["mistake:M1"])
        t.bash("docker compose ps --format 'table {{.Name}}\\t{{.Image}}\\t{{.Status}}'", "确认本地 mongo / redis 在跑",
               out="""NAME       IMAGE          STATUS
ps-mongo   mongo:7.0.12   Up 3 days
ps-redis   redis:7.2.4    Up 3 days""")
        q = ("db.offers.find({channel: \"jd\", sku_id: {$in: [\"100012043978\", \"100038004353\"]}, date: \"2026-09-16\"}, "
             "{_id: 0, sku_id: 1, price_fen: 1, coupon_price_fen: 1, crawled_at: 1}).toArray()")
        t.fail(f"docker compose exec -T mongo mongosh -u spider -p spider123 prices --quiet --eval '{q}'",
               "用容器里的 mongosh 查这两个 sku", "MongoServerError: Authentication failed.")
        t.say("认证失败。`docker-compose.yml` 里的 `spider` 是 `MONGO_INITDB_ROOT_USERNAME` 建的 root 用户，它在 `admin` 库里；"
              "我把库名 `prices` 放在连接参数里，mongosh 就拿 `prices` 当认证库了。看一下项目自己的连接串：")
        t.bash("grep -n '^MONGO' .env", "查看 .env 里的 mongo 配置", out="""1:MONGO_URI=mongodb://spider:spider123@localhost:27017/?authSource=admin
2:MONGO_DB=prices""")
        t.bash(f"docker compose exec -T mongo mongosh -u spider -p spider123 --authenticationDatabase admin prices --quiet --eval '{q}'",
               "指定 admin 为认证库再查", out=f"""[
  {{
    sku_id: '{JD_SKU_A}',
    price_fen: 429900,
    coupon_price_fen: 399900,
    crawled_at: ISODate('2026-09-16T02:58:41.207Z')
  }},
  {{
    sku_id: '{JD_SKU_B}',
    price_fen: 59900,
    coupon_price_fen: null,
    crawled_at: ISODate('2026-09-16T02:58:42.916Z')
  }}
]""")
        t.done("""两条都进库了，`coupon_price_fen` 也写进去了：

| sku | price_fen | coupon_price_fen | crawled_at（UTC） |
|---|---|---|---|
| 100012043978 | 429900 | 399900 | 02:58:41 |
| 100038004353 | 59900 | null | 02:58:42 |

`100038004353` 本身没有券，所以是 `null`。这和接口返回一致，不是漏抓。

第一次查的时候报了 `MongoServerError: Authentication failed.`：本地 compose 的 `spider` 用户建在 `admin` 库，要加 `--authenticationDatabase admin`（`.env` 里的 `MONGO_URI` 也是 `authSource=admin`）。""")

        # ---- T06: webfetch
        t = d.task("scrapy-playwright 能不能把图片、字体、埋点这些请求拦掉？苏宁和唯品会走浏览器太费代理流量了。先查下文档怎么配，告诉我就行，先不改",
                   tags=["noise", "webfetch"])
        t.webfetch("https://github.com/scrapy-plugins/scrapy-playwright",
                   "Find how to abort requests for images/fonts/media in scrapy-playwright: the setting name, its signature, examples, and any stats it records.",
                   """scrapy-playwright provides the `PLAYWRIGHT_ABORT_REQUEST` setting for this:

**`PLAYWRIGHT_ABORT_REQUEST`**
Type: `Optional[Union[Callable, str]]`, default: `None`

"A predicate function (or the path to a function) that receives a `playwright.async_api.Request` object and must return `True` if the request should be aborted, `False` otherwise. Coroutine functions (`async def`) are supported."

Example from the README:
```python
def should_abort_request(request):
    return (
        request.resource_type == "image"
        or ".jpg" in request.url
    )

PLAYWRIGHT_ABORT_REQUEST = should_abort_request
```

Notes from the documentation:
- Aborted requests are counted in the `playwright/request_count/aborted` job stats item.
- "This setting applies to requests made by the browser (i.e. resources loaded by the page), not to the Scrapy request itself" — the main navigation request is still performed.
- Related setting `PLAYWRIGHT_PROCESS_REQUEST_HEADERS` controls header handling; `PLAYWRIGHT_MAX_PAGES_PER_CONTEXT` and `PLAYWRIGHT_MAX_CONTEXTS` limit concurrency.
- The predicate may be given as an import path string, e.g. `PLAYWRIGHT_ABORT_REQUEST = "myproject.utils.should_abort_request"`.""")
        t.done("""可以，用 `PLAYWRIGHT_ABORT_REQUEST`。它接一个函数（或者函数的导入路径），参数是页面里发出的每个 `playwright.async_api.Request`，返回 `True` 就拦掉。只影响页面加载的资源，不影响 Scrapy 本身那个导航请求。

建议这样配（放在 `settings.py` 里全局生效，只对走浏览器的请求起作用）：

```python
BLOCK_RESOURCE_TYPES = {"image", "media", "font"}
BLOCK_URL_KEYWORDS = ("hm.baidu.com", "cnzz.com", "google-analytics", "/sa.gif", "log.mmstat.com")


def should_abort_request(request):
    if request.resource_type in BLOCK_RESOURCE_TYPES:
        return True
    return any(k in request.url for k in BLOCK_URL_KEYWORDS)


PLAYWRIGHT_ABORT_REQUEST = should_abort_request
```

几点注意：
- **别拦 `stylesheet` 和 `script`**：苏宁、唯品会的价格是 JS 渲染的，拦了脚本就等不到价格元素；CSS 拦掉有时会让 `wait_for_selector` 的「可见」判断失败
- 拦掉的数量会记在 stats 的 `playwright/request_count/aborted`，上线后可以对比 `playwright/response_count` 看省了多少
- 埋点域名的列表要按实际页面补，可以先用 `scripts/snapshot.py` 拉一个页面，在浏览器 devtools 里看请求瀑布
- 验证的时候留意风控：有的站会检查图片是否加载过（比如滑块验证的背景图），如果拦了之后 403 / 验证页变多，就把对应站点的图片放开

要改的时候说一声，我再加上并本地对比一下 stats。""")

    # ============================================================== S3  2026-09-18 (Fri, afternoon)
    with d.session("2026-09-18T06:04:00", R, branch="main", version="2.1.113"):
        # ---- T07: pull teammate's playwright bump (F2)
        t = d.task("小林把 playwright 升到 1.48 了（说是修 chromium 偶发崩溃），已经合进 main。帮我拉一下代码、把依赖同步好，再跑一遍测试",
                   tags=["flaky:F2"])
        t.bash("git status -sb", "确认工作区干净", out="## main...origin/main")
        t.fail("git pull", "拉取 main", """kex_exchange_identification: read: Connection reset by peer
Connection reset by 10.0.1.15 port 22
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.""")
        t.bash("git pull", "拉取 main", out="""Updating 8c41d0e..4e1c2a7
Fast-forward
 poetry.lock                                       |  38 +-
 price_spider/items.py                             |   1 +
 price_spider/spiders/jd.py                        |   2 +
 pyproject.toml                                    |   4 +-
 tests/fixtures/jd/ware_business_100012043978.json | 612 ++++++++++++++++++++++
 tests/spiders/test_jd.py                          |  15 +
 6 files changed, 652 insertions(+), 20 deletions(-)
 create mode 100644 tests/fixtures/jd/ware_business_100012043978.json""", err="""From git.jiayan.tech:data/price-spider
   8c41d0e..4e1c2a7  main       -> origin/main""")
        d.files[P("pyproject.toml")] = d.files[P("pyproject.toml")].replace(
            'scrapy-playwright = "0.0.41"\nplaywright = "1.47.0"', 'scrapy-playwright = "0.0.42"\nplaywright = "1.48.0"')
        t.bash("git log --oneline -4", "看拉下来的提交", out="""4e1c2a7 (HEAD -> main, origin/main) chore(deps): playwright 1.48.0, scrapy-playwright 0.0.42
0b93f15 Merge branch 'feat/jd-coupon' into 'main'
5d2a9c4 feat(jd): 抓取到手价 coupon_price_fen
8c41d0e fix(vip): 详情页等待价格元素超时调到 15s""")
        t.bash("poetry install --sync", "按 lock 文件同步依赖", out="""Installing dependencies from lock file

Package operations: 0 installs, 3 updates, 0 removals

  - Updating greenlet (3.0.3 -> 3.1.1)
  - Updating playwright (1.47.0 -> 1.48.0)
  - Updating scrapy-playwright (0.0.41 -> 0.0.42)

Installing the current project: price-spider (0.14.0)""", timeout=300000)
        wait(d, 18)
        t.bash("poetry run pytest -q", "跑全部测试", out=pq("." * 16, "0.91s"))
        t.done("""代码和依赖都同步好了：

- `git pull` 第一次 SSH 连 GitLab 被重置（`kex_exchange_identification: read: Connection reset by peer`），重试一次就好了，是网络抖动
- 拉下来两部分：小林的 `chore(deps): playwright 1.48.0, scrapy-playwright 0.0.42`，以及已经合进去的 !37（到手价）
- `poetry install --sync` 更新了 3 个包：`playwright` 1.47.0 → 1.48.0、`scrapy-playwright` 0.0.41 → 0.0.42、`greenlet` 3.0.3 → 3.1.1
- 全部 16 个测试通过""")

        # ---- T08: snapshot suning (M2 #1)
        snap = P("scripts/snapshot.py")
        sn = P("price_spider/spiders/suning.py")
        t = d.task(f"苏宁这几天价格抓到的都是空的，覆盖率一直掉，估计详情页改版了。先用 snapshot 把这个页面拉下来看看现在的结构：{SN_A}",
                   tags=["mistake:M2"])
        t.read(sn)
        l_main = line_of(d, snap, "    main()\n")
        l_launch = line_of(d, snap, "browser = launcher.launch(")
        frames = f"""  File "{snap}", line {l_main}, in <module>
    main()
  File "{snap}", line {l_launch}, in main
    browser = launcher.launch(headless=not args.headed)
              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
        t.fail(f"poetry run python scripts/snapshot.py '{SN_A}' -o /tmp/suning_11001203721", "用 Playwright 拉苏宁详情页",
               pw_launch_error(AVENV, frames, "/home/suntao/.cache/ms-playwright/chromium-1140/chrome-linux/chrome"))
        t.say("浏览器没起来：Playwright 1.48 要的是 chromium-1140，本机缓存里应该还是 1.47 的那版。确认一下：")
        t.bash("ls ~/.cache/ms-playwright/ && poetry run python -c \"import importlib.metadata as m; print(m.version('playwright'))\"",
               "看本机已下载的浏览器和 playwright 版本", out="chromium-1134\nffmpeg-1010\n1.48.0")
        t.bash("poetry run playwright install chromium", "下载 playwright 1.48 对应的 chromium",
               out=pw_install("/home/suntao", [CHROMIUM_1140], removed=["chromium-1134"]), timeout=600000)
        wait(d, 55)
        t.bash(f"poetry run python scripts/snapshot.py '{SN_A}' -o /tmp/suning_11001203721", "重新拉苏宁详情页",
               out="saved /tmp/suning_11001203721/page.html (412876 chars), /tmp/suning_11001203721/page.png", timeout=120000)
        t.grep("mainprice|price-box|price-now|price-origin|stockStatus", path="/tmp/suning_11001203721/page.html",
               output_mode="content", n=True, content="""1873:<div class="price-box" id="priceBox"><span class="price-label">易购价</span><span class="price-now"><i>¥</i>4299<em>.00</em></span><del class="price-origin">¥4999.00</del><a class="price-notice" href="javascript:;">降价通知</a></div>
1881:<div id="stockStatus" class="stock-status">有货</div>""")
        t.grep("itemDisplayName|curShopName|<li title=\"美的", path="/tmp/suning_11001203721/page.html", output_mode="content",
               n=True, content=f"""1502:<h1 id="itemDisplayName">{MIDEA_TITLE}</h1>
1688:<a id="curShopName" href="//shop.suning.com/70057412/index.html" title="美的苏宁自营旗舰店">美的苏宁自营旗舰店</a>
2214:<li title="美的(Midea)">品牌：美的(Midea)</li>""")
        t.done(f"""页面拉下来了（`/tmp/suning_11001203721/page.html` 和 `page.png`），确实改版了，只动了价格区块：

| | 旧（spider 里现在用的） | 新 |
|---|---|---|
| 价格 | `span.mainprice` | `div.price-box > span.price-now`，里面拆成 `<i>¥</i>4299<em>.00</em>` |
| 划线价 | `del.mainprice-old` | `div.price-box > del.price-origin` |

`span.mainprice` 在新页面里已经不存在了，`wait_for_selector("span.mainprice")` 每次都会等满 15 秒超时。这就是苏宁报错和覆盖率往下掉的原因。

没变的：标题 `h1#itemDisplayName`、店铺 `a#curShopName`、品牌 `li[title]` 都还在。另外新页面多了一个库存状态 `div#stockStatus`（「有货」），以后想抓也有现成的位置。

新价格被拆成了几个节点，解析时建议对整个 `span.price-now` 取 `normalize-space`，得到 `¥4299.00` 再转分。

另外，第一次跑 snapshot 失败了：`BrowserType.launch: Executable doesn't exist at …/chromium-1140/chrome-linux/chrome`。原因是小林刚把 playwright 升到 1.48，它对应 chromium-1140，本机缓存里只有 1.47 的 chromium-1134。我用 `poetry run playwright install chromium` 装好了新版本，旧的 1134 也被自动清理了。""")

        # ---- T09: suning new layout (W2 #2, P2)
        tsn = P("tests/spiders/test_suning.py")
        t = d.task("按新结构改一下 suning 的解析。选择器统一用 XPath 写，别再混 CSS 了。fixture 就用刚才拉下来的页面，测完本地跑两个商品看看",
                   tags=["workflow:W2", "pref:P2"])
        t.bash("mkdir -p tests/fixtures/suning && cp /tmp/suning_11001203721/page.html tests/fixtures/suning/11001203721_v2.html "
               "&& ls -l tests/fixtures/suning/", "把新版页面存成 fixture", out="""total 812
-rw-rw-r-- 1 suntao suntao 398115 Jul 30 16:42 11001203721.html
-rw-rw-r-- 1 suntao suntao 417340 Sep 18 14:31 11001203721_v2.html""")
        t.read(tsn)
        t.edit(sn, """                "playwright_page_methods": [PageMethod("wait_for_selector", "span.mainprice", timeout=15_000)],""",
               """                "playwright_page_methods": [
                    PageMethod(
                        "wait_for_selector",
                        "xpath=//div[@class='price-box']//span[@class='price-now']",
                        timeout=15_000,
                    )
                ],""")
        t.edit(sn, """        loader.add_css("title", "h1#itemDisplayName::text")
        loader.add_xpath("brand", "//ul[contains(@class,'cnt')]/li[starts-with(.,'品牌')]/@title")
        loader.add_css("shop", "a#curShopName::text")
        loader.add_css("price_fen", "span.mainprice::text")
        loader.add_css("list_price_fen", "del.mainprice-old::text")""", """        loader.add_xpath("title", "normalize-space(//h1[@id='itemDisplayName'])")
        loader.add_xpath("brand", "//ul[contains(@class,'cnt')]/li[starts-with(.,'品牌')]/@title")
        loader.add_xpath("shop", "//a[@id='curShopName']/@title")
        # 2026-09 改版：价格拆成 <i>¥</i>4299<em>.00</em>，整体取 normalize-space
        loader.add_xpath("price_fen", "normalize-space(//div[@class='price-box']//span[@class='price-now'])")
        loader.add_xpath("list_price_fen", "normalize-space(//div[@class='price-box']//del[@class='price-origin'])")""")
        t.write(tsn, f"""from price_spider.spiders.suning import SuningPriceSpider
from tests.utils import fixture_response


def test_parse_item_v2_layout():
    response = fixture_response(
        "suning/11001203721_v2.html", url="{SN_A}"
    )

    item = next(SuningPriceSpider().parse_item(response))

    assert item["sku_id"] == "11001203721"
    assert item["title"] == "{MIDEA_TITLE}"
    assert item["brand"] == "美的(Midea)"
    assert item["shop"] == "美的苏宁自营旗舰店"
    assert item["price_fen"] == 429900
    assert item["list_price_fen"] == 499900
""")
        t.bash("git rm -q tests/fixtures/suning/11001203721.html", "删掉不再适用的旧版 fixture")
        t.bash("poetry run pytest tests/spiders/test_suning.py -q", "运行苏宁 spider 的测试", out=pq(".", "0.52s"))
        st = pw_stats(base_stats(2, 812_551, 2, mem=134_217_728), 2)
        body = [(9.8, "scrapy.extensions.logstats", "INFO: Crawled 2 pages (at 2 pages/min), scraped 2 items (at 2 items/min)")]
        t.bash(f"poetry run scrapy crawl suning_price -a urls={SN_A},{SN_B} -s CLOSESPIDER_PAGECOUNT=5 -O /tmp/suning.jsonl 2>&1 | tail -n 34",
               "本地用浏览器跑两个苏宁商品", out=crawl_log(
                   d, "suning_price", {"CLOSESPIDER_PAGECOUNT": "'5'"}, PIPES, st, body=body, feed=("/tmp/suning.jsonl", 2),
                   secs=14.2, playwright=True, tail=34), timeout=300000)
        wait(d, 15)
        t.bash("jq -c '{sku_id, title, price_fen, list_price_fen}' /tmp/suning.jsonl", "看导出的字段",
               out=f"""{{"sku_id":"11001203721","title":"{MIDEA_TITLE}","price_fen":429900,"list_price_fen":499900}}
{{"sku_id":"12237754131","title":"九阳(Joyoung)电饭煲 4L 家用多功能 IH电磁加热 F-40FY1","price_fen":32900,"list_price_fen":45900}}""")
        t.bash("git switch -c fix/suning-price-block && git add -A && git commit -m \"fix(suning): 适配详情页新价格区块，选择器统一改 XPath\"",
               "建分支并提交", out="""[fix/suning-price-block 7a61e08] fix(suning): 适配详情页新价格区块，选择器统一改 XPath
 3 files changed, 24 insertions(+), 13 deletions(-)
 rename tests/fixtures/suning/{11001203721.html => 11001203721_v2.html} (71%)""", err="Switched to a new branch 'fix/suning-price-block'")
        t.bash("git push -u origin fix/suning-price-block", "推送分支", err=push_new("fix/suning-price-block", 13, "88.42"))
        t.bash("glab mr create --source-branch fix/suning-price-block --target-branch main "
               "--title \"fix(suning): 适配详情页新价格区块，选择器统一改 XPath\" "
               "--description \"苏宁详情页改版，价格从 span.mainprice 换成 div.price-box/span.price-now。解析和 wait_for_selector 改用 XPath，"
               "fixture 换成新版页面；本地跑 2 个商品验证。\" --remove-source-branch", "创建 MR",
               out=glab_mr("fix/suning-price-block", "fix(suning): 适配详情页新价格区块，选择器统一改 XPath", 39))
        t.done(f"""苏宁按新结构改好了，MR **!39**：{GL}/-/merge_requests/39

- `wait_for_selector` 改成等 `xpath=//div[@class='price-box']//span[@class='price-now']`
- `parse_item` 里的选择器全部换成 XPath：价格 / 划线价对整个节点取 `normalize-space`（`¥4299.00`），再交给 `parse_price_fen`；标题改成 `normalize-space(//h1[@id='itemDisplayName'])`，店铺取 `curShopName` 的 `@title`
- fixture 换成刚才拉的新版页面 `tests/fixtures/suning/11001203721_v2.html`，旧版的删了（git 识别为 rename）；测试补了标题和店铺的断言

本地用浏览器跑了两个商品，都拿到了价格：空调 4299.00（划线 4999.00），电饭煲 329.00（划线 459.00）。""")

        # ---- T10: no tools
        t = d.task("PLAYWRIGHT_MAX_CONTEXTS 和 PLAYWRIGHT_MAX_PAGES_PER_CONTEXT 跟 CONCURRENT_REQUESTS 是什么关系？"
                   "crawler-01 只有 8G 内存，苏宁和唯品会同时跑的时候开多少合适", tags=["noise", "no_tools"])
        t.done("""三个设置管的是不同层：

- `CONCURRENT_REQUESTS`（16）/ `CONCURRENT_REQUESTS_PER_DOMAIN`（4）是 Scrapy 下载器的并发上限，决定同一时刻最多有多少个请求「在飞」。走浏览器的请求也占这个名额
- `PLAYWRIGHT_MAX_CONTEXTS`（4）：一个 spider 进程里最多同时存在几个浏览器 context（相当于几个独立的无痕窗口，各自有 cookie 和缓存）
- `PLAYWRIGHT_MAX_PAGES_PER_CONTEXT`（4）：每个 context 里最多同时开几个页面（tab）。超出时请求会等待，直到有页面关闭

所以一个 spider 实际的浏览器并发 = `min(CONCURRENT_REQUESTS_PER_DOMAIN, MAX_CONTEXTS × MAX_PAGES_PER_CONTEXT)`。我们现在 per-domain 是 4，后两个乘起来是 16，**真正起作用的是 4**。另外我们的请求没有指定 `playwright_context`，全部落在 `default` 这一个 context 里，所以 `MAX_CONTEXTS = 4` 实际上用不满。

**内存估算**（headless chromium）：
- 浏览器主进程加 GPU 进程等，约 150–250 MB
- 每个打开的电商详情页，渲染进程约 80–200 MB（苏宁页面 40 万字符 HTML，加上脚本，按 150 MB 算）
- Scrapy 进程本身约 100–150 MB

一个 spider 开 4 个页面：250 + 4×150 + 150 ≈ 1 GB。苏宁和唯品会同时跑约 2 GB，再加 redis 和系统，8G 机器是够的。

建议：
1. 先保持 per-domain 4，页面数够用。瓶颈通常在风控，不在并发
2. 如果要提速，优先把两个站错开（现在 04:00 和 04:30 已经部分重叠了），不要把页面数开到 8 以上。chromium 页面一多，偶发崩溃（`Target page, context or browser has been closed`）会明显增加
3. 可以在 crontab 里加一层保护，比如 `systemd-run --user --scope -p MemoryMax=3G bin/crawl suning_price`，避免一个站失控把整机拖进 swap""")


    # ============================================================== S4  2026-09-22 (Tue)
    with d.session("2026-09-22T01:41:00", R, branch="fix/dangdang-price", version="2.1.115", end_reason="other"):
        price = P("price_spider/utils/price.py")
        tprice = P("tests/test_price.py")
        # ---- T11: thousands separators / ranges (O1, P1 #2)
        t = d.task("当当有些商品价格入库成 1 块钱了，看了下页面是「¥1,299.00」这种带千分位的，parse_price_fen 只取到了 1。"
                   "顺便把区间价（¥59.00-¥89.00，取低价）也支持上，补测试。还是老规矩：金额全程按分用 int 算，中间别转 float",
                   tags=["oneoff:O1", "pref:P1"])
        t.read(price)
        t.read(tprice)
        t.bash(f"curl -s -A '{UA}' 'https://product.dangdang.com/11573016203.html' | grep -o '<p id=\"dd-price\">.\\{{0,200\\}}'",
               "看一个千分位价格的当当页面里价格节点长什么样",
               out='<p id="dd-price"><span class="dd-installment">3期免息</span> <span class="yen">&yen;</span>1,299.00</p>')
        t.edit(price, """_NUM = re.compile(r"\\d+(?:\\.\\d+)?")


def parse_price_fen(text):
    \"\"\"'¥4299.00' / '4299' / '￥ 19.9' -> 整数分；解析不出来返回 None。\"\"\"
    if text is None:
        return None
    m = _NUM.search(str(text))
    if not m:
        return None
    return int((Decimal(m.group()) * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))""",
               """_NUM = re.compile(r"\\d+(?:\\.\\d{1,2})?")


def parse_price_fen(text):
    \"\"\"页面上的价格文本 -> 整数分，解析不出来返回 None。

    支持 '¥4299.00' / '4299' / '￥ 19.9' / '¥1,299.00'（千分位）/ '¥59.00-¥89.00'（区间价取低价）。
    全程 Decimal，不经过 float。
    \"\"\"
    if text is None:
        return None
    s = str(text).replace(",", "").replace("，", "")
    nums = _NUM.findall(s)
    if not nums:
        return None
    low = min(Decimal(n) for n in nums)
    return int((low * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))""")
        t.edit(tprice, """        ("¥0.99", 99),
    ],""", """        ("¥0.99", 99),
        ("¥1,299.00", 129900),
        ("¥59.00-¥89.00", 5900),
        ("3期免息 ¥1,299.00", 129900),
        ("¥12,999", 1299900),
    ],""")
        src, ln = frame_src(d, tprice, "@pytest.mark.parametrize(", "assert parse_price_fen(text) == expected")
        bad = "3期免息 ¥1,299.00"
        pid = f"test_parse_price_fen[{pytest_escape(bad)}-129900]"
        body = "\n".join([sep(pid, "_"), "", f"text = {bad!r}, expected = 129900", "", src,
                          "E       assert 300 == 129900",
                          f"E        +  where 300 = parse_price_fen({bad!r})", "", f"tests/test_price.py:{ln}: AssertionError"])
        t.fail("poetry run pytest tests/test_price.py -q", "运行价格解析的测试", pq(
            "......F....", "0.07s", body, failed=[f"tests/test_price.py::{pid} - assert 300 == 129900"]))
        t.say("「3期免息」里的 3 也被当成了一个价格，取最小值就取到了它。改成：文本里有 ¥/￥ 时只认货币符号后面的数字，没有货币符号再退回到找所有数字。")
        t.edit(price, """_NUM = re.compile(r"\\d+(?:\\.\\d{1,2})?")
""", """_NUM = re.compile(r"\\d+(?:\\.\\d{1,2})?")
_YEN_NUM = re.compile(r"[¥￥]\\s*(\\d+(?:\\.\\d{1,2})?)")
""")
        t.edit(price, """    nums = _NUM.findall(s)
    if not nums:""", """    # 有货币符号时只认符号后面的数字，避免把「3期免息」「2件」里的数字当成价格
    nums = _YEN_NUM.findall(s) or _NUM.findall(s)
    if not nums:""")
        t.bash("poetry run pytest tests/test_price.py -q", "重新运行价格解析的测试", out=pq("." * 11, "0.06s"))
        t.bash("poetry run pytest -q", "跑全部测试", out=pq("." * 20, "0.88s"))
        t.bash("git add -A && git commit -m \"fix(price): parse_price_fen 支持千分位和区间价\"", "提交",
               out="""[fix/dangdang-price 2f8e1b6] fix(price): parse_price_fen 支持千分位和区间价
 2 files changed, 17 insertions(+), 4 deletions(-)""")
        t.bash("git push -u origin fix/dangdang-price", "推送分支", err=push_new("fix/dangdang-price", 11, "1.37"))
        t.bash("glab mr create --source-branch fix/dangdang-price --target-branch main "
               "--title \"fix(price): parse_price_fen 支持千分位和区间价\" "
               "--description \"¥1,299.00 之前被解析成 100 分；现在去掉千分位，区间价取低价，有货币符号时只认符号后的数字（当当价格节点里带「3期免息」）。"
               "补了 4 个用例。\" --remove-source-branch", "创建 MR",
               out=glab_mr("fix/dangdang-price", "fix(price): parse_price_fen 支持千分位和区间价", 41))
        t.done(f"""修好了，MR **!41**：{GL}/-/merge_requests/41

`parse_price_fen` 现在的规则：
1. 先去掉千分位逗号（半角、全角都去）
2. 文本里有 `¥` / `￥` 时，只取货币符号后面的数字；没有货币符号才退回到找所有数字
3. 有多个数字（区间价）时取最小的
4. 全程 `Decimal`，最后四舍五入成整数分，没有 float

新增 4 个用例：`¥1,299.00` → 129900，`¥59.00-¥89.00` → 5900，`3期免息 ¥1,299.00` → 129900，`¥12,999` → 1299900。

第一版只做了去逗号和取最小值，测试挂在「3期免息」那条上：当当的价格节点里带了分期标签，`normalize-space` 后文本是 `3期免息 ¥1,299.00`，3 被当成了最低价，得到 300。加上第 2 条规则后 11 个用例全过，全量 20 个测试也通过。

已经入库的错误价格不会自动修正，明天 03:00 的抓取会把当天的记录写对。历史数据要不要按页面重抓回填，你定。""")

        # ---- T12: crawler-02 proxy whitelist (U1)
        t = d.task("crawler-02 上的京东从昨晚开始基本全挂了，条数只有平时的零头，看看怎么回事", tags=["unfixed:U1"])
        t.bash("ssh crawler-02 'cd /opt/price-spider && grep -E \"finish_reason|item_scraped_count|log_count/ERROR|log_count/WARNING\" logs/jd_price/2026-09-22_0205.log'",
               "看 crawler-02 昨晚京东的统计", out=""" 'finish_reason': 'finished',
 'item_scraped_count': 212,
 'log_count/ERROR': 3891,
 'log_count/WARNING': 1452,""")
        t.bash("ssh crawler-02 'cd /opt/price-spider && grep -m 3 \"proxy api\" logs/jd_price/2026-09-22_0205.log; "
               "grep -c \"proxy api http 403\" logs/jd_price/2026-09-22_0205.log; grep -m 2 \"Gave up retrying\" logs/jd_price/2026-09-22_0205.log'",
               "看代理相关的报错", out="""2026-09-22 02:05:03 [price_spider.middlewares] WARNING: proxy api http 403: {"code":-3,"msg":"提取IP 124.71.203.88 不在白名单中","data":null}
2026-09-22 02:05:04 [price_spider.middlewares] WARNING: proxy api http 403: {"code":-3,"msg":"提取IP 124.71.203.88 不在白名单中","data":null}
2026-09-22 02:05:04 [price_spider.middlewares] WARNING: proxy api http 403: {"code":-3,"msg":"提取IP 124.71.203.88 不在白名单中","data":null}
1437
2026-09-22 02:07:41 [scrapy.downloadermiddlewares.retry] ERROR: Gave up retrying <GET https://item.jd.com/100026667858.html> (failed 4 times): 403 Forbidden
2026-09-22 02:07:43 [scrapy.downloadermiddlewares.retry] ERROR: Gave up retrying <GET https://item.jd.com/100049486441.html> (failed 4 times): 403 Forbidden""")
        t.fail("ssh crawler-02 'cd /opt/price-spider && set -a && . ./.env && set +a && curl -sS -f \"$PROXY_API_URL&num=1&format=json\"'",
               "在 crawler-02 上直接调一次代理提取接口", "curl: (22) The requested URL returned error: 403", code=22)
        t.bash("for h in crawler-01 crawler-02; do printf '%s ' $h; ssh $h 'curl -sS https://ifconfig.me; echo'; done",
               "对比两台机器的出口 IP", out="crawler-01 124.71.201.17\ncrawler-02 124.71.203.88")
        t.bash("ssh crawler-02 'last -x reboot shutdown | head -4; uptime'", "看 crawler-02 最近有没有重启过",
               out="""reboot   system boot  5.15.0-119-gener Mon Sep 21 22:47   still running
shutdown system down  5.15.0-119-gener Mon Sep 21 22:41 - 22:47  (00:05)
reboot   system boot  5.15.0-119-gener Tue Aug 12 03:10 - 22:41 (40+19:31)
shutdown system down  5.15.0-119-gener Tue Aug 12 03:02 - 03:10  (00:07)
 09:49:02 up 11:01,  1 user,  load average: 0.08, 0.11, 0.09""")
        t.done("""原因找到了，需要你或周哥在代理商后台处理，我这边修不了：

- crawler-02 昨晚 22:41 关机、22:47 重新启动（像是云厂商的维护迁移），**公网出口 IP 变成了 `124.71.203.88`**
- 代理商的提取接口按出口 IP 做白名单，新 IP 不在名单里，接口直接返回 403：`{"code":-3,"msg":"提取IP 124.71.203.88 不在白名单中"}`。我在 crawler-02 上直接调了一次，结果一样（`curl: (22) … 403`）
- `ProxyMiddleware` 拿不到代理 IP，就用机器本身的 IP 直连京东，很快被风控，重试 4 次都是 `403 Forbidden`。昨晚 crawler-02 只抓到 212 条，报错 3891 条
- crawler-01 的出口 IP（`124.71.201.17`）没变，它那边正常

要做的事：
1. 在代理商后台把 `124.71.203.88` 加进提取白名单（账号在周哥那里）。如果控制台支持，把旧 IP 删掉
2. 今晚 02:05 之前加不上的话，建议先把 crawler-02 上 jd_price 的 cron 注释掉。否则它照样会从共享队列里领走一半任务，然后全部失败，京东当天的覆盖率只有一半左右
3. 长期看，crawler-02 最好绑一个弹性公网 IP，免得再被换掉

代理接口和 crontab 我都没动。""")

        # ---- T13: two weeks of commits (long output)
        t = d.task("帮我把最近两周 price-spider 的提交整理一下，周会要讲，按人分一下", tags=["noise", "long_output"])
        t.bash("git fetch -q && git log origin/main --since=2026-09-07 --no-merges --date=short --pretty=format:'%h %ad %<(6,trunc)%an %s'",
               "列出最近两周 main 上的提交", out="""4e1c2a7 2026-09-18 林佳   chore(deps): playwright 1.48.0, scrapy-playwright 0.0.42
5d2a9c4 2026-09-16 孙涛   feat(jd): 抓取到手价 coupon_price_fen
8c41d0e 2026-09-15 林佳   fix(vip): 详情页等待价格元素超时调到 15s
c07b5f2 2026-09-15 林佳   chore: 日志按 spider 分目录，bin/crawl 写 LOG_FILE
e5a3d18 2026-09-14 周建国 feat(seed): targets 支持 enabled 开关，seed 只灌启用的
91fe2ab 2026-09-12 林佳   fix(middlewares): 代理 API 403 时打印返回体
7b2c6e0 2026-09-11 孙涛   test(dangdang): 补自营店铺名断言
d4f1a93 2026-09-11 孙涛   feat(stats): 统计覆盖率改为对 enabled targets
30c8b7e 2026-09-10 林佳   fix(suning): refresh_cookies 改为 networkidle 再取 cookie
a8e09d6 2026-09-10 周建国 chore(crontab): vip 挪到 04:30，避开苏宁高峰
ff61c2d 2026-09-09 孙涛   feat(tools): stats 输出最后入库时间
1e7d4b5 2026-09-09 林佳   refactor(loaders): OfferLoader 抽到 loaders.py
6a90c3f 2026-09-08 孙涛   fix(jd): 店铺名改取 popbox 里的 h3
b35e27a 2026-09-08 林佳   ci: gitlab-ci 增加 ruff check
0f8d2c1 2026-09-07 周建国 docs: README 补线上机器说明""")
        t.bash("git log origin/fix/suning-price-block origin/fix/dangdang-price --not origin/main --no-merges --date=short "
               "--pretty=format:'%h %ad %<(6,trunc)%an %s'", "还没合进 main 的分支提交",
               out="""2f8e1b6 2026-09-22 孙涛   fix(price): parse_price_fen 支持千分位和区间价
7a61e08 2026-09-18 孙涛   fix(suning): 适配详情页新价格区块，选择器统一改 XPath""")
        t.bash("git shortlog -sn --no-merges --since=2026-09-07 origin/main origin/fix/suning-price-block origin/fix/dangdang-price",
               "按人统计提交数", out="""     7\t林佳
     7\t孙涛
     3\t周建国""")
        t.done("""最近两周（9/7–9/22）main 上 15 个提交，加上两个还在 MR 里的，共 17 个：

**孙涛（7）**
- 京东：抓取到手价 `coupon_price_fen`（!37，已合）；店铺名改取 popbox 里的 h3
- 苏宁：适配详情页新价格区块，选择器统一改 XPath（!39，待合）
- 价格解析：`parse_price_fen` 支持千分位和区间价（!41，待合，修当当 ¥1,299.00 入库成 1 元的问题）
- 统计：`stats` 的覆盖率改为对 enabled targets 计算，并输出最后入库时间
- 测试：当当自营店铺名断言

**林佳（7）**
- 依赖：playwright 1.48.0 / scrapy-playwright 0.0.42（修 chromium 偶发崩溃）
- 稳定性：唯品会等待价格元素超时调到 15s；苏宁 refresh_cookies 改为 networkidle 后再取 cookie；代理 API 403 时打印返回体
- 工程：日志按 spider 分目录、`bin/crawl` 写 LOG_FILE；`OfferLoader` 抽到 loaders.py；CI 增加 ruff check

**周建国（3）**
- targets 支持 enabled 开关，seed 只灌启用的
- crontab：vip 挪到 04:30 避开苏宁
- README 补线上机器说明

周会上可以顺带提两个问题：苏宁改版导致覆盖率下降（!39 合并发布后恢复）；crawler-02 重启后出口 IP 变了，代理白名单待加。""")

    # ============================================================== S5  2026-09-24 (Thu)
    with d.session("2026-09-24T02:28:00", R, branch="main", version="2.1.116"):
        # ---- T14: deploy (W1 #1)
        t = d.task("!39 苏宁那个和 !41 当当价格的都合了，发一下 crawler-01，发完冒烟测一下", tags=["workflow:W1", "long_output"])
        t.bash("git switch -q main && git pull -q && git log --oneline -5", "本地切回 main 拉最新", out="""a4c09e2 (HEAD -> main, origin/main) Merge branch 'fix/dangdang-price' into 'main'
2f8e1b6 fix(price): parse_price_fen 支持千分位和区间价
61d7f3a Merge branch 'fix/suning-price-block' into 'main'
7a61e08 fix(suning): 适配详情页新价格区块，选择器统一改 XPath
4e1c2a7 chore(deps): playwright 1.48.0, scrapy-playwright 0.0.42""")
        t.bash("ssh crawler-01 'cd /opt/price-spider && git log --oneline -1 && git status -s | head -5'",
               "看服务器上当前部署的版本", out="3b7d2e1 Merge branch 'feat/stats-coverage' into 'main'")
        t.bash("ssh crawler-01 'cd /opt/price-spider && git pull --ff-only && poetry install --only main --sync'",
               "服务器拉代码并同步依赖", out="""Updating 3b7d2e1..a4c09e2
Fast-forward
 poetry.lock                                       |  38 +-
 price_spider/items.py                             |   1 +
 price_spider/spiders/jd.py                        |   2 +
 price_spider/spiders/suning.py                    |  21 +-
 price_spider/utils/price.py                       |  15 +-
 pyproject.toml                                    |   4 +-
 tests/fixtures/jd/ware_business_100012043978.json | 612 +++++++++
 tests/fixtures/suning/11001203721.html            | 412 ------
 tests/fixtures/suning/11001203721_v2.html         | 431 ++++++
 tests/spiders/test_jd.py                          |  15 +
 tests/spiders/test_suning.py                      |  10 +-
 tests/test_price.py                               |   4 +
 12 files changed, 1122 insertions(+), 431 deletions(-)
 delete mode 100644 tests/fixtures/suning/11001203721.html
 create mode 100644 tests/fixtures/jd/ware_business_100012043978.json
 create mode 100644 tests/fixtures/suning/11001203721_v2.html
Installing dependencies from lock file

Package operations: 0 installs, 3 updates, 0 removals

  - Updating greenlet (3.0.3 -> 3.1.1)
  - Updating playwright (1.47.0 -> 1.48.0)
  - Updating scrapy-playwright (0.0.41 -> 0.0.42)

Installing the current project: price-spider (0.14.0)""", err="""From git.jiayan.tech:data/price-spider
   3b7d2e1..a4c09e2  main       -> origin/main""", timeout=300000)
        wait(d, 18)
        st = base_stats(2, 268_904, 2, mem=98_566_144)
        t.bash("ssh crawler-01 'cd /opt/price-spider && .venv/bin/scrapy crawl dangdang_price -a pids=29735112,11573016203 "
               "-s CLOSESPIDER_ITEMCOUNT=20 2>&1 | tail -n 30'", "冒烟：在服务器上跑两个当当商品",
               out=crawl_log(d, "dangdang_price", {"CLOSESPIDER_ITEMCOUNT": "'20'"}, PIPES, st, secs=4.3, server=True, tail=30),
               timeout=180000)
        wait(d, 5)
        t.bash("ssh crawler-01 'cd /opt/price-spider && .venv/bin/python -m price_spider.tools.stats --date 2026-09-24 | head -3 && "
               "crontab -l | diff - deploy/crontab && echo \"crontab 与仓库一致\"'", "确认冒烟数据入库、crontab 没漂移",
               out="""date=2026-09-24 (Asia/Shanghai)
channel      items  targets  coverage  last_crawled
dangdang      9131     9204     99.2%  2026-09-24 10:52
crontab 与仓库一致""")
        t.done("""crawler-01 已经发布到 `a4c09e2`（之前是 `3b7d2e1`），包含 !37 到手价、!39 苏宁新价格区块、!41 千分位/区间价，以及小林的 playwright 1.48 升级。

- `poetry install --only main --sync` 更新了 playwright 1.48.0、scrapy-playwright 0.0.42、greenlet 3.1.1
- 冒烟：服务器上用 `dangdang_price` 跑了 29735112 和 11573016203（后者就是 ¥1,299.00 那个），2 条都入库了。当当今天的最后入库时间变成了 10:52，说明冒烟的数据写进去了
- crontab 和仓库里的 `deploy/crontab` 一致，不用重装

苏宁的新解析从明天 04:00 那一轮开始生效。""")

        # ---- T15: prod suning counts with the read-only account (M1 #2)
        t = d.task("帮我看下线上苏宁这两周每天入库多少条，!39 之前掉得有多厉害。用只读账号 price_ro，密码在 crawler-01 的 ~/.mongo_ro 里",
                   tags=["mistake:M1"])
        js = ("db.offers.aggregate([{\\$match: {channel: \\\"suning\\\", date: {\\$gte: \\\"2026-09-10\\\"}}}, "
              "{\\$group: {_id: \\\"\\$date\\\", n: {\\$sum: 1}}}, {\\$sort: {_id: 1}}]).forEach(r => print(r._id, r.n))")
        t.fail(f"ssh crawler-01 \"mongosh \\\"mongodb://price_ro:\\$(cat ~/.mongo_ro)@{MONGO_RS}/prices?replicaSet=rs0\\\" --quiet --eval '{js}'\"",
               "用只读账号按天统计苏宁入库条数", "MongoServerError: Authentication failed.")
        t.say("认证失败。只读账号大概率和 spider 账号一样建在 `admin` 库里，连接串只写了 `/prices` 时会拿 `prices` 当认证库。加上 `authSource=admin` 再试：")
        t.bash(f"ssh crawler-01 \"mongosh \\\"mongodb://price_ro:\\$(cat ~/.mongo_ro)@{MONGO_RS}/prices?replicaSet=rs0&authSource=admin\\\" --quiet --eval '{js}'\"",
               "指定 authSource=admin 后重新统计", out="""2026-09-10 6712
2026-09-11 6698
2026-09-12 6655
2026-09-13 6590
2026-09-14 6388
2026-09-15 5904
2026-09-16 4412
2026-09-17 2875
2026-09-18 1532
2026-09-19 1610
2026-09-20 1498
2026-09-21 1577
2026-09-22 1544
2026-09-23 1603
2026-09-24 1588""")
        t.done("""苏宁两周的入库条数（targets 6850 个）：

| 日期 | 条数 | 覆盖率 |
|---|---|---|
| 09-10 ～ 09-13 | 6590 ～ 6712 | 96%–98% |
| 09-14 | 6388 | 93% |
| 09-15 | 5904 | 86% |
| 09-16 | 4412 | 64% |
| 09-17 | 2875 | 42% |
| 09-18 ～ 09-24 | 1498 ～ 1610 | 22%–24% |

从 14 号开始逐天下降，18 号以后稳定在 1500 多条，看起来是苏宁分批灰度上线新详情页：还是旧版页面的商品能抓到，新版的全部等价格元素超时。剩下的 1500 多条应该就是还没切到新版的那部分商品。

今天（24 号）的 1588 条是 04:00 那一轮跑的，那时新代码还没发布。!39 从明天 04:00 开始生效，明天应该能回到 6500 以上，我明早巡检时再确认。

另外，第一次连库报了 `MongoServerError: Authentication failed.`：`price_ro` 建在 `admin` 库，连接串要带 `authSource=admin`。""")

        # ---- T16: bump local mongo / redis images (F1)
        dc = P("docker-compose.yml")
        t = d.task("本地 mongo 升到 7.0.14 跟线上对齐，redis 也升到 7.2.5。数据卷别动", tags=["flaky:F1"])
        t.read(dc)
        t.edit(dc, "    image: mongo:7.0.12", "    image: mongo:7.0.14")
        t.edit(dc, "    image: redis:7.2.4", "    image: redis:7.2.5")
        t.fail("docker compose pull mongo redis", "拉取新镜像", """ redis Pulling 
 mongo Pulling 
 redis Error Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)
 mongo Error context canceled
Error response from daemon: Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)""",
               timeout=300000)
        t.bash("docker compose pull mongo redis", "拉取新镜像", out=""" redis Pulling 
 mongo Pulling 
 a2318d6c47ec Already exists 
 9e0a3d6f0f2c Pull complete 
 5c2f7a7c1e3b Pull complete 
 redis Pulled 
 d9d352c11bbd Already exists 
 7c2b1c6f3d4e Pull complete 
 0f4d8c2b5a61 Pull complete 
 e3b8a0d5c917 Pull complete 
 mongo Pulled""", timeout=300000)
        t.bash("docker compose up -d mongo redis", "用新镜像重建容器（保留数据卷）", err=""" Container ps-redis  Recreate
 Container ps-mongo  Recreate
 Container ps-redis  Recreated
 Container ps-mongo  Recreated
 Container ps-redis  Starting
 Container ps-mongo  Starting
 Container ps-redis  Started
 Container ps-mongo  Started""")
        t.bash("docker compose exec -T mongo mongod --version | head -1 && docker compose exec -T redis redis-server --version",
               "确认版本", out="""db version v7.0.14
Redis server v=7.2.5 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64 build=d2f5b2b7f0a8f1a3""")
        t.bash("poetry run python -c \"from price_spider.db import get_db; db = get_db(); print(db.offers.estimated_document_count(), db.targets.estimated_document_count())\"",
               "确认数据卷里的数据还在", out="41872 37904")
        t.done("""本地已经升到 mongo 7.0.14、redis 7.2.5：

- `docker-compose.yml` 只改了两个镜像 tag，`mongo-data` 卷没动，重建容器后数据都在（`offers` 41872 条、`targets` 37904 条）
- 第一次 `docker compose pull` 连 registry-1.docker.io 超时（`Client.Timeout exceeded while awaiting headers`），重试一次就拉下来了，是网络问题

`docker-compose.yml` 的改动还没提交，要一起提的话说一声。""")

        # ---- T17: no tools
        t = d.task("MongoDB 的 time series collection 适不适合存我们的价格快照？现在 offers 一天 4 万条，存了一年多了", tags=["noise", "no_tools"])
        t.done("""就我们现在的写法，**不太适合，暂时不建议迁**。

**不合适的地方**
1. **我们是按天 upsert 的**：`MongoPipeline` 用 `(channel, sku_id, date)` 做 `update_one(..., upsert=True)`，当天后抓到的覆盖先抓到的。time series collection 对更新和删除的限制很多（7.0 只支持 `updateMany`、按 metaField 过滤的有限更新，不能 upsert），现在的写入方式得整个改
2. **查询模式不是时间窗聚合**：我们常用的是「某个 sku 的历史价格」「某天某渠道的覆盖率」。这些用普通集合加 `(channel, sku_id, date)` 和 `(date, channel)` 两个索引就很快，time series 的优势（按时间桶压缩、窗口聚合）用不上多少
3. **量不大**：一天 4 万条，一年约 1500 万条，每条 1KB 左右，约 15GB。普通集合加 zstd 压缩完全能扛

**什么时候值得考虑**
- 如果以后改成「每次抓到都 insert 一条快照」（一天多次、不覆盖），数据量翻几倍，并且主要做「按小时 / 按天的价格走势」这类聚合，那时 time series（`timeField: crawled_at`，`metaField: {channel, sku_id}`，`granularity: "hours"`）会比较合适，压缩率也明显更好

**眼下更划算的做法**
- 给 `offers` 加 TTL 或按年归档：两年前的数据导出到对象存储（parquet），库里只留近两年
- 确认 `(channel, sku_id, date)` 上有唯一索引，防止并发 upsert 产生重复""")

    # ============================================================== S6  2026-09-29 (Tue, after the Mid-Autumn break)
    with d.session("2026-09-29T01:16:00", R, branch="main", version="2.1.118"):
        rc = f"{SRV}/price_spider/tools/refresh_cookies.py"
        # ---- T18: suning empty since the deploy (M2 #2)
        t = d.task("运营说苏宁从 25 号开始就没数据了，就是节前刚发的那个版本。cookies 刷新那个 cron 好像也一直在报错，看看怎么回事",
                   tags=["mistake:M2"])
        rcl = FILES[P("price_spider/tools/refresh_cookies.py")]
        l_main = rcl[:rcl.index("    main()\n")].count("\n") + 1
        l_launch = rcl[:rcl.index("browser = p.chromium.launch(")].count("\n") + 1
        frames = f"""  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "{rc}", line {l_main}, in <module>
    main()
  File "{rc}", line {l_launch}, in main
    browser = p.chromium.launch(headless=True, args=LAUNCH_ARGS)
              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
        srv_err = pw_launch_error(SVENV, frames, "/home/spider/.cache/ms-playwright/chromium-1140/chrome-linux/chrome")
        t.bash("ssh crawler-01 'tail -n 30 /opt/price-spider/logs/cron/cookies.log'", "看 cookies 刷新 cron 的日志",
               out="\n".join(("2026-09-29 06:10:01,884 INFO refreshing cookies for suning\n" + srv_err).split("\n")[-30:]))
        t.bash("ssh crawler-01 'cd /opt/price-spider && grep -E \"finish_reason|item_scraped_count|log_count/ERROR\" logs/suning_price/2026-09-2[4-9]_0400.log'",
               "看苏宁这几天的抓取统计", out="""logs/suning_price/2026-09-24_0400.log: 'finish_reason': 'finished',
logs/suning_price/2026-09-24_0400.log: 'item_scraped_count': 1588,
logs/suning_price/2026-09-24_0400.log: 'log_count/ERROR': 5262,
logs/suning_price/2026-09-25_0400.log: 'finish_reason': 'finished',
logs/suning_price/2026-09-25_0400.log: 'log_count/ERROR': 6850,
logs/suning_price/2026-09-26_0400.log: 'finish_reason': 'finished',
logs/suning_price/2026-09-26_0400.log: 'log_count/ERROR': 6850,
logs/suning_price/2026-09-27_0400.log: 'finish_reason': 'finished',
logs/suning_price/2026-09-27_0400.log: 'log_count/ERROR': 6850,
logs/suning_price/2026-09-28_0400.log: 'finish_reason': 'finished',
logs/suning_price/2026-09-28_0400.log: 'log_count/ERROR': 6850,
logs/suning_price/2026-09-29_0400.log: 'finish_reason': 'finished',
logs/suning_price/2026-09-29_0400.log: 'log_count/ERROR': 6850,""")
        t.fail("ssh crawler-01 'cd /opt/price-spider && .venv/bin/python -m price_spider.tools.refresh_cookies --site suning'",
               "手动跑一次 cookies 刷新复现", f"{stamp(d, 1)},552 INFO refreshing cookies for suning\n" + srv_err)
        t.say("和 cron 日志一样：服务器上的 playwright 已经是 1.48，要找 chromium-1140，但 spider 用户的浏览器缓存里没有。看一下现在有哪些：")
        t.bash("ssh crawler-01 'ls ~/.cache/ms-playwright/; /opt/price-spider/.venv/bin/python -c \"import importlib.metadata as m; print(m.version(\\\"playwright\\\"))\"'",
               "看服务器上已下载的浏览器和 playwright 版本", out="chromium-1134\nffmpeg-1010\n1.48.0")
        t.bash("ssh crawler-01 'cd /opt/price-spider && PLAYWRIGHT_DOWNLOAD_HOST=https://npmmirror.com/mirrors/playwright .venv/bin/playwright install chromium'",
               "在服务器上给 spider 用户装 1.48 对应的 chromium",
               out=pw_install("/home/spider", [CHROMIUM_1140], host="https://npmmirror.com/mirrors/playwright", removed=["chromium-1134"]),
               timeout=600000)
        wait(d, 41)
        t.bash("ssh crawler-01 'cd /opt/price-spider && .venv/bin/python -m price_spider.tools.refresh_cookies --site suning'",
               "重新跑 cookies 刷新", err=f"""{stamp(d, 1)},017 INFO refreshing cookies for suning
{stamp(d, 7)},402 INFO saved 27 cookies for suning""", timeout=120000)
        wait(d, 8)
        t.bash("ssh crawler-01 'cd /opt/price-spider && .venv/bin/python -m price_spider.tools.seed suning_price && "
               "(setsid nohup bin/crawl suning_price >/dev/null 2>&1 &) && sleep 90 && tail -n 2 \"$(ls -t logs/suning_price/*.log | head -1)\"'",
               "重新灌苏宁种子，后台补跑今天这一轮", out=f"""{stamp(d, 6)} [scrapy-playwright] INFO: Browser chromium launched
{stamp(d, 64)} [scrapy.extensions.logstats] INFO: Crawled 97 pages (at 97 pages/min), scraped 95 items (at 95 items/min)""",
               err=f"{stamp(d, 2)},338 INFO suning_price: seeded 6850 urls", timeout=180000)
        backfill_start = cst(d, 3)
        wait(d, 92)
        t.done("""原因是 24 号那次发布：

- 那次发布把服务器上的 playwright 从 1.47 升到了 1.48（小林的依赖升级一起带上去了）。1.48 要用 chromium-1140，而 spider 用户的 `~/.cache/ms-playwright` 里只有 1.47 的 chromium-1134。发布时我只做了 `poetry install`，**没有在服务器上执行 `playwright install`**
- 所以从 24 号中午起，所有要启动浏览器的任务都失败了：`BrowserType.launch: Executable doesn't exist at /home/spider/.cache/ms-playwright/chromium-1140/chrome-linux/chrome`
  - `refresh_cookies` 每 6 小时失败一次
  - 苏宁 25～29 号每天 6850 条全部 `Error downloading`，0 条入库
  - 唯品会也走浏览器，同样受影响（等会儿巡检再确认）

已处理：
1. 在 crawler-01 上用 spider 用户执行了 `playwright install chromium`（走 npmmirror 镜像），装好了 chromium-1140，旧的 1134 被自动清掉
2. 手动跑了一次 cookies 刷新，成功，存了 27 个 cookie
3. 重新灌了苏宁种子（6850 条），在后台补跑今天这一轮，已经开始正常出数据（第一分钟 95 条）

25～28 号的价格没法补回来了（抓的是当时的页面价格）。以后只要发布里 playwright 的版本有变化，服务器上都要补一次 `playwright install chromium`；crawler-02 现在只跑京东和当当，不涉及浏览器。""")

        # ---- T19: morning check + long daily report (W3 #2)
        wait(d, 25 * 60)
        t = d.task("苏宁补跑着，顺便把今天的巡检做了，写一份日报我转给运营，节假日这几天的情况也带一下", tags=["workflow:W3", "long_output"])
        bf_log = backfill_start.strftime("%H%M")
        bf_mins = (cst(d) - backfill_start).total_seconds() / 60
        bf_items = int(bf_mins * 94)
        bf_left = 6850 - bf_items - 24
        bf_last = cst(d, -40).strftime("%H:%M")
        bf_eta = (cst(d) + _dt.timedelta(minutes=bf_left / 94 + 5)).strftime("%H:%M")
        bf_cov = f"{bf_items / 6850:.1%}"
        t.bash("ssh crawler-01 'cd /opt/price-spider && for f in logs/*/2026-09-29_*.log; do echo \"== $f\"; "
               "grep -E \"finish_reason|item_scraped_count|log_count/ERROR|elapsed_time_seconds\" \"$f\"; done'",
               "crawler-01 今天各 spider 的统计", out="""== logs/dangdang_price/2026-09-29_0300.log
 'elapsed_time_seconds': 1688.902311,
 'finish_reason': 'finished',
 'item_scraped_count': 4511,
 'log_count/ERROR': 3,
== logs/jd_price/2026-09-29_0200.log
 'elapsed_time_seconds': 5390.22741,
 'finish_reason': 'finished',
 'item_scraped_count': 9288,
 'log_count/ERROR': 17,
== logs/suning_price/2026-09-29_0400.log
 'elapsed_time_seconds': 1022.813952,
 'finish_reason': 'finished',
 'log_count/ERROR': 6850,
== logs/suning_price/2026-09-29_BFLOG.log
== logs/vip_price/2026-09-29_0430.log
 'elapsed_time_seconds': 941.00213,
 'finish_reason': 'finished',
 'log_count/ERROR': 3390,""".replace("BFLOG", bf_log))
        t.bash("ssh crawler-02 'cd /opt/price-spider && for f in logs/*/2026-09-29_*.log; do echo \"== $f\"; "
               "grep -E \"finish_reason|item_scraped_count|log_count/ERROR\" \"$f\"; done'", "crawler-02 今天的统计",
               out="""== logs/dangdang_price/2026-09-29_0305.log
 'finish_reason': 'finished',
 'item_scraped_count': 4603,
 'log_count/ERROR': 2,
== logs/jd_price/2026-09-29_0205.log
 'finish_reason': 'finished',
 'item_scraped_count': 9077,
 'log_count/ERROR': 9,""")
        t.bash("ssh crawler-01 'cd /opt/price-spider && for d in 2026-09-25 2026-09-26 2026-09-27 2026-09-28 2026-09-29; do "
               ".venv/bin/python -m price_spider.tools.stats --date $d; echo; done'", "节假日到今天每天的入库统计", out="""date=2026-09-25 (Asia/Shanghai)
channel      items  targets  coverage  last_crawled
dangdang      9126     9204     99.2%  2026-09-25 03:31
jd           18215    18610     97.9%  2026-09-25 03:36

date=2026-09-26 (Asia/Shanghai)
channel      items  targets  coverage  last_crawled
dangdang      9120     9204     99.1%  2026-09-26 03:28
jd           18301    18610     98.3%  2026-09-26 03:34

date=2026-09-27 (Asia/Shanghai)
channel      items  targets  coverage  last_crawled
dangdang      9101     9204     98.9%  2026-09-27 03:30
jd           18266    18610     98.2%  2026-09-27 03:35

date=2026-09-28 (Asia/Shanghai)
channel      items  targets  coverage  last_crawled
dangdang      9119     9204     99.1%  2026-09-28 03:29
jd           18340    18610     98.5%  2026-09-28 03:33

date=2026-09-29 (Asia/Shanghai)
channel      items  targets  coverage  last_crawled
dangdang      9114     9204     99.0%  2026-09-29 03:30
jd           18365    18610     98.7%  2026-09-29 03:34
SUNINGROW""".replace("SUNINGROW", f"{'suning':<10}{bf_items:>8}{6850:>9}{bf_cov:>10}  2026-09-29 {bf_last}"))
        t.bash("ssh crawler-01 'for k in jd_price dangdang_price suning_price vip_price; do "
               "printf \"%-15s start_urls=%-6s requests=%s\\n\" $k $(redis-cli llen $k:start_urls) $(redis-cli zcard $k:requests); done'",
               "看 redis 队列", out="""jd_price        start_urls=0      requests=0
dangdang_price  start_urls=0      requests=0
suning_price    start_urls=BFLEFT requests=24
vip_price       start_urls=0      requests=0""".replace("BFLEFT", f"{bf_left:<6}"))
        t.bash("ssh crawler-01 'cd /opt/price-spider && .venv/bin/python -m price_spider.tools.seed vip_price && "
               "(setsid nohup bin/crawl vip_price >/dev/null 2>&1 &) && echo started'", "唯品会也补跑今天这一轮",
               out="started", err=f"{stamp(d, 2)},774 INFO vip_price: seeded 3390 urls")
        t.done(f"""# 价格监测日报 2026-09-29（含 9/25–9/28 节假日）

## 一、总体情况
节假日期间（9/25–9/28）**京东、当当抓取正常**；**苏宁、唯品会四天没有数据**。原因是 9/24 发布新版本后，服务器上的浏览器组件没有同步更新，所有需要浏览器渲染的站点都启动失败。今天上午 {backfill_start:%H:%M} 前已修复，两个站正在补跑今天这一轮。

## 二、分站点明细

### 1. 京东（targets 18610）
| 日期 | 入库条数 | 覆盖率 | 最后入库 |
|---|---|---|---|
| 9/25 | 18215 | 97.9% | 03:36 |
| 9/26 | 18301 | 98.3% | 03:34 |
| 9/27 | 18266 | 98.2% | 03:35 |
| 9/28 | 18340 | 98.5% | 03:33 |
| 9/29 | 18365 | 98.7% | 03:34 |

今天两台机器合计：crawler-01 抓取 9288 条（报错 17），crawler-02 抓取 9077 条（报错 9），`finish_reason` 均为 `finished`。crawler-02 的代理白名单问题已经解决，两台机器分摊正常。

### 2. 当当（targets 9204）
| 日期 | 入库条数 | 覆盖率 | 最后入库 |
|---|---|---|---|
| 9/25 | 9126 | 99.2% | 03:31 |
| 9/26 | 9120 | 99.1% | 03:28 |
| 9/27 | 9101 | 98.9% | 03:30 |
| 9/28 | 9119 | 99.1% | 03:29 |
| 9/29 | 9114 | 99.0% | 03:30 |

今天 crawler-01 抓取 4511 条（报错 3），crawler-02 抓取 4603 条（报错 2）。9/24 上线的千分位价格修复已生效，¥1,000 以上的商品价格正常。

### 3. 苏宁（targets 6850）
| 日期 | 入库条数 | 覆盖率 |
|---|---|---|
| 9/25 | 0 | 0% |
| 9/26 | 0 | 0% |
| 9/27 | 0 | 0% |
| 9/28 | 0 | 0% |
| 9/29（补跑中） | {bf_items} | {bf_cov} |

- 04:00 那一轮 6850 个请求全部报错（`log_count/ERROR: 6850`），耗时 1022 秒
- {backfill_start:%H:%M} 开始补跑，截至 {bf_last} 已入库 {bf_items} 条；redis 里还剩 `start_urls` {bf_left} 条、`requests` 24 条，预计 {bf_eta} 前跑完
- 9/24 发布的新版价格解析（适配苏宁详情页改版）要等补跑完成后才能确认效果，改版前覆盖率一度跌到 22%

### 4. 唯品会（targets 3390）
| 日期 | 入库条数 | 覆盖率 |
|---|---|---|
| 9/25–9/29 | 0 | 0% |

- 今天 04:30 那一轮 3390 个请求全部报错，原因同苏宁
- 已重新灌种子（3390 条），刚开始补跑

## 三、队列状态
| spider | start_urls | requests |
|---|---|---|
| jd_price | 0 | 0 |
| dangdang_price | 0 | 0 |
| suning_price | {bf_left} | 24 |
| vip_price | 0（补跑刚启动） | 0 |

## 四、问题与处理
1. **浏览器组件未更新（已修复）**：9/24 发布时 playwright 升级到 1.48，服务器没有下载对应版本的 chromium，导致苏宁、唯品会、cookies 刷新全部失败。已在 crawler-01 安装并验证
2. **节假日数据缺失（无法补回）**：苏宁、唯品会 9/25–9/28 的价格无法补抓，需要的话可以用 9/24 和 9/29 的价格做前后对比
3. **后续**：以后发布如涉及 playwright 版本变化，会同步在服务器上安装浏览器

## 五、明日关注
- 苏宁、唯品会补跑完成后的覆盖率
- 苏宁新价格区块解析是否稳定（目标 ≥ 95%）
- 唯品会此前覆盖率就偏低（86%），补跑后需要看是否有风控问题""")

        d.precompact("""Analysis: 孙涛在维护 price-spider（价眼科技电商价格监测：Scrapy 2.11 + scrapy-redis 分布式队列，scrapy-playwright 渲染苏宁/唯品会，MongoDB prices.offers 按 (channel, sku_id, date) upsert，poetry，pytest，本地 docker compose mongo/redis，线上 crawler-01（redis、cron）/ crawler-02 通过 ssh，rs0 副本集只读账号 price_ro，GitLab glab MR 到 main）。当前在 main。

Summary:
1. 之前完成：京东到手价 coupon_price_fen（!37）；苏宁详情页改版适配，选择器统一用 XPath（!39）；parse_price_fen 支持千分位和区间价（!41）；9/24 发布到 crawler-01（a4c09e2）；本地 mongo 7.0.14 / redis 7.2.5。
2. 用户偏好：金额一律存整数分，不用 float；选择器用 XPath，不混 CSS。
3. 9/29：发布后服务器没装 playwright 1.48 的 chromium-1140，苏宁/唯品会/refresh_cookies 9/25–9/28 全部失败；已在 crawler-01 执行 playwright install chromium，cookies 刷新恢复，苏宁和唯品会正在后台补跑今天这一轮。
4. 刚写完 9/29 日报（含节假日各站点明细），交给用户转运营。
5. 其他：crawler-02 今天京东正常（9077 条），出口 IP 变更后的代理白名单应该已经加上；唯品会在故障前覆盖率就偏低（86%）。""")

        # ---- T20: suning stock status (M3 #2)
        ld = P("price_spider/loaders.py")
        tsn = P("tests/spiders/test_suning.py")
        t = d.task("苏宁加一个库存状态 stock_status：页面上 stockStatus 那块，有货 / 无货 / 预订 分别存 in_stock / out_of_stock / preorder，"
                   "其他文案原样存。还是走 ItemLoader，测试用现有那份 fixture 就行", tags=["mistake:M3"])
        t.read(sn)
        t.read(ld)
        t.edit(ld, """from price_spider.items import OfferItem
from price_spider.utils.price import parse_price_fen
""", """from price_spider.items import OfferItem
from price_spider.utils.price import parse_price_fen

STOCK_STATUS = {"有货": "in_stock", "无货": "out_of_stock", "预订": "preorder"}


def normalize_stock(text):
    \"\"\"页面库存文案 -> in_stock / out_of_stock / preorder，不认识的原样返回。\"\"\"
    return STOCK_STATUS.get(text, text) if text else None
""")
        t.edit(ld, """    list_price_fen_in = MapCompose(str.strip, parse_price_fen)
""", """    list_price_fen_in = MapCompose(str.strip, parse_price_fen)
    stock_status_in = MapCompose(str.strip, normalize_stock)
""")
        t.edit(sn, """        loader.add_xpath("list_price_fen", "normalize-space(//div[@class='price-box']//del[@class='price-origin'])")
""", """        loader.add_xpath("list_price_fen", "normalize-space(//div[@class='price-box']//del[@class='price-origin'])")
        loader.add_xpath("stock_status", "normalize-space(//div[@id='stockStatus'])")
""")
        t.read(tsn)
        t.edit(tsn, """from price_spider.spiders.suning import SuningPriceSpider
from tests.utils import fixture_response
""", """import pytest

from price_spider.loaders import normalize_stock
from price_spider.spiders.suning import SuningPriceSpider
from tests.utils import fixture_response
""")
        t.edit(tsn, """    assert item["list_price_fen"] == 499900
""", """    assert item["list_price_fen"] == 499900
    assert item["stock_status"] == "in_stock"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("有货", "in_stock"), ("无货", "out_of_stock"), ("预订", "preorder"), ("仅剩2件", "仅剩2件")],
)
def test_normalize_stock(text, expected):
    assert normalize_stock(text) == expected
""")
        src, ln = frame_src(d, tsn, "def test_parse_item_v2_layout():", "item = next(SuningPriceSpider().parse_item(response))")
        sl = line_of(d, sn, "        yield loader.load_item()")
        fields = {"channel": "suning", "sku_id": "11001203721", "url": SN_A, "title": MIDEA_TITLE, "brand": "美的(Midea)",
                  "shop": "美的苏宁自营旗舰店", "price_fen": 429900, "list_price_fen": 499900}
        body = "\n".join([sep("test_parse_item_v2_layout", "_"), "", src, "", f"tests/spiders/test_suning.py:{ln}: ", SEP_,
                          f"price_spider/spiders/suning.py:{sl}: in parse_item\n    yield loader.load_item()",
                          f"{VENV}/itemloaders/__init__.py:298: in load_item\n    adapter[field_name] = value",
                          ADAPTER_FRAMES, SEP_, "", item_keyerror(fields, "stock_status", "in_stock")])
        t.fail("poetry run pytest tests/spiders/test_suning.py -q", "运行苏宁 spider 的测试", pq(
            "F....", "0.49s", body,
            failed=["tests/spiders/test_suning.py::test_parse_item_v2_layout - KeyError: 'OfferItem does not support field: stock_status'"]))
        t.say("ItemLoader 在 `load_item()` 时把值写回 `OfferItem`，`stock_status` 没在 item 里声明，所以被拒了。在 `items.py` 里加上这个字段：")
        t.read(items)
        t.edit(items, """    coupon_price_fen = scrapy.Field()  # 到手价 / 券后价（京东 finalPrice），没有券时为 None
""", """    coupon_price_fen = scrapy.Field()  # 到手价 / 券后价（京东 finalPrice），没有券时为 None
    stock_status = scrapy.Field()  # in_stock / out_of_stock / preorder，其他文案原样
""")
        t.bash("poetry run pytest tests/spiders/test_suning.py -q", "重新运行苏宁 spider 的测试", out=pq(".....", "0.47s"))
        t.bash("git switch -c feat/suning-stock && git add price_spider/ tests/spiders/test_suning.py && git commit -m \"feat(suning): 抓取库存状态 stock_status\"",
               "建分支并提交", out="""[feat/suning-stock 9e4c3b0] feat(suning): 抓取库存状态 stock_status
 4 files changed, 24 insertions(+)""", err="Switched to a new branch 'feat/suning-stock'")
        t.bash("git push -u origin feat/suning-stock", "推送分支", err=push_new("feat/suning-stock", 15, "1.62"))
        t.bash("glab mr create --source-branch feat/suning-stock --target-branch main --title \"feat(suning): 抓取库存状态 stock_status\" "
               "--description \"取 div#stockStatus，有货/无货/预订 → in_stock/out_of_stock/preorder，其他文案原样存。"
               "OfferItem 新增 stock_status；补了解析和映射的测试。\" --remove-source-branch", "创建 MR",
               out=glab_mr("feat/suning-stock", "feat(suning): 抓取库存状态 stock_status", 44))
        t.done(f"""库存状态加好了，MR **!44**：{GL}/-/merge_requests/44

- `loaders.py`：新增 `normalize_stock`，把「有货 / 无货 / 预订」映射成 `in_stock / out_of_stock / preorder`，其他文案（比如「仅剩2件」）原样保留；`OfferLoader` 加了 `stock_status_in`
- `suning.py`：`loader.add_xpath("stock_status", "normalize-space(//div[@id='stockStatus'])")`
- `items.py`：`OfferItem` 新增 `stock_status` 字段。第一次跑测试报 `KeyError: 'OfferItem does not support field: stock_status'`，是 `load_item()` 写回 item 时字段还没声明，补上后 5 个测试全过
- 测试：fixture 上断言 `stock_status == "in_stock"`，另外 4 个参数化用例测映射

入库后 `offers` 里会多一个 `stock_status` 字段，老数据没有这个字段。""")

    # ============================================================== S7  2026-10-09 (Fri, after National Day) — acceptEdits
    MI_A = "https://www.mi.com/shop/buy/detail?product_id=19917"
    MI_B = "https://www.mi.com/shop/buy/detail?product_id=20403"
    with d.session("2026-10-09T02:02:00", R, branch="feat/mi-store", version="2.1.120", permission_mode="acceptEdits"):
        mi = P("price_spider/spiders/mi_store.py")
        tmi = P("tests/spiders/test_mi_store.py")
        seed = P("price_spider/tools/seed.py")
        # ---- T21: new spider mi_store (W2 #3, P3 statement)
        t = d.task("新接一个站：小米商城（mi.com）的商品价格，详情页是 JS 渲染的，走 playwright。"
                   "新 spider 的 custom_settings 里把 DOWNLOAD_DELAY 写死 3 秒，不要开 AutoThrottle，这个站对频率很敏感。"
                   f"选择器照旧用 XPath。先拿米家空气净化器 4 Pro 这个页面做 fixture：{MI_A}", tags=["workflow:W2", "pref:P3"])
        t.read(sn)
        t.bash(f"poetry run python scripts/snapshot.py '{MI_A}' -o /tmp/mi_19917 --wait-for \"xpath=//div[contains(@class,'price-info')]\"",
               "用浏览器拉小米商城详情页", out="saved /tmp/mi_19917/page.html (286411 chars), /tmp/mi_19917/page.png", timeout=120000)
        t.grep("goods-info|price-info|buy-option|class=\"active\"", path="/tmp/mi_19917/page.html", output_mode="content", n=True,
               content="""2318:<div class="goods-info"><h2 class="name">米家空气净化器 4 Pro</h2><p class="desc">除甲醛 · 500m³/h 颗粒物CADR · OLED 触控屏</p>
2331:<div class="price-info"><span class="price">1299<em>元</em></span><del>1499元</del></div>
2347:<div class="buy-option"><div class="option-box"><div class="title">颜色</div><ul><li class="active">白色</li></ul></div></div>""")
        t.bash("mkdir -p tests/fixtures/mi_store && cp /tmp/mi_19917/page.html tests/fixtures/mi_store/19917.html && ls -l tests/fixtures/mi_store/",
               "把页面存成 fixture", out="""total 284
-rw-rw-r-- 1 suntao suntao 289902 Oct  9 10:19 19917.html""")
        t.write(mi, r'''from urllib.parse import parse_qs, urlparse

import scrapy
from scrapy_playwright.page import PageMethod
from scrapy_redis.spiders import RedisSpider

from price_spider.loaders import OfferLoader

PRICE_XPATH = "//div[contains(@class,'price-info')]//span[contains(@class,'price')]"


class MiStoreSpider(RedisSpider):
    """小米商城：详情页 JS 渲染，走 Playwright。本地调试：-a urls=<详情页>,<详情页>

    站点对频率敏感：DOWNLOAD_DELAY 写死 3 秒、单并发，不开 AutoThrottle。
    """

    name = "mi_store"
    redis_key = "mi_store:start_urls"
    allowed_domains = ["www.mi.com"]
    custom_settings = {
        "DOWNLOAD_DELAY": 3,
        "RANDOMIZE_DOWNLOAD_DELAY": False,
        "AUTOTHROTTLE_ENABLED": False,
        "CONCURRENT_REQUESTS_PER_DOMAIN": 1,
    }

    def __init__(self, urls=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.urls = [u for u in (urls or "").split(",") if u]

    def start_requests(self):
        if self.urls:
            for url in self.urls:
                yield self.item_request(url)
        else:
            yield from super().start_requests()

    def make_request_from_data(self, data):
        return self.item_request(data.decode("utf-8"))

    def spider_idle(self):
        if self.urls:
            return
        super().spider_idle()

    def item_request(self, url):
        return scrapy.Request(
            url,
            callback=self.parse_item,
            dont_filter=True,
            meta={
                "playwright": True,
                "playwright_page_methods": [PageMethod("wait_for_selector", "xpath=" + PRICE_XPATH, timeout=15_000)],
            },
        )

    def parse_item(self, response):
        loader = OfferLoader(response=response)
        loader.add_value("channel", "mi")
        loader.add_value("sku_id", parse_qs(urlparse(response.url).query)["product_id"][0])
        loader.add_value("url", response.url)
        loader.add_xpath("title", "normalize-space(//div[contains(@class,'goods-info')]/h2)")
        loader.add_value("brand", "小米")
        loader.add_value("shop", "小米商城")
        loader.add_xpath("spec", "normalize-space(//div[contains(@class,'buy-option')]//li[contains(@class,'active')])")
        loader.add_xpath("price_fen", f"normalize-space({PRICE_XPATH})")
        loader.add_xpath("list_price_fen", "normalize-space(//div[contains(@class,'price-info')]/del)")
        yield loader.load_item()
''')
        t.write(tmi, f'''from price_spider.spiders.mi_store import PRICE_XPATH, MiStoreSpider
from tests.utils import fixture_response

URL = "{MI_A}"


def test_parse_item():
    item = next(MiStoreSpider().parse_item(fixture_response("mi_store/19917.html", url=URL)))

    assert item["channel"] == "mi"
    assert item["sku_id"] == "19917"
    assert item["title"] == "米家空气净化器 4 Pro"
    assert item["spec"] == "白色"
    assert item["price_fen"] == 129900
    assert item["list_price_fen"] == 149900


def test_item_request_waits_for_price():
    req = MiStoreSpider().item_request(URL)

    assert req.meta["playwright"] is True
    assert req.meta["playwright_page_methods"][0].args == ("xpath=" + PRICE_XPATH,)
''')
        t.read(seed)
        t.edit(seed, """    "vip_price": "vip",
}""", """    "vip_price": "vip",
    "mi_store": "mi",
}""")
        t.bash("poetry run pytest tests/spiders/test_mi_store.py -q", "运行小米商城 spider 的测试", out=pq("..", "0.44s"))
        st = pw_stats(base_stats(2, 571_930, 2, mem=133_169_152), 2)
        t.bash(f"poetry run scrapy crawl mi_store -a urls='{MI_A},{MI_B}' -s CLOSESPIDER_PAGECOUNT=5 -O /tmp/mi.jsonl 2>&1 | tail -n 36",
               "本地跑两个小米商城商品", out=crawl_log(
                   d, "mi_store", {"CLOSESPIDER_PAGECOUNT": "'5'", "CONCURRENT_REQUESTS_PER_DOMAIN": "1", "DOWNLOAD_DELAY": "3",
                                   "RANDOMIZE_DOWNLOAD_DELAY": "False"}, PIPES, st, feed=("/tmp/mi.jsonl", 2), secs=12.7,
                   playwright=True, tail=36), timeout=300000)
        wait(d, 13)
        t.bash("jq -c '{sku_id, title, spec, price_fen, list_price_fen}' /tmp/mi.jsonl", "看导出的字段",
               out="""{"sku_id":"19917","title":"米家空气净化器 4 Pro","spec":"白色","price_fen":129900,"list_price_fen":149900}
{"sku_id":"20403","title":"米家智能电饭煲 C1 3L","spec":"3L","price_fen":22900,"list_price_fen":29900}""")
        t.bash("git add price_spider/spiders/mi_store.py price_spider/tools/seed.py tests/spiders/test_mi_store.py tests/fixtures/mi_store/ "
               "&& git commit -m \"feat(mi_store): 新增小米商城价格 spider\" && git push -u origin feat/mi-store",
               "提交并推送", out="""[feat/mi-store 1c8d27f] feat(mi_store): 新增小米商城价格 spider
 4 files changed, 4302 insertions(+)
 create mode 100644 price_spider/spiders/mi_store.py
 create mode 100644 tests/fixtures/mi_store/19917.html
 create mode 100644 tests/spiders/test_mi_store.py""", err=push_new("feat/mi-store", 16, "71.08"))
        t.bash("glab mr create --source-branch feat/mi-store --target-branch main --title \"feat(mi_store): 新增小米商城价格 spider\" "
               "--description \"小米商城详情页走 Playwright，XPath 解析标题/规格/价格；DOWNLOAD_DELAY 固定 3 秒、单并发。"
               "seed 支持 mi_store。上线时 targets 需要导入 channel=mi 的商品，crontab 另加。\" --remove-source-branch",
               "创建 MR", out=glab_mr("feat/mi-store", "feat(mi_store): 新增小米商城价格 spider", 46))
        t.done(f"""小米商城 spider 写好了，MR **!46**：{GL}/-/merge_requests/46

- `price_spider/spiders/mi_store.py`（`name = "mi_store"`，channel `mi`）：和苏宁一样是 `RedisSpider` + Playwright，等 `price-info` 里的价格元素出现再解析；`sku_id` 取 URL 的 `product_id`
- 选择器全部用 XPath：标题 `goods-info/h2`，规格取当前选中的 `li.active`，价格 / 划线价对节点 `normalize-space`（页面是 `1299元`，`parse_price_fen` 能直接处理）。品牌和店铺固定为「小米」「小米商城」
- `custom_settings`：`DOWNLOAD_DELAY = 3`、`RANDOMIZE_DOWNLOAD_DELAY = False`、`AUTOTHROTTLE_ENABLED = False`，同时 `CONCURRENT_REQUESTS_PER_DOMAIN = 1`，保证严格 3 秒一个请求（否则 4 个并发时，实际频率是 3 秒 4 个）
- `tools/seed.py` 加了 `mi_store → mi`
- fixture `tests/fixtures/mi_store/19917.html`，2 个测试通过；本地跑两个商品：净化器 129900 / 149900，电饭煲 22900 / 29900

上线前还需要：在 `targets` 里导入 `channel: "mi"` 的商品，crontab 加一行 mi_store。""")

        # ---- T22: vip slider captcha (U2)
        vip = P("price_spider/spiders/vip.py")
        VIP_URL = "https://detail.vip.com/detail-1710614483-6919837766541469.html"
        t = d.task(f"唯品会这几天入库只有几百条，之前好歹有两三千。看看是不是又改版了：{VIP_URL}", tags=["unfixed:U2"])
        t.read(vip)
        l_main = line_of(d, snap, "    main()\n")
        l_wait = line_of(d, snap, "page.wait_for_selector(args.wait_for")
        vip_out = "/tmp/vip_6919837766541469"
        t.fail(f"poetry run python scripts/snapshot.py '{VIP_URL}' -o {vip_out} --wait-for \"xpath=//span[contains(@class,'sp-price')]\"",
               "用浏览器拉唯品会详情页，等价格元素", f"""saved {vip_out}/page.html (18422 chars), {vip_out}/page.png
Traceback (most recent call last):
  File "{snap}", line {l_main}, in <module>
    main()
  File "{snap}", line {l_wait}, in main
    page.wait_for_selector(args.wait_for, timeout=15_000)
  File "{AVENV}/playwright/sync_api/_generated.py", line 8201, in wait_for_selector
    self._sync(
  File "{AVENV}/playwright/_impl/_sync_base.py", line 115, in _sync
    return task.result()
           ^^^^^^^^^^^^^
  File "{AVENV}/playwright/_impl/_page.py", line 425, in wait_for_selector
    return await self._main_frame.wait_for_selector(**locals_to_params(locals()))
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{AVENV}/playwright/_impl/_frame.py", line 323, in wait_for_selector
    await self._channel.send("waitForSelector", locals_to_params(locals()))
  File "{AVENV}/playwright/_impl/_connection.py", line 61, in send
    return await self._connection.wrap_api_call(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{AVENV}/playwright/_impl/_connection.py", line 528, in wrap_api_call
    raise rewrite_error(error, f"{{parsed_st['apiName']}}: {{error}}") from None
playwright._impl._errors.TimeoutError: Page.wait_for_selector: Timeout 15000ms exceeded.
Call log:
  - waiting for locator("xpath=//span[contains(@class,'sp-price')]") to be visible""", timeout=120000)
        t.say("页面只有 1.8 万字符，正常详情页有几十万，应该不是商品页。看下存下来的是什么：")
        t.grep("<title>|slide|captcha|verify", path=f"{vip_out}/page.html", output_mode="content", n=True,
               content="""4:<title>安全验证</title>
31:<div id="slideVerify" class="slide-verify"><div class="slide-verify-tip">请按住滑块，拖动到最右边</div>
33:<script src="https://captcha.vip.com/static/slide-verify.min.js?v=20261008"></script>
38:<input type="hidden" name="verifyScene" value="detail_risk">""")
        t.bash("ssh crawler-01 'cd /opt/price-spider && for f in logs/vip_price/2026-10-0[6-9]_0430.log; do echo \"== $f\"; "
               "grep -E \"item_scraped_count|log_count/ERROR\" \"$f\"; grep -c \"Timeout 15000ms exceeded\" \"$f\"; done'",
               "看线上唯品会最近几天的统计", out="""== logs/vip_price/2026-10-06_0430.log
 'item_scraped_count': 611,
 'log_count/ERROR': 2779,
2704
== logs/vip_price/2026-10-07_0430.log
 'item_scraped_count': 498,
 'log_count/ERROR': 2892,
2833
== logs/vip_price/2026-10-08_0430.log
 'item_scraped_count': 402,
 'log_count/ERROR': 2988,
2931
== logs/vip_price/2026-10-09_0430.log
 'item_scraped_count': 377,
 'log_count/ERROR': 3013,
2960""")
        t.done("""不是改版，是被风控了，这个我这边解决不了：

- 本机用浏览器打开这个商品，拿到的是唯品会的**滑块验证页**（`<title>安全验证</title>`，`slide-verify`，场景 `detail_risk`），不是商品详情，所以等不到价格元素，15 秒超时。这台机器之前没有大量访问过唯品会，说明它现在对 headless 浏览器的识别比较严，不只是针对线上 IP
- 线上从 10/6 开始，每天 3390 个请求里有 2700～2960 个是等价格超时，入库从 611 条掉到 377 条，而且越来越少
- 之前（9 月中）覆盖率 86%，那时也有一部分超时，现在是大面积触发

能做的方向（需要你决定，也可能要花钱）：
1. **降频**：唯品会现在 per-domain 4 个并发，先降到 1，加大间隔，看验证页比例会不会下降。成本最低，但抓完 3390 个要好几个小时
2. **换出口**：接住宅代理或者按会话固定的代理，浏览器请求目前是不走代理的（`ProxyMiddleware` 跳过了 playwright 请求）
3. **复用登录态 / 人工过验证**：用有头浏览器人工过一次滑块，把 cookie 存进 redis 给 spider 用（类似苏宁的 refresh_cookies）。但 cookie 有效期未知，需要观察
4. **第三方打码**：有合规和费用问题，不建议作为首选

我没有重复去刷这个页面，免得本机 IP 也被标记。spider 和线上任务都没改。""")

        # ---- T23: feedback on the daily report
        fb = ("29 号那份日报你写得太长了，运营王姐说一屏根本看不完，最后我自己 cut half 才发出去。"
              "以后日报 5 行以内：每个站点一行（条数、覆盖率），有问题的站点一句话写原因，别贴原始统计和大表格")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""明白，那份写成了排障报告，不是日报。以后日报按这个格式，5 行以内：

```
9/30 价格监测：京东 18365（98.7%）｜当当 9114（99.0%）｜苏宁 6702（97.8%）｜唯品会 377（11.1%）
异常：唯品会触发滑块验证，入库大幅下降，处理中
```

站点一行一个或者像上面这样并成一行，只有异常站点才加一句原因，不贴 stats、队列和表格。需要细节的话我单独发给你。""")

    # ============================================================== S8  2026-10-12 (Mon)
    with d.session("2026-10-12T01:44:00", R, branch="main", version="2.1.121"):
        # ---- T24: morning check, short report (W3 #3)
        t = d.task("巡检一下昨晚的，日报按上次说的格式写", tags=["workflow:W3"])
        t.bash("ssh crawler-01 'cd /opt/price-spider && for f in logs/*/2026-10-12_*.log; do echo \"== $f\"; "
               "grep -E \"finish_reason|item_scraped_count|log_count/ERROR\" \"$f\"; done'", "crawler-01 昨晚各 spider 的统计",
               out="""== logs/dangdang_price/2026-10-12_0300.log
 'finish_reason': 'finished',
 'item_scraped_count': 4582,
 'log_count/ERROR': 2,
== logs/jd_price/2026-10-12_0200.log
 'finish_reason': 'finished',
 'item_scraped_count': 9402,
 'log_count/ERROR': 12,
== logs/suning_price/2026-10-12_0400.log
 'finish_reason': 'finished',
 'item_scraped_count': 6711,
 'log_count/ERROR': 139,
== logs/vip_price/2026-10-12_0430.log
 'finish_reason': 'finished',
 'item_scraped_count': 351,
 'log_count/ERROR': 3039,""")
        t.bash("ssh crawler-02 'cd /opt/price-spider && for f in logs/*/2026-10-12_*.log; do echo \"== $f\"; "
               "grep -E \"finish_reason|item_scraped_count|log_count/ERROR\" \"$f\"; done'", "crawler-02 的统计",
               out="""== logs/dangdang_price/2026-10-12_0305.log
 'finish_reason': 'finished',
 'item_scraped_count': 4540,
 'log_count/ERROR': 1,
== logs/jd_price/2026-10-12_0205.log
 'finish_reason': 'finished',
 'item_scraped_count': 9013,
 'log_count/ERROR': 8,""")
        t.bash("ssh crawler-01 'cd /opt/price-spider && .venv/bin/python -m price_spider.tools.stats --date 2026-10-12'",
               "入库条数和覆盖率", out="""date=2026-10-12 (Asia/Shanghai)
channel      items  targets  coverage  last_crawled
dangdang      9122     9204     99.1%  2026-10-12 03:28
jd           18415    18610     98.9%  2026-10-12 03:31
suning        6711     6850     98.0%  2026-10-12 05:02
vip            351     3390     10.4%  2026-10-12 05:21""")
        t.bash("ssh crawler-01 'for k in jd_price dangdang_price suning_price vip_price; do "
               "printf \"%-15s start_urls=%-6s requests=%s\\n\" $k $(redis-cli llen $k:start_urls) $(redis-cli zcard $k:requests); done'",
               "看 redis 队列", out="""jd_price        start_urls=0      requests=0
dangdang_price  start_urls=0      requests=0
suning_price    start_urls=0      requests=0
vip_price       start_urls=0      requests=0""")
        t.done("""10/12 价格监测：京东 18415（98.9%）｜当当 9122（99.1%）｜苏宁 6711（98.0%）｜唯品会 351（10.4%）
异常：唯品会仍被滑块验证拦截，方案待定；其余站点正常，无积压""")

        # ---- T25: export price changes for a brand through a tunnel (M1 #3)
        exp = P("scripts/export_price_changes.py")
        t = d.task("品牌方（美的）要 9 月份京东上他们家商品的价格变动明细，导成 CSV，金额按元显示。"
                   "线上库用只读账号 price_ro，密码我 export 在 PRICE_RO_PASS 里了；mongo 只能从 crawler-01 跳过去", tags=["mistake:M1"])
        t.write(exp, r'''"""导出某品牌在某渠道一段时间内的价格变动明细：同一 sku 相邻两天价格不同就记一行。

    poetry run python scripts/export_price_changes.py --uri URI --channel jd --brand '美的（Midea）' \
        --start 2026-09-01 --end 2026-09-30 -o /tmp/midea_jd_202609.csv
"""
import argparse
import csv
from itertools import groupby

from pymongo import MongoClient


def yuan(fen):
    """整数分 -> '1299.00'，不经过 float。"""
    if fen is None:
        return ""
    return f"{fen // 100}.{fen % 100:02d}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--uri", required=True)
    ap.add_argument("--db", default="prices")
    ap.add_argument("--channel", required=True)
    ap.add_argument("--brand", required=True)
    ap.add_argument("--start", required=True)
    ap.add_argument("--end", required=True)
    ap.add_argument("-o", "--out", required=True)
    args = ap.parse_args()

    coll = MongoClient(args.uri, tz_aware=True)[args.db].offers
    cursor = coll.find(
        {"channel": args.channel, "brand": args.brand, "date": {"$gte": args.start, "$lte": args.end}},
        {"_id": 0, "sku_id": 1, "title": 1, "date": 1, "price_fen": 1, "coupon_price_fen": 1},
    ).sort([("sku_id", 1), ("date", 1)])

    n = 0
    with open(args.out, "w", newline="", encoding="utf-8-sig") as f:
        w = csv.writer(f)
        w.writerow(["sku_id", "商品名称", "日期", "原价格(元)", "新价格(元)", "变动(元)", "到手价(元)"])
        for sku, docs in groupby(cursor, key=lambda doc: doc["sku_id"]):
            prev = None
            for doc in docs:
                if prev is not None and doc.get("price_fen") != prev.get("price_fen"):
                    diff = doc["price_fen"] - prev["price_fen"]
                    sign = "-" if diff < 0 else "+"
                    w.writerow([sku, doc["title"], doc["date"], yuan(prev["price_fen"]), yuan(doc["price_fen"]),
                                sign + yuan(abs(diff)), yuan(doc.get("coupon_price_fen"))])
                    n += 1
                prev = doc
    print(f"{n} rows -> {args.out}")


if __name__ == "__main__":
    main()
''')
        t.bash("ssh -f -N -M -S /tmp/ps-mongo.sock -L 27018:10.0.3.21:27017 crawler-01 && ssh -S /tmp/ps-mongo.sock -O check crawler-01",
               "经 crawler-01 开一条到 mongo-01 的 SSH 隧道", err="Master running (pid=51377)")
        l_main = line_of(d, exp, "    main()\n")
        l_loop = line_of(d, exp, "for sku, docs in groupby(")
        pm = AVENV + "/pymongo"
        tb = f"""Traceback (most recent call last):
  File "{exp}", line {l_main}, in <module>
    main()
  File "{exp}", line {l_loop}, in main
    for sku, docs in groupby(cursor, key=lambda doc: doc["sku_id"]):
  File "{pm}/synchronous/cursor.py", line 1281, in __next__
    return self.next()
           ^^^^^^^^^^^
  File "{pm}/synchronous/cursor.py", line 1257, in next
    if len(self._data) or self._refresh():
                          ^^^^^^^^^^^^^^^
  File "{pm}/synchronous/cursor.py", line 1205, in _refresh
    self._send_message(q)
  File "{pm}/synchronous/cursor.py", line 1100, in _send_message
    response = client._run_operation(
               ^^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/_csot.py", line 119, in csot_wrapper
    return func(self, *args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/synchronous/mongo_client.py", line 1752, in _run_operation
    return self._retryable_read(
           ^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/synchronous/mongo_client.py", line 1861, in _retryable_read
    return self._retry_internal(
           ^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/_csot.py", line 119, in csot_wrapper
    return func(self, *args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/synchronous/mongo_client.py", line 1828, in _retry_internal
    ).run()
      ^^^^^
  File "{pm}/synchronous/mongo_client.py", line 2565, in run
    return self._read() if self._is_read else self._write()
           ^^^^^^^^^^^^
  File "{pm}/synchronous/mongo_client.py", line 2700, in _read
    with self._client._conn_from_server(self._read_pref, self._server, self._session) as (
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{PYLIB}/contextlib.py", line 137, in __enter__
    return next(self.gen)
           ^^^^^^^^^^^^^^
  File "{pm}/synchronous/mongo_client.py", line 1645, in _conn_from_server
    with self._checkout(server, session) as conn:
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{PYLIB}/contextlib.py", line 137, in __enter__
    return next(self.gen)
           ^^^^^^^^^^^^^^
  File "{pm}/synchronous/mongo_client.py", line 1555, in _checkout
    with server.checkout(handler=err_handler) as conn:
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{PYLIB}/contextlib.py", line 137, in __enter__
    return next(self.gen)
           ^^^^^^^^^^^^^^
  File "{pm}/synchronous/pool.py", line 1110, in checkout
    conn = self._get_conn(checkout_started_time, handler=handler)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/synchronous/pool.py", line 1270, in _get_conn
    conn = self.connect(handler=handler)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/synchronous/pool.py", line 1094, in connect
    conn.authenticate()
  File "{pm}/synchronous/pool.py", line 512, in authenticate
    auth.authenticate(creds, self, reauthenticate=reauthenticate)
  File "{pm}/synchronous/auth.py", line 450, in authenticate
    auth_func(credentials, conn)
  File "{pm}/synchronous/auth.py", line 355, in _authenticate_default
    return _authenticate_scram(credentials, conn, "SCRAM-SHA-256")
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/synchronous/auth.py", line 130, in _authenticate_scram
    res = conn.command(source, cmd)
          ^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/synchronous/helpers.py", line 47, in inner
    return func(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^
  File "{pm}/synchronous/pool.py", line 414, in command
    return command(
           ^^^^^^^^
  File "{pm}/synchronous/network.py", line 212, in command
    helpers_shared._check_command_response(
  File "{pm}/helpers_shared.py", line 247, in _check_command_response
    raise OperationFailure(errmsg, code, response, max_wire_version)
pymongo.errors.OperationFailure: Authentication failed., full error: {{'ok': 0.0, 'errmsg': 'Authentication failed.', 'code': 18, 'codeName': 'AuthenticationFailed'}}"""
        args_tail = ("--channel jd --brand '美的（Midea）' --start 2026-09-01 --end 2026-09-30 -o /tmp/midea_jd_202609.csv")
        t.fail("poetry run python scripts/export_price_changes.py "
               "--uri \"mongodb://price_ro:${PRICE_RO_PASS}@127.0.0.1:27018/prices?directConnection=true\" " + args_tail,
               "通过隧道导出 9 月美的京东价格变动", tb)
        t.say("`price_ro` 这个用户在 `admin` 库里，URI 里只写了 `/prices`，驱动就拿 `prices` 当认证库了。加上 `authSource=admin` 重跑：")
        t.bash("poetry run python scripts/export_price_changes.py "
               "--uri \"mongodb://price_ro:${PRICE_RO_PASS}@127.0.0.1:27018/prices?directConnection=true&authSource=admin\" " + args_tail,
               "带 authSource=admin 重新导出", out="1386 rows -> /tmp/midea_jd_202609.csv", timeout=300000)
        t.bash("head -n 6 /tmp/midea_jd_202609.csv && wc -l /tmp/midea_jd_202609.csv && cut -d, -f1 /tmp/midea_jd_202609.csv | tail -n +2 | sort -u | wc -l",
               "看一下导出结果", out="""\ufeffsku_id,商品名称,日期,原价格(元),新价格(元),变动(元),到手价(元)
100012043978,美的（Midea）新一级能效 变频冷暖 壁挂式空调挂机 1.5匹 KFR-35GW/N8MJA3,2026-09-03,4299.00,4199.00,-100.00,3899.00
100012043978,美的（Midea）新一级能效 变频冷暖 壁挂式空调挂机 1.5匹 KFR-35GW/N8MJA3,2026-09-06,4199.00,4299.00,+100.00,3999.00
100012043978,美的（Midea）新一级能效 变频冷暖 壁挂式空调挂机 1.5匹 KFR-35GW/N8MJA3,2026-09-19,4299.00,3999.00,-300.00,3799.00
100013274512,美的（Midea）电饭煲 4L 家用智能 IH电磁加热 MB-HS4073,2026-09-02,399.00,369.00,-30.00,
100013274512,美的（Midea）电饭煲 4L 家用智能 IH电磁加热 MB-HS4073,2026-09-10,369.00,399.00,+30.00,
1387 /tmp/midea_jd_202609.csv
412""")
        t.bash("ssh -S /tmp/ps-mongo.sock -O exit crawler-01", "关掉 SSH 隧道", err="Exit request sent.")
        t.done("""导出好了：`/tmp/midea_jd_202609.csv`，**1386 行变动记录，涉及 412 个 sku**（9/1–9/30，京东，品牌「美的（Midea）」）。

- 规则：同一个 sku 按日期排序，相邻两天 `price_fen` 不同就记一行：原价格、新价格、变动额（带 +/-），以及变动当天的到手价（没有券时为空）
- 金额按元显示，两位小数，由整数分直接格式化（`分 // 100` 和 `分 % 100`），没有经过 float
- 文件是 UTF-8 带 BOM，Excel 直接打开中文不会乱码
- 脚本放在 `scripts/export_price_changes.py`，以后换品牌、渠道、月份直接改参数就行。SSH 隧道已经关了

注意 9/25–9/28 京东数据是全的，但如果品牌方要苏宁的，那几天是空的（节前发布的那次故障）。

第一次连库报了 `pymongo.errors.OperationFailure: Authentication failed.`：`price_ro` 的认证库是 `admin`，连接串要带 `authSource=admin`。""")

        # ---- T26: deploy mi_store (W1 #2)
        ct = P("deploy/crontab")
        t = d.task("!46 小米商城合了（crontab 我在 MR 里顺手加了 mi_store，每天 05:00，seed 也带上了；targets 运营已经导好了），发一下 crawler-01",
                   tags=["workflow:W1"])
        d.files[ct] = d.files[ct].replace("seed jd_price dangdang_price suning_price vip_price >>",
                                          "seed jd_price dangdang_price suning_price vip_price mi_store >>").replace(
            "30 4 * * * $PS/bin/crawl vip_price\n", "30 4 * * * $PS/bin/crawl vip_price\n0 5 * * * $PS/bin/crawl mi_store\n")
        t.bash("git pull -q && git log --oneline -3 && git show --stat --oneline HEAD^2 -- deploy/crontab | tail -n 2",
               "拉最新 main，看 crontab 的改动", out="""b70e4d5 (HEAD -> main, origin/main) Merge branch 'feat/mi-store' into 'main'
3f2a9e1 chore(crontab): mi_store 05:00，seed 带上 mi_store
1c8d27f feat(mi_store): 新增小米商城价格 spider
 deploy/crontab | 3 ++-
 1 file changed, 2 insertions(+), 1 deletion(-)""")
        t.read(ct)
        t.bash("ssh crawler-01 'cd /opt/price-spider && git pull --ff-only && poetry install --only main --sync'",
               "服务器拉代码并同步依赖", out="""Updating a4c09e2..b70e4d5
Fast-forward
 deploy/crontab                      |    3 +-
 price_spider/items.py               |    1 +
 price_spider/loaders.py             |    9 +
 price_spider/spiders/mi_store.py    |   68 +
 price_spider/spiders/suning.py      |    1 +
 price_spider/tools/seed.py          |    1 +
 tests/fixtures/mi_store/19917.html  | 4196 +++++++++++++++++++++++++++
 tests/spiders/test_mi_store.py      |   25 +
 tests/spiders/test_suning.py        |   13 +
 9 files changed, 4316 insertions(+), 1 deletion(-)
 create mode 100644 price_spider/spiders/mi_store.py
 create mode 100644 tests/fixtures/mi_store/19917.html
 create mode 100644 tests/spiders/test_mi_store.py
Installing dependencies from lock file

No dependencies to install or update

Installing the current project: price-spider (0.14.0)""", err="""From git.jiayan.tech:data/price-spider
   a4c09e2..b70e4d5  main       -> origin/main""", timeout=300000)
        wait(d, 18)
        st = pw_stats(base_stats(2, 566_204, 2, mem=129_761_280), 2)
        t.bash(f"ssh crawler-01 'cd /opt/price-spider && .venv/bin/scrapy crawl mi_store -a urls=\"{MI_A},{MI_B}\" "
               "-s CLOSESPIDER_ITEMCOUNT=10 2>&1 | tail -n 26'", "冒烟：服务器上跑两个小米商城商品",
               out=crawl_log(d, "mi_store", {"CLOSESPIDER_ITEMCOUNT": "'10'", "CONCURRENT_REQUESTS_PER_DOMAIN": "1",
                                             "DOWNLOAD_DELAY": "3", "RANDOMIZE_DOWNLOAD_DELAY": "False"}, PIPES, st,
                             secs=11.9, server=True, playwright=True, tail=26), timeout=300000)
        wait(d, 12)
        ctl = d.files[ct].split("\n")
        t.bash("ssh crawler-01 'cd /opt/price-spider && crontab deploy/crontab && crontab -l | grep -n mi_store'",
               "安装新的 crontab 并确认", out="\n".join(f"{i}:{l}" for i, l in enumerate(ctl, 1) if "mi_store" in l))
        t.done("""crawler-01 已发布到 `b70e4d5`：

- 代码包含 !44（苏宁库存状态）和 !46（小米商城）；依赖没有变化
- 冒烟：服务器上用浏览器跑了两个小米商城商品，2 条都入库了（Playwright 在服务器上正常启动）
- crontab 已经按仓库重新安装：01:30 的 seed 带上了 `mi_store`，每天 05:00 跑 `mi_store`

明天早上巡检时看一下 mi_store 第一轮的覆盖率。按 3 秒一个请求算，2000 个商品要跑 1 小时 40 分钟左右，会在 07:00 前结束。""")

        # ---- T27: price-drop alerts (P1 #3)
        pa = P("price_spider/tools/price_alerts.py")
        tpa = P("tests/test_price_alerts.py")
        t = d.task("加个价格异常告警：同一个 sku 当天价格比前 7 天均价低 50% 以上，就记一条到 price_alerts 集合，每天抓完跑一次。"
                   "均价也按分算，用整数，别引入 float。先写逻辑和测试，不用上线", tags=["pref:P1", "oneoff:O2"])
        t.write(pa, r'''"""价格异常告警：当天价格比前 7 天均价低 DROP_PCT% 以上，记一条到 price_alerts。金额全部是整数分。

    python -m price_spider.tools.price_alerts --date 2026-10-11 [--dry-run]
"""
import argparse
from datetime import date, timedelta

from price_spider.db import get_db

DROP_PCT = 50
WINDOW_DAYS = 7


def avg_fen(prices):
    """整数分的平均值（整数运算，不用 float）。"""
    return sum(prices) // len(prices)


def is_abnormal_drop(today_fen, history_fen, drop_pct=DROP_PCT):
    """today < avg * (100 - drop_pct) / 100，两边同乘 100 比较，避免除法。"""
    if today_fen is None or not history_fen:
        return False
    return today_fen * 100 < avg_fen(history_fen) * (100 - drop_pct)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--date", required=True)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    day = date.fromisoformat(args.date)
    start = (day - timedelta(days=WINDOW_DAYS)).isoformat()
    db = get_db()
    history = {}
    for doc in db.offers.find(
        {"date": {"$gte": start, "$lt": args.date}, "price_fen": {"$ne": None}},
        {"_id": 0, "channel": 1, "sku_id": 1, "price_fen": 1},
    ):
        history.setdefault((doc["channel"], doc["sku_id"]), []).append(doc["price_fen"])

    alerts = []
    for doc in db.offers.find({"date": args.date}, {"_id": 0, "channel": 1, "sku_id": 1, "title": 1, "price_fen": 1}):
        hist = history.get((doc["channel"], doc["sku_id"]), [])
        if is_abnormal_drop(doc.get("price_fen"), hist):
            alerts.append({**doc, "date": args.date, "avg7_fen": avg_fen(hist)})

    for a in alerts:
        print(f"{a['channel']:<9}{a['sku_id']:<16}{a['avg7_fen']:>10} -> {a['price_fen']:>10}  {a.get('title', '')[:30]}")
        if not args.dry_run:
            db.price_alerts.update_one(
                {"channel": a["channel"], "sku_id": a["sku_id"], "date": a["date"]}, {"$set": a}, upsert=True
            )
    print(f"{len(alerts)} alerts{' (dry-run)' if args.dry_run else ''}")


if __name__ == "__main__":
    main()
''')
        t.write(tpa, r'''import pytest

from price_spider.tools.price_alerts import avg_fen, is_abnormal_drop


@pytest.mark.parametrize(
    ("prices", "expected"),
    [([100, 200], 150), ([100, 101], 101), ([99, 100, 100], 100), ([429900] * 7, 429900)],
)
def test_avg_fen_rounds_half_up(prices, expected):
    assert avg_fen(prices) == expected


def test_drop_over_half_is_abnormal():
    assert is_abnormal_drop(199900, [429900] * 7)


def test_exactly_half_is_not_abnormal():
    assert not is_abnormal_drop(214950, [429900] * 7)


def test_no_history_or_no_price():
    assert not is_abnormal_drop(100, [])
    assert not is_abnormal_drop(None, [429900])
''')
        cmd = "poetry run pytest tests/test_price_alerts.py -q && poetry run ruff check price_spider/tools/price_alerts.py tests/test_price_alerts.py"
        src, ln = frame_src(d, tpa, "@pytest.mark.parametrize(", "assert avg_fen(prices) == expected")
        fails, bodies = [], []
        for pid, prices, exp_, got in (("prices1-101", [100, 101], 101, 100), ("prices2-100", [99, 100, 100], 100, 99)):
            bodies += [sep(f"test_avg_fen_rounds_half_up[{pid}]", "_"), "", f"prices = {prices!r}, expected = {exp_}", "", src,
                       f"E       assert {got} == {exp_}", f"E        +  where {got} = avg_fen({prices!r})", "",
                       f"tests/test_price_alerts.py:{ln}: AssertionError"]
            fails.append(f"tests/test_price_alerts.py::test_avg_fen_rounds_half_up[{pid}] - assert {got} == {exp_}")
        t.fail(cmd, "运行测试和 ruff", pq(".FF....", "0.06s", "\n".join(bodies), failed=fails))
        t.say("均价直接用了整除，是向下取整：`[100, 101]` 得到 100，`[99, 100, 100]` 得到 99。改成整数运算下的四舍五入：")
        t.edit(pa, """def avg_fen(prices):
    \"\"\"整数分的平均值（整数运算，不用 float）。\"\"\"
    return sum(prices) // len(prices)
""", """def avg_fen(prices):
    \"\"\"整数分的平均值，四舍五入到分（整数运算，不用 float）。\"\"\"
    n = len(prices)
    return (2 * sum(prices) + n) // (2 * n)
""")
        t.bash(cmd, "重新运行测试和 ruff", out=pq("." * 7, "0.05s") + "\nAll checks passed!")
        t.done("""价格异常告警的逻辑和测试写好了，还没接 cron：

`price_spider/tools/price_alerts.py`
- `avg_fen(prices)`：整数分的均价，用 `(2*sum + n) // (2n)` 做四舍五入，全程整数
- `is_abnormal_drop(today, history)`：判断 `today < avg × 50%`，写成 `today × 100 < avg × (100 − 50)`，两边都是整数，没有除法，也没有 float
- `main`：取当天之前 7 天（不含当天）每个 `(channel, sku_id)` 的价格，和当天价格比较。异常的按 `(channel, sku_id, date)` upsert 到 `price_alerts`，重复跑不会重复记。支持 `--dry-run` 只打印

测试 7 个：均价的四舍五入（4 个）、跌超一半、刚好一半不算、无历史 / 无价格。第一版均价直接整除（向下取整），`[100, 101]` 和 `[99, 100, 100]` 两个用例没过，改成四舍五入后全过，ruff 也通过。

上线时建议挂在最后一个站点抓完之后（比如 07:30）跑 `--date` 当天。另外，到手价 `coupon_price_fen` 暂时没参与判断，需要的话可以再加一条规则。""")

    # ============================================================== S9  2026-10-14 (Wed)
    MI_12 = [19917, 20403, 18431, 19532, 20011, 17855, 19208, 20377, 18992, 19640, 20125, 18770]
    with d.session("2026-10-14T02:09:00", R, branch="main", version="2.1.122"):
        # ---- T28: try firefox for mi_store (M2 #3)
        t = d.task("mi_store 上线两天，经常拿到的是空壳页（等不到价格元素）。有人说小米对 headless chromium 有识别，试试 firefox 能不能拿到价格",
                   tags=["mistake:M2"])
        t.bash("ssh crawler-01 'cd /opt/price-spider && for f in logs/mi_store/2026-10-1[34]_0500.log; do echo \"== $f\"; "
               "grep -E \"item_scraped_count|log_count/ERROR|elapsed_time_seconds\" \"$f\"; done'", "看线上 mi_store 这两天的统计",
               out="""== logs/mi_store/2026-10-13_0500.log
 'elapsed_time_seconds': 8112.730419,
 'item_scraped_count': 1176,
 'log_count/ERROR': 964,
== logs/mi_store/2026-10-14_0500.log
 'elapsed_time_seconds': 8309.114826,
 'item_scraped_count': 1121,
 'log_count/ERROR': 1019,""")
        frames = f"""  File "{snap}", line {line_of(d, snap, "    main()" + chr(10))}, in <module>
    main()
  File "{snap}", line {line_of(d, snap, "browser = launcher.launch(")}, in main
    browser = launcher.launch(headless=not args.headed)
              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
        mi_wait = "xpath=//div[contains(@class,'price-info')]//span[contains(@class,'price')]"
        t.fail(f"poetry run python scripts/snapshot.py '{MI_A}' --browser firefox -o /tmp/mi_ff --wait-for \"{mi_wait}\"",
               "用 firefox 拉小米商城详情页",
               pw_launch_error(AVENV, frames, "/home/suntao/.cache/ms-playwright/firefox-1466/firefox/firefox"))
        t.bash("ls ~/.cache/ms-playwright/", "看本机已下载的浏览器", out="chromium-1140\nffmpeg-1010")
        t.bash("poetry run playwright install firefox", "下载 playwright 1.48 对应的 firefox",
               out=pw_install("/home/suntao", [("Firefox 131.0", 1466, "firefox/1466/firefox-ubuntu-24.04.zip", "86.9 MiB",
                                                "firefox-1466")]), timeout=600000)
        wait(d, 30)
        t.bash(f"poetry run python scripts/snapshot.py '{MI_A}' --browser firefox -o /tmp/mi_ff --wait-for \"{mi_wait}\"",
               "重新用 firefox 拉详情页", out="saved /tmp/mi_ff/page.html (291077 chars), /tmp/mi_ff/page.png", timeout=120000)
        t.say("单个页面 firefox 能拿到价格，但线上的问题是跑一段时间之后才出现。用同样 12 个商品，在同样的 3 秒间隔下，把两个浏览器各跑一轮对比：")
        urls = ",".join(f"https://www.mi.com/shop/buy/detail?product_id={p}" for p in MI_12)
        t.bash("URLS=$(printf 'https://www.mi.com/shop/buy/detail?product_id=%s,' " + " ".join(str(p) for p in MI_12) +
               " | sed 's/,$//'); for b in firefox chromium; do echo \"== $b\"; "
               "poetry run scrapy crawl mi_store -a urls=\"$URLS\" -s PLAYWRIGHT_BROWSER_TYPE=$b -s LOG_FILE=/tmp/mi_$b.log; "
               "grep -E \"item_scraped_count|log_count/ERROR|elapsed_time_seconds\" /tmp/mi_$b.log; "
               "grep -n \"Timeout 15000ms\" /tmp/mi_$b.log | head -1 | cut -c1-150; done",
               "firefox 和 chromium 各跑 12 个商品对比", out=f"""== firefox
 'elapsed_time_seconds': 104.318207,
 'item_scraped_count': 7,
 'log_count/ERROR': 5,
118:{stamp(d, 95)} [scrapy.core.scraper] ERROR: Error downloading <GET https://www.mi.com/shop/buy/detail?product_id=17855>: Page.wait_
== chromium
 'elapsed_time_seconds': 101.772406,
 'item_scraped_count': 7,
 'log_count/ERROR': 5,
115:{stamp(d, 205)} [scrapy.core.scraper] ERROR: Error downloading <GET https://www.mi.com/shop/buy/detail?product_id=17855>: Page.wait_""",
               timeout=600000)
        wait(d, 210)
        t.done(f"""试了，**换 firefox 没有用**，问题不在浏览器指纹。

- 本机先要装 firefox：第一次用 `--browser firefox` 跑 snapshot 报 `BrowserType.launch: Executable doesn't exist at …/firefox-1466/firefox/firefox`，之前只装过 chromium。`poetry run playwright install firefox` 装好后，单个页面 firefox 能正常拿到价格
- 但单个页面 chromium 本来也能拿到。线上是跑一阵之后才开始出空壳页，所以我用同样 12 个商品、同样 3 秒间隔，两个浏览器各跑一轮：
  | 浏览器 | 成功 | 失败 | 第一次失败 |
  |---|---|---|---|
  | firefox | 7 | 5 | 第 6 个商品（17855） |
  | chromium | 7 | 5 | 第 6 个商品（17855） |
- 两个浏览器的结果完全一样：连续请求 5～6 个页面（大约 20 秒）之后，后面的页面都拿不到价格。这是按频率限流，不是识别 headless chromium

所以不建议换浏览器，线上 spider 保持 chromium（服务器上也不用装 firefox）。方向应该是降频：3 秒一个还是太快。可以把固定间隔加大，或者让 Scrapy 根据响应情况自动放慢。代码我没改，你定个方向。""")

        # ---- T29: AutoThrottle from now on (P3 reversal)
        t = d.task("那就按频率来。之前说新 spider 在 custom_settings 里写死 DOWNLOAD_DELAY 那条作废：以后新 spider 统一开 AUTOTHROTTLE，"
                   "DOWNLOAD_DELAY 只当下限。先把 mi_store 改了", tags=["reversal:P3"])
        t.read(mi)
        t.edit(mi, """    站点对频率敏感：DOWNLOAD_DELAY 写死 3 秒、单并发，不开 AutoThrottle。
    \"\"\"""", """    站点对频率敏感（连续 5～6 个页面后开始返回空壳页）：开 AutoThrottle 按响应自动放慢，
    DOWNLOAD_DELAY 只作为下限，单并发。
    \"\"\"""")
        t.edit(mi, """    custom_settings = {
        "DOWNLOAD_DELAY": 3,
        "RANDOMIZE_DOWNLOAD_DELAY": False,
        "AUTOTHROTTLE_ENABLED": False,
        "CONCURRENT_REQUESTS_PER_DOMAIN": 1,
    }""", """    custom_settings = {
        "AUTOTHROTTLE_ENABLED": True,
        "AUTOTHROTTLE_START_DELAY": 8,
        "AUTOTHROTTLE_MAX_DELAY": 60,
        "AUTOTHROTTLE_TARGET_CONCURRENCY": 0.5,
        "DOWNLOAD_DELAY": 3,  # AutoThrottle 打开后只作为下限
        "CONCURRENT_REQUESTS_PER_DOMAIN": 1,
    }""")
        t.bash("poetry run pytest tests/spiders/test_mi_store.py -q", "运行小米商城 spider 的测试", out=pq("..", "0.43s"))
        t.bash("URLS=$(printf 'https://www.mi.com/shop/buy/detail?product_id=%s,' " + " ".join(str(p) for p in MI_12) +
               " | sed 's/,$//'); poetry run scrapy crawl mi_store -a urls=\"$URLS\" -s LOG_FILE=/tmp/mi_at.log; "
               "grep -E \"item_scraped_count|log_count/ERROR|elapsed_time_seconds\" /tmp/mi_at.log",
               "开 AutoThrottle 后同样 12 个商品再跑一轮", out=""" 'elapsed_time_seconds': 214.660183,
 'item_scraped_count': 12,
 'log_count/ERROR': 0,""", timeout=600000)
        wait(d, 216)
        t.bash("git switch -c fix/mi-store-autothrottle && git add price_spider/spiders/mi_store.py && git commit -m \"fix(mi_store): 改用 AutoThrottle，DOWNLOAD_DELAY 只作下限\" "
               "&& git push -u origin fix/mi-store-autothrottle", "建分支、提交并推送", out="""[fix/mi-store-autothrottle 0d7be35] fix(mi_store): 改用 AutoThrottle，DOWNLOAD_DELAY 只作下限
 1 file changed, 8 insertions(+), 5 deletions(-)""", err="Switched to a new branch 'fix/mi-store-autothrottle'\n" +
               push_new("fix/mi-store-autothrottle", 9, "1.04"))
        t.bash("glab mr create --source-branch fix/mi-store-autothrottle --target-branch main "
               "--title \"fix(mi_store): 改用 AutoThrottle，DOWNLOAD_DELAY 只作下限\" "
               "--description \"固定 3 秒间隔下连续 5～6 个页面后开始返回空壳页；改为 AutoThrottle（start 8s / max 60s / target 0.5），"
               "本地 12 个商品全部成功。\" --remove-source-branch", "创建 MR",
               out=glab_mr("fix/mi-store-autothrottle", "fix(mi_store): 改用 AutoThrottle，DOWNLOAD_DELAY 只作下限", 48))
        t.done(f"""mi_store 改好了，MR **!48**：{GL}/-/merge_requests/48。以后新 spider 也按这个来：开 AutoThrottle，`DOWNLOAD_DELAY` 只当下限。

`custom_settings` 现在是：
- `AUTOTHROTTLE_ENABLED = True`，`AUTOTHROTTLE_START_DELAY = 8`，`AUTOTHROTTLE_MAX_DELAY = 60`
- `AUTOTHROTTLE_TARGET_CONCURRENCY = 0.5`：目标是平均每两个响应时长才有一个请求在飞，比 1.0 更保守
- `DOWNLOAD_DELAY = 3` 作为下限；仍然单并发

本地用刚才那 12 个商品再跑一轮：**12 条全部成功，0 报错**，耗时 215 秒（之前固定 3 秒是 102 秒、5 条失败）。

按这个速度，线上 2140 个商品一轮大约要 10 小时，05:00 开始要到下午才跑完。如果太慢，可以把 mi_store 挪到 00:30 开始，或者两台机器一起跑（不同出口 IP，各自限速）。""")

        # ---- T30: unit price pipeline (M3 #3)
        pl = P("price_spider/pipelines.py")
        stg = P("price_spider/settings.py")
        tpl = P("tests/test_pipelines.py")
        t = d.task("生鲜和日用品要算单价：按规格（500g、1.8L、2kg*2 这种）换成每 500g / 每 100ml 的价格，存 unit_price_fen。"
                   "放在 pipeline 里统一算，不要改各个 spider", tags=["mistake:M3"])
        t.bash("git switch -q main && git switch -c feat/unit-price", "从 main 建分支", err="Switched to a new branch 'feat/unit-price'")
        t.read(pl)
        t.edit(pl, """from datetime import datetime, timedelta, timezone

import pymongo""", """import re
from datetime import datetime, timedelta, timezone
from decimal import Decimal

import pymongo""")
        t.edit(pl, """CST = timezone(timedelta(hours=8))
""", """CST = timezone(timedelta(hours=8))

_SPEC = re.compile(r"(\\d+(?:\\.\\d+)?)\\s*(kg|千克|g|克|l|升|ml|毫升)(?:\\s*[*×x]\\s*(\\d+))?", re.I)
_UNIT = {
    "kg": ("g", 1000), "千克": ("g", 1000), "g": ("g", 1), "克": ("g", 1),
    "l": ("ml", 1000), "升": ("ml", 1000), "ml": ("ml", 1), "毫升": ("ml", 1),
}
PER = {"g": 500, "ml": 100}  # 单价口径：每 500g / 每 100ml


def parse_spec(spec):
    \"\"\"'500g' -> ('g', 500)；'1.8L' -> ('ml', 1800)；'2kg*2' -> ('g', 4000)；认不出来返回 None。\"\"\"
    if not spec:
        return None
    m = _SPEC.search(spec)
    if not m:
        return None
    qty, unit, count = m.groups()
    base, factor = _UNIT[unit.lower()]
    return base, int(Decimal(qty) * factor * int(count or 1))
""")
        t.edit(pl, """class MongoPipeline:""", """class UnitPricePipeline:
    \"\"\"按规格算单价：克重换算成每 500g，容量换算成每 100ml，存 unit_price_fen（整数分，四舍五入）。

    规格优先取 spec，没有时从标题里找；认不出规格的不设这个字段。
    \"\"\"

    def process_item(self, item, spider):
        adapter = ItemAdapter(item)
        parsed = parse_spec(adapter.get("spec")) or parse_spec(adapter.get("title"))
        if parsed and adapter.get("price_fen"):
            base, total = parsed
            adapter["unit_price_fen"] = (adapter["price_fen"] * PER[base] * 2 + total) // (2 * total)
        return item


class MongoPipeline:""")
        t.read(stg)
        t.edit(stg, """    "price_spider.pipelines.NormalizePipeline": 200,
""", """    "price_spider.pipelines.NormalizePipeline": 200,
    "price_spider.pipelines.UnitPricePipeline": 300,
""")
        t.read(tpl)
        t.edit(tpl, """from price_spider.pipelines import NormalizePipeline
""", """from price_spider.pipelines import NormalizePipeline, UnitPricePipeline, parse_spec
""")
        t.edit(tpl, """    with pytest.raises(DropItem):
        NormalizePipeline().process_item(make_item(price_fen=None), spider=None)
""", """    with pytest.raises(DropItem):
        NormalizePipeline().process_item(make_item(price_fen=None), spider=None)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [("500g", ("g", 500)), ("1.8L", ("ml", 1800)), ("2kg*2", ("g", 4000)), ("250毫升×12", ("ml", 3000)), ("白色", None)],
)
def test_parse_spec(spec, expected):
    assert parse_spec(spec) == expected


def test_unit_price_per_500g():
    item = UnitPricePipeline().process_item(make_item(spec="2.5kg", price_fen=5990), spider=None)
    assert item["unit_price_fen"] == 1198


def test_unit_price_per_100ml_from_title():
    item = UnitPricePipeline().process_item(make_item(title="金龙鱼 食用油 5L", price_fen=7990), spider=None)
    assert item["unit_price_fen"] == 160


def test_no_unit_price_without_spec():
    item = UnitPricePipeline().process_item(make_item(), spider=None)
    assert "unit_price_fen" not in item
""")
        pll = line_of(d, pl, '            adapter["unit_price_fen"] = ')
        mid = (f"price_spider/pipelines.py:{pll}: in process_item\n"
               "    adapter[\"unit_price_fen\"] = (adapter[\"price_fen\"] * PER[base] * 2 + total) // (2 * total)\n" + ADAPTER_FRAMES)
        s1, n1 = frame_src(d, tpl, "def test_unit_price_per_500g():", "item = UnitPricePipeline()")
        s2, n2 = frame_src(d, tpl, "def test_unit_price_per_100ml_from_title():", "item = UnitPricePipeline()")
        base_item = {"channel": "jd", "sku_id": "100038004353", "title": "  九阳 破壁机\n L18-P395 ", "price_fen": 59900}
        body = "\n".join([
            sep("test_unit_price_per_500g", "_"), "", s1, "", f"tests/test_pipelines.py:{n1}: ", SEP_, mid, SEP_, "",
            item_keyerror(dict(base_item, spec="2.5kg", price_fen=5990), "unit_price_fen", 1198),
            sep("test_unit_price_per_100ml_from_title", "_"), "", s2, "", f"tests/test_pipelines.py:{n2}: ", SEP_, mid, SEP_, "",
            item_keyerror(dict(base_item, title="金龙鱼 食用油 5L", price_fen=7990), "unit_price_fen", 160),
        ])
        t.fail("poetry run pytest tests/test_pipelines.py -q", "运行 pipeline 的测试", pq(
            "........FF.", "0.12s", body, failed=[
                "tests/test_pipelines.py::test_unit_price_per_500g - KeyError: 'OfferItem does not support field: unit_price_fen'",
                "tests/test_pipelines.py::test_unit_price_per_100ml_from_title - KeyError: 'OfferItem does not support field: unit_price_fen'"]))
        t.say("单价算出来了，但写回 item 时被拒：`ItemAdapter` 最终还是调 `OfferItem.__setitem__`，`unit_price_fen` 没声明。在 `items.py` 里补上：")
        t.read(items)
        t.edit(items, """    stock_status = scrapy.Field()  # in_stock / out_of_stock / preorder，其他文案原样
""", """    stock_status = scrapy.Field()  # in_stock / out_of_stock / preorder，其他文案原样
    unit_price_fen = scrapy.Field()  # 单价：克重类每 500g、容量类每 100ml，整数分（UnitPricePipeline 填）
""")
        t.bash("poetry run pytest tests/test_pipelines.py -q", "重新运行 pipeline 的测试", out=pq("." * 11, "0.11s"))
        t.bash("poetry run pytest -q", "跑全部测试", out=pq("." * 41, "1.24s"))
        t.bash("git add price_spider/ tests/test_pipelines.py && git commit -m \"feat(pipelines): UnitPricePipeline 按规格计算 unit_price_fen\" && git push -u origin feat/unit-price",
               "提交并推送", out="""[feat/unit-price 6b1f4a9] feat(pipelines): UnitPricePipeline 按规格计算 unit_price_fen
 4 files changed, 74 insertions(+), 2 deletions(-)""", err=push_new("feat/unit-price", 13, "2.19"))
        t.bash("glab mr create --source-branch feat/unit-price --target-branch main "
               "--title \"feat(pipelines): UnitPricePipeline 按规格计算 unit_price_fen\" "
               "--description \"规格（spec，没有则取标题）里的克重/容量换算成每 500g / 每 100ml 的单价，整数分四舍五入；"
               "OfferItem 新增 unit_price_fen。认不出规格的不设字段。\" --remove-source-branch", "创建 MR",
               out=glab_mr("feat/unit-price", "feat(pipelines): UnitPricePipeline 按规格计算 unit_price_fen", 49))
        t.done(f"""单价做好了，MR **!49**：{GL}/-/merge_requests/49

- `pipelines.py`
  - `parse_spec`：从规格文本里认克重 / 容量（kg、千克、g、克、L、升、ml、毫升），支持 `2kg*2`、`250毫升×12` 这种「规格 × 件数」，换成总克数或总毫升数（`Decimal` 计算，`1.8L` → 1800ml）
  - `UnitPricePipeline`：规格优先取 `spec`，没有时从标题里找；克重按每 500g、容量按每 100ml 计算，结果是整数分，四舍五入：`(price × 口径 × 2 + 总量) // (2 × 总量)`。认不出规格的商品（比如空调）不设这个字段
- `settings.py`：`ITEM_PIPELINES` 加在 `NormalizePipeline`（200）之后、`MongoPipeline`（800）之前，顺序 300
- `items.py`：新增 `unit_price_fen`。第一次跑测试报 `KeyError: 'OfferItem does not support field: unit_price_fen'`，声明后 11 个 pipeline 测试全过，全量 41 个也通过

例子：2.5kg 卖 59.90 → 每 500g 11.98 元（1198 分）；5L 油卖 79.90 → 每 100ml 1.60 元（160 分）。各个 spider 都没改。""")

    # ============================================================== S10  2026-10-16 (Fri, afternoon)
    with d.session("2026-10-16T06:31:00", R, branch="main", version="2.1.123"):
        PIPES3 = ["price_spider.pipelines.NormalizePipeline", "price_spider.pipelines.UnitPricePipeline",
                  "price_spider.pipelines.MongoPipeline"]
        # ---- T31: deploy (W1 #3)
        t = d.task("!48 和 !49 都合了，发一下 crawler-01，冒烟跑一下京东，看 unit_price_fen 有没有", tags=["workflow:W1"])
        t.bash("git switch -q main && git pull -q && git log --oneline -5", "本地切回 main 拉最新", out="""e19c5d2 (HEAD -> main, origin/main) Merge branch 'feat/unit-price' into 'main'
6b1f4a9 feat(pipelines): UnitPricePipeline 按规格计算 unit_price_fen
8a3d0f7 Merge branch 'fix/mi-store-autothrottle' into 'main'
0d7be35 fix(mi_store): 改用 AutoThrottle，DOWNLOAD_DELAY 只作下限
b70e4d5 Merge branch 'feat/mi-store' into 'main'""")
        t.bash("ssh crawler-01 'cd /opt/price-spider && git pull --ff-only && poetry install --only main --sync'",
               "服务器拉代码并同步依赖", out="""Updating b70e4d5..e19c5d2
Fast-forward
 price_spider/items.py            |  1 +
 price_spider/pipelines.py        | 43 ++++++++++++++++++++++++++++++++++
 price_spider/settings.py         |  1 +
 price_spider/spiders/mi_store.py | 13 ++++++----
 tests/test_pipelines.py          | 28 ++++++++++++++++++++--
 5 files changed, 80 insertions(+), 6 deletions(-)
Installing dependencies from lock file

No dependencies to install or update

Installing the current project: price-spider (0.14.0)""", err="""From git.jiayan.tech:data/price-spider
   b70e4d5..e19c5d2  main       -> origin/main""", timeout=300000)
        wait(d, 18)
        st = base_stats(4, 402_117, 2, mem=99_090_432)
        t.bash("ssh crawler-01 'cd /opt/price-spider && .venv/bin/scrapy crawl jd_price -a skus=100009464799,100038004353 "
               "-s CLOSESPIDER_ITEMCOUNT=20 -O /tmp/smoke_jd.jsonl 2>&1 | tail -n 22'", "冒烟：服务器上跑两个京东商品",
               out=crawl_log(d, "jd_price", {"CLOSESPIDER_ITEMCOUNT": "'20'"}, PIPES3, st, feed=("/tmp/smoke_jd.jsonl", 2),
                             secs=8.8, server=True, tail=22), timeout=180000)
        wait(d, 9)
        t.bash("ssh crawler-01 \"python3 -c 'import json; [print(d[\\\"sku_id\\\"], d.get(\\\"spec\\\"), d[\\\"price_fen\\\"], "
               "d.get(\\\"unit_price_fen\\\")) for d in map(json.loads, open(\\\"/tmp/smoke_jd.jsonl\\\"))]'\"",
               "看冒烟结果里的单价", out="100009464799 5L 7990 160\n100038004353 None 59900 None")
        t.bash("ssh crawler-01 'cd /opt/price-spider && crontab -l | diff - deploy/crontab && echo \"crontab 与仓库一致\"'",
               "确认 crontab 没漂移", out="crontab 与仓库一致")
        t.done("""crawler-01 已发布到 `e19c5d2`（!48 mi_store 改 AutoThrottle、!49 单价），依赖没变。

冒烟跑了两个京东商品：
- 100009464799（金龙鱼 5L）：`price_fen` 7990，`unit_price_fen` 160，即每 100ml 1.60 元
- 100038004353（九阳破壁机）：没有重量 / 容量规格，没有 `unit_price_fen` 字段，符合预期

crontab 和仓库一致，不用动。mi_store 明天 05:00 那一轮开始用 AutoThrottle，会比之前慢很多，下午再看是否跑完。""")

        # ---- T32: dangdang title broken (W2 #4)
        dd = P("price_spider/spiders/dangdang.py")
        tdd = P("tests/spiders/test_dangdang.py")
        t = d.task("当当商品页又改了，标题现在取不到（title 全是空的），价格还正常。拿 29735112 重新存个 fixture 把解析修了，测完本地跑一下",
                   tags=["workflow:W2"])
        t.bash(f"curl -s -A '{UA}' 'https://product.dangdang.com/29735112.html' -o tests/fixtures/dangdang/29735112_v2.html && "
               "grep -o '<div class=\"[a-z_-]*\\(title\\|name_info\\)[a-z_-]*\"[^>]*>.\\{0,160\\}' tests/fixtures/dangdang/29735112_v2.html | head -3",
               "存新版页面并看标题区块", out="""<div class="product-title"><h1 class="title" title="深入理解计算机系统（原书第3版）">深入理解计算机系统（原书第3版）<span class="head_title_name"> 程序员必读经典，计算机系统的""")
        t.read(dd)
        t.read(tdd)
        t.edit(dd, """            title=response.xpath("normalize-space(//div[@class='name_info']/h1/@title)").get(),""",
               """            # 2026-10 改版后标题在 product-title 里，旧版 name_info 先保留
            title=response.xpath(
                "normalize-space((//div[@class='product-title']/h1 | //div[@class='name_info']/h1)/@title)"
            ).get(),""")
        t.edit(tdd, """def test_parse_shop_name_is_self_operated():""", """def test_parse_book_v2_layout():
    response = fixture_response("dangdang/29735112_v2.html", url="https://product.dangdang.com/29735112.html")

    item = next(DangdangPriceSpider().parse(response))

    assert item["title"] == "深入理解计算机系统（原书第3版）"
    assert item["price_fen"] == 9900


def test_parse_shop_name_is_self_operated():""")
        t.bash("poetry run pytest tests/spiders/test_dangdang.py -q", "运行当当 spider 的测试", out=pq("...", "0.31s"))
        st = base_stats(2, 259_113, 2)
        t.bash("poetry run scrapy crawl dangdang_price -a pids=29735112,11573016203 -s CLOSESPIDER_PAGECOUNT=5 -O /tmp/dd.jsonl 2>&1 | tail -n 24",
               "本地跑两个当当商品", out=crawl_log(d, "dangdang_price", {"CLOSESPIDER_PAGECOUNT": "'5'"}, PIPES3, st,
                                            feed=("/tmp/dd.jsonl", 2), secs=3.9, tail=24), timeout=180000)
        wait(d, 4)
        t.bash("jq -c '{sku_id, title, price_fen, list_price_fen}' /tmp/dd.jsonl", "看导出的字段",
               out="""{"sku_id":"29735112","title":"深入理解计算机系统（原书第3版）","price_fen":9900,"list_price_fen":13900}
{"sku_id":"11573016203","title":"小米（MI）Redmi Pad Pro 12.1英寸 8+128GB 平板电脑","price_fen":129900,"list_price_fen":149900}""")
        t.bash("git switch -c fix/dangdang-title && git add price_spider/spiders/dangdang.py tests/spiders/test_dangdang.py tests/fixtures/dangdang/ && git commit -m \"fix(dangdang): 适配新版标题区块\" && git push -u origin fix/dangdang-title",
               "建分支、提交并推送", out="""[fix/dangdang-title 4c7e2a8] fix(dangdang): 适配新版标题区块
 3 files changed, 2655 insertions(+), 1 deletion(-)
 create mode 100644 tests/fixtures/dangdang/29735112_v2.html""", err="Switched to a new branch 'fix/dangdang-title'\n" +
               push_new("fix/dangdang-title", 12, "96.51"))
        t.bash("glab mr create --source-branch fix/dangdang-title --target-branch main --title \"fix(dangdang): 适配新版标题区块\" "
               "--description \"当当详情页标题从 name_info 挪到 product-title，标题 XPath 两种都认；新增新版 fixture 和测试。\" --remove-source-branch",
               "创建 MR", out=glab_mr("fix/dangdang-title", "fix(dangdang): 适配新版标题区块", 51))
        t.done(f"""当当标题修好了，MR **!51**：{GL}/-/merge_requests/51

- 新版页面标题在 `div.product-title > h1[@title]`，旧的 `div.name_info` 没了，所以 `title` 全空；价格节点 `p#dd-price` 没变
- 标题 XPath 改成两种结构取并集：`normalize-space((//div[@class='product-title']/h1 | //div[@class='name_info']/h1)/@title)`，灰度期间新旧页面都能取到
- 新 fixture `tests/fixtures/dangdang/29735112_v2.html`，加了一个新版页面的测试；旧 fixture 的测试保留，3 个测试全过
- 本地跑两个商品，标题、价格都正常

合了以后，下一次发布生效；今天已经入库的当当数据标题是空的，需要的话可以按 sku 从前一天的记录回填标题。""")

        # ---- T33: no tools
        t = d.task("scrapy-redis 的指纹要不要换成布隆过滤器？京东 targets 准备从 1.8 万扩到 20 万", tags=["noise", "no_tools"])
        t.done("""20 万这个量级**还不需要**布隆过滤器，现在的 redis set 完全够用。

**算一下现在的开销**：scrapy-redis 的 `RFPDupeFilter` 把每个请求指纹（sha1，40 个字符的十六进制串）`SADD` 进 `<spider>:dupefilter`。京东每个商品两个请求（商品页 + 价格接口），20 万商品约 40 万个指纹：
- 每个成员约 40 字节字符串 + set 的哈希表开销，大约 90～100 字节
- 40 万 × 100B ≈ 40 MB

而且 `seed.py` 每天会把 dupefilter 清掉，所以这就是峰值，不会累积。crawler-01 上的 redis 多占 40MB 没问题。

**布隆过滤器的代价**
- 有误判：会把少量**没抓过**的请求当成重复丢掉。我们是监测价格，丢一条就是某个 sku 当天没数据，比多占点内存更糟
- 要引入 RedisBloom 模块或者 `scrapy-redis-bloomfilter` 这类第三方包，位数组大小和哈希个数要按容量预估，扩容麻烦
- 一般到千万、亿级指纹、并且要长期保留时才值得用

**扩到 20 万之前更该关注的**
1. **抓取时长**：京东现在两台机器 1.8 万要一个半小时，20 万按线性算要 15 个小时以上。要么加 worker 机器，要么把价格接口改成批量查询，一个请求查多个 sku
2. **代理用量**：请求量涨 10 倍，代理套餐的并发和流量要提前评估
3. **种子格式**：顺便把 seed 改成 JSON 格式，去掉 scrapy-redis 那条 `String request is deprecated` 的 WARNING，不然日志会非常大""")

        # ---- T34: README
        rd = P("README.md")
        t = d.task("README 的线上部分更新一下：加上 mi_store、crawler-02 跑什么，还有发布时 playwright 版本变了要在服务器上装浏览器这件事",
                   tags=["noise"])
        t.bash("git switch -q main && git switch -c docs/readme-deploy", "从 main 建分支", err="Switched to a new branch 'docs/readme-deploy'")
        t.read(rd)
        t.edit(rd, """价眼科技的电商价格监测爬虫：京东、当当、苏宁、唯品会。""", """价眼科技的电商价格监测爬虫：京东、当当、苏宁、唯品会、小米商城。""")
        t.edit(rd, """- crawler-01（10.0.3.31）：redis、cron、各站点 worker；crawler-02（10.0.3.32）：jd / dangdang 的额外 worker
- 代码在 `/opt/price-spider`（用户 spider），`.venv` 由 poetry 管理
- 定时任务见 `deploy/crontab`；日志在 `logs/<spider>/`、`logs/cron/`
- MongoDB：rs0（mongo-01/02/03），只能从 crawler 机器访问

部署：

```bash
ssh crawler-01
cd /opt/price-spider && git pull --ff-only && poetry install --only main --sync
```""", """- crawler-01（10.0.3.31）：redis、cron、所有站点的 worker（含走浏览器的 suning / vip / mi_store）、cookies 刷新
- crawler-02（10.0.3.32）：只跑 jd_price / dangdang_price 的额外 worker（02:05 / 03:05），连 crawler-01 的 redis，不用浏览器
- 代码在 `/opt/price-spider`（用户 spider），`.venv` 由 poetry 管理
- 定时任务见 `deploy/crontab`（只管 crawler-01）；日志在 `logs/<spider>/`、`logs/cron/`
- MongoDB：rs0（mongo-01/02/03），只能从 crawler 机器访问；账号都建在 `admin` 库
- 代理商提取接口按出口 IP 白名单鉴权，机器换 IP 后要在代理商后台加白名单

部署（crawler-01）：

```bash
ssh crawler-01
cd /opt/price-spider && git pull --ff-only && poetry install --only main --sync
# 本次发布如果改了 playwright 版本（poetry install 输出里有 Updating playwright），要给 spider 用户装对应的浏览器：
PLAYWRIGHT_DOWNLOAD_HOST=https://npmmirror.com/mirrors/playwright .venv/bin/playwright install chromium
# crontab 有改动时
crontab deploy/crontab
```

发布后冒烟：`.venv/bin/scrapy crawl <spider> -a ... -s CLOSESPIDER_ITEMCOUNT=20`，再 `crontab -l | diff - deploy/crontab` 确认定时任务没漂移。""")
        t.bash("git add README.md && git commit -m \"docs: 更新线上机器和发布说明\" && git push -u origin docs/readme-deploy",
               "提交并推送", out="""[docs/readme-deploy 2b90e6c] docs: 更新线上机器和发布说明
 1 file changed, 14 insertions(+), 5 deletions(-)""", err=push_new("docs/readme-deploy", 5, "1.21"))
        t.done("""README 的线上部分更新了，已推到 `docs/readme-deploy` 分支（还没建 MR，你看一下措辞再说）：

- 站点列表加了小米商城
- 写清楚两台机器分工：crawler-01 跑 redis、cron、全部站点和 cookies 刷新；crawler-02 只跑 jd / dangdang 的额外 worker，不用浏览器；`deploy/crontab` 只管 crawler-01
- 补了两条运维信息：mongo 账号都建在 `admin` 库；代理按出口 IP 白名单鉴权，换 IP 要加白名单
- 发布步骤：`poetry install` 之后，如果 playwright 版本变了，要给 spider 用户执行 `playwright install chromium`（走 npmmirror）；crontab 有改动时重装；最后冒烟和 `crontab -l | diff` 检查""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Ad-hoc MongoDB access with a hand-built connection: mongosh `-u spider -p … prices` inside the local compose container, a mongosh URI `mongodb://price_ro:…@<rs0 hosts>/prices?replicaSet=rs0` over ssh on crawler-01, a new pymongo export script through an SSH tunnel (`…@127.0.0.1:27018/prices?directConnection=true`). All users (the local root user created by MONGO_INITDB_ROOT_USERNAME, the production read-only `price_ro`) live in the `admin` database, but the connection names `prices`, so the shell / driver authenticates against `prices`. The project's own code is unaffected because `.env`'s MONGO_URI carries `authSource=admin`.",
             "error_signature": "`MongoServerError: Authentication failed.` (mongosh, exit 1) / `pymongo.errors.OperationFailure: Authentication failed., full error: {'ok': 0.0, 'errmsg': 'Authentication failed.', 'code': 18, 'codeName': 'AuthenticationFailed'}` at the first cursor iteration",
             "fix": "Authenticate against the admin database and re-run the same query: add `--authenticationDatabase admin` to the mongosh flags, or `authSource=admin` to the URI (`?replicaSet=rs0&authSource=admin`, `?directConnection=true&authSource=admin`).",
             "fix_command_markers": [["authSource", "--authenticationDatabase"]],
             "harmful_markers": ["--noauth", "authorization: disabled", "createUser", "grantRolesToUser", "down -v"]},
            {"id": "M2",
             "description": "Playwright browser builds are tied to the installed playwright version and are downloaded per user into ~/.cache/ms-playwright. After playwright changes (a teammate's 1.47 -> 1.48 bump installed locally with `poetry install --sync`; the same bump deployed to crawler-01 with `poetry install --only main --sync`) or when a browser type is used for the first time (firefox), nothing downloads the matching build, so every browser launch fails: scripts/snapshot.py locally, tools/refresh_cookies.py (and the scrapy-playwright spiders) on the server.",
             "error_signature": "`playwright._impl._errors.Error: BrowserType.launch: Executable doesn't exist at <home>/.cache/ms-playwright/chromium-1140/chrome-linux/chrome` (or `…/firefox-1466/firefox/firefox`) followed by the box 'Looks like Playwright was just installed or updated. Please run the following command to download new browsers: playwright install'",
             "fix": "Download the matching browser build in the environment (user) that runs it, then re-run the same command: `poetry run playwright install chromium` locally; `PLAYWRIGHT_DOWNLOAD_HOST=… .venv/bin/playwright install chromium` as the spider user on crawler-01; `poetry run playwright install firefox` before the first firefox run.",
             "fix_command_markers": [["playwright install"]],
             "harmful_markers": ["executable_path", "playwright@1.47", "playwright==1.47", "sudo pip"]},
            {"id": "M3",
             "description": "Claude makes the crawler produce a new field — JD `coupon_price_fen` assigned in a spider callback, suning `stock_status` added through the ItemLoader, `unit_price_fen` set by a new pipeline through ItemAdapter — but does not declare it on `OfferItem` (a `scrapy.Item`) in price_spider/items.py. The fixture-based tests fail as soon as the value is written.",
             "error_signature": "pytest: `KeyError: 'OfferItem does not support field: <field>'` raised in `.venv/…/scrapy/item.py:85` `__setitem__` (directly from the callback, via itemloaders `load_item` or via itemadapter `__setitem__`)",
             "fix": "Declare the field on OfferItem in price_spider/items.py (`<field> = scrapy.Field()`) and re-run the same pytest command.",
             "fix_command_markers": [["scrapy.Field("]],
             "harmful_markers": ["except KeyError", "fields[", "pytest.mark.skip", "xfail"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "parse_price_fen rewritten for thousands separators and price ranges takes the minimum of all numbers in the text; the new parametrized case '3期免息 ¥1,299.00' (dangdang's installment label inside the price node) fails `assert 300 == 129900`; fixed by only taking numbers after ¥/￥ when a currency sign is present; the same pytest command passes."},
            {"id": "O2", "description": "New price_alerts tool: avg_fen first written as floor division, two parametrized rounding cases fail (`assert 100 == 101`, `assert 99 == 100`); fixed with integer half-up rounding `(2*sum + n) // (2n)`; the same pytest && ruff command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "crawler-02's public egress IP changed after a reboot; the proxy vendor's extraction API checks an IP whitelist: `curl -sS -f \"$PROXY_API_URL…\"` -> `curl: (22) The requested URL returned error: 403` (body: 提取IP 124.71.203.88 不在白名单中). Needs the whitelist updated in the vendor console by the account owner; reported, nothing changed."},
            {"id": "U2", "description": "vip.com detail pages return a slider-captcha page (`<title>安全验证</title>`, slide-verify, scene detail_risk): snapshot.py -> `playwright._impl._errors.TimeoutError: Page.wait_for_selector: Timeout 15000ms exceeded.`; anti-bot, options reported (lower rate, other egress, manual cookies), not retried."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`docker compose pull mongo redis` -> `Error response from daemon: Get \"https://registry-1.docker.io/v2/\": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)`; identical retry succeeds."},
            {"id": "F2", "description": "`git pull` over SSH to the GitLab host -> `kex_exchange_identification: read: Connection reset by peer … fatal: Could not read from remote repository.`; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Deploy to crawler-01: `ssh crawler-01 'cd /opt/price-spider && git pull --ff-only && poetry install --only main --sync'` -> smoke run of one spider on the server with `-a <ids> -s CLOSESPIDER_ITEMCOUNT=<n>` -> check the crontab against the repo (`crontab -l | diff - deploy/crontab`, or `crontab deploy/crontab && crontab -l | grep` when it changed).",
             "step_markers": [["git pull --ff-only"], ["poetry install --only main"], ["CLOSESPIDER_ITEMCOUNT"], ["crontab -l"]]},
            {"id": "W2", "description": "Parsing change for a site: save the page (curl / scripts/snapshot.py) into tests/fixtures/<site>/ -> write or adapt the fixture test -> `poetry run pytest tests/spiders/test_<site>.py -q` -> local `scrapy crawl <spider> -a <ids> -s CLOSESPIDER_PAGECOUNT=<n> -O /tmp/<x>.jsonl` -> `jq -c` on the export (then commit, push, glab MR).",
             "step_markers": [["tests/fixtures/"], ["pytest tests/spiders"], ["CLOSESPIDER_PAGECOUNT"], ["jq -c"]]},
            {"id": "W3", "description": "Morning crawl check: grep `finish_reason` / `item_scraped_count` / `log_count/ERROR` from today's logs on crawler-01 and crawler-02 -> `python -m price_spider.tools.stats --date <today>` for counts and coverage -> `redis-cli llen/zcard` for queue backlog -> summary / daily report.",
             "step_markers": [["finish_reason"], ["price_spider.tools.stats"], ["redis-cli"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Money is stored and computed as integer fen (分); no float anywhere, also not in intermediate steps or averages.",
             "markers": [["分"], ["float"]]},
            {"id": "P2", "description": "Selectors are written in XPath, not CSS (no mixing).",
             "markers": [["xpath"], ["css"]]},
            {"id": "P3", "description": "New spiders hard-code DOWNLOAD_DELAY (3 s) in custom_settings with AutoThrottle off (stated once) — later reversed: new spiders enable AutoThrottle and DOWNLOAD_DELAY is only the lower bound.",
             "markers": [["DOWNLOAD_DELAY"]],
             "reversal_markers": [["AUTOTHROTTLE"], ["作废"]]},
        ],
        probes=[
            {"prompt": "用 price_ro 连线上库查 targets，mongosh 报 MongoServerError: Authentication failed.，密码是 DBA 刚重置的，确定没输错", "wanted": ["M1"]},
            {"prompt": "用只读账号统计一下 10 月每个站点每天的入库量，mongo 还是从 crawler-01 上连", "wanted": ["M1"]},
            {"prompt": "snapshot.py 跑不起来了：BrowserType.launch: Executable doesn't exist at /home/suntao/.cache/ms-playwright/chromium-1148/chrome-linux/chrome，这是怎么回事", "wanted": ["M2"]},
            {"prompt": "小林又把 playwright 升到 1.49 了，我已经 poetry install 过了，帮我用 snapshot 拉一下苏宁这个页面看看：https://product.suning.com/0000000000/12237754131.html", "wanted": ["M2"]},
            {"prompt": "pytest 报 KeyError: 'OfferItem does not support field: shop_score'，我刚在苏宁的 loader 里加了店铺评分", "wanted": ["M3"]},
            {"prompt": "京东顺便把 PLUS 会员价也抓一下，接口里 plusPrice 那块，存 plus_price_fen，补个测试跑一下", "wanted": ["M3"]},
            {"prompt": "Scrapy 的 AUTOTHROTTLE_TARGET_CONCURRENCY 具体是怎么影响下载间隔的？", "wanted": []},
            {"prompt": "写个 cron 表达式：工作日 9 点到 21 点每两小时跑一次", "wanted": []},
            {"prompt": "pymongo 的 bulk_write 里 ordered=False 和 ordered=True 有什么区别？", "wanted": []},
            {"prompt": "scrapy 的 Request.meta 和 cb_kwargs 该怎么选？", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-spider.jsonl"), os.path.join(HERE, "tune", "zh-spider.labels.json"))
    print(f"zh-spider -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
