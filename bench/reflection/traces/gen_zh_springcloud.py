"""zh-springcloud: 刘浩 (Liu Hao), backend engineer on the 交易中台 (trade middle platform) team of 海蓝优选
(Hailan, a Hangzhou e-commerce company).

Stack: Java 17, Spring Boot 3.2 + Spring Cloud Alibaba 2023.0.1.x (Nacos discovery/config, Sentinel, Seata AT,
RocketMQ 5), OpenFeign, MyBatis-Plus 3.5 on MySQL 8, Redis (Redisson), Maven 3.9 multi-module (./mvnw), JUnit 5 +
Mockito, Testcontainers ITs under -Pit (failsafe), Jenkins, Harbor (harbor.hailan.com), Kubernetes test env
(namespace trade-test) via kubectl, Arthas for diagnosis, GitLab (glab). Prompts and replies in Chinese, tool output
as printed. cwd /home/liuhao/work/trade-center. Dates 2026-10-12 -> 2026-11-10.

Written blind for fresh/; measured once held out (round 27), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_springcloud.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "liuhao"
R = "/home/liuhao/work/trade-center"
MODEL = "claude-opus-4-6"
VER = "2.4.0-SNAPSHOT"
HARBOR = "harbor.hailan.com"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
README = P("README.md")
AS_APP = P("trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/TradeAftersaleApplication.java")
OR_APP = P("trade-order/trade-order-service/src/main/java/com/hailan/trade/order/TradeOrderApplication.java")
SPLITTER = P("trade-order/trade-order-service/src/main/java/com/hailan/trade/order/refund/RefundAmountSplitter.java")
T_SPLITTER = P("trade-order/trade-order-service/src/test/java/com/hailan/trade/order/refund/RefundAmountSplitterTest.java")
REFUND_FLOW = P("trade-order/trade-order-service/src/main/java/com/hailan/trade/order/entity/RefundFlow.java")
REFUND_FLOW_MAPPER = P("trade-order/trade-order-service/src/main/java/com/hailan/trade/order/mapper/RefundFlowMapper.java")
T_REFUND_FLOW_MAPPER = P("trade-order/trade-order-service/src/test/java/com/hailan/trade/order/mapper/RefundFlowMapperTest.java")
IT_REFUND_FLOW = P("trade-order/trade-order-service/src/test/java/com/hailan/trade/order/it/RefundFlowMapperIT.java")
AFTER_SALE = P("trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/entity/AfterSale.java")
T_AFTER_SALE_MAPPER = P("trade-aftersale/trade-aftersale-service/src/test/java/com/hailan/trade/aftersale/mapper/AfterSaleMapperTest.java")
AS_DEPLOY = P("deploy/k8s/trade-aftersale/deployment.yaml")
COMPOSE = P("deploy/local/docker-compose.yml")
OQS = P("trade-order/trade-order-service/src/main/java/com/hailan/trade/order/service/OrderQueryService.java")
SENTINEL_CFG = P("trade-order/trade-order-service/src/main/resources/bootstrap.yml")
ORDER_POM = P("trade-common/pom.xml")

README_TXT = """# trade-center 交易中台

海蓝优选交易中台：订单（trade-order）、售后（trade-aftersale，2.4.0 新拆出来的）、公共（trade-common）。

## 模块

```
trade-center (parent pom, 2.4.0-SNAPSHOT)
├── trade-common                 公共：JsonUtils、异常、分布式锁、MyBatis-Plus 配置
├── trade-order
│   ├── trade-order-api          对外 Feign 接口 + DTO（com.hailan.trade.order.api）
│   └── trade-order-service      订单服务（端口 8081）
└── trade-aftersale
    ├── trade-aftersale-api      对外 Feign 接口 + DTO（com.hailan.trade.aftersale.api）
    └── trade-aftersale-service  售后服务（端口 8085）
```

外部依赖的其它域接口包（Nexus 上的 release 版本）：`pay-api`（com.hailan.pay.api）、`inventory-api`（com.hailan.inventory.api）、
`marketing-api`（com.hailan.marketing.api）。注意：各服务启动类上 `@EnableFeignClients(basePackages = ...)` 是显式列出来的，
用到新域的 client 要把包加进去。

## 中间件

- Nacos：`nacos-test.hailan.internal:8848`，namespace `trade-test`；本地跑单测不连 Nacos（test profile 关掉了）
- Sentinel dashboard：`sentinel-test.hailan.internal:8858`，规则持久化在 Nacos（dataId `<app>-flow-rules`，group `SENTINEL_GROUP`）
- Seata TC：`seata-server`（注册在 Nacos），AT 模式，tx group `trade-tx-group`
- RocketMQ 5.3：namesrv `10.30.8.21:9876;10.30.8.22:9876`（测试环境）

## 本地开发

- 本地依赖：`docker compose -f deploy/local/docker-compose.yml up -d`（MySQL 8.0 :3306 root/root，库 trade_order、trade_aftersale；Redis 7 :6379）
- 单测（`*Test`）的 test profile 直连上面这个本地 MySQL；**表结构不会自动建**，`sql/<库>/<版本>/` 下新加的 DDL 要自己在本地库执行一遍
- 集成测试（`*IT`）走 Testcontainers：`./mvnw -pl <module> -am verify -Pit`。公司内网拉不了 Docker Hub，
  本地跑要加 `-Dtc.hub.prefix=harbor.hailan.com/dockerhub/`（failsafe 会把它传成 TESTCONTAINERS_HUB_IMAGE_NAME_PREFIX，Jenkins 上已经配了）
- 只构建一个服务：`./mvnw -pl trade-order/trade-order-service -am package`

## 发布

- 正式：合到 develop / release 分支由 Jenkins（trade-center-pipeline）打包、推 Harbor、部署
- 测试环境 trade-test 可以手动：package → `docker build -t harbor.hailan.com/trade/<app>:<ver>-<sha>` → `docker push` →
  `kubectl -n trade-test set image deploy/<app> <app>=...` → `kubectl -n trade-test rollout status`
- 测试环境 Pod 里带了 Arthas：`/opt/arthas/arthas-boot.jar`
- 排查记录写 `docs/troubleshooting/`
"""

AS_APP_TXT = """package com.hailan.trade.aftersale;

import org.mybatis.spring.annotation.MapperScan;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cloud.client.discovery.EnableDiscoveryClient;
import org.springframework.cloud.openfeign.EnableFeignClients;

@SpringBootApplication
@EnableDiscoveryClient
@MapperScan("com.hailan.trade.aftersale.mapper")
@EnableFeignClients(basePackages = {"com.hailan.trade.order.api"})
public class TradeAftersaleApplication {

    public static void main(String[] args) {
        SpringApplication.run(TradeAftersaleApplication.class, args);
    }
}
"""

OR_APP_TXT = """package com.hailan.trade.order;

import org.mybatis.spring.annotation.MapperScan;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cloud.client.discovery.EnableDiscoveryClient;
import org.springframework.cloud.openfeign.EnableFeignClients;

@SpringBootApplication
@EnableDiscoveryClient
@MapperScan("com.hailan.trade.order.mapper")
@EnableFeignClients(basePackages = {"com.hailan.pay.api.client"})
public class TradeOrderApplication {

    public static void main(String[] args) {
        SpringApplication.run(TradeOrderApplication.class, args);
    }
}
"""

SPLITTER_TXT = """package com.hailan.trade.order.refund;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * 退款金额按商品行实付金额比例分摊。
 */
public final class RefundAmountSplitter {

    private RefundAmountSplitter() {
    }

    public static List<BigDecimal> split(BigDecimal refundAmount, List<BigDecimal> linePaid) {
        BigDecimal total = linePaid.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        List<BigDecimal> result = new ArrayList<>(linePaid.size());
        for (BigDecimal paid : linePaid) {
            result.add(refundAmount.multiply(paid).divide(total, 2, RoundingMode.HALF_UP));
        }
        return result;
    }
}
"""

T_SPLITTER_TXT = """package com.hailan.trade.order.refund;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefundAmountSplitterTest {

    @Test
    void splitProportionally() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("100.00"),
                List.of(new BigDecimal("60.00"), new BigDecimal("40.00")));
        assertThat(parts).containsExactly(new BigDecimal("60.00"), new BigDecimal("40.00"));
    }
}
"""

AFTER_SALE_TXT = """package com.hailan.trade.aftersale.entity;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

@Getter
@Setter
@TableName("t_after_sale")
public class AfterSale {

    @TableId(type = IdType.ASSIGN_ID)
    private Long id;
    private String afterSaleNo;
    private String orderNo;
    private Long buyerId;
    private Long sellerId;
    /** 1 仅退款 2 退货退款 3 换货 */
    private Integer type;
    private Integer status;
    private BigDecimal applyAmount;
    private String reason;
    private LocalDateTime createTime;
    private LocalDateTime updateTime;
}
"""

T_AFTER_SALE_MAPPER_TXT = """package com.hailan.trade.aftersale.mapper;

import static org.assertj.core.api.Assertions.assertThat;

import com.hailan.trade.aftersale.entity.AfterSale;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.transaction.annotation.Transactional;

@SpringBootTest
@ActiveProfiles("test")
@Transactional
class AfterSaleMapperTest {

    @Autowired
    private AfterSaleMapper afterSaleMapper;

    @Test
    void insertAndGet() {
        AfterSale as = new AfterSale();
        as.setAfterSaleNo("AS202610290001");
        as.setOrderNo("TO202610280017");
        as.setBuyerId(10086L);
        as.setSellerId(2001L);
        as.setType(1);
        as.setStatus(10);
        as.setApplyAmount(new BigDecimal("59.90"));
        as.setReason("不想要了");
        afterSaleMapper.insert(as);
        assertThat(afterSaleMapper.selectById(as.getId()).getOrderNo()).isEqualTo("TO202610280017");
    }
}
"""

AS_DEPLOY_TXT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: trade-aftersale
  namespace: trade-test
  labels:
    app: trade-aftersale
spec:
  replicas: 2
  selector:
    matchLabels:
      app: trade-aftersale
  template:
    metadata:
      labels:
        app: trade-aftersale
    spec:
      containers:
        - name: trade-aftersale
          image: harbor.hailan.com/trade/trade-aftersale:2.4.0-3f9c2ad
          ports:
            - containerPort: 8085
          env:
            - name: SPRING_PROFILES_ACTIVE
              value: test
          resources:
            requests:
              cpu: 500m
              memory: 1Gi
            limits:
              cpu: "2"
              memory: 2Gi
          readinessProbe:
            httpGet:
              path: /actuator/health/readiness
              port: 8085
            initialDelaySeconds: 30
      imagePullSecrets:
        - name: harbor-trade
"""

COMPOSE_TXT = """services:
  mysql:
    image: harbor.hailan.com/dockerhub/mysql:8.0.36
    environment:
      MYSQL_ROOT_PASSWORD: root
    command: --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci
    ports:
      - "3306:3306"
    volumes:
      - mysql-data:/var/lib/mysql
      - ./init:/docker-entrypoint-initdb.d
  redis:
    image: harbor.hailan.com/dockerhub/redis:7.2.5-alpine
    ports:
      - "6379:6379"
volumes:
  mysql-data:
"""

OQS_TXT = """package com.hailan.trade.order.service;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.extension.plugins.pagination.Page;
import com.hailan.trade.order.api.dto.OrderPageQuery;
import com.hailan.trade.order.api.dto.OrderVO;
import com.hailan.trade.order.convert.OrderConvert;
import com.hailan.trade.order.entity.TradeOrder;
import com.hailan.trade.order.mapper.OrderMapper;
import com.hailan.trade.common.page.PageResult;
import lombok.RequiredArgsConstructor;
import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;

@Service
@RequiredArgsConstructor
public class OrderQueryService {

    private final OrderMapper orderMapper;
    private final OrderConvert orderConvert;

    public PageResult<OrderVO> pageQuery(OrderPageQuery q) {
        LambdaQueryWrapper<TradeOrder> w = new LambdaQueryWrapper<TradeOrder>()
                .eq(q.getBuyerId() != null, TradeOrder::getBuyerId, q.getBuyerId())
                .eq(q.getStatus() != null, TradeOrder::getStatus, q.getStatus())
                .like(StringUtils.hasText(q.getKeyword()), TradeOrder::getItemTitles, q.getKeyword())
                .ge(q.getStart() != null, TradeOrder::getCreateTime, q.getStart())
                .orderByDesc(TradeOrder::getCreateTime);
        Page<TradeOrder> page = orderMapper.selectPage(new Page<>(q.getPageNo(), q.getPageSize()), w);
        return PageResult.of(orderConvert.toVoList(page.getRecords()), page.getTotal());
    }
}
"""

SENTINEL_CFG_TXT = """spring:
  application:
    name: trade-order
  cloud:
    nacos:
      server-addr: ${NACOS_ADDR:nacos-test.hailan.internal:8848}
      discovery:
        namespace: ${NACOS_NS:trade-test}
      config:
        namespace: ${NACOS_NS:trade-test}
        file-extension: yaml
    sentinel:
      transport:
        dashboard: ${SENTINEL_DASHBOARD:sentinel-test.hailan.internal:8858}
      eager: true
      datasource:
        flow:
          nacos:
            server-addr: ${spring.cloud.nacos.server-addr}
            namespace: ${NACOS_NS:trade-test}
            data-id: ${spring.application.name}-flow-rules
            group-id: SENTINEL_GROUP
            data-type: json
            rule-type: flow
        degrade:
          nacos:
            server-addr: ${spring.cloud.nacos.server-addr}
            namespace: ${NACOS_NS:trade-test}
            data-id: ${spring.application.name}-degrade-rules
            group-id: SENTINEL_GROUP
            data-type: json
            rule-type: degrade
"""

ROOT_POM = P("pom.xml")
ROOT_POM_TXT = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
    <modelVersion>4.0.0</modelVersion>

    <parent>
        <groupId>org.springframework.boot</groupId>
        <artifactId>spring-boot-starter-parent</artifactId>
        <version>3.2.5</version>
        <relativePath/>
    </parent>

    <groupId>com.hailan.trade</groupId>
    <artifactId>trade-center</artifactId>
    <version>2.4.0-SNAPSHOT</version>
    <packaging>pom</packaging>

    <modules>
        <module>trade-common</module>
        <module>trade-order</module>
        <module>trade-aftersale</module>
    </modules>

    <properties>
        <java.version>17</java.version>
        <spring-cloud.version>2023.0.1</spring-cloud.version>
        <spring-cloud-alibaba.version>2023.0.1.2</spring-cloud-alibaba.version>
        <mybatis-plus.version>3.5.7</mybatis-plus.version>
        <redisson.version>3.32.0</redisson.version>
        <hutool.version>5.8.26</hutool.version>
        <testcontainers.version>1.20.3</testcontainers.version>
        <pay-api.version>1.8.0</pay-api.version>
        <inventory-api.version>2.3.1</inventory-api.version>
        <marketing-api.version>3.1.0</marketing-api.version>
        <!-- 本地跑 IT 时传 -Dtc.hub.prefix=harbor.hailan.com/dockerhub/ ，Jenkins 上已配置 -->
        <tc.hub.prefix></tc.hub.prefix>
    </properties>
</project>
"""

FILES = {ROOT_POM: ROOT_POM_TXT, 
    README: README_TXT, AS_APP: AS_APP_TXT, OR_APP: OR_APP_TXT, SPLITTER: SPLITTER_TXT, T_SPLITTER: T_SPLITTER_TXT,
    AFTER_SALE: AFTER_SALE_TXT, T_AFTER_SALE_MAPPER: T_AFTER_SALE_MAPPER_TXT, AS_DEPLOY: AS_DEPLOY_TXT,
    COMPOSE: COMPOSE_TXT, OQS: OQS_TXT, SENTINEL_CFG: SENTINEL_CFG_TXT,
}


# ------------------------------------------------------------------ output helpers
ORDER_CHAIN = ["trade-center", "trade-common", "trade-order", "trade-order-api", "trade-order-service"]
AS_CHAIN = ["trade-center", "trade-common", "trade-order", "trade-order-api", "trade-aftersale",
            "trade-aftersale-api", "trade-aftersale-service"]
KIND = {"trade-center": "pom", "trade-order": "pom", "trade-aftersale": "pom"}


def _reactor_head(chain):
    out = ["[INFO] Scanning for projects...", "[INFO] " + "-" * 72, "[INFO] Reactor Build Order:", "[INFO] "]
    for m in chain:
        k = f"[{KIND.get(m, 'jar')}]"
        out.append(f"[INFO] {m}{' ' * (72 - len(m) - len(k))}{k}")
    out.append("[INFO] ")
    return out


def _tests_block(module, tests, plugin="surefire:3.2.5:test (default-test)"):
    """tests: list of (class, n) for passing classes, or (class, n, failure_text, errors) for failing."""
    out = [f"[INFO] --- {plugin} @ {module} ---",
           "[INFO] Using auto detected provider org.apache.maven.surefire.junitplatform.JUnitPlatformProvider",
           "[INFO] ", "[INFO] -------------------------------------------------------", "[INFO]  T E S T S",
           "[INFO] -------------------------------------------------------"]
    total = errs = 0
    fails = []
    for t in tests:
        cls, n = t[0], t[1]
        total += n
        out.append(f"[INFO] Running {cls}")
        if len(t) == 2:
            out.append(f"[INFO] Tests run: {n}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: "
                       f"{_rng[0].randint(80, 4900) / 1000:.3f} s -- in {cls}")
        else:
            text, e, kind = t[2], t[3], (t[4] if len(t) > 4 else "Errors")
            errs += e
            f_, e_ = (e, 0) if kind == "Failures" else (0, e)
            out.append(f"[ERROR] Tests run: {n}, Failures: {f_}, Errors: {e_}, Skipped: 0, Time elapsed: "
                       f"{_rng[0].randint(900, 9000) / 1000:.3f} s <<< FAILURE! -- in {cls}")
            out.append(text.strip("\n"))
            fails.append((cls, t))
    out += ["[INFO] ", "[INFO] Results:", "[INFO] "]
    if fails:
        for cls, t in fails:
            kind = t[4] if len(t) > 4 else "Errors"
            out.append(f"[ERROR] {kind}: ")
            for line in t[5] if len(t) > 5 else []:
                out.append(f"[ERROR]   {line}")
        out.append("[INFO] ")
        nf = sum(t[3] for _, t in fails if (t[4] if len(t) > 4 else "Errors") == "Failures")
        ne = errs - nf
        out.append(f"[ERROR] Tests run: {total}, Failures: {nf}, Errors: {ne}, Skipped: 0")
    else:
        out.append(f"[INFO] Tests run: {total}, Failures: 0, Errors: 0, Skipped: 0")
    out.append("[INFO] ")
    return out


def _summary(chain, ok_upto, secs, when, failed=None):
    out = [f"[INFO] Reactor Summary for trade-center {VER}:", "[INFO] "]
    for i, m in enumerate(chain):
        dots = "." * max(2, 56 - len(m))
        if failed and m == failed:
            st = "FAILURE"
        elif i < ok_upto:
            st = "SUCCESS"
        else:
            st = "SKIPPED"
        if st != "SKIPPED" and "min" in secs and i == len(chain) - 1:
            tm = f" [{secs}]"
        elif st != "SKIPPED":
            tm = f" [{_rng[0].randint(150, 9000) / 1000:7.3f} s]"
        else:
            tm = ""
        out.append(f"[INFO] {m} {dots} {st}{tm}")
    res = "BUILD FAILURE" if failed else "BUILD SUCCESS"
    out += ["[INFO] " + "-" * 72, f"[INFO] {res}", "[INFO] " + "-" * 72,
            f"[INFO] Total time:  {secs}", f"[INFO] Finished at: {when}+08:00", "[INFO] " + "-" * 72]
    return out


def mvn_out(chain, blocks, secs, when, failed=None, tail=""):
    """blocks: {module: [lines]} extra lines (tests) printed for that module."""
    out = _reactor_head(chain)
    n = len(chain)
    for i, m in enumerate(chain):
        hdr = f"< com.hailan.trade:{m} >"
        pad = 72 - len(hdr)
        out.append("[INFO] " + "-" * (pad // 2) + hdr + "-" * (pad - pad // 2))
        txt, tag = f"Building {m} {VER}", f"[{i + 1}/{n}]"
        out.append(f"[INFO] {txt}{' ' * max(1, 72 - len(txt) - len(tag))}{tag}")
        out.append(f"[INFO]   from {'pom.xml' if m == 'trade-center' else _path(m) + '/pom.xml'}")
        out.append("[INFO] " + "-" * 32 + f"[ {KIND.get(m, 'jar')} ]" + "-" * (72 - 36 - len(KIND.get(m, 'jar'))))
        out += blocks.get(m, [])
        if failed == m:
            break
    out.append("[INFO] " + "-" * 72)
    ok_upto = chain.index(failed) if failed else n
    out += _summary(chain, ok_upto, secs, when, failed)
    if tail:
        out.append(tail.strip("\n"))
    return "\n".join(out)


def _path(m):
    if m.startswith("trade-order-"):
        return "trade-order/" + m
    if m.startswith("trade-aftersale-"):
        return "trade-aftersale/" + m
    return m


def common_tests():
    return {"trade-common": _tests_block("trade-common", [("com.hailan.trade.common.json.JsonUtilsTest", 6),
                                                          ("com.hailan.trade.common.lock.RedisLockKeysTest", 4),
                                                          ("com.hailan.trade.common.money.MoneyTest", 11)])}


def fail_tail(module, plugin="maven-surefire-plugin:3.2.5:test (default-test)", what="There are test failures."):
    pth = _path(module)
    rep = "failsafe-reports" if "failsafe" in plugin else "surefire-reports"
    return (f"[ERROR] Failed to execute goal org.apache.maven.plugins:{plugin} on project {module}: {what}\n"
            f"[ERROR] \n"
            f"[ERROR] See {R}/{pth}/target/{rep} for the individual test results.\n"
            f"[ERROR] See dump files (if any exist) [date].dump, [date]-jvmRun[N].dump and [date].dumpstream.\n"
            f"[ERROR] -> [Help 1]\n"
            f"[ERROR] \n"
            f"[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.\n"
            f"[ERROR] Re-run Maven using the -X switch to enable full debug logging.\n"
            f"[ERROR] \n"
            f"[ERROR] For more information about the errors and possible solutions, please read the following articles:\n"
            f"[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoFailureException\n"
            f"[ERROR] \n"
            f"[ERROR] After correcting the problems, you can resume the build with the command\n"
            f"[ERROR]   mvn <args> -rf :{module}")


def ctx_fail(app_cls, bean, bean_file, param, client):
    """Spring context failure: a Feign client from a package outside @EnableFeignClients(basePackages)."""
    h = hx(8)
    return f"""[ERROR] {app_cls}Tests.contextLoads -- Time elapsed: 0.006 s <<< ERROR!
