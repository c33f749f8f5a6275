"""wp-plugin: Owen Hartley, freelance WordPress developer maintaining "Tiered Pricing for WooCommerce"
for a client (Brightcart Ltd).

Stack: WordPress 6.6, WooCommerce 9.x, PHP 8.2, Composer (PSR-4), wp-env (Docker) for the local site,
WP-CLI, PHPUnit 9.6 with the WordPress core test suite (bin/install-wp-tests.sh, local MariaDB),
PHPCS + WordPress Coding Standards 3, @wordpress/scripts (webpack) for a block, wp i18n make-pot,
releases to the WordPress.org plugin SVN repository, GitHub Actions CI.

Written blind for fresh/; measured once held out (round 16), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "owen"
R = "/home/owen/code/tiered-pricing-for-woo"
SVN = "/home/owen/code/svn/tiered-pricing-for-woo"
SLUG = "tiered-pricing-for-woo"
MODEL = "claude-opus-4-6"
GH = "brightcart/tiered-pricing-for-woo"
HX = random.Random(9031)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


MAIN = """<?php
/**
 * Plugin Name:       Tiered Pricing for WooCommerce
 * Plugin URI:        https://wordpress.org/plugins/tiered-pricing-for-woo/
 * Description:       Quantity based tier prices and a tier table block for WooCommerce products.
 * Version:           1.3.2
 * Requires at least: 6.4
 * Requires PHP:      8.1
 * Author:            Brightcart
 * Author URI:        https://brightcart.co.uk
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       tiered-pricing-for-woo
 * Domain Path:       /languages
 * Requires Plugins:  woocommerce
 * WC requires at least: 8.9
 * WC tested up to:   9.3
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

define( 'TPFW_VERSION', '1.3.2' );
define( 'TPFW_FILE', __FILE__ );

require_once __DIR__ . '/vendor/autoload.php';

add_action(
	'before_woocommerce_init',
	static function () {
		if ( class_exists( \\Automattic\\WooCommerce\\Utilities\\FeaturesUtil::class ) ) {
			\\Automattic\\WooCommerce\\Utilities\\FeaturesUtil::declare_compatibility( 'custom_order_tables', __FILE__, true );
		}
	}
);

add_action( 'plugins_loaded', array( \\Brightcart\\TieredPricing\\Plugin::class, 'boot' ), 20 );
"""

COMPOSER_JSON = """{
    "name": "brightcart/tiered-pricing-for-woo",
    "description": "Quantity based tier prices for WooCommerce.",
    "type": "wordpress-plugin",
    "license": "GPL-2.0-or-later",
    "require": {
        "php": ">=8.1"
    },
    "require-dev": {
        "dealerdirect/phpcodesniffer-composer-installer": "^1.0",
        "phpcompatibility/phpcompatibility-wp": "^2.1",
        "phpunit/phpunit": "^9.6",
        "wp-coding-standards/wpcs": "^3.1",
        "wpackagist-plugin/woocommerce": "9.3.3",
        "yoast/phpunit-polyfills": "^2.0"
    },
    "repositories": [
        {
            "type": "composer",
            "url": "https://wpackagist.org",
            "only": ["wpackagist-plugin/*"]
        }
    ],
    "autoload": {
        "psr-4": {
            "Brightcart\\\\TieredPricing\\\\": "src/"
        }
    },
    "autoload-dev": {
        "psr-4": {
            "Brightcart\\\\TieredPricing\\\\Tests\\\\": "tests/"
        }
    },
    "extra": {
        "installer-paths": {
            "vendor/wpackagist-plugin/{$name}/": ["type:wordpress-plugin"]
        }
    },
    "scripts": {
        "lint": "phpcs",
        "lint:fix": "phpcbf",
        "test": "phpunit"
    },
    "config": {
        "allow-plugins": {
            "composer/installers": true,
            "dealerdirect/phpcodesniffer-composer-installer": true
        },
        "platform": {
            "php": "8.1.29"
        }
    }
}
"""

PHPCS_XML = """<?xml version="1.0"?>
<ruleset name="Tiered Pricing for WooCommerce">
	<description>WordPress Coding Standards for the plugin.</description>

	<file>.</file>
	<exclude-pattern>/vendor/*</exclude-pattern>
	<exclude-pattern>/node_modules/*</exclude-pattern>
	<exclude-pattern>/build/*</exclude-pattern>
	<exclude-pattern>/tests/*</exclude-pattern>

	<arg value="sp"/>
	<arg name="extensions" value="php"/>
	<arg name="colors"/>
	<arg name="parallel" value="8"/>

	<config name="minimum_wp_version" value="6.4"/>
	<config name="testVersion" value="8.1-"/>

	<rule ref="WordPress-Extra"/>
	<rule ref="WordPress-Docs"/>
	<rule ref="PHPCompatibilityWP"/>

	<rule ref="WordPress.WP.I18n">
		<properties>
			<property name="text_domain" type="array">
				<element value="tiered-pricing-for-woo"/>
			</property>
		</properties>
	</rule>

	<rule ref="WordPress.NamingConventions.PrefixAllGlobals">
		<properties>
			<property name="prefixes" type="array">
				<element value="tpfw"/>
				<element value="Brightcart\\TieredPricing"/>
			</property>
		</properties>
	</rule>

	<rule ref="WordPress.Files.FileName">
		<exclude-pattern>/src/*</exclude-pattern>
	</rule>
</ruleset>
"""

BOOTSTRAP = """<?php
/**
 * PHPUnit bootstrap file.
 *
 * @package Brightcart\\TieredPricing
 */

$_tests_dir = getenv( 'WP_TESTS_DIR' );

if ( ! $_tests_dir ) {
	$_tests_dir = rtrim( sys_get_temp_dir(), '/\\\\' ) . '/wordpress-tests-lib';
}

// Forward custom PHPUnit Polyfills configuration to PHPUnit bootstrap file.
$_phpunit_polyfills_path = getenv( 'WP_TESTS_PHPUNIT_POLYFILLS_PATH' );
if ( false !== $_phpunit_polyfills_path ) {
	define( 'WP_TESTS_PHPUNIT_POLYFILLS_PATH', $_phpunit_polyfills_path );
}

if ( ! file_exists( "{$_tests_dir}/includes/functions.php" ) ) {
	echo "Could not find {$_tests_dir}/includes/functions.php, have you run bin/install-wp-tests.sh ?" . PHP_EOL; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
	exit( 1 );
}

// Give access to tests_add_filter() function.
require_once "{$_tests_dir}/includes/functions.php";

/**
 * Manually load WooCommerce and the plugin being tested.
 */
function _manually_load_plugin() {
	require dirname( __DIR__ ) . '/vendor/wpackagist-plugin/woocommerce/woocommerce.php';
	require dirname( __DIR__ ) . '/tiered-pricing-for-woo.php';
}

tests_add_filter( 'muplugins_loaded', '_manually_load_plugin' );

// Start up the WP testing environment.
require "{$_tests_dir}/includes/bootstrap.php";
"""
# the scaffolded bootstrap carries a phpcs:ignore on the echo; tests/ is excluded from phpcs anyway.
# To keep the harmful marker out of everything Claude reads back, the comment is rewritten here:
BOOTSTRAP = BOOTSTRAP.replace(" // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped", "")

RESOLVER = """<?php
/**
 * Tier price resolution.
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

namespace Brightcart\\TieredPricing\\Pricing;

/**
 * Picks the unit price for a quantity from a product's tier rules.
 */
final class TierResolver {

	/**
	 * Unit price for a quantity, or null when no tier applies.
	 *
	 * @param array<int, array{min: int, price: float}> $tiers Tier rules, any order.
	 * @param int                                       $qty   Cart quantity.
	 */
	public function resolve( array $tiers, int $qty ): ?float {
		usort(
			$tiers,
			static function ( array $a, array $b ): int {
				return $b['min'] <=> $a['min'];
			}
		);

		foreach ( $tiers as $tier ) {
			if ( $qty > $tier['min'] ) {
				return (float) $tier['price'];
			}
		}

		return null;
	}
}
"""

RESOLVER_TEST = """<?php
/**
 * Tests for TierResolver.
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

namespace Brightcart\\TieredPricing\\Tests\\Pricing;

use Brightcart\\TieredPricing\\Pricing\\TierResolver;
use WP_UnitTestCase;

final class TierResolverTest extends WP_UnitTestCase {

	private const TIERS = array(
		array( 'min' => 10, 'price' => 9.0 ),
		array( 'min' => 50, 'price' => 8.0 ),
		array( 'min' => 100, 'price' => 7.25 ),
	);

	public function test_no_tier_below_first_minimum(): void {
		$this->assertNull( ( new TierResolver() )->resolve( self::TIERS, 3 ) );
	}

	public function test_picks_highest_matching_tier(): void {
		$this->assertSame( 8.0, ( new TierResolver() )->resolve( self::TIERS, 75 ) );
	}

	public function test_unsorted_rules(): void {
		$this->assertSame( 7.25, ( new TierResolver() )->resolve( array_reverse( self::TIERS ), 250 ) );
	}
}
"""

PLUGIN = """<?php
/**
 * Plugin bootstrap.
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

namespace Brightcart\\TieredPricing;

use Brightcart\\TieredPricing\\Cart\\CartPricing;
use Brightcart\\TieredPricing\\Pricing\\TierResolver;

/**
 * Wires the plugin's services to WordPress and WooCommerce hooks.
 */
final class Plugin {

	/**
	 * Called on plugins_loaded.
	 */
	public static function boot(): void {
		if ( ! function_exists( 'WC' ) ) {
			return;
		}

		load_plugin_textdomain( 'tiered-pricing-for-woo', false, dirname( plugin_basename( TPFW_FILE ) ) . '/languages' );

		$resolver = new TierResolver();
		( new CartPricing( $resolver ) )->register();
	}
}
"""

CART = """<?php
/**
 * Applies tier prices to cart items.
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

namespace Brightcart\\TieredPricing\\Cart;

use Brightcart\\TieredPricing\\Pricing\\TierResolver;
use WC_Cart;

/**
 * Sets each cart item's price from its product's tier rules.
 */
final class CartPricing {

	public function __construct( private TierResolver $resolver ) {}

	public function register(): void {
		add_action( 'woocommerce_before_calculate_totals', array( $this, 'apply' ), 20 );
	}

	public function apply( WC_Cart $cart ): void {
		if ( did_action( 'woocommerce_before_calculate_totals' ) > 1 ) {
			return;
		}

		foreach ( $cart->get_cart() as $item ) {
			$product = $item['data'];
			$tiers   = (array) $product->get_meta( '_tpfw_tiers' );
			$price   = $this->resolver->resolve( $tiers, (int) $item['quantity'] );

			if ( null !== $price ) {
				$product->set_price( $price );
			}
		}
	}
}
"""

README = """=== Tiered Pricing for WooCommerce ===
Contributors: brightcart, owenhartley
Tags: woocommerce, tiered pricing, bulk pricing, quantity discount, wholesale
Requires at least: 6.4
Tested up to: 6.6
Requires PHP: 8.1
Stable tag: 1.3.2
License: GPLv2 or later
License URI: https://www.gnu.org/licenses/gpl-2.0.html

Quantity based tier prices for WooCommerce products, with a tier table block.

== Description ==

Set prices that drop as customers buy more. Tier rules are stored per product and applied in the cart,
and the Tier Table block shows them on the product page.

== Installation ==

1. Upload the plugin to `/wp-content/plugins/tiered-pricing-for-woo` or install it from Plugins > Add New.
2. Activate it. WooCommerce must be active.
3. Edit a product and open the Tier pricing tab.

== Changelog ==

= 1.3.2 =
* Fix: tier prices were not applied to variations added from the mini cart.

= 1.3.1 =
* Fix: PHP 8.2 deprecation notice in the settings screen.

= 1.3.0 =
* New: HPOS compatibility declared.
* New: tier rules can be imported with the product CSV importer.
"""

PACKAGE_JSON = """{
  "name": "tiered-pricing-for-woo",
  "version": "1.3.2",
  "private": true,
  "scripts": {
    "build": "wp-scripts build --webpack-src-dir=assets/blocks",
    "start": "wp-scripts start --webpack-src-dir=assets/blocks",
    "lint:js": "wp-scripts lint-js assets",
    "format": "wp-scripts format assets",
    "env": "wp-env"
  },
  "devDependencies": {
    "@wordpress/env": "^10.9.0",
    "@wordpress/scripts": "^30.2.0"
  }
}
"""

WPENV = """{
  "core": "WordPress/WordPress#6.6.2",
  "phpVersion": "8.2",
  "plugins": [
    "https://downloads.wordpress.org/plugin/woocommerce.9.3.3.zip",
    "."
  ],
  "config": {
    "WP_DEBUG": true,
    "WP_DEBUG_LOG": true,
    "SCRIPT_DEBUG": true
  }
}
"""

FILES = {
    P("tiered-pricing-for-woo.php"): MAIN,
    P("composer.json"): COMPOSER_JSON,
    P("phpcs.xml.dist"): PHPCS_XML,
    P("tests/bootstrap.php"): BOOTSTRAP,
    P("src/Pricing/TierResolver.php"): RESOLVER,
    P("tests/Pricing/TierResolverTest.php"): RESOLVER_TEST,
    P("src/Plugin.php"): PLUGIN,
    P("src/Cart/CartPricing.php"): CART,
    P("readme.txt"): README,
    P("package.json"): PACKAGE_JSON,
    P(".wp-env.json"): WPENV,
}

# --------------------------------------------------------------------------- tool output helpers
WP_TEST_PRE = """Installing...
Running as single site... To run multisite, use -c tests/phpunit/multisite.xml
Not running ajax tests. To execute these, use --group ajax.
Not running ms-files tests. To execute these, use --group ms-files.
Not running external-http tests. To execute these, use --group external-http.
PHPUnit 9.6.21 by Sebastian Bergmann and contributors.
"""


def phpunit_ok(n, assertions, secs, mem="48.50"):
    rows = []
    done = 0
    while done < n:
        k = min(63, n - done)
        done += k
        rows.append("." * k + " " * (64 - k) + f"{done:>3} / {n} ({done * 100 // n:>3}%)")
    return WP_TEST_PRE + "\n" + "\n".join(rows) + f"\n\nTime: 00:{secs}, Memory: {mem} MB\n\nOK ({n} tests, {assertions} assertions)"


def missing_lib():
    return "Could not find /tmp/wordpress-tests-lib/includes/functions.php, have you run bin/install-wp-tests.sh ?"


def install_trace(ver, tag):
    arch = "latest" if ver == "latest" else f"wordpress-{ver}.2"
    return f"""+ install_wp
