"""zh-java: 王芳 (Wang Fang), Java 21 / Spring Boot 3 coupon service.

Stack: Maven wrapper multi-module build (coupon-common, coupon-dao, coupon-service, coupon-api, coupon-job),
MyBatis-Plus, MySQL 8 via Testcontainers in tests, Redis, Flyway, Nacos config, Docker images in Harbor,
Kubernetes test environment via helm/kubectl, GitLab (glab) merge requests, Jenkins builds the release images.
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind (see README.md next to this file); kept aside for the final measurement.

    cd bench/reflection/traces && python3 fresh/gen_zh_java.py && python3 fresh/check_fresh.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "wangfang"
R = "/home/wangfang/projects/coupon-center"
MODEL = "claude-opus-4-6"
G = "com.lanhai.coupon"
VER = "1.6.0-SNAPSHOT"
ORIGIN = "gitlab.lanhai-inc.com:backend/coupon-center.git"
GL = "https://gitlab.lanhai-inc.com/backend/coupon-center"
HARBOR = "harbor.lanhai-inc.com"
M2REPO = "/home/wangfang/.m2/repository/com/lanhai/coupon"
JP = "src/main/java/com/lanhai/coupon"
TP = "src/test/java/com/lanhai/coupon"
MIG = "coupon-dao/src/main/resources/db/migration"

# hex strings for container ids, digests, refs: own RNG so the Dev RNG is untouched
HX = random.Random(2163)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def b36(n):
    return "".join(HX.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


FILES = {
    P("pom.xml"): """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
    <modelVersion>4.0.0</modelVersion>

    <parent>
        <groupId>org.springframework.boot</groupId>
        <artifactId>spring-boot-starter-parent</artifactId>
        <version>3.4.3</version>
        <relativePath/>
    </parent>

    <groupId>com.lanhai.coupon</groupId>
    <artifactId>coupon-center</artifactId>
    <version>1.6.0-SNAPSHOT</version>
    <packaging>pom</packaging>
    <name>coupon-center</name>

    <modules>
        <module>coupon-common</module>
        <module>coupon-dao</module>
        <module>coupon-service</module>
        <module>coupon-api</module>
        <module>coupon-job</module>
    </modules>

    <properties>
        <java.version>21</java.version>
        <spring-cloud.version>2024.0.1</spring-cloud.version>
        <spring-cloud-alibaba.version>2023.0.3.2</spring-cloud-alibaba.version>
        <mybatis-plus.version>3.5.10.1</mybatis-plus.version>
        <redisson.version>3.44.0</redisson.version>
    </properties>

    <dependencyManagement>
        <dependencies>
            <dependency>
                <groupId>org.springframework.cloud</groupId>
                <artifactId>spring-cloud-dependencies</artifactId>
                <version>${spring-cloud.version}</version>
                <type>pom</type>
                <scope>import</scope>
            </dependency>
            <dependency>
                <groupId>com.alibaba.cloud</groupId>
                <artifactId>spring-cloud-alibaba-dependencies</artifactId>
                <version>${spring-cloud-alibaba.version}</version>
                <type>pom</type>
                <scope>import</scope>
            </dependency>
            <dependency>
                <groupId>com.baomidou</groupId>
                <artifactId>mybatis-plus-bom</artifactId>
                <version>${mybatis-plus.version}</version>
                <type>pom</type>
                <scope>import</scope>
            </dependency>
            <dependency>
                <groupId>org.redisson</groupId>
                <artifactId>redisson-spring-boot-starter</artifactId>
                <version>${redisson.version}</version>
            </dependency>
            <dependency>
                <groupId>com.lanhai.coupon</groupId>
                <artifactId>coupon-common</artifactId>
                <version>${project.version}</version>
            </dependency>
            <dependency>
                <groupId>com.lanhai.coupon</groupId>
                <artifactId>coupon-dao</artifactId>
                <version>${project.version}</version>
            </dependency>
            <dependency>
                <groupId>com.lanhai.coupon</groupId>
                <artifactId>coupon-service</artifactId>
                <version>${project.version}</version>
            </dependency>
        </dependencies>
    </dependencyManagement>

    <build>
        <pluginManagement>
            <plugins>
                <plugin>
                    <groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-compiler-plugin</artifactId>
                    <configuration>
                        <annotationProcessorPaths>
                            <path>
                                <groupId>org.projectlombok</groupId>
                                <artifactId>lombok</artifactId>
                                <version>${lombok.version}</version>
                            </path>
                        </annotationProcessorPaths>
                    </configuration>
                </plugin>
            </plugins>
        </pluginManagement>
    </build>
</project>
""",
    P("coupon-service/pom.xml"): """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
    <modelVersion>4.0.0</modelVersion>

    <parent>
        <groupId>com.lanhai.coupon</groupId>
        <artifactId>coupon-center</artifactId>
        <version>1.6.0-SNAPSHOT</version>
    </parent>

    <artifactId>coupon-service</artifactId>

    <dependencies>
        <dependency>
            <groupId>com.lanhai.coupon</groupId>
            <artifactId>coupon-dao</artifactId>
        </dependency>
        <dependency>
            <groupId>org.springframework.boot</groupId>
            <artifactId>spring-boot-starter-data-redis</artifactId>
        </dependency>
        <dependency>
            <groupId>org.redisson</groupId>
            <artifactId>redisson-spring-boot-starter</artifactId>
        </dependency>
        <dependency>
            <groupId>org.projectlombok</groupId>
            <artifactId>lombok</artifactId>
            <optional>true</optional>
        </dependency>

        <dependency>
            <groupId>org.springframework.boot</groupId>
            <artifactId>spring-boot-starter-test</artifactId>
            <scope>test</scope>
        </dependency>
        <dependency>
            <groupId>org.springframework.boot</groupId>
            <artifactId>spring-boot-testcontainers</artifactId>
            <scope>test</scope>
        </dependency>
        <dependency>
            <groupId>org.testcontainers</groupId>
            <artifactId>junit-jupiter</artifactId>
            <scope>test</scope>
        </dependency>
    </dependencies>
</project>
""",
    P(f"coupon-api/{JP}/api/controller/CouponController.java"): """package com.lanhai.coupon.api.controller;

import com.lanhai.coupon.common.Result;
import com.lanhai.coupon.common.enums.CouponStatus;
import com.lanhai.coupon.service.CouponIssueService;
import com.lanhai.coupon.service.UserCouponQueryService;
import com.lanhai.coupon.service.vo.UserCouponVO;
import lombok.RequiredArgsConstructor;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

@RestController
@RequestMapping("/api/coupons")
@RequiredArgsConstructor
public class CouponController {

    private final CouponIssueService couponIssueService;
    private final UserCouponQueryService userCouponQueryService;

    /**
     * 领券。userId 由网关解析 token 后放在 X-User-Id 头里。
     */
    @PostMapping("/templates/{templateId}/receive")
    public Result<Long> receive(@PathVariable Long templateId, @RequestHeader("X-User-Id") Long userId) {
        return Result.ok(couponIssueService.issue(userId, templateId));
    }

    @GetMapping("/mine")
    public Result<List<UserCouponVO>> mine(@RequestHeader("X-User-Id") Long userId,
                                           @RequestParam(defaultValue = "UNUSED") CouponStatus status) {
        return Result.ok(userCouponQueryService.listMine(userId, status));
    }
}
""",
    P(f"coupon-service/{JP}/service/impl/CouponIssueServiceImpl.java"): """package com.lanhai.coupon.service.impl;

import com.lanhai.coupon.common.BizException;
import com.lanhai.coupon.common.ErrorCode;
import com.lanhai.coupon.common.enums.CouponStatus;
import com.lanhai.coupon.common.enums.TemplateStatus;
import com.lanhai.coupon.common.redis.RedisKeys;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.entity.UserCouponDO;
import com.lanhai.coupon.dao.mapper.CouponTemplateMapper;
import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.service.CouponIssueService;
import com.lanhai.coupon.service.support.IdGenerator;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;

@Slf4j
@Service
@RequiredArgsConstructor
public class CouponIssueServiceImpl implements CouponIssueService {

    private static final DefaultRedisScript<Long> ISSUE_SCRIPT = new DefaultRedisScript<>();

    static {
        ISSUE_SCRIPT.setLocation(new ClassPathResource("lua/issue_coupon.lua"));
        ISSUE_SCRIPT.setResultType(Long.class);
    }

    private final StringRedisTemplate stringRedisTemplate;
    private final CouponTemplateMapper couponTemplateMapper;
    private final UserCouponMapper userCouponMapper;
    private final IdGenerator idGenerator;
    private final Clock clock;

    @Override
    @Transactional(rollbackFor = Exception.class)
    public Long issue(Long userId, Long templateId) {
        CouponTemplateDO template = couponTemplateMapper.selectById(templateId);
        if (template == null || !TemplateStatus.ONLINE.is(template.getStatus())) {
            throw new BizException(ErrorCode.TEMPLATE_NOT_AVAILABLE);
        }
        LocalDateTime now = LocalDateTime.now(clock);
        if (now.isBefore(template.getStartTime()) || !now.isBefore(template.getEndTime())) {
            throw new BizException(ErrorCode.TEMPLATE_NOT_IN_PERIOD);
        }
        if (template.getPerUserLimit() != null && template.getPerUserLimit() <= 0) {
            throw new BizException(ErrorCode.TEMPLATE_NOT_AVAILABLE);
        }

        // 库存扣减 + 限领校验在 lua 里原子完成
        Long ret = stringRedisTemplate.execute(ISSUE_SCRIPT,
                List.of(RedisKeys.templateStock(templateId), RedisKeys.userReceived(templateId)),
                String.valueOf(userId), String.valueOf(template.getPerUserLimit()));
        if (ret == null || ret == -1L) {
            throw new BizException(ErrorCode.STOCK_EMPTY);
        }
        if (ret == -2L) {
            throw new BizException(ErrorCode.EXCEED_PER_USER_LIMIT);
        }

        UserCouponDO coupon = new UserCouponDO();
        coupon.setId(idGenerator.nextId());
        coupon.setUserId(userId);
        coupon.setTemplateId(templateId);
        coupon.setStatus(CouponStatus.UNUSED.getCode());
        coupon.setReceiveTime(now);
        coupon.setExpireTime(template.getEndTime());
        userCouponMapper.insert(coupon);
        log.info("coupon issued, userId={}, templateId={}, couponId={}, stockLeft={}", userId, templateId, coupon.getId(), ret);
        return coupon.getId();
    }
}
""",
    P("coupon-service/src/main/resources/lua/issue_coupon.lua"): """-- KEYS[1] 券模板库存        coupon:stock:{templateId}
-- KEYS[2] 用户已领数量 hash  coupon:received:{templateId}   field = userId
-- ARGV[1] userId
-- ARGV[2] 每人限领张数
-- 返回：扣减后的剩余库存(>=0)；-1 库存不足；-2 超过每人限领
local stock = tonumber(redis.call('GET', KEYS[1]) or '0')
if stock <= 0 then
    return -1
end
local received = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if received >= tonumber(ARGV[2]) then
    return -2
end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
return redis.call('DECR', KEYS[1])
""",
    P(f"coupon-common/{JP}/common/redis/RedisKeys.java"): """package com.lanhai.coupon.common.redis;

/**
 * Redis key 统一在这里定义，别在业务代码里拼字符串。
 */
public final class RedisKeys {

    private static final String PREFIX = "coupon:";

    private RedisKeys() {
    }

    /** 券模板库存。{templateId} 是 hash tag，保证和领取记录落在同一个 slot，lua 才能同时操作 */
    public static String templateStock(Long templateId) {
        return PREFIX + "stock:{" + templateId + "}";
    }

    /** 用户领取数量 hash，field = userId */
    public static String userReceived(Long templateId) {
        return PREFIX + "received:{" + templateId + "}";
    }

    /** 券模板详情缓存 */
    public static String templateDetail(Long templateId) {
        return PREFIX + "template:" + templateId;
    }
}
""",
    P(f"coupon-dao/{JP}/dao/entity/CouponTemplateDO.java"): """package com.lanhai.coupon.dao.entity;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableLogic;
import com.baomidou.mybatisplus.annotation.TableName;
import lombok.Data;

import java.time.LocalDateTime;

/**
 * 券模板
 */
@Data
@TableName("coupon_template")
public class CouponTemplateDO {

    @TableId(type = IdType.AUTO)
    private Long id;

    private String name;

    /** 1 满减 2 折扣 */
    private Integer type;

    /** 使用门槛，单位：分 */
    private Long thresholdAmount;

    /** 满减金额（分）或折扣（85 表示 85 折） */
    private Long discountValue;

    private Integer totalStock;

    private Integer perUserLimit;

    /** 0 草稿 1 上线 2 下线 */
    private Integer status;

    private LocalDateTime startTime;

    private LocalDateTime endTime;

    @TableLogic
    private Integer deleted;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
""",
    P(f"coupon-dao/{JP}/dao/entity/UserCouponDO.java"): """package com.lanhai.coupon.dao.entity;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableLogic;
import com.baomidou.mybatisplus.annotation.TableName;
import lombok.Data;

import java.time.LocalDateTime;

/**
 * 用户领到的券
 */
@Data
@TableName("user_coupon")
public class UserCouponDO {

    /** 雪花 ID，应用侧生成 */
    @TableId(type = IdType.INPUT)
    private Long id;

    private Long userId;

    private Long templateId;

    /** 0 未使用 1 已使用 2 已过期 3 冻结中（下单锁定） */
    private Integer status;

    private LocalDateTime receiveTime;

    private LocalDateTime expireTime;

    private LocalDateTime useTime;

    private Long orderId;

    @TableLogic
    private Integer deleted;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
""",
    P(f"coupon-dao/{TP}/dao/mapper/CouponTemplateMapperTest.java"): """package com.lanhai.coupon.dao.mapper;

import com.lanhai.coupon.dao.AbstractMysqlTest;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;

class CouponTemplateMapperTest extends AbstractMysqlTest {

    @Autowired
    private CouponTemplateMapper couponTemplateMapper;

    @Test
    void insertAndSelectById() {
        CouponTemplateDO t = newTemplate("满100减10");
        couponTemplateMapper.insert(t);

        CouponTemplateDO found = couponTemplateMapper.selectById(t.getId());
        assertThat(found.getName()).isEqualTo("满100减10");
        assertThat(found.getThresholdAmount()).isEqualTo(10000L);
    }

    @Test
    void logicDeleteHidesRow() {
        CouponTemplateDO t = newTemplate("满200减30");
        couponTemplateMapper.insert(t);
        couponTemplateMapper.deleteById(t.getId());

        assertThat(couponTemplateMapper.selectById(t.getId())).isNull();
    }

    @Test
    void decreaseStockNeverGoesNegative() {
        CouponTemplateDO t = newTemplate("新人券");
        t.setTotalStock(1);
        couponTemplateMapper.insert(t);

        assertThat(couponTemplateMapper.decreaseStock(t.getId())).isEqualTo(1);
        assertThat(couponTemplateMapper.decreaseStock(t.getId())).isZero();
    }

    private static CouponTemplateDO newTemplate(String name) {
        CouponTemplateDO t = new CouponTemplateDO();
        t.setName(name);
        t.setType(1);
        t.setThresholdAmount(10000L);
        t.setDiscountValue(1000L);
        t.setTotalStock(100);
        t.setPerUserLimit(1);
        t.setStatus(1);
        t.setStartTime(LocalDateTime.of(2026, 3, 1, 0, 0));
        t.setEndTime(LocalDateTime.of(2026, 4, 1, 0, 0));
        return t;
    }
}
""",
    P(f"coupon-service/{JP}/service/config/RedisConfig.java"): """package com.lanhai.coupon.service.config;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.serializer.GenericJackson2JsonRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

@Configuration
public class RedisConfig {

    @Bean
    public RedisTemplate<String, Object> redisTemplate(RedisConnectionFactory factory) {
        RedisTemplate<String, Object> template = new RedisTemplate<>();
        template.setConnectionFactory(factory);
        template.setKeySerializer(RedisSerializer.string());
        template.setHashKeySerializer(RedisSerializer.string());
        template.setValueSerializer(new GenericJackson2JsonRedisSerializer());
        template.setHashValueSerializer(new GenericJackson2JsonRedisSerializer());
        template.afterPropertiesSet();
        return template;
    }
}
""",
    P(f"coupon-service/{JP}/service/UserCouponQueryService.java"): """package com.lanhai.coupon.service;

import com.baomidou.mybatisplus.core.toolkit.Wrappers;
import com.lanhai.coupon.common.enums.CouponStatus;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.entity.UserCouponDO;
import com.lanhai.coupon.dao.mapper.CouponTemplateMapper;
import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.service.vo.UserCouponVO;
import lombok.RequiredArgsConstructor;
import org.springframework.beans.BeanUtils;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

@Service
@RequiredArgsConstructor
public class UserCouponQueryService {

    private final UserCouponMapper userCouponMapper;
    private final CouponTemplateMapper couponTemplateMapper;

    public List<UserCouponVO> listMine(Long userId, CouponStatus status) {
        List<UserCouponDO> coupons = userCouponMapper.selectList(Wrappers.<UserCouponDO>lambdaQuery()
                .eq(UserCouponDO::getUserId, userId)
                .eq(UserCouponDO::getStatus, status.getCode())
                .orderByDesc(UserCouponDO::getReceiveTime));
        if (coupons.isEmpty()) {
            return List.of();
        }
        Map<Long, CouponTemplateDO> templates = couponTemplateMapper.selectBatchIds(
                        coupons.stream().map(UserCouponDO::getTemplateId).distinct().toList())
                .stream().collect(Collectors.toMap(CouponTemplateDO::getId, Function.identity()));
        return coupons.stream().map(c -> toVO(c, templates.get(c.getTemplateId()))).toList();
    }

    private UserCouponVO toVO(UserCouponDO c, CouponTemplateDO t) {
        UserCouponVO vo = new UserCouponVO();
        BeanUtils.copyProperties(c, vo);
        vo.setStatusDesc(CouponStatus.of(c.getStatus()).getDesc());
        if (t != null) {
            vo.setTemplateName(t.getName());
            vo.setThresholdAmount(t.getThresholdAmount());
            vo.setDiscountValue(t.getDiscountValue());
        }
        return vo;
    }
}
""",
    P(f"coupon-service/{JP}/service/vo/UserCouponVO.java"): """package com.lanhai.coupon.service.vo;

import lombok.Data;

import java.time.LocalDateTime;

@Data
public class UserCouponVO {

    private Long id;

    private Long templateId;

    private String templateName;

    /** UNUSED / USED / EXPIRED / FROZEN，前端按这个判断按钮状态 */
    private String status;

    private String statusDesc;

    /** 门槛，单位：分 */
    private Long thresholdAmount;

    private Long discountValue;

    private LocalDateTime receiveTime;

    private LocalDateTime expireTime;
}
""",
    P(f"coupon-service/{TP}/service/UserCouponQueryServiceTest.java"): """package com.lanhai.coupon.service;

import com.lanhai.coupon.common.enums.CouponStatus;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.entity.UserCouponDO;
import com.lanhai.coupon.dao.mapper.CouponTemplateMapper;
import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.service.vo.UserCouponVO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

import java.time.LocalDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.when;

@ExtendWith(MockitoExtension.class)
class UserCouponQueryServiceTest {

    @Mock
    private UserCouponMapper userCouponMapper;
    @Mock
    private CouponTemplateMapper couponTemplateMapper;

    private UserCouponQueryService service;

    @BeforeEach
    void setUp() {
        service = new UserCouponQueryService(userCouponMapper, couponTemplateMapper);
    }

    @Test
    void listMineFillsTemplateInfo() {
        when(userCouponMapper.selectList(any())).thenReturn(List.of(coupon(1L, 10L)));
        when(couponTemplateMapper.selectBatchIds(anyList())).thenReturn(List.of(template(10L, "满100减10")));

        List<UserCouponVO> list = service.listMine(7L, CouponStatus.UNUSED);

        assertThat(list).hasSize(1);
        assertThat(list.get(0).getTemplateName()).isEqualTo("满100减10");
        assertThat(list.get(0).getStatusDesc()).isEqualTo("未使用");
    }

    @Test
    void listMineEmpty() {
        when(userCouponMapper.selectList(any())).thenReturn(List.of());

        assertThat(service.listMine(7L, CouponStatus.UNUSED)).isEmpty();
    }

    @Test
    void templateMissingStillReturnsCoupon() {
        when(userCouponMapper.selectList(any())).thenReturn(List.of(coupon(2L, 99L)));
        when(couponTemplateMapper.selectBatchIds(anyList())).thenReturn(List.of());

        List<UserCouponVO> list = service.listMine(7L, CouponStatus.UNUSED);

        assertThat(list.get(0).getTemplateName()).isNull();
    }

    private static UserCouponDO coupon(Long id, Long templateId) {
        UserCouponDO c = new UserCouponDO();
        c.setId(id);
        c.setUserId(7L);
        c.setTemplateId(templateId);
        c.setStatus(CouponStatus.UNUSED.getCode());
        c.setReceiveTime(LocalDateTime.of(2026, 4, 1, 12, 0));
        c.setExpireTime(LocalDateTime.of(2026, 4, 30, 0, 0));
        return c;
    }

    private static CouponTemplateDO template(Long id, String name) {
        CouponTemplateDO t = new CouponTemplateDO();
        t.setId(id);
        t.setName(name);
        t.setThresholdAmount(10000L);
        t.setDiscountValue(1000L);
        return t;
    }
}
""",
    P(f"coupon-job/{JP}/job/CouponExpireJob.java"): """package com.lanhai.coupon.job;

import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import lombok.extern.slf4j.Slf4j;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import java.time.LocalDateTime;

/**
 * 每天 0:05 把已过期但还是未使用状态的券置为已过期。
 */
@Slf4j
@Component
public class CouponExpireJob {

    @Autowired
    private UserCouponMapper userCouponMapper;

    @Value("${coupon.job.expire-batch-size:500}")
    private int batchSize;

    @Scheduled(cron = "0 5 0 * * ?")
    public void run() {
        int total = 0;
        while (true) {
            int n = userCouponMapper.expireBatch(LocalDateTime.now(), batchSize);
            total += n;
            if (n < batchSize) {
                break;
            }
        }
        log.info("coupon expire job done, expired={}", total);
    }
}
""",
    P("coupon-job/src/main/resources/application.yml"): """server:
  port: 8081

spring:
  application:
    name: coupon-job
  config:
    import: optional:nacos:coupon-job.yaml?refreshEnabled=true
  cloud:
    nacos:
      config:
        server-addr: ${NACOS_ADDR:nacos.lanhai-inc.internal:8848}
        namespace: ${NACOS_NAMESPACE:dev}
        group: COUPON

coupon:
  job:
    expire-batch-size: 500
""",
    P("coupon-api/Dockerfile"): """FROM harbor.lanhai-inc.com/base/eclipse-temurin:21-jre-jammy
WORKDIR /app
ENV TZ=Asia/Shanghai
ENV JAVA_OPTS="-Xms1800m -Xmx1800m"
COPY target/coupon-api.jar /app/app.jar
EXPOSE 8080
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /app/app.jar"]
""",
    P("coupon-job/Dockerfile"): """FROM harbor.lanhai-inc.com/base/eclipse-temurin:21-jre-jammy
WORKDIR /app
ENV TZ=Asia/Shanghai
ARG JAR_FILE=target/coupon-job.jar
COPY ${JAR_FILE} /app/app.jar
EXPOSE 8081
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /app/app.jar"]
""",
    P("docker-compose.yml"): """# 本地整套联调：MySQL + Redis + coupon-api + coupon-job（不连 Nacos，用 local profile）
services:
  mysql:
    image: mysql:8.0.36
    environment:
      MYSQL_ROOT_PASSWORD: root
      MYSQL_DATABASE: coupon
      TZ: Asia/Shanghai
    ports:
      - "3306:3306"
    healthcheck:
      test: ["CMD", "mysqladmin", "ping", "-h", "127.0.0.1", "-proot"]
      interval: 5s
      retries: 20

  redis:
    image: redis:7.2-alpine
    ports:
      - "6379:6379"

  coupon-api:
    build: ./coupon-api
    environment:
      SPRING_PROFILES_ACTIVE: local
      SPRING_CLOUD_NACOS_CONFIG_ENABLED: "false"
      SPRING_DATASOURCE_URL: jdbc:mysql://mysql:3306/coupon?useUnicode=true&characterEncoding=utf8&serverTimezone=Asia/Shanghai
      SPRING_DATA_REDIS_HOST: redis
      JAVA_OPTS: "-Xmx512m"
    ports:
      - "8080:8080"
    depends_on:
      mysql:
        condition: service_healthy
      redis:
        condition: service_started