java.lang.IllegalStateException: Failed to load ApplicationContext for [WebMergedContextConfiguration@{h} testClass = {app_cls}Tests, locations = [], classes = [{app_cls}], contextInitializerClasses = [], activeProfiles = ["test"], propertySourceDescriptors = [], propertySourceProperties = ["org.springframework.boot.test.context.SpringBootTestContextBootstrapper=true"], contextCustomizers = [...], resourceBasePath = "src/main/webapp", contextLoader = org.springframework.boot.test.context.SpringBootContextLoader, parent = null]
	at org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate.loadContext(DefaultCacheAwareContextLoaderDelegate.java:180)
	at org.springframework.test.context.support.DefaultTestContext.getApplicationContext(DefaultTestContext.java:130)
	at org.springframework.test.context.web.ServletTestExecutionListener.setUpRequestContextIfNecessary(ServletTestExecutionListener.java:191)
	at org.springframework.test.context.web.ServletTestExecutionListener.prepareTestInstance(ServletTestExecutionListener.java:130)
	at org.springframework.test.context.TestContextManager.prepareTestInstance(TestContextManager.java:260)
	at org.springframework.test.context.junit.jupiter.SpringExtension.postProcessTestInstance(SpringExtension.java:163)
	at java.base/java.util.ArrayList.forEach(ArrayList.java:1596)
Caused by: org.springframework.beans.factory.UnsatisfiedDependencyException: Error creating bean with name '{bean}' defined in file [{bean_file}]: Unsatisfied dependency expressed through constructor parameter {param}: No qualifying bean of type '{client}' available: expected at least 1 bean which qualifies as autowire candidate. Dependency annotations: {{}}
	at org.springframework.beans.factory.support.ConstructorResolver.createArgumentArray(ConstructorResolver.java:795)
	at org.springframework.beans.factory.support.ConstructorResolver.autowireConstructor(ConstructorResolver.java:237)
	at org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.autowireConstructor(AbstractAutowireCapableBeanFactory.java:1375)
	at org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.createBeanInstance(AbstractAutowireCapableBeanFactory.java:1212)
	at org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.doCreateBean(AbstractAutowireCapableBeanFactory.java:562)
	at org.springframework.beans.factory.support.AbstractBeanFactory.getBean(AbstractBeanFactory.java:200)
	at org.springframework.boot.SpringApplication.refresh(SpringApplication.java:754)
	at org.springframework.boot.SpringApplication.run(SpringApplication.java:335)
	at org.springframework.boot.test.context.SpringBootContextLoader.loadContext(SpringBootContextLoader.java:137)
	... 19 more
Caused by: org.springframework.beans.factory.NoSuchBeanDefinitionException: No qualifying bean of type '{client}' available: expected at least 1 bean which qualifies as autowire candidate. Dependency annotations: {{}}
	at org.springframework.beans.factory.support.DefaultListableBeanFactory.raiseNoMatchingBeanFound(DefaultListableBeanFactory.java:1880)
	at org.springframework.beans.factory.support.DefaultListableBeanFactory.doResolveDependency(DefaultListableBeanFactory.java:1406)
	at org.springframework.beans.factory.support.ConstructorResolver.resolveAutowiredArgument(ConstructorResolver.java:904)
	at org.springframework.beans.factory.support.ConstructorResolver.createArgumentArray(ConstructorResolver.java:782)
	... 37 more
""", f"{app_cls.rsplit('.', 1)[1]}Tests.contextLoads » IllegalState Failed to load ApplicationContext for [WebMergedContextConfiguration@{h} testClass = {app_cls}Tests, locations = [], classes = [{app_cls}], ...]"


def sql_fail(test_cls, method, db_err, mapper, stmt, sql, op="updating"):
    cls = test_cls.rsplit(".", 1)[1]
    mpath = mapper.replace(".", "/")
    return f"""[ERROR] {test_cls}.{method} -- Time elapsed: 0.{_rng[0].randint(40, 300):03d} s <<< ERROR!
org.springframework.jdbc.BadSqlGrammarException: 
### Error {op} database.  Cause: java.sql.SQLSyntaxErrorException: {db_err}
### The error may exist in {mpath}.java (best guess)
### The error may involve {mapper}.{stmt}-Inline
### The error occurred while setting parameters
### SQL: {sql}
### Cause: java.sql.SQLSyntaxErrorException: {db_err}
; bad SQL grammar []
	at org.springframework.jdbc.support.SQLErrorCodeSQLExceptionTranslator.doTranslate(SQLErrorCodeSQLExceptionTranslator.java:246)
	at org.springframework.jdbc.support.AbstractFallbackSQLExceptionTranslator.translate(AbstractFallbackSQLExceptionTranslator.java:107)
	at org.mybatis.spring.MyBatisExceptionTranslator.translateExceptionIfPossible(MyBatisExceptionTranslator.java:92)
	at org.mybatis.spring.SqlSessionTemplate$SqlSessionInterceptor.invoke(SqlSessionTemplate.java:439)
	at jdk.proxy2/jdk.proxy2.$Proxy112.{'insert' if op == 'updating' else 'selectOne'}(Unknown Source)
	at com.baomidou.mybatisplus.core.override.MybatisMapperMethod.execute(MybatisMapperMethod.java:59)
	at com.baomidou.mybatisplus.core.override.MybatisMapperProxy$PlainMethodInvoker.invoke(MybatisMapperProxy.java:152)
	at com.baomidou.mybatisplus.core.override.MybatisMapperProxy.invoke(MybatisMapperProxy.java:89)
	at jdk.proxy2/jdk.proxy2.$Proxy118.{stmt}(Unknown Source)
	at {test_cls}.{method}({cls}.java:{_rng[0].randint(30, 60)})
	at java.base/java.lang.reflect.Method.invoke(Method.java:580)
	at java.base/java.util.ArrayList.forEach(ArrayList.java:1596)
Caused by: java.sql.SQLSyntaxErrorException: {db_err}
	at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:121)
	at com.mysql.cj.jdbc.exceptions.SQLExceptionsMapping.translateException(SQLExceptionsMapping.java:122)
	at com.mysql.cj.jdbc.ClientPreparedStatement.executeInternal(ClientPreparedStatement.java:912)
	at com.mysql.cj.jdbc.ClientPreparedStatement.execute(ClientPreparedStatement.java:354)
	at com.zaxxer.hikari.pool.ProxyPreparedStatement.execute(ProxyPreparedStatement.java:44)
	at com.zaxxer.hikari.pool.HikariProxyPreparedStatement.execute(HikariProxyPreparedStatement.java)
	... 94 more