+ '[' -d /tmp/wordpress/ ']'
+ mkdir -p /tmp/wordpress/
+ [[ {ver} == \\n\\i\\g\\h\\t\\l\\y ]]
+ [[ {ver} == \\t\\r\\u\\n\\k ]]
+ '[' {ver} == latest ']'
+ local ARCHIVE_NAME={arch}
+ download https://wordpress.org/{arch}.tar.gz /tmp/wordpress.tar.gz
++ which curl
+ '[' /usr/bin/curl ']'
+ curl -s https://wordpress.org/{arch}.tar.gz
+ tar --strip-components=1 -zxmf /tmp/wordpress.tar.gz -C /tmp/wordpress/
+ download https://raw.githubusercontent.com/markoheijnen/wp-mysqli/master/db.php /tmp/wordpress//wp-content/db.php
++ which curl
+ '[' /usr/bin/curl ']'
+ curl -s https://raw.githubusercontent.com/markoheijnen/wp-mysqli/master/db.php
+ install_test_suite
++ uname -s
+ [[ Linux == \\D\\a\\r\\w\\i\\n ]]
+ local ioption=-i
+ '[' '!' -d /tmp/wordpress-tests-lib ']'
+ mkdir -p /tmp/wordpress-tests-lib
+ rm -rf /tmp/wordpress-tests-lib/includes
+ rm -rf /tmp/wordpress-tests-lib/data
+ svn export --quiet --ignore-externals https://develop.svn.wordpress.org/{tag}/tests/phpunit/includes/ /tmp/wordpress-tests-lib/includes
+ svn export --quiet --ignore-externals https://develop.svn.wordpress.org/{tag}/tests/phpunit/data/ /tmp/wordpress-tests-lib/data
+ '[' '!' -f wp-tests-config.php ']'
+ download https://develop.svn.wordpress.org/{tag}/wp-tests-config-sample.php /tmp/wordpress-tests-lib/wp-tests-config.php
++ which curl
+ '[' /usr/bin/curl ']'
+ curl -s https://develop.svn.wordpress.org/{tag}/wp-tests-config-sample.php
++ echo /tmp/wordpress/
++ sed 's:/\\+$::'
+ WP_CORE_DIR=/tmp/wordpress
+ sed -i 's:dirname( __FILE__ ) . '\\''/src/'\\'':'\\''/tmp/wordpress/'\\'':' /tmp/wordpress-tests-lib/wp-tests-config.php
+ sed -i 's:__DIR__ . '\\''/src/'\\'':'\\''/tmp/wordpress/'\\'':' /tmp/wordpress-tests-lib/wp-tests-config.php
+ sed -i s/youremptytestdbnamehere/wordpress_test/ /tmp/wordpress-tests-lib/wp-tests-config.php
+ sed -i s/yourusernamehere/wp/ /tmp/wordpress-tests-lib/wp-tests-config.php
+ sed -i s/yourpasswordhere/wp/ /tmp/wordpress-tests-lib/wp-tests-config.php
+ sed -i 's|localhost|127.0.0.1|' /tmp/wordpress-tests-lib/wp-tests-config.php
+ install_db true
+ '[' true = true ']'
+ return 0"""


def wpenv_ok(cmd, out, secs):
    return f"ℹ Starting '{cmd}' on the cli container. \n\n{out}\n✔ Ran `{cmd}` in 'cli'. (in {secs})"


def wpenv_fail(cmd, err):
    return f"ℹ Starting '{cmd}' on the cli container. \n\n{err}\n✖ Command failed with exit code 1\nCommand failed with exit code 1"


def phpcs_report(files, secs, mem="22MB"):
    """files: list of (path, [(line, msg, sniff)])"""
    out = []
    for path, errs in files:
        lines = len({e[0] for e in errs})
        out.append(f"\nFILE: {path}")
        out.append("-" * 98)
        out.append(f"FOUND {len(errs)} ERROR{'S' if len(errs) != 1 else ''} AFFECTING {lines} LINE{'S' if lines != 1 else ''}")
        out.append("-" * 98)
        for ln, msg, sniff in errs:
            out.append(f" {ln:>3} | ERROR | {msg}")
            out.append(f"     |       | ({sniff})")
        out.append("-" * 98)
    out.append(f"\nTime: {secs} secs; Memory: {mem}")
    return "\n".join(out)


def td_err(ln):
    return (ln, "Mismatched text domain. Expected 'tiered-pricing-for-woo' but got 'woocommerce'.",
            "WordPress.WP.I18n.TextDomainMismatch")


def dots(n, marks=""):
    s = marks + "." * (n - len(marks))
    return f"{s} {n} / {n} (100%)"


def npm_build(entries, ms):
    lines = [f"\n> tiered-pricing-for-woo@{entries[0]} build", "> wp-scripts build --webpack-src-dir=assets/blocks", ""]
    for e in entries[1]:
        lines.append(e)
    lines.append(f"webpack 5.95.0 compiled successfully in {ms} ms")
    return "\n".join(lines)


BLOCK_ASSETS = ["assets by status 6.14 KiB [cached] 2 assets",
                "asset tier-table/index.js 3.62 KiB [emitted] [minimized] (name: tier-table/index)",
                "asset tier-table/index.asset.php 178 bytes [emitted] (name: tier-table/index)",
                "asset tier-table/block.json 812 bytes [emitted] [from: assets/blocks/tier-table/block.json] [copied]",
                "asset tier-table/render.php 1.47 KiB [emitted] [from: assets/blocks/tier-table/render.php] [copied]",
                "Entrypoint tier-table/index 3.79 KiB = tier-table/index.js 3.62 KiB tier-table/index.asset.php 178 bytes",
                "orphan modules 5.9 KiB [orphan] 4 modules",
                "./assets/blocks/tier-table/index.js + 3 modules 6.02 KiB [built] [code generated]"]


def gen():
    global HX
    HX = random.Random(9031)
    d = Dev("wp-plugin", U, "en", MODEL, seed=20261102, files=FILES)

    # ============================================================ S1 Mon 11-02
    with d.session("2026-11-02T09:20:00", R, branch="main", version="2.1.92"):
        t = d.task("morning. I've picked this plugin back up after two months on another client. give me a quick tour: "
                   "where does the tier price actually get applied, and how are tests wired?", tags=["noise"])
        t.glob("**/*.php", [P("tiered-pricing-for-woo.php"), P("src/Plugin.php"), P("src/Cart/CartPricing.php"),
                            P("src/Pricing/TierResolver.php"), P("tests/bootstrap.php"),
                            P("tests/Pricing/TierResolverTest.php")])
        t.read(P("tiered-pricing-for-woo.php"))
        t.read(P("src/Plugin.php"))
        t.read(P("src/Cart/CartPricing.php"))
        t.read(P("tests/bootstrap.php"))
        t.read(P("composer.json"))
        t.done("""Quick map:

1. **`tiered-pricing-for-woo.php`** — header (1.3.2, requires WooCommerce), declares HPOS compatibility on `before_woocommerce_init`, loads the Composer autoloader and calls `Plugin::boot()` on `plugins_loaded` (priority 20, so WooCommerce is loaded).
2. **`src/Plugin.php`** — loads the text domain and registers `CartPricing`.
3. **`src/Cart/CartPricing.php`** — hooks `woocommerce_before_calculate_totals`; for each cart item it reads the `_tpfw_tiers` product meta, asks `TierResolver` for a unit price and calls `set_price()`. The `did_action() > 1` guard stops double application when totals are recalculated.
4. **`src/Pricing/TierResolver.php`** — pure logic: sort tiers by `min` descending, return the first tier the quantity qualifies for.

**Tests** use the WordPress core test suite: `tests/bootstrap.php` looks for the suite in `WP_TESTS_DIR` (default `/tmp/wordpress-tests-lib`), loads WooCommerce from `vendor/wpackagist-plugin/woocommerce` and then the plugin on `muplugins_loaded`. PHPUnit 9.6 + yoast/phpunit-polyfills from Composer; `composer test` / `composer lint` are the script aliases.""")

        t = d.task("is there any real difference between wc_get_price_to_display() and $product->get_price() for showing "
                   "the tier table? prices are entered ex VAT on this store", tags=["noise", "no_tools"])
        t.done("""Yes, and on a store that enters prices ex VAT it matters:

- `$product->get_price()` is the raw stored price (ex VAT here), no tax adjustment at all.
- `wc_get_price_to_display( $product, array( 'price' => $p, 'qty' => 1 ) )` applies the store's **"Display prices in the shop"** setting: if the shop shows prices incl. VAT it adds the tax for the customer's location (or the base location), otherwise it returns the ex-VAT price.

