"""Command-line options that several ``cairn`` commands share (stdlib only: parsing must stay fast)."""

from __future__ import annotations

import argparse


def add_forwarded_allow_ips(parser: argparse.ArgumentParser) -> None:
    """``--forwarded-allow-ips``: the proxies whose forwarded headers a served endpoint believes."""
    parser.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        default=None,
        help="believe X-Forwarded-For/-Proto from these proxies (comma-separated, or '*'); "
        "default CAIRN_AUTH__FORWARDED_ALLOW_IPS, else none",
    )