""", f"{cls}.{method} » BadSqlGrammar \n### Error {op} database.  Cause: java.sql.SQLSyntaxErrorException: {db_err}"


def tc_fail(it_cls, image, daemon_msg, t0):
    """Testcontainers pulling from Docker Hub through the company network."""
    h = hx(8)
    hh, mm, ss = t0
    return f"""{hh}:{mm:02d}:{ss:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.images.PullPolicy -- Image pull policy will be performed by: DefaultPullPolicy()
{hh}:{mm:02d}:{ss:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.utility.ImageNameSubstitutor -- Image name substitution will be performed by: DefaultImageNameSubstitutor (composite of 'ConfigurationFileImageNameSubstitutor' and 'PrefixingImageNameSubstitutor')
{hh}:{mm:02d}:{ss + 1:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.DockerClientFactory -- Testcontainers version: 1.20.3
{hh}:{mm:02d}:{ss + 1:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.dockerclient.DockerClientProviderStrategy -- Found Docker environment with local Unix socket (unix:///var/run/docker.sock)
{hh}:{mm:02d}:{ss + 1:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.DockerClientFactory -- Docker host IP address is localhost
{hh}:{mm:02d}:{ss + 1:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.DockerClientFactory -- Connected to docker: 
  Server Version: 27.3.1
  API Version: 1.47
  Operating System: Ubuntu 22.04.5 LTS
  Total Memory: 31813 MB
{hh}:{mm:02d}:{ss + 2:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.DockerClientFactory -- Checking the system...
{hh}:{mm:02d}:{ss + 2:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.DockerClientFactory -- ✔︎ Docker server version should be at least 1.6.0
{hh}:{mm:02d}:{ss + 2:02d}.{_rng[0].randint(100, 999)} [main] INFO  tc.{image} -- Pulling docker image: {image}. Please be patient; this may take some time but only needs to be done once.
{hh}:{mm + 1:02d}:{ss + 2:02d}.{_rng[0].randint(100, 999)} [main] WARN  tc.{image} -- Retrying pull for image: {image} (59s remaining)
{hh}:{mm + 2:02d}:{ss + 3:02d}.{_rng[0].randint(100, 999)} [main] ERROR tc.{image} -- Failed to pull image: {image}. Please check output of `docker pull {image}`
com.github.dockerjava.api.exception.InternalServerErrorException: Status 500: {{"message":"{daemon_msg}"}}

	at org.testcontainers.shaded.com.github.dockerjava.core.DefaultInvocationBuilder.execute(DefaultInvocationBuilder.java:247)
	at org.testcontainers.shaded.com.github.dockerjava.core.DefaultInvocationBuilder.lambda$executeAndStream$1(DefaultInvocationBuilder.java:269)
	at java.base/java.lang.Thread.run(Thread.java:1583)
[ERROR] Tests run: 1, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 121.8 s <<< FAILURE! -- in {it_cls}
[ERROR] {it_cls} -- Time elapsed: 121.8 s <<< ERROR!
org.testcontainers.containers.ContainerLaunchException: Container startup failed for image {image}
	at org.testcontainers.containers.GenericContainer.doStart(GenericContainer.java:359)
	at org.testcontainers.containers.GenericContainer.start(GenericContainer.java:330)
	at org.testcontainers.junit.jupiter.TestcontainersExtension$StoreAdapter.start(TestcontainersExtension.java:280)
Caused by: org.rnorth.ducttape.RetryCountExceededException: Retry limit hit with exception
	at org.rnorth.ducttape.unreliables.Unreliables.retryUntilSuccess(Unreliables.java:88)
	at org.testcontainers.containers.GenericContainer.doStart(GenericContainer.java:344)
	... 22 more
Caused by: org.testcontainers.containers.ContainerFetchException: Can't get Docker image: RemoteDockerImage(imageName={image}, imagePullPolicy=DefaultPullPolicy(), imageNameSubstitutor=org.testcontainers.utility.ImageNameSubstitutor$LogWrappedImageNameSubstitutor@{h})
	at org.testcontainers.containers.GenericContainer.getDockerImageName(GenericContainer.java:1364)
	at org.testcontainers.containers.GenericContainer.doStart(GenericContainer.java:351)
	at org.rnorth.ducttape.unreliables.Unreliables.lambda$retryUntilSuccess$0(Unreliables.java:43)
	... 24 more
"""


def tc_ok(it_cls, image, n, t0, extra=""):
    hh, mm, ss = t0
    pref = "harbor.hailan.com/dockerhub/"
    return f"""[INFO] Running {it_cls}
{hh}:{mm:02d}:{ss:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.utility.ImageNameSubstitutor -- Image name substitution will be performed by: DefaultImageNameSubstitutor (composite of 'ConfigurationFileImageNameSubstitutor' and 'PrefixingImageNameSubstitutor')
{hh}:{mm:02d}:{ss:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.utility.PrefixingImageNameSubstitutor -- Using {pref} as a prefix for {image}
{hh}:{mm:02d}:{ss + 1:02d}.{_rng[0].randint(100, 999)} [main] INFO  org.testcontainers.DockerClientFactory -- Testcontainers version: 1.20.3
{hh}:{mm:02d}:{ss + 2:02d}.{_rng[0].randint(100, 999)} [main] INFO  tc.{pref}{image} -- Pulling docker image: {pref}{image}. Please be patient; this may take some time but only needs to be done once.
{hh}:{mm:02d}:{ss + 9:02d}.{_rng[0].randint(100, 999)} [main] INFO  tc.{pref}{image} -- Image {pref}{image} pull took PT7.4{_rng[0].randint(10, 99)}S
{hh}:{mm:02d}:{ss + 9:02d}.{_rng[0].randint(100, 999)} [main] INFO  tc.{pref}{image} -- Creating container for image: {pref}{image}
{hh}:{mm:02d}:{ss + 10:02d}.{_rng[0].randint(100, 999)} [main] INFO  tc.{pref}{image} -- Container {pref}{image} is starting: {hx(64)}
{hh}:{mm:02d}:{ss + 19:02d}.{_rng[0].randint(100, 999)} [main] INFO  tc.{pref}{image} -- Container {pref}{image} started in PT10.{_rng[0].randint(100, 999)}S
{extra}[INFO] Tests run: {n}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: {_rng[0].randint(18, 40)}.{_rng[0].randint(100, 999)} s -- in {it_cls}"""


PWARN = "mysql: [Warning] Using a password on the command line interface can be insecure."


ORDER_SVC_TESTS = [("com.hailan.trade.order.refund.RefundAmountSplitterTest", 1),
                   ("com.hailan.trade.order.service.OrderCreateServiceTest", 9),
                   ("com.hailan.trade.order.service.OrderCancelServiceTest", 6),
                   ("com.hailan.trade.order.mapper.OrderMapperTest", 4),
                   ("com.hailan.trade.order.TradeOrderApplicationTests", 1)]
AS_SVC_TESTS = [("com.hailan.trade.aftersale.service.AfterSaleApplyServiceTest", 7),
                ("com.hailan.trade.aftersale.service.AfterSaleStateMachineTest", 12),
                ("com.hailan.trade.aftersale.mapper.AfterSaleMapperTest", 1),
                ("com.hailan.trade.aftersale.TradeAftersaleApplicationTests", 1)]


def s1(d):
    with d.session("2026-10-12T02:05:00", R, branch="feature/TRADE-2231-refund-flow", version="2.1.20"):
        t = d.task("刚从订单组调过来接售后，先带我过一遍 trade-center 这个仓库，售后和订单之间是怎么调的", tags=["noise"])
        t.read(README)
        t.glob("**/pom.xml", [P("pom.xml"), P("trade-common/pom.xml"), P("trade-order/pom.xml"),
                              P("trade-order/trade-order-api/pom.xml"), P("trade-order/trade-order-service/pom.xml"),
                              P("trade-aftersale/pom.xml"), P("trade-aftersale/trade-aftersale-api/pom.xml"),
                              P("trade-aftersale/trade-aftersale-service/pom.xml")])
        t.grep("@FeignClient", output_mode="content", n=True, content=(
            "trade-order/trade-order-api/src/main/java/com/hailan/trade/order/api/client/OrderQueryClient.java:14:"
            "@FeignClient(name = \"trade-order\", contextId = \"orderQueryClient\", path = \"/inner/order\")\n"
            "trade-order/trade-order-api/src/main/java/com/hailan/trade/order/api/client/OrderRefundClient.java:16:"
            "@FeignClient(name = \"trade-order\", contextId = \"orderRefundClient\", path = \"/inner/order/refund\")\n"
            "trade-aftersale/trade-aftersale-api/src/main/java/com/hailan/trade/aftersale/api/client/AfterSaleQueryClient.java:13:"
            "@FeignClient(name = \"trade-aftersale\", contextId = \"afterSaleQueryClient\", path = \"/inner/aftersale\")"))
        t.read(AS_APP)
        t.read(OR_APP)
        t.done("""结构过了一遍：

**模块**
- `trade-common`：JsonUtils、统一异常、Redisson 分布式锁、MyBatis-Plus 配置（分页插件、自动填充）
- `trade-order`：`trade-order-api`（对外 Feign 接口 + DTO）/ `trade-order-service`（8081）
- `trade-aftersale`：2.4.0 新拆出来的，同样 api / service 两层（8085）

**调用关系**
- 售后 → 订单：售后服务依赖 `trade-order-api`，通过 `OrderQueryClient`（查订单、商品行）和 `OrderRefundClient`（回写退款状态）调订单，走 Nacos 服务名 `trade-order`
- 订单 → 支付：订单服务用 `pay-api` 里的支付 client（`com.hailan.pay.api.client`）
- 订单 → 售后：目前没有直接调用，售后单状态变化走 RocketMQ

**要注意的一点**：两个启动类的 `@EnableFeignClients(basePackages = ...)` 是显式列包的——售后只扫 `com.hailan.trade.order.api`，订单只扫 `com.hailan.pay.api.client`。以后用到别的域的 client（支付、库存、营销），得把包加进去，否则 client 不会注册成 bean。

本地跑单测要先起 `deploy/local/docker-compose.yml` 里的 MySQL/Redis，`sql/` 下新加的 DDL 需要手动在本地库执行；IT 走 Testcontainers（`-Pit`）。""")

        # ---- T02 M3 #1 + P1 #1
        t = d.task("订单这边加个退款流水表 t_refund_flow：refund_no、order_no、order_item_id、amount、status、channel_trade_no、"
                   "create_time/update_time。DDL 放 sql/trade_order/2.4.0 下面，实体和 mapper 一起建了，再写个 mapper 测试跑一下。"
                   "实体别用 @Data，用 @Getter @Setter",
                   tags=["mistake:M3", "pref:P1"])
        t.glob("sql/trade_order/2.4.0/*.sql", [P("sql/trade_order/2.4.0/01_t_order_add_pay_deadline.sql"),
                                               P("sql/trade_order/2.4.0/02_t_order_item_add_gift_flag.sql")])
        ddl = P("sql/trade_order/2.4.0/03_t_refund_flow.sql")
        t.write(ddl, """CREATE TABLE IF NOT EXISTS t_refund_flow (
    id               BIGINT         NOT NULL COMMENT '主键',
    refund_no        VARCHAR(32)    NOT NULL COMMENT '退款单号',
    order_no         VARCHAR(32)    NOT NULL COMMENT '订单号',
    order_item_id    BIGINT         NOT NULL COMMENT '订单商品行',
    amount           DECIMAL(12, 2) NOT NULL COMMENT '退款金额',
    status           TINYINT        NOT NULL DEFAULT 0 COMMENT '0 待退款 1 退款中 2 成功 3 失败',
    channel_trade_no VARCHAR(64)             DEFAULT NULL COMMENT '支付渠道退款流水号',
    create_time      DATETIME       NOT NULL DEFAULT CURRENT_TIMESTAMP,
    update_time      DATETIME       NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
    PRIMARY KEY (id),
    UNIQUE KEY uk_refund_no_item (refund_no, order_item_id),
    KEY idx_order_no (order_no)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COMMENT = '退款流水';
""")
        t.write(REFUND_FLOW, """package com.hailan.trade.order.entity;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

@Getter
@Setter
@TableName("t_refund_flow")
public class RefundFlow {

    @TableId(type = IdType.ASSIGN_ID)
    private Long id;
    private String refundNo;
    private String orderNo;
    private Long orderItemId;
    private BigDecimal amount;
    /** 0 待退款 1 退款中 2 成功 3 失败 */
    private Integer status;
    private String channelTradeNo;
    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;
    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
""")
        t.write(REFUND_FLOW_MAPPER, """package com.hailan.trade.order.mapper;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.hailan.trade.order.entity.RefundFlow;
import org.apache.ibatis.annotations.Mapper;

@Mapper
public interface RefundFlowMapper extends BaseMapper<RefundFlow> {
}
""")
        t.write(T_REFUND_FLOW_MAPPER, """package com.hailan.trade.order.mapper;

import static org.assertj.core.api.Assertions.assertThat;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.hailan.trade.order.entity.RefundFlow;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.transaction.annotation.Transactional;

@SpringBootTest
@ActiveProfiles("test")
@Transactional
class RefundFlowMapperTest {

    @Autowired
    private RefundFlowMapper refundFlowMapper;

    @Test
    void insertAndSelectByOrderNo() {
        refundFlowMapper.insert(flow("RF202610120001", 30001L, "19.90"));
        refundFlowMapper.insert(flow("RF202610120001", 30002L, "5.10"));
        List<RefundFlow> list = refundFlowMapper.selectList(
                new LambdaQueryWrapper<RefundFlow>().eq(RefundFlow::getOrderNo, "TO202610110088"));
        assertThat(list).hasSize(2);
        assertThat(list).extracting(RefundFlow::getStatus).containsOnly(0);
    }

    @Test
    void uniqueOnRefundNoAndItem() {
        refundFlowMapper.insert(flow("RF202610120002", 30001L, "19.90"));
        assertThat(refundFlowMapper.selectCount(new LambdaQueryWrapper<RefundFlow>()
                .eq(RefundFlow::getRefundNo, "RF202610120002"))).isEqualTo(1L);
    }

    private static RefundFlow flow(String refundNo, Long itemId, String amount) {
        RefundFlow f = new RefundFlow();
        f.setRefundNo(refundNo);
        f.setOrderNo("TO202610110088");
        f.setOrderItemId(itemId);
        f.setAmount(new BigDecimal(amount));
        f.setStatus(0);
        return f;
    }
}
""")
        cmd = "./mvnw -pl trade-order/trade-order-service -am test"
        err1, sum1 = sql_fail("com.hailan.trade.order.mapper.RefundFlowMapperTest", "insertAndSelectByOrderNo",
                              "Table 'trade_order.t_refund_flow' doesn't exist",
                              "com.hailan.trade.order.mapper.RefundFlowMapper", "insert",
                              "INSERT INTO t_refund_flow  ( id, refund_no, order_no, order_item_id, amount, status, "
                              "create_time, update_time )  VALUES (  ?, ?, ?, ?, ?, ?, ?, ?  )")
        err2, sum2 = sql_fail("com.hailan.trade.order.mapper.RefundFlowMapperTest", "uniqueOnRefundNoAndItem",
                              "Table 'trade_order.t_refund_flow' doesn't exist",
                              "com.hailan.trade.order.mapper.RefundFlowMapper", "insert",
                              "INSERT INTO t_refund_flow  ( id, refund_no, order_no, order_item_id, amount, status, "
                              "create_time, update_time )  VALUES (  ?, ?, ?, ?, ?, ?, ?, ?  )")
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ORDER_SVC_TESTS[0], ORDER_SVC_TESTS[1],
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2, err1 + err2, 2, "Errors", [sum1, sum2]),
            ORDER_SVC_TESTS[2], ORDER_SVC_TESTS[3], ORDER_SVC_TESTS[4]])
        t.fail(cmd, "跑订单服务的单测", mvn_out(ORDER_CHAIN, blocks, "38.412 s", "2026-10-12T10:31:07",
                                           failed="trade-order-service", tail=fail_tail("trade-order-service")))
        t.say("本地库里还没有 t_refund_flow——README 里写了 sql/ 下的新 DDL 要手动在本地 MySQL 执行一遍。我先把刚写的 DDL 灌进本地 compose 的 trade_order 库。")
        t.bash("docker compose -f deploy/local/docker-compose.yml exec -T mysql mysql -uroot -proot trade_order "
               "< sql/trade_order/2.4.0/03_t_refund_flow.sql", "在本地 MySQL 执行新 DDL", err=PWARN)
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ORDER_SVC_TESTS[0], ORDER_SVC_TESTS[1], ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2),
            ORDER_SVC_TESTS[2], ORDER_SVC_TESTS[3], ORDER_SVC_TESTS[4]])
        t.bash(cmd, "重新跑订单服务的单测", out=mvn_out(ORDER_CHAIN, blocks, "36.905 s", "2026-10-12T10:33:40"))
        t.done("""t_refund_flow 建好了：

- DDL：`sql/trade_order/2.4.0/03_t_refund_flow.sql`（`uk_refund_no_item` 唯一键 + `idx_order_no`）
- 实体 `RefundFlow`（`@Getter` `@Setter`，create/update_time 走 MyBatis-Plus 自动填充）、`RefundFlowMapper`
- `RefundFlowMapperTest` 两个用例

第一次跑测试报 `Table 'trade_order.t_refund_flow' doesn't exist`：本地 compose 的库不会自动建表，我把这个 DDL 在本地 trade_order 库执行了一遍，再跑 `trade-order-service` 全部 23 个用例通过。""")

        t = d.task("问个事，退款这种场景 seata 的 AT 和 TCC 怎么选？订单退款要同时改订单状态、写退款流水、调支付退款", tags=["no_tools"])
        t.done("""建议：**订单状态 + 退款流水用本地事务，支付退款不要放进 Seata 全局事务**。

- AT 适合“几个服务都只改自己的 MySQL”的场景：自动生成 undo_log，业务无侵入。但它只能回滚数据库，**回滚不了已经发出去的支付退款调用**——支付渠道的退款是外部副作用。
- TCC 要每个参与方写 Try/Confirm/Cancel，支付侧要支持“冻结/预退款”，支付组那边目前没有这种接口，成本很高。
- 更常见的做法：本地事务里改订单状态为“退款中”+ 写 `t_refund_flow`（status=0），提交后发 RocketMQ（或用事务消息），消费方调支付退款，结果回调/查询再把流水改成成功或失败，失败重试 + 对账兜底。

所以 AT 可以继续用在“售后单 + 订单状态”这种两个服务都只动库的地方，支付退款走最终一致。""")


def s2(d):
    with d.session("2026-10-14T06:20:00", R, branch="feature/TRADE-2231-refund-flow", version="2.1.21"):
        # ---- T04 M1 #1
        t = d.task("售后这边要调支付的退款接口了，pay-api 1.8.0 里有个 PaymentRefundClient，RefundApplyService 里审核通过以后调它发起退款。"
                   "pay-api 依赖我已经加到 trade-aftersale-service 的 pom 了", tags=["mistake:M1"])
        svc = P("trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/service/RefundApplyService.java")
        t.bash("unzip -l ~/.m2/repository/com/hailan/pay/pay-api/1.8.0/pay-api-1.8.0.jar | grep -i refund",
               "看 pay-api 里退款相关的类", out="""     1873  2026-09-28 17:42   com/hailan/pay/api/client/PaymentRefundClient.class
     2310  2026-09-28 17:42   com/hailan/pay/api/dto/RefundCreateReq.class
     1964  2026-09-28 17:42   com/hailan/pay/api/dto/RefundCreateResp.class
     2877  2026-09-28 17:42   com/hailan/pay/api/event/RefundResultEvent.class""")
        d.files[svc] = """package com.hailan.trade.aftersale.service;

import com.hailan.trade.aftersale.entity.AfterSale;
import com.hailan.trade.aftersale.mapper.AfterSaleMapper;
import com.hailan.trade.order.api.client.OrderRefundClient;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Slf4j
@Service
@RequiredArgsConstructor
public class RefundApplyService {

    private final AfterSaleMapper afterSaleMapper;
    private final OrderRefundClient orderRefundClient;

    @Transactional(rollbackFor = Exception.class)
    public void approve(String afterSaleNo, Long operatorId) {
        AfterSale as = afterSaleMapper.selectByAfterSaleNo(afterSaleNo);
        as.setStatus(20);
        afterSaleMapper.updateById(as);
        orderRefundClient.markRefunding(as.getOrderNo(), afterSaleNo);
        log.info("after-sale approved, afterSaleNo={}, operator={}", afterSaleNo, operatorId);
    }
}
"""
        t.read(svc)
        t.edit(svc, "import com.hailan.trade.order.api.client.OrderRefundClient;\n",
               "import com.hailan.pay.api.client.PaymentRefundClient;\nimport com.hailan.pay.api.dto.RefundCreateReq;\n"
               "import com.hailan.pay.api.dto.RefundCreateResp;\nimport com.hailan.trade.order.api.client.OrderRefundClient;\n")
        t.edit(svc, "    private final OrderRefundClient orderRefundClient;\n",
               "    private final OrderRefundClient orderRefundClient;\n    private final PaymentRefundClient paymentRefundClient;\n")
        t.edit(svc, """        orderRefundClient.markRefunding(as.getOrderNo(), afterSaleNo);
        log.info("after-sale approved, afterSaleNo={}, operator={}", afterSaleNo, operatorId);""",
               """        orderRefundClient.markRefunding(as.getOrderNo(), afterSaleNo);
        RefundCreateReq req = new RefundCreateReq();
        req.setBizNo(afterSaleNo);
        req.setOrderNo(as.getOrderNo());
        req.setAmount(as.getApplyAmount());
        RefundCreateResp resp = paymentRefundClient.createRefund(req).getData();
        log.info("after-sale approved, afterSaleNo={}, operator={}, payRefundNo={}", afterSaleNo, operatorId,
                resp.getRefundNo());""")
        cmd = "./mvnw -pl trade-aftersale/trade-aftersale-service -am test"
        err, sm = ctx_fail("com.hailan.trade.aftersale.TradeAftersaleApplication", "refundApplyService",
                           R + "/trade-aftersale/trade-aftersale-service/target/classes/com/hailan/trade/aftersale/service/RefundApplyService.class",
                           2, "com.hailan.pay.api.client.PaymentRefundClient")
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", [
            AS_SVC_TESTS[0], AS_SVC_TESTS[1], AS_SVC_TESTS[2],
            ("com.hailan.trade.aftersale.TradeAftersaleApplicationTests", 1, err, 1, "Errors", [sm])])
        t.fail(cmd, "跑售后服务单测", mvn_out(AS_CHAIN, blocks, "44.118 s", "2026-10-14T14:41:52",
                                        failed="trade-aftersale-service", tail=fail_tail("trade-aftersale-service")))
        t.say("`PaymentRefundClient` 没注册成 bean：售后启动类的 `@EnableFeignClients` 只扫了 `com.hailan.trade.order.api`，pay-api 的 client 在 `com.hailan.pay.api.client`。把这个包加进 basePackages。")
        t.read(AS_APP)
        t.edit(AS_APP, '@EnableFeignClients(basePackages = {"com.hailan.trade.order.api"})',
               '@EnableFeignClients(basePackages = {"com.hailan.trade.order.api", "com.hailan.pay.api.client"})')
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS)
        t.bash(cmd, "重新跑售后服务单测", out=mvn_out(AS_CHAIN, blocks, "41.730 s", "2026-10-14T14:44:15"))
        t.done("""退款接上了：`RefundApplyService.approve` 里在回写订单“退款中”之后调 `PaymentRefundClient.createRefund`，bizNo 用售后单号（支付侧按它幂等）。

第一次跑测试 `contextLoads` 挂了：`No qualifying bean of type 'com.hailan.pay.api.client.PaymentRefundClient'`。原因是 `TradeAftersaleApplication` 的 `@EnableFeignClients(basePackages = ...)` 只列了订单的 api 包，我把 `com.hailan.pay.api.client` 加进去了，再跑 `trade-aftersale-service` 21 个用例全过。

注意：现在支付调用在 `@Transactional` 方法里，支付成功但本地事务回滚的话会不一致，后面最好按上次说的改成发消息异步退款。""")

        # ---- T05 W3 #1 + P2
        t = d.task("这两天的改动提个 MR 到 develop。提交信息前面带上 jira 号，比如 TRADE-2231 这种，组里 Jenkins 要靠它关联",
                   tags=["workflow:W3", "pref:P2"])
        t.bash("git status --short", "看下改动", out=""" M trade-aftersale/trade-aftersale-service/pom.xml
 M trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/TradeAftersaleApplication.java
 M trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/service/RefundApplyService.java
?? sql/trade_order/2.4.0/03_t_refund_flow.sql
?? trade-order/trade-order-service/src/main/java/com/hailan/trade/order/entity/RefundFlow.java
?? trade-order/trade-order-service/src/main/java/com/hailan/trade/order/mapper/RefundFlowMapper.java
?? trade-order/trade-order-service/src/test/java/com/hailan/trade/order/mapper/RefundFlowMapperTest.java""")
        t.bash("git add sql/trade_order/2.4.0/03_t_refund_flow.sql trade-order/trade-order-service/src "
               "&& git commit -m \"TRADE-2231 feat(order): 新增退款流水表 t_refund_flow\"",
               "提交退款流水", out=f"""[feature/TRADE-2231-refund-flow {hx(7)}] TRADE-2231 feat(order): 新增退款流水表 t_refund_flow
 4 files changed, 121 insertions(+)
 create mode 100644 sql/trade_order/2.4.0/03_t_refund_flow.sql
 create mode 100644 trade-order/trade-order-service/src/main/java/com/hailan/trade/order/entity/RefundFlow.java
 create mode 100644 trade-order/trade-order-service/src/main/java/com/hailan/trade/order/mapper/RefundFlowMapper.java
 create mode 100644 trade-order/trade-order-service/src/test/java/com/hailan/trade/order/mapper/RefundFlowMapperTest.java""")
        t.bash("git add trade-aftersale && git commit -m \"TRADE-2231 feat(aftersale): 审核通过后调用支付退款\"",
               "提交售后退款调用", out=f"""[feature/TRADE-2231-refund-flow {hx(7)}] TRADE-2231 feat(aftersale): 审核通过后调用支付退款
 3 files changed, 19 insertions(+), 1 deletion(-)""")
        t.bash("git push -u origin feature/TRADE-2231-refund-flow", "推分支", err=f"""remote: 
remote: To create a merge request for feature/TRADE-2231-refund-flow, visit:        
remote:   https://gitlab.hailan.com/trade/trade-center/-/merge_requests/new?merge_request%5Bsource_branch%5D=feature%2FTRADE-2231-refund-flow        
remote: 
To gitlab.hailan.com:trade/trade-center.git
 * [new branch]      feature/TRADE-2231-refund-flow -> feature/TRADE-2231-refund-flow
branch 'feature/TRADE-2231-refund-flow' set up to track 'origin/feature/TRADE-2231-refund-flow'.""")
        t.bash("glab mr create --source-branch feature/TRADE-2231-refund-flow --target-branch develop "
               "--title \"TRADE-2231 退款流水表 + 售后审核发起支付退款\" "
               "--description \"- 新增 t_refund_flow（DDL: sql/trade_order/2.4.0/03_t_refund_flow.sql，测试/预发需 DBA 执行）\n"
               "- 售后审核通过后调用 pay-api PaymentRefundClient 发起退款\n- 售后启动类 Feign 扫描包加 com.hailan.pay.api.client\" "
               "--remove-source-branch --yes", "创建 MR", out="""
Creating merge request for feature/TRADE-2231-refund-flow into develop in trade/trade-center

!418 TRADE-2231 退款流水表 + 售后审核发起支付退款 (feature/TRADE-2231-refund-flow)
 https://gitlab.hailan.com/trade/trade-center/-/merge_requests/418
""")
        t.done("MR 提了：!418 https://gitlab.hailan.com/trade/trade-center/-/merge_requests/418 → develop。两个提交都带了 `TRADE-2231` 前缀；描述里写了 DDL 需要 DBA 在测试/预发执行。")

        # ---- T06 F1 flaky
        t = d.task("trade-common 里 hutool 升到 5.8.32，有个 CVE 扫出来了", tags=["flaky:F1"])
        t.read(P("pom.xml"))
        t.edit(P("pom.xml"), "<hutool.version>5.8.26</hutool.version>", "<hutool.version>5.8.32</hutool.version>")
        cmd = "./mvnw -pl trade-common test"
        t.fail(cmd, "跑 trade-common 单测", f"""[INFO] Scanning for projects...
[INFO] 
[INFO] ---------------------< com.hailan.trade:trade-common >----------------------
[INFO] Building trade-common {VER}
[INFO]   from trade-common/pom.xml
[INFO] --------------------------------[ jar ]---------------------------------
Downloading from hailan-public: https://nexus.hailan.com/repository/maven-public/cn/hutool/hutool-all/5.8.32/hutool-all-5.8.32.pom
Downloaded from hailan-public: https://nexus.hailan.com/repository/maven-public/cn/hutool/hutool-all/5.8.32/hutool-all-5.8.32.pom (1.6 kB at 9.8 kB/s)
Downloading from hailan-public: https://nexus.hailan.com/repository/maven-public/cn/hutool/hutool-all/5.8.32/hutool-all-5.8.32.jar
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  24.771 s
[INFO] Finished at: 2026-10-14T15:20:33+08:00
[INFO] ------------------------------------------------------------------------
[ERROR] Failed to execute goal on project trade-common: Could not resolve dependencies for project com.hailan.trade:trade-common:jar:{VER}
[ERROR] dependency: cn.hutool:hutool-all:jar:5.8.32 (compile)
[ERROR] 	Could not transfer artifact cn.hutool:hutool-all:jar:5.8.32 from/to hailan-public (https://nexus.hailan.com/repository/maven-public/): Connection reset
[ERROR] 
[ERROR] -> [Help 1]
[ERROR] 
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
[ERROR] Re-run Maven using the -X switch to enable full debug logging.
[ERROR] 
[ERROR] For more information about the errors and possible solutions, please read the following articles:
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException""")
        t.say("Nexus 传输中途 Connection reset，pom 都下下来了，像是网络抖了一下，原样再跑一次。")
        t.bash(cmd, "跑 trade-common 单测", out=f"""[INFO] Scanning for projects...
[INFO] 
[INFO] ---------------------< com.hailan.trade:trade-common >----------------------
[INFO] Building trade-common {VER}
[INFO]   from trade-common/pom.xml
[INFO] --------------------------------[ jar ]---------------------------------
Downloading from hailan-public: https://nexus.hailan.com/repository/maven-public/cn/hutool/hutool-all/5.8.32/hutool-all-5.8.32.jar
Downloaded from hailan-public: https://nexus.hailan.com/repository/maven-public/cn/hutool/hutool-all/5.8.32/hutool-all-5.8.32.jar (2.6 MB at 5.1 MB/s)
""" + "\n".join(_tests_block("trade-common", [("com.hailan.trade.common.json.JsonUtilsTest", 6),
                                              ("com.hailan.trade.common.lock.RedisLockKeysTest", 4),
                                              ("com.hailan.trade.common.money.MoneyTest", 11)])) + """
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  19.204 s
[INFO] Finished at: 2026-10-14T15:21:18+08:00
[INFO] ------------------------------------------------------------------------""")
        t.done("hutool 升到 5.8.32 了（根 pom 的 `hutool.version`）。第一次从 Nexus 下 jar 时 Connection reset，原样重跑就下下来了，trade-common 21 个用例通过。")


def it_block(module, running, results_err=None, n_ok=None):
    errs = results_err if isinstance(results_err, list) else ([results_err] if results_err else [])
    out = [f"[INFO] --- jar:3.3.0:jar (default-jar) @ {module} ---",
           f"[INFO] Building jar: {R}/{_path(module)}/target/{module}-{VER}.jar",
           f"[INFO] --- spring-boot:3.2.5:repackage (repackage) @ {module} ---",
           "[INFO] Replacing main artifact with repackaged archive, adding nested dependencies in BOOT-INF/.",
           f"[INFO] --- failsafe:3.2.5:integration-test (default) @ {module} ---",
           "[INFO] Using auto detected provider org.apache.maven.surefire.junitplatform.JUnitPlatformProvider",
           "[INFO] ", "[INFO] -------------------------------------------------------", "[INFO]  T E S T S",
           "[INFO] -------------------------------------------------------"]
    out += running.strip("\n").split("\n")
    out += ["[INFO] ", "[INFO] Results:", "[INFO] "]
    if errs:
        out += ["[ERROR] Errors: "] + [f"[ERROR]   {e}" for e in errs] + ["[INFO] ",
                f"[ERROR] Tests run: {len(errs)}, Failures: 0, Errors: {len(errs)}, Skipped: 0", "[INFO] "]
    else:
        out += [f"[INFO] Tests run: {n_ok}, Failures: 0, Errors: 0, Skipped: 0", "[INFO] "]
    out.append(f"[INFO] --- failsafe:3.2.5:verify (default) @ {module} ---")
    return out


def deploy_steps(t, app, module, sha, tag_time, push_flaky=False):
    img = f"{HARBOR}/trade/{app}:2.4.0-{sha}"
    chain = ORDER_CHAIN if app == "trade-order" else AS_CHAIN
    t.bash(f"./mvnw -q -pl {module} -am package -DskipTests", f"打 {app} 的包", out="")
    dig = hx(64)
    t.bash(f"docker build -t {img} {module}", f"构建 {app} 镜像", err=f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 412B done
#1 DONE 0.0s

#2 [internal] load metadata for {HARBOR}/base/eclipse-temurin:17-jre-jammy
#2 DONE 0.3s

#3 [internal] load .dockerignore
#3 transferring context: 2B done
#3 DONE 0.0s

#4 [1/4] FROM {HARBOR}/base/eclipse-temurin:17-jre-jammy@sha256:{hx(64)}
#4 CACHED

#5 [internal] load build context
#5 transferring context: {_rng[0].randint(88, 96)}.{_rng[0].randint(1, 9)}MB 0.{_rng[0].randint(3, 9)}s done
#5 DONE 0.{_rng[0].randint(5, 9)}s

#6 [2/4] COPY --from={HARBOR}/tools/arthas:4.0.2 /opt/arthas /opt/arthas
#6 CACHED

#7 [3/4] WORKDIR /app
#7 CACHED

#8 [4/4] COPY target/{app}-service-{VER}.jar /app/app.jar
#8 DONE 0.{_rng[0].randint(2, 6)}s

#9 exporting to image
#9 exporting layers 0.{_rng[0].randint(3, 8)}s done
#9 writing image sha256:{dig} done
#9 naming to {img} done
#9 DONE 0.{_rng[0].randint(4, 9)}s""".replace(f"{app}-service-{VER}", f"{module.split('/')[-1]}-{VER}"))
    layers = [hx(12) for _ in range(5)]
    ok_push = f"""The push refers to repository [{HARBOR}/trade/{app}]
{layers[0]}: Pushed
{layers[1]}: Layer already exists
{layers[2]}: Layer already exists
{layers[3]}: Layer already exists
{layers[4]}: Layer already exists
2.4.0-{sha}: digest: sha256:{hx(64)} size: 1371"""
    if push_flaky:
        t.fail(f"docker push {img}", f"推 {app} 镜像到 Harbor", f"""The push refers to repository [{HARBOR}/trade/{app}]
{layers[0]}: Preparing
{layers[1]}: Preparing
{layers[2]}: Preparing
{layers[3]}: Preparing
{layers[4]}: Preparing
{layers[1]}: Layer already exists
{layers[2]}: Layer already exists
{layers[0]}: Retrying in 5 seconds
{layers[0]}: Retrying in 4 seconds
{layers[0]}: Retrying in 3 seconds
{layers[0]}: Retrying in 2 seconds
{layers[0]}: Retrying in 1 second
received unexpected HTTP status: 502 Bad Gateway""")
        t.say("Harbor 回了 502，其他层都是 already exists，看着是 Harbor 那边瞬时抖动，原样再推一次。")
    t.bash(f"docker push {img}", f"推 {app} 镜像到 Harbor", out=ok_push)
    t.bash(f"kubectl -n trade-test set image deploy/{app} {app}={img}", "更新测试环境镜像",
           out=f"deployment.apps/{app} image updated")
    t.bash(f"kubectl -n trade-test rollout status deploy/{app} --timeout=300s", "等滚动发布完成",
           out=f"""Waiting for deployment "{app}" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "{app}" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "{app}" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "{app}" rollout to finish: 1 old replicas are pending termination...
deployment "{app}" successfully rolled out""")
    return img


def arthas_out(pid_time, cmd_line, body):
    return f"""[INFO] JAVA_HOME: /opt/java/openjdk
[INFO] arthas-boot version: 4.0.2
[INFO] arthas home: /opt/arthas
[INFO] Try to attach process 1
[INFO] Attach process 1 success.
[INFO] arthas-client connect 127.0.0.1 3658
  ,---.  ,------. ,--------.,--.  ,--.  ,---.   ,---.
 /  O  \\ |  .--. ''--.  .--'|  '--'  | /  O  \\ '   .-'
|  .-.  ||  '--'.'   |  |   |  .--.  ||  .-.  |`.  `-.
|  | |  ||  |\\  \\    |  |   |  |  |  ||  | |  |.-'    |
`--' `--'`--' '--'   `--'   `--'  `--'`--' `--'`-----'

wiki        https://arthas.aliyun.com/doc
tutorials   https://arthas.aliyun.com/doc/arthas-tutorials.html
version     4.0.2
main_class  org.springframework.boot.loader.launch.JarLauncher
pid         1
time        {pid_time}

[arthas@1]$ {cmd_line}
{body.strip(chr(10))}"""


def s3(d):
    with d.session("2026-10-16T01:50:00", R, branch="feature/TRADE-2231-refund-flow", version="2.1.22"):
        # ---- T07 M2 #1
        t = d.task("给 RefundFlowMapper 补个集成测试，testcontainers 起 mysql 那种，按 README 的 -Pit 跑", tags=["mistake:M2"])
        t.glob("trade-order/trade-order-service/src/test/java/**/it/*IT.java",
               [P("trade-order/trade-order-service/src/test/java/com/hailan/trade/order/it/AbstractMysqlIT.java"),
                P("trade-order/trade-order-service/src/test/java/com/hailan/trade/order/it/OrderMapperIT.java")])
        d.files[P("trade-order/trade-order-service/src/test/java/com/hailan/trade/order/it/AbstractMysqlIT.java")] = """package com.hailan.trade.order.it;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.test.context.ActiveProfiles;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

@SpringBootTest
@Testcontainers
@ActiveProfiles("it")
public abstract class AbstractMysqlIT {

    @Container
    @ServiceConnection
    static MySQLContainer<?> mysql = new MySQLContainer<>(DockerImageName.parse("mysql:8.0.36"))
            .withDatabaseName("trade_order")
            .withInitScript("it/trade_order_schema.sql");
}
"""
        t.read(P("trade-order/trade-order-service/src/test/java/com/hailan/trade/order/it/AbstractMysqlIT.java"))
        t.write(IT_REFUND_FLOW, """package com.hailan.trade.order.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.hailan.trade.order.entity.RefundFlow;
import com.hailan.trade.order.mapper.RefundFlowMapper;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;

class RefundFlowMapperIT extends AbstractMysqlIT {

    @Autowired
    private RefundFlowMapper refundFlowMapper;

    @Test
    void duplicateRefundNoAndItemRejected() {
        refundFlowMapper.insert(flow("RF202610160001", 30001L));
        assertThatThrownBy(() -> refundFlowMapper.insert(flow("RF202610160001", 30001L)))
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(refundFlowMapper.selectCount(null)).isEqualTo(1L);
    }

    private static RefundFlow flow(String refundNo, Long itemId) {
        RefundFlow f = new RefundFlow();
        f.setRefundNo(refundNo);
        f.setOrderNo("TO202610150031");
        f.setOrderItemId(itemId);
        f.setAmount(new BigDecimal("12.50"));
        f.setStatus(0);
        return f;
    }
}
""")
        t.bash("cat sql/trade_order/2.4.0/03_t_refund_flow.sql >> "
               "trade-order/trade-order-service/src/test/resources/it/trade_order_schema.sql",
               "把新表 DDL 追加到 IT 的建表脚本")
        cmd = "./mvnw -pl trade-order/trade-order-service -am verify -Pit"
        running = "[INFO] Running com.hailan.trade.order.it.OrderMapperIT\n" + tc_fail(
            "com.hailan.trade.order.it.OrderMapperIT", "mysql:8.0.36",
            'Get \\"https://registry-1.docker.io/v2/\\": net/http: request canceled while waiting for connection '
            '(Client.Timeout exceeded while awaiting headers)', (10, 12, 4)) + f"""[INFO] Running com.hailan.trade.order.it.RefundFlowMapperIT
[ERROR] Tests run: 1, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 0.{_rng[0].randint(100, 900)} s <<< FAILURE! -- in com.hailan.trade.order.it.RefundFlowMapperIT
[ERROR] com.hailan.trade.order.it.RefundFlowMapperIT -- Time elapsed: 0.{_rng[0].randint(100, 900)} s <<< ERROR!
org.testcontainers.containers.ContainerLaunchException: Container startup failed for image mysql:8.0.36
	at org.testcontainers.containers.GenericContainer.doStart(GenericContainer.java:359)
	at org.testcontainers.containers.GenericContainer.start(GenericContainer.java:330)
Caused by: org.rnorth.ducttape.RetryCountExceededException: Retry limit hit with exception
	... 22 more
Caused by: org.testcontainers.containers.ContainerFetchException: Can't get Docker image: RemoteDockerImage(imageName=mysql:8.0.36, imagePullPolicy=DefaultPullPolicy(), imageNameSubstitutor=org.testcontainers.utility.ImageNameSubstitutor$LogWrappedImageNameSubstitutor@{hx(8)})
	... 24 more
"""
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", ORDER_SVC_TESTS[:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2)] + ORDER_SVC_TESTS[3:]) + it_block(
            "trade-order-service", running, ["OrderMapperIT » ContainerLaunch Container startup failed for image mysql:8.0.36",
                                             "RefundFlowMapperIT » ContainerLaunch Container startup failed for image mysql:8.0.36"])
        t.fail(cmd, "跑订单服务集成测试", mvn_out(ORDER_CHAIN, blocks, "02:49 min", "2026-10-16T10:14:26",
                                          failed="trade-order-service",
                                          tail=fail_tail("trade-order-service",
                                                         "maven-failsafe-plugin:3.2.5:verify (default)")), timeout=900000)
        t.say("Testcontainers 直接去 Docker Hub 拉 `mysql:8.0.36`，内网拉不下来超时了。README 写了本地跑 IT 要加 "
              "`-Dtc.hub.prefix=harbor.hailan.com/dockerhub/`（failsafe 传给 TESTCONTAINERS_HUB_IMAGE_NAME_PREFIX），带上再跑。")
        okrun = tc_ok("com.hailan.trade.order.it.OrderMapperIT", "mysql:8.0.36", 5, (10, 19, 31)) + "\n" + \
            "[INFO] Running com.hailan.trade.order.it.RefundFlowMapperIT\n" + \
            f"[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.{_rng[0].randint(200, 900)} s -- in com.hailan.trade.order.it.RefundFlowMapperIT"
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", ORDER_SVC_TESTS[:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2)] + ORDER_SVC_TESTS[3:]) + it_block(
            "trade-order-service", okrun, n_ok=6)
        t.bash(cmd + " -Dtc.hub.prefix=harbor.hailan.com/dockerhub/", "带 Harbor 镜像前缀跑集成测试",
               out=mvn_out(ORDER_CHAIN, blocks, "01:37 min", "2026-10-16T10:21:02"), timeout=900000)
        t.done("""`RefundFlowMapperIT` 加好了（继承 `AbstractMysqlIT`，验证 refund_no + order_item_id 唯一键会抛 `DuplicateKeyException`），新表 DDL 也追加进了 IT 的建表脚本 `it/trade_order_schema.sql`。

第一次跑卡了两分钟后失败：Testcontainers 去 Docker Hub 拉 `mysql:8.0.36` 超时（`Can't get Docker image`）。加上 `-Dtc.hub.prefix=harbor.hailan.com/dockerhub/` 走 Harbor 代理后，单测 24 个 + IT 6 个全过。""")

        # ---- T08 W1 #1
        t = d.task("把 trade-order 发到测试环境，测试那边要测退款流水", tags=["workflow:W1"])
        sha = hx(7)
        t.bash("git rev-parse --short HEAD", "取当前提交", out=sha)
        deploy_steps(t, "trade-order", "trade-order/trade-order-service", sha, "")
        t.done(f"trade-order 已发到 trade-test：镜像 `{HARBOR}/trade/trade-order:2.4.0-{sha}`，2 个副本滚动完成。测试环境库里的 t_refund_flow 需要 DBA 先执行 DDL（MR 里写了），不然接口会报表不存在。")

        # ---- T09 webfetch
        t = d.task("sentinel 热点参数限流怎么配的？想对下单接口按 userId 限一下，防刷", tags=["noise", "webfetch"])
        t.webfetch("https://sentinelguard.io/zh-cn/docs/parameter-flow-control.html",
                   "热点参数限流的用法：规则字段、@SentinelResource 的参数、集群模式、例外项",
                   """热点参数限流会统计传入参数中的热点参数，并根据配置的限流阈值与模式，对包含热点参数的资源调用进行限流。热点参数限流可以看做是一种特殊的流量控制，仅对包含热点参数的资源调用生效。

- 依赖 `sentinel-parameter-flow-control`；利用 LRU 策略统计最近最常访问的热点参数。
- 规则 `ParamFlowRule`：`resource`（资源名，必填）、`count`（限流阈值，必填）、`grade`（限流模式，目前只支持 QPS 模式）、`durationInSec`（统计窗口时间长度，默认 1s）、`controlBehavior`（流控效果，支持快速失败和匀速排队）、`maxQueueingTimeMs`、`paramIdx`（热点参数的索引，必填，对应 `SphU.entry(xxx, args)` 中的参数索引位置）、`paramFlowItemList`（参数例外项，可以针对指定的参数值单独设置限流阈值）、`clusterMode`、`clusterConfig`。
- 使用 `@SentinelResource` 注解时，被注解方法的参数会作为热点参数传入；若用 `SphU.entry` 需手动传入参数 `SphU.entry(resourceName, EntryType.IN, 1, paramA, paramB)`。
- 被限流时抛出 `ParamFlowException`（`BlockException` 的子类），可在 `blockHandler` 中处理。
- 规则可以通过 `ParamFlowRuleManager.loadRules(rules)` 加载，或配合动态数据源。""")
        t.done("""按 userId 做热点参数限流：

1. 资源：下单方法加 `@SentinelResource(value = "createOrder", blockHandler = "createOrderBlocked")`，**userId 放在第 0 个参数**（`paramIdx` 按方法参数下标算，不是请求体字段，所以要把 userId 单独作为参数传进来）。
2. 规则（`ParamFlowRule`）：`resource=createOrder`、`paramIdx=0`、`grade=1`(QPS)、`count=5`、`durationInSec=1`；白名单 / 大客户可以用 `paramFlowItemList` 单独给阈值。
3. 持久化：我们现在 bootstrap.yml 只配了 flow / degrade 两个 Nacos 数据源，要再加一个 `rule-type: param-flow`，dataId 比如 `trade-order-param-flow-rules`。
4. 被限流抛 `ParamFlowException`，在 blockHandler 里返回“操作太频繁”。

要我直接把数据源和注解加上吗？""")

        # ---- T10 O1
        t = d.task("退款分摊有 bug，测试提的：三个商品行各实付 10 块，整单退 10 块，分下来是 3.33×3=9.99，少了一分钱。修一下，补个用例", tags=["oneoff:O1"])
        t.read(SPLITTER)
        t.read(T_SPLITTER)
        t.edit(T_SPLITTER, """        assertThat(parts).containsExactly(new BigDecimal("60.00"), new BigDecimal("40.00"));
    }
""", """        assertThat(parts).containsExactly(new BigDecimal("60.00"), new BigDecimal("40.00"));
    }

    @Test
    void splitKeepsTotalWhenNotDivisible() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("10.00"),
                List.of(new BigDecimal("10.00"), new BigDecimal("10.00"), new BigDecimal("10.00")));
        assertThat(parts.stream().reduce(BigDecimal.ZERO, BigDecimal::add)).isEqualByComparingTo("10.00");
        assertThat(parts).containsExactly(new BigDecimal("3.33"), new BigDecimal("3.33"), new BigDecimal("3.34"));
    }
""")
        cmd = "./mvnw -pl trade-order/trade-order-service -am test"
        ftxt = """[ERROR] com.hailan.trade.order.refund.RefundAmountSplitterTest.splitKeepsTotalWhenNotDivisible -- Time elapsed: 0.031 s <<< FAILURE!
org.opentest4j.AssertionFailedError: 

expected: 10.00
 but was: 9.99
	at java.base/jdk.internal.reflect.DirectConstructorHandleAccessor.newInstance(DirectConstructorHandleAccessor.java:62)
	at java.base/java.lang.reflect.Constructor.newInstanceWithCaller(Constructor.java:502)
	at com.hailan.trade.order.refund.RefundAmountSplitterTest.splitKeepsTotalWhenNotDivisible(RefundAmountSplitterTest.java:24)
	at java.base/java.lang.reflect.Method.invoke(Method.java:580)
	at java.base/java.util.ArrayList.forEach(ArrayList.java:1596)
"""
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ("com.hailan.trade.order.refund.RefundAmountSplitterTest", 2, ftxt, 1, "Failures",
             ["RefundAmountSplitterTest.splitKeepsTotalWhenNotDivisible:24 \nexpected: 10.00\n but was: 9.99"])]
            + ORDER_SVC_TESTS[1:3] + [("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2)] + ORDER_SVC_TESTS[3:])
        t.fail(cmd, "跑订单服务单测", mvn_out(ORDER_CHAIN, blocks, "37.662 s", "2026-10-16T11:02:48",
                                        failed="trade-order-service", tail=fail_tail("trade-order-service")))
        t.say("复现了。每行各自 HALF_UP 到分，尾差丢了。改成前 n-1 行按比例取、最后一行用退款总额减去已分摊的。")
        t.edit(SPLITTER, """        List<BigDecimal> result = new ArrayList<>(linePaid.size());
        for (BigDecimal paid : linePaid) {
            result.add(refundAmount.multiply(paid).divide(total, 2, RoundingMode.HALF_UP));
        }
        return result;""", """        List<BigDecimal> result = new ArrayList<>(linePaid.size());
        BigDecimal allocated = BigDecimal.ZERO;
        for (int i = 0; i < linePaid.size(); i++) {
            BigDecimal part;
            if (i == linePaid.size() - 1) {
                // 最后一行兜尾差，保证分摊合计 == 退款金额
                part = refundAmount.subtract(allocated);
            } else {
                part = refundAmount.multiply(linePaid.get(i)).divide(total, 2, RoundingMode.DOWN);
            }
            allocated = allocated.add(part);
            result.add(part);
        }
        return result;""")
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ("com.hailan.trade.order.refund.RefundAmountSplitterTest", 2)] + ORDER_SVC_TESTS[1:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2)] + ORDER_SVC_TESTS[3:])
        t.bash(cmd, "重新跑订单服务单测", out=mvn_out(ORDER_CHAIN, blocks, "36.118 s", "2026-10-16T11:05:30"))
        t.done("""修了：`RefundAmountSplitter.split` 前 n-1 行按比例 `RoundingMode.DOWN` 取到分，最后一行 = 退款总额 − 已分摊，合计一定等于退款金额。新用例 `splitKeepsTotalWhenNotDivisible`（10 元分 3 行 → 3.33 / 3.33 / 3.34）先红后绿，模块单测全过。

注意尾差总落在最后一行；如果业务希望落在金额最大的行，再说。""")


def s4(d):
    with d.session("2026-10-19T02:30:00", R, branch="feature/TRADE-2245-refund-channel", version="2.1.23",
                   permission_mode="acceptEdits"):
        # ---- T11 M3 #2 + P1 #2
        t = d.task("退款流水加个 refund_channel 字段，varchar(16)，ORIGINAL 原路退 / BALANCE 退余额，默认 ORIGINAL。"
                   "实体还是 @Getter @Setter，@Data 别往上加", tags=["mistake:M3", "pref:P1"])
        ddl = P("sql/trade_order/2.4.0/04_t_refund_flow_add_refund_channel.sql")
        t.write(ddl, """ALTER TABLE t_refund_flow
    ADD COLUMN refund_channel VARCHAR(16) NOT NULL DEFAULT 'ORIGINAL' COMMENT 'ORIGINAL 原路退 / BALANCE 退余额' AFTER status;
""")
        t.read(REFUND_FLOW)
        t.edit(REFUND_FLOW, "    private Integer status;\n",
               "    private Integer status;\n    /** ORIGINAL 原路退 / BALANCE 退余额 */\n    private String refundChannel;\n")
        t.read(T_REFUND_FLOW_MAPPER)
        t.edit(T_REFUND_FLOW_MAPPER, "        assertThat(list).extracting(RefundFlow::getStatus).containsOnly(0);\n",
               "        assertThat(list).extracting(RefundFlow::getStatus).containsOnly(0);\n"
               "        assertThat(list).extracting(RefundFlow::getRefundChannel).containsOnly(\"BALANCE\");\n")
        t.edit(T_REFUND_FLOW_MAPPER, "        f.setStatus(0);\n        return f;",
               "        f.setStatus(0);\n        f.setRefundChannel(\"BALANCE\");\n        return f;")
        cmd = "./mvnw -pl trade-order/trade-order-service -am test"
        sqlx = ("INSERT INTO t_refund_flow  ( id, refund_no, order_no, order_item_id, amount, status, refund_channel, "
                "create_time, update_time )  VALUES (  ?, ?, ?, ?, ?, ?, ?, ?, ?  )")
        e1, s1_ = sql_fail("com.hailan.trade.order.mapper.RefundFlowMapperTest", "insertAndSelectByOrderNo",
                           "Unknown column 'refund_channel' in 'field list'",
                           "com.hailan.trade.order.mapper.RefundFlowMapper", "insert", sqlx)
        e2, s2_ = sql_fail("com.hailan.trade.order.mapper.RefundFlowMapperTest", "uniqueOnRefundNoAndItem",
                           "Unknown column 'refund_channel' in 'field list'",
                           "com.hailan.trade.order.mapper.RefundFlowMapper", "insert", sqlx)
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ("com.hailan.trade.order.refund.RefundAmountSplitterTest", 2)] + ORDER_SVC_TESTS[1:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2, e1 + e2, 2, "Errors", [s1_, s2_])]
            + ORDER_SVC_TESTS[3:])
        t.fail(cmd, "跑订单服务单测", mvn_out(ORDER_CHAIN, blocks, "39.021 s", "2026-10-19T10:47:12",
                                        failed="trade-order-service", tail=fail_tail("trade-order-service")))
        t.say("本地 trade_order 库还没加这一列，先把 04 号 DDL 在本地 MySQL 执行掉再跑。")
        t.bash("docker compose -f deploy/local/docker-compose.yml exec -T mysql mysql -uroot -proot trade_order "
               "< sql/trade_order/2.4.0/04_t_refund_flow_add_refund_channel.sql", "本地库执行加列 DDL", err=PWARN)
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ("com.hailan.trade.order.refund.RefundAmountSplitterTest", 2)] + ORDER_SVC_TESTS[1:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2)] + ORDER_SVC_TESTS[3:])
        t.bash(cmd, "重新跑订单服务单测", out=mvn_out(ORDER_CHAIN, blocks, "37.450 s", "2026-10-19T10:49:03"))
        t.done("""加好了：

- DDL `sql/trade_order/2.4.0/04_t_refund_flow_add_refund_channel.sql`：`refund_channel VARCHAR(16) NOT NULL DEFAULT 'ORIGINAL'`，放在 status 后面
- `RefundFlow` 加 `refundChannel`（还是 `@Getter` `@Setter`），mapper 测试里断言了渠道

第一次跑报 `Unknown column 'refund_channel' in 'field list'`，本地库执行了 04 号 DDL 之后全过。""")

        # ---- T12 W2 #1 (long output)
        t = d.task("测试说测试环境订单列表分页特别慢，有时候要两三秒，arthas trace 一下 OrderQueryService.pageQuery 看慢在哪",
                   tags=["workflow:W2", "long_output"])
        t.bash("kubectl -n trade-test get pods -l app=trade-order -o wide", "看 trade-order 的 Pod", out="""NAME                           READY   STATUS    RESTARTS   AGE     IP             NODE            NOMINATED NODE   READINESS GATES
trade-order-6b8f7d9c4d-7xk2p   1/1     Running   0          3d2h    10.244.3.187   k8s-test-w03    <none>           <none>
trade-order-6b8f7d9c4d-qm5zt   1/1     Running   0          3d2h    10.244.5.41    k8s-test-w05    <none>           <none>""")
        body = """Press Q or Ctrl+C to abort.
Affect(class count: 1 , method count: 1) cost in 163 ms, listenerId: 1
`---ts=2026-10-19 10:58:31.772;thread_name=http-nio-8081-exec-14;id=8c;is_daemon=true;priority=5;TCCL=org.springframework.boot.web.embedded.tomcat.TomcatEmbeddedWebappClassLoader@61d9efe0
    `---[2387.114ms] com.hailan.trade.order.service.OrderQueryService:pageQuery()
        +---[0.02% 0.481ms ] com.hailan.trade.order.api.dto.OrderPageQuery:getBuyerId() #24
        +---[0.01% 0.012ms ] com.hailan.trade.order.api.dto.OrderPageQuery:getStatus() #25
        +---[0.01% 0.009ms ] com.hailan.trade.order.api.dto.OrderPageQuery:getKeyword() #26
        +---[0.00% 0.006ms ] com.hailan.trade.order.api.dto.OrderPageQuery:getStart() #27
        +---[0.03% 0.702ms ] com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper:<init>() #24
        +---[0.01% 0.188ms ] com.hailan.trade.order.api.dto.OrderPageQuery:getPageNo() #29
        +---[0.00% 0.004ms ] com.hailan.trade.order.api.dto.OrderPageQuery:getPageSize() #29
        +---[0.02% 0.511ms ] com.baomidou.mybatisplus.extension.plugins.pagination.Page:<init>() #29
        +---[98.91% 2361.203ms ] com.hailan.trade.order.mapper.OrderMapper:selectPage() #29
        +---[0.47% 11.218ms ] com.hailan.trade.order.convert.OrderConvert:toVoList() #30
        `---[0.09% 2.050ms ] com.hailan.trade.common.page.PageResult:of() #30
Command execution times exceed limit: 1, so command will exit. You can set it with -n option.

[arthas@1]$ trace com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor willDoQuery -n 1
Press Q or Ctrl+C to abort.
Affect(class count: 1 , method count: 1) cost in 141 ms, listenerId: 2
`---ts=2026-10-19 10:58:36.205;thread_name=http-nio-8081-exec-3;id=5e;is_daemon=true;priority=5;TCCL=org.springframework.boot.web.embedded.tomcat.TomcatEmbeddedWebappClassLoader@61d9efe0
    `---[2019.640ms] com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor:willDoQuery()
        +---[0.01% 0.155ms ] com.baomidou.mybatisplus.core.toolkit.ParameterUtils:findPage() #79
        +---[0.04% 0.772ms ] com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor:autoCountSql() #99
        +---[99.88% 2017.225ms ] org.apache.ibatis.executor.Executor:query() #110
        `---[0.01% 0.093ms ] com.baomidou.mybatisplus.extension.plugins.pagination.Page:setTotal() #118
Command execution times exceed limit: 1, so command will exit. You can set it with -n option.

[arthas@1]$ watch com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor autoCountSql '{returnObj}' -n 1 -x 1
Press Q or Ctrl+C to abort.
Affect(class count: 1 , method count: 1) cost in 98 ms, listenerId: 3
method=com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor.autoCountSql location=AtExit
ts=2026-10-19 10:58:41; [cost=0.6931ms] result=@ArrayList[
    @String[SELECT COUNT(*) AS total FROM t_order WHERE (status = ? AND item_titles LIKE ?)],
]
Command execution times exceed limit: 1, so command will exit. You can set it with -n option."""
        t.bash("kubectl -n trade-test exec trade-order-6b8f7d9c4d-7xk2p -c trade-order -- java -jar /opt/arthas/arthas-boot.jar 1 "
               "-c \"trace com.hailan.trade.order.service.OrderQueryService pageQuery -n 1;"
               "trace com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor willDoQuery -n 1;"
               "watch com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor autoCountSql '{returnObj}' -n 1 -x 1\"",
               "用 arthas trace 分页查询", out=arthas_out("2026-10-19 10:58:27.903",
                                                      "trace com.hailan.trade.order.service.OrderQueryService pageQuery -n 1", body),
               timeout=300000)
        t.read(OQS)
        t.write(P("docs/troubleshooting/2026-10-19-order-page-slow.md"), """# 2026-10-19 测试环境订单分页慢（2~3s）

## 现象

测试反馈订单列表分页偶发 2~3 秒，集中在带关键字搜索的时候。

## 排查过程

1. `kubectl -n trade-test get pods -l app=trade-order`，选 `trade-order-6b8f7d9c4d-7xk2p`
2. arthas `trace OrderQueryService pageQuery -n 1`：总耗时 2387ms，其中 `OrderMapper.selectPage` 占 98.9%（2361ms），转换和组装结果可以忽略
3. 继续 `trace PaginationInnerInterceptor willDoQuery`：2019ms 花在分页插件自己发的 **count 查询**上
4. `watch autoCountSql` 看到 count SQL：`SELECT COUNT(*) AS total FROM t_order WHERE (status = ? AND item_titles LIKE ?)`
5. 代码里关键字是 `.like(TradeOrder::getItemTitles, keyword)`，生成 `LIKE '%xx%'`，测试库 t_order 约 380 万行，走不了索引，count 全表扫

## 结论

慢在分页插件的 count 查询：`item_titles LIKE '%关键字%'` 导致全表扫描，列表查询本身带 LIMIT 反而快。

## 建议

- 短期：关键字搜索时 `page.setSearchCount(false)`，前端改成“加载更多”，不显示总数
- 或者关键字只支持订单号 / 商品 ID 精确匹配，模糊搜索走 ES（商品标题已经在 ES 里了）
- 同时让 DBA 看下 `status + create_time` 的联合索引，去掉关键字后的 count 也能快一点
""")
        t.done("""找到了，慢在 **MyBatis-Plus 分页插件的 count 查询**，不是列表查询本身：

- `pageQuery` 2387ms，其中 `selectPage` 占 98.9%
- 再往下 trace，2019ms 花在 `PaginationInnerInterceptor` 自动生成的 `SELECT COUNT(*) ... WHERE status = ? AND item_titles LIKE ?`
- 关键字用的是 `.like(...)`，生成 `%xx%`，t_order 约 380 万行，全表扫

建议：关键字搜索时关掉 count（`setSearchCount(false)`，前端改“加载更多”），或者模糊搜索改走 ES；另外让 DBA 看下 `status + create_time` 联合索引。

完整过程写在 `docs/troubleshooting/2026-10-19-order-page-slow.md`。""")

        # ---- T13 P3 statement
        t = d.task("RefundAmountSplitter 再补几个边界用列：退款金额 0、只有一行、某一行实付是 0 的。断言统一用 AssertJ 的 assertThat 那套",
                   tags=["pref:P3"])
        t.read(T_SPLITTER)
        t.edit(T_SPLITTER, """        assertThat(parts).containsExactly(new BigDecimal("3.33"), new BigDecimal("3.33"), new BigDecimal("3.34"));
    }
""", """        assertThat(parts).containsExactly(new BigDecimal("3.33"), new BigDecimal("3.33"), new BigDecimal("3.34"));
    }

    @Test
    void zeroRefundGivesZeroParts() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("0.00"),
                List.of(new BigDecimal("10.00"), new BigDecimal("20.00")));
        assertThat(parts).allSatisfy(p -> assertThat(p).isEqualByComparingTo("0"));
    }

    @Test
    void singleLineTakesAll() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("8.88"), List.of(new BigDecimal("99.00")));
        assertThat(parts).containsExactly(new BigDecimal("8.88"));
    }

    @Test
    void zeroPaidLineGetsNothing() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("30.00"),
                List.of(new BigDecimal("0.00"), new BigDecimal("15.00"), new BigDecimal("15.00")));
        assertThat(parts.get(0)).isEqualByComparingTo("0");
        assertThat(parts.stream().reduce(BigDecimal.ZERO, BigDecimal::add)).isEqualByComparingTo("30.00");
    }
""")
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ("com.hailan.trade.order.refund.RefundAmountSplitterTest", 5)] + ORDER_SVC_TESTS[1:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2)] + ORDER_SVC_TESTS[3:])
        t.bash("./mvnw -pl trade-order/trade-order-service -am test", "跑订单服务单测",
               out=mvn_out(ORDER_CHAIN, blocks, "36.770 s", "2026-10-19T11:20:45"))
        t.done("补了 3 个用例（`zeroRefundGivesZeroParts`、`singleLineTakesAll`、`zeroPaidLineGetsNothing`），断言都用 AssertJ `assertThat`，`RefundAmountSplitterTest` 现在 5 个用例，模块单测全过。")

        # ---- T14 no tools
        t = d.task("feign 的 readTimeout 和 sentinel 的慢调用熔断，谁先生效？售后调支付那个我想设 3 秒超时", tags=["no_tools"])
        t.done("""两者是叠加的，看谁的条件先满足：

- **Feign readTimeout**（`spring.cloud.openfeign.client.config.<name>.read-timeout`）：单次调用超过 3s 直接抛 `SocketTimeoutException` → 包成 `RetryableException`，这次调用就失败了。
- **Sentinel 慢调用比例熔断**：统计窗口内响应时间超过 `count`（最大 RT）的调用占比达到阈值、且请求数 ≥ `minRequestAmount`，才**打开熔断**，之后 `timeWindow` 秒内的调用直接被拒（不发请求）。它不会打断正在进行的单次调用。

所以：单次卡住靠 readTimeout 切断；支付整体变慢时靠熔断快速失败、保护售后线程池。建议 readTimeout 3s，熔断的最大 RT 设得比它小（比如 1.5s），慢调用比例 0.5、最小请求数 10、熔断时长 10s；注意 readTimeout 触发的异常在 Sentinel 里算异常而不是慢调用，想一起算的话再配一个异常比例规则。""")