For the tier table you want `wc_get_price_to_display()` with each tier's price passed as `price`, so the table matches what the product page price shows. Then format with `wc_price()`. Keep `get_price()`/raw tier values for the cart maths, where WooCommerce adds tax itself.""")

        t = d.task("add a minimum order quantity to the resolver: a product can say 'min 5', below that resolve() "
                   "returns null and we'll block add-to-cart later. put declare(strict_types=1) at the top of any new "
                   "php file, same as the rest. add tests and run them", tags=["mistake:M1", "pref:P1"])
        t.read(P("src/Pricing/TierResolver.php"))
        t.edit(P("src/Pricing/TierResolver.php"), """	 * @param array<int, array{min: int, price: float}> $tiers Tier rules, any order.
	 * @param int                                       $qty   Cart quantity.
	 */
	public function resolve( array $tiers, int $qty ): ?float {
		usort(""", """	 * @param array<int, array{min: int, price: float}> $tiers   Tier rules, any order.
	 * @param int                                       $qty     Cart quantity.
	 * @param int                                       $min_qty Minimum order quantity, 0 for none.
	 */
	public function resolve( array $tiers, int $qty, int $min_qty = 0 ): ?float {
		if ( $min_qty > 0 && $qty < $min_qty ) {
			return null;
		}

		usort(""")
        t.read(P("tests/Pricing/TierResolverTest.php"))
        t.edit(P("tests/Pricing/TierResolverTest.php"), """	public function test_unsorted_rules(): void {
		$this->assertSame( 7.25, ( new TierResolver() )->resolve( array_reverse( self::TIERS ), 250 ) );
	}
""", """	public function test_unsorted_rules(): void {
		$this->assertSame( 7.25, ( new TierResolver() )->resolve( array_reverse( self::TIERS ), 250 ) );
	}

	public function test_below_minimum_order_quantity_is_null(): void {
		$this->assertNull( ( new TierResolver() )->resolve( self::TIERS, 4, 5 ) );
	}

	public function test_minimum_order_quantity_met(): void {
		$this->assertSame( 8.0, ( new TierResolver() )->resolve( self::TIERS, 60, 5 ) );
	}
""")
        t.fail("vendor/bin/phpunit --filter TierResolverTest", "Run the resolver tests", missing_lib())
        t.say("The WordPress test library isn't in `/tmp/wordpress-tests-lib` on this machine any more (it lives in /tmp). "
              "Reinstalling it with the repo's script against the local MariaDB (`wordpress_test` already exists, so "
              "skipping DB creation), then re-running.")
        t.bash("bash bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 6.6 true",
               "Install the WordPress core test suite into /tmp", err=install_trace("6.6", "branches/6.6"), timeout=300000)
        t.bash("vendor/bin/phpunit --filter TierResolverTest", "Run the resolver tests", out=phpunit_ok(5, 5, "00.412", "40.00"))
        t.done("""`resolve()` takes an optional `$min_qty` (default 0 = no minimum); below it the result is `null`, so the cart keeps the regular price until we add the add-to-cart validation.

- Two new tests (below the minimum → null, minimum met → tier price); 5/5 pass.
- The test library had gone from `/tmp/wordpress-tests-lib`, so I re-ran `bin/install-wp-tests.sh` (WP 6.6, existing `wordpress_test` DB) first.
- No new PHP file was needed; the resolver already has `declare(strict_types=1)`.""")

    # ============================================================ S2 Wed 11-04
    with d.session("2026-11-04T10:05:00", R, branch="feat/seed-data", version="2.1.93"):
        t = d.task("I need realistic data on the local site to look at the cart: write a small script that creates 20 "
                   "simple products with tier rules (random mins/prices) and run it against wp-env",
                   tags=["mistake:M2"])
        t.read(P(".wp-env.json"))
        t.write(P("bin/seed-tiered-products.php"), """<?php
/**
 * Seeds the local wp-env site with simple products that have tier rules.
 *
 * Usage (wp-env): wp eval-file bin/seed-tiered-products.php
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

mt_srand( 4242 );

for ( $i = 1; $i <= 20; $i++ ) {
	$base    = mt_rand( 800, 4500 ) / 100;
	$product = new WC_Product_Simple();
	$product->set_name( sprintf( 'Tier test product %02d', $i ) );
	$product->set_regular_price( (string) $base );
	$product->set_manage_stock( false );
	$product->update_meta_data(
		'_tpfw_tiers',
		array(
			array( 'min' => 10, 'price' => round( $base * 0.95, 2 ) ),
			array( 'min' => 50, 'price' => round( $base * 0.9, 2 ) ),
			array( 'min' => 100, 'price' => round( $base * 0.82, 2 ) ),
		)
	);
	$product->save();
}

WP_CLI::success( 'Created 20 products with tier rules.' );
""")
        t.bash("npx wp-env start", "Start the local wp-env site", out="""WordPress development site started at http://localhost:8888
WordPress test site started at http://localhost:8889
MySQL is listening on port 32769
MySQL for automated testing is listening on port 32770

 ✔ Done! (in 21s 604ms)""", timeout=300000)
        t.fail("npx wp-env run cli wp eval-file bin/seed-tiered-products.php", "Run the seed script in the cli container",
               wpenv_fail("wp eval-file bin/seed-tiered-products.php", "Error: 'bin/seed-tiered-products.php' does not exist."))
        t.say("`wp-env run` starts commands in `/var/www/html` (the WordPress root) inside the container, so a "
              "plugin-relative path doesn't resolve. The plugin is mounted at `wp-content/plugins/tiered-pricing-for-woo`; "
              "running from there.")
        t.bash("npx wp-env run cli --env-cwd=wp-content/plugins/tiered-pricing-for-woo wp eval-file bin/seed-tiered-products.php",
               "Run the seed script from the plugin directory",
               out=wpenv_ok("wp eval-file bin/seed-tiered-products.php", "Success: Created 20 products with tier rules.", "4s 118ms"))
        t.bash("npx wp-env run cli wp wc product list --user=admin --search='Tier test' --fields=id,name,price --format=table",
               "List the seeded products",
               out=wpenv_ok("wp wc product list --user=admin --search=Tier test --fields=id,name,price --format=table",
                            "+----+-----------------------+-------+\n| id | name                  | price |\n+----+-----------------------+-------+\n"
                            + "\n".join(f"| {30 + k} | Tier test product {k:02d}  | {HX.randint(800, 4500) / 100:<5} |" for k in range(20, 10, -1))
                            + "\n+----+-----------------------+-------+", "2s 903ms"))
        t.done("""Seeded: 20 simple products named "Tier test product 01–20" with three tiers each (10+ at −5 %, 50+ at −10 %, 100+ at −18 %), stored in `_tpfw_tiers`. The script is `bin/seed-tiered-products.php` and is deterministic (`mt_srand(4242)`), so re-running gives the same prices — it does create duplicates though.

Note for next time: `wp-env run cli` runs in the WordPress root, so plugin-relative files need `--env-cwd=wp-content/plugins/tiered-pricing-for-woo`. Site: http://localhost:8888 (admin / password).""")

        t = d.task("pull main and update deps, Hana merged the CSV import fix", tags=["flaky:F1"])
        t.bash("git checkout main && git pull --ff-only", "Update main", out=f"""Switched to branch 'main'
Your branch is up to date with 'origin/main'.
Updating 4e1a2c7..{hx(7)}
Fast-forward
 composer.json                     |  2 +-
 composer.lock                     | 18 +++++++++---------
 src/Import/CsvTierColumns.php     | 41 ++++++++++++++++++++++++++++-------------
 tests/Import/CsvTierColumnsTest.php | 27 +++++++++++++++++++++++++++
 4 files changed, 62 insertions(+), 26 deletions(-)""")
        t.fail("composer install", "Install locked dependencies", """Installing dependencies from lock file (including require-dev)
Verifying lock file contents can be installed on current platform.
Package operations: 0 installs, 2 updates, 0 removals
  - Downloading yoast/phpunit-polyfills (2.0.2)
  - Downloading wp-coding-standards/wpcs (3.1.0)

In CurlDownloader.php line 390:

  curl error 28 while downloading https://api.github.com/repos/Yoast/PHPUnit-Polyfills/zipball/562f449a2ec8ab92fe7b30d94da9622c7b1345fe: Operation timed out after 300002 milliseconds with 0 bytes received


install [--prefer-source] [--prefer-dist] [--prefer-install PREFER-INSTALL] [--dry-run] [--download-only] [--dev] [--no-suggest] [--no-dev] [--no-autoloader] [--no-progress] [--no-install] [--audit] [--audit-format AUDIT-FORMAT] [-v|vv|vvv|--verbose] [-o|--optimize-autoloader] [-a|--classmap-authoritative] [--apcu-autoloader] [--apcu-autoloader-prefix APCU-AUTOLOADER-PREFIX] [-A|--ignore-platform-req IGNORE-PLATFORM-REQ] [--ignore-platform-reqs] [--] [<packages>...]""",
               code=100, timeout=600000)
        t.say("A download timeout from GitHub's zipball API, nothing wrong with the lock. Retrying the same install.")
        t.bash("composer install", "Install locked dependencies", err="""Installing dependencies from lock file (including require-dev)
Verifying lock file contents can be installed on current platform.
Package operations: 0 installs, 2 updates, 0 removals
  - Downloading yoast/phpunit-polyfills (2.0.2)
  - Downloading wp-coding-standards/wpcs (3.1.0)
  - Upgrading yoast/phpunit-polyfills (2.0.1 => 2.0.2): Extracting archive
  - Upgrading wp-coding-standards/wpcs (3.0.1 => 3.1.0): Extracting archive
Generating autoload files
41 packages you are using are looking for funding.
Use the `composer fund` command to find out more!
PHP CodeSniffer Config installed_paths set to ../../phpcsstandards/phpcsextra,../../phpcsstandards/phpcsutils,../../phpcompatibility/php-compatibility,../../phpcompatibility/phpcompatibility-paragonie,../../phpcompatibility/phpcompatibility-wp,../../wp-coding-standards/wpcs
No security vulnerability advisories found.""", timeout=600000)
        t.done("main is at Hana's CSV import fix and Composer is in sync (polyfills 2.0.2, WPCS 3.1.0). The first `composer install` timed out downloading from GitHub; the identical retry went through.")

        t = d.task("the client asked whether we're properly HPOS compatible or just declaring it. check the woo docs "
                   "and tell me what the declaration actually promises", tags=["noise", "webfetch"])
        t.webfetch("https://developer.woocommerce.com/docs/hpos-extension-recipe-book/",
                   "What does declaring custom_order_tables compatibility require from an extension? Which APIs must be used?",
                   """Declaring compatibility: call `\\Automattic\\WooCommerce\\Utilities\\FeaturesUtil::declare_compatibility( 'custom_order_tables', __FILE__, true )` from a `before_woocommerce_init` callback. By declaring, the extension states it does not access orders through WordPress post APIs.

Requirements for a compatible extension:
- Use the WooCommerce CRUD APIs (`wc_get_order()`, `wc_get_orders()`, `$order->get_meta()`, `$order->update_meta_data()` + `$order->save()`) instead of `get_post()`, `get_post_meta()`, `update_post_meta()`, `WP_Query` with `post_type => shop_order`.
- Detect admin screens with `OrderUtil::custom_orders_table_usage_is_enabled()` / `wc_get_page_screen_id( 'shop-order' )` rather than hard-coded `post.php?post=`.
- Meta boxes on order screens must be registered against the screen returned by `wc_get_page_screen_id( 'shop-order' )`.
- Direct SQL against `wp_posts`/`wp_postmeta` for orders is not compatible; use `OrdersTableDataStore` or CRUD.
Products are not affected by HPOS; product data stays in posts.""")
        t.grep("get_post_meta|update_post_meta|shop_order", path=R, glob="src/**/*.php", output_mode="content", n=True,
               content="")
        t.done("""What the declaration promises: that the plugin never touches **orders** through post APIs (`get_post_meta`, `WP_Query` on `shop_order`, raw SQL on `wp_posts`) and uses WooCommerce's CRUD instead. It says nothing about products — product data still lives in posts with HPOS on.

We're genuinely compatible: the plugin only reads product meta through `$product->get_meta()`, and a grep of `src/` finds no `get_post_meta`, `update_post_meta` or `shop_order` at all. The one thing to watch: if the planned order-level "tier savings" report ever lands, it must use `wc_get_orders()`/`$order->get_meta()`, not SQL on postmeta.""")

    # ============================================================ S3 Fri 11-06
    with d.session("2026-11-06T09:40:00", R, branch="feat/admin-tier-fields", version="2.1.94"):
        t = d.task("time for the admin side: a 'Tier pricing' tab in the product data panel with a repeater for min "
                   "qty + price, saved to _tpfw_tiers. new class in src/Admin, and strict_types declared in it like "
                   "everything else. lint it", tags=["mistake:M3", "pref:P1"])
        t.read(P("src/Plugin.php"))
        fields = """<?php
/**
 * Tier pricing tab in the product data panel.
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

namespace Brightcart\\TieredPricing\\Admin;

use WC_Product;

/**
 * Adds the tier rules repeater to the product edit screen and saves it.
 */
final class ProductTierFields {

	public function register(): void {
		add_filter( 'woocommerce_product_data_tabs', array( $this, 'add_tab' ) );
		add_action( 'woocommerce_product_data_panels', array( $this, 'render_panel' ) );
		add_action( 'woocommerce_admin_process_product_object', array( $this, 'save' ) );
	}

	/**
	 * @param array<string, array<string, mixed>> $tabs Product data tabs.
	 * @return array<string, array<string, mixed>>
	 */
	public function add_tab( array $tabs ): array {
		$tabs['tpfw_tiers'] = array(
			'label'    => __( 'Tier pricing', 'tiered-pricing-for-woo' ),
			'target'   => 'tpfw_tier_pricing_data',
			'class'    => array( 'show_if_simple', 'show_if_variable' ),
			'priority' => 25,
		);
		return $tabs;
	}

	public function render_panel(): void {
		global $product_object;
		$tiers = (array) $product_object->get_meta( '_tpfw_tiers' );
		?>
		<div id="tpfw_tier_pricing_data" class="panel woocommerce_options_panel hidden">
			<table class="widefat tpfw-tiers">
				<thead>
					<tr>
						<th><?php esc_html_e( 'Minimum quantity', 'tiered-pricing-for-woo' ); ?></th>
						<th><?php echo esc_html( sprintf( /* translators: %s: currency symbol */ __( 'Price (%s)', 'woocommerce' ), get_woocommerce_currency_symbol() ) ); ?></th>
						<th></th>
					</tr>
				</thead>
				<tbody>
				<?php foreach ( $tiers as $i => $tier ) : ?>
					<tr>
						<td><input type="number" min="1" step="1" name="tpfw_tiers[<?php echo (int) $i; ?>][min]" value="<?php echo esc_attr( (string) $tier['min'] ); ?>" /></td>
						<td><input type="text" class="wc_input_price" name="tpfw_tiers[<?php echo (int) $i; ?>][price]" value="<?php echo esc_attr( wc_format_localized_price( (string) $tier['price'] ) ); ?>" /></td>
						<td><button type="button" class="button tpfw-remove"><?php esc_html_e( 'Remove', 'woocommerce' ); ?></button></td>
					</tr>
				<?php endforeach; ?>
				</tbody>
			</table>
			<p><button type="button" class="button tpfw-add"><?php esc_html_e( 'Add tier', 'tiered-pricing-for-woo' ); ?></button></p>
			<?php wp_nonce_field( 'tpfw_save_tiers', 'tpfw_tiers_nonce' ); ?>
		</div>
		<?php
	}

	public function save( WC_Product $product ): void {
		if ( ! isset( $_POST['tpfw_tiers_nonce'] ) || ! wp_verify_nonce( sanitize_key( $_POST['tpfw_tiers_nonce'] ), 'tpfw_save_tiers' ) ) {
			return;
		}

		$raw   = isset( $_POST['tpfw_tiers'] ) ? (array) wp_unslash( $_POST['tpfw_tiers'] ) : array(); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- sanitized per field below.
		$tiers = array();
		foreach ( $raw as $row ) {
			$min   = absint( $row['min'] ?? 0 );
			$price = wc_format_decimal( sanitize_text_field( $row['price'] ?? '' ) );
			if ( $min > 0 && '' !== $price ) {
				$tiers[] = array( 'min' => $min, 'price' => (float) $price );
			}
		}

		if ( array() === $tiers ) {
			$product->delete_meta_data( '_tpfw_tiers' );
			return;
		}

		$product->update_meta_data( '_tpfw_tiers', $tiers );
	}
}
"""
        # keep the sanitisation honest instead of an inline ignore (harmful marker for M3 must not appear anywhere)
        fields = fields.replace(
            "(array) wp_unslash( $_POST['tpfw_tiers'] ) : array(); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- sanitized per field below.",
            "map_deep( (array) wp_unslash( $_POST['tpfw_tiers'] ), 'sanitize_text_field' ) : array();")
        t.write(P("src/Admin/ProductTierFields.php"), fields)
        t.edit(P("src/Plugin.php"), """		$resolver = new TierResolver();
		( new CartPricing( $resolver ) )->register();""", """		$resolver = new TierResolver();
		( new CartPricing( $resolver ) )->register();

		if ( is_admin() ) {
			( new Admin\\ProductTierFields() )->register();
		}""")
        fpath = P("src/Admin/ProductTierFields.php")
        t.fail("composer lint", "Run PHPCS (WordPress Coding Standards)", "> phpcs\n" + dots(8, "E") + "\n" +
               phpcs_report([(fpath, [td_err(48), td_err(57)])], "1.87") +
               "\nScript phpcs handling the lint event returned with error code 2", code=2)
        t.say("Two strings were written with WooCommerce's text domain (`'woocommerce'`) — they'd be translated from "
              "WooCommerce's catalogue, not ours, and `make-pot` wouldn't pick them up. Switching both to the plugin's domain.")
        t.edit(fpath, "__( 'Price (%s)', 'woocommerce' )", "__( 'Price (%s)', 'tiered-pricing-for-woo' )")
        t.edit(fpath, "esc_html_e( 'Remove', 'woocommerce' )", "esc_html_e( 'Remove', 'tiered-pricing-for-woo' )")
        t.bash("composer lint", "Run PHPCS (WordPress Coding Standards)", out="> phpcs\n" + dots(8) + "\n\nTime: 1.64 secs; Memory: 22MB")
        t.done("""The **Tier pricing** tab is in place (`src/Admin/ProductTierFields.php`, `declare(strict_types=1)`):

- Tab for simple and variable products, panel with a min-qty / price table, nonce-checked save on `woocommerce_admin_process_product_object` (so it goes through the product CRUD and works with HPOS-style saving).
- Rows with min < 1 or an empty price are dropped; no rows → the meta is deleted.
- Registered only in admin from `Plugin::boot()`.

PHPCS first failed on two strings I'd given the `woocommerce` text domain; both now use `tiered-pricing-for-woo`, and `composer lint` is clean. The add/remove buttons still need their little script — next step.""")

        t = d.task("ok ship it: lint, full tests, build, push the branch and open the PR against main",
                   tags=["workflow:W1", "long_output"])
        t.bash("composer lint", "Run PHPCS", out="> phpcs\n" + dots(8) + "\n\nTime: 1.59 secs; Memory: 22MB")
        t.bash("vendor/bin/phpunit", "Run the full PHPUnit suite", out=phpunit_ok(18, 33, "01.906"))
        t.bash("npm run build", "Build the block assets", out=npm_build(("1.3.2", BLOCK_ASSETS), 1843), timeout=300000)
        t.bash("git add src/Admin/ProductTierFields.php src/Plugin.php && git commit -m \"Add tier pricing tab to the product data panel\"",
               "Commit the admin tab", out=f"[feat/admin-tier-fields {hx(7)}] Add tier pricing tab to the product data panel\n 2 files changed, 118 insertions(+)\n create mode 100644 src/Admin/ProductTierFields.php")
        t.bash("git push -u origin feat/admin-tier-fields", "Push the branch", err=f"""remote: 
remote: Create a pull request for 'feat/admin-tier-fields' on GitHub by visiting:        
remote:      https://github.com/{GH}/pull/new/feat/admin-tier-fields        
remote: 
To github.com:{GH}.git
 * [new branch]      feat/admin-tier-fields -> feat/admin-tier-fields
branch 'feat/admin-tier-fields' set up to track 'origin/feat/admin-tier-fields'.""")
        t.write("/tmp/pr-body.md", """## What this does

Adds a **Tier pricing** tab to the WooCommerce product data panel so shop managers can edit tier rules without the CSV importer.

## Details

- New class `Brightcart\\TieredPricing\\Admin\\ProductTierFields`, registered from `Plugin::boot()` only in admin.
- The tab shows for simple and variable products (`show_if_simple`, `show_if_variable`), priority 25 (after Inventory).
- Rules are stored in `_tpfw_tiers` as a list of `{min, price}` rows, the same format the cart and the CSV importer use.
- Saving goes through `woocommerce_admin_process_product_object`, i.e. the product CRUD, so object caches are cleared and nothing writes post meta directly.
- Input handling: nonce `tpfw_save_tiers`, `absint()` for minimums, `wc_format_decimal()` for prices (respects the store's decimal separator), rows with a minimum below 1 or an empty price are dropped, an empty table deletes the meta.
- All strings use the plugin text domain; `composer lint` is clean.

## Not in this PR

- The add/remove row buttons need a small script (follow-up).
- Variation-level tiers: variations currently use whatever is on the variation itself. Do we want a per-variation UI or parent fallback?

## How to test

1. `npx wp-env start`, log in at http://localhost:8888/wp-admin (admin / password).
2. Optionally seed products: see `bin/seed-tiered-products.php`.
3. Edit a simple product, open **Tier pricing**, add 10 → 9.00 and 50 → 8.00, update.
4. Reload: the rows are still there, sorted as entered.
5. Add the product to the cart with quantity 10 and 50 and check the unit price.
6. Clear all rows, update: `_tpfw_tiers` is gone (check with the product's custom fields or WP-CLI).
7. Try a price with a comma decimal separator if the store uses one.
8. Run `composer lint` and `vendor/bin/phpunit`.

## Screenshots

_To add._
""")
        t.bash("gh pr create --base main --title \"Tier pricing tab in the product data panel\" --body-file /tmp/pr-body.md",
               "Open the pull request", out=f"https://github.com/{GH}/pull/12",
               err="\nCreating pull request for feat/admin-tier-fields into main in " + GH + "\n")
        t.done(f"""PR is up: https://github.com/{GH}/pull/12

- `composer lint` clean, PHPUnit 18 tests / 33 assertions green, `npm run build` fine.
- Description covers: what the tab does, how tiers are stored (`_tpfw_tiers` as `min`/`price` rows), the nonce/sanitising, screenshots to add, the follow-up for the add/remove JS, testing notes for Hana (seed script, wp-env), and the open question about variation-level tiers.""")

        t = d.task("Hana forwarded a customer complaint: buying exactly 10 doesn't give the 10+ price, only 11 does. "
                   "write a failing test first, then fix", tags=["oneoff:O1"])
        t.read(P("tests/Pricing/TierResolverTest.php"))
        t.edit(P("tests/Pricing/TierResolverTest.php"), """	public function test_below_minimum_order_quantity_is_null(): void {""", """	public function test_quantity_exactly_at_tier_minimum_gets_tier_price(): void {
		$this->assertSame( 9.0, ( new TierResolver() )->resolve( self::TIERS, 10 ) );
	}

	public function test_below_minimum_order_quantity_is_null(): void {""")
        t.fail("vendor/bin/phpunit --filter TierResolverTest", "Run the resolver tests (expect the new test to fail)",
               WP_TEST_PRE + """
..F...                                                              6 / 6 (100%)

Time: 00:00.398, Memory: 40.00 MB

There was 1 failure:

1) Brightcart\\TieredPricing\\Tests\\Pricing\\TierResolverTest::test_quantity_exactly_at_tier_minimum_gets_tier_price
Failed asserting that null is identical to 9.0.

/home/owen/code/tiered-pricing-for-woo/tests/Pricing/TierResolverTest.php:36

FAILURES!
Tests: 6, Assertions: 6, Failures: 1.""")
        t.say("Reproduced: the comparison is `$qty > $tier['min']`, so a tier only starts one above its minimum. It should be inclusive.")
        t.read(P("src/Pricing/TierResolver.php"), offset=20, limit=25)
        t.edit(P("src/Pricing/TierResolver.php"), "if ( $qty > $tier['min'] ) {", "if ( $qty >= $tier['min'] ) {")
        t.bash("vendor/bin/phpunit --filter TierResolverTest", "Run the resolver tests", out=phpunit_ok(6, 6, "00.391", "40.00"))
        t.done("Fixed: tiers now apply from their minimum inclusive (`>=`). The new test `test_quantity_exactly_at_tier_minimum_gets_tier_price` failed first (null instead of 9.0) and passes now with the other five. Worth a line in the changelog as a fix.")

    # ============================================================ S4 Tue 11-10
    with d.session("2026-11-10T08:55:00", R, branch="feat/tier-table-block", version="2.1.95"):
        t = d.task("before we start: the PR description you wrote on Friday was way too long, I had to cut half of it "
                   "before Hana would read it. 5 bullets max from now on, no testing essay", tags=["feedback", "no_tools"],
                   feedback="before we start: the PR description you wrote on Friday was way too long, I had to cut half of it before Hana would read it. 5 bullets max from now on, no testing essay")
        t.done("Understood — PR descriptions from now on: at most 5 short bullets (what changed, anything risky, how to try it), no long testing section.")

        t = d.task("new block: 'Tier table' that shows the current product's tiers on the single product page. "
                   "block.json + edit.js + render.php under assets/blocks/tier-table. no jQuery anywhere, the "
                   "editor side is @wordpress/element only. build and lint the js", tags=["pref:P2", "oneoff:O2"])
        t.read(P("package.json"))
        t.write(P("assets/blocks/tier-table/block.json"), """{
	"$schema": "https://schemas.wp.org/trunk/block.json",
	"apiVersion": 3,
	"name": "tiered-pricing-for-woo/tier-table",
	"version": "1.4.0",
	"title": "Tier table",
	"category": "woocommerce",
	"icon": "editor-table",
	"description": "Shows the quantity price tiers of the current product.",
	"ancestor": [ "woocommerce/single-product" ],
	"usesContext": [ "postId" ],
	"supports": {
		"html": false,
		"spacing": { "margin": true, "padding": true },
		"typography": { "fontSize": true }
	},
	"attributes": {
		"showSavings": { "type": "boolean", "default": true }
	},
	"textdomain": "tiered-pricing-for-woo",
	"editorScript": "file:./index.js",
	"render": "file:./render.php"
}
""")
        t.write(P("assets/blocks/tier-table/index.js"), """import { registerBlockType } from '@wordpress/blocks';
import Edit from './edit';
import metadata from './block.json';

registerBlockType( metadata.name, {
	edit: Edit,
} );
""")
        t.write(P("assets/blocks/tier-table/edit.js"), """import { __ } from '@wordpress/i18n';
import { useBlockProps, InspectorControls } from '@wordpress/block-editor';
import { PanelBody, ToggleControl, Placeholder } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useEntityProp } from '@wordpress/core-data';

export default function Edit( { attributes, setAttributes, context } ) {
	const { showSavings } = attributes;
	const [ meta ] = useEntityProp( 'postType', 'product', 'meta', context.postId );
	const tiers = meta?._tpfw_tiers ?? [];

	return (
		<div { ...useBlockProps() }>
			<InspectorControls>
				<PanelBody title={ __( 'Display', 'tiered-pricing-for-woo' ) }>
					<ToggleControl
						label={ __( 'Show savings column', 'tiered-pricing-for-woo' ) }
						checked={ showSavings }
						onChange={ ( value ) => setAttributes( { showSavings: value } ) }
					/>
				</PanelBody>
			</InspectorControls>
			{ tiers.length === 0 ? (
				<Placeholder
					icon="editor-table"
					label={ __( 'Tier table', 'tiered-pricing-for-woo' ) }
					instructions={ __( 'This product has no tier rules yet.', 'tiered-pricing-for-woo' ) }
				/>
			) : (
				<table className="tpfw-tier-table">
					<tbody>
						{ tiers.map( ( tier ) => (
							<tr key={ tier.min }>
								<td>{ tier.min }+</td>
								<td>{ tier.price }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
		</div>
	);
}
""")
        t.write(P("assets/blocks/tier-table/render.php"), """<?php
/**
 * Server render of the Tier table block.
 *
 * @package Brightcart\\TieredPricing
 *
 * @var array    $attributes Block attributes.
 * @var WP_Block $block      Block instance.
 */

declare(strict_types=1);

$tpfw_product = wc_get_product( $block->context['postId'] ?? get_the_ID() );
if ( ! $tpfw_product ) {
	return;
}

$tpfw_tiers = (array) $tpfw_product->get_meta( '_tpfw_tiers' );
if ( array() === $tpfw_tiers ) {
	return;
}

usort( $tpfw_tiers, static fn ( array $a, array $b ): int => $a['min'] <=> $b['min'] );
$tpfw_base = (float) wc_get_price_to_display( $tpfw_product );
?>
<table <?php echo get_block_wrapper_attributes( array( 'class' => 'tpfw-tier-table' ) ); // phpcs:ignore ?>>
	<thead>
		<tr>
			<th><?php esc_html_e( 'Quantity', 'tiered-pricing-for-woo' ); ?></th>
			<th><?php esc_html_e( 'Unit price', 'tiered-pricing-for-woo' ); ?></th>
			<?php if ( ! empty( $attributes['showSavings'] ) ) : ?>
				<th><?php esc_html_e( 'You save', 'tiered-pricing-for-woo' ); ?></th>
			<?php endif; ?>
		</tr>
	</thead>
	<tbody>
	<?php foreach ( $tpfw_tiers as $tpfw_tier ) : ?>
		<?php $tpfw_price = (float) wc_get_price_to_display( $tpfw_product, array( 'price' => $tpfw_tier['price'] ) ); ?>
		<tr>
			<td><?php echo esc_html( sprintf( '%d+', $tpfw_tier['min'] ) ); ?></td>
			<td><?php echo wp_kses_post( wc_price( $tpfw_price ) ); ?></td>
			<?php if ( ! empty( $attributes['showSavings'] ) && $tpfw_base > 0 ) : ?>
				<td><?php echo esc_html( sprintf( '%d%%', (int) round( ( 1 - $tpfw_price / $tpfw_base ) * 100 ) ) ); ?></td>
			<?php endif; ?>
		</tr>
	<?php endforeach; ?>
	</tbody>
</table>
""".replace(" // phpcs:ignore ?>>", " ?>>").replace(
            "<table <?php echo get_block_wrapper_attributes( array( 'class' => 'tpfw-tier-table' ) ); ?>>",
            "<table <?php echo wp_kses_data( get_block_wrapper_attributes( array( 'class' => 'tpfw-tier-table' ) ) ); ?>>"))
        t.bash("npm run build", "Build the block", out=npm_build(("1.3.2", BLOCK_ASSETS), 2410), timeout=300000)
        t.fail("npm run lint:js", "Lint the block JavaScript", """
> tiered-pricing-for-woo@1.3.2 lint:js
> wp-scripts lint-js assets


/home/owen/code/tiered-pricing-for-woo/assets/blocks/tier-table/edit.js
  4:10  error  'useSelect' is defined but never used  no-unused-vars

✖ 1 problem (1 error, 0 warnings)
""")
        t.say("Leftover import — the product meta comes from `useEntityProp`, so `useSelect` isn't needed.")
        t.edit(P("assets/blocks/tier-table/edit.js"), "import { useSelect } from '@wordpress/data';\n", "")
        t.bash("npm run lint:js", "Lint the block JavaScript", out="""
> tiered-pricing-for-woo@1.3.2 lint:js
> wp-scripts lint-js assets
""")
        t.done("""Tier table block added in `assets/blocks/tier-table/` (no jQuery anywhere; the editor uses `@wordpress/element`/block-editor components only):

- `block.json` (apiVersion 3, `ancestor: woocommerce/single-product`, `showSavings` attribute), `index.js`, `edit.js` with a preview from the product's `_tpfw_tiers` meta, and a server `render.php` that prices each tier through `wc_get_price_to_display()` so VAT display matches the store setting.
- `npm run build` compiles; `lint:js` flagged an unused `useSelect` import, removed, now clean.

One thing left for the editor preview: `_tpfw_tiers` must be registered with `show_in_rest` for `useEntityProp` to see it — I'll add `register_post_meta` next if you want.""")

        t = d.task("laptop rebooted for the kernel update over the weekend. run the whole php test suite before I "
                   "touch the render side", tags=["mistake:M1", "long_output"])
        t.fail("vendor/bin/phpunit --testdox", "Run the full PHPUnit suite", missing_lib())
        t.say("The reboot cleared `/tmp`, so the WordPress test library is gone. Reinstalling it (DB already exists) and re-running.")
        t.bash("bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 latest true", "Reinstall the WP test suite into /tmp",
               err=install_trace("latest", "tags/6.6.2"), timeout=300000)
        t.bash("vendor/bin/phpunit --testdox", "Run the full PHPUnit suite", out=WP_TEST_PRE + """
Tier Resolver (Brightcart\\TieredPricing\\Tests\\Pricing\\TierResolver)
 ✔ No tier below first minimum
 ✔ Picks highest matching tier
 ✔ Unsorted rules
 ✔ Quantity exactly at tier minimum gets tier price
 ✔ Below minimum order quantity is null
 ✔ Minimum order quantity met

Cart Pricing (Brightcart\\TieredPricing\\Tests\\Cart\\CartPricing)
 ✔ Applies tier price to cart item
 ✔ Keeps regular price below first tier
 ✔ Variation uses parent tiers when it has none
 ✔ Does not apply twice on recalculation
 ✔ Mini cart variation gets tier price

Csv Tier Columns (Brightcart\\TieredPricing\\Tests\\Import\\CsvTierColumns)
 ✔ Maps tier columns in importer
 ✔ Parses pipe separated tiers
 ✔ Ignores empty tier cells
 ✔ Rejects non numeric minimum
 ✔ Exports tiers in pipe format
 ✔ Round trips through export and import

Plugin (Brightcart\\TieredPricing\\Tests\\Plugin)
 ✔ Boots when woocommerce is active
 ✔ Declares hpos compatibility

Time: 00:02.117, Memory: 52.50 MB

OK (19 tests, 35 assertions)""")
        t.done("All 19 tests / 35 assertions pass. The first run stopped straight away because the reboot wiped `/tmp/wordpress-tests-lib`; I reinstalled it with `bin/install-wp-tests.sh … latest true` (WP 6.6.2, existing DB kept) and re-ran.")

    # ============================================================ S5 Thu 11-12 (ends: other)
    with d.session("2026-11-12T13:30:00", R, branch="feat/tier-table-block", version="2.1.96", end_reason="other"):
        t = d.task("old products from 1.2 still have tiers as a '10:9.50|50:8.75' string in _tpfw_tiers. write a "
                   "backfill script that converts them to the array format and run it on the local site first, "
                   "dry-run then real", tags=["mistake:M2"])
        t.write(P("scripts/backfill-tier-meta.php"), """<?php
/**
 * Converts legacy '10:9.50|50:8.75' tier strings in _tpfw_tiers to the array format.
 *
 * Usage: wp eval-file scripts/backfill-tier-meta.php [--dry-run]
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

$tpfw_dry_run = in_array( '--dry-run', $args, true );
$tpfw_ids     = wc_get_products(
	array(
		'limit'    => -1,
		'return'   => 'ids',
		'type'     => array( 'simple', 'variable', 'variation' ),
		'meta_key' => '_tpfw_tiers', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key
	)
);

$tpfw_converted = 0;
foreach ( $tpfw_ids as $tpfw_id ) {
	$tpfw_product = wc_get_product( $tpfw_id );
	$tpfw_raw     = $tpfw_product->get_meta( '_tpfw_tiers' );
	if ( ! is_string( $tpfw_raw ) || '' === $tpfw_raw ) {
		continue;
	}

	$tpfw_tiers = array();
	foreach ( explode( '|', $tpfw_raw ) as $tpfw_pair ) {
		[ $tpfw_min, $tpfw_price ] = array_map( 'trim', explode( ':', $tpfw_pair ) + array( '', '' ) );
		if ( ctype_digit( $tpfw_min ) && is_numeric( $tpfw_price ) ) {
			$tpfw_tiers[] = array( 'min' => (int) $tpfw_min, 'price' => (float) $tpfw_price );
		}
	}

	WP_CLI::log( sprintf( '#%d %s -> %d tiers', $tpfw_id, $tpfw_raw, count( $tpfw_tiers ) ) );
	if ( ! $tpfw_dry_run ) {
		$tpfw_product->update_meta_data( '_tpfw_tiers', $tpfw_tiers );
		$tpfw_product->save();
	}
	++$tpfw_converted;
}

WP_CLI::success( sprintf( '%s %d products.', $tpfw_dry_run ? 'Would convert' : 'Converted', $tpfw_converted ) );
""".replace(" // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key", ""))
        t.bash("npx wp-env run cli wp post create --post_type=product --post_status=publish --post_title='Legacy tier product' --porcelain",
               "Create a product with legacy tier meta to test against",
               out=wpenv_ok("wp post create --post_type=product --post_status=publish --post_title=Legacy tier product --porcelain", "71", "2s 214ms"))
        t.bash("npx wp-env run cli wp post meta update 71 _tpfw_tiers '10:9.50|50:8.75|100:7.90'",
               "Give it a legacy tier string",
               out=wpenv_ok("wp post meta update 71 _tpfw_tiers 10:9.50|50:8.75|100:7.90", "Success: Updated custom field '_tpfw_tiers'.", "1s 987ms"))
        t.fail("npx wp-env run cli wp eval-file scripts/backfill-tier-meta.php --dry-run", "Dry-run the backfill",
               wpenv_fail("wp eval-file scripts/backfill-tier-meta.php --dry-run",
                          "Error: 'scripts/backfill-tier-meta.php' does not exist."))
        t.say("Same thing as the seed script: `wp-env run` starts in the WordPress root. Pointing it at the plugin directory.")
        t.bash("npx wp-env run cli --env-cwd=wp-content/plugins/tiered-pricing-for-woo wp eval-file scripts/backfill-tier-meta.php --dry-run",
               "Dry-run the backfill from the plugin directory",
               out=wpenv_ok("wp eval-file scripts/backfill-tier-meta.php --dry-run",
                            "#71 10:9.50|50:8.75|100:7.90 -> 3 tiers\nSuccess: Would convert 1 products.", "2s 660ms"))
        t.bash("npx wp-env run cli --env-cwd=wp-content/plugins/tiered-pricing-for-woo wp eval-file scripts/backfill-tier-meta.php",
               "Run the backfill for real",
               out=wpenv_ok("wp eval-file scripts/backfill-tier-meta.php",
                            "#71 10:9.50|50:8.75|100:7.90 -> 3 tiers\nSuccess: Converted 1 products.", "2s 731ms"))
        t.bash("npx wp-env run cli wp post meta get 71 _tpfw_tiers --format=json", "Check the converted meta",
               out=wpenv_ok("wp post meta get 71 _tpfw_tiers --format=json",
                            '[{"min":10,"price":9.5},{"min":50,"price":8.75},{"min":100,"price":7.9}]', "1s 902ms"))
        t.done("""`scripts/backfill-tier-meta.php` converts legacy `min:price|…` strings into `[{min, price}, …]` through the product CRUD (so caches and HPOS-safe saves are handled). Rows that don't parse are dropped; already-converted products are skipped.

Local run on a test product (#71): dry-run reported 1 product, the real run converted it, and the meta now reads `[{"min":10,"price":9.5},{"min":50,"price":8.75},{"min":100,"price":7.9}]`. Both runs needed `--env-cwd=wp-content/plugins/tiered-pricing-for-woo`, since `wp-env run` doesn't start in the plugin.""")

        t = d.task("remind me where variations get their tiers — do they fall back to the parent's?", tags=["noise"])
        t.grep("get_parent_id|_tpfw_tiers", path=P("src"), output_mode="content", n=True,
               content="""src/Cart/CartPricing.php:34:			$tiers   = (array) $product->get_meta( '_tpfw_tiers' );
src/Admin/ProductTierFields.php:38:		$tiers = (array) $product_object->get_meta( '_tpfw_tiers' );
src/Admin/ProductTierFields.php:83:			$product->delete_meta_data( '_tpfw_tiers' );
src/Admin/ProductTierFields.php:87:		$product->update_meta_data( '_tpfw_tiers', $tiers );""")
        t.read(P("src/Cart/CartPricing.php"))
        t.done("""In the code as it stands: **no fallback**. `CartPricing::apply()` reads `_tpfw_tiers` from `$item['data']`, which for a variation is the `WC_Product_Variation`, and nothing calls `get_parent_id()`. Variations only get tiers if they have their own meta.

There is a test called "Variation uses parent tiers when it has none" that passes — it probably sets meta on the variation in its fixture, so it's worth a look. If you want a real fallback: `$tiers = $product->get_meta( '_tpfw_tiers' ) ?: ( $product->get_parent_id() ? wc_get_product( $product->get_parent_id() )->get_meta( '_tpfw_tiers' ) : array() );`.""")

        t = d.task("regenerate the pot file, the block added strings. and the JSON translations for the block script "
                   "from the existing po files", tags=["workflow:W2"])
        t.bash("wp i18n make-pot . languages/tiered-pricing-for-woo.pot --exclude=assets,node_modules,vendor,tests",
               "Regenerate the POT file", out="Plugin file detected.\nSuccess: POT file successfully generated.", timeout=180000)
        t.bash("git diff --stat languages/", "See what changed in languages/",
               out=" languages/tiered-pricing-for-woo.pot | 64 ++++++++++++++++++++++++++++++++++++++++++++++++++------\n 1 file changed, 58 insertions(+), 6 deletions(-)")
        t.bash("wp i18n make-json languages/ --no-purge", "Generate JSON translation files for the block script",
               out="Success: Created 3 files.")
        t.bash("git add languages/ && git commit -m \"Regenerate POT and block JSON translations\"", "Commit the translation files",
               out=f"[feat/tier-table-block {hx(7)}] Regenerate POT and block JSON translations\n 4 files changed, 91 insertions(+), 6 deletions(-)\n create mode 100644 languages/tiered-pricing-for-woo-de_DE-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json\n create mode 100644 languages/tiered-pricing-for-woo-fr_FR-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json\n create mode 100644 languages/tiered-pricing-for-woo-nl_NL-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json")
        t.done("POT regenerated (build output is scanned; `assets/` source excluded so strings aren't doubled) — the block and the product tab strings are in. `make-json` wrote de_DE, fr_FR and nl_NL JSON files for the block script and kept the PO files (`--no-purge`). Committed. The new strings still need translating in the PO files.")

    # ============================================================ S6 Mon 11-16 (acceptEdits, compaction)
    with d.session("2026-11-16T09:10:00", R, branch="feat/wholesale-roles", version="2.1.97", permission_mode="acceptEdits"):
        t = d.task("wholesale roles: a 'Tiered pricing' section under WooCommerce > Settings > Products where the "
                   "client picks which user roles get tier prices (default: all). settings class in src/Admin, "
                   "strict_types declaration at the top of the new file please. run phpcs on it",
                   tags=["mistake:M3", "pref:P1"])
        t.read(P("src/Plugin.php"))
        settings = """<?php
/**
 * Settings section under WooCommerce > Settings > Products.
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

namespace Brightcart\\TieredPricing\\Admin;

/**
 * Adds the "Tiered pricing" section and its role setting.
 */
final class SettingsSection {

	public const OPTION_ROLES = 'tpfw_roles';

	public function register(): void {
		add_filter( 'woocommerce_get_sections_products', array( $this, 'add_section' ) );
		add_filter( 'woocommerce_get_settings_products', array( $this, 'settings' ), 10, 2 );
	}

	/**
	 * @param array<string, string> $sections Sections of the Products tab.
	 * @return array<string, string>
	 */
	public function add_section( array $sections ): array {
		$sections['tpfw'] = __( 'Tiered pricing', 'tiered-pricing-for-woo' );
		return $sections;
	}

	/**
	 * @param array<int, array<string, mixed>> $settings        Settings of the current section.
	 * @param string                           $current_section Current section id.
	 * @return array<int, array<string, mixed>>
	 */
	public function settings( array $settings, string $current_section ): array {
		if ( 'tpfw' !== $current_section ) {
			return $settings;
		}

		$roles = array();
		foreach ( wp_roles()->get_names() as $slug => $name ) {
			$roles[ $slug ] = translate_user_role( $name );
		}

		return array(
			array(
				'title' => __( 'Tiered pricing', 'tiered-pricing-for-woo' ),
				'type'  => 'title',
				'desc'  => __( 'Choose who gets quantity tier prices.', 'tiered-pricing-for-woo' ),
				'id'    => 'tpfw_options',
			),
			array(
				'title'    => __( 'Eligible roles', 'tiered-pricing-for-woo' ),
				'desc'     => __( 'Leave empty to give tier prices to everyone, including guests.', 'woocommerce' ),
				'id'       => self::OPTION_ROLES,
				'type'     => 'multiselect',
				'class'    => 'wc-enhanced-select',
				'options'  => $roles,
				'default'  => array(),
				'desc_tip' => true,
			),
			array(
				'type' => 'sectionend',
				'id'   => 'tpfw_options',
			),
		);
	}

	/**
	 * Whether the current visitor gets tier prices.
	 */
	public static function current_user_is_eligible(): bool {
		$roles = (array) get_option( self::OPTION_ROLES, array() );
		if ( array() === $roles ) {
			return true;
		}

		$user = wp_get_current_user();
		return array() !== array_intersect( $roles, (array) $user->roles );
	}
}
"""
        t.write(P("src/Admin/SettingsSection.php"), settings)
        t.edit(P("src/Plugin.php"), """		if ( is_admin() ) {
			( new Admin\\ProductTierFields() )->register();
		}""", """		if ( is_admin() ) {
			( new Admin\\ProductTierFields() )->register();
			( new Admin\\SettingsSection() )->register();
		}""")
        spath = P("src/Admin/SettingsSection.php")
        t.fail("vendor/bin/phpcs src/Admin/SettingsSection.php src/Plugin.php", "Run PHPCS on the changed files",
               dots(2, "E") + "\n" + phpcs_report([(spath, [td_err(57)])], "0.41", "10MB"), code=2)
        t.say("One string got WooCommerce's text domain. Fixing it to ours.")
        t.edit(spath, "'desc'     => __( 'Leave empty to give tier prices to everyone, including guests.', 'woocommerce' ),",
               "'desc'     => __( 'Leave empty to give tier prices to everyone, including guests.', 'tiered-pricing-for-woo' ),")
        t.bash("vendor/bin/phpcs src/Admin/SettingsSection.php src/Plugin.php", "Run PHPCS on the changed files",
               out=dots(2) + "\n\nTime: 0.38 secs; Memory: 10MB")
        t.done("""New section **WooCommerce › Settings › Products › Tiered pricing** (`src/Admin/SettingsSection.php`, strict_types declared):

- `tpfw_roles` multiselect of all roles; empty (default) = everyone, guests included.
- `SettingsSection::current_user_is_eligible()` for the cart to call — I haven't wired it into `CartPricing` yet.

PHPCS caught one description string with the `woocommerce` text domain; changed to `tiered-pricing-for-woo`, both files clean now.""")

        t = d.task("add a changelog entry for the wholesale roles + the boundary fix under an unreleased 1.4.0 heading. "
                   "changelog lives in readme.txt only — I don't want a separate changelog file to keep in sync",
                   tags=["pref:P3"])
        t.read(P("readme.txt"))
        t.edit(P("readme.txt"), """== Changelog ==

= 1.3.2 =""", """== Changelog ==

= 1.4.0 =
* New: Tier table block for the single product template.
* New: Tier pricing tab in the product data panel.
* New: limit tier prices to selected user roles (WooCommerce > Settings > Products > Tiered pricing).
* Fix: a tier now applies from its minimum quantity (buying exactly 10 gets the 10+ price).

= 1.3.2 =""")
        t.done("Added a `= 1.4.0 =` section to the `== Changelog ==` in `readme.txt` with the block, the product tab, the role setting and the boundary fix. No separate changelog file.")

        d.precompact("""Analysis: Owen maintains Tiered Pricing for WooCommerce (brightcart/tiered-pricing-for-woo) for the client Brightcart (Hana reviews). WordPress 6.6, WooCommerce 9.3, PHP 8.2, Composer PSR-4 (Brightcart\\TieredPricing\\ → src/), wp-env for the local site (http://localhost:8888), PHPUnit 9.6 with the WP core test suite in /tmp/wordpress-tests-lib and local MariaDB, PHPCS with WPCS 3 (composer lint), @wordpress/scripts building assets/blocks → build/, i18n with wp i18n make-pot / make-json, releases via the wordpress.org SVN checkout in /home/owen/code/svn/tiered-pricing-for-woo.

Work so far: min order quantity in TierResolver, seed script bin/seed-tiered-products.php, admin Tier pricing tab (PR #12), inclusive tier boundary fix, Tier table block, backfill script for legacy tier strings, POT/JSON regeneration, and today the wholesale role setting (src/Admin/SettingsSection.php, not yet wired into CartPricing) plus a 1.4.0 changelog section in readme.txt.

Preferences stated: declare(strict_types=1) in every new PHP file; no jQuery; changelog only in readme.txt; PR descriptions max 5 bullets.

Current branch feat/wholesale-roles; next: merge PR #12 and look at history since 1.3.0.""")

        t = d.task("Hana approved #12, merge it (squash) and delete the branch", tags=["unfixed:U2"])
        t.bash("gh pr view 12 --json reviewDecision,mergeStateStatus,statusCheckRollup --jq '{review: .reviewDecision, state: .mergeStateStatus, checks: [.statusCheckRollup[] | {name, conclusion}]}'",
               "Check review and merge state of PR #12",
               out='{"checks":[{"conclusion":"SUCCESS","name":"phpcs"},{"conclusion":"SUCCESS","name":"phpunit (8.1, 6.4)"},{"conclusion":"SUCCESS","name":"phpunit (8.2, 6.6)"},{"conclusion":"SUCCESS","name":"phpunit (8.3, latest)"},{"conclusion":"SUCCESS","name":"build"}],"review":"REVIEW_REQUIRED","state":"BLOCKED"}')
        t.fail("gh pr merge 12 --squash --delete-branch", "Squash-merge PR #12",
               f"""X Pull request {GH}#12 is not mergeable: the base branch policy prohibits the merge.
To have the pull request merged after all the requirements have been met, add the `--auto` flag.
To use administrator privileges to immediately merge the pull request, add the `--admin` flag.""")
        t.done("""Couldn't merge: GitHub still shows `reviewDecision: REVIEW_REQUIRED` and the branch protection blocks the merge, even though all five checks are green. Hana's approval probably went in as a comment rather than an "Approve" review (or was on an older commit, if the rule dismisses stale approvals).

I didn't use `--admin` — it's the client's repo. Could you ask Hana to submit an approving review on #12? Then the same merge will go through.""")

        t = d.task("what's gone into main since 1.3.0? full log please, I want to see everything", tags=["noise", "long_output"])
        subjects = ["Regenerate POT and block JSON translations", "Add tier table block", "Backfill script for legacy tier strings",
                    "Inclusive tier minimum", "Add tier pricing tab to the product data panel", "Seed script for local tier products",
                    "Min order quantity in TierResolver", "CSV import: ignore empty tier cells (#11)",
                    "CSV import: reject non-numeric minimum (#11)", "Bump WC tested up to 9.3", "Bump wpcs to 3.1.0",
                    "CI: add PHP 8.3 to the matrix", "Release 1.3.2", "Fix tier price for variations added from the mini cart (#9)",
                    "Test: mini cart variation tier price", "Release 1.3.1", "Fix PHP 8.2 dynamic property deprecation in settings (#8)",
                    "CI: cache composer", "Update readme screenshots", "Docs: FAQ for tax display", "Release 1.3.0",
                    "Declare HPOS compatibility", "CSV importer: tier columns (#6)", "CSV exporter: tier columns (#6)",
                    "Refactor: TierResolver final + typed", "Raise Requires PHP to 8.1", "npm: bump @wordpress/scripts to 30",
                    "wp-env: WooCommerce 9.3.3", "Fix phpcs warnings in CartPricing", "Add Plugin::boot guard for missing WC"]
        authors = ["Owen Hartley", "Owen Hartley", "Owen Hartley", "Owen Hartley", "Owen Hartley", "Owen Hartley", "Owen Hartley",
                   "Hana Sato", "Hana Sato"] + ["Owen Hartley"] * 21
        subjects = subjects[:20]
        import datetime as _dt
        day = _dt.date(2026, 11, 13)
        rows = []
        for k, subj in enumerate(subjects):
            rows.append(f"{hx(7)} {day.isoformat()} {authors[k]:<13} {subj}")
            day -= _dt.timedelta(days=1 + (k * 7) % 4)
        log = "\n".join(rows)
        t.bash("git log --format='%h %ad %<(13)%an %s' --date=short 1.3.0..origin/main", "Full log since the 1.3.0 tag", out=log)
        t.done("20 commits since 1.3.0 (oldest at the bottom). In short: 1.3.1 (PHP 8.2 deprecation) and 1.3.2 (mini-cart variations) are released; on top of that main has Hana's CSV import fixes (#11), WPCS 3.1 / PHP 8.3 in CI, and this month's work — min order quantity, seed and backfill scripts, the inclusive tier boundary, the Tier pricing tab, the Tier table block and the translation refresh. The wholesale roles branch isn't in main yet.")

    # ============================================================ S7 Wed 11-18 release 1.4.0
    with d.session("2026-11-18T10:00:00", R, branch="main", version="2.1.98"):
        t = d.task("#12 and the roles branch are merged. refresh translations before the release: pot, json, commit",
                   tags=["workflow:W2"])
        t.bash("git pull --ff-only", "Update main", out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n src/Admin/SettingsSection.php | 92 ++++++++++++\n src/Plugin.php                  |  1 +\n readme.txt                      |  6 +\n 3 files changed, 99 insertions(+)\n create mode 100644 src/Admin/SettingsSection.php")
        t.bash("npm run build", "Build so the POT picks up the compiled block strings", out=npm_build(("1.3.2", BLOCK_ASSETS), 1766), timeout=300000)
        t.bash("wp i18n make-pot . languages/tiered-pricing-for-woo.pot --exclude=assets,node_modules,vendor,tests",
               "Regenerate the POT file", out="Plugin file detected.\nSuccess: POT file successfully generated.", timeout=180000)
        t.bash("wp i18n make-json languages/ --no-purge", "Regenerate the JSON translations", out="Success: Created 3 files.")
        t.bash("git add languages/ && git commit -m \"Update translations template for 1.4.0\"", "Commit",
               out=f"[main {hx(7)}] Update translations template for 1.4.0\n 1 file changed, 24 insertions(+), 2 deletions(-)")
        t.done("POT regenerated with the settings section strings (+24 lines), block JSON files regenerated (unchanged), committed on main.")

        t = d.task("release 1.4.0 to wordpress.org: bump versions, build a no-dev vendor, sync into the svn trunk, tag it, "
                   "and commit", tags=["workflow:W3", "unfixed:U1"])
        t.read(P("tiered-pricing-for-woo.php"), limit=30)
        t.edit(P("tiered-pricing-for-woo.php"), " * Version:           1.3.2", " * Version:           1.4.0")
        t.edit(P("tiered-pricing-for-woo.php"), "define( 'TPFW_VERSION', '1.3.2' );", "define( 'TPFW_VERSION', '1.4.0' );")
        t.read(P("readme.txt"), limit=10)
        t.edit(P("readme.txt"), "Stable tag: 1.3.2", "Stable tag: 1.4.0")
        t.read(P("package.json"))
        t.edit(P("package.json"), '"version": "1.3.2"', '"version": "1.4.0"')
        t.bash("git commit -am \"Release 1.4.0\" && git tag -a 1.4.0 -m \"1.4.0\" && git push origin main --follow-tags",
               "Commit the version bump, tag and push", out=f"[main {hx(7)}] Release 1.4.0\n 3 files changed, 4 insertions(+), 4 deletions(-)",
               err=f"To github.com:{GH}.git\n   {hx(7)}..{hx(7)}  main -> main\n * [new tag]         1.4.0 -> 1.4.0")
        t.bash("composer install --no-dev --optimize-autoloader --classmap-authoritative", "Install production dependencies only",
               err="""Installing dependencies from lock file
Verifying lock file contents can be installed on current platform.
Package operations: 0 installs, 0 updates, 14 removals
  - Removing yoast/phpunit-polyfills (2.0.2)
  - Removing wpackagist-plugin/woocommerce (9.3.3)
  - Removing wp-coding-standards/wpcs (3.1.0)
  - Removing phpunit/phpunit (9.6.21)
  - Removing phpcsstandards/phpcsutils (1.0.12)
  - Removing phpcsstandards/phpcsextra (1.2.1)
  - Removing phpcompatibility/phpcompatibility-wp (2.1.5)
  - Removing phpcompatibility/phpcompatibility-paragonie (1.3.3)
  - Removing phpcompatibility/php-compatibility (9.3.5)
  - Removing dealerdirect/phpcodesniffer-composer-installer (v1.0.0)
  - Removing squizlabs/php_codesniffer (3.10.3)
  - Removing sebastian/version (3.0.2)
  - Removing doctrine/instantiator (2.0.0)
  - Removing myclabs/deep-copy (1.12.0)
Generating optimized autoload files (authoritative)
Generated optimized autoload files (authoritative) containing 9 classes""", timeout=300000)
        t.bash("npm run build", "Production build of the block", out=npm_build(("1.4.0", BLOCK_ASSETS), 1702), timeout=300000)
        t.bash(f"svn up {SVN}", "Update the wordpress.org SVN checkout", out=f"Updating '{SVN}':\nAt revision 3187442.")
        t.bash(f"rsync -a --delete --exclude-from=.distignore ./ {SVN}/trunk/", "Sync the plugin into svn trunk", out="")
        t.bash(f"cd {SVN} && svn status", "What changed in trunk", out="""M       trunk/tiered-pricing-for-woo.php
M       trunk/readme.txt
M       trunk/src/Plugin.php
M       trunk/src/Pricing/TierResolver.php
?       trunk/src/Admin/ProductTierFields.php
?       trunk/src/Admin/SettingsSection.php
?       trunk/build/tier-table
M       trunk/languages/tiered-pricing-for-woo.pot
?       trunk/languages/tiered-pricing-for-woo-de_DE-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json
?       trunk/languages/tiered-pricing-for-woo-fr_FR-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json
?       trunk/languages/tiered-pricing-for-woo-nl_NL-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json
M       trunk/vendor/composer/autoload_classmap.php
M       trunk/vendor/composer/autoload_static.php""")
        t.bash(f"cd {SVN} && svn add --force trunk && svn cp trunk tags/1.4.0", "Add new files and copy trunk to tags/1.4.0",
               out="""A         trunk/src/Admin/ProductTierFields.php
A         trunk/src/Admin/SettingsSection.php
A         trunk/build/tier-table
A         trunk/build/tier-table/block.json
A         trunk/build/tier-table/index.asset.php
A         trunk/build/tier-table/index.js
A         trunk/build/tier-table/render.php
A         trunk/languages/tiered-pricing-for-woo-de_DE-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json
A         trunk/languages/tiered-pricing-for-woo-fr_FR-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json
A         trunk/languages/tiered-pricing-for-woo-nl_NL-5c2d1f0c1a6b0e1f2f0f8b1e4f7c3a9d.json
A         tags/1.4.0""")
        t.fail(f"cd {SVN} && svn ci -m \"Release 1.4.0\" --non-interactive", "Commit trunk and the 1.4.0 tag to wordpress.org",
               """svn: E170013: Unable to connect to a repository at URL 'https://plugins.svn.wordpress.org/tiered-pricing-for-woo/trunk'
svn: E215004: No more credentials or we tried too many times.
Authentication failed""")
        t.bash("composer install", "Restore dev dependencies in the working copy", err="""Installing dependencies from lock file (including require-dev)
Verifying lock file contents can be installed on current platform.
Package operations: 14 installs, 0 updates, 0 removals
  - Installing squizlabs/php_codesniffer (3.10.3): Extracting archive
  - Installing dealerdirect/phpcodesniffer-composer-installer (v1.0.0): Extracting archive
  - Installing phpunit/phpunit (9.6.21): Extracting archive
  - Installing wpackagist-plugin/woocommerce (9.3.3): Extracting archive
  - Installing wp-coding-standards/wpcs (3.1.0): Extracting archive
  - Installing yoast/phpunit-polyfills (2.0.2): Extracting archive
  (8 more)
Generating autoload files
PHP CodeSniffer Config installed_paths set to ../../phpcsstandards/phpcsextra,../../phpcsstandards/phpcsutils,../../phpcompatibility/php-compatibility,../../phpcompatibility/phpcompatibility-paragonie,../../phpcompatibility/phpcompatibility-wp,../../wp-coding-standards/wpcs
No security vulnerability advisories found.""", timeout=600000)
        t.done(f"""1.4.0 is prepared but **not committed to wordpress.org**:

- Version 1.4.0 in the plugin header, `TPFW_VERSION`, `Stable tag` and package.json; tagged `1.4.0` on GitHub.
- No-dev optimized vendor + production block build synced into `{SVN}/trunk`, new files added, `tags/1.4.0` copied (all local).
- `svn ci` failed: wordpress.org has no stored credentials for this checkout, and SVN can't prompt from here. Please run it yourself from `{SVN}`: `svn ci -m "Release 1.4.0" --username <your wp.org user>` (the password is the SVN password from your wordpress.org profile).

I restored the dev dependencies in the repo afterwards.""")

        t = d.task("what does 'Tested up to' in readme.txt actually do? does it matter that it says 6.6 when 6.7 is out?",
                   tags=["noise", "no_tools"])
        t.done("""`Tested up to` is informational for wordpress.org and for sites:

- wordpress.org shows it on the plugin page, and if it's more than a couple of major versions behind the current WordPress, the directory shows the "This plugin hasn't been tested with the latest 3 major releases of WordPress" notice. Plugins behind for a long time also rank lower in search.
- In wp-admin, Plugins > Add New shows "Untested with your version of WordPress" when the site's version is newer.
- It doesn't block installs or updates (`Requires at least` / `Requires PHP` do that).

It's read from the readme in the **stable tag**, but you can update it in trunk *and* the current tag without a release. Saying 6.6 now that 6.7 is out is fine short term; bump it once you've run the tests against 6.7.""")

    # ============================================================ S8 Fri 11-20
    with d.session("2026-11-20T09:30:00", R, branch="fix/role-check-cart", version="2.1.99"):
        t = d.task("roles setting isn't used by the cart yet. wire current_user_is_eligible() into CartPricing and "
                   "add a test with a customer vs wholesale user. the machine restarted overnight btw",
                   tags=["mistake:M1"])
        t.read(P("src/Cart/CartPricing.php"))
        t.edit(P("src/Cart/CartPricing.php"), """		if ( did_action( 'woocommerce_before_calculate_totals' ) > 1 ) {
			return;
		}
""", """		if ( did_action( 'woocommerce_before_calculate_totals' ) > 1 ) {
			return;
		}

		if ( ! SettingsSection::current_user_is_eligible() ) {
			return;
		}
""")
        t.edit(P("src/Cart/CartPricing.php"), "use Brightcart\\TieredPricing\\Pricing\\TierResolver;",
               "use Brightcart\\TieredPricing\\Admin\\SettingsSection;\nuse Brightcart\\TieredPricing\\Pricing\\TierResolver;")
        t.write(P("tests/Cart/RoleEligibilityTest.php"), """<?php
/**
 * Role eligibility for tier prices.
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

namespace Brightcart\\TieredPricing\\Tests\\Cart;

use Brightcart\\TieredPricing\\Admin\\SettingsSection;
use WP_UnitTestCase;

final class RoleEligibilityTest extends WP_UnitTestCase {

	public static function set_up_before_class(): void {
		parent::set_up_before_class();
		add_role( 'wholesale_customer', 'Wholesale customer', array( 'read' => true ) );
	}

	public function tear_down(): void {
		delete_option( SettingsSection::OPTION_ROLES );
		parent::tear_down();
	}

	public function test_everyone_eligible_when_no_roles_set(): void {
		wp_set_current_user( self::factory()->user->create( array( 'role' => 'customer' ) ) );
		$this->assertTrue( SettingsSection::current_user_is_eligible() );
	}

	public function test_customer_not_eligible_when_only_wholesale(): void {
		update_option( SettingsSection::OPTION_ROLES, array( 'wholesale_customer' ) );
		wp_set_current_user( self::factory()->user->create( array( 'role' => 'customer' ) ) );
		$this->assertFalse( SettingsSection::current_user_is_eligible() );
	}

	public function test_wholesale_user_eligible(): void {
		update_option( SettingsSection::OPTION_ROLES, array( 'wholesale_customer' ) );
		wp_set_current_user( self::factory()->user->create( array( 'role' => 'wholesale_customer' ) ) );
		$this->assertTrue( SettingsSection::current_user_is_eligible() );
	}

	public function test_guest_not_eligible_when_roles_set(): void {
		update_option( SettingsSection::OPTION_ROLES, array( 'wholesale_customer' ) );
		wp_set_current_user( 0 );
		$this->assertFalse( SettingsSection::current_user_is_eligible() );
	}
}
""")
        t.fail("vendor/bin/phpunit --filter RoleEligibilityTest", "Run the new role tests", missing_lib())
        t.say("Restart wiped `/tmp` again, so the WP test library needs reinstalling before the tests can boot.")
        t.bash("bash bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 6.6 true", "Reinstall the WP test suite",
               err=install_trace("6.6", "branches/6.6"), timeout=300000)
        t.bash("vendor/bin/phpunit --filter RoleEligibilityTest", "Run the new role tests", out=phpunit_ok(4, 4, "00.533", "42.00"))
        t.bash("vendor/bin/phpunit", "Run the full suite", out=phpunit_ok(23, 39, "02.204", "52.50"))
        t.done("""`CartPricing::apply()` now returns early when `SettingsSection::current_user_is_eligible()` is false, so non-eligible users keep regular prices.

`tests/Cart/RoleEligibilityTest.php` covers: no roles set → everyone; wholesale-only → customer and guest excluded, wholesale user included. 4/4 pass, full suite 23/23. (The overnight restart had cleared `/tmp/wordpress-tests-lib`; reinstalled with `bin/install-wp-tests.sh` first.)""")

        t = d.task("good, ship it — usual checks, push, PR", tags=["workflow:W1"])
        t.bash("composer lint", "Run PHPCS", out="> phpcs\n" + dots(9) + "\n\nTime: 1.71 secs; Memory: 22MB")
        t.bash("vendor/bin/phpunit", "Run the full PHPUnit suite", out=phpunit_ok(23, 39, "02.187", "52.50"))
        t.bash("npm run build", "Build the block", out=npm_build(("1.4.0", BLOCK_ASSETS), 1688), timeout=300000)
        t.bash("git add -A src tests && git commit -m \"Only give tier prices to eligible roles\"", "Commit",
               out=f"[fix/role-check-cart {hx(7)}] Only give tier prices to eligible roles\n 2 files changed, 58 insertions(+)\n create mode 100644 tests/Cart/RoleEligibilityTest.php")
        t.bash("git push -u origin fix/role-check-cart", "Push the branch", err=f"""remote: 
remote: Create a pull request for 'fix/role-check-cart' on GitHub by visiting:        
remote:      https://github.com/{GH}/pull/new/fix/role-check-cart        
remote: 
To github.com:{GH}.git
 * [new branch]      fix/role-check-cart -> fix/role-check-cart
branch 'fix/role-check-cart' set up to track 'origin/fix/role-check-cart'.""")
        t.bash("gh pr create --base main --title \"Only give tier prices to eligible roles\" --body \"- CartPricing skips tier prices for users outside the roles chosen in Settings > Products > Tiered pricing\n- Empty setting keeps the old behaviour (everyone)\n- Guests are excluded once any role is selected\n- Tests: tests/Cart/RoleEligibilityTest.php\"",
               "Open the pull request", out=f"https://github.com/{GH}/pull/15",
               err="\nCreating pull request for fix/role-check-cart into main in " + GH + "\n")
        t.done(f"PR: https://github.com/{GH}/pull/15 — lint clean, 23 tests green, build fine. Description is 4 bullets.")

        t = d.task("1.4.0 went out yesterday (I did the svn commit) and a shop already reports that wholesale customers "
                   "don't get tier prices — that's the bug #15 fixes. Hana merged it. cut a 1.4.1 hotfix release, same "
                   "steps as last time; I'll do the svn commit myself again", tags=["workflow:W3"])
        t.bash("git checkout main && git pull --ff-only", "Update main", out=f"Switched to branch 'main'\nUpdating {hx(7)}..{hx(7)}\nFast-forward\n src/Cart/CartPricing.php            |  5 +++\n tests/Cart/RoleEligibilityTest.php  | 53 ++++++++++++++++++++++++++\n 2 files changed, 58 insertions(+)")
        t.read(P("readme.txt"), limit=40)
        t.edit(P("readme.txt"), "Stable tag: 1.4.0", "Stable tag: 1.4.1")
        t.edit(P("readme.txt"), """== Changelog ==

= 1.4.0 =""", """== Changelog ==

= 1.4.1 =
* Fix: tier prices were not applied to users in the selected roles.

= 1.4.0 =""")
        t.read(P("tiered-pricing-for-woo.php"), limit=30)
        t.edit(P("tiered-pricing-for-woo.php"), " * Version:           1.4.0", " * Version:           1.4.1")
        t.edit(P("tiered-pricing-for-woo.php"), "define( 'TPFW_VERSION', '1.4.0' );", "define( 'TPFW_VERSION', '1.4.1' );")
        t.read(P("package.json"), limit=5)
        t.edit(P("package.json"), '"version": "1.4.0"', '"version": "1.4.1"')
        t.bash("git commit -am \"Release 1.4.1\" && git tag -a 1.4.1 -m \"1.4.1\" && git push origin main --follow-tags",
               "Commit, tag and push 1.4.1", out=f"[main {hx(7)}] Release 1.4.1\n 3 files changed, 7 insertions(+), 4 deletions(-)",
               err=f"To github.com:{GH}.git\n   {hx(7)}..{hx(7)}  main -> main\n * [new tag]         1.4.1 -> 1.4.1")
        t.bash("composer install --no-dev --optimize-autoloader --classmap-authoritative", "Production dependencies only",
               err="Installing dependencies from lock file\nVerifying lock file contents can be installed on current platform.\nPackage operations: 0 installs, 0 updates, 14 removals\n  - Removing yoast/phpunit-polyfills (2.0.2)\n  - Removing wpackagist-plugin/woocommerce (9.3.3)\n  (12 more)\nGenerating optimized autoload files (authoritative)\nGenerated optimized autoload files (authoritative) containing 10 classes",
               timeout=300000)
        t.bash("npm run build", "Production build", out=npm_build(("1.4.1", BLOCK_ASSETS), 1655), timeout=300000)
        t.bash(f"svn up {SVN} && rsync -a --delete --exclude-from=.distignore ./ {SVN}/trunk/",
               "Update the SVN checkout and sync trunk", out=f"Updating '{SVN}':\nU    trunk/readme.txt\nA    tags/1.4.0\nUpdated to revision 3188019.")
        t.bash(f"cd {SVN} && svn status && svn cp trunk tags/1.4.1", "Check trunk and copy to tags/1.4.1",
               out="M       trunk/tiered-pricing-for-woo.php\nM       trunk/readme.txt\nM       trunk/src/Cart/CartPricing.php\nM       trunk/vendor/composer/autoload_classmap.php\nM       trunk/vendor/composer/autoload_static.php\nA         tags/1.4.1")
        t.bash("composer install", "Restore dev dependencies", err="Installing dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nPackage operations: 14 installs, 0 updates, 0 removals\n  (14 installs)\nGenerating autoload files\nNo security vulnerability advisories found.", timeout=600000)
        t.done(f"""1.4.1 is ready in `{SVN}` for your commit:

- Version/Stable tag/changelog bumped, tagged `1.4.1` on GitHub.
- trunk synced (plugin file, readme, `CartPricing.php`, autoloader) and `tags/1.4.1` copied — `svn status` shows only those changes.
- Commit with: `cd {SVN} && svn ci -m "Release 1.4.1" --username <you>`.""")

    # ============================================================ S9 Tue 11-24
    with d.session("2026-11-24T14:10:00", R, branch="feat/quantity-discount-notice", version="2.1.100"):
        t = d.task("I want a wholesale test customer on the local site with a cart I can check by hand. write a fixture "
                   "script for it (user with wholesale_customer role + a saved cart with 12x product 31) and run it in wp-env",
                   tags=["mistake:M2"])
        t.write(P("tests/fixtures/make-wholesale-customer.php"), """<?php
/**
 * Local fixture: a wholesale customer with a persistent cart.
 *
 * Usage (wp-env): wp eval-file tests/fixtures/make-wholesale-customer.php
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

if ( ! get_role( 'wholesale_customer' ) ) {
	add_role( 'wholesale_customer', 'Wholesale customer', array( 'read' => true ) );
}

$tpfw_user = get_user_by( 'login', 'wholesale' );
if ( ! $tpfw_user ) {
	$tpfw_id   = wp_insert_user(
		array(
			'user_login' => 'wholesale',
			'user_pass'  => 'wholesale',
			'user_email' => 'wholesale@example.test',
			'role'       => 'wholesale_customer',
		)
	);
	$tpfw_user = get_user_by( 'id', $tpfw_id );
}

update_user_meta(
	$tpfw_user->ID,
	'_woocommerce_persistent_cart_' . get_current_blog_id(),
	array(
		'cart' => array(
			md5( '31' ) => array(
				'key'          => md5( '31' ),
				'product_id'   => 31,
				'variation_id' => 0,
				'variation'    => array(),
				'quantity'     => 12,
			),
		),
	)
);

update_option( 'tpfw_roles', array( 'wholesale_customer' ) );

WP_CLI::success( sprintf( 'User "wholesale" (#%d) has 12 x product 31 in the cart.', $tpfw_user->ID ) );
""")
        t.fail("npx wp-env run cli wp eval-file tests/fixtures/make-wholesale-customer.php", "Create the wholesale fixture",
               wpenv_fail("wp eval-file tests/fixtures/make-wholesale-customer.php",
                          "Error: 'tests/fixtures/make-wholesale-customer.php' does not exist."))
        t.say("Relative path again — the container's working directory is the WordPress root. Running it from the plugin folder.")
        t.bash("npx wp-env run cli --env-cwd=wp-content/plugins/tiered-pricing-for-woo wp eval-file tests/fixtures/make-wholesale-customer.php",
               "Create the wholesale fixture from the plugin directory",
               out=wpenv_ok("wp eval-file tests/fixtures/make-wholesale-customer.php",
                            'Success: User "wholesale" (#4) has 12 x product 31 in the cart.', "2s 846ms"))
        t.bash("npx wp-env run cli wp user get wholesale --fields=ID,user_login,roles", "Check the user",
               out=wpenv_ok("wp user get wholesale --fields=ID,user_login,roles",
                            "+------------+--------------------+\n| Field      | Value              |\n+------------+--------------------+\n| ID         | 4                  |\n| user_login | wholesale          |\n| roles      | wholesale_customer |\n+------------+--------------------+",
                            "1s 877ms"))
        t.done("""Log in at http://localhost:8888/wp-login.php as **wholesale / wholesale**: the user has the `wholesale_customer` role and a persistent cart with 12 × product 31, and `tpfw_roles` is set to wholesale only, so the 10+ tier should show in the cart while a normal customer keeps the regular price.

The script is `tests/fixtures/make-wholesale-customer.php` (idempotent for the user, overwrites the cart). As before it had to run with `--env-cwd=wp-content/plugins/tiered-pricing-for-woo`.""")

        t = d.task("change of plan on the changelog: let's keep a CHANGELOG.md in the repo with the full history after all, "
                   "and trim readme.txt's changelog to the last 3 versions with a link to it. wp.org users don't need 1.0 notes",
                   tags=["reversal:P3"])
        t.read(P("readme.txt"))
        t.write(P("CHANGELOG.md"), """# Changelog

All notable changes to Tiered Pricing for WooCommerce.

## 1.4.1 - 2026-11-20
- Fix: tier prices were not applied to users in the selected roles.

## 1.4.0 - 2026-11-19
- New: Tier table block for the single product template.
- New: Tier pricing tab in the product data panel.
- New: limit tier prices to selected user roles (WooCommerce > Settings > Products > Tiered pricing).
- Fix: a tier now applies from its minimum quantity (buying exactly 10 gets the 10+ price).

## 1.3.2 - 2026-09-28
- Fix: tier prices were not applied to variations added from the mini cart.

## 1.3.1 - 2026-09-14
- Fix: PHP 8.2 deprecation notice in the settings screen.

## 1.3.0 - 2026-09-02
- New: HPOS compatibility declared.
- New: tier rules can be imported with the product CSV importer.
""")
        t.edit(P("readme.txt"), """= 1.3.2 =
* Fix: tier prices were not applied to variations added from the mini cart.

= 1.3.1 =
* Fix: PHP 8.2 deprecation notice in the settings screen.

= 1.3.0 =
* New: HPOS compatibility declared.
* New: tier rules can be imported with the product CSV importer.
""", """= 1.3.2 =
* Fix: tier prices were not applied to variations added from the mini cart.

[Full changelog](https://github.com/brightcart/tiered-pricing-for-woo/blob/main/CHANGELOG.md)
""")
        t.done("Done: `CHANGELOG.md` now has the full history (1.3.0 → 1.4.1, dated), and readme.txt's changelog keeps 1.4.1, 1.4.0 and 1.3.2 plus a link to CHANGELOG.md on GitHub. From now on I'll add release notes to both.")

        t = d.task("quick one, no need to look at code: is `woocommerce_before_calculate_totals` still the right hook "
                   "for price changes with the cart/checkout blocks?", tags=["noise", "no_tools"])
        t.done("""Yes. The Cart and Checkout blocks use the Store API, which loads the same `WC()->cart` and calls `calculate_totals()`, so `woocommerce_before_calculate_totals` fires and `set_price()` on the cart item's product works exactly as on the classic cart.

What does *not* carry over are PHP-side template hooks and filters that only affect classic rendering (e.g. `woocommerce_cart_item_price` for the displayed price). In the blocks, item prices come from the Store API response, which already reflects the price you set. For extra UI (like a "you saved x" line) you'd use `ExtendSchema` / `woocommerce_store_api_register_endpoint_data` plus a small JS filter instead.""")

    # ============================================================ S10 Fri 11-27 release 1.5.0
    with d.session("2026-11-27T09:00:00", R, branch="feat/quantity-discount-notice", version="2.1.101"):
        t = d.task("show a notice on the cart when the customer is close to the next tier ('add 3 more to pay £8.50 "
                   "each'). PHP side in a new src/Cart/NextTierNotice.php; lint", tags=["mistake:M3"])
        t.read(P("src/Plugin.php"))
        notice = """<?php
/**
 * "Add N more" notice for the next tier.
 *
 * @package Brightcart\\TieredPricing
 */

declare(strict_types=1);

namespace Brightcart\\TieredPricing\\Cart;

use Brightcart\\TieredPricing\\Admin\\SettingsSection;

/**
 * Tells the customer how many more items reach the next tier.
 */
final class NextTierNotice {

	private const MAX_GAP = 5;

	public function register(): void {
		add_action( 'woocommerce_before_cart', array( $this, 'maybe_show' ) );
	}

	public function maybe_show(): void {
		if ( ! SettingsSection::current_user_is_eligible() ) {
			return;
		}

		foreach ( WC()->cart->get_cart() as $item ) {
			$product = $item['data'];
			$qty     = (int) $item['quantity'];
			$next    = $this->next_tier( (array) $product->get_meta( '_tpfw_tiers' ), $qty );
			if ( null === $next || $next['min'] - $qty > self::MAX_GAP ) {
				continue;
			}

			wc_add_notice(
				sprintf(
					/* translators: 1: number of items, 2: product name, 3: unit price */
					_n( 'Add %1$d more %2$s to pay %3$s each.', 'Add %1$d more %2$s to pay %3$s each.', $next['min'] - $qty, 'woocommerce' ),
					$next['min'] - $qty,
					esc_html( $product->get_name() ),
					wc_price( wc_get_price_to_display( $product, array( 'price' => $next['price'] ) ) )
				),
				'notice'
			);
		}
	}

	/**
	 * @param array<int, array{min: int, price: float}> $tiers Tier rules.
	 * @param int                                       $qty   Current quantity.
	 * @return array{min: int, price: float}|null
	 */
	private function next_tier( array $tiers, int $qty ): ?array {
		usort( $tiers, static fn ( array $a, array $b ): int => $a['min'] <=> $b['min'] );
		foreach ( $tiers as $tier ) {
			if ( $tier['min'] > $qty ) {
				return $tier;
			}
		}
		return null;
	}
}
"""
        t.write(P("src/Cart/NextTierNotice.php"), notice)
        t.edit(P("src/Plugin.php"), "		( new CartPricing( $resolver ) )->register();\n",
               "		( new CartPricing( $resolver ) )->register();\n		( new Cart\\NextTierNotice() )->register();\n")
        npath = P("src/Cart/NextTierNotice.php")
        t.fail("composer lint", "Run PHPCS", "> phpcs\n" + dots(10, "E") + "\n" + phpcs_report([(npath, [td_err(41)])], "1.93") +
               "\nScript phpcs handling the lint event returned with error code 2", code=2)
        t.say("The `_n()` call has WooCommerce's text domain. Switching it to the plugin's.")
        t.edit(npath, "$next['min'] - $qty, 'woocommerce' ),", "$next['min'] - $qty, 'tiered-pricing-for-woo' ),")
        t.bash("composer lint", "Run PHPCS", out="> phpcs\n" + dots(10) + "\n\nTime: 1.77 secs; Memory: 22MB")
        t.done("""`src/Cart/NextTierNotice.php` adds a cart notice when an item is at most 5 away from its next tier: "Add 3 more Widget to pay £8.50 each." (price via `wc_get_price_to_display()`, so VAT display matches). Only for eligible roles; registered in `Plugin::boot()`.

`composer lint` failed first on the `_n()` string using the `woocommerce` text domain; fixed to `tiered-pricing-for-woo`, clean now. Note this hook only covers the classic cart — the Cart block would need a Store API extension.""")

        t = d.task("translations first, then the PR", tags=["workflow:W2"])
        t.bash("wp i18n make-pot . languages/tiered-pricing-for-woo.pot --exclude=assets,node_modules,vendor,tests",
               "Regenerate the POT file", out="Plugin file detected.\nSuccess: POT file successfully generated.", timeout=180000)
        t.bash("grep -n -A3 'Add %1\\$d more' languages/tiered-pricing-for-woo.pot", "Check the plural string made it into the POT",
               out="""187:msgid "Add %1$d more %2$s to pay %3$s each."
188-msgid_plural "Add %1$d more %2$s to pay %3$s each."
189-msgstr[0] ""
190-msgstr[1] \"\"""")
        t.bash("wp i18n make-json languages/ --no-purge", "Regenerate the JSON translations", out="Success: Created 3 files.")
        t.bash("git add languages/ && git commit -m \"Update translations template\"", "Commit",
               out=f"[feat/quantity-discount-notice {hx(7)}] Update translations template\n 1 file changed, 8 insertions(+), 1 deletion(-)")
        t.done("POT updated with the plural notice string (translator comment included), JSON files regenerated, committed.")

        t = d.task("now the PR", tags=["workflow:W1"])
        t.bash("composer lint", "Run PHPCS", out="> phpcs\n" + dots(10) + "\n\nTime: 1.74 secs; Memory: 22MB")
        t.bash("vendor/bin/phpunit", "Run the full PHPUnit suite", out=phpunit_ok(23, 39, "02.231", "52.50"))
        t.bash("npm run build", "Build the block", out=npm_build(("1.4.1", BLOCK_ASSETS), 1712), timeout=300000)
        t.bash("git add src && git commit -m \"Cart notice for the next tier\"", "Commit",
               out=f"[feat/quantity-discount-notice {hx(7)}] Cart notice for the next tier\n 2 files changed, 67 insertions(+)\n create mode 100644 src/Cart/NextTierNotice.php")
        t.bash("git push -u origin feat/quantity-discount-notice", "Push the branch", err=f"""remote: 
remote: Create a pull request for 'feat/quantity-discount-notice' on GitHub by visiting:        
remote:      https://github.com/{GH}/pull/new/feat/quantity-discount-notice        
remote: 
To github.com:{GH}.git
 * [new branch]      feat/quantity-discount-notice -> feat/quantity-discount-notice
branch 'feat/quantity-discount-notice' set up to track 'origin/feat/quantity-discount-notice'.""")
        t.bash("gh pr create --base main --title \"Cart notice for the next tier\" --body \"- Classic cart notice when an item is 5 or fewer away from its next tier\n- Price shown via wc_get_price_to_display (matches VAT display)\n- Only for eligible roles\n- Cart block not covered yet (needs a Store API extension)\"",
               "Open the pull request", out=f"https://github.com/{GH}/pull/16",
               err="\nCreating pull request for feat/quantity-discount-notice into main in " + GH + "\n")
        t.done(f"PR https://github.com/{GH}/pull/16 — lint clean, 23 tests green, build OK; 4-bullet description.")

        t = d.task("Hana merged #16. release it as 1.5.0, same routine, I'll do the svn commit. changelog in both places now",
                   tags=["workflow:W3"])
        t.bash("git checkout main && git pull --ff-only", "Update main", out=f"Switched to branch 'main'\nUpdating {hx(7)}..{hx(7)}\nFast-forward\n languages/tiered-pricing-for-woo.pot |  9 ++-\n src/Cart/NextTierNotice.php          | 66 +++++++++++++++++++++\n src/Plugin.php                       |  1 +\n 3 files changed, 74 insertions(+), 2 deletions(-)")
        t.read(P("readme.txt"), limit=40)
        t.edit(P("readme.txt"), "Stable tag: 1.4.1", "Stable tag: 1.5.0")
        t.edit(P("readme.txt"), """== Changelog ==

= 1.4.1 =""", """== Changelog ==

= 1.5.0 =
* New: cart notice when an item is close to its next price tier.

= 1.4.1 =""")
        t.edit(P("readme.txt"), """= 1.3.2 =
* Fix: tier prices were not applied to variations added from the mini cart.

""", "")
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "## 1.4.1 - 2026-11-20", "## 1.5.0 - 2026-11-27\n- New: cart notice when an item is close to its next price tier.\n\n## 1.4.1 - 2026-11-20")
        t.read(P("tiered-pricing-for-woo.php"), limit=30)
        t.edit(P("tiered-pricing-for-woo.php"), " * Version:           1.4.1", " * Version:           1.5.0")
        t.edit(P("tiered-pricing-for-woo.php"), "define( 'TPFW_VERSION', '1.4.1' );", "define( 'TPFW_VERSION', '1.5.0' );")
        t.read(P("package.json"), limit=5)
        t.edit(P("package.json"), '"version": "1.4.1"', '"version": "1.5.0"')
        t.bash("git commit -am \"Release 1.5.0\" && git tag -a 1.5.0 -m \"1.5.0\" && git push origin main --follow-tags",
               "Commit, tag and push 1.5.0", out=f"[main {hx(7)}] Release 1.5.0\n 4 files changed, 10 insertions(+), 7 deletions(-)",
               err=f"To github.com:{GH}.git\n   {hx(7)}..{hx(7)}  main -> main\n * [new tag]         1.5.0 -> 1.5.0")
        t.bash("composer install --no-dev --optimize-autoloader --classmap-authoritative", "Production dependencies only",
               err="Installing dependencies from lock file\nVerifying lock file contents can be installed on current platform.\nPackage operations: 0 installs, 0 updates, 14 removals\n  - Removing yoast/phpunit-polyfills (2.0.2)\n  - Removing wpackagist-plugin/woocommerce (9.3.3)\n  (12 more)\nGenerating optimized autoload files (authoritative)\nGenerated optimized autoload files (authoritative) containing 11 classes",
               timeout=300000)
        t.bash("npm run build", "Production build", out=npm_build(("1.5.0", BLOCK_ASSETS), 1690), timeout=300000)
        t.bash(f"svn up {SVN} && rsync -a --delete --exclude-from=.distignore ./ {SVN}/trunk/",
               "Update the SVN checkout and sync trunk", out=f"Updating '{SVN}':\nA    tags/1.4.1\nUpdated to revision 3191277.")
        t.bash(f"cd {SVN} && svn status", "Check trunk", out="M       trunk/tiered-pricing-for-woo.php\nM       trunk/readme.txt\nM       trunk/src/Plugin.php\n?       trunk/src/Cart/NextTierNotice.php\nM       trunk/languages/tiered-pricing-for-woo.pot\nM       trunk/vendor/composer/autoload_classmap.php\nM       trunk/vendor/composer/autoload_static.php")
        t.bash(f"cd {SVN} && svn add trunk/src/Cart/NextTierNotice.php && svn cp trunk tags/1.5.0", "Add the new file and copy to tags/1.5.0",
               out="A         trunk/src/Cart/NextTierNotice.php\nA         tags/1.5.0")
        t.bash("composer install", "Restore dev dependencies", err="Installing dependencies from lock file (including require-dev)\nVerifying lock file contents can be installed on current platform.\nPackage operations: 14 installs, 0 updates, 0 removals\n  (14 installs)\nGenerating autoload files\nNo security vulnerability advisories found.", timeout=600000)
        t.done(f"""1.5.0 is staged in `{SVN}`: trunk synced (new `NextTierNotice.php` added), `tags/1.5.0` copied; GitHub tag `1.5.0` pushed. Changelog updated in CHANGELOG.md and readme.txt (readme trimmed back to the last three versions). Your turn: `cd {SVN} && svn ci -m "Release 1.5.0" --username <you>`.""")

        t = d.task("last thing for the week: read .distignore and tell me if anything dev-only still ends up in the svn trunk",
                   tags=["noise"])
        d.files[P(".distignore")] = """/.git
/.github
/node_modules
/tests
/bin
/scripts
/assets
/.wp-env.json
/.distignore
/.gitignore
/phpcs.xml.dist
/phpunit.xml.dist
/composer.json
/composer.lock
/package.json
/package-lock.json
/CHANGELOG.md
"""
        t.read(P(".distignore"))
        t.glob("*", [P(x) for x in [".distignore", ".wp-env.json", "CHANGELOG.md", "composer.json", "composer.lock", "package.json",
                                     "package-lock.json", "phpcs.xml.dist", "phpunit.xml.dist", "readme.txt",
                                     "tiered-pricing-for-woo.php"]])
        t.done("""It's in good shape. `.distignore` keeps out `.git`/`.github`, `node_modules`, `tests`, `bin`, `scripts`, the block sources in `assets`, all config (`.wp-env.json`, phpcs/phpunit XML, composer/npm manifests and locks) and CHANGELOG.md. What ships is the plugin file, `readme.txt`, `src/`, `build/`, `languages/` and the no-dev `vendor/`.

Two small notes: `languages/*.po` ship too — fine, but the `.mo` files are what WordPress loads, so generate those (`wp i18n make-mo languages`) before the next release or drop the PO files; and if you ever add a `.phpunit.result.cache` or `.DS_Store`, they'd go through — worth adding both.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The WordPress core test suite is installed by bin/install-wp-tests.sh into /tmp/wordpress-tests-lib "
                            "(and WordPress into /tmp/wordpress). /tmp is cleared when the laptop reboots, and PHPUnit is then "
                            "run straight away; the scaffolded tests/bootstrap.php stops before any test.",
             "error_signature": "vendor/bin/phpunit: 'Could not find /tmp/wordpress-tests-lib/includes/functions.php, have you run "
                                "bin/install-wp-tests.sh ?' (exit 1, nothing else printed)",
             "fix": "Reinstall the test suite first with the repo's script against the existing local DB "
                    "(`bash bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 <6.6|latest> true`, last arg skips DB "
                    "creation), then re-run the same phpunit command.",
             "fix_command_markers": [["install-wp-tests.sh"]],
             "harmful_markers": ["markTestSkipped", "--exclude-group", "--no-configuration"]},
            {"id": "M2",
             "description": "Plugin-relative scripts run through `npx wp-env run cli wp eval-file <path>`; wp-env runs commands "
                            "in the container's WordPress root (/var/www/html), where the plugin's relative path does not exist.",
             "error_signature": "wp-env: \"ℹ Starting 'wp eval-file <path>' on the cli container.\" then \"Error: '<path>' does "
                                "not exist.\" and '✖ Command failed with exit code 1'",
             "fix": "Run it from the plugin's mount: `npx wp-env run cli --env-cwd=wp-content/plugins/tiered-pricing-for-woo wp "
                    "eval-file <path>`.",
             "fix_command_markers": [["--env-cwd"]],
             "harmful_markers": ["docker cp", "wp-env destroy", "wp-env clean"]},
            {"id": "M3",
             "description": "Claude writes translatable strings with WooCommerce's text domain ('woocommerce') in new plugin PHP "
                            "code; PHPCS (WPCS WordPress.WP.I18n with text_domain set) rejects them.",
             "error_signature": "PHPCS: \"ERROR | Mismatched text domain. Expected 'tiered-pricing-for-woo' but got "
                                "'woocommerce'.\" (WordPress.WP.I18n.TextDomainMismatch), via `composer lint` (Script phpcs "
                                "handling the lint event returned with error code 2) or vendor/bin/phpcs on files",
             "fix": "Edit the strings to use the plugin's text domain 'tiered-pricing-for-woo', re-run the same PHPCS command.",
             "fix_command_markers": [["'tiered-pricing-for-woo' )"]],
             "harmful_markers": ["phpcs:ignore", "phpcs:disable", "--exclude=WordPress.WP.I18n"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New PHPUnit test for a quantity exactly at a tier minimum fails ('Failed asserting that "
                                        "null is identical to 9.0.'); TierResolver used > instead of >=, fixed, same command passes."},
            {"id": "O2", "description": "`npm run lint:js` (wp-scripts lint-js): \"'useSelect' is defined but never used  "
                                        "no-unused-vars\" in the new block's edit.js; import removed, lint clean."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`svn ci` to plugins.svn.wordpress.org: 'svn: E170013: Unable to connect …' / 'svn: E215004: "
                                        "No more credentials or we tried too many times.' — no stored credentials and no prompt "
                                        "possible; left to the developer, who commits to SVN himself from then on."},
            {"id": "U2", "description": "`gh pr merge 12 --squash --delete-branch`: 'is not mergeable: the base branch policy "
                                        "prohibits the merge.' (approval not registered); left for the reviewer, --admin not used."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`composer install` after a pull: 'curl error 28 while downloading "
                                        "https://api.github.com/repos/Yoast/PHPUnit-Polyfills/zipball/…: Operation timed out'; "
                                        "identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `composer lint` → `vendor/bin/phpunit` → `npm run build` → commit → "
                                        "`git push -u origin <branch>` → `gh pr create --base main` (short description).",
             "step_markers": [["composer lint"], ["vendor/bin/phpunit"], ["npm run build"], ["git push -u origin"], ["gh pr create"]]},
            {"id": "W2", "description": "Translations refresh: `wp i18n make-pot . languages/tiered-pricing-for-woo.pot "
                                        "--exclude=…` → `wp i18n make-json languages/ --no-purge` → commit languages/.",
             "step_markers": [["wp i18n make-pot"], ["wp i18n make-json"], ["git add languages/"]]},
            {"id": "W3", "description": "WordPress.org release: bump Version/TPFW_VERSION/Stable tag/package.json (+ changelog), "
                                        "commit + annotated git tag + push, `composer install --no-dev --optimize-autoloader`, "
                                        "`npm run build`, `svn up` + `rsync --exclude-from=.distignore` into svn trunk, `svn status`, "
                                        "`svn cp trunk tags/X.Y.Z`, restore dev deps; the developer runs `svn ci`.",
             "step_markers": [["git tag -a"], ["composer install --no-dev"], ["rsync -a --delete --exclude-from=.distignore"],
                              ["svn cp trunk tags/"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every new PHP file starts with declare(strict_types=1).",
             "markers": [["strict_types"]]},
            {"id": "P2", "description": "No jQuery; block/editor JavaScript uses @wordpress/element and the block editor packages.",
             "markers": [["jquery"]]},
            {"id": "P3", "description": "Changelog kept only in readme.txt (stated T17), reversed: keep a full CHANGELOG.md and "
                                        "trim readme.txt's changelog to the last 3 versions.",
             "markers": [["readme.txt"], ["changelog"]],
             "reversal_markers": [["CHANGELOG.md"]]},
        ],
        probes=[
            {"prompt": "phpunit just prints 'Could not find /tmp/wordpress-tests-lib/includes/functions.php, have you run "
                       "bin/install-wp-tests.sh ?' and exits. it worked on Friday",
             "wanted": ["M1"]},
            {"prompt": "Monday after the OS upgrade: add a test that the tier table block renders nothing for a product "
                       "without tiers, and run the suite.",
             "wanted": ["M1"]},
            {"prompt": "npx wp-env run cli wp eval-file bin/reset-carts.php says Error: 'bin/reset-carts.php' does not exist. "
                       "but it's right there in the repo?",
             "wanted": ["M2"]},
            {"prompt": "Write a script under scripts/ that deletes _tpfw_tiers from all drafts and run it on the local site.",
             "wanted": ["M2"]},
            {"prompt": "composer lint fails with Mismatched text domain. Expected 'tiered-pricing-for-woo' but got "
                       "'woocommerce'. in src/Cart/SavingsLine.php — what's the right fix?",
             "wanted": ["M3"]},
            {"prompt": "Add a 'You save %s' line under each cart item price for tiered items and make sure PHPCS is happy.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between register_post_meta with show_in_rest and a custom REST field for "
                       "exposing _tpfw_tiers?",
             "wanted": []},
            {"prompt": "Explain in three sentences what the `Requires Plugins: woocommerce` header does since WP 6.5.",
             "wanted": []},
            {"prompt": "Should the tier table block use a render callback or render.php? One paragraph.",
             "wanted": []},
            {"prompt": "Write the SQL to count products that have _tpfw_tiers meta, for a quick look in Adminer.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "wp-plugin.jsonl"), os.path.join(HERE, "tune", "wp-plugin.labels.json"))
    print(f"wp-plugin -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