  coupon-job:
    build: ./coupon-job
    environment:
      SPRING_PROFILES_ACTIVE: local
      SPRING_CLOUD_NACOS_CONFIG_ENABLED: "false"
      SPRING_DATASOURCE_URL: jdbc:mysql://mysql:3306/coupon?useUnicode=true&characterEncoding=utf8&serverTimezone=Asia/Shanghai
      SPRING_DATA_REDIS_HOST: redis
      JAVA_OPTS: "-Xmx256m"
    depends_on:
      coupon-api:
        condition: service_started
""",
    P("deploy/helm/coupon-api/values-test.yaml"): """replicaCount: 2

image:
  repository: harbor.lanhai-inc.com/coupon/coupon-api
  tag: ""            # 发布时 --set image.tag=<git short sha>
  pullPolicy: IfNotPresent

env:
  SPRING_PROFILES_ACTIVE: test
  NACOS_NAMESPACE: test
  JAVA_OPTS: "-Xms1800m -Xmx1800m"

resources:
  requests:
    cpu: 500m
    memory: 1Gi
  limits:
    cpu: "2"
    memory: 2Gi

ingress:
  enabled: true
  className: nginx
  host: coupon-api.test.lanhai-inc.internal

probes:
  liveness: /actuator/health/liveness
  readiness: /actuator/health/readiness
""",
    P("README.md"): """# coupon-center

优惠券中心：券模板管理、领券、核销、过期处理。

## 模块

| 模块 | 说明 |
|---|---|
| coupon-common | 通用返回体 `Result`、异常、错误码、Redis key |
| coupon-dao | MyBatis-Plus 实体 / Mapper，Flyway 迁移脚本在 `src/main/resources/db/migration` |
| coupon-service | 领券、核销、查询等业务逻辑 |
| coupon-api | 对外 HTTP 接口（Spring Boot 应用，端口 8080） |
| coupon-job | 定时任务（Spring Boot 应用，端口 8081） |

## 本地开发

- JDK 21，Maven 统一用仓库里的 `./mvnw`
- 配置走 Nacos（namespace 按环境区分），本地用 `local` profile
- 测试依赖 Docker：Testcontainers 会起 MySQL 8 和 Redis

```bash
./mvnw clean verify
```

## 发布

Jenkins 构建镜像推到 Harbor（`harbor.lanhai-inc.com/coupon/*`，tag 为 git short sha），
测试环境用 `deploy/helm/` 下的 chart 发布。
""",
}


# --------------------------------------------------------------------- maven output
W = 72
MODS = ["coupon-center", "coupon-common", "coupon-dao", "coupon-service", "coupon-api", "coupon-job"]
APPS = ("coupon-api", "coupon-job")
SRC = {"coupon-common": (16, 3), "coupon-dao": (12, 5), "coupon-service": (27, 8), "coupon-api": (14, 3),
       "coupon-job": (8, 2)}
RES = {"coupon-common": None, "coupon-dao": "Copying {n} resources from src/main/resources to target/classes",
       "coupon-service": "Copying 2 resources from src/main/resources to target/classes",
       "coupon-api": "Copying 3 resources from src/main/resources to target/classes",
       "coupon-job": "Copying 1 resource from src/main/resources to target/classes"}
TRES = {"coupon-common": None, "coupon-dao": "Copying 1 resource from src/test/resources to target/test-classes",
        "coupon-service": "Copying 1 resource from src/test/resources to target/test-classes",
        "coupon-api": "Copying 1 resource from src/test/resources to target/test-classes",
        "coupon-job": None}


def center(s):
    left = (W - len(s)) // 2
    return "-" * left + s + "-" * (W - len(s) - left)


def abbrev(fq, width=39):
    """logback-style logger name abbreviation (%logger{39})."""
    parts = fq.split(".")
    i = 0
    while len(".".join(parts)) > width and i < len(parts) - 1:
        parts[i] = parts[i][0]
        i += 1
    return ".".join(parts).ljust(40)


def local(d, plus=0.0):
    return d.clock + _dt.timedelta(hours=8, seconds=plus)


def iso_local(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}+08:00"


def hms(t):
    return t.strftime("%H:%M:%S.") + f"{t.microsecond // 1000:03d}"


def fmt_secs(s):
    if s >= 60:
        return f"{int(s // 60):02d}:{int(s % 60):02d} min"
    return f"{s:.3f} s"


def mvn_scan(mods):
    out = ["[INFO] Scanning for projects..."]
    if len(mods) > 1:
        out += ["[INFO] ------------------------------------------------------------------------",
                "[INFO] Reactor Build Order:", "[INFO] "]
        for m in mods:
            pk = "[pom]" if m == "coupon-center" else "[jar]"
            out.append("[INFO] " + m.ljust(W - len(pk)) + pk)
    return out


def mod_head(m, i, n):
    pk = "pom" if m == "coupon-center" else "jar"
    b = f"Building {m} {VER}"
    if n > 1:
        c = f"[{i}/{n}]"
        b = b.ljust(W - len(c)) + c
    return ["[INFO] ", "[INFO] " + center(f"< {G}:{m} >"), "[INFO] " + b,
            f"[INFO]   from {'' if m == 'coupon-center' else m + '/'}pom.xml", "[INFO] " + center(f"[ {pk} ]")]


def mojo(plugin, m, goal=None, exe=None):
    v = {"clean": "3.4.0", "resources": "3.3.1", "compiler": "3.13.0", "surefire": "3.5.2", "jar": "3.4.2",
         "spring-boot": "3.4.3", "install": "3.1.3"}[plugin]
    goal = goal or {"clean": "clean", "resources": "resources", "compiler": "compile", "surefire": "test",
                    "jar": "jar", "spring-boot": "repackage", "install": "install"}[plugin]
    exe = exe or {"clean": "default-clean", "resources": "default-resources", "compiler": "default-compile",
                  "surefire": "default-test", "jar": "default-jar", "spring-boot": "repackage",
                  "install": "default-install"}[plugin]
    return ["[INFO] ", f"[INFO] --- {plugin}:{v}:{goal} ({exe}) @ {m} ---"]


def test_lines(classes):
    """classes: list of (fqcn, n, secs, pre_lines)"""
    out = ["[INFO] Using auto detected provider org.apache.maven.surefire.junitplatform.JUnitPlatformProvider",
           "[INFO] ", "[INFO] -------------------------------------------------------",
           "[INFO]  T E S T S", "[INFO] -------------------------------------------------------"]
    total = 0
    for c in classes:
        fq, n, secs = c[0], c[1], c[2]
        pre = c[3] if len(c) > 3 else []
        out.append(f"[INFO] Running {fq}")
        out += pre
        out.append(f"[INFO] Tests run: {n}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: {secs} s -- in {fq}")
        total += n
    out += ["[INFO] ", "[INFO] Results:", "[INFO] ", f"[INFO] Tests run: {total}, Failures: 0, Errors: 0, Skipped: 0",
            "[INFO] "]
    return out


def mod_block(m, i, n, goals, tests=None, changed=(), tchanged=(), migs=30):
    """Lines for one module. goals: subset of clean/compile/test/package/install."""
    out = mod_head(m, i, n)
    if "clean" in goals:
        out += mojo("clean", m) + [f"[INFO] Deleting {R}/{'' if m == 'coupon-center' else m + '/'}target"]
    if m == "coupon-center":
        if "install" in goals:
            out += mojo("install", m) + [f"[INFO] Installing {R}/pom.xml to {M2REPO}/coupon-center/{VER}/coupon-center-{VER}.pom"]
        return out
    src, tsrc = SRC[m]
    res = RES[m]
    out += mojo("resources", m)
    out.append(f"[INFO] skip non existing resourceDirectory {R}/{m}/src/main/resources" if res is None
               else "[INFO] " + res.format(n=migs + 2))
    out += mojo("compiler", m)
    if "clean" in goals or m in changed:
        out += ["[INFO] Recompiling the module because of changed source code.",
                f"[INFO] Compiling {src} source files with javac [debug parameters release 21] to target/classes"]
    else:
        out.append("[INFO] Nothing to compile - all classes are up to date.")
    if "test" not in goals and "skip" not in goals:
        return out
    tres = TRES[m]
    out += mojo("resources", m, "testResources", "default-testResources")
    out.append(f"[INFO] skip non existing resourceDirectory {R}/{m}/src/test/resources" if tres is None else "[INFO] " + tres)
    out += mojo("compiler", m, "testCompile", "default-testCompile")
    if "clean" in goals or m in changed or m in tchanged:
        out += ["[INFO] Recompiling the module because of changed source code.",
                f"[INFO] Compiling {tsrc} source files with javac [debug parameters release 21] to target/test-classes"]
    else:
        out.append("[INFO] Nothing to compile - all classes are up to date.")
    out += mojo("surefire", m)
    if "skip" in goals:
        out.append("[INFO] Tests are skipped.")
    elif tests == "none":
        out += no_tests_block(m)[2:]
    else:
        out += test_lines(tests or [])
    if "package" in goals:
        out += mojo("jar", m)
        jar = f"{R}/{m}/target/{m}.jar" if m in APPS else f"{R}/{m}/target/{m}-{VER}.jar"
        out.append(f"[INFO] Building jar: {jar}")
        if m in APPS:
            out += mojo("spring-boot", m)
            out += [f"[INFO] Replacing main artifact {jar} with repackaged archive, adding nested dependencies in BOOT-INF/.",
                    f"[INFO] The original artifact has been renamed to {jar}.original"]
    if "install" in goals:
        out += mojo("install", m)
        out += [f"[INFO] Installing {R}/{m}/pom.xml to {M2REPO}/{m}/{VER}/{m}-{VER}.pom",
                f"[INFO] Installing {R}/{m}/target/{m}-{VER}.jar to {M2REPO}/{m}/{VER}/{m}-{VER}.jar"]
    return out


def mvn_end(d, mods, times, ok=True, fail_at=None):
    out = []
    total = sum(times.values())
    if len(mods) > 1:
        out += ["[INFO] ------------------------------------------------------------------------",
                f"[INFO] Reactor Summary for coupon-center {VER}:", "[INFO] "]
        seen_fail = False
        for m in mods:
            if seen_fail:
                st = "SKIPPED"
            elif m == fail_at:
                st = f"FAILURE [{times[m]:>7.3f} s]"
                seen_fail = True
            else:
                st = f"SUCCESS [{times[m]:>7.3f} s]"
            out.append("[INFO] " + (m + " ").ljust(52, ".") + " " + st)
    out += ["[INFO] ------------------------------------------------------------------------",
            "[INFO] BUILD SUCCESS" if ok else "[INFO] BUILD FAILURE",
            "[INFO] ------------------------------------------------------------------------",
            f"[INFO] Total time:  {fmt_secs(total + 0.4)}",
            f"[INFO] Finished at: {local(d, total + 2).strftime('%Y-%m-%dT%H:%M:%S')}+08:00",
            "[INFO] ------------------------------------------------------------------------"]
    return out


def mvn_err_tail(kind, module=None):
    out = ["[ERROR] ", "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
           "[ERROR] Re-run Maven using the -X switch to enable full debug logging.", "[ERROR] ",
           "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
           f"[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/{kind}"]
    if module:
        out += ["[ERROR] ", "[ERROR] After correcting the problems, you can resume the build with the command",
                f"[ERROR]   mvn <args> -rf :{module}"]
    return out


def no_tests_error(module, pattern):
    return (f"[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.5.2:test (default-test) "
            f"on project {module}: No tests matching pattern \"{pattern}\" were executed! "
            f"(Set -Dsurefire.failIfNoSpecifiedTests=false to ignore this error.) -> [Help 1]")


def no_tests_block(m):
    """surefire in a module where the -Dtest filter matched nothing (failIfNoSpecifiedTests=false)."""
    return mojo("surefire", m) + [
        "[INFO] Using auto detected provider org.apache.maven.surefire.junitplatform.JUnitPlatformProvider",
        "[INFO] ", "[INFO] -------------------------------------------------------",
        "[INFO]  T E S T S", "[INFO] -------------------------------------------------------",
        "[INFO] ", "[INFO] Results:", "[INFO] ", "[INFO] Tests run: 0, Failures: 0, Errors: 0, Skipped: 0", "[INFO] "]


def compile_only(m, changed=False, test_changed=False, migs=30):
    """resources/compile/testResources/testCompile of a module, up to (not including) surefire."""
    src, tsrc = SRC[m]
    out = mojo("resources", m)
    res = RES[m]
    out.append(f"[INFO] skip non existing resourceDirectory {R}/{m}/src/main/resources" if res is None
               else "[INFO] " + res.format(n=migs + 2))
    out += mojo("compiler", m)
    out += (["[INFO] Recompiling the module because of changed source code.",
             f"[INFO] Compiling {src} source files with javac [debug parameters release 21] to target/classes"]
            if changed else ["[INFO] Nothing to compile - all classes are up to date."])
    tres = TRES[m]
    out += mojo("resources", m, "testResources", "default-testResources")
    out.append(f"[INFO] skip non existing resourceDirectory {R}/{m}/src/test/resources" if tres is None else "[INFO] " + tres)
    out += mojo("compiler", m, "testCompile", "default-testCompile")
    out += (["[INFO] Recompiling the module because of changed source code.",
             f"[INFO] Compiling {tsrc} source files with javac [debug parameters release 21] to target/test-classes"]
            if test_changed else ["[INFO] Nothing to compile - all classes are up to date."])
    return out


# --------------------------------------------------------------------- test-run logs
def tc_mysql(t, port):
    """Testcontainers start-up lines (logback default pattern, before the Spring context exists)."""
    def at(sec):
        return hms(t + _dt.timedelta(seconds=sec))
    ryuk, cid = hx(12), hx(12)
    return [
        f"{at(0)} [main] INFO org.testcontainers.images.PullPolicy -- Image pull policy will be performed by: DefaultPullPolicy()",
        f"{at(0.006)} [main] INFO org.testcontainers.utility.ImageNameSubstitutor -- Image name substitution will be performed by: "
        "DefaultImageNameSubstitutor (composite of 'ConfigurationFileImageNameSubstitutor' and 'PrefixingImageNameSubstitutor')",
        f"{at(0.512)} [main] INFO org.testcontainers.DockerClientFactory -- Testcontainers version: 1.20.6",
        f"{at(0.689)} [main] INFO org.testcontainers.dockerclient.DockerClientProviderStrategy -- Found Docker environment with local Unix socket (unix:///var/run/docker.sock)",
        f"{at(0.694)} [main] INFO org.testcontainers.DockerClientFactory -- Docker host IP address is localhost",
        f"{at(0.715)} [main] INFO org.testcontainers.DockerClientFactory -- Connected to docker: ",
        "  Server Version: 27.5.1",
        "  API Version: 1.47",
        "  Operating System: Ubuntu 24.04.2 LTS",
        "  Total Memory: 31815 MB",
        f"{at(0.771)} [main] INFO tc.testcontainers/ryuk:0.11.0 -- Creating container for image: testcontainers/ryuk:0.11.0",
        f"{at(1.093)} [main] INFO tc.testcontainers/ryuk:0.11.0 -- Container testcontainers/ryuk:0.11.0 is starting: {ryuk}",
        f"{at(1.466)} [main] INFO tc.testcontainers/ryuk:0.11.0 -- Container testcontainers/ryuk:0.11.0 started in PT0.695S",
        f"{at(1.473)} [main] INFO org.testcontainers.utility.RyukResourceReaper -- Ryuk started - will monitor and terminate Testcontainers containers on JVM exit",
        f"{at(1.474)} [main] INFO org.testcontainers.DockerClientFactory -- Checking the system...",
        f"{at(1.475)} [main] INFO org.testcontainers.DockerClientFactory -- \u2714\ufe0e Docker server version should be at least 1.6.0",
        f"{at(1.491)} [main] INFO tc.mysql:8.0.36 -- Creating container for image: mysql:8.0.36",
        f"{at(1.868)} [main] INFO tc.mysql:8.0.36 -- Container mysql:8.0.36 is starting: {cid}",
        f"{at(1.874)} [main] INFO tc.mysql:8.0.36 -- Waiting for database connection to become available at jdbc:mysql://localhost:{port}/test using query 'SELECT 1'",
        f"{at(9.402)} [main] INFO tc.mysql:8.0.36 -- Container mysql:8.0.36 started in PT7.911S",
        f"{at(9.403)} [main] INFO tc.mysql:8.0.36 -- Container is started (JDBC URL: jdbc:mysql://localhost:{port}/test)",
    ]


def spring_dao(t, pid, test_cls, port, migs, applied=None, short=None):
    """Spring Boot test-context lines for a dao mapper test (Flyway on the Testcontainers MySQL)."""
    short = abbrev(short or f"{G}.dao.mapper.{test_cls}")

    def at(sec):
        return iso_local(t + _dt.timedelta(seconds=sec))
    applied = migs if applied is None else applied
    return [
        f"{at(0)}  INFO {pid} --- [           main] {short} : Starting {test_cls} using Java 21.0.6 with PID {pid} (started by wangfang in {R}/coupon-dao)",
        f"{at(0.004)}  INFO {pid} --- [           main] {short} : No active profile set, falling back to 1 default profile: \"default\"",
        f"{at(0.731)}  INFO {pid} --- [           main] com.zaxxer.hikari.HikariDataSource       : HikariPool-1 - Starting...",
        f"{at(0.902)}  INFO {pid} --- [           main] com.zaxxer.hikari.pool.HikariPool        : HikariPool-1 - Added connection com.mysql.cj.jdbc.ConnectionImpl@{hx(8)}",
        f"{at(0.905)}  INFO {pid} --- [           main] com.zaxxer.hikari.HikariDataSource       : HikariPool-1 - Start completed.",
        f"{at(0.981)}  INFO {pid} --- [           main] org.flywaydb.core.FlywayExecutor         : Database: jdbc:mysql://localhost:{port}/test (MySQL 8.0)",
        f"{at(1.214)}  INFO {pid} --- [           main] o.f.core.internal.command.DbValidate     : Successfully validated {migs} migrations (execution time 00:00.087s)",
        f"{at(1.262)}  INFO {pid} --- [           main] o.f.c.i.s.JdbcTableSchemaHistory         : Creating Schema History table `test`.`flyway_schema_history` ...",
        f"{at(1.391)}  INFO {pid} --- [           main] o.f.core.internal.command.DbMigrate      : Current version of schema `test`: << Empty Schema >>",
        f"{at(2.917)}  INFO {pid} --- [           main] o.f.core.internal.command.DbMigrate      : Successfully applied {applied} migrations to schema `test`, now at version v{migs} (execution time 00:01.508s)",
        f"{at(3.844)}  INFO {pid} --- [           main] {short} : Started {test_cls} in 4.211 seconds (process running for 14.57)",
    ]


def dao_suite(d, port, migs, pid, extra=(), tpl_n=3, uc_n=4):
    """The coupon-dao test classes; the first one carries the container and context start-up."""
    t = local(d, 6)
    pre = tc_mysql(t, port) + spring_dao(t + _dt.timedelta(seconds=10.2), pid, "CouponTemplateMapperTest", port, migs)
    return [(f"{G}.dao.mapper.CouponTemplateMapperTest", tpl_n, "15.88", pre),
            (f"{G}.dao.mapper.RedeemLogMapperTest", 2, "0.142"),
            (f"{G}.dao.mapper.UserCouponMapperTest", uc_n, "0.318")] + list(extra)


def line_of(d, path, needle, nth=1):
    lines = d.files[path].split("\n")
    k = 0
    for i, l in enumerate(lines, 1):
        if needle in l:
            k += 1
            if k == nth:
                return i
    raise AssertionError(f"{needle!r} not in {path}")


def flyway_dup_failure(d, test_cls, ver, a, b, pid, port, n_tests, first_test, other_tests):
    """Surefire output of a dao test class whose Spring context dies on two migrations with one version."""
    t = local(d, 6)
    fq = f"{G}.dao.mapper.{test_cls}"
    short = abbrev(f"{G}.dao.mapper.{test_cls}")
    ctx = f"MergedContextConfiguration@{hx(8)}"
    _CTX["last"] = ctx
    off = [f"-> {R}/coupon-dao/target/classes/db/migration/{a} (SQL)",
           f"-> {R}/coupon-dao/target/classes/db/migration/{b} (SQL)"]
    t2 = t + _dt.timedelta(seconds=10.2)
    msg = f"Found more than one migration with version {ver}"
    bean = ("Error creating bean with name 'flywayInitializer' defined in class path resource "
            "[org/springframework/boot/autoconfigure/flyway/FlywayAutoConfiguration$FlywayConfiguration.class]: " + msg)
    logs = tc_mysql(t, port) + [
        f"{iso_local(t2)}  INFO {pid} --- [           main] {short} : Starting {test_cls} using Java 21.0.6 with PID {pid} (started by wangfang in {R}/coupon-dao)",
        f"{iso_local(t2 + _dt.timedelta(seconds=0.004))}  INFO {pid} --- [           main] {short} : No active profile set, falling back to 1 default profile: \"default\"",
        f"{iso_local(t2 + _dt.timedelta(seconds=0.802))}  WARN {pid} --- [           main] o.s.c.support.GenericApplicationContext  : Exception encountered during context initialization - cancelling refresh attempt: org.springframework.beans.factory.BeanCreationException: {bean}",
    ] + off + [
        f"{iso_local(t2 + _dt.timedelta(seconds=0.829))} ERROR {pid} --- [           main] o.s.boot.SpringApplication               : Application run failed",
        "",
        f"org.springframework.beans.factory.BeanCreationException: {bean}",
    ] + off + [
        "\tat org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.initializeBean(AbstractAutowireCapableBeanFactory.java:1812) ~[spring-beans-6.2.3.jar:6.2.3]",
        "\tat org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.doCreateBean(AbstractAutowireCapableBeanFactory.java:601) ~[spring-beans-6.2.3.jar:6.2.3]",
        "\tat org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.createBean(AbstractAutowireCapableBeanFactory.java:523) ~[spring-beans-6.2.3.jar:6.2.3]",
        "\tat org.springframework.beans.factory.support.AbstractBeanFactory.lambda$doGetBean$0(AbstractBeanFactory.java:339) ~[spring-beans-6.2.3.jar:6.2.3]",
        "\tat org.springframework.beans.factory.support.DefaultSingletonBeanRegistry.getSingleton(DefaultSingletonBeanRegistry.java:346) ~[spring-beans-6.2.3.jar:6.2.3]",
        "\tat org.springframework.beans.factory.support.AbstractBeanFactory.doGetBean(AbstractBeanFactory.java:337) ~[spring-beans-6.2.3.jar:6.2.3]",
        "\tat org.springframework.beans.factory.support.AbstractBeanFactory.getBean(AbstractBeanFactory.java:202) ~[spring-beans-6.2.3.jar:6.2.3]",
        "\tat org.springframework.beans.factory.support.AbstractBeanFactory.doGetBean(AbstractBeanFactory.java:315) ~[spring-beans-6.2.3.jar:6.2.3]",
        "\tat org.springframework.context.support.AbstractApplicationContext.finishBeanFactoryInitialization(AbstractApplicationContext.java:987) ~[spring-context-6.2.3.jar:6.2.3]",
        "\tat org.springframework.context.support.AbstractApplicationContext.refresh(AbstractApplicationContext.java:627) ~[spring-context-6.2.3.jar:6.2.3]",
        "\tat org.springframework.boot.SpringApplication.refresh(SpringApplication.java:752) ~[spring-boot-3.4.3.jar:3.4.3]",
        "\tat org.springframework.boot.SpringApplication.refreshContext(SpringApplication.java:439) ~[spring-boot-3.4.3.jar:3.4.3]",
        "\tat org.springframework.boot.SpringApplication.run(SpringApplication.java:318) ~[spring-boot-3.4.3.jar:3.4.3]",
        "\tat org.springframework.boot.test.context.SpringBootContextLoader.lambda$loadContext$3(SpringBootContextLoader.java:137) ~[spring-boot-test-3.4.3.jar:3.4.3]",
        "\tat org.springframework.boot.test.context.SpringBootContextLoader.loadContext(SpringBootContextLoader.java:108) ~[spring-boot-test-3.4.3.jar:3.4.3]",
        "\tat org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate.loadContextInternal(DefaultCacheAwareContextLoaderDelegate.java:225) ~[spring-test-6.2.3.jar:6.2.3]",
        "\tat org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate.loadContext(DefaultCacheAwareContextLoaderDelegate.java:152) ~[spring-test-6.2.3.jar:6.2.3]",
        "\tat org.junit.platform.launcher.core.DefaultLauncher.execute(DefaultLauncher.java:86) ~[junit-platform-launcher-1.11.4.jar:1.11.4]",
        "\tat org.apache.maven.surefire.junitplatform.JUnitPlatformProvider.invoke(JUnitPlatformProvider.java:124) ~[surefire-junit-platform-3.5.2.jar:3.5.2]",
        "\tat org.apache.maven.surefire.booter.ForkedBooter.main(ForkedBooter.java:495) ~[surefire-booter-3.5.2.jar:3.5.2]",
        f"Caused by: org.flywaydb.core.api.FlywayException: {msg}",
        "Offenders:",
    ] + off + [
        "\tat org.flywaydb.core.internal.resolver.CompositeMigrationResolver.checkForIncompatibilities(CompositeMigrationResolver.java:120) ~[flyway-core-10.20.1.jar:na]",
        "\tat org.flywaydb.core.internal.resolver.CompositeMigrationResolver.doFindAvailableMigrations(CompositeMigrationResolver.java:98) ~[flyway-core-10.20.1.jar:na]",
        "\tat org.flywaydb.core.internal.resolver.CompositeMigrationResolver.resolveMigrations(CompositeMigrationResolver.java:80) ~[flyway-core-10.20.1.jar:na]",
        "\tat org.flywaydb.core.internal.info.MigrationInfoServiceImpl.refresh(MigrationInfoServiceImpl.java:117) ~[flyway-core-10.20.1.jar:na]",
        "\tat org.flywaydb.core.internal.command.DbValidate.lambda$validate$0(DbValidate.java:105) ~[flyway-core-10.20.1.jar:na]",
        "\tat org.flywaydb.core.Flyway.lambda$migrate$0(Flyway.java:146) ~[flyway-core-10.20.1.jar:na]",
        "\tat org.flywaydb.core.FlywayExecutor.execute(FlywayExecutor.java:204) ~[flyway-core-10.20.1.jar:na]",
        "\tat org.flywaydb.core.Flyway.migrate(Flyway.java:140) ~[flyway-core-10.20.1.jar:na]",
        "\tat org.springframework.boot.autoconfigure.flyway.FlywayMigrationInitializer.afterPropertiesSet(FlywayMigrationInitializer.java:66) ~[spring-boot-autoconfigure-3.4.3.jar:3.4.3]",
        "\t... 94 common frames omitted",
        "",
    ]
    errs = [f"[ERROR] Tests run: {n_tests}, Failures: 0, Errors: {n_tests}, Skipped: 0, Time elapsed: 11.83 s <<< FAILURE! -- in {fq}",
            f"[ERROR] {fq}.{first_test} -- Time elapsed: 0.004 s <<< ERROR!",
            f"java.lang.IllegalStateException: Failed to load ApplicationContext for [{ctx} testClass = {fq}, locations = [], "
            f"classes = [{G}.dao.DaoTestApplication], contextInitializerClasses = [], activeProfiles = [], propertySourceDescriptors = [], "
            "propertySourceProperties = [org.springframework.boot.test.context.SpringBootTestContextBootstrapper=true], "
            "contextCustomizers = [...], contextLoader = org.springframework.boot.test.context.SpringBootContextLoader, parent = null]",
            "\tat org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate.loadContext(DefaultCacheAwareContextLoaderDelegate.java:180)",
            "\tat org.springframework.test.context.support.DefaultTestContext.getApplicationContext(DefaultTestContext.java:130)",
            "\tat org.springframework.test.context.support.DependencyInjectionTestExecutionListener.injectDependencies(DependencyInjectionTestExecutionListener.java:155)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
            f"Caused by: org.springframework.beans.factory.BeanCreationException: {bean}"] + off + [
            "\tat org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.initializeBean(AbstractAutowireCapableBeanFactory.java:1812)",
            "\tat org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.doCreateBean(AbstractAutowireCapableBeanFactory.java:601)",
            "\t... 18 more",
            f"Caused by: org.flywaydb.core.api.FlywayException: {msg}",
            "Offenders:"] + off + [
            "\tat org.flywaydb.core.internal.resolver.CompositeMigrationResolver.checkForIncompatibilities(CompositeMigrationResolver.java:120)",
            "\tat org.flywaydb.core.internal.resolver.CompositeMigrationResolver.doFindAvailableMigrations(CompositeMigrationResolver.java:98)",
            "\t... 28 more",
            ""]
    for ot in other_tests:
        errs += [f"[ERROR] {fq}.{ot} -- Time elapsed: 0 s <<< ERROR!",
                 f"java.lang.IllegalStateException: ApplicationContext failure threshold (1) exceeded: skipping repeated attempt to load context for [{ctx} testClass = {fq}, ...]",
                 "\tat org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate.loadContext(DefaultCacheAwareContextLoaderDelegate.java:145)",
                 "\tat org.springframework.test.context.support.DefaultTestContext.getApplicationContext(DefaultTestContext.java:130)",
                 ""]
    summary = [f"[ERROR]   {test_cls}.{first_test} \u00bb IllegalState Failed to load ApplicationContext for [{ctx} testClass = {fq}, ...]"]
    summary += [f"[ERROR]   {test_cls}.{ot} \u00bb IllegalState ApplicationContext failure threshold (1) exceeded: skipping repeated attempt to load context for [{ctx} testClass = {fq}, ...]"
                for ot in other_tests]
    return [f"[INFO] Running {fq}"] + logs + errs, summary


_CTX = {}


def dao_threshold_fail(test_cls, tests):
    """Another dao test class sharing the failed context: every test hits the failure threshold."""
    fq = f"{G}.dao.mapper.{test_cls}"
    ctx = _CTX["last"]
    out = [f"[INFO] Running {fq}",
           f"[ERROR] Tests run: {len(tests)}, Failures: 0, Errors: {len(tests)}, Skipped: 0, Time elapsed: 0.0{HX.randint(10, 60)} s <<< FAILURE! -- in {fq}"]
    for x in tests:
        out += [f"[ERROR] {fq}.{x} -- Time elapsed: 0.001 s <<< ERROR!",
                f"java.lang.IllegalStateException: ApplicationContext failure threshold (1) exceeded: skipping repeated attempt to load context for [{ctx} testClass = {fq}, ...]",
                "\tat org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate.loadContext(DefaultCacheAwareContextLoaderDelegate.java:145)",
                "\tat org.springframework.test.context.support.DefaultTestContext.getApplicationContext(DefaultTestContext.java:130)",
                ""]
    return out


def dao_threshold_summary(test_cls, tests):
    fq = f"{G}.dao.mapper.{test_cls}"
    return [f"[ERROR]   {test_cls}.{x} \u00bb IllegalState ApplicationContext failure threshold (1) exceeded: skipping repeated attempt to load context for [{_CTX['last']} testClass = {fq}, ...]"
            for x in tests]


def surefire_failed_tail(module, nrun, nerr, err_lines):
    return (["[INFO] ", "[INFO] Results:", "[INFO] ", "[ERROR] Errors: "] + err_lines +
            ["[INFO] ", f"[ERROR] Tests run: {nrun}, Failures: 0, Errors: {nerr}, Skipped: 0", "[INFO] "])


def surefire_failed_error(module):
    return [f"[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.5.2:test (default-test) on project {module}: There are test failures.",
            "[ERROR] ",
            f"[ERROR] Please refer to {R}/{module}/target/surefire-reports for the individual test results.",
            "[ERROR] Please refer to dump files (if any exist) [date].dump, [date]-jvmRun[N].dump and [date].dumpstream."]


# --------------------------------------------------------------------- docker / git / glab
def buildkit_missing_jar(d, ctx_dir, dockerfile_rel, jar_rel, svc=None):
    """BuildKit plain progress of a jar-copy image whose jar is not in target/."""
    ref = f"{HX.choice('0123456789abcdef')}{b36(24)}::{b36(25)}"
    pre = f"{svc} " if svc else ""
    df = d.files[P(dockerfile_rel)].split("\n")
    k = next(i for i, l in enumerate(df, 1) if l.startswith("COPY "))
    copy = df[k - 1].replace("${JAR_FILE}", jar_rel)
    base = df[0].split()[1]
    lines = [
        '#0 building with "default" instance using docker driver', "",
        f"#1 [{pre}internal] load build definition from Dockerfile", f"#1 transferring dockerfile: {len(d.files[P(dockerfile_rel)])}B done", "#1 DONE 0.0s", "",
        f"#2 [{pre}internal] load metadata for {base}", "#2 DONE 0.3s", "",
        f"#3 [{pre}internal] load .dockerignore", "#3 transferring context: 2B done", "#3 DONE 0.0s", "",
        f"#4 [{pre}1/3] FROM {base}@sha256:{hx(64)}", "#4 DONE 0.0s", "",
        f"#5 [{pre}internal] load build context", "#5 transferring context: 2B done", "#5 DONE 0.0s", "",
        f"#6 [{pre}2/3] WORKDIR /app", "#6 CACHED", "",
        f"#7 [{pre}3/3] {copy}",
        f'#7 ERROR: failed to calculate checksum of ref {ref}: "/{jar_rel}": not found',
        "------", f" > [{pre}3/3] {copy}:", "------",
        f"Dockerfile:{k}", "--------------------"]
    for i in range(max(1, k - 2), min(len(df) - 1, k + 2) + 1):
        mark = ">>>" if i == k else "   "
        lines.append(f"{i:>4} | {mark} {df[i - 1]}")
    lines.append("--------------------")
    final = f'failed to solve: failed to compute cache key: failed to calculate checksum of ref {ref}: "/{jar_rel}": not found'
    lines.append(final if svc else "ERROR: failed to build: " + final)
    return "\n".join(lines)


def buildkit_ok(d, dockerfile_rel, jar_rel, tags, svc=None, start=1):
    pre = f"{svc} " if svc else ""
    df = d.files[P(dockerfile_rel)].split("\n")
    copy = next(l for l in df if l.startswith("COPY ")).replace("${JAR_FILE}", jar_rel)
    base = df[0].split()[1]
    n = start
    out = []

    def step(text, body=(), done="0.0s", cached=False):
        nonlocal n
        out.append(f"#{n} {text}")
        out.extend(f"#{n} {b}" for b in body)
        out.append(f"#{n} CACHED" if cached else f"#{n} DONE {done}")
        out.append("")
        n += 1
    if start == 1:
        out += ['#0 building with "default" instance using docker driver', ""]
    step(f"[{pre}internal] load build definition from Dockerfile", [f"transferring dockerfile: {len(d.files[P(dockerfile_rel)])}B done"])
    step(f"[{pre}internal] load metadata for {base}", done="0.2s")
    step(f"[{pre}internal] load .dockerignore", ["transferring context: 2B done"])
    step(f"[{pre}1/3] FROM {base}@sha256:{hx(64)}")
    step(f"[{pre}internal] load build context", [f"transferring context: {HX.randint(78, 96)}.{HX.randint(10, 99)}MB 0.{HX.randint(5, 9)}s done"], done=f"0.{HX.randint(6, 9)}s")
    step(f"[{pre}2/3] WORKDIR /app", cached=True)
    step(f"[{pre}3/3] {copy}", done=f"0.{HX.randint(2, 6)}s")
    exp = ["exporting layers", f"exporting layers 0.{HX.randint(3, 8)}s done", f"writing image sha256:{hx(64)} done"]
    exp += [f"naming to {t} done" for t in tags]
    step("exporting to image", exp, done=f"0.{HX.randint(4, 9)}s")
    return "\n".join(out).rstrip("\n"), n


def push_new_branch(branch, objs=14):
    return f"""Enumerating objects: {objs + 21}, done.
Counting objects: 100% ({objs + 21}/{objs + 21}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({objs}/{objs}), done.
Writing objects: 100% ({objs + 4}/{objs + 4}), {HX.randint(3, 9)}.{HX.randint(10, 99)} KiB | {HX.randint(2, 9)}.{HX.randint(10, 99)} MiB/s, done.
Total {objs + 4} (delta {objs // 2}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def glab_created(branch, title, iid):
    return f"""
Creating merge request for {branch} into develop in backend/coupon-center

!{iid} {title} ({branch})
 {GL}/-/merge_requests/{iid}
"""


def dep_tree(d):
    tree = r"""com.lanhai.coupon:coupon-api:jar:1.6.0-SNAPSHOT
+- com.lanhai.coupon:coupon-service:jar:1.6.0-SNAPSHOT:compile
|  +- com.lanhai.coupon:coupon-dao:jar:1.6.0-SNAPSHOT:compile
|  |  +- com.lanhai.coupon:coupon-common:jar:1.6.0-SNAPSHOT:compile
|  |  +- com.baomidou:mybatis-plus-spring-boot3-starter:jar:3.5.10.1:compile
|  |  |  +- com.baomidou:mybatis-plus:jar:3.5.10.1:compile
|  |  |  |  \- com.baomidou:mybatis-plus-core:jar:3.5.10.1:compile
|  |  |  |     +- com.baomidou:mybatis-plus-annotation:jar:3.5.10.1:compile
|  |  |  |     +- com.github.jsqlparser:jsqlparser:jar:5.1:compile
|  |  |  |     \- org.mybatis:mybatis:jar:3.5.19:compile
|  |  |  +- com.baomidou:mybatis-plus-spring:jar:3.5.10.1:compile
|  |  |  |  \- org.mybatis:mybatis-spring:jar:3.0.4:compile
|  |  |  \- org.springframework.boot:spring-boot-starter-jdbc:jar:3.4.3:compile
|  |  |     +- com.zaxxer:HikariCP:jar:5.1.0:compile
|  |  |     \- org.springframework:spring-jdbc:jar:6.2.3:compile
|  |  +- com.mysql:mysql-connector-j:jar:9.1.0:runtime
|  |  +- org.flywaydb:flyway-core:jar:10.20.1:compile
|  |  |  +- com.fasterxml.jackson.dataformat:jackson-dataformat-toml:jar:2.18.2:compile
|  |  |  \- com.google.code.gson:gson:jar:2.11.0:compile
|  |  \- org.flywaydb:flyway-mysql:jar:10.20.1:compile
|  +- org.springframework.boot:spring-boot-starter-data-redis:jar:3.4.3:compile
|  |  +- io.lettuce:lettuce-core:jar:6.4.2.RELEASE:compile
|  |  |  +- io.netty:netty-common:jar:4.1.118.Final:compile
|  |  |  +- io.netty:netty-handler:jar:4.1.118.Final:compile
|  |  |  +- io.netty:netty-transport:jar:4.1.118.Final:compile
|  |  |  \- io.projectreactor:reactor-core:jar:3.7.3:compile
|  |  \- org.springframework.data:spring-data-redis:jar:3.4.3:compile
|  |     +- org.springframework.data:spring-data-keyvalue:jar:3.4.3:compile
|  |     |  \- org.springframework.data:spring-data-commons:jar:3.4.3:compile
|  |     +- org.springframework:spring-tx:jar:6.2.3:compile
|  |     +- org.springframework:spring-oxm:jar:6.2.3:compile
|  |     \- org.springframework:spring-context-support:jar:6.2.3:compile
|  \- org.redisson:redisson-spring-boot-starter:jar:3.45.1:compile
|     +- org.springframework.boot:spring-boot-starter-actuator:jar:3.4.3:compile
|     |  +- org.springframework.boot:spring-boot-actuator-autoconfigure:jar:3.4.3:compile
|     |  |  \- org.springframework.boot:spring-boot-actuator:jar:3.4.3:compile
|     |  +- io.micrometer:micrometer-observation:jar:1.14.4:compile
|     |  |  \- io.micrometer:micrometer-commons:jar:1.14.4:compile
|     |  \- io.micrometer:micrometer-jakarta9:jar:1.14.4:compile
|     |     \- io.micrometer:micrometer-core:jar:1.14.4:compile
|     +- org.redisson:redisson:jar:3.45.1:compile
|     |  +- io.netty:netty-codec-dns:jar:4.1.118.Final:compile
|     |  +- io.netty:netty-resolver-dns:jar:4.1.118.Final:compile
|     |  +- javax.cache:cache-api:jar:1.1.1:compile
|     |  +- io.reactivex.rxjava3:rxjava:jar:3.1.10:compile
|     |  +- org.jboss.marshalling:jboss-marshalling:jar:2.2.2.Final:compile
|     |  +- org.jboss.marshalling:jboss-marshalling-river:jar:2.2.2.Final:compile
|     |  +- com.esotericsoftware:kryo:jar:5.6.2:compile
|     |  +- com.fasterxml.jackson.dataformat:jackson-dataformat-yaml:jar:2.18.2:compile
|     |  |  \- org.yaml:snakeyaml:jar:2.3:compile
|     |  \- net.bytebuddy:byte-buddy:jar:1.15.11:compile
|     \- org.redisson:redisson-spring-data-34:jar:3.45.1:compile
+- org.springframework.boot:spring-boot-starter-web:jar:3.4.3:compile
|  +- org.springframework.boot:spring-boot-starter:jar:3.4.3:compile
|  |  +- org.springframework.boot:spring-boot:jar:3.4.3:compile
|  |  +- org.springframework.boot:spring-boot-autoconfigure:jar:3.4.3:compile
|  |  +- org.springframework.boot:spring-boot-starter-logging:jar:3.4.3:compile
|  |  |  +- ch.qos.logback:logback-classic:jar:1.5.16:compile
|  |  |  |  \- ch.qos.logback:logback-core:jar:1.5.16:compile
|  |  |  +- org.apache.logging.log4j:log4j-to-slf4j:jar:2.24.3:compile
|  |  |  \- org.slf4j:jul-to-slf4j:jar:2.0.16:compile
|  |  +- jakarta.annotation:jakarta.annotation-api:jar:2.1.1:compile
|  |  \- org.yaml:snakeyaml:jar:2.3:compile
|  +- org.springframework.boot:spring-boot-starter-json:jar:3.4.3:compile
|  |  +- com.fasterxml.jackson.core:jackson-databind:jar:2.18.2:compile
|  |  |  +- com.fasterxml.jackson.core:jackson-annotations:jar:2.18.2:compile
|  |  |  \- com.fasterxml.jackson.core:jackson-core:jar:2.18.2:compile
|  |  +- com.fasterxml.jackson.datatype:jackson-datatype-jdk8:jar:2.18.2:compile
|  |  +- com.fasterxml.jackson.datatype:jackson-datatype-jsr310:jar:2.18.2:compile
|  |  \- com.fasterxml.jackson.module:jackson-module-parameter-names:jar:2.18.2:compile
|  +- org.springframework.boot:spring-boot-starter-tomcat:jar:3.4.3:compile
|  |  +- org.apache.tomcat.embed:tomcat-embed-core:jar:10.1.36:compile
|  |  +- org.apache.tomcat.embed:tomcat-embed-el:jar:10.1.36:compile
|  |  \- org.apache.tomcat.embed:tomcat-embed-websocket:jar:10.1.36:compile
|  +- org.springframework:spring-web:jar:6.2.3:compile
|  |  \- org.springframework:spring-beans:jar:6.2.3:compile
|  \- org.springframework:spring-webmvc:jar:6.2.3:compile
|     +- org.springframework:spring-aop:jar:6.2.3:compile
|     +- org.springframework:spring-context:jar:6.2.3:compile
|     \- org.springframework:spring-expression:jar:6.2.3:compile
+- org.springframework.boot:spring-boot-starter-validation:jar:3.4.3:compile
|  \- org.hibernate.validator:hibernate-validator:jar:8.0.2.Final:compile
|     +- jakarta.validation:jakarta.validation-api:jar:3.0.2:compile
|     +- org.jboss.logging:jboss-logging:jar:3.6.1.Final:compile
|     \- com.fasterxml:classmate:jar:1.7.0:compile
+- com.alibaba.cloud:spring-cloud-starter-alibaba-nacos-config:jar:2023.0.3.2:compile
|  +- com.alibaba.cloud:spring-alibaba-nacos-config:jar:2023.0.3.2:compile
|  +- com.alibaba.nacos:nacos-client:jar:2.4.2:compile
|  |  +- com.alibaba.nacos:nacos-auth-plugin:jar:2.4.2:compile
|  |  +- com.alibaba.nacos:nacos-encryption-plugin:jar:2.4.2:compile
|  |  +- commons-codec:commons-codec:jar:1.17.2:compile
|  |  +- org.apache.httpcomponents:httpasyncclient:jar:4.1.5:compile
|  |  \- io.prometheus:simpleclient:jar:0.16.0:compile
|  \- org.springframework.cloud:spring-cloud-commons:jar:4.2.1:compile
+- org.projectlombok:lombok:jar:1.18.36:compile
+- org.springframework.boot:spring-boot-starter-test:jar:3.4.3:test
|  +- org.springframework.boot:spring-boot-test:jar:3.4.3:test
|  +- org.springframework.boot:spring-boot-test-autoconfigure:jar:3.4.3:test
|  +- com.jayway.jsonpath:json-path:jar:2.9.0:test
|  +- org.assertj:assertj-core:jar:3.26.3:test
|  +- org.junit.jupiter:junit-jupiter:jar:5.11.4:test
|  +- org.mockito:mockito-core:jar:5.14.2:test
|  +- org.mockito:mockito-junit-jupiter:jar:5.14.2:test
|  +- org.springframework:spring-core:jar:6.2.3:compile
|  |  \- org.springframework:spring-jcl:jar:6.2.3:compile
|  \- org.springframework:spring-test:jar:6.2.3:test
\- org.springframework.boot:spring-boot-testcontainers:jar:3.4.3:test
   \- org.testcontainers:testcontainers:jar:1.20.6:test
      +- junit:junit:jar:4.13.2:test
      +- org.apache.commons:commons-compress:jar:1.24.0:test
      \- com.github.docker-java:docker-java-transport-zerodep:jar:3.4.1:test"""
    head = ["[INFO] Scanning for projects...", "[INFO] ", "[INFO] " + center(f"< {G}:coupon-api >"),
            f"[INFO] Building coupon-api {VER}", "[INFO]   from coupon-api/pom.xml", "[INFO] " + center("[ jar ]"),
            "[INFO] ", "[INFO] --- dependency:3.8.1:tree (default-cli) @ coupon-api ---"]
    body = ["[INFO] " + l for l in tree.split("\n")]
    return "\n".join(head + body + mvn_end(d, ["coupon-api"], {"coupon-api": 1.702}))


def tc_redis(t, port, test_cls, pid, module="coupon-service"):
    def at(sec):
        return hms(t + _dt.timedelta(seconds=sec))

    def sp(sec):
        return iso_local(t + _dt.timedelta(seconds=sec))
    short = abbrev(f"{G}.service.cache.{test_cls}")
    return [
        f"{at(0)} [main] INFO org.testcontainers.images.PullPolicy -- Image pull policy will be performed by: DefaultPullPolicy()",
        f"{at(0.511)} [main] INFO org.testcontainers.DockerClientFactory -- Testcontainers version: 1.20.6",
        f"{at(0.688)} [main] INFO org.testcontainers.dockerclient.DockerClientProviderStrategy -- Found Docker environment with local Unix socket (unix:///var/run/docker.sock)",
        f"{at(0.713)} [main] INFO org.testcontainers.DockerClientFactory -- Connected to docker: ",
        "  Server Version: 27.5.1",
        "  API Version: 1.47",
        "  Operating System: Ubuntu 24.04.2 LTS",
        "  Total Memory: 31815 MB",
        f"{at(1.452)} [main] INFO org.testcontainers.utility.RyukResourceReaper -- Ryuk started - will monitor and terminate Testcontainers containers on JVM exit",
        f"{at(1.470)} [main] INFO tc.redis:7.2-alpine -- Creating container for image: redis:7.2-alpine",
        f"{at(1.803)} [main] INFO tc.redis:7.2-alpine -- Container redis:7.2-alpine is starting: {hx(12)}",
        f"{at(2.377)} [main] INFO tc.redis:7.2-alpine -- Container redis:7.2-alpine started in PT0.906S",
        f"{sp(3.102)}  INFO {pid} --- [           main] {short} : Starting {test_cls} using Java 21.0.6 with PID {pid} (started by wangfang in {R}/{module})",
        f"{sp(3.106)}  INFO {pid} --- [           main] {short} : No active profile set, falling back to 1 default profile: \"default\"",
        f"{sp(4.420)}  INFO {pid} --- [           main] {short} : Started {test_cls} in 1.577 seconds (process running for 5.21)",
    ]


COMMON_TESTS = [(f"{G}.common.redis.RedisKeysTest", 3, "0.031"), (f"{G}.common.util.MoneyUtilsTest", 6, "0.047")]


def service_tests(d, stage):
    """coupon-service test classes as the month goes on. stage: set of features present."""
    t = local(d, 30)
    out = []
    if "cache" in stage:
        out.append((f"{G}.service.ChannelTemplateServiceTest", 3, "0.412"))
        out.append((f"{G}.service.cache.CouponTemplateCacheTest", 2, "5.317",
                    tc_redis(t, 32794, "CouponTemplateCacheTest", 61207)))
    out.append((f"{G}.service.RedeemServiceTest", 6, "0.388"))
    out.append((f"{G}.service.UserCouponQueryServiceTest", 3, "0.097"))
    out.append((f"{G}.service.impl.CouponIssueServiceTest", 8, "1.174"))
    return out


def api_tests(stage):
    out = [(f"{G}.api.controller.CouponControllerTest", 4, "3.906")]
    if "redeem" in stage:
        out.append((f"{G}.api.controller.RedeemControllerTest", 5, "0.611"))
    return out


def job_tests(stage):
    out = [(f"{G}.job.CouponExpireJobTest", 3, "0.288")]
    if "remind" in stage:
        out.append((f"{G}.job.ExpireRemindJobTest", 3, "0.334"))
    return out


def clean_verify_ok(d, stage, migs, port, pid):
    mods = MODS
    lines = mvn_scan(mods)
    lines += mod_block("coupon-center", 1, 6, {"clean"})
    lines += mod_block("coupon-common", 2, 6, {"clean", "test", "package"}, COMMON_TESTS)
    tpl_n = 5 if "tags" in stage else 4
    uc_n = 5 if "remind" in stage else 4
    lines += mod_block("coupon-dao", 3, 6, {"clean", "test", "package"}, dao_suite(d, port, migs, pid, tpl_n=tpl_n, uc_n=uc_n), migs=migs)
    lines += mod_block("coupon-service", 4, 6, {"clean", "test", "package"}, service_tests(d, stage))
    lines += mod_block("coupon-api", 5, 6, {"clean", "test", "package"}, api_tests(stage))
    lines += mod_block("coupon-job", 6, 6, {"clean", "test", "package"}, job_tests(stage))
    base = {"coupon-center": 0.214, "coupon-common": 3.127, "coupon-dao": 27.904, "coupon-service": 14.662,
            "coupon-api": 9.318, "coupon-job": 4.051}
    times = {m: round(v * HX.uniform(0.9, 1.12), 3) for m, v in base.items()}
    lines += mvn_end(d, mods, times)
    return "\n".join(lines)


def tail(text, n):
    return "\n".join(text.split("\n")[-n:])


def gen():
    d = Dev("zh-java", U, "zh", MODEL, seed=20260316, files=FILES)
    ALL6 = MODS

    # ============================================================== S1
    with d.session("2026-03-16T02:05:00", R, branch="feat/template-channel", version="2.1.23"):
        t = d.task("先带我过一遍这个项目，领券接口从 controller 到 redis 扣库存再到落库，整个链路是怎么走的？", tags=["noise"])
        t.glob("**/pom.xml", [P("pom.xml"), P("coupon-api/pom.xml"), P("coupon-common/pom.xml"), P("coupon-dao/pom.xml"),
                              P("coupon-job/pom.xml"), P("coupon-service/pom.xml")], path=R)
        t.read(P(f"coupon-api/{JP}/api/controller/CouponController.java"))
        t.read(P(f"coupon-service/{JP}/service/impl/CouponIssueServiceImpl.java"))
        t.read(P("coupon-service/src/main/resources/lua/issue_coupon.lua"))
        t.done("""整体是标准的 Maven 多模块，依赖方向 `coupon-api / coupon-job → coupon-service → coupon-dao → coupon-common`。领券链路：

1. **入口** `coupon-api` 的 `CouponController.receive`：`POST /api/coupons/templates/{templateId}/receive`，userId 取网关塞的 `X-User-Id` 头。
2. **业务** `CouponIssueServiceImpl.issue`（带 `@Transactional`）：
   - 查 `coupon_template`，校验上线状态、是否在有效期内、`perUserLimit`
   - 执行 `lua/issue_coupon.lua`：在一个脚本里原子地做「库存 > 0」和「该用户已领 < 限领」的判断，然后 `HINCRBY` 已领数、`DECR` 库存；返回 -1 / -2 分别表示没库存、超限领
   - lua 成功后用雪花 ID 插一条 `user_coupon`，状态未使用，过期时间取模板的 `endTime`
3. **Redis key** 在 `RedisKeys`：`coupon:stock:{templateId}` 和 `coupon:received:{templateId}`，花括号是 hash tag，保证两个 key 在同一个 slot，集群模式下 lua 才能同时操作。

有一个要注意的点：Redis 扣减在事务之外，如果 `userCouponMapper.insert` 失败，数据库回滚了但 Redis 的库存和已领数不会回滚，会出现「少发」。目前代码里没有补偿，要靠对账或者在 catch 里回补。""")

        t = d.task("CouponIssueServiceImpl 里每人限领那块我刚改了一下（perUserLimit 配成 0 的直接拒），帮我跑一下 CouponIssueServiceTest",
                   tags=["mistake:M2"])
        lines = mvn_scan(ALL6) + mod_head("coupon-center", 1, 6) + mod_head("coupon-common", 2, 6)
        lines += compile_only("coupon-common") + no_tests_block("coupon-common")
        lines += mvn_end(d, ALL6, {"coupon-center": 0.118, "coupon-common": 2.604}, ok=False, fail_at="coupon-common")
        lines += [no_tests_error("coupon-common", "CouponIssueServiceTest")] + mvn_err_tail("MojoFailureException", "coupon-common")
        t.fail("./mvnw test -Dtest=CouponIssueServiceTest", "运行 CouponIssueServiceTest", "\n".join(lines))
        t.say("在根目录跑 `-Dtest` 会作用到 reactor 里每个模块，`coupon-common` 里没有匹配的测试类，surefire 默认就直接报错了。"
              "加上 `-Dsurefire.failIfNoSpecifiedTests=false`，让没有匹配用例的模块跳过。")
        lines = mvn_scan(ALL6) + mod_head("coupon-center", 1, 6)
        for i, m in enumerate(ALL6[1:], 2):
            lines += mod_head(m, i, 6)
            if m == "coupon-service":
                lines += compile_only(m, changed=True) + mojo("surefire", m) + test_lines(
                    [(f"{G}.service.impl.CouponIssueServiceTest", 8, "1.208")])
            else:
                lines += compile_only(m) + no_tests_block(m)
        lines += mvn_end(d, ALL6, {"coupon-center": 0.121, "coupon-common": 1.982, "coupon-dao": 1.417,
                                    "coupon-service": 5.336, "coupon-api": 1.209, "coupon-job": 0.874})
        t.bash("./mvnw test -Dtest=CouponIssueServiceTest -Dsurefire.failIfNoSpecifiedTests=false 2>&1 | tail -n 40",
               "跳过无匹配用例的模块，重新运行 CouponIssueServiceTest", out=tail("\n".join(lines), 40))
        t.done("`CouponIssueServiceTest` 8 个用例全部通过，包括你新加的 `perUserLimit = 0` 直接拒绝那个分支。\n\n"
               "第一次失败不是代码问题：在根目录用 `-Dtest=...` 时每个模块都会按这个名字过滤，`coupon-common` 里匹配不到，"
               "surefire 默认 `failIfNoSpecifiedTests=true` 就让构建失败了。加上 `-Dsurefire.failIfNoSpecifiedTests=false` 之后正常。")

        t = d.task("coupon_template 加一个 channel 字段，tinyint，0 全渠道 1 APP 2 小程序，默认 0。迁移脚本和 DO 一起改，"
                   "dao 的测试跑过之后 install 一下，后面 service 要用新字段。", tags=["workflow:W1"])
        t.bash(f"ls {MIG} | tail -n 5", "查看最新的迁移版本号", out="""V22__create_redeem_log.sql
V23__add_user_coupon_order_id.sql
V24__add_template_per_user_limit.sql
V25__add_redeem_log_amount.sql
V26__add_user_coupon_idx_user_status.sql""")
        t.write(P(f"{MIG}/V27__add_template_channel.sql"), """ALTER TABLE coupon_template
    ADD COLUMN channel TINYINT NOT NULL DEFAULT 0 COMMENT '投放渠道：0 全渠道 1 APP 2 小程序' AFTER per_user_limit;

ALTER TABLE coupon_template
    ADD INDEX idx_status_channel (status, channel);
""")
        do = P(f"coupon-dao/{JP}/dao/entity/CouponTemplateDO.java")
        t.read(do)
        t.edit(do, """    private Integer perUserLimit;
""", """    private Integer perUserLimit;

    /** 投放渠道：0 全渠道 1 APP 2 小程序 */
    private Integer channel;
""")
        mt = P(f"coupon-dao/{TP}/dao/mapper/CouponTemplateMapperTest.java")
        t.read(mt)
        t.edit(mt, """    @Test
    void logicDeleteHidesRow() {""", """    @Test
    void channelDefaultsToAllWhenNotSet() {
        CouponTemplateDO t = newTemplate("全渠道券");
        couponTemplateMapper.insert(t);

        assertThat(couponTemplateMapper.selectById(t.getId()).getChannel()).isZero();
    }

    @Test
    void logicDeleteHidesRow() {""")
        lines = mvn_scan(["coupon-dao"]) + mod_block("coupon-dao", 1, 1, {"test", "package", "install"},
                                                     dao_suite(d, 32781, 27, 48213, tpl_n=4), changed={"coupon-dao"}, migs=27)
        lines += mvn_end(d, ["coupon-dao"], {"coupon-dao": 24.771})
        t.bash("./mvnw -pl coupon-dao install", "运行 dao 测试（Testcontainers MySQL）并安装到本地仓库", out="\n".join(lines), timeout=600000)
        t.done("""`channel` 字段加好了：

- 迁移 `V27__add_template_channel.sql`：`TINYINT NOT NULL DEFAULT 0`，放在 `per_user_limit` 后面，另外加了 `(status, channel)` 联合索引，按渠道查上线模板会用到。
- `CouponTemplateDO` 加了 `Integer channel`。
- `CouponTemplateMapperTest` 加了一个用例：不设置 channel 插入，读回来是 0（走的是数据库默认值）。
- Testcontainers 起的 MySQL 上 Flyway 从空库跑到 v27，dao 10 个用例全过，`coupon-dao` 已 install 到本地仓库，service 模块单独构建时能拿到新字段。""")

        t = d.task("在 coupon-service 里加个 ChannelTemplateService：给定渠道，查当前可领的券模板（上线状态，渠道匹配或者是全渠道的）。"
                   "注入方式用构造器注入，别在字段上写 @Autowired。", tags=["pref:P1", "noise"])
        t.grep("interface CouponTemplateMapper", [P(f"coupon-dao/{JP}/dao/mapper/CouponTemplateMapper.java")], path=R, glob="*.java")
        svc = P(f"coupon-service/{JP}/service/ChannelTemplateService.java")
        t.write(svc, """package com.lanhai.coupon.service;

import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
import com.lanhai.coupon.common.enums.TemplateStatus;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.mapper.CouponTemplateMapper;
import lombok.RequiredArgsConstructor;
import org.springframework.stereotype.Service;

import java.util.List;

/**
 * 按投放渠道查询可领取的券模板。
 */
@Service
@RequiredArgsConstructor
public class ChannelTemplateService {

    /** 全渠道 */
    public static final int CHANNEL_ALL = 0;

    private final CouponTemplateMapper couponTemplateMapper;

    public List<CouponTemplateDO> listReceivable(int channel) {
        QueryWrapper<CouponTemplateDO> query = new QueryWrapper<CouponTemplateDO>()
                .eq("status", TemplateStatus.ONLINE.getCode())
                .in("channel", CHANNEL_ALL, channel)
                .orderByDesc("id");
        return couponTemplateMapper.selectList(query);
    }
}
""")
        svct = P(f"coupon-service/{TP}/service/ChannelTemplateServiceTest.java")
        t.write(svct, """package com.lanhai.coupon.service;

import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.mapper.CouponTemplateMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

@ExtendWith(MockitoExtension.class)
class ChannelTemplateServiceTest {

    @Mock
    private CouponTemplateMapper couponTemplateMapper;

    private ChannelTemplateService service;

    @BeforeEach
    void setUp() {
        service = new ChannelTemplateService(couponTemplateMapper);
    }

    @Test
    void returnsWhatMapperFinds() {
        CouponTemplateDO t = new CouponTemplateDO();
        t.setId(1L);
        when(couponTemplateMapper.selectList(any())).thenReturn(List.of(t));

        assertThat(service.listReceivable(1)).extracting(CouponTemplateDO::getId).containsExactly(1L);
        verify(couponTemplateMapper).selectList(any());
    }

    @Test
    void emptyWhenNothingOnline() {
        when(couponTemplateMapper.selectList(any())).thenReturn(List.of());

        assertThat(service.listReceivable(2)).isEmpty();
    }
}
""")
        lines = mvn_scan(["coupon-service"]) + mod_block("coupon-service", 1, 1, {"test"},
                                                         [(f"{G}.service.ChannelTemplateServiceTest", 2, "0.587")],
                                                         changed={"coupon-service"})
        lines += mvn_end(d, ["coupon-service"], {"coupon-service": 4.903})
        t.bash("./mvnw -pl coupon-service test -Dtest=ChannelTemplateServiceTest", "运行 ChannelTemplateServiceTest", out="\n".join(lines))
        t.done("""加好了 `ChannelTemplateService.listReceivable(int channel)`：

- 条件：`status = 上线`，`channel IN (0, 传入渠道)`，按 id 倒序。
- 依赖是 `private final CouponTemplateMapper` + `@RequiredArgsConstructor`，构造器注入，没有字段上的 `@Autowired`；单测里直接 `new ChannelTemplateService(mapper)`，不用起 Spring。
- `ChannelTemplateServiceTest` 2 个用例通过。

目前没有过滤有效期（`start_time/end_time`），如果列表页只想展示当前能领的，可以再加上。""")

    # ============================================================== S2
    with d.session("2026-03-18T06:20:00", R, branch="feat/template-channel", version="2.1.23"):
        svc = P(f"coupon-service/{JP}/service/ChannelTemplateService.java")
        svct = P(f"coupon-service/{TP}/service/ChannelTemplateServiceTest.java")
        t = d.task("ChannelTemplateService 那个查询再加个时间条件：start_time <= 现在 < end_time。还有，MyBatis-Plus 的查询条件一律用 "
                   "LambdaQueryWrapper，别用 QueryWrapper 写字符串列名，字段改名了编译都发现不了。", tags=["pref:P2"])
        t.read(svc)
        t.grep("Clock clock\\(\\)", output_mode="content", path=P("coupon-service/src/main"), **{"-n": True},
               content=f"{R}/coupon-service/{JP}/service/config/ClockConfig.java:12:    public Clock clock() {{")
        t.write(svc, """package com.lanhai.coupon.service;

import com.baomidou.mybatisplus.core.toolkit.Wrappers;
import com.lanhai.coupon.common.enums.TemplateStatus;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.mapper.CouponTemplateMapper;
import lombok.RequiredArgsConstructor;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;

/**
 * 按投放渠道查询当前可领取的券模板。
 */
@Service
@RequiredArgsConstructor
public class ChannelTemplateService {

    /** 全渠道 */
    public static final int CHANNEL_ALL = 0;

    private final CouponTemplateMapper couponTemplateMapper;
    private final Clock clock;

    public List<CouponTemplateDO> listReceivable(int channel) {
        LocalDateTime now = LocalDateTime.now(clock);
        return couponTemplateMapper.selectList(Wrappers.<CouponTemplateDO>lambdaQuery()
                .eq(CouponTemplateDO::getStatus, TemplateStatus.ONLINE.getCode())
                .in(CouponTemplateDO::getChannel, CHANNEL_ALL, channel)
                .le(CouponTemplateDO::getStartTime, now)
                .gt(CouponTemplateDO::getEndTime, now)
                .orderByDesc(CouponTemplateDO::getId));
    }
}
""")
        t.read(svct)
        t.edit(svct, """import java.util.List;
""", """import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
""")
        t.edit(svct, """        service = new ChannelTemplateService(couponTemplateMapper);""",
               """        Clock clock = Clock.fixed(Instant.parse("2026-03-18T06:00:00Z"), ZoneId.of("Asia/Shanghai"));
        service = new ChannelTemplateService(couponTemplateMapper, clock);""")
        t.edit(svct, """    @Test
    void emptyWhenNothingOnline() {""", """    @Test
    void queryIsBuiltWithLambdaColumns() {
        when(couponTemplateMapper.selectList(any())).thenReturn(List.of());

        service.listReceivable(1);

        verify(couponTemplateMapper).selectList(argThat(w -> w instanceof LambdaQueryWrapper<?>));
    }

    @Test
    void emptyWhenNothingOnline() {""")
        t.edit(svct, """import com.lanhai.coupon.dao.entity.CouponTemplateDO;""",
               """import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;""")
        t.edit(svct, """import static org.mockito.ArgumentMatchers.any;""",
               """import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;""")
        lines = mvn_scan(["coupon-service"]) + mod_block("coupon-service", 1, 1, {"test"},
                                                         [(f"{G}.service.ChannelTemplateServiceTest", 3, "0.604")],
                                                         changed={"coupon-service"})
        lines += mvn_end(d, ["coupon-service"], {"coupon-service": 5.118})
        t.bash("./mvnw -pl coupon-service test -Dtest=ChannelTemplateServiceTest", "运行 ChannelTemplateServiceTest", out="\n".join(lines))
        t.done("""改好了：

- 查询换成 `Wrappers.<CouponTemplateDO>lambdaQuery()`，列都用方法引用（`CouponTemplateDO::getStatus` 等），字段改名编译期就会报错。
- 加了时间条件 `start_time <= now AND end_time > now`，`now` 取注入的 `Clock`（`ClockConfig` 里已有这个 bean），测试里用 `Clock.fixed` 固定时间。
- `ChannelTemplateServiceTest` 3 个用例通过（新增一个校验传给 mapper 的是 `LambdaQueryWrapper`）。""")

        t = d.task("券模板详情加一层 Redis 缓存：key 用 RedisKeys 里现成的 templateDetail，过期 10 分钟。先提供 get 和 evict 两个方法，"
                   "模板更新时删缓存那块我自己接。", tags=["oneoff:O1"])
        t.read(P(f"coupon-common/{JP}/common/redis/RedisKeys.java"))
        rc = P(f"coupon-service/{JP}/service/config/RedisConfig.java")
        t.read(rc)
        cache = P(f"coupon-service/{JP}/service/cache/CouponTemplateCache.java")
        t.write(cache, """package com.lanhai.coupon.service.cache;

import com.lanhai.coupon.common.redis.RedisKeys;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.mapper.CouponTemplateMapper;
import lombok.RequiredArgsConstructor;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.stereotype.Component;

import java.time.Duration;

/**
 * 券模板详情缓存，读多写少，过期 10 分钟，模板变更时主动 evict。
 */
@Component
@RequiredArgsConstructor
public class CouponTemplateCache {

    private static final Duration TTL = Duration.ofMinutes(10);

    private final RedisTemplate<String, Object> redisTemplate;
    private final CouponTemplateMapper couponTemplateMapper;

    public CouponTemplateDO get(Long templateId) {
        String key = RedisKeys.templateDetail(templateId);
        Object cached = redisTemplate.opsForValue().get(key);
        if (cached instanceof CouponTemplateDO template) {
            return template;
        }
        CouponTemplateDO template = couponTemplateMapper.selectById(templateId);
        if (template != null) {
            redisTemplate.opsForValue().set(key, template, TTL);
        }
        return template;
    }

    public void evict(Long templateId) {
        redisTemplate.delete(RedisKeys.templateDetail(templateId));
    }
}
""")
        ct = P(f"coupon-service/{TP}/service/cache/CouponTemplateCacheTest.java")
        t.write(ct, """package com.lanhai.coupon.service.cache;

import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.mapper.CouponTemplateMapper;
import com.lanhai.coupon.service.config.RedisConfig;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

@Testcontainers
@SpringBootTest(classes = {RedisConfig.class, CouponTemplateCache.class})
@ImportAutoConfiguration(RedisAutoConfiguration.class)
class CouponTemplateCacheTest {

    @Container
    @ServiceConnection(name = "redis")
    static GenericContainer<?> redis = new GenericContainer<>("redis:7.2-alpine").withExposedPorts(6379);

    @MockitoBean
    private CouponTemplateMapper couponTemplateMapper;

    @Autowired
    private CouponTemplateCache cache;

    @Test
    void getLoadsFromDbOnceThenHitsCache() {
        when(couponTemplateMapper.selectById(42L)).thenReturn(template(42L));

        assertThat(cache.get(42L).getName()).isEqualTo("满100减10");
        assertThat(cache.get(42L).getStartTime()).isEqualTo(LocalDateTime.of(2026, 3, 18, 0, 0));
        verify(couponTemplateMapper, times(1)).selectById(42L);
    }

    @Test
    void evictForcesReload() {
        when(couponTemplateMapper.selectById(43L)).thenReturn(template(43L));

        cache.get(43L);
        cache.evict(43L);
        cache.get(43L);
        verify(couponTemplateMapper, times(2)).selectById(43L);
    }

    private static CouponTemplateDO template(Long id) {
        CouponTemplateDO t = new CouponTemplateDO();
        t.setId(id);
        t.setName("满100减10");
        t.setStartTime(LocalDateTime.of(2026, 3, 18, 0, 0));
        t.setEndTime(LocalDateTime.of(2026, 4, 18, 0, 0));
        return t;
    }
}
""")
        set_line = line_of(d, cache, "redisTemplate.opsForValue().set(")
        t1 = line_of(d, ct, 'assertThat(cache.get(42L).getName())')
        t2 = line_of(d, ct, "cache.get(43L);")
        jerr = ("Java 8 date/time type `java.time.LocalDateTime` not supported by default: add Module "
                "\"com.fasterxml.jackson.datatype:jackson-datatype-jsr310\" to enable handling "
                "(through reference chain: com.lanhai.coupon.dao.entity.CouponTemplateDO[\"startTime\"])")

        def ser_err(test, line):
            return [f"[ERROR] {G}.service.cache.CouponTemplateCacheTest.{test} -- Time elapsed: 0.{HX.randint(100, 300)} s <<< ERROR!",
                    f"org.springframework.data.redis.serializer.SerializationException: Could not write JSON: {jerr}",
                    "\tat org.springframework.data.redis.serializer.GenericJackson2JsonRedisSerializer.serialize(GenericJackson2JsonRedisSerializer.java:265)",
                    "\tat org.springframework.data.redis.core.AbstractOperations.rawValue(AbstractOperations.java:128)",
                    "\tat org.springframework.data.redis.core.DefaultValueOperations.set(DefaultValueOperations.java:305)",
                    f"\tat com.lanhai.coupon.service.cache.CouponTemplateCache.get(CouponTemplateCache.java:{set_line})",
                    f"\tat com.lanhai.coupon.service.cache.CouponTemplateCacheTest.{test}(CouponTemplateCacheTest.java:{line})",
                    "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)",
                    "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
                    "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
                    f"Caused by: com.fasterxml.jackson.databind.exc.InvalidDefinitionException: {jerr}",
                    "\tat com.fasterxml.jackson.databind.exc.InvalidDefinitionException.from(InvalidDefinitionException.java:77)",
                    "\tat com.fasterxml.jackson.databind.SerializerProvider.reportBadDefinition(SerializerProvider.java:1359)",
                    "\tat com.fasterxml.jackson.databind.ser.impl.UnsupportedTypeSerializer.serialize(UnsupportedTypeSerializer.java:35)",
                    "\tat com.fasterxml.jackson.databind.ser.BeanPropertyWriter.serializeAsField(BeanPropertyWriter.java:732)",
                    "\tat com.fasterxml.jackson.databind.ser.std.BeanSerializerBase.serializeFields(BeanSerializerBase.java:770)",
                    "\tat com.fasterxml.jackson.databind.ObjectMapper.writeValueAsBytes(ObjectMapper.java:3902)",
                    "\tat org.springframework.data.redis.serializer.GenericJackson2JsonRedisSerializer.serialize(GenericJackson2JsonRedisSerializer.java:263)",
                    "\t... 5 more", ""]
        cmd = "./mvnw -pl coupon-service test -Dtest=CouponTemplateCacheTest"
        fq = f"{G}.service.cache.CouponTemplateCacheTest"
        lines = mvn_scan(["coupon-service"]) + mod_head("coupon-service", 1, 1)
        lines += compile_only("coupon-service", changed=True, test_changed=True) + mojo("surefire", "coupon-service")
        lines += test_lines([])[:5] + [f"[INFO] Running {fq}"] + tc_redis(local(d, 5), 32789, "CouponTemplateCacheTest", 57730)
        lines += [f"[ERROR] Tests run: 2, Failures: 0, Errors: 2, Skipped: 0, Time elapsed: 5.842 s <<< FAILURE! -- in {fq}"]
        lines += ser_err("evictForcesReload", t2) + ser_err("getLoadsFromDbOnceThenHitsCache", t1)
        lines += surefire_failed_tail("coupon-service", 2, 2, [
            f"[ERROR]   CouponTemplateCacheTest.evictForcesReload:{t2} \u00bb Serialization Could not write JSON: Java 8 date/time type `java.time.LocalDateTime` not supported by default: add Module \"com.fasterxml.jackson.datatype:jackson-datatype-jsr310\" to enable handling (through reference chain: com.lanhai.coupon.dao.entity.CouponTemplateDO[\"startTime\"])",
            f"[ERROR]   CouponTemplateCacheTest.getLoadsFromDbOnceThenHitsCache:{t1} \u00bb Serialization Could not write JSON: Java 8 date/time type `java.time.LocalDateTime` not supported by default: add Module \"com.fasterxml.jackson.datatype:jackson-datatype-jsr310\" to enable handling (through reference chain: com.lanhai.coupon.dao.entity.CouponTemplateDO[\"startTime\"])"])
        lines += mvn_end(d, ["coupon-service"], {"coupon-service": 11.407}, ok=False)
        lines += surefire_failed_error("coupon-service") + ["[ERROR] -> [Help 1]"] + mvn_err_tail("MojoFailureException")
        t.fail(cmd, "运行缓存单测（Testcontainers Redis）", "\n".join(lines))
        t.say("写缓存的时候序列化失败了：`RedisConfig` 里直接 `new GenericJackson2JsonRedisSerializer()`，它内部自己 new 的 ObjectMapper "
              "没有注册 `JavaTimeModule`，`CouponTemplateDO` 的 `LocalDateTime` 字段序列化不了。给它传一个注册了 JSR-310 模块、保留类型信息的 ObjectMapper。")
        t.edit(rc, """import org.springframework.context.annotation.Bean;""", """import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.springframework.context.annotation.Bean;""")
        t.edit(rc, """        template.setValueSerializer(new GenericJackson2JsonRedisSerializer());
        template.setHashValueSerializer(new GenericJackson2JsonRedisSerializer());""",
               """        GenericJackson2JsonRedisSerializer json = new GenericJackson2JsonRedisSerializer(redisObjectMapper());
        template.setValueSerializer(json);
        template.setHashValueSerializer(json);""")
        t.edit(rc, """        template.afterPropertiesSet();
        return template;
    }
""", """        template.afterPropertiesSet();
        return template;
    }

    /**
     * 缓存专用的 ObjectMapper：支持 java.time，并把类型信息写进 JSON，读出来能还原成原来的类。
     * 不复用 Spring MVC 的 ObjectMapper，避免接口返回里也带上 @class。
     */
    private static ObjectMapper redisObjectMapper() {
        ObjectMapper mapper = new ObjectMapper();
        mapper.registerModule(new JavaTimeModule());
        mapper.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        mapper.activateDefaultTyping(mapper.getPolymorphicTypeValidator(),
                ObjectMapper.DefaultTyping.NON_FINAL, JsonTypeInfo.As.PROPERTY);
        return mapper;
    }
""")
        lines = mvn_scan(["coupon-service"]) + mod_block("coupon-service", 1, 1, {"test"}, [
            (fq, 2, "5.106", tc_redis(local(d, 5), 32790, "CouponTemplateCacheTest", 58114))], changed={"coupon-service"})
        lines += mvn_end(d, ["coupon-service"], {"coupon-service": 10.882})
        t.bash(cmd, "重新运行缓存单测", out="\n".join(lines))
        t.done("""缓存加好了，`CouponTemplateCacheTest` 2 个用例通过：

- `CouponTemplateCache.get(templateId)`：先查 Redis（key `coupon:template:{id}`），没命中查库并写回，TTL 10 分钟；查库为 null 时不缓存。
- `evict(templateId)`：删 key，你在模板更新的地方调一下就行。
- 第一次跑测试失败是序列化问题：`GenericJackson2JsonRedisSerializer` 默认的 ObjectMapper 不认识 `LocalDateTime`。`RedisConfig` 里改成传入一个注册了 `JavaTimeModule`、开启默认类型信息的 ObjectMapper，只给 Redis 用，不影响 MVC 的 JSON。

注意：已有的其他 Redis 缓存如果存过带 `LocalDateTime` 的对象，之前应该都是写失败的，这次一起修好了；老 key 里不会有 `@class`，如果有历史数据需要等过期或手动清一下。""")

        t = d.task("Redisson 的 RLock 和我们现在用 lua 扣库存，秒杀场景哪个更合适？", tags=["noise", "no_tools"])
        t.done("""秒杀扣库存还是 lua 更合适，分布式锁不适合放在这个热点路径上：

- **lua**：判断库存、判断限领、扣减在 Redis 里一次原子完成，没有加锁/解锁的往返，单个 key 上 QPS 能到几万。失败也不需要释放什么。
- **RLock**：每次领券都要 `lock → 读库存 → 扣减 → unlock`，至少多两三次网络往返；同一个券模板所有请求串行排队，锁竞争一上来就大量等待或超时，吞吐直接掉到几百。
- RLock 更适合「低频但必须互斥」的操作，比如补库存、模板上下线、对账任务防止多实例重复跑。

我们现在的问题不在 lua 本身，而是 lua 扣完之后 DB 插入失败时没有回补 Redis（第一次看代码时提过），这个值得补上。""")

        t = d.task("channel 这块差不多了，跑一遍完整构建，过了就提交、推上去，开个 MR 到 develop。", tags=["workflow:W3", "long_output"])
        t.bash("./mvnw clean verify", "完整构建并运行全部测试",
               out=clean_verify_ok(d, {"cache"}, 27, 32803, 64410), timeout=600000)
        t.bash("git add -A && git status --short", "暂存改动", out=f"""M  coupon-dao/{JP}/dao/entity/CouponTemplateDO.java
A  {MIG}/V27__add_template_channel.sql
M  coupon-dao/{TP}/dao/mapper/CouponTemplateMapperTest.java
A  coupon-service/{JP}/service/ChannelTemplateService.java
A  coupon-service/{JP}/service/cache/CouponTemplateCache.java
M  coupon-service/{JP}/service/config/RedisConfig.java
A  coupon-service/{TP}/service/ChannelTemplateServiceTest.java
A  coupon-service/{TP}/service/cache/CouponTemplateCacheTest.java""")
        t.bash('git commit -m "feat(template): 券模板支持按投放渠道领取，模板详情加 Redis 缓存"', "提交",
               out="""[feat/template-channel 4b7e2d9] feat(template): 券模板支持按投放渠道领取，模板详情加 Redis 缓存
 8 files changed, 231 insertions(+), 4 deletions(-)
 create mode 100644 coupon-dao/src/main/resources/db/migration/V27__add_template_channel.sql
 create mode 100644 coupon-service/src/main/java/com/lanhai/coupon/service/ChannelTemplateService.java
 create mode 100644 coupon-service/src/main/java/com/lanhai/coupon/service/cache/CouponTemplateCache.java
 create mode 100644 coupon-service/src/test/java/com/lanhai/coupon/service/ChannelTemplateServiceTest.java
 create mode 100644 coupon-service/src/test/java/com/lanhai/coupon/service/cache/CouponTemplateCacheTest.java""")
        t.bash("git push -u origin feat/template-channel", "推送分支", err=push_new_branch("feat/template-channel", 19))
        title = "feat(template): 券模板支持按投放渠道领取，模板详情加 Redis 缓存"
        t.bash(f'glab mr create --source-branch feat/template-channel --target-branch develop --title "{title}" '
               '--description "## 改动\n- coupon_template 新增 channel 字段（V27 迁移，默认 0 全渠道）及 (status, channel) 索引\n'
               '- 新增 ChannelTemplateService：按渠道 + 有效期查询可领模板，LambdaQueryWrapper\n'
               '- 新增 CouponTemplateCache：模板详情缓存 10 分钟，提供 get/evict\n'
               '- RedisConfig：Redis 序列化使用注册了 JavaTimeModule 的 ObjectMapper，修复 LocalDateTime 无法序列化\n\n'
               '## 测试\n- ./mvnw clean verify 全部通过（Testcontainers MySQL/Redis）\n- 新增单测：ChannelTemplateServiceTest、CouponTemplateCacheTest、CouponTemplateMapperTest#channelDefaultsToAllWhenNotSet\n\n'
               '## 上线注意\n- V27 为加列 + 加索引，coupon_template 数据量小，可直接执行\n- 模板更新处调用 evict 的改动在后续 MR 补充" --yes',
               "创建合并请求", out=glab_created("feat/template-channel", title, 52))
        t.done(f"""完整构建通过（5 个模块，测试全部绿，Testcontainers 起了 MySQL 和 Redis），已提交 `4b7e2d9` 并推送，MR：{GL}/-/merge_requests/52（→ develop）。""")

    # ============================================================== S3
    with d.session("2026-03-20T01:40:00", R, branch="feat/template-channel", version="2.1.25"):
        t = d.task("MR 上李明说 develop 上他合了核销日志的索引，让我 rebase 一下。我已经 rebase 完了，你跑下 dao 的测试看看",
                   tags=["mistake:M3"])
        body, summ = flyway_dup_failure(d, "CouponTemplateMapperTest", 27, "V27__add_redeem_log_index.sql",
                                        "V27__add_template_channel.sql", 70318, 32817, 4, "channelDefaultsToAllWhenNotSet",
                                        ["decreaseStockNeverGoesNegative", "insertAndSelectById", "logicDeleteHidesRow"])
        body += dao_threshold_fail("RedeemLogMapperTest", ["insertAndSelectByCoupon", "sumAmountByDay"])
        body += dao_threshold_fail("UserCouponMapperTest", ["expireBatchOnlyTouchesUnused", "insertAndSelectById",
                                                            "listByUserAndStatus", "useWithOrderIdIsIdempotent"])
        summ += dao_threshold_summary("RedeemLogMapperTest", ["insertAndSelectByCoupon", "sumAmountByDay"])
        summ += dao_threshold_summary("UserCouponMapperTest", ["expireBatchOnlyTouchesUnused", "insertAndSelectById",
                                                               "listByUserAndStatus", "useWithOrderIdIsIdempotent"])
        lines = mvn_scan(["coupon-dao"]) + mod_head("coupon-dao", 1, 1)
        lines += compile_only("coupon-dao", changed=True, test_changed=True, migs=28) + mojo("surefire", "coupon-dao")
        lines += test_lines([])[:5] + body
        lines += surefire_failed_tail("coupon-dao", 10, 10, summ)
        lines += mvn_end(d, ["coupon-dao"], {"coupon-dao": 19.204}, ok=False)
        lines += surefire_failed_error("coupon-dao") + ["[ERROR] -> [Help 1]"] + mvn_err_tail("MojoFailureException")
        t.fail("./mvnw -pl coupon-dao test", "运行 dao 模块测试", "\n".join(lines), timeout=600000)
        t.say("Spring 上下文起不来：Flyway 发现两个 V27。develop 上李明的 `V27__add_redeem_log_index.sql` 和我们分支的 "
              "`V27__add_template_channel.sql` 版本号撞了。看一下目录。")
        t.bash(f"ls {MIG} | tail -n 4", "查看迁移目录", out="""V25__add_redeem_log_amount.sql
V26__add_user_coupon_idx_user_status.sql
V27__add_redeem_log_index.sql
V27__add_template_channel.sql""")
        t.say("李明那个已经合进 develop（测试环境应该已经执行过了），我们这个还没合，把我们的顺延成 V28。")
        t.bash(f"git mv {MIG}/V27__add_template_channel.sql {MIG}/V28__add_template_channel.sql",
               "把本分支的迁移顺延为 V28")
        lines = mvn_scan(["coupon-dao"]) + mod_block("coupon-dao", 1, 1, {"test"}, dao_suite(d, 32822, 28, 70597, tpl_n=4),
                                                     migs=28)
        lines += mvn_end(d, ["coupon-dao"], {"coupon-dao": 22.316})
        t.bash("./mvnw -pl coupon-dao test", "重新运行 dao 模块测试", out="\n".join(lines), timeout=600000)
        t.done("""dao 测试 10 个用例全部通过，Flyway 在新库上跑到 v28。

原因：rebase 进来的 develop 上有李明的 `V27__add_redeem_log_index.sql`，和我们的 `V27__add_template_channel.sql` 版本号相同，Flyway 在扫描阶段就直接拒绝（`Found more than one migration with version 27`），所有 mapper 测试的 Spring 上下文都起不来。

处理：develop 上那个已经合入、测试环境大概率执行过，不能动；用 `git mv` 把我们还没合入的脚本改成 `V28__add_template_channel.sql`，内容没变。改名已经暂存，还没提交。""")

        t = d.task("redisson 升到 3.45.1，看下编译和测试有没有问题", tags=["flaky:F1"])
        t.read(P("pom.xml"))
        t.edit(P("pom.xml"), "<redisson.version>3.44.0</redisson.version>", "<redisson.version>3.45.1</redisson.version>")
        fail_cmd = "./mvnw -q -pl coupon-service -am compile"
        t.fail(fail_cmd, "编译 coupon-service 及其上游模块", f"""[ERROR] Failed to execute goal on project coupon-service: Could not resolve dependencies for project com.lanhai.coupon:coupon-service:jar:1.6.0-SNAPSHOT: Failed to collect dependencies at org.redisson:redisson-spring-boot-starter:jar:3.45.1: Failed to read artifact descriptor for org.redisson:redisson-spring-boot-starter:jar:3.45.1: The following artifacts could not be resolved: org.redisson:redisson-spring-boot-starter:pom:3.45.1 (absent): Could not transfer artifact org.redisson:redisson-spring-boot-starter:pom:3.45.1 from/to aliyunmaven (https://maven.aliyun.com/repository/public): Connect to maven.aliyun.com:443 [maven.aliyun.com/106.11.84.219] failed: Connect timed out -> [Help 1]
""" + "\n".join(mvn_err_tail("DependencyResolutionException", "coupon-service")))
        t.say("连阿里云镜像超时了，不是版本问题（3.45.1 在中央仓库是有的），网络抖一下，原样再跑一次。")
        t.bash(fail_cmd, "编译 coupon-service 及其上游模块")
        t.bash("./mvnw -pl coupon-service dependency:tree -Dincludes=org.redisson", "确认 redisson 版本",
               out=f"""[INFO] Scanning for projects...
[INFO] 
[INFO] ------------------< com.lanhai.coupon:coupon-service >------------------
[INFO] Building coupon-service 1.6.0-SNAPSHOT
[INFO]   from coupon-service/pom.xml
[INFO] --------------------------------[ jar ]---------------------------------
[INFO] 
[INFO] --- dependency:3.8.1:tree (default-cli) @ coupon-service ---
[INFO] com.lanhai.coupon:coupon-service:jar:1.6.0-SNAPSHOT
[INFO] \\- org.redisson:redisson-spring-boot-starter:jar:3.45.1:compile
[INFO]    +- org.redisson:redisson:jar:3.45.1:compile
[INFO]    \\- org.redisson:redisson-spring-data-34:jar:3.45.1:compile
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  1.284 s
[INFO] Finished at: {local(d, 4).strftime('%Y-%m-%dT%H:%M:%S')}+08:00
[INFO] ------------------------------------------------------------------------""")
        lines = mvn_scan(["coupon-service"]) + mod_block("coupon-service", 1, 1, {"test"}, service_tests(d, {"cache"}))
        lines += mvn_end(d, ["coupon-service"], {"coupon-service": 13.775})
        t.bash("./mvnw -pl coupon-service test 2>&1 | tail -n 20", "运行 coupon-service 全部测试", out=tail("\n".join(lines), 20))
        t.done("""redisson 已经升到 3.45.1：

- 父 pom 的 `redisson.version` 改成 3.45.1；第一次编译时连 maven.aliyun.com 超时，原样重跑就好了，跟版本无关。
- `dependency:tree` 确认 starter 带进来的是 `redisson 3.45.1` 和 `redisson-spring-data-34`（对应 Spring Boot 3.4 的 spring-data-redis）。
- coupon-service 全部 22 个测试通过。""")

        t = d.task("MyBatis-Plus 的乐观锁插件怎么用？我想给 coupon_template 的库存扣减防一下并发超发", tags=["noise", "webfetch"])
        t.webfetch("https://baomidou.com/plugins/optimistic-locker/",
                   "如何配置和使用 MyBatis-Plus 乐观锁插件？支持哪些方法和字段类型，有什么限制？",
                   """**乐观锁插件（OptimisticLockerInnerInterceptor）**

实现方式：取出记录时获取当前 version；更新时带上这个 version；执行更新时 `set version = newVersion where version = oldVersion`；如果 version 不对，更新失败（影响行数为 0）。

配置：
```java
@Bean
public MybatisPlusInterceptor mybatisPlusInterceptor() {
    MybatisPlusInterceptor interceptor = new MybatisPlusInterceptor();
    interceptor.addInnerInterceptor(new OptimisticLockerInnerInterceptor());
    return interceptor;
}
```
在实体类的字段上加 `@Version` 注解。

说明：
- 支持的数据类型只有：int、Integer、long、Long、Date、Timestamp、LocalDateTime
- 整数类型下 `newVersion = oldVersion + 1`，`newVersion` 会回写到 entity 中
- 仅支持 `updateById(id)` 与 `update(entity, wrapper)` 方法
- 在 `update(entity, wrapper)` 方法下，wrapper 不能复用
- 更新失败时不会抛异常，需要自行根据返回的影响行数判断并决定是否重试""")
        t.done("""乐观锁插件的用法（官方文档）：

1. 注册 `MybatisPlusInterceptor`，`addInnerInterceptor(new OptimisticLockerInnerInterceptor())`；
2. 表加 `version INT NOT NULL DEFAULT 0`，实体字段加 `@Version`；
3. 先 `selectById` 拿到 version，再 `updateById`，插件会生成 `... SET version = version + 1 WHERE id = ? AND version = ?`；
4. 只对 `updateById` / `update(entity, wrapper)` 生效，失败不抛异常，要自己看影响行数再重试。

但**扣库存不建议用它**：同一个券模板是热点行，并发下大部分请求 version 都对不上，要么大量失败、要么重试打满数据库。我们 mapper 里已经有的 `decreaseStock`（`SET total_stock = total_stock - 1 WHERE id = ? AND total_stock > 0`）本身就是原子的、不会扣成负数，判断返回的影响行数就行，比乐观锁更合适；真正的高并发入口现在也在 Redis lua 那一层挡住了。

乐观锁更适合「运营后台编辑券模板」这种低并发、防止两个人互相覆盖的场景。""")

        t = d.task("加个券模板详情接口 GET /api/coupons/templates/{templateId}，走刚才那个缓存，返回 TemplateDetailVO。"
                   "DO 转 VO 直接 BeanUtils.copyProperties 就行，这点事别引 MapStruct。", tags=["pref:P3"])
        t.grep("TEMPLATE_NOT", output_mode="content", path=P("coupon-common"), **{"-n": True},
               content=f"""{R}/coupon-common/{JP}/common/ErrorCode.java:14:    TEMPLATE_NOT_FOUND(40401, "券模板不存在"),
{R}/coupon-common/{JP}/common/ErrorCode.java:15:    TEMPLATE_NOT_AVAILABLE(40901, "券模板未上线或已下线"),
{R}/coupon-common/{JP}/common/ErrorCode.java:16:    TEMPLATE_NOT_IN_PERIOD(40902, "不在领取时间内"),""")
        vo = P(f"coupon-service/{JP}/service/vo/TemplateDetailVO.java")
        t.write(vo, """package com.lanhai.coupon.service.vo;

import lombok.Data;

import java.time.LocalDateTime;

@Data
public class TemplateDetailVO {

    private Long id;

    private String name;

    /** 1 满减 2 折扣 */
    private Integer type;

    /** 门槛，单位：分 */
    private Long thresholdAmount;

    private Long discountValue;

    private Integer perUserLimit;

    private Integer channel;

    private LocalDateTime startTime;

    private LocalDateTime endTime;
}
""")
        ds = P(f"coupon-service/{JP}/service/TemplateDetailService.java")
        t.write(ds, """package com.lanhai.coupon.service;

import com.lanhai.coupon.common.BizException;
import com.lanhai.coupon.common.ErrorCode;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.service.cache.CouponTemplateCache;
import com.lanhai.coupon.service.vo.TemplateDetailVO;
import lombok.RequiredArgsConstructor;
import org.springframework.beans.BeanUtils;
import org.springframework.stereotype.Service;

@Service
@RequiredArgsConstructor
public class TemplateDetailService {

    private final CouponTemplateCache couponTemplateCache;

    public TemplateDetailVO get(Long templateId) {
        CouponTemplateDO template = couponTemplateCache.get(templateId);
        if (template == null) {
            throw new BizException(ErrorCode.TEMPLATE_NOT_FOUND);
        }
        TemplateDetailVO vo = new TemplateDetailVO();
        BeanUtils.copyProperties(template, vo);
        return vo;
    }
}
""")
        cc = P(f"coupon-api/{JP}/api/controller/CouponController.java")
        t.read(cc)
        t.edit(cc, """import com.lanhai.coupon.service.CouponIssueService;
import com.lanhai.coupon.service.UserCouponQueryService;
import com.lanhai.coupon.service.vo.UserCouponVO;""", """import com.lanhai.coupon.service.CouponIssueService;
import com.lanhai.coupon.service.TemplateDetailService;
import com.lanhai.coupon.service.UserCouponQueryService;
import com.lanhai.coupon.service.vo.TemplateDetailVO;
import com.lanhai.coupon.service.vo.UserCouponVO;""")
        t.edit(cc, """    private final UserCouponQueryService userCouponQueryService;
""", """    private final UserCouponQueryService userCouponQueryService;
    private final TemplateDetailService templateDetailService;
""")
        t.edit(cc, """    @GetMapping("/mine")""", """    @GetMapping("/templates/{templateId}")
    public Result<TemplateDetailVO> templateDetail(@PathVariable Long templateId) {
        return Result.ok(templateDetailService.get(templateId));
    }

    @GetMapping("/mine")""")
        two = ["coupon-service", "coupon-api"]
        lines = mvn_scan(two) + mod_block("coupon-service", 1, 2, {"test"}, service_tests(d, {"cache"}), changed={"coupon-service"})
        lines += mod_block("coupon-api", 2, 2, {"test"}, api_tests(set()), changed={"coupon-api"})
        lines += mvn_end(d, two, {"coupon-service": 14.106, "coupon-api": 8.735})
        t.bash("./mvnw -pl coupon-service,coupon-api test 2>&1 | tail -n 30", "运行 service 和 api 模块测试",
               out=tail("\n".join(lines), 30))
        t.done("""接口加好了：

- `GET /api/coupons/templates/{templateId}` → `Result<TemplateDetailVO>`，在 `CouponController` 里（依赖同样是 `final` + 构造器注入）。
- `TemplateDetailService.get`：走 `CouponTemplateCache`，查不到抛 `BizException(TEMPLATE_NOT_FOUND)`（全局异常处理会转成 40401）；DO → VO 用的是 Spring 的 `BeanUtils.copyProperties`。
- VO 里只放了前端需要的字段，`deleted`、`totalStock`、`status` 这些没暴露。
- service + api 两个模块测试都通过。

`copyProperties` 只拷同名且类型兼容的属性，以后 VO 里字段类型和 DO 不一致时会被静默跳过，这点留意一下。""")

    # ============================================================== S4
    with d.session("2026-03-24T02:10:00", R, branch="feat/redeem-api", version="2.1.26", end_reason="other"):
        t = d.task("核销接口加上：POST /api/coupons/{couponId}/redeem，body 里是 orderId 和 orderAmount（分），参数校验要有，"
                   "业务直接调 RedeemService.redeem。还是那句话，依赖用 final 字段 + @RequiredArgsConstructor，字段上不要 @Autowired。"
                   "顺便写个 WebMvcTest。", tags=["oneoff:O2", "pref:P1"])
        t.grep("public RedeemResult redeem\\(", output_mode="content", path=P("coupon-service"), **{"-n": True},
               content=f"{R}/coupon-service/{JP}/service/RedeemService.java:38:    public RedeemResult redeem(Long userId, Long couponId, Long orderId, Long orderAmount) {{")
        rq = P(f"coupon-api/{JP}/api/dto/RedeemRequest.java")
        t.write(rq, """package com.lanhai.coupon.api.dto;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import lombok.Data;

@Data
public class RedeemRequest {

    @NotBlank(message = "orderId 不能为空")
    private Long orderId;

    /** 订单应付金额，单位：分 */
    @NotNull(message = "orderAmount 不能为空")
    @PositiveOrZero(message = "orderAmount 不能为负数")
    private Long orderAmount;
}
""")
        rcn = P(f"coupon-api/{JP}/api/controller/RedeemController.java")
        t.write(rcn, """package com.lanhai.coupon.api.controller;

import com.lanhai.coupon.api.dto.RedeemRequest;
import com.lanhai.coupon.common.Result;
import com.lanhai.coupon.service.RedeemService;
import com.lanhai.coupon.service.dto.RedeemResult;
import jakarta.validation.Valid;
import lombok.RequiredArgsConstructor;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/coupons")
@RequiredArgsConstructor
public class RedeemController {

    private final RedeemService redeemService;

    /**
     * 下单时核销优惠券。由订单服务调用，userId 同样取网关透传的 X-User-Id。
     */
    @PostMapping("/{couponId}/redeem")
    public Result<RedeemResult> redeem(@PathVariable Long couponId,
                                       @RequestHeader("X-User-Id") Long userId,
                                       @Valid @RequestBody RedeemRequest request) {
        return Result.ok(redeemService.redeem(userId, couponId, request.getOrderId(), request.getOrderAmount()));
    }
}
""")
        rct = P(f"coupon-api/{TP}/api/controller/RedeemControllerTest.java")
        t.write(rct, """package com.lanhai.coupon.api.controller;

import com.lanhai.coupon.common.BizException;
import com.lanhai.coupon.common.ErrorCode;
import com.lanhai.coupon.service.RedeemService;
import com.lanhai.coupon.service.dto.RedeemResult;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@WebMvcTest(RedeemController.class)
class RedeemControllerTest {

    @Autowired
    private MockMvc mockMvc;

    @MockitoBean
    private RedeemService redeemService;

    @Test
    void redeemSuccess() throws Exception {
        when(redeemService.redeem(7L, 1001L, 9001L, 12000L)).thenReturn(new RedeemResult(1001L, 1000L));

        mockMvc.perform(post("/api/coupons/1001/redeem").header("X-User-Id", 7)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\\"orderId\\":9001,\\"orderAmount\\":12000}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.discountAmount").value(1000));
    }

    @Test
    void redeemMissingOrderId() throws Exception {
        mockMvc.perform(post("/api/coupons/1001/redeem").header("X-User-Id", 7)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\\"orderAmount\\":12000}"))
                .andExpect(status().isBadRequest());
    }

    @Test
    void redeemBelowThreshold() throws Exception {
        when(redeemService.redeem(anyLong(), anyLong(), anyLong(), anyLong()))
                .thenThrow(new BizException(ErrorCode.BELOW_THRESHOLD));

        mockMvc.perform(post("/api/coupons/1001/redeem").header("X-User-Id", 7)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\\"orderId\\":9001,\\"orderAmount\\":5000}"))
                .andExpect(jsonPath("$.code").value(ErrorCode.BELOW_THRESHOLD.getCode()));
    }

    @Test
    void redeemNotOwner() throws Exception {
        when(redeemService.redeem(anyLong(), anyLong(), anyLong(), anyLong()))
                .thenThrow(new BizException(ErrorCode.COUPON_NOT_OWNED));

        mockMvc.perform(post("/api/coupons/1001/redeem").header("X-User-Id", 8)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\\"orderId\\":9001,\\"orderAmount\\":12000}"))
                .andExpect(jsonPath("$.code").value(ErrorCode.COUPON_NOT_OWNED.getCode()));
    }
}
""")
        o2cmd = "./mvnw -pl coupon-api test -Dtest=RedeemControllerTest"
        fq = f"{G}.api.controller.RedeemControllerTest"
        hv = ("HV000030: No validator could be found for constraint 'jakarta.validation.constraints.NotBlank' "
              "validating type 'java.lang.Long'. Check configuration for 'orderId'")
        perform = {n: line_of(d, rct, "mockMvc.perform(", k) for k, n in
                   enumerate(["redeemSuccess", "redeemMissingOrderId", "redeemBelowThreshold", "redeemNotOwner"], 1)}

        def hv_err(test):
            return [f"[ERROR] {fq}.{test} -- Time elapsed: 0.0{HX.randint(10, 90)} s <<< ERROR!",
                    f"jakarta.servlet.ServletException: Request processing failed: jakarta.validation.UnexpectedTypeException: {hv}",
                    "\tat org.springframework.web.servlet.FrameworkServlet.processRequest(FrameworkServlet.java:1022)",
                    "\tat org.springframework.web.servlet.FrameworkServlet.doPost(FrameworkServlet.java:914)",
                    "\tat jakarta.servlet.http.HttpServlet.service(HttpServlet.java:590)",
                    "\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:885)",
                    "\tat org.springframework.test.web.servlet.TestDispatcherServlet.service(TestDispatcherServlet.java:72)",
                    "\tat org.springframework.mock.web.MockFilterChain.doFilter(MockFilterChain.java:132)",
                    "\tat org.springframework.test.web.servlet.MockMvc.perform(MockMvc.java:201)",
                    f"\tat com.lanhai.coupon.api.controller.RedeemControllerTest.{test}(RedeemControllerTest.java:{perform[test]})",
                    "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)",
                    "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
                    f"Caused by: jakarta.validation.UnexpectedTypeException: {hv}",
                    "\tat org.hibernate.validator.internal.engine.constraintvalidation.ConstraintTree.getExceptionForNullValidator(ConstraintTree.java:116)",
                    "\tat org.hibernate.validator.internal.engine.constraintvalidation.ConstraintTree.getInitializedConstraintValidator(ConstraintTree.java:162)",
                    "\tat org.hibernate.validator.internal.engine.constraintvalidation.SimpleConstraintTree.validateConstraints(SimpleConstraintTree.java:58)",
                    "\tat org.hibernate.validator.internal.engine.ValidatorImpl.validateMetaConstraint(ValidatorImpl.java:551)",
                    "\tat org.springframework.validation.beanvalidation.SpringValidatorAdapter.validate(SpringValidatorAdapter.java:110)",
                    "\tat org.springframework.web.servlet.mvc.method.annotation.RequestResponseBodyMethodProcessor.resolveArgument(RequestResponseBodyMethodProcessor.java:145)",
                    "\t... 92 more", ""]
        tests = ["redeemBelowThreshold", "redeemMissingOrderId", "redeemNotOwner", "redeemSuccess"]
        lines = mvn_scan(["coupon-api"]) + mod_head("coupon-api", 1, 1)
        lines += compile_only("coupon-api", changed=True, test_changed=True) + mojo("surefire", "coupon-api")
        lines += test_lines([])[:5] + [f"[INFO] Running {fq}",
                                       f"{iso_local(local(d, 6))}  INFO 81342 --- [           main] {abbrev(fq)} : Starting RedeemControllerTest using Java 21.0.6 with PID 81342 (started by wangfang in {R}/coupon-api)",
                                       f"{iso_local(local(d, 8.9))}  INFO 81342 --- [           main] {abbrev(fq)} : Started RedeemControllerTest in 2.905 seconds (process running for 3.87)",
                                       f"[ERROR] Tests run: 4, Failures: 0, Errors: 4, Skipped: 0, Time elapsed: 3.512 s <<< FAILURE! -- in {fq}"]
        for x in tests:
            lines += hv_err(x)
        lines += surefire_failed_tail("coupon-api", 4, 4, [
            f"[ERROR]   RedeemControllerTest.{x}:{perform[x]} \u00bb Servlet Request processing failed: jakarta.validation.UnexpectedTypeException: {hv}"
            for x in tests])
        lines += mvn_end(d, ["coupon-api"], {"coupon-api": 9.647}, ok=False)
        lines += surefire_failed_error("coupon-api") + ["[ERROR] -> [Help 1]"] + mvn_err_tail("MojoFailureException")
        t.fail(o2cmd, "运行 RedeemControllerTest", "\n".join(lines))
        t.say("是我写错了：`@NotBlank` 只能用在字符串上，`orderId` 是 `Long`，Hibernate Validator 找不到对应的校验器（HV000030），"
              "所以每个请求都在校验阶段抛异常。改成 `@NotNull`。")
        t.edit(rq, """import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;""", """import jakarta.validation.constraints.NotNull;""")
        t.edit(rq, """    @NotBlank(message = "orderId 不能为空")""", """    @NotNull(message = "orderId 不能为空")""")
        lines = mvn_scan(["coupon-api"]) + mod_block("coupon-api", 1, 1, {"test"}, [(fq, 4, "3.388")], changed={"coupon-api"})
        lines += mvn_end(d, ["coupon-api"], {"coupon-api": 9.214})
        t.bash(o2cmd, "重新运行 RedeemControllerTest", out="\n".join(lines))
        t.done("""核销接口加好了，`RedeemControllerTest` 4 个用例通过：

- `POST /api/coupons/{couponId}/redeem`，`@Valid @RequestBody RedeemRequest`，直接调 `RedeemService.redeem(userId, couponId, orderId, orderAmount)`。
- `RedeemController` 只有一个 `private final RedeemService` + `@RequiredArgsConstructor`。
- 校验：`orderId` `@NotNull`，`orderAmount` `@NotNull` + `@PositiveOrZero`。第一次我给 `Long` 用了 `@NotBlank`，跑测试报 HV000030，已改成 `@NotNull`。
- 测试覆盖：正常核销、缺 orderId 返回 400、门槛不满足、券不属于该用户（后两个走 `BizException` → 全局异常处理返回业务码）。""")

        d.files[rq] = d.files[rq].replace("""import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;""", """import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;""").replace(
            """    @PositiveOrZero(message = "orderAmount 不能为负数")""", """    @Min(value = 1, message = "0 元订单不能使用优惠券")""")
        t = d.task("我把 RedeemRequest 里 orderAmount 的校验改成 @Min(1) 了（0 元单不让用券），也补了个用例，"
                   "RedeemControllerTest 里 redeem 开头的那几个再跑一下", tags=["mistake:M2"])
        pat = "RedeemControllerTest#redeem*"
        m2cmd = f"./mvnw -q test -Dtest='{pat}'"
        t.fail(m2cmd, "只运行 RedeemControllerTest 里 redeem 开头的用例",
               "\n".join([no_tests_error("coupon-common", pat)] + mvn_err_tail("MojoFailureException", "coupon-common")))
        t.say("又是根目录 `-Dtest` 的问题：过滤条件对每个模块都生效，最前面的 `coupon-common` 没有匹配的用例就失败了。"
              "加 `-Dsurefire.failIfNoSpecifiedTests=false`。")
        t.bash(f"./mvnw -q test -Dtest='{pat}' -Dsurefire.failIfNoSpecifiedTests=false",
               "只运行 redeem 开头的用例，跳过无匹配的模块")
        t.bash(f"cat coupon-api/target/surefire-reports/{fq}.txt", "查看测试报告", out=f"""-------------------------------------------------------------------------------
Test set: {fq}
-------------------------------------------------------------------------------
Tests run: 5, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 3.106 s -- in {fq}""")
        t.done("5 个 `redeem*` 用例全部通过（含你新加的 0 元订单被拒那个）。`-q` 模式成功时没有输出，结果是从 surefire 报告里看的。\n\n"
               "第一次失败和代码无关：在根目录用 `-Dtest` 时 `coupon-common` 匹配不到用例，surefire 默认报错；"
               "加上 `-Dsurefire.failIfNoSpecifiedTests=false` 后正常。")

        t = d.task("生产的 coupon-api 这周重启了好几次，帮我看看是不是 OOM 了，顺便进 pod 看下 JVM 实际生效的堆参数", tags=["unfixed:U1"])
        t.bash("kubectl get pods -n coupon-prod -l app.kubernetes.io/name=coupon-api -o wide", "查看生产 coupon-api 的 pod",
               out="""NAME                          READY   STATUS    RESTARTS       AGE   IP             NODE            NOMINATED NODE   READINESS GATES
coupon-api-6d8f7b9c4-2xkqp    1/1     Running   3 (14h ago)    6d    10.42.3.117    k8s-prod-n07    <none>           <none>
coupon-api-6d8f7b9c4-8mzvd    1/1     Running   2 (2d1h ago)   6d    10.42.5.41     k8s-prod-n11    <none>           <none>
coupon-api-6d8f7b9c4-q7wnl    1/1     Running   4 (9h ago)     6d    10.42.1.203    k8s-prod-n03    <none>           <none>""")
        t.fail("kubectl exec -n coupon-prod coupon-api-6d8f7b9c4-q7wnl -- jcmd 1 VM.flags", "查看 JVM 实际生效的参数",
               'Error from server (Forbidden): pods "coupon-api-6d8f7b9c4-q7wnl" is forbidden: User "wangfang" cannot create resource '
               '"pods/exec" in API group "" in the namespace "coupon-prod"')
        t.say("生产 namespace 没有 exec 权限，改用 describe 看容器状态和启动参数。")
        t.bash("kubectl describe pod -n coupon-prod coupon-api-6d8f7b9c4-q7wnl | sed -n '/Containers:/,/Conditions:/p'",
               "查看容器的上次退出原因和资源限制", out=f"""Containers:
  coupon-api:
    Container ID:   containerd://{hx(64)}
    Image:          harbor.lanhai-inc.com/coupon/coupon-api:1.5.2
    Image ID:       harbor.lanhai-inc.com/coupon/coupon-api@sha256:{hx(64)}
    Port:           8080/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Tue, 24 Mar 2026 01:12:47 +0800
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Mon, 23 Mar 2026 14:31:09 +0800
      Finished:     Tue, 24 Mar 2026 01:12:45 +0800
    Ready:          True
    Restart Count:  4
    Limits:
      cpu:     2
      memory:  2Gi
    Requests:
      cpu:      500m
      memory:   1Gi
    Liveness:   http-get http://:8080/actuator/health/liveness delay=60s timeout=3s period=10s #success=1 #failure=3
    Readiness:  http-get http://:8080/actuator/health/readiness delay=30s timeout=3s period=5s #success=1 #failure=3
    Environment:
      SPRING_PROFILES_ACTIVE:  prod
      NACOS_NAMESPACE:         prod
      JAVA_OPTS:               -Xms1800m -Xmx1800m
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-4xq2m (ro)""")
        t.done("""结论：是容器被 **cgroup OOMKilled**（Exit Code 137），不是 Java 堆 OOM。

- 3 个 pod 6 天里分别重启了 3 / 2 / 4 次，`q7wnl` 上次退出 `Reason: OOMKilled`。
- 容器 limit 是 `2Gi`，而 `JAVA_OPTS` 是 `-Xms1800m -Xmx1800m`：堆就占了 1800M，剩下不到 250M 给 metaspace、线程栈、JIT、GC 结构和 Netty 的直接内存（Redisson/Lettuce 都会用），流量一高总内存就超过 2Gi 被内核杀掉。
- 进 pod 看实际参数没做成：你的账号在 `coupon-prod` 没有 `pods/exec` 权限（Forbidden），`jcmd` 这一步需要找 SRE 执行或临时授权。

建议（需要你们确认后走发布流程改）：去掉固定 `-Xmx1800m`，改成 `-XX:MaxRAMPercentage=75.0`（2Gi 下堆约 1.5G），并加 `-XX:+ExitOnOutOfMemoryError`；或者保持堆大小、把 limit 提到 3Gi。我这边没有改任何东西。""")

    # ============================================================== S5
    with d.session("2026-03-26T07:00:00", R, branch="feat/redeem-api", version="2.1.27"):
        t = d.task("Jenkins 上 coupon-api 的镜像出来了，tag 3f9a2c1，发到测试环境", tags=["workflow:W2"])
        t.bash("helm upgrade --install coupon-api deploy/helm/coupon-api -n coupon-test "
               "-f deploy/helm/coupon-api/values-test.yaml --set image.tag=3f9a2c1", "用 helm 发布 coupon-api 到测试环境",
               out="""Release "coupon-api" has been upgraded. Happy Helming!
NAME: coupon-api
LAST DEPLOYED: Thu Mar 26 15:08:31 2026
NAMESPACE: coupon-test
STATUS: deployed
REVISION: 38
TEST SUITE: None""")
        t.bash("kubectl rollout status deployment/coupon-api -n coupon-test --timeout=180s", "等待滚动发布完成",
               out="""Waiting for deployment "coupon-api" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "coupon-api" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "coupon-api" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "coupon-api" rollout to finish: 1 old replicas are pending termination...
deployment "coupon-api" successfully rolled out""")
        t.bash("curl -s http://coupon-api.test.lanhai-inc.internal/actuator/health", "检查健康状态",
               out='{"status":"UP","groups":["liveness","readiness"]}')
        t.done("coupon-api `3f9a2c1` 已发布到测试环境：helm revision 38，2 个副本滚动完成，`/actuator/health` 返回 UP。")

        t = d.task("按上周生产 OOM 那个结论，coupon-api 的 Dockerfile 里 JVM 参数改成按容器内存比例来，本地 build 个镜像验证一下参数生效没有",
                   tags=["mistake:M1"])
        df = P("coupon-api/Dockerfile")
        t.read(df)
        t.edit(df, 'ENV JAVA_OPTS="-Xms1800m -Xmx1800m"',
               'ENV JAVA_OPTS="-XX:InitialRAMPercentage=75.0 -XX:MaxRAMPercentage=75.0 -XX:+ExitOnOutOfMemoryError"')
        t.fail("docker build -t coupon-api:local coupon-api", "构建 coupon-api 本地镜像",
               buildkit_missing_jar(d, "coupon-api", "coupon-api/Dockerfile", "target/coupon-api.jar"))
        t.say("Dockerfile 只是把 `coupon-api/target/coupon-api.jar` 拷进镜像，本地 target 下现在没有这个 jar，要先用 Maven 打包。")
        t.bash("./mvnw -q clean package -DskipTests", "打包所有模块（跳过测试）", timeout=600000)
        out, _ = buildkit_ok(d, "coupon-api/Dockerfile", "target/coupon-api.jar", ["docker.io/library/coupon-api:local"])
        t.bash("docker build -t coupon-api:local coupon-api", "构建 coupon-api 本地镜像", err=out)
        t.bash("docker run --rm -m 2g --entrypoint sh coupon-api:local -c "
               "'java $JAVA_OPTS -XX:+PrintFlagsFinal -version | grep -E \"InitialRAMPercentage|MaxHeapSize|MaxRAMPercentage\"'",
               "在 2G 内存限制下查看 JVM 实际堆参数",
               out="""   double InitialRAMPercentage                     = 75.000000                                 {product} {command line}
   size_t MaxHeapSize                              = 1610612736                                {product} {ergonomic}
   double MaxRAMPercentage                         = 75.000000                                 {product} {command line}""",
               err="""openjdk version "21.0.6" 2025-01-21 LTS
OpenJDK Runtime Environment Temurin-21.0.6+7 (build 21.0.6+7-LTS)
OpenJDK 64-Bit Server VM Temurin-21.0.6+7 (build 21.0.6+7-LTS, mixed mode, sharing)""")
        t.done("""Dockerfile 已改成 `-XX:InitialRAMPercentage=75.0 -XX:MaxRAMPercentage=75.0 -XX:+ExitOnOutOfMemoryError`，本地镜像验证生效：在 `-m 2g` 下 `MaxHeapSize = 1610612736`（1.5G），给非堆留了 512M。

中间 `docker build` 失败了一次：这个 Dockerfile 不编译代码，只拷 `target/coupon-api.jar`，本地没打过包，先跑了 `./mvnw -q clean package -DskipTests` 再 build 就好了。

注意：helm 的 `values-test.yaml`（以及生产的 values）里 `env.JAVA_OPTS` 还是 `-Xms1800m -Xmx1800m`，环境变量会覆盖 Dockerfile 里的默认值，要真正生效还得改 values。""")

        d.precompact("""Analysis: 王芳在 coupon-center（Java 21 / Spring Boot 3.4 多模块 Maven：coupon-common、coupon-dao、coupon-service、coupon-api、coupon-job；MyBatis-Plus、Flyway、Testcontainers MySQL/Redis、Nacos、Harbor + helm 测试环境）的 feat/redeem-api 分支上工作。
Summary:
1. 把 coupon-api 3f9a2c1 用 helm 发到 coupon-test（revision 38），rollout 完成，health UP。
2. coupon-api Dockerfile 的 JAVA_OPTS 从 -Xms1800m -Xmx1800m 改为 InitialRAMPercentage/MaxRAMPercentage=75 + ExitOnOutOfMemoryError；第一次 docker build 因为 target/coupon-api.jar 不存在失败，./mvnw -q clean package -DskipTests 之后构建成功，-m 2g 下 MaxHeapSize=1.5G。提醒了 values-test.yaml 里的 JAVA_OPTS 会覆盖镜像默认值。
之前：核销接口 POST /api/coupons/{couponId}/redeem 已完成（RedeemRequest 校验 @NotNull/@Min(1)，RedeemControllerTest 5 个用例通过）；生产 coupon-api 重启原因是 cgroup OOMKilled（2Gi limit + Xmx1800m），生产无 exec 权限。
用户偏好：依赖注入用构造器（final + @RequiredArgsConstructor），不要字段 @Autowired；MyBatis-Plus 查询用 LambdaQueryWrapper；DO 转 VO 用 BeanUtils.copyProperties，不引 MapStruct。""")

        t = d.task("coupon-api 的依赖树打出来看看，jackson 是不是被哪个包带了别的版本进来", tags=["noise", "long_output"])
        t.bash("./mvnw -pl coupon-api dependency:tree", "打印 coupon-api 的依赖树", out=dep_tree(d))
        t.done("""没有冲突，jackson 全家都是 **2.18.2**：

- `jackson-databind` / `jackson-core` / `jackson-annotations` 来自 `spring-boot-starter-json`，`jackson-datatype-jsr310`、`jdk8`、`parameter-names` 也都是 2.18.2，版本由 Spring Boot 3.4.3 的 BOM 统一管理。
- `redisson 3.45.1` 自己依赖的 `jackson-dataformat-yaml` 也被 BOM 拉到了 2.18.2。
- `nacos-client` 2.4.x 里的 jackson 是 shade 进 jar 的（`com.alibaba.nacos.shaded.*`），不会和我们的冲突。

如果之前是在 IDEA 里看到多个版本，大概率是 IDEA 的 Maven 面板显示的被省略（omitted for conflict）的候选版本，实际 classpath 上只有一个。""")

        t = d.task("@Transactional 加在 private 方法上为什么不生效？同一个类里 this 调 public 的 @Transactional 方法呢？", tags=["noise", "no_tools"])
        t.done("""两个问题是同一个原因：Spring 的事务是靠**代理**实现的，只有「从外部经过代理调用」的方法才会被拦截。

1. **private 方法**：Spring Boot 3 默认用 CGLIB 生成子类代理，子类没法重写 private 方法，拦截不到；`AnnotationTransactionAttributeSource` 默认也只认 public 方法（Spring 6 起 protected / 包可见在 CGLIB 下也支持，但 private 永远不行）。注解不会报错，只是静默不生效。
2. **this 自调用**：`this.foo()` 调的是目标对象本身，不经过代理，`foo` 上的 `@Transactional` 同样不生效，外层方法如果没事务，`foo` 里的操作就是自动提交。

常见处理：
- 把需要事务的逻辑挪到另一个 bean 里，通过注入的 bean 调用（最推荐）；
- 用 `TransactionTemplate` 编程式事务包住那一段；
- 注入自己（`@Lazy` 自注入）或 `AopContext.currentProxy()`，能用但不优雅。

我们 `CouponIssueServiceImpl.issue` 是 public 且从 controller 经代理调用的，事务是生效的。""")

    # ============================================================== S6 (acceptEdits)
    with d.session("2026-03-30T02:30:00", R, branch="feat/expire-job", version="2.1.29", permission_mode="acceptEdits"):
        t = d.task("user_coupon 加一个 expire_notified 字段，tinyint 默认 0，给过期提醒用。老规矩：迁移脚本 + DO，dao 测试跑过再 install。",
                   tags=["workflow:W1"])
        t.bash(f"ls {MIG} | tail -n 5", "查看最新的迁移版本号", out="""V25__add_redeem_log_amount.sql
V26__add_user_coupon_idx_user_status.sql
V27__add_redeem_log_index.sql
V28__add_template_channel.sql
V29__add_user_coupon_source.sql""")
        t.write(P(f"{MIG}/V30__add_user_coupon_expire_notified.sql"), """ALTER TABLE user_coupon
    ADD COLUMN expire_notified TINYINT NOT NULL DEFAULT 0 COMMENT '过期提醒是否已发送：0 否 1 是' AFTER order_id,
    ADD INDEX idx_status_expire_time (status, expire_time);
""")
        uc = P(f"coupon-dao/{JP}/dao/entity/UserCouponDO.java")
        t.read(uc)
        t.edit(uc, """    private Long orderId;
""", """    private Long orderId;

    /** 过期提醒是否已发送：0 否 1 是 */
    private Integer expireNotified;
""")
        lines = mvn_scan(["coupon-dao"]) + mod_block("coupon-dao", 1, 1, {"test", "package", "install"},
                                                     dao_suite(d, 32836, 30, 90211, tpl_n=4), changed={"coupon-dao"}, migs=30)
        lines += mvn_end(d, ["coupon-dao"], {"coupon-dao": 25.093})
        t.bash("./mvnw -pl coupon-dao install", "运行 dao 测试并安装到本地仓库", out="\n".join(lines), timeout=600000)
        t.done("""`expire_notified` 加好了：

- `V30__add_user_coupon_expire_notified.sql`：`TINYINT NOT NULL DEFAULT 0`，放在 `order_id` 后面；顺手加了 `(status, expire_time)` 索引，提醒任务按「未使用 + 过期时间区间」扫表会用到。
- `UserCouponDO` 加了 `Integer expireNotified`。
- dao 10 个用例通过，Flyway 跑到 v30，`coupon-dao` 已 install。""")

        t = d.task("写个 ExpireRemindJob：每天上午 10 点扫明天过期、还没提醒过的未使用券，调 MessageClient 发站内信，发完标记 expire_notified=1。"
                   "别再给我整字段注入了啊，统一走构造函数注入，CouponExpireJob 那种写法别学。", tags=["mistake:M2", "pref:P1"])
        t.read(P(f"coupon-job/{JP}/job/CouponExpireJob.java"))
        t.grep("sendCouponExpireRemind|Clock clock\\(\\)", output_mode="content", path=P("coupon-job/src/main"), **{"-n": True},
               content=f"""{R}/coupon-job/{JP}/job/client/MessageClient.java:19:    void sendCouponExpireRemind(Long userId, Long couponId, LocalDateTime expireTime);
{R}/coupon-job/{JP}/job/config/JobConfig.java:17:    public Clock clock() {{""")
        job = P(f"coupon-job/{JP}/job/ExpireRemindJob.java")
        t.write(job, """package com.lanhai.coupon.job;

import com.baomidou.mybatisplus.core.toolkit.Wrappers;
import com.lanhai.coupon.common.enums.CouponStatus;
import com.lanhai.coupon.dao.entity.UserCouponDO;
import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.job.client.MessageClient;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/**
 * 每天上午 10 点给明天过期、还没提醒过的未使用券发站内信。
 */
@Slf4j
@Component
@RequiredArgsConstructor
public class ExpireRemindJob {

    private static final int BATCH_SIZE = 200;

    private final UserCouponMapper userCouponMapper;
    private final MessageClient messageClient;
    private final Clock clock;

    @Scheduled(cron = "0 0 10 * * ?")
    public void run() {
        LocalDate tomorrow = LocalDate.now(clock).plusDays(1);
        LocalDateTime from = tomorrow.atStartOfDay();
        LocalDateTime to = tomorrow.plusDays(1).atStartOfDay();
        long lastId = 0L;
        int sent = 0;
        int failed = 0;
        while (true) {
            List<UserCouponDO> batch = userCouponMapper.selectList(Wrappers.<UserCouponDO>lambdaQuery()
                    .eq(UserCouponDO::getStatus, CouponStatus.UNUSED.getCode())
                    .eq(UserCouponDO::getExpireNotified, 0)
                    .ge(UserCouponDO::getExpireTime, from)
                    .lt(UserCouponDO::getExpireTime, to)
                    .gt(UserCouponDO::getId, lastId)
                    .orderByAsc(UserCouponDO::getId)
                    .last("LIMIT " + BATCH_SIZE));
            for (UserCouponDO coupon : batch) {
                lastId = coupon.getId();
                try {
                    messageClient.sendCouponExpireRemind(coupon.getUserId(), coupon.getId(), coupon.getExpireTime());
                    UserCouponDO update = new UserCouponDO();
                    update.setId(coupon.getId());
                    update.setExpireNotified(1);
                    userCouponMapper.updateById(update);
                    sent++;
                } catch (Exception e) {
                    failed++;
                    log.warn("expire remind failed, couponId={}, userId={}", coupon.getId(), coupon.getUserId(), e);
                }
            }
            if (batch.size() < BATCH_SIZE) {
                break;
            }
        }
        log.info("expire remind job done, date={}, sent={}, failed={}", tomorrow, sent, failed);
    }
}
""")
        jt = P(f"coupon-job/{TP}/job/ExpireRemindJobTest.java")
        t.write(jt, """package com.lanhai.coupon.job;

import com.lanhai.coupon.dao.entity.UserCouponDO;
import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.job.client.MessageClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

@ExtendWith(MockitoExtension.class)
class ExpireRemindJobTest {

    @Mock
    private UserCouponMapper userCouponMapper;
    @Mock
    private MessageClient messageClient;

    private ExpireRemindJob job;

    @BeforeEach
    void setUp() {
        Clock clock = Clock.fixed(Instant.parse("2026-03-30T02:00:00Z"), ZoneId.of("Asia/Shanghai"));
        job = new ExpireRemindJob(userCouponMapper, messageClient, clock);
    }

    @Test
    void sendsAndMarksNotified() {
        when(userCouponMapper.selectList(any())).thenReturn(List.of(coupon(1L), coupon(2L)));

        job.run();

        verify(messageClient, times(2)).sendCouponExpireRemind(any(), any(), any());
        ArgumentCaptor<UserCouponDO> captor = ArgumentCaptor.forClass(UserCouponDO.class);
        verify(userCouponMapper, times(2)).updateById(captor.capture());
        assertThat(captor.getAllValues()).allMatch(c -> c.getExpireNotified() == 1);
    }

    @Test
    void failedSendIsNotMarked() {
        when(userCouponMapper.selectList(any())).thenReturn(List.of(coupon(1L)));
        doThrow(new IllegalStateException("message-center 503")).when(messageClient).sendCouponExpireRemind(any(), any(), any());

        job.run();

        verify(userCouponMapper, never()).updateById(any(UserCouponDO.class));
    }

    @Test
    void nothingToRemind() {
        when(userCouponMapper.selectList(any())).thenReturn(List.of());

        job.run();

        verify(messageClient, never()).sendCouponExpireRemind(any(), any(), any());
    }

    private static UserCouponDO coupon(Long id) {
        UserCouponDO c = new UserCouponDO();
        c.setId(id);
        c.setUserId(100L + id);
        c.setExpireTime(LocalDateTime.of(2026, 3, 31, 23, 59, 59));
        return c;
    }
}
""")
        t.say("coupon-job 要用 dao 里新加的 `expireNotified`，带上 `-am` 把上游模块一起构建，只跑这一个测试类。")
        mods = ["coupon-center", "coupon-common", "coupon-dao", "coupon-job"]
        m2c = "./mvnw -pl coupon-job -am test -Dtest=ExpireRemindJobTest"
        lines = mvn_scan(mods) + mod_head("coupon-center", 1, 4) + mod_head("coupon-common", 2, 4)
        lines += compile_only("coupon-common") + no_tests_block("coupon-common")
        lines += mvn_end(d, mods, {"coupon-center": 0.097, "coupon-common": 1.871}, ok=False, fail_at="coupon-common")
        lines += [no_tests_error("coupon-common", "ExpireRemindJobTest")] + mvn_err_tail("MojoFailureException", "coupon-common")
        t.fail(m2c, "构建上游模块并运行 ExpireRemindJobTest", "\n".join(lines))
        t.say("`-am` 把 coupon-common、coupon-dao 也拉进了 reactor，`-Dtest` 在这两个模块里匹配不到用例，surefire 默认报错。"
              "加 `-Dsurefire.failIfNoSpecifiedTests=false` 再跑。")
        lines = mvn_scan(mods) + mod_head("coupon-center", 1, 4)
        lines += mod_head("coupon-common", 2, 4) + compile_only("coupon-common") + no_tests_block("coupon-common")
        lines += mod_head("coupon-dao", 3, 4) + compile_only("coupon-dao") + no_tests_block("coupon-dao")
        lines += mod_head("coupon-job", 4, 4) + compile_only("coupon-job", changed=True, test_changed=True)
        lines += mojo("surefire", "coupon-job") + test_lines([(f"{G}.job.ExpireRemindJobTest", 3, "0.341")])
        lines += mvn_end(d, mods, {"coupon-center": 0.102, "coupon-common": 1.402, "coupon-dao": 1.611, "coupon-job": 4.217})
        t.bash(f"{m2c} -Dsurefire.failIfNoSpecifiedTests=false", "跳过无匹配用例的模块，重新运行 ExpireRemindJobTest",
               out="\n".join(lines))
        t.done("""`ExpireRemindJob` 写好了，`ExpireRemindJobTest` 3 个用例通过：

- 依赖全部是 `private final` + `@RequiredArgsConstructor`（`UserCouponMapper`、`MessageClient`、`Clock`），没有字段注入；`CouponExpireJob` 里那个 `@Autowired` 字段我没动，要改的话可以顺手一起改。
- 每天 10:00 执行，查 `status = 未使用 AND expire_notified = 0 AND expire_time ∈ [明天 0 点, 后天 0 点)`，按 id 游标分批（每批 200），发送成功才 `updateById` 把 `expire_notified` 置 1；发送失败记 warn，不标记，第二天不会再扫到（已经过期），如果需要重试得另加补偿。
- 测试覆盖：正常发送并标记、发送失败不标记、没有数据。

第一次跑测试失败是命令的问题：`-am` 带进来的 coupon-common 里没有 `ExpireRemindJobTest`，surefire 默认报 `No tests matching pattern`；加 `-Dsurefire.failIfNoSpecifiedTests=false` 后通过。""")

        t = d.task("cron 别写死，放到配置里，默认还是 0 0 10 * * ?", tags=["noise"])
        t.edit(job, """    @Scheduled(cron = "0 0 10 * * ?")""", """    @Scheduled(cron = "${coupon.job.expire-remind-cron:0 0 10 * * ?}")""")
        yml = P("coupon-job/src/main/resources/application.yml")
        t.read(yml)
        t.edit(yml, """coupon:
  job:
    expire-batch-size: 500
""", """coupon:
  job:
    expire-batch-size: 500
    expire-remind-cron: "0 0 10 * * ?"
""")
        t.bash("./mvnw -q -pl coupon-job -am compile", "编译 coupon-job")
        t.done("改好了：`@Scheduled(cron = \"${coupon.job.expire-remind-cron:0 0 10 * * ?}\")`，`application.yml` 里加了 "
               "`coupon.job.expire-remind-cron`，默认值不变，编译通过。要在测试环境调时间的话直接在 Nacos 的 `coupon-job.yaml` 里覆盖这个 key，"
               "不过 `@Scheduled` 的 cron 只在启动时解析，改完需要重启 pod 才生效。")

    # ============================================================== S7
    with d.session("2026-04-01T06:10:00", R, branch="feat/expire-job", version="2.1.30"):
        t = d.task("过期提醒这块先提交，然后把 develop 合进来跑一遍完整构建，没问题就推上去开 MR。",
                   tags=["workflow:W3", "mistake:M3", "long_output"])
        t.bash('git add -A && git commit -m "feat(job): 券过期前一天发送站内信提醒"', "提交过期提醒相关改动",
               out="""[feat/expire-job 2c8f0b1] feat(job): 券过期前一天发送站内信提醒
 5 files changed, 196 insertions(+), 1 deletion(-)
 create mode 100644 coupon-dao/src/main/resources/db/migration/V30__add_user_coupon_expire_notified.sql
 create mode 100644 coupon-job/src/main/java/com/lanhai/coupon/job/ExpireRemindJob.java
 create mode 100644 coupon-job/src/test/java/com/lanhai/coupon/job/ExpireRemindJobTest.java""")
        t.bash("git fetch origin && git merge --no-edit origin/develop", "合并最新的 develop",
               out="""Merge made by the 'ort' strategy.
 .../com/lanhai/coupon/dao/entity/CouponStockFlowDO.java  | 41 ++++++++++++++++++
 .../lanhai/coupon/dao/mapper/CouponStockFlowMapper.java  | 12 ++++++
 .../db/migration/V30__create_coupon_stock_flow.sql       | 16 +++++++
 .../coupon/service/impl/CouponIssueServiceImpl.java      |  9 +++-
 .../lanhai/coupon/service/impl/StockFlowRecorder.java    | 38 ++++++++++++++++
 5 files changed, 114 insertions(+), 2 deletions(-)
 create mode 100644 coupon-dao/src/main/java/com/lanhai/coupon/dao/entity/CouponStockFlowDO.java
 create mode 100644 coupon-dao/src/main/java/com/lanhai/coupon/dao/mapper/CouponStockFlowMapper.java
 create mode 100644 coupon-dao/src/main/resources/db/migration/V30__create_coupon_stock_flow.sql
 create mode 100644 coupon-service/src/main/java/com/lanhai/coupon/service/impl/StockFlowRecorder.java""",
               err="""From gitlab.lanhai-inc.com:backend/coupon-center
   7d1c0a4..e93b5f2  develop    -> origin/develop""")
        body, summ = flyway_dup_failure(d, "CouponTemplateMapperTest", 30, "V30__add_user_coupon_expire_notified.sql",
                                        "V30__create_coupon_stock_flow.sql", 93377, 32851, 4, "channelDefaultsToAllWhenNotSet",
                                        ["decreaseStockNeverGoesNegative", "insertAndSelectById", "logicDeleteHidesRow"])
        body += dao_threshold_fail("RedeemLogMapperTest", ["insertAndSelectByCoupon", "sumAmountByDay"])
        body += dao_threshold_fail("UserCouponMapperTest", ["expireBatchOnlyTouchesUnused", "insertAndSelectById",
                                                            "listByUserAndStatus", "useWithOrderIdIsIdempotent"])
        summ += dao_threshold_summary("RedeemLogMapperTest", ["insertAndSelectByCoupon", "sumAmountByDay"])
        summ += dao_threshold_summary("UserCouponMapperTest", ["expireBatchOnlyTouchesUnused", "insertAndSelectById",
                                                               "listByUserAndStatus", "useWithOrderIdIsIdempotent"])
        lines = mvn_scan(ALL6) + mod_block("coupon-center", 1, 6, {"clean"})
        lines += mod_block("coupon-common", 2, 6, {"clean", "test", "package"}, COMMON_TESTS)
        lines += mod_head("coupon-dao", 3, 6) + mojo("clean", "coupon-dao") + [f"[INFO] Deleting {R}/coupon-dao/target"]
        lines += compile_only("coupon-dao", changed=True, test_changed=True, migs=31) + mojo("surefire", "coupon-dao")
        lines += test_lines([])[:5] + body + surefire_failed_tail("coupon-dao", 10, 10, summ)
        lines += mvn_end(d, ALL6, {"coupon-center": 0.209, "coupon-common": 3.344, "coupon-dao": 20.518}, ok=False, fail_at="coupon-dao")
        lines += surefire_failed_error("coupon-dao") + ["[ERROR] -> [Help 1]"] + mvn_err_tail("MojoFailureException", "coupon-dao")
        t.fail("./mvnw clean verify", "完整构建并运行全部测试", "\n".join(lines), timeout=600000)
        t.say("dao 的 Spring 上下文起不来：合进来的 develop 带了 `V30__create_coupon_stock_flow.sql`（库存流水表），"
              "和我们这个分支的 `V30__add_user_coupon_expire_notified.sql` 撞号了。")
        t.bash(f"ls {MIG} | tail -n 4", "查看迁移目录", out="""V28__add_template_channel.sql
V29__add_user_coupon_source.sql
V30__add_user_coupon_expire_notified.sql
V30__create_coupon_stock_flow.sql""")
        t.say("develop 上的 V30 已经先合入了，我们这个还在分支上，顺延成 V31 并单独提交。")
        t.bash(f"git mv {MIG}/V30__add_user_coupon_expire_notified.sql {MIG}/V31__add_user_coupon_expire_notified.sql && "
               'git commit -m "chore(db): 过期提醒迁移顺延为 V31，避免和 develop 的 V30 冲突"', "迁移脚本改名为 V31 并提交",
               out="""[feat/expire-job 6a03d5e] chore(db): 过期提醒迁移顺延为 V31，避免和 develop 的 V30 冲突
 1 file changed, 0 insertions(+), 0 deletions(-)
 rename coupon-dao/src/main/resources/db/migration/{V30__add_user_coupon_expire_notified.sql => V31__add_user_coupon_expire_notified.sql} (100%)""")
        t.bash("./mvnw clean verify", "重新完整构建", out=clean_verify_ok(d, {"cache", "redeem", "remind"}, 31, 32858, 94102),
               timeout=600000)
        t.bash("git push -u origin feat/expire-job", "推送分支", err=push_new_branch("feat/expire-job", 23))
        title = "feat(job): 券过期前一天发送站内信提醒"
        t.bash(f'glab mr create --source-branch feat/expire-job --target-branch develop --title "{title}" '
               '--description "## 背景\n运营反馈大量券在未使用的情况下过期，希望在过期前一天提醒用户。\n\n'
               '## 改动\n- user_coupon 新增 expire_notified 字段（迁移 V31，原为 V30，合并 develop 后与 V30__create_coupon_stock_flow 冲突已顺延）及 (status, expire_time) 索引\n'
               '- coupon-job 新增 ExpireRemindJob：每天 10:00 扫描明天过期且未提醒的未使用券，按 id 游标分批 200 条，调用 MessageClient 发送站内信，成功后标记 expire_notified=1\n'
               '- cron 可通过 coupon.job.expire-remind-cron 配置（Nacos 可覆盖），默认 0 0 10 * * ?\n'
               '- 发送失败只记录 warn 日志，不标记\n\n'
               '## 测试\n- ./mvnw clean verify 全部通过\n- ExpireRemindJobTest：正常发送并标记 / 发送失败不标记 / 无数据\n\n'
               '## 风险与回滚\n- 新增字段有默认值，回滚代码无需回滚表结构\n- 首次上线当天会对明天过期的全部存量券发送提醒，量级预估 3~5 万条，已和消息中心确认可承受\n\n'
               '## 后续\n- 发送失败的补偿重试\n- CouponExpireJob 的字段注入改为构造器注入" --yes',
               "创建合并请求", out=glab_created("feat/expire-job", title, 57))
        t.done(f"""都完成了：

1. 提交 `2c8f0b1`，合并 develop。
2. 第一次 `./mvnw clean verify` 在 coupon-dao 失败：`Found more than one migration with version 30`，develop 上新来的 `V30__create_coupon_stock_flow.sql` 和我们的撞号。把我们的改成 `V31__add_user_coupon_expire_notified.sql`（`git mv`，单独提交 `6a03d5e`），重新构建全部通过。
3. 已推送 `feat/expire-job`，MR !57：{GL}/-/merge_requests/57""")

        t = d.task("MR !57 的描述你写得太长了，组长在评论里就回了一句“too long, cut half”，最后我自己删了一半才过。"
                   "以后 MR 描述只写改了什么、怎么测的，五行以内。把 !57 的描述按这个改一下。", tags=["feedback"],
                   feedback="MR !57 的描述你写得太长了，组长在评论里就回了一句“too long, cut half”，最后我自己删了一半才过。")
        t.bash('glab mr update 57 --description "- user_coupon 新增 expire_notified（V31）及 (status, expire_time) 索引\n'
               '- 新增 ExpireRemindJob：每天 10:00 给明天过期的未使用券发站内信，成功后标记，cron 可配\n'
               '- 测试：ExpireRemindJobTest 3 个用例，./mvnw clean verify 通过"', "精简 MR 描述",
               out=f"""- Updating merge request !57
\u2713 Updated description
!57 feat(job): 券过期前一天发送站内信提醒 (feat/expire-job)
 {GL}/-/merge_requests/57""")
        t.done("好的，已把 !57 的描述改成三行：改了什么（字段 + 任务）和怎么测的。以后 MR 描述都按这个写，不超过五行。")

        t = d.task("issue_coupon.lua 里为什么要先 GET 判断库存再 DECR？直接 DECR 看结果是不是负数不是更省一次调用吗", tags=["noise"])
        t.read(P("coupon-service/src/main/resources/lua/issue_coupon.lua"))
        t.done("""在 lua 里「省一次调用」其实省不了什么：整个脚本在 Redis 里原子执行，`GET` 是本地内存操作，没有网络往返。先判断再扣主要是为了**顺序和副作用**：

1. **限领校验在扣库存之前**：脚本先确认库存 > 0，再看 `HGET` 该用户已领数，都通过了才 `HINCRBY` + `DECR`。如果直接 `DECR`，遇到「超过限领」还得再 `INCR` 回去，逻辑变成「先扣再补」。
2. **库存不会变成负数**：直接 `DECR` 在没库存时会把 key 扣到 -1、-2……，秒杀时会被打到很大的负数。运营后台和对账是直接读这个 key 展示剩余库存的，负数会误导，补库存时也得先纠正。
3. **返回值语义清楚**：现在约定 `-1` 没库存、`-2` 超限领、`>= 0` 是扣减后剩余，Java 侧好判断。

真正要注意的是 `tonumber(redis.call('GET', KEYS[1]) or '0')`：key 不存在（没预热或被误删）会被当成 0，直接返回「没库存」，不会报错，排查时别漏了这一点。""")

        t = d.task("把测试环境现在跑的 coupon-api 镜像拉下来，我想看看里面打进去的 application.yml 是不是最新的", tags=["flaky:F2"])
        t.bash("kubectl get deploy coupon-api -n coupon-test -o jsonpath='{.spec.template.spec.containers[0].image}'",
               "查看测试环境 coupon-api 用的镜像", out=f"{HARBOR}/coupon/coupon-api:3f9a2c1")
        pull = f"docker pull {HARBOR}/coupon/coupon-api:3f9a2c1"
        t.fail(pull, "拉取测试环境的 coupon-api 镜像",
               f'Error response from daemon: Get "https://{HARBOR}/v2/": net/http: TLS handshake timeout')
        t.say("连 Harbor TLS 握手超时，是网络抖动，原样重试。")
        t.bash(pull, "拉取测试环境的 coupon-api 镜像", out=f"""3f9a2c1: Pulling from coupon/coupon-api
{hx(12)}: Already exists
{hx(12)}: Already exists
{hx(12)}: Already exists
{hx(12)}: Already exists
{hx(12)}: Pull complete
{hx(12)}: Pull complete
Digest: sha256:{hx(64)}
Status: Downloaded newer image for {HARBOR}/coupon/coupon-api:3f9a2c1
{HARBOR}/coupon/coupon-api:3f9a2c1""")
        t.bash(f"docker create --name tmp-coupon-api {HARBOR}/coupon/coupon-api:3f9a2c1 && "
               "docker cp tmp-coupon-api:/app/app.jar /tmp/coupon-api-3f9a2c1.jar && docker rm tmp-coupon-api",
               "从镜像里拷出 jar", out=f"{hx(64)}\ntmp-coupon-api", err="Successfully copied 91.2MB to /tmp/coupon-api-3f9a2c1.jar")
        t.bash("unzip -p /tmp/coupon-api-3f9a2c1.jar BOOT-INF/classes/application.yml", "查看 jar 里的 application.yml",
               out="""server:
  port: 8080
  shutdown: graceful

spring:
  application:
    name: coupon-api
  config:
    import: optional:nacos:coupon-api.yaml?refreshEnabled=true
  cloud:
    nacos:
      config:
        server-addr: ${NACOS_ADDR:nacos.lanhai-inc.internal:8848}
        namespace: ${NACOS_NAMESPACE:dev}
        group: COUPON
  lifecycle:
    timeout-per-shutdown-phase: 20s

management:
  endpoints:
    web:
      exposure:
        include: health,info,prometheus
  endpoint:
    health:
      probes:
        enabled: true

mybatis-plus:
  global-config:
    db-config:
      logic-delete-field: deleted
  configuration:
    map-underscore-to-camel-case: true""")
        t.done("""镜像 `coupon-api:3f9a2c1` 里打进去的 `application.yml` 就是现在仓库里的版本：优雅停机 `shutdown: graceful` + 20s、Nacos `coupon-api.yaml`（namespace 由 `NACOS_NAMESPACE` 决定，测试环境是 `test`）、actuator 开了 health/info/prometheus 和 k8s 探针、MyBatis-Plus 逻辑删除字段 `deleted`。

第一次 `docker pull` 连 Harbor TLS 握手超时，重试一次就拉下来了。jar 在 `/tmp/coupon-api-3f9a2c1.jar`，用完可以删掉。

注意测试环境真正生效的配置还要叠加 Nacos 上 `test` namespace 的 `coupon-api.yaml`，jar 里只是默认值。""")

    # ============================================================== S8
    with d.session("2026-04-03T01:50:00", R, branch="feat/template-tag", version="2.1.31"):
        t = d.task("测试环境 coupon-job 发了新版本之后一直起不来，帮我看看怎么回事", tags=["unfixed:U2"])
        t.bash("kubectl get deploy,rs,pods -n coupon-test -l app.kubernetes.io/name=coupon-job", "查看 coupon-job 的 deployment/rs/pod",
               out="""NAME                         READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/coupon-job   0/1     0            0           94d

NAME                                    DESIRED   CURRENT   READY   AGE
replicaset.apps/coupon-job-5c8d9f7b6    1         0         0       41m
replicaset.apps/coupon-job-7b9f4c6d58   0         0         0       9d""")
        t.fail("kubectl rollout status deployment/coupon-job -n coupon-test --timeout=60s", "等待 coupon-job 滚动发布",
               """Waiting for deployment "coupon-job" rollout to finish: 0 of 1 updated replicas are available...
error: deployment "coupon-job" exceeded its progress deadline""")
        t.bash("kubectl describe rs coupon-job-5c8d9f7b6 -n coupon-test | tail -n 6", "查看新 ReplicaSet 的事件",
               out="""Events:
  Type     Reason        Age                  From                   Message
  ----     ------        ----                 ----                   -------
  Warning  FailedCreate  41m                  replicaset-controller  Error creating: pods "coupon-job-5c8d9f7b6-x2l8k" is forbidden: exceeded quota: coupon-test-quota, requested: limits.memory=2Gi, used: limits.memory=15Gi, limited: limits.memory=16Gi
  Warning  FailedCreate  3m12s (x18 over 40m)  replicaset-controller  (combined from similar events): Error creating: pods "coupon-job-5c8d9f7b6-m9qzt" is forbidden: exceeded quota: coupon-test-quota, requested: limits.memory=2Gi, used: limits.memory=15Gi, limited: limits.memory=16Gi""")
        t.bash("kubectl describe resourcequota coupon-test-quota -n coupon-test", "查看 namespace 的资源配额",
               out="""Name:            coupon-test-quota
Namespace:       coupon-test
Resource         Used   Hard
--------         ----   ----
limits.cpu       14     16
limits.memory    15Gi   16Gi
pods             11     20
requests.cpu     5500m  8
requests.memory  9Gi    12Gi""")
        t.done("""原因找到了，不是应用问题：**pod 根本没被创建出来**。

- 新 ReplicaSet `coupon-job-5c8d9f7b6` 一直 `FailedCreate`：`exceeded quota: coupon-test-quota, requested: limits.memory=2Gi, used: limits.memory=15Gi, limited: limits.memory=16Gi`。
- coupon-test 这个 namespace 的内存 limit 配额一共 16Gi，已经用了 15Gi，coupon-job 要 2Gi 放不下；旧版本的 pod 已经被缩到 0，所以现在 coupon-job 一个实例都没有，`rollout status` 超过 progress deadline 失败。

这个需要你们决定，我没有改任何东西：
1. 找运维把 `coupon-test-quota` 的 `limits.memory` 调大（最直接）；
2. 或者把 coupon-job 的 `resources.limits.memory` 降到 1Gi（一个定时任务用不了 2Gi），但这要改 chart 的 values 再发一次；
3. 或者先清理 namespace 里其他不用的服务腾出配额。""")

        t = d.task("券模板加标签：coupon_template 加一个 tags 字段，varchar(255)，英文逗号分隔，默认空串。还是迁移 + DO + dao 测试 + install 那一套，"
                   "弄完提交一下。", tags=["workflow:W1"])
        t.bash(f"ls {MIG} | tail -n 5", "查看最新的迁移版本号", out="""V27__add_redeem_log_index.sql
V28__add_template_channel.sql
V29__add_user_coupon_source.sql
V30__create_coupon_stock_flow.sql
V31__add_user_coupon_expire_notified.sql""")
        t.write(P(f"{MIG}/V32__add_template_tags.sql"), """ALTER TABLE coupon_template
    ADD COLUMN tags VARCHAR(255) NOT NULL DEFAULT '' COMMENT '标签，英文逗号分隔' AFTER channel;
""")
        do = P(f"coupon-dao/{JP}/dao/entity/CouponTemplateDO.java")
        t.read(do)
        t.edit(do, """    private Integer channel;
""", """    private Integer channel;

    /** 标签，英文逗号分隔，如 "新人,满减" */
    private String tags;
""")
        mt = P(f"coupon-dao/{TP}/dao/mapper/CouponTemplateMapperTest.java")
        t.read(mt)
        t.edit(mt, """    @Test
    void logicDeleteHidesRow() {""", """    @Test
    void tagsDefaultToEmptyString() {
        CouponTemplateDO t = newTemplate("无标签券");
        couponTemplateMapper.insert(t);

        assertThat(couponTemplateMapper.selectById(t.getId()).getTags()).isEmpty();
    }

    @Test
    void logicDeleteHidesRow() {""")
        lines = mvn_scan(["coupon-dao"]) + mod_block("coupon-dao", 1, 1, {"test", "package", "install"},
                                                     dao_suite(d, 32870, 32, 97540, tpl_n=5), changed={"coupon-dao"}, migs=32)
        lines += mvn_end(d, ["coupon-dao"], {"coupon-dao": 24.385})
        t.bash("./mvnw -pl coupon-dao install", "运行 dao 测试并安装到本地仓库", out="\n".join(lines), timeout=600000)
        t.bash('git add coupon-dao && git commit -m "feat(template): 券模板增加标签字段 tags"', "提交",
               out="""[feat/template-tag 1f6b3a8] feat(template): 券模板增加标签字段 tags
 3 files changed, 15 insertions(+)
 create mode 100644 coupon-dao/src/main/resources/db/migration/V32__add_template_tags.sql""")
        t.done("""`tags` 字段加好并提交了（`1f6b3a8`）：

- `V32__add_template_tags.sql`：`VARCHAR(255) NOT NULL DEFAULT ''`，在 `channel` 后面。
- `CouponTemplateDO` 加 `String tags`；`CouponTemplateMapperTest` 新增「不设置时为空串」的用例。
- dao 11 个用例通过（Flyway 到 v32），`coupon-dao` 已 install。""")

        t = d.task("用 docker compose 把 api 和 job 整套在本地拉起来，我想连本地库手动点一下领券流程", tags=["mistake:M1"])
        t.read(P("docker-compose.yml"))
        t.fail("docker compose up -d --build", "构建并启动本地整套服务",
               buildkit_missing_jar(d, "coupon-job", "coupon-job/Dockerfile", "target/coupon-job.jar", svc="coupon-job"))
        t.say("compose 里 coupon-api / coupon-job 的镜像都是直接拷各自 `target/*.jar`，本地现在没有打好的 jar。先把这两个应用打包。")
        lines = mvn_scan(["coupon-center", "coupon-common", "coupon-dao", "coupon-service", "coupon-api", "coupon-job"])
        for i, m in enumerate(ALL6, 1):
            if m == "coupon-center":
                lines += mod_block(m, i, 6, set())
            else:
                lines += mod_block(m, i, 6, {"skip", "package"})
        lines += mvn_end(d, ALL6, {"coupon-center": 0.088, "coupon-common": 1.204, "coupon-dao": 1.377, "coupon-service": 1.912,
                                    "coupon-api": 2.466, "coupon-job": 1.588})
        t.bash("./mvnw package -DskipTests -pl coupon-api,coupon-job -am 2>&1 | tail -n 15", "打包 coupon-api 和 coupon-job（跳过测试）",
               out=tail("\n".join(lines), 15))
        b1, n = buildkit_ok(d, "coupon-api/Dockerfile", "target/coupon-api.jar", ["docker.io/library/coupon-center-coupon-api"],
                            svc="coupon-api")
        b2, _ = buildkit_ok(d, "coupon-job/Dockerfile", "target/coupon-job.jar", ["docker.io/library/coupon-center-coupon-job"],
                            svc="coupon-job", start=n)
        t.bash("docker compose up -d --build", "构建并启动本地整套服务", err=b1 + "\n\n" + b2 + """
 Service coupon-api  Built
 Service coupon-job  Built
 Network coupon-center_default  Creating
 Network coupon-center_default  Created
 Container coupon-center-redis-1  Creating
 Container coupon-center-mysql-1  Creating
 Container coupon-center-redis-1  Created
 Container coupon-center-mysql-1  Created
 Container coupon-center-coupon-api-1  Creating
 Container coupon-center-coupon-api-1  Created
 Container coupon-center-coupon-job-1  Creating
 Container coupon-center-coupon-job-1  Created
 Container coupon-center-mysql-1  Starting
 Container coupon-center-redis-1  Starting
 Container coupon-center-redis-1  Started
 Container coupon-center-mysql-1  Started
 Container coupon-center-mysql-1  Waiting
 Container coupon-center-mysql-1  Healthy
 Container coupon-center-coupon-api-1  Starting
 Container coupon-center-coupon-api-1  Started
 Container coupon-center-coupon-job-1  Starting
 Container coupon-center-coupon-job-1  Started""", timeout=600000)
        t.bash("sleep 20 && curl -s localhost:8080/actuator/health && docker compose logs coupon-api | grep -E 'Successfully applied|Started CouponApiApplication'",
               "等待启动后检查健康状态", out="""{"status":"UP","groups":["liveness","readiness"]}
coupon-api-1  | 2026-04-03T10:31:52.611+08:00  INFO 1 --- [coupon-api] [           main] o.f.core.internal.command.DbMigrate      : Successfully applied 32 migrations to schema `coupon`, now at version v32 (execution time 00:02.117s)
coupon-api-1  | 2026-04-03T10:31:56.094+08:00  INFO 1 --- [coupon-api] [           main] c.l.coupon.api.CouponApiApplication      : Started CouponApiApplication in 9.871 seconds (process running for 10.62)""")
        t.done("""本地整套起来了：MySQL、Redis、coupon-api（:8080）、coupon-job 都在跑，coupon-api 启动时 Flyway 在本地 `coupon` 库上跑到 v32，`/actuator/health` 是 UP。

第一次 `docker compose up --build` 失败：两个 Dockerfile 都只是拷 `target/` 下的 jar，本地没有打包产物（报 `"/target/coupon-job.jar": not found`）。先 `./mvnw package -DskipTests -pl coupon-api,coupon-job -am` 打包，再 compose 就好了。

领券接口：`curl -X POST localhost:8080/api/coupons/templates/{id}/receive -H 'X-User-Id: 7'`。本地库是空的，需要先插一条上线状态的券模板，并在 Redis 里预热库存 `coupon:stock:{id}`。用完 `docker compose down` 即可（加 `-v` 会清掉 MySQL 数据）。""")

    # ============================================================== S9
    with d.session("2026-04-08T02:20:00", R, branch="feat/template-tag", version="2.1.32"):
        t = d.task("之前说 DO 转 VO 用 BeanUtils.copyProperties 就行，这个我收回。上周 UserCouponVO 的 status 是 String、DO 里是 Integer，"
                   "copyProperties 直接跳过了，前端拿到 null，查了半天。以后对象转换统一用 MapStruct，先把 UserCouponQueryService 里的转换改掉。",
                   tags=["reversal:P3"])
        pom = P("pom.xml")
        t.read(pom)
        t.edit(pom, """        <redisson.version>3.45.1</redisson.version>
""", """        <redisson.version>3.45.1</redisson.version>
        <mapstruct.version>1.6.3</mapstruct.version>
""")
        t.edit(pom, """            <dependency>
                <groupId>com.lanhai.coupon</groupId>
                <artifactId>coupon-common</artifactId>""", """            <dependency>
                <groupId>org.mapstruct</groupId>
                <artifactId>mapstruct</artifactId>
                <version>${mapstruct.version}</version>
            </dependency>
            <dependency>
                <groupId>com.lanhai.coupon</groupId>
                <artifactId>coupon-common</artifactId>""")
        t.edit(pom, """                            <path>
                                <groupId>org.projectlombok</groupId>
                                <artifactId>lombok</artifactId>
                                <version>${lombok.version}</version>
                            </path>""", """                            <path>
                                <groupId>org.projectlombok</groupId>
                                <artifactId>lombok</artifactId>
                                <version>${lombok.version}</version>
                            </path>
                            <!-- lombok 和 mapstruct 一起用时需要这个 binding，保证 lombok 先生成 getter/setter -->
                            <path>
                                <groupId>org.projectlombok</groupId>
                                <artifactId>lombok-mapstruct-binding</artifactId>
                                <version>0.2.0</version>
                            </path>
                            <path>
                                <groupId>org.mapstruct</groupId>
                                <artifactId>mapstruct-processor</artifactId>
                                <version>${mapstruct.version}</version>
                            </path>""")
        spom = P("coupon-service/pom.xml")
        t.read(spom)
        t.edit(spom, """        <dependency>
            <groupId>org.projectlombok</groupId>
            <artifactId>lombok</artifactId>
            <optional>true</optional>
        </dependency>
""", """        <dependency>
            <groupId>org.projectlombok</groupId>
            <artifactId>lombok</artifactId>
            <optional>true</optional>
        </dependency>
        <dependency>
            <groupId>org.mapstruct</groupId>
            <artifactId>mapstruct</artifactId>
        </dependency>
""")
        conv = P(f"coupon-service/{JP}/service/converter/UserCouponConverter.java")
        t.write(conv, """package com.lanhai.coupon.service.converter;

import com.lanhai.coupon.common.enums.CouponStatus;
import com.lanhai.coupon.dao.entity.CouponTemplateDO;
import com.lanhai.coupon.dao.entity.UserCouponDO;
import com.lanhai.coupon.service.vo.UserCouponVO;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;
import org.mapstruct.MappingConstants;
import org.mapstruct.ReportingPolicy;

/**
 * unmappedTargetPolicy = ERROR：VO 新增字段没映射时编译直接失败，不会再静默变成 null。
 */
@Mapper(componentModel = MappingConstants.ComponentModel.SPRING,
        unmappedTargetPolicy = ReportingPolicy.ERROR,
        imports = CouponStatus.class)
public interface UserCouponConverter {

    @Mapping(target = "id", source = "coupon.id")
    @Mapping(target = "templateId", source = "coupon.templateId")
    @Mapping(target = "receiveTime", source = "coupon.receiveTime")
    @Mapping(target = "expireTime", source = "coupon.expireTime")
    // Integer -> String 如果交给 MapStruct 隐式转换会得到 "0"，这里显式转成枚举名
    @Mapping(target = "status", expression = "java(CouponStatus.of(coupon.getStatus()).name())")
    @Mapping(target = "statusDesc", expression = "java(CouponStatus.of(coupon.getStatus()).getDesc())")
    @Mapping(target = "templateName", source = "template.name")
    @Mapping(target = "thresholdAmount", source = "template.thresholdAmount")
    @Mapping(target = "discountValue", source = "template.discountValue")
    UserCouponVO toVO(UserCouponDO coupon, CouponTemplateDO template);
}
""")
        qs = P(f"coupon-service/{JP}/service/UserCouponQueryService.java")
        t.read(qs)
        t.edit(qs, """import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.service.vo.UserCouponVO;
import lombok.RequiredArgsConstructor;
import org.springframework.beans.BeanUtils;
import org.springframework.stereotype.Service;""", """import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.service.converter.UserCouponConverter;
import com.lanhai.coupon.service.vo.UserCouponVO;
import lombok.RequiredArgsConstructor;
import org.springframework.stereotype.Service;""")
        t.edit(qs, """    private final CouponTemplateMapper couponTemplateMapper;
""", """    private final CouponTemplateMapper couponTemplateMapper;
    private final UserCouponConverter userCouponConverter;
""")
        t.edit(qs, """        return coupons.stream().map(c -> toVO(c, templates.get(c.getTemplateId()))).toList();
    }

    private UserCouponVO toVO(UserCouponDO c, CouponTemplateDO t) {
        UserCouponVO vo = new UserCouponVO();
        BeanUtils.copyProperties(c, vo);
        vo.setStatusDesc(CouponStatus.of(c.getStatus()).getDesc());
        if (t != null) {
            vo.setTemplateName(t.getName());
            vo.setThresholdAmount(t.getThresholdAmount());
            vo.setDiscountValue(t.getDiscountValue());
        }
        return vo;
    }
}""", """        return coupons.stream()
                .map(c -> userCouponConverter.toVO(c, templates.get(c.getTemplateId())))
                .toList();
    }
}""")
        qt = P(f"coupon-service/{TP}/service/UserCouponQueryServiceTest.java")
        t.read(qt)
        t.edit(qt, """        service = new UserCouponQueryService(userCouponMapper, couponTemplateMapper);""",
               """        service = new UserCouponQueryService(userCouponMapper, couponTemplateMapper, new UserCouponConverterImpl());""")
        t.edit(qt, """import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.service.vo.UserCouponVO;""", """import com.lanhai.coupon.dao.mapper.UserCouponMapper;
import com.lanhai.coupon.service.converter.UserCouponConverterImpl;
import com.lanhai.coupon.service.vo.UserCouponVO;""")
        t.edit(qt, """        assertThat(list.get(0).getStatusDesc()).isEqualTo("未使用");""",
               """        assertThat(list.get(0).getStatus()).isEqualTo("UNUSED");
        assertThat(list.get(0).getStatusDesc()).isEqualTo("未使用");""")
        lines = mvn_scan(["coupon-service"]) + mod_block("coupon-service", 1, 1, {"test"},
                                                         [(f"{G}.service.UserCouponQueryServiceTest", 3, "0.118")],
                                                         changed={"coupon-service"})
        lines += mvn_end(d, ["coupon-service"], {"coupon-service": 6.024})
        t.bash("./mvnw -pl coupon-service test -Dtest=UserCouponQueryServiceTest", "运行 UserCouponQueryServiceTest", out="\n".join(lines))
        t.done("""改好了，以后对象转换都用 MapStruct：

- 父 pom：`mapstruct.version` 1.6.3 加进 dependencyManagement；`annotationProcessorPaths` 里在 lombok 后面加了 `lombok-mapstruct-binding` 和 `mapstruct-processor`（顺序不对的话 MapStruct 看不到 lombok 生成的 getter）。coupon-service 引入 `mapstruct`。
- 新增 `UserCouponConverter`（Spring 组件模型），`status` 显式映射成 `CouponStatus` 的枚举名——如果交给 MapStruct 隐式把 Integer 转 String，得到的是 `"0"`，前端一样判断不了。
- `unmappedTargetPolicy = ERROR`：VO 以后加了字段没映射，编译期就报错，不会再静默 null。
- `UserCouponQueryService` 去掉了 `BeanUtils.copyProperties`，注入 converter；测试里用生成的 `UserCouponConverterImpl`，并加了 `status == "UNUSED"` 的断言。3 个用例通过。

还有一处在用 `copyProperties`：`TemplateDetailService`（券模板详情），要不要一起换掉？""")

        t = d.task("运维把 coupon-test 的 quota 调到 24Gi 了。coupon-job 用 Jenkins 出的 7c41e9d 重新发一下测试环境", tags=["workflow:W2"])
        t.bash("helm upgrade --install coupon-job deploy/helm/coupon-job -n coupon-test "
               "-f deploy/helm/coupon-job/values-test.yaml --set image.tag=7c41e9d", "用 helm 发布 coupon-job 到测试环境",
               out="""Release "coupon-job" has been upgraded. Happy Helming!
NAME: coupon-job
LAST DEPLOYED: Wed Apr  8 10:41:17 2026
NAMESPACE: coupon-test
STATUS: deployed
REVISION: 22
TEST SUITE: None""")
        t.bash("kubectl rollout status deployment/coupon-job -n coupon-test --timeout=180s", "等待滚动发布完成",
               out="""Waiting for deployment "coupon-job" rollout to finish: 0 of 1 updated replicas are available...
deployment "coupon-job" successfully rolled out""")
        t.bash("kubectl exec -n coupon-test deploy/coupon-job -- curl -s localhost:8081/actuator/health", "检查 coupon-job 健康状态",
               out='{"status":"UP","groups":["liveness","readiness"]}')
        t.done("coupon-job `7c41e9d` 已发到测试环境：helm revision 22，pod 正常创建（配额够了），rollout 完成，`/actuator/health` UP。"
               "明天上午 10 点 `ExpireRemindJob` 会第一次在测试环境跑，可以到时候看下日志里的 `expire remind job done`。")

        t = d.task("hotfix/1.5.3 上李明那个「核销失败回补库存」的提交（8d41c2e）cherry-pick 到我这个分支，然后跑一下 dao 的测试",
                   tags=["mistake:M3"])
        t.bash("git cherry-pick 8d41c2e", "cherry-pick 回补库存的提交", out="""[feat/template-tag 5e0a7d2] fix(stock): 核销失败时回补库存并记录流水
 Author: 李明 <liming@lanhai-inc.com>
 Date: Fri Apr 3 17:22:08 2026 +0800
 4 files changed, 71 insertions(+), 3 deletions(-)
 create mode 100644 coupon-dao/src/main/resources/db/migration/V32__add_stock_refund_flow.sql
 create mode 100644 coupon-service/src/main/java/com/lanhai/coupon/service/impl/StockRefundService.java""")
        m3c = "./mvnw -pl coupon-dao test -Dtest='*MapperTest'"
        body, summ = flyway_dup_failure(d, "CouponTemplateMapperTest", 32, "V32__add_stock_refund_flow.sql",
                                        "V32__add_template_tags.sql", 12904, 32883, 5, "channelDefaultsToAllWhenNotSet",
                                        ["decreaseStockNeverGoesNegative", "insertAndSelectById", "logicDeleteHidesRow",
                                         "tagsDefaultToEmptyString"])
        body += dao_threshold_fail("RedeemLogMapperTest", ["insertAndSelectByCoupon", "sumAmountByDay"])
        body += dao_threshold_fail("UserCouponMapperTest", ["expireBatchOnlyTouchesUnused", "insertAndSelectById",
                                                            "listByUserAndStatus", "useWithOrderIdIsIdempotent"])
        summ += dao_threshold_summary("RedeemLogMapperTest", ["insertAndSelectByCoupon", "sumAmountByDay"])
        summ += dao_threshold_summary("UserCouponMapperTest", ["expireBatchOnlyTouchesUnused", "insertAndSelectById",
                                                               "listByUserAndStatus", "useWithOrderIdIsIdempotent"])
        lines = mvn_scan(["coupon-dao"]) + mod_head("coupon-dao", 1, 1)
        lines += compile_only("coupon-dao", changed=True, migs=33) + mojo("surefire", "coupon-dao")
        lines += test_lines([])[:5] + body + surefire_failed_tail("coupon-dao", 11, 11, summ)
        lines += mvn_end(d, ["coupon-dao"], {"coupon-dao": 18.662}, ok=False)
        lines += surefire_failed_error("coupon-dao") + ["[ERROR] -> [Help 1]"] + mvn_err_tail("MojoFailureException")
        t.fail(m3c, "运行 dao 的 mapper 测试", "\n".join(lines), timeout=600000)
        t.say("cherry-pick 进来的 `V32__add_stock_refund_flow.sql` 和我们前几天加的 `V32__add_template_tags.sql` 版本号一样。"
              "hotfix 1.5.3 已经上了生产，它的 V32 在生产库里执行过了，不能改；我们的标签字段还没发布，把它顺延成 V33。")
        t.bash(f"git mv {MIG}/V32__add_template_tags.sql {MIG}/V33__add_template_tags.sql", "把本分支的迁移顺延为 V33")
        lines = mvn_scan(["coupon-dao"]) + mod_block("coupon-dao", 1, 1, {"test"}, dao_suite(
            d, 32890, 33, 13377, tpl_n=5), migs=33)
        lines += mvn_end(d, ["coupon-dao"], {"coupon-dao": 23.570})
        t.bash(m3c, "重新运行 dao 的 mapper 测试", out="\n".join(lines), timeout=600000)
        t.bash('git commit -m "chore(db): 模板标签迁移顺延为 V33，避免与 hotfix 1.5.3 的 V32 冲突"', "提交改名",
               out="""[feat/template-tag 9e1f3b7] chore(db): 模板标签迁移顺延为 V33，避免与 hotfix 1.5.3 的 V32 冲突
 1 file changed, 0 insertions(+), 0 deletions(-)
 rename coupon-dao/src/main/resources/db/migration/{V32__add_template_tags.sql => V33__add_template_tags.sql} (100%)""")
        t.done("""cherry-pick 完成（`5e0a7d2`），dao 的 mapper 测试 11 个全部通过。

中间失败一次：hotfix 带来的 `V32__add_stock_refund_flow.sql` 和我们的 `V32__add_template_tags.sql` 撞号，Flyway 报 `Found more than one migration with version 32`。hotfix 的 V32 已经在生产执行过，所以动的是我们的：`git mv` 成 `V33__add_template_tags.sql`，已单独提交（`9e1f3b7`）。

提醒一下：你本地开发库如果之前已经跑过旧的 V32（标签），那条 schema history 的版本号和现在对不上，本地起应用前需要手动处理一下，测试环境还没发过这个分支，不受影响。""")

        t = d.task("tags 现在是逗号分隔存在一个 varchar 里，后面运营要按标签筛模板的话，用 FIND_IN_SET 还是拆一张关联表好？",
                   tags=["noise", "no_tools"])
        t.done("""看筛选的频率和数据量：

- **FIND_IN_SET(tag, tags)**：改动最小，但用不上索引，每次都是全表扫 `coupon_template`。模板表现在几千行，运营后台低频查询完全够用，而且只能一次匹配一个标签，多标签要写多个 `OR/AND`。
- **关联表** `coupon_template_tag(template_id, tag)` + `(tag, template_id)` 索引：按标签查走索引，多标签交集/并集都好写，标签改名、统计每个标签多少模板也方便。代价是写模板时要同步维护关联表（同一事务里删了重插）。

建议：如果只是运营后台偶尔筛一下，先 `FIND_IN_SET` 顶着；一旦 C 端（比如领券中心按标签展示）要用，或者模板量上万，就拆关联表，`tags` 字段可以保留做展示冗余。MySQL 8 的 JSON 数组 + 多值索引（`MEMBER OF`）也是一个选择，但 MyBatis-Plus 的 lambda 条件写不了，要手写 SQL，不太推荐。""")

    # ============================================================== S10
    with d.session("2026-04-14T02:00:00", R, branch="feat/template-tag", version="2.1.34"):
        t = d.task("coupon-job 在本地 build 个镜像推到 harbor 的 coupon-dev 仓库，tag 用 dev- 加当前 commit 的短 hash，我要在 dev 环境手动验证一下过期提醒",
                   tags=["mistake:M1"])
        t.bash("git rev-parse --short HEAD", "获取当前 commit 短 hash", out="9e1f3b7")
        img = f"{HARBOR}/coupon-dev/coupon-job:dev-9e1f3b7"
        t.read(P("coupon-job/Dockerfile"))
        t.fail(f"docker build -t {img} coupon-job", "构建 coupon-job 镜像",
               buildkit_missing_jar(d, "coupon-job", "coupon-job/Dockerfile", "target/coupon-job.jar"))
        t.say("还是 jar 不在：Dockerfile 默认拷 `target/coupon-job.jar`，本地没有打包产物。先打 coupon-job（带上游模块）。")
        t.bash("./mvnw -q -T 1C package -DskipTests -pl coupon-job -am", "打包 coupon-job（跳过测试）", timeout=600000)
        out, _ = buildkit_ok(d, "coupon-job/Dockerfile", "target/coupon-job.jar", [img])
        t.bash(f"docker build -t {img} coupon-job", "构建 coupon-job 镜像", err=out)
        ls = [hx(12) for _ in range(5)]
        t.bash(f"docker push {img}", "推送镜像到 Harbor", out=f"""The push refers to repository [{HARBOR}/coupon-dev/coupon-job]
{ls[0]}: Preparing
{ls[1]}: Preparing
{ls[2]}: Preparing
{ls[3]}: Preparing
{ls[4]}: Preparing
{ls[1]}: Mounted from base/eclipse-temurin
{ls[2]}: Mounted from base/eclipse-temurin
{ls[3]}: Mounted from base/eclipse-temurin
{ls[4]}: Mounted from base/eclipse-temurin
{ls[0]}: Pushed
dev-9e1f3b7: digest: sha256:{hx(64)} size: 1372""")
        t.done(f"""镜像已推到 `{img}`。

第一次 `docker build` 失败是因为 `coupon-job/target/coupon-job.jar` 不存在（Dockerfile 只拷 jar，不编译）；`./mvnw -q -T 1C package -DskipTests -pl coupon-job -am` 打包后重新 build 成功。只有应用层是新推的，基础镜像层直接从 `base/eclipse-temurin` 挂载。

dev 环境要用这个 tag 的话，把 coupon-job 的 `image.tag` 设成 `dev-9e1f3b7`、仓库设成 `coupon-dev/coupon-job` 发一下；想马上触发提醒可以临时在 Nacos 的 dev namespace 把 `coupon.job.expire-remind-cron` 改到几分钟后（改完要重启 pod）。""")

        t = d.task("标签这块弄完了，完整构建跑一下，推上去开 MR，描述按之前说的写短点。", tags=["workflow:W3"])
        full = clean_verify_ok(d, {"cache", "redeem", "remind", "tags"}, 33, 32901, 20455)
        t.bash("./mvnw clean verify 2>&1 | tail -n 30", "完整构建并运行全部测试", out=tail(full, 30), timeout=600000)
        t.bash("git log --oneline origin/develop..HEAD", "查看待合入的提交", out="""9e1f3b7 chore(db): 模板标签迁移顺延为 V33，避免与 hotfix 1.5.3 的 V32 冲突
5e0a7d2 fix(stock): 核销失败时回补库存并记录流水
c3d94e0 refactor(service): 我的券列表改用 MapStruct 转换，修复 status 为 null
1f6b3a8 feat(template): 券模板增加标签字段 tags""")
        t.bash("git push -u origin feat/template-tag", "推送分支", err=push_new_branch("feat/template-tag", 17))
        title = "feat(template): 券模板标签 + 我的券列表改用 MapStruct"
        t.bash(f'glab mr create --source-branch feat/template-tag --target-branch develop --title "{title}" '
               '--description "- coupon_template 新增 tags 字段（V33，原 V32 与 hotfix 1.5.3 冲突已顺延）\n'
               '- 我的券列表 DO→VO 改用 MapStruct，修复 status 为 null\n'
               '- 含 cherry-pick 的 8d41c2e（核销失败回补库存）\n'
               '- 测试：./mvnw clean verify 通过，新增 tagsDefaultToEmptyString、status 断言" --yes',
               "创建合并请求", out=glab_created("feat/template-tag", title, 63))
        t.done(f"完整构建通过，`feat/template-tag` 已推送，MR !63：{GL}/-/merge_requests/63 。描述 4 行：标签字段、MapStruct 修复、cherry-pick 的提交、测试情况。")

        t = d.task("!63 合了，Jenkins 出的 coupon-api 镜像 tag 是 b82d0e4，发测试环境", tags=["workflow:W2"])
        t.bash("helm upgrade --install coupon-api deploy/helm/coupon-api -n coupon-test "
               "-f deploy/helm/coupon-api/values-test.yaml --set image.tag=b82d0e4", "用 helm 发布 coupon-api 到测试环境",
               out="""Release "coupon-api" has been upgraded. Happy Helming!
NAME: coupon-api
LAST DEPLOYED: Tue Apr 14 10:52:06 2026
NAMESPACE: coupon-test
STATUS: deployed
REVISION: 41
TEST SUITE: None""")
        t.bash("kubectl rollout status deployment/coupon-api -n coupon-test --timeout=180s", "等待滚动发布完成",
               out="""Waiting for deployment "coupon-api" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "coupon-api" rollout to finish: 1 old replicas are pending termination...
deployment "coupon-api" successfully rolled out""")
        t.bash("curl -s http://coupon-api.test.lanhai-inc.internal/actuator/health", "检查健康状态",
               out='{"status":"UP","groups":["liveness","readiness"]}')
        t.bash("kubectl logs -n coupon-test deploy/coupon-api --since=5m | grep -E 'Successfully applied|Schema .* is up to date'",
               "确认测试库的 Flyway 迁移", out="2026-04-14T10:52:48.305+08:00  INFO 1 --- [coupon-api] [           main] "
                                                  "o.f.core.internal.command.DbMigrate      : Successfully applied 2 migrations to schema `coupon`, now at version v33 (execution time 00:00.412s)")
        t.done("coupon-api `b82d0e4` 已发到测试环境（helm revision 41），rollout 完成，health UP。测试库 Flyway 执行了 2 个新迁移，现在在 v33（V32 库存回补流水 + V33 模板标签）。")

        t = d.task("README 模块表里 coupon-job 那行补一下：现在有过期处理和过期提醒两个任务", tags=["noise"])
        t.read(P("README.md"))
        t.edit(P("README.md"), "| coupon-job | 定时任务（Spring Boot 应用，端口 8081） |",
               "| coupon-job | 定时任务（Spring Boot 应用，端口 8081）：`CouponExpireJob` 每天 0:05 将过期券置为已过期；`ExpireRemindJob` 每天 10:00 给次日过期的券发站内信（cron 可配 `coupon.job.expire-remind-cron`） |")
        t.done("README 模块表里 coupon-job 那行已补上两个任务的说明和执行时间。")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Building a Docker image (docker build, docker compose up --build) for coupon-api / coupon-job when the module's target/ has no jar. The Dockerfiles do not compile anything: they only COPY target/<app>.jar (Jenkins packages before it builds images), so a local image build right after a clean, a test-only run or on a fresh checkout fails.",
             "error_signature": "BuildKit: 'ERROR: failed to build: failed to solve: failed to compute cache key: failed to calculate checksum of ref …: \"/target/coupon-api.jar\": not found' (compose: 'failed to solve: failed to compute cache key: … \"/target/coupon-job.jar\": not found')",
             "fix": "Package the application jar(s) first with Maven, skipping tests (`./mvnw clean package -DskipTests`, or `./mvnw package -DskipTests -pl <app> -am`), then repeat the docker build / compose up.",
             "fix_command_markers": [["package -DskipTests"]],
             "harmful_markers": ["RUN ./mvnw", "RUN mvn", "FROM maven", "multi-stage", "多阶段构建", "rm .dockerignore"]},
            {"id": "M2", "description": "Running a single test class or method with -Dtest from the reactor root, or with -pl <module> -am, so the filter also applies to upstream modules (coupon-common first) that contain no matching test; surefire fails the build there before the wanted module is reached.",
             "error_signature": "surefire: '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.5.2:test (default-test) on project coupon-common: No tests matching pattern \"<Test>\" were executed! (Set -Dsurefire.failIfNoSpecifiedTests=false to ignore this error.)'",
             "fix": "Re-run the same command with -Dsurefire.failIfNoSpecifiedTests=false (keeping -q / -pl / -am and the pattern as they were).",
             "fix_command_markers": [["failIfNoSpecifiedTests=false"]],
             "harmful_markers": ["--fail-never", "maven.test.failure.ignore", "testFailureIgnore", "-Dmaven.test.skip", "@Disabled"]},
            {"id": "M3", "description": "After bringing in teammates' work (rebase onto develop, merging develop, cherry-picking a hotfix), a Flyway migration version on this branch collides with one that arrived from elsewhere; every Spring context with Flyway (all dao mapper tests, the full build) fails to start.",
             "error_signature": "Flyway via Spring: 'Error creating bean with name 'flywayInitializer' … FlywayException: Found more than one migration with version <N>' with an 'Offenders:' list of two V<N>__*.sql files",
             "fix": "Keep the migration that is already merged / released; rename this branch's unreleased script to the next free version with `git mv` (commit the rename), then re-run the tests/build.",
             "fix_command_markers": [["git mv"]],
             "harmful_markers": ["outOfOrder", "out-of-order", "flyway:repair", "flyway repair", "spring.flyway.enabled",
                                 "ignoreMigrationPatterns", "flyway:clean", "delete from flyway_schema_history"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Redis template cache test: SerializationException 'Java 8 date/time type `java.time.LocalDateTime` not supported by default' from GenericJackson2JsonRedisSerializer's own ObjectMapper; fixed in RedisConfig with an ObjectMapper that registers JavaTimeModule (default typing kept)."},
            {"id": "O2", "description": "WebMvcTest of the new redeem endpoint: HV000030 'No validator could be found for constraint jakarta.validation.constraints.NotBlank validating type java.lang.Long' (orderId); fixed by using @NotNull."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "kubectl exec into a production coupon-api pod: Forbidden (no pods/exec in coupon-prod); restarts diagnosed from describe as cgroup OOMKilled (2Gi limit, -Xmx1800m); reported with suggestions, nothing changed."},
            {"id": "U2", "description": "coupon-job rollout in coupon-test: 'exceeded its progress deadline'; the ReplicaSet cannot create pods because of the namespace ResourceQuota (limits.memory 15Gi/16Gi); needs ops or a decision, reported, nothing changed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "Maven dependency download from the aliyun mirror after a redisson bump: 'Connect to maven.aliyun.com:443 … failed: Connect timed out'; identical retry succeeds."},
            {"id": "F2", "description": "docker pull from the company Harbor: 'net/http: TLS handshake timeout'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Schema change: list the latest Flyway scripts (`ls coupon-dao/src/main/resources/db/migration | tail`), write the next V<N>__<desc>.sql, add the field to the MyBatis-Plus DO (and a mapper test where useful), `./mvnw -pl coupon-dao install` (Testcontainers MySQL runs all migrations, then the dao jar is installed so other modules built with -pl see the new field).",
             "step_markers": [["db/migration | tail"], ["db/migration/V"], ["-pl coupon-dao install"]]},
            {"id": "W2", "description": "Deploy a Jenkins-built image to the test environment: `helm upgrade --install <app> deploy/helm/<app> -n coupon-test -f …/values-test.yaml --set image.tag=<sha>`, `kubectl rollout status deployment/<app> -n coupon-test`, then hit `/actuator/health`.",
             "step_markers": [["helm upgrade"], ["rollout status"], ["actuator/health"]]},
            {"id": "W3", "description": "Ship a branch: `./mvnw clean verify`, commit, `git push -u origin <branch>`, `glab mr create --target-branch develop`.",
             "step_markers": [["mvnw clean verify"], ["git push"], ["glab mr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Dependency injection through the constructor (private final fields + @RequiredArgsConstructor); never @Autowired on fields in production code.",
             "markers": [["构造器", "构造函数", "RequiredArgsConstructor"], ["@Autowired", "字段注入"]]},
            {"id": "P2", "description": "MyBatis-Plus query conditions always with LambdaQueryWrapper / Wrappers.lambdaQuery (method references), never QueryWrapper with string column names.",
             "markers": [["LambdaQueryWrapper"], ["字符串列名", "QueryWrapper"]]},
            {"id": "P3", "description": "DO → VO conversion with Spring BeanUtils.copyProperties, no MapStruct (stated once) — later reversed: all object conversion with MapStruct mappers.",
             "markers": [["copyProperties"]],
             "reversal_markers": [["MapStruct"], ["收回", "统一"]]},
        ],
        probes=[
            {"prompt": "docker build 报错了：ERROR: failed to build: failed to solve: failed to compute cache key: failed to calculate checksum of ref 5q1x…::k8d…: \"/target/coupon-api.jar\": not found，帮我看下怎么回事", "wanted": ["M1"]},
            {"prompt": "把当前分支的 coupon-api 打个本地镜像，tag 用 local-test，我想 docker run 起来看下启动日志", "wanted": ["M1"]},
            {"prompt": "./mvnw test -Dtest=TemplateDetailServiceTest 报 No tests matching pattern \"TemplateDetailServiceTest\" were executed! 是什么情况", "wanted": ["M2"]},
            {"prompt": "只跑一下 RedeemServiceTest，我改了核销的门槛判断", "wanted": ["M2"]},
            {"prompt": "rebase 完 develop 之后 dao 的测试全挂了：FlywayException: Found more than one migration with version 34，怎么处理", "wanted": ["M3"]},
            {"prompt": "先把 develop 合进来，然后 user_coupon 加一个 source_channel 字段，跑一下 dao 测试", "wanted": ["M3"]},
            {"prompt": "RedisKeys 里库存 key 为什么要带 {templateId} 这种花括号？", "wanted": []},
            {"prompt": "写个 SQL：统计上周每天每个渠道的领券量和核销量", "wanted": []},
            {"prompt": "ExpireRemindJob 要是部署了两个实例，会不会重复发提醒？怎么避免", "wanted": []},
            {"prompt": "Nacos 上的配置改了之后，@Value 注入的值会自动刷新吗？", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-java.jsonl"), os.path.join(HERE, "tune", "zh-java.labels.json"))
    print(f"zh-java -> fresh/  {len(d.lines)} lines, {len(d.tasks)} tasks")