def s5(d):
    with d.session("2026-10-22T01:15:00", R, branch="feature/TRADE-2260-release-stock", version="2.1.24"):
        # ---- T15 M1 #2
        cancel = P("trade-order/trade-order-service/src/main/java/com/hailan/trade/order/service/OrderCancelService.java")
        d.files[cancel] = """package com.hailan.trade.order.service;

import com.hailan.trade.order.entity.TradeOrder;
import com.hailan.trade.order.enums.OrderStatus;
import com.hailan.trade.order.mapper.OrderMapper;
import com.hailan.trade.order.mq.OrderEventProducer;
import com.hailan.trade.common.exception.BizException;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Slf4j
@Service
@RequiredArgsConstructor
public class OrderCancelService {

    private final OrderMapper orderMapper;
    private final OrderEventProducer orderEventProducer;
    private final OrderQueryService orderQueryService;

    @Transactional(rollbackFor = Exception.class)
    public void cancel(String orderNo, String reason) {
        TradeOrder order = orderMapper.selectByOrderNo(orderNo);
        if (order == null || !OrderStatus.WAIT_PAY.is(order.getStatus())) {
            throw new BizException("ORDER_CANNOT_CANCEL", "订单状态不允许取消");
        }
        int n = orderMapper.casStatus(orderNo, OrderStatus.WAIT_PAY.code(), OrderStatus.CANCELLED.code());
        if (n == 0) {
            throw new BizException("ORDER_CONCURRENT_MODIFIED", "订单状态已变化");
        }
        orderEventProducer.sendCancelled(orderNo, reason);
        log.info("order cancelled, orderNo={}, reason={}", orderNo, reason);
    }
}
"""
        t = d.task("订单取消的时候要把预占库存释放掉。库存组的 inventory-api 2.3.1 里有 InventoryReserveClient.release(orderNo)，"
                   "pom 我加好了，OrderCancelService 里接一下", tags=["mistake:M1"])
        t.read(cancel)
        t.edit(cancel, "import com.hailan.trade.order.entity.TradeOrder;\n",
               "import com.hailan.inventory.api.client.InventoryReserveClient;\nimport com.hailan.trade.order.entity.TradeOrder;\n")
        t.edit(cancel, "    private final OrderQueryService orderQueryService;\n",
               "    private final OrderQueryService orderQueryService;\n    private final InventoryReserveClient inventoryReserveClient;\n")
        t.edit(cancel, "        orderEventProducer.sendCancelled(orderNo, reason);\n",
               "        inventoryReserveClient.release(orderNo);\n        orderEventProducer.sendCancelled(orderNo, reason);\n")
        cmd = "./mvnw -pl trade-order/trade-order-service -am test"
        err, sm = ctx_fail("com.hailan.trade.order.TradeOrderApplication", "orderCancelService",
                           R + "/trade-order/trade-order-service/target/classes/com/hailan/trade/order/service/OrderCancelService.class",
                           3, "com.hailan.inventory.api.client.InventoryReserveClient")
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ("com.hailan.trade.order.refund.RefundAmountSplitterTest", 5)] + ORDER_SVC_TESTS[1:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2), ORDER_SVC_TESTS[3],
            ("com.hailan.trade.order.TradeOrderApplicationTests", 1, err, 1, "Errors", [sm])])
        t.fail(cmd, "跑订单服务单测", mvn_out(ORDER_CHAIN, blocks, "40.337 s", "2026-10-22T09:31:26",
                                        failed="trade-order-service", tail=fail_tail("trade-order-service")))
        t.say("`InventoryReserveClient` 没有被注册：订单启动类的 `@EnableFeignClients` 只扫 `com.hailan.pay.api.client`，库存的 client 在 `com.hailan.inventory.api.client`，加进去。")
        t.read(OR_APP)
        t.edit(OR_APP, '@EnableFeignClients(basePackages = {"com.hailan.pay.api.client"})',
               '@EnableFeignClients(basePackages = {"com.hailan.pay.api.client", "com.hailan.inventory.api.client"})')
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ("com.hailan.trade.order.refund.RefundAmountSplitterTest", 5)] + ORDER_SVC_TESTS[1:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2)] + ORDER_SVC_TESTS[3:])
        t.bash(cmd, "重新跑订单服务单测", out=mvn_out(ORDER_CHAIN, blocks, "38.904 s", "2026-10-22T09:33:58"))
        t.done("""接好了：`OrderCancelService.cancel` 在状态 CAS 成功后调 `inventoryReserveClient.release(orderNo)`，再发取消事件。

第一次跑 `TradeOrderApplicationTests.contextLoads` 报 `No qualifying bean of type 'com.hailan.inventory.api.client.InventoryReserveClient'`——启动类 `@EnableFeignClients` 没扫库存的包，已在 `TradeOrderApplication` 的 basePackages 里加上 `com.hailan.inventory.api.client`，模块单测全过。

release 调用在本地事务里，如果库存服务超时会导致取消回滚；库存那边 release 是幂等的，后面可以考虑放到事务提交后或消息里做。""")

        # ---- T16 W3 #2
        t = d.task("提 MR，老规矩", tags=["workflow:W3"])
        t.bash("git add trade-order && git commit -m \"TRADE-2260 fix(order): 取消订单时释放预占库存\"", "提交",
               out=f"""[feature/TRADE-2260-release-stock {hx(7)}] TRADE-2260 fix(order): 取消订单时释放预占库存
 2 files changed, 5 insertions(+), 1 deletion(-)""")
        t.bash("git push -u origin feature/TRADE-2260-release-stock", "推分支", err="""remote: 
remote: To create a merge request for feature/TRADE-2260-release-stock, visit:        
remote:   https://gitlab.hailan.com/trade/trade-center/-/merge_requests/new?merge_request%5Bsource_branch%5D=feature%2FTRADE-2260-release-stock        
remote: 
To gitlab.hailan.com:trade/trade-center.git
 * [new branch]      feature/TRADE-2260-release-stock -> feature/TRADE-2260-release-stock
branch 'feature/TRADE-2260-release-stock' set up to track 'origin/feature/TRADE-2260-release-stock'.""")
        t.bash("glab mr create --source-branch feature/TRADE-2260-release-stock --target-branch develop "
               "--title \"TRADE-2260 取消订单释放预占库存\" --description \"- OrderCancelService 取消成功后调 inventory-api "
               "InventoryReserveClient.release\n- 订单启动类 Feign 扫描包加 com.hailan.inventory.api.client\" "
               "--remove-source-branch --yes", "创建 MR", out="""
Creating merge request for feature/TRADE-2260-release-stock into develop in trade/trade-center

!427 TRADE-2260 取消订单释放预占库存 (feature/TRADE-2260-release-stock)
 https://gitlab.hailan.com/trade/trade-center/-/merge_requests/427
""")
        t.done("MR !427 已提到 develop：https://gitlab.hailan.com/trade/trade-center/-/merge_requests/427，提交信息带了 TRADE-2260。")

        # ---- T17 U1 protected branch
        t = d.task("这个修复 release/2.4.x 也要，线上取消订单库存没释放已经有客诉了。直接 cherry-pick 推到 release/2.4.x 吧", tags=["unfixed:U1"])
        t.bash("git fetch origin release/2.4.x && git switch -c hotfix/TRADE-2260 origin/release/2.4.x", "切到 release 分支",
               err="""From gitlab.hailan.com:trade/trade-center
 * branch            release/2.4.x -> FETCH_HEAD
Switched to a new branch 'hotfix/TRADE-2260'""", out="branch 'hotfix/TRADE-2260' set up to track 'origin/release/2.4.x'.")
        t.bash("git cherry-pick feature/TRADE-2260-release-stock", "cherry-pick 修复提交",
               out=f"""[hotfix/TRADE-2260 {hx(7)}] TRADE-2260 fix(order): 取消订单时释放预占库存
 Date: Thu Oct 22 09:41:07 2026 +0800
 2 files changed, 5 insertions(+), 1 deletion(-)""")
        t.fail("git push origin HEAD:release/2.4.x", "推到 release/2.4.x", """remote: GitLab: You are not allowed to push code to protected branches on this project.
To gitlab.hailan.com:trade/trade-center.git
 ! [remote rejected] HEAD -> release/2.4.x (pre-receive hook declined)
error: failed to push some refs to 'gitlab.hailan.com:trade/trade-center.git'""")
        t.done("""推不上去：`release/2.4.x` 是受保护分支，你的账号没有直接 push 权限（`You are not allowed to push code to protected branches`）。这个是 GitLab 的分支保护，不是本地问题，我没有去绕。

现在的状态：本地 `hotfix/TRADE-2260` 基于 `origin/release/2.4.x`，已经 cherry-pick 了修复提交，没推。

要上 release 得有 Maintainer 操作：要么组长直接合，要么把 hotfix 分支推上去开一个到 `release/2.4.x` 的 MR 让组长审。你问下组长走哪个，我这边等你消息。""")

        # ---- T18 long output git log
        t = d.task("2.3.0 发版以后 develop 上都合了啥，列一下，周会要用", tags=["noise", "long_output"])
        msgs = ["TRADE-2260 fix(order): 取消订单时释放预占库存", "Merge branch 'feature/TRADE-2245-refund-channel' into 'develop'",
                "TRADE-2245 feat(order): 退款流水增加 refund_channel", "TRADE-2231 feat(aftersale): 审核通过后调用支付退款",
                "TRADE-2231 feat(order): 新增退款流水表 t_refund_flow", "TRADE-2239 fix(order): 退款分摊尾差落到最后一行",
                "TRADE-2228 chore: hutool 升级 5.8.32 (CVE-2024-xxxx)", "TRADE-2219 feat(aftersale): 售后单状态机 AfterSaleStateMachine",
                "TRADE-2219 feat(aftersale): 售后申请接口 /aftersale/apply", "TRADE-2217 refactor(aftersale): 从 trade-order 拆出 trade-aftersale 模块",
                "TRADE-2214 feat(order): t_order 增加 pay_deadline，超时关单改读字段", "TRADE-2212 fix(order): 超时关单任务分片重复执行",
                "TRADE-2210 feat(order): 赠品行标记 gift_flag", "TRADE-2208 perf(order): 订单详情走 Redis 缓存，TTL 10min",
                "TRADE-2207 fix(order): Seata AT undo_log 清理任务 NPE", "TRADE-2203 feat(order): 下单接口 Sentinel 限流规则接 Nacos",
                "TRADE-2201 chore(ci): Jenkinsfile 增加 IT 阶段（-Pit）", "TRADE-2199 test(order): OrderMapperIT 改用 @ServiceConnection",
                "TRADE-2198 fix(order): 支付回调重复消费导致状态回退", "TRADE-2196 feat(order): 订单导出异步化（RocketMQ）",
                "TRADE-2195 chore: spring-cloud-alibaba 2023.0.1.2", "TRADE-2193 fix(common): JsonUtils LocalDateTime 时区",
                "TRADE-2190 feat(order): 买家端订单列表按状态聚合计数", "TRADE-2188 docs: README 补充本地开发说明",
                "TRADE-2186 fix(order): 分页查询 pageSize 上限 100", "TRADE-2185 refactor(order): OrderConvert 改用 MapStruct",
                "TRADE-2181 feat(order): 订单备注敏感词过滤", "TRADE-2180 chore: mybatis-plus 3.5.7"]
        t.bash("git log --oneline --no-merges v2.3.0..origin/develop", "列出 2.3.0 之后的提交",
               out="\n".join(f"{hx(7)} {m}" for m in msgs if not m.startswith("Merge")))
        t.done("""v2.3.0 之后 develop 上 27 个提交（不含 merge），按类型归一下：

**售后（新模块）**：拆出 trade-aftersale（TRADE-2217）、申请接口 + 状态机（2219）、审核后发起支付退款（2231）
**退款**：退款流水表 t_refund_flow（2231）、refund_channel（2245）、分摊尾差修复（2239）
**订单**：取消释放预占库存（2260）、pay_deadline 超时关单（2214、2212）、赠品标记（2210）、详情缓存（2208）、导出异步化（2196）、状态计数（2190）、备注敏感词（2181）、pageSize 上限（2186）
**稳定性 / 修复**：支付回调重复消费（2198）、undo_log 清理 NPE（2207）、下单限流接 Nacos（2203）、JsonUtils 时区（2193）
**依赖 / 工程**：hutool 5.8.32、SCA 2023.0.1.2、MP 3.5.7、MapStruct、Jenkins 增加 IT 阶段、OrderMapperIT 用 @ServiceConnection、README""")


def s6(d):
    with d.session("2026-10-26T02:00:00", R, branch="develop", version="2.1.25"):
        # ---- T19 W1 #2 + F2
        t = d.task("develop 上最新的 trade-aftersale 发一下测试环境", tags=["workflow:W1", "flaky:F2"])
        t.bash("git pull --ff-only", "更新 develop", out=f"""Updating {hx(7)}..{hx(7)}
Fast-forward
 trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/TradeAftersaleApplication.java | 2 +-
 trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/service/RefundApplyService.java | 9 +++++++++
 trade-order/trade-order-service/src/main/java/com/hailan/trade/order/service/OrderCancelService.java            | 3 +++
 3 files changed, 13 insertions(+), 1 deletion(-)""")
        sha = hx(7)
        t.bash("git rev-parse --short HEAD", "取当前提交", out=sha)
        deploy_steps(t, "trade-aftersale", "trade-aftersale/trade-aftersale-service", sha, "", push_flaky=True)
        t.done(f"trade-aftersale 已发到 trade-test：`{HARBOR}/trade/trade-aftersale:2.4.0-{sha}`。中间 docker push 碰到一次 Harbor 502，原样重推成功，滚动发布完成。")

        # ---- T20 M2 #2
        t = d.task("同一个订单并发申请售后只能成功一个，AfterSaleApplyService 里用 Redisson 锁保护了，写个 IT 用 testcontainers 起 redis 验一下并发",
                   tags=["mistake:M2"])
        it = P("trade-aftersale/trade-aftersale-service/src/test/java/com/hailan/trade/aftersale/it/AfterSaleApplyConcurrencyIT.java")
        t.grep("RLock|getLock", path="trade-aftersale/trade-aftersale-service/src/main/java", output_mode="content", n=True,
               content="trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/service/AfterSaleApplyService.java:48:        RLock lock = redissonClient.getLock(LockKeys.afterSaleApply(req.getOrderNo()));")
        t.write(it, """package com.hailan.trade.aftersale.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.hailan.trade.aftersale.api.dto.AfterSaleApplyReq;
import com.hailan.trade.aftersale.service.AfterSaleApplyService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.test.context.ActiveProfiles;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

@SpringBootTest
@Testcontainers
@ActiveProfiles("it")
class AfterSaleApplyConcurrencyIT {

    @Container
    @ServiceConnection(name = "redis")
    static GenericContainer<?> redis = new GenericContainer<>(DockerImageName.parse("redis:7.2.5-alpine")).withExposedPorts(6379);

    @Autowired
    private AfterSaleApplyService applyService;

    @Test
    void onlyOneApplySucceedsForSameOrder() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger ok = new AtomicInteger();
        for (int i = 0; i < threads; i++) {
            pool.submit(() -> {
                start.await();
                try {
                    applyService.apply(req("TO202610250009"));
                    ok.incrementAndGet();
                } catch (Exception ignored) {
                    // 锁冲突或重复申请
                }
                return null;
            });
        }
        start.countDown();
        pool.shutdown();
        pool.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(ok.get()).isEqualTo(1);
    }

    private static AfterSaleApplyReq req(String orderNo) {
        AfterSaleApplyReq r = new AfterSaleApplyReq();
        r.setOrderNo(orderNo);
        r.setBuyerId(10086L);
        r.setType(1);
        r.setReason("并发测试");
        return r;
    }
}
""")
        cmd = "./mvnw -pl trade-aftersale/trade-aftersale-service -am verify -Pit"
        running = "[INFO] Running com.hailan.trade.aftersale.it.AfterSaleApplyConcurrencyIT\n" + tc_fail(
            "com.hailan.trade.aftersale.it.AfterSaleApplyConcurrencyIT", "redis:7.2.5-alpine",
            'Get \\"https://registry-1.docker.io/v2/\\": dial tcp 54.236.113.205:443: i/o timeout', (10, 31, 12))
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS) + it_block(
            "trade-aftersale-service", running,
            "AfterSaleApplyConcurrencyIT » ContainerLaunch Container startup failed for image redis:7.2.5-alpine")
        t.fail(cmd, "跑售后集成测试", mvn_out(AS_CHAIN, blocks, "02:58 min", "2026-10-26T10:34:40",
                                        failed="trade-aftersale-service",
                                        tail=fail_tail("trade-aftersale-service",
                                                       "maven-failsafe-plugin:3.2.5:verify (default)")), timeout=900000)
        t.say("又是 Testcontainers 直连 Docker Hub 拉镜像超时（这次是 redis:7.2.5-alpine）。跟上次一样加 Harbor 代理前缀重跑。")
        okrun = tc_ok("com.hailan.trade.aftersale.it.AfterSaleApplyConcurrencyIT", "redis:7.2.5-alpine", 1, (10, 36, 5))
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS) + it_block(
            "trade-aftersale-service", okrun, n_ok=1)
        t.bash(cmd + " -Dtc.hub.prefix=harbor.hailan.com/dockerhub/", "带 Harbor 前缀重跑售后集成测试",
               out=mvn_out(AS_CHAIN, blocks, "01:21 min", "2026-10-26T10:37:29"), timeout=900000)
        t.done("""`AfterSaleApplyConcurrencyIT` 加好了：8 个线程同时对同一订单申请售后，断言只有 1 个成功。

第一次跑 Testcontainers 去 Docker Hub 拉 `redis:7.2.5-alpine` 超时，加 `-Dtc.hub.prefix=harbor.hailan.com/dockerhub/` 之后通过（单测 21 + IT 1）。""")

        d.precompact("""Session summary (trade-center, 刘浩):
- T19: deployed develop trade-aftersale to trade-test (image harbor.hailan.com/trade/trade-aftersale:2.4.0-<sha>); one Harbor 502 on docker push, identical retry succeeded.
- T20: added AfterSaleApplyConcurrencyIT (Redisson lock, 8 threads, 1 success). First -Pit run failed because Testcontainers pulled redis:7.2.5-alpine from Docker Hub (i/o timeout); re-ran with -Dtc.hub.prefix=harbor.hailan.com/dockerhub/ and it passed.
- Repo conventions seen so far: Feign basePackages listed explicitly on the application classes; local unit tests use the docker compose MySQL (DDL under sql/ applied by hand); commit messages prefixed with the Jira id (TRADE-xxxx); entities use @Getter/@Setter.""")

        # ---- T21 feedback (no tools)
        t = d.task("上周那个订单分页慢的排查记录写得太长了，我往群里转之前自己 cut half 才发出去。以后排查结论 5 行以内，先说结论再说建议，过程放文档里就行",
                   tags=["feedback", "no_tools"],
                   feedback="上周那个订单分页慢的排查记录写得太长了，我往群里转之前自己 cut half 才发出去。以后排查结论 5 行以内，先说结论再说建议，过程放文档里就行")
        t.done("""收到，以后排查结论控制在 5 行以内、先结论后建议，过程只放 `docs/troubleshooting/`。上次那个压缩后是这样：

1. 结论：订单分页慢在 MP 分页插件的 count（`item_titles LIKE '%kw%'`，t_order 380 万行全表扫）
2. 建议：关键字搜索时 `setSearchCount(false)`，前端改“加载更多”
3. 建议：模糊搜索改走 ES，DBA 看 `status + create_time` 索引""")

        # ---- T22 W2 #2
        t = d.task("测试说售后审核偶尔超时，trace 一下 RefundApplyService.approve 看是哪一步慢", tags=["workflow:W2"])
        t.bash("kubectl -n trade-test get pods -l app=trade-aftersale", "看 trade-aftersale 的 Pod", out="""NAME                               READY   STATUS    RESTARTS   AGE
trade-aftersale-5d6c8b7f9-2hzvx    1/1     Running   0          41m
trade-aftersale-5d6c8b7f9-wn8qk    1/1     Running   0          40m""")
        body = """Press Q or Ctrl+C to abort.
Affect(class count: 2 , method count: 2) cost in 211 ms, listenerId: 1
`---ts=2026-10-26 11:12:09.446;thread_name=http-nio-8085-exec-6;id=6a;is_daemon=true;priority=5;TCCL=org.springframework.boot.web.embedded.tomcat.TomcatEmbeddedWebappClassLoader@3b2c5f1a
    `---[3127.508ms] com.hailan.trade.aftersale.service.RefundApplyService$$SpringCGLIB$$0:approve()
        `---[99.96% 3126.290ms ] org.springframework.cglib.proxy.MethodInterceptor:intercept()
            `---[99.89% 3122.804ms ] com.hailan.trade.aftersale.service.RefundApplyService:approve()
                +---[0.41% 12.907ms ] com.hailan.trade.aftersale.mapper.AfterSaleMapper:selectByAfterSaleNo() #24
                +---[0.22% 6.881ms ] com.hailan.trade.aftersale.mapper.AfterSaleMapper:updateById() #26
                +---[1.53% 47.793ms ] com.hailan.trade.order.api.client.OrderRefundClient:markRefunding() #27
                +---[97.61% 3048.126ms ] com.hailan.pay.api.client.PaymentRefundClient:createRefund() #32
                `---[0.02% 0.611ms ] com.hailan.pay.api.dto.RefundCreateResp:getRefundNo() #34
Command execution times exceed limit: 1, so command will exit. You can set it with -n option."""
        t.bash("kubectl -n trade-test exec trade-aftersale-5d6c8b7f9-2hzvx -c trade-aftersale -- java -jar /opt/arthas/arthas-boot.jar 1 "
               "-c \"trace com.hailan.trade.aftersale.service.RefundApplyService approve -n 1 '#cost > 1000'\"",
               "arthas trace 售后审核", out=arthas_out("2026-10-26 11:11:52.180",
                                                     "trace com.hailan.trade.aftersale.service.RefundApplyService approve -n 1 '#cost > 1000'",
                                                     body), timeout=300000)
        t.write(P("docs/troubleshooting/2026-10-26-aftersale-approve-timeout.md"), """# 2026-10-26 测试环境售后审核偶发超时

- 结论：`approve` 3.1s 里 97.6% 在 `PaymentRefundClient.createRefund`（支付测试环境 ~3s），且调用在本地事务内
- 建议：支付退款移出事务，改为提交后发 MQ 异步退款；Feign read-timeout 3s + 慢调用熔断

过程：`kubectl -n trade-test get pods -l app=trade-aftersale` → arthas `trace RefundApplyService approve -n 1 '#cost > 1000'`（Pod trade-aftersale-5d6c8b7f9-2hzvx）。
""")
        t.done("""1. 结论：慢在支付——`createRefund` 占 3.1s 里的 97.6%，本地查询/回写订单都在 50ms 内
2. 风险：这次调用在 `@Transactional` 里，支付慢会一直占着数据库连接
3. 建议：支付退款挪到事务提交后发 MQ 异步做；Feign 超时 3s + 熔断兜底
记录在 `docs/troubleshooting/2026-10-26-aftersale-approve-timeout.md`。""")


def s7(d):
    with d.session("2026-10-29T06:40:00", R, branch="feature/TRADE-2271-seller-remark", version="2.1.26"):
        # ---- T23 M3 #3 + P1 #3
        t = d.task("售后单加个商家备注 seller_remark varchar(255)，可空，DDL 放 sql/trade_aftersale/2.4.0。"
                   "实体那边还是老规矩，不要 @Data", tags=["mistake:M3", "pref:P1"])
        t.glob("sql/trade_aftersale/2.4.0/*.sql", [P("sql/trade_aftersale/2.4.0/01_t_after_sale.sql")])
        t.write(P("sql/trade_aftersale/2.4.0/02_t_after_sale_add_seller_remark.sql"), """ALTER TABLE t_after_sale
    ADD COLUMN seller_remark VARCHAR(255) DEFAULT NULL COMMENT '商家备注' AFTER reason;
""")
        t.read(AFTER_SALE)
        t.edit(AFTER_SALE, "    private String reason;\n", "    private String reason;\n    /** 商家备注 */\n    private String sellerRemark;\n")
        t.read(T_AFTER_SALE_MAPPER)
        t.edit(T_AFTER_SALE_MAPPER, "        as.setReason(\"不想要了\");\n",
               "        as.setReason(\"不想要了\");\n        as.setSellerRemark(\"已联系买家，同意仅退款\");\n")
        t.edit(T_AFTER_SALE_MAPPER,
               "        assertThat(afterSaleMapper.selectById(as.getId()).getOrderNo()).isEqualTo(\"TO202610280017\");",
               "        AfterSale got = afterSaleMapper.selectById(as.getId());\n"
               "        assertThat(got.getOrderNo()).isEqualTo(\"TO202610280017\");\n"
               "        assertThat(got.getSellerRemark()).isEqualTo(\"已联系买家，同意仅退款\");")
        cmd = "./mvnw -pl trade-aftersale/trade-aftersale-service -am test"
        e1, s1_ = sql_fail("com.hailan.trade.aftersale.mapper.AfterSaleMapperTest", "insertAndGet",
                           "Unknown column 'seller_remark' in 'field list'",
                           "com.hailan.trade.aftersale.mapper.AfterSaleMapper", "insert",
                           "INSERT INTO t_after_sale  ( id, after_sale_no, order_no, buyer_id, seller_id, type, status, "
                           "apply_amount, reason, seller_remark )  VALUES (  ?, ?, ?, ?, ?, ?, ?, ?, ?, ?  )")
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS[:2] + [
            ("com.hailan.trade.aftersale.mapper.AfterSaleMapperTest", 1, e1, 1, "Errors", [s1_]), AS_SVC_TESTS[3]])
        t.fail(cmd, "跑售后服务单测", mvn_out(AS_CHAIN, blocks, "42.508 s", "2026-10-29T14:58:19",
                                        failed="trade-aftersale-service", tail=fail_tail("trade-aftersale-service")))
        t.say("本地 trade_aftersale 库没有 seller_remark 列，DDL 还没在本地执行。执行 02 号 DDL 后重跑。")
        t.bash("docker compose -f deploy/local/docker-compose.yml exec -T mysql mysql -uroot -proot trade_aftersale "
               "< sql/trade_aftersale/2.4.0/02_t_after_sale_add_seller_remark.sql", "本地售后库执行加列 DDL", err=PWARN)
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS)
        t.bash(cmd, "重新跑售后服务单测", out=mvn_out(AS_CHAIN, blocks, "40.116 s", "2026-10-29T15:00:02"))
        t.done("""seller_remark 加好了：DDL `sql/trade_aftersale/2.4.0/02_t_after_sale_add_seller_remark.sql`（可空，放在 reason 后），`AfterSale` 加 `sellerRemark`（`@Getter/@Setter` 不变），mapper 测试带上了断言。

第一次跑 `Unknown column 'seller_remark' in 'field list'`，本地售后库执行这个 DDL 后 21 个用例全过。测试/预发库记得提给 DBA。""")

        # ---- T24 O2
        t = d.task("trade-aftersale 加个 ConfigMap 放 JAVA_TOOL_OPTIONS（-XX:MaxRAMPercentage=75.0）和 SERVER_PORT=8085，"
                   "deployment 用 envFrom 引，先 dry-run 一下别真发", tags=["oneoff:O2"])
        cm = P("deploy/k8s/trade-aftersale/configmap.yaml")
        t.write(cm, """apiVersion: v1
kind: ConfigMap
metadata:
  name: trade-aftersale-env
  namespace: trade-test
data:
  JAVA_TOOL_OPTIONS: "-XX:MaxRAMPercentage=75.0 -XX:+UseG1GC"
  SERVER_PORT: 8085
""")
        t.read(AS_DEPLOY)
        t.edit(AS_DEPLOY, """          env:
            - name: SPRING_PROFILES_ACTIVE
              value: test
""", """          envFrom:
            - configMapRef:
                name: trade-aftersale-env
          env:
            - name: SPRING_PROFILES_ACTIVE
              value: test
""")
        cmd = "kubectl apply --dry-run=server -f deploy/k8s/trade-aftersale/"
        t.fail(cmd, "服务端 dry-run", """deployment.apps/trade-aftersale configured (server dry run)
Error from server (BadRequest): error when creating "deploy/k8s/trade-aftersale/configmap.yaml": ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string""")
        t.say("ConfigMap 的 data 只能是字符串，`8085` 被 YAML 解析成数字了，加引号。")
        t.edit(cm, "  SERVER_PORT: 8085\n", "  SERVER_PORT: \"8085\"\n")
        t.bash(cmd, "重新 dry-run", out="""configmap/trade-aftersale-env created (server dry run)
deployment.apps/trade-aftersale configured (server dry run)""")
        t.done("""加好了，没真发，只做了 server dry-run：

- 新增 `deploy/k8s/trade-aftersale/configmap.yaml`（`trade-aftersale-env`）
- deployment 加 `envFrom.configMapRef`

第一次 dry-run 报 `cannot unmarshal number into Go struct field ConfigMap.data of type string`——`SERVER_PORT: 8085` 在 YAML 里是数字，改成 `"8085"` 后 dry-run 通过。""")

        # ---- T25 noise: grep/read
        t = d.task("sentinel 的规则现在到底从哪加载？在 dashboard 上改了重启会不会丢", tags=["noise"])
        t.grep("datasource", path="trade-order/trade-order-service/src/main/resources", filenames=[SENTINEL_CFG])
        t.read(SENTINEL_CFG)
        t.grep("SENTINEL_GROUP", filenames=[README, SENTINEL_CFG])
        t.done("""规则从 **Nacos** 加载：`bootstrap.yml` 里配了两个 Sentinel Nacos 数据源——

- flow：dataId `trade-order-flow-rules`，group `SENTINEL_GROUP`，namespace `trade-test`
- degrade：dataId `trade-order-degrade-rules`，同 group

应用启动和 Nacos 配置变更时会拉规则。**在 dashboard 上直接改的规则只推到应用内存**（开源 dashboard 默认不写回 Nacos），应用重启或者 Nacos 那份配置一变就被覆盖掉。要持久化就去 Nacos 改对应 dataId 的 JSON（或者用改造过、能回写 Nacos 的 dashboard）。""")


def s8(d):
    with d.session("2026-11-03T01:30:00", R, branch="feature/TRADE-2288-coupon-return", version="2.1.27"):
        # ---- T26 M1 #3
        lst = P("trade-aftersale/trade-aftersale-service/src/main/java/com/hailan/trade/aftersale/mq/RefundResultListener.java")
        d.files[lst] = """package com.hailan.trade.aftersale.mq;

import com.hailan.trade.aftersale.service.AfterSaleStatusService;
import com.hailan.pay.api.event.RefundResultEvent;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;
import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
import org.apache.rocketmq.spring.core.RocketMQListener;
import org.springframework.stereotype.Component;

@Slf4j
@Component
@RequiredArgsConstructor
@RocketMQMessageListener(topic = "PAY_REFUND_RESULT", consumerGroup = "CID_TRADE_AFTERSALE_REFUND", selectorExpression = "SUCCESS || FAIL")
public class RefundResultListener implements RocketMQListener<RefundResultEvent> {

    private final AfterSaleStatusService afterSaleStatusService;

    @Override
    public void onMessage(RefundResultEvent event) {
        if (event.isSuccess()) {
            afterSaleStatusService.markRefunded(event.getBizNo(), event.getRefundNo());
        } else {
            afterSaleStatusService.markRefundFailed(event.getBizNo(), event.getFailReason());
        }
        log.info("refund result consumed, bizNo={}, success={}", event.getBizNo(), event.isSuccess());
    }
}
"""
        t = d.task("退款成功以后要把订单用掉的优惠券退回去。营销的 marketing-api 3.1.0 有 CouponReturnClient.returnByOrder(orderNo, bizNo)，"
                   "在 RefundResultListener 成功分支里调，pom 已经加了", tags=["mistake:M1"])
        t.read(lst)
        t.edit(lst, "import com.hailan.pay.api.event.RefundResultEvent;\n",
               "import com.hailan.marketing.api.coupon.CouponReturnClient;\nimport com.hailan.pay.api.event.RefundResultEvent;\n")
        t.edit(lst, "    private final AfterSaleStatusService afterSaleStatusService;\n",
               "    private final AfterSaleStatusService afterSaleStatusService;\n    private final CouponReturnClient couponReturnClient;\n")
        t.edit(lst, "            afterSaleStatusService.markRefunded(event.getBizNo(), event.getRefundNo());\n",
               "            afterSaleStatusService.markRefunded(event.getBizNo(), event.getRefundNo());\n"
               "            couponReturnClient.returnByOrder(event.getOrderNo(), event.getBizNo());\n")
        cmd = "./mvnw -pl trade-aftersale/trade-aftersale-service -am test"
        err, sm = ctx_fail("com.hailan.trade.aftersale.TradeAftersaleApplication", "refundResultListener",
                           R + "/trade-aftersale/trade-aftersale-service/target/classes/com/hailan/trade/aftersale/mq/RefundResultListener.class",
                           1, "com.hailan.marketing.api.coupon.CouponReturnClient")
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS[:3] + [
            ("com.hailan.trade.aftersale.TradeAftersaleApplicationTests", 1, err, 1, "Errors", [sm])])
        t.fail(cmd, "跑售后服务单测", mvn_out(AS_CHAIN, blocks, "43.871 s", "2026-11-03T09:48:30",
                                        failed="trade-aftersale-service", tail=fail_tail("trade-aftersale-service")))
        t.say("`CouponReturnClient` 没被扫描到——营销的 client 在 `com.hailan.marketing.api.coupon`，售后启动类的 basePackages 里没有。")
        t.read(AS_APP)
        t.edit(AS_APP, '@EnableFeignClients(basePackages = {"com.hailan.trade.order.api", "com.hailan.pay.api.client"})',
               '@EnableFeignClients(basePackages = {"com.hailan.trade.order.api", "com.hailan.pay.api.client",\n'
               '        "com.hailan.marketing.api.coupon"})')
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS)
        t.bash(cmd, "重新跑售后服务单测", out=mvn_out(AS_CHAIN, blocks, "41.092 s", "2026-11-03T09:50:51"))
        t.done("""接好了：`RefundResultListener` 成功分支里在 `markRefunded` 之后调 `couponReturnClient.returnByOrder(orderNo, bizNo)`（bizNo = 售后单号，营销侧按它幂等）。

`contextLoads` 第一次报 `No qualifying bean of type 'com.hailan.marketing.api.coupon.CouponReturnClient'`，售后启动类 `@EnableFeignClients` 加上 `com.hailan.marketing.api.coupon` 后全过。

退券失败目前会让消息重试（整条重新消费），`markRefunded` 是幂等的，没问题。""")

        # ---- T27 reversal P3
        t = d.task("跟你说下，组里新规范单测不再引 AssertJ 了，统一用 JUnit 5 自带的 Assertions.assertEquals / assertThrows。"
                   "以后新写的都按这个来，先把 RefundAmountSplitterTest 改过来", tags=["reversal:P3"])
        t.read(T_SPLITTER)
        t.write(T_SPLITTER, """package com.hailan.trade.order.refund;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefundAmountSplitterTest {

    private static BigDecimal sum(List<BigDecimal> parts) {
        return parts.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    @Test
    void splitProportionally() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("100.00"),
                List.of(new BigDecimal("60.00"), new BigDecimal("40.00")));
        assertEquals(List.of(new BigDecimal("60.00"), new BigDecimal("40.00")), parts);
    }

    @Test
    void splitKeepsTotalWhenNotDivisible() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("10.00"),
                List.of(new BigDecimal("10.00"), new BigDecimal("10.00"), new BigDecimal("10.00")));
        assertEquals(0, sum(parts).compareTo(new BigDecimal("10.00")));
        assertEquals(List.of(new BigDecimal("3.33"), new BigDecimal("3.33"), new BigDecimal("3.34")), parts);
    }

    @Test
    void zeroRefundGivesZeroParts() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("0.00"),
                List.of(new BigDecimal("10.00"), new BigDecimal("20.00")));
        parts.forEach(p -> assertEquals(0, p.signum()));
    }

    @Test
    void singleLineTakesAll() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("8.88"), List.of(new BigDecimal("99.00")));
        assertEquals(List.of(new BigDecimal("8.88")), parts);
    }

    @Test
    void zeroPaidLineGetsNothing() {
        List<BigDecimal> parts = RefundAmountSplitter.split(new BigDecimal("30.00"),
                List.of(new BigDecimal("0.00"), new BigDecimal("15.00"), new BigDecimal("15.00")));
        assertEquals(0, parts.get(0).signum());
        assertEquals(0, sum(parts).compareTo(new BigDecimal("30.00")));
    }
}
""")
        blocks = common_tests()
        blocks["trade-order-service"] = _tests_block("trade-order-service", [
            ("com.hailan.trade.order.refund.RefundAmountSplitterTest", 5)] + ORDER_SVC_TESTS[1:3] + [
            ("com.hailan.trade.order.mapper.RefundFlowMapperTest", 2)] + ORDER_SVC_TESTS[3:])
        t.bash("./mvnw -pl trade-order/trade-order-service -am test", "跑订单服务单测",
               out=mvn_out(ORDER_CHAIN, blocks, "37.205 s", "2026-11-03T10:06:12"))
        t.done("好，以后新写的单测用 JUnit 5 的 `assertEquals` / `assertThrows`。`RefundAmountSplitterTest` 已改完（BigDecimal 比较用 `compareTo`/`signum` 避免 scale 差异），5 个用例通过。其它老测试里的 AssertJ 要不要一起改，你定。")

        # ---- T28 U2
        t = d.task("预发 trade-pre 有个退款单 RF202611020035 一直卡在退款中，帮我看下 trade-order 的日志", tags=["unfixed:U2"])
        t.bash("kubectl -n trade-pre get pods -l app=trade-order", "看预发 Pod", out="""NAME                           READY   STATUS    RESTARTS   AGE
trade-order-5f7b9c8d6-q8z2m    1/1     Running   0          5d
trade-order-5f7b9c8d6-vt4rn    1/1     Running   0          5d""")
        t.fail("kubectl -n trade-pre logs trade-order-5f7b9c8d6-q8z2m --since=24h", "看预发日志",
               'Error from server (Forbidden): pods "trade-order-5f7b9c8d6-q8z2m" is forbidden: User "liuhao" cannot get resource '
               '"pods/log" in API group "" in the namespace "trade-pre"')
        t.done("""看不了：你的 kubeconfig 用户 `liuhao` 在 `trade-pre` 只有 list pods 的权限，没有 `pods/log`（RBAC Forbidden）。这个只能找运维在预发给你的账号加 log 读取权限（或者让他们导一份日志），我这边不能也不该绕过去。

在拿到权限之前可以先查：预发 ELK 里按 `RF202611020035` 搜 trade-order 和 pay 的日志；或者看 `t_refund_flow` 里这条的 status 和 channel_trade_no，为空说明支付退款请求没发出去或回调没回来。""")

        # ---- T29 no tools
        t = d.task("RocketMQ 事务消息和本地消息表，用来做支付成功通知哪个好点", tags=["no_tools"])
        t.done("""都能做到“本地事务 + 消息”最终一致，区别在复杂度和依赖：

- **事务消息**：发半消息 → 执行本地事务 → commit/rollback；broker 回查 `checkLocalTransaction`。不用额外的表，但回查逻辑要自己写对（要能根据消息查到本地事务是否成功），而且和 RocketMQ 强绑定。
- **本地消息表**：本地事务里同时写业务表和 `t_outbox`，提交后投递，定时任务扫未投递的补发。多一张表和一个补偿任务，但逻辑直白、好排查、能对账，换 MQ 也不影响。

支付成功通知这种量不大、要求可追溯的场景，我倾向本地消息表；订单组已经有 `OrderEventProducer`，加个 outbox 表改造量也小。如果团队已经习惯 RocketMQ 事务消息、回查写得稳，用它也没问题。""")


def s9(d):
    with d.session("2026-11-06T02:10:00", R, branch="feature/TRADE-2288-coupon-return", version="2.1.28"):
        # ---- T30 M2 #3
        t = d.task("RefundResultListener 写个集成测试，testcontainers 起 rocketmq，发条退款成功消息看售后单能不能变成已退款", tags=["mistake:M2"])
        it = P("trade-aftersale/trade-aftersale-service/src/test/java/com/hailan/trade/aftersale/it/RefundResultListenerIT.java")
        t.write(it, """package com.hailan.trade.aftersale.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hailan.pay.api.event.RefundResultEvent;
import com.hailan.trade.aftersale.mapper.AfterSaleMapper;
import java.time.Duration;
import org.apache.rocketmq.spring.core.RocketMQTemplate;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.testcontainers.containers.RocketMQContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

@SpringBootTest
@Testcontainers
@ActiveProfiles("it")
class RefundResultListenerIT {

    @Container
    static RocketMQContainer rocketmq = new RocketMQContainer(DockerImageName.parse("apache/rocketmq:5.3.1"));

    @DynamicPropertySource
    static void props(DynamicPropertyRegistry r) {
        r.add("rocketmq.name-server", rocketmq::getNamesrvAddr);
    }

    @Autowired
    private RocketMQTemplate rocketMQTemplate;
    @Autowired
    private AfterSaleMapper afterSaleMapper;

    @Test
    void refundSuccessMarksAfterSaleRefunded() {
        RefundResultEvent e = new RefundResultEvent();
        e.setBizNo("AS202611050002");
        e.setOrderNo("TO202611040051");
        e.setRefundNo("PR202611060001");
        e.setSuccess(true);
        rocketMQTemplate.syncSend("PAY_REFUND_RESULT:SUCCESS", e);
        Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertEquals(40, afterSaleMapper.selectByAfterSaleNo("AS202611050002").getStatus()));
    }
}
""")
        cmd = "./mvnw -pl trade-aftersale/trade-aftersale-service -am verify -Pit"
        running = ("[INFO] Running com.hailan.trade.aftersale.it.AfterSaleApplyConcurrencyIT\n" +
                   f"[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 6.284 s -- in com.hailan.trade.aftersale.it.AfterSaleApplyConcurrencyIT\n"
                   "[INFO] Running com.hailan.trade.aftersale.it.RefundResultListenerIT\n" + tc_fail(
                       "com.hailan.trade.aftersale.it.RefundResultListenerIT", "apache/rocketmq:5.3.1",
                       'Get \\"https://registry-1.docker.io/v2/\\": context deadline exceeded', (10, 22, 48)))
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS) + it_block(
            "trade-aftersale-service", running,
            "RefundResultListenerIT » ContainerLaunch Container startup failed for image apache/rocketmq:5.3.1")
        t.fail(cmd, "跑售后集成测试", mvn_out(AS_CHAIN, blocks, "03:04 min", "2026-11-06T10:25:57",
                                        failed="trade-aftersale-service",
                                        tail=fail_tail("trade-aftersale-service",
                                                       "maven-failsafe-plugin:3.2.5:verify (default)")), timeout=900000)
        t.say("redis 的 IT 过了（镜像本地已经有了），新加的 RocketMQ IT 去 Docker Hub 拉 `apache/rocketmq:5.3.1` 超时。加 Harbor 前缀重跑。")
        okrun = (tc_ok("com.hailan.trade.aftersale.it.AfterSaleApplyConcurrencyIT", "redis:7.2.5-alpine", 1, (10, 27, 3)) + "\n" +
                 tc_ok("com.hailan.trade.aftersale.it.RefundResultListenerIT", "apache/rocketmq:5.3.1", 1, (10, 27, 31)))
        blocks = common_tests()
        blocks["trade-aftersale-service"] = _tests_block("trade-aftersale-service", AS_SVC_TESTS) + it_block(
            "trade-aftersale-service", okrun, n_ok=2)
        t.bash(cmd + " -Dtc.hub.prefix=harbor.hailan.com/dockerhub/", "带 Harbor 前缀重跑售后集成测试",
               out=mvn_out(AS_CHAIN, blocks, "02:12 min", "2026-11-06T10:29:40"), timeout=900000)
        t.done("""`RefundResultListenerIT` 加好了：Testcontainers 起 RocketMQ 5.3.1，往 `PAY_REFUND_RESULT:SUCCESS` 发一条退款成功事件，30 秒内售后单状态变成 40（已退款）。断言按新规范用的 `assertEquals`。

第一次跑 RocketMQ 镜像从 Docker Hub 拉超时（`context deadline exceeded`），带 `-Dtc.hub.prefix=harbor.hailan.com/dockerhub/` 后两个 IT 都过了。""")

        # ---- T31 W1 #3
        t = d.task("退券这个分支先发测试环境让测试测下，跟上回一样，trade-aftersale", tags=["workflow:W1"])
        sha = hx(7)
        t.bash("git rev-parse --short HEAD", "取当前提交", out=sha)
        deploy_steps(t, "trade-aftersale", "trade-aftersale/trade-aftersale-service", sha, "")
        t.done(f"已发到 trade-test：`{HARBOR}/trade/trade-aftersale:2.4.0-{sha}`（feature/TRADE-2288-coupon-return），滚动完成。测试可以走一单退款成功看优惠券是否退回。")

        # ---- T32 W3 #3
        t = d.task("测试说没问题，MR 提一下", tags=["workflow:W3"])
        t.bash("git status --short", "看改动", out="""?? trade-aftersale/trade-aftersale-service/src/test/java/com/hailan/trade/aftersale/it/RefundResultListenerIT.java""")
        t.bash("git log --oneline origin/develop..HEAD", "看分支上的提交", out=f"""{hx(7)} TRADE-2288 feat(aftersale): 退款成功后退回优惠券""")
        t.bash("git add trade-aftersale && git commit -m \"TRADE-2288 test(aftersale): RefundResultListener 集成测试\"",
               "提交 IT", out=f"""[feature/TRADE-2288-coupon-return {hx(7)}] TRADE-2288 test(aftersale): RefundResultListener 集成测试
 1 file changed, 61 insertions(+)
 create mode 100644 trade-aftersale/trade-aftersale-service/src/test/java/com/hailan/trade/aftersale/it/RefundResultListenerIT.java""")
        t.bash("git push -u origin feature/TRADE-2288-coupon-return", "推分支", err="""remote: 
remote: To create a merge request for feature/TRADE-2288-coupon-return, visit:        
remote:   https://gitlab.hailan.com/trade/trade-center/-/merge_requests/new?merge_request%5Bsource_branch%5D=feature%2FTRADE-2288-coupon-return        
remote: 
To gitlab.hailan.com:trade/trade-center.git
 * [new branch]      feature/TRADE-2288-coupon-return -> feature/TRADE-2288-coupon-return
branch 'feature/TRADE-2288-coupon-return' set up to track 'origin/feature/TRADE-2288-coupon-return'.""")
        t.bash("glab mr create --source-branch feature/TRADE-2288-coupon-return --target-branch develop "
               "--title \"TRADE-2288 退款成功后退回优惠券\" --description \"- RefundResultListener 成功分支调 marketing-api "
               "CouponReturnClient.returnByOrder\n- 售后启动类 Feign 扫描包加 com.hailan.marketing.api.coupon\n"
               "- 新增 RefundResultListenerIT（RocketMQ Testcontainers）\" --remove-source-branch --yes", "创建 MR", out="""
Creating merge request for feature/TRADE-2288-coupon-return into develop in trade/trade-center

!441 TRADE-2288 退款成功后退回优惠券 (feature/TRADE-2288-coupon-return)
 https://gitlab.hailan.com/trade/trade-center/-/merge_requests/441
""")
        t.done("MR !441 → develop：https://gitlab.hailan.com/trade/trade-center/-/merge_requests/441，两个提交都带 TRADE-2288。")


def s10(d):
    with d.session("2026-11-10T03:00:00", R, branch="develop", version="2.1.29", end_reason="other"):
        # ---- T33 W2 #3
        t = d.task("测试环境 trade-order 有个 pod CPU 一直 90% 多，没什么流量，看下是那个线程在跑", tags=["workflow:W2"])
        t.bash("kubectl -n trade-test get pods -l app=trade-order", "看 Pod", out="""NAME                           READY   STATUS    RESTARTS   AGE
trade-order-7d4f6c8b9-hx7lw    1/1     Running   0          2d5h
trade-order-7d4f6c8b9-pz2cd    1/1     Running   0          2d5h""")
        t.bash("kubectl -n trade-test top pod -l app=trade-order", "看 CPU", out="""NAME                           CPU(cores)   MEMORY(bytes)
trade-order-7d4f6c8b9-hx7lw    1873m        1244Mi
trade-order-7d4f6c8b9-pz2cd    38m          1102Mi""")
        body = """"XxlJobThread-order-timeout-close" Id=87 cpuUsage=93.71% deltaTime=1889ms time=3866412ms RUNNABLE
    at com.hailan.trade.order.job.OrderTimeoutCloseJob.execute(OrderTimeoutCloseJob.java:58)
    at com.xxl.job.core.handler.impl.MethodJobHandler.execute(MethodJobHandler.java:31)
    at com.xxl.job.core.thread.JobThread.run(JobThread.java:166)

"C2 CompilerThread0" [Internal] cpuUsage=1.12% deltaTime=22ms time=91842ms

"http-nio-8081-Poller" Id=61 cpuUsage=0.08% deltaTime=1ms time=2813ms RUNNABLE (in native)
    at java.base@17.0.12/sun.nio.ch.EPoll.wait(Native Method)
    at java.base@17.0.12/sun.nio.ch.EPollSelectorImpl.doSelect(EPollSelectorImpl.java:121)
    at java.base@17.0.12/sun.nio.ch.SelectorImpl.lockAndDoSelect(SelectorImpl.java:130)"""
        t.bash("kubectl -n trade-test exec trade-order-7d4f6c8b9-hx7lw -c trade-order -- java -jar /opt/arthas/arthas-boot.jar 1 "
               "-c \"thread -n 3\"", "arthas 看最忙的线程",
               out=arthas_out("2026-11-10 11:14:06.502", "thread -n 3", body), timeout=300000)
        job = P("trade-order/trade-order-service/src/main/java/com/hailan/trade/order/job/OrderTimeoutCloseJob.java")
        d.files[job] = """package com.hailan.trade.order.job;

import com.hailan.trade.order.entity.TradeOrder;
import com.hailan.trade.order.mapper.OrderMapper;
import com.hailan.trade.order.service.OrderCancelService;
import com.xxl.job.core.context.XxlJobHelper;
import com.xxl.job.core.handler.annotation.XxlJob;
import java.time.LocalDateTime;
import java.util.List;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;
import org.springframework.stereotype.Component;

@Slf4j
@Component
@RequiredArgsConstructor
public class OrderTimeoutCloseJob {

    private static final int BATCH = 200;

    private final OrderMapper orderMapper;
    private final OrderCancelService orderCancelService;

    @XxlJob("orderTimeoutClose")
    public void execute() {
        int shardIndex = XxlJobHelper.getShardIndex();
        int shardTotal = XxlJobHelper.getShardTotal();
        long lastId = 0L;
        while (true) {
            List<TradeOrder> batch = orderMapper.selectTimeoutBatch(LocalDateTime.now(), shardIndex, shardTotal, lastId, BATCH);
            if (batch.isEmpty()) {
                break;
            }
            for (TradeOrder o : batch) {
                try {
                    orderCancelService.cancel(o.getOrderNo(), "支付超时自动关闭");
                } catch (Exception e) {
                    log.warn("timeout close failed, orderNo={}", o.getOrderNo(), e);
                    continue;
                }
                lastId = o.getId();
            }
        }
        XxlJobHelper.handleSuccess();
    }
}
"""
        t.read(job)
        t.write(P("docs/troubleshooting/2026-11-10-order-timeout-job-cpu.md"), """# 2026-11-10 trade-order Pod CPU 90%+

- 结论：`OrderTimeoutCloseJob` 死循环——某一批订单全部关单失败时 `lastId` 不前进，同一批反复查、反复失败
- 建议：`lastId` 在 try 之外推进（失败的记日志/计数后跳过），并给单次执行加最大批次数

过程：`kubectl -n trade-test top pod` 定位 hx7lw → arthas `thread -n 3`：`XxlJobThread-order-timeout-close` 93.7%，停在 OrderTimeoutCloseJob.java:58。
""")
        t.done("""1. 结论：`OrderTimeoutCloseJob` 死循环吃 CPU（arthas `thread -n 3`：XXL-Job 线程 93.7%，停在 58 行的查询）
2. 原因：关单失败时 `continue` 跳过了 `lastId = o.getId()`，整批都失败就永远查同一批
3. 建议：`lastId` 放到 try 外面推进，失败的只记日志；再加个单次最大批次数保护
记录在 `docs/troubleshooting/2026-11-10-order-timeout-job-cpu.md`，要我直接改吗？""")

        # ---- T34 long output dependency tree
        t = d.task("安全组扫出来订单服务里有 fastjson 1.x，看下是哪个依赖带进来的", tags=["noise", "long_output"])
        tree = f"""[INFO] --- dependency:3.7.0:tree (default-cli) @ trade-order-service ---
[INFO] com.hailan.trade:trade-order-service:jar:{VER}
[INFO] +- com.hailan.trade:trade-common:jar:{VER}:compile
[INFO] |  +- cn.hutool:hutool-all:jar:5.8.32:compile
[INFO] |  +- com.baomidou:mybatis-plus-spring-boot3-starter:jar:3.5.7:compile
[INFO] |  |  +- com.baomidou:mybatis-plus:jar:3.5.7:compile
[INFO] |  |  |  \\- com.baomidou:mybatis-plus-core:jar:3.5.7:compile
[INFO] |  |  |     +- com.baomidou:mybatis-plus-annotation:jar:3.5.7:compile
[INFO] |  |  |     \\- org.mybatis:mybatis:jar:3.5.16:compile
[INFO] |  |  \\- org.mybatis:mybatis-spring:jar:3.0.3:compile
[INFO] |  \\- org.redisson:redisson-spring-boot-starter:jar:3.32.0:compile
[INFO] |     +- org.redisson:redisson:jar:3.32.0:compile
[INFO] |     |  +- io.netty:netty-common:jar:4.1.109.Final:compile
[INFO] |     |  +- io.netty:netty-codec:jar:4.1.109.Final:compile
[INFO] |     |  +- io.netty:netty-handler:jar:4.1.109.Final:compile
[INFO] |     |  +- io.projectreactor:reactor-core:jar:3.6.5:compile
[INFO] |     |  \\- org.jodd:jodd-bean:jar:5.1.6:compile
[INFO] |     \\- org.redisson:redisson-spring-data-32:jar:3.32.0:compile
[INFO] +- com.hailan.trade:trade-order-api:jar:{VER}:compile
[INFO] +- com.hailan.pay:pay-api:jar:1.8.0:compile
[INFO] +- com.hailan.inventory:inventory-api:jar:2.3.1:compile
[INFO] +- com.alibaba.cloud:spring-cloud-starter-alibaba-nacos-discovery:jar:2023.0.1.2:compile
[INFO] |  +- com.alibaba.cloud:spring-cloud-alibaba-commons:jar:2023.0.1.2:compile
[INFO] |  \\- com.alibaba.nacos:nacos-client:jar:2.3.2:compile
[INFO] |     +- com.alibaba.nacos:nacos-auth-plugin:jar:2.3.2:compile
[INFO] |     +- com.alibaba.nacos:nacos-encryption-plugin:jar:2.3.2:compile
[INFO] |     +- commons-codec:commons-codec:jar:1.16.1:compile
[INFO] |     +- org.apache.httpcomponents:httpasyncclient:jar:4.1.5:compile
[INFO] |     \\- io.prometheus:simpleclient:jar:0.16.0:compile
[INFO] +- com.alibaba.cloud:spring-cloud-starter-alibaba-nacos-config:jar:2023.0.1.2:compile
[INFO] +- com.alibaba.cloud:spring-cloud-starter-alibaba-sentinel:jar:2023.0.1.2:compile
[INFO] |  +- com.alibaba.csp:sentinel-transport-simple-http:jar:1.8.8:compile
[INFO] |  |  \\- com.alibaba.csp:sentinel-transport-common:jar:1.8.8:compile
[INFO] |  |     +- com.alibaba.csp:sentinel-datasource-extension:jar:1.8.8:compile
[INFO] |  |     \\- com.alibaba:fastjson:jar:1.2.83_noneautotype:compile
[INFO] |  +- com.alibaba.csp:sentinel-parameter-flow-control:jar:1.8.8:compile
[INFO] |  +- com.alibaba.csp:sentinel-spring-webmvc-v6x-adapter:jar:1.8.8:compile
[INFO] |  \\- com.alibaba.cloud:spring-cloud-circuitbreaker-sentinel:jar:2023.0.1.2:compile
[INFO] +- com.alibaba.csp:sentinel-datasource-nacos:jar:1.8.8:compile
[INFO] +- com.alibaba.cloud:spring-cloud-starter-alibaba-seata:jar:2023.0.1.2:compile
[INFO] |  \\- org.apache.seata:seata-spring-boot-starter:jar:2.0.0:compile
[INFO] |     \\- org.apache.seata:seata-all:jar:2.0.0:compile
[INFO] |        +- org.antlr:antlr4:jar:4.8:compile
[INFO] |        \\- com.alibaba:druid:jar:1.2.20:compile
[INFO] +- org.apache.rocketmq:rocketmq-spring-boot-starter:jar:2.3.1:compile
[INFO] |  \\- org.apache.rocketmq:rocketmq-client-java:jar:5.0.7:compile
[INFO] +- org.springframework.cloud:spring-cloud-starter-openfeign:jar:4.1.1:compile
[INFO] |  +- io.github.openfeign:feign-core:jar:13.2.1:compile
[INFO] |  \\- io.github.openfeign:feign-slf4j:jar:13.2.1:compile
[INFO] +- org.springframework.cloud:spring-cloud-starter-loadbalancer:jar:4.1.2:compile
[INFO] +- com.xuxueli:xxl-job-core:jar:2.4.1:compile
[INFO] |  \\- com.google.code.gson:gson:jar:2.10.1:compile
[INFO] +- org.springframework.boot:spring-boot-starter-web:jar:3.2.5:compile
[INFO] +- org.springframework.boot:spring-boot-starter-actuator:jar:3.2.5:compile
[INFO] +- com.mysql:mysql-connector-j:jar:8.3.0:runtime
[INFO] +- org.mapstruct:mapstruct:jar:1.5.5.Final:compile
[INFO] +- org.projectlombok:lombok:jar:1.18.32:provided
[INFO] +- org.springframework.boot:spring-boot-starter-test:jar:3.2.5:test
[INFO] +- org.springframework.boot:spring-boot-testcontainers:jar:3.2.5:test
[INFO] +- org.testcontainers:mysql:jar:1.20.3:test
[INFO] \\- org.testcontainers:junit-jupiter:jar:1.20.3:test"""
        t.bash("./mvnw -pl trade-order/trade-order-service -am dependency:tree", "看订单服务依赖树",
               out="\n".join(_reactor_head(ORDER_CHAIN)) + "\n[INFO] ...\n" + tree + "\n" + "\n".join(
                   _summary(ORDER_CHAIN, 5, "6.318 s", "2026-11-10T11:25:40")))
        t.done("""fastjson 是 **Sentinel** 带进来的，我们自己的代码没直接依赖：

`spring-cloud-starter-alibaba-sentinel 2023.0.1.2` → `sentinel-transport-simple-http 1.8.8` → `sentinel-transport-common 1.8.8` → **`com.alibaba:fastjson 1.2.83_noneautotype`**

只有这一条路径。`1.2.83_noneautotype` 是去掉 autoType 的版本，已知的反序列化漏洞不受影响，可以拿这个跟安全组解释；如果他们坚持不要 1.x，可以在根 pom `dependencyManagement` 里把 `com.alibaba:fastjson` 换成 2.0.x（fastjson2 的兼容包），改完要回归一下 Sentinel dashboard 的规则推送和心跳。不建议直接 exclude，transport 模块要用它做 JSON。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The application classes list Feign packages explicitly in @EnableFeignClients(basePackages = …) "
                            "(README says so). Claude injects a Feign client from another domain's -api jar whose package "
                            "is not listed, so no bean is registered and the @SpringBootTest contextLoads test fails: T04 "
                            "PaymentRefundClient (com.hailan.pay.api.client) into RefundApplyService of trade-aftersale, T15 "
                            "InventoryReserveClient (com.hailan.inventory.api.client) into OrderCancelService of trade-order, "
                            "T26 CouponReturnClient (com.hailan.marketing.api.coupon) into RefundResultListener of "
                            "trade-aftersale.",
             "error_signature": "Failed to load ApplicationContext … Caused by: org.springframework.beans.factory."
                                "UnsatisfiedDependencyException: Error creating bean with name '<bean>' defined in file […]: "
                                "Unsatisfied dependency expressed through constructor parameter N: No qualifying bean of "
                                "type '<client>' available: expected at least 1 bean which qualifies as autowire candidate. "
                                "Dependency annotations: {} (surefire, TradeXxxApplicationTests.contextLoads)",
             "fix": "Edit the service's application class and add the client's package to @EnableFeignClients(basePackages = "
                    "{…}), then run the same `./mvnw -pl <service> -am test` again.",
             "fix_command_markers": [["EnableFeignClients", "basePackages"]],
             "harmful_markers": ["@MockBean", "@MockitoBean", "required = false", "allow-bean-definition-overriding"]},
            {"id": "M2",
             "description": "Integration tests (*IT, failsafe, -Pit) start Testcontainers; from the company network Docker "
                            "Hub is unreachable, and the local run needs -Dtc.hub.prefix=harbor.hailan.com/dockerhub/ "
                            "(passed by failsafe as TESTCONTAINERS_HUB_IMAGE_NAME_PREFIX; Jenkins sets it; README says so). "
                            "Claude runs `./mvnw -pl <svc> -am verify -Pit` without it: T07 mysql:8.0.36 (OrderMapperIT, "
                            "'request canceled while waiting for connection'), T20 redis:7.2.5-alpine "
                            "(AfterSaleApplyConcurrencyIT, 'dial tcp …:443: i/o timeout'), T30 apache/rocketmq:5.3.1 "
                            "(RefundResultListenerIT, 'context deadline exceeded').",
             "error_signature": "tc.<image> -- Failed to pull image: <image> … InternalServerErrorException: Status 500: "
                                "{\"message\":\"Get \\\"https://registry-1.docker.io/v2/\\\": …\"} … "
                                "org.testcontainers.containers.ContainerLaunchException: Container startup failed for image "
                                "<image> / Caused by: org.testcontainers.containers.ContainerFetchException: Can't get "
                                "Docker image: RemoteDockerImage(imageName=<image>, …) (maven-failsafe-plugin verify)",
             "fix": "Run the same Maven command again with `-Dtc.hub.prefix=harbor.hailan.com/dockerhub/` so Testcontainers "
                    "pulls through the Harbor Docker Hub proxy.",
             "fix_command_markers": [["-Dtc.hub.prefix"]],
             "harmful_markers": ["TESTCONTAINERS_RYUK_DISABLED", "-DskipITs", "@Disabled", "-Dmaven.test.skip"]},
            {"id": "M3",
             "description": "Unit tests (test profile) use the local docker compose MySQL, whose schema is not migrated "
                            "automatically; new DDL under sql/<db>/<version>/ must be applied to it by hand (README). "
                            "Claude writes the DDL and the entity change and runs the tests first: T02 new table "
                            "t_refund_flow (Table 'trade_order.t_refund_flow' doesn't exist), T11 new column refund_channel "
                            "(Unknown column 'refund_channel' in 'field list'), T23 new column seller_remark in "
                            "trade_aftersale.t_after_sale (Unknown column 'seller_remark' in 'field list').",
             "error_signature": "org.springframework.jdbc.BadSqlGrammarException: ### Error updating database.  Cause: "
                                "java.sql.SQLSyntaxErrorException: Table '<db>.<table>' doesn't exist / Unknown column "
                                "'<col>' in 'field list' … ### Cause: java.sql.SQLSyntaxErrorException … ; bad SQL grammar []",
             "fix": "Apply the new DDL file to the local compose MySQL first — `docker compose -f deploy/local/docker-compose.yml "
                    "exec -T mysql mysql -uroot -proot <db> < sql/<db>/<ver>/<file>.sql` — then run the same tests again.",
             "fix_command_markers": [["exec -T mysql"]],
             "harmful_markers": ["down -v", "DROP DATABASE", "DROP TABLE", "TRUNCATE"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "RefundAmountSplitter rounds every line HALF_UP, so 10.00 over three equal lines "
                                         "gives 9.99; the new test fails (`expected: 10.00 but was: 9.99`), the splitter is "
                                         "changed to let the last line take the remainder, the same mvn test passes."},
            {"id": "O2", "description": "New ConfigMap with `SERVER_PORT: 8085` unquoted; `kubectl apply --dry-run=server` → "
                                         "`ConfigMap in version \"v1\" cannot be handled as a ConfigMap: json: cannot "
                                         "unmarshal number into Go struct field ConfigMap.data of type string`; quoted, the "
                                         "same dry-run passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`git push origin HEAD:release/2.4.x` → `remote: GitLab: You are not allowed to push "
                                         "code to protected branches on this project.` The branch is protected; the hotfix "
                                         "branch is kept locally and the user asks the team lead (Maintainer). Not worked "
                                         "around."},
            {"id": "U2", "description": "`kubectl -n trade-pre logs <pod>` → `Error from server (Forbidden): … cannot get "
                                         "resource \"pods/log\" … in the namespace \"trade-pre\"`; needs ops to grant RBAC, "
                                         "left as is (ELK / DB suggested instead)."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "Nexus download of hutool-all 5.8.32: `Could not transfer artifact … from/to "
                                         "hailan-public (https://nexus.hailan.com/repository/maven-public/): Connection "
                                         "reset`; identical `./mvnw -pl trade-common test` works."},
            {"id": "F2", "description": "`docker push harbor.hailan.com/trade/trade-aftersale:…` → `received unexpected HTTP "
                                         "status: 502 Bad Gateway`; identical push works."},
        ],
        workflows=[
            {"id": "W1", "description": "Manual deploy to trade-test: `git rev-parse --short HEAD` → `./mvnw -q -pl <svc> -am "
                                         "package -DskipTests` → `docker build -t harbor.hailan.com/trade/<app>:2.4.0-<sha> "
                                         "<module>` → `docker push` → `kubectl -n trade-test set image deploy/<app> …` → "
                                         "`kubectl -n trade-test rollout status deploy/<app>`.",
             "step_markers": [["package -DskipTests"], ["docker build -t harbor.hailan.com/trade/"],
                              ["docker push harbor.hailan.com/trade/"], ["set image deploy/"], ["rollout status deploy/"]]},
            {"id": "W2", "description": "Diagnosis in trade-test with Arthas: `kubectl -n trade-test get pods -l app=<app>` → "
                                         "`kubectl exec <pod> -c <app> -- java -jar /opt/arthas/arthas-boot.jar 1 -c "
                                         "\"trace …/thread -n 3\"` → write docs/troubleshooting/<date>-<topic>.md.",
             "step_markers": [["get pods -l app="], ["arthas-boot.jar"], ["docs/troubleshooting/"]]},
            {"id": "W3", "description": "Merge request: commit with the Jira id prefix (`TRADE-xxxx type(scope): …`) → "
                                         "`git push -u origin feature/TRADE-…` → `glab mr create --target-branch develop "
                                         "… --remove-source-branch`.",
             "step_markers": [["git commit -m"], ["TRADE-"], ["git push -u origin feature/"],
                              ["glab mr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Entities use Lombok @Getter/@Setter, never @Data.",
             "markers": [["@Data"]]},
            {"id": "P2", "description": "Commit messages start with the Jira id (TRADE-xxxx); Jenkins links builds by it.",
             "markers": [["jira"]]},
            {"id": "P3", "description": "Unit test assertions with AssertJ assertThat (T13) — reversed in T27: the team no "
                                         "longer uses AssertJ, new tests use JUnit 5 Assertions.assertEquals / assertThrows.",
             "markers": [["AssertJ"]],
             "reversal_markers": [["assertEquals"]]},
        ],
        probes=[
            {"prompt": "售后服务 contextLoads 起不来：Unsatisfied dependency expressed through constructor parameter 1: No "
                       "qualifying bean of type 'com.hailan.member.api.client.MemberLevelClient' available: expected at least "
                       "1 bean which qualifies as autowire candidate. Dependency annotations: {}  我就加了个会员等级查询，咋回事",
             "wanted": ["M1"]},
            {"prompt": "下单前要先过风控，风控组给了 risk-api 1.2.0，里面 RiskCheckClient.check(orderNo, buyerId)，"
                       "OrderCreateService 里接一下，pom 我加了", "wanted": ["M1"]},
            {"prompt": "OrderSettleIT 跑了两分多钟挂了 ContainerFetchException: Can't get Docker image: "
                       "RemoteDockerImage(imageName=mysql:8.0.36, ...)，上面还有一行 Status 500: Get \"https://registry-1.docker.io/v2/\": "
                       "net/http: TLS handshake timeout，docker 本身是好的啊", "wanted": ["M2"]},
            {"prompt": "给 OrderPaidListener 补个集成测试，testcontainers 起 rocketmq + mysql，-Pit 跑过再提", "wanted": ["M2"]},
            {"prompt": "OrderMapperTest 全红了 ### Cause: java.sql.SQLSyntaxErrorException: Unknown column 'cancel_reason' in "
                       "'field list'，字段我实体里加了啊", "wanted": ["M3"]},
            {"prompt": "t_order 加个 close_type tinyint（1 超时 2 买家取消 3 客服取消），DDL 和实体都弄一下，跑下订单的单测", "wanted": ["M3"]},
            {"prompt": "Nacos 配置里 shared-configs 和 extension-configs 优先级谁高", "wanted": []},
            {"prompt": "MyBatis-Plus 的逻辑删除和唯一索引冲突一般怎么处理", "wanted": []},
            {"prompt": "Jenkinsfile 里 when { branch 'release/*' } 不生效，是不是多分支流水线才认", "wanted": []},
            {"prompt": "Redisson 的 watchdog 续期默认多少秒，tryLock 传了 leaseTime 还会续吗", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    d = Dev("zh-springcloud", U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-springcloud.jsonl"), os.path.join(HERE, "tune", "zh-springcloud.labels.json"))
    print(f"zh-springcloud -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
